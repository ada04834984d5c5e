/* exec.c — statements, print/printf with redirections, and the program's
 * BEGIN / main loop / END sequence.  Loops poll the run for timeouts. */
#include <string.h>

#include "awk.h"

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
        awk_val kv = { .n = 0, .s = keys[i], .t = AV_MAYBE, .numok = 0 };
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
            awk_val v = awk_eval_incdec(in, e);
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
            in->exit_code = (int)(awk_clamp(d, INT64_MIN + 1, INT64_MAX - 1) & 0xff);
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
