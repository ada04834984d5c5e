/* dict.c — Python dict: CPython's compact, insertion-ordered hash table
 * (an index table of int32 slots pointing into a dense entry array).
 * The same table backs set and frozenset (set.c), with values unused.
 *
 * Key comparison may run Python code (__eq__) which can mutate the table;
 * lookups re-validate after such calls, as CPython does.
 *
 * Must never: keep an entry pointer across a call into Python.
 */
#include <string.h>

#include "py/core.h"

#define IX_EMPTY (-1)
#define IX_DUMMY (-2)
#define MIN_LOG2 3

static size_t usable_of(uint32_t log2) { return ((size_t)2 << log2) / 3; }

static void table_free(py_interp *I, py_dict *d)
{
    if (d->log2size) py_free(I, d->index, sizeof(int32_t) << d->log2size);
    py_free(I, d->entries, d->cap * sizeof(py_dict_entry));
    d->index = NULL;
    d->entries = NULL;
    d->log2size = 0;
    d->cap = d->used = d->nentries = 0;
    d->kver = ++I->kver_seq;
    if (d->typedict) I->type_epoch++;
}

/* Resize so that `need` live entries fit; compacts deleted entries. */
static int table_resize(py_interp *I, py_dict *d, size_t need)
{
    uint32_t log2 = MIN_LOG2;
    while (usable_of(log2) < need) log2++;
    if (log2 > 30) { py_err_nomem(I); return -1; }
    size_t size = (size_t)1 << log2;
    int32_t *index = py_alloc(I, sizeof(int32_t) * size);
    if (!index) return -1;
    size_t cap = usable_of(log2);
    py_dict_entry *entries = py_alloc(I, cap * sizeof(py_dict_entry));
    if (!entries) { py_free(I, index, sizeof(int32_t) * size); return -1; }
    memset(index, 0xff, sizeof(int32_t) * size);
    size_t mask = size - 1, n = 0;
    for (size_t k = 0; k < d->nentries; k++) {
        py_dict_entry *e = &d->entries[k];
        if (!e->key) continue;
        entries[n] = *e;
        size_t perturb = (size_t)e->hash, i = (size_t)e->hash & mask;
        while (index[i] != IX_EMPTY) {
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
        index[i] = (int32_t)n;
        n++;
    }
    if (d->log2size) py_free(I, d->index, sizeof(int32_t) << d->log2size);
    py_free(I, d->entries, d->cap * sizeof(py_dict_entry));
    d->index = index;
    d->entries = entries;
    d->kver = ++I->kver_seq;
    d->log2size = log2;
    d->cap = cap;
    d->nentries = n;
    d->used = n;
    return 0;
}

static inline int fast_eq(py_val a, py_val b, int *done)
{
    *done = 1;
    if (a == b) return 1;
    if (py_is_ptr(a) && py_is_ptr(b)) {
        py_type *ta = PY_OBJ(a)->type, *tb = PY_OBJ(b)->type;
        if (ta == tb && ta->id == PY_T_STR && !(ta->flags & PY_TF_HEAP)) return py_str_eq(a, b);
    }
    if (py_is_int(a) && py_is_int(b)) return 0;
    *done = 0;
    return 0;
}

/* Returns the entry number of `key`, -1 if missing, -2 on error. */
static int64_t lookup(py_interp *I, py_dict *d, py_val key, int64_t hash, size_t *slot)
{
restart:
    if (!d->log2size) { if (slot) *slot = 0; return -1; }
    size_t mask = ((size_t)1 << d->log2size) - 1;
    size_t perturb = (size_t)hash, i = (size_t)hash & mask;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == IX_EMPTY) { if (slot) *slot = i; return -1; }
        if (ix >= 0) {
            py_dict_entry *e = &d->entries[ix];
            if (e->key == key) { if (slot) *slot = i; return ix; }
            if (e->hash == hash && e->key) {
                int done;
                int eq = fast_eq(e->key, key, &done);
                if (!done) {
                    py_val ek = py_newref(e->key);
                    int32_t *oldindex = d->index;
                    uint64_t ver = d->version;
                    eq = py_eq(I, ek, key);
                    py_decref(I, ek);
                    if (eq < 0) return -2;
                    if (d->index != oldindex || d->version != ver) goto restart;
                }
                if (eq) { if (slot) *slot = i; return ix; }
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

static size_t find_empty(py_dict *d, int64_t hash)
{
    size_t mask = ((size_t)1 << d->log2size) - 1;
    size_t perturb = (size_t)hash, i = (size_t)hash & mask;
    while (d->index[i] >= 0) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

py_val py_dict_new(py_interp *I)
{
    py_dict *d = (py_dict *)py_obj_new(I, PY_TYPE(I, PY_T_DICT), sizeof(py_dict));
    return d ? PY_VAL(d) : PY_NULL;
}

py_val py_dict_new_presized(py_interp *I, size_t n)
{
    py_val d = py_dict_new(I);
    if (d && n && table_resize(I, PY_DICT(d), n)) { py_decref(I, d); return PY_NULL; }
    return d;
}

/* Find a str key by its bytes (exact str keys only; never calls Python). */
py_val py_dict_get_strbytes(py_val dv, const char *p, size_t n, int64_t hash)
{
    py_dict *d = PY_DICT(dv);
    if (!d->log2size) return PY_NULL;
    size_t mask = ((size_t)1 << d->log2size) - 1;
    size_t perturb = (size_t)hash, i = (size_t)hash & mask;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == IX_EMPTY) return PY_NULL;
        if (ix >= 0) {
            py_dict_entry *e = &d->entries[ix];
            if (e->hash == hash && e->key && py_is_ptr(e->key) && PY_OBJ(e->key)->type->id == PY_T_STR &&
                py_str_len(e->key) == n && !memcmp(py_str_data(e->key), p, n))
                return e->value;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

static int key_hash_ctx(py_interp *I, py_val key, int64_t *h, int is_set)
{
    if (py_has_plain_hash(key)) {
        *h = py_plain_hash(key);
        return 0;
    }
    if (py_hash(I, key, h) == 0) return 0;
    /* CPython 3.14: a TypeError (exactly) from hashing names the container role */
    if (I->exc && py_is_exc(I->exc) && py_typeof(I, I->exc) == PY_TYPE(I, PY_E_TypeError) && !I->fatal) {
        py_val e = py_err_fetch(I);
        py_val msg = py_str(I, e);
        py_decref(I, e);
        if (!msg) return -1;
        py_err_fmt(I, PY_E_TypeError, "cannot use '%s' as a %s (%s)", py_type_name(I, key),
                   is_set ? "set element" : "dict key", py_str_data(msg));
        py_decref(I, msg);
    }
    return -1;
}

static int key_hash(py_interp *I, py_val key, int64_t *h) { return key_hash_ctx(I, key, h, 0); }

py_val py_dict_get_h(py_interp *I, py_val dv, py_val key, int64_t h)
{
    py_dict *d = PY_DICT(dv);
    int64_t ix = lookup(I, d, key, h, NULL);
    if (ix < 0) return PY_NULL;
    return d->entries[ix].value;
}

py_val py_dict_get(py_interp *I, py_val d, py_val key)
{
    int64_t h;
    if (key_hash(I, key, &h)) return PY_NULL;
    return py_dict_get_h(I, d, key, h);
}

int64_t py_dict_index_h(py_interp *I, py_val d, py_val key, int64_t h)
{
    return lookup(I, PY_DICT(d), key, h, NULL);
}

py_val py_dict_get_str(py_interp *I, py_val d, py_val key)
{
    return py_dict_get_h(I, d, key, py_str_hash(key));
}

py_val py_dict_get_c(py_interp *I, py_val d, const char *key)
{
    py_val k = py_str_cstr(I, key);
    if (!k) return PY_NULL;
    py_val v = py_dict_get_h(I, d, k, py_str_hash(k));
    py_decref(I, k);
    return v;
}

int py_dict_set_h(py_interp *I, py_val dv, py_val key, int64_t h, py_val v)
{
    py_dict *d = PY_DICT(dv);
    size_t slot;
    int64_t ix = lookup(I, d, key, h, &slot);
    if (ix == -2) return -1;
    if (ix >= 0) {
        py_val old = d->entries[ix].value;
        d->entries[ix].value = py_newref(v);
        d->version++;
        if (d->typedict) I->type_epoch++;
        py_xdecref(I, old);
        return 0;
    }
    if (d->nentries >= d->cap) {
        if (table_resize(I, d, d->used * 2 + 1 > 5 ? (d->used + 1) * 3 / 2 + 1 : 5)) return -1;
        slot = find_empty(d, h);
    } else if (d->index[slot] != IX_EMPTY) {
        slot = find_empty(d, h);
    }
    py_dict_entry *e = &d->entries[d->nentries];
    e->hash = h;
    e->key = py_newref(key);
    e->value = py_newref(v);
    d->index[slot] = (int32_t)d->nentries;
    d->nentries++;
    d->used++;
    d->version++;
    d->kver = ++I->kver_seq;
    if (d->typedict) I->type_epoch++;
    return 0;
}

int py_dict_set(py_interp *I, py_val d, py_val key, py_val v)
{
    int64_t h;
    if (key_hash(I, key, &h)) return -1;
    return py_dict_set_h(I, d, key, h, v);
}

int py_dict_set_c(py_interp *I, py_val d, const char *key, py_val v)
{
    py_val k = py_intern(I, key);
    if (!k) return -1;
    int r = py_dict_set(I, d, k, v);
    py_decref(I, k);
    return r;
}

int py_dict_setdefault(py_interp *I, py_val dv, py_val key, py_val v, py_val *out)
{
    int64_t h;
    if (key_hash(I, key, &h)) return -1;
    py_val got = py_dict_get_h(I, dv, key, h);
    if (got) { *out = got; return 0; }
    if (py_err_occurred(I)) return -1;
    if (py_dict_set_h(I, dv, key, h, v)) return -1;
    *out = v;
    return 0;
}

static void entry_delete(py_interp *I, py_dict *d, size_t slot, int64_t ix, py_val *okey, py_val *oval)
{
    py_dict_entry *e = &d->entries[ix];
    py_val k = e->key, v = e->value;
    e->key = PY_NULL;
    e->value = PY_NULL;
    d->index[slot] = IX_DUMMY;
    d->used--;
    d->version++;
    d->kver = ++I->kver_seq;
    if (d->typedict) I->type_epoch++;
    /* trailing deleted entries can be reused */
    while (d->nentries > 0 && !d->entries[d->nentries - 1].key && d->used < d->nentries) {
        /* only safe when no index slot points at it: it is DUMMY already */
        break;
    }
    if (okey) *okey = k; else py_decref(I, k);
    if (oval) *oval = v; else py_xdecref(I, v);
}

int py_dict_pop(py_interp *I, py_val dv, py_val key, py_val *out)
{
    py_dict *d = PY_DICT(dv);
    int64_t h;
    if (key_hash(I, key, &h)) return -1;
    size_t slot;
    int64_t ix = lookup(I, d, key, h, &slot);
    if (ix == -2) return -1;
    if (ix < 0) return 0;
    entry_delete(I, d, slot, ix, NULL, out);
    if (d->used == 0) table_free(I, d);
    return 1;
}

int py_dict_del(py_interp *I, py_val d, py_val key)
{
    py_val v;
    int r = py_dict_pop(I, d, key, &v);
    if (r < 0) return -1;
    if (r == 0) { py_err_obj(I, PY_E_KeyError, key); return -1; }
    py_xdecref(I, v);
    return 0;
}

int py_dict_next(py_val dv, size_t *pos, py_val *key, py_val *value)
{
    py_dict *d = PY_DICT(dv);
    while (*pos < d->nentries) {
        py_dict_entry *e = &d->entries[(*pos)++];
        if (e->key) {
            if (key) *key = e->key;
            if (value) *value = e->value;
            return 1;
        }
    }
    return 0;
}

void py_dict_clear(py_interp *I, py_val dv)
{
    py_dict *d = PY_DICT(dv);
    py_dict_entry *entries = d->entries;
    size_t n = d->nentries, cap = d->cap;
    uint32_t log2 = d->log2size;
    int32_t *index = d->index;
    d->entries = NULL;
    d->index = NULL;
    d->log2size = 0;
    d->cap = d->used = d->nentries = 0;
    d->version++;
    d->kver = ++I->kver_seq;
    if (d->typedict) I->type_epoch++;
    for (size_t i = 0; i < n; i++) {
        py_xdecref(I, entries[i].key);
        py_xdecref(I, entries[i].value);
    }
    if (log2) py_free(I, index, sizeof(int32_t) << log2);
    py_free(I, entries, cap * sizeof(py_dict_entry));
}

py_val py_dict_copy(py_interp *I, py_val dv)
{
    py_val r = py_dict_new(I);
    if (!r) return PY_NULL;
    py_dict *d = PY_DICT(dv);
    if (d->used && table_resize(I, PY_DICT(r), d->used)) { py_decref(I, r); return PY_NULL; }
    size_t pos = 0;
    py_val k, v;
    /* copy in order, reusing hashes */
    for (size_t i = 0; i < d->nentries; i++) {
        py_dict_entry *e = &d->entries[i];
        if (!e->key) continue;
        if (py_dict_set_h(I, r, e->key, e->hash, e->value)) { py_decref(I, r); return PY_NULL; }
    }
    (void)pos; (void)k; (void)v;
    return r;
}

int py_dict_update(py_interp *I, py_val dv, py_val other)
{
    if (py_is_dict(other)) {
        py_dict *o = PY_DICT(other);
        for (size_t i = 0; i < o->nentries; i++) {
            py_dict_entry *e = &o->entries[i];
            if (!e->key) continue;
            py_val k = py_newref(e->key), v = py_newref(e->value);
            int r = py_dict_set_h(I, dv, k, e->hash, v);
            py_decref(I, k);
            py_decref(I, v);
            if (r) return -1;
        }
        return 0;
    }
    /* mapping with keys() */
    py_val keys = py_getattr_opt(I, other, PY_ID(I, keys));
    if (keys) {
        py_val ks = py_call0(I, keys);
        py_decref(I, keys);
        if (!ks) return -1;
        py_val it = py_iter(I, ks);
        py_decref(I, ks);
        if (!it) return -1;
        for (;;) {
            py_val k = py_next(I, it);
            if (!k) break;
            py_val v = py_getitem(I, other, k);
            if (!v || py_dict_set(I, dv, k, v)) { py_decref(I, k); py_xdecref(I, v); py_decref(I, it); return -1; }
            py_decref(I, k);
            py_decref(I, v);
        }
        py_decref(I, it);
        return py_err_occurred(I) ? -1 : 0;
    }
    if (py_err_occurred(I)) return -1;
    /* iterable of pairs */
    py_val it = py_iter(I, other);
    if (!it) {
        if (py_err_matches(I, PY_E_TypeError)) {
            py_err_clear(I);
            py_err_fmt(I, PY_E_TypeError, "'%s' object is not iterable", py_type_name(I, other));
        }
        return -1;
    }
    for (int64_t n = 0;; n++) {
        py_val item = py_next(I, it);
        if (!item) break;
        py_val pair = py_sequence_tuple(I, item);
        if (!pair) {
            py_decref(I, item);
            py_decref(I, it);
            if (py_err_matches(I, PY_E_TypeError)) {
                py_err_clear(I);
                py_err_fmt(I, PY_E_TypeError, "cannot convert dictionary update sequence element #%lld to a sequence", (long long)n);
            }
            return -1;
        }
        py_decref(I, item);
        if (py_tuple_len(pair) != 2) {
            size_t len = py_tuple_len(pair);
            py_decref(I, pair);
            py_decref(I, it);
            py_err_fmt(I, PY_E_ValueError, "dictionary update sequence element #%lld has length %zu; 2 is required",
                       (long long)n, len);
            return -1;
        }
        int r = py_dict_set(I, dv, py_tuple_items(pair)[0], py_tuple_items(pair)[1]);
        py_decref(I, pair);
        if (r) { py_decref(I, it); return -1; }
    }
    py_decref(I, it);
    return py_err_occurred(I) ? -1 : 0;
}

/* f(**m): merge m into d, refusing duplicate keys and non-str keys. */
int py_dict_merge_kw(py_interp *I, py_val dv, py_val other, py_val fname)
{
    py_val src = other;
    py_val owned = PY_NULL;
    if (!py_is_dict(other)) {
        py_val keys = py_getattr_opt(I, other, PY_ID(I, keys));
        if (!keys) {
            if (py_err_occurred(I)) return -1;
            if (fname)
                py_err_fmt(I, PY_E_TypeError, "%s argument after ** must be a mapping, not %s",
                           py_str_data(fname), py_type_name(I, other));
            else
                py_err_fmt(I, PY_E_TypeError, "'%s' object is not a mapping", py_type_name(I, other));
            return -1;
        }
        py_decref(I, keys);
        owned = py_dict_new(I);
        if (!owned || py_dict_update(I, owned, other)) { py_xdecref(I, owned); return -1; }
        src = owned;
    }
    py_dict *o = PY_DICT(src);
    for (size_t i = 0; i < o->nentries; i++) {
        py_dict_entry *e = &o->entries[i];
        if (!e->key) continue;
        if (fname && !py_is_str(e->key)) {
            py_err_fmt(I, PY_E_TypeError, "keywords must be strings");
            py_xdecref(I, owned);
            return -1;
        }
        if (fname) {
            py_val got = py_dict_get_h(I, dv, e->key, e->hash);
            if (got) {
                py_err_fmt(I, PY_E_TypeError, "%s got multiple values for keyword argument '%s'",
                           py_str_data(fname), py_str_data(e->key));
                py_xdecref(I, owned);
                return -1;
            }
        }
        if (py_dict_set_h(I, dv, e->key, e->hash, e->value)) { py_xdecref(I, owned); return -1; }
    }
    py_xdecref(I, owned);
    return 0;
}

py_val py_dict_keys_list(py_interp *I, py_val dv)
{
    py_dict *d = PY_DICT(dv);
    py_val l = py_list_new(I, d->used);
    if (!l) return PY_NULL;
    size_t n = 0;
    for (size_t i = 0; i < d->nentries; i++)
        if (d->entries[i].key) PY_LIST(l)->items[n++] = py_newref(d->entries[i].key);
    PY_LIST(l)->n = n;
    return l;
}

/* ---- the dict type ------------------------------------------------------------- */
static void dict_dealloc(py_interp *I, py_obj *o)
{
    py_dict *d = (py_dict *)o;
    py_gc_untrack(I, o);
    for (size_t i = 0; i < d->nentries; i++) {
        py_xdecref(I, d->entries[i].key);
        py_xdecref(I, d->entries[i].value);
    }
    if (d->log2size) py_free(I, d->index, sizeof(int32_t) << d->log2size);
    py_free(I, d->entries, d->cap * sizeof(py_dict_entry));
    py_xdecref(I, d->dict_);
    py_xdecref(I, d->default_factory);
    py_obj_free(I, o, o->type->basicsize);
}

static void dict_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_dict *d = (py_dict *)o;
    for (size_t i = 0; i < d->nentries; i++) {
        if (d->entries[i].key) visit(d->entries[i].key, ctx);
        if (d->entries[i].value) visit(d->entries[i].value, ctx);
    }
    if (d->dict_) visit(d->dict_, ctx);
    if (d->default_factory) visit(d->default_factory, ctx);
}

static void dict_clear_slot(py_interp *I, py_obj *o)
{
    py_dict_clear(I, PY_VAL(o));
    PY_CLEAR(I, ((py_dict *)o)->dict_);
    PY_CLEAR(I, ((py_dict *)o)->default_factory);
}

static py_val dict_repr(py_interp *I, py_val v)
{
    py_dict *d = PY_DICT(v);
    if (d->used == 0) return py_str_cstr(I, "{}");
    int rr = py_repr_enter(I, v);
    if (rr < 0) return PY_NULL;
    if (rr) return py_str_cstr(I, "{...}");
    sk_buf b = SK_BUF_INIT(I->alloc);
    int err = sk_buf_putc(&b, '{') ? 1 : 0;
    int first = 1;
    for (size_t i = 0; !err && i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        py_val k = py_newref(d->entries[i].key), val = py_newref(d->entries[i].value);
        if (!first && sk_buf_puts(&b, ", ")) err = 1;
        first = 0;
        if (!err && py_buf_repr(I, &b, k)) err = 2;
        if (!err && sk_buf_puts(&b, ": ")) err = 1;
        if (!err && py_buf_repr(I, &b, val)) err = 2;
        py_decref(I, k);
        py_decref(I, val);
    }
    if (!err && sk_buf_putc(&b, '}')) err = 1;
    py_repr_leave(I, v);
    if (err) { sk_buf_free(&b); if (err == 1) py_err_nomem(I); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

static py_val dict_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (!py_is_dict(a) || !py_is_dict(b) || (op != PY_EQ && op != PY_NE)) return PY_NOTIMPL;
    py_dict *x = PY_DICT(a);
    if (x->used != PY_DICT(b)->used) return py_bool(op == PY_NE);
    for (size_t i = 0; i < x->nentries; i++) {
        if (!x->entries[i].key) continue;
        py_val k = py_newref(x->entries[i].key), v = py_newref(x->entries[i].value);
        py_val w = py_dict_get_h(I, b, k, x->entries[i].hash);
        if (!w) {
            py_decref(I, k); py_decref(I, v);
            if (py_err_occurred(I)) return PY_NULL;
            return py_bool(op == PY_NE);
        }
        py_incref(w);
        int e = py_eq(I, v, w);
        py_decref(I, k); py_decref(I, v); py_decref(I, w);
        if (e < 0) return PY_NULL;
        if (!e) return py_bool(op == PY_NE);
    }
    return py_bool(op == PY_EQ);
}

static int64_t dict_len(py_interp *I, py_val v) { (void)I; return (int64_t)PY_DICT(v)->used; }

static py_val dict_getitem(py_interp *I, py_val self, py_val key)
{
    int64_t h;
    if (key_hash(I, key, &h)) return PY_NULL;
    py_val v = py_dict_get_h(I, self, key, h);
    if (v) return py_newref(v);
    if (py_err_occurred(I)) return PY_NULL;
    if (PY_OBJ(self)->type->flags & PY_TF_HEAP) {
        py_val miss = py_type_lookup(I, PY_OBJ(self)->type, PY_ID(I, __missing__));
        if (miss) {
            py_val args[2] = { self, key };
            py_incref(miss);
            py_val r = py_call(I, miss, args, 2, PY_NULL);
            py_decref(I, miss);
            return r;
        }
    }
    if (PY_DICT(self)->default_factory && PY_DICT(self)->default_factory != PY_NONE) {
        py_val f = py_newref(PY_DICT(self)->default_factory);
        py_val dv = py_call0(I, f);
        py_decref(I, f);
        if (!dv) return PY_NULL;
        if (py_dict_set_h(I, self, key, h, dv)) { py_decref(I, dv); return PY_NULL; }
        return dv;
    }
    py_err_obj(I, PY_E_KeyError, key);
    return PY_NULL;
}

static int dict_setitem(py_interp *I, py_val self, py_val key, py_val v)
{
    if (v) return py_dict_set(I, self, key, v);
    return py_dict_del(I, self, key);
}

static int dict_contains(py_interp *I, py_val self, py_val key)
{
    int64_t h;
    if (key_hash(I, key, &h)) return -1;
    py_val v = py_dict_get_h(I, self, key, h);
    if (v) return 1;
    return py_err_occurred(I) ? -1 : 0;
}

/* iterators: seq = dict, i = entry position, n = size at start */
static py_val dictiter_new(py_interp *I, py_val d, int kind)
{
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, kind), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(d);
    it->n = (int64_t)PY_DICT(d)->used;
    if (kind == PY_T_DICT_REVKEYITER) it->i = (int64_t)PY_DICT(d)->nentries - 1;
    return PY_VAL(it);
}

static py_val dict_iter(py_interp *I, py_val v) { return dictiter_new(I, v, PY_T_DICT_KEYITER); }

static py_dict_entry *dictiter_step(py_interp *I, py_iterobj *it)
{
    if (!it->seq) return NULL;
    py_dict *d = PY_DICT(it->seq);
    if ((int64_t)d->used != it->n) {
        it->n = -1;
        py_err_str(I, PY_E_RuntimeError, py_is_anyset(it->seq) ? "Set changed size during iteration"
                                                            : "dictionary changed size during iteration");
        return NULL;
    }
    while ((size_t)it->i < d->nentries) {
        py_dict_entry *e = &d->entries[it->i++];
        if (e->key) return e;
    }
    PY_CLEAR(I, it->seq);
    return NULL;
}

static py_val dictkeyiter_next(py_interp *I, py_val self)
{
    py_dict_entry *e = dictiter_step(I, (py_iterobj *)PY_OBJ(self));
    return e ? py_newref(e->key) : PY_NULL;
}

static py_val dictvalueiter_next(py_interp *I, py_val self)
{
    py_dict_entry *e = dictiter_step(I, (py_iterobj *)PY_OBJ(self));
    return e ? py_newref(e->value) : PY_NULL;
}

static py_val dictitemiter_next(py_interp *I, py_val self)
{
    py_dict_entry *e = dictiter_step(I, (py_iterobj *)PY_OBJ(self));
    return e ? py_tuple_pack(I, 2, e->key, e->value) : PY_NULL;
}

static py_val dictrevkeyiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_dict *d = PY_DICT(it->seq);
    if ((int64_t)d->used != it->n) {
        py_err_str(I, PY_E_RuntimeError, "dictionary changed size during iteration");
        return PY_NULL;
    }
    while (it->i >= 0) {
        py_dict_entry *e = &d->entries[it->i--];
        if (e->key) return py_newref(it->aux == PY_TRUE ? e->value : e->key);
    }
    PY_CLEAR(I, it->seq);
    return PY_NULL;
}

/* ---- views ------------------------------------------------------------------------ */
static py_val view_new(py_interp *I, py_val d, int kind)
{
    py_iterobj *v = (py_iterobj *)py_obj_new(I, PY_TYPE(I, kind), sizeof(py_iterobj));
    if (!v) return PY_NULL;
    v->seq = py_newref(d);
    return PY_VAL(v);
}

static py_val view_dict(py_val v) { return ((py_iterobj *)PY_OBJ(v))->seq; }

static int64_t view_len(py_interp *I, py_val v) { (void)I; return (int64_t)PY_DICT(view_dict(v))->used; }

static py_val keys_iter(py_interp *I, py_val v) { return dictiter_new(I, view_dict(v), PY_T_DICT_KEYITER); }
static py_val values_iter(py_interp *I, py_val v) { return dictiter_new(I, view_dict(v), PY_T_DICT_VALUEITER); }
static py_val items_iter(py_interp *I, py_val v) { return dictiter_new(I, view_dict(v), PY_T_DICT_ITEMITER); }

static int keys_contains(py_interp *I, py_val v, py_val k) { return dict_contains(I, view_dict(v), k); }

static int items_contains(py_interp *I, py_val v, py_val item)
{
    if (!py_is_tuple(item) || py_tuple_len(item) != 2) return 0;
    py_val got = py_dict_get(I, view_dict(v), py_tuple_items(item)[0]);
    if (!got) return py_err_occurred(I) ? -1 : 0;
    py_incref(got);
    int e = py_eq(I, got, py_tuple_items(item)[1]);
    py_decref(I, got);
    return e;
}

static py_val view_repr_common(py_interp *I, py_val v, const char *name, int kind)
{
    int rr = py_repr_enter(I, v);
    if (rr < 0) return PY_NULL;
    if (rr) return py_str_fmt(I, "%s(...)", name);
    sk_buf b = SK_BUF_INIT(I->alloc);
    py_val it = dictiter_new(I, view_dict(v), kind);
    int err = !it;
    if (!err && sk_buf_printf(&b, "%s([", name)) err = 1;
    int first = 1;
    while (!err) {
        py_val x = py_next(I, it);
        if (!x) { if (py_err_occurred(I)) err = 1; break; }
        if (!first) sk_buf_puts(&b, ", ");
        first = 0;
        if (py_buf_repr(I, &b, x)) err = 1;
        py_decref(I, x);
    }
    py_xdecref(I, it);
    if (!err) sk_buf_puts(&b, "])");
    py_repr_leave(I, v);
    if (err) { sk_buf_free(&b); if (!py_err_occurred(I)) py_err_nomem(I); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

static py_val keys_repr(py_interp *I, py_val v) { return view_repr_common(I, v, "dict_keys", PY_T_DICT_KEYITER); }
static py_val values_repr(py_interp *I, py_val v) { return view_repr_common(I, v, "dict_values", PY_T_DICT_VALUEITER); }
static py_val items_repr(py_interp *I, py_val v) { return view_repr_common(I, v, "dict_items", PY_T_DICT_ITEMITER); }

/* set operations on keys/items views produce sets: the left operand is
 * materialised first, then updated in place with the right (CPython's
 * dictviews_or/sub/xor) */
static py_val view_setop(py_interp *I, py_val a, py_val b, int op)
{
    int aview = PY_IS(a, DICT_KEYS) || PY_IS(a, DICT_ITEMS);
    int bview = PY_IS(b, DICT_KEYS) || PY_IS(b, DICT_ITEMS);
    if (!aview && !bview) return PY_NOTIMPL;
    py_val sa = py_set_new(I, a, 0);
    if (!sa) return PY_NULL;
    const char *meth = op == PY_NB_OR ? "update" : op == PY_NB_SUB ? "difference_update" : "symmetric_difference_update";
    py_val name = py_intern(I, meth);
    py_val r = name ? py_call_method(I, sa, name, &b, 1) : PY_NULL;
    py_xdecref(I, name);
    if (!r) { py_decref(I, sa); return PY_NULL; }
    py_decref(I, r);
    return sa;
}
/* CPython's _PyDictView_Intersect: iterate the other operand and keep what
 * the view contains, so the view's own items are never hashed */
static py_val view_and(py_interp *I, py_val a, py_val b)
{
    int aview = PY_IS(a, DICT_KEYS) || PY_IS(a, DICT_ITEMS);
    int bview = PY_IS(b, DICT_KEYS) || PY_IS(b, DICT_ITEMS);
    if (!aview && !bview) return PY_NOTIMPL;
    if (!aview) { py_val t = a; a = b; b = t; aview = 1; bview = PY_IS(b, DICT_KEYS) || PY_IS(b, DICT_ITEMS); }
    int64_t la = (int64_t)PY_DICT(view_dict(a))->used;
    if (bview && (int64_t)PY_DICT(view_dict(b))->used > la) { py_val t = a; a = b; b = t; }
    /* the other operand becomes a set first (its own elements are hashed,
     * the view's are only looked up) */
    py_val bs = py_set_new(I, b, 0);
    if (!bs) return PY_NULL;
    py_val it = py_iter(I, bs);
    py_decref(I, bs);
    if (!it) return PY_NULL;
    py_val r = py_set_new(I, PY_NULL, 0);
    if (!r) { py_decref(I, it); return PY_NULL; }
    int items = PY_IS(a, DICT_ITEMS);
    for (;;) {
        py_val x = py_next(I, it);
        if (!x) { if (py_err_occurred(I)) goto fail; break; }
        int c = items ? items_contains(I, a, x) : keys_contains(I, a, x);
        if (c < 0 || (c && py_set_add(I, r, x))) { py_decref(I, x); goto fail; }
        py_decref(I, x);
    }
    py_decref(I, it);
    return r;
fail:
    py_decref(I, it);
    py_decref(I, r);
    return PY_NULL;
}
static py_val view_or(py_interp *I, py_val a, py_val b) { return view_setop(I, a, b, PY_NB_OR); }
static py_val view_sub(py_interp *I, py_val a, py_val b) { return view_setop(I, a, b, PY_NB_SUB); }
static py_val view_xor(py_interp *I, py_val a, py_val b) { return view_setop(I, a, b, PY_NB_XOR); }

static py_val view_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (PY_IS(a, DICT_VALUES)) return PY_NOTIMPL;
    if (!(py_is_anyset(b) || PY_IS(b, DICT_KEYS) || PY_IS(b, DICT_ITEMS))) return PY_NOTIMPL;
    py_val sa = py_set_new(I, a, 0);
    if (!sa) return PY_NULL;
    py_val sb = py_is_anyset(b) ? py_newref(b) : py_set_new(I, b, 0);
    if (!sb) { py_decref(I, sa); return PY_NULL; }
    py_val r = py_richcmp(I, sa, sb, op);
    py_decref(I, sa);
    py_decref(I, sb);
    return r;
}

static py_val view_isdisjoint(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "isdisjoint", nargs, kw, 1)) return PY_NULL;
    py_val it = py_iter(I, args[0]);
    if (!it) return PY_NULL;
    for (;;) {
        py_val x = py_next(I, it);
        if (!x) break;
        int c = py_contains(I, self, x);
        py_decref(I, x);
        if (c) { py_decref(I, it); return c < 0 ? PY_NULL : PY_FALSE; }
    }
    py_decref(I, it);
    return py_err_occurred(I) ? PY_NULL : PY_TRUE;
}

static py_val view_reversed(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "__reversed__", nargs, kw)) return PY_NULL;
    py_val it = dictiter_new(I, view_dict(self), PY_T_DICT_REVKEYITER);
    if (it && PY_IS(self, DICT_VALUES)) ((py_iterobj *)PY_OBJ(it))->aux = PY_TRUE;
    return it;
}

