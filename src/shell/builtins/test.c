/* test.c — test / [ and the [[ ]] conditional command: file tests on the
 * virtual filesystem, string and integer comparisons, patterns for ==,
 * and =~ with BASH_REMATCH through the project's regex layer (POSIX ERE,
 * leftmost-longest, as bash's regcomp). */
#include <stdio.h>
#include <string.h>

#include "shell/arith.h"
#include "shell/exec.h"
#include "regex/regex.h"
#include "shell/pattern.h"

/* ---- regex ----------------------------------------------------------------------------- */

/* Match ERE re against s with POSIX leftmost-longest semantics (the
 * project's regex layer).  Returns 1 match (groups filled, unmatched
 * groups empty), 0 no match, -1 bad pattern, -2 limit. */
int sh_regex_match(sh_state *st, const char *re, const char *s, size_t n, sh_strvec *groups)
{
    rx *r;
    rx_error e;
    unsigned flags = RX_UTF8 | (st->shopt[SH_S_NOCASEMATCH] ? RX_ICASE : 0);
    int cr = rx_compile(&r, st->a, &st->sh->lim, RX_ERE, flags, re, strlen(re), &e);
    if (cr) return cr == RX_ENOMEM ? -2 : -1;
    int ng = rx_group_count(r);
    size_t small[32];
    size_t *ov = ng + 1 <= 16 ? small : sk_malloc(st->a, (size_t)(ng + 1) * 2 * sizeof *ov);
    if (!ov) { rx_free(r); return -2; }
    int m = rx_exec(r, s, n, 0, 0, ov, ng + 1);
    int result;
    if (m == RX_MATCH) {
        result = 1;
        if (groups)
            for (int k = 0; k <= ng; k++) {
                if (ov[2 * k] != RX_UNSET) sh_strvec_pushdup(groups, s + ov[2 * k], ov[2 * k + 1] - ov[2 * k]);
                else sh_strvec_pushdup(groups, "", 0);
            }
    } else if (m == RX_NOMATCH) {
        result = 0;
    } else {
        result = -2;
    }
    if (ov != small) sk_free(st->a, ov);
    rx_free(r);
    return result;
}

/* ---- shared operators ------------------------------------------------------------------------ */

static int is_unary_op(const char *op)
{
    if (op[0] != '-' || !op[1] || op[2]) return 0;
    return strchr("abcdefghknoprstuvwxzGLNORS", op[1]) != NULL;
}

static int is_binary_op(const char *op)
{
    static const char *const ops[] = { "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge",
                                       "-nt", "-ot", "-ef", "=~" };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(ops[i], op)) return 1;
    return 0;
}

static int file_stat(sh_state *st, const char *path, sk_stat *s, int nofollow)
{
    if (!*path) return SK_ENOENT;
    if (!strcmp(path, "/dev/stdin") || !strcmp(path, "/dev/stdout") || !strcmp(path, "/dev/stderr") ||
        !strncmp(path, "/dev/fd/", 8)) {
        memset(s, 0, sizeof *s);
        s->type = SK_FILE_DEVICE;
        s->mode = 0620;
        return 0;
    }
    return nofollow ? sk_vfs_lstat(&st->sh->vfs, st->cwd, path, s) : sk_vfs_stat(&st->sh->vfs, st->cwd, path, s);
}

