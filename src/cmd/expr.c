/* expr.c — expr: evaluate an expression (GNU coreutils 9.1).
 *
 * The grammar, from loosest to tightest: |  &  comparisons  + -  * / %
 * :  then the keywords match substr index length, "+ TOKEN" and ( ).
 * Integers have arbitrary size (decimal strings, schoolbook arithmetic,
 * truncating division as GMP's tdiv); comparisons are numeric when both
 * sides look like integers, else byte order.  String functions count
 * UTF-8 characters.  STRING : REGEXP is an anchored POSIX basic regex
 * match through the text regex shim (PCRE2 underneath for now).  Exit:
 * 0 non-null result, 1 null or 0, 2 invalid expression, 3 other error.
 * Recursion depth is bounded by the argument count and checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("expr", cmd_expr, "expr EXPRESSION: evaluate arithmetic (+ - \\* / %), comparisons, length/substr/index/match, STRING : REGEX");

static const char expr_usage[] =
    "Usage: expr EXPRESSION\n"
    "  or:  expr OPTION\n"
    "\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n"
    "\n"
    "Print the value of EXPRESSION to standard output.  A blank line below\n"
    "separates increasing precedence groups.  EXPRESSION may be:\n"
    "\n"
    "  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2\n"
    "\n"
    "  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0\n"
    "\n"
    "  ARG1 < ARG2       ARG1 is less than ARG2\n"
    "  ARG1 <= ARG2      ARG1 is less than or equal to ARG2\n"
    "  ARG1 = ARG2       ARG1 is equal to ARG2\n"
    "  ARG1 != ARG2      ARG1 is unequal to ARG2\n"
    "  ARG1 >= ARG2      ARG1 is greater than or equal to ARG2\n"
    "  ARG1 > ARG2       ARG1 is greater than ARG2\n"
    "\n"
    "  ARG1 + ARG2       arithmetic sum of ARG1 and ARG2\n"
    "  ARG1 - ARG2       arithmetic difference of ARG1 and ARG2\n"
    "\n"
    "  ARG1 * ARG2       arithmetic product of ARG1 and ARG2\n"
    "  ARG1 / ARG2       arithmetic quotient of ARG1 divided by ARG2\n"
    "  ARG1 % ARG2       arithmetic remainder of ARG1 divided by ARG2\n"
    "\n"
    "  STRING : REGEXP   anchored pattern match of REGEXP in STRING\n"
    "\n"
    "  match STRING REGEXP        same as STRING : REGEXP\n"
    "  substr STRING POS LENGTH   substring of STRING, POS counted from 1\n"
    "  index STRING CHARS         index in STRING where any CHARS is found, or 0\n"
    "  length STRING              length of STRING\n"
    "  + TOKEN                    interpret TOKEN as a string, even if it is a\n"
    "                               keyword like 'match' or an operator like '/'\n"
    "\n"
    "  ( EXPRESSION )             value of EXPRESSION\n"
    "\n"
    "Beware that many operators need to be escaped or quoted for shells.\n"
    "Comparisons are arithmetic if both ARGs are numbers, else lexicographical.\n"
    "Pattern matches return the string matched between \\( and \\) or null; if\n"
    "\\( and \\) are not used, they return the number of characters matched or 0.\n"
    "\n"
    "Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION is null\n"
    "or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error occurred.\n";

#define EXPR_MAX_DEPTH 2000

/* A value is always kept as text; integers are canonical decimal strings
 * (no leading zeros, "-" only for negatives, "0"). */
typedef struct xval {
    char *s;
    int is_int;
} xval;

typedef struct xstate {
    sk_cmd *c;
    char **args;
    int nargs, pos;
    int depth;
    int err;              /* 0, 2 (invalid) or 3 (error) */
    int oom;
} xstate;

static int fail(xstate *x, int code, const char *fmt, const char *arg)
{
    if (!x->err) {
        if (arg) cmd_error(x->c, fmt, arg);
        else cmd_error(x->c, "%s", fmt);
        x->err = code;
    }
    return 0;
}

static xval mkstr(xstate *x, const char *s, size_t n)
{
    xval v = { sk_strndup(x->c->a, s, n), 0 };
    if (!v.s) x->oom = 1;
    return v;
}

