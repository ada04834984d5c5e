/* vfs.c — user paths to backend paths, and the file operations built on
 * them (see vfs.h for the rules).
 *
 * The walk is physical: components are looked up one by one and a symlink
 * is replaced by its target text, so "link/.." is the parent of the link's
 * target, as in the kernel.  Nothing here may touch the host or escape "/":
 * an absolute link target restarts at the sandbox root, ".." at the root
 * stays there.  Tree walks use a heap work list, never C recursion.
 */
#include "fs/vfs.h"

#include <stdlib.h>
#include <string.h>

#include "base/vpath.h"

#define LINK_TARGET_CAP (1u << 20) /* readlink cap when max_path_length is 0 */
#define MKDIRS_FLAG 0x100u         /* internal: mkdir -p walk */

/* ---- messages ------------------------------------------------------------ */

const char *sk_status_message(int status)
{
    switch (status) {
    case SK_OK: return "Success";
    case SK_ERROR: return "Error";
    case SK_NOMEM: return "Cannot allocate memory";
    case SK_INVALID: return "Invalid argument";
    case SK_UNSUPPORTED: return "Operation not supported";
    case SK_BUSY: return "Device or resource busy";
    case SK_ENOENT: return "No such file or directory";
    case SK_EEXIST: return "File exists";
    case SK_ENOTDIR: return "Not a directory";
    case SK_EISDIR: return "Is a directory";
    case SK_ENOTEMPTY: return "Directory not empty";
    case SK_EACCES: return "Permission denied";
    case SK_EROFS: return "Read-only file system";
    case SK_ENOSPC: return "No space left on device";
    case SK_EFBIG: return "File too large";
    case SK_ENAMETOOLONG: return "File name too long";
    case SK_ELOOP: return "Too many levels of symbolic links";
    case SK_EXDEV: return "Invalid cross-device link";
    case SK_EINVAL: return "Invalid argument";
    case SK_EIO: return "Input/output error";
    default: return "Unknown error";
    }
}

/* ---- limits -------------------------------------------------------------- */

static uint32_t lim_depth(const sk_vfs *v) { return v->lim ? v->lim->max_path_depth : 0; }
static uint32_t lim_name(const sk_vfs *v) { return v->lim ? v->lim->max_name_length : 0; }
static uint32_t lim_path(const sk_vfs *v) { return v->lim ? v->lim->max_path_length : 0; }

/* Every component of normal path p within max_name, depth, length. */
static int check_limits(const sk_vfs *v, const char *p, size_t len, uint32_t depth)
{
    if (lim_path(v) && len > lim_path(v)) return SK_ENAMETOOLONG;
    if (lim_depth(v) && depth > lim_depth(v)) return SK_ENAMETOOLONG;
    if (lim_name(v) && sk_vpath_max_name(p, len) > lim_name(v)) return SK_ENAMETOOLONG;
    return SK_OK;
}

/* ---- the walk ------------------------------------------------------------ */

void sk_vfs_path_free(const sk_vfs *v, sk_vfs_path *p)
{
    if (p && p->path) {
        sk_free(v->a, p->path);
        p->path = NULL;
    }
}

/* Fast path: no "..", and one lstat of the lexical result succeeds on
 * something we need not follow.  Returns 1 when it produced the answer
 * (*rc set), 0 to take the slow walk. */
static int fast_lookup(const sk_vfs *v, const char *cwd, const char *path, size_t plen,
                       unsigned flags, sk_vfs_path *out, int *rc)
{
    if ((flags & MKDIRS_FLAG) || sk_vpath_has_dotdot(path, plen)) return 0;
    if (path[0] != '/' && sk_vpath_has_dotdot(cwd, strlen(cwd))) return 0;
    sk_vpath_info info;
    char *norm = sk_vpath_resolve(v->a, cwd, path, plen, &info);
    if (!norm) {
        *rc = info.status;
        return 1;
    }
    sk_stat st;
    int dir_only = info.trailing_slash || info.last_dot;
    if (check_limits(v, norm, info.len, info.depth) == SK_OK && v->fs->stat(v->fs->ud, norm, &st) == SK_OK &&
        !(st.type == SK_FILE_SYMLINK && (!(flags & SK_VFS_NOFOLLOW) || dir_only))) {
        if (st.type != SK_FILE_DIR && dir_only) {
            sk_free(v->a, norm);
            *rc = SK_ENOTDIR;
            return 1;
        }
        out->path = norm;
        out->len = info.len;
        out->exists = 1;
        out->dir_only = dir_only;
        out->st = st;
        *rc = SK_OK;
        return 1;
    }
    sk_free(v->a, norm);
    return 0;
}

