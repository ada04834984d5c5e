/* complex.c — the complex type: arithmetic with ints and floats, CPython's
 * repr and hash, complex() from numbers and strings.
 *
 * Must never: order complex numbers (only == and != are defined).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "py/core.h"

typedef struct py_complex {
    py_obj ob;
    double re, im;
} py_complex;

#define CX(v) ((py_complex *)PY_OBJ(v))

py_val py_complex_new(py_interp *I, double re, double im)
{
    py_complex *c = (py_complex *)py_obj_new(I, PY_TYPE(I, PY_T_COMPLEX), sizeof(py_complex));
    if (!c) return PY_NULL;
    c->re = re;
    c->im = im;
    return PY_VAL(c);
}

static void cx_dealloc(py_interp *I, py_obj *o)
{
    py_type *t = o->type;
    if (t->flags & PY_TF_HEAP)
        for (size_t off = sizeof(py_complex); off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val))
            PY_CLEAR(I, *(py_val *)((char *)o + off));
    py_obj_free(I, o, t->basicsize);
}

static int is_complex(py_val v) { return py_is_ptr(v) && py_tflag(v, PY_TF_COMPLEX_SUB); }

/* Operand as a complex number: 1 ok, 0 not a number, -1 error. */
static int as_complex(py_interp *I, py_val v, double *re, double *im)
{
    if (is_complex(v)) { *re = CX(v)->re; *im = CX(v)->im; return 1; }
    if (py_is_floatlike(v)) { *re = py_floatlike_val(v); *im = 0; return 1; }
    if (py_is_intlike(v)) {
        *im = 0;
        if (py_int_to_double(I, v, re)) return -1;
        return 1;
    }
    return 0;
}

static void cx_div(double ar, double ai, double br, double bi, double *rr, double *ri)
{
    /* Smith's algorithm, as CPython's _Py_c_quot */
    double abs_breal = fabs(br), abs_bimag = fabs(bi);
    if (abs_breal >= abs_bimag) {
        double ratio = bi / br;
        double denom = br + bi * ratio;
        *rr = (ar + ai * ratio) / denom;
        *ri = (ai - ar * ratio) / denom;
    } else if (abs_bimag >= abs_breal) {
        double ratio = br / bi;
        double denom = br * ratio + bi;
        *rr = (ar * ratio + ai) / denom;
        *ri = (ai * ratio - ar) / denom;
    } else {
        *rr = *ri = NAN;
    }
}

static py_val cx_power(py_interp *I, double ar, double ai, double br, double bi)
{
    if (br == 0 && bi == 0) return py_complex_new(I, 1.0, 0.0);
    if (ar == 0 && ai == 0) {
        if (bi != 0 || br < 0) return py_err_str(I, PY_E_ZeroDivisionError, "zero to a negative or complex power");
        return py_complex_new(I, 0.0, 0.0);
    }
    if (bi == 0 && br == floor(br) && fabs(br) <= 100) {
        /* small integral exponents: repeated squaring (CPython's c_powi) */
        long n = (long)br;
        double xr = 1, xi = 0, pr = ar, pi = ai;
        long m = n < 0 ? -n : n;
        while (m) {
            if (m & 1) { double t = xr * pr - xi * pi; xi = xr * pi + xi * pr; xr = t; }
            double t = pr * pr - pi * pi;
            pi = 2 * pr * pi;
            pr = t;
            m >>= 1;
        }
        if (n < 0) {
            double rr, ri;
            cx_div(1, 0, xr, xi, &rr, &ri);
            xr = rr;
            xi = ri;
        }
        return py_complex_new(I, xr, xi);
    }
    double vabs = hypot(ar, ai);
    double len = pow(vabs, br);
    double at = atan2(ai, ar);
    double phase = at * br;
    if (bi != 0.0) {
        len /= exp(at * bi);
        phase += bi * log(vabs);
    }
    double rr = len * cos(phase), ri = len * sin(phase);
    if (!isfinite(rr) || !isfinite(ri)) return py_err_str(I, PY_E_OverflowError, "complex exponentiation");
    return py_complex_new(I, rr, ri);
}

