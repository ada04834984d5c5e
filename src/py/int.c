/* int.c — Python int: 48-bit immediates with libtommath big ints beyond.
 *
 * Every operation first tries the immediate fast path; results are
 * normalised back to immediates whenever they fit, so a big int value is
 * always outside the small range.  Bool operands are ints (True == 1).
 * Digit memory that libtommath allocates is charged to the interpreter's
 * allocator after the fact (py_bigint.charged); result sizes are estimated
 * before expensive operations so `10**10**10` fails fast with MemoryError.
 *
 * Must never: let an MP_MEM error pass silently, or loop on huge inputs.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "py/core.h"

#define MAX_STR_DIGITS 4300
#define HASH_BITS 61
#define HASH_MOD (((uint64_t)1 << HASH_BITS) - 1)

static py_val mp_fail(py_interp *I, mp_err e)
{
    if (e == MP_MEM) return py_err_nomem(I);
    return py_err_str(I, PY_E_ValueError, "integer operation failed");
}

/* ---- big int objects ------------------------------------------------------- */
static void bigint_dealloc(py_interp *I, py_obj *o)
{
    py_bigint *b = (py_bigint *)o;
    py_type *t = o->type;
    if (b->prev_big) b->prev_big->next_big = b->next_big;
    else I->bigs = b->next_big;
    if (b->next_big) b->next_big->prev_big = b->prev_big;
    mp_clear(&b->v);
    sk_alloc_release(I->alloc, b->charged);
    if (t->flags & PY_TF_HEAP) {
        /* an instance of an int subclass: its __dict__ and __slots__ members */
        for (size_t off = sizeof(py_bigint); off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val))
            PY_CLEAR(I, *(py_val *)((char *)o + off));
    }
    py_obj_free(I, o, t->basicsize);
}

/* An instance of int subclass t holding the int value v (a heap int even
 * when the value is small, so every int routine can read it). */
static py_val int_of_subtype(py_interp *I, py_type *t, py_val v)
{
    py_bigint *b = (py_bigint *)py_obj_new(I, t, t->basicsize);
    if (!b) return PY_NULL;
    if (mp_init(&b->v) != MP_OKAY) {
        py_obj_free(I, &b->ob, t->basicsize);
        return py_err_nomem(I);
    }
    b->next_big = I->bigs;
    b->prev_big = NULL;
    if (I->bigs) I->bigs->prev_big = b;
    I->bigs = b;
    mp_err e = MP_OKAY;
    if (py_is_int(v)) mp_set_i64(&b->v, py_int_val(v));
    else if (py_is_bool(v)) mp_set_i64(&b->v, v == PY_TRUE);
    else e = mp_copy(&((py_bigint *)PY_OBJ(v))->v, &b->v);
    size_t want = (size_t)b->v.alloc * sizeof(mp_digit);
    if (e != MP_OKAY || sk_alloc_charge(I->alloc, want)) {
        py_decref(I, PY_VAL(b));
        return py_err_nomem(I);
    }
    b->charged = want;
    return PY_VAL(b);
}

py_val py_int_big_new(py_interp *I, mp_int **out)
{
    py_bigint *b = (py_bigint *)py_obj_new(I, PY_TYPE(I, PY_T_INT), sizeof(py_bigint));
    if (!b) return PY_NULL;
    if (mp_init(&b->v) != MP_OKAY) {
        py_obj_free(I, &b->ob, sizeof(py_bigint));
        return py_err_nomem(I);
    }
    b->next_big = I->bigs;
    b->prev_big = NULL;
    if (I->bigs) I->bigs->prev_big = b;
    I->bigs = b;
    *out = &b->v;
    return PY_VAL(b);
}

static int mp_fits_small(const mp_int *m, int64_t *out)
{
    if (mp_count_bits(m) > 47) return 0;
    *out = mp_get_i64(m);
    return 1;
}

py_val py_int_normalize(py_interp *I, py_val v)
{
    py_bigint *b = (py_bigint *)PY_OBJ(v);
    int64_t i;
    if (mp_fits_small(&b->v, &i)) {
        py_decref(I, v);
        return py_int_small(i);
    }
    size_t want = (size_t)b->v.alloc * sizeof(mp_digit);
    if (want > b->charged) {
        if (sk_alloc_charge(I->alloc, want - b->charged)) {
            py_decref(I, v);
            return py_err_nomem(I);
        }
        b->charged = want;
    }
    return v;
}

py_val py_int_from_mp(py_interp *I, const mp_int *m)
{
    int64_t i;
    if (mp_fits_small(m, &i)) return py_int_small(i);
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (!r) return PY_NULL;
    mp_err e = mp_copy(m, d);
    if (e != MP_OKAY) { py_decref(I, r); return mp_fail(I, e); }
    return py_int_normalize(I, r);
}

py_val py_int_from_i64(py_interp *I, int64_t i)
{
    if (py_fits_small(i)) return py_int_small(i);
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (!r) return PY_NULL;
    mp_set_i64(d, i);
    return py_int_normalize(I, r);
}

py_val py_int_from_u64(py_interp *I, uint64_t u)
{
    if (u <= (uint64_t)PY_SMALL_MAX) return py_int_small((int64_t)u);
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (!r) return PY_NULL;
    mp_set_u64(d, u);
    return py_int_normalize(I, r);
}

py_val py_int_from_double(py_interp *I, double x)
{
    if (isinf(x)) return py_err_str(I, PY_E_OverflowError, "cannot convert float infinity to integer");
    if (isnan(x)) return py_err_str(I, PY_E_ValueError, "cannot convert float NaN to integer");
    x = trunc(x);
    if (fabs(x) < 9.0e15) return py_int_from_i64(I, (int64_t)x);
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (!r) return PY_NULL;
    int e;
    double m = frexp(fabs(x), &e);           /* x = m * 2**e, 0.5 <= m < 1 */
    uint64_t mant = (uint64_t)ldexp(m, 53);   /* exact */
    mp_err err = MP_OKAY;
    mp_set_u64(d, mant);
    if (e > 53) err = mp_mul_2d(d, e - 53, d);
    if (err == MP_OKAY && x < 0) err = mp_neg(d, d);
    if (err != MP_OKAY) { py_decref(I, r); return mp_fail(I, err); }
    return py_int_normalize(I, r);
}

/* Initialise `out` with the value of an int (small, bool or big). */
int py_int_to_mp(py_interp *I, py_val v, mp_int *out)
{
    mp_err e;
    if (py_is_int(v) || py_is_bool(v)) {
        e = mp_init(out);
        if (e == MP_OKAY) mp_set_i64(out, py_is_int(v) ? py_int_val(v) : v == PY_TRUE);
    } else {
        e = mp_init_copy(out, &((py_bigint *)PY_OBJ(v))->v);
    }
    if (e != MP_OKAY) { mp_fail(I, e); return -1; }
    return 0;
}

static const mp_int *bigp(py_val v) { return &((py_bigint *)PY_OBJ(v))->v; }

int py_int_sign(py_val v)
{
    if (py_is_int(v)) { int64_t i = py_int_val(v); return i > 0 ? 1 : i < 0 ? -1 : 0; }
    if (py_is_bool(v)) return v == PY_TRUE;
    return mp_isneg(bigp(v)) ? -1 : mp_iszero(bigp(v)) ? 0 : 1;
}

