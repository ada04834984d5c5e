/* eval.c — the core of the jq evaluator: one function per node kind, all
 * in continuation-passing style (see eval.h).  Cartesian products follow
 * jq's order: for binary operators and natives the last operand is the
 * outer loop; for object construction and $parameters the first.
 * Recursion is bounded by r->max_depth and the C-stack guard. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "eval.h"

/* ---- errors and small helpers ------------------------------------------------- */

int jq_error(jq_run *r, jv msg)
{
    jqv_free(&r->h, r->err);
    r->err = msg;
    return JQ_ERR;
}

int jq_errorf(jq_run *r, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof tmp) n = sizeof tmp - 1;
    return jq_error(r, jqv_string(&r->h, tmp, (size_t)n));
}

#define ERRBUF 15   /* jq's errbuf size for values in type errors */

int jq_type_error(jq_run *r, jv v, const char *msg)
{
    jv d = jqv_dump_trunc(&r->h, v, ERRBUF);
    int st = jq_errorf(r, "%s (%s) %s", jqv_kind_name(jqv_kind_of(v)), d.kind == JV_STRING ? jqv_str_p(d) : "", msg);
    jqv_free(&r->h, d);
    return st;
}

int jq_type_error2(jq_run *r, jv a, jv b, const char *msg)
{
    jv da = jqv_dump_trunc(&r->h, a, ERRBUF), db = jqv_dump_trunc(&r->h, b, ERRBUF);
    int st = jq_errorf(r, "%s (%s) and %s (%s) %s", jqv_kind_name(jqv_kind_of(a)), da.kind == JV_STRING ? jqv_str_p(da) : "",
                       jqv_kind_name(jqv_kind_of(b)), db.kind == JV_STRING ? jqv_str_p(db) : "", msg);
    jqv_free(&r->h, da);
    jqv_free(&r->h, db);
    return st;
}

int jq_check_heap(jq_run *r)
{
    if (r->h.oom) {
        r->halted = 1;
        return JQ_HALT;
    }
    if (r->h.too_deep) {
        r->h.too_deep = 0;
        return jq_errorf(r, "value nested too deeply");
    }
    return JQ_OK;
}

int jq_tick(jq_run *r)
{
    if (r->h.oom) { r->halted = 1; return JQ_HALT; }
    if ((++r->steps & 1023) == 0 && r->aborted && r->aborted(r->host)) { r->halted = 1; return JQ_HALT; }
    return JQ_OK;
}

static int invalid_path(jq_run *r, jv v)
{
    jv d = jqv_dump_trunc(&r->h, v, 30);
    int st = jq_errorf(r, "Invalid path expression with result %s", d.kind == JV_STRING ? jqv_str_p(d) : "");
    jqv_free(&r->h, d);
    jqv_free(&r->h, v);
    return st;
}

/* In path mode a value that is not at a path travels with a null path;
 * the next path operation (or the consumer) reports it, as jq does. */
int jq_emit(jq_run *r, jq_out *k, jv v, jv path)
{
    if (v.kind == JV_NONE) { jqv_free(&r->h, path); return jq_check_heap(r); }
    if (path.kind != JV_NONE) {
        jqv_free(&r->h, path);
        path = jqv_null();
    }
    return k->fn(r, k, v, path);
}

int jq_invalid_path_result(jq_run *r, jv v)
{
    return invalid_path(r, v);
}

int jq_invalid_path_access(jq_run *r, jv t, jv key)
{
    jv dk = jqv_dump_trunc(&r->h, key, 30), dt = jqv_dump_trunc(&r->h, t, 30);
    int st = jq_errorf(r, "Invalid path expression near attempt to access element %s of %s",
                       dk.kind == JV_STRING ? jqv_str_p(dk) : "", dt.kind == JV_STRING ? jqv_str_p(dt) : "");
    jqv_free(&r->h, dk);
    jqv_free(&r->h, dt);
    return st;
}

int jq_path_append(jq_run *r, jv path, jv key, jv *out)
{
    if (path.kind == JV_NONE) { jqv_free(&r->h, key); *out = path; return JQ_OK; }
    *out = jqv_array_append(&r->h, path, key);
    return out->kind == JV_NONE ? jq_check_heap(r) : JQ_OK;
}

static jv copy_path(jv p) { return jqv_copy(p); }

/* ---- collecting outputs ------------------------------------------------------- */

typedef struct collect_k {
    jq_out base;
    jv arr;
} collect_k;

static int collect_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    collect_k *c = (collect_k *)self;
    jqv_free(&r->h, path);
    c->arr = jqv_array_append(&r->h, c->arr, v);
    if (c->arr.kind == JV_NONE) return jq_check_heap(r);
    return JQ_OK;
}

int jq_collect(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv *out)
{
    collect_k c = { { collect_fn }, jqv_array(&r->h) };
    int st = jq_eval(r, n, env, in, jqv_none(), &c.base);
    if (st) { jqv_free(&r->h, c.arr); *out = jqv_none(); return st; }
    *out = c.arr;
    return c.arr.kind == JV_NONE ? jq_check_heap(r) : JQ_OK;
}

typedef struct first_k {
    jq_out base;
    jv v;
    int found;
    uint64_t id;
} first_k;

static int first_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    first_k *f = (first_k *)self;
    jqv_free(&r->h, path);
    f->v = v;
    f->found = 1;
    r->brk = f->id;
    return JQ_BREAK;
}

int jq_first(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv *out, int *found)
{
    first_k f = { { first_fn }, jqv_none(), 0, ++r->next_label };
    int st = jq_eval(r, n, env, in, jqv_none(), &f.base);
    if (st == JQ_BREAK && r->brk == f.id) st = JQ_OK;
    *found = f.found;
    *out = f.found ? f.v : jqv_none();
    if (st && f.found) { jqv_free(&r->h, f.v); *out = jqv_none(); *found = 0; }
    return st;
}

/* ---- environment lookups ------------------------------------------------------ */

static const jq_env *find_frame(const jq_env *e, const void *key, int kind)
{
    for (; e; e = e->up)
        if (e->key == key && e->kind == kind) return e;
    return NULL;
}

/* ---- pipes, commas ------------------------------------------------------------- */

typedef struct pipe_k {
    jq_out base;
    const jq_node *rhs;
    const jq_env *env;
    jq_out *k;
} pipe_k;

static int pipe_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    pipe_k *p = (pipe_k *)self;
    return jq_eval(r, p->rhs, p->env, v, path, p->k);
}

/* ---- indexing ------------------------------------------------------------------ */

typedef struct index_k {
    jq_out base;
    jv key;                 /* borrowed */
    jq_out *k;
} index_k;

static int index_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    index_k *x = (index_k *)self;
    jv res;
    if (path.kind == JV_NULL) {
        int st = jq_invalid_path_access(r, v, x->key);
        jqv_free(&r->h, v);
        return st;
    }
    int st = jq_index(r, v, jqv_copy(x->key), &res);
    if (st) { jqv_free(&r->h, path); return st; }
    if (path.kind != JV_NONE) {
        st = jq_path_append(r, path, jqv_copy(x->key), &path);
        if (st) { jqv_free(&r->h, res); return st; }
    }
    return x->k->fn(r, x->k, res, path);
}

