/* mathlib.c — bc -l: s(x) c(x) a(x) l(x) e(x) j(n,x).
 *
 * POSIX fixes what the functions compute, not the digits a truncating
 * calculator prints; GNU bc's digits come from the particular series and
 * working scales of its library.  We compute the same way in C: e(x) sums
 * the exponential series at scale+6+.44x after halving x below 1 and
 * squares back; l(x) takes square roots into (.5, 2) and sums the atanh
 * series at scale+6; a(x) reduces by atan(.2) steps and sums at scale+3
 * (with the known values of atan(1) and atan(.2) up to 60 digits); s(x)
 * reduces modulo pi/2 and sums at scale+2; c(x) is s(x + pi/2) at
 * 1.2*scale; j(n,x) sums the Bessel series at 1.5*scale. */
#include <string.h>

#include "bc.h"

typedef struct mctx {
    bcm *m;
    int64_t scale;        /* the working scale (bc's `scale` inside the function) */
    int err;
} mctx;

/* Replace *dst with v (taking its reference); 0, or -1 when v is NULL. */
static int set(mctx *c, bcn **dst, bcn *v)
{
    if (!v) { c->err = 1; return -1; }
    bcn_unref(c->m, *dst);
    *dst = v;
    return 0;
}

static bcn *num(mctx *c, const char *s) { return bcn_from_text(c->m, s, strlen(s), 10); }
static bcn *lnum(mctx *c, int64_t v) { return bcn_from_long(c->m, v); }
static bcn *add(mctx *c, const bcn *a, const bcn *b) { return bcn_add(c->m, a, b, 0); }
static bcn *sub(mctx *c, const bcn *a, const bcn *b) { return bcn_sub(c->m, a, b, 0); }
static bcn *mul(mctx *c, const bcn *a, const bcn *b) { return bcn_mul(c->m, a, b, c->scale); }
static bcn *dv(mctx *c, const bcn *a, const bcn *b)
{
    int dz;
    return bcn_div(c->m, a, b, c->scale, &dz);
}
static int64_t to_int(const bcn *n)
{
    int of;
    int64_t v = bcn_to_long(n, &of);
    return of ? (n->neg ? INT64_MIN : INT64_MAX) : v;
}
static int is_zero(const bcn *n) { return bcn_is_zero(n); }

static int set_scale_from(mctx *c, const bcn *n)
{
    int64_t s = to_int(n);
    if (s < 0) s = 0;
    if (s > BCN_MAX_DIGITS) { c->err = 1; return -1; }
    c->scale = s;
    return 0;
}

/* ---- a(x) ---- */

static bcn *m_atan(mctx *c, const bcn *x0);

static bcn *m_atan(mctx *c, const bcn *x0)
{
    bcm *m = c->m;
    bcn *x = bcn_ref((bcn *)x0), *a = NULL, *e = NULL, *f = lnum(c, 0), *i = NULL, *n = NULL, *s = NULL,
        *v = NULL, *mm = lnum(c, 1), *t = NULL, *t2 = NULL, *r = NULL, *p2 = num(c, ".2"), *one = lnum(c, 1);
    int64_t z;
    if (!f || !mm || !p2 || !one) { c->err = 1; goto out; }
    if (x->neg) {
        if (set(c, &mm, lnum(c, -1)) || set(c, &x, bcn_neg(m, x))) goto out;
    }
    if (bcn_cmp(x, one) == 0 || bcn_cmp(x, p2) == 0) {
        static const char *const one_vals[] = { ".7853981633974483096156608", ".7853981633974483096156608458198757210492",
                                                ".785398163397448309615660845819875721049292349843776455243736" };
        static const char *const p2_vals[] = { ".1973955598498807583700497", ".1973955598498807583700497651947902934475",
                                               ".197395559849880758370049765194790293447585103787852101517688" };
        int k = c->scale <= 25 ? 0 : c->scale <= 40 ? 1 : c->scale <= 60 ? 2 : -1;
        if (k >= 0) {
            bcn *val = num(c, bcn_cmp(x, one) == 0 ? one_vals[k] : p2_vals[k]);
            if (!val) { c->err = 1; goto out; }
            r = dv(c, val, mm);
            bcn_unref(m, val);
            if (!r) c->err = 1;
            goto out;
        }
    }
    z = c->scale;
    if (bcn_cmp(x, p2) > 0) {
        c->scale = z + 5;
        a = m_atan(c, p2);
        if (!a) goto out;
    } else {
        a = lnum(c, 0);
    }
    c->scale = z + 3;
    while (bcn_cmp(x, p2) > 0) {
        if (set(c, &f, add(c, f, one))) goto out;
        /* x = (x - .2) / (1 + x * .2) */
        if (set(c, &t, sub(c, x, p2)) || set(c, &t2, mul(c, x, p2)) || set(c, &t2, add(c, one, t2)) ||
            set(c, &x, dv(c, t, t2)))
            goto out;
    }
    if (set(c, &v, bcn_ref(x)) || set(c, &n, bcn_ref(x)) || set(c, &s, mul(c, x, x)) || set(c, &s, bcn_neg(m, s)))
        goto out;
    for (int64_t k = 3;; k += 2) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        if (set(c, &n, mul(c, n, s)) || set(c, &i, lnum(c, k)) || set(c, &e, dv(c, n, i))) goto out;
        if (is_zero(e)) {
            c->scale = z;
            if (set(c, &t, mul(c, f, a)) || set(c, &t, add(c, t, v))) goto out;
            r = dv(c, t, mm);
            if (!r) c->err = 1;
            goto out;
        }
        if (set(c, &v, add(c, v, e))) goto out;
    }
