/* natives.c — builtins that take their arguments as closures (they
 * control how often and in what mode the arguments run): empty, error,
 * select, path, recurse, range, limit, first, isempty, until/while/repeat,
 * map, sort_by and friends, getpath, input/inputs, debug, stderr.  Loops
 * that jq writes as tail recursion (range, repeat, until, recurse) are
 * loops here, so they run in constant C stack. */
#include <math.h>
#include <string.h>

#include "eval.h"
#include "jqcli.h"

#define A(i) (call->args[i])

/* ---- small continuations ------------------------------------------------------- */

typedef struct fwd_k {
    jq_out base;
    jq_out *k;
    jv in, path;            /* borrowed: what select passes on */
} fwd_k;

static int select_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    fwd_k *f = (fwd_k *)self;
    jqv_free(&r->h, path);
    int t = jqv_truthy(v);
    jqv_free(&r->h, v);
    if (!t) return JQ_OK;
    return f->k->fn(r, f->k, jqv_copy(f->in), jqv_copy(f->path));
}

static int n_select(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    fwd_k f = { { select_fn }, k, in, path };
    int st = jq_eval(r, A(0), env, jqv_copy(in), jqv_none(), &f.base);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

static int n_empty(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env; (void)k;
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return JQ_OK;
}

static int n_error0(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env; (void)k;
    jqv_free(&r->h, path);
    return jq_error(r, in);
}

typedef struct err_k {
    jq_out base;
} err_k;

static int error_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    (void)self;
    jqv_free(&r->h, path);
    return jq_error(r, v);
}

static int n_error1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)k;
    err_k e = { { error_fn } };
    jqv_free(&r->h, path);
    return jq_eval(r, A(0), env, in, jqv_none(), &e.base);
}

/* path(f) */
typedef struct topath_k {
    jq_out base;
    jq_out *k;
    jv outpath;             /* borrowed: the caller's path mode */
} topath_k;

static int topath_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    topath_k *t = (topath_k *)self;
    if (path.kind == JV_NULL) return jq_invalid_path_result(r, v);
    jqv_free(&r->h, v);
    return jq_emit(r, t->k, path, jqv_copy(t->outpath));
}

static int n_path(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    topath_k t = { { topath_fn }, k, path };
    int st = jq_eval(r, A(0), env, in, jqv_array(&r->h), &t.base);
    jqv_free(&r->h, path);
    return st;
}

/* getpath(p), path-aware */
typedef struct getpath_k {
    jq_out base;
    jv in, path;
    jq_out *k;
} getpath_k;

static int getpath_fn(jq_run *r, jq_out *self, jv p, jv ppath)
{
    getpath_k *g = (getpath_k *)self;
    jqv_free(&r->h, ppath);
    jv res;
    if (g->path.kind == JV_NULL) {
        int st = jq_invalid_path_access(r, g->in, p);
        jqv_free(&r->h, p);
        return st;
    }
    int st = jq_getpath(r, jqv_copy(g->in), jqv_copy(p), &res);
    if (st) {
        jqv_free(&r->h, p);
        return st;
    }
    jv np = jqv_none();
    if (g->path.kind != JV_NONE) {
        np = jqv_array_concat(&r->h, jqv_copy(g->path), p.kind == JV_ARRAY ? p : jqv_array(&r->h));
        if (p.kind != JV_ARRAY) jqv_free(&r->h, p);
        if (np.kind == JV_NONE) { jqv_free(&r->h, res); return jq_check_heap(r); }
    } else jqv_free(&r->h, p);
    return g->k->fn(r, g->k, res, np);
}

static int n_getpath(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    getpath_k g = { { getpath_fn }, in, path, k };
    int st = jq_eval(r, A(0), env, jqv_copy(in), jqv_none(), &g.base);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

/* ---- depth-first generators: recurse, repeat, while, until ----------------------- */

enum { DFS_RECURSE, DFS_WHILE, DFS_UNTIL, DFS_REPEAT };

typedef struct dfs_item { jv v, p; } dfs_item;

typedef struct dfs_stack {
    dfs_item *items;
    size_t n, cap;
} dfs_stack;

static int dfs_push(jq_run *r, dfs_stack *s, jv v, jv p)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        dfs_item *ni = sk_realloc(r->h.a, s->items, cap * sizeof *ni);
        if (!ni) { jqv_free(&r->h, v); jqv_free(&r->h, p); r->h.oom = 1; return jq_check_heap(r); }
        s->items = ni;
        s->cap = cap;
    }
    s->items[s->n].v = v;
    s->items[s->n].p = p;
    s->n++;
    return JQ_OK;
}

typedef struct kids_k {
    jq_out base;
    dfs_stack *kids;
    const jq_node *cond;    /* recurse(f; cond): keep children where cond */
    const jq_env *env;
} kids_k;

static int first_truthy(jq_run *r, const jq_node *cond, const jq_env *env, jv v, int *t)
{
    jv out;
    int found;
    int st = jq_first(r, cond, env, v, &out, &found);
    if (st) return st;
    *t = found && jqv_truthy(out);
    jqv_free(&r->h, out);
    return JQ_OK;
}

