/* values.c — builtins computed from their input and argument values:
 * length, keys, has, contains, add, flatten, sort, string functions,
 * tojson/fromjson, entries, setpath/delpaths, indices ...  Each consumes
 * its input and arguments (jq's convention). */
#include <math.h>
#include <string.h>

#include "eval.h"

#define FREE_IN() jqv_free(&r->h, in)
#define FREE_ARG(i) jqv_free(&r->h, args[i])

int jqn_length_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    return jq_length(r, in, out);
}

int jqn_utf8bytelength_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind != JV_STRING) {
        int st = jq_type_error(r, in, "only strings have UTF-8 byte length");
        FREE_IN();
        return st;
    }
    *out = jqv_number((double)jqv_str_len(in));
    FREE_IN();
    return JQ_OK;
}

int jqn_not_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    *out = jqv_bool(!jqv_truthy(in));
    FREE_IN();
    return JQ_OK;
}

static int keys(jq_run *r, jv in, jv *out, int sorted)
{
    if (in.kind == JV_OBJECT) {
        *out = jqv_keys(&r->h, in, sorted);
    } else if (in.kind == JV_ARRAY) {
        size_t n = jqv_array_len(in);
        jv a = jqv_array_sized(&r->h, n);
        for (size_t i = 0; i < n; i++) a = jqv_array_append(&r->h, a, jqv_number((double)i));
        *out = a;
    } else {
        int st = jq_type_error(r, in, "has no keys");
        FREE_IN();
        return st;
    }
    FREE_IN();
    return jq_check_heap(r);
}

int jqn_keys_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return keys(r, in, out, 1); }
int jqn_keys_unsorted_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return keys(r, in, out, 0); }

int jqn_has_1(jq_run *r, jv in, jv *args, jv *out)
{
    jv k = args[0];
    int st = JQ_OK;
    if (in.kind == JV_OBJECT && k.kind == JV_STRING) {
        *out = jqv_bool(jqv_object_find(in, jqv_str_p(k), jqv_str_len(k)) != NULL);
    } else if (in.kind == JV_ARRAY && k.kind == JV_NUMBER) {
        double d = jqv_num(k);
        *out = jqv_bool(d >= 0 && d < (double)jqv_array_len(in));
    } else {
        st = jq_errorf(r, "Cannot check whether %s has a %s key", jqv_kind_name(jqv_kind_of(in)), jqv_kind_name(jqv_kind_of(k)));
    }
    FREE_IN();
    FREE_ARG(0);
    return st;
}

int jqn_contains_1(jq_run *r, jv in, jv *args, jv *out)
{
    int st = JQ_OK;
    jv b = args[0];
    if (in.kind == b.kind) *out = jqv_bool(jqv_contains(&r->h, in, b));
    else st = jq_type_error2(r, in, b, "cannot have their containment checked");
    FREE_IN();
    FREE_ARG(0);
    return st ? st : jq_check_heap(r);
}

int jqn_add_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jvh *h = &r->h;
    if (in.kind == JV_OBJECT) {
        /* values in order */
        jv acc = jqv_null();
        JV_OBJECT_FOREACH(in, s) {
            jv a = acc;
            int st = jq_binop(r, '+', a, jqv_copy(s->val), &acc);
            if (st) { FREE_IN(); return st; }
        }
        FREE_IN();
        *out = acc;
        return JQ_OK;
    }
    if (in.kind != JV_ARRAY) {
        if (in.kind == JV_NULL) { *out = jqv_null(); return JQ_OK; }
        jv d = jqv_dump_trunc(h, in, 15);
        int st = jq_errorf(r, "Cannot iterate over %s (%s)", jqv_kind_name(jqv_kind_of(in)), d.kind == JV_STRING ? jqv_str_p(d) : "");
        jqv_free(h, d);
        FREE_IN();
        return st;
    }
    size_t n = jqv_array_len(in);
    /* strings: one buffer instead of n copies */
    int allstr = n > 1;
    for (size_t i = 0; i < n && allstr; i++) {
        jv x = jqv_array_at(in, i);
        allstr = x.kind == JV_STRING || x.kind == JV_NULL;
    }
    if (allstr) {
        sk_buf b = SK_BUF_INIT(h->a);
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            jv x = jqv_array_at(in, i);
            if (x.kind == JV_STRING) { any = 1; if (sk_buf_put(&b, jqv_str_p(x), jqv_str_len(x))) h->oom = 1; }
        }
        *out = any ? jqv_string_raw(h, b.p ? b.p : "", b.len) : jqv_null();
        sk_buf_free(&b);
        FREE_IN();
        return jq_check_heap(r);
    }
    jv acc = jqv_null();
    for (size_t i = 0; i < n; i++) {
        jv a = acc;
        int st = jq_binop(r, '+', a, jqv_copy(jqv_array_at(in, i)), &acc);
        if (st) { FREE_IN(); return st; }
    }
    FREE_IN();
    *out = acc;
    return JQ_OK;
}

