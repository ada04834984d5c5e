/* bytes.c — bytes and bytearray, and the codecs (utf-8, ascii, latin-1,
 * utf-16/32) used by str.encode / bytes.decode.
 *
 * Must never: let a bytearray resize while a method holds its data pointer
 * across a call into Python.
 */
#include <stdio.h>
#include <string.h>

#include "py/core.h"

int py_slice_arg(py_interp *I, py_val v, int64_t len, int64_t *out);
int py_repeat_count(py_interp *I, py_val n, int64_t *out);
py_val py_iter_self(py_interp *I, py_val v);
void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out);

/* ---- construction ------------------------------------------------------------------- */
static size_t bytes_size(size_t n) { return sizeof(py_bytes) + n + 1; }

py_val py_bytes_uninit(py_interp *I, size_t n, char **data)
{
    if (n > ((size_t)1 << 40)) return py_err_nomem_size(I, (size_t)1 << 62);
    py_bytes *b = (py_bytes *)py_alloc(I, bytes_size(n));
    if (!b) return PY_NULL;
    b->ob.rc = 1;
    b->ob.gcrefs = 0;
    b->ob.type = PY_TYPE(I, PY_T_BYTES);
    b->hash = -1;
    b->len = n;
    b->data[n] = 0;
    *data = b->data;
    return PY_VAL(b);
}

py_val py_bytes_new(py_interp *I, const char *s, size_t n)
{
    char *d = NULL;
    py_val b = py_bytes_uninit(I, n, &d);
    if (b && n) memcpy(d, s, n);
    return b;
}

/* bytes subclass instances keep their __dict__ slot after the data */
static size_t bytes_data_end(size_t n) { return (offsetof(py_bytes, data) + n + 1 + 7) & ~(size_t)7; }
size_t py_bytes_dict_offset(py_val v) { return bytes_data_end(PY_BYTES(v)->len); }

static void bytes_dealloc(py_interp *I, py_obj *o)
{
    if (o->type->flags & PY_TF_HEAP) {
        size_t off = bytes_data_end(((py_bytes *)o)->len);
        if (o->type->dictoffset) PY_CLEAR(I, *(py_val *)((char *)o + off));
        py_obj_free(I, o, off + sizeof(py_val));
        return;
    }
    py_free(I, o, bytes_size(((py_bytes *)o)->len));
}

/* data view for bytes-like objects */
static int view(py_val v, const char **p, size_t *n)
{
    if (py_is_bytes(v)) { *p = PY_BYTES(v)->data; *n = PY_BYTES(v)->len; return 1; }
    if (py_is_bytearray(v)) {
        py_bytearray *b = (py_bytearray *)PY_OBJ(v);
        *p = b->data ? b->data : "";
        *n = b->len;
        return 1;
    }
    *p = "";
    *n = 0;
    return 0;
}

int py_bytes_repr_buf(py_interp *I, const char *s, size_t n, sk_buf *out)
{
    int sq = 0, dq = 0;
    for (size_t i = 0; i < n; i++) { if (s[i] == '\'') sq = 1; else if (s[i] == '"') dq = 1; }
    char q = (sq && !dq) ? '"' : '\'';
    int r = sk_buf_putc(out, 'b');
    r |= sk_buf_putc(out, q);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == (unsigned char)q || c == '\\') { r |= sk_buf_putc(out, '\\'); r |= sk_buf_putc(out, c); }
        else if (c == '\n') r |= sk_buf_puts(out, "\\n");
        else if (c == '\r') r |= sk_buf_puts(out, "\\r");
        else if (c == '\t') r |= sk_buf_puts(out, "\\t");
        else if (c < 0x20 || c >= 0x7f) r |= sk_buf_printf(out, "\\x%02x", c);
        else r |= sk_buf_putc(out, c);
    }
    r |= sk_buf_putc(out, q);
    if (r) { py_err_nomem(I); return -1; }
    return 0;
}

py_val py_bytes_repr(py_interp *I, py_val v)
{
    const char *p;
    size_t n;
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (!view(v, &p, &n)) return py_err_str(I, PY_E_TypeError, "expected bytes");
    if (py_is_bytearray(v)) { sk_buf_puts(&b, py_type_name(I, v)); sk_buf_putc(&b, '('); }
    if (py_bytes_repr_buf(I, p, n, &b)) { sk_buf_free(&b); return PY_NULL; }
    if (py_is_bytearray(v)) sk_buf_putc(&b, ')');
    return py_str_from_buf(I, &b);
}

/* ---- codecs ------------------------------------------------------------------------ */
enum { ENC_UTF8, ENC_ASCII, ENC_LATIN1, ENC_UTF16LE, ENC_UTF16BE, ENC_UTF16, ENC_UTF32LE, ENC_UTF32BE, ENC_UTF32, ENC_BAD };

/* CPython's normalize_encoding: lower case, every run of characters other
 * than letters, digits and '.' becomes one '_', none at either end */
