/* arith.c — the arithmetic evaluator.  It follows the structure of bash's
 * expr.c closely, because bash's observable behaviour (which operands are
 * evaluated, which token an error names, when an assignment target is
 * accepted) falls out of that structure: a tokenizer that evaluates a
 * variable as soon as it reads its name (unless `=` follows), a `noeval`
 * count for the branches of && || ?: that must not have effects, and one
 * function per precedence level.  Errors do not longjmp: they set a
 * sticky code and every level returns at once.  Variable values that are
 * expressions are evaluated recursively (depth SH_ARITH_MAX_DEPTH, and the
 * C stack is checked). */
#include "shell/arith.h"

#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "shell/state.h"

enum {
    T_EOF = 0,
    T_EQ = '=', T_GT = '>', T_LT = '<', T_PLUS = '+', T_MINUS = '-', T_MUL = '*', T_DIV = '/',
    T_MOD = '%', T_NOT = '!', T_LPAR = '(', T_RPAR = ')', T_BAND = '&', T_BOR = '|',
    T_BXOR = '^', T_BNOT = '~', T_QUES = '?', T_COL = ':', T_COMMA = ',',
    T_LEQ = 256, T_GEQ, T_EQEQ, T_NEQ, T_LAND, T_LOR, T_LSH, T_RSH, T_POWER, T_PREINC,
    T_PREDEC, T_POSTINC, T_POSTDEC, T_OPASSIGN, T_NUM, T_STR,
};

/* One expression being evaluated (bash's EXPR_CONTEXT). */
typedef struct actx {
    const char *expr, *end;     /* the text; messages show it from `expr` */
    const char *msg_end;        /* end of the text shown in messages */
    const char *tp;             /* next character */
    const char *lasttp;         /* start of the last token read */
    int curtok, lasttok, assigntok;
    int64_t tokval;
    const char *tokstr;         /* identifier token (name[sub]) */
    size_t toklen;
    int has_ind;                /* the token's subscript was evaluated... */
    int64_t ind;                /* ...to this index (indexed arrays) */
} actx;

typedef struct arith {
    sh_state *st;
    const char *cmdname;
    actx *c;
    int noeval;
    int depth;                  /* nested expression contexts */
    int peekdepth;
    int err;                    /* sticky SH_E_* */
} arith;

static int64_t expcomma(arith *ar);
static int64_t expcond(arith *ar);
static int64_t subexpr(arith *ar, const char *s, size_t n);

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_alnum(char c) { return is_alpha(c) || is_digit(c); }
static int var_start(char c) { return is_alpha(c) || c == '_'; }
static int var_char(char c) { return is_alnum(c) || c == '_'; }

static void evalerror(arith *ar, const char *msg)
{
    if (ar->err) return;
    actx *c = ar->c;
    const char *e = c->expr;
    const char *mend = c->msg_end ? c->msg_end : c->end;
    while (e < mend && is_ws(*e)) e++;
    const char *tok = c->lasttp ? c->lasttp : "";
    const char *tend = c->lasttp ? mend : tok;
    if (tok > tend) tok = tend;
    sh_err(ar->st, "%s%s%.*s: %s (error token is \"%.*s\")", ar->cmdname ? ar->cmdname : "",
           ar->cmdname ? ": " : "", (int)(mend - e), e, msg, (int)(tend - tok), tok);
    ar->err = SH_E_ARITH;
}

/* ---- numbers ---------------------------------------------------------------- */

static int valid_numchar(char c) { return is_alnum(c) || c == '_' || c == '@'; }

static int64_t strlong(arith *ar, const char *s, const char *end)
{
    int base = 10, foundbase = 0;
    uint64_t val = 0;
    if (s < end && *s == '0') {
        s++;
        if (s == end) return 0;
        if (*s == 'x' || *s == 'X') {
            base = 16;
            s++;
        } else {
            base = 8;
        }
        foundbase++;
    }
    for (; s < end; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '#') {
            if (foundbase) { evalerror(ar, "invalid number"); return 0; }
            if ((int64_t)val < 2 || val > 64) { evalerror(ar, "invalid arithmetic base"); return 0; }
            base = (int)val;
            val = 0;
            foundbase++;
            if (s + 1 >= end || !valid_numchar(s[1])) { evalerror(ar, "invalid integer constant"); return 0; }
        } else if (valid_numchar((char)c)) {
            int d;
            if (is_digit((char)c)) d = c - '0';
            else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
            else if (c >= 'A' && c <= 'Z') d = c - 'A' + (base <= 36 ? 10 : 36);
            else if (c == '@') d = 62;
            else d = 63;
            if (d >= base) { evalerror(ar, "value too great for base"); return 0; }
            val = val * (uint64_t)base + (uint64_t)d;
        } else {
            break;
        }
    }
    return (int64_t)val;
}

