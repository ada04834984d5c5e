/* set.c — set and frozenset, stored in the dict table (values unused).
 * Iteration is insertion-ordered (as in Monty); CPython's order differs but
 * no program may rely on it.
 *
 * Must never: mutate a frozenset after construction.
 */
#include <string.h>

#include "py/core.h"

int64_t py_dict_lookup_ix(py_interp *I, py_val d, py_val key, int64_t h, size_t *slot);
int py_dict_key_hash(py_interp *I, py_val key, int64_t *h);
void py_dict_delete_at(py_interp *I, py_val d, size_t slot, int64_t ix, py_val *okey);
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out);

static int set_hash_key(py_interp *I, py_val key, int64_t *h)
{
    if (py_dict_key_hash(I, key, h)) return -1;
    return 0;
}

static py_val set_alloc(py_interp *I, py_type *t)
{
    py_obj *o = py_obj_new(I, t, t->basicsize);
    return o ? PY_VAL(o) : PY_NULL;
}

int py_set_add(py_interp *I, py_val s, py_val key)
{
    int64_t h;
    if (set_hash_key(I, key, &h)) return -1;
    int64_t ix = py_dict_lookup_ix(I, s, key, h, NULL);
    if (ix == -2) return -1;
    if (ix >= 0) return 0;
    return py_dict_set_h(I, s, key, h, PY_NONE);
}

int py_set_contains(py_interp *I, py_val s, py_val key)
{
    int64_t h;
    if (set_hash_key(I, key, &h)) {
        /* unhashable sets are looked up as frozensets */
        if (py_is_anyset(key) && py_err_matches(I, PY_E_TypeError)) {
            py_err_clear(I);
            py_val f = py_set_new(I, key, 1);
            if (!f) return -1;
            int r = py_set_contains(I, s, f);
            py_decref(I, f);
            return r;
        }
        return -1;
    }
    int64_t ix = py_dict_lookup_ix(I, s, key, h, NULL);
    if (ix == -2) return -1;
    return ix >= 0;
}

int py_set_discard(py_interp *I, py_val s, py_val key)
{
    int64_t h;
    if (set_hash_key(I, key, &h)) return -1;
    size_t slot;
    int64_t ix = py_dict_lookup_ix(I, s, key, h, &slot);
    if (ix == -2) return -1;
    if (ix < 0) return 0;
    py_dict_delete_at(I, s, slot, ix, NULL);
    return 1;
}

int py_set_next(py_val s, size_t *pos, py_val *key) { return py_dict_next(s, pos, key, NULL); }

int py_set_update(py_interp *I, py_val s, py_val it)
{
    if (py_is_anyset(it) || py_is_dict(it)) {
        py_dict *o = PY_DICT(it);
        for (size_t i = 0; i < o->nentries; i++) {
            if (!o->entries[i].key) continue;
            py_val k = py_newref(o->entries[i].key);
            int64_t h = o->entries[i].hash;
            int64_t ix = py_dict_lookup_ix(I, s, k, h, NULL);
            int r = ix == -2 ? -1 : ix >= 0 ? 0 : py_dict_set_h(I, s, k, h, PY_NONE);
            py_decref(I, k);
            if (r) return -1;
        }
        return 0;
    }
    py_val iter = py_iter(I, it);
    if (!iter) return -1;
    for (;;) {
        py_val k = py_next(I, iter);
        if (!k) break;
        int r = py_set_add(I, s, k);
        py_decref(I, k);
        if (r) { py_decref(I, iter); return -1; }
    }
    py_decref(I, iter);
    return py_err_occurred(I) ? -1 : 0;
}

py_val py_set_new(py_interp *I, py_val iterable, int frozen)
{
    py_val s = set_alloc(I, PY_TYPE(I, frozen ? PY_T_FROZENSET : PY_T_SET));
    if (!s) return PY_NULL;
    if (iterable && py_set_update(I, s, iterable)) { py_decref(I, s); return PY_NULL; }
    return s;
}

static py_val set_new_like(py_interp *I, py_val proto)
{
    int frozen = py_tflag(proto, PY_TF_FROZENSET_SUB);
    return set_alloc(I, PY_TYPE(I, frozen ? PY_T_FROZENSET : PY_T_SET));
}

