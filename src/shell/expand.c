/* expand.c — word expansion in bash's order: brace expansion, tilde,
 * parameter and variable expansion (every ${...} operator), command
 * substitution, arithmetic expansion, word splitting on IFS, pathname
 * expansion and quote removal.
 *
 * Words arrive as parts (ast.h); a field under construction keeps two
 * texts: the final text and its glob-pattern form, where quoted characters
 * are backslash-escaped.  Unquoted expansion results are split on IFS and
 * keep their glob meaning; quoted ones never split.  Errors print bash's
 * message and set st->ctl (SH_CTL_ABORT, or SH_CTL_EXIT for the fatal
 * ones) before returning non-zero. */
#include <stdio.h>
#include <string.h>

#include "shell/arith.h"
#include "shell/brace.h"
#include "shell/exec.h"
#include "shell/pattern.h"
#include "shell/varstore.h"

enum { XM_LIST, XM_STRING, XM_PATTERN, XM_REGEX };

typedef struct xfield {
    sk_buf lit;
    sk_buf pat;
    int keep;              /* exists even when empty (a quoted part was seen) */
    int glob;              /* an unquoted glob character was added */
} xfield;

typedef struct xc {
    sh_state *st;
    int mode;
    int quoted;            /* inside "..." (or here-doc / arithmetic quoting) */
    int arith;             /* arithmetic quoting: DQ quotes are removed */
    sh_strvec *out;
    xfield f;
    int just_ended;        /* an IFS delimiter just ended a field */
    int err;
    unsigned char ifsmap[256];   /* 1 = IFS whitespace, 2 = other IFS char */
    int ifs_ready;
    int ifs_empty;
    char ifs0;             /* first character of IFS (0 when IFS is empty) */
    int dq_counted;        /* "$@"-style: the DQ produced something */
    int fields_from_at;    /* a "$@" with elements was expanded */
} xc;

static int part_list(xc *x, const sh_part *parts, uint32_t n);

/* ---- errors ------------------------------------------------------------------- */

static int x_fail(xc *x, int ctl)
{
    x->err = 1;
    if (!x->st->ctl) {
        x->st->ctl = ctl;
        if (ctl == SH_CTL_ABORT) x->st->status = 1;
    }
    return -1;
}

static int x_nomem(xc *x)
{
    x->err = 1;
    sk_shell_limit(x->st->sh, "max_memory", x->st->sh->lim.max_memory);
    return -1;
}

/* ---- IFS ------------------------------------------------------------------------ */

const char *sh_ifs(sh_state *st, int *is_set)
{
    sh_var *v = sh_var_lookup(st, "IFS");
    if (!sh_var_isset(v)) {
        if (is_set) *is_set = 0;
        return " \t\n";
    }
    if (is_set) *is_set = 1;
    const char *s = sh_var_value(v, NULL);
    return s ? s : "";
}

static void ifs_init(xc *x)
{
    if (x->ifs_ready) return;
    x->ifs_ready = 1;
    memset(x->ifsmap, 0, sizeof x->ifsmap);
    int set;
    const char *ifs = sh_ifs(x->st, &set);
    x->ifs_empty = !*ifs;
    x->ifs0 = *ifs;
    for (const char *p = ifs; *p; p++) {
        unsigned char c = (unsigned char)*p;
        x->ifsmap[c] = (c == ' ' || c == '\t' || c == '\n') ? 1 : 2;
    }
}

/* ---- fields ----------------------------------------------------------------------- */

static int is_patspecial(char c)
{
    switch (c) {
    case '\\': case '*': case '?': case '[': case ']': case '(': case ')': case '|':
    case '!': case '@': case '+':
        return 1;
    }
    return 0;
}

static int is_rxspecial(char c)
{
    switch (c) {
    case '\\': case '*': case '?': case '[': case ']': case '(': case ')': case '|':
    case '.': case '^': case '$': case '+': case '{': case '}':
        return 1;
    }
    return 0;
}

/* Append text to the current field.  quoted: literal for globbing. */
static int x_add(xc *x, const char *s, size_t n, int quoted)
{
    x->just_ended = 0;
    if (!n) return 0;
    xfield *f = &x->f;
    switch (x->mode) {
    case XM_STRING:
        if (sk_buf_put(&f->lit, s, n)) return x_nomem(x);
        break;
    case XM_PATTERN:
    case XM_REGEX:
        if (!quoted) {
            if (sk_buf_put(&f->lit, s, n)) return x_nomem(x);
        } else {
            for (size_t i = 0; i < n; i++) {
                int sp = x->mode == XM_PATTERN ? is_patspecial(s[i]) : is_rxspecial(s[i]);
                if ((sp && sk_buf_putc(&f->lit, '\\')) || sk_buf_putc(&f->lit, s[i])) return x_nomem(x);
            }
        }
        break;
    case XM_LIST:
        if (sk_buf_put(&f->lit, s, n)) return x_nomem(x);
        if (quoted) {
            for (size_t i = 0; i < n; i++) {
                if ((is_patspecial(s[i]) && sk_buf_putc(&f->pat, '\\')) || sk_buf_putc(&f->pat, s[i]))
                    return x_nomem(x);
            }
        } else {
            if (sk_buf_put(&f->pat, s, n)) return x_nomem(x);
            if (!f->glob)
                for (size_t i = 0; i < n; i++)
                    if (s[i] == '*' || s[i] == '?' || s[i] == '[') { f->glob = 1; break; }
        }
        break;
    }
    return 0;
}

static int x_end_field(xc *x)
{
    xfield *f = &x->f;
    if (x->mode != XM_LIST) return 0;
    sh_state *st = x->st;
    if (f->lit.len == 0 && !f->keep) return 0;
    int r = 0;
    if (f->glob && !st->opt[SH_O_NOGLOB] && sh_pat_has_magic(f->pat.p, f->pat.len, st->shopt[SH_S_EXTGLOB])) {
        size_t before = x->out->n;
        long m = sh_glob(st, f->pat.p ? f->pat.p : "", f->pat.len, x->out);
        if (m < 0) {
            if (m == -2) {
                /* failglob */
                sh_err(st, "no match: %.*s", (int)f->lit.len, f->lit.p ? f->lit.p : "");
                r = x_fail(x, SH_CTL_ABORT);
            } else {
                r = x->err = -1;
            }
        } else if (m == 0 && x->out->n == before) {
            if (!st->shopt[SH_S_NULLGLOB])
                if (sh_strvec_pushdup(x->out, f->lit.p ? f->lit.p : "", f->lit.len)) r = x_nomem(x);
        }
    } else {
        if (sh_strvec_pushdup(x->out, f->lit.p ? f->lit.p : "", f->lit.len)) r = x_nomem(x);
    }
    sk_buf_clear(&f->lit);
    sk_buf_clear(&f->pat);
    f->keep = 0;
    f->glob = 0;
    return r;
}

/* Append an unquoted expansion result: split on IFS in list mode. */
static int x_add_split(xc *x, const char *s, size_t n)
{
    if (x->mode != XM_LIST) return x_add(x, s, n, 0);
    ifs_init(x);
    if (x->ifs_empty) return x_add(x, s, n, 0);
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && !x->ifsmap[(unsigned char)s[j]]) j++;
        if (j > i) {
            if (x_add(x, s + i, j - i, 0)) return -1;
        }
        if (j >= n) break;
        /* a delimiter: IFS whitespace run, optionally one other IFS char
         * with whitespace around it */
        int hard = 0;
        while (j < n && x->ifsmap[(unsigned char)s[j]] == 1) j++;
        if (j < n && x->ifsmap[(unsigned char)s[j]] == 2) {
            hard = 1;
            j++;
            while (j < n && x->ifsmap[(unsigned char)s[j]] == 1) j++;
        }
        if (hard) {
            /* a non-whitespace delimiter always ends a field (maybe an
             * empty one), unless whitespace just before it already did */
            if (!x->just_ended) {
                x->f.keep = 1;
                if (x_end_field(x)) return -1;
            }
            x->just_ended = 0;
        } else {
            if (x->f.lit.len || x->f.keep) {
                if (x_end_field(x)) return -1;
                x->just_ended = 1;
            }
        }
        i = j;
    }
    return 0;
}

/* ---- tilde ------------------------------------------------------------------------ */

