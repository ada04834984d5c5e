/* float.c — Python float: unboxed IEEE doubles.
 *
 * repr() is CPython's shortest round-trip form ('0.1', '1e+16', 'inf',
 * '-0.0'); arithmetic follows CPython's float_* functions, including the
 * floor-division and modulo sign rules and the exact int/float comparison.
 *
 * Must never: use the C locale-dependent printf paths for parsing (we only
 * format with '.' and parse with strtod on validated ASCII).
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "py/core.h"

/* Float subclass instances are heap objects holding the double (floats
 * themselves are immediates); every float routine reads through fv(). */
typedef struct py_floatobj { py_obj ob; double d; } py_floatobj;
static inline int isfl(py_val v) { return py_is_float(v) || py_tflag(v, PY_TF_FLOAT_SUB); }
static inline double fv(py_val v) { return py_is_float(v) ? py_float_val(v) : ((py_floatobj *)PY_OBJ(v))->d; }
int py_is_floatlike(py_val v) { return isfl(v); }
double py_floatlike_val(py_val v) { return fv(v); }

/* Shortest digits that round-trip: returns the digit string (no dot, no
 * trailing zeros) in `digits` and the decimal exponent of the first digit. */
static int shortest_digits(double d, char *digits, int *exp10)
{
    char buf[40];
    int lo = 1, hi = 17, best = 17;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        snprintf(buf, sizeof buf, "%.*e", mid - 1, d);
        if (strtod(buf, NULL) == d) { best = mid; hi = mid - 1; }
        else lo = mid + 1;
    }
    snprintf(buf, sizeof buf, "%.*e", best - 1, d);
    /* buf: [-]D[.DDD]e[+-]XX */
    const char *p = buf;
    if (*p == '-') p++;
    int n = 0;
    for (; *p && *p != 'e'; p++) if (*p != '.') digits[n++] = *p;
    while (n > 1 && digits[n - 1] == '0') n--;
    digits[n] = 0;
    *exp10 = atoi(p + 1);
    return n;
}

int py_float_repr_buf(double d, char *out, size_t size)
{
    if (isnan(d)) return snprintf(out, size, "nan");
    if (isinf(d)) return snprintf(out, size, d > 0 ? "inf" : "-inf");
    if (d == 0) return snprintf(out, size, signbit(d) ? "-0.0" : "0.0");
    char dig[32];
    int e;
    int n = shortest_digits(d, dig, &e);
    char buf[64];
    int k = 0;
    if (d < 0) buf[k++] = '-';
    if (e >= -4 && e < 16) {
        int decpt = e + 1;
        if (decpt <= 0) {
            buf[k++] = '0';
            buf[k++] = '.';
            for (int i = 0; i < -decpt; i++) buf[k++] = '0';
            for (int i = 0; i < n; i++) buf[k++] = dig[i];
        } else if (decpt >= n) {
            for (int i = 0; i < n; i++) buf[k++] = dig[i];
            for (int i = n; i < decpt; i++) buf[k++] = '0';
            buf[k++] = '.';
            buf[k++] = '0';
        } else {
            for (int i = 0; i < decpt; i++) buf[k++] = dig[i];
            buf[k++] = '.';
            for (int i = decpt; i < n; i++) buf[k++] = dig[i];
        }
    } else {
        buf[k++] = dig[0];
        if (n > 1) {
            buf[k++] = '.';
            for (int i = 1; i < n; i++) buf[k++] = dig[i];
        }
        k += snprintf(buf + k, sizeof buf - (size_t)k, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    }
    buf[k] = 0;
    return snprintf(out, size, "%s", buf);
}

py_val py_float_repr(py_interp *I, py_val v)
{
    char buf[64];
    int n = py_float_repr_buf(fv(v), buf, sizeof buf);
    return py_str_new(I, buf, (size_t)n);
}

#define HASH_BITS 61
#define HASH_MOD (((uint64_t)1 << HASH_BITS) - 1)

int py_float_hash(double v, int64_t *out)
{
    if (!isfinite(v)) {
        if (isinf(v)) { *out = v > 0 ? 314159 : -314159; return 0; }
        *out = 0;
        return 0;
    }
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) { sign = -1; m = -m; }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MOD) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MOD) x -= HASH_MOD;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MOD) | x >> (HASH_BITS - e);
    int64_t h = (int64_t)x * sign;
    if (h == -1) h = -2;
    *out = h;
    return 0;
}

