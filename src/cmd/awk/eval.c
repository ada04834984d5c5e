/* eval.c — expression evaluation: lvalues and assignments (with in-place
 * string appends), ++/--, user function calls (arrays by reference,
 * scalars by value, untyped arguments that become arrays in the caller),
 * getline in all its forms, concatenation, comparisons and arithmetic.
 *
 * Abnormal completion (exit, next, return, fatal errors) travels in
 * in->unwind; operands are not evaluated once it is set. */
#include <math.h>
#include <string.h>

#include "awk.h"
#include "base/stack.h"

/* The scalar value slot of a variable (for reading and writing). */
static awk_val *scalar_slot(awk_interp *in, awk_node *n)
{
    awk_cell *c = awk_cell_of(in, n);
    switch (c->kind) {
    case CELL_SCALAR: break;
    case CELL_UNTYPED:
        c->kind = CELL_SCALAR;
        c->v = awk_uninit();
        break;
    case CELL_REF:
        /* a parameter used as a scalar: its own local from now on */
        c->kind = CELL_SCALAR;
        c->ref = NULL;
        c->v = awk_uninit();
        break;
    default:
        awk_fatal(in, "attempt to use array `%s' in a scalar context", awk_var_name(in, n));
        return NULL;
    }
    if (n->op == N_GVAR && n->u.slot == G_NF) {
        awk_split_record(in);
        awk_val_free(in, &c->v);
        c->v = awk_num((double)in->nf);
    }
    return &c->v;
}

/* ---- lvalues ------------------------------------------------------------------------- */

typedef struct lvref {
    awk_node *n;
    awk_key key;       /* N_INDEX */
    awk_array *arr;
    long field;        /* N_FIELD */
} lvref;

static int lv_prepare(awk_interp *in, awk_node *n, lvref *lv)
{
    lv->n = n;
    lv->key.s = NULL;
    if (n->op == N_INDEX) {
        lv->arr = awk_index_target(in, n, &lv->key);
        if (!lv->arr) return -1;
    } else if (n->op == N_FIELD) {
        awk_val v = awk_eval(in, n->a);
        double d = awk_to_num(in, &v);
        awk_val_free(in, &v);
        if (in->unwind) return -1;
        if (!(d >= 0 && d <= AWK_MAX_FIELDS)) {
            awk_fatal(in, d < 0 ? "attempt to access field %.0f" : "field index %.0f too large", d);
            return -1;
        }
        lv->field = (long)d;
    }
    return 0;
}

/* The slot to read/write; NULL after a fatal error. */
static awk_val *lv_slot(awk_interp *in, lvref *lv)
{
    awk_node *n = lv->n;
    switch (n->op) {
    case N_GVAR:
    case N_LVAR: return scalar_slot(in, n);
    case N_INDEX: {
        awk_val *e = awk_array_get(in, lv->arr, lv->key.p, lv->key.n, lv->key.s, 1);
        if (e && e->t == AV_ARRAY) {
            awk_fatal(in, "attempt to use array `%s[\"%.*s\"]' in a scalar context", awk_var_name(in, n->a->op == N_INDEX ? n->a->a : n->a),
                      (int)lv->key.n, lv->key.p);
            return NULL;
        }
        return e;
    }
    default:
        if (lv->field == 0) return awk_record(in);
        return awk_field_ref(in, lv->field, 1);
    }
}

/* After writing through lv_slot. */
static void lv_done(awk_interp *in, lvref *lv)
{
    awk_node *n = lv->n;
    if (n->op == N_GVAR && n->u.slot < G_NSPECIAL) awk_special_set(in, n->u.slot);
    else if (n->op == N_FIELD) {
        if (lv->field == 0) {
            awk_val v = in->zero;
            in->zero = awk_uninit();
            awk_set_record_val(in, v);
        } else {
            awk_field_assigned(in, lv->field);
        }
    }
    awk_key_done(in, &lv->key);
}

int awk_assign_node(awk_interp *in, awk_node *n, awk_val v)
{
    lvref lv;
    if (lv_prepare(in, n, &lv)) { awk_val_free(in, &v); return -1; }
    awk_val *slot = lv_slot(in, &lv);
    if (!slot) { awk_val_free(in, &v); awk_key_done(in, &lv.key); return -1; }
    awk_val_free(in, slot);
    *slot = v;
    lv_done(in, &lv);
    return 0;
}

