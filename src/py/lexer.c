/* lexer.c — the Python tokenizer (see token.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <utf8proc.h>

#include "py/token.h"

#define MAXLEVEL 200      /* nested brackets, as CPython */
#define MAXINDENT 100     /* indentation levels, as CPython */
#define MAXFSTRING 150    /* nested f-strings */
#define MAXFIELD 8        /* nested replacement fields within one f-string */

typedef struct fsfield { int depth; int in_spec; } fsfield;

typedef struct fsmode {
    char quote;
    int triple, raw, tstr;
    int nfield;
    fsfield fields[MAXFIELD];
    int line, col;
} fsmode;

typedef struct lexer {
    sk_arena *ar;
    const char *s;
    size_t n, i, bol;
    int line;
    py_syntax_error *err;
    uint64_t *fuel;
    py_tok *v;
    size_t nv, cap;
    int ind[MAXINDENT + 1], alt[MAXINDENT + 1], nind;
    struct { char c; int line, col; } br[MAXLEVEL];
    int nbr;
    fsmode *fs;           /* MAXFSTRING entries, arena */
    int nfs;
    int line_toks;        /* tokens emitted on the current logical line */
    int fatal;            /* error must not be deferred (nesting limits) */
    int atbol;
} lexer;

/* ---- errors ------------------------------------------------------------- */

static int char_offset(const char *line, size_t linelen, int bytecol)
{
    int n = 0;
    for (int k = 0; k < bytecol && (size_t)k < linelen; k++)
        if (((unsigned char)line[k] & 0xC0) != 0x80) n++;
    if ((size_t)bytecol > linelen) n += bytecol - (int)linelen;
    return n + 1;
}

static const char *line_ptr(const char *src, size_t n, int lineno, size_t *len)
{
    size_t i = 0;
    for (int l = 1; l < lineno && i < n; i++)
        if (src[i] == '\n') l++;
    if (i > n) i = n;
    size_t j = i;
    while (j < n && src[j] != '\n') j++;
    *len = j - i;
    return src + i;
}

void py_err_set(py_syntax_error *err, py_error_kind kind, const char *src,
                size_t srclen, int lineno, int col, int end_lineno,
                int end_col, const char *fmt, ...)
{
    if (!err || err->kind) return;
    err->kind = kind;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->lineno = lineno;
    err->end_lineno = end_lineno;
    err->offset = err->end_offset = 0;
    err->text = NULL;
    err->text_len = 0;
    if (src && lineno > 0) {
        size_t ll;
        const char *lp = line_ptr(src, srclen, lineno, &ll);
        err->text = lp;
        err->text_len = ll + (lp + ll < src + srclen && lp[ll] == '\n');
        if (col >= 0) err->offset = char_offset(lp, ll, col);
        if (end_lineno > 0 && (end_col >= 0 || end_col == -2)) {
            if (end_col == -2) err->end_offset = -1;
            else if (end_lineno == lineno) err->end_offset = char_offset(lp, ll, end_col);
            else {
                size_t el;
                const char *ep = line_ptr(src, srclen, end_lineno, &el);
                err->end_offset = char_offset(ep, el, end_col);
            }
        }
    }
}

static int lerr(lexer *L, py_error_kind k, int line, int col, int eline, int ecol,
                const char *fmt, ...) __attribute__((format(printf, 7, 8)));
static int lerr(lexer *L, py_error_kind k, int line, int col, int eline, int ecol,
                const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    py_err_set(L->err, k, L->s, L->n, line, col, eline, ecol, "%s", buf);
    return -1;
}

static int nomem(lexer *L)
{
    return lerr(L, PY_ERR_MEMORY, 0, -1, 0, -1, "out of memory");
}

/* ---- token output ------------------------------------------------------- */

static py_tok *emit(lexer *L, int type, size_t start, int line, int col)
{
    if (L->fuel && *L->fuel) {
        if (--*L->fuel == 0) {
            lerr(L, PY_ERR_LIMIT, line, col, line, col, "parser operations");
            return NULL;
        }
    }
    if (L->nv == L->cap) {
        size_t nc = L->cap ? L->cap * 2 : 256;
        py_tok *nv = sk_arena_alloc(L->ar, nc * sizeof *nv);
        if (!nv) { nomem(L); return NULL; }
        if (L->nv) memcpy(nv, L->v, L->nv * sizeof *nv);
        L->v = nv;
        L->cap = nc;
    }
    py_tok *t = &L->v[L->nv++];
    memset(t, 0, sizeof *t);
    t->type = (uint8_t)type;
    t->start = (uint32_t)start;
    t->end = (uint32_t)L->i;
    t->lineno = line;
    t->col = col;
    t->end_lineno = L->line;
    t->end_col = (int)(L->i - L->bol);
    if (type != T_NEWLINE && type != T_INDENT && type != T_DEDENT) L->line_toks++;
    return t;
}

/* ---- character classes ------------------------------------------------- */

static int utf8_dec(const char *s, size_t n, size_t i, int32_t *cp)
{
    utf8proc_int32_t c;
    utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
                                          (utf8proc_ssize_t)(n - i), &c);
    if (k <= 0) { *cp = (unsigned char)s[i]; return -1; }
    *cp = c;
    return (int)k;
}

static int id_start_cp(int32_t c)
{
    if (c < 128) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    switch (utf8proc_category(c)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_NL:
        return 1;
    default:
        return c == 0x2118 || c == 0x212E || c == 0x309B || c == 0x309C ||
               c == 0x1885 || c == 0x1886;
    }
}

static int id_cont_cp(int32_t c)
{
    if (c < 128) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                        (c >= '0' && c <= '9');
    if (id_start_cp(c)) return 1;
    switch (utf8proc_category(c)) {
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_PC:
        return 1;
    default:
        return c == 0x00B7 || c == 0x0387 || (c >= 0x1369 && c <= 0x1371) || c == 0x19DA;
    }
}

static int printable_cp(int32_t c)
{
    switch (utf8proc_category(c)) {
    case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS: case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
        return 0;
    case UTF8PROC_CATEGORY_ZS:
        return c == ' ';
    default:
        return 1;
    }
}