const char *sh_tilde(sh_state *st, const char *p, size_t n, sk_buf *tmp)
{
    if (n == 0) {
        const char *h = sh_var_get(st, "HOME");
        return h ? h : "/home/sandbox";
    }
    if (n == 1 && p[0] == '+') {
        const char *v = sh_var_get(st, "PWD");
        return v ? v : NULL;
    }
    if (n == 1 && p[0] == '-') {
        const char *v = sh_var_get(st, "OLDPWD");
        return v ? v : NULL;
    }
    if ((p[0] >= '0' && p[0] <= '9') || ((p[0] == '+' || p[0] == '-') && n > 1)) {
        /* directory stack: ~N ~+N ~-N */
        int minus = p[0] == '-';
        size_t i = (p[0] == '+' || p[0] == '-') ? 1 : 0;
        int64_t k = 0;
        for (; i < n; i++) {
            if (p[i] < '0' || p[i] > '9') return NULL;
            k = k * 10 + (p[i] - '0');
            if (k > 100000) return NULL;
        }
        int total = st->ndirs + 1;
        if (minus) k = total - 1 - k;
        if (k < 0 || k >= total) return NULL;
        if (k == 0) return st->cwd;
        return st->dirstack[k - 1];
    }
    if ((n == 7 && !memcmp(p, "sandbox", 7)) || (n == 4 && !memcmp(p, "user", 4))) {
        sk_buf_clear(tmp);
        if (sk_buf_puts(tmp, n == 7 ? "/home/sandbox" : "/home/user")) return NULL;
        return sk_buf_cstr(tmp);
    }
    if (n == 4 && !memcmp(p, "root", 4)) return "/root";
    return NULL;
}

/* ---- parameters ------------------------------------------------------------------- */

typedef struct pval {
    int set;               /* the parameter is set */
    int list;              /* several values (@, *, a[@], a[*]) */
    int star;              /* the * form */
    int at_params;         /* $@ / $* (positional) */
    sh_strvec v;
} pval;

static void pv_init(pval *p, sk_alloc *a)
{
    memset(p, 0, sizeof *p);
    p->v.a = a;
}

static void pv_free(pval *p) { sh_strvec_free(&p->v, 1); }

static int pv_push(xc *x, pval *p, const char *s, size_t n)
{
    if (sh_strvec_pushdup(&p->v, s, n)) return x_nomem(x);
    return 0;
}

static int is_digits(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static const char *special_value(xc *x, const char *name, char *buf)
{
    sh_state *st = x->st;
    switch (name[0]) {
    case '?': sh_fmt_int(buf, st->status); return buf;
    case '#': sh_fmt_int(buf, sh_params_cur(st)->n); return buf;
    case '$': return "1";
    case '!':
        if (!st->last_bg) return NULL;
        sh_fmt_int(buf, st->last_bg);
        return buf;
    case '-': {
        /* bash's order of the flag letters, then c (-c mode) */
        static const char order[] = "abefhkmnptuvxBCEHPT";
        size_t k = 0;
        for (const char *o = order; *o; o++)
            for (int i = 0; i < SH_O_COUNT; i++)
                if (sh_set_options[i].letter == *o && st->opt[i]) buf[k++] = *o;
        buf[k++] = 'c';
        buf[k] = 0;
        return buf;
    }
    case '0': return st->arg0;
    }
    return NULL;
}

static int subscript_text(xc *x, const sh_word *sub, sk_buf *out)
{
    return sh_expand_string(x->st, sub, 0, out);
}

static int unbound(xc *x, const char *name)
{
    sh_err(x->st, "%s: unbound variable", name);
    x->st->status = 127;
    x->st->fatal_err = 1;
    return x_fail(x, SH_CTL_EXIT);
}

/* Values of an array variable (or scalar) for a[@] / a[*]. */
static int var_all_values(xc *x, sh_var *v, pval *p)
{
    if (!v || (v->attr & SH_A_INVISIBLE)) return 0;
    p->set = sh_var_count(v) > 0;
    if (sh_var_values(x->st, v, &p->v)) return x_nomem(x);
    return 0;
}

/* The base values of a parameter (before operators). */
static int param_base(xc *x, const sh_param *pm, const char *name, const sh_word *subw, pval *p, int checkset)
{
    sh_state *st = x->st;
    char buf[64];
    if (!strcmp(name, "@") || !strcmp(name, "*")) {
        sh_params *pp = sh_params_cur(st);
        p->list = 1;
        p->star = name[0] == '*';
        p->at_params = 1;
        p->set = pp->n > 0;
        for (int i = 0; i < pp->n; i++)
            if (pv_push(x, p, pp->v[i], strlen(pp->v[i]))) return -1;
        return 0;
    }
    if (is_digits(name)) {
        long k = 0;
        for (const char *q = name; *q && k < 1000000; q++) k = k * 10 + (*q - '0');
        const char *v = NULL;
        if (k == 0) v = st->arg0;
        else if (k <= sh_params_cur(st)->n) v = sh_params_cur(st)->v[k - 1];
        if (v) {
            p->set = 1;
            return pv_push(x, p, v, strlen(v));
        }
        if (checkset && st->opt[SH_O_NOUNSET]) return unbound(x, name);
        return 0;
    }
    if (!sh_valid_name(name, strlen(name))) {
        const char *v = special_value(x, name, buf);
        if (v) {
            p->set = 1;
            return pv_push(x, p, v, strlen(v));
        }
        if (checkset && st->opt[SH_O_NOUNSET] && name[0] == '!') return unbound(x, name);
        return 0;
    }
    char *rsub = NULL;
    sh_var *v = sh_var_lookup_ref(st, name, &rsub);
    if (rsub) {
        /* a nameref to an element */
        const char *out = NULL;
        int r = v ? sh_var_get_elem(st, v, rsub, &out) : 0;
        sk_free(st->a, rsub);
        if (r) return x_fail(x, SH_CTL_ABORT);
        if (out) { p->set = 1; return pv_push(x, p, out, strlen(out)); }
        if (checkset && st->opt[SH_O_NOUNSET]) return unbound(x, name);
        return 0;
    }
    if (subw) {
        sk_buf sb = SK_BUF_INIT(st->a);
        int r = 0;
        if (subw->nparts == 1 && subw->parts[0].kind == SH_P_LIT && subw->parts[0].u.text.n == 1 &&
            (subw->parts[0].u.text.p[0] == '@' || subw->parts[0].u.text.p[0] == '*')) {
            p->list = 1;
            p->star = subw->parts[0].u.text.p[0] == '*';
            r = var_all_values(x, v, p);
            if (!r && !p->set && checkset && st->opt[SH_O_NOUNSET] && !v) {
                sk_buf_free(&sb);
                char nb[300];
                snprintf(nb, sizeof nb, "%s[%c]", name, p->star ? '*' : '@');
                return unbound(x, nb);
            }
            sk_buf_free(&sb);
            return r;
        }
        if (subscript_text(x, subw, &sb)) { sk_buf_free(&sb); return x_fail(x, SH_CTL_ABORT); }
        const char *sub = sk_buf_cstr(&sb);
        const char *out = NULL;
        if (v && v->kind != SH_VK_ASSOC) {
            size_t q = 0;
            while (sub[q] == ' ' || sub[q] == '\t') q++;
            if (!sub[q]) {
                sh_err(st, "%s[%s]: bad array subscript", name, sub);
                sk_buf_free(&sb);
                return x_fail(x, SH_CTL_ABORT);
            }
        }
        if (v) r = sh_var_get_elem(st, v, sub, &out);
        else {
            int64_t dummy;
            r = sh_arith_eval_str(st, sub, &dummy);
        }
        if (r) {
            sk_buf_free(&sb);
            if (r == SH_E_UNBOUND) { st->status = 127; return x_fail(x, SH_CTL_EXIT); }
            if (r == SH_E_BADSUB) return 0;   /* bash prints and expands to nothing */
            return x_fail(x, SH_CTL_ABORT);
        }
        if (out) {
            p->set = 1;
            r = pv_push(x, p, out, strlen(out));
        } else if (checkset && st->opt[SH_O_NOUNSET]) {
            char nb[300];
            snprintf(nb, sizeof nb, "%s[%s]", name, sub);
            sk_buf_free(&sb);
            return unbound(x, nb);
        }
        sk_buf_free(&sb);
        return r;
    }
    if (!sh_var_isset(v)) {
        if (checkset && st->opt[SH_O_NOUNSET]) return unbound(x, name);
        return 0;
    }
    size_t len;
    const char *val = sh_var_value(v, &len);
    if (!val) {
        if (checkset && st->opt[SH_O_NOUNSET]) return unbound(x, name);
        return 0;
    }
    p->set = 1;
    return pv_push(x, p, val, len);
}

/* ---- operand helpers ------------------------------------------------------------------ */

static int expand_operand_string(xc *x, const sh_word *w, sk_buf *out)
{
    if (!w) return 0;
    if (sh_expand_string(x->st, w, 0, out)) { x->err = 1; return -1; }
    return 0;
}

static int expand_operand_pattern(xc *x, const sh_word *w, sk_buf *out)
{
    if (!w) return 0;
    if (sh_expand_pattern(x->st, w, out)) { x->err = 1; return -1; }
    return 0;
}

/* Expand an operand word into the current context (for - + operands):
 * same quoting as the surrounding expansion. */
static int expand_operand_here(xc *x, const sh_word *w)
{
    if (!w) return 0;
    return part_list(x, w->parts, w->nparts);
}

/* ---- transforms ------------------------------------------------------------------------- */

int sh_quote(sk_buf *out, const char *s, size_t n, int style)
{
    int ctrl = 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 32 || s[i] == 127) { ctrl = 1; break; }
    if (ctrl && style != SH_Q_XTRACE) {
        /* $'...' */
        if (sk_buf_puts(out, "$'")) return -1;
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            const char *e = NULL;
            char tmp[8];
            switch (c) {
            case '\n': e = "\\n"; break;
            case '\t': e = "\\t"; break;
            case '\r': e = "\\r"; break;
            case '\a': e = "\\a"; break;
            case '\b': e = "\\b"; break;
            case '\f': e = "\\f"; break;
            case '\v': e = "\\v"; break;
            case 27: e = "\\E"; break;
            case '\'': e = "\\'"; break;
            case '\\': e = "\\\\"; break;
            default:
                if (c < 32 || c == 127) {
                    snprintf(tmp, sizeof tmp, "\\%03o", c);
                    e = tmp;
                }
            }
            if (e ? sk_buf_puts(out, e) : sk_buf_putc(out, c)) return -1;
        }
        return sk_buf_putc(out, '\'');
    }
    if (style == SH_Q_DECLARE) {
        if (sk_buf_putc(out, '"')) return -1;
        for (size_t i = 0; i < n; i++) {
            char c = s[i];
            if ((c == '"' || c == '\\' || c == '$' || c == '`') && sk_buf_putc(out, '\\')) return -1;
            if (sk_buf_putc(out, c)) return -1;
        }
        return sk_buf_putc(out, '"');
    }
    if (style == SH_Q_ATQ || style == SH_Q_XTRACE) {
        if (style == SH_Q_XTRACE) {
            int need = n == 0;
            for (size_t i = 0; i < n && !need; i++) {
                unsigned char c = (unsigned char)s[i];
                if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      strchr("_-./:=@%+,^", c) || c >= 0x80))
                    need = 1;
            }
            if (!need) return sk_buf_put(out, s, n);
        }
        if (sk_buf_putc(out, '\'')) return -1;
        for (size_t i = 0; i < n; i++) {
            if (s[i] == '\'') {
                if (sk_buf_puts(out, "'\\''")) return -1;
            } else if (sk_buf_putc(out, s[i])) {
                return -1;
            }
        }
        return sk_buf_putc(out, '\'');
    }
    /* printf %q: backslashes */
    if (n == 0) return sk_buf_puts(out, "''");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        int esc = !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    strchr("_-./:=@%+,^", c) || c >= 0x80);
        if (c == '~' && i > 0) esc = 0;
        if (esc && sk_buf_putc(out, '\\')) return -1;
        if (sk_buf_putc(out, c)) return -1;
    }
    return 0;
}