static void freev(xstate *x, xval *v)
{
    sk_free(x->c->a, v->s);
    v->s = NULL;
}

static int looks_like_integer(const char *s)
{
    s += *s == '-';
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static int is_null(const xval *v)
{
    const char *p = v->s;
    if (!p || !*p) return 1;
    p += *p == '-';
    if (!*p) return 0;
    for (; *p; p++)
        if (*p != '0') return 0;
    return 1;
}

/* ---- arbitrary precision on decimal strings -------------------------------- */

/* Magnitude digits (most significant first, no leading zeros, "0" for 0). */
typedef struct bnum {
    int neg;
    char *d;
    size_t n;
} bnum;

static int bn_parse(xstate *x, const char *s, bnum *b)
{
    b->neg = *s == '-';
    s += b->neg;
    while (*s == '0' && s[1]) s++;
    b->n = strlen(s);
    b->d = sk_strndup(x->c->a, s, b->n);
    if (!b->d) { x->oom = 1; return -1; }
    if (b->n == 1 && b->d[0] == '0') b->neg = 0;
    return 0;
}

static int mag_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    if (an != bn) return an < bn ? -1 : 1;
    int c = memcmp(a, b, an);
    return c < 0 ? -1 : c > 0;
}

/* out = a + b (magnitudes); out has room for max+1 digits + NUL. */
static char *mag_add(xstate *x, const char *a, size_t an, const char *b, size_t bn, size_t *on)
{
    size_t n = (an > bn ? an : bn) + 1;
    char *r = sk_malloc(x->c->a, n + 1);
    if (!r) { x->oom = 1; return NULL; }
    int carry = 0;
    for (size_t i = 0; i < n; i++) {
        int s = carry + (i < an ? a[an - 1 - i] - '0' : 0) + (i < bn ? b[bn - 1 - i] - '0' : 0);
        r[n - 1 - i] = (char)('0' + s % 10);
        carry = s / 10;
    }
    size_t k = 0;
    while (k + 1 < n && r[k] == '0') k++;
    memmove(r, r + k, n - k);
    r[n - k] = 0;
    *on = n - k;
    return r;
}

/* a - b with |a| >= |b|. */
static char *mag_sub(xstate *x, const char *a, size_t an, const char *b, size_t bn, size_t *on)
{
    char *r = sk_malloc(x->c->a, an + 1);
    if (!r) { x->oom = 1; return NULL; }
    int borrow = 0;
    for (size_t i = 0; i < an; i++) {
        int s = (a[an - 1 - i] - '0') - borrow - (i < bn ? b[bn - 1 - i] - '0' : 0);
        borrow = s < 0;
        if (s < 0) s += 10;
        r[an - 1 - i] = (char)('0' + s);
    }
    size_t k = 0;
    while (k + 1 < an && r[k] == '0') k++;
    memmove(r, r + k, an - k);
    r[an - k] = 0;
    *on = an - k;
    return r;
}

static char *mag_mul(xstate *x, const char *a, size_t an, const char *b, size_t bn, size_t *on)
{
    size_t n = an + bn;
    int *acc = sk_calloc(x->c->a, n + 1, sizeof *acc);
    char *r = sk_malloc(x->c->a, n + 1);
    if (!acc || !r) {
        sk_free(x->c->a, acc);
        sk_free(x->c->a, r);
        x->oom = 1;
        return NULL;
    }
    for (size_t i = 0; i < an; i++)
        for (size_t j = 0; j < bn; j++) acc[i + j + 1] += (a[i] - '0') * (b[j] - '0');
    for (size_t k = n; k > 0; k--) {
        acc[k - 1] += acc[k] / 10;
        acc[k] %= 10;
    }
    for (size_t k = 0; k < n; k++) r[k] = (char)('0' + acc[k]);
    sk_free(x->c->a, acc);
    size_t k = 0;
    while (k + 1 < n && r[k] == '0') k++;
    memmove(r, r + k, n - k);
    r[n - k] = 0;
    *on = n - k;
    return r;
}