static int bad_char(lexer *L, size_t at)
{
    int32_t cp;
    int k = utf8_dec(L->s, L->n, at, &cp);
    int col = (int)(at - L->bol);
    if (k < 0)
        return lerr(L, PY_ERR_SYNTAX, L->line, col, L->line, col + 1,
                    "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %d: invalid start byte",
                    (unsigned char)L->s[at], col);
    if (cp < 128 && cp > 32 && cp != 127)
        return lerr(L, PY_ERR_SYNTAX, L->line, col, L->line, col + 1, "invalid syntax");
    if (printable_cp(cp) && cp >= 32) {
        char u[8];
        int ul = (int)utf8proc_encode_char(cp, (utf8proc_uint8_t *)u);
        u[ul] = 0;
        return lerr(L, PY_ERR_SYNTAX, L->line, col, L->line, col + 1,
                    "invalid character '%s' (U+%04X)", u, (unsigned)cp);
    }
    return lerr(L, PY_ERR_SYNTAX, L->line, col, L->line, col + 1,
                "invalid non-printable character U+%04X", (unsigned)cp);
}

/* ---- keywords ----------------------------------------------------------- */

static const char *const kw_names[KW__COUNT] = {
    "", "False", "None", "True", "and", "as", "assert", "async", "await",
    "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
};

static int kw_lookup(const char *s, size_t n)
{
    if (n < 2 || n > 8) return 0;
    for (int k = 1; k < KW__COUNT; k++)
        if (kw_names[k][0] == s[0] && strlen(kw_names[k]) == n && !memcmp(kw_names[k], s, n))
            return k;
    return 0;
}

/* ---- string decoding ---------------------------------------------------- */

typedef struct { const char *name; uint32_t cp; } uname;
static const uname unames[] = {
    {"AMPERSAND", 0x26}, {"APOSTROPHE", 0x27}, {"ASTERISK", 0x2A},
    {"BLACK CIRCLE", 0x25CF}, {"BLACK HEART SUIT", 0x2665}, {"BLACK SQUARE", 0x25A0},
    {"BLACK STAR", 0x2605}, {"BOX DRAWINGS LIGHT HORIZONTAL", 0x2500},
    {"BOX DRAWINGS LIGHT VERTICAL", 0x2502}, {"BULLET", 0x2022},
    {"CARRIAGE RETURN", 0x0D}, {"CENT SIGN", 0xA2}, {"CHARACTER TABULATION", 0x09},
    {"CHECK MARK", 0x2713}, {"COLON", 0x3A}, {"COMMA", 0x2C}, {"COPYRIGHT SIGN", 0xA9},
    {"DEGREE SIGN", 0xB0}, {"DIVISION SIGN", 0xF7}, {"DOLLAR SIGN", 0x24},
    {"EM DASH", 0x2014}, {"EN DASH", 0x2013}, {"EQUALS SIGN", 0x3D}, {"EURO SIGN", 0x20AC},
    {"EXCLAMATION MARK", 0x21}, {"FULL STOP", 0x2E}, {"GRINNING FACE", 0x1F600},
    {"HEAVY BLACK HEART", 0x2764}, {"HEAVY CHECK MARK", 0x2714},
    {"HIGH VOLTAGE SIGN", 0x26A1}, {"HORIZONTAL ELLIPSIS", 0x2026}, {"HYPHEN-MINUS", 0x2D},
    {"INFINITY", 0x221E}, {"INVERTED EXCLAMATION MARK", 0xA1},
    {"INVERTED QUESTION MARK", 0xBF}, {"LEFT DOUBLE QUOTATION MARK", 0x201C},
    {"LEFT SINGLE QUOTATION MARK", 0x2018}, {"LEFTWARDS ARROW", 0x2190},
    {"LINE FEED", 0x0A}, {"LOW LINE", 0x5F}, {"MICRO SIGN", 0xB5},
    {"MIDDLE DOT", 0xB7}, {"MULTIPLICATION SIGN", 0xD7}, {"NO-BREAK SPACE", 0xA0},
    {"NOT EQUAL TO", 0x2260}, {"NOT SIGN", 0xAC}, {"NULL", 0x00}, {"NUMBER SIGN", 0x23},
    {"PERCENT SIGN", 0x25}, {"PILCROW SIGN", 0xB6}, {"PLUS SIGN", 0x2B},
    {"PLUS-MINUS SIGN", 0xB1}, {"POUND SIGN", 0xA3}, {"QUESTION MARK", 0x3F},
    {"QUOTATION MARK", 0x22}, {"REGISTERED SIGN", 0xAE}, {"REPLACEMENT CHARACTER", 0xFFFD},
    {"REVERSE SOLIDUS", 0x5C}, {"RIGHT DOUBLE QUOTATION MARK", 0x201D},
    {"RIGHT SINGLE QUOTATION MARK", 0x2019}, {"RIGHTWARDS ARROW", 0x2192},
    {"SECTION SIGN", 0xA7}, {"SEMICOLON", 0x3B}, {"SMILING FACE WITH SMILING EYES", 0x1F60A},
    {"SNOWMAN", 0x2603}, {"SOLIDUS", 0x2F}, {"SPACE", 0x20}, {"SPARKLES", 0x2728},
    {"SQUARE ROOT", 0x221A}, {"TILDE", 0x7E}, {"TRADE MARK SIGN", 0x2122},
    {"UPWARDS ARROW", 0x2191}, {"DOWNWARDS ARROW", 0x2193}, {"WHITE HEAVY CHECK MARK", 0x2705},
    {"WHITE STAR", 0x2606}, {"YEN SIGN", 0xA5}, {"ZERO WIDTH JOINER", 0x200D},
    {"ZERO WIDTH NO-BREAK SPACE", 0xFEFF}, {"ZERO WIDTH SPACE", 0x200B},
    {"CROSS MARK", 0x274C}, {"FIRE", 0x1F525}, {"THUMBS UP SIGN", 0x1F44D},
    {"ROCKET", 0x1F680}, {"PARTY POPPER", 0x1F389}, {"WARNING SIGN", 0x26A0},
    {"GREEK SMALL LETTER PI", 0x3C0}, {"GREEK CAPITAL LETTER DELTA", 0x394},
    {"GREEK CAPITAL LETTER OMEGA", 0x3A9}, {"GREEK SMALL LETTER ALPHA", 0x3B1},
    {"GREEK SMALL LETTER BETA", 0x3B2}, {"GREEK SMALL LETTER GAMMA", 0x3B3},
    {"GREEK SMALL LETTER DELTA", 0x3B4}, {"GREEK SMALL LETTER EPSILON", 0x3B5},
    {"GREEK SMALL LETTER LAMDA", 0x3BB}, {"GREEK SMALL LETTER MU", 0x3BC},
    {"GREEK SMALL LETTER SIGMA", 0x3C3}, {"GREEK CAPITAL LETTER SIGMA", 0x3A3},
    {"GREEK SMALL LETTER THETA", 0x3B8}, {"GREEK SMALL LETTER OMEGA", 0x3C9},
    {"LATIN SMALL LETTER SHARP S", 0xDF}, {"LATIN SMALL LETTER E WITH ACUTE", 0xE9},
    {"LATIN SMALL LETTER E WITH GRAVE", 0xE8}, {"LATIN SMALL LETTER A WITH GRAVE", 0xE0},
    {"LATIN SMALL LETTER A WITH ACUTE", 0xE1}, {"LATIN SMALL LETTER A WITH DIAERESIS", 0xE4},
    {"LATIN SMALL LETTER O WITH DIAERESIS", 0xF6}, {"LATIN SMALL LETTER U WITH DIAERESIS", 0xFC},
    {"LATIN SMALL LETTER N WITH TILDE", 0xF1}, {"LATIN SMALL LETTER C WITH CEDILLA", 0xE7},
    {"LATIN CAPITAL LETTER E WITH ACUTE", 0xC9}, {"LATIN CAPITAL LETTER A WITH DIAERESIS", 0xC4},
    {"LATIN CAPITAL LETTER O WITH DIAERESIS", 0xD6}, {"LATIN CAPITAL LETTER U WITH DIAERESIS", 0xDC},
    {"LATIN SMALL LETTER I WITH ACUTE", 0xED}, {"LATIN SMALL LETTER O WITH ACUTE", 0xF3},
    {"LATIN SMALL LETTER U WITH ACUTE", 0xFA},
};

