/* jqv_cmp.c — jq's total order over values, equality, containment and a
 * stable sort.  Recursion follows the data; it is bounded by a depth
 * counter and the C-stack guard, and going too deep sets h->too_deep
 * (the evaluator reports it as an error). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/stack.h"
#include "jv.h"

#define CMP_MAX_DEPTH 10000

/* A decimal literal split into sign, significant digits and exponent
 * (value = 0.DIGITS x 10^pos); for comparing two literals exactly, as
 * jq 1.7 does with decNumber. */
typedef struct dec {
    int neg, zero;
    long long pos;
    const char *d;     /* digits without leading/trailing zeros, not contiguous: */
    char buf[96];
    size_t nd;
} dec;

static int dec_parse(const char *s, size_t n, dec *x)
{
    size_t i = 0, nd = 0;
    long long intdigits = 0;
    int point = 0, started = 0;
    x->neg = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) { x->neg = s[i] == '-'; i++; }
    long long lead_frac_zeros = 0;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '.') { point = 1; continue; }
        if (c < '0' || c > '9') break;
        if (!started && c == '0') {
            if (point) lead_frac_zeros++;
            continue;
        }
        started = 1;
        if (nd >= sizeof x->buf) return -1;
        x->buf[nd++] = c;
        if (!point) intdigits++;
    }
    long long e = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int en = 0;
        if (i < n && (s[i] == '-' || s[i] == '+')) { en = s[i] == '-'; i++; }
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            if (e < 100000000) e = e * 10 + (s[i] - '0');
        if (en) e = -e;
    }
    while (nd > 0 && x->buf[nd - 1] == '0') nd--;
    x->nd = nd;
    x->d = x->buf;
    x->zero = nd == 0;
    x->pos = (intdigits ? intdigits : -lead_frac_zeros) + e;
    return 0;
}

static int dec_cmp(const dec *a, const dec *b)
{
    if (a->zero && b->zero) return 0;
    int sa = a->zero ? 0 : a->neg ? -1 : 1;
    int sb = b->zero ? 0 : b->neg ? -1 : 1;
    if (sa != sb) return sa < sb ? -1 : 1;
    int mag;
    if (a->pos != b->pos) mag = a->pos < b->pos ? -1 : 1;
    else {
        size_t n = a->nd < b->nd ? a->nd : b->nd;
        int r = memcmp(a->d, b->d, n);
        mag = r ? (r < 0 ? -1 : 1) : a->nd == b->nd ? 0 : a->nd < b->nd ? -1 : 1;
    }
    return sa < 0 ? -mag : mag;
}

static int num_cmp(jv a, jv b)
{
    if (a.lit && b.lit) {
        dec x, y;
        if (dec_parse(a.u.l->p, a.u.l->len, &x) == 0 && dec_parse(b.u.l->p, b.u.l->len, &y) == 0)
            return dec_cmp(&x, &y);
    }
    double da = jqv_num(a), db = jqv_num(b);
    if (isnan(da)) return -1;
    if (isnan(db)) return 1;
    return da < db ? -1 : da > db ? 1 : 0;
}

static int str_cmp(jv a, jv b)
{
    size_t la = a.u.s->len, lb = b.u.s->len;
    int r = memcmp(a.u.s->p, b.u.s->p, la < lb ? la : lb);
    if (r) return r < 0 ? -1 : 1;
    return la < lb ? -1 : la > lb;
}

static int cmp_rec(jvh *h, jv a, jv b, int depth)
{
    if (a.kind != b.kind) {
        /* every kind sorts by its enum value; true/false are distinct kinds */
        return a.kind < b.kind ? -1 : 1;
    }
    switch (a.kind) {
    case JV_NUMBER: return num_cmp(a, b);
    case JV_STRING: return a.u.s == b.u.s ? 0 : str_cmp(a, b);
    case JV_ARRAY: {
        if (a.u.a == b.u.a) return 0;
        if (depth > CMP_MAX_DEPTH || sk_stack_low(h->stack_limit)) { h->too_deep = 1; return 0; }
        size_t na = a.u.a->len, nb = b.u.a->len;
        for (size_t i = 0; i < na && i < nb; i++) {
            int r = cmp_rec(h, a.u.a->v[i], b.u.a->v[i], depth + 1);
            if (r) return r;
        }
        return na < nb ? -1 : na > nb;
    }
    case JV_OBJECT: {
        if (a.u.o == b.u.o) return 0;
        if (depth > CMP_MAX_DEPTH || sk_stack_low(h->stack_limit)) { h->too_deep = 1; return 0; }
        /* keys first (as sorted arrays), then values in key order */
        uint32_t *ka = jqv_object_sorted_slots(h, a);
        uint32_t *kb = jqv_object_sorted_slots(h, b);
        int r = 0;
        if (!ka || !kb) goto out;
        uint32_t na = a.u.o->count, nb = b.u.o->count;
        for (uint32_t i = 0; i < na && i < nb && !r; i++) {
            jv x = jqv_mk(JV_STRING), y = jqv_mk(JV_STRING);
            x.u.s = a.u.o->slots[ka[i]].key;
            y.u.s = b.u.o->slots[kb[i]].key;
            r = str_cmp(x, y);
        }
        if (!r && na != nb) r = na < nb ? -1 : 1;
        for (uint32_t i = 0; i < na && !r; i++)
            r = cmp_rec(h, a.u.o->slots[ka[i]].val, b.u.o->slots[kb[i]].val, depth + 1);
    out:
        if (ka) sk_free(h->a, ka);
        if (kb) sk_free(h->a, kb);
        return r;
    }
    default: return 0;
    }
}