/* Backslash escapes as in $'...' (for ${x@E} and echo -e style). */
int sh_ansi_unescape(const char *s, size_t n, sk_buf *out, int echo_style, int *stop);

static uint32_t case_conv_cp(uint32_t c, int op);

static int apply_case(xc *x, const char *s, size_t n, int op, sh_pat *pat, sk_buf *out)
{
    /* op: SH_PO_UPPER_FIRST ... SH_PO_TOGGLE_ALL */
    int all = op == SH_PO_UPPER_ALL || op == SH_PO_LOWER_ALL || op == SH_PO_TOGGLE_ALL;
    size_t i = 0;
    int first = 1;
    while (i < n) {
        uint32_t cp;
        size_t cl = sh_utf8_decode(s + i, n - i, &cp);
        int conv = all || first;
        if (conv && pat) {
            int m = sh_pat_match(pat, s + i, cl);
            if (m < 0) return x_nomem(x);
            conv = m;
        }
        if (conv) {
            uint32_t nc = case_conv_cp(cp, op);
            char enc[4];
            size_t el = sh_utf8_encode(nc, enc);
            if (sk_buf_put(out, enc, el)) return x_nomem(x);
        } else if (sk_buf_put(out, s + i, cl)) {
            return x_nomem(x);
        }
        first = 0;
        i += cl;
    }
    return 0;
}

#include <utf8proc.h>

static uint32_t case_conv_cp(uint32_t c, int op)
{
    if (c >= 0xdc80 && c <= 0xdcff) return c;
    switch (op) {
    case SH_PO_UPPER_FIRST:
    case SH_PO_UPPER_ALL:
        return c < 128 ? (c >= 'a' && c <= 'z' ? c - 32 : c) : (uint32_t)utf8proc_toupper((utf8proc_int32_t)c);
    case SH_PO_LOWER_FIRST:
    case SH_PO_LOWER_ALL:
        return c < 128 ? (c >= 'A' && c <= 'Z' ? c + 32 : c) : (uint32_t)utf8proc_tolower((utf8proc_int32_t)c);
    default: {
        uint32_t u = c < 128 ? (c >= 'a' && c <= 'z' ? c - 32 : c) : (uint32_t)utf8proc_toupper((utf8proc_int32_t)c);
        if (u != c) return u;
        return c < 128 ? (c >= 'A' && c <= 'Z' ? c + 32 : c) : (uint32_t)utf8proc_tolower((utf8proc_int32_t)c);
    }
    }
}

static void attr_letters(const sh_var *v, char *buf)
{
    size_t k = 0;
    if (v->kind == SH_VK_ARR) buf[k++] = 'a';
    if (v->kind == SH_VK_ASSOC) buf[k++] = 'A';
    if (v->attr & SH_A_INTEGER) buf[k++] = 'i';
    if (v->attr & SH_A_LOWER) buf[k++] = 'l';
    if (v->attr & SH_A_NAMEREF) buf[k++] = 'n';
    if (v->attr & SH_A_READONLY) buf[k++] = 'r';
    if (v->attr & SH_A_TRACE) buf[k++] = 't';
    if (v->attr & SH_A_UPPER) buf[k++] = 'u';
    if (v->attr & SH_A_EXPORT) buf[k++] = 'x';
    buf[k] = 0;
}

int sh_prompt_expand(sh_state *st, const char *s, size_t n, sk_buf *out);

static int transform_one(xc *x, const sh_param *pm, const char *name, sh_var *var, const char *s, size_t n,
                         const char *key, sk_buf *out)
{
    switch (pm->transform) {
    case 'Q':
        return sh_quote(out, s, n, SH_Q_ATQ) ? x_nomem(x) : 0;
    case 'E': {
        int stop = 0;
        return sh_ansi_unescape(s, n, out, 0, &stop) ? x_nomem(x) : 0;
    }
    case 'P':
        return sh_prompt_expand(x->st, s, n, out) ? x_nomem(x) : 0;
    case 'U': return apply_case(x, s, n, SH_PO_UPPER_ALL, NULL, out);
    case 'L': return apply_case(x, s, n, SH_PO_LOWER_ALL, NULL, out);
    case 'u': return apply_case(x, s, n, SH_PO_UPPER_FIRST, NULL, out);
    case 'K':
    case 'k':
        if (key) {
            if (sk_buf_puts(out, key) || sk_buf_putc(out, ' ') || sh_quote(out, s, n, SH_Q_DECLARE))
                return x_nomem(x);
            return 0;
        }
        return sh_quote(out, s, n, SH_Q_ATQ) ? x_nomem(x) : 0;
    case 'A': {
        char at[16];
        if (var) attr_letters(var, at); else at[0] = 0;
        if (var && var->kind == SH_VK_ARR && !at[1] && at[0] == 'a') {
            /* declare -a a='v' for ${a@A} */
        }
        if (at[0]) {
            if (sk_buf_puts(out, "declare -") || sk_buf_puts(out, at) || sk_buf_putc(out, ' ')) return x_nomem(x);
        }
        if (sk_buf_puts(out, name) || sk_buf_putc(out, '=') || sh_quote(out, s, n, SH_Q_ATQ)) return x_nomem(x);
        return 0;
    }
    case 'a': {
        char at[16];
        if (var) attr_letters(var, at); else at[0] = 0;
        return sk_buf_puts(out, at) ? x_nomem(x) : 0;
    }
    }
    return 0;
}

