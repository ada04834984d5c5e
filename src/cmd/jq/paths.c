/* paths.c — getpath/setpath/delpaths and the assignment operators
 * (=, |=, +=, -=, *=, /=, %=, //=) with jq 1.7's semantics: paths are
 * computed on the original input, updates apply to the running result,
 * and `|= empty` deletes the paths at the end. */
#include <math.h>
#include <string.h>

#include "base/stack.h"
#include "eval.h"

int jq_getpath(jq_run *r, jv t, jv path, jv *out)
{
    jvh *h = &r->h;
    if (path.kind == JV_NULL) { *out = t; return JQ_OK; }
    if (path.kind != JV_ARRAY) {
        jqv_free(h, t);
        jqv_free(h, path);
        return jq_errorf(r, "Path must be specified as an array");
    }
    for (size_t i = 0; i < jqv_array_len(path); i++) {
        if (t.kind == JV_NULL) break;
        jv nt;
        int st = jq_index(r, t, jqv_copy(jqv_array_at(path, i)), &nt);
        if (st) { jqv_free(h, path); return st; }
        t = nt;
    }
    jqv_free(h, path);
    *out = t;
    return JQ_OK;
}

/* jq's parse_slice for assignment: bounds of k (an object) in t. */
static int slice_of(jq_run *r, size_t len, jv k, size_t *ps, size_t *pe)
{
    jv *from = jqv_object_find(k, "start", 5), *to = jqv_object_find(k, "end", 3);
    jv f = from ? *from : jqv_null(), e = to ? *to : jqv_null();
    if (f.kind == JV_NULL) f = jqv_number(0);
    if (e.kind == JV_NULL) e = jqv_number((double)len);
    if (f.kind != JV_NUMBER || e.kind != JV_NUMBER)
        return jq_errorf(r, "Start and end indices of an array slice must be numbers");
    double ds = jqv_num(f), de = jqv_num(e), l = (double)len;
    if (ds < 0) ds += l;
    if (de < 0) de += l;
    if (ds < 0) ds = 0;
    if (ds > l) ds = l;
    if (de > l) de = l;
    if (de < ds) de = ds;
    *ps = (size_t)ds;
    *pe = de > (double)(size_t)de ? (size_t)de + 1 : (size_t)de;
    if (*pe > len) *pe = len;
    return JQ_OK;
}

/* t[k] = v (jq's jqv_set); consumes t and v, borrows k. */
static int set1(jq_run *r, jv t, jv k, jv v, jv *out)
{
    jvh *h = &r->h;
    if (k.kind == JV_STRING && (t.kind == JV_OBJECT || t.kind == JV_NULL)) {
        if (t.kind == JV_NULL) t = jqv_object(h);
        *out = jqv_object_set(h, t, jqv_copy(k), v);
        return jq_check_heap(r);
    }
    if (k.kind == JV_NUMBER && (t.kind == JV_ARRAY || t.kind == JV_NULL)) {
        if (t.kind == JV_NULL) t = jqv_array(h);
        double d = jqv_num(k);
        if (isnan(d)) { jqv_free(h, t); jqv_free(h, v); return jq_errorf(r, "Cannot set array element at NaN index"); }
        d = trunc(d);
        if (d < 0) {
            d += (double)jqv_array_len(t);
            if (d < 0) { jqv_free(h, t); jqv_free(h, v); return jq_errorf(r, "Out of bounds negative array index"); }
        }
        if (d > 536870912.0) { jqv_free(h, t); jqv_free(h, v); return jq_errorf(r, "Array index too large"); }
        *out = jqv_array_set(h, t, (size_t)d, v);
        return jq_check_heap(r);
    }
    if (k.kind == JV_OBJECT && (t.kind == JV_ARRAY || t.kind == JV_NULL)) {
        if (t.kind == JV_NULL) t = jqv_array(h);
        size_t s, e;
        int st = slice_of(r, jqv_array_len(t), k, &s, &e);
        if (st) { jqv_free(h, t); jqv_free(h, v); return st; }
        if (v.kind != JV_ARRAY) {
            jqv_free(h, t);
            jqv_free(h, v);
            return jq_errorf(r, "A slice of an array can only be assigned another array");
        }
        jv res = jqv_array_sized(h, jqv_array_len(t) - (e - s) + jqv_array_len(v));
        for (size_t i = 0; i < s; i++) res = jqv_array_append(h, res, jqv_copy(jqv_array_at(t, i)));
        for (size_t i = 0; i < jqv_array_len(v); i++) res = jqv_array_append(h, res, jqv_copy(jqv_array_at(v, i)));
        for (size_t i = e; i < jqv_array_len(t); i++) res = jqv_array_append(h, res, jqv_copy(jqv_array_at(t, i)));
        jqv_free(h, t);
        jqv_free(h, v);
        *out = res;
        return jq_check_heap(r);
    }
    jqv_free(h, v);
    int st = jq_errorf(r, "Cannot update field at object index of %s", jqv_kind_name(jqv_kind_of(t)));
    jqv_free(h, t);
    return st;
}

