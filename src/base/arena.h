/* arena.h — bump allocation for data that dies together (ASTs, one
 * expansion's temporaries).  Chunks come from the accounting allocator, so
 * an arena counts against max_memory like everything else.  Allocation
 * failure returns NULL; nothing aborts.  A mark/reset pair rewinds an arena
 * to an earlier point without freeing its chunks. */
#ifndef SK_BASE_ARENA_H
#define SK_BASE_ARENA_H

#include "alloc.h"

typedef struct sk_arena_chunk sk_arena_chunk;

typedef struct sk_arena {
    sk_alloc *a;
    sk_arena_chunk *head;    /* current chunk (most recent) */
    size_t chunk_size;       /* default chunk payload size */
} sk_arena;

typedef struct sk_arena_mark {
    sk_arena_chunk *chunk;
    size_t used;
} sk_arena_mark;

void sk_arena_init(sk_arena *ar, sk_alloc *a, size_t chunk_size);
void *sk_arena_alloc(sk_arena *ar, size_t n);           /* 16-byte aligned */
void *sk_arena_zalloc(sk_arena *ar, size_t n);
char *sk_arena_strndup(sk_arena *ar, const char *s, size_t n);
void *sk_arena_memdup(sk_arena *ar, const void *p, size_t n);
sk_arena_mark sk_arena_save(sk_arena *ar);
void sk_arena_restore(sk_arena *ar, sk_arena_mark m);   /* frees later chunks */
void sk_arena_free(sk_arena *ar);                       /* releases every chunk */
size_t sk_arena_bytes(const sk_arena *ar);              /* bytes reserved */

#endif
