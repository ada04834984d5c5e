/* regex.c — awk's regular expressions over PCRE2.
 *
 * awk regexes are POSIX EREs with awk's escapes (\/ \" \n \t \ddd ...) and
 * gawk's operators (\y \B \< \> \` \' \s \S \w \W).  They are translated to
 * PCRE2 syntax here; `.` matches a newline and `$` only the very end.  POSIX
 * asks for the leftmost-longest match: for patterns with alternation the
 * overall match comes from PCRE2's DFA matcher (which returns the longest
 * match at the leftmost position); groups come from the backtracking
 * matcher.  Every PCRE2 allocation is charged to the shell's allocator and
 * every match runs under the configured match and depth limits.
 *
 * This is the only file that knows about PCRE2; it is meant to be replaced
 * by the project's regex layer (src/regex) without touching the rest. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <string.h>

#include "awk.h"

struct awk_re {
    pcre2_code *code;
    pcre2_code *dfa;         /* alternations: the same pattern for the DFA matcher
                                (which cannot take invalid UTF-8: subjects are
                                checked first) */
    const char *valid_p;     /* the last subject found to be valid UTF-8 */
    size_t valid_n;
    pcre2_match_data *md;
    pcre2_match_context *mctx;
    int ngroups;
    int has_alt;
};

static void *re_malloc(PCRE2_SIZE n, void *ud) { return sk_malloc((sk_alloc *)ud, n); }
static void re_free(void *p, void *ud) { if (p) sk_free((sk_alloc *)ud, p); }