py_val py_complex_pow_float(py_interp *I, double a, double b)
{
    return cx_power(I, a, 0, b, 0);
}

static py_val cx_binop(py_interp *I, py_val a, py_val b, int op)
{
    double ar, ai, br, bi;
    int ka = as_complex(I, a, &ar, &ai);
    if (ka < 0) return PY_NULL;
    int kb = as_complex(I, b, &br, &bi);
    if (kb < 0) return PY_NULL;
    if (!ka || !kb) return PY_NOTIMPL;
    switch (op) {
    case PY_NB_ADD: return py_complex_new(I, ar + br, ai + bi);
    case PY_NB_SUB: return py_complex_new(I, ar - br, ai - bi);
    case PY_NB_MUL: return py_complex_new(I, ar * br - ai * bi, ar * bi + ai * br);
    case PY_NB_TRUEDIV: {
        if (br == 0 && bi == 0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
        double rr, ri;
        cx_div(ar, ai, br, bi, &rr, &ri);
        return py_complex_new(I, rr, ri);
    }
    case PY_NB_POW: return cx_power(I, ar, ai, br, bi);
    default: return PY_NOTIMPL;
    }
}

#define CX_BINOP(nm, OP) static py_val cx_##nm(py_interp *I, py_val a, py_val b) { return cx_binop(I, a, b, OP); }
CX_BINOP(add, PY_NB_ADD)
CX_BINOP(sub, PY_NB_SUB)
CX_BINOP(mul, PY_NB_MUL)
CX_BINOP(truediv, PY_NB_TRUEDIV)
CX_BINOP(pow, PY_NB_POW)

/* One component as CPython's complex repr writes it: repr of the float
 * without a trailing ".0". */
static void put_part(sk_buf *b, double d, int with_sign)
{
    char tmp[64];
    py_float_repr_buf(d, tmp, sizeof tmp);
    size_t n = strlen(tmp);
    if (n > 2 && !strcmp(tmp + n - 2, ".0")) tmp[n - 2] = 0;
    if (with_sign && tmp[0] != '-') sk_buf_putc(b, '+');
    sk_buf_puts(b, tmp);
}

static py_val cx_repr(py_interp *I, py_val v)
{
    double re = CX(v)->re, im = CX(v)->im;
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (re == 0 && !signbit(re)) {
        put_part(&b, im, 0);
        sk_buf_putc(&b, 'j');
    } else {
        sk_buf_putc(&b, '(');
        put_part(&b, re, 0);
        put_part(&b, im, 1);
        sk_buf_puts(&b, "j)");
    }
    return py_str_from_buf(I, &b);
}

static int cx_hash(py_interp *I, py_val v, int64_t *out)
{
    (void)I;
    int64_t hr, hi;
    py_float_hash(CX(v)->re, &hr);
    py_float_hash(CX(v)->im, &hi);
    uint64_t h = (uint64_t)hr + 1000003ULL * (uint64_t)hi;
    int64_t r = (int64_t)h;
    *out = r == -1 ? -2 : r;
    return 0;
}

static py_val cx_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (op != PY_EQ && op != PY_NE) return PY_NOTIMPL;
    double ar, ai, br, bi;
    int ka = as_complex(I, a, &ar, &ai);
    if (ka < 0) return PY_NULL;
    int kb = as_complex(I, b, &br, &bi);
    if (kb < 0) return PY_NULL;
    if (!ka || !kb) return PY_NOTIMPL;
    /* an int compares exactly against the real part */
    if (py_is_intlike(b) && ai == 0 && !isinf(ar) && !isnan(ar)) {
        py_val f = py_float(ar);
        int eq = py_eq(I, f, b);
        if (eq < 0) return PY_NULL;
        return py_bool(op == PY_EQ ? eq : !eq);
    }
    int eq = ar == br && ai == bi;
    return py_bool(op == PY_EQ ? eq : !eq);
}

static py_val cx_neg(py_interp *I, py_val v) { return py_complex_new(I, -CX(v)->re, -CX(v)->im); }
static py_val cx_pos(py_interp *I, py_val v) { return py_complex_new(I, CX(v)->re, CX(v)->im); }
static int cx_truth(py_interp *I, py_val v) { (void)I; return CX(v)->re != 0 || CX(v)->im != 0; }

