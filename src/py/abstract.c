/* abstract.c — the object protocol: repr/str/hash/compare/arithmetic/
 * attributes/calls/iteration over any value, dispatching through type
 * slots, with CPython's fallbacks (reflected operands, identity equality)
 * and CPython's TypeError wording.
 *
 * Must never: recurse without py_enter_native() when the recursion is
 * driven by data (nested containers) rather than by Python frames.
 */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "py/core.h"

int py_enter_native(py_interp *I)
{
    if (++I->c_depth > I->c_depth_limit || sk_stack_low(I->stack_limit)) {
        I->c_depth--;
        py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
        return -1;
    }
    return 0;
}

/* ---- repr / str ------------------------------------------------------------- */
py_val py_object_repr_default(py_interp *I, py_val v)
{
    py_type *t = py_typeof(I, v);
    py_val mod = PY_NULL;
    if (t->flags & PY_TF_HEAP) mod = t->module;
    const char *qn = t->qualname ? py_str_data(t->qualname) : t->name;
    if (mod && py_is_str(mod) && !py_str_eq_c(mod, "builtins"))
        return py_str_fmt(I, "<%s.%s object at 0x%llx>", py_str_data(mod), qn, (unsigned long long)py_id_of(I, v));
    return py_str_fmt(I, "<%s object at 0x%llx>", py_type_qualname(t), (unsigned long long)py_id_of(I, v));
}

py_val py_repr(py_interp *I, py_val v)
{
    if (py_is_int(v)) return py_int_repr(I, v);
    if (py_is_ptr(v) && PY_OBJ(v)->type->id == PY_T_STR && !(PY_OBJ(v)->type->flags & PY_TF_HEAP))
        return py_str_repr(I, v);
    py_type *t = py_typeof(I, v);
    if (!t->s.repr) return py_object_repr_default(I, v);
    if (py_enter_native(I)) return PY_NULL;
    py_val r = t->s.repr(I, v);
    py_leave_native(I);
    if (r && !py_is_str(r)) {
        py_err_fmt(I, PY_E_TypeError, "__repr__ returned non-string (type %s)", py_type_name(I, r));
        py_decref(I, r);
        return PY_NULL;
    }
    return r;
}

py_val py_str(py_interp *I, py_val v)
{
    if (py_is_ptr(v) && PY_OBJ(v)->type->id == PY_T_STR && !(PY_OBJ(v)->type->flags & PY_TF_HEAP))
        return py_newref(v);
    py_type *t = py_typeof(I, v);
    if (!t->s.str) return py_repr(I, v);
    if (py_enter_native(I)) return PY_NULL;
    py_val r = t->s.str(I, v);
    py_leave_native(I);
    if (r && !py_is_str(r)) {
        py_err_fmt(I, PY_E_TypeError, "__str__ returned non-string (type %s)", py_type_name(I, r));
        py_decref(I, r);
        return PY_NULL;
    }
    return r;
}

py_val py_ascii(py_interp *I, py_val v)
{
    py_val r = py_repr(I, v);
    if (!r || PY_STR(r)->ascii) return r;
    sk_buf b = SK_BUF_INIT(I->alloc);
    const char *s = py_str_data(r);
    size_t n = py_str_len(r), i = 0;
    int err = 0;
    while (i < n && !err) {
        uint32_t cp;
        size_t st = i;
        py_utf8_decode(s, n, &i, &cp);
        if (cp < 0x80) err = sk_buf_put(&b, s + st, i - st);
        else if (cp < 0x100) err = sk_buf_printf(&b, "\\x%02x", cp);
        else if (cp < 0x10000) err = sk_buf_printf(&b, "\\u%04x", cp);
        else err = sk_buf_printf(&b, "\\U%08x", cp);
    }
    py_decref(I, r);
    if (err) { sk_buf_free(&b); return py_err_nomem(I); }
    return py_str_from_buf(I, &b);
}

int py_buf_repr(py_interp *I, sk_buf *out, py_val v)
{
    if (py_is_int(v)) {
        if (sk_buf_printf(out, "%lld", (long long)py_int_val(v))) { py_err_nomem(I); return -1; }
        return 0;
    }
    if (py_is_ptr(v) && PY_OBJ(v)->type->id == PY_T_STR && !(PY_OBJ(v)->type->flags & PY_TF_HEAP))
        return py_str_repr_buf(I, py_str_data(v), py_str_len(v), out, 0);
    py_val r = py_repr(I, v);
    if (!r) return -1;
    int e = py_buf_put_str(out, r);
    py_decref(I, r);
    if (e) { py_err_nomem(I); return -1; }
    return 0;
}

