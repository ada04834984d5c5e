/* pattern.c — glob / extglob matching (see pattern.h).
 *
 * A pattern compiles to a program over code points:
 *   CHAR c   ANY   CLASS k   STAR   SPLIT x y   JMP x   NOT sub next   MATCH
 * Extglob groups become SPLIT/JMP graphs; `!(...)` becomes NOT, whose
 * sub-program is run from each start position to learn where it matches,
 * and the continuation resumes at every other end position.  Programs
 * without groups (the usual case) use the classic two-pointer wildcard
 * algorithm.  The simulation keeps a set of program counters per string
 * position (each pc at most once), so time is O(string × program) per run.
 */
#include "shell/pattern.h"

#include <string.h>
#include <utf8proc.h>

#include "base/stack.h"

enum { OP_CHAR, OP_ANY, OP_CLASS, OP_STAR, OP_SPLIT, OP_JMP, OP_NOT, OP_MATCH };

typedef struct pinst {
    uint8_t op;
    int32_t x, y;
    uint32_t c;
} pinst;

enum {
    CC_ALNUM = 1 << 0, CC_ALPHA = 1 << 1, CC_BLANK = 1 << 2, CC_CNTRL = 1 << 3,
    CC_DIGIT = 1 << 4, CC_GRAPH = 1 << 5, CC_LOWER = 1 << 6, CC_PRINT = 1 << 7,
    CC_PUNCT = 1 << 8, CC_SPACE = 1 << 9, CC_UPPER = 1 << 10, CC_XDIGIT = 1 << 11,
    CC_WORD = 1 << 12, CC_ASCII = 1 << 13, CC_INVALID = 1 << 14,
};

typedef struct prange {
    uint32_t lo, hi;
} prange;

typedef struct pclass {
    int neg;
    uint32_t classes;
    prange *r;
    int nr;
} pclass;

struct sh_pat {
    sk_alloc *a;
    pinst *code;
    int n, cap;
    pclass *cls;
    int ncls, capcls;
    int nnot;              /* NOT instructions (numbered in their c field) */
    int simple;            /* no groups: the two-pointer matcher applies */
    int star_first;        /* the pattern text starts with '*' */
    int flags;
    int err;
    const volatile int *abort;
    char *literal;         /* the pattern has no magic: its unescaped text */
    size_t litlen;
};

/* ---- UTF-8 ------------------------------------------------------------------ */

size_t sh_utf8_decode(const char *str, size_t n, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    unsigned char c = s[0];
    if (c < 0x80) { *cp = c; return 1; }
    int len;
    uint32_t v;
    if (c >= 0xc2 && c <= 0xdf) { len = 2; v = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { len = 3; v = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { len = 4; v = c & 0x07; }
    else { *cp = 0xdc00 + c; return 1; }
    if ((size_t)len > n) { *cp = 0xdc00 + c; return 1; }
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) { *cp = 0xdc00 + c; return 1; }
        v = (v << 6) | (s[i] & 0x3f);
    }
    if ((len == 3 && (v < 0x800 || (v >= 0xd800 && v <= 0xdfff))) || (len == 4 && (v < 0x10000 || v > 0x10ffff))) {
        *cp = 0xdc00 + c;
        return 1;
    }
    *cp = v;
    return (size_t)len;
}

size_t sh_utf8_encode(uint32_t cp, char *out)
{
    if (cp >= 0xdc80 && cp <= 0xdcff) { out[0] = (char)(cp - 0xdc00); return 1; }
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

size_t sh_utf8_len(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        if ((unsigned char)s[i] < 0x80) { i++; k++; continue; }
        uint32_t cp;
        i += sh_utf8_decode(s + i, n - i, &cp);
        k++;
    }
    return k;
}

/* ---- character classes ------------------------------------------------------------ */

static const struct { const char *name; uint32_t bit; } class_names[] = {
    { "alnum", CC_ALNUM }, { "alpha", CC_ALPHA }, { "blank", CC_BLANK }, { "cntrl", CC_CNTRL },
    { "digit", CC_DIGIT }, { "graph", CC_GRAPH }, { "lower", CC_LOWER }, { "print", CC_PRINT },
    { "punct", CC_PUNCT }, { "space", CC_SPACE }, { "upper", CC_UPPER }, { "xdigit", CC_XDIGIT },
    { "word", CC_WORD }, { "ascii", CC_ASCII },
};

