/* jqv_json.c — JSON parser and printer with jq 1.7's messages, number
 * literals and layout.  The parser keeps its nesting on an explicit
 * stack (limit 256, as jq); the printer recurses at most 257 levels. */
#include "jv_json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers --------------------------------------------------------------- */

static int ci_eq(const char *s, size_t n, const char *w)
{
    size_t m = strlen(w);
    if (n != m) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (c != w[i]) return 0;
    }
    return 1;
}

/* Would printing the double give back exactly this literal?  Then there
 * is no need to keep the literal. */
static int lit_is_plain(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '-') i++;
    size_t ist = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    size_t intlen = i - ist;
    if (intlen == 0) return 0;
    if (intlen > 1 && s[ist] == '0') return 0;
    if (ist == 1 && intlen == 1 && s[ist] == '0' && i == n) return 0;   /* "-0" */
    size_t sig = s[ist] == '0' ? 0 : intlen;
    if (i == n) return sig <= 15;
    if (s[i] != '.') return 0;
    i++;
    size_t fst = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i != n || i == fst || s[n - 1] == '0') return 0;
    if (sig == 0) {
        size_t z = fst;
        while (z < n && s[z] == '0') z++;
        if (z - fst >= 4) return 0;
        sig = n - z;
        if (ist == 1) return 0;    /* keep "-0.5"-style literals simple: fine either way */
    } else sig += n - fst;
    return sig <= 15;
}

int jqv_parse_number(jvh *h, const char *s, size_t n, jv *out)
{
    size_t i = 0;
    int neg = 0;
    if (n == 0) return -1;
    if (s[0] == '-' || s[0] == '+') { neg = s[0] == '-'; i++; }
    const char *r = s + i;
    size_t rn = n - i;
    if (ci_eq(r, rn, "nan") || ci_eq(r, rn, "snan")) { *out = jqv_number(NAN); return 0; }
    if (ci_eq(r, rn, "inf") || ci_eq(r, rn, "infinity")) { *out = jqv_number(neg ? -INFINITY : INFINITY); return 0; }
    size_t digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
    }
    if (!digits) return -1;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '-' || s[i] == '+')) i++;
        size_t ed = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') { i++; ed++; }
        if (!ed) return -1;
    }
    if (i != n) return -1;
    char tmp[64];
    char *z = n < sizeof tmp ? tmp : sk_malloc(h->a, n + 1);
    if (!z) { h->oom = 1; return -1; }
    memcpy(z, s, n);
    z[n] = 0;
    double d = strtod(z, NULL);
    if (z != tmp) sk_free(h->a, z);
    if (lit_is_plain(s, n)) *out = jqv_number(d);
    else *out = jqv_numlit(h, s[0] == '+' ? s + 1 : s, s[0] == '+' ? n - 1 : n, d);
    return 0;
}

/* ---- parser ---------------------------------------------------------------- */

void jqv_parser_init(jqv_parser *p, jvh *h)
{
    memset(p, 0, sizeof *p);
    p->h = h;
    p->line = 1;
    sk_buf_init(&p->tmp, h->a);
}

void jqv_parser_free(jqv_parser *p)
{
    sk_free(p->h->a, p->stack);
    p->stack = NULL;
    sk_buf_free(&p->tmp);
}

void jqv_parser_set(jqv_parser *p, const char *buf, size_t len, int eof)
{
    p->buf = buf;
    p->len = len;
    p->pos = 0;
    p->eof = eof;
}

typedef struct pstate {
    jqv_parser *p;
    size_t sp;            /* stack depth */
    jv next;              /* completed value waiting for a separator */
    long line, col;
} pstate;

static const char *push(pstate *s, jv c)
{
    jqv_parser *p = s->p;
    if (s->sp >= JV_PARSE_MAX_DEPTH) { jqv_free(p->h, c); return "Exceeds depth limit for parsing"; }
    if (s->sp == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 16;
        jqv_frame *n = sk_realloc(p->h->a, p->stack, cap * sizeof *n);
        if (!n) { p->h->oom = 1; jqv_free(p->h, c); return "Out of memory"; }
        p->stack = n;
        p->cap = cap;
    }
    p->stack[s->sp].c = c;
    p->stack[s->sp].key = jqv_none();
    s->sp++;
    return NULL;
}

static const char *value(pstate *s, jv v)
{
    if (s->next.kind != JV_NONE) { jqv_free(s->p->h, v); return "Expected separator between values"; }
    s->next = v;
    return NULL;
}

