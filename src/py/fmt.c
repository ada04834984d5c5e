/* fmt.c — string formatting: the format-spec mini-language (format(),
 * f-strings, str.format) for int, float, str and bool; str.format's field
 * grammar; and printf-style `%` formatting.  Messages are CPython's.
 *
 * Must never: produce output larger than the memory limit allows (widths
 * are bounded before padding).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "py/core.h"

typedef struct fspec {
    uint32_t fill;
    char align;      /* 0, '<', '>', '=', '^' */
    char sign;       /* 0, '+', '-', ' ' */
    int zflag, alt, zero;
    int64_t width;   /* -1 none */
    char group;      /* 0, ',', '_' */
    char fgroup;     /* 3.14: grouping of the fractional digits */
    int64_t prec;    /* -1 none */
    char type;       /* 0 none */
} fspec;

static int parse_spec(py_interp *I, py_val specv, fspec *f, const char *tname)
{
    const char *s = py_str_data(specv);
    size_t n = py_str_len(specv), i = 0;
    memset(f, 0, sizeof *f);
    f->fill = ' ';
    f->width = -1;
    f->prec = -1;
    /* fill + align: the second character may be an align */
    int fill_given = 0;
    if (n >= 1) {
        size_t j = 0;
        uint32_t c;
        py_utf8_decode(s, n, &j, &c);
        if (j < n && (s[j] == '<' || s[j] == '>' || s[j] == '=' || s[j] == '^')) {
            f->fill = c;
            f->align = s[j];
            fill_given = 1;
            i = j + 1;
        } else if (s[0] == '<' || s[0] == '>' || s[0] == '=' || s[0] == '^') {
            f->align = s[0];
            i = 1;
        }
    }
    if (i < n && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) f->sign = s[i++];
    if (i < n && s[i] == 'z') { f->zflag = 1; i++; }
    if (i < n && s[i] == '#') { f->alt = 1; i++; }
    if (i < n && s[i] == '0') {
        f->zero = 1;
        /* '=' only for types whose default alignment is right (not str) */
        if (!fill_given) f->fill = '0';
        if (!f->align) f->align = strcmp(tname, "str") ? '=' : 0;
        i++;
    }
    if (i < n && s[i] >= '0' && s[i] <= '9') {
        int64_t w = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            w = w * 10 + (s[i] - '0');
            if (w > 100000000) { py_err_str(I, PY_E_ValueError, "Too many decimal digits in format string"); return -1; }
            i++;
        }
        f->width = w;
    }
    if (i < n && (s[i] == ',' || s[i] == '_')) {
        f->group = s[i++];
        if (i < n && (s[i] == ',' || s[i] == '_')) {
            if (s[i] == f->group) py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with '%c'.", s[i], s[i]);
            else py_err_str(I, PY_E_ValueError, "Cannot specify both ',' and '_'.");
            return -1;
        }
    }
    if (i < n && s[i] == '.') {
        i++;
        int digits = i < n && s[i] >= '0' && s[i] <= '9';
        if (!digits && !(i < n && (s[i] == ',' || s[i] == '_'))) {
            py_err_str(I, PY_E_ValueError, "Format specifier missing precision");
            return -1;
        }
        if (digits) {
            int64_t p = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                p = p * 10 + (s[i] - '0');
                if (p > 100000000) { py_err_str(I, PY_E_ValueError, "Too many decimal digits in format string"); return -1; }
                i++;
            }
            f->prec = p;
        }
        if (i < n && (s[i] == ',' || s[i] == '_')) {
            f->fgroup = s[i++];
            if (i < n && (s[i] == ',' || s[i] == '_')) {
                if (s[i] == f->fgroup) py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with '%c'.", s[i], s[i]);
                else py_err_str(I, PY_E_ValueError, "Cannot specify both ',' and '_'.");
                return -1;
            }
        }
    }
    if (n - i > 1) {
        py_err_fmt(I, PY_E_ValueError, "Invalid format specifier '%s' for object of type '%s'", s, tname);
        return -1;
    }
    if (i < n) f->type = s[i];
    /* CPython validates grouping against the type while parsing, before the
     * type itself is checked */
    if (f->group || f->fgroup) {
        char g = f->group ? f->group : f->fgroup;
        switch (f->type) {
        case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0: break;
        case 'b': case 'o': case 'x': case 'X':
            if (g == '_' && !f->fgroup) break;
            /* fall through */
        default:
            if (f->type > 32 && f->type < 127) py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with '%c'.", g, f->type);
            else py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with '\\x%x'.", g, (unsigned char)f->type);
            return -1;
        }
    }
    return 0;
}

