/* type.c — type objects: the builtin type registry (materialised lazily per
 * interpreter from static descriptors), attribute lookup along the MRO,
 * the generic getattr/setattr, class creation (C3 MRO, slot inheritance,
 * dunder methods bound to slots), `object` and `type` themselves.
 *
 * Must never: let a class's slots disagree with its dunder methods (every
 * class attribute assignment of a dunder re-derives the slot).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "py/core.h"

/* ---- registry ------------------------------------------------------------------ */

extern const py_typedef py_object_typedef, py_type_typedef, py_none_typedef, py_notimpl_typedef,
    py_ellipsis_typedef, py_bool_typedef, py_int_typedef, py_float_typedef, py_str_typedef,
    py_bytes_typedef, py_bytearray_typedef, py_list_typedef, py_tuple_typedef, py_dict_typedef,
    py_set_typedef, py_frozenset_typedef, py_range_typedef, py_slice_typedef, py_function_typedef,
    py_cfunction_typedef, py_method_typedef, py_cell_typedef, py_code_typedef, py_module_typedef,
    py_generator_typedef, py_coroutine_typedef, py_asyncgen_typedef, py_property_typedef,
    py_staticmethod_typedef, py_classmethod_typedef, py_super_typedef, py_methoddescr_typedef,
    py_getsetdescr_typedef, py_listiter_typedef, py_listreviter_typedef, py_tupleiter_typedef,
    py_striter_typedef, py_struiter_typedef, py_bytesiter_typedef, py_rangeiter_typedef, py_dictkeyiter_typedef,
    py_dictvalueiter_typedef, py_dictitemiter_typedef, py_dictrevkeyiter_typedef, py_setiter_typedef,
    py_seqiter_typedef, py_calliter_typedef, py_enumerate_typedef, py_zip_typedef, py_map_typedef,
    py_filter_typedef, py_reversed_typedef, py_dictkeys_typedef, py_dictvalues_typedef,
    py_dictitems_typedef, py_corowrapper_typedef, py_asyncgenasend_typedef, py_genericalias_typedef,
    py_uniontype_typedef, py_namespace_typedef, py_stdio_typedef, py_template_typedef,
    py_interpolation_typedef, py_typealias_typedef, py_typevar_typedef, py_paramspec_typedef,
    py_typevartuple_typedef, py_complex_typedef;

#define X(id, name, base) extern const py_typedef py_exc_td_##id;
PY_EXC_IDS(X)
#undef X

const py_typedef *const py_typedefs[PY_T_COUNT] = {
    [PY_T_OBJECT] = &py_object_typedef, [PY_T_TYPE] = &py_type_typedef, [PY_T_NONE] = &py_none_typedef,
    [PY_T_NOTIMPL] = &py_notimpl_typedef, [PY_T_ELLIPSIS] = &py_ellipsis_typedef,
    [PY_T_BOOL] = &py_bool_typedef, [PY_T_INT] = &py_int_typedef, [PY_T_FLOAT] = &py_float_typedef,
    [PY_T_STR] = &py_str_typedef, [PY_T_BYTES] = &py_bytes_typedef, [PY_T_BYTEARRAY] = &py_bytearray_typedef,
    [PY_T_LIST] = &py_list_typedef, [PY_T_TUPLE] = &py_tuple_typedef, [PY_T_DICT] = &py_dict_typedef,
    [PY_T_SET] = &py_set_typedef, [PY_T_FROZENSET] = &py_frozenset_typedef, [PY_T_RANGE] = &py_range_typedef,
    [PY_T_SLICE] = &py_slice_typedef, [PY_T_FUNCTION] = &py_function_typedef,
    [PY_T_CFUNCTION] = &py_cfunction_typedef, [PY_T_METHOD] = &py_method_typedef, [PY_T_CELL] = &py_cell_typedef,
    [PY_T_CODE] = &py_code_typedef, [PY_T_MODULE] = &py_module_typedef, [PY_T_GENERATOR] = &py_generator_typedef,
    [PY_T_COROUTINE] = &py_coroutine_typedef, [PY_T_ASYNCGEN] = &py_asyncgen_typedef,
    [PY_T_PROPERTY] = &py_property_typedef, [PY_T_STATICMETHOD] = &py_staticmethod_typedef,
    [PY_T_CLASSMETHOD] = &py_classmethod_typedef, [PY_T_SUPER] = &py_super_typedef,
    [PY_T_METHOD_DESCR] = &py_methoddescr_typedef, [PY_T_GETSET_DESCR] = &py_getsetdescr_typedef,
    [PY_T_LIST_ITER] = &py_listiter_typedef, [PY_T_LIST_REVITER] = &py_listreviter_typedef,
    [PY_T_TUPLE_ITER] = &py_tupleiter_typedef, [PY_T_STR_ITER] = &py_striter_typedef, [PY_T_STR_UITER] = &py_struiter_typedef,
    [PY_T_BYTES_ITER] = &py_bytesiter_typedef, [PY_T_RANGE_ITER] = &py_rangeiter_typedef,
    [PY_T_DICT_KEYITER] = &py_dictkeyiter_typedef, [PY_T_DICT_VALUEITER] = &py_dictvalueiter_typedef,
    [PY_T_DICT_ITEMITER] = &py_dictitemiter_typedef, [PY_T_DICT_REVKEYITER] = &py_dictrevkeyiter_typedef,
    [PY_T_SET_ITER] = &py_setiter_typedef, [PY_T_SEQ_ITER] = &py_seqiter_typedef,
    [PY_T_CALL_ITER] = &py_calliter_typedef, [PY_T_ENUMERATE] = &py_enumerate_typedef,
    [PY_T_ZIP] = &py_zip_typedef, [PY_T_MAP] = &py_map_typedef, [PY_T_FILTER] = &py_filter_typedef,
    [PY_T_REVERSED] = &py_reversed_typedef, [PY_T_DICT_KEYS] = &py_dictkeys_typedef,
    [PY_T_DICT_VALUES] = &py_dictvalues_typedef, [PY_T_DICT_ITEMS] = &py_dictitems_typedef,
    [PY_T_CORO_WRAPPER] = &py_corowrapper_typedef, [PY_T_ASYNCGEN_ASEND] = &py_asyncgenasend_typedef,
    [PY_T_GENERICALIAS] = &py_genericalias_typedef, [PY_T_UNIONTYPE] = &py_uniontype_typedef,
    [PY_T_NAMESPACE] = &py_namespace_typedef, [PY_T_STDIO] = &py_stdio_typedef,
    [PY_T_TEMPLATE] = &py_template_typedef, [PY_T_INTERPOLATION] = &py_interpolation_typedef,
    [PY_T_TYPEALIAS] = &py_typealias_typedef, [PY_T_TYPEVAR] = &py_typevar_typedef,
    [PY_T_PARAMSPEC] = &py_paramspec_typedef, [PY_T_TYPEVARTUPLE] = &py_typevartuple_typedef,
    [PY_T_COMPLEX] = &py_complex_typedef,
#define X(id, name, base) [PY_E_##id] = &py_exc_td_##id,
    PY_EXC_IDS(X)
#undef X
};

static void inherit_slots(py_slots *s, const py_slots *b)
{
#define INH(f) if (!s->f) s->f = b->f
    INH(dealloc); INH(traverse); INH(clear); INH(repr); INH(str); INH(hash); INH(richcmp);
    INH(getattr); INH(setattr); INH(call); INH(iter); INH(next); INH(neg); INH(pos); INH(invert);
    INH(abs); INH(index); INH(to_int); INH(to_float); INH(truth); INH(len); INH(getitem);
    INH(setitem); INH(contains); INH(descr_get); INH(descr_set); INH(new_); INH(init);
    for (int i = 0; i < PY_NB_COUNT; i++) { INH(nb[i]); INH(nb_inplace[i]); }
#undef INH
}

static py_type *alloc_type(py_interp *I)
{
    /* types carry a gc header so the collector may look at them; builtin
     * types stay untracked and are owned by the interpreter */
    py_gchead *g = py_zalloc(I, sizeof(py_type) + sizeof(py_gchead));
    if (!g) return NULL;
    return (py_type *)PY_GCOBJ(g);
}

py_type *py_type_builtin(py_interp *I, int id)
{
    if (I->types[id]) return I->types[id];
    const py_typedef *d = py_typedefs[id];
    py_type *base = NULL;
    if (id != PY_T_OBJECT) {
        base = py_type_builtin(I, d->base);
        if (!base) return NULL;
    }
    py_type *t = alloc_type(I);
    if (!t) return NULL;
    t->ob.rc = 1;
    t->name = d->qualname ? d->qualname : d->name;   /* tp_name: qualified for module types */
    t->flags = d->flags;
    t->id = (uint16_t)id;
    t->basicsize = d->basicsize;
    t->dictoffset = d->dictoffset;
    t->base = base;
    t->def = d;
    t->s = d->slots;
    if (base) {
        inherit_slots(&t->s, &base->s);
        if (!t->dictoffset) t->dictoffset = base->dictoffset;
        t->flags |= base->flags & (PY_TF_INT_SUB | PY_TF_EXC_SUB | PY_TF_TUPLE_SUB | PY_TF_LIST_SUB |
                                   PY_TF_DICT_SUB | PY_TF_TYPE_SUB);
        if (!d->basicsize) t->basicsize = base->basicsize;
    }
    I->types[id] = t;
    if (id == PY_E_ExceptionGroup) {
        /* class ExceptionGroup(BaseExceptionGroup, Exception): the one
         * builtin type with two bases */
        py_type *ex = py_type_builtin(I, PY_E_Exception);
        if (!ex) return NULL;
        t->bases = py_tuple_pack(I, 2, PY_VAL(base), PY_VAL(ex));
        if (!t->bases) return NULL;
        t->mro = py_tuple_pack(I, 5, PY_VAL(t), PY_VAL(base), PY_VAL(ex), PY_VAL(ex->base), PY_VAL(ex->base->base));
        if (!t->mro) return NULL;
    }
    if (id == PY_T_TYPE || id == PY_T_OBJECT) {
        py_type *tt = id == PY_T_TYPE ? t : py_type_builtin(I, PY_T_TYPE);
        if (!tt) return NULL;
        t->ob.type = tt;
    } else {
        t->ob.type = py_type_builtin(I, PY_T_TYPE);
    }
    return t;
}

py_type *py_type_of_imm(py_interp *I, py_val v)
{
    if (py_is_int(v)) return PY_TYPE(I, PY_T_INT);
    if (py_is_float(v)) return PY_TYPE(I, PY_T_FLOAT);
    switch (v) {
    case PY_NONE: return PY_TYPE(I, PY_T_NONE);
    case PY_TRUE: case PY_FALSE: return PY_TYPE(I, PY_T_BOOL);
    case PY_NOTIMPL: return PY_TYPE(I, PY_T_NOTIMPL);
    case PY_ELLIPSIS: return PY_TYPE(I, PY_T_ELLIPSIS);
    default: return PY_TYPE(I, PY_T_OBJECT);
    }
}

const char *py_type_name(py_interp *I, py_val v) { return py_typeof(I, v)->name; }

const char *py_type_qualname(py_type *t)
{
    if (t->def && t->def->qualname && !(t->flags & PY_TF_HEAP)) return t->def->qualname;
    return t->name;
}

int py_type_is_subtype(py_type *a, py_type *b)
{
    if (a == b) return 1;
    if (a->mro) {
        py_tuple *m = PY_TUPLE(a->mro);
        for (size_t i = 0; i < m->n; i++) if (PY_TYPEOBJ(m->items[i]) == b) return 1;
        return 0;
    }
    for (py_type *t = a->base; t; t = t->base) if (t == b) return 1;
    return 0;
}

int py_isinstance_t(py_interp *I, py_val v, py_type *t) { return py_type_is_subtype(py_typeof(I, v), t); }

/* ---- slot wrappers: builtin slots exposed as dunder methods ---------------------- */
enum { SW_UNARY, SW_BINARY, SW_RBINARY, SW_RICH, SW_HASH, SW_LEN, SW_BOOL, SW_GETITEM, SW_SETITEM,
       SW_DELITEM, SW_CONTAINS, SW_GETATTR, SW_SETATTR, SW_DELATTR, SW_CALL, SW_INIT, SW_NEW, SW_GET,
       SW_SET, SW_DELETE, SW_NEXT, SW_IBINARY, SW_POW, SW_RPOW };

typedef struct slotdef {
    const char *name;
    int kind;
    size_t off;        /* offset of the function pointer in py_slots */
    int arg;           /* nb index or richcmp op */
} slotdef;

