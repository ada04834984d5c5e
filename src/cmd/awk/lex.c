/* lex.c — the awk tokenizer.  See lex.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

awk_str *awk_const_str(awk_interp *in, const char *p, size_t n)
{
    awk_str *s = sk_arena_alloc(&in->ar, sizeof *s + n + 1);
    if (!s) return NULL;
    s->refs = (size_t)1 << 60;   /* immortal: never reaches zero */
    s->len = n;
    s->cap = n;
    if (n) memcpy(s->s, p, n);
    s->s[n] = 0;
    return s;
}

typedef struct kw { const char *name; int tok; } kw;

static const kw keywords[] = {
    { "BEGIN", T_BEGIN }, { "BEGINFILE", T_BEGINFILE }, { "END", T_END },
    { "ENDFILE", T_ENDFILE }, { "break", T_BREAK }, { "case", T_CASE },
    { "continue", T_CONTINUE }, { "default", T_DEFAULT }, { "delete", T_DELETE },
    { "do", T_DO }, { "else", T_ELSE }, { "exit", T_EXIT }, { "for", T_FOR },
    { "func", T_FUNCTION }, { "function", T_FUNCTION }, { "getline", T_GETLINE },
    { "if", T_IF }, { "in", T_IN }, { "next", T_NEXT }, { "nextfile", T_NEXTFILE },
    { "print", T_PRINT }, { "printf", T_PRINTF }, { "return", T_RETURN },
    { "switch", T_SWITCH }, { "while", T_WHILE },
};

void awk_lex_init(awk_lexer *lx, awk_interp *in, const char *src, size_t len)
{
    memset(lx, 0, sizeof *lx);
    lx->in = in;
    lx->src = src;
    lx->len = len;
    lx->line = 1;
    lx->tok = T_NEWLINE;
    uint64_t fuel = in->c->lim ? in->c->lim->max_parser_operations : 0;
    lx->fuel = fuel ? fuel : (uint64_t)-1;
}

static int err(awk_lexer *lx, const char *msg)
{
    snprintf(lx->err, sizeof lx->err, "%s", msg);
    lx->tok = T_ERROR;
    return T_ERROR;
}

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF) cp = 0xFFFD;
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

size_t awk_unescape(awk_interp *in, const char *p, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c != '\\' || i + 1 >= n) { out[o++] = c; continue; }
        c = p[++i];
        switch (c) {
        case 'n': out[o++] = '\n'; break;
        case 't': out[o++] = '\t'; break;
        case 'r': out[o++] = '\r'; break;
        case 'a': out[o++] = '\a'; break;
        case 'b': out[o++] = '\b'; break;
        case 'f': out[o++] = '\f'; break;
        case 'v': out[o++] = '\v'; break;
        case '\\': out[o++] = '\\'; break;
        case '"': out[o++] = '"'; break;
        case '/': out[o++] = '/'; break;
        case '\n': break;   /* continuation inside a string */
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            int v = 0, k = 0;
            while (k < 3 && i < n && p[i] >= '0' && p[i] <= '7') { v = v * 8 + (p[i] - '0'); i++; k++; }
            i--;
            out[o++] = (char)v;
            break;
        }
        case 'x': {
            int v = 0, k = 0;
            while (k < 2 && i + 1 < n && hexval((unsigned char)p[i + 1]) >= 0) { v = v * 16 + hexval((unsigned char)p[++i]); k++; }
            if (!k) {
                awk_warning(in, "no hex digits in `\\x' escape sequence");
                out[o++] = 'x';
            } else {
                out[o++] = (char)v;
            }
            break;
        }
        case 'u': {
            unsigned long v = 0;
            int k = 0;
            while (k < 8 && i + 1 < n && hexval((unsigned char)p[i + 1]) >= 0) { v = v * 16 + (unsigned long)hexval((unsigned char)p[++i]); k++; }
            if (!k) out[o++] = 'u';
            else o += put_utf8(out + o, v);
            break;
        }
        default:
            awk_warning(in, "escape sequence `\\%c' treated as plain `%c'", c, c);
            out[o++] = c;
            break;
        }
    }
    return o;
}

static int lex_string(awk_lexer *lx)
{
    size_t start = lx->pos;   /* after the opening quote */
    size_t i = start;
    while (i < lx->len && lx->src[i] != '"') {
        if (lx->src[i] == '\\' && i + 1 < lx->len) {
            if (lx->src[i + 1] == '\n') lx->line++;
            i += 2;
            continue;
        }
        if (lx->src[i] == '\n') return err(lx, "unterminated string");
        i++;
    }
    if (i >= lx->len) return err(lx, "unterminated string");
    size_t raw = i - start;
    /* \u may expand 2 bytes ("\u") into up to 4 */
    char *tmp = sk_malloc(lx->in->a, raw * 2 + 8);
    if (!tmp) return err(lx, "out of memory");
    size_t n = awk_unescape(lx->in, lx->src + start, raw, tmp);
    lx->str = awk_const_str(lx->in, tmp, n);
    sk_free(lx->in->a, tmp);
    if (!lx->str) return err(lx, "out of memory");
    lx->pos = i + 1;
    return lx->tok = T_STRING;
}

