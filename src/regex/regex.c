/* regex.c — compiling and matching over PCRE2 (see regex.h).
 *
 * Every PCRE2 object is created from a general context whose allocator is
 * the shell's sk_alloc, so compiled patterns, match data and the
 * interpreter's backtracking frames are all counted against max_memory.
 * Every match runs with the match and depth limits of sk_limits and a heap
 * limit; PCRE2 reports reaching one as an error, which becomes RX_ELIMIT_*.
 *
 * Up to three compiled forms of one pattern, made when first needed:
 *   code      the pattern (UTF subjects may hold invalid bytes), JIT-compiled
 *             once it has been used a few times;
 *   code_dfa  the same for pcre2_dfa_match, which cannot take invalid UTF
 *             (only used on subjects that are valid UTF-8);
 *   code_end  (?:pattern)(?C1): a backtracking run whose callout refuses
 *             every end but a given one — how groups are filled for the
 *             longest match the DFA found.
 * A long list of plain strings is an Aho-Corasick automaton instead
 * (literal.c); a list too large for one PCRE2 code is several rx parts.
 * This file must never keep state outside struct rx. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdio.h>
#include <string.h>

#include "literal.h"
#include "translate.h"

#define JIT_AFTER 8                /* exec calls before JIT compiling */
#define JIT_STACK_MAX (128 * 1024)
#define HEAP_LIMIT_KIB (64 * 1024) /* per match, at most */

struct rx {
    sk_alloc *a;
    pcre2_general_context *gctx;
    pcre2_match_context *mctx;
    pcre2_code *code, *code_dfa, *code_end;
    pcre2_match_data *md;
    pcre2_jit_stack *jstack;
    size_t jit_charged;
    int jit_state;                 /* 0 not tried, 1 in use, -1 unavailable */
    unsigned execs;
    int *ws;                       /* DFA workspace */
    size_t wscount;
    int posix;                     /* a POSIX dialect (BRE, ERE, fixed) */
    int longest;                   /* POSIX: leftmost-longest wanted */
    int dfa_ok;                    /* DFA usable (no back-references) */
    int groups;
    int utf;
    int last_compile_error;        /* PCRE2's code, for the list splitter */
    uint32_t copts;                /* compile options */
    char *pcre;                    /* the translated pattern */
    size_t pcre_len;
    /* callout state for code_end */
    size_t force_end;
    rx_ac *ac;                     /* a long list of plain strings */
    /* a pattern list too large for one PCRE2 code: compiled in parts */
    rx **parts;
    int *part_base;                /* first global group number - 1 of each part */
    size_t nparts;
    /* a subject known to be valid UTF-8 (skips re-validation) */
    const char *valid_s;
    size_t valid_len;
};

/* ---- shared helpers (translate.h) --------------------------------------- */