static int is_hex(int c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int hexv(int c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

static void put_lit(sk_buf *o, unsigned char c)
{
    if (c < 0x20 || c == 0x7f) { sk_buf_printf(o, "\\x{%x}", c); return; }
    if (strchr("\\^$.[]|()*+?{}-/#", c) && c) sk_buf_putc(o, '\\');
    sk_buf_putc(o, c);
}

/* Handle a backslash escape at p[i] == '\\'; returns the index after it. */
static size_t escape(const char *p, size_t n, size_t i, sk_buf *o, int in_bracket)
{
    if (i + 1 >= n) {   /* trailing backslash: literal */
        sk_buf_puts(o, "\\\\");
        return i + 1;
    }
    unsigned char c = (unsigned char)p[i + 1];
    i += 2;
    switch (c) {
    case 'n': put_lit(o, '\n'); return i;
    case 't': put_lit(o, '\t'); return i;
    case 'r': put_lit(o, '\r'); return i;
    case 'f': put_lit(o, '\f'); return i;
    case 'v': put_lit(o, '\v'); return i;
    case 'a': put_lit(o, '\a'); return i;
    case 'b': put_lit(o, '\b'); return i;
    case 's': case 'S': case 'w': case 'W':
        sk_buf_putc(o, '\\');
        sk_buf_putc(o, c);
        return i;
    default: break;
    }
    if (c >= '0' && c <= '7') {
        int v = c - '0', k = 1;
        while (k < 3 && i < n && p[i] >= '0' && p[i] <= '7') { v = v * 8 + (p[i++] - '0'); k++; }
        put_lit(o, (unsigned char)v);
        return i;
    }
    if (c == 'x' && i < n && is_hex((unsigned char)p[i])) {
        int v = hexv((unsigned char)p[i++]);
        if (i < n && is_hex((unsigned char)p[i])) v = v * 16 + hexv((unsigned char)p[i++]);
        put_lit(o, (unsigned char)v);
        return i;
    }
    if (!in_bracket) {
        switch (c) {
        case 'y': sk_buf_puts(o, "\\b"); return i;
        case 'B': sk_buf_puts(o, "\\B"); return i;
        case '<': sk_buf_puts(o, "\\b(?=\\w)"); return i;
        case '>': sk_buf_puts(o, "\\b(?<=\\w)"); return i;
        case '`': sk_buf_puts(o, "\\A"); return i;
        case '\'': sk_buf_puts(o, "\\z"); return i;
        default: break;
        }
    }
    put_lit(o, c);
    return i;
}

/* ERE (awk flavour) → PCRE2.  Returns 0 or -1 with a GNU-style message. */
static int translate(const char *p, size_t n, sk_buf *o, int *has_alt, char *err, size_t errlen)
{
    int depth = 0;
    int at_start = 1;     /* a quantifier here is literal */
    *has_alt = 0;
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)p[i];
        if (c == '\\') {
            i = escape(p, n, i, o, 0);
            at_start = 0;
            continue;
        }
        if (c == '[') {
            size_t j = i + 1;
            sk_buf_putc(o, '[');
            if (j < n && p[j] == '^') { sk_buf_putc(o, '^'); j++; }
            int first = 1;
            int closed = 0;
            while (j < n) {
                unsigned char d = (unsigned char)p[j];
                if (d == ']' && !first) { closed = 1; j++; break; }
                first = 0;
                if (d == '[' && j + 1 < n && (p[j + 1] == ':' || p[j + 1] == '.' || p[j + 1] == '=')) {
                    char kind = p[j + 1];
                    size_t k = j + 2;
                    while (k + 1 < n && !(p[k] == kind && p[k + 1] == ']')) k++;
                    if (k + 1 >= n) { snprintf(err, errlen, "Unmatched [, [^, [:, [., or [="); return -1; }
                    if (kind == ':') {
                        sk_buf_put(o, p + j, k + 2 - j);
                    } else {
                        for (size_t m = j + 2; m < k; m++) put_lit(o, (unsigned char)p[m]);
                    }
                    j = k + 2;
                    continue;
                }
                if (d == '\\') { j = escape(p, n, j, o, 1); continue; }
                if (d == '[' || d == ']') { sk_buf_putc(o, '\\'); sk_buf_putc(o, d); j++; continue; }
                if (d < 0x20) { sk_buf_printf(o, "\\x{%x}", d); j++; continue; }
                sk_buf_putc(o, d);
                j++;
            }
            if (!closed) { snprintf(err, errlen, "Unmatched [, [^, [:, [., or [="); return -1; }
            sk_buf_putc(o, ']');
            i = j;
            at_start = 0;
            continue;
        }
        switch (c) {
        case '(':
            depth++;
            sk_buf_putc(o, '(');
            i++;
            at_start = 1;
            if (i < n && p[i] == '?') { sk_buf_puts(o, "\\?"); i++; at_start = 0; }
            continue;
        case ')':
            if (depth == 0) { snprintf(err, errlen, "Unmatched ) or \\)"); return -1; }
            depth--;
            sk_buf_putc(o, ')');
            i++;
            at_start = 0;
            continue;
        case '|':
            *has_alt = 1;
            sk_buf_putc(o, '|');
            i++;
            at_start = 1;
            continue;
        case '*': case '+': case '?':
            if (at_start) { sk_buf_putc(o, '\\'); sk_buf_putc(o, c); i++; at_start = 0; continue; }
            {
                /* stacked repeats (a+? a** a?+) are plain repeats in ERE, not
                 * PCRE's lazy/possessive forms: fold them into one */
                unsigned char q = c;
                i++;
                while (i < n && (p[i] == '*' || p[i] == '+' || p[i] == '?')) {
                    if (p[i] != q) q = '*';
                    i++;
                }
                sk_buf_putc(o, q);
            }
            continue;
        case '{': {
            size_t j = i + 1;
            int ok = 0;
            if (!at_start && j < n && p[j] >= '0' && p[j] <= '9') {
                while (j < n && p[j] >= '0' && p[j] <= '9') j++;
                if (j < n && p[j] == ',') { j++; while (j < n && p[j] >= '0' && p[j] <= '9') j++; }
                if (j < n && p[j] == '}') ok = 1;
            } else if (!at_start && j + 1 < n && p[j] == ',' && p[j + 1] >= '0' && p[j + 1] <= '9') {
                /* {,n}: gawk means {0,n} */
                sk_buf_puts(o, "{0");
                i++;
                continue;
            }
            if (ok) {
                sk_buf_put(o, p + i, j + 1 - i);
                i = j + 1;
            } else {
                sk_buf_puts(o, "\\{");
                i++;
                at_start = 0;
            }
            continue;
        }
        case '}':
            sk_buf_puts(o, "\\}");
            i++;
            at_start = 0;
            continue;
        case '^':
            sk_buf_putc(o, '^');
            i++;
            continue;   /* a quantifier after ^ is literal too */
        case '$':
            sk_buf_putc(o, '$');
            i++;
            at_start = 0;
            continue;
        case '#': case ' ': case '\t': case '\n':
            put_lit(o, c);
            i++;
            at_start = 0;
            continue;
        default:
            if (c < 0x20) put_lit(o, c);
            else sk_buf_putc(o, c);
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
    int has_alt = 0;
    if (translate(pat, len, &o, &has_alt, err, errlen)) {
        sk_buf_free(&o);
        return -1;
    }
    if (sk_buf_reserve(&o, 1)) {
        sk_buf_free(&o);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pcre2_general_context *g = pcre2_general_context_create(re_malloc, re_free, in->a);
    pcre2_compile_context *cc = g ? pcre2_compile_context_create(g) : NULL;
    if (!cc) {
        pcre2_general_context_free(g);
        sk_buf_free(&o);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY |
                    PCRE2_NO_UTF_CHECK;
    if (icase) opts |= PCRE2_CASELESS;
    int ec;
    PCRE2_SIZE eo;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)(o.p ? o.p : ""), o.len, opts & ~PCRE2_NO_UTF_CHECK,
                                     &ec, &eo, cc);
    if (!code) {
        /* invalid UTF-8 in the pattern: retry treating it as bytes */
        code = pcre2_compile((PCRE2_SPTR)(o.p ? o.p : ""), o.len,
                             (opts & ~(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_NO_UTF_CHECK)), &ec, &eo, cc);
    }
    pcre2_code *dfa = NULL;
    if (code && has_alt)
        dfa = pcre2_compile((PCRE2_SPTR)(o.p ? o.p : ""), o.len, opts & ~(PCRE2_MATCH_INVALID_UTF | PCRE2_NO_UTF_CHECK),
                            &ec, &eo, cc);
    pcre2_compile_context_free(cc);
    sk_buf_free(&o);
    if (!code) {
        PCRE2_UCHAR msg[120];
        pcre2_get_error_message(ec, msg, sizeof msg);
        snprintf(err, errlen, "%s", (char *)msg);
        pcre2_general_context_free(g);
        return -1;
    }
    awk_re *re = sk_calloc(in->a, 1, sizeof *re);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, g);
    pcre2_match_context *mc = pcre2_match_context_create(g);
    pcre2_general_context_free(g);
    if (!re || !md || !mc) {
        pcre2_code_free(dfa);
        sk_free(in->a, re);
        pcre2_match_data_free(md);
        pcre2_match_context_free(mc);
        pcre2_code_free(code);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const sk_limits *lim = in->c->lim;
    pcre2_set_match_limit(mc, lim && lim->regex_match_limit ? lim->regex_match_limit : 1000000);
    pcre2_set_depth_limit(mc, lim && lim->regex_depth_limit ? lim->regex_depth_limit : 10000);
    uint32_t cap = 0;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &cap);
    re->code = code;
    re->dfa = dfa;
    re->md = md;
    re->mctx = mc;
    re->ngroups = (int)cap;
    re->has_alt = has_alt;
    *out = re;
    return 0;
}

void awk_re_free(awk_interp *in, awk_re *re)
{
    if (!re) return;
    pcre2_match_data_free(re->md);
    pcre2_match_context_free(re->mctx);
    pcre2_code_free(re->code);
    pcre2_code_free(re->dfa);
    sk_free(in->a, re);
}

int awk_re_ngroups(const awk_re *re) { return re->ngroups; }

static int limit_error(awk_interp *in, int rc)
{
    if (rc == PCRE2_ERROR_MATCHLIMIT) awk_fatal(in, "regex match limit exceeded");
    else if (rc == PCRE2_ERROR_DEPTHLIMIT) awk_fatal(in, "regex depth limit exceeded");
    else if (rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY) awk_fatal(in, "regex heap limit exceeded");
    else awk_fatal(in, "regex match error %d", rc);
    return -1;
}

int awk_re_exec(awk_interp *in, awk_re *re, const char *s, size_t len, size_t start, int notbol,
                size_t *ov, int nov)
{
    uint32_t opts = notbol ? PCRE2_NOTBOL : 0;
    if (re->dfa && nov <= 1) {
        int valid = s == re->valid_p && len == re->valid_n;
        if (!valid) {
            /* one UTF-8 check per subject (gsub calls us repeatedly on it) */
            int32_t cp;
            size_t i = 0;
            valid = 1;
            while (i < len) {
                unsigned char c = (unsigned char)s[i];
                if (c < 0x80) { i++; continue; }
                size_t k = c >= 0xC2 && c < 0xE0 ? 2 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xF0 && c < 0xF5 ? 4 : 0;
                if (!k || i + k > len) { valid = 0; break; }
                cp = c & (0x7F >> k);
                for (size_t j = 1; j < k; j++) {
                    unsigned char d = (unsigned char)s[i + j];
                    if ((d & 0xC0) != 0x80) { valid = 0; break; }
                    cp = (cp << 6) | (d & 0x3F);
                }
                if (!valid || (k == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) ||
                    (k == 4 && (cp < 0x10000 || cp > 0x10FFFF))) { valid = 0; break; }
                i += k;
            }
            if (valid) { re->valid_p = s; re->valid_n = len; }
        }
        if (valid) {
            int ws[200];
            int rc = pcre2_dfa_match(re->dfa, (PCRE2_SPTR)s, len, start, opts | PCRE2_NO_UTF_CHECK, re->md,
                                     re->mctx, ws, sizeof ws / sizeof ws[0]);
            if (rc == PCRE2_ERROR_NOMATCH) return 0;
            if (rc >= 0) {
                PCRE2_SIZE *o = pcre2_get_ovector_pointer(re->md);
                if (nov >= 1) { ov[0] = o[0]; ov[1] = o[1]; }
                return 1;
            }
            if (rc != PCRE2_ERROR_DFA_WSSIZE && rc != PCRE2_ERROR_DFA_RECURSE) return limit_error(in, rc);
        }
        /* fall back to the backtracking matcher */
    }
    int rc = pcre2_match(re->code, (PCRE2_SPTR)s, len, start, opts, re->md, re->mctx);
    if (rc == PCRE2_ERROR_NOMATCH) return 0;
    if (rc < 0) return limit_error(in, rc);
    PCRE2_SIZE *o = pcre2_get_ovector_pointer(re->md);
    uint32_t have = pcre2_get_ovector_count(re->md);
    for (int k = 0; k < nov; k++) {
        if ((uint32_t)k < have && k < rc) {
            ov[2 * k] = o[2 * k] == PCRE2_UNSET ? (size_t)-1 : o[2 * k];
            ov[2 * k + 1] = o[2 * k] == PCRE2_UNSET ? (size_t)-1 : o[2 * k + 1];
        } else {
            ov[2 * k] = ov[2 * k + 1] = (size_t)-1;
        }
    }
    return 1;
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