static int unknown_code(py_interp *I, char type, const char *tname)
{
    if (type > 32 && type < 127)
        py_err_fmt(I, PY_E_ValueError, "Unknown format code '%c' for object of type '%s'", type, tname);
    else
        py_err_fmt(I, PY_E_ValueError, "Unknown format code '\\x%x' for object of type '%s'", (unsigned char)type, tname);
    return -1;
}

/* Lay out [sign+prefix][body] within width using fill/align. */
static int emit_padded(py_interp *I, sk_buf *out, const fspec *f, const char *pre, size_t prelen, const char *body,
                       size_t bodylen, size_t bodycp, char default_align)
{
    char align = f->align ? f->align : default_align;
    int64_t len = (int64_t)(prelen + bodycp);
    int64_t padn = f->width > len ? f->width - len : 0;
    char fb[4];
    int fl = py_utf8_encode(f->fill, fb);
    int64_t left = 0, right = 0;
    switch (align) {
    case '<': right = padn; break;
    case '^': left = padn / 2; right = padn - left; break;
    case '=': break;
    default: left = padn; break;
    }
    int r = 0;
    for (int64_t i = 0; i < left && !r; i++) r = sk_buf_put(out, fb, (size_t)fl);
    r |= sk_buf_put(out, pre, prelen);
    if (align == '=') for (int64_t i = 0; i < padn && !r; i++) r = sk_buf_put(out, fb, (size_t)fl);
    r |= sk_buf_put(out, body, bodylen);
    for (int64_t i = 0; i < right && !r; i++) r = sk_buf_put(out, fb, (size_t)fl);
    if (r) { py_err_nomem(I); return -1; }
    return 0;
}

/* Insert group separators into an ASCII digit string. */
static void group_digits(const char *digits, size_t n, char sep, int every, sk_buf *out, int64_t minlen)
{
    /* zero-extend on the left while too short (zero padding with grouping) */
    size_t total = n + (n - 1) / (size_t)every;
    size_t extra = 0;
    while ((int64_t)(total) < minlen) {
        extra++;
        total = n + extra + (n + extra - 1) / (size_t)every;
    }
    size_t nd = n + extra;
    for (size_t i = 0; i < nd; i++) {
        if (i && (nd - i) % (size_t)every == 0) sk_buf_putc(out, sep);
        sk_buf_putc(out, i < extra ? '0' : digits[i - extra]);
    }
}

py_val py_format_float_spec(py_interp *I, double d, fspec *f);

static py_val format_int(py_interp *I, py_val v, fspec *f, const char *tname)
{
    char type = f->type ? f->type : 'd';
    switch (type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': {
        double d;
        if (py_int_to_double(I, v, &d)) return PY_NULL;
        return py_format_float_spec(I, d, f);
    }
    case 'd': case 'n': case 'b': case 'o': case 'x': case 'X': case 'c': break;
    default: unknown_code(I, type, tname); return PY_NULL;
    }
    if (f->prec >= 0) return py_err_str(I, PY_E_ValueError, "Precision not allowed in integer format specifier");
    if (f->zflag) return py_err_str(I, PY_E_ValueError, "Negative zero coercion (z) not allowed in integer format specifier");
    if (type == 'c') {
        if (f->sign) return py_err_str(I, PY_E_ValueError, "Sign not allowed with integer format specifier 'c'");
        if (f->alt) return py_err_str(I, PY_E_ValueError, "Alternate form (#) not allowed with integer format specifier 'c'");
        if (f->group) return py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with 'c'.", f->group);
        int64_t c;
        if (py_int_to_i64(I, v, &c) || c < 0 || c > 0x10FFFF) {
            py_err_clear(I);
            return py_err_str(I, PY_E_OverflowError, "%c arg not in range(0x110000)");
        }
        char b[4];
        int bl = py_utf8_encode((uint32_t)c, b);
        sk_buf out = SK_BUF_INIT(I->alloc);
        if (emit_padded(I, &out, f, "", 0, b, (size_t)bl, 1, '>')) { sk_buf_free(&out); return PY_NULL; }
        return py_str_from_buf(I, &out);
    }
    if (f->group == ',' && (type == 'b' || type == 'o' || type == 'x' || type == 'X'))
        return py_err_fmt(I, PY_E_ValueError, "Cannot specify ',' with '%c'.", type);
    if (f->group && type == 'n') return py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with 'n'.", f->group);
    int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
    int neg = py_int_sign(v) < 0;
    py_val a = neg ? py_int_neg(I, v) : py_int_exact(I, v);
    if (!a) return PY_NULL;
    sk_buf digits = SK_BUF_INIT(I->alloc);
    if (py_int_format_base(I, a, base, &digits)) { py_decref(I, a); sk_buf_free(&digits); return PY_NULL; }
    py_decref(I, a);
    if (type == 'X') for (size_t i = 0; i < digits.len; i++) if (digits.p[i] >= 'a' && digits.p[i] <= 'f') digits.p[i] -= 32;
    char pre[8];
    size_t pl = 0;
    if (neg) pre[pl++] = '-';
    else if (f->sign == '+') pre[pl++] = '+';
    else if (f->sign == ' ') pre[pl++] = ' ';
    if (f->alt && base != 10) {
        pre[pl++] = '0';
        pre[pl++] = type == 'b' ? 'b' : type == 'o' ? 'o' : type == 'X' ? 'X' : 'x';
    }
    sk_buf body = SK_BUF_INIT(I->alloc);
    if (f->group) {
        int64_t minlen = (f->align == '=' && f->fill == '0' && f->width > 0) ? f->width - (int64_t)pl : 0;
        group_digits(digits.p, digits.len, f->group, base == 10 ? 3 : 4, &body, minlen);
    } else {
        sk_buf_put(&body, digits.p, digits.len);
    }
    sk_buf_free(&digits);
    sk_buf out = SK_BUF_INIT(I->alloc);
    int r = emit_padded(I, &out, f, pre, pl, body.p ? body.p : "", body.len, body.len, '>');
    sk_buf_free(&body);
    if (r) { sk_buf_free(&out); return PY_NULL; }
    return py_str_from_buf(I, &out);
}

