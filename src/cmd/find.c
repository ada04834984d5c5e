/* find.c — find: walk directory trees and evaluate an expression (GNU
 * findutils syntax: tests, actions, operators, global options).
 *
 * The expression is parsed into a node array by recursive descent with a
 * depth cap (parentheses and '!' from argv); the walk is fsu_walk (heap
 * frames, sorted directory order).  -exec runs commands through c->exec;
 * -regex compiles with PCRE2 on the sandbox allocator with match limits.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("find", cmd_find, "find [-H|-L] [PATH...] [EXPR]: walk trees; -name -iname -path -type -maxdepth -mtime -size -newer -empty -perm -print0 -printf -exec -delete -prune");

#define MAX_NEST 256

enum {
    N_AND, N_OR, N_NOT, N_COMMA, N_TRUE, N_FALSE,
    N_NAME, N_INAME, N_PATH, N_IPATH, N_LNAME, N_ILNAME, N_REGEX,
    N_TYPE, N_XTYPE, N_TIME, N_NEWER, N_SIZE, N_EMPTY, N_PERM, N_OWNER,
    N_LINKS, N_INUM, N_SAMEFILE, N_ACCESS,
    N_PRINT, N_PRINT0, N_PRINTF, N_LS, N_DELETE, N_EXEC, N_EXECPLUS, N_PRUNE, N_QUIT,
};

typedef struct fnode {
    int kind;
    int l, r;                 /* children (AND/OR/NOT/COMMA) */
    const char *s;            /* pattern, format */
    int cmp;                  /* -1 less, 0 equal, 1 more */
    double num;
    int64_t t;                /* -newer reference time */
    uint64_t unit;            /* -size unit / -mtime seconds per unit */
    unsigned types;           /* -type letters as bits */
    uint32_t mode;
    int permop;               /* 0 exact, '-' all, '/' any */
    int argi, argn;           /* -exec argv slice */
    pcre2_code *re;
    int ok;                   /* -owner: matches the sandbox user */
    /* -exec {} + batch */
    sk_buf batch;
    int nbatch;
} fnode;

typedef struct find_state {
    sk_cmd *c;
    char **argv;
    int argc, pos;
    fnode *n;
    int nn, cap;
    int has_action;
    int maxdepth, mindepth, depth_first, follow, regextype, daystart;
    int status;
    int quit;
    int64_t now;
    int err;                  /* a parse error was reported */
    pcre2_general_context *gctx;
    pcre2_match_data *md;
    const char *start;        /* current start point */
    sk_buf tmp;
    int exec_missing_reported;
} find_state;

/* ---- allocation glue for PCRE2 --------------------------------------- */

static void *re_malloc(PCRE2_SIZE n, void *ud) { return sk_malloc(ud, n); }
static void re_free(void *p, void *ud) { sk_free(ud, p); }

/* ---- parsing ------------------------------------------------------------ */

static int new_node(find_state *F, int kind)
{
    if (F->nn == F->cap) {
        int nc = F->cap ? F->cap * 2 : 32;
        fnode *v = sk_realloc(F->c->a, F->n, (size_t)nc * sizeof *v);
        if (!v) {
            fsu_error(F->c, "memory exhausted");
            F->err = 1;
            return -1;
        }
        F->n = v;
        F->cap = nc;
    }
    fnode *x = &F->n[F->nn];
    memset(x, 0, sizeof *x);
    x->kind = kind;
    x->l = x->r = -1;
    sk_buf_init(&x->batch, F->c->a);
    return F->nn++;
}

static int perr(find_state *F, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fsu_verror(F->c, fmt, ap);
    va_end(ap);
    F->err = 1;
    return -1;
}

static const char *need_arg(find_state *F, const char *pred)
{
    if (F->pos >= F->argc) {
        perr(F, "missing argument to `%s'", pred);
        return NULL;
    }
    return F->argv[F->pos++];
}

/* "[+-]N" with an optional fraction; returns 0 or -1. */
static int parse_num(const char *s, int *cmp, double *v)
{
    *cmp = 0;
    if (*s == '+') { *cmp = 1; s++; }
    else if (*s == '-') { *cmp = -1; s++; }
    if (*s < '0' || *s > '9') return -1;
    char *end;
    *v = strtod(s, &end);
    return *end ? -1 : 0;
}

static int parse_int_arg(find_state *F, const char *pred, const char *a, int *out)
{
    char *end;
    long v = strtol(a, &end, 10);
    if (!*a || *end || v < 0 || a[0] == '-' || a[0] == '+') {
        perr(F, "Expected a positive decimal integer argument to %s, but got %Q", pred, a);
        return -1;
    }
    *out = v > 1000000 ? 1000000 : (int)v;
    return 0;
}

static unsigned type_bit(char ch)
{
    const char *all = "fdlcbpsD";
    const char *p = strchr(all, ch);
    return p && ch ? 1u << (p - all) : 0;
}

static unsigned st_type_bit(const sk_stat *st)
{
    switch (st->type) {
    case SK_FILE_REGULAR: return type_bit('f');
    case SK_FILE_DIR: return type_bit('d');
    case SK_FILE_SYMLINK: return type_bit('l');
    case SK_FILE_DEVICE: return type_bit('c');
    default: return 0;
    }
}

/* Translate a find regex (emacs, posix-basic or posix-extended flavour)
 * into PCRE2 syntax. */