static int flatten_rec(jq_run *r, jv a, double depth, jv *acc, int level)
{
    for (size_t i = 0; i < jqv_array_len(a); i++) {
        jv x = jqv_array_at(a, i);
        if (x.kind == JV_ARRAY && depth > 0) {
            if (level > 10000) return jq_errorf(r, "value nested too deeply");
            int st = flatten_rec(r, x, depth - 1, acc, level + 1);
            if (st) return st;
        } else {
            *acc = jqv_array_append(&r->h, *acc, jqv_copy(x));
        }
    }
    return jq_check_heap(r);
}

static int flatten(jq_run *r, jv in, double depth, jv *out)
{
    if (depth < 0) { FREE_IN(); return jq_errorf(r, "flatten depth must not be negative"); }
    if (in.kind != JV_ARRAY) {
        if (in.kind == JV_OBJECT) {
            /* jq iterates the values */
            jv vals = jqv_array(&r->h);
            JV_OBJECT_FOREACH(in, s) vals = jqv_array_append(&r->h, vals, jqv_copy(s->val));
            FREE_IN();
            in = vals;
        } else {
            jv d = jqv_dump_trunc(&r->h, in, 15);
            int st = jq_errorf(r, "Cannot iterate over %s (%s)", jqv_kind_name(jqv_kind_of(in)), d.kind == JV_STRING ? jqv_str_p(d) : "");
            jqv_free(&r->h, d);
            FREE_IN();
            return st;
        }
    }
    jv acc = jqv_array(&r->h);
    int st = flatten_rec(r, in, depth, &acc, 0);
    FREE_IN();
    if (st) { jqv_free(&r->h, acc); return st; }
    *out = acc;
    return JQ_OK;
}

int jqn_flatten_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return flatten(r, in, 1e9, out); }

int jqn_flatten_1(jq_run *r, jv in, jv *args, jv *out)
{
    if (args[0].kind != JV_NUMBER) {
        /* jq compares with 0 (non-numbers sort after) and subtracts 1 on the
         * first nested array */
        int nested = 0;
        for (size_t i = 0; in.kind == JV_ARRAY && i < jqv_array_len(in); i++) nested |= jqv_array_at(in, i).kind == JV_ARRAY;
        if (nested || args[0].kind == JV_NULL || args[0].kind == JV_FALSE || args[0].kind == JV_TRUE) {
            int st = nested ? jq_type_error2(r, args[0], jqv_number(1), "cannot be subtracted")
                            : jq_errorf(r, "flatten depth must not be negative");
            FREE_IN();
            FREE_ARG(0);
            return st;
        }
        FREE_ARG(0);
        return flatten(r, in, 0, out);
    }
    double d = jqv_num(args[0]);
    FREE_ARG(0);
    return flatten(r, in, d, out);
}

int jqn_tostring_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    *out = jq_tostring(r, in);
    return jq_check_heap(r);
}