/* ---- the ${...} operators ------------------------------------------------------------------ */

/* Is the value "null" for the : forms? */
static int pv_null(const pval *p, int colon)
{
    if (!p->set) return 1;
    if (!colon) return 0;
    if (p->list) return p->v.n == 0 || (p->v.n == 1 && !p->v.v[0][0]);
    return p->v.n == 0 || p->v.v[0][0] == 0;
}

/* Emit values into the field builder. */
static int emit_values(xc *x, pval *p)
{
    if (!p->list) {
        if (!p->v.n) return 0;
        const char *s = p->v.v[0];
        return x->quoted ? x_add(x, s, strlen(s), 1) : x_add_split(x, s, strlen(s));
    }
    if (x->quoted) {
        if (p->star || x->mode != XM_LIST) {
            /* "$*": join with IFS[0]; in string contexts "$@" joins with spaces */
            ifs_init(x);
            char sep = p->star ? x->ifs0 : ' ';
            int has_sep = p->star ? !x->ifs_empty : 1;
            for (size_t i = 0; i < p->v.n; i++) {
                if (i && has_sep && x_add(x, &sep, 1, 1)) return -1;
                if (x_add(x, p->v.v[i], strlen(p->v.v[i]), 1)) return -1;
            }
            if (p->v.n) x->dq_counted = 1;
            return 0;
        }
        /* "$@": one field per element */
        for (size_t i = 0; i < p->v.n; i++) {
            if (i) {
                x->f.keep = 1;
                if (x_end_field(x)) return -1;
            }
            if (x_add(x, p->v.v[i], strlen(p->v.v[i]), 1)) return -1;
            x->f.keep = 1;
        }
        if (p->v.n) x->dq_counted = 1;
        return 0;
    }
    if (x->mode != XM_LIST) {
        /* unquoted $@ / $* in a string context: joined with a space (or IFS[0] for $*) */
        ifs_init(x);
        for (size_t i = 0; i < p->v.n; i++) {
            if (i) {
                char sep = ' ';
                if (p->star && !x->ifs_empty) sep = x->ifs0;
                if (!(p->star && x->ifs_empty) && x_add(x, &sep, 1, 0)) return -1;
            }
            if (x_add(x, p->v.v[i], strlen(p->v.v[i]), 0)) return -1;
        }
        return 0;
    }
    /* unquoted $@ / $*: every element split; elements are separate fields */
    for (size_t i = 0; i < p->v.n; i++) {
        if (i && (x->f.lit.len || x->f.keep)) {
            if (x_end_field(x)) return -1;
        }
        ifs_init(x);
        if (x->ifs_empty) {
            if (x_add(x, p->v.v[i], strlen(p->v.v[i]), 0)) return -1;
        } else if (x_add_split(x, p->v.v[i], strlen(p->v.v[i]))) {
            return -1;
        }
    }
    return 0;
}

static int bad_subst(xc *x, const sh_param *pm)
{
    sh_err(x->st, "%.*s: bad substitution", (int)pm->raw.n, pm->raw.p);
    return x_fail(x, SH_CTL_ABORT);
}

/* Offsets for ${x:off:len} on a sequence of `total` units. */
static int substr_range(xc *x, const sh_param *pm, int64_t total, int64_t *start, int64_t *count, int is_list_params)
{
    int64_t off = 0, len = 0;
    if (sh_expand_arith(x->st, pm->word, NULL, &off)) { x->err = 1; return -1; }
    int has_len = pm->word2 != NULL;
    if (has_len && sh_expand_arith(x->st, pm->word2, NULL, &len)) { x->err = 1; return -1; }
    (void)is_list_params;
    if (off < 0) {
        off += total;
        if (off < 0) { *start = 0; *count = -1; return 0; }   /* out of range: nothing */
    }
    if (off > total) { *start = total; *count = 0; return 0; }
    if (!has_len) len = total - off;
    else if (len < 0) {
        len = total + len - off;
        if (len < 0) {
            sh_err(x->st, "%.*s: substring expression < 0", (int)pm->word2->raw.n, pm->word2->raw.p);
            return x_fail(x, SH_CTL_ABORT);
        }
    }
    if (off + len > total) len = total - off;
    *start = off;
    *count = len;
    return 0;
}

/* Byte offset of character index k in s (UTF-8). */
static size_t char_off(const char *s, size_t n, int64_t k)
{
    size_t i = 0;
    while (k > 0 && i < n) {
        uint32_t cp;
        i += sh_utf8_decode(s + i, n - i, &cp);
        k--;
    }
    return i;
}

