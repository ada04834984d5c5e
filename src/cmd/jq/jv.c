/* jv.c — JSON values for jq/yq: allocation, strings, arrays, objects,
 * iterative freeing.  Comparison lives in jqv_cmp.c.  Never recurses on
 * the data (freeing walks an intrusive work list). */
#include "jv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *jqv_kind_name(jqv_kind k)
{
    switch (k) {
    case JV_NULL: return "null";
    case JV_FALSE: case JV_TRUE: return "boolean";
    case JV_NUMBER: return "number";
    case JV_STRING: return "string";
    case JV_ARRAY: return "array";
    case JV_OBJECT: return "object";
    default: return "<invalid>";
    }
}

static void *jqv_alloc(jvh *h, size_t n)
{
    void *p = sk_alloc_sized(h->a, n);
    if (!p) h->oom = 1;
    return p;
}

/* ---- numbers --------------------------------------------------------------- */

jv jqv_numlit(jvh *h, const char *s, size_t n, double d)
{
    if (n > 0xffffff) return jqv_number(d);
    jqv_lit *l = jqv_alloc(h, sizeof *l + n + 1);
    if (!l) return jqv_none();
    l->rc = 1;
    l->len = (uint32_t)n;
    l->d = d;
    memcpy(l->p, s, n);
    l->p[n] = 0;
    jv v = jqv_mk(JV_NUMBER);
    v.lit = 1;
    v.u.l = l;
    return v;
}

int jqv_is_integer(jv v)
{
    if (v.kind != JV_NUMBER) return 0;
    double d = jqv_num(v);
    return d == floor(d) && fabs(d) < 9007199254740992.0;
}

/* Copy nd coefficient digits of s[from..end) (skipping the point) to
 * buf at o, with a '.' before digit dot_at. */
static size_t emit_digits(const char *s, size_t from, size_t end, size_t nd, char *buf, size_t o, size_t dot_at)
{
    size_t k = 0;
    for (size_t q = from; q < end && k < nd; q++) {
        if (s[q] == '.') continue;
        if (k == dot_at) buf[o++] = '.';
        buf[o++] = s[q];
        k++;
    }
    return o;
}

/* decNumber's to-scientific-string of a JSON-ish literal
 * [-]digits[.digits][e[+-]digits], written into buf (n + 32 bytes). */
size_t jqv_numlit_canon(const char *s, size_t n, char *buf)
{
    size_t i = 0, o = 0;
    int neg = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) { neg = s[i] == '-'; i++; }
    /* the coefficient's digits are s[i..end) minus one '.', counted here */
    size_t start = i, nd = 0, first_sig = (size_t)-1, sig_index = 0;
    long long exp = 0;
    int seen_point = 0;
    for (; i < n; i++) {
        char ch = s[i];
        if (ch >= '0' && ch <= '9') {
            if (first_sig == (size_t)-1 && ch != '0') { first_sig = i; sig_index = nd; }
            nd++;
            if (seen_point) exp--;
        } else if (ch == '.') seen_point = 1;
        else break;
    }
    size_t end = i;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int eneg = 0;
        if (i < n && (s[i] == '-' || s[i] == '+')) { eneg = s[i] == '-'; i++; }
        long long e = 0;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            if (e < 1000000000) e = e * 10 + (s[i] - '0');
        exp += eneg ? -e : e;
    }
    /* leading zeros go (one digit stays) */
    size_t from;
    if (first_sig == (size_t)-1) {
        /* all zeros: keep the last digit */
        from = end;
        while (from > start && (s[from - 1] < '0' || s[from - 1] > '9')) from--;
        if (from > start) from--;
        nd = nd ? 1 : 0;
    } else {
        from = first_sig;
        nd -= sig_index;
    }
    if (nd == 0) { buf[0] = '0'; buf[1] = 0; return 1; }
    if (neg) buf[o++] = '-';
    long long adj = exp + (long long)nd - 1;
    if (exp <= 0 && adj >= -6) {
        if (exp == 0) {
            o = emit_digits(s, from, end, nd, buf, o, (size_t)-1);
        } else if ((long long)nd > -exp) {
            o = emit_digits(s, from, end, nd, buf, o, (size_t)((long long)nd + exp));
        } else {
            buf[o++] = '0';
            buf[o++] = '.';
            for (long long z = -exp - (long long)nd; z > 0; z--) buf[o++] = '0';
            o = emit_digits(s, from, end, nd, buf, o, (size_t)-1);
        }
    } else {
        o = emit_digits(s, from, end, nd, buf, o, 1);
        o += (size_t)sprintf(buf + o, "E%c%lld", adj < 0 ? '-' : '+', adj < 0 ? -adj : adj);
    }
    buf[o] = 0;
    return o;
}