int jqn_tonumber_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind == JV_NUMBER) { *out = in; return JQ_OK; }
    if (in.kind == JV_STRING) {
        jv err;
        jv v = jqv_parse_text(&r->h, jqv_str_p(in), jqv_str_len(in), &err);
        if (v.kind == JV_NUMBER) { *out = v; FREE_IN(); return JQ_OK; }
        jqv_free(&r->h, v);
        int st;
        if (err.kind == JV_STRING) st = jq_error(r, err);
        else st = jq_errorf(r, "Cannot parse '%s' as JSON", jqv_str_p(in));
        if (v.kind != JV_NONE && err.kind != JV_STRING) {
            /* parsed, but not a number */
        }
        FREE_IN();
        return st;
    }
    int st = jq_type_error(r, in, "cannot be parsed as a number");
    FREE_IN();
    return st;
}

int jqn_type_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    *out = jqv_string_z(&r->h, jqv_kind_name(jqv_kind_of(in)));
    FREE_IN();
    return jq_check_heap(r);
}

int jqn_infinite_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; FREE_IN(); *out = jqv_number(INFINITY); return JQ_OK; }
int jqn_nan_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; FREE_IN(); *out = jqv_number(NAN); return JQ_OK; }

static int num_pred(jq_run *r, jv in, jv *out, int which)
{
    if (in.kind != JV_NUMBER) {
        int st = jq_type_error(r, in, "number required");
        FREE_IN();
        return st;
    }
    double d = jqv_num(in);
    FREE_IN();
    *out = jqv_bool(which == 0 ? isinf(d) : which == 1 ? isnan(d) : isnormal(d));
    return JQ_OK;
}

int jqn_isinfinite_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return num_pred(r, in, out, 0); }
int jqn_isnan_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return num_pred(r, in, out, 1); }
int jqn_isnormal_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return num_pred(r, in, out, 2); }

int jqn_sort_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind != JV_ARRAY) {
        int st = jq_type_error(r, in, "cannot be sorted, as it is not an array");
        FREE_IN();
        return st;
    }
    in = jqv_array_unshare(&r->h, in);
    if (in.kind == JV_NONE) return jq_check_heap(r);
    jqv_sort_values(&r->h, in.u.a->v, jqv_array_len(in));
    *out = in;
    return jq_check_heap(r);
}

int jqn_reverse_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jvh *h = &r->h;
    if (in.kind == JV_STRING) {
        const char *p = jqv_str_p(in);
        size_t n = jqv_str_len(in);
        sk_buf b = SK_BUF_INIT(h->a);
        if (sk_buf_reserve(&b, n + 1)) { FREE_IN(); h->oom = 1; return jq_check_heap(r); }
        b.len = n;
        size_t i = 0;
        while (i < n) {
            size_t l = 1;
            while (i + l < n && ((unsigned char)p[i + l] & 0xc0) == 0x80) l++;
            memcpy(b.p + n - i - l, p + i, l);
            i += l;
        }
        *out = jqv_string_raw(h, b.p, n);
        sk_buf_free(&b);
        FREE_IN();
        return jq_check_heap(r);
    }
    if (in.kind == JV_NULL) { *out = jqv_array(h); return jq_check_heap(r); }
    if (in.kind == JV_ARRAY) {
        size_t n = jqv_array_len(in);
        jv a = jqv_array_sized(h, n);
        for (size_t i = n; i > 0; i--) a = jqv_array_append(h, a, jqv_copy(jqv_array_at(in, i - 1)));
        FREE_IN();
        *out = a;
        return jq_check_heap(r);
    }
    if ((in.kind == JV_OBJECT && jqv_object_len(in) == 0) || (in.kind == JV_NUMBER && jqv_num(in) == 0)) {
        FREE_IN();
        *out = jqv_array(h);
        return jq_check_heap(r);
    }
    int st = jq_errorf(r, "Cannot index %s with number", jqv_kind_name(jqv_kind_of(in)));
    FREE_IN();
    return st;
}