static int lookup_name(const char *nm, size_t n, uint32_t *cp)
{
    char up[128];
    if (n == 0 || n >= sizeof up) return -1;
    for (size_t k = 0; k < n; k++) {
        char c = nm[k];
        up[k] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
    }
    up[n] = 0;
    for (size_t k = 0; k < sizeof unames / sizeof unames[0]; k++)
        if (!strcmp(unames[k].name, up)) { *cp = unames[k].cp; return 0; }
    static const char cjk[] = "CJK UNIFIED IDEOGRAPH-";
    if (n > sizeof cjk - 1 && !memcmp(up, cjk, sizeof cjk - 1)) {
        uint32_t v = 0;
        size_t k = sizeof cjk - 1, nd = 0;
        for (; k < n; k++, nd++) {
            char c = up[k];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return -1;
            v = v * 16 + (uint32_t)d;
        }
        if ((nd == 4 || nd == 5) && ((v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3400 && v <= 0x4DBF) ||
                                     (v >= 0x20000 && v <= 0x2A6DF))) {
            *cp = v;
            return 0;
        }
        return -1;
    }
    /* LATIN SMALL/CAPITAL LETTER X, DIGIT NAME */
    static const char ls[] = "LATIN SMALL LETTER ", lc[] = "LATIN CAPITAL LETTER ";
    if (n == sizeof ls && !memcmp(up, ls, sizeof ls - 1) && up[n - 1] >= 'A' && up[n - 1] <= 'Z') {
        *cp = (uint32_t)(up[n - 1] - 'A' + 'a');
        return 0;
    }
    if (n == sizeof lc && !memcmp(up, lc, sizeof lc - 1) && up[n - 1] >= 'A' && up[n - 1] <= 'Z') {
        *cp = (uint32_t)up[n - 1];
        return 0;
    }
    static const char *const digits[] = {"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX",
                                         "SEVEN", "EIGHT", "NINE"};
    if (n > 6 && !memcmp(up, "DIGIT ", 6))
        for (int d = 0; d < 10; d++)
            if (!strcmp(up + 6, digits[d])) { *cp = (uint32_t)('0' + d); return 0; }
    return -1;
}

