/* yaml_read.c — YAML text to jq values with libyaml's event parser.
 * Scalars resolve like YAML 1.2's core schema (as yq does): null, true/
 * false, integers, floats, everything else a string; quoted and block
 * scalars are always strings; explicit !!tags win.  libyaml allocates
 * outside the sandbox allocator; its buffers are bounded by the input,
 * which is charged while parsing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "cmd/jq/jv_json.h"
#include "yaml.h"

#define MAX_DEPTH 1000

typedef struct anchor {
    char *name;
    jv val;
    size_t nodes;
} anchor;

typedef struct frame {
    jv c;                   /* array or object being built */
    jv key;                 /* mapping: pending key, JV_NONE when expecting one */
    char *anchor;           /* to register when the node completes */
    size_t nodes;
    jv merges;              /* mapping: values of << keys, applied at the end */
} frame;

typedef struct builder {
    jvh *h;
    frame *st;
    size_t n, cap;
    anchor *anchors;
    size_t nanchors, acap;
    size_t alias_nodes, max_alias_nodes;
    jv doc;                 /* the finished document value */
    int have_doc;
    const char *err;        /* fatal builder error */
} builder;

static int is_in(const char *s, size_t n, const char *const *words)
{
    for (; *words; words++)
        if (strlen(*words) == n && memcmp(*words, s, n) == 0) return 1;
    return 0;
}

static int all_digits(const char *s, size_t n, int base)
{
    if (!n) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int ok = base == 16 ? ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
                 : base == 8 ? (c >= '0' && c <= '7') : (c >= '0' && c <= '9');
        if (!ok) return 0;
    }
    return 1;
}

static const char *const nulls[] = { "", "~", "null", "Null", "NULL", NULL };
static const char *const trues[] = { "true", "True", "TRUE", NULL };
static const char *const falses[] = { "false", "False", "FALSE", NULL };

/* Plain scalar to a value (yaml 1.2 core schema). */
static jv resolve_plain(jvh *h, const char *s, size_t n)
{
    if (is_in(s, n, nulls)) return jqv_null();
    if (is_in(s, n, trues)) return jqv_true();
    if (is_in(s, n, falses)) return jqv_false();
    const char *p = s;
    size_t m = n;
    int neg = 0;
    if (m && (*p == '-' || *p == '+')) { neg = *p == '-'; p++; m--; }
    if (m > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'o') && all_digits(p + 2, m - 2, p[1] == 'x' ? 16 : 8)) {
        double v = (double)strtoull(p + 2, NULL, p[1] == 'x' ? 16 : 8);
        return jqv_number(neg ? -v : v);
    }
    if (m == 4 && (!memcmp(p, ".inf", 4) || !memcmp(p, ".Inf", 4) || !memcmp(p, ".INF", 4))) return jqv_number(neg ? -INFINITY : INFINITY);
    if (!neg && m == 4 && (!memcmp(p, ".nan", 4) || !memcmp(p, ".NaN", 4) || !memcmp(p, ".NAN", 4))) return jqv_number(NAN);
    /* decimal ints and floats: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? */
    size_t i = 0, d = 0;
    while (i < m && p[i] >= '0' && p[i] <= '9') { i++; d++; }
    if (i < m && p[i] == '.') { i++; while (i < m && p[i] >= '0' && p[i] <= '9') { i++; d++; } }
    if (d && i < m && (p[i] == 'e' || p[i] == 'E')) {
        size_t k = i + 1;
        if (k < m && (p[k] == '-' || p[k] == '+')) k++;
        size_t e = k;
        while (k < m && p[k] >= '0' && p[k] <= '9') k++;
        if (k > e) i = k;
    }
    if (d && i == m) {
        jv v;
        if (jqv_parse_number(h, s[0] == '+' ? s + 1 : s, s[0] == '+' ? n - 1 : n, &v) == 0) return v;
    }
    return jqv_string(h, s, n);
}

