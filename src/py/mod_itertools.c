/* mod_itertools.c — the itertools module in C: count, cycle, repeat,
 * accumulate, batched, chain, compress, dropwhile, filterfalse, groupby,
 * islice, pairwise, starmap, takewhile, tee, zip_longest, product,
 * permutations, combinations, combinations_with_replacement — with
 * CPython's argument messages ("cycle expected 1 argument, got 0",
 * "compress() missing required argument 'data' (pos 1)").
 *
 * Every iterator is one struct (it): a few object slots, an index array
 * and counters, so they share dealloc/traverse/clear; each type has its
 * own constructor and next.
 *
 * Must never: hold a reference the collector cannot see.
 */
#include <string.h>

#include "py/pymod.h"

typedef struct it {
    py_obj ob;
    py_val a, b, c, d, e;     /* roles depend on the type */
    py_val dict_;
    py_val *pool;             /* product/permutations/combinations: the items */
    size_t npool;
    size_t *idx;              /* indices */
    size_t nidx;
    size_t *cyc;              /* permutations: cycles */
    int64_t n, m, k, i;
    int state;                /* 0 fresh, 1 running, 2 exhausted */
} it;

#define IT(v) ((it *)PY_OBJ(v))

py_val py_iter_self(py_interp *I, py_val v);

static void it_clear(py_interp *I, py_obj *o)
{
    it *x = (it *)o;
    PY_CLEAR(I, x->a);
    PY_CLEAR(I, x->b);
    PY_CLEAR(I, x->c);
    PY_CLEAR(I, x->d);
    PY_CLEAR(I, x->e);
    PY_CLEAR(I, x->dict_);
    if (x->pool) {
        py_val *p = x->pool;
        size_t n = x->npool;
        x->pool = NULL;
        x->npool = 0;
        for (size_t i = 0; i < n; i++) py_xdecref(I, p[i]);
        py_free(I, p, n * sizeof(py_val));
    }
}

static void it_dealloc(py_interp *I, py_obj *o)
{
    it *x = (it *)o;
    py_gc_untrack(I, o);
    it_clear(I, o);
    if (x->idx) py_free(I, x->idx, x->nidx * sizeof(size_t));
    if (x->cyc) py_free(I, x->cyc, x->nidx * sizeof(size_t));
    py_obj_free(I, o, o->type->basicsize);
}

static void it_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    it *x = (it *)o;
    if (x->a) visit(x->a, ctx);
    if (x->b) visit(x->b, ctx);
    if (x->c) visit(x->c, ctx);
    if (x->d) visit(x->d, ctx);
    if (x->e) visit(x->e, ctx);
    if (x->dict_) visit(x->dict_, ctx);
    for (size_t i = 0; i < x->npool; i++) if (x->pool[i]) visit(x->pool[i], ctx);
}

static it *it_new(py_interp *I, py_type *t) { return (it *)py_obj_new(I, t, t->basicsize); }

/* CPython's _PyArg_CheckPositional / _PyArg_NoKeywords messages */
static int positional(py_interp *I, const char *name, size_t nargs, py_val kw, size_t lo, size_t hi)
{
    if (kw && py_tuple_len(kw)) { py_err_fmt(I, PY_E_TypeError, "%s() takes no keyword arguments", name); return -1; }
    if (nargs < lo) {
        py_err_fmt(I, PY_E_TypeError, "%s expected %s%zu argument%s, got %zu", name, lo == hi ? "" : "at least ", lo,
                   lo == 1 ? "" : "s", nargs);
        return -1;
    }
    if (nargs > hi) {
        py_err_fmt(I, PY_E_TypeError, "%s expected %s%zu argument%s, got %zu", name, lo == hi ? "" : "at most ", hi,
                   hi == 1 ? "" : "s", nargs);
        return -1;
    }
    return 0;
}

static int alloc_idx(py_interp *I, it *x, size_t n)
{
    x->idx = py_zalloc(I, (n ? n : 1) * sizeof(size_t));
    if (!x->idx) return -1;
    x->nidx = n ? n : 1;
    return 0;
}

static int pool_from(py_interp *I, it *x, py_val iterable)
{
    py_val t = py_sequence_tuple(I, iterable);
    if (!t) return -1;
    size_t n = py_tuple_len(t);
    x->pool = py_alloc(I, (n ? n : 1) * sizeof(py_val));
    if (!x->pool) { py_decref(I, t); return -1; }
    for (size_t i = 0; i < n; i++) x->pool[i] = py_newref(py_tuple_items(t)[i]);
    x->npool = n;
    py_decref(I, t);
    return 0;
}

/* ---- count ---------------------------------------------------------------------------------------- */
static int is_number(py_interp *I, py_val v)
{
    if (py_is_intlike(v) || py_is_float(v)) return 1;
    py_type *t = py_typeof(I, v);
    return t->s.nb[PY_NB_ADD] && (t->s.to_int || t->s.to_float || t->s.index);
}

static py_val count_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "start", "step", NULL };
    py_val a[2];
    if (pym_parse(I, "count", args, nargs, kw, names, 0, a)) return PY_NULL;
    py_val start = a[0] ? a[0] : py_int_small(0), step = a[1] ? a[1] : py_int_small(1);
    if (!is_number(I, start) || !is_number(I, step)) return py_err_str(I, PY_E_TypeError, "a number is required");
    it *x = it_new(I, t);
    if (!x) return PY_NULL;
    x->a = py_is_bool(start) ? py_int_small(start == PY_TRUE) : py_newref(start);
    x->b = py_is_bool(step) ? py_int_small(step == PY_TRUE) : py_newref(step);
    return PY_VAL(x);
}

