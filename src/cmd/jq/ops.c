/* ops.c — jq's arithmetic, comparisons, indexing, slicing and length,
 * with jq 1.7's results and error messages. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "eval.h"

static int add(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NULL) { *out = b; return JQ_OK; }
    if (b.kind == JV_NULL) { *out = a; return JQ_OK; }
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        *out = jv_number(jv_num(a) + jv_num(b));
        jv_free(h, a);
        jv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_STRING && b.kind == JV_STRING) { *out = jv_string_concat(h, a, b); return jq_check_heap(r); }
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) { *out = jv_array_concat(h, a, b); return jq_check_heap(r); }
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) { *out = jv_object_merge(h, a, b); return jq_check_heap(r); }
    int st = jq_type_error2(r, a, b, "cannot be added");
    jv_free(h, a);
    jv_free(h, b);
    return st;
}

static int sub(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        *out = jv_number(jv_num(a) - jv_num(b));
        jv_free(h, a);
        jv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) {
        jv res = jv_array(h);
        for (size_t i = 0; i < jv_array_len(a); i++) {
            jv x = jv_array_at(a, i);
            int found = 0;
            for (size_t j = 0; j < jv_array_len(b) && !found; j++) found = jv_equal(h, x, jv_array_at(b, j));
            if (!found) res = jv_array_append(h, res, jv_copy(x));
        }
        jv_free(h, a);
        jv_free(h, b);
        *out = res;
        return jq_check_heap(r);
    }
    int st = jq_type_error2(r, a, b, "cannot be subtracted");
    jv_free(h, a);
    jv_free(h, b);
    return st;
}

static int repeat_string(jq_run *r, jv str, jv num, jv *out)
{
    jvh *h = &r->h;
    double d = jv_num(num);
    jv_free(h, num);
    if (!(d > 0)) { jv_free(h, str); *out = jv_null(); return JQ_OK; }
    size_t n = d > 1e9 ? 1000000000 : (size_t)d;
    if (n == 0) n = 1;   /* jq: 0 < d < 1 still yields the string once */
    size_t len = jv_str_len(str);
    if (len && n > (SIZE_MAX / 2) / len) { jv_free(h, str); h->oom = 1; return jq_check_heap(r); }
    sk_buf b = SK_BUF_INIT(h->a);
    if (sk_buf_reserve(&b, len * n + 1)) { jv_free(h, str); h->oom = 1; return jq_check_heap(r); }
    for (size_t i = 0; i < n; i++) sk_buf_put(&b, jv_str_p(str), len);
    *out = jv_string_raw(h, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    jv_free(h, str);
    return jq_check_heap(r);
}

static int mul(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        *out = jv_number(jv_num(a) * jv_num(b));
        jv_free(h, a);
        jv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_STRING && b.kind == JV_NUMBER) return repeat_string(r, a, b, out);
    if (a.kind == JV_NUMBER && b.kind == JV_STRING) return repeat_string(r, b, a, out);
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) { *out = jv_object_merge_deep(h, a, b, 0); return jq_check_heap(r); }
    int st = jq_type_error2(r, a, b, "cannot be multiplied");
    jv_free(h, a);
    jv_free(h, b);
    return st;
}

static int split_string(jq_run *r, jv s, jv sep, jv *out)
{
    jvh *h = &r->h;
    jv res = jv_array(h);
    const char *p = jv_str_p(s), *e = p + jv_str_len(s);
    size_t sl = jv_str_len(sep);
    if (jv_str_len(s) == 0) {
        /* jq: "" / x is [] */
    } else if (sl == 0) {
        /* split into characters */
        while (p < e) {
            uint32_t cp;
            int l = jv_utf8_decode(p, (size_t)(e - p), &cp);
            res = jv_array_append(h, res, jv_string_raw(h, p, (size_t)l));
            p += l;
        }
    } else {
        for (;;) {
            const char *q = memmem(p, (size_t)(e - p), jv_str_p(sep), sl);
            if (!q) { res = jv_array_append(h, res, jv_string_raw(h, p, (size_t)(e - p))); break; }
            res = jv_array_append(h, res, jv_string_raw(h, p, (size_t)(q - p)));
            p = q + sl;
        }
    }
    jv_free(h, s);
    jv_free(h, sep);
    *out = res;
    return jq_check_heap(r);
}