/* 0 true, 1 false, 2 error (printed). */
int sh_test_unary(sh_state *st, const char *cmd, const char *op, const char *arg)
{
    sk_stat s;
    char o = op[1];
    switch (o) {
    case 'z': return arg[0] ? 1 : 0;
    case 'n': return arg[0] ? 0 : 1;
    case 'o': {
        int k = sh_set_option_index(arg);
        return k >= 0 && st->opt[k] ? 0 : 1;
    }
    case 'v': {
        const char *lb = strchr(arg, '[');
        size_t al = strlen(arg);
        if (lb && al && arg[al - 1] == ']') {
            char *name = sk_strndup(st->a, arg, (size_t)(lb - arg));
            char *sub = sk_strndup(st->a, lb + 1, al - (size_t)(lb - arg) - 2);
            int r = 1;
            if (name && sub) {
                sh_var *v = sh_var_lookup(st, name);
                if (v && (!strcmp(sub, "@") || !strcmp(sub, "*"))) r = sh_var_count(v) ? 0 : 1;
                else if (v) {
                    const char *out = NULL;
                    if (sh_var_get_elem(st, v, sub, &out) == 0 && out) r = 0;
                }
            }
            sk_free(st->a, name);
            sk_free(st->a, sub);
            return r;
        }
        sh_var *v = sh_var_lookup(st, arg);
        if (!sh_var_isset(v)) return 1;
        if (v->kind != SH_VK_STR) return sh_var_count(v) && sh_var_value(v, NULL) ? 0 : 1;
        return 0;
    }
    case 'R': {
        sh_var *v = sh_var_lookup_noref(st, arg);
        return v && (v->attr & SH_A_NAMEREF) && sh_var_isset(v) ? 0 : 1;
    }
    case 't': return 1;   /* no terminals in the sandbox */
    case 'h':
    case 'L':
        if (file_stat(st, arg, &s, 1)) return 1;
        return s.type == SK_FILE_SYMLINK ? 0 : 1;
    }
    if (file_stat(st, arg, &s, 0)) return 1;
    switch (o) {
    case 'a':
    case 'e': return 0;
    case 'f': return s.type == SK_FILE_REGULAR ? 0 : 1;
    case 'd': return s.type == SK_FILE_DIR ? 0 : 1;
    case 'b': return 1;
    case 'c': return s.type == SK_FILE_DEVICE ? 0 : 1;
    case 'p': case 'S': return 1;
    case 's': return s.size > 0 ? 0 : 1;
    case 'r': return (s.mode & 0444) ? 0 : 1;
    case 'w': return (s.mode & 0222) ? 0 : 1;
    case 'x': return (s.mode & 0111) ? 0 : 1;
    case 'g': return (s.mode & 02000) ? 0 : 1;
    case 'u': return (s.mode & 04000) ? 0 : 1;
    case 'k': return (s.mode & 01000) ? 0 : 1;
    case 'O': case 'G': return 0;
    case 'N': return 1;
    }
    (void)cmd;
    return 1;
}

static int test_int(sh_state *st, const char *cmd, const char *s, int64_t *v)
{
    if (sh_parse_int(s, v)) {
        sh_builtin_err(st, cmd, "%s: integer expression expected", s);
        return -1;
    }
    return 0;
}

static int cmp_num(int64_t a, const char *op, int64_t b)
{
    if (!strcmp(op, "-eq")) return a == b;
    if (!strcmp(op, "-ne")) return a != b;
    if (!strcmp(op, "-lt")) return a < b;
    if (!strcmp(op, "-le")) return a <= b;
    if (!strcmp(op, "-gt")) return a > b;
    return a >= b;
}

static int file_cmp(sh_state *st, const char *a, const char *op, const char *b)
{
    sk_stat sa, sb;
    int ea = file_stat(st, a, &sa, 0) == 0, eb = file_stat(st, b, &sb, 0) == 0;
    if (!strcmp(op, "-nt")) {
        if (ea && !eb) return 0;
        if (!ea) return 1;
        return sa.mtime_ns > sb.mtime_ns ? 0 : 1;
    }
    if (!strcmp(op, "-ot")) {
        if (!ea && eb) return 0;
        if (!eb) return 1;
        return sa.mtime_ns < sb.mtime_ns ? 0 : 1;
    }
    /* -ef */
    if (!ea || !eb) return 1;
    char *ra = NULL, *rb = NULL;
    int same = 0;
    if (sk_vfs_realpath(&st->sh->vfs, st->cwd, a, SK_REALPATH_EXISTING, &ra) == 0 &&
        sk_vfs_realpath(&st->sh->vfs, st->cwd, b, SK_REALPATH_EXISTING, &rb) == 0)
        same = !strcmp(ra, rb) || (sa.ino && sa.ino == sb.ino);
    sk_free(st->a, ra);
    sk_free(st->a, rb);
    return same ? 0 : 1;
}

