/* varstore.c — the containers behind shell variables: indexed arrays
 * (sorted, sparse), associative arrays (with GNU bash's iteration order),
 * variable tables (open addressing, copy on write), positional
 * parameters and sorted string maps.  No shell semantics here (those are
 * in vars.c); nothing global; every allocation is checked. */
#include <string.h>

#include "shell/state.h"
#include "shell/varstore.h"

/* ---- indexed arrays ---------------------------------------------------- */

/* Index of the first entry with idx >= key. */
static size_t arr_lower(const sh_arr *a, int64_t key)
{
    size_t lo = 0, hi = a->n;
    if (hi && a->e[hi - 1].idx < key) return hi;   /* appends are common */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a->e[mid].idx < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

size_t sh_arr_lower(const sh_arr *a, int64_t idx) { return arr_lower(a, idx); }

const char *sh_arr_get(const sh_arr *a, int64_t idx)
{
    if (!a) return NULL;
    size_t i = arr_lower(a, idx);
    return i < a->n && a->e[i].idx == idx ? a->e[i].val : NULL;
}

int sh_arr_set(sk_alloc *al, sh_arr *a, int64_t idx, const char *val, size_t len)
{
    char *v = sk_malloc(al, len + 1);
    if (!v) return SH_E_NOMEM;
    if (len) memcpy(v, val, len);
    v[len] = 0;
    size_t i = arr_lower(a, idx);
    if (i < a->n && a->e[i].idx == idx) {
        sk_free(al, a->e[i].val);
        a->e[i].val = v;
        return 0;
    }
    if (a->n == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 4;
        sh_arr_ent *ne = sk_realloc(al, a->e, nc * sizeof *ne);
        if (!ne) { sk_free(al, v); return SH_E_NOMEM; }
        a->e = ne;
        a->cap = nc;
    }
    memmove(a->e + i + 1, a->e + i, (a->n - i) * sizeof *a->e);
    a->e[i].idx = idx;
    a->e[i].val = v;
    a->n++;
    return 0;
}

/* Take ownership of an allocated value (no copy). */
int sh_arr_set_owned(sk_alloc *al, sh_arr *a, int64_t idx, char *v)
{
    size_t i = arr_lower(a, idx);
    if (i < a->n && a->e[i].idx == idx) {
        sk_free(al, a->e[i].val);
        a->e[i].val = v;
        return 0;
    }
    if (a->n == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 4;
        sh_arr_ent *ne = sk_realloc(al, a->e, nc * sizeof *ne);
        if (!ne) { sk_free(al, v); return SH_E_NOMEM; }
        a->e = ne;
        a->cap = nc;
    }
    memmove(a->e + i + 1, a->e + i, (a->n - i) * sizeof *a->e);
    a->e[i].idx = idx;
    a->e[i].val = v;
    a->n++;
    return 0;
}

int sh_arr_unset(sk_alloc *al, sh_arr *a, int64_t idx)
{
    size_t i = arr_lower(a, idx);
    if (i < a->n && a->e[i].idx == idx) {
        sk_free(al, a->e[i].val);
        memmove(a->e + i, a->e + i + 1, (a->n - i - 1) * sizeof *a->e);
        a->n--;
    }
    return 0;
}

int64_t sh_arr_max(const sh_arr *a) { return a && a->n ? a->e[a->n - 1].idx : -1; }

void sh_arr_clear(sk_alloc *al, sh_arr *a)
{
    for (size_t i = 0; i < a->n; i++) sk_free(al, a->e[i].val);
    a->n = 0;
}

void sh_arr_free(sk_alloc *al, sh_arr *a)
{
    if (!a) return;
    sh_arr_clear(al, a);
    sk_free(al, a->e);
    sk_free(al, a);
}

sh_arr *sh_arr_new(sk_alloc *al)
{
    sh_arr *a = sk_malloc(al, sizeof *a);
    if (a) memset(a, 0, sizeof *a);
    return a;
}

sh_arr *sh_arr_clone(sk_alloc *al, const sh_arr *a)
{
    sh_arr *c = sh_arr_new(al);
    if (!c) return NULL;
    if (!a || !a->n) return c;
    c->e = sk_malloc(al, a->n * sizeof *c->e);
    if (!c->e) { sk_free(al, c); return NULL; }
    c->cap = a->n;
    for (size_t i = 0; i < a->n; i++) {
        c->e[i].idx = a->e[i].idx;
        c->e[i].val = sk_strdup(al, a->e[i].val);
        if (!c->e[i].val) { c->n = i; sh_arr_free(al, c); return NULL; }
    }
    c->n = a->n;
    return c;
}

/* ---- associative arrays -------------------------------------------------- */

/* bash's hash_string: FNV-1 over the bytes. */
uint32_t sh_bash_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) {
        h *= 16777619u;
        h ^= (uint32_t)(unsigned char)*s;
    }
    return h;
}

