/* overlay.c — copy-on-write overlay (see overlay.h).
 *
 * State: the upper memfs and `gone`, the set of paths whose lower entry
 * (and everything below it) is hidden — deleted files, deleted directories,
 * directories made again after deletion (opaque), rename sources and
 * targets.  A lower path is visible when neither it nor any ancestor is in
 * `gone`; an upper entry always wins over a lower one.
 *
 * Must never: call a mutating callback of the lower fs, or leave the view
 * half-changed after a failed call (whiteouts are allocated before the
 * upper layer is touched and inserted after).
 */
#include "fs/overlay.h"

#include <string.h>

#include "base/buf.h"
#include "base/vpath.h"
#include "fs/bytes.h"
#include "fs/memfs.h"

#define FNV0 2166136261u
#define UPPER_INO (UINT64_C(1) << 63) /* keeps upper and lower inodes apart */

/* ---- a set of byte strings ---------------------------------------------- */

typedef struct sentry {
    uint32_t hash, len;
    char s[];
} sentry;

typedef struct strset {
    sentry **slot;
    size_t n, cap;
    sk_alloc *a;
} strset;

static uint32_t fnv(const char *s, size_t n)
{
    uint32_t h = FNV0;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int set_has(const strset *s, const char *p, size_t n, uint32_t h)
{
    if (!s->n) return 0;
    size_t mask = s->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const sentry *e = s->slot[i];
        if (!e) return 0;
        if (e->hash == h && e->len == n && !memcmp(e->s, p, n)) return 1;
    }
}

/* Room for `extra` more entries without allocating. */
static int set_reserve(strset *s, size_t extra)
{
    if ((s->n + extra) * 2 <= s->cap) return SK_OK;
    size_t cap = s->cap ? s->cap : 16;
    while ((s->n + extra) * 2 > cap) cap *= 2;
    sentry **ns = sk_calloc(s->a, cap, sizeof *ns);
    if (!ns) return SK_NOMEM;
    for (size_t i = 0; i < s->cap; i++) {
        sentry *e = s->slot[i];
        if (!e) continue;
        size_t j = e->hash & (cap - 1);
        while (ns[j]) j = (j + 1) & (cap - 1);
        ns[j] = e;
    }
    sk_free(s->a, s->slot);
    s->slot = ns;
    s->cap = cap;
    return SK_OK;
}

static sentry *set_entry(strset *s, const char *p, size_t n)
{
    if (n > UINT32_MAX) return NULL;
    sentry *e = sk_malloc(s->a, sizeof *e + n + 1);
    if (!e) return NULL;
    e->hash = fnv(p, n);
    e->len = (uint32_t)n;
    memcpy(e->s, p, n);
    e->s[n] = 0;
    return e;
}

/* After set_reserve: cannot fail.  Takes ownership of e. */
static void set_insert(strset *s, sentry *e)
{
    if (set_has(s, e->s, e->len, e->hash)) {
        sk_free(s->a, e);
        return;
    }
    size_t j = e->hash & (s->cap - 1);
    while (s->slot[j]) j = (j + 1) & (s->cap - 1);
    s->slot[j] = e;
    s->n++;
}

static int set_add(strset *s, const char *p, size_t n)
{
    if (set_has(s, p, n, fnv(p, n))) return SK_OK;
    if (set_reserve(s, 1)) return SK_NOMEM;
    sentry *e = set_entry(s, p, n);
    if (!e) return SK_NOMEM;
    set_insert(s, e);
    return SK_OK;
}

static void set_free(strset *s)
{
    for (size_t i = 0; i < s->cap; i++) sk_free(s->a, s->slot[i]);
    sk_free(s->a, s->slot);
    s->slot = NULL;
    s->n = s->cap = 0;
}

/* ---- the overlay ---------------------------------------------------------- */

typedef struct overlay {
    sk_fs fs;          /* first: fs.ud points here */
    sk_alloc *a;
    const sk_fs *lower;
    sk_fs *upper;
    strset gone;
    unsigned flags;
} overlay;

#define UP(o, cb, ...) ((o)->upper->cb((o)->upper->ud, __VA_ARGS__))