/* test's binary operators (integers are plain numbers). */
static int test_binary(sh_state *st, const char *cmd, const char *a, const char *op, const char *b)
{
    if (!strcmp(op, "=") || !strcmp(op, "==")) return strcmp(a, b) ? 1 : 0;
    if (!strcmp(op, "!=")) return strcmp(a, b) ? 0 : 1;
    if (!strcmp(op, "<")) return strcmp(a, b) < 0 ? 0 : 1;
    if (!strcmp(op, ">")) return strcmp(a, b) > 0 ? 0 : 1;
    if (!strcmp(op, "-nt") || !strcmp(op, "-ot") || !strcmp(op, "-ef")) return file_cmp(st, a, op, b);
    if (!strcmp(op, "=~")) {
        sh_builtin_err(st, cmd, "=~: binary operator expected");
        return 2;
    }
    int64_t x, y;
    if (test_int(st, cmd, a, &x) || test_int(st, cmd, b, &y)) return 2;
    return cmp_num(x, op, y) ? 0 : 1;
}

/* ---- test / [ ------------------------------------------------------------------------------ */

typedef struct tp {
    sh_state *st;
    const char *cmd;
    char **v;
    int n, i;
    int err;
} tp;

static int t_or(tp *p);

static int t_primary(tp *p)
{
    if (p->i >= p->n) {
        sh_builtin_err(p->st, p->cmd, "argument expected");
        p->err = 1;
        return 2;
    }
    const char *a = p->v[p->i];
    if (!strcmp(a, "(")) {
        p->i++;
        int r = t_or(p);
        if (p->i >= p->n || strcmp(p->v[p->i], ")")) {
            sh_builtin_err(p->st, p->cmd, "`)' expected");
            p->err = 1;
            return 2;
        }
        p->i++;
        return r;
    }
    if (p->i + 2 < p->n && is_binary_op(p->v[p->i + 1])) {
        int r = test_binary(p->st, p->cmd, a, p->v[p->i + 1], p->v[p->i + 2]);
        if (r == 2) p->err = 1;
        p->i += 3;
        return r;
    }
    if (is_unary_op(a) && p->i + 1 < p->n) {
        int r = sh_test_unary(p->st, p->cmd, a, p->v[p->i + 1]);
        p->i += 2;
        return r;
    }
    p->i++;
    return a[0] ? 0 : 1;
}

static int t_not(tp *p)
{
    if (p->i < p->n && !strcmp(p->v[p->i], "!")) {
        p->i++;
        int r = t_not(p);
        return r == 2 ? 2 : !r;
    }
    return t_primary(p);
}

static int t_and(tp *p)
{
    int r = t_not(p);
    while (!p->err && p->i < p->n && !strcmp(p->v[p->i], "-a")) {
        p->i++;
        int r2 = t_not(p);
        if (r == 0 && r2 != 0) r = r2;
        else if (r2 == 2) r = 2;
    }
    return r;
}

static int t_or(tp *p)
{
    int r = t_and(p);
    while (!p->err && p->i < p->n && !strcmp(p->v[p->i], "-o")) {
        p->i++;
        int r2 = t_and(p);
        if (r2 == 2) r = 2;
        else if (r != 0) r = r2;
    }
    return r;
}