static int in_class(uint32_t c, uint32_t bit)
{
    if (c < 128) {
        int al = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        int di = c >= '0' && c <= '9';
        switch (bit) {
        case CC_ALNUM: return al || di;
        case CC_ALPHA: return al;
        case CC_BLANK: return c == ' ' || c == '\t';
        case CC_CNTRL: return c < 32 || c == 127;
        case CC_DIGIT: return di;
        case CC_GRAPH: return c > 32 && c < 127;
        case CC_LOWER: return c >= 'a' && c <= 'z';
        case CC_PRINT: return c >= 32 && c < 127;
        case CC_PUNCT: return c > 32 && c < 127 && !al && !di;
        case CC_SPACE: return c == ' ' || (c >= 9 && c <= 13);
        case CC_UPPER: return c >= 'A' && c <= 'Z';
        case CC_XDIGIT: return di || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        case CC_WORD: return al || di || c == '_';
        case CC_ASCII: return 1;
        }
        return 0;
    }
    if (c >= 0xdc80 && c <= 0xdcff) return 0;   /* an invalid byte */
    utf8proc_category_t cat = utf8proc_category((utf8proc_int32_t)c);
    int letter = cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
    int digit = cat == UTF8PROC_CATEGORY_ND;
    int space = cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP;
    int cntrl = cat == UTF8PROC_CATEGORY_CC;
    int punct = cat >= UTF8PROC_CATEGORY_PC && cat <= UTF8PROC_CATEGORY_SO;
    switch (bit) {
    case CC_ALNUM: return letter || digit;
    case CC_ALPHA: return letter;
    case CC_BLANK: return cat == UTF8PROC_CATEGORY_ZS;
    case CC_CNTRL: return cntrl;
    case CC_DIGIT: return 0;
    case CC_GRAPH: return !space && !cntrl && cat != UTF8PROC_CATEGORY_CN;
    case CC_LOWER: return cat == UTF8PROC_CATEGORY_LL;
    case CC_PRINT: return !cntrl && cat != UTF8PROC_CATEGORY_CN;
    case CC_PUNCT: return punct;
    case CC_SPACE: return space;
    case CC_UPPER: return cat == UTF8PROC_CATEGORY_LU;
    case CC_XDIGIT: return 0;
    case CC_WORD: return letter || digit || cat == UTF8PROC_CATEGORY_PC;
    case CC_ASCII: return 0;
    }
    return 0;
}

static uint32_t fold_lower(uint32_t c)
{
    if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    if (c >= 0xdc80 && c <= 0xdcff) return c;
    return (uint32_t)utf8proc_tolower((utf8proc_int32_t)c);
}

static uint32_t fold_upper(uint32_t c)
{
    if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    if (c >= 0xdc80 && c <= 0xdcff) return c;
    return (uint32_t)utf8proc_toupper((utf8proc_int32_t)c);
}

static int class_has(const pclass *k, uint32_t c, int nocase)
{
    int hit = 0;
    if (k->classes & CC_INVALID) return 0;
    for (int b = 1; b < CC_INVALID && !hit; b <<= 1)
        if ((k->classes & (uint32_t)b) && in_class(c, (uint32_t)b)) hit = 1;
    for (int i = 0; i < k->nr && !hit; i++) {
        if (c >= k->r[i].lo && c <= k->r[i].hi) hit = 1;
        else if (nocase) {
            uint32_t l = fold_lower(c), u = fold_upper(c);
            if ((l >= k->r[i].lo && l <= k->r[i].hi) || (u >= k->r[i].lo && u <= k->r[i].hi)) hit = 1;
        }
    }
    return k->neg ? !hit : hit;
}

/* ---- compiler ------------------------------------------------------------------- */

static int emit(sh_pat *p, int op, int32_t x, int32_t y, uint32_t c)
{
    if (p->err) return -1;
    if (p->n == p->cap) {
        int nc = p->cap ? p->cap * 2 : 16;
        pinst *n = sk_realloc(p->a, p->code, (size_t)nc * sizeof *n);
        if (!n) { p->err = SH_PAT_ENOMEM; return -1; }
        p->code = n;
        p->cap = nc;
    }
    pinst *i = &p->code[p->n];
    i->op = (uint8_t)op;
    i->x = x;
    i->y = y;
    i->c = c;
    return p->n++;
}

/* Parse a bracket expression starting at p[i] == '['.  Returns the index
 * after the closing ']' or 0 when this '[' is not a bracket expression.
 * With k non-NULL, fills it. */
