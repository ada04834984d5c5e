/* bytes.h — the growable sink behind the public opaque `sk_bytes`.
 *
 * A backend (or a host Python function) appends with sk_bytes_append; the
 * bytes land in an sk_buf the library owns, charged to the shell's
 * allocator.  `max` bounds what one sink may receive, so a backend cannot
 * make a bounded read allocate without limit. */
#ifndef SK_FS_BYTES_H
#define SK_FS_BYTES_H

#include <stdint.h>

#include "base/buf.h"
#include "sandkiste.h"

struct sk_bytes {
    sk_buf *buf;        /* destination (not owned) */
    size_t start;       /* buf->len when the sink was set up */
    uint64_t max;       /* most bytes this sink accepts; 0 = unlimited */
};

/* Set up `b` to append to `buf`, accepting at most `max` bytes (0 = no cap).
 * sk_bytes_append then returns SK_OK, SK_EFBIG (over `max`; nothing is
 * appended) or SK_NOMEM (the allocator refused). */
static inline void sk_bytes_init(sk_bytes *b, sk_buf *buf, uint64_t max)
{
    b->buf = buf;
    b->start = buf->len;
    b->max = max;
}

/* Bytes appended through this sink so far. */
static inline size_t sk_bytes_len(const sk_bytes *b) { return b->buf->len - b->start; }

#endif