/* Truncating division of magnitudes: quotient and remainder. */
static int mag_divmod(xstate *x, const char *a, size_t an, const char *b, size_t bn, char **q, size_t *qn, char **rem,
                      size_t *rn)
{
    char *quo = sk_malloc(x->c->a, an + 1);
    char *cur = sk_malloc(x->c->a, an + bn + 2);
    if (!quo || !cur) {
        sk_free(x->c->a, quo);
        sk_free(x->c->a, cur);
        x->oom = 1;
        return -1;
    }
    size_t cn = 1;
    cur[0] = '0';
    for (size_t i = 0; i < an; i++) {
        /* cur = cur * 10 + a[i] */
        if (cn == 1 && cur[0] == '0') cur[0] = a[i];
        else cur[cn++] = a[i];
        int digit = 0;
        while (mag_cmp(cur, cn, b, bn) >= 0) {
            size_t nn;
            char *t = mag_sub(x, cur, cn, b, bn, &nn);
            if (!t) { sk_free(x->c->a, quo); sk_free(x->c->a, cur); return -1; }
            memcpy(cur, t, nn + 1);
            cn = nn;
            sk_free(x->c->a, t);
            digit++;
        }
        quo[i] = (char)('0' + digit);
    }
    size_t k = 0;
    while (k + 1 < an && quo[k] == '0') k++;
    memmove(quo, quo + k, an - k);
    quo[an - k] = 0;
    *q = quo;
    *qn = an - k;
    cur[cn] = 0;
    *rem = cur;
    *rn = cn;
    return 0;
}

static xval bn_result(xstate *x, int neg, char *mag)
{
    xval v = { NULL, 1 };
    if (!mag) return v;
    int zero = mag[0] == '0' && !mag[1];
    size_t n = strlen(mag);
    v.s = sk_malloc(x->c->a, n + 2);
    if (!v.s) { x->oom = 1; sk_free(x->c->a, mag); return v; }
    size_t k = 0;
    if (neg && !zero) v.s[k++] = '-';
    memcpy(v.s + k, mag, n + 1);
    sk_free(x->c->a, mag);
    return v;
}

static xval arith(xstate *x, char op, const xval *l, const xval *r)
{
    xval bad = { NULL, 0 };
    bnum a, b;
    if (bn_parse(x, l->s, &a)) return bad;
    if (bn_parse(x, r->s, &b)) { sk_free(x->c->a, a.d); return bad; }
    xval out = bad;
    size_t on;
    char *m = NULL;
    if (op == '+' || op == '-') {
        int bneg = op == '-' ? !b.neg && !(b.n == 1 && b.d[0] == '0') : b.neg;
        if (a.neg == bneg) {
            m = mag_add(x, a.d, a.n, b.d, b.n, &on);
            out = bn_result(x, a.neg, m);
        } else if (mag_cmp(a.d, a.n, b.d, b.n) >= 0) {
            m = mag_sub(x, a.d, a.n, b.d, b.n, &on);
            out = bn_result(x, a.neg, m);
        } else {
            m = mag_sub(x, b.d, b.n, a.d, a.n, &on);
            out = bn_result(x, bneg, m);
        }
    } else if (op == '*') {
        m = mag_mul(x, a.d, a.n, b.d, b.n, &on);
        out = bn_result(x, a.neg != b.neg, m);
    } else {
        char *q, *rem;
        size_t qn, rn;
        if (!mag_divmod(x, a.d, a.n, b.d, b.n, &q, &qn, &rem, &rn)) {
            if (op == '/') {
                sk_free(x->c->a, rem);
                out = bn_result(x, a.neg != b.neg, q);
            } else {
                sk_free(x->c->a, q);
                out = bn_result(x, a.neg, rem);
            }
        }
    }
    sk_free(x->c->a, a.d);
    sk_free(x->c->a, b.d);
    return out;
}

static int int_cmp(const char *a, const char *b)
{
    int an = *a == '-', bn = *b == '-';
    a += an;
    b += bn;
    while (*a == '0' && a[1]) a++;
    while (*b == '0' && b[1]) b++;
    int az = !strcmp(a, "0"), bz = !strcmp(b, "0");
    if (az) an = 0;
    if (bz) bn = 0;
    if (an != bn) return an ? -1 : 1;
    int m = mag_cmp(a, strlen(a), b, strlen(b));
    return an ? -m : m;
}

