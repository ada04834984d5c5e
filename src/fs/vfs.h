/* vfs.h — the resolution layer: what commands, the shell and Python call.
 *
 * Takes a working directory and a user path ("../x", "link/f", "/tmp/a/")
 * and turns it into the absolute, normal, symlink-free path an sk_fs
 * backend understands, following symbolic links inside the sandbox: a
 * relative link target is taken from the link's directory, an absolute one
 * from the sandbox root, ".." at the root stays at the root, and at most
 * SK_VFS_MAX_LINKS links are followed per lookup (then SK_ELOOP).  The
 * limits max_path_length, max_name_length and max_path_depth are checked on
 * every path walked (SK_ENAMETOOLONG); the backend checks them again where
 * paths are created.  Every function returns SK_OK or a negative sk_status;
 * sk_status_message() gives the POSIX text.
 *
 * Everything allocated comes from vfs->a.  Tree walks (remove_tree,
 * copy_tree) keep their work list on the heap, never on the C stack.
 *
 * Backend contract relied upon: a backend does not traverse symlinks in the
 * middle of a path (memfs answers SK_ENOTDIR); then one successful lstat of
 * the lexically normalised path proves it symlink-free (the fast path).
 */
#ifndef SK_FS_VFS_H
#define SK_FS_VFS_H

#include "base/alloc.h"
#include "base/buf.h"
#include "fs/bytes.h"
#include "sandkiste.h"

#define SK_VFS_MAX_LINKS 40

typedef struct sk_vfs {
    const sk_fs *fs;
    sk_alloc *a;
    const sk_limits *lim;    /* may be NULL: no path limits */
} sk_vfs;

/* ---- lookup ---------------------------------------------------------- */

enum {
    SK_VFS_NOFOLLOW = 1,     /* do not follow a final symlink (lstat, rm, mv) */
    SK_VFS_MISSING_LAST = 2, /* the final component may be missing (creation,
                                readlink -f / realpath) */
    SK_VFS_MISSING_ANY = 4,  /* any component may be missing (realpath -m) */
};

typedef struct sk_vfs_path {
    char *path;              /* absolute, normal, sk_malloc'd from vfs->a */
    size_t len;
    int exists;              /* the final entry exists; then `st` is its lstat
                                (its stat when a final link was followed) */
    int dir_only;            /* the user wrote "x/", "x/." or "x/..": the
                                result must be (or be created as) a directory */
    sk_stat st;
} sk_vfs_path;

/* Resolve `path` against `cwd` (absolute; NULL = "/").  Without a MISSING
 * flag the final entry must exist.  A final symlink is followed unless
 * SK_VFS_NOFOLLOW; it is followed anyway when the user wrote "link/".  A
 * non-directory used as a directory ("file/x", "file/") is SK_ENOTDIR.
 * On success the caller frees out->path with sk_vfs_path_free; on failure
 * out->path is NULL. */
int sk_vfs_lookup(const sk_vfs *v, const char *cwd, const char *path, unsigned flags,
                  sk_vfs_path *out);
void sk_vfs_path_free(const sk_vfs *v, sk_vfs_path *p);

/* The resolved absolute path only (sk_malloc'd; sk_free it). */
int sk_vfs_resolve(const sk_vfs *v, const char *cwd, const char *path, int follow, char **out);

enum {
    SK_REALPATH_EXISTING = 0,  /* realpath -e / readlink -e: everything exists */
    SK_REALPATH_PARENT = 1,    /* realpath (default) / readlink -f: all but the last */
    SK_REALPATH_MISSING = 2,   /* realpath -m / readlink -m: nothing needs to */
};
int sk_vfs_realpath(const sk_vfs *v, const char *cwd, const char *path, int mode, char **out);

/* ---- metadata -------------------------------------------------------- */

int sk_vfs_stat(const sk_vfs *v, const char *cwd, const char *path, sk_stat *st);
int sk_vfs_lstat(const sk_vfs *v, const char *cwd, const char *path, sk_stat *st);
int sk_vfs_exists(const sk_vfs *v, const char *cwd, const char *path);   /* follows links */
int sk_vfs_is_dir(const sk_vfs *v, const char *cwd, const char *path);   /* follows links */
int sk_vfs_is_file(const sk_vfs *v, const char *cwd, const char *path);  /* regular, follows */
int sk_vfs_chmod(const sk_vfs *v, const char *cwd, const char *path, uint32_t mode);
/* nofollow: set the link's own mtime (touch -h). */
int sk_vfs_set_mtime(const sk_vfs *v, const char *cwd, const char *path, int64_t mtime_ns,
                     int nofollow);
