/* jq.c — the jq command: options (jq 1.7), inputs (JSON streams, raw
 * lines, slurp), output formatting, error reporting and exit status.
 * Inputs are parsed incrementally so `inputs` and long streams flow;
 * every value and the program live on the sandbox's allocator. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "eval.h"
#include "jqcli.h"
#include "base/stack.h"

/* ---- writes and reads that may block, done on the command's own stack -------- */

typedef struct hostio {
    sk_cmd *c;
    int fd;
    const char *p;
    size_t n;
    sk_in *in;
    char *dst;
    int64_t got;
} hostio;

static int hostio_write(void *ud)
{
    hostio *w = ud;
    if (w->fd == 2) {
        sk_out_flush(&w->c->out);
        sk_out_write(&w->c->err, w->p, w->n);
        sk_out_flush(&w->c->err);
    } else {
        sk_out_write(&w->c->out, w->p, w->n);
    }
    return 0;
}

static int hostio_read(void *ud)
{
    hostio *w = ud;
    w->got = sk_in_read(w->in, w->dst, w->n);
    return 0;
}

void jq_write(jq_bigstack *bs, sk_cmd *c, int fd, const char *p, size_t n)
{
    hostio w = { c, fd, p, n, NULL, NULL, 0 };
    jq_hostcall(bs, hostio_write, &w);
}

/* "jq: message\n" on stderr */
void jq_errline(jq_bigstack *bs, sk_cmd *c, const char *fmt, ...)
{
    char tmp[1200];
    int k = snprintf(tmp, sizeof tmp, "%s: ", c->name);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp + k, sizeof tmp - (size_t)k - 1, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    size_t len = (size_t)k + (size_t)n;
    if (len > sizeof tmp - 2) len = sizeof tmp - 2;
    tmp[len++] = '\n';
    jq_write(bs, c, 2, tmp, len);
}

SK_CMD("jq", cmd_jq, "jq [-nrcsjaSeR] [--arg n v] [--argjson n json] FILTER [FILE]...: filter JSON (jq 1.7 language)");

/* ---- input stream --------------------------------------------------------------- */

static int in_open_next(jq_input *in)
{
    sk_cmd *c = in->c;
    for (;;) {
        if (in->fi >= in->nfiles) {
            if (in->nfiles == 0 && !in->used_stdin) {
                in->used_stdin = 1;
                in->name = NULL;
            } else return 0;
        } else {
            in->name = in->files[in->fi++];
        }
        const char *path = in->name ? in->name : "-";
        int st = cmd_open_input(c, path, &in->in);
        if (st) {
            jq_errline(in->bs, c, "error: Could not open %s: %s", path, sk_status_message(st));
            in->status = 2;
            continue;
        }
        in->open = 1;
        in->eof = 0;
        in->lines = 0;
        in->nl_before = 0;
        sk_buf_clear(&in->buf);
        in->off = 0;
        in->next_nl = 0;
        in->started = 1;
        jqv_parser_free(&in->ps);
        jqv_parser_init(&in->ps, in->h);
        return 1;
    }
}

static void in_close(jq_input *in)
{
    if (!in->open) return;
    cmd_close_input(in->c, &in->in);
    in->open = 0;
}

/* Read more of the current file; returns 0, or -1 on error (reported). */
static int in_fill(jq_input *in)
{
    if (in->eof) return 0;
    /* drop what was consumed */
    if (in->off > 0 && (in->off > 65536 || in->off == in->buf.len)) {
        memmove(in->buf.p, in->buf.p + in->off, in->buf.len - in->off);
        in->buf.len -= in->off;
        in->next_nl = in->next_nl > in->off ? in->next_nl - in->off : 0;
        in->off = 0;
    }
    size_t want = in->buf.len - in->off;
    if (want < 16000) want = 16000;
    if (sk_buf_reserve(&in->buf, want + 1)) { in->h->oom = 1; return -1; }
    /* fill `want` bytes (a value that did not fit is parsed again from its
     * start, so the buffer must at least double each time) */
    size_t got = 0;
    int64_t n = 0;
    while (got < want) {
        hostio rd = { in->c, 0, NULL, want - got, &in->in, in->buf.p + in->buf.len + got, 0 };
        jq_hostcall(in->bs, hostio_read, &rd);
        n = rd.got;
        if (n <= 0) break;
        got += (size_t)n;
        if (in->buf.len == in->off) break;   /* nothing pending: whatever came is enough to go on */
    }
    if (n < 0) {
        if (n != SK_IO_ABORT) jq_errline(in->bs, in->c, "error: %s: read error", in->name ? in->name : "<stdin>");
        in->status = 2;
        in->eof = 1;
        return -1;
    }
    if (n == 0) in->eof = 1;
    n = (int64_t)got;
    in->buf.len += (size_t)n;
    in->buf.p[in->buf.len] = 0;
    return 0;
}