static size_t parse_bracket(sh_pat *pt, const char *p, size_t i, size_t n, pclass *k)
{
    size_t j = i + 1;
    int neg = 0;
    if (j < n && (p[j] == '!' || p[j] == '^')) { neg = 1; j++; }
    if (k) { k->neg = neg; k->classes = 0; k->r = NULL; k->nr = 0; }
    int first = 1;
    int cap = 0;
    while (j < n) {
        if (p[j] == ']' && !first) {
            return j + 1;
        }
        first = 0;
        uint32_t lo;
        if (p[j] == '[' && j + 1 < n && (p[j + 1] == ':' || p[j + 1] == '=' || p[j + 1] == '.')) {
            char d = p[j + 1];
            size_t e = j + 2;
            while (e + 1 < n && !(p[e] == d && p[e + 1] == ']')) e++;
            if (e + 1 < n) {
                size_t nl = e - (j + 2);
                const char *nm = p + j + 2;
                if (d == ':') {
                    uint32_t bit = CC_INVALID;
                    for (size_t q = 0; q < sizeof class_names / sizeof class_names[0]; q++)
                        if (strlen(class_names[q].name) == nl && !memcmp(class_names[q].name, nm, nl)) bit = class_names[q].bit;
                    if (k) k->classes |= bit;
                    j = e + 2;
                    continue;
                }
                /* [=c=] and [.c.]: the character itself */
                if (nl == 0) { j = e + 2; continue; }
                sh_utf8_decode(nm, nl, &lo);
                j = e + 2;
                goto member;
            }
        }
        if (p[j] == '\\' && j + 1 < n) j++;
        j += sh_utf8_decode(p + j, n - j, &lo);
    member: {
            uint32_t hi = lo;
            if (j + 1 < n && p[j] == '-' && p[j + 1] != ']') {
                size_t q = j + 1;
                if (p[q] == '[' && q + 1 < n && p[q + 1] == '.') {
                    size_t e = q + 2;
                    while (e + 1 < n && !(p[e] == '.' && p[e + 1] == ']')) e++;
                    if (e + 1 < n && e > q + 2) { sh_utf8_decode(p + q + 2, e - q - 2, &hi); q = e + 2; }
                    else q += sh_utf8_decode(p + q, n - q, &hi);
                } else {
                    if (p[q] == '\\' && q + 1 < n) q++;
                    q += sh_utf8_decode(p + q, n - q, &hi);
                }
                j = q;
            }
            if (k) {
                if (k->nr == cap) {
                    cap = cap ? cap * 2 : 4;
                    prange *nr = sk_realloc(pt->a, k->r, (size_t)cap * sizeof *nr);
                    if (!nr) { pt->err = SH_PAT_ENOMEM; return 0; }
                    k->r = nr;
                }
                k->r[k->nr].lo = lo;
                k->r[k->nr].hi = hi;
                k->nr++;
            }
        }
    }
    if (k) { sk_free(pt->a, k->r); k->r = NULL; k->nr = 0; }
    return 0;
}

/* For an extglob group opening at p[i] (the '(' is p[i+1]), find the
 * closing ')' and the '|' separators at depth 1.  Returns the index of
 * ')' or 0. */
static size_t group_end(sh_pat *pt, const char *p, size_t i, size_t n)
{
    int depth = 0;
    for (size_t j = i + 1; j < n; j++) {
        char c = p[j];
        if (c == '\\') { j++; continue; }
        if (c == '[') {
            size_t e = parse_bracket(pt, p, j, n, NULL);
            if (e) { j = e - 1; continue; }
        }
        if (c == '(') depth++;
        else if (c == ')' && --depth == 0) return j;
    }
    return 0;
}

static int is_ext_start(const char *p, size_t i, size_t n)
{
    return i + 1 < n && p[i + 1] == '(' && strchr("?*+@!", p[i]) != NULL;
}

static void compile_seq(sh_pat *pt, const char *p, size_t i, size_t n, int depth);

/* Emit @(alts) with each alternative ending in a jump to `loop` (or to
 * the end of the group when loop < 0).  Returns nothing; patches jumps. */
static void compile_alts(sh_pat *pt, const char *p, size_t open, size_t close, int depth, int loop)
{
    /* collect separators */
    size_t cap = 8;
    size_t *starts = sk_malloc(pt->a, cap * 2 * sizeof *starts);
    int *sj = sk_malloc(pt->a, cap * 2 * sizeof *sj);
    if (!starts || !sj) { sk_free(pt->a, starts); sk_free(pt->a, sj); pt->err = SH_PAT_ENOMEM; return; }
    int na = 0;
    int d = 0;
    size_t s = open + 1;
    for (size_t j = open + 1; j <= close && !pt->err; j++) {
        char c = j < close ? p[j] : ')';
        if (j < close && c == '\\') { j++; continue; }
        if (j < close && c == '[') {
            size_t e = parse_bracket(pt, p, j, close, NULL);
            if (e) { j = e - 1; continue; }
        }
        if (j < close && c == '(') { d++; continue; }
        if (j < close && c == ')') { d--; continue; }
        if ((c == '|' && d == 0) || j == close) {
            if ((size_t)na == cap) {
                cap *= 2;
                size_t *ns = sk_realloc(pt->a, starts, cap * 2 * sizeof *ns);
                int *nj = ns ? sk_realloc(pt->a, sj, cap * 2 * sizeof *nj) : NULL;
                if (ns) starts = ns;
                if (nj) sj = nj;
                if (!ns || !nj) { pt->err = SH_PAT_ENOMEM; break; }
            }
            starts[2 * na] = s;
            starts[2 * na + 1] = j;
            na++;
            s = j + 1;
        }
    }
    /* SPLIT chain, then bodies */
    int *splits = sj, *jumps = sj + cap;
    for (int k = 0; k + 1 < na && !pt->err; k++) splits[k] = emit(pt, OP_SPLIT, 0, 0, 0);
    for (int k = 0; k < na && !pt->err; k++) {
        int body = pt->n;
        if (k + 1 < na) pt->code[splits[k]].x = body;
        if (k > 0 && k + 1 < na) pt->code[splits[k - 1]].y = splits[k];
        if (k > 0 && k + 1 == na) pt->code[splits[k - 1]].y = body;
        compile_seq(pt, p, starts[2 * k], starts[2 * k + 1], depth + 1);
        jumps[k] = emit(pt, OP_JMP, loop, 0, 0);
    }
    if (!pt->err && loop < 0)
        for (int k = 0; k < na; k++) pt->code[jumps[k]].x = pt->n;
    sk_free(pt->a, starts);
    sk_free(pt->a, sj);
}