int py_int_is_zero(py_val v) { return py_int_sign(v) == 0; }

py_val py_as_int(py_interp *I, py_val v)
{
    (void)I;
    if (py_is_bool(v)) return py_int_small(v == PY_TRUE);
    /* a small value held by an int subclass instance: the immediate */
    if (py_is_ptr(v) && (PY_OBJ(v)->type->flags & PY_TF_HEAP) && mp_count_bits(bigp(v)) <= 47)
        return py_int_small(mp_get_i64(bigp(v)));
    return v;
}

/* A new reference to the value as an exact int (int subclass instances and
 * bools become plain ints). */
py_val py_int_exact(py_interp *I, py_val v)
{
    v = py_as_int(I, v);
    if (py_is_ptr(v) && (PY_OBJ(v)->type->flags & PY_TF_HEAP)) return py_int_from_mp(I, bigp(v));
    return py_newref(v);
}

int py_int_to_i64(py_interp *I, py_val v, int64_t *out)
{
    if (py_is_int(v)) { *out = py_int_val(v); return 0; }
    if (py_is_bool(v)) { *out = v == PY_TRUE; return 0; }
    const mp_int *m = bigp(v);
    int bits = mp_count_bits(m);
    /* -2**63 has 64 bits of magnitude and still fits */
    if (bits > 64 || (bits == 64 && !(mp_isneg(m) && mp_get_i64(m) == INT64_MIN))) {
        py_err_str(I, PY_E_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = mp_get_i64(m);
    return 0;
}

double py_int_to_double_lossy(py_val v)
{
    if (py_is_int(v)) return (double)py_int_val(v);
    if (py_is_bool(v)) return v == PY_TRUE;
    return mp_get_double(bigp(v));
}

int py_int_to_double(py_interp *I, py_val v, double *out)
{
    if (py_is_int(v)) { *out = (double)py_int_val(v); return 0; }
    if (py_is_bool(v)) { *out = v == PY_TRUE; return 0; }
    const mp_int *m = bigp(v);
    int bits = mp_count_bits(m);
    if (bits > 1024) goto overflow;
    if (bits <= 64) {   /* exact magnitude; the conversion rounds half-even (54 and 55 bits used to shift by -1) */
        double d = (double)mp_get_mag_u64(m);
        *out = mp_isneg(m) ? -d : d;
        return 0;
    }
    /* Correct rounding: take the top 55 bits plus a sticky bit. */
    {
        mp_int t;
        if (mp_init(&t) != MP_OKAY) { py_err_nomem(I); return -1; }
        int shift = bits - 55;
        mp_err e = mp_abs(m, &t);
        int sticky = 0;
        if (e == MP_OKAY) {
            int cnt = mp_cnt_lsb(&t);
            sticky = cnt < shift;
            e = mp_div_2d(&t, shift, &t, NULL);
        }
        if (e != MP_OKAY) { mp_clear(&t); py_err_nomem(I); return -1; }
        uint64_t top = mp_get_u64(&t) | (uint64_t)sticky;
        mp_clear(&t);
        double d = ldexp((double)top, shift);
        if (isinf(d)) goto overflow;
        *out = mp_isneg(m) ? -d : d;
        return 0;
    }
overflow:
    py_err_str(I, PY_E_OverflowError, "int too large to convert to float");
    return -1;
}

int py_int_cmp(py_interp *I, py_val a, py_val b)
{
    a = py_as_int(I, a);
    b = py_as_int(I, b);
    if ((py_is_int(a) || py_is_bool(a)) && (py_is_int(b) || py_is_bool(b))) {
        int64_t x = py_is_int(a) ? py_int_val(a) : a == PY_TRUE;
        int64_t y = py_is_int(b) ? py_int_val(b) : b == PY_TRUE;
        return x < y ? -1 : x > y;
    }
    /* at least one is big; a big int is outside the small range */
    if (!py_is_ptr(a)) return mp_isneg(bigp(b)) ? 1 : -1;
    if (!py_is_ptr(b)) return mp_isneg(bigp(a)) ? -1 : 1;
    mp_ord o = mp_cmp(bigp(a), bigp(b));
    return o == MP_LT ? -1 : o == MP_GT ? 1 : 0;
}

int py_int_hash(py_val v, int64_t *out)
{
    if (py_is_ptr(v) && (PY_OBJ(v)->type->flags & PY_TF_HEAP) && mp_count_bits(bigp(v)) <= 47) {
        int64_t i = mp_get_i64(bigp(v));
        *out = i == -1 ? -2 : i;
        return 0;
    }
    if (py_is_int(v) || py_is_bool(v)) {
        int64_t i = py_is_int(v) ? py_int_val(v) : v == PY_TRUE;
        *out = i == -1 ? -2 : i;
        return 0;
    }
    const mp_int *m = bigp(v);
    /* |n| mod (2**61 - 1), folding 61-bit chunks */
    uint64_t x = 0;
    int bits = mp_count_bits(m);
    mp_int t;
    if (mp_init(&t) != MP_OKAY) return -1;
    if (mp_abs(m, &t) != MP_OKAY) { mp_clear(&t); return -1; }
    /* process from the most significant chunk downwards */
    int nchunks = (bits + HASH_BITS - 1) / HASH_BITS;
    for (int c = nchunks - 1; c >= 0; c--) {
        mp_int q;
        if (mp_init(&q) != MP_OKAY) { mp_clear(&t); return -1; }
        if (mp_div_2d(&t, c * HASH_BITS, &q, NULL) != MP_OKAY) { mp_clear(&q); mp_clear(&t); return -1; }
        uint64_t chunk = mp_get_u64(&q) & HASH_MOD;
        mp_clear(&q);
        /* x = (x * 2**61 + chunk) mod M; 2**61 == 1 mod M */
        x += chunk;
        if (x >= HASH_MOD) x -= HASH_MOD;
    }
    mp_clear(&t);
    int64_t h = (int64_t)x;
    if (mp_isneg(m)) h = -h;
    if (h == -1) h = -2;
    *out = h;
    return 0;
}

/* ---- conversions to and from text -------------------------------------- */
int py_int_format_base(py_interp *I, py_val v, int base, sk_buf *out)
{
    if (py_is_int(v) || py_is_bool(v)) {
        int64_t i = py_is_int(v) ? py_int_val(v) : v == PY_TRUE;
        char tmp[80];
        int k = sizeof tmp;
        uint64_t u = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
        do {
            int d = (int)(u % (unsigned)base);
            tmp[--k] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
            u /= (unsigned)base;
        } while (u);
        if (i < 0) tmp[--k] = '-';
        if (sk_buf_put(out, tmp + k, sizeof tmp - (size_t)k)) { py_err_nomem(I); return -1; }
        return 0;
    }
    const mp_int *m = bigp(v);
    if (base == 10) {
        /* CPython's pre-check: refuse before converting a huge number */
        int bits = mp_count_bits(m);
        if ((double)bits * 0.30102999566398 > MAX_STR_DIGITS + 1) {
            py_err_str(I, PY_E_ValueError, "Exceeds the limit (4300 digits) for integer string conversion; "
                       "use sys.set_int_max_str_digits() to increase the limit");
            return -1;
        }
    }
    int isize;
    if (mp_radix_size(m, base, &isize) != MP_OKAY) { py_err_nomem(I); return -1; }
    size_t size = (size_t)isize;
    char *tmp = py_alloc(I, size + 1);
    if (!tmp) return -1;
    size_t written;
    mp_err e = mp_to_radix(m, tmp, size + 1, &written, base);
    if (e != MP_OKAY) { py_free(I, tmp, size + 1); mp_fail(I, e); return -1; }
    size_t n = strlen(tmp);
    for (size_t k = 0; k < n; k++)
        if (tmp[k] >= 'A' && tmp[k] <= 'Z') tmp[k] = (char)(tmp[k] - 'A' + 'a');
    if (base == 10 && n - (tmp[0] == '-') > MAX_STR_DIGITS) {
        py_free(I, tmp, size + 1);
        py_err_str(I, PY_E_ValueError, "Exceeds the limit (4300 digits) for integer string conversion; "
                   "use sys.set_int_max_str_digits() to increase the limit");
        return -1;
    }
    int r = sk_buf_put(out, tmp, n);
    py_free(I, tmp, size + 1);
    if (r) { py_err_nomem(I); return -1; }
    return 0;
}

py_val py_int_repr(py_interp *I, py_val v)
{
    if (py_is_int(v)) {
        int64_t x = py_int_val(v);
        char tmp[32], *e = tmp + sizeof tmp, *p = e;
        uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        do { *--p = (char)('0' + u % 10); u /= 10; } while (u);
        if (x < 0) *--p = '-';
        return py_str_new(I, p, (size_t)(e - p));
    }
    if (py_is_bool(v)) return py_str_cstr(I, v == PY_TRUE ? "True" : "False");
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (py_int_format_base(I, v, 10, &b)) { sk_buf_free(&b); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

int py_int_tostr_check(py_interp *I, py_val v)
{
    (void)I; (void)v;
    return 0;
}

static int digit_val(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

static int is_py_space(unsigned char c) { return c == ' ' || (c >= 9 && c <= 13) || c == 0x1c || c == 0x1d || c == 0x1e || c == 0x1f; }

/* Parse an int literal as int(s, base) does.  *bad is set (and PY_NULL
 * returned without an exception) when the text is not a valid literal. */
static py_val int_from_text(py_interp *I, const char *s, size_t n, int base, int *bad, int unicode_ws);

py_val py_int_from_str(py_interp *I, const char *s, size_t n, int base, int *bad)
{
    return int_from_text(I, s, n, base, bad, 1);
}

/* bytes sources strip ASCII whitespace only */
static py_val int_from_text(py_interp *I, const char *s, size_t n, int base, int *bad, int unicode_ws)
{
    *bad = 0;
    size_t i = 0, e = n;
    for (;;) {
        if (i < e && is_py_space((unsigned char)s[i])) { i++; continue; }
        if (unicode_ws && i < e && (unsigned char)s[i] >= 0x80) {
            size_t j = i;
            uint32_t cp;
            py_utf8_decode(s, e, &j, &cp);
            if (py_unicode_isspace(cp)) { i = j; continue; }
        }
        break;
    }
    for (;;) {
        if (e > i && is_py_space((unsigned char)s[e - 1])) { e--; continue; }
        if (unicode_ws && e > i && (unsigned char)s[e - 1] >= 0x80) {
            size_t j = e - 1;
            while (j > i && ((unsigned char)s[j] & 0xC0) == 0x80) j--;
            size_t k = j;
            uint32_t cp;
            py_utf8_decode(s, e, &k, &cp);
            if (k == e && py_unicode_isspace(cp)) { e = j; continue; }
        }
        break;
    }
    int neg = 0;
    if (i < e && (s[i] == '+' || s[i] == '-')) { neg = s[i] == '-'; i++; }
    if (base == 0) {
        if (i + 1 < e && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) { base = 16; i += 2; }
        else if (i + 1 < e && s[i] == '0' && (s[i + 1] == 'o' || s[i + 1] == 'O')) { base = 8; i += 2; }
        else if (i + 1 < e && s[i] == '0' && (s[i + 1] == 'b' || s[i + 1] == 'B')) { base = 2; i += 2; }
        else {
            base = 10;
            /* leading zeros are not allowed for a non-zero base-0 decimal */
            if (i < e && s[i] == '0') {
                for (size_t k = i; k < e; k++)
                    if (s[k] != '0' && s[k] != '_') { *bad = 1; return PY_NULL; }
            }
        }
        if (i < e && s[i] == '_') i++;
    } else if (i + 1 < e && s[i] == '0') {
        char c = s[i + 1];
        if ((base == 16 && (c == 'x' || c == 'X')) || (base == 8 && (c == 'o' || c == 'O')) ||
            (base == 2 && (c == 'b' || c == 'B'))) {
            i += 2;
            if (i < e && s[i] == '_') i++;
        }
    }
    if (i >= e) { *bad = 1; return PY_NULL; }
    /* validate: digits with single underscores between them */
    size_t ndig = 0;
    int prev_us = 1;
    for (size_t k = i; k < e; k++) {
        if (s[k] == '_') {
            if (prev_us) { *bad = 1; return PY_NULL; }
            prev_us = 1;
            continue;
        }
        if (digit_val((unsigned char)s[k]) >= base) { *bad = 1; return PY_NULL; }
        prev_us = 0;
        ndig++;
    }
    if (prev_us) { *bad = 1; return PY_NULL; }
    if ((base & (base - 1)) != 0 && ndig > MAX_STR_DIGITS) {
        return py_err_fmt(I, PY_E_ValueError,
                          "Exceeds the limit (4300 digits) for integer string conversion: value has %zu digits; "
                          "use sys.set_int_max_str_digits() to increase the limit", ndig);
    }
    if (ndig <= 12 || (ndig <= 17 && base <= 10)) {
        int64_t acc = 0;
        for (size_t k = i; k < e; k++) if (s[k] != '_') acc = acc * base + digit_val((unsigned char)s[k]);
        return py_int_from_i64(I, neg ? -acc : acc);
    }
    char *tmp = py_alloc(I, ndig + 2);
    if (!tmp) return PY_NULL;
    size_t t = 0;
    if (neg) tmp[t++] = '-';
    for (size_t k = i; k < e; k++) if (s[k] != '_') tmp[t++] = s[k];
    tmp[t] = 0;
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (r) {
        mp_err err = mp_read_radix(d, tmp, base);
        if (err != MP_OKAY) { py_decref(I, r); r = mp_fail(I, err); }
        else r = py_int_normalize(I, r);
    }
    py_free(I, tmp, ndig + 2);
    return r;
}

/* ---- arithmetic -------------------------------------------------------------- */
/* instances of int subclasses are heap ints even for small values */
static int sub_small(py_val v)
{
    return py_is_ptr(v) && (PY_OBJ(v)->type->flags & PY_TF_HEAP) && mp_count_bits(bigp(v)) <= 47;
}
static int64_t small_of(py_val v)
{
    if (py_is_int(v)) return py_int_val(v);
    if (py_is_bool(v)) return v == PY_TRUE;
    return mp_get_i64(bigp(v));
}
static int is_smallish(py_val v) { return py_is_int(v) || py_is_bool(v) || sub_small(v); }

static int64_t floordiv64(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int64_t mod64(int64_t a, int64_t b)
{
    int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
}

static py_val int_truediv_impl(py_interp *I, py_val a, py_val b)
{
    if (py_int_is_zero(b)) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
    if (is_smallish(a) && is_smallish(b)) {
        int64_t x = small_of(a), y = small_of(b);
        if (x > -(1LL << 53) && x < (1LL << 53)) return py_float((double)x / (double)y);
    }
    /* exact path with libtommath */
    mp_int x, y, q, r;
    if (py_int_to_mp(I, a, &x)) return PY_NULL;
    if (py_int_to_mp(I, b, &y)) { mp_clear(&x); return PY_NULL; }
    int neg = mp_isneg(&x) != mp_isneg(&y);
    mp_err e = mp_abs(&x, &x);
    if (e == MP_OKAY) e = mp_abs(&y, &y);
    if (e == MP_OKAY) e = mp_init_multi(&q, &r, NULL);
    if (e != MP_OKAY) { mp_clear_multi(&x, &y, NULL); return py_err_nomem(I); }
    int ab = mp_count_bits(&x), bb = mp_count_bits(&y);
    int shift = ab - bb - 55;     /* quotient keeps ~55 significant bits */
    if (ab - bb > 1025) {
        mp_clear_multi(&x, &y, &q, &r, NULL);
        return py_err_str(I, PY_E_OverflowError, "integer division result too large for a float");
    }
    if (shift > 0) e = mp_mul_2d(&y, shift, &y);
    else if (shift < 0) e = mp_mul_2d(&x, -shift, &x);
    if (e == MP_OKAY) e = mp_div(&x, &y, &q, &r);
    if (e != MP_OKAY) { mp_clear_multi(&x, &y, &q, &r, NULL); return py_err_nomem(I); }
    uint64_t top = mp_get_u64(&q) | (uint64_t)(!mp_iszero(&r));
    mp_clear_multi(&x, &y, &q, &r, NULL);
    double d = ldexp((double)top, shift);
    if (isinf(d)) return py_err_str(I, PY_E_OverflowError, "integer division result too large for a float");
    return py_float(neg ? -d : d);
}

/* Estimated bits of a**b; used to refuse absurd sizes before computing. */
static int size_ok(py_interp *I, double bits)
{
    double limit = 8.0 * (I->alloc->limit ? (double)I->alloc->limit : 1e9);
    if (bits > limit) { py_err_nomem(I); return 0; }
    return 1;
}

/* A read-only mp_int view of an int without allocating: big ints lend their
 * own value, small ones are spelled into `buf` (which must outlive the view).
 * Only valid as an input operand that is never the destination. */
#define VIEW_DIGITS ((64 + MP_DIGIT_BIT - 1) / MP_DIGIT_BIT)
static const mp_int *int_view(py_val v, mp_int *tmp, mp_digit *buf)
{
    if (!py_is_int(v) && !py_is_bool(v)) return bigp(v);
    int64_t i = py_is_int(v) ? py_int_val(v) : v == PY_TRUE;
    uint64_t u = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    int n = 0;
    while (u) { buf[n++] = (mp_digit)(u & MP_MASK); u >>= MP_DIGIT_BIT; }
    for (int k = n; k < VIEW_DIGITS; k++) buf[k] = 0;
    tmp->used = n;
    tmp->alloc = VIEW_DIGITS;
    tmp->sign = i < 0 ? MP_NEG : MP_ZPOS;
    tmp->dp = buf;
    return tmp;
}

static py_val big_binop(py_interp *I, py_val a, py_val b, int op)
{
    mp_int xt, yt;
    mp_digit xb[VIEW_DIGITS], yb[VIEW_DIGITS];
    /* x and y are only ever read below */
    const mp_int *xp = int_view(a, &xt, xb), *yp = int_view(b, &yt, yb);
#define x (*xp)
#define y (*yp)
    mp_int *d;
    py_val r = PY_NULL;
    mp_err e = MP_OKAY;
    switch (op) {
    case PY_NB_ADD: r = py_int_big_new(I, &d); if (r) e = mp_add(&x, &y, d); break;
    case PY_NB_SUB: r = py_int_big_new(I, &d); if (r) e = mp_sub(&x, &y, d); break;
    case PY_NB_MUL:
        if (!size_ok(I, (double)mp_count_bits(&x) + mp_count_bits(&y))) break;
        r = py_int_big_new(I, &d); if (r) e = mp_mul(&x, &y, d); break;
    case PY_NB_FLOORDIV:
    case PY_NB_MOD: {
        if (mp_iszero(&y)) { py_err_str(I, PY_E_ZeroDivisionError, "division by zero"); break; }
        mp_int q, m;
        if (mp_init_multi(&q, &m, NULL) != MP_OKAY) { py_err_nomem(I); break; }
        e = mp_div(&x, &y, &q, &m);
        /* floor semantics: adjust when the remainder's sign differs from y */
        if (e == MP_OKAY && !mp_iszero(&m) && (mp_isneg(&m) != mp_isneg(&y))) {
            e = mp_sub_d(&q, 1, &q);
            if (e == MP_OKAY) e = mp_add(&m, &y, &m);
        }
        if (e == MP_OKAY) {
            r = py_int_big_new(I, &d);
            if (r) mp_exch(d, op == PY_NB_FLOORDIV ? &q : &m);
        }
        mp_clear_multi(&q, &m, NULL);
        break;
    }
    case PY_NB_AND: r = py_int_big_new(I, &d); if (r) e = mp_and(&x, &y, d); break;
    case PY_NB_OR:  r = py_int_big_new(I, &d); if (r) e = mp_or(&x, &y, d); break;
    case PY_NB_XOR: r = py_int_big_new(I, &d); if (r) e = mp_xor(&x, &y, d); break;
    case PY_NB_LSHIFT: {
        if (mp_isneg(&y)) { py_err_str(I, PY_E_ValueError, "negative shift count"); break; }
        if (mp_iszero(&x)) { r = py_int_small(0); break; }
        if (mp_count_bits(&y) > 62) { py_err_str(I, PY_E_OverflowError, "too many digits in integer"); break; }
        int64_t sh = mp_get_i64(&y);
        if (!size_ok(I, (double)mp_count_bits(&x) + (double)sh)) break;
        if (sh > 0x7fffffff) { py_err_nomem(I); break; }
        r = py_int_big_new(I, &d); if (r) e = mp_mul_2d(&x, (int)sh, d);
        break;
    }
    case PY_NB_RSHIFT: {
        if (mp_isneg(&y)) { py_err_str(I, PY_E_ValueError, "negative shift count"); break; }
        if (mp_count_bits(&y) > 31 || mp_get_i64(&y) >= mp_count_bits(&x)) {
            r = py_int_small(mp_isneg(&x) ? -1 : 0);
            break;
        }
        int sh = (int)mp_get_i64(&y);
        r = py_int_big_new(I, &d);
        if (!r) break;
        if (mp_isneg(&x)) {
            /* floor division by 2**sh */
            mp_int rem;
            if ((e = mp_init(&rem)) == MP_OKAY) {
                e = mp_div_2d(&x, sh, d, &rem);
                if (e == MP_OKAY && !mp_iszero(&rem)) e = mp_sub_d(d, 1, d);
                mp_clear(&rem);
            }
        } else {
            e = mp_div_2d(&x, sh, d, NULL);
        }
        break;
    }
    default:
        break;
    }
#undef x
#undef y
    if (!r) return PY_NULL;
    if (!py_is_ptr(r)) return r;
    if (e != MP_OKAY) { py_decref(I, r); return mp_fail(I, e); }
    return py_int_normalize(I, r);
}

py_val py_int_pow(py_interp *I, py_val a, py_val b, py_val m)
{
    a = py_as_int(I, a);
    b = py_as_int(I, b);
    if (m && m != PY_NONE) {
        m = py_as_int(I, m);
        if (py_int_is_zero(m)) return py_err_str(I, PY_E_ValueError, "pow() 3rd argument cannot be 0");
        mp_int x, y, z, r;
        if (py_int_to_mp(I, a, &x)) return PY_NULL;
        if (py_int_to_mp(I, b, &y)) { mp_clear(&x); return PY_NULL; }
        if (py_int_to_mp(I, m, &z)) { mp_clear_multi(&x, &y, NULL); return PY_NULL; }
        if (mp_init(&r) != MP_OKAY) { mp_clear_multi(&x, &y, &z, NULL); return py_err_nomem(I); }
        int zneg = mp_isneg(&z);
        mp_err e = mp_abs(&z, &z);
        if (e == MP_OKAY && mp_isneg(&y)) {
            /* modular inverse */
            e = mp_abs(&y, &y);
            if (e == MP_OKAY) {
                mp_err ie = mp_invmod(&x, &z, &x);
                if (ie != MP_OKAY) {
                    mp_clear_multi(&x, &y, &z, &r, NULL);
                    if (ie == MP_MEM) return py_err_nomem(I);
                    return py_err_str(I, PY_E_ValueError, "base is not invertible for the given modulus");
                }
            }
        }
        if (e == MP_OKAY) {
            if (mp_cmp_d(&z, 1) == MP_EQ) mp_zero(&r);
            else e = mp_exptmod(&x, &y, &z, &r);
        }
        if (e == MP_OKAY && zneg && !mp_iszero(&r)) e = mp_sub(&r, &z, &r);
        py_val res = PY_NULL;
        if (e == MP_OKAY) res = py_int_from_mp(I, &r);
        else mp_fail(I, e);
        mp_clear_multi(&x, &y, &z, &r, NULL);
        return res;
    }
    if (py_int_sign(b) < 0) {
        double x, y;
        if (py_int_is_zero(a)) return py_err_str(I, PY_E_ZeroDivisionError, "zero to a negative power");
        if (py_int_to_double(I, a, &x) || py_int_to_double(I, b, &y)) return PY_NULL;
        return py_float(pow(x, y));
    }
    if (py_is_int(a) && py_is_int(b)) {
        int64_t x = py_int_val(a), y = py_int_val(b), r = 1;
        int ok = 1;
        int64_t base = x;
        int64_t ey = y;
        while (ey > 0 && ok) {
            if (ey & 1) {
                if (__builtin_mul_overflow(r, base, &r)) ok = 0;
            }
            ey >>= 1;
            if (ey && __builtin_mul_overflow(base, base, &base)) ok = 0;
        }
        if (ok) return py_int_from_i64(I, r);
    }
    /* big result */
    int64_t ey;
    if (!py_is_int(b)) {
        if (py_is_int(a) && (py_int_val(a) == 0 || py_int_val(a) == 1)) return a;
        if (py_is_int(a) && py_int_val(a) == -1) return (mp_isodd(bigp(b))) ? a : py_int_small(1);
        return py_err_str(I, PY_E_OverflowError, "exponent too large");
    }
    ey = py_int_val(b);
    mp_int x;
    if (py_int_to_mp(I, a, &x)) return PY_NULL;
    if (!size_ok(I, (double)mp_count_bits(&x) * (double)ey)) { mp_clear(&x); return PY_NULL; }
    if (ey > 0x7fffffff) { mp_clear(&x); return py_err_nomem_size(I, (size_t)1 << 62); }
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (!r) { mp_clear(&x); return PY_NULL; }
    mp_err e = mp_expt_u32(&x, (uint32_t)ey, d);
    mp_clear(&x);
    if (e != MP_OKAY) { py_decref(I, r); return mp_fail(I, e); }
    return py_int_normalize(I, r);
}

py_val py_int_binop(py_interp *I, py_val a, py_val b, int op)
{
    if (is_smallish(a) && is_smallish(b)) {
        int64_t x = small_of(a), y = small_of(b), r;
        switch (op) {
        case PY_NB_ADD: return py_int_from_i64(I, x + y);
        case PY_NB_SUB: return py_int_from_i64(I, x - y);
        case PY_NB_MUL:
            if (!__builtin_mul_overflow(x, y, &r)) return py_int_from_i64(I, r);
            break;
        case PY_NB_FLOORDIV:
            if (y == 0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
            return py_int_from_i64(I, floordiv64(x, y));
        case PY_NB_MOD:
            if (y == 0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
            return py_int_small(mod64(x, y));
        case PY_NB_TRUEDIV: return int_truediv_impl(I, a, b);
        case PY_NB_AND: return py_int_small(x & y);
        case PY_NB_OR: return py_int_small(x | y);
        case PY_NB_XOR: return py_int_small(x ^ y);
        case PY_NB_LSHIFT:
            if (y < 0) return py_err_str(I, PY_E_ValueError, "negative shift count");
            if (x == 0) return py_int_small(0);
            if (y < 16) {
                int64_t z;
                if (!__builtin_mul_overflow(x, (int64_t)1 << y, &z) && py_fits_small(z)) return py_int_small(z);
            }
            break;
        case PY_NB_RSHIFT:
            if (y < 0) return py_err_str(I, PY_E_ValueError, "negative shift count");
            return py_int_small(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
        case PY_NB_POW: return py_int_pow(I, a, b, PY_NULL);
        case PY_NB_DIVMOD:
            if (y == 0) return py_err_str(I, PY_E_ZeroDivisionError, "division by zero");
            {
                py_val q = py_int_from_i64(I, floordiv64(x, y));
                if (!q) return PY_NULL;
                py_val t = py_tuple_pack(I, 2, q, py_int_small(mod64(x, y)));
                py_decref(I, q);
                return t;
            }
        default: break;
        }
    }
    switch (op) {
    case PY_NB_TRUEDIV: return int_truediv_impl(I, a, b);
    case PY_NB_POW: return py_int_pow(I, a, b, PY_NULL);
    case PY_NB_DIVMOD: {
        py_val q = big_binop(I, a, b, PY_NB_FLOORDIV);
        if (!q) return PY_NULL;
        py_val m = big_binop(I, a, b, PY_NB_MOD);
        if (!m) { py_decref(I, q); return PY_NULL; }
        py_val t = py_tuple_pack(I, 2, q, m);
        py_decref(I, q);
        py_decref(I, m);
        return t;
    }
    case PY_NB_MATMUL: return PY_NOTIMPL;
    default: return big_binop(I, a, b, op);
    }
}

py_val py_int_neg(py_interp *I, py_val v)
{
    if (is_smallish(v)) return py_int_from_i64(I, -small_of(v));
    mp_int *d;
    py_val r = py_int_big_new(I, &d);
    if (!r) return PY_NULL;
    mp_err e = mp_neg(bigp(v), d);
    if (e != MP_OKAY) { py_decref(I, r); return mp_fail(I, e); }
    return py_int_normalize(I, r);
}

int py_int_bit_length(py_interp *I, py_val v, int64_t *out)
{
    (void)I;
    if (is_smallish(v)) {
        int64_t x = small_of(v);
        uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        *out = u ? 64 - __builtin_clzll(u) : 0;
        return 0;
    }
    *out = mp_count_bits(bigp(v));
    return 0;
}

/* ---- the int type's slots ---------------------------------------------------- */
static int is_int_operand(py_val v) { return py_is_intlike(v); }

#define INT_BINOP(nm, OP) \
    static py_val int_##nm(py_interp *I, py_val a, py_val b) \
    { \
        if (!is_int_operand(a) || !is_int_operand(b)) return PY_NOTIMPL; \
        return py_int_binop(I, a, b, OP); \
    }
INT_BINOP(add, PY_NB_ADD)
INT_BINOP(sub, PY_NB_SUB)
INT_BINOP(mul, PY_NB_MUL)
INT_BINOP(truediv, PY_NB_TRUEDIV)
INT_BINOP(floordiv, PY_NB_FLOORDIV)
INT_BINOP(mod, PY_NB_MOD)
INT_BINOP(pow, PY_NB_POW)
INT_BINOP(lshift, PY_NB_LSHIFT)
INT_BINOP(rshift, PY_NB_RSHIFT)
INT_BINOP(and, PY_NB_AND)
INT_BINOP(or, PY_NB_OR)
INT_BINOP(xor, PY_NB_XOR)
INT_BINOP(divmod, PY_NB_DIVMOD)

static py_val bool_and(py_interp *I, py_val a, py_val b)
{
    if (py_is_bool(a) && py_is_bool(b)) return py_bool(a == PY_TRUE && b == PY_TRUE);
    return int_and(I, a, b);
}
static py_val bool_or(py_interp *I, py_val a, py_val b)
{
    if (py_is_bool(a) && py_is_bool(b)) return py_bool(a == PY_TRUE || b == PY_TRUE);
    return int_or(I, a, b);
}
static py_val bool_xor(py_interp *I, py_val a, py_val b)
{
    if (py_is_bool(a) && py_is_bool(b)) return py_bool((a == PY_TRUE) != (b == PY_TRUE));
    return int_xor(I, a, b);
}

static py_val int_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if (!is_int_operand(b)) {
        if (py_is_float(b)) {
            /* delegate to float's comparison (handles exactness) */
            return PY_NOTIMPL;
        }
        return PY_NOTIMPL;
    }
    int c = py_int_cmp(I, a, b);
    switch (op) {
    case PY_LT: return py_bool(c < 0);
    case PY_LE: return py_bool(c <= 0);
    case PY_EQ: return py_bool(c == 0);
    case PY_NE: return py_bool(c != 0);
    case PY_GT: return py_bool(c > 0);
    default: return py_bool(c >= 0);
    }
}

static int int_hash_slot(py_interp *I, py_val v, int64_t *out)
{
    if (py_int_hash(v, out)) { py_err_nomem(I); return -1; }
    return 0;
}

static py_val int_neg_slot(py_interp *I, py_val v) { return py_int_neg(I, v); }
static py_val int_pos_slot(py_interp *I, py_val v) { return py_int_exact(I, v); }
static py_val int_abs_slot(py_interp *I, py_val v)
{
    if (py_int_sign(v) < 0) return py_int_neg(I, v);
    return py_int_exact(I, v);
}
static py_val int_invert_slot(py_interp *I, py_val v)
{
    /* ~x == -(x+1) */
    py_val t = py_int_binop(I, v, py_int_small(1), PY_NB_ADD);
    if (!t) return PY_NULL;
    py_val r = py_int_neg(I, t);
    py_decref(I, t);
    return r;
}
static int int_truth(py_interp *I, py_val v) { (void)I; return !py_int_is_zero(v); }
static py_val int_index_slot(py_interp *I, py_val v) { return py_int_exact(I, v); }
static py_val int_tofloat(py_interp *I, py_val v)
{
    double d;
    if (py_int_to_double(I, v, &d)) return PY_NULL;
    return py_float(d);
}

static py_val bool_repr(py_interp *I, py_val v) { return py_str_cstr(I, v == PY_TRUE ? "True" : "False"); }

/* int(x=0, base=10) */
static py_val int_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "!x", "base", NULL };
    py_val a[2] = { 0, 0 };
    if (nargs > 2 && !kw) return py_err_fmt(I, PY_E_TypeError, "int expected at most 2 arguments, got %zu", nargs);
    if (py_args_parse(I, "int", args, nargs, kw, names, 0, a)) return PY_NULL;
    py_val x = a[0], bv = a[1];
    py_val r;
    if (!x) {
        if (bv) return py_err_str(I, PY_E_TypeError, "int() missing string argument");
        r = py_int_small(0);
    } else if (bv) {
        int64_t base;
        if (!py_is_intlike(bv)) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, bv));
        if (py_index_i64(I, bv, &base, 0)) return PY_NULL;     /* clamps like PyNumber_AsSsize_t */
        if ((base != 0 && base < 2) || base > 36) return py_err_str(I, PY_E_ValueError, "int() base must be >= 2 and <= 36, or 0");
        const char *s; size_t n;
        if (py_is_str(x)) { s = py_str_data(x); n = py_str_len(x); }
        else if (py_is_bytes(x)) { s = PY_BYTES(x)->data; n = PY_BYTES(x)->len; }
        else return py_err_str(I, PY_E_TypeError, "int() can't convert non-string with explicit base");
        int bad;
        r = int_from_text(I, s, n, (int)base, &bad, py_is_str(x));
        if (bad) {
            py_val rep = py_is_str(x) ? py_str_repr(I, x) : py_bytes_repr(I, x);
            if (!rep) return PY_NULL;
            py_err_fmt(I, PY_E_ValueError, "invalid literal for int() with base %d: %s", (int)base, py_str_data(rep));
            py_decref(I, rep);
            return PY_NULL;
        }
    } else if (py_is_int(x)) {
        r = x;
    } else if (py_is_bool(x)) {
        r = py_int_small(x == PY_TRUE);
    } else if (py_is_float(x)) {
        r = py_int_from_double(I, py_float_val(x));
    } else if (py_is_str(x) || py_is_bytes(x)) {
        const char *s = py_is_str(x) ? py_str_data(x) : PY_BYTES(x)->data;
        size_t n = py_is_str(x) ? py_str_len(x) : PY_BYTES(x)->len;
        int bad;
        r = int_from_text(I, s, n, 10, &bad, py_is_str(x));
        if (bad) {
            py_val rep = py_is_str(x) ? py_str_repr(I, x) : py_bytes_repr(I, x);
            if (!rep) return PY_NULL;
            py_err_fmt(I, PY_E_ValueError, "invalid literal for int() with base 10: %s", py_str_data(rep));
            py_decref(I, rep);
            return PY_NULL;
        }
    } else if (py_is_bigint(x) && !(PY_OBJ(x)->type->flags & PY_TF_HEAP)) {
        r = py_newref(x);
    } else {
        py_type *xt = py_typeof(I, x);
        if (xt->s.to_int) r = xt->s.to_int(I, x);
        else if (xt->s.index) r = xt->s.index(I, x);
        else {
            py_val tr = py_lookup_special(I, x, PY_ID(I, __trunc__));
            if (tr) { r = py_call0(I, tr); py_decref(I, tr); }
            else return py_err_fmt(I, PY_E_TypeError,
                                   "int() argument must be a string, a bytes-like object or a real number, not '%s'",
                                   py_type_name(I, x));
        }
        if (r && !py_is_intlike(r)) {
            py_val bad = r;
            py_err_fmt(I, PY_E_TypeError, "__int__ returned non-int (type %s)", py_type_name(I, bad));
            py_decref(I, bad);
            return PY_NULL;
        }
        if (r && py_is_bool(r)) r = py_int_small(r == PY_TRUE);
    }
    if (!r) return PY_NULL;
    if (t != PY_TYPE(I, PY_T_INT)) {
        py_val s = int_of_subtype(I, t, r);
        py_decref(I, r);
        return s;
    }
    return r;
}

static py_val bool_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)t;
    if (py_no_kw(I, "bool", kw)) return PY_NULL;
    if (nargs > 1) return py_err_fmt(I, PY_E_TypeError, "bool expected at most 1 argument, got %zu", nargs);
    if (nargs == 0) return PY_FALSE;
    int b = py_truthy(I, args[0]);
    if (b < 0) return PY_NULL;
    return py_bool(b);
}

/* ---- int methods -------------------------------------------------------------------- */
static py_val int_bit_length(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "int.bit_length", nargs, kw)) return PY_NULL;
    int64_t n;
    py_int_bit_length(I, self, &n);
    return py_int_small(n);
}

