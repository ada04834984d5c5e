/* iterobj.c — range, slice, and the lazy iterator types of the builtins
 * (iter(seq), iter(callable, sentinel), enumerate, zip, map, filter,
 * reversed), plus types.GenericAlias (`list[int]`), unions (`int | str`)
 * and types.SimpleNamespace.
 *
 * Ranges are limited to 64-bit bounds (as in Monty); a bigger bound raises
 * OverflowError.
 *
 * Must never: overflow when computing a range length or index.
 */
#include <stdio.h>
#include <string.h>

#include "py/core.h"

py_val py_iter_self(py_interp *I, py_val v) { (void)I; return py_newref(v); }

void py_iterobj_dealloc(py_interp *I, py_obj *o)
{
    py_iterobj *it = (py_iterobj *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, it->seq);
    py_xdecref(I, it->aux);
    py_xdecref(I, it->aux2);
    py_obj_free(I, o, o->type->basicsize);
}

void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_iterobj *it = (py_iterobj *)o;
    if (it->seq) visit(it->seq, ctx);
    if (it->aux) visit(it->aux, ctx);
    if (it->aux2) visit(it->aux2, ctx);
}

void py_iterobj_clear(py_interp *I, py_obj *o)
{
    py_iterobj *it = (py_iterobj *)o;
    PY_CLEAR(I, it->seq);
    PY_CLEAR(I, it->aux);
    PY_CLEAR(I, it->aux2);
}

static py_iterobj *iterobj_new(py_interp *I, int tid)
{
    return (py_iterobj *)py_obj_new(I, PY_TYPE(I, tid), sizeof(py_iterobj));
}

/* ---- range ------------------------------------------------------------------------- */
static int64_t range_len_calc(int64_t start, int64_t stop, int64_t step)
{
    if (step > 0) {
        if (start >= stop) return 0;
        return (int64_t)(((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1);
    }
    if (start <= stop) return 0;
    return (int64_t)(((uint64_t)start - (uint64_t)stop - 1) / (uint64_t)(-(step + 1) + 1ULL) + 1);
}

static int to_i64_arg(py_interp *I, py_val v, int64_t *out)
{
    if (py_is_int(v)) { *out = py_int_val(v); return 0; }
    if (py_is_float(v) || !(py_is_intlike(v) || py_typeof(I, v)->s.index)) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, v));
        return -1;
    }
    py_val i = py_index(I, v);
    if (!i) return -1;
    int r = py_int_to_i64(I, i, out);
    py_decref(I, i);
    return r;
}

static py_val range_make(py_interp *I, int64_t start, int64_t stop, int64_t step)
{
    py_range *r = (py_range *)py_obj_new(I, PY_TYPE(I, PY_T_RANGE), sizeof(py_range));
    if (!r) return PY_NULL;
    r->start = py_int_from_i64(I, start);
    r->stop = py_int_from_i64(I, stop);
    r->step = py_int_from_i64(I, step);
    r->len = range_len_calc(start, stop, step);
    return PY_VAL(r);
}

py_val py_range_new(py_interp *I, py_val a, py_val b, py_val c)
{
    int64_t start = 0, stop, step = 1;
    if (!b) {
        if (to_i64_arg(I, a, &stop)) return PY_NULL;
    } else {
        if (to_i64_arg(I, a, &start) || to_i64_arg(I, b, &stop)) return PY_NULL;
        if (c && to_i64_arg(I, c, &step)) return PY_NULL;
    }
    if (step == 0) return py_err_str(I, PY_E_ValueError, "range() arg 3 must not be zero");
    return range_make(I, start, stop, step);
}

/* range bounds always fit int64 (the constructor checks), but beyond 48 bits
 * they are heap ints */
static int64_t r_i64(py_val x)
{
    if (py_is_int(x)) return py_int_val(x);
    return mp_get_i64(&((py_bigint *)PY_OBJ(x))->v);
}
static int64_t R_start(py_val v) { return r_i64(((py_range *)PY_OBJ(v))->start); }
static int64_t R_stop(py_val v) { return r_i64(((py_range *)PY_OBJ(v))->stop); }
static int64_t R_step(py_val v) { return r_i64(((py_range *)PY_OBJ(v))->step); }

static void range_dealloc(py_interp *I, py_obj *o)
{
    py_range *r = (py_range *)o;
    py_xdecref(I, r->start);
    py_xdecref(I, r->stop);
    py_xdecref(I, r->step);
    py_obj_free(I, o, sizeof(py_range));
}

static py_val range_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)t;
    if (py_no_kw(I, "range", kw)) return PY_NULL;
    if (nargs < 1) return py_err_str(I, PY_E_TypeError, "range expected at least 1 argument, got 0");
    if (nargs > 3) return py_err_fmt(I, PY_E_TypeError, "range expected at most 3 arguments, got %zu", nargs);
    return py_range_new(I, args[0], nargs > 1 ? args[1] : PY_NULL, nargs > 2 ? args[2] : PY_NULL);
}

static py_val range_repr(py_interp *I, py_val v)
{
    if (R_step(v) == 1) return py_str_fmt(I, "range(%lld, %lld)", (long long)R_start(v), (long long)R_stop(v));
    return py_str_fmt(I, "range(%lld, %lld, %lld)", (long long)R_start(v), (long long)R_stop(v), (long long)R_step(v));
}

static int64_t range_len(py_interp *I, py_val v)
{
    int64_t n = ((py_range *)PY_OBJ(v))->len;
    if (n < 0) py_err_str(I, PY_E_OverflowError, "Python int too large to convert to C ssize_t");
    return n;
}
static int range_truth(py_interp *I, py_val v) { (void)I; return ((py_range *)PY_OBJ(v))->len != 0; }

