/* strmeth.c — the methods of str.  Unicode properties and case mappings
 * come from utf8proc; the handful of full (multi-character) case mappings
 * CPython applies (ß -> SS, İ -> i̇, ligatures) are special-cased.
 *
 * Must never: index by byte where Python indexes by code point.
 */
#include <string.h>
#include <utf8proc.h>

#include "py/core.h"

int py_slice_arg(py_interp *I, py_val v, int64_t len, int64_t *out);

/* ---- code point helpers ----------------------------------------------------------- */
typedef struct cpbuf { uint32_t *cp; size_t n; size_t cap; } cpbuf;

static int decode_all(py_interp *I, py_val s, uint32_t **out, size_t *n)
{
    size_t len = py_str_len(s), cpl = PY_STR(s)->cplen;
    uint32_t *cp = py_alloc(I, (cpl + 1) * sizeof(uint32_t));
    if (!cp) return -1;
    const char *p = py_str_data(s);
    size_t i = 0, k = 0;
    while (i < len) {
        const unsigned char *q = (const unsigned char *)p + i;
        if (q[0] == 0xED && len - i >= 3 && (q[1] & 0xC0) == 0x80) {
            cp[k++] = ((q[0] & 0x0F) << 12) | ((q[1] & 0x3F) << 6) | (q[2] & 0x3F);
            i += 3;
            continue;
        }
        py_utf8_decode(p, len, &i, &cp[k++]);
    }
    *out = cp;
    *n = k;
    return 0;
}

static py_val encode_all(py_interp *I, const uint32_t *cp, size_t n)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (sk_buf_reserve(&b, n)) return py_err_nomem(I);
    char tmp[4];
    for (size_t i = 0; i < n; i++) {
        int k = py_utf8_encode(cp[i], tmp);
        if (sk_buf_put(&b, tmp, (size_t)k)) { sk_buf_free(&b); return py_err_nomem(I); }
    }
    return py_str_from_buf(I, &b);
}

int py_unicode_isspace(uint32_t c);
int py_unicode_isspace(uint32_t c)
{
    if (c < 128) return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
    return c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
           c == 0x202f || c == 0x205f || c == 0x3000;
}

static int cat(uint32_t c) { return utf8proc_category((utf8proc_int32_t)c); }

static int u_isalpha(uint32_t c)
{
    if (c < 128) return (c | 32) >= 'a' && (c | 32) <= 'z';
    int k = cat(c);
    return k == UTF8PROC_CATEGORY_LU || k == UTF8PROC_CATEGORY_LL || k == UTF8PROC_CATEGORY_LT ||
           k == UTF8PROC_CATEGORY_LM || k == UTF8PROC_CATEGORY_LO;
}
static int u_isdecimal(uint32_t c)
{
    if (c < 128) return c >= '0' && c <= '9';
    return cat(c) == UTF8PROC_CATEGORY_ND;
}
static int u_isdigit(uint32_t c)
{
    if (u_isdecimal(c)) return 1;
    return c == 0xB2 || c == 0xB3 || c == 0xB9 || (c >= 0x2070 && c <= 0x2079 && c != 0x2071 && c != 0x2072 && c != 0x2073) ||
           (c >= 0x2080 && c <= 0x2089) || (c >= 0x2460 && c <= 0x2468) || (c >= 0x2474 && c <= 0x247C) ||
           (c >= 0x2488 && c <= 0x2490) || (c >= 0x24F5 && c <= 0x24FD) || c == 0x24EA || c == 0x24FF ||
           (c >= 0x2776 && c <= 0x277E) || (c >= 0x2780 && c <= 0x2788) || (c >= 0x278A && c <= 0x2792) ||
           (c >= 0x1F100 && c <= 0x1F10A);
}
static int u_isnumeric(uint32_t c)
{
    if (c < 128) return c >= '0' && c <= '9';
    int k = cat(c);
    if (k == UTF8PROC_CATEGORY_ND || k == UTF8PROC_CATEGORY_NL || k == UTF8PROC_CATEGORY_NO) return 1;
    /* CJK numerals */
    return c == 0x3007 || c == 0x4E00 || c == 0x4E8C || c == 0x4E09 || c == 0x56DB || c == 0x4E94 || c == 0x516D ||
           c == 0x4E03 || c == 0x516B || c == 0x4E5D || c == 0x5341 || c == 0x767E || c == 0x5343 || c == 0x4E07 ||
           c == 0x5104 || c == 0x96F6;
}
static int u_islower(uint32_t c)
{
    if (c < 128) return c >= 'a' && c <= 'z';
    if (cat(c) == UTF8PROC_CATEGORY_LL) return 1;
    return (utf8proc_int32_t)c != utf8proc_toupper((utf8proc_int32_t)c) && (utf8proc_int32_t)c == utf8proc_tolower((utf8proc_int32_t)c) &&
           cat(c) != UTF8PROC_CATEGORY_LT;
}
static int u_isupper(uint32_t c)
{
    if (c < 128) return c >= 'A' && c <= 'Z';
    if (cat(c) == UTF8PROC_CATEGORY_LU) return 1;
    return (utf8proc_int32_t)c != utf8proc_tolower((utf8proc_int32_t)c) && (utf8proc_int32_t)c == utf8proc_toupper((utf8proc_int32_t)c) &&
           cat(c) != UTF8PROC_CATEGORY_LT;
}
static int u_istitle(uint32_t c) { return cat(c) == UTF8PROC_CATEGORY_LT; }
static int u_iscased(uint32_t c) { return u_islower(c) || u_isupper(c) || u_istitle(c); }
static uint32_t u_lower(uint32_t c) { if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c; return (uint32_t)utf8proc_tolower((utf8proc_int32_t)c); }
static uint32_t u_upper(uint32_t c) { if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c; return (uint32_t)utf8proc_toupper((utf8proc_int32_t)c); }
static uint32_t u_title(uint32_t c) { if (c < 128) return u_upper(c); return (uint32_t)utf8proc_totitle((utf8proc_int32_t)c); }

int py_unicode_isprintable(uint32_t c);
int py_unicode_isprintable(uint32_t c)
{
    if (c == ' ') return 1;
    if (c < 0x20 || c == 0x7f) return 0;
    if (c < 0x7f) return 1;
    switch (cat(c)) {
    case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS: case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_ZL: case UTF8PROC_CATEGORY_ZP: case UTF8PROC_CATEGORY_ZS:
        return 0;
    default:
        return 1;
    }
}