static void set_dealloc(py_interp *I, py_obj *o)
{
    py_type *t = o->type;
    /* the dict deallocator knows the table layout */
    PY_TYPE(I, PY_T_DICT)->s.dealloc(I, o);
    (void)t;
}

static py_val set_repr(py_interp *I, py_val v)
{
    py_dict *d = PY_DICT(v);
    int frozen = py_tflag(v, PY_TF_FROZENSET_SUB);
    const char *tname = PY_OBJ(v)->type->name;
    if (d->used == 0) return py_str_fmt(I, "%s()", tname);
    int rr = py_repr_enter(I, v);
    if (rr < 0) return PY_NULL;
    if (rr) return py_str_fmt(I, "%s(...)", tname);
    sk_buf b = SK_BUF_INIT(I->alloc);
    int err = 0;
    int plain = !frozen && PY_OBJ(v)->type->id == PY_T_SET && !(PY_OBJ(v)->type->flags & PY_TF_HEAP);
    if (!plain) err |= sk_buf_printf(&b, "%s(", tname);
    err |= sk_buf_putc(&b, '{');
    /* a snapshot: element reprs may change the set */
    py_val snap = py_list_new(I, 0);
    if (!snap) err = 2;
    for (size_t i = 0; !err && i < d->nentries; i++)
        if (d->entries[i].key && py_list_append(I, snap, d->entries[i].key)) err = 2;
    for (size_t i = 0; !err && i < PY_LIST(snap)->n; i++) {
        if (i) err |= sk_buf_puts(&b, ", ");
        if (py_buf_repr(I, &b, PY_LIST(snap)->items[i])) err = 2;
    }
    py_xdecref(I, snap);
    if (!err) err |= sk_buf_putc(&b, '}');
    if (!plain && !err) err |= sk_buf_putc(&b, ')');
    py_repr_leave(I, v);
    if (err) { sk_buf_free(&b); if (!py_err_occurred(I)) py_err_nomem(I); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

static int64_t set_len(py_interp *I, py_val v) { (void)I; return (int64_t)PY_DICT(v)->used; }

static int set_contains_slot(py_interp *I, py_val self, py_val v) { return py_set_contains(I, self, v); }

static py_val set_iter(py_interp *I, py_val v)
{
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_SET_ITER), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(v);
    it->n = (int64_t)PY_DICT(v)->used;
    return PY_VAL(it);
}

static py_val setiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_dict *d = PY_DICT(it->seq);
    if ((int64_t)d->used != it->n) {
        it->n = -1;
        py_err_str(I, PY_E_RuntimeError, "Set changed size during iteration");
        return PY_NULL;
    }
    while ((size_t)it->i < d->nentries) {
        py_dict_entry *e = &d->entries[it->i++];
        if (e->key) return py_newref(e->key);
    }
    PY_CLEAR(I, it->seq);
    return PY_NULL;
}

/* every element of a is in b */
static int is_subset(py_interp *I, py_val a, py_val b)
{
    py_dict *d = PY_DICT(a);
    if (d->used > PY_DICT(b)->used) return 0;
    for (size_t i = 0; i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        int64_t ix = py_dict_lookup_ix(I, b, d->entries[i].key, d->entries[i].hash, NULL);
        if (ix == -2) return -1;
        if (ix < 0) return 0;
    }
    return 1;
}

static py_val set_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (!py_is_anyset(a) || !py_is_anyset(b)) return PY_NOTIMPL;
    size_t na = PY_DICT(a)->used, nb = PY_DICT(b)->used;
    int r;
    switch (op) {
    case PY_EQ: case PY_NE:
        if (na != nb) return py_bool(op == PY_NE);
        r = is_subset(I, a, b);
        if (r < 0) return PY_NULL;
        return py_bool(op == PY_EQ ? r : !r);
    case PY_LE: r = is_subset(I, a, b); break;
    case PY_GE: r = is_subset(I, b, a); break;
    case PY_LT: if (na >= nb) return PY_FALSE; r = is_subset(I, a, b); break;
    default: if (na <= nb) return PY_FALSE; r = is_subset(I, b, a); break;
    }
    if (r < 0) return PY_NULL;
    return py_bool(r);
}

