/* value.c — awk strings, numbers, conversions, comparisons and associative
 * arrays (whose elements may themselves be arrays, as in gawk).  Strings
 * are reference counted and immutable while shared; a string with a single
 * holder may be reused in place (field buffers).  On
 * allocation failure the interpreter is told (in->nomem, a fatal error) and
 * the shared empty string stands in, so callers need not check. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "awk.h"

static void out_of_memory(awk_interp *in)
{
    if (!in->nomem) {
        in->nomem = 1;
        awk_fatal(in, "out of memory");
    }
}

/* chunks grow from 4 KiB to 64 KiB: small programs stay small */
#define POOL_CHUNK_MIN 4096
#define POOL_CHUNK_MAX 65536

void *awk_alloc(awk_interp *in, size_t n)
{
    if (n > AWK_POOL_MAX) return sk_alloc_sized(in->a, n);
    size_t cls = (n + 15) / 16 - 1;
    awk_pool *pl = &in->pool;
    void *p = pl->free[cls];
    if (p) {
        pl->free[cls] = *(void **)p;
        return p;
    }
    size_t sz = (cls + 1) * 16;
    if (pl->left < sz) {
        size_t csz = pl->next_size ? pl->next_size : POOL_CHUNK_MIN;
        char *ch = sk_alloc_sized(in->a, csz);
        if (!ch) return NULL;
        if (csz < POOL_CHUNK_MAX) pl->next_size = csz * 2;
        else pl->next_size = csz;
        ((void **)ch)[0] = pl->chunks;
        ((size_t *)ch)[1] = csz;
        pl->chunks = ch;
        pl->cur = ch + 16;
        pl->left = csz - 16;
    }
    p = pl->cur;
    pl->cur += sz;
    pl->left -= sz;
    return p;
}

void awk_dealloc(awk_interp *in, void *p, size_t n)
{
    if (!p) return;
    if (n > AWK_POOL_MAX) { sk_free_sized(in->a, p, n); return; }
    size_t cls = (n + 15) / 16 - 1;
    *(void **)p = in->pool.free[cls];
    in->pool.free[cls] = p;
}

void awk_pool_free(awk_interp *in)
{
    void *ch = in->pool.chunks;
    while (ch) {
        void *nx = ((void **)ch)[0];
        sk_free_sized(in->a, ch, ((size_t *)ch)[1]);
        ch = nx;
    }
    memset(&in->pool, 0, sizeof in->pool);
}

awk_str *awk_str_alloc(awk_interp *in, size_t cap)
{
    if (cap > ((size_t)1 << 40)) { out_of_memory(in); return NULL; }
    awk_str *s = awk_alloc(in, sizeof *s + cap + 1);
    if (!s) { out_of_memory(in); return NULL; }
    s->refs = 1;
    s->len = 0;
    s->cap = cap;
    s->s[0] = 0;
    return s;
}

awk_str *awk_str_new(awk_interp *in, const char *p, size_t n)
{
    if (n == 0 && in->empty) return awk_str_ref(in->empty);
    awk_str *s = awk_str_alloc(in, n);
    if (!s) return awk_str_ref(in->empty);
    if (n) memcpy(s->s, p, n);
    s->s[n] = 0;
    s->len = n;
    return s;
}

void awk_str_free(awk_interp *in, awk_str *s) { awk_dealloc(in, s, sizeof *s + s->cap + 1); }

int awk_str_set(awk_interp *in, awk_str **slot, const char *p, size_t n)
{
    awk_str *s = *slot;
    if (s && s->refs == 1 && s->cap >= n && s != in->empty) {
        memmove(s->s, p, n);
        s->s[n] = 0;
        s->len = n;
        return 0;
    }
    awk_str *ns = awk_str_alloc(in, n < 16 ? 16 : n);
    if (!ns) {
        awk_str_unref(in, s);
        *slot = awk_str_ref(in->empty);
        return -1;
    }
    memcpy(ns->s, p, n);
    ns->s[n] = 0;
    ns->len = n;
    awk_str_unref(in, s);
    *slot = ns;
    return 0;
}