/* jq counts the lines it has fed to its parser (fgets): newlines before
 * the value's end, plus the newline that ends that line. */
static void in_account(jq_input *in, size_t newpos)
{
    const char *p = in->buf.p;
    for (size_t i = in->off; i < newpos; i++) in->nl_before += p[i] == '\n';
    in->off = newpos;
    long n = in->nl_before;
    if (newpos > 0 && p[newpos - 1] == '\n') {
        /* the terminating newline itself */
    } else {
        if (in->next_nl < newpos) {
            const char *q = memchr(p + newpos, '\n', in->buf.len - newpos);
            in->next_nl = q ? (size_t)(q - p) : (size_t)-1;
        }
        if (in->next_nl != (size_t)-1) n++;
    }
    in->lines = n;
}

/* Does the text hold a whole top-level value (or something the parser
 * will reject)?  A cheap scan that builds nothing, so that a value larger
 * than the buffer is parsed once, not once per refill. */
static int value_complete(const char *p, size_t n)
{
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r')) i++;
    if (i == n) return 0;
    char c = p[i];
    if (c == '[' || c == '{') {
        long depth = 0;
        for (; i < n; i++) {
            c = p[i];
            if (c == '"') {
                for (i++; i < n && p[i] != '"'; i++)
                    if (p[i] == '\\') i++;
                if (i >= n) return 0;
            } else if (c == '[' || c == '{') depth++;
            else if (c == ']' || c == '}') {
                if (--depth <= 0) return 1;
            }
        }
        return 0;
    }
    if (c == '"') {
        for (i++; i < n && p[i] != '"'; i++)
            if (p[i] == '\\') i++;
        return i < n;
    }
    if (c == ']' || c == '}' || c == ',' || c == ':') return 1;
    /* a literal: complete when something follows it */
    for (; i < n; i++) {
        c = p[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '[' || c == '{' || c == ']' || c == '}' || c == ',' ||
            c == ':' || c == '"') return 1;
    }
    return 0;
}

/* Next JSON value (or raw line): 0 value, 1 end, -1 parse error (reported, status 2). */
int jq_input_next(jq_input *in, jv *out)
{
    for (;;) {
        if (!in->open && !in_open_next(in)) return 1;
        if (in->raw) {
            const char *p = in->buf.p + in->off;
            size_t avail = in->buf.len - in->off;
            const char *nl = avail ? memchr(p, '\n', avail) : NULL;
            if (nl) {
                *out = jqv_string(in->h, p, (size_t)(nl - p));
                in->off += (size_t)(nl - p) + 1;
                in->lines++;
                return 0;
            }
            if (in->eof) {
                if (avail) {
                    *out = jqv_string(in->h, p, avail);
                    in->off = in->buf.len;
                    return 0;
                }
                in_close(in);
                continue;
            }
            if (in_fill(in)) { in_close(in); continue; }
            continue;
        }
        if (!in->eof && !value_complete(in->buf.p ? in->buf.p + in->off : "", in->buf.len - in->off)) {
            if (in_fill(in)) { in_close(in); continue; }
            continue;
        }
        jqv_parser_set(&in->ps, in->buf.p ? in->buf.p + in->off : "", in->buf.len - in->off, in->eof);
        jv v;
        int r = jqv_parser_next(&in->ps, &v);
        if (r == JV_PARSE_VALUE) {
            in_account(in, in->off + in->ps.pos);
            *out = v;
            return 0;
        }
        if (r == JV_PARSE_ERROR) {
            jq_errline(in->bs, in->c, "parse error: %s", v.kind == JV_STRING ? jqv_str_p(v) : "out of memory");
            jqv_free(in->h, v);
            in->status = 2;
            in->failed = 1;
            in_close(in);
            in->fi = in->nfiles;   /* jq stops reading after a parse error */
            in->used_stdin = 1;
            return -1;
        }
        if (r == JV_PARSE_END) { in_close(in); continue; }
        if (in_fill(in)) { in_close(in); continue; }
    }
}

