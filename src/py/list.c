/* list.c — Python list: a growable array of values.
 *
 * Sorting is a stable merge sort that only uses `<`, as CPython's does;
 * a list mutated during the sort raises ValueError.
 *
 * Must never: keep a pointer into items across a call that can run Python
 * code (the list may be resized underneath).
 */
#include <string.h>

#include "py/core.h"

static int list_grow(py_interp *I, py_list *l, size_t need)
{
    if (need <= l->cap) return 0;
    size_t cap = l->cap ? l->cap + (l->cap >> 1) + 4 : 4;
    if (cap < need) cap = need;
    if (cap > ((size_t)1 << 40)) { py_err_nomem(I); return -1; }
    py_val *p = py_realloc(I, l->items, l->cap * sizeof(py_val), cap * sizeof(py_val));
    if (!p) return -1;
    l->items = p;
    l->cap = cap;
    return 0;
}

py_val py_list_new(py_interp *I, size_t cap)
{
    py_list *l = (py_list *)py_obj_new(I, PY_TYPE(I, PY_T_LIST), sizeof(py_list));
    if (!l) return PY_NULL;
    if (cap && list_grow(I, l, cap)) { py_decref(I, PY_VAL(l)); return PY_NULL; }
    return PY_VAL(l);
}

py_val py_list_from(py_interp *I, const py_val *items, size_t n)
{
    py_val l = py_list_new(I, n);
    if (!l) return PY_NULL;
    for (size_t i = 0; i < n; i++) PY_LIST(l)->items[i] = py_newref(items[i]);
    PY_LIST(l)->n = n;
    return l;
}

int py_list_append_steal(py_interp *I, py_val lv, py_val v)
{
    py_list *l = PY_LIST(lv);
    if (l->n == l->cap && list_grow(I, l, l->n + 1)) { py_decref(I, v); return -1; }
    l->items[l->n++] = v;
    return 0;
}

int py_list_append(py_interp *I, py_val l, py_val v)
{
    py_incref(v);
    return py_list_append_steal(I, l, v);
}

int py_list_extend(py_interp *I, py_val lv, py_val src)
{
    if (py_is_list(src) || py_is_tuple(src)) {
        size_t n = py_is_list(src) ? PY_LIST(src)->n : PY_TUPLE(src)->n;
        py_list *l = PY_LIST(lv);
        if (list_grow(I, l, l->n + n)) return -1;
        const py_val *items = py_is_list(src) ? PY_LIST(src)->items : PY_TUPLE(src)->items;
        for (size_t i = 0; i < n; i++) l->items[l->n + i] = py_newref(items[i]);
        l->n += n;
        return 0;
    }
    py_val it = py_iter(I, src);
    if (!it) return -1;
    for (;;) {
        py_val v = py_next(I, it);
        if (!v) break;
        if (py_list_append_steal(I, lv, v)) { py_decref(I, it); return -1; }
    }
    py_decref(I, it);
    return py_err_occurred(I) ? -1 : 0;
}

int py_list_insert(py_interp *I, py_val lv, int64_t i, py_val v)
{
    py_list *l = PY_LIST(lv);
    int64_t n = (int64_t)l->n;
    if (i < 0) { i += n; if (i < 0) i = 0; }
    if (i > n) i = n;
    if (list_grow(I, l, l->n + 1)) return -1;
    memmove(l->items + i + 1, l->items + i, (size_t)(n - i) * sizeof(py_val));
    l->items[i] = py_newref(v);
    l->n++;
    return 0;
}

py_val py_sequence_list(py_interp *I, py_val it)
{
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    if (py_list_extend(I, l, it)) { py_decref(I, l); return PY_NULL; }
    return l;
}

static void list_dealloc(py_interp *I, py_obj *o)
{
    py_list *l = (py_list *)o;
    py_gc_untrack(I, o);
    for (size_t i = l->n; i-- > 0;) py_xdecref(I, l->items[i]);   /* CPython's order */
    py_free(I, l->items, l->cap * sizeof(py_val));
    py_xdecref(I, l->dict_);
    py_obj_free(I, o, o->type->basicsize);
}

static void list_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_list *l = (py_list *)o;
    for (size_t i = 0; i < l->n; i++) visit(l->items[i], ctx);
    if (l->dict_) visit(l->dict_, ctx);
}