static py_val int_bit_count(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "int.bit_count", nargs, kw)) return PY_NULL;
    if (is_smallish(self)) {
        int64_t x = small_of(self);
        uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        return py_int_small(__builtin_popcountll(u));
    }
    const mp_int *m = bigp(self);
    int64_t c = 0;
    for (int i = 0; i < m->used; i++) c += __builtin_popcountll((unsigned long long)m->dp[i]);
    return py_int_small(c);
}

static py_val int_conjugate(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "int.conjugate", nargs, kw)) return PY_NULL;
    return py_int_exact(I, self);
}

static py_val int_is_integer(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)self;
    if (py_args_none(I, "int.is_integer", nargs, kw)) return PY_NULL;
    return PY_TRUE;
}

static py_val int_as_integer_ratio(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "int.as_integer_ratio", nargs, kw)) return PY_NULL;
    return py_tuple_pack(I, 2, py_as_int(I, self), py_int_small(1));
}

static py_val int_to_bytes(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "length", "byteorder", "$signed", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, "to_bytes", args, nargs, kw, names, 0, a)) return PY_NULL;
    int64_t len = 1;
    if (a[0] && py_index_i64(I, a[0], &len, 1)) return PY_NULL;
    if (len < 0) return py_err_str(I, PY_E_ValueError, "length argument must be non-negative");
    int little = 0;
    if (a[1]) {
        if (!py_is_str(a[1])) return py_err_fmt(I, PY_E_TypeError, "to_bytes() argument 'byteorder' must be str, not %s", py_argtype_name(I, a[1]));
        if (py_str_eq_c(a[1], "little")) little = 1;
        else if (!py_str_eq_c(a[1], "big")) return py_err_str(I, PY_E_ValueError, "byteorder must be either 'little' or 'big'");
    }
    int sgn = 0;
    if (a[2]) { sgn = py_truthy(I, a[2]); if (sgn < 0) return PY_NULL; }
    if (!sgn && py_int_sign(self) < 0) return py_err_str(I, PY_E_OverflowError, "can't convert negative int to unsigned");
    mp_int x;
    if (py_int_to_mp(I, self, &x)) return PY_NULL;
    mp_err e = MP_OKAY;
    if (mp_isneg(&x)) {
        /* two's complement: x + 2**(8*len) */
        mp_int p;
        if ((e = mp_init(&p)) == MP_OKAY) {
            e = mp_2expt(&p, (int)(8 * len));
            if (e == MP_OKAY) e = mp_add(&x, &p, &x);
            mp_clear(&p);
        }
    }
    int bits = mp_count_bits(&x);
    int overflow = bits > 8 * len;
    if (sgn && !overflow && len > 0) {
        /* sign bit must match */
        int top = bits == 8 * len;
        if (py_int_sign(self) >= 0 && top) overflow = 1;
        if (py_int_sign(self) < 0 && !top && bits != 0) {
            /* negative number needs top bit set */
            overflow = bits < 8 * len ? 1 : 0;
            if (mp_iszero(&x)) overflow = 1;
        }
    }
    if (sgn && py_int_sign(self) < 0 && len == 0) overflow = 1;
    if (e != MP_OKAY) { mp_clear(&x); return mp_fail(I, e); }
    if (overflow) { mp_clear(&x); return py_err_str(I, PY_E_OverflowError, "int too big to convert"); }
    char *data;
    py_val r = py_bytes_uninit(I, (size_t)len, &data);
    if (!r) { mp_clear(&x); return PY_NULL; }
    memset(data, 0, (size_t)len);
    size_t written = 0;
    size_t need = mp_ubin_size(&x);
    unsigned char *tmp = py_alloc(I, need + 1);
    if (!tmp) { mp_clear(&x); py_decref(I, r); return PY_NULL; }
    e = mp_to_ubin(&x, tmp, need + 1, &written);
    mp_clear(&x);
    if (e != MP_OKAY) { py_free(I, tmp, need + 1); py_decref(I, r); return mp_fail(I, e); }
    for (size_t i = 0; i < written && i < (size_t)len; i++) {
        unsigned char byte = tmp[written - 1 - i];
        if (little) data[i] = (char)byte;
        else data[len - 1 - (int64_t)i] = (char)byte;
    }
    py_free(I, tmp, need + 1);
    return r;
}

