/* num.c — see num.h.  The scale rules and the square-root iteration
 * follow POSIX bc and GNU bc's documented behaviour; the arithmetic is
 * ours: digit arrays for addition, base-10000 limbs (schoolbook product,
 * Knuth's algorithm D) for multiplication and division. */
#include "num.h"

#include <string.h>

#define LIMB 10000u

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int stopping(bcm *m)
{
    if (m->stopped) return 1;
    if (m->stop && m->stop(m->stop_ud)) m->stopped = 1;
    return m->stopped;
}

bcn *bcn_new(bcm *m, int64_t len, int64_t scale)
{
    if (len < 1) len = 1;
    if (scale < 0) scale = 0;
    if (len + scale > BCN_MAX_DIGITS) return NULL;
    bcn *n = sk_malloc(m->a, sizeof *n + (size_t)(len + scale));
    if (!n) return NULL;
    n->refs = 1;
    n->neg = 0;
    n->len = len;
    n->scale = scale;
    memset(n->d, 0, (size_t)(len + scale));
    return n;
}

void bcn_unref(bcm *m, bcn *n)
{
    if (n && --n->refs == 0) sk_free(m->a, n);
}

int bcm_init(bcm *m, sk_alloc *a, int (*stop)(void *), void *ud)
{
    memset(m, 0, sizeof *m);
    m->a = a;
    m->stop = stop;
    m->stop_ud = ud;
    m->zero = bcn_new(m, 1, 0);
    m->one = bcn_new(m, 1, 0);
    if (!m->zero || !m->one) { bcm_free(m); return -1; }
    m->one->d[0] = 1;
    return 0;
}

void bcm_free(bcm *m)
{
    bcn_unref(m, m->zero);
    bcn_unref(m, m->one);
    m->zero = m->one = NULL;
}

/* Drop leading zeros of the integer part (keeping one); zero is positive. */
static bcn *trim(bcn *n)
{
    int64_t z = 0;
    while (z < n->len - 1 && n->d[z] == 0) z++;
    if (z) {
        memmove(n->d, n->d + z, (size_t)(n->len - z + n->scale));
        n->len -= z;
    }
    if (n->neg && bcn_is_zero(n)) n->neg = 0;
    return n;
}

int bcn_is_zero(const bcn *n)
{
    for (int64_t i = 0; i < n->len + n->scale; i++)
        if (n->d[i]) return 0;
    return 1;
}

static int cmp_abs(const bcn *a, const bcn *b)
{
    /* numbers are trimmed, but a zero-valued integer part may be "0" */
    int64_t la = a->len, lb = b->len;
    const unsigned char *pa = a->d, *pb = b->d;
    while (la > 1 && *pa == 0) { pa++; la--; }
    while (lb > 1 && *pb == 0) { pb++; lb--; }
    if (la != lb) {
        /* a single 0 digit against a longer number */
        if (la == 1 && *pa == 0 && lb > 1) return -1;
        if (lb == 1 && *pb == 0 && la > 1) return 1;
        return la > lb ? 1 : -1;
    }
    for (int64_t i = 0; i < la; i++)
        if (pa[i] != pb[i]) return pa[i] > pb[i] ? 1 : -1;
    int64_t s = max64(a->scale, b->scale);
    for (int64_t i = 0; i < s; i++) {
        int da = i < a->scale ? pa[la + i] : 0, db = i < b->scale ? pb[lb + i] : 0;
        if (da != db) return da > db ? 1 : -1;
    }
    return 0;
}

int bcn_cmp(const bcn *a, const bcn *b)
{
    int za = bcn_is_zero(a), zb = bcn_is_zero(b);
    int sa = za ? 0 : a->neg ? -1 : 1, sb = zb ? 0 : b->neg ? -1 : 1;
    if (sa != sb) return sa > sb ? 1 : -1;
    if (!sa) return 0;
    int c = cmp_abs(a, b);
    return sa < 0 ? -c : c;
}

bcn *bcn_from_long(bcm *m, int64_t v)
{
    char buf[24];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    do { buf[n++] = (char)(u % 10); u /= 10; } while (u);
    bcn *r = bcn_new(m, n, 0);
    if (!r) return NULL;
    for (int i = 0; i < n; i++) r->d[i] = (unsigned char)buf[n - 1 - i];
    r->neg = v < 0;
    return r;
}