static void list_clear_items(py_interp *I, py_list *l)
{
    py_val *items = l->items;
    size_t n = l->n, cap = l->cap;
    l->items = NULL;
    l->n = l->cap = 0;
    for (size_t i = n; i-- > 0;) py_xdecref(I, items[i]);
    py_free(I, items, cap * sizeof(py_val));
}

static void list_clear_slot(py_interp *I, py_obj *o)
{
    list_clear_items(I, (py_list *)o);
    PY_CLEAR(I, ((py_list *)o)->dict_);
}

static py_val list_repr(py_interp *I, py_val v)
{
    py_list *l = PY_LIST(v);
    if (l->n == 0) return py_str_cstr(I, "[]");
    int r = py_repr_enter(I, v);
    if (r < 0) return PY_NULL;
    if (r) return py_str_cstr(I, "[...]");
    sk_buf b = SK_BUF_INIT(I->alloc);
    int err = 0;
    if (sk_buf_putc(&b, '[')) err = 1;
    for (size_t i = 0; !err && i < l->n; i++) {
        if (i && sk_buf_puts(&b, ", ")) { err = 1; break; }
        py_val item = py_newref(l->items[i]);
        if (py_buf_repr(I, &b, item)) err = 2;
        py_decref(I, item);
    }
    if (!err && sk_buf_putc(&b, ']')) err = 1;
    py_repr_leave(I, v);
    if (err) {
        sk_buf_free(&b);
        if (err == 1) py_err_nomem(I);
        return PY_NULL;
    }
    return py_str_from_buf(I, &b);
}

py_val py_seq_richcmp(py_interp *I, const py_val *a, size_t na, const py_val *b, size_t nb, int op);

static py_val list_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (!py_is_list(a) || !py_is_list(b)) return PY_NOTIMPL;
    py_list *x = PY_LIST(a), *y = PY_LIST(b);
    if ((op == PY_EQ || op == PY_NE) && x->n != y->n) return py_bool(op == PY_NE);
    /* compare item by item; re-read lengths since __eq__ may mutate */
    size_t i;
    for (i = 0; i < x->n && i < y->n; i++) {
        py_val va = py_newref(x->items[i]), vb = py_newref(y->items[i]);
        int e = py_eq(I, va, vb);
        py_decref(I, va);
        py_decref(I, vb);
        if (e < 0) return PY_NULL;
        if (!e) break;
    }
    if (i >= x->n || i >= y->n) {
        int c = x->n < y->n ? -1 : x->n > y->n;
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
    py_val va = py_newref(x->items[i]), vb = py_newref(y->items[i]);
    py_val r = py_richcmp(I, va, vb, op);
    py_decref(I, va);
    py_decref(I, vb);
    return r;
}

static int64_t list_len(py_interp *I, py_val v) { (void)I; return (int64_t)PY_LIST(v)->n; }

static py_val list_getitem(py_interp *I, py_val self, py_val key)
{
    py_list *l = PY_LIST(self);
    if (py_is_int(key)) {
        int64_t i = py_int_val(key);
        if (i < 0) i += (int64_t)l->n;
        if (i < 0 || (uint64_t)i >= l->n) return py_err_str(I, PY_E_IndexError, "list index out of range");
        return py_newref(l->items[i]);
    }
    if (PY_IS(key, SLICE)) {
        int64_t start, stop, step, n;
        if (py_slice_indices(I, key, (int64_t)l->n, &start, &stop, &step, &n)) return PY_NULL;
        py_val r = py_list_new(I, n > 0 ? (size_t)n : 0);
        if (!r) return PY_NULL;
        for (int64_t k = 0, i = start; k < n; k++, i += step) PY_LIST(r)->items[k] = py_newref(l->items[i]);
        PY_LIST(r)->n = n > 0 ? (size_t)n : 0;
        return r;
    }
    if (py_is_bool(key) || py_is_bigint(key) || (py_is_ptr(key) && py_typeof(I, key)->s.index)) {
        int64_t i;
        if (py_index_i64(I, key, &i, 1)) return PY_NULL;
        return list_getitem(I, self, py_int_small(i));
    }
    return py_err_fmt(I, PY_E_TypeError, "list indices must be integers or slices, not %s", py_type_name(I, key));
}