static py_val view_mapping(py_interp *I, py_val self)
{
    (void)I;
    return py_newref(view_dict(self));
}

static const py_methoddef view_methods[] = {
    { "isdisjoint", view_isdisjoint, 0 },
    { "__reversed__", view_reversed, 0 },
    { NULL, NULL, 0 }
};
static const py_methoddef values_methods[] = {
    { "__reversed__", view_reversed, 0 },
    { NULL, NULL, 0 }
};
static const py_getsetdef view_getsets[] = {
    { "mapping", view_mapping, NULL },
    { NULL, NULL, NULL }
};

/* ---- dict methods -------------------------------------------------------------- */
static py_val m_keys(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.keys", nargs, kw)) return PY_NULL;
    return view_new(I, self, PY_T_DICT_KEYS);
}
static py_val m_values(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.values", nargs, kw)) return PY_NULL;
    return view_new(I, self, PY_T_DICT_VALUES);
}
static py_val m_items(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.items", nargs, kw)) return PY_NULL;
    return view_new(I, self, PY_T_DICT_ITEMS);
}

static py_val m_get(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "dict.get", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "get expected at least 1 argument, got %zu", nargs);
        return py_err_fmt(I, PY_E_TypeError, "get expected at most 2 arguments, got %zu", nargs);
    }
    py_val v = py_dict_get(I, self, args[0]);
    if (v) return py_newref(v);
    if (py_err_occurred(I)) return PY_NULL;
    return nargs > 1 ? py_newref(args[1]) : PY_NONE;
}