int py_buf_str(py_interp *I, sk_buf *out, py_val v)
{
    py_val r = py_str(I, v);
    if (!r) return -1;
    int e = py_buf_put_str(out, r);
    py_decref(I, r);
    if (e) { py_err_nomem(I); return -1; }
    return 0;
}

int py_repr_enter(py_interp *I, py_val v)
{
    if (!I->repr_stack) {
        I->repr_stack = py_list_new(I, 8);
        if (!I->repr_stack) return -1;
    }
    py_list *l = PY_LIST(I->repr_stack);
    for (size_t i = 0; i < l->n; i++) if (l->items[i] == v) return 1;
    /* stored without a reference: the object is alive while being repr'd */
    if (l->n == l->cap) {
        py_val *p = py_realloc(I, l->items, l->cap * sizeof(py_val), (l->cap * 2 + 8) * sizeof(py_val));
        if (!p) return -1;
        l->items = p;
        l->cap = l->cap * 2 + 8;
    }
    l->items[l->n++] = v;
    return 0;
}

void py_repr_leave(py_interp *I, py_val v)
{
    py_list *l = PY_LIST(I->repr_stack);
    for (size_t i = l->n; i-- > 0;) {
        if (l->items[i] == v) {
            memmove(l->items + i, l->items + i + 1, (l->n - i - 1) * sizeof(py_val));
            l->n--;
            return;
        }
    }
}

/* ---- hashing ---------------------------------------------------------------- */
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out)
{
    (void)out;
    py_err_fmt(I, PY_E_TypeError, "unhashable type: '%s'", py_type_name(I, v));
    return -1;
}

uint64_t py_id_of(py_interp *I, py_val v)
{
    (void)I;
    if (py_is_ptr(v)) return (uint64_t)v;
    /* immediates: a stable pseudo-address derived from the bits */
    return (v * 0x9E3779B97F4A7C15ULL) >> 16 << 4;
}

int py_hash(py_interp *I, py_val v, int64_t *out)
{
    if (py_has_plain_hash(v)) { *out = py_plain_hash(v); return 0; }
    if (v == PY_TRUE) { *out = 1; return 0; }
    if (v == PY_FALSE) { *out = 0; return 0; }
    if (py_is_float(v)) {
        double d = py_float_val(v);
        if (d != d) { *out = (int64_t)(py_id_of(I, v) >> 4); return 0; }
        return py_float_hash(d, out);
    }
    py_type *t = py_typeof(I, v);
    if (!t->s.hash) {
        /* identity hash */
        uint64_t id = py_id_of(I, v);
        int64_t h = (int64_t)((id >> 4) | (id << 60));
        *out = h == -1 ? -2 : h;
        return 0;
    }
    if (py_enter_native(I)) return -1;
    int r = t->s.hash(I, v, out);
    py_leave_native(I);
    return r;
}

/* ---- comparison --------------------------------------------------------------- */
static const char *const cmp_sym[] = { "<", "<=", "==", "!=", ">", ">=" };
static const int cmp_swap[] = { PY_GT, PY_GE, PY_EQ, PY_NE, PY_LT, PY_LE };

py_val py_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (py_is_int(a) && py_is_int(b)) {
        int64_t x = py_int_val(a), y = py_int_val(b);
        switch (op) {
        case PY_LT: return py_bool(x < y);
        case PY_LE: return py_bool(x <= y);
        case PY_EQ: return py_bool(x == y);
        case PY_NE: return py_bool(x != y);
        case PY_GT: return py_bool(x > y);
        default: return py_bool(x >= y);
        }
    }
    py_type *ta = py_typeof(I, a), *tb = py_typeof(I, b);
    if (py_enter_native(I)) return PY_NULL;
    py_val r = PY_NOTIMPL;
    int checked_reverse = 0;
    if (ta != tb && tb->s.richcmp && py_type_is_subtype(tb, ta) && tb->s.richcmp != ta->s.richcmp) {
        checked_reverse = 1;
        r = tb->s.richcmp(I, b, a, cmp_swap[op]);
        if (r != PY_NOTIMPL) goto done;
    }
    if (ta->s.richcmp) {
        r = ta->s.richcmp(I, a, b, op);
        if (r != PY_NOTIMPL) goto done;
    }
    if (!checked_reverse && tb->s.richcmp) {
        r = tb->s.richcmp(I, b, a, cmp_swap[op]);
        if (r != PY_NOTIMPL) goto done;
    }
    if (op == PY_EQ) r = py_bool(a == b);
    else if (op == PY_NE) r = py_bool(a != b);
    else {
        py_err_fmt(I, PY_E_TypeError, "'%s' not supported between instances of '%s' and '%s'", cmp_sym[op],
                   py_type_name(I, a), py_type_name(I, b));
        r = PY_NULL;
    }
