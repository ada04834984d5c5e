/* io.c — awk's redirections and external commands.
 *
 * print > FILE / >> FILE write virtual files; "/dev/stdout", "-" and
 * "/dev/stderr" are the command's own streams.  There are no processes:
 * `print | CMD` collects the text and runs CMD through the shell (c->script)
 * with it as stdin when the pipe is closed (close() or the end of the
 * program); `CMD | getline` runs CMD at the first read and reads its
 * captured output; system(CMD) runs it with awk's streams.  The hook runs
 * the script with c->fds, so awk lends it a copy of its table with fd 0 or
 * fd 1 replaced.  Without a shell hook (unit tests) these report an error. */
#include <string.h>

#include "awk.h"

static int is_stdout_name(const awk_str *n)
{
    return (n->len == 11 && !memcmp(n->s, "/dev/stdout", 11)) || (n->len == 1 && n->s[0] == '-');
}

static int is_stderr_name(const awk_str *n) { return n->len == 11 && !memcmp(n->s, "/dev/stderr", 11); }

awk_ostream *awk_output(awk_interp *in, int kind, awk_str *name)
{
    if (is_stdout_name(name)) return &in->os_stdout;
    if (is_stderr_name(name)) return &in->os_stderr;
    for (awk_ostream *o = in->outs; o; o = o->next)
        if (!strcmp(o->name, name->s) && ((o->kind == OS_PIPE) == (kind == RD_PIPE))) return o;
    if (kind == RD_COPROC) {
        awk_fatal(in, "coprocesses (|&) are not supported");
        return NULL;
    }
    if (name->len == 0) {
        awk_fatal(in, "expression for `%s' redirection has null string value",
                  kind == RD_PIPE ? "|" : kind == RD_APPEND ? ">>" : ">");
        return NULL;
    }
    awk_ostream *o = sk_calloc(in->a, 1, sizeof *o);
    if (!o) { awk_fatal(in, "out of memory"); return NULL; }
    o->name = sk_strdup(in->a, name->s);
    if (!o->name) { sk_free(in->a, o); awk_fatal(in, "out of memory"); return NULL; }
    sk_buf_init(&o->pipebuf, in->a);
    if (kind == RD_PIPE) {
        o->kind = OS_PIPE;
    } else {
        int st;
        int flags = SK_OPEN_CREATE | (kind == RD_APPEND ? SK_OPEN_APPEND : SK_OPEN_TRUNC);
        sk_cmd *c = in->c;
        o->s = sk_stream_file(c->run, c->cwd, name->s, SK_WR, flags, &st);
        if (!o->s) {
            awk_fatal(in, "can't redirect to `%s' (%s)", name->s, sk_status_message(st));
            sk_free(in->a, o->name);
            sk_free(in->a, o);
            return NULL;
        }
        sk_stream_open(o->s, SK_WR);
        o->buf = sk_malloc(in->a, 8192);
        if (!o->buf) {
            sk_stream_close(o->s, SK_WR);
            sk_free(in->a, o->name);
            sk_free(in->a, o);
            awk_fatal(in, "out of memory");
            return NULL;
        }
        sk_out_init(&o->out, in->a, o->s, o->buf, 8192);
        o->kind = OS_FILE;
    }
    o->next = in->outs;
    in->outs = o;
    return o;
}

int awk_write(awk_interp *in, awk_ostream *os, const char *p, size_t n)
{
    int r = 0;
    switch (os->kind) {
    case OS_STDOUT:
        r = sk_out_write(&in->c->out, p, n);
        if (r) in->unwind = UW_ERROR;
        return r;
    case OS_STDERR:
        r = sk_out_write(&in->c->err, p, n);
        sk_out_flush(&in->c->err);
        return r;
    case OS_PIPE:
        if (sk_buf_put(&os->pipebuf, p, n)) { awk_fatal(in, "out of memory"); return -1; }
        return 0;
    default:
        r = sk_out_write(&os->out, p, n);
        if (r) awk_fatal(in, "write to `%s' failed", os->name);
        return r;
    }
}