/* Encode cp as UTF-8 (surrogates as WTF-8). */
static size_t put_cp(char *o, uint32_t c)
{
    if (c < 0x80) { o[0] = (char)c; return 1; }
    if (c < 0x800) { o[0] = (char)(0xC0 | (c >> 6)); o[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        o[0] = (char)(0xE0 | (c >> 12)); o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        o[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (c >> 18)); o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((c >> 6) & 0x3F)); o[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
           c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* flags: STRF_RAW, STRF_BYTES, STRF_F (collapse {{ and }}). */
int py_decode_string(sk_arena *ar, const char *s, size_t n, int flags,
                     char **out, size_t *outlen, char *msg, size_t msgsize)
{
    char *o = sk_arena_alloc(ar, n + 1);
    if (!o) { snprintf(msg, msgsize, "out of memory"); return -2; }
    size_t k = 0, i = 0;
    int bytes = flags & STRF_BYTES;
    while (i < n) {
        char c = s[i];
        if ((flags & STRF_F) && (c == '{' || c == '}') && i + 1 < n && s[i + 1] == c) {
            o[k++] = c;
            i += 2;
            continue;
        }
        if (c != '\\' || (flags & STRF_RAW)) {
            if (bytes && (unsigned char)c >= 0x80) {
                snprintf(msg, msgsize, "bytes can only contain ASCII literal characters");
                return -1;
            }
            o[k++] = c;
            i++;
            continue;
        }
        size_t esc = i;
        i++;
        if (i >= n) { o[k++] = '\\'; break; }
        c = s[i++];
        switch (c) {
        case '\n': break;
        case '\\': o[k++] = '\\'; break;
        case '\'': o[k++] = '\''; break;
        case '"': o[k++] = '"'; break;
        case 'a': o[k++] = '\a'; break;
        case 'b': o[k++] = '\b'; break;
        case 'f': o[k++] = '\f'; break;
        case 'n': o[k++] = '\n'; break;
        case 'r': o[k++] = '\r'; break;
        case 't': o[k++] = '\t'; break;
        case 'v': o[k++] = '\v'; break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            uint32_t v = (uint32_t)(c - '0');
            for (int d = 0; d < 2 && i < n && s[i] >= '0' && s[i] <= '7'; d++) v = v * 8 + (uint32_t)(s[i++] - '0');
            if (bytes) o[k++] = (char)(v & 0xFF);
            else k += put_cp(o + k, v);
            break;
        }
        case 'x': case 'u': case 'U': {
            int nd = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            if (bytes && c != 'x') { o[k++] = '\\'; o[k++] = c; break; }
            uint32_t v = 0;
            int d = 0;
            for (; d < nd && i < n && hexval(s[i]) >= 0; d++) v = v * 16 + (uint32_t)hexval(s[i++]);
            if (d < nd) {
                if (bytes) snprintf(msg, msgsize, "(value error) invalid \\x escape at position %zu", esc);
                else snprintf(msg, msgsize,
                              "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: truncated \\%s escape",
                              esc, i - 1, c == 'x' ? "xXX" : c == 'u' ? "uXXXX" : "UXXXXXXXX");
                return -1;
            }
            if (bytes) { o[k++] = (char)v; break; }
            if (v > 0x10FFFF) {
                snprintf(msg, msgsize,
                         "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: illegal Unicode character",
                         esc, i - 1);
                return -1;
            }
            k += put_cp(o + k, v);
            break;
        }
        case 'N': {
            if (bytes) { o[k++] = '\\'; o[k++] = 'N'; break; }
            size_t j = i;
            uint32_t cp;
            if (j < n && s[j] == '{') {
                size_t e = j + 1;
                while (e < n && s[e] != '}') e++;
                if (e < n && lookup_name(s + j + 1, e - j - 1, &cp) == 0) {
                    k += put_cp(o + k, cp);
                    i = e + 1;
                    break;
                }
                if (e < n) {
                    snprintf(msg, msgsize,
                             "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: unknown Unicode character name",
                             esc, e);
                    return -1;
                }
            }
            snprintf(msg, msgsize,
                     "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: malformed \\N character escape",
                     esc, i - 1);
            return -1;
        }
        default:
            /* invalid escape: kept verbatim (CPython warns) */
            o[k++] = '\\';
            i--;
            break;
        }
    }
    o[k] = 0;
    *out = o;
    *outlen = k;
    return 0;
}

/* ---- the tokenizer ------------------------------------------------------ */

static int at(lexer *L, size_t k) { return L->i + k < L->n ? (unsigned char)L->s[L->i + k] : -1; }

static void newline_at(lexer *L, size_t pos)
{
    L->line++;
    L->bol = pos + 1;
}

static int push_bracket(lexer *L, char c, int line, int col)
{
    if (L->nbr >= MAXLEVEL)
    {
        L->fatal = 1;
        return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1, "too many nested parentheses");
    }
    L->br[L->nbr].c = c;
    L->br[L->nbr].line = line;
    L->br[L->nbr].col = col;
    L->nbr++;
    return 0;
}

static int pop_bracket(lexer *L, char c, int line, int col)
{
    if (L->nbr == 0)
        return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1, "unmatched '%c'", c);
    char o = L->br[L->nbr - 1].c;
    char want = o == '(' ? ')' : o == '[' ? ']' : '}';
    if (want != c) {
        if (L->br[L->nbr - 1].line != line)
            return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1,
                        "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                        c, o, L->br[L->nbr - 1].line);
        return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1,
                    "closing parenthesis '%c' does not match opening parenthesis '%c'", c, o);
    }
    L->nbr--;
    return 0;
}

static int is_idbyte(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c >= 0x80;
}

static int lex_name(lexer *L)
{
    size_t start = L->i;
    int col = (int)(L->i - L->bol);
    int ascii = 1;
    while (L->i < L->n && is_idbyte((unsigned char)L->s[L->i])) {
        unsigned char c = (unsigned char)L->s[L->i];
        if (c < 0x80) { L->i++; continue; }
        ascii = 0;
        int32_t cp;
        int k = utf8_dec(L->s, L->n, L->i, &cp);
        if (k < 0) return bad_char(L, L->i);
        if (!(L->i == start ? id_start_cp(cp) : id_cont_cp(cp))) {
            if (L->i == start || !printable_cp(cp) || 1) return bad_char(L, L->i);
        }
        L->i += (size_t)k;
    }
    py_tok *t = emit(L, T_NAME, start, L->line, col);
    if (!t) return -1;
    size_t n = L->i - start;
    if (ascii) {
        t->kw = (uint8_t)kw_lookup(L->s + start, n);
        t->str = sk_arena_strndup(L->ar, L->s + start, n);
        t->len = n;
        if (!t->str) return nomem(L);
        return 0;
    }
    /* NFKC normalisation without malloc */
    utf8proc_option_t opt = UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_STABLE;
    utf8proc_ssize_t need = utf8proc_decompose((const utf8proc_uint8_t *)L->s + start,
                                               (utf8proc_ssize_t)n, NULL, 0, opt);
    if (need < 0) return bad_char(L, start);
    utf8proc_int32_t *buf = sk_arena_alloc(L->ar, (size_t)(need + 1) * sizeof *buf);
    if (!buf) return nomem(L);
    need = utf8proc_decompose((const utf8proc_uint8_t *)L->s + start, (utf8proc_ssize_t)n,
                              buf, need, opt);
    utf8proc_ssize_t r = need < 0 ? need : utf8proc_reencode(buf, need, opt);
    if (r < 0) return bad_char(L, start);
    t->str = sk_arena_strndup(L->ar, (const char *)buf, (size_t)r);
    t->len = (size_t)r;
    if (!t->str) return nomem(L);
    return 0;
}

static int digits_run(lexer *L, int (*ok)(int), int *bad_us)
{
    /* digits with single underscores between them; returns count */
    int cnt = 0;
    for (;;) {
        int c = at(L, 0);
        if (c >= 0 && ok(c)) { L->i++; cnt++; continue; }
        if (c == '_' && cnt > 0) {
            int d = at(L, 1);
            if (d >= 0 && ok(d)) { L->i++; continue; }
            *bad_us = 1;
            L->i++;
            return cnt;
        }
        return cnt;
    }
}

static int isdec(int c) { return c >= '0' && c <= '9'; }
static int ishex(int c) { return hexval((char)c) >= 0; }
static int isoct(int c) { return c >= '0' && c <= '7'; }
static int isbin(int c) { return c == '0' || c == '1'; }

/* After a number: a following identifier character is an error unless it
 * starts one of the keywords CPython tolerates. */
