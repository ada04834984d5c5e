/* gz.c — see gz.h.  The gzip header and trailer are written and parsed
 * here (RFC 1952); zlib does raw deflate/inflate with the sandbox's
 * allocator. */
#include "gz.h"

#include <string.h>
#include <zlib.h>

#define GZ_CHUNK 16384

static voidpf z_alloc(voidpf ud, uInt items, uInt size)
{
    if (size && items > (uInt)-1 / size) return Z_NULL;
    return sk_malloc(ud, (size_t)items * size);
}

static void z_free(voidpf ud, voidpf p) { sk_free(ud, p); }

const char *gz_strerror(int rc)
{
    switch (rc) {
    case GZ_ERR_READ: return "read error";
    case GZ_ERR_FORMAT: return "not in gzip format";
    case GZ_ERR_CORRUPT: return "invalid compressed data--format violated";
    case GZ_ERR_EOF: return "unexpected end of file";
    case GZ_ERR_NOMEM: return "out of memory";
    case GZ_ERR_ABORT: return "interrupted";
    default: return "error";
    }
}

/* ---- a byte source over sk_in ---------------------------------------- */

typedef struct src {
    sk_in *in;
    unsigned char buf[GZ_CHUNK];
    size_t pos, len;
    int eof, err;
    uint64_t consumed;
} src;

static int src_fill(src *s)
{
    if (s->pos < s->len) return 1;
    if (s->eof || s->err) return 0;
    int64_t n = sk_in_read(s->in, s->buf, sizeof s->buf);
    if (n < 0) {
        s->err = 1;
        return 0;
    }
    if (n == 0) {
        s->eof = 1;
        return 0;
    }
    s->pos = 0;
    s->len = (size_t)n;
    return 1;
}

static int src_byte(src *s)
{
    if (!src_fill(s)) return -1;
    s->consumed++;
    return s->buf[s->pos++];
}

/* ---- compression ------------------------------------------------------- */

