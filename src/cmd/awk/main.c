/* main.c — the awk command: options (-F -v -f -e, GNU long forms), the
 * program text, ARGV/ENVIRON, running the program, and cleanup. */
#include <stdio.h>
#include <string.h>

#include "awk.h"
#include "base/stack.h"

SK_CMD("awk", cmd_awk, "awk [-F fs] [-v var=val] [-f progfile | 'prog'] [file ...]: pattern scanning and processing language (POSIX awk + GNU extensions: gensub, match arrays, strftime, BEGINFILE)");

static int is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_ident(int c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

/* A NAME=value assignment: -v, or an ARGV operand. */
static int assign_var(awk_interp *in, const char *arg, int strict)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !is_ident_start((unsigned char)arg[0])) return 0;
    for (const char *p = arg; p < eq; p++)
        if (!is_ident((unsigned char)*p)) return 0;
    char name[256];
    size_t nl = (size_t)(eq - arg);
    if (nl >= sizeof name) return 0;
    memcpy(name, arg, nl);
    name[nl] = 0;
    for (int i = 0; i < in->prog.nfuncs; i++)
        if (!strcmp(in->prog.funcs[i].name, name)) {
            awk_fatal(in, "cannot use function `%s' as variable name", name);
            return -1;
        }
    (void)strict;
    int slot = awk_global_slot(in, name, 0);
    if (slot < 0 || slot >= in->ng) return 1;   /* the program never mentions it */
    awk_cell *c = &in->g[slot];
    if (c->kind == CELL_ARRAY) {
        awk_fatal(in, "cannot assign to array `%s'", name);
        return -1;
    }
    size_t vl = strlen(eq + 1);
    char *tmp = sk_malloc(in->a, vl * 2 + 8);
    if (!tmp) { awk_fatal(in, "out of memory"); return -1; }
    size_t n = awk_unescape(in, eq + 1, vl, tmp);
    if (c->kind == CELL_SCALAR) awk_val_free(in, &c->v);
    c->kind = CELL_SCALAR;
    c->v = awk_inputval(in, tmp, n);
    sk_free(in->a, tmp);
    if (slot < G_NSPECIAL) awk_special_set(in, slot);
    return 1;
}

int awk_cmdline_assign(awk_interp *in, const char *arg) { return assign_var(in, arg, 0); }

static void set_special_str(awk_interp *in, int slot, const char *s)
{
    awk_cell *c = &in->g[slot];
    c->kind = CELL_SCALAR;
    c->v = awk_strval(in, s, strlen(s));
}

static void set_special_num(awk_interp *in, int slot, double d)
{
    awk_cell *c = &in->g[slot];
    c->kind = CELL_SCALAR;
    c->v = awk_num(d);
}

static const char *const special_names[G_NSPECIAL] = {
    "NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "SUBSEP", "CONVFMT", "OFMT",
    "RSTART", "RLENGTH", "FILENAME", "ENVIRON", "ARGC", "ARGV", "RT",
    "IGNORECASE", "FIELDWIDTHS", "FPAT", "PROCINFO", "BINMODE", "LINT", "TEXTDOMAIN",
    "ERRNO",
};

static void usage(sk_cmd *c, sk_out *o)
{
    sk_out_printf(o, "Usage: %s [POSIX or GNU style options] -f progfile [--] file ...\n", c->name);
    sk_out_printf(o, "Usage: %s [POSIX or GNU style options] [--] 'program' file ...\n", c->name);
    sk_out_puts(o, "POSIX options:\t\tGNU long options: (standard)\n"
                   "\t-f progfile\t\t--file=progfile\n"
                   "\t-F fs\t\t\t--field-separator=fs\n"
                   "\t-v var=val\t\t--assign=var=val\n"
                   "Short options:\t\tGNU long options: (extensions)\n"
                   "\t-e 'program-text'\t--source='program-text'\n"
                   "\t-h\t\t\t--help\n"
                   "\t-V\t\t\t--version\n");
}

typedef struct awk_opts {
    const char *fs;
    const char **assigns;
    int nassigns;
    sk_buf src;
    const char *srcname;
    int have_prog;
    int inplace;
} awk_opts;

static int add_assign(sk_cmd *c, awk_opts *o, const char *a)
{
    const char **n = sk_realloc(c->a, o->assigns, (size_t)(o->nassigns + 1) * sizeof *n);
    if (!n) return -1;
    o->assigns = n;
    o->assigns[o->nassigns++] = a;
    return 0;
}