/* ---- UTF-8 ----------------------------------------------------------------- */

int jqv_utf8_decode(const char *p, size_t n, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)p;
    unsigned c = s[0];
    if (c < 0x80) { *cp = c; return 1; }
    int len;
    uint32_t v, min;
    if (c >= 0xc2 && c <= 0xdf) { len = 2; v = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { len = 3; v = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { len = 4; v = c & 0x07; min = 0x10000; }
    else { *cp = 0xFFFD; return 1; }
    if ((size_t)len > n) { *cp = 0xFFFD; return 1; }
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) { *cp = 0xFFFD; return 1; }
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) { *cp = 0xFFFD; return 1; }
    *cp = v;
    return len;
}

int jqv_utf8_encode(uint32_t cp, char *out)
{
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) { o[0] = (unsigned char)(0xc0 | (cp >> 6)); o[1] = (unsigned char)(0x80 | (cp & 0x3f)); return 2; }
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xe0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        o[2] = (unsigned char)(0x80 | (cp & 0x3f));
        return 3;
    }
    o[0] = (unsigned char)(0xf0 | (cp >> 18));
    o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    o[3] = (unsigned char)(0x80 | (cp & 0x3f));
    return 4;
}

int jqv_utf8_valid(const char *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        if ((unsigned char)p[i] < 0x80) { i++; continue; }
        uint32_t cp;
        int l = jqv_utf8_decode(p + i, n - i, &cp);
        if (cp == 0xFFFD && l == 1) return 0;
        i += (size_t)l;
    }
    return 1;
}

/* ---- strings ---------------------------------------------------------------- */

static jqv_str *str_alloc(jvh *h, size_t n)
{
    if (n > SIZE_MAX / 2) { h->oom = 1; return NULL; }
    jqv_str *s = jqv_alloc(h, sizeof *s + n + 1);
    if (!s) return NULL;
    s->rc = 1;
    s->hash = 0;
    s->len = n;
    s->p[n] = 0;
    return s;
}

static jv str_jv(jqv_str *s)
{
    if (!s) return jqv_none();
    jv v = jqv_mk(JV_STRING);
    v.u.s = s;
    return v;
}

jv jqv_string_raw(jvh *h, const char *p, size_t n)
{
    jqv_str *s = str_alloc(h, n);
    if (!s) return jqv_none();
    if (n) memcpy(s->p, p, n);
    return str_jv(s);
}

jv jqv_string(jvh *h, const char *p, size_t n)
{
    if (jqv_utf8_valid(p, n)) return jqv_string_raw(h, p, n);
    /* count the repaired length first */
    size_t out = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int l = jqv_utf8_decode(p + i, n - i, &cp);
        out += cp == 0xFFFD && l == 1 ? 3 : (size_t)l;
        i += (size_t)l;
    }
    jqv_str *s = str_alloc(h, out);
    if (!s) return jqv_none();
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int l = jqv_utf8_decode(p + i, n - i, &cp);
        if (cp == 0xFFFD && l == 1) o += (size_t)jqv_utf8_encode(0xFFFD, s->p + o);
        else { memcpy(s->p + o, p + i, (size_t)l); o += (size_t)l; }
        i += (size_t)l;
    }
    return str_jv(s);
}

jv jqv_string_z(jvh *h, const char *p) { return jqv_string(h, p, strlen(p)); }

