/* hostdir.c — the host-directory backend (see hostdir.h).
 *
 * The one library file allowed to call the host's file API.  It must never
 * resolve a path with the host's resolver: every component is opened with
 * openat(..., O_NOFOLLOW) beneath the root descriptor, and the final one is
 * handled with *at calls that do not follow links either.
 */
#include "fs/hostdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h> /* renameat */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/vpath.h"
#include "fs/bytes.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

enum { CHUNK = 16384, NAME_CAP = 255 };

typedef struct hostdir {
    sk_fs fs;          /* first: fs.ud points here */
    sk_alloc *a;
    int root;          /* O_DIRECTORY descriptor of the jail */
    unsigned flags;
    uint64_t max_file_size;
    uint32_t max_depth, max_name, max_path;
} hostdir;

static int from_errno(int e)
{
    switch (e) {
    case ENOENT: return SK_ENOENT;
    case EEXIST: return SK_EEXIST;
    case ENOTDIR: return SK_ENOTDIR;
    case EISDIR: return SK_EISDIR;
    case ENOTEMPTY: return SK_ENOTEMPTY;
    case EACCES:
    case EPERM: return SK_EACCES;
    case EROFS: return SK_EROFS;
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
        return SK_ENOSPC;
    case EFBIG: return SK_EFBIG;
    case ENAMETOOLONG: return SK_ENAMETOOLONG;
    case ELOOP: return SK_ELOOP;
    case EXDEV: return SK_EXDEV;
    case EINVAL:
    case EBUSY: return SK_EINVAL;
    case ENOMEM: return SK_NOMEM;
    default: return SK_EIO;
    }
}

static void close_dir(hostdir *h, int fd)
{
    if (fd >= 0 && fd != h->root) close(fd);
}

/* Validate `path` and open its parent beneath the root.  *dfd is the parent
 * (h->root or a descriptor to close with close_dir) and `name` the final
 * component; for "/" the parent is the root and the name ".". */
static int open_parent(hostdir *h, const char *path, int *dfd, char name[NAME_CAP + 1])
{
    *dfd = -1;
    if (!path) return SK_EINVAL;
    size_t len = strlen(path);
    if (!sk_vpath_is_normal(path, len)) return SK_EINVAL;
    if (h->max_path && len > h->max_path) return SK_ENAMETOOLONG;
    if (h->max_depth && sk_vpath_depth(path, len) > h->max_depth) return SK_ENAMETOOLONG;
    size_t maxn = sk_vpath_max_name(path, len);
    if ((h->max_name && maxn > h->max_name) || maxn > NAME_CAP) return SK_ENAMETOOLONG;
    if (len == 1) {
        *dfd = h->root;
        strcpy(name, ".");
        return SK_OK;
    }
    int fd = h->root;
    const char *c = path + 1;
    for (;;) {
        const char *e = strchr(c, '/');
        size_t cl = e ? (size_t)(e - c) : strlen(c);
        memcpy(name, c, cl);
        name[cl] = 0;
        if (!e) break;
        int nfd;
        do nfd = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        while (nfd < 0 && errno == EINTR);
        int err = errno;
        close_dir(h, fd);
        if (nfd < 0) return (err == ELOOP || err == ENOTDIR) ? SK_ENOTDIR : from_errno(err);
        fd = nfd;
        c = e + 1;
    }
    *dfd = fd;
    return SK_OK;
}

static int writable(hostdir *h) { return (h->flags & SK_HOSTDIR_READONLY) ? SK_EROFS : SK_OK; }

static void to_stat(const struct stat *s, sk_stat *st)
{
    memset(st, 0, sizeof *st);
    st->type = S_ISREG(s->st_mode)   ? SK_FILE_REGULAR
               : S_ISDIR(s->st_mode) ? SK_FILE_DIR
               : S_ISLNK(s->st_mode) ? SK_FILE_SYMLINK
                                     : SK_FILE_DEVICE;
    st->mode = (uint32_t)(s->st_mode & 07777);
    st->size = (uint64_t)s->st_size;
    st->mtime_ns = (int64_t)s->st_mtim.tv_sec * 1000000000 + s->st_mtim.tv_nsec;
    st->ino = (uint64_t)s->st_ino;
    st->nlink = (uint32_t)s->st_nlink;
}