static int add_source_file(sk_cmd *c, awk_opts *o, const char *path)
{
    sk_buf b = SK_BUF_INIT(c->a);
    int st = cmd_read_all(c, path, &b);
    if (st) {
        sk_buf_free(&b);
        sk_out_flush(&c->out);
        sk_out_printf(&c->err, "%s: fatal: can't open source file `%s' for reading: %s\n", c->name, path,
                      sk_status_message(st));
        return -1;
    }
    if (o->src.len) sk_buf_putc(&o->src, '\n');
    if (b.len) sk_buf_put(&o->src, b.p, b.len);
    sk_buf_free(&b);
    if (!o->srcname) o->srcname = path;
    o->have_prog = 1;
    return 0;
}

/* -i FILE: a library; the program text may still be the first operand */
static int add_include(sk_cmd *c, awk_opts *o, const char *path)
{
    int had = o->have_prog;
    const char *name = o->srcname;
    int r = add_source_file(c, o, path);
    o->have_prog = had;
    if (!had) o->srcname = name;
    return r;
}

static int add_source_text(sk_cmd *c, awk_opts *o, const char *text)
{
    (void)c;
    if (o->src.len) sk_buf_putc(&o->src, '\n');
    sk_buf_puts(&o->src, text);
    if (!o->srcname) o->srcname = "cmd. line";
    o->have_prog = 1;
    return 0;
}

/* Parse options; returns the index of the first operand, or -1 (status in *st). */
static int parse_options(sk_cmd *c, int argc, char **argv, awk_opts *o, int *st)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) break;
        if (!strcmp(a, "--")) { i++; break; }
        if (a[1] == '-') {
            const char *name = a + 2;
            const char *eq = strchr(name, '=');
            size_t nl = eq ? (size_t)(eq - name) : strlen(name);
            const char *val = eq ? eq + 1 : NULL;
#define LONGOPT(s) (nl == strlen(s) && !strncmp(name, s, nl))
            if (LONGOPT("help") || LONGOPT("usage")) { usage(c, &c->out); *st = 0; return -1; }
            if (LONGOPT("version")) {
                sk_out_printf(&c->out, "awk (sandkiste) 0.1: POSIX awk with GNU awk extensions\n");
                *st = 0;
                return -1;
            }
            if (LONGOPT("include")) {
                if (!val) {
                    if (i + 1 >= argc) goto missing;
                    val = argv[++i];
                }
                if (!strcmp(val, "inplace") || !strcmp(val, "inplace.awk")) o->inplace = 1;
                else if (add_include(c, o, val)) { *st = 2; return -1; }
                continue;
            }
            if (LONGOPT("field-separator") || LONGOPT("assign") || LONGOPT("file") || LONGOPT("source")) {
                if (!val) {
                    if (i + 1 >= argc) goto missing;
                    val = argv[++i];
                }
                int r = 0;
                if (LONGOPT("field-separator")) o->fs = val;
                else if (LONGOPT("assign")) r = add_assign(c, o, val);
                else if (LONGOPT("file")) r = add_source_file(c, o, val);
                else r = add_source_text(c, o, val);
                if (r) { *st = 2; return -1; }
                continue;
            }
            if (LONGOPT("posix") || LONGOPT("traditional") || LONGOPT("re-interval") ||
                LONGOPT("characters-as-bytes") || LONGOPT("sandbox") || LONGOPT("optimize") ||
                LONGOPT("no-optimize") || LONGOPT("lint") || LONGOPT("non-decimal-data") ||
                LONGOPT("use-lc-numeric"))
                continue;
#undef LONGOPT
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s: unrecognized option '%s'\n", c->name, a);
            usage(c, &c->err);
            *st = 1;
            return -1;
        }
        for (int k = 1; a[k]; k++) {
            char ch = a[k];
            if (ch == 'i') {
                /* gawk -i LIB: "inplace" edits files in place; others are sources */
                const char *val = a[k + 1] ? a + k + 1 : NULL;
                if (!val) {
                    if (i + 1 >= argc) goto missing_short;
                    val = argv[++i];
                }
                if (!strcmp(val, "inplace") || !strcmp(val, "inplace.awk")) o->inplace = 1;
                else if (add_include(c, o, val)) { *st = 2; return -1; }
                break;
            }
            if (ch == 'F' || ch == 'v' || ch == 'f' || ch == 'e') {
                const char *val = a[k + 1] ? a + k + 1 : NULL;
                if (!val) {
                    if (i + 1 >= argc) goto missing_short;
                    val = argv[++i];
                }
                int r = 0;
                if (ch == 'F') o->fs = val;
                else if (ch == 'v') r = add_assign(c, o, val);
                else if (ch == 'f') r = add_source_file(c, o, val);
                else r = add_source_text(c, o, val);
                if (r) { *st = 2; return -1; }
                break;
            }
            if (ch == 'h') { usage(c, &c->out); *st = 0; return -1; }
            if (ch == 'V') {
                sk_out_printf(&c->out, "awk (sandkiste) 0.1: POSIX awk with GNU awk extensions\n");
                *st = 0;
                return -1;
            }
            if (strchr("bcPOsSrnNtMgI", ch)) continue;   /* accepted, no effect */
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s: invalid option -- '%c'\n", c->name, ch);
            usage(c, &c->err);
            *st = 1;
            return -1;
        missing_short:
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s: option requires an argument -- %c\n", c->name, ch);
            usage(c, &c->err);
            *st = 1;
            return -1;
        }
    }
    return i;