#define SO(f) offsetof(py_slots, f)
#define NB(i) (offsetof(py_slots, nb) + (i) * sizeof(py_binfn))
#define NBI(i) (offsetof(py_slots, nb_inplace) + (i) * sizeof(py_binfn))
static const slotdef slotdefs[] = {
    { "__repr__", SW_UNARY, SO(repr), 0 }, { "__str__", SW_UNARY, SO(str), 0 },
    { "__hash__", SW_HASH, SO(hash), 0 }, { "__call__", SW_CALL, SO(call), 0 },
    { "__getattribute__", SW_GETATTR, SO(getattr), 0 }, { "__setattr__", SW_SETATTR, SO(setattr), 0 },
    { "__delattr__", SW_DELATTR, SO(setattr), 0 },
    { "__lt__", SW_RICH, SO(richcmp), PY_LT }, { "__le__", SW_RICH, SO(richcmp), PY_LE },
    { "__eq__", SW_RICH, SO(richcmp), PY_EQ }, { "__ne__", SW_RICH, SO(richcmp), PY_NE },
    { "__gt__", SW_RICH, SO(richcmp), PY_GT }, { "__ge__", SW_RICH, SO(richcmp), PY_GE },
    { "__iter__", SW_UNARY, SO(iter), 0 }, { "__next__", SW_NEXT, SO(next), 0 },
    { "__get__", SW_GET, SO(descr_get), 0 }, { "__set__", SW_SET, SO(descr_set), 0 },
    { "__delete__", SW_DELETE, SO(descr_set), 0 },
    { "__init__", SW_INIT, SO(init), 0 }, { "__new__", SW_NEW, SO(new_), 0 },
    { "__add__", SW_BINARY, NB(PY_NB_ADD), 0 }, { "__radd__", SW_RBINARY, NB(PY_NB_ADD), 0 },
    { "__sub__", SW_BINARY, NB(PY_NB_SUB), 0 }, { "__rsub__", SW_RBINARY, NB(PY_NB_SUB), 0 },
    { "__mul__", SW_BINARY, NB(PY_NB_MUL), 0 }, { "__rmul__", SW_RBINARY, NB(PY_NB_MUL), 0 },
    { "__matmul__", SW_BINARY, NB(PY_NB_MATMUL), 0 }, { "__rmatmul__", SW_RBINARY, NB(PY_NB_MATMUL), 0 },
    { "__truediv__", SW_BINARY, NB(PY_NB_TRUEDIV), 0 }, { "__rtruediv__", SW_RBINARY, NB(PY_NB_TRUEDIV), 0 },
    { "__floordiv__", SW_BINARY, NB(PY_NB_FLOORDIV), 0 }, { "__rfloordiv__", SW_RBINARY, NB(PY_NB_FLOORDIV), 0 },
    { "__mod__", SW_BINARY, NB(PY_NB_MOD), 0 }, { "__rmod__", SW_RBINARY, NB(PY_NB_MOD), 0 },
    { "__divmod__", SW_BINARY, NB(PY_NB_DIVMOD), 0 }, { "__rdivmod__", SW_RBINARY, NB(PY_NB_DIVMOD), 0 },
    { "__pow__", SW_POW, NB(PY_NB_POW), 0 }, { "__rpow__", SW_RPOW, NB(PY_NB_POW), 0 },
    { "__lshift__", SW_BINARY, NB(PY_NB_LSHIFT), 0 }, { "__rlshift__", SW_RBINARY, NB(PY_NB_LSHIFT), 0 },
    { "__rshift__", SW_BINARY, NB(PY_NB_RSHIFT), 0 }, { "__rrshift__", SW_RBINARY, NB(PY_NB_RSHIFT), 0 },
    { "__and__", SW_BINARY, NB(PY_NB_AND), 0 }, { "__rand__", SW_RBINARY, NB(PY_NB_AND), 0 },
    { "__xor__", SW_BINARY, NB(PY_NB_XOR), 0 }, { "__rxor__", SW_RBINARY, NB(PY_NB_XOR), 0 },
    { "__or__", SW_BINARY, NB(PY_NB_OR), 0 }, { "__ror__", SW_RBINARY, NB(PY_NB_OR), 0 },
    { "__iadd__", SW_IBINARY, NBI(PY_NB_ADD), 0 }, { "__isub__", SW_IBINARY, NBI(PY_NB_SUB), 0 },
    { "__imul__", SW_IBINARY, NBI(PY_NB_MUL), 0 }, { "__imatmul__", SW_IBINARY, NBI(PY_NB_MATMUL), 0 },
    { "__itruediv__", SW_IBINARY, NBI(PY_NB_TRUEDIV), 0 }, { "__ifloordiv__", SW_IBINARY, NBI(PY_NB_FLOORDIV), 0 },
    { "__imod__", SW_IBINARY, NBI(PY_NB_MOD), 0 }, { "__ipow__", SW_IBINARY, NBI(PY_NB_POW), 0 },
    { "__ilshift__", SW_IBINARY, NBI(PY_NB_LSHIFT), 0 }, { "__irshift__", SW_IBINARY, NBI(PY_NB_RSHIFT), 0 },
    { "__iand__", SW_IBINARY, NBI(PY_NB_AND), 0 }, { "__ixor__", SW_IBINARY, NBI(PY_NB_XOR), 0 },
    { "__ior__", SW_IBINARY, NBI(PY_NB_OR), 0 },
    { "__neg__", SW_UNARY, SO(neg), 0 }, { "__pos__", SW_UNARY, SO(pos), 0 },
    { "__invert__", SW_UNARY, SO(invert), 0 }, { "__abs__", SW_UNARY, SO(abs), 0 },
    { "__index__", SW_UNARY, SO(index), 0 }, { "__int__", SW_UNARY, SO(to_int), 0 },
    { "__float__", SW_UNARY, SO(to_float), 0 }, { "__bool__", SW_BOOL, SO(truth), 0 },
    { "__len__", SW_LEN, SO(len), 0 }, { "__getitem__", SW_GETITEM, SO(getitem), 0 },
    { "__setitem__", SW_SETITEM, SO(setitem), 0 }, { "__delitem__", SW_DELITEM, SO(setitem), 0 },
    { "__contains__", SW_CONTAINS, SO(contains), 0 },
    { NULL, 0, 0, 0 }
};

#define SLOTPTR(s, off) ((void **)((char *)(s) + (off)))

/* the wrapper descriptor: a cfunc whose self is the slotdef index and owner
 * the type whose slot it calls */
static py_val call_slot_wrapper(py_interp *I, py_val fv, const py_val *args, size_t nargs, py_val kw);

static const char *sw_qual(py_interp *I, py_type *t) { (void)I; return t->name; }

static py_val wrapper_new(py_interp *I, py_type *owner, int sd)
{
    py_cfunc *f = (py_cfunc *)py_obj_new(I, PY_TYPE(I, PY_T_METHOD_DESCR), sizeof(py_cfunc));
    if (!f) return PY_NULL;
    f->def = NULL;
    f->self = py_int_small(sd);
    f->owner = owner;
    f->qualprefix = owner->name;
    return PY_VAL(f);
}

int py_slot_wrapper_index(py_val f);
int py_slot_wrapper_index(py_val f)
{
    py_cfunc *c = (py_cfunc *)PY_OBJ(f);
    return c->def ? -1 : (int)py_int_val(c->self);
}
const char *py_slot_wrapper_name(py_val f);
const char *py_slot_wrapper_name(py_val f) { return slotdefs[py_slot_wrapper_index(f)].name; }

static int want_args(py_interp *I, py_type *owner, const char *name, size_t nargs, py_val kw, size_t n)
{
    if (kw && py_tuple_len(kw)) {
        py_err_fmt(I, PY_E_TypeError, "%s.%s() takes no keyword arguments", owner->name, name);
        return -1;
    }
    if (nargs != n) {
        if (n == 0) py_err_fmt(I, PY_E_TypeError, "%s.%s() takes no arguments (%zu given)", owner->name, name, nargs);
        else if (n == 1) py_err_fmt(I, PY_E_TypeError, "%s.%s() takes exactly one argument (%zu given)", owner->name, name, nargs);
        else py_err_fmt(I, PY_E_TypeError, "expected %zu arguments, got %zu", n, nargs);
        return -1;
    }
    return 0;
}