/* ---- variables -------------------------------------------------------------- */

/* End of a subscript starting at '[' (index of the matching ']'), or
 * end when unterminated. */
static const char *skip_subscript(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end; p++) {
        if (*p == '[') depth++;
        else if (*p == ']' && --depth == 0) return p;
    }
    return end;
}

/* The value of identifier token tok (name or name[sub]).  Evaluated as an
 * expression when it is not a plain number. */
static int64_t streval(arith *ar, const char *tok, size_t len, int has_sub, int64_t *indp, int *has_ind)
{
    *has_ind = 0;
    if (ar->noeval) return 0;
    sh_state *st = ar->st;
    char namebuf[256];
    const char *lb = has_sub ? memchr(tok, '[', len) : NULL;
    size_t nlen = lb ? (size_t)(lb - tok) : len;
    if (nlen >= sizeof namebuf) nlen = sizeof namebuf - 1;
    memcpy(namebuf, tok, nlen);
    namebuf[nlen] = 0;
    const char *value = NULL;
    sh_var *v = sh_var_lookup(st, namebuf);
    if (lb) {
        size_t sublen = len - nlen - 2;
        if (v && v->kind == SH_VK_ASSOC) {
            char *key = sk_strndup(st->a, lb + 1, sublen);
            if (!key) { ar->err = SH_E_NOMEM; return 0; }
            value = sh_assoc_get(v->v.m, key);
            sk_free(st->a, key);
        } else {
            size_t q = 0;
            while (q < sublen && is_ws(lb[1 + q])) q++;
            if (q == sublen) {
                /* bash reports an empty subscript (twice) and reads 0 */
                sh_err(st, "%.*s: bad array subscript", (int)len, tok);
                sh_err(st, "%.*s: bad array subscript", (int)len, tok);
                return 0;
            }
            actx *save = ar->c;
            int64_t idx = subexpr(ar, lb + 1, sublen);
            ar->c = save;
            if (ar->err) return 0;
            if (idx < 0) {
                int64_t max = v && v->kind == SH_VK_ARR ? sh_arr_max(v->v.a) : (sh_var_isset(v) ? 0 : -1);
                if (max + 1 + idx < 0) {
                    sh_err(st, "%s: bad array subscript", namebuf);
                    return 0;
                }
                idx += max + 1;
            }
            *indp = idx;
            *has_ind = 1;
            if (v && !(v->attr & SH_A_INVISIBLE)) {
                if (v->kind == SH_VK_ARR) value = sh_arr_get(v->v.a, idx);
                else if (idx == 0) value = sh_var_value(v, NULL);
            }
        }
        if (!v && st->opt[SH_O_NOUNSET]) {
            sh_err(st, "%.*s: unbound variable", (int)len, tok);
            ar->err = SH_E_UNBOUND;
            return 0;
        }
    } else {
        if (!sh_var_isset(v)) {
            if (st->opt[SH_O_NOUNSET]) {
                sh_err(st, "%s: unbound variable", namebuf);
                ar->err = SH_E_UNBOUND;
                return 0;
            }
            return 0;
        }
        value = sh_var_value(v, NULL);
    }
    if (!value || !*value) return 0;
    /* fast path: a plain decimal number */
    const char *p = value;
    if (*p >= '1' && *p <= '9') {
        uint64_t n = 0;
        while (is_digit(*p)) n = n * 10 + (uint64_t)(*p++ - '0');
        if (!*p) return (int64_t)n;
    } else if (p[0] == '0' && !p[1]) {
        return 0;
    }
    /* the value may live in a scratch variable that a nested read
     * overwrites: evaluate a private copy */
    size_t vl = strlen(value);
    char small[64];
    char *copy = vl < sizeof small ? small : sk_malloc(st->a, vl + 1);
    if (!copy) { ar->err = SH_E_NOMEM; return 0; }
    memcpy(copy, value, vl + 1);
    actx *save = ar->c;
    int64_t r = subexpr(ar, copy, vl);
    ar->c = save;
    if (copy != small) sk_free(st->a, copy);
    return r;
}