static py_val range_getitem(py_interp *I, py_val self, py_val key)
{
    py_range *r = (py_range *)PY_OBJ(self);
    if (PY_IS(key, SLICE)) {
        int64_t start, stop, step, n;
        if (py_slice_indices(I, key, r->len, &start, &stop, &step, &n)) return PY_NULL;
        int64_t s0 = R_start(self), st = R_step(self);
        int64_t nstart, nstop, nstep;
        if (__builtin_mul_overflow(start, st, &nstart) || __builtin_add_overflow(nstart, s0, &nstart) ||
            __builtin_mul_overflow(stop, st, &nstop) || __builtin_add_overflow(nstop, s0, &nstop) ||
            __builtin_mul_overflow(step, st, &nstep))
            return py_err_str(I, PY_E_OverflowError, "Python int too large to convert to C ssize_t");
        return range_make(I, nstart, nstop, nstep);
    }
    int64_t i;
    if (py_is_int(key)) i = py_int_val(key);
    else if (py_is_intlike(key) || (py_is_ptr(key) && py_typeof(I, key)->s.index)) {
        if (py_index_i64(I, key, &i, 1)) return PY_NULL;
    } else {
        return py_err_fmt(I, PY_E_TypeError, "range indices must be integers or slices, not %s", py_type_name(I, key));
    }
    if (r->len < 0) {
        /* more than 2**63 - 1 elements: index with 128-bit arithmetic */
        __int128 s0 = R_start(self), e0 = R_stop(self), st = R_step(self), n;
        n = st > 0 ? (e0 - s0 - 1) / st + 1 : (s0 - e0 - 1) / -st + 1;
        __int128 ii = i;
        if (ii < 0) ii += n;
        if (ii < 0 || ii >= n) return py_err_str(I, PY_E_IndexError, "range object index out of range");
        return py_int_from_i64(I, (int64_t)(s0 + ii * st));
    }
    if (i < 0) i += r->len;
    if (i < 0 || i >= r->len) return py_err_str(I, PY_E_IndexError, "range object index out of range");
    return py_int_from_i64(I, (int64_t)((__int128)R_start(self) + (__int128)i * R_step(self)));
}

static int range_contains_int(py_val self, int64_t x)
{
    int64_t s = R_start(self), e = R_stop(self), st = R_step(self);
    if (st > 0) { if (x < s || x >= e) return 0; }
    else { if (x > s || x <= e) return 0; }
    return (((__int128)x - s) % st) == 0;
}

static int range_contains(py_interp *I, py_val self, py_val v)
{
    if (py_is_int(v) || py_is_bool(v)) return range_contains_int(self, py_is_int(v) ? py_int_val(v) : v == PY_TRUE);
    if (py_is_bigint(v) && !(py_typeof(I, v)->flags & PY_TF_HEAP)) {
        int64_t x;
        if (py_int_to_i64(I, v, &x)) { py_err_clear(I); return 0; }
        return range_contains_int(self, x);
    }
    py_range *r = (py_range *)PY_OBJ(self);
    for (int64_t i = 0; i < r->len; i++) {
        py_val x = py_int_from_i64(I, (int64_t)((__int128)R_start(self) + (__int128)i * R_step(self)));
        if (!x) return -1;
        int e = py_eq(I, x, v);
        py_decref(I, x);
        if (e) return e;
    }
    return 0;
}

static py_val range_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    (void)I;
    if ((op != PY_EQ && op != PY_NE) || !PY_IS(a, RANGE) || !PY_IS(b, RANGE)) return PY_NOTIMPL;
    py_range *x = (py_range *)PY_OBJ(a), *y = (py_range *)PY_OBJ(b);
    int eq;
    if (x->len != y->len) eq = 0;
    else if (x->len == 0) eq = 1;
    else if (R_start(a) != R_start(b)) eq = 0;
    else if (x->len == 1) eq = 1;
    else eq = R_step(a) == R_step(b);
    return py_bool(op == PY_EQ ? eq : !eq);
}

static int range_hash(py_interp *I, py_val v, int64_t *out)
{
    py_range *r = (py_range *)PY_OBJ(v);
    py_val t;
    if (r->len == 0) t = py_tuple_pack(I, 3, py_int_small(0), PY_NONE, PY_NONE);
    else if (r->len == 1) t = py_tuple_pack(I, 3, py_int_small(1), r->start, PY_NONE);
    else t = py_tuple_pack(I, 3, py_int_from_i64(I, r->len), r->start, r->step);
    if (!t) return -1;
    int rr = py_hash(I, t, out);
    py_decref(I, t);
    return rr;
}

static py_val rangeiter_make(py_interp *I, int64_t start, int64_t step, int64_t len)
{
    py_iterobj *it = iterobj_new(I, PY_T_RANGE_ITER);
    if (!it) return PY_NULL;
    it->i = start;
    it->n = len;
    it->aux = py_int_from_i64(I, step);
    return PY_VAL(it);
}

static py_val range_iter(py_interp *I, py_val v)
{
    return rangeiter_make(I, R_start(v), R_step(v), ((py_range *)PY_OBJ(v))->len);
}

static py_val rangeiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (it->n <= 0) return PY_NULL;
    int64_t v = it->i, st;
    if (py_is_int(it->aux)) st = py_int_val(it->aux);
    else py_int_to_i64(I, it->aux, &st);
    it->i = (int64_t)((uint64_t)v + (uint64_t)st);
    it->n--;
    return py_int_from_i64(I, v);
}

static py_val range_reversed(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "range.__reversed__", nargs, kw)) return PY_NULL;
    py_range *r = (py_range *)PY_OBJ(self);
    int64_t last = R_start(self) + (r->len - 1) * R_step(self);
    return rangeiter_make(I, r->len ? last : 0, -R_step(self), r->len);
}

static py_val range_count(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "range.count", nargs, kw, 1)) return PY_NULL;
    int c = range_contains(I, self, args[0]);
    if (c < 0) return PY_NULL;
    return py_int_small(c);
}

static py_val range_index(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "range.index", nargs, kw, 1)) return PY_NULL;
    py_val v = args[0];
    if ((py_is_int(v) || py_is_bool(v)) && range_contains_int(self, py_is_int(v) ? py_int_val(v) : v == PY_TRUE)) {
        int64_t x = py_is_int(v) ? py_int_val(v) : v == PY_TRUE;
        return py_int_from_i64(I, (x - R_start(self)) / R_step(self));
    }
    if (py_is_int(v)) return py_err_fmt(I, PY_E_ValueError, "%lld is not in range", (long long)py_int_val(v));
    return py_err_str(I, PY_E_ValueError, "sequence.index(x): x not in sequence");
}

