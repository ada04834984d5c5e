/* yq.c — yq, the jq-like processor for YAML (mikefarah yq v4 command
 * line; bashkit's behaviour where its corpus speaks: keys print sorted,
 * empty input is one null document, -s slurps documents).  Expressions
 * run on the jq evaluator; documents are read with libyaml and written
 * by our emitter (yaml.h); JSON in and out use the jq reader/printer. */
#include <stdlib.h>
#include <string.h>

#include "base/stack.h"
#include "cmd/cmd.h"
#include "cmd/jq/bigstack.h"
#include "cmd/jq/eval.h"
#include "cmd/jq/jqcli.h"
#include "cmd/jq/jv_json.h"
#include "fs/vfs.h"
#include "yaml.h"

SK_CMD("yq", cmd_yq, "yq [eval] [-o json|yaml] [-p json|yaml] [-I n] [-r] [-e] [-n] [-N] [-i] [-s] EXPR [FILE]...: query/edit YAML (jq-like language)");

#define MAX_ALIAS_NODES 1000000

typedef struct yq_opts {
    int out_json, in_json, in_auto;
    int indent;
    int unwrap, unwrap_set;
    int exit_status, null_input, no_doc, inplace, slurp;
} yq_opts;

typedef struct yq_out {
    jq_out base;
    jq_bigstack *bs;
    sk_cmd *c;
    const yq_opts *o;
    sk_buf *buf;            /* output collected here */
    long doc, last_doc;
    int produced, last_falsy;
} yq_out;

static int out_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    yq_out *y = (yq_out *)self;
    const yq_opts *o = y->o;
    jqv_free(&r->h, path);
    if (!o->out_json && !o->no_doc && y->produced && y->doc != y->last_doc) sk_buf_puts(y->buf, "---\n");
    y->last_doc = y->doc;
    if (v.kind == JV_STRING && (o->out_json ? o->unwrap_set && o->unwrap : o->unwrap)) {
        sk_buf_put(y->buf, jqv_str_p(v), jqv_str_len(v));
        sk_buf_putc(y->buf, '\n');
    } else if (o->out_json) {
        jqv_dumpopts d = { o->indent, 0, 1, 0, 0, { 0 } };
        jqv_dump(&r->h, y->buf, v, &d);
        sk_buf_putc(y->buf, '\n');
    } else {
        yq_yaml_outopts yo = { o->indent ? o->indent : 2, 1 };
        yq_yaml_write(&r->h, y->buf, v, &yo);
    }
    y->produced = 1;
    y->last_falsy = v.kind == JV_NULL || v.kind == JV_FALSE;
    jqv_free(&r->h, v);
    if (r->h.oom) return jq_check_heap(r);
    if (r->h.too_deep) return jq_check_heap(r);
    /* stream to stdout unless the result goes back into a file */
    if (!o->inplace && y->buf->len > 8192) {
        jq_write(y->bs, y->c, 1, y->buf->p, y->buf->len);
        sk_buf_clear(y->buf);
        if (cmd_out_failed(y->c)) { r->halted = 1; return JQ_HALT; }
    }
    return JQ_OK;
}

static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

static int file_exists(sk_cmd *c, const char *path)
{
    sk_stat st;
    return c->vfs && sk_vfs_stat(c->vfs, c->cwd, path, &st) == SK_OK && st.type == SK_FILE_REGULAR;
}

static int usage(sk_cmd *c, const char *msg, const char *arg)
{
    sk_out_flush(&c->out);
    sk_out_printf(&c->err, "Error: %s%s\n", msg, arg ? arg : "");
    return 1;
}