static int kids_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    kids_k *c = (kids_k *)self;
    if (c->cond) {
        int t;
        int st = first_truthy(r, c->cond, c->env, jqv_copy(v), &t);
        if (st || !t) { jqv_free(&r->h, v); jqv_free(&r->h, path); return st; }
    }
    return dfs_push(r, c->kids, v, path);
}

/* f == NULL means .[]? (the default recursion) */
static int dfs_run(jq_run *r, int mode, const jq_node *f, const jq_node *cond, const jq_env *env, jv in, jv path,
                   jq_out *k)
{
    dfs_stack st = { 0 }, kids = { 0 };
    int root_skipped = 0;
    int rc = dfs_push(r, &st, in, path);
    while (!rc && st.n) {
        st.n--;
        jv v = st.items[st.n].v, p = st.items[st.n].p;
        if ((rc = jq_tick(r))) { jqv_free(&r->h, v); jqv_free(&r->h, p); break; }
        int expand = 1;
        if (mode == DFS_WHILE || mode == DFS_UNTIL) {
            int t;
            rc = first_truthy(r, cond, env, jqv_copy(v), &t);
            if (rc) { jqv_free(&r->h, v); jqv_free(&r->h, p); break; }
            if (mode == DFS_WHILE) {
                if (!t) { jqv_free(&r->h, v); jqv_free(&r->h, p); continue; }
                rc = k->fn(r, k, jqv_copy(v), jqv_copy(p));
            } else {
                if (t) { rc = k->fn(r, k, v, p); continue; }
            }
        } else if (mode == DFS_REPEAT && !root_skipped) {
            root_skipped = 1;   /* repeat(f) emits f's outputs, not its input */
        } else {
            rc = k->fn(r, k, jqv_copy(v), jqv_copy(p));
        }
        if (rc || !expand) { jqv_free(&r->h, v); jqv_free(&r->h, p); break; }
        /* children, pushed in reverse so the first is processed next */
        kids.n = 0;
        if (!f) {
            if (v.kind == JV_ARRAY || v.kind == JV_OBJECT) {
                if (p.kind == JV_NULL) { jqv_free(&r->h, v); jqv_free(&r->h, p); continue; }
                kids_k c = { { kids_fn }, &kids, NULL, env };
                rc = jq_iterate(r, v, p, &c.base);
            } else { jqv_free(&r->h, v); jqv_free(&r->h, p); }
        } else {
            kids_k c = { { kids_fn }, &kids, mode == DFS_RECURSE ? cond : NULL, env };
            rc = jq_eval(r, f, env, v, p, &c.base);
        }
        for (size_t i = kids.n; i > 0; i--) {
            if (!rc) rc = dfs_push(r, &st, kids.items[i - 1].v, kids.items[i - 1].p);
            else { jqv_free(&r->h, kids.items[i - 1].v); jqv_free(&r->h, kids.items[i - 1].p); }
        }
        kids.n = 0;
    }
    while (st.n) { st.n--; jqv_free(&r->h, st.items[st.n].v); jqv_free(&r->h, st.items[st.n].p); }
    sk_free(r->h.a, st.items);
    sk_free(r->h.a, kids.items);
    return rc;
}

int jq_recurse_default(jq_run *r, jv in, jv path, jq_out *k)
{
    return dfs_run(r, DFS_RECURSE, NULL, NULL, NULL, in, path, k);
}

static int n_recurse0(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    return dfs_run(r, DFS_RECURSE, NULL, NULL, NULL, in, path, k);
}

static int n_recurse1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return dfs_run(r, DFS_RECURSE, A(0), NULL, env, in, path, k);
}

static int n_recurse2(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return dfs_run(r, DFS_RECURSE, A(0), A(1), env, in, path, k);
}

static int n_repeat(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return dfs_run(r, DFS_REPEAT, A(0), NULL, env, in, path, k);
}

static int n_while(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return dfs_run(r, DFS_WHILE, A(1), A(0), env, in, path, k);
}

static int n_until(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return dfs_run(r, DFS_UNTIL, A(1), A(0), env, in, path, k);
}

/* ---- value arguments evaluated as generators, first argument outermost ----------- */

typedef int (*vals_body)(jq_run *r, void *ud, jv *vals);

typedef struct vals_k {
    jq_out base;
    const jq_node *call;
    const jq_env *env;
    jv in;
    jv *vals;
    int i, n;
    vals_body body;
    void *ud;
} vals_k;

static int vals_step(jq_run *r, vals_k *x, int i);

static int vals_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    vals_k *x = (vals_k *)self;
    jqv_free(&r->h, path);
    x->vals[x->i] = v;
    int st = vals_step(r, x, x->i + 1);
    jqv_free(&r->h, x->vals[x->i]);
    x->vals[x->i] = jqv_null();
    return st;
}

static int vals_step(jq_run *r, vals_k *x, int i)
{
    if (i == x->n) return x->body(r, x->ud, x->vals);
    const jq_node *an = x->call->args[i];
    if (an->op == N_LITERAL) {
        x->vals[i] = jqv_copy(an->val);
        int st = vals_step(r, x, i + 1);
        jqv_free(&r->h, x->vals[i]);
        x->vals[i] = jqv_null();
        return st;
    }
    vals_k inner = *x;
    inner.base.fn = vals_fn;
    inner.i = i;
    return jq_eval(r, an, x->env, jqv_copy(x->in), jqv_none(), &inner.base);
}