/* args[0] is self */
static py_val call_slot_wrapper(py_interp *I, py_val fv, const py_val *args, size_t nargs, py_val kw)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(fv);
    py_type *owner = f->owner;
    const slotdef *sd = &slotdefs[py_int_val(f->self)];
    if (nargs < 1) {
        if (sd->kind == SW_NEW) return py_err_fmt(I, PY_E_TypeError, "%s.__new__(): not enough arguments", owner->name);
        return py_err_fmt(I, PY_E_TypeError, "descriptor '%s' of '%s' object needs an argument", sd->name, owner->name);
    }
    py_val self = args[0];
    if (sd->kind != SW_NEW && !py_type_is_subtype(py_typeof(I, self), owner)) {
        return py_err_fmt(I, PY_E_TypeError, "descriptor '%s' requires a '%s' object but received a '%s'",
                          sd->name, owner->name, py_type_name(I, self));
    }
    args++;
    nargs--;
    void *fn = *SLOTPTR(&owner->s, sd->off);
    const char *nm = sd->name;
    switch (sd->kind) {
    case SW_UNARY:
        if (want_args(I, owner, nm, nargs, kw, 0)) return PY_NULL;
        if (sd->off == SO(repr) && !fn) return py_object_repr_default(I, self);
        if (sd->off == SO(str) && !fn) return py_repr(I, self);
        return ((py_unfn)fn)(I, self);
    case SW_NEXT: {
        if (want_args(I, owner, nm, nargs, kw, 0)) return PY_NULL;
        py_val r = ((py_unfn)fn)(I, self);
        if (!r && !py_err_occurred(I)) py_err_stopiteration(I, PY_NULL);
        return r;
    }
    case SW_BINARY: case SW_IBINARY:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        return ((py_binfn)fn)(I, self, args[0]);
    case SW_RBINARY:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        return ((py_binfn)fn)(I, args[0], self);
    case SW_POW:
        if (nargs == 2 && args[1] != PY_NONE) return py_pow3(I, self, args[0], args[1]);
        if (nargs < 1 || nargs > 2) return py_err_fmt(I, PY_E_TypeError, "expected 1 or 2 arguments, got %zu", nargs);
        return ((py_binfn)fn)(I, self, args[0]);
    case SW_RPOW:
        if (nargs < 1 || nargs > 2) return py_err_fmt(I, PY_E_TypeError, "expected 1 or 2 arguments, got %zu", nargs);
        return ((py_binfn)fn)(I, args[0], self);
    case SW_RICH:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        return ((py_val (*)(py_interp *, py_val, py_val, int))fn)(I, self, args[0], sd->arg);
    case SW_HASH: {
        if (want_args(I, owner, nm, nargs, kw, 0)) return PY_NULL;
        int64_t h;
        if (!fn) { if (py_hash(I, self, &h)) return PY_NULL; }
        else if (((int (*)(py_interp *, py_val, int64_t *))fn)(I, self, &h)) return PY_NULL;
        return py_int_from_i64(I, h);
    }
    case SW_LEN: {
        if (want_args(I, owner, nm, nargs, kw, 0)) return PY_NULL;
        int64_t n = ((int64_t (*)(py_interp *, py_val))fn)(I, self);
        return n < 0 ? PY_NULL : py_int_from_i64(I, n);
    }
    case SW_BOOL: {
        if (want_args(I, owner, nm, nargs, kw, 0)) return PY_NULL;
        int b = ((int (*)(py_interp *, py_val))fn)(I, self);
        return b < 0 ? PY_NULL : py_bool(b);
    }
    case SW_GETITEM:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        return ((py_binfn)fn)(I, self, args[0]);
    case SW_SETITEM:
        if (want_args(I, owner, nm, nargs, kw, 2)) return PY_NULL;
        return ((int (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, args[0], args[1]) ? PY_NULL : PY_NONE;
    case SW_DELITEM:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        return ((int (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, args[0], PY_NULL) ? PY_NULL : PY_NONE;
    case SW_CONTAINS: {
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        int b = ((int (*)(py_interp *, py_val, py_val))fn)(I, self, args[0]);
        return b < 0 ? PY_NULL : py_bool(b);
    }
    case SW_GETATTR:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, args[0]));
        if (!fn) return py_generic_getattr(I, self, args[0]);
        return ((py_binfn)fn)(I, self, args[0]);
    case SW_SETATTR:
        if (want_args(I, owner, nm, nargs, kw, 2)) return PY_NULL;
        if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, args[0]));
        if (!fn) fn = (void *)py_generic_setattr;
        return ((int (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, args[0], args[1]) ? PY_NULL : PY_NONE;
    case SW_DELATTR:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        if (!fn) fn = (void *)py_generic_setattr;
        return ((int (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, args[0], PY_NULL) ? PY_NULL : PY_NONE;
    case SW_CALL:
        return ((py_vcallfn)fn)(I, self, args, nargs, kw);
    case SW_INIT:
        if (!fn) return PY_NONE;
        return ((int (*)(py_interp *, py_val, const py_val *, size_t, py_val))fn)(I, self, args, nargs, kw) ? PY_NULL : PY_NONE;
    case SW_NEW: {
        /* T.__new__(cls, *args) */
        if (nargs + 1 < 1 || !py_is_typeobj(self))
            return py_err_fmt(I, PY_E_TypeError, "%s.__new__(X): X is not a type object (%s)", owner->name, py_type_name(I, self));
        py_type *cls = PY_TYPEOBJ(self);
        if (!py_type_is_subtype(cls, owner))
            return py_err_fmt(I, PY_E_TypeError, "%s.__new__(%s): %s is not a subtype of %s", owner->name, cls->name, cls->name, owner->name);
        return ((py_val (*)(py_interp *, py_type *, const py_val *, size_t, py_val))fn)(I, cls, args, nargs, kw);
    }
    case SW_GET: {
        if (nargs < 1 || nargs > 2) return py_err_fmt(I, PY_E_TypeError, "expected 1 or 2 arguments, got %zu", nargs);
        py_val obj = args[0] == PY_NONE ? PY_NULL : args[0];
        return ((py_val (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, obj, nargs > 1 ? args[1] : PY_NULL);
    }
    case SW_SET:
        if (want_args(I, owner, nm, nargs, kw, 2)) return PY_NULL;
        return ((int (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, args[0], args[1]) ? PY_NULL : PY_NONE;
    case SW_DELETE:
        if (want_args(I, owner, nm, nargs, kw, 1)) return PY_NULL;
        return ((int (*)(py_interp *, py_val, py_val, py_val))fn)(I, self, args[0], PY_NULL) ? PY_NULL : PY_NONE;
    }
    (void)sw_qual;
    return py_err_str(I, PY_E_SystemError, "bad slot wrapper");
}

py_val py_slot_wrapper_call(py_interp *I, py_val fv, const py_val *args, size_t nargs, py_val kw);
py_val py_slot_wrapper_call(py_interp *I, py_val fv, const py_val *args, size_t nargs, py_val kw)
{
    return call_slot_wrapper(I, fv, args, nargs, kw);
}

/* ---- type dicts ---------------------------------------------------------------------- */
static int add_methods(py_interp *I, py_type *t, py_val dict, const py_methoddef *m)
{
    for (; m && m->name; m++) {
        py_val f;
        if (m->flags & PY_METH_STATIC) {
            py_val fn = py_cfunc_new(I, m, PY_NULL, t->name);
            if (!fn) return -1;
            py_wrapmeth *w = (py_wrapmeth *)py_obj_new(I, PY_TYPE(I, PY_T_STATICMETHOD), sizeof(py_wrapmeth));
            if (!w) { py_decref(I, fn); return -1; }
            w->func = fn;
            f = PY_VAL(w);
        } else {
            py_cfunc *c = (py_cfunc *)py_obj_new(I, PY_TYPE(I, PY_T_METHOD_DESCR), sizeof(py_cfunc));
            if (!c) return -1;
            c->def = m;
            c->owner = t;
            c->qualprefix = t->name;
            f = PY_VAL(c);
        }
        int r = py_dict_set_c(I, dict, m->name, f);
        py_decref(I, f);
        if (r) return -1;
    }
    return 0;
}

static int add_getsets(py_interp *I, py_type *t, py_val dict, const py_getsetdef *g)
{
    for (; g && g->name; g++) {
        py_getset_descr *d = (py_getset_descr *)py_obj_new(I, PY_TYPE(I, PY_T_GETSET_DESCR), sizeof(py_getset_descr));
        if (!d) return -1;
        d->def = g;
        d->owner = t;
        int r = py_dict_set_c(I, dict, g->name, PY_VAL(d));
        py_decref(I, PY_VAL(d));
        if (r) return -1;
    }
    return 0;
}

static int add_slot_wrappers(py_interp *I, py_type *t, py_val dict)
{
    const py_slots *own = &t->def->slots;
    const py_slots *base = t->base ? &t->base->s : NULL;
    for (int i = 0; slotdefs[i].name; i++) {
        void *fn = *SLOTPTR(own, slotdefs[i].off);
        if (!fn) {
            /* object's defaults are exposed even when implicit */
            if (t->id != PY_T_OBJECT) continue;
            int k = slotdefs[i].kind;
            if (!(k == SW_UNARY && (slotdefs[i].off == SO(repr) || slotdefs[i].off == SO(str))) &&
                k != SW_HASH && k != SW_GETATTR && k != SW_SETATTR && k != SW_DELATTR && k != SW_INIT &&
                k != SW_RICH)
                continue;
        } else if (base && fn == *SLOTPTR(base, slotdefs[i].off) && t->id != PY_T_OBJECT) {
            continue;   /* inherited, not defined here */
        }
        if (slotdefs[i].kind == SW_HASH && fn && fn == (void *)py_hash_unhashable) {
            if (py_dict_set_c(I, dict, "__hash__", PY_NONE)) return -1;
            continue;
        }
        py_val name = py_intern(I, slotdefs[i].name);
        if (!name) return -1;
        py_val have = py_dict_get(I, dict, name);
        if (have) { py_decref(I, name); continue; }
        py_val w = wrapper_new(I, t, i);
        if (!w) { py_decref(I, name); return -1; }
        int r = py_dict_set(I, dict, name, w);
        py_decref(I, name);
        py_decref(I, w);
        if (r) return -1;
    }
    return 0;
}

py_val py_type_dict(py_interp *I, py_type *t)
{
    if (t->dict) return t->dict;
    py_val d = py_dict_new(I);
    if (!d) return PY_NULL;
    t->dict = d;
    PY_DICT(d)->typedict = 1;
    I->type_epoch++;
    if (t->def && !(t->flags & PY_TF_HEAP)) {
        if (add_methods(I, t, d, t->def->methods) || add_getsets(I, t, d, t->def->getsets) ||
            add_slot_wrappers(I, t, d)) {
            return PY_NULL;
        }
        if (!py_dict_get_c(I, d, "__doc__")) py_dict_set_c(I, d, "__doc__", PY_NONE);
    }
    return d;
}

static py_val ensure_mro(py_interp *I, py_type *t)
{
    if (t->mro) return t->mro;
    size_t n = 0;
    for (py_type *b = t; b; b = b->base) n++;
    py_val m = py_tuple_new(I, n);
    if (!m) return PY_NULL;
    size_t i = 0;
    for (py_type *b = t; b; b = b->base) PY_TUPLE(m)->items[i++] = py_newref(PY_VAL(b));
    t->mro = m;
    if (!t->bases) {
        t->bases = t->base ? py_tuple_pack(I, 1, PY_VAL(t->base)) : py_tuple_new(I, 0);
        if (!t->bases) return PY_NULL;
    }
    return m;
}

/* The type attribute cache: (type, interned name) -> value found along the
 * MRO (borrowed; PY_NULL for "absent"), valid while I->type_epoch is
 * unchanged.  The epoch moves whenever any type's dict is mutated, a type is
 * created, cleared or freed — so a stale entry can never be returned.  Only
 * interned names are cached (their address identifies them for the run). */
#define TCACHE_BITS 10
typedef struct py_tcache_ent {
    py_type *type;
    py_val name;
    py_val value;
    uint64_t epoch;
} py_tcache_ent;

static py_val lookup_mro(py_interp *I, py_type *t, py_val name)
{
    py_val mro = ensure_mro(I, t);
    if (!mro) { py_err_clear(I); return PY_NULL; }
    py_tuple *m = PY_TUPLE(mro);
    int64_t h = py_str_hash(name);
    for (size_t i = 0; i < m->n; i++) {
        py_type *b = PY_TYPEOBJ(m->items[i]);
        py_val d = b->dict ? b->dict : py_type_dict(I, b);
        if (!d) { py_err_clear(I); continue; }
        py_val v = py_dict_get_h(I, d, name, h);
        if (v) return v;
    }
    return PY_NULL;
}

py_val py_type_lookup(py_interp *I, py_type *t, py_val name)
{
    if (!py_is_ptr(name) || !PY_IS(name, STR) || !PY_STR(name)->interned) return lookup_mro(I, t, name);
    py_tcache_ent *c = I->tcache;
    if (!c) {
        if (++I->tcache_warm < 512) return lookup_mro(I, t, name);
        c = py_alloc(I, sizeof(py_tcache_ent) << TCACHE_BITS);
        if (!c) { py_err_clear(I); I->tcache_warm = 0; return lookup_mro(I, t, name); }
        memset(c, 0, sizeof(py_tcache_ent) << TCACHE_BITS);
        I->tcache = c;
    }
    uintptr_t k = ((uintptr_t)t >> 4) * 0x9E3779B1u ^ ((uintptr_t)name >> 3);
    py_tcache_ent *e = &c[(k ^ (k >> TCACHE_BITS)) & ((1u << TCACHE_BITS) - 1)];
    uint64_t ep = I->type_epoch;
    if (e->type == t && e->name == name && e->epoch == ep) return e->value;
    py_val v = lookup_mro(I, t, name);
    if (I->type_epoch == ep && !py_err_occurred(I)) {
        e->type = t; e->name = name; e->value = v; e->epoch = ep;
    }
    return v;
}

void py_type_cache_free(py_interp *I)
{
    if (I->tcache) py_free(I, I->tcache, sizeof(py_tcache_ent) << TCACHE_BITS);
    I->tcache = NULL;
}

/* ---- generic attribute access --------------------------------------------------- */
py_val *py_inst_dictptr(py_val self)
{
    if (!py_is_ptr(self)) return NULL;
    py_type *t = PY_OBJ(self)->type;
    if (!t->dictoffset || (t->flags & PY_TF_SUBCLASS_DICT)) return NULL;
    /* -1: after a str subclass instance's text (variable size) */
    if (t->dictoffset == -1) return (py_val *)((char *)PY_OBJ(self) + py_str_dict_offset(self));
    if (t->dictoffset == -2) return (py_val *)((char *)PY_OBJ(self) + py_bytes_dict_offset(self));
    return (py_val *)((char *)PY_OBJ(self) + t->dictoffset);
}

static py_val attr_error_msg(py_interp *I, py_val self, py_val name)
{
    if (py_is_typeobj(self))
        return py_err_fmt(I, PY_E_AttributeError, "type object '%s' has no attribute '%s'", PY_TYPEOBJ(self)->name, py_str_data(name));
    if (PY_IS(self, MODULE)) {
        py_module *m = (py_module *)PY_OBJ(self);
        return py_err_fmt(I, PY_E_AttributeError, "module '%s' has no attribute '%s'",
                          m->name ? py_str_data(m->name) : "?", py_str_data(name));
    }
    return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s'", py_type_name(I, self), py_str_data(name));
}

/* AttributeError with .name and .obj set, as CPython's (the traceback's
 * "Did you mean" hint is computed from them when it is printed) */
py_val py_attr_error(py_interp *I, py_val self, py_val name)
{
    attr_error_msg(I, self, name);
    py_val e = I->exc;
    if (e && py_is_exc(e)) {
        py_val *dp = &PY_EXC(e)->dict;
        if (!*dp) *dp = py_dict_new(I);
        /* out of memory here leaves a MemoryError pending instead */
        if (*dp && !py_dict_set_c(I, *dp, "name", name)) (void)py_dict_set_c(I, *dp, "obj", self);
    }
    return PY_NULL;
}

py_val py_generic_getattr_opt(py_interp *I, py_val self, py_val name, int *found)
{
    py_type *t = py_typeof(I, self);
    *found = 1;
    if (!py_is_str(name)) {
        return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, name));
    }
    py_val descr = py_type_lookup(I, t, name);
    py_type *dt = NULL;
    if (descr) {
        dt = py_typeof(I, descr);
        if (dt->s.descr_get && dt->s.descr_set) {
            py_incref(descr);
            py_val r = dt->s.descr_get(I, descr, self, PY_VAL(t));
            py_decref(I, descr);
            return r;
        }
    }
    py_val *dp = py_inst_dictptr(self);
    if (dp && *dp) {
        py_val v = py_dict_get_str(I, *dp, name);
        if (v) return py_newref(v);
    }
    if (descr) {
        if (dt->s.descr_get) {
            py_incref(descr);
            py_val r = dt->s.descr_get(I, descr, self, PY_VAL(t));
            py_decref(I, descr);
            return r;
        }
        return py_newref(descr);
    }
    *found = 0;
    return PY_NULL;
}

py_val py_generic_getattr(py_interp *I, py_val self, py_val name)
{
    int found;
    py_val r = py_generic_getattr_opt(I, self, name, &found);
    if (!r && !found) return py_attr_error(I, self, name);
    return r;
}

int py_generic_setattr(py_interp *I, py_val self, py_val name, py_val v)
{
    py_type *t = py_typeof(I, self);
    if (!py_is_str(name)) {
        py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, name));
        return -1;
    }
    py_val descr = py_type_lookup(I, t, name);
    if (descr) {
        py_type *dt = py_typeof(I, descr);
        if (dt->s.descr_set) {
            py_incref(descr);
            int r = dt->s.descr_set(I, descr, self, v);
            py_decref(I, descr);
            return r;
        }
    }
    py_val *dp = py_inst_dictptr(self);
    if (!dp) {
        if (descr)
            py_err_fmt(I, PY_E_AttributeError, "'%s' object attribute '%s' is read-only", t->name, py_str_data(name));
        else
            py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s' and no __dict__ for setting new attributes",
                       t->name, py_str_data(name));
        return -1;
    }
    if (!*dp) {
        if (!v) {
            py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s'", t->name, py_str_data(name));
            return -1;
        }
        *dp = py_dict_new(I);
        if (!*dp) return -1;
    }
    if (v) return py_dict_set(I, *dp, name, v);
    py_val old;
    int r = py_dict_pop(I, *dp, name, &old);
    if (r < 0) return -1;
    if (!r) {
        py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s'", t->name, py_str_data(name));
        return -1;
    }
    py_decref(I, old);
    return 0;
}

/* ---- slots implemented by Python methods (user classes) ------------------------- */
/* Look up `name` on the type of self and call it with self + args. *found = 0
 * when the type has no such attribute. */
static py_val call_dunder(py_interp *I, py_val self, py_val name, const py_val *args, size_t nargs, int *found)
{
    py_type *t = py_typeof(I, self);
    py_val f = py_type_lookup(I, t, name);
    if (!f) { if (found) *found = 0; return PY_NULL; }
    if (found) *found = 1;
    py_incref(f);
    py_val r;
    py_val stack[8];
    if (nargs < 7 && (PY_IS(f, FUNCTION) || PY_IS(f, METHOD_DESCR))) {
        stack[0] = self;
        for (size_t i = 0; i < nargs; i++) stack[i + 1] = args[i];
        r = py_call(I, f, stack, nargs + 1, PY_NULL);
    } else {
        py_type *ft = py_typeof(I, f);
        py_val bound = ft->s.descr_get ? ft->s.descr_get(I, f, self, PY_VAL(t)) : py_newref(f);
        if (!bound) { py_decref(I, f); return PY_NULL; }
        r = py_call(I, bound, args, nargs, PY_NULL);
        py_decref(I, bound);
    }
    py_decref(I, f);
    return r;
}

#define DUNDER0(fn, id) \
    static py_val fn(py_interp *I, py_val self) \
    { \
        int found; \
        py_val r = call_dunder(I, self, PY_ID(I, id), NULL, 0, &found); \
        if (!found) return py_err_fmt(I, PY_E_TypeError, "'%s' object has no attribute '" #id "'", py_type_name(I, self)); \
        return r; \
    }
DUNDER0(slot_repr_, __repr__)
DUNDER0(slot_str_, __str__)
DUNDER0(slot_iter_, __iter__)
DUNDER0(slot_neg, __neg__)
DUNDER0(slot_pos, __pos__)
DUNDER0(slot_invert, __invert__)
DUNDER0(slot_abs, __abs__)
DUNDER0(slot_index, __index__)
DUNDER0(slot_int, __int__)
DUNDER0(slot_float, __float__)

static py_val slot_repr(py_interp *I, py_val self) { return slot_repr_(I, self); }
static py_val slot_str(py_interp *I, py_val self) { return slot_str_(I, self); }
static py_val slot_iter(py_interp *I, py_val self)
{
    py_val f = py_type_lookup(I, py_typeof(I, self), PY_ID(I, __iter__));
    if (f == PY_NONE) return py_err_fmt(I, PY_E_TypeError, "'%s' object is not iterable", py_type_name(I, self));
    return slot_iter_(I, self);
}

static py_val slot_next(py_interp *I, py_val self)
{
    int found;
    py_val r = call_dunder(I, self, PY_ID(I, __next__), NULL, 0, &found);
    if (!r && py_err_matches(I, PY_E_StopIteration)) {
        py_err_clear(I);
        return PY_NULL;
    }
    return r;
}

static int slot_hash(py_interp *I, py_val self, int64_t *out)
{
    py_val f = py_type_lookup(I, py_typeof(I, self), PY_ID(I, __hash__));
    if (!f || f == PY_NONE) {
        py_err_fmt(I, PY_E_TypeError, "unhashable type: '%s'", py_type_name(I, self));
        return -1;
    }
    int found;
    py_val r = call_dunder(I, self, PY_ID(I, __hash__), NULL, 0, &found);
    if (!r) return -1;
    if (!py_is_intlike(r)) {
        py_decref(I, r);
        py_err_str(I, PY_E_TypeError, "__hash__ method should return an integer");
        return -1;
    }
    /* as CPython: the value itself when it fits a Py_ssize_t, else its int hash */
    int64_t h;
    int rr = 0;
    if (py_is_int(r) || py_is_bool(r)) h = py_is_bool(r) ? r == PY_TRUE : py_int_val(r);
    else if (py_int_to_i64(I, r, &h)) { py_err_clear(I); rr = py_int_hash(r, &h); }
    if (!rr) *out = h == -1 ? -2 : h;
    py_decref(I, r);
    return rr;
}

static const uint8_t rich_ids[6] = { PY_ID___lt__, PY_ID___le__, PY_ID___eq__, PY_ID___ne__, PY_ID___gt__, PY_ID___ge__ };

static py_val slot_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    py_val name = I->ids[rich_ids[op]] ? I->ids[rich_ids[op]] : py_id_make(I, rich_ids[op]);
    py_val f = py_type_lookup(I, py_typeof(I, a), name);
    if (!f || f == PY_NONE) return PY_NOTIMPL;
    int found;
    return call_dunder(I, a, name, &b, 1, &found);
}

static py_val slot_getattr_hook(py_interp *I, py_val self, py_val name)
{
    py_type *t = py_typeof(I, self);
    py_val ga = py_type_lookup(I, t, PY_ID(I, __getattribute__));
    py_val r;
    if (ga && !PY_IS(ga, METHOD_DESCR)) {
        int found;
        r = call_dunder(I, self, PY_ID(I, __getattribute__), &name, 1, &found);
    } else {
        r = py_generic_getattr(I, self, name);
    }
    if (r || !py_err_matches(I, PY_E_AttributeError)) return r;
    py_val g = py_type_lookup(I, t, PY_ID(I, __getattr__));
    if (!g) return PY_NULL;
    py_err_clear(I);
    int found;
    return call_dunder(I, self, PY_ID(I, __getattr__), &name, 1, &found);
}

static int slot_setattr(py_interp *I, py_val self, py_val name, py_val v)
{
    int found;
    py_val r;
    if (v) {
        py_val args[2] = { name, v };
        r = call_dunder(I, self, PY_ID(I, __setattr__), args, 2, &found);
    } else {
        r = call_dunder(I, self, PY_ID(I, __delattr__), &name, 1, &found);
    }
    if (!r) return -1;
    py_decref(I, r);
    return 0;
}

static py_val slot_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_type *t = py_typeof(I, self);
    py_val f = py_type_lookup(I, t, PY_ID(I, __call__));
    if (!f || f == PY_NONE) return py_err_fmt(I, PY_E_TypeError, "'%s' object is not callable", t->name);
    py_type *ft = py_typeof(I, f);
    py_incref(f);
    py_val bound = ft->s.descr_get ? ft->s.descr_get(I, f, self, PY_VAL(t)) : py_newref(f);
    py_decref(I, f);
    if (!bound) return PY_NULL;
    py_val r = py_call(I, bound, args, nargs, kw);
    py_decref(I, bound);
    return r;
}

static int slot_truth(py_interp *I, py_val self)
{
    int found;
    py_val r = call_dunder(I, self, PY_ID(I, __bool__), NULL, 0, &found);
    if (!found) {
        py_val lf = py_type_lookup(I, py_typeof(I, self), PY_ID(I, __len__));
        if (!lf) return 1;
        r = call_dunder(I, self, PY_ID(I, __len__), NULL, 0, &found);
        if (!r) return -1;
        int b = py_truthy(I, r);
        py_decref(I, r);
        return b;
    }
    if (!r) return -1;
    if (!py_is_bool(r)) {
        py_err_fmt(I, PY_E_TypeError, "__bool__ should return bool, returned %s", py_type_name(I, r));
        py_decref(I, r);
        return -1;
    }
    return r == PY_TRUE;
}

static int64_t slot_len(py_interp *I, py_val self)
{
    int found;
    if (py_type_lookup(I, py_typeof(I, self), PY_ID(I, __len__)) == PY_NONE) {
        py_err_fmt(I, PY_E_TypeError, "object of type '%s' has no len()", py_type_name(I, self));
        return -1;
    }
    py_val r = call_dunder(I, self, PY_ID(I, __len__), NULL, 0, &found);
    if (!r) return -1;
    if (!py_is_intlike(r)) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, r));
        py_decref(I, r);
        return -1;
    }
    int64_t n;
    if (py_int_to_i64(I, r, &n)) { py_decref(I, r); return -1; }
    py_decref(I, r);
    if (n < 0) { py_err_str(I, PY_E_ValueError, "__len__() should return >= 0"); return -1; }
    return n;
}

