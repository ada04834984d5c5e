/* misc.c — small runtime helpers the VM calls for less common opcodes:
 * intrinsics (type aliases), class-body annotations, pattern-matching
 * support, t-string templates, and `open` (which needs a filesystem the
 * interpreter is not given yet).
 *
 * Must never: touch the host filesystem.
 */
#include <string.h>

#include "py/core.h"
#include "py/opcode.h"

/* ---- type X = ... ----------------------------------------------------------------- */
py_val py_intrinsic(py_interp *I, int which, py_val v)
{
    switch (which) {
    case INTR_TYPEALIAS: {
        /* v = (name, evaluator[, type_params]) -> TypeAliasType with a lazy __value__ */
        py_val tp = py_tuple_len(v) > 2 ? py_tuple_items(v)[2] : PY_NULL;
        return py_typealias_new(I, py_tuple_items(v)[0], PY_NULL, py_tuple_items(v)[1], tp);
    }
    case INTR_TYPEVAR:
    case INTR_PARAMSPEC:
    case INTR_TYPEVARTUPLE:
        return py_typevar_new(I, which - INTR_TYPEVAR, v, 1);
    default:
        return py_err_str(I, PY_E_SystemError, "unknown intrinsic");
    }
}

py_val py_store_annotation(py_interp *I, py_val ns, py_val name, py_val ann)
{
    py_val d = py_is_dict(ns) ? py_dict_get_str(I, ns, PY_ID(I, __annotations__)) : PY_NULL;
    if (!d) {
        d = py_dict_new(I);
        if (!d) return PY_NULL;
        int r = py_is_dict(ns) ? py_dict_set(I, ns, PY_ID(I, __annotations__), d) : py_setitem(I, ns, PY_ID(I, __annotations__), d);
        py_decref(I, d);
        if (r) return PY_NULL;
        d = py_dict_get_str(I, ns, PY_ID(I, __annotations__));
    }
    if (py_dict_set(I, d, name, ann)) return PY_NULL;
    return PY_NONE;
}

/* ---- match ----------------------------------------------------------------------------- */
int py_is_mapping_for_match(py_interp *I, py_val v)
{
    if (py_is_dict(v)) return 1;
    if (!py_is_ptr(v)) return 0;
    py_val k = py_getattr_opt(I, v, PY_ID(I, keys));
    if (!k) return py_err_occurred(I) ? -1 : 0;
    py_decref(I, k);
    return py_typeof(I, v)->s.getitem != NULL;
}

int py_is_sequence_for_match(py_interp *I, py_val v)
{
    (void)I;
    if (py_is_str(v) || py_is_bytes(v) || py_is_bytearray(v) || py_is_dict(v)) return 0;
    if (py_is_list(v) || py_is_tuple(v) || PY_IS(v, RANGE)) return 1;
    if (!py_is_ptr(v)) return 0;
    py_type *t = PY_OBJ(v)->type;
    return (t->flags & PY_TF_HEAP) && t->s.getitem && t->s.len && !py_dict_get_c(I, py_type_dict(I, t), "keys");
}

int py_match_keys(py_interp *I, py_val subject, py_val keys, py_val *out)
{
    size_t n = py_tuple_len(keys);
    py_val vals = py_tuple_new(I, n);
    if (!vals) return -1;
    py_val get = py_is_dict(subject) ? PY_NULL : py_getattr(I, subject, PY_ID(I, get));
    if (!py_is_dict(subject) && !get) { py_decref(I, vals); return -1; }
    for (size_t i = 0; i < n; i++) {
        py_val k = py_tuple_items(keys)[i];
        py_val v;
        if (py_is_dict(subject)) {
            v = py_dict_get(I, subject, k);
            if (v) py_incref(v);
            else if (py_err_occurred(I)) { py_decref(I, vals); return -1; }
        } else {
            py_val dummy = PY_VAL(PY_TYPE(I, PY_T_OBJECT));
            v = py_call2(I, get, k, dummy);
            if (!v) { py_decref(I, get); py_decref(I, vals); return -1; }
            if (v == dummy) { py_decref(I, v); v = PY_NULL; }
        }
        if (!v) { py_xdecref(I, get); py_decref(I, vals); return 0; }
        py_tuple_items(vals)[i] = v;
    }
    py_xdecref(I, get);
    *out = vals;
    return 1;
}