out:;
    bcn *all[] = { x, a, e, f, i, n, s, v, mm, t, t2, p2, one };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) bcn_unref(m, all[k]);
    return c->err ? (bcn_unref(m, r), NULL) : r;
}

/* ---- s(x) ---- */

static bcn *m_sin(mctx *c, const bcn *x0)
{
    bcm *m = c->m;
    bcn *x = bcn_ref((bcn *)x0), *e = NULL, *i = NULL, *n = NULL, *s = NULL, *v = NULL, *t = NULL, *r = NULL,
        *k11 = num(c, "1.1"), *two = lnum(c, 2), *four = lnum(c, 4), *one = lnum(c, 1), *zs = NULL;
    int neg = 0;
    int64_t z = c->scale;
    if (!k11 || !two || !four || !one) { c->err = 1; goto out; }
    /* scale = 1.1 * scale + 2 */
    if (set(c, &zs, lnum(c, z)) || set(c, &t, mul(c, k11, zs)) || set(c, &t, add(c, t, two)) || set_scale_from(c, t))
        goto out;
    if (!(v = m_atan(c, one))) goto out;
    if (x->neg) {
        neg = 1;
        if (set(c, &x, bcn_neg(m, x))) goto out;
    }
    c->scale = 0;
    /* n = (x / v + 2) / 4; x = x - 4 * n * v; odd n flips the sign */
    if (set(c, &n, dv(c, x, v)) || set(c, &n, add(c, n, two)) || set(c, &n, dv(c, n, four)) ||
        set(c, &t, mul(c, four, n)) || set(c, &t, mul(c, t, v)) || set(c, &x, sub(c, x, t)))
        goto out;
    {
        int dz;
        bcn *odd = bcn_mod(m, n, two, 0, &dz);
        if (!odd) { c->err = 1; goto out; }
        int is_odd = !is_zero(odd);
        bcn_unref(m, odd);
        if (is_odd && set(c, &x, bcn_neg(m, x))) goto out;
    }
    c->scale = z + 2;
    if (set(c, &v, bcn_ref(x)) || set(c, &e, bcn_ref(x)) || set(c, &s, mul(c, x, x)) || set(c, &s, bcn_neg(m, s)))
        goto out;
    for (int64_t k = 3;; k += 2) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        /* e *= s / (i * (i - 1)) */
        if (set(c, &i, lnum(c, k * (k - 1))) || set(c, &t, dv(c, s, i)) || set(c, &e, mul(c, e, t))) goto out;
        if (is_zero(e)) {
            c->scale = z;
            if (neg && set(c, &v, bcn_neg(m, v))) goto out;
            r = dv(c, v, one);
            if (!r) c->err = 1;
            goto out;
        }
        if (set(c, &v, add(c, v, e))) goto out;
    }
out:;
    bcn *all[] = { x, e, i, n, s, v, t, k11, two, four, one, zs };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) bcn_unref(m, all[k]);
    return c->err ? (bcn_unref(m, r), NULL) : r;
}

/* ---- c(x) ---- */

static bcn *m_cos(mctx *c, const bcn *x)
{
    bcm *m = c->m;
    int64_t z = c->scale;
    bcn *k12 = num(c, "1.2"), *zs = lnum(c, z), *t = NULL, *one = lnum(c, 1), *two = lnum(c, 2), *v = NULL, *r = NULL;
    if (!k12 || !zs || !one || !two) { c->err = 1; goto out; }
    if (set(c, &t, mul(c, zs, k12)) || set_scale_from(c, t)) goto out;
    if (!(v = m_atan(c, one))) goto out;
    if (set(c, &v, mul(c, v, two)) || set(c, &v, add(c, x, v))) goto out;
    if (set(c, &v, m_sin(c, v))) goto out;
    c->scale = z;
    r = dv(c, v, one);
    if (!r) c->err = 1;
out:;
    bcn *all[] = { k12, zs, t, one, two, v };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) bcn_unref(m, all[k]);
    return c->err ? (bcn_unref(m, r), NULL) : r;
}