done:
    py_leave_native(I);
    return r;
}

int py_truthy(py_interp *I, py_val v)
{
    if (v == PY_TRUE) return 1;
    if (v == PY_FALSE || v == PY_NONE) return 0;
    if (py_is_int(v)) return py_int_val(v) != 0;
    if (py_is_float(v)) return py_float_val(v) != 0.0;
    py_type *t = py_typeof(I, v);
    if (t->s.truth) return t->s.truth(I, v);
    if (t->s.len) {
        int64_t n = t->s.len(I, v);
        if (n < 0) return -1;
        return n != 0;
    }
    return 1;
}

int py_richcmp_bool(py_interp *I, py_val a, py_val b, int op)
{
    py_val r = py_richcmp(I, a, b, op);
    if (!r) return -1;
    if (r == PY_TRUE) return 1;
    if (r == PY_FALSE) return 0;
    int t = py_truthy(I, r);
    py_decref(I, r);
    return t;
}

int py_eq(py_interp *I, py_val a, py_val b)
{
    if (a == b) return 1;
    if (py_is_int(a) && py_is_int(b)) return 0;
    return py_richcmp_bool(I, a, b, PY_EQ);
}

/* ---- arithmetic ----------------------------------------------------------------- */
static const char *const op_sym[PY_NB_COUNT] = {
    "+", "-", "*", "@", "/", "//", "%", "** or pow()", "<<", ">>", "|", "^", "&", "divmod()"
};
static const char *const iop_sym[PY_NB_COUNT] = {
    "+=", "-=", "*=", "@=", "/=", "//=", "%=", "**=", "<<=", ">>=", "|=", "^=", "&=", "divmod()"
};

static int is_seq_for_concat(py_val v)
{
    return py_is_str(v) || py_is_list(v) || py_is_tuple(v) || py_is_bytes(v) || py_is_bytearray(v);
}

static py_val binop_try(py_interp *I, py_val a, py_val b, int op)
{
    py_type *ta = py_typeof(I, a), *tb = py_typeof(I, b);
    py_binfn sa = ta->s.nb[op];
    py_binfn sb = ta != tb ? tb->s.nb[op] : NULL;
    if (sb == sa) sb = NULL;
    py_val r;
    if (sa) {
        if (sb && py_type_is_subtype(tb, ta)) {
            r = sb(I, a, b);
            if (r != PY_NOTIMPL) return r;
            sb = NULL;
        }
        r = sa(I, a, b);
        if (r != PY_NOTIMPL) return r;
    }
    if (sb) {
        r = sb(I, a, b);
        if (r != PY_NOTIMPL) return r;
    }
    return PY_NOTIMPL;
}

static py_val binop_error(py_interp *I, py_val a, py_val b, int op, int inplace)
{
    if (op == PY_NB_ADD && is_seq_for_concat(a)) {
        /* the builtin base's concatenation reports it (subclasses inherit it) */
        py_type *bt = py_typeof(I, a);
        while (bt->base && (bt->flags & PY_TF_HEAP)) bt = bt->base;
        const char *an = bt->name;
        if (py_is_bytearray(a) || py_is_bytes(a))
            return py_err_fmt(I, PY_E_TypeError, "can't concat %s to %s", py_type_name(I, b), an);
        return py_err_fmt(I, PY_E_TypeError, "can only concatenate %s (not \"%s\") to %s", an, py_type_name(I, b), an);
    }
    if (op == PY_NB_MUL && (is_seq_for_concat(a) || is_seq_for_concat(b))) {
        py_val other = is_seq_for_concat(a) ? b : a;
        if (!py_is_intlike(other))
            return py_err_fmt(I, PY_E_TypeError, "can't multiply sequence by non-int of type '%s'", py_type_name(I, other));
    }
    if (op == PY_NB_MOD && py_is_str(a))
        return py_err_str(I, PY_E_TypeError, "not all arguments converted during string formatting");
    return py_err_fmt(I, PY_E_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                      inplace ? iop_sym[op] : op_sym[op], py_type_name(I, a), py_type_name(I, b));
}

