/* format.c — jq's @formats: @text @json @html @uri @csv @tsv @sh
 * @base64 @base64d @base32 @base32d. */
#include <math.h>
#include <string.h>

#include "eval.h"

static int put(jq_run *r, sk_buf *b, const char *p, size_t n)
{
    if (sk_buf_put(b, p, n)) { r->h.oom = 1; return -1; }
    return 0;
}

static jv take(jq_run *r, sk_buf *b)
{
    jv s = jqv_string(&r->h, b->p ? b->p : "", b->len);
    sk_buf_free(b);
    return s;
}

static int number_text(jq_run *r, sk_buf *b, jv x)
{
    char small[64];
    if (x.lit && x.u.l->len + 32 > sizeof small) {
        jv s = jqv_dump_string(&r->h, x);
        int rc = s.kind == JV_STRING ? put(r, b, jqv_str_p(s), jqv_str_len(s)) : -1;
        jqv_free(&r->h, s);
        return rc;
    }
    size_t n = jqv_format_number(x, small, sizeof small);
    return put(r, b, small, n);
}

static int fmt_csv_tsv(jq_run *r, jv in, jv *out, int tsv)
{
    if (in.kind != JV_ARRAY) {
        int st = jq_type_error(r, in, tsv ? "cannot be tsv-formatted, only array" : "cannot be csv-formatted, only array");
        jqv_free(&r->h, in);
        return st;
    }
    sk_buf b = SK_BUF_INIT(r->h.a);
    for (size_t i = 0; i < jqv_array_len(in); i++) {
        jv x = jqv_array_at(in, i);
        if (i) put(r, &b, tsv ? "\t" : ",", 1);
        switch (x.kind) {
        case JV_NULL: break;
        case JV_TRUE: put(r, &b, "true", 4); break;
        case JV_FALSE: put(r, &b, "false", 5); break;
        case JV_NUMBER:
            if (!isnan(jqv_num(x))) number_text(r, &b, x);
            break;
        case JV_STRING: {
            const char *p = jqv_str_p(x);
            size_t n = jqv_str_len(x);
            if (!tsv) put(r, &b, "\"", 1);
            for (size_t j = 0; j < n; j++) {
                char c = p[j];
                if (!tsv) {
                    if (c == '"') put(r, &b, "\"\"", 2);
                    else put(r, &b, &c, 1);
                } else {
                    switch (c) {
                    case '\\': put(r, &b, "\\\\", 2); break;
                    case '\t': put(r, &b, "\\t", 2); break;
                    case '\n': put(r, &b, "\\n", 2); break;
                    case '\r': put(r, &b, "\\r", 2); break;
                    default: put(r, &b, &c, 1);
                    }
                }
            }
            if (!tsv) put(r, &b, "\"", 1);
            break;
        }
        default: {
            sk_buf_free(&b);
            int st = jq_type_error(r, x, tsv ? "is not valid in a csv row" : "is not valid in a csv row");
            jqv_free(&r->h, in);
            return st;
        }
        }
    }
    jqv_free(&r->h, in);
    *out = take(r, &b);
    return jq_check_heap(r);
}

static int sh_one(jq_run *r, sk_buf *b, jv x)
{
    switch (x.kind) {
    case JV_STRING: {
        put(r, b, "'", 1);
        const char *p = jqv_str_p(x);
        for (size_t j = 0; j < jqv_str_len(x); j++) {
            if (p[j] == '\'') put(r, b, "'\\''", 4);
            else put(r, b, p + j, 1);
        }
        put(r, b, "'", 1);
        return JQ_OK;
    }
    case JV_ARRAY: case JV_OBJECT:
        return jq_type_error(r, x, "can not be escaped for shell");
    default: {
        jv s = jqv_dump_string(&r->h, x);
        if (s.kind == JV_STRING) put(r, b, jqv_str_p(s), jqv_str_len(s));
        jqv_free(&r->h, s);
        return JQ_OK;
    }
    }
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

static int b64_encode(jq_run *r, jv s, jv *out)
{
    const unsigned char *p = (const unsigned char *)jqv_str_p(s);
    size_t n = jqv_str_len(s);
    sk_buf b = SK_BUF_INIT(r->h.a);
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
        char q[4] = { b64[v >> 18], b64[(v >> 12) & 63], i + 1 < n ? b64[(v >> 6) & 63] : '=', i + 2 < n ? b64[v & 63] : '=' };
        put(r, &b, q, 4);
    }
    jqv_free(&r->h, s);
    *out = take(r, &b);
    return jq_check_heap(r);
}

static int b64_decode(jq_run *r, jv s, jv *out)
{
    const char *p = jqv_str_p(s);
    size_t n = jqv_str_len(s);
    sk_buf b = SK_BUF_INIT(r->h.a);
    unsigned acc = 0;
    int bits = 0, count = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '=') break;
        const char *q = memchr(b64, c, 64);
        if (!q || !c) {
            sk_buf_free(&b);
            int st = jq_type_error(r, s, "is not valid base64 data");
            jqv_free(&r->h, s);
            return st;
        }
        acc = (acc << 6) | (unsigned)(q - b64);
        bits += 6;
        count++;
        if (bits >= 8) {
            bits -= 8;
            char ch = (char)((acc >> bits) & 0xff);
            put(r, &b, &ch, 1);
        }
    }
    if (count % 4 == 1) {
        sk_buf_free(&b);
        int st = jq_type_error(r, s, "trailing base64 byte found");
        jqv_free(&r->h, s);
        return st;
    }
    jqv_free(&r->h, s);
    *out = take(r, &b);
    return jq_check_heap(r);
}