static void norm_encoding2(const char *enc, char *out, size_t n)
{
    size_t k = 0;
    int pending = 0;
    for (size_t i = 0; enc[i]; i++) {
        char c = enc[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        int keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.';
        if (!keep) { pending = k > 0; continue; }
        if (pending && k + 1 < n) out[k++] = '_';
        pending = 0;
        if (k + 1 < n) out[k++] = c;
    }
    out[k] = 0;
}

/* the codecs and their aliases (CPython's encodings.aliases, for these codecs) */
static const struct { const char *name; const char *canon; int kind; } enc_aliases[] = {
    { "utf_8", "utf-8", ENC_UTF8 }, { "u8", "utf-8", ENC_UTF8 }, { "utf", "utf-8", ENC_UTF8 },
    { "utf8", "utf-8", ENC_UTF8 }, { "utf8_ucs2", "utf-8", ENC_UTF8 }, { "utf8_ucs4", "utf-8", ENC_UTF8 },
    { "cp65001", "utf-8", ENC_UTF8 },
    { "ascii", "ascii", ENC_ASCII }, { "646", "ascii", ENC_ASCII }, { "ansi_x3.4_1968", "ascii", ENC_ASCII },
    { "ansi_x3_4_1968", "ascii", ENC_ASCII }, { "ansi_x3.4_1986", "ascii", ENC_ASCII }, { "cp367", "ascii", ENC_ASCII },
    { "csascii", "ascii", ENC_ASCII }, { "ibm367", "ascii", ENC_ASCII }, { "iso646_us", "ascii", ENC_ASCII },
    { "iso_646.irv_1991", "ascii", ENC_ASCII }, { "iso_ir_6", "ascii", ENC_ASCII }, { "us", "ascii", ENC_ASCII },
    { "us_ascii", "ascii", ENC_ASCII },
    { "latin_1", "latin-1", ENC_LATIN1 }, { "8859", "latin-1", ENC_LATIN1 }, { "cp819", "latin-1", ENC_LATIN1 },
    { "csisolatin1", "latin-1", ENC_LATIN1 }, { "ibm819", "latin-1", ENC_LATIN1 }, { "iso8859", "latin-1", ENC_LATIN1 },
    { "iso8859_1", "latin-1", ENC_LATIN1 }, { "iso_8859_1", "latin-1", ENC_LATIN1 },
    { "iso_8859_1_1987", "latin-1", ENC_LATIN1 }, { "iso_ir_100", "latin-1", ENC_LATIN1 }, { "l1", "latin-1", ENC_LATIN1 },
    { "latin", "latin-1", ENC_LATIN1 }, { "latin1", "latin-1", ENC_LATIN1 },
    { "utf_16", "utf-16", ENC_UTF16 }, { "u16", "utf-16", ENC_UTF16 }, { "utf16", "utf-16", ENC_UTF16 },
    { "utf_16_be", "utf-16-be", ENC_UTF16BE }, { "unicodebigunmarked", "utf-16-be", ENC_UTF16BE },
    { "utf_16be", "utf-16-be", ENC_UTF16BE },
    { "utf_16_le", "utf-16-le", ENC_UTF16LE }, { "unicodelittleunmarked", "utf-16-le", ENC_UTF16LE },
    { "utf_16le", "utf-16-le", ENC_UTF16LE },
    { "utf_32", "utf-32", ENC_UTF32 }, { "u32", "utf-32", ENC_UTF32 }, { "utf32", "utf-32", ENC_UTF32 },
    { "utf_32_be", "utf-32-be", ENC_UTF32BE }, { "utf_32be", "utf-32-be", ENC_UTF32BE },
    { "utf_32_le", "utf-32-le", ENC_UTF32LE }, { "utf_32le", "utf-32-le", ENC_UTF32LE },
};

static int enc_kind(const char *enc, const char **canon)
{
    char e[64];
    norm_encoding2(enc, e, sizeof e);
    for (size_t i = 0; i < sizeof enc_aliases / sizeof enc_aliases[0]; i++) {
        if (!strcmp(e, enc_aliases[i].name)) { *canon = enc_aliases[i].canon; return enc_aliases[i].kind; }
    }
    *canon = enc;
    return ENC_BAD;
}

static py_val unicode_error(py_interp *I, int tid, const char *enc, py_val obj, size_t start, size_t end, const char *reason)
{
    py_val args[5];
    args[0] = py_str_cstr(I, enc);
    args[1] = obj;
    args[2] = py_int_from_i64(I, (int64_t)start);
    args[3] = py_int_from_i64(I, (int64_t)end);
    args[4] = py_str_cstr(I, reason);
    if (!args[0] || !args[4]) { py_xdecref(I, args[0]); py_xdecref(I, args[4]); return PY_NULL; }
    py_val e = py_exc_new(I, PY_TYPE(I, tid), args, 5);
    py_decref(I, args[0]);
    py_decref(I, args[4]);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

/* Validate one UTF-8 sequence at s[i] (s[i] >= 0x80) strictly (no encoded
 * surrogates).  Returns 0 with its length, or 1 with the length of the
 * maximal invalid subpart and CPython's reason; *surrogate is set when the
 * sequence is an encoded surrogate (what surrogatepass lets through). */
static int utf8_maximal(const char *sp, size_t n, size_t i, size_t *len, const char **reason, int *surrogate)
{
    const unsigned char *s = (const unsigned char *)sp;
    unsigned char c = s[i];
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    *surrogate = 0;
    if (c < 0xC2 || c > 0xF4) { *len = 1; *reason = "invalid start byte"; return 1; }
    if (c < 0xE0) need = 2;
    else if (c < 0xF0) { need = 3; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
    else { need = 4; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
    if (c == 0xED && i + 2 < n && s[i + 1] >= 0xA0 && s[i + 1] <= 0xBF && (s[i + 2] & 0xC0) == 0x80) *surrogate = 1;
    size_t k = 1;
    for (; k < need; k++) {
        if (i + k >= n) { *len = n - i; *reason = "unexpected end of data"; return 1; }
        unsigned char x = s[i + k];
        unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (x < l || x > h) { *len = k; *reason = "invalid continuation byte"; return 1; }
    }
    *len = need;
    return 0;
}

static py_val unicode_error_h(py_interp *I, const char *badh, int tid, const char *enc, py_val obj, size_t start,
                              size_t end, const char *reason)
{
    if (badh) {
        if (tid == PY_E_UnicodeDecodeError && (!strcmp(badh, "xmlcharrefreplace") || !strcmp(badh, "namereplace")))
            return py_err_str(I, PY_E_TypeError, "don't know how to handle UnicodeDecodeError in error callback");
        if (strcmp(badh, "surrogatepass")) return py_err_fmt(I, PY_E_LookupError, "unknown error handler name '%s'", badh);
    }
    return unicode_error(I, tid, enc, obj, start, end, reason);
}

py_val py_bytes_decode(py_interp *I, const char *s, size_t n, const char *enc, const char *errors)
{
    const char *canon;
    int kind = enc_kind(enc, &canon);
    if (kind == ENC_BAD) return py_err_fmt(I, PY_E_LookupError, "unknown encoding: %s", enc);
    int strict = !strcmp(errors, "strict"), replace = !strcmp(errors, "replace"), ignore = !strcmp(errors, "ignore"),
        bsr = !strcmp(errors, "backslashreplace"), sesc = !strcmp(errors, "surrogateescape");
    /* an unknown handler is only looked up (and rejected) at the first error */
    const char *badh = NULL;
    if (!strict && !replace && !ignore && !bsr && !sesc) { badh = errors; strict = 1; }
    sk_buf b = SK_BUF_INIT(I->alloc);
    char tmp[8];
    if (kind == ENC_UTF8 || kind == ENC_ASCII) {
        size_t i = 0;
        while (i < n) {
            unsigned char c = (unsigned char)s[i];
            if (c < 0x80) {
                size_t j = i;
                while (j < n && (unsigned char)s[j] < 0x80) j++;
                sk_buf_put(&b, s + i, j - i);
                i = j;
                continue;
            }
            size_t len;
            const char *reason;
            int surrogate = 0;
            if (kind == ENC_ASCII) { len = 1; reason = "ordinal not in range(128)"; }
            else if (!utf8_maximal(s, n, i, &len, &reason, &surrogate)) { sk_buf_put(&b, s + i, len); i += len; continue; }
            if (surrogate && badh && !strcmp(badh, "surrogatepass")) {
                /* an encoded surrogate passes through (strings are WTF-8 inside) */
                sk_buf_put(&b, s + i, 3);
                i += 3;
                continue;
            }
            if (strict) {
                sk_buf_free(&b);
                py_val obj = py_bytes_new(I, s, n);
                if (!obj) return PY_NULL;
                unicode_error_h(I, badh, PY_E_UnicodeDecodeError, canon, obj, i, i + len, reason);
                py_decref(I, obj);
                return PY_NULL;
            }
            if (replace) sk_buf_puts(&b, "\xEF\xBF\xBD");
            else if (bsr) for (size_t k = 0; k < len; k++) sk_buf_printf(&b, "\\x%02x", (unsigned char)s[i + k]);
            else if (sesc) {
                for (size_t k = 0; k < len; k++) {
                    int m = py_utf8_encode(0xDC00 + (unsigned char)s[i + k], tmp);
                    sk_buf_put(&b, tmp, (size_t)m);
                }
            }
            i += len;
        }
        return py_str_from_buf(I, &b);
    }
    if (kind == ENC_LATIN1) {
        for (size_t i = 0; i < n; i++) {
            int k = py_utf8_encode((unsigned char)s[i], tmp);
            sk_buf_put(&b, tmp, (size_t)k);
        }
        return py_str_from_buf(I, &b);
    }
    int unit = (kind == ENC_UTF16LE || kind == ENC_UTF16BE || kind == ENC_UTF16) ? 2 : 4;
    int be = kind == ENC_UTF16BE || kind == ENC_UTF32BE;
    size_t i = 0;
    if (kind == ENC_UTF16 && n >= 2) {
        if ((unsigned char)s[0] == 0xFF && (unsigned char)s[1] == 0xFE) i = 2;
        else if ((unsigned char)s[0] == 0xFE && (unsigned char)s[1] == 0xFF) { i = 2; be = 1; }
    }
    if (kind == ENC_UTF32 && n >= 4) {
        if ((unsigned char)s[0] == 0xFF && (unsigned char)s[1] == 0xFE && !s[2] && !s[3]) i = 4;
        else if (!s[0] && !s[1] && (unsigned char)s[2] == 0xFE && (unsigned char)s[3] == 0xFF) { i = 4; be = 1; }
    }
    while (i < n) {
        if (n - i < (size_t)unit) {
            if (strict) {
                sk_buf_free(&b);
                py_val obj = py_bytes_new(I, s, n);
                if (obj) unicode_error_h(I, badh, PY_E_UnicodeDecodeError,
                                         unit == 2 ? (be ? "utf-16-be" : "utf-16-le") : (be ? "utf-32-be" : "utf-32-le"),
                                         obj, i, n, "truncated data");
                py_xdecref(I, obj);
                return PY_NULL;
            }
            if (replace) sk_buf_puts(&b, "\xEF\xBF\xBD");
            break;
        }
        const unsigned char *u = (const unsigned char *)s + i;
        uint32_t cp;
        if (unit == 2) {
            size_t at = i;
            cp = be ? (uint32_t)(u[0] << 8 | u[1]) : (uint32_t)(u[1] << 8 | u[0]);
            i += 2;
            const char *why = NULL;
            size_t why_end = i;
            if (cp >= 0xD800 && cp < 0xDC00) {
                if (n - i < 2) { why = "unexpected end of data"; why_end = n; }
                else {
                    const unsigned char *v = (const unsigned char *)s + i;
                    uint32_t lo = be ? (uint32_t)(v[0] << 8 | v[1]) : (uint32_t)(v[1] << 8 | v[0]);
                    if (lo >= 0xDC00 && lo < 0xE000) { cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00); i += 2; }
                    else why = "illegal UTF-16 surrogate";
                }
            } else if (cp >= 0xDC00 && cp < 0xE000) {
                why = "illegal encoding";
            }
            if (why) {
                if (strict) {
                    sk_buf_free(&b);
                    py_val obj = py_bytes_new(I, s, n);
                    if (obj) unicode_error_h(I, badh, PY_E_UnicodeDecodeError, be ? "utf-16-be" : "utf-16-le", obj, at, why_end, why);
                    py_xdecref(I, obj);
                    return PY_NULL;
                }
                if (bsr) {
                    for (size_t k = at; k < why_end; k++) sk_buf_printf(&b, "\\x%02x", (unsigned char)s[k]);
                    i = why_end;
                    continue;
                }
                i = why_end;
                if (!replace) continue;
                cp = 0xFFFD;
            }
        } else {
            cp = be ? ((uint32_t)u[0] << 24 | (uint32_t)u[1] << 16 | (uint32_t)u[2] << 8 | u[3])
                    : ((uint32_t)u[3] << 24 | (uint32_t)u[2] << 16 | (uint32_t)u[1] << 8 | u[0]);
            i += 4;
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) {
                const char *why = cp > 0x10FFFF ? "code point not in range(0x110000)"
                                                : "code point in surrogate code point range(0xd800, 0xe000)";
                if (strict) {
                    sk_buf_free(&b);
                    py_val obj = py_bytes_new(I, s, n);
                    if (obj) unicode_error_h(I, badh, PY_E_UnicodeDecodeError, be ? "utf-32-be" : "utf-32-le", obj, i - 4, i, why);
                    py_xdecref(I, obj);
                    return PY_NULL;
                }
                if (bsr) {
                    for (size_t k = i - 4; k < i; k++) sk_buf_printf(&b, "\\x%02x", (unsigned char)s[k]);
                    continue;
                }
                if (ignore) continue;
                cp = 0xFFFD;
            }
        }
        int k = py_utf8_encode(cp, tmp);
        sk_buf_put(&b, tmp, (size_t)k);
    }
    return py_str_from_buf(I, &b);
}

py_val py_str_encode(py_interp *I, py_val sv, const char *enc, const char *errors)
{
    const char *canon;
    int kind = enc_kind(enc, &canon);
    if (kind == ENC_BAD) return py_err_fmt(I, PY_E_LookupError, "unknown encoding: %s", enc);
    const char *s = py_str_data(sv);
    size_t n = py_str_len(sv);
    int strict = !strcmp(errors, "strict"), replace = !strcmp(errors, "replace"), ignore = !strcmp(errors, "ignore"),
        bsr = !strcmp(errors, "backslashreplace"), xml = !strcmp(errors, "xmlcharrefreplace"),
        sesc = !strcmp(errors, "surrogateescape"), spass = !strcmp(errors, "surrogatepass"),
        nrep = !strcmp(errors, "namereplace");
    const char *badh = NULL;
    py_val ucd = PY_NULL;         /* unicodedata.name, for namereplace */
    if (nrep) bsr = 1;
    if (!strict && !replace && !ignore && !bsr && !xml && !sesc && !spass) { badh = errors; strict = 1; }
    if (kind == ENC_UTF8 && (PY_STR(sv)->ascii || py_utf8_valid(s, n, NULL))) {
        /* lone surrogates (WTF-8) cannot be encoded strictly */
        int has_sur = 0;
        for (size_t i = 0; i + 2 < n + 1 && i < n; i++)
            if ((unsigned char)s[i] == 0xED && i + 1 < n && ((unsigned char)s[i + 1] & 0xE0) == 0xA0) has_sur = 1;
        if (!has_sur) return py_bytes_new(I, s, n);
    }
    sk_buf b = SK_BUF_INIT(I->alloc);
    size_t i = 0;
    int64_t cpi = 0;
    if (kind == ENC_UTF16) { sk_buf_putc(&b, (char)0xFF); sk_buf_putc(&b, (char)0xFE); }
    if (kind == ENC_UTF32) { sk_buf_put(&b, "\xFF\xFE\x00\x00", 4); }
    while (i < n) {
        size_t st = i;
        uint32_t cp;
        const unsigned char *p = (const unsigned char *)s + i;
        if (p[0] == 0xED && n - i >= 3 && (p[1] & 0xE0) == 0xA0) {
            cp = ((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
            i += 3;
        } else {
            py_utf8_decode(s, n, &i, &cp);
        }
        int ok;
        switch (kind) {
        case ENC_UTF8: ok = cp < 0xD800 || cp > 0xDFFF; break;
        case ENC_ASCII: ok = cp < 0x80; break;
        case ENC_LATIN1: ok = cp < 0x100; break;
        default: ok = cp < 0xD800 || cp > 0xDFFF; break;
        }
        /* surrogatepass: UTF encodings write the surrogate as a code unit */
        if (!ok && spass && kind != ENC_ASCII && kind != ENC_LATIN1 && cp >= 0xD800 && cp <= 0xDFFF) ok = 1;
        if (ok) {
            if (kind == ENC_UTF8) sk_buf_put(&b, s + st, i - st);
            else if (kind == ENC_ASCII || kind == ENC_LATIN1) sk_buf_putc(&b, (char)cp);
            else if (kind == ENC_UTF16LE || kind == ENC_UTF16BE || kind == ENC_UTF16) {
                int be = kind == ENC_UTF16BE;
                uint32_t units[2];
                int nu = 1;
                if (cp >= 0x10000) { units[0] = 0xD800 + ((cp - 0x10000) >> 10); units[1] = 0xDC00 + ((cp - 0x10000) & 0x3FF); nu = 2; }
                else units[0] = cp;
                for (int k = 0; k < nu; k++) {
                    if (be) { sk_buf_putc(&b, (char)(units[k] >> 8)); sk_buf_putc(&b, (char)units[k]); }
                    else { sk_buf_putc(&b, (char)units[k]); sk_buf_putc(&b, (char)(units[k] >> 8)); }
                }
            } else {
                int be = kind == ENC_UTF32BE;
                for (int k = 0; k < 4; k++) sk_buf_putc(&b, (char)(cp >> (be ? 24 - 8 * k : 8 * k)));
            }
        } else if (strict || spass || (sesc && !(cp >= 0xDC80 && cp <= 0xDCFF))) {
            sk_buf_free(&b);
            /* extent of the run of unencodable characters */
            int64_t endcp = cpi + 1;
            size_t j = i;
            while (j < n && kind != ENC_UTF8) {
                size_t k = j;
                uint32_t c2;
                py_utf8_decode(s, n, &k, &c2);
                int ok2 = kind == ENC_ASCII ? c2 < 0x80 : kind == ENC_LATIN1 ? c2 < 0x100 : 1;
                if (ok2) break;
                j = k;
                endcp++;
            }
            unicode_error_h(I, badh, PY_E_UnicodeEncodeError, canon, sv, (size_t)cpi, (size_t)endcp,
                          kind == ENC_ASCII ? "ordinal not in range(128)" : kind == ENC_LATIN1 ? "ordinal not in range(256)"
                                                                                 : "surrogates not allowed");
            return PY_NULL;
        } else if (sesc) {
            sk_buf_putc(&b, (char)(cp - 0xDC00));
        } else if (replace) {
            sk_buf_putc(&b, '?');
        } else if (bsr) {
            if (nrep && !ucd) {
                /* the names live in the unicodedata module, when it is there */
                py_val mn = py_intern(I, "unicodedata");
                py_val m = mn ? py_import(I, mn, PY_NULL, 0) : PY_NULL;
                py_xdecref(I, mn);
                ucd = m ? py_getattr_s(I, m, "name") : PY_NULL;
                py_xdecref(I, m);
                if (!ucd) { py_err_clear(I); ucd = py_newref(PY_NONE); }
            }
            if (nrep && ucd != PY_NONE) {
                char tmp[4];
                int k = py_utf8_encode(cp, tmp);
                py_val ch = py_str_new(I, tmp, (size_t)k);
                py_val nm = ch ? py_call2(I, ucd, ch, PY_NONE) : PY_NULL;
                py_xdecref(I, ch);
                if (nm && py_is_str(nm)) {
                    sk_buf_printf(&b, "\\N{%s}", py_str_data(nm));
                    py_decref(I, nm);
                    cpi++;
                    continue;
                }
                py_xdecref(I, nm);
                py_err_clear(I);
            }
            if (cp < 0x100) sk_buf_printf(&b, "\\x%02x", cp);
            else if (cp < 0x10000) sk_buf_printf(&b, "\\u%04x", cp);
            else sk_buf_printf(&b, "\\U%08x", cp);
        } else if (xml) {
            sk_buf_printf(&b, "&#%u;", cp);
        }
        cpi++;
    }
    py_xdecref(I, ucd);
    py_val r = py_bytes_new(I, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return r;
}

/* ---- bytes type -------------------------------------------------------------------- */
static int bytes_hash(py_interp *I, py_val v, int64_t *out)
{
    (void)I;
    py_bytes *b = PY_BYTES(v);
    if (b->hash == -1) {
        uint64_t h = 0xcbf29ce484222325ULL;
        for (size_t i = 0; i < b->len; i++) { h ^= (unsigned char)b->data[i]; h *= 0x100000001b3ULL; }
        h ^= h >> 31;
        int64_t r = (int64_t)h;
        if (r == -1) r = -2;
        b->hash = r;
    }
    *out = b->hash;
    return 0;
}

static py_val bytes_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    (void)I;
    const char *x, *y;
    size_t nx, ny;
    if (!view(a, &x, &nx) || !view(b, &y, &ny)) return PY_NOTIMPL;
    if (op == PY_EQ || op == PY_NE) {
        int eq = nx == ny && !memcmp(x, y, nx);
        return py_bool(op == PY_EQ ? eq : !eq);
    }
    int c = memcmp(x, y, nx < ny ? nx : ny);
    if (!c) c = nx < ny ? -1 : nx > ny;
    switch (op) {
    case PY_LT: return py_bool(c < 0);
    case PY_LE: return py_bool(c <= 0);
    case PY_GT: return py_bool(c > 0);
    default: return py_bool(c >= 0);
    }
}

static int64_t bytes_len(py_interp *I, py_val v)
{
    (void)I;
    const char *p;
    size_t n;
    view(v, &p, &n);
    return (int64_t)n;
}

static py_val bytes_getitem(py_interp *I, py_val self, py_val key)
{
    const char *p;
    size_t n;
    view(self, &p, &n);
    if (PY_IS(key, SLICE)) {
        int64_t start, stop, step, len;
        if (py_slice_indices(I, key, (int64_t)n, &start, &stop, &step, &len)) return PY_NULL;
        char *d;
        py_val r = py_bytes_uninit(I, len > 0 ? (size_t)len : 0, &d);
        if (!r) return PY_NULL;
        for (int64_t k = 0, i = start; k < len; k++, i += step) d[k] = p[i];
        if (py_is_bytearray(self)) {
            py_val ba = py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTEARRAY)), r);
            py_decref(I, r);
            return ba;
        }
        return r;
    }
    int64_t i;
    if (!py_is_intlike(key) && !(py_is_ptr(key) && py_typeof(I, key)->s.index))
        return py_err_fmt(I, PY_E_TypeError, "%s indices must be integers or slices, not %s",
                          py_is_bytearray(self) ? "bytearray" : "byte", py_type_name(I, key));
    if (py_index_i64(I, key, &i, 1)) return PY_NULL;
    if (i < 0) i += (int64_t)n;
    if (i < 0 || (size_t)i >= n)
        return py_err_str(I, PY_E_IndexError, py_is_bytearray(self) ? "bytearray index out of range" : "index out of range");
    return py_int_small((unsigned char)p[i]);
}

static int bytes_contains(py_interp *I, py_val self, py_val v)
{
    const char *p, *q;
    size_t n, m;
    view(self, &p, &n);
    if (py_is_intlike(v)) {
        int64_t c;
        if (py_int_to_i64(I, v, &c) || c < 0 || c > 255) {
            py_err_clear(I);
            py_err_str(I, PY_E_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        return memchr(p, (int)c, n) != NULL;
    }
    if (!view(v, &q, &m)) {
        py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, v));
        return -1;
    }
    if (!m) return 1;
    return memmem(p, n, q, m) != NULL;
}

static py_val bytes_add(py_interp *I, py_val a, py_val b)
{
    const char *x, *y;
    size_t nx, ny;
    if (!view(a, &x, &nx) || !view(b, &y, &ny)) return PY_NOTIMPL;
    char *d;
    py_val r = py_bytes_uninit(I, nx + ny, &d);
    if (!r) return PY_NULL;
    memcpy(d, x, nx);
    memcpy(d + nx, y, ny);
    if (py_is_bytearray(a)) {
        py_val ba = py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTEARRAY)), r);
        py_decref(I, r);
        return ba;
    }
    return r;
}

