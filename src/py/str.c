/* str.c — Python str: immutable UTF-8 with a cached code-point length and
 * an ASCII flag (ASCII strings index in O(1); others walk the bytes).
 *
 * Identifiers and constants are interned (I->interned), so attribute and
 * global lookups can compare pointers before bytes.  This file holds the
 * core type (creation, hashing, repr, comparison, indexing, concatenation);
 * the methods live in strmeth.c and formatting in fmt.c.
 *
 * Must never: produce invalid UTF-8 (callers validate foreign bytes).
 */
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "py/core.h"

/* ---- UTF-8 helpers ---------------------------------------------------------------- */
int py_utf8_decode(const char *s, size_t n, size_t *i, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    size_t left = n - *i;
    unsigned c = p[0];
    if (c < 0x80) { *cp = c; *i += 1; return 0; }
    if (c >= 0xC2 && c < 0xE0 && left >= 2 && (p[1] & 0xC0) == 0x80) {
        *cp = ((c & 0x1F) << 6) | (p[1] & 0x3F);
        *i += 2;
        return 0;
    }
    if (c >= 0xE0 && c < 0xF0 && left >= 3 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
        uint32_t v = ((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        if (v >= 0x800) { *cp = v; *i += 3; return 0; }
    }
    if (c >= 0xF0 && c < 0xF5 && left >= 4 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80 &&
        (p[3] & 0xC0) == 0x80) {
        uint32_t v = ((c & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        if (v >= 0x10000 && v <= 0x10FFFF) { *cp = v; *i += 4; return 0; }
    }
    *cp = c;
    *i += 1;
    return -1;
}

int py_utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) { out[0] = (char)(0xC0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

int py_utf8_valid(const char *s, size_t n, size_t *bad)
{
    size_t i = 0;
    while (i < n) {
        if ((unsigned char)s[i] < 0x80) { i++; continue; }
        size_t at = i;
        uint32_t cp;
        /* accept WTF-8 surrogates (lone surrogates from escapes) */
        const unsigned char *p = (const unsigned char *)s + i;
        if (p[0] == 0xED && n - i >= 3 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) { i += 3; continue; }
        if (py_utf8_decode(s, n, &i, &cp)) { if (bad) *bad = at; return 0; }
    }
    return 1;
}

size_t py_utf8_count(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* ---- construction --------------------------------------------------------------- */
/* Bytes of a str object: instances of str subclasses carry their __dict__
 * slot after the (8-byte aligned) text. */
static size_t str_text_end(size_t len) { return (offsetof(py_strobj, data) + len + 1 + 7) & ~(size_t)7; }

size_t py_str_dict_offset(py_val v) { return str_text_end(PY_STR(v)->len); }

static void str_dealloc(py_interp *I, py_obj *o)
{
    py_strobj *s = (py_strobj *)o;
    if (o->type->flags & PY_TF_HEAP) {
        size_t off = str_text_end(s->len);
        if (o->type->dictoffset) PY_CLEAR(I, *(py_val *)((char *)o + off));
        py_obj_free(I, o, off + sizeof(py_val));
        return;
    }
    py_obj_free(I, o, sizeof(py_strobj) + s->len + 1);
}

py_val py_str_uninit(py_interp *I, size_t n, char **data)
{
    py_strobj *s = (py_strobj *)py_alloc(I, sizeof(py_strobj) + n + 1);
    if (!s) return PY_NULL;
    s->ob.rc = 1;
    s->ob.gcrefs = 0;
    s->ob.type = PY_TYPE(I, PY_T_STR);
    s->hash = -1;
    s->len = n;
    s->cplen = n;
    s->ascii = 1;
    s->interned = 0;
    s->data[n] = 0;
    *data = s->data;
    return PY_VAL(s);
}

py_val py_str_finish(py_interp *I, py_val v)
{
    (void)I;
    py_strobj *s = PY_STR(v);
    size_t cp = 0;
    int ascii = 1;
    for (size_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        if (c >= 0x80) ascii = 0;
        cp += (c & 0xC0) != 0x80;
    }
    s->cplen = cp;
    s->ascii = (uint8_t)ascii;
    return v;
}

py_val py_str_new(py_interp *I, const char *p, size_t n)
{
    if (n == 0 && I->empty_str) return py_newref(I->empty_str);
    if (n == 1 && (unsigned char)p[0] < 128) return py_str_char(I, (unsigned char)p[0]);
    char *d;
    py_val v = py_str_uninit(I, n, &d);
    if (!v) return PY_NULL;
    memcpy(d, p, n);
    return py_str_finish(I, v);
}

py_val py_str_cstr(py_interp *I, const char *s) { return py_str_new(I, s, strlen(s)); }

py_val py_str_fmt(py_interp *I, const char *fmt, ...)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    va_list ap;
    va_start(ap, fmt);
    int r = sk_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (r) { sk_buf_free(&b); return py_err_nomem(I); }
    return py_str_from_buf(I, &b);
}

py_val py_str_from_buf(py_interp *I, sk_buf *b)
{
    py_val r = py_str_new(I, b->p ? b->p : "", b->len);
    sk_buf_free(b);
    return r;
}

int py_buf_put_str(sk_buf *b, py_val s) { return sk_buf_put(b, py_str_data(s), py_str_len(s)); }

py_val py_str_char(py_interp *I, uint32_t cp)
{
    if (cp < 128) {
        if (I->chars[cp]) return py_newref(I->chars[cp]);
        char *d;
        py_val v = py_str_uninit(I, 1, &d);
        if (!v) return PY_NULL;
        d[0] = (char)cp;
        I->chars[cp] = v;
        return py_newref(v);
    }
    char buf[4];
    int n = py_utf8_encode(cp, buf);
    char *d;
    py_val v = py_str_uninit(I, (size_t)n, &d);
    if (!v) return PY_NULL;
    memcpy(d, buf, (size_t)n);
    PY_STR(v)->cplen = 1;
    PY_STR(v)->ascii = 0;
    return v;
}

/* ---- hashing and interning ----------------------------------------------------- */
int64_t py_hash_bytes(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    int64_t r = (int64_t)h;
    if (r == -1) r = -2;
    return r;
}

int64_t py_str_hash(py_val v)
{
    py_strobj *s = PY_STR(v);
    if (s->hash != -1) return s->hash;
    int64_t r = py_hash_bytes(s->data, s->len);
    s->hash = r;
    return r;
}

int py_str_eq(py_val a, py_val b)
{
    if (a == b) return 1;
    py_strobj *x = PY_STR(a), *y = PY_STR(b);
    if (x->len != y->len) return 0;
    if (x->interned && y->interned) return 0;
    if (x->hash != -1 && y->hash != -1 && x->hash != y->hash) return 0;
    return memcmp(x->data, y->data, x->len) == 0;
}

int py_str_eq_c(py_val a, const char *s)
{
    if (!py_is_ptr(a) || !(PY_OBJ(a)->type->flags & PY_TF_STR_SUB)) return 0;
    size_t n = strlen(s);
    return py_str_len(a) == n && memcmp(py_str_data(a), s, n) == 0;
}

py_val py_intern_str(py_interp *I, py_val s)
{
    if (PY_STR(s)->interned) return s;
    if (!I->interned) {
        I->interned = py_dict_new_presized(I, 128);
        if (!I->interned) { py_decref(I, s); return PY_NULL; }
    }
    py_val got = py_dict_get(I, I->interned, s);
    if (got) {
        py_incref(got);
        py_decref(I, s);
        return got;
    }
    if (py_dict_set(I, I->interned, s, s)) { py_decref(I, s); return PY_NULL; }
    /* the table holds two references (key and value); they are released at
     * teardown by clearing the dict */
    PY_STR(s)->interned = 1;
    return s;
}

py_val py_intern_n(py_interp *I, const char *p, size_t n)
{
    if (I->interned) {
        /* already interned: no temporary string */
        py_val got = py_dict_get_strbytes(I->interned, p, n, py_hash_bytes(p, n));
        if (got) return py_newref(got);
    }
    py_val s = py_str_new(I, p, n);
    if (!s) return PY_NULL;
    return py_intern_str(I, s);
}

py_val py_intern(py_interp *I, const char *p) { return py_intern_n(I, p, strlen(p)); }

static const char *const id_names[PY_ID_COUNT] = {
#define X(n) #n,
    PY_IDS(X)
#undef X
};

py_val py_id_make(py_interp *I, int id)
{
    py_val s = py_intern(I, id_names[id]);
    if (!s) return PY_NULL;
    I->ids[id] = s;     /* the interp keeps this reference until teardown */
    return s;
}

/* ---- repr ----------------------------------------------------------------------- */
static int is_printable(uint32_t cp)
{
    if (cp < 0x20 || cp == 0x7F) return 0;
    if (cp < 0x7F) return 1;
    utf8proc_category_t c = utf8proc_category((utf8proc_int32_t)cp);
    switch (c) {
    case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP: case UTF8PROC_CATEGORY_ZS:
        return 0;
    default:
        return 1;
    }
}

int py_str_repr_buf(py_interp *I, const char *s, size_t n, sk_buf *out, int ascii_only)
{
    int sq = 0, dq = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') sq = 1;
        else if (s[i] == '"') dq = 1;
    }
    char quote = (sq && !dq) ? '"' : '\'';
    int r = sk_buf_putc(out, quote);
    size_t i = 0;
    while (i < n && !r) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            i++;
            if (c == (unsigned char)quote || c == '\\') { r |= sk_buf_putc(out, '\\'); r |= sk_buf_putc(out, c); }
            else if (c == '\n') r |= sk_buf_puts(out, "\\n");
            else if (c == '\r') r |= sk_buf_puts(out, "\\r");
            else if (c == '\t') r |= sk_buf_puts(out, "\\t");
            else if (c < 0x20 || c == 0x7F) r |= sk_buf_printf(out, "\\x%02x", c);
            else r |= sk_buf_putc(out, c);
            continue;
        }
        size_t start = i;
        uint32_t cp;
        const unsigned char *p = (const unsigned char *)s + i;
        if (p[0] == 0xED && n - i >= 3 && (p[1] & 0xC0) == 0x80 && (p[1] & 0x20)) {
            /* WTF-8 lone surrogate */
            cp = ((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
            i += 3;
            r |= sk_buf_printf(out, "\\u%04x", cp);
            continue;
        }
        if (py_utf8_decode(s, n, &i, &cp)) { r |= sk_buf_printf(out, "\\x%02x", c); continue; }
        if (!ascii_only && is_printable(cp)) r |= sk_buf_put(out, s + start, i - start);
        else if (cp < 0x100) r |= sk_buf_printf(out, "\\x%02x", cp);
        else if (cp < 0x10000) r |= sk_buf_printf(out, "\\u%04x", cp);
        else r |= sk_buf_printf(out, "\\U%08x", cp);
    }
    r |= sk_buf_putc(out, quote);
    if (r) { py_err_nomem(I); return -1; }
    return 0;
}

py_val py_str_repr(py_interp *I, py_val v)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (py_str_repr_buf(I, py_str_data(v), py_str_len(v), &b, 0)) { sk_buf_free(&b); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

static py_val str_str(py_interp *I, py_val v)
{
    if (PY_OBJ(v)->type->flags & PY_TF_HEAP) return py_str_new(I, py_str_data(v), py_str_len(v));
    return py_newref(v);
}

/* ---- indexing -------------------------------------------------------------------- */
size_t py_utf8_offset(py_val v, int64_t cpi)
{
    py_strobj *s = PY_STR(v);
    if (s->ascii) return (size_t)cpi;
    if ((size_t)cpi >= s->cplen) return s->len;
    size_t i = 0;
    int64_t k = 0;
    while (i < s->len) {
        if (((unsigned char)s->data[i] & 0xC0) != 0x80) {
            if (k == cpi) return i;
            k++;
        }
        i++;
    }
    return s->len;
}

py_val py_str_getitem_cp(py_interp *I, py_val v, int64_t i)
{
    py_strobj *s = PY_STR(v);
    if (s->ascii) return py_str_char(I, (unsigned char)s->data[i]);
    size_t off = py_utf8_offset(v, i);
    size_t j = off;
    uint32_t cp;
    py_utf8_decode(s->data, s->len, &j, &cp);
    return py_str_new(I, s->data + off, j - off);
}

py_val py_str_substr_cp(py_interp *I, py_val v, int64_t start, int64_t stop)
{
    if (start >= stop) return py_newref(I->empty_str);
    py_strobj *s = PY_STR(v);
    if (start == 0 && (size_t)stop >= s->cplen && !(s->ob.type->flags & PY_TF_HEAP)) return py_newref(v);
    size_t a = py_utf8_offset(v, start);
    size_t b = (size_t)stop;
    if (!s->ascii) {
        /* walk from a */
        size_t i = a;
        int64_t k = start;
        while (i < s->len && k < stop) {
            i++;
            while (i < s->len && ((unsigned char)s->data[i] & 0xC0) == 0x80) i++;
            k++;
        }
        b = i;
    }
    char *d;
    py_val r = py_str_uninit(I, b - a, &d);
    if (!r) return PY_NULL;
    memcpy(d, s->data + a, b - a);
    PY_STR(r)->cplen = (size_t)(stop - start);
    PY_STR(r)->ascii = s->ascii;
    if (!s->ascii) py_str_finish(I, r);
    return r;
}

static py_val str_getitem(py_interp *I, py_val self, py_val key)
{
    py_strobj *s = PY_STR(self);
    if (py_is_int(key)) {
        int64_t i = py_int_val(key);
        if (i < 0) i += (int64_t)s->cplen;
        if (i < 0 || (uint64_t)i >= s->cplen) return py_err_str(I, PY_E_IndexError, "string index out of range");
        return py_str_getitem_cp(I, self, i);
    }
    if (PY_IS(key, SLICE)) {
        int64_t start, stop, step, n;
        if (py_slice_indices(I, key, (int64_t)s->cplen, &start, &stop, &step, &n)) return PY_NULL;
        if (step == 1) return py_str_substr_cp(I, self, start, stop);
        if (n <= 0) return py_newref(I->empty_str);
        sk_buf b = SK_BUF_INIT(I->alloc);
        for (int64_t k = 0, i = start; k < n; k++, i += step) {
            size_t off = py_utf8_offset(self, i), j = off;
            uint32_t cp;
            py_utf8_decode(s->data, s->len, &j, &cp);
            if (sk_buf_put(&b, s->data + off, j - off)) { sk_buf_free(&b); return py_err_nomem(I); }
        }
        return py_str_from_buf(I, &b);
    }
    if (py_is_intlike(key) || py_typeof(I, key)->s.index) {
        int64_t i;
        if (py_index_i64(I, key, &i, 1)) return PY_NULL;
        return str_getitem(I, self, py_int_small(i));
    }
    return py_err_fmt(I, PY_E_TypeError, "string indices must be integers, not '%s'", py_type_name(I, key));
}

static int64_t str_len(py_interp *I, py_val v) { (void)I; return (int64_t)PY_STR(v)->cplen; }

static int str_contains(py_interp *I, py_val self, py_val v)
{
    if (!py_is_str(v)) {
        py_err_fmt(I, PY_E_TypeError, "'in <string>' requires string as left operand, not %s", py_type_name(I, v));
        return -1;
    }
    if (py_str_len(v) == 0) return 1;
    return memmem(py_str_data(self), py_str_len(self), py_str_data(v), py_str_len(v)) != NULL;
}

py_val py_str_concat(py_interp *I, py_val a, py_val b)
{
    size_t la = py_str_len(a), lb = py_str_len(b);
    if (la == 0 && !(PY_OBJ(b)->type->flags & PY_TF_HEAP)) return py_newref(b);
    if (lb == 0 && !(PY_OBJ(a)->type->flags & PY_TF_HEAP)) return py_newref(a);
    char *d;
    py_val r = py_str_uninit(I, la + lb, &d);
    if (!r) return PY_NULL;
    memcpy(d, py_str_data(a), la);
    memcpy(d + la, py_str_data(b), lb);
    PY_STR(r)->cplen = PY_STR(a)->cplen + PY_STR(b)->cplen;
    PY_STR(r)->ascii = PY_STR(a)->ascii && PY_STR(b)->ascii;
    return r;
}

/* `a += b` where the VM has checked that nobody else can see `a` (its only
 * reference is the operand on the stack): grow `a` in place, so a loop that
 * appends to a string is linear, as in CPython.  On failure `a` is intact. */
py_val py_str_append_owned(py_interp *I, py_val a, py_val b)
{
    py_strobj *s = PY_STR(a);
    size_t la = s->len, lb = py_str_len(b);
    if (lb > SIZE_MAX / 2 - sizeof(py_strobj) - la) return py_err_nomem(I);
    py_strobj *ns = py_realloc(I, s, sizeof(py_strobj) + la + 1, sizeof(py_strobj) + la + lb + 1);
    if (!ns) return PY_NULL;
    memcpy(ns->data + la, py_str_data(b), lb);
    ns->data[la + lb] = 0;
    ns->len = la + lb;
    ns->cplen += PY_STR(b)->cplen;
    ns->ascii = ns->ascii && PY_STR(b)->ascii;
    ns->hash = -1;
    return PY_VAL(ns);
}

static py_val str_add(py_interp *I, py_val a, py_val b)
{
    if (!py_is_str(a)) return PY_NOTIMPL;
    if (!py_is_str(b)) return PY_NOTIMPL;
    return py_str_concat(I, a, b);
}

static py_val str_mul(py_interp *I, py_val a, py_val b)
{
    py_val s = a, n = b;
    if (!py_is_str(s)) { s = b; n = a; }
    if (!py_is_str(s)) return PY_NOTIMPL;
    if (!py_is_intlike(n)) {
        if (py_is_ptr(n) && py_typeof(I, n)->s.index) {
            int64_t k;
            if (py_index_i64(I, n, &k, 1)) return PY_NULL;
            n = py_int_small(k);
        } else {
            return PY_NOTIMPL;
        }
    }
    int64_t k;
    if (py_int_to_i64(I, n, &k)) {
        py_err_clear(I);
        if (py_int_sign(n) < 0) return py_newref(I->empty_str);
        return py_err_fmt(I, PY_E_OverflowError, "cannot fit '%s' into an index-sized integer", py_type_name(I, n));
    }
    if (k <= 0 || py_str_len(s) == 0) return py_newref(I->empty_str);
    size_t len = py_str_len(s);
    if ((uint64_t)k > ((uint64_t)1 << 40) / len) return py_err_nomem_size(I, (size_t)1 << 62);
    if (k == 1 && !(PY_OBJ(s)->type->flags & PY_TF_HEAP)) return py_newref(s);
    char *d;
    py_val r = py_str_uninit(I, len * (size_t)k, &d);
    if (!r) return PY_NULL;
    for (int64_t i = 0; i < k; i++) memcpy(d + (size_t)i * len, py_str_data(s), len);
    PY_STR(r)->cplen = PY_STR(s)->cplen * (size_t)k;
    PY_STR(r)->ascii = PY_STR(s)->ascii;
    return r;
}

static py_val str_mod(py_interp *I, py_val a, py_val b)
{
    if (!py_is_str(a)) return PY_NOTIMPL;
    return py_str_mod(I, a, b);
}

static int str_cmp(py_val a, py_val b)
{
    size_t la = py_str_len(a), lb = py_str_len(b);
    int c = memcmp(py_str_data(a), py_str_data(b), la < lb ? la : lb);
    if (c) return c < 0 ? -1 : 1;
    return la < lb ? -1 : la > lb;
}

static py_val str_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    (void)I;
    if (!py_is_str(a) || !py_is_str(b)) return PY_NOTIMPL;
    if (op == PY_EQ) return py_bool(py_str_eq(a, b));
    if (op == PY_NE) return py_bool(!py_str_eq(a, b));
    int c = str_cmp(a, b);
    switch (op) {
    case PY_LT: return py_bool(c < 0);
    case PY_LE: return py_bool(c <= 0);
    case PY_GT: return py_bool(c > 0);
    default: return py_bool(c >= 0);
    }
}

static int str_hash_slot(py_interp *I, py_val v, int64_t *out)
{
    (void)I;
    *out = py_str_hash(v);
    return 0;
}

static int str_truth(py_interp *I, py_val v) { (void)I; return py_str_len(v) != 0; }

/* iterator over code points */
static py_val str_iter(py_interp *I, py_val v)
{
    int ascii = PY_STR(v)->ascii;
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, ascii ? PY_T_STR_ITER : PY_T_STR_UITER), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(v);
    it->i = 0;     /* byte offset */
    return PY_VAL(it);
}

static py_val striter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    py_strobj *s = PY_STR(it->seq);
    if ((size_t)it->i >= s->len) { PY_CLEAR(I, it->seq); return PY_NULL; }
    unsigned char c = (unsigned char)s->data[it->i];
    if (c < 0x80) { it->i++; return py_str_char(I, c); }
    size_t j = (size_t)it->i;
    uint32_t cp;
    py_utf8_decode(s->data, s->len, &j, &cp);
    py_val r = py_str_new(I, s->data + it->i, j - (size_t)it->i);
    it->i = (int64_t)j;
    return r;
}

void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);
py_val py_iter_self(py_interp *I, py_val v);

static py_val str_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw);