typedef struct indexkey_k {
    jq_out base;
    const jq_node *subject;
    const jq_env *env;
    jv in, path;            /* borrowed */
    jq_out *k;
} indexkey_k;

static int apply_index(jq_run *r, const jq_node *subject, const jq_env *env, jv in, jv path, jv key, jq_out *k)
{
    index_k x = { { index_fn }, key, k };
    if (subject->op == N_IDENTITY) return index_fn(r, &x.base, in, path);
    return jq_eval(r, subject, env, in, path, &x.base);
}

static int indexkey_fn(jq_run *r, jq_out *self, jv key, jv kpath)
{
    indexkey_k *x = (indexkey_k *)self;
    jqv_free(&r->h, kpath);
    int st = apply_index(r, x->subject, x->env, jqv_copy(x->in), copy_path(x->path), key, x->k);
    jqv_free(&r->h, key);
    return st;
}

static __attribute__((noinline)) int eval_index(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    if (n->b->op == N_LITERAL) return apply_index(r, n->a, env, in, path, n->b->val, k);
    indexkey_k x = { { indexkey_fn }, n->a, env, in, path, k };
    int st = jq_eval(r, n->b, env, jqv_copy(in), jqv_none(), &x.base);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

/* slices: from (outer), to, then the subject */
typedef struct slice_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in, path;            /* borrowed */
    jv from;                /* set when the `to` loop runs */
    int stage;
    jq_out *k;
} slice_k;

typedef struct slicev_k {
    jq_out base;
    jv from, to;            /* borrowed */
    jq_out *k;
} slicev_k;

static int slicev_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    slicev_k *s = (slicev_k *)self;
    jv res;
    if (path.kind == JV_NULL) {
        jv key = jqv_object(&r->h);
        key = jqv_object_setz(&r->h, key, "start", jqv_copy(s->from));
        key = jqv_object_setz(&r->h, key, "end", jqv_copy(s->to));
        int st = jq_invalid_path_access(r, v, key);
        jqv_free(&r->h, key);
        jqv_free(&r->h, v);
        return st;
    }
    int st = jq_slice(r, v, jqv_copy(s->from), jqv_copy(s->to), &res);
    if (st) { jqv_free(&r->h, path); return st; }
    if (path.kind != JV_NONE) {
        jv key = jqv_object(&r->h);
        key = jqv_object_setz(&r->h, key, "start", jqv_copy(s->from));
        key = jqv_object_setz(&r->h, key, "end", jqv_copy(s->to));
        st = jq_path_append(r, path, key, &path);
        if (st) { jqv_free(&r->h, res); return st; }
    }
    return s->k->fn(r, s->k, res, path);
}

static int slice_apply(jq_run *r, slice_k *s, jv from, jv to)
{
    slicev_k x = { { slicev_fn }, from, to, s->k };
    if (s->n->a->op == N_IDENTITY) return slicev_fn(r, &x.base, jqv_copy(s->in), copy_path(s->path));
    return jq_eval(r, s->n->a, s->env, jqv_copy(s->in), copy_path(s->path), &x.base);
}

static int slice_to_fn(jq_run *r, jq_out *self, jv to, jv tpath)
{
    slice_k *s = (slice_k *)self;
    jqv_free(&r->h, tpath);
    int st = slice_apply(r, s, s->from, to);
    jqv_free(&r->h, to);
    return st;
}

static int slice_from_fn(jq_run *r, jq_out *self, jv from, jv fpath)
{
    slice_k *s = (slice_k *)self;
    jqv_free(&r->h, fpath);
    int st;
    if (!s->n->c) st = slice_apply(r, s, from, jqv_null());
    else {
        slice_k inner = *s;
        inner.base.fn = slice_to_fn;
        inner.from = from;
        st = jq_eval(r, s->n->c, s->env, jqv_copy(s->in), jqv_none(), &inner.base);
    }
    jqv_free(&r->h, from);
    return st;
}

static __attribute__((noinline)) int eval_slice(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    slice_k s = { { slice_from_fn }, n, env, in, path, jqv_null(), 0, k };
    int st;
    if (n->b) st = jq_eval(r, n->b, env, jqv_copy(in), jqv_none(), &s.base);
    else st = slice_from_fn(r, &s.base, jqv_null(), jqv_none());
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

/* iteration */
typedef struct iter_k {
    jq_out base;
    jq_out *k;
} iter_k;

int jq_iterate(jq_run *r, jv v, jv path, jq_out *k)
{
    int st = JQ_OK;
    if (path.kind == JV_NULL) {
        jv d = jqv_dump_trunc(&r->h, v, 30);
        st = jq_errorf(r, "Invalid path expression near attempt to iterate through %s", d.kind == JV_STRING ? jqv_str_p(d) : "");
        jqv_free(&r->h, d);
    } else if (v.kind == JV_ARRAY) {
        for (size_t i = 0; i < jqv_array_len(v) && !st; i++) {
            jv p = jqv_none();
            if (path.kind != JV_NONE && (st = jq_path_append(r, jqv_copy(path), jqv_number((double)i), &p))) break;
            st = k->fn(r, k, jqv_copy(jqv_array_at(v, i)), p);
        }
    } else if (v.kind == JV_OBJECT) {
        jqv_obj *o = v.u.o;
        for (uint32_t i = 0; i < o->used && !st; i++) {
            jqv_slot *s = &o->slots[i];
            if (!s->key) continue;
            jv p = jqv_none();
            if (path.kind != JV_NONE) {
                jv key = jqv_mk(JV_STRING);
                key.u.s = s->key;
                if ((st = jq_path_append(r, jqv_copy(path), jqv_copy(key), &p))) break;
            }
            st = k->fn(r, k, jqv_copy(s->val), p);
        }
    } else {
        jv d = jqv_dump_trunc(&r->h, v, ERRBUF);
        st = jq_errorf(r, "Cannot iterate over %s%s%s%s", jqv_kind_name(jqv_kind_of(v)),
                       " (", d.kind == JV_STRING ? jqv_str_p(d) : "", ")");
        jqv_free(&r->h, d);
    }
    jqv_free(&r->h, v);
    jqv_free(&r->h, path);
    return st;
}

static int iter_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    iter_k *x = (iter_k *)self;
    return jq_iterate(r, v, path, x->k);
}

/* ---- try / optional -------------------------------------------------------------- */

typedef struct try_k {
    jq_out base;
    jq_out *k;
    int downstream;         /* an error came back from after the try */
} try_k;

static int try_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    try_k *t = (try_k *)self;
    int st = t->k->fn(r, t->k, v, path);
    if (st == JQ_ERR) t->downstream = 1;
    return st;
}