sh_assoc *sh_assoc_new(sk_alloc *al)
{
    sh_assoc *m = sk_malloc(al, sizeof *m);
    if (!m) return NULL;
    memset(m, 0, sizeof *m);
    m->nbuckets = 1024;   /* bash's ASSOC_HASH_BUCKETS */
    return m;
}

static long assoc_find(const sh_assoc *m, const char *key, uint32_t h)
{
    if (!m->idxcap) return -1;
    size_t mask = m->idxcap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        uint32_t x = m->idx[i];
        if (!x) return -1;
        if (x != UINT32_MAX) {
            const sh_assoc_ent *e = &m->e[x - 1];
            if (e->hash == h && !strcmp(e->key, key)) return (long)i;
        }
    }
}

const char *sh_assoc_get(const sh_assoc *m, const char *key)
{
    if (!m) return NULL;
    long i = assoc_find(m, key, sh_bash_hash(key));
    return i < 0 ? NULL : m->e[m->idx[i] - 1].val;
}

static int assoc_reindex(sk_alloc *al, sh_assoc *m, size_t want)
{
    size_t cap = 16;
    while (cap < want * 2) cap *= 2;
    /* compact the entry array first */
    size_t j = 0;
    for (size_t i = 0; i < m->used; i++)
        if (m->e[i].key) m->e[j++] = m->e[i];
    m->used = j;
    uint32_t *idx = sk_calloc(al, cap, sizeof *idx);
    if (!idx) return SH_E_NOMEM;
    for (size_t i = 0; i < m->used; i++) {
        size_t k = m->e[i].hash & (cap - 1);
        while (idx[k]) k = (k + 1) & (cap - 1);
        idx[k] = (uint32_t)i + 1;
    }
    sk_free(al, m->idx);
    m->idx = idx;
    m->idxcap = cap;
    return 0;
}

static void assoc_drop_order(sk_alloc *al, sh_assoc *m)
{
    sk_free(al, m->order);
    m->order = NULL;
    m->norder = 0;
}

/* bash grows its table fourfold when it holds twice as many entries as
 * buckets; the rehash walks the old buckets in order and pushes each item
 * onto the head of its new bucket. */
static int assoc_bash_grow(sk_alloc *al, sh_assoc *m)
{
    const uint32_t *ord;
    long n = sh_assoc_order(al, m, &ord);
    if (n < 0) return SH_E_NOMEM;
    for (long i = 0; i < n; i++) m->e[ord[i]].seq = --m->seqctr;
    m->nbuckets *= 4;
    assoc_drop_order(al, m);
    return 0;
}

int sh_assoc_set_owned(sk_alloc *al, sh_assoc *m, const char *key, char *v)
{
    uint32_t h = sh_bash_hash(key);
    long i = assoc_find(m, key, h);
    if (i >= 0) {
        sh_assoc_ent *e = &m->e[m->idx[i] - 1];
        sk_free(al, e->val);
        e->val = v;
        return 0;
    }
    if (m->n >= (size_t)m->nbuckets * 2 && assoc_bash_grow(al, m)) { sk_free(al, v); return SH_E_NOMEM; }
    if (m->used == m->cap) {
        if (m->n < m->used / 2 && m->used > 8) {
            if (assoc_reindex(al, m, m->n + 1)) { sk_free(al, v); return SH_E_NOMEM; }
        }
        if (m->used == m->cap) {
            size_t nc = m->cap ? m->cap * 2 : 8;
            sh_assoc_ent *ne = sk_realloc(al, m->e, nc * sizeof *ne);
            if (!ne) { sk_free(al, v); return SH_E_NOMEM; }
            m->e = ne;
            m->cap = nc;
        }
    }
    if ((m->used + 1) * 2 > m->idxcap) {
        if (assoc_reindex(al, m, m->used + 1)) { sk_free(al, v); return SH_E_NOMEM; }
    }
    char *k = sk_strdup(al, key);
    if (!k) { sk_free(al, v); return SH_E_NOMEM; }
    sh_assoc_ent *e = &m->e[m->used];
    e->key = k;
    e->val = v;
    e->hash = h;
    e->seq = --m->seqctr;
    size_t mask = m->idxcap - 1;
    size_t s = h & mask;
    while (m->idx[s] && m->idx[s] != UINT32_MAX) s = (s + 1) & mask;
    m->idx[s] = (uint32_t)m->used + 1;
    m->used++;
    m->n++;
    assoc_drop_order(al, m);
    return 0;
}

