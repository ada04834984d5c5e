/* regex.c — awk's regular expressions over the project's regex layer.
 *
 * awk regexes are POSIX EREs with awk's escapes (\/ \" \n \t \ddd \xHH,
 * also inside brackets) and gawk's operators (\y \B \< \> \` \' \s \S \w
 * \W).  They are rewritten here into the GNU ERE that src/regex compiles
 * (RX_ERE, UTF-8, leftmost-longest): escapes become literal characters,
 * \y becomes \b, a bracket expression is rebuilt with POSIX placement rules
 * (']' first, '-' last), a quantifier with nothing before it is a literal
 * (gawk), {,n} is {0,n}, and an unmatched parenthesis is an error.
 * awk's `\b` is a backspace, and `\1` an octal escape, not a back-reference. */
#include <stdio.h>
#include <string.h>

#include "awk.h"
#include "regex/regex.h"

struct awk_re {
    rx *re;
    int ngroups;
};

static int is_hex(int c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int hexv(int c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

/* A literal byte in ERE syntax (outside brackets). */
static void ere_lit(sk_buf *o, unsigned char c)
{
    if (c && strchr("\\.[]()*+?{}|^$", c)) sk_buf_putc(o, '\\');
    sk_buf_putc(o, c);
}

/* Decode an awk escape at p[i] == '\\' that stands for one byte; returns
 * the byte (and advances *ip) or -1 when it is an operator escape. */
static int byte_escape(const char *p, size_t n, size_t *ip)
{
    size_t i = *ip;
    if (i + 1 >= n) { *ip = i + 1; return '\\'; }   /* trailing backslash */
    unsigned char c = (unsigned char)p[i + 1];
    int v = -1;
    size_t j = i + 2;
    switch (c) {
    case 'n': v = '\n'; break;
    case 't': v = '\t'; break;
    case 'r': v = '\r'; break;
    case 'f': v = '\f'; break;
    case 'v': v = '\v'; break;
    case 'a': v = '\a'; break;
    case 'b': v = '\b'; break;
    case '/': v = '/'; break;
    case '"': v = '"'; break;
    case 'x':
        if (j < n && is_hex((unsigned char)p[j])) {
            v = hexv((unsigned char)p[j++]);
            if (j < n && is_hex((unsigned char)p[j])) v = v * 16 + hexv((unsigned char)p[j++]);
        } else {
            v = 'x';
        }
        break;
    default:
        if (c >= '0' && c <= '7') {
            v = c - '0';
            int k = 1;
            while (k < 3 && j < n && p[j] >= '0' && p[j] <= '7') { v = v * 8 + (p[j++] - '0'); k++; }
        }
        break;
    }
    if (v < 0) return -1;
    *ip = j;
    return v;
}

/* One member of a bracket expression. */
typedef struct bmember {
    const char *p;    /* text to emit (a class like [:alpha:], or one character) */
    size_t n;
} bmember;

/* Translate the bracket expression at p[i] == '['; appends to o and
 * returns the index after it, or 0 when it is not closed. */
static size_t bracket(const char *p, size_t n, size_t i, sk_buf *o)
{
    size_t j = i + 1;
    int neg = 0;
    if (j < n && p[j] == '^') { neg = 1; j++; }
    sk_buf body = SK_BUF_INIT(o->a);
    int has_rbracket = 0, has_dash = 0, has_caret = 0;
    int first = 1;
    char one[8];
    while (j < n) {
        unsigned char c = (unsigned char)p[j];
        if (c == ']' && !first) break;
        first = 0;
        if (c == '[' && j + 1 < n && (p[j + 1] == ':' || p[j + 1] == '.' || p[j + 1] == '=')) {
            char kind = p[j + 1];
            size_t k = j + 2;
            while (k + 1 < n && !(p[k] == kind && p[k + 1] == ']')) k++;
            if (k + 1 >= n) { sk_buf_free(&body); return 0; }
            if (kind == ':') {
                sk_buf_put(&body, p + j, k + 2 - j);
            } else {
                /* [.x.] and [=x=]: the character itself */
                for (size_t m = j + 2; m < k; m++) {
                    unsigned char d = (unsigned char)p[m];
                    if (d == ']') has_rbracket = 1;
                    else if (d == '-') has_dash = 1;
                    else if (d == '^') has_caret = 1;
                    else sk_buf_putc(&body, d);
                }
            }
            j = k + 2;
            continue;
        }
        int lit;
        if (c == '\\') {
            size_t k = j;
            lit = byte_escape(p, n, &k);
            if (lit < 0) {
                /* \] \\ \- \[ and any other escaped character: itself */
                lit = j + 1 < n ? (unsigned char)p[j + 1] : '\\';
                k = j + 2;
            }
            j = k;
        } else {
            lit = c;
            j++;
        }
        /* a range: x-y (the end may be escaped too) */
        if (j + 1 < n && p[j] == '-' && p[j + 1] != ']') {
            size_t k = j + 1;
            int hi;
            if (p[k] == '\\') {
                hi = byte_escape(p, n, &k);
                if (hi < 0) { hi = k + 1 < n ? (unsigned char)p[k + 1] : '\\'; k += 2; }
            } else {
                /* copy a whole UTF-8 character as the range end */
                size_t e = k + 1;
                while (e < n && ((unsigned char)p[e] & 0xC0) == 0x80) e++;
                if (lit == '[' ) sk_buf_puts(&body, "[.[.]");
                else sk_buf_putc(&body, (char)lit);
                sk_buf_putc(&body, '-');
                sk_buf_put(&body, p + k, e - k);
                j = e;
                continue;
            }
            if (lit == '[') sk_buf_puts(&body, "[.[.]");
            else sk_buf_putc(&body, (char)lit);
            sk_buf_putc(&body, '-');
            if (hi == ']') sk_buf_puts(&body, "[.].]");
            else if (hi == '[') sk_buf_puts(&body, "[.[.]");
            else sk_buf_putc(&body, (char)hi);
            j = k;
            continue;
        }
        if (lit == ']') has_rbracket = 1;
        else if (lit == '-') has_dash = 1;
        else if (lit == '^') has_caret = 1;
        else if (lit == '[') sk_buf_puts(&body, "[.[.]");
        else {
            one[0] = (char)lit;
            sk_buf_put(&body, one, 1);
        }
    }
    if (j >= n) { sk_buf_free(&body); return 0; }
    /* POSIX placement: ']' first, '^' not first, '-' last */
    if (!neg && !has_rbracket && !body.len && has_caret) {
        sk_buf_puts(o, has_dash ? "[-^]" : "\\^");
        sk_buf_free(&body);
        return j + 1;
    }
    sk_buf_putc(o, '[');
    if (neg) sk_buf_putc(o, '^');
    if (has_rbracket) sk_buf_putc(o, ']');
    if (body.len) sk_buf_put(o, body.p, body.len);
    if (has_caret) sk_buf_putc(o, '^');
    if (has_dash) sk_buf_putc(o, '-');
    sk_buf_putc(o, ']');
    sk_buf_free(&body);
    return j + 1;
}

/* awk regex → GNU ERE.  Returns 0, or -1 with a message. */
static int to_ere(const char *p, size_t n, sk_buf *o, char *err, size_t errlen)
{
    int depth = 0;
    int at_start = 1;   /* a quantifier here is a literal */
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)p[i];
        if (c == '\\') {
            size_t k = i;
            int b = byte_escape(p, n, &k);
            if (b >= 0) {
                ere_lit(o, (unsigned char)b);
                i = k;
                at_start = 0;
                continue;
            }
            unsigned char d = (unsigned char)p[i + 1];
            i += 2;
            at_start = 0;
            switch (d) {
            case 'y': sk_buf_puts(o, "\\b"); break;
            case 'B': case '<': case '>': case '`': case '\'': case 's': case 'S': case 'w': case 'W':
                sk_buf_putc(o, '\\');
                sk_buf_putc(o, d);
                break;
            default:
                ere_lit(o, d);
                break;
            }
            continue;
        }
        switch (c) {
        case '[': {
            size_t e = bracket(p, n, i, o);
            if (!e) { snprintf(err, errlen, "Unmatched [, [^, [:, [., or [="); return -1; }
            i = e;
            at_start = 0;
            continue;
        }
        case '(':
            depth++;
            sk_buf_putc(o, '(');
            i++;
            at_start = 1;
            continue;
        case ')':
            if (depth == 0) { snprintf(err, errlen, "Unmatched ) or \\)"); return -1; }
            depth--;
            sk_buf_putc(o, ')');
            i++;
            at_start = 0;
            continue;
        case '|':
            sk_buf_putc(o, '|');
            i++;
            at_start = 1;
            continue;
        case '^':
            sk_buf_putc(o, '^');
            i++;
            continue;   /* a quantifier right after ^ is still literal */
        case '*': case '+': case '?':
            if (at_start) ere_lit(o, c);
            else sk_buf_putc(o, c);
            i++;
            at_start = 0;
            continue;
        case '{': {
            if (at_start) { ere_lit(o, c); i++; at_start = 0; continue; }
            /* {,n} means {0,n} in gawk */
            if (i + 2 < n && p[i + 1] == ',' && p[i + 2] >= '0' && p[i + 2] <= '9') {
                sk_buf_puts(o, "{0");
                i++;
                continue;
            }
            sk_buf_putc(o, '{');
            i++;
            continue;
        }
        default:
            sk_buf_putc(o, c);
            i++;
            at_start = 0;
            continue;
        }
    }
    if (depth) { snprintf(err, errlen, "Unmatched ( or \\("); return -1; }
    return 0;
}