static py_val count_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    py_val cur = x->a;
    py_val nx = py_is_int(cur) && py_is_int(x->b) ? py_int_from_i64(I, py_int_val(cur) + py_int_val(x->b))
                                                   : py_binop(I, cur, x->b, PY_NB_ADD);
    if (!nx) return PY_NULL;
    x->a = nx;
    return cur;
}

static py_val count_repr(py_interp *I, py_val self)
{
    it *x = IT(self);
    py_val ra = py_repr(I, x->a);
    if (!ra) return PY_NULL;
    py_val r;
    if ((py_is_int(x->b) || py_is_bigint(x->b)) && py_is_int(x->b) && py_int_val(x->b) == 1) {
        r = py_str_fmt(I, "%s(%s)", py_type_name(I, self), py_str_data(ra));
    } else {
        py_val rb = py_repr(I, x->b);
        r = rb ? py_str_fmt(I, "%s(%s, %s)", py_type_name(I, self), py_str_data(ra), py_str_data(rb)) : PY_NULL;
        py_xdecref(I, rb);
    }
    py_decref(I, ra);
    return r;
}

/* ---- repeat --------------------------------------------------------------------------------------------- */
static py_val repeat_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "object", "times", NULL };
    py_val a[2];
    if (pym_parse(I, "repeat", args, nargs, kw, names, 1, a)) return PY_NULL;
    int64_t times = -1;
    if (a[1]) {
        if (!py_is_intlike(a[1]) && !py_typeof(I, a[1])->s.index)
            return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, a[1]));
        if (py_index_i64(I, a[1], &times, 0)) return PY_NULL;
        if ((times == INT64_MAX || times == INT64_MIN) && !py_is_int(a[1]))
            return py_err_str(I, PY_E_OverflowError, times > 0 ? "Python int too large to convert to C ssize_t"
                                                               : "Python int too small to convert to C ssize_t");
        if (times < 0) times = 0;
    }
    it *x = it_new(I, t);
    if (!x) return PY_NULL;
    x->a = py_newref(a[0]);
    x->n = times;
    return PY_VAL(x);
}

static py_val repeat_next(py_interp *I, py_val self)
{
    (void)I;
    it *x = IT(self);
    if (x->n == 0) return PY_NULL;
    if (x->n > 0) x->n--;
    return py_newref(x->a);
}

static py_val repeat_repr(py_interp *I, py_val self)
{
    it *x = IT(self);
    py_val ra = py_repr(I, x->a);
    if (!ra) return PY_NULL;
    py_val r = x->n < 0 ? py_str_fmt(I, "repeat(%s)", py_str_data(ra))
                        : py_str_fmt(I, "repeat(%s, %lld)", py_str_data(ra), (long long)x->n);
    py_decref(I, ra);
    return r;
}

PYM_FN(repeat_length_hint)
{
    PYM_UNUSED;
    it *x = IT(self);
    if (x->n < 0) return py_err_str(I, PY_E_TypeError, "len() of unsized object");
    return py_int_from_i64(I, x->n);
}

/* ---- cycle ------------------------------------------------------------------------------------------------ */
static py_val cycle_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (positional(I, "cycle", nargs, kw, 1, 1)) return PY_NULL;
    py_val iter = py_iter(I, args[0]);
    if (!iter) return PY_NULL;
    py_val saved = py_list_new(I, 0);
    it *x = saved ? it_new(I, t) : NULL;
    if (!x) { py_decref(I, iter); py_xdecref(I, saved); return PY_NULL; }
    x->a = iter;
    x->b = saved;
    return PY_VAL(x);
}

static py_val cycle_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (x->a) {
        py_val v = py_next(I, x->a);
        if (v) {
            if (py_list_append(I, x->b, v)) { py_decref(I, v); return PY_NULL; }
            return v;
        }
        if (py_err_occurred(I)) return PY_NULL;
        PY_CLEAR(I, x->a);
    }
    size_t n = PY_LIST(x->b)->n;
    if (!n) return PY_NULL;
    py_val v = PY_LIST(x->b)->items[(size_t)x->i % n];
    x->i = (int64_t)(((size_t)x->i + 1) % n);
    return py_newref(v);
}

/* ---- chain ------------------------------------------------------------------------------------------------- */
static py_val chain_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (kw && py_tuple_len(kw)) return py_err_str(I, PY_E_TypeError, "chain() takes no keyword arguments");
    py_val tup = py_tuple_from(I, args, nargs);
    if (!tup) return PY_NULL;
    py_val src = py_iter(I, tup);
    py_decref(I, tup);
    if (!src) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, src); return PY_NULL; }
    x->a = src;
    return PY_VAL(x);
}

PYM_FN(chain_from_iterable)
{
    if (py_args_exact(I, "from_iterable", nargs, kw, 1)) return PY_NULL;
    py_val src = py_iter(I, args[0]);
    if (!src) return PY_NULL;
    it *x = it_new(I, PY_TYPEOBJ(self));
    if (!x) { py_decref(I, src); return PY_NULL; }
    x->a = src;
    return PY_VAL(x);
}