static const char *token(pstate *s, char ch)
{
    jvh *h = s->p->h;
    jqv_frame *top = s->sp ? &s->p->stack[s->sp - 1] : NULL;
    switch (ch) {
    case '[':
        if (s->next.kind != JV_NONE) return "Expected separator between values";
        return push(s, jqv_array(h));
    case '{':
        if (s->next.kind != JV_NONE) return "Expected separator between values";
        return push(s, jqv_object(h));
    case ':':
        if (!top || top->c.kind != JV_OBJECT || top->key.kind != JV_NONE) return "':' not as part of an object";
        if (s->next.kind == JV_NONE) return "Expected string key before ':'";
        if (s->next.kind != JV_STRING) return "Object keys must be strings";
        top->key = s->next;
        s->next = jqv_none();
        return NULL;
    case ',':
        if (s->next.kind == JV_NONE) return "Expected value before ','";
        if (!top) return "',' not as part of an object or array";
        if (top->c.kind == JV_ARRAY) {
            top->c = jqv_array_append(h, top->c, s->next);
            s->next = jqv_none();
        } else if (top->key.kind == JV_STRING) {
            top->c = jqv_object_set(h, top->c, top->key, s->next);
            top->key = jqv_none();
            s->next = jqv_none();
        } else return "Objects must consist of key:value pairs";
        return NULL;
    case ']':
        if (!top || top->c.kind != JV_ARRAY) return "Unmatched ']'";
        if (s->next.kind != JV_NONE) {
            top->c = jqv_array_append(h, top->c, s->next);
            s->next = jqv_none();
        } else if (top->c.kind == JV_ARRAY && jqv_array_len(top->c) != 0) {
            return "Expected another array element";
        }
        s->next = top->c;
        s->sp--;
        return NULL;
    case '}':
        if (!top) return "Unmatched '}'";
        if (s->next.kind != JV_NONE) {
            if (top->c.kind != JV_OBJECT || top->key.kind != JV_STRING) return "Objects must consist of key:value pairs";
            top->c = jqv_object_set(h, top->c, top->key, s->next);
            top->key = jqv_none();
            s->next = jqv_none();
        } else {
            if (top->c.kind != JV_OBJECT || top->key.kind != JV_NONE) return "Unmatched '}'";
            if (jqv_object_len(top->c) != 0) return "Expected another key-value pair";
        }
        s->next = top->c;
        s->sp--;
        return NULL;
    }
    return NULL;
}

static const char *check_literal(pstate *s, const char *t, size_t n)
{
    if (n == 0) return NULL;
    const char *pattern = NULL;
    jv v = jqv_null();
    switch (t[0]) {
    case 't': pattern = "true"; v = jqv_true(); break;
    case 'f': pattern = "false"; v = jqv_false(); break;
    case '\'': return "Invalid string literal; expected \", but got '";
    case 'n':
        if (n == 3) { pattern = "nan"; v = jqv_number(NAN); }
        else { pattern = "null"; v = jqv_null(); }
        break;
    }
    if (pattern) {
        if (n != strlen(pattern) || memcmp(t, pattern, n)) return "Invalid literal";
        return value(s, v);
    }
    if (jqv_parse_number(s->p->h, t, n, &v)) return "Invalid numeric literal";
    return value(s, v);
}

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

/* The body of a string literal (between the quotes) to a value. */
static const char *found_string(pstate *s, const char *in, size_t n)
{
    jqv_parser *p = s->p;
    sk_buf *b = &p->tmp;
    sk_buf_clear(b);
    const char *end = in + n;
    /* fast path: nothing to unescape */
    int plain = 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c == '\\' || (c > 0 && c < 0x1f)) { plain = 0; break; }
    }
    if (plain) return value(s, jqv_string(p->h, in, n));
    while (in < end) {
        char c = *in++;
        if (c == '\\') {
            if (in >= end) return "Expected escape character at end of string";
            c = *in++;
            char o;
            switch (c) {
            case '\\': case '"': case '/': o = c; break;
            case 'b': o = '\b'; break;
            case 'f': o = '\f'; break;
            case 't': o = '\t'; break;
            case 'n': o = '\n'; break;
            case 'r': o = '\r'; break;
            case 'u': {
                if (in + 4 > end) return "Invalid \\uXXXX escape";
                unsigned cp;
                if (!hex4(in, &cp)) return "Invalid characters in \\uXXXX escape";
                in += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    unsigned lo;
                    if (in + 6 > end || in[0] != '\\' || in[1] != 'u' || !hex4(in + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
                        return "Invalid \\uXXXX\\uXXXX surrogate pair escape";
                    in += 6;
                    cp = 0x10000 + (((cp - 0xD800) << 10) | (lo - 0xDC00));
                }
                if (cp > 0x10FFFF || (cp >= 0xDC00 && cp <= 0xDFFF)) cp = 0xFFFD;
                char u[4];
                int l = jqv_utf8_encode(cp, u);
                if (sk_buf_put(b, u, (size_t)l)) { p->h->oom = 1; return "Out of memory"; }
                continue;
            }
            default: return "Invalid escape";
            }
            if (sk_buf_putc(b, o)) { p->h->oom = 1; return "Out of memory"; }
        } else {
            if (c > 0 && c < 0x1f) return "Invalid string: control characters from U+0000 through U+001F must be escaped";
            if (sk_buf_putc(b, c)) { p->h->oom = 1; return "Out of memory"; }
        }
    }
    return value(s, jqv_string(p->h, b->p ? b->p : "", b->len));
}