int64_t bcn_to_long(const bcn *n, int *overflow)
{
    int64_t v = 0;
    *overflow = 0;
    for (int64_t i = 0; i < n->len; i++) {
        if (v > (INT64_MAX - 9) / 10) { *overflow = 1; return 0; }
        v = v * 10 + n->d[i];
    }
    return n->neg ? -v : v;
}

bcn *bcn_rescale(bcm *m, const bcn *n, int64_t scale)
{
    bcn *r = bcn_new(m, n->len, scale);
    if (!r) return NULL;
    memcpy(r->d, n->d, (size_t)(n->len + min64(n->scale, scale)));
    r->neg = n->neg;
    return trim(r);
}

bcn *bcn_neg(bcm *m, const bcn *n)
{
    bcn *r = bcn_rescale(m, n, n->scale);
    if (!r) return NULL;
    if (!bcn_is_zero(r)) r->neg = !n->neg;
    return r;
}

/* |a| + |b| with the result's scale rs. */
static bcn *add_abs(bcm *m, const bcn *a, const bcn *b, int64_t rs)
{
    int64_t rl = max64(a->len, b->len) + 1;
    bcn *r = bcn_new(m, rl, rs);
    if (!r) return NULL;
    int64_t oa = rl - a->len, ob = rl - b->len, na = a->len + a->scale, nb = b->len + b->scale;
    int carry = 0;
    for (int64_t ri = rl + rs - 1; ri >= 0; ri--) {
        int64_t ia = ri - oa, ib = ri - ob;
        int s = carry;
        if (ia >= 0 && ia < na) s += a->d[ia];
        if (ib >= 0 && ib < nb) s += b->d[ib];
        carry = s >= 10;
        r->d[ri] = (unsigned char)(carry ? s - 10 : s);
    }
    return trim(r);
}

/* |a| - |b| for |a| >= |b|. */
static bcn *sub_abs(bcm *m, const bcn *a, const bcn *b, int64_t rs)
{
    int64_t rl = max64(a->len, b->len);
    bcn *r = bcn_new(m, rl, rs);
    if (!r) return NULL;
    int64_t oa = rl - a->len, ob = rl - b->len, na = a->len + a->scale, nb = b->len + b->scale;
    int borrow = 0;
    for (int64_t ri = rl + rs - 1; ri >= 0; ri--) {
        int64_t ia = ri - oa, ib = ri - ob;
        int s = -borrow;
        if (ia >= 0 && ia < na) s += a->d[ia];
        if (ib >= 0 && ib < nb) s -= b->d[ib];
        borrow = s < 0;
        r->d[ri] = (unsigned char)(borrow ? s + 10 : s);
    }
    return trim(r);
}

static bcn *add_signed(bcm *m, const bcn *a, const bcn *b, int bneg, int64_t scale_min)
{
    int64_t rs = max64(max64(a->scale, b->scale), scale_min);
    bcn *r;
    if (a->neg == bneg) {
        r = add_abs(m, a, b, rs);
        if (r && !bcn_is_zero(r)) r->neg = a->neg;
        return r;
    }
    int c = cmp_abs(a, b);
    if (c == 0) return bcn_new(m, 1, rs);
    if (c > 0) {
        r = sub_abs(m, a, b, rs);
        if (r && !bcn_is_zero(r)) r->neg = a->neg;
    } else {
        r = sub_abs(m, b, a, rs);
        if (r && !bcn_is_zero(r)) r->neg = bneg;
    }
    return r;
}

bcn *bcn_add(bcm *m, const bcn *a, const bcn *b, int64_t scale_min) { return add_signed(m, a, b, b->neg, scale_min); }
bcn *bcn_sub(bcm *m, const bcn *a, const bcn *b, int64_t scale_min) { return add_signed(m, a, b, !b->neg, scale_min); }

/* ---- limbs -------------------------------------------------------------- */

/* Big-endian digits → little-endian base-10000 limbs; returns the count. */
static size_t to_limbs(const unsigned char *d, int64_t n, uint32_t *out)
{
    size_t k = 0;
    for (int64_t i = n; i > 0; i -= 4) {
        uint32_t v = 0;
        for (int64_t j = i - 4 < 0 ? 0 : i - 4; j < i; j++) v = v * 10 + d[j];
        out[k++] = v;
    }
    while (k > 1 && out[k - 1] == 0) k--;
    return k;
}