static py_val chain_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    for (;;) {
        if (!x->b) {
            if (!x->a) return PY_NULL;
            py_val nxt = py_next(I, x->a);
            if (!nxt) {
                if (py_err_occurred(I)) return PY_NULL;
                PY_CLEAR(I, x->a);
                return PY_NULL;
            }
            py_val itr = py_iter(I, nxt);
            py_decref(I, nxt);
            if (!itr) { PY_CLEAR(I, x->a); return PY_NULL; }
            x->b = itr;
        }
        py_val v = py_next(I, x->b);
        if (v) return v;
        if (py_err_occurred(I)) return PY_NULL;
        PY_CLEAR(I, x->b);
    }
}

/* ---- compress ---------------------------------------------------------------------------------------------- */
static py_val compress_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "data", "selectors", NULL };
    py_val a[2];
    if (pym_parse(I, "compress", args, nargs, kw, names, 2, a)) return PY_NULL;
    py_val d = py_iter(I, a[0]);
    if (!d) return PY_NULL;
    py_val s = py_iter(I, a[1]);
    if (!s) { py_decref(I, d); return PY_NULL; }
    it *x = it_new(I, t);
    if (!x) { py_decref(I, d); py_decref(I, s); return PY_NULL; }
    x->a = d;
    x->b = s;
    return PY_VAL(x);
}

static py_val compress_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    for (;;) {
        py_val v = py_next(I, x->a);
        if (!v) return PY_NULL;
        py_val s = py_next(I, x->b);
        if (!s) { py_decref(I, v); return PY_NULL; }
        int t = py_truthy(I, s);
        py_decref(I, s);
        if (t < 0) { py_decref(I, v); return PY_NULL; }
        if (t) return v;
        py_decref(I, v);
    }
}

/* ---- takewhile / dropwhile / filterfalse / starmap ------------------------------------------------------------ */
static py_val pred_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw, const char *name)
{
    if (positional(I, name, nargs, kw, 2, 2)) return PY_NULL;
    py_val itr = py_iter(I, args[1]);
    if (!itr) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, itr); return PY_NULL; }
    x->a = py_newref(args[0]);
    x->b = itr;
    return PY_VAL(x);
}

static py_val takewhile_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw) { return pred_new(I, t, args, nargs, kw, "takewhile"); }
static py_val dropwhile_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw) { return pred_new(I, t, args, nargs, kw, "dropwhile"); }
static py_val filterfalse_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw) { return pred_new(I, t, args, nargs, kw, "filterfalse"); }
static py_val starmap_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw) { return pred_new(I, t, args, nargs, kw, "starmap"); }

/* truth of pred(v); -1 error */
static int pred_true(py_interp *I, py_val pred, py_val v)
{
    py_val r = pred == PY_NONE ? py_newref(v) : py_call1(I, pred, v);
    if (!r) return -1;
    int t = py_truthy(I, r);
    py_decref(I, r);
    return t;
}

static py_val takewhile_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (x->state == 2) return PY_NULL;
    py_val v = py_next(I, x->b);
    if (!v) return PY_NULL;
    py_val r = py_call1(I, x->a, v);
    if (!r) { py_decref(I, v); return PY_NULL; }
    int t = py_truthy(I, r);
    py_decref(I, r);
    if (t < 0) { py_decref(I, v); return PY_NULL; }
    if (t) return v;
    py_decref(I, v);
    x->state = 2;
    return PY_NULL;
}

static py_val dropwhile_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    for (;;) {
        py_val v = py_next(I, x->b);
        if (!v) return PY_NULL;
        if (x->state) return v;
        py_val r = py_call1(I, x->a, v);
        if (!r) { py_decref(I, v); return PY_NULL; }
        int t = py_truthy(I, r);
        py_decref(I, r);
        if (t < 0) { py_decref(I, v); return PY_NULL; }
        if (!t) { x->state = 1; return v; }
        py_decref(I, v);
    }
}

static py_val filterfalse_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    for (;;) {
        py_val v = py_next(I, x->b);
        if (!v) return PY_NULL;
        int t = pred_true(I, x->a, v);
        if (t < 0) { py_decref(I, v); return PY_NULL; }
        if (!t) return v;
        py_decref(I, v);
    }
}

static py_val starmap_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    py_val v = py_next(I, x->b);
    if (!v) return PY_NULL;
    py_val t = py_is_tuple(v) && PY_IS(v, TUPLE) ? py_newref(v) : py_sequence_tuple(I, v);
    py_decref(I, v);
    if (!t) return PY_NULL;
    py_val r = py_call(I, x->a, py_tuple_items(t), py_tuple_len(t), PY_NULL);
    py_decref(I, t);
    return r;
}

/* ---- islice --------------------------------------------------------------------------------------------------- */
static int islice_arg(py_interp *I, py_val v, int64_t *out, const char *msg)
{
    if (v == PY_NONE) { *out = -1; return 0; }
    if (!py_is_intlike(v) && !py_typeof(I, v)->s.index) { py_err_str(I, PY_E_ValueError, msg); return -1; }
    int64_t x;
    if (py_index_i64(I, v, &x, 0)) {
        py_err_clear(I);
        if (py_int_sign(v) > 0) { *out = INT64_MAX; return 0; }
        py_err_str(I, PY_E_ValueError, msg);
        return -1;
    }
    if (x < 0) { py_err_str(I, PY_E_ValueError, msg); return -1; }
    *out = x;
    return 0;
}