static py_val range_get_start(py_interp *I, py_val v) { (void)I; return py_newref(((py_range *)PY_OBJ(v))->start); }
static py_val range_get_stop(py_interp *I, py_val v) { (void)I; return py_newref(((py_range *)PY_OBJ(v))->stop); }
static py_val range_get_step(py_interp *I, py_val v) { (void)I; return py_newref(((py_range *)PY_OBJ(v))->step); }

static const py_methoddef range_methods[] = {
    { "__reversed__", range_reversed, 0 }, { "count", range_count, 0 }, { "index", range_index, 0 },
    { NULL, NULL, 0 }
};
static const py_getsetdef range_getsets[] = {
    { "start", range_get_start, NULL }, { "stop", range_get_stop, NULL }, { "step", range_get_step, NULL },
    { NULL, NULL, NULL }
};

const py_typedef py_range_typedef = {
    .name = "range", .base = PY_T_OBJECT, .basicsize = sizeof(py_range),
    .slots = { .dealloc = range_dealloc, .repr = range_repr, .len = range_len, .truth = range_truth,
               .getitem = range_getitem, .contains = range_contains, .richcmp = range_richcmp,
               .hash = range_hash, .iter = range_iter, .new_ = range_new_slot },
    .methods = range_methods, .getsets = range_getsets,
};

const py_typedef py_rangeiter_typedef = {
    .name = "range_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = rangeiter_next },
};

/* ---- slice ------------------------------------------------------------------------------ */
py_val py_slice_new(py_interp *I, py_val start, py_val stop, py_val step)
{
    py_slice *s = (py_slice *)py_obj_new(I, PY_TYPE(I, PY_T_SLICE), sizeof(py_slice));
    if (!s) return PY_NULL;
    s->start = py_newref(start ? start : PY_NONE);
    s->stop = py_newref(stop ? stop : PY_NONE);
    s->step = py_newref(step ? step : PY_NONE);
    return PY_VAL(s);
}

static int slice_component(py_interp *I, py_val v, int64_t *out)
{
    if (py_is_int(v)) { *out = py_int_val(v); return 0; }
    if (!py_is_intlike(v) && !(py_is_ptr(v) && py_typeof(I, v)->s.index)) {
        py_err_str(I, PY_E_TypeError, "slice indices must be integers or None or have an __index__ method");
        return -1;
    }
    return py_index_i64(I, v, out, 0);
}

int py_slice_indices(py_interp *I, py_val sv, int64_t len, int64_t *start, int64_t *stop, int64_t *step,
                     int64_t *slicelen)
{
    py_slice *s = (py_slice *)PY_OBJ(sv);
    int64_t st = 1;
    if (s->step != PY_NONE) {
        if (slice_component(I, s->step, &st)) return -1;
        if (st == 0) { py_err_str(I, PY_E_ValueError, "slice step cannot be zero"); return -1; }
        if (st < -INT64_MAX) st = -INT64_MAX;
    }
    int64_t a, b;
    if (s->start == PY_NONE) a = st < 0 ? len - 1 : 0;
    else {
        if (slice_component(I, s->start, &a)) return -1;
        if (a < 0) { a += len; if (a < 0) a = st < 0 ? -1 : 0; }
        else if (a >= len) a = st < 0 ? len - 1 : len;
    }
    if (s->stop == PY_NONE) b = st < 0 ? -1 : len;
    else {
        if (slice_component(I, s->stop, &b)) return -1;
        if (b < 0) { b += len; if (b < 0) b = st < 0 ? -1 : 0; }
        else if (b >= len) b = st < 0 ? len - 1 : len;
    }
    int64_t n;
    if (st < 0) n = b < a ? (a - b - 1) / (-st) + 1 : 0;
    else n = a < b ? (b - a - 1) / st + 1 : 0;
    *start = a; *stop = b; *step = st; *slicelen = n;
    return 0;
}

/* index arguments of list.index(x, start, stop) etc.: clamp like slices */
int py_slice_arg(py_interp *I, py_val v, int64_t len, int64_t *out)
{
    int64_t x;
    if (slice_component(I, v, &x)) return -1;
    if (x < 0) { x += len; if (x < 0) x = 0; }
    if (x > len) x = len;
    *out = x;
    return 0;
}

static void slice_dealloc(py_interp *I, py_obj *o)
{
    py_slice *s = (py_slice *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, s->start);
    py_xdecref(I, s->stop);
    py_xdecref(I, s->step);
    py_obj_free(I, o, sizeof(py_slice));
}
static void slice_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_slice *s = (py_slice *)o;
    visit(s->start, ctx); visit(s->stop, ctx); visit(s->step, ctx);
}

static py_val slice_repr(py_interp *I, py_val v)
{
    py_slice *s = (py_slice *)PY_OBJ(v);
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&b, "slice(");
    if (py_buf_repr(I, &b, s->start) || sk_buf_puts(&b, ", ") || py_buf_repr(I, &b, s->stop) ||
        sk_buf_puts(&b, ", ") || py_buf_repr(I, &b, s->step) || sk_buf_putc(&b, ')')) {
        sk_buf_free(&b);
        return PY_NULL;
    }
    return py_str_from_buf(I, &b);
}

static py_val slice_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)t;
    if (py_no_kw(I, "slice", kw)) return PY_NULL;
    if (nargs < 1) return py_err_str(I, PY_E_TypeError, "slice expected at least 1 argument, got 0");
    if (nargs > 3) return py_err_fmt(I, PY_E_TypeError, "slice expected at most 3 arguments, got %zu", nargs);
    if (nargs == 1) return py_slice_new(I, PY_NONE, args[0], PY_NONE);
    return py_slice_new(I, args[0], args[1], nargs > 2 ? args[2] : PY_NONE);
}

