/* tuple.c — Python tuple: immutable array of values, hash cached.
 *
 * Must never: expose a partially filled tuple to Python code.
 */
#include <string.h>

#include "py/core.h"

static size_t tuple_size(size_t n) { return sizeof(py_tuple) + n * sizeof(py_val); }

py_val py_tuple_new(py_interp *I, size_t n)
{
    if (n == 0 && I->empty_tuple) return py_newref(I->empty_tuple);
    if (n > ((size_t)1 << 40)) return py_err_nomem_size(I, (size_t)1 << 62);
    py_tuple *t = (py_tuple *)py_obj_new(I, PY_TYPE(I, PY_T_TUPLE), tuple_size(n));
    if (!t) return PY_NULL;
    t->n = n;
    t->hash = -1;
    return PY_VAL(t);
}

py_val py_tuple_from(py_interp *I, const py_val *items, size_t n)
{
    py_val t = py_tuple_new(I, n);
    if (!t) return PY_NULL;
    for (size_t i = 0; i < n; i++) PY_TUPLE(t)->items[i] = py_newref(items[i]);
    return t;
}

py_val py_tuple_steal(py_interp *I, py_val *items, size_t n)
{
    py_val t = py_tuple_new(I, n);
    if (!t) {
        for (size_t i = 0; i < n; i++) py_xdecref(I, items[i]);
        return PY_NULL;
    }
    memcpy(PY_TUPLE(t)->items, items, n * sizeof(py_val));
    return t;
}

py_val py_tuple_pack(py_interp *I, size_t n, ...)
{
    va_list ap;
    va_start(ap, n);
    py_val t = py_tuple_new(I, n);
    for (size_t i = 0; i < n; i++) {
        py_val v = va_arg(ap, py_val);
        if (t) PY_TUPLE(t)->items[i] = py_newref(v);
    }
    va_end(ap);
    return t;
}

static void tuple_dealloc(py_interp *I, py_obj *o)
{
    py_tuple *t = (py_tuple *)o;
    py_gc_untrack(I, o);
    for (size_t i = t->n; i-- > 0;) py_xdecref(I, t->items[i]);   /* CPython's order */
    py_obj_free(I, o, tuple_size(t->n));
}

static void tuple_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_tuple *t = (py_tuple *)o;
    for (size_t i = 0; i < t->n; i++) if (t->items[i]) visit(t->items[i], ctx);
}

static void tuple_clear(py_interp *I, py_obj *o)
{
    py_tuple *t = (py_tuple *)o;
    for (size_t i = 0; i < t->n; i++) PY_CLEAR(I, t->items[i]);
}

int py_seq_repr(py_interp *I, const py_val *items, size_t n, const char *open,
                const char *close, sk_buf *out)
{
    if (sk_buf_puts(out, open)) goto nomem;
    for (size_t i = 0; i < n; i++) {
        if (i && sk_buf_puts(out, ", ")) goto nomem;
        if (py_buf_repr(I, out, items[i])) return -1;
    }
    if (sk_buf_puts(out, close)) goto nomem;
    return 0;
nomem:
    py_err_nomem(I);
    return -1;
}