int sk_vfs_readlink(const sk_vfs *v, const char *cwd, const char *path, sk_buf *out);
int sk_vfs_usage(const sk_vfs *v, sk_fs_usage *u);

/* ---- contents -------------------------------------------------------- */

/* Append the whole file to `out`.  max: refuse (SK_EFBIG) a file larger
 * than this many bytes, 0 = no cap.  A directory is SK_EISDIR. */
int sk_vfs_read_file(const sk_vfs *v, const char *cwd, const char *path, uint64_t max,
                     sk_buf *out);
/* Append bytes [off, off+len) (len UINT64_MAX = to the end). */
int sk_vfs_read_range(const sk_vfs *v, const char *cwd, const char *path, uint64_t off,
                      uint64_t len, sk_buf *out);
/* Create or truncate and write / create or append.  A final symlink is
 * followed (a dangling one creates its target); "new/" is SK_EISDIR. */
int sk_vfs_write_file(const sk_vfs *v, const char *cwd, const char *path, const void *data,
                      size_t n, uint32_t mode);
int sk_vfs_append_file(const sk_vfs *v, const char *cwd, const char *path, const void *data,
                       size_t n, uint32_t mode);
int sk_vfs_truncate(const sk_vfs *v, const char *cwd, const char *path, uint64_t size);

/* ---- directories ----------------------------------------------------- */

int sk_vfs_mkdir(const sk_vfs *v, const char *cwd, const char *path, uint32_t mode);
/* mkdir -p: creates every missing directory (all with `mode`); an existing
 * directory is fine, an existing non-directory is SK_EEXIST (last) or
 * SK_ENOTDIR (in the middle). */
int sk_vfs_mkdir_p(const sk_vfs *v, const char *cwd, const char *path, uint32_t mode);

typedef struct sk_vfs_dirent {
    const char *name;        /* NUL-terminated, points into the list */
    size_t len;
    sk_file_type type;
} sk_vfs_dirent;

typedef struct sk_vfs_dir {
    sk_vfs_dirent *ents;     /* sorted by byte order (memcmp) */
    size_t n;
    sk_alloc *a;
    char *names;             /* storage behind ents[i].name */
} sk_vfs_dir;

/* Entries of a directory (following links) straight from the backend, in
 * its order; `fn` must not change the directory. */
int sk_vfs_read_dir(const sk_vfs *v, const char *cwd, const char *path, sk_dir_fn fn, void *ud);

/* List a directory (following links), sorted; free with sk_vfs_dir_free. */
int sk_vfs_list(const sk_vfs *v, const char *cwd, const char *path, sk_vfs_dir *out);
void sk_vfs_dir_free(sk_vfs_dir *d);

/* ---- changing the tree ----------------------------------------------- */

/* unlink: a file, link or device (a directory is SK_EISDIR).
 * rmdir:  an empty directory (anything else SK_ENOTDIR).
 * remove: either.  None follows a final link.  "x/." and "x/.." are
 * SK_EINVAL, "/" is SK_EINVAL. */
int sk_vfs_unlink(const sk_vfs *v, const char *cwd, const char *path);
int sk_vfs_rmdir(const sk_vfs *v, const char *cwd, const char *path);
int sk_vfs_remove(const sk_vfs *v, const char *cwd, const char *path);

/* Called for an entry a tree operation could not handle; return 0 to go on
 * with the rest, non-zero to stop.  `path` is the absolute path. */
typedef int (*sk_vfs_err_fn)(void *ud, const char *path, int status);

/* rm -r: remove `path` and everything below it (links are removed, never
 * followed).  With on_error NULL the first error stops the walk.  Returns
 * SK_OK or the first error. */
int sk_vfs_remove_tree(const sk_vfs *v, const char *cwd, const char *path,
                       sk_vfs_err_fn on_error, void *ud);

/* rename(2) semantics on the resolved paths (neither final link followed). */
int sk_vfs_rename(const sk_vfs *v, const char *cwd, const char *from, const char *to);

/* Copy one file (both ends follow links; `to` is created or truncated and
 * gets the mode of `from` when created).  Same file: SK_EINVAL. */
int sk_vfs_copy_file(const sk_vfs *v, const char *cwd, const char *from, const char *to);

/* cp -r: copy `from` (a directory, file or link) to `to`.  Directories are
 * created (existing directories are merged into), links copied as links,
 * files copied.  Copying a directory into itself is SK_EINVAL. */
int sk_vfs_copy_tree(const sk_vfs *v, const char *cwd, const char *from, const char *to,
                     sk_vfs_err_fn on_error, void *ud);

/* ln -s target path: `target` is stored as written. */
int sk_vfs_symlink(const sk_vfs *v, const char *cwd, const char *target, const char *path);

#endif