static py_val slice_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (!PY_IS(a, SLICE) || !PY_IS(b, SLICE)) return PY_NOTIMPL;
    py_slice *x = (py_slice *)PY_OBJ(a), *y = (py_slice *)PY_OBJ(b);
    py_val ta = py_tuple_pack(I, 3, x->start, x->stop, x->step);
    py_val tb = py_tuple_pack(I, 3, y->start, y->stop, y->step);
    py_val r = ta && tb ? py_richcmp(I, ta, tb, op) : PY_NULL;
    py_xdecref(I, ta);
    py_xdecref(I, tb);
    return r;
}

static py_val slice_indices_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "slice.indices", nargs, kw, 1)) return PY_NULL;
    int64_t len;
    if (py_index_i64(I, args[0], &len, 1)) return PY_NULL;
    if (len < 0) return py_err_str(I, PY_E_ValueError, "length should not be negative");
    int64_t a, b, st, n;
    if (py_slice_indices(I, self, len, &a, &b, &st, &n)) return PY_NULL;
    return py_tuple_pack(I, 3, py_int_from_i64(I, a), py_int_from_i64(I, b), py_int_from_i64(I, st));
}

static py_val sl_start(py_interp *I, py_val v) { (void)I; return py_newref(((py_slice *)PY_OBJ(v))->start); }
static py_val sl_stop(py_interp *I, py_val v) { (void)I; return py_newref(((py_slice *)PY_OBJ(v))->stop); }
static py_val sl_step(py_interp *I, py_val v) { (void)I; return py_newref(((py_slice *)PY_OBJ(v))->step); }

static const py_methoddef slice_methods[] = { { "indices", slice_indices_meth, 0 }, { NULL, NULL, 0 } };
static const py_getsetdef slice_getsets[] = {
    { "start", sl_start, NULL }, { "stop", sl_stop, NULL }, { "step", sl_step, NULL }, { NULL, NULL, NULL }
};

static int slice_hash(py_interp *I, py_val v, int64_t *out)
{
    py_slice *s = (py_slice *)PY_OBJ(v);
    py_val t = py_tuple_pack(I, 3, s->start, s->stop, s->step);
    if (!t) return -1;
    int r = py_hash(I, t, out);
    py_decref(I, t);
    return r;
}

const py_typedef py_slice_typedef = {
    .name = "slice", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_slice),
    .slots = { .dealloc = slice_dealloc, .traverse = slice_traverse, .repr = slice_repr,
               .richcmp = slice_richcmp, .new_ = slice_new_slot, .hash = slice_hash },
    .methods = slice_methods, .getsets = slice_getsets,
};

/* ---- iter(seq) and iter(callable, sentinel) --------------------------------------------- */
py_val py_seqiter_new(py_interp *I, py_val seq)
{
    py_iterobj *it = iterobj_new(I, PY_T_SEQ_ITER);
    if (!it) return PY_NULL;
    it->seq = py_newref(seq);
    return PY_VAL(it);
}

static py_val seqiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_val r = py_getitem(I, it->seq, py_int_from_i64(I, it->i));
    if (!r) {
        if (py_err_matches(I, PY_E_IndexError) || py_err_matches(I, PY_E_StopIteration)) {
            py_err_clear(I);
            PY_CLEAR(I, it->seq);
        }
        return PY_NULL;
    }
    it->i++;
    return r;
}

const py_typedef py_seqiter_typedef = {
    .name = "iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = seqiter_next },
};

py_val py_calliter_new(py_interp *I, py_val callable, py_val sentinel)
{
    py_iterobj *it = iterobj_new(I, PY_T_CALL_ITER);
    if (!it) return PY_NULL;
    it->seq = py_newref(callable);
    it->aux = py_newref(sentinel);
    return PY_VAL(it);
}

static py_val calliter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_val r = py_call0(I, it->seq);
    if (!r) {
        if (py_err_matches(I, PY_E_StopIteration)) { py_err_clear(I); PY_CLEAR(I, it->seq); }
        return PY_NULL;
    }
    int e = py_eq(I, r, it->aux);
    if (e < 0) { py_decref(I, r); return PY_NULL; }
    if (e) { py_decref(I, r); PY_CLEAR(I, it->seq); return PY_NULL; }
    return r;
}

const py_typedef py_calliter_typedef = {
    .name = "callable_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = calliter_next },
};

/* ---- enumerate -------------------------------------------------------------------------- */
static py_val enumerate_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "iterable", "start", NULL };
    py_val a[2] = { 0, 0 };
    if (t == PY_TYPE(I, PY_T_ENUMERATE)) {
        /* CPython's hand-written enumerate_vectorcall, quirks included */
        size_t nkw = kw ? py_tuple_len(kw) : 0;
        const py_val *kn = nkw ? py_tuple_items(kw) : NULL;
#define ENUM_KW(i, want) \
        if (!py_str_eq_c(kn[i], want)) \
            return py_err_fmt(I, PY_E_TypeError, "'%s' is an invalid keyword argument for enumerate()", py_str_data(kn[i]));
        if (nargs + nkw == 2) {
            if (nkw == 1) { ENUM_KW(0, "start"); }
            else if (nkw == 2) {
                if (py_str_eq_c(kn[0], "start")) {
                    ENUM_KW(1, "iterable");
                    a[0] = args[1]; a[1] = args[0];
                    goto parsed;
                }
                ENUM_KW(0, "iterable");
                ENUM_KW(1, "start");
            }
            a[0] = args[0]; a[1] = args[1];
        } else if (nargs + nkw == 1) {
            if (nkw == 1) { ENUM_KW(0, "iterable"); }
            a[0] = args[0];
        } else if (nargs == 0) {
            return py_err_str(I, PY_E_TypeError, "enumerate() missing required argument 'iterable'");
        } else {
            return py_err_fmt(I, PY_E_TypeError, "enumerate() takes at most 2 arguments (%zu given)", nargs + nkw);
        }
#undef ENUM_KW
    } else if (py_args_parse(I, "enumerate", args, nargs, kw, names, 1, a)) return PY_NULL;
