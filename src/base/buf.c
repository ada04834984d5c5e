/* buf.c — growable byte buffer. */
#include "buf.h"

#include <stdio.h>
#include <string.h>

void sk_buf_init(sk_buf *b, sk_alloc *a)
{
    b->p = NULL;
    b->len = b->cap = 0;
    b->a = a;
}

int sk_buf_reserve(sk_buf *b, size_t extra)
{
    if (extra > SIZE_MAX - b->len - 1) return -1;
    size_t need = b->len + extra + 1;
    if (need <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 32;
    while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    char *p = sk_realloc(b->a, b->p, cap);
    if (!p) return -1;
    b->p = p;
    b->cap = cap;
    return 0;
}

int sk_buf_put(sk_buf *b, const void *p, size_t n)
{
    if (sk_buf_reserve(b, n)) return -1;
    if (n) memcpy(b->p + b->len, p, n);
    b->len += n;
    b->p[b->len] = 0;
    return 0;
}

int sk_buf_putc(sk_buf *b, int c)
{
    if (b->len + 1 >= b->cap && sk_buf_reserve(b, 1)) return -1;
    b->p[b->len++] = (char)c;
    b->p[b->len] = 0;
    return 0;
}

int sk_buf_puts(sk_buf *b, const char *s) { return sk_buf_put(b, s, strlen(s)); }

int sk_buf_vprintf(sk_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    char tmp[256];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap2);
    va_end(ap2);
    if (n < 0) return -1;
    if ((size_t)n < sizeof tmp) return sk_buf_put(b, tmp, (size_t)n);
    if (sk_buf_reserve(b, (size_t)n)) return -1;
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return 0;
}

int sk_buf_printf(sk_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = sk_buf_vprintf(b, fmt, ap);
    va_end(ap);
    return r;
}

void sk_buf_clear(sk_buf *b)
{
    b->len = 0;
    if (b->p) b->p[0] = 0;
}

void sk_buf_free(sk_buf *b)
{
    sk_free(b->a, b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

char *sk_buf_take(sk_buf *b, size_t *len)
{
    if (!b->p && sk_buf_reserve(b, 0)) return NULL;
    b->p[b->len] = 0;   /* a fresh (empty) buffer has no terminator yet */
    char *p = b->p;
    if (len) *len = b->len;
    b->p = NULL;
    b->len = b->cap = 0;
    return p;
}

const char *sk_buf_cstr(sk_buf *b) { return b->p ? b->p : ""; }