/* Drop the last component of res (never below the root ""). */
static void pop_comp(sk_buf *res, uint32_t *depth)
{
    size_t k = res->len;
    while (k > 0 && res->p[k - 1] != '/') k--;
    if (k > 0) {
        k--;
        (*depth)--;
    }
    res->len = k;
    if (res->p) res->p[k] = 0;
}

static int walk(const sk_vfs *v, const char *cwd, const char *path, unsigned flags,
                uint32_t mkmode, sk_vfs_path *out)
{
    memset(out, 0, sizeof *out);
    if (!v->fs->stat) return SK_UNSUPPORTED;
    if (!path || !path[0]) return SK_ENOENT;
    size_t plen = strlen(path);
    if (lim_path(v) && plen > lim_path(v)) return SK_ENAMETOOLONG;
    if (!cwd || cwd[0] != '/') cwd = "/";

    int rc;
    if (fast_lookup(v, cwd, path, plen, flags, out, &rc)) return rc;

    sk_buf rem = SK_BUF_INIT(v->a), res = SK_BUF_INIT(v->a), tgt = SK_BUF_INIT(v->a);
    rc = SK_NOMEM;
    if (path[0] != '/' && (sk_buf_puts(&rem, cwd) || sk_buf_putc(&rem, '/'))) goto done;
    if (sk_buf_put(&rem, path, plen) || sk_buf_reserve(&res, 64)) goto done;
    res.p[0] = 0;

    size_t pos = 0;
    unsigned links = 0;
    uint32_t depth = 0, missing_at = 0;
    int exists = 1, have_st = 0, dir_only = 0;
    sk_stat st;
    memset(&st, 0, sizeof st);
    for (;;) {
        while (pos < rem.len && rem.p[pos] == '/') pos++;
        if (pos >= rem.len) break;
        size_t cs = pos;
        while (pos < rem.len && rem.p[pos] != '/') pos++;
        size_t cl = pos - cs, q = pos;
        while (q < rem.len && rem.p[q] == '/') q++;
        int is_last = q >= rem.len, trailing = is_last && pos < rem.len;
        const char *c = rem.p + cs;
        if (cl == 1 && c[0] == '.') {
            if (is_last) dir_only = 1;
            continue;
        }
        if (cl == 2 && c[0] == '.' && c[1] == '.') {
            if (is_last) dir_only = 1;
            pop_comp(&res, &depth);
            if (missing_at && depth < missing_at) missing_at = 0;
            have_st = 0;
            continue;
        }
        dir_only = trailing;
        rc = SK_ENAMETOOLONG;
        if (lim_name(v) && cl > lim_name(v)) goto done;
        rc = SK_NOMEM;
        if (sk_buf_putc(&res, '/') || sk_buf_put(&res, c, cl)) goto done;
        depth++;
        rc = SK_ENAMETOOLONG;
        if ((lim_depth(v) && depth > lim_depth(v)) || (lim_path(v) && res.len > lim_path(v))) goto done;
        if (missing_at) {
            have_st = 0;
            continue;
        }
        rc = v->fs->stat(v->fs->ud, res.p, &st);
        if (rc == SK_ENOENT || (rc == SK_ENOTDIR && (flags & SK_VFS_MISSING_ANY))) {
            if (flags & MKDIRS_FLAG) {
                rc = v->fs->mkdir ? v->fs->mkdir(v->fs->ud, res.p, mkmode) : SK_UNSUPPORTED;
                if (rc && rc != SK_EEXIST) goto done;
                rc = v->fs->stat(v->fs->ud, res.p, &st);
            } else if (is_last && (flags & (SK_VFS_MISSING_LAST | SK_VFS_MISSING_ANY))) {
                exists = 0;
                have_st = 0;
                rc = SK_OK;
                break;
            } else if (flags & SK_VFS_MISSING_ANY) {
                missing_at = depth;
                have_st = 0;
                continue;
            }
        }
        if (rc) goto done;
        have_st = 1;
        if (st.type == SK_FILE_SYMLINK && (!is_last || !(flags & SK_VFS_NOFOLLOW) || trailing)) {
            rc = SK_ELOOP;
            if (++links > SK_VFS_MAX_LINKS) goto done;
            sk_buf_clear(&tgt);
            if (!v->fs->readlink) {
                rc = SK_UNSUPPORTED;
                goto done;
            }
            sk_bytes tb;
            sk_bytes_init(&tb, &tgt, lim_path(v) ? lim_path(v) : LINK_TARGET_CAP);
            rc = v->fs->readlink(v->fs->ud, res.p, &tb);
            if (rc == SK_EFBIG) rc = SK_ENAMETOOLONG;
            if (rc) goto done;
            rc = SK_ENOENT;
            if (tgt.len == 0) goto done;
            pop_comp(&res, &depth);
            if (tgt.p[0] == '/') {
                res.len = 0;
                res.p[0] = 0;
                depth = 0;
            }
            /* remaining text: target, then what followed the link */
            rc = SK_NOMEM;
            if (pos < rem.len && (sk_buf_putc(&tgt, '/') || sk_buf_put(&tgt, rem.p + pos, rem.len - pos)))
                goto done;
            sk_buf t = rem;
            rem = tgt;
            tgt = t;
            pos = 0;
            have_st = 0;
            continue;
        }
        if (st.type != SK_FILE_DIR && (!is_last || trailing)) {
            if (flags & SK_VFS_MISSING_ANY) {
                missing_at = depth;
                have_st = 0;
                continue;
            }
            rc = SK_ENOTDIR;
            goto done;
        }
    }
    if (missing_at) exists = 0;
    if (res.len == 0) {
        rc = SK_NOMEM;
        if (sk_buf_putc(&res, '/')) goto done;
    }
    if (exists && !have_st) {
        rc = v->fs->stat(v->fs->ud, res.p, &st);
        if (rc) goto done;
    }
    out->len = res.len;
    out->path = sk_buf_take(&res, NULL);
    rc = SK_NOMEM;
    if (!out->path) goto done;
    out->exists = exists;
    out->dir_only = dir_only;
    if (exists) out->st = st;
    rc = SK_OK;
done:
    sk_buf_free(&rem);
    sk_buf_free(&res);
    sk_buf_free(&tgt);
    return rc;
}