static int frozenset_hash(py_interp *I, py_val v, int64_t *out)
{
    (void)I;
    py_dict *d = PY_DICT(v);
    uint64_t hash = 0;
    for (size_t i = 0; i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        uint64_t h = (uint64_t)d->entries[i].hash;
        hash ^= ((h ^ 89869747UL) ^ (h << 16)) * 3644798167UL;
    }
    hash ^= ((uint64_t)d->used + 1) * 1927868237UL;
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash * 69069U + 907133923UL;
    if (hash == (uint64_t)-1) hash = 590923713UL;
    *out = (int64_t)hash;
    return 0;
}

static int set_truth(py_interp *I, py_val v) { (void)I; return PY_DICT(v)->used != 0; }

/* ---- algebra ------------------------------------------------------------------- */
static py_val op_union(py_interp *I, py_val a, py_val b)
{
    py_val r = set_new_like(I, a);
    if (!r) return PY_NULL;
    if (py_set_update(I, r, a) || py_set_update(I, r, b)) { py_decref(I, r); return PY_NULL; }
    return r;
}

static py_val op_intersection(py_interp *I, py_val a, py_val b)
{
    py_val r = set_new_like(I, a);
    if (!r) return PY_NULL;
    py_val other = b;
    py_val owned = PY_NULL;
    if (!py_is_anyset(b)) {
        owned = other = py_set_new(I, b, 0);
        if (!other) { py_decref(I, r); return PY_NULL; }
    }
    py_dict *d = PY_DICT(a);
    for (size_t i = 0; i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        py_val k = py_newref(d->entries[i].key);
        int64_t h = d->entries[i].hash;
        int64_t ix = py_dict_lookup_ix(I, other, k, h, NULL);
        int err = ix == -2 || (ix >= 0 && py_dict_set_h(I, r, k, h, PY_NONE));
        py_decref(I, k);
        if (err) { py_decref(I, r); py_xdecref(I, owned); return PY_NULL; }
    }
    py_xdecref(I, owned);
    return r;
}

static py_val op_difference(py_interp *I, py_val a, py_val b)
{
    py_val r = set_new_like(I, a);
    if (!r) return PY_NULL;
    py_val other = b;
    py_val owned = PY_NULL;
    if (!py_is_anyset(b) && !py_is_dict(b)) {
        owned = other = py_set_new(I, b, 0);
        if (!other) { py_decref(I, r); return PY_NULL; }
    }
    py_dict *d = PY_DICT(a);
    for (size_t i = 0; i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        py_val k = py_newref(d->entries[i].key);
        int64_t h = d->entries[i].hash;
        int64_t ix = py_dict_lookup_ix(I, other, k, h, NULL);
        int err = ix == -2 || (ix < 0 && py_dict_set_h(I, r, k, h, PY_NONE));
        py_decref(I, k);
        if (err) { py_decref(I, r); py_xdecref(I, owned); return PY_NULL; }
    }
    py_xdecref(I, owned);
    return r;
}

static py_val op_symdiff(py_interp *I, py_val a, py_val b)
{
    py_val other = py_is_anyset(b) ? py_newref(b) : py_set_new(I, b, 0);
    if (!other) return PY_NULL;
    py_val r1 = op_difference(I, a, other);
    py_val r2 = r1 ? op_difference(I, other, a) : PY_NULL;
    py_decref(I, other);
    if (!r2) { py_xdecref(I, r1); return PY_NULL; }
    if (py_set_update(I, r1, r2)) { py_decref(I, r1); py_decref(I, r2); return PY_NULL; }
    py_decref(I, r2);
    return r1;
}

static py_val set_or(py_interp *I, py_val a, py_val b)
{
    if (!py_is_anyset(a) || !py_is_anyset(b)) return PY_NOTIMPL;
    return op_union(I, a, b);
}
static py_val set_and(py_interp *I, py_val a, py_val b)
{
    if (!py_is_anyset(a) || !py_is_anyset(b)) return PY_NOTIMPL;
    return op_intersection(I, a, b);
}
static py_val set_sub(py_interp *I, py_val a, py_val b)
{
    if (!py_is_anyset(a) || !py_is_anyset(b)) return PY_NOTIMPL;
    return op_difference(I, a, b);
}
static py_val set_xor(py_interp *I, py_val a, py_val b)
{
    if (!py_is_anyset(a) || !py_is_anyset(b)) return PY_NOTIMPL;
    return op_symdiff(I, a, b);
}