int awk_re_compile(awk_interp *in, const char *pat, size_t len, int icase, awk_re **out,
                   char *err, size_t errlen)
{
    *out = NULL;
    sk_buf o = SK_BUF_INIT(in->a);
    if (to_ere(pat, len, &o, err, errlen)) {
        sk_buf_free(&o);
        return -1;
    }
    rx *re;
    rx_error e;
    int r = rx_compile(&re, in->a, in->c->lim, RX_ERE, RX_UTF8 | (icase ? RX_ICASE : 0),
                       o.p ? o.p : "", o.len, &e);
    sk_buf_free(&o);
    if (r) {
        snprintf(err, errlen, "%s", r == RX_ENOMEM ? "Memory exhausted" : e.msg);
        return -1;
    }
    awk_re *a = sk_malloc(in->a, sizeof *a);
    if (!a) {
        rx_free(re);
        snprintf(err, errlen, "Memory exhausted");
        return -1;
    }
    a->re = re;
    a->ngroups = rx_group_count(re);
    *out = a;
    return 0;
}

void awk_re_free(awk_interp *in, awk_re *re)
{
    if (!re) return;
    rx_free(re->re);
    sk_free(in->a, re);
}

int awk_re_ngroups(const awk_re *re) { return re->ngroups; }

int awk_re_exec(awk_interp *in, awk_re *re, const char *s, size_t len, size_t start, int notbol,
                size_t *ov, int nov)
{
    unsigned fl = notbol ? RX_NOTBOL : 0;
    if (nov == 0) fl |= RX_ANY;
    int r = rx_exec(re->re, s, len, start, fl, nov ? ov : NULL, nov);
    if (r >= 0) return r;
    awk_fatal(in, "%s", rx_strerror(r));
    return -1;
}