int py_to_double(py_interp *I, py_val v, double *out)
{
    if (isfl(v)) { *out = fv(v); return 0; }
    if (py_is_intlike(v)) return py_int_to_double(I, v, out);
    py_type *t = py_typeof(I, v);
    if (t->s.to_float && t->id != PY_T_STR) {
        py_val f = t->s.to_float(I, v);
        if (!f) return -1;
        if (!isfl(f)) {
            py_err_fmt(I, PY_E_TypeError, "%s.__float__ returned non-float (type %s)", py_type_name(I, v), py_type_name(I, f));
            py_decref(I, f);
            return -1;
        }
        *out = fv(f);
        return 0;
    }
    if (t->s.index) {
        py_val i = t->s.index(I, v);
        if (!i) return -1;
        int r = py_int_to_double(I, i, out);
        py_decref(I, i);
        return r;
    }
    py_err_fmt(I, PY_E_TypeError, "must be real number, not %s", py_type_name(I, v));
    return -1;
}

static int is_space(unsigned char c) { return c == ' ' || (c >= 9 && c <= 13); }

py_val py_float_from_str(py_interp *I, const char *s, size_t n)
{
    size_t i = 0, e = n;
    while (i < e && is_space((unsigned char)s[i])) i++;
    while (e > i && is_space((unsigned char)s[e - 1])) e--;
    char tmp[512];
    char *buf = tmp;
    size_t len = e - i;
    if (len + 1 > sizeof tmp) {
        buf = py_alloc(I, len + 1);
        if (!buf) return PY_NULL;
    }
    /* copy, validating underscores (only between digits) */
    size_t k = 0;
    int ok = len > 0;
    for (size_t j = i; j < e && ok; j++) {
        char c = s[j];
        if (c == '_') {
            if (j == i || j + 1 >= e || !(s[j - 1] >= '0' && s[j - 1] <= '9') || !(s[j + 1] >= '0' && s[j + 1] <= '9')) ok = 0;
            continue;
        }
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' ||
              (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) ok = 0;
        buf[k++] = c;
    }
    buf[k] = 0;
    double d = 0;
    if (ok) {
        const char *p = buf;
        int neg = 0;
        if (*p == '+' || *p == '-') { neg = *p == '-'; p++; }
        if (!strcasecmp(p, "inf") || !strcasecmp(p, "infinity")) d = neg ? -INFINITY : INFINITY;
        else if (!strcasecmp(p, "nan")) {
            /* a fresh NaN each time, as CPython creates a new object */
            uint64_t bits = 0x7FF8000000000000ULL | (++I->nan_seq & 0x0007FFFFFFFFFFFFULL);
            memcpy(&d, &bits, sizeof d);
        }
        else {
            /* strict syntax: digits [. digits] [e [+-] digits] */
            const char *q = p;
            int nd = 0;
            while (*q >= '0' && *q <= '9') { q++; nd++; }
            if (*q == '.') { q++; while (*q >= '0' && *q <= '9') { q++; nd++; } }
            if (!nd) ok = 0;
            if (ok && (*q == 'e' || *q == 'E')) {
                q++;
                if (*q == '+' || *q == '-') q++;
                if (!(*q >= '0' && *q <= '9')) ok = 0;
                while (*q >= '0' && *q <= '9') q++;
            }
            if (*q) ok = 0;
            if (ok) {
                errno = 0;
                d = strtod(buf, NULL);
            }
        }
    }
    if (buf != tmp) py_free(I, buf, len + 1);
    if (!ok) {
        py_val str = py_str_new(I, s, n);
        if (!str) return PY_NULL;
        py_val r = py_str_repr(I, str);
        py_decref(I, str);
        if (!r) return PY_NULL;
        py_err_fmt(I, PY_E_ValueError, "could not convert string to float: %s", py_str_data(r));
        py_decref(I, r);
        return PY_NULL;
    }
    return py_float(d);
}

