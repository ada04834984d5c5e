/* posix.c — POSIX BRE and ERE (GNU flavour) translated to PCRE2 syntax.
 *
 * What GNU grep and sed accept, with glibc's error messages:
 *   BRE  \( \) groups, \{m,n\} intervals, \| \+ \? (GNU), * literal at the
 *        start of an expression / after \( \| ^, ^ an anchor only at the
 *        start (of the RE, a group or an alternative), $ only at the end
 *        (or before \) \|), \1-\9 back-references;
 *   ERE  ( ) { } | + ? with the same escapes; a quantifier with nothing
 *        before it is ignored (GNU), an unmatched ) and a { that does not
 *        start a valid interval are literal;
 *   both \< \> \b \B \w \W \s \S \` \', bracket expressions with classes
 *        [:alpha:], equivalence classes [=a=], collating symbols [.-.],
 *        ]/^/- placement rules, backslash literal inside brackets.
 * Consecutive quantifiers (a** , a\{2\}\{3\}) repeat the quantified item,
 * so the earlier one is wrapped in (?:...) — PCRE2 would read a*+ as a
 * possessive and a*? as lazy.
 *
 * Never recursive: groups are an explicit stack of at most RX_MAX_NEST. */
#include <stdio.h>
#include <string.h>

#include "translate.h"

typedef struct tr {
    sk_buf *out;
    const unsigned char *p;
    size_t n, i;
    int ere, sed, utf8, icase, multiline;
    int group_base;
    int ngroups;                 /* groups opened so far */
    unsigned closed;             /* bit k: group k (1..31) is complete */
    size_t stack[RX_MAX_NEST];   /* out offset of each open group */
    int stack_num[RX_MAX_NEST];
    int depth;
    long last_atom;              /* out offset of the item a quantifier applies to */
    int last_quant;              /* that item already carries a quantifier */
    int at_start;                /* start of RE / group / alternative (BRE: also after ^) */
    rx_info *info;
    rx_error *err;
} tr;

static int nomem(tr *t)
{
    if (t->err) {
        t->err->code = RX_ENOMEM;
        t->err->offset = t->i;
        strcpy(t->err->msg, "Memory exhausted");
    }
    return RX_ENOMEM;
}

static int fail(tr *t, const char *msg) { return rx_set_error(t->err, t->i, msg); }

static int put(tr *t, const char *s) { return sk_buf_puts(t->out, s) ? nomem(t) : 0; }

/* Start a new atom at the current end of the output. */
static void atom_here(tr *t)
{
    t->last_atom = (long)t->out->len;
    t->last_quant = 0;
    t->at_start = 0;
}

static void no_atom(tr *t)
{
    t->last_atom = -1;
    t->last_quant = 0;
    t->at_start = 0;
}

static int put_lit(tr *t, unsigned char c)
{
    atom_here(t);
    return rx_put_literal(t->out, c, t->utf8) ? nomem(t) : 0;
}

/* Copy the character starting at p[i] (a whole UTF-8 sequence in UTF-8
 * mode) as a literal atom; advances t->i. */
static int put_char_at(tr *t)
{
    unsigned char c = t->p[t->i];
    if (t->utf8 && c >= 0x80) {
        uint32_t cp;
        size_t l = rx_utf8_len(t->p + t->i, t->n - t->i, &cp);
        if (l == 0) l = 1;
        atom_here(t);
        if (sk_buf_put(t->out, t->p + t->i, l)) return nomem(t);
        t->i += l;
        return 0;
    }
    t->i++;
    return put_lit(t, c);
}

/* Append a quantifier (text like "*", "{2,5}") to the last atom. */
static int quantify(tr *t, const char *q)
{
    /* glibc (sed) refuses "a**" and "a*\{2\}" in a BRE; grep's dfa takes them */
    if (t->last_quant && t->sed && !t->ere && (q[0] == '*' || q[0] == '{'))
        return fail(t, "Invalid preceding regular expression");
    if (t->last_quant) {
        size_t at = (size_t)t->last_atom;
        if (sk_buf_reserve(t->out, 3)) return nomem(t);
        memmove(t->out->p + at + 3, t->out->p + at, t->out->len - at);
        memcpy(t->out->p + at, "(?:", 3);
        t->out->len += 3;
        t->out->p[t->out->len] = 0;
        if (put(t, ")")) return RX_ENOMEM;
    }
    if (put(t, q)) return RX_ENOMEM;
    t->last_quant = 1;
    if (t->info) t->info->longest = 1;
    return 0;
}