static void set_replace_contents(py_interp *I, py_val s, py_val r)
{
    /* swap tables: s takes r's content */
    py_dict tmp = *PY_DICT(s);
    py_dict *d = PY_DICT(s), *o = PY_DICT(r);
    d->used = o->used; d->nentries = o->nentries; d->cap = o->cap; d->log2size = o->log2size;
    d->index = o->index; d->entries = o->entries; d->version++; d->kver = ++I->kver_seq;
    o->used = tmp.used; o->nentries = tmp.nentries; o->cap = tmp.cap; o->log2size = tmp.log2size;
    o->index = tmp.index; o->entries = tmp.entries;
    py_decref(I, r);
}

static py_val set_ior(py_interp *I, py_val a, py_val b)
{
    if (!PY_IS(a, SET) && !py_tflag(a, PY_TF_SET_SUB)) return PY_NOTIMPL;
    if (!py_is_anyset(b)) return PY_NOTIMPL;
    if (py_set_update(I, a, b)) return PY_NULL;
    return py_newref(a);
}
static py_val set_iand(py_interp *I, py_val a, py_val b)
{
    if (!py_tflag(a, PY_TF_SET_SUB) || !py_is_anyset(b)) return PY_NOTIMPL;
    py_val r = op_intersection(I, a, b);
    if (!r) return PY_NULL;
    set_replace_contents(I, a, r);
    return py_newref(a);
}
static py_val set_isub(py_interp *I, py_val a, py_val b)
{
    if (!py_tflag(a, PY_TF_SET_SUB) || !py_is_anyset(b)) return PY_NOTIMPL;
    py_val r = op_difference(I, a, b);
    if (!r) return PY_NULL;
    set_replace_contents(I, a, r);
    return py_newref(a);
}
static py_val set_ixor(py_interp *I, py_val a, py_val b)
{
    if (!py_tflag(a, PY_TF_SET_SUB) || !py_is_anyset(b)) return PY_NOTIMPL;
    py_val r = op_symdiff(I, a, b);
    if (!r) return PY_NULL;
    set_replace_contents(I, a, r);
    return py_newref(a);
}

/* ---- methods ---------------------------------------------------------------------- */
static py_val m_add(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.add", nargs, kw, 1)) return PY_NULL;
    if (py_set_add(I, self, args[0])) return PY_NULL;
    return PY_NONE;
}

static py_val m_remove(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.remove", nargs, kw, 1)) return PY_NULL;
    int r = py_set_discard(I, self, args[0]);
    if (r < 0) return PY_NULL;
    if (!r) { py_err_obj(I, PY_E_KeyError, args[0]); return PY_NULL; }
    return PY_NONE;
}

static py_val m_discard(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.discard", nargs, kw, 1)) return PY_NULL;
    if (py_set_discard(I, self, args[0]) < 0) return PY_NULL;
    return PY_NONE;
}

static py_val m_pop(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "set.pop", nargs, kw)) return PY_NULL;
    py_dict *d = PY_DICT(self);
    if (d->used == 0) return py_err_str(I, PY_E_KeyError, "pop from an empty set");
    for (size_t i = 0; i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        py_val k = py_newref(d->entries[i].key);
        py_set_discard(I, self, k);
        return k;
    }
    return PY_NONE;
}

static py_val m_clear(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "set.clear", nargs, kw)) return PY_NULL;
    py_dict_clear(I, self);
    return PY_NONE;
}

static py_val m_copy(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "set.copy", nargs, kw)) return PY_NULL;
    if (PY_IS(self, FROZENSET)) return py_newref(self);
    py_val r = set_new_like(I, self);
    if (r && py_set_update(I, r, self)) { py_decref(I, r); return PY_NULL; }
    return r;
}