int rx_set_error(rx_error *err, size_t offset, const char *msg)
{
    if (err) {
        err->code = RX_ESYNTAX;
        err->offset = offset;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return RX_ESYNTAX;
}

size_t rx_utf8_len(const unsigned char *p, size_t n, uint32_t *cp)
{
    if (n == 0) return 0;
    unsigned c = p[0];
    size_t l;
    uint32_t v, min;
    if (c < 0x80) { if (cp) *cp = c; return 1; }
    if (c >= 0xc2 && c <= 0xdf) { l = 2; v = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { l = 3; v = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { l = 4; v = c & 0x07; min = 0x10000; }
    else return 0;
    if (n < l) return 0;
    for (size_t i = 1; i < l; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        v = (v << 6) | (p[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    if (cp) *cp = v;
    return l;
}

int rx_valid_utf8(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        if (p[i] < 0x80) { i++; continue; }
        size_t l = rx_utf8_len(p + i, n - i, NULL);
        if (!l) return 0;
        i += l;
    }
    return 1;
}

size_t rx_next_char(const rx *re, const char *s, size_t len, size_t i)
{
    if (re->nparts) re = re->parts[0];
    if (i >= len) return i + 1;
    if (!re->utf || (unsigned char)s[i] < 0x80) return i + 1;
    size_t l = rx_utf8_len((const unsigned char *)s + i, len - i, NULL);
    return i + (l ? l : 1);
}

int rx_put_literal(sk_buf *out, unsigned char c, int utf8)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
        (c >= 0x80 && utf8))
        return sk_buf_putc(out, c);
    if (c > 0x20 && c < 0x7f) {
        char e[2] = { '\\', (char)c };
        return sk_buf_put(out, e, 2);
    }
    return sk_buf_printf(out, "\\x{%02x}", c);
}

int rx_tr_literal(sk_buf *out, unsigned flags, const char *pat, size_t len)
{
    int utf8 = (flags & RX_UTF8) != 0;
    for (size_t i = 0; i < len; i++)
        if (rx_put_literal(out, (unsigned char)pat[i], utf8)) return RX_ENOMEM;
    return 0;
}

const char *rx_strerror(int code)
{
    switch (code) {
    case RX_NOMATCH: return "no match";
    case RX_MATCH: return "match";
    case RX_ESYNTAX: return "invalid regular expression";
    case RX_ENOMEM: return "memory exhausted";
    case RX_ELIMIT_MATCH: return "regex match limit exceeded";
    case RX_ELIMIT_DEPTH: return "regex depth limit exceeded";
    case RX_ELIMIT_HEAP: return "regex heap limit exceeded";
    default: return "internal regex error";
    }
}

/* ---- PCRE2 plumbing ------------------------------------------------------ */

static void *rx_pmalloc(PCRE2_SIZE n, void *ud) { return sk_malloc((sk_alloc *)ud, n); }
static void rx_pfree(void *p, void *ud) { if (p) sk_free((sk_alloc *)ud, p); }

static int end_callout(pcre2_callout_block *cb, void *ud)
{
    rx *re = ud;
    if (cb->callout_number == 1 && cb->current_position != re->force_end) return 1;
    return 0;
}

static int map_error(int rc)
{
    switch (rc) {
    case PCRE2_ERROR_MATCHLIMIT: return RX_ELIMIT_MATCH;
    case PCRE2_ERROR_DEPTHLIMIT:
    case PCRE2_ERROR_JIT_STACKLIMIT:
    case PCRE2_ERROR_DFA_RECURSE: return RX_ELIMIT_DEPTH;
    case PCRE2_ERROR_HEAPLIMIT: return RX_ELIMIT_HEAP;
    case PCRE2_ERROR_NOMEMORY: return RX_ENOMEM;
    default: return RX_EINTERNAL;
    }
}

static pcre2_code *compile_code(rx *re, const char *pat, size_t len, uint32_t opts, rx_error *err,
                                int *enomem)
{
    re->last_compile_error = 0;
    pcre2_compile_context *cc = pcre2_compile_context_create(re->gctx);
    if (!cc) { *enomem = 1; return NULL; }
    pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
    pcre2_set_parens_nest_limit(cc, RX_MAX_NEST * 3 + 50);
    int ec = 0;
    PCRE2_SIZE eo = 0;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pat, len, opts, &ec, &eo, cc);
    pcre2_compile_context_free(cc);
    if (!code) {
        re->last_compile_error = ec;
        if (ec == PCRE2_ERROR_HEAP_FAILED || ec == PCRE2_ERROR_NOMEMORY) {
            *enomem = 1;
        } else if (err) {
            PCRE2_UCHAR msg[160];
            if (pcre2_get_error_message(ec, msg, sizeof msg) < 0) strcpy((char *)msg, "invalid pattern");
            err->code = RX_ESYNTAX;
            err->offset = eo;
            snprintf(err->msg, sizeof err->msg, "%s", (char *)msg);
        }
    }
    return code;
}

static void set_heap_limit(rx *re)
{
    size_t kib = HEAP_LIMIT_KIB;
    if (re->a->limit) {
        size_t room = re->a->limit > re->a->used ? (re->a->limit - re->a->used) / 1024 : 0;
        if (room < kib) kib = room ? room : 1;
    }
    pcre2_set_heap_limit(re->mctx, (uint32_t)kib);
}

void rx_free(rx *re)
{
    if (!re) return;
    sk_alloc *a = re->a;
    rx_ac_free(re->ac);
    for (size_t i = 0; i < re->nparts; i++) rx_free(re->parts[i]);
    sk_free(a, re->parts);
    sk_free(a, re->part_base);
    if (re->jstack) pcre2_jit_stack_free(re->jstack);
    if (re->jit_charged) sk_alloc_release(a, re->jit_charged);
    if (re->md) pcre2_match_data_free(re->md);
    if (re->code) pcre2_code_free(re->code);
    if (re->code_dfa) pcre2_code_free(re->code_dfa);
    if (re->code_end) pcre2_code_free(re->code_end);
    if (re->mctx) pcre2_match_context_free(re->mctx);
    if (re->gctx) pcre2_general_context_free(re->gctx);
    sk_free(a, re->ws);
    sk_free(a, re->pcre);
    sk_free(a, re);
}

/* Compile the final PCRE2 text held in re->pcre. */
static int finish_compile(rx *re, const sk_limits *lim, rx_error *err)
{
    int enomem = 0;
    re->gctx = pcre2_general_context_create(rx_pmalloc, rx_pfree, re->a);
    if (!re->gctx) goto nomem;
    re->code = compile_code(re, re->pcre, re->pcre_len, re->copts, err, &enomem);
    if (!re->code) {
        if (enomem) goto nomem;
        return RX_ESYNTAX;
    }
    uint32_t cap = 0;
    pcre2_pattern_info(re->code, PCRE2_INFO_CAPTURECOUNT, &cap);
    re->groups = (int)cap;
    re->md = pcre2_match_data_create_from_pattern(re->code, re->gctx);
    re->mctx = pcre2_match_context_create(re->gctx);
    if (!re->md || !re->mctx) goto nomem;
    sk_limits d = sk_limits_default();
    if (!lim) lim = &d;
    if (lim->regex_match_limit) pcre2_set_match_limit(re->mctx, lim->regex_match_limit);
    if (lim->regex_depth_limit) pcre2_set_depth_limit(re->mctx, lim->regex_depth_limit);
    pcre2_set_callout(re->mctx, end_callout, re);
    return 0;
nomem:
    if (err) {
        err->code = RX_ENOMEM;
        err->offset = 0;
        strcpy(err->msg, "Memory exhausted");
    }
    return RX_ENOMEM;
}

static uint32_t compile_options(rx_dialect d, unsigned flags)
{
    uint32_t o = 0;
    int posix = d == RX_BRE || d == RX_ERE || d == RX_LITERAL;
    if (flags & RX_ICASE) o |= PCRE2_CASELESS;
    if (flags & RX_MULTILINE) o |= PCRE2_MULTILINE;
    if (flags & RX_DOTALL) o |= PCRE2_DOTALL;
    if ((flags & RX_EXTENDED) && !posix && d != RX_PYTHON) o |= PCRE2_EXTENDED;
    if (flags & RX_UTF8) {
        o |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
        if (d != RX_PCRE && !(flags & RX_ASCII)) o |= PCRE2_UCP;
    }
    if (posix) {
        if (flags & RX_MULTILINE) o |= PCRE2_ALT_CIRCUMFLEX;
        else o |= PCRE2_DOLLAR_ENDONLY | PCRE2_DOTALL;
    }
    if (d == RX_RUST && !(flags & RX_MULTILINE)) o |= PCRE2_DOLLAR_ENDONLY;
    return o;
}

static int translate_one(sk_buf *out, rx_dialect d, unsigned flags, const char *pat, size_t len,
                         int base, rx_info *info, rx_error *err, unsigned *extra)
{
    memset(info, 0, sizeof *info);
    switch (d) {
    case RX_BRE: return rx_tr_posix(out, 0, flags, pat, len, base, info, err);
    case RX_ERE: return rx_tr_posix(out, 1, flags, pat, len, base, info, err);
    case RX_LITERAL: return rx_tr_literal(out, flags, pat, len);
    case RX_PYTHON: return rx_tr_python(out, flags, pat, len, base, info, err, extra);
    case RX_PCRE:
    case RX_RUST:
    default:
        info->longest = 0;
        return sk_buf_put(out, pat, len) ? RX_ENOMEM : 0;
    }
}

int rx_translate(sk_buf *out, rx_dialect d, unsigned flags, const char *pat, size_t len,
                 int group_base, rx_info *info, rx_error *err)
{
    rx_info tmp;
    unsigned extra = 0;
    return translate_one(out, d, flags, pat, len, group_base, info ? info : &tmp, err, &extra);
}

static int compile_one(rx **out, sk_alloc *a, const sk_limits *lim, rx_dialect d, unsigned flags,
                       const char *const *pats, const size_t *lens, size_t n, rx_error *err,
                       size_t *bad_index, int *too_large)
{
    *out = NULL;
    *too_large = 0;
    if (err) memset(err, 0, sizeof *err);
    if (bad_index) *bad_index = 0;
    /* a UTF-8 pattern that is not valid UTF-8 is matched byte-wise */
    if (flags & RX_UTF8)
        for (size_t i = 0; i < n; i++)
            if (!rx_valid_utf8(pats[i], lens[i])) { flags &= ~(unsigned)RX_UTF8; break; }
    rx *re = sk_malloc(a, sizeof *re);
    if (!re) goto nomem_early;
    memset(re, 0, sizeof *re);
    re->a = a;
    sk_buf b = SK_BUF_INIT(a);
    int posix = d == RX_BRE || d == RX_ERE || d == RX_LITERAL;
    int backrefs = 0, longest = 0, base = 0;
    unsigned extra = 0;
    int wrap = (flags & (RX_WORD | RX_LINE)) != 0;
    int r = 0;
    if (flags & RX_LINE) r |= sk_buf_puts(&b, "^(?:");
    if (flags & RX_WORD) r |= sk_buf_puts(&b, "(?<!\\w)(?:");
    if (r) goto nomem;
    if (n == 0) {
        if (sk_buf_puts(&b, "(?!)")) goto nomem;
    }
    for (size_t i = 0; i < n; i++) {
        if (n > 1 || wrap) {
            if ((i && sk_buf_putc(&b, '|')) || sk_buf_puts(&b, "(?:")) goto nomem;
        }
        rx_info info;
        r = translate_one(&b, d, flags, pats[i], lens[i], base, &info, err, &extra);
        if (r) {
            if (bad_index) *bad_index = i;
            sk_buf_free(&b);
            rx_free(re);
            return r;
        }
        if ((n > 1 || wrap) && sk_buf_putc(&b, ')')) goto nomem;
        base += info.groups;
        backrefs |= info.backrefs;
        longest |= info.longest;
    }
    if (flags & RX_WORD) r |= sk_buf_puts(&b, ")(?!\\w)");
    if (flags & RX_LINE) r |= sk_buf_puts(&b, ")$");
    if (r) goto nomem;
    if (flags & RX_WORD) longest = 1;
    re->pcre = sk_buf_take(&b, &re->pcre_len);
    if (!re->pcre) goto nomem;
    re->copts = compile_options(d, flags);
    if (flags & RX_LINE) re->copts &= ~(uint32_t)PCRE2_MULTILINE, re->copts |= PCRE2_DOLLAR_ENDONLY;
    if (extra & 1) re->copts &= ~(uint32_t)PCRE2_UCP;   /* Python (?a) */
    /* PCRE2 10.42's start-of-match optimisation misses matches of
     * "(?=a)c?a" (a lookahead, then an optional item): skip it for
     * patterns with lookaheads */
    if (memmem(re->pcre, re->pcre_len, "(?=", 3)) re->copts |= PCRE2_NO_START_OPTIMIZE;
    re->utf = (re->copts & PCRE2_UTF) != 0;
    re->posix = posix;
    re->longest = posix && longest && !(flags & RX_FIRST);
    re->dfa_ok = !backrefs;
    r = finish_compile(re, lim, err);
    if (r) {
        *too_large = re->last_compile_error == PCRE2_ERROR_PATTERN_TOO_LARGE ||
                     re->last_compile_error == PCRE2_ERROR_TOO_MANY_CAPTURES ||
                     re->last_compile_error == PCRE2_ERROR_TOO_MANY_NAMED_SUBPATTERNS;
        rx_free(re);
        return r;
    }
    *out = re;
    return 0;
nomem:
    sk_buf_free(&b);
    rx_free(re);
nomem_early:
    if (err) {
        err->code = RX_ENOMEM;
        strcpy(err->msg, "Memory exhausted");
    }
    return RX_ENOMEM;
}

/* A list too large for one PCRE2 code (grep -f with thousands of
 * patterns) is compiled in parts, halving the part size until each fits;
 * rx_exec then takes the leftmost (longest) match over the parts. */
int rx_compile_list(rx **out, sk_alloc *a, const sk_limits *lim, rx_dialect d, unsigned flags,
                    const char *const *pats, const size_t *lens, size_t n, rx_error *err,
                    size_t *bad_index)
{
    int too_large = 0;
    if (err) memset(err, 0, sizeof *err);
    if (bad_index) *bad_index = 0;
    if (rx_ac_eligible(d, flags, pats, lens, n)) {
        rx *re = sk_malloc(a, sizeof *re);
        if (!re) goto nomem;
        memset(re, 0, sizeof *re);
        re->a = a;
        re->posix = re->longest = 1;
        re->utf = (flags & RX_UTF8) != 0;
        if (rx_ac_build(&re->ac, a, flags, pats, lens, n)) {
            rx_free(re);
            goto nomem;
        }
        *out = re;
        return 0;
    }
    int r = compile_one(out, a, lim, d, flags, pats, lens, n, err, bad_index, &too_large);
    if (r != RX_ESYNTAX || !too_large || n < 2) return r;
    rx *re = sk_malloc(a, sizeof *re);
    if (!re) goto nomem;
    memset(re, 0, sizeof *re);
    re->a = a;
    size_t cap = 0, size = n / 2, i = 0;
    int base = 0;
    while (i < n) {
        size_t k = size < n - i ? size : n - i;
        rx *part;
        size_t bad = 0;
        r = compile_one(&part, a, lim, d, flags, pats + i, lens + i, k, err, &bad, &too_large);
        if (r == RX_ESYNTAX && too_large && k > 1) {
            size = k / 2;
            continue;
        }
        if (r) {
            if (bad_index) *bad_index = i + bad;
            rx_free(re);
            return r;
        }
        if (re->nparts == cap) {
            size_t nc = cap ? cap * 2 : 8;
            rx **np = sk_realloc(a, re->parts, nc * sizeof *np);
            if (!np) { rx_free(part); goto nomem_re; }
            re->parts = np;
            int *nb = sk_realloc(a, re->part_base, nc * sizeof *nb);
            if (!nb) { rx_free(part); goto nomem_re; }
            re->part_base = nb;
            cap = nc;
        }
        re->parts[re->nparts] = part;
        re->part_base[re->nparts] = base;
        re->nparts++;
        base += part->groups;
        i += k;
    }
    re->groups = base;
    re->posix = re->parts[0]->posix;
    re->longest = re->parts[0]->longest;
    re->utf = re->parts[0]->utf;
    if (err) memset(err, 0, sizeof *err);
    *out = re;
    return 0;
nomem_re:
    rx_free(re);
nomem:
    if (err) {
        err->code = RX_ENOMEM;
        strcpy(err->msg, "Memory exhausted");
    }
    return RX_ENOMEM;
}

int rx_compile(rx **out, sk_alloc *a, const sk_limits *lim, rx_dialect d, unsigned flags,
               const char *pat, size_t len, rx_error *err)
{
    const char *pats[1] = { pat };
    size_t lens[1] = { len };
    return rx_compile_list(out, a, lim, d, flags, pats, lens, 1, err, NULL);
}

int rx_group_count(const rx *re) { return re->groups; }

const char *rx_pcre_pattern(const rx *re, size_t *len)
{
    if (re->ac) {
        if (len) *len = 0;
        return "";
    }
    if (re->nparts) return rx_pcre_pattern(re->parts[0], len);
    if (len) *len = re->pcre_len;
    return re->pcre;
}

int rx_group_index(const rx *re, const char *name)
{
    if (re->ac) return -1;
    if (re->nparts) {
        for (size_t i = 0; i < re->nparts; i++) {
            int k = rx_group_index(re->parts[i], name);
            if (k > 0) return k + re->part_base[i];
        }
        return -1;
    }
    int n = pcre2_substring_number_from_name(re->code, (PCRE2_SPTR)name);
    return n > 0 ? n : -1;
}

const char *rx_group_name(const rx *re, int i, int *number)
{
    if (re->nparts || re->ac) return NULL;   /* lists carry no names */
    uint32_t count = 0, size = 0;
    PCRE2_SPTR table = NULL;
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMECOUNT, &count);
    if (i < 0 || (uint32_t)i >= count) return NULL;
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMEENTRYSIZE, &size);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMETABLE, &table);
    const unsigned char *e = table + (size_t)i * size;
    if (number) *number = (e[0] << 8) | e[1];
    return (const char *)e + 2;
}