static py_val slot_getitem(py_interp *I, py_val self, py_val key)
{
    int found;
    if (py_type_lookup(I, py_typeof(I, self), PY_ID(I, __getitem__)) == PY_NONE)
        return py_err_fmt(I, PY_E_TypeError, "'%s' object is not subscriptable", py_type_name(I, self));
    py_val r = call_dunder(I, self, PY_ID(I, __getitem__), &key, 1, &found);
    if (!found) return py_err_fmt(I, PY_E_TypeError, "'%s' object is not subscriptable", py_type_name(I, self));
    return r;
}

static int slot_setitem(py_interp *I, py_val self, py_val key, py_val v)
{
    int found;
    py_val r;
    if (v) {
        py_val args[2] = { key, v };
        r = call_dunder(I, self, PY_ID(I, __setitem__), args, 2, &found);
        if (!found) { py_err_fmt(I, PY_E_TypeError, "'%s' object does not support item assignment", py_type_name(I, self)); return -1; }
    } else {
        r = call_dunder(I, self, PY_ID(I, __delitem__), &key, 1, &found);
        if (!found) { py_err_fmt(I, PY_E_TypeError, "'%s' object doesn't support item deletion", py_type_name(I, self)); return -1; }
    }
    if (!r) return -1;
    py_decref(I, r);
    return 0;
}

static int slot_contains(py_interp *I, py_val self, py_val v)
{
    int found;
    if (py_type_lookup(I, py_typeof(I, self), PY_ID(I, __contains__)) == PY_NONE) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object is not a container", py_type_name(I, self));
        return -1;
    }
    py_val r = call_dunder(I, self, PY_ID(I, __contains__), &v, 1, &found);
    if (!found) {
        /* fall back to iteration */
        py_val it = py_iter(I, self);
        if (!it) return -1;
        for (;;) {
            py_val x = py_next(I, it);
            if (!x) break;
            int e = py_eq(I, x, v);
            py_decref(I, x);
            if (e) { py_decref(I, it); return e; }
        }
        py_decref(I, it);
        return py_err_occurred(I) ? -1 : 0;
    }
    if (!r) return -1;
    int b = py_truthy(I, r);
    py_decref(I, r);
    return b;
}

static py_val slot_descr_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    int found;
    py_val args[2] = { obj ? obj : PY_NONE, type ? type : PY_NONE };
    return call_dunder(I, self, PY_ID(I, __get__), args, 2, &found);
}

static int slot_descr_set(py_interp *I, py_val self, py_val obj, py_val v)
{
    int found;
    py_val r;
    if (v) {
        py_val args[2] = { obj, v };
        r = call_dunder(I, self, PY_ID(I, __set__), args, 2, &found);
    } else {
        r = call_dunder(I, self, PY_ID(I, __delete__), &obj, 1, &found);
    }
    if (!found) {
        py_err_fmt(I, PY_E_AttributeError, v ? "__set__" : "__delete__");
        return -1;
    }
    if (!r) return -1;
    py_decref(I, r);
    return 0;
}

static int slot_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_type *t = py_typeof(I, self);
    py_val f = py_type_lookup(I, t, PY_ID(I, __init__));
    if (!f) return 0;
    py_incref(f);
    py_val r;
    py_val stackbuf[8];
    size_t total = nargs + (kw ? py_tuple_len(kw) : 0);
    if (PY_IS(f, FUNCTION)) {
        py_val *all = stackbuf;
        if (total + 1 > 8) {
            all = py_alloc(I, (total + 1) * sizeof(py_val));
            if (!all) { py_decref(I, f); return -1; }
        }
        all[0] = self;
        memcpy(all + 1, args, total * sizeof(py_val));
        r = py_call(I, f, all, nargs + 1, kw);
        if (all != stackbuf) py_free(I, all, (total + 1) * sizeof(py_val));
    } else {
        py_type *ft = py_typeof(I, f);
        py_val bound = ft->s.descr_get ? ft->s.descr_get(I, f, self, PY_VAL(t)) : py_newref(f);
        if (!bound) { py_decref(I, f); return -1; }
        r = py_call(I, bound, args, nargs, kw);
        py_decref(I, bound);
    }
    py_decref(I, f);
    if (!r) return -1;
    if (r != PY_NONE) {
        py_err_fmt(I, PY_E_TypeError, "__init__() should return None, not '%s'", py_type_name(I, r));
        py_decref(I, r);
        return -1;
    }
    return 0;
}

static py_val slot_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val f = py_type_lookup(I, t, PY_ID(I, __new__));
    if (!f) return py_err_str(I, PY_E_TypeError, "no __new__");
    py_incref(f);
    /* __new__ is a staticmethod: unwrap */
    py_val fn = f;
    if (PY_IS(f, STATICMETHOD)) fn = ((py_wrapmeth *)PY_OBJ(f))->func;
    size_t total = nargs + (kw ? py_tuple_len(kw) : 0);
    py_val stackbuf[8];
    py_val *all = stackbuf;
    if (total + 1 > 8) {
        all = py_alloc(I, (total + 1) * sizeof(py_val));
        if (!all) { py_decref(I, f); return PY_NULL; }
    }
    all[0] = PY_VAL(t);
    memcpy(all + 1, args, total * sizeof(py_val));
    py_val r = py_call(I, fn, all, nargs + 1, kw);
    if (all != stackbuf) py_free(I, all, (total + 1) * sizeof(py_val));
    py_decref(I, f);
    return r;
}

/* binary operators: self may be on either side */
static const uint8_t nb_ids[PY_NB_COUNT][2] = {
    { PY_ID___add__, PY_ID___radd__ }, { PY_ID___sub__, PY_ID___rsub__ }, { PY_ID___mul__, PY_ID___rmul__ },
    { PY_ID___matmul__, PY_ID___rmatmul__ }, { PY_ID___truediv__, PY_ID___rtruediv__ },
    { PY_ID___floordiv__, PY_ID___rfloordiv__ }, { PY_ID___mod__, PY_ID___rmod__ },
    { PY_ID___pow__, PY_ID___rpow__ }, { PY_ID___lshift__, PY_ID___rlshift__ },
    { PY_ID___rshift__, PY_ID___rrshift__ }, { PY_ID___or__, PY_ID___ror__ },
    { PY_ID___xor__, PY_ID___rxor__ }, { PY_ID___and__, PY_ID___rand__ },
    { PY_ID___divmod__, PY_ID___rdivmod__ },
};
static const uint8_t nbi_ids[PY_NB_COUNT] = {
    PY_ID___iadd__, PY_ID___isub__, PY_ID___imul__, PY_ID___imatmul__, PY_ID___itruediv__,
    PY_ID___ifloordiv__, PY_ID___imod__, PY_ID___ipow__, PY_ID___ilshift__, PY_ID___irshift__,
    PY_ID___ior__, PY_ID___ixor__, PY_ID___iand__, 0,
};

static py_val idname(py_interp *I, int id) { return I->ids[id] ? I->ids[id] : py_id_make(I, id); }

static py_val try_dunder(py_interp *I, py_val self, py_val name, py_val other)
{
    py_val f = py_type_lookup(I, py_typeof(I, self), name);
    if (!f || f == PY_NONE) return PY_NOTIMPL;
    int found;
    return call_dunder(I, self, name, &other, 1, &found);
}

