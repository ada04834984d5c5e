/* vpath.c — lexical POSIX path handling for sandbox paths.
 * Never touches a filesystem and never allocates beyond the result. */
#include "vpath.h"

#include <string.h>

#include "sandkiste.h"

static void set_info(sk_vpath_info *info, int status)
{
    if (info) {
        memset(info, 0, sizeof *info);
        info->status = status;
    }
}

/* Append the components of s[0..n) to out[0..*olen), applying "." and "..".
 * `out` is big enough (checked by the caller). */
static void apply(char *out, size_t *olen, uint32_t *depth, const char *s, size_t n,
                  unsigned *last_dot)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && s[i] == '/') i++;
        if (i >= n) break;
        size_t st = i;
        while (i < n && s[i] != '/') i++;
        size_t cl = i - st;
        if (cl == 1 && s[st] == '.') {
            if (last_dot) *last_dot = 1;
            continue;
        }
        if (cl == 2 && s[st] == '.' && s[st + 1] == '.') {
            if (last_dot) *last_dot = 1;
            size_t k = *olen;
            while (k > 0 && out[k - 1] != '/') k--;
            if (k > 0) {
                k--; /* drop the separator too */
                (*depth)--;
            }
            *olen = k;
            continue;
        }
        if (last_dot) *last_dot = 0;
        out[(*olen)++] = '/';
        memcpy(out + *olen, s + st, cl);
        *olen += cl;
        (*depth)++;
    }
}

long sk_vpath_resolve_into(char *out, size_t cap, const char *cwd, const char *path,
                           size_t len, sk_vpath_info *info)
{
    set_info(info, SK_OK);
    if (len == 0) {
        if (info) info->status = SK_ENOENT;
        return SK_ENOENT;
    }
    if (memchr(path, 0, len)) {
        if (info) info->status = SK_EINVAL;
        return SK_EINVAL;
    }
    size_t clen = 0;
    int rel = path[0] != '/';
    if (rel && cwd && cwd[0] == '/') clen = strlen(cwd);
    if (clen + len + 2 > cap) {
        if (info) info->status = SK_ENAMETOOLONG;
        return SK_ENAMETOOLONG;
    }
    size_t olen = 0;
    uint32_t depth = 0;
    unsigned last_dot = 0;
    if (clen) apply(out, &olen, &depth, cwd, clen, NULL);
    apply(out, &olen, &depth, path, len, &last_dot);
    if (olen == 0) out[olen++] = '/';
    out[olen] = 0;
    if (info) {
        info->trailing_slash = path[len - 1] == '/';
        info->last_dot = last_dot;
        info->len = olen;
        info->depth = depth;
    }
    return (long)olen;
}

char *sk_vpath_resolve(sk_alloc *a, const char *cwd, const char *path, size_t len,
                       sk_vpath_info *info)
{
    size_t clen = (path && len && path[0] != '/' && cwd && cwd[0] == '/') ? strlen(cwd) : 0;
    if (len == 0 || memchr(path, 0, len)) {
        sk_vpath_resolve_into(NULL, 0, cwd, path, len, info);
        return NULL;
    }
    size_t cap = clen + len + 2;
    char *out = sk_malloc(a, cap);
    if (!out) {
        set_info(info, SK_NOMEM);
        return NULL;
    }
    sk_vpath_resolve_into(out, cap, cwd, path, len, info);
    return out;
}

static const char *const_str(const char *s, size_t *out_len)
{
    *out_len = strlen(s);
    return s;
}

const char *sk_vpath_dirname(const char *p, size_t len, size_t *out_len)
{
    size_t n = len;
    while (n > 1 && p[n - 1] == '/') n--;          /* trailing slashes */
    if (n == 0) return const_str(".", out_len);
    if (n == 1 && p[0] == '/') return const_str("/", out_len);
    while (n > 0 && p[n - 1] != '/') n--;          /* the last component */
    if (n == 0) return const_str(".", out_len);
    while (n > 1 && p[n - 1] == '/') n--;          /* separating slashes */
    if (n == 1 && p[0] == '/') return const_str("/", out_len);
    *out_len = n;
    return p;
}