static py_val bytes_mul(py_interp *I, py_val a, py_val b)
{
    py_val s = a, n = b;
    const char *p;
    size_t len;
    if (!view(s, &p, &len)) { s = b; n = a; }
    if (!view(s, &p, &len)) return PY_NOTIMPL;
    if (!py_is_intlike(n) && !(py_is_ptr(n) && py_typeof(I, n)->s.index)) return PY_NOTIMPL;
    int64_t k;
    if (py_repeat_count(I, n, &k)) return PY_NULL;
    if (k < 0) k = 0;
    if (len && (uint64_t)k > ((uint64_t)1 << 36) / len) return py_err_nomem_size(I, (size_t)1 << 62);
    char *d;
    py_val r = py_bytes_uninit(I, len * (size_t)k, &d);
    if (!r) return PY_NULL;
    for (int64_t i = 0; i < k; i++) memcpy(d + (size_t)i * len, p, len);
    if (py_is_bytearray(s)) {
        py_val ba = py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTEARRAY)), r);
        py_decref(I, r);
        return ba;
    }
    return r;
}

static py_val bytes_iter(py_interp *I, py_val v)
{
    py_iterobj *it = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_BYTES_ITER), sizeof(py_iterobj));
    if (!it) return PY_NULL;
    it->seq = py_newref(v);
    return PY_VAL(it);
}