/* Evaluate the first n arguments like jq's $params, then body. */
static int with_vals(jq_run *r, const jq_node *call, const jq_env *env, jv in, int n, vals_body body, void *ud)
{
    jv vals[4] = { jqv_null(), jqv_null(), jqv_null(), jqv_null() };
    vals_k x = { { vals_fn }, call, env, in, vals, 0, n, body, ud };
    return vals_step(r, &x, 0);
}

/* range */
typedef struct range_ud { jq_out *k; int nargs; } range_ud;

static int range_body(jq_run *r, void *ud, jv *vals)
{
    range_ud *u = ud;
    double from = 0, to, by = 1;
    if (u->nargs == 1) {
        if (vals[0].kind != JV_NUMBER) return jq_errorf(r, "Range bounds must be numeric");
        to = jqv_num(vals[0]);
    } else {
        if (vals[0].kind != JV_NUMBER || vals[1].kind != JV_NUMBER) return jq_errorf(r, "Range bounds must be numeric");
        from = jqv_num(vals[0]);
        to = jqv_num(vals[1]);
        if (u->nargs == 3) {
            if (vals[2].kind != JV_NUMBER) return jq_errorf(r, "Range bounds must be numeric");
            by = jqv_num(vals[2]);
        }
    }
    int st = JQ_OK;
    if (by > 0) {
        for (double x = from; x < to && !st; x += by) {
            if ((st = jq_tick(r))) break;
            st = u->k->fn(r, u->k, jqv_number(x), jqv_none());
        }
    } else if (by < 0) {
        for (double x = from; x > to && !st; x += by) {
            if ((st = jq_tick(r))) break;
            st = u->k->fn(r, u->k, jqv_number(x), jqv_none());
        }
    }
    return st;
}

static int n_range(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    range_ud u = { k, call->nargs };
    int st = with_vals(r, call, env, in, call->nargs, range_body, &u);
    jqv_free(&r->h, in);
    return st;
}

/* limit(n; f) */
typedef struct limit_k {
    jq_out base;
    jq_out *k;
    double n, count;
    uint64_t id;
} limit_k;

static int limit_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    limit_k *l = (limit_k *)self;
    l->count++;
    int st = l->k->fn(r, l->k, v, path);
    if (st) return st;
    if (l->count >= l->n) { r->brk = l->id; return JQ_BREAK; }
    return JQ_OK;
}

typedef struct limit_ud {
    const jq_node *f;
    const jq_env *env;
    jv in, path;
    jq_out *k;
} limit_ud;

static int limit_body(jq_run *r, void *ud, jv *vals)
{
    limit_ud *u = ud;
    if (vals[0].kind != JV_NUMBER) {
        /* jq computes `. + 1` against $n and fails on the comparison side */
        return jq_type_error2(r, vals[0], jqv_number(1), "cannot be subtracted");
    }
    double n = jqv_num(vals[0]);
    if (n <= 0) {
        if (n == 0) return JQ_OK;
        return jq_eval(r, u->f, u->env, jqv_copy(u->in), jqv_copy(u->path), u->k);
    }
    limit_k l = { { limit_fn }, u->k, n, 0, ++r->next_label };
    int st = jq_eval(r, u->f, u->env, jqv_copy(u->in), jqv_copy(u->path), &l.base);
    if (st == JQ_BREAK && r->brk == l.id) st = JQ_OK;
    return st;
}

static int n_limit(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    limit_ud u = { A(1), env, in, path, k };
    int st = with_vals(r, call, env, in, 1, limit_body, &u);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

static int n_first1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    limit_k l = { { limit_fn }, k, 1, 0, ++r->next_label };
    int st = jq_eval(r, A(0), env, in, path, &l.base);
    if (st == JQ_BREAK && r->brk == l.id) st = JQ_OK;
    return st;
}

/* last(f): the last output */
typedef struct last_k {
    jq_out base;
    jv v, p;
    int found;
} last_k;

static int last_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    last_k *l = (last_k *)self;
    jqv_free(&r->h, l->v);
    jqv_free(&r->h, l->p);
    l->v = v;
    l->p = path;
    l->found = 1;
    return JQ_OK;
}

static int n_last1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    last_k l = { { last_fn }, jqv_null(), jqv_none(), 0 };
    int st = jq_eval(r, A(0), env, in, path, &l.base);
    if (st || !l.found) { jqv_free(&r->h, l.v); jqv_free(&r->h, l.p); return st; }
    return k->fn(r, k, l.v, l.p);
}

/* nth(n; f) */
typedef struct nth_k {
    jq_out base;
    jq_out *k;
    double n, count;
    uint64_t id;
} nth_k;

static int nth_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    nth_k *x = (nth_k *)self;
    if (x->count++ < x->n) { jqv_free(&r->h, v); jqv_free(&r->h, path); return JQ_OK; }
    int st = x->k->fn(r, x->k, v, path);
    if (st) return st;
    r->brk = x->id;
    return JQ_BREAK;
}