/* ---- matching ------------------------------------------------------------- */

static uint32_t match_options(unsigned eflags)
{
    uint32_t o = 0;
    if (eflags & RX_NOTBOL) o |= PCRE2_NOTBOL;
    if (eflags & RX_NOTEOL) o |= PCRE2_NOTEOL;
    if (eflags & RX_NOTEMPTY_ATSTART) o |= PCRE2_NOTEMPTY_ATSTART;
    if (eflags & RX_ANCHORED) o |= PCRE2_ANCHORED;
    if (eflags & RX_ENDANCHORED) o |= PCRE2_ENDANCHORED;
    return o;
}

static void try_jit(rx *re)
{
    re->jit_state = -1;
    uint32_t have = 0;
    if (pcre2_config(PCRE2_CONFIG_JIT, &have) < 0 || !have) return;
    /* leave JIT alone when memory is short: its code is charged afterwards */
    if (re->a->limit && re->a->limit - re->a->used < 4 * JIT_STACK_MAX) return;
    if (sk_alloc_charge(re->a, JIT_STACK_MAX)) return;
    re->jit_charged = JIT_STACK_MAX;
    if (pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) != 0) return;
    size_t jsize = 0;
    pcre2_pattern_info(re->code, PCRE2_INFO_JITSIZE, &jsize);
    if (jsize && sk_alloc_charge(re->a, jsize) == 0) re->jit_charged += jsize;
    re->jstack = pcre2_jit_stack_create(32 * 1024, JIT_STACK_MAX, re->gctx);
    if (!re->jstack) return;
    pcre2_jit_stack_assign(re->mctx, NULL, re->jstack);
    re->jit_state = 1;
}