parsed:
    py_val start = py_int_small(0);
    if (a[1]) {
        if (!py_is_intlike(a[1]) && !(py_is_ptr(a[1]) && py_typeof(I, a[1])->s.index))
            return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, a[1]));
        start = py_index(I, a[1]);
        if (!start) return PY_NULL;
    }
    py_val src = py_iter(I, a[0]);
    if (!src) { py_xdecref(I, start); return PY_NULL; }
    py_iterobj *it = (py_iterobj *)py_obj_new(I, t, t->basicsize);
    if (!it) { py_decref(I, src); return PY_NULL; }
    it->seq = src;
    it->aux = start;
    return PY_VAL(it);
}

static py_val enumerate_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_val v = py_next(I, it->seq);
    if (!v) return PY_NULL;
    py_val idx = it->aux;
    py_val r = py_tuple_new(I, 2);
    if (!r) { py_decref(I, v); return PY_NULL; }
    py_tuple_items(r)[0] = py_newref(idx);
    py_tuple_items(r)[1] = v;
    py_val nx = py_is_int(idx) && py_int_val(idx) < PY_SMALL_MAX ? py_int_small(py_int_val(idx) + 1)
                                                                : py_int_binop(I, idx, py_int_small(1), PY_NB_ADD);
    if (!nx) { py_decref(I, r); return PY_NULL; }
    PY_SETREF(I, it->aux, nx);
    return r;
}

static py_val generic_class_getitem(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "__class_getitem__", nargs, kw, 1)) return PY_NULL;
    return py_genericalias_new(I, cls, args[0]);
}
static const py_methoddef cg_methods[] = { { "__class_getitem__", generic_class_getitem, PY_METH_CLASS }, { NULL, NULL, 0 } };

const py_typedef py_enumerate_typedef = {
    .name = "enumerate", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = enumerate_next, .new_ = enumerate_new },
    .methods = cg_methods,
};

/* ---- zip --------------------------------------------------------------------------------- */
static py_val zip_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    int strict = 0;
    if (kw) {
        for (size_t i = 0; i < py_tuple_len(kw); i++) {
            if (!py_str_eq_c(py_tuple_items(kw)[i], "strict"))
                return py_err_fmt(I, PY_E_TypeError, "zip() got an unexpected keyword argument '%s'", py_str_data(py_tuple_items(kw)[i]));
            strict = py_truthy(I, args[nargs + i]);
            if (strict < 0) return PY_NULL;
        }
    }
    py_val its = py_tuple_new(I, nargs);
    if (!its) return PY_NULL;
    for (size_t i = 0; i < nargs; i++) {
        py_val x = py_iter(I, args[i]);
        if (!x) {
            if (py_err_matches(I, PY_E_TypeError)) {
                py_err_clear(I);
                py_err_fmt(I, PY_E_TypeError, "zip argument #%zu must support iteration", i + 1);
            }
            py_decref(I, its);
            return PY_NULL;
        }
        py_tuple_items(its)[i] = x;
    }
    py_iterobj *it = (py_iterobj *)py_obj_new(I, t, t->basicsize);
    if (!it) { py_decref(I, its); return PY_NULL; }
    it->seq = its;
    it->n = strict;
    return PY_VAL(it);
}

static py_val zip_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    size_t n = py_tuple_len(it->seq);
    if (n == 0) return PY_NULL;
    py_val r = py_tuple_new(I, n);
    if (!r) return PY_NULL;
    for (size_t i = 0; i < n; i++) {
        py_val v = py_next(I, py_tuple_items(it->seq)[i]);
        if (!v) {
            py_decref(I, r);
            if (py_err_occurred(I)) return PY_NULL;
            if (it->n) {
                if (i > 0) return py_err_fmt(I, PY_E_ValueError, "zip() argument %zu is shorter than argument%s%zu",
                                             i + 1, i == 1 ? " " : "s 1-", i);
                for (size_t j = 1; j < n; j++) {
                    py_val w = py_next(I, py_tuple_items(it->seq)[j]);
                    if (w) {
                        py_decref(I, w);
                        return py_err_fmt(I, PY_E_ValueError, "zip() argument %zu is longer than argument%s%zu",
                                          j + 1, j == 1 ? " " : "s 1-", j);
                    }
                    if (py_err_occurred(I)) return PY_NULL;
                }
            }
            PY_CLEAR(I, it->seq);
            return PY_NULL;
        }
        py_tuple_items(r)[i] = v;
    }
    return r;
}

const py_typedef py_zip_typedef = {
    .name = "zip", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = zip_next, .new_ = zip_new },
};

/* ---- map ---------------------------------------------------------------------------------- */
static py_val map_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (kw && py_tuple_len(kw)) {
        for (size_t i = 0; i < py_tuple_len(kw); i++)
            if (!py_str_eq_c(py_tuple_items(kw)[i], "strict"))
                return py_err_fmt(I, PY_E_TypeError, "map() got an unexpected keyword argument '%s'", py_str_data(py_tuple_items(kw)[i]));
    }
    if (nargs < 2) return py_err_str(I, PY_E_TypeError, "map() must have at least two arguments.");
    py_val its = py_tuple_new(I, nargs - 1);
    if (!its) return PY_NULL;
    for (size_t i = 1; i < nargs; i++) {
        py_val x = py_iter(I, args[i]);
        if (!x) { py_decref(I, its); return PY_NULL; }
        py_tuple_items(its)[i - 1] = x;
    }
    py_iterobj *it = (py_iterobj *)py_obj_new(I, t, t->basicsize);
    if (!it) { py_decref(I, its); return PY_NULL; }
    it->seq = its;
    it->aux = py_newref(args[0]);
    return PY_VAL(it);
}

static py_val map_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    size_t n = py_tuple_len(it->seq);
    py_val buf[8];
    py_val *vals = buf;
    if (n > 8) { vals = py_alloc(I, n * sizeof(py_val)); if (!vals) return PY_NULL; }
    size_t got = 0;
    py_val r = PY_NULL;
    for (; got < n; got++) {
        vals[got] = py_next(I, py_tuple_items(it->seq)[got]);
        if (!vals[got]) break;
    }
    if (got == n) r = py_call(I, it->aux, vals, n, PY_NULL);
    for (size_t i = 0; i < got; i++) py_decref(I, vals[i]);
    if (vals != buf) py_free(I, vals, n * sizeof(py_val));
    return r;
}