py_val py_binop(py_interp *I, py_val a, py_val b, int op)
{
    if (py_enter_native(I)) return PY_NULL;
    py_val r = binop_try(I, a, b, op);
    py_leave_native(I);
    if (r == PY_NOTIMPL) return binop_error(I, a, b, op, 0);
    return r;
}

py_val py_inplace_op(py_interp *I, py_val a, py_val b, int op)
{
    py_type *ta = py_typeof(I, a);
    if (ta->s.nb_inplace[op]) {
        if (py_enter_native(I)) return PY_NULL;
        py_val r = ta->s.nb_inplace[op](I, a, b);
        py_leave_native(I);
        if (r != PY_NOTIMPL) return r;
    }
    if (py_enter_native(I)) return PY_NULL;
    py_val r = binop_try(I, a, b, op);
    py_leave_native(I);
    if (r == PY_NOTIMPL) return binop_error(I, a, b, op, 1);
    return r;
}

py_val py_pow3(py_interp *I, py_val a, py_val b, py_val m)
{
    if (!m || m == PY_NONE) return py_binop(I, a, b, PY_NB_POW);
    if (py_is_intlike(a) && py_is_intlike(b) && py_is_intlike(m)) return py_int_pow(I, a, b, m);
    /* user __pow__ with modulo */
    py_val f = (py_typeof(I, a)->flags & PY_TF_HEAP) ? py_lookup_special(I, a, PY_ID(I, __pow__)) : PY_NULL;
    if (f) {
        py_val args[2] = { b, m };
        py_val r = py_call(I, f, args, 2, PY_NULL);
        py_decref(I, f);
        if (r != PY_NOTIMPL) return r;
    }
    if (py_is_float(a) || py_is_float(b) || py_is_float(m))
        return py_err_str(I, PY_E_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    return py_err_fmt(I, PY_E_TypeError, "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'",
                      py_type_name(I, a), py_type_name(I, b), py_type_name(I, m));
}

#define UNARY(fn, slot, sym) \
    py_val fn(py_interp *I, py_val v) \
    { \
        py_type *t = py_typeof(I, v); \
        if (!t->s.slot) return py_err_fmt(I, PY_E_TypeError, "bad operand type for " sym ": '%s'", py_type_name(I, v)); \
        return t->s.slot(I, v); \
    }
UNARY(py_neg, neg, "unary -")
UNARY(py_pos, pos, "unary +")
UNARY(py_invert, invert, "unary ~")
UNARY(py_abs, abs, "abs()")

py_val py_index(py_interp *I, py_val v)
{
    if (py_is_int(v)) return v;
    if (py_is_bool(v)) return py_int_small(v == PY_TRUE);
    py_type *t = py_typeof(I, v);
    if (!t->s.index)
        return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, v));
    py_val r = t->s.index(I, v);
    if (r && !py_is_intlike(r)) {
        py_err_fmt(I, PY_E_TypeError, "__index__ returned non-int (type %s)", py_type_name(I, r));
        py_decref(I, r);
        return PY_NULL;
    }
    return r;
}

int py_index_i64(py_interp *I, py_val v, int64_t *out, int overflow_err)
{
    if (py_is_int(v)) { *out = py_int_val(v); return 0; }
    py_val i = py_index(I, v);
    if (!i) return -1;
    int r = py_int_to_i64(I, i, out);
    if (r && !overflow_err) {
        py_err_clear(I);
        *out = py_int_sign(i) < 0 ? INT64_MIN : INT64_MAX;
        r = 0;
    } else if (r) {
        py_err_clear(I);
        py_err_fmt(I, PY_E_IndexError, "cannot fit '%s' into an index-sized integer", py_type_name(I, v));
    }
    py_decref(I, i);
    return r;
}

/* An index argument converted like PyNumber_AsSsize_t(v, OverflowError). */
int py_ssize_arg(py_interp *I, py_val v, int64_t *out)
{
    if (py_is_int(v)) { *out = py_int_val(v); return 0; }
    py_val i = py_index(I, v);
    if (!i) return -1;
    int r = py_int_to_i64(I, i, out);
    py_decref(I, i);
    return r;
}