static double arith(awk_interp *in, int op, double x, double y)
{
    switch (op) {
    case AS_ADD: return x + y;
    case AS_SUB: return x - y;
    case AS_MUL: return x * y;
    case AS_DIV:
        if (y == 0) { awk_fatal(in, "division by zero attempted"); return 0; }
        return x / y;
    case AS_MOD:
        if (y == 0) { awk_fatal(in, "division by zero attempted in `%%'"); return 0; }
        return fmod(x, y);
    case AS_POW: {
        if (y >= 0 && y < 1024 && y == (double)(int)y) {
            double r = 1, b = x;
            int e = (int)y;
            while (e) { if (e & 1) r *= b; b *= b; e >>= 1; }
            return r;
        }
        return pow(x, y);
    }
    default: return y;
    }
}

/* x = x a b ...: append to x's string in place when nothing else holds it,
 * so building a string in a loop is linear, not quadratic.  Returns 1 when
 * handled (result in *res). */
__attribute__((noinline)) static int try_append(awk_interp *in, awk_node *n, awk_val *res)
{
    awk_node *lhs = n->a;
    if (n->sub != AS_SET || n->b->op != N_CONCAT || (lhs->op != N_GVAR && lhs->op != N_LVAR)) return 0;
    if (lhs->op == N_GVAR && lhs->u.slot < G_NSPECIAL) return 0;
    awk_node *ops[16];
    int k = 0;
    awk_node *m = n->b;
    while (m->op == N_CONCAT && k < 15) {
        ops[k++] = m->b;
        m = m->a;
    }
    if (m->op != lhs->op || m->u.slot != lhs->u.slot) return 0;
    awk_cell *c = awk_cell_of(in, lhs);
    if (c->kind != CELL_SCALAR || c->v.t == AV_NUM || c->v.t == AV_UNINIT || !c->v.s || c->v.s->refs != 1)
        return 0;
    /* evaluate the rest (left to right), then append if x is still unshared */
    awk_str *parts[16];
    size_t add = 0;
    int got = 0;
    for (int i = k - 1; i >= 0; i--) {
        awk_val v = awk_eval(in, ops[i]);
        parts[got] = awk_to_str(in, &v);
        awk_val_free(in, &v);
        add += parts[got++]->len;
        if (in->unwind) break;
    }
    int done = 0;
    if (!in->unwind && c->kind == CELL_SCALAR && c->v.t != AV_NUM && c->v.t != AV_UNINIT && c->v.s &&
        c->v.s->refs == 1) {
        awk_str *s = c->v.s;
        size_t need = s->len + add;
        if (need > s->cap) {
            size_t ncap = s->cap * 2 > need ? s->cap * 2 : need;
            awk_str *ns = awk_alloc(in, sizeof *s + ncap + 1);
            if (ns) {
                memcpy(ns, s, sizeof *s + s->len + 1);
                ns->cap = ncap;
                awk_str_free(in, s);
                s = c->v.s = ns;
            }
        }
        if (need <= s->cap) {
            for (int i = 0; i < got; i++) {
                memcpy(s->s + s->len, parts[i]->s, parts[i]->len);
                s->len += parts[i]->len;
            }
            s->s[s->len] = 0;
            c->v.t = AV_STR;
            c->v.numok = 0;
            *res = awk_val_copy(&c->v);
            done = 1;
        }
    }
    if (!done && !in->unwind) {
        /* fall back: x's value followed by the parts */
        awk_str *x = awk_to_str(in, &c->v);
        size_t total = x->len + add;
        awk_str *s = awk_str_alloc(in, total);
        if (s) {
            memcpy(s->s, x->s, x->len);
            s->len = x->len;
            for (int i = 0; i < got; i++) {
                memcpy(s->s + s->len, parts[i]->s, parts[i]->len);
                s->len += parts[i]->len;
            }
            s->s[s->len] = 0;
            awk_val nv = awk_strval_take(s);
            *res = awk_val_copy(&nv);
            awk_assign_node(in, lhs, nv);
        } else {
            *res = awk_uninit();
        }
        awk_str_unref(in, x);
        done = 1;
    }
    for (int i = 0; i < got; i++) awk_str_unref(in, parts[i]);
    if (!done) *res = awk_uninit();
    return 1;
}

