/* python.c — Python `re` syntax translated to PCRE2 syntax.
 *
 * PCRE2 already reads most of Python's syntax ((?P<n>...), (?P=n), (?:),
 * lookarounds, atomic groups and possessive quantifiers, scoped flags).
 * This pass rewrites what differs — \Z (Python's end of string is \z),
 * \u/\U/\x/octal escapes, \v (a character, not PCRE's class), {,n}, '['
 * inside a class (never a POSIX class in Python), global inline flags
 * (a, u, L and x are handled here; x strips whitespace and comments) — and
 * reports the common errors with Python's messages ("missing ),
 * unterminated subpattern at position 0", "bad escape \q at position 3",
 * "nothing to repeat", "multiple repeat", "invalid group reference").
 * Positions are in characters for str (UTF-8) patterns, as Python counts.
 *
 * TODO: \N{NAME} escapes (needs a Unicode name table); the Python error
 * messages of the rarer failures come from PCRE2 instead.
 * Never recursive: groups are an explicit stack. */
#include <stdio.h>
#include <string.h>

#include "translate.h"

enum { L_NONE, L_ATOM, L_QUANT, L_QMOD };

typedef struct py {
    sk_buf *out;
    const unsigned char *p;
    size_t n, i;
    int utf8, verbose;
    int group_base, ngroups;
    size_t open_pos[RX_MAX_NEST];
    int open_num[RX_MAX_NEST];      /* group number, 0 when not capturing */
    int depth;
    int last;
    int only_flags;                 /* nothing but global flags emitted yet */
    struct { size_t off, len; int num; } names[64];   /* named groups seen (first 64) */
    int nnames;
    unsigned *extra;
    rx_error *err;
} py;

static size_t charpos(const py *t, size_t byte)
{
    if (!t->utf8) return byte;
    size_t c = 0;
    for (size_t k = 0; k < byte && k < t->n; k++)
        if ((t->p[k] & 0xc0) != 0x80) c++;
    return c;
}

static int pfail(py *t, size_t at, const char *fmt, const char *arg)
{
    char msg[140];
    char full[160];
    snprintf(msg, sizeof msg, fmt, arg ? arg : "");
    snprintf(full, sizeof full, "%s at position %zu", msg, charpos(t, at));
    return rx_set_error(t->err, at, full);
}

static int pnomem(py *t)
{
    if (t->err) {
        t->err->code = RX_ENOMEM;
        strcpy(t->err->msg, "out of memory");
    }
    return RX_ENOMEM;
}

static int pput(py *t, const char *s) { return sk_buf_puts(t->out, s) ? pnomem(t) : 0; }

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int put_cp(py *t, uint32_t cp)
{
    if (!t->utf8 && cp > 0xff) return pnomem(t);
    return sk_buf_printf(t->out, "\\x{%x}", (unsigned)cp) ? pnomem(t) : 0;
}

/* An escape at p[i] == '\\'.  in_class: inside [...].  Emits the
 * translation and sets *kind: 0 atom, 1 anchor (not repeatable). */