static py_val m_setdefault(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "dict.setdefault", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "setdefault expected at least 1 argument, got %zu", nargs);
        return py_err_fmt(I, PY_E_TypeError, "setdefault expected at most 2 arguments, got %zu", nargs);
    }
    py_val out;
    if (py_dict_setdefault(I, self, args[0], nargs > 1 ? args[1] : PY_NONE, &out)) return PY_NULL;
    return py_newref(out);
}

static py_val m_pop(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "dict.pop", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "pop expected at least 1 argument, got %zu", nargs);
        return py_err_fmt(I, PY_E_TypeError, "pop expected at most 2 arguments, got %zu", nargs);
    }
    py_val out;
    int r = py_dict_pop(I, self, args[0], &out);
    if (r < 0) return PY_NULL;
    if (r) return out;
    if (nargs > 1) return py_newref(args[1]);
    py_err_obj(I, PY_E_KeyError, args[0]);
    return PY_NULL;
}

static py_val m_popitem(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.popitem", nargs, kw)) return PY_NULL;
    py_dict *d = PY_DICT(self);
    if (d->used == 0) return py_err_str(I, PY_E_KeyError, "popitem(): dictionary is empty");
    int64_t ix = (int64_t)d->nentries - 1;
    while (ix >= 0 && !d->entries[ix].key) ix--;
    py_dict_entry *e = &d->entries[ix];
    /* find its index slot */
    size_t mask = ((size_t)1 << d->log2size) - 1;
    size_t perturb = (size_t)e->hash, i = (size_t)e->hash & mask;
    while (d->index[i] != ix) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    py_val k, v;
    entry_delete(I, d, i, ix, &k, &v);
    d->nentries = (size_t)ix;
    py_val r = py_tuple_pack(I, 2, k, v);
    py_decref(I, k);
    py_decref(I, v);
    if (d->used == 0) table_free(I, d);
    return r;
}

