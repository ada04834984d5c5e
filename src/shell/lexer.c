/* lexer.c — bash tokens and structured words.
 *
 * sh_lex() returns one token in the mode the parser asks for.  Words are
 * scanned straight into sh_part arrays (quotes, escapes, $-expansions,
 * backticks, tildes, extglob groups), so nothing is ever lexed twice by the
 * evaluator.  $( ... ) and <( ... ) call back into the parser on the same
 * input, as bash 5.2 does; backtick text and unquoted here-document bodies
 * are scanned by a sub-parser over their own (processed) text.
 *
 * This file must never allocate outside the parser's arena, never use
 * writable static data, and never recurse without going through
 * sh_p_enter() (depth limit + C stack guard).
 */
#include "shell/lexer.h"

#include <stdio.h>
#include <string.h>

#include "base/stack.h"

typedef sh_parser P;

/* ---- character classes ------------------------------------------------ */

enum {
    C_BLANK = 1,    /* space tab */
    C_NL = 2,       /* newline */
    C_META = 4,     /* ; & | < > ( ) */
    C_QUOTE = 8,    /* ' " \ ` $ */
    C_GLOB = 16,    /* * ? [ */
    C_EXTG = 32,    /* + @ ! (with * ?: extglob operators) */
    C_MISC = 64,    /* ~ = : { } ] / # */
};

#define B_ C_BLANK
static const uint8_t cls[256] = {
    ['\t'] = C_BLANK, [' '] = C_BLANK, ['\n'] = C_NL,
    [';'] = C_META, ['&'] = C_META, ['|'] = C_META, ['<'] = C_META,
    ['>'] = C_META, ['('] = C_META, [')'] = C_META,
    ['\''] = C_QUOTE, ['"'] = C_QUOTE, ['\\'] = C_QUOTE, ['`'] = C_QUOTE,
    ['$'] = C_QUOTE,
    ['*'] = C_GLOB | C_EXTG, ['?'] = C_GLOB | C_EXTG, ['['] = C_GLOB,
    ['+'] = C_EXTG, ['@'] = C_EXTG, ['!'] = C_EXTG,
    ['~'] = C_MISC, ['='] = C_MISC, [':'] = C_MISC, ['{'] = C_MISC,
    ['}'] = C_MISC, [']'] = C_MISC, ['/'] = C_MISC, ['#'] = C_MISC,
};
#undef B_

static int is_name_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_name_char(int c)
{
    return is_name_start(c) || (c >= '0' && c <= '9');
}
static int is_digit(int c) { return c >= '0' && c <= '9'; }

int sh_valid_name(const char *s, size_t n)
{
    if (n == 0 || !is_name_start((unsigned char)s[0])) return 0;
    for (size_t i = 1; i < n; i++)
        if (!is_name_char((unsigned char)s[i])) return 0;
    return 1;
}

/* ---- input access ----------------------------------------------------- */

#define AT_END(p) ((p)->pos >= (p)->n)
static inline int peekc(P *p)
{
    return p->pos < p->n ? (unsigned char)p->s[p->pos] : -1;
}
static inline int peekn(P *p, size_t k)
{
    size_t i = p->pos + k;
    return i < p->n ? (unsigned char)p->s[i] : -1;
}
/* Count a newline that was just consumed (alias text does not count). */
static inline void newline(P *p)
{
    if (!p->cur_alias) p->line++;
}
/* Skip backslash-newline pairs at the current position. */
static void skip_cont(P *p)
{
    while (p->pos + 1 < p->n && p->s[p->pos] == '\\' && p->s[p->pos + 1] == '\n') {
        p->pos += 2;
        newline(p);
    }
}

/* ---- part vectors ----------------------------------------------------- */

typedef struct pvec {
    sh_part *a;
    uint32_t n, cap;
    sh_part inl[4];
} pvec;

static void pv_init(pvec *v)
{
    v->a = v->inl;
    v->n = 0;
    v->cap = 4;
}

static sh_part *pv_push(P *p, pvec *v, int kind)
{
    if (sh_p_tick(p)) return NULL;
    if (v->n == v->cap) {
        uint32_t nc = v->cap * 2;
        sh_part *na = sk_arena_alloc(p->ar, (size_t)nc * sizeof *na);
        if (!na) { sh_p_nomem(p); return NULL; }
        memcpy(na, v->a, (size_t)v->n * sizeof *na);
        v->a = na;
        v->cap = nc;
    }
    sh_part *x = &v->a[v->n++];
    memset(x, 0, sizeof *x);
    x->kind = (uint8_t)kind;
    x->line = p->line;
    return x;
}

/* Move the parts into stable arena storage. */
static int pv_finish(P *p, pvec *v, sh_part **out, uint32_t *n)
{
    *n = v->n;
    if (v->n == 0) { *out = NULL; return 0; }
    if (v->a == v->inl) {
        sh_part *na = sk_arena_memdup(p->ar, v->a, (size_t)v->n * sizeof *na);
        if (!na) return sh_p_nomem(p);
        *out = na;
    } else {
        *out = v->a;
    }
    return 0;
}

static sh_str mkstr(const char *s, size_t n)
{
    sh_str r = { s, n };
    return r;
}

/* A NUL-terminated arena copy. */
static sh_str dupstr(P *p, const char *s, size_t n)
{
    char *c = sk_arena_strndup(p->ar, s, n);
    if (!c) { sh_p_nomem(p); return mkstr(NULL, 0); }
    return mkstr(c, n);
}

/* ---- speculative-parse memo ---------------------------------------------
 * When a speculative parse is abandoned, what it allocated stays in the
 * arena (it is never rewound: structures such as this table may have been
 * allocated meanwhile).  The memo keeps the total work, and so the garbage,
 * linear. */

static uint32_t memo_hash(const char *k)
{
    uintptr_t x = (uintptr_t)k;
    x ^= x >> 17;
    x *= 0x9E3779B1u;
    return (uint32_t)(x ^ (x >> 15));
}

static int memo_has(P *p, const char *k)
{
    if (!p->memo_cap) return 0;
    for (uint32_t i = memo_hash(k) & (p->memo_cap - 1);; i = (i + 1) & (p->memo_cap - 1)) {
        if (!p->memo[i]) return 0;
        if (p->memo[i] == k) return 1;
    }
}

static int memo_add(P *p, const char *k)
{
    if ((p->memo_n + 1) * 2 > p->memo_cap) {
        uint32_t nc = p->memo_cap ? p->memo_cap * 2 : 16;
        const char **na = sk_arena_zalloc(p->ar, nc * sizeof *na);
        if (!na) return sh_p_nomem(p);
        for (uint32_t j = 0; j < p->memo_cap; j++) {
            if (!p->memo[j]) continue;
            uint32_t i = memo_hash(p->memo[j]) & (nc - 1);
            while (na[i]) i = (i + 1) & (nc - 1);
            na[i] = p->memo[j];
        }
        p->memo = na;
        p->memo_cap = nc;
    }
    uint32_t i = memo_hash(k) & (p->memo_cap - 1);
    while (p->memo[i]) {
        if (p->memo[i] == k) return 0;
        i = (i + 1) & (p->memo_cap - 1);
    }
    p->memo[i] = k;
    p->memo_n++;
    return 0;
}

/* ---- growable byte strings in the arena ------------------------------- */

typedef struct cvec {
    char *a;
    size_t n, cap;
} cvec;

static int cv_put(P *p, cvec *v, const char *s, size_t n)
{
    if (v->n + n + 1 > v->cap) {
        size_t nc = v->cap ? v->cap * 2 : 64;
        while (nc < v->n + n + 1) nc *= 2;
        char *na = sk_arena_alloc(p->ar, nc);
        if (!na) return sh_p_nomem(p);
        if (v->n) memcpy(na, v->a, v->n);
        v->a = na;
        v->cap = nc;
    }
    memcpy(v->a + v->n, s, n);
    v->n += n;
    v->a[v->n] = 0;
    return 0;
}

static int cv_putc(P *p, cvec *v, int c)
{
    char ch = (char)c;
    return cv_put(p, v, &ch, 1);
}

/* ---- the word scanner ------------------------------------------------- */

enum { Q_UNQ, Q_DQ, Q_DQOP, Q_HEREDOC, Q_ARITH };
enum {
    TERM_WORD,     /* ends at an unquoted blank, newline or metacharacter */
    TERM_DQ,       /* ends at " */
    TERM_NONE,     /* runs to the end of the text */
    TERM_BRACE,    /* ends at } (and / or : when asked) */
    TERM_PAREN,    /* ends at the ) matching depth 0 */
    TERM_BRACKET,  /* ends at the ] matching depth 0 */
    TERM_AFOR,     /* ends at ; or ) at depth 0 */
};
enum { SC_STOP = 0, SC_EOF = 1, SC_ERR = -1, SC_BRACE = 2 };

typedef struct scan {
    pvec *v;
    uint8_t q, term;
    uint8_t in_dq;         /* inside double quotes (for ${} operands) */
    uint8_t tilde_ok;      /* a tilde prefix may start where the scan starts */
    size_t tilde_at;       /* position where a tilde prefix may start */
    uint8_t tilde_colon;   /* tildes after ':' too (assignment values) */
    uint8_t stop_slash, stop_colon;
    uint8_t stop_brace;    /* TERM_BRACKET inside ${ }: } ends it too */
    uint8_t regex;         /* =~ right side: ( ) groups and | are text */
    uint8_t extglob;
    uint32_t wflags;       /* SH_WF_* collected */
    size_t lit;            /* start of the pending literal run */
    int lit_line;
    int depth;             /* parentheses / brackets */
    int ternary;           /* ?: nesting when stop_colon */
} scan;

#define NO_LIT ((size_t)-1)

static int scan_parts(P *p, scan *sc);

static void sc_init(scan *sc, pvec *v, int q, int term, int in_dq)
{
    memset(sc, 0, sizeof *sc);
    sc->v = v;
    sc->q = (uint8_t)q;
    sc->term = (uint8_t)term;
    sc->in_dq = (uint8_t)in_dq;
    sc->lit = NO_LIT;
    sc->tilde_at = NO_LIT;
}

static int flush_lit(P *p, scan *sc)
{
    if (sc->lit != NO_LIT) {
        if (p->pos > sc->lit) {
            sh_part *x = pv_push(p, sc->v, SH_P_LIT);
            if (!x) return -1;
            x->line = sc->lit_line;
            x->u.text = mkstr(p->s + sc->lit, p->pos - sc->lit);
        }
        sc->lit = NO_LIT;
    }
    return 0;
}

static inline void lit_begin(P *p, scan *sc)
{
    if (sc->lit == NO_LIT) {
        sc->lit = p->pos;
        sc->lit_line = p->line;
    }
}

static int push_text(P *p, scan *sc, int kind, const char *s, size_t n)
{
    if (flush_lit(p, sc)) return -1;
    sh_part *x = pv_push(p, sc->v, kind);
    if (!x) return -1;
    x->u.text = mkstr(s, n);
    return 0;
}