jv jqv_string_fmt(jvh *h, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return jqv_string_raw(h, "", 0);
    if ((size_t)n < sizeof tmp) return jqv_string(h, tmp, (size_t)n);
    jqv_str *s = str_alloc(h, (size_t)n);
    if (!s) return jqv_none();
    va_start(ap, fmt);
    vsnprintf(s->p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    jv v = jqv_string(h, s->p, (size_t)n);
    jqv_free(h, str_jv(s));
    return v;
}

jv jqv_string_concat(jvh *h, jv a, jv b)
{
    if (a.kind != JV_STRING || b.kind != JV_STRING) { jqv_free(h, a); jqv_free(h, b); return jqv_none(); }
    if (b.u.s->len == 0) { jqv_free(h, b); return a; }
    if (a.u.s->len == 0) { jqv_free(h, a); return b; }
    jqv_str *s = str_alloc(h, a.u.s->len + b.u.s->len);
    if (s) {
        memcpy(s->p, a.u.s->p, a.u.s->len);
        memcpy(s->p + a.u.s->len, b.u.s->p, b.u.s->len);
    }
    jqv_free(h, a);
    jqv_free(h, b);
    return str_jv(s);
}

uint32_t jqv_str_hash(jqv_str *s)
{
    if (s->hash) return s->hash;
    uint32_t x = 2166136261u;
    for (size_t i = 0; i < s->len; i++) x = (x ^ (unsigned char)s->p[i]) * 16777619u;
    if (!x) x = 1;
    s->hash = x;
    return x;
}

static uint32_t bytes_hash(const char *p, size_t n)
{
    uint32_t x = 2166136261u;
    for (size_t i = 0; i < n; i++) x = (x ^ (unsigned char)p[i]) * 16777619u;
    return x ? x : 1;
}

size_t jqv_str_cplen(jv v)
{
    const unsigned char *p = (const unsigned char *)v.u.s->p;
    size_t n = v.u.s->len, c = 0;
    for (size_t i = 0; i < n; i++) c += (p[i] & 0xc0) != 0x80;
    return c;
}

/* ---- arrays ----------------------------------------------------------------- */

static jv arr_jv(jqv_arr *a)
{
    if (!a) return jqv_none();
    jv v = jqv_mk(JV_ARRAY);
    v.u.a = a;
    return v;
}

jv jqv_array_sized(jvh *h, size_t cap)
{
    if (cap > 0x7fffffff) { h->oom = 1; return jqv_none(); }
    jqv_arr *a = jqv_alloc(h, sizeof *a);
    if (!a) return jqv_none();
    a->rc = 1;
    a->len = 0;
    a->cap = (uint32_t)cap;
    a->v = NULL;
    a->free_next = NULL;
    if (cap) {
        a->v = jqv_alloc(h, cap * sizeof(jv));
        if (!a->v) { sk_free_sized(h->a, a, sizeof *a); return jqv_none(); }
    }
    return arr_jv(a);
}

jv jqv_array(jvh *h) { return jqv_array_sized(h, 0); }

jv jqv_array_get(jv a, size_t i)
{
    if (a.kind != JV_ARRAY || i >= a.u.a->len) return jqv_null();
    return jqv_copy(a.u.a->v[i]);
}

static int arr_reserve(jvh *h, jqv_arr *a, size_t need)
{
    if (need <= a->cap) return 0;
    if (need > 0x7fffffff) { h->oom = 1; return -1; }
    size_t cap = a->cap ? a->cap : 4;
    while (cap < need) cap *= 2;
    if (cap > 0x7fffffff) cap = 0x7fffffff;
    jv *nv = sk_realloc_sized(h->a, a->v, a->cap * sizeof(jv), cap * sizeof(jv));
    if (!nv) { h->oom = 1; return -1; }
    a->v = nv;
    a->cap = (uint32_t)cap;
    return 0;
}

jv jqv_array_unshare(jvh *h, jv a)
{
    if (a.kind != JV_ARRAY) return a;
    if (a.u.a->rc == 1) return a;
    jv n = jqv_array_sized(h, a.u.a->len);
    if (n.kind == JV_NONE) { jqv_free(h, a); return n; }
    for (uint32_t i = 0; i < a.u.a->len; i++) n.u.a->v[i] = jqv_copy(a.u.a->v[i]);
    n.u.a->len = a.u.a->len;
    jqv_free(h, a);
    return n;
}

jv jqv_array_append(jvh *h, jv a, jv item)
{
    if (a.kind != JV_ARRAY || item.kind == JV_NONE) { jqv_free(h, a); jqv_free(h, item); return jqv_none(); }
    a = jqv_array_unshare(h, a);
    if (a.kind != JV_ARRAY || arr_reserve(h, a.u.a, (size_t)a.u.a->len + 1)) {
        jqv_free(h, a);
        jqv_free(h, item);
        return jqv_none();
    }
    a.u.a->v[a.u.a->len++] = item;
    return a;
}

jv jqv_array_set(jvh *h, jv a, size_t i, jv item)
{
    if (a.kind != JV_ARRAY || item.kind == JV_NONE) { jqv_free(h, a); jqv_free(h, item); return jqv_none(); }
    a = jqv_array_unshare(h, a);
    if (a.kind != JV_ARRAY || arr_reserve(h, a.u.a, i + 1)) {
        jqv_free(h, a);
        jqv_free(h, item);
        return jqv_none();
    }
    jqv_arr *r = a.u.a;
    while (r->len <= i) r->v[r->len++] = jqv_null();
    jv old = r->v[i];
    r->v[i] = item;
    jqv_free(h, old);
    return a;
}

jv jqv_array_concat(jvh *h, jv a, jv b)
{
    if (a.kind != JV_ARRAY || b.kind != JV_ARRAY) { jqv_free(h, a); jqv_free(h, b); return jqv_none(); }
    if (b.u.a->len == 0) { jqv_free(h, b); return a; }
    if (a.u.a->len == 0) { jqv_free(h, a); return b; }
    a = jqv_array_unshare(h, a);
    if (a.kind != JV_ARRAY || arr_reserve(h, a.u.a, (size_t)a.u.a->len + b.u.a->len)) {
        jqv_free(h, a);
        jqv_free(h, b);
        return jqv_none();
    }
    for (uint32_t i = 0; i < b.u.a->len; i++) a.u.a->v[a.u.a->len++] = jqv_copy(b.u.a->v[i]);
    jqv_free(h, b);
    return a;
}

jv jqv_array_slice(jvh *h, jv a, size_t from, size_t to)
{
    if (a.kind != JV_ARRAY) { jqv_free(h, a); return jqv_none(); }
    if (to > a.u.a->len) to = a.u.a->len;
    if (from > to) from = to;
    if (from == 0 && to == a.u.a->len) return a;
    jv n = jqv_array_sized(h, to - from);
    if (n.kind != JV_NONE) {
        for (size_t i = from; i < to; i++) n.u.a->v[i - from] = jqv_copy(a.u.a->v[i]);
        n.u.a->len = (uint32_t)(to - from);
    }
    jqv_free(h, a);
    return n;
}

/* ---- objects ---------------------------------------------------------------- */

static jv obj_jv(jqv_obj *o)
{
    if (!o) return jqv_none();
    jv v = jqv_mk(JV_OBJECT);
    v.u.o = o;
    return v;
}

jv jqv_object(jvh *h)
{
    jqv_obj *o = jqv_alloc(h, sizeof *o);
    if (!o) return jqv_none();
    memset(o, 0, sizeof *o);
    o->rc = 1;
    return obj_jv(o);
}

#define OBJ_LINEAR 8

static int obj_build_index(jvh *h, jqv_obj *o)
{
    uint32_t icap = 16;
    while (icap < o->used * 2 + 2) icap *= 2;
    uint32_t *idx = jqv_alloc(h, icap * sizeof *idx);
    if (!idx) return -1;
    memset(idx, 0, icap * sizeof *idx);
    for (uint32_t i = 0; i < o->used; i++) {
        jqv_str *k = o->slots[i].key;
        if (!k) continue;
        uint32_t j = jqv_str_hash(k) & (icap - 1);
        while (idx[j]) j = (j + 1) & (icap - 1);
        idx[j] = i + 1;
    }
    if (o->idx) sk_free_sized(h->a, o->idx, o->icap * sizeof *o->idx);
    o->idx = idx;
    o->icap = icap;
    return 0;
}

static long obj_lookup(const jqv_obj *o, const char *k, size_t klen, uint32_t hash)
{
    if (!o->idx) {
        for (uint32_t i = 0; i < o->used; i++) {
            jqv_str *s = o->slots[i].key;
            if (s && s->len == klen && memcmp(s->p, k, klen) == 0) return (long)i;
        }
        return -1;
    }
    uint32_t mask = o->icap - 1;
    for (uint32_t j = hash & mask;; j = (j + 1) & mask) {
        uint32_t e = o->idx[j];
        if (!e) return -1;
        jqv_str *s = o->slots[e - 1].key;
        if (s && s->len == klen && (!s->hash || s->hash == hash) && memcmp(s->p, k, klen) == 0)
            return (long)(e - 1);
    }
}

jv *jqv_object_find(jv o, const char *k, size_t klen)
{
    if (o.kind != JV_OBJECT) return NULL;
    jqv_obj *ob = o.u.o;
    long i = obj_lookup(ob, k, klen, ob->idx ? bytes_hash(k, klen) : 0);
    return i < 0 ? NULL : &ob->slots[i].val;
}

jv jqv_object_get(jv o, const char *k, size_t klen)
{
    jv *v = jqv_object_find(o, k, klen);
    return v ? jqv_copy(*v) : jqv_null();
}

jv jqv_object_unshare(jvh *h, jv o)
{
    if (o.kind != JV_OBJECT || o.u.o->rc == 1) return o;
    jqv_obj *src = o.u.o;
    jqv_obj *n = jqv_alloc(h, sizeof *n);
    if (!n) { jqv_free(h, o); return jqv_none(); }
    memset(n, 0, sizeof *n);
    n->rc = 1;
    if (src->count) {
        n->slots = jqv_alloc(h, src->count * sizeof *n->slots);
        if (!n->slots) { sk_free_sized(h->a, n, sizeof *n); jqv_free(h, o); return jqv_none(); }
        n->cap = src->count;
        for (uint32_t i = 0; i < src->used; i++) {
            if (!src->slots[i].key) continue;
            src->slots[i].key->rc++;
            n->slots[n->used].key = src->slots[i].key;
            n->slots[n->used].val = jqv_copy(src->slots[i].val);
            n->used++;
        }
        n->count = n->used;
        if (n->used > OBJ_LINEAR && obj_build_index(h, n)) {
            jv nv = obj_jv(n);
            jqv_free(h, nv);
            jqv_free(h, o);
            return jqv_none();
        }
    }
    jqv_free(h, o);
    return obj_jv(n);
}

/* Drop deleted slots when they dominate. */
static int obj_compact(jvh *h, jqv_obj *o)
{
    uint32_t w = 0;
    for (uint32_t i = 0; i < o->used; i++)
        if (o->slots[i].key) o->slots[w++] = o->slots[i];
    o->used = w;
    if (o->idx) {
        if (o->used > OBJ_LINEAR) return obj_build_index(h, o);
        sk_free_sized(h->a, o->idx, o->icap * sizeof *o->idx);
        o->idx = NULL;
        o->icap = 0;
    }
    return 0;
}

jv jqv_object_set(jvh *h, jv o, jv key, jv val)
{
    if (o.kind != JV_OBJECT || key.kind != JV_STRING || val.kind == JV_NONE) {
        jqv_free(h, o); jqv_free(h, key); jqv_free(h, val);
        return jqv_none();
    }
    o = jqv_object_unshare(h, o);
    if (o.kind != JV_OBJECT) { jqv_free(h, key); jqv_free(h, val); return o; }
    jqv_obj *ob = o.u.o;
    uint32_t hash = jqv_str_hash(key.u.s);
    long i = obj_lookup(ob, key.u.s->p, key.u.s->len, hash);
    if (i >= 0) {
        jv old = ob->slots[i].val;
        ob->slots[i].val = val;
        jqv_free(h, old);
        jqv_free(h, key);
        return o;
    }
    if (ob->used == ob->cap) {
        if (ob->used > ob->count * 2 + 8) {
            if (obj_compact(h, ob)) goto fail;
        }
        if (ob->used == ob->cap) {
            uint32_t cap = ob->cap ? ob->cap * 2 : 4;
            jqv_slot *ns = sk_realloc_sized(h->a, ob->slots, ob->cap * sizeof *ns, cap * sizeof *ns);
            if (!ns) { h->oom = 1; goto fail; }
            ob->slots = ns;
            ob->cap = cap;
        }
    }
    ob->slots[ob->used].key = key.u.s;
    ob->slots[ob->used].val = val;
    ob->used++;
    ob->count++;
    if (ob->used > OBJ_LINEAR) {
        if (!ob->idx || ob->used * 2 > ob->icap) {
            if (obj_build_index(h, ob)) { /* the slot is in; the object stays valid without index */
                return o;
            }
        } else {
            uint32_t mask = ob->icap - 1, j = hash & mask;
            while (ob->idx[j]) j = (j + 1) & mask;
            ob->idx[j] = ob->used;
        }
    }
    return o;
fail:
    jqv_free(h, key);
    jqv_free(h, val);
    jqv_free(h, o);
    return jqv_none();
}

jv jqv_object_setz(jvh *h, jv o, const char *key, jv val)
{
    return jqv_object_set(h, o, jqv_string_raw(h, key, strlen(key)), val);
}

jv jqv_object_del(jvh *h, jv o, const char *k, size_t klen)
{
    if (o.kind != JV_OBJECT) return o;
    if (!jqv_object_find(o, k, klen)) return o;
    o = jqv_object_unshare(h, o);
    if (o.kind != JV_OBJECT) return o;
    jqv_obj *ob = o.u.o;
    long i = obj_lookup(ob, k, klen, ob->idx ? bytes_hash(k, klen) : 0);
    if (i < 0) return o;
    jqv_str *key = ob->slots[i].key;
    jv val = ob->slots[i].val;
    ob->slots[i].key = NULL;
    ob->slots[i].val = jqv_null();
    ob->count--;
    jv ks = str_jv(key);
    jqv_free(h, ks);
    jqv_free(h, val);
    if (ob->used > 16 && ob->used > ob->count * 2) obj_compact(h, ob);
    return o;
}

jv jqv_object_merge(jvh *h, jv o, jv p)
{
    if (o.kind != JV_OBJECT || p.kind != JV_OBJECT) { jqv_free(h, o); jqv_free(h, p); return jqv_none(); }
    if (o.u.o->count == 0) { jqv_free(h, o); return p; }
    JV_OBJECT_FOREACH(p, s) {
        s->key->rc++;
        o = jqv_object_set(h, o, str_jv(s->key), jqv_copy(s->val));
        if (o.kind == JV_NONE) break;
    }
    jqv_free(h, p);
    return o;
}

jv jqv_object_merge_deep(jvh *h, jv o, jv p, int depth)
{
    if (o.kind != JV_OBJECT || p.kind != JV_OBJECT) { jqv_free(h, o); jqv_free(h, p); return jqv_none(); }
    if (depth > 10000) { h->too_deep = 1; jqv_free(h, o); jqv_free(h, p); return jqv_none(); }
    JV_OBJECT_FOREACH(p, s) {
        jv *cur = jqv_object_find(o, s->key->p, s->key->len);
        jv nv;
        if (cur && cur->kind == JV_OBJECT && s->val.kind == JV_OBJECT)
            nv = jqv_object_merge_deep(h, jqv_copy(*cur), jqv_copy(s->val), depth + 1);
        else nv = jqv_copy(s->val);
        s->key->rc++;
        o = jqv_object_set(h, o, str_jv(s->key), nv);
        if (o.kind == JV_NONE) break;
    }
    jqv_free(h, p);
    return o;
}

static int key_cmp(const jqv_str *a, const jqv_str *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int r = memcmp(a->p, b->p, n);
    if (r) return r;
    return a->len < b->len ? -1 : a->len > b->len;
}

/* Insertion sort for small, merge sort otherwise, over slot indices. */
uint32_t *jqv_object_sorted_slots(jvh *h, jv o)
{
    jqv_obj *ob = o.u.o;
    uint32_t n = ob->count;
    uint32_t *ix = sk_malloc(h->a, (size_t)(n ? n : 1) * 2 * sizeof *ix);
    if (!ix) { h->oom = 1; return NULL; }
    uint32_t k = 0;
    for (uint32_t i = 0; i < ob->used; i++)
        if (ob->slots[i].key) ix[k++] = i;
    uint32_t *tmp = ix + n;
    for (uint32_t width = 1; width < n; width *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = lo + width < n ? lo + width : n;
            uint32_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            uint32_t a = lo, b = mid, t = lo;
            while (a < mid && b < hi)
                tmp[t++] = key_cmp(ob->slots[ix[a]].key, ob->slots[ix[b]].key) <= 0 ? ix[a++] : ix[b++];
            while (a < mid) tmp[t++] = ix[a++];
            while (b < hi) tmp[t++] = ix[b++];
        }
        memcpy(ix, tmp, n * sizeof *ix);
    }
    return ix;
}