/* ---- characters ----------------------------------------------------------- */

static size_t char_count(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; k++) {
        int32_t cp;
        i += (size_t)txt_utf8_decode((const unsigned char *)s + i, n - i, &cp);
    }
    return k;
}

/* Byte offset of character index ci (0-based). */
static size_t char_offset(const char *s, size_t n, size_t ci)
{
    size_t i = 0;
    while (ci-- && i < n) {
        int32_t cp;
        i += (size_t)txt_utf8_decode((const unsigned char *)s + i, n - i, &cp);
    }
    return i;
}

static xval int_value(xstate *x, unsigned long long v)
{
    char buf[32];
    int n = 0;
    do buf[sizeof buf - 1 - n++] = (char)('0' + v % 10); while ((v /= 10));
    xval r = mkstr(x, buf + sizeof buf - n, (size_t)n);
    r.is_int = 1;
    return r;
}

/* ---- the parser ------------------------------------------------------------ */

static int nextarg(xstate *x, const char *s)
{
    if (x->pos >= x->nargs) return 0;
    if (strcmp(x->args[x->pos], s)) return 0;
    x->pos++;
    return 1;
}

static int nomoreargs(const xstate *x) { return x->pos >= x->nargs; }

static xval eval(xstate *x, int evaluate);

static xval docolon(xstate *x, const xval *sv, const xval *pv)
{
    xval out = { NULL, 0 };
    char err[256];
    txt_regex *re = txt_regex_compile(x->c->a, x->c->lim, pv->s, strlen(pv->s), TXT_RE_BRE, err, sizeof err);
    if (!re) {
        if (!strncmp(err, "Unmatched [", 11)) snprintf(err, sizeof err, "Invalid regular expression");
        fail(x, 2, "%s", err);
        return out;
    }
    long ov[4];
    size_t len = strlen(sv->s);
    int r = txt_regex_exec(re, sv->s, len, 1, ov, 2);
    int groups = txt_regex_ngroups(re);
    txt_regex_free(re);
    if (r < 0) {
        fail(x, 3, "error in regular expression matcher", NULL);
        return out;
    }
    if (r > 0) {
        if (groups > 0) {
            if (ov[2] < 0) return mkstr(x, "", 0);
            return mkstr(x, sv->s + ov[2], (size_t)(ov[3] - ov[2]));
        }
        return int_value(x, char_count(sv->s, (size_t)ov[1]));
    }
    if (groups > 0) return mkstr(x, "", 0);
    return int_value(x, 0);
}

static int enter(xstate *x)
{
    if (++x->depth > EXPR_MAX_DEPTH) {
        fail(x, 2, "expression nested too deeply", NULL);
        return 0;
    }
    return 1;
}

static xval eval7(xstate *x, int evaluate)
{
    xval none = { NULL, 0 };
    if (nomoreargs(x)) {
        if (x->pos > 0) fail(x, 2, "syntax error: missing argument after '%s'", x->args[x->pos - 1]);
        else fail(x, 2, "syntax error", NULL);
        return none;
    }
    if (nextarg(x, "(")) {
        if (!enter(x)) return none;
        xval v = eval(x, evaluate);
        x->depth--;
        if (x->err || x->oom) return v;
        if (nomoreargs(x)) {
            fail(x, 2, "syntax error: expecting ')' after '%s'", x->args[x->pos - 1]);
            return v;
        }
        if (!nextarg(x, ")")) {
            fail(x, 2, "syntax error: expecting ')' instead of '%s'", x->args[x->pos]);
            return v;
        }
        return v;
    }
    if (nextarg(x, ")")) {
        fail(x, 2, "syntax error: unexpected ')'", NULL);
        return none;
    }
    const char *s = x->args[x->pos++];
    return mkstr(x, s, strlen(s));
}