/* Run a shell command with optional stdin text and optional capture of its
 * stdout.  Returns the exit status, or -1 when commands cannot run here. */
static int run_command(awk_interp *in, const char *cmd, size_t len, const char *input, size_t inlen,
                       sk_buf *capture)
{
    sk_cmd *c = in->c;
    if (!c->script) {
        sk_out_flush(&c->out);
        sk_out_printf(&c->err, "%s: cannot run `%s': no shell to run commands\n", c->name, cmd);
        sk_out_flush(&c->err);
        return -1;
    }
    sk_out_flush(&c->out);
    sk_out_flush(&c->err);
    for (awk_ostream *o = in->outs; o; o = o->next)
        if (o->kind == OS_FILE) sk_out_flush(&o->out);
    sk_fdtab fds;
    if (sk_fdtab_copy(&fds, c->fds, c->a)) return -1;
    if (input) {
        sk_stream *s = sk_stream_mem(c->run, input, inlen, 1);
        if (!s || sk_fdtab_set(&fds, c->a, 0, s, SK_RD)) { sk_fdtab_free(&fds, c->a); return -1; }
    }
    if (capture) {
        sk_stream *s = sk_stream_buf(c->run, capture);
        if (!s || sk_fdtab_set(&fds, c->a, 1, s, SK_WR)) { sk_fdtab_free(&fds, c->a); return -1; }
    }
    /* the shell's hook runs the script with the command's descriptor table:
     * lend it ours for the duration */
    sk_fdtab *save_fds = c->fds;
    sk_stream *save_in = c->in;
    c->fds = &fds;
    sk_fd *f0 = sk_fdtab_get(&fds, 0);
    c->in = f0 && (f0->mode & SK_RD) ? f0->s : NULL;
    int st = c->script(c, cmd, len, "sh", 0, NULL);
    c->fds = save_fds;
    c->in = save_in;
    sk_fdtab_free(&fds, c->a);
    return st;
}

int awk_system(awk_interp *in, awk_str *cmd)
{
    int st = run_command(in, cmd->s, cmd->len, NULL, 0, NULL);
    return st < 0 ? 127 : st;
}

static int close_output(awk_interp *in, awk_ostream *o)
{
    int r = 0;
    if (o->kind == OS_FILE) {
        if (sk_out_flush(&o->out)) r = -1;
        sk_stream_close(o->s, SK_WR);
        sk_free(in->a, o->buf);
    } else if (o->kind == OS_PIPE) {
        r = run_command(in, o->name, strlen(o->name), o->pipebuf.p ? o->pipebuf.p : "", o->pipebuf.len, NULL);
        sk_buf_free(&o->pipebuf);
    }
    sk_free(in->a, o->name);
    sk_free(in->a, o);
    return r;
}

int awk_close(awk_interp *in, awk_str *name)
{
    for (awk_ostream **pp = &in->outs; *pp; pp = &(*pp)->next) {
        if (!strcmp((*pp)->name, name->s)) {
            awk_ostream *o = *pp;
            *pp = o->next;
            return close_output(in, o);
        }
    }
    for (awk_istream **pp = &in->ins; *pp; pp = &(*pp)->next) {
        if (!strcmp((*pp)->rd.name, name->s)) {
            awk_istream *s = *pp;
            *pp = s->next;
            int st = s->is_cmd ? s->rd.status : 0;
            awk_reader_close(in, &s->rd);
            sk_free(in->a, s);
            return st;
        }
    }
    if (is_stdout_name(name)) { sk_out_flush(&in->c->out); return 0; }
    if (is_stderr_name(name)) { sk_out_flush(&in->c->err); return 0; }
    return -1;
}