static int do_param(xc *x, const sh_param *pm)
{
    sh_state *st = x->st;
    pval p;
    pv_init(&p, st->a);
    int r = 0;
    const char *name = pm->name.p;
    const sh_word *subw = pm->subscript;
    char *indname = NULL;
    sh_var *var = NULL;

    if (pm->op == SH_PO_BAD) return bad_subst(x, pm);

    if (pm->op == SH_PO_NAMES) {
        /* ${!prefix*} ${!prefix@} */
        size_t pl = strlen(name);
        sh_strvec names = { NULL, 0, 0, st->a };
        /* collect visible variable names with the prefix */
        for (int l = st->nscopes - 1; l >= 0; l--) {
            sh_vtab *t = st->scopes[l];
            for (uint32_t i = 0; i < t->cap; i++) {
                sh_var *v = t->slots[i];
                if (!v || v == SH_TOMB) continue;
                if ((v->attr & SH_A_INVISIBLE) && v->kind == SH_VK_STR) continue;
                if (strncmp(v->name, name, pl)) continue;
                int dup = 0;
                for (size_t k = 0; k < names.n && !dup; k++)
                    if (!strcmp(names.v[k], v->name)) dup = 1;
                if (!dup && sh_strvec_pushdup(&names, v->name, v->namelen)) return x_nomem(x);
            }
        }
        /* sort */
        for (size_t i = 1; i < names.n; i++) {
            char *k = names.v[i];
            size_t j = i;
            while (j > 0 && strcmp(names.v[j - 1], k) > 0) { names.v[j] = names.v[j - 1]; j--; }
            names.v[j] = k;
        }
        p.list = 1;
        p.star = pm->transform == '*';
        p.set = 1;
        p.v = names;
        r = emit_values(x, &p);
        pv_free(&p);
        return r;
    }

    int keys = 0;
    if (pm->flags & SH_PPF_INDIRECT) {
        int is_keys = subw && subw->nparts == 1 && subw->parts[0].kind == SH_P_LIT &&
                      subw->parts[0].u.text.n == 1 && (subw->parts[0].u.text.p[0] == '@' || subw->parts[0].u.text.p[0] == '*');
        if (is_keys && pm->op == SH_PO_NONE) {
            keys = 1;
        } else if (is_keys || pm->op != SH_PO_LENGTH) {
            /* ${!x}: the value of x names the parameter */
            pval ip;
            pv_init(&ip, st->a);
            sh_var *nv = sh_valid_name(name, strlen(name)) ? sh_var_lookup_noref(st, name) : NULL;
            if (nv && (nv->attr & SH_A_NAMEREF) && !subw) {
                /* ${!ref} on a nameref: the name it refers to */
                const char *t = nv->v.s.p ? nv->v.s.p : "";
                p.set = 1;
                r = pv_push(x, &p, t, strlen(t));
                goto have_base;
            }
            if (param_base(x, pm, name, subw, &ip, 1)) { pv_free(&ip); return -1; }
            if (!ip.set || !ip.v.n) {
                pv_free(&ip);
                if (st->opt[SH_O_NOUNSET]) return unbound(x, name);
                if (pm->op == SH_PO_NONE) {
                    sh_err(st, "%s: invalid indirect expansion", name);
                    return x_fail(x, SH_CTL_ABORT);
                }
                goto have_base;
            }
            indname = sk_strdup(st->a, ip.list ? ip.v.v[0] : ip.v.v[0]);
            if (ip.list && ip.v.n > 1) {
                /* ${!@}: join */
                sk_buf jb = SK_BUF_INIT(st->a);
                for (size_t i = 0; i < ip.v.n; i++) {
                    if (i) sk_buf_putc(&jb, ' ');
                    sk_buf_puts(&jb, ip.v.v[i]);
                }
                sk_free(st->a, indname);
                indname = sk_buf_take(&jb, NULL);
            }
            pv_free(&ip);
            if (!indname) return x_nomem(x);
            /* the indirect name may carry a subscript */
            char *lb = strchr(indname, '[');
            size_t il = strlen(indname);
            if (lb && il > 0 && indname[il - 1] == ']') {
                *lb = 0;
                indname[il - 1] = 0;
                const char *sub = lb + 1;
                if (!sh_valid_name(indname, strlen(indname))) goto bad_ind;
                sh_var *tv = sh_var_lookup(st, indname);
                var = tv;
                if (!strcmp(sub, "@") || !strcmp(sub, "*")) {
                    p.list = 1;
                    p.star = sub[0] == '*';
                    if (var_all_values(x, tv, &p)) goto fail;
                } else {
                    const char *out = NULL;
                    if (tv && sh_var_get_elem(st, tv, sub, &out)) { r = x_fail(x, SH_CTL_ABORT); goto done; }
                    if (out) { p.set = 1; if (pv_push(x, &p, out, strlen(out))) goto fail; }
                }
                name = indname;
                goto have_base;
            }
            if (!sh_valid_name(indname, strlen(indname)) && !is_digits(indname) &&
                !(indname[1] == 0 && strchr("@*#?-$!0", indname[0]))) {
            bad_ind:
                sh_err(st, "%s: invalid variable name", indname);
                r = x_fail(x, SH_CTL_ABORT);
                goto done;
            }
            name = indname;
            subw = NULL;
        }
    }

    if (keys) {
        sh_var *v = sh_var_lookup(st, name);
        p.list = 1;
        p.star = subw->parts[0].u.text.p[0] == '*';
        if (v && !(v->attr & SH_A_INVISIBLE)) {
            p.set = 1;
            if (sh_var_keys(st, v, &p.v)) { r = x_nomem(x); goto done; }
        }
        r = emit_values(x, &p);
        goto done;
    }

    /* LENGTH */
    if (pm->op == SH_PO_LENGTH) {
        char nb[24];
        if (!strcmp(name, "@") || !strcmp(name, "*") || !strcmp(name, "#")) {
            if (!strcmp(name, "#") && !subw) {
                /* ${##}: length of $# */
                char t[24];
                sh_fmt_int(t, sh_params_cur(st)->n);
                sh_fmt_int(nb, (int64_t)strlen(t));
            } else {
                sh_fmt_int(nb, sh_params_cur(st)->n);
            }
            r = x->quoted ? x_add(x, nb, strlen(nb), 1) : x_add_split(x, nb, strlen(nb));
            goto done;
        }
        if (param_base(x, pm, name, subw, &p, 1)) goto fail;
        int64_t len = 0;
        if (p.list) len = (int64_t)p.v.n;
        else if (p.v.n) len = (int64_t)sh_utf8_len(p.v.v[0], strlen(p.v.v[0]));
        sh_fmt_int(nb, len);
        r = x->quoted ? x_add(x, nb, strlen(nb), 1) : x_add_split(x, nb, strlen(nb));
        goto done;
    }

    {
        int checkset = pm->op != SH_PO_DEFAULT && pm->op != SH_PO_ASSIGN && pm->op != SH_PO_ERROR &&
                       pm->op != SH_PO_ALT;
        /* $@ and $* are exempt from set -u */
        if (!strcmp(name, "@") || !strcmp(name, "*")) checkset = 0;
        if (param_base(x, pm, name, subw, &p, checkset)) goto fail;
    }
have_base:
    if (!var && sh_valid_name(name, strlen(name))) var = sh_var_lookup(st, name);

    switch (pm->op) {
    case SH_PO_NONE:
        r = emit_values(x, &p);
        break;

    case SH_PO_DEFAULT:
    case SH_PO_ALT: {
        int null = pv_null(&p, pm->flags & SH_PPF_COLON);
        int use_word = pm->op == SH_PO_DEFAULT ? null : !null;
        if (use_word) {
            int save_counted = x->dq_counted;
            r = expand_operand_here(x, pm->word);
            if (x->quoted) x->dq_counted = save_counted | 1;
        } else if (pm->op == SH_PO_DEFAULT) {
            r = emit_values(x, &p);
        }
        break;
    }

    case SH_PO_ASSIGN: {
        if (pv_null(&p, pm->flags & SH_PPF_COLON)) {
            if (!sh_valid_name(name, strlen(name))) {
                sh_err(st, "$%s: cannot assign in this way", name);
                r = x_fail(x, SH_CTL_ABORT);
                break;
            }
            sk_buf b = SK_BUF_INIT(st->a);
            if (expand_operand_string(x, pm->word, &b)) { sk_buf_free(&b); r = -1; break; }
            int sr;
            if (subw) {
                sk_buf sb = SK_BUF_INIT(st->a);
                sr = subscript_text(x, subw, &sb) ? SH_E_FAIL
                                                  : sh_var_set_elem(st, name, sk_buf_cstr(&sb), sk_buf_cstr(&b), b.len, 0);
                sk_buf_free(&sb);
            } else {
                sr = sh_var_set(st, name, sk_buf_cstr(&b), b.len, 0);
            }
            if (sr) { sk_buf_free(&b); r = x_fail(x, SH_CTL_ABORT); break; }
            /* the value as assigned (attributes applied) */
            pv_free(&p);
            pv_init(&p, st->a);
            if (param_base(x, pm, name, subw, &p, 0)) { sk_buf_free(&b); r = -1; break; }
            sk_buf_free(&b);
        }
        r = emit_values(x, &p);
        break;
    }

    case SH_PO_ERROR: {
        if (pv_null(&p, pm->flags & SH_PPF_COLON)) {
            sk_buf b = SK_BUF_INIT(st->a);
            char full[300];
            if (subw) snprintf(full, sizeof full, "%s[%.*s]", name, (int)subw->raw.n, subw->raw.p);
            else snprintf(full, sizeof full, "%s", name);
            if (pm->word && pm->word->nparts) {
                if (expand_operand_string(x, pm->word, &b)) { sk_buf_free(&b); r = -1; break; }
                sh_err(st, "%s: %s", full, sk_buf_cstr(&b));
            } else {
                sh_err(st, "%s: %s", full, (pm->flags & SH_PPF_COLON) ? "parameter null or not set" : "parameter not set");
            }
            sk_buf_free(&b);
            st->status = 127;
            st->fatal_err = 1;
            r = x_fail(x, SH_CTL_EXIT);
            break;
        }
        r = emit_values(x, &p);
        break;
    }

    case SH_PO_TRIM_PREFIX:
    case SH_PO_TRIM_PREFIX_LONG:
    case SH_PO_TRIM_SUFFIX:
    case SH_PO_TRIM_SUFFIX_LONG: {
        sk_buf pb = SK_BUF_INIT(st->a);
        if (expand_operand_pattern(x, pm->word, &pb)) { sk_buf_free(&pb); r = -1; break; }
        sh_pat *pat = sh_pat_compile(st->a, pb.p ? pb.p : "", pb.len, SH_PAT_EXTGLOB, &st->sh->abort);
        sk_buf_free(&pb);
        if (!pat) { r = x_nomem(x); break; }
        int longest = pm->op == SH_PO_TRIM_PREFIX_LONG || pm->op == SH_PO_TRIM_SUFFIX_LONG;
        int prefix = pm->op == SH_PO_TRIM_PREFIX || pm->op == SH_PO_TRIM_PREFIX_LONG;
        for (size_t i = 0; i < p.v.n && !r; i++) {
            char *s = p.v.v[i];
            size_t n = strlen(s), k;
            int m = prefix ? sh_pat_prefix(pat, s, n, longest, &k) : sh_pat_suffix(pat, s, n, longest, &k);
            if (m < 0) { r = m == SH_PAT_EABORT ? x_fail(x, SH_CTL_ABORT) : x_nomem(x); break; }
            if (m == 1) {
                if (prefix) memmove(s, s + k, n - k + 1);
                else s[k] = 0;
            }
        }
        sh_pat_free(pat);
        if (!r) r = emit_values(x, &p);
        break;
    }

    case SH_PO_REPLACE:
    case SH_PO_REPLACE_ALL:
    case SH_PO_REPLACE_PREFIX:
    case SH_PO_REPLACE_SUFFIX: {
        sk_buf pb = SK_BUF_INIT(st->a), rb = SK_BUF_INIT(st->a);
        if (expand_operand_pattern(x, pm->word, &pb)) { sk_buf_free(&pb); r = -1; break; }
        int amp = st->shopt[SH_S_PATSUB_REPLACEMENT];
        if (pm->word2) {
            int rr = amp ? sh_expand_pattern(st, pm->word2, &rb) : sh_expand_string(st, pm->word2, 0, &rb);
            if (rr) { sk_buf_free(&pb); sk_buf_free(&rb); x->err = 1; r = -1; break; }
            if (amp) {
                /* the pattern form escapes quoted characters; in the
                 * replacement only \& and \\ matter: drop other escapes */
                size_t j = 0;
                for (size_t i = 0; i < rb.len; i++) {
                    if (rb.p[i] == '\\' && i + 1 < rb.len && rb.p[i + 1] != '&' && rb.p[i + 1] != '\\') continue;
                    if (rb.p[i] == '\\' && i + 1 < rb.len) { rb.p[j++] = rb.p[i++]; }
                    rb.p[j++] = rb.p[i];
                }
                rb.len = j;
            }
        }
        if (pb.len == 0 && pm->op != SH_PO_REPLACE_PREFIX && pm->op != SH_PO_REPLACE_SUFFIX) {
            sk_buf_free(&pb);
            sk_buf_free(&rb);
            r = emit_values(x, &p);
            break;
        }
        int flags = SH_PAT_EXTGLOB;
        if (st->shopt[SH_S_NOCASEMATCH]) flags |= SH_PAT_NOCASE;
        sh_pat *pat = sh_pat_compile(st->a, pb.p ? pb.p : "", pb.len, flags, &st->sh->abort);
        sk_buf_free(&pb);
        if (!pat) { sk_buf_free(&rb); r = x_nomem(x); break; }
        int mode = pm->op == SH_PO_REPLACE ? SH_REP_FIRST : pm->op == SH_PO_REPLACE_ALL ? SH_REP_ALL
                   : pm->op == SH_PO_REPLACE_PREFIX ? SH_REP_PREFIX : SH_REP_SUFFIX;
        for (size_t i = 0; i < p.v.n && !r; i++) {
            sk_buf ob = SK_BUF_INIT(st->a);
            int m = sh_pat_replace(pat, p.v.v[i], strlen(p.v.v[i]), rb.p ? rb.p : "", rb.len, amp, mode, &ob);
            if (m < 0) { sk_buf_free(&ob); r = m == SH_PAT_EABORT ? x_fail(x, SH_CTL_ABORT) : x_nomem(x); break; }
            char *ns = sk_buf_take(&ob, NULL);
            if (!ns) { r = x_nomem(x); break; }
            sk_free(st->a, p.v.v[i]);
            p.v.v[i] = ns;
        }
        sh_pat_free(pat);
        sk_buf_free(&rb);
        if (!r) r = emit_values(x, &p);
        break;
    }

    case SH_PO_SUBSTR: {
        if (p.list) {
            int64_t total = (int64_t)p.v.n, start, count;
            int params = !strcmp(name, "@") || !strcmp(name, "*");
            if (params) {
                /* ${@:0} includes $0 */
                int64_t off = 0;
                if (sh_expand_arith(st, pm->word, NULL, &off)) { x->err = 1; r = -1; break; }
                if (off == 0 || (off < 0 && -off > total)) {
                    if (off == 0) {
                        /* prepend $0 */
                        char *z = sk_strdup(st->a, st->arg0);
                        if (!z || sh_strvec_push(&p.v, z)) { r = x_nomem(x); break; }
                        memmove(p.v.v + 1, p.v.v, (p.v.n - 1) * sizeof *p.v.v);
                        p.v.v[0] = z;
                        total++;
                    }
                } else if (off > 0) {
                    /* offsets count from $1 */
                    char *z = sk_strdup(st->a, st->arg0);
                    if (!z || sh_strvec_push(&p.v, z)) { r = x_nomem(x); break; }
                    memmove(p.v.v + 1, p.v.v, (p.v.n - 1) * sizeof *p.v.v);
                    p.v.v[0] = z;
                    total++;
                }
            }
            if (substr_range(x, pm, total, &start, &count, params)) { r = -1; break; }
            if (params && count < 0) count = 0;
            if (count < 0) count = 0;
            /* for indexed arrays the offset is an index, not a position */
            if (!params && var && var->kind == SH_VK_ARR && !(pm->flags & SH_PPF_INDIRECT) && p.v.n) {
                int64_t off = 0, len = 0;
                if (sh_expand_arith(st, pm->word, NULL, &off)) { x->err = 1; r = -1; break; }
                if (pm->word2 && sh_expand_arith(st, pm->word2, NULL, &len)) { x->err = 1; r = -1; break; }
                sh_arr *a = var->v.a;
                size_t first;
                if (off < 0) {
                    int64_t maxi = sh_arr_max(a);
                    off = maxi + 1 + off;
                    if (off < 0) { count = 0; start = 0; goto slice; }
                }
                first = sh_arr_lower(a, off);
                start = (int64_t)first;
                if (!pm->word2) count = (int64_t)a->n - start;
                else if (len < 0) {
                    sh_err(st, "%.*s: substring expression < 0", (int)pm->word2->raw.n, pm->word2->raw.p);
                    r = x_fail(x, SH_CTL_ABORT);
                    break;
                } else count = len;
                if (start + count > (int64_t)a->n) count = (int64_t)a->n - start;
            }
        slice:
            for (int64_t i = 0; i < (int64_t)p.v.n; i++)
                if (i < start || i >= start + count) { sk_free(st->a, p.v.v[i]); p.v.v[i] = NULL; }
            size_t k = 0;
            for (size_t i = 0; i < p.v.n; i++)
                if (p.v.v[i]) p.v.v[k++] = p.v.v[i];
            p.v.n = k;
            r = emit_values(x, &p);
            break;
        }
        if (!p.v.n) { r = 0; if (substr_range(x, pm, 0, &(int64_t){0}, &(int64_t){0}, 0)) r = -1; break; }
        char *s = p.v.v[0];
        size_t n = strlen(s);
        int64_t total = (int64_t)sh_utf8_len(s, n), start, count;
        if (substr_range(x, pm, total, &start, &count, 0)) { r = -1; break; }
        if (count < 0) count = 0;
        size_t b0 = char_off(s, n, start), b1 = b0 + char_off(s + b0, n - b0, count);
        memmove(s, s + b0, b1 - b0);
        s[b1 - b0] = 0;
        r = emit_values(x, &p);
        break;
    }

    case SH_PO_UPPER_FIRST:
    case SH_PO_UPPER_ALL:
    case SH_PO_LOWER_FIRST:
    case SH_PO_LOWER_ALL:
    case SH_PO_TOGGLE_FIRST:
    case SH_PO_TOGGLE_ALL: {
        sh_pat *pat = NULL;
        if (pm->word && pm->word->nparts) {
            sk_buf pb = SK_BUF_INIT(st->a);
            if (expand_operand_pattern(x, pm->word, &pb)) { sk_buf_free(&pb); r = -1; break; }
            pat = sh_pat_compile(st->a, pb.p ? pb.p : "", pb.len, SH_PAT_EXTGLOB, &st->sh->abort);
            sk_buf_free(&pb);
            if (!pat) { r = x_nomem(x); break; }
        }
        for (size_t i = 0; i < p.v.n && !r; i++) {
            sk_buf ob = SK_BUF_INIT(st->a);
            r = apply_case(x, p.v.v[i], strlen(p.v.v[i]), pm->op, pat, &ob);
            char *ns = sk_buf_take(&ob, NULL);
            if (!ns) { r = x_nomem(x); break; }
            sk_free(st->a, p.v.v[i]);
            p.v.v[i] = ns;
        }
        sh_pat_free(pat);
        if (!r) r = emit_values(x, &p);
        break;
    }

    case SH_PO_TRANSFORM: {
        char t = pm->transform;
        if (!strchr("QEPAKaUuLk", t)) { r = bad_subst(x, pm); break; }
        if ((t == 'K' || t == 'k') && p.list && var && (var->kind == SH_VK_ARR || var->kind == SH_VK_ASSOC)) {
            sh_strvec ks = { NULL, 0, 0, st->a };
            if (sh_var_keys(st, var, &ks)) { r = x_nomem(x); break; }
            pval q;
            pv_init(&q, st->a);
            q.list = 1;
            q.star = p.star;
            q.set = 1;
            if (t == 'K') {
                /* one word: key "value" pairs (assoc: each followed by a space) */
                sk_buf ob = SK_BUF_INIT(st->a);
                for (size_t i = 0; i < ks.n && i < p.v.n; i++) {
                    if (i && var->kind == SH_VK_ARR) sk_buf_putc(&ob, ' ');
                    sk_buf_puts(&ob, ks.v[i]);
                    sk_buf_putc(&ob, ' ');
                    sh_quote(&ob, p.v.v[i], strlen(p.v.v[i]), SH_Q_DECLARE);
                    if (var->kind == SH_VK_ASSOC) sk_buf_putc(&ob, ' ');
                }
                char *ns = sk_buf_take(&ob, NULL);
                if (!ns || sh_strvec_push(&q.v, ns)) r = x_nomem(x);
                q.list = 0;
            }
            for (size_t i = 0; t == 'k' && i < ks.n && i < p.v.n && !r; i++) {
                sk_buf ob = SK_BUF_INIT(st->a);
                {
                    char *ks2 = sk_strdup(st->a, ks.v[i]);
                    if (!ks2 || sh_strvec_push(&q.v, ks2)) r = x_nomem(x);
                    char *vs = sk_strdup(st->a, p.v.v[i]);
                    if (!vs || sh_strvec_push(&q.v, vs)) r = x_nomem(x);
                    sk_buf_free(&ob);
                }
            }
            sh_strvec_free(&ks, 1);
            if (!r) r = emit_values(x, &q);
            pv_free(&q);
            break;
        }
        if (t == 'A' && p.list && var && (var->kind == SH_VK_ARR || var->kind == SH_VK_ASSOC)) {
            /* ${a[@]@A}: the declare command for the whole array */
            sk_buf ob = SK_BUF_INIT(st->a);
            char at[16];
            attr_letters(var, at);
            sk_buf_printf(&ob, "declare -%s %s=(", at, var->name);
            sh_strvec ks = { NULL, 0, 0, st->a };
            sh_var_keys(st, var, &ks);
            for (size_t i = 0; i < ks.n && i < p.v.n; i++) {
                sk_buf_printf(&ob, "[%s]=", ks.v[i]);
                sh_quote(&ob, p.v.v[i], strlen(p.v.v[i]), SH_Q_DECLARE);
                if (var->kind == SH_VK_ASSOC || i + 1 < ks.n) sk_buf_putc(&ob, ' ');
            }
            sk_buf_putc(&ob, ')');
            sh_strvec_free(&ks, 1);
            pval q;
            pv_init(&q, st->a);
            q.set = 1;
            char *ns = sk_buf_take(&ob, NULL);
            if (!ns || sh_strvec_push(&q.v, ns)) r = x_nomem(x);
            if (!r) r = emit_values(x, &q);
            pv_free(&q);
            break;
        }
        if (t == 'a' && !p.set && var) {
            char at[16];
            attr_letters(var, at);
            r = x->quoted ? x_add(x, at, strlen(at), 1) : x_add_split(x, at, strlen(at));
            break;
        }
        if (!p.set) break;
        for (size_t i = 0; i < p.v.n && !r; i++) {
            sk_buf ob = SK_BUF_INIT(st->a);
            r = transform_one(x, pm, var ? var->name : name, var, p.v.v[i], strlen(p.v.v[i]), NULL, &ob);
            char *ns = sk_buf_take(&ob, NULL);
            if (!ns) { r = x_nomem(x); break; }
            sk_free(st->a, p.v.v[i]);
            p.v.v[i] = ns;
        }
        if (!r) r = emit_values(x, &p);
        break;
    }

    default:
        r = bad_subst(x, pm);
        break;
    }
done:
    pv_free(&p);
    sk_free(st->a, indname);
    return r ? -1 : 0;
fail:
    pv_free(&p);
    sk_free(st->a, indname);
    return -1;
}