/* Limbs → the last `n` big-endian digits of the value (zero padded). */
static void from_limbs(const uint32_t *l, size_t nl, unsigned char *d, int64_t n)
{
    int64_t pos = n - 1;
    for (size_t i = 0; i < nl && pos >= 0; i++) {
        uint32_t v = l[i];
        for (int j = 0; j < 4 && pos >= 0; j++) {
            d[pos--] = (unsigned char)(v % 10);
            v /= 10;
        }
    }
    while (pos >= 0) d[pos--] = 0;
}

static size_t limbs_for(int64_t digits) { return (size_t)(digits + 3) / 4 + 1; }

bcn *bcn_mul(bcm *m, const bcn *a, const bcn *b, int64_t scale)
{
    int64_t full = a->scale + b->scale;
    int64_t ps = min64(full, max64(scale, max64(a->scale, b->scale)));
    int64_t na = a->len + a->scale, nb = b->len + b->scale;
    size_t cap_a = limbs_for(na), cap_b = limbs_for(nb);
    uint32_t *la = sk_malloc(m->a, (cap_a + cap_b) * sizeof *la);
    if (!la) return NULL;
    uint32_t *lb = la + cap_a;
    size_t ka = to_limbs(a->d, na, la), kb = to_limbs(b->d, nb, lb);
    size_t kr = ka + kb;
    uint64_t *acc = sk_malloc(m->a, kr * sizeof *acc);
    uint32_t *lr = acc ? sk_malloc(m->a, kr * sizeof *lr) : NULL;
    if (!acc || !lr) { sk_free(m->a, la); sk_free(m->a, acc); return NULL; }
    memset(acc, 0, kr * sizeof *acc);
    for (size_t i = 0; i < ka; i++) {
        if ((i & 63) == 63 && stopping(m)) { sk_free(m->a, la); sk_free(m->a, acc); sk_free(m->a, lr); return NULL; }
        uint64_t x = la[i];
        if (!x) continue;
        for (size_t j = 0; j < kb; j++) acc[i + j] += x * lb[j];
        /* keep the accumulators far from overflow */
        if ((i & 1023) == 1023) {
            uint64_t carry = 0;
            for (size_t k = 0; k < kr; k++) {
                uint64_t v = acc[k] + carry;
                acc[k] = v % LIMB;
                carry = v / LIMB;
            }
        }
    }
    uint64_t carry = 0;
    for (size_t k = 0; k < kr; k++) {
        uint64_t v = acc[k] + carry;
        lr[k] = (uint32_t)(v % LIMB);
        carry = v / LIMB;
    }
    /* the product has na+nb digits with scale `full` */
    int64_t rl = a->len + b->len;
    bcn *r = bcn_new(m, rl, full);
    if (r) {
        from_limbs(lr, kr, r->d, rl + full);
        r->len = rl;
        r->scale = ps; /* truncation: the extra digits are simply ignored */
        r->neg = a->neg != b->neg;
        trim(r);
    }
    sk_free(m->a, la);
    sk_free(m->a, acc);
    sk_free(m->a, lr);
    return r;
}

/* q = u / v for little-endian limb numbers (v has no leading zero limb).
 * q must hold nu - nv + 1 limbs.  Returns -1 when stopped or out of memory. */