static void compile_group(sh_pat *pt, const char *p, size_t i, size_t close, int depth)
{
    char kind = p[i];
    size_t open = i + 1;
    pt->simple = 0;
    switch (kind) {
    case '@':
        compile_alts(pt, p, open, close, depth, -1);
        break;
    case '?': {
        int sp = emit(pt, OP_SPLIT, 0, 0, 0);
        if (sp < 0) return;
        pt->code[sp].x = pt->n;
        compile_alts(pt, p, open, close, depth, -1);
        if (!pt->err) pt->code[sp].y = pt->n;
        break;
    }
    case '*': {
        int sp = emit(pt, OP_SPLIT, 0, 0, 0);
        if (sp < 0) return;
        pt->code[sp].x = pt->n;
        compile_alts(pt, p, open, close, depth, sp);
        if (!pt->err) pt->code[sp].y = pt->n;
        break;
    }
    case '+': {
        int body = pt->n;
        /* alternatives jump to a check placed after them */
        size_t mark = (size_t)pt->n;
        compile_alts(pt, p, open, close, depth, 0x7fffffff);
        if (pt->err) return;
        int chk = emit(pt, OP_SPLIT, body, 0, 0);
        if (chk < 0) return;
        pt->code[chk].y = pt->n;
        for (int k = (int)mark; k < chk; k++)
            if (pt->code[k].op == OP_JMP && pt->code[k].x == 0x7fffffff) pt->code[k].x = chk;
        break;
    }
    case '!': {
        int nt = emit(pt, OP_NOT, 0, 0, (uint32_t)pt->nnot++);
        if (nt < 0) return;
        pt->code[nt].x = pt->n;
        compile_alts(pt, p, open, close, depth, -1);
        emit(pt, OP_MATCH, 0, 0, 0);
        if (!pt->err) pt->code[nt].y = pt->n;
        break;
    }
    }
}

static void compile_seq(sh_pat *pt, const char *p, size_t i, size_t n, int depth)
{
    while (i < n && !pt->err) {
        char c = p[i];
        if ((pt->flags & SH_PAT_EXTGLOB) && is_ext_start(p, i, n) && depth < 32) {
            size_t close = group_end(pt, p, i, n);
            if (close) {
                compile_group(pt, p, i, close, depth);
                i = close + 1;
                continue;
            }
        }
        if (c == '*') {
            if (!(pt->n > 0 && pt->code[pt->n - 1].op == OP_STAR)) emit(pt, OP_STAR, 0, 0, 0);
            i++;
            continue;
        }
        if (c == '?') {
            emit(pt, OP_ANY, 0, 0, 0);
            i++;
            continue;
        }
        if (c == '[') {
            pclass k;
            size_t e = parse_bracket(pt, p, i, n, &k);
            if (pt->err) return;
            if (e) {
                if (pt->ncls == pt->capcls) {
                    int nc = pt->capcls ? pt->capcls * 2 : 4;
                    pclass *nk = sk_realloc(pt->a, pt->cls, (size_t)nc * sizeof *nk);
                    if (!nk) { sk_free(pt->a, k.r); pt->err = SH_PAT_ENOMEM; return; }
                    pt->cls = nk;
                    pt->capcls = nc;
                }
                pt->cls[pt->ncls] = k;
                emit(pt, OP_CLASS, pt->ncls++, 0, 0);
                i = e;
                continue;
            }
        }
        if (c == '\\' && i + 1 < n) i++;
        uint32_t cp;
        i += sh_utf8_decode(p + i, n - i, &cp);
        emit(pt, OP_CHAR, 0, 0, cp);
    }
}