static py_val m_update(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (nargs > 1) return py_err_fmt(I, PY_E_TypeError, "update expected at most 1 argument, got %zu", nargs);
    if (nargs && py_dict_update(I, self, args[0])) return PY_NULL;
    if (kw) {
        for (size_t i = 0; i < py_tuple_len(kw); i++)
            if (py_dict_set(I, self, py_tuple_items(kw)[i], args[nargs + i])) return PY_NULL;
    }
    return PY_NONE;
}

static py_val m_clear(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.clear", nargs, kw)) return PY_NULL;
    py_dict_clear(I, self);
    return PY_NONE;
}

static py_val m_copy(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.copy", nargs, kw)) return PY_NULL;
    py_val r = py_dict_copy(I, self);
    if (r && PY_DICT(self)->default_factory && PY_OBJ(self)->type->id != PY_T_DICT) {
        /* defaultdict.copy keeps the type and factory */
        py_val args2[2] = { PY_DICT(self)->default_factory, r };
        py_val nd = py_call(I, PY_VAL(PY_OBJ(self)->type), args2, 2, PY_NULL);
        py_decref(I, r);
        return nd;
    }
    return r;
}

py_val py_dict_fromkeys_iter(py_interp *I, py_type *t, py_val it, py_val value)
{
    py_val d = py_call0(I, PY_VAL(t));
    if (!d) return PY_NULL;
    py_val iter = py_iter(I, it);
    if (!iter) { py_decref(I, d); return PY_NULL; }
    for (;;) {
        py_val k = py_next(I, iter);
        if (!k) break;
        int r = py_is_dict(d) ? py_dict_set(I, d, k, value) : py_setitem(I, d, k, value);
        py_decref(I, k);
        if (r) { py_decref(I, iter); py_decref(I, d); return PY_NULL; }
    }
    py_decref(I, iter);
    if (py_err_occurred(I)) { py_decref(I, d); return PY_NULL; }
    return d;
}