/* ---- parts ---------------------------------------------------------------------------- */

static int do_cmdsub(xc *x, const sh_part *pt)
{
    sh_state *st = x->st;
    const sh_subst *sub = pt->u.sub;
    if (sub->err) {
        sh_err_noline(st, "command substitution: line %d: %s", sub->err_line, sub->err);
        if (sub->err_text) sh_err_noline(st, "command substitution: line %d: %s", sub->err_line, sub->err_text);
        st->cmdsub_status = 2;
        return 0;
    }
    sk_buf out = SK_BUF_INIT(st->a);
    int r = sh_command_subst(st, sub->body, sub->line, &out);
    if (r < 0) { sk_buf_free(&out); x->err = 1; return -1; }
    int rr = x->quoted ? x_add(x, out.p ? out.p : "", out.len, 1) : x_add_split(x, out.p ? out.p : "", out.len);
    sk_buf_free(&out);
    return rr;
}

int sh_procsub(sh_state *st, const sh_subst *sub, int out_dir, sk_buf *path);

static int do_part(xc *x, const sh_part *pt)
{
    sh_state *st = x->st;
    if (x->err || st->ctl || st->sh->abort) return -1;
    switch (pt->kind) {
    case SH_P_LIT:
        return x_add(x, pt->u.text.p, pt->u.text.n, x->quoted);
    case SH_P_SQ:
    case SH_P_ESC:
    case SH_P_ANSI:
        x->f.keep = 1;
        if (x->quoted) x->dq_counted = 1;
        return x_add(x, pt->u.text.p, pt->u.text.n, 1);
    case SH_P_DQ: {
        int save_q = x->quoted, save_c = x->dq_counted;
        x->quoted = 1;
        x->dq_counted = 0;
        int r = part_list(x, pt->u.list.parts, pt->u.list.n);
        /* "" and "text" keep the field; "$@" with no elements does not */
        int only_at = pt->u.list.n > 0;
        for (uint32_t i = 0; i < pt->u.list.n && only_at; i++) {
            const sh_part *q = &pt->u.list.parts[i];
            if (q->kind != SH_P_PARAM) { only_at = 0; break; }
            const sh_param *pm = q->u.param;
            int at = (!strcmp(pm->name.p, "@") && !pm->subscript) ||
                     (pm->subscript && pm->subscript->nparts == 1 && pm->subscript->parts[0].kind == SH_P_LIT &&
                      pm->subscript->parts[0].u.text.n == 1 && pm->subscript->parts[0].u.text.p[0] == '@') ||
                     (pm->op == SH_PO_NAMES && pm->transform == '@');
            if (!at) only_at = 0;
        }
        if (!only_at || x->dq_counted) x->f.keep = 1;
        x->quoted = save_q;
        x->dq_counted = save_c || x->dq_counted;
        return r;
    }
    case SH_P_TILDE: {
        sk_buf tmp = SK_BUF_INIT(st->a);
        const char *h = sh_tilde(st, pt->u.text.p, pt->u.text.n, &tmp);
        int r;
        if (h) {
            x->f.keep = 1;
            r = x_add(x, h, strlen(h), 1);
        } else {
            r = x_add(x, "~", 1, 1);
            if (!r) r = x_add(x, pt->u.text.p, pt->u.text.n, 1);
        }
        sk_buf_free(&tmp);
        return r;
    }
    case SH_P_PARAM:
        return do_param(x, pt->u.param);
    case SH_P_CMDSUB:
        return do_cmdsub(x, pt);
    case SH_P_ARITH: {
        int64_t v;
        if (sh_expand_arith(st, pt->u.word, NULL, &v)) { x->err = 1; return -1; }
        char b[24];
        size_t n = sh_fmt_int(b, v);
        return x->quoted ? x_add(x, b, n, 1) : x_add_split(x, b, n);
    }
    case SH_P_PROCSUB: {
        sk_buf path = SK_BUF_INIT(st->a);
        if (sh_procsub(st, pt->u.sub, (pt->flags & SH_PF_OUT) != 0, &path)) {
            sk_buf_free(&path);
            x->err = 1;
            return -1;
        }
        int r = x_add(x, path.p, path.len, 1);
        sk_buf_free(&path);
        return r;
    }
    case SH_P_EXTGLOB: {
        char op[2] = { pt->op, '(' };
        if (x_add(x, op, 2, 0)) return -1;
        if (x->mode == XM_LIST) x->f.glob = 1;
        if (part_list(x, pt->u.list.parts, pt->u.list.n)) return -1;
        return x_add(x, ")", 1, 0);
    }
    }
    return 0;
}

