/* memfs.c — the in-memory sk_fs backend.
 *
 * A tree of nodes.  A node is one allocation: a fixed header, then its name,
 * then (symlinks) its target.  A directory keeps its children in a dense
 * array (removal swaps the last entry in) plus, above INDEX_MIN entries, an
 * open-addressing hash index of array slots, so lookups stay O(1) in huge
 * directories while small ones cost a few dozen bytes.  Files are one
 * contiguous buffer grown geometrically, so appends are amortised O(1).
 *
 * Must never: follow a symlink, touch the host, recurse on the C stack over
 * the tree (walks use parent pointers), or change anything on a failed call.
 */
#include "fs/memfs.h"

#include <string.h>

#include "fs/bytes.h"

enum {
    INDEX_MIN = 8,      /* a directory with more entries than this gets an index */
    INDEX_DROP = 4,     /* ... and loses it again at this many */
    DIR_SIZE = 4096,    /* st_size reported for directories, as on Linux */
};

typedef struct mnode mnode;
struct mnode {
    mnode *parent;           /* NULL for "/" and for detached nodes */
    union {
        struct { char *data; uint64_t size, cap; } f;          /* regular */
        struct {
            mnode **kids;    /* dense, unordered */
            uint32_t *index; /* slot + 1 per bucket, 0 = empty; NULL when small */
            uint32_t n, cap, icap, ndirs;
        } d;
        struct { uint32_t len; } l;                           /* symlink */
    } u;
    int64_t mtime;
    uint64_t ino;
    uint32_t mode, slot, hash, name_len;
    uint8_t type;
    /* followed by name[name_len + 1] and, for symlinks, target[len + 1] */
};

#define NODE_NAME(n) ((char *)((n) + 1))
#define LINK_TARGET(n) (NODE_NAME(n) + (n)->name_len + 1)

typedef struct memfs {
    sk_fs fs;                /* first: fs.ud points at this struct */
    sk_alloc *a;
    sk_clock_fn now;
    void *clock_ud;
    uint64_t max_bytes, max_file_size, max_files;
    uint32_t max_depth, max_name, max_path;
    int bypass;              /* seeding: quotas off */
    uint64_t bytes, files, next_ino;
    mnode root;              /* "/" (its name is never read) */
} memfs;

/* ---- helpers ------------------------------------------------------------ */

static int64_t now(memfs *m) { return m->now ? m->now(m->clock_ud) : 0; }