/* ---- e(x) ---- */

static bcn *m_exp(mctx *c, const bcn *x0)
{
    bcm *m = c->m;
    bcn *x = bcn_ref((bcn *)x0), *a = NULL, *d = NULL, *e = NULL, *i = NULL, *n = NULL, *v = NULL, *t = NULL,
        *r = NULL, *k44 = num(c, ".44"), *six = lnum(c, 6), *one = lnum(c, 1), *two = lnum(c, 2), *zs = NULL;
    int neg = 0;
    int64_t f = 0, z = c->scale;
    if (!k44 || !six || !one || !two) { c->err = 1; goto out; }
    if (x->neg) {
        neg = 1;
        if (set(c, &x, bcn_neg(m, x))) goto out;
    }
    /* n = 6 + z + .44 * x */
    if (set(c, &zs, lnum(c, z)) || set(c, &t, mul(c, k44, x)) || set(c, &n, add(c, six, zs)) ||
        set(c, &n, add(c, n, t)))
        goto out;
    c->scale = x->scale + 1;
    while (bcn_cmp(x, one) > 0) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        f++;
        if (set(c, &x, dv(c, x, two))) goto out;
        c->scale++;
    }
    if (set_scale_from(c, n)) goto out;
    if (set(c, &v, add(c, one, x)) || set(c, &a, bcn_ref(x)) || set(c, &d, bcn_ref(one))) goto out;
    for (int64_t k = 2;; k++) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        if (set(c, &a, mul(c, a, x)) || set(c, &i, lnum(c, k)) || set(c, &d, mul(c, d, i)) ||
            set(c, &e, dv(c, a, d)))
            goto out;
        if (is_zero(e)) {
            while (f-- > 0)
                if (set(c, &v, mul(c, v, v))) goto out;
            c->scale = z;
            r = neg ? dv(c, one, v) : dv(c, v, one);
            if (!r) c->err = 1;
            goto out;
        }
        if (set(c, &v, add(c, v, e))) goto out;
    }
out:;
    bcn *all[] = { x, a, d, e, i, n, v, t, k44, six, one, two, zs };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) bcn_unref(m, all[k]);
    return c->err ? (bcn_unref(m, r), NULL) : r;
}

/* ---- l(x) ---- */

static bcn *m_log(mctx *c, const bcn *x0)
{
    bcm *m = c->m;
    bcn *x = bcn_ref((bcn *)x0), *e = NULL, *f = lnum(c, 2), *i = NULL, *n = NULL, *mm = NULL, *v = NULL,
        *t = NULL, *r = NULL, *one = lnum(c, 1), *two = lnum(c, 2), *half = num(c, ".5");
    int64_t z = c->scale;
    if (!f || !one || !two || !half) { c->err = 1; goto out; }
    if (bcn_cmp(x, m->zero) <= 0) {
        /* (1 - 10^scale) / 1 */
        int dz;
        bcn *ten = lnum(c, 10);
        if (!ten) { c->err = 1; goto out; }
        t = bcn_raise(m, ten, z, z, &dz);
        bcn_unref(m, ten);
        if (!t || set(c, &t, sub(c, one, t))) { c->err = 1; goto out; }
        r = dv(c, t, one);
        if (!r) c->err = 1;
        goto out;
    }
    c->scale = z + 6;
    int negative;
    while (bcn_cmp(x, two) >= 0) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        if (set(c, &f, mul(c, f, two)) || set(c, &x, bcn_sqrt(m, x, c->scale, &negative))) goto out;
    }
    while (bcn_cmp(x, half) <= 0) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        if (set(c, &f, mul(c, f, two)) || set(c, &x, bcn_sqrt(m, x, c->scale, &negative))) goto out;
    }
    /* v = n = (x - 1) / (x + 1); m = n * n */
    if (set(c, &t, sub(c, x, one)) || set(c, &e, add(c, x, one)) || set(c, &n, dv(c, t, e)) ||
        set(c, &v, bcn_ref(n)) || set(c, &mm, mul(c, n, n)))
        goto out;
    for (int64_t k = 3;; k += 2) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        if (set(c, &n, mul(c, n, mm)) || set(c, &i, lnum(c, k)) || set(c, &e, dv(c, n, i))) goto out;
        if (is_zero(e)) {
            if (set(c, &v, mul(c, f, v))) goto out;
            c->scale = z;
            r = dv(c, v, one);
            if (!r) c->err = 1;
            goto out;
        }
        if (set(c, &v, add(c, v, e))) goto out;
    }