/* ---- arithmetic ----------------------------------------------------------------- */
static int operands(py_interp *I, py_val a, py_val b, double *x, double *y)
{
    if (isfl(a)) *x = fv(a);
    else if (py_is_intlike(a)) { if (py_int_to_double(I, a, x)) return -1; }
    else return 1;
    if (isfl(b)) *y = fv(b);
    else if (py_is_intlike(b)) { if (py_int_to_double(I, b, y)) return -1; }
    else return 1;
    return 0;
}

static py_val float_divmod_impl(py_interp *I, double vx, double wx, int want)
{
    if (wx == 0.0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
    double mod = fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod) {
        if ((wx < 0) != (mod < 0)) { mod += wx; div -= 1.0; }
    } else {
        mod = copysign(0.0, wx);
    }
    double floordiv;
    if (div) {
        floordiv = floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = copysign(0.0, vx / wx);
    }
    if (want == 0) return py_float(floordiv);
    if (want == 1) return py_float(mod);
    return py_tuple_pack(I, 2, py_float(floordiv), py_float(mod));
}

static py_val float_pow_impl(py_interp *I, double iv, double iw)
{
    if (iw == 0) return py_float(1.0);
    if (isnan(iv)) return py_float(iv == 1.0 ? 1.0 : iv);
    if (isnan(iw)) return py_float(iv == 1.0 ? 1.0 : iw);
    if (isinf(iw)) {
        iv = fabs(iv);
        if (iv == 1.0) return py_float(1.0);
        else if ((iw > 0.0) == (iv > 1.0)) return py_float(fabs(iw));
        else return py_float(0.0);
    }
    if (isinf(iv)) {
        int iw_is_odd = fmod(fabs(iw), 2.0) == 1.0;
        if (iw > 0.0) return py_float(iw_is_odd ? iv : fabs(iv));
        else return py_float(iw_is_odd ? copysign(0.0, iv) : 0.0);
    }
    if (iv == 0.0) {
        int iw_is_odd = fmod(fabs(iw), 2.0) == 1.0;
        if (iw < 0.0) return py_err_str(I, PY_E_ZeroDivisionError, "zero to a negative power");
        return py_float(iw_is_odd ? iv : 0.0);
    }
    int negate_result = 0;
    if (iv < 0.0) {
        if (iw != floor(iw)) return py_complex_pow_float(I, iv, iw);   /* a complex result */
        iv = -iv;
        negate_result = fmod(fabs(iw), 2.0) == 1.0;
    }
    if (iv == 1.0) return py_float(negate_result ? -1.0 : 1.0);
    errno = 0;
    double ix = pow(iv, iw);
    if (isinf(ix)) {
        py_val args = py_tuple_pack(I, 2, py_int_small(34), PY_NULL);
        if (!args) return PY_NULL;
        py_val msg = py_str_cstr(I, "Numerical result out of range");
        if (!msg) { py_decref(I, args); return PY_NULL; }
        py_tuple_items(args)[1] = msg;
        py_val e = py_exc_new(I, PY_TYPE(I, PY_E_OverflowError), py_tuple_items(args), 2);
        py_decref(I, args);
        if (e) py_err_setexc(I, e);
        return PY_NULL;
    }
    if (negate_result) ix = -ix;
    return py_float(ix);
}