void jq_input_init(jq_input *in, sk_cmd *c, jvh *h, char **files, int nfiles, int raw)
{
    memset(in, 0, sizeof *in);
    in->c = c;
    in->h = h;
    in->files = files;
    in->nfiles = nfiles;
    in->raw = raw;
    sk_buf_init(&in->buf, h->a);
    jqv_parser_init(&in->ps, h);
}

void jq_input_free(jq_input *in)
{
    in_close(in);
    sk_buf_free(&in->buf);
    jqv_parser_free(&in->ps);
}

/* Raw slurp: everything as one string. */
static int read_all_raw(jq_input *in, jv *out)
{
    sk_buf all = SK_BUF_INIT(in->h->a);
    while (in->open || in_open_next(in)) {
        while (!in->eof) if (in_fill(in)) break;
        if (sk_buf_put(&all, in->buf.p + in->off, in->buf.len - in->off)) in->h->oom = 1;
        in->off = in->buf.len;
        in_close(in);
    }
    *out = jqv_string(in->h, all.p ? all.p : "", all.len);
    sk_buf_free(&all);
    return 0;
}

jv jq_input_location(jq_input *in)
{
    if (!in->started) return jqv_string_raw(in->h, "<unknown>", 9);
    return jqv_string_fmt(in->h, "%s:%ld", in->name ? in->name : "<stdin>", in->lines);
}

/* ---- callbacks for the evaluator ------------------------------------------------- */

static int cb_next(jq_run *r, void *ud, jv *out)
{
    jq_input *in = ud;
    int st = jq_input_next(in, out);
    if (st < 0) {
        r->halted = 3;
        return JQ_HALT;
    }
    return st;
}

static jv cb_filename(jq_run *r, void *ud)
{
    jq_input *in = ud;
    if (!in->started || !in->name) return jqv_null();
    return jqv_string_z(&r->h, in->name);
}

static long cb_line(jq_run *r, void *ud)
{
    (void)r;
    jq_input *in = ud;
    return in->lines;
}

static int host_aborted(void *host) { return cmd_aborted(((jq_cli *)host)->c); }

static void host_debug(void *host, const char *p, size_t n)
{
    jq_cli *cli = host;
    jq_cli_flush(cli);
    jq_write(cli->bs, cli->c, 2, p, n);
}

static int64_t host_now(void *host) { return cmd_now_ns(((jq_cli *)host)->c); }

/* ---- output ------------------------------------------------------------------------ */

typedef struct coll_k {
    jq_out base;
    jv arr;
} coll_k;

static int coll_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    coll_k *k = (coll_k *)self;
    jqv_free(&r->h, path);
    k->arr = jqv_array_append(&r->h, k->arr, v);
    return jq_check_heap(r);
}

typedef struct out_k {
    jq_out base;
    jq_cli *cli;
} out_k;

/* Pending stdout goes out through the command's stack. */
void jq_cli_flush(jq_cli *cli)
{
    if (!cli->pend.len) return;
    jq_write(cli->bs, cli->c, 1, cli->pend.p, cli->pend.len);
    sk_buf_clear(&cli->pend);
    if (cli->pend.cap > 1 << 20) sk_buf_free(&cli->pend);
}

static int out_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    out_k *o = (out_k *)self;
    jq_cli *cli = o->cli;
    sk_cmd *c = cli->c;
    sk_buf *b = &cli->pend;
    jqv_free(&r->h, path);
    if (cli->seq) sk_buf_putc(b, 0x1e);
    if ((cli->raw || cli->join || cli->raw0) && v.kind == JV_STRING) {
        if (cli->opts.ascii) jqv_dump_string_body(b, jqv_str_p(v), jqv_str_len(v), 1);
        else sk_buf_put(b, jqv_str_p(v), jqv_str_len(v));
    } else if (jqv_dump(&r->h, b, v, &cli->opts)) {
        jqv_free(&r->h, v);
        return jq_check_heap(r);
    }
    if (cli->raw0) sk_buf_putc(b, 0);
    else if (!cli->join) sk_buf_putc(b, '\n');
    cli->last = v.kind == JV_NULL || v.kind == JV_FALSE ? -1 : 0;
    cli->produced = 1;
    jqv_free(&r->h, v);
    if (b->len >= 16384) jq_cli_flush(cli);
    if (cmd_out_failed(c)) { r->halted = 1; return JQ_HALT; }
    return jq_check_heap(r);
}