static py_val slot_binop(py_interp *I, py_val a, py_val b, int op)
{
    py_type *ta = py_typeof(I, a), *tb = py_typeof(I, b);
    py_val fwd = idname(I, nb_ids[op][0]), rev = idname(I, nb_ids[op][1]);
    int a_user = (ta->flags & PY_TF_HEAP) != 0;
    int b_user = (tb->flags & PY_TF_HEAP) != 0 && ta != tb;
    py_val r;
    if (a_user) {
        if (b_user && py_type_is_subtype(tb, ta)) {
            r = try_dunder(I, b, rev, a);
            if (r != PY_NOTIMPL) return r;
            b_user = 0;
        }
        r = try_dunder(I, a, fwd, b);
        if (r != PY_NOTIMPL) return r;
        if (!b_user) {
            /* a builtin base may still implement it */
            if (ta->base && ta->base->s.nb[op] && !(ta->base->flags & PY_TF_HEAP)) {
                r = ta->base->s.nb[op](I, a, b);
                if (r != PY_NOTIMPL) return r;
            }
        }
    }
    if (b_user || (!a_user && (tb->flags & PY_TF_HEAP))) {
        r = try_dunder(I, b, rev, a);
        if (r != PY_NOTIMPL) return r;
    }
    return PY_NOTIMPL;
}

#define SLOT_NB(op) \
    static py_val slot_nb_##op(py_interp *I, py_val a, py_val b) { return slot_binop(I, a, b, op); }
SLOT_NB(0) SLOT_NB(1) SLOT_NB(2) SLOT_NB(3) SLOT_NB(4) SLOT_NB(5) SLOT_NB(6) SLOT_NB(7) SLOT_NB(8)
SLOT_NB(9) SLOT_NB(10) SLOT_NB(11) SLOT_NB(12) SLOT_NB(13)
static const py_binfn slot_nb_fns[PY_NB_COUNT] = {
    slot_nb_0, slot_nb_1, slot_nb_2, slot_nb_3, slot_nb_4, slot_nb_5, slot_nb_6, slot_nb_7,
    slot_nb_8, slot_nb_9, slot_nb_10, slot_nb_11, slot_nb_12, slot_nb_13,
};

static py_val slot_inplace(py_interp *I, py_val a, py_val b, int op)
{
    return try_dunder(I, a, idname(I, nbi_ids[op]), b);
}
#define SLOT_NBI(op) \
    static py_val slot_nbi_##op(py_interp *I, py_val a, py_val b) { return slot_inplace(I, a, b, op); }
SLOT_NBI(0) SLOT_NBI(1) SLOT_NBI(2) SLOT_NBI(3) SLOT_NBI(4) SLOT_NBI(5) SLOT_NBI(6) SLOT_NBI(7)
SLOT_NBI(8) SLOT_NBI(9) SLOT_NBI(10) SLOT_NBI(11) SLOT_NBI(12)
static const py_binfn slot_nbi_fns[PY_NB_COUNT] = {
    slot_nbi_0, slot_nbi_1, slot_nbi_2, slot_nbi_3, slot_nbi_4, slot_nbi_5, slot_nbi_6, slot_nbi_7,
    slot_nbi_8, slot_nbi_9, slot_nbi_10, slot_nbi_11, slot_nbi_12, NULL,
};

/* Is `name` defined by a class (heap type) in t's MRO before any builtin? */
static int user_defined(py_interp *I, py_type *t, py_val name, py_val *found)
{
    py_tuple *m = PY_TUPLE(t->mro);
    int64_t h = py_str_hash(name);
    for (size_t i = 0; i < m->n; i++) {
        py_type *b = PY_TYPEOBJ(m->items[i]);
        py_val d = b->dict ? b->dict : py_type_dict(I, b);
        if (!d) continue;
        py_val v = py_dict_get_h(I, d, name, h);
        if (v) {
            if (found) *found = v;
            return (b->flags & PY_TF_HEAP) != 0;
        }
    }
    return 0;
}

/* Derive every slot of a class from its MRO. */
static void fixup_slots(py_interp *I, py_type *t)
{
    py_val v;
    t->s = t->base->s;
    /* inherit from the other bases for slots the solid base lacks */
    py_tuple *m = PY_TUPLE(t->mro);
    for (size_t i = 1; i < m->n; i++) inherit_slots(&t->s, &PY_TYPEOBJ(m->items[i])->s);
#define USER(id) user_defined(I, t, idname(I, PY_ID_##id), &v)
    if (USER(__repr__)) t->s.repr = slot_repr;
    if (USER(__str__)) t->s.str = slot_str;
    if (USER(__iter__)) t->s.iter = slot_iter;
    if (USER(__next__)) t->s.next = slot_next;
    if (USER(__neg__)) t->s.neg = slot_neg;
    if (USER(__pos__)) t->s.pos = slot_pos;
    if (USER(__invert__)) t->s.invert = slot_invert;
    if (USER(__abs__)) t->s.abs = slot_abs;
    if (USER(__index__)) t->s.index = slot_index;
    if (USER(__int__)) t->s.to_int = slot_int;
    if (USER(__float__)) t->s.to_float = slot_float;
    if (USER(__bool__)) t->s.truth = slot_truth;
    if (USER(__len__)) { t->s.len = slot_len; if (!USER(__bool__)) t->s.truth = slot_truth; }
    if (USER(__getitem__)) t->s.getitem = slot_getitem;
    if (USER(__setitem__) || USER(__delitem__)) t->s.setitem = slot_setitem;
    if (USER(__contains__)) t->s.contains = slot_contains;
    if (USER(__call__)) t->s.call = slot_call;
    if (USER(__get__)) t->s.descr_get = slot_descr_get;
    if (USER(__set__) || USER(__delete__)) t->s.descr_set = slot_descr_set;
    if (USER(__init__)) t->s.init = slot_init;
    if (USER(__new__)) t->s.new_ = slot_new;
    if (USER(__setattr__) || USER(__delattr__)) t->s.setattr = slot_setattr;
    if (USER(__getattr__) || USER(__getattribute__)) t->s.getattr = slot_getattr_hook;
    if (USER(__hash__)) t->s.hash = v == PY_NONE ? py_hash_unhashable : slot_hash;
    if (user_defined(I, t, PY_ID(I, __del__), NULL)) { t->flags |= PY_TF_FINALIZE; I->fin_used = 1; }
    else t->flags &= ~(uint32_t)PY_TF_FINALIZE;
    for (int op = 0; op < 6; op++)
        if (user_defined(I, t, idname(I, rich_ids[op]), NULL)) { t->s.richcmp = slot_richcmp; break; }
    for (int op = 0; op < PY_NB_COUNT; op++) {
        if (user_defined(I, t, idname(I, nb_ids[op][0]), NULL) || user_defined(I, t, idname(I, nb_ids[op][1]), NULL))
            t->s.nb[op] = slot_nb_fns[op];
        if (nbi_ids[op] && user_defined(I, t, idname(I, nbi_ids[op]), NULL)) t->s.nb_inplace[op] = slot_nbi_fns[op];
    }
#undef USER
    py_err_clear(I);
}

void py_type_modified(py_type *t) { t->version++; }

int py_type_set_slot_for(py_interp *I, py_type *t, py_val name)
{
    (void)name;
    if (!(t->flags & PY_TF_HEAP)) return 0;
    fixup_slots(I, t);
    return 0;
}

/* ---- C3 MRO ------------------------------------------------------------------------ */
static py_val compute_mro(py_interp *I, py_type *t, py_val bases)
{
    size_t nb = py_tuple_len(bases);
    /* sequences: each base's mro, then the bases list */
    size_t nseq = nb + 1;
    py_val *seqs = py_zalloc(I, nseq * sizeof(py_val));
    if (!seqs) return PY_NULL;
    for (size_t i = 0; i < nb; i++) {
        py_type *b = PY_TYPEOBJ(py_tuple_items(bases)[i]);
        py_val m = ensure_mro(I, b);
        if (!m) goto fail;
        seqs[i] = py_sequence_list(I, m);
        if (!seqs[i]) goto fail;
    }
    seqs[nb] = py_sequence_list(I, bases);
    if (!seqs[nb]) goto fail;
    py_val result = py_list_new(I, 0);
    if (!result) goto fail;
    if (py_list_append(I, result, PY_VAL(t))) { py_decref(I, result); goto fail; }
    for (;;) {
        int empty = 1;
        for (size_t i = 0; i < nseq; i++) if (PY_LIST(seqs[i])->n) { empty = 0; break; }
        if (empty) break;
        py_val cand = PY_NULL;
        for (size_t i = 0; i < nseq && !cand; i++) {
            if (!PY_LIST(seqs[i])->n) continue;
            py_val c = PY_LIST(seqs[i])->items[0];
            int intail = 0;
            for (size_t j = 0; j < nseq && !intail; j++) {
                py_list *l = PY_LIST(seqs[j]);
                for (size_t k = 1; k < l->n; k++) if (l->items[k] == c) { intail = 1; break; }
            }
            if (!intail) cand = c;
        }
        if (!cand) {
            sk_buf b = SK_BUF_INIT(I->alloc);
            sk_buf_puts(&b, "Cannot create a consistent method resolution order (MRO) for bases ");
            for (size_t i = 0; i < nb; i++) {
                if (i) sk_buf_puts(&b, ", ");
                sk_buf_puts(&b, PY_TYPEOBJ(py_tuple_items(bases)[i])->name);
            }
            py_err_str(I, PY_E_TypeError, sk_buf_cstr(&b));
            sk_buf_free(&b);
            py_decref(I, result);
            goto fail;
        }
        if (py_list_append(I, result, cand)) { py_decref(I, result); goto fail; }
        for (size_t i = 0; i < nseq; i++) {
            py_list *l = PY_LIST(seqs[i]);
            if (l->n && l->items[0] == cand) {
                py_val x = l->items[0];
                memmove(l->items, l->items + 1, (l->n - 1) * sizeof(py_val));
                l->n--;
                py_decref(I, x);
            }
        }
    }
    for (size_t i = 0; i < nseq; i++) py_xdecref(I, seqs[i]);
    py_free(I, seqs, nseq * sizeof(py_val));
    py_val tup = py_sequence_tuple(I, result);
    py_decref(I, result);
    return tup;
fail:
    for (size_t i = 0; i < nseq; i++) py_xdecref(I, seqs[i]);
    py_free(I, seqs, nseq * sizeof(py_val));
    return PY_NULL;
}

/* The builtin type whose instance layout a class inherits. */
static py_type *solid_base(py_type *t)
{
    while (t->flags & PY_TF_HEAP) t = t->base;
    return t;
}

/* The nearest class whose instance layout differs from its base's: a
 * builtin, or a class whose __slots__ add members (CPython's solid_base).
 * Two bases whose layout bases are not on one line cannot be combined. */
static py_type *layout_base(py_type *t)
{
    while (t->flags & PY_TF_HEAP) {
        if (t->slotnames) {
            for (size_t i = 0; i < py_tuple_len(t->slotnames); i++) {
                py_val sn = py_tuple_items(t->slotnames)[i];
                if (py_is_str(sn) && !py_str_eq_c(sn, "__dict__") && !py_str_eq_c(sn, "__weakref__")) return t;
            }
        }
        t = t->base;
    }
    /* a builtin type that adds no fields shares its base's layout (CPython's solid_base):
       ZeroDivisionError and TypeError can be combined as bases */
    while (t->base && t->basicsize == t->base->basicsize && t->dictoffset == t->base->dictoffset) t = t->base;
    return t;
}

