/* interp.c — the tree-walking evaluator: expressions, statements, user
 * functions (arrays by reference, scalars by value, untyped arguments that
 * become arrays in the caller), print/printf, getline, and the program's
 * BEGIN / main loop / END sequence.
 *
 * Abnormal completion (next, exit, return, break, continue, fatal errors)
 * travels in in->unwind; every evaluation step checks it after evaluating
 * operands that may call functions.  Loops poll the run for timeouts. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "awk.h"
#include "base/stack.h"

/* ---- diagnostics ------------------------------------------------------------ */

static void location(awk_interp *in, sk_out *e)
{
    sk_out_printf(e, "%s: ", in->c->name);
    if (in->cur_line > 0) sk_out_printf(e, "%s:%d: ", in->srcname, in->cur_line);
    double nr = in->g && in->g[G_NR].kind == CELL_SCALAR ? awk_to_num(in, &in->g[G_NR].v) : 0;
    if (nr > 0 && in->cur_line > 0) {
        size_t n = 0;
        const char *fn = "";
        if (in->g[G_FILENAME].kind == CELL_SCALAR && in->g[G_FILENAME].v.s) {
            fn = in->g[G_FILENAME].v.s->s;
            n = in->g[G_FILENAME].v.s->len;
        }
        double fnr = in->g[G_FNR].kind == CELL_SCALAR ? awk_to_num(in, &in->g[G_FNR].v) : 0;
        if (!n) fn = "-";
        sk_out_printf(e, "(FILENAME=%s FNR=%.0f) ", fn, fnr);
    }
}

void awk_fatal(awk_interp *in, const char *fmt, ...)
{
    if (in->unwind == UW_ERROR) return;
    sk_out *e = &in->c->err;
    sk_out_flush(&in->c->out);
    location(in, e);
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sk_out_printf(e, "fatal: %s\n", msg);
    sk_out_flush(e);
    in->unwind = UW_ERROR;
    in->exit_code = 2;
}

void awk_warning(awk_interp *in, const char *fmt, ...)
{
    sk_out *e = &in->c->err;
    sk_out_flush(&in->c->out);
    location(in, e);
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sk_out_printf(e, "warning: %s\n", msg);
    sk_out_flush(e);
}

int awk_check_abort(awk_interp *in)
{
    if ((++in->poll & 1023) == 0 && cmd_aborted(in->c)) {
        in->unwind = UW_ERROR;
        if (in->exit_code == 0) in->exit_code = 2;
        return 1;
    }
    return in->unwind != 0;
}

/* ---- cells ----------------------------------------------------------------------- */

static const char *var_name(awk_interp *in, awk_node *n)
{
    if (n->op == N_GVAR) return in->prog.gnames[n->u.slot];
    if (n->op == N_LVAR && in->fn) return in->fn->params[n->u.slot];
    return "?";
}

awk_cell *awk_cell_of(awk_interp *in, awk_node *n)
{
    return n->op == N_GVAR ? &in->g[n->u.slot] : &in->frame[n->u.slot];
}

/* Follow a chain of untyped-argument references to the caller's cell. */
static awk_cell *deref(awk_cell *c)
{
    while (c->kind == CELL_REF) c = c->ref;
    return c;
}

awk_array *awk_cell_array(awk_interp *in, awk_cell *cell, const char *what)
{
    if (cell->kind == CELL_ARRAY) return cell->arr;
    if (cell->kind == CELL_REF) {
        awk_cell *t = deref(cell);
        awk_array *a = awk_cell_array(in, t, what);
        if (!a) return NULL;
        cell->kind = CELL_ARRAY;
        cell->owns = 0;
        cell->arr = a;
        return a;
    }
    if (cell->kind == CELL_UNTYPED) {
        cell->arr = awk_array_new(in);
        if (!cell->arr) return NULL;
        cell->kind = CELL_ARRAY;
        cell->owns = 1;
        return cell->arr;
    }
    awk_fatal(in, "attempt to use scalar `%s' as an array", what);
    return NULL;
}

awk_array *awk_node_array(awk_interp *in, awk_node *n)
{
    if (n->op != N_GVAR && n->op != N_LVAR) {
        awk_fatal(in, "attempt to use a non-variable as an array");
        return NULL;
    }
    return awk_cell_array(in, awk_cell_of(in, n), var_name(in, n));
}

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
        awk_fatal(in, "attempt to use array `%s' in a scalar context", var_name(in, n));
        return NULL;
    }
    if (n->op == N_GVAR && n->u.slot == G_NF) {
        awk_split_record(in);
        awk_val_free(in, &c->v);
        c->v = awk_num((double)in->nf);
    }
    return &c->v;
}