extern const py_methoddef py_str_methods[];

const py_typedef py_str_typedef = {
    .name = "str", .base = PY_T_OBJECT, .flags = PY_TF_STR_SUB | PY_TF_BASETYPE,
    .basicsize = sizeof(py_strobj),
    .slots = {
        .dealloc = str_dealloc, .repr = py_str_repr, .str = str_str, .hash = str_hash_slot,
        .richcmp = str_richcmp, .iter = str_iter, .len = str_len, .getitem = str_getitem,
        .contains = str_contains, .truth = str_truth,
        .nb = { [PY_NB_ADD] = str_add, [PY_NB_MUL] = str_mul, [PY_NB_MOD] = str_mod },
        .new_ = str_new_slot,
    },
    .methods = py_str_methods,
};

const py_typedef py_striter_typedef = {
    .name = "str_ascii_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = striter_next },
};
/* the same iterator over a non-ASCII string: CPython names the two apart */
const py_typedef py_struiter_typedef = {
    .name = "str_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = striter_next },
};

/* str(object='', encoding=..., errors=...) */
static py_val str_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "object", "encoding", "errors", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (nargs == 1 && !kw && t->id == PY_T_STR && !(t->flags & PY_TF_HEAP)) {
        if (py_is_int(args[0])) return py_int_repr(I, args[0]);
        return py_str(I, args[0]);
    }
    if (nargs > 3 && !kw) return py_err_fmt(I, PY_E_TypeError, "str expected at most 3 arguments, got %zu", nargs);
    if (py_args_parse(I, "str", args, nargs, kw, names, 0, a)) return PY_NULL;
    py_val r;
    if (!a[0]) r = py_newref(I->empty_str);
    else if (a[1] || a[2]) {
        if (a[1] && !py_is_str(a[1])) return py_err_fmt(I, PY_E_TypeError, "str() argument 'encoding' must be str, not %s", py_type_name(I, a[1]));
        if (a[2] && !py_is_str(a[2])) return py_err_fmt(I, PY_E_TypeError, "str() argument 'errors' must be str, not %s", py_type_name(I, a[2]));
        const char *enc = a[1] && py_is_str(a[1]) ? py_str_data(a[1]) : "utf-8";
        const char *err = a[2] && py_is_str(a[2]) ? py_str_data(a[2]) : "strict";
        if (py_is_bytes(a[0])) r = py_bytes_decode(I, PY_BYTES(a[0])->data, PY_BYTES(a[0])->len, enc, err);
        else if (py_is_bytearray(a[0])) {
            py_bytearray *ba = (py_bytearray *)PY_OBJ(a[0]);
            r = py_bytes_decode(I, ba->data, ba->len, enc, err);
        } else if (py_is_str(a[0])) return py_err_str(I, PY_E_TypeError, "decoding str is not supported");
        else return py_err_fmt(I, PY_E_TypeError, "decoding to str: need a bytes-like object, %s found", py_type_name(I, a[0]));
    } else r = py_str(I, a[0]);
    if (!r) return PY_NULL;
    if (t != PY_TYPE(I, PY_T_STR)) {
        /* an instance of a str subclass: the text, then the __dict__ slot */
        if (!py_is_str(r) || PY_OBJ(r)->type->id != PY_T_STR || (PY_OBJ(r)->type->flags & PY_TF_HEAP)) {
            py_val plain = py_str_new(I, py_str_data(r), py_str_len(r));
            py_decref(I, r);
            if (!plain) return PY_NULL;
            r = plain;
        }
        size_t n = py_str_len(r);
        size_t off = str_text_end(n);
        py_strobj *s = (py_strobj *)py_obj_new(I, t, off + sizeof(py_val));
        if (!s) { py_decref(I, r); return PY_NULL; }
        s->hash = -1;
        s->len = n;
        s->cplen = PY_STR(r)->cplen;
        s->ascii = PY_STR(r)->ascii;
        memcpy(s->data, py_str_data(r), n + 1);
        py_decref(I, r);
        return PY_VAL(s);
    }
    return r;
}