int sk_vfs_lookup(const sk_vfs *v, const char *cwd, const char *path, unsigned flags,
                  sk_vfs_path *out)
{
    return walk(v, cwd, path, flags & (SK_VFS_NOFOLLOW | SK_VFS_MISSING_LAST | SK_VFS_MISSING_ANY),
                0, out);
}

int sk_vfs_resolve(const sk_vfs *v, const char *cwd, const char *path, int follow, char **out)
{
    sk_vfs_path p;
    *out = NULL;
    int rc = walk(v, cwd, path, follow ? 0 : SK_VFS_NOFOLLOW, 0, &p);
    if (rc) return rc;
    *out = p.path;
    return SK_OK;
}

int sk_vfs_realpath(const sk_vfs *v, const char *cwd, const char *path, int mode, char **out)
{
    sk_vfs_path p;
    *out = NULL;
    unsigned flags = mode == SK_REALPATH_MISSING  ? SK_VFS_MISSING_ANY
                     : mode == SK_REALPATH_PARENT ? SK_VFS_MISSING_LAST
                                                  : 0;
    int rc = walk(v, cwd, path, flags, 0, &p);
    if (rc) return rc;
    *out = p.path;
    return SK_OK;
}

/* The last component the user wrote is "." or ".." (rm, rmdir, mv refuse). */
static int ends_in_dot(const char *path)
{
    size_t n = strlen(path);
    while (n > 0 && path[n - 1] == '/') n--;
    size_t st = n;
    while (st > 0 && path[st - 1] != '/') st--;
    size_t cl = n - st;
    return (cl == 1 && path[st] == '.') || (cl == 2 && path[st] == '.' && path[st + 1] == '.');
}

#define NEED(cb) do { if (!v->fs->cb) return SK_UNSUPPORTED; } while (0)

/* ---- metadata -------------------------------------------------------- */

static int stat_common(const sk_vfs *v, const char *cwd, const char *path, unsigned flags,
                       sk_stat *st)
{
    sk_vfs_path p;
    int rc = walk(v, cwd, path, flags, 0, &p);
    if (rc) return rc;
    *st = p.st;
    sk_vfs_path_free(v, &p);
    return SK_OK;
}

