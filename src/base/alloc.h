/* alloc.h — the per-shell accounting allocator.
 *
 * Every byte a shell (and its Python interpreter) holds is allocated here and
 * counted against `limit` (max_memory).  Going over the limit, or a failed
 * system allocation, returns NULL and records why in `hit`; callers propagate
 * the NULL as an ordinary error.  Nothing here ever aborts.
 *
 * Two families:
 *   sk_malloc/sk_realloc/sk_free     carry a 16-byte size header, so a free
 *                                    needs no size (general use);
 *   sk_alloc_sized/sk_free_sized     no header; the caller passes the size
 *                                    back (hot paths: object pools, arenas).
 * Both are charged to the same counter.  Never mix them on one pointer.
 */
#ifndef SK_BASE_ALLOC_H
#define SK_BASE_ALLOC_H

#include <stddef.h>
#include <stdint.h>

enum {
    SK_ALLOC_OK = 0,
    SK_ALLOC_LIMIT = 1,      /* max_memory reached */
    SK_ALLOC_SYSTEM = 2,     /* the system allocator said no */
    SK_ALLOC_COUNT = 3,      /* max_allocations reached */
};

typedef struct sk_alloc {
    size_t used;             /* live bytes charged, headers included */
    size_t peak;             /* high-water mark of used */
    size_t limit;            /* 0 = unlimited */
    uint64_t count;          /* allocations made since the counter was reset */
    uint64_t count_limit;    /* 0 = unlimited (Python's max_allocations) */
    int hit;                 /* sticky SK_ALLOC_* of the first failure */
} sk_alloc;

void sk_alloc_init(sk_alloc *a, size_t limit);

void *sk_malloc(sk_alloc *a, size_t n);
void *sk_calloc(sk_alloc *a, size_t n, size_t size);
void *sk_realloc(sk_alloc *a, void *p, size_t n);
void sk_free(sk_alloc *a, void *p);
/* Size of a block from sk_malloc (what was asked for). */
size_t sk_msize(const void *p);

void *sk_alloc_sized(sk_alloc *a, size_t n);
void *sk_realloc_sized(sk_alloc *a, void *p, size_t old, size_t n);
void sk_free_sized(sk_alloc *a, void *p, size_t n);

char *sk_strdup(sk_alloc *a, const char *s);
char *sk_strndup(sk_alloc *a, const char *s, size_t n);
void *sk_memdup(sk_alloc *a, const void *p, size_t n);

/* Charge or release bytes held outside this allocator (e.g. a host buffer
 * a command keeps alive).  sk_alloc_charge returns 0 or -1 on limit. */
int sk_alloc_charge(sk_alloc *a, size_t n);
void sk_alloc_release(sk_alloc *a, size_t n);

#endif