static int lower_visible(const overlay *o, const char *p)
{
    if (!o->gone.n) return 1;
    size_t n = strlen(p);
    uint32_t h = FNV0;
    for (size_t i = 0; i <= n; i++) {
        if (i > 1 && (i == n || p[i] == '/') && set_has(&o->gone, p, i, h)) return 0;
        if (i < n) h = (h ^ (unsigned char)p[i]) * 16777619u;
    }
    return 1;
}

static int lower_stat(const overlay *o, const char *p, sk_stat *st)
{
    if (!o->lower->stat) return SK_UNSUPPORTED;
    if (!lower_visible(o, p)) return SK_ENOENT;
    return o->lower->stat(o->lower->ud, p, st);
}

static int missing(int rc) { return rc == SK_ENOENT || rc == SK_ENOTDIR; }

enum { IN_UPPER = 1, IN_LOWER = 2 };

/* Where `p` lives in the merged view: IN_UPPER / IN_LOWER (st filled) or a
 * negative status. */
static int locate(const overlay *o, const char *p, sk_stat *st)
{
    int ru = UP(o, stat, p, st);
    if (!ru) return IN_UPPER;
    if (!missing(ru)) return ru;
    int rl = lower_stat(o, p, st);
    if (!rl) return IN_LOWER;
    if (!missing(rl)) return rl;
    return (ru == SK_ENOTDIR || rl == SK_ENOTDIR) ? SK_ENOTDIR : SK_ENOENT;
}

/* Make sure the upper layer has directory `dir` (copying lower ones up). */
static int upper_dir(overlay *o, const char *dir, size_t len)
{
    if (len <= 1) return SK_OK;
    char *t = sk_strndup(o->a, dir, len);
    if (!t) return SK_NOMEM;
    int rc = SK_OK;
    for (size_t i = 1; i <= len && !rc; i++) {
        if (i < len && t[i] != '/') continue;
        char c = t[i];
        t[i] = 0;
        sk_stat st;
        int r = UP(o, stat, t, &st);
        if (!r) {
            if (st.type != SK_FILE_DIR) rc = SK_ENOTDIR;
        } else if (!missing(r)) {
            rc = r;
        } else if ((r = lower_stat(o, t, &st))) {
            rc = r;
        } else if (st.type != SK_FILE_DIR) {
            rc = SK_ENOTDIR;
        } else if (!(rc = UP(o, mkdir, t, st.mode))) {
            UP(o, set_mtime, t, st.mtime_ns);
        }
        t[i] = c;
    }
    sk_free(o->a, t);
    return rc;
}

static int upper_parent(overlay *o, const char *p)
{
    size_t n;
    const char *d = sk_vpath_dirname(p, strlen(p), &n);
    return upper_dir(o, d, n);
}

/* Copy lower entry `p` (lstat st) into the upper layer. */
static int copy_up(overlay *o, const char *p, const sk_stat *st)
{
    int rc = upper_parent(o, p);
    if (rc) return rc;
    sk_buf b = SK_BUF_INIT(o->a);
    sk_bytes out;
    sk_bytes_init(&out, &b, 0);
    switch (st->type) {
    case SK_FILE_DIR: rc = UP(o, mkdir, p, st->mode); break;
    case SK_FILE_SYMLINK:
        rc = o->lower->readlink ? o->lower->readlink(o->lower->ud, p, &out) : SK_UNSUPPORTED;
        if (!rc) rc = UP(o, symlink, sk_buf_cstr(&b), p);
        break;
    case SK_FILE_DEVICE: rc = sk_memfs_mknod(o->upper, p, st->mode); break;
    default:
        rc = o->lower->read ? o->lower->read(o->lower->ud, p, 0, UINT64_MAX, &out) : SK_UNSUPPORTED;
        if (!rc) rc = UP(o, write, p, b.p ? b.p : "", b.len, st->mode);
        break;
    }
    sk_buf_free(&b);
    if (!rc && st->type != SK_FILE_SYMLINK) UP(o, set_mtime, p, st->mtime_ns);
    return rc;
}

/* Bring `p` into the upper layer if it only exists below. */
static int to_upper(overlay *o, const char *p, sk_stat *st)
{
    int w = locate(o, p, st);
    if (w < 0) return w;
    return w == IN_LOWER ? copy_up(o, p, st) : SK_OK;
}

/* ---- callbacks ---------------------------------------------------------- */

