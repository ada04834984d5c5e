/* yq_yaml_write.c — values to YAML in the block style yq prints: mappings
 * "key: value", sequences "- item" indented under their key, empty
 * containers in flow style, multi-line strings as literal blocks, and
 * strings quoted only when plain text would read back differently
 * (double quotes for look-alikes of other types and for escapes, single
 * quotes otherwise).  Recursion follows the data, at most the depth the
 * reader allows plus what a program builds (checked). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmd/jq/jv_json.h"
#include "yaml.h"

#define MAX_DEPTH 10000

typedef struct wctx {
    jvh *h;
    sk_buf *b;
    const yq_yaml_outopts *o;
    int err;
} wctx;

static void put(wctx *w, const char *p, size_t n) { if (sk_buf_put(w->b, p, n)) w->err = 1; }
static void puts_(wctx *w, const char *s) { put(w, s, strlen(s)); }
static void pad(wctx *w, int n) { for (int i = 0; i < n; i++) put(w, " ", 1); }

static int is_word(const char *s, size_t n, const char *const *words)
{
    for (; *words; words++)
        if (strlen(*words) == n && memcmp(*words, s, n) == 0) return 1;
    return 0;
}

/* Would this text read back as something other than a string? */
static int looks_typed(const char *s, size_t n)
{
    static const char *const words[] = { "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False",
                                         "FALSE", ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "-.INF", "+.inf",
                                         ".nan", ".NaN", ".NAN", NULL };
    if (is_word(s, n, words)) return 1;
    size_t i = 0, d = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i + 2 < n + 0 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'o')) {
        size_t j = i + 2;
        while (j < n && ((s[j] >= '0' && s[j] <= '9') || (s[i + 1] == 'x' && ((s[j] >= 'a' && s[j] <= 'f') || (s[j] >= 'A' && s[j] <= 'F'))))) j++;
        if (j == n && j > i + 2) return 1;
    }
    while (i < n && s[i] >= '0' && s[i] <= '9') { i++; d++; }
    if (i < n && s[i] == '.') { i++; while (i < n && s[i] >= '0' && s[i] <= '9') { i++; d++; } }
    if (d && i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t k = i + 1;
        if (k < n && (s[k] == '-' || s[k] == '+')) k++;
        size_t e = k;
        while (k < n && s[k] >= '0' && s[k] <= '9') k++;
        if (k > e) i = k;
    }
    return d && i == n;
}

static int needs_escape(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\n') || c == 0x7f) return 1;
    }
    return 0;
}

static int plain_ok(const char *s, size_t n)
{
    if (n == 0) return 0;
    if (s[0] == ' ' || s[n - 1] == ' ') return 0;
    if (strchr(",[]{}#&*!|>'\"%@`", s[0])) return 0;
    if ((s[0] == '-' || s[0] == '?' || s[0] == ':') && (n == 1 || s[1] == ' ')) return 0;
    if (n >= 3 && (!memcmp(s, "---", 3) || !memcmp(s, "...", 3))) return 0;
    if (s[n - 1] == ':') return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\n' || c == '\t' || c == '\r') return 0;
        if (c == ':' && i + 1 < n && s[i + 1] == ' ') return 0;
        if (c == '#' && i > 0 && s[i - 1] == ' ') return 0;
    }
    return 1;
}

static void double_quoted(wctx *w, const char *s, size_t n)
{
    put(w, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char e[8];
        switch (c) {
        case '"': puts_(w, "\\\""); break;
        case '\\': puts_(w, "\\\\"); break;
        case '\n': puts_(w, "\\n"); break;
        case '\t': puts_(w, "\\t"); break;
        case '\r': puts_(w, "\\r"); break;
        case 0: puts_(w, "\\0"); break;
        default:
            if (c < 0x20 || c == 0x7f) { snprintf(e, sizeof e, "\\x%02X", c); puts_(w, e); }
            else put(w, (const char *)&c, 1);
        }
    }
    put(w, "\"", 1);
}

static void single_quoted(wctx *w, const char *s, size_t n)
{
    put(w, "'", 1);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') put(w, "''", 2);
        else put(w, s + i, 1);
    }
    put(w, "'", 1);
}

static void string_inline(wctx *w, const char *s, size_t n)
{
    if (needs_escape(s, n) || memchr(s, '\n', n)) double_quoted(w, s, n);
    else if (looks_typed(s, n)) double_quoted(w, s, n);
    else if (plain_ok(s, n)) put(w, s, n);
    else single_quoted(w, s, n);
}

static void number(wctx *w, jv v)
{
    double d = jqv_num(v);
    if (isnan(d)) { puts_(w, ".nan"); return; }
    if (isinf(d)) { puts_(w, d > 0 ? ".inf" : "-.inf"); return; }
    char small[64];
    if (v.lit && v.u.l->len + 32 > sizeof small) {
        jv s = jqv_dump_string(w->h, v);
        if (s.kind == JV_STRING) put(w, jqv_str_p(s), jqv_str_len(s));
        jqv_free(w->h, s);
        return;
    }
    size_t k = jqv_format_number(v, small, sizeof small);
    put(w, small, k);
}