static py_val islice_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (positional(I, "islice", nargs, kw, 2, 4)) return PY_NULL;
    int64_t start = 0, stop, step = 1;
    if (nargs == 2) {
        if (islice_arg(I, args[1], &stop, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."))
            return PY_NULL;
    } else {
        int64_t s0, s1;
        if (islice_arg(I, args[1], &s0, "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.") ||
            islice_arg(I, args[2], &s1, "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."))
            return PY_NULL;
        start = s0 < 0 ? 0 : s0;
        stop = s1;
        if (nargs == 4 && args[3] != PY_NONE) {
            int64_t st;
            if (!py_is_intlike(args[3]) && !py_typeof(I, args[3])->s.index)
                return py_err_str(I, PY_E_ValueError, "Step for islice() must be a positive integer or None.");
            if (py_index_i64(I, args[3], &st, 0)) { py_err_clear(I); st = py_int_sign(args[3]) > 0 ? INT64_MAX : 0; }
            if (st < 1) return py_err_str(I, PY_E_ValueError, "Step for islice() must be a positive integer or None.");
            step = st;
        }
    }
    py_val itr = py_iter(I, args[0]);
    if (!itr) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, itr); return PY_NULL; }
    x->a = itr;
    x->n = start;             /* next index to yield */
    x->m = stop;              /* -1: none */
    x->k = step;
    x->i = 0;                 /* items consumed */
    return PY_VAL(x);
}

static py_val islice_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (!x->a) return PY_NULL;
    while (x->i < x->n) {
        if (x->m >= 0 && x->i >= x->m) break;
        py_val v = py_next(I, x->a);
        if (!v) { if (!py_err_occurred(I)) PY_CLEAR(I, x->a); return PY_NULL; }
        py_decref(I, v);
        x->i++;
    }
    if (x->m >= 0 && x->n >= x->m) { PY_CLEAR(I, x->a); return PY_NULL; }
    py_val v = py_next(I, x->a);
    if (!v) { if (!py_err_occurred(I)) PY_CLEAR(I, x->a); return PY_NULL; }
    x->i++;
    int64_t nn = x->n + x->k;
    x->n = nn < x->n ? INT64_MAX : nn;
    if (x->m >= 0 && x->n > x->m) x->n = x->m;
    return v;
}

/* ---- pairwise ------------------------------------------------------------------------------------------------ */
static py_val pairwise_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (positional(I, "pairwise", nargs, kw, 1, 1)) return PY_NULL;
    py_val itr = py_iter(I, args[0]);
    if (!itr) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, itr); return PY_NULL; }
    x->a = itr;
    return PY_VAL(x);
}

static py_val pairwise_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (!x->a) return PY_NULL;
    if (!x->b) {
        x->b = py_next(I, x->a);
        if (!x->b) { if (!py_err_occurred(I)) PY_CLEAR(I, x->a); return PY_NULL; }
    }
    py_val nv = py_next(I, x->a);
    if (!nv) {
        if (!py_err_occurred(I)) { PY_CLEAR(I, x->a); PY_CLEAR(I, x->b); }
        return PY_NULL;
    }
    py_val r = py_tuple_pack(I, 2, x->b, nv);
    PY_SETREF(I, x->b, nv);
    return r;
}

/* ---- accumulate ------------------------------------------------------------------------------------------------ */
static py_val accumulate_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "iterable", "func", "$initial", NULL };
    py_val a[3];
    if (pym_parse(I, "accumulate", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val itr = py_iter(I, a[0]);
    if (!itr) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, itr); return PY_NULL; }
    x->a = itr;
    x->b = a[1] && a[1] != PY_NONE ? py_newref(a[1]) : PY_NULL;
    x->d = a[2] && a[2] != PY_NONE ? py_newref(a[2]) : PY_NULL;   /* initial, yielded first */
    return PY_VAL(x);
}

static py_val accumulate_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (x->d) {
        py_val v = x->d;
        x->d = PY_NULL;
        x->c = py_newref(v);
        return v;
    }
    py_val v = py_next(I, x->a);
    if (!v) return PY_NULL;
    if (!x->c) { x->c = py_newref(v); return v; }
    py_val r = x->b ? py_call2(I, x->b, x->c, v) : py_binop(I, x->c, v, PY_NB_ADD);
    py_decref(I, v);
    if (!r) return PY_NULL;
    PY_SETREF(I, x->c, py_newref(r));
    return r;
}

/* ---- batched ------------------------------------------------------------------------------------------------------ */
static py_val batched_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "iterable", "n", "$strict", NULL };
    py_val a[3];
    if (pym_parse(I, "batched", args, nargs, kw, names, 2, a)) return PY_NULL;
    int64_t n;
    if (pym_arg_int(I, a[1], &n)) return PY_NULL;
    if (n < 1) return py_err_str(I, PY_E_ValueError, "n must be at least one");
    int strict = 0;
    if (a[2] && pym_arg_bool(I, a[2], &strict)) return PY_NULL;
    py_val itr = py_iter(I, a[0]);
    if (!itr) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, itr); return PY_NULL; }
    x->a = itr;
    x->n = n;
    x->k = strict;
    return PY_VAL(x);
}