static int affix(jq_run *r, jv in, jv *args, jv *out, int end, const char *name)
{
    if (in.kind != JV_STRING || args[0].kind != JV_STRING) {
        FREE_IN();
        FREE_ARG(0);
        return jq_errorf(r, "%s() requires string inputs", name);
    }
    size_t n = jqv_str_len(in), m = jqv_str_len(args[0]);
    int res = m <= n && memcmp(jqv_str_p(in) + (end ? n - m : 0), jqv_str_p(args[0]), m) == 0;
    FREE_IN();
    FREE_ARG(0);
    *out = jqv_bool(res);
    return JQ_OK;
}

int jqn_startswith_1(jq_run *r, jv in, jv *args, jv *out) { return affix(r, in, args, out, 0, "startswith"); }
int jqn_endswith_1(jq_run *r, jv in, jv *args, jv *out) { return affix(r, in, args, out, 1, "endswith"); }

static int trimstr(jq_run *r, jv in, jv *args, jv *out, int end)
{
    jv x = args[0];
    if (in.kind == JV_STRING && x.kind == JV_STRING) {
        size_t n = jqv_str_len(in), m = jqv_str_len(x);
        if (m <= n && memcmp(jqv_str_p(in) + (end ? n - m : 0), jqv_str_p(x), m) == 0) {
            *out = jqv_string_raw(&r->h, jqv_str_p(in) + (end ? 0 : m), n - m);
            FREE_IN();
            FREE_ARG(0);
            return jq_check_heap(r);
        }
    }
    FREE_ARG(0);
    *out = in;
    return JQ_OK;
}

int jqn_ltrimstr_1(jq_run *r, jv in, jv *args, jv *out) { return trimstr(r, in, args, out, 0); }
int jqn_rtrimstr_1(jq_run *r, jv in, jv *args, jv *out) { return trimstr(r, in, args, out, 1); }

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

static int trim(jq_run *r, jv in, jv *out, int left, int right)
{
    if (in.kind != JV_STRING) {
        int st = jq_type_error(r, in, "trim input must be a string");
        FREE_IN();
        return st;
    }
    const char *p = jqv_str_p(in);
    size_t s = 0, e = jqv_str_len(in);
    if (left) while (s < e && is_space((unsigned char)p[s])) s++;
    if (right) while (e > s && is_space((unsigned char)p[e - 1])) e--;
    *out = jqv_string_raw(&r->h, p + s, e - s);
    FREE_IN();
    return jq_check_heap(r);
}

int jqn_trim_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return trim(r, in, out, 1, 1); }
int jqn_ltrim_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return trim(r, in, out, 1, 0); }
int jqn_rtrim_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return trim(r, in, out, 0, 1); }

int jqn_explode_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind != JV_STRING) { FREE_IN(); return jq_errorf(r, "explode input must be a string"); }
    const char *p = jqv_str_p(in);
    size_t n = jqv_str_len(in);
    jv a = jqv_array_sized(&r->h, n);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int l = jqv_utf8_decode(p + i, n - i, &cp);
        a = jqv_array_append(&r->h, a, jqv_number(cp));
        i += (size_t)l;
    }
    FREE_IN();
    *out = a;
    return jq_check_heap(r);
}

int jqn_implode_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind != JV_ARRAY) { FREE_IN(); return jq_errorf(r, "implode input must be an array"); }
    sk_buf b = SK_BUF_INIT(r->h.a);
    for (size_t i = 0; i < jqv_array_len(in); i++) {
        jv x = jqv_array_at(in, i);
        if (x.kind != JV_NUMBER) {
            int st = jq_type_error(r, x, "can't be imploded, unicode codepoint needs to be numeric");
            sk_buf_free(&b);
            FREE_IN();
            return st;
        }
        double d = jqv_num(x);
        uint32_t cp = (d < 0 || d > 0x10FFFF || isnan(d) || (d >= 0xD800 && d <= 0xDFFF)) ? 0xFFFD : (uint32_t)d;
        char u[4];
        int l = jqv_utf8_encode(cp, u);
        if (sk_buf_put(&b, u, (size_t)l)) r->h.oom = 1;
    }
    *out = jqv_string_raw(&r->h, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    FREE_IN();
    return jq_check_heap(r);
}