static jv scalar_value(jvh *h, const yaml_event_t *ev)
{
    const char *s = (const char *)ev->data.scalar.value;
    size_t n = ev->data.scalar.length;
    const char *tag = (const char *)ev->data.scalar.tag;
    if (tag && strncmp(tag, "tag:yaml.org,2002:", 18) == 0) {
        const char *t = tag + 18;
        if (!strcmp(t, "str")) return jqv_string(h, s, n);
        if (!strcmp(t, "null")) return jqv_null();
        if (!strcmp(t, "bool")) return jqv_bool(is_in(s, n, trues));
        if (!strcmp(t, "int") || !strcmp(t, "float")) {
            jv v = resolve_plain(h, s, n);
            if (v.kind == JV_NUMBER) return v;
            jqv_free(h, v);
            return jqv_string(h, s, n);
        }
    }
    if (ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return jqv_string(h, s, n);
    return resolve_plain(h, s, n);
}

static int push(builder *b, jv c, const char *anchor_name)
{
    if (b->n >= MAX_DEPTH) { jqv_free(b->h, c); b->err = "document nested too deeply"; return -1; }
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 16;
        frame *ns = sk_realloc(b->h->a, b->st, cap * sizeof *ns);
        if (!ns) { jqv_free(b->h, c); b->h->oom = 1; b->err = "out of memory"; return -1; }
        b->st = ns;
        b->cap = cap;
    }
    frame *f = &b->st[b->n++];
    f->c = c;
    f->key = jqv_none();
    f->anchor = anchor_name ? sk_strdup(b->h->a, anchor_name) : NULL;
    f->nodes = 1;
    f->merges = jqv_none();
    return 0;
}

static void set_anchor(builder *b, const char *name, jv v, size_t nodes)
{
    for (size_t i = 0; i < b->nanchors; i++) {
        if (!strcmp(b->anchors[i].name, name)) {
            jqv_free(b->h, b->anchors[i].val);
            b->anchors[i].val = jqv_copy(v);
            b->anchors[i].nodes = nodes;
            return;
        }
    }
    if (b->nanchors == b->acap) {
        size_t cap = b->acap ? b->acap * 2 : 8;
        anchor *na = sk_realloc(b->h->a, b->anchors, cap * sizeof *na);
        if (!na) { b->h->oom = 1; return; }
        b->anchors = na;
        b->acap = cap;
    }
    b->anchors[b->nanchors].name = sk_strdup(b->h->a, name);
    b->anchors[b->nanchors].val = jqv_copy(v);
    b->anchors[b->nanchors].nodes = nodes;
    if (b->anchors[b->nanchors].name) b->nanchors++;
    else jqv_free(b->h, b->anchors[b->nanchors].val);
}

static jv key_string(jvh *h, jv k)
{
    if (k.kind == JV_STRING) return k;
    jv s = jqv_dump_string(h, k);
    jqv_free(h, k);
    return s;
}

/* Deliver a finished node to its parent (or as the document). */
static int add_value(builder *b, jv v, size_t nodes, int is_merge_key)
{
    (void)is_merge_key;
    if (b->n == 0) {
        jqv_free(b->h, b->doc);
        b->doc = v;
        b->have_doc = 1;
        return 0;
    }
    frame *f = &b->st[b->n - 1];
    f->nodes += nodes;
    if (f->c.kind == JV_ARRAY) {
        f->c = jqv_array_append(b->h, f->c, v);
        return 0;
    }
    if (f->key.kind == JV_NONE) {
        f->key = key_string(b->h, v);
        return 0;
    }
    jv key = f->key;
    f->key = jqv_none();
    if (key.kind == JV_STRING && jqv_str_len(key) == 2 && !memcmp(jqv_str_p(key), "<<", 2) &&
        (v.kind == JV_OBJECT || v.kind == JV_ARRAY)) {
        /* merge key: applied when the mapping ends (explicit keys win) */
        if (f->merges.kind == JV_NONE) f->merges = jqv_array(b->h);
        if (v.kind == JV_OBJECT) f->merges = jqv_array_append(b->h, f->merges, v);
        else {
            for (size_t i = 0; i < jqv_array_len(v); i++)
                f->merges = jqv_array_append(b->h, f->merges, jqv_copy(jqv_array_at(v, i)));
            jqv_free(b->h, v);
        }
        jqv_free(b->h, key);
        return 0;
    }
    f->c = jqv_object_set(b->h, f->c, key, v);
    return 0;
}

static int pop(builder *b)
{
    frame f = b->st[--b->n];
    jqv_free(b->h, f.key);
    if (f.merges.kind == JV_ARRAY) {
        for (size_t i = 0; i < jqv_array_len(f.merges); i++) {
            jv m = jqv_array_at(f.merges, i);
            if (m.kind != JV_OBJECT) continue;
            JV_OBJECT_FOREACH(m, s) {
                if (jqv_object_find(f.c, s->key->p, s->key->len)) continue;
                f.c = jqv_object_set(b->h, f.c, jqv_string_raw(b->h, s->key->p, s->key->len), jqv_copy(s->val));
            }
        }
        jqv_free(b->h, f.merges);
    }
    if (f.anchor) {
        set_anchor(b, f.anchor, f.c, f.nodes);
        sk_free(b->h->a, f.anchor);
    }
    return add_value(b, f.c, f.nodes, 0);
}