static int part_list(xc *x, const sh_part *parts, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (do_part(x, &parts[i])) return -1;
    return 0;
}

/* ---- public entry points ---------------------------------------------------------------- */

static void xc_init(xc *x, sh_state *st, int mode, sh_strvec *out)
{
    memset(x, 0, sizeof *x);
    x->st = st;
    x->mode = mode;
    x->out = out;
    sk_buf_init(&x->f.lit, st->a);
    sk_buf_init(&x->f.pat, st->a);
}

static void xc_free(xc *x)
{
    sk_buf_free(&x->f.lit);
    sk_buf_free(&x->f.pat);
}

/* Expand a word (already brace-expanded) into fields. */
static int expand_one(xc *x, const sh_part *parts, uint32_t n)
{
    x->f.keep = 0;
    x->just_ended = 0;
    if (part_list(x, parts, n)) return -1;
    return x_end_field(x);
}

/* Brace expansion over the word's parts: the text atoms are LIT parts at
 * the top level; everything else is an opaque item. */
static int expand_braced(xc *x, const sh_word *w)
{
    sh_state *st = x->st;
    sh_batom small[32];
    sh_batom *at = w->nparts <= 32 ? small : sk_malloc(st->a, w->nparts * sizeof *at);
    if (!at) return x_nomem(x);
    for (uint32_t i = 0; i < w->nparts; i++) {
        const sh_part *p = &w->parts[i];
        if (p->kind == SH_P_LIT) {
            at[i].p = p->u.text.p;
            at[i].n = p->u.text.n;
            at[i].item = -1;
        } else {
            at[i].p = NULL;
            at[i].n = 0;
            at[i].item = (int)i;
        }
    }
    int r = 0;
    if (!sh_brace_candidate(at, w->nparts)) {
        r = expand_one(x, w->parts, w->nparts);
    } else {
        sh_bresult br;
        int br_r = sh_brace_expand(st->a, at, w->nparts, st->sh->lim.max_brace_expansions, &br);
        if (br_r == SH_BRACE_LIMIT) {
            sk_shell_limit(st->sh, "max_brace_expansions", st->sh->lim.max_brace_expansions);
            r = x->err = -1;
        } else if (br_r) {
            r = x_nomem(x);
        } else {
            for (size_t k = 0; k < br.n && !r; k++) {
                /* rebuild parts for this word */
                sh_part tmp[64];
                sh_part *pp = br.w[k].n <= 64 ? tmp : sk_malloc(st->a, br.w[k].n * sizeof *pp);
                if (!pp) { r = x_nomem(x); break; }
                for (size_t j = 0; j < br.w[k].n; j++) {
                    const sh_batom *a = &br.w[k].a[j];
                    if (a->item >= 0) {
                        pp[j] = w->parts[a->item];
                    } else {
                        memset(&pp[j], 0, sizeof pp[j]);
                        pp[j].kind = SH_P_LIT;
                        pp[j].u.text.p = a->p;
                        pp[j].u.text.n = a->n;
                    }
                }
                /* a brace-produced word starting with ~ gets tilde expansion */
                if (br.w[k].n && pp[0].kind == SH_P_LIT && pp[0].u.text.n && pp[0].u.text.p[0] == '~') {
                    const char *t = pp[0].u.text.p;
                    size_t tn = pp[0].u.text.n, e = 1;
                    while (e < tn && t[e] != '/') e++;
                    if (e == tn && br.w[k].n > 1) {
                        /* prefix continues into other parts: leave literal */
                    } else {
                        sk_buf tb = SK_BUF_INIT(st->a);
                        const char *h = sh_tilde(st, t + 1, e - 1, &tb);
                        if (h) {
                            x->f.keep = 1;
                            if (x_add(x, h, strlen(h), 1)) { sk_buf_free(&tb); r = -1; break; }
                            pp[0].u.text.p += e;
                            pp[0].u.text.n -= e;
                        }
                        sk_buf_free(&tb);
                    }
                }
                x->just_ended = 0;
                if (part_list(x, pp, (uint32_t)br.w[k].n)) r = -1;
                else r = x_end_field(x);
                if (pp != tmp) sk_free(st->a, pp);
            }
            sh_brace_free(&br);
        }
    }
    if (at != small) sk_free(st->a, at);
    return r;
}