/* ---- class creation ----------------------------------------------------------------- */
py_val py_class_new(py_interp *I, py_val name, py_val bases, py_val ns, py_val kwds)
{
    py_type *meta = PY_TYPE(I, PY_T_TYPE);
    size_t nb = py_tuple_len(bases);
    py_val own_bases = PY_NULL;
    if (nb == 0) {
        own_bases = py_tuple_pack(I, 1, PY_VAL(PY_TYPE(I, PY_T_OBJECT)));
        if (!own_bases) return PY_NULL;
        bases = own_bases;
        nb = 1;
    }
    /* choose the best base: its solid layout must extend every other's */
    py_type *best = NULL, *best_solid = NULL;
    for (size_t i = 0; i < nb; i++) {
        py_val bv = py_tuple_items(bases)[i];
        if (!py_is_typeobj(bv)) {
            py_xdecref(I, own_bases);
            return py_err_fmt(I, PY_E_TypeError, "bases must be types");
        }
        py_type *b = PY_TYPEOBJ(bv);
        if (!(b->flags & (PY_TF_BASETYPE | PY_TF_HEAP)) && b->id != PY_T_OBJECT) {
            py_xdecref(I, own_bases);
            return py_err_fmt(I, PY_E_TypeError, "type '%s' is not an acceptable base type", b->name);
        }
        py_type *s = layout_base(b);
        if (!best) { best = b; best_solid = s; continue; }
        if (py_type_is_subtype(s, best_solid)) { if (s != best_solid) { best = b; best_solid = s; } }
        else if (!py_type_is_subtype(best_solid, s)) {
            py_xdecref(I, own_bases);
            return py_err_str(I, PY_E_TypeError, "multiple bases have instance lay-out conflict");
        }
    }
    best_solid = solid_base(best);
    py_type *mt = py_typeof(I, PY_VAL(best));
    if (py_type_is_subtype(mt, meta)) meta = mt;
    py_gchead *g = py_zalloc(I, sizeof(py_type) + sizeof(py_gchead));
    if (!g) { py_xdecref(I, own_bases); return PY_NULL; }
    py_type *t = (py_type *)PY_GCOBJ(g);
    t->ob.rc = 1;
    t->ob.type = meta;
    if (meta->flags & PY_TF_HEAP) meta->ob.rc++;
    t->flags = PY_TF_HEAP | PY_TF_BASETYPE | PY_TF_GC |
               (best->flags & (PY_TF_INT_SUB | PY_TF_EXC_SUB | PY_TF_TUPLE_SUB | PY_TF_LIST_SUB |
                               PY_TF_DICT_SUB | PY_TF_TYPE_SUB | PY_TF_STR_SUB | PY_TF_SET_SUB |
                               PY_TF_FROZENSET_SUB | PY_TF_BYTES_SUB | PY_TF_FLOAT_SUB | PY_TF_COMPLEX_SUB));
    t->id = best_solid->id;
    t->base = best;
    py_incref(PY_VAL(best));
    t->bases = py_newref(bases);
    t->name_obj = py_newref(name);
    t->name = py_str_data(name);
    t->def = best->def;
    t->basicsize = best->basicsize;
    t->dictoffset = best->dictoffset;
    if (!t->dictoffset && !(best_solid->flags & PY_TF_TUPLE_SUB) && best_solid->id != PY_T_STR &&
        best_solid->id != PY_T_BYTES) {
        t->dictoffset = (int32_t)t->basicsize;
        t->basicsize += sizeof(py_val);
    }
    if (best_solid->id == PY_T_STR) t->dictoffset = -1;     /* after the text, see py_inst_dictptr */
    if (best_solid->id == PY_T_BYTES) t->dictoffset = -2;   /* after the data */
    py_gc_track(I, &t->ob);
    py_val tv = PY_VAL(t);
    py_xdecref(I, own_bases);
    t->mro = compute_mro(I, t, t->bases);
    if (!t->mro) { py_decref(I, tv); return PY_NULL; }
    t->dict = py_dict_copy(I, ns);
    if (!t->dict) { py_decref(I, tv); return PY_NULL; }
    PY_DICT(t->dict)->typedict = 1;
    I->type_epoch++;
    /* __qualname__ and __module__ */
    py_val qn = py_dict_get(I, t->dict, PY_ID(I, __qualname__));
    if (qn && py_is_str(qn)) {
        t->qualname = py_newref(qn);
        py_dict_pop(I, t->dict, PY_ID(I, __qualname__), &qn);
        py_decref(I, qn);
    } else {
        t->qualname = py_newref(name);
    }
    py_val mod = py_dict_get(I, t->dict, PY_ID(I, __module__));
    if (mod) t->module = py_newref(mod);
    if (!py_dict_get(I, t->dict, PY_ID(I, __doc__))) py_dict_set(I, t->dict, PY_ID(I, __doc__), PY_NONE);
    /* __eq__ without __hash__ makes instances unhashable */
    if (py_dict_get(I, t->dict, PY_ID(I, __eq__)) && !py_dict_get(I, t->dict, PY_ID(I, __hash__)))
        py_dict_set(I, t->dict, PY_ID(I, __hash__), PY_NONE);
    /* __new__ / __init_subclass__ / __class_getitem__ are implicitly static/class methods */
    py_val nw = py_dict_get(I, t->dict, PY_ID(I, __new__));
    if (nw && PY_IS(nw, FUNCTION)) {
        py_wrapmeth *w = (py_wrapmeth *)py_obj_new(I, PY_TYPE(I, PY_T_STATICMETHOD), sizeof(py_wrapmeth));
        if (!w) { py_decref(I, tv); return PY_NULL; }
        w->func = py_newref(nw);
        py_dict_set(I, t->dict, PY_ID(I, __new__), PY_VAL(w));
        py_decref(I, PY_VAL(w));
    }
    static const int clsm[] = { PY_ID___init_subclass__, PY_ID___class_getitem__ };
    for (int k = 0; k < 2; k++) {
        py_val f = py_dict_get(I, t->dict, idname(I, clsm[k]));
        if (f && PY_IS(f, FUNCTION)) {
            py_wrapmeth *w = (py_wrapmeth *)py_obj_new(I, PY_TYPE(I, PY_T_CLASSMETHOD), sizeof(py_wrapmeth));
            if (!w) { py_decref(I, tv); return PY_NULL; }
            w->func = py_newref(f);
            py_dict_set(I, t->dict, idname(I, clsm[k]), PY_VAL(w));
            py_decref(I, PY_VAL(w));
        }
    }
    /* __slots__: no instance dict unless '__dict__' is listed */
    py_val slots = py_dict_get(I, t->dict, PY_ID(I, __slots__));
    if (slots) {
        py_val sl = py_is_str(slots) ? py_tuple_pack(I, 1, slots) : py_sequence_tuple(I, slots);
        if (!sl) { py_decref(I, tv); return PY_NULL; }
        int want_dict = 0;
        for (size_t i = 0; i < py_tuple_len(sl); i++)
            if (py_is_str(py_tuple_items(sl)[i]) && py_str_eq_c(py_tuple_items(sl)[i], "__dict__")) want_dict = 1;
        int base_has_dict = 0;
        for (py_type *b = best; b; b = b->base)
            if ((b->flags & PY_TF_HEAP) && !b->slotnames) base_has_dict = 1;
        if (!want_dict && !base_has_dict && t->dictoffset == (int32_t)best->basicsize && !best->dictoffset) {
            t->basicsize -= sizeof(py_val);
            t->dictoffset = 0;
        }
        if (best_solid->id == PY_T_STR || best_solid->id == PY_T_BYTES) {
            /* variable-size instances: no room for members */
            size_t nslots = 0;
            for (size_t i = 0; i < py_tuple_len(sl); i++) {
                py_val sn = py_tuple_items(sl)[i];
                if (!py_is_str(sn) || (!py_str_eq_c(sn, "__dict__") && !py_str_eq_c(sn, "__weakref__"))) nslots++;
            }
            if (nslots) {
                py_decref(I, sl);
                py_decref(I, tv);
                return py_err_fmt(I, PY_E_TypeError, "nonempty __slots__ not supported for subtype of '%s'", best_solid->name);
            }
            if (!want_dict && !base_has_dict) t->dictoffset = 0;
        }
        /* each slot becomes a member stored at the end of the instance */
        for (size_t i = 0; i < py_tuple_len(sl); i++) {
            py_val sn = py_tuple_items(sl)[i];
            if (!py_is_str(sn) || py_str_eq_c(sn, "__dict__") || py_str_eq_c(sn, "__weakref__")) continue;
            extern py_val py_member_new(py_interp *I, py_type *owner, py_val name, uint32_t offset);
            py_val m = py_member_new(I, t, sn, t->basicsize);
            if (!m) { py_decref(I, sl); py_decref(I, tv); return PY_NULL; }
            t->basicsize += sizeof(py_val);
            py_dict_set(I, t->dict, sn, m);
            py_decref(I, m);
        }
        t->slotnames = sl;
    }
    for (size_t i = 0; i < PY_TUPLE(t->mro)->n; i++)
        if (PY_TYPEOBJ(PY_TUPLE(t->mro)->items[i])->flags & PY_TF_ABSTRACT) t->flags |= PY_TF_ABSTRACT;
    fixup_slots(I, t);
    if (py_err_occurred(I)) { py_decref(I, tv); return PY_NULL; }
    /* __set_name__ on descriptors */
    size_t pos = 0;
    py_val k, v;
    py_val items = py_list_new(I, 0);
    if (!items) { py_decref(I, tv); return PY_NULL; }
    while (py_dict_next(t->dict, &pos, &k, &v)) {
        py_val p = py_tuple_pack(I, 2, k, v);
        if (!p || py_list_append_steal(I, items, p)) { py_decref(I, items); py_decref(I, tv); return PY_NULL; }
    }
    for (size_t i = 0; i < PY_LIST(items)->n; i++) {
        py_val kv = PY_LIST(items)->items[i];
        py_val obj = py_tuple_items(kv)[1];
        if (!py_is_ptr(obj) || py_is_typeobj(obj) || PY_IS(obj, FUNCTION)) continue;
        py_val sn = py_lookup_special(I, obj, PY_ID(I, __set_name__));
        if (!sn) { if (py_err_occurred(I)) { py_decref(I, items); py_decref(I, tv); return PY_NULL; } continue; }
        py_val r = py_call2(I, sn, tv, py_tuple_items(kv)[0]);
        py_decref(I, sn);
        if (!r) { py_decref(I, items); py_decref(I, tv); return PY_NULL; }
        py_decref(I, r);
    }
    py_decref(I, items);
    /* __init_subclass__ of the parent */
    {
        py_val sup_args[2] = { PY_NULL, PY_NULL };
        (void)sup_args;
        py_val isc = PY_NULL;
        py_tuple *m = PY_TUPLE(t->mro);
        for (size_t i = 1; i < m->n && !isc; i++) {
            py_type *b = PY_TYPEOBJ(m->items[i]);
            py_val d = b->dict ? b->dict : py_type_dict(I, b);
            if (d) isc = py_dict_get(I, d, PY_ID(I, __init_subclass__));
        }
        if (isc && (PY_IS(isc, CLASSMETHOD))) {
            py_val fn = ((py_wrapmeth *)PY_OBJ(isc))->func;
            py_incref(fn);
            py_val r;
            if (kwds && py_dict_len(kwds)) {
                py_val a1 = py_tuple_pack(I, 1, tv);
                r = a1 ? py_call_tuple_dict(I, fn, a1, kwds) : PY_NULL;
                py_xdecref(I, a1);
            } else {
                r = py_call1(I, fn, tv);
            }
            py_decref(I, fn);
            if (!r) { py_decref(I, tv); return PY_NULL; }
            py_decref(I, r);
        } else if (kwds && py_dict_len(kwds)) {
            py_decref(I, tv);
            return py_err_fmt(I, PY_E_TypeError, "%s.__init_subclass__() takes no keyword arguments", py_str_data(name));
        }
    }
    return tv;
}

/* ---- the `type` type ---------------------------------------------------------------- */
static void type_dealloc(py_interp *I, py_obj *o)
{
    py_type *t = (py_type *)o;
    py_gc_untrack(I, o);
    I->type_epoch++;          /* the address may be reused by another type */
    py_xdecref(I, t->dict);
    py_xdecref(I, t->mro);
    py_xdecref(I, t->bases);
    py_xdecref(I, t->name_obj);
    py_xdecref(I, t->qualname);
    py_xdecref(I, t->module);
    py_xdecref(I, t->slotnames);
    py_xdecref(I, t->tpname_obj);
    if (t->base && (t->flags & PY_TF_HEAP)) py_decref(I, PY_VAL(t->base));
    py_type *meta = o->type;
    py_free(I, PY_GCHEAD(o), sizeof(py_type) + sizeof(py_gchead));
    if (meta->flags & PY_TF_HEAP) py_decref(I, PY_VAL(meta));
}

static void type_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_type *t = (py_type *)o;
    if (t->dict) visit(t->dict, ctx);
    if (t->mro) visit(t->mro, ctx);
    if (t->bases) visit(t->bases, ctx);
    if (t->module) visit(t->module, ctx);
    if (t->base && (t->flags & PY_TF_HEAP)) visit(PY_VAL(t->base), ctx);
    if (o->type->flags & PY_TF_HEAP) visit(PY_VAL(o->type), ctx);
}

static void type_clear(py_interp *I, py_obj *o)
{
    py_type *t = (py_type *)o;
    I->type_epoch++;
    PY_CLEAR(I, t->dict);
    PY_CLEAR(I, t->mro);
    PY_CLEAR(I, t->module);
}

/* Give a class a C-style tp_name for messages ("collections.deque") while
 * __name__ stays short; used by the stdlib modules written in Python. */
int py_type_set_tpname(py_interp *I, py_type *t, py_val name)
{
    if (!(t->flags & PY_TF_HEAP) || !py_is_str(name)) { py_err_str(I, PY_E_TypeError, "expected a class and a str"); return -1; }
    if (!t->name_obj) {
        t->name_obj = py_str_cstr(I, t->name);
        if (!t->name_obj) return -1;
    }
    py_incref(name);
    PY_SETREF(I, t->tpname_obj, name);
    t->name = py_str_data(name);
    return 0;
}

py_val py_type_repr(py_interp *I, py_val v)
{
    py_type *t = PY_TYPEOBJ(v);
    if (t->flags & PY_TF_HEAP) {
        const char *qn = t->qualname ? py_str_data(t->qualname) : t->name;
        if (t->module && py_is_str(t->module) && !py_str_eq_c(t->module, "builtins"))
            return py_str_fmt(I, "<class '%s.%s'>", py_str_data(t->module), qn);
        return py_str_fmt(I, "<class '%s'>", qn);
    }
    return py_str_fmt(I, "<class '%s'>", py_type_qualname(t));
}

py_val py_type_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_type *t = PY_TYPEOBJ(self);
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    if (t == PY_TYPE(I, PY_T_TYPE)) {
        if (nargs == 1 && nkw) return py_err_str(I, PY_E_TypeError, "type() takes no keyword arguments");
        if (nargs == 1 && !nkw) return py_newref(PY_VAL(py_typeof(I, args[0])));
        if (nargs != 3) return py_err_str(I, PY_E_TypeError, "type() takes 1 or 3 arguments");
    }
    if (t->flags & PY_TF_TYPE_SUB && nargs == 3 && py_is_str(args[0])) {
        /* metaclass call: type(name, bases, ns, **kw) */
        if (t->s.new_ && t->s.new_ != PY_TYPE(I, PY_T_TYPE)->s.new_) goto generic;
        if (!py_is_tuple(args[1]))
            return py_err_fmt(I, PY_E_TypeError, "type.__new__() argument 2 must be tuple, not %s", py_argtype_name(I, args[1]));
        if (!py_is_dict(args[2]))
            return py_err_fmt(I, PY_E_TypeError, "type.__new__() argument 3 must be dict, not %s", py_argtype_name(I, args[2]));
        py_val kwd = PY_NULL;
        if (nkw) {
            kwd = py_dict_new(I);
            for (size_t i = 0; i < nkw; i++) py_dict_set(I, kwd, py_tuple_items(kw)[i], args[3 + i]);
        }
        py_val c = py_class_new(I, args[0], args[1], args[2], kwd);
        py_xdecref(I, kwd);
        if (c && t != PY_TYPE(I, PY_T_TYPE)) {
            /* instance of the metaclass */
            py_type *ct = PY_TYPEOBJ(c);
            if (ct->ob.type != t) {
                py_type *old = ct->ob.type;
                ct->ob.type = t;
                t->ob.rc++;
                if (old->flags & PY_TF_HEAP) py_decref(I, PY_VAL(old));
            }
            if (t->s.init && t->s.init != PY_TYPE(I, PY_T_TYPE)->s.init) {
                if (t->s.init(I, c, args, nargs, kw)) { py_decref(I, c); return PY_NULL; }
            }
        }
        return c;
    }