jv jqv_keys(jvh *h, jv o, int sorted)
{
    if (o.kind != JV_OBJECT) return jqv_none();
    jv r = jqv_array_sized(h, o.u.o->count);
    if (r.kind == JV_NONE) return r;
    if (sorted) {
        uint32_t *ix = jqv_object_sorted_slots(h, o);
        if (!ix) { jqv_free(h, r); return jqv_none(); }
        for (uint32_t i = 0; i < o.u.o->count; i++) {
            jqv_str *k = o.u.o->slots[ix[i]].key;
            k->rc++;
            r.u.a->v[r.u.a->len++] = str_jv(k);
        }
        sk_free(h->a, ix);
    } else {
        JV_OBJECT_FOREACH(o, s) {
            s->key->rc++;
            r.u.a->v[r.u.a->len++] = str_jv(s->key);
        }
    }
    return r;
}

/* ---- freeing ---------------------------------------------------------------- */

static void free_leaf(jvh *h, jv v)
{
    if (v.kind == JV_STRING) sk_free_sized(h->a, v.u.s, sizeof(jqv_str) + v.u.s->len + 1);
    else sk_free_sized(h->a, v.u.l, sizeof(jqv_lit) + v.u.l->len + 1);
}

/* Release one reference; containers reaching zero go on the work lists. */
static void drop(jvh *h, jv v, jqv_arr **arrs, jqv_obj **objs)
{
    if (!jqv_is_heap(v)) return;
    uint32_t *rc = (uint32_t *)v.u.s;
    if (--*rc) return;
    if (v.kind == JV_ARRAY) { v.u.a->free_next = *arrs; *arrs = v.u.a; }
    else if (v.kind == JV_OBJECT) { v.u.o->free_next = *objs; *objs = v.u.o; }
    else free_leaf(h, v);
}