static py_val m_fromkeys(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "dict.fromkeys", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "fromkeys expected at least 1 argument, got %zu", nargs);
        return py_err_fmt(I, PY_E_TypeError, "fromkeys expected at most 2 arguments, got %zu", nargs);
    }
    return py_dict_fromkeys_iter(I, PY_TYPEOBJ(cls), args[0], nargs > 1 ? args[1] : PY_NONE);
}

static py_val m_reversed(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "dict.__reversed__", nargs, kw)) return PY_NULL;
    return dictiter_new(I, self, PY_T_DICT_REVKEYITER);
}

static py_val m_class_getitem(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "dict.__class_getitem__", nargs, kw, 1)) return PY_NULL;
    return py_genericalias_new(I, cls, args[0]);
}

static py_val dict_or(py_interp *I, py_val a, py_val b)
{
    if (!py_is_dict(a) || !py_is_dict(b)) return PY_NOTIMPL;
    py_val r = py_dict_copy(I, a);
    if (!r) return PY_NULL;
    if (py_dict_update(I, r, b)) { py_decref(I, r); return PY_NULL; }
    return r;
}

static py_val dict_ior(py_interp *I, py_val a, py_val b)
{
    if (!py_is_dict(a)) return PY_NOTIMPL;
    if (py_dict_update(I, a, b)) return PY_NULL;
    return py_newref(a);
}