static int list_ass_slice(py_interp *I, py_list *l, py_val key, py_val v)
{
    int64_t start, stop, step, n;
    if (py_slice_indices(I, key, (int64_t)l->n, &start, &stop, &step, &n)) return -1;
    if (step == 1) {
        if (stop < start) stop = start;
        py_val seq = PY_NULL;
        size_t m = 0;
        const py_val *src = NULL;
        if (v) {
            if (PY_VAL(l) == v || !(py_is_list(v) || py_is_tuple(v))) {
                if (!py_is_list(v) && !py_is_tuple(v) && !py_typeof(I, v)->s.iter && !py_typeof(I, v)->s.getitem) {
                    py_err_str(I, PY_E_TypeError, "can only assign an iterable");
                    return -1;
                }
                seq = py_sequence_list(I, v);
                if (!seq) return -1;
            } else {
                seq = py_newref(v);
            }
            m = py_is_list(seq) ? PY_LIST(seq)->n : PY_TUPLE(seq)->n;
            src = py_is_list(seq) ? PY_LIST(seq)->items : PY_TUPLE(seq)->items;
        }
        size_t old = (size_t)(stop - start);
        /* collect removed items to release after the list is consistent */
        py_val *dead = NULL;
        if (old) {
            dead = py_alloc(I, old * sizeof(py_val));
            if (!dead) { py_xdecref(I, seq); return -1; }
            memcpy(dead, l->items + start, old * sizeof(py_val));
        }
        if (m > old && list_grow(I, l, l->n + m - old)) {
            py_free(I, dead, old * sizeof(py_val));
            py_xdecref(I, seq);
            return -1;
        }
        if (l->n > (size_t)stop && (m != old))
            memmove(l->items + start + m, l->items + stop, (l->n - (size_t)stop) * sizeof(py_val));
        for (size_t i = 0; i < m; i++) l->items[start + (int64_t)i] = py_newref(src[i]);
        l->n = l->n - old + m;
        for (size_t i = 0; i < old; i++) py_decref(I, dead[i]);
        py_free(I, dead, old * sizeof(py_val));
        py_xdecref(I, seq);
        return 0;
    }
    /* extended slice */
    if (!v) {
        if (n <= 0) return 0;
        if (step < 0) { start = start + step * (n - 1); step = -step; }
        py_val *dead = py_alloc(I, (size_t)n * sizeof(py_val));
        if (!dead) return -1;
        size_t w = 0, d = 0;
        for (size_t i = 0; i < l->n; i++) {
            if ((int64_t)i >= start && ((int64_t)i - start) % step == 0 && d < (size_t)n) dead[d++] = l->items[i];
            else l->items[w++] = l->items[i];
        }
        l->n = w;
        for (size_t i = 0; i < d; i++) py_decref(I, dead[i]);
        py_free(I, dead, (size_t)n * sizeof(py_val));
        return 0;
    }
    if (!py_is_list(v) && !py_is_tuple(v) && !py_typeof(I, v)->s.iter && !py_typeof(I, v)->s.getitem) {
        py_err_str(I, PY_E_TypeError, "must assign iterable to extended slice");
        return -1;
    }
    py_val seq = py_sequence_list(I, v);
    if (!seq) return -1;
    if ((int64_t)PY_LIST(seq)->n != n) {
        py_err_fmt(I, PY_E_ValueError, "attempt to assign sequence of size %zu to extended slice of size %lld",
                   PY_LIST(seq)->n, (long long)n);
        py_decref(I, seq);
        return -1;
    }
    for (int64_t k = 0, i = start; k < n; k++, i += step) {
        py_val old = l->items[i];
        l->items[i] = py_newref(PY_LIST(seq)->items[k]);
        py_decref(I, old);
    }
    py_decref(I, seq);
    return 0;
}

static int list_setitem(py_interp *I, py_val self, py_val key, py_val v)
{
    py_list *l = PY_LIST(self);
    if (PY_IS(key, SLICE)) return list_ass_slice(I, l, key, v);
    int64_t i;
    if (py_is_int(key)) i = py_int_val(key);
    else if (py_is_bool(key) || py_is_bigint(key) || (py_is_ptr(key) && py_typeof(I, key)->s.index)) {
        if (py_index_i64(I, key, &i, 1)) return -1;
    } else {
        py_err_fmt(I, PY_E_TypeError, "list indices must be integers or slices, not %s", py_type_name(I, key));
        return -1;
    }
    if (i < 0) i += (int64_t)l->n;
    if (i < 0 || (uint64_t)i >= l->n) {
        py_err_str(I, PY_E_IndexError, v ? "list assignment index out of range" : "list assignment index out of range");
        return -1;
    }
    py_val old = l->items[i];
    if (v) {
        l->items[i] = py_newref(v);
    } else {
        memmove(l->items + i, l->items + i + 1, (l->n - (size_t)i - 1) * sizeof(py_val));
        l->n--;
    }
    py_decref(I, old);
    return 0;
}

