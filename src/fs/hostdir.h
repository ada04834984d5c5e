/* hostdir.h — an sk_fs over a directory of the host, jailed beneath it.
 *
 * The sandbox's "/" is `root`.  Every path is walked one component at a
 * time with O_NOFOLLOW from a descriptor of the root, so neither "..", nor
 * a symlink, nor a rename race on the host can lead outside: a symlink met
 * in the middle of a path is "Not a directory" (the resolution layer follows
 * links itself, inside the sandbox), a final one is never opened.  Creating
 * a symlink whose target is absolute or climbs above the root is refused
 * (SK_EACCES), so the sandbox cannot plant links that lead host programs
 * outside.  Only regular files are read or written (a FIFO or device on the
 * host is SK_EACCES, never a blocking open).
 *
 * Limits: max_file_size (SK_EFBIG), max_name_length / max_path_length /
 * max_path_depth (SK_ENAMETOOLONG).  max_fs_bytes and max_file_count are not
 * tracked on the host (usage reports zeros).
 *
 * This file and hostdir.c are the only library code that calls the host's
 * file API. */
#ifndef SK_FS_HOSTDIR_H
#define SK_FS_HOSTDIR_H

#include "base/alloc.h"
#include "sandkiste.h"

enum { SK_HOSTDIR_READONLY = 1 };

/* NULL on failure with *status set (SK_ENOENT, SK_ENOTDIR, SK_EACCES,
 * SK_NOMEM ...).  Free with fs->destroy(fs->ud). */
sk_fs *sk_hostdir_new(sk_alloc *a, const char *root, unsigned flags, const sk_limits *lim,
                      int *status);

#endif