awk_val awk_strval(awk_interp *in, const char *p, size_t n)
{
    awk_val v = { .n = 0, .s = awk_str_new(in, p, n), .t = AV_STR, .numok = 0 };
    return v;
}

awk_val awk_strval_take(awk_str *s)
{
    awk_val v = { .n = 0, .s = s, .t = AV_STR, .numok = 0 };
    return v;
}

awk_val awk_inputval(awk_interp *in, const char *p, size_t n)
{
    awk_val v = { .n = 0, .s = awk_str_new(in, p, n), .t = AV_MAYBE, .numok = 0 };
    return v;
}

/* ---- numbers --------------------------------------------------------------- */

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int ieq3(const char *p, const char *w)
{
    for (int i = 0; i < 3; i++) {
        int c = p[i];
        if (c >= 'A' && c <= 'Z') c += 32;
        if (c != w[i]) return 0;
    }
    return 1;
}

double awk_strtonum(const char *s, size_t n, size_t *endp)
{
    size_t i = 0;
    while (i < n && is_blank((unsigned char)s[i])) i++;
    size_t start = i;
    int neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
        neg = s[i] == '-';
        /* gawk: "+inf", "-nan" and friends (sign required) */
        if (n - i >= 4 && (ieq3(s + i + 1, "inf") || ieq3(s + i + 1, "nan"))) {
            *endp = i + 4;
            if (ieq3(s + i + 1, "inf")) return neg ? -INFINITY : INFINITY;
            return neg ? -NAN : NAN;
        }
        i++;
    }
    size_t digits_start = i;
    uint64_t acc = 0;
    int ndig = 0, simple = 1;
    while (i < n && is_digit((unsigned char)s[i])) {
        if (ndig < 18) acc = acc * 10 + (uint64_t)(s[i] - '0');
        else simple = 0;
        ndig++;
        i++;
    }
    int frac = 0;
    if (i < n && s[i] == '.') {
        size_t j = i + 1;
        while (j < n && is_digit((unsigned char)s[j])) { j++; frac++; }
        if (ndig == 0 && frac == 0) { *endp = 0; return 0; }
        i = j;
        simple = 0;
    } else if (ndig == 0) {
        *endp = 0;
        return 0;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-')) j++;
        if (j < n && is_digit((unsigned char)s[j])) {
            while (j < n && is_digit((unsigned char)s[j])) j++;
            i = j;
            simple = 0;
        }
    }
    *endp = i;
    if (simple && ndig <= 15) return neg ? -(double)acc : (double)acc;
    size_t len = i - start;
    char buf[128];
    if (len < sizeof buf) {
        memcpy(buf, s + start, len);
        buf[len] = 0;
        return strtod(buf, NULL);
    }
    /* a very long literal: keep 40 significant digits and scale */
    char mant[48];
    int nm = 0, seen = 0;
    long exp10 = 0;
    size_t j = digits_start;
    for (; j < i && is_digit((unsigned char)s[j]); j++) {
        if (!seen && s[j] == '0') continue;
        seen = 1;
        if (nm < 40) mant[nm++] = s[j];
        else exp10++;
    }
    if (j < i && s[j] == '.') {
        for (j++; j < i && is_digit((unsigned char)s[j]); j++) {
            if (!seen && s[j] == '0') { exp10--; continue; }
            seen = 1;
            if (nm < 40) { mant[nm++] = s[j]; exp10--; }
        }
    }
    if (j < i && (s[j] == 'e' || s[j] == 'E')) {
        j++;
        int eneg = 0;
        if (s[j] == '+' || s[j] == '-') eneg = s[j++] == '-';
        long e = 0;
        for (; j < i; j++) if (e < 100000) e = e * 10 + (s[j] - '0');
        exp10 += eneg ? -e : e;
    }
    if (!nm) return neg ? -0.0 : 0.0;
    int r = snprintf(buf, sizeof buf, "%s%.*se%ld", neg ? "-" : "", nm, mant, exp10);
    (void)r;
    double d = strtod(buf, NULL);
    return d;
}

