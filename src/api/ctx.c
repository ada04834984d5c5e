/* ctx.c — what host builtins see (sk_ctx is the command context sk_cmd):
 * arguments, streams, cwd, exported environment, limits, clock and the
 * filesystem, all with the sandbox's rules. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "fs/vfs.h"
#include "sandkiste.h"

static sk_cmd *C(sk_ctx *x) { return (sk_cmd *)x; }

int64_t sk_ctx_read(sk_ctx *x, void *buf, size_t n)
{
    sk_cmd *c = C(x);
    if (!c->in) return 0;
    int64_t r = sk_stream_read(c->in, buf, n);
    return r < 0 ? SK_ERROR : r;
}

int sk_ctx_write(sk_ctx *x, int fd, const void *data, size_t n)
{
    sk_cmd *c = C(x);
    if (fd != 1 && fd != 2) return SK_INVALID;
    if (fd == 2) sk_out_flush(&c->out);
    int r = sk_out_write(fd == 1 ? &c->out : &c->err, data, n);
    if (fd == 2) sk_out_flush(&c->err);
    return r ? SK_ERROR : SK_OK;
}

int sk_ctx_printf(sk_ctx *x, int fd, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return SK_ERROR;
    if ((size_t)n < sizeof tmp) return sk_ctx_write(x, fd, tmp, (size_t)n);
    sk_buf b = SK_BUF_INIT(C(x)->a);
    va_start(ap, fmt);
    int r = sk_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (!r) r = sk_ctx_write(x, fd, b.p, b.len);
    sk_buf_free(&b);
    return r ? SK_ERROR : SK_OK;
}

const char *sk_ctx_cwd(sk_ctx *x) { return C(x)->cwd; }

const char *sk_ctx_getenv(sk_ctx *x, const char *name)
{
    sk_cmd *c = C(x);
    size_t n = strlen(name);
    for (char *const *e = c->envp; e && *e; e++)
        if (!strncmp(*e, name, n) && (*e)[n] == '=') return *e + n + 1;
    return NULL;
}

sk_limits sk_ctx_limits(sk_ctx *x) { return *C(x)->lim; }

int64_t sk_ctx_now_ns(sk_ctx *x) { return cmd_now_ns(C(x)); }

int sk_ctx_read_file(sk_ctx *x, const char *path, char **data, size_t *n)
{
    sk_cmd *c = C(x);
    if (!path || !data) return SK_INVALID;
    sk_buf b = SK_BUF_INIT(c->a);
    int st = sk_vfs_read_file(c->vfs, c->cwd, path, c->lim->max_file_size, &b);
    if (st) { sk_buf_free(&b); return st; }
    char *p = malloc(b.len + 1);
    if (!p) { sk_buf_free(&b); return SK_NOMEM; }
    if (b.len) memcpy(p, b.p, b.len);
    p[b.len] = 0;
    if (n) *n = b.len;
    *data = p;
    sk_buf_free(&b);
    return SK_OK;
}

int sk_ctx_write_file(sk_ctx *x, const char *path, const void *data, size_t n)
{
    sk_cmd *c = C(x);
    if (!path || (!data && n)) return SK_INVALID;
    return sk_vfs_write_file(c->vfs, c->cwd, path, data ? data : "", n, 0644);
}

int sk_ctx_stat(sk_ctx *x, const char *path, sk_stat *st)
{
    sk_cmd *c = C(x);
    if (!path || !st) return SK_INVALID;
    return sk_vfs_stat(c->vfs, c->cwd, path, st);
}

char *sk_ctx_resolve(sk_ctx *x, const char *path)
{
    sk_cmd *c = C(x);
    char *abs = cmd_abspath(c, path);
    if (!abs) return NULL;
    size_t n = strlen(abs);
    char *p = malloc(n + 1);
    if (p) memcpy(p, abs, n + 1);
    sk_free(c->a, abs);
    return p;
}