static int dict_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (nargs > 1) { py_err_fmt(I, PY_E_TypeError, "dict expected at most 1 argument, got %zu", nargs); return -1; }
    if (nargs && py_dict_update(I, self, args[0])) return -1;
    if (kw) {
        for (size_t i = 0; i < py_tuple_len(kw); i++)
            if (py_dict_set(I, self, py_tuple_items(kw)[i], args[nargs + i])) return -1;
    }
    return 0;
}

static py_val dict_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    py_obj *o = py_obj_new(I, t, t->basicsize);
    return o ? PY_VAL(o) : PY_NULL;
}

static const py_methoddef dict_methods[] = {
    { "keys", m_keys, 0 },
    { "values", m_values, 0 },
    { "items", m_items, 0 },
    { "get", m_get, 0 },
    { "setdefault", m_setdefault, 0 },
    { "pop", m_pop, 0 },
    { "popitem", m_popitem, 0 },
    { "update", m_update, PY_METH_KW },
    { "clear", m_clear, 0 },
    { "copy", m_copy, 0 },
    { "fromkeys", m_fromkeys, PY_METH_CLASS },
    { "__reversed__", m_reversed, 0 },
    { "__class_getitem__", m_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

py_val py_iter_self(py_interp *I, py_val v);
void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out);

const py_typedef py_dict_typedef = {
    .name = "dict", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_DICT_SUB | PY_TF_SUBCLASS_DICT,
    .basicsize = sizeof(py_dict), .dictoffset = offsetof(py_dict, dict_),
    .slots = {
        .dealloc = dict_dealloc, .traverse = dict_traverse, .clear = dict_clear_slot,
        .repr = dict_repr, .hash = py_hash_unhashable, .richcmp = dict_richcmp, .len = dict_len,
        .getitem = dict_getitem, .setitem = dict_setitem, .contains = dict_contains,
        .iter = dict_iter,
        .nb = { [PY_NB_OR] = dict_or }, .nb_inplace = { [PY_NB_OR] = dict_ior },
        .new_ = dict_new_slot, .init = dict_init,
    },
    .methods = dict_methods,
};

#define ITER_TYPEDEF(cname, pyname, nextfn) \
    const py_typedef cname = { \
        .name = pyname, .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj), \
        .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, \
                   .clear = py_iterobj_clear, .iter = py_iter_self, .next = nextfn }, \
    };