py_val py_format_float_spec(py_interp *I, double d, fspec *f)
{
    char type = f->type;
    switch (type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': case 'n': break;
    default: unknown_code(I, type, "float"); return PY_NULL;
    }
    if (f->group && type == 'n') return py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with 'n'.", f->group);
    int neg = signbit(d) != 0;
    double ad = fabs(d);
    char sbuf[400];
    char *buf = sbuf;
    size_t bufsize = sizeof sbuf;
    int prec = (int)f->prec;
    char ctype = type;
    int add_dot0 = 0;
    if (ctype == 'n') ctype = 'g';
    if (ctype == '%') { ad *= 100; ctype = 'f'; }
    if (ctype == 0) {
        if (prec < 0) {
            /* repr, with width handling */
            py_float_repr_buf(ad, buf, bufsize);
            if (f->alt && !strchr(buf, '.') && !strchr(buf, 'e') && isfinite(ad)) strcat(buf, ".");
            goto have_body;
        }
        ctype = 'g';
        add_dot0 = 1;
        if (prec == 0) prec = 1;
    }
    if (prec < 0) prec = 6;
    if ((size_t)prec + 360 > bufsize) {
        /* 'f' of 1e308 has 309 integer digits; leave room for them */
        bufsize = (size_t)prec + 360;
        buf = py_alloc(I, bufsize);
        if (!buf) return PY_NULL;
    }
    if (!isfinite(ad)) {
        const char *t = isnan(ad) ? "nan" : "inf";
        snprintf(buf, bufsize, "%s", t);
        if (type == 'E' || type == 'F' || type == 'G') {
            for (char *p = buf; *p; p++) *p = (char)(*p - 32);
        }
        if (type == '%') strcat(buf, "%");
        goto have_body;
    }
    {
        char fmtc[24];
        if (add_dot0) {
            /* no type + precision: like 'g', but a fixed-point result needs a
             * digit after the point, so one exponent earlier switches to 'e' */
            snprintf(buf, bufsize, "%.*e", prec > 0 ? prec - 1 : 0, ad);
            const char *ep = strchr(buf, 'e');
            int x = ep ? atoi(ep + 1) : 0;
            if (x < -4 || x >= prec - 1) ctype = 'e', prec = prec > 0 ? prec - 1 : 0;
            else ctype = 'g';
        }
        snprintf(fmtc, sizeof fmtc, "%%%s.%d%c", f->alt ? "#" : "", prec, ctype);
        snprintf(buf, bufsize, fmtc, ad);
        if (add_dot0 && ctype == 'e' && !f->alt) {
            /* strip trailing zeros of the mantissa, as 'g' does */
            char *e = strchr(buf, 'e'), *m = e;
            if (e && strchr(buf, '.')) {
                while (m > buf && m[-1] == '0') m--;
                if (m > buf && m[-1] == '.') m--;
                memmove(m, e, strlen(e) + 1);
            }
        }
        if (add_dot0 && !f->alt && !strchr(buf, '.') && !strchr(buf, 'e')) strcat(buf, ".0");
        if (type == '%') strcat(buf, "%");
    }
have_body:
    if (f->zflag && neg) {
        /* negative zero after rounding becomes positive */
        int allzero = 1;
        for (char *p = buf; *p && *p != 'e' && *p != 'E'; p++) if (*p >= '1' && *p <= '9') allzero = 0;
        if (allzero) neg = 0;
    }
    if (isnan(d)) neg = 0;
    char pre[4];
    size_t pl = 0;
    if (neg) pre[pl++] = '-';
    else if (f->sign == '+') pre[pl++] = '+';
    else if (f->sign == ' ') pre[pl++] = ' ';
    sk_buf body = SK_BUF_INIT(I->alloc);
    size_t intlen = 0;
    while (buf[intlen] >= '0' && buf[intlen] <= '9') intlen++;
    if (f->group && isfinite(d)) {
        int64_t minlen = 0;
        if (f->align == '=' && f->fill == '0' && f->width > 0)
            minlen = f->width - (int64_t)pl - (int64_t)(strlen(buf) - intlen);
        group_digits(buf, intlen, f->group, 3, &body, minlen);
    } else {
        sk_buf_put(&body, buf, intlen);
    }
    if (f->fgroup && buf[intlen] == '.' && isfinite(d)) {
        /* fractional digits in threes from the point */
        size_t k = intlen + 1, fl = 0;
        sk_buf_putc(&body, '.');
        while (buf[k] >= '0' && buf[k] <= '9') {
            if (fl && fl % 3 == 0) sk_buf_putc(&body, f->fgroup);
            sk_buf_putc(&body, buf[k++]);
            fl++;
        }
        sk_buf_puts(&body, buf + k);
    } else {
        sk_buf_puts(&body, buf + intlen);
    }
    if (buf != sbuf) py_free(I, buf, bufsize);
    sk_buf out = SK_BUF_INIT(I->alloc);
    int r = emit_padded(I, &out, f, pre, pl, body.p ? body.p : "", body.len, body.len, '>');
    sk_buf_free(&body);
    if (r) { sk_buf_free(&out); return PY_NULL; }
    return py_str_from_buf(I, &out);
}