/* GNU sed escapes that produce one byte: \n \t \r \f \v \a \dNNN \oNNN
 * \xHH \cX.  p[i] is the char after the backslash.  Returns the byte
 * (0..255) and advances *i, or -1 when not such an escape. */
static int sed_escape(const unsigned char *p, size_t n, size_t *i)
{
    size_t j = *i;
    int v = 0, k;
    switch (p[j]) {
    case 'n': *i = j + 1; return '\n';
    case 't': *i = j + 1; return '\t';
    case 'r': *i = j + 1; return '\r';
    case 'f': *i = j + 1; return '\f';
    case 'v': *i = j + 1; return '\v';
    case 'a': *i = j + 1; return '\a';
    case 'd':
        for (k = 0; k < 3 && j + 1 + k < n && p[j + 1 + k] >= '0' && p[j + 1 + k] <= '9'; k++)
            v = v * 10 + (p[j + 1 + k] - '0');
        if (k == 0 || v > 255) return -1;
        *i = j + 1 + k;
        return v;
    case 'o':
        for (k = 0; k < 3 && j + 1 + k < n && p[j + 1 + k] >= '0' && p[j + 1 + k] <= '7'; k++)
            v = v * 8 + (p[j + 1 + k] - '0');
        if (k == 0 || v > 255) return -1;
        *i = j + 1 + k;
        return v;
    case 'x':
        for (k = 0; k < 2 && j + 1 + k < n; k++) {
            int c = p[j + 1 + k], d;
            if (c >= '0' && c <= '9') d = c - '0';
            else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
            else break;
            v = v * 16 + d;
        }
        if (k == 0) return -1;
        *i = j + 1 + k;
        return v;
    case 'c':
        if (j + 1 >= n) return -1;
        v = p[j + 1];
        if (v >= 'a' && v <= 'z') v -= 32;
        *i = j + 2;
        return v ^ 0x40;
    default:
        return -1;
    }
}

/* ---- bracket expressions ------------------------------------------------ */

static const char *const posix_classes[] = {
    "alpha", "digit", "alnum", "upper", "lower", "space", "blank",
    "punct", "print", "graph", "cntrl", "xdigit", NULL,
};

/* One element of a bracket: a character (code point or byte) or a class. */
typedef struct belem {
    int is_class;
    uint32_t cp;                 /* character value */
    const unsigned char *raw;    /* its bytes in the pattern (or NULL) */
    size_t rawlen;
    unsigned char byte;          /* value when produced by an escape */
} belem;

static int put_class_char(tr *t, const belem *e)
{
    if (e->raw && t->utf8 && e->rawlen > 1)
        return sk_buf_put(t->out, e->raw, e->rawlen) ? nomem(t) : 0;
    unsigned char c = e->raw ? e->raw[0] : e->byte;
    if (!t->utf8 && c >= 0x80) return sk_buf_printf(t->out, "\\x{%02x}", c) ? nomem(t) : 0;
    return rx_put_literal(t->out, c, t->utf8) ? nomem(t) : 0;
}

/* Read one bracket element at t->i (not the closing ']').  Returns 0 with
 * *e filled, or an error. */
static int bracket_elem(tr *t, belem *e)
{
    const unsigned char *p = t->p;
    size_t n = t->n;
    memset(e, 0, sizeof *e);
    if (p[t->i] == '[' && t->i + 1 < n && (p[t->i + 1] == ':' || p[t->i + 1] == '=' || p[t->i + 1] == '.')) {
        unsigned char kind = p[t->i + 1];
        size_t s = t->i + 2, j = s;
        while (j + 1 < n && !(p[j] == kind && p[j + 1] == ']')) j++;
        if (j + 1 >= n) return fail(t, "Unmatched [, [^, [:, [., or [=");
        size_t nl = j - s;
        if (kind == ':') {
            int ok = 0;
            for (int k = 0; posix_classes[k]; k++)
                if (strlen(posix_classes[k]) == nl && !memcmp(posix_classes[k], p + s, nl)) ok = 1;
            if (!ok) return fail(t, "Invalid character class name");
            e->is_class = 1;
            e->raw = p + s;
            e->rawlen = nl;
        } else {
            /* [=c=] and [.c.]: a single character stands for itself */
            uint32_t cp = p[s];
            size_t cl = 1;
            if (t->utf8 && nl > 0 && p[s] >= 0x80) {
                cl = rx_utf8_len(p + s, nl, &cp);
                if (cl == 0) cl = 1, cp = p[s];
            }
            if (nl == 0 || cl != nl) return fail(t, "Invalid collation character");
            e->cp = cp;
            e->raw = p + s;
            e->rawlen = cl;
        }
        t->i = j + 2;
        return 0;
    }
    if (t->sed && p[t->i] == '\\' && t->i + 1 < n) {
        size_t j = t->i + 1;
        int v;
        if (p[j] == '\\') {
            e->cp = '\\';
            e->byte = '\\';
            t->i = j + 1;
            return 0;
        }
        if (p[j] == ']') {
            /* GNU sed: "\]" inside brackets is a backslash, then ']' closes */
        } else if ((v = sed_escape(p, n, &j)) >= 0) {
            e->cp = (uint32_t)v;
            e->byte = (unsigned char)v;
            t->i = j;
            return 0;
        }
    }
    uint32_t cp = p[t->i];
    size_t l = 1;
    if (t->utf8 && p[t->i] >= 0x80) {
        l = rx_utf8_len(p + t->i, n - t->i, &cp);
        if (l == 0) l = 1, cp = p[t->i];
    }
    e->cp = cp;
    e->raw = p + t->i;
    e->rawlen = l;
    t->i += l;
    return 0;
}