static int translate_regex(find_state *F, const char *re, sk_buf *out)
{
    int ere = F->regextype == 1, bre = F->regextype == 2;
    for (const char *p = re; *p; p++) {
        int rc = 0;
        if (*p == '[') {
            /* copy a bracket expression; backslash is literal inside */
            const char *q = p + 1;
            if (*q == '^') q++;
            if (*q == ']') q++;
            while (*q && *q != ']') {
                if (*q == '[' && (q[1] == ':' || q[1] == '.' || q[1] == '=')) {
                    const char *e = strstr(q + 2, q[1] == ':' ? ":]" : q[1] == '.' ? ".]" : "=]");
                    if (e) { q = e + 2; continue; }
                }
                q++;
            }
            if (!*q) { rc = sk_buf_puts(out, "\\["); continue; }
            for (const char *k = p; k <= q; k++) {
                if (*k == '\\') rc |= sk_buf_puts(out, "\\\\");
                else rc |= sk_buf_putc(out, *k);
            }
            p = q;
            if (rc) return -1;
            continue;
        }
        if (*p == '\\' && p[1]) {
            char n = *++p;
            if (!ere && (n == '(' || n == ')' || n == '|' || n == '{' || n == '}')) rc = sk_buf_putc(out, n);
            else if (bre && (n == '+' || n == '?')) rc = sk_buf_putc(out, n);
            else if (n == '`') rc = sk_buf_puts(out, "\\A");
            else if (n == '\'') rc = sk_buf_puts(out, "\\z");
            else rc = sk_buf_putc(out, '\\') || sk_buf_putc(out, n);
        } else if (!ere && (*p == '(' || *p == ')' || *p == '|' || *p == '{' || *p == '}')) {
            rc = sk_buf_putc(out, '\\') || sk_buf_putc(out, *p);
        } else if (bre && (*p == '+' || *p == '?')) {
            rc = sk_buf_putc(out, '\\') || sk_buf_putc(out, *p);
        } else {
            rc = sk_buf_putc(out, *p);
        }
        if (rc) return -1;
    }
    return 0;
}

static int parse_or(find_state *F, int depth);