static py_val bytesiter_next(py_interp *I, py_val self)
{
    py_iterobj *it = (py_iterobj *)PY_OBJ(self);
    if (!it->seq) return PY_NULL;
    const char *p;
    size_t n;
    view(it->seq, &p, &n);
    if ((size_t)it->i >= n) { PY_CLEAR(I, it->seq); return PY_NULL; }
    return py_int_small((unsigned char)p[it->i++]);
}

/* bytes(x): from int count, iterable of ints, bytes-like, or str + encoding */
static py_val bytes_from_object(py_interp *I, py_val x)
{
    const char *p;
    size_t n;
    if (view(x, &p, &n)) return py_bytes_new(I, p, n);
    if (py_is_intlike(x)) {
        int64_t k;
        if (py_int_to_i64(I, x, &k)) return PY_NULL;
        if (k < 0) return py_err_str(I, PY_E_ValueError, "negative count");
        char *d;
        py_val r = py_bytes_uninit(I, (size_t)k, &d);
        if (r) memset(d, 0, (size_t)k);
        return r;
    }
    if (py_is_str(x)) return py_err_str(I, PY_E_TypeError, "string argument without an encoding");
    py_val m = py_lookup_special(I, x, py_intern(I, "__bytes__"));
    if (m) {
        py_val r = py_call0(I, m);
        py_decref(I, m);
        if (r && !py_is_bytes(r)) {
            py_err_fmt(I, PY_E_TypeError, "__bytes__ returned non-bytes (type %s)", py_type_name(I, r));
            py_decref(I, r);
            return PY_NULL;
        }
        return r;
    }
    if (py_err_occurred(I)) return PY_NULL;
    if (!py_typeof(I, x)->s.iter && !py_typeof(I, x)->s.getitem)
        return py_err_fmt(I, PY_E_TypeError, "cannot convert '%s' object to bytes", py_type_name(I, x));
    py_val l = py_sequence_list(I, x);
    if (!l) return PY_NULL;
    char *d;
    py_val r = py_bytes_uninit(I, PY_LIST(l)->n, &d);
    for (size_t i = 0; r && i < PY_LIST(l)->n; i++) {
        py_val v = PY_LIST(l)->items[i];
        int64_t c;
        if (!py_is_intlike(v) && !(py_is_ptr(v) && py_typeof(I, v)->s.index)) {
            py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, v));
            py_decref(I, r); r = PY_NULL; break;
        }
        if (py_index_i64(I, v, &c, 0) || c < 0 || c > 255) {
            if (!py_err_occurred(I)) py_err_str(I, PY_E_ValueError, "bytes must be in range(0, 256)");
            py_decref(I, r); r = PY_NULL; break;
        }
        d[i] = (char)c;
    }
    py_decref(I, l);
    return r;
}

static py_val bytes_new_exact(py_interp *I, const py_val *args, size_t nargs, py_val kw);

static py_val bytes_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val r = bytes_new_exact(I, args, nargs, kw);
    if (!r || t == PY_TYPE(I, PY_T_BYTES)) return r;
    /* an instance of a bytes subclass */
    size_t n = PY_BYTES(r)->len, off = bytes_data_end(n);
    py_bytes *b = (py_bytes *)py_obj_new(I, t, off + sizeof(py_val));
    if (!b) { py_decref(I, r); return PY_NULL; }
    b->hash = -1;
    b->len = n;
    memcpy(b->data, PY_BYTES(r)->data, n + 1);
    py_decref(I, r);
    return PY_VAL(b);
}

static py_val bytes_new_exact(py_interp *I, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "source", "encoding", "errors", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, "bytes", args, nargs, kw, names, 0, a)) return PY_NULL;
    if (!a[0]) {
        if (a[1] || a[2]) return py_err_str(I, PY_E_TypeError, a[1] ? "encoding without a string argument" : "errors without a string argument");
        return py_bytes_new(I, "", 0);
    }
    if (a[1] && !py_is_str(a[1])) return py_err_fmt(I, PY_E_TypeError, "bytes() argument 'encoding' must be str, not %s", py_argtype_name(I, a[1]));
    if (a[2] && !py_is_str(a[2])) return py_err_fmt(I, PY_E_TypeError, "bytes() argument 'errors' must be str, not %s", py_argtype_name(I, a[2]));
    if (a[1]) {
        if (!py_is_str(a[0])) return py_err_str(I, PY_E_TypeError, "encoding without a string argument");
        return py_str_encode(I, a[0], py_str_data(a[1]), a[2] ? py_str_data(a[2]) : "strict");
    }
    if (py_is_str(a[0])) return py_err_str(I, PY_E_TypeError, "string argument without an encoding");
    if (a[2]) return py_err_str(I, PY_E_TypeError, "errors without a string argument");
    return bytes_from_object(I, a[0]);
}

/* ---- shared methods (bytes and bytearray) -------------------------------------------- */
#define BMETH(name) static py_val b_##name(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)

static py_val same_kind(py_interp *I, py_val self, const char *p, size_t n)
{
    py_val r = py_bytes_new(I, p, n);
    if (r && py_is_bytearray(self)) {
        py_val ba = py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTEARRAY)), r);
        py_decref(I, r);
        return ba;
    }
    return r;
}

BMETH(decode)
{
    static const char *const names[] = { "encoding", "errors", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "decode", args, nargs, kw, names, 0, a)) return PY_NULL;
    if (a[0] && !py_is_str(a[0])) return py_err_fmt(I, PY_E_TypeError, "decode() argument 'encoding' must be str, not %s", py_argtype_name(I, a[0]));
    if (a[1] && !py_is_str(a[1])) return py_err_fmt(I, PY_E_TypeError, "decode() argument 'errors' must be str, not %s", py_argtype_name(I, a[1]));
    const char *p;
    size_t n;
    view(self, &p, &n);
    return py_bytes_decode(I, p, n, a[0] ? py_str_data(a[0]) : "utf-8", a[1] ? py_str_data(a[1]) : "strict");
}

BMETH(hex)
{
    static const char *const names[] = { "sep", "bytes_per_sep", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "hex", args, nargs, kw, names, 0, a)) return PY_NULL;
    const char *p;
    size_t n;
    view(self, &p, &n);
    sk_buf b = SK_BUF_INIT(I->alloc);
    const char *sep = a[0] && py_is_str(a[0]) ? py_str_data(a[0]) : NULL;
    if (sep && (!PY_STR(a[0])->ascii || py_str_len(a[0]) != 1)) {
        sk_buf_free(&b);
        if (!PY_STR(a[0])->ascii) return py_err_str(I, PY_E_ValueError, "sep must be ASCII.");
        return py_err_str(I, PY_E_ValueError, "sep must be length 1.");
    }
    int64_t per = 1;
    if (a[1]) {
        if (py_index_i64(I, a[1], &per, 0)) { sk_buf_free(&b); return PY_NULL; }
        if (per > INT32_MAX || per < INT32_MIN) {
            sk_buf_free(&b);
            return py_err_str(I, PY_E_OverflowError, "Python int too large to convert to C int");
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (sep && i && per > 0 && (n - i) % (size_t)per == 0) sk_buf_puts(&b, sep);
        if (sep && i && per < 0 && i % (size_t)(-per) == 0) sk_buf_puts(&b, sep);
        sk_buf_printf(&b, "%02x", (unsigned char)p[i]);
    }
    return py_str_from_buf(I, &b);
}

static py_val b_fromhex(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "fromhex", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "fromhex() argument must be str, not %s", py_argtype_name(I, args[0]));
    const char *s = py_str_data(args[0]);
    size_t n = py_str_len(args[0]);
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < n;) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\v' || s[i] == '\f') { i++; continue; }
        int hi = s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : (s[i] | 32) >= 'a' && (s[i] | 32) <= 'f' ? (s[i] | 32) - 'a' + 10 : -1;
        int lo = i + 1 < n ? (s[i + 1] >= '0' && s[i + 1] <= '9' ? s[i + 1] - '0' :
                              (s[i + 1] | 32) >= 'a' && (s[i + 1] | 32) <= 'f' ? (s[i + 1] | 32) - 'a' + 10 : -1) : -1;
        if (hi >= 0 && i + 1 >= n) {
            sk_buf_free(&b);
            return py_err_str(I, PY_E_ValueError, "fromhex() arg must contain an even number of hexadecimal digits");
        }
        if (hi < 0 || lo < 0) {
            sk_buf_free(&b);
            size_t pos = hi < 0 ? i : i + 1;
            return py_err_fmt(I, PY_E_ValueError, "non-hexadecimal number found in fromhex() arg at position %zu", pos);
        }
        sk_buf_putc(&b, (char)(hi * 16 + lo));
        i += 2;
    }
    py_val r = py_bytes_new(I, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    if (r && py_is_typeobj(cls) && PY_TYPEOBJ(cls)->id == PY_T_BYTEARRAY) {
        py_val ba = py_call1(I, cls, r);
        py_decref(I, r);
        return ba;
    }
    return r;
}