static void pstate_drop(pstate *s)
{
    jvh *h = s->p->h;
    for (size_t i = 0; i < s->sp; i++) {
        jqv_free(h, s->p->stack[i].c);
        jqv_free(h, s->p->stack[i].key);
    }
    s->sp = 0;
    jqv_free(h, s->next);
    s->next = jqv_none();
}

static int perr(pstate *s, jv *out, const char *msg, int at_eof)
{
    jqv_parser *p = s->p;
    *out = jqv_string_fmt(p->h, "%s%s at line %ld, column %ld", msg, at_eof ? " at EOF" : "", s->line, s->col);
    pstate_drop(s);
    /* consume everything: jq stops reading this input after an error */
    p->pos = p->len;
    p->line = s->line;
    p->col = s->col;
    return JV_PARSE_ERROR;
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static int is_struct(char c) { return c == '[' || c == ',' || c == ']' || c == '{' || c == ':' || c == '}'; }

int jqv_parser_next(jqv_parser *p, jv *out)
{
    pstate s = { p, 0, jqv_none(), p->line, p->col };
    const char *b = p->buf;
    size_t i = p->pos, n = p->len;
    if (!p->started) {
        if (n - i < 3 && !p->eof && n - i > 0 && (unsigned char)b[i] == 0xEF) return JV_PARSE_MORE;
        if (n - i >= 3 && (unsigned char)b[i] == 0xEF && (unsigned char)b[i + 1] == 0xBB && (unsigned char)b[i + 2] == 0xBF)
            i += 3;
        if (n > i || p->eof) p->started = 1;
    }
    size_t lit = 0;           /* start of a pending literal token */
    int inlit = 0;
    const char *msg;
    while (i < n) {
        char c = b[i++];
        s.col++;
        if (c == '\n') { s.line++; s.col = 0; }
        if (inlit) {
            if (!is_ws(c) && !is_struct(c) && c != '"') continue;
            inlit = 0;
            if ((msg = check_literal(&s, b + lit, i - 1 - lit))) return perr(&s, out, msg, 0);
        }
        if (is_ws(c)) {
            /* nothing */
        } else if (c == '"') {
            size_t st = i;
            int esc = 0;
            for (;;) {
                if (i >= n) {
                    if (!p->eof) { pstate_drop(&s); return JV_PARSE_MORE; }
                    return perr(&s, out, "Unfinished string", 1);
                }
                char d = b[i++];
                s.col++;
                if (d == '\n') { s.line++; s.col = 0; }
                if (esc) esc = 0;
                else if (d == '\\') esc = 1;
                else if (d == '"') break;
            }
            if ((msg = found_string(&s, b + st, i - 1 - st))) return perr(&s, out, msg, 0);
        } else if (is_struct(c)) {
            if ((msg = token(&s, c))) return perr(&s, out, msg, 0);
        } else {
            inlit = 1;
            lit = i - 1;
        }
        if (s.sp == 0 && s.next.kind != JV_NONE) {
            if (p->h->oom) { pstate_drop(&s); *out = jqv_string_raw(p->h, "Out of memory", 13); return JV_PARSE_ERROR; }
            *out = s.next;
            p->pos = i;
            p->line = s.line;
            p->col = s.col;
            return JV_PARSE_VALUE;
        }
    }
    if (!p->eof) { pstate_drop(&s); return JV_PARSE_MORE; }
    if (inlit && (msg = check_literal(&s, b + lit, i - lit))) return perr(&s, out, msg, 1);
    if (s.sp) return perr(&s, out, "Unfinished JSON term", 1);
    p->pos = i;
    p->line = s.line;
    p->col = s.col;
    if (s.next.kind != JV_NONE) { *out = s.next; return JV_PARSE_VALUE; }
    return JV_PARSE_END;
}

jv jqv_parse_text(jvh *h, const char *s, size_t n, jv *err)
{
    jqv_parser p;
    jqv_parser_init(&p, h);
    jqv_parser_set(&p, s, n, 1);
    jv v, extra;
    int r = jqv_parser_next(&p, &v);
    jv res = jqv_none();
    *err = jqv_none();
    if (r == JV_PARSE_VALUE) {
        int r2 = jqv_parser_next(&p, &extra);
        if (r2 == JV_PARSE_VALUE) {
            jqv_free(h, extra);
            jqv_free(h, v);
            *err = jqv_string_fmt(h, "Unexpected extra JSON values (while parsing '%.*s')", (int)n, s);
        } else if (r2 == JV_PARSE_ERROR) {
            jqv_free(h, v);
            *err = jqv_string_fmt(h, "%s (while parsing '%.*s')", jqv_str_p(extra), (int)n, s);
            jqv_free(h, extra);
        } else res = v;
    } else if (r == JV_PARSE_ERROR) {
        *err = jqv_string_fmt(h, "%s (while parsing '%.*s')", v.kind == JV_STRING ? jqv_str_p(v) : "?", (int)n, s);
        jqv_free(h, v);
    } else {
        *err = jqv_string_fmt(h, "Expected JSON value (while parsing '%.*s')", (int)n, s);
    }
    jqv_parser_free(&p);
    return res;
}

/* ---- printer ---------------------------------------------------------------- */

/* Shortest digits that round-trip: try 15, 16, 17 significant digits. */
size_t jqv_format_double(double d, char *buf)
{
    if (isnan(d)) { memcpy(buf, "null", 5); return 4; }
    if (isinf(d)) d = d > 0 ? 1.7976931348623157e308 : -1.7976931348623157e308;
    if (d == 0) {
        if (signbit(d)) { memcpy(buf, "-0", 3); return 2; }
        memcpy(buf, "0", 2);
        return 1;
    }
    if (d == floor(d) && fabs(d) < 1e15) {
        long long v = (long long)d;
        char tmp[24];
        size_t n = 0, o = 0;
        unsigned long long u = v < 0 ? (unsigned long long)(-v) : (unsigned long long)v;
        do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
        if (v < 0) buf[o++] = '-';
        while (n) buf[o++] = tmp[--n];
        buf[o] = 0;
        return o;
    }
    char e[40];
    int prec;
    for (prec = 15; prec <= 17; prec++) {
        snprintf(e, sizeof e, "%.*e", prec - 1, d);
        if (prec == 17 || strtod(e, NULL) == d) break;
    }
    /* e = [-]D.DDDDe[+-]XX */
    char digits[24];
    int nd = 0, neg = 0;
    const char *q = e;
    if (*q == '-') { neg = 1; q++; }
    for (; *q && *q != 'e'; q++)
        if (*q != '.') digits[nd++] = *q;
    int ex = atoi(q + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    int decpt = ex + 1;
    size_t o = 0;
    if (neg) buf[o++] = '-';
    if (decpt <= -4 || decpt > nd + 15) {
        buf[o++] = digits[0];
        if (nd > 1) {
            buf[o++] = '.';
            memcpy(buf + o, digits + 1, (size_t)nd - 1);
            o += (size_t)nd - 1;
        }
        o += (size_t)sprintf(buf + o, "e%c%02d", ex < 0 ? '-' : '+', ex < 0 ? -ex : ex);
    } else if (decpt <= 0) {
        buf[o++] = '0';
        buf[o++] = '.';
        for (int z = 0; z < -decpt; z++) buf[o++] = '0';
        memcpy(buf + o, digits, (size_t)nd);
        o += (size_t)nd;
    } else if (decpt >= nd) {
        memcpy(buf + o, digits, (size_t)nd);
        o += (size_t)nd;
        for (int z = nd; z < decpt; z++) buf[o++] = '0';
    } else {
        memcpy(buf + o, digits, (size_t)decpt);
        o += (size_t)decpt;
        buf[o++] = '.';
        memcpy(buf + o, digits + decpt, (size_t)(nd - decpt));
        o += (size_t)(nd - decpt);
    }
    buf[o] = 0;
    return o;
}

size_t jqv_format_number(jv v, char *buf, size_t cap)
{
    if (v.lit) {
        if (cap < v.u.l->len + 32) return jqv_format_double(v.u.l->d, buf);
        double d = v.u.l->d;
        if (isinf(d) && !strchr(v.u.l->p, 'e') && !strchr(v.u.l->p, 'E')) return jqv_format_double(d, buf);
        return jqv_numlit_canon(v.u.l->p, v.u.l->len, buf);
    }
    return jqv_format_double(v.u.n, buf);
}

int jqv_dump_string_body(sk_buf *out, const char *p, size_t n, int ascii)
{
    static const char hex[] = "0123456789abcdef";
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f && (c < 0x80 || !ascii)) continue;
        if (sk_buf_put(out, p + run, i - run)) return -1;
        char e[16];
        size_t el = 2;
        e[0] = '\\';
        switch (c) {
        case '"': e[1] = '"'; break;
        case '\\': e[1] = '\\'; break;
        case '\b': e[1] = 'b'; break;
        case '\f': e[1] = 'f'; break;
        case '\n': e[1] = 'n'; break;
        case '\r': e[1] = 'r'; break;
        case '\t': e[1] = 't'; break;
        default:
            if (c < 0x80) {
                e[1] = 'u'; e[2] = '0'; e[3] = '0'; e[4] = hex[c >> 4]; e[5] = hex[c & 15];
                el = 6;
            } else {
                uint32_t cp;
                int l = jqv_utf8_decode(p + i, n - i, &cp);
                i += (size_t)l - 1;
                if (cp >= 0x10000) {
                    uint32_t v = cp - 0x10000, hi = 0xD800 | (v >> 10), lo = 0xDC00 | (v & 0x3ff);
                    el = (size_t)snprintf(e, sizeof e, "\\u%04x\\u%04x", hi, lo);
                } else el = (size_t)snprintf(e, sizeof e, "\\u%04x", cp);
            }
        }
        if (sk_buf_put(out, e, el)) return -1;
        run = i + 1;
    }
    return sk_buf_put(out, p + run, n - run);
}