static int parse_primary(find_state *F, int depth)
{
    if (depth > MAX_NEST) return perr(F, "expression nested too deeply");
    if (F->pos >= F->argc) return perr(F, "expected an expression");
    const char *a = F->argv[F->pos++];
    int x;
    if (!strcmp(a, "(")) {
        if (F->pos < F->argc && !strcmp(F->argv[F->pos], ")"))
            return perr(F, "invalid expression; empty parentheses are not allowed.");
        x = parse_or(F, depth + 1);
        if (x < 0) return -1;
        if (F->pos >= F->argc || strcmp(F->argv[F->pos], ")"))
            return perr(F, "invalid expression; I was expecting to find a ')' somewhere but did not see one.");
        F->pos++;
        return x;
    }
    if (!strcmp(a, "!") || !strcmp(a, "-not")) {
        if (F->pos >= F->argc) return perr(F, "expected an expression after '%s'", a);
        int y = parse_primary(F, depth + 1);
        if (y < 0) return -1;
        x = new_node(F, N_NOT);
        if (x >= 0) F->n[x].l = y;
        return x;
    }
    if (a[0] != '-' || !a[1]) {
        if (!strcmp(a, ")")) return perr(F, "invalid expression; you have too many ')'");
        return perr(F, "paths must precede expression: `%s'", a);
    }
    const char *p = a + 1;
    const char *arg;
#define IS(s) (!strcmp(p, s))
    /* global options: true nodes */
    if (IS("maxdepth") || IS("mindepth")) {
        if (!(arg = need_arg(F, a))) return -1;
        int v;
        if (parse_int_arg(F, a, arg, &v)) return -1;
        if (IS("maxdepth")) F->maxdepth = v;
        else F->mindepth = v;
        return new_node(F, N_TRUE);
    }
    if (IS("depth") || IS("d")) { F->depth_first = 1; return new_node(F, N_TRUE); }
    if (IS("xdev") || IS("mount") || IS("noleaf") || IS("ignore_readdir_race") ||
        IS("noignore_readdir_race") || IS("warn") || IS("nowarn"))
        return new_node(F, N_TRUE);
    if (IS("daystart")) { F->daystart = 1; return new_node(F, N_TRUE); }
    if (IS("follow")) { F->follow = FSU_FOLLOW_ALL; return new_node(F, N_TRUE); }
    if (IS("regextype")) {
        if (!(arg = need_arg(F, a))) return -1;
        if (!strcmp(arg, "emacs") || !strcmp(arg, "findutils-default")) F->regextype = 0;
        else if (!strcmp(arg, "posix-extended") || !strcmp(arg, "egrep") || !strcmp(arg, "posix-egrep") ||
                 !strcmp(arg, "awk") || !strcmp(arg, "posix-awk") || !strcmp(arg, "gnu-awk"))
            F->regextype = 1;
        else if (!strcmp(arg, "posix-basic") || !strcmp(arg, "grep") || !strcmp(arg, "sed") ||
                 !strcmp(arg, "ed") || !strcmp(arg, "posix-minimal-basic"))
            F->regextype = 2;
        else return perr(F, "Unknown regular expression type %Q; valid types are 'findutils-default', 'ed', 'emacs', 'gnu-awk', 'grep', 'posix-awk', 'awk', 'posix-basic', 'posix-egrep', 'egrep', 'posix-extended', 'posix-minimal-basic', 'sed'.", arg);
        return new_node(F, N_TRUE);
    }
    if (IS("true")) return new_node(F, N_TRUE);
    if (IS("false")) return new_node(F, N_FALSE);
    if (IS("name") || IS("iname") || IS("path") || IS("ipath") || IS("wholename") ||
        IS("iwholename") || IS("lname") || IS("ilname")) {
        if (!(arg = need_arg(F, a))) return -1;
        int k = IS("name") ? N_NAME : IS("iname") ? N_INAME : (IS("path") || IS("wholename")) ? N_PATH
              : (IS("ipath") || IS("iwholename")) ? N_IPATH : IS("lname") ? N_LNAME : N_ILNAME;
        x = new_node(F, k);
        if (x >= 0) F->n[x].s = arg;
        return x;
    }
    if (IS("regex") || IS("iregex")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_REGEX);
        if (x < 0) return -1;
        sk_buf re = SK_BUF_INIT(F->c->a);
        if (translate_regex(F, arg, &re)) {
            sk_buf_free(&re);
            return perr(F, "memory exhausted");
        }
        if (!F->gctx) F->gctx = pcre2_general_context_create(re_malloc, re_free, F->c->a);
        pcre2_compile_context *cc = F->gctx ? pcre2_compile_context_create(F->gctx) : NULL;
        int errc;
        PCRE2_SIZE erroff;
        uint32_t opts = PCRE2_ANCHORED | PCRE2_ENDANCHORED | PCRE2_DOTALL | (IS("iregex") ? PCRE2_CASELESS : 0);
        F->n[x].re = cc ? pcre2_compile((PCRE2_SPTR)sk_buf_cstr(&re), re.len, opts, &errc, &erroff, cc) : NULL;
        if (cc) pcre2_compile_context_free(cc);
        sk_buf_free(&re);
        if (!F->n[x].re) return perr(F, "Invalid regular expression %Q", arg);
        return x;
    }
    if (IS("type") || IS("xtype")) {
        if (!(arg = need_arg(F, a))) return -1;
        unsigned bits = 0;
        for (const char *q = arg; *q; q++) {
            unsigned b = type_bit(*q);
            if (!b) {
                if (q == arg || *q != ',' || !q[1])
                    return perr(F, "Unknown argument to %s: %c", a, *q);
                continue;
            }
            if (q[1] && q[1] != ',') return perr(F, "Must separate multiple arguments to %s using: ','", a);
            bits |= b;
        }
        if (!bits) return perr(F, "Arguments to %s should contain at least one letter", a);
        x = new_node(F, IS("type") ? N_TYPE : N_XTYPE);
        if (x >= 0) F->n[x].types = bits;
        return x;
    }
    if (IS("mtime") || IS("mmin") || IS("atime") || IS("amin") || IS("ctime") || IS("cmin")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_TIME);
        if (x < 0) return -1;
        if (parse_num(arg, &F->n[x].cmp, &F->n[x].num)) return perr(F, "invalid argument `%s' to `%s'", arg, a);
        F->n[x].unit = p[1] == 'm' && p[2] == 'i' ? 60 : 86400;
        return x;
    }
    if (IS("newer") || IS("anewer") || IS("cnewer") || IS("newermm") || IS("newerma") ||
        IS("newermc") || IS("neweram") || IS("newercm") || IS("newerat") || IS("newermt") ||
        IS("newerct") || IS("newerat") || IS("newerBt") || IS("newermB")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_NEWER);
        if (x < 0) return -1;
        if (p[strlen(p) - 1] == 't' && !strncmp(p, "newer", 5) && strlen(p) == 7) {
            if (fsu_parse_date(arg, F->now, &F->n[x].t))
                return perr(F, "I cannot figure out how to interpret %Q as a date or time", arg);
        } else {
            sk_stat st;
            int rc = sk_vfs_stat(F->c->vfs, F->c->cwd, arg, &st);
            if (rc) return perr(F, "%Q: %s", arg, sk_status_message(rc));
            F->n[x].t = st.mtime_ns;
        }
        return x;
    }
    if (IS("size")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_SIZE);
        if (x < 0) return -1;
        fnode *nd = &F->n[x];
        const char *q = arg;
        nd->cmp = *q == '+' ? 1 : *q == '-' ? -1 : 0;
        if (nd->cmp) q++;
        if (*q < '0' || *q > '9') return perr(F, "invalid argument `%s' to `-size'", arg);
        char *end;
        nd->num = (double)strtoull(q, &end, 10);
        nd->unit = 512;
        if (*end) {
            switch (*end) {
            case 'b': nd->unit = 512; break;
            case 'c': nd->unit = 1; break;
            case 'w': nd->unit = 2; break;
            case 'k': nd->unit = 1024; break;
            case 'M': nd->unit = 1024 * 1024; break;
            case 'G': nd->unit = 1024 * 1024 * 1024; break;
            default: return perr(F, "invalid -size type `%c'", *end);
            }
            if (end[1]) return perr(F, "invalid argument `%s' to `-size'", arg);
        }
        return x;
    }
    if (IS("empty")) return new_node(F, N_EMPTY);
    if (IS("perm")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_PERM);
        if (x < 0) return -1;
        const char *q = arg;
        if (*q == '-' || *q == '/' || *q == '+') {
            F->n[x].permop = *q == '+' ? '/' : *q;
            q++;
        }
        uint32_t m;
        /* symbolic modes for -perm start from 0 and ignore the umask */
        if (fsu_parse_mode_umask(q, 0, 0, 0, &m)) return perr(F, "invalid mode %Q", q);
        F->n[x].mode = m;
        return x;
    }
    if (IS("user") || IS("group") || IS("uid") || IS("gid")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_OWNER);
        if (x < 0) return -1;
        int numeric = IS("uid") || IS("gid");
        if (numeric) {
            int cmp;
            double v;
            if (parse_num(arg, &cmp, &v)) return perr(F, "invalid argument `%s' to `%s'", arg, a);
            F->n[x].ok = cmp == 0 ? v == 1000 : cmp > 0 ? 1000 > v : 1000 < v;
        } else if (!strcmp(arg, FSU_USER) || !strcmp(arg, "1000")) {
            F->n[x].ok = 1;
        } else if (!strcmp(arg, "root") || !strcmp(arg, "0")) {
            F->n[x].ok = 0;
        } else {
            return perr(F, "%Q is not the name of a known %s", arg, IS("user") ? "user" : "group");
        }
        return x;
    }
    if (IS("nouser") || IS("nogroup")) return new_node(F, N_FALSE);
    if (IS("links") || IS("inum")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, IS("links") ? N_LINKS : N_INUM);
        if (x < 0) return -1;
        if (parse_num(arg, &F->n[x].cmp, &F->n[x].num)) return perr(F, "invalid argument `%s' to `%s'", arg, a);
        return x;
    }
    if (IS("samefile")) {
        if (!(arg = need_arg(F, a))) return -1;
        x = new_node(F, N_SAMEFILE);
        if (x < 0) return -1;
        sk_stat st;
        int rc = sk_vfs_lstat(F->c->vfs, F->c->cwd, arg, &st);
        if (rc) return perr(F, "%Q: %s", arg, sk_status_message(rc));
        F->n[x].num = (double)st.ino;
        return x;
    }
    if (IS("readable") || IS("writable") || IS("executable")) {
        x = new_node(F, N_ACCESS);
        if (x >= 0) F->n[x].mode = IS("readable") ? 0400 : IS("writable") ? 0200 : 0100;
        return x;
    }
    if (IS("print") || IS("print0") || IS("ls") || IS("delete") || IS("prune") || IS("quit")) {
        int k = IS("print") ? N_PRINT : IS("print0") ? N_PRINT0 : IS("ls") ? N_LS
              : IS("delete") ? N_DELETE : IS("prune") ? N_PRUNE : N_QUIT;
        if (k != N_PRUNE) F->has_action = 1;
        if (k == N_DELETE) F->depth_first = 1;
        return new_node(F, k);
    }
    if (IS("printf")) {
        if (!(arg = need_arg(F, a))) return -1;
        F->has_action = 1;
        for (const char *q = arg; *q; q++) {
            if (*q == '\\' && q[1]) {
                q++;
                continue;
            }
            if (*q != '%') continue;
            const char *st = q++;
            while (*q && strchr("-+ #0.123456789", *q)) q++;
            if (!*q) break;
            if (*q == 'T' || *q == 'A' || *q == 'C' || *q == 'B') {
                if (q[1]) q++;
                continue;
            }
            if (!strchr("%pfhPHsdmMyYugUGnikblDFSZtac", *q))
                fsu_error(F->c, "warning: unrecognized format directive `%.*s'", (int)(q - st + 1), st);
        }
        x = new_node(F, N_PRINTF);
        if (x >= 0) F->n[x].s = arg;
        return x;
    }
    if (IS("fprint") || IS("fprint0") || IS("fls") || IS("fprintf")) {
        return perr(F, "%s is not supported in the sandbox; redirect -print instead", a);
    }
    if (IS("exec") || IS("execdir") || IS("ok") || IS("okdir")) {
        int start = F->pos, end = -1, plus = 0;
        for (int i = start; i < F->argc; i++) {
            if (!strcmp(F->argv[i], ";")) { end = i; break; }
            if (!strcmp(F->argv[i], "+") && i > start && !strcmp(F->argv[i - 1], "{}")) {
                end = i;
                plus = 1;
                break;
            }
        }
        if (end < 0 || end == start) return perr(F, "missing argument to `%s'", a);
        if (IS("ok") || IS("okdir")) return perr(F, "%s is not supported (no terminal to ask)", a);
        F->has_action = 1;
        x = new_node(F, plus ? N_EXECPLUS : N_EXEC);
        if (x < 0) return -1;
        F->n[x].argi = start;
        F->n[x].argn = end - start - (plus ? 1 : 0);
        F->n[x].permop = IS("execdir");
        F->pos = end + 1;
        return x;
    }
