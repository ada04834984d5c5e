/* mod_math.c — the math module, with CPython 3.14's error messages
 * ("expected a positive input", "math range error", ...).
 *
 * Must never: return NaN/inf where CPython raises.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "py/core.h"
#include "py/modules.h"

#define MFN(name) static py_val m_##name(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)

static int arg_double(py_interp *I, py_val v, double *out)
{
    if (py_is_float(v)) { *out = py_float_val(v); return 0; }
    if (py_is_intlike(v)) return py_int_to_double(I, v, out);
    py_type *t = py_typeof(I, v);
    if (t->s.to_float || t->s.index) return py_to_double(I, v, out);
    py_err_fmt(I, PY_E_TypeError, "must be real number, not %s", py_type_name(I, v));
    return -1;
}

static py_val domain_err(py_interp *I, const char *fmt, double x)
{
    if (!fmt) return py_err_str(I, PY_E_ValueError, "math domain error");
    char buf[64];
    py_float_repr_buf(x, buf, sizeof buf);
    return py_err_fmt(I, PY_E_ValueError, fmt, buf);
}

/* CPython's math_1: NaN result from a non-NaN input is a domain error, an
 * infinite result from a finite input overflows (or is a domain error). */
static py_val math_1(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *name, double (*fn)(double),
                     int can_overflow, const char *errfmt)
{
    if (py_args_exact(I, name, nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    errno = 0;
    double r = fn(x);
    if (isnan(r) && !isnan(x)) return domain_err(I, errfmt, x);
    if (isinf(r) && isfinite(x)) {
        if (can_overflow) return py_err_str(I, PY_E_OverflowError, "math range error");
        return domain_err(I, errfmt, x);
    }
    if (errno == ERANGE && fabs(r) >= 1.0 && can_overflow) return py_err_str(I, PY_E_OverflowError, "math range error");
    return py_float(r);
}

static double d_sin(double x) { return isinf(x) ? NAN : sin(x); }
static double d_cos(double x) { return isinf(x) ? NAN : cos(x); }
static double d_tan(double x) { return isinf(x) ? NAN : tan(x); }
static double d_sqrt(double x) { return x < 0 ? NAN : sqrt(x); }
static double d_acos(double x) { return (x < -1 || x > 1) ? NAN : acos(x); }
static double d_asin(double x) { return (x < -1 || x > 1) ? NAN : asin(x); }
static double d_acosh(double x) { return x < 1 ? NAN : acosh(x); }
static double d_atanh(double x) { return (x <= -1 || x >= 1) ? NAN : atanh(x); }
static double d_log1p(double x) { return x <= -1 ? NAN : log1p(x); }
static double d_gamma(double x)
{
    if (x == floor(x) && x <= 0) return NAN;
    if (isinf(x) && x < 0) return NAN;
    return tgamma(x);
}
static double d_lgamma(double x)
{
    if (isinf(x)) return INFINITY;
    if (x == floor(x) && x <= 0) return NAN;
    return lgamma(x);
}

#define F1(name, fn, ovf, msg) MFN(name) { (void)self; return math_1(I, args, nargs, kw, #name, fn, ovf, msg); }
F1(sin, d_sin, 0, "expected a finite input, got %s")
F1(cos, d_cos, 0, "expected a finite input, got %s")
F1(tan, d_tan, 0, "expected a finite input, got %s")
F1(asin, d_asin, 0, "expected a number in range from -1 up to 1, got %s")
F1(acos, d_acos, 0, "expected a number in range from -1 up to 1, got %s")
F1(atan, atan, 0, NULL)
F1(sinh, sinh, 1, NULL)
F1(cosh, cosh, 1, NULL)
F1(tanh, tanh, 0, NULL)
F1(asinh, asinh, 0, NULL)
F1(acosh, d_acosh, 0, "expected argument value not less than 1, got %s")
F1(atanh, d_atanh, 0, "expected a number between -1 and 1, got %s")
F1(sqrt, d_sqrt, 0, "expected a nonnegative input, got %s")
F1(exp, exp, 1, NULL)
F1(exp2, exp2, 1, NULL)
F1(expm1, expm1, 1, NULL)
F1(log1p, d_log1p, 0, "expected argument value > -1, got %s")
F1(fabs, fabs, 0, NULL)
F1(cbrt, cbrt, 0, NULL)
F1(erf, erf, 0, NULL)
F1(erfc, erfc, 0, NULL)
F1(gamma, d_gamma, 1, "expected a noninteger or positive integer, got %s")
F1(lgamma, d_lgamma, 1, "expected a noninteger or positive integer, got %s")

/* log of any int size: log(n) = log(mantissa) + e*log(2) */
static int log_of(py_interp *I, py_val v, double (*fn)(double), double *out, const char *badmsg)
{
    if (py_is_intlike(v)) {
        if (py_int_sign(v) <= 0) { py_err_str(I, PY_E_ValueError, badmsg); return -1; }
        double d;
        if (py_int_to_double(I, v, &d)) {
            /* huge: scale down by 2**e */
            py_err_clear(I);
            int64_t bits;
            py_int_bit_length(I, v, &bits);
            int64_t e = bits - 60;
            py_val sh = py_int_binop(I, v, py_int_small(e), PY_NB_RSHIFT);
            if (!sh) return -1;
            double m;
            py_int_to_double(I, sh, &m);
            py_decref(I, sh);
            *out = fn(m) + (double)e * fn(2.0);
            return 0;
        }
        *out = fn(d);
        return 0;
    }
    double x;
    if (arg_double(I, v, &x)) return -1;
    if (x <= 0 || isnan(x)) {
        if (isnan(x)) { *out = x; return 0; }
        char buf[64];
        py_float_repr_buf(x, buf, sizeof buf);
        py_err_str(I, PY_E_ValueError, badmsg);
        return -1;
    }
    *out = fn(x);
    return 0;
}

MFN(log)
{
    (void)self;
    if (py_args_range(I, "log", nargs, kw, 1, 2)) return PY_NULL;
    double n;
    if (log_of(I, args[0], log, &n, "expected a positive input")) return PY_NULL;
    if (nargs == 2) {
        double b;
        if (log_of(I, args[1], log, &b, "expected a positive input")) return PY_NULL;
        if (b == 0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
        return py_float(n / b);
    }
    return py_float(n);
}

MFN(log2)
{
    (void)self;
    if (py_args_exact(I, "log2", nargs, kw, 1)) return PY_NULL;
    double n;
    if (log_of(I, args[0], log2, &n, "expected a positive input")) return PY_NULL;
    return py_float(n);
}

MFN(log10)
{
    (void)self;
    if (py_args_exact(I, "log10", nargs, kw, 1)) return PY_NULL;
    double n;
    if (log_of(I, args[0], log10, &n, "expected a positive input")) return PY_NULL;
    return py_float(n);
}

static py_val round_to_int(py_interp *I, py_val v, int mode, const char *name)
{
    if (py_is_intlike(v)) return py_int_exact(I, v);
    if (!py_is_float(v)) {
        const char *dn = mode == 0 ? "__floor__" : mode == 1 ? "__ceil__" : "__trunc__";
        py_val m = py_lookup_special(I, v, py_intern(I, dn));
        if (m) { py_val r = py_call0(I, m); py_decref(I, m); return r; }
        if (py_err_occurred(I)) return PY_NULL;
        if (mode == 2) return py_err_fmt(I, PY_E_TypeError, "type %s doesn't define __trunc__ method", py_type_name(I, v));
        double d;
        if (arg_double(I, v, &d)) return PY_NULL;
        return py_int_from_double(I, mode == 0 ? floor(d) : ceil(d));
    }
    (void)name;
    double d = py_float_val(v);
    return py_int_from_double(I, mode == 0 ? floor(d) : mode == 1 ? ceil(d) : trunc(d));
}

MFN(floor) { (void)self; if (py_args_exact(I, "floor", nargs, kw, 1)) return PY_NULL; return round_to_int(I, args[0], 0, "floor"); }
MFN(ceil) { (void)self; if (py_args_exact(I, "ceil", nargs, kw, 1)) return PY_NULL; return round_to_int(I, args[0], 1, "ceil"); }
MFN(trunc) { (void)self; if (py_args_exact(I, "trunc", nargs, kw, 1)) return PY_NULL; return round_to_int(I, args[0], 2, "trunc"); }

static py_val two_doubles(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *name, double *a, double *b)
{
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "%s expected 2 arguments, got %zu", name, nargs);
    if (arg_double(I, args[0], a) || arg_double(I, args[1], b)) return PY_NULL;
    return PY_TRUE;
}

MFN(pow)
{
    (void)self;
    double x, y;
    if (!two_doubles(I, args, nargs, kw, "pow", &x, &y)) return PY_NULL;
    if (isfinite(x) && isfinite(y)) {
        if (x == 0 && y < 0) return py_err_str(I, PY_E_ValueError, "math domain error");
        if (x < 0 && y != floor(y)) return py_err_str(I, PY_E_ValueError, "math domain error");
    }
    errno = 0;
    double r = pow(x, y);
    if (isinf(r) && isfinite(x) && isfinite(y)) return py_err_str(I, PY_E_OverflowError, "math range error");
    return py_float(r);
}

MFN(atan2)
{
    (void)self;
    double y, x;
    if (!two_doubles(I, args, nargs, kw, "atan2", &y, &x)) return PY_NULL;
    return py_float(atan2(y, x));
}

MFN(fmod)
{
    (void)self;
    double x, y;
    if (!two_doubles(I, args, nargs, kw, "fmod", &x, &y)) return PY_NULL;
    if (isinf(y) && isfinite(x)) return py_float(x);
    if ((isinf(x) || y == 0) && !isnan(x) && !isnan(y)) return py_err_str(I, PY_E_ValueError, "math domain error");
    return py_float(fmod(x, y));
}

MFN(remainder)
{
    (void)self;
    double x, y;
    if (!two_doubles(I, args, nargs, kw, "remainder", &x, &y)) return PY_NULL;
    if (isnan(x) || isnan(y)) return py_float(NAN);
    if (isinf(x) || y == 0) return py_err_str(I, PY_E_ValueError, "math domain error");
    if (isinf(y)) return py_float(x);
    return py_float(remainder(x, y));
}

MFN(copysign)
{
    (void)self;
    double x, y;
    if (!two_doubles(I, args, nargs, kw, "copysign", &x, &y)) return PY_NULL;
    return py_float(copysign(x, y));
}

MFN(nextafter)
{
    (void)self;
    static const char *const names[] = { "!x", "!y", "$steps", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, "nextafter", args, nargs, kw, names, 2, a)) return PY_NULL;
    double x, y;
    if (arg_double(I, a[0], &x) || arg_double(I, a[1], &y)) return PY_NULL;
    if (!a[2] || a[2] == PY_NONE) return py_float(nextafter(x, y));
    int64_t steps;
    if (!py_is_intlike(a[2])) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, a[2]));
    if (py_index_i64(I, a[2], &steps, 0)) return PY_NULL;
    if (steps < 0) return py_err_str(I, PY_E_ValueError, "steps must be a non-negative integer");
    for (int64_t i = 0; i < steps && x != y; i++) x = nextafter(x, y);
    return py_float(x);
}