int awk_looks_numeric(const char *s, size_t n, double *out)
{
    size_t end;
    double d = awk_strtonum(s, n, &end);
    if (end == 0) return 0;
    while (end < n && is_blank((unsigned char)s[end])) end++;
    if (end != n) return 0;
    *out = d;
    return 1;
}

void awk_resolve(awk_interp *in, awk_val *v)
{
    (void)in;
    if (v->t != AV_MAYBE) return;
    double d;
    if (v->s && awk_looks_numeric(v->s->s, v->s->len, &d)) {
        v->t = AV_STRNUM;
        v->n = d;
        v->numok = 1;
    } else {
        v->t = AV_STR;
    }
}

double awk_to_num(awk_interp *in, awk_val *v)
{
    (void)in;
    switch (v->t) {
    case AV_NUM:
    case AV_STRNUM: return v->n;
    case AV_UNINIT:
    case AV_ARRAY: return 0;
    default:
        if (!v->numok) {
            size_t end;
            v->n = v->s ? awk_strtonum(v->s->s, v->s->len, &end) : 0;
            v->numok = 1;
        }
        return v->n;
    }
}

size_t awk_fmt_int(int64_t v, char *buf)
{
    char tmp[24];
    int i = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[i++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    size_t n = 0;
    if (v < 0) buf[n++] = '-';
    while (i) buf[n++] = tmp[--i];
    buf[n] = 0;
    return n;
}

static size_t fmt_special(double n, char *buf)
{
    if (isnan(n)) {
        memcpy(buf, signbit(n) ? "-nan" : "+nan", 5);
        return 4;
    }
    memcpy(buf, n < 0 ? "-inf" : "+inf", 5);
    return 4;
}

awk_str *awk_num_to_str(awk_interp *in, double n, int use_ofmt)
{
    char buf[400];
    size_t len;
    if (!isfinite(n)) {
        len = fmt_special(n, buf);
        return awk_str_new(in, buf, len);
    }
    if (n == 0) return awk_str_new(in, "0", 1);
    if (n > -9.2e18 && n < 9.2e18 && n == (double)(int64_t)n) {
        len = awk_fmt_int((int64_t)n, buf);
        return awk_str_new(in, buf, len);
    }
    if (floor(n) == n) {
        int r = snprintf(buf, sizeof buf, "%.0f", n);
        return awk_str_new(in, buf, r > 0 ? (size_t)r : 0);
    }
    size_t flen;
    const char *fmt = awk_var_cstr(in, use_ofmt ? G_OFMT : G_CONVFMT, &flen);
    if (flen == 4 && !memcmp(fmt, "%.6g", 4)) {
        int r = snprintf(buf, sizeof buf, "%.6g", n);
        return awk_str_new(in, buf, r > 0 ? (size_t)r : 0);
    }
    if (in->in_convfmt) {
        /* CONVFMT = "%s" would convert the number with itself */
        int r = snprintf(buf, sizeof buf, "%.6g", n);
        return awk_str_new(in, buf, r > 0 ? (size_t)r : 0);
    }
    sk_buf b = SK_BUF_INIT(in->a);
    awk_val arg = awk_num(n);
    awk_str *res;
    in->in_convfmt = 1;
    int fr = awk_format(in, &b, fmt, flen, &arg, 1);
    in->in_convfmt = 0;
    if (fr == 0) res = awk_str_new(in, b.p ? b.p : "", b.len);
    else res = awk_str_ref(in->empty);
    sk_buf_free(&b);
    return res;
}

awk_str *awk_to_str(awk_interp *in, awk_val *v)
{
    switch (v->t) {
    case AV_NUM: return awk_num_to_str(in, v->n, 0);
    case AV_UNINIT:
    case AV_ARRAY: return awk_str_ref(in->empty);
    default: return awk_str_ref(v->s ? v->s : in->empty);
    }
}

awk_str *awk_to_outstr(awk_interp *in, awk_val *v)
{
    if (v->t == AV_NUM) return awk_num_to_str(in, v->n, 1);
    return awk_to_str(in, v);
}

int awk_to_bool(awk_interp *in, awk_val *v)
{
    switch (v->t) {
    case AV_NUM:
    case AV_STRNUM: return v->n != 0;
    case AV_UNINIT:
    case AV_ARRAY: return 0;
    case AV_MAYBE:
        awk_resolve(in, v);
        if (v->t == AV_STRNUM) return v->n != 0;
        /* fall through */
    default: return v->s && v->s->len > 0;
    }
}

static int is_numeric_kind(int t) { return t == AV_NUM || t == AV_STRNUM || t == AV_UNINIT; }

int awk_compare(awk_interp *in, awk_val *a, awk_val *b)
{
    awk_resolve(in, a);
    awk_resolve(in, b);
    if (is_numeric_kind(a->t) && is_numeric_kind(b->t)) {
        double x = awk_to_num(in, a), y = awk_to_num(in, b);
        if (x < y) return -1;
        if (x > y) return 1;
        if (x == y) return 0;
        /* NaN: gawk orders it as greater */
        return isnan(x) ? (isnan(y) ? 0 : 1) : -1;
    }
    awk_str *s = awk_to_str(in, a), *t = awk_to_str(in, b);
    size_t n = s->len < t->len ? s->len : t->len;
    int r = memcmp(s->s, t->s, n);
    if (r == 0) r = s->len < t->len ? -1 : s->len > t->len;
    awk_str_unref(in, s);
    awk_str_unref(in, t);
    return r < 0 ? -1 : r > 0;
}

/* ---- keys ---------------------------------------------------------------------- */

void awk_key_make(awk_interp *in, awk_val *v, awk_key *k)
{
    k->s = NULL;
    if (v->t == AV_NUM) {
        double n = v->n;
        if (n > -9.2e18 && n < 9.2e18 && n == (double)(int64_t)n) {
            k->n = awk_fmt_int((int64_t)n, k->buf);
            k->p = k->buf;
            return;
        }
        k->s = awk_num_to_str(in, n, 0);
    } else if (v->t == AV_UNINIT || v->t == AV_ARRAY) {
        k->p = "";
        k->n = 0;
        return;
    } else {
        k->s = awk_str_ref(v->s ? v->s : in->empty);
    }
    k->p = k->s->s;
    k->n = k->s->len;
}

void awk_key_done(awk_interp *in, awk_key *k)
{
    awk_str_unref(in, k->s);
    k->s = NULL;
}

/* ---- arrays ----------------------------------------------------------------------- */

static uint64_t hash_bytes(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 0x100000001b3ULL;
    }
    /* murmur3's finaliser: FNV's low bits are weak for linear probing */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

awk_array *awk_array_new(awk_interp *in)
{
    awk_array *arr = sk_calloc(in->a, 1, sizeof *arr);
    if (!arr) out_of_memory(in);
    return arr;
}

static void elem_free(awk_interp *in, awk_elem *e)
{
    awk_val_free(in, &e->v);
    awk_dealloc(in, e, sizeof *e + e->klen + 1);
}

void awk_array_clear(awk_interp *in, awk_array *arr)
{
    if (!arr) return;
    for (size_t i = 0; i < arr->cap; i++)
        if (arr->t[i].e) elem_free(in, arr->t[i].e);
    sk_free(in->a, arr->t);
    arr->t = NULL;
    arr->cap = 0;
    arr->count = 0;
}

void awk_subarray_free(awk_interp *in, awk_array *arr) { awk_array_free(in, arr); }

void awk_array_free(awk_interp *in, awk_array *arr)
{
    if (!arr) return;
    awk_array_clear(in, arr);
    sk_free(in->a, arr);
}

static int grow(awk_interp *in, awk_array *arr)
{
    size_t ncap = arr->cap ? arr->cap * 2 : 16;
    awk_slot *t = sk_calloc(in->a, ncap, sizeof *t);
    if (!t) return -1;
    for (size_t i = 0; i < arr->cap; i++) {
        if (!arr->t[i].e) continue;
        size_t j = (size_t)arr->t[i].hash & (ncap - 1);
        while (t[j].e) j = (j + 1) & (ncap - 1);
        t[j] = arr->t[i];
    }
    sk_free(in->a, arr->t);
    arr->t = t;
    arr->cap = ncap;
    return 0;
}

static size_t find_slot(const awk_array *arr, uint64_t h, const char *k, size_t n)
{
    size_t mask = arr->cap - 1;
    size_t i = (size_t)h & mask;
    for (;;) {
        awk_elem *e = arr->t[i].e;
        if (!e) return i;
        if (arr->t[i].hash == h && e->klen == n && !memcmp(e->k, k, n)) return i;
        i = (i + 1) & mask;
    }
}

awk_val *awk_array_get(awk_interp *in, awk_array *arr, const char *k, size_t n, awk_str *keystr,
                       int create)
{
    (void)keystr;
    uint64_t h = hash_bytes(k, n);
    if (arr->cap) {
        size_t i = find_slot(arr, h, k, n);
        if (arr->t[i].e) return &arr->t[i].e->v;
    }
    if (!create) return NULL;
    if ((arr->count + 1) * 4 > arr->cap * 3 && grow(in, arr)) { out_of_memory(in); return NULL; }
    awk_elem *e = awk_alloc(in, sizeof *e + n + 1);
    if (!e) { out_of_memory(in); return NULL; }
    e->v = awk_uninit();
    e->klen = n;
    if (n) memcpy(e->k, k, n);
    e->k[n] = 0;
    size_t i = find_slot(arr, h, k, n);
    arr->t[i].hash = h;
    arr->t[i].e = e;
    arr->count++;
    return &e->v;
}

int awk_array_delete(awk_interp *in, awk_array *arr, const char *k, size_t n)
{
    if (!arr->cap) return 0;
    uint64_t h = hash_bytes(k, n);
    size_t i = find_slot(arr, h, k, n);
    if (!arr->t[i].e) return 0;
    elem_free(in, arr->t[i].e);
    arr->t[i].e = NULL;
    arr->count--;
    /* backward-shift deletion keeps probe chains intact */
    size_t mask = arr->cap - 1;
    size_t j = i;
    for (;;) {
        j = (j + 1) & mask;
        if (!arr->t[j].e) break;
        size_t home = (size_t)arr->t[j].hash & mask;
        /* move j into the hole at i when its home is not in (i, j] (cyclically) */
        int between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (!between) {
            arr->t[i] = arr->t[j];
            arr->t[j].e = NULL;
            i = j;
        }
    }
    return 1;
}

/* for-in order: by default numbers (ascending) before other strings
 * (bytewise), a deterministic choice; gawk's PROCINFO["sorted_in"] names
 * ("@ind_str_asc", "@val_num_desc", ...) select other orders. */
enum { ORD_DEFAULT, ORD_IND_STR, ORD_IND_NUM, ORD_VAL_STR, ORD_VAL_NUM, ORD_VAL_TYPE };

typedef struct key_sort {
    const awk_elem *e;
    double num;
    int isnum;
    int mode, desc;
    awk_str *vs;             /* value modes: the value's string (owned) */
} key_sort;

static int bytes_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    size_t n = an < bn ? an : bn;
    int r = n ? memcmp(a, b, n) : 0;
    if (r) return r < 0 ? -1 : 1;
    return an < bn ? -1 : an > bn;
}