static void copy_ovector(rx *re, size_t *ov, int nov, int rc)
{
    if (!ov || nov <= 0) return;
    PCRE2_SIZE *v = pcre2_get_ovector_pointer(re->md);
    uint32_t have = pcre2_get_ovector_count(re->md);
    for (int k = 0; k < nov; k++) {
        if ((uint32_t)k < have && k < rc) {
            ov[2 * k] = v[2 * k];
            ov[2 * k + 1] = v[2 * k + 1];
        } else {
            ov[2 * k] = ov[2 * k + 1] = RX_UNSET;
        }
    }
}

/* The backtracking matcher on `code` (JIT when compiled). */
static int run_match(rx *re, pcre2_code *code, const char *s, size_t len, size_t start,
                     uint32_t opts)
{
    set_heap_limit(re);
    int rc = pcre2_match(code, (PCRE2_SPTR)s, len, start, opts, re->md, re->mctx);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT)   /* retry with the interpreter's heap frames */
        rc = pcre2_match(code, (PCRE2_SPTR)s, len, start, opts | PCRE2_NO_JIT, re->md, re->mctx);
    return rc;
}

/* The DFA needs valid UTF-8.  A walk over one subject (global replace,
 * grep -o) calls again with start > 0 on the same bytes: validated once. */