/* A scalar in flow position (after "key: " or "- "); multi-line strings
 * become literal blocks indented at `indent`. */
static void scalar(wctx *w, jv v, int indent)
{
    switch (v.kind) {
    case JV_NULL: puts_(w, "null"); break;
    case JV_TRUE: puts_(w, "true"); break;
    case JV_FALSE: puts_(w, "false"); break;
    case JV_NUMBER: number(w, v); break;
    case JV_STRING: {
        const char *s = jqv_str_p(v);
        size_t n = jqv_str_len(v);
        if (!memchr(s, '\n', n) || needs_escape(s, n)) { string_inline(w, s, n); break; }
        /* literal block: |, |- or |+ by the trailing newlines */
        size_t trail = 0;
        while (trail < n && s[n - 1 - trail] == '\n') trail++;
        put(w, "|", 1);
        if (s[0] == ' ') { char d = (char)('0' + w->o->indent); put(w, &d, 1); }
        if (trail == 0) put(w, "-", 1);
        else if (trail > 1) put(w, "+", 1);
        size_t body = trail ? n - trail + 1 : n;   /* keep one newline for | */
        size_t i = 0;
        while (i < body) {
            const char *nl = memchr(s + i, '\n', body - i);
            size_t e = nl ? (size_t)(nl - s) : body;
            put(w, "\n", 1);
            if (e > i) { pad(w, indent); put(w, s + i, e - i); }
            i = e + 1;
        }
        for (size_t t = 1; t < trail; t++) put(w, "\n", 1);
        break;
    }
    default: break;
    }
}

static int empty_container(jv v)
{
    return (v.kind == JV_ARRAY && jqv_array_len(v) == 0) || (v.kind == JV_OBJECT && jqv_object_len(v) == 0);
}

static void mapping(wctx *w, jv v, int indent, int first_inline, int depth);
static void sequence(wctx *w, jv v, int indent, int first_inline, int depth);

static void key(wctx *w, const char *s, size_t n) { string_inline(w, s, n); }

static void mapping(wctx *w, jv v, int indent, int first_inline, int depth)
{
    if (depth > MAX_DEPTH) { w->err = 2; return; }
    uint32_t *ix = NULL;
    if (w->o->sort_keys) {
        ix = jqv_object_sorted_slots(w->h, v);
        if (!ix) { w->err = 1; return; }
    }
    jqv_obj *ob = v.u.o;
    uint32_t cnt = 0;
    for (uint32_t i = 0; i < (ix ? ob->count : ob->used) && !w->err; i++) {
        jqv_slot *s = &ob->slots[ix ? ix[i] : i];
        if (!s->key) continue;
        if (cnt++ || !first_inline) pad(w, indent);
        key(w, s->key->p, s->key->len);
        put(w, ":", 1);
        jv val = s->val;
        if (val.kind == JV_OBJECT && !empty_container(val)) {
            put(w, "\n", 1);
            mapping(w, val, indent + w->o->indent, 0, depth + 1);
        } else if (val.kind == JV_ARRAY && !empty_container(val)) {
            put(w, "\n", 1);
            sequence(w, val, indent + w->o->indent, 0, depth + 1);
        } else {
            put(w, " ", 1);
            if (empty_container(val)) puts_(w, val.kind == JV_ARRAY ? "[]" : "{}");
            else scalar(w, val, indent + w->o->indent);
            put(w, "\n", 1);
        }
    }
    if (ix) sk_free(w->h->a, ix);
}

static void sequence(wctx *w, jv v, int indent, int first_inline, int depth)
{
    if (depth > MAX_DEPTH) { w->err = 2; return; }
    int step = w->o->indent < 2 ? 2 : w->o->indent;
    for (size_t i = 0; i < jqv_array_len(v) && !w->err; i++) {
        if (i || !first_inline) pad(w, indent);
        put(w, "-", 1);
        pad(w, step - 1);
        jv x = jqv_array_at(v, i);
        if (x.kind == JV_OBJECT && !empty_container(x)) mapping(w, x, indent + step, 1, depth + 1);
        else if (x.kind == JV_ARRAY && !empty_container(x)) sequence(w, x, indent + step, 1, depth + 1);
        else {
            if (empty_container(x)) puts_(w, x.kind == JV_ARRAY ? "[]" : "{}");
            else scalar(w, x, indent + step);
            put(w, "\n", 1);
        }
    }
}

int yq_yaml_write(jvh *h, sk_buf *out, jv v, const yq_yaml_outopts *o)
{
    wctx w = { h, out, o, 0 };
    if (v.kind == JV_OBJECT && !empty_container(v)) mapping(&w, v, 0, 0, 0);
    else if (v.kind == JV_ARRAY && !empty_container(v)) sequence(&w, v, 0, 0, 0);
    else {
        if (empty_container(v)) puts_(&w, v.kind == JV_ARRAY ? "[]" : "{}");
        else scalar(&w, v, o->indent);
        put(&w, "\n", 1);
    }
    if (w.err == 1) h->oom = 1;
    if (w.err == 2) h->too_deep = 1;
    return w.err ? -1 : 0;
}