int sh_assoc_set(sk_alloc *al, sh_assoc *m, const char *key, const char *val, size_t len)
{
    char *v = sk_malloc(al, len + 1);
    if (!v) return SH_E_NOMEM;
    if (len) memcpy(v, val, len);
    v[len] = 0;
    return sh_assoc_set_owned(al, m, key, v);
}

int sh_assoc_unset(sk_alloc *al, sh_assoc *m, const char *key)
{
    long i = assoc_find(m, key, sh_bash_hash(key));
    if (i < 0) return 0;
    sh_assoc_ent *e = &m->e[m->idx[i] - 1];
    sk_free(al, e->key);
    sk_free(al, e->val);
    e->key = e->val = NULL;
    m->idx[i] = UINT32_MAX;
    m->n--;
    assoc_drop_order(al, m);
    return 0;
}

static int order_cmp(const sh_assoc *m, uint32_t a, uint32_t b)
{
    uint32_t mask = m->nbuckets - 1;
    uint32_t ba = m->e[a].hash & mask, bb = m->e[b].hash & mask;
    if (ba != bb) return ba < bb ? -1 : 1;
    return m->e[a].seq < m->e[b].seq ? -1 : m->e[a].seq > m->e[b].seq;
}

long sh_assoc_order(sk_alloc *al, sh_assoc *m, const uint32_t **order)
{
    if (m->order || m->n == 0) {
        *order = m->order;
        return (long)m->norder;
    }
    uint32_t *o = sk_malloc(al, m->n * sizeof *o);
    uint32_t *tmp = sk_malloc(al, m->n * sizeof *tmp);
    if (!o || !tmp) { sk_free(al, o); sk_free(al, tmp); return -1; }
    size_t k = 0;
    for (size_t i = 0; i < m->used; i++)
        if (m->e[i].key) o[k++] = (uint32_t)i;
    /* bottom-up merge sort (stable, no recursion) */
    for (size_t w = 1; w < k; w *= 2) {
        for (size_t lo = 0; lo < k; lo += 2 * w) {
            size_t mid = lo + w < k ? lo + w : k, hi = lo + 2 * w < k ? lo + 2 * w : k;
            size_t i = lo, j = mid, t = lo;
            while (i < mid && j < hi) tmp[t++] = order_cmp(m, o[j], o[i]) < 0 ? o[j++] : o[i++];
            while (i < mid) tmp[t++] = o[i++];
            while (j < hi) tmp[t++] = o[j++];
        }
        memcpy(o, tmp, k * sizeof *o);
    }
    sk_free(al, tmp);
    m->order = o;
    m->norder = k;
    *order = o;
    return (long)k;
}

void sh_assoc_clear(sk_alloc *al, sh_assoc *m)
{
    for (size_t i = 0; i < m->used; i++) {
        sk_free(al, m->e[i].key);
        sk_free(al, m->e[i].val);
    }
    m->used = m->n = 0;
    if (m->idx) memset(m->idx, 0, m->idxcap * sizeof *m->idx);
    assoc_drop_order(al, m);
    m->nbuckets = 1024;
}

void sh_assoc_free(sk_alloc *al, sh_assoc *m)
{
    if (!m) return;
    sh_assoc_clear(al, m);
    sk_free(al, m->e);
    sk_free(al, m->idx);
    sk_free(al, m);
}