static py_val batched_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (!x->a) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    while ((int64_t)PY_LIST(l)->n < x->n) {
        py_val v = py_next(I, x->a);
        if (!v) {
            if (py_err_occurred(I)) { py_decref(I, l); return PY_NULL; }
            PY_CLEAR(I, x->a);
            break;
        }
        if (py_list_append_steal(I, l, v)) { py_decref(I, l); return PY_NULL; }
    }
    size_t got = PY_LIST(l)->n;
    if (!got) { py_decref(I, l); return PY_NULL; }
    if (x->k && (int64_t)got < x->n) { py_decref(I, l); return py_err_str(I, PY_E_ValueError, "batched(): incomplete batch"); }
    py_val t = py_sequence_tuple(I, l);
    py_decref(I, l);
    return t;
}

/* ---- zip_longest ------------------------------------------------------------------------------------------------- */
static py_val zip_longest_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val fill = PY_NONE;
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    for (size_t i = 0; i < nkw; i++) {
        py_val k = py_tuple_items(kw)[i];
        if (!py_str_eq_c(k, "fillvalue"))
            return py_err_fmt(I, PY_E_TypeError, "zip_longest() got an unexpected keyword argument '%s'", py_str_data(k));
        fill = args[nargs + i];
    }
    it *x = it_new(I, t);
    if (!x) return PY_NULL;
    x->pool = py_zalloc(I, (nargs ? nargs : 1) * sizeof(py_val));
    if (!x->pool) { py_decref(I, PY_VAL(x)); return PY_NULL; }
    x->npool = nargs;
    for (size_t i = 0; i < nargs; i++) {
        x->pool[i] = py_iter(I, args[i]);
        if (!x->pool[i]) { py_decref(I, PY_VAL(x)); return PY_NULL; }
    }
    x->a = py_newref(fill);
    x->n = (int64_t)nargs;    /* active iterators */
    return PY_VAL(x);
}

static py_val zip_longest_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (!x->npool || x->n == 0) return PY_NULL;
    py_val t = py_tuple_new(I, x->npool);
    if (!t) return PY_NULL;
    for (size_t i = 0; i < x->npool; i++) {
        py_val v = PY_NULL;
        if (x->pool[i] != PY_NONE) {
            v = py_next(I, x->pool[i]);
            if (!v) {
                if (py_err_occurred(I)) { py_decref(I, t); return PY_NULL; }
                PY_SETREF(I, x->pool[i], PY_NONE);
                x->n--;
                if (x->n == 0) { py_decref(I, t); return PY_NULL; }
            }
        }
        py_tuple_items(t)[i] = v ? v : py_newref(x->a);
    }
    return t;
}

/* ---- groupby -------------------------------------------------------------------------------------------------------- */
/* groupby: a = iterator, b = keyfunc or NULL, c = current key, d = current value, e = current grouper;
 * _grouper: a = parent, b = its key; n = the parent's generation it belongs to */
static py_val groupby_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "iterable", "key", NULL };
    py_val a[2];
    if (pym_parse(I, "groupby", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val itr = py_iter(I, a[0]);
    if (!itr) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, itr); return PY_NULL; }
    x->a = itr;
    x->b = a[1] && a[1] != PY_NONE ? py_newref(a[1]) : PY_NULL;
    return PY_VAL(x);
}

/* advance the parent one item: sets c (key) and d (value); 0 exhausted, -1 error */
static int groupby_step(py_interp *I, it *g)
{
    py_val v = py_next(I, g->a);
    if (!v) return py_err_occurred(I) ? -1 : 0;
    py_val k = g->b ? py_call1(I, g->b, v) : py_newref(v);
    if (!k) { py_decref(I, v); return -1; }
    PY_SETREF(I, g->d, v);
    PY_SETREF(I, g->c, k);
    return 1;
}

static py_val groupby_next(py_interp *I, py_val self)
{
    it *g = IT(self);
    g->i++;                   /* a new group: older groupers stop */
    /* skip to a key different from the last group's (e) */
    for (;;) {
        if (!g->c) {
            int r = groupby_step(I, g);
            if (r <= 0) return PY_NULL;
        }
        if (!g->e) break;
        int eq = py_eq(I, g->e, g->c);
        if (eq < 0) return PY_NULL;
        if (!eq) break;
        int r = groupby_step(I, g);
        if (r <= 0) return PY_NULL;
    }
    PY_SETREF(I, g->e, py_newref(g->c));
    py_type *gt = pym_type_get(I, "itertools", "_grouper");
    if (!gt) return PY_NULL;
    it *gr = it_new(I, gt);
    if (!gr) return PY_NULL;
    gr->a = py_newref(self);
    gr->b = py_newref(g->c);
    gr->n = g->i;
    py_val items[2] = { py_newref(g->c), PY_VAL(gr) };
    return py_tuple_steal(I, items, 2);
}

static py_val grouper_next(py_interp *I, py_val self)
{
    it *gr = IT(self);
    it *g = IT(gr->a);
    if (gr->n != g->i) return PY_NULL;
    if (!g->c) {
        int r = groupby_step(I, g);
        if (r <= 0) return PY_NULL;
    }
    int eq = py_eq(I, gr->b, g->c);
    if (eq < 0) return PY_NULL;
    if (!eq) return PY_NULL;
    py_val v = py_newref(g->d);
    PY_CLEAR(I, g->c);
    PY_CLEAR(I, g->d);
    return v;
}