int sh_pat_has_magic(const char *p, size_t n, int extglob)
{
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\\') { i++; continue; }
        if (c == '*' || c == '?') return 1;
        if (c == '[') {
            /* a '[' with a later ']' */
            for (size_t j = i + 1; j < n; j++)
                if (p[j] == ']') return 1;
        }
        if (extglob && is_ext_start(p, i, n)) return 1;
    }
    return 0;
}

char *sh_pat_unescape(sk_alloc *a, const char *p, size_t n, size_t *outlen)
{
    char *o = sk_malloc(a, n + 1);
    if (!o) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\\' && i + 1 < n) i++;
        o[k++] = p[i];
    }
    o[k] = 0;
    if (outlen) *outlen = k;
    return o;
}

int sh_pat_leading_dot(const char *p, size_t n)
{
    if (n >= 1 && p[0] == '.') return 1;
    if (n >= 2 && p[0] == '\\' && p[1] == '.') return 1;
    return 0;
}

sh_pat *sh_pat_compile(sk_alloc *a, const char *p, size_t n, int flags, const volatile int *abort)
{
    sh_pat *pt = sk_malloc(a, sizeof *pt);
    if (!pt) return NULL;
    memset(pt, 0, sizeof *pt);
    pt->a = a;
    pt->flags = flags;
    pt->simple = 1;
    pt->abort = abort;
    pt->star_first = n > 0 && p[0] == '*';
    if (!sh_pat_has_magic(p, n, flags & SH_PAT_EXTGLOB) && !(flags & SH_PAT_NOCASE)) {
        pt->literal = sh_pat_unescape(a, p, n, &pt->litlen);
        if (!pt->literal) { sk_free(a, pt); return NULL; }
    }
    compile_seq(pt, p, 0, n, 0);
    emit(pt, OP_MATCH, 0, 0, 0);
    if (pt->err) { sh_pat_free(pt); return NULL; }
    return pt;
}

void sh_pat_free(sh_pat *p)
{
    if (!p) return;
    for (int i = 0; i < p->ncls; i++) sk_free(p->a, p->cls[i].r);
    sk_free(p->a, p->cls);
    sk_free(p->a, p->code);
    sk_free(p->a, p->literal);
    sk_free(p->a, p);
}

/* ---- subjects: decoded strings -------------------------------------------------- */

typedef struct subj {
    uint32_t *c;           /* code points */
    size_t *off;           /* byte offset of each char (n + 1 entries); NULL = identity */
    size_t n;
    uint32_t small[256];
    sk_alloc *a;
} subj;

static int subj_init(subj *s, sk_alloc *a, const char *str, size_t n)
{
    s->a = a;
    s->off = NULL;
    int ascii = 1;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)str[i] >= 0x80) { ascii = 0; break; }
    s->c = n <= 256 ? s->small : sk_malloc(a, n * sizeof *s->c);
    if (!s->c) return -1;
    if (ascii) {
        for (size_t i = 0; i < n; i++) s->c[i] = (unsigned char)str[i];
        s->n = n;
        return 0;
    }
    s->off = sk_malloc(a, (n + 1) * sizeof *s->off);
    if (!s->off) { if (s->c != s->small) sk_free(a, s->c); return -1; }
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        s->off[k] = i;
        i += sh_utf8_decode(str + i, n - i, &s->c[k]);
        k++;
    }
    s->off[k] = n;
    s->n = k;
    return 0;
}

static void subj_free(subj *s)
{
    if (s->c != s->small) sk_free(s->a, s->c);
    sk_free(s->a, s->off);
}

static size_t subj_off(const subj *s, size_t i) { return s->off ? s->off[i] : i; }

/* ---- matching --------------------------------------------------------------------- */

typedef struct vm {
    sh_pat *p;
    const subj *s;
    uint64_t steps;
    int err;
    int depth;
} vm;

static int tick(vm *m)
{
    if ((++m->steps & 0xffff) == 0 && m->p->abort && *m->p->abort) {
        m->err = SH_PAT_EABORT;
        return 1;
    }
    return 0;
}

static int char_ok(const sh_pat *p, const pinst *in, uint32_t c)
{
    switch (in->op) {
    case OP_CHAR:
        if (in->c == c) return 1;
        return (p->flags & SH_PAT_NOCASE) && fold_lower(in->c) == fold_lower(c);
    case OP_ANY:
    case OP_STAR:
        return 1;
    case OP_CLASS:
        return class_has(&p->cls[in->x], c, p->flags & SH_PAT_NOCASE);
    }
    return 0;
}

