/* memfs.h — the default sk_fs backend: a tree in memory, with quotas.
 *
 * Every byte (nodes, directory tables, file data) comes from the shell's
 * accounting allocator, so a sandbox's files count against max_memory as
 * well as against the filesystem quotas.  memfs never follows symbolic links
 * (it stores them; the resolution layer in vfs.c follows them) and treats a
 * symlink met in the middle of a path as "Not a directory".
 *
 * Quotas (from the sk_limits given at creation; 0 = unlimited):
 *   max_fs_bytes    total size of regular files          -> SK_ENOSPC
 *   max_file_count  entries other than "/" (files, dirs,
 *                   links, devices)                      -> SK_ENOSPC
 *   max_file_size   one file                             -> SK_EFBIG
 *   max_name_length / max_path_length / max_path_depth   -> SK_ENAMETOOLONG
 *                   (checked on every path given to a callback, and for
 *                   every path a directory rename would create)
 * A failing write, append, truncate or copy changes nothing.
 *
 * Device nodes (SK_FILE_DEVICE) are stored like empty files: reading one
 * yields nothing, writing one discards the data.  The shell layer gives
 * /dev/zero, /dev/stdin etc. their behaviour by path.
 */
#ifndef SK_FS_MEMFS_H
#define SK_FS_MEMFS_H

#include "base/alloc.h"
#include "sandkiste.h"

/* A new empty filesystem (just "/", mode 0755).  `now_ns` supplies mtimes
 * (NULL: every mtime is 0).  The limits are copied.  Returns NULL when the
 * allocator refuses.  The sk_fs is owned by the caller: free it with
 * fs->destroy(fs->ud) (which frees the sk_fs itself too). */
sk_fs *sk_memfs_new(sk_alloc *a, const sk_limits *lim, sk_clock_fn now_ns, void *clock_ud);

/* Create a device node (SK_FILE_DEVICE) at `path` (parent must exist). */
int sk_memfs_mknod(sk_fs *fs, const char *path, uint32_t mode);

/* Create the standard tree: /tmp (1777), /home, /home/user, /home/sandbox,
 * /dev, /dev/fd (0755) and the devices /dev/null, /dev/zero, /dev/urandom,
 * /dev/random, /dev/stdin, /dev/stdout, /dev/stderr (0666).  These entries
 * count in usage but are created even when the quotas are smaller.  Existing
 * entries are kept.  Returns SK_OK or SK_NOMEM. */
int sk_memfs_seed_standard(sk_fs *fs);

/* Non-zero when `fs` was made by sk_memfs_new. */
int sk_memfs_is(const sk_fs *fs);

#endif