int sk_vfs_stat(const sk_vfs *v, const char *cwd, const char *path, sk_stat *st)
{
    return stat_common(v, cwd, path, 0, st);
}

int sk_vfs_lstat(const sk_vfs *v, const char *cwd, const char *path, sk_stat *st)
{
    return stat_common(v, cwd, path, SK_VFS_NOFOLLOW, st);
}

int sk_vfs_exists(const sk_vfs *v, const char *cwd, const char *path)
{
    sk_stat st;
    return stat_common(v, cwd, path, 0, &st) == SK_OK;
}

int sk_vfs_is_dir(const sk_vfs *v, const char *cwd, const char *path)
{
    sk_stat st;
    return stat_common(v, cwd, path, 0, &st) == SK_OK && st.type == SK_FILE_DIR;
}

int sk_vfs_is_file(const sk_vfs *v, const char *cwd, const char *path)
{
    sk_stat st;
    return stat_common(v, cwd, path, 0, &st) == SK_OK && st.type == SK_FILE_REGULAR;
}

int sk_vfs_chmod(const sk_vfs *v, const char *cwd, const char *path, uint32_t mode)
{
    NEED(chmod);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, 0, 0, &p);
    if (rc) return rc;
    rc = v->fs->chmod(v->fs->ud, p.path, mode & 07777);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_set_mtime(const sk_vfs *v, const char *cwd, const char *path, int64_t mtime_ns,
                     int nofollow)
{
    NEED(set_mtime);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, nofollow ? SK_VFS_NOFOLLOW : 0, 0, &p);
    if (rc) return rc;
    rc = v->fs->set_mtime(v->fs->ud, p.path, mtime_ns);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_readlink(const sk_vfs *v, const char *cwd, const char *path, sk_buf *out)
{
    NEED(readlink);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, SK_VFS_NOFOLLOW, 0, &p);
    if (rc) return rc;
    if (p.st.type != SK_FILE_SYMLINK) {
        rc = SK_EINVAL;
    } else {
        sk_bytes b;
        sk_bytes_init(&b, out, lim_path(v) ? lim_path(v) : LINK_TARGET_CAP);
        size_t start = out->len;
        rc = v->fs->readlink(v->fs->ud, p.path, &b);
        if (rc) {
            out->len = start;
            if (out->p) out->p[start] = 0;
        }
    }
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_usage(const sk_vfs *v, sk_fs_usage *u)
{
    NEED(usage);
    memset(u, 0, sizeof *u);
    return v->fs->usage(v->fs->ud, u);
}

/* ---- contents -------------------------------------------------------- */

static int read_abs(const sk_vfs *v, const char *abs, uint64_t off, uint64_t len,
                    uint64_t max, sk_buf *out)
{
    sk_bytes b;
    size_t start = out->len;
    sk_bytes_init(&b, out, max);
    int rc = v->fs->read(v->fs->ud, abs, off, len, &b);
    if (rc) {
        out->len = start;
        if (out->p) out->p[start] = 0;
    }
    return rc;
}

int sk_vfs_read_file(const sk_vfs *v, const char *cwd, const char *path, uint64_t max,
                     sk_buf *out)
{
    NEED(read);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, 0, 0, &p);
    if (rc) return rc;
    if (p.st.type == SK_FILE_DIR) rc = SK_EISDIR;
    else if (max && p.st.size > max) rc = SK_EFBIG;
    else rc = read_abs(v, p.path, 0, UINT64_MAX, max, out);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_read_range(const sk_vfs *v, const char *cwd, const char *path, uint64_t off,
                      uint64_t len, sk_buf *out)
{
    NEED(read);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, 0, 0, &p);
    if (rc) return rc;
    rc = p.st.type == SK_FILE_DIR ? SK_EISDIR : read_abs(v, p.path, off, len, 0, out);
    sk_vfs_path_free(v, &p);
    return rc;
}

/* Resolve a path to write to: a final link is followed, the final entry may
 * be missing; directories and "new/" are refused. */
static int open_target(const sk_vfs *v, const char *cwd, const char *path, sk_vfs_path *p)
{
    int rc = walk(v, cwd, path, SK_VFS_MISSING_LAST, 0, p);
    if (rc) return rc;
    if ((p->exists && p->st.type == SK_FILE_DIR) || (!p->exists && p->dir_only)) {
        sk_vfs_path_free(v, p);
        return SK_EISDIR;
    }
    return SK_OK;
}