static py_val tuple_repr(py_interp *I, py_val v)
{
    py_tuple *t = PY_TUPLE(v);
    if (t->n == 0) return py_str_cstr(I, "()");
    int r = py_repr_enter(I, v);
    if (r < 0) return PY_NULL;
    if (r) return py_str_cstr(I, "(...)");
    sk_buf b = SK_BUF_INIT(I->alloc);
    int err = py_seq_repr(I, t->items, t->n, "(", t->n == 1 ? ",)" : ")", &b);
    py_repr_leave(I, v);
    if (err) { sk_buf_free(&b); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

static int tuple_hash(py_interp *I, py_val v, int64_t *out)
{
    py_tuple *t = PY_TUPLE(v);
    if (t->hash != -1) { *out = t->hash; return 0; }
    uint64_t acc = 2870177450012600261ULL;
    for (size_t i = 0; i < t->n; i++) {
        int64_t h;
        if (py_hash(I, t->items[i], &h)) return -1;
        acc += (uint64_t)h * 14029467366897019727ULL;
        acc = (acc << 31) | (acc >> 33);
        acc *= 11400714785074694791ULL;
    }
    acc += t->n ^ (2870177450012600261ULL ^ 3527539UL);
    int64_t r = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
    t->hash = r;
    *out = r;
    return 0;
}

/* Lexicographic comparison shared by list and tuple. */
py_val py_seq_richcmp(py_interp *I, const py_val *a, size_t na, const py_val *b, size_t nb, int op);
py_val py_seq_richcmp(py_interp *I, const py_val *a, size_t na, const py_val *b, size_t nb, int op)
{
    size_t i;
    for (i = 0; i < na && i < nb; i++) {
        int e = py_eq(I, a[i], b[i]);
        if (e < 0) return PY_NULL;
        if (!e) break;
    }
    if (i >= na || i >= nb) {
        int c = na < nb ? -1 : na > nb;
        switch (op) {
        case PY_LT: return py_bool(c < 0);
        case PY_LE: return py_bool(c <= 0);
        case PY_EQ: return py_bool(c == 0);
        case PY_NE: return py_bool(c != 0);
        case PY_GT: return py_bool(c > 0);
        default: return py_bool(c >= 0);
        }
    }
    if (op == PY_EQ) return PY_FALSE;
    if (op == PY_NE) return PY_TRUE;
    return py_richcmp(I, a[i], b[i], op);
}

static py_val tuple_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (!py_is_tuple(a) || !py_is_tuple(b)) return PY_NOTIMPL;
    if (op == PY_EQ || op == PY_NE) {
        if (PY_TUPLE(a)->n != PY_TUPLE(b)->n) return py_bool(op == PY_NE);
    }
    py_incref(a); py_incref(b);
    py_val r = py_seq_richcmp(I, PY_TUPLE(a)->items, PY_TUPLE(a)->n, PY_TUPLE(b)->items, PY_TUPLE(b)->n, op);
    py_decref(I, a); py_decref(I, b);
    return r;
}

static int64_t tuple_len(py_interp *I, py_val v) { (void)I; return (int64_t)PY_TUPLE(v)->n; }

static py_val tuple_getitem(py_interp *I, py_val self, py_val key)
{
    py_tuple *t = PY_TUPLE(self);
    if (py_is_int(key)) {
        int64_t i = py_int_val(key);
        if (i < 0) i += (int64_t)t->n;
        if (i < 0 || (uint64_t)i >= t->n) return py_err_str(I, PY_E_IndexError, "tuple index out of range");
        return py_newref(t->items[i]);
    }
    if (PY_IS(key, SLICE)) {
        int64_t start, stop, step, n;
        if (py_slice_indices(I, key, (int64_t)t->n, &start, &stop, &step, &n)) return PY_NULL;
        if (step == 1 && n == (int64_t)t->n && !(t->ob.type->flags & PY_TF_HEAP)) return py_newref(self);
        py_val r = py_tuple_new(I, n > 0 ? (size_t)n : 0);
        if (!r) return PY_NULL;
        for (int64_t k = 0, i = start; k < n; k++, i += step) PY_TUPLE(r)->items[k] = py_newref(t->items[i]);
        return r;
    }
    if (py_is_bool(key) || py_is_bigint(key) || (py_is_ptr(key) && py_typeof(I, key)->s.index)) {
        int64_t i;
        if (py_index_i64(I, key, &i, 1)) return PY_NULL;
        if (i < 0) i += (int64_t)t->n;
        if (i < 0 || (uint64_t)i >= t->n) return py_err_str(I, PY_E_IndexError, "tuple index out of range");
        return py_newref(t->items[i]);
    }
    return py_err_fmt(I, PY_E_TypeError, "tuple indices must be integers or slices, not %s", py_type_name(I, key));
}

static int tuple_contains(py_interp *I, py_val self, py_val v)
{
    py_tuple *t = PY_TUPLE(self);
    for (size_t i = 0; i < t->n; i++) {
        int e = py_eq(I, t->items[i], v);
        if (e) return e;
    }
    return 0;
}

static py_val tuple_add(py_interp *I, py_val a, py_val b)
{
    if (!py_is_tuple(a)) return PY_NOTIMPL;
    if (!py_is_tuple(b)) return PY_NOTIMPL;
    size_t na = PY_TUPLE(a)->n, nb = PY_TUPLE(b)->n;
    py_val r = py_tuple_new(I, na + nb);
    if (!r) return PY_NULL;
    for (size_t i = 0; i < na; i++) PY_TUPLE(r)->items[i] = py_newref(PY_TUPLE(a)->items[i]);
    for (size_t i = 0; i < nb; i++) PY_TUPLE(r)->items[na + i] = py_newref(PY_TUPLE(b)->items[i]);
    return r;
}

int py_repeat_count(py_interp *I, py_val n, int64_t *out);
int py_repeat_count(py_interp *I, py_val n, int64_t *out)
{
    if (!py_is_intlike(n)) {
        if (py_is_ptr(n) && py_typeof(I, n)->s.index && !py_is_float(n)) return py_index_i64(I, n, out, 1);
        py_err_fmt(I, PY_E_TypeError, "can't multiply sequence by non-int of type '%s'", py_type_name(I, n));
        return -1;
    }
    if (py_int_to_i64(I, n, out)) {
        py_err_clear(I);
        if (py_int_sign(n) < 0) { *out = 0; return 0; }
        py_err_fmt(I, PY_E_OverflowError, "cannot fit '%s' into an index-sized integer", py_type_name(I, n));
        return -1;
    }
    return 0;
}

static py_val tuple_mul(py_interp *I, py_val a, py_val b)
{
    py_val t = a, n = b;
    if (!py_is_tuple(t)) { t = b; n = a; }
    if (!py_is_tuple(t)) return PY_NOTIMPL;
    if (!py_is_intlike(n) && !(py_is_ptr(n) && py_typeof(I, n)->s.index)) return PY_NOTIMPL;
    int64_t k;
    if (py_repeat_count(I, n, &k)) return PY_NULL;
    size_t len = PY_TUPLE(t)->n;
    if (k <= 0 || len == 0) return py_tuple_new(I, 0);
    if (k == 1 && !(PY_OBJ(t)->type->flags & PY_TF_HEAP)) return py_newref(t);
    if ((uint64_t)k > ((uint64_t)1 << 36) / len) return py_err_nomem_size(I, (size_t)1 << 62);
    py_val r = py_tuple_new(I, len * (size_t)k);
    if (!r) return PY_NULL;
    for (int64_t i = 0; i < k; i++)
        for (size_t j = 0; j < len; j++) PY_TUPLE(r)->items[(size_t)i * len + j] = py_newref(PY_TUPLE(t)->items[j]);
    return r;
}

static py_val tuple_iter(py_interp *I, py_val v)
{
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_TUPLE_ITER), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(v);
    return PY_VAL(it);
}

