/* typevar.c — typing.TypeVar / ParamSpec / TypeVarTuple and
 * typing.TypeAliasType: the objects PEP 695 syntax creates (`class C[T]`,
 * `def f[**P]`, `type X = ...`), also exposed to the typing module.
 *
 * A type alias evaluates its value lazily, once, on first access of
 * __value__ (the evaluator is a hidden function the compiler builds).
 * Must never: evaluate bounds/constraints eagerly for PEP 695 parameters
 * (annotations are never evaluated in this interpreter).
 */
#include <string.h>

#include "py/core.h"

typedef struct py_typevar {
    py_obj ob;
    py_val name;              /* str */
    py_val bound;             /* or None */
    py_val constraints;       /* tuple */
    py_val default_;          /* or NULL: no default */
    py_val module;            /* str or NULL */
    int covariant, contravariant, infer_variance;
} py_typevar;

static void tv_dealloc(py_interp *I, py_obj *o)
{
    py_typevar *t = (py_typevar *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, t->name);
    py_xdecref(I, t->bound);
    py_xdecref(I, t->constraints);
    py_xdecref(I, t->default_);
    py_xdecref(I, t->module);
    py_obj_free(I, o, sizeof(py_typevar));
}

static void tv_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_typevar *t = (py_typevar *)o;
    if (t->bound) visit(t->bound, ctx);
    if (t->constraints) visit(t->constraints, ctx);
    if (t->default_) visit(t->default_, ctx);
}

static void tv_clear(py_interp *I, py_obj *o)
{
    py_typevar *t = (py_typevar *)o;
    PY_CLEAR(I, t->bound);
    PY_CLEAR(I, t->constraints);
    PY_CLEAR(I, t->default_);
}

py_val py_typevar_new(py_interp *I, int kind, py_val name, int infer_variance)
{
    int tid = kind == 0 ? PY_T_TYPEVAR : kind == 1 ? PY_T_PARAMSPEC : PY_T_TYPEVARTUPLE;
    py_typevar *t = (py_typevar *)py_obj_new(I, PY_TYPE(I, tid), sizeof(py_typevar));
    if (!t) return PY_NULL;
    t->name = py_newref(name);
    t->bound = PY_NONE;
    t->constraints = py_newref(I->empty_tuple);
    t->infer_variance = infer_variance;
    /* the module of the code that created it */
    for (py_frame *f = I->frame; f; f = f->prev) {
        if (f->code->flags & PY_CO_HOST || !f->globals) continue;
        py_val m = py_dict_get_str(I, f->globals, PY_ID(I, __name__));
        if (m) t->module = py_newref(m);
        break;
    }
    return PY_VAL(t);
}

static py_val tv_new_common(py_interp *I, int kind, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const tv_names[] = { "name", "$bound", "$covariant", "$contravariant", "$infer_variance",
                                           "$default", NULL };
    const char *fname = kind == 0 ? "TypeVar" : kind == 1 ? "ParamSpec" : "TypeVarTuple";
    if (nargs < 1 || !py_is_str(args[0])) {
        if (nargs < 1 && !kw) return py_err_fmt(I, PY_E_TypeError, "%s() missing required argument 'name' (pos 1)", fname);
        if (nargs >= 1) return py_err_fmt(I, PY_E_TypeError, "%s() argument 'name' must be str, not %s", fname, py_argtype_name(I, args[0]));
    }
    py_val a[6] = { 0 };
    size_t npos = nargs > 1 ? 1 : nargs;
    /* extra positionals are TypeVar constraints: parse the name and the keywords */
    size_t nk = kw ? py_tuple_len(kw) : 0;
    if (nk > 6) return py_err_fmt(I, PY_E_TypeError, "%s() got too many keyword arguments", fname);
    py_val tmp[8];
    tmp[0] = nargs ? args[0] : PY_NULL;
    for (size_t i = 0; i < nk; i++) tmp[npos + i] = args[nargs + i];
    if (py_args_parse(I, fname, tmp, npos, kw, tv_names, 1, a)) return PY_NULL;
    py_val r = py_typevar_new(I, kind, a[0], a[4] && py_truthy(I, a[4]) > 0);
    if (!r) return PY_NULL;
    py_typevar *t = (py_typevar *)PY_OBJ(r);
    if (a[1] && a[1] != PY_NONE) PY_SETREF(I, t->bound, py_newref(a[1]));
    t->covariant = a[2] && py_truthy(I, a[2]) > 0;
    t->contravariant = a[3] && py_truthy(I, a[3]) > 0;
    if (t->covariant && t->contravariant) {
        py_decref(I, r);
        return py_err_str(I, PY_E_ValueError, "Bivariant type variables are not supported.");
    }
    if (a[5]) t->default_ = py_newref(a[5]);
    if (nargs > 1) {
        if (kind != 0) { py_decref(I, r); return py_err_fmt(I, PY_E_TypeError, "%s() takes at most 1 positional argument", fname); }
        if (nargs == 2) { py_decref(I, r); return py_err_str(I, PY_E_TypeError, "A single constraint is not allowed"); }
        py_val c = py_tuple_from(I, args + 1, nargs - 1);
        if (!c) { py_decref(I, r); return PY_NULL; }
        PY_SETREF(I, t->constraints, c);
    }
    return r;
}