static int list_contains(py_interp *I, py_val self, py_val v)
{
    py_list *l = PY_LIST(self);
    for (size_t i = 0; i < l->n; i++) {
        py_val item = py_newref(l->items[i]);
        int e = py_eq(I, item, v);
        py_decref(I, item);
        if (e) return e;
    }
    return 0;
}

static py_val list_add(py_interp *I, py_val a, py_val b)
{
    if (!py_is_list(a)) return PY_NOTIMPL;
    if (!py_is_list(b)) return PY_NOTIMPL;
    size_t na = PY_LIST(a)->n, nb = PY_LIST(b)->n;
    py_val r = py_list_new(I, na + nb);
    if (!r) return PY_NULL;
    for (size_t i = 0; i < na; i++) PY_LIST(r)->items[i] = py_newref(PY_LIST(a)->items[i]);
    for (size_t i = 0; i < nb; i++) PY_LIST(r)->items[na + i] = py_newref(PY_LIST(b)->items[i]);
    PY_LIST(r)->n = na + nb;
    return r;
}

int py_repeat_count(py_interp *I, py_val n, int64_t *out);

static py_val list_mul(py_interp *I, py_val a, py_val b)
{
    py_val l = a, n = b;
    if (!py_is_list(l)) { l = b; n = a; }
    if (!py_is_list(l)) return PY_NOTIMPL;
    if (!py_is_intlike(n) && !(py_is_ptr(n) && py_typeof(I, n)->s.index)) return PY_NOTIMPL;
    int64_t k;
    if (py_repeat_count(I, n, &k)) return PY_NULL;
    size_t len = PY_LIST(l)->n;
    if (k <= 0 || len == 0) return py_list_new(I, 0);
    if ((uint64_t)k > ((uint64_t)1 << 36) / len) return py_err_nomem_size(I, (size_t)1 << 62);
    py_val r = py_list_new(I, len * (size_t)k);
    if (!r) return PY_NULL;
    for (int64_t i = 0; i < k; i++)
        for (size_t j = 0; j < len; j++) PY_LIST(r)->items[(size_t)i * len + j] = py_newref(PY_LIST(l)->items[j]);
    PY_LIST(r)->n = len * (size_t)k;
    return r;
}

static py_val list_iadd(py_interp *I, py_val a, py_val b)
{
    if (!py_is_list(a)) return PY_NOTIMPL;
    if (py_list_extend(I, a, b)) return PY_NULL;
    return py_newref(a);
}

static py_val list_imul(py_interp *I, py_val a, py_val b)
{
    if (!py_is_list(a)) return PY_NOTIMPL;
    int64_t k;
    if (py_repeat_count(I, b, &k)) return PY_NULL;
    py_list *l = PY_LIST(a);
    if (k <= 0) { list_clear_items(I, l); return py_newref(a); }
    size_t len = l->n;
    if (len && (uint64_t)k > ((uint64_t)1 << 36) / len) return py_err_nomem_size(I, (size_t)1 << 62);
    if (list_grow(I, l, len * (size_t)k)) return PY_NULL;
    for (int64_t i = 1; i < k; i++)
        for (size_t j = 0; j < len; j++) l->items[(size_t)i * len + j] = py_newref(l->items[j]);
    l->n = len * (size_t)k;
    return py_newref(a);
}

static py_val list_iter(py_interp *I, py_val v)
{
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_LIST_ITER), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(v);
    return PY_VAL(it);
}

static py_val listiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_list *l = PY_LIST(it->seq);
    if ((size_t)it->i >= l->n) { PY_CLEAR(I, it->seq); return PY_NULL; }
    return py_newref(l->items[it->i++]);
}

static py_val listreviter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_list *l = PY_LIST(it->seq);
    if (it->i < 0 || (size_t)it->i >= l->n) { PY_CLEAR(I, it->seq); return PY_NULL; }
    return py_newref(l->items[it->i--]);
}

static int list_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "list", kw)) return -1;
    if (nargs > 1) { py_err_fmt(I, PY_E_TypeError, "list expected at most 1 argument, got %zu", nargs); return -1; }
    list_clear_items(I, PY_LIST(self));
    if (nargs) return py_list_extend(I, self, args[0]);
    return 0;
}

