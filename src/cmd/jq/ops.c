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
        *out = jqv_number(jqv_num(a) + jqv_num(b));
        jqv_free(h, a);
        jqv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_STRING && b.kind == JV_STRING) { *out = jqv_string_concat(h, a, b); return jq_check_heap(r); }
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) { *out = jqv_array_concat(h, a, b); return jq_check_heap(r); }
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) { *out = jqv_object_merge(h, a, b); return jq_check_heap(r); }
    int st = jq_type_error2(r, a, b, "cannot be added");
    jqv_free(h, a);
    jqv_free(h, b);
    return st;
}

static int sub(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        *out = jqv_number(jqv_num(a) - jqv_num(b));
        jqv_free(h, a);
        jqv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) {
        jv res = jqv_array(h);
        for (size_t i = 0; i < jqv_array_len(a); i++) {
            jv x = jqv_array_at(a, i);
            int found = 0;
            for (size_t j = 0; j < jqv_array_len(b) && !found; j++) found = jqv_equal(h, x, jqv_array_at(b, j));
            if (!found) res = jqv_array_append(h, res, jqv_copy(x));
        }
        jqv_free(h, a);
        jqv_free(h, b);
        *out = res;
        return jq_check_heap(r);
    }
    int st = jq_type_error2(r, a, b, "cannot be subtracted");
    jqv_free(h, a);
    jqv_free(h, b);
    return st;
}

static int repeat_string(jq_run *r, jv str, jv num, jv *out)
{
    jvh *h = &r->h;
    double d = jqv_num(num);
    jqv_free(h, num);
    /* jq 1.7: (int)d repetitions; none at all is null */
    if (!(d >= 1)) { jqv_free(h, str); *out = jqv_null(); return JQ_OK; }
    size_t n = d > 1e9 ? 1000000000 : (size_t)d;
    size_t len = jqv_str_len(str);
    if (len && n > (SIZE_MAX / 2) / len) { jqv_free(h, str); h->oom = 1; return jq_check_heap(r); }
    sk_buf b = SK_BUF_INIT(h->a);
    if (sk_buf_reserve(&b, len * n + 1)) { jqv_free(h, str); h->oom = 1; return jq_check_heap(r); }
    for (size_t i = 0; i < n; i++) sk_buf_put(&b, jqv_str_p(str), len);
    *out = jqv_string_raw(h, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    jqv_free(h, str);
    return jq_check_heap(r);
}

static int mul(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        *out = jqv_number(jqv_num(a) * jqv_num(b));
        jqv_free(h, a);
        jqv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_STRING && b.kind == JV_NUMBER) return repeat_string(r, a, b, out);
    if (a.kind == JV_NUMBER && b.kind == JV_STRING) return repeat_string(r, b, a, out);
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) { *out = jqv_object_merge_deep(h, a, b, 0); return jq_check_heap(r); }
    int st = jq_type_error2(r, a, b, "cannot be multiplied");
    jqv_free(h, a);
    jqv_free(h, b);
    return st;
}

static int split_string(jq_run *r, jv s, jv sep, jv *out)
{
    jvh *h = &r->h;
    jv res = jqv_array(h);
    const char *p = jqv_str_p(s), *e = p + jqv_str_len(s);
    size_t sl = jqv_str_len(sep);
    if (jqv_str_len(s) == 0) {
        /* jq: "" / x is [] */
    } else if (sl == 0) {
        /* split into characters */
        while (p < e) {
            uint32_t cp;
            int l = jqv_utf8_decode(p, (size_t)(e - p), &cp);
            res = jqv_array_append(h, res, jqv_string_raw(h, p, (size_t)l));
            p += l;
        }
    } else {
        for (;;) {
            const char *q = memmem(p, (size_t)(e - p), jqv_str_p(sep), sl);
            if (!q) { res = jqv_array_append(h, res, jqv_string_raw(h, p, (size_t)(e - p))); break; }
            res = jqv_array_append(h, res, jqv_string_raw(h, p, (size_t)(q - p)));
            p = q + sl;
        }
    }
    jqv_free(h, s);
    jqv_free(h, sep);
    *out = res;
    return jq_check_heap(r);
}