/* Assign value to the lvalue token (name, name[sub]). */
static void bind(arith *ar, const char *tok, size_t len, int has_ind, int64_t ind, int64_t value)
{
    if (ar->noeval || ar->err) return;
    sh_state *st = ar->st;
    char num[24];
    size_t nl = sh_fmt_int(num, value);
    const char *lb = memchr(tok, '[', len);
    char namebuf[256];
    size_t nlen = lb ? (size_t)(lb - tok) : len;
    if (nlen >= sizeof namebuf) nlen = sizeof namebuf - 1;
    memcpy(namebuf, tok, nlen);
    namebuf[nlen] = 0;
    int r;
    if (lb) {
        sh_var *v = sh_var_lookup(st, namebuf);
        char *sub;
        if (v && v->kind == SH_VK_ASSOC) {
            sub = sk_strndup(st->a, lb + 1, len - nlen - 2);
        } else if (has_ind) {
            char ib[24];
            sh_fmt_int(ib, ind);
            sub = sk_strdup(st->a, ib);
        } else {
            actx *save = ar->c;
            int64_t idx = subexpr(ar, lb + 1, len - nlen - 2);
            ar->c = save;
            if (ar->err) return;
            char ib[24];
            sh_fmt_int(ib, idx);
            sub = sk_strdup(st->a, ib);
        }
        if (!sub) { ar->err = SH_E_NOMEM; return; }
        r = sh_var_set_elem(st, namebuf, sub, num, nl, 0);
        sk_free(st->a, sub);
    } else {
        r = sh_var_set(st, namebuf, num, nl, 0);
    }
    if (r) ar->err = r == SH_E_NOMEM ? SH_E_NOMEM : (r == SH_E_READONLY ? SH_E_READONLY : SH_E_ARITH);
}

/* ---- tokenizer ---------------------------------------------------------------- */

static int is_arithop(int c)
{
    switch (c) {
    case T_EQ: case T_GT: case T_LT: case T_PLUS: case T_MINUS: case T_MUL: case T_DIV:
    case T_MOD: case T_NOT: case T_LPAR: case T_RPAR: case T_BAND: case T_BOR: case T_BXOR:
    case T_BNOT: case T_QUES: case T_COL: case T_COMMA:
        return 1;
    }
    return 0;
}

static int is_multiop(int c) { return c >= T_LEQ && c <= T_OPASSIGN; }