static int sub_arg(py_interp *I, py_val v, const char **p, size_t *n, char *tmp)
{
    if (view(v, p, n)) return 0;
    if (py_is_intlike(v)) {
        int64_t c;
        if (py_int_to_i64(I, v, &c) || c < 0 || c > 255) {
            py_err_clear(I);
            py_err_str(I, PY_E_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        tmp[0] = (char)c;
        *p = tmp;
        *n = 1;
        return 0;
    }
    py_err_fmt(I, PY_E_TypeError, "argument should be integer or bytes-like object, not '%s'", py_type_name(I, v));
    return -1;
}

static const char *bmemrmem(const char *h, size_t hn, const char *n, size_t nn)
{
    if (nn > hn) return NULL;
    for (size_t i = hn - nn + 1; i-- > 0;) if (!memcmp(h + i, n, nn)) return h + i;
    return NULL;
}

static py_val bfind(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int rev, int raise, int count)
{
    if (py_no_kw(I, "find", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) return py_err_fmt(I, PY_E_TypeError, "find expected at least 1 argument, got %zu", nargs);
    const char *p, *q;
    size_t n, m;
    char tmp[1];
    view(self, &p, &n);
    if (sub_arg(I, args[0], &q, &m, tmp)) return PY_NULL;
    int64_t a = 0, e = (int64_t)n;
    if (nargs > 1 && args[1] != PY_NONE && py_slice_arg(I, args[1], (int64_t)n, &a)) return PY_NULL;
    if (nargs > 2 && args[2] != PY_NONE && py_slice_arg(I, args[2], (int64_t)n, &e)) return PY_NULL;
    if (count) {
        if (a > e) return py_int_small(0);
        if (!m) return py_int_small(e - a + 1);
        int64_t c = 0;
        const char *h = p + a, *end = p + e;
        while (h < end) {
            const char *at = memmem(h, (size_t)(end - h), q, m);
            if (!at) break;
            c++;
            h = at + m;
        }
        return py_int_small(c);
    }
    const char *at = NULL;
    if (a <= e) at = rev ? bmemrmem(p + a, (size_t)(e - a), q, m) : (m ? memmem(p + a, (size_t)(e - a), q, m) : p + a);
    if (!at) {
        if (raise) return py_err_str(I, PY_E_ValueError, "subsection not found");
        return py_int_small(-1);
    }
    return py_int_small(at - p);
}

BMETH(find) { return bfind(I, self, args, nargs, kw, 0, 0, 0); }
BMETH(rfind) { return bfind(I, self, args, nargs, kw, 1, 0, 0); }
BMETH(index) { return bfind(I, self, args, nargs, kw, 0, 1, 0); }
BMETH(rindex) { return bfind(I, self, args, nargs, kw, 1, 1, 0); }
BMETH(count) { return bfind(I, self, args, nargs, kw, 0, 0, 1); }

static py_val bstartsend(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int ends)
{
    const char *name = ends ? "endswith" : "startswith";
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) return py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got %zu", name, nargs);
    const char *p;
    size_t n;
    view(self, &p, &n);
    int64_t a = 0, e = (int64_t)n;
    if (nargs > 1 && args[1] != PY_NONE && py_slice_arg(I, args[1], (int64_t)n, &a)) return PY_NULL;
    if (nargs > 2 && args[2] != PY_NONE && py_slice_arg(I, args[2], (int64_t)n, &e)) return PY_NULL;
    py_val pre = args[0];
    size_t np = py_is_tuple(pre) ? py_tuple_len(pre) : 1;
    for (size_t i = 0; i < np; i++) {
        py_val x = py_is_tuple(pre) ? py_tuple_items(pre)[i] : pre;
        const char *q;
        size_t m;
        if (!view(x, &q, &m))
            return py_err_fmt(I, PY_E_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", name, py_type_name(I, x));
        if (a > e || (int64_t)m > e - a) continue;
        if (!memcmp(ends ? p + e - (int64_t)m : p + a, q, m)) return PY_TRUE;
    }
    return PY_FALSE;
}

BMETH(startswith) { return bstartsend(I, self, args, nargs, kw, 0); }
BMETH(endswith) { return bstartsend(I, self, args, nargs, kw, 1); }

static int bspace(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static py_val bstrip(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int left, int right)
{
    if (py_args_range(I, "strip", nargs, kw, 0, 1)) return PY_NULL;
    const char *p, *set = NULL;
    size_t n, ns = 0;
    view(self, &p, &n);
    if (nargs && args[0] != PY_NONE) {
        if (!view(args[0], &set, &ns))
            return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, args[0]));
    }
    size_t a = 0, b = n;
    if (left) while (a < b && (set ? memchr(set, p[a], ns) != NULL : bspace((unsigned char)p[a]))) a++;
    if (right) while (b > a && (set ? memchr(set, p[b - 1], ns) != NULL : bspace((unsigned char)p[b - 1]))) b--;
    return same_kind(I, self, p + a, b - a);
}

BMETH(strip) { return bstrip(I, self, args, nargs, kw, 1, 1); }
BMETH(lstrip) { return bstrip(I, self, args, nargs, kw, 1, 0); }
BMETH(rstrip) { return bstrip(I, self, args, nargs, kw, 0, 1); }

BMETH(split)
{
    static const char *const names[] = { "sep", "maxsplit", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "split", args, nargs, kw, names, 0, a)) return PY_NULL;
    const char *p, *sep = NULL;
    size_t n, sn = 0;
    view(self, &p, &n);
    if (a[0] && a[0] != PY_NONE) {
        if (!view(a[0], &sep, &sn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, a[0]));
        if (!sn) return py_err_str(I, PY_E_ValueError, "empty separator");
    }
    int64_t maxsplit = -1;
    if (a[1] && py_index_i64(I, a[1], &maxsplit, 0)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    size_t i = 0;
    if (!sep) {
        while (i < n) {
            while (i < n && bspace((unsigned char)p[i])) i++;
            if (i >= n) break;
            if (maxsplit == 0) {
                size_t e = n;
                while (e > i && bspace((unsigned char)p[e - 1])) e--;
                py_val s = same_kind(I, self, p + i, e - i);
                if (!s || py_list_append_steal(I, l, s)) goto fail;
                break;
            }
            size_t st = i;
            while (i < n && !bspace((unsigned char)p[i])) i++;
            py_val s = same_kind(I, self, p + st, i - st);
            if (!s || py_list_append_steal(I, l, s)) goto fail;
            if (maxsplit > 0) maxsplit--;
        }
        return l;
    }
    while (maxsplit != 0) {
        const char *at = memmem(p + i, n - i, sep, sn);
        if (!at) break;
        py_val s = same_kind(I, self, p + i, (size_t)(at - p) - i);
        if (!s || py_list_append_steal(I, l, s)) goto fail;
        i = (size_t)(at - p) + sn;
        if (maxsplit > 0) maxsplit--;
    }
    {
        py_val s = same_kind(I, self, p + i, n - i);
        if (!s || py_list_append_steal(I, l, s)) goto fail;
    }
    return l;
fail:
    py_decref(I, l);
    return PY_NULL;
}

BMETH(join)
{
    if (py_args_exact(I, "join", nargs, kw, 1)) return PY_NULL;
    py_val seq = py_sequence_list(I, args[0]);
    if (!seq) return PY_NULL;
    const char *sp;
    size_t sn;
    view(self, &sp, &sn);
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < PY_LIST(seq)->n; i++) {
        const char *p;
        size_t n;
        if (!view(PY_LIST(seq)->items[i], &p, &n)) {
            py_err_fmt(I, PY_E_TypeError, "sequence item %zu: expected a bytes-like object, %s found", i,
                       py_type_name(I, PY_LIST(seq)->items[i]));
            sk_buf_free(&b);
            py_decref(I, seq);
            return PY_NULL;
        }
        if (i) sk_buf_put(&b, sp, sn);
        sk_buf_put(&b, p, n);
    }
    py_decref(I, seq);
    py_val r = same_kind(I, self, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return r;
}

BMETH(replace)
{
    if (py_no_kw(I, "replace", kw)) return PY_NULL;
    if (nargs < 2 || nargs > 3) return py_err_fmt(I, PY_E_TypeError, "replace expected at least 2 arguments, got %zu", nargs);
    const char *p, *o, *w;
    size_t n, on, wn;
    view(self, &p, &n);
    if (!view(args[0], &o, &on) || !view(args[1], &w, &wn))
        return py_err_str(I, PY_E_TypeError, "a bytes-like object is required");
    int64_t count = -1;
    if (nargs > 2 && py_index_i64(I, args[2], &count, 0)) return PY_NULL;
    sk_buf b = SK_BUF_INIT(I->alloc);
    size_t i = 0;
    int64_t done = 0;
    if (!on) {
        for (size_t k = 0; k <= n; k++) {
            if (count < 0 || done < count) { sk_buf_put(&b, w, wn); done++; }
            if (k < n) sk_buf_putc(&b, p[k]);
        }
    } else {
        while (count < 0 || done < count) {
            const char *at = memmem(p + i, n - i, o, on);
            if (!at) break;
            sk_buf_put(&b, p + i, (size_t)(at - p) - i);
            sk_buf_put(&b, w, wn);
            i = (size_t)(at - p) + on;
            done++;
        }
        sk_buf_put(&b, p + i, n - i);
    }
    py_val r = same_kind(I, self, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return r;
}

static py_val bcase(py_interp *I, py_val self, int mode)
{
    const char *p;
    size_t n;
    view(self, &p, &n);
    char *d;
    py_val r = py_bytes_uninit(I, n, &d);
    if (!r) return PY_NULL;
    int prev = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        int lo = c >= 'a' && c <= 'z', up = c >= 'A' && c <= 'Z';
        switch (mode) {
        case 0: d[i] = up ? (char)(c + 32) : c; break;
        case 1: d[i] = lo ? (char)(c - 32) : c; break;
        case 2: d[i] = up ? (char)(c + 32) : lo ? (char)(c - 32) : c; break;
        case 3: d[i] = i == 0 ? (lo ? (char)(c - 32) : c) : (up ? (char)(c + 32) : c); break;
        default: d[i] = prev ? (up ? (char)(c + 32) : c) : (lo ? (char)(c - 32) : c); prev = lo || up; break;
        }
    }
    if (py_is_bytearray(self)) {
        py_val ba = py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTEARRAY)), r);
        py_decref(I, r);
        return ba;
    }
    return r;
}