static xval eval6(xstate *x, int evaluate)
{
    xval none = { NULL, 0 };
    if (x->err || x->oom) return none;
    if (!enter(x)) return none;
    xval v = none;
    if (nextarg(x, "+")) {
        if (nomoreargs(x)) fail(x, 2, "syntax error: missing argument after '%s'", "+");
        else {
            const char *s = x->args[x->pos++];
            v = mkstr(x, s, strlen(s));
        }
    } else if (nextarg(x, "length")) {
        xval r = eval6(x, evaluate);
        if (r.s) v = int_value(x, char_count(r.s, strlen(r.s)));
        freev(x, &r);
    } else if (nextarg(x, "match")) {
        xval l = eval6(x, evaluate), r = eval6(x, evaluate);
        if (l.s && r.s) {
            if (evaluate) v = docolon(x, &l, &r);
            else { v = l; l.s = NULL; }
        }
        freev(x, &l);
        freev(x, &r);
    } else if (nextarg(x, "index")) {
        xval l = eval6(x, evaluate), r = eval6(x, evaluate);
        if (l.s && r.s) {
            /* position (in characters) of the first char of l that is in r */
            size_t ln = strlen(l.s), rn = strlen(r.s), pos = 0, ci = 0;
            for (size_t i = 0; i < ln && !pos;) {
                int32_t cp;
                int u = txt_utf8_decode((const unsigned char *)l.s + i, ln - i, &cp);
                ci++;
                for (size_t j = 0; j < rn;) {
                    int32_t cq;
                    int w = txt_utf8_decode((const unsigned char *)r.s + j, rn - j, &cq);
                    if (w == u && !memcmp(l.s + i, r.s + j, (size_t)u)) { pos = ci; break; }
                    j += (size_t)w;
                }
                i += (size_t)u;
            }
            v = int_value(x, pos);
        }
        freev(x, &l);
        freev(x, &r);
    } else if (nextarg(x, "substr")) {
        xval l = eval6(x, evaluate), i1 = eval6(x, evaluate), i2 = eval6(x, evaluate);
        if (l.s && i1.s && i2.s) {
            size_t ln = strlen(l.s), llen = char_count(l.s, ln);
            if (!looks_like_integer(i1.s) || !looks_like_integer(i2.s)) {
                v = mkstr(x, "", 0);
            } else {
                /* negative or huge positions give the empty string (GNU getsize) */
                unsigned long long pos = i1.s[0] == '-' ? 0 : strtoull(i1.s, NULL, 10);
                unsigned long long len = i2.s[0] == '-' ? 0 : strtoull(i2.s, NULL, 10);
                if (i1.s[0] == '-' && int_cmp(i1.s, "0") < 0) pos = 0;
                if (llen < pos || pos == 0 || len == 0) {
                    v = mkstr(x, "", 0);
                } else {
                    unsigned long long avail = llen - pos + 1;
                    size_t vlen = (size_t)(len < avail ? len : avail);
                    size_t b0 = char_offset(l.s, ln, (size_t)pos - 1);
                    size_t b1 = char_offset(l.s, ln, (size_t)pos - 1 + vlen);
                    v = mkstr(x, l.s + b0, b1 - b0);
                }
            }
        }
        freev(x, &l);
        freev(x, &i1);
        freev(x, &i2);
    } else {
        v = eval7(x, evaluate);
    }
    x->depth--;
    return v;
}

static xval eval5(xstate *x, int evaluate)
{
    xval l = eval6(x, evaluate);
    while (l.s && !x->err && nextarg(x, ":")) {
        xval r = eval6(x, evaluate);
        if (!r.s) break;
        if (evaluate) {
            xval v = docolon(x, &l, &r);
            freev(x, &l);
            l = v;
        }
        freev(x, &r);
    }
    return l;
}

static xval eval4(xstate *x, int evaluate)
{
    xval l = eval5(x, evaluate);
    while (l.s && !x->err) {
        char op;
        if (nextarg(x, "*")) op = '*';
        else if (nextarg(x, "/")) op = '/';
        else if (nextarg(x, "%")) op = '%';
        else break;
        xval r = eval5(x, evaluate);
        if (!r.s) break;
        if (evaluate) {
            if (!looks_like_integer(l.s) || !looks_like_integer(r.s)) {
                fail(x, 2, "non-integer argument", NULL);
            } else if (op != '*' && is_null(&r) && int_cmp(r.s, "0") == 0) {
                fail(x, 2, "division by zero", NULL);
            } else {
                xval v = arith(x, op, &l, &r);
                freev(x, &l);
                l = v;
            }
        }
        freev(x, &r);
    }
    return l;
}