static int limb_divide(bcm *m, const uint32_t *u, size_t nu, const uint32_t *v, size_t nv, uint32_t *q)
{
    if (nu < nv) { q[0] = 0; return 0; }
    size_t nq = nu - nv + 1;
    if (nv == 1) {
        uint64_t rem = 0, d = v[0];
        for (size_t i = nu; i-- > 0;) {
            uint64_t cur = rem * LIMB + u[i];
            q[i] = (uint32_t)(cur / d);
            rem = cur % d;
        }
        return 0;
    }
    uint32_t *un = sk_malloc(m->a, (nu + 1 + nv) * sizeof *un);
    if (!un) return -1;
    uint32_t *vn = un + nu + 1;
    uint32_t f = LIMB / (v[nv - 1] + 1);
    uint64_t c = 0;
    for (size_t i = 0; i < nv; i++) {
        uint64_t t = (uint64_t)v[i] * f + c;
        vn[i] = (uint32_t)(t % LIMB);
        c = t / LIMB;
    }
    c = 0;
    for (size_t i = 0; i < nu; i++) {
        uint64_t t = (uint64_t)u[i] * f + c;
        un[i] = (uint32_t)(t % LIMB);
        c = t / LIMB;
    }
    un[nu] = (uint32_t)c;
    for (size_t jj = nq; jj-- > 0;) {
        if ((jj & 63) == 0 && stopping(m)) { sk_free(m->a, un); return -1; }
        uint64_t num = (uint64_t)un[jj + nv] * LIMB + un[jj + nv - 1];
        uint64_t qhat = num / vn[nv - 1], rhat = num % vn[nv - 1];
        while (qhat >= LIMB || qhat * vn[nv - 2] > rhat * LIMB + un[jj + nv - 2]) {
            qhat--;
            rhat += vn[nv - 1];
            if (rhat >= LIMB) break;
        }
        int64_t borrow = 0;
        uint64_t carry = 0;
        for (size_t i = 0; i < nv; i++) {
            uint64_t p = qhat * vn[i] + carry;
            carry = p / LIMB;
            int64_t t = (int64_t)un[i + jj] - (int64_t)(p % LIMB) - borrow;
            borrow = t < 0;
            un[i + jj] = (uint32_t)(t < 0 ? t + LIMB : t);
        }
        int64_t t = (int64_t)un[jj + nv] - (int64_t)carry - borrow;
        if (t < 0) {
            /* qhat was one too large: add the divisor back */
            un[jj + nv] = (uint32_t)(t + LIMB);
            qhat--;
            uint64_t cc = 0;
            for (size_t i = 0; i < nv; i++) {
                uint64_t s = (uint64_t)un[i + jj] + vn[i] + cc;
                un[i + jj] = (uint32_t)(s % LIMB);
                cc = s / LIMB;
            }
            un[jj + nv] = (uint32_t)((un[jj + nv] + cc) % LIMB);
        } else {
            un[jj + nv] = (uint32_t)t;
        }
        q[jj] = (uint32_t)qhat;
    }
    sk_free(m->a, un);
    return 0;
}

bcn *bcn_div(bcm *m, const bcn *a, const bcn *b, int64_t scale, int *divzero)
{
    *divzero = 0;
    if (bcn_is_zero(b)) { *divzero = 1; return NULL; }
    if (scale < 0) scale = 0;
    /* N = a * 10^k (truncated), k = scale + sb - sa;  Y = b's digits */
    int64_t k = scale + b->scale - a->scale;
    int64_t na = a->len + a->scale;
    int64_t nn = na + k;
    int64_t nb = b->len + b->scale;
    if (nn <= 0) return bcn_new(m, 1, scale);
    if (nn > BCN_MAX_DIGITS) return NULL;
    unsigned char *nd = sk_malloc(m->a, (size_t)nn);
    if (!nd) return NULL;
    if (k >= 0) {
        memcpy(nd, a->d, (size_t)na);
        memset(nd + na, 0, (size_t)k);
    } else {
        memcpy(nd, a->d, (size_t)nn);
    }
    size_t cu = limbs_for(nn), cv = limbs_for(nb);
    uint32_t *u = sk_malloc(m->a, (cu + cv + cu) * sizeof *u);
    if (!u) { sk_free(m->a, nd); return NULL; }
    uint32_t *v = u + cu, *q = v + cv;
    size_t ku = to_limbs(nd, nn, u), kv = to_limbs(b->d, nb, v);
    sk_free(m->a, nd);
    memset(q, 0, cu * sizeof *q);
    if (limb_divide(m, u, ku, v, kv, q)) { sk_free(m->a, u); return NULL; }
    size_t kq = ku >= kv ? ku - kv + 1 : 1;
    int64_t qdigits = (int64_t)kq * 4;
    int64_t rl = qdigits - scale;
    if (rl < 1) rl = 1;
    bcn *r = bcn_new(m, rl, scale);
    if (r) {
        from_limbs(q, kq, r->d, rl + scale);
        r->neg = a->neg != b->neg;
        trim(r);
    }
    sk_free(m->a, u);
    return r;
}

