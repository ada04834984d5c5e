/* io.c — streams, pipes, descriptor tables, buffered readers and writers.
 * Blocking is cooperative (the scheduler); there are no host descriptors. */
#include "io.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fs/vfs.h"

static sk_stream *stream_new(sk_iorun *run, sk_stream_kind kind)
{
    sk_stream *s = sk_malloc(run->a, sizeof *s);
    if (!s) return NULL;
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->run = run;
    return s;
}

sk_stream *sk_stream_null(sk_iorun *run) { return stream_new(run, SK_ST_NULL); }

sk_stream *sk_stream_dev(sk_iorun *run, sk_stream_kind kind) { return stream_new(run, kind); }

sk_stream *sk_stream_pipe(sk_iorun *run, size_t limit)
{
    sk_stream *s = stream_new(run, SK_ST_PIPE);
    if (s) s->u.pipe.limit = limit ? limit : 65536;
    return s;
}

sk_stream *sk_stream_mem(sk_iorun *run, const char *p, size_t len, int copy)
{
    sk_stream *s = stream_new(run, SK_ST_MEM);
    if (!s) return NULL;
    if (copy && len) {
        s->u.mem.owned = sk_memdup(run->a, p, len);
        if (!s->u.mem.owned) { sk_free(run->a, s); return NULL; }
        p = s->u.mem.owned;
    }
    s->u.mem.p = p;
    s->u.mem.len = len;
    return s;
}

sk_stream *sk_stream_sink(sk_iorun *run, sk_sink *sink)
{
    sk_stream *s = stream_new(run, SK_ST_SINK);
    if (s) s->u.sink = sink;
    return s;
}

sk_stream *sk_stream_buf(sk_iorun *run, sk_buf *buf)
{
    sk_stream *s = stream_new(run, SK_ST_BUF);
    if (s) s->u.buf = buf;
    return s;
}

sk_stream *sk_stream_file(sk_iorun *run, const char *cwd, const char *path, int mode, int flags,
                          int *status)
{
    sk_vfs_path p;
    int st = sk_vfs_lookup(run->vfs, cwd, path, (mode & SK_WR) ? SK_VFS_MISSING_LAST : 0, &p);
    if (st) { *status = st; return NULL; }
    if (p.exists && p.st.type == SK_FILE_DIR) {
        sk_vfs_path_free(run->vfs, &p);
        *status = SK_EISDIR;
        return NULL;
    }
    if (p.exists && p.st.type == SK_FILE_DEVICE) {
        /* the devices the filesystem knows by name */
        sk_stream_kind k = SK_ST_NULL;
        if (!strcmp(p.path, "/dev/zero")) k = SK_ST_ZERO;
        else if (!strcmp(p.path, "/dev/urandom") || !strcmp(p.path, "/dev/random")) k = SK_ST_RANDOM;
        sk_vfs_path_free(run->vfs, &p);
        sk_stream *d = stream_new(run, k);
        *status = d ? SK_OK : SK_NOMEM;
        return d;
    }
    if (p.exists && (flags & SK_OPEN_EXCL)) {
        sk_vfs_path_free(run->vfs, &p);
        *status = SK_EEXIST;
        return NULL;
    }
    if (!p.exists) {
        if (!(mode & SK_WR) || !(flags & SK_OPEN_CREATE)) st = SK_ENOENT;
        else if (p.dir_only) st = SK_EISDIR;
        else st = sk_vfs_write_file(run->vfs, NULL, p.path, "", 0, 0644);
    } else if ((mode & SK_WR) && (flags & SK_OPEN_TRUNC) && p.st.size) {
        st = sk_vfs_truncate(run->vfs, NULL, p.path, 0);
    }
    if (st) {
        sk_vfs_path_free(run->vfs, &p);
        *status = st;
        return NULL;
    }
    sk_stream *s = stream_new(run, SK_ST_FILE);
    if (!s) { sk_vfs_path_free(run->vfs, &p); *status = SK_NOMEM; return NULL; }
    s->u.file.path = p.path;     /* ownership moves to the stream */
    s->u.file.append = (flags & SK_OPEN_APPEND) != 0;
    *status = SK_OK;
    return s;
}

/* Write at the stream's own offset (">" semantics): appending when the
 * offset is the end, which is the usual case, else splicing. */