static int verify_end(lexer *L, const char *kind, size_t numstart)
{
    int c = at(L, 0);
    if (c < 0 || !is_idbyte(c)) return 0;
    static const char *const ok[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
    for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
        size_t len = strlen(ok[k]);
        if (L->i + len <= L->n && !memcmp(L->s + L->i, ok[k], len)) return 0;
    }
    int col = (int)(numstart - L->bol);
    if (!strcmp(kind, "imaginary")) col++;
    else if (strcmp(kind, "decimal")) col = (int)(L->i - L->bol);
    return lerr(L, PY_ERR_SYNTAX, L->line, col, L->line, col + 1, "invalid %s literal", kind);
}

static int lex_number(lexer *L)
{
    size_t start = L->i;
    int col = (int)(L->i - L->bol);
    int bad = 0;
    int c0 = at(L, 0), c1 = at(L, 1);
    if (c0 == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' || c1 == 'b' || c1 == 'B')) {
        L->i += 2;
        int (*ok)(int) = (c1 | 32) == 'x' ? ishex : (c1 | 32) == 'o' ? isoct : isbin;
        const char *kind = (c1 | 32) == 'x' ? "hexadecimal" : (c1 | 32) == 'o' ? "octal" : "binary";
        if (at(L, 0) == '_') L->i++;
        int n = digits_run(L, ok, &bad);
        int c = at(L, 0);
        if (!bad && n > 0 && c >= '0' && c <= '9' && (c1 | 32) != 'x') {
            int cc = (int)(L->i - L->bol);
            return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1,
                        "invalid digit '%c' in %s literal", c, kind);
        }
        if (bad || n == 0) {
            int cc = (int)(L->i - L->bol);
            if (n == 0 && !bad && c >= '0' && c <= '9')
                return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1,
                            "invalid digit '%c' in %s literal", c, kind);
            return lerr(L, PY_ERR_SYNTAX, L->line, cc - 1, L->line, cc,
                        "invalid %s literal", kind);
        }
        if (verify_end(L, kind, start)) return -1;
    } else {
        int isfloat = 0, n = 0;
        if (c0 != '.') {
            n = digits_run(L, isdec, &bad);
            if (bad) goto baddec;
        }
        if (at(L, 0) == '.') {
            isfloat = 1;
            L->i++;
            if (isdec(at(L, 0))) digits_run(L, isdec, &bad);
            if (bad) goto baddec;
        }
        int e = at(L, 0);
        if (e == 'e' || e == 'E') {
            size_t save = L->i;
            L->i++;
            if (at(L, 0) == '+' || at(L, 0) == '-') L->i++;
            if (!isdec(at(L, 0))) {
                L->i = save;
                if (verify_end(L, "decimal", start)) return -1;
            } else {
                digits_run(L, isdec, &bad);
                if (bad) goto baddec;
                isfloat = 1;
            }
        }
        int j = at(L, 0);
        if (j == 'j' || j == 'J') {
            L->i++;
            if (verify_end(L, "imaginary", start)) return -1;
        } else {
            if (!isfloat && n > 1 && L->s[start] == '0') {
                int allz = 1;
                for (size_t k = start; k < L->i; k++)
                    if (L->s[k] != '0' && L->s[k] != '_') allz = 0;
                if (!allz)
                    return lerr(L, PY_ERR_SYNTAX, L->line, col, L->line, (int)(L->i - L->bol),
                                "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
            }
            if (verify_end(L, "decimal", start)) return -1;
        }
    }
    return emit(L, T_NUMBER, start, L->line, col) ? 0 : -1;
baddec: {
        int cc = (int)(L->i - L->bol) - 1;
        return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1, "invalid decimal literal");
    }
}

/* Prefix letters before a quote: returns flags or -1 if not a prefix. */
static int prefix_flags(const char *s, size_t n)
{
    if (n == 0 || n > 2) return -1;
    int f = 0;
    for (size_t k = 0; k < n; k++) {
        int c = s[k] | 32, bit;
        switch (c) {
        case 'r': bit = STRF_RAW; break;
        case 'b': bit = STRF_BYTES; break;
        case 'u': bit = STRF_U; break;
        case 'f': bit = STRF_F; break;
        case 't': bit = STRF_T; break;
        default: return -1;
        }
        if (f & bit) return -1;
        f |= bit;
    }
    if ((f & STRF_U) && n > 1) return -1;
    int kinds = !!(f & STRF_BYTES) + !!(f & STRF_F) + !!(f & STRF_T);
    if (kinds > 1) return -1;
    return f;
}

static int lex_string(lexer *L, size_t start, int flags)
{
    int line = L->line, col = (int)(start - L->bol);
    char q = L->s[L->i];
    int triple = at(L, 1) == q && at(L, 2) == q;
    size_t qlen = triple ? 3 : 1;
    if (triple) flags |= STRF_TRIPLE;
    L->i += qlen;
    if (flags & (STRF_F | STRF_T)) {
        if (L->nfs >= MAXFSTRING)
            return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1, "too many nested f-strings");
        py_tok *t = emit(L, T_FSTRING_START, start, line, col);
        if (!t) return -1;
        t->flags = (uint16_t)flags;
        fsmode *m = &L->fs[L->nfs++];
        memset(m, 0, sizeof *m);
        m->quote = q;
        m->triple = triple;
        m->raw = !!(flags & STRF_RAW);
        m->tstr = !!(flags & STRF_T);
        m->line = line;
        m->col = col;
        return 0;
    }
    size_t body = L->i;
    for (;;) {
        if (L->i >= L->n) {
            if (!triple && L->nfs > 0 && L->fs[L->nfs - 1].quote == q && !L->fs[L->nfs - 1].triple)
                return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1, "%s: expecting '}'",
                            L->fs[L->nfs - 1].tstr ? "t-string" : "f-string");
            return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1,
                        triple ? "unterminated triple-quoted string literal (detected at line %d)"
                               : "unterminated string literal (detected at line %d)",
                        L->n && L->s[L->n - 1] == '\n' ? L->line - 1 : L->line);
        }
        char c = L->s[L->i];
        if (c == q && (!triple || (at(L, 1) == q && at(L, 2) == q))) break;
        if (c == '\\' && L->i + 1 < L->n) {
            if (L->s[L->i + 1] == '\n') newline_at(L, L->i + 1);
            L->i += 2;
            continue;
        }
        if (c == '\n') {
            if (!triple && L->nfs > 0 && L->fs[L->nfs - 1].quote == q && !L->fs[L->nfs - 1].triple)
                return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1, "%s: expecting '}'",
                            L->fs[L->nfs - 1].tstr ? "t-string" : "f-string");
            if (!triple)
                return lerr(L, PY_ERR_SYNTAX, line, col, line, col + 1,
                            "unterminated string literal (detected at line %d)", L->line);
            newline_at(L, L->i);
        }
        L->i++;
    }
    size_t bend = L->i;
    L->i += qlen;
    py_tok *t = emit(L, T_STRING, start, line, col);
    if (!t) return -1;
    t->flags = (uint16_t)flags;
    char msg[200];
    char *o;
    size_t ol;
    int r = py_decode_string(L->ar, L->s + body, bend - body, flags & (STRF_RAW | STRF_BYTES),
                             &o, &ol, msg, sizeof msg);
    if (r == -2) return nomem(L);
    if (r < 0)
        return lerr(L, PY_ERR_SYNTAX, line, col, t->end_lineno, t->end_col, "%s", msg);
    t->str = o;
    t->len = ol;
    return 0;
}