const py_typedef py_map_typedef = {
    .name = "map", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = map_next, .new_ = map_new },
};

/* ---- filter ------------------------------------------------------------------------------- */
static py_val filter_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "filter", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "filter expected 2 arguments, got %zu", nargs);
    py_val src = py_iter(I, args[1]);
    if (!src) return PY_NULL;
    py_iterobj *it = (py_iterobj *)py_obj_new(I, t, t->basicsize);
    if (!it) { py_decref(I, src); return PY_NULL; }
    it->seq = src;
    it->aux = py_newref(args[0]);
    return PY_VAL(it);
}

static py_val filter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    for (;;) {
        py_val v = py_next(I, it->seq);
        if (!v) return PY_NULL;
        int ok;
        if (it->aux == PY_NONE || it->aux == PY_VAL(PY_TYPE(I, PY_T_BOOL))) ok = py_truthy(I, v);
        else {
            py_val r = py_call1(I, it->aux, v);
            if (!r) { py_decref(I, v); return PY_NULL; }
            ok = py_truthy(I, r);
            py_decref(I, r);
        }
        if (ok < 0) { py_decref(I, v); return PY_NULL; }
        if (ok) return v;
        py_decref(I, v);
    }
}

const py_typedef py_filter_typedef = {
    .name = "filter", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = filter_next, .new_ = filter_new },
};

/* ---- reversed ----------------------------------------------------------------------------- */
static py_val reversed_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "reversed", kw)) return PY_NULL;
    if (nargs != 1) return py_err_fmt(I, PY_E_TypeError, "reversed expected 1 argument, got %zu", nargs);
    py_val seq = args[0];
    py_val rm = py_lookup_special(I, seq, PY_ID(I, __reversed__));
    if (rm) {
        if (rm == PY_NONE) {
            py_decref(I, rm);
            return py_err_fmt(I, PY_E_TypeError, "'%s' object is not reversible", py_type_name(I, seq));
        }
        py_val r = py_call0(I, rm);
        py_decref(I, rm);
        return r;
    }
    if (py_err_occurred(I)) return PY_NULL;
    py_type *st = py_typeof(I, seq);
    if (!st->s.getitem || !st->s.len || py_is_dict(seq))
        return py_err_fmt(I, PY_E_TypeError, "'%s' object is not reversible", py_type_name(I, seq));
    int64_t n = py_len(I, seq);
    if (n < 0) return PY_NULL;
    py_iterobj *it = (py_iterobj *)py_obj_new(I, t, t->basicsize);
    if (!it) return PY_NULL;
    it->seq = py_newref(seq);
    it->i = n - 1;
    return PY_VAL(it);
}

static py_val reversed_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq || it->i < 0) { PY_CLEAR(I, it->seq); return PY_NULL; }
    py_val r = py_getitem(I, it->seq, py_int_from_i64(I, it->i));
    if (!r) {
        if (py_err_matches(I, PY_E_IndexError) || py_err_matches(I, PY_E_StopIteration)) {
            py_err_clear(I);
            PY_CLEAR(I, it->seq);
        }
        return PY_NULL;
    }
    it->i--;
    return r;
}

const py_typedef py_reversed_typedef = {
    .name = "reversed", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = reversed_next, .new_ = reversed_new },
};

/* ---- types.GenericAlias --------------------------------------------------------------- */
py_val py_genericalias_new(py_interp *I, py_val origin, py_val args)
{
    py_iterobj *g = iterobj_new(I, PY_T_GENERICALIAS);
    if (!g) return PY_NULL;
    g->seq = py_newref(origin);
    g->aux = py_is_tuple(args) ? py_newref(args) : py_tuple_pack(I, 1, args);
    if (!g->aux) { py_decref(I, PY_VAL(g)); return PY_NULL; }
    return PY_VAL(g);
}

static int type_form_repr(py_interp *I, sk_buf *b, py_val v)
{
    if (v == PY_ELLIPSIS) return sk_buf_puts(b, "...") ? -1 : 0;
    if (v == PY_NONE) return sk_buf_puts(b, "None") ? -1 : 0;
    if (py_is_typeobj(v)) {
        py_type *t = PY_TYPEOBJ(v);
        if (t->flags & PY_TF_HEAP) {
            const char *qn = t->qualname ? py_str_data(t->qualname) : t->name;
            if (t->module && py_is_str(t->module) && !py_str_eq_c(t->module, "builtins"))
                return sk_buf_printf(b, "%s.%s", py_str_data(t->module), qn) ? -1 : 0;
            return sk_buf_puts(b, qn) ? -1 : 0;
        }
        return sk_buf_puts(b, py_type_qualname(t)) ? -1 : 0;
    }
    if (py_is_list(v)) {
        sk_buf_putc(b, '[');
        for (size_t i = 0; i < PY_LIST(v)->n; i++) {
            if (i) sk_buf_puts(b, ", ");
            if (type_form_repr(I, b, PY_LIST(v)->items[i])) return -1;
        }
        sk_buf_putc(b, ']');
        return 0;
    }
    return py_buf_repr(I, b, v);
}

static py_val ga_repr(py_interp *I, py_val v)
{
    py_iterobj *g = (py_iterobj *)PY_OBJ(v);
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (type_form_repr(I, &b, g->seq)) { sk_buf_free(&b); return PY_NULL; }
    sk_buf_putc(&b, '[');
    size_t n = py_tuple_len(g->aux);
    if (n == 0) sk_buf_puts(&b, "()");
    for (size_t i = 0; i < n; i++) {
        if (i) sk_buf_puts(&b, ", ");
        if (type_form_repr(I, &b, py_tuple_items(g->aux)[i])) { sk_buf_free(&b); return PY_NULL; }
    }
    sk_buf_putc(&b, ']');
    return py_str_from_buf(I, &b);
}