static void readtok(arith *ar)
{
    actx *c = ar->c;
    if (ar->err) { c->curtok = T_EOF; return; }
    const char *cp = c->tp, *end = c->end;
    while (cp < end && is_ws(*cp)) cp++;
    if (cp >= end) {
        c->lasttok = c->curtok;
        c->curtok = T_EOF;
        c->tp = cp;
        return;
    }
    char ch = *cp++;
    c->lasttp = c->tp = cp - 1;

    if (var_start(ch)) {
        while (cp < end && var_char(*cp)) cp++;
        int has_sub = 0;
        if (cp < end && *cp == '[') {
            const char *rb = skip_subscript(cp, end);
            if (rb < end) {
                cp = rb + 1;
                has_sub = 1;
            } else {
                evalerror(ar, "bad array subscript");
                c->curtok = T_EOF;
                return;
            }
        }
        const char *tok = c->tp;
        size_t toklen = (size_t)(cp - tok);
        /* peek at the next token: `name =` is not evaluated */
        int peektok = T_EOF;
        if (ar->peekdepth < 64) {
            actx save = *c;
            int savenoeval = ar->noeval;
            c->tp = cp;
            ar->noeval = 1;
            c->curtok = T_STR;
            ar->peekdepth++;
            readtok(ar);
            ar->peekdepth--;
            peektok = c->curtok;
            *c = save;
            ar->noeval = savenoeval;
            if (ar->err) return;
        }
        c->tokstr = tok;
        c->toklen = toklen;
        c->has_ind = 0;
        if (c->lasttok == T_PREINC || c->lasttok == T_PREDEC || peektok != T_EQ) {
            int64_t ind = 0;
            int hi = 0;
            c->tp = cp;
            c->tokval = streval(ar, tok, toklen, has_sub, &ind, &hi);
            c = ar->c;
            c->has_ind = hi;
            c->ind = ind;
        } else {
            c->tokval = 0;
        }
        c->tp = cp;
        c->lasttok = c->curtok;
        c->curtok = T_STR;
        return;
    }
    if (is_digit(ch)) {
        while (cp < end && (is_alnum(*cp) || *cp == '#' || *cp == '@' || *cp == '_')) cp++;
        const char *save_end = c->msg_end;
        c->msg_end = cp;   /* bash shows the text up to the number in errors */
        int64_t v = strlong(ar, c->tp, cp);
        c->msg_end = save_end;
        if (ar->err) {
            c->curtok = T_EOF;
            return;
        }
        c->tokval = v;
        c->tp = cp;
        c->lasttok = c->curtok;
        c->curtok = T_NUM;
        return;
    }
    int t = (unsigned char)ch;
    char c1 = cp < end ? *cp : 0;
    if (cp < end) cp++;
    if (ch == '=' && c1 == '=') t = T_EQEQ;
    else if (ch == '!' && c1 == '=') t = T_NEQ;
    else if (ch == '>' && c1 == '=') t = T_GEQ;
    else if (ch == '<' && c1 == '=') t = T_LEQ;
    else if (ch == '<' && c1 == '<') {
        if (cp < end && *cp == '=') { c->assigntok = T_LSH; t = T_OPASSIGN; cp++; }
        else t = T_LSH;
    } else if (ch == '>' && c1 == '>') {
        if (cp < end && *cp == '=') { c->assigntok = T_RSH; t = T_OPASSIGN; cp++; }
        else t = T_RSH;
    } else if (ch == '&' && c1 == '&') t = T_LAND;
    else if (ch == '|' && c1 == '|') t = T_LOR;
    else if (ch == '*' && c1 == '*') t = T_POWER;
    else if ((ch == '-' || ch == '+') && c1 == ch && c->curtok == T_STR)
        t = ch == '-' ? T_POSTDEC : T_POSTINC;
    else if ((ch == '-' || ch == '+') && c1 == ch && c->curtok == T_NUM &&
             (c->lasttok == T_PREINC || c->lasttok == T_PREDEC)) {
        c->tp = cp;
        evalerror(ar, ch == '-' ? "--: assignment requires lvalue" : "++: assignment requires lvalue");
        c->curtok = T_EOF;
        return;
    } else if ((ch == '-' || ch == '+') && c1 == ch) {
        const char *xp = cp;
        while (xp < end && is_ws(*xp)) xp++;
        if (xp < end && var_start(*xp)) t = ch == '-' ? T_PREDEC : T_PREINC;
        else cp--;
    } else if (c1 == '=' && strchr("*/%+-&^|", ch)) {
        c->assigntok = (unsigned char)ch;
        t = T_OPASSIGN;
    } else if (!is_arithop(t)) {
        cp--;
        if (c->curtok == T_EOF || is_arithop(c->curtok) || is_multiop(c->curtok))
            evalerror(ar, "syntax error: operand expected");
        else
            evalerror(ar, "syntax error: invalid arithmetic operator");
        c->curtok = T_EOF;
        return;
    } else {
        if (c1) cp--;
    }
    c->tp = cp;
    c->lasttok = c->curtok;
    c->curtok = t;
}

/* ---- the grammar ------------------------------------------------------------- */

static int64_t ipow(int64_t base, int64_t e)
{
    uint64_t r = 1, b = (uint64_t)base;
    while (e) {
        if (e & 1) r *= b;
        e >>= 1;
        b *= b;
    }
    return (int64_t)r;
}

static int64_t expunary(arith *ar);