/* Parse one input text into documents (appended to docs). */
static int parse_input(sk_cmd *c, jvh *h, const char *name, const char *text, size_t len, int json, jv *docs)
{
    if (json) {
        jqv_parser ps;
        jqv_parser_init(&ps, h);
        jqv_parser_set(&ps, text, len, 1);
        int rc = 0;
        for (;;) {
            jv v;
            int pr = jqv_parser_next(&ps, &v);
            if (pr == JV_PARSE_VALUE) { *docs = jqv_array_append(h, *docs, v); continue; }
            if (pr == JV_PARSE_ERROR) {
                sk_out_flush(&c->out);
                sk_out_printf(&c->err, "yq: invalid JSON: %s\n", v.kind == JV_STRING ? jqv_str_p(v) : "out of memory");
                jqv_free(h, v);
                rc = -1;
            }
            break;
        }
        jqv_parser_free(&ps);
        return rc;
    }
    sk_buf err = SK_BUF_INIT(h->a);
    size_t before = jqv_array_len(*docs);
    int rc = yq_yaml_parse(h, text, len, docs, &err, MAX_ALIAS_NODES);
    if (rc) {
        sk_out_flush(&c->out);
        sk_out_printf(&c->err, "yq: invalid YAML: %s\n", sk_buf_cstr(&err));
    } else if (jqv_array_len(*docs) == before && !name) {
        /* empty input: one null document */
        *docs = jqv_array_append(h, *docs, jqv_null());
    }
    sk_buf_free(&err);
    return rc;
}

static int set_format(sk_cmd *c, const char *v, int *json, int *autofmt)
{
    if (!strcmp(v, "json") || !strcmp(v, "j")) { *json = 1; if (autofmt) *autofmt = 0; return 0; }
    if (!strcmp(v, "yaml") || !strcmp(v, "y") || !strcmp(v, "yml")) { *json = 0; if (autofmt) *autofmt = 0; return 0; }
    if (autofmt && !strcmp(v, "auto")) { *autofmt = 1; return 0; }
    return usage(c, "unknown format: ", v);
}

typedef struct yq_job {
    sk_cmd *c;
    const yq_opts *o;
    const char *expr;
    char **files;
    jv docs;
    jvh *h;
    jq_bigstack *bs;
} yq_job;