BMETH(lower) { (void)args; if (py_args_none(I, "lower", nargs, kw)) return PY_NULL; return bcase(I, self, 0); }
BMETH(upper) { (void)args; if (py_args_none(I, "upper", nargs, kw)) return PY_NULL; return bcase(I, self, 1); }
BMETH(swapcase) { (void)args; if (py_args_none(I, "swapcase", nargs, kw)) return PY_NULL; return bcase(I, self, 2); }
BMETH(capitalize) { (void)args; if (py_args_none(I, "capitalize", nargs, kw)) return PY_NULL; return bcase(I, self, 3); }
BMETH(title) { (void)args; if (py_args_none(I, "title", nargs, kw)) return PY_NULL; return bcase(I, self, 4); }

static py_val bpred(py_interp *I, py_val self, int kind)
{
    (void)I;
    const char *p;
    size_t n;
    view(self, &p, &n);
    if (!n) return PY_FALSE;
    int cased = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        int al = (c | 32) >= 'a' && (c | 32) <= 'z', dg = c >= '0' && c <= '9';
        switch (kind) {
        case 0: if (!al) return PY_FALSE; break;
        case 1: if (!dg) return PY_FALSE; break;
        case 2: if (!al && !dg) return PY_FALSE; break;
        case 3: if (!bspace(c)) return PY_FALSE; break;
        case 4: if (c >= 'A' && c <= 'Z') return PY_FALSE; if (c >= 'a' && c <= 'z') cased = 1; break;
        case 5: if (c >= 'a' && c <= 'z') return PY_FALSE; if (c >= 'A' && c <= 'Z') cased = 1; break;
        case 6: if (c >= 128) return PY_FALSE; break;
        }
    }
    if (kind == 4 || kind == 5) return py_bool(cased);
    return PY_TRUE;
}

BMETH(isalpha) { (void)args; if (py_args_none(I, "isalpha", nargs, kw)) return PY_NULL; return bpred(I, self, 0); }
BMETH(isdigit) { (void)args; if (py_args_none(I, "isdigit", nargs, kw)) return PY_NULL; return bpred(I, self, 1); }
BMETH(isalnum) { (void)args; if (py_args_none(I, "isalnum", nargs, kw)) return PY_NULL; return bpred(I, self, 2); }
BMETH(isspace) { (void)args; if (py_args_none(I, "isspace", nargs, kw)) return PY_NULL; return bpred(I, self, 3); }
BMETH(islower) { (void)args; if (py_args_none(I, "islower", nargs, kw)) return PY_NULL; return bpred(I, self, 4); }
BMETH(isupper) { (void)args; if (py_args_none(I, "isupper", nargs, kw)) return PY_NULL; return bpred(I, self, 5); }
/* titlecase: uppercase only after uncased bytes, lowercase only after cased ones */
BMETH(istitle)
{
    (void)args;
    if (py_args_none(I, "istitle", nargs, kw)) return PY_NULL;
    const char *bp;
    size_t n;
    view(self, &bp, &n);
    const unsigned char *p = (const unsigned char *)bp;
    int cased = 0, prev_cased = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c >= 'A' && c <= 'Z') {
            if (prev_cased) return PY_FALSE;
            prev_cased = cased = 1;
        } else if (c >= 'a' && c <= 'z') {
            if (!prev_cased) return PY_FALSE;
            prev_cased = cased = 1;
        } else {
            prev_cased = 0;
        }
    }
    return py_bool(cased);
}
BMETH(isascii)
{
    (void)args;
    if (py_args_none(I, "isascii", nargs, kw)) return PY_NULL;
    const char *p;
    size_t n;
    view(self, &p, &n);
    for (size_t i = 0; i < n; i++) if ((unsigned char)p[i] >= 128) return PY_FALSE;
    return PY_TRUE;
}

static py_val bpartition(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int rev)
{
    if (py_args_exact(I, rev ? "rpartition" : "partition", nargs, kw, 1)) return PY_NULL;
    const char *p, *s;
    size_t n, sn;
    view(self, &p, &n);
    if (!view(args[0], &s, &sn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, args[0]));
    if (!sn) return py_err_str(I, PY_E_ValueError, "empty separator");
    const char *at = rev ? bmemrmem(p, n, s, sn) : memmem(p, n, s, sn);
    py_val a, b, c;
    if (!at) {
        if (rev) { a = same_kind(I, self, "", 0); b = same_kind(I, self, "", 0); c = same_kind(I, self, p, n); }
        else { a = same_kind(I, self, p, n); b = same_kind(I, self, "", 0); c = same_kind(I, self, "", 0); }
    } else {
        a = same_kind(I, self, p, (size_t)(at - p));
        b = same_kind(I, self, s, sn);
        c = same_kind(I, self, at + sn, n - (size_t)(at - p) - sn);
    }
    if (!a || !b || !c) { py_xdecref(I, a); py_xdecref(I, b); py_xdecref(I, c); return PY_NULL; }
    py_val t = py_tuple_pack(I, 3, a, b, c);
    py_decref(I, a); py_decref(I, b); py_decref(I, c);
    return t;
}

BMETH(partition) { return bpartition(I, self, args, nargs, kw, 0); }
BMETH(rpartition) { return bpartition(I, self, args, nargs, kw, 1); }

BMETH(removeprefix)
{
    if (py_args_exact(I, "removeprefix", nargs, kw, 1)) return PY_NULL;
    const char *p, *q;
    size_t n, m;
    view(self, &p, &n);
    if (!view(args[0], &q, &m)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, args[0]));
    if (m <= n && !memcmp(p, q, m)) return same_kind(I, self, p + m, n - m);
    return same_kind(I, self, p, n);
}

BMETH(removesuffix)
{
    if (py_args_exact(I, "removesuffix", nargs, kw, 1)) return PY_NULL;
    const char *p, *q;
    size_t n, m;
    view(self, &p, &n);
    if (!view(args[0], &q, &m)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, args[0]));
    if (m && m <= n && !memcmp(p + n - m, q, m)) return same_kind(I, self, p, n - m);
    return same_kind(I, self, p, n);
}

BMETH(splitlines)
{
    static const char *const names[] = { "keepends", NULL };
    py_val a[1] = { 0 };
    if (py_args_parse(I, "splitlines", args, nargs, kw, names, 0, a)) return PY_NULL;
    int keep = a[0] ? py_truthy(I, a[0]) : 0;
    const char *p;
    size_t n;
    view(self, &p, &n);
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    size_t i = 0, st = 0;
    while (i < n) {
        if (p[i] == '\n' || p[i] == '\r') {
            size_t bl = (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n') ? 2 : 1;
            py_val s = same_kind(I, self, p + st, i - st + (keep ? bl : 0));
            if (!s || py_list_append_steal(I, l, s)) { py_decref(I, l); return PY_NULL; }
            i += bl;
            st = i;
        } else i++;
    }
    if (st < n) {
        py_val s = same_kind(I, self, p + st, n - st);
        if (!s || py_list_append_steal(I, l, s)) { py_decref(I, l); return PY_NULL; }
    }
    return l;
}

static py_val bpad(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int mode, const char *name)
{
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) return py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got %zu", name, nargs);
    int64_t w;
    if (py_ssize_arg(I, args[0], &w)) return PY_NULL;
    if (w > ((int64_t)1 << 36)) return py_err_nomem_size(I, (size_t)1 << 62);
    char fill = ' ';
    if (nargs > 1) {
        const char *q;
        size_t m;
        if (!view(args[1], &q, &m) || m != 1)
            return py_err_fmt(I, PY_E_TypeError, "%s() argument 2 must be a byte string of length 1, not %s", name, py_argtype_name(I, args[1]));
        fill = q[0];
    }
    const char *p;
    size_t n;
    view(self, &p, &n);
    if (w <= (int64_t)n) return same_kind(I, self, p, n);
    if (w > ((int64_t)1 << 32)) return py_err_nomem_size(I, (size_t)1 << 62);
    size_t padn = (size_t)w - n, left = mode == 0 ? 0 : mode == 1 ? padn : padn / 2 + (padn & (size_t)w & 1);
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < left; i++) sk_buf_putc(&b, fill);
    sk_buf_put(&b, p, n);
    for (size_t i = left; i < padn; i++) sk_buf_putc(&b, fill);
    py_val r = same_kind(I, self, b.p, b.len);
    sk_buf_free(&b);
    return r;
}

BMETH(ljust) { return bpad(I, self, args, nargs, kw, 0, "ljust"); }
BMETH(rjust) { return bpad(I, self, args, nargs, kw, 1, "rjust"); }
BMETH(center) { return bpad(I, self, args, nargs, kw, 2, "center"); }

