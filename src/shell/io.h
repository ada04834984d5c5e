/* io.h — byte streams, pipes and file-descriptor tables of a shell.
 *
 * Everything a command reads or writes is an sk_stream: a bounded pipe
 * between fibers, a file in the virtual filesystem, a memory buffer (here-
 * documents, the exec's stdin), the exec's captured stdout/stderr (a
 * "sink" with the output caps), or a device (/dev/null, /dev/zero, random).
 * Streams are reference counted per end: a pipe knows how many read ends
 * and write ends are open, so a reader sees end-of-file when the last
 * writer closes and a writer sees a broken pipe (-EPIPE, exit 141) when the
 * last reader closes.  Reads from an empty pipe and writes to a full one
 * block the calling fiber through the scheduler; nothing here touches the
 * host.
 *
 * sk_fdtab maps descriptor numbers to (stream, mode) pairs; subshells and
 * pipeline stages copy it.  sk_out / sk_in are the buffered writer and
 * reader commands use. */
#ifndef SK_SHELL_IO_H
#define SK_SHELL_IO_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "base/buf.h"
#include "base/sched.h"
#include "sandkiste.h"

struct sk_vfs;

enum {
    SK_IO_EOF = 0,
    SK_IO_ERR = -1,      /* an error; see the stream's message */
    SK_IO_EPIPE = -2,    /* no reader any more */
    SK_IO_ABORT = -3,    /* the run is ending (limit, timeout, cancel) */
    SK_IO_BADF = -4,     /* not open for this direction */
};

typedef enum sk_stream_kind {
    SK_ST_NULL,          /* /dev/null: reads EOF, swallows writes */
    SK_ST_PIPE,          /* bounded buffer between fibers */
    SK_ST_MEM,           /* read-only bytes */
    SK_ST_FILE,          /* a path in the virtual filesystem */
    SK_ST_SINK,          /* the exec's stdout or stderr */
    SK_ST_BUF,           /* writes collect into a buffer ($(...)) */
    SK_ST_ZERO,          /* /dev/zero */
    SK_ST_RANDOM,        /* /dev/urandom, /dev/random */
} sk_stream_kind;

enum { SK_RD = 1, SK_WR = 2 };

/* What streams need from the running shell. */
typedef struct sk_iorun {
    sk_alloc *a;
    sk_sched *sched;
    const volatile int *abort;     /* non-zero: every blocking op returns SK_IO_ABORT */
    const struct sk_vfs *vfs;
    uint64_t *rng;                 /* state of /dev/urandom */
    /* Polled by long-running commands (cmd_aborted): checks the clock and
     * cancellation; non-zero when the run must end.  May be NULL. */
    int (*poll)(void *poll_ud);
    void *poll_ud;
} sk_iorun;

typedef struct sk_sink {
    sk_buf data;
    uint64_t cap;                  /* 0 = unlimited */
    uint64_t total;                /* bytes passed on (kept), at most cap */
    int truncated;
    int fd;                        /* 1 or 2, for the callback */
    sk_output_fn cb;
    void *cb_ud;
    int cb_stop;                   /* the callback asked to stop */
    int capture;                   /* keep the bytes in `data` */
} sk_sink;

typedef struct sk_stream sk_stream;

struct sk_stream {
    sk_stream_kind kind;
    int refs;                      /* holders (any end) */
    int readers, writers;          /* open ends */
    sk_iorun *run;
    union {
        struct {                   /* SK_ST_PIPE */
            char *buf;
            size_t cap, head, len; /* ring buffer */
            size_t limit;          /* the most it may hold */
            sk_task *rwait, *wwait;
        } pipe;
        struct {                   /* SK_ST_MEM */
            const char *p;
            size_t len, pos;
            char *owned;           /* freed with the stream when set */
        } mem;
        struct {                   /* SK_ST_FILE */
            char *path;            /* absolute, links resolved at open */
            uint64_t off;          /* read position */
            int append;            /* O_APPEND semantics for writes */
            uint64_t woff;         /* write position (non-append) */
        } file;
        sk_sink *sink;             /* SK_ST_SINK */
        sk_buf *buf;               /* SK_ST_BUF */
    } u;
    char *err;                     /* last error message, if any */
};

/* Constructors return a stream with refs = 0; attach it to an fd table or
 * take a reference with sk_stream_open. */