static void builder_free(builder *b)
{
    while (b->n) {
        frame *f = &b->st[--b->n];
        jqv_free(b->h, f->c);
        jqv_free(b->h, f->key);
        jqv_free(b->h, f->merges);
        sk_free(b->h->a, f->anchor);
    }
    sk_free(b->h->a, b->st);
    for (size_t i = 0; i < b->nanchors; i++) {
        sk_free(b->h->a, b->anchors[i].name);
        jqv_free(b->h, b->anchors[i].val);
    }
    sk_free(b->h->a, b->anchors);
    jqv_free(b->h, b->doc);
}

int yq_yaml_parse(jvh *h, const char *text, size_t len, jv *docs, sk_buf *err, size_t max_alias_nodes)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) { h->oom = 1; sk_buf_puts(err, "out of memory"); return -1; }
    /* libyaml's own buffers, roughly: charge them while it runs */
    size_t charge = len * 2 + 65536;
    if (sk_alloc_charge(h->a, charge)) {
        yaml_parser_delete(&p);
        h->oom = 1;
        sk_buf_puts(err, "out of memory");
        return -1;
    }
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    builder b;
    memset(&b, 0, sizeof b);
    b.h = h;
    b.doc = jqv_null();
    b.max_alias_nodes = max_alias_nodes;
    int rc = 0, done = 0;
    while (!done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            sk_buf_printf(err, "%s at line %lu column %lu", p.problem ? p.problem : "syntax error",
                          (unsigned long)p.problem_mark.line + 1, (unsigned long)p.problem_mark.column + 1);
            if (p.context) sk_buf_printf(err, ", %s", p.context);
            rc = -1;
            break;
        }
        const char *anc = NULL;
        switch (ev.type) {
        case YAML_STREAM_END_EVENT: done = 1; break;
        case YAML_DOCUMENT_START_EVENT:
            jqv_free(h, b.doc);
            b.doc = jqv_null();
            b.have_doc = 0;
            break;
        case YAML_DOCUMENT_END_EVENT:
            *docs = jqv_array_append(h, *docs, b.doc);
            b.doc = jqv_null();
            break;
        case YAML_SEQUENCE_START_EVENT:
            anc = (const char *)ev.data.sequence_start.anchor;
            if (push(&b, jqv_array(h), anc)) rc = -1;
            break;
        case YAML_MAPPING_START_EVENT:
            anc = (const char *)ev.data.mapping_start.anchor;
            if (push(&b, jqv_object(h), anc)) rc = -1;
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            if (b.n) pop(&b);
            break;
        case YAML_SCALAR_EVENT: {
            jv v;
            /* mapping keys stay text as written */
            frame *top = b.n ? &b.st[b.n - 1] : NULL;
            if (top && top->c.kind == JV_OBJECT && top->key.kind == JV_NONE && ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
                !ev.data.scalar.tag)
                v = jqv_string(h, (const char *)ev.data.scalar.value, ev.data.scalar.length);
            else v = scalar_value(h, &ev);
            anc = (const char *)ev.data.scalar.anchor;
            if (anc) set_anchor(&b, anc, v, 1);
            add_value(&b, v, 1, 0);
            break;
        }
        case YAML_ALIAS_EVENT: {
            const char *name = (const char *)ev.data.alias.anchor;
            size_t i;
            for (i = 0; i < b.nanchors && strcmp(b.anchors[i].name, name); i++) {}
            if (i == b.nanchors) {
                sk_buf_printf(err, "unknown anchor '%s' referenced", name);
                rc = -1;
                break;
            }
            b.alias_nodes += b.anchors[i].nodes;
            if (b.max_alias_nodes && b.alias_nodes > b.max_alias_nodes) {
                sk_buf_printf(err, "too many alias expansions (more than %zu nodes)", b.max_alias_nodes);
                rc = -1;
                break;
            }
            add_value(&b, jqv_copy(b.anchors[i].val), b.anchors[i].nodes, 0);
            break;
        }
        default: break;
        }
        yaml_event_delete(&ev);
        if (rc || h->oom) {
            if (!rc) sk_buf_puts(err, b.err ? b.err : "out of memory");
            if (b.err && !err->len) sk_buf_puts(err, b.err);
            rc = -1;
            break;
        }
    }
    builder_free(&b);
    yaml_parser_delete(&p);
    sk_alloc_release(h->a, charge);
    return rc;
}