static int o_stat(void *ud, const char *p, sk_stat *st)
{
    int w = locate(ud, p, st);
    if (w < 0) return w;
    if (w == IN_UPPER) st->ino |= UPPER_INO;
    return SK_OK;
}

static int o_read(void *ud, const char *p, uint64_t off, uint64_t len, sk_bytes *out)
{
    overlay *o = ud;
    sk_stat st;
    int w = locate(o, p, &st);
    if (w < 0) return w;
    if (w == IN_UPPER) return UP(o, read, p, off, len, out);
    if (st.type == SK_FILE_DIR) return SK_EISDIR;
    if (!o->lower->read) return SK_UNSUPPORTED;
    return o->lower->read(o->lower->ud, p, off, len, out);
}

/* Common start of write/append/truncate: 1 = go to the upper file, 0 =
 * done (device), <0 error. */
static int prepare_file(overlay *o, const char *p, int copy, uint32_t *mode)
{
    sk_stat st;
    int w = locate(o, p, &st);
    if (w == IN_UPPER) return 1;
    if (w == SK_ENOENT) {
        int rc = upper_parent(o, p);
        return rc ? rc : 1;
    }
    if (w < 0) return w;
    switch (st.type) {
    case SK_FILE_DIR: return SK_EISDIR;
    case SK_FILE_SYMLINK: return SK_ELOOP;
    case SK_FILE_DEVICE: return 0;
    default: break;
    }
    *mode = st.mode;
    int rc = copy ? copy_up(o, p, &st) : upper_parent(o, p);
    return rc ? rc : 1;
}

static int o_write(void *ud, const char *p, const void *data, size_t n, uint32_t mode)
{
    overlay *o = ud;
    int r = prepare_file(o, p, 0, &mode);
    return r == 1 ? UP(o, write, p, data, n, mode) : r;
}

static int o_append(void *ud, const char *p, const void *data, size_t n, uint32_t mode)
{
    overlay *o = ud;
    int r = prepare_file(o, p, 1, &mode);
    return r == 1 ? UP(o, append, p, data, n, mode) : r;
}

static int o_truncate(void *ud, const char *p, uint64_t size)
{
    overlay *o = ud;
    sk_stat st;
    int w = locate(o, p, &st); /* a missing file is an error here, not a create */
    if (w < 0) return w;
    uint32_t mode = 0;
    int r = prepare_file(o, p, 1, &mode);
    return r == 1 ? UP(o, truncate, p, size) : r;
}

typedef struct merge {
    overlay *o;
    sk_dir_fn fn;
    void *ud;
    strset names;      /* upper names, when the lower dir shows too */
    int collect;
    sk_buf path;       /* dir + "/" while listing the lower side */
    size_t base;
    int rc, stopped;
} merge;

static int merge_upper(void *ud, const char *name, size_t len, sk_file_type t)
{
    merge *m = ud;
    if (m->collect && set_add(&m->names, name, len)) {
        m->rc = SK_NOMEM;
        return 1;
    }
    if (m->fn(m->ud, name, len, t)) {
        m->stopped = 1;
        return 1;
    }
    return 0;
}

static int merge_lower(void *ud, const char *name, size_t len, sk_file_type t)
{
    merge *m = ud;
    if (set_has(&m->names, name, len, fnv(name, len))) return 0;
    if (m->o->gone.n) {
        m->path.len = m->base;
        if (sk_buf_put(&m->path, name, len)) {
            m->rc = SK_NOMEM;
            return 1;
        }
        if (set_has(&m->o->gone, m->path.p, m->path.len, fnv(m->path.p, m->path.len))) return 0;
    }
    if (m->fn(m->ud, name, len, t)) {
        m->stopped = 1;
        return 1;
    }
    return 0;
}