int sk_vfs_write_file(const sk_vfs *v, const char *cwd, const char *path, const void *data,
                      size_t n, uint32_t mode)
{
    NEED(write);
    sk_vfs_path p;
    int rc = open_target(v, cwd, path, &p);
    if (rc) return rc;
    rc = v->fs->write(v->fs->ud, p.path, data, n, mode);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_append_file(const sk_vfs *v, const char *cwd, const char *path, const void *data,
                       size_t n, uint32_t mode)
{
    NEED(append);
    sk_vfs_path p;
    int rc = open_target(v, cwd, path, &p);
    if (rc) return rc;
    rc = v->fs->append(v->fs->ud, p.path, data, n, mode);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_truncate(const sk_vfs *v, const char *cwd, const char *path, uint64_t size)
{
    NEED(truncate);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, 0, 0, &p);
    if (rc) return rc;
    rc = p.st.type == SK_FILE_DIR ? SK_EISDIR : v->fs->truncate(v->fs->ud, p.path, size);
    sk_vfs_path_free(v, &p);
    return rc;
}

/* ---- directories ----------------------------------------------------- */

int sk_vfs_mkdir(const sk_vfs *v, const char *cwd, const char *path, uint32_t mode)
{
    NEED(mkdir);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, SK_VFS_NOFOLLOW | SK_VFS_MISSING_LAST, 0, &p);
    if (rc) return rc;
    rc = p.exists ? SK_EEXIST : v->fs->mkdir(v->fs->ud, p.path, mode & 07777);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_mkdir_p(const sk_vfs *v, const char *cwd, const char *path, uint32_t mode)
{
    NEED(mkdir);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, MKDIRS_FLAG, mode & 07777, &p);
    if (rc) return rc;
    if (p.st.type != SK_FILE_DIR) rc = SK_EEXIST;
    sk_vfs_path_free(v, &p);
    return rc;
}

/* Collected directory entries: fixed records + one name pool. */
typedef struct rawent {
    size_t off, len;
    sk_file_type type;
} rawent;

typedef struct collect {
    sk_buf ents;   /* rawent[] */
    sk_buf names;  /* name\0name\0... */
    int rc;
} collect;

static int collect_fn(void *ud, const char *name, size_t len, sk_file_type type)
{
    collect *c = ud;
    rawent e = { c->names.len, len, type };
    if (sk_buf_put(&c->names, name, len) || sk_buf_putc(&c->names, 0) ||
        sk_buf_put(&c->ents, &e, sizeof e)) {
        c->rc = SK_NOMEM;
        return 1;
    }
    return 0;
}

static int read_names(const sk_vfs *v, const char *abs, collect *c)
{
    sk_buf_init(&c->ents, v->a);
    sk_buf_init(&c->names, v->a);
    c->rc = SK_OK;
    int rc = v->fs->read_dir ? v->fs->read_dir(v->fs->ud, abs, collect_fn, c) : SK_UNSUPPORTED;
    if (!rc) rc = c->rc;
    if (rc) {
        sk_buf_free(&c->ents);
        sk_buf_free(&c->names);
    }
    return rc;
}

static int cmp_dirent(const void *x, const void *y)
{
    const sk_vfs_dirent *a = x, *b = y;
    size_t n = a->len < b->len ? a->len : b->len;
    int r = memcmp(a->name, b->name, n);
    if (r) return r;
    return a->len < b->len ? -1 : a->len > b->len;
}