sh_assoc *sh_assoc_clone(sk_alloc *al, const sh_assoc *m)
{
    sh_assoc *c = sh_assoc_new(al);
    if (!c || !m) return c;
    c->nbuckets = m->nbuckets;
    c->seqctr = m->seqctr;
    if (!m->n) return c;
    c->e = sk_malloc(al, m->n * sizeof *c->e);
    if (!c->e) { sh_assoc_free(al, c); return NULL; }
    c->cap = m->n;
    for (size_t i = 0; i < m->used; i++) {
        if (!m->e[i].key) continue;
        sh_assoc_ent *e = &c->e[c->used];
        *e = m->e[i];
        e->key = sk_strdup(al, m->e[i].key);
        e->val = sk_strdup(al, m->e[i].val);
        c->used++;
        c->n++;
        if (!e->key || !e->val) { sh_assoc_free(al, c); return NULL; }
    }
    if (assoc_reindex(al, c, c->used)) { sh_assoc_free(al, c); return NULL; }
    return c;
}

/* ---- variables ------------------------------------------------------------ */

sh_var *sh_varobj_new(sk_alloc *a, const char *name, size_t len)
{
    if (len > 65535) return NULL;
    sh_var *v = sk_malloc(a, sizeof *v + len + 1);
    if (!v) return NULL;
    memset(v, 0, sizeof *v);
    v->refs = 1;
    v->namelen = (uint16_t)len;
    memcpy(v->name, name, len);
    v->name[len] = 0;
    return v;
}

void sh_varobj_clear_value(sk_alloc *a, sh_var *v)
{
    switch (v->kind) {
    case SH_VK_STR: sk_free(a, v->v.s.p); v->v.s.p = NULL; v->v.s.len = 0; break;
    case SH_VK_ARR: sh_arr_free(a, v->v.a); v->v.a = NULL; break;
    case SH_VK_ASSOC: sh_assoc_free(a, v->v.m); v->v.m = NULL; break;
    }
    v->kind = SH_VK_STR;
}

void sh_varobj_unref(sk_alloc *a, sh_var *v)
{
    if (!v || --v->refs) return;
    sh_varobj_clear_value(a, v);
    sk_free(a, v);
}

sh_var *sh_varobj_clone(sk_alloc *a, const sh_var *v, int with_value)
{
    sh_var *c = sh_varobj_new(a, v->name, v->namelen);
    if (!c) return NULL;
    c->attr = v->attr;
    c->dyn = v->dyn;
    if (!with_value) return c;
    c->kind = v->kind;
    switch (v->kind) {
    case SH_VK_STR:
        if (v->v.s.p) {
            c->v.s.p = sk_memdup(a, v->v.s.p, v->v.s.len + 1);
            if (!c->v.s.p) { sk_free(a, c); return NULL; }
            c->v.s.len = v->v.s.len;
        }
        break;
    case SH_VK_ARR:
        if (!(c->v.a = sh_arr_clone(a, v->v.a))) { sk_free(a, c); return NULL; }
        break;
    case SH_VK_ASSOC:
        if (!(c->v.m = sh_assoc_clone(a, v->v.m))) { sk_free(a, c); return NULL; }
        break;
    }
    return c;
}

/* ---- variable tables ------------------------------------------------------- */