__attribute__((noinline)) static awk_val eval_assign(awk_interp *in, awk_node *n)
{
    awk_val quick;
    if (try_append(in, n, &quick)) return quick;
    lvref lv;
    if (lv_prepare(in, n->a, &lv)) return awk_uninit();
    awk_val r = awk_eval(in, n->b);
    if (in->unwind) { awk_val_free(in, &r); awk_key_done(in, &lv.key); return awk_uninit(); }
    awk_val *slot = lv_slot(in, &lv);
    if (!slot) { awk_val_free(in, &r); awk_key_done(in, &lv.key); return awk_uninit(); }
    if (n->sub == AS_SET) {
        awk_val_free(in, slot);
        *slot = r;
    } else {
        double x = awk_to_num(in, slot), y = awk_to_num(in, &r);
        awk_val_free(in, &r);
        double z = arith(in, n->sub, x, y);
        if (in->unwind) { awk_key_done(in, &lv.key); return awk_uninit(); }
        awk_val_free(in, slot);
        *slot = awk_num(z);
    }
    awk_val res = awk_val_copy(slot);
    lv_done(in, &lv);
    return res;
}

__attribute__((noinline)) awk_val awk_eval_incdec(awk_interp *in, awk_node *n)
{
    lvref lv;
    if (lv_prepare(in, n->a, &lv)) return awk_uninit();
    awk_val *slot = lv_slot(in, &lv);
    if (!slot) { awk_key_done(in, &lv.key); return awk_uninit(); }
    double old = awk_to_num(in, slot);
    double nv = (n->op == N_PREINC || n->op == N_POSTINC) ? old + 1 : old - 1;
    awk_val_free(in, slot);
    *slot = awk_num(nv);
    lv_done(in, &lv);
    return awk_num(n->op == N_PREINC || n->op == N_PREDEC ? nv : old);
}

/* ---- user functions ------------------------------------------------------------------ */

static void free_frame(awk_interp *in, awk_cell *f, int n)
{
    for (int i = 0; i < n; i++) {
        if (f[i].kind == CELL_SCALAR) awk_val_free(in, &f[i].v);
        else if (f[i].kind == CELL_ARRAY && f[i].owns) awk_array_free(in, f[i].arr);
    }
}

static awk_node *arg_at(awk_node *a, int i)
{
    while (a && i-- > 0) a = a->next;
    return a;
}