static __attribute__((noinline)) int eval_try(jq_run *r, const jq_node *body, const jq_node *handler, const jq_env *env, jv in, jv path,
                    jq_out *k)
{
    try_k t = { { try_fn }, k, 0 };
    jv hin = handler ? jqv_copy(in) : jqv_none();
    jv hpath = handler ? copy_path(path) : jqv_none();
    int st = jq_eval(r, body, env, in, path, &t.base);
    if (st == JQ_ERR && !t.downstream) {
        jv e = r->err;
        r->err = jqv_null();
        if (handler) {
            jqv_free(&r->h, hin);
            jqv_free(&r->h, hpath);
            /* the handler sees the error value (in value mode) */
            return jq_eval(r, handler, env, e, jqv_none(), k);
        }
        jqv_free(&r->h, e);
        st = JQ_OK;
    }
    jqv_free(&r->h, hin);
    jqv_free(&r->h, hpath);
    return st;
}

/* ---- arithmetic and comparison ---------------------------------------------------- */

typedef struct binop_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in;                  /* borrowed */
    jv rhs;                 /* borrowed, in the inner stage */
    jq_out *k;
} binop_k;

static int binop_inner_fn(jq_run *r, jq_out *self, jv lhs, jv lpath)
{
    binop_k *b = (binop_k *)self;
    jqv_free(&r->h, lpath);
    jv res;
    int st = jq_binop(r, b->n->sub, lhs, jqv_copy(b->rhs), &res);
    if (st) return st;
    return b->k->fn(r, b->k, res, jqv_none());
}

static int binop_outer_fn(jq_run *r, jq_out *self, jv rhs, jv rpath)
{
    binop_k *b = (binop_k *)self;
    jqv_free(&r->h, rpath);
    binop_k inner = *b;
    inner.base.fn = binop_inner_fn;
    inner.rhs = rhs;
    int st;
    if (b->n->a->op == N_IDENTITY) st = binop_inner_fn(r, &inner.base, jqv_copy(b->in), jqv_none());
    else if (b->n->a->op == N_LITERAL) st = binop_inner_fn(r, &inner.base, jqv_copy(b->n->a->val), jqv_none());
    else st = jq_eval(r, b->n->a, b->env, jqv_copy(b->in), jqv_none(), &inner.base);
    jqv_free(&r->h, rhs);
    return st;
}

typedef struct pathcheck_k {
    jq_out base;
    jq_out *k;
} pathcheck_k;

/* A value-producing expression reached in path mode: pass the value on
 * with a null path (see jq_emit). */
static int pathcheck_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    pathcheck_k *p = (pathcheck_k *)self;
    jqv_free(&r->h, path);
    return p->k->fn(r, p->k, v, jqv_null());
}

static __attribute__((noinline)) int eval_binop(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    pathcheck_k pc = { { pathcheck_fn }, k };
    jq_out *out = path.kind != JV_NONE ? &pc.base : k;
    jqv_free(&r->h, path);
    binop_k b = { { binop_outer_fn }, n, env, in, jqv_null(), out };
    int st;
    if (n->b->op == N_LITERAL) st = binop_outer_fn(r, &b.base, jqv_copy(n->b->val), jqv_none());
    else st = jq_eval(r, n->b, env, jqv_copy(in), jqv_none(), &b.base);
    jqv_free(&r->h, in);
    return st;
}

typedef struct andor_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in;
    jq_out *k;
} andor_k;

static int andor_rhs_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    andor_k *a = (andor_k *)self;
    jqv_free(&r->h, path);
    int t = jqv_truthy(v);
    jqv_free(&r->h, v);
    return a->k->fn(r, a->k, jqv_bool(t), jqv_none());
}

static int andor_lhs_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    andor_k *a = (andor_k *)self;
    jqv_free(&r->h, path);
    int t = jqv_truthy(v);
    jqv_free(&r->h, v);
    if (a->n->op == N_AND && !t) return a->k->fn(r, a->k, jqv_false(), jqv_none());
    if (a->n->op == N_OR && t) return a->k->fn(r, a->k, jqv_true(), jqv_none());
    andor_k inner = *a;
    inner.base.fn = andor_rhs_fn;
    return jq_eval(r, a->n->b, a->env, jqv_copy(a->in), jqv_none(), &inner.base);
}

/* ---- alternative // ------------------------------------------------------------------ */

typedef struct alt_k {
    jq_out base;
    jq_out *k;
    int found;
} alt_k;

static int alt_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    alt_k *a = (alt_k *)self;
    if (!jqv_truthy(v)) { jqv_free(&r->h, v); jqv_free(&r->h, path); return JQ_OK; }
    a->found = 1;
    return a->k->fn(r, a->k, v, path);
}

/* ---- if ----------------------------------------------------------------------------------- */

typedef struct if_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in, path;            /* borrowed */
    jq_out *k;
} if_k;

static int if_fn(jq_run *r, jq_out *self, jv c, jv cpath)
{
    if_k *x = (if_k *)self;
    jqv_free(&r->h, cpath);
    int t = jqv_truthy(c);
    jqv_free(&r->h, c);
    const jq_node *br = t ? x->n->b : x->n->c;
    if (!br) return x->k->fn(r, x->k, jqv_copy(x->in), copy_path(x->path));
    return jq_eval(r, br, x->env, jqv_copy(x->in), copy_path(x->path), x->k);
}

/* ---- arrays, objects, strings ----------------------------------------------------------- */

typedef struct obj_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in;                  /* borrowed */
    int i;                  /* pair index */
    jv obj;                 /* borrowed partial object */
    jv key;                 /* borrowed, in the value stage */
    jq_out *k;
} obj_k;

static int obj_step(jq_run *r, obj_k *o, int i, jv obj);

static int obj_val_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    obj_k *o = (obj_k *)self;
    jqv_free(&r->h, path);
    jv obj = jqv_object_set(&r->h, jqv_copy(o->obj), jqv_copy(o->key), v);
    if (obj.kind == JV_NONE) return jq_check_heap(r);
    return obj_step(r, o, o->i + 1, obj);
}

static int obj_key_fn(jq_run *r, jq_out *self, jv key, jv path)
{
    obj_k *o = (obj_k *)self;
    jqv_free(&r->h, path);
    if (key.kind != JV_STRING) {
        int st = jq_type_error(r, key, "as object key");
        /* jq: "Cannot use number (1) as object key" */
        jv m = r->err;
        r->err = jqv_string_fmt(&r->h, "Cannot use %s", jqv_str_p(m));
        jqv_free(&r->h, m);
        jqv_free(&r->h, key);
        return st;
    }
    obj_k inner = *o;
    inner.base.fn = obj_val_fn;
    inner.key = key;
    const jq_node *vn = o->n->args[2 * o->i + 1];
    int st;
    if (vn->op == N_LITERAL) st = obj_val_fn(r, &inner.base, jqv_copy(vn->val), jqv_none());
    else st = jq_eval(r, vn, o->env, jqv_copy(o->in), jqv_none(), &inner.base);
    jqv_free(&r->h, key);
    return st;
}