py_val py_float_binop(py_interp *I, py_val a, py_val b, int op)
{
    double x, y;
    int r = operands(I, a, b, &x, &y);
    if (r < 0) return PY_NULL;
    if (r > 0) return PY_NOTIMPL;
    switch (op) {
    case PY_NB_ADD: return py_float(x + y);
    case PY_NB_SUB: return py_float(x - y);
    case PY_NB_MUL: return py_float(x * y);
    case PY_NB_TRUEDIV:
        if (y == 0.0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
        return py_float(x / y);
    case PY_NB_FLOORDIV: return float_divmod_impl(I, x, y, 0);
    case PY_NB_MOD: return float_divmod_impl(I, x, y, 1);
    case PY_NB_DIVMOD: return float_divmod_impl(I, x, y, 2);
    case PY_NB_POW: return float_pow_impl(I, x, y);
    default: return PY_NOTIMPL;
    }
}

#define FLOAT_BINOP(nm, OP) \
    static py_val float_##nm(py_interp *I, py_val a, py_val b) { return py_float_binop(I, a, b, OP); }
FLOAT_BINOP(add, PY_NB_ADD)
FLOAT_BINOP(sub, PY_NB_SUB)
FLOAT_BINOP(mul, PY_NB_MUL)
FLOAT_BINOP(truediv, PY_NB_TRUEDIV)
FLOAT_BINOP(floordiv, PY_NB_FLOORDIV)
FLOAT_BINOP(mod, PY_NB_MOD)
FLOAT_BINOP(divmod, PY_NB_DIVMOD)
FLOAT_BINOP(pow, PY_NB_POW)

/* -1, 0, 1, or 2 for unordered (NaN) */
static int cmp_float_int(py_interp *I, double d, py_val i)
{
    if (isnan(d)) return 2;
    if (isinf(d)) return d > 0 ? 1 : -1;
    if (py_is_int(i) || py_is_bool(i)) {
        int64_t v = py_is_int(i) ? py_int_val(i) : i == PY_TRUE;
        if (v > -(1LL << 53) && v < (1LL << 53)) {
            double w = (double)v;
            return d < w ? -1 : d > w;
        }
    }
    if (fabs(d) < 9007199254740992.0) {
        /* |i| >= 2**53 > |d| */
        return py_int_sign(i) > 0 ? -1 : 1;
    }
    py_val di = py_int_from_double(I, d);   /* exact: d is integral */
    if (!di) { py_err_clear(I); return 0; }
    int c = py_int_cmp(I, di, i);
    py_decref(I, di);
    return c;
}

static py_val float_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    int c;
    if (isfl(a) && isfl(b)) {
        double x = fv(a), y = fv(b);
        switch (op) {
        case PY_LT: return py_bool(x < y);
        case PY_LE: return py_bool(x <= y);
        case PY_EQ: return py_bool(x == y);
        case PY_NE: return py_bool(x != y);
        case PY_GT: return py_bool(x > y);
        default: return py_bool(x >= y);
        }
    }
    if (isfl(a) && py_is_intlike(b)) c = cmp_float_int(I, fv(a), b);
    else if (py_is_intlike(a) && isfl(b)) {
        c = cmp_float_int(I, fv(b), a);
        if (c != 2) c = -c;
    } else return PY_NOTIMPL;
    if (c == 2) return py_bool(op == PY_NE);
    switch (op) {
    case PY_LT: return py_bool(c < 0);
    case PY_LE: return py_bool(c <= 0);
    case PY_EQ: return py_bool(c == 0);
    case PY_NE: return py_bool(c != 0);
    case PY_GT: return py_bool(c > 0);
    default: return py_bool(c >= 0);
    }
}

static int float_hash_slot(py_interp *I, py_val v, int64_t *out)
{
    (void)I;
    double d = fv(v);
    if (isnan(d)) { *out = (int64_t)(py_id_of(I, v) >> 4); return 0; }
    return py_float_hash(d, out);
}

static py_val float_neg(py_interp *I, py_val v) { (void)I; return py_float(-fv(v)); }
static py_val float_pos(py_interp *I, py_val v) { (void)I; return py_is_float(v) ? v : py_float(fv(v)); }
static py_val float_abs(py_interp *I, py_val v) { (void)I; return py_float(fabs(fv(v))); }
static int float_truth(py_interp *I, py_val v) { (void)I; return fv(v) != 0.0; }
static py_val float_toint(py_interp *I, py_val v) { return py_int_from_double(I, fv(v)); }
static py_val float_tofloat(py_interp *I, py_val v) { (void)I; return py_float(fv(v)); }