static fsfield *top_field(fsmode *m) { return m->nfield ? &m->fields[m->nfield - 1] : NULL; }

static int emit_middle(lexer *L, fsmode *m, size_t start, int line, int col)
{
    if (L->i == start) return 0;
    py_tok *t = emit(L, T_FSTRING_MIDDLE, start, line, col);
    if (!t) return -1;
    char msg[200];
    char *o;
    size_t ol;
    int fl = STRF_F | (m->raw ? STRF_RAW : 0);
    fsfield *f = top_field(m);
    if (f && f->in_spec) fl &= ~STRF_F;
    int r = py_decode_string(L->ar, L->s + start, L->i - start, fl, &o, &ol, msg, sizeof msg);
    if (r == -2) return nomem(L);
    if (r < 0) return lerr(L, PY_ERR_SYNTAX, line, col, t->end_lineno, t->end_col, "%s", msg);
    t->str = o;
    t->len = ol;
    return 0;
}

/* Literal part of an f-string (or of a format spec). */
static int lex_fs_literal(lexer *L)
{
    fsmode *m = &L->fs[L->nfs - 1];
    fsfield *f = top_field(m);
    int in_spec = f && f->in_spec;
    size_t start = L->i;
    int line = L->line, col = (int)(L->i - L->bol);
    const char *what = m->tstr ? "t-string" : "f-string";
    for (;;) {
        if (L->i >= L->n) {
            if (in_spec) {
                int c = (int)(L->i - L->bol);
                return lerr(L, PY_ERR_SYNTAX, L->line, c, L->line, c + 1, "%s: expecting '}'", what);
            }
            return lerr(L, PY_ERR_SYNTAX, m->line, m->col, m->line, m->col + 1,
                        m->triple ? "unterminated triple-quoted %s literal (detected at line %d)"
                                  : "unterminated %s literal (detected at line %d)",
                        what, L->line);
        }
        char c = L->s[L->i];
        if (c == m->quote && (!m->triple || (at(L, 1) == c && at(L, 2) == c))) {
            if (in_spec) {
                int cc = (int)(L->i - L->bol);
                return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1, "%s: expecting '}', or format specs", what);
            }
            if (emit_middle(L, m, start, line, col)) return -1;
            size_t s2 = L->i;
            int c2 = (int)(L->i - L->bol);
            L->i += m->triple ? 3 : 1;
            if (!emit(L, T_FSTRING_END, s2, L->line, c2)) return -1;
            L->nfs--;
            return 0;
        }
        if (c == '\n' && !m->triple) {
            if (in_spec) {
                int cc = (int)(L->i - L->bol);
                return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1, "%s: newlines are not allowed in format specifiers for single quoted %ss", what, what);
            }
            return lerr(L, PY_ERR_SYNTAX, m->line, m->col, m->line, m->col + 1,
                        "unterminated %s literal (detected at line %d)", what, L->line);
        }
        if (c == '\\' && L->i + 1 < L->n) {
            char d = L->s[L->i + 1];
            if (m->raw) {
                L->i += (d == m->quote || d == '\\') ? 2 : 1;
                continue;
            }
            if (d == 'N' && at(L, 2) == '{') {
                L->i += 3;
                while (L->i < L->n && L->s[L->i] != '}' && L->s[L->i] != m->quote && L->s[L->i] != '\n') L->i++;
                if (L->i < L->n && L->s[L->i] == '}') L->i++;
                continue;
            }
            if (d == '{' || d == '}') { L->i++; continue; }
            if (d == '\n') newline_at(L, L->i + 1);
            L->i += 2;
            continue;
        }
        if (c == '{') {
            if (!in_spec && at(L, 1) == '{') { L->i += 2; continue; }
            if (emit_middle(L, m, start, line, col)) return -1;
            if (m->nfield >= MAXFIELD) {
                int cc = (int)(L->i - L->bol);
                return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1,
                            "%s: expressions nested too deeply", what);
            }
            size_t s2 = L->i;
            int c2 = (int)(L->i - L->bol);
            if (push_bracket(L, '{', L->line, c2)) return -1;
            L->i++;
            if (!emit(L, T_LBRACE, s2, L->line, c2)) return -1;
            m->fields[m->nfield].depth = L->nbr;
            m->fields[m->nfield].in_spec = 0;
            m->nfield++;
            return 0;
        }
        if (c == '}') {
            if (!in_spec) {
                if (at(L, 1) == '}') { L->i += 2; continue; }
                int cc = (int)(L->i - L->bol);
                return lerr(L, PY_ERR_SYNTAX, L->line, cc, L->line, cc + 1,
                            "%s: single '}' is not allowed", what);
            }
            if (emit_middle(L, m, start, line, col)) return -1;
            size_t s2 = L->i;
            int c2 = (int)(L->i - L->bol);
            L->i++;
            if (pop_bracket(L, '}', L->line, c2)) return -1;
            if (!emit(L, T_RBRACE, s2, L->line, c2)) return -1;
            m->nfield--;
            return 0;
        }
        if (c == '\n') newline_at(L, L->i);
        L->i++;
    }
}