static int divide(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        if (jv_num(b) == 0.0) {
            int st = jq_type_error2(r, a, b, "cannot be divided because the divisor is zero");
            jv_free(h, a);
            jv_free(h, b);
            return st;
        }
        *out = jv_number(jv_num(a) / jv_num(b));
        jv_free(h, a);
        jv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_STRING && b.kind == JV_STRING) return split_string(r, a, b, out);
    int st = jq_type_error2(r, a, b, "cannot be divided");
    jv_free(h, a);
    jv_free(h, b);
    return st;
}

static intmax_t dtoi(double d)
{
    if (isnan(d)) return 0;
    if (d >= 9.2e18) return INTMAX_MAX;
    if (d <= -9.2e18) return INTMAX_MIN;
    return (intmax_t)d;
}

static int mod(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        double da = jv_num(a), db = jv_num(b);
        if (isnan(da) || isnan(db)) { *out = jv_number(NAN); jv_free(h, a); jv_free(h, b); return JQ_OK; }
        intmax_t bi = dtoi(db);
        if (bi == 0) {
            int st = jq_type_error2(r, a, b, "cannot be divided (remainder) because the divisor is zero");
            jv_free(h, a);
            jv_free(h, b);
            return st;
        }
        intmax_t ai = dtoi(da);
        if (bi < 0) bi = bi == INTMAX_MIN ? INTMAX_MAX : -bi;
        intmax_t res = ai % bi;
        *out = jv_number((double)res);
        jv_free(h, a);
        jv_free(h, b);
        return JQ_OK;
    }
    int st = jq_type_error2(r, a, b, "cannot be divided");
    jv_free(h, a);
    jv_free(h, b);
    return st;
}

int jq_binop(jq_run *r, int op, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    switch (op) {
    case '+': return add(r, a, b, out);
    case '-': return sub(r, a, b, out);
    case '*': return mul(r, a, b, out);
    case '/': return divide(r, a, b, out);
    case '%': return mod(r, a, b, out);
    }
    int res;
    if (op == OP_EQ) res = jv_equal(h, a, b);
    else if (op == OP_NE) res = !jv_equal(h, a, b);
    else {
        int c = jv_cmp(h, a, b);
        switch (op) {
        case '<': res = c < 0; break;
        case OP_LE: res = c <= 0; break;
        case '>': res = c > 0; break;
        default: res = c >= 0; break;
        }
    }
    jv_free(h, a);
    jv_free(h, b);
    *out = jv_bool(res);
    return jq_check_heap(r);
}

/* ---- indexing ----------------------------------------------------------------- */

static int slice_bounds(jq_run *r, size_t len, jv from, jv to, size_t *ps, size_t *pe)
{
    if (from.kind == JV_NULL) from = jv_number(0);
    if (to.kind == JV_NULL) to = jv_number((double)len);
    if (from.kind != JV_NUMBER || to.kind != JV_NUMBER)
        return jq_errorf(r, "Start and end indices of an array slice must be numbers");
    double ds = jv_num(from), de = jv_num(to), l = (double)len;
    if (ds < 0) ds += l;
    if (de < 0) de += l;
    if (ds < 0) ds = 0;
    if (ds > l) ds = l;
    if (de > l) de = l;
    if (de < ds) de = ds;
    if (isnan(ds)) ds = 0;
    if (isnan(de)) de = ds;
    size_t s = (size_t)ds;
    size_t e = de > (double)(size_t)de ? (size_t)de + 1 : (size_t)de;
    if (e > len) e = len;
    if (s > e) s = e;
    *ps = s;
    *pe = e;
    return JQ_OK;
}

/* Byte offset of code point index cp in s. */
static size_t cp_offset(const char *s, size_t n, size_t cp)
{
    size_t i = 0;
    while (i < n && cp > 0) {
        i++;
        while (i < n && ((unsigned char)s[i] & 0xc0) == 0x80) i++;
        cp--;
    }
    return i;
}