static xval eval3(xstate *x, int evaluate)
{
    xval l = eval4(x, evaluate);
    while (l.s && !x->err) {
        char op;
        if (nextarg(x, "+")) op = '+';
        else if (nextarg(x, "-")) op = '-';
        else break;
        xval r = eval4(x, evaluate);
        if (!r.s) break;
        if (evaluate) {
            if (!looks_like_integer(l.s) || !looks_like_integer(r.s)) {
                fail(x, 2, "non-integer argument", NULL);
            } else {
                xval v = arith(x, op, &l, &r);
                freev(x, &l);
                l = v;
            }
        }
        freev(x, &r);
    }
    return l;
}

static xval eval2(xstate *x, int evaluate)
{
    xval l = eval3(x, evaluate);
    while (l.s && !x->err) {
        int op;
        if (nextarg(x, "<")) op = 0;
        else if (nextarg(x, "<=")) op = 1;
        else if (nextarg(x, "=") || nextarg(x, "==")) op = 2;
        else if (nextarg(x, "!=")) op = 3;
        else if (nextarg(x, ">=")) op = 4;
        else if (nextarg(x, ">")) op = 5;
        else break;
        xval r = eval3(x, evaluate);
        if (!r.s) break;
        int val = 0;
        if (evaluate) {
            int cmp;
            if (looks_like_integer(l.s) && looks_like_integer(r.s)) cmp = int_cmp(l.s, r.s);
            else {
                cmp = strcmp(l.s, r.s);
                cmp = cmp < 0 ? -1 : cmp > 0;
            }
            switch (op) {
            case 0: val = cmp < 0; break;
            case 1: val = cmp <= 0; break;
            case 2: val = cmp == 0; break;
            case 3: val = cmp != 0; break;
            case 4: val = cmp >= 0; break;
            default: val = cmp > 0; break;
            }
        }
        freev(x, &l);
        freev(x, &r);
        l = int_value(x, (unsigned long long)val);
    }
    return l;
}

static xval eval1(xstate *x, int evaluate)
{
    xval l = eval2(x, evaluate);
    while (l.s && !x->err && nextarg(x, "&")) {
        xval r = eval2(x, evaluate && !is_null(&l));
        if (!r.s) break;
        if (is_null(&l) || is_null(&r)) {
            freev(x, &l);
            l = int_value(x, 0);
        }
        freev(x, &r);
    }
    return l;
}

static xval eval(xstate *x, int evaluate)
{
    xval l = eval1(x, evaluate);
    while (l.s && !x->err && nextarg(x, "|")) {
        xval r = eval1(x, evaluate && is_null(&l));
        if (!r.s) break;
        if (is_null(&l)) {
            freev(x, &l);
            l = r;
            r.s = NULL;
            if (is_null(&l)) {
                freev(x, &l);
                l = int_value(x, 0);
            }
        }
        freev(x, &r);
    }
    return l;
}

int cmd_expr(sk_cmd *c, int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--help")) return txt_help(c, expr_usage);
    if (argc == 2 && !strcmp(argv[1], "--version")) return txt_version(c);
    int first = 1;
    if (argc > 1 && !strcmp(argv[1], "--")) first = 2;
    if (argc <= first) {
        cmd_error(c, "missing operand");
        txt_try_help(c);
        return 2;
    }
    xstate x;
    memset(&x, 0, sizeof x);
    x.c = c;
    x.args = argv + first;
    x.nargs = argc - first;
    xval v = eval(&x, 1);
    if (!x.err && !x.oom && !nomoreargs(&x)) fail(&x, 2, "syntax error: unexpected argument '%s'", x.args[x.pos]);
    int status;
    if (x.oom) {
        cmd_error(c, "memory exhausted");
        status = 3;
    } else if (x.err) {
        status = x.err;
    } else {
        sk_out_puts(&c->out, v.s);
        sk_out_putc(&c->out, '\n');
        status = is_null(&v) ? 1 : 0;
    }
    freev(&x, &v);
    return status;
}