static int h_stat(void *ud, const char *path, sk_stat *st)
{
    hostdir *h = ud;
    int dfd;
    char name[NAME_CAP + 1];
    int rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    struct stat s;
    if (fstatat(dfd, name, &s, AT_SYMLINK_NOFOLLOW)) rc = from_errno(errno);
    else to_stat(&s, st);
    close_dir(h, dfd);
    return rc;
}

/* Open the final component as a regular file (never a link, FIFO or
 * device, never blocking). */
static int open_file(hostdir *h, const char *path, int oflags, uint32_t mode, int *fd_out,
                     struct stat *s)
{
    int dfd;
    char name[NAME_CAP + 1];
    int rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    int fd;
    do fd = openat(dfd, name, oflags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, (mode_t)(mode & 07777));
    while (fd < 0 && errno == EINTR);
    int err = errno;
    close_dir(h, dfd);
    if (fd < 0) return err == ENXIO ? SK_EACCES : from_errno(err);
    if (fstat(fd, s)) {
        err = errno;
        close(fd);
        return from_errno(err);
    }
    if (S_ISDIR(s->st_mode)) {
        close(fd);
        return SK_EISDIR;
    }
    if (!S_ISREG(s->st_mode)) {
        close(fd);
        return SK_EACCES;
    }
    *fd_out = fd;
    return SK_OK;
}

static int h_read(void *ud, const char *path, uint64_t off, uint64_t len, sk_bytes *out)
{
    hostdir *h = ud;
    int fd;
    struct stat s;
    int rc = open_file(h, path, O_RDONLY, 0, &fd, &s);
    if (rc) return rc;
    /* heap, not stack: commands may run on small coroutine stacks */
    char *buf = sk_alloc_sized(h->a, CHUNK);
    if (!buf) {
        close(fd);
        return SK_NOMEM;
    }
    while (len > 0 && !rc) {
        size_t want = len < CHUNK ? (size_t)len : CHUNK;
        ssize_t n = pread(fd, buf, want, (off_t)off);
        if (n < 0) {
            if (errno == EINTR) continue;
            rc = from_errno(errno);
            break;
        }
        if (n == 0) break;
        rc = sk_bytes_append(out, buf, (size_t)n);
        off += (uint64_t)n;
        len -= (uint64_t)n;
    }
    sk_free_sized(h->a, buf, CHUNK);
    close(fd);
    return rc;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0) {
            if (errno == EINTR) continue;
            return from_errno(errno);
        }
        p += k;
        n -= (size_t)k;
    }
    return SK_OK;
}

static int h_write(void *ud, const char *path, const void *data, size_t n, uint32_t mode)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    if (h->max_file_size && n > h->max_file_size) return SK_EFBIG;
    int fd;
    struct stat s;
    rc = open_file(h, path, O_WRONLY | O_CREAT | O_TRUNC, mode, &fd, &s);
    if (rc) return rc;
    rc = write_all(fd, data, n);
    if (close(fd) && !rc) rc = from_errno(errno);
    return rc;
}

static int h_append(void *ud, const char *path, const void *data, size_t n, uint32_t mode)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    int fd;
    struct stat s;
    rc = open_file(h, path, O_WRONLY | O_CREAT | O_APPEND, mode, &fd, &s);
    if (rc) return rc;
    if (h->max_file_size && ((uint64_t)s.st_size > h->max_file_size ||
                             n > h->max_file_size - (uint64_t)s.st_size))
        rc = SK_EFBIG;
    else
        rc = write_all(fd, data, n);
    if (close(fd) && !rc) rc = from_errno(errno);
    return rc;
}

static int h_truncate(void *ud, const char *path, uint64_t size)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    if (h->max_file_size && size > h->max_file_size) return SK_EFBIG;
    int fd;
    struct stat s;
    rc = open_file(h, path, O_WRONLY, 0, &fd, &s);
    if (rc) return rc;
    if (ftruncate(fd, (off_t)size)) rc = from_errno(errno);
    close(fd);
    return rc;
}