static int64_t expprimary(arith *ar)
{
    actx *c = ar->c;
    int64_t val = 0;
    if (ar->err) return 0;
    if (c->curtok == T_PREINC || c->curtok == T_PREDEC) {
        int stok = c->lasttok = c->curtok;
        readtok(ar);
        c = ar->c;
        if (ar->err) return 0;
        if (c->curtok != T_STR) {
            evalerror(ar, "identifier expected after pre-increment or pre-decrement");
            return 0;
        }
        int64_t v2 = (int64_t)((uint64_t)c->tokval + (stok == T_PREINC ? 1 : (uint64_t)-1));
        bind(ar, c->tokstr, c->toklen, c->has_ind, c->ind, v2);
        val = v2;
        c->curtok = T_NUM;
        readtok(ar);
    } else if (c->curtok == T_LPAR) {
        if (sk_stack_low(ar->st->stack_limit)) {
            sh_stack_exhausted(ar->st);
            ar->err = SH_E_LIMIT;
            return 0;
        }
        if (++ar->depth > SH_ARITH_MAX_DEPTH) {
            evalerror(ar, "expression recursion level exceeded");
            return 0;
        }
        readtok(ar);
        val = expcomma(ar);
        ar->depth--;
        c = ar->c;
        if (ar->err) return 0;
        if (c->curtok != T_RPAR) {
            evalerror(ar, "missing `)'");
            return 0;
        }
        readtok(ar);
    } else if (c->curtok == T_NUM || c->curtok == T_STR) {
        val = c->tokval;
        if (c->curtok == T_STR) {
            actx save = *c;
            int savenoeval = ar->noeval;
            ar->noeval = 1;
            readtok(ar);
            int stok = c->curtok;
            if (ar->err) return 0;
            if (stok == T_POSTINC || stok == T_POSTDEC) {
                const char *tp = c->tp, *lasttp = c->lasttp;
                *c = save;
                c->tp = tp;
                c->lasttp = lasttp;
                ar->noeval = savenoeval;
                c->lasttok = T_STR;
                int64_t v2 = (int64_t)((uint64_t)val + (stok == T_POSTINC ? 1 : (uint64_t)-1));
                bind(ar, c->tokstr, c->toklen, c->has_ind, c->ind, v2);
                c->curtok = T_NUM;
            } else {
                *c = save;
                ar->noeval = savenoeval;
            }
        }
        readtok(ar);
    } else {
        evalerror(ar, "syntax error: operand expected");
    }
    return val;
}

static int64_t expunary(arith *ar)
{
    actx *c = ar->c;
    if (ar->err) return 0;
    if (sk_stack_low(ar->st->stack_limit)) {
        sh_stack_exhausted(ar->st);
        ar->err = SH_E_LIMIT;
        return 0;
    }
    int64_t val;
    switch (c->curtok) {
    case T_NOT: readtok(ar); val = !expunary(ar); ar->c->lasttok = T_NUM; return val;
    case T_BNOT: readtok(ar); val = ~expunary(ar); ar->c->lasttok = T_NUM; return val;
    case T_MINUS: readtok(ar); val = (int64_t)(0 - (uint64_t)expunary(ar)); ar->c->lasttok = T_NUM; return val;
    case T_PLUS: readtok(ar); val = expunary(ar); ar->c->lasttok = T_NUM; return val;
    }
    return expprimary(ar);
}

static int64_t exppower(arith *ar)
{
    int64_t v1 = expunary(ar);
    while (!ar->err && ar->c->curtok == T_POWER) {
        readtok(ar);
        int64_t v2 = exppower(ar);
        ar->c->lasttok = T_NUM;
        if (ar->err) return 0;
        if (v2 == 0) return 1;
        if (v2 < 0) { evalerror(ar, "exponent less than 0"); return 0; }
        v1 = ipow(v1, v2);
    }
    return v1;
}