/* full case mappings that change the length */
static int special_upper(uint32_t c, uint32_t *out)
{
    switch (c) {
    case 0xDF: out[0] = 'S'; out[1] = 'S'; return 2;
    case 0xFB00: out[0] = 'F'; out[1] = 'F'; return 2;
    case 0xFB01: out[0] = 'F'; out[1] = 'I'; return 2;
    case 0xFB02: out[0] = 'F'; out[1] = 'L'; return 2;
    case 0xFB03: out[0] = 'F'; out[1] = 'F'; out[2] = 'I'; return 3;
    case 0xFB04: out[0] = 'F'; out[1] = 'F'; out[2] = 'L'; return 3;
    case 0xFB05: case 0xFB06: out[0] = 'S'; out[1] = 'T'; return 2;
    case 0x149: out[0] = 0x2BC; out[1] = 'N'; return 2;
    case 0x1F0: out[0] = 'J'; out[1] = 0x30C; return 2;
    default: return 0;
    }
}
static int special_title(uint32_t c, uint32_t *out)
{
    switch (c) {
    case 0xDF: out[0] = 'S'; out[1] = 's'; return 2;
    case 0xFB00: out[0] = 'F'; out[1] = 'f'; return 2;
    case 0xFB01: out[0] = 'F'; out[1] = 'i'; return 2;
    case 0xFB02: out[0] = 'F'; out[1] = 'l'; return 2;
    case 0xFB03: out[0] = 'F'; out[1] = 'f'; out[2] = 'i'; return 3;
    case 0xFB04: out[0] = 'F'; out[1] = 'f'; out[2] = 'l'; return 3;
    default: return 0;
    }
}
static int special_lower(uint32_t c, uint32_t *out)
{
    if (c == 0x130) { out[0] = 'i'; out[1] = 0x307; return 2; }
    return 0;
}

enum { CM_LOWER, CM_UPPER, CM_TITLE, CM_SWAP, CM_CAPITALIZE, CM_CASEFOLD };