const char *awk_var_cstr(awk_interp *in, int slot, size_t *len)
{
    awk_cell *c = &in->g[slot];
    if (c->kind != CELL_SCALAR) { *len = 0; return ""; }
    if (c->v.t == AV_NUM) {
        awk_str *s = awk_num_to_str(in, c->v.n, 0);
        c->v.s = s;
        c->v.t = AV_STRNUM;
    } else if (c->v.t == AV_UNINIT) {
        *len = 0;
        return "";
    }
    *len = c->v.s->len;
    return c->v.s->s;
}

void awk_special_set(awk_interp *in, int slot)
{
    switch (slot) {
    case G_NF: {
        double n = awk_to_num(in, &in->g[G_NF].v);
        awk_set_nf(in, (long)n);
        break;
    }
    case G_FS:
        in->fs_dirty = 1;
        break;
    case G_RS:
        in->fs_dirty = 1;   /* paragraph mode changes field splitting */
        break;
    default:
        break;
    }
}

/* ---- subscripts ---------------------------------------------------------------------- */

void awk_subscript(awk_interp *in, awk_node *subs, int nsubs, awk_key *k)
{
    if (nsubs == 1) {
        awk_val v = awk_eval(in, subs);
        awk_key_make(in, &v, k);
        awk_val_free(in, &v);
        return;
    }
    sk_buf b = SK_BUF_INIT(in->a);
    size_t sl;
    int first = 1;
    for (awk_node *s = subs; s; s = s->next) {
        if (!first) {
            const char *sep = awk_var_cstr(in, G_SUBSEP, &sl);
            sk_buf_put(&b, sep, sl);
        }
        first = 0;
        if (in->unwind) break;
        awk_val v = awk_eval(in, s);
        awk_key kk;
        awk_key_make(in, &v, &kk);
        sk_buf_put(&b, kk.p, kk.n);
        awk_key_done(in, &kk);
        awk_val_free(in, &v);
    }
    k->s = awk_str_new(in, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    k->p = k->s->s;
    k->n = k->s->len;
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
        lv->arr = awk_node_array(in, n->a);
        if (!lv->arr) return -1;
        awk_subscript(in, n->b, n->nargs, &lv->key);
        if (in->unwind) { awk_key_done(in, &lv->key); return -1; }
    } else if (n->op == N_FIELD) {
        awk_val v = awk_eval(in, n->a);
        double d = awk_to_num(in, &v);
        awk_val_free(in, &v);
        if (in->unwind) return -1;
        if (d < 0 || d > 100000000) {
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
    case N_INDEX: return awk_array_get(in, lv->arr, lv->key.p, lv->key.n, lv->key.s, 1);
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
        if (y == (double)(int)y && y >= 0 && y < 1024) {
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

__attribute__((noinline)) static awk_val eval_incdec(awk_interp *in, awk_node *n)
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
            awk_cell *src = deref(awk_cell_of(in, a));
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
        awk_val v = awk_eval(in, a);
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
    long i = d > 1e12 ? (long)1e12 : (long)d;
    if (i == 0) return awk_val_copy(awk_record(in));
    awk_val *f = awk_field_ref(in, i, 0);
    return f ? awk_val_copy(f) : awk_uninit();
}

__attribute__((noinline)) static awk_val eval_index(awk_interp *in, awk_node *n)
{
    awk_array *arr = awk_node_array(in, n->a);
    if (!arr) return awk_uninit();
    awk_key k;
    awk_subscript(in, n->b, n->nargs, &k);
    awk_val res = awk_uninit();
    if (!in->unwind) {
        awk_val *v = awk_array_get(in, arr, k.p, k.n, k.s, 1);
        if (v) res = awk_val_copy(v);
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
        awk_val v = { 0, awk_str_ref(n->u.str), AV_STR, 0 };
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
        if (c->kind == CELL_ARRAY || (c->kind == CELL_REF && deref(c)->kind == CELL_ARRAY)) {
            awk_fatal(in, "attempt to use array `%s' in a scalar context", var_name(in, n));
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
    case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC: return eval_incdec(in, n);
    case N_CALL: return call_user(in, n);
    case N_BUILTIN: return awk_call_builtin(in, n);
    case N_GETLINE: return eval_getline(in, n);
    default:
        awk_fatal(in, "internal error: bad expression node %d", n->op);
        return awk_uninit();
    }
}

/* ---- print / printf ------------------------------------------------------------------------ */

static awk_ostream *destination(awk_interp *in, awk_node *n)
{
    if (n->sub == RD_NONE) return NULL;
    awk_val d = awk_eval(in, n->b);
    if (in->unwind) { awk_val_free(in, &d); return NULL; }
    awk_str *name = awk_to_str(in, &d);
    awk_val_free(in, &d);
    awk_ostream *os = awk_output(in, n->sub, name);
    awk_str_unref(in, name);
    return os;
}

static void emit(awk_interp *in, awk_node *n, size_t start)
{
    if (!in->unwind) {
        awk_ostream *os = destination(in, n);
        if (!in->unwind) {
            const char *p = in->tmp.p ? in->tmp.p + start : "";
            size_t len = in->tmp.len - start;
            if (os) awk_write(in, os, p, len);
            else if (sk_out_write(&in->c->out, p, len)) in->unwind = UW_ERROR;
        }
    }
    in->tmp.len = start;
}

__attribute__((noinline)) static void exec_print(awk_interp *in, awk_node *n)
{
    size_t start = in->tmp.len;
    if (n->nargs == 0) {
        awk_val *z = awk_record(in);
        if (z->s) sk_buf_put(&in->tmp, z->s->s, z->s->len);
    } else {
        int first = 1;
        for (awk_node *a = n->a; a; a = a->next) {
            size_t l;
            if (!first) {
                const char *ofs = awk_var_cstr(in, G_OFS, &l);
                sk_buf_put(&in->tmp, ofs, l);
            }
            first = 0;
            awk_val v = awk_eval(in, a);
            if (in->unwind) { awk_val_free(in, &v); in->tmp.len = start; return; }
            if (v.t == AV_NUM) {
                double d = v.n;
                if (d > -1e15 && d < 1e15 && d == (double)(int64_t)d && d != 0) {
                    char buf[32];
                    size_t k = awk_fmt_int((int64_t)d, buf);
                    sk_buf_put(&in->tmp, buf, k);
                    continue;
                }
            }
            awk_str *s = awk_to_outstr(in, &v);
            awk_val_free(in, &v);
            sk_buf_put(&in->tmp, s->s, s->len);
            awk_str_unref(in, s);
        }
    }
    size_t l;
    const char *ors = awk_var_cstr(in, G_ORS, &l);
    if (sk_buf_put(&in->tmp, ors, l)) { in->tmp.len = start; awk_fatal(in, "out of memory"); return; }
    emit(in, n, start);
}

__attribute__((noinline)) static void exec_printf(awk_interp *in, awk_node *n)
{
    if (n->nargs == 0) {
        awk_fatal(in, "printf: no arguments");
        return;
    }
    awk_val small[16];
    awk_val *args = small;
    int na = n->nargs;
    if (na > 16) {
        args = sk_calloc(in->a, (size_t)na, sizeof *args);
        if (!args) { awk_fatal(in, "out of memory"); return; }
    }
    int got = 0;
    for (awk_node *a = n->a; a; a = a->next) {
        args[got++] = awk_eval(in, a);
        if (in->unwind) break;
    }
    if (!in->unwind) {
        awk_str *fmt = awk_to_str(in, &args[0]);
        size_t start = in->tmp.len;
        if (awk_format(in, &in->tmp, fmt->s, fmt->len, args + 1, got - 1) == 0) emit(in, n, start);
        else in->tmp.len = start;
        awk_str_unref(in, fmt);
    }
    for (int i = 0; i < got; i++) awk_val_free(in, &args[i]);
    if (args != small) sk_free(in->a, args);
}

/* ---- statements -------------------------------------------------------------------------- */

static int loop_body(awk_interp *in, awk_node *body)
{
    awk_exec(in, body);
    if (in->unwind == UW_BREAK) { in->unwind = UW_NONE; return 1; }
    if (in->unwind == UW_CONTINUE) in->unwind = UW_NONE;
    if (in->unwind) return 1;
    return awk_check_abort(in);
}

static int cond_true(awk_interp *in, awk_node *c)
{
    if (!c) return 1;
    awk_val v = awk_eval(in, c);
    int b = awk_to_bool(in, &v);
    awk_val_free(in, &v);
    return !in->unwind && b;
}

__attribute__((noinline)) static void exec_forin(awk_interp *in, awk_node *n)
{
    awk_array *arr = awk_node_array(in, n->b);
    if (!arr) return;
    size_t nk;
    awk_str **keys = awk_array_keys(in, arr, &nk);
    size_t i = 0;
    for (; i < nk; i++) {
        awk_val kv = { 0, keys[i], AV_MAYBE, 0 };
        keys[i] = NULL;
        if (awk_assign_node(in, n->a, kv)) break;
        if (loop_body(in, n->c)) break;
    }
    for (size_t j = 0; j < nk; j++) awk_str_unref(in, keys[j]);
    sk_free(in->a, keys);
}

__attribute__((noinline)) static void exec_delete(awk_interp *in, awk_node *n)
{
    awk_array *arr = awk_node_array(in, n->a);
    if (!arr) return;
    if (!n->b) {
        awk_array_clear(in, arr);
        return;
    }
    awk_key k;
    awk_subscript(in, n->b, n->nargs, &k);
    if (!in->unwind) awk_array_delete(in, arr, k.p, k.n);
    awk_key_done(in, &k);
}

__attribute__((noinline)) static void exec_switch(awk_interp *in, awk_node *n)
{
    awk_val v = awk_eval(in, n->a);
    if (in->unwind) { awk_val_free(in, &v); return; }
    awk_node *hit = NULL, *dflt = NULL;
    for (awk_node *c = n->b; c && !hit; c = c->next) {
        if (!c->a) { dflt = c; continue; }
        if (c->a->op == N_REGEX) {
            awk_str *s = awk_to_str(in, &v);
            awk_re *re = awk_re_of(in, c->a);
            int r = re ? awk_re_exec(in, re, s->s, s->len, 0, 0, NULL, 0) : 0;
            awk_str_unref(in, s);
            if (r > 0) hit = c;
        } else {
            awk_val k = awk_eval(in, c->a);
            if (awk_compare(in, &v, &k) == 0) hit = c;
            awk_val_free(in, &k);
        }
        if (in->unwind) break;
    }
    awk_val_free(in, &v);
    if (in->unwind) return;
    if (!hit) hit = dflt;
    for (awk_node *c = hit; c; c = c->next) {
        awk_exec(in, c->b);
        if (in->unwind) break;
    }
    if (in->unwind == UW_BREAK) in->unwind = UW_NONE;
}

int awk_exec(awk_interp *in, awk_node *n)
{
    if (!n) return 0;
    in->cur_line = n->line;
    switch (n->op) {
    case S_BLOCK:
        for (awk_node *s = n->a; s; s = s->next) {
            awk_exec(in, s);
            if (in->unwind) break;
        }
        break;
    case S_EXPR: {
        awk_node *e = n->a;
        if (e->op == N_POSTINC || e->op == N_POSTDEC) {
            /* value unused: skip the copy */
            awk_val v = eval_incdec(in, e);
            awk_val_free(in, &v);
            break;
        }
        awk_val v = awk_eval(in, e);
        awk_val_free(in, &v);
        break;
    }
    case S_PRINT: exec_print(in, n); break;
    case S_PRINTF: exec_printf(in, n); break;
    case S_IF:
        if (cond_true(in, n->a)) awk_exec(in, n->b);
        else if (!in->unwind && n->c) awk_exec(in, n->c);
        break;
    case S_WHILE:
        while (cond_true(in, n->a))
            if (loop_body(in, n->b)) break;
        break;
    case S_DO:
        do {
            if (loop_body(in, n->b)) break;
        } while (cond_true(in, n->a));
        break;
    case S_FOR:
        if (n->a) awk_exec(in, n->a);
        while (!in->unwind && cond_true(in, n->b)) {
            if (loop_body(in, n->d)) break;
            if (n->c) awk_exec(in, n->c);
        }
        break;
    case S_FORIN: exec_forin(in, n); break;
    case S_BREAK: in->unwind = UW_BREAK; break;
    case S_CONTINUE: in->unwind = UW_CONTINUE; break;
    case S_NEXT: in->unwind = UW_NEXT; break;
    case S_NEXTFILE: in->unwind = UW_NEXTFILE; break;
    case S_EXIT:
        if (n->a) {
            awk_val v = awk_eval(in, n->a);
            double d = awk_to_num(in, &v);
            awk_val_free(in, &v);
            if (in->unwind) break;
            in->exit_code = (int)(int64_t)d & 0xff;
        }
        in->exiting = 1;
        in->unwind = UW_EXIT;
        break;
    case S_RETURN: {
        awk_val v = n->a ? awk_eval(in, n->a) : awk_uninit();
        if (in->unwind) { awk_val_free(in, &v); break; }
        awk_val_free(in, &in->retval);
        in->retval = v;
        in->unwind = UW_RETURN;
        break;
    }
    case S_DELETE: exec_delete(in, n); break;
    case S_SWITCH: exec_switch(in, n); break;
    default:
        awk_fatal(in, "internal error: bad statement node %d", n->op);
        break;
    }
    return in->unwind;
}

/* ---- the program ----------------------------------------------------------------------- */

static int run_rules(awk_interp *in, int kind)
{
    for (awk_rule *r = in->prog.rules; r; r = r->next) {
        if (r->kind != kind) continue;
        awk_exec(in, r->action);
        if (in->unwind == UW_NEXT || in->unwind == UW_NEXTFILE) {
            const char *what = in->unwind == UW_NEXT ? "next" : "nextfile";
            in->unwind = UW_NONE;
            awk_fatal(in, "`%s' cannot be called from a `%s' rule", what, kind == R_BEGIN ? "BEGIN" : "END");
        }
        if (in->unwind) return in->unwind;
    }
    return 0;
}

static int pattern_true(awk_interp *in, awk_node *p)
{
    if (p->op == N_REGEX && !in->g[G_IGNORECASE].kind) {
        awk_val *z = awk_record(in);
        int r = awk_re_exec(in, p->re, z->s ? z->s->s : "", z->s ? z->s->len : 0, 0, 0, NULL, 0);
        return r > 0;
    }
    return cond_true(in, p);
}

static void run_main_rules(awk_interp *in)
{
    for (awk_rule *r = in->prog.rules; r; r = r->next) {
        if (r->kind != R_MAIN) continue;
        int match;
        in->cur_line = r->pat1 ? r->pat1->line : r->action ? r->action->line : 0;
        if (!r->pat1) {
            match = 1;
        } else if (!r->pat2) {
            match = pattern_true(in, r->pat1);
        } else if (r->in_range) {
            match = 1;
            if (pattern_true(in, r->pat2)) r->in_range = 0;
        } else {
            match = pattern_true(in, r->pat1);
            if (match && !in->unwind && !pattern_true(in, r->pat2)) r->in_range = 1;
        }
        if (in->unwind) return;
        if (!match) continue;
        if (r->action) {
            awk_exec(in, r->action);
        } else {
            awk_val *z = awk_record(in);
            size_t l;
            if (z->s && sk_out_write(&in->c->out, z->s->s, z->s->len)) { in->unwind = UW_ERROR; return; }
            const char *ors = awk_var_cstr(in, G_ORS, &l);
            if (sk_out_write(&in->c->out, ors, l)) { in->unwind = UW_ERROR; return; }
        }
        if (in->unwind) return;
    }
}

int awk_run(awk_interp *in)
{
    run_rules(in, R_BEGIN);
    if (in->unwind == UW_ERROR) return in->exit_code;
    if (in->unwind != UW_EXIT && (in->prog.has_main || in->prog.has_end || in->prog.has_beginfile ||
                                  in->prog.has_endfile)) {
        in->unwind = UW_NONE;
        for (;;) {
            int r = awk_main_next(in, 1, NULL);
            if (r <= 0) break;
            run_main_rules(in);
            if (in->unwind == UW_NEXT) { in->unwind = UW_NONE; continue; }
            if (in->unwind == UW_NEXTFILE) { in->unwind = UW_NONE; awk_main_nextfile(in); continue; }
            if (in->unwind) break;
            if (awk_check_abort(in)) break;
        }
    }
    if (in->unwind == UW_ERROR) return in->exit_code;
    in->unwind = UW_NONE;
    in->in_end = 1;
    if (in->prog.has_end) run_rules(in, R_END);
    if (in->unwind == UW_EXIT) in->unwind = UW_NONE;
    return in->exit_code;
}