static int64_t expmul(arith *ar)
{
    int64_t v1 = exppower(ar);
    while (!ar->err && (ar->c->curtok == T_MUL || ar->c->curtok == T_DIV || ar->c->curtok == T_MOD)) {
        int op = ar->c->curtok;
        const char *stp = ar->c->tp;
        readtok(ar);
        int64_t v2 = exppower(ar);
        if (ar->err) return 0;
        if ((op == T_DIV || op == T_MOD) && v2 == 0) {
            if (!ar->noeval) {
                const char *sl = ar->c->lasttp;
                while (*stp && is_ws(*stp) && stp < ar->c->end) stp++;
                ar->c->lasttp = stp;
                evalerror(ar, "division by 0");
                ar->c->lasttp = sl;
                return 0;
            }
            v2 = 1;
        }
        if (op == T_MUL) v1 = (int64_t)((uint64_t)v1 * (uint64_t)v2);
        else if (v1 == INT64_MIN && v2 == -1) v1 = op == T_DIV ? INT64_MIN : 0;
        else if (op == T_DIV) v1 /= v2;
        else v1 %= v2;
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expadd(arith *ar)
{
    int64_t v1 = expmul(ar);
    while (!ar->err && (ar->c->curtok == T_PLUS || ar->c->curtok == T_MINUS)) {
        int op = ar->c->curtok;
        readtok(ar);
        int64_t v2 = expmul(ar);
        if (op == T_PLUS) v1 = (int64_t)((uint64_t)v1 + (uint64_t)v2);
        else v1 = (int64_t)((uint64_t)v1 - (uint64_t)v2);
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expshift(arith *ar)
{
    int64_t v1 = expadd(ar);
    while (!ar->err && (ar->c->curtok == T_LSH || ar->c->curtok == T_RSH)) {
        int op = ar->c->curtok;
        readtok(ar);
        int64_t v2 = expadd(ar);
        if (op == T_LSH) v1 = (int64_t)((uint64_t)v1 << (v2 & 63));
        else v1 = v1 >> (v2 & 63);
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t exprel(arith *ar)
{
    int64_t v1 = expshift(ar);
    while (!ar->err && (ar->c->curtok == T_LEQ || ar->c->curtok == T_GEQ || ar->c->curtok == T_LT ||
                        ar->c->curtok == T_GT)) {
        int op = ar->c->curtok;
        readtok(ar);
        int64_t v2 = expshift(ar);
        if (op == T_LEQ) v1 = v1 <= v2;
        else if (op == T_GEQ) v1 = v1 >= v2;
        else if (op == T_LT) v1 = v1 < v2;
        else v1 = v1 > v2;
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expeq(arith *ar)
{
    int64_t v1 = exprel(ar);
    while (!ar->err && (ar->c->curtok == T_EQEQ || ar->c->curtok == T_NEQ)) {
        int op = ar->c->curtok;
        readtok(ar);
        int64_t v2 = exprel(ar);
        v1 = op == T_EQEQ ? v1 == v2 : v1 != v2;
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expband(arith *ar)
{
    int64_t v1 = expeq(ar);
    while (!ar->err && ar->c->curtok == T_BAND) {
        readtok(ar);
        int64_t v2 = expeq(ar);
        v1 &= v2;
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expbxor(arith *ar)
{
    int64_t v1 = expband(ar);
    while (!ar->err && ar->c->curtok == T_BXOR) {
        readtok(ar);
        int64_t v2 = expband(ar);
        v1 ^= v2;
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expbor(arith *ar)
{
    int64_t v1 = expbxor(ar);
    while (!ar->err && ar->c->curtok == T_BOR) {
        readtok(ar);
        int64_t v2 = expbxor(ar);
        v1 |= v2;
        ar->c->lasttok = T_NUM;
    }
    return v1;
}

static int64_t expland(arith *ar)
{
    int64_t v1 = expbor(ar);
    while (!ar->err && ar->c->curtok == T_LAND) {
        int set = 0;
        if (v1 == 0) { set = 1; ar->noeval++; }
        readtok(ar);
        int64_t v2 = expbor(ar);
        if (set) ar->noeval--;
        v1 = v1 && v2;
        ar->c->lasttok = T_LAND;
    }
    return v1;
}

static int64_t explor(arith *ar)
{
    int64_t v1 = expland(ar);
    while (!ar->err && ar->c->curtok == T_LOR) {
        int set = 0;
        if (v1 != 0) { set = 1; ar->noeval++; }
        readtok(ar);
        int64_t v2 = expland(ar);
        if (set) ar->noeval--;
        v1 = v1 || v2;
        ar->c->lasttok = T_LOR;
    }
    return v1;
}

static int64_t expcond(arith *ar)
{
    int64_t cval = explor(ar), rval = cval;
    if (!ar->err && ar->c->curtok == T_QUES) {
        ar->c->lasttok = 0;
        readtok(ar);
        if (ar->err) return 0;
        if (ar->c->curtok == T_EOF || ar->c->curtok == T_COL) { evalerror(ar, "expression expected"); return 0; }
        int set = 0;
        if (cval == 0) { set = 1; ar->noeval++; }
        int64_t v1 = expcomma(ar);
        if (set) ar->noeval--;
        if (ar->err) return 0;
        if (ar->c->curtok != T_COL) { evalerror(ar, "`:' expected for conditional expression"); return 0; }
        set = 0;
        if (cval) { set = 1; ar->noeval++; }
        readtok(ar);
        if (ar->err) return 0;
        if (ar->c->curtok == T_EOF) { evalerror(ar, "expression expected"); return 0; }
        int64_t v2 = expcond(ar);
        if (set) ar->noeval--;
        rval = cval ? v1 : v2;
        ar->c->lasttok = T_NUM;
    }
    return rval;
}

static int64_t expassign(arith *ar)
{
    int64_t value = expcond(ar);
    actx *c = ar->c;
    if (ar->err) return 0;
    if (c->curtok == T_EQ || c->curtok == T_OPASSIGN) {
        int special = c->curtok == T_OPASSIGN;
        int op = c->assigntok;
        int64_t lvalue = value;
        if (c->lasttok != T_STR) { evalerror(ar, "attempted assignment to non-variable"); return 0; }
        if (!c->tokstr) { evalerror(ar, "syntax error: operand expected"); return 0; }
        const char *lhs = c->tokstr;
        size_t lhslen = c->toklen;
        int has_ind = c->has_ind;
        int64_t ind = c->ind;
        readtok(ar);
        value = expassign(ar);
        c = ar->c;
        if (ar->err) return 0;
        if (special) {
            if ((op == T_DIV || op == T_MOD) && value == 0) {
                if (!ar->noeval) { evalerror(ar, "division by 0"); return 0; }
                value = 1;
            }
            switch (op) {
            case T_MUL: lvalue = (int64_t)((uint64_t)lvalue * (uint64_t)value); break;
            case T_DIV:
                lvalue = (lvalue == INT64_MIN && value == -1) ? INT64_MIN : lvalue / value;
                break;
            case T_MOD: lvalue = (lvalue == INT64_MIN && value == -1) ? 0 : lvalue % value; break;
            case T_PLUS: lvalue = (int64_t)((uint64_t)lvalue + (uint64_t)value); break;
            case T_MINUS: lvalue = (int64_t)((uint64_t)lvalue - (uint64_t)value); break;
            case T_LSH: lvalue = (int64_t)((uint64_t)lvalue << (value & 63)); break;
            case T_RSH: lvalue = lvalue >> (value & 63); break;
            case T_BAND: lvalue &= value; break;
            case T_BOR: lvalue |= value; break;
            case T_BXOR: lvalue ^= value; break;
            default: evalerror(ar, "bug: bad expassign token"); return 0;
            }
            value = lvalue;
        }
        bind(ar, lhs, lhslen, has_ind, ind, value);
        c->tokstr = NULL;
    }
    return value;
}

static int64_t expcomma(arith *ar)
{
    int64_t v = expassign(ar);
    while (!ar->err && ar->c->curtok == T_COMMA) {
        readtok(ar);
        v = expassign(ar);
    }
    return v;
}

static int64_t subexpr(arith *ar, const char *s, size_t n)
{
    const char *end = s + n;
    const char *p = s;
    while (p < end && is_ws(*p)) p++;
    if (p == end) return 0;
    if (sk_stack_low(ar->st->stack_limit)) {
        sh_stack_exhausted(ar->st);
        ar->err = SH_E_LIMIT;
        return 0;
    }
    if (ar->depth >= SH_ARITH_MAX_DEPTH) {
        if (!ar->c) {
            /* no expression context yet: name the text itself */
            sh_err(ar->st, "%.*s: expression recursion level exceeded (error token is \"%.*s\")", (int)n, s, (int)n, s);
            ar->err = SH_E_ARITH;
        } else {
            evalerror(ar, "expression recursion level exceeded");
        }
        return 0;
    }
    actx c;
    memset(&c, 0, sizeof c);
    c.expr = s;
    c.end = end;
    c.tp = s;
    actx *save = ar->c;
    ar->c = &c;
    ar->depth++;
    readtok(ar);
    int64_t v = expcomma(ar);
    if (!ar->err && ar->c->curtok != T_EOF) evalerror(ar, "syntax error in expression");
    ar->depth--;
    ar->c = save;
    return v;
}

int sh_arith_eval(sh_state *st, const char *expr, size_t len, const char *cmdname, int64_t *out)
{
    arith ar;
    memset(&ar, 0, sizeof ar);
    ar.st = st;
    ar.cmdname = cmdname;
    /* arithmetic evaluation nests through variables, subscripts and
     * integer attributes: keep one budget across the nesting */
    ar.depth = st->arith_depth;
    st->arith_depth++;
    int64_t v = subexpr(&ar, expr, len);
    st->arith_depth--;
    *out = ar.err ? 0 : v;
    return ar.err;
}

int sh_arith_eval_str(sh_state *st, const char *expr, int64_t *out)
{
    return sh_arith_eval(st, expr, strlen(expr), NULL, out);
}