typedef struct { const char *s; uint8_t type; } optab;
static const optab ops3[] = {
    {"**=", T_DOUBLESTAREQUAL}, {"...", T_ELLIPSIS}, {"//=", T_DOUBLESLASHEQUAL},
    {"<<=", T_LEFTSHIFTEQUAL}, {">>=", T_RIGHTSHIFTEQUAL},
};
static const optab ops2[] = {
    {"!=", T_NOTEQUAL}, {"%=", T_PERCENTEQUAL}, {"&=", T_AMPEREQUAL}, {"**", T_DOUBLESTAR},
    {"*=", T_STAREQUAL}, {"+=", T_PLUSEQUAL}, {"-=", T_MINEQUAL}, {"->", T_RARROW},
    {"//", T_DOUBLESLASH}, {"/=", T_SLASHEQUAL}, {":=", T_COLONEQUAL}, {"<<", T_LEFTSHIFT},
    {"<=", T_LESSEQUAL}, {"==", T_EQEQUAL}, {">=", T_GREATEREQUAL}, {">>", T_RIGHTSHIFT},
    {"@=", T_ATEQUAL}, {"^=", T_CIRCUMFLEXEQUAL}, {"|=", T_VBAREQUAL},
};

static int op1(int c)
{
    switch (c) {
    case '(': return T_LPAR; case ')': return T_RPAR; case '[': return T_LSQB;
    case ']': return T_RSQB; case ':': return T_COLON; case ',': return T_COMMA;
    case ';': return T_SEMI; case '+': return T_PLUS; case '-': return T_MINUS;
    case '*': return T_STAR; case '/': return T_SLASH; case '|': return T_VBAR;
    case '&': return T_AMPER; case '<': return T_LESS; case '>': return T_GREATER;
    case '=': return T_EQUAL; case '.': return T_DOT; case '%': return T_PERCENT;
    case '{': return T_LBRACE; case '}': return T_RBRACE; case '~': return T_TILDE;
    case '^': return T_CIRCUMFLEX; case '@': return T_AT; case '!': return T_EXCLAMATION;
    default: return -1;
    }
}

static int lex_indent(lexer *L)
{
    int col = 0, alt = 0;
    size_t p = L->i;
    for (; p < L->n; p++) {
        char c = L->s[p];
        if (c == ' ') { col++; alt++; }
        else if (c == '\t') { col = (col / 8 + 1) * 8; alt++; }
        else if (c == '\f') { col = alt = 0; }
        else break;
    }
    L->i = p;
    if (p >= L->n || L->s[p] == '#' || L->s[p] == '\n' || (L->s[p] == '\\' && p + 1 < L->n && L->s[p + 1] == '\n' && 0))
        return 0;   /* blank line: no indentation change */
    if (p + 1 < L->n && L->s[p] == '\\' && L->s[p + 1] == '\n') return 0;
    L->atbol = 0;
    int top = L->ind[L->nind];
    int bc = (int)(p - L->bol);
    if (col == top) {
        if (alt != L->alt[L->nind]) goto tab;
    } else if (col > top) {
        if (L->nind + 1 > MAXINDENT && (L->fatal = 1))
            return lerr(L, PY_ERR_INDENTATION, L->line, bc, L->line, bc + 1, "too many levels of indentation");
        if (alt <= L->alt[L->nind]) goto tab;
        L->nind++;
        L->ind[L->nind] = col;
        L->alt[L->nind] = alt;
        py_tok *t = emit(L, T_INDENT, L->bol, L->line, 0);
        if (!t) return -1;
        t->end_col = bc;
    } else {
        while (L->nind > 0 && col < L->ind[L->nind]) {
            L->nind--;
            py_tok *t = emit(L, T_DEDENT, p, L->line, bc);
            if (!t) return -1;
        }
        if (col != L->ind[L->nind]) {
            size_t e = p;
            while (e < L->n && L->s[e] != '\n') e++;
            int ec = (int)(e - L->bol);
            return lerr(L, PY_ERR_INDENTATION, L->line, ec, L->line, -2,
                        "unindent does not match any outer indentation level");
        }
        if (alt != L->alt[L->nind]) goto tab;
    }
    return 0;
tab:
    return lerr(L, PY_ERR_TAB, L->line, 0, L->line, -1,
                "inconsistent use of tabs and spaces in indentation");
}