static py_val casemap(py_interp *I, py_val s, int mode)
{
    if (PY_STR(s)->ascii) {
        size_t n = py_str_len(s);
        char *d;
        py_val r = py_str_uninit(I, n, &d);
        if (!r) return PY_NULL;
        const char *p = py_str_data(s);
        int prev_cased = 0;
        for (size_t i = 0; i < n; i++) {
            char c = p[i];
            int lo = c >= 'a' && c <= 'z', up = c >= 'A' && c <= 'Z';
            switch (mode) {
            case CM_LOWER: case CM_CASEFOLD: d[i] = up ? (char)(c + 32) : c; break;
            case CM_UPPER: d[i] = lo ? (char)(c - 32) : c; break;
            case CM_SWAP: d[i] = up ? (char)(c + 32) : lo ? (char)(c - 32) : c; break;
            case CM_CAPITALIZE: d[i] = i == 0 ? (lo ? (char)(c - 32) : c) : (up ? (char)(c + 32) : c); break;
            case CM_TITLE:
                if (prev_cased) d[i] = up ? (char)(c + 32) : c;
                else d[i] = lo ? (char)(c - 32) : c;
                prev_cased = lo || up;
                break;
            }
        }
        return r;
    }
    uint32_t *cp;
    size_t n;
    if (decode_all(I, s, &cp, &n)) return PY_NULL;
    size_t cap = n * 3 + 1;
    uint32_t *out = py_alloc(I, cap * sizeof(uint32_t));
    if (!out) { py_free(I, cp, (n + 1) * sizeof(uint32_t)); return PY_NULL; }
    size_t k = 0;
    int prev_cased = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cp[i], sp[3];
        int m;
        switch (mode) {
        case CM_LOWER:
            if ((m = special_lower(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
            else if (c == 0x3A3) {
                /* final sigma */
                int final = i > 0 && u_iscased(cp[i - 1]) && (i + 1 >= n || !u_iscased(cp[i + 1]));
                out[k++] = final ? 0x3C2 : 0x3C3;
            } else out[k++] = u_lower(c);
            break;
        case CM_CASEFOLD:
            if (c == 0xDF) { out[k++] = 's'; out[k++] = 's'; }
            else if (c == 0x3C2) out[k++] = 0x3C3;
            else if ((m = special_lower(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
            else out[k++] = u_lower(c);
            break;
        case CM_UPPER:
            if ((m = special_upper(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
            else out[k++] = u_upper(c);
            break;
        case CM_SWAP:
            if (u_isupper(c)) {
                if ((m = special_lower(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
                else out[k++] = u_lower(c);
            } else if (u_islower(c)) {
                if ((m = special_upper(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
                else out[k++] = u_upper(c);
            } else out[k++] = c;
            break;
        case CM_CAPITALIZE:
            if (i == 0) {
                if ((m = special_title(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
                else out[k++] = u_title(c);
            } else {
                if ((m = special_lower(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
                else out[k++] = u_lower(c);
            }
            break;
        case CM_TITLE:
            if (prev_cased) out[k++] = u_lower(c);
            else if ((m = special_title(c, sp))) { for (int j = 0; j < m; j++) out[k++] = sp[j]; }
            else out[k++] = u_title(c);
            prev_cased = u_iscased(c);
            break;
        }
    }
    py_val r = encode_all(I, out, k);
    py_free(I, out, cap * sizeof(uint32_t));
    py_free(I, cp, (n + 1) * sizeof(uint32_t));
    return r;
}

#define NOARGS(fn, label) if (py_args_none(I, label, nargs, kw)) return PY_NULL; (void)args;
#define SMETH(name) static py_val s_##name(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)

SMETH(lower) { NOARGS(lower, "str.lower"); return casemap(I, self, CM_LOWER); }
SMETH(upper) { NOARGS(upper, "str.upper"); return casemap(I, self, CM_UPPER); }
SMETH(title) { NOARGS(title, "str.title"); return casemap(I, self, CM_TITLE); }
SMETH(swapcase) { NOARGS(swapcase, "str.swapcase"); return casemap(I, self, CM_SWAP); }
SMETH(capitalize) { NOARGS(capitalize, "str.capitalize"); return casemap(I, self, CM_CAPITALIZE); }
SMETH(casefold) { NOARGS(casefold, "str.casefold"); return casemap(I, self, CM_CASEFOLD); }

static py_val predicate(py_interp *I, py_val s, int (*pred)(uint32_t), int empty)
{
    size_t n = py_str_len(s);
    if (n == 0) return py_bool(empty);
    const char *p = py_str_data(s);
    size_t i = 0;
    while (i < n) {
        uint32_t c;
        py_utf8_decode(p, n, &i, &c);
        if (!pred(c)) return PY_FALSE;
    }
    (void)I;
    return PY_TRUE;
}

static int u_isalnum(uint32_t c) { return u_isalpha(c) || u_isdecimal(c) || u_isdigit(c) || u_isnumeric(c); }

SMETH(isalpha) { NOARGS(isalpha, "str.isalpha"); return predicate(I, self, u_isalpha, 0); }
SMETH(isdecimal) { NOARGS(isdecimal, "str.isdecimal"); return predicate(I, self, u_isdecimal, 0); }
SMETH(isdigit) { NOARGS(isdigit, "str.isdigit"); return predicate(I, self, u_isdigit, 0); }
SMETH(isnumeric) { NOARGS(isnumeric, "str.isnumeric"); return predicate(I, self, u_isnumeric, 0); }
SMETH(isalnum) { NOARGS(isalnum, "str.isalnum"); return predicate(I, self, u_isalnum, 0); }
SMETH(isspace) { NOARGS(isspace, "str.isspace"); return predicate(I, self, py_unicode_isspace, 0); }
SMETH(isascii) { NOARGS(isascii, "str.isascii"); return py_bool(PY_STR(self)->ascii); }
SMETH(isprintable) { NOARGS(isprintable, "str.isprintable"); return predicate(I, self, py_unicode_isprintable, 1); }

SMETH(islower)
{
    NOARGS(islower, "str.islower");
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), i = 0;
    int cased = 0;
    while (i < n) {
        uint32_t c;
        py_utf8_decode(p, n, &i, &c);
        if (u_isupper(c) || u_istitle(c)) return PY_FALSE;
        if (u_islower(c)) cased = 1;
    }
    return py_bool(cased);
}

SMETH(isupper)
{
    NOARGS(isupper, "str.isupper");
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), i = 0;
    int cased = 0;
    while (i < n) {
        uint32_t c;
        py_utf8_decode(p, n, &i, &c);
        if (u_islower(c) || u_istitle(c)) return PY_FALSE;
        if (u_isupper(c)) cased = 1;
    }
    return py_bool(cased);
}

SMETH(istitle)
{
    NOARGS(istitle, "str.istitle");
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), i = 0;
    int cased = 0, prev_cased = 0;
    while (i < n) {
        uint32_t c;
        py_utf8_decode(p, n, &i, &c);
        if (u_isupper(c) || u_istitle(c)) {
            if (prev_cased) return PY_FALSE;
            prev_cased = cased = 1;
        } else if (u_islower(c)) {
            if (!prev_cased) return PY_FALSE;
            prev_cased = cased = 1;
        } else prev_cased = 0;
    }
    return py_bool(cased);
}

int py_str_isidentifier(py_val s)
{
    const char *p = py_str_data(s);
    size_t n = py_str_len(s), i = 0;
    if (!n) return 0;
    int first = 1;
    while (i < n) {
        uint32_t c;
        py_utf8_decode(p, n, &i, &c);
        int ok;
        if (c < 128) ok = c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z') || (!first && c >= '0' && c <= '9');
        else {
            int k = cat(c);
            ok = u_isalpha(c) || k == UTF8PROC_CATEGORY_NL ||
                 (!first && (k == UTF8PROC_CATEGORY_MN || k == UTF8PROC_CATEGORY_MC || k == UTF8PROC_CATEGORY_ND ||
                             k == UTF8PROC_CATEGORY_PC));
        }
        if (!ok) return 0;
        first = 0;
    }
    return 1;
}

SMETH(isidentifier) { NOARGS(isidentifier, "str.isidentifier"); return py_bool(py_str_isidentifier(self)); }

/* ---- searching --------------------------------------------------------------------- */
static int64_t cp_of_byte(py_val s, size_t off)
{
    if (PY_STR(s)->ascii) return (int64_t)off;
    return (int64_t)py_utf8_count(py_str_data(s), off);
}

/* Resolve optional start/end code point arguments into byte offsets. */
static int range_args(py_interp *I, py_val s, const py_val *args, size_t nargs, size_t first, size_t *bs, size_t *be,
                      int64_t *cs, int64_t *ce)
{
    int64_t len = (int64_t)PY_STR(s)->cplen;
    int64_t a = 0, b = len;
    if (nargs > first && args[first] != PY_NONE && py_slice_arg(I, args[first], len, &a)) return -1;
    if (nargs > first + 1 && args[first + 1] != PY_NONE && py_slice_arg(I, args[first + 1], len, &b)) return -1;
    if (cs) *cs = a;
    if (ce) *ce = b;
    if (a > b) { *bs = 1; *be = 0; return 0; }   /* empty, signalled by bs > be */
    *bs = py_utf8_offset(s, a);
    *be = py_utf8_offset(s, b);
    return 0;
}

static const char *memrmem(const char *h, size_t hn, const char *n, size_t nn)
{
    if (nn > hn) return NULL;
    for (size_t i = hn - nn + 1; i-- > 0;) if (!memcmp(h + i, n, nn)) return h + i;
    return NULL;
}

static py_val find_common(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, const char *name,
                          int reverse, int raise)
{
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got 0", strchr(name, '.') + 1);
        return py_err_fmt(I, PY_E_TypeError, "%s expected at most 3 arguments, got %zu", strchr(name, '.') + 1, nargs);
    }
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "must be str, not %s", py_type_name(I, args[0]));
    size_t bs, be;
    if (range_args(I, self, args, nargs, 1, &bs, &be, NULL, NULL)) return PY_NULL;
    if (bs > be) goto notfound;
    const char *h = py_str_data(self) + bs;
    size_t hn = be - bs;
    const char *nd = py_str_data(args[0]);
    size_t nn = py_str_len(args[0]);
    const char *at = reverse ? memrmem(h, hn, nd, nn) : (nn ? memmem(h, hn, nd, nn) : h);
    if (!at) goto notfound;
    return py_int_from_i64(I, cp_of_byte(self, (size_t)(at - py_str_data(self))));
notfound:
    if (raise) return py_err_str(I, PY_E_ValueError, "substring not found");
    return py_int_small(-1);
}

SMETH(find) { return find_common(I, self, args, nargs, kw, "str.find", 0, 0); }
SMETH(rfind) { return find_common(I, self, args, nargs, kw, "str.rfind", 1, 0); }
SMETH(index) { return find_common(I, self, args, nargs, kw, "str.index", 0, 1); }
SMETH(rindex) { return find_common(I, self, args, nargs, kw, "str.rindex", 1, 1); }

SMETH(count)
{
    if (py_no_kw(I, "str.count", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) {
        if (nargs < 1) return py_err_str(I, PY_E_TypeError, "count expected at least 1 argument, got 0");
        return py_err_fmt(I, PY_E_TypeError, "count expected at most 3 arguments, got %zu", nargs);
    }
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "must be str, not %s", py_type_name(I, args[0]));
    size_t bs, be;
    int64_t cs, ce;
    if (range_args(I, self, args, nargs, 1, &bs, &be, &cs, &ce)) return PY_NULL;
    if (bs > be) return py_int_small(0);
    size_t nn = py_str_len(args[0]);
    if (nn == 0) return py_int_from_i64(I, ce - cs + 1);
    const char *h = py_str_data(self) + bs, *end = py_str_data(self) + be;
    int64_t c = 0;
    while (h < end) {
        const char *at = memmem(h, (size_t)(end - h), py_str_data(args[0]), nn);
        if (!at) break;
        c++;
        h = at + nn;
    }
    return py_int_small(c);
}

static py_val startsend(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int ends)
{
    const char *name = ends ? "endswith" : "startswith";
    if (py_no_kw(I, ends ? "str.endswith" : "str.startswith", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got 0", name);
        return py_err_fmt(I, PY_E_TypeError, "%s expected at most 3 arguments, got %zu", name, nargs);
    }
    size_t bs, be;
    if (range_args(I, self, args, nargs, 1, &bs, &be, NULL, NULL)) return PY_NULL;
    py_val pre = args[0];
    size_t np = py_is_tuple(pre) ? py_tuple_len(pre) : 1;
    for (size_t i = 0; i < np; i++) {
        py_val p = py_is_tuple(pre) ? py_tuple_items(pre)[i] : pre;
        if (!py_is_str(p)) {
            if (py_is_tuple(pre))
                return py_err_fmt(I, PY_E_TypeError, "tuple for %s must only contain str, not %s", name, py_type_name(I, p));
            return py_err_fmt(I, PY_E_TypeError, "%s first arg must be str or a tuple of str, not %s", name, py_type_name(I, p));
        }
        if (bs > be) { if (py_str_len(p) == 0 && bs <= be + 1 && 0) return PY_TRUE; continue; }
        size_t pn = py_str_len(p);
        if (pn > be - bs) continue;
        const char *at = ends ? py_str_data(self) + be - pn : py_str_data(self) + bs;
        if (!memcmp(at, py_str_data(p), pn)) return PY_TRUE;
    }
    return PY_FALSE;
}

SMETH(startswith) { return startsend(I, self, args, nargs, kw, 0); }
SMETH(endswith) { return startsend(I, self, args, nargs, kw, 1); }

/* ---- strip / split ------------------------------------------------------------------- */
static int in_chars(uint32_t c, const uint32_t *set, size_t n)
{
    for (size_t i = 0; i < n; i++) if (set[i] == c) return 1;
    return 0;
}

static py_val strip_common(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int left, int right,
                           const char *name)
{
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs > 1) return py_err_fmt(I, PY_E_TypeError, "%s expected at most 1 argument, got %zu", strchr(name, '.') + 1, nargs);
    py_val chars = nargs ? args[0] : PY_NONE;
    if (chars != PY_NONE && !py_is_str(chars))
        return py_err_fmt(I, PY_E_TypeError, "%s arg must be None or str", strchr(name, '.') + 1);
    uint32_t *set = NULL;
    size_t nset = 0;
    if (chars != PY_NONE && decode_all(I, chars, &set, &nset)) return PY_NULL;
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), a = 0, b = n;
    if (left) {
        while (a < n) {
            size_t j = a;
            uint32_t c;
            py_utf8_decode(p, n, &j, &c);
            if (set ? !in_chars(c, set, nset) : (chars == PY_NONE ? !py_unicode_isspace(c) : 1)) break;
            a = j;
        }
    }
    if (right) {
        while (b > a) {
            size_t j = b - 1;
            while (j > a && ((unsigned char)p[j] & 0xC0) == 0x80) j--;
            size_t k = j;
            uint32_t c;
            py_utf8_decode(p, n, &k, &c);
            if (set ? !in_chars(c, set, nset) : (chars == PY_NONE ? !py_unicode_isspace(c) : 1)) break;
            b = j;
        }
    }
    if (set) py_free(I, set, (nset + 1) * sizeof(uint32_t));
    if (a == 0 && b == n) return py_newref(self);
    return py_str_new(I, p + a, b - a);
}

SMETH(strip) { return strip_common(I, self, args, nargs, kw, 1, 1, "str.strip"); }
SMETH(lstrip) { return strip_common(I, self, args, nargs, kw, 1, 0, "str.lstrip"); }
SMETH(rstrip) { return strip_common(I, self, args, nargs, kw, 0, 1, "str.rstrip"); }

static int split_args(py_interp *I, const char *name, const py_val *args, size_t nargs, py_val kw, py_val *sep, int64_t *maxsplit)
{
    static const char *const names[] = { "sep", "maxsplit", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, name, args, nargs, kw, names, 0, a)) return -1;
    *sep = a[0] ? a[0] : PY_NONE;
    *maxsplit = -1;
    if (*sep != PY_NONE && !py_is_str(*sep)) {
        py_err_fmt(I, PY_E_TypeError, "must be str or None, not %s", py_type_name(I, *sep));
        return -1;
    }
    if (*sep != PY_NONE && py_str_len(*sep) == 0) { py_err_str(I, PY_E_ValueError, "empty separator"); return -1; }
    if (a[1]) {
        if (!py_is_intlike(a[1])) {
            py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, a[1]));
            return -1;
        }
        if (py_index_i64(I, a[1], maxsplit, 0)) return -1;
    }
    return 0;
}

static int add_piece(py_interp *I, py_val l, const char *p, size_t n)
{
    py_val s = py_str_new(I, p, n);
    if (!s) return -1;
    return py_list_append_steal(I, l, s);
}

SMETH(split)
{
    py_val sep;
    int64_t maxsplit;
    if (split_args(I, "split", args, nargs, kw, &sep, &maxsplit)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    const char *p = py_str_data(self);
    size_t n = py_str_len(self);
    if (sep == PY_NONE) {
        size_t i = 0;
        while (i < n) {
            /* skip whitespace */
            while (i < n) {
                size_t j = i;
                uint32_t c;
                py_utf8_decode(p, n, &j, &c);
                if (!py_unicode_isspace(c)) break;
                i = j;
            }
            if (i >= n) break;
            if (maxsplit == 0) {
                if (add_piece(I, l, p + i, n - i)) goto fail;
                break;
            }
            size_t start = i;
            while (i < n) {
                size_t j = i;
                uint32_t c;
                py_utf8_decode(p, n, &j, &c);
                if (py_unicode_isspace(c)) break;
                i = j;
            }
            if (add_piece(I, l, p + start, i - start)) goto fail;
            if (maxsplit > 0) maxsplit--;
        }
        return l;
    }
    const char *sp = py_str_data(sep);
    size_t sn = py_str_len(sep);
    size_t i = 0;
    while (maxsplit != 0) {
        const char *at = memmem(p + i, n - i, sp, sn);
        if (!at) break;
        if (add_piece(I, l, p + i, (size_t)(at - p) - i)) goto fail;
        i = (size_t)(at - p) + sn;
        if (maxsplit > 0) maxsplit--;
    }
    if (add_piece(I, l, p + i, n - i)) goto fail;
    return l;
fail:
    py_decref(I, l);
    return PY_NULL;
}

SMETH(rsplit)
{
    py_val sep;
    int64_t maxsplit;
    if (split_args(I, "rsplit", args, nargs, kw, &sep, &maxsplit)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    const char *p = py_str_data(self);
    size_t n = py_str_len(self);
    if (sep == PY_NONE) {
        size_t e = n;
        while (e > 0) {
            while (e > 0) {
                size_t j = e - 1;
                while (j > 0 && ((unsigned char)p[j] & 0xC0) == 0x80) j--;
                size_t k = j;
                uint32_t c;
                py_utf8_decode(p, n, &k, &c);
                if (!py_unicode_isspace(c)) break;
                e = j;
            }
            if (e == 0) break;
            if (maxsplit == 0) {
                if (add_piece(I, l, p, e)) goto fail;
                break;
            }
            size_t s = e;
            while (s > 0) {
                size_t j = s - 1;
                while (j > 0 && ((unsigned char)p[j] & 0xC0) == 0x80) j--;
                size_t k = j;
                uint32_t c;
                py_utf8_decode(p, n, &k, &c);
                if (py_unicode_isspace(c)) break;
                s = j;
            }
            if (add_piece(I, l, p + s, e - s)) goto fail;
            e = s;
            if (maxsplit > 0) maxsplit--;
        }
    } else {
        const char *sp = py_str_data(sep);
        size_t sn = py_str_len(sep);
        size_t e = n;
        while (maxsplit != 0) {
            const char *at = memrmem(p, e, sp, sn);
            if (!at) break;
            size_t a = (size_t)(at - p) + sn;
            if (add_piece(I, l, p + a, e - a)) goto fail;
            e = (size_t)(at - p);
            if (maxsplit > 0) maxsplit--;
        }
        if (add_piece(I, l, p, e)) goto fail;
    }
    py_list_reverse(I, l);
    return l;
fail:
    py_decref(I, l);
    return PY_NULL;
}

static size_t line_break_len(const char *p, size_t n, size_t i)
{
    unsigned char c = (unsigned char)p[i];
    if (c == '\n' || c == '\v' || c == '\f' || c == 0x1c || c == 0x1d || c == 0x1e) return 1;
    if (c == '\r') return (i + 1 < n && p[i + 1] == '\n') ? 2 : 1;
    if (c == 0xC2 && i + 1 < n && (unsigned char)p[i + 1] == 0x85) return 2;
    if (c == 0xE2 && i + 2 < n && (unsigned char)p[i + 1] == 0x80 &&
        ((unsigned char)p[i + 2] == 0xA8 || (unsigned char)p[i + 2] == 0xA9)) return 3;
    return 0;
}

SMETH(splitlines)
{
    static const char *const names[] = { "keepends", NULL };
    py_val a[1] = { 0 };
    if (py_args_parse(I, "splitlines", args, nargs, kw, names, 0, a)) return PY_NULL;
    int keep = 0;
    if (a[0]) { keep = py_truthy(I, a[0]); if (keep < 0) return PY_NULL; }
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), i = 0, start = 0;
    while (i < n) {
        size_t bl = line_break_len(p, n, i);
        if (bl) {
            if (add_piece(I, l, p + start, i - start + (keep ? bl : 0))) { py_decref(I, l); return PY_NULL; }
            i += bl;
            start = i;
        } else i++;
    }
    if (start < n && add_piece(I, l, p + start, n - start)) { py_decref(I, l); return PY_NULL; }
    return l;
}

static py_val partition_common(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, int rev)
{
    if (py_args_exact(I, rev ? "str.rpartition" : "str.partition", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "must be str, not %s", py_type_name(I, args[0]));
    size_t sn = py_str_len(args[0]);
    if (!sn) return py_err_str(I, PY_E_ValueError, "empty separator");
    const char *p = py_str_data(self);
    size_t n = py_str_len(self);
    const char *at = rev ? memrmem(p, n, py_str_data(args[0]), sn) : memmem(p, n, py_str_data(args[0]), sn);
    if (!at) {
        if (rev) return py_tuple_pack(I, 3, I->empty_str, I->empty_str, self);
        return py_tuple_pack(I, 3, self, I->empty_str, I->empty_str);
    }
    py_val a = py_str_new(I, p, (size_t)(at - p));
    py_val c = py_str_new(I, at + sn, n - (size_t)(at - p) - sn);
    if (!a || !c) { py_xdecref(I, a); py_xdecref(I, c); return PY_NULL; }
    py_val t = py_tuple_pack(I, 3, a, args[0], c);
    py_decref(I, a);
    py_decref(I, c);
    return t;
}

SMETH(partition) { return partition_common(I, self, args, nargs, kw, 0); }
SMETH(rpartition) { return partition_common(I, self, args, nargs, kw, 1); }

/* ---- replace / join / padding --------------------------------------------------------- */
SMETH(replace)
{
    static const char *const names[] = { "!old", "!new", "count", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, "replace", args, nargs, kw, names, 2, a)) return PY_NULL;
    if (!py_is_str(a[0])) return py_err_fmt(I, PY_E_TypeError, "replace() argument 1 must be str, not %s", py_argtype_name(I, a[0]));
    if (!py_is_str(a[1])) return py_err_fmt(I, PY_E_TypeError, "replace() argument 2 must be str, not %s", py_argtype_name(I, a[1]));
    int64_t count = -1;
    if (a[2] && py_index_i64(I, a[2], &count, 0)) return PY_NULL;
    const char *p = py_str_data(self), *o = py_str_data(a[0]), *nw = py_str_data(a[1]);
    size_t n = py_str_len(self), on = py_str_len(a[0]), nn = py_str_len(a[1]);
    if (count == 0) return py_newref(self);
    sk_buf b = SK_BUF_INIT(I->alloc);
    int err = 0;
    if (on == 0) {
        /* insert between every code point */
        size_t i = 0;
        int64_t done = 0;
        while (!err) {
            if (count < 0 || done < count) { err |= sk_buf_put(&b, nw, nn); done++; }
            if (i >= n) break;
            size_t j = i;
            uint32_t c;
            py_utf8_decode(p, n, &j, &c);
            err |= sk_buf_put(&b, p + i, j - i);
            i = j;
            if (b.len > ((size_t)1 << 34)) { err = 1; break; }
        }
    } else {
        size_t i = 0;
        int64_t done = 0;
        while (!err && (count < 0 || done < count)) {
            const char *at = memmem(p + i, n - i, o, on);
            if (!at) break;
            err |= sk_buf_put(&b, p + i, (size_t)(at - p) - i);
            err |= sk_buf_put(&b, nw, nn);
            i = (size_t)(at - p) + on;
            done++;
            if (b.len > ((size_t)1 << 34)) { err = 1; break; }
        }
        if (!done) { sk_buf_free(&b); return py_newref(self); }
        err |= sk_buf_put(&b, p + i, n - i);
    }
    if (err) { sk_buf_free(&b); return py_err_nomem(I); }
    return py_str_from_buf(I, &b);
}

py_val py_str_join(py_interp *I, py_val sep, py_val iterable)
{
    py_val seq;
    if (py_is_list(iterable) || py_is_tuple(iterable)) seq = py_newref(iterable);
    else {
        /* PySequence_Fast: a TypeError from iter() becomes the join message */
        py_val it = py_iter(I, iterable);
        if (!it) {
            if (py_err_matches(I, PY_E_TypeError)) {
                py_err_clear(I);
                py_err_str(I, PY_E_TypeError, "can only join an iterable");
            }
            return PY_NULL;
        }
        seq = py_sequence_list(I, it);
        py_decref(I, it);
        if (!seq) return PY_NULL;
    }
    size_t n = py_is_list(seq) ? PY_LIST(seq)->n : PY_TUPLE(seq)->n;
    py_val *items = py_is_list(seq) ? PY_LIST(seq)->items : PY_TUPLE(seq)->items;
    size_t total = 0, cps = 0;
    int ascii = PY_STR(sep)->ascii;
    for (size_t i = 0; i < n; i++) {
        if (!py_is_str(items[i])) {
            py_err_fmt(I, PY_E_TypeError, "sequence item %zu: expected str instance, %s found", i, py_type_name(I, items[i]));
            py_decref(I, seq);
            return PY_NULL;
        }
        total += py_str_len(items[i]);
        cps += PY_STR(items[i])->cplen;
        ascii &= PY_STR(items[i])->ascii;
    }
    if (n == 1 && PY_OBJ(items[0])->type->id == PY_T_STR && !(PY_OBJ(items[0])->type->flags & PY_TF_HEAP)) {
        py_val r = py_newref(items[0]);
        py_decref(I, seq);
        return r;
    }
    size_t sl = py_str_len(sep);
    if (n > 1) { total += sl * (n - 1); cps += PY_STR(sep)->cplen * (n - 1); }
    char *d;
    py_val r = py_str_uninit(I, total, &d);
    if (!r) { py_decref(I, seq); return PY_NULL; }
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        if (i && sl) { memcpy(d + off, py_str_data(sep), sl); off += sl; }
        memcpy(d + off, py_str_data(items[i]), py_str_len(items[i]));
        off += py_str_len(items[i]);
    }
    PY_STR(r)->cplen = cps;
    PY_STR(r)->ascii = (uint8_t)ascii;
    py_decref(I, seq);
    return r;
}

SMETH(join)
{
    if (py_args_exact(I, "str.join", nargs, kw, 1)) return PY_NULL;
    return py_str_join(I, self, args[0]);
}

static int fill_arg(py_interp *I, const char *name, const py_val *args, size_t nargs, py_val kw, int64_t *width, uint32_t *fill)
{
    if (py_no_kw(I, name, kw)) return -1;
    const char *bare = strchr(name, '.') + 1;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got 0", bare);
        else py_err_fmt(I, PY_E_TypeError, "%s expected at most 2 arguments, got %zu", bare, nargs);
        return -1;
    }
    if (!py_is_intlike(args[0]) && !(py_is_ptr(args[0]) && py_typeof(I, args[0])->s.index && !py_is_float(args[0]))) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
        return -1;
    }
    {
        py_val iv = py_index(I, args[0]);
        if (!iv) return -1;
        int r = py_int_to_i64(I, iv, width);    /* OverflowError beyond ssize_t */
        py_decref(I, iv);
        if (r) return -1;
    }
    *fill = ' ';
    if (nargs > 1) {
        if (!py_is_str(args[1])) {
            py_err_fmt(I, PY_E_TypeError, "%s() argument 2 must be str, not %s", bare, py_argtype_name(I, args[1]));
            return -1;
        }
        if (PY_STR(args[1])->cplen != 1) {
            py_err_str(I, PY_E_TypeError, "The fill character must be exactly one character long");
            return -1;
        }
        size_t i = 0;
        py_utf8_decode(py_str_data(args[1]), py_str_len(args[1]), &i, fill);
    }
    return 0;
}

static py_val pad(py_interp *I, py_val s, int64_t left, int64_t right, uint32_t fill)
{
    if (left <= 0 && right <= 0) return py_newref(s);
    if (left < 0) left = 0;
    if (right < 0) right = 0;
    if (left + right > ((int64_t)1 << 32)) return py_err_nomem_size(I, (size_t)1 << 62);
    char fb[4];
    int fl = py_utf8_encode(fill, fb);
    size_t n = py_str_len(s);
    size_t total = n + (size_t)(left + right) * (size_t)fl;
    char *d;
    py_val r = py_str_uninit(I, total, &d);
    if (!r) return PY_NULL;
    size_t o = 0;
    for (int64_t i = 0; i < left; i++) { memcpy(d + o, fb, (size_t)fl); o += (size_t)fl; }
    memcpy(d + o, py_str_data(s), n);
    o += n;
    for (int64_t i = 0; i < right; i++) { memcpy(d + o, fb, (size_t)fl); o += (size_t)fl; }
    PY_STR(r)->cplen = PY_STR(s)->cplen + (size_t)(left + right);
    PY_STR(r)->ascii = PY_STR(s)->ascii && fill < 128;
    return r;
}

SMETH(center)
{
    int64_t w;
    uint32_t f;
    if (fill_arg(I, "str.center", args, nargs, kw, &w, &f)) return PY_NULL;
    int64_t len = (int64_t)PY_STR(self)->cplen;
    if (w <= len) return py_newref(self);
    int64_t marg = w - len;
    int64_t left = marg / 2 + (marg & w & 1);
    return pad(I, self, left, marg - left, f);
}

SMETH(ljust)
{
    int64_t w;
    uint32_t f;
    if (fill_arg(I, "str.ljust", args, nargs, kw, &w, &f)) return PY_NULL;
    return pad(I, self, 0, w - (int64_t)PY_STR(self)->cplen, f);
}

SMETH(rjust)
{
    int64_t w;
    uint32_t f;
    if (fill_arg(I, "str.rjust", args, nargs, kw, &w, &f)) return PY_NULL;
    return pad(I, self, w - (int64_t)PY_STR(self)->cplen, 0, f);
}

SMETH(zfill)
{
    if (py_args_exact(I, "str.zfill", nargs, kw, 1)) return PY_NULL;
    int64_t w;
    if (!py_is_intlike(args[0])) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
    if (py_ssize_arg(I, args[0], &w)) return PY_NULL;
    if (w > ((int64_t)1 << 36)) return py_err_nomem_size(I, (size_t)1 << 62);
    int64_t len = (int64_t)PY_STR(self)->cplen;
    if (w <= len) return py_newref(self);
    py_val r = pad(I, self, w - len, 0, '0');
    if (!r) return PY_NULL;
    char *d = PY_STR(r)->data;
    int64_t fillc = w - len;
    if (len && (d[fillc] == '+' || d[fillc] == '-')) {
        d[0] = d[fillc];
        d[fillc] = '0';
    }
    return r;
}

SMETH(expandtabs)
{
    static const char *const names[] = { "tabsize", NULL };
    py_val a[1] = { 0 };
    if (py_args_parse(I, "expandtabs", args, nargs, kw, names, 0, a)) return PY_NULL;
    int64_t ts = 8;
    if (a[0]) {
        if (!py_is_intlike(a[0])) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, a[0]));
        if (py_index_i64(I, a[0], &ts, 0)) return PY_NULL;
    }
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), i = 0;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int64_t col = 0;
    int err = 0;
    while (i < n && !err) {
        unsigned char c = (unsigned char)p[i];
        if (c == '\t') {
            if (ts > 0) {
                int64_t k = ts - col % ts;
                for (int64_t j = 0; j < k && !err; j++) err = sk_buf_putc(&b, ' ');
                col += k;
            }
            i++;
        } else if (c == '\n' || c == '\r') {
            err = sk_buf_putc(&b, (char)c);
            col = 0;
            i++;
        } else {
            size_t j = i;
            uint32_t cp;
            py_utf8_decode(p, n, &j, &cp);
            err = sk_buf_put(&b, p + i, j - i);
            col++;
            i = j;
        }
    }
    if (err) { sk_buf_free(&b); return py_err_nomem(I); }
    return py_str_from_buf(I, &b);
}

SMETH(removeprefix)
{
    if (py_args_exact(I, "str.removeprefix", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "removeprefix() argument must be str, not %s", py_argtype_name(I, args[0]));
    size_t n = py_str_len(self), pn = py_str_len(args[0]);
    if (pn <= n && !memcmp(py_str_data(self), py_str_data(args[0]), pn)) return py_str_new(I, py_str_data(self) + pn, n - pn);
    return py_newref(self);
}

SMETH(removesuffix)
{
    if (py_args_exact(I, "str.removesuffix", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "removesuffix() argument must be str, not %s", py_argtype_name(I, args[0]));
    size_t n = py_str_len(self), pn = py_str_len(args[0]);
    if (pn && pn <= n && !memcmp(py_str_data(self) + n - pn, py_str_data(args[0]), pn)) return py_str_new(I, py_str_data(self), n - pn);
    return py_newref(self);
}

SMETH(encode)
{
    static const char *const names[] = { "encoding", "errors", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "encode", args, nargs, kw, names, 0, a)) return PY_NULL;
    if (a[0] && !py_is_str(a[0])) return py_err_fmt(I, PY_E_TypeError, "encode() argument 'encoding' must be str, not %s", py_argtype_name(I, a[0]));
    if (a[1] && !py_is_str(a[1])) return py_err_fmt(I, PY_E_TypeError, "encode() argument 'errors' must be str, not %s", py_argtype_name(I, a[1]));
    return py_str_encode(I, self, a[0] ? py_str_data(a[0]) : "utf-8", a[1] ? py_str_data(a[1]) : "strict");
}

SMETH(format) { return py_str_format_method(I, self, args, nargs, kw); }

py_val py_str_format_map(py_interp *I, py_val fmt, py_val mapping);
SMETH(format_map)
{
    if (py_args_exact(I, "str.format_map", nargs, kw, 1)) return PY_NULL;
    return py_str_format_map(I, self, args[0]);
}

SMETH(dunder_format)
{
    if (py_args_exact(I, "str.__format__", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "argument must be str, not %s", py_type_name(I, args[0]));
    return py_format_spec(I, self, args[0]);
}

SMETH(getnewargs)
{
    NOARGS(getnewargs, "str.__getnewargs__");
    return py_tuple_pack(I, 1, self);
}

/* str.maketrans(x[, y[, z]]) -> dict of code point -> str/int/None */
static py_val s_maketrans(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_no_kw(I, "maketrans", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) return py_err_fmt(I, PY_E_TypeError, "maketrans expected at most 3 arguments, got %zu", nargs);
    py_val d = py_dict_new(I);
    if (!d) return PY_NULL;
    if (nargs == 1) {
        if (!py_is_dict(args[0])) {
            py_decref(I, d);
            return py_err_str(I, PY_E_TypeError, "if you give only one argument to maketrans it must be a dict");
        }
        size_t pos = 0;
        py_val k, v;
        while (py_dict_next(args[0], &pos, &k, &v)) {
            py_val key;
            if (py_is_str(k)) {
                if (PY_STR(k)->cplen != 1) {
                    py_decref(I, d);
                    return py_err_str(I, PY_E_ValueError, "string keys in translate table must be of length 1");
                }
                size_t i = 0;
                uint32_t c;
                py_utf8_decode(py_str_data(k), py_str_len(k), &i, &c);
                key = py_int_small(c);
            } else if (py_is_intlike(k)) key = k;
            else {
                py_decref(I, d);
                return py_err_str(I, PY_E_TypeError, "keys in translate table must be strings or integers");
            }
            if (py_dict_set(I, d, key, v)) { py_decref(I, d); return PY_NULL; }
        }
        return d;
    }
    if (!py_is_str(args[0]) || !py_is_str(args[1])) {
        py_decref(I, d);
        return py_err_str(I, PY_E_TypeError, "maketrans() argument must be str");
    }
    if (PY_STR(args[0])->cplen != PY_STR(args[1])->cplen) {
        py_decref(I, d);
        return py_err_str(I, PY_E_ValueError, "the first two maketrans arguments must have equal length");
    }
    const char *x = py_str_data(args[0]), *y = py_str_data(args[1]);
    size_t xn = py_str_len(args[0]), yn = py_str_len(args[1]), i = 0, j = 0;
    while (i < xn) {
        uint32_t a, b;
        py_utf8_decode(x, xn, &i, &a);
        py_utf8_decode(y, yn, &j, &b);
        if (py_dict_set(I, d, py_int_small(a), py_int_small(b))) { py_decref(I, d); return PY_NULL; }
    }
    if (nargs == 3) {
        if (!py_is_str(args[2])) { py_decref(I, d); return py_err_str(I, PY_E_TypeError, "maketrans() argument 3 must be str"); }
        const char *z = py_str_data(args[2]);
        size_t zn = py_str_len(args[2]);
        i = 0;
        while (i < zn) {
            uint32_t c;
            py_utf8_decode(z, zn, &i, &c);
            if (py_dict_set(I, d, py_int_small(c), PY_NONE)) { py_decref(I, d); return PY_NULL; }
        }
    }
    return d;
}

SMETH(translate)
{
    if (py_args_exact(I, "str.translate", nargs, kw, 1)) return PY_NULL;
    py_val table = args[0];
    const char *p = py_str_data(self);
    size_t n = py_str_len(self), i = 0;
    sk_buf b = SK_BUF_INIT(I->alloc);
    while (i < n) {
        size_t st = i;
        uint32_t c;
        py_utf8_decode(p, n, &i, &c);
        py_val r = py_getitem(I, table, py_int_small(c));
        if (!r) {
            if (py_err_matches(I, PY_E_LookupError)) {
                py_err_clear(I);
                sk_buf_put(&b, p + st, i - st);
                continue;
            }
            sk_buf_free(&b);
            return PY_NULL;
        }
        if (r == PY_NONE) continue;
        if (py_is_intlike(r)) {
            int64_t v;
            if (py_int_to_i64(I, r, &v) || v < 0 || v > 0x10FFFF) {
                py_decref(I, r);
                sk_buf_free(&b);
                py_err_clear(I);
                return py_err_str(I, PY_E_ValueError, "character mapping must be in range(0x110000)");
            }
            char tmp[4];
            sk_buf_put(&b, tmp, (size_t)py_utf8_encode((uint32_t)v, tmp));
        } else if (py_is_str(r)) {
            py_buf_put_str(&b, r);
        } else {
            py_decref(I, r);
            sk_buf_free(&b);
            return py_err_str(I, PY_E_TypeError, "character mapping must return integer, None or str");
        }
        py_decref(I, r);
    }
    return py_str_from_buf(I, &b);
}

const py_methoddef py_str_methods[] = {
    { "lower", s_lower, 0 }, { "upper", s_upper, 0 }, { "title", s_title, 0 }, { "swapcase", s_swapcase, 0 },
    { "capitalize", s_capitalize, 0 }, { "casefold", s_casefold, 0 },
    { "isalpha", s_isalpha, 0 }, { "isdecimal", s_isdecimal, 0 }, { "isdigit", s_isdigit, 0 },
    { "isnumeric", s_isnumeric, 0 }, { "isalnum", s_isalnum, 0 }, { "isspace", s_isspace, 0 },
    { "isascii", s_isascii, 0 }, { "isprintable", s_isprintable, 0 }, { "islower", s_islower, 0 },
    { "isupper", s_isupper, 0 }, { "istitle", s_istitle, 0 }, { "isidentifier", s_isidentifier, 0 },
    { "find", s_find, 0 }, { "rfind", s_rfind, 0 }, { "index", s_index, 0 }, { "rindex", s_rindex, 0 },
    { "count", s_count, 0 }, { "startswith", s_startswith, 0 }, { "endswith", s_endswith, 0 },
    { "strip", s_strip, 0 }, { "lstrip", s_lstrip, 0 }, { "rstrip", s_rstrip, 0 },
    { "split", s_split, PY_METH_KW }, { "rsplit", s_rsplit, PY_METH_KW }, { "splitlines", s_splitlines, PY_METH_KW },
    { "partition", s_partition, 0 }, { "rpartition", s_rpartition, 0 }, { "replace", s_replace, PY_METH_KW },
    { "join", s_join, 0 }, { "center", s_center, 0 }, { "ljust", s_ljust, 0 }, { "rjust", s_rjust, 0 },
    { "zfill", s_zfill, 0 }, { "expandtabs", s_expandtabs, PY_METH_KW }, { "removeprefix", s_removeprefix, 0 },
    { "removesuffix", s_removesuffix, 0 }, { "encode", s_encode, PY_METH_KW }, { "format", s_format, PY_METH_KW },
    { "format_map", s_format_map, 0 }, { "__format__", s_dunder_format, 0 }, { "__getnewargs__", s_getnewargs, 0 },
    { "maketrans", s_maketrans, PY_METH_STATIC }, { "translate", s_translate, 0 },
    { NULL, NULL, 0 }
};