/* Make a word from a range of parts. */
static sh_word *mkword(P *p, pvec *v, size_t raw_start, size_t raw_end, uint32_t wflags)
{
    sh_word *w = sk_arena_alloc(p->ar, sizeof *w);
    if (!w) { sh_p_nomem(p); return NULL; }
    memset(w, 0, sizeof *w);
    if (pv_finish(p, v, &w->parts, &w->nparts)) return NULL;
    w->raw = mkstr(p->s + raw_start, raw_end - raw_start);
    w->flags = wflags;
    if (sh_word_fill(p, w)) return NULL;
    return w;
}

/* Compute the summary flags of a word from its parts. */
static uint32_t part_flags(const sh_part *a, uint32_t n, int top)
{
    uint32_t f = 0;
    for (uint32_t i = 0; i < n; i++) {
        const sh_part *x = &a[i];
        switch (x->kind) {
        case SH_P_LIT:
            if (top) {
                for (size_t k = 0; k < x->u.text.n; k++) {
                    unsigned char c = (unsigned char)x->u.text.p[k];
                    if (c == '*' || c == '?' || c == '[') f |= SH_WF_GLOB;
                    else if (c == '{') f |= SH_WF_BRACE;
                }
            }
            break;
        case SH_P_SQ: case SH_P_ESC: case SH_P_ANSI:
            f |= SH_WF_QUOTED;
            break;
        case SH_P_DQ:
            f |= SH_WF_QUOTED | part_flags(x->u.list.parts, x->u.list.n, 0);
            break;
        case SH_P_EXTGLOB:
            f |= SH_WF_GLOB | (part_flags(x->u.list.parts, x->u.list.n, 0) & ~SH_WF_LITERAL);
            break;
        case SH_P_TILDE: case SH_P_PARAM: case SH_P_CMDSUB: case SH_P_ARITH:
        case SH_P_PROCSUB:
            f |= SH_WF_EXPAND;
            break;
        }
    }
    return f;
}

int sh_word_fill(P *p, sh_word *w)
{
    (void)p;
    uint32_t f = part_flags(w->parts, w->nparts, 1);
    int lit = 1;
    for (uint32_t i = 0; i < w->nparts; i++)
        if (w->parts[i].kind != SH_P_LIT) { lit = 0; break; }
    if (lit) f |= SH_WF_LITERAL;
    w->flags = (w->flags & (SH_WF_ASSIGNLIKE | SH_WF_COMPOUND)) | f;
    return 0;
}

/* ---- $'...' ----------------------------------------------------------- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static size_t utf8_put(char *o, uint32_t u)
{
    if (u < 0x80) { o[0] = (char)u; return 1; }
    if (u < 0x800) { o[0] = (char)(0xC0 | (u >> 6)); o[1] = (char)(0x80 | (u & 0x3F)); return 2; }
    if (u < 0x10000) {
        o[0] = (char)(0xE0 | (u >> 12)); o[1] = (char)(0x80 | ((u >> 6) & 0x3F));
        o[2] = (char)(0x80 | (u & 0x3F)); return 3;
    }
    if (u < 0x200000) {
        o[0] = (char)(0xF0 | (u >> 18)); o[1] = (char)(0x80 | ((u >> 12) & 0x3F));
        o[2] = (char)(0x80 | ((u >> 6) & 0x3F)); o[3] = (char)(0x80 | (u & 0x3F)); return 4;
    }
    if (u < 0x4000000) {
        o[0] = (char)(0xF8 | (u >> 24)); o[1] = (char)(0x80 | ((u >> 18) & 0x3F));
        o[2] = (char)(0x80 | ((u >> 12) & 0x3F)); o[3] = (char)(0x80 | ((u >> 6) & 0x3F));
        o[4] = (char)(0x80 | (u & 0x3F)); return 5;
    }
    o[0] = (char)(0xFC | ((u >> 30) & 1)); o[1] = (char)(0x80 | ((u >> 24) & 0x3F));
    o[2] = (char)(0x80 | ((u >> 18) & 0x3F)); o[3] = (char)(0x80 | ((u >> 12) & 0x3F));
    o[4] = (char)(0x80 | ((u >> 6) & 0x3F)); o[5] = (char)(0x80 | (u & 0x3F));
    return 6;
}

/* Decode the body of $'...' (s[0..n), escapes intact).  bash stops the
 * string at a NUL byte. */
static int ansi_decode(P *p, const char *s, size_t n, sh_str *out)
{
    char *o = sk_arena_alloc(p->ar, n + 1);
    if (!o) return sh_p_nomem(p);
    size_t j = 0, i = 0;
    int cut = 0;
    while (i < n && !cut) {
        unsigned char c = (unsigned char)s[i++];
        if (c != '\\' || i >= n) { o[j++] = (char)c; continue; }
        c = (unsigned char)s[i++];
        uint32_t v;
        int k, d;
        switch (c) {
        case 'a': o[j++] = 7; break;
        case 'b': o[j++] = 8; break;
        case 'e': case 'E': o[j++] = 27; break;
        case 'f': o[j++] = 12; break;
        case 'n': o[j++] = 10; break;
        case 'r': o[j++] = 13; break;
        case 't': o[j++] = 9; break;
        case 'v': o[j++] = 11; break;
        case '\\': case '\'': case '"': case '?': o[j++] = (char)c; break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
            v = c - '0';
            for (k = 1; k < 3 && i < n && s[i] >= '0' && s[i] <= '7'; k++) v = v * 8 + (uint32_t)(s[i++] - '0');
            if ((v & 0xFF) == 0) cut = 1; else o[j++] = (char)(v & 0xFF);
            break;
        case 'x':
            v = 0;
            for (k = 0; k < 2 && i < n && (d = hexval((unsigned char)s[i])) >= 0; k++, i++) v = v * 16 + (uint32_t)d;
            if (k == 0) { o[j++] = '\\'; o[j++] = 'x'; break; }
            if (v == 0) cut = 1; else o[j++] = (char)v;
            break;
        case 'u': case 'U': {
            int max = c == 'u' ? 4 : 8;
            v = 0;
            for (k = 0; k < max && i < n && (d = hexval((unsigned char)s[i])) >= 0; k++, i++) v = v * 16 + (uint32_t)d;
            if (k == 0) { o[j++] = '\\'; o[j++] = (char)c; break; }
            if (v == 0) { cut = 1; break; }
            /* the output buffer has room: an escape of >= 3 bytes yields
               at most 6 bytes only for 8 hex digits (10 input bytes) */
            if (v > 0x7FFFFFFF) v = 0xFFFD;
            j += utf8_put(o + j, v);
            break;
        }
        case 'c':
            if (i < n) {
                unsigned char x = (unsigned char)s[i++];
                if (x == '\\' && i < n && s[i] == '\\') i++;
                v = (uint32_t)(x & 0x1F);
                if (x == '?') v = 0x7F;
                if (v == 0) cut = 1; else o[j++] = (char)v;
            } else {
                o[j++] = '\\'; o[j++] = 'c';
            }
            break;
        default:
            o[j++] = '\\';
            o[j++] = (char)c;
            break;
        }
    }
    o[j] = 0;
    *out = mkstr(o, j);
    return 0;
}

/* ---- single pieces ---------------------------------------------------- */

/* At the opening quote of '...': returns the body range. */
static int scan_squote(P *p, size_t *b, size_t *e)
{
    int line = p->line;
    p->pos++;
    *b = p->pos;
    const char *q = memchr(p->s + p->pos, '\'', p->n - p->pos);
    for (size_t i = p->pos; i < (q ? (size_t)(q - p->s) : p->n); i++)
        if (p->s[i] == '\n') newline(p);
    if (!q) {
        p->pos = p->n;
        return sh_p_error_eof_match(p, line, '\'');
    }
    *e = (size_t)(q - p->s);
    p->pos = *e + 1;
    return 0;
}

/* At the $ of $'...': decodes into an SH_P_ANSI part. */
static int scan_ansi(P *p, scan *sc)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    p->pos += 2;
    size_t b = p->pos;
    while (!AT_END(p)) {
        int c = peekc(p);
        if (c == '\'') break;
        if (c == '\\' && p->pos + 1 < p->n) {
            if (p->s[p->pos + 1] == '\n') newline(p);
            p->pos += 2;
            continue;
        }
        if (c == '\n') newline(p);
        p->pos++;
    }
    if (AT_END(p)) return sh_p_error_eof_match(p, line, '\'');
    size_t e = p->pos++;
    sh_part *x = pv_push(p, sc->v, SH_P_ANSI);
    if (!x) return -1;
    x->line = line;
    return ansi_decode(p, p->s + b, e - b, &x->u.text);
}

/* At the opening " (or the $ of $"): an SH_P_DQ part. */
static int scan_dquote(P *p, scan *sc, int locale)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    p->pos += locale ? 2 : 1;
    pvec v;
    pv_init(&v);
    scan in;
    sc_init(&in, &v, Q_DQ, TERM_DQ, 1);
    int r = scan_parts(p, &in);
    if (r < 0) return -1;
    if (r == SC_EOF) return sh_p_error_eof_match(p, line, '"');
    p->pos++;   /* the closing quote */
    sh_part *x = pv_push(p, sc->v, SH_P_DQ);
    if (!x) return -1;
    x->line = line;
    if (locale) x->flags |= SH_PF_LOCALE;
    sc->wflags |= in.wflags;
    return pv_finish(p, &v, &x->u.list.parts, &x->u.list.n);
}

/* Backticks: collect the text with bash's backslash rules, then parse it. */
static int scan_backtick(P *p, scan *sc)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    p->pos++;
    cvec t = { 0 };
    if (cv_put(p, &t, "", 0)) return -1;
    size_t run = p->pos, run0 = p->pos;
    for (;;) {
        if (AT_END(p)) return sh_p_error_eof_match(p, line, '`');
        int c = peekc(p);
        if (c == '`') break;
        if (c == '\\' && p->pos + 1 < p->n) {
            int d = (unsigned char)p->s[p->pos + 1];
            if (d == '$' || d == '`' || d == '\\' || (d == '"' && sc->in_dq)) {
                if (cv_put(p, &t, p->s + run, p->pos - run)) return -1;
                p->pos += 1;
                run = p->pos;
                p->pos++;
                continue;
            }
            if (d == '\n') newline(p);
            p->pos += 2;
            continue;
        }
        if (c == '\n') newline(p);
        p->pos++;
    }
    if (cv_put(p, &t, p->s + run, p->pos - run)) return -1;
    p->pos++;   /* closing backtick */
    sh_subst *sub = sk_arena_zalloc(p->ar, sizeof *sub);
    if (!sub) return sh_p_nomem(p);
    sub->line = line;
    sub->raw = mkstr(p->s + run0 - 1, p->pos - run0 + 1);
    sub->text = mkstr(t.a, t.n);
    int r = sh_p_subparse(p, t.a, t.n, line, &sub->body, &sub->err, &sub->err_line, &sub->err_text);
    if (r < 0) return -1;
    sh_part *x = pv_push(p, sc->v, SH_P_CMDSUB);
    if (!x) return -1;
    x->line = line;
    x->flags = SH_PF_BACKTICK;
    x->u.sub = sub;
    sc->wflags |= SH_WF_EXPAND;
    return 0;
}