static py_val float_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)t;
    if (py_no_kw(I, "float", kw)) return PY_NULL;
    if (nargs > 1) return py_err_fmt(I, PY_E_TypeError, "float expected at most 1 argument, got %zu", nargs);
    if (nargs == 0 && t == PY_TYPE(I, PY_T_FLOAT)) return py_float(0.0);
    py_val x = nargs ? args[0] : py_float(0.0);
    if (t != PY_TYPE(I, PY_T_FLOAT)) {
        /* float subclass: compute the value with float(), then box it */
        py_val f = float_new(I, PY_TYPE(I, PY_T_FLOAT), args, nargs, kw);
        if (!f) return PY_NULL;
        py_floatobj *o = (py_floatobj *)py_obj_new(I, t, t->basicsize);
        if (!o) return PY_NULL;
        o->d = fv(f);
        return PY_VAL(o);
    }
    if (isfl(x)) return py_float(fv(x));
    if (py_is_str(x)) return py_float_from_str(I, py_str_data(x), py_str_len(x));
    if (py_is_bytes(x)) return py_float_from_str(I, PY_BYTES(x)->data, PY_BYTES(x)->len);
    if (py_is_intlike(x)) {
        double d;
        if (py_int_to_double(I, x, &d)) return PY_NULL;
        return py_float(d);
    }
    py_type *xt = py_typeof(I, x);
    if (!xt->s.to_float && !xt->s.index)
        return py_err_fmt(I, PY_E_TypeError, "float() argument must be a string or a real number, not '%s'", py_type_name(I, x));
    double d;
    if (py_to_double(I, x, &d)) return PY_NULL;
    return py_float(d);
}

/* ---- methods ---------------------------------------------------------------------- */
static py_val float_is_integer(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.is_integer", nargs, kw)) return PY_NULL;
    double d = fv(self);
    return py_bool(isfinite(d) && floor(d) == d);
}

static py_val float_as_integer_ratio(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.as_integer_ratio", nargs, kw)) return PY_NULL;
    double d = fv(self);
    if (isinf(d)) return py_err_str(I, PY_E_OverflowError, "cannot convert Infinity to integer ratio");
    if (isnan(d)) return py_err_str(I, PY_E_ValueError, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(d, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) { m *= 2.0; e--; }
    py_val num = py_int_from_double(I, m);
    if (!num) return PY_NULL;
    py_val den = py_int_small(1);
    if (e > 0) {
        py_val p = py_int_binop(I, py_int_small(1), py_int_small(e), PY_NB_LSHIFT);
        py_val n2 = p ? py_int_binop(I, num, p, PY_NB_MUL) : PY_NULL;
        py_xdecref(I, p);
        py_decref(I, num);
        if (!n2) return PY_NULL;
        num = n2;
    } else if (e < 0) {
        den = py_int_binop(I, py_int_small(1), py_int_small(-e), PY_NB_LSHIFT);
        if (!den) { py_decref(I, num); return PY_NULL; }
    }
    py_val r = py_tuple_pack(I, 2, num, den);
    py_decref(I, num);
    py_decref(I, den);
    return r;
}

static py_val float_conjugate(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.conjugate", nargs, kw)) return PY_NULL;
    return py_is_float(self) ? self : py_float(fv(self));
}

static py_val float_hex(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.hex", nargs, kw)) return PY_NULL;
    double d = fv(self);
    if (isnan(d)) return py_str_cstr(I, "nan");
    if (isinf(d)) return py_str_cstr(I, d > 0 ? "inf" : "-inf");
    if (d == 0) return py_str_cstr(I, signbit(d) ? "-0x0.0p+0" : "0x0.0p+0");
    char buf[64];
    int e;
    double m = frexp(fabs(d), &e);   /* [0.5, 1) */
    m *= 2; e -= 1;                  /* [1, 2) */
    if (e < -1022) { m = ldexp(m, e + 1022); e = -1022; }
    int lead = (int)m;
    m -= lead;
    char hexd[20];
    int k = 0;
    for (int i = 0; i < 13; i++) {
        m *= 16;
        int dg = (int)m;
        m -= dg;
        hexd[k++] = "0123456789abcdef"[dg];
    }
    while (k > 1 && hexd[k - 1] == '0') k--;
    hexd[k] = 0;
    snprintf(buf, sizeof buf, "%s0x%d.%sp%+d", d < 0 ? "-" : "", lead, hexd, e);
    return py_str_cstr(I, buf);
}

static py_val float_fromhex(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    (void)cls;
    if (py_args_exact(I, "float.fromhex", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "bad argument type for built-in operation");
    const char *s = py_str_data(args[0]);
    char *end;
    double d = strtod(s, &end);
    while (*end == ' ' || *end == '\t' || *end == '\n') end++;
    if (*end || end == s) return py_err_str(I, PY_E_ValueError, "invalid hexadecimal floating-point string");
    return py_float(d);
}

static py_val float_round_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_range(I, "float.__round__", nargs, kw, 0, 1)) return PY_NULL;
    double x = fv(self);
    if (nargs == 0 || args[0] == PY_NONE) {
        double r = nearbyint(x);   /* default rounding mode: half to even */
        if (fabs(x - trunc(x)) == 0.5) r = 2.0 * nearbyint(x / 2.0);
        return py_int_from_double(I, r);
    }
    if (!py_is_intlike(args[0])) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
    int64_t nd;
    if (py_int_to_i64(I, args[0], &nd)) {
        py_err_clear(I);
        nd = py_int_sign(args[0]) > 0 ? 400 : -400;
    }
    if (!isfinite(x) || x == 0.0) return py_float(x);
    if (nd > 330) return py_float(x);
    if (nd < -330) return py_float(copysign(0.0, x));
    char buf[512];
    if (nd >= 0) {
        snprintf(buf, sizeof buf, "%.*f", (int)nd, x);
        return py_float(strtod(buf, NULL));
    }
    /* negative ndigits: round to significant digits */
    snprintf(buf, sizeof buf, "%.17e", x);
    int e10 = atoi(strchr(buf, 'e') + 1);
    int keep = e10 + 1 + (int)nd;
    if (keep < 0) return py_float(copysign(0.0, x));
    if (keep == 0) {
        double p = pow(10.0, (double)-nd);
        return py_float(fabs(x) > p / 2 ? copysign(p, x) : copysign(0.0, x));
    }
    snprintf(buf, sizeof buf, "%.*e", keep - 1, x);
    return py_float(strtod(buf, NULL));
}