#undef IS
    return perr(F, "unknown predicate `%s'", a);
}

static int at_op(find_state *F, const char *s)
{
    return F->pos < F->argc && !strcmp(F->argv[F->pos], s);
}

/* Join the nodes in `list` with `kind` into a right-leaning chain, so that
 * eval walks long "-a"/"-o" chains in a loop instead of recursing. */
static int chain(find_state *F, int kind, sk_buf *list)
{
    int n = (int)(list->len / sizeof(int));
    int x;
    memcpy(&x, list->p + (size_t)(n - 1) * sizeof(int), sizeof x);
    for (int i = n - 2; i >= 0; i--) {
        int y;
        memcpy(&y, list->p + (size_t)i * sizeof(int), sizeof y);
        int z = new_node(F, kind);
        if (z < 0) return -1;
        F->n[z].l = y;
        F->n[z].r = x;
        x = z;
    }
    return x;
}

static int parse_and(find_state *F, int depth)
{
    sk_buf list = SK_BUF_INIT(F->c->a);
    int x = parse_primary(F, depth);
    if (x < 0 || sk_buf_put(&list, &x, sizeof x)) goto fail;
    for (;;) {
        if (F->pos >= F->argc) break;
        const char *a = F->argv[F->pos];
        if (!strcmp(a, "-o") || !strcmp(a, "-or") || !strcmp(a, ")") || !strcmp(a, ",")) break;
        if (!strcmp(a, "-a") || !strcmp(a, "-and")) {
            F->pos++;
            if (F->pos >= F->argc) {
                perr(F, "expected an expression after '%s'", a);
                goto fail;
            }
        }
        int y = parse_primary(F, depth);
        if (y < 0 || sk_buf_put(&list, &y, sizeof y)) goto fail;
    }
    x = chain(F, N_AND, &list);
    sk_buf_free(&list);
    return x;
fail:
    sk_buf_free(&list);
    if (!F->err) perr(F, "memory exhausted");
    return -1;
}

static int parse_or(find_state *F, int depth)
{
    if (depth > MAX_NEST) return perr(F, "expression nested too deeply");
    /* "," binds looser than "-o": a list of or-chains */
    sk_buf commas = SK_BUF_INIT(F->c->a), ors = SK_BUF_INIT(F->c->a);
    for (;;) {
        int x = parse_and(F, depth);
        if (x < 0 || sk_buf_put(&ors, &x, sizeof x)) goto fail;
        if (at_op(F, "-o") || at_op(F, "-or")) {
            const char *op = F->argv[F->pos++];
            if (F->pos >= F->argc) {
                perr(F, "expected an expression after '%s'", op);
                goto fail;
            }
            continue;
        }
        int y = chain(F, N_OR, &ors);
        sk_buf_clear(&ors);
        if (y < 0 || sk_buf_put(&commas, &y, sizeof y)) goto fail;
        if (at_op(F, ",")) {
            F->pos++;
            if (F->pos >= F->argc) {
                perr(F, "expected an expression after ','");
                goto fail;
            }
            continue;
        }
        break;
    }
    int r = chain(F, N_COMMA, &commas);
    sk_buf_free(&commas);
    sk_buf_free(&ors);
    return r;
fail:
    sk_buf_free(&commas);
    sk_buf_free(&ors);
    if (!F->err) perr(F, "memory exhausted");
    return -1;
}

