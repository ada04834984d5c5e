/* vars.c — the interpreter's variables and diagnostics: gawk-style fatal
 * errors and warnings, cells (scalars, arrays, references to a caller's
 * untyped variable), special variables, and array subscripts. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "awk.h"

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

const char *awk_var_name(awk_interp *in, awk_node *n)
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
awk_cell *awk_deref(awk_cell *c)
{
    while (c->kind == CELL_REF) c = c->ref;
    return c;
}

awk_array *awk_cell_array(awk_interp *in, awk_cell *cell, const char *what)
{
    if (cell->kind == CELL_ARRAY) return cell->arr;
    if (cell->kind == CELL_REF) {
        awk_cell *t = awk_deref(cell);
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

/* The array an element a[i] holds (gawk's arrays of arrays): created when
 * the element is new, refused when it holds a scalar. */
awk_array *awk_elem_array(awk_interp *in, awk_val *e, awk_node *n)
{
    if (e->t == AV_ARRAY) return e->arr;
    if (e->t == AV_UNINIT) {
        awk_array *a = awk_array_new(in);
        if (!a) return NULL;
        e->s = NULL;
        e->arr = a;
        e->t = AV_ARRAY;
        return a;
    }
    while (n->op == N_INDEX) n = n->a;
    awk_fatal(in, "attempt to use scalar parameter or element of `%s' as an array", awk_var_name(in, n));
    return NULL;
}

#define AWK_MAX_DIMS 64

awk_array *awk_index_target(awk_interp *in, awk_node *n, awk_key *k)
{
    awk_node *chain[AWK_MAX_DIMS];
    int d = 0;
    awk_node *base = n;
    while (base->op == N_INDEX) {
        if (d == AWK_MAX_DIMS) {
            awk_fatal(in, "more than %d levels of subscripts", AWK_MAX_DIMS);
            return NULL;
        }
        chain[d++] = base;
        base = base->a;
    }
    k->s = NULL;
    if (d == 1) {
        awk_array *arr = awk_node_array(in, base);
        if (!arr) return NULL;
        awk_subscript(in, n->b, n->nargs, k);
        if (in->unwind) { awk_key_done(in, k); return NULL; }
        return arr;
    }
    /* every subscript first (left to right), then the walk: evaluating a
     * subscript cannot pull an array out from under us */
    awk_key *keys = sk_calloc(in->a, (size_t)d, sizeof *keys);
    if (!keys) { awk_fatal(in, "out of memory"); return NULL; }
    for (int i = d - 1; i >= 0 && !in->unwind; i--)
        awk_subscript(in, chain[i]->b, chain[i]->nargs, &keys[i]);
    awk_array *arr = in->unwind ? NULL : awk_node_array(in, base);
    for (int i = d - 1; i >= 1 && arr; i--) {
        awk_val *e = awk_array_get(in, arr, keys[i].p, keys[i].n, keys[i].s, 1);
        arr = e ? awk_elem_array(in, e, base) : NULL;
    }
    for (int i = d - 1; i >= 0; i--) {
        if (i == 0 && arr) continue;
        awk_key_done(in, &keys[i]);   /* (keys never computed are zeroed) */
    }
    if (arr) {
        *k = keys[0];
        if (!k->s) k->p = k->buf;
    }
    sk_free(in->a, keys);
    return arr;
}

awk_array *awk_node_array(awk_interp *in, awk_node *n)
{
    if (n->op == N_INDEX) {
        awk_key k;
        awk_array *arr = awk_index_target(in, n, &k);
        if (!arr) return NULL;
        awk_val *e = awk_array_get(in, arr, k.p, k.n, k.s, 1);
        awk_key_done(in, &k);
        return e ? awk_elem_array(in, e, n) : NULL;
    }
    if (n->op != N_GVAR && n->op != N_LVAR) {
        awk_fatal(in, "attempt to use a non-variable as an array");
        return NULL;
    }
    return awk_cell_array(in, awk_cell_of(in, n), awk_var_name(in, n));
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
        awk_set_nf(in, (long)awk_clamp(n, -1, (int64_t)AWK_MAX_FIELDS + 1));
        break;
    }
    case G_FS:
    case G_FPAT:
    case G_FIELDWIDTHS:
        in->split_by = slot;
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