static int lex_number(awk_lexer *lx)
{
    const char *s = lx->src + lx->pos;
    size_t n = lx->len - lx->pos;
    /* gawk: hex and octal constants in program text */
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hexval((unsigned char)s[2]) >= 0) {
        double v = 0;
        size_t i = 2;
        while (i < n && hexval((unsigned char)s[i]) >= 0) v = v * 16 + hexval((unsigned char)s[i++]);
        lx->num = v;
        lx->pos += i;
        return lx->tok = T_NUMBER;
    }
    if (n > 1 && s[0] == '0' && is_digit((unsigned char)s[1])) {
        size_t i = 1;
        int octal = 1;
        while (i < n && is_digit((unsigned char)s[i])) { if (s[i] > '7') octal = 0; i++; }
        if (octal && (i >= n || (s[i] != '.' && s[i] != 'e' && s[i] != 'E'))) {
            double v = 0;
            for (size_t j = 1; j < i; j++) v = v * 8 + (s[j] - '0');
            lx->num = v;
            lx->pos += i;
            return lx->tok = T_NUMBER;
        }
    }
    size_t end;
    lx->num = awk_strtonum(s, n, &end);
    if (end == 0) return err(lx, "syntax error");
    lx->pos += end;
    return lx->tok = T_NUMBER;
}

int awk_lex_next(awk_lexer *lx)
{
    if (lx->fuel-- == 0) return err(lx, "program too large (parser operations limit)");
    const char *s = lx->src;
    for (;;) {
        while (lx->pos < lx->len && (s[lx->pos] == ' ' || s[lx->pos] == '\t' || s[lx->pos] == '\r' ||
                                     s[lx->pos] == '\f' || s[lx->pos] == '\v'))
            lx->pos++;
        if (lx->pos + 1 < lx->len && s[lx->pos] == '\\' && s[lx->pos + 1] == '\n') {
            lx->pos += 2;
            lx->line++;
            continue;
        }
        if (lx->pos + 2 < lx->len && s[lx->pos] == '\\' && s[lx->pos + 1] == '\r' && s[lx->pos + 2] == '\n') {
            lx->pos += 3;
            lx->line++;
            continue;
        }
        if (lx->pos < lx->len && s[lx->pos] == '#') {
            while (lx->pos < lx->len && s[lx->pos] != '\n') lx->pos++;
            continue;
        }
        break;
    }
    lx->tok_start = lx->pos;
    lx->tok_line = lx->line;
    if (lx->pos >= lx->len) return lx->tok = T_EOF;
    int c = (unsigned char)s[lx->pos++];
    int d = lx->pos < lx->len ? (unsigned char)s[lx->pos] : 0;
#define TWO(ch, t2, t1) do { if (d == (ch)) { lx->pos++; return lx->tok = (t2); } return lx->tok = (t1); } while (0)
    switch (c) {
    case '\n': lx->line++; return lx->tok = T_NEWLINE;
    case '{': return lx->tok = T_LBRACE;
    case '}': return lx->tok = T_RBRACE;
    case '(': return lx->tok = T_LPAREN;
    case ')': return lx->tok = T_RPAREN;
    case '[': return lx->tok = T_LBRACKET;
    case ']': return lx->tok = T_RBRACKET;
    case ';': return lx->tok = T_SEMI;
    case ',': return lx->tok = T_COMMA;
    case '?': return lx->tok = T_QUESTION;
    case ':': return lx->tok = T_COLON;
    case '$': return lx->tok = T_DOLLAR;
    case '~': return lx->tok = T_MATCH;
    case '"': return lex_string(lx);
    case '+':
        if (d == '+') { lx->pos++; return lx->tok = T_INCR; }
        TWO('=', T_ADD_ASSIGN, T_PLUS);
    case '-':
        if (d == '-') { lx->pos++; return lx->tok = T_DECR; }
        TWO('=', T_SUB_ASSIGN, T_MINUS);
    case '*':
        if (d == '*') {
            lx->pos++;
            if (lx->pos < lx->len && s[lx->pos] == '=') { lx->pos++; return lx->tok = T_POW_ASSIGN; }
            return lx->tok = T_CARET;
        }
        TWO('=', T_MUL_ASSIGN, T_STAR);
    case '/': TWO('=', T_DIV_ASSIGN, T_SLASH);
    case '%': TWO('=', T_MOD_ASSIGN, T_PERCENT);
    case '^': TWO('=', T_POW_ASSIGN, T_CARET);
    case '=': TWO('=', T_EQ, T_ASSIGN);
    case '!':
        if (d == '~') { lx->pos++; return lx->tok = T_NOMATCH; }
        TWO('=', T_NE, T_NOT);
    case '<': TWO('=', T_LE, T_LT);
    case '>':
        if (d == '>') { lx->pos++; return lx->tok = T_APPEND; }
        TWO('=', T_GE, T_GT);
    case '&':
        if (d == '&') { lx->pos++; return lx->tok = T_AND; }
        return err(lx, "syntax error");
    case '|':
        if (d == '|') { lx->pos++; return lx->tok = T_OR; }
        TWO('&', T_PIPE_AMP, T_PIPE);
    default: break;
    }
#undef TWO
    if (is_digit(c) || (c == '.' && is_digit(d))) {
        lx->pos--;
        return lex_number(lx);
    }
    if (is_alpha(c)) {
        size_t start = lx->pos - 1;
        while (lx->pos < lx->len && (is_alpha((unsigned char)s[lx->pos]) || is_digit((unsigned char)s[lx->pos])))
            lx->pos++;
        lx->name = s + start;
        lx->namelen = lx->pos - start;
        size_t lo = 0, hi = sizeof keywords / sizeof keywords[0];
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            int r = strncmp(lx->name, keywords[mid].name, lx->namelen);
            if (r == 0 && keywords[mid].name[lx->namelen]) r = -1;
            if (r == 0) return lx->tok = keywords[mid].tok;
            if (r < 0) hi = mid; else lo = mid + 1;
        }
        const awk_builtin_info *b = awk_builtin_lookup(lx->name, lx->namelen);
        if (b) {
            lx->builtin = b->id;
            return lx->tok = T_BUILTIN;
        }
        if (lx->pos < lx->len && s[lx->pos] == '(') return lx->tok = T_FUNC_NAME;
        return lx->tok = T_NAME;
    }
    char msg[64];
    if (c >= 32 && c < 127) snprintf(msg, sizeof msg, "invalid char '%c' in expression", c);
    else snprintf(msg, sizeof msg, "invalid char '\\%03o' in expression", c);
    return err(lx, msg);
}