static py_val float_trunc_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.__trunc__", nargs, kw)) return PY_NULL;
    return py_int_from_double(I, fv(self));
}
static py_val float_floor_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.__floor__", nargs, kw)) return PY_NULL;
    return py_int_from_double(I, floor(fv(self)));
}
static py_val float_ceil_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "float.__ceil__", nargs, kw)) return PY_NULL;
    return py_int_from_double(I, ceil(fv(self)));
}
static py_val float_format_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "float.__format__", nargs, kw, 1)) return PY_NULL;
    return py_format_spec(I, self, args[0]);
}

static py_val float_get_real(py_interp *I, py_val self) { (void)I; return py_is_float(self) ? self : py_float(fv(self)); }
static py_val float_get_imag(py_interp *I, py_val self) { (void)I; (void)self; return py_float(0.0); }

static const py_methoddef float_methods[] = {
    { "is_integer", float_is_integer, 0 },
    { "as_integer_ratio", float_as_integer_ratio, 0 },
    { "conjugate", float_conjugate, 0 },
    { "hex", float_hex, 0 },
    { "fromhex", float_fromhex, PY_METH_CLASS },
    { "__round__", float_round_meth, 0 },
    { "__trunc__", float_trunc_meth, 0 },
    { "__floor__", float_floor_meth, 0 },
    { "__ceil__", float_ceil_meth, 0 },
    { "__format__", float_format_meth, 0 },
    { NULL, NULL, 0 }
};

static const py_getsetdef float_getsets[] = {
    { "real", float_get_real, NULL },
    { "imag", float_get_imag, NULL },
    { NULL, NULL, NULL }
};

const py_typedef py_float_typedef = {
    .name = "float", .base = PY_T_OBJECT, .flags = PY_TF_FLOAT_SUB | PY_TF_BASETYPE,
    .basicsize = sizeof(py_floatobj),
    .slots = {
        .repr = py_float_repr, .hash = float_hash_slot, .richcmp = float_richcmp,
        .nb = { [PY_NB_ADD] = float_add, [PY_NB_SUB] = float_sub, [PY_NB_MUL] = float_mul,
                [PY_NB_TRUEDIV] = float_truediv, [PY_NB_FLOORDIV] = float_floordiv,
                [PY_NB_MOD] = float_mod, [PY_NB_DIVMOD] = float_divmod, [PY_NB_POW] = float_pow },
        .neg = float_neg, .pos = float_pos, .abs = float_abs, .truth = float_truth,
        .to_int = float_toint, .to_float = float_tofloat, .new_ = float_new,
    },
    .methods = float_methods, .getsets = float_getsets,
};