int jqn_split_1(jq_run *r, jv in, jv *args, jv *out)
{
    if (in.kind != JV_STRING || args[0].kind != JV_STRING) {
        FREE_IN();
        FREE_ARG(0);
        return jq_errorf(r, "split input and separator must be strings");
    }
    return jq_binop(r, '/', in, args[0], out);
}

int jqn_join_1(jq_run *r, jv in, jv *args, jv *out)
{
    jvh *h = &r->h;
    jv sep = args[0];
    jv items;
    if (in.kind == JV_ARRAY) items = in;
    else if (in.kind == JV_OBJECT) {
        items = jqv_array(h);
        JV_OBJECT_FOREACH(in, s) items = jqv_array_append(h, items, jqv_copy(s->val));
        FREE_IN();
    } else {
        jv d = jqv_dump_trunc(h, in, 15);
        int st = jq_errorf(r, "Cannot iterate over %s (%s)", jqv_kind_name(jqv_kind_of(in)), d.kind == JV_STRING ? jqv_str_p(d) : "");
        jqv_free(h, d);
        FREE_IN();
        FREE_ARG(0);
        return st;
    }
    size_t n = jqv_array_len(items);
    if (n == 0) { jqv_free(h, items); FREE_ARG(0); *out = jqv_string_raw(h, "", 0); return jq_check_heap(r); }
    if (sep.kind == JV_STRING) {
        /* fast path: one buffer */
        sk_buf b = SK_BUF_INIT(h->a);
        int st = JQ_OK;
        for (size_t i = 0; i < n && !st; i++) {
            jv x = jqv_array_at(items, i);
            if (i && sk_buf_put(&b, jqv_str_p(sep), jqv_str_len(sep))) h->oom = 1;
            if (x.kind == JV_NULL) continue;
            if (x.kind == JV_STRING) { if (sk_buf_put(&b, jqv_str_p(x), jqv_str_len(x))) h->oom = 1; }
            else if (x.kind == JV_NUMBER || x.kind == JV_TRUE || x.kind == JV_FALSE) {
                jv t = jqv_dump_string(h, x);
                if (t.kind == JV_STRING && sk_buf_put(&b, jqv_str_p(t), jqv_str_len(t))) h->oom = 1;
                jqv_free(h, t);
            } else {
                jv acc = jqv_string_raw(h, b.p ? b.p : "", b.len);
                st = jq_type_error2(r, acc, x, "cannot be added");
                jqv_free(h, acc);
            }
        }
        if (!st) *out = jqv_string_raw(h, b.p ? b.p : "", b.len);
        sk_buf_free(&b);
        jqv_free(h, items);
        FREE_ARG(0);
        return st ? st : jq_check_heap(r);
    }
    /* a non-string separator: jq's reduce with + */
    jv acc = jqv_null();
    int st = JQ_OK;
    for (size_t i = 0; i < n && !st; i++) {
        jv x = jqv_array_at(items, i);
        jv a = acc.kind == JV_NULL ? jqv_string_raw(h, "", 0) : acc;
        if (acc.kind != JV_NULL) { st = jq_binop(r, '+', a, jqv_copy(sep), &a); if (st) break; }
        jv part = x.kind == JV_NULL ? jqv_string_raw(h, "", 0)
                  : (x.kind == JV_NUMBER || x.kind == JV_TRUE || x.kind == JV_FALSE) ? jqv_dump_string(h, x) : jqv_copy(x);
        st = jq_binop(r, '+', a, part, &acc);
    }
    jqv_free(h, items);
    FREE_ARG(0);
    if (st) return st;
    *out = acc;
    return JQ_OK;
}

static int ascii_case(jq_run *r, jv in, jv *out, int up)
{
    if (in.kind != JV_STRING) { FREE_IN(); return jq_errorf(r, "explode input must be a string"); }
    jv s = jqv_string_raw(&r->h, jqv_str_p(in), jqv_str_len(in));
    if (s.kind == JV_NONE) { FREE_IN(); return jq_check_heap(r); }
    char *p = s.u.s->p;
    for (size_t i = 0; i < s.u.s->len; i++) {
        if (up && p[i] >= 'a' && p[i] <= 'z') p[i] = (char)(p[i] - 32);
        else if (!up && p[i] >= 'A' && p[i] <= 'Z') p[i] = (char)(p[i] + 32);
    }
    FREE_IN();
    *out = s;
    return JQ_OK;
}