/* ---- evaluation ------------------------------------------------------------ */

typedef struct fent {
    const char *path;         /* displayed path */
    const char *abs;
    int depth;
    sk_stat st;               /* lstat (or stat under -L) */
    int pruned;
} fent;

static const char *base_of(const char *path, size_t *len)
{
    return sk_vpath_basename(path, strlen(path), len);
}

static int num_cmp(int cmp, double have, double want)
{
    return cmp > 0 ? have > want : cmp < 0 ? have < want : have == want;
}

static int match_pat(const char *pat, const char *s, size_t n, int fold, sk_buf *tmp)
{
    sk_buf_clear(tmp);
    if (sk_buf_put(tmp, s, n) || sk_buf_puts(tmp, "")) return 0;
    return fsu_fnmatch(pat, sk_buf_cstr(tmp), fold ? FSU_FNM_CASEFOLD : 0);
}

static void ls_line(find_state *F, const fent *e)
{
    sk_buf *b = &F->tmp;
    sk_buf_clear(b);
    char mode[11];
    fsu_mode_string(&e->st, mode);
    sk_buf_printf(b, "%9llu %6llu %s %3u %-8s %-8s %8llu ", (unsigned long long)e->st.ino,
                  (unsigned long long)(fsu_blocks(&e->st) / 2), mode, e->st.nlink, FSU_USER, FSU_GROUP,
                  (unsigned long long)e->st.size);
    int64_t half = (int64_t)31556952 / 2 * 1000000000LL;
    int recent = F->now - half < e->st.mtime_ns && e->st.mtime_ns < F->now;
    fsu_strftime(b, recent ? "%b %e %H:%M" : "%b %e  %Y", e->st.mtime_ns);
    sk_buf_putc(b, ' ');
    sk_buf_puts(b, e->path);
    if (e->st.type == SK_FILE_SYMLINK) {
        sk_buf t = SK_BUF_INIT(F->c->a);
        if (sk_vfs_readlink(F->c->vfs, "/", e->abs, &t) == SK_OK) {
            sk_buf_puts(b, " -> ");
            sk_buf_put(b, t.p ? t.p : "", t.len);
        }
        sk_buf_free(&t);
    }
    sk_buf_putc(b, '\n');
    sk_out_write(&F->c->out, b->p, b->len);
}

static char type_char(const sk_stat *st)
{
    switch (st->type) {
    case SK_FILE_DIR: return 'd';
    case SK_FILE_SYMLINK: return 'l';
    case SK_FILE_DEVICE: return 'c';
    default: return 'f';
    }
}

/* One time directive of -printf (%Tk, %Ak, %Ck, %t, %a, %c). */
static void fmt_time(sk_buf *b, char k, int64_t ns)
{
    char fr[24];
    int64_t s = ns / 1000000000;
    long nsec = (long)(ns % 1000000000);
    if (nsec < 0) { nsec += 1000000000; s--; }
    snprintf(fr, sizeof fr, ".%09ld0", nsec);
    switch (k) {
    case '@': sk_buf_printf(b, "%lld%s", (long long)s, fr); break;
    case '+': fsu_strftime(b, "%Y-%m-%d+%H:%M:%S", ns); sk_buf_puts(b, fr); break;
    case 'T': case 'X': fsu_strftime(b, "%H:%M:%S", ns); sk_buf_puts(b, fr); break;
    case 'S': fsu_strftime(b, "%S", ns); sk_buf_puts(b, fr); break;
    case 'k': { fsu_tm tm; fsu_gmtime(s, &tm); sk_buf_printf(b, "%2d", tm.hour); break; }
    case 'l': { fsu_tm tm; fsu_gmtime(s, &tm); sk_buf_printf(b, "%2d", tm.hour % 12 ? tm.hour % 12 : 12); break; }
    case 'r': fsu_strftime(b, "%I:%M:%S %p", ns); break;
    case 'x': fsu_strftime(b, "%m/%d/%y", ns); break;
    case 'c': fsu_strftime(b, "%a %b %e %H:%M:%S %Y", ns); break;
    case 'D': fsu_strftime(b, "%D", ns); break;
    default: {
        char f[3] = { '%', k, 0 };
        fsu_strftime(b, f, ns);
        break;
    }
    }
}