static int o_read_dir(void *ud, const char *p, sk_dir_fn fn, void *cb_ud)
{
    overlay *o = ud;
    sk_stat su, sl;
    int ru = UP(o, stat, p, &su);
    if (ru && !missing(ru)) return ru;
    int rl = lower_stat(o, p, &sl);
    if (rl && !missing(rl)) return rl;
    if (!ru && su.type != SK_FILE_DIR) return SK_ENOTDIR;
    if (ru && !rl && sl.type != SK_FILE_DIR) return SK_ENOTDIR;
    if (ru && rl) return (ru == SK_ENOTDIR || rl == SK_ENOTDIR) ? SK_ENOTDIR : SK_ENOENT;
    int both = !ru && !rl && sl.type == SK_FILE_DIR;
    int lower_only = ru && !rl;
    merge m;
    memset(&m, 0, sizeof m);
    m.o = o;
    m.fn = fn;
    m.ud = cb_ud;
    m.names.a = o->a;
    m.collect = both;
    sk_buf_init(&m.path, o->a);
    int rc = SK_OK;
    if (!ru) {
        rc = UP(o, read_dir, p, merge_upper, &m);
        if (!rc) rc = m.rc;
    }
    if (!rc && !m.stopped && (both || lower_only)) {
        if (!o->lower->read_dir) {
            rc = SK_UNSUPPORTED;
        } else if (sk_buf_puts(&m.path, p) || (strcmp(p, "/") && sk_buf_putc(&m.path, '/'))) {
            rc = SK_NOMEM;
        } else {
            m.base = m.path.len;
            rc = o->lower->read_dir(o->lower->ud, p, merge_lower, &m);
            if (!rc) rc = m.rc;
        }
    }
    set_free(&m.names);
    sk_buf_free(&m.path);
    return rc;
}

static int stop_at_first(void *ud, const char *name, size_t len, sk_file_type t)
{
    (void)name;
    (void)len;
    (void)t;
    *(int *)ud = 1;
    return 1;
}

/* 1 when directory p shows no entries, 0 when it does, <0 error. */
static int merged_empty(overlay *o, const char *p)
{
    int any = 0;
    int rc = o_read_dir(o, p, stop_at_first, &any);
    return rc ? rc : !any;
}

static int o_mkdir(void *ud, const char *p, uint32_t mode)
{
    overlay *o = ud;
    sk_stat st;
    int w = locate(o, p, &st);
    if (w > 0) return SK_EEXIST;
    if (w != SK_ENOENT) return w;
    int rc = upper_parent(o, p);
    return rc ? rc : UP(o, mkdir, p, mode);
}

static int o_symlink(void *ud, const char *target, const char *p)
{
    overlay *o = ud;
    sk_stat st;
    int w = locate(o, p, &st);
    if (w > 0) return SK_EEXIST;
    if (w != SK_ENOENT) return w;
    int rc = upper_parent(o, p);
    return rc ? rc : UP(o, symlink, target, p);
}

static int o_remove(void *ud, const char *p)
{
    overlay *o = ud;
    if (!p || !strcmp(p, "/")) return SK_EINVAL;
    sk_stat su, sl;
    int ru = UP(o, stat, p, &su);
    if (ru && !missing(ru)) return ru;
    int rl = lower_stat(o, p, &sl);
    if (rl && !missing(rl)) return rl;
    if (ru && rl) return (ru == SK_ENOTDIR || rl == SK_ENOTDIR) ? SK_ENOTDIR : SK_ENOENT;
    const sk_stat *st = ru ? &sl : &su;
    if (st->type == SK_FILE_DIR) {
        int e = merged_empty(o, p);
        if (e < 0) return e;
        if (!e) return SK_ENOTEMPTY;
    }
    sentry *wh = NULL;
    if (!rl) {
        /* allocate the whiteout first: nothing may change if that fails */
        if (set_reserve(&o->gone, 1) || !(wh = set_entry(&o->gone, p, strlen(p)))) return SK_NOMEM;
    }
    if (!ru) {
        int rc = UP(o, remove, p);
        if (rc) {
            sk_free(o->a, wh);
            return rc;
        }
    }
    if (wh) set_insert(&o->gone, wh);
    return SK_OK;
}