int jqv_cmp(jvh *h, jv a, jv b) { return cmp_rec(h, a, b, 0); }

static int eq_rec(jvh *h, jv a, jv b, int depth)
{
    if (a.kind != b.kind) return 0;
    switch (a.kind) {
    case JV_NUMBER: return num_cmp(a, b) == 0 && !isnan(jqv_num(a));
    case JV_STRING: return a.u.s == b.u.s || (a.u.s->len == b.u.s->len && memcmp(a.u.s->p, b.u.s->p, a.u.s->len) == 0);
    case JV_ARRAY:
        if (a.u.a == b.u.a) return 1;
        if (a.u.a->len != b.u.a->len) return 0;
        if (depth > CMP_MAX_DEPTH || sk_stack_low(h->stack_limit)) { h->too_deep = 1; return 0; }
        for (uint32_t i = 0; i < a.u.a->len; i++)
            if (!eq_rec(h, a.u.a->v[i], b.u.a->v[i], depth + 1)) return 0;
        return 1;
    case JV_OBJECT:
        if (a.u.o == b.u.o) return 1;
        if (a.u.o->count != b.u.o->count) return 0;
        if (depth > CMP_MAX_DEPTH || sk_stack_low(h->stack_limit)) { h->too_deep = 1; return 0; }
        JV_OBJECT_FOREACH(a, s) {
            jv *o = jqv_object_find(b, s->key->p, s->key->len);
            if (!o || !eq_rec(h, s->val, *o, depth + 1)) return 0;
        }
        return 1;
    default: return 1;
    }
}

int jqv_equal(jvh *h, jv a, jv b) { return eq_rec(h, a, b, 0); }

static int contains_rec(jvh *h, jv a, jv b, int depth)
{
    if (depth > CMP_MAX_DEPTH || sk_stack_low(h->stack_limit)) { h->too_deep = 1; return 0; }
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) {
        JV_OBJECT_FOREACH(b, s) {
            jv *o = jqv_object_find(a, s->key->p, s->key->len);
            if (!o || !contains_rec(h, *o, s->val, depth + 1)) return 0;
        }
        return 1;
    }
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) {
        for (uint32_t i = 0; i < b.u.a->len; i++) {
            int found = 0;
            for (uint32_t j = 0; j < a.u.a->len && !found; j++)
                found = contains_rec(h, a.u.a->v[j], b.u.a->v[i], depth + 1);
            if (!found) return 0;
        }
        return 1;
    }
    if (a.kind == JV_STRING && b.kind == JV_STRING) {
        if (b.u.s->len == 0) return 1;
        return memmem(a.u.s->p, a.u.s->len, b.u.s->p, b.u.s->len) != NULL;
    }
    return eq_rec(h, a, b, depth);
}

int jqv_contains(jvh *h, jv a, jv b) { return contains_rec(h, a, b, 0); }

/* Stable merge sort of borrowed values. */
int jqv_sort_values(jvh *h, jv *v, size_t n)
{
    if (n < 2) return 0;
    jv *tmp = sk_malloc(h->a, n * sizeof *tmp);
    if (!tmp) { h->oom = 1; return -1; }
    /* insertion sort runs of 8, then merge */
    const size_t run = 8;
    for (size_t lo = 0; lo < n; lo += run) {
        size_t hi = lo + run < n ? lo + run : n;
        for (size_t i = lo + 1; i < hi; i++) {
            jv x = v[i];
            size_t j = i;
            while (j > lo && jqv_cmp(h, v[j - 1], x) > 0) { v[j] = v[j - 1]; j--; }
            v[j] = x;
        }
    }
    for (size_t width = run; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            if (mid >= hi) continue;
            size_t a = lo, b = mid, t = lo;
            while (a < mid && b < hi) tmp[t++] = jqv_cmp(h, v[a], v[b]) <= 0 ? v[a++] : v[b++];
            while (a < mid) tmp[t++] = v[a++];
            while (b < hi) tmp[t++] = v[b++];
            memcpy(v + lo, tmp + lo, (hi - lo) * sizeof *v);
        }
    }
    sk_free(h->a, tmp);
    return 0;
}