static py_val tv_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw) { (void)tp; return tv_new_common(I, 0, args, nargs, kw); }
static py_val ps_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw) { (void)tp; return tv_new_common(I, 1, args, nargs, kw); }
static py_val tvt_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw) { (void)tp; return tv_new_common(I, 2, args, nargs, kw); }

static py_val tv_repr(py_interp *I, py_val self)
{
    py_typevar *t = (py_typevar *)PY_OBJ(self);
    int kind = PY_OBJ(self)->type->id == PY_T_TYPEVAR ? 0 : PY_OBJ(self)->type->id == PY_T_PARAMSPEC ? 1 : 2;
    if (kind == 2 || t->infer_variance) return py_newref(t->name);
    const char *pre = t->covariant ? "+" : t->contravariant ? "-" : "~";
    return py_str_fmt(I, "%s%s", pre, py_str_data(t->name));
}

static py_val tv_getattr(py_interp *I, py_val self, py_val name)
{
    py_typevar *t = (py_typevar *)PY_OBJ(self);
    const char *n = py_str_data(name);
    if (!strcmp(n, "__name__")) return py_newref(t->name);
    if (!strcmp(n, "__bound__")) return py_newref(t->bound);
    if (!strcmp(n, "__constraints__")) return py_newref(t->constraints);
    if (!strcmp(n, "__covariant__")) return py_bool(t->covariant);
    if (!strcmp(n, "__contravariant__")) return py_bool(t->contravariant);
    if (!strcmp(n, "__infer_variance__")) return py_bool(t->infer_variance);
    if (!strcmp(n, "__module__")) return t->module ? py_newref(t->module) : py_str_cstr(I, "typing");
    if (!strcmp(n, "__default__")) {
        if (t->default_) return py_newref(t->default_);
        return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '__default__'", py_type_name(I, self));
    }
    return py_generic_getattr(I, self, name);
}

static py_val tv_has_default(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "has_default", nargs, kw)) return PY_NULL;
    return py_bool(((py_typevar *)PY_OBJ(self))->default_ != PY_NULL);
}

static py_val tv_or(py_interp *I, py_val a, py_val b) { return py_union_new(I, a, b); }

static py_val tv_reduce(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    return py_newref(((py_typevar *)PY_OBJ(self))->name);
}

static const py_methoddef tv_methods[] = {
    { "has_default", tv_has_default, 0 }, { "__reduce__", tv_reduce, 0 }, { NULL, NULL, 0 }
};

#define TV_SLOTS(newfn)                                                                                  \
    { .dealloc = tv_dealloc, .traverse = tv_traverse, .clear = tv_clear, .repr = tv_repr,              \
      .getattr = tv_getattr, .new_ = newfn, .nb = { [PY_NB_OR] = tv_or } }

const py_typedef py_typevar_typedef = {
    .name = "TypeVar", .qualname = "typing.TypeVar", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_typevar), .slots = TV_SLOTS(tv_new), .methods = tv_methods,
};
const py_typedef py_paramspec_typedef = {
    .name = "ParamSpec", .qualname = "typing.ParamSpec", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_typevar), .slots = TV_SLOTS(ps_new), .methods = tv_methods,
};
const py_typedef py_typevartuple_typedef = {
    .name = "TypeVarTuple", .qualname = "typing.TypeVarTuple", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_typevar), .slots = TV_SLOTS(tvt_new), .methods = tv_methods,
};

/* ---- TypeAliasType ------------------------------------------------------------------------ */
typedef struct py_typealias {
    py_obj ob;
    py_val name;              /* str */
    py_val value;             /* evaluated value or NULL */
    py_val evaluator;         /* function computing the value, or NULL once evaluated */
    py_val type_params;       /* tuple */
    py_val module;            /* str or NULL */
    int evaluating;
} py_typealias;

static void ta_dealloc(py_interp *I, py_obj *o)
{
    py_typealias *t = (py_typealias *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, t->name);
    py_xdecref(I, t->value);
    py_xdecref(I, t->evaluator);
    py_xdecref(I, t->type_params);
    py_xdecref(I, t->module);
    py_obj_free(I, o, sizeof(py_typealias));
}