missing:
    sk_out_flush(&c->out);
    sk_out_printf(&c->err, "%s: option '%s' requires an argument\n", c->name, argv[i]);
    usage(c, &c->err);
    *st = 1;
    return -1;
}

static void interp_free(awk_interp *in)
{
    if (in->ip_path) {
        /* a fatal error during an in-place edit: the file is left alone */
        sk_out_flush(&in->c->out);
        in->c->out = in->ip_saved;
        sk_stream_close(in->ip_stream, SK_WR);
        sk_buf_free(&in->ip_buf);
        sk_free(in->a, in->ip_path);
        in->ip_path = NULL;
    }
    awk_io_free(in);
    if (in->stdin_rd.open || in->stdin_rd.buf) awk_reader_close(in, &in->stdin_rd);
    if (in->cur && in->cur != &in->stdin_rd) {
        awk_reader_close(in, in->cur);
        sk_free(in->a, in->cur);
    }
    for (int i = 0; i < in->ng; i++) {
        awk_cell *c = &in->g[i];
        if (c->kind == CELL_SCALAR) awk_val_free(in, &c->v);
        else if (c->kind == CELL_ARRAY && c->owns) awk_array_free(in, c->arr);
    }
    sk_free(in->a, in->g);
    awk_val_free(in, &in->zero);
    for (size_t i = 0; i < in->fcap; i++) awk_val_free(in, &in->f[i]);
    sk_free(in->a, in->f);
    awk_splitter_free(in, &in->fs);
    for (int i = 0; i < AWK_DYN_RE_CACHE; i++) {
        if (in->dyn[i].re) awk_re_free(in, in->dyn[i].re);
        awk_str_unref(in, in->dyn[i].pat);
    }
    awk_val_free(in, &in->retval);
    /* compiled regex literals live in the AST */
    sk_free(in->a, in->prog.funcs);
    sk_free(in->a, in->prog.gnames);
    sk_free(in->a, in->prog.gindex);
    sk_buf_free(&in->tmp);
    awk_pool_free(in);
}

static void free_program(awk_interp *in)
{
    for (int i = 0; i < in->prog.nrelits; i++) awk_re_free(in, in->prog.relits[i]);
    sk_free(in->a, in->prog.relits);
    in->prog.relits = NULL;
    in->prog.nrelits = 0;
}