#define COL_RESET "\033[0m"
static const char *const default_colors[8] = {
    "0;90", "0;39", "0;39", "0;39", "0;32", "1;39", "1;39", "34;1",
};

typedef struct dumper {
    jvh *h;
    sk_buf *out;
    const jqv_dumpopts *o;
    int err;
} dumper;

static void put(dumper *d, const char *s, size_t n) { if (sk_buf_put(d->out, s, n)) d->err = 1; }
static void puts_(dumper *d, const char *s) { put(d, s, strlen(s)); }

static void newline_indent(dumper *d, int level)
{
    put(d, "\n", 1);
    if (d->o->tab) { for (int i = 0; i < level; i++) put(d, "\t", 1); }
    else {
        static const char sp[] = "                                ";
        size_t n = (size_t)level * (size_t)d->o->indent;
        while (n > 0) { size_t k = n < 32 ? n : 32; put(d, sp, k); n -= k; }
    }
}

static const char *color_of(dumper *d, int k)
{
    const char *c = d->o->colors[k];
    return c ? c : default_colors[k];
}

static void col_start(dumper *d, int k)
{
    if (!d->o->color) return;
    puts_(d, "\033[");
    puts_(d, color_of(d, k));
    put(d, "m", 1);
}

static void dump_str(dumper *d, const char *p, size_t n)
{
    put(d, "\"", 1);
    if (jqv_dump_string_body(d->out, p, n, d->o->ascii)) d->err = 1;
    put(d, "\"", 1);
}