static py_val list_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    py_list *l = (py_list *)py_obj_new(I, t, t->basicsize);
    return l ? PY_VAL(l) : PY_NULL;
}

/* ---- sorting -------------------------------------------------------------- */
typedef struct sort_ctx { py_interp *I; int err; int reverse; } sort_ctx;

static int less(sort_ctx *c, py_val a, py_val b)
{
    if (c->err) return 0;
    if (py_is_int(a) && py_is_int(b)) return py_int_val(a) < py_int_val(b);
    if (py_is_float(a) && py_is_float(b)) return py_float_val(a) < py_float_val(b);
    if (py_is_str(a) && py_is_str(b) && PY_OBJ(a)->type->id == PY_T_STR && PY_OBJ(b)->type->id == PY_T_STR) {
        size_t la = py_str_len(a), lb = py_str_len(b);
        int r = memcmp(py_str_data(a), py_str_data(b), la < lb ? la : lb);
        return r < 0 || (r == 0 && la < lb);
    }
    int r = py_richcmp_bool(c->I, a, b, PY_LT);
    if (r < 0) { c->err = 1; return 0; }
    return r;
}

/* stable merge sort of keys[] carrying vals[] along */
static void merge_sort(sort_ctx *c, py_val *k, py_val *v, py_val *tk, py_val *tv, size_t n)
{
    if (n < 2 || c->err) return;
    if (n <= 8) {
        for (size_t i = 1; i < n && !c->err; i++) {
            py_val kk = k[i], vv = v[i];
            size_t j = i;
            while (j > 0) {
                int lt = c->reverse ? less(c, k[j - 1], kk) : less(c, kk, k[j - 1]);
                if (c->err || !lt) break;
                k[j] = k[j - 1];
                v[j] = v[j - 1];
                j--;
            }
            k[j] = kk;
            v[j] = vv;
        }
        return;
    }
    size_t m = n / 2;
    merge_sort(c, k, v, tk, tv, m);
    merge_sort(c, k + m, v + m, tk, tv, n - m);
    if (c->err) return;
    /* already ordered? */
    int lt = c->reverse ? less(c, k[m - 1], k[m]) : less(c, k[m], k[m - 1]);
    if (!lt || c->err) return;
    memcpy(tk, k, m * sizeof(py_val));
    memcpy(tv, v, m * sizeof(py_val));
    size_t i = 0, j = m, o = 0;
    while (i < m && j < n) {
        int takeright = c->reverse ? less(c, tk[i], k[j]) : less(c, k[j], tk[i]);
        if (c->err) {
            /* restore a consistent permutation */
            while (i < m) { k[o] = tk[i]; v[o] = tv[i]; o++; i++; }
            return;
        }
        if (takeright) { k[o] = k[j]; v[o] = v[j]; j++; }
        else { k[o] = tk[i]; v[o] = tv[i]; i++; }
        o++;
    }
    while (i < m) { k[o] = tk[i]; v[o] = tv[i]; o++; i++; }
}

int py_list_sort(py_interp *I, py_val lv, py_val key, int reverse)
{
    py_list *l = PY_LIST(lv);
    size_t n = l->n;
    if (n < 2) {
        /* the key function still runs, as in CPython */
        if (n == 1 && key && key != PY_NONE) {
            py_val k = py_call1(I, key, l->items[0]);
            if (!k) return -1;
            py_decref(I, k);
        }
        return 0;
    }
    /* detach the items so mutation during the sort is detectable */
    py_val *items = l->items;
    size_t cap = l->cap;
    l->items = NULL;
    l->n = l->cap = 0;
    py_val *keys = items;
    int err = 0;
    if (key && key != PY_NONE) {
        keys = py_alloc(I, n * sizeof(py_val));
        if (!keys) err = 1;
        for (size_t i = 0; i < n && !err; i++) {
            keys[i] = py_call1(I, key, items[i]);
            if (!keys[i]) {
                for (size_t j = 0; j < i; j++) py_decref(I, keys[j]);
                py_free(I, keys, n * sizeof(py_val));
                keys = items;
                err = 1;
            }
        }
    }
    if (!err) {
        py_val *tmp = py_alloc(I, n * sizeof(py_val));
        py_val *tmp2 = keys != items ? py_alloc(I, n * sizeof(py_val)) : tmp;
        if (!tmp || !tmp2) err = 1;
        else {
            sort_ctx c = { I, 0, reverse };
            /* reverse: CPython reverses, sorts stably, reverses back; an
             * equivalent stable order is obtained by using '>' semantics
             * via swapped less() arguments above. */
            merge_sort(&c, keys, items, keys != items ? tmp2 : tmp, keys != items ? tmp : tmp2, n);
            err = c.err;
        }
        if (tmp) py_free(I, tmp, n * sizeof(py_val));
        if (tmp2 && tmp2 != tmp) py_free(I, tmp2, n * sizeof(py_val));
        if (keys != items) {
            for (size_t i = 0; i < n; i++) py_decref(I, keys[i]);
            py_free(I, keys, n * sizeof(py_val));
        }
    }
    int mutated = l->items != NULL || l->n != 0;
    if (mutated) list_clear_items(I, l);
    l->items = items;
    l->n = n;
    l->cap = cap;
    if (err) return -1;
    if (mutated) { py_err_str(I, PY_E_ValueError, "list modified during sort"); return -1; }
    return 0;
}