static int subject_valid(rx *re, const char *s, size_t len, size_t start)
{
    if (!re->utf) return 1;
    if (start > 0 && s == re->valid_s && len == re->valid_len) return 1;
    re->valid_s = NULL;
    if (!rx_valid_utf8(s, len)) return 0;
    re->valid_s = s;
    re->valid_len = len;
    return 1;
}

/* Leftmost-longest extent through the DFA matcher.  Returns >0 with
 * so/eo, 0 no match, <0 an error, or 2 meaning "cannot, use the
 * backtracking matcher". */
static int dfa_extent(rx *re, const char *s, size_t len, size_t start, uint32_t opts, size_t *so,
                      size_t *eo)
{
    if (!subject_valid(re, s, len, start)) return 2;
    if (!re->code_dfa) {
        int enomem = 0;
        re->code_dfa = compile_code(re, re->pcre, re->pcre_len,
                                    re->copts & ~(uint32_t)PCRE2_MATCH_INVALID_UTF, NULL, &enomem);
        if (!re->code_dfa) {
            if (enomem) return RX_ENOMEM;
            re->dfa_ok = 0;
            return 2;
        }
    }
    if (!re->ws) {
        re->wscount = 1000;
        re->ws = sk_malloc(re->a, re->wscount * sizeof(int));
        if (!re->ws) return RX_ENOMEM;
    }
    if (re->utf) opts |= PCRE2_NO_UTF_CHECK;
    for (;;) {
        set_heap_limit(re);
        int rc = pcre2_dfa_match(re->code_dfa, (PCRE2_SPTR)s, len, start, opts, re->md, re->mctx,
                                 re->ws, re->wscount);
        if (rc == PCRE2_ERROR_DFA_WSSIZE && re->wscount < 1000000) {
            size_t nc = re->wscount * 4;
            int *nw = sk_realloc(re->a, re->ws, nc * sizeof(int));
            if (!nw) return RX_ENOMEM;
            re->ws = nw;
            re->wscount = nc;
            continue;
        }
        if (rc == PCRE2_ERROR_NOMATCH) return 0;
        if (rc == PCRE2_ERROR_DFA_UITEM || rc == PCRE2_ERROR_DFA_UCOND ||
            rc == PCRE2_ERROR_DFA_UINVALID_UTF) {
            re->dfa_ok = 0;
            return 2;
        }
        if (rc == PCRE2_ERROR_DFA_WSSIZE) return RX_ELIMIT_HEAP;
        if (rc < 0) return map_error(rc);
        PCRE2_SIZE *v = pcre2_get_ovector_pointer(re->md);
        *so = v[0];
        *eo = v[1];
        return 1;
    }
}