static int b32_encode(jq_run *r, jv s, jv *out)
{
    const unsigned char *p = (const unsigned char *)jqv_str_p(s);
    size_t n = jqv_str_len(s);
    sk_buf b = SK_BUF_INIT(r->h.a);
    for (size_t i = 0; i < n; i += 5) {
        unsigned char blk[5] = { 0 };
        size_t k = n - i < 5 ? n - i : 5;
        memcpy(blk, p + i, k);
        uint64_t v = 0;
        for (int j = 0; j < 5; j++) v = (v << 8) | blk[j];
        static const int chars[6] = { 0, 2, 4, 5, 7, 8 };
        int nc = chars[k];
        for (int j = 0; j < 8; j++) {
            char c = j < nc ? b32[(v >> (35 - 5 * j)) & 31] : '=';
            put(r, &b, &c, 1);
        }
    }
    jqv_free(&r->h, s);
    *out = take(r, &b);
    return jq_check_heap(r);
}

static int b32_decode(jq_run *r, jv s, jv *out)
{
    const char *p = jqv_str_p(s);
    size_t n = jqv_str_len(s);
    sk_buf b = SK_BUF_INIT(r->h.a);
    uint64_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '=') break;
        const char *q = c ? memchr(b32, c, 32) : NULL;
        if (!q) {
            sk_buf_free(&b);
            int st = jq_type_error(r, s, "is not valid base32 data");
            jqv_free(&r->h, s);
            return st;
        }
        acc = (acc << 5) | (uint64_t)(q - b32);
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            char ch = (char)((acc >> bits) & 0xff);
            put(r, &b, &ch, 1);
        }
    }
    jqv_free(&r->h, s);
    *out = take(r, &b);
    return jq_check_heap(r);
}

int jq_format(jq_run *r, const char *fmt, jv v, jv *out)
{
    jvh *h = &r->h;
    if (!strcmp(fmt, "text")) { *out = jq_tostring(r, v); return jq_check_heap(r); }
    if (!strcmp(fmt, "json")) { *out = jqv_dump_string(h, v); jqv_free(h, v); return jq_check_heap(r); }
    if (!strcmp(fmt, "csv")) return fmt_csv_tsv(r, v, out, 0);
    if (!strcmp(fmt, "tsv")) return fmt_csv_tsv(r, v, out, 1);
    if (!strcmp(fmt, "sh")) {
        sk_buf b = SK_BUF_INIT(h->a);
        int st = JQ_OK;
        if (v.kind == JV_ARRAY) {
            for (size_t i = 0; i < jqv_array_len(v) && !st; i++) {
                if (i) put(r, &b, " ", 1);
                st = sh_one(r, &b, jqv_array_at(v, i));
            }
        } else st = sh_one(r, &b, v);
        jqv_free(h, v);
        if (st) { sk_buf_free(&b); return st; }
        *out = take(r, &b);
        return jq_check_heap(r);
    }
    int known = !strcmp(fmt, "html") || !strcmp(fmt, "uri") || !strcmp(fmt, "base64") || !strcmp(fmt, "base64d") ||
                !strcmp(fmt, "base32") || !strcmp(fmt, "base32d");
    if (!known) {
        jqv_free(h, v);
        return jq_errorf(r, "%s is not a valid format", fmt);
    }
    jv s = jq_tostring(r, v);
    if (s.kind != JV_STRING) return jq_check_heap(r);
    if (!strcmp(fmt, "base64")) return b64_encode(r, s, out);
    if (!strcmp(fmt, "base64d")) return b64_decode(r, s, out);
    if (!strcmp(fmt, "base32")) return b32_encode(r, s, out);
    if (!strcmp(fmt, "base32d")) return b32_decode(r, s, out);
    const char *p = jqv_str_p(s);
    size_t n = jqv_str_len(s);
    sk_buf b = SK_BUF_INIT(h->a);
    if (!strcmp(fmt, "html")) {
        for (size_t i = 0; i < n; i++) {
            switch (p[i]) {
            case '<': put(r, &b, "&lt;", 4); break;
            case '>': put(r, &b, "&gt;", 4); break;
            case '&': put(r, &b, "&amp;", 5); break;
            case '\'': put(r, &b, "&\x61\x70\x6f\x73;", 6); break;   /* as jq prints it */
            case '"': put(r, &b, "&quot;", 6); break;
            default: put(r, &b, p + i, 1);
            }
        }
    } else {   /* uri */
        static const char hex[] = "0123456789ABCDEF";
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)p[i];
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                c == '.' || c == '~') put(r, &b, (const char *)&c, 1);
            else {
                char e[3] = { '%', hex[c >> 4], hex[c & 15] };
                put(r, &b, e, 3);
            }
        }
    }
    jqv_free(h, s);
    *out = take(r, &b);
    return jq_check_heap(r);
}