/* consumes obj */
static int obj_step(jq_run *r, obj_k *o, int i, jv obj)
{
    if (2 * i >= o->n->nargs) return o->k->fn(r, o->k, obj, jqv_none());
    obj_k inner = *o;
    inner.base.fn = obj_key_fn;
    inner.i = i;
    inner.obj = obj;
    const jq_node *kn = o->n->args[2 * i];
    int st;
    if (kn->op == N_LITERAL) st = obj_key_fn(r, &inner.base, jqv_copy(kn->val), jqv_none());
    else st = jq_eval(r, kn, o->env, jqv_copy(o->in), jqv_none(), &inner.base);
    jqv_free(&r->h, obj);
    return st;
}

typedef struct str_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in;                  /* borrowed */
    jv *parts;              /* one per part, filled from the last */
    int i;
    jq_out *k;
} str_k;

static int str_step(jq_run *r, str_k *s, int i);

static int str_part_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    str_k *s = (str_k *)self;
    jqv_free(&r->h, path);
    jv t;
    int st;
    if (s->n->name) {
        st = jq_format(r, s->n->name, v, &t);
        if (st) return st;
    } else {
        t = jq_tostring(r, v);
        if (t.kind == JV_NONE) return jq_check_heap(r);
    }
    s->parts[s->i] = t;
    st = str_step(r, s, s->i - 1);
    jqv_free(&r->h, s->parts[s->i]);
    s->parts[s->i] = jqv_null();
    return st;
}

static int str_step(jq_run *r, str_k *s, int i)
{
    if (i < 0) {
        size_t total = 0;
        for (int j = 0; j < s->n->nargs; j++) total += jqv_str_len(s->parts[j]);
        sk_buf b = SK_BUF_INIT(r->h.a);
        if (sk_buf_reserve(&b, total + 1)) { r->h.oom = 1; return jq_check_heap(r); }
        for (int j = 0; j < s->n->nargs; j++) sk_buf_put(&b, jqv_str_p(s->parts[j]), jqv_str_len(s->parts[j]));
        jv res = jqv_string_raw(&r->h, b.p ? b.p : "", b.len);
        sk_buf_free(&b);
        if (res.kind == JV_NONE) return jq_check_heap(r);
        return s->k->fn(r, s->k, res, jqv_none());
    }
    const jq_node *pn = s->n->args[i];
    if (pn->op == N_LITERAL && pn->sub == 1) {
        s->parts[i] = jqv_copy(pn->val);
        int st = str_step(r, s, i - 1);
        jqv_free(&r->h, s->parts[i]);
        s->parts[i] = jqv_null();
        return st;
    }
    str_k inner = *s;
    inner.base.fn = str_part_fn;
    inner.i = i;
    return jq_eval(r, pn, s->env, jqv_copy(s->in), jqv_none(), &inner.base);
}

static __attribute__((noinline)) int eval_string(jq_run *r, const jq_node *n, const jq_env *env, jv in, jq_out *k)
{
    jv small[8];
    jv *parts = small;
    if (n->nargs > 8) {
        parts = sk_malloc(r->h.a, (size_t)n->nargs * sizeof *parts);
        if (!parts) { jqv_free(&r->h, in); r->h.oom = 1; return jq_check_heap(r); }
    }
    for (int i = 0; i < n->nargs; i++) parts[i] = jqv_null();
    str_k s = { { str_part_fn }, n, env, in, parts, 0, k };
    int st = str_step(r, &s, n->nargs - 1);
    if (parts != small) sk_free(r->h.a, parts);
    jqv_free(&r->h, in);
    return st;
}

/* ---- bindings: as, reduce, foreach, $params ------------------------------------------------ */

#define BIND_TODO 64

typedef int (*bind_body)(jq_run *r, void *ud, const jq_env *env);

typedef struct bindctx {
    const jq_node *owner;
    jq_env *frames;
    int nframes;
    const jq_env *env;      /* parent */
    const jq_node *todo_pat[BIND_TODO];
    jv todo_val[BIND_TODO]; /* owned */
    int ntodo;
    bind_body body;
    void *ud;
    jv in;                  /* for key expressions */
} bindctx;

static int bind_run(jq_run *r, bindctx *b);

static void set_frame(jq_run *r, bindctx *b, const jq_node *canon, jv v)
{
    for (int i = 0; i < b->nframes; i++) {
        if (b->frames[i].key == canon) {
            jqv_free(&r->h, b->frames[i].val);
            b->frames[i].val = v;
            return;
        }
    }
    jqv_free(&r->h, v);
}

typedef struct bindkey_k {
    jq_out base;
    bindctx *b;
    const jq_node *sub;     /* pattern for the value under the key */
    jv obj;                 /* borrowed */
} bindkey_k;

static int bind_push(jq_run *r, bindctx *b, const jq_node *pat, jv v)
{
    if (b->ntodo >= BIND_TODO) { jqv_free(&r->h, v); return jq_errorf(r, "destructuring pattern too large"); }
    b->todo_pat[b->ntodo] = pat;
    b->todo_val[b->ntodo] = v;
    b->ntodo++;
    return JQ_OK;
}

static void bind_pop_to(jq_run *r, bindctx *b, int level)
{
    while (b->ntodo > level) { b->ntodo--; jqv_free(&r->h, b->todo_val[b->ntodo]); }
}

static int bindkey_fn(jq_run *r, jq_out *self, jv key, jv path)
{
    bindkey_k *x = (bindkey_k *)self;
    jqv_free(&r->h, path);
    if (key.kind != JV_STRING) {
        int st = jq_errorf(r, "Cannot index %s with %s", jqv_kind_name(jqv_kind_of(x->obj)), jqv_kind_name(jqv_kind_of(key)));
        jqv_free(&r->h, key);
        return st;
    }
    jv v;
    int st = jq_index(r, jqv_copy(x->obj), key, &v);
    if (st) return st;
    int saved = x->b->ntodo;
    if ((st = bind_push(r, x->b, x->sub, v))) return st;
    st = bind_run(r, x->b);
    bind_pop_to(r, x->b, saved);
    return st;
}

/* Process the work list; when empty, run the body.  The list is left as
 * it was found (items are borrowed while processed), so generators in
 * key expressions can re-run what follows them. */