/* At "$(" or "<(" / ">(" (pos at the first char): a parsed substitution. */
static int scan_comsub(P *p, scan *sc, int kind, int flags)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    size_t start = p->pos;
    p->pos += 2;
    sh_subst *sub = sk_arena_zalloc(p->ar, sizeof *sub);
    if (!sub) return sh_p_nomem(p);
    sub->line = line;
    if (sh_p_comsub(p, &sub->body)) return -1;
    /* text between the parentheses */
    if (p->pos >= start + 3) sub->text = mkstr(p->s + start + 2, p->pos - 1 - (start + 2));
    else sub->text = mkstr("", 0);
    sub->raw = mkstr(p->s + start, p->pos - start);
    sh_part *x = pv_push(p, sc->v, kind);
    if (!x) return -1;
    x->line = line;
    x->flags = (uint8_t)flags;
    x->u.sub = sub;
    sc->wflags |= SH_WF_EXPAND;
    return 0;
}

/* Parse arithmetic text after the opener up to the ')' of depth 0 (not
 * consumed).  Returns SC_STOP, SC_EOF or SC_ERR; *w gets the word. */
static int scan_arith_text(P *p, int term, sh_word **w)
{
    size_t b = p->pos;
    pvec v;
    pv_init(&v);
    scan in;
    sc_init(&in, &v, Q_ARITH, term, 1);
    int r = scan_parts(p, &in);
    if (r != SC_STOP) return r;
    *w = mkword(p, &v, b, p->pos, 0);
    return *w ? SC_STOP : SC_ERR;
}

static size_t skip_matched_raw(P *p, size_t i);

/* "$((" that is not arithmetic: bash then reads the $( ) as text up to the
 * matching ")" and parses it only when it runs, like backticks. */
static int scan_comsub_deferred(P *p, scan *sc, size_t start, int line)
{
    size_t i = start + 2;
    int d = 1;
    while (i < p->n) {
        int c = (unsigned char)p->s[i];
        if (c == '\\' || c == '\'' || c == '"' || c == '`') {
            size_t j = skip_matched_raw(p, i);
            if (c != '\\' && (j >= p->n && (p->n == 0 || p->s[p->n - 1] != c || p->n - 1 == i))) {
                /* an unterminated quote inside: bash reports that */
                int ql = line;
                for (size_t k = start; k < i; k++)
                    if (p->s[k] == '\n') ql++;
                for (size_t k = p->pos; k < p->n; k++)
                    if (p->s[k] == '\n') newline(p);
                p->pos = p->n;
                return sh_p_error_eof_match(p, ql, (char)c);
            }
            i = j;
            continue;
        }
        if (c == '(') d++;
        else if (c == ')' && --d == 0) break;
        i++;
    }
    if (i > p->n) i = p->n;
    for (size_t k = p->pos; k < i; k++)
        if (p->s[k] == '\n') newline(p);
    if (i >= p->n) {
        p->pos = p->n;
        return sh_p_error_eof_match(p, line, ')');
    }
    p->pos = i + 1;
    sh_subst *sub = sk_arena_zalloc(p->ar, sizeof *sub);
    if (!sub) return sh_p_nomem(p);
    sub->line = line;
    sub->text = mkstr(p->s + start + 2, i - start - 2);
    sub->raw = mkstr(p->s + start, i + 1 - start);
    if (sh_p_subparse(p, sub->text.p, sub->text.n, line, &sub->body, &sub->err, &sub->err_line,
                      &sub->err_text) < 0)
        return -1;
    sh_part *x = pv_push(p, sc->v, SH_P_CMDSUB);
    if (!x) return -1;
    x->line = line;
    x->flags = SH_PF_DEFERRED;
    x->u.sub = sub;
    sc->wflags |= SH_WF_EXPAND;
    return 0;
}

/* At "$((": arithmetic expansion, or (when the parentheses do not close
 * as "))") a command substitution whose text starts with "(". */
static int scan_dollar_dparen(P *p, scan *sc)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    size_t start = p->pos;
    if (memo_has(p, p->s + start)) return scan_comsub_deferred(p, sc, start, line);
    int save_line = p->line;
    sh_hdoc *hd_tail = p->hd_tail;
    if (sh_p_enter(p)) return -1;
    p->pos += 3;
    sh_word *w = NULL;
    int r = scan_arith_text(p, TERM_PAREN, &w);
    sh_p_leave(p);
    if (r < 0) return -1;
    if (r == SC_EOF || peekn(p, 1) < 0) return sh_p_error_eof_match(p, line, ')');
    if (peekn(p, 1) == ')') {
        p->pos += 2;
        sh_part *x = pv_push(p, sc->v, SH_P_ARITH);
        if (!x) return -1;
        x->line = line;
        x->u.word = w;
        sc->wflags |= SH_WF_EXPAND;
        return 0;
    }
    /* not arithmetic: re-read as $( ( ... ) ... ) */
    p->hd_tail = hd_tail;
    if (hd_tail) hd_tail->next = NULL; else p->hd_head = NULL;
    p->pos = start;
    p->line = save_line;
    if (memo_add(p, p->s + start)) return -1;
    return scan_comsub_deferred(p, sc, start, line);
}

/* At "$[": legacy arithmetic. */
static int scan_dollar_bracket(P *p, scan *sc)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    if (sh_p_enter(p)) return -1;
    p->pos += 2;
    sh_word *w = NULL;
    int r = scan_arith_text(p, TERM_BRACKET, &w);
    sh_p_leave(p);
    if (r < 0) return -1;
    if (r == SC_EOF) return sh_p_error_eof_match(p, line, ']');
    p->pos++;
    sh_part *x = pv_push(p, sc->v, SH_P_ARITH);
    if (!x) return -1;
    x->line = line;
    x->flags = SH_PF_LEGACY;
    x->u.word = w;
    sc->wflags |= SH_WF_EXPAND;
    return 0;
}

/* ---- ${...} ------------------------------------------------------------ */

/* Scan an operand of ${...} (pos after the operator) up to } (or / or :).
 * mode: 0 = -=?+ word, 1 = pattern, 2 = arithmetic. */
static int scan_operand(P *p, int in_dq, int mode, int stop_slash, int stop_colon,
                        sh_word **out)
{
    size_t b = p->pos;
    pvec v;
    pv_init(&v);
    scan in;
    int q = mode == 2 ? Q_ARITH : (mode == 0 && in_dq) ? Q_DQOP : Q_UNQ;
    sc_init(&in, &v, q, TERM_BRACE, in_dq);
    in.stop_slash = (uint8_t)stop_slash;
    in.stop_colon = (uint8_t)stop_colon;
    in.tilde_ok = q == Q_UNQ;
    int r = scan_parts(p, &in);
    if (r != SC_STOP) return r;
    *out = mkword(p, &v, b, p->pos, 0);
    return *out ? SC_STOP : SC_ERR;
}

static int special_param(int c)
{
    return c == '@' || c == '*' || c == '#' || c == '?' || c == '-' || c == '$' ||
           c == '!' || c == '0';
}

/* Length of a parameter name at s[i..] (identifier, digits, or one special
 * character); 0 if none. */
static size_t param_name_len(P *p, size_t i)
{
    if (i >= p->n) return 0;
    int c = (unsigned char)p->s[i];
    size_t j = i;
    if (is_name_start(c)) {
        while (j < p->n && is_name_char((unsigned char)p->s[j])) j++;
        return j - i;
    }
    if (is_digit(c)) {
        while (j < p->n && is_digit((unsigned char)p->s[j])) j++;
        return j - i;
    }
    if (special_param(c)) return 1;
    return 0;
}

/* The subscript of name[...] (pos after '['): parts up to the matching ']'
 * which is consumed.  Returns SC_* */
static int scan_subscript(P *p, int in_dq, int in_brace, sh_word **out)
{
    size_t b = p->pos;
    pvec v;
    pv_init(&v);
    scan in;
    sc_init(&in, &v, Q_UNQ, TERM_BRACKET, in_dq);
    in.stop_brace = (uint8_t)in_brace;
    int r = scan_parts(p, &in);
    if (r != SC_STOP) return r;
    if (peekc(p) == '}') return SC_BRACE;   /* ${a[} : bash's ${ } ends here */
    *out = mkword(p, &v, b, p->pos, 0);
    if (!*out) return SC_ERR;
    p->pos++;
    return SC_STOP;
}

/* Skip the rest of a bad ${...} up to its closing brace (consumed). */
/* A bad ${...}: find its end the way bash does (from just after "${",
 * nested expansions and quotes included) and keep the text between the
 * braces, parsed like a pattern, for printing.  Consumes the '}'. */
static int skip_bad_param(P *p, size_t start, int in_dq, int line, sh_word **w)
{
    p->pos = start + 2;
    int r = scan_operand(p, in_dq, 1, 0, 0, w);
    if (r < 0) return -1;
    if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
    p->pos++;
    return 0;
}

