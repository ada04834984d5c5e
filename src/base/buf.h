/* buf.h — growable byte buffers charged to a shell's allocator.
 * Every append returns 0, or -1 when the allocator refuses (the buffer is
 * left unchanged and still valid).  Contents are bytes; a NUL terminator is
 * kept after `len` for convenience but is not part of the data. */
#ifndef SK_BASE_BUF_H
#define SK_BASE_BUF_H

#include <stdarg.h>
#include <stddef.h>

#include "alloc.h"

typedef struct sk_buf {
    char *p;        /* NULL until the first append */
    size_t len, cap;
    sk_alloc *a;
} sk_buf;

#define SK_BUF_INIT(alloc) { NULL, 0, 0, (alloc) }

void sk_buf_init(sk_buf *b, sk_alloc *a);
int sk_buf_reserve(sk_buf *b, size_t extra);
int sk_buf_put(sk_buf *b, const void *p, size_t n);
int sk_buf_putc(sk_buf *b, int c);
int sk_buf_puts(sk_buf *b, const char *s);
int sk_buf_printf(sk_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int sk_buf_vprintf(sk_buf *b, const char *fmt, va_list ap);
void sk_buf_clear(sk_buf *b);                 /* len = 0, keeps storage */
void sk_buf_free(sk_buf *b);
/* Hand the storage to the caller (NUL-terminated, allocated with sk_malloc
 * from b->a; never NULL unless allocation failed).  The buffer is reset. */
char *sk_buf_take(sk_buf *b, size_t *len);
const char *sk_buf_cstr(sk_buf *b);           /* "" when empty */

#endif