awk_re *awk_re_dynamic(awk_interp *in, awk_str *pat)
{
    int icase = 0;
    if (in->g[G_IGNORECASE].kind == CELL_SCALAR) icase = awk_to_bool(in, &in->g[G_IGNORECASE].v);
    awk_dyn_re *slot = NULL;
    uint64_t oldest = UINT64_MAX;
    for (int i = 0; i < AWK_DYN_RE_CACHE; i++) {
        awk_dyn_re *d = &in->dyn[i];
        if (d->re && d->icase == icase && d->pat->len == pat->len && !memcmp(d->pat->s, pat->s, pat->len)) {
            d->used = ++in->dyn_clock;
            return d->re;
        }
        if (!d->re) { if (oldest) { oldest = 0; slot = d; } }
        else if (d->used < oldest) { oldest = d->used; slot = d; }
    }
    char msg[160];
    awk_re *re;
    if (awk_re_compile(in, pat->s, pat->len, icase, &re, msg, sizeof msg)) {
        awk_fatal(in, "invalid regexp: %s: /%s/", msg, pat->s);
        return NULL;
    }
    if (slot->re) {
        awk_re_free(in, slot->re);
        awk_str_unref(in, slot->pat);
    }
    slot->re = re;
    slot->pat = awk_str_ref(pat);
    slot->icase = icase;
    slot->used = ++in->dyn_clock;
    return re;
}

awk_re *awk_re_of(awk_interp *in, awk_node *n)
{
    if (n->op == N_REGEX) {
        if (in->g[G_IGNORECASE].kind == CELL_SCALAR && awk_to_bool(in, &in->g[G_IGNORECASE].v))
            return awk_re_dynamic(in, n->u.str);
        return n->re;
    }
    awk_val v = awk_eval(in, n);
    if (in->unwind) { awk_val_free(in, &v); return NULL; }
    awk_str *s = awk_to_str(in, &v);
    awk_val_free(in, &v);
    awk_re *re = awk_re_dynamic(in, s);
    awk_str_unref(in, s);
    return re;
}