/* At "${". */
static int scan_param_braced(P *p, scan *sc)
{
    int line = p->line;
    if (flush_lit(p, sc)) return -1;
    size_t start = p->pos;
    if (sh_p_enter(p)) return -1;
    p->pos += 2;
    sh_param *pm = sk_arena_zalloc(p->ar, sizeof *pm);
    if (!pm) return sh_p_nomem(p);
    pm->flags = SH_PPF_BRACED | (sc->in_dq ? SH_PPF_DQUOTE : 0);
    int in_dq = sc->in_dq;
    int bad = 0;
    size_t nl;
    int c = peekc(p);

    if (c == '#') {
        int c1 = peekn(p, 1);
        if (c1 == '}') {                              /* ${#} */
            pm->name = dupstr(p, "#", 1);
            p->pos += 1;
            goto close;
        }
        nl = param_name_len(p, p->pos + 1);
        if (nl) {
            size_t after = p->pos + 1 + nl;
            int ca = after < p->n ? (unsigned char)p->s[after] : -1;
            int ident = is_name_start(c1);
            if (ca == '}' || (ca == '[' && ident)) {
                if (!ident && !is_digit(c1) && nl == 1 && !(c1 == '-' || c1 == '?' || c1 == '#' ||
                    c1 == '@' || c1 == '*' || c1 == '$' || c1 == '!' || c1 == '0')) {
                    bad = 1;
                } else {
                    pm->op = SH_PO_LENGTH;
                    pm->name = dupstr(p, p->s + p->pos + 1, nl);
                    p->pos = after;
                    if (ca == '[') {
                        p->pos++;
                        int r = scan_subscript(p, in_dq, 1, &pm->subscript);
                        if (r < 0) return -1;
                        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
                        if (r == SC_BRACE) bad = 1;
                    }
                    if (peekc(p) != '}') bad = 1;
                    goto close;
                }
            }
        }
        /* ${#...} with an operator: $# itself (${#:-x}), except a few */
        if ((c1 == '%' || c1 == ':' || c1 == '=' || c1 == '+' || c1 == '/') && peekn(p, 2) == '}')
            bad = 1;
        pm->name = dupstr(p, "#", 1);
        p->pos += 1;
        goto ops;
    }
    if (c == '!') {
        int c1 = peekn(p, 1);
        if (c1 == '}') {                              /* ${!} */
            pm->name = dupstr(p, "!", 1);
            p->pos += 1;
            goto close;
        }
        nl = param_name_len(p, p->pos + 1);
        if (nl && (is_name_start(c1) || is_digit(c1) || c1 == '#' || c1 == '?' || c1 == '@' || c1 == '*')) {
            size_t after = p->pos + 1 + nl;
            int ca = after < p->n ? (unsigned char)p->s[after] : -1;
            if (is_name_start(c1) && (ca == '*' || ca == '@') && after + 1 < p->n && p->s[after + 1] == '}') {
                pm->op = SH_PO_NAMES;
                pm->transform = (char)ca;
                pm->name = dupstr(p, p->s + p->pos + 1, nl);
                p->pos = after + 1;
                goto close;
            }
            pm->flags |= SH_PPF_INDIRECT;
            p->pos += 1;
            c = c1;
            goto name;
        }
        bad = 1;
        goto close;
    }
name:
    nl = param_name_len(p, p->pos);
    if (!nl) { bad = 1; goto close; }
    pm->name = dupstr(p, p->s + p->pos, nl);
    p->pos += nl;
    if (is_name_start(c) && peekc(p) == '[') {
        p->pos++;
        int r = scan_subscript(p, in_dq, 1, &pm->subscript);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        if (r == SC_BRACE) { bad = 1; goto close; }
    }
ops:
    if (!pm->name.p) return -1;
    c = peekc(p);
    switch (c) {
    case '}':
        break;
    case ':': {
        int c1 = peekn(p, 1);
        if (c1 == '-' || c1 == '=' || c1 == '?' || c1 == '+') {
            pm->flags |= SH_PPF_COLON;
            p->pos++;
            c = c1;
            goto wordop;
        }
        p->pos++;
        pm->op = SH_PO_SUBSTR;
        int r = scan_operand(p, in_dq, 2, 0, 1, &pm->word);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        if (peekc(p) == ':') {
            p->pos++;
            r = scan_operand(p, in_dq, 2, 0, 0, &pm->word2);
            if (r < 0) return -1;
            if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        }
        break;
    }
    case '-': case '=': case '?': case '+':
    wordop: {
        pm->op = c == '-' ? SH_PO_DEFAULT : c == '=' ? SH_PO_ASSIGN : c == '?' ? SH_PO_ERROR : SH_PO_ALT;
        p->pos++;
        int r = scan_operand(p, in_dq, 0, 0, 0, &pm->word);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        break;
    }
    case '#': case '%': {
        int dbl = peekn(p, 1) == c;
        pm->op = c == '#' ? (dbl ? SH_PO_TRIM_PREFIX_LONG : SH_PO_TRIM_PREFIX)
                          : (dbl ? SH_PO_TRIM_SUFFIX_LONG : SH_PO_TRIM_SUFFIX);
        p->pos += dbl ? 2 : 1;
        int r = scan_operand(p, in_dq, 1, 0, 0, &pm->word);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        break;
    }
    case '/': {
        p->pos++;
        int c1 = peekc(p);
        pm->op = SH_PO_REPLACE;
        if (c1 == '/') { pm->op = SH_PO_REPLACE_ALL; p->pos++; }
        else if (c1 == '#') { pm->op = SH_PO_REPLACE_PREFIX; p->pos++; }
        else if (c1 == '%') { pm->op = SH_PO_REPLACE_SUFFIX; p->pos++; }
        int r = scan_operand(p, in_dq, 1, 1, 0, &pm->word);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        if (peekc(p) == '/') {
            p->pos++;
            r = scan_operand(p, in_dq, 1, 0, 0, &pm->word2);
            if (r < 0) return -1;
            if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        }
        break;
    }
    case '^': case ',': case '~': {
        int dbl = peekn(p, 1) == c;
        pm->op = c == '^' ? (dbl ? SH_PO_UPPER_ALL : SH_PO_UPPER_FIRST)
               : c == ',' ? (dbl ? SH_PO_LOWER_ALL : SH_PO_LOWER_FIRST)
                          : (dbl ? SH_PO_TOGGLE_ALL : SH_PO_TOGGLE_FIRST);
        p->pos += dbl ? 2 : 1;
        int r = scan_operand(p, in_dq, 1, 0, 0, &pm->word);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, '}');
        break;
    }
    case '@': {
        int c1 = peekn(p, 1);
        if (c1 > 0 && strchr("QEPAKaUuLk", c1) && peekn(p, 2) == '}') {
            pm->op = SH_PO_TRANSFORM;
            pm->transform = (char)c1;
            p->pos += 2;
            break;
        }
        bad = 1;
        break;
    }
    default:
        bad = 1;
        break;
    }
close:
    if (bad || peekc(p) != '}') {
        if (AT_END(p)) return sh_p_error_eof_match(p, line, '}');
        pm->subscript = pm->word = pm->word2 = NULL;
        if (skip_bad_param(p, start, in_dq, line, &pm->word)) return -1;
        pm->op = SH_PO_BAD;
        if (!pm->name.p) pm->name = mkstr("", 0);
    } else {
        p->pos++;
    }
    sh_p_leave(p);
    pm->raw = mkstr(p->s + start, p->pos - start);
    sh_part *x = pv_push(p, sc->v, SH_P_PARAM);
    if (!x) return -1;
    x->line = line;
    x->u.param = pm;
    sc->wflags |= SH_WF_EXPAND;
    return 0;
}

static int scan_regex_group(P *p, scan *sc);

/* At '$'.  Returns 0 when something was produced or the '$' is literal
 * (then it is left to the caller as part of the literal run: *lit = 1). */
static int scan_dollar(P *p, scan *sc, int *lit)
{
    *lit = 0;
    int c1 = peekn(p, 1);
    switch (c1) {
    case '{':
        return scan_param_braced(p, sc);
    case '(':
        if (peekn(p, 2) == '(') return scan_dollar_dparen(p, sc);
        return scan_comsub(p, sc, SH_P_CMDSUB, 0);
    case '[':
        return scan_dollar_bracket(p, sc);
    case '\'':
        if (sc->q == Q_UNQ || sc->q == Q_DQOP) return scan_ansi(p, sc);
        *lit = 1;
        return 0;
    case '"':
        if (sc->q == Q_UNQ || sc->q == Q_DQOP) return scan_dquote(p, sc, 1);
        *lit = 1;
        return 0;
    default:
        break;
    }
    size_t nl = 0;
    if (c1 >= 0) {
        if (is_name_start(c1)) nl = param_name_len(p, p->pos + 1);
        else if (is_digit(c1) || special_param(c1)) nl = 1;
    }
    if (!nl) { *lit = 1; return 0; }
    /* $@( with extglob: bash's lexer reads @( as a pattern group, so the
       word goes on to the matching ) (the text after $@ is literal) */
    int group = sc->extglob && sc->term == TERM_WORD && (cls[c1] & C_EXTG) && peekn(p, 2) == '(';
    if (flush_lit(p, sc)) return -1;
    sh_param *pm = sk_arena_zalloc(p->ar, sizeof *pm);
    if (!pm) return sh_p_nomem(p);
    pm->flags = sc->in_dq ? SH_PPF_DQUOTE : 0;
    pm->name = dupstr(p, p->s + p->pos + 1, nl);
    if (!pm->name.p) return -1;
    pm->raw = mkstr(p->s + p->pos, nl + 1);
    sh_part *x = pv_push(p, sc->v, SH_P_PARAM);
    if (!x) return -1;
    x->u.param = pm;
    p->pos += nl + 1;
    sc->wflags |= SH_WF_EXPAND;
    if (group) return scan_regex_group(p, sc);
    return 0;
}

/* ---- tildes, extglob, process substitution ---------------------------- */

/* At '~' where a tilde prefix may start: emit SH_P_TILDE when the prefix
 * qualifies; otherwise leave it as literal text. */
static int try_tilde(P *p, scan *sc)
{
    size_t i = p->pos + 1;
    for (;; i++) {
        int c = i < p->n ? (unsigned char)p->s[i] : -1;
        if (c < 0 || c == '/' || c == ':') break;
        if (sc->term == TERM_WORD && (cls[c] & (C_BLANK | C_NL | C_META))) break;
        if (sc->term == TERM_BRACE && (c == '}' || (c == '/' && sc->stop_slash))) break;
        if (sc->term == TERM_PAREN && c == ')') break;
        if (sc->term == TERM_BRACKET && c == ']') break;
        if (cls[c] & (C_QUOTE | C_GLOB | C_BLANK | C_NL | C_META)) return 0;
        if (c == '{' || c == '}' || c == '=' ) return 0;
        if (sc->extglob && (cls[c] & C_EXTG) && i + 1 < p->n && p->s[i + 1] == '(') return 0;
    }
    if (flush_lit(p, sc)) return -1;
    sh_part *x = pv_push(p, sc->v, SH_P_TILDE);
    if (!x) return -1;
    x->u.text = mkstr(p->s + p->pos + 1, i - p->pos - 1);
    sc->wflags |= SH_WF_EXPAND;
    p->pos = i;
    return 1;
}

/* At an extglob operator followed by '(' */
static int scan_extglob(P *p, scan *sc)
{
    int line = p->line;
    char op = p->s[p->pos];
    if (flush_lit(p, sc)) return -1;
    if (sh_p_enter(p)) return -1;
    p->pos += 2;
    pvec v;
    pv_init(&v);
    scan in;
    sc_init(&in, &v, Q_UNQ, TERM_PAREN, sc->in_dq);
    in.extglob = 1;
    int r = scan_parts(p, &in);
    sh_p_leave(p);
    if (r < 0) return -1;
    if (r == SC_EOF) return sh_p_error_eof_match(p, line, ')');
    p->pos++;
    sh_part *x = pv_push(p, sc->v, SH_P_EXTGLOB);
    if (!x) return -1;
    x->line = line;
    x->op = op;
    sc->wflags |= SH_WF_GLOB | (in.wflags & SH_WF_EXPAND);
    return pv_finish(p, &v, &x->u.list.parts, &x->u.list.n);
}

/* In a =~ word: a parenthesised group, kept as text with its contents. */
static int scan_regex_group(P *p, scan *sc)
{
    int line = p->line;
    lit_begin(p, sc);
    p->pos++;                      /* '(' stays in the literal run */
    if (flush_lit(p, sc)) return -1;
    if (sh_p_enter(p)) return -1;
    scan in;
    sc_init(&in, sc->v, Q_UNQ, TERM_PAREN, sc->in_dq);
    int r = scan_parts(p, &in);
    sh_p_leave(p);
    if (r < 0) return -1;
    if (r == SC_EOF) return sh_p_error_eof_match(p, line, ')');
    sc->wflags |= in.wflags;
    lit_begin(p, sc);              /* ')' starts the next literal run */
    p->pos++;
    return 0;
}

/* ---- the scanner loop ------------------------------------------------- */