bcn *bcn_mod(bcm *m, const bcn *a, const bcn *b, int64_t scale, int *divzero)
{
    int64_t rs = max64(a->scale, b->scale + scale);
    bcn *q = bcn_div(m, a, b, scale, divzero);
    if (!q) return NULL;
    bcn *p = bcn_mul(m, q, b, rs);
    bcn_unref(m, q);
    if (!p) return NULL;
    bcn *r = bcn_sub(m, a, p, rs);
    bcn_unref(m, p);
    return r;
}

bcn *bcn_raise(bcm *m, const bcn *a, int64_t e, int64_t scale, int *divzero)
{
    *divzero = 0;
    if (e == 0) return bcn_ref(m->one);
    int neg = e < 0;
    uint64_t ex = neg ? (uint64_t)(-(e + 1)) + 1 : (uint64_t)e;
    int64_t rscale;
    if (neg) {
        rscale = scale;
    } else {
        /* min(sa * e, max(scale, sa)) without overflow */
        int64_t cap = max64(scale, a->scale);
        rscale = a->scale && ex > (uint64_t)(cap / a->scale + 1) ? cap : min64(a->scale * (int64_t)ex, cap);
    }
    /* square-and-multiply, keeping the full scale of the partial products */
    bcn *power = bcn_ref((bcn *)a);
    int64_t pscale = a->scale;
    while ((ex & 1) == 0) {
        pscale = min64(2 * pscale, BCN_MAX_DIGITS);
        bcn *t = bcn_mul(m, power, power, pscale);
        bcn_unref(m, power);
        if (!(power = t)) return NULL;
        ex >>= 1;
    }
    bcn *acc = bcn_ref(power);
    int64_t cscale = pscale;
    ex >>= 1;
    while (ex > 0) {
        pscale = min64(2 * pscale, BCN_MAX_DIGITS);
        bcn *t = bcn_mul(m, power, power, pscale);
        bcn_unref(m, power);
        if (!(power = t)) { bcn_unref(m, acc); return NULL; }
        if (ex & 1) {
            cscale = min64(pscale + cscale, BCN_MAX_DIGITS);
            t = bcn_mul(m, acc, power, cscale);
            bcn_unref(m, acc);
            if (!(acc = t)) { bcn_unref(m, power); return NULL; }
        }
        ex >>= 1;
    }
    bcn_unref(m, power);
    bcn *r;
    if (neg) {
        r = bcn_div(m, m->one, acc, rscale, divzero);
    } else {
        r = acc->scale > rscale ? bcn_rescale(m, acc, rscale) : bcn_ref(acc);
    }
    bcn_unref(m, acc);
    return r;
}

/* All digits zero except possibly a final 1 (within `scale` fraction
 * digits): how bc's square root decides it has converged. */
static int near_zero(const bcn *n, int64_t scale)
{
    if (scale > n->scale) scale = n->scale;
    int64_t count = n->len + scale;
    const unsigned char *p = n->d;
    while (count > 0 && *p == 0) { p++; count--; }
    return count == 0 || (count == 1 && *p == 1);
}

bcn *bcn_sqrt(bcm *m, const bcn *a, int64_t scale, int *negative)
{
    *negative = 0;
    int c = bcn_cmp(a, m->zero);
    if (c < 0) { *negative = 1; return NULL; }
    if (c == 0) return bcn_ref(m->zero);
    if (bcn_cmp(a, m->one) == 0) return bcn_ref(m->one);
    int64_t rscale = max64(scale, a->scale), cscale;
    bcn *guess;
    int dz;
    if (bcn_cmp(a, m->one) < 0) {
        guess = bcn_ref(m->one);
        cscale = a->scale;
    } else {
        /* 10 ^ (integer digits / 2) */
        guess = bcn_from_long(m, 10);
        if (!guess) return NULL;
        bcn *t = bcn_raise(m, guess, a->len / 2, 0, &dz);
        bcn_unref(m, guess);
        if (!(guess = t)) return NULL;
        cscale = 3;
    }
    bcn *half = bcn_new(m, 1, 1);
    if (!half) { bcn_unref(m, guess); return NULL; }
    half->d[1] = 5;
    for (;;) {
        if (stopping(m)) goto fail;
        bcn *prev = guess;
        bcn *q = bcn_div(m, a, prev, cscale, &dz);
        if (!q) { guess = prev; goto fail; }
        bcn *s = bcn_add(m, q, prev, 0);
        bcn_unref(m, q);
        if (!s) { guess = prev; goto fail; }
        guess = bcn_mul(m, s, half, cscale);
        bcn_unref(m, s);
        if (!guess) { guess = prev; goto fail; }
        bcn *diff = bcn_sub(m, guess, prev, cscale + 1);
        bcn_unref(m, prev);
        if (!diff) goto fail;
        int done = near_zero(diff, cscale);
        bcn_unref(m, diff);
        if (done) {
            if (cscale < rscale + 1) cscale = min64(cscale * 3, rscale + 1);
            else break;
        }
    }
    bcn_unref(m, half);
    bcn *r = bcn_div(m, guess, m->one, rscale, &dz);
    bcn_unref(m, guess);
    return r;
fail:
    bcn_unref(m, half);
    bcn_unref(m, guess);
    return NULL;
}