int sk_vfs_read_dir(const sk_vfs *v, const char *cwd, const char *path, sk_dir_fn fn, void *ud)
{
    NEED(read_dir);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, 0, 0, &p);
    if (rc) return rc;
    rc = p.st.type != SK_FILE_DIR ? SK_ENOTDIR : v->fs->read_dir(v->fs->ud, p.path, fn, ud);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_list(const sk_vfs *v, const char *cwd, const char *path, sk_vfs_dir *out)
{
    memset(out, 0, sizeof *out);
    out->a = v->a;
    NEED(read_dir);
    sk_vfs_path p;
    int rc = walk(v, cwd, path, 0, 0, &p);
    if (rc) return rc;
    collect c;
    rc = p.st.type != SK_FILE_DIR ? SK_ENOTDIR : read_names(v, p.path, &c);
    sk_vfs_path_free(v, &p);
    if (rc) return rc;
    size_t n = c.ents.len / sizeof(rawent);
    if (n == 0) {
        sk_buf_free(&c.ents);
        sk_buf_free(&c.names);
        return SK_OK;
    }
    /* rawent and sk_vfs_dirent are both 3 words: convert in place */
    sk_vfs_dirent *d = sk_malloc(v->a, n * sizeof *d);
    if (!d) {
        sk_buf_free(&c.ents);
        sk_buf_free(&c.names);
        return SK_NOMEM;
    }
    char *names = sk_buf_take(&c.names, NULL);
    if (!names) {
        sk_free(v->a, d);
        sk_buf_free(&c.ents);
        return SK_NOMEM;
    }
    const rawent *r = (const rawent *)(void *)c.ents.p;
    for (size_t i = 0; i < n; i++) {
        rawent e;
        memcpy(&e, r + i, sizeof e);
        d[i].name = names + e.off;
        d[i].len = e.len;
        d[i].type = e.type;
    }
    sk_buf_free(&c.ents);
    qsort(d, n, sizeof *d, cmp_dirent);
    out->ents = d;
    out->n = n;
    out->names = names;
    return SK_OK;
}

void sk_vfs_dir_free(sk_vfs_dir *d)
{
    if (!d || !d->a) return;
    sk_free(d->a, d->ents);
    sk_free(d->a, d->names);
    d->ents = NULL;
    d->names = NULL;
    d->n = 0;
}

/* ---- removing -------------------------------------------------------- */

enum { RM_FILE = 1, RM_DIR = 2 };

static int remove_common(const sk_vfs *v, const char *cwd, const char *path, int what)
{
    NEED(remove);
    if (path && ends_in_dot(path)) return SK_EINVAL;
    sk_vfs_path p;
    int rc = walk(v, cwd, path, SK_VFS_NOFOLLOW, 0, &p);
    if (rc) return rc;
    int isdir = p.st.type == SK_FILE_DIR;
    if (p.len == 1) rc = SK_EINVAL;
    else if (isdir && !(what & RM_DIR)) rc = SK_EISDIR;
    else if (!isdir && !(what & RM_FILE)) rc = SK_ENOTDIR;
    else rc = v->fs->remove(v->fs->ud, p.path);
    sk_vfs_path_free(v, &p);
    return rc;
}

int sk_vfs_unlink(const sk_vfs *v, const char *cwd, const char *path)
{
    return remove_common(v, cwd, path, RM_FILE);
}

int sk_vfs_rmdir(const sk_vfs *v, const char *cwd, const char *path)
{
    return remove_common(v, cwd, path, RM_DIR);
}

int sk_vfs_remove(const sk_vfs *v, const char *cwd, const char *path)
{
    return remove_common(v, cwd, path, RM_FILE | RM_DIR);
}

/* A heap work list for tree walks. */
typedef struct work {
    char *src, *dst;   /* dst NULL for removal */
    int post;          /* removal: the directory's children are done */
    size_t errs;       /* errors reported before the children were queued */
} work;

typedef struct walker {
    const sk_vfs *v;
    sk_buf stack;      /* work[] */
    sk_vfs_err_fn on_error;
    void *ud;
    int first;         /* first error */
    size_t errs;
    int stop;
} walker;

static int push(walker *w, char *src, char *dst, int post, size_t errs)
{
    work it = { src, dst, post, errs };
    if (sk_buf_put(&w->stack, &it, sizeof it)) {
        sk_free(w->v->a, src);
        sk_free(w->v->a, dst);
        return SK_NOMEM;
    }
    return SK_OK;
}

static int pop(walker *w, work *it)
{
    if (w->stack.len < sizeof *it) return 0;
    w->stack.len -= sizeof *it;
    memcpy(it, w->stack.p + w->stack.len, sizeof *it);
    return 1;
}

static void report(walker *w, const char *path, int rc)
{
    if (!w->first) w->first = rc;
    w->errs++;
    if (!w->on_error || w->on_error(w->ud, path, rc)) w->stop = 1;
}

static void walker_free(walker *w)
{
    work it;
    while (pop(w, &it)) {
        sk_free(w->v->a, it.src);
        sk_free(w->v->a, it.dst);
    }
    sk_buf_free(&w->stack);
}