__attribute__((noinline)) static awk_val call_user(awk_interp *in, awk_node *n)
{
    awk_func *f = &in->prog.funcs[n->u.slot];
    if (!f->defined) {
        awk_fatal(in, "function `%s' not defined", f->name);
        return awk_uninit();
    }
    if (n->nargs > f->nparams && !n->sub) {
        awk_warning(in, "function `%s' called with more arguments than declared", f->name);
        n->sub = 1;   /* warned once for this call */
    }
    if (in->depth >= in->max_depth || sk_stack_low(in->stack_limit)) {
        awk_fatal(in, "function call nesting too deep (in `%s')", f->name);
        return awk_uninit();
    }
    /* frames live in the pool, not on the C stack: deep recursion costs
     * only the evaluator's own frames there */
    int np = f->nparams;
    size_t fbytes = (size_t)(np ? np : 1) * sizeof(awk_cell);
    awk_cell *frame = awk_alloc(in, fbytes);
    if (!frame) { awk_fatal(in, "out of memory"); return awk_uninit(); }
    memset(frame, 0, fbytes);
    int i = 0;
    for (awk_node *a = n->a; a && i < np; a = a->next, i++) {
        awk_cell *dst = &frame[i];
        if (a->op == N_GVAR || a->op == N_LVAR) {
            awk_cell *src = awk_deref(awk_cell_of(in, a));
            if (src->kind == CELL_ARRAY) {
                dst->kind = CELL_ARRAY;
                dst->owns = 0;
                dst->arr = src->arr;
                continue;
            }
            if (src->kind == CELL_UNTYPED) {
                dst->kind = CELL_REF;
                dst->ref = src;
                continue;
            }
        }
        if (a->op == N_INDEX) {
            awk_key k;
            awk_array *arr = awk_index_target(in, a, &k);
            awk_val *e = arr ? awk_array_get(in, arr, k.p, k.n, k.s, 1) : NULL;
            if (arr) awk_key_done(in, &k);
            if (e && e->t == AV_ARRAY) {
                dst->kind = CELL_ARRAY;
                dst->owns = 0;
                dst->arr = e->arr;
                continue;
            }
            if (e && !in->unwind) {
                dst->kind = CELL_SCALAR;
                dst->v = awk_val_copy(e);
                continue;
            }
        }
        awk_val v = in->unwind ? awk_uninit() : awk_eval(in, a);
        if (in->unwind) {
            awk_val_free(in, &v);
            free_frame(in, frame, i);
            awk_dealloc(in, frame, fbytes);
            return awk_uninit();
        }
        dst->kind = CELL_SCALAR;
        dst->v = v;
    }
    for (awk_node *a = arg_at(n->a, np); a && !in->unwind; a = a->next) {
        awk_val v = awk_eval(in, a);   /* extra arguments: evaluated, ignored */
        awk_val_free(in, &v);
    }
    if (in->unwind) {
        free_frame(in, frame, np);
        awk_dealloc(in, frame, fbytes);
        return awk_uninit();
    }
    awk_cell *save_frame = in->frame;
    awk_func *save_fn = in->fn;
    int save_line = in->cur_line;
    in->frame = frame;
    in->fn = f;
    in->depth++;
    awk_exec(in, f->body);
    in->depth--;
    in->frame = save_frame;
    in->fn = save_fn;
    in->cur_line = save_line;
    awk_val res = awk_uninit();
    if (in->unwind == UW_RETURN) {
        res = in->retval;
        in->retval = awk_uninit();
        in->unwind = UW_NONE;
    }
    free_frame(in, frame, np);
    awk_dealloc(in, frame, fbytes);
    return res;
}

/* ---- getline --------------------------------------------------------------------------- */

__attribute__((noinline)) static awk_val eval_getline(awk_interp *in, awk_node *n)
{
    if (n->sub == GL_PLAIN) {
        if (n->a) {
            awk_val v = awk_uninit();
            int r = awk_main_next(in, 0, &v);
            if (r > 0) awk_assign_node(in, n->a, v);
            return awk_num(r);
        }
        int r = awk_main_next(in, 1, NULL);
        return awk_num(r);
    }
    awk_val src = awk_eval(in, n->b);
    if (in->unwind) { awk_val_free(in, &src); return awk_uninit(); }
    awk_str *name = awk_to_str(in, &src);
    awk_val_free(in, &src);
    awk_val v = awk_uninit();
    int r = awk_getline_from(in, name, n->sub == GL_CMD, &v);
    awk_str_unref(in, name);
    if (r > 0) {
        if (n->sub == GL_CMD) {
            awk_cell *c = &in->g[G_NR];
            double nr = (c->kind == CELL_SCALAR ? awk_to_num(in, &c->v) : 0) + 1;
            awk_val_free(in, &c->v);
            c->v = awk_num(nr);
            c->kind = CELL_SCALAR;
        }
        if (n->a) {
            awk_assign_node(in, n->a, v);
        } else {
            awk_set_record_val(in, v);
        }
    } else {
        awk_val_free(in, &v);
    }
    return awk_num(r);
}

/* ---- expressions -------------------------------------------------------------------------- */

__attribute__((noinline)) static awk_val eval_concat(awk_interp *in, awk_node *n)
{
    /* flatten the left spine: a b c d is ((a b) c) d */
    awk_node *ops[16];
    int k = 0;
    awk_node *m = n;
    while (m->op == N_CONCAT && k < 15) {
        ops[k++] = m->b;
        m = m->a;
    }
    ops[k++] = m;
    awk_str *parts[16];
    size_t total = 0;
    int got = 0;
    for (int i = k - 1; i >= 0; i--) {
        awk_val v = awk_eval(in, ops[i]);
        parts[got] = awk_to_str(in, &v);
        awk_val_free(in, &v);
        total += parts[got++]->len;
        if (in->unwind) break;
    }
    awk_val res = awk_uninit();
    if (!in->unwind) {
        awk_str *s = awk_str_alloc(in, total);
        if (s) {
            size_t off = 0;
            for (int i = 0; i < got; i++) {
                memcpy(s->s + off, parts[i]->s, parts[i]->len);
                off += parts[i]->len;
            }
            s->s[total] = 0;
            s->len = total;
            res = awk_strval_take(s);
        }
    }
    for (int i = 0; i < got; i++) awk_str_unref(in, parts[i]);
    return res;
}