static int setpath_rec(jq_run *r, jv t, jv path, size_t i, jv v, jv *out, int depth)
{
    jvh *h = &r->h;
    if (i == jqv_array_len(path)) { jqv_free(h, t); *out = v; return JQ_OK; }
    if (depth > 100000 || sk_stack_low(r->stack_limit)) {
        jqv_free(h, t);
        jqv_free(h, v);
        return jq_errorf(r, "path too deep");
    }
    jv k = jqv_array_at(path, i);
    jv sub;
    int st = jq_index(r, jqv_copy(t), jqv_copy(k), &sub);
    if (st) { jqv_free(h, t); jqv_free(h, v); return st; }
    /* drop t's reference to the child so that the child can be updated in place */
    if (k.kind != JV_OBJECT && sub.kind != JV_NULL && jqv_refcnt(sub) > 1) {
        jv t2;
        st = set1(r, t, k, jqv_null(), &t2);
        if (st) { jqv_free(h, sub); jqv_free(h, v); return st; }
        t = t2;
    }
    jv nsub;
    st = setpath_rec(r, sub, path, i + 1, v, &nsub, depth + 1);
    if (st) { jqv_free(h, t); return st; }
    return set1(r, t, k, nsub, out);
}

int jq_setpath(jq_run *r, jv t, jv path, jv v, jv *out)
{
    if (path.kind != JV_ARRAY) {
        jqv_free(&r->h, t);
        jqv_free(&r->h, path);
        jqv_free(&r->h, v);
        return jq_errorf(r, "Path must be specified as an array");
    }
    int st = setpath_rec(r, t, path, 0, v, out, 0);
    jqv_free(&r->h, path);
    return st;
}

