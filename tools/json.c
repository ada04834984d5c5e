/* json.c — see json.h. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

typedef struct { const char *p, *end; const char *err; int depth; } jp;

static void ws(jp *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) j->p++;
}

static jv *mk(jv_kind k)
{
    jv *v = calloc(1, sizeof *v);
    if (v) v->kind = k;
    return v;
}

static int put_utf8(char **buf, size_t *n, size_t *cap, unsigned cp)
{
    char tmp[4];
    size_t k;
    if (cp < 0x80) { tmp[0] = (char)cp; k = 1; }
    else if (cp < 0x800) { tmp[0] = (char)(0xC0 | cp >> 6); tmp[1] = (char)(0x80 | (cp & 63)); k = 2; }
    else if (cp < 0x10000) {
        tmp[0] = (char)(0xE0 | cp >> 12); tmp[1] = (char)(0x80 | ((cp >> 6) & 63));
        tmp[2] = (char)(0x80 | (cp & 63)); k = 3;
    } else {
        tmp[0] = (char)(0xF0 | cp >> 18); tmp[1] = (char)(0x80 | ((cp >> 12) & 63));
        tmp[2] = (char)(0x80 | ((cp >> 6) & 63)); tmp[3] = (char)(0x80 | (cp & 63)); k = 4;
    }
    if (*n + k + 1 > *cap) {
        *cap = (*n + k + 1) * 2;
        char *nb = realloc(*buf, *cap);
        if (!nb) return -1;
        *buf = nb;
    }
    memcpy(*buf + *n, tmp, k);
    *n += k;
    return 0;
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
        else return -1;
    }
    *out = v;
    return 0;
}

static char *parse_string(jp *j, size_t *len)
{
    j->p++; /* opening quote */
    size_t cap = 64, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    while (j->p < j->end && *j->p != '"') {
        unsigned char c = (unsigned char)*j->p++;
        if (c == '\\') {
            if (j->p >= j->end) break;
            char e = *j->p++;
            unsigned cp;
            switch (e) {
            case 'n': cp = '\n'; break;
            case 't': cp = '\t'; break;
            case 'r': cp = '\r'; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case '/': cp = '/'; break;
            case '\\': cp = '\\'; break;
            case '"': cp = '"'; break;
            case 'u':
                if (j->end - j->p < 4 || hex4(j->p, &cp)) { j->err = "bad \\u escape"; free(buf); return NULL; }
                j->p += 4;
                if (cp >= 0xD800 && cp < 0xDC00 && j->end - j->p >= 6 && j->p[0] == '\\' && j->p[1] == 'u') {
                    unsigned lo;
                    if (!hex4(j->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        j->p += 6;
                    }
                }
                break;
            default: j->err = "bad escape"; free(buf); return NULL;
            }
            if (put_utf8(&buf, &n, &cap, cp)) { free(buf); return NULL; }
        } else {
            if (n + 2 > cap) {
                cap *= 2;
                char *nb = realloc(buf, cap);
                if (!nb) { free(buf); return NULL; }
                buf = nb;
            }
            buf[n++] = (char)c;
        }
    }
    if (j->p >= j->end) { j->err = "unterminated string"; free(buf); return NULL; }
    j->p++;
    buf[n] = 0;
    *len = n;
    return buf;
}

static jv *parse_value(jp *j)
{
    ws(j);
    if (j->p >= j->end) { j->err = "unexpected end"; return NULL; }
    if (++j->depth > 64) { j->err = "too deeply nested"; return NULL; }
    jv *v = NULL;
    char c = *j->p;
    if (c == '"') {
        v = mk(JV_STR);
        if (v && !(v->s = parse_string(j, &v->s_len))) { free(v); v = NULL; }
    } else if (c == '{' || c == '[') {
        int obj = c == '{';
        v = mk(obj ? JV_OBJ : JV_ARR);
        j->p++;
        ws(j);
        if (j->p < j->end && *j->p == (obj ? '}' : ']')) { j->p++; j->depth--; return v; }
        for (;;) {
            char *key = NULL;
            if (obj) {
                ws(j);
                size_t kl;
                if (j->p >= j->end || *j->p != '"' || !(key = parse_string(j, &kl))) {
                    if (!j->err) j->err = "expected a key";
                    jv_free(v);
                    return NULL;
                }
                ws(j);
                if (j->p >= j->end || *j->p != ':') { free(key); jv_free(v); j->err = "expected ':'"; return NULL; }
                j->p++;
            }
            jv *item = parse_value(j);
            if (!item) { free(key); jv_free(v); return NULL; }
            v->vals = realloc(v->vals, (v->n + 1) * sizeof *v->vals);
            if (obj) v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
            v->vals[v->n] = item;
            if (obj) v->keys[v->n] = key;
            v->n++;
            ws(j);
            if (j->p < j->end && *j->p == ',') { j->p++; continue; }
            if (j->p < j->end && *j->p == (obj ? '}' : ']')) { j->p++; break; }
            j->err = "expected ',' or a closing bracket";
            jv_free(v);
            return NULL;
        }
    } else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "false", 5)) {
        v = mk(JV_BOOL);
        v->b = *j->p == 't';
        j->p += v->b ? 4 : 5;
    } else if (!strncmp(j->p, "null", 4)) {
        v = mk(JV_NULL);
        j->p += 4;
    } else {
        char *end;
        double d = strtod(j->p, &end);
        if (end == j->p) { j->err = "unexpected character"; return NULL; }
        v = mk(JV_NUM);
        v->num = d;
        j->p = end;
    }
    j->depth--;
    return v;
}

jv *jv_parse(const char *text, size_t len, const char **err)
{
    jp j = { text, text + len, NULL, 0 };
    jv *v = parse_value(&j);
    if (v) {
        ws(&j);
        if (j.p != j.end) { jv_free(v); v = NULL; j.err = "trailing characters"; }
    }
    if (!v && err) *err = j.err ? j.err : "out of memory";
    return v;
}

void jv_free(jv *v)
{
    if (!v) return;
    free(v->s);
    for (size_t i = 0; i < v->n; i++) {
        if (v->keys) free(v->keys[i]);
        jv_free(v->vals[i]);
    }
    free(v->keys);
    free(v->vals);
    free(v);
}

jv *jv_get(const jv *o, const char *key)
{
    if (!o || o->kind != JV_OBJ) return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->keys[i], key)) return o->vals[i];
    return NULL;
}

/* Length of a valid UTF-8 sequence at p, or 0. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    if (p[0] < 0x80) return 1;
    size_t k = p[0] >= 0xF0 && p[0] < 0xF5 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 && p[0] < 0xE0 ? 2 : 0;
    if (!k || k > n) return 0;
    for (size_t i = 1; i < k; i++)
        if ((p[i] & 0xC0) != 0x80) return 0;
    return k;
}

void json_write_str(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') { fputc('\\', f); fputc(c, f); i++; continue; }
        if (c == '\n') { fputs("\\n", f); i++; continue; }
        if (c == '\t') { fputs("\\t", f); i++; continue; }
        if (c == '\r') { fputs("\\r", f); i++; continue; }
        if (c < 0x20 || c == 0x7f) { fprintf(f, "\\u%04x", c); i++; continue; }
        size_t k = utf8_len(p + i, n - i);
        if (!k) { fprintf(f, "\\u%04x", c); i++; continue; }
        fwrite(p + i, 1, k, f);
        i += k;
    }
    fputc('"', f);
}