static int bind_run(jq_run *r, bindctx *b)
{
    if (b->ntodo == 0) {
        const jq_env *e = b->nframes ? &b->frames[b->nframes - 1] : b->env;
        return b->body(r, b->ud, e);
    }
    int top = --b->ntodo;
    const jq_node *pat = b->todo_pat[top];
    jv v = b->todo_val[top];
    int st = JQ_OK;
    switch (pat->op) {
    case P_VAR:
        set_frame(r, b, pat->target, jqv_copy(v));
        st = bind_run(r, b);
        break;
    case P_ARRAY:
        if (v.kind != JV_ARRAY && v.kind != JV_NULL) {
            st = jq_errorf(r, "Cannot index %s with number", jqv_kind_name(jqv_kind_of(v)));
            break;
        }
        for (int i = pat->nargs - 1; i >= 0 && !st; i--) st = bind_push(r, b, pat->args[i], jqv_array_get(v, (size_t)i));
        if (!st) st = bind_run(r, b);
        bind_pop_to(r, b, top);
        break;
    case P_OBJECT: {
        if (pat->nargs == 0) { st = bind_run(r, b); break; }
        const jq_node *kn = pat->args[0], *sub = pat->args[1];
        /* the remaining entries as a pattern processed after this one */
        jq_node rest = *pat;
        rest.args = pat->args + 2;
        rest.nargs = pat->nargs - 2;
        if (rest.nargs > 0 && (st = bind_push(r, b, &rest, jqv_copy(v)))) break;
        if (kn->op == P_VAR) {
            jv key = jqv_string(&r->h, kn->name, strlen(kn->name));
            jv val;
            if (v.kind != JV_OBJECT && v.kind != JV_NULL) {
                st = jq_errorf(r, "Cannot index %s with \"%s\"", jqv_kind_name(jqv_kind_of(v)), kn->name);
                jqv_free(&r->h, key);
            } else st = jq_index(r, jqv_copy(v), key, &val);
            if (!st) {
                set_frame(r, b, kn->target, jqv_copy(val));
                if (sub) {
                    int lvl = b->ntodo;
                    st = bind_push(r, b, sub, val);
                    if (!st) st = bind_run(r, b);
                    bind_pop_to(r, b, lvl);
                } else {
                    jqv_free(&r->h, val);
                    st = bind_run(r, b);
                }
            }
        } else if (kn->op == N_LITERAL) {
            jv val;
            if (kn->val.kind != JV_STRING)
                st = jq_errorf(r, "Cannot index %s with %s", jqv_kind_name(jqv_kind_of(v)), jqv_kind_name(jqv_kind_of(kn->val)));
            else st = jq_index(r, jqv_copy(v), jqv_copy(kn->val), &val);
            if (!st) {
                int lvl = b->ntodo;
                st = bind_push(r, b, sub, val);
                if (!st) st = bind_run(r, b);
                bind_pop_to(r, b, lvl);
            }
        } else {
            bindkey_k x = { { bindkey_fn }, b, sub, v };
            const jq_env *e = b->nframes ? &b->frames[b->nframes - 1] : b->env;
            st = jq_eval(r, kn, e, jqv_copy(b->in), jqv_none(), &x.base);
        }
        bind_pop_to(r, b, top);
        break;
    }
    default:
        st = jq_errorf(r, "bad pattern");
    }
    /* put the item back */
    b->todo_pat[top] = pat;
    b->todo_val[top] = v;
    b->ntodo = top + 1;
    return st;
}

static __attribute__((noinline)) int bind_complex(jq_run *r, const jq_node *owner, const jq_node *pat, jq_env *frames,
                                                   int n, const jq_env *env, jv value, jv in, bind_body body, void *ud)
{
    bindctx *b = sk_malloc(r->h.a, sizeof *b);
    if (!b) { jqv_free(&r->h, value); r->h.oom = 1; return jq_check_heap(r); }
    b->owner = owner;
    b->frames = frames;
    b->nframes = n;
    b->env = env;
    b->ntodo = 0;
    b->body = body;
    b->ud = ud;
    b->in = in;
    int st = bind_push(r, b, pat, value);
    if (!st) st = bind_run(r, b);
    bind_pop_to(r, b, 0);
    sk_free(r->h.a, b);
    return st;
}

/* Bind value to pattern `pat` (one alternative of owner), run body. */
static int bind_pattern(jq_run *r, const jq_node *owner, const jq_node *pat, const jq_env *env, jv value, jv in,
                        bind_body body, void *ud)
{
    jq_env small[2];
    jq_env *frames = small;
    int n = owner->nvars;
    if (n > 2) {
        frames = sk_malloc(r->h.a, (size_t)n * sizeof *frames);
        if (!frames) { jqv_free(&r->h, value); r->h.oom = 1; return jq_check_heap(r); }
    }
    for (int i = 0; i < n; i++) {
        frames[i].up = i ? &frames[i - 1] : env;
        frames[i].key = owner->vars[i];
        frames[i].kind = ENV_VAR;
        frames[i].val = jqv_null();
        frames[i].args = NULL;
        frames[i].label = 0;
    }
    int st;
    if (pat->op == P_VAR && n == 1) {
        frames[0].val = value;
        st = body(r, ud, &frames[0]);
    } else {
        st = bind_complex(r, owner, pat, frames, n, env, value, in, body, ud);
    }
    for (int i = 0; i < n; i++) jqv_free(&r->h, frames[i].val);
    if (frames != small) sk_free(r->h.a, frames);
    return st;
}

/* N_AS */
typedef struct as_ctx {
    const jq_node *n;
    jv in, path;            /* borrowed */
    jq_out *k;
    try_k *guard;
} as_ctx;

static int as_body(jq_run *r, void *ud, const jq_env *env)
{
    as_ctx *a = ud;
    return jq_eval(r, a->n->b, env, jqv_copy(a->in), copy_path(a->path), a->guard ? &a->guard->base : a->k);
}

typedef struct as_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in, path;
    jq_out *k;
} as_k;

static int as_fn(jq_run *r, jq_out *self, jv v, jv vpath)
{
    as_k *x = (as_k *)self;
    jqv_free(&r->h, vpath);
    const jq_node *n = x->n;
    if (n->nargs == 1) {
        as_ctx a = { n, x->in, x->path, x->k, NULL };
        return bind_pattern(r, n, n->args[0], x->env, v, x->in, as_body, &a);
    }
    /* ?// alternatives: an error in one (not from downstream) tries the next */
    int st = JQ_OK;
    for (int i = 0; i < n->nargs; i++) {
        try_k guard = { { try_fn }, x->k, 0 };
        as_ctx a = { n, x->in, x->path, x->k, i < n->nargs - 1 ? &guard : NULL };
        st = bind_pattern(r, n, n->args[i], x->env, jqv_copy(v), x->in, as_body, &a);
        if (st == JQ_ERR && i < n->nargs - 1 && !guard.downstream) continue;
        break;
    }
    jqv_free(&r->h, v);
    return st;
}

/* reduce / foreach */
typedef struct red_ctx {
    const jq_node *n;
    jv acc, accpath;        /* owned */
    int has;                /* foreach: the update produced something */
    jq_out *k;
    int emit;               /* foreach */
} red_ctx;

typedef struct red_upd_k {
    jq_out base;
    red_ctx *c;
    const jq_env *env;
} red_upd_k;

static int red_upd_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    red_upd_k *u = (red_upd_k *)self;
    red_ctx *c = u->c;
    jqv_free(&r->h, c->acc);
    jqv_free(&r->h, c->accpath);
    c->acc = v;
    c->accpath = path;
    c->has = 1;
    if (!c->emit) return JQ_OK;
    /* foreach: extract each intermediate state */
    if (!c->n->d) return c->k->fn(r, c->k, jqv_copy(c->acc), copy_path(c->accpath));
    return jq_eval(r, c->n->d, u->env, jqv_copy(c->acc), copy_path(c->accpath), c->k);
}