/* Queue every child of `dir` (src side) as src/name (and dst/name). */
static int push_children(walker *w, const char *src, const char *dst)
{
    collect c;
    int rc = read_names(w->v, src, &c);
    if (rc) return rc;
    size_t n = c.ents.len / sizeof(rawent), slen = strlen(src), dlen = dst ? strlen(dst) : 0;
    const rawent *r = (const rawent *)(void *)c.ents.p;
    for (size_t i = n; i-- > 0 && !rc;) {
        rawent e;
        memcpy(&e, r + i, sizeof e);
        const char *name = c.names.p + e.off;
        char *s = sk_vpath_join(w->v->a, src, slen, name, e.len);
        char *d = dst ? sk_vpath_join(w->v->a, dst, dlen, name, e.len) : NULL;
        if (!s || (dst && !d)) {
            sk_free(w->v->a, s);
            sk_free(w->v->a, d);
            rc = SK_NOMEM;
            break;
        }
        rc = push(w, s, d, 0, w->errs);
    }
    sk_buf_free(&c.ents);
    sk_buf_free(&c.names);
    return rc;
}

int sk_vfs_remove_tree(const sk_vfs *v, const char *cwd, const char *path,
                       sk_vfs_err_fn on_error, void *ud)
{
    NEED(remove);
    if (path && ends_in_dot(path)) return SK_EINVAL;
    sk_vfs_path p;
    int rc = walk(v, cwd, path, SK_VFS_NOFOLLOW, 0, &p);
    if (rc) return rc;
    if (p.len == 1) {
        sk_vfs_path_free(v, &p);
        return SK_EINVAL;
    }
    walker w = { v, SK_BUF_INIT(v->a), on_error, ud, 0, 0, 0 };
    rc = push(&w, p.path, NULL, 0, 0);
    p.path = NULL;
    work it;
    while (!rc && !w.stop && pop(&w, &it)) {
        if (it.post) {
            /* a failure below already explains why this one stays */
            int r = v->fs->remove(v->fs->ud, it.src);
            if (r && w.errs == it.errs) report(&w, it.src, r);
            sk_free(v->a, it.src);
            continue;
        }
        sk_stat st;
        int r = v->fs->stat(v->fs->ud, it.src, &st);
        if (!r && st.type == SK_FILE_DIR) {
            rc = push(&w, it.src, NULL, 1, w.errs);
            if (!rc) {
                r = push_children(&w, it.src, NULL);
                if (r == SK_NOMEM) rc = r;
                else if (r) report(&w, it.src, r);
            }
            continue;
        }
        if (!r) r = v->fs->remove(v->fs->ud, it.src);
        if (r) report(&w, it.src, r);
        sk_free(v->a, it.src);
    }
    walker_free(&w);
    return rc ? rc : w.first;
}

/* ---- rename, copy, symlink ------------------------------------------- */

int sk_vfs_rename(const sk_vfs *v, const char *cwd, const char *from, const char *to)
{
    NEED(rename);
    if ((from && ends_in_dot(from)) || (to && ends_in_dot(to))) return SK_EINVAL;
    sk_vfs_path a, b;
    int rc = walk(v, cwd, from, SK_VFS_NOFOLLOW, 0, &a);
    if (rc) return rc;
    rc = walk(v, cwd, to, SK_VFS_NOFOLLOW | SK_VFS_MISSING_LAST, 0, &b);
    if (rc) {
        sk_vfs_path_free(v, &a);
        return rc;
    }
    if (b.dir_only && a.st.type != SK_FILE_DIR) rc = SK_ENOTDIR;
    else rc = v->fs->rename(v->fs->ud, a.path, b.path);
    sk_vfs_path_free(v, &a);
    sk_vfs_path_free(v, &b);
    return rc;
}