static int nth_body(jq_run *r, void *ud, jv *vals)
{
    limit_ud *u = ud;
    if (vals[0].kind != JV_NUMBER) return jq_type_error2(r, vals[0], jqv_number(0), "cannot be compared");
    double n = jqv_num(vals[0]);
    if (n < 0) return jq_errorf(r, "nth doesn't support negative indices");
    nth_k x = { { nth_fn }, u->k, floor(n), 0, ++r->next_label };
    int st = jq_eval(r, u->f, u->env, jqv_copy(u->in), jqv_copy(u->path), &x.base);
    if (st == JQ_BREAK && r->brk == x.id) st = JQ_OK;
    return st;
}

static int n_nth2(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    limit_ud u = { A(1), env, in, path, k };
    int st = with_vals(r, call, env, in, 1, nth_body, &u);
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    return st;
}

/* isempty(g) */
static int n_isempty(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jv out;
    int found;
    jqv_free(&r->h, path);
    int st = jq_first(r, A(0), env, in, &out, &found);
    if (st) return st;
    jqv_free(&r->h, out);
    return k->fn(r, k, jqv_bool(!found), jqv_none());
}

/* any(gen; cond), all(gen; cond) */
typedef struct anyall_k {
    jq_out base;
    const jq_node *cond;
    const jq_env *env;
    int want;               /* any: stop at the first true; all: at the first false */
    int hit;
    uint64_t id;
} anyall_k;

static int anyall_cond_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    anyall_k *a = (anyall_k *)self;
    jqv_free(&r->h, path);
    int t = jqv_truthy(v);
    jqv_free(&r->h, v);
    if (t == a->want) { a->hit = 1; r->brk = a->id; return JQ_BREAK; }
    return JQ_OK;
}

static int anyall_gen_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    anyall_k *a = (anyall_k *)self;
    jqv_free(&r->h, path);
    if (!a->cond) return anyall_cond_fn(r, self, v, jqv_none());
    anyall_k inner = *a;
    inner.base.fn = anyall_cond_fn;
    int st = jq_eval(r, a->cond, a->env, v, jqv_none(), &inner.base);
    if (inner.hit) a->hit = 1;
    return st;
}

static int anyall(jq_run *r, const jq_node *gen, const jq_node *cond, const jq_env *env, jv in, jq_out *k, int want)
{
    anyall_k a = { { anyall_gen_fn }, cond, env, want, 0, ++r->next_label };
    int st;
    if (gen) st = jq_eval(r, gen, env, in, jqv_none(), &a.base);
    else st = jq_iterate(r, in, jqv_none(), &a.base);
    if (st == JQ_BREAK && r->brk == a.id) st = JQ_OK;
    if (st) return st;
    return k->fn(r, k, jqv_bool(a.hit ? want : !want), jqv_none());
}

static int n_any0(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call;
    jqv_free(&r->h, path);
    return anyall(r, NULL, NULL, env, in, k, 1);
}
static int n_all0(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call;
    jqv_free(&r->h, path);
    return anyall(r, NULL, NULL, env, in, k, 0);
}
static int n_any1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    return anyall(r, NULL, A(0), env, in, k, 1);
}
static int n_all1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    return anyall(r, NULL, A(0), env, in, k, 0);
}
static int n_any2(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    return anyall(r, A(0), A(1), env, in, k, 1);
}
static int n_all2(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    return anyall(r, A(0), A(1), env, in, k, 0);
}

/* map(f): [.[] | f] */
typedef struct map_k {
    jq_out base;
    const jq_node *f;
    const jq_env *env;
    jq_out *collect;
} map_k;

typedef struct coll_k {
    jq_out base;
    jv arr;
} coll_k;

static int coll_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    coll_k *c = (coll_k *)self;
    jqv_free(&r->h, path);
    c->arr = jqv_array_append(&r->h, c->arr, v);
    return jq_check_heap(r);
}

static int map_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    map_k *m = (map_k *)self;
    jqv_free(&r->h, path);
    return jq_eval(r, m->f, m->env, v, jqv_none(), m->collect);
}

static int n_map(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    coll_k c = { { coll_fn }, jqv_array_sized(&r->h, in.kind == JV_ARRAY ? jqv_array_len(in) : 0) };
    map_k m = { { map_fn }, A(0), env, &c.base };
    int st = jq_iterate(r, in, jqv_none(), &m.base);
    if (st) { jqv_free(&r->h, c.arr); return st; }
    return jq_emit(r, k, c.arr, jqv_none());
}

/* add(f): reduce f as $x (null; . + $x) */
typedef struct add_k {
    jq_out base;
    jv acc;
} add_k;

static int add_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    add_k *a = (add_k *)self;
    jqv_free(&r->h, path);
    jv acc = a->acc;
    a->acc = jqv_null();
    return jq_binop(r, '+', acc, v, &a->acc);
}

static int n_add1(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    add_k a = { { add_fn }, jqv_null() };
    int st = jq_eval(r, A(0), env, in, jqv_none(), &a.base);
    if (st) { jqv_free(&r->h, a.acc); return st; }
    return k->fn(r, k, a.acc, jqv_none());
}

/* ---- sort_by, group_by, unique_by, min_by, max_by -------------------------------- */

typedef struct keyed { jv key, val; size_t idx; } keyed;