/* report on stderr through the command's stack */
static void yq_err(yq_job *j, const char *fmt, const char *arg)
{
    sk_buf b = SK_BUF_INIT(j->c->a);
    sk_buf_printf(&b, fmt, arg);
    jq_write(j->bs, j->c, 2, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
}

static int yq_work(void *ud, const void *stack_limit)
{
    yq_job *j = ud;
    sk_cmd *c = j->c;
    const yq_opts *o = j->o;
    int status = 0;
    j->h->stack_limit = stack_limit;
    jq_prog p;
    jq_limits lim = { 2000, 512, 1000000, 1 };
    sk_buf err = SK_BUF_INIT(c->a);
    const char *gnames[1] = { "ENV" };
    if (jq_compile(&p, j->h, j->expr, strlen(j->expr), gnames, 1, &lim, stack_limit, &err)) {
        /* jq's message with yq's name */
        sk_buf msg = SK_BUF_INIT(c->a);
        const char *m = sk_buf_cstr(&err);
        while (*m) {
            const char *nl = strchr(m, '\n');
            size_t l = nl ? (size_t)(nl - m + 1) : strlen(m);
            if (l >= 4 && !memcmp(m, "jq: ", 4)) { sk_buf_puts(&msg, "yq: "); sk_buf_put(&msg, m + 4, l - 4); }
            else sk_buf_put(&msg, m, l);
            m += l;
        }
        jq_write(j->bs, c, 2, msg.p ? msg.p : "", msg.len);
        sk_buf_free(&msg);
        sk_buf_free(&err);
        jq_prog_free(&p);
        return 1;
    }
    sk_buf_free(&err);
    jq_run r;
    jq_run_init(&r, &p, c->a, 200000, stack_limit);
    if (c->lim) {
        r.rx_match_limit = (uint32_t)c->lim->regex_match_limit;
        r.rx_depth_limit = (uint32_t)c->lim->regex_depth_limit;
    }
    jv envobj = jqv_object(&r.h);
    for (char *const *e = c->envp; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (eq) envobj = jqv_object_set(&r.h, envobj, jqv_string(&r.h, *e, (size_t)(eq - *e)), jqv_string_z(&r.h, eq + 1));
    }
    r.env = jqv_copy(envobj);
    r.host = c;
    r.aborted = (int (*)(void *))cmd_aborted;
    jq_env gframe;
    jq_run_set_globals(&r, &gframe, &envobj);
    sk_buf outb = SK_BUF_INIT(c->a);
    yq_out y = { { out_fn }, j->bs, c, o, &outb, 0, -1, 0, 0 };
    for (size_t i = 0; i < jqv_array_len(j->docs) && !status; i++) {
        y.doc = (long)i;
        int st = jq_run_main(&r, jqv_copy(jqv_array_at(j->docs, i)), &y.base);
        if (st == JQ_ERR) {
            if (!o->inplace) jq_write(j->bs, c, 1, outb.p ? outb.p : "", outb.len);
            sk_buf_clear(&outb);
            if (r.err.kind == JV_STRING) yq_err(j, "Error: %s\n", jqv_str_p(r.err));
            else {
                jv d = jqv_dump_string(&r.h, r.err);
                yq_err(j, "Error: %s\n", d.kind == JV_STRING ? jqv_str_p(d) : "");
                jqv_free(&r.h, d);
            }
            status = 1;
        } else if (st == JQ_HALT) {
            if (r.h.oom) { yq_err(j, "yq: %s\n", "out of memory"); status = 1; }
            break;
        }
    }
    if (!status && o->inplace) {
        int st = sk_vfs_write_file(c->vfs, c->cwd, j->files[0], outb.p ? outb.p : "", outb.len, 0644);
        if (st) {
            sk_buf m = SK_BUF_INIT(c->a);
            sk_buf_printf(&m, "%s: %s", j->files[0], sk_status_message(st));
            yq_err(j, "yq: %s\n", sk_buf_cstr(&m));
            sk_buf_free(&m);
            status = 1;
        }
    } else {
        jq_write(j->bs, c, 1, outb.p ? outb.p : "", outb.len);
    }
    sk_buf_free(&outb);
    if (!status && o->exit_status && (!y.produced || y.last_falsy)) status = 1;
    jqv_free(&r.h, envobj);
    jq_run_free(&r);
    jq_prog_free(&p);
    return status;
}

int cmd_yq(sk_cmd *c, int argc, char **argv)
{
    yq_opts o = { 0 };
    o.indent = 2;
    o.unwrap = 1;
    o.in_auto = 1;
    const char *expr = NULL;
    int expr_flag = 0, status = 0;
    char **pos = sk_calloc(c->a, (size_t)argc + 1, sizeof *pos);
    if (!pos) return cmd_error(c, "out of memory");
    int npos = 0, done_opts = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (done_opts || a[0] != '-' || !a[1]) { pos[npos++] = a; continue; }
        if (!strcmp(a, "--")) { done_opts = 1; continue; }
        if (a[1] == '-') {
            char name[64];
            const char *eq = strchr(a + 2, '=');
            size_t nl = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
            if (nl >= sizeof name) nl = sizeof name - 1;
            memcpy(name, a + 2, nl);
            name[nl] = 0;
            const char *val = eq ? eq + 1 : NULL;
#define NEEDVAL() do { if (!val) { if (i + 1 >= argc) { status = usage(c, "flag needs an argument: --", name); goto out; } val = argv[++i]; } } while (0)
            if (!strcmp(name, "output-format")) { NEEDVAL(); if ((status = set_format(c, val, &o.out_json, NULL))) goto out; }
            else if (!strcmp(name, "input-format")) { NEEDVAL(); if ((status = set_format(c, val, &o.in_json, &o.in_auto))) goto out; }
            else if (!strcmp(name, "indent")) { NEEDVAL(); o.indent = atoi(val); }
            else if (!strcmp(name, "expression")) { NEEDVAL(); expr = val; expr_flag = 1; }
            else if (!strcmp(name, "unwrapScalar")) { o.unwrap = !val || strcmp(val, "false"); o.unwrap_set = 1; }
            else if (!strcmp(name, "tojson")) o.out_json = 1;
            else if (!strcmp(name, "exit-status")) o.exit_status = 1;
            else if (!strcmp(name, "null-input")) o.null_input = 1;
            else if (!strcmp(name, "no-doc")) o.no_doc = 1;
            else if (!strcmp(name, "inplace")) o.inplace = 1;
            else if (!strcmp(name, "slurp")) o.slurp = 1;
            else if (!strcmp(name, "prettyPrint") || !strcmp(name, "colors") || !strcmp(name, "no-colors")) {}
            else if (!strcmp(name, "version")) { sk_out_puts(&c->out, "yq (https://github.com/mikefarah/yq/) version v4.44.3\n"); goto out; }
            else if (!strcmp(name, "help")) { sk_out_puts(&c->out, "Usage:\n  yq [flags]\n  yq [command]\n\nyq eval [expression] [yaml_file1]...\n"); goto out; }
            else { status = usage(c, "unknown flag: ", a); goto out; }
            continue;
        }
        for (const char *p = a + 1; *p; p++) {
            char f = *p;
            const char *val = NULL;
            if (f == 'o' || f == 'p' || f == 'I') {
                if (p[1] == '=') val = p + 2;
                else if (p[1]) val = p + 1;
                else if (i + 1 < argc) val = argv[++i];
                else { char fl[2] = { f, 0 }; status = usage(c, "flag needs an argument: ", fl); goto out; }
                if (f == 'o') { if ((status = set_format(c, val, &o.out_json, NULL))) goto out; }
                else if (f == 'p') { if ((status = set_format(c, val, &o.in_json, &o.in_auto))) goto out; }
                else o.indent = atoi(val);
                break;
            }
            switch (f) {
            case 'r':
                o.unwrap_set = 1;
                if (p[1] == '=') { o.unwrap = strcmp(p + 2, "false") != 0; p += strlen(p) - 1; }
                else o.unwrap = 1;
                break;
            case 'j': o.out_json = 1; break;
            case 'e': o.exit_status = 1; break;
            case 'n': o.null_input = 1; break;
            case 'N': o.no_doc = 1; break;
            case 'i': o.inplace = 1; break;
            case 's': o.slurp = 1; break;
            case 'P': case 'C': case 'M': break;
            case 'V': sk_out_puts(&c->out, "yq (https://github.com/mikefarah/yq/) version v4.44.3\n"); goto out;
            default: {
                char fl[3] = { '-', f, 0 };
                status = usage(c, "unknown shorthand flag: ", fl);
                goto out;
            }
            }
        }
    }
    int first = 0;
    if (npos > 0 && (!strcmp(pos[0], "eval") || !strcmp(pos[0], "e") || !strcmp(pos[0], "eval-all") || !strcmp(pos[0], "ea"))) first = 1;
    if (!expr_flag) {
        if (npos - first == 1 && file_exists(c, pos[first]) && !o.null_input) expr = ".";
        else if (npos > first) expr = pos[first++];
        else expr = ".";
    }
    char **files = pos + first;
    int nfiles = npos - first;
    if (o.inplace && nfiles == 0) { status = usage(c, "write in place flag only applicable when giving an expression and at least one file", NULL); goto out; }

    jvh h = { c->a, 0, 0, NULL };
    const void *stack_limit = c->run && c->run->sched ? sk_sched_stack_limit(c->run->sched) : NULL;
    h.stack_limit = stack_limit;
    if (o.in_auto && nfiles > 0 && has_suffix(files[0], ".json")) o.in_json = 1;

    /* documents */
    jv docs = jqv_array(&h);
    if (!o.null_input) {
        static char *const stdin_only[] = { "-" };
        char *const *list = nfiles ? files : stdin_only;
        int n = nfiles ? nfiles : 1;
        for (int i = 0; i < n; i++) {
            sk_buf text = SK_BUF_INIT(c->a);
            int st = cmd_read_all(c, list[i], &text);
            if (st) {
                sk_buf_free(&text);
                sk_out_flush(&c->out);
                sk_out_printf(&c->err, "Error: open %s: %s\n", list[i], st == SK_ENOENT ? "no such file or directory" : sk_status_message(st));
                status = 1;
                goto done_docs;
            }
            int json = o.in_json || (o.in_auto && has_suffix(list[i], ".json"));
            int rc = parse_input(c, &h, NULL, text.p ? text.p : "", text.len, json, &docs);
            sk_buf_free(&text);
            if (rc) { status = 1; goto done_docs; }
        }
    } else {
        docs = jqv_array_append(&h, docs, jqv_null());
    }
    if (o.slurp) {
        jv all = docs;
        docs = jqv_array_append(&h, jqv_array(&h), all);
    }

    {
        yq_job job = { c, &o, expr, files, docs, &h, NULL };
        jq_bigstack bs;
        job.bs = &bs;
        status = jq_bigstack_run(c, jq_bigstack_size(c), &bs, yq_work, &job);
    }
done_docs:
    jqv_free(&h, docs);
out:
    sk_free(c->a, pos);
    return status;
}