MFN(ulp)
{
    (void)self;
    if (py_args_exact(I, "ulp", nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    if (isnan(x)) return py_float(x);
    x = fabs(x);
    if (isinf(x)) return py_float(x);
    double x2 = nextafter(x, INFINITY);
    if (isinf(x2)) { x2 = nextafter(x, -INFINITY); return py_float(x - x2); }
    return py_float(x2 - x);
}

MFN(ldexp)
{
    (void)self;
    if (py_no_kw(I, "ldexp", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "ldexp expected 2 arguments, got %zu", nargs);
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    if (!py_is_intlike(args[1])) return py_err_str(I, PY_E_TypeError, "Expected an int as second argument to ldexp.");
    int64_t e;
    if (py_int_to_i64(I, args[1], &e)) { py_err_clear(I); e = py_int_sign(args[1]) > 0 ? INT32_MAX : INT32_MIN; }
    if (x == 0 || !isfinite(x)) return py_float(x);
    if (e > 100000) return py_err_str(I, PY_E_OverflowError, "math range error");
    if (e < -100000) return py_float(copysign(0.0, x));
    double r = ldexp(x, (int)e);
    if (isinf(r)) return py_err_str(I, PY_E_OverflowError, "math range error");
    return py_float(r);
}

MFN(frexp)
{
    (void)self;
    if (py_args_exact(I, "frexp", nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    int e = 0;
    double m = (isnan(x) || isinf(x) || x == 0) ? x : frexp(x, &e);
    return py_tuple_pack(I, 2, py_float(m), py_int_small(e));
}

MFN(modf)
{
    (void)self;
    if (py_args_exact(I, "modf", nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    if (isinf(x)) return py_tuple_pack(I, 2, py_float(copysign(0.0, x)), py_float(x));
    double ip;
    double fp = modf(x, &ip);
    return py_tuple_pack(I, 2, py_float(fp), py_float(ip));
}

static py_val pred1(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *name, int which)
{
    if (py_args_exact(I, name, nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    return py_bool(which == 0 ? isnan(x) : which == 1 ? isinf(x) : isfinite(x));
}
MFN(isnan) { (void)self; return pred1(I, args, nargs, kw, "isnan", 0); }
MFN(isinf) { (void)self; return pred1(I, args, nargs, kw, "isinf", 1); }
MFN(isfinite) { (void)self; return pred1(I, args, nargs, kw, "isfinite", 2); }

MFN(isclose)
{
    (void)self;
    static const char *const names[] = { "a", "b", "$rel_tol", "$abs_tol", NULL };
    py_val a[4] = { 0, 0, 0, 0 };
    if (py_args_parse(I, "isclose", args, nargs, kw, names, 2, a)) return PY_NULL;
    double x, y, rel = 1e-9, abst = 0.0;
    if (arg_double(I, a[0], &x) || arg_double(I, a[1], &y)) return PY_NULL;
    if (a[2] && arg_double(I, a[2], &rel)) return PY_NULL;
    if (a[3] && arg_double(I, a[3], &abst)) return PY_NULL;
    if (rel < 0.0 || abst < 0.0) return py_err_str(I, PY_E_ValueError, "tolerances must be non-negative");
    if (x == y) return PY_TRUE;
    if (isinf(x) || isinf(y)) return PY_FALSE;
    double diff = fabs(y - x);
    return py_bool((diff <= fabs(rel * y)) || (diff <= fabs(rel * x)) || (diff <= abst));
}

MFN(degrees)
{
    (void)self;
    if (py_args_exact(I, "degrees", nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    return py_float(x * (180.0 / 3.141592653589793238462643383279502884));
}

MFN(radians)
{
    (void)self;
    if (py_args_exact(I, "radians", nargs, kw, 1)) return PY_NULL;
    double x;
    if (arg_double(I, args[0], &x)) return PY_NULL;
    return py_float(x * (3.141592653589793238462643383279502884 / 180.0));
}

/* ---- integer functions ----------------------------------------------------------------- */
static py_val int_arg(py_interp *I, py_val v)
{
    if (py_is_intlike(v)) return py_int_exact(I, v);
    if (py_is_float(v) || !py_typeof(I, v)->s.index)
        return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, v));
    return py_index(I, v);
}

MFN(factorial)
{
    (void)self;
    if (py_args_exact(I, "factorial", nargs, kw, 1)) return PY_NULL;
    py_val n = int_arg(I, args[0]);
    if (!n) return PY_NULL;
    if (py_int_sign(n) < 0) { py_decref(I, n); return py_err_str(I, PY_E_ValueError, "factorial() not defined for negative values"); }
    int64_t k;
    if (py_int_to_i64(I, n, &k) || k > 100000) {
        py_decref(I, n);
        py_err_clear(I);
        return py_err_str(I, PY_E_OverflowError, "factorial() argument should not exceed 9223372036854775807");
    }
    py_decref(I, n);
    py_val acc = py_int_small(1);
    for (int64_t i = 2; i <= k; i++) {
        py_val t = py_int_binop(I, acc, py_int_small(i), PY_NB_MUL);
        py_decref(I, acc);
        if (!t) return PY_NULL;
        acc = t;
        if ((i & 255) == 0 && py_check_periodic(I)) { py_decref(I, acc); return PY_NULL; }
    }
    return acc;
}

static py_val gcd2(py_interp *I, py_val a, py_val b)
{
    mp_int x, y, r;
    if (py_int_to_mp(I, a, &x)) return PY_NULL;
    if (py_int_to_mp(I, b, &y)) { mp_clear(&x); return PY_NULL; }
    if (mp_init(&r) != MP_OKAY) { mp_clear_multi(&x, &y, NULL); return py_err_nomem(I); }
    mp_err e = mp_gcd(&x, &y, &r);
    py_val out = e == MP_OKAY ? py_int_from_mp(I, &r) : py_err_nomem(I);
    mp_clear_multi(&x, &y, &r, NULL);
    return out;
}

MFN(gcd)
{
    (void)self;
    if (py_no_kw(I, "gcd", kw)) return PY_NULL;
    py_val acc = py_int_small(0);
    for (size_t i = 0; i < nargs; i++) {
        py_val v = int_arg(I, args[i]);
        if (!v) { py_decref(I, acc); return PY_NULL; }
        py_val g = gcd2(I, acc, v);
        py_decref(I, v);
        py_decref(I, acc);
        if (!g) return PY_NULL;
        acc = g;
    }
    return acc;
}

MFN(lcm)
{
    (void)self;
    if (py_no_kw(I, "lcm", kw)) return PY_NULL;
    py_val acc = py_int_small(1);
    for (size_t i = 0; i < nargs; i++) {
        py_val v = int_arg(I, args[i]);
        if (!v) { py_decref(I, acc); return PY_NULL; }
        if (py_int_is_zero(v) || py_int_is_zero(acc)) { py_decref(I, v); py_decref(I, acc); acc = py_int_small(0); continue; }
        py_val g = gcd2(I, acc, v);
        py_val p = g ? py_int_binop(I, acc, v, PY_NB_MUL) : PY_NULL;
        py_val q = p ? py_int_binop(I, p, g, PY_NB_FLOORDIV) : PY_NULL;
        py_xdecref(I, g); py_xdecref(I, p); py_decref(I, v); py_decref(I, acc);
        if (!q) return PY_NULL;
        acc = py_int_sign(q) < 0 ? py_int_neg(I, q) : py_newref(q);
        py_decref(I, q);
        if (!acc) return PY_NULL;
    }
    return acc;
}

MFN(isqrt)
{
    (void)self;
    if (py_args_exact(I, "isqrt", nargs, kw, 1)) return PY_NULL;
    py_val n = int_arg(I, args[0]);
    if (!n) return PY_NULL;
    if (py_int_sign(n) < 0) { py_decref(I, n); return py_err_str(I, PY_E_ValueError, "isqrt() argument must be nonnegative"); }
    mp_int x, r;
    if (py_int_to_mp(I, n, &x)) { py_decref(I, n); return PY_NULL; }
    py_decref(I, n);
    if (mp_init(&r) != MP_OKAY) { mp_clear(&x); return py_err_nomem(I); }
    mp_err e = mp_sqrt(&x, &r);
    py_val out = e == MP_OKAY ? py_int_from_mp(I, &r) : py_err_nomem(I);
    mp_clear_multi(&x, &r, NULL);
    return out;
}

static py_val comb_perm(py_interp *I, const py_val *args, size_t nargs, py_val kw, int comb)
{
    const char *name = comb ? "comb" : "perm";
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs < (comb ? 2u : 1u) || nargs > 2)
        return py_err_fmt(I, PY_E_TypeError, comb ? "comb expected 2 arguments, got %zu" : "perm expected at most 2 arguments, got %zu", nargs);
    py_val n = int_arg(I, args[0]);
    if (!n) return PY_NULL;
    py_val k = nargs > 1 && args[1] != PY_NONE ? int_arg(I, args[1]) : py_newref(n);
    if (!k) { py_decref(I, n); return PY_NULL; }
    if (py_int_sign(n) < 0) { py_decref(I, n); py_decref(I, k); return py_err_str(I, PY_E_ValueError, "n must be a non-negative integer"); }
    if (py_int_sign(k) < 0) { py_decref(I, n); py_decref(I, k); return py_err_str(I, PY_E_ValueError, "k must be a non-negative integer"); }
    if (py_int_cmp(I, k, n) > 0) { py_decref(I, n); py_decref(I, k); return py_int_small(0); }
    int64_t kk, nn;
    if (py_int_to_i64(I, k, &kk) || py_int_to_i64(I, n, &nn)) {
        py_decref(I, n); py_decref(I, k);
        py_err_clear(I);
        return py_err_str(I, PY_E_OverflowError, "min(n - k, k) must not exceed 9223372036854775807");
    }
    py_decref(I, n);
    py_decref(I, k);
    if (comb && kk > nn - kk) kk = nn - kk;
    py_val acc = py_int_small(1);
    for (int64_t i = 0; i < kk; i++) {
        py_val t = py_int_binop(I, acc, py_int_from_i64(I, nn - i), PY_NB_MUL);
        py_decref(I, acc);
        if (!t) return PY_NULL;
        acc = t;
        if (comb) {
            t = py_int_binop(I, acc, py_int_from_i64(I, i + 1), PY_NB_FLOORDIV);
            py_decref(I, acc);
            if (!t) return PY_NULL;
            acc = t;
        }
    }
    return acc;
}
MFN(comb) { (void)self; return comb_perm(I, args, nargs, kw, 1); }
MFN(perm) { (void)self; return comb_perm(I, args, nargs, kw, 0); }

/* ---- sequences -------------------------------------------------------------------------------- */
MFN(fsum)
{
    (void)self;
    if (py_args_exact(I, "fsum", nargs, kw, 1)) return PY_NULL;
    py_val it = py_iter(I, args[0]);
    if (!it) return PY_NULL;
    /* Shewchuk's algorithm with a bounded partials array */
    double partials[64];
    int np = 0;
    double special = 0;
    int has_special = 0;
    for (;;) {
        py_val v = py_next(I, it);
        if (!v) break;
        double x;
        if (arg_double(I, v, &x)) { py_decref(I, v); py_decref(I, it); return PY_NULL; }
        py_decref(I, v);
        if (!isfinite(x)) { special += x; has_special = 1; continue; }
        int i = 0;
        for (int j = 0; j < np; j++) {
            double y = partials[j];
            if (fabs(x) < fabs(y)) { double t = x; x = y; y = t; }
            double hi = x + y, lo = y - (hi - x);
            if (lo != 0.0) partials[i++] = lo;
            x = hi;
        }
        if (i < 64) partials[i++] = x;
        np = i;
    }
    py_decref(I, it);
    if (py_err_occurred(I)) return PY_NULL;
    if (has_special) {
        if (isnan(special)) return py_err_str(I, PY_E_ValueError, "-inf + inf in fsum");
        return py_float(special);
    }
    double hi = 0;
    if (np > 0) {
        hi = partials[--np];
        double lo = 0;
        while (np > 0) {
            double x = hi, y = partials[--np];
            hi = x + y;
            double yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) break;
        }
        if (np > 0 && ((lo < 0.0 && partials[np - 1] < 0.0) || (lo > 0.0 && partials[np - 1] > 0.0))) {
            double y = lo * 2.0, x = hi + y, yr = x - hi;
            if (y == yr) hi = x;
        }
    }
    return py_float(hi);
}

MFN(prod)
{
    (void)self;
    static const char *const names[] = { "!iterable", "$start", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "prod", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val acc = a[1] ? py_newref(a[1]) : py_int_small(1);
    py_val it = py_iter(I, a[0]);
    if (!it) { py_decref(I, acc); return PY_NULL; }
    for (;;) {
        py_val v = py_next(I, it);
        if (!v) break;
        py_val r = py_binop(I, acc, v, PY_NB_MUL);
        py_decref(I, v);
        py_decref(I, acc);
        if (!r) { py_decref(I, it); return PY_NULL; }
        acc = r;
    }
    py_decref(I, it);
    if (py_err_occurred(I)) { py_decref(I, acc); return PY_NULL; }
    return acc;
}

MFN(hypot)
{
    (void)self;
    if (py_no_kw(I, "hypot", kw)) return PY_NULL;
    double acc = 0, maxv = 0;
    int inf = 0, nan_ = 0;
    double vals[64];
    if (nargs > 64) return py_err_str(I, PY_E_ValueError, "too many arguments");
    for (size_t i = 0; i < nargs; i++) {
        if (arg_double(I, args[i], &vals[i])) return PY_NULL;
        double x = fabs(vals[i]);
        if (isinf(x)) inf = 1;
        if (isnan(x)) nan_ = 1;
        if (x > maxv) maxv = x;
    }
    if (inf) return py_float(INFINITY);
    if (nan_) return py_float(NAN);
    if (maxv == 0) return py_float(0.0);
    for (size_t i = 0; i < nargs; i++) { double x = vals[i] / maxv; acc += x * x; }
    return py_float(maxv * sqrt(acc));
}

MFN(dist)
{
    (void)self;
    if (py_no_kw(I, "dist", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "dist expected 2 arguments, got %zu", nargs);
    py_val p = py_sequence_tuple(I, args[0]), q = py_sequence_tuple(I, args[1]);
    if (!p || !q) { py_xdecref(I, p); py_xdecref(I, q); return PY_NULL; }
    if (py_tuple_len(p) != py_tuple_len(q)) {
        py_decref(I, p); py_decref(I, q);
        return py_err_str(I, PY_E_ValueError, "both points must have the same number of dimensions");
    }
    size_t n = py_tuple_len(p);
    py_val diffs = py_tuple_new(I, n);
    for (size_t i = 0; diffs && i < n; i++) {
        double a, b;
        if (arg_double(I, py_tuple_items(p)[i], &a) || arg_double(I, py_tuple_items(q)[i], &b)) {
            py_decref(I, diffs); diffs = PY_NULL; break;
        }
        py_tuple_items(diffs)[i] = py_float(a - b);
    }
    py_decref(I, p); py_decref(I, q);
    if (!diffs) return PY_NULL;
    py_val r = m_hypot(I, PY_NULL, py_tuple_items(diffs), n, PY_NULL);
    py_decref(I, diffs);
    return r;
}

MFN(sumprod)
{
    (void)self;
    if (py_no_kw(I, "sumprod", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "sumprod expected 2 arguments, got %zu", nargs);
    py_val p = py_sequence_tuple(I, args[0]), q = py_sequence_tuple(I, args[1]);
    if (!p || !q) { py_xdecref(I, p); py_xdecref(I, q); return PY_NULL; }
    if (py_tuple_len(p) != py_tuple_len(q)) {
        py_decref(I, p); py_decref(I, q);
        return py_err_str(I, PY_E_ValueError, "Inputs are not the same length");
    }
    py_val acc = py_int_small(0);
    for (size_t i = 0; acc && i < py_tuple_len(p); i++) {
        py_val m = py_binop(I, py_tuple_items(p)[i], py_tuple_items(q)[i], PY_NB_MUL);
        py_val s = m ? py_binop(I, acc, m, PY_NB_ADD) : PY_NULL;
        py_xdecref(I, m);
        py_decref(I, acc);
        acc = s;
    }
    py_decref(I, p); py_decref(I, q);
    return acc;
}

static const py_methoddef math_fns[] = {
    { "sin", m_sin, 0 }, { "cos", m_cos, 0 }, { "tan", m_tan, 0 }, { "asin", m_asin, 0 }, { "acos", m_acos, 0 },
    { "atan", m_atan, 0 }, { "atan2", m_atan2, 0 }, { "sinh", m_sinh, 0 }, { "cosh", m_cosh, 0 },
    { "tanh", m_tanh, 0 }, { "asinh", m_asinh, 0 }, { "acosh", m_acosh, 0 }, { "atanh", m_atanh, 0 },
    { "sqrt", m_sqrt, 0 }, { "exp", m_exp, 0 }, { "exp2", m_exp2, 0 }, { "expm1", m_expm1, 0 },
    { "log", m_log, 0 }, { "log2", m_log2, 0 }, { "log10", m_log10, 0 }, { "log1p", m_log1p, 0 },
    { "fabs", m_fabs, 0 }, { "cbrt", m_cbrt, 0 }, { "erf", m_erf, 0 }, { "erfc", m_erfc, 0 },
    { "gamma", m_gamma, 0 }, { "lgamma", m_lgamma, 0 }, { "floor", m_floor, 0 }, { "ceil", m_ceil, 0 },
    { "trunc", m_trunc, 0 }, { "pow", m_pow, 0 }, { "fmod", m_fmod, 0 }, { "remainder", m_remainder, 0 },
    { "copysign", m_copysign, 0 }, { "nextafter", m_nextafter, PY_METH_KW }, { "ulp", m_ulp, 0 },
    { "ldexp", m_ldexp, 0 }, { "frexp", m_frexp, 0 }, { "modf", m_modf, 0 }, { "isnan", m_isnan, 0 },
    { "isinf", m_isinf, 0 }, { "isfinite", m_isfinite, 0 }, { "isclose", m_isclose, PY_METH_KW },
    { "degrees", m_degrees, 0 }, { "radians", m_radians, 0 }, { "factorial", m_factorial, 0 },
    { "gcd", m_gcd, 0 }, { "lcm", m_lcm, 0 }, { "isqrt", m_isqrt, 0 }, { "comb", m_comb, 0 },
    { "perm", m_perm, 0 }, { "fsum", m_fsum, 0 }, { "prod", m_prod, PY_METH_KW }, { "hypot", m_hypot, 0 },
    { "dist", m_dist, 0 }, { "sumprod", m_sumprod, 0 },
    { NULL, NULL, 0 }
};

int py_mod_math_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, math_fns)) return -1;
    if (py_module_add(I, mod, "pi", py_float(3.141592653589793)) ||
        py_module_add(I, mod, "e", py_float(2.718281828459045)) ||
        py_module_add(I, mod, "tau", py_float(6.283185307179586)) ||
        py_module_add(I, mod, "inf", py_float(INFINITY)) ||
        py_module_add(I, mod, "nan", py_float(NAN)))
        return -1;
    return 0;
}