static void do_printf(find_state *F, const fent *e, const char *fmt)
{
    sk_buf *out = &F->tmp;
    sk_buf_clear(out);
    sk_buf field = SK_BUF_INIT(F->c->a);
    size_t slen = strlen(F->start);
    for (const char *p = fmt; *p; p++) {
        if (*p == '\\') {
            p++;
            switch (*p) {
            case 'n': sk_buf_putc(out, '\n'); break;
            case 't': sk_buf_putc(out, '\t'); break;
            case 'r': sk_buf_putc(out, '\r'); break;
            case 'a': sk_buf_putc(out, '\a'); break;
            case 'b': sk_buf_putc(out, '\b'); break;
            case 'f': sk_buf_putc(out, '\f'); break;
            case 'v': sk_buf_putc(out, '\v'); break;
            case '\\': sk_buf_putc(out, '\\'); break;
            case 'c': goto done; /* stop output, flush */
            case 0: sk_buf_putc(out, '\\'); p--; break;
            default:
                if (*p >= '0' && *p <= '7') {
                    int v = 0;
                    for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++) v = v * 8 + (*p++ - '0');
                    p--;
                    sk_buf_putc(out, (char)v);
                } else {
                    sk_buf_putc(out, '\\');
                    sk_buf_putc(out, *p);
                }
            }
            continue;
        }
        if (*p != '%') {
            sk_buf_putc(out, *p);
            continue;
        }
        /* %[-+ #0][width][.prec]X */
        const char *spec = p++;
        int left = 0;
        while (*p && strchr("-+ #0", *p)) {
            if (*p == '-') left = 1;
            p++;
        }
        int width = 0, prec = -1;
        while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
        if (*p == '.') {
            p++;
            prec = 0;
            while (*p >= '0' && *p <= '9') prec = prec * 10 + (*p++ - '0');
        }
        sk_buf_clear(&field);
        char k = *p;
        size_t bl;
        const char *bn;
        switch (k) {
        case 0: p--; sk_buf_putc(out, '%'); continue;
        case '%': sk_buf_putc(out, '%'); continue;
        case 'p': sk_buf_puts(&field, e->path); break;
        case 'f':
            bn = base_of(e->path, &bl);
            sk_buf_put(&field, bn, bl);
            break;
        case 'h': {
            const char *sl = strrchr(e->path, '/');
            if (!sl) sk_buf_putc(&field, '.');
            else if (sl == e->path) sk_buf_putc(&field, '/');
            else sk_buf_put(&field, e->path, (size_t)(sl - e->path));
            break;
        }
        case 'P': {
            const char *q = e->path + (strlen(e->path) >= slen ? slen : strlen(e->path));
            while (*q == '/') q++;
            sk_buf_puts(&field, q);
            break;
        }
        case 'H': sk_buf_puts(&field, F->start); break;
        case 's': sk_buf_printf(&field, "%llu", (unsigned long long)e->st.size); break;
        case 'd': sk_buf_printf(&field, "%d", e->depth); break;
        case 'm': sk_buf_printf(&field, "%o", e->st.mode & 07777); break;
        case 'M': { char m[11]; fsu_mode_string(&e->st, m); sk_buf_puts(&field, m); break; }
        case 'y': sk_buf_putc(&field, type_char(&e->st)); break;
        case 'Y': {
            sk_stat t;
            if (e->st.type != SK_FILE_SYMLINK) sk_buf_putc(&field, type_char(&e->st));
            else if (sk_vfs_stat(F->c->vfs, "/", e->abs, &t) == SK_OK) sk_buf_putc(&field, type_char(&t));
            else sk_buf_putc(&field, 'N');
            break;
        }
        case 'u': case 'g': sk_buf_puts(&field, FSU_USER); break;
        case 'U': case 'G': sk_buf_puts(&field, "1000"); break;
        case 'n': sk_buf_printf(&field, "%u", e->st.nlink); break;
        case 'i': sk_buf_printf(&field, "%llu", (unsigned long long)e->st.ino); break;
        case 'k': sk_buf_printf(&field, "%llu", (unsigned long long)(fsu_blocks(&e->st) / 2)); break;
        case 'b': sk_buf_printf(&field, "%llu", (unsigned long long)fsu_blocks(&e->st)); break;
        case 'l':
            if (e->st.type == SK_FILE_SYMLINK) sk_vfs_readlink(F->c->vfs, "/", e->abs, &field);
            break;
        case 'D': sk_buf_puts(&field, "1"); break;
        case 'F': sk_buf_puts(&field, "memfs"); break;
        case 'S': sk_buf_puts(&field, e->st.size ? "1.0" : "1"); break;
        case 'Z': sk_buf_putc(&field, '?'); break;
        case 't': case 'a': case 'c': {
            fsu_strftime(&field, "%a %b %e %H:%M:%S", e->st.mtime_ns);
            char fr[24];
            int64_t ns = e->st.mtime_ns % 1000000000;
            if (ns < 0) ns += 1000000000;
            snprintf(fr, sizeof fr, ".%09lld0 ", (long long)ns);
            sk_buf_puts(&field, fr);
            fsu_strftime(&field, "%Y", e->st.mtime_ns);
            break;
        }
        case 'T': case 'A': case 'C': case 'B':
            if (!p[1]) { sk_buf_put(out, spec, (size_t)(p - spec + 1)); continue; }
            p++;
            fmt_time(&field, *p, e->st.mtime_ns);
            break;
        default:
            /* unknown directive: GNU prints it as is */
            sk_buf_put(out, spec, (size_t)(p - spec + 1));
            continue;
        }
        const char *fs = sk_buf_cstr(&field);
        int flen = (int)field.len;
        if (prec >= 0 && prec < flen && strchr("pfhPHlugyYM", k)) flen = prec;
        if (left) {
            sk_buf_put(out, fs, (size_t)flen);
            for (int i = flen; i < width; i++) sk_buf_putc(out, ' ');
        } else {
            for (int i = flen; i < width; i++) sk_buf_putc(out, ' ');
            sk_buf_put(out, fs, (size_t)flen);
        }
    }
done:
    sk_buf_free(&field);
    sk_out_write(&F->c->out, out->p ? out->p : "", out->len);
}

static int exec_missing(find_state *F)
{
    if (!F->exec_missing_reported) fsu_error(F->c, "cannot run commands here (-exec is not available)");
    F->exec_missing_reported = 1;
    F->status = 1;
    return 0;
}

/* Replace every "{}" in arg with path into b. */
static int subst(sk_buf *b, const char *arg, const char *path)
{
    sk_buf_clear(b);
    for (const char *q = arg; *q;) {
        if (q[0] == '{' && q[1] == '}') {
            if (sk_buf_puts(b, path)) return -1;
            q += 2;
        } else if (sk_buf_putc(b, *q++)) {
            return -1;
        }
    }
    return sk_buf_puts(b, "");
}

static int run_exec(find_state *F, fnode *nd, const fent *e)
{
    sk_cmd *c = F->c;
    if (!c->exec) return exec_missing(F);
    int argc = nd->argn;
    char **argv = sk_calloc(c->a, (size_t)argc + 1, sizeof *argv);
    if (!argv) return 0;
    sk_buf b = SK_BUF_INIT(c->a);
    /* -execdir gets the whole path: the command runs in the current directory */
    const char *path = e->path;
    int ok = 1;
    for (int i = 0; i < argc && ok; i++) {
        if (subst(&b, F->argv[nd->argi + i], path)) ok = 0;
        else if (!(argv[i] = sk_strdup(c->a, sk_buf_cstr(&b)))) ok = 0;
    }
    int rc = 1;
    if (ok) {
        sk_out_flush(&c->out);
        rc = c->exec(c, argc, argv);
    }
    for (int i = 0; i < argc; i++) sk_free(c->a, argv[i]);
    sk_free(c->a, argv);
    sk_buf_free(&b);
    return rc == 0;
}