static py_val format_str(py_interp *I, py_val s, fspec *f)
{
    if (f->type && f->type != 's') { unknown_code(I, f->type, "str"); return PY_NULL; }
    if (f->sign == ' ') return py_err_str(I, PY_E_ValueError, "Space not allowed in string format specifier");
    if (f->sign) return py_err_str(I, PY_E_ValueError, "Sign not allowed in string format specifier");
    if (f->zflag) return py_err_str(I, PY_E_ValueError, "Negative zero coercion (z) not allowed in string format specifier");
    if (f->alt) return py_err_str(I, PY_E_ValueError, "Alternate form (#) not allowed in string format specifier");
    if (f->align == '=') return py_err_str(I, PY_E_ValueError, "'=' alignment not allowed in string format specifier");
    if (f->group) return py_err_fmt(I, PY_E_ValueError, "Cannot specify '%c' with 's'.", f->group);
    if (f->zero && f->align == '=') { f->align = '<'; }
    const char *p = py_str_data(s);
    size_t n = py_str_len(s), cp = PY_STR(s)->cplen;
    if (f->prec >= 0 && (size_t)f->prec < cp) {
        n = py_utf8_offset(s, f->prec);
        cp = (size_t)f->prec;
    }
    if (f->width <= (int64_t)cp) {
        if (n == py_str_len(s)) return py_newref(s);
        return py_str_new(I, p, n);
    }
    sk_buf out = SK_BUF_INIT(I->alloc);
    if (emit_padded(I, &out, f, "", 0, p, n, cp, '<')) { sk_buf_free(&out); return PY_NULL; }
    return py_str_from_buf(I, &out);
}

py_val py_format_spec(py_interp *I, py_val v, py_val spec)
{
    fspec f;
    const char *tname = py_is_str(v) ? "str" : py_is_floatlike(v) ? "float" : py_is_bool(v) ? "bool" : "int";
    if (!py_is_str(spec)) return py_err_str(I, PY_E_TypeError, "format spec must be a string");
    if (parse_spec(I, spec, &f, tname)) return PY_NULL;
    if (py_is_str(v)) return format_str(I, v, &f);
    if (py_is_floatlike(v)) return py_format_float_spec(I, py_floatlike_val(v), &f);
    if (py_is_bool(v) && !f.type && py_str_len(spec) == 0) return py_str(I, v);
    if (py_is_intlike(v)) return format_int(I, v, &f, "int");
    return py_err_fmt(I, PY_E_TypeError, "unsupported format for %s", py_type_name(I, v));
}

/* ---- str.format ------------------------------------------------------------------------ */
typedef struct fmtstate {
    py_interp *I;
    const py_val *args;
    size_t nargs;
    py_val kwnames;
    py_val mapping;          /* format_map */
    int auto_idx;            /* -1 manual mode, >=0 next auto index */
    int mode;                /* 0 unknown, 1 auto, 2 manual */
    int depth;
} fmtstate;