/* ---- tee -------------------------------------------------------------------------------------------------------- */
/* The shared state is a _tee_dataobject: a = the source iterator, b = a list
 * buffer, n = the absolute index of the buffer's first item.  A tee: a =
 * the data object, n = its position (absolute item index). */
static py_val tee_next(py_interp *I, py_val self)
{
    it *t = IT(self);
    it *d = IT(t->a);
    int64_t rel = t->n - d->n;
    if (rel < (int64_t)PY_LIST(d->b)->n) {
        py_val v = py_newref(PY_LIST(d->b)->items[rel]);
        t->n++;
        return v;
    }
    if (!d->a) return PY_NULL;
    py_val v = py_next(I, d->a);
    if (!v) { if (!py_err_occurred(I)) PY_CLEAR(I, d->a); return PY_NULL; }
    if (py_list_append(I, d->b, v)) { py_decref(I, v); return PY_NULL; }
    t->n++;
    /* a tee that is the data's only user drops what it has seen */
    if (PY_LIST(d->b)->n > 256 && PY_OBJ(t->a)->rc == 1) {
        py_list *l = PY_LIST(d->b);
        size_t drop = (size_t)(t->n - d->n);
        if (drop > l->n) drop = l->n;
        for (size_t k = 0; k < drop; k++) py_decref(I, l->items[k]);
        memmove(l->items, l->items + drop, (l->n - drop) * sizeof(py_val));
        l->n -= drop;
        d->n += (int64_t)drop;
    }
    return v;
}

PYM_FN(tee_copy)
{
    PYM_UNUSED;
    it *t = IT(self);
    it *c = it_new(I, py_typeof(I, self));
    if (!c) return PY_NULL;
    c->a = py_newref(t->a);
    c->n = t->n;
    return PY_VAL(c);
}

static py_val tee_make(py_interp *I, py_type *tt, py_val iterable)
{
    py_val itr = py_iter(I, iterable);
    if (!itr) return PY_NULL;
    py_type *dt = pym_type_get(I, "itertools", "_tee_dataobject");
    it *d = dt ? it_new(I, dt) : NULL;
    py_val buf = d ? py_list_new(I, 0) : PY_NULL;
    it *t = buf ? it_new(I, tt) : NULL;
    if (!t) {
        py_decref(I, itr);
        if (d) py_decref(I, PY_VAL(d));
        py_xdecref(I, buf);
        return PY_NULL;
    }
    d->a = itr;
    d->b = buf;
    t->a = PY_VAL(d);
    return PY_VAL(t);
}

static py_val tee_new(py_interp *I, py_type *tt, const py_val *args, size_t nargs, py_val kw)
{
    if (positional(I, "_tee", nargs, kw, 1, 1)) return PY_NULL;
    return tee_make(I, tt, args[0]);
}

static py_val no_next(py_interp *I, py_val self)
{
    (void)self;
    return py_err_str(I, PY_E_TypeError, "_tee_dataobject is not an iterator");
}

PYM_FN(itertools_tee)
{
    (void)self;
    if (positional(I, "tee", nargs, kw, 1, 2)) return PY_NULL;
    int64_t n = 2;
    if (nargs > 1 && pym_arg_int(I, args[1], &n)) return PY_NULL;
    if (n < 0) return py_err_str(I, PY_E_ValueError, "n must be >= 0");
    py_val result = py_tuple_new(I, (size_t)n);
    if (!result || n == 0) return result;
    py_type *tt = pym_type_get(I, "itertools", "_tee");
    if (!tt) { py_decref(I, result); return PY_NULL; }
    py_val first = py_typeof(I, args[0]) == tt ? tee_copy(I, args[0], NULL, 0, PY_NULL) : tee_make(I, tt, args[0]);
    if (!first) { py_decref(I, result); return PY_NULL; }
    py_tuple_items(result)[0] = first;
    for (int64_t i = 1; i < n; i++) {
        py_val c = tee_copy(I, first, NULL, 0, PY_NULL);
        if (!c) { py_decref(I, result); return PY_NULL; }
        py_tuple_items(result)[i] = c;
    }
    return result;
}

/* ---- product ------------------------------------------------------------------------------------------------------ */
/* a = list of the tuples, m = number of positions (tuples x repeat), idx = the odometer */
static py_val product_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    int64_t repeat = 1;
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    for (size_t i = 0; i < nkw; i++) {
        py_val k = py_tuple_items(kw)[i];
        if (!py_str_eq_c(k, "repeat"))
            return py_err_fmt(I, PY_E_TypeError, "product() got an unexpected keyword argument '%s'", py_str_data(k));
        if (pym_arg_int(I, args[nargs + i], &repeat)) return PY_NULL;
    }
    if (repeat < 0) return py_err_str(I, PY_E_ValueError, "repeat argument cannot be negative");
    py_val tuples = py_list_new(I, nargs);
    if (!tuples) return PY_NULL;
    for (size_t i = 0; i < nargs; i++) {
        py_val tp = py_sequence_tuple(I, args[i]);
        if (!tp || py_list_append_steal(I, tuples, tp)) { py_decref(I, tuples); return PY_NULL; }
    }
    size_t npos = nargs * (size_t)repeat;
    it *x = it_new(I, t);
    if (!x) { py_decref(I, tuples); return PY_NULL; }
    x->a = tuples;
    x->m = (int64_t)npos;
    if (alloc_idx(I, x, npos)) { py_decref(I, PY_VAL(x)); return PY_NULL; }
    for (size_t p = 0; p < npos; p++)
        if (!py_tuple_len(PY_LIST(tuples)->items[p % nargs])) { x->state = 2; break; }
    return PY_VAL(x);
}