static int h_read_dir(void *ud, const char *path, sk_dir_fn fn, void *cb_ud)
{
    hostdir *h = ud;
    int dfd;
    char name[NAME_CAP + 1];
    int rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int err = errno;
    close_dir(h, dfd);
    if (fd < 0) return err == ELOOP ? SK_ENOTDIR : from_errno(err);
    DIR *d = fdopendir(fd);
    if (!d) {
        err = errno;
        close(fd);
        return from_errno(err);
    }
    for (;;) {
        errno = 0;
        struct dirent *e = readdir(d);
        if (!e) {
            if (errno) rc = from_errno(errno);
            break;
        }
        const char *n = e->d_name;
        if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]))) continue;
        sk_file_type t;
        switch (e->d_type) {
        case DT_REG: t = SK_FILE_REGULAR; break;
        case DT_DIR: t = SK_FILE_DIR; break;
        case DT_LNK: t = SK_FILE_SYMLINK; break;
        case DT_UNKNOWN: {
            struct stat s;
            if (fstatat(dirfd(d), n, &s, AT_SYMLINK_NOFOLLOW)) continue;
            sk_stat st;
            to_stat(&s, &st);
            t = st.type;
            break;
        }
        default: t = SK_FILE_DEVICE; break;
        }
        if (fn(cb_ud, n, strlen(n), t)) break;
    }
    closedir(d);
    return rc;
}

static int h_mkdir(void *ud, const char *path, uint32_t mode)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    int dfd;
    char name[NAME_CAP + 1];
    rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    if (mkdirat(dfd, name, (mode_t)(mode & 07777))) rc = from_errno(errno);
    close_dir(h, dfd);
    return rc;
}

static int h_remove(void *ud, const char *path)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    if (!strcmp(path ? path : "", "/")) return SK_EINVAL;
    int dfd;
    char name[NAME_CAP + 1];
    rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    struct stat s;
    if (fstatat(dfd, name, &s, AT_SYMLINK_NOFOLLOW)) rc = from_errno(errno);
    else if (unlinkat(dfd, name, S_ISDIR(s.st_mode) ? AT_REMOVEDIR : 0))
        rc = errno == EEXIST ? SK_ENOTEMPTY : from_errno(errno);
    close_dir(h, dfd);
    return rc;
}

static int h_rename(void *ud, const char *from, const char *to)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    int fd1, fd2;
    char n1[NAME_CAP + 1], n2[NAME_CAP + 1];
    rc = open_parent(h, from, &fd1, n1);
    if (rc) return rc;
    rc = open_parent(h, to, &fd2, n2);
    if (!rc) {
        if (!strcmp(n1, ".") || !strcmp(n2, ".")) rc = SK_EINVAL;
        else if (renameat(fd1, n1, fd2, n2)) rc = errno == EEXIST ? SK_ENOTEMPTY : from_errno(errno);
        close_dir(h, fd2);
    }
    close_dir(h, fd1);
    return rc;
}

/* A link the sandbox creates must stay inside the root for host readers
 * too: relative, and never climbing above "/" from the link's directory. */
static int target_inside(const char *path, const char *target)
{
    if (target[0] == '/') return 0;
    size_t plen = strlen(path);
    long depth = (long)sk_vpath_depth(path, plen) - 1; /* the link's directory */
    sk_vpath_iter it;
    const char *c;
    size_t cl;
    sk_vpath_iter_init(&it, target, strlen(target));
    while (sk_vpath_next(&it, &c, &cl)) {
        if (cl == 1 && c[0] == '.') continue;
        if (cl == 2 && c[0] == '.' && c[1] == '.') {
            if (--depth < 0) return 0;
        } else {
            depth++;
        }
    }
    return 1;
}

static int h_symlink(void *ud, const char *target, const char *path)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    if (!target || !target[0]) return SK_ENOENT;
    if (!path || path[0] != '/') return SK_EINVAL;
    if (!target_inside(path, target)) return SK_EACCES;
    int dfd;
    char name[NAME_CAP + 1];
    rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    if (symlinkat(target, dfd, name)) rc = from_errno(errno);
    close_dir(h, dfd);
    return rc;
}