static int key_cmp(const void *x, const void *y)
{
    const key_sort *a = x, *b = y;
    int r = 0;
    switch (a->mode) {
    case ORD_IND_STR:
        break;
    case ORD_IND_NUM:
    case ORD_VAL_NUM:
        if (a->num != b->num) r = a->num < b->num ? -1 : 1;
        else if (a->mode == ORD_VAL_NUM) r = bytes_cmp(a->vs->s, a->vs->len, b->vs->s, b->vs->len);
        break;
    case ORD_VAL_STR:
        r = bytes_cmp(a->vs->s, a->vs->len, b->vs->s, b->vs->len);
        break;
    case ORD_VAL_TYPE:
        if (a->isnum != b->isnum) r = a->isnum ? -1 : 1;
        else if (a->isnum && a->num != b->num) r = a->num < b->num ? -1 : 1;
        else if (!a->isnum) r = bytes_cmp(a->vs->s, a->vs->len, b->vs->s, b->vs->len);
        break;
    default:
        if (a->isnum != b->isnum) r = a->isnum ? -1 : 1;
        else if (a->isnum && a->num != b->num) r = a->num < b->num ? -1 : 1;
        break;
    }
    if (!r) r = bytes_cmp(a->e->k, a->e->klen, b->e->k, b->e->klen);
    return a->desc ? -r : r;
}

