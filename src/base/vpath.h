/* vpath.h — virtual (sandbox) path strings with POSIX semantics on every host.
 *
 * Purely lexical: nothing here looks at a filesystem, so ".." is resolved by
 * dropping the previous component (the symlink-aware walk is src/fs/vfs.c).
 * Paths are byte strings; '/' is the only separator on every host.  Nothing
 * here allocates except sk_vpath_resolve and sk_vpath_join, which allocate
 * exactly their result (sk_malloc, free with sk_free).
 */
#ifndef SK_BASE_VPATH_H
#define SK_BASE_VPATH_H

#include <stddef.h>
#include <stdint.h>

#include "alloc.h"

typedef struct sk_vpath_info {
    int status;              /* SK_OK, SK_EINVAL (NUL byte), SK_ENOENT (empty
                                path), SK_NOMEM */
    unsigned trailing_slash; /* the path ended with '/' ("foo/") */
    unsigned last_dot;       /* the last component written was "." or ".." */
    size_t len;              /* strlen of the result */
    uint32_t depth;          /* number of components of the result */
} sk_vpath_info;

/* `path` (len bytes, not necessarily NUL-terminated) made absolute against
 * `cwd` (absolute; NULL or relative means "/") and normalised: "//" collapsed,
 * "." dropped, ".." removes the previous component and is clamped at the root
 * ("/../../etc" is "/etc").  The result has no trailing '/' except for "/"
 * itself.  Returns NULL on error with info->status set (info may be NULL). */
char *sk_vpath_resolve(sk_alloc *a, const char *cwd, const char *path, size_t len,
                       sk_vpath_info *info);

/* Same as resolve, written into `out` of capacity `cap` (needs at most
 * strlen(cwd) + len + 2 bytes); returns the length or a negative sk_status
 * (SK_ENAMETOOLONG when it does not fit).  Never allocates. */
long sk_vpath_resolve_into(char *out, size_t cap, const char *cwd, const char *path,
                           size_t len, sk_vpath_info *info);

/* dirname / basename as the commands define them, for strings: the result
 * points into `p` or at a static "." / "/" / "" and has *out_len bytes.
 *   dirname("/a/b/") = "/a"   dirname("a") = "."   dirname("//") = "/"
 *   basename("/a/b/") = "b"   basename("/") = "/"  basename("") = "" */
const char *sk_vpath_dirname(const char *p, size_t len, size_t *out_len);
const char *sk_vpath_basename(const char *p, size_t len, size_t *out_len);

/* dir + "/" + name (one separator; name absolute -> name; dir empty -> name).
 * Not normalised.  NUL-terminated, sk_malloc'd. */
char *sk_vpath_join(sk_alloc *a, const char *dir, size_t dlen, const char *name, size_t nlen);

/* Components, skipping empty ones ("//"); "." and ".." are returned. */
typedef struct sk_vpath_iter {
    const char *p;
    size_t len, pos;
} sk_vpath_iter;

void sk_vpath_iter_init(sk_vpath_iter *it, const char *p, size_t len);
/* 1 and the next component, or 0 at the end. */
int sk_vpath_next(sk_vpath_iter *it, const char **comp, size_t *clen);

/* Number of components other than "" and "." ("/a//b/." -> 2). */
uint32_t sk_vpath_depth(const char *p, size_t len);

/* Longest component length. */
size_t sk_vpath_max_name(const char *p, size_t len);

/* Non-zero when p is absolute and normal: "/" or "/a/b" with no "", ".",
 * ".." components, no trailing '/', no NUL. */
int sk_vpath_is_normal(const char *p, size_t len);

/* Non-zero when any component is "..". */
int sk_vpath_has_dotdot(const char *p, size_t len);

/* Non-zero when normal absolute path `p` equals `dir` or lies below it. */
int sk_vpath_is_under(const char *p, size_t plen, const char *dir, size_t dlen);

#endif