static py_val cx_abs(py_interp *I, py_val v)
{
    double re = CX(v)->re, im = CX(v)->im;
    double r = hypot(re, im);
    if (isinf(r) && isfinite(re) && isfinite(im)) return py_err_str(I, PY_E_OverflowError, "absolute value too large");
    return py_float(r);
}

static py_val cx_getattr(py_interp *I, py_val self, py_val name)
{
    if (py_str_eq_c(name, "real")) return py_float(CX(self)->re);
    if (py_str_eq_c(name, "imag")) return py_float(CX(self)->im);
    return py_generic_getattr(I, self, name);
}

static py_val cx_conjugate(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "complex.conjugate", nargs, kw)) return PY_NULL;
    return py_complex_new(I, CX(self)->re, -CX(self)->im);
}

static py_val cx_complex(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "complex.__complex__", nargs, kw)) return PY_NULL;
    return py_complex_new(I, CX(self)->re, CX(self)->im);
}

static py_val cx_getnewargs(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    return py_tuple_pack(I, 2, py_float(CX(self)->re), py_float(CX(self)->im));
}

static py_val cx_format(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "__format__", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_str(I, PY_E_TypeError, "argument must be str");
    if (!py_str_len(args[0])) return cx_repr(I, self);
    /* each component with the float spec; the imaginary part always signed */
    py_val re = py_format_spec(I, py_float(CX(self)->re), args[0]);
    if (!re) return PY_NULL;
    sk_buf sb = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&sb, "+");
    sk_buf_put(&sb, py_str_data(args[0]), py_str_len(args[0]));
    py_val spec2 = py_str_from_buf(I, &sb);
    py_val im = spec2 ? py_format_spec(I, py_float(CX(self)->im), spec2) : PY_NULL;
    py_xdecref(I, spec2);
    if (!im) { py_decref(I, re); return PY_NULL; }
    py_val r = py_str_fmt(I, "%s%sj", py_str_data(re), py_str_data(im));
    py_decref(I, re);
    py_decref(I, im);
    return r;
}

/* complex("1+2j"), complex(" (3-4.5j) ") */
static py_val cx_from_str(py_interp *I, py_val s)
{
    const char *p = py_str_data(s);
    size_t n = py_str_len(s);
    char buf[256];
    size_t i = 0, e = n;
    while (i < e && (p[i] == ' ' || (p[i] >= 9 && p[i] <= 13))) i++;
    while (e > i && (p[e - 1] == ' ' || (p[e - 1] >= 9 && p[e - 1] <= 13))) e--;
    if (e > i + 1 && p[i] == '(' && p[e - 1] == ')') {
        i++;
        e--;
        while (i < e && p[i] == ' ') i++;
        while (e > i && p[e - 1] == ' ') e--;
    }
    if (e - i >= sizeof buf || e == i) goto bad;
    size_t k = 0;
    for (size_t j = i; j < e; j++) if (p[j] != '_') buf[k++] = p[j];
    buf[k] = 0;
    {
        double re = 0, im = 0;
        char *end;
        const char *q = buf;
        if (!k) goto bad;
        int has_j = buf[k - 1] == 'j' || buf[k - 1] == 'J';
        if (!has_j) {
            re = strtod(q, &end);
            if (end == q || *end) goto bad;
            return py_complex_new(I, re, 0);
        }
        buf[--k] = 0;
        /* find the split between the real and imaginary parts */
        size_t split = 0;
        for (size_t j = 1; j < k; j++)
            if ((buf[j] == '+' || buf[j] == '-') && buf[j - 1] != 'e' && buf[j - 1] != 'E') split = j;
        if (split) {
            char save = buf[split];
            buf[split] = 0;
            re = strtod(buf, &end);
            if (end == buf || *end) goto bad;
            buf[split] = save;
            q = buf + split;
        }
        if (!strcmp(q, "+") || !*q) im = 1;
        else if (!strcmp(q, "-")) im = -1;
        else {
            im = strtod(q, &end);
            if (end == q || *end) goto bad;
        }
        return py_complex_new(I, re, im);
    }
bad:
    return py_err_str(I, PY_E_ValueError, "complex() arg is a malformed string");
}