static int o_rename(void *ud, const char *from, const char *to)
{
    overlay *o = ud;
    if (!from || !to || !strcmp(from, "/")) return SK_EINVAL;
    sk_stat fs, ts;
    int fw = locate(o, from, &fs);
    if (fw < 0) return fw;
    if (!strcmp(to, "/")) return fs.type == SK_FILE_DIR ? SK_EINVAL : SK_EISDIR;
    if (!strcmp(from, to)) return SK_OK;
    size_t fl = strlen(from);
    if (fs.type == SK_FILE_DIR && !strncmp(to, from, fl) && to[fl] == '/') return SK_EINVAL;
    int tw = locate(o, to, &ts);
    if (tw < 0 && tw != SK_ENOENT) return tw;
    if (tw > 0) {
        if (fs.type == SK_FILE_DIR) {
            if (ts.type != SK_FILE_DIR) return SK_ENOTDIR;
            int e = merged_empty(o, to);
            if (e < 0) return e;
            if (!e) return SK_ENOTEMPTY;
        } else if (ts.type == SK_FILE_DIR) {
            return SK_EISDIR;
        }
    }
    sk_stat ls;
    int from_below = lower_stat(o, from, &ls) == SK_OK;
    if (fs.type == SK_FILE_DIR && from_below && ls.type == SK_FILE_DIR) return SK_EXDEV;
    int to_below = lower_stat(o, to, &ls) == SK_OK;
    /* allocate the whiteouts, then move in the upper layer */
    sentry *w1 = NULL, *w2 = NULL;
    int rc = set_reserve(&o->gone, 2);
    if (!rc && from_below && !(w1 = set_entry(&o->gone, from, fl))) rc = SK_NOMEM;
    if (!rc && to_below && !(w2 = set_entry(&o->gone, to, strlen(to)))) rc = SK_NOMEM;
    if (!rc && fw == IN_LOWER) rc = copy_up(o, from, &fs);
    if (!rc) rc = upper_parent(o, to);
    if (!rc) rc = UP(o, rename, from, to);
    if (rc) {
        sk_free(o->a, w1);
        sk_free(o->a, w2);
        return rc;
    }
    if (w1) set_insert(&o->gone, w1);
    if (w2) set_insert(&o->gone, w2);
    return SK_OK;
}

static int o_readlink(void *ud, const char *p, sk_bytes *out)
{
    overlay *o = ud;
    sk_stat st;
    int w = locate(o, p, &st);
    if (w < 0) return w;
    if (w == IN_UPPER) return UP(o, readlink, p, out);
    if (st.type != SK_FILE_SYMLINK) return SK_EINVAL;
    return o->lower->readlink ? o->lower->readlink(o->lower->ud, p, out) : SK_UNSUPPORTED;
}

static int o_chmod(void *ud, const char *p, uint32_t mode)
{
    overlay *o = ud;
    sk_stat st;
    int rc = to_upper(o, p, &st);
    return rc ? rc : UP(o, chmod, p, mode);
}

static int o_set_mtime(void *ud, const char *p, int64_t mtime_ns)
{
    overlay *o = ud;
    sk_stat st;
    int rc = to_upper(o, p, &st);
    return rc ? rc : UP(o, set_mtime, p, mtime_ns);
}

static int o_usage(void *ud, sk_fs_usage *u)
{
    overlay *o = ud;
    return UP(o, usage, u);
}

static void o_destroy(void *ud)
{
    overlay *o = ud;
    o->upper->destroy(o->upper->ud);
    set_free(&o->gone);
    if ((o->flags & SK_OVERLAY_OWN_LOWER) && o->lower->destroy) o->lower->destroy(o->lower->ud);
    sk_free_sized(o->a, o, sizeof *o);
}

sk_fs *sk_overlay_new(sk_alloc *a, const sk_fs *lower, unsigned flags, const sk_limits *lim,
                      sk_clock_fn now_ns, void *clock_ud)
{
    if (!lower) return NULL;
    overlay *o = sk_alloc_sized(a, sizeof *o);
    if (!o) return NULL;
    memset(o, 0, sizeof *o);
    o->upper = sk_memfs_new(a, lim, now_ns, clock_ud);
    if (!o->upper) {
        sk_free_sized(a, o, sizeof *o);
        return NULL;
    }
    o->a = a;
    o->lower = lower;
    o->flags = flags;
    o->gone.a = a;
    sk_fs *fs = &o->fs;
    fs->ud = o;
    fs->stat = o_stat;
    fs->read = o_read;
    fs->write = o_write;
    fs->append = o_append;
    fs->truncate = o_truncate;
    fs->read_dir = o_read_dir;
    fs->mkdir = o_mkdir;
    fs->remove = o_remove;
    fs->rename = o_rename;
    fs->copy = NULL; /* read + write through the resolution layer */
    fs->symlink = o_symlink;
    fs->readlink = o_readlink;
    fs->chmod = o_chmod;
    fs->set_mtime = o_set_mtime;
    fs->usage = o_usage;
    fs->destroy = o_destroy;
    return fs;
}