/* Delete keys (all at one level) from t. */
static int dels(jq_run *r, jv t, jv *keys, size_t nkeys, jv *out)
{
    jvh *h = &r->h;
    if (t.kind == JV_NULL || nkeys == 0) { *out = t; return JQ_OK; }
    if (t.kind == JV_ARRAY) {
        size_t len = jqv_array_len(t);
        unsigned char *del = sk_malloc(h->a, len ? len : 1);
        if (!del) { jqv_free(h, t); h->oom = 1; return jq_check_heap(r); }
        memset(del, 0, len ? len : 1);
        int st = JQ_OK;
        for (size_t i = 0; i < nkeys && !st; i++) {
            jv k = keys[i];
            if (k.kind == JV_NUMBER) {
                double d = trunc(jqv_num(k));
                if (d < 0) d += (double)len;
                if (d >= 0 && d < (double)len) del[(size_t)d] = 1;
            } else if (k.kind == JV_OBJECT) {
                size_t s, e;
                st = slice_of(r, len, k, &s, &e);
                for (size_t j = s; !st && j < e; j++) del[j] = 1;
            } else {
                st = jq_errorf(r, "Cannot delete %s element of array", jqv_kind_name(jqv_kind_of(k)));
            }
        }
        if (st) { sk_free(h->a, del); jqv_free(h, t); return st; }
        jv res = jqv_array(h);
        for (size_t i = 0; i < len; i++)
            if (!del[i]) res = jqv_array_append(h, res, jqv_copy(jqv_array_at(t, i)));
        sk_free(h->a, del);
        jqv_free(h, t);
        *out = res;
        return jq_check_heap(r);
    }
    if (t.kind == JV_OBJECT) {
        for (size_t i = 0; i < nkeys; i++) {
            if (keys[i].kind != JV_STRING) {
                jqv_free(h, t);
                return jq_errorf(r, "Cannot delete field at index of %s", jqv_kind_name(jqv_kind_of(keys[i])));
            }
            t = jqv_object_del(h, t, jqv_str_p(keys[i]), jqv_str_len(keys[i]));
        }
        *out = t;
        return jq_check_heap(r);
    }
    int st = jq_errorf(r, "Cannot delete fields from %s", jqv_kind_name(jqv_kind_of(t)));
    jqv_free(h, t);
    return st;
}

/* paths[from..to) are sorted and all longer than `start` */
static int delpaths_sorted(jq_run *r, jv t, jv *paths, size_t n, size_t start, jv *out, int depth)
{
    jvh *h = &r->h;
    if (depth > 100000 || sk_stack_low(r->stack_limit)) { jqv_free(h, t); return jq_errorf(r, "path too deep"); }
    jv *delkeys = sk_malloc(h->a, (n ? n : 1) * sizeof *delkeys);
    if (!delkeys) { jqv_free(h, t); h->oom = 1; return jq_check_heap(r); }
    size_t nd = 0;
    int st = JQ_OK;
    for (size_t i = 0; i < n && !st;) {
        jv key = jqv_array_at(paths[i], start);
        int delkey = jqv_array_len(paths[i]) == start + 1;
        size_t j = i;
        while (j < n && jqv_equal(h, key, jqv_array_at(paths[j], start))) j++;
        if (delkey) {
            delkeys[nd++] = key;
        } else {
            jv sub;
            st = jq_index(r, jqv_copy(t), jqv_copy(key), &sub);
            if (st) break;
            if (sub.kind == JV_NULL) {
                /* nothing to delete below */
            } else {
                jv nsub;
                st = delpaths_sorted(r, sub, paths + i, j - i, start + 1, &nsub, depth + 1);
                if (!st) {
                    jv t2;
                    st = set1(r, t, key, nsub, &t2);
                    t = st ? jqv_null() : t2;
                }
            }
        }
        i = j;
    }
    if (!st) st = dels(r, t, delkeys, nd, out);
    else jqv_free(h, t);
    sk_free(h->a, delkeys);
    return st;
}

int jq_delpaths(jq_run *r, jv t, jv paths, jv *out)
{
    jvh *h = &r->h;
    if (paths.kind != JV_ARRAY) {
        jqv_free(h, t);
        jqv_free(h, paths);
        return jq_errorf(r, "Paths must be specified as an array");
    }
    paths = jqv_array_unshare(h, paths);
    if (paths.kind == JV_NONE) { jqv_free(h, t); return jq_check_heap(r); }
    size_t n = jqv_array_len(paths);
    for (size_t i = 0; i < n; i++) {
        if (jqv_array_at(paths, i).kind != JV_ARRAY) {
            jqv_free(h, t);
            jqv_free(h, paths);
            return jq_errorf(r, "Path must be specified as an array");
        }
    }
    if (n == 0) { jqv_free(h, paths); *out = t; return JQ_OK; }
    jqv_sort_values(h, paths.u.a->v, n);
    if (jqv_array_len(jqv_array_at(paths, 0)) == 0) {
        jqv_free(h, paths);
        jqv_free(h, t);
        *out = jqv_null();
        return JQ_OK;
    }
    int st = delpaths_sorted(r, t, paths.u.a->v, n, 0, out, 0);
    jqv_free(h, paths);
    return st;
}