static int keyed_cmp(jq_run *r, const keyed *a, const keyed *b)
{
    int c = jqv_cmp(&r->h, a->key, b->key);
    if (c) return c;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static void keyed_sort(jq_run *r, keyed *v, size_t n, keyed *tmp)
{
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t a = lo, b = mid, t = lo;
            while (a < mid && b < hi) tmp[t++] = keyed_cmp(r, &v[a], &v[b]) <= 0 ? v[a++] : v[b++];
            while (a < mid) tmp[t++] = v[a++];
            while (b < hi) tmp[t++] = v[b++];
        }
        memcpy(v, tmp, n * sizeof *v);
    }
}

enum { BY_SORT, BY_GROUP, BY_UNIQUE, BY_MIN, BY_MAX };

static int by_impl(jq_run *r, const jq_node *f, const jq_env *env, jv in, jq_out *k, int mode)
{
    jvh *h = &r->h;
    if (in.kind == JV_OBJECT) {
        /* jq: map([f]) works on objects, then the sort fails */
        jv keys = jqv_array(h);
        int st = mode == BY_MIN || mode == BY_MAX ? jq_type_error2(r, in, keys, "cannot be iterated over")
                                                  : jq_type_error2(r, in, keys, "cannot be sorted, as they are not both arrays");
        jqv_free(h, keys);
        jqv_free(h, in);
        return st;
    }
    if (in.kind != JV_ARRAY) return jq_iterate(r, in, jqv_none(), k);   /* the iteration error */
    size_t n = jqv_array_len(in);
    keyed *v = sk_malloc(h->a, (n ? n : 1) * 2 * sizeof *v);
    if (!v) { jqv_free(h, in); h->oom = 1; return jq_check_heap(r); }
    int st = JQ_OK;
    size_t got = 0;
    for (size_t i = 0; i < n && !st; i++) {
        jv key;
        if (f) st = jq_collect(r, f, env, jqv_copy(jqv_array_at(in, i)), &key);
        else key = jqv_array_append(h, jqv_array(h), jqv_copy(jqv_array_at(in, i)));
        if (st) break;
        v[i].key = key;
        v[i].val = jqv_array_at(in, i);
        v[i].idx = i;
        got++;
    }
    if (st) goto out;
    keyed_sort(r, v, n, v + n);
    if ((st = jq_check_heap(r))) goto out;
    jv res;
    if (mode == BY_MIN || mode == BY_MAX) {
        if (n == 0) res = jqv_null();
        else {
            size_t best = 0;
            /* min: the first of the smallest; max: the last of the largest (jq) */
            if (mode == BY_MAX) best = n - 1;
            res = jqv_copy(v[best].val);
        }
    } else if (mode == BY_SORT) {
        res = jqv_array_sized(h, n);
        for (size_t i = 0; i < n; i++) res = jqv_array_append(h, res, jqv_copy(v[i].val));
    } else {
        res = jqv_array(h);
        jv group = jqv_null();
        for (size_t i = 0; i < n; i++) {
            if (i == 0 || jqv_cmp(h, v[i - 1].key, v[i].key) != 0) {
                if (i) res = mode == BY_GROUP ? jqv_array_append(h, res, group) : res;
                if (mode == BY_UNIQUE) res = jqv_array_append(h, res, jqv_copy(v[i].val));
                group = mode == BY_GROUP ? jqv_array(h) : jqv_null();
            }
            if (mode == BY_GROUP) group = jqv_array_append(h, group, jqv_copy(v[i].val));
        }
        if (mode == BY_GROUP && n) res = jqv_array_append(h, res, group);
        else jqv_free(h, group);
    }
    for (size_t i = 0; i < got; i++) jqv_free(h, v[i].key);
    sk_free(h->a, v);
    jqv_free(h, in);
    if (res.kind == JV_NONE) return jq_check_heap(r);
    return k->fn(r, k, res, jqv_none());
out:
    for (size_t i = 0; i < got; i++) jqv_free(h, v[i].key);
    sk_free(h->a, v);
    jqv_free(h, in);
    return st;
}

#define BY_NATIVE(name, mode) \
    static int name(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k) \
    { jqv_free(&r->h, path); return by_impl(r, call->nargs ? A(0) : NULL, env, in, k, mode); }

BY_NATIVE(n_sort_by, BY_SORT)
BY_NATIVE(n_group_by, BY_GROUP)
BY_NATIVE(n_unique_by, BY_UNIQUE)
BY_NATIVE(n_min_by, BY_MIN)
BY_NATIVE(n_max_by, BY_MAX)

/* unique/min/max without f: jq's messages for non-arrays differ */
static int n_unique(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    jqv_free(&r->h, path);
    if (in.kind != JV_ARRAY) {
        jv e = jqv_array(&r->h);
        int st = jq_type_error2(r, in, e, "cannot be sorted, as they are not both arrays");
        jqv_free(&r->h, e);
        jqv_free(&r->h, in);
        return st;
    }
    return by_impl(r, NULL, env, in, k, BY_UNIQUE);
    (void)call;
}

static int minmax(jq_run *r, jv in, jq_out *k, int mode)
{
    if (in.kind != JV_ARRAY) {
        int st = jq_type_error2(r, in, in, "cannot be iterated over");
        jqv_free(&r->h, in);
        return st;
    }
    return by_impl(r, NULL, NULL, in, k, mode);
}