int py_match_class(py_interp *I, py_val subject, py_val cls, py_val names, int npos, py_val *out)
{
    if (!py_is_typeobj(cls)) {
        py_err_str(I, PY_E_TypeError, "called match pattern must be a class");
        return -1;
    }
    int r = py_isinstance(I, subject, cls);
    if (r <= 0) return r;
    size_t nk = py_tuple_len(names);
    py_val res = py_tuple_new(I, (size_t)npos + nk);
    if (!res) return -1;
    if (npos) {
        py_type *t = PY_TYPEOBJ(cls);
        py_val ma = py_type_lookup(I, t, PY_ID(I, __match_args__));
        int self_match = !ma && (t->id == PY_T_BOOL || t->id == PY_T_BYTEARRAY || t->id == PY_T_BYTES ||
                                 t->id == PY_T_DICT || t->id == PY_T_FLOAT || t->id == PY_T_FROZENSET ||
                                 t->id == PY_T_INT || t->id == PY_T_LIST || t->id == PY_T_SET ||
                                 t->id == PY_T_STR || t->id == PY_T_TUPLE);
        if (self_match) {
            if (npos > 1) {
                py_decref(I, res);
                py_err_fmt(I, PY_E_TypeError, "%s() accepts 1 positional sub-pattern (%d given)", t->name, npos);
                return -1;
            }
            py_tuple_items(res)[0] = py_newref(subject);
        } else {
            if (!ma || !py_is_tuple(ma)) {
                py_decref(I, res);
                if (ma) py_err_fmt(I, PY_E_TypeError, "%s.__match_args__ must be a tuple (got %s)", t->name, py_type_name(I, ma));
                else py_err_fmt(I, PY_E_TypeError, "%s() accepts 0 positional sub-patterns (%d given)", t->name, npos);
                return -1;
            }
            if ((size_t)npos > py_tuple_len(ma)) {
                py_decref(I, res);
                py_err_fmt(I, PY_E_TypeError, "%s() accepts %zu positional sub-pattern%s (%d given)", t->name,
                           py_tuple_len(ma), py_tuple_len(ma) == 1 ? "" : "s", npos);
                return -1;
            }
            for (int i = 0; i < npos; i++) {
                py_val an = py_tuple_items(ma)[i];
                if (!py_is_str(an)) {
                    py_decref(I, res);
                    py_err_fmt(I, PY_E_TypeError, "__match_args__ elements must be strings (got %s)", py_type_name(I, an));
                    return -1;
                }
                for (size_t k = 0; k < nk; k++) {
                    if (py_str_eq(an, py_tuple_items(names)[k])) {
                        py_decref(I, res);
                        py_err_fmt(I, PY_E_TypeError, "%s() got multiple sub-patterns for attribute '%s'", t->name, py_str_data(an));
                        return -1;
                    }
                }
                py_val v = py_getattr_opt(I, subject, an);
                if (!v) { py_decref(I, res); return py_err_occurred(I) ? -1 : 0; }
                py_tuple_items(res)[i] = v;
            }
        }
    }
    for (size_t k = 0; k < nk; k++) {
        py_val v = py_getattr_opt(I, subject, py_tuple_items(names)[k]);
        if (!v) { py_decref(I, res); return py_err_occurred(I) ? -1 : 0; }
        py_tuple_items(res)[(size_t)npos + k] = v;
    }
    *out = res;
    return 1;
}

/* ---- t-strings (PEP 750) ------------------------------------------------------------ */
py_val py_build_interpolation(py_interp *I, py_val t)
{
    /* (value, expression, conversion, format_spec) */
    py_iterobj *o = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_INTERPOLATION), sizeof(py_iterobj));
    if (!o) return PY_NULL;
    o->seq = py_newref(t);
    return PY_VAL(o);
}