static py_val ga_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return py_call(I, ((py_iterobj *)PY_OBJ(self))->seq, args, nargs, kw);
}

static py_val ga_getattr(py_interp *I, py_val self, py_val name)
{
    py_iterobj *g = (py_iterobj *)PY_OBJ(self);
    if (py_str_eq_c(name, "__origin__")) return py_newref(g->seq);
    if (py_str_eq_c(name, "__args__")) return py_newref(g->aux);
    if (py_str_eq_c(name, "__parameters__")) return py_tuple_new(I, 0);
    if (py_str_eq_c(name, "__class__")) return py_newref(PY_VAL(py_typeof(I, self)));
    if (py_str_eq_c(name, "__mro_entries__") || py_str_eq_c(name, "__reduce__")) return py_generic_getattr(I, self, name);
    return py_getattr(I, g->seq, name);
}

static py_val ga_mro_entries(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "__mro_entries__ expected 1 argument");
    return py_tuple_pack(I, 1, ((py_iterobj *)PY_OBJ(self))->seq);
}
static const py_methoddef ga_methods[] = { { "__mro_entries__", ga_mro_entries, 0 }, { NULL, NULL, 0 } };

static py_val ga_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if ((op != PY_EQ && op != PY_NE) || !PY_IS(a, GENERICALIAS) || !PY_IS(b, GENERICALIAS)) return PY_NOTIMPL;
    py_iterobj *x = (py_iterobj *)PY_OBJ(a), *y = (py_iterobj *)PY_OBJ(b);
    int e = py_eq(I, x->seq, y->seq);
    if (e < 0) return PY_NULL;
    if (e) { e = py_eq(I, x->aux, y->aux); if (e < 0) return PY_NULL; }
    return py_bool(op == PY_EQ ? e : !e);
}

static int ga_hash(py_interp *I, py_val v, int64_t *out)
{
    py_iterobj *g = (py_iterobj *)PY_OBJ(v);
    int64_t a, b;
    if (py_hash(I, g->seq, &a) || py_hash(I, g->aux, &b)) return -1;
    *out = a ^ b;
    return 0;
}

static py_val ga_or(py_interp *I, py_val a, py_val b) { return py_union_new(I, a, b); }

static py_val ga_getitem(py_interp *I, py_val self, py_val key)
{
    (void)key;
    return py_err_fmt(I, PY_E_TypeError, "%s is not a generic class", py_type_name(I, self));
}

static py_val ga_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)t;
    if (py_no_kw(I, "GenericAlias", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "GenericAlias expected 2 arguments, got %zu", nargs);
    return py_genericalias_new(I, args[0], args[1]);
}

const py_typedef py_genericalias_typedef = {
    .name = "GenericAlias", .qualname = "types.GenericAlias", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .repr = ga_repr, .call = ga_call, .getattr = ga_getattr, .richcmp = ga_richcmp,
               .hash = ga_hash, .nb = { [PY_NB_OR] = ga_or }, .getitem = ga_getitem, .new_ = ga_new_slot },
    .methods = ga_methods,
};

/* ---- unions (int | str) ------------------------------------------------------------------ */
static int union_add(py_interp *I, py_val list, py_val v)
{
    if (v == PY_NONE) v = PY_VAL(PY_TYPE(I, PY_T_NONE));
    if (PY_IS(v, UNIONTYPE)) {
        py_val args = ((py_iterobj *)PY_OBJ(v))->seq;
        for (size_t i = 0; i < py_tuple_len(args); i++)
            if (union_add(I, list, py_tuple_items(args)[i])) return -1;
        return 0;
    }
    for (size_t i = 0; i < PY_LIST(list)->n; i++) {
        int e = py_eq(I, PY_LIST(list)->items[i], v);
        if (e < 0) return -1;
        if (e) return 0;
    }
    return py_list_append(I, list, v);
}

py_val py_union_new(py_interp *I, py_val a, py_val b)
{
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    if (union_add(I, l, a) || union_add(I, l, b)) { py_decref(I, l); return PY_NULL; }
    if (PY_LIST(l)->n == 1) {
        py_val r = py_newref(PY_LIST(l)->items[0]);
        py_decref(I, l);
        return r;
    }
    py_val t = py_sequence_tuple(I, l);
    py_decref(I, l);
    if (!t) return PY_NULL;
    py_iterobj *u = iterobj_new(I, PY_T_UNIONTYPE);
    if (!u) { py_decref(I, t); return PY_NULL; }
    u->seq = t;
    return PY_VAL(u);
}

static py_val union_repr(py_interp *I, py_val v)
{
    py_val args = ((py_iterobj *)PY_OBJ(v))->seq;
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < py_tuple_len(args); i++) {
        if (i) sk_buf_puts(&b, " | ");
        py_val a = py_tuple_items(args)[i];
        if (a == PY_VAL(PY_TYPE(I, PY_T_NONE))) { sk_buf_puts(&b, "None"); continue; }
        if (type_form_repr(I, &b, a)) { sk_buf_free(&b); return PY_NULL; }
    }
    return py_str_from_buf(I, &b);
}

static py_val union_getattr(py_interp *I, py_val self, py_val name)
{
    if (py_str_eq_c(name, "__args__")) return py_newref(((py_iterobj *)PY_OBJ(self))->seq);
    if (py_str_eq_c(name, "__parameters__")) return py_tuple_new(I, 0);
    if (py_str_eq_c(name, "__name__") || py_str_eq_c(name, "__qualname__")) return py_str_cstr(I, "Union");
    if (py_str_eq_c(name, "__origin__")) return py_newref(PY_VAL(py_typeof(I, self)));
    return py_generic_getattr(I, self, name);
}

static py_val union_or(py_interp *I, py_val a, py_val b)
{
    int ok_b = py_is_typeobj(b) || b == PY_NONE || PY_IS(b, UNIONTYPE) || PY_IS(b, GENERICALIAS);
    int ok_a = py_is_typeobj(a) || a == PY_NONE || PY_IS(a, UNIONTYPE) || PY_IS(a, GENERICALIAS);
    if (!ok_a || !ok_b) return PY_NOTIMPL;
    return py_union_new(I, a, b);
}