sk_stream *sk_stream_null(sk_iorun *run);
sk_stream *sk_stream_pipe(sk_iorun *run, size_t limit);
sk_stream *sk_stream_mem(sk_iorun *run, const char *p, size_t len, int copy);
sk_stream *sk_stream_sink(sk_iorun *run, sk_sink *sink);
sk_stream *sk_stream_buf(sk_iorun *run, sk_buf *buf);
sk_stream *sk_stream_dev(sk_iorun *run, sk_stream_kind kind);
/* Open a virtual file.  mode: SK_RD and/or SK_WR; flags below.  On failure
 * returns NULL and *status is an sk_status (SK_ENOENT, SK_EISDIR, ...). */
enum { SK_OPEN_TRUNC = 1, SK_OPEN_APPEND = 2, SK_OPEN_CREATE = 4, SK_OPEN_EXCL = 8 };
sk_stream *sk_stream_file(sk_iorun *run, const char *cwd, const char *path, int mode, int flags,
                          int *status);

/* Take / drop one end.  The stream is freed when refs reaches 0. */
void sk_stream_open(sk_stream *s, int mode);
void sk_stream_close(sk_stream *s, int mode);

/* Read up to n bytes: >0 bytes, 0 at EOF, <0 an SK_IO_* error. */
int64_t sk_stream_read(sk_stream *s, void *buf, size_t n);
/* Write all n bytes (blocking as needed): 0, or <0 an SK_IO_* error. */
int sk_stream_write(sk_stream *s, const void *p, size_t n);
/* True when a read would return data or EOF without blocking. */
int sk_stream_ready(sk_stream *s);

/* ---- descriptor tables -------------------------------------------------- */

typedef struct sk_fd {
    sk_stream *s;        /* NULL = closed */
    int mode;            /* SK_RD | SK_WR */
    int cloexec;         /* saved copies made by redirections of builtins */
} sk_fd;

typedef struct sk_fdtab {
    sk_fd *fds;
    int n;               /* slots allocated */
} sk_fdtab;

int sk_fdtab_init(sk_fdtab *t, sk_alloc *a);
/* Copy for a subshell: every open end gains a reference. */
int sk_fdtab_copy(sk_fdtab *dst, const sk_fdtab *src, sk_alloc *a);
void sk_fdtab_free(sk_fdtab *t, sk_alloc *a);          /* closes everything */
/* Install s on fd (closing what was there).  Takes a reference. */
int sk_fdtab_set(sk_fdtab *t, sk_alloc *a, int fd, sk_stream *s, int mode);
int sk_fdtab_dup(sk_fdtab *t, sk_alloc *a, int from, int to);  /* to = from (dup2) */
void sk_fdtab_close(sk_fdtab *t, int fd);
sk_fd *sk_fdtab_get(sk_fdtab *t, int fd);                /* NULL when closed */
int sk_fdtab_lowest_free(const sk_fdtab *t, int from);   /* for {var}> */

/* ---- buffered writer / reader for commands ------------------------------ */

typedef struct sk_out {
    sk_stream *s;        /* may be NULL: output discarded (fd closed → error) */
    char *buf;
    size_t len, cap;
    int err;             /* sticky SK_IO_* error */
    int closed_fd;       /* the descriptor was closed: writes fail with EBADF */
    sk_alloc *a;
} sk_out;

void sk_out_init(sk_out *o, sk_alloc *a, sk_stream *s, char *buf, size_t cap);
int sk_out_write(sk_out *o, const void *p, size_t n);   /* 0 or SK_IO_* */
int sk_out_putc(sk_out *o, int c);
int sk_out_puts(sk_out *o, const char *s);
int sk_out_printf(sk_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sk_out_flush(sk_out *o);

typedef struct sk_in {
    sk_stream *s;
    char *buf;
    size_t pos, len, cap;
    int eof, err;
    sk_alloc *a;
} sk_in;

/* The reader owns a buffer of `cap` bytes from a (freed by sk_in_free). */
int sk_in_init(sk_in *in, sk_alloc *a, sk_stream *s, size_t cap);
void sk_in_free(sk_in *in);
/* Next line including its delimiter (if present) appended to `line` after
 * clearing it.  Returns 1 with a line, 0 at EOF, <0 an SK_IO_* error. */
int sk_in_getline(sk_in *in, sk_buf *line, int delim);
/* Read everything that remains into out (appends). 0 or SK_IO_* / SK_NOMEM. */
int sk_in_read_all(sk_in *in, sk_buf *out, uint64_t max);
int64_t sk_in_read(sk_in *in, void *p, size_t n);
/* Unbuffered byte reads, for `read` which must not consume past a line
 * when its input is shared (a pipe another command reads next). */
int sk_in_getc(sk_in *in);   /* byte, or -1 at EOF / error */

#endif