static void ta_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_typealias *t = (py_typealias *)o;
    if (t->value) visit(t->value, ctx);
    if (t->evaluator) visit(t->evaluator, ctx);
    if (t->type_params) visit(t->type_params, ctx);
}

static void ta_clear(py_interp *I, py_obj *o)
{
    py_typealias *t = (py_typealias *)o;
    PY_CLEAR(I, t->value);
    PY_CLEAR(I, t->evaluator);
    PY_CLEAR(I, t->type_params);
}

py_val py_typealias_new(py_interp *I, py_val name, py_val value, py_val evaluator, py_val type_params)
{
    py_typealias *t = (py_typealias *)py_obj_new(I, PY_TYPE(I, PY_T_TYPEALIAS), sizeof(py_typealias));
    if (!t) return PY_NULL;
    t->name = py_newref(name);
    t->value = value ? py_newref(value) : PY_NULL;
    t->evaluator = evaluator ? py_newref(evaluator) : PY_NULL;
    t->type_params = py_newref(type_params ? type_params : I->empty_tuple);
    for (py_frame *f = I->frame; f; f = f->prev) {
        if (f->code->flags & PY_CO_HOST || !f->globals) continue;
        py_val m = py_dict_get_str(I, f->globals, PY_ID(I, __name__));
        if (m) t->module = py_newref(m);
        break;
    }
    return PY_VAL(t);
}

static py_val ta_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw)
{
    (void)tp;
    static const char *const names[] = { "name", "value", "$type_params", NULL };
    py_val a[3] = { 0 };
    if (py_args_parse(I, "TypeAliasType", args, nargs, kw, names, 2, a)) return PY_NULL;
    if (!py_is_str(a[0])) return py_err_str(I, PY_E_TypeError, "TypeAliasType() argument 'name' must be str");
    if (a[2] && !py_is_tuple(a[2])) return py_err_str(I, PY_E_TypeError, "type_params must be a tuple");
    return py_typealias_new(I, a[0], a[1], PY_NULL, a[2]);
}

static py_val ta_value(py_interp *I, py_typealias *t)
{
    if (t->value) return py_newref(t->value);
    if (!t->evaluator) return py_newref(PY_NONE);
    if (t->evaluating) return py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
    t->evaluating = 1;
    py_val v = py_call0(I, t->evaluator);
    t->evaluating = 0;
    if (!v) return PY_NULL;
    t->value = py_newref(v);
    PY_CLEAR(I, t->evaluator);
    return v;
}

static py_val ta_getattr(py_interp *I, py_val self, py_val name)
{
    py_typealias *t = (py_typealias *)PY_OBJ(self);
    const char *n = py_str_data(name);
    if (!strcmp(n, "__name__") || !strcmp(n, "__qualname__")) return py_newref(t->name);
    if (!strcmp(n, "__value__")) return ta_value(I, t);
    if (!strcmp(n, "__type_params__") || !strcmp(n, "__parameters__")) return py_newref(t->type_params);
    if (!strcmp(n, "__module__")) return t->module ? py_newref(t->module) : py_str_cstr(I, "typing");
    return py_generic_getattr(I, self, name);
}

static int ta_setattr(py_interp *I, py_val self, py_val name, py_val v)
{
    (void)v;
    py_err_fmt(I, PY_E_AttributeError, "readonly attribute");
    (void)self; (void)name;
    return -1;
}

static py_val ta_repr(py_interp *I, py_val self) { (void)I; return py_newref(((py_typealias *)PY_OBJ(self))->name); }

static py_val ta_getitem(py_interp *I, py_val self, py_val key)
{
    py_typealias *t = (py_typealias *)PY_OBJ(self);
    if (!py_tuple_len(t->type_params))
        return py_err_str(I, PY_E_TypeError, "Only generic type aliases are subscriptable");
    py_val args = py_is_tuple(key) ? py_newref(key) : py_tuple_pack(I, 1, key);
    if (!args) return PY_NULL;
    py_val r = py_genericalias_new(I, self, args);
    py_decref(I, args);
    return r;
}

static py_val ta_or(py_interp *I, py_val a, py_val b) { return py_union_new(I, a, b); }

const py_typedef py_typealias_typedef = {
    .name = "TypeAliasType", .qualname = "typing.TypeAliasType", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_typealias),
    .slots = { .dealloc = ta_dealloc, .traverse = ta_traverse, .clear = ta_clear, .repr = ta_repr,
               .getattr = ta_getattr, .setattr = ta_setattr, .new_ = ta_new, .getitem = ta_getitem,
               .nb = { [PY_NB_OR] = ta_or } },
};