/* Copy one non-directory between absolute paths (st: lstat of src). */
static int copy_abs(const sk_vfs *v, const char *src, const sk_stat *st, const char *dst)
{
    if (st->type == SK_FILE_SYMLINK) {
        sk_buf t = SK_BUF_INIT(v->a);
        sk_bytes b;
        sk_bytes_init(&b, &t, lim_path(v) ? lim_path(v) : LINK_TARGET_CAP);
        int rc = v->fs->readlink ? v->fs->readlink(v->fs->ud, src, &b) : SK_UNSUPPORTED;
        if (!rc) rc = v->fs->symlink ? v->fs->symlink(v->fs->ud, sk_buf_cstr(&t), dst) : SK_UNSUPPORTED;
        sk_buf_free(&t);
        return rc;
    }
    if (st->type == SK_FILE_REGULAR && v->fs->copy) return v->fs->copy(v->fs->ud, src, dst);
    if (!v->fs->read || !v->fs->write) return SK_UNSUPPORTED;
    sk_buf data = SK_BUF_INIT(v->a);
    uint64_t max = v->lim ? v->lim->max_file_size : 0;
    int rc = read_abs(v, src, 0, UINT64_MAX, max, &data);
    if (!rc) rc = v->fs->write(v->fs->ud, dst, data.p ? data.p : "", data.len, st->mode);
    sk_buf_free(&data);
    return rc;
}

int sk_vfs_copy_file(const sk_vfs *v, const char *cwd, const char *from, const char *to)
{
    sk_vfs_path a, b;
    int rc = walk(v, cwd, from, 0, 0, &a);
    if (rc) return rc;
    if (a.st.type == SK_FILE_DIR) {
        sk_vfs_path_free(v, &a);
        return SK_EISDIR;
    }
    rc = walk(v, cwd, to, SK_VFS_MISSING_LAST, 0, &b);
    if (rc) {
        sk_vfs_path_free(v, &a);
        return rc;
    }
    if (b.exists && b.st.type == SK_FILE_DIR) rc = SK_EISDIR;
    else if (!b.exists && b.dir_only) rc = SK_ENOTDIR;
    else if (!strcmp(a.path, b.path)) rc = SK_EINVAL;
    else rc = copy_abs(v, a.path, &a.st, b.path);
    sk_vfs_path_free(v, &a);
    sk_vfs_path_free(v, &b);
    return rc;
}

int sk_vfs_copy_tree(const sk_vfs *v, const char *cwd, const char *from, const char *to,
                     sk_vfs_err_fn on_error, void *ud)
{
    NEED(mkdir);
    sk_vfs_path a, b;
    int rc = walk(v, cwd, from, SK_VFS_NOFOLLOW, 0, &a);
    if (rc) return rc;
    rc = walk(v, cwd, to, SK_VFS_MISSING_LAST, 0, &b);
    if (rc) {
        sk_vfs_path_free(v, &a);
        return rc;
    }
    if (a.st.type == SK_FILE_DIR && sk_vpath_is_under(b.path, b.len, a.path, a.len)) {
        sk_vfs_path_free(v, &a);
        sk_vfs_path_free(v, &b);
        return SK_EINVAL;
    }
    walker w = { v, SK_BUF_INIT(v->a), on_error, ud, 0, 0, 0 };
    rc = push(&w, a.path, b.path, 0, 0);
    a.path = b.path = NULL;
    work it;
    while (!rc && !w.stop && pop(&w, &it)) {
        sk_stat st;
        int r = v->fs->stat(v->fs->ud, it.src, &st);
        if (!r && st.type == SK_FILE_DIR) {
            r = v->fs->mkdir(v->fs->ud, it.dst, st.mode);
            if (r == SK_EEXIST) {
                sk_stat dt;
                r = v->fs->stat(v->fs->ud, it.dst, &dt);
                if (!r && dt.type != SK_FILE_DIR) r = SK_EEXIST;
            }
            if (!r) r = push_children(&w, it.src, it.dst);
        } else if (!r) {
            r = copy_abs(v, it.src, &st, it.dst);
        }
        if (r == SK_NOMEM) rc = r;
        else if (r) report(&w, it.src, r);
        sk_free(v->a, it.src);
        sk_free(v->a, it.dst);
    }
    walker_free(&w);
    return rc ? rc : w.first;
}

int sk_vfs_symlink(const sk_vfs *v, const char *cwd, const char *target, const char *path)
{
    NEED(symlink);
    if (!target || !target[0]) return SK_ENOENT;
    if (lim_path(v) && strlen(target) > lim_path(v)) return SK_ENAMETOOLONG;
    sk_vfs_path p;
    int rc = walk(v, cwd, path, SK_VFS_NOFOLLOW | SK_VFS_MISSING_LAST, 0, &p);
    if (rc) return rc;
    rc = p.exists ? SK_EEXIST : v->fs->symlink(v->fs->ud, target, p.path);
    sk_vfs_path_free(v, &p);
    return rc;
}
