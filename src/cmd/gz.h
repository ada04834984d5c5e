/* gz.h — gzip streams over zlib for gzip/gunzip/zcat and tar -z.
 * zlib allocates through the sandbox allocator; nothing here touches the
 * host.  Sources are sk_in readers; sinks are callbacks. */
#ifndef SK_CMD_GZ_H
#define SK_CMD_GZ_H

#include <stdint.h>

#include "cmd.h"

/* A sink returns 0, or non-zero to stop (the error is the caller's). */
typedef int (*gz_sink_fn)(void *ud, const void *p, size_t n);

enum {
    GZ_OK = 0,
    GZ_ERR_READ = 1,      /* the source failed */
    GZ_ERR_SINK = 2,      /* the sink refused */
    GZ_ERR_FORMAT = 3,    /* not in gzip format */
    GZ_ERR_CORRUPT = 4,   /* invalid compressed data / crc error */
    GZ_ERR_EOF = 5,       /* unexpected end of file */
    GZ_ERR_NOMEM = 6,
    GZ_ERR_ABORT = 7,     /* the run is ending */
};

typedef struct gz_info {
    uint64_t in_bytes, out_bytes;   /* consumed / produced */
    uint64_t header_bytes;          /* gzip header + trailer bytes (for ratios) */
    int trailing_garbage;           /* decompression: bytes after the last member */
    char name[256];                 /* decompression: FNAME of the first member */
    uint32_t mtime;                 /* decompression: MTIME of the first member */
} gz_info;

/* Compress `in` into one gzip member.  name may be NULL (no FNAME); level
 * 1..9. */
int gz_compress(sk_cmd *c, sk_in *in, gz_sink_fn sink, void *ud, int level, const char *name,
                uint32_t mtime, gz_info *info);
/* Decompress every member of `in`.  passthrough (gzip -dcf): data that is
 * not in gzip format is copied to the sink unchanged. */
int gz_decompress(sk_cmd *c, sk_in *in, gz_sink_fn sink, void *ud, gz_info *info, int passthrough);
/* Messages for the GZ_ERR_* codes ("not in gzip format", ...). */
const char *gz_strerror(int rc);

/* In-memory helpers for tar: append the result to `out`; max bounds the
 * decompressed size (0 = none; exceeding it is GZ_ERR_SINK). */
int gz_compress_buf(sk_cmd *c, const void *p, size_t n, int level, sk_buf *out);
int gz_decompress_buf(sk_cmd *c, const void *p, size_t n, uint64_t max, sk_buf *out);

#endif