static int exec_parts(rx *re, const char *s, size_t len, size_t start, unsigned eflags, size_t *ov,
                      int nov)
{
    size_t local[64];
    int nl = nov < 32 ? nov : 32;
    if (nl < 1) nl = 1;
    int found = 0;
    size_t best_so = 0, best_eo = 0;
    for (size_t i = 0; i < re->nparts; i++) {
        int r = rx_exec(re->parts[i], s, len, start, eflags, local, nl);
        if (r < 0) return r;
        if (r == RX_NOMATCH) continue;
        if (found && !(local[0] < best_so || (local[0] == best_so && re->longest && local[1] > best_eo)))
            continue;
        found = 1;
        best_so = local[0];
        best_eo = local[1];
        if (ov && nov > 0) {
            for (int k = 0; k < nov; k++) ov[2 * k] = ov[2 * k + 1] = RX_UNSET;
            ov[0] = local[0];
            ov[1] = local[1];
            for (int k = 1; k < nl; k++) {
                int g = re->part_base[i] + k;
                if (g < nov) {
                    ov[2 * g] = local[2 * k];
                    ov[2 * g + 1] = local[2 * k + 1];
                }
            }
        }
        if (eflags & RX_ANY) break;
    }
    return found ? RX_MATCH : RX_NOMATCH;
}

