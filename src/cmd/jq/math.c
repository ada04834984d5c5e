/* math.c — jq's libm builtins: one-, two- and three-argument functions
 * on numbers ("number required" otherwise). */
#include <math.h>

#include "eval.h"

static int need_num(jq_run *r, jv v)
{
    return v.kind == JV_NUMBER ? JQ_OK : jq_type_error(r, v, "number required");
}

#define MATH1(name, expr)                                                  \
    int jqn_##name##_0(jq_run *r, jv in, jv *args, jv *out)                  \
    {                                                                      \
        (void)args;                                                        \
        int st = need_num(r, in);                                          \
        if (st) { jqv_free(&r->h, in); return st; }                         \
        double x = jqv_num(in);                                             \
        jqv_free(&r->h, in);                                                \
        *out = jqv_number(expr);                                            \
        return JQ_OK;                                                      \
    }

#define MATH2(name, expr)                                                  \
    int jqn_##name##_2(jq_run *r, jv in, jv *args, jv *out)                  \
    {                                                                      \
        jqv_free(&r->h, in);                                                \
        int st = need_num(r, args[0]);                                     \
        if (!st) st = need_num(r, args[1]);                                \
        if (st) { jqv_free(&r->h, args[0]); jqv_free(&r->h, args[1]); return st; } \
        double x = jqv_num(args[0]), y = jqv_num(args[1]);                   \
        jqv_free(&r->h, args[0]);                                           \
        jqv_free(&r->h, args[1]);                                           \
        *out = jqv_number(expr);                                            \
        return JQ_OK;                                                      \
    }

MATH1(floor, floor(x))
MATH1(ceil, ceil(x))
MATH1(round, round(x))
MATH1(sqrt, sqrt(x))
MATH1(fabs, fabs(x))
MATH1(trunc, trunc(x))
MATH1(rint, rint(x))
MATH1(nearbyint, nearbyint(x))
MATH1(exp, exp(x))
MATH1(exp2, exp2(x))
MATH1(exp10, pow(10.0, x))
MATH1(pow10, pow(10.0, x))
MATH1(expm1, expm1(x))
MATH1(log, log(x))
MATH1(log2, log2(x))
MATH1(log10, log10(x))
MATH1(log1p, log1p(x))
MATH1(logb, logb(x))
MATH1(sin, sin(x))
MATH1(cos, cos(x))
MATH1(tan, tan(x))
MATH1(asin, asin(x))
MATH1(acos, acos(x))
MATH1(atan, atan(x))
MATH1(sinh, sinh(x))
MATH1(cosh, cosh(x))
MATH1(tanh, tanh(x))
MATH1(asinh, asinh(x))
MATH1(acosh, acosh(x))
MATH1(atanh, atanh(x))
MATH1(cbrt, cbrt(x))
MATH1(gamma, lgamma(x))
MATH1(lgamma, lgamma(x))
MATH1(tgamma, tgamma(x))
MATH1(j0, j0(x))
MATH1(j1, j1(x))
MATH1(y0, y0(x))
MATH1(y1, y1(x))
MATH1(significand, x == 0 || isinf(x) || isnan(x) ? x : ldexp(frexp(x, &(int){ 0 }), 1))

MATH2(pow, pow(x, y))
MATH2(atan2, atan2(x, y))
MATH2(fmod, fmod(x, y))
MATH2(hypot, hypot(x, y))
MATH2(fmin, fmin(x, y))
MATH2(fmax, fmax(x, y))
MATH2(fdim, fdim(x, y))
MATH2(copysign, copysign(x, y))
MATH2(drem, remainder(x, y))
MATH2(nextafter, nextafter(x, y))
MATH2(nexttoward, nexttoward(x, (long double)y))
MATH2(ldexp, ldexp(x, (int)y))
MATH2(scalb, x * pow(2.0, y))
MATH2(scalbln, scalbln(x, (long)y))

int jqn_lgamma_r_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    int st = need_num(r, in);
    if (st) { jqv_free(&r->h, in); return st; }
    double x = jqv_num(in);
    jqv_free(&r->h, in);
    int sign = 1;
    double g = lgamma_r(x, &sign);
    jv a = jqv_array(&r->h);
    a = jqv_array_append(&r->h, a, jqv_number(g));
    a = jqv_array_append(&r->h, a, jqv_number(sign));
    *out = a;
    return jq_check_heap(r);
}

int jqn_frexp_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    int st = need_num(r, in);
    if (st) { jqv_free(&r->h, in); return st; }
    double x = jqv_num(in);
    jqv_free(&r->h, in);
    int e = 0;
    double m = frexp(x, &e);
    jv a = jqv_array(&r->h);
    a = jqv_array_append(&r->h, a, jqv_number(m));
    a = jqv_array_append(&r->h, a, jqv_number(e));
    *out = a;
    return jq_check_heap(r);
}

int jqn_modf_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    int st = need_num(r, in);
    if (st) { jqv_free(&r->h, in); return st; }
    double x = jqv_num(in);
    jqv_free(&r->h, in);
    double ip;
    double fp = modf(x, &ip);
    jv a = jqv_array(&r->h);
    a = jqv_array_append(&r->h, a, jqv_number(fp));
    a = jqv_array_append(&r->h, a, jqv_number(ip));
    *out = a;
    return jq_check_heap(r);
}

int jqn_fma_3(jq_run *r, jv in, jv *args, jv *out)
{
    jqv_free(&r->h, in);
    int st = JQ_OK;
    for (int i = 0; i < 3 && !st; i++) st = need_num(r, args[i]);
    if (!st) *out = jqv_number(fma(jqv_num(args[0]), jqv_num(args[1]), jqv_num(args[2])));
    for (int i = 0; i < 3; i++) jqv_free(&r->h, args[i]);
    return st;
}