static int scan_parts(P *p, scan *sc)
{
    if (sk_stack_low(p->o.stack_limit)) return sh_p_enter(p);  /* reports it */
    if (sc->tilde_ok) {
        sc->tilde_at = p->pos;
        sc->tilde_ok = 0;
    }
    for (;;) {
        if (AT_END(p)) {
            if (flush_lit(p, sc)) return SC_ERR;
            if (sc->term == TERM_WORD || sc->term == TERM_NONE) return SC_STOP;
            return SC_EOF;
        }
        unsigned char c = (unsigned char)p->s[p->pos];
        uint8_t cl = cls[c];
        if (SH_LIKELY(cl == 0)) {
            lit_begin(p, sc);
            p->pos++;
            continue;
        }
        if (c == '~' && p->pos == sc->tilde_at && sc->q == Q_UNQ) {
            int r = try_tilde(p, sc);
            if (r < 0) return SC_ERR;
            if (r) continue;
            lit_begin(p, sc);
            p->pos++;
            continue;
        }
        /* terminators */
        switch (sc->term) {
        case TERM_WORD:
            if (cl & (C_BLANK | C_NL)) goto stop;
            if (cl & C_META) {
                if ((c == '<' || c == '>') && peekn(p, 1) == '(' && !sc->regex) {
                    if (scan_comsub(p, sc, SH_P_PROCSUB, c == '>' ? SH_PF_OUT : 0)) return SC_ERR;
                    continue;
                }
                if (sc->regex && c == '(') {
                    if (scan_regex_group(p, sc)) return SC_ERR;
                    continue;
                }
                if (sc->regex && c == '|') { lit_begin(p, sc); p->pos++; continue; }
                goto stop;
            }
            break;
        case TERM_DQ:
            if (c == '"' && sc->q == Q_DQ) goto stop;
            break;
        case TERM_BRACE:
            if ((c == '<' || c == '>') && peekn(p, 1) == '(') {
                /* bash reads <( ) in ${ } operands as process substitution
                   (inside "..." the text then stays literal) */
                if (!sc->in_dq) {
                    if (scan_comsub(p, sc, SH_P_PROCSUB, c == '>' ? SH_PF_OUT : 0)) return SC_ERR;
                    continue;
                }
                if (flush_lit(p, sc)) return SC_ERR;
                size_t b = p->pos;
                int bl = p->line;
                pvec tmp;
                pv_init(&tmp);
                scan t2;
                sc_init(&t2, &tmp, Q_UNQ, TERM_WORD, 0);
                if (scan_comsub(p, &t2, SH_P_PROCSUB, 0)) return SC_ERR;
                sh_part *x = pv_push(p, sc->v, SH_P_LIT);
                if (!x) return SC_ERR;
                x->line = bl;
                x->u.text = mkstr(p->s + b, p->pos - b);
                continue;
            }
            if (c == '}') goto stop;
            if (c == '/' && sc->stop_slash) goto stop;
            if (sc->stop_colon) {
                if (c == '?') sc->ternary++;
                else if (c == ':') {
                    if (sc->ternary == 0) goto stop;
                    sc->ternary--;
                }
            }
            break;
        case TERM_PAREN:
            if (c == '(') sc->depth++;
            else if (c == ')') {
                if (sc->depth == 0) goto stop;
                sc->depth--;
            }
            break;
        case TERM_BRACKET:
            if (c == '}' && sc->stop_brace) goto stop;
            if (c == '[') sc->depth++;
            else if (c == ']') {
                if (sc->depth == 0) goto stop;
                sc->depth--;
            }
            break;
        case TERM_AFOR:
            if (c == '(') sc->depth++;
            else if (c == ')') {
                if (sc->depth == 0) goto stop;
                sc->depth--;
            } else if (c == ';' && sc->depth == 0) goto stop;
            break;
        default:
            break;
        }
        if (cl & C_NL) {
            lit_begin(p, sc);
            p->pos++;
            newline(p);
            continue;
        }
        if (cl & C_QUOTE) {
            int lit = 0;
            switch (c) {
            case '\\': {
                int d = peekn(p, 1);
                if (d == '\n') {               /* line continuation */
                    if (flush_lit(p, sc)) return SC_ERR;
                    p->pos += 2;
                    newline(p);
                    continue;
                }
                if (d < 0) { lit_begin(p, sc); p->pos++; continue; }
                int esc;
                switch (sc->q) {
                case Q_UNQ: esc = 1; break;
                case Q_HEREDOC: esc = d == '$' || d == '`' || d == '\\'; break;
                case Q_DQOP: esc = d == '$' || d == '`' || d == '\\' || d == '"' || d == '}'; break;
                default: esc = d == '$' || d == '`' || d == '\\' || d == '"'; break;
                }
                if (!esc) {
                    /* the backslash stays, but bash still skips the pair
                       when it looks for the end of the construct */
                    lit_begin(p, sc);
                    p->pos += 2;
                    continue;
                }
                if (push_text(p, sc, SH_P_ESC, p->s + p->pos + 1, 1)) return SC_ERR;
                p->pos += 2;
                sc->wflags |= SH_WF_QUOTED;
                continue;
            }
            case '\'':
                if (sc->q == Q_UNQ) {
                    size_t b, e;
                    if (flush_lit(p, sc)) return SC_ERR;
                    int line = p->line;
                    if (scan_squote(p, &b, &e)) return SC_ERR;
                    if (push_text(p, sc, SH_P_SQ, p->s + b, e - b)) return SC_ERR;
                    sc->v->a[sc->v->n - 1].line = line;
                    sc->wflags |= SH_WF_QUOTED;
                    continue;
                }
                if (sc->q == Q_ARITH && sc->term == TERM_BRACE && !sc->in_dq) {
                    /* ${x:'1'}: bash removes these quotes */
                    size_t b, e;
                    if (flush_lit(p, sc)) return SC_ERR;
                    if (scan_squote(p, &b, &e)) return SC_ERR;
                    if (push_text(p, sc, SH_P_SQ, p->s + b, e - b)) return SC_ERR;
                    continue;
                }
                if (sc->q == Q_DQOP || sc->q == Q_ARITH) {
                    /* '...' kept with its quotes, but bash skips it as a
                       unit when it looks for the end of the construct */
                    size_t b, e;
                    lit_begin(p, sc);
                    if (scan_squote(p, &b, &e)) return SC_ERR;
                    continue;
                }
                lit = 1;
                break;
            case '"':
                if (sc->q == Q_UNQ || sc->q == Q_DQOP || sc->q == Q_ARITH) {
                    if (scan_dquote(p, sc, 0)) return SC_ERR;
                    sc->wflags |= SH_WF_QUOTED;
                    continue;
                }
                lit = 1;
                break;
            case '`':
                if (scan_backtick(p, sc)) return SC_ERR;
                continue;
            case '$':
                if (scan_dollar(p, sc, &lit)) return SC_ERR;
                if (!lit) continue;
                break;
            }
            (void)lit;
            lit_begin(p, sc);
            p->pos++;
            continue;
        }
        if ((cl & C_EXTG) && sc->extglob && sc->q == Q_UNQ && peekn(p, 1) == '(') {
            if (scan_extglob(p, sc)) return SC_ERR;
            continue;
        }
        if (c == ':' && sc->tilde_colon && sc->q == Q_UNQ) {
            lit_begin(p, sc);
            p->pos++;
            sc->tilde_at = p->pos;
            continue;
        }
        lit_begin(p, sc);
        p->pos++;
        continue;
    stop:
        if (flush_lit(p, sc)) return SC_ERR;
        return SC_STOP;
    }
}

/* ---- whole words (TERM_WORD) ------------------------------------------ */

/* Does the text at pos look like name=, name+=, name[...]= ?  Sets the
 * offsets (absolute) and returns 1.  When `spaced` is set (assignment
 * position), blanks inside [...] do not end the word; *sub_only is set
 * when a spaced name[...] is not followed by = (bash still reads it as one
 * word). */
typedef struct asg_shape {
    size_t name_end;     /* end of the identifier */
    size_t sub_close;    /* position of ']' (0 if no subscript) */
    size_t eq;           /* position of '=' */
    int plus;
    int sub_only;
} asg_shape;

static size_t skip_quoted_raw(P *p, size_t i, int close);

/* Skip a matched construct at s[i] (returns the index after it). */
static size_t skip_matched_raw(P *p, size_t i)
{
    int c = (unsigned char)p->s[i];
    if (c == '\\') return i + 2;
    if (c == '\'') {
        const char *q = memchr(p->s + i + 1, '\'', p->n - i - 1);
        return q ? (size_t)(q - p->s) + 1 : p->n;
    }
    if (c == '"') return skip_quoted_raw(p, i + 1, '"');
    if (c == '`') return skip_quoted_raw(p, i + 1, '`');
    if (c == '$' && i + 1 < p->n && (p->s[i + 1] == '(' || p->s[i + 1] == '{')) {
        int open = p->s[i + 1], close = open == '(' ? ')' : '}';
        int d = 1;
        size_t j = i + 2;
        while (j < p->n && d > 0) {
            int x = (unsigned char)p->s[j];
            if (x == '\\' || x == '\'' || x == '"' || x == '`') { j = skip_matched_raw(p, j); continue; }
            if (x == open) d++;
            else if (x == close) d--;
            j++;
        }
        return j;
    }
    return i + 1;
}

static size_t skip_quoted_raw(P *p, size_t i, int close)
{
    while (i < p->n && p->s[i] != close) {
        if (p->s[i] == '\\') i += 2;
        else if (close == '"' && p->s[i] == '$') i = skip_matched_raw(p, i);
        else i++;
    }
    return i < p->n ? i + 1 : p->n;
}

static int assign_shape(P *p, int spaced, asg_shape *a)
{
    size_t i = p->pos;
    if (i >= p->n || !is_name_start((unsigned char)p->s[i])) return 0;
    while (i < p->n && is_name_char((unsigned char)p->s[i])) i++;
    memset(a, 0, sizeof *a);
    a->name_end = i;
    if (i < p->n && p->s[i] == '[') {
        int d = 0;
        size_t j = i;
        for (;;) {
            /* in assignment position bash reads name[ ... ] as a matched
               pair, across blanks, operators and newlines */
            if (j >= p->n) return spaced ? -1 : 0;
            int c = (unsigned char)p->s[j];
            if (c == '[') { d++; j++; continue; }
            if (c == ']') { if (--d == 0) break; j++; continue; }
            if (!spaced && (cls[c] & (C_BLANK | C_META | C_NL))) return 0;
            if (c == '\\' || c == '\'' || c == '"' || c == '`' || c == '$') {
                j = skip_matched_raw(p, j);
                continue;
            }
            j++;
        }
        a->sub_close = j;
        i = j + 1;
    }
    if (i < p->n && p->s[i] == '=') { a->eq = i; return 1; }
    if (i + 1 < p->n && p->s[i] == '+' && p->s[i + 1] == '=') { a->eq = i + 1; a->plus = 1; return 1; }
    if (spaced && a->sub_close) { a->sub_only = 1; return 1; }
    return 0;
}