int rx_exec(rx *re, const char *s, size_t len, size_t start, unsigned eflags, size_t *ov, int nov)
{
    if (start > len) return RX_NOMATCH;
    if (re->ac) {
        size_t so, eo;
        int r = rx_ac_exec(re->ac, s, len, start, eflags, &so, &eo);
        if (ov && nov > 0) {
            for (int k = 0; k < nov; k++) ov[2 * k] = ov[2 * k + 1] = RX_UNSET;
            if (r == RX_MATCH) {
                ov[0] = so;
                ov[1] = eo;
            }
        }
        return r;
    }
    if (re->nparts) return exec_parts(re, s, len, start, eflags, ov, nov);
    uint32_t opts = match_options(eflags);
    if (re->jit_state == 0 && ++re->execs > JIT_AFTER) try_jit(re);
    if (re->longest && re->dfa_ok && !(eflags & RX_ANY)) {
        size_t so = 0, eo = 0;
        int r = dfa_extent(re, s, len, start, opts, &so, &eo);
        if (r < 0) return r;
        if (r == 0) {
            copy_ovector(re, ov, nov, 0);
            return RX_NOMATCH;
        }
        if (r == 1) {
            if (nov <= 1 || re->groups == 0) {
                if (ov && nov > 0) {
                    ov[0] = so;
                    ov[1] = eo;
                    for (int k = 1; k < nov; k++) ov[2 * k] = ov[2 * k + 1] = RX_UNSET;
                }
                return RX_MATCH;
            }
            /* fill the groups: a run anchored at so that may only end at eo */
            if (!re->code_end) {
                sk_buf b = SK_BUF_INIT(re->a);
                int enomem = 0;
                if (sk_buf_puts(&b, "(?:") || sk_buf_put(&b, re->pcre, re->pcre_len) ||
                    sk_buf_puts(&b, ")(?C1)")) {
                    sk_buf_free(&b);
                    return RX_ENOMEM;
                }
                /* no auto-possessification: it may skip the callout */
                re->code_end = compile_code(re, b.p, b.len, re->copts | PCRE2_NO_AUTO_POSSESS, NULL, &enomem);
                sk_buf_free(&b);
                if (!re->code_end) return enomem ? RX_ENOMEM : RX_EINTERNAL;
            }
            re->force_end = eo;
            int rc = run_match(re, re->code_end, s, len, so, opts | PCRE2_ANCHORED);
            re->force_end = RX_UNSET;
            if (rc > 0) {
                copy_ovector(re, ov, nov, rc);
                return RX_MATCH;
            }
            if (rc != PCRE2_ERROR_NOMATCH) return map_error(rc);
            /* should not happen; fall through to leftmost-first */
        }
    }
    int rc = run_match(re, re->code, s, len, start, opts);
    if ((rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT) &&
        re->posix && re->dfa_ok) {
        /* a pattern that makes backtracking explode: the DFA matcher's
         * time is bounded by subject length x pattern size */
        size_t so = 0, eo = 0;
        int r = dfa_extent(re, s, len, start, opts, &so, &eo);
        if (r < 0) return r;
        if (r == 0) {
            copy_ovector(re, ov, nov, 0);
            return RX_NOMATCH;
        }
        if (r == 1) {
            if (ov && nov > 0) {
                ov[0] = so;
                ov[1] = eo;
                for (int k = 1; k < nov; k++) ov[2 * k] = ov[2 * k + 1] = RX_UNSET;
            }
            return RX_MATCH;
        }
    }
    if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) {
        copy_ovector(re, ov, nov, 0);
        return RX_NOMATCH;
    }
    if (rc < 0) return map_error(rc);
    if (rc == 0) rc = (int)pcre2_get_ovector_count(re->md);
    copy_ovector(re, ov, nov, rc);
    return RX_MATCH;
}