int awk_close_all(awk_interp *in)
{
    /* close in the order of opening (the list is newest first) */
    int r = 0;
    while (in->outs) {
        awk_ostream **pp = &in->outs;
        while ((*pp)->next) pp = &(*pp)->next;
        awk_ostream *o = *pp;
        *pp = NULL;
        if (close_output(in, o) < 0) r = -1;
    }
    while (in->ins) {
        awk_istream *s = in->ins;
        in->ins = s->next;
        awk_reader_close(in, &s->rd);
        sk_free(in->a, s);
    }
    return r;
}

int awk_flush(awk_interp *in, awk_str *name, int all)
{
    if (all) {
        sk_out_flush(&in->c->out);
        sk_out_flush(&in->c->err);
        for (awk_ostream *o = in->outs; o; o = o->next)
            if (o->kind == OS_FILE) sk_out_flush(&o->out);
        return 0;
    }
    if (is_stdout_name(name)) return sk_out_flush(&in->c->out) ? -1 : 0;
    if (is_stderr_name(name)) return sk_out_flush(&in->c->err) ? -1 : 0;
    for (awk_ostream *o = in->outs; o; o = o->next)
        if (!strcmp(o->name, name->s)) return o->kind == OS_FILE ? (sk_out_flush(&o->out) ? -1 : 0) : 0;
    return -1;
}

int awk_getline_from(awk_interp *in, awk_str *name, int is_cmd, awk_val *out)
{
    awk_reader *rd = NULL;
    if (!is_cmd && ((name->len == 1 && name->s[0] == '-') || !strcmp(name->s, "/dev/stdin"))) {
        awk_reader_open_stdin(in, &in->stdin_rd);
        rd = &in->stdin_rd;
    } else {
        for (awk_istream *s = in->ins; s; s = s->next)
            if (s->is_cmd == is_cmd && !strcmp(s->rd.name, name->s)) { rd = &s->rd; break; }
    }
    if (!rd) {
        awk_istream *s = sk_calloc(in->a, 1, sizeof *s);
        if (!s) { awk_fatal(in, "out of memory"); return -1; }
        s->is_cmd = is_cmd;
        sk_buf_init(&s->rd.cmdout, in->a);
        if (is_cmd) {
            sk_buf outb = SK_BUF_INIT(in->a);
            int st = run_command(in, name->s, name->len, NULL, 0, &outb);
            if (st < 0) {
                sk_buf_free(&outb);
                sk_free(in->a, s);
                return -1;
            }
            awk_reader_open_mem(in, &s->rd, outb.p ? outb.p : "", outb.len);
            sk_buf_free(&outb);
            s->rd.status = st;
        } else {
            if (name->len == 0 || awk_reader_open_file(in, &s->rd, name->s)) {
                sk_free(in->a, s);
                return -1;
            }
        }
        s->rd.name = sk_strdup(in->a, name->s);
        if (!s->rd.name) {
            awk_reader_close(in, &s->rd);
            sk_free(in->a, s);
            awk_fatal(in, "out of memory");
            return -1;
        }
        s->next = in->ins;
        in->ins = s;
        rd = &s->rd;
    }
    const char *p;
    size_t n;
    int r = awk_reader_next(in, rd, &p, &n);
    if (r > 0) {
        *out = awk_inputval(in, p, n);
        return 1;
    }
    return r < 0 ? -1 : 0;
}

void awk_io_free(awk_interp *in)
{
    while (in->outs) {
        awk_ostream *o = in->outs;
        in->outs = o->next;
        if (o->kind == OS_FILE) {
            sk_out_flush(&o->out);
            sk_stream_close(o->s, SK_WR);
            sk_free(in->a, o->buf);
        }
        sk_buf_free(&o->pipebuf);
        sk_free(in->a, o->name);
        sk_free(in->a, o);
    }
    while (in->ins) {
        awk_istream *s = in->ins;
        in->ins = s->next;
        awk_reader_close(in, &s->rd);
        sk_free(in->a, s);
    }
}