static int bracket(tr *t)
{
    const unsigned char *p = t->p;
    size_t n = t->n;
    size_t open = t->i;
    t->i++; /* '[' */
    int neg = 0;
    if (t->i < n && p[t->i] == '^') { neg = 1; t->i++; }
    {
        /* GNU refuses "[:space:]" (a class name without the outer brackets) */
        size_t j = t->i;
        if (j < n && p[j] == ']') j++;
        while (j < n && p[j] != ']') j++;
        if (j < n && j - t->i >= 2 && p[t->i] == ':' && p[j - 1] == ':' &&
            !memchr(p + t->i, '[', j - t->i))
            return fail(t, "character class syntax is [[:space:]], not [:space:]");
    }
    atom_here(t);
    if (put(t, neg ? "[^" : "[")) return RX_ENOMEM;
    /* with a multi-line subject, [^x] must not cross lines (REG_NEWLINE) */
    if (neg && t->multiline && put(t, "\\n")) return RX_ENOMEM;
    int first = 1;
    for (;;) {
        if (t->i >= n) { t->i = open; return fail(t, "Unmatched [, [^, [:, [., or [="); }
        if (p[t->i] == ']' && !first) { t->i++; break; }
        first = 0;
        belem a;
        int r = bracket_elem(t, &a);
        if (r) return r;
        if (a.is_class) {
            const char *name = (const char *)a.raw;
            char cls[16];
            size_t nl = a.rawlen < sizeof cls - 1 ? a.rawlen : sizeof cls - 1;
            memcpy(cls, name, nl);
            cls[nl] = 0;
            /* glibc: with REG_ICASE, [:upper:] and [:lower:] match both cases */
            if (t->icase && (!strcmp(cls, "upper") || !strcmp(cls, "lower"))) {
                if (put(t, "[:upper:][:lower:]")) return RX_ENOMEM;
            } else if (sk_buf_printf(t->out, "[:%s:]", cls)) {
                return nomem(t);
            }
            continue;
        }
        /* a range a-z (a '-' just before ']' is a literal) */
        if (t->i + 1 < n && p[t->i] == '-' && p[t->i + 1] != ']') {
            t->i++;
            belem b;
            r = bracket_elem(t, &b);
            if (r) return r;
            if (b.is_class || b.cp < a.cp) return fail(t, "Invalid range end");
            if (put_class_char(t, &a) || put(t, "-") || put_class_char(t, &b)) return RX_ENOMEM;
            continue;
        }
        if (put_class_char(t, &a)) return RX_ENOMEM;
    }
    return put(t, "]");
}

/* ---- intervals -------------------------------------------------------- */

/* Parse "m", "m,", ",n", "m,n" at t->i up to the closing "}" (ERE) or
 * "\}" (BRE).  Returns 1 with the quantifier emitted, 0 when (ERE only)
 * this is no interval and the '{' is literal, or an error. */