BMETH(zfill)
{
    if (py_args_exact(I, "zfill", nargs, kw, 1)) return PY_NULL;
    int64_t w;
    if (py_ssize_arg(I, args[0], &w)) return PY_NULL;
    if (w > ((int64_t)1 << 36)) return py_err_nomem_size(I, (size_t)1 << 62);
    const char *p;
    size_t n;
    view(self, &p, &n);
    if (w <= (int64_t)n) return same_kind(I, self, p, n);
    sk_buf b = SK_BUF_INIT(I->alloc);
    size_t i = 0;
    if (n && (p[0] == '+' || p[0] == '-')) { sk_buf_putc(&b, p[0]); i = 1; }
    for (int64_t k = 0; k < w - (int64_t)n; k++) sk_buf_putc(&b, '0');
    sk_buf_put(&b, p + i, n - i);
    py_val r = same_kind(I, self, b.p, b.len);
    sk_buf_free(&b);
    return r;
}

BMETH(rsplit)
{
    static const char *const names[] = { "sep", "maxsplit", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "rsplit", args, nargs, kw, names, 0, a)) return PY_NULL;
    const char *p, *sep = NULL;
    size_t n, sn = 0;
    view(self, &p, &n);
    if (a[0] && a[0] != PY_NONE) {
        if (!view(a[0], &sep, &sn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, a[0]));
        if (!sn) return py_err_str(I, PY_E_ValueError, "empty separator");
    }
    int64_t maxsplit = -1;
    if (a[1] && py_index_i64(I, a[1], &maxsplit, 0)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    size_t e = n;
    if (!sep) {
        while (e > 0) {
            while (e > 0 && bspace((unsigned char)p[e - 1])) e--;
            if (!e) break;
            if (maxsplit == 0) {
                size_t st = 0;
                while (st < e && bspace((unsigned char)p[st])) st++;
                py_val s = same_kind(I, self, p + st, e - st);
                if (!s || py_list_append_steal(I, l, s)) goto fail;
                break;
            }
            size_t en = e;
            while (e > 0 && !bspace((unsigned char)p[e - 1])) e--;
            py_val s = same_kind(I, self, p + e, en - e);
            if (!s || py_list_append_steal(I, l, s)) goto fail;
            if (maxsplit > 0) maxsplit--;
        }
    } else {
        for (;;) {
            const char *at = NULL;
            if (maxsplit != 0 && e >= sn) {
                for (size_t k = e - sn + 1; k-- > 0;) if (!memcmp(p + k, sep, sn)) { at = p + k; break; }
            }
            if (!at) {
                py_val s = same_kind(I, self, p, e);
                if (!s || py_list_append_steal(I, l, s)) goto fail;
                break;
            }
            py_val s = same_kind(I, self, at + sn, e - (size_t)(at - p) - sn);
            if (!s || py_list_append_steal(I, l, s)) goto fail;
            e = (size_t)(at - p);
            if (maxsplit > 0) maxsplit--;
        }
    }
    if (py_list_reverse(I, l)) goto fail;
    return l;
fail:
    py_decref(I, l);
    return PY_NULL;
}

BMETH(expandtabs)
{
    static const char *const names[] = { "tabsize", NULL };
    py_val a[1] = { 0 };
    if (py_args_parse(I, "expandtabs", args, nargs, kw, names, 0, a)) return PY_NULL;
    int64_t ts = 8;
    if (a[0] && py_index_i64(I, a[0], &ts, 0)) return PY_NULL;
    const char *p;
    size_t n;
    view(self, &p, &n);
    sk_buf b = SK_BUF_INIT(I->alloc);
    int64_t col = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\t') {
            if (ts > 0) {
                int64_t k = ts - col % ts;
                for (int64_t j = 0; j < k; j++) sk_buf_putc(&b, ' ');
                col += k;
            }
        } else {
            sk_buf_putc(&b, c);
            col = c == '\n' || c == '\r' ? 0 : col + 1;
        }
    }
    py_val r = same_kind(I, self, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return r;
}

/* bytes.maketrans(from, to): a 256-byte table */
static py_val b_maketrans(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_args_exact(I, "maketrans", nargs, kw, 2)) return PY_NULL;
    const char *f, *t;
    size_t fn, tn;
    if (!view(args[0], &f, &fn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, args[0]));
    if (!view(args[1], &t, &tn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, args[1]));
    if (fn != tn) return py_err_str(I, PY_E_ValueError, "maketrans arguments must have same length");
    char table[256];
    for (int i = 0; i < 256; i++) table[i] = (char)i;
    for (size_t i = 0; i < fn; i++) table[(unsigned char)f[i]] = t[i];
    return py_bytes_new(I, table, 256);
}

BMETH(translate)
{
    static const char *const names[] = { "!table", "delete", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "translate", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *tab = NULL, *del = NULL, *p;
    size_t tn = 0, dn = 0, n;
    if (a[0] != PY_NONE) {
        if (!view(a[0], &tab, &tn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, a[0]));
        if (tn != 256) return py_err_str(I, PY_E_ValueError, "translation table must be 256 characters long");
    }
    if (a[1] && !view(a[1], &del, &dn)) return py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, a[1]));
    view(self, &p, &n);
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (del && memchr(del, c, dn)) continue;
        sk_buf_putc(&b, tab ? tab[c] : (char)c);
    }
    py_val r = same_kind(I, self, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return r;
}

BMETH(getnewargs)
{
    (void)args; (void)nargs; (void)kw;
    return py_tuple_pack(I, 1, self);
}

static const py_methoddef bytes_methods[] = {
    { "decode", b_decode, PY_METH_KW }, { "hex", b_hex, PY_METH_KW }, { "fromhex", b_fromhex, PY_METH_CLASS },
    { "find", b_find, 0 }, { "rfind", b_rfind, 0 }, { "index", b_index, 0 }, { "rindex", b_rindex, 0 },
    { "count", b_count, 0 }, { "startswith", b_startswith, 0 }, { "endswith", b_endswith, 0 },
    { "strip", b_strip, 0 }, { "lstrip", b_lstrip, 0 }, { "rstrip", b_rstrip, 0 }, { "split", b_split, PY_METH_KW },
    { "join", b_join, 0 }, { "replace", b_replace, 0 }, { "lower", b_lower, 0 }, { "upper", b_upper, 0 },
    { "swapcase", b_swapcase, 0 }, { "capitalize", b_capitalize, 0 }, { "title", b_title, 0 },
    { "isalpha", b_isalpha, 0 }, { "isdigit", b_isdigit, 0 }, { "isalnum", b_isalnum, 0 },
    { "isspace", b_isspace, 0 }, { "islower", b_islower, 0 }, { "isupper", b_isupper, 0 }, { "istitle", b_istitle, 0 },
    { "isascii", b_isascii, 0 }, { "partition", b_partition, 0 }, { "rpartition", b_rpartition, 0 },
    { "removeprefix", b_removeprefix, 0 }, { "removesuffix", b_removesuffix, 0 },
    { "splitlines", b_splitlines, PY_METH_KW }, { "ljust", b_ljust, 0 }, { "rjust", b_rjust, 0 },
    { "center", b_center, 0 }, { "zfill", b_zfill, 0 }, { "__getnewargs__", b_getnewargs, 0 },
    { "rsplit", b_rsplit, PY_METH_KW }, { "expandtabs", b_expandtabs, PY_METH_KW },
    { "maketrans", b_maketrans, PY_METH_STATIC }, { "translate", b_translate, PY_METH_KW },
    { NULL, NULL, 0 }
};

static int bytes_truth(py_interp *I, py_val v) { (void)I; const char *p; size_t n; view(v, &p, &n); return n != 0; }

static py_val bytes_mod(py_interp *I, py_val a, py_val b)
{
    const char *p;
    size_t n;
    if (!view(a, &p, &n)) return PY_NOTIMPL;
    py_val s = py_bytes_decode(I, p, n, "latin-1", "strict");
    if (!s) return PY_NULL;
    py_val r = py_str_mod(I, s, b);
    py_decref(I, s);
    if (!r) return PY_NULL;
    py_val out = py_str_encode(I, r, "latin-1", "strict");
    py_decref(I, r);
    return out;
}

const py_typedef py_bytes_typedef = {
    .name = "bytes", .base = PY_T_OBJECT, .flags = PY_TF_BYTES_SUB | PY_TF_BASETYPE, .basicsize = sizeof(py_bytes),
    .slots = { .dealloc = bytes_dealloc, .repr = py_bytes_repr, .hash = bytes_hash, .richcmp = bytes_richcmp,
               .len = bytes_len, .getitem = bytes_getitem, .contains = bytes_contains, .iter = bytes_iter,
               .truth = bytes_truth, .nb = { [PY_NB_ADD] = bytes_add, [PY_NB_MUL] = bytes_mul, [PY_NB_MOD] = bytes_mod },
               .new_ = bytes_new_slot },
    .methods = bytes_methods,
};

const py_typedef py_bytesiter_typedef = {
    .name = "bytes_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = bytesiter_next },
};

/* ---- bytearray --------------------------------------------------------------------- */
static int ba_reserve(py_interp *I, py_bytearray *b, size_t need)
{
    if (need + 1 <= b->cap) return 0;
    size_t cap = b->cap ? b->cap * 2 : 16;
    while (cap < need + 1) cap *= 2;
    char *d = py_realloc(I, b->data, b->cap, cap);
    if (!d) return -1;
    b->data = d;
    b->cap = cap;
    return 0;
}

static void ba_dealloc(py_interp *I, py_obj *o)
{
    py_bytearray *b = (py_bytearray *)o;
    py_gc_untrack(I, o);
    py_free(I, b->data, b->cap);
    py_xdecref(I, b->dict_);
    py_obj_free(I, o, o->type->basicsize);
}

static py_val ba_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    py_obj *o = py_obj_new(I, t, t->basicsize);
    return o ? PY_VAL(o) : PY_NULL;
}