static int test_eval(sh_state *st, const char *cmd, int n, char **v)
{
    switch (n) {
    case 0: return 1;
    case 1: return v[0][0] ? 0 : 1;
    case 2:
        if (!strcmp(v[0], "!")) return v[1][0] ? 1 : 0;
        if (is_unary_op(v[0])) return sh_test_unary(st, cmd, v[0], v[1]);
        sh_builtin_err(st, cmd, "%s: unary operator expected", v[0]);
        return 2;
    case 3:
        if (is_binary_op(v[1])) return test_binary(st, cmd, v[0], v[1], v[2]);
        if (!strcmp(v[1], "-a")) return (v[0][0] && v[2][0]) ? 0 : 1;
        if (!strcmp(v[1], "-o")) return (v[0][0] || v[2][0]) ? 0 : 1;
        if (!strcmp(v[0], "!")) {
            int r = test_eval(st, cmd, 2, v + 1);
            return r == 2 ? 2 : !r;
        }
        if (!strcmp(v[0], "(") && !strcmp(v[2], ")")) return v[1][0] ? 0 : 1;
        sh_builtin_err(st, cmd, "%s: binary operator expected", v[1]);
        return 2;
    case 4:
        if (!strcmp(v[0], "!")) {
            int r = test_eval(st, cmd, 3, v + 1);
            return r == 2 ? 2 : !r;
        }
        if (!strcmp(v[0], "(") && !strcmp(v[3], ")")) return test_eval(st, cmd, 2, v + 1);
        break;
    }
    tp p = { st, cmd, v, n, 0, 0 };
    int r = t_or(&p);
    if (p.err) return 2;
    if (p.i < p.n) {
        sh_builtin_err(st, cmd, "too many arguments");
        return 2;
    }
    return r;
}

SH_BUILTIN("test", bi_test, 0, "test [expr]: evaluate conditional expression");
SH_BUILTIN("[", bi_bracket, 0, "[ arg... ]: evaluate conditional expression");

int bi_test(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    return test_eval(st, "test", argc - 1, argv + 1);
}

int bi_bracket(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    if (argc < 2 || strcmp(argv[argc - 1], "]")) {
        sh_builtin_err(st, "[", "missing `]'");
        return 2;
    }
    return test_eval(st, "[", argc - 2, argv + 1);
}

/* ---- [[ ]] ------------------------------------------------------------------------------------- */

static int cond_eval(sh_state *st, const sh_cond *c, sk_buf *trace);

static int cond_str(sh_state *st, const sh_word *w, sk_buf *out)
{
    return sh_expand_string(st, w, 0, out);
}

static int cond_arith(sh_state *st, const char *s, int64_t *v)
{
    int r = sh_arith_eval(st, s, strlen(s), NULL, v);
    if (r == SH_E_UNBOUND) {
        st->status = 127;
        if (!st->ctl) st->ctl = SH_CTL_EXIT;
    }
    return r;
}