static py_val int_from_bytes(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    (void)cls;
    static const char *const names[] = { "bytes", "byteorder", "$signed", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, "from_bytes", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val data = a[0];
    py_val owned = PY_NULL;
    if (!py_is_bytes(data)) {
        /* accept iterables of ints */
        py_val b = py_call1(I, PY_VAL(PY_TYPE(I, PY_T_BYTES)), data);
        if (!b) return PY_NULL;
        owned = data = b;
    }
    int little = 0;
    if (a[1] && !py_is_str(a[1])) {
        py_xdecref(I, owned);
        return py_err_fmt(I, PY_E_TypeError, "from_bytes() argument 'byteorder' must be str, not %s", py_argtype_name(I, a[1]));
    }
    if (a[1]) {
        if (py_str_eq_c(a[1], "little")) little = 1;
        else if (!py_str_eq_c(a[1], "big")) { py_xdecref(I, owned); return py_err_str(I, PY_E_ValueError, "byteorder must be either 'little' or 'big'"); }
    }
    int sgn = a[2] ? py_truthy(I, a[2]) : 0;
    size_t n = PY_BYTES(data)->len;
    unsigned char *tmp = py_alloc(I, n + 1);
    if (!tmp) { py_xdecref(I, owned); return PY_NULL; }
    for (size_t i = 0; i < n; i++) tmp[i] = (unsigned char)PY_BYTES(data)->data[little ? n - 1 - i : i];
    mp_int x;
    mp_err e = mp_init(&x);
    if (e == MP_OKAY) e = mp_from_ubin(&x, tmp, n);
    if (e == MP_OKAY && sgn && n && (tmp[0] & 0x80)) {
        mp_int p;
        if ((e = mp_init(&p)) == MP_OKAY) {
            e = mp_2expt(&p, (int)(8 * n));
            if (e == MP_OKAY) e = mp_sub(&x, &p, &x);
            mp_clear(&p);
        }
    }
    py_free(I, tmp, n + 1);
    py_xdecref(I, owned);
    if (e != MP_OKAY) { mp_clear(&x); return mp_fail(I, e); }
    py_val r = py_int_from_mp(I, &x);
    mp_clear(&x);
    return r;
}

static py_val int_format_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "int.__format__", nargs, kw, 1)) return PY_NULL;
    return py_format_spec(I, self, args[0]);
}