static int escape(py *t, int in_class, int *kind)
{
    const unsigned char *p = t->p;
    size_t bs = t->i;
    *kind = 0;
    if (bs + 1 >= t->n) return pfail(t, bs, "bad escape (end of pattern)", NULL);
    unsigned char c = p[bs + 1];
    t->i = bs + 2;
    char esc[8];
    switch (c) {
    case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
        snprintf(esc, sizeof esc, "\\%c", c);
        return pput(t, esc);
    case 'b':
        if (in_class) return pput(t, "\\x{08}");
        *kind = 1;
        return pput(t, "\\b");
    case 'B': case 'A': case 'Z':
        if (in_class) { snprintf(esc, sizeof esc, "\\%c", c); return pfail(t, bs, "bad escape %s", esc); }
        *kind = 1;
        return pput(t, c == 'Z' ? "\\z" : c == 'A' ? "\\A" : "\\B");
    case 'a': return pput(t, "\\x{07}");
    case 'f': return pput(t, "\\x{0c}");
    case 'n': return pput(t, "\\x{0a}");
    case 'r': return pput(t, "\\x{0d}");
    case 't': return pput(t, "\\x{09}");
    case 'v': return pput(t, "\\x{0b}");
    case 'x': case 'u': case 'U': {
        int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        if (c != 'x' && !t->utf8) { snprintf(esc, sizeof esc, "\\%c", c); return pfail(t, bs, "bad escape %s", esc); }
        uint32_t v = 0;
        int k;
        for (k = 0; k < want && t->i + (size_t)k < t->n && hexval(p[t->i + k]) >= 0; k++)
            v = v * 16 + (uint32_t)hexval(p[t->i + k]);
        if (k < want) {
            char tmp[16];
            size_t l = 2 + (size_t)k;
            memcpy(tmp, p + bs, l);
            tmp[l] = 0;
            return pfail(t, bs, "incomplete escape %s", tmp);
        }
        t->i += (size_t)want;
        if (v > 0x10ffff) {
            char tmp[16];
            memcpy(tmp, p + bs, 10);
            tmp[10] = 0;
            return pfail(t, bs, "bad escape %s", tmp);
        }
        return put_cp(t, v);
    }
    case 'N':
        return pfail(t, bs, "bad escape \\N (named characters are not supported)", NULL);
    case '0': {
        uint32_t v = 0;
        int k = 0;
        while (k < 2 && t->i < t->n && p[t->i] >= '0' && p[t->i] <= '7') v = v * 8 + (p[t->i++] - '0'), k++;
        return put_cp(t, v);
    }
    default: break;
    }
    if (c >= '1' && c <= '9') {
        /* three octal digits: a character; otherwise a group reference */
        if (t->i + 1 < t->n + 0 && c <= '7' && p[t->i] >= '0' && p[t->i] <= '7' && t->i + 1 < t->n &&
            p[t->i + 1] >= '0' && p[t->i + 1] <= '7') {
            uint32_t v = (uint32_t)((c - '0') * 64 + (p[t->i] - '0') * 8 + (p[t->i + 1] - '0'));
            t->i += 2;
            if (v > 0377) {
                char tmp[8];
                memcpy(tmp, p + bs, 4);
                tmp[4] = 0;
                return pfail(t, bs, "octal escape value %s outside of range 0-0o377", tmp);
            }
            return put_cp(t, v);
        }
        if (in_class) {
            snprintf(esc, sizeof esc, "\\%c", c);
            return pfail(t, bs, "bad escape %s", esc);
        }
        int num = c - '0';
        if (t->i < t->n && p[t->i] >= '0' && p[t->i] <= '9') num = num * 10 + (p[t->i++] - '0');
        char numtxt[8];
        snprintf(numtxt, sizeof numtxt, "%d", num);
        if (num > t->ngroups) return pfail(t, bs + 1, "invalid group reference %s", numtxt);
        for (int d = 0; d < t->depth; d++)
            if (t->open_num[d] == num) return pfail(t, bs, "cannot refer to an open group", NULL);
        return sk_buf_printf(t->out, "\\g{%d}", num + t->group_base) ? pnomem(t) : 0;
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        snprintf(esc, sizeof esc, "\\%c", c);
        return pfail(t, bs, "bad escape %s", esc);
    }
    if (c >= 0x80) {
        size_t l = t->utf8 ? rx_utf8_len(p + bs + 1, t->n - bs - 1, NULL) : 1;
        if (l == 0) l = 1;
        t->i = bs + 1 + l;
        if (t->utf8) return sk_buf_put(t->out, p + bs + 1, l) ? pnomem(t) : 0;
        return sk_buf_printf(t->out, "\\x{%02x}", c) ? pnomem(t) : 0;
    }
    return rx_put_literal(t->out, c, t->utf8) ? pnomem(t) : 0;
}

static int charclass(py *t)
{
    const unsigned char *p = t->p;
    size_t open = t->i;
    t->i++;
    if (pput(t, "[")) return RX_ENOMEM;
    if (t->i < t->n && p[t->i] == '^') {
        t->i++;
        if (pput(t, "^")) return RX_ENOMEM;
    }
    int first = 1;
    for (;;) {
        if (t->i >= t->n) return pfail(t, open, "unterminated character set", NULL);
        unsigned char c = p[t->i];
        if (c == ']' && !first) { t->i++; break; }
        first = 0;
        int kind, r;
        if (c == '\\') {
            r = escape(t, 1, &kind);
        } else if (c == '[' || c == ']') {
            t->i++;
            r = pput(t, c == '[' ? "\\[" : "\\]");
        } else {
            t->i++;
            r = sk_buf_putc(t->out, c) ? pnomem(t) : 0;
        }
        if (r) return r;
    }
    return pput(t, "]");
}