/* ---- containers ---------------------------------------------------------------- */
int64_t py_len(py_interp *I, py_val v)
{
    py_type *t = py_typeof(I, v);
    if (!t->s.len) {
        py_err_fmt(I, PY_E_TypeError, "object of type '%s' has no len()", py_type_name(I, v));
        return -1;
    }
    return t->s.len(I, v);
}

py_val py_getitem(py_interp *I, py_val o, py_val k)
{
    py_type *t = py_typeof(I, o);
    if (t->s.getitem) return t->s.getitem(I, o, k);
    if (py_is_typeobj(o)) {
        /* type[int] is special-cased, as in CPython */
        if (PY_TYPEOBJ(o) == PY_TYPE(I, PY_T_TYPE)) {
            py_val args = py_is_tuple(k) ? py_newref(k) : py_tuple_pack(I, 1, k);
            if (!args) return PY_NULL;
            py_val r = py_genericalias_new(I, o, args);
            py_decref(I, args);
            return r;
        }
        py_val cg = py_getattr_opt(I, o, PY_ID(I, __class_getitem__));
        if (cg) {
            py_val r = py_call1(I, cg, k);
            py_decref(I, cg);
            return r;
        }
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "type '%s' is not subscriptable", PY_TYPEOBJ(o)->name);
    }
    return py_err_fmt(I, PY_E_TypeError, "'%s' object is not subscriptable", py_type_name(I, o));
}

int py_setitem(py_interp *I, py_val o, py_val k, py_val v)
{
    py_type *t = py_typeof(I, o);
    if (!t->s.setitem) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object does not support item assignment", py_type_name(I, o));
        return -1;
    }
    return t->s.setitem(I, o, k, v);
}

int py_delitem(py_interp *I, py_val o, py_val k)
{
    py_type *t = py_typeof(I, o);
    if (!t->s.setitem) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object doesn't support item deletion", py_type_name(I, o));
        return -1;
    }
    return t->s.setitem(I, o, k, PY_NULL);
}