static py_val multi(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, const char *name,
                    py_val (*op)(py_interp *, py_val, py_val))
{
    if (py_no_kw(I, name, kw)) return PY_NULL;
    py_val acc = py_newref(self);
    if (nargs == 0) {
        py_val r = set_new_like(I, self);
        if (r && py_set_update(I, r, self)) { py_decref(I, r); r = PY_NULL; }
        py_decref(I, acc);
        return r;
    }
    for (size_t i = 0; i < nargs; i++) {
        py_val r = op(I, acc, args[i]);
        py_decref(I, acc);
        if (!r) return PY_NULL;
        acc = r;
    }
    return acc;
}

static py_val m_union(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ return multi(I, self, args, nargs, kw, "set.union", op_union); }
static py_val m_intersection(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ return multi(I, self, args, nargs, kw, "set.intersection", op_intersection); }
static py_val m_difference(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ return multi(I, self, args, nargs, kw, "set.difference", op_difference); }
static py_val m_symdiff(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.symmetric_difference", nargs, kw, 1)) return PY_NULL;
    return op_symdiff(I, self, args[0]);
}

static py_val m_update(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "set.update", kw)) return PY_NULL;
    for (size_t i = 0; i < nargs; i++) if (py_set_update(I, self, args[i])) return PY_NULL;
    return PY_NONE;
}

static py_val inplace_multi(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw,
                            const char *name, py_val (*op)(py_interp *, py_val, py_val))
{
    py_val r = multi(I, self, args, nargs, kw, name, op);
    if (!r) return PY_NULL;
    set_replace_contents(I, self, r);
    return PY_NONE;
}

static py_val m_intersection_update(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ return inplace_multi(I, self, args, nargs, kw, "set.intersection_update", op_intersection); }
static py_val m_difference_update(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ return inplace_multi(I, self, args, nargs, kw, "set.difference_update", op_difference); }
static py_val m_symdiff_update(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.symmetric_difference_update", nargs, kw, 1)) return PY_NULL;
    py_val r = op_symdiff(I, self, args[0]);
    if (!r) return PY_NULL;
    set_replace_contents(I, self, r);
    return PY_NONE;
}

static py_val as_set(py_interp *I, py_val v)
{
    return py_is_anyset(v) ? py_newref(v) : py_set_new(I, v, 0);
}

static py_val m_issubset(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.issubset", nargs, kw, 1)) return PY_NULL;
    py_val o = as_set(I, args[0]);
    if (!o) return PY_NULL;
    int r = is_subset(I, self, o);
    py_decref(I, o);
    return r < 0 ? PY_NULL : py_bool(r);
}

static py_val m_issuperset(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.issuperset", nargs, kw, 1)) return PY_NULL;
    py_val o = as_set(I, args[0]);
    if (!o) return PY_NULL;
    int r = is_subset(I, o, self);
    py_decref(I, o);
    return r < 0 ? PY_NULL : py_bool(r);
}

static py_val m_isdisjoint(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.isdisjoint", nargs, kw, 1)) return PY_NULL;
    py_val o = as_set(I, args[0]);
    if (!o) return PY_NULL;
    py_val inter = op_intersection(I, self, o);
    py_decref(I, o);
    if (!inter) return PY_NULL;
    int r = PY_DICT(inter)->used == 0;
    py_decref(I, inter);
    return py_bool(r);
}

static py_val m_class_getitem(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "set.__class_getitem__", nargs, kw, 1)) return PY_NULL;
    return py_genericalias_new(I, cls, args[0]);
}