static int n_min(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, path);
    return minmax(r, in, k, BY_MIN);
}

static int n_max(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, path);
    return minmax(r, in, k, BY_MAX);
}

/* ---- inputs ------------------------------------------------------------------------------ */

static int n_input(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    jv v;
    int st = r->inputs.next ? r->inputs.next(r, r->inputs.ud, &v) : 1;
    if (st == 1) return jq_errorf(r, "No more inputs");
    if (st) return st;
    return k->fn(r, k, v, jqv_none());
}

static int n_inputs(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    for (;;) {
        jv v;
        int st = r->inputs.next ? r->inputs.next(r, r->inputs.ud, &v) : 1;
        if (st == 1) return JQ_OK;
        if (st) return st;
        if ((st = k->fn(r, k, v, jqv_none()))) return st;
    }
}

static int n_input_filename(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, in);
    jv v = r->inputs.filename ? r->inputs.filename(r, r->inputs.ud) : jqv_null();
    return jq_emit(r, k, v, path);
}

static int n_input_line_number(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, in);
    long n = r->inputs.line ? r->inputs.line(r, r->inputs.ud) : 0;
    return jq_emit(r, k, jqv_number((double)n), path);
}

/* debug: ["DEBUG:",.] on stderr; stderr: the value, compact, no newline */
static void to_stderr(jq_run *r, jv v, const char *pre, const char *post)
{
    if (!r->debug_out) return;
    static const jqv_dumpopts compact = { 0, 0, 0, 0, 0, { 0 } };
    sk_buf b = SK_BUF_INIT(r->h.a);
    sk_buf_puts(&b, pre);
    jqv_dump(&r->h, &b, v, &compact);
    sk_buf_puts(&b, post);
    r->debug_out(r->host, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
}

static int n_debug(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    to_stderr(r, in, "[\"DEBUG:\",", "]\n");
    return k->fn(r, k, in, path);
}

static int n_stderr(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    to_stderr(r, in, "", "");
    return k->fn(r, k, in, path);
}

static int n_halt(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env; (void)k;
    jqv_free(&r->h, in);
    jqv_free(&r->h, path);
    r->halted = 2;
    r->halt_code = 0;
    return JQ_HALT;
}

typedef struct halt_ud { jv in; } halt_ud;

static int halt_error_body(jq_run *r, void *ud, jv *vals)
{
    halt_ud *u = ud;
    if (vals[0].kind != JV_NUMBER) return jq_errorf(r, "halt_error/1: number required");
    if (r->debug_out) {
        if (u->in.kind == JV_STRING) r->debug_out(r->host, jqv_str_p(u->in), jqv_str_len(u->in));
        else if (u->in.kind != JV_NULL) to_stderr(r, u->in, "", "\n");
    }
    r->halted = 2;
    r->halt_code = (int)jqv_num(vals[0]);
    return JQ_HALT;
}

static int n_halt_error(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)k;
    jqv_free(&r->h, path);
    halt_ud u = { in };
    int st;
    if (call->nargs == 0) {
        jv five = jqv_number(5);
        st = halt_error_body(r, &u, &five);
    } else st = with_vals(r, call, env, in, 1, halt_error_body, &u);
    jqv_free(&r->h, in);
    return st;
}

/* ---- tostream ------------------------------------------------------------------------------- */

static int stream_rec(jq_run *r, jv v, jv path, jq_out *k, int top, int depth)
{
    jvh *h = &r->h;
    if (depth > 10000) return jq_errorf(r, "value nested too deeply");
    int st;
    size_t n = v.kind == JV_ARRAY ? jqv_array_len(v) : v.kind == JV_OBJECT ? jqv_object_len(v) : 0;
    if (n == 0) {
        jv ev = jqv_array(h);
        ev = jqv_array_append(h, ev, jqv_copy(path));
        ev = jqv_array_append(h, ev, jqv_copy(v));
        if (ev.kind == JV_NONE) return jq_check_heap(r);
        return k->fn(r, k, ev, jqv_none());
    }
    jv lastkey = jqv_null();
    if (v.kind == JV_ARRAY) {
        for (size_t i = 0; i < n; i++) {
            jv p = jqv_array_append(h, jqv_copy(path), jqv_number((double)i));
            st = stream_rec(r, jqv_array_at(v, i), p, k, 0, depth + 1);
            jqv_free(h, p);
            if (st) return st;
        }
        lastkey = jqv_number((double)(n - 1));
    } else {
        JV_OBJECT_FOREACH(v, s) {
            jv key = jqv_mk(JV_STRING);
            key.u.s = s->key;
            jv p = jqv_array_append(h, jqv_copy(path), jqv_copy(key));
            st = stream_rec(r, s->val, p, k, 0, depth + 1);
            jqv_free(h, p);
            if (st) return st;
            jqv_free(h, lastkey);
            lastkey = jqv_copy(key);
        }
    }
    (void)top;
    jv ev = jqv_array_append(h, jqv_array(h), jqv_array_append(h, jqv_copy(path), lastkey));
    if (ev.kind == JV_NONE) return jq_check_heap(r);
    return k->fn(r, k, ev, jqv_none());
}