ITER_TYPEDEF(py_dictkeyiter_typedef, "dict_keyiterator", dictkeyiter_next)
ITER_TYPEDEF(py_dictvalueiter_typedef, "dict_valueiterator", dictvalueiter_next)
ITER_TYPEDEF(py_dictitemiter_typedef, "dict_itemiterator", dictitemiter_next)
ITER_TYPEDEF(py_dictrevkeyiter_typedef, "dict_reversekeyiterator", dictrevkeyiter_next)

const py_typedef py_dictkeys_typedef = {
    .name = "dict_keys", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = keys_iter, .len = view_len, .contains = keys_contains, .repr = keys_repr,
               .hash = py_hash_unhashable, .richcmp = view_richcmp,
               .nb = { [PY_NB_AND] = view_and, [PY_NB_OR] = view_or, [PY_NB_SUB] = view_sub,
                       [PY_NB_XOR] = view_xor } },
    .methods = view_methods, .getsets = view_getsets,
};
const py_typedef py_dictvalues_typedef = {
    .name = "dict_values", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = values_iter, .len = view_len, .repr = values_repr },
    .methods = values_methods, .getsets = view_getsets,
};
const py_typedef py_dictitems_typedef = {
    .name = "dict_items", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = items_iter, .len = view_len, .contains = items_contains, .repr = items_repr,
               .hash = py_hash_unhashable, .richcmp = view_richcmp,
               .nb = { [PY_NB_AND] = view_and, [PY_NB_OR] = view_or, [PY_NB_SUB] = view_sub,
                       [PY_NB_XOR] = view_xor } },
    .methods = view_methods, .getsets = view_getsets,
};

/* set.c shares these helpers */
int64_t py_dict_lookup_ix(py_interp *I, py_val d, py_val key, int64_t h, size_t *slot);
int64_t py_dict_lookup_ix(py_interp *I, py_val d, py_val key, int64_t h, size_t *slot)
{
    return lookup(I, PY_DICT(d), key, h, slot);
}
int py_dict_key_hash(py_interp *I, py_val key, int64_t *h);
int py_dict_key_hash(py_interp *I, py_val key, int64_t *h) { return key_hash_ctx(I, key, h, 1); }
void py_dict_delete_at(py_interp *I, py_val d, size_t slot, int64_t ix, py_val *okey);
void py_dict_delete_at(py_interp *I, py_val d, size_t slot, int64_t ix, py_val *okey)
{
    entry_delete(I, PY_DICT(d), slot, ix, okey, NULL);
    if (PY_DICT(d)->used == 0) table_free(I, PY_DICT(d));
}
void py_dict_dealloc_table(py_interp *I, py_val d);
void py_dict_dealloc_table(py_interp *I, py_val d) { table_free(I, PY_DICT(d)); }
