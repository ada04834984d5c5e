/* alloc.c — accounting allocator over the system malloc.
 * Must never abort, never keep global state: everything is in sk_alloc. */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

#define HDR 16 /* keeps max_align_t alignment of the payload */

void sk_alloc_init(sk_alloc *a, size_t limit)
{
    memset(a, 0, sizeof *a);
    a->limit = limit;
}

static int charge(sk_alloc *a, size_t n)
{
    if (a->limit && (n > a->limit || a->used > a->limit - n)) {
        if (!a->hit) a->hit = SK_ALLOC_LIMIT;
        return -1;
    }
    if (a->count_limit && a->count >= a->count_limit) {
        if (!a->hit) a->hit = SK_ALLOC_COUNT;
        return -1;
    }
    a->used += n;
    a->count++;
    if (a->used > a->peak) a->peak = a->used;
    return 0;
}

int sk_alloc_charge(sk_alloc *a, size_t n) { return charge(a, n); }

void sk_alloc_release(sk_alloc *a, size_t n) { a->used -= n < a->used ? n : a->used; }

void *sk_malloc(sk_alloc *a, size_t n)
{
    if (n > SIZE_MAX - HDR) { if (!a->hit) a->hit = SK_ALLOC_LIMIT; return NULL; }
    if (charge(a, n + HDR)) return NULL;
    unsigned char *p = malloc(n + HDR);
    if (!p) {
        a->used -= n + HDR;
        if (!a->hit) a->hit = SK_ALLOC_SYSTEM;
        return NULL;
    }
    memcpy(p, &n, sizeof n);
    return p + HDR;
}

void *sk_calloc(sk_alloc *a, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) { if (!a->hit) a->hit = SK_ALLOC_LIMIT; return NULL; }
    void *p = sk_malloc(a, n * size);
    if (p) memset(p, 0, n * size);
    return p;
}

size_t sk_msize(const void *p)
{
    size_t n;
    memcpy(&n, (const unsigned char *)p - HDR, sizeof n);
    return n;
}

void sk_free(sk_alloc *a, void *p)
{
    if (!p) return;
    unsigned char *base = (unsigned char *)p - HDR;
    size_t n;
    memcpy(&n, base, sizeof n);
    a->used -= n + HDR;
    free(base);
}

void *sk_realloc(sk_alloc *a, void *p, size_t n)
{
    if (!p) return sk_malloc(a, n);
    if (n > SIZE_MAX - HDR) { if (!a->hit) a->hit = SK_ALLOC_LIMIT; return NULL; }
    unsigned char *base = (unsigned char *)p - HDR;
    size_t old;
    memcpy(&old, base, sizeof old);
    if (n > old) {
        if (charge(a, n - old)) return NULL;
        a->count--; /* a resize is not a new allocation */
    }
    unsigned char *q = realloc(base, n + HDR);
    if (!q) {
        if (n > old) a->used -= n - old;
        if (!a->hit) a->hit = SK_ALLOC_SYSTEM;
        return NULL;
    }
    if (n < old) a->used -= old - n;
    memcpy(q, &n, sizeof n);
    return q + HDR;
}

void *sk_alloc_sized(sk_alloc *a, size_t n)
{
    if (charge(a, n)) return NULL;
    void *p = malloc(n ? n : 1);
    if (!p) {
        a->used -= n;
        if (!a->hit) a->hit = SK_ALLOC_SYSTEM;
    }
    return p;
}

void *sk_realloc_sized(sk_alloc *a, void *p, size_t old, size_t n)
{
    if (!p) return sk_alloc_sized(a, n);
    if (n > old) {
        if (charge(a, n - old)) return NULL;
        a->count--;
    }
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        if (n > old) a->used -= n - old;
        if (!a->hit) a->hit = SK_ALLOC_SYSTEM;
        return NULL;
    }
    if (n < old) a->used -= old - n;
    return q;
}

void sk_free_sized(sk_alloc *a, void *p, size_t n)
{
    if (!p) return;
    a->used -= n;
    free(p);
}

char *sk_strndup(sk_alloc *a, const char *s, size_t n)
{
    char *p = sk_malloc(a, n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *sk_strdup(sk_alloc *a, const char *s) { return sk_strndup(a, s, strlen(s)); }

void *sk_memdup(sk_alloc *a, const void *src, size_t n)
{
    void *p = sk_malloc(a, n ? n : 1);
    if (p && n) memcpy(p, src, n);
    return p;
}