static int cond_eval(sh_state *st, const sh_cond *c, sk_buf *trace)
{
    if (st->ctl || st->sh->abort) return 2;
    switch (c->kind) {
    case SH_C_AND: {
        int r = cond_eval(st, c->left, trace);
        if (r) return r;
        return cond_eval(st, c->right, trace);
    }
    case SH_C_OR: {
        int r = cond_eval(st, c->left, trace);
        if (r == 0 || r == 2) return r;
        return cond_eval(st, c->right, trace);
    }
    case SH_C_NOT: {
        int r = cond_eval(st, c->left, trace);
        return r == 2 ? 2 : !r;
    }
    case SH_C_WORD: {
        sk_buf b = SK_BUF_INIT(st->a);
        if (cond_str(st, c->arg, &b)) { sk_buf_free(&b); return 2; }
        if (trace) { sk_buf_putc(trace, ' '); sh_quote(trace, b.p ? b.p : "", b.len, SH_Q_XTRACE); }
        int r = b.len ? 0 : 1;
        sk_buf_free(&b);
        return r;
    }
    case SH_C_UNARY: {
        sk_buf b = SK_BUF_INIT(st->a);
        if (cond_str(st, c->arg, &b)) { sk_buf_free(&b); return 2; }
        if (trace) sk_buf_printf(trace, " %s %s", c->opname, sk_buf_cstr(&b));
        int r = sh_test_unary(st, "[[", c->opname, sk_buf_cstr(&b));
        sk_buf_free(&b);
        return r;
    }
    case SH_C_BINARY: {
        sk_buf l = SK_BUF_INIT(st->a), rb = SK_BUF_INIT(st->a);
        int res = 2;
        if (cond_str(st, c->arg, &l)) goto out;
        const char *ls = sk_buf_cstr(&l);
        switch (c->op) {
        case SH_CO_STR_EQ:
        case SH_CO_STR_NE: {
            if (sh_expand_pattern(st, c->arg2, &rb)) goto out;
            if (trace) sk_buf_printf(trace, " %s %s %s", ls, c->opname, sk_buf_cstr(&rb));
            int flags = SH_PAT_EXTGLOB | (st->shopt[SH_S_NOCASEMATCH] ? SH_PAT_NOCASE : 0);
            int m = sh_pat_fnmatch(st->a, rb.p ? rb.p : "", rb.len, l.p ? l.p : "", l.len, flags);
            if (m < 0) goto out;
            res = (c->op == SH_CO_STR_EQ) ? !m : m;
            break;
        }
        case SH_CO_REGEX: {
            if (sh_expand_regex(st, c->arg2, &rb)) goto out;
            if (trace) sk_buf_printf(trace, " %s =~ %s", ls, sk_buf_cstr(&rb));
            sh_strvec groups = { NULL, 0, 0, st->a };
            int m = sh_regex_match(st, sk_buf_cstr(&rb), l.p ? l.p : "", l.len, &groups);
            if (m == -1) {
                res = 2;
            } else if (m == -2) {
                res = 2;
            } else {
                sh_var *br = sh_var_lookup(st, "BASH_REMATCH");
                if (!br || !(br->attr & SH_A_READONLY)) {
                    sh_var_set_array(st, "BASH_REMATCH", (int)groups.n, groups.v, NULL, 0, SH_SET_GLOBAL);
                }
                res = m ? 0 : 1;
            }
            sh_strvec_free(&groups, 1);
            break;
        }
        case SH_CO_STR_LT:
        case SH_CO_STR_GT:
            if (cond_str(st, c->arg2, &rb)) goto out;
            if (trace) sk_buf_printf(trace, " %s %s %s", ls, c->opname, sk_buf_cstr(&rb));
            res = strcmp(ls, sk_buf_cstr(&rb));
            res = c->op == SH_CO_STR_LT ? (res < 0 ? 0 : 1) : (res > 0 ? 0 : 1);
            break;
        case SH_CO_NT:
        case SH_CO_OT:
        case SH_CO_EF:
            if (cond_str(st, c->arg2, &rb)) goto out;
            if (trace) sk_buf_printf(trace, " %s %s %s", ls, c->opname, sk_buf_cstr(&rb));
            res = file_cmp(st, ls, c->opname, sk_buf_cstr(&rb));
            break;
        default: {
            if (cond_str(st, c->arg2, &rb)) goto out;
            if (trace) sk_buf_printf(trace, " %s %s %s", ls, c->opname, sk_buf_cstr(&rb));
            int64_t a, b;
            if (cond_arith(st, ls, &a) || cond_arith(st, sk_buf_cstr(&rb), &b)) goto out;
            res = cmp_num(a, c->opname, b) ? 0 : 1;
            break;
        }
        }
    out:
        sk_buf_free(&l);
        sk_buf_free(&rb);
        return res;
    }
    }
    return 2;
}

int sh_exec_cond(sh_state *st, const sh_node *n)
{
    st->lineno = sh_node_line(st, n->line);
    sh_debug_trap(st);
    if (sk_shell_count_command(st->sh)) return 1;
    sk_buf trace = SK_BUF_INIT(st->a);
    sk_buf *tp = st->opt[SH_O_XTRACE] ? &trace : NULL;
    int r = cond_eval(st, n->u.cond, tp);
    if (tp) {
        sk_buf line = SK_BUF_INIT(st->a);
        sh_xtrace_prefix(st, &line);
        sk_buf_printf(&line, "[[%s ]]\n", sk_buf_cstr(&trace));
        sh_err_write(st, line.p, line.len);
        sk_buf_free(&line);
    }
    sk_buf_free(&trace);
    if (st->ctl == SH_CTL_ABORT) {
        /* arithmetic errors inside [[ ]] fail the test */
        st->ctl = SH_CTL_NONE;
        r = 2;
    }
    if (!st->ctl) sh_set_status(st, r);
    return r;
}