/* Two-pointer matcher for group-free programs: does code match c[0..n)? */
static int simple_match(vm *m, const uint32_t *c, size_t n)
{
    const pinst *code = m->p->code;
    size_t pi = 0, si = 0, star_pi = (size_t)-1, star_si = 0;
    while (si < n) {
        if (tick(m)) return 0;
        const pinst *in = &code[pi];
        if (in->op == OP_STAR) {
            star_pi = pi++;
            star_si = si;
            continue;
        }
        if (in->op != OP_MATCH && char_ok(m->p, in, c[si])) {
            pi++;
            si++;
            continue;
        }
        if (star_pi != (size_t)-1) {
            pi = star_pi + 1;
            si = ++star_si;
            continue;
        }
        return 0;
    }
    while (code[pi].op == OP_STAR) pi++;
    return code[pi].op == OP_MATCH;
}

typedef struct pcset {
    int *dense, *sparse;
    int n;
} pcset;

static int set_has(const pcset *s, int pc)
{
    unsigned i = (unsigned)s->sparse[pc];
    return i < (unsigned)s->n && s->dense[i] == pc;
}

static void set_add(pcset *s, int pc)
{
    s->sparse[pc] = s->n;
    s->dense[s->n++] = pc;
}

#define BIT_SET(b, i) ((b)[(i) >> 6] |= (uint64_t)1 << ((i) & 63))
#define BIT_GET(b, i) (((b)[(i) >> 6] >> ((i) & 63)) & 1)

static int run(vm *m, int startpc, size_t from, uint64_t *ends);

typedef struct runst {
    vm *m;
    size_t from;
    pcset cur, nxt;
    int *stack;
    uint64_t **pend;       /* per NOT: positions where its continuation resumes */
    size_t pend_hi;
} runst;

static void closure(runst *r, pcset *set, int pc0, size_t pos)
{
    vm *m = r->m;
    const pinst *code = m->p->code;
    int sp = 0;
    r->stack[sp++] = pc0;
    while (sp && !m->err) {
        int pc = r->stack[--sp];
        if (set_has(set, pc)) continue;
        set_add(set, pc);
        if (tick(m)) return;
        const pinst *in = &code[pc];
        switch (in->op) {
        case OP_JMP: r->stack[sp++] = in->x; break;
        case OP_SPLIT: r->stack[sp++] = in->y; r->stack[sp++] = in->x; break;
        case OP_STAR: r->stack[sp++] = pc + 1; break;
        case OP_NOT: {
            size_t n = m->s->n;
            size_t words = (n + 1 + 63) / 64;
            uint64_t *sub = sk_calloc(m->p->a, words, sizeof *sub);
            if (!sub) { m->err = SH_PAT_ENOMEM; return; }
            if (run(m, in->x, pos, sub)) { sk_free(m->p->a, sub); return; }
            uint64_t *pd = r->pend[in->c];
            for (size_t k = pos; k <= n; k++) {
                if (BIT_GET(sub, k)) continue;
                if (k == pos) r->stack[sp++] = in->y;
                else {
                    BIT_SET(pd, k);
                    if (k > r->pend_hi) r->pend_hi = k;
                }
            }
            sk_free(m->p->a, sub);
            break;
        }
        default: break;
        }
    }
}

/* All positions k such that the program from startpc matches s[from..k):
 * bits set in ends (n + 1 bits).  Returns non-zero on error. */
static int run(vm *m, int startpc, size_t from, uint64_t *ends)
{
    sh_pat *p = m->p;
    size_t n = m->s->n;
    if (++m->depth > 40 || sk_stack_low(NULL)) { m->depth--; m->err = SH_PAT_ENOMEM; return 1; }
    runst r;
    memset(&r, 0, sizeof r);
    r.m = m;
    r.from = from;
    int np = p->n;
    int *mem = sk_calloc(p->a, (size_t)np * 7, sizeof *mem);
    if (!mem) { m->depth--; m->err = SH_PAT_ENOMEM; return 1; }
    r.cur.dense = mem;
    r.cur.sparse = mem + np;
    r.nxt.dense = mem + 2 * np;
    r.nxt.sparse = mem + 3 * np;
    r.stack = mem + 4 * np;   /* 3 * np slots: every pc pushed at most a few times */
    size_t words = (n + 1 + 63) / 64;
    if (p->nnot) {
        r.pend = sk_calloc(p->a, (size_t)p->nnot, sizeof *r.pend);
        if (!r.pend) goto nomem;
        for (int i = 0; i < p->nnot; i++)
            if (!(r.pend[i] = sk_calloc(p->a, words, sizeof **r.pend))) goto nomem;
    }
    r.cur.n = 0;
    closure(&r, &r.cur, startpc, from);
    for (size_t pos = from; !m->err; pos++) {
        if (p->nnot && pos <= r.pend_hi) {
            for (int pc = 0; pc < np; pc++) {
                const pinst *in = &p->code[pc];
                if (in->op == OP_NOT && BIT_GET(r.pend[in->c], pos)) closure(&r, &r.cur, in->y, pos);
            }
        }
        for (int i = 0; i < r.cur.n; i++)
            if (p->code[r.cur.dense[i]].op == OP_MATCH) BIT_SET(ends, pos);
        if (pos == n) break;
        if (r.cur.n == 0 && r.pend_hi <= pos) break;
        uint32_t c = m->s->c[pos];
        r.nxt.n = 0;
        for (int i = 0; i < r.cur.n && !m->err; i++) {
            int pc = r.cur.dense[i];
            const pinst *in = &p->code[pc];
            if (in->op == OP_CHAR || in->op == OP_ANY || in->op == OP_CLASS) {
                if (char_ok(p, in, c)) closure(&r, &r.nxt, pc + 1, pos + 1);
            } else if (in->op == OP_STAR) {
                closure(&r, &r.nxt, pc, pos + 1);
            }
        }
        pcset t = r.cur;
        r.cur = r.nxt;
        r.nxt = t;
    }
    if (r.pend) {
        for (int i = 0; i < p->nnot; i++) sk_free(p->a, r.pend[i]);
        sk_free(p->a, r.pend);
    }
    sk_free(p->a, mem);
    m->depth--;
    return m->err;
nomem:
    if (r.pend) {
        for (int i = 0; i < p->nnot; i++) sk_free(p->a, r.pend[i]);
        sk_free(p->a, r.pend);
    }
    sk_free(p->a, mem);
    m->depth--;
    m->err = SH_PAT_ENOMEM;
    return 1;
}