int64_t bcn_length(const bcn *n)
{
    /* for 0.xxx the 0 is not significant (but the fraction's zeros are) */
    if (n->len == 1 && n->d[0] == 0 && n->scale) return n->scale;
    return n->len + n->scale;
}

static int digit_value(char ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
    return -1;
}

bcn *bcn_from_text(bcm *m, const char *s, size_t n, int base)
{
    /* skip the backslash-newline continuations bc allows inside numbers */
    size_t ndig = 0, dot = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.') dot = ndig;
        else if (digit_value(s[i]) >= 0) ndig++;
    }
    int letters = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] >= 'A' && s[i] <= 'Z') letters = 1;
    if (base == 10 && !letters) {
        /* decimal digits as written */
        int64_t il = dot == (size_t)-1 ? (int64_t)ndig : (int64_t)dot;
        int64_t fs = (int64_t)ndig - il;
        bcn *r = bcn_new(m, il ? il : 1, fs);
        if (!r) return NULL;
        int64_t k = il ? 0 : 1;
        for (size_t i = 0; i < n; i++) {
            int v = digit_value(s[i]);
            if (v >= 0) r->d[k++] = (unsigned char)v;
        }
        return trim(r);
    }
    bcn *mult = bcn_from_long(m, base);
    bcn *build = NULL, *t = NULL, *d = NULL;
    if (!mult) return NULL;
    size_t i = 0;
    while (i < n && digit_value(s[i]) < 0 && s[i] != '.') i++;
    build = bcn_ref(m->zero);
    /* a single digit keeps its value even when not below the base */
    int first = 1;
    for (; i < n && s[i] != '.'; i++) {
        int v = digit_value(s[i]);
        if (v < 0) continue;
        int more = 0;
        for (size_t j = i + 1; j < n; j++) {
            if (digit_value(s[j]) >= 0) { more = 1; break; }
            if (s[j] != '\\' && s[j] != '\n') break;
        }
        if (v >= base && (!first || more)) v = base - 1;
        first = 0;
        t = bcn_mul(m, build, mult, 0);
        d = bcn_from_long(m, v);
        bcn_unref(m, build);
        build = t && d ? bcn_add(m, t, d, 0) : NULL;
        bcn_unref(m, t);
        bcn_unref(m, d);
        if (!build) { bcn_unref(m, mult); return NULL; }
    }
    if (i < n && s[i] == '.') {
        i++;
        bcn *res = bcn_ref(m->zero), *div = bcn_ref(m->one);
        int64_t digits = 0;
        for (; i < n; i++) {
            int v = digit_value(s[i]);
            if (v < 0) continue;
            if (v >= base) v = base - 1;
            t = bcn_mul(m, res, mult, 0);
            d = bcn_from_long(m, v);
            bcn_unref(m, res);
            res = t && d ? bcn_add(m, t, d, 0) : NULL;
            bcn_unref(m, t);
            bcn_unref(m, d);
            t = bcn_mul(m, div, mult, 0);
            bcn_unref(m, div);
            div = t;
            if (!res || !div) { bcn_unref(m, res); bcn_unref(m, div); bcn_unref(m, build); bcn_unref(m, mult); return NULL; }
            digits++;
        }
        int dz;
        t = bcn_div(m, res, div, digits, &dz);
        bcn_unref(m, res);
        bcn_unref(m, div);
        bcn *sum = t ? bcn_add(m, build, t, 0) : NULL;
        bcn_unref(m, t);
        bcn_unref(m, build);
        build = sum;
    }
    bcn_unref(m, mult);
    return build;
}