int jqn_ascii_downcase_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return ascii_case(r, in, out, 0); }
int jqn_ascii_upcase_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return ascii_case(r, in, out, 1); }

int jqn_env_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    FREE_IN();
    *out = jqv_copy(r->env);
    return JQ_OK;
}

int jqn_builtins_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    FREE_IN();
    return jq_builtin_names(r, out);
}

int jqn_tojson_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    *out = jqv_dump_string(&r->h, in);
    FREE_IN();
    return jq_check_heap(r);
}

int jqn_fromjson_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind != JV_STRING) {
        int st = jq_type_error(r, in, "only strings can be parsed");
        FREE_IN();
        return st;
    }
    jv err;
    jv v = jqv_parse_text(&r->h, jqv_str_p(in), jqv_str_len(in), &err);
    FREE_IN();
    if (v.kind == JV_NONE) {
        if (err.kind == JV_STRING) return jq_error(r, err);
        return jq_check_heap(r);
    }
    *out = v;
    return JQ_OK;
}

int jqn_setpath_2(jq_run *r, jv in, jv *args, jv *out) { return jq_setpath(r, in, args[0], args[1], out); }
int jqn_delpaths_1(jq_run *r, jv in, jv *args, jv *out) { return jq_delpaths(r, in, args[0], out); }

int jqn_to_entries_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jvh *h = &r->h;
    if (in.kind == JV_OBJECT) {
        jv a = jqv_array_sized(h, jqv_object_len(in));
        JV_OBJECT_FOREACH(in, s) {
            jv key = jqv_mk(JV_STRING);
            key.u.s = s->key;
            jv e = jqv_object(h);
            e = jqv_object_setz(h, e, "key", jqv_copy(key));
            e = jqv_object_setz(h, e, "value", jqv_copy(s->val));
            a = jqv_array_append(h, a, e);
        }
        FREE_IN();
        *out = a;
        return jq_check_heap(r);
    }
    if (in.kind == JV_ARRAY) {
        jv a = jqv_array_sized(h, jqv_array_len(in));
        for (size_t i = 0; i < jqv_array_len(in); i++) {
            jv e = jqv_object(h);
            e = jqv_object_setz(h, e, "key", jqv_number((double)i));
            e = jqv_object_setz(h, e, "value", jqv_copy(jqv_array_at(in, i)));
            a = jqv_array_append(h, a, e);
        }
        FREE_IN();
        *out = a;
        return jq_check_heap(r);
    }
    int st = jq_type_error(r, in, "has no keys");
    FREE_IN();
    return st;
}

/* jq 1.7: key from .key (or k/name/Name/K/Key when .key is null),
 * value from .value if present, else .v */