static py_val int_round_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_range(I, "int.__round__", nargs, kw, 0, 1)) return PY_NULL;
    if (nargs == 0 || args[0] == PY_NONE) return py_int_exact(I, self);
    py_val nd = args[0];
    if (!py_is_intlike(nd)) return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, nd));
    if (py_int_sign(nd) >= 0) return py_int_exact(I, self);
    /* round to 10**(-nd), half to even */
    py_val negnd = py_int_neg(I, nd);
    if (!negnd) return PY_NULL;
    int64_t k;
    if (py_int_to_i64(I, negnd, &k)) { py_decref(I, negnd); py_err_clear(I); return py_int_small(0); }
    py_decref(I, negnd);
    if (k > 100000) return py_int_small(0);
    py_val p = py_int_pow(I, py_int_small(10), py_int_small(k), PY_NULL);
    if (!p) return PY_NULL;
    py_val dm = py_int_binop(I, self, p, PY_NB_DIVMOD);
    if (!dm) { py_decref(I, p); return PY_NULL; }
    py_val q = py_tuple_items(dm)[0], r = py_tuple_items(dm)[1];
    /* compare 2*r with p */
    py_val r2 = py_int_binop(I, r, py_int_small(2), PY_NB_MUL);
    int c = py_int_cmp(I, r2, p);
    py_decref(I, r2);
    py_val qq = py_newref(q);
    if (c > 0 || (c == 0 && py_int_binop(I, q, py_int_small(2), PY_NB_MOD) == py_int_small(1))) {
        py_val t = py_int_binop(I, qq, py_int_small(1), PY_NB_ADD);
        py_decref(I, qq);
        qq = t;
    }
    py_decref(I, dm);
    if (!qq) { py_decref(I, p); return PY_NULL; }
    py_val res = py_int_binop(I, qq, p, PY_NB_MUL);
    py_decref(I, qq);
    py_decref(I, p);
    return res;
}