/* {m,n} at p[i] == '{': 1 when it is a repeat (emitted), 0 when literal. */
static int brace(py *t, char *q, size_t qn, size_t *end)
{
    const unsigned char *p = t->p;
    size_t j = t->i + 1;
    long lo = -1, hi = -1;
    int comma = 0;
    while (j < t->n && p[j] >= '0' && p[j] <= '9') { lo = (lo < 0 ? 0 : lo) * 10 + (p[j] - '0'); if (lo > 100000000) lo = 100000000; j++; }
    if (j < t->n && p[j] == ',') {
        comma = 1;
        j++;
        while (j < t->n && p[j] >= '0' && p[j] <= '9') { hi = (hi < 0 ? 0 : hi) * 10 + (p[j] - '0'); if (hi > 100000000) hi = 100000000; j++; }
    }
    if (j >= t->n || p[j] != '}' || (lo < 0 && !comma && hi < 0)) return 0;
    if (!comma) hi = lo;
    if (lo < 0) lo = 0;
    if (hi >= 0 && hi < lo) return -1;
    if (lo > 65535 || hi > 65535) return -2;
    if (hi < 0) snprintf(q, qn, "{%ld,}", lo);
    else snprintf(q, qn, "{%ld,%ld}", lo, hi);
    *end = j + 1;
    return 1;
}

static int repeat(py *t, const char *q, size_t at)
{
    if (t->last == L_NONE) return pfail(t, at, "nothing to repeat", NULL);
    if (t->last == L_QUANT || t->last == L_QMOD) return pfail(t, at, "multiple repeat", NULL);
    t->last = L_QUANT;
    return pput(t, q);
}