int gz_compress(sk_cmd *c, sk_in *in, gz_sink_fn sink, void *ud, int level, const char *name,
                uint32_t mtime, gz_info *info)
{
    memset(info, 0, sizeof *info);
    unsigned char hdr[10] = { 0x1f, 0x8b, 8, name ? 8 : 0, (unsigned char)mtime, (unsigned char)(mtime >> 8),
                              (unsigned char)(mtime >> 16), (unsigned char)(mtime >> 24),
                              (unsigned char)(level >= 9 ? 2 : level <= 1 ? 4 : 0), 3 };
    if (sink(ud, hdr, sizeof hdr)) return GZ_ERR_SINK;
    info->out_bytes = 10;
    if (name) {
        size_t nl = strlen(name) + 1;
        if (sink(ud, name, nl)) return GZ_ERR_SINK;
        info->out_bytes += nl;
    }
    info->header_bytes = info->out_bytes + 8;
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    zs.zalloc = z_alloc;
    zs.zfree = z_free;
    zs.opaque = c->a;
    if (deflateInit2(&zs, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return GZ_ERR_NOMEM;
    unsigned char *ibuf = sk_malloc(c->a, GZ_CHUNK), *obuf = sk_malloc(c->a, GZ_CHUNK);
    uLong crc = crc32(0L, Z_NULL, 0);
    int rc = GZ_OK;
    if (!ibuf || !obuf) rc = GZ_ERR_NOMEM;
    int flush = Z_NO_FLUSH;
    while (!rc && flush != Z_FINISH) {
        int64_t n = sk_in_read(in, ibuf, GZ_CHUNK);
        if (n < 0) {
            rc = n == SK_IO_ABORT ? GZ_ERR_ABORT : GZ_ERR_READ;
            break;
        }
        if (n == 0) flush = Z_FINISH;
        crc = crc32(crc, ibuf, (uInt)n);
        info->in_bytes += (uint64_t)n;
        zs.next_in = ibuf;
        zs.avail_in = (uInt)n;
        do {
            zs.next_out = obuf;
            zs.avail_out = GZ_CHUNK;
            int zr = deflate(&zs, flush);
            if (zr == Z_STREAM_ERROR) {
                rc = GZ_ERR_CORRUPT;
                break;
            }
            size_t have = GZ_CHUNK - zs.avail_out;
            if (have && sink(ud, obuf, have)) {
                rc = GZ_ERR_SINK;
                break;
            }
            info->out_bytes += have;
        } while (zs.avail_out == 0);
        if (cmd_aborted(c)) rc = GZ_ERR_ABORT;
    }
    deflateEnd(&zs);
    sk_free(c->a, ibuf);
    sk_free(c->a, obuf);
    if (rc) return rc;
    uint32_t isize = (uint32_t)info->in_bytes;
    unsigned char tr[8] = { (unsigned char)crc, (unsigned char)(crc >> 8), (unsigned char)(crc >> 16),
                            (unsigned char)(crc >> 24), (unsigned char)isize, (unsigned char)(isize >> 8),
                            (unsigned char)(isize >> 16), (unsigned char)(isize >> 24) };
    if (sink(ud, tr, sizeof tr)) return GZ_ERR_SINK;
    info->out_bytes += 8;
    return GZ_OK;
}

/* ---- decompression ------------------------------------------------------ */

/* Parse a member header after the two magic bytes. */
static int read_header(src *s, gz_info *info, int first)
{
    int cm = src_byte(s), flg = src_byte(s);
    if (cm < 0 || flg < 0) return GZ_ERR_EOF;
    if (cm != 8) return GZ_ERR_FORMAT;
    uint32_t mt = 0;
    for (int i = 0; i < 4; i++) {
        int b = src_byte(s);
        if (b < 0) return GZ_ERR_EOF;
        mt |= (uint32_t)b << (8 * i);
    }
    if (src_byte(s) < 0 || src_byte(s) < 0) return GZ_ERR_EOF; /* XFL, OS */
    if (first) info->mtime = mt;
    if (flg & 4) {
        int a = src_byte(s), b = src_byte(s);
        if (a < 0 || b < 0) return GZ_ERR_EOF;
        for (int n = a | b << 8; n > 0; n--)
            if (src_byte(s) < 0) return GZ_ERR_EOF;
    }
    if (flg & 8) {
        size_t k = 0;
        int b;
        while ((b = src_byte(s)) > 0)
            if (first && k + 1 < sizeof info->name) info->name[k++] = (char)b;
        if (b < 0) return GZ_ERR_EOF;
        if (first) info->name[k] = 0;
    }
    if (flg & 16) {
        int b;
        while ((b = src_byte(s)) > 0) continue;
        if (b < 0) return GZ_ERR_EOF;
    }
    if (flg & 2)
        if (src_byte(s) < 0 || src_byte(s) < 0) return GZ_ERR_EOF;
    return GZ_OK;
}

int gz_decompress(sk_cmd *c, sk_in *in, gz_sink_fn sink, void *ud, gz_info *info, int passthrough)
{
    memset(info, 0, sizeof *info);
    src *s = sk_malloc(c->a, sizeof *s);
    unsigned char *obuf = sk_malloc(c->a, GZ_CHUNK);
    if (!s || !obuf) {
        sk_free(c->a, s);
        sk_free(c->a, obuf);
        return GZ_ERR_NOMEM;
    }
    s->pos = s->len = 0;
    s->eof = s->err = 0;
    s->consumed = 0;
    s->in = in;
    int rc = GZ_OK;
    for (int member = 0;; member++) {
        int b0 = src_byte(s);
        if (b0 < 0) {
            if (member == 0) rc = s->err ? GZ_ERR_READ : passthrough ? GZ_OK : GZ_ERR_EOF;
            break;
        }
        int b1 = src_byte(s);
        if (b0 != 0x1f || b1 != 0x8b) {
            if (member == 0 && passthrough) {
                unsigned char two[2] = { (unsigned char)b0, (unsigned char)b1 };
                if (sink(ud, two, b1 < 0 ? 1 : 2)) {
                    rc = GZ_ERR_SINK;
                    break;
                }
                while (src_fill(s)) {
                    if (sink(ud, s->buf + s->pos, s->len - s->pos)) {
                        rc = GZ_ERR_SINK;
                        break;
                    }
                    info->out_bytes += s->len - s->pos;
                    s->consumed += s->len - s->pos;
                    s->pos = s->len;
                }
                if (!rc && s->err) rc = GZ_ERR_READ;
            } else if (member == 0) {
                rc = b1 < 0 ? GZ_ERR_EOF : GZ_ERR_FORMAT;
            } else {
                /* trailing garbage (zero padding is tolerated quietly) */
                int nonzero = b0 != 0 || (b1 > 0);
                while (!nonzero && src_fill(s)) {
                    for (size_t i = s->pos; i < s->len; i++)
                        if (s->buf[i]) nonzero = 1;
                    s->consumed += s->len - s->pos;
                    s->pos = s->len;
                }
                info->trailing_garbage = nonzero;
            }
            break;
        }
        uint64_t hstart = s->consumed - 2;
        rc = read_header(s, info, member == 0);
        if (rc) break;
        info->header_bytes += s->consumed - hstart + 8;
        z_stream zs;
        memset(&zs, 0, sizeof zs);
        zs.zalloc = z_alloc;
        zs.zfree = z_free;
        zs.opaque = c->a;
        if (inflateInit2(&zs, -15) != Z_OK) {
            rc = GZ_ERR_NOMEM;
            break;
        }
        uLong crc = crc32(0L, Z_NULL, 0);
        uint64_t size = 0;
        int zr = Z_OK;
        while (zr != Z_STREAM_END) {
            if (!src_fill(s)) {
                rc = s->err ? GZ_ERR_READ : GZ_ERR_EOF;
                break;
            }
            zs.next_in = s->buf + s->pos;
            zs.avail_in = (uInt)(s->len - s->pos);
            do {
                zs.next_out = obuf;
                zs.avail_out = GZ_CHUNK;
                zr = inflate(&zs, Z_NO_FLUSH);
                if (zr == Z_NEED_DICT || zr == Z_DATA_ERROR || zr == Z_STREAM_ERROR) {
                    rc = GZ_ERR_CORRUPT;
                    break;
                }
                if (zr == Z_MEM_ERROR) {
                    rc = GZ_ERR_NOMEM;
                    break;
                }
                size_t have = GZ_CHUNK - zs.avail_out;
                crc = crc32(crc, obuf, (uInt)have);
                size += have;
                if (have && sink(ud, obuf, have)) {
                    rc = GZ_ERR_SINK;
                    break;
                }
                if (zr == Z_BUF_ERROR && zs.avail_in == 0) break;
            } while (zs.avail_out == 0 && zr != Z_STREAM_END);
            size_t used = (size_t)(zs.next_in - (s->buf + s->pos));
            s->pos += used;
            s->consumed += used;
            if (rc) break;
            if (cmd_aborted(c)) {
                rc = GZ_ERR_ABORT;
                break;
            }
        }
        inflateEnd(&zs);
        if (rc) break;
        uint32_t want_crc = 0, want_size = 0;
        for (int i = 0; i < 8; i++) {
            int b = src_byte(s);
            if (b < 0) {
                rc = GZ_ERR_EOF;
                break;
            }
            if (i < 4) want_crc |= (uint32_t)b << (8 * i);
            else want_size |= (uint32_t)b << (8 * (i - 4));
        }
        if (rc) break;
        if (want_crc != (uint32_t)crc || want_size != (uint32_t)size) {
            rc = GZ_ERR_CORRUPT;
            break;
        }
        info->out_bytes += size;
    }
    info->in_bytes = s->consumed;
    sk_free(c->a, s);
    sk_free(c->a, obuf);
    return rc;
}

/* ---- in memory ------------------------------------------------------------ */

typedef struct bufsink {
    sk_buf *b;
    uint64_t max;
    size_t start;
} bufsink;

static int buf_sink(void *ud, const void *p, size_t n)
{
    bufsink *s = ud;
    if (s->max && s->b->len - s->start + n > s->max) return 1;
    return sk_buf_put(s->b, p, n);
}

static int mem_in(sk_cmd *c, const void *p, size_t n, sk_in *in)
{
    sk_stream *st = sk_stream_mem(c->run, p, n, 0);
    if (!st) return -1;
    sk_stream_open(st, SK_RD);
    if (sk_in_init(in, c->a, st, GZ_CHUNK)) {
        sk_stream_close(st, SK_RD);
        return -1;
    }
    return 0;
}

static void mem_in_done(sk_in *in)
{
    sk_stream *st = in->s;
    sk_in_free(in);
    if (st) sk_stream_close(st, SK_RD);
}

int gz_compress_buf(sk_cmd *c, const void *p, size_t n, int level, sk_buf *out)
{
    sk_in in;
    if (mem_in(c, p, n, &in)) return GZ_ERR_NOMEM;
    bufsink bs = { out, 0, out->len };
    gz_info info;
    int rc = gz_compress(c, &in, buf_sink, &bs, level, NULL, 0, &info);
    mem_in_done(&in);
    return rc;
}

int gz_decompress_buf(sk_cmd *c, const void *p, size_t n, uint64_t max, sk_buf *out)
{
    sk_in in;
    if (mem_in(c, p, n, &in)) return GZ_ERR_NOMEM;
    bufsink bs = { out, max, out->len };
    gz_info info;
    int rc = gz_decompress(c, &in, buf_sink, &bs, &info, 0);
    mem_in_done(&in);
    return rc;
}