int py_list_reverse(py_interp *I, py_val lv)
{
    (void)I;
    py_list *l = PY_LIST(lv);
    for (size_t i = 0, j = l->n ? l->n - 1 : 0; i < j; i++, j--) {
        py_val t = l->items[i];
        l->items[i] = l->items[j];
        l->items[j] = t;
    }
    return 0;
}

/* ---- methods ------------------------------------------------------------------ */
static py_val m_append(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "list.append", nargs, kw, 1)) return PY_NULL;
    if (py_list_append(I, self, args[0])) return PY_NULL;
    return PY_NONE;
}

static py_val m_extend(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "list.extend", nargs, kw, 1)) return PY_NULL;
    if (!py_is_list(args[0]) && !py_is_tuple(args[0]) && !py_typeof(I, args[0])->s.iter &&
        !py_typeof(I, args[0])->s.getitem)
        return py_err_fmt(I, PY_E_TypeError, "'%s' object is not iterable", py_type_name(I, args[0]));
    if (args[0] == self) {
        py_val copy = py_list_from(I, PY_LIST(self)->items, PY_LIST(self)->n);
        if (!copy) return PY_NULL;
        int r = py_list_extend(I, self, copy);
        py_decref(I, copy);
        return r ? PY_NULL : PY_NONE;
    }
    if (py_list_extend(I, self, args[0])) return PY_NULL;
    return PY_NONE;
}

static py_val m_insert(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "list.insert", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "insert expected 2 arguments, got %zu", nargs);
    int64_t i;
    if (py_index_i64(I, args[0], &i, 0)) return PY_NULL;
    if (py_list_insert(I, self, i, args[1])) return PY_NULL;
    return PY_NONE;
}

static py_val m_pop(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_range(I, "pop", nargs, kw, 0, 1)) return PY_NULL;
    py_list *l = PY_LIST(self);
    int64_t i = -1;
    if (nargs && py_index_i64(I, args[0], &i, 1)) return PY_NULL;
    if (l->n == 0) return py_err_str(I, PY_E_IndexError, "pop from empty list");
    if (i < 0) i += (int64_t)l->n;
    if (i < 0 || (uint64_t)i >= l->n) return py_err_str(I, PY_E_IndexError, "pop index out of range");
    py_val v = l->items[i];
    memmove(l->items + i, l->items + i + 1, (l->n - (size_t)i - 1) * sizeof(py_val));
    l->n--;
    return v;
}

static py_val m_remove(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "list.remove", nargs, kw, 1)) return PY_NULL;
    py_list *l = PY_LIST(self);
    for (size_t i = 0; i < l->n; i++) {
        py_val item = py_newref(l->items[i]);
        int e = py_eq(I, item, args[0]);
        py_decref(I, item);
        if (e < 0) return PY_NULL;
        if (e && i < l->n) {
            py_val v = l->items[i];
            memmove(l->items + i, l->items + i + 1, (l->n - i - 1) * sizeof(py_val));
            l->n--;
            py_decref(I, v);
            return PY_NONE;
        }
    }
    return py_err_str(I, PY_E_ValueError, "list.remove(x): x not in list");
}

static py_val m_clear(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "list.clear", nargs, kw)) return PY_NULL;
    list_clear_items(I, PY_LIST(self));
    return PY_NONE;
}