static void flush_batch(find_state *F, fnode *nd)
{
    sk_cmd *c = F->c;
    if (!nd->nbatch) return;
    if (!c->exec) {
        exec_missing(F);
    } else {
        int argc = nd->argn + nd->nbatch;
        char **argv = sk_calloc(c->a, (size_t)argc + 1, sizeof *argv);
        if (!argv) {
            F->status = fsu_error(c, "memory exhausted");
        } else {
            for (int i = 0; i < nd->argn; i++) argv[i] = F->argv[nd->argi + i];
            const char *q = nd->batch.p;
            for (int i = 0; i < nd->nbatch; i++) {
                argv[nd->argn + i] = (char *)q;
                q += strlen(q) + 1;
            }
            sk_out_flush(&c->out);
            if (c->exec(c, argc, argv)) F->status = 1;
            sk_free(c->a, argv);
        }
    }
    sk_buf_clear(&nd->batch);
    nd->nbatch = 0;
}

/* Recursion happens only into the left side of a chain and under '!',
 * so its depth is bounded by the nesting of the expression (MAX_NEST). */
static int eval(find_state *F, int x, fent *e, int depth)
{
    fnode *nd = &F->n[x];
    size_t bl;
    const char *bn;
    for (;;) {
        nd = &F->n[x];
        if (nd->kind == N_AND) {
            if (!eval(F, nd->l, e, depth + 1) || F->quit) return 0;
        } else if (nd->kind == N_OR) {
            if (eval(F, nd->l, e, depth + 1)) return 1;
            if (F->quit) return 0;
        } else if (nd->kind == N_COMMA) {
            eval(F, nd->l, e, depth + 1);
            if (F->quit) return 0;
        } else {
            break;
        }
        x = nd->r;
    }
    switch (nd->kind) {
    case N_NOT: return !eval(F, nd->l, e, depth + 1);
    case N_TRUE: return 1;
    case N_FALSE: return 0;
    case N_NAME: case N_INAME:
        bn = base_of(e->path, &bl);
        if (bl == 0) bn = e->path, bl = strlen(e->path);
        return match_pat(nd->s, bn, bl, nd->kind == N_INAME, &F->tmp);
    case N_PATH: case N_IPATH:
        return fsu_fnmatch(nd->s, e->path, nd->kind == N_IPATH ? FSU_FNM_CASEFOLD : 0);
    case N_LNAME: case N_ILNAME: {
        if (e->st.type != SK_FILE_SYMLINK) return 0;
        sk_buf t = SK_BUF_INIT(F->c->a);
        int r = sk_vfs_readlink(F->c->vfs, "/", e->abs, &t) == SK_OK &&
                fsu_fnmatch(nd->s, sk_buf_cstr(&t), nd->kind == N_ILNAME ? FSU_FNM_CASEFOLD : 0);
        sk_buf_free(&t);
        return r;
    }
    case N_REGEX: {
        if (!F->md) F->md = pcre2_match_data_create(1, F->gctx);
        if (!F->md) return 0;
        pcre2_match_context *mc = pcre2_match_context_create(F->gctx);
        if (mc && F->c->lim && F->c->lim->regex_match_limit) pcre2_set_match_limit(mc, F->c->lim->regex_match_limit);
        if (mc && F->c->lim && F->c->lim->regex_depth_limit) pcre2_set_depth_limit(mc, F->c->lim->regex_depth_limit);
        int r = pcre2_match(nd->re, (PCRE2_SPTR)e->path, strlen(e->path), 0, 0, F->md, mc);
        if (mc) pcre2_match_context_free(mc);
        return r >= 0;
    }
    case N_TYPE: return (st_type_bit(&e->st) & nd->types) != 0;
    case N_XTYPE: {
        sk_stat t = e->st;
        if (e->st.type == SK_FILE_SYMLINK) sk_vfs_stat(F->c->vfs, "/", e->abs, &t);
        else if (F->follow == FSU_FOLLOW_ALL) sk_vfs_lstat(F->c->vfs, "/", e->abs, &t);
        return (st_type_bit(&t) & nd->types) != 0;
    }
    case N_TIME: {
        int64_t now = F->now;
        if (F->daystart) now = (now / 1000000000 / 86400 + 1) * 86400 * 1000000000LL;
        /* whole units elapsed, fractions dropped (GNU) */
        double units = floor((double)(now - e->st.mtime_ns) / 1e9 / (double)nd->unit);
        return num_cmp(nd->cmp, units, nd->num);
    }
    case N_NEWER: return e->st.mtime_ns > nd->t;
    case N_SIZE: {
        double units = (double)((e->st.size + nd->unit - 1) / nd->unit);
        return num_cmp(nd->cmp, units, nd->num);
    }
    case N_EMPTY:
        if (e->st.type == SK_FILE_REGULAR) return e->st.size == 0;
        if (e->st.type == SK_FILE_DIR) {
            sk_vfs_dir d;
            if (sk_vfs_list(F->c->vfs, "/", e->abs, &d)) return 0;
            int empty = d.n == 0;
            sk_vfs_dir_free(&d);
            return empty;
        }
        return 0;
    case N_PERM: {
        uint32_t m = e->st.mode & 07777;
        if (nd->permop == '-') return (m & nd->mode) == nd->mode;
        if (nd->permop == '/') return nd->mode == 0 || (m & nd->mode) != 0;
        return m == nd->mode;
    }
    case N_OWNER: return nd->ok;
    case N_LINKS: return num_cmp(nd->cmp, (double)e->st.nlink, nd->num);
    case N_INUM: return num_cmp(nd->cmp, (double)e->st.ino, nd->num);
    case N_SAMEFILE: return (double)e->st.ino == nd->num;
    case N_ACCESS: return (e->st.mode & nd->mode) != 0;
    case N_PRINT:
        sk_out_puts(&F->c->out, e->path);
        sk_out_putc(&F->c->out, '\n');
        return 1;
    case N_PRINT0:
        sk_out_puts(&F->c->out, e->path);
        sk_out_putc(&F->c->out, 0);
        return 1;
    case N_PRINTF: do_printf(F, e, nd->s); return 1;
    case N_LS: ls_line(F, e); return 1;
    case N_DELETE: {
        if (!strcmp(e->path, ".")) return 1;
        int rc = sk_vfs_remove(F->c->vfs, "/", e->abs);
        if (rc) {
            fsu_error(F->c, "cannot delete %Q: %s", e->path, sk_status_message(rc));
            F->status = 1;
            return 0;
        }
        return 1;
    }
    case N_EXEC: return run_exec(F, nd, e);
    case N_EXECPLUS:
        if (sk_buf_puts(&nd->batch, e->path) || sk_buf_putc(&nd->batch, 0)) {
            F->status = fsu_error(F->c, "memory exhausted");
            return 1;
        }
        if (++nd->nbatch >= 4096 || nd->batch.len > 128 * 1024) flush_batch(F, nd);
        return 1;
    case N_PRUNE:
        if (!F->depth_first) e->pruned = 1;
        return 1;
    case N_QUIT: F->quit = 1; return 1;
    }
    return 0;
}