/* ends set from position `from` (allocated bitset) or NULL on error. */
static uint64_t *ends_from(vm *m, size_t from)
{
    size_t words = (m->s->n + 1 + 63) / 64;
    uint64_t *e = sk_calloc(m->p->a, words, sizeof *e);
    if (!e) { m->err = SH_PAT_ENOMEM; return NULL; }
    if (run(m, 0, from, e)) { sk_free(m->p->a, e); return NULL; }
    return e;
}

/* Does the program match s[from..to)? */
static int match_range(vm *m, size_t from, size_t to)
{
    if (m->p->simple) return simple_match(m, m->s->c + from, to - from);
    /* run on a view limited to `to` */
    subj view = *m->s;
    view.n = to;
    const subj *save = m->s;
    m->s = &view;
    uint64_t *e = ends_from(m, from);
    m->s = save;
    if (!e) return 0;
    int r = (int)BIT_GET(e, to);
    sk_free(m->p->a, e);
    return r;
}

int sh_pat_match(sh_pat *p, const char *s, size_t n)
{
    if (p->literal) return p->litlen == n && !memcmp(p->literal, s, n);
    subj sj;
    if (subj_init(&sj, p->a, s, n)) return SH_PAT_ENOMEM;
    vm m = { p, &sj, 0, 0, 0 };
    int r = match_range(&m, 0, sj.n);
    subj_free(&sj);
    return m.err ? m.err : r;
}

int sh_pat_prefix(sh_pat *p, const char *s, size_t n, int longest, size_t *len)
{
    if (p->literal) {
        if (p->litlen <= n && !memcmp(p->literal, s, p->litlen)) { *len = p->litlen; return 1; }
        return 0;
    }
    subj sj;
    if (subj_init(&sj, p->a, s, n)) return SH_PAT_ENOMEM;
    vm m = { p, &sj, 0, 0, 0 };
    int found = 0;
    uint64_t *e = ends_from(&m, 0);
    if (e) {
        if (longest) {
            for (size_t k = sj.n + 1; k-- > 0;)
                if (BIT_GET(e, k)) { *len = subj_off(&sj, k); found = 1; break; }
        } else {
            for (size_t k = 0; k <= sj.n; k++)
                if (BIT_GET(e, k)) { *len = subj_off(&sj, k); found = 1; break; }
        }
        sk_free(p->a, e);
    }
    subj_free(&sj);
    return m.err ? m.err : found;
}

int sh_pat_suffix(sh_pat *p, const char *s, size_t n, int longest, size_t *start)
{
    if (p->literal) {
        if (p->litlen <= n && !memcmp(p->literal, s + n - p->litlen, p->litlen)) { *start = n - p->litlen; return 1; }
        return 0;
    }
    subj sj;
    if (subj_init(&sj, p->a, s, n)) return SH_PAT_ENOMEM;
    vm m = { p, &sj, 0, 0, 0 };
    int found = 0;
    if (longest) {
        for (size_t k = 0; k <= sj.n && !m.err; k++)
            if (match_range(&m, k, sj.n)) { *start = subj_off(&sj, k); found = 1; break; }
    } else {
        for (size_t k = sj.n + 1; k-- > 0 && !m.err;)
            if (match_range(&m, k, sj.n)) { *start = subj_off(&sj, k); found = 1; break; }
    }
    subj_free(&sj);
    return m.err ? m.err : found;
}