static int to_parts(py_interp *I, py_val v, double *re, double *im, const char *which)
{
    if (is_complex(v)) { *re = CX(v)->re; *im = CX(v)->im; return 0; }
    *im = 0;
    py_type *t = py_typeof(I, v);
    if (!py_is_floatlike(v) && !py_is_intlike(v) && !t->s.to_float && !t->s.index) {
        py_val m = py_lookup_special(I, v, py_intern(I, "__complex__"));
        if (m) {
            py_val r = py_call0(I, m);
            py_decref(I, m);
            if (!r) return -1;
            if (!is_complex(r)) {
                py_err_fmt(I, PY_E_TypeError, "__complex__ returned non-complex (type %s)", py_type_name(I, r));
                py_decref(I, r);
                return -1;
            }
            *re = CX(r)->re;
            *im = CX(r)->im;
            py_decref(I, r);
            return 0;
        }
        if (py_err_occurred(I)) return -1;
        py_err_fmt(I, PY_E_TypeError, "complex() argument '%s' must be a real number, not %s", which, py_type_name(I, v));
        return -1;
    }
    return py_to_double(I, v, re);
}

static py_val cx_new_exact(py_interp *I, const py_val *args, size_t nargs, py_val kw);

static py_val cx_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    py_val r = cx_new_exact(I, args, nargs, kw);
    if (!r || t == PY_TYPE(I, PY_T_COMPLEX)) return r;
    py_complex *c = (py_complex *)py_obj_new(I, t, t->basicsize);
    if (!c) { py_decref(I, r); return PY_NULL; }
    c->re = CX(r)->re;
    c->im = CX(r)->im;
    py_decref(I, r);
    return PY_VAL(c);
}

static py_val cx_new_exact(py_interp *I, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "real", "imag", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "complex", args, nargs, kw, names, 0, a)) return PY_NULL;
    if (!a[0] && !a[1]) return py_complex_new(I, 0, 0);
    if (a[0] && py_is_str(a[0])) {
        if (a[1]) return py_err_str(I, PY_E_TypeError, "complex() can't take second arg if first is a string");
        return cx_from_str(I, a[0]);
    }
    if (a[1] && py_is_str(a[1])) return py_err_str(I, PY_E_TypeError, "complex() second arg can't be a string");
    double rr = 0, ri = 0, ir = 0, ii = 0;
    if (a[0] && to_parts(I, a[0], &rr, &ri, "real")) return PY_NULL;
    if (a[1] && to_parts(I, a[1], &ir, &ii, "imag")) return PY_NULL;
    /* (rr + ri j) + (ir + ii j) j, keeping the sign of a real imag argument */
    double re = rr, im = ir;
    if (a[1] && is_complex(a[1])) re -= ii;
    if (a[0] && is_complex(a[0])) im = a[1] ? im + ri : ri;
    return py_complex_new(I, re, im);
}

static const py_methoddef cx_methods[] = {
    { "conjugate", cx_conjugate, 0 }, { "__complex__", cx_complex, 0 }, { "__getnewargs__", cx_getnewargs, 0 },
    { "__format__", cx_format, 0 }, { NULL, NULL, 0 }
};

const py_typedef py_complex_typedef = {
    .name = "complex", .base = PY_T_OBJECT, .flags = PY_TF_COMPLEX_SUB | PY_TF_BASETYPE,
    .basicsize = sizeof(py_complex),
    .slots = { .dealloc = cx_dealloc, .repr = cx_repr, .hash = cx_hash, .richcmp = cx_richcmp, .getattr = cx_getattr,
               .neg = cx_neg, .pos = cx_pos, .abs = cx_abs, .truth = cx_truth, .new_ = cx_new_slot,
               .nb = { [PY_NB_ADD] = cx_add, [PY_NB_SUB] = cx_sub, [PY_NB_MUL] = cx_mul,
                       [PY_NB_TRUEDIV] = cx_truediv, [PY_NB_POW] = cx_pow } },
    .methods = cx_methods,
};