generic:
    if (!t->s.new_ || (t->flags & PY_TF_NOINSTANCE))
        return py_err_fmt(I, PY_E_TypeError, "cannot create '%s' instances", py_type_qualname(t));
    /* a builtin type without its own constructor (iterators, generators,
     * frames, ...) cannot be instantiated: object.__new__ would hand out an
     * object with uninitialised fields */
    if (!(t->flags & PY_TF_HEAP) && t != PY_TYPE(I, PY_T_OBJECT) && t->def && !t->def->slots.new_ &&
        t->s.new_ == PY_TYPE(I, PY_T_OBJECT)->s.new_)
        return py_err_fmt(I, PY_E_TypeError, "cannot create '%s' instances", py_type_qualname(t));
    if (t->flags & PY_TF_ABSTRACT) {
        py_val am = py_type_lookup(I, t, PY_ID(I, __abstractmethods__));
        if (am && py_is_anyset(am) && py_dict_len(am)) {
            py_val lst = py_dict_keys_list(I, am);
            if (lst) py_list_sort(I, lst, PY_NULL, 0);
            sk_buf b = SK_BUF_INIT(I->alloc);
            for (size_t i = 0; lst && i < PY_LIST(lst)->n; i++) {
                if (i) sk_buf_puts(&b, ", ");
                sk_buf_printf(&b, "'%s'", py_str_data(PY_LIST(lst)->items[i]));
            }
            size_t n = lst ? PY_LIST(lst)->n : 0;
            py_xdecref(I, lst);
            py_err_fmt(I, PY_E_TypeError, "Can't instantiate abstract class %s without an implementation for abstract method%s %s",
                       t->name, n > 1 ? "s" : "", sk_buf_cstr(&b));
            sk_buf_free(&b);
            return PY_NULL;
        }
    }
    py_val obj = t->s.new_(I, t, args, nargs, kw);
    if (!obj) return PY_NULL;
    py_type *ot = py_typeof(I, obj);
    if (!py_type_is_subtype(ot, t)) return obj;
    if (ot->s.init) {
        if (ot->s.init(I, obj, args, nargs, kw)) { py_decref(I, obj); return PY_NULL; }
    }
    return obj;
}

static py_val type_getattr(py_interp *I, py_val self, py_val name)
{
    py_type *t = PY_TYPEOBJ(self);
    py_type *meta = py_typeof(I, self);
    py_val ma = py_type_lookup(I, meta, name);
    py_type *mat = NULL;
    if (ma) {
        mat = py_typeof(I, ma);
        if (mat->s.descr_get && mat->s.descr_set) {
            py_incref(ma);
            py_val r = mat->s.descr_get(I, ma, self, PY_VAL(meta));
            py_decref(I, ma);
            return r;
        }
    }
    py_val a = py_type_lookup(I, t, name);
    if (a) {
        py_type *at = py_typeof(I, a);
        if (at->s.descr_get) {
            py_incref(a);
            py_val r = at->s.descr_get(I, a, PY_NULL, self);
            py_decref(I, a);
            return r;
        }
        return py_newref(a);
    }
    if (ma) {
        if (mat->s.descr_get) {
            py_incref(ma);
            py_val r = mat->s.descr_get(I, ma, self, PY_VAL(meta));
            py_decref(I, ma);
            return r;
        }
        return py_newref(ma);
    }
    if (meta->flags & PY_TF_HEAP) {
        py_val g = py_type_lookup(I, meta, PY_ID(I, __getattr__));
        if (g) {
            int found;
            return call_dunder(I, self, PY_ID(I, __getattr__), &name, 1, &found);
        }
    }
    return py_err_fmt(I, PY_E_AttributeError, "type object '%s' has no attribute '%s'", t->name, py_str_data(name));
}

static int type_setattr(py_interp *I, py_val self, py_val name, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!(t->flags & PY_TF_HEAP)) {
        py_err_fmt(I, PY_E_TypeError, "cannot set '%s' attribute of immutable type '%s'", py_str_data(name), t->name);
        return -1;
    }
    py_type *meta = py_typeof(I, self);
    py_val ma = py_type_lookup(I, meta, name);
    if (ma) {
        py_type *mat = py_typeof(I, ma);
        if (mat->s.descr_set) return mat->s.descr_set(I, ma, self, v);
    }
    if (!t->dict) { t->dict = py_dict_new(I); if (!t->dict) return -1; PY_DICT(t->dict)->typedict = 1; }
    int r;
    if (v) r = py_dict_set(I, t->dict, name, v);
    else {
        py_val old;
        r = py_dict_pop(I, t->dict, name, &old);
        if (r == 0) {
            py_err_fmt(I, PY_E_AttributeError, "type object '%s' has no attribute '%s'", t->name, py_str_data(name));
            return -1;
        }
        if (r > 0) { py_decref(I, old); r = 0; }
    }
    if (r) return -1;
    py_type_modified(t);
    const char *s = py_str_data(name);
    if (s[0] == '_' && s[1] == '_') fixup_slots(I, t);
    return 0;
}

static py_val type_new_slot(py_interp *I, py_type *meta, const py_val *args, size_t nargs, py_val kw)
{
    if (nargs == 1 && (!kw || !py_tuple_len(kw))) return py_newref(PY_VAL(py_typeof(I, args[0])));
    if (nargs != 3) return py_err_str(I, PY_E_TypeError, "type() takes 1 or 3 arguments");
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "type.__new__() argument 1 must be str, not %s", args[0] == PY_NONE ? "None" : py_type_name(I, args[0]));
    if (!py_is_tuple(args[1])) return py_err_fmt(I, PY_E_TypeError, "type.__new__() argument 2 must be tuple, not %s", py_argtype_name(I, args[1]));
    if (!py_is_dict(args[2])) return py_err_fmt(I, PY_E_TypeError, "type.__new__() argument 3 must be dict, not %s", py_argtype_name(I, args[2]));
    py_val kwd = PY_NULL;
    if (kw && py_tuple_len(kw)) {
        kwd = py_dict_new(I);
        for (size_t i = 0; i < py_tuple_len(kw); i++) py_dict_set(I, kwd, py_tuple_items(kw)[i], args[3 + i]);
    }
    py_val c = py_class_new(I, args[0], args[1], args[2], kwd);
    py_xdecref(I, kwd);
    if (c && meta != PY_TYPE(I, PY_T_TYPE)) {
        py_type *ct = PY_TYPEOBJ(c);
        py_type *old = ct->ob.type;
        ct->ob.type = meta;
        if (meta->flags & PY_TF_HEAP) meta->ob.rc++;
        if (old->flags & PY_TF_HEAP) py_decref(I, PY_VAL(old));
    }
    return c;
}

static int type_init_slot(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)I; (void)self; (void)args; (void)nargs; (void)kw;
    return 0;
}

static py_val type_get_name(py_interp *I, py_val self)
{
    py_type *t = PY_TYPEOBJ(self);
    if (t->name_obj) return py_newref(t->name_obj);
    return py_str_cstr(I, !(t->flags & PY_TF_HEAP) && t->def ? t->def->name : t->name);
}
static int type_set_name(py_interp *I, py_val self, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!(t->flags & PY_TF_HEAP)) { py_err_fmt(I, PY_E_TypeError, "cannot set '__name__' attribute of immutable type '%s'", t->name); return -1; }
    if (!v || !py_is_str(v)) { py_err_fmt(I, PY_E_TypeError, "can only assign string to %s.__name__, not '%s'", t->name, v ? py_type_name(I, v) : "NoneType"); return -1; }
    py_incref(v);
    PY_SETREF(I, t->name_obj, v);
    if (!t->tpname_obj) t->name = py_str_data(v);
    return 0;
}
static py_val type_get_qualname(py_interp *I, py_val self)
{
    py_type *t = PY_TYPEOBJ(self);
    if (t->qualname) return py_newref(t->qualname);
    return py_str_cstr(I, t->name);
}
static int type_set_qualname(py_interp *I, py_val self, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!(t->flags & PY_TF_HEAP) || !v || !py_is_str(v)) { py_err_str(I, PY_E_TypeError, "can only assign string to __qualname__"); return -1; }
    py_incref(v);
    PY_SETREF(I, t->qualname, v);
    return 0;
}
static py_val type_get_module(py_interp *I, py_val self)
{
    py_type *t = PY_TYPEOBJ(self);
    if (t->flags & PY_TF_HEAP) {
        py_val m = t->dict ? py_dict_get(I, t->dict, PY_ID(I, __module__)) : PY_NULL;
        if (m) return py_newref(m);
        return t->module ? py_newref(t->module) : py_str_cstr(I, "builtins");
    }
    const char *q = py_type_qualname(t);
    const char *dot = strrchr(q, '.');
    if (dot) return py_str_new(I, q, (size_t)(dot - q));
    return py_str_cstr(I, "builtins");
}
static int type_set_module(py_interp *I, py_val self, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!(t->flags & PY_TF_HEAP)) { py_err_str(I, PY_E_TypeError, "cannot set '__module__' attribute of immutable type"); return -1; }
    if (!t->dict) return -1;
    if (py_dict_set(I, t->dict, PY_ID(I, __module__), v ? v : PY_NONE)) return -1;
    if (v) { py_incref(v); PY_SETREF(I, t->module, v); }
    return 0;
}
static py_val type_get_mro(py_interp *I, py_val self)
{
    py_val m = ensure_mro(I, PY_TYPEOBJ(self));
    return m ? py_newref(m) : PY_NULL;
}
static py_val type_get_bases(py_interp *I, py_val self)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!ensure_mro(I, t)) return PY_NULL;
    return py_newref(t->bases);
}
static py_val type_get_base(py_interp *I, py_val self)
{
    (void)I;
    py_type *t = PY_TYPEOBJ(self);
    return t->base ? py_newref(PY_VAL(t->base)) : PY_NONE;
}
static py_val type_get_dict(py_interp *I, py_val self)
{
    py_val d = py_type_dict(I, PY_TYPEOBJ(self));
    if (!d) return PY_NULL;
    /* a read-only view in CPython (mappingproxy); we hand out a copy */
    return py_dict_copy(I, d);
}
static py_val type_get_doc(py_interp *I, py_val self)
{
    py_val d = py_type_dict(I, PY_TYPEOBJ(self));
    if (!d) return PY_NULL;
    py_val v = py_dict_get(I, d, PY_ID(I, __doc__));
    if (!v) return PY_NONE;
    py_type *vt = py_typeof(I, v);
    if (vt->s.descr_get) return vt->s.descr_get(I, v, PY_NULL, self);
    return py_newref(v);
}
static int type_set_doc(py_interp *I, py_val self, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!(t->flags & PY_TF_HEAP)) {
        py_err_fmt(I, PY_E_TypeError, "cannot set '__doc__' attribute of immutable type '%s'", t->name);
        return -1;
    }
    py_val d = py_type_dict(I, t);
    if (!d || py_dict_set(I, d, PY_ID(I, __doc__), v ? v : PY_NONE)) return -1;
    py_type_modified(t);
    return 0;
}
static py_val type_get_abstract(py_interp *I, py_val self)
{
    py_type *t = PY_TYPEOBJ(self);
    py_val d = py_type_dict(I, t);
    py_val v = d ? py_dict_get(I, d, PY_ID(I, __abstractmethods__)) : PY_NULL;
    if (!v) return py_err_str(I, PY_E_AttributeError, "__abstractmethods__");
    return py_newref(v);
}
static int type_set_abstract(py_interp *I, py_val self, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!t->dict) return -1;
    if (v) {
        if (py_dict_set(I, t->dict, PY_ID(I, __abstractmethods__), v)) return -1;
        int b = py_truthy(I, v);
        if (b < 0) return -1;
        if (b) t->flags |= PY_TF_ABSTRACT; else t->flags &= ~(uint32_t)PY_TF_ABSTRACT;
    } else {
        py_val old;
        if (py_dict_pop(I, t->dict, PY_ID(I, __abstractmethods__), &old) > 0) py_decref(I, old);
        t->flags &= ~(uint32_t)PY_TF_ABSTRACT;
    }
    return 0;
}
static py_val type_get_annotations(py_interp *I, py_val self)
{
    py_type *t = PY_TYPEOBJ(self);
    py_val d = py_type_dict(I, t);
    py_val v = d ? py_dict_get(I, d, PY_ID(I, __annotations__)) : PY_NULL;
    if (v) return py_newref(v);
    if (!(t->flags & PY_TF_HEAP)) return py_err_fmt(I, PY_E_AttributeError, "type object '%s' has no attribute '__annotations__'", t->name);
    py_val nd = py_dict_new(I);
    if (!nd) return PY_NULL;
    if (py_dict_set(I, t->dict, PY_ID(I, __annotations__), nd)) { py_decref(I, nd); return PY_NULL; }
    return nd;
}
static int type_set_annotations(py_interp *I, py_val self, py_val v)
{
    py_type *t = PY_TYPEOBJ(self);
    if (!t->dict) return -1;
    if (v) return py_dict_set(I, t->dict, PY_ID(I, __annotations__), v);
    py_val old;
    int r = py_dict_pop(I, t->dict, PY_ID(I, __annotations__), &old);
    if (r > 0) py_decref(I, old);
    return r < 0 ? -1 : 0;
}