static py_val kw_lookup(fmtstate *st, const char *name, size_t n)
{
    py_interp *I = st->I;
    if (st->mapping) {
        py_val k = py_str_new(I, name, n);
        if (!k) return PY_NULL;
        py_val v = py_getitem(I, st->mapping, k);
        py_decref(I, k);
        return v;
    }
    size_t nk = st->kwnames ? py_tuple_len(st->kwnames) : 0;
    for (size_t i = 0; i < nk; i++) {
        py_val k = py_tuple_items(st->kwnames)[i];
        if (py_str_len(k) == n && !memcmp(py_str_data(k), name, n)) return py_newref(st->args[st->nargs + i]);
    }
    py_val k = py_str_new(I, name, n);
    if (!k) return PY_NULL;
    py_err_obj(I, PY_E_KeyError, k);
    py_decref(I, k);
    return PY_NULL;
}

static int render(fmtstate *st, const char *s, size_t n, sk_buf *out);

/* Resolve "name.attr[key]" to an object. */
static py_val get_field(fmtstate *st, const char *s, size_t n)
{
    py_interp *I = st->I;
    size_t i = 0;
    while (i < n && s[i] != '.' && s[i] != '[') i++;
    py_val obj;
    int numeric = i > 0;
    for (size_t k = 0; k < i; k++) if (!(s[k] >= '0' && s[k] <= '9')) numeric = 0;
    if (i == 0) {
        if (st->mode == 2) return py_err_str(I, PY_E_ValueError, "cannot switch from manual field specification to automatic field numbering");
        st->mode = 1;
        size_t idx = (size_t)st->auto_idx++;
        if (idx >= st->nargs) return py_err_fmt(I, PY_E_IndexError, "Replacement index %zu out of range for positional args tuple", idx);
        obj = py_newref(st->args[idx]);
    } else if (numeric) {
        if (st->mode == 1) return py_err_str(I, PY_E_ValueError, "cannot switch from automatic field numbering to manual field specification");
        st->mode = 2;
        size_t idx = 0;
        for (size_t k = 0; k < i; k++) idx = idx * 10 + (size_t)(s[k] - '0');
        if (idx >= st->nargs) return py_err_fmt(I, PY_E_IndexError, "Replacement index %zu out of range for positional args tuple", idx);
        obj = py_newref(st->args[idx]);
    } else {
        obj = kw_lookup(st, s, i);
        if (!obj) return PY_NULL;
    }
    while (i < n) {
        if (s[i] == '.') {
            size_t st0 = ++i;
            while (i < n && s[i] != '.' && s[i] != '[') i++;
            if (i == st0) { py_decref(I, obj); return py_err_str(I, PY_E_ValueError, "Empty attribute in format string"); }
            py_val name = py_intern_n(I, s + st0, i - st0);
            if (!name) { py_decref(I, obj); return PY_NULL; }
            py_val v = py_getattr(I, obj, name);
            py_decref(I, name);
            py_decref(I, obj);
            if (!v) return PY_NULL;
            obj = v;
        } else if (s[i] == '[') {
            size_t st0 = ++i;
            while (i < n && s[i] != ']') i++;
            if (i >= n) { py_decref(I, obj); return py_err_str(I, PY_E_ValueError, "Missing ']' in format string"); }
            if (i == st0) { py_decref(I, obj); return py_err_str(I, PY_E_ValueError, "Empty attribute in format string"); }
            int num = 1;
            for (size_t k = st0; k < i; k++) if (!(s[k] >= '0' && s[k] <= '9')) num = 0;
            py_val key;
            if (num) {
                int64_t v = 0;
                for (size_t k = st0; k < i; k++) v = v * 10 + (s[k] - '0');
                key = py_int_from_i64(I, v);
            } else key = py_str_new(I, s + st0, i - st0);
            if (!key) { py_decref(I, obj); return PY_NULL; }
            py_val v = py_getitem(I, obj, key);
            py_decref(I, key);
            py_decref(I, obj);
            if (!v) return PY_NULL;
            obj = v;
            i++;
            if (i < n && s[i] != '.' && s[i] != '[')
                return py_err_str(I, PY_E_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
        } else {
            break;
        }
    }
    return obj;
}

static int render_field(fmtstate *st, const char *s, size_t n, sk_buf *out)
{
    py_interp *I = st->I;
    /* split into name ! conv : spec, respecting [] */
    size_t i = 0;
    while (i < n && s[i] != '!' && s[i] != ':') {
        if (s[i] == '[') { while (i < n && s[i] != ']') i++; if (i < n) i++; continue; }
        i++;
    }
    size_t name_end = i;
    char conv = 0;
    if (i < n && s[i] == '!') {
        if (i + 1 >= n) { py_err_str(I, PY_E_ValueError, "end of string while looking for conversion specifier"); return -1; }
        conv = s[i + 1];
        i += 2;
        if (i < n && s[i] != ':') { py_err_str(I, PY_E_ValueError, "expected ':' after conversion specifier"); return -1; }
    }
    const char *spec = "";
    size_t specn = 0;
    if (i < n && s[i] == ':') { spec = s + i + 1; specn = n - i - 1; }
    py_val obj = get_field(st, s, name_end);
    if (!obj) return -1;
    if (conv) {
        py_val c;
        if (conv == 'r') c = py_repr(I, obj);
        else if (conv == 's') c = py_str(I, obj);
        else if (conv == 'a') c = py_ascii(I, obj);
        else {
            py_decref(I, obj);
            py_err_fmt(I, PY_E_ValueError, "Unknown conversion specifier %c", conv);
            return -1;
        }
        py_decref(I, obj);
        if (!c) return -1;
        obj = c;
    }
    /* the spec may contain nested fields */
    sk_buf sb = SK_BUF_INIT(I->alloc);
    if (specn) {
        if (st->depth >= 2) { py_decref(I, obj); sk_buf_free(&sb); py_err_str(I, PY_E_ValueError, "Max string recursion exceeded"); return -1; }
        st->depth++;
        int r = render(st, spec, specn, &sb);
        st->depth--;
        if (r) { py_decref(I, obj); sk_buf_free(&sb); return -1; }
    }
    py_val specv = py_str_new(I, sb.p ? sb.p : "", sb.len);
    sk_buf_free(&sb);
    if (!specv) { py_decref(I, obj); return -1; }
    py_val r = py_format(I, obj, specv);
    py_decref(I, obj);
    py_decref(I, specv);
    if (!r) return -1;
    int e = py_buf_put_str(out, r);
    py_decref(I, r);
    if (e) { py_err_nomem(I); return -1; }
    return 0;
}

static int render(fmtstate *st, const char *s, size_t n, sk_buf *out)
{
    py_interp *I = st->I;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '{') {
            if (i + 1 < n && s[i + 1] == '{') { sk_buf_putc(out, '{'); i += 2; continue; }
            /* find the matching close brace */
            size_t j = i + 1;
            int depth = 1, in_bracket = 0;
            while (j < n) {
                if (s[j] == '[' && depth == 1) in_bracket = 1;
                else if (s[j] == ']') in_bracket = 0;
                else if (!in_bracket && s[j] == '{') depth++;
                else if (!in_bracket && s[j] == '}') { if (--depth == 0) break; }
                j++;
            }
            if (j >= n) {
                py_err_str(I, PY_E_ValueError, depth > 1 ? "unmatched '{' in format spec" : "expected '}' before end of string");
                return -1;
            }
            if (render_field(st, s + i + 1, j - i - 1, out)) return -1;
            i = j + 1;
        } else if (c == '}') {
            if (i + 1 < n && s[i + 1] == '}') { sk_buf_putc(out, '}'); i += 2; continue; }
            py_err_str(I, PY_E_ValueError, "Single '}' encountered in format string");
            return -1;
        } else {
            sk_buf_putc(out, c);
            i++;
        }
    }
    return 0;
}