/* Report an uncaught error the way jq does. */
void jq_cli_report(jq_cli *cli, jq_run *r, const char *prog_name)
{
    jq_cli_flush(cli);
    jv loc = cli->input ? jq_input_location(cli->input) : jqv_string_raw(&r->h, "<unknown>", 9);
    jv e = r->err;
    sk_buf b = SK_BUF_INIT(r->h.a);
    if (e.kind == JV_STRING) {
        sk_buf_printf(&b, "%s: error (at %s): %s\n", prog_name, jqv_str_p(loc), jqv_str_p(e));
    } else {
        jv d = jqv_dump_string(&r->h, e);
        sk_buf_printf(&b, "%s: error (at %s) (not a string): %s\n", prog_name, jqv_str_p(loc),
                      d.kind == JV_STRING ? jqv_str_p(d) : "");
        jqv_free(&r->h, d);
    }
    jq_write(cli->bs, cli->c, 2, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    jqv_free(&r->h, loc);
}

/* Run the program over one input; returns a jq process() status. */
static int process(jq_cli *cli, jq_run *r, jv v)
{
    out_k o = { { out_fn }, cli };
    cli->produced = 0;
    int st = jq_run_main(r, v, &o.base);
    jq_cli_flush(cli);
    if (st == JQ_ERR) {
        jq_cli_report(cli, r, "jq");
        jqv_free(&r->h, r->err);
        r->err = jqv_null();
        return 5;
    }
    if (st == JQ_HALT) return -2;
    if (!cli->produced) return -4;
    return cli->exit_status ? cli->last : 0;
}


/* ---- compile and run (on the big stack) ------------------------------------------- */

typedef struct jq_job {
    sk_cmd *c;
    jq_cli *cli;
    jvh *h;
    const char *prog;
    size_t proglen;
    const char **gnames;
    jv *gvals;
    jq_env *gframes;
    int ng;
    char **files;
    int nfiles, raw_input, null_input, slurp, stream;
} jq_job;

static int jq_work(void *ud, const void *stack_limit)
{
    jq_job *j = ud;
    sk_cmd *c = j->c;
    jq_cli *cli = j->cli;
    jvh *hh = j->h;
    hh->stack_limit = stack_limit;
    int status = 0;
    jq_prog p;
    jq_limits lim = { 2000, 512, 1000000, 0 };
    sk_buf err = SK_BUF_INIT(c->a);
    if (jq_compile(&p, hh, j->prog, j->proglen, j->gnames, j->ng, &lim, stack_limit, &err)) {
        jq_write(cli->bs, c, 2, err.p ? err.p : "", err.len);
        sk_buf_free(&err);
        jq_prog_free(&p);
        return hh->oom ? 1 : 3;
    }
    sk_buf_free(&err);
    jq_run r;
    jq_run_init(&r, &p, c->a, 200000, stack_limit);
    if (c->lim) {
        r.rx_match_limit = (uint32_t)c->lim->regex_match_limit;
        r.rx_depth_limit = (uint32_t)c->lim->regex_depth_limit;
    }
    r.env = jqv_copy(j->gvals[0]);
    r.host = cli;
    r.aborted = host_aborted;
    r.debug_out = host_debug;
    r.now_ns = host_now;
    jq_run_set_globals(&r, j->gframes, j->gvals);

    jq_input in;
    jq_input_init(&in, c, &r.h, j->files, j->nfiles, j->raw_input);
    in.bs = cli->bs;
    cli->input = &in;
    r.inputs.next = cb_next;
    r.inputs.ud = &in;
    r.inputs.filename = cb_filename;
    r.inputs.line = cb_line;

    int ret = -4, last_result = -1;
    if (j->null_input) {
        ret = process(cli, &r, jqv_null());
        if (ret <= 0 && ret != -4) last_result = ret != -1;
    } else if (j->slurp) {
        jv all;
        if (j->raw_input) read_all_raw(&in, &all);
        else {
            all = jqv_array(&r.h);
            for (;;) {
                jv v;
                int st = jq_input_next(&in, &v);
                if (st) break;
                all = jqv_array_append(&r.h, all, v);
                if (r.h.oom) break;
            }
        }
        if (!in.failed && !r.h.oom) {
            ret = process(cli, &r, all);
            if (ret <= 0 && ret != -4) last_result = ret != -1;
        } else jqv_free(&r.h, all);
    } else {
        for (;;) {
            jv v;
            int st = jq_input_next(&in, &v);
            if (st) break;
            if (j->stream) {
                /* --stream: each input becomes its stream events */
                coll_k ev = { { coll_fn }, jqv_array(&r.h) };
                jq_tostream(&r, v, &ev.base);
                for (size_t i = 0; i < jqv_array_len(ev.arr) && !r.halted; i++) {
                    ret = process(cli, &r, jqv_copy(jqv_array_at(ev.arr, i)));
                    if (ret <= 0 && ret != -4) last_result = ret != -1;
                }
                jqv_free(&r.h, ev.arr);
                if (r.halted || cmd_out_failed(c) || cmd_aborted(c)) break;
                continue;
            }
            ret = process(cli, &r, v);
            if (ret <= 0 && ret != -4) last_result = ret != -1;
            if (r.halted || cmd_out_failed(c) || cmd_aborted(c)) break;
        }
    }
    jq_cli_flush(cli);
    if (r.h.oom) {
        jq_errline(cli->bs, c, "error: cannot allocate memory");
        status = 5;
    } else if (r.halted == 2) {
        status = r.halt_code;
    } else if (in.failed) {
        status = 2;
    } else if (cli->exit_status) {
        if (ret != -4) status = ret == -1 ? 1 : ret < 0 ? 0 : ret;
        else status = last_result == -1 ? 4 : last_result == 0 ? 1 : 0;
    } else {
        status = ret > 0 ? ret : 0;
    }
    if (!r.halted && in.status && status == 0) status = in.status;
    jq_input_free(&in);
    jq_run_free(&r);
    jq_prog_free(&p);
    return status;
}

/* ---- options ---------------------------------------------------------------------- */

static int usage_error(sk_cmd *c, const char *fmt, const char *arg)
{
    sk_out_flush(&c->out);
    sk_out_puts(&c->err, "jq: ");
    sk_out_printf(&c->err, fmt, arg);
    sk_out_puts(&c->err, "\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n");
    return 2;
}

static const char usage_text[] =
    "Usage:\tjq [OPTIONS] FILTER [FILES...]\n"
    "\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n"
    "\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\n"
    "jq is a tool for processing JSON inputs, applying the given filter to\n"
    "its JSON text inputs and producing the filter's results as JSON on\n"
    "standard output.\n\n"
    "The simplest filter is ., which copies jq's input to its output\n"
    "unmodified except for formatting. For more advanced filters see\n"
    "the jq(1) manpage (\"man jq\") and/or https://jqlang.github.io/jq/.\n\n"
    "Example:\n\n\t$ echo '{\"foo\": 0}' | jq .\n\t{\n\t  \"foo\": 0\n\t}\n\n"
    "Command options:\n"
    "  -n, --null-input          use `null` as the single input value;\n"
    "  -R, --raw-input           read each line as string instead of JSON;\n"
    "  -s, --slurp               read all inputs into an array and use it as\n"
    "                            the single input value;\n"
    "  -c, --compact-output      compact instead of pretty-printed output;\n"
    "  -r, --raw-output          output strings without escapes and quotes;\n"
    "      --raw-output0         implies -r and output NUL after each output;\n"
    "  -j, --join-output         implies -r and output without newline after\n"
    "                            each output;\n"
    "  -a, --ascii-output        output strings by only ASCII characters\n"
    "                            using escape sequences;\n"
    "  -S, --sort-keys           sort keys of each object on output;\n"
    "  -C, --color-output        colorize JSON output;\n"
    "  -M, --monochrome-output   disable colored output;\n"
    "      --tab                 use tabs for indentation;\n"
    "      --indent n            use n spaces for indentation (max 7 spaces);\n"
    "      --unbuffered          flush output stream after each output;\n"
    "      --stream              parse the input value in streaming fashion;\n"
    "      --seq                 parse input/output as application/json-seq;\n"
    "  -f, --from-file file      load filter from the file;\n"
    "      --arg name value      set $name to the string value;\n"
    "      --argjson name value  set $name to the JSON value;\n"
    "      --slurpfile name file set $name to an array of JSON values read\n"
    "                            from the file;\n"
    "      --rawfile name file   set $name to string contents of file;\n"
    "      --args                consume remaining arguments as positional\n"
    "                            string values;\n"
    "      --jsonargs            consume remaining arguments as positional\n"
    "                            JSON values;\n"
    "  -e, --exit-status         set exit status code based on the output;\n"
    "  -V, --version             show the version;\n"
    "  -h, --help                show the help;\n"
    "  --                        terminates argument processing;\n\n"
    "Named arguments are also available as $ARGS.named[], while\n"
    "positional arguments are available as $ARGS.positional[].\n";

typedef struct named { const char *name; jv val; } named;

static int read_file_text(sk_cmd *c, const char *path, sk_buf *out)
{
    return cmd_read_all(c, path, out);
}

int cmd_jq(sk_cmd *c, int argc, char **argv)
{
    jq_cli cli;
    memset(&cli, 0, sizeof cli);
    cli.c = c;
    cli.opts.indent = 2;
    jvh h = { c->a, 0, 0, NULL };
    const void *stack_limit = c->run && c->run->sched ? sk_sched_stack_limit(c->run->sched) : NULL;
    h.stack_limit = stack_limit;

    int null_input = 0, raw_input = 0, slurp = 0, from_file = 0, stream = 0;
    int args_mode = 0;          /* 1 --args, 2 --jsonargs */
    const char *filter = NULL;
    char **files = sk_calloc(c->a, (size_t)argc + 1, sizeof *files);
    named *nv = sk_calloc(c->a, (size_t)argc + 1, sizeof *nv);
    jv positional = jqv_array(&h);
    int nfiles = 0, nnamed = 0, status = 0, done_opts = 0;
    sk_buf progtext = SK_BUF_INIT(c->a);
    if (!files || !nv) { sk_free(c->a, files); sk_free(c->a, nv); return cmd_error(c, "out of memory"); }

    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        /* jq: an argument is an option when it is "-" followed by a letter or '-' */
        int isopt = a[0] == '-' && (a[1] == '-' || (a[1] >= 'a' && a[1] <= 'z') || (a[1] >= 'A' && a[1] <= 'Z'));
        if (done_opts || !isopt) {
            if (!filter && !from_file) { filter = a; continue; }
            if (from_file && !filter) { filter = a; continue; }
            if (args_mode == 1) positional = jqv_array_append(&h, positional, jqv_string_z(&h, a));
            else if (args_mode == 2) {
                jv err;
                jv v = jqv_parse_text(&h, a, strlen(a), &err);
                if (v.kind == JV_NONE) {
                    jqv_free(&h, err);
                    status = usage_error(c, "Invalid JSON text passed to --jsonargs%s", "");
                    goto out;
                }
                positional = jqv_array_append(&h, positional, v);
            } else files[nfiles++] = a;
            continue;
        }
        if (!strcmp(a, "--")) { done_opts = 1; continue; }
        if (a[1] == '-') {
            const char *o = a + 2;
            if (!strcmp(o, "null-input")) null_input = 1;
            else if (!strcmp(o, "raw-input")) raw_input = 1;
            else if (!strcmp(o, "slurp")) slurp = 1;
            else if (!strcmp(o, "compact-output")) { cli.opts.indent = 0; cli.opts.tab = 0; }
            else if (!strcmp(o, "raw-output")) cli.raw = 1;
            else if (!strcmp(o, "raw-output0")) { cli.raw = 1; cli.raw0 = 1; }
            else if (!strcmp(o, "join-output")) { cli.raw = 1; cli.join = 1; }
            else if (!strcmp(o, "ascii-output")) cli.opts.ascii = 1;
            else if (!strcmp(o, "sort-keys")) cli.opts.sort = 1;
            else if (!strcmp(o, "color-output")) cli.opts.color = 1;
            else if (!strcmp(o, "monochrome-output")) cli.opts.color = 0;
            else if (!strcmp(o, "tab")) { cli.opts.tab = 1; cli.opts.indent = 1; }
            else if (!strcmp(o, "indent")) {
                if (i + 1 >= argc) { status = usage_error(c, "--indent takes one parameter%s", ""); goto out; }
                char *end;
                long n = strtol(argv[++i], &end, 10);
                if (*end || n < -1 || n > 7) { status = usage_error(c, "--indent takes a number between -1 and 7%s", ""); goto out; }
                cli.opts.tab = n == -1;
                cli.opts.indent = n == -1 ? 1 : (int)n;
            } else if (!strcmp(o, "unbuffered") || !strcmp(o, "stream-errors")) { /* no effect */ }
            else if (!strcmp(o, "stream")) stream = 1;
            else if (!strcmp(o, "seq")) cli.seq = 1;
            else if (!strcmp(o, "exit-status")) cli.exit_status = 1;
            else if (!strcmp(o, "from-file")) from_file = 1;
            else if (!strcmp(o, "args")) args_mode = 1;
            else if (!strcmp(o, "jsonargs")) args_mode = 2;
            else if (!strcmp(o, "arg") || !strcmp(o, "argjson") || !strcmp(o, "slurpfile") || !strcmp(o, "rawfile")) {
                if (i + 2 >= argc) {
                    status = usage_error(c, !strcmp(o, "arg") ? "--arg takes two parameters (e.g. --arg varname value)%s"
                                           : !strcmp(o, "argjson") ? "--argjson takes two parameters (e.g. --argjson varname text)%s"
                                           : !strcmp(o, "slurpfile") ? "--slurpfile takes two parameters (e.g. --slurpfile varname filename)%s"
                                           : "--rawfile takes two parameters (e.g. --rawfile varname filename)%s", "");
                    goto out;
                }
                const char *name = argv[i + 1], *val = argv[i + 2];
                i += 2;
                jv v;
                if (!strcmp(o, "arg")) v = jqv_string_z(&h, val);
                else if (!strcmp(o, "argjson")) {
                    jv err;
                    v = jqv_parse_text(&h, val, strlen(val), &err);
                    if (v.kind == JV_NONE) {
                        jqv_free(&h, err);
                        status = usage_error(c, "invalid JSON text passed to --argjson%s", "");
                        goto out;
                    }
                } else {
                    sk_buf t = SK_BUF_INIT(c->a);
                    int st = read_file_text(c, val, &t);
                    if (st) {
                        sk_buf_free(&t);
                        cmd_error(c, "error: Could not open %s: %s", val, sk_status_message(st));
                        status = 2;
                        goto out;
                    }
                    if (!strcmp(o, "rawfile")) v = jqv_string(&h, t.p ? t.p : "", t.len);
                    else {
                        v = jqv_array(&h);
                        jqv_parser ps;
                        jqv_parser_init(&ps, &h);
                        jqv_parser_set(&ps, t.p ? t.p : "", t.len, 1);
                        for (;;) {
                            jv x;
                            int pr = jqv_parser_next(&ps, &x);
                            if (pr == JV_PARSE_VALUE) { v = jqv_array_append(&h, v, x); continue; }
                            if (pr == JV_PARSE_ERROR) {
                                cmd_error(c, "Bad JSON in --slurpfile %s %s: %s", name, val, x.kind == JV_STRING ? jqv_str_p(x) : "");
                                jqv_free(&h, x);
                                jqv_free(&h, v);
                                jqv_parser_free(&ps);
                                sk_buf_free(&t);
                                status = 2;
                                goto out;
                            }
                            break;
                        }
                        jqv_parser_free(&ps);
                    }
                    sk_buf_free(&t);
                }
                /* a later binding of the same name wins */
                int k;
                for (k = 0; k < nnamed && strcmp(nv[k].name, name); k++) {}
                if (k < nnamed) jqv_free(&h, nv[k].val);
                else nnamed++;
                nv[k].name = name;
                nv[k].val = v;
            } else if (!strcmp(o, "help")) { sk_out_puts(&c->out, usage_text); status = 0; goto out; }
            else if (!strcmp(o, "version")) { sk_out_puts(&c->out, "jq-1.8\n"); status = 0; goto out; }
            else if (!strcmp(o, "build-configuration")) { sk_out_puts(&c->out, "sandkiste\n"); goto out; }
            else { status = usage_error(c, "Unknown option: %s", a); goto out; }
            continue;
        }
        /* short options, possibly combined (-nr) */
        for (const char *p = a + 1; *p; p++) {
            switch (*p) {
            case 'n': null_input = 1; break;
            case 'R': raw_input = 1; break;
            case 's': slurp = 1; break;
            case 'c': cli.opts.indent = 0; cli.opts.tab = 0; break;
            case 'r': cli.raw = 1; break;
            case 'j': cli.raw = 1; cli.join = 1; break;
            case 'a': cli.opts.ascii = 1; break;
            case 'S': cli.opts.sort = 1; break;
            case 'C': cli.opts.color = 1; break;
            case 'M': cli.opts.color = 0; break;
            case 'e': cli.exit_status = 1; break;
            case 'f': from_file = 1; break;
            case 'h': sk_out_puts(&c->out, usage_text); status = 0; goto out;
            case 'V': sk_out_puts(&c->out, "jq-1.8\n"); status = 0; goto out;
            case 'L': if (!p[1] && i + 1 < argc) i++; p += strlen(p) - 1; break;
            default: {
                char opt[3] = { '-', *p, 0 };
                status = usage_error(c, "Unknown option: %s", opt);
                goto out;
            }
            }
        }
    }
    if (!filter && from_file) {
        sk_out_flush(&c->out);
        sk_out_puts(&c->err, usage_text);
        status = 2;
        goto out;
    }
    /* jq uses "." when there is no program and no terminal (never one here) */
    if (!filter) filter = ".";
    const char *prog = filter;
    size_t proglen = strlen(filter);
    if (from_file) {
        int st = read_file_text(c, filter, &progtext);
        if (st) {
            cmd_error(c, "error: Could not open %s: %s", filter, sk_status_message(st));
            status = 2;
            goto out;
        }
        prog = progtext.p ? progtext.p : "";
        proglen = progtext.len;
    }

    /* globals: $ENV, $__prog_args-free $ARGS, then the named arguments */
    int ng = 2 + nnamed;
    const char **gnames = sk_calloc(c->a, (size_t)ng, sizeof *gnames);
    jv *gvals = sk_calloc(c->a, (size_t)ng, sizeof *gvals);
    jq_env *gframes = sk_calloc(c->a, (size_t)ng, sizeof *gframes);
    if (!gnames || !gvals || !gframes) {
        sk_free(c->a, gnames); sk_free(c->a, gvals); sk_free(c->a, gframes);
        status = cmd_error(c, "out of memory");
        goto out;
    }
    jv envobj = jqv_object(&h);
    /* $ENV / env only when the program can mention them */
    int wants_env = memmem(prog, proglen, "env", 3) || memmem(prog, proglen, "ENV", 3);
    for (char *const *e = wants_env ? c->envp : NULL; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq) continue;
        envobj = jqv_object_set(&h, envobj, jqv_string(&h, *e, (size_t)(eq - *e)), jqv_string_z(&h, eq + 1));
    }
    jv namedobj = jqv_object(&h);
    for (int k = 0; k < nnamed; k++) namedobj = jqv_object_set(&h, namedobj, jqv_string_z(&h, nv[k].name), jqv_copy(nv[k].val));
    jv argsobj = jqv_object(&h);
    argsobj = jqv_object_setz(&h, argsobj, "positional", jqv_copy(positional));
    argsobj = jqv_object_setz(&h, argsobj, "named", namedobj);
    gnames[0] = "ENV";
    gvals[0] = envobj;
    gnames[1] = "ARGS";
    gvals[1] = argsobj;
    for (int k = 0; k < nnamed; k++) { gnames[2 + k] = nv[k].name; gvals[2 + k] = nv[k].val; nv[k].val = jqv_null(); }

    /* JQ_COLORS: colon-separated colours for null:false:true:numbers:
     * strings:arrays:objects:object keys */
    char colorbuf[128];
    for (char *const *e = cli.opts.color ? c->envp : NULL; e && *e; e++) {
        if (strncmp(*e, "JQ_COLORS=", 10)) continue;
        snprintf(colorbuf, sizeof colorbuf, "%s", *e + 10);
        char *q = colorbuf;
        for (int k = 0; k < 8 && q && *q; k++) {
            char *nx = strchr(q, ':');
            if (nx) *nx++ = 0;
            int ok = 1;
            for (char *t = q; *t; t++) ok &= (*t >= '0' && *t <= '9') || *t == ';';
            if (ok && *q) cli.opts.colors[k] = q;
            q = nx;
        }
    }

    jq_job job = { c, &cli, &h, prog, proglen, gnames, gvals, gframes, ng, files, nfiles, raw_input, null_input, slurp, stream };
    jq_bigstack bs;
    cli.bs = &bs;
    sk_buf_init(&cli.pend, c->a);
    status = jq_bigstack_run(c, jq_bigstack_size(c), &bs, jq_work, &job);
    sk_buf_free(&cli.pend);
    for (int k = 0; k < ng; k++) jqv_free(&h, gvals[k]);
    sk_free(c->a, gnames);
    sk_free(c->a, gvals);
    sk_free(c->a, gframes);
out:
    for (int k = 0; k < nnamed; k++) jqv_free(&h, nv[k].val);
    jqv_free(&h, positional);
    sk_buf_free(&progtext);
    sk_free(c->a, files);
    sk_free(c->a, nv);
    return status;
}