static py_val union_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if ((op != PY_EQ && op != PY_NE) || !PY_IS(a, UNIONTYPE) || !PY_IS(b, UNIONTYPE)) return PY_NOTIMPL;
    py_val sa = py_set_new(I, ((py_iterobj *)PY_OBJ(a))->seq, 1);
    py_val sb = sa ? py_set_new(I, ((py_iterobj *)PY_OBJ(b))->seq, 1) : PY_NULL;
    py_val r = sb ? py_richcmp(I, sa, sb, op) : PY_NULL;
    py_xdecref(I, sa);
    py_xdecref(I, sb);
    return r;
}

static int union_hash(py_interp *I, py_val v, int64_t *out)
{
    py_val s = py_set_new(I, ((py_iterobj *)PY_OBJ(v))->seq, 1);
    if (!s) return -1;
    int r = py_hash(I, s, out);
    py_decref(I, s);
    return r;
}

/* Union[X, Y, ...] (typing.Union is this type): X | Y | ..., collapsing
 * duplicates; a single member is returned as is */
static py_val union_class_getitem(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "Union[...] takes one argument");
    py_val params = args[0];
    if (!py_is_tuple(params)) return py_newref(params == PY_NONE ? PY_VAL(PY_TYPE(I, PY_T_NONE)) : params);
    size_t n = py_tuple_len(params);
    if (!n) return py_err_str(I, PY_E_TypeError, "Cannot take a Union of no types.");
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    for (size_t i = 0; i < n; i++) if (union_add(I, l, py_tuple_items(params)[i])) { py_decref(I, l); return PY_NULL; }
    if (PY_LIST(l)->n == 1) {
        py_val r = py_newref(PY_LIST(l)->items[0]);
        py_decref(I, l);
        return r;
    }
    py_val t = py_sequence_tuple(I, l);
    py_decref(I, l);
    if (!t) return PY_NULL;
    py_iterobj *u = iterobj_new(I, PY_T_UNIONTYPE);
    if (!u) { py_decref(I, t); return PY_NULL; }
    u->seq = t;
    return PY_VAL(u);
}

static const py_methoddef union_methods[] = {
    { "__class_getitem__", union_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

const py_typedef py_uniontype_typedef = {
    .name = "Union", .qualname = "typing.Union", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .repr = union_repr, .getattr = union_getattr, .nb = { [PY_NB_OR] = union_or },
               .richcmp = union_richcmp, .hash = union_hash },
    .methods = union_methods,
};

/* ---- types.SimpleNamespace ------------------------------------------------------------ */
static py_val ns_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)kw; (void)nargs;
    py_obj *o = py_obj_new(I, t, t->basicsize);
    return o ? PY_VAL(o) : PY_NULL;
}

static int ns_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (nargs > 1) { py_err_fmt(I, PY_E_TypeError, "SimpleNamespace expected at most 1 positional argument, got %zu", nargs); return -1; }
    py_val *dp = py_inst_dictptr(self);
    if (!*dp) { *dp = py_dict_new(I); if (!*dp) return -1; }
    if (nargs && py_dict_update(I, *dp, args[0])) return -1;
    if (kw) for (size_t i = 0; i < py_tuple_len(kw); i++)
        if (py_dict_set(I, *dp, py_tuple_items(kw)[i], args[nargs + i])) return -1;
    return 0;
}

static py_val ns_repr(py_interp *I, py_val v)
{
    int rr = py_repr_enter(I, v);
    if (rr < 0) return PY_NULL;
    const char *name = py_typeof(I, v)->flags & PY_TF_HEAP ? py_type_name(I, v) : "namespace";
    if (rr) return py_str_fmt(I, "%s(...)", name);
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_printf(&b, "%s(", name);
    py_val *dp = py_inst_dictptr(v);
    size_t pos = 0;
    py_val k, val;
    int first = 1, err = 0;
    while (dp && *dp && py_dict_next(*dp, &pos, &k, &val)) {
        if (!first) sk_buf_puts(&b, ", ");
        first = 0;
        if (py_is_str(k)) sk_buf_puts(&b, py_str_data(k));
        sk_buf_putc(&b, '=');
        if (py_buf_repr(I, &b, val)) { err = 1; break; }
    }
    py_repr_leave(I, v);
    if (err) { sk_buf_free(&b); return PY_NULL; }
    sk_buf_putc(&b, ')');
    return py_str_from_buf(I, &b);
}

static py_val ns_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if ((op != PY_EQ && op != PY_NE) || !py_isinstance_t(I, b, PY_TYPE(I, PY_T_NAMESPACE))) return PY_NOTIMPL;
    py_val *da = py_inst_dictptr(a), *db = py_inst_dictptr(b);
    py_val x = da && *da ? py_newref(*da) : py_dict_new(I);
    py_val y = db && *db ? py_newref(*db) : py_dict_new(I);
    py_val r = x && y ? py_richcmp(I, x, y, op) : PY_NULL;
    py_xdecref(I, x);
    py_xdecref(I, y);
    return r;
}

static void ns_dealloc(py_interp *I, py_obj *o)
{
    py_gc_untrack(I, o);
    py_val *dp = (py_val *)((char *)o + o->type->dictoffset);
    py_xdecref(I, *dp);
    py_obj_free(I, o, o->type->basicsize);
}

static void ns_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_val d = *(py_val *)((char *)o + o->type->dictoffset);
    if (d) visit(d, ctx);
}

static void ns_clear(py_interp *I, py_obj *o) { PY_CLEAR(I, *(py_val *)((char *)o + o->type->dictoffset)); }

const py_typedef py_namespace_typedef = {
    .name = "SimpleNamespace", .qualname = "types.SimpleNamespace", .base = PY_T_OBJECT,
    .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_inst), .dictoffset = offsetof(py_inst, dict),
    .slots = { .dealloc = ns_dealloc, .traverse = ns_traverse, .clear = ns_clear, .new_ = ns_new,
               .init = ns_init, .repr = ns_repr, .richcmp = ns_richcmp },
};