/* ---- assignment operators ---------------------------------------------------------- */

typedef struct modify_k {
    jq_out base;
    jv acc;                 /* owned: the running result */
    jv dels;                /* owned: paths whose update was empty */
    const jq_node *n;
    const jq_env *env;
    jv rhs;                 /* borrowed: the value for =, op= */
} modify_k;

static int modify_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    modify_k *m = (modify_k *)self;
    jvh *h = &r->h;
    if (path.kind == JV_NULL) return jq_invalid_path_result(r, v);
    jqv_free(h, v);
    int st = jq_tick(r);
    if (st) { jqv_free(h, path); return st; }
    int op = m->n->sub;
    jv newv;
    if (op == '=') {
        newv = jqv_copy(m->rhs);
    } else {
        jv cur;
        st = jq_getpath(r, jqv_copy(m->acc), jqv_copy(path), &cur);
        if (st) { jqv_free(h, path); return st; }
        if (op == '|') {
            int found;
            st = jq_first(r, m->n->b, m->env, cur, &newv, &found);
            if (st) { jqv_free(h, path); return st; }
            if (!found) {
                m->dels = jqv_array_append(h, m->dels, path);
                return jq_check_heap(r);
            }
        } else if (op == OP_ALT) {
            if (jqv_truthy(cur)) newv = cur;
            else { jqv_free(h, cur); newv = jqv_copy(m->rhs); }
        } else {
            st = jq_binop(r, op, cur, jqv_copy(m->rhs), &newv);
            if (st) { jqv_free(h, path); return st; }
        }
    }
    jv acc = m->acc;
    m->acc = jqv_null();
    st = jq_setpath(r, acc, path, newv, &m->acc);
    if (st) m->acc = jqv_null();
    return st;
}

/* Run the update for one right-hand value (or none for |=). */
static int modify(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv rhs, jq_out *k)
{
    jvh *h = &r->h;
    modify_k m = { { modify_fn }, jqv_copy(in), jqv_array(h), n, env, rhs };
    jv root = jqv_array(h);
    int st = jq_eval(r, n->a, env, in, root, &m.base);
    if (!st && jqv_array_len(m.dels)) {
        jv acc = m.acc;
        m.acc = jqv_null();
        st = jq_delpaths(r, acc, m.dels, &m.acc);
        m.dels = jqv_null();
    }
    jqv_free(h, m.dels);
    if (st) { jqv_free(h, m.acc); return st; }
    return k->fn(r, k, m.acc, jqv_none());
}

typedef struct assign_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in;                  /* borrowed */
    jq_out *k;
} assign_k;

static int assign_rhs_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    assign_k *a = (assign_k *)self;
    jqv_free(&r->h, path);
    int st = modify(r, a->n, a->env, jqv_copy(a->in), v, a->k);
    jqv_free(&r->h, v);
    return st;
}

typedef struct nullpath_k {
    jq_out base;
    jq_out *k;
} nullpath_k;

static int nullpath_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    nullpath_k *p = (nullpath_k *)self;
    jqv_free(&r->h, path);
    return p->k->fn(r, p->k, v, jqv_null());
}

int jq_eval_assign(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    nullpath_k np = { { nullpath_fn }, k };
    jq_out *out = path.kind != JV_NONE ? &np.base : k;
    jqv_free(&r->h, path);
    int st;
    if (n->sub == '|') {
        st = modify(r, n, env, in, jqv_null(), out);
        return st;
    }
    assign_k a = { { assign_rhs_fn }, n, env, in, out };
    if (n->b->op == N_LITERAL) st = assign_rhs_fn(r, &a.base, jqv_copy(n->b->val), jqv_none());
    else st = jq_eval(r, n->b, env, jqv_copy(in), jqv_none(), &a.base);
    jqv_free(&r->h, in);
    return st;
}