int awk_lex_regex(awk_lexer *lx)
{
    size_t i = lx->tok_start + 1;   /* after the opening slash */
    const char *s = lx->src;
    sk_buf b = SK_BUF_INIT(lx->in->a);
    int in_bracket = 0;
    for (;;) {
        if (i >= lx->len || s[i] == '\n') {
            sk_buf_free(&b);
            return err(lx, i >= lx->len ? "unterminated regexp" : "newline in regexp");
        }
        char c = s[i];
        if (c == '\\' && i + 1 < lx->len) {
            if (s[i + 1] == '/') {
                sk_buf_putc(&b, '/');
            } else if (s[i + 1] == '\n') {
                lx->line++;
            } else {
                sk_buf_putc(&b, '\\');
                sk_buf_putc(&b, s[i + 1]);
            }
            i += 2;
            continue;
        }
        if (in_bracket) {
            if (c == '[' && i + 1 < lx->len && (s[i + 1] == ':' || s[i + 1] == '.' || s[i + 1] == '=')) {
                char close = s[i + 1];
                size_t j = i + 2;
                while (j + 1 < lx->len && s[j] != '\n' && !(s[j] == close && s[j + 1] == ']')) j++;
                if (j + 1 < lx->len && s[j] == close && s[j + 1] == ']') {
                    sk_buf_put(&b, s + i, j + 2 - i);
                    i = j + 2;
                    continue;
                }
            }
            if (c == ']' && in_bracket > 1) { in_bracket = 0; sk_buf_putc(&b, c); i++; continue; }
            in_bracket++;
            sk_buf_putc(&b, c);
            i++;
            continue;
        }
        if (c == '/') break;
        if (c == '[') {
            in_bracket = 1;
            sk_buf_putc(&b, c);
            i++;
            /* a leading ^ and a leading ] are part of the set */
            if (i < lx->len && s[i] == '^') { sk_buf_putc(&b, '^'); i++; }
            if (i < lx->len && s[i] == ']') { sk_buf_putc(&b, ']'); i++; }
            in_bracket = 2;
            continue;
        }
        sk_buf_putc(&b, c);
        i++;
    }
    lx->str = awk_const_str(lx->in, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    if (!lx->str) return err(lx, "out of memory");
    lx->pos = i + 1;
    return lx->tok = T_ERE;
}