/* ---- main ---------------------------------------------------------------- */

static void walk_start(find_state *F, const char *start, int root)
{
    sk_cmd *c = F->c;
    F->start = start;
    fsu_walk w;
    fsu_walk_init(&w, c, start, F->follow, F->depth_first);
    if (F->maxdepth >= 0) w.max_depth = F->maxdepth;
    fsu_walk_ent we;
    int r = 0;
    unsigned long count = 0;
    while (!F->quit && (r = fsu_walk_next(&w, &we)) > 0) {
        if ((++count & 255) == 0 && cmd_aborted(c)) break;
        if (cmd_out_failed(c)) break;
        if (we.kind == FSU_W_ERR) {
            fsu_error(c, "%Q: %s", we.path, sk_status_message(we.rc));
            F->status = 1;
            continue;
        }
        if (we.kind == FSU_W_LOOP) {
            fsu_error(c, "File system loop detected; %Q is part of the same file system loop as %Q.",
                      we.path, start);
            F->status = 1;
            continue;
        }
        if (we.rc) {
            fsu_error(c, "%Q: %s", we.path, sk_status_message(we.rc));
            F->status = 1;
            continue;
        }
        int is_dir = we.st.type == SK_FILE_DIR;
        if (F->depth_first && we.kind == FSU_W_PRE && is_dir &&
            !(F->maxdepth >= 0 && we.depth >= F->maxdepth))
            continue; /* evaluated after its contents */
        if (we.depth < F->mindepth) continue;
        if (F->maxdepth >= 0 && we.depth > F->maxdepth) continue;
        fent e = { we.path, we.abs, we.depth, we.st, 0 };
        eval(F, root, &e, 0);
        if (e.pruned && we.kind == FSU_W_PRE) fsu_walk_prune(&w);
    }
    if (r < 0) F->status = fsu_error(c, "%s", sk_status_message(r));
    fsu_walk_free(&w);
}

int cmd_find(sk_cmd *c, int argc, char **argv)
{
    find_state F;
    memset(&F, 0, sizeof F);
    F.c = c;
    F.argv = argv;
    F.argc = argc;
    F.maxdepth = -1;
    F.now = cmd_now_ns(c);
    sk_buf_init(&F.tmp, c->a);
    int i = 1;
    /* leading options */
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-H")) F.follow = FSU_FOLLOW_ROOT;
        else if (!strcmp(a, "-L")) F.follow = FSU_FOLLOW_ALL;
        else if (!strcmp(a, "-P")) F.follow = FSU_FOLLOW_NONE;
        else if (!strcmp(a, "-D") && i + 1 < argc) i++;
        else if (!strncmp(a, "-O", 2) && a[2] >= '0' && a[2] <= '9') { }
        else if (!strcmp(a, "--")) { i++; break; }
        else break;
    }
    int first_start = i;
    while (i < argc && !(argv[i][0] == '-' && argv[i][1]) && strcmp(argv[i], "(") && strcmp(argv[i], "!"))
        i++;
    int nstarts = i - first_start;
    F.pos = i;
    int root = -1;
    if (F.pos < argc) {
        root = parse_or(&F, 0);
        if (root >= 0 && F.pos < argc) {
            if (!strcmp(argv[F.pos], ")")) perr(&F, "invalid expression; you have too many ')'");
            else perr(&F, "paths must precede expression: `%s'", argv[F.pos]);
            root = -1;
        }
    }
    if (F.err) {
        F.status = 1;
        goto out;
    }
    if (root < 0) root = new_node(&F, N_TRUE);
    if (root < 0) { F.status = 1; goto out; }
    if (!F.has_action) {
        int pr = new_node(&F, N_PRINT);
        int an = new_node(&F, N_AND);
        if (pr < 0 || an < 0) { F.status = 1; goto out; }
        F.n[an].l = root;
        F.n[an].r = pr;
        root = an;
    }
    if (nstarts == 0) {
        walk_start(&F, ".", root);
    } else {
        for (int k = first_start; k < first_start + nstarts && !F.quit; k++) {
            if (!argv[k][0]) {
                fsu_error(c, "%Q: %s", "", sk_status_message(SK_ENOENT));
                F.status = 1;
                continue;
            }
            walk_start(&F, argv[k], root);
            if (cmd_out_failed(c) || cmd_aborted(c)) break;
        }
    }
    for (int k = 0; k < F.nn; k++)
        if (F.n[k].kind == N_EXECPLUS) flush_batch(&F, &F.n[k]);
out:
    for (int k = 0; k < F.nn; k++) {
        sk_buf_free(&F.n[k].batch);
        if (F.n[k].re) pcre2_code_free(F.n[k].re);
    }
    if (F.md) pcre2_match_data_free(F.md);
    if (F.gctx) pcre2_general_context_free(F.gctx);
    sk_free(c->a, F.n);
    sk_buf_free(&F.tmp);
    return F.status;
}