__attribute__((noinline)) static awk_val eval_match(awk_interp *in, awk_node *n)
{
    awk_val v = awk_eval(in, n->a);
    if (in->unwind) { awk_val_free(in, &v); return awk_uninit(); }
    awk_str *s = awk_to_str(in, &v);
    awk_val_free(in, &v);
    awk_re *re = awk_re_of(in, n->b);
    int r = 0;
    if (re) r = awk_re_exec(in, re, s->s, s->len, 0, 0, NULL, 0);
    awk_str_unref(in, s);
    if (r < 0 || in->unwind) return awk_uninit();
    return awk_num(n->op == N_MATCH ? r : !r);
}

__attribute__((noinline)) static awk_val eval_field(awk_interp *in, awk_node *n)
{
    double d;
    if (n->a->op == N_NUM) {
        d = n->a->u.num;
    } else {
        awk_val iv = awk_eval(in, n->a);
        d = awk_to_num(in, &iv);
        awk_val_free(in, &iv);
        if (in->unwind) return awk_uninit();
    }
    if (d < 0) {
        awk_fatal(in, "attempt to access field %.0f", d);
        return awk_uninit();
    }
    long i = (long)awk_clamp(d, 0, INT64_C(1) << 40);
    if (i == 0) return awk_val_copy(awk_record(in));
    awk_val *f = awk_field_ref(in, i, 0);
    return f ? awk_val_copy(f) : awk_uninit();
}

__attribute__((noinline)) static awk_val eval_index(awk_interp *in, awk_node *n)
{
    awk_key k;
    awk_array *arr = awk_index_target(in, n, &k);
    if (!arr) return awk_uninit();
    awk_val res = awk_uninit();
    awk_val *v = awk_array_get(in, arr, k.p, k.n, k.s, 1);
    if (v && v->t == AV_ARRAY) {
        awk_node *b = n;
        while (b->op == N_INDEX) b = b->a;
        awk_fatal(in, "attempt to use array `%s[\"%.*s\"]' in a scalar context", awk_var_name(in, b), (int)k.n, k.p);
    } else if (v) {
        res = awk_val_copy(v);
    }
    awk_key_done(in, &k);
    return res;
}

__attribute__((noinline)) static awk_val eval_in(awk_interp *in, awk_node *n)
{
    awk_array *arr = awk_node_array(in, n->b);
    if (!arr) return awk_uninit();
    awk_key k;
    awk_subscript(in, n->a, n->nargs, &k);
    int found = !in->unwind && awk_array_get(in, arr, k.p, k.n, NULL, 0) != NULL;
    awk_key_done(in, &k);
    return awk_num(found);
}

__attribute__((noinline)) static awk_val eval_compare(awk_interp *in, awk_node *n)
{
    awk_val a = awk_eval(in, n->a);
    if (in->unwind) { awk_val_free(in, &a); return awk_uninit(); }
    awk_val b = awk_eval(in, n->b);
    int r = awk_compare(in, &a, &b);
    awk_val_free(in, &a);
    awk_val_free(in, &b);
    int t;
    switch (n->op) {
    case N_LT: t = r < 0; break;
    case N_LE: t = r <= 0; break;
    case N_GT: t = r > 0; break;
    case N_GE: t = r >= 0; break;
    case N_EQ: t = r == 0; break;
    default: t = r != 0; break;
    }
    return awk_num(t);
}

