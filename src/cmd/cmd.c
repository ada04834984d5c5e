/* cmd.c — helpers shared by all commands: diagnostics, inputs, options,
 * and the registry built from the SK_CMD lines of src/cmd. */
#include "cmd.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/vpath.h"
#include "fs/vfs.h"

void sk_cmd_init(sk_cmd *c, sk_iorun *run, sk_fdtab *fds, const char *name)
{
    memset(c, 0, sizeof *c);
    c->a = run->a;
    c->run = run;
    c->vfs = run->vfs;
    c->abort = run->abort;
    c->rng = run->rng;
    c->fds = fds;
    c->name = name;
    sk_fd *f0 = sk_fdtab_get(fds, 0), *f1 = sk_fdtab_get(fds, 1), *f2 = sk_fdtab_get(fds, 2);
    c->in = f0 && (f0->mode & SK_RD) ? f0->s : NULL;
    sk_out_init(&c->out, c->a, f1 && (f1->mode & SK_WR) ? f1->s : NULL, c->outbuf, sizeof c->outbuf);
    sk_out_init(&c->err, c->a, f2 && (f2->mode & SK_WR) ? f2->s : NULL, c->errbuf, sizeof c->errbuf);
    c->out.closed_fd = !c->out.s;
    c->err.closed_fd = !c->err.s;
}

int cmd_error(sk_cmd *c, const char *fmt, ...)
{
    sk_out_flush(&c->out);
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof tmp) n = sizeof tmp - 1;
    sk_out_puts(&c->err, c->name);
    sk_out_write(&c->err, ": ", 2);
    sk_out_write(&c->err, tmp, (size_t)n);
    sk_out_putc(&c->err, '\n');
    sk_out_flush(&c->err);
    return 1;
}

int cmd_error_path(sk_cmd *c, const char *path, int status)
{
    return cmd_error(c, "%s: %s", path, sk_status_message(status));
}

int cmd_bad_option(sk_cmd *c, int opt)
{
    cmd_error(c, "invalid option -- '%c'", opt);
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
    return 2;
}

int cmd_bad_long_option(sk_cmd *c, const char *opt)
{
    cmd_error(c, "unrecognized option '%s'", opt);
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
    return 2;
}

int cmd_aborted(const sk_cmd *c)
{
    if (c->abort && *c->abort) return 1;
    return c->run && c->run->poll && c->run->poll(c->run->poll_ud);
}

int cmd_out_failed(const sk_cmd *c) { return c->out.err != 0; }

int cmd_finish(sk_cmd *c, int status)
{
    sk_out_flush(&c->out);
    sk_out_flush(&c->err);
    if (c->out.err == SK_IO_EPIPE || c->err.err == SK_IO_EPIPE) {
        c->pipe_broken = 1;
        return 141;
    }
    return status;
}

int cmd_open_input(sk_cmd *c, const char *path, sk_in *in)
{
    sk_stream *s;
    if (!path || !strcmp(path, "-") || !strcmp(path, "/dev/stdin")) {
        s = c->in;
        if (sk_in_init(in, c->a, s, 16384)) return SK_NOMEM;
        if (s) sk_stream_open(s, SK_RD);
        return SK_OK;
    }
    if (!strncmp(path, "/dev/fd/", 8) && path[8] >= '0' && path[8] <= '9' && c->fds) {
        /* an open descriptor of the command: process substitution <(...) */
        int fd = 0;
        const char *p = path + 8;
        while (*p >= '0' && *p <= '9' && fd < 100000) fd = fd * 10 + (*p++ - '0');
        sk_fd *f = *p ? NULL : sk_fdtab_get(c->fds, fd);
        if (!f || !(f->mode & SK_RD)) return SK_ENOENT;
        if (sk_in_init(in, c->a, f->s, 16384)) return SK_NOMEM;
        sk_stream_open(f->s, SK_RD);
        return SK_OK;
    }
    int st;
    s = sk_stream_file(c->run, c->cwd, path, SK_RD, 0, &st);
    if (!s) return st;
    if (sk_in_init(in, c->a, s, 16384)) {
        sk_stream_open(s, SK_RD);
        sk_stream_close(s, SK_RD);
        return SK_NOMEM;
    }
    sk_stream_open(s, SK_RD);
    return SK_OK;
}

void cmd_close_input(sk_cmd *c, sk_in *in)
{
    (void)c;
    sk_stream *s = in->s;
    sk_in_free(in);
    if (s) sk_stream_close(s, SK_RD);
    in->s = NULL;
}

int cmd_read_all(sk_cmd *c, const char *path, sk_buf *buf)
{
    sk_in in;
    int st = cmd_open_input(c, path, &in);
    if (st) return st;
    int r = sk_in_read_all(&in, buf, c->lim && c->lim->max_file_size ? c->lim->max_file_size * 4 : 0);
    cmd_close_input(c, &in);
    if (r == SK_NOMEM) return SK_NOMEM;
    if (r == SK_IO_ABORT) return SK_ERROR;
    if (r < 0) return SK_EIO;
    return SK_OK;
}

char *cmd_abspath(sk_cmd *c, const char *path)
{
    return sk_vpath_resolve(c->a, c->cwd, path, strlen(path), NULL);
}