int jq_tostream(jq_run *r, jv in, jq_out *k)
{
    jv root = jqv_array(&r->h);
    int st = stream_rec(r, in, root, k, 1, 0);
    jqv_free(&r->h, root);
    jqv_free(&r->h, in);
    return st;
}

static int n_tostream(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    (void)call; (void)env;
    jqv_free(&r->h, path);
    jv root = jqv_array(&r->h);
    int st = stream_rec(r, in, root, k, 1, 0);
    jqv_free(&r->h, root);
    jqv_free(&r->h, in);
    return st;
}

/* ---- match, test, capture, scan (the matching itself is in regex.c) ---------------- */

int jqn__match_impl_3(jq_run *r, jv in, jv *args, jv *out);

enum { RX_MATCH, RX_TEST, RX_CAPTURE, RX_SCAN };

typedef struct rx_ud {
    jv in;
    jq_out *k;
    int kind, nargs;
} rx_ud;

/* jq's `$val` form: a string, or [regex, flags] */
static int rx_split_val(jq_run *r, jv val, jv *re, jv *flags)
{
    if (val.kind == JV_STRING) { *re = jqv_copy(val); *flags = jqv_null(); return JQ_OK; }
    if (val.kind == JV_ARRAY && jqv_array_len(val) > 0) {
        *re = jqv_copy(jqv_array_at(val, 0));
        *flags = jqv_array_len(val) > 1 ? jqv_copy(jqv_array_at(val, 1)) : jqv_null();
        return JQ_OK;
    }
    return jq_errorf(r, "%s not a string or array", jqv_kind_name(jqv_kind_of(val)));
}

static jv capture_obj(jq_run *r, jv m)
{
    jvh *h = &r->h;
    jv o = jqv_object(h);
    jv *caps = jqv_object_find(m, "captures", 8);
    for (size_t i = 0; caps && i < jqv_array_len(*caps); i++) {
        jv c = jqv_array_at(*caps, i);
        jv *name = jqv_object_find(c, "name", 4);
        if (!name || name->kind != JV_STRING) continue;
        o = jqv_object_set(h, o, jqv_copy(*name), jqv_object_get(c, "string", 6));
    }
    return o;
}

static int rx_body(jq_run *r, void *ud, jv *vals)
{
    rx_ud *u = ud;
    jvh *h = &r->h;
    jv re, flags;
    int st;
    if (u->nargs == 1) {
        if ((st = rx_split_val(r, vals[0], &re, &flags))) return st;
    } else {
        re = jqv_copy(vals[0]);
        flags = jqv_copy(vals[1]);
    }
    if (u->kind == RX_SCAN) {
        /* "g" + flags */
        if (flags.kind == JV_NULL) flags = jqv_string_raw(h, "g", 1);
        else if (flags.kind == JV_STRING) flags = jqv_string_concat(h, jqv_string_raw(h, "g", 1), flags);
        else {
            jv g = jqv_string_raw(h, "g", 1);
            st = jq_type_error2(r, g, flags, "cannot be added");
            jqv_free(h, g);
            jqv_free(h, re);
            jqv_free(h, flags);
            return st;
        }
    }
    jv args[3] = { re, flags, jqv_bool(u->kind == RX_TEST) };
    jv res;
    if ((st = jqn__match_impl_3(r, jqv_copy(u->in), args, &res))) return st;
    if (u->kind == RX_TEST) return u->k->fn(r, u->k, res, jqv_none());
    st = JQ_OK;
    for (size_t i = 0; i < jqv_array_len(res) && !st; i++) {
        jv m = jqv_array_at(res, i);
        jv o;
        if (u->kind == RX_MATCH) o = jqv_copy(m);
        else if (u->kind == RX_CAPTURE) o = capture_obj(r, m);
        else {
            jv *caps = jqv_object_find(m, "captures", 8);
            if (caps && jqv_array_len(*caps) > 0) {
                o = jqv_array(h);
                for (size_t j = 0; j < jqv_array_len(*caps); j++)
                    o = jqv_array_append(h, o, jqv_object_get(jqv_array_at(*caps, j), "string", 6));
            } else o = jqv_object_get(m, "string", 6);
        }
        if (o.kind == JV_NONE) { st = jq_check_heap(r); break; }
        st = u->k->fn(r, u->k, o, jqv_none());
    }
    jqv_free(h, res);
    return st;
}

static int rx_native(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k, int kind)
{
    jqv_free(&r->h, path);
    rx_ud u = { in, k, kind, call->nargs };
    int st = with_vals(r, call, env, in, call->nargs, rx_body, &u);
    jqv_free(&r->h, in);
    return st;
}

