/* redir.c — redirections: files, descriptor duplication and closing,
 * here-documents and here-strings, {var}> descriptor allocation, and the
 * special paths /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N and
 * /dev/null.  Works on a descriptor table the caller owns (a private copy
 * for one command, or the shell's own for `exec`). */
#include <stdio.h>
#include <string.h>

#include "shell/exec.h"

static int devfd_number(const char *path)
{
    if (!strcmp(path, "/dev/stdin")) return 0;
    if (!strcmp(path, "/dev/stdout")) return 1;
    if (!strcmp(path, "/dev/stderr")) return 2;
    if (!strncmp(path, "/dev/fd/", 8) && path[8]) {
        int n = 0;
        for (const char *p = path + 8; *p; p++) {
            if (*p < '0' || *p > '9' || n > 100000) return -1;
            n = n * 10 + (*p - '0');
        }
        return n;
    }
    return -1;
}

sk_stream *sh_open_path(sh_state *st, sk_fdtab *fds, const char *path, int mode, int flags, int *status)
{
    sk_shell *sh = st->sh;
    *status = 0;
    int dn = devfd_number(path);
    if (dn >= 0) {
        sk_fd *f = sk_fdtab_get(fds, dn);
        if (!f && dn > 2 && st->fds && st->fds != fds) f = sk_fdtab_get(st->fds, dn);
        if (!f) { *status = SK_ENOENT; return NULL; }
        return f->s;
    }
    if (!strcmp(path, "/dev/null")) {
        sk_stream *s = sk_stream_null(&sh->io);
        if (!s) *status = SK_NOMEM;
        return s;
    }
    if (!strcmp(path, "/dev/tty")) {
        *status = SK_EIO;
        return NULL;
    }
    return sk_stream_file(&sh->io, st->cwd, path, mode, flags, status);
}

static int redir_err(sh_state *st, const char *what, int status)
{
    if (status == SK_EIO) sh_err(st, "%s: No such device or address", what);
    else sh_err(st, "%s: %s", what, sk_status_message(status));
    return 1;
}

static int parse_fdnum(const char *s, int *fd)
{
    if (!*s) return 0;
    long n = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return 0;
        n = n * 10 + (*p - '0');
        if (n > 1000000) return 0;
    }
    *fd = (int)n;
    return 1;
}

static int heredoc_stream(sh_state *st, const sh_redir *r, sk_stream **out)
{
    sk_buf body = SK_BUF_INIT(st->a);
    if (r->body_err) {
        sh_err_noline(st, "command substitution: line %d: %s", r->body_err_line, r->body_err);
        if (r->body_err_text) sh_err_noline(st, "command substitution: line %d: %s", r->body_err_line, r->body_err_text);
        return 1;
    }
    if (r->body) {
        if (r->flags & SH_RF_QUOTED) {
            for (uint32_t i = 0; i < r->body->nparts; i++)
                if (sk_buf_put(&body, r->body->parts[i].u.text.p, r->body->parts[i].u.text.n)) goto nomem;
        } else if (sh_expand_string(st, r->body, SH_XS_HEREDOC, &body)) {
            sk_buf_free(&body);
            return 1;
        }
    }
    size_t n;
    char *p = sk_buf_take(&body, &n);
    if (!p) goto nomem;
    sk_stream *s = sk_stream_mem(&st->sh->io, p, n, 0);
    if (!s) { sk_free(st->a, p); goto nomem; }
    s->u.mem.owned = p;
    *out = s;
    return 0;
nomem:
    sk_buf_free(&body);
    sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory);
    return 1;
}

static int herestr_stream(sh_state *st, const sh_redir *r, sk_stream **out)
{
    sk_buf b = SK_BUF_INIT(st->a);
    if (sh_expand_string(st, &r->target, 0, &b)) {
        sk_buf_free(&b);
        return 1;
    }
    if (sk_buf_putc(&b, '\n')) goto nomem;
    size_t n;
    char *p = sk_buf_take(&b, &n);
    if (!p) goto nomem;
    sk_stream *s = sk_stream_mem(&st->sh->io, p, n, 0);
    if (!s) { sk_free(st->a, p); goto nomem; }
    s->u.mem.owned = p;
    *out = s;
    return 0;
nomem:
    sk_buf_free(&b);
    sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory);
    return 1;
}

