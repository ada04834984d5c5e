/* bytes.c — sk_bytes_append, the one way a backend returns bulk data. */
#include "fs/bytes.h"

int sk_bytes_append(sk_bytes *out, const void *data, size_t n)
{
    if (!out || !out->buf) return SK_INVALID;
    if (n == 0) return SK_OK;
    if (out->max) {
        uint64_t have = (uint64_t)(out->buf->len - out->start);
        if (have > out->max || n > out->max - have) return SK_EFBIG;
    }
    return sk_buf_put(out->buf, data, n) ? SK_NOMEM : SK_OK;
}