static int red_body(jq_run *r, void *ud, const jq_env *env)
{
    red_ctx *c = ud;
    red_upd_k u = { { red_upd_fn }, c, env };
    jv acc = c->acc, accpath = c->accpath;
    c->acc = jqv_null();
    c->accpath = jqv_none();
    c->has = 0;
    /* keep the current state in case the update produces nothing */
    jv keep = jqv_copy(acc), keeppath = copy_path(accpath);
    int st = jq_eval(r, c->n->c, env, acc, accpath, &u.base);
    if (!c->has) {
        if (c->emit) { c->acc = keep; c->accpath = keeppath; }
        else {
            /* reduce: an update with no output makes the state null */
            jqv_free(&r->h, keep);
            c->acc = jqv_null();
            c->accpath = keeppath;
        }
    } else {
        jqv_free(&r->h, keep);
        jqv_free(&r->h, keeppath);
    }
    return st;
}

typedef struct red_src_k {
    jq_out base;
    red_ctx *c;
    const jq_env *env;
    jv in;
} red_src_k;

static int red_src_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    red_src_k *s = (red_src_k *)self;
    jqv_free(&r->h, path);
    int st = jq_tick(r);
    if (st) { jqv_free(&r->h, v); return st; }
    return bind_pattern(r, s->c->n, s->c->n->args[0], s->env, v, s->in, red_body, s->c);
}

typedef struct red_init_k {
    jq_out base;
    const jq_node *n;
    const jq_env *env;
    jv in;
    jq_out *k;
} red_init_k;

static int red_init_fn(jq_run *r, jq_out *self, jv init, jv ipath)
{
    red_init_k *x = (red_init_k *)self;
    red_ctx c = { x->n, init, ipath, 0, x->k, x->n->op == N_FOREACH };
    red_src_k s = { { red_src_fn }, &c, x->env, x->in };
    int st = jq_eval(r, x->n->a, x->env, jqv_copy(x->in), jqv_none(), &s.base);
    if (!st && !c.emit) {
        st = x->k->fn(r, x->k, c.acc, c.accpath);
        return st;
    }
    jqv_free(&r->h, c.acc);
    jqv_free(&r->h, c.accpath);
    return st;
}

/* ---- function calls ------------------------------------------------------------------------- */

typedef struct call_ctx {
    const jq_node *def;
    jq_env *frame;          /* the invocation frame */
    jv in, path;            /* borrowed */
    jq_out *k;
    jq_env *vars;           /* $param frames */
} call_ctx;

static int bind_params(jq_run *r, call_ctx *c, int i, const jq_env *env);

typedef struct param_k {
    jq_out base;
    call_ctx *c;
    int i;
    const jq_env *env;
} param_k;

static int param_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    param_k *p = (param_k *)self;
    jqv_free(&r->h, path);
    jq_env *f = &p->c->vars[p->i];
    f->up = p->env;
    f->key = p->c->def->args[p->i];
    f->kind = ENV_VAR;
    f->val = v;
    f->args = NULL;
    int st = bind_params(r, p->c, p->i + 1, f);
    jqv_free(&r->h, v);
    f->val = jqv_null();
    return st;
}

static int bind_params(jq_run *r, call_ctx *c, int i, const jq_env *env)
{
    const jq_node *d = c->def;
    while (i < d->nargs && !d->args[i]->sub) i++;
    if (i >= d->nargs) return jq_eval(r, d->a, env, jqv_copy(c->in), copy_path(c->path), c->k);
    param_k p = { { param_fn }, c, i, env };
    const jq_closure *cl = &c->frame->args[i];
    return jq_eval(r, cl->body, cl->env, jqv_copy(c->in), jqv_none(), &p.base);
}

/* A call with $parameters: bind them (first outermost), then the body. */
static __attribute__((noinline)) int call_with_vars(jq_run *r, const jq_node *d, jq_env *frame, jv in, jv path, jq_out *k)
{
    jq_env vsmall[4];
    jq_env *vars = vsmall;
    if (d->nargs > 4) {
        vars = sk_malloc(r->h.a, (size_t)d->nargs * sizeof *vars);
        if (!vars) { jqv_free(&r->h, in); jqv_free(&r->h, path); r->h.oom = 1; return jq_check_heap(r); }
    }
    call_ctx c = { d, frame, in, path, k, vars };
    int st = bind_params(r, &c, 0, frame);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    if (vars != vsmall) sk_free(r->h.a, vars);
    return st;
}

static __attribute__((noinline)) int eval_call_def(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    const jq_node *d = n->target;
    const jq_env *defenv = NULL;
    if (!d->library) {
        defenv = find_frame(env, d, ENV_DEF);
        if (!defenv) { jqv_free(&r->h, in); jqv_free(&r->h, path); return jq_errorf(r, "internal: %s not in scope", d->name); }
    }
    jq_closure small[2];
    jq_closure *cl = small;
    int na = n->nargs;
    if (na > 2) {
        cl = sk_malloc(r->h.a, (size_t)na * sizeof *cl);
        if (!cl) { jqv_free(&r->h, in); jqv_free(&r->h, path); r->h.oom = 1; return jq_check_heap(r); }
    }
    int anyvar = 0;
    for (int i = 0; i < na; i++) {
        cl[i].body = n->args[i];
        cl[i].env = env;
        anyvar |= d->args[i]->sub;
    }
    jq_env frame = { defenv, d, ENV_CALL, jqv_null(), cl, 0 };
    int st = anyvar ? call_with_vars(r, d, &frame, in, path, k) : jq_eval(r, d->a, &frame, in, path, k);
    if (cl != small) sk_free(r->h.a, cl);
    return st;
}

/* natives with value arguments: cartesian product, last argument outermost */
typedef struct nargs_k {
    jq_out base;
    const jq_node *call;
    const jq_native *nat;
    const jq_env *env;
    jv in, path;            /* borrowed */
    jv *argv;
    int i;
    jq_out *k;
} nargs_k;

static int nargs_step(jq_run *r, nargs_k *x, int i);

static int nargs_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    nargs_k *x = (nargs_k *)self;
    jqv_free(&r->h, path);
    x->argv[x->i] = v;
    int st = nargs_step(r, x, x->i - 1);
    jqv_free(&r->h, x->argv[x->i]);
    x->argv[x->i] = jqv_null();
    return st;
}