static int n_match(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{ return rx_native(r, call, env, in, path, k, RX_MATCH); }
static int n_test(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{ return rx_native(r, call, env, in, path, k, RX_TEST); }
static int n_capture(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{ return rx_native(r, call, env, in, path, k, RX_CAPTURE); }
static int n_scan(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{ return rx_native(r, call, env, in, path, k, RX_SCAN); }

/* ---- regex substitution (sub/gsub) lives in regex.c --------------------------------------------- */
int jq_n_sub(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k);
int jq_n_gsub(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k);

/* ---- value natives (values.c) ------------------------------------------------------------------- */
#define VN(fn, name, ar) int fn(jq_run *r, jv in, jv *args, jv *out);
#include "natives_list.h"
#undef VN

static const jq_native natives[] = {
    /* closures */
    { "empty", 0, NULL, n_empty, 1 },
    { "error", 0, NULL, n_error0, 1 },
    { "error", 1, NULL, n_error1, 1 },
    { "select", 1, NULL, n_select, 1 },
    { "path", 1, NULL, n_path, 0 },
    { "getpath", 1, NULL, n_getpath, 1 },
    { "recurse", 0, NULL, n_recurse0, 1 },
    { "recurse", 1, NULL, n_recurse1, 1 },
    { "recurse", 2, NULL, n_recurse2, 1 },
    { "repeat", 1, NULL, n_repeat, 1 },
    { "while", 2, NULL, n_while, 1 },
    { "until", 2, NULL, n_until, 1 },
    { "range", 1, NULL, n_range, 0 },
    { "range", 2, NULL, n_range, 0 },
    { "range", 3, NULL, n_range, 0 },
    { "limit", 2, NULL, n_limit, 1 },
    { "first", 1, NULL, n_first1, 1 },
    { "last", 1, NULL, n_last1, 1 },
    { "nth", 2, NULL, n_nth2, 1 },
    { "isempty", 1, NULL, n_isempty, 0 },
    { "any", 0, NULL, n_any0, 0 },
    { "any", 1, NULL, n_any1, 0 },
    { "any", 2, NULL, n_any2, 0 },
    { "all", 0, NULL, n_all0, 0 },
    { "all", 1, NULL, n_all1, 0 },
    { "all", 2, NULL, n_all2, 0 },
    { "map", 1, NULL, n_map, 0 },
    { "add", 1, NULL, n_add1, 0 },
    { "sort_by", 1, NULL, n_sort_by, 0 },
    { "group_by", 1, NULL, n_group_by, 0 },
    { "unique_by", 1, NULL, n_unique_by, 0 },
    { "min_by", 1, NULL, n_min_by, 0 },
    { "max_by", 1, NULL, n_max_by, 0 },
    { "unique", 0, NULL, n_unique, 0 },
    { "min", 0, NULL, n_min, 0 },
    { "max", 0, NULL, n_max, 0 },
    { "input", 0, NULL, n_input, 0 },
    { "inputs", 0, NULL, n_inputs, 0 },
    { "input_filename", 0, NULL, n_input_filename, 0 },
    { "input_line_number", 0, NULL, n_input_line_number, 0 },
    { "debug", 0, NULL, n_debug, 1 },
    { "stderr", 0, NULL, n_stderr, 1 },
    { "halt", 0, NULL, n_halt, 0 },
    { "halt_error", 0, NULL, n_halt_error, 0 },
    { "halt_error", 1, NULL, n_halt_error, 0 },
    { "tostream", 0, NULL, n_tostream, 0 },
    { "match", 1, NULL, n_match, 0 },
    { "match", 2, NULL, n_match, 0 },
    { "test", 1, NULL, n_test, 0 },
    { "test", 2, NULL, n_test, 0 },
    { "capture", 1, NULL, n_capture, 0 },
    { "capture", 2, NULL, n_capture, 0 },
    { "scan", 1, NULL, n_scan, 0 },
    { "scan", 2, NULL, n_scan, 0 },
    { "sub", 2, NULL, jq_n_sub, 0 },
    { "sub", 3, NULL, jq_n_sub, 0 },
    { "gsub", 2, NULL, jq_n_gsub, 0 },
    { "gsub", 3, NULL, jq_n_gsub, 0 },
    /* values */
#define VN(fn, name, ar) { name, ar, fn, NULL, 0 },
#include "natives_list.h"
#undef VN
};

#define NNATIVES (sizeof natives / sizeof natives[0])

int jq_native_lookup(const char *name, int nargs)
{
    for (size_t i = 0; i < NNATIVES; i++)
        if (natives[i].nargs == nargs && natives[i].name[0] == name[0] && !strcmp(natives[i].name, name)) return (int)i;
    return -1;
}

const jq_native *jq_native_get(int idx) { return &natives[idx]; }

int jq_builtin_names(jq_run *r, jv *out)
{
    jvh *h = &r->h;
    jv arr = jqv_array(h);
    for (size_t i = 0; i < NNATIVES; i++)
        if (natives[i].name[0] != '_') arr = jqv_array_append(h, arr, jqv_string_fmt(h, "%s/%d", natives[i].name, natives[i].nargs));
    for (int i = 0; i < jq_library_count(); i++) {
        if (jq_library_is_yq(i)) continue;
        const char *src = jq_library_source(i);
        /* "def NAME" or "def NAME(a; b)" */
        const char *p = src + 4;
        size_t nl = strcspn(p, ":(");
        int ar = 0;
        if (p[nl] == '(') {
            ar = 1;
            for (const char *q = p + nl; *q && *q != ')'; q++) ar += *q == ';';
        }
        if (nl && p[0] != '_') arr = jqv_array_append(h, arr, jqv_string_fmt(h, "%.*s/%d", (int)nl, p, ar));
    }
    *out = arr;
    return jq_check_heap(r);
}