static py_val m_copy(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "list.copy", nargs, kw)) return PY_NULL;
    return py_list_from(I, PY_LIST(self)->items, PY_LIST(self)->n);
}

int py_slice_arg(py_interp *I, py_val v, int64_t len, int64_t *out);

static py_val m_index(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "list.index", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "index expected at least 1 argument, got %zu", nargs);
        return py_err_fmt(I, PY_E_TypeError, "index expected at most 3 arguments, got %zu", nargs);
    }
    py_list *l = PY_LIST(self);
    int64_t start = 0, stop = (int64_t)l->n;
    if (nargs > 1 && py_slice_arg(I, args[1], (int64_t)l->n, &start)) return PY_NULL;
    if (nargs > 2 && py_slice_arg(I, args[2], (int64_t)l->n, &stop)) return PY_NULL;
    for (int64_t i = start; i < stop && (size_t)i < l->n; i++) {
        py_val item = py_newref(l->items[i]);
        int e = py_eq(I, item, args[0]);
        py_decref(I, item);
        if (e < 0) return PY_NULL;
        if (e) return py_int_small(i);
    }
    return py_err_str(I, PY_E_ValueError, "list.index(x): x not in list");
}

static py_val m_count(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "list.count", nargs, kw, 1)) return PY_NULL;
    py_list *l = PY_LIST(self);
    int64_t c = 0;
    for (size_t i = 0; i < l->n; i++) {
        py_val item = py_newref(l->items[i]);
        int e = py_eq(I, item, args[0]);
        py_decref(I, item);
        if (e < 0) return PY_NULL;
        c += e;
    }
    return py_int_small(c);
}

static py_val m_reverse(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "list.reverse", nargs, kw)) return PY_NULL;
    py_list_reverse(I, self);
    return PY_NONE;
}

static py_val m_sort(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "$key", "$reverse", NULL };
    py_val a[2] = { 0, 0 };
    if (nargs) return py_err_str(I, PY_E_TypeError, "sort() takes no positional arguments");
    if (py_args_parse(I, "sort", args, nargs, kw, names, 0, a)) return PY_NULL;
    int rev = 0;
    if (a[1]) { rev = py_truthy(I, a[1]); if (rev < 0) return PY_NULL; }
    if (py_list_sort(I, self, a[0], rev)) return PY_NULL;
    return PY_NONE;
}

static py_val m_reversed(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "list.__reversed__", nargs, kw)) return PY_NULL;
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_LIST_REVITER), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(self);
    it->i = (int64_t)PY_LIST(self)->n - 1;
    return PY_VAL(it);
}

static py_val m_class_getitem(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "list.__class_getitem__", nargs, kw, 1)) return PY_NULL;
    return py_genericalias_new(I, cls, args[0]);
}

static const py_methoddef list_methods[] = {
    { "append", m_append, 0 },
    { "extend", m_extend, 0 },
    { "insert", m_insert, 0 },
    { "pop", m_pop, 0 },
    { "remove", m_remove, 0 },
    { "clear", m_clear, 0 },
    { "copy", m_copy, 0 },
    { "index", m_index, 0 },
    { "count", m_count, 0 },
    { "reverse", m_reverse, 0 },
    { "sort", m_sort, PY_METH_KW },
    { "__reversed__", m_reversed, 0 },
    { "__class_getitem__", m_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

py_val py_iter_self(py_interp *I, py_val v);
void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out);

const py_typedef py_list_typedef = {
    .name = "list", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_LIST_SUB | PY_TF_SUBCLASS_DICT,
    .basicsize = sizeof(py_list), .dictoffset = offsetof(py_list, dict_),
    .slots = {
        .dealloc = list_dealloc, .traverse = list_traverse, .clear = list_clear_slot,
        .repr = list_repr, .hash = py_hash_unhashable, .richcmp = list_richcmp, .len = list_len,
        .getitem = list_getitem, .setitem = list_setitem, .contains = list_contains,
        .iter = list_iter,
        .nb = { [PY_NB_ADD] = list_add, [PY_NB_MUL] = list_mul },
        .nb_inplace = { [PY_NB_ADD] = list_iadd, [PY_NB_MUL] = list_imul },
        .new_ = list_new_slot, .init = list_init,
    },
    .methods = list_methods,
};

const py_typedef py_listiter_typedef = {
    .name = "list_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = listiter_next },
};

const py_typedef py_listreviter_typedef = {
    .name = "list_reverseiterator", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = listreviter_next },
};