static int sort_mode(awk_interp *in, int *desc)
{
    *desc = 0;
    awk_cell *pc = &in->g[G_PROCINFO];
    if (pc->kind != CELL_ARRAY) return ORD_DEFAULT;
    awk_val *v = awk_array_get(in, pc->arr, "sorted_in", 9, NULL, 0);
    if (!v || v->t == AV_NUM || v->t == AV_UNINIT || !v->s) return ORD_DEFAULT;
    const char *m = v->s->s;
    size_t n = v->s->len;
    if (n > 5 && !memcmp(m + n - 5, "_desc", 5)) *desc = 1;
    if (!strncmp(m, "@ind_str_", 9)) return ORD_IND_STR;
    if (!strncmp(m, "@ind_num_", 9)) return ORD_IND_NUM;
    if (!strncmp(m, "@val_str_", 9)) return ORD_VAL_STR;
    if (!strncmp(m, "@val_num_", 9)) return ORD_VAL_NUM;
    if (!strncmp(m, "@val_type_", 10)) return ORD_VAL_TYPE;
    *desc = 0;
    return ORD_DEFAULT;
}

awk_str **awk_array_keys(awk_interp *in, awk_array *arr, size_t *np)
{
    *np = 0;
    if (!arr || !arr->count) return NULL;
    key_sort *ks = sk_malloc(in->a, arr->count * sizeof *ks);
    awk_str **out = sk_calloc(in->a, arr->count, sizeof *out);
    if (!ks || !out) {
        sk_free(in->a, ks);
        sk_free(in->a, out);
        out_of_memory(in);
        return NULL;
    }
    int desc;
    int mode = sort_mode(in, &desc);
    size_t n = 0;
    for (size_t i = 0; i < arr->cap; i++) {
        awk_elem *e = arr->t[i].e;
        if (!e) continue;
        key_sort *k = &ks[n++];
        k->e = e;
        k->mode = mode;
        k->desc = desc;
        k->vs = NULL;
        if (mode == ORD_VAL_STR || mode == ORD_VAL_NUM || mode == ORD_VAL_TYPE) {
            awk_val *v = &e->v;
            awk_resolve(in, v);
            k->isnum = v->t == AV_NUM || v->t == AV_STRNUM;
            k->num = awk_to_num(in, v);
            k->vs = awk_to_str(in, v);
        } else if (mode == ORD_IND_NUM) {
            size_t end;
            k->num = awk_strtonum(e->k, e->klen, &end);
            k->isnum = 1;
        } else {
            k->isnum = awk_looks_numeric(e->k, e->klen, &k->num);
            if (k->isnum && isnan(k->num)) k->isnum = 0;
        }
    }
    qsort(ks, n, sizeof *ks, key_cmp);
    for (size_t i = 0; i < n; i++) {
        out[i] = awk_str_new(in, ks[i].e->k, ks[i].e->klen);
        awk_str_unref(in, ks[i].vs);
    }
    sk_free(in->a, ks);
    *np = n;
    return out;
}

int awk_array_set_str(awk_interp *in, awk_array *arr, const char *key, awk_val v)
{
    awk_val *slot = awk_array_get(in, arr, key, strlen(key), NULL, 1);
    if (!slot) { awk_val_free(in, &v); return -1; }
    awk_val_free(in, slot);
    *slot = v;
    return 0;
}

int awk_array_set_num(awk_interp *in, awk_array *arr, double key, awk_val v)
{
    awk_val kv = awk_num(key);
    awk_key k;
    awk_key_make(in, &kv, &k);
    awk_val *slot = awk_array_get(in, arr, k.p, k.n, k.s, 1);
    awk_key_done(in, &k);
    if (!slot) { awk_val_free(in, &v); return -1; }
    awk_val_free(in, slot);
    *slot = v;
    return 0;
}