static void dump_rec(dumper *d, jv v, int level)
{
    int pretty = d->o->indent > 0 || d->o->tab;
    if (d->err) return;
    if (level > JV_PRINT_MAX_DEPTH) { puts_(d, "<skipped: too deep>"); return; }
    int k = v.kind;
    switch (v.kind) {
    case JV_NULL: case JV_FALSE: case JV_TRUE: case JV_NUMBER: case JV_STRING: {
        col_start(d, k);
        if (v.kind == JV_NULL) puts_(d, "null");
        else if (v.kind == JV_FALSE) puts_(d, "false");
        else if (v.kind == JV_TRUE) puts_(d, "true");
        else if (v.kind == JV_NUMBER) {
            char small[64];
            if (v.lit && v.u.l->len + 32 > sizeof small) {
                char *big = sk_malloc(d->h->a, v.u.l->len + 32);
                if (!big) { d->err = 1; return; }
                size_t n = jqv_format_number(v, big, v.u.l->len + 32);
                put(d, big, n);
                sk_free(d->h->a, big);
            } else {
                size_t n = jqv_format_number(v, small, sizeof small);
                put(d, small, n);
            }
        } else dump_str(d, jqv_str_p(v), jqv_str_len(v));
        if (d->o->color) puts_(d, COL_RESET);
        return;
    }
    case JV_ARRAY: {
        /* the layout of jq's jv_dump_term, colour codes included */
        int col = d->o->color;
        col_start(d, k);
        if (jqv_array_len(v) == 0) {
            put(d, "[]", 2);
        } else {
            put(d, "[", 1);
            for (size_t i = 0; i < jqv_array_len(v); i++) {
                if (i) put(d, ",", 1);
                if (pretty) newline_indent(d, level + 1);
                if (col) puts_(d, COL_RESET);
                dump_rec(d, jqv_array_at(v, i), level + 1);
                if (col) col_start(d, k);
            }
            if (pretty) newline_indent(d, level);
            if (col) col_start(d, k);
            put(d, "]", 1);
        }
        if (col) puts_(d, COL_RESET);
        return;
    }
    case JV_OBJECT: {
        int col = d->o->color;
        col_start(d, k);
        if (jqv_object_len(v) == 0) {
            put(d, "{}", 2);
            if (col) puts_(d, COL_RESET);
            return;
        }
        put(d, "{", 1);
        uint32_t *ix = NULL;
        if (d->o->sort) {
            ix = jqv_object_sorted_slots(d->h, v);
            if (!ix) { d->err = 1; return; }
        }
        jqv_obj *ob = v.u.o;
        uint32_t cnt = 0;
        for (uint32_t i = 0; i < (ix ? ob->count : ob->used); i++) {
            jqv_slot *s = &ob->slots[ix ? ix[i] : i];
            if (!s->key) continue;
            if (cnt++) put(d, ",", 1);
            if (pretty) newline_indent(d, level + 1);
            if (col) {
                puts_(d, COL_RESET);
                puts_(d, "\033[");
                puts_(d, color_of(d, 7));
                put(d, "m", 1);
            }
            dump_str(d, s->key->p, s->key->len);
            if (col) { puts_(d, COL_RESET); col_start(d, k); }
            put(d, ":", 1);
            if (pretty) put(d, " ", 1);
            if (col) puts_(d, COL_RESET);
            dump_rec(d, s->val, level + 1);
            if (col) col_start(d, k);
        }
        if (ix) sk_free(d->h->a, ix);
        if (pretty) newline_indent(d, level);
        if (col) col_start(d, k);
        put(d, "}", 1);
        if (col) puts_(d, COL_RESET);
        return;
    }
    default:
        puts_(d, "<invalid>");
    }
}