py_val py_build_template(py_interp *I, py_val parts)
{
    /* strings and interpolations alternate, strings padded with '' */
    py_val strings = py_list_new(I, 0), interps = py_list_new(I, 0);
    if (!strings || !interps) { py_xdecref(I, strings); py_xdecref(I, interps); return PY_NULL; }
    int last_str = 0;
    for (size_t i = 0; i < py_tuple_len(parts); i++) {
        py_val p = py_tuple_items(parts)[i];
        if (py_is_str(p)) {
            if (last_str) {
                py_val prev = PY_LIST(strings)->items[PY_LIST(strings)->n - 1];
                py_val c = py_str_concat(I, prev, p);
                if (!c) goto fail;
                PY_LIST(strings)->items[PY_LIST(strings)->n - 1] = c;
                py_decref(I, prev);
            } else if (py_list_append(I, strings, p)) goto fail;
            last_str = 1;
        } else {
            if (!last_str && py_list_append(I, strings, I->empty_str)) goto fail;
            if (py_list_append(I, interps, p)) goto fail;
            last_str = 0;
        }
    }
    if (!last_str && py_list_append(I, strings, I->empty_str)) goto fail;
    {
        py_iterobj *o = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_TEMPLATE), sizeof(py_iterobj));
        if (!o) goto fail;
        o->seq = py_sequence_tuple(I, strings);
        o->aux = py_sequence_tuple(I, interps);
        py_decref(I, strings);
        py_decref(I, interps);
        if (!o->seq || !o->aux) { py_decref(I, PY_VAL(o)); return PY_NULL; }
        return PY_VAL(o);
    }
fail:
    py_decref(I, strings);
    py_decref(I, interps);
    return PY_NULL;
}

void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);

static py_val tpl_getattr(py_interp *I, py_val self, py_val name)
{
    py_iterobj *o = (py_iterobj *)PY_OBJ(self);
    if (py_str_eq_c(name, "strings")) return py_newref(o->seq);
    if (py_str_eq_c(name, "interpolations")) return py_newref(o->aux);
    if (py_str_eq_c(name, "values")) {
        size_t n = py_tuple_len(o->aux);
        py_val t = py_tuple_new(I, n);
        if (!t) return PY_NULL;
        for (size_t i = 0; i < n; i++) {
            py_iterobj *ip = (py_iterobj *)PY_OBJ(py_tuple_items(o->aux)[i]);
            py_tuple_items(t)[i] = py_newref(py_tuple_items(ip->seq)[0]);
        }
        return t;
    }
    return py_generic_getattr(I, self, name);
}

static py_val tpl_repr(py_interp *I, py_val self)
{
    py_iterobj *o = (py_iterobj *)PY_OBJ(self);
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&b, "Template(strings=");
    py_buf_repr(I, &b, o->seq);
    sk_buf_puts(&b, ", interpolations=");
    py_buf_repr(I, &b, o->aux);
    sk_buf_putc(&b, ')');
    return py_str_from_buf(I, &b);
}

static py_val tpl_iter(py_interp *I, py_val self)
{
    py_iterobj *o = (py_iterobj *)PY_OBJ(self);
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    size_t ns = py_tuple_len(o->seq), ni = py_tuple_len(o->aux);
    for (size_t i = 0; i < ns; i++) {
        py_val s = py_tuple_items(o->seq)[i];
        if (py_str_len(s)) py_list_append(I, l, s);
        if (i < ni) py_list_append(I, l, py_tuple_items(o->aux)[i]);
    }
    py_val it = py_iter(I, l);
    py_decref(I, l);
    return it;
}

const py_typedef py_template_typedef = {
    .name = "Template", .qualname = "string.templatelib.Template", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .getattr = tpl_getattr, .repr = tpl_repr, .iter = tpl_iter },
};

static py_val interp_getattr(py_interp *I, py_val self, py_val name)
{
    py_val t = ((py_iterobj *)PY_OBJ(self))->seq;
    static const char *const f[] = { "value", "expression", "conversion", "format_spec" };
    for (int i = 0; i < 4; i++) if (py_str_eq_c(name, f[i])) return py_newref(py_tuple_items(t)[i]);
    return py_generic_getattr(I, self, name);
}

static py_val interp_repr(py_interp *I, py_val self)
{
    py_val t = ((py_iterobj *)PY_OBJ(self))->seq;
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&b, "Interpolation(");
    for (int i = 0; i < 4; i++) {
        if (i) sk_buf_puts(&b, ", ");
        py_buf_repr(I, &b, py_tuple_items(t)[i]);
    }
    sk_buf_putc(&b, ')');
    return py_str_from_buf(I, &b);
}

const py_typedef py_interpolation_typedef = {
    .name = "Interpolation", .qualname = "string.templatelib.Interpolation", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .getattr = interp_getattr, .repr = interp_repr },
};