int jq_slice(jq_run *r, jv t, jv from, jv to, jv *out)
{
    jvh *h = &r->h;
    int st = JQ_OK;
    if (t.kind == JV_NULL) {
        *out = jv_null();
    } else if (t.kind == JV_ARRAY || t.kind == JV_STRING) {
        size_t len = t.kind == JV_ARRAY ? jv_array_len(t) : jv_str_cplen(t);
        size_t s = 0, e = 0;
        st = slice_bounds(r, len, from, to, &s, &e);
        if (!st) {
            if (t.kind == JV_ARRAY) {
                *out = jv_array_slice(h, t, s, e);
                t = jv_null();
            } else {
                const char *p = jv_str_p(t);
                size_t n = jv_str_len(t);
                size_t bs = cp_offset(p, n, s);
                size_t be = bs + cp_offset(p + bs, n - bs, e - s);
                *out = jv_string_raw(h, p + bs, be - bs);
            }
            st = jq_check_heap(r);
        }
    } else {
        st = jq_errorf(r, "Cannot index %s with object", jv_kind_name(jv_kind_of(t)));
    }
    jv_free(h, t);
    jv_free(h, from);
    jv_free(h, to);
    return st;
}

/* indices of b (an array) as a sub-array of a */
static jv array_indices(jvh *h, jv a, jv b)
{
    jv res = jv_array(h);
    size_t na = jv_array_len(a), nb = jv_array_len(b);
    if (nb == 0) return jv_null();
    for (size_t i = 0; i + nb <= na; i++) {
        size_t j = 0;
        while (j < nb && jv_equal(h, jv_array_at(a, i + j), jv_array_at(b, j))) j++;
        if (j == nb) res = jv_array_append(h, res, jv_number((double)i));
    }
    return res;
}

int jq_index(jq_run *r, jv t, jv k, jv *out)
{
    jvh *h = &r->h;
    int st = JQ_OK;
    if (t.kind == JV_OBJECT && k.kind == JV_STRING) {
        *out = jv_object_get(t, jv_str_p(k), jv_str_len(k));
    } else if (t.kind == JV_ARRAY && k.kind == JV_NUMBER) {
        double d = jv_num(k);
        if (isnan(d)) *out = jv_null();
        else {
            double len = (double)jv_array_len(t);
            d = trunc(d);                /* jq: (int) of the index, then negatives count from the end */
            if (d < 0) d += len;
            *out = d < 0 || d >= len ? jv_null() : jv_copy(jv_array_at(t, (size_t)d));
        }
    } else if (t.kind == JV_NULL && (k.kind == JV_STRING || k.kind == JV_NUMBER || k.kind == JV_OBJECT)) {
        *out = jv_null();
    } else if (k.kind == JV_OBJECT && (t.kind == JV_ARRAY || t.kind == JV_STRING)) {
        jv *from = jv_object_find(k, "start", 5), *to = jv_object_find(k, "end", 3);
        if (!from || !to) st = jq_errorf(r, "Cannot index %s with object", jv_kind_name(jv_kind_of(t)));
        else {
            jv f = jv_copy(*from), e = jv_copy(*to);
            jv_free(h, k);
            return jq_slice(r, t, f, e, out);
        }
    } else if (t.kind == JV_ARRAY && k.kind == JV_ARRAY) {
        *out = array_indices(h, t, k);
    } else if (k.kind == JV_STRING) {
        st = jq_errorf(r, "Cannot index %s with string \"%s\"", jv_kind_name(jv_kind_of(t)), jv_str_p(k));
    } else {
        st = jq_errorf(r, "Cannot index %s with %s", jv_kind_name(jv_kind_of(t)), jv_kind_name(jv_kind_of(k)));
    }
    jv_free(h, t);
    jv_free(h, k);
    if (!st) st = jq_check_heap(r);
    return st;
}

int jq_length(jq_run *r, jv v, jv *out)
{
    switch (v.kind) {
    case JV_NULL: *out = jv_number(0); return JQ_OK;
    case JV_NUMBER: *out = jv_number(fabs(jv_num(v))); jv_free(&r->h, v); return JQ_OK;
    case JV_STRING: *out = jv_number((double)jv_str_cplen(v)); break;
    case JV_ARRAY: *out = jv_number((double)jv_array_len(v)); break;
    case JV_OBJECT: *out = jv_number((double)jv_object_len(v)); break;
    default: {
        int st = jq_type_error(r, v, "has no length");
        jv_free(&r->h, v);
        return st;
    }
    }
    jv_free(&r->h, v);
    return JQ_OK;
}

jv jq_tostring(jq_run *r, jv v)
{
    if (v.kind == JV_STRING) return v;
    jv s = jv_dump_string(&r->h, v);
    jv_free(&r->h, v);
    return s;
}