static int interval(tr *t)
{
    const unsigned char *p = t->p;
    size_t n = t->n, j = t->i;
    long lo = -1, hi = -1;
    int comma = 0;
    while (j < n && p[j] >= '0' && p[j] <= '9') {
        lo = (lo < 0 ? 0 : lo) * 10 + (p[j] - '0');
        if (lo > 1000000) lo = 1000000;
        j++;
    }
    if (j < n && p[j] == ',') {
        comma = 1;
        j++;
        while (j < n && p[j] >= '0' && p[j] <= '9') {
            hi = (hi < 0 ? 0 : hi) * 10 + (p[j] - '0');
            if (hi > 1000000) hi = 1000000;
            j++;
        }
    }
    int closed;
    if (t->ere) closed = j < n && p[j] == '}';
    else closed = j + 1 < n && p[j] == '\\' && p[j + 1] == '}';
    if (t->ere) {
        if (closed && j == t->i) return fail(t, "Invalid content of \\{\\}");   /* "a{}" */
        if (!closed || (lo < 0 && !comma)) return 0;   /* literal '{' */
    } else {
        if (!closed) {
            if (j >= n || (j + 1 >= n && p[j] == '\\')) return fail(t, "Unmatched \\{");
            return fail(t, "Invalid content of \\{\\}");
        }
        if (lo < 0 && !comma) return fail(t, "Invalid content of \\{\\}");
    }
    if (lo < 0) lo = 0;
    if (comma && hi >= 0 && hi < lo) return fail(t, "Invalid content of \\{\\}");
    if (lo > RX_DUP_MAX || hi > RX_DUP_MAX) return fail(t, "Regular expression too big");
    t->i = j + (t->ere ? 1 : 2);
    char q[32];
    if (!comma) snprintf(q, sizeof q, "{%ld}", lo);
    else if (hi < 0) snprintf(q, sizeof q, "{%ld,}", lo);
    else snprintf(q, sizeof q, "{%ld,%ld}", lo, hi);
    int r = quantify(t, q);
    return r ? r : 1;
}

/* ---- the main loop ------------------------------------------------------ */

static int open_group(tr *t)
{
    if (t->depth >= RX_MAX_NEST) return fail(t, "Regular expression too big");
    t->stack[t->depth] = t->out->len;
    t->stack_num[t->depth] = ++t->ngroups;
    t->depth++;
    if (put(t, "(")) return RX_ENOMEM;
    t->last_atom = -1;
    t->last_quant = 0;
    t->at_start = 1;
    return 0;
}

static int close_group(tr *t)
{
    t->depth--;
    int num = t->stack_num[t->depth];
    if (num < 32) t->closed |= 1u << num;
    if (put(t, ")")) return RX_ENOMEM;
    t->last_atom = (long)t->stack[t->depth];
    t->last_quant = 0;
    t->at_start = 0;
    return 0;
}

static int alternation(tr *t)
{
    if (t->info) t->info->longest = 1;
    if (put(t, "|")) return RX_ENOMEM;
    t->last_atom = -1;
    t->last_quant = 0;
    t->at_start = 1;
    return 0;
}

/* A quantifier character (* + ?) at t->i-1 with nothing before it: BRE
 * reads it as a literal, ERE ignores it. */
static int lone_quant(tr *t, unsigned char c)
{
    if (t->ere && t->sed) return fail(t, "Invalid preceding regular expression");   /* glibc */
    return t->ere ? 0 : put_lit(t, c);
}

static int escape(tr *t)
{
    const unsigned char *p = t->p;
    size_t n = t->n;
    size_t bs = t->i;
    t->i++;
    if (t->i >= n) { t->i = bs; return fail(t, "Trailing backslash"); }
    unsigned char c = p[t->i];
    if (!t->ere) {
        switch (c) {
        case '(': t->i++; return open_group(t);
        case ')':
            if (t->depth == 0) { t->i = bs; return fail(t, "Unmatched ) or \\)"); }
            t->i++;
            return close_group(t);
        case '|': t->i++; return alternation(t);
        case '{':
            t->i++;
            if (t->last_atom < 0) {
                if (t->sed) return fail(t, "Invalid preceding regular expression");
                return put_lit(t, '{');
            }
            {
                int k = interval(t);
                return k < 0 ? k : 0;
            }
        case '+': case '?':
            t->i++;
            if (t->last_atom < 0) return put_lit(t, c);
            return quantify(t, c == '+' ? "+" : "?");
        default: break;
        }
    }
    if (c >= '1' && c <= '9') {
        int num = c - '0';
        if (!(t->closed & (1u << num))) { t->i = bs; return fail(t, "Invalid back reference"); }
        t->i++;
        atom_here(t);
        if (t->info) t->info->backrefs = 1;
        return sk_buf_printf(t->out, "\\g{%d}", num + t->group_base) ? nomem(t) : 0;
    }
    switch (c) {
    case 'w': case 'W': case 's': case 'S':
        t->i++;
        atom_here(t);
        return sk_buf_printf(t->out, "\\%c", c) ? nomem(t) : 0;
    case 'b': case 'B':
        t->i++;
        no_atom(t);
        return sk_buf_printf(t->out, "\\%c", c) ? nomem(t) : 0;
    case '<': t->i++; no_atom(t); return put(t, "\\b(?=\\w)");
    case '>': t->i++; no_atom(t); return put(t, "\\b(?<=\\w)");
    case '`': t->i++; no_atom(t); return put(t, "\\A");
    case '\'': t->i++; no_atom(t); return put(t, "\\z");
    default: break;
    }
    if (t->sed) {
        size_t j = t->i;
        int v = sed_escape(p, n, &j);
        if (v >= 0) {
            t->i = j;
            return put_lit(t, (unsigned char)v);
        }
    }
    return put_char_at(t);
}