static int file_write_at(sk_stream *s, const char *p, size_t n)
{
    const sk_vfs *v = s->run->vfs;
    sk_stat st;
    int r = sk_vfs_stat(v, NULL, s->u.file.path, &st);
    if (r) return r;
    if (st.size == s->u.file.woff) return sk_vfs_append_file(v, NULL, s->u.file.path, p, n, 0644);
    sk_buf all = SK_BUF_INIT(s->run->a);
    r = sk_vfs_read_file(v, NULL, s->u.file.path, 0, &all);
    if (!r) {
        uint64_t end = s->u.file.woff + n;
        if (all.len < end) {
            size_t old = all.len;
            if (sk_buf_reserve(&all, (size_t)(end - old))) r = SK_NOMEM;
            else { memset(all.p + old, 0, (size_t)(end - old)); all.len = (size_t)end; }
        }
        if (!r) {
            memcpy(all.p + s->u.file.woff, p, n);
            r = sk_vfs_write_file(v, NULL, s->u.file.path, all.p, all.len, 0644);
        }
    }
    sk_buf_free(&all);
    return r;
}

static void stream_free(sk_stream *s)
{
    sk_alloc *a = s->run->a;
    switch (s->kind) {
    case SK_ST_PIPE: sk_free(a, s->u.pipe.buf); break;
    case SK_ST_MEM: sk_free(a, s->u.mem.owned); break;
    case SK_ST_FILE: sk_free(a, s->u.file.path); break;  /* from sk_vfs_lookup */
    default: break;
    }
    sk_free(a, s->err);
    sk_free(a, s);
}

static void wake_all(sk_stream *s, sk_task **list)
{
    sk_task *t = *list;
    *list = NULL;
    while (t) {
        sk_task *next = t->wait_next;
        t->wait_next = NULL;
        sk_sched_wake(s->run->sched, t);
        t = next;
    }
}

void sk_stream_open(sk_stream *s, int mode)
{
    s->refs++;
    if (mode & SK_RD) s->readers++;
    if (mode & SK_WR) s->writers++;
}

void sk_stream_close(sk_stream *s, int mode)
{
    if (mode & SK_RD) {
        s->readers--;
        if (s->kind == SK_ST_PIPE && s->readers == 0) wake_all(s, &s->u.pipe.wwait);
    }
    if (mode & SK_WR) {
        s->writers--;
        if (s->kind == SK_ST_PIPE && s->writers == 0) wake_all(s, &s->u.pipe.rwait);
    }
    if (--s->refs == 0) stream_free(s);
}

/* Block the current task on a pipe's waiter list.  0 when woken (recheck the
 * condition), SK_IO_ABORT when the run is ending, -1 on deadlock. */
static int pipe_wait(sk_stream *s, sk_task **list)
{
    if (s->run->abort && *s->run->abort) return SK_IO_ABORT;
    sk_task *me = s->run->sched->current;
    me->wait_next = *list;
    *list = me;
    if (sk_sched_block(s->run->sched)) {
        /* nobody else can run: unlink ourselves and report a dead end */
        for (sk_task **p = list; *p; p = &(*p)->wait_next)
            if (*p == me) { *p = me->wait_next; break; }
        me->wait_next = NULL;
        return -1;
    }
    if (s->run->abort && *s->run->abort) return SK_IO_ABORT;
    return 0;
}