static int nargs_step(jq_run *r, nargs_k *x, int i)
{
    if (i < 0) {
        jv args[8];
        int na = x->call->nargs;
        for (int j = 0; j < na; j++) args[j] = jqv_copy(x->argv[j]);
        jv out;
        int st = x->nat->vfn(r, jqv_copy(x->in), args, &out);
        if (st) return st;
        if (out.kind == JV_NONE) return jq_check_heap(r);
        return jq_emit(r, x->k, out, copy_path(x->path));
    }
    const jq_node *an = x->call->args[i];
    if (an->op == N_LITERAL) {
        x->argv[i] = jqv_copy(an->val);
        int st = nargs_step(r, x, i - 1);
        jqv_free(&r->h, x->argv[i]);
        x->argv[i] = jqv_null();
        return st;
    }
    nargs_k inner = *x;
    inner.base.fn = nargs_fn;
    inner.i = i;
    return jq_eval(r, an, x->env, jqv_copy(x->in), jqv_none(), &inner.base);
}

static __attribute__((noinline)) int eval_native(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    const jq_native *nat = jq_native_get(n->index);
    if (nat->cfn) {
        if (path.kind != JV_NONE && !nat->path_ok) {
            pathcheck_k pc = { { pathcheck_fn }, k };
            jqv_free(&r->h, path);
            return nat->cfn(r, n, env, in, jqv_none(), &pc.base);
        }
        return nat->cfn(r, n, env, in, path, k);
    }
    if (n->nargs == 0) {
        jv out;
        int st = nat->vfn(r, in, NULL, &out);
        if (st) { jqv_free(&r->h, path); return st; }
        if (out.kind == JV_NONE) { jqv_free(&r->h, path); return jq_check_heap(r); }
        return jq_emit(r, k, out, path);
    }
    jv argv[8];
    for (int i = 0; i < 8; i++) argv[i] = jqv_null();
    nargs_k x = { { nargs_fn }, n, nat, env, in, path, argv, 0, k };
    int st = nargs_step(r, &x, n->nargs - 1);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

/* ---- the dispatcher ------------------------------------------------------------------------------- */

static __attribute__((noinline)) int ev_loc(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jqv_free(h, in);
    jv o = jqv_object(h);
    o = jqv_object_setz(h, o, "file", jqv_string_raw(h, "<top-level>", 11));
    o = jqv_object_setz(h, o, "line", jqv_number(n->index));
    return jq_emit(r, k, o, path);
}
static __attribute__((noinline)) int ev_iter(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    if (n->a->op == N_IDENTITY) return jq_iterate(r, in, path, k);
    iter_k x = { { iter_fn }, k };
    return jq_eval(r, n->a, env, in, path, &x.base);
}
static __attribute__((noinline)) int ev_pipe(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    pipe_k p = { { pipe_fn }, n->b, env, k };
    return jq_eval(r, n->a, env, in, path, &p.base);
}
static __attribute__((noinline)) int ev_comma(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    int st = jq_eval(r, n->a, env, jqv_copy(in), copy_path(path), k);
    if (st) { jqv_free(h, in); jqv_free(h, path); return st; }
    return jq_eval(r, n->b, env, in, path, k);
}
static __attribute__((noinline)) int ev_neg(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jv v;
    int found;
    if (n->a->op == N_LITERAL) {
        jqv_free(h, in);
        v = jqv_copy(n->a->val);
        if (v.kind != JV_NUMBER) { jqv_free(h, path); int st = jq_type_error(r, v, "cannot be negated"); jqv_free(h, v); return st; }
        double d = -jqv_num(v);
        jqv_free(h, v);
        return jq_emit(r, k, jqv_number(d), path);
    }
    /* general case: -(a) for every output of a */
    jv all;
    int st = jq_collect(r, n->a, env, in, &all);
    (void)found;
    if (st) { jqv_free(h, path); return st; }
    for (size_t i = 0; i < jqv_array_len(all) && !st; i++) {
        jv x = jqv_array_at(all, i);
        if (x.kind != JV_NUMBER) { st = jq_type_error(r, x, "cannot be negated"); break; }
        st = jq_emit(r, k, jqv_number(-jqv_num(x)), copy_path(path));
    }
    jqv_free(h, all);
    jqv_free(h, path);
    return st;
}
static __attribute__((noinline)) int ev_and_or(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    pathcheck_k pc = { { pathcheck_fn }, k };
    jq_out *out = path.kind != JV_NONE ? &pc.base : k;
    jqv_free(h, path);
    andor_k a = { { andor_lhs_fn }, n, env, in, out };
    int st = jq_eval(r, n->a, env, jqv_copy(in), jqv_none(), &a.base);
    jqv_free(h, in);
    return st;
}
static __attribute__((noinline)) int ev_alt(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    alt_k a = { { alt_fn }, k, 0 };
    int st = jq_eval(r, n->a, env, jqv_copy(in), copy_path(path), &a.base);
    if (st || a.found) { jqv_free(h, in); jqv_free(h, path); return st; }
    return jq_eval(r, n->b, env, in, path, k);
}
static __attribute__((noinline)) int ev_if(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    if_k x = { { if_fn }, n, env, in, path, k };
    int st = jq_eval(r, n->a, env, jqv_copy(in), jqv_none(), &x.base);
    jqv_free(h, in);
    jqv_free(h, path);
    return st;
}
static __attribute__((noinline)) int ev_reduce_foreach(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    red_init_k x = { { red_init_fn }, n, env, in, k };
    int st = jq_eval(r, n->b, env, jqv_copy(in), copy_path(path), &x.base);
    jqv_free(h, in);
    jqv_free(h, path);
    return st;
}
static __attribute__((noinline)) int ev_as(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    as_k x = { { as_fn }, n, env, in, path, k };
    int st = jq_eval(r, n->a, env, jqv_copy(in), jqv_none(), &x.base);
    jqv_free(h, in);
    jqv_free(h, path);
    return st;
}
static __attribute__((noinline)) int ev_funcdef(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jq_env f = { env, n, ENV_DEF, jqv_null(), NULL, 0 };
    return jq_eval(r, n->b, &f, in, path, k);
}
static __attribute__((noinline)) int ev_var(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jqv_free(h, in);
    const jq_env *f = find_frame(env, n->target, ENV_VAR);
    if (!f) {
        for (const jq_env *g = r->globals; g && !f; g = g->up)
            if (g->key == n->target) f = g;
    }
    if (!f) { jqv_free(h, path); return jq_errorf(r, "$%s is not defined", n->name); }
    return jq_emit(r, k, jqv_copy(f->val), path);
}
static __attribute__((noinline)) int ev_label(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jq_env f = { env, n, ENV_LABEL, jqv_null(), NULL, ++r->next_label };
    int st = jq_eval(r, n->a, &f, in, path, k);
    if (st == JQ_BREAK && r->brk == f.label) st = JQ_OK;
    return st;
}
static __attribute__((noinline)) int ev_break(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jqv_free(h, in);
    jqv_free(h, path);
    const jq_env *f = find_frame(env, n->target, ENV_LABEL);
    if (!f) return jq_errorf(r, "$*label-%s is not defined", n->name);
    r->brk = f->label;
    return JQ_BREAK;
}
static __attribute__((noinline)) int ev_array(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jv arr;
    if (!n->a) { jqv_free(h, in); arr = jqv_array(h); }
    else {
        int st = jq_collect(r, n->a, env, in, &arr);
        if (st) { jqv_free(h, path); return st; }
    }
    if (arr.kind == JV_NONE) { jqv_free(h, path); return jq_check_heap(r); }
    return jq_emit(r, k, arr, path);
}
static __attribute__((noinline)) int ev_object(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    pathcheck_k pc = { { pathcheck_fn }, k };
    jq_out *out = path.kind != JV_NONE ? &pc.base : k;
    jqv_free(h, path);
    obj_k o = { { obj_key_fn }, n, env, in, 0, jqv_null(), jqv_null(), out };
    jv start = jqv_object(h);
    int st = start.kind == JV_NONE ? jq_check_heap(r) : obj_step(r, &o, 0, start);
    jqv_free(h, in);
    return st;
}
static __attribute__((noinline)) int ev_string(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    pathcheck_k pc = { { pathcheck_fn }, k };
    jq_out *out = path.kind != JV_NONE ? &pc.base : k;
    jqv_free(h, path);
    return eval_string(r, n, env, in, out);
}
static __attribute__((noinline)) int ev_format(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    (void)h; (void)env;
    jv out;
    int st = jq_format(r, n->name, in, &out);
    if (st) { jqv_free(h, path); return st; }
    return jq_emit(r, k, out, path);
}

static __attribute__((noinline)) int eval_node(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    jvh *h = &r->h;
    switch ((jq_op)n->op) {
    case N_IDENTITY:
        return k->fn(r, k, in, path);
    case N_LITERAL:
        jqv_free(h, in);
        return jq_emit(r, k, jqv_copy(n->val), path);
    case N_LOC:
        return ev_loc(r, n, env, in, path, k);
    case N_INDEX:
        return eval_index(r, n, env, in, path, k);
    case N_SLICE:
        return eval_slice(r, n, env, in, path, k);
    case N_ITER:
        return ev_iter(r, n, env, in, path, k);
    case N_RECURSE:
        return jq_recurse_default(r, in, path, k);
    case N_PIPE:
        return ev_pipe(r, n, env, in, path, k);
    case N_COMMA:
        return ev_comma(r, n, env, in, path, k);
    case N_NEG:
        return ev_neg(r, n, env, in, path, k);
    case N_BINOP:
        return eval_binop(r, n, env, in, path, k);
    case N_AND: case N_OR:
        return ev_and_or(r, n, env, in, path, k);
    case N_ALT:
        return ev_alt(r, n, env, in, path, k);
    case N_ASSIGN:
        return jq_eval_assign(r, n, env, in, path, k);
    case N_IF:
        return ev_if(r, n, env, in, path, k);
    case N_TRY:
        return eval_try(r, n->a, n->b, env, in, path, k);
    case N_OPT:
        return eval_try(r, n->a, NULL, env, in, path, k);
    case N_REDUCE: case N_FOREACH:
        return ev_reduce_foreach(r, n, env, in, path, k);
    case N_AS:
        return ev_as(r, n, env, in, path, k);
    case N_FUNCDEF:
        return ev_funcdef(r, n, env, in, path, k);
    case N_CALL:
        switch (n->callkind) {
        case CALL_DEF: return eval_call_def(r, n, env, in, path, k);
        case CALL_PARAM: {
            const jq_env *f = find_frame(env, n->target, ENV_CALL);
            if (!f) { jqv_free(h, in); jqv_free(h, path); return jq_errorf(r, "internal: closure not found"); }
            const jq_closure *c = &f->args[n->index];
            return jq_eval(r, c->body, c->env, in, path, k);
        }
        case CALL_NATIVE: return eval_native(r, n, env, in, path, k);
        }
        jqv_free(h, in);
        jqv_free(h, path);
        return jq_errorf(r, "%s/%d is not defined", n->name, n->nargs);
    case N_VAR:
        return ev_var(r, n, env, in, path, k);
    case N_LABEL:
        return ev_label(r, n, env, in, path, k);
    case N_BREAK:
        return ev_break(r, n, env, in, path, k);
    case N_ARRAY:
        return ev_array(r, n, env, in, path, k);
    case N_OBJECT:
        return ev_object(r, n, env, in, path, k);
    case N_STRING:
        return ev_string(r, n, env, in, path, k);
    case N_FORMAT:
        return ev_format(r, n, env, in, path, k);
    default:
        jqv_free(h, in);
        jqv_free(h, path);
        return jq_errorf(r, "internal: cannot evaluate node %d", n->op);
    }
}

int jq_eval(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k)
{
    if (++r->depth > r->max_depth || sk_stack_low(r->stack_limit)) {
        r->depth--;
        jqv_free(&r->h, in);
        jqv_free(&r->h, path);
        return jq_errorf(r, "stack overflow: jq program recursion too deep");
    }
    if ((++r->steps & 1023) == 0) {
        if (r->h.oom || (r->aborted && r->aborted(r->host))) {
            r->depth--;
            jqv_free(&r->h, in);
            jqv_free(&r->h, path);
            r->halted = 1;
            return JQ_HALT;
        }
    }
    int st = eval_node(r, n, env, in, path, k);
    r->depth--;
    if (st == JQ_OK && r->h.oom) { r->halted = 1; st = JQ_HALT; }
    return st;
}

int jq_eval_closure(jq_run *r, const jq_closure *c, jv in, jv path, jq_out *k)
{
    return jq_eval(r, c->body, c->env, in, path, k);
}

/* ---- runs ---------------------------------------------------------------------------------------------- */

void jq_run_init(jq_run *r, jq_prog *p, sk_alloc *a, int max_depth, const void *stack_limit)
{
    memset(r, 0, sizeof *r);
    r->h.a = a;
    r->h.stack_limit = stack_limit;
    r->prog = p;
    r->err = jqv_null();
    r->max_depth = max_depth;
    r->stack_limit = stack_limit;
    r->env = jqv_null();
    r->named = jqv_null();
    r->positional = jqv_null();
    sk_buf_init(&r->scratch, a);
}

void jq_run_set_globals(jq_run *r, jq_env *frames, const jv *values)
{
    jq_env *prev = NULL;
    for (int i = 0; i < r->prog->nglobals; i++) {
        frames[i].up = prev;
        frames[i].key = r->prog->gnodes[i];
        frames[i].kind = ENV_VAR;
        frames[i].val = values[i];
        frames[i].args = NULL;
        frames[i].label = 0;
        prev = &frames[i];
    }
    r->globals = prev;
}

int jq_run_main(jq_run *r, jv in, jq_out *k)
{
    r->depth = 0;
    int st = jq_eval(r, r->prog->root, r->globals, in, jqv_none(), k);
    if (st == JQ_BREAK) st = jq_errorf(r, "break");
    return st;
}

void jq_run_free(jq_run *r)
{
    jqv_free(&r->h, r->err);
    r->err = jqv_null();
    jqv_free(&r->h, r->env);
    jqv_free(&r->h, r->named);
    jqv_free(&r->h, r->positional);
    jq_regex_free(r);
    sk_buf_free(&r->scratch);
}