static int lex_one(lexer *L)
{
    if (L->nfs > 0) {
        fsmode *m = &L->fs[L->nfs - 1];
        fsfield *f = top_field(m);
        if (!f || (f->in_spec && L->nbr == f->depth)) return lex_fs_literal(L);
    }
    if (L->atbol && L->nbr == 0) {
        if (lex_indent(L)) return -1;
    }
    /* skip whitespace, comments, continuations */
    for (;;) {
        int c = at(L, 0);
        if (c == ' ' || c == '\t' || c == '\f') { L->i++; continue; }
        if (c == '#') {
            while (L->i < L->n && L->s[L->i] != '\n') L->i++;
            continue;
        }
        if (c == '\\') {
            if (at(L, 1) == '\n') {
                newline_at(L, L->i + 1);
                L->i += 2;
                if (L->i >= L->n) {
                    int pl = L->line - 1;
                    size_t b = L->i - 2;
                    while (b > 0 && L->s[b - 1] != '\n') b--;
                    int pc = (int)(L->i - 1 - b);
                    return lerr(L, PY_ERR_SYNTAX, pl, pc, pl, pc, "unexpected EOF while parsing");
                }
                continue;
            }
            int cc = (int)(L->i - L->bol);
            if (L->i + 1 >= L->n)
                return lerr(L, PY_ERR_SYNTAX, L->line, cc + 1, L->line, cc + 1, "unexpected EOF while parsing");
            return lerr(L, PY_ERR_SYNTAX, L->line, cc + 1, L->line, cc + 1,
                        "unexpected character after line continuation character");
        }
        break;
    }
    size_t start = L->i;
    int col = (int)(L->i - L->bol);
    int c = at(L, 0);
    if (c < 0) {
        /* EOF */
        if (L->nbr > 0) {
            int k = L->nbr - 1;
            if (L->nfs > 0)
                return lerr(L, PY_ERR_SYNTAX, L->fs[L->nfs - 1].line, L->fs[L->nfs - 1].col,
                            L->fs[L->nfs - 1].line, L->fs[L->nfs - 1].col + 1,
                            L->fs[L->nfs - 1].triple ? "unterminated triple-quoted %s literal (detected at line %d)"
                                                     : "unterminated %s literal (detected at line %d)",
                            L->fs[L->nfs - 1].tstr ? "t-string" : "f-string", L->line);
            return lerr(L, PY_ERR_SYNTAX, L->br[k].line, L->br[k].col, L->br[k].line,
                        L->br[k].col + 1, "'%c' was never closed", L->br[k].c);
        }
        if (L->line_toks) {
            py_tok *t = emit(L, T_NEWLINE, start, L->line, col);
            if (!t) return -1;
            t->end_col = col + 1;
            L->line_toks = 0;
        }
        while (L->nind > 0) {
            L->nind--;
            if (!emit(L, T_DEDENT, start, L->line, col)) return -1;
        }
        if (!emit(L, T_ENDMARKER, start, L->line, col)) return -1;
        return 1;
    }
    if (c == '\n') {
        L->i++;
        if (L->nbr > 0 || !L->line_toks) {
            newline_at(L, start);
            if (L->nbr == 0) L->atbol = 1;
            return 0;
        }
        py_tok *t = emit(L, T_NEWLINE, start, L->line, col);
        if (!t) return -1;
        L->line_toks = 0;
        newline_at(L, start);
        L->atbol = 1;
        return 0;
    }
    if (is_idbyte(c) && !(c >= '0' && c <= '9')) {
        /* string prefix? */
        size_t p = L->i;
        while (p < L->n && p - L->i < 3 && ((L->s[p] | 32) >= 'a' && (L->s[p] | 32) <= 'z')) p++;
        if (p < L->n && (L->s[p] == '\'' || L->s[p] == '"')) {
            int fl = prefix_flags(L->s + L->i, p - L->i);
            if (fl >= 0) {
                L->i = p;
                return lex_string(L, start, fl);
            }
        }
        return lex_name(L);
    }
    if ((c >= '0' && c <= '9') || (c == '.' && isdec(at(L, 1)))) return lex_number(L);
    if (c == '\'' || c == '"') return lex_string(L, start, 0);
    /* operators */
    for (size_t k = 0; k < sizeof ops3 / sizeof ops3[0]; k++)
        if (L->i + 3 <= L->n && !memcmp(L->s + L->i, ops3[k].s, 3)) {
            L->i += 3;
            return emit(L, ops3[k].type, start, L->line, col) ? 0 : -1;
        }
    /* inside an f-string replacement field at top level, ':' and '!' and
     * '}' are special */
    fsfield *f = NULL;
    if (L->nfs > 0) {
        f = top_field(&L->fs[L->nfs - 1]);
        if (f && (f->in_spec || L->nbr != f->depth)) f = NULL;
    }
    if (f && c == ':' ) {
        L->i++;
        if (!emit(L, T_COLON, start, L->line, col)) return -1;
        f->in_spec = 1;
        return 0;
    }
    if (f && c == '!' && at(L, 1) != '=') {
        L->i++;
        return emit(L, T_EXCLAMATION, start, L->line, col) ? 0 : -1;
    }
    for (size_t k = 0; k < sizeof ops2 / sizeof ops2[0]; k++)
        if (L->i + 2 <= L->n && L->s[L->i] == ops2[k].s[0] && L->s[L->i + 1] == ops2[k].s[1]) {
            L->i += 2;
            return emit(L, ops2[k].type, start, L->line, col) ? 0 : -1;
        }
    int t = op1(c);
    if (t < 0 || (t == T_EXCLAMATION && !f)) return bad_char(L, L->i);
    if (c == '(' || c == '[' || c == '{') {
        if (push_bracket(L, (char)c, L->line, col)) return -1;
    } else if (c == ')' || c == ']' || c == '}') {
        if (pop_bracket(L, (char)c, L->line, col)) return -1;
        if (c == '}' && L->nfs > 0) {
            fsmode *m = &L->fs[L->nfs - 1];
            fsfield *tf = top_field(m);
            if (tf && L->nbr == tf->depth - 1) m->nfield--;
        }
    }
    L->i++;
    return emit(L, t, start, L->line, col) ? 0 : -1;
}

int py_lex(sk_arena *ar, const char *src, size_t len, py_toks *out,
           uint64_t *fuel, py_syntax_error *err)
{
    lexer L;
    memset(&L, 0, sizeof L);
    L.ar = ar;
    L.err = err;
    L.fuel = fuel;
    out->deferred = 0;
    L.line = 1;
    L.atbol = 1;
    /* skip a UTF-8 BOM; normalise newlines; reject NUL */
    if (len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3)) { src += 3; len -= 3; }
    if (memchr(src, 0, len))
        return lerr(&L, PY_ERR_SYNTAX, 0, -1, 0, -1, "source code cannot contain null bytes");
    char *copy = sk_arena_alloc(ar, len + 2);
    if (!copy) return nomem(&L);
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (src[i] == '\r') {
            copy[k++] = '\n';
            if (i + 1 < len && src[i + 1] == '\n') i++;
        } else copy[k++] = src[i];
    }
    copy[k] = 0;
    L.s = copy;
    L.n = k;
    out->src = copy;
    out->len = k;
    L.fs = sk_arena_alloc(ar, MAXFSTRING * sizeof *L.fs);
    if (!L.fs) return nomem(&L);
    for (;;) {
        int r = lex_one(&L);
        if (r < 0) {
            if (err && err->kind == PY_ERR_NONE) nomem(&L);
            if (err->kind == PY_ERR_LIMIT || err->kind == PY_ERR_MEMORY || L.fatal) return -1;
            /* defer: end the stream with an error token */
            if (L.nv == L.cap) {
                size_t nc = L.cap ? L.cap + 1 : 1;
                py_tok *nv = sk_arena_alloc(ar, nc * sizeof *nv);
                if (!nv) { err->kind = PY_ERR_NONE; nomem(&L); return -1; }
                if (L.nv) memcpy(nv, L.v, L.nv * sizeof *nv);
                L.v = nv;
                L.cap = nc;
            }
            py_tok *t = &L.v[L.nv++];
            memset(t, 0, sizeof *t);
            t->type = T_ERRORTOKEN;
            t->lineno = t->end_lineno = err->lineno > 0 ? err->lineno : L.line;
            t->start = t->end = (uint32_t)(L.i < L.n ? L.i : L.n);
            out->deferred = 1;
            break;
        }
        if (r == 1) break;
    }
    out->v = L.v;
    out->n = L.nv;
    return 0;
}