static py_val tupleiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_tuple *t = PY_TUPLE(it->seq);
    if ((size_t)it->i >= t->n) { PY_CLEAR(I, it->seq); return PY_NULL; }
    return py_newref(t->items[it->i++]);
}

py_val py_sequence_tuple(py_interp *I, py_val it)
{
    if (PY_IS(it, TUPLE)) return py_newref(it);
    if (py_is_list(it)) return py_tuple_from(I, PY_LIST(it)->items, PY_LIST(it)->n);
    py_val l = py_sequence_list(I, it);
    if (!l) return PY_NULL;
    py_val t = py_tuple_from(I, PY_LIST(l)->items, PY_LIST(l)->n);
    py_decref(I, l);
    return t;
}

static py_val tuple_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "tuple", kw)) return PY_NULL;
    if (nargs > 1) return py_err_fmt(I, PY_E_TypeError, "tuple expected at most 1 argument, got %zu", nargs);
    py_val r = nargs ? py_sequence_tuple(I, args[0]) : py_tuple_new(I, 0);
    if (!r || (t->id == PY_T_TUPLE && !(t->flags & PY_TF_HEAP))) return r;
    /* subclass (namedtuple etc.): copy into a new object of type t */
    size_t n = PY_TUPLE(r)->n;
    py_tuple *s = (py_tuple *)py_obj_new(I, t, t->basicsize + n * sizeof(py_val));
    if (!s) { py_decref(I, r); return PY_NULL; }
    s->n = n;
    s->hash = -1;
    for (size_t i = 0; i < n; i++) s->items[i] = py_newref(PY_TUPLE(r)->items[i]);
    py_decref(I, r);
    return PY_VAL(s);
}

static py_val tuple_count(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "tuple.count", nargs, kw, 1)) return PY_NULL;
    py_tuple *t = PY_TUPLE(self);
    int64_t c = 0;
    for (size_t i = 0; i < t->n; i++) {
        int e = py_eq(I, t->items[i], args[0]);
        if (e < 0) return PY_NULL;
        c += e;
    }
    return py_int_small(c);
}

int py_slice_arg(py_interp *I, py_val v, int64_t len, int64_t *out);

static py_val tuple_index(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_range(I, "tuple.index", nargs, kw, 1, 3)) return PY_NULL;
    py_tuple *t = PY_TUPLE(self);
    int64_t start = 0, stop = (int64_t)t->n;
    if (nargs > 1 && py_slice_arg(I, args[1], (int64_t)t->n, &start)) return PY_NULL;
    if (nargs > 2 && py_slice_arg(I, args[2], (int64_t)t->n, &stop)) return PY_NULL;
    for (int64_t i = start; i < stop && (size_t)i < t->n; i++) {
        int e = py_eq(I, t->items[i], args[0]);
        if (e < 0) return PY_NULL;
        if (e) return py_int_small(i);
    }
    return py_err_str(I, PY_E_ValueError, "tuple.index(x): x not in tuple");
}

static py_val tuple_getnewargs(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    return py_tuple_pack(I, 1, self);
}

static py_val tuple_class_getitem(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "tuple.__class_getitem__", nargs, kw, 1)) return PY_NULL;
    return py_genericalias_new(I, cls, args[0]);
}

static const py_methoddef tuple_methods[] = {
    { "count", tuple_count, 0 },
    { "index", tuple_index, 0 },
    { "__getnewargs__", tuple_getnewargs, 0 },
    { "__class_getitem__", tuple_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

py_val py_iter_self(py_interp *I, py_val v);
void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);

const py_typedef py_tuple_typedef = {
    .name = "tuple", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_TUPLE_SUB,
    .basicsize = sizeof(py_tuple),
    .slots = {
        .dealloc = tuple_dealloc, .traverse = tuple_traverse, .clear = tuple_clear,
        .repr = tuple_repr, .hash = tuple_hash, .richcmp = tuple_richcmp, .len = tuple_len,
        .getitem = tuple_getitem, .contains = tuple_contains, .iter = tuple_iter,
        .nb = { [PY_NB_ADD] = tuple_add, [PY_NB_MUL] = tuple_mul },
        .new_ = tuple_new_slot,
    },
    .methods = tuple_methods,
};

const py_typedef py_tupleiter_typedef = {
    .name = "tuple_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = tupleiter_next },
};