static const py_methoddef set_methods[] = {
    { "add", m_add, 0 }, { "remove", m_remove, 0 }, { "discard", m_discard, 0 }, { "pop", m_pop, 0 },
    { "clear", m_clear, 0 }, { "copy", m_copy, 0 }, { "update", m_update, 0 },
    { "union", m_union, 0 }, { "intersection", m_intersection, 0 }, { "difference", m_difference, 0 },
    { "symmetric_difference", m_symdiff, 0 }, { "intersection_update", m_intersection_update, 0 },
    { "difference_update", m_difference_update, 0 }, { "symmetric_difference_update", m_symdiff_update, 0 },
    { "issubset", m_issubset, 0 }, { "issuperset", m_issuperset, 0 }, { "isdisjoint", m_isdisjoint, 0 },
    { "__class_getitem__", m_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

static const py_methoddef frozenset_methods[] = {
    { "copy", m_copy, 0 }, { "union", m_union, 0 }, { "intersection", m_intersection, 0 },
    { "difference", m_difference, 0 }, { "symmetric_difference", m_symdiff, 0 },
    { "issubset", m_issubset, 0 }, { "issuperset", m_issuperset, 0 }, { "isdisjoint", m_isdisjoint, 0 },
    { "__class_getitem__", m_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

static py_val set_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (t->id == PY_T_FROZENSET || (t->flags & PY_TF_FROZENSET_SUB)) {
        if (py_no_kw(I, "frozenset", kw)) return PY_NULL;
        if (nargs > 1) return py_err_fmt(I, PY_E_TypeError, "frozenset expected at most 1 argument, got %zu", nargs);
        if (nargs && PY_IS(args[0], FROZENSET) && t->id == PY_T_FROZENSET && !(t->flags & PY_TF_HEAP))
            return py_newref(args[0]);
        py_val s = set_alloc(I, t);
        if (s && nargs && py_set_update(I, s, args[0])) { py_decref(I, s); return PY_NULL; }
        return s;
    }
    (void)args; (void)nargs; (void)kw;
    return set_alloc(I, t);
}

static int set_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "set", kw)) return -1;
    if (nargs > 1) { py_err_fmt(I, PY_E_TypeError, "set expected at most 1 argument, got %zu", nargs); return -1; }
    py_dict_clear(I, self);
    if (nargs) return py_set_update(I, self, args[0]);
    return 0;
}

py_val py_iter_self(py_interp *I, py_val v);
void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);

static void set_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_dict *d = (py_dict *)o;
    for (size_t i = 0; i < d->nentries; i++) if (d->entries[i].key) visit(d->entries[i].key, ctx);
    if (d->dict_) visit(d->dict_, ctx);
}

static void set_clear_slot(py_interp *I, py_obj *o)
{
    py_dict_clear(I, PY_VAL(o));
    PY_CLEAR(I, ((py_dict *)o)->dict_);
}

const py_typedef py_set_typedef = {
    .name = "set", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_SET_SUB | PY_TF_SUBCLASS_DICT,
    .basicsize = sizeof(py_dict), .dictoffset = offsetof(py_dict, dict_),
    .slots = {
        .dealloc = set_dealloc, .traverse = set_traverse, .clear = set_clear_slot,
        .repr = set_repr, .hash = py_hash_unhashable, .richcmp = set_richcmp, .len = set_len,
        .contains = set_contains_slot, .iter = set_iter, .truth = set_truth,
        .nb = { [PY_NB_OR] = set_or, [PY_NB_AND] = set_and, [PY_NB_SUB] = set_sub, [PY_NB_XOR] = set_xor },
        .nb_inplace = { [PY_NB_OR] = set_ior, [PY_NB_AND] = set_iand, [PY_NB_SUB] = set_isub,
                        [PY_NB_XOR] = set_ixor },
        .new_ = set_new_slot, .init = set_init,
    },
    .methods = set_methods,
};

const py_typedef py_frozenset_typedef = {
    .name = "frozenset", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_FROZENSET_SUB | PY_TF_SUBCLASS_DICT,
    .basicsize = sizeof(py_dict), .dictoffset = offsetof(py_dict, dict_),
    .slots = {
        .dealloc = set_dealloc, .traverse = set_traverse, .clear = set_clear_slot,
        .repr = set_repr, .hash = frozenset_hash, .richcmp = set_richcmp, .len = set_len,
        .contains = set_contains_slot, .iter = set_iter, .truth = set_truth,
        .nb = { [PY_NB_OR] = set_or, [PY_NB_AND] = set_and, [PY_NB_SUB] = set_sub, [PY_NB_XOR] = set_xor },
        .new_ = set_new_slot,
    },
    .methods = frozenset_methods,
};

const py_typedef py_setiter_typedef = {
    .name = "set_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = setiter_next },
};