int jqv_dump(jvh *h, sk_buf *out, jv v, const jqv_dumpopts *o)
{
    dumper d = { h, out, o, 0 };
    dump_rec(&d, v, 0);
    if (d.err) h->oom = 1;
    return d.err ? -1 : 0;
}

jv jqv_dump_string(jvh *h, jv v)
{
    if (v.kind == JV_NUMBER && !v.lit) {
        char b[40];
        size_t n = jqv_format_double(v.u.n, b);
        return jqv_string_raw(h, b, n);
    }
    static const jqv_dumpopts compact = { 0, 0, 0, 0, 0, { 0 } };
    sk_buf b = SK_BUF_INIT(h->a);
    if (jqv_dump(h, &b, v, &compact)) { sk_buf_free(&b); return jqv_none(); }
    jv s = jqv_string_raw(h, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return s;
}

jv jqv_dump_trunc(jvh *h, jv v, size_t bufsize)
{
    /* jq: strncpy into a bufsize buffer; when longer, the last three kept
     * bytes become "..." (a UTF-8 sequence may be cut, then repaired) */
    jv s = jqv_dump_string(h, v);
    if (s.kind != JV_STRING || jqv_str_len(s) <= bufsize - 1) return s;
    sk_buf b = SK_BUF_INIT(h->a);
    sk_buf_put(&b, jqv_str_p(s), bufsize - 4);
    sk_buf_puts(&b, "...");
    jv r = b.p ? jqv_string(h, b.p, b.len) : jqv_none();
    if (!b.p) h->oom = 1;
    sk_buf_free(&b);
    jqv_free(h, s);
    return r;
}