int py_contains(py_interp *I, py_val c, py_val v)
{
    py_type *t = py_typeof(I, c);
    if (t->s.contains) return t->s.contains(I, c, v);
    if (!t->s.iter && !t->s.getitem) {
        py_err_fmt(I, PY_E_TypeError, "argument of type '%s' is not a container or iterable", py_type_name(I, c));
        return -1;
    }
    py_val it = py_iter(I, c);
    if (!it) {
        if (py_err_matches(I, PY_E_TypeError)) {
            py_err_clear(I);
            py_err_fmt(I, PY_E_TypeError, "argument of type '%s' is not a container or iterable", py_type_name(I, c));
        }
        return -1;
    }
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

/* ---- attributes ---------------------------------------------------------------- */
py_val py_getattr(py_interp *I, py_val o, py_val name)
{
    py_type *t = py_typeof(I, o);
    if (t->s.getattr) return t->s.getattr(I, o, name);
    return py_generic_getattr(I, o, name);
}

py_val py_getattr_opt(py_interp *I, py_val o, py_val name)
{
    py_type *t = py_typeof(I, o);
    if (!t->s.getattr || t->s.getattr == py_generic_getattr) {
        int found;
        py_val r = py_generic_getattr_opt(I, o, name, &found);
        /* a descriptor (slot, property) that raised AttributeError: missing */
        if (!r && found && py_err_matches(I, PY_E_AttributeError)) py_err_clear(I);
        return r;
    }
    py_val r = t->s.getattr(I, o, name);
    if (!r && py_err_matches(I, PY_E_AttributeError)) py_err_clear(I);
    return r;
}

py_val py_getattr_s(py_interp *I, py_val o, const char *name)
{
    py_val n = py_intern(I, name);
    if (!n) return PY_NULL;
    py_val r = py_getattr(I, o, n);
    py_decref(I, n);
    return r;
}

int py_setattr(py_interp *I, py_val o, py_val name, py_val v)
{
    py_type *t = py_typeof(I, o);
    if (t->s.setattr) return t->s.setattr(I, o, name, v);
    return py_generic_setattr(I, o, name, v);
}

int py_delattr(py_interp *I, py_val o, py_val name) { return py_setattr(I, o, name, PY_NULL); }

int py_hasattr(py_interp *I, py_val o, py_val name)
{
    py_val r = py_getattr_opt(I, o, name);
    if (r) { py_decref(I, r); return 1; }
    return py_err_occurred(I) ? -1 : 0;
}

/* Look up a special method on the type and bind it (no instance dict). */
py_val py_lookup_special(py_interp *I, py_val self, py_val name)
{
    py_type *t = py_typeof(I, self);
    py_val d = py_type_lookup(I, t, name);
    if (!d) return PY_NULL;
    py_type *dt = py_typeof(I, d);
    if (dt->s.descr_get) return dt->s.descr_get(I, d, self, PY_VAL(t));
    return py_newref(d);
}

/* ---- calls ------------------------------------------------------------------------- */
py_val py_call(py_interp *I, py_val f, const py_val *args, size_t nargs, py_val kwnames)
{
    if (py_is_ptr(f)) {
        py_type *t = PY_OBJ(f)->type;
        if (t->id == PY_T_FUNCTION && !(t->flags & PY_TF_HEAP)) return py_func_call(I, f, args, nargs, kwnames);
        if (t->s.call) {
            if (py_enter_native(I)) return PY_NULL;
            py_val r = t->s.call(I, f, args, nargs, kwnames);
            py_leave_native(I);
            return r;
        }
    }
    return py_err_fmt(I, PY_E_TypeError, "'%s' object is not callable", py_type_name(I, f));
}

py_val py_call0(py_interp *I, py_val f) { return py_call(I, f, NULL, 0, PY_NULL); }
py_val py_call1(py_interp *I, py_val f, py_val a) { return py_call(I, f, &a, 1, PY_NULL); }
py_val py_call2(py_interp *I, py_val f, py_val a, py_val b)
{
    py_val args[2] = { a, b };
    return py_call(I, f, args, 2, PY_NULL);
}

py_val py_call_method_opt(py_interp *I, py_val self, py_val name, const py_val *args, size_t nargs, int *found)
{
    py_val m = py_getattr_opt(I, self, name);
    if (!m) { *found = 0; return PY_NULL; }
    *found = 1;
    py_val r = py_call(I, m, args, nargs, PY_NULL);
    py_decref(I, m);
    return r;
}

py_val py_call_method(py_interp *I, py_val self, py_val name, const py_val *args, size_t nargs)
{
    py_val m = py_getattr(I, self, name);
    if (!m) return PY_NULL;
    py_val r = py_call(I, m, args, nargs, PY_NULL);
    py_decref(I, m);
    return r;
}

py_val py_call_tuple_dict(py_interp *I, py_val f, py_val args, py_val kwargs)
{
    size_t na = args ? py_tuple_len(args) : 0;
    size_t nk = kwargs ? py_dict_len(kwargs) : 0;
    if (nk == 0) return py_call(I, f, args ? py_tuple_items(args) : NULL, na, PY_NULL);
    py_val stackbuf[16];
    py_val *all = stackbuf;
    if (na + nk > 16) {
        all = py_alloc(I, (na + nk) * sizeof(py_val));
        if (!all) return PY_NULL;
    }
    py_val names = py_tuple_new(I, nk);
    if (!names) { if (all != stackbuf) py_free(I, all, (na + nk) * sizeof(py_val)); return PY_NULL; }
    for (size_t i = 0; i < na; i++) all[i] = py_tuple_items(args)[i];
    size_t pos = 0, k = 0;
    py_val key, val;
    while (py_dict_next(kwargs, &pos, &key, &val)) {
        if (!py_is_str(key)) {
            py_decref(I, names);
            if (all != stackbuf) py_free(I, all, (na + nk) * sizeof(py_val));
            return py_err_str(I, PY_E_TypeError, "keywords must be strings");
        }
        py_tuple_items(names)[k] = py_newref(key);
        all[na + k] = val;
        k++;
    }
    /* values are borrowed from kwargs: keep it alive */
    py_incref(kwargs);
    py_val r = py_call(I, f, all, na, names);
    py_decref(I, kwargs);
    py_decref(I, names);
    if (all != stackbuf) py_free(I, all, (na + nk) * sizeof(py_val));
    return r;
}

int py_callable(py_interp *I, py_val v)
{
    if (!py_is_ptr(v)) return 0;
    py_type *t = py_typeof(I, v);
    return t->s.call != NULL || t->id == PY_T_FUNCTION;
}

/* ---- iteration ------------------------------------------------------------------- */
py_val py_iter(py_interp *I, py_val v)
{
    py_type *t = py_typeof(I, v);
    if (t->s.iter) {
        py_val it = t->s.iter(I, v);
        if (it && !py_typeof(I, it)->s.next) {
            py_err_fmt(I, PY_E_TypeError, "iter() returned non-iterator of type '%s'", py_type_name(I, it));
            py_decref(I, it);
            return PY_NULL;
        }
        return it;
    }
    if (t->s.getitem && !py_is_dict(v)) return py_seqiter_new(I, v);
    return py_err_fmt(I, PY_E_TypeError, "'%s' object is not iterable", py_type_name(I, v));
}

py_val py_next(py_interp *I, py_val it)
{
    py_type *t = py_typeof(I, it);
    if (!t->s.next) return py_err_fmt(I, PY_E_TypeError, "'%s' object is not an iterator", py_type_name(I, it));
    py_val r = t->s.next(I, it);
    /* like PyIter_Next: a StopIteration (a generator's return value) is exhaustion */
    if (!r && I->exc && py_err_matches(I, PY_E_StopIteration)) py_err_clear(I);
    return r;
}

int py_unpack_iter(py_interp *I, py_val v, py_val *out, size_t n)
{
    if (py_is_tuple(v) || py_is_list(v)) {
        size_t len = py_is_tuple(v) ? PY_TUPLE(v)->n : PY_LIST(v)->n;
        const py_val *items = py_is_tuple(v) ? PY_TUPLE(v)->items : PY_LIST(v)->items;
        if (len != n) {
            if (len > n) py_err_fmt(I, PY_E_ValueError, "too many values to unpack (expected %zu, got %zu)", n, len);
            else py_err_fmt(I, PY_E_ValueError, "not enough values to unpack (expected %zu, got %zu)", n, len);
            return -1;
        }
        for (size_t i = 0; i < n; i++) out[i] = py_newref(items[i]);
        return 0;
    }
    py_val it = py_iter(I, v);
    if (!it) {
        py_type *vt = py_typeof(I, v);
        if (py_err_matches(I, PY_E_TypeError) && !vt->s.iter && !vt->s.getitem) {
            py_err_clear(I);
            py_err_fmt(I, PY_E_TypeError, "cannot unpack non-iterable %s object", py_type_name(I, v));
        }
        return -1;
    }
    /* an exact dict knows its length (CPython unpacks it without iterating) */
    if (PY_IS(v, DICT) && !(py_typeof(I, v)->flags & PY_TF_HEAP) && PY_DICT(v)->used > n) {
        py_decref(I, it);
        py_err_fmt(I, PY_E_ValueError, "too many values to unpack (expected %zu, got %zu)", n, (size_t)PY_DICT(v)->used);
        return -1;
    }
    size_t i;
    for (i = 0; i < n; i++) {
        py_val x = py_next(I, it);
        if (!x) {
            for (size_t j = 0; j < i; j++) py_decref(I, out[j]);
            py_decref(I, it);
            if (!py_err_occurred(I))
                py_err_fmt(I, PY_E_ValueError, "not enough values to unpack (expected %zu, got %zu)", n, i);
            return -1;
        }
        out[i] = x;
    }
    py_val extra = py_next(I, it);
    py_decref(I, it);
    if (extra || py_err_occurred(I)) {
        py_xdecref(I, extra);
        for (size_t j = 0; j < n; j++) py_decref(I, out[j]);
        if (!py_err_occurred(I)) py_err_fmt(I, PY_E_ValueError, "too many values to unpack (expected %zu)", n);
        return -1;
    }
    return 0;
}

/* ---- isinstance / issubclass --------------------------------------------------- */
static int check_class_spec(py_interp *I, py_val cls, const char *fn)
{
    if (py_is_typeobj(cls)) return 0;
    if (PY_IS(cls, UNIONTYPE) || PY_IS(cls, GENERICALIAS)) return 0;
    if (!strcmp(fn, "issubclass"))
        py_err_fmt(I, PY_E_TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    else
        py_err_fmt(I, PY_E_TypeError, "%s() arg 2 must be a type, a tuple of types, or a union", fn);
    return -1;
}

int py_isinstance(py_interp *I, py_val v, py_val cls)
{
    if (py_is_tuple(cls)) {
        if (py_enter_native(I)) return -1;
        for (size_t i = 0; i < py_tuple_len(cls); i++) {
            int r = py_isinstance(I, v, py_tuple_items(cls)[i]);
            if (r) { py_leave_native(I); return r; }
        }
        py_leave_native(I);
        return 0;
    }
    if (PY_IS(cls, UNIONTYPE)) return py_isinstance(I, v, ((py_iterobj *)PY_OBJ(cls))->seq);
    if (PY_IS(cls, GENERICALIAS)) {
        py_err_str(I, PY_E_TypeError, "isinstance() argument 2 cannot be a parameterized generic");
        return -1;
    }
    if (!py_is_typeobj(cls)) {
        py_val hook = py_is_ptr(cls) ? py_lookup_special(I, cls, PY_ID(I, __instancecheck__)) : PY_NULL;
        if (hook) {
            py_val r = py_call1(I, hook, v);
            py_decref(I, hook);
            if (!r) return -1;
            int b = py_truthy(I, r);
            py_decref(I, r);
            return b;
        }
        return check_class_spec(I, cls, "isinstance");
    }
    py_type *ct = PY_TYPEOBJ(cls);
    if (ct->ob.type != PY_TYPE(I, PY_T_TYPE)) {
        /* metaclass may define __instancecheck__ */
        py_val hook = py_lookup_special(I, cls, PY_ID(I, __instancecheck__));
        if (hook) {
            py_val r = py_call1(I, hook, v);
            py_decref(I, hook);
            if (!r) return -1;
            int b = py_truthy(I, r);
            py_decref(I, r);
            return b;
        }
    }
    return py_type_is_subtype(py_typeof(I, v), ct);
}

int py_issubclass(py_interp *I, py_val sub, py_val cls)
{
    if (py_is_tuple(cls)) {
        for (size_t i = 0; i < py_tuple_len(cls); i++) {
            int r = py_issubclass(I, sub, py_tuple_items(cls)[i]);
            if (r) return r;
        }
        return 0;
    }
    if (PY_IS(cls, UNIONTYPE)) return py_issubclass(I, sub, ((py_iterobj *)PY_OBJ(cls))->seq);
    if (!py_is_typeobj(sub)) {
        py_err_str(I, PY_E_TypeError, "issubclass() arg 1 must be a class");
        return -1;
    }
    if (!py_is_typeobj(cls)) {
        py_val hook = py_is_ptr(cls) ? py_lookup_special(I, cls, PY_ID(I, __subclasscheck__)) : PY_NULL;
        if (hook) {
            py_val r = py_call1(I, hook, sub);
            py_decref(I, hook);
            if (!r) return -1;
            int b = py_truthy(I, r);
            py_decref(I, r);
            return b;
        }
        return check_class_spec(I, cls, "issubclass");
    }
    if (PY_TYPEOBJ(cls)->ob.type != PY_TYPE(I, PY_T_TYPE)) {
        py_val hook = py_lookup_special(I, cls, PY_ID(I, __subclasscheck__));
        if (hook) {
            py_val r = py_call1(I, hook, sub);
            py_decref(I, hook);
            if (!r) return -1;
            int b = py_truthy(I, r);
            py_decref(I, r);
            return b;
        }
    }
    return py_type_is_subtype(PY_TYPEOBJ(sub), PY_TYPEOBJ(cls));
}

/* ---- format() --------------------------------------------------------------------- */
py_val py_format(py_interp *I, py_val v, py_val spec)
{
    if (!spec) spec = I->empty_str;
    if (py_is_int(v) || py_is_float(v) || (py_is_ptr(v) && (PY_OBJ(v)->type->id == PY_T_STR ||
        PY_OBJ(v)->type->id == PY_T_INT) && !(PY_OBJ(v)->type->flags & PY_TF_HEAP)) || py_is_bool(v)) {
        if (py_str_len(spec) == 0 && !py_is_bool(v)) return py_str(I, v);
        return py_format_spec(I, v, spec);
    }
    py_val f = py_lookup_special(I, v, PY_ID(I, __format__));
    if (!f) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "Type %s doesn't define __format__", py_type_name(I, v));
    }
    py_val r = py_call1(I, f, spec);
    py_decref(I, f);
    if (r && !py_is_str(r)) {
        py_err_fmt(I, PY_E_TypeError, "__format__ must return a str, not %s", py_type_name(I, r));
        py_decref(I, r);
        return PY_NULL;
    }
    return r;
}

int py_write(py_interp *I, int fd, const char *p, size_t n)
{
    if (!I->opts || !I->opts->write || n == 0) return 0;
    if (I->opts->write(I->opts->write_ud, fd, p, n)) {
        py_err_fatal(I, PY_E_KeyboardInterrupt, "output closed");
        return -1;
    }
    return 0;
}