int sh_pat_search(sh_pat *p, const char *s, size_t n, size_t from, size_t *ms, size_t *me)
{
    if (p->literal) {
        if (p->litlen == 0) { *ms = *me = from; return 1; }
        for (size_t i = from; i + p->litlen <= n; i++) {
            if (s[i] == p->literal[0] && !memcmp(s + i, p->literal, p->litlen)) {
                *ms = i;
                *me = i + p->litlen;
                return 1;
            }
        }
        return 0;
    }
    subj sj;
    if (subj_init(&sj, p->a, s, n)) return SH_PAT_ENOMEM;
    vm m = { p, &sj, 0, 0, 0 };
    int found = 0;
    size_t k0 = 0;
    while (k0 < sj.n && subj_off(&sj, k0) < from) k0++;
    const pinst *first = &p->code[0];
    for (size_t k = k0; k <= sj.n && !m.err && !found; k++) {
        /* bash tries a match at the end of the string only for patterns
         * that start with '*' */
        if (k == sj.n && !p->star_first) break;
        if (first->op == OP_CHAR && (k == sj.n || !char_ok(p, first, sj.c[k]))) continue;
        uint64_t *e = ends_from(&m, k);
        if (!e) break;
        for (size_t j = sj.n + 1; j-- > k;) {
            if (BIT_GET(e, j)) {
                *ms = subj_off(&sj, k);
                *me = subj_off(&sj, j);
                found = 1;
                break;
            }
        }
        sk_free(p->a, e);
    }
    subj_free(&sj);
    return m.err ? m.err : found;
}

int sh_pat_fnmatch(sk_alloc *a, const char *pat, size_t plen, const char *s, size_t slen, int flags)
{
    sh_pat *p = sh_pat_compile(a, pat, plen, flags, NULL);
    if (!p) return SH_PAT_ENOMEM;
    int r = sh_pat_match(p, s, slen);
    sh_pat_free(p);
    return r;
}

/* ---- replacement ---------------------------------------------------------------- */

static int put_rep(sk_buf *out, const char *rep, size_t replen, int amp, const char *m, size_t mlen)
{
    if (!amp) return sk_buf_put(out, rep, replen);
    for (size_t i = 0; i < replen; i++) {
        if (rep[i] == '\\' && i + 1 < replen) {
            if (sk_buf_putc(out, rep[++i])) return -1;
        } else if (rep[i] == '&') {
            if (sk_buf_put(out, m, mlen)) return -1;
        } else if (sk_buf_putc(out, rep[i])) {
            return -1;
        }
    }
    return 0;
}

int sh_pat_replace(sh_pat *p, const char *s, size_t n, const char *rep, size_t replen, int amp, int mode,
                   sk_buf *out)
{
    size_t ms, me;
    int r;
    if (mode == SH_REP_PREFIX) {
        r = sh_pat_prefix(p, s, n, 1, &me);
        if (r < 0) return r;
        if (r == 0) return sk_buf_put(out, s, n) ? SH_PAT_ENOMEM : 0;
        if (put_rep(out, rep, replen, amp, s, me) || sk_buf_put(out, s + me, n - me)) return SH_PAT_ENOMEM;
        return 0;
    }
    if (mode == SH_REP_SUFFIX) {
        r = sh_pat_suffix(p, s, n, 1, &ms);
        if (r < 0) return r;
        if (r == 0) return sk_buf_put(out, s, n) ? SH_PAT_ENOMEM : 0;
        if (sk_buf_put(out, s, ms) || put_rep(out, rep, replen, amp, s + ms, n - ms)) return SH_PAT_ENOMEM;
        return 0;
    }
    size_t pos = 0;
    if (n == 0) {
        if (!p->star_first) return 0;
        r = sh_pat_match(p, "", 0);
        if (r < 0) return r;
        if (r && put_rep(out, rep, replen, amp, "", 0)) return SH_PAT_ENOMEM;
        return 0;
    }
    while (pos < n) {
        r = sh_pat_search(p, s, n, pos, &ms, &me);
        if (r < 0) return r;
        if (r == 0) break;
        if (sk_buf_put(out, s + pos, ms - pos) || put_rep(out, rep, replen, amp, s + ms, me - ms))
            return SH_PAT_ENOMEM;
        if (me == ms) {
            if (me >= n) { pos = n; break; }
            uint32_t cp;
            size_t cl = sh_utf8_decode(s + me, n - me, &cp);
            if (sk_buf_put(out, s + me, cl)) return SH_PAT_ENOMEM;
            me += cl;
        }
        pos = me;
        if (mode != SH_REP_ALL) break;
    }
    if (pos < n && sk_buf_put(out, s + pos, n - pos)) return SH_PAT_ENOMEM;
    return 0;
}