const char *sk_vpath_basename(const char *p, size_t len, size_t *out_len)
{
    if (len == 0) return const_str("", out_len);
    size_t n = len;
    while (n > 0 && p[n - 1] == '/') n--;
    if (n == 0) return const_str("/", out_len);
    size_t st = n;
    while (st > 0 && p[st - 1] != '/') st--;
    *out_len = n - st;
    return p + st;
}

char *sk_vpath_join(sk_alloc *a, const char *dir, size_t dlen, const char *name, size_t nlen)
{
    if ((nlen && name[0] == '/') || dlen == 0) return sk_strndup(a, name, nlen);
    int sep = dir[dlen - 1] != '/';
    if (dlen > SIZE_MAX / 2 || nlen > SIZE_MAX / 2) return NULL;
    char *out = sk_malloc(a, dlen + (size_t)sep + nlen + 1);
    if (!out) return NULL;
    memcpy(out, dir, dlen);
    if (sep) out[dlen] = '/';
    memcpy(out + dlen + sep, name, nlen);
    out[dlen + sep + nlen] = 0;
    return out;
}

void sk_vpath_iter_init(sk_vpath_iter *it, const char *p, size_t len)
{
    it->p = p;
    it->len = len;
    it->pos = 0;
}

int sk_vpath_next(sk_vpath_iter *it, const char **comp, size_t *clen)
{
    while (it->pos < it->len && it->p[it->pos] == '/') it->pos++;
    if (it->pos >= it->len) return 0;
    size_t st = it->pos;
    while (it->pos < it->len && it->p[it->pos] != '/') it->pos++;
    *comp = it->p + st;
    *clen = it->pos - st;
    return 1;
}

uint32_t sk_vpath_depth(const char *p, size_t len)
{
    sk_vpath_iter it;
    const char *c;
    size_t cl;
    uint32_t d = 0;
    sk_vpath_iter_init(&it, p, len);
    while (sk_vpath_next(&it, &c, &cl))
        if (!(cl == 1 && c[0] == '.')) d++;
    return d;
}

size_t sk_vpath_max_name(const char *p, size_t len)
{
    sk_vpath_iter it;
    const char *c;
    size_t cl, m = 0;
    sk_vpath_iter_init(&it, p, len);
    while (sk_vpath_next(&it, &c, &cl))
        if (cl > m) m = cl;
    return m;
}

int sk_vpath_is_normal(const char *p, size_t len)
{
    if (len == 0 || p[0] != '/') return 0;
    if (len == 1) return 1;
    if (p[len - 1] == '/') return 0;
    size_t i = 1;
    while (i < len) {
        size_t st = i;
        while (i < len && p[i] != '/') {
            if (p[i] == 0) return 0;
            i++;
        }
        size_t cl = i - st;
        if (cl == 0) return 0;
        if (p[st] == '.' && (cl == 1 || (cl == 2 && p[st + 1] == '.'))) return 0;
        i++; /* the separator */
    }
    return 1;
}

int sk_vpath_has_dotdot(const char *p, size_t len)
{
    sk_vpath_iter it;
    const char *c;
    size_t cl;
    sk_vpath_iter_init(&it, p, len);
    while (sk_vpath_next(&it, &c, &cl))
        if (cl == 2 && c[0] == '.' && c[1] == '.') return 1;
    return 0;
}

int sk_vpath_is_under(const char *p, size_t plen, const char *dir, size_t dlen)
{
    if (dlen == 1 && dir[0] == '/') return plen >= 1 && p[0] == '/';
    if (plen < dlen || memcmp(p, dir, dlen)) return 0;
    return plen == dlen || p[dlen] == '/';
}