awk_val awk_eval(awk_interp *in, awk_node *n)
{
    if (sk_stack_low(in->stack_limit)) {
        awk_fatal(in, in->depth ? "function call nesting too deep" : "expression nested too deeply");
        return awk_uninit();
    }
    switch (n->op) {
    case N_NUM: return awk_num(n->u.num);
    case N_STR: {
        awk_val v = { .n = 0, .s = awk_str_ref(n->u.str), .t = AV_STR, .numok = 0 };
        return v;
    }
    case N_REGEX: {
        awk_re *re = awk_re_of(in, n);
        if (!re) return awk_uninit();
        awk_val *z = awk_record(in);
        int r = awk_re_exec(in, re, z->s ? z->s->s : "", z->s ? z->s->len : 0, 0, 0, NULL, 0);
        return awk_num(r > 0);
    }
    case N_GVAR:
    case N_LVAR: {
        awk_cell *c = n->op == N_GVAR ? &in->g[n->u.slot] : &in->frame[n->u.slot];
        if (c->kind == CELL_SCALAR) {
            if (n->op == N_GVAR && n->u.slot == G_NF) {
                awk_split_record(in);
                return awk_num((double)in->nf);
            }
            return awk_val_copy(&c->v);
        }
        if (c->kind == CELL_ARRAY || (c->kind == CELL_REF && awk_deref(c)->kind == CELL_ARRAY)) {
            awk_fatal(in, "attempt to use array `%s' in a scalar context", awk_var_name(in, n));
            return awk_uninit();
        }
        if (n->op == N_GVAR && n->u.slot == G_NF) {
            awk_split_record(in);
            return awk_num((double)in->nf);
        }
        return awk_uninit();
    }
    case N_FIELD: return eval_field(in, n);
    case N_INDEX: return eval_index(in, n);
    case N_GROUP:
        if (n->nargs == 1) return awk_eval(in, n->a);
        awk_fatal(in, "a parenthesised list is only valid before `in' or as print arguments");
        return awk_uninit();
    case N_ASSIGN: return eval_assign(in, n);
    case N_COND: {
        awk_val c = awk_eval(in, n->a);
        int b = awk_to_bool(in, &c);
        awk_val_free(in, &c);
        if (in->unwind) return awk_uninit();
        return awk_eval(in, b ? n->b : n->c);
    }
    case N_OR:
    case N_AND: {
        awk_val c = awk_eval(in, n->a);
        int b = awk_to_bool(in, &c);
        awk_val_free(in, &c);
        if (in->unwind) return awk_uninit();
        if (n->op == N_OR ? b : !b) return awk_num(b);
        awk_val d = awk_eval(in, n->b);
        b = awk_to_bool(in, &d);
        awk_val_free(in, &d);
        return awk_num(b);
    }
    case N_IN: return eval_in(in, n);
    case N_MATCH:
    case N_NOMATCH: return eval_match(in, n);
    case N_LT: case N_LE: case N_GT: case N_GE: case N_EQ: case N_NE: return eval_compare(in, n);
    case N_CONCAT: return eval_concat(in, n);
    case N_ADD: case N_SUB: case N_MUL: case N_DIV: case N_MOD: case N_POW: {
        awk_val a = awk_eval(in, n->a);
        double x = awk_to_num(in, &a);
        awk_val_free(in, &a);
        if (in->unwind) return awk_uninit();
        awk_val b = awk_eval(in, n->b);
        double y = awk_to_num(in, &b);
        awk_val_free(in, &b);
        if (in->unwind) return awk_uninit();
        switch (n->op) {
        case N_ADD: return awk_num(x + y);
        case N_SUB: return awk_num(x - y);
        case N_MUL: return awk_num(x * y);
        case N_DIV: return awk_num(arith(in, AS_DIV, x, y));
        case N_MOD: return awk_num(arith(in, AS_MOD, x, y));
        default: return awk_num(arith(in, AS_POW, x, y));
        }
    }
    case N_NEG:
    case N_PLUS: {
        awk_val a = awk_eval(in, n->a);
        double x = awk_to_num(in, &a);
        awk_val_free(in, &a);
        return awk_num(n->op == N_NEG ? -x : x);
    }
    case N_NOT: {
        awk_val a = awk_eval(in, n->a);
        int b = awk_to_bool(in, &a);
        awk_val_free(in, &a);
        return awk_num(!b);
    }
    case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC: return awk_eval_incdec(in, n);
    case N_CALL: return call_user(in, n);
    case N_BUILTIN: return awk_call_builtin(in, n);
    case N_GETLINE: return eval_getline(in, n);
    default:
        awk_fatal(in, "internal error: bad expression node %d", n->op);
        return awk_uninit();
    }
}