static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= (uint32_t)(unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

sh_vtab *sh_vtab_new(sk_alloc *a)
{
    sh_vtab *t = sk_malloc(a, sizeof *t);
    if (t) memset(t, 0, sizeof *t);
    if (t) t->refs = 1;
    return t;
}

void sh_vtab_unref(sk_alloc *a, sh_vtab *t)
{
    if (!t || --t->refs) return;
    for (uint32_t i = 0; i < t->cap; i++)
        if (t->slots[i] && t->slots[i] != SH_TOMB) sh_varobj_unref(a, t->slots[i]);
    sk_free(a, t->slots);
    sk_free(a, t);
}

/* Slot of `name`, or -1. */
long sh_vtab_find(const sh_vtab *t, const char *name, size_t len)
{
    if (!t->n) return -1;
    uint32_t mask = t->cap - 1;
    for (uint32_t i = name_hash(name, len) & mask;; i = (i + 1) & mask) {
        sh_var *v = t->slots[i];
        if (!v) return -1;
        if (v != SH_TOMB && v->namelen == len && !memcmp(v->name, name, len)) return (long)i;
    }
}

static int vtab_resize(sk_alloc *a, sh_vtab *t, uint32_t cap)
{
    sh_var **s = sk_calloc(a, cap, sizeof *s);
    if (!s) return SH_E_NOMEM;
    for (uint32_t i = 0; i < t->cap; i++) {
        sh_var *v = t->slots[i];
        if (!v || v == SH_TOMB) continue;
        uint32_t k = name_hash(v->name, v->namelen) & (cap - 1);
        while (s[k]) k = (k + 1) & (cap - 1);
        s[k] = v;
    }
    sk_free(a, t->slots);
    t->slots = s;
    t->cap = cap;
    t->used = t->n;
    return 0;
}

/* Insert v (which must not be present); the table takes the reference.
 * Returns the slot or SH_E_NOMEM. */
long sh_vtab_insert(sk_alloc *a, sh_vtab *t, sh_var *v)
{
    if ((t->used + 1) * 4 > t->cap * 3) {
        uint32_t nc = t->cap ? t->cap : 16;
        while ((t->n + 1) * 2 > nc) nc *= 2;
        if (vtab_resize(a, t, nc)) return SH_E_NOMEM;
    }
    uint32_t mask = t->cap - 1;
    uint32_t i = name_hash(v->name, v->namelen) & mask;
    while (t->slots[i] && t->slots[i] != SH_TOMB) i = (i + 1) & mask;
    if (!t->slots[i]) t->used++;
    t->slots[i] = v;
    t->n++;
    return (long)i;
}

void sh_vtab_remove(sk_alloc *a, sh_vtab *t, long slot)
{
    sh_var *v = t->slots[slot];
    t->slots[slot] = SH_TOMB;
    t->n--;
    sh_varobj_unref(a, v);
}

sh_vtab *sh_vtab_clone(sk_alloc *a, const sh_vtab *t)
{
    sh_vtab *c = sh_vtab_new(a);
    if (!c) return NULL;
    c->temp = t->temp;
    if (!t->n) return c;
    uint32_t cap = 16;
    while (t->n * 2 > cap) cap *= 2;
    c->slots = sk_calloc(a, cap, sizeof *c->slots);
    if (!c->slots) { sk_free(a, c); return NULL; }
    c->cap = cap;
    for (uint32_t i = 0; i < t->cap; i++) {
        sh_var *v = t->slots[i];
        if (!v || v == SH_TOMB) continue;
        uint32_t k = name_hash(v->name, v->namelen) & (cap - 1);
        while (c->slots[k]) k = (k + 1) & (cap - 1);
        c->slots[k] = v;
        v->refs++;
    }
    c->n = c->used = t->n;
    return c;
}

/* ---- positional parameters -------------------------------------------------- */

sh_params *sh_params_new(sk_alloc *a, int n, char *const *v)
{
    sh_params *p = sk_malloc(a, sizeof *p);
    if (!p) return NULL;
    p->refs = 1;
    p->n = 0;
    p->cap = n;
    p->v = NULL;
    if (n) {
        p->v = sk_malloc(a, (size_t)n * sizeof *p->v);
        if (!p->v) { sk_free(a, p); return NULL; }
        for (int i = 0; i < n; i++) {
            p->v[i] = sk_strdup(a, v[i] ? v[i] : "");
            if (!p->v[i]) { p->n = i; sh_params_unref(a, p); return NULL; }
        }
    }
    p->n = n;
    return p;
}

void sh_params_unref(sk_alloc *a, sh_params *p)
{
    if (!p || --p->refs) return;
    for (int i = 0; i < p->n; i++) sk_free(a, p->v[i]);
    sk_free(a, p->v);
    sk_free(a, p);
}

/* ---- string maps -------------------------------------------------------------- */

static size_t smap_lower(const sh_smap *m, const char *key, int *found)
{
    size_t lo = 0, hi = m->n;
    *found = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(m->e[mid].key, key);
        if (c == 0) { *found = 1; return mid; }
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return lo;
}

const char *sh_smap_get(const sh_smap *m, const char *key)
{
    if (!m) return NULL;
    int f;
    size_t i = smap_lower(m, key, &f);
    return f ? m->e[i].val : NULL;
}

void sh_smap_unref(sk_alloc *a, sh_smap *m)
{
    if (!m || --m->refs) return;
    for (size_t i = 0; i < m->n; i++) { sk_free(a, m->e[i].key); sk_free(a, m->e[i].val); }
    sk_free(a, m->e);
    sk_free(a, m);
}

/* Make *mp private (refs 1), creating it when NULL. */
static int smap_own(sk_alloc *a, sh_smap **mp)
{
    sh_smap *m = *mp;
    if (m && m->refs == 1) return 0;
    sh_smap *c = sk_malloc(a, sizeof *c);
    if (!c) return SH_E_NOMEM;
    memset(c, 0, sizeof *c);
    c->refs = 1;
    if (m && m->n) {
        c->e = sk_malloc(a, m->n * sizeof *c->e);
        if (!c->e) { sk_free(a, c); return SH_E_NOMEM; }
        c->cap = m->n;
        for (size_t i = 0; i < m->n; i++) {
            c->e[i].key = sk_strdup(a, m->e[i].key);
            c->e[i].val = sk_strdup(a, m->e[i].val);
            c->n = i + 1;
            if (!c->e[i].key || !c->e[i].val) { sh_smap_unref(a, c); return SH_E_NOMEM; }
        }
    }
    if (m) sh_smap_unref(a, m);
    *mp = c;
    return 0;
}

int sh_smap_set(sk_alloc *a, sh_smap **mp, const char *key, const char *val)
{
    if (smap_own(a, mp)) return SH_E_NOMEM;
    sh_smap *m = *mp;
    char *v = sk_strdup(a, val);
    if (!v) return SH_E_NOMEM;
    int f;
    size_t i = smap_lower(m, key, &f);
    if (f) {
        sk_free(a, m->e[i].val);
        m->e[i].val = v;
        return 0;
    }
    char *k = sk_strdup(a, key);
    if (!k) { sk_free(a, v); return SH_E_NOMEM; }
    if (m->n == m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 8;
        sh_smap_ent *ne = sk_realloc(a, m->e, nc * sizeof *ne);
        if (!ne) { sk_free(a, k); sk_free(a, v); return SH_E_NOMEM; }
        m->e = ne;
        m->cap = nc;
    }
    memmove(m->e + i + 1, m->e + i, (m->n - i) * sizeof *m->e);
    m->e[i].key = k;
    m->e[i].val = v;
    m->n++;
    return 0;
}

int sh_smap_unset(sk_alloc *a, sh_smap **mp, const char *key)
{
    if (!*mp) return 0;
    int f;
    smap_lower(*mp, key, &f);
    if (!f) return 0;
    if (smap_own(a, mp)) return SH_E_NOMEM;
    sh_smap *m = *mp;
    size_t i = smap_lower(m, key, &f);
    sk_free(a, m->e[i].key);
    sk_free(a, m->e[i].val);
    memmove(m->e + i, m->e + i + 1, (m->n - i - 1) * sizeof *m->e);
    m->n--;
    return 0;
}

void sh_smap_clear(sk_alloc *a, sh_smap **mp)
{
    if (*mp) sh_smap_unref(a, *mp);
    *mp = NULL;
}

/* ---- string vectors ------------------------------------------------------------- */

int sh_strvec_push(sh_strvec *s, char *p)
{
    if (s->n + 1 >= s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 8;
        char **nv = sk_realloc(s->a, s->v, nc * sizeof *nv);
        if (!nv) return SH_E_NOMEM;
        s->v = nv;
        s->cap = nc;
    }
    s->v[s->n++] = p;
    s->v[s->n] = NULL;
    return 0;
}

int sh_strvec_pushdup(sh_strvec *s, const char *p, size_t n)
{
    char *c = sk_malloc(s->a, n + 1);
    if (!c) return SH_E_NOMEM;
    if (n) memcpy(c, p, n);
    c[n] = 0;
    if (sh_strvec_push(s, c)) { sk_free(s->a, c); return SH_E_NOMEM; }
    return 0;
}

void sh_strvec_free(sh_strvec *s, int free_items)
{
    if (free_items)
        for (size_t i = 0; i < s->n; i++) sk_free(s->a, s->v[i]);
    sk_free(s->a, s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}