static uint64_t rng_next(uint64_t *st)
{
    /* splitmix64: deterministic from the configured seed */
    uint64_t z = (*st += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int64_t sk_stream_read(sk_stream *s, void *buf, size_t n)
{
    if (n == 0) return 0;
    switch (s->kind) {
    case SK_ST_NULL:
    case SK_ST_SINK:
    case SK_ST_BUF:
        return SK_IO_EOF;
    case SK_ST_ZERO:
        memset(buf, 0, n);
        return (int64_t)n;
    case SK_ST_RANDOM: {
        unsigned char *p = buf;
        for (size_t i = 0; i < n; i += 8) {
            uint64_t r = rng_next(s->run->rng);
            size_t k = n - i < 8 ? n - i : 8;
            memcpy(p + i, &r, k);
        }
        return (int64_t)n;
    }
    case SK_ST_MEM: {
        size_t left = s->u.mem.len - s->u.mem.pos;
        if (n > left) n = left;
        if (n) memcpy(buf, s->u.mem.p + s->u.mem.pos, n);
        s->u.mem.pos += n;
        return (int64_t)n;
    }
    case SK_ST_FILE: {
        sk_buf tmp = SK_BUF_INIT(s->run->a);
        int st = sk_vfs_read_range(s->run->vfs, NULL, s->u.file.path, s->u.file.off, n, &tmp);
        if (st) { sk_buf_free(&tmp); return SK_IO_ERR; }
        size_t got = tmp.len < n ? tmp.len : n;
        if (got) memcpy(buf, tmp.p, got);
        sk_buf_free(&tmp);
        s->u.file.off += got;
        return (int64_t)got;
    }
    case SK_ST_PIPE:
        for (;;) {
            if (s->u.pipe.len) {
                size_t take = n < s->u.pipe.len ? n : s->u.pipe.len;
                size_t first = s->u.pipe.cap - s->u.pipe.head;
                if (first > take) first = take;
                memcpy(buf, s->u.pipe.buf + s->u.pipe.head, first);
                memcpy((char *)buf + first, s->u.pipe.buf, take - first);
                s->u.pipe.head = (s->u.pipe.head + take) % s->u.pipe.cap;
                s->u.pipe.len -= take;
                if (s->u.pipe.len == 0) s->u.pipe.head = 0;
                wake_all(s, &s->u.pipe.wwait);
                return (int64_t)take;
            }
            if (s->writers == 0) return SK_IO_EOF;
            int w = pipe_wait(s, &s->u.pipe.rwait);
            if (w == SK_IO_ABORT) return w;
            if (w < 0) return SK_IO_EOF;
        }
    }
    return SK_IO_ERR;
}

int sk_stream_ready(sk_stream *s)
{
    if (s->kind != SK_ST_PIPE) return 1;
    return s->u.pipe.len > 0 || s->writers == 0;
}

static int pipe_grow(sk_stream *s, size_t want)
{
    size_t cap = s->u.pipe.cap ? s->u.pipe.cap : 512;
    while (cap < want && cap < s->u.pipe.limit) cap *= 2;
    if (cap > s->u.pipe.limit) cap = s->u.pipe.limit;
    if (cap <= s->u.pipe.cap) return 0;
    char *nb = sk_malloc(s->run->a, cap);
    if (!nb) return -1;
    /* unwrap the ring into the new buffer */
    size_t first = s->u.pipe.cap - s->u.pipe.head;
    if (first > s->u.pipe.len) first = s->u.pipe.len;
    if (s->u.pipe.len) {
        memcpy(nb, s->u.pipe.buf + s->u.pipe.head, first);
        memcpy(nb + first, s->u.pipe.buf, s->u.pipe.len - first);
    }
    sk_free(s->run->a, s->u.pipe.buf);
    s->u.pipe.buf = nb;
    s->u.pipe.cap = cap;
    s->u.pipe.head = 0;
    return 0;
}

/* Output caps apply to what the host receives, captured or streamed. */
static int sink_write(sk_sink *k, const char *p, size_t n)
{
    if (k->truncated) return SK_IO_EPIPE;
    size_t keep = n;
    if (k->cap && k->total + n > k->cap) {
        keep = (size_t)(k->cap - k->total);
        k->truncated = 1;
    }
    k->total += keep;
    if (keep && k->cb && !k->cb_stop && k->cb(k->cb_ud, k->fd, p, keep)) k->cb_stop = 1;
    if (keep && k->capture && sk_buf_put(&k->data, p, keep)) return SK_IO_ERR;
    return k->truncated ? SK_IO_EPIPE : 0;
}

int sk_stream_write(sk_stream *s, const void *data, size_t n)
{
    const char *p = data;
    if (n == 0) return 0;
    switch (s->kind) {
    case SK_ST_NULL:
    case SK_ST_ZERO:
    case SK_ST_RANDOM:
        return 0;
    case SK_ST_MEM:
        return SK_IO_BADF;
    case SK_ST_SINK:
        return sink_write(s->u.sink, p, n);
    case SK_ST_BUF:
        return sk_buf_put(s->u.buf, p, n) ? SK_IO_ERR : 0;
    case SK_ST_FILE: {
        int st;
        if (s->u.file.append) {
            st = sk_vfs_append_file(s->run->vfs, NULL, s->u.file.path, p, n, 0644);
        } else {
            st = file_write_at(s, p, n);
            if (!st) s->u.file.woff += n;
        }
        if (st) {
            sk_free(s->run->a, s->err);
            s->err = sk_strdup(s->run->a, sk_status_message(st));
            return SK_IO_ERR;
        }
        return 0;
    }
    case SK_ST_PIPE:
        while (n) {
            if (s->readers == 0) return SK_IO_EPIPE;
            size_t room = s->u.pipe.limit - s->u.pipe.len;
            if (room == 0) {
                int w = pipe_wait(s, &s->u.pipe.wwait);
                if (w == SK_IO_ABORT) return w;
                if (w < 0) return SK_IO_EPIPE;
                continue;
            }
            size_t take = n < room ? n : room;
            if (s->u.pipe.len + take > s->u.pipe.cap && pipe_grow(s, s->u.pipe.len + take)) return SK_IO_ERR;
            size_t tail = (s->u.pipe.head + s->u.pipe.len) % s->u.pipe.cap;
            size_t first = s->u.pipe.cap - tail;
            if (first > take) first = take;
            memcpy(s->u.pipe.buf + tail, p, first);
            memcpy(s->u.pipe.buf, p + first, take - first);
            s->u.pipe.len += take;
            p += take;
            n -= take;
            int reader_waiting = s->u.pipe.rwait != NULL;
            wake_all(s, &s->u.pipe.rwait);
            /* let a waiting reader consume now: a consumer that stops
             * early (head) then ends the producer at once instead of
             * after a full pipe buffer */
            if (reader_waiting && !n) sk_sched_yield(s->run->sched);
        }
        return 0;
    }
    return SK_IO_ERR;
}

/* ---- descriptor tables -------------------------------------------------- */

static int fdtab_grow(sk_fdtab *t, sk_alloc *a, int need)
{
    if (need < t->n) return 0;
    if (need >= 4096) return -1;
    int n = t->n ? t->n : 4;
    while (n <= need) n *= 2;
    sk_fd *f = sk_realloc(a, t->fds, (size_t)n * sizeof *f);
    if (!f) return -1;
    memset(f + t->n, 0, (size_t)(n - t->n) * sizeof *f);
    t->fds = f;
    t->n = n;
    return 0;
}

int sk_fdtab_init(sk_fdtab *t, sk_alloc *a)
{
    t->fds = NULL;
    t->n = 0;
    return fdtab_grow(t, a, 3);
}

int sk_fdtab_copy(sk_fdtab *dst, const sk_fdtab *src, sk_alloc *a)
{
    dst->fds = NULL;
    dst->n = 0;
    int hi = 0;
    for (int i = 0; i < src->n; i++)
        if (src->fds[i].s) hi = i;
    if (fdtab_grow(dst, a, hi < 3 ? 3 : hi)) return -1;
    for (int i = 0; i <= hi && i < src->n; i++) {
        dst->fds[i] = src->fds[i];
        if (dst->fds[i].s) sk_stream_open(dst->fds[i].s, dst->fds[i].mode);
    }
    return 0;
}

void sk_fdtab_close(sk_fdtab *t, int fd)
{
    if (fd < 0 || fd >= t->n || !t->fds[fd].s) return;
    sk_stream *s = t->fds[fd].s;
    int mode = t->fds[fd].mode;
    t->fds[fd].s = NULL;
    t->fds[fd].mode = 0;
    sk_stream_close(s, mode);
}

void sk_fdtab_free(sk_fdtab *t, sk_alloc *a)
{
    for (int i = 0; i < t->n; i++) sk_fdtab_close(t, i);
    sk_free(a, t->fds);
    t->fds = NULL;
    t->n = 0;
}

int sk_fdtab_set(sk_fdtab *t, sk_alloc *a, int fd, sk_stream *s, int mode)
{
    if (fd < 0 || fdtab_grow(t, a, fd)) return -1;
    sk_stream_open(s, mode);   /* before closing: s may be the same stream */
    sk_fdtab_close(t, fd);
    t->fds[fd].s = s;
    t->fds[fd].mode = mode;
    t->fds[fd].cloexec = 0;
    return 0;
}

int sk_fdtab_dup(sk_fdtab *t, sk_alloc *a, int from, int to)
{
    if (from == to) return sk_fdtab_get(t, from) ? 0 : -1;
    sk_fd *f = sk_fdtab_get(t, from);
    if (!f) return -1;
    return sk_fdtab_set(t, a, to, f->s, f->mode);
}

sk_fd *sk_fdtab_get(sk_fdtab *t, int fd)
{
    if (fd < 0 || fd >= t->n || !t->fds[fd].s) return NULL;
    return &t->fds[fd];
}

int sk_fdtab_lowest_free(const sk_fdtab *t, int from)
{
    for (int i = from; i < t->n; i++)
        if (!t->fds[i].s) return i;
    return from > t->n ? from : t->n;
}

/* ---- buffered writer ---------------------------------------------------- */

void sk_out_init(sk_out *o, sk_alloc *a, sk_stream *s, char *buf, size_t cap)
{
    o->s = s;
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    o->err = 0;
    o->closed_fd = 0;
    o->a = a;
}

int sk_out_flush(sk_out *o)
{
    if (o->len && !o->err) {
        if (o->s) o->err = sk_stream_write(o->s, o->buf, o->len);
        else if (o->closed_fd) o->err = SK_IO_BADF;
    }
    o->len = 0;
    return o->err;
}

int sk_out_write(sk_out *o, const void *p, size_t n)
{
    if (o->err) return o->err;
    if (!o->s) {
        if (o->closed_fd && n) o->err = SK_IO_BADF;
        return o->err;
    }
    if (o->len + n > o->cap) {
        if (sk_out_flush(o)) return o->err;
        if (n >= o->cap) return o->err = sk_stream_write(o->s, p, n);
    }
    memcpy(o->buf + o->len, p, n);
    o->len += n;
    return 0;
}

int sk_out_putc(sk_out *o, int c)
{
    char ch = (char)c;
    return sk_out_write(o, &ch, 1);
}

int sk_out_puts(sk_out *o, const char *s) { return sk_out_write(o, s, strlen(s)); }

int sk_out_printf(sk_out *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return SK_IO_ERR;
    if ((size_t)n < sizeof tmp) return sk_out_write(o, tmp, (size_t)n);
    sk_buf b = SK_BUF_INIT(o->a);
    va_start(ap, fmt);
    int r = sk_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (r) { sk_buf_free(&b); return SK_IO_ERR; }
    r = sk_out_write(o, b.p, b.len);
    sk_buf_free(&b);
    return r;
}

/* ---- buffered reader ---------------------------------------------------- */

int sk_in_init(sk_in *in, sk_alloc *a, sk_stream *s, size_t cap)
{
    memset(in, 0, sizeof *in);
    in->s = s;
    in->a = a;
    in->cap = cap ? cap : 4096;
    in->buf = sk_malloc(a, in->cap);
    if (!in->buf) return -1;
    if (!s) in->eof = 1;
    return 0;
}

/* Give unread bytes back to a seekable stream, as a real program's lseek
 * back would, so the next command sees them. */
void sk_in_free(sk_in *in)
{
    size_t left = in->len - in->pos;
    if (left && in->s) {
        if (in->s->kind == SK_ST_MEM && in->s->u.mem.pos >= left) in->s->u.mem.pos -= left;
        else if (in->s->kind == SK_ST_FILE && in->s->u.file.off >= left) in->s->u.file.off -= left;
    }
    sk_free(in->a, in->buf);
    in->buf = NULL;
}

static int in_fill(sk_in *in)
{
    if (in->eof || in->err) return in->err ? in->err : 0;
    if (in->pos == in->len) in->pos = in->len = 0;
    int64_t r = sk_stream_read(in->s, in->buf + in->len, in->cap - in->len);
    if (r < 0) { in->err = (int)r; return in->err; }
    if (r == 0) { in->eof = 1; return 0; }
    in->len += (size_t)r;
    return (int)r;
}

int sk_in_getline(sk_in *in, sk_buf *line, int delim)
{
    sk_buf_clear(line);
    int got = 0;
    for (;;) {
        if (in->pos < in->len) {
            char *start = in->buf + in->pos;
            char *nl = memchr(start, delim, in->len - in->pos);
            size_t take = nl ? (size_t)(nl - start) + 1 : in->len - in->pos;
            if (sk_buf_put(line, start, take)) return SK_IO_ERR;
            in->pos += take;
            got = 1;
            if (nl) return 1;
        }
        int r = in_fill(in);
        if (r < 0) return r;
        if (r == 0) return got;
    }
}

int64_t sk_in_read(sk_in *in, void *p, size_t n)
{
    if (in->pos == in->len) {
        int r = in_fill(in);
        if (r <= 0) return r;
    }
    size_t take = in->len - in->pos;
    if (take > n) take = n;
    memcpy(p, in->buf + in->pos, take);
    in->pos += take;
    return (int64_t)take;
}

int sk_in_read_all(sk_in *in, sk_buf *out, uint64_t max)
{
    for (;;) {
        if (in->pos < in->len) {
            size_t take = in->len - in->pos;
            if (max && out->len + take > max) return SK_NOMEM;
            if (sk_buf_put(out, in->buf + in->pos, take)) return SK_NOMEM;
            in->pos = in->len;
        }
        int r = in_fill(in);
        if (r < 0) return r;
        if (r == 0) return 0;
    }
}

int sk_in_getc(sk_in *in)
{
    if (in->pos == in->len) {
        /* refill one byte at a time so nothing past what we consume is
         * taken from a pipe another command will read next */
        if (in->eof || in->err || !in->s) return -1;
        in->pos = in->len = 0;
        int64_t r = sk_stream_read(in->s, in->buf, 1);
        if (r <= 0) { if (r < 0) in->err = (int)r; else in->eof = 1; return -1; }
        in->len = 1;
    }
    return (unsigned char)in->buf[in->pos++];
}