/* Is the next char a word terminator? */
static int at_word_end(P *p)
{
    int c = peekc(p);
    return c < 0 || (cls[c] & (C_BLANK | C_NL | C_META));
}

/* Compound array elements, pos after "(".  Fills a->elems. */
static int scan_compound(P *p, sh_assign *a, int line, int extglob)
{
    sh_array_elem *el = NULL;
    uint32_t n = 0, cap = 0;
    if (sh_p_enter(p)) return -1;
    for (;;) {
        /* blanks, newlines, comments */
        for (;;) {
            int c = peekc(p);
            if (c == ' ' || c == '\t') { p->pos++; continue; }
            if (c == '\n') { p->pos++; newline(p); continue; }
            if (c == '\\' && peekn(p, 1) == '\n') { p->pos += 2; newline(p); continue; }
            if (c == '#') {
                while (!AT_END(p) && peekc(p) != '\n') p->pos++;
                continue;
            }
            break;
        }
        int c = peekc(p);
        if (c < 0) {
            sh_p_error_eof_match(p, line, ')');
            p->err.status = 1;
            return -1;
        }
        if (c == ')') { p->pos++; break; }
        size_t dg = 0;
        while (is_digit(peekn(p, dg))) dg++;
        int io = dg && (peekn(p, dg) == '<' || peekn(p, dg) == '>');   /* 2>x */
        if (io || ((cls[c] & C_META) && !((c == '<' || c == '>') && peekn(p, 1) == '('))) {
            sh_tok t;
            memset(&t, 0, sizeof t);
            if (sh_lex(p, M_NOALIAS, &t)) return -1;
            sh_p_error_tok(p, &t);
            p->err.status = 1;
            return -1;
        }
        if (n == cap) {
            uint32_t nc = cap ? cap * 2 : 8;
            sh_array_elem *ne = sk_arena_alloc(p->ar, nc * sizeof *ne);
            if (!ne) return sh_p_nomem(p);
            if (n) memcpy(ne, el, n * sizeof *ne);
            el = ne;
            cap = nc;
        }
        sh_array_elem *e = &el[n++];
        memset(e, 0, sizeof *e);
        size_t wstart = p->pos;
        pvec v;
        pv_init(&v);
        scan sc;
        sc_init(&sc, &v, Q_UNQ, TERM_WORD, 0);
        sc.extglob = (uint8_t)extglob;
        sc.tilde_ok = 1;
        if (c == '[') {
            /* [key]=value ? */
            size_t save = p->pos;
            int save_line = p->line;
            p->pos++;
            sh_word *key = NULL;
            int r = scan_subscript(p, 0, 0, &key);
            if (r < 0) return -1;
            if (r == SC_EOF) {
                /* bash reads [ ... ] here as a matched pair */
                sh_p_error_eof_match(p, save_line, ']');
                p->err.status = 1;
                return -1;
            }
            int ok = r == SC_STOP;
            if (ok && peekc(p) == '=') { p->pos++; }
            else if (ok && peekc(p) == '+' && peekn(p, 1) == '=') { p->pos += 2; e->append = 1; }
            else ok = 0;
            if (ok) {
                e->key = key;
                wstart = p->pos;
                sc.tilde_colon = 1;
            } else {
                p->pos = save;
                p->line = save_line;
                e->append = 0;
            }
        }
        if (scan_parts(p, &sc) < 0) return -1;
        sh_word *w = mkword(p, &v, wstart, p->pos, 0);
        if (!w) return -1;
        e->value = *w;
    }
    sh_p_leave(p);
    a->compound = 1;
    a->elems = el;
    a->nelems = n;
    return 0;
}

/* Spell a compound assignment word for its parts: LIT "name=(" elements
 * joined by LIT " " and LIT ")". */
static int spell_compound(P *p, pvec *v, size_t start, size_t open, const sh_assign *a)
{
    sh_part *x = pv_push(p, v, SH_P_LIT);
    if (!x) return -1;
    x->u.text = mkstr(p->s + start, open + 1 - start);
    for (uint32_t i = 0; i < a->nelems; i++) {
        const sh_array_elem *e = &a->elems[i];
        if (i) {
            x = pv_push(p, v, SH_P_LIT);
            if (!x) return -1;
            x->u.text = mkstr(" ", 1);
        }
        if (e->key) {
            x = pv_push(p, v, SH_P_LIT);
            if (!x) return -1;
            x->u.text = mkstr("[", 1);
            for (uint32_t k = 0; k < e->key->nparts; k++) {
                x = pv_push(p, v, 0);
                if (!x) return -1;
                *x = e->key->parts[k];
            }
            x = pv_push(p, v, SH_P_LIT);
            if (!x) return -1;
            x->u.text = e->append ? mkstr("]+=", 3) : mkstr("]=", 2);
        }
        for (uint32_t k = 0; k < e->value.nparts; k++) {
            x = pv_push(p, v, 0);
            if (!x) return -1;
            *x = e->value.parts[k];
        }
    }
    x = pv_push(p, v, SH_P_LIT);
    if (!x) return -1;
    x->u.text = mkstr(")", 1);
    return 0;
}

/* Scan one word at pos (not at a blank or operator). */
static sh_word *scan_word(P *p, unsigned mode)
{
    size_t start = p->pos;
    int line = p->line;
    pvec v;
    pv_init(&v);
    scan sc;
    sc_init(&sc, &v, Q_UNQ, TERM_WORD, 0);
    sc.extglob = (uint8_t)(p->o.extglob || (mode & M_EXTPAT));
    sc.regex = (mode & M_REGEX) != 0;
    sc.tilde_ok = 1;
    uint32_t wflags = 0;
    asg_shape as;
    sh_assign *a = NULL;
    uint32_t sub_b = 0, sub_e = 0, val_b = 0;
    int shape = (mode & (M_COND | M_REGEX)) ? 0 : assign_shape(p, (mode & M_ASSIGN) != 0, &as);
    int unterminated = shape < 0;
    if (unterminated) {
        /* name[ without its ]: the scan below reports the innermost
           unterminated construct, as bash does */
        as.sub_close = p->n;
        shape = 1;
    }
    if (shape) {
        /* name[  or name */
        size_t ne = as.sub_close ? as.name_end + 1 : as.name_end;
        sh_part *x = pv_push(p, &v, SH_P_LIT);
        if (!x) return NULL;
        x->u.text = mkstr(p->s + start, ne - start);
        p->pos = ne;
        if (as.sub_close) {
            sub_b = v.n;
            scan in;
            sc_init(&in, &v, Q_UNQ, TERM_BRACKET, 0);
            int r = scan_parts(p, &in);
            if (r < 0) return NULL;
            if (unterminated) {
                sh_p_error_eof_match(p, line, ']');
                return NULL;
            }
            if (r == SC_EOF || p->pos != as.sub_close) {
                shape = 0;      /* the quick look and the scan disagree */
                sc.tilde_ok = 0;
                goto rest;
            }
            sub_e = v.n;
        }
        if (as.sub_only) {
            sc.tilde_ok = 0;
            goto rest;
        }
        /* "]=" / "]+=" / "=" / "+=" */
        x = pv_push(p, &v, SH_P_LIT);
        if (!x) return NULL;
        x->u.text = mkstr(p->s + p->pos, as.eq + 1 - p->pos);
        p->pos = as.eq + 1;
        val_b = v.n;
        wflags |= SH_WF_ASSIGNLIKE;
        sc.tilde_colon = 1;
        if ((mode & (M_ASSIGN | M_DECL)) || (peekc(p) == '(' && (mode & M_EVALARG))) {
            a = sk_arena_zalloc(p->ar, sizeof *a);
            if (!a) { sh_p_nomem(p); return NULL; }
            a->name = dupstr(p, p->s + start, as.name_end - start);
            if (!a->name.p) return NULL;
            a->append = (uint8_t)as.plus;
            a->line = line;
        }
        if (peekc(p) == '(' && a) {
            size_t open = p->pos;
            if ((mode & (M_ASSIGN | M_DECL)) && !memo_has(p, p->s + open)) {
                            int save_line = p->line;
                p->pos++;
                if (scan_compound(p, a, line, sc.extglob)) return NULL;
                if (at_word_end(p)) {
                    wflags |= SH_WF_COMPOUND;
                    if (mode & M_DECL) {
                        /* parts spell the whole word */
                        pvec v2;
                        pv_init(&v2);
                        if (spell_compound(p, &v2, start, open, a)) return NULL;
                        v = v2;
                        if (v2.a == v2.inl) v.a = v.inl;
                    } else {
                        v.n = val_b;
                    }
                    goto done;
                }
                /* a=(1)x: bash assigns the text literally */
                            p->pos = open;
                p->line = save_line;
                if (memo_add(p, p->s + open)) return NULL;
                a->compound = 0;
                a->elems = NULL;
                a->nelems = 0;
            }
            /* literal: LIT "(" ... LIT ")" then the rest of the word */
            int pl = p->line;
            if (sh_p_enter(p)) return NULL;
            lit_begin(p, &sc);
            p->pos++;
            if (flush_lit(p, &sc)) return NULL;
            scan in;
            sc_init(&in, &v, Q_UNQ, TERM_PAREN, 0);
            int r = scan_parts(p, &in);
            sh_p_leave(p);
            if (r < 0) return NULL;
            if (r == SC_EOF) {
                sh_p_error_eof_match(p, pl, ')');
                p->err.status = 1;
                return NULL;
            }
            lit_begin(p, &sc);
            p->pos++;
            wflags |= SH_WF_COMPOUND;
            sc.tilde_ok = 0;
            if (!(mode & (M_ASSIGN | M_DECL))) a = NULL;
        }
    }
rest:
    if (scan_parts(p, &sc) < 0) return NULL;
    if (!shape) {
        wflags &= ~SH_WF_ASSIGNLIKE;
        a = NULL;
    }
done:;
    sh_word *w = sk_arena_alloc(p->ar, sizeof *w);
    if (!w) { sh_p_nomem(p); return NULL; }
    memset(w, 0, sizeof *w);
    if (pv_finish(p, &v, &w->parts, &w->nparts)) return NULL;
    w->raw = mkstr(p->s + start, p->pos - start);
    w->flags = wflags;
    if (sh_word_fill(p, w)) return NULL;
    if (a) {
        a->value.raw = mkstr("", 0);
        if (!a->compound) {
            a->value.parts = w->nparts > val_b ? w->parts + val_b : NULL;
            a->value.nparts = w->nparts > val_b ? w->nparts - val_b : 0;
            a->value.raw = mkstr(p->s + as.eq + 1, p->pos - as.eq - 1);
            if (sh_word_fill(p, &a->value)) return NULL;
        }
        if (as.sub_close) {
            sh_word *s = sk_arena_zalloc(p->ar, sizeof *s);
            if (!s) { sh_p_nomem(p); return NULL; }
            s->parts = sub_e > sub_b ? w->parts + sub_b : NULL;
            s->nparts = sub_e - sub_b;
            s->raw = mkstr(p->s + as.name_end + 1, as.sub_close - as.name_end - 1);
            if (sh_word_fill(p, s)) return NULL;
            a->subscript = s;
        }
        w->assign = a;
    }
    return w;
}