static py_val int_trunc_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "int.__trunc__", nargs, kw)) return PY_NULL;
    return py_int_exact(I, self);
}

static py_val int_get_real(py_interp *I, py_val self) { return py_int_exact(I, self); }
static py_val int_get_imag(py_interp *I, py_val self) { (void)I; (void)self; return py_int_small(0); }
static py_val int_get_num(py_interp *I, py_val self) { return py_int_exact(I, self); }
static py_val int_get_den(py_interp *I, py_val self) { (void)I; (void)self; return py_int_small(1); }

static const py_methoddef int_methods[] = {
    { "bit_length", int_bit_length, 0 },
    { "bit_count", int_bit_count, 0 },
    { "conjugate", int_conjugate, 0 },
    { "is_integer", int_is_integer, 0 },
    { "as_integer_ratio", int_as_integer_ratio, 0 },
    { "to_bytes", int_to_bytes, PY_METH_KW },
    { "from_bytes", int_from_bytes, PY_METH_KW | PY_METH_CLASS },
    { "__format__", int_format_meth, 0 },
    { "__round__", int_round_meth, 0 },
    { "__trunc__", int_trunc_meth, 0 },
    { "__floor__", int_trunc_meth, 0 },
    { "__ceil__", int_trunc_meth, 0 },
    { NULL, NULL, 0 }
};