static py_val product_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    if (x->state == 2) return PY_NULL;
    size_t npos = (size_t)x->m, nt = PY_LIST(x->a)->n;
    if (x->state == 1) {
        size_t p = npos;
        for (;;) {
            if (p == 0) { x->state = 2; return PY_NULL; }
            p--;
            size_t len = py_tuple_len(PY_LIST(x->a)->items[p % nt]);
            if (++x->idx[p] < len) break;
            x->idx[p] = 0;
        }
    }
    x->state = 1;
    py_val r = py_tuple_new(I, npos);
    if (!r) return PY_NULL;
    for (size_t p = 0; p < npos; p++)
        py_tuple_items(r)[p] = py_newref(py_tuple_items(PY_LIST(x->a)->items[p % nt])[x->idx[p]]);
    return r;
}

/* ---- combinations / combinations_with_replacement / permutations --------------------------------------------------- */
static py_val comb_common(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw, const char *name,
                          int r_required)
{
    static const char *const names[] = { "iterable", "r", NULL };
    py_val a[2];
    if (pym_parse(I, name, args, nargs, kw, names, r_required ? 2 : 1, a)) return PY_NULL;
    it *x = it_new(I, t);
    if (!x) return PY_NULL;
    if (pool_from(I, x, a[0])) { py_decref(I, PY_VAL(x)); return PY_NULL; }
    int64_t r = (int64_t)x->npool;
    if (a[1] && a[1] != PY_NONE && pym_arg_int(I, a[1], &r)) { py_decref(I, PY_VAL(x)); return PY_NULL; }
    if (r < 0) { py_decref(I, PY_VAL(x)); return py_err_str(I, PY_E_ValueError, "r must be non-negative"); }
    x->m = r;
    if (alloc_idx(I, x, (size_t)r)) { py_decref(I, PY_VAL(x)); return PY_NULL; }
    return PY_VAL(x);
}

static py_val combinations_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val v = comb_common(I, t, args, nargs, kw, "combinations", 1);
    if (!v) return PY_NULL;
    it *x = IT(v);
    for (int64_t i = 0; i < x->m; i++) x->idx[i] = (size_t)i;
    if ((size_t)x->m > x->npool) x->state = 2;
    return v;
}

static py_val cwr_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val v = comb_common(I, t, args, nargs, kw, "combinations_with_replacement", 1);
    if (!v) return PY_NULL;
    it *x = IT(v);
    if (x->npool == 0 && x->m > 0) x->state = 2;
    return v;
}

static py_val permutations_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val v = comb_common(I, t, args, nargs, kw, "permutations", 0);
    if (!v) return PY_NULL;
    it *x = IT(v);
    size_t n = x->npool, r = (size_t)x->m;
    if (r > n) { x->state = 2; return v; }
    py_free(I, x->idx, x->nidx * sizeof(size_t));
    x->nidx = n ? n : 1;
    x->idx = py_alloc(I, x->nidx * sizeof(size_t));
    x->cyc = x->idx ? py_alloc(I, x->nidx * sizeof(size_t)) : NULL;
    if (!x->idx || !x->cyc) { py_decref(I, v); return PY_NULL; }
    for (size_t i = 0; i < n; i++) x->idx[i] = i;
    for (size_t i = 0; i < r; i++) x->cyc[i] = n - i;
    return v;
}

static py_val pick(py_interp *I, it *x, size_t r)
{
    py_val t = py_tuple_new(I, r);
    if (!t) return PY_NULL;
    for (size_t i = 0; i < r; i++) py_tuple_items(t)[i] = py_newref(x->pool[x->idx[i]]);
    return t;
}

static py_val combinations_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    size_t n = x->npool, r = (size_t)x->m;
    if (x->state == 2) return PY_NULL;
    if (x->state == 1) {
        size_t i = r;
        for (;;) {
            if (i == 0) { x->state = 2; return PY_NULL; }
            i--;
            if (x->idx[i] != i + n - r) break;
        }
        x->idx[i]++;
        for (size_t j = i + 1; j < r; j++) x->idx[j] = x->idx[j - 1] + 1;
    }
    x->state = 1;
    return pick(I, x, r);
}

static py_val cwr_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    size_t n = x->npool, r = (size_t)x->m;
    if (x->state == 2) return PY_NULL;
    if (x->state == 1) {
        size_t i = r;
        for (;;) {
            if (i == 0) { x->state = 2; return PY_NULL; }
            i--;
            if (x->idx[i] != n - 1) break;
        }
        size_t v = x->idx[i] + 1;
        for (size_t j = i; j < r; j++) x->idx[j] = v;
    }
    x->state = 1;
    return pick(I, x, r);
}