static uint32_t hash_name(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static size_t node_size(const mnode *n)
{
    size_t sz = sizeof *n + n->name_len + 1;
    if (n->type == SK_FILE_SYMLINK) sz += (size_t)n->u.l.len + 1;
    return sz;
}

static mnode *node_alloc(memfs *m, uint8_t type, const char *name, size_t nlen,
                         const char *target, size_t tlen, uint32_t mode)
{
    size_t sz = sizeof(mnode) + nlen + 1 + (type == SK_FILE_SYMLINK ? tlen + 1 : 0);
    mnode *n = sk_alloc_sized(m->a, sz);
    if (!n) return NULL;
    memset(n, 0, sizeof *n);
    n->type = type;
    n->mode = mode & 07777;
    n->name_len = (uint32_t)nlen;
    n->hash = hash_name(name, nlen);
    n->ino = m->next_ino++;
    n->mtime = now(m);
    memcpy(NODE_NAME(n), name, nlen);
    NODE_NAME(n)[nlen] = 0;
    if (type == SK_FILE_SYMLINK) {
        n->u.l.len = (uint32_t)tlen;
        memcpy(LINK_TARGET(n), target, tlen);
        LINK_TARGET(n)[tlen] = 0;
    }
    return n;
}

/* Frees what the node owns and the node (not the root).  A directory must
 * be empty. */
static void node_free(memfs *m, mnode *n)
{
    if (n->type == SK_FILE_REGULAR) {
        sk_free_sized(m->a, n->u.f.data, (size_t)n->u.f.cap);
    } else if (n->type == SK_FILE_DIR) {
        sk_free_sized(m->a, n->u.d.kids, (size_t)n->u.d.cap * sizeof(mnode *));
        sk_free_sized(m->a, n->u.d.index, (size_t)n->u.d.icap * sizeof(uint32_t));
    }
    if (n != &m->root) sk_free_sized(m->a, n, node_size(n));
}

/* ---- directories -------------------------------------------------------- */

static mnode *dir_find(const mnode *d, const char *name, size_t len)
{
    if (d->u.d.index) {
        uint32_t h = hash_name(name, len), mask = d->u.d.icap - 1;
        for (uint32_t i = h & mask;; i = (i + 1) & mask) {
            uint32_t e = d->u.d.index[i];
            if (!e) return NULL;
            mnode *k = d->u.d.kids[e - 1];
            if (k->hash == h && k->name_len == len && !memcmp(NODE_NAME(k), name, len)) return k;
        }
    }
    for (uint32_t i = 0; i < d->u.d.n; i++) {
        mnode *k = d->u.d.kids[i];
        if (k->name_len == len && !memcmp(NODE_NAME(k), name, len)) return k;
    }
    return NULL;
}

static void idx_put(mnode *d, uint32_t slot)
{
    uint32_t mask = d->u.d.icap - 1, i = d->u.d.kids[slot]->hash & mask;
    while (d->u.d.index[i]) i = (i + 1) & mask;
    d->u.d.index[i] = slot + 1;
}

static uint32_t idx_pos(const mnode *d, uint32_t slot)
{
    uint32_t mask = d->u.d.icap - 1, i = d->u.d.kids[slot]->hash & mask;
    while (d->u.d.index[i] != slot + 1) i = (i + 1) & mask;
    return i;
}

/* Delete bucket i with backward-shift (linear probing, no tombstones). */
static void idx_del_at(mnode *d, uint32_t i)
{
    uint32_t mask = d->u.d.icap - 1, *ix = d->u.d.index, j = i;
    for (;;) {
        j = (j + 1) & mask;
        if (!ix[j]) break;
        uint32_t k = d->u.d.kids[ix[j] - 1]->hash & mask;
        /* entry j may move to i when its home k is not in (i, j] cyclically */
        int move = (i <= j) ? (k <= i || k > j) : (k <= i && k > j);
        if (move) {
            ix[i] = ix[j];
            i = j;
        }
    }
    ix[i] = 0;
}

static int idx_build(memfs *m, mnode *d, uint32_t icap)
{
    uint32_t *ix = sk_alloc_sized(m->a, (size_t)icap * sizeof *ix);
    if (!ix) return SK_NOMEM;
    memset(ix, 0, (size_t)icap * sizeof *ix);
    sk_free_sized(m->a, d->u.d.index, (size_t)d->u.d.icap * sizeof *ix);
    d->u.d.index = ix;
    d->u.d.icap = icap;
    for (uint32_t s = 0; s < d->u.d.n; s++) idx_put(d, s);
    return SK_OK;
}

/* Room for one more entry: afterwards dir_add cannot fail. */
static int dir_reserve(memfs *m, mnode *d)
{
    uint32_t n = d->u.d.n;
    if (n >= UINT32_MAX / 4) return SK_ENOSPC;
    if (n + 1 > d->u.d.cap) {
        uint32_t nc = d->u.d.cap ? d->u.d.cap * 2 : 4;
        mnode **k = sk_realloc_sized(m->a, d->u.d.kids, (size_t)d->u.d.cap * sizeof *k,
                                     (size_t)nc * sizeof *k);
        if (!k) return SK_NOMEM;
        d->u.d.kids = k;
        d->u.d.cap = nc;
    }
    if (n + 1 > INDEX_MIN && (!d->u.d.index || (n + 1) * 2 > d->u.d.icap)) {
        uint32_t ic = 32;
        while (ic < (n + 1) * 2) ic *= 2;
        return idx_build(m, d, ic);
    }
    return SK_OK;
}

static void dir_add(mnode *d, mnode *k)
{
    k->slot = d->u.d.n;
    k->parent = d;
    d->u.d.kids[d->u.d.n++] = k;
    if (d->u.d.index) idx_put(d, k->slot);
    if (k->type == SK_FILE_DIR) d->u.d.ndirs++;
}

static void dir_del(memfs *m, mnode *d, mnode *k)
{
    uint32_t s = k->slot, last = d->u.d.n - 1;
    if (d->u.d.index) {
        idx_del_at(d, idx_pos(d, s));
        if (s != last) d->u.d.index[idx_pos(d, last)] = s + 1;
    }
    d->u.d.kids[s] = d->u.d.kids[last];
    d->u.d.kids[s]->slot = s;
    d->u.d.n--;
    if (k->type == SK_FILE_DIR) d->u.d.ndirs--;
    k->parent = NULL;
    uint32_t n = d->u.d.n;
    if (d->u.d.index && n <= INDEX_DROP) {
        sk_free_sized(m->a, d->u.d.index, (size_t)d->u.d.icap * sizeof(uint32_t));
        d->u.d.index = NULL;
        d->u.d.icap = 0;
    }
    if (n == 0) {
        sk_free_sized(m->a, d->u.d.kids, (size_t)d->u.d.cap * sizeof(mnode *));
        d->u.d.kids = NULL;
        d->u.d.cap = 0;
    } else if (d->u.d.cap > 8 && n < d->u.d.cap / 4) {
        uint32_t nc = d->u.d.cap / 2;
        mnode **kk = sk_realloc_sized(m->a, d->u.d.kids, (size_t)d->u.d.cap * sizeof *kk,
                                      (size_t)nc * sizeof *kk);
        if (kk) { /* shrinking is best effort */
            d->u.d.kids = kk;
            d->u.d.cap = nc;
        }
    }
}

/* ---- paths -------------------------------------------------------------- */

/* Validate `path` (absolute, normal, within the limits) and walk to its
 * parent.  On success *dir is the parent directory and name/nlen the last
 * component; for "/" *dir is NULL and nlen 0.  *depth_out: components. */
static int parse(memfs *m, const char *path, mnode **dir, const char **name, size_t *nlen,
                 uint32_t *depth_out)
{
    if (!path || path[0] != '/') return SK_EINVAL;
    size_t plen = strlen(path);
    uint32_t max_name = m->bypass ? 0 : m->max_name, max_depth = m->bypass ? 0 : m->max_depth;
    if (m->max_path && !m->bypass && plen > m->max_path) return SK_ENAMETOOLONG;
    if (plen == 1) {
        *dir = NULL;
        *name = path + 1;
        *nlen = 0;
        if (depth_out) *depth_out = 0;
        return SK_OK;
    }
    /* pass 1: syntax and limits, so they win over "not found" */
    uint32_t depth = 0;
    const char *c = path + 1, *last = c;
    for (;;) {
        const char *e = c;
        while (*e && *e != '/') e++;
        size_t cl = (size_t)(e - c);
        if (cl == 0) return SK_EINVAL;
        if (c[0] == '.' && (cl == 1 || (cl == 2 && c[1] == '.'))) return SK_EINVAL;
        if (max_name && cl > max_name) return SK_ENAMETOOLONG;
        if (cl > UINT32_MAX / 2) return SK_ENAMETOOLONG;
        depth++;
        if (max_depth && depth > max_depth) return SK_ENAMETOOLONG;
        last = c;
        if (!*e) break;
        c = e + 1;
    }
    /* pass 2: walk every component but the last */
    mnode *cur = &m->root;
    c = path + 1;
    while (c != last) {
        const char *e = c;
        while (*e != '/') e++;
        mnode *k = dir_find(cur, c, (size_t)(e - c));
        if (!k) return SK_ENOENT;
        if (k->type != SK_FILE_DIR) return SK_ENOTDIR;
        cur = k;
        c = e + 1;
    }
    *dir = cur;
    *name = last;
    *nlen = plen - (size_t)(last - path);
    if (depth_out) *depth_out = depth;
    return SK_OK;
}

static int get(memfs *m, const char *path, mnode **out)
{
    mnode *d;
    const char *name;
    size_t nlen;
    int rc = parse(m, path, &d, &name, &nlen, NULL);
    if (rc) return rc;
    if (!d) {
        *out = &m->root;
        return SK_OK;
    }
    *out = dir_find(d, name, nlen);
    return *out ? SK_OK : SK_ENOENT;
}

/* ---- quotas ------------------------------------------------------------- */

static int check_count(memfs *m)
{
    if (!m->bypass && m->max_files && m->files >= m->max_files) return SK_ENOSPC;
    return SK_OK;
}

/* A file going from `old` to `size` bytes. */
static int check_size(memfs *m, uint64_t old, uint64_t size)
{
    if (m->bypass) return SK_OK;
    if (m->max_file_size && size > m->max_file_size) return SK_EFBIG;
    if (size > SIZE_MAX / 2) return SK_EFBIG;
    if (size > old && m->max_bytes) {
        uint64_t room = m->bytes < m->max_bytes ? m->max_bytes - m->bytes : 0;
        if (size - old > room) return SK_ENOSPC;
    }
    return SK_OK;
}

/* ---- file data ---------------------------------------------------------- */

/* Capacity for `need` bytes, growing geometrically (amortised O(1) append).
 * Falls back to the exact size when the doubled one is refused. */
static int file_reserve(memfs *m, mnode *f, uint64_t need)
{
    if (need <= f->u.f.cap) return SK_OK;
    uint64_t nc = f->u.f.cap * 2;
    if (nc < 32) nc = 32;
    if (nc < need) nc = need;
    if (m->max_file_size && nc > m->max_file_size && need <= m->max_file_size) nc = m->max_file_size;
    if (nc < need) nc = need;
    char *p = sk_realloc_sized(m->a, f->u.f.data, (size_t)f->u.f.cap, (size_t)nc);
    if (!p && nc > need) {
        nc = need;
        p = sk_realloc_sized(m->a, f->u.f.data, (size_t)f->u.f.cap, (size_t)nc);
    }
    if (!p) return SK_NOMEM;
    f->u.f.data = p;
    f->u.f.cap = nc;
    return SK_OK;
}

/* Replace the contents (alias-safe: data may point into the file). */
static int file_set(memfs *m, mnode *f, const void *data, size_t n)
{
    if (n <= f->u.f.cap && (f->u.f.cap <= 64 || f->u.f.cap / 2 <= n)) {
        if (n) memmove(f->u.f.data, data, n);
    } else if (n == 0) {
        sk_free_sized(m->a, f->u.f.data, (size_t)f->u.f.cap);
        f->u.f.data = NULL;
        f->u.f.cap = 0;
    } else {
        char *p = sk_alloc_sized(m->a, n);
        if (!p) return SK_NOMEM;
        memcpy(p, data, n);
        sk_free_sized(m->a, f->u.f.data, (size_t)f->u.f.cap);
        f->u.f.data = p;
        f->u.f.cap = n;
    }
    m->bytes = m->bytes - f->u.f.size + n;
    f->u.f.size = n;
    f->mtime = now(m);
    return SK_OK;
}

/* Create a node named name/nlen in dir d; *out gets it. */
static int create(memfs *m, mnode *d, const char *name, size_t nlen, uint8_t type,
                  uint32_t mode, const char *target, size_t tlen, mnode **out)
{
    int rc = check_count(m);
    if (rc) return rc;
    rc = dir_reserve(m, d);
    if (rc) return rc;
    mnode *n = node_alloc(m, type, name, nlen, target, tlen, mode);
    if (!n) return SK_NOMEM;
    dir_add(d, n);
    d->mtime = n->mtime;
    m->files++;
    *out = n;
    return SK_OK;
}

/* ---- callbacks ---------------------------------------------------------- */

static void fill_stat(const mnode *n, sk_stat *st)
{
    st->type = (sk_file_type)n->type;
    st->mode = n->mode;
    st->mtime_ns = n->mtime;
    st->ino = n->ino;
    st->nlink = 1;
    switch (n->type) {
    case SK_FILE_REGULAR: st->size = n->u.f.size; break;
    case SK_FILE_DIR:
        st->size = DIR_SIZE;
        st->nlink = 2 + n->u.d.ndirs;
        break;
    case SK_FILE_SYMLINK: st->size = n->u.l.len; break;
    default: st->size = 0; break;
    }
}

static int m_stat(void *ud, const char *path, sk_stat *st)
{
    mnode *n;
    int rc = get(ud, path, &n);
    if (rc) return rc;
    fill_stat(n, st);
    return SK_OK;
}

static int m_read(void *ud, const char *path, uint64_t off, uint64_t len, sk_bytes *out)
{
    mnode *n;
    int rc = get(ud, path, &n);
    if (rc) return rc;
    if (n->type == SK_FILE_DIR) return SK_EISDIR;
    if (n->type == SK_FILE_SYMLINK) return SK_ELOOP;
    if (n->type != SK_FILE_REGULAR || off >= n->u.f.size) return SK_OK;
    uint64_t avail = n->u.f.size - off;
    if (len > avail) len = avail;
    return sk_bytes_append(out, n->u.f.data + off, (size_t)len);
}

/* Find or create the regular file at `path` for writing.  *fresh is set
 * when it was created (so a failure can remove it again).  Returns SK_OK
 * with *out NULL for a device (writes are discarded). */
static int open_for_write(memfs *m, const char *path, uint32_t mode, uint64_t first_size,
                          mnode **out, int *fresh)
{
    mnode *d;
    const char *name;
    size_t nlen;
    *fresh = 0;
    *out = NULL;
    int rc = parse(m, path, &d, &name, &nlen, NULL);
    if (rc) return rc;
    if (!d) return SK_EISDIR;
    mnode *n = dir_find(d, name, nlen);
    if (n) {
        if (n->type == SK_FILE_DIR) return SK_EISDIR;
        if (n->type == SK_FILE_SYMLINK) return SK_ELOOP;
        if (n->type == SK_FILE_DEVICE) return SK_OK;
        *out = n;
        return SK_OK;
    }
    rc = check_size(m, 0, first_size);
    if (rc) return rc;
    rc = create(m, d, name, nlen, SK_FILE_REGULAR, mode, NULL, 0, &n);
    if (rc) return rc;
    *out = n;
    *fresh = 1;
    return SK_OK;
}

static void unlink_node(memfs *m, mnode *n)
{
    mnode *d = n->parent;
    dir_del(m, d, n);
    if (n->type == SK_FILE_REGULAR) m->bytes -= n->u.f.size;
    m->files--;
    node_free(m, n);
}

static int m_write(void *ud, const char *path, const void *data, size_t n, uint32_t mode)
{
    memfs *m = ud;
    mnode *f;
    int fresh;
    int rc = open_for_write(m, path, mode, n, &f, &fresh);
    if (rc || !f) return rc;
    rc = check_size(m, f->u.f.size, n);
    if (!rc) rc = file_set(m, f, data, n);
    if (rc && fresh) unlink_node(m, f);
    return rc;
}

static int m_append(void *ud, const char *path, const void *data, size_t n, uint32_t mode)
{
    memfs *m = ud;
    mnode *f;
    int fresh;
    int rc = open_for_write(m, path, mode, n, &f, &fresh);
    if (rc || !f) return rc;
    uint64_t size = f->u.f.size;
    rc = check_size(m, size, size + n);
    if (!rc && n) {
        /* data may point into this very file: keep its offset across a move */
        const char *src = data;
        int alias = f->u.f.data && src >= f->u.f.data && src < f->u.f.data + f->u.f.cap;
        size_t aoff = alias ? (size_t)(src - f->u.f.data) : 0;
        rc = file_reserve(m, f, size + n);
        if (!rc) {
            if (alias) src = f->u.f.data + aoff;
            memmove(f->u.f.data + size, src, n);
            f->u.f.size = size + n;
            m->bytes += n;
        }
    }
    if (!rc) f->mtime = now(m);
    if (rc && fresh) unlink_node(m, f);
    return rc;
}

static int m_truncate(void *ud, const char *path, uint64_t size)
{
    memfs *m = ud;
    mnode *f;
    int rc = get(m, path, &f);
    if (rc) return rc;
    if (f->type == SK_FILE_DIR) return SK_EISDIR;
    if (f->type == SK_FILE_SYMLINK) return SK_ELOOP;
    if (f->type != SK_FILE_REGULAR) return SK_OK;
    uint64_t old = f->u.f.size;
    rc = check_size(m, old, size);
    if (rc) return rc;
    if (size > old) {
        if (size > f->u.f.cap) {
            char *p = sk_realloc_sized(m->a, f->u.f.data, (size_t)f->u.f.cap, (size_t)size);
            if (!p) return SK_NOMEM;
            f->u.f.data = p;
            f->u.f.cap = size;
        }
        memset(f->u.f.data + old, 0, (size_t)(size - old));
    } else if (size == 0) {
        sk_free_sized(m->a, f->u.f.data, (size_t)f->u.f.cap);
        f->u.f.data = NULL;
        f->u.f.cap = 0;
    } else if (size < f->u.f.cap / 4) {
        char *p = sk_realloc_sized(m->a, f->u.f.data, (size_t)f->u.f.cap, (size_t)size);
        if (p) {
            f->u.f.data = p;
            f->u.f.cap = size;
        }
    }
    m->bytes = m->bytes - old + size;
    f->u.f.size = size;
    f->mtime = now(m);
    return SK_OK;
}

static int m_read_dir(void *ud, const char *path, sk_dir_fn fn, void *cb_ud)
{
    mnode *d;
    int rc = get(ud, path, &d);
    if (rc) return rc;
    if (d->type != SK_FILE_DIR) return SK_ENOTDIR;
    /* re-check n each time: a callback that (wrongly) edits the directory
     * may skip entries but cannot read out of bounds */
    for (uint32_t i = 0; i < d->u.d.n; i++) {
        mnode *k = d->u.d.kids[i];
        if (fn(cb_ud, NODE_NAME(k), k->name_len, (sk_file_type)k->type)) break;
    }
    return SK_OK;
}

static int make_node(memfs *m, const char *path, uint8_t type, uint32_t mode,
                     const char *target, size_t tlen)
{
    mnode *d, *n;
    const char *name;
    size_t nlen;
    int rc = parse(m, path, &d, &name, &nlen, NULL);
    if (rc) return rc;
    if (!d || dir_find(d, name, nlen)) return SK_EEXIST;
    return create(m, d, name, nlen, type, mode, target, tlen, &n);
}

static int m_mkdir(void *ud, const char *path, uint32_t mode)
{
    return make_node(ud, path, SK_FILE_DIR, mode, NULL, 0);
}

static int m_remove(void *ud, const char *path)
{
    memfs *m = ud;
    mnode *n;
    int rc = get(m, path, &n);
    if (rc) return rc;
    if (n == &m->root) return SK_EINVAL;
    if (n->type == SK_FILE_DIR && n->u.d.n) return SK_ENOTEMPTY;
    mnode *d = n->parent;
    unlink_node(m, n);
    d->mtime = now(m);
    return SK_OK;
}

/* Height (components) and longest relative path (bytes, "/a/b" form) of
 * the tree below dir `top`, walked without recursion. */
static void subtree_extent(const mnode *top, uint32_t *height, uint64_t *length)
{
    uint32_t depth = 0, hmax = 0;
    uint64_t len = 0, lmax = 0;
    *height = 0;
    *length = 0;
    if (top->type != SK_FILE_DIR || !top->u.d.n) return;
    const mnode *n = top->u.d.kids[0];
    depth = 1;
    len = 1 + n->name_len;
    while (n != top) {
        if (depth > hmax) hmax = depth;
        if (len > lmax) lmax = len;
        if (n->type == SK_FILE_DIR && n->u.d.n) {
            n = n->u.d.kids[0];
            depth++;
            len += 1 + n->name_len;
            continue;
        }
        while (n != top) {
            const mnode *p = n->parent;
            depth--;
            len -= 1 + n->name_len;
            if (n->slot + 1 < p->u.d.n) {
                n = p->u.d.kids[n->slot + 1];
                depth++;
                len += 1 + n->name_len;
                break;
            }
            n = p;
        }
    }
    *height = hmax;
    *length = lmax;
}

static int m_rename(void *ud, const char *from, const char *to)
{
    memfs *m = ud;
    mnode *src, *td;
    const char *tname;
    size_t tlen;
    uint32_t tdepth;
    int rc = get(m, from, &src);
    if (rc) return rc;
    rc = parse(m, to, &td, &tname, &tlen, &tdepth);
    if (rc) return rc;
    if (src == &m->root) return SK_EINVAL;
    if (!td) return src->type == SK_FILE_DIR ? SK_EINVAL : SK_EISDIR;
    mnode *dst = dir_find(td, tname, tlen);
    if (dst == src) return SK_OK;
    if (src->type == SK_FILE_DIR) {
        for (const mnode *p = td; p; p = p->parent)
            if (p == src) return SK_EINVAL;
        if (dst && dst->type != SK_FILE_DIR) return SK_ENOTDIR;
        if (dst && dst->u.d.n) return SK_ENOTEMPTY;
        if ((m->max_depth || m->max_path) && src->u.d.n) {
            uint32_t h;
            uint64_t l;
            subtree_extent(src, &h, &l);
            if (m->max_depth && (uint64_t)tdepth + h > m->max_depth) return SK_ENAMETOOLONG;
            if (m->max_path && strlen(to) + l > m->max_path) return SK_ENAMETOOLONG;
        }
    } else if (dst && dst->type == SK_FILE_DIR) {
        return SK_EISDIR;
    }
    /* allocate everything first: from here on nothing can fail */
    mnode tmp = *src;
    tmp.name_len = (uint32_t)tlen;
    size_t sz = node_size(&tmp);
    mnode *nn = sk_alloc_sized(m->a, sz);
    if (!nn) return SK_NOMEM;
    if (!dst && (rc = dir_reserve(m, td))) {
        sk_free_sized(m->a, nn, sz);
        return rc;
    }
    *nn = *src;
    nn->name_len = (uint32_t)tlen;
    nn->hash = hash_name(tname, tlen);
    memcpy(NODE_NAME(nn), tname, tlen);
    NODE_NAME(nn)[tlen] = 0;
    if (src->type == SK_FILE_SYMLINK) memcpy(LINK_TARGET(nn), LINK_TARGET(src), (size_t)src->u.l.len + 1);
    mnode *sd = src->parent;
    if (dst) {
        /* same name, same hash: take over dst's slot and index bucket */
        nn->slot = dst->slot;
        nn->parent = td;
        td->u.d.kids[dst->slot] = nn;
        if (dst->type == SK_FILE_DIR) td->u.d.ndirs--;
        if (nn->type == SK_FILE_DIR) td->u.d.ndirs++;
        if (dst->type == SK_FILE_REGULAR) m->bytes -= dst->u.f.size;
        m->files--;
        dst->parent = NULL;
        node_free(m, dst);
        dir_del(m, sd, src);
    } else {
        /* add before deleting: sd may be td, and emptying it would free
         * the table dir_reserve just made room in */
        dir_add(td, nn);
        dir_del(m, sd, src);
    }
    if (nn->type == SK_FILE_DIR)
        for (uint32_t i = 0; i < nn->u.d.n; i++) nn->u.d.kids[i]->parent = nn;
    sk_free_sized(m->a, src, node_size(src));
    int64_t t = now(m);
    sd->mtime = t;
    td->mtime = t;
    return SK_OK;
}

static int m_copy(void *ud, const char *from, const char *to)
{
    memfs *m = ud;
    mnode *src;
    int rc = get(m, from, &src);
    if (rc) return rc;
    if (src->type == SK_FILE_DIR) return SK_EISDIR;
    if (src->type == SK_FILE_SYMLINK) return SK_ELOOP;
    if (src->type == SK_FILE_DEVICE) return SK_EINVAL;
    mnode *f;
    int fresh;
    rc = open_for_write(m, to, src->mode, src->u.f.size, &f, &fresh);
    if (rc || !f || f == src) return rc;
    rc = check_size(m, f->u.f.size, src->u.f.size);
    if (!rc) rc = file_set(m, f, src->u.f.data, (size_t)src->u.f.size);
    if (rc && fresh) unlink_node(m, f);
    return rc;
}

static int m_symlink(void *ud, const char *target, const char *path)
{
    memfs *m = ud;
    size_t tlen = strlen(target);
    if (tlen == 0) return SK_ENOENT;
    if ((m->max_path && tlen > m->max_path) || tlen > UINT32_MAX / 2) return SK_ENAMETOOLONG;
    return make_node(m, path, SK_FILE_SYMLINK, 0777, target, tlen);
}

static int m_readlink(void *ud, const char *path, sk_bytes *out)
{
    mnode *n;
    int rc = get(ud, path, &n);
    if (rc) return rc;
    if (n->type != SK_FILE_SYMLINK) return SK_EINVAL;
    return sk_bytes_append(out, LINK_TARGET(n), n->u.l.len);
}

static int m_chmod(void *ud, const char *path, uint32_t mode)
{
    mnode *n;
    int rc = get(ud, path, &n);
    if (rc) return rc;
    n->mode = mode & 07777;
    return SK_OK;
}

static int m_set_mtime(void *ud, const char *path, int64_t mtime_ns)
{
    mnode *n;
    int rc = get(ud, path, &n);
    if (rc) return rc;
    n->mtime = mtime_ns;
    return SK_OK;
}

static int m_usage(void *ud, sk_fs_usage *u)
{
    memfs *m = ud;
    u->bytes = m->bytes;
    u->files = m->files;
    u->max_bytes = m->max_bytes;
    u->max_files = m->max_files;
    return SK_OK;
}

static void m_destroy(void *ud)
{
    memfs *m = ud;
    mnode *n = &m->root;
    for (;;) {
        if (n->type == SK_FILE_DIR && n->u.d.n) {
            n = n->u.d.kids[n->u.d.n - 1];
            continue;
        }
        if (n == &m->root) break;
        mnode *p = n->parent;
        p->u.d.n--;
        node_free(m, n);
        n = p;
    }
    node_free(m, &m->root);
    sk_free_sized(m->a, m, sizeof *m);
}

/* ---- public ------------------------------------------------------------- */

sk_fs *sk_memfs_new(sk_alloc *a, const sk_limits *lim, sk_clock_fn now_ns, void *clock_ud)
{
    memfs *m = sk_alloc_sized(a, sizeof *m);
    if (!m) return NULL;
    memset(m, 0, sizeof *m);
    m->a = a;
    m->now = now_ns;
    m->clock_ud = clock_ud;
    if (lim) {
        m->max_bytes = lim->max_fs_bytes;
        m->max_file_size = lim->max_file_size;
        m->max_files = lim->max_file_count;
        m->max_depth = lim->max_path_depth;
        m->max_name = lim->max_name_length;
        m->max_path = lim->max_path_length;
    }
    m->root.type = SK_FILE_DIR;
    m->root.mode = 0755;
    m->root.ino = 1;
    m->root.mtime = now(m);
    m->next_ino = 2;
    sk_fs *fs = &m->fs;
    fs->ud = m;
    fs->stat = m_stat;
    fs->read = m_read;
    fs->write = m_write;
    fs->append = m_append;
    fs->truncate = m_truncate;
    fs->read_dir = m_read_dir;
    fs->mkdir = m_mkdir;
    fs->remove = m_remove;
    fs->rename = m_rename;
    fs->copy = m_copy;
    fs->symlink = m_symlink;
    fs->readlink = m_readlink;
    fs->chmod = m_chmod;
    fs->set_mtime = m_set_mtime;
    fs->usage = m_usage;
    fs->destroy = m_destroy;
    return fs;
}

int sk_memfs_is(const sk_fs *fs) { return fs && fs->stat == m_stat; }

int sk_memfs_mknod(sk_fs *fs, const char *path, uint32_t mode)
{
    if (!sk_memfs_is(fs)) return SK_INVALID;
    return make_node(fs->ud, path, SK_FILE_DEVICE, mode, NULL, 0);
}

int sk_memfs_seed_standard(sk_fs *fs)
{
    /* char arrays, not pointers: keeps the table in .rodata (no relocations) */
    static const struct { char path[16]; uint8_t type; uint16_t mode; } tree[] = {
        { "/tmp", SK_FILE_DIR, 01777 },
        { "/home", SK_FILE_DIR, 0755 },
        { "/home/user", SK_FILE_DIR, 0755 },
        { "/home/sandbox", SK_FILE_DIR, 0755 },
        { "/dev", SK_FILE_DIR, 0755 },
        { "/dev/fd", SK_FILE_DIR, 0755 },
        { "/dev/null", SK_FILE_DEVICE, 0666 },
        { "/dev/zero", SK_FILE_DEVICE, 0666 },
        { "/dev/urandom", SK_FILE_DEVICE, 0666 },
        { "/dev/random", SK_FILE_DEVICE, 0666 },
        { "/dev/stdin", SK_FILE_DEVICE, 0666 },
        { "/dev/stdout", SK_FILE_DEVICE, 0666 },
        { "/dev/stderr", SK_FILE_DEVICE, 0666 },
    };
    if (!sk_memfs_is(fs)) return SK_INVALID;
    memfs *m = fs->ud;
    int rc = SK_OK;
    m->bypass = 1;
    for (size_t i = 0; i < sizeof tree / sizeof tree[0] && !rc; i++) {
        rc = make_node(m, tree[i].path, tree[i].type, tree[i].mode, NULL, 0);
        if (rc == SK_EEXIST) rc = SK_OK;
    }
    m->bypass = 0;
    return rc;
}
