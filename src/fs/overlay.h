/* overlay.h — copy-on-write over a read-only lower sk_fs.
 *
 * Reads fall through to `lower`; every change lands in an in-memory upper
 * layer (a memfs with the given quotas), and deletions of lower entries are
 * remembered as whiteouts, so the lower filesystem is never written.  A
 * file is copied up (whole) the first time it is appended to, truncated,
 * chmod'ed or renamed; directories are copied up (empty, with their mode) as
 * needed to hold upper entries.  Renaming a directory that exists in the
 * lower layer is SK_EXDEV, as with Linux overlayfs: `mv` then copies and
 * deletes.  A directory removed and made again hides the lower one.
 */
#ifndef SK_FS_OVERLAY_H
#define SK_FS_OVERLAY_H

#include "base/alloc.h"
#include "sandkiste.h"

enum { SK_OVERLAY_OWN_LOWER = 1 };  /* destroy `lower` with the overlay */

/* NULL when the allocator refuses.  Free with fs->destroy(fs->ud). */
sk_fs *sk_overlay_new(sk_alloc *a, const sk_fs *lower, unsigned flags, const sk_limits *lim,
                      sk_clock_fn now_ns, void *clock_ud);

#endif