static py_val permutations_next(py_interp *I, py_val self)
{
    it *x = IT(self);
    size_t n = x->npool, r = (size_t)x->m;
    if (x->state == 2) return PY_NULL;
    if (x->state == 1) {
        size_t i = r;
        for (;;) {
            if (i == 0) { x->state = 2; return PY_NULL; }
            i--;
            x->cyc[i]--;
            if (x->cyc[i] == 0) {
                size_t first = x->idx[i];
                memmove(x->idx + i, x->idx + i + 1, (n - i - 1) * sizeof(size_t));
                x->idx[n - 1] = first;
                x->cyc[i] = n - i;
            } else {
                size_t j = n - x->cyc[i];
                size_t tmp = x->idx[i];
                x->idx[i] = x->idx[j];
                x->idx[j] = tmp;
                break;
            }
        }
    }
    x->state = 1;
    return pick(I, x, r);
}

/* ---- types ----------------------------------------------------------------------------------------------------------- */
PYM_FN(gen_class_getitem)
{
    (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "__class_getitem__ expects 1 argument");
    return py_genericalias_new(I, self, args[0]);
}

static const py_methoddef plain_methods[] = { { "__class_getitem__", gen_class_getitem, PY_METH_CLASS }, { NULL, NULL, 0 } };
static const py_methoddef chain_methods[] = {
    { "from_iterable", chain_from_iterable, PY_METH_CLASS }, { "__class_getitem__", gen_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};
static const py_methoddef repeat_methods[] = { { "__length_hint__", repeat_length_hint, 0 }, { NULL, NULL, 0 } };
static const py_methoddef tee_methods[] = { { "__copy__", tee_copy, 0 }, { NULL, NULL, 0 } };

#define IT_TD(cname, pyname, newfn, nextfn, reprfn, meths, fl)                                                  \
    static const py_typedef cname##_td = {                                                                     \
        .name = pyname, .qualname = "itertools." pyname, .base = PY_T_OBJECT, .flags = PY_TF_GC | (fl),         \
        .basicsize = sizeof(it), .dictoffset = offsetof(it, dict_),                                            \
        .slots = { .dealloc = it_dealloc, .traverse = it_traverse, .clear = it_clear, .iter = py_iter_self,     \
                   .next = nextfn, .new_ = newfn, .repr = reprfn },                                            \
        .methods = meths,                                                                                      \
    };

#define BT PY_TF_BASETYPE
IT_TD(count, "count", count_new, count_next, count_repr, plain_methods, BT)
IT_TD(repeat, "repeat", repeat_new, repeat_next, repeat_repr, repeat_methods, BT)
IT_TD(cycle, "cycle", cycle_new, cycle_next, NULL, plain_methods, BT)
IT_TD(chain, "chain", chain_new, chain_next, NULL, chain_methods, BT)
IT_TD(compress, "compress", compress_new, compress_next, NULL, plain_methods, BT)
IT_TD(takewhile, "takewhile", takewhile_new, takewhile_next, NULL, plain_methods, BT)
IT_TD(dropwhile, "dropwhile", dropwhile_new, dropwhile_next, NULL, plain_methods, BT)
IT_TD(filterfalse, "filterfalse", filterfalse_new, filterfalse_next, NULL, plain_methods, BT)
IT_TD(starmap, "starmap", starmap_new, starmap_next, NULL, plain_methods, BT)
IT_TD(islice, "islice", islice_new, islice_next, NULL, plain_methods, BT)
IT_TD(pairwise, "pairwise", pairwise_new, pairwise_next, NULL, plain_methods, BT)
IT_TD(accumulate, "accumulate", accumulate_new, accumulate_next, NULL, plain_methods, BT)
IT_TD(batched, "batched", batched_new, batched_next, NULL, plain_methods, BT)
IT_TD(zip_longest, "zip_longest", zip_longest_new, zip_longest_next, NULL, plain_methods, BT)
IT_TD(groupby, "groupby", groupby_new, groupby_next, NULL, plain_methods, BT)
IT_TD(grouper, "_grouper", NULL, grouper_next, NULL, plain_methods, PY_TF_NOINSTANCE)
IT_TD(tee, "_tee", tee_new, tee_next, NULL, tee_methods, 0)
IT_TD(teedata, "_tee_dataobject", NULL, no_next, NULL, plain_methods, PY_TF_NOINSTANCE)
IT_TD(product, "product", product_new, product_next, NULL, plain_methods, BT)
IT_TD(permutations, "permutations", permutations_new, permutations_next, NULL, plain_methods, BT)
IT_TD(combinations, "combinations", combinations_new, combinations_next, NULL, plain_methods, BT)
IT_TD(cwr, "combinations_with_replacement", cwr_new, cwr_next, NULL, plain_methods, BT)

static const py_typedef *const it_types[] = {
    &count_td, &repeat_td, &cycle_td, &chain_td, &compress_td, &takewhile_td, &dropwhile_td, &filterfalse_td,
    &starmap_td, &islice_td, &pairwise_td, &accumulate_td, &batched_td, &zip_longest_td, &groupby_td, &grouper_td,
    &tee_td, &teedata_td, &product_td, &permutations_td, &combinations_td, &cwr_td, NULL
};

static const py_methoddef itertools_fns[] = { { "tee", itertools_tee, 0 }, { NULL, NULL, 0 } };

int py_mod_itertools_init(py_interp *I, py_val mod);
int py_mod_itertools_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, itertools_fns)) return -1;
    for (int i = 0; it_types[i]; i++)
        if (!pym_type_add(I, mod, it_types[i], NULL)) return -1;
    return 0;
}