/* ---- tokens ----------------------------------------------------------- */

/* The text of a word made of literal parts only (backslash-newlines
 * removed), in buf when it has several parts; NULL otherwise. */
const char *sh_plain_text(const sh_word *w, char *buf, size_t cap, size_t *len)
{
    if (!(w->flags & SH_WF_LITERAL) || w->nparts == 0) return NULL;
    if (w->nparts == 1) {
        *len = w->parts[0].u.text.n;
        return w->parts[0].u.text.p;
    }
    size_t n = 0;
    for (uint32_t i = 0; i < w->nparts; i++) {
        const sh_str *t = &w->parts[i].u.text;
        if (n + t->n > cap) return NULL;
        memcpy(buf + n, t->p, t->n);
        n += t->n;
    }
    *len = n;
    return buf;
}

int sh_rw_lookup(const char *s, size_t n)
{
    switch (n) {
    case 1:
        if (s[0] == '{') return RW_LBRACE;
        if (s[0] == '}') return RW_RBRACE;
        if (s[0] == '!') return RW_BANG;
        return 0;
    case 2:
        if (!memcmp(s, "if", 2)) return RW_IF;
        if (!memcmp(s, "fi", 2)) return RW_FI;
        if (!memcmp(s, "do", 2)) return RW_DO;
        if (!memcmp(s, "in", 2)) return RW_IN;
        if (!memcmp(s, "[[", 2)) return RW_DLBRACK;
        if (!memcmp(s, "]]", 2)) return RW_DRBRACK;
        return 0;
    case 3:
        return !memcmp(s, "for", 3) ? RW_FOR : 0;
    case 4:
        if (!memcmp(s, "then", 4)) return RW_THEN;
        if (!memcmp(s, "else", 4)) return RW_ELSE;
        if (!memcmp(s, "elif", 4)) return RW_ELIF;
        if (!memcmp(s, "case", 4)) return RW_CASE;
        if (!memcmp(s, "esac", 4)) return RW_ESAC;
        if (!memcmp(s, "done", 4)) return RW_DONE;
        if (!memcmp(s, "time", 4)) return RW_TIME;
        return 0;
    case 5:
        if (!memcmp(s, "while", 5)) return RW_WHILE;
        if (!memcmp(s, "until", 5)) return RW_UNTIL;
        return 0;
    case 6:
        if (!memcmp(s, "select", 6)) return RW_SELECT;
        if (!memcmp(s, "coproc", 6)) return RW_COPROC;
        return 0;
    case 8:
        return !memcmp(s, "function", 8) ? RW_FUNCTION : 0;
    }
    return 0;
}

static const char op_text[][4] = {
    [T_SEMI] = ";", [T_DSEMI] = ";;", [T_SEMI_AND] = ";&", [T_DSEMI_AND] = ";;&",
    [T_AMP] = "&", [T_AND_AND] = "&&", [T_PIPE] = "|", [T_PIPE_AMP] = "|&",
    [T_OR_OR] = "||", [T_LPAREN] = "(", [T_RPAREN] = ")", [T_LESS] = "<",
    [T_GREAT] = ">", [T_DGREAT] = ">>", [T_CLOBBER] = ">|", [T_LESSGREAT] = "<>",
    [T_LESSAND] = "<&", [T_GREATAND] = ">&", [T_AND_GREAT] = "&>",
    [T_AND_DGREAT] = "&>>", [T_DLESS] = "<<", [T_DLESSDASH] = "<<-", [T_TLESS] = "<<<",
};

const char *sh_tok_text(P *p, const sh_tok *t)
{
    switch (t->kind) {
    case T_EOF: return "EOF";
    case T_NEWLINE: return "newline";
    case T_WORD: case T_ARITH_CMD: {
        char *s = sk_arena_strndup(p->ar, t->word->raw.p, t->word->raw.n);
        return s ? s : "?";
    }
    case T_IONUM: {
        char *s = sk_arena_alloc(p->ar, 16);
        if (!s) return "?";
        int v = t->fd, i = 15;
        s[i] = 0;
        do { s[--i] = (char)('0' + v % 10); v /= 10; } while (v && i > 0);
        return s + i;
    }
    case T_IOVAR: {
        char *s = sk_arena_alloc(p->ar, t->fdvar.n + 3);
        if (!s) return "?";
        s[0] = '{';
        memcpy(s + 1, t->fdvar.p, t->fdvar.n);
        s[t->fdvar.n + 1] = '}';
        s[t->fdvar.n + 2] = 0;
        return s;
    }
    default:
        if (t->kind > 0 && (size_t)t->kind < sizeof op_text / sizeof op_text[0] && op_text[t->kind][0])
            return op_text[t->kind];
        return "?";
    }
}

/* Recognise an operator at pos; consumes it. */
static int lex_op(P *p)
{
    int c = peekc(p);
    p->pos++;
    switch (c) {
    case ';':
        skip_cont(p);
        if (peekc(p) == ';') {
            p->pos++;
            skip_cont(p);
            if (peekc(p) == '&') { p->pos++; return T_DSEMI_AND; }
            return T_DSEMI;
        }
        if (peekc(p) == '&') { p->pos++; return T_SEMI_AND; }
        return T_SEMI;
    case '&':
        skip_cont(p);
        if (peekc(p) == '&') { p->pos++; return T_AND_AND; }
        if (peekc(p) == '>') {
            p->pos++;
            skip_cont(p);
            if (peekc(p) == '>') { p->pos++; return T_AND_DGREAT; }
            return T_AND_GREAT;
        }
        return T_AMP;
    case '|':
        skip_cont(p);
        if (peekc(p) == '|') { p->pos++; return T_OR_OR; }
        if (peekc(p) == '&') { p->pos++; return T_PIPE_AMP; }
        return T_PIPE;
    case '(': return T_LPAREN;
    case ')': return T_RPAREN;
    case '<':
        skip_cont(p);
        switch (peekc(p)) {
        case '<':
            p->pos++;
            skip_cont(p);
            if (peekc(p) == '<') { p->pos++; return T_TLESS; }
            if (peekc(p) == '-') { p->pos++; return T_DLESSDASH; }
            return T_DLESS;
        case '&': p->pos++; return T_LESSAND;
        case '>': p->pos++; return T_LESSGREAT;
        }
        return T_LESS;
    case '>':
        skip_cont(p);
        switch (peekc(p)) {
        case '>': p->pos++; return T_DGREAT;
        case '&': p->pos++; return T_GREATAND;
        case '|': p->pos++; return T_CLOBBER;
        }
        return T_GREAT;
    }
    return T_EOF;
}

/* Pop finished alias inputs. */
static void pop_sources(P *p)
{
    while (AT_END(p) && p->srcs && p->nsrc > p->src_floor) {
        sh_src *s = p->srcs;
        if (p->cur_expand_next) p->alias_next = 1;
        p->s = s->s;
        p->n = s->n;
        p->pos = s->pos;
        p->cur_alias = s->alias;
        p->cur_expand_next = s->expand_next;
        p->srcs = s->prev;
        p->nsrc--;
    }
}

static int alias_active(P *p, const char *name, size_t n)
{
    if (p->cur_alias && strlen(p->cur_alias) == n && !memcmp(p->cur_alias, name, n)) return 1;
    for (sh_src *s = p->srcs; s; s = s->prev)
        if (s->alias && strlen(s->alias) == n && !memcmp(s->alias, name, n)) return 1;
    return 0;
}

/* Try alias expansion of a plain word; returns 1 when the input was
 * switched to the alias text. */
static int try_alias(P *p, const sh_word *w)
{
    char buf[256];
    size_t len;
    const char *txt = sh_plain_text(w, buf, sizeof buf, &len);
    if (!txt) return 0;
    const sh_str ts = { txt, len }, *t = &ts;
    if (t->n == 0 || t->n > 255) return 0;
    if (alias_active(p, t->p, t->n)) return 0;
    char name[256];
    memcpy(name, t->p, t->n);
    name[t->n] = 0;
    const char *val = p->o.alias_lookup(p->o.alias_ud, name);
    if (!val) return 0;
    size_t vn = strlen(val);
    sh_src *s = sk_arena_alloc(p->ar, sizeof *s);
    char *copy = sk_arena_strndup(p->ar, val, vn);
    char *nm = sk_arena_strndup(p->ar, name, t->n);
    if (!s || !copy || !nm) return sh_p_nomem(p);
    s->s = p->s;
    s->n = p->n;
    s->pos = p->pos;
    s->alias = p->cur_alias;
    s->expand_next = p->cur_expand_next;
    s->prev = p->srcs;
    p->srcs = s;
    p->nsrc++;
    p->s = copy;
    p->n = vn;
    p->pos = 0;
    p->cur_alias = nm;
    p->cur_expand_next = vn > 0 && (copy[vn - 1] == ' ' || copy[vn - 1] == '\t');
    return 1;
}

static size_t main_pos(P *p)
{
    if (!p->srcs) return p->pos;
    sh_src *s = p->srcs;
    while (s->prev) s = s->prev;
    return s->pos;
}

/* At "((" in command position: an arithmetic command, or "(" when the
 * parentheses do not close as "))".  Returns 1 when a token was made. */
static int lex_dparen(P *p, sh_tok *t)
{
    int line = p->line;
    size_t start = p->pos;
    if (memo_has(p, p->s + start)) return 0;
    if (sh_p_enter(p)) return -1;
    p->pos += 2;
    sh_word *w = NULL;
    int r = scan_arith_text(p, TERM_PAREN, &w);
    sh_p_leave(p);
    if (r < 0) return -1;
    if (r == SC_EOF) return sh_p_error_eof_match(p, line, ')');
    if (peekn(p, 1) == ')') {
        p->pos += 2;
        t->kind = T_ARITH_CMD;
        t->word = w;
        return 1;
    }
    if (peekn(p, 1) < 0 || peekn(p, 1) == '\n') {
        /* bash 5.2 cannot re-read "((x)" followed by a newline as nested
           subshells: "syntax error near `LASTWORD'" */
        size_t e = p->pos + 1, b = e;
        while (b > start && p->s[b - 1] != ' ' && p->s[b - 1] != '\t' && p->s[b - 1] != '\n') b--;
        char *x = sk_arena_alloc(p->ar, e - b + 32);
        if (!x) return sh_p_nomem(p);
        memcpy(x, "syntax error near `", 19);
        memcpy(x + 19, p->s + b, e - b);
        memcpy(x + 19 + (e - b), "'", 2);
        sh_tok et;
        memset(&et, 0, sizeof et);
        et.kind = T_RPAREN;
        et.end_line = p->line;
        et.mpos = main_pos(p) + 1;
        sh_p_error_tok(p, &et);
        p->err.msg = x;
        return -1;
    }
    p->pos = start;
    p->line = line;
    if (memo_add(p, p->s + start)) return -1;
    return 0;
}