void jqv_free(jvh *h, jv v)
{
    if (!jqv_is_heap(v)) return;
    jqv_arr *arrs = NULL;
    jqv_obj *objs = NULL;
    drop(h, v, &arrs, &objs);
    while (arrs || objs) {
        if (arrs) {
            jqv_arr *a = arrs;
            arrs = a->free_next;
            for (uint32_t i = 0; i < a->len; i++) drop(h, a->v[i], &arrs, &objs);
            if (a->v) sk_free_sized(h->a, a->v, a->cap * sizeof(jv));
            sk_free_sized(h->a, a, sizeof *a);
        } else {
            jqv_obj *o = objs;
            objs = o->free_next;
            for (uint32_t i = 0; i < o->used; i++) {
                if (!o->slots[i].key) continue;
                drop(h, str_jv(o->slots[i].key), &arrs, &objs);
                drop(h, o->slots[i].val, &arrs, &objs);
            }
            if (o->slots) sk_free_sized(h->a, o->slots, o->cap * sizeof *o->slots);
            if (o->idx) sk_free_sized(h->a, o->idx, o->icap * sizeof *o->idx);
            sk_free_sized(h->a, o, sizeof *o);
        }
    }
}

int jqv_identical(jv a, jv b)
{
    if (a.kind != b.kind || a.lit != b.lit) return 0;
    if (jqv_is_heap(a)) return a.u.s == b.u.s;
    if (a.kind == JV_NUMBER) return memcmp(&a.u.n, &b.u.n, sizeof a.u.n) == 0;
    return 1;
}