int rx_tr_posix(sk_buf *out, int ere, unsigned flags, const char *pat, size_t len,
                int group_base, rx_info *info, rx_error *err)
{
    tr t;
    memset(&t, 0, sizeof t);
    t.out = out;
    t.p = (const unsigned char *)pat;
    t.n = len;
    t.ere = ere;
    t.sed = (flags & RX_SED) != 0;
    t.utf8 = (flags & RX_UTF8) != 0;
    t.icase = (flags & RX_ICASE) != 0;
    t.multiline = (flags & RX_MULTILINE) != 0;
    t.group_base = group_base;
    t.info = info;
    t.err = err;
    t.last_atom = -1;
    t.at_start = 1;
    if (info) memset(info, 0, sizeof *info);
    const unsigned char *p = t.p;
    int r = 0;
    while (t.i < t.n && r == 0) {
        unsigned char c = p[t.i];
        switch (c) {
        case '\\':
            r = escape(&t);
            break;
        case '[':
            r = bracket(&t);
            break;
        case '.':
            t.i++;
            atom_here(&t);
            r = put(&t, ".");
            break;
        case '*':
            t.i++;
            if (t.last_atom < 0) r = lone_quant(&t, c);
            else r = quantify(&t, "*");
            break;
        case '^':
            t.i++;
            if (ere || t.at_start) {
                int keep = t.at_start;
                r = put(&t, "^");
                t.last_atom = -1;
                t.last_quant = 0;
                t.at_start = ere ? 0 : keep;
            } else {
                r = put_lit(&t, c);
            }
            break;
        case '$': {
            t.i++;
            int anchor = ere || t.i == t.n ||
                         (t.i + 1 < t.n && p[t.i] == '\\' && (p[t.i + 1] == ')' || p[t.i + 1] == '|'));
            if (anchor) {
                no_atom(&t);
                r = put(&t, "$");
            } else {
                r = put_lit(&t, c);
            }
            break;
        }
        default:
            if (!ere) {
                r = put_char_at(&t);
                break;
            }
            switch (c) {
            case '(': t.i++; r = open_group(&t); break;
            case ')':
                t.i++;
                if (t.depth == 0) {
                    /* literal for grep; glibc (sed) refuses it */
                    if (t.sed) { t.i--; r = fail(&t, "Unmatched ) or \\)"); }
                    else r = put_lit(&t, c);
                } else {
                    r = close_group(&t);
                }
                break;
            case '|': t.i++; r = alternation(&t); break;
            case '+': case '?':
                t.i++;
                if (t.last_atom < 0) r = lone_quant(&t, c);
                else r = quantify(&t, c == '+' ? "+" : "?");
                break;
            case '{': {
                t.i++;
                if (t.last_atom < 0) {
                    if (t.sed) {
                        r = fail(&t, "Invalid preceding regular expression");
                        break;
                    }
                    /* grep ignores an interval with nothing before it (like a
                     * leading '*'); a '{' that starts none is literal */
                    size_t save = t.i, olen = t.out->len;
                    t.last_atom = (long)olen;
                    int k = interval(&t);
                    t.out->len = olen;
                    if (t.out->p) t.out->p[olen] = 0;
                    t.last_atom = -1;
                    t.last_quant = 0;
                    if (k == RX_ENOMEM) r = k;
                    else if (k <= 0) { t.i = save; r = put_lit(&t, c); }
                    break;
                }
                int k = interval(&t);
                if (k < 0) r = k;
                else if (k == 0) r = put_lit(&t, c);
                break;
            }
            default: r = put_char_at(&t); break;
            }
        }
    }
    if (r) return r;
    if (t.depth > 0) {
        t.i = t.n;
        return fail(&t, "Unmatched ( or \\(");
    }
    if (info) info->groups = t.ngroups;
    return 0;
}
