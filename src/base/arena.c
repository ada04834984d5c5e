/* arena.c — chunked bump allocator over sk_alloc. */
#include "arena.h"

#include <string.h>

struct sk_arena_chunk {
    sk_arena_chunk *prev;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

void sk_arena_init(sk_arena *ar, sk_alloc *a, size_t chunk_size)
{
    ar->a = a;
    ar->head = NULL;
    ar->chunk_size = chunk_size ? chunk_size : 4096;
}

void *sk_arena_alloc(sk_arena *ar, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    sk_arena_chunk *c = ar->head;
    if (!c || c->size - c->used < n) {
        size_t sz = n > ar->chunk_size ? n : ar->chunk_size;
        if (sz > SIZE_MAX - sizeof *c) return NULL;
        c = sk_alloc_sized(ar->a, sizeof *c + sz);
        if (!c) return NULL;
        c->size = sz;
        c->used = 0;
        c->prev = ar->head;
        ar->head = c;
        /* grow chunk size geometrically, up to 64 KiB, for big trees */
        if (ar->chunk_size < 65536) ar->chunk_size *= 2;
    }
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

void *sk_arena_zalloc(sk_arena *ar, size_t n)
{
    void *p = sk_arena_alloc(ar, n);
    if (p) memset(p, 0, n);
    return p;
}

char *sk_arena_strndup(sk_arena *ar, const char *s, size_t n)
{
    char *p = sk_arena_alloc(ar, n + 1);
    if (!p) return NULL;
    if (n) memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void *sk_arena_memdup(sk_arena *ar, const void *src, size_t n)
{
    void *p = sk_arena_alloc(ar, n ? n : 1);
    if (p && n) memcpy(p, src, n);
    return p;
}

sk_arena_mark sk_arena_save(sk_arena *ar)
{
    sk_arena_mark m = { ar->head, ar->head ? ar->head->used : 0 };
    return m;
}

void sk_arena_restore(sk_arena *ar, sk_arena_mark m)
{
    while (ar->head && ar->head != m.chunk) {
        sk_arena_chunk *c = ar->head;
        ar->head = c->prev;
        sk_free_sized(ar->a, c, sizeof *c + c->size);
    }
    if (ar->head) ar->head->used = m.used;
}

void sk_arena_free(sk_arena *ar)
{
    sk_arena_mark m = { NULL, 0 };
    sk_arena_restore(ar, m);
}

size_t sk_arena_bytes(const sk_arena *ar)
{
    size_t n = 0;
    for (const sk_arena_chunk *c = ar->head; c; c = c->prev) n += c->size;
    return n;
}