int jqn_from_entries_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jvh *h = &r->h;
    jv items;
    if (in.kind == JV_ARRAY) items = in;
    else if (in.kind == JV_OBJECT) {
        items = jqv_array(h);
        JV_OBJECT_FOREACH(in, s) items = jqv_array_append(h, items, jqv_copy(s->val));
        FREE_IN();
    } else {
        jv d = jqv_dump_trunc(h, in, 15);
        int st = jq_errorf(r, "Cannot iterate over %s (%s)", jqv_kind_name(jqv_kind_of(in)), d.kind == JV_STRING ? jqv_str_p(d) : "");
        jqv_free(h, d);
        FREE_IN();
        return st;
    }
    jv o = jqv_object(h);
    int st = JQ_OK;
    static const char *const alt[] = { "k", "name", "Name", "K", "Key" };
    for (size_t i = 0; i < jqv_array_len(items) && !st; i++) {
        jv x = jqv_array_at(items, i);
        jv key, val;
        if (x.kind != JV_OBJECT && x.kind != JV_NULL) {
            jv kk = jqv_string_raw(h, "key", 3);
            st = jq_index(r, jqv_copy(x), kk, &key);
            if (!st) { jqv_free(h, key); st = jq_errorf(r, "Cannot index %s with \"key\"", jqv_kind_name(jqv_kind_of(x))); }
            break;
        }
        key = jqv_object_get(x, "key", 3);
        if (key.kind == JV_NULL) {
            for (int j = 0; j < 5 && !jqv_truthy(key); j++) {
                jqv_free(h, key);
                key = jqv_object_get(x, alt[j], strlen(alt[j]));
            }
        }
        if (jqv_object_find(x, "value", 5)) val = jqv_object_get(x, "value", 5);
        else if (jqv_object_find(x, "v", 1)) val = jqv_object_get(x, "v", 1);
        else val = jqv_object_get(x, "Value", 5);
        if (key.kind != JV_STRING) {
            jv d = jqv_dump_trunc(h, key, 15);
            st = jq_errorf(r, "Cannot use %s (%s) as object key", jqv_kind_name(jqv_kind_of(key)), d.kind == JV_STRING ? jqv_str_p(d) : "");
            jqv_free(h, d);
            jqv_free(h, key);
            jqv_free(h, val);
            break;
        }
        o = jqv_object_set(h, o, key, val);
    }
    jqv_free(h, items);
    if (st) { jqv_free(h, o); return st; }
    *out = o;
    return jq_check_heap(r);
}

int jqn_indices_1(jq_run *r, jv in, jv *args, jv *out)
{
    jvh *h = &r->h;
    jv x = args[0];
    if (in.kind == JV_NULL) { FREE_ARG(0); *out = jqv_null(); return JQ_OK; }
    if (in.kind == JV_STRING && x.kind == JV_STRING) {
        /* byte offsets, as jq's _strindices */
        jv a = jqv_array(h);
        size_t n = jqv_str_len(in), m = jqv_str_len(x);
        if (m > 0) {
            const char *p = jqv_str_p(in);
            for (size_t i = 0; i + m <= n; i++)
                if (memcmp(p + i, jqv_str_p(x), m) == 0) a = jqv_array_append(h, a, jqv_number((double)i));
        } else {
            jqv_free(h, a);
            a = jqv_null();
        }
        FREE_IN();
        FREE_ARG(0);
        *out = a;
        return jq_check_heap(r);
    }
    if (in.kind == JV_ARRAY && x.kind != JV_ARRAY) {
        jv wrap = jqv_array_append(h, jqv_array(h), x);
        return jq_index(r, in, wrap, out);
    }
    return jq_index(r, in, x, out);
}

int jqn_abs_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind != JV_NUMBER) {
        int st = jq_type_error(r, in, "has no absolute value");
        FREE_IN();
        return st;
    }
    double d = jqv_num(in);
    if (d < 0) { FREE_IN(); *out = jqv_number(-d); }
    else *out = in;
    return JQ_OK;
}

int jqn_toarray_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    if (in.kind == JV_ARRAY) { *out = in; return JQ_OK; }
    *out = jqv_array_append(&r->h, jqv_array(&r->h), in);
    return jq_check_heap(r);
}

int jqn_have_literal_numbers_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; FREE_IN(); *out = jqv_true(); return JQ_OK; }
int jqn_have_decnum_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; FREE_IN(); *out = jqv_false(); return JQ_OK; }

/* bsearch: index of target in a sorted array, or (-1 - insertion point) */
int jqn_bsearch_1(jq_run *r, jv in, jv *args, jv *out)
{
    if (in.kind != JV_ARRAY) {
        int st = jq_type_error(r, in, "cannot be searched from");
        FREE_IN();
        FREE_ARG(0);
        return st;
    }
    size_t lo = 0, hi = jqv_array_len(in);
    long found = -1;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = jqv_cmp(&r->h, jqv_array_at(in, mid), args[0]);
        if (c == 0) { found = (long)mid; break; }
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    *out = jqv_number(found >= 0 ? (double)found : -1.0 - (double)lo);
    FREE_IN();
    FREE_ARG(0);
    return JQ_OK;
}