static int group_open(py *t)
{
    const unsigned char *p = t->p;
    size_t open = t->i;
    if (t->depth >= RX_MAX_NEST) return pfail(t, open, "too many nested groups", NULL);
    int num = 0;
    size_t j = t->i + 1;
    if (j < t->n && p[j] == '?') {
        j++;
        if (j >= t->n) return pfail(t, t->n, "unexpected end of pattern", NULL);
        unsigned char c = p[j];
        if (c == 'P') {
            if (j + 1 < t->n && p[j + 1] == '<') {
                size_t k = j + 2;
                while (k < t->n && p[k] != '>') k++;
                if (k >= t->n) return pfail(t, j + 2, "missing >, unterminated name", NULL);
                if (k == j + 2) return pfail(t, j + 2, "missing group name", NULL);
                for (int q = 0; q < t->nnames; q++)
                    if (t->names[q].len == k - (j + 2) && !memcmp(p + t->names[q].off, p + j + 2, k - (j + 2))) {
                        char msg[120];
                        snprintf(msg, sizeof msg, "redefinition of group name '%.*s' as group %d; was group %d",
                                 (int)(k - (j + 2) < 40 ? k - (j + 2) : 40), (const char *)p + j + 2, t->ngroups + 1,
                                 t->names[q].num);
                        return pfail(t, j + 2, "%s", msg);
                    }
                num = ++t->ngroups;
                if (t->nnames < 64) {
                    t->names[t->nnames].off = j + 2;
                    t->names[t->nnames].len = k - (j + 2);
                    t->names[t->nnames].num = num;
                    t->nnames++;
                }
                if (sk_buf_put(t->out, p + open, k + 1 - open)) return pnomem(t);
                t->i = k + 1;
            } else if (j + 1 < t->n && p[j + 1] == '=') {
                size_t k = j + 2;
                while (k < t->n && p[k] != ')') k++;
                if (k >= t->n) return pfail(t, j + 2, "missing ), unterminated name", NULL);
                int found = t->nnames >= 64 ? -2 : -1;
                for (int q = 0; q < t->nnames; q++)
                    if (t->names[q].len == k - (j + 2) && !memcmp(p + t->names[q].off, p + j + 2, k - (j + 2)))
                        found = t->names[q].num;
                if (found == -1) {
                    char nm[64];
                    size_t nl = k - (j + 2) < sizeof nm - 3 ? k - (j + 2) : sizeof nm - 3;
                    nm[0] = '\'';
                    memcpy(nm + 1, p + j + 2, nl);
                    nm[nl + 1] = '\'';
                    nm[nl + 2] = 0;
                    return pfail(t, j + 2, "unknown group name %s", nm);
                }
                for (int d = 0; d < t->depth; d++)
                    if (found > 0 && t->open_num[d] == found) return pfail(t, j + 2, "cannot refer to an open group", NULL);
                if (sk_buf_put(t->out, p + open, k + 1 - open)) return pnomem(t);
                t->i = k + 1;
                t->last = L_ATOM;
                t->only_flags = 0;
                return 0;   /* a whole atom, nothing pushed */
            } else {
                char ext[4] = { '?', 'P', j + 1 < t->n ? (char)p[j + 1] : 0, 0 };
                return pfail(t, j - 1, "unknown extension %s", ext);
            }
        } else if (c == '#') {
            size_t k = j;
            while (k < t->n && p[k] != ')') k++;
            if (k >= t->n) return pfail(t, open, "missing ), unterminated comment", NULL);
            t->i = k + 1;
            return 0;
        } else if (c == ':' || c == '>' || c == '=' || c == '!' ||
                   (c == '<' && j + 1 < t->n && (p[j + 1] == '=' || p[j + 1] == '!'))) {
            size_t l = c == '<' ? 2 : 1;
            if (pput(t, "(?") || sk_buf_put(t->out, p + j, l)) return pnomem(t);
            t->i = j + l;
        } else if (c == '<') {
            /* (?<name>...): not Python, but harmless to accept */
            size_t k = j + 1;
            while (k < t->n && p[k] != '>') k++;
            if (k >= t->n) return pfail(t, j + 1, "missing >, unterminated name", NULL);
            num = ++t->ngroups;
            if (sk_buf_put(t->out, p + open, k + 1 - open)) return pnomem(t);
            t->i = k + 1;
        } else if (c == '(') {
            size_t k = j + 1;
            while (k < t->n && p[k] != ')') k++;
            if (k >= t->n) return pfail(t, j + 1, "missing ), unterminated name", NULL);
            if (sk_buf_put(t->out, p + open, k + 1 - open)) return pnomem(t);
            t->i = k + 1;
        } else {
            /* inline flags: (?aiLmsux) global, (?aiLmsux-imsx:...) scoped */
            size_t k = j;
            char on[8], off[8];
            size_t non = 0, noff = 0;
            int minus = 0;
            while (k < t->n && strchr("aiLmsux-", p[k]) && p[k]) {
                if (p[k] == '-') {
                    if (minus) break;
                    minus = 1;
                } else if (p[k] == 'L' && t->utf8) {
                    return pfail(t, k + 1, "bad inline flags: cannot use 'L' flag with a str pattern", NULL);
                } else if (minus) {
                    if (!strchr("imsx", p[k])) return pfail(t, k, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'", NULL);
                    if (noff < sizeof off - 1) off[noff++] = (char)p[k];
                } else if (strchr("imsx", p[k])) {
                    if (non < sizeof on - 1) on[non++] = (char)p[k];
                } else if (p[k] == 'a') {
                    *t->extra |= 1;
                }
                k++;
            }
            on[non] = 0;
            off[noff] = 0;
            if (k >= t->n) return pfail(t, k, "missing -, : or )", NULL);
            if (p[k] == ')' && !minus) {
                if (!t->only_flags) return pfail(t, open, "global flags not at the start of the expression", NULL);
                for (size_t f = 0; f < non; f++) {
                    if (on[f] == 'x') {
                        t->verbose = 1;
                    } else {
                        char fl[8] = { '(', '?', on[f], ')', 0 };
                        if (pput(t, fl)) return RX_ENOMEM;
                    }
                }
                t->i = k + 1;
                return 0;
            }
            if (p[k] != ':') {
                char ext[4] = { '?', (char)p[j], 0, 0 };
                if (k == j) return pfail(t, j - 1, "unknown extension %s", ext);
                return pfail(t, k, "missing -, : or )", NULL);
            }
            if (pput(t, "(?") || pput(t, on) || (noff && (pput(t, "-") || pput(t, off))) || pput(t, ":"))
                return RX_ENOMEM;
            t->i = k + 1;
        }
    } else {
        num = ++t->ngroups;
        t->i++;
        if (pput(t, "(")) return RX_ENOMEM;
    }
    t->open_pos[t->depth] = open;
    t->open_num[t->depth] = num;
    t->depth++;
    t->last = L_NONE;
    t->only_flags = 0;
    return 0;
}

int rx_tr_python(sk_buf *out, unsigned flags, const char *pat, size_t len, int group_base,
                 rx_info *info, rx_error *err, unsigned *extra)
{
    py t;
    memset(&t, 0, sizeof t);
    t.out = out;
    t.p = (const unsigned char *)pat;
    t.n = len;
    t.utf8 = (flags & RX_UTF8) != 0;
    t.verbose = (flags & RX_EXTENDED) != 0;
    t.group_base = group_base;
    t.extra = extra;
    t.err = err;
    t.only_flags = 1;
    if (info) memset(info, 0, sizeof *info);
    const unsigned char *p = t.p;
    while (t.i < t.n) {
        unsigned char c = p[t.i];
        size_t at = t.i;
        int r = 0, kind;
        if (t.verbose && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')) {
            t.i++;
            continue;
        }
        if (t.verbose && c == '#') {
            while (t.i < t.n && p[t.i] != '\n') t.i++;
            continue;
        }
        if (c != '(') t.only_flags = 0;
        switch (c) {
        case '\\':
            r = escape(&t, 0, &kind);
            t.last = kind ? L_NONE : L_ATOM;
            if (!r && t.out->len >= 3 && info && !memcmp(t.out->p + t.out->len - 3, "\\g{", 3)) info->backrefs = 1;
            break;
        case '[':
            r = charclass(&t);
            t.last = L_ATOM;
            break;
        case '(':
            r = group_open(&t);
            break;
        case ')':
            if (t.depth == 0) return pfail(&t, at, "unbalanced parenthesis", NULL);
            t.depth--;
            t.i++;
            r = pput(&t, ")");
            t.last = L_ATOM;
            break;
        case '|':
            t.i++;
            r = pput(&t, "|");
            t.last = L_NONE;
            break;
        case '^': case '$':
            t.i++;
            r = pput(&t, c == '^' ? "^" : "$");
            t.last = L_NONE;
            break;
        case '*': case '+': case '?':
            t.i++;
            if ((c == '?' || c == '+') && t.last == L_QUANT) {
                t.last = L_QMOD;
                r = sk_buf_putc(t.out, c) ? pnomem(&t) : 0;
            } else {
                char q[2] = { (char)c, 0 };
                r = repeat(&t, q, at);
            }
            break;
        case '{': {
            char q[48];
            size_t end = 0;
            int b = brace(&t, q, sizeof q, &end);
            if (b == -1) return pfail(&t, at + 1, "min repeat greater than max repeat", NULL);
            if (b == -2) return pfail(&t, at + 1, "the repetition number is too large", NULL);
            if (b == 0) {
                t.i++;
                r = pput(&t, "\\{");
                t.last = L_ATOM;
            } else {
                t.i = end;
                r = repeat(&t, q, at);
            }
            break;
        }
        default:
            if (c >= 0x80 && t.utf8) {
                size_t l = rx_utf8_len(p + t.i, t.n - t.i, NULL);
                if (l == 0) l = 1;
                r = sk_buf_put(t.out, p + t.i, l) ? pnomem(&t) : 0;
                t.i += l;
            } else if (c == '.' ) {
                t.i++;
                r = pput(&t, ".");
            } else if (t.verbose && (c == '#' || c == ' ')) {
                t.i++;
            } else {
                t.i++;
                r = rx_put_literal(t.out, c, t.utf8) ? pnomem(&t) : 0;
            }
            t.last = L_ATOM;
            break;
        }
        if (r) return r;
    }
    if (t.depth > 0) return pfail(&t, t.open_pos[t.depth - 1], "missing ), unterminated subpattern", NULL);
    if (info) info->groups = t.ngroups;
    return 0;
}