/* ---- cache ------------------------------------------------------------------ */

void rx_cache_init(rx_cache *c, sk_alloc *a, const sk_limits *lim)
{
    memset(c, 0, sizeof *c);
    c->a = a;
    c->lim = lim;
}

int rx_cache_get(rx_cache *c, rx_dialect d, unsigned flags, const char *pat, size_t len, rx **out,
                 rx_error *err)
{
    const size_t n = sizeof c->ents / sizeof c->ents[0];
    size_t victim = 0;
    for (size_t i = 0; i < n; i++) {
        rx_cache_entry *e = &c->ents[i];
        if (e->re && e->d == d && e->flags == flags && e->len == len && !memcmp(e->pat, pat, len)) {
            e->used = ++c->clock;
            *out = e->re;
            return 0;
        }
        if (!e->re) victim = i;
        else if (c->ents[victim].re && e->used < c->ents[victim].used) victim = i;
    }
    rx *re;
    int r = rx_compile(&re, c->a, c->lim, d, flags, pat, len, err);
    if (r) return r;
    char *copy = sk_memdup(c->a, pat, len ? len : 1);
    if (!copy) {
        rx_free(re);
        return RX_ENOMEM;
    }
    rx_cache_entry *e = &c->ents[victim];
    if (e->re) {
        rx_free(e->re);
        sk_free(c->a, e->pat);
    }
    e->pat = copy;
    e->len = len;
    e->d = d;
    e->flags = flags;
    e->re = re;
    e->used = ++c->clock;
    *out = re;
    return 0;
}

void rx_cache_free(rx_cache *c)
{
    const size_t n = sizeof c->ents / sizeof c->ents[0];
    for (size_t i = 0; i < n; i++) {
        if (c->ents[i].re) {
            rx_free(c->ents[i].re);
            sk_free(c->a, c->ents[i].pat);
        }
    }
    memset(c->ents, 0, sizeof c->ents);
}