static int divide(jq_run *r, jv a, jv b, jv *out)
{
    jvh *h = &r->h;
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
        if (jqv_num(b) == 0.0) {
            int st = jq_type_error2(r, a, b, "cannot be divided because the divisor is zero");
            jqv_free(h, a);
            jqv_free(h, b);
            return st;
        }
        *out = jqv_number(jqv_num(a) / jqv_num(b));
        jqv_free(h, a);
        jqv_free(h, b);
        return JQ_OK;
    }
    if (a.kind == JV_STRING && b.kind == JV_STRING) return split_string(r, a, b, out);
    int st = jq_type_error2(r, a, b, "cannot be divided");
    jqv_free(h, a);
    jqv_free(h, b);
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
        double da = jqv_num(a), db = jqv_num(b);
        if (isnan(da) || isnan(db)) { *out = jqv_number(NAN); jqv_free(h, a); jqv_free(h, b); return JQ_OK; }
        intmax_t bi = dtoi(db);
        if (bi == 0) {
            int st = jq_type_error2(r, a, b, "cannot be divided (remainder) because the divisor is zero");
            jqv_free(h, a);
            jqv_free(h, b);
            return st;
        }
        intmax_t ai = dtoi(da);
        if (bi < 0) bi = bi == INTMAX_MIN ? INTMAX_MAX : -bi;
        intmax_t res = ai % bi;
        *out = jqv_number((double)res);
        jqv_free(h, a);
        jqv_free(h, b);
        return JQ_OK;
    }
    int st = jq_type_error2(r, a, b, "cannot be divided");
    jqv_free(h, a);
    jqv_free(h, b);
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
    if (op == OP_EQ) res = jqv_equal(h, a, b);
    else if (op == OP_NE) res = !jqv_equal(h, a, b);
    else {
        int c = jqv_cmp(h, a, b);
        switch (op) {
        case '<': res = c < 0; break;
        case OP_LE: res = c <= 0; break;
        case '>': res = c > 0; break;
        default: res = c >= 0; break;
        }
    }
    jqv_free(h, a);
    jqv_free(h, b);
    *out = jqv_bool(res);
    return jq_check_heap(r);
}

/* ---- indexing ----------------------------------------------------------------- */

static int slice_bounds(jq_run *r, size_t len, jv from, jv to, size_t *ps, size_t *pe)
{
    if (from.kind == JV_NULL) from = jqv_number(0);
    if (to.kind == JV_NULL) to = jqv_number((double)len);
    if (from.kind != JV_NUMBER || to.kind != JV_NUMBER)
        return jq_errorf(r, "Start and end indices of an array slice must be numbers");
    double ds = jqv_num(from), de = jqv_num(to), l = (double)len;
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
        *out = jqv_null();
    } else if (t.kind == JV_ARRAY || t.kind == JV_STRING) {
        size_t len = t.kind == JV_ARRAY ? jqv_array_len(t) : jqv_str_cplen(t);
        size_t s = 0, e = 0;
        st = slice_bounds(r, len, from, to, &s, &e);
        if (!st) {
            if (t.kind == JV_ARRAY) {
                *out = jqv_array_slice(h, t, s, e);
                t = jqv_null();
            } else {
                const char *p = jqv_str_p(t);
                size_t n = jqv_str_len(t);
                size_t bs = cp_offset(p, n, s);
                size_t be = bs + cp_offset(p + bs, n - bs, e - s);
                *out = jqv_string_raw(h, p + bs, be - bs);
            }
            st = jq_check_heap(r);
        }
    } else {
        st = jq_errorf(r, "Cannot index %s with object", jqv_kind_name(jqv_kind_of(t)));
    }
    jqv_free(h, t);
    jqv_free(h, from);
    jqv_free(h, to);
    return st;
}