static py_val type_mro_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "type.mro", nargs, kw)) return PY_NULL;
    py_val m = ensure_mro(I, PY_TYPEOBJ(self));
    return m ? py_sequence_list(I, m) : PY_NULL;
}

static py_val type_subclasses(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)self;
    if (py_args_none(I, "type.__subclasses__", nargs, kw)) return PY_NULL;
    /* walk every tracked type: subclasses are not indexed */
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    for (py_gchead *g = I->gc.next; g != &I->gc; g = g->next) {
        py_obj *o = PY_GCOBJ(g);
        if (!(o->type->flags & PY_TF_TYPE_SUB)) continue;
        py_type *t = (py_type *)o;
        if (!t->bases) continue;
        for (size_t i = 0; i < py_tuple_len(t->bases); i++)
            if (py_tuple_items(t->bases)[i] == self) { py_list_append(I, l, PY_VAL(t)); break; }
    }
    return l;
}

static py_val type_instancecheck(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "type.__instancecheck__", nargs, kw, 1)) return PY_NULL;
    return py_bool(py_type_is_subtype(py_typeof(I, args[0]), PY_TYPEOBJ(self)));
}

static py_val type_subclasscheck(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "type.__subclasscheck__", nargs, kw, 1)) return PY_NULL;
    if (!py_is_typeobj(args[0])) return py_err_str(I, PY_E_TypeError, "issubclass() arg 1 must be a class");
    return py_bool(py_type_is_subtype(PY_TYPEOBJ(args[0]), PY_TYPEOBJ(self)));
}

static py_val type_prepare(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    return py_dict_new(I);
}

static py_val type_or(py_interp *I, py_val a, py_val b)
{
    int ok_a = py_is_typeobj(a) || a == PY_NONE || PY_IS(a, UNIONTYPE) || PY_IS(a, GENERICALIAS);
    int ok_b = py_is_typeobj(b) || b == PY_NONE || PY_IS(b, UNIONTYPE) || PY_IS(b, GENERICALIAS);
    if (!ok_a || !ok_b) return PY_NOTIMPL;
    return py_union_new(I, a, b);
}

static py_val type_dir(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "type.__dir__", nargs, kw)) return PY_NULL;
    py_val res = py_dict_new(I);
    if (!res) return PY_NULL;
    py_val mro = ensure_mro(I, PY_TYPEOBJ(self));
    for (size_t i = 0; mro && i < py_tuple_len(mro); i++) {
        py_val d = py_type_dict(I, PY_TYPEOBJ(py_tuple_items(mro)[i]));
        if (d) py_dict_update(I, res, d);
    }
    py_val l = py_dict_keys_list(I, res);
    py_decref(I, res);
    return l;
}

static const py_methoddef type_methods[] = {
    { "mro", type_mro_meth, 0 },
    { "__subclasses__", type_subclasses, 0 },
    { "__instancecheck__", type_instancecheck, 0 },
    { "__subclasscheck__", type_subclasscheck, 0 },
    { "__prepare__", type_prepare, PY_METH_KW | PY_METH_CLASS },
    { "__dir__", type_dir, 0 },
    { NULL, NULL, 0 }
};

static const py_getsetdef type_getsets[] = {
    { "__name__", type_get_name, type_set_name },
    { "__qualname__", type_get_qualname, type_set_qualname },
    { "__module__", type_get_module, type_set_module },
    { "__mro__", type_get_mro, NULL },
    { "__bases__", type_get_bases, NULL },
    { "__base__", type_get_base, NULL },
    { "__dict__", type_get_dict, NULL },
    { "__doc__", type_get_doc, type_set_doc },
    { "__abstractmethods__", type_get_abstract, type_set_abstract },
    { "__annotations__", type_get_annotations, type_set_annotations },
    { NULL, NULL, NULL }
};

static int type_hash(py_interp *I, py_val v, int64_t *out)
{
    uint64_t id = py_id_of(I, v);
    *out = (int64_t)(id >> 4);
    return 0;
}

const py_typedef py_type_typedef = {
    .name = "type", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_TYPE_SUB,
    .basicsize = sizeof(py_type), .dictoffset = 0,
    .slots = {
        .dealloc = type_dealloc, .traverse = type_traverse, .clear = type_clear,
        .repr = py_type_repr, .getattr = type_getattr, .setattr = type_setattr, .call = py_type_call,
        .hash = type_hash, .nb = { [PY_NB_OR] = type_or },
        .new_ = type_new_slot, .init = type_init_slot,
    },
    .methods = type_methods, .getsets = type_getsets,
};

/* ---- object ------------------------------------------------------------------------- */
static void inst_dealloc(py_interp *I, py_obj *o)
{
    py_type *t = o->type;
    py_gc_untrack(I, o);
    py_val *dp0 = py_inst_dictptr(PY_VAL(o));
    if (dp0) py_xdecref(I, *dp0);
    /* __slots__ members live after the base layout */
    if (t->flags & PY_TF_HEAP) {
        size_t start = solid_base(t)->basicsize;
        for (size_t off = start; off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val)) {
            if ((int32_t)off == t->dictoffset) continue;
            py_val *p = (py_val *)((char *)o + off);
            PY_CLEAR(I, *p);
        }
    }
    py_obj_free(I, o, t->basicsize);
}

static void inst_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_type *t = o->type;
    py_val *dp0 = py_inst_dictptr(PY_VAL(o));
    if (dp0 && *dp0) visit(*dp0, ctx);
    if (t->flags & PY_TF_HEAP) {
        for (size_t off = solid_base(t)->basicsize; off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val)) {
            if ((int32_t)off == t->dictoffset) continue;
            py_val v = *(py_val *)((char *)o + off);
            if (v) visit(v, ctx);
        }
        visit(PY_VAL(t), ctx);
    }
}

static void inst_clear(py_interp *I, py_obj *o)
{
    py_type *t = o->type;
    py_val *dp0 = py_inst_dictptr(PY_VAL(o));
    if (dp0) PY_CLEAR(I, *dp0);
    if (t->flags & PY_TF_HEAP) {
        for (size_t off = solid_base(t)->basicsize; off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val)) {
            if ((int32_t)off == t->dictoffset) continue;
            PY_CLEAR(I, *(py_val *)((char *)o + off));
        }
    }
}

py_val py_object_new_inst(py_interp *I, py_type *t)
{
    py_obj *o = py_obj_new(I, t, t->basicsize);
    return o ? PY_VAL(o) : PY_NULL;
}

static int object_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw);

static py_val object_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    if (nargs || nkw) {
        if (t->s.new_ != object_new)
            return py_err_str(I, PY_E_TypeError, "object.__new__() takes exactly one argument (the type to instantiate)");
        if (t->s.init == object_init || !t->s.init) {
            if (t->flags & PY_TF_HEAP) return py_err_fmt(I, PY_E_TypeError, "%s() takes no arguments", t->name);
            return py_err_fmt(I, PY_E_TypeError, "%s() takes no arguments", py_type_qualname(t));
        }
    }
    return py_object_new_inst(I, t);
}

static int object_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    if (nargs || nkw) {
        py_type *t = py_typeof(I, self);
        if (t->s.init != object_init) {
            py_err_str(I, PY_E_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
            return -1;
        }
        if (t->s.new_ == object_new) {
            py_err_fmt(I, PY_E_TypeError, "%s() takes no arguments", t->name);
            return -1;
        }
    }
    return 0;
}

static py_val object_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (op == PY_EQ) return a == b ? PY_TRUE : PY_NOTIMPL;
    if (op == PY_NE) {
        py_type *t = py_typeof(I, a);
        if (t->s.richcmp && t->s.richcmp != object_richcmp) {
            py_val r = t->s.richcmp(I, a, b, PY_EQ);
            if (!r || r == PY_NOTIMPL) return r;
            int tr = py_truthy(I, r);
            py_decref(I, r);
            if (tr < 0) return PY_NULL;
            return py_bool(!tr);
        }
        return a == b ? PY_FALSE : PY_NOTIMPL;
    }
    return PY_NOTIMPL;
}

static py_val object_get_class(py_interp *I, py_val self) { return py_newref(PY_VAL(py_typeof(I, self))); }

static int object_set_class(py_interp *I, py_val self, py_val v)
{
    if (!v || !py_is_typeobj(v)) { py_err_str(I, PY_E_TypeError, "__class__ must be set to a class"); return -1; }
    if (!py_is_ptr(self) || !(PY_OBJ(self)->type->flags & PY_TF_HEAP) || !(PY_TYPEOBJ(v)->flags & PY_TF_HEAP)) {
        py_err_str(I, PY_E_TypeError, "__class__ assignment only supported for mutable types or ModuleType subclasses");
        return -1;
    }
    py_type *old = PY_OBJ(self)->type, *nt = PY_TYPEOBJ(v);
    if (old->basicsize != nt->basicsize || old->dictoffset != nt->dictoffset || solid_base(old) != solid_base(nt) ||
        ((old->flags ^ nt->flags) & (PY_TF_GC | PY_TF_SUBCLASS_DICT))) {
        py_err_fmt(I, PY_E_TypeError, "__class__ assignment: '%s' object layout differs from '%s'", nt->name, old->name);
        return -1;
    }
    nt->ob.rc++;
    PY_OBJ(self)->type = nt;
    py_decref(I, PY_VAL(old));
    return 0;
}

static py_val object_get_dict(py_interp *I, py_val self)
{
    py_val *dp = py_inst_dictptr(self);
    if (!dp) return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '__dict__'", py_type_name(I, self));
    if (!*dp) { *dp = py_dict_new(I); if (!*dp) return PY_NULL; }
    return py_newref(*dp);
}

static int object_set_dict(py_interp *I, py_val self, py_val v)
{
    py_val *dp = py_inst_dictptr(self);
    if (!dp) { py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '__dict__'", py_type_name(I, self)); return -1; }
    if (!v || !py_is_dict(v)) { py_err_str(I, PY_E_TypeError, "__dict__ must be set to a dictionary"); return -1; }
    py_incref(v);
    PY_SETREF(I, *dp, v);
    return 0;
}

static py_val object_format(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "object.__format__", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "argument must be str, not %s", py_type_name(I, args[0]));
    if (py_str_len(args[0]))
        return py_err_fmt(I, PY_E_TypeError, "unsupported format string passed to %s.__format__", py_type_name(I, self));
    return py_str(I, self);
}

static py_val object_init_subclass(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (nargs || (kw && py_tuple_len(kw)))
        return py_err_fmt(I, PY_E_TypeError, "%s.__init_subclass__() takes no keyword arguments", PY_TYPEOBJ(cls)->name);
    return PY_NONE;
}

static py_val object_dir(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "object.__dir__", nargs, kw)) return PY_NULL;
    py_val res = py_dict_new(I);
    if (!res) return PY_NULL;
    py_val *dp = py_inst_dictptr(self);
    if (dp && *dp) py_dict_update(I, res, *dp);
    py_type *t = py_typeof(I, self);
    py_val mro = ensure_mro(I, t);
    for (size_t i = 0; mro && i < py_tuple_len(mro); i++) {
        py_val d = py_type_dict(I, PY_TYPEOBJ(py_tuple_items(mro)[i]));
        if (d) py_dict_update(I, res, d);
    }
    py_val l = py_dict_keys_list(I, res);
    py_decref(I, res);
    return l;
}

static py_val object_reduce_ex(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    return py_err_str(I, PY_E_TypeError, "cannot pickle object");
}

static py_val object_sizeof(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)kw; (void)nargs;
    return py_int_small(py_typeof(I, self)->basicsize);
}

static py_val object_subclasshook(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)I; (void)self; (void)args; (void)nargs; (void)kw;
    return PY_NOTIMPL;
}

static const py_methoddef object_methods[] = {
    { "__format__", object_format, 0 },
    { "__init_subclass__", object_init_subclass, PY_METH_KW | PY_METH_CLASS },
    { "__dir__", object_dir, 0 },
    { "__reduce_ex__", object_reduce_ex, 0 },
    { "__reduce__", object_reduce_ex, 0 },
    { "__sizeof__", object_sizeof, 0 },
    { "__subclasshook__", object_subclasshook, PY_METH_CLASS | PY_METH_KW },
    { NULL, NULL, 0 }
};

static const py_getsetdef object_getsets[] = {
    { "__class__", object_get_class, object_set_class },
    { "__dict__", object_get_dict, object_set_dict },
    { NULL, NULL, NULL }
};

const py_typedef py_object_typedef = {
    .name = "object", .base = PY_T_OBJECT, .flags = PY_TF_BASETYPE | PY_TF_GC,
    .basicsize = sizeof(py_obj), .dictoffset = 0,
    .slots = {
        .dealloc = inst_dealloc, .traverse = inst_traverse, .clear = inst_clear,
        .richcmp = object_richcmp, .getattr = py_generic_getattr, .setattr = py_generic_setattr,
        .new_ = object_new, .init = object_init,
    },
    .methods = object_methods, .getsets = object_getsets,
};

/* __dict__ descriptor added to classes with an instance dict */
py_val py_object_dict_get(py_interp *I, py_val self);
py_val py_object_dict_get(py_interp *I, py_val self) { return object_get_dict(I, self); }
int py_object_dict_set(py_interp *I, py_val self, py_val v);
int py_object_dict_set(py_interp *I, py_val self, py_val v) { return object_set_dict(I, self, v); }