static const py_getsetdef int_getsets[] = {
    { "real", int_get_real, NULL },
    { "imag", int_get_imag, NULL },
    { "numerator", int_get_num, NULL },
    { "denominator", int_get_den, NULL },
    { NULL, NULL, NULL }
};

const py_typedef py_int_typedef = {
    .name = "int", .base = PY_T_OBJECT, .flags = PY_TF_INT_SUB | PY_TF_BASETYPE,
    .basicsize = sizeof(py_bigint),
    .slots = {
        .dealloc = bigint_dealloc, .repr = py_int_repr, .hash = int_hash_slot,
        .richcmp = int_richcmp,
        .nb = { [PY_NB_ADD] = int_add, [PY_NB_SUB] = int_sub, [PY_NB_MUL] = int_mul,
                [PY_NB_TRUEDIV] = int_truediv, [PY_NB_FLOORDIV] = int_floordiv,
                [PY_NB_MOD] = int_mod, [PY_NB_POW] = int_pow, [PY_NB_LSHIFT] = int_lshift,
                [PY_NB_RSHIFT] = int_rshift, [PY_NB_AND] = int_and, [PY_NB_OR] = int_or,
                [PY_NB_XOR] = int_xor, [PY_NB_DIVMOD] = int_divmod },
        .neg = int_neg_slot, .pos = int_pos_slot, .abs = int_abs_slot, .invert = int_invert_slot,
        .truth = int_truth, .index = int_index_slot, .to_int = int_index_slot, .to_float = int_tofloat,
        .new_ = int_new,
    },
    .methods = int_methods, .getsets = int_getsets,
};

const py_typedef py_bool_typedef = {
    .name = "bool", .base = PY_T_INT, .flags = PY_TF_INT_SUB,
    .basicsize = sizeof(py_obj),
    .slots = {
        .repr = bool_repr,
        .nb = { [PY_NB_AND] = bool_and, [PY_NB_OR] = bool_or, [PY_NB_XOR] = bool_xor },
        .new_ = bool_new,
    },
};