int sh_lex(P *p, unsigned mode, sh_tok *t)
{
    memset(t, 0, sizeof *t);
    t->mode = mode;
again:
    if (sh_p_tick(p)) return -1;
    /* blanks, continuations, comments */
    for (;;) {
        if (AT_END(p)) {
            if (p->srcs && p->nsrc > p->src_floor) { pop_sources(p); continue; }
            break;
        }
        int c = (unsigned char)p->s[p->pos];
        if (c == ' ' || c == '\t') { p->pos++; continue; }
        if (c == '\\' && peekn(p, 1) == '\n') { p->pos += 2; newline(p); continue; }
        if (c == '#') {
            const char *e = memchr(p->s + p->pos, '\n', p->n - p->pos);
            p->pos = e ? (size_t)(e - p->s) : p->n;
            continue;
        }
        break;
    }
    t->start = p->pos;
    t->line = p->line;
    t->from_alias = p->cur_alias != NULL;
    if (AT_END(p)) {
        if (!p->srcs && !p->synth_done && p->main_n > 0 && p->main_s[p->main_n - 1] != '\n') {
            p->synth_done = 1;
            t->kind = T_NEWLINE;
            t->end_line = p->line;
            t->mpos = p->main_n;
            newline(p);
            if (p->hd_head && sh_read_heredocs(p)) return -1;
            return 0;
        }
        t->kind = T_EOF;
        t->end_line = p->line;
        t->mpos = p->main_n;
        return 0;
    }
    int c = (unsigned char)p->s[p->pos];
    if (c == '\n') {
        p->pos++;
        t->kind = T_NEWLINE;
        t->end_line = p->line;
        t->mpos = main_pos(p);
        newline(p);
        if (p->hd_head && sh_read_heredocs(p)) return -1;
        return 0;
    }
    if (cls[c] & C_META) {
        if ((c == '<' || c == '>') && peekn(p, 1) == '(')
            goto word;
        if (c == '(' && (mode & M_REGEX)) goto word;
        if (c == '(' && (mode & M_CMD) && peekn(p, 1) == '(') {
            int r = lex_dparen(p, t);
            if (r < 0) return -1;
            if (r) goto done;
        }
        t->kind = lex_op(p);
        goto done;
    }
word:;
    sh_word *w = scan_word(p, mode);
    if (!w) return -1;
    t->kind = T_WORD;
    t->word = w;
    /* IO numbers and {var} before a redirection */
    int nc = peekc(p);
    char pbuf[64];
    size_t plen = 0;
    const char *ptext = sh_plain_text(w, pbuf, sizeof pbuf, &plen);
    if ((nc == '<' || nc == '>') && !(mode & M_COND) && ptext) {
        const sh_str xs = { ptext, plen }, *x = &xs;
        size_t i = 0;
        while (i < x->n && is_digit((unsigned char)x->p[i])) i++;
        if (i == x->n && x->n > 0) {
            int64_t v = 0;
            for (i = 0; i < x->n; i++) {
                v = v * 10 + (x->p[i] - '0');
                if (v > INT32_MAX) v = INT32_MAX;
            }
            t->kind = T_IONUM;
            t->fd = (int32_t)v;
        } else if (x->n >= 3 && x->p[0] == '{' && x->p[x->n - 1] == '}' &&
                   sh_valid_name(x->p + 1, x->n - 2)) {
            t->kind = T_IOVAR;
            t->fdvar = dupstr(p, x->p + 1, x->n - 2);
            if (!t->fdvar.p) return -1;
        }
    }
    if (t->kind == T_WORD && ptext)
        t->rw = sh_rw_lookup(ptext, plen);
    if (t->kind == T_WORD && p->o.alias_lookup && !(mode & M_NOALIAS) &&
        (((mode & (M_CMD | M_ALIAS)) && !t->rw) || p->alias_next)) {
        p->alias_next = 0;
        int r = try_alias(p, w);
        if (r < 0) return -1;
        if (r) {
            memset(t, 0, sizeof *t);
            t->mode = mode;
            goto again;
        }
    } else if (t->kind == T_WORD) {
        p->alias_next = 0;
    }
done:
    t->end_line = p->line;
    t->mpos = main_pos(p);
    t->end = p->pos;
    return 0;
}

int sh_lex_rewind(P *p, const sh_tok *t)
{
    if (t->from_alias || t->kind == T_NEWLINE || t->kind == T_EOF) return -1;
    if (p->cur_alias) return -1;
    p->pos = t->start;
    p->line = t->line;
    return 0;
}

/* ---- here-documents --------------------------------------------------- */

/* Read the body of one here-document at pos. */
static int read_heredoc(P *p, sh_redir *r)
{
    int strip = (r->flags & SH_RF_STRIP) != 0;
    int quoted = (r->flags & SH_RF_QUOTED) != 0;
    const char *d = r->delim.p;
    size_t dn = r->delim.n;
    int body_line = p->line;
    cvec body = { 0 };
    cvec logical = { 0 };
    if (cv_put(p, &body, "", 0)) return -1;
    for (;;) {
        if (sh_p_tick(p)) return -1;
        if (AT_END(p)) {
            r->flags |= SH_RF_EOF;
            char msg[300];
            size_t k = dn > 200 ? 200 : dn;
            char dd[201];
            memcpy(dd, d, k);
            dd[k] = 0;
            snprintf(msg, sizeof msg,
                     "here-document at line %d delimited by end-of-file (wanted `%s')",
                     r->line, dd);
            sh_p_warn(p, p->line - 1, msg);
            break;
        }
        /* one logical line */
        logical.n = 0;
        int first = 1;
        for (;;) {
            if (strip && first) while (!AT_END(p) && p->s[p->pos] == '\t') p->pos++;
            first = 0;
            const char *e = memchr(p->s + p->pos, '\n', p->n - p->pos);
            size_t end = e ? (size_t)(e - p->s) : p->n;
            size_t seg = end - p->pos;
            int cont = 0;
            if (!quoted && seg > 0 && p->s[end - 1] == '\\' && e) {
                size_t bs = 0;
                while (bs < seg && p->s[end - 1 - bs] == '\\') bs++;
                cont = bs & 1;
            }
            if (cv_put(p, &logical, p->s + p->pos, cont ? seg - 1 : seg)) return -1;
            p->pos = e ? end + 1 : p->n;
            if (e || !p->synth_done) {
                /* a final line without newline counts as one */
                if (!e) p->synth_done = 1;
                newline(p);
            }
            if (!cont) break;
            if (AT_END(p)) break;
        }
        if (logical.n == dn && (dn == 0 || !memcmp(logical.a, d, dn))) break;
        if (cv_put(p, &body, logical.a ? logical.a : "", logical.n)) return -1;
        if (cv_putc(p, &body, '\n')) return -1;
    }
    sh_word *w = sk_arena_zalloc(p->ar, sizeof *w);
    if (!w) return sh_p_nomem(p);
    w->raw = mkstr(body.a, body.n);
    r->body = w;
    if (quoted || body.n == 0) {
        if (body.n) {
            sh_part *x = sk_arena_zalloc(p->ar, sizeof *x);
            if (!x) return sh_p_nomem(p);
            x->kind = SH_P_LIT;
            x->line = body_line;
            x->u.text = w->raw;
            w->parts = x;
            w->nparts = 1;
        }
        return sh_word_fill(p, w);
    }
    /* parse the unquoted body with a sub-parser */
    sh_parser sub;
    sh_p_sub_init(&sub, p, body.a, body.n, body_line);
    pvec v;
    pv_init(&v);
    scan sc;
    sc_init(&sc, &v, Q_HEREDOC, TERM_NONE, 1);
    int rr = scan_parts(&sub, &sc);
    sh_word *bw = NULL;
    if (rr == SC_STOP) bw = mkword(&sub, &v, 0, sub.pos, 0);
    if (sh_p_sub_finish(&sub, p)) return -1;   /* limits / OOM */
    if (bw) {
        bw->raw = w->raw;
        r->body = bw;
        return 0;
    }
    /* deferred error: reported when the redirection is performed */
    r->body_err = sub.err.msg ? sub.err.msg : "syntax error";
    r->body_err_line = sub.err.line;
    r->body_err_text = sub.err.show;
    sh_part *x = sk_arena_zalloc(p->ar, sizeof *x);
    if (!x) return sh_p_nomem(p);
    x->kind = SH_P_LIT;
    x->line = body_line;
    x->u.text = w->raw;
    w->parts = x;
    w->nparts = 1;
    return sh_word_fill(p, w);
}

int sh_read_heredocs(P *p)
{
    p->hd_nl_line = p->line - 1;
    while (p->hd_head) {
        sh_hdoc *h = p->hd_head;
        p->hd_head = h->next;
        if (!p->hd_head) p->hd_tail = NULL;
        if (read_heredoc(p, h->r)) return -1;
    }
    p->hd_end_line = p->line - 1;
    return 0;
}

/* After a syntax error bash still reads the rest of the line and the
 * here-document bodies it announced before it reports the error. */
void sh_lex_error_recovery(P *p)
{
    if (!p->hd_head) return;
    while (!AT_END(p) && p->s[p->pos] != '\n') p->pos++;
    if (!AT_END(p)) {
        p->pos++;
        newline(p);
    } else if (!p->synth_done && p->main_n && p->main_s[p->main_n - 1] != '\n') {
        p->synth_done = 1;
        newline(p);
    }
    p->recovering = 1;
    sh_read_heredocs(p);
}

/* ---- helpers for the parser -------------------------------------------- */

/* for ((init; cond; step)): pos at the first '(' of "((".  Returns 0 and
 * the three words; errors are reported. */
int sh_lex_arith_for(P *p, sh_word **w3, int *nexpr);
int sh_lex_arith_for(P *p, sh_word **w3, int *nexpr)
{
    int line = p->line;
    if (sh_p_enter(p)) return -1;
    p->pos += 2;
    int k = 0;
    for (;;) {
        size_t b = p->pos;
        pvec v;
        pv_init(&v);
        scan in;
        sc_init(&in, &v, Q_ARITH, TERM_AFOR, 1);
        int r = scan_parts(p, &in);
        if (r < 0) return -1;
        if (r == SC_EOF) return sh_p_error_eof_match(p, line, ')');
        sh_word *w = mkword(p, &v, b, p->pos, 0);
        if (!w) return -1;
        if (k < 3) w3[k] = w;
        k++;
        if (peekc(p) == ';') { p->pos++; continue; }
        break;   /* ')' */
    }
    sh_p_leave(p);
    *nexpr = k;
    if (peekn(p, 1) != ')') {
        /* bash 5.2 gives up on the script without a message */
        return sh_p_error(p, line, "", 0, -1);
    }
    p->pos += 2;
    return 0;
}

/* Skip blanks (and continuations) and report the next raw character. */
int sh_lex_peek_raw(P *p);
int sh_lex_peek_raw(P *p)
{
    for (;;) {
        int c = peekc(p);
        if (c == ' ' || c == '\t') { p->pos++; continue; }
        if (c == '\\' && peekn(p, 1) == '\n') { p->pos += 2; newline(p); continue; }
        return c == '(' && peekn(p, 1) == '(' ? 256 : c;
    }
}