int64_t cmd_now_ns(sk_cmd *c) { return c->now_ns ? c->now_ns(c->clock_ud) : 0; }

uint64_t cmd_random(sk_cmd *c)
{
    uint64_t z = (*c->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ---- options -------------------------------------------------------------- */

void cmd_opts_init(cmd_opts *o, int argc, char **argv, const char *shortopts,
                   const cmd_longopt *longopts, int permute)
{
    memset(o, 0, sizeof *o);
    o->argc = argc;
    o->argv = argv;
    o->shortopts = shortopts ? shortopts : "";
    o->longopts = longopts;
    o->permute = permute;
    o->ind = 1;
}

static int add_operand(cmd_opts *o, sk_cmd *c, char *s)
{
    char **n = sk_realloc(c->a, o->operands, (size_t)(o->noperands + 1) * sizeof *n);
    if (!n) return -1;
    o->operands = n;
    o->operands[o->noperands++] = s;
    return 0;
}

int cmd_opts_next(cmd_opts *o, sk_cmd *c)
{
    o->arg = NULL;
    if (o->sub == 0) {
        for (;;) {
            if (o->ind >= o->argc) return -1;
            char *a = o->argv[o->ind];
            if (!strcmp(a, "--")) {
                o->ind++;
                if (o->permute)
                    while (o->ind < o->argc)
                        if (add_operand(o, c, o->argv[o->ind++])) return -1;
                return -1;
            }
            if (a[0] == '-' && a[1]) break;
            if (!o->permute) return -1;
            if (add_operand(o, c, a)) return -1;
            o->ind++;
        }
        char *a = o->argv[o->ind];
        if (a[1] == '-' && o->longopts) {
            char *name = a + 2;
            char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const cmd_longopt *hit = NULL;
            int nhits = 0;
            for (const cmd_longopt *l = o->longopts; l->name; l++) {
                if (strncmp(l->name, name, len)) continue;
                if (strlen(l->name) == len) { hit = l; nhits = 1; break; }
                hit = l;
                nhits++;
            }
            o->ind++;
            if (nhits != 1) { o->bad = a; o->opt = 0; return '?'; }
            if (hit->has_arg == 1) {
                if (eq) o->arg = eq + 1;
                else if (o->ind < o->argc) o->arg = o->argv[o->ind++];
                else { o->bad = a; o->opt = 0; return ':'; }
            } else if (hit->has_arg == 2) {
                if (eq) o->arg = eq + 1;
            } else if (eq) {
                o->bad = a;
                o->opt = 0;
                return '?';
            }
            return hit->val;
        }
        if (a[1] == '-') { o->bad = a; o->ind++; return '?'; }
        o->sub = 1;
    }
    char *a = o->argv[o->ind];
    int ch = (unsigned char)a[o->sub++];
    const char *p = ch != ':' ? strchr(o->shortopts, ch) : NULL;
    if (!p) {
        o->opt = ch;
        o->bad = NULL;
        if (!a[o->sub]) { o->sub = 0; o->ind++; }
        return '?';
    }
    if (p[1] == ':') {
        if (a[o->sub]) o->arg = a + o->sub;
        else if (p[2] == ':') o->arg = NULL;   /* optional: only ever attached (-w32) */
        else if (o->ind + 1 < o->argc) o->arg = o->argv[++o->ind];
        else { o->opt = ch; o->sub = 0; o->ind++; return ':'; }
        o->sub = 0;
        o->ind++;
    } else if (!a[o->sub]) {
        o->sub = 0;
        o->ind++;
    }
    return ch;
}

int cmd_opts_operands(cmd_opts *o, char ***out)
{
    /* with permute, cmd_opts_next collected every operand before saying -1 */
    if (o->permute) {
        *out = o->operands;
        return o->noperands;
    }
    *out = o->argv + o->ind;
    return o->argc - o->ind;
}

void cmd_opts_free(cmd_opts *o, sk_cmd *c)
{
    sk_free(c->a, o->operands);
    o->operands = NULL;
    o->noperands = 0;
}

int cmd_opts_error(cmd_opts *o, sk_cmd *c, int r)
{
    if (r == ':') {
        if (o->bad) {
            cmd_error(c, "option '%s' requires an argument", o->bad);
        } else {
            cmd_error(c, "option requires an argument -- '%c'", o->opt);
        }
        sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
        return 2;
    }
    if (o->bad) return cmd_bad_long_option(c, o->bad);
    return cmd_bad_option(c, o->opt);
}

/* ---- registry --------------------------------------------------------------- */

#undef SK_CMD
#define SK_CMD(name, fn, hint) int fn(sk_cmd *c, int argc, char **argv);
#include "cmd_list.h"
#undef SK_CMD

static const sk_cmd_entry commands[] = {
#define SK_CMD(name, fn, hint) { name, fn, hint },
#include "cmd_list.h"
#undef SK_CMD
};

const sk_cmd_entry *sk_cmd_table(size_t *n)
{
    *n = sizeof commands / sizeof commands[0];
    return commands;
}

const sk_cmd_entry *sk_cmd_lookup(const char *name)
{
    size_t lo = 0, hi = sizeof commands / sizeof commands[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int r = strcmp(name, commands[mid].name);
        if (r == 0) return &commands[mid];
        if (r < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}