py_val py_str_format_method(py_interp *I, py_val fmt, const py_val *args, size_t nargs, py_val kwnames)
{
    fmtstate st = { I, args, nargs, kwnames, PY_NULL, 0, 0, 0 };
    sk_buf out = SK_BUF_INIT(I->alloc);
    if (render(&st, py_str_data(fmt), py_str_len(fmt), &out)) { sk_buf_free(&out); return PY_NULL; }
    return py_str_from_buf(I, &out);
}

py_val py_str_format_map(py_interp *I, py_val fmt, py_val mapping)
{
    fmtstate st = { I, NULL, 0, PY_NULL, mapping, 0, 0, 0 };
    sk_buf out = SK_BUF_INIT(I->alloc);
    if (render(&st, py_str_data(fmt), py_str_len(fmt), &out)) { sk_buf_free(&out); return PY_NULL; }
    return py_str_from_buf(I, &out);
}

/* ---- printf-style % ---------------------------------------------------------------------- */
py_val py_str_mod(py_interp *I, py_val fmtv, py_val argsv)
{
    const char *s = py_str_data(fmtv);
    size_t n = py_str_len(fmtv), i = 0;
    int is_tuple = py_is_tuple(argsv);
    const py_val *items = is_tuple ? py_tuple_items(argsv) : &argsv;
    size_t nitems = is_tuple ? py_tuple_len(argsv) : 1;
    int is_map = !is_tuple && (py_is_dict(argsv) || (py_typeof(I, argsv)->s.getitem && !py_is_str(argsv) &&
                                                      !py_is_list(argsv) && !py_is_bytes(argsv)));
    size_t ai = 0;
    int used_map = 0;
    sk_buf out = SK_BUF_INIT(I->alloc);
    while (i < n) {
        if (s[i] != '%') {
            size_t j = i;
            while (j < n && s[j] != '%') j++;
            sk_buf_put(&out, s + i, j - i);
            i = j;
            continue;
        }
        size_t start = i;
        i++;
        if (i >= n) { sk_buf_free(&out); return py_err_str(I, PY_E_ValueError, "incomplete format"); }
        py_val arg = PY_NULL;
        py_val owned = PY_NULL;
        if (s[i] == '(') {
            if (!is_map) { sk_buf_free(&out); return py_err_str(I, PY_E_TypeError, "format requires a mapping"); }
            size_t k = ++i;
            int depth = 1;
            while (i < n && depth) { if (s[i] == '(') depth++; else if (s[i] == ')') depth--; if (depth) i++; }
            if (i >= n) { sk_buf_free(&out); return py_err_str(I, PY_E_ValueError, "incomplete format key"); }
            py_val key = py_str_new(I, s + k, i - k);
            if (!key) { sk_buf_free(&out); return PY_NULL; }
            owned = arg = py_getitem(I, argsv, key);
            py_decref(I, key);
            if (!arg) { sk_buf_free(&out); return PY_NULL; }
            used_map = 1;
            i++;
        }
        fspec f;
        memset(&f, 0, sizeof f);
        f.fill = ' ';
        f.width = -1;
        f.prec = -1;
        int left = 0;
        for (; i < n; i++) {
            char c = s[i];
            if (c == '-') left = 1;
            else if (c == '+') f.sign = '+';
            else if (c == ' ') { if (f.sign != '+') f.sign = ' '; }
            else if (c == '#') f.alt = 1;
            else if (c == '0') f.zero = 1;
            else break;
        }
#define NEXT_ARG(dst) do { \
        if (ai >= nitems) { py_xdecref(I, owned); sk_buf_free(&out); return py_err_str(I, PY_E_TypeError, "not enough arguments for format string"); } \
        dst = items[ai++]; \
    } while (0)
        if (i < n && s[i] == '*') {
            py_val w;
            NEXT_ARG(w);
            if (!py_is_intlike(w)) { py_xdecref(I, owned); sk_buf_free(&out); return py_err_str(I, PY_E_TypeError, "* wants int"); }
            int64_t wv;
            if (py_int_to_i64(I, w, &wv)) { py_xdecref(I, owned); sk_buf_free(&out); return PY_NULL; }
            if (wv < 0) { left = 1; wv = -wv; }
            f.width = wv;
            i++;
        } else {
            while (i < n && s[i] >= '0' && s[i] <= '9') f.width = (f.width < 0 ? 0 : f.width) * 10 + (s[i++] - '0');
        }
        if (i < n && s[i] == '.') {
            i++;
            f.prec = 0;
            if (i < n && s[i] == '*') {
                py_val p;
                NEXT_ARG(p);
                if (!py_is_intlike(p)) { py_xdecref(I, owned); sk_buf_free(&out); return py_err_str(I, PY_E_TypeError, "* wants int"); }
                int64_t pv;
                if (py_int_to_i64(I, p, &pv)) { py_xdecref(I, owned); sk_buf_free(&out); return PY_NULL; }
                f.prec = pv < 0 ? 0 : pv;
                i++;
            } else {
                while (i < n && s[i] >= '0' && s[i] <= '9') f.prec = f.prec * 10 + (s[i++] - '0');
            }
        }
        while (i < n && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L')) i++;
        if (i >= n) { py_xdecref(I, owned); sk_buf_free(&out); return py_err_str(I, PY_E_ValueError, "incomplete format"); }
        char conv = s[i++];
        if (conv == '%') {
            if (i - start == 2) { sk_buf_putc(&out, '%'); py_xdecref(I, owned); continue; }
        }
        if (!arg) {
            if (conv == '%') { sk_buf_putc(&out, '%'); continue; }
            if (is_map && !is_tuple) arg = argsv;
            else NEXT_ARG(arg);
        }
        f.align = left ? '<' : '>';
        if (f.zero && !left) { f.fill = '0'; f.align = '='; }
        py_val piece = PY_NULL;
        switch (conv) {
        case 's': case 'r': case 'a': {
            py_val t = conv == 's' ? py_str(I, arg) : conv == 'r' ? py_repr(I, arg) : py_ascii(I, arg);
            if (!t) break;
            fspec g = f;
            g.sign = 0; g.alt = 0; g.zero = 0;
            if (g.align == '=') g.align = '>';
            g.fill = ' ';
            piece = format_str(I, t, &g);
            py_decref(I, t);
            break;
        }
        case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
            py_val num = arg;
            py_val tmp = PY_NULL;
            if (py_is_float(arg)) {
                if (conv != 'd' && conv != 'i' && conv != 'u') {
                    py_err_fmt(I, PY_E_TypeError, "%%%c format: an integer is required, not float", conv);
                    break;
                }
                tmp = num = py_int_from_double(I, py_float_val(arg));
                if (!num) break;
            } else if (!py_is_intlike(arg)) {
                py_type *t = py_typeof(I, arg);
                if (t->s.index || ((conv == 'd' || conv == 'i' || conv == 'u') && t->s.to_int)) {
                    tmp = num = t->s.index ? py_index(I, arg) : t->s.to_int(I, arg);
                    if (!num) break;
                } else {
                    if (conv == 'd' || conv == 'i' || conv == 'u')
                        py_err_fmt(I, PY_E_TypeError, "%%%c format: a real number is required, not %s", conv, py_type_name(I, arg));
                    else
                        py_err_fmt(I, PY_E_TypeError, "%%%c format: an integer is required, not %s", conv, py_type_name(I, arg));
                    break;
                }
            }
            fspec g = f;
            g.type = conv == 'i' || conv == 'u' ? 'd' : conv;
            int64_t prec = g.prec;
            g.prec = -1;
            if (prec > 0) {
                /* precision = minimum digits */
                g.fill = '0'; g.align = '='; g.width = prec + (py_int_sign(num) < 0 || g.sign ? 1 : 0);
                piece = format_int(I, num, &g, "int");
                if (piece && f.width > (int64_t)PY_STR(piece)->cplen) {
                    fspec h = f; h.sign = 0; h.alt = 0; h.type = 's'; h.prec = -1; h.fill = ' ';
                    if (h.align == '=') h.align = '>';
                    py_val p2 = format_str(I, piece, &h);
                    py_decref(I, piece);
                    piece = p2;
                }
            } else {
                piece = format_int(I, num, &g, "int");
            }
            py_xdecref(I, tmp);
            break;
        }
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
            double d;
            if (!py_is_float(arg) && !py_is_intlike(arg) && !py_typeof(I, arg)->s.to_float && !py_typeof(I, arg)->s.index) {
                py_err_fmt(I, PY_E_TypeError, "must be real number, not %s", py_type_name(I, arg));
                break;
            }
            if (py_to_double(I, arg, &d)) break;
            fspec g = f;
            g.type = conv;
            if (g.prec < 0) g.prec = 6;
            piece = py_format_float_spec(I, d, &g);
            break;
        }
        case 'c': {
            py_val t = PY_NULL;
            if (py_is_str(arg)) {
                if (PY_STR(arg)->cplen != 1) { py_err_str(I, PY_E_TypeError, "%c requires an int or a unicode character, not a string of length 2"); break; }
                t = py_newref(arg);
            } else if (py_is_intlike(arg)) {
                int64_t c;
                if (py_int_to_i64(I, arg, &c) || c < 0 || c > 0x10FFFF) {
                    py_err_clear(I);
                    py_err_str(I, PY_E_OverflowError, "%c arg not in range(0x110000)");
                    break;
                }
                t = py_str_char(I, (uint32_t)c);
            } else {
                py_err_fmt(I, PY_E_TypeError, "%%c requires an int or a unicode character, not %s", py_type_name(I, arg));
                break;
            }
            if (!t) break;
            fspec g = f;
            g.sign = 0; g.alt = 0; g.prec = -1; g.fill = ' ';
            if (g.align == '=') g.align = '>';
            piece = format_str(I, t, &g);
            py_decref(I, t);
            break;
        }
        default:
            if (conv >= 32 && conv < 127)
                py_err_fmt(I, PY_E_ValueError, "unsupported format character '%c' (0x%x) at index %zu", conv, (unsigned)conv, i - 1);
            else
                py_err_fmt(I, PY_E_ValueError, "unsupported format character (0x%x) at index %zu", (unsigned char)conv, i - 1);
            break;
        }
        py_xdecref(I, owned);
        if (!piece) { sk_buf_free(&out); return PY_NULL; }
        py_buf_put_str(&out, piece);
        py_decref(I, piece);
    }
    if (!used_map && !is_map && ai < nitems) {
        sk_buf_free(&out);
        return py_err_str(I, PY_E_TypeError, "not all arguments converted during string formatting");
    }
    if (is_tuple && ai < nitems) {
        sk_buf_free(&out);
        return py_err_str(I, PY_E_TypeError, "not all arguments converted during string formatting");
    }
    return py_str_from_buf(I, &out);
}