/* indices of b (an array) as a sub-array of a */
static jv array_indices(jvh *h, jv a, jv b)
{
    jv res = jqv_array(h);
    size_t na = jqv_array_len(a), nb = jqv_array_len(b);
    if (nb == 0) return jqv_null();
    for (size_t i = 0; i + nb <= na; i++) {
        size_t j = 0;
        while (j < nb && jqv_equal(h, jqv_array_at(a, i + j), jqv_array_at(b, j))) j++;
        if (j == nb) res = jqv_array_append(h, res, jqv_number((double)i));
    }
    return res;
}

int jq_index(jq_run *r, jv t, jv k, jv *out)
{
    jvh *h = &r->h;
    int st = JQ_OK;
    if (t.kind == JV_OBJECT && k.kind == JV_STRING) {
        *out = jqv_object_get(t, jqv_str_p(k), jqv_str_len(k));
    } else if (t.kind == JV_ARRAY && k.kind == JV_NUMBER) {
        double d = jqv_num(k);
        if (isnan(d)) *out = jqv_null();
        else {
            double len = (double)jqv_array_len(t);
            d = trunc(d);                /* jq: (int) of the index, then negatives count from the end */
            if (d < 0) d += len;
            *out = d < 0 || d >= len ? jqv_null() : jqv_copy(jqv_array_at(t, (size_t)d));
        }
    } else if (t.kind == JV_NULL && (k.kind == JV_STRING || k.kind == JV_NUMBER || k.kind == JV_OBJECT)) {
        *out = jqv_null();
    } else if (k.kind == JV_OBJECT && (t.kind == JV_ARRAY || t.kind == JV_STRING)) {
        jv *from = jqv_object_find(k, "start", 5), *to = jqv_object_find(k, "end", 3);
        if (!from || !to) st = jq_errorf(r, "Cannot index %s with object", jqv_kind_name(jqv_kind_of(t)));
        else {
            jv f = jqv_copy(*from), e = jqv_copy(*to);
            jqv_free(h, k);
            return jq_slice(r, t, f, e, out);
        }
    } else if (t.kind == JV_ARRAY && k.kind == JV_ARRAY) {
        *out = array_indices(h, t, k);
    } else if (k.kind == JV_STRING) {
        st = jq_errorf(r, "Cannot index %s with string \"%s\"", jqv_kind_name(jqv_kind_of(t)), jqv_str_p(k));
    } else {
        st = jq_errorf(r, "Cannot index %s with %s", jqv_kind_name(jqv_kind_of(t)), jqv_kind_name(jqv_kind_of(k)));
    }
    jqv_free(h, t);
    jqv_free(h, k);
    if (!st) st = jq_check_heap(r);
    return st;
}

int jq_length(jq_run *r, jv v, jv *out)
{
    switch (v.kind) {
    case JV_NULL: *out = jqv_number(0); return JQ_OK;
    case JV_NUMBER: *out = jqv_number(fabs(jqv_num(v))); jqv_free(&r->h, v); return JQ_OK;
    case JV_STRING: *out = jqv_number((double)jqv_str_cplen(v)); break;
    case JV_ARRAY: *out = jqv_number((double)jqv_array_len(v)); break;
    case JV_OBJECT: *out = jqv_number((double)jqv_object_len(v)); break;
    default: {
        int st = jq_type_error(r, v, "has no length");
        jqv_free(&r->h, v);
        return st;
    }
    }
    jqv_free(&r->h, v);
    return JQ_OK;
}

jv jq_tostring(jq_run *r, jv v)
{
    if (v.kind == JV_STRING) return v;
    jv s = jqv_dump_string(&r->h, v);
    jqv_free(&r->h, v);
    return s;
}