int sh_expand_words(sh_state *st, const sh_word *words, uint32_t n, sh_strvec *out)
{
    xc x;
    xc_init(&x, st, XM_LIST, out);
    int r = 0;
    for (uint32_t i = 0; i < n && !r; i++) {
        const sh_word *w = &words[i];
        /* fast path: plain literal word without glob or brace characters */
        if ((w->flags & SH_WF_LITERAL) && !(w->flags & (SH_WF_GLOB | SH_WF_BRACE))) {
            size_t len = 0;
            for (uint32_t k = 0; k < w->nparts; k++) len += w->parts[k].u.text.n;
            char *s = sk_malloc(st->a, len + 1);
            if (!s) { r = x_nomem(&x); break; }
            size_t o = 0;
            for (uint32_t k = 0; k < w->nparts; k++) {
                memcpy(s + o, w->parts[k].u.text.p, w->parts[k].u.text.n);
                o += w->parts[k].u.text.n;
            }
            s[o] = 0;
            if (sh_strvec_push(out, s)) { sk_free(st->a, s); r = x_nomem(&x); }
            continue;
        }
        if ((w->flags & SH_WF_BRACE) && st->opt[SH_O_BRACEEXPAND]) r = expand_braced(&x, w);
        else r = expand_one(&x, w->parts, w->nparts);
        if (x.err) r = -1;
    }
    xc_free(&x);
    return r ? -1 : 0;
}

int sh_expand_string(sh_state *st, const sh_word *w, int flags, sk_buf *out)
{
    xc x;
    xc_init(&x, st, XM_STRING, NULL);
    if (flags & (SH_XS_HEREDOC | SH_XS_ARITH)) x.quoted = 1;
    int r = part_list(&x, w->parts, w->nparts);
    if (!r && !x.err && sk_buf_put(out, x.f.lit.p ? x.f.lit.p : "", x.f.lit.len)) r = x_nomem(&x);
    xc_free(&x);
    return r || x.err ? -1 : 0;
}

int sh_expand_pattern(sh_state *st, const sh_word *w, sk_buf *out)
{
    xc x;
    xc_init(&x, st, XM_PATTERN, NULL);
    int r = part_list(&x, w->parts, w->nparts);
    if (!r && !x.err && sk_buf_put(out, x.f.lit.p ? x.f.lit.p : "", x.f.lit.len)) r = x_nomem(&x);
    xc_free(&x);
    return r || x.err ? -1 : 0;
}

int sh_expand_regex(sh_state *st, const sh_word *w, sk_buf *out)
{
    xc x;
    xc_init(&x, st, XM_REGEX, NULL);
    int r = part_list(&x, w->parts, w->nparts);
    if (!r && !x.err && sk_buf_put(out, x.f.lit.p ? x.f.lit.p : "", x.f.lit.len)) r = x_nomem(&x);
    xc_free(&x);
    return r || x.err ? -1 : 0;
}

int sh_expand_redir_word(sh_state *st, const sh_word *w, sk_buf *out, int *ambiguous)
{
    *ambiguous = 0;
    sh_strvec v = { NULL, 0, 0, st->a };
    int r = sh_expand_words(st, w, 1, &v);
    if (r) { sh_strvec_free(&v, 1); return -1; }
    if (v.n != 1) {
        *ambiguous = 1;
        sh_strvec_free(&v, 1);
        return 0;
    }
    r = sk_buf_puts(out, v.v[0]);
    sh_strvec_free(&v, 1);
    return r;
}

int sh_expand_arith(sh_state *st, const sh_word *w, const char *cmdname, int64_t *out)
{
    sk_buf b = SK_BUF_INIT(st->a);
    *out = 0;
    xc x;
    xc_init(&x, st, XM_STRING, NULL);
    x.quoted = 1;
    x.arith = 1;
    int r = part_list(&x, w->parts, w->nparts);
    if (r || x.err) { xc_free(&x); return -1; }
    int ar = sh_arith_eval(st, x.f.lit.p ? x.f.lit.p : "", x.f.lit.len, cmdname, out);
    xc_free(&x);
    sk_buf_free(&b);
    if (ar) {
        if (ar == SH_E_UNBOUND) {
            st->status = 127;
            if (!st->ctl) st->ctl = SH_CTL_EXIT;
        } else if (ar == SH_E_NOMEM) {
            sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory);
        } else if (!st->ctl) {
            st->ctl = SH_CTL_ABORT;
            st->status = 1;
        }
        return -1;
    }
    return 0;
}

int sh_join_star(sh_state *st, char *const *v, size_t n, sk_buf *out)
{
    int set;
    const char *ifs = sh_ifs(st, &set);
    for (size_t i = 0; i < n; i++) {
        if (i && *ifs && sk_buf_putc(out, *ifs)) return -1;
        if (sk_buf_puts(out, v[i])) return -1;
    }
    return 0;
}

int sh_ifs_split(sh_state *st, const char *s, size_t n, sh_strvec *out)
{
    xc x;
    xc_init(&x, st, XM_LIST, out);
    st->opt[SH_O_NOGLOB]++;
    int r = x_add_split(&x, s, n);
    if (!r) r = x_end_field(&x);
    st->opt[SH_O_NOGLOB]--;
    xc_free(&x);
    return r;
}