static int ba_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_val src = bytes_new_slot(I, PY_TYPE(I, PY_T_BYTES), args, nargs, kw);
    if (!src) return -1;
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    size_t n = PY_BYTES(src)->len;
    if (ba_reserve(I, b, n)) { py_decref(I, src); return -1; }
    memcpy(b->data, PY_BYTES(src)->data, n);
    b->len = n;
    b->data[n] = 0;
    py_decref(I, src);
    return 0;
}

static int ba_setitem(py_interp *I, py_val self, py_val key, py_val v)
{
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    if (PY_IS(key, SLICE)) {
        int64_t start, stop, step, len;
        if (py_slice_indices(I, key, (int64_t)b->len, &start, &stop, &step, &len)) return -1;
        if (step != 1) { py_err_str(I, PY_E_NotImplementedError, "extended slice assignment on bytearray"); return -1; }
        if (stop < start) stop = start;
        const char *p = "";
        size_t n = 0;
        py_val tmp = PY_NULL;
        if (v) {
            if (!view(v, &p, &n)) {
                tmp = bytes_from_object(I, v);
                if (!tmp) return -1;
                p = PY_BYTES(tmp)->data;
                n = PY_BYTES(tmp)->len;
            }
        }
        size_t old = (size_t)(stop - start);
        size_t nl = b->len - old + n;
        char *nd = py_alloc(I, nl + 1);
        if (!nd) { py_xdecref(I, tmp); return -1; }
        memcpy(nd, b->data, (size_t)start);
        memcpy(nd + start, p, n);
        memcpy(nd + start + (int64_t)n, b->data + stop, b->len - (size_t)stop);
        nd[nl] = 0;
        py_free(I, b->data, b->cap);
        b->data = nd;
        b->cap = nl + 1;
        b->len = nl;
        py_xdecref(I, tmp);
        return 0;
    }
    int64_t i;
    if (py_index_i64(I, key, &i, 1)) return -1;
    if (i < 0) i += (int64_t)b->len;
    if (i < 0 || (size_t)i >= b->len) { py_err_str(I, PY_E_IndexError, "bytearray index out of range"); return -1; }
    if (!v) {
        memmove(b->data + i, b->data + i + 1, b->len - (size_t)i - 1);
        b->len--;
        return 0;
    }
    int64_t c;
    if (!py_is_intlike(v)) { py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, v)); return -1; }
    if (py_int_to_i64(I, v, &c) || c < 0 || c > 255) { py_err_clear(I); py_err_str(I, PY_E_ValueError, "byte must be in range(0, 256)"); return -1; }
    b->data[i] = (char)c;
    return 0;
}

static py_val ba_append(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "bytearray.append", nargs, kw, 1)) return PY_NULL;
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    int64_t c;
    if (!py_is_intlike(args[0])) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
    if (py_int_to_i64(I, args[0], &c) || c < 0 || c > 255) { py_err_clear(I); return py_err_str(I, PY_E_ValueError, "byte must be in range(0, 256)"); }
    if (ba_reserve(I, b, b->len + 1)) return PY_NULL;
    b->data[b->len++] = (char)c;
    b->data[b->len] = 0;
    return PY_NONE;
}

static int ba_byte_arg(py_interp *I, py_val v, int *out)
{
    int64_t c;
    if (!py_is_intlike(v)) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, v));
        return -1;
    }
    if (py_int_to_i64(I, v, &c) || c < 0 || c > 255) { py_err_clear(I); py_err_str(I, PY_E_ValueError, "byte must be in range(0, 256)"); return -1; }
    *out = (int)c;
    return 0;
}

static py_val ba_insert(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "insert", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "insert expected 2 arguments, got %zu", nargs);
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    int64_t i;
    int c;
    if (py_index_i64(I, args[0], &i, 0) || ba_byte_arg(I, args[1], &c)) return PY_NULL;
    int64_t n = (int64_t)b->len;
    if (i < 0) { i += n; if (i < 0) i = 0; }
    if (i > n) i = n;
    if (ba_reserve(I, b, b->len + 1)) return PY_NULL;
    memmove(b->data + i + 1, b->data + i, (size_t)(n - i));
    b->data[i] = (char)c;
    b->len++;
    b->data[b->len] = 0;
    return PY_NONE;
}

static py_val ba_remove(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "bytearray.remove", nargs, kw, 1)) return PY_NULL;
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    int c;
    if (ba_byte_arg(I, args[0], &c)) return PY_NULL;
    char *at = b->len ? memchr(b->data, c, b->len) : NULL;
    if (!at) return py_err_str(I, PY_E_ValueError, "value not found in bytearray");
    size_t i = (size_t)(at - b->data);
    memmove(b->data + i, b->data + i + 1, b->len - i - 1);
    b->len--;
    b->data[b->len] = 0;
    return PY_NONE;
}

static py_val ba_reverse(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "bytearray.reverse", nargs, kw)) return PY_NULL;
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    for (size_t i = 0, j = b->len; i + 1 < j; i++, j--) {
        char t = b->data[i];
        b->data[i] = b->data[j - 1];
        b->data[j - 1] = t;
    }
    return PY_NONE;
}

static py_val ba_extend(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "bytearray.extend", nargs, kw, 1)) return PY_NULL;
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    py_val src = bytes_from_object(I, args[0]);
    if (!src) return PY_NULL;
    size_t n = PY_BYTES(src)->len;
    if (ba_reserve(I, b, b->len + n)) { py_decref(I, src); return PY_NULL; }
    memcpy(b->data + b->len, PY_BYTES(src)->data, n);
    b->len += n;
    b->data[b->len] = 0;
    py_decref(I, src);
    return PY_NONE;
}

static py_val ba_pop(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_range(I, "pop", nargs, kw, 0, 1)) return PY_NULL;
    py_bytearray *b = (py_bytearray *)PY_OBJ(self);
    int64_t i = -1;
    if (nargs && py_index_i64(I, args[0], &i, 1)) return PY_NULL;
    if (!b->len) return py_err_str(I, PY_E_IndexError, "pop from empty bytearray");
    if (i < 0) i += (int64_t)b->len;
    if (i < 0 || (size_t)i >= b->len) return py_err_str(I, PY_E_IndexError, "pop index out of range");
    int c = (unsigned char)b->data[i];
    memmove(b->data + i, b->data + i + 1, b->len - (size_t)i - 1);
    b->len--;
    return py_int_small(c);
}

static py_val ba_clear(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "bytearray.clear", nargs, kw)) return PY_NULL;
    ((py_bytearray *)PY_OBJ(self))->len = 0;
    return PY_NONE;
}

static py_val ba_iadd(py_interp *I, py_val a, py_val b)
{
    if (!py_is_bytearray(a)) return PY_NOTIMPL;
    py_val r = ba_extend(I, a, &b, 1, PY_NULL);
    if (!r) return PY_NULL;
    return py_newref(a);
}

static py_val ba_copy(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "bytearray.copy", nargs, kw)) return PY_NULL;
    return py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTEARRAY)), self);
}

static const py_methoddef bytearray_methods[] = {
    { "append", ba_append, 0 }, { "extend", ba_extend, 0 }, { "pop", ba_pop, 0 }, { "clear", ba_clear, 0 },
    { "copy", ba_copy, 0 },
    { "decode", b_decode, PY_METH_KW }, { "hex", b_hex, PY_METH_KW }, { "fromhex", b_fromhex, PY_METH_CLASS },
    { "find", b_find, 0 }, { "rfind", b_rfind, 0 }, { "index", b_index, 0 }, { "rindex", b_rindex, 0 },
    { "count", b_count, 0 }, { "startswith", b_startswith, 0 }, { "endswith", b_endswith, 0 },
    { "strip", b_strip, 0 }, { "lstrip", b_lstrip, 0 }, { "rstrip", b_rstrip, 0 }, { "split", b_split, PY_METH_KW },
    { "join", b_join, 0 }, { "replace", b_replace, 0 }, { "lower", b_lower, 0 }, { "upper", b_upper, 0 },
    { "isalpha", b_isalpha, 0 }, { "isdigit", b_isdigit, 0 }, { "isalnum", b_isalnum, 0 },
    { "isspace", b_isspace, 0 }, { "partition", b_partition, 0 }, { "splitlines", b_splitlines, PY_METH_KW },
    { "insert", ba_insert, 0 }, { "remove", ba_remove, 0 }, { "reverse", ba_reverse, 0 },
    { "swapcase", b_swapcase, 0 }, { "capitalize", b_capitalize, 0 }, { "title", b_title, 0 },
    { "islower", b_islower, 0 }, { "isupper", b_isupper, 0 }, { "istitle", b_istitle, 0 },
    { "isascii", b_isascii, 0 }, { "rpartition", b_rpartition, 0 },
    { "removeprefix", b_removeprefix, 0 }, { "removesuffix", b_removesuffix, 0 },
    { "ljust", b_ljust, 0 }, { "rjust", b_rjust, 0 }, { "center", b_center, 0 }, { "zfill", b_zfill, 0 },
    { "rsplit", b_rsplit, PY_METH_KW }, { "expandtabs", b_expandtabs, PY_METH_KW },
    { "maketrans", b_maketrans, PY_METH_STATIC }, { "translate", b_translate, PY_METH_KW },
    { NULL, NULL, 0 }
};

const py_typedef py_bytearray_typedef = {
    .name = "bytearray", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_SUBCLASS_DICT, .basicsize = sizeof(py_bytearray),
    .dictoffset = offsetof(py_bytearray, dict_),
    .slots = { .dealloc = ba_dealloc, .repr = py_bytes_repr, .hash = py_hash_unhashable, .richcmp = bytes_richcmp,
               .len = bytes_len, .getitem = bytes_getitem, .setitem = ba_setitem, .contains = bytes_contains,
               .iter = bytes_iter, .truth = bytes_truth,
               .nb = { [PY_NB_ADD] = bytes_add, [PY_NB_MUL] = bytes_mul },
               .nb_inplace = { [PY_NB_ADD] = ba_iadd },
               .new_ = ba_new_slot, .init = ba_init },
    .methods = bytearray_methods,
};