out:;
    bcn *all[] = { x, e, f, i, n, mm, v, t, one, two, half };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) bcn_unref(m, all[k]);
    return c->err ? (bcn_unref(m, r), NULL) : r;
}

/* ---- j(n, x) ---- */

static bcn *m_bessel(mctx *c, const bcn *n0, const bcn *x)
{
    bcm *m = c->m;
    bcn *n = NULL, *a = NULL, *e = NULL, *f = NULL, *i = NULL, *s = NULL, *v = NULL, *t = NULL, *r = NULL,
        *one = lnum(c, 1), *two = lnum(c, 2), *four = lnum(c, 4), *k15 = num(c, "1.5"), *zs = NULL;
    int neg = 0;
    int64_t z = c->scale;
    if (!one || !two || !four || !k15) { c->err = 1; goto out; }
    c->scale = 0;
    if (set(c, &n, dv(c, n0, one))) goto out;
    if (n->neg) {
        if (set(c, &n, bcn_neg(m, n))) goto out;
        int dz;
        bcn *odd = bcn_mod(m, n, two, 0, &dz);
        if (!odd) { c->err = 1; goto out; }
        neg = !is_zero(odd);
        bcn_unref(m, odd);
    }
    int64_t nn = to_int(n);
    if (nn > 1000000) { c->err = 1; goto out; }
    /* f = x^n / 2^n / n! at scale 1.5 * z */
    if (set(c, &f, bcn_ref(one))) goto out;
    for (int64_t k = 2; k <= nn; k++)
        if (set(c, &i, lnum(c, k)) || set(c, &f, mul(c, f, i))) goto out;
    if (set(c, &zs, lnum(c, z)) || set(c, &t, mul(c, k15, zs)) || set_scale_from(c, t)) goto out;
    {
        int dz;
        if (set(c, &a, bcn_raise(m, x, nn, c->scale, &dz)) || set(c, &t, bcn_raise(m, two, nn, c->scale, &dz)) ||
            set(c, &a, dv(c, a, t)) || set(c, &f, dv(c, a, f)))
            goto out;
    }
    /* v = e = 1; s = -x*x/4; scale = 1.5*z + length(f) - scale(f) */
    if (set(c, &v, bcn_ref(one)) || set(c, &e, bcn_ref(one)) || set(c, &s, mul(c, x, x)) ||
        set(c, &s, bcn_neg(m, s)) || set(c, &s, dv(c, s, four)))
        goto out;
    if (set(c, &t, mul(c, k15, zs)) || set_scale_from(c, t)) goto out;
    c->scale += bcn_length(f) - f->scale;
    if (c->scale < 0) c->scale = 0;
    for (int64_t k = 1;; k++) {
        if (m->stop && m->stop(m->stop_ud)) { c->err = 1; goto out; }
        /* e = e * s / i / (n + i) */
        if (set(c, &i, lnum(c, k)) || set(c, &e, mul(c, e, s)) || set(c, &e, dv(c, e, i)) ||
            set(c, &t, lnum(c, nn + k)) || set(c, &e, dv(c, e, t)))
            goto out;
        if (is_zero(e)) {
            c->scale = z;
            if (set(c, &t, mul(c, f, v))) goto out;
            if (neg && set(c, &t, bcn_neg(m, t))) goto out;
            r = dv(c, t, one);
            if (!r) c->err = 1;
            goto out;
        }
        if (set(c, &v, add(c, v, e))) goto out;
    }
out:;
    bcn *all[] = { n, a, e, f, i, s, v, t, one, two, four, k15, zs };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) bcn_unref(m, all[k]);
    return c->err ? (bcn_unref(m, r), NULL) : r;
}

bcn *bc_math(bc *b, int which, bcn *const *args, int64_t scale, int *err)
{
    mctx c = { &b->m, scale, 0 };
    bcn *r = NULL;
    switch (which) {
    case 's': r = m_sin(&c, args[0]); break;
    case 'c': r = m_cos(&c, args[0]); break;
    case 'a': r = m_atan(&c, args[0]); break;
    case 'l': r = m_log(&c, args[0]); break;
    case 'e': r = m_exp(&c, args[0]); break;
    case 'j': r = m_bessel(&c, args[0], args[1]); break;
    }
    if (!r && !b->m.stopped && !cmd_aborted(b->c)) {
        bc_rt_error(b, "math library: out of memory or result too large");
        *err = 1;
    }
    return r;
}