static int h_readlink(void *ud, const char *path, sk_bytes *out)
{
    hostdir *h = ud;
    int dfd;
    char name[NAME_CAP + 1];
    int rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    char *buf = sk_alloc_sized(h->a, PATH_MAX + 1);
    if (!buf) {
        close_dir(h, dfd);
        return SK_NOMEM;
    }
    ssize_t n = readlinkat(dfd, name, buf, PATH_MAX + 1);
    if (n < 0) rc = from_errno(errno);
    else if ((size_t)n > PATH_MAX) rc = SK_ENAMETOOLONG;
    else rc = sk_bytes_append(out, buf, (size_t)n);
    sk_free_sized(h->a, buf, PATH_MAX + 1);
    close_dir(h, dfd);
    return rc;
}

static int h_chmod(void *ud, const char *path, uint32_t mode)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    int dfd;
    char name[NAME_CAP + 1];
    rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    struct stat s;
    if (fstatat(dfd, name, &s, AT_SYMLINK_NOFOLLOW)) rc = from_errno(errno);
    else if (S_ISLNK(s.st_mode)) rc = SK_EINVAL;
    else if (fchmodat(dfd, name, (mode_t)(mode & 07777), AT_SYMLINK_NOFOLLOW))
        rc = (errno == EOPNOTSUPP || errno == ENOTSUP) ? SK_EINVAL : from_errno(errno);
    close_dir(h, dfd);
    return rc;
}

static int h_set_mtime(void *ud, const char *path, int64_t mtime_ns)
{
    hostdir *h = ud;
    int rc = writable(h);
    if (rc) return rc;
    int dfd;
    char name[NAME_CAP + 1];
    rc = open_parent(h, path, &dfd, name);
    if (rc) return rc;
    struct timespec ts[2];
    ts[0].tv_sec = 0;
    ts[0].tv_nsec = UTIME_OMIT;
    int64_t sec = mtime_ns / 1000000000, ns = mtime_ns % 1000000000;
    if (ns < 0) {
        ns += 1000000000;
        sec--;
    }
    ts[1].tv_sec = (time_t)sec;
    ts[1].tv_nsec = (long)ns;
    if (utimensat(dfd, name, ts, AT_SYMLINK_NOFOLLOW)) rc = from_errno(errno);
    close_dir(h, dfd);
    return rc;
}

static int h_usage(void *ud, sk_fs_usage *u)
{
    (void)ud;
    memset(u, 0, sizeof *u);
    return SK_OK;
}

static void h_destroy(void *ud)
{
    hostdir *h = ud;
    close(h->root);
    sk_free_sized(h->a, h, sizeof *h);
}

sk_fs *sk_hostdir_new(sk_alloc *a, const char *root, unsigned flags, const sk_limits *lim,
                      int *status)
{
    int dummy;
    if (!status) status = &dummy;
    if (!root || !root[0]) {
        *status = SK_EINVAL;
        return NULL;
    }
    hostdir *h = sk_alloc_sized(a, sizeof *h);
    if (!h) {
        *status = SK_NOMEM;
        return NULL;
    }
    memset(h, 0, sizeof *h);
    int fd;
    do fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        *status = from_errno(errno);
        sk_free_sized(a, h, sizeof *h);
        return NULL;
    }
    h->a = a;
    h->root = fd;
    h->flags = flags;
    if (lim) {
        h->max_file_size = lim->max_file_size;
        h->max_depth = lim->max_path_depth;
        h->max_name = lim->max_name_length;
        h->max_path = lim->max_path_length;
    }
    sk_fs *fs = &h->fs;
    fs->ud = h;
    fs->stat = h_stat;
    fs->read = h_read;
    fs->write = h_write;
    fs->append = h_append;
    fs->truncate = h_truncate;
    fs->read_dir = h_read_dir;
    fs->mkdir = h_mkdir;
    fs->remove = h_remove;
    fs->rename = h_rename;
    fs->copy = NULL; /* the resolution layer copies with read + write */
    fs->symlink = h_symlink;
    fs->readlink = h_readlink;
    fs->chmod = h_chmod;
    fs->set_mtime = h_set_mtime;
    fs->usage = h_usage;
    fs->destroy = h_destroy;
    *status = SK_OK;
    return fs;
}