static int one_redir(sh_state *st, const sh_redir *r, sk_fdtab *fds)
{
    sk_alloc *a = st->a;
    int fd = r->fd;
    int varfd = r->fdvar.n > 0;
    if (fd < 0) {
        switch (r->op) {
        case SH_R_IN: case SH_R_RDWR: case SH_R_DUP_IN: case SH_R_HEREDOC: case SH_R_HERESTR: fd = 0; break;
        default: fd = 1; break;
        }
    }
    sk_stream *s = NULL;
    int mode = 0;

    if (r->op == SH_R_HEREDOC || r->op == SH_R_HERESTR) {
        if (r->op == SH_R_HEREDOC ? heredoc_stream(st, r, &s) : herestr_stream(st, r, &s)) return 1;
        mode = SK_RD;
    } else {
        sk_buf tb = SK_BUF_INIT(a);
        int amb;
        if (sh_expand_redir_word(st, &r->target, &tb, &amb)) {
            sk_buf_free(&tb);
            return 1;
        }
        if (amb) {
            sh_err(st, "%.*s: ambiguous redirect", (int)r->target.raw.n, r->target.raw.p);
            sk_buf_free(&tb);
            return 1;
        }
        const char *target = sk_buf_cstr(&tb);
        if (r->op == SH_R_DUP_IN || r->op == SH_R_DUP_OUT) {
            int src;
            size_t tl = strlen(target);
            if (!strcmp(target, "-")) {
                if (varfd) {
                    const char *v = sh_var_get(st, r->fdvar.p);
                    int vfd;
                    if (!v || !parse_fdnum(v, &vfd)) {
                        sh_err(st, "%s: ambiguous redirect", r->fdvar.p);
                        sk_buf_free(&tb);
                        return 1;
                    }
                    fd = vfd;
                }
                sk_fdtab_close(fds, fd);
                sk_buf_free(&tb);
                return 0;
            }
            int move = tl > 1 && target[tl - 1] == '-';
            if (move) tb.p[--tl] = 0;
            if (parse_fdnum(target, &src)) {
                sk_fd *f = sk_fdtab_get(fds, src);
                if (!f || (r->op == SH_R_DUP_OUT && !(f->mode & SK_WR)) || (r->op == SH_R_DUP_IN && !(f->mode & SK_RD))) {
                    sh_err(st, "%d: Bad file descriptor", src);
                    sk_buf_free(&tb);
                    return 1;
                }
                if (varfd) {
                    fd = sk_fdtab_lowest_free(fds, 10);
                    sh_var_set_int(st, r->fdvar.p, fd, 0);
                }
                if (sk_fdtab_dup(fds, a, src, fd)) {
                    sk_buf_free(&tb);
                    return 1;
                }
                if (move && src != fd) sk_fdtab_close(fds, src);
                sk_buf_free(&tb);
                return 0;
            }
            if (move) tb.p[tl++] = '-';
            if (r->op == SH_R_DUP_OUT && r->fd < 0 && !varfd) {
                /* >&word with a file name: same as &>word */
                int status;
                s = sh_open_path(st, fds, target, SK_WR, SK_OPEN_CREATE | SK_OPEN_TRUNC, &status);
                if (!s) {
                    redir_err(st, target, status);
                    sk_buf_free(&tb);
                    return 1;
                }
                sk_fdtab_set(fds, a, 1, s, SK_WR);
                sk_fdtab_set(fds, a, 2, s, SK_WR);
                sk_buf_free(&tb);
                return 0;
            }
            sh_err(st, "%s: ambiguous redirect", target);
            sk_buf_free(&tb);
            return 1;
        }
        int flags = 0;
        switch (r->op) {
        case SH_R_IN: mode = SK_RD; break;
        case SH_R_OUT:
        case SH_R_CLOBBER:
        case SH_R_ALL:
            mode = SK_WR;
            flags = SK_OPEN_CREATE | SK_OPEN_TRUNC;
            if (st->opt[SH_O_NOCLOBBER] && r->op != SH_R_CLOBBER) {
                sk_stat sst;
                if (sk_vfs_stat(&st->sh->vfs, st->cwd, target, &sst) == 0 && sst.type == SK_FILE_REGULAR) {
                    sh_err(st, "%s: cannot overwrite existing file", target);
                    sk_buf_free(&tb);
                    return 1;
                }
            }
            break;
        case SH_R_APPEND:
        case SH_R_ALL_APPEND:
            mode = SK_WR;
            flags = SK_OPEN_CREATE | SK_OPEN_APPEND;
            break;
        case SH_R_RDWR:
            mode = SK_RD | SK_WR;
            flags = SK_OPEN_CREATE;
            break;
        }
        if (!*target) {
            sh_err(st, ": No such file or directory");
            sk_buf_free(&tb);
            return 1;
        }
        int status;
        s = sh_open_path(st, fds, target, mode, flags, &status);
        if (!s) {
            redir_err(st, target, status);
            sk_buf_free(&tb);
            return 1;
        }
        sk_buf_free(&tb);
        if (r->op == SH_R_ALL || r->op == SH_R_ALL_APPEND) {
            sk_fdtab_set(fds, a, 1, s, SK_WR);
            sk_fdtab_set(fds, a, 2, s, SK_WR);
            return 0;
        }
    }
    if (varfd) {
        fd = sk_fdtab_lowest_free(fds, 10);
        if (sh_var_set_int(st, r->fdvar.p, fd, 0)) {
            if (s->refs == 0) { sk_stream_open(s, mode); sk_stream_close(s, mode); }
            return 1;
        }
    }
    if (sk_fdtab_set(fds, a, fd, s, mode)) {
        if (s->refs == 0) { sk_stream_open(s, mode); sk_stream_close(s, mode); }
        sh_err(st, "%d: Bad file descriptor", fd);
        return 1;
    }
    return 0;
}

int sh_redirect(sh_state *st, const sh_redir *r, uint32_t n, sk_fdtab *fds)
{
    for (uint32_t i = 0; i < n; i++) {
        if (st->sh->abort) return 1;
        int save = st->lineno;
        if (r[i].line > 0) st->lineno = sh_node_line(st, r[i].line);
        int e = one_redir(st, &r[i], fds);
        st->lineno = save;
        if (e) return 1;
        if (st->ctl) return 1;
    }
    return 0;
}