int cmd_awk(sk_cmd *c, int argc, char **argv)
{
    awk_opts o;
    memset(&o, 0, sizeof o);
    sk_buf_init(&o.src, c->a);
    int st = 2;
    int first = parse_options(c, argc, argv, &o, &st);
    if (first < 0) {
        sk_buf_free(&o.src);
        sk_free(c->a, o.assigns);
        return st;
    }
    if (!o.have_prog) {
        if (first >= argc) {
            usage(c, &c->err);
            sk_buf_free(&o.src);
            sk_free(c->a, o.assigns);
            return 1;
        }
        add_source_text(c, &o, argv[first++]);
        o.srcname = "cmd. line";
    }
    awk_interp *in = sk_calloc(c->a, 1, sizeof *in);
    if (!in) {
        sk_buf_free(&o.src);
        sk_free(c->a, o.assigns);
        return cmd_error(c, "out of memory");
    }
    in->c = c;
    in->a = c->a;
    in->inplace = o.inplace;
    sk_arena_init(&in->ar, c->a, 4096);
    sk_buf_init(&in->tmp, c->a);
    in->os_stdout.kind = OS_STDOUT;
    in->os_stderr.kind = OS_STDERR;
    in->stack_limit = c->run && c->run->sched && c->run->sched->current
        ? sk_sched_stack_limit(c->run->sched) : NULL;
    uint32_t rd = c->lim && c->lim->max_recursion_depth ? c->lim->max_recursion_depth : 1000;
    in->max_depth = rd < 1000 ? 1000 : (int)rd;
    in->empty = sk_arena_alloc(&in->ar, sizeof(awk_str) + 1);
    int status = 0;
    if (!in->empty) { status = cmd_error(c, "out of memory"); goto done; }
    in->empty->refs = (size_t)1 << 60;
    in->empty->len = in->empty->cap = 0;
    in->empty->s[0] = 0;
    in->zero = awk_uninit();
    in->retval = awk_uninit();
    in->seed = 1;   /* gawk's initial seed; the table is filled at first use */

    for (int i = 0; i < G_NSPECIAL; i++)
        if (awk_global_slot(in, special_names[i], 1) != i) { status = cmd_error(c, "out of memory"); goto done; }
    /* the program: parse errors are status 1 (limits 2) */
    sk_buf_putc(&o.src, 0);
    if (awk_parse(in, o.src.p, o.src.len - 1, o.srcname ? o.srcname : "cmd. line")) {
        status = 1;
        goto done;
    }
    in->ng = in->prog.nglobals;
    in->g = sk_calloc(c->a, (size_t)in->ng, sizeof *in->g);
    if (!in->g) { status = cmd_error(c, "out of memory"); goto done; }
    set_special_num(in, G_NF, 0);
    set_special_num(in, G_NR, 0);
    set_special_num(in, G_FNR, 0);
    set_special_str(in, G_FS, " ");
    set_special_str(in, G_OFS, " ");
    set_special_str(in, G_ORS, "\n");
    set_special_str(in, G_RS, "\n");
    set_special_str(in, G_SUBSEP, "\034");
    set_special_str(in, G_CONVFMT, "%.6g");
    set_special_str(in, G_OFMT, "%.6g");
    set_special_num(in, G_RSTART, 0);
    set_special_num(in, G_RLENGTH, -1);
    set_special_str(in, G_FILENAME, "");
    set_special_str(in, G_RT, "");
    set_special_num(in, G_IGNORECASE, 0);
    /* ENVIRON */
    {
        awk_cell *e = &in->g[G_ENVIRON];
        awk_array *arr = awk_cell_array(in, e, "ENVIRON");
        for (char *const *ep = c->envp; arr && ep && *ep; ep++) {
            const char *eq = strchr(*ep, '=');
            if (!eq) continue;
            awk_val *v = awk_array_get(in, arr, *ep, (size_t)(eq - *ep), NULL, 1);
            if (v) *v = awk_inputval(in, eq + 1, strlen(eq + 1));
        }
        awk_array *pi = awk_cell_array(in, &in->g[G_PROCINFO], "PROCINFO");
        if (pi) {
            awk_array_set_str(in, pi, "version", awk_strval(in, "5.2.1", 5));
            awk_array_set_str(in, pi, "pid", awk_num(1));
            awk_array_set_str(in, pi, "ppid", awk_num(0));
            awk_array_set_str(in, pi, "FS", awk_strval(in, "FS", 2));
        }
    }
    /* ARGV / ARGC */
    {
        awk_array *av = awk_cell_array(in, &in->g[G_ARGV], "ARGV");
        if (av) {
            awk_array_set_num(in, av, 0, awk_strval(in, c->name, strlen(c->name)));
            int k = 1;
            for (int i = first; i < argc; i++, k++)
                awk_array_set_num(in, av, k, awk_inputval(in, argv[i], strlen(argv[i])));
            set_special_num(in, G_ARGC, k);
        }
    }
    if (o.fs) {
        const char *fs = o.fs;
        size_t n = strlen(fs);
        char *tmp = sk_malloc(c->a, n * 2 + 8);
        if (tmp) {
            size_t m = awk_unescape(in, fs, n, tmp);
            /* gawk: -Ft means a tab only in POSIX mode; "\t" already is a tab */
            awk_val_free(in, &in->g[G_FS].v);
            in->g[G_FS].v = awk_strval(in, tmp, m);
            sk_free(c->a, tmp);
        }
    }
    in->fs_dirty = 1;
    for (int i = 0; i < o.nassigns; i++) {
        int r = assign_var(in, o.assigns[i], 1);
        if (r == 0) {
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s: fatal: `%s' argument to `-v' not in `var=value' form\n", c->name,
                          o.assigns[i]);
            status = 2;
            goto done;
        }
        if (r < 0) { status = 2; goto done; }
    }
    status = awk_run(in);
    if (in->unwind != UW_ERROR) awk_inplace_end(in);
    if (in->unwind != UW_ERROR || in->exit_code != 2) {
        int save = in->unwind;
        in->unwind = UW_NONE;
        in->cur_line = 0;
        awk_close_all(in);
        if (save == UW_ERROR && in->unwind == UW_NONE) in->unwind = save;
    }
    status = in->exit_code;
    sk_out_flush(&c->out);
    if (c->out.err && c->out.err != SK_IO_EPIPE && c->out.err != SK_IO_ABORT) {
        /* gawk: a warning and status 1 (a closed pipe stays silent, 141) */
        sk_out_printf(&c->err, "%s: warning: error writing standard output: %s\n", c->name,
                      c->out.err == SK_IO_BADF ? "Bad file descriptor" : "I/O error");
        c->out.err = 0;
        if (status == 0) status = 1;
    }
done:
    free_program(in);
    interp_free(in);
    sk_arena_free(&in->ar);
    sk_free(c->a, in);
    sk_buf_free(&o.src);
    sk_free(c->a, o.assigns);
    return status;
}
