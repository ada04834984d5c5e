/* unparse.c — expression AST back to source text, as CPython's
 * `from __future__ import annotations` / ast.unparse renders it: minimal
 * parentheses by precedence, constants as their repr, subscript tuples
 * without parentheses, f-strings re-quoted.  Class annotations are stored
 * as this text (annotations are never evaluated in this interpreter).
 *
 * Must never: recurse without bound (depth counter + sk_stack_low).
 */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "py/ast.h"
#include "py/core.h"

enum { PR_TUPLE, PR_TEST, PR_OR, PR_AND, PR_NOT, PR_CMP, PR_EXPR, PR_BOR = PR_EXPR, PR_BXOR, PR_BAND, PR_SHIFT,
       PR_ARITH, PR_TERM, PR_FACTOR, PR_POWER, PR_AWAIT, PR_ATOM };

typedef struct up { py_interp *I; sk_buf *b; int depth; int err; } up;

static void ux(up *u, const py_expr *e, int level);

static void put(up *u, const char *s) { if (sk_buf_puts(u->b, s)) u->err = 1; }

static void put_const(up *u, const py_const *k, const char *kind)
{
    py_interp *I = u->I;
    py_val v = PY_NULL;
    switch (k->kind) {
    case PY_CONST_NONE: put(u, "None"); return;
    case PY_CONST_TRUE: put(u, "True"); return;
    case PY_CONST_FALSE: put(u, "False"); return;
    case PY_CONST_ELLIPSIS: put(u, "..."); return;
    case PY_CONST_INT:
        if (!k->u.i.digits) { if (sk_buf_printf(u->b, "%lld", (long long)k->u.i.value)) u->err = 1; return; }
        {
            int bad;
            v = py_int_from_str(I, k->u.i.digits, strlen(k->u.i.digits), k->u.i.base, &bad);
        }
        break;
    case PY_CONST_FLOAT: v = py_float(k->u.f); break;
    case PY_CONST_COMPLEX: {
        py_val f = py_float(k->u.f);
        if (py_buf_repr(I, u->b, f)) u->err = 1;
        put(u, "j");
        return;
    }
    case PY_CONST_STR:
        if (kind && kind[0] == 'u') put(u, "u");
        v = py_str_new(I, k->u.s.data, k->u.s.len);
        break;
    case PY_CONST_BYTES: v = py_bytes_new(I, k->u.s.data, k->u.s.len); break;
    }
    if (!v) { py_err_clear(I); u->err = 1; return; }
    if (py_buf_repr(I, u->b, v)) { py_err_clear(I); u->err = 1; }
    py_decref(I, v);
}

/* f-string body: literal parts with braces doubled, replacement fields */
static void fstring_body(up *u, const py_expr *e, sk_buf *body);

static void fstring_field(up *u, const py_expr *fv, sk_buf *body)
{
    sk_buf inner = SK_BUF_INIT(u->I->alloc);
    up u2 = { u->I, &inner, u->depth + 1, 0 };
    ux(&u2, fv->v.formattedvalue.value, PR_TEST + 1);
    if (u2.err) u->err = 1;
    sk_buf_putc(body, '{');
    /* a leading brace in the expression needs a space */
    if (inner.len && inner.p[0] == '{') sk_buf_putc(body, ' ');
    sk_buf_put(body, inner.p, inner.len);
    sk_buf_free(&inner);
    if (fv->v.formattedvalue.conversion != PY_CONV_NONE) {
        sk_buf_putc(body, '!');
        sk_buf_putc(body, (char)fv->v.formattedvalue.conversion);
    }
    if (fv->v.formattedvalue.format_spec) {
        sk_buf_putc(body, ':');
        fstring_body(u, fv->v.formattedvalue.format_spec, body);
    }
    sk_buf_putc(body, '}');
}

static void fstring_body(up *u, const py_expr *e, sk_buf *body)
{
    if (e->kind == PY_EXPR_CONSTANT && e->v.constant.value.kind == PY_CONST_STR) {
        const py_const *k = &e->v.constant.value;
        for (size_t i = 0; i < k->u.s.len; i++) {
            char ch = k->u.s.data[i];
            sk_buf_putc(body, ch);
            if (ch == '{' || ch == '}') sk_buf_putc(body, ch);
        }
        return;
    }
    if (e->kind == PY_EXPR_FORMATTEDVALUE) { fstring_field(u, e, body); return; }
    if (e->kind == PY_EXPR_JOINEDSTR) {
        for (int i = 0; i < e->v.joinedstr.values.n; i++) fstring_body(u, e->v.joinedstr.values.items[i], body);
    }
}

static void put_fstring(up *u, const py_expr *e)
{
    sk_buf body = SK_BUF_INIT(u->I->alloc);
    fstring_body(u, e, &body);
    /* quote like repr() of the body */
    py_val s = py_str_new(u->I, body.p ? body.p : "", body.len);
    sk_buf_free(&body);
    if (!s) { py_err_clear(u->I); u->err = 1; return; }
    put(u, "f");
    if (py_buf_repr(u->I, u->b, s)) { py_err_clear(u->I); u->err = 1; }
    py_decref(u->I, s);
}

static const char *binop_str(py_operator op, int *pr)
{
    switch (op) {
    case PY_OP_ADD: *pr = PR_ARITH; return " + ";
    case PY_OP_SUB: *pr = PR_ARITH; return " - ";
    case PY_OP_MULT: *pr = PR_TERM; return " * ";
    case PY_OP_MATMULT: *pr = PR_TERM; return " @ ";
    case PY_OP_DIV: *pr = PR_TERM; return " / ";
    case PY_OP_MOD: *pr = PR_TERM; return " % ";
    case PY_OP_FLOORDIV: *pr = PR_TERM; return " // ";
    case PY_OP_POW: *pr = PR_POWER; return " ** ";
    case PY_OP_LSHIFT: *pr = PR_SHIFT; return " << ";
    case PY_OP_RSHIFT: *pr = PR_SHIFT; return " >> ";
    case PY_OP_BITOR: *pr = PR_BOR; return " | ";
    case PY_OP_BITXOR: *pr = PR_BXOR; return " ^ ";
    case PY_OP_BITAND: *pr = PR_BAND; return " & ";
    }
    *pr = PR_ATOM;
    return " ? ";
}

static const char *cmpop_str(py_cmpop op)
{
    static const char *const s[] = { "", " == ", " != ", " < ", " <= ", " > ", " >= ", " is ", " is not ", " in ",
                                     " not in " };
    return op >= 1 && op <= 10 ? s[op] : " ? ";
}

static void seq(up *u, py_expr_seq s, int level)
{
    for (int i = 0; i < s.n; i++) {
        if (i) put(u, ", ");
        ux(u, s.items[i], level);
    }
}

static void args(up *u, const py_arguments *a)
{
    int first = 1;
    int npos = a->posonlyargs.n + a->args.n;
    int ndef = a->defaults.n;
    for (int i = 0; i < npos; i++) {
        const py_arg *x = i < a->posonlyargs.n ? a->posonlyargs.items[i] : a->args.items[i - a->posonlyargs.n];
        if (!first) put(u, ", ");
        first = 0;
        put(u, x->arg);
        int di = i - (npos - ndef);
        if (di >= 0) { put(u, "="); ux(u, a->defaults.items[di], PR_TEST); }
        if (i + 1 == a->posonlyargs.n) put(u, ", /");
    }
    if (a->vararg || a->kwonlyargs.n) {
        if (!first) put(u, ", ");
        first = 0;
        put(u, "*");
        if (a->vararg) put(u, a->vararg->arg);
    }
    for (int i = 0; i < a->kwonlyargs.n; i++) {
        put(u, ", ");
        put(u, a->kwonlyargs.items[i]->arg);
        if (a->kw_defaults.items[i]) { put(u, "="); ux(u, a->kw_defaults.items[i], PR_TEST); }
    }
    if (a->kwarg) {
        if (!first) put(u, ", ");
        put(u, "**");
        put(u, a->kwarg->arg);
    }
}

static void comprehensions(up *u, py_comprehension_seq gens)
{
    for (int i = 0; i < gens.n; i++) {
        const py_comprehension *g = gens.items[i];
        put(u, g->is_async ? " async for " : " for ");
        ux(u, g->target, PR_TUPLE);
        put(u, " in ");
        ux(u, g->iter, PR_TEST + 1);
        for (int j = 0; j < g->ifs.n; j++) { put(u, " if "); ux(u, g->ifs.items[j], PR_TEST + 1); }
    }
}

static void slice_expr(up *u, const py_expr *e)
{
    if (e->kind == PY_EXPR_TUPLE && e->v.tuple.elts.n) {
        for (int i = 0; i < e->v.tuple.elts.n; i++) {
            if (i) put(u, ", ");
            slice_expr(u, e->v.tuple.elts.items[i]);
        }
        if (e->v.tuple.elts.n == 1) put(u, ",");
        return;
    }
    if (e->kind == PY_EXPR_SLICE) {
        if (e->v.slice.lower) ux(u, e->v.slice.lower, PR_TEST);
        put(u, ":");
        if (e->v.slice.upper) ux(u, e->v.slice.upper, PR_TEST);
        if (e->v.slice.step) { put(u, ":"); ux(u, e->v.slice.step, PR_TEST); }
        return;
    }
    ux(u, e, PR_TEST);
}

static void ux(up *u, const py_expr *e, int level)
{
    if (u->err) return;
    if (++u->depth > 200 || sk_stack_low(u->I->stack_limit)) { u->err = 1; u->depth--; return; }
    int pr;
    switch (e->kind) {
    case PY_EXPR_BOOLOP: {
        pr = e->v.boolop.op == PY_BOOL_AND ? PR_AND : PR_OR;
        if (level > pr) put(u, "(");
        for (int i = 0; i < e->v.boolop.values.n; i++) {
            if (i) put(u, e->v.boolop.op == PY_BOOL_AND ? " and " : " or ");
            ux(u, e->v.boolop.values.items[i], pr + 1);
        }
        if (level > pr) put(u, ")");
        break;
    }
    case PY_EXPR_NAMEDEXPR:
        if (level > PR_TUPLE) put(u, "(");
        ux(u, e->v.namedexpr.target, PR_ATOM);
        put(u, " := ");
        ux(u, e->v.namedexpr.value, PR_ATOM);
        if (level > PR_TUPLE) put(u, ")");
        break;
    case PY_EXPR_BINOP: {
        const char *op = binop_str(e->v.binop.op, &pr);
        int rassoc = e->v.binop.op == PY_OP_POW;
        if (level > pr) put(u, "(");
        ux(u, e->v.binop.left, pr + rassoc);
        put(u, op);
        ux(u, e->v.binop.right, pr + !rassoc);
        if (level > pr) put(u, ")");
        break;
    }
    case PY_EXPR_UNARYOP: {
        const char *op = "~";
        pr = PR_FACTOR;
        switch (e->v.unaryop.op) {
        case PY_UNARY_INVERT: op = "~"; break;
        case PY_UNARY_NOT: op = "not "; pr = PR_NOT; break;
        case PY_UNARY_UADD: op = "+"; break;
        case PY_UNARY_USUB: op = "-"; break;
        }
        if (level > pr) put(u, "(");
        put(u, op);
        ux(u, e->v.unaryop.operand, pr);
        if (level > pr) put(u, ")");
        break;
    }
    case PY_EXPR_LAMBDA:
        if (level > PR_TEST) put(u, "(");
        put(u, "lambda");
        {
            const py_arguments *a = e->v.lambda.args;
            if (a && (a->args.n || a->posonlyargs.n || a->vararg || a->kwonlyargs.n || a->kwarg)) {
                put(u, " ");
                args(u, a);
            }
        }
        put(u, ": ");
        ux(u, e->v.lambda.body, PR_TEST);
        if (level > PR_TEST) put(u, ")");
        break;
    case PY_EXPR_IFEXP:
        if (level > PR_TEST) put(u, "(");
        ux(u, e->v.ifexp.body, PR_TEST + 1);
        put(u, " if ");
        ux(u, e->v.ifexp.test, PR_TEST + 1);
        put(u, " else ");
        ux(u, e->v.ifexp.orelse, PR_TEST);
        if (level > PR_TEST) put(u, ")");
        break;
    case PY_EXPR_DICT:
        put(u, "{");
        for (int i = 0; i < e->v.dict.values.n; i++) {
            if (i) put(u, ", ");
            if (e->v.dict.keys.items[i]) {
                ux(u, e->v.dict.keys.items[i], PR_TEST);
                put(u, ": ");
                ux(u, e->v.dict.values.items[i], PR_TEST);
            } else {
                put(u, "**");
                ux(u, e->v.dict.values.items[i], PR_EXPR);
            }
        }
        put(u, "}");
        break;
    case PY_EXPR_SET:
        if (!e->v.set.elts.n) { put(u, "{*()}"); break; }
        put(u, "{");
        seq(u, e->v.set.elts, PR_TEST);
        put(u, "}");
        break;
    case PY_EXPR_LISTCOMP: case PY_EXPR_SETCOMP: case PY_EXPR_GENERATOREXP:
        put(u, e->kind == PY_EXPR_LISTCOMP ? "[" : e->kind == PY_EXPR_SETCOMP ? "{" : "(");
        ux(u, e->v.listcomp.elt, PR_TEST);
        comprehensions(u, e->v.listcomp.generators);
        put(u, e->kind == PY_EXPR_LISTCOMP ? "]" : e->kind == PY_EXPR_SETCOMP ? "}" : ")");
        break;
    case PY_EXPR_DICTCOMP:
        put(u, "{");
        ux(u, e->v.dictcomp.key, PR_TEST);
        put(u, ": ");
        ux(u, e->v.dictcomp.value, PR_TEST);
        comprehensions(u, e->v.dictcomp.generators);
        put(u, "}");
        break;
    case PY_EXPR_AWAIT:
        if (level > PR_AWAIT) put(u, "(");
        put(u, "await ");
        ux(u, e->v.await.value, PR_ATOM);
        if (level > PR_AWAIT) put(u, ")");
        break;
    case PY_EXPR_YIELD:
        if (level > PR_ATOM) put(u, "(");
        put(u, "yield");
        if (e->v.yield.value) { put(u, " "); ux(u, e->v.yield.value, PR_TEST); }
        if (level > PR_ATOM) put(u, ")");
        break;
    case PY_EXPR_YIELDFROM:
        if (level > PR_ATOM) put(u, "(");
        put(u, "yield from ");
        ux(u, e->v.yieldfrom.value, PR_TEST);
        if (level > PR_ATOM) put(u, ")");
        break;
    case PY_EXPR_COMPARE:
        if (level > PR_CMP) put(u, "(");
        ux(u, e->v.compare.left, PR_CMP + 1);
        for (int i = 0; i < e->v.compare.ops.n; i++) {
            put(u, cmpop_str(e->v.compare.ops.items[i]));
            ux(u, e->v.compare.comparators.items[i], PR_CMP + 1);
        }
        if (level > PR_CMP) put(u, ")");
        break;
    case PY_EXPR_CALL: {
        ux(u, e->v.call.func, PR_ATOM);
        /* a lone generator argument keeps its own parentheses */
        if (e->v.call.args.n == 1 && !e->v.call.keywords.n && e->v.call.args.items[0]->kind == PY_EXPR_GENERATOREXP) {
            ux(u, e->v.call.args.items[0], PR_TEST);
            break;
        }
        put(u, "(");
        int first = 1;
        for (int i = 0; i < e->v.call.args.n; i++) {
            if (!first) put(u, ", ");
            first = 0;
            ux(u, e->v.call.args.items[i], PR_TEST);
        }
        for (int i = 0; i < e->v.call.keywords.n; i++) {
            const py_keyword *k = e->v.call.keywords.items[i];
            if (!first) put(u, ", ");
            first = 0;
            if (k->arg) { put(u, k->arg); put(u, "="); }
            else put(u, "**");
            ux(u, k->value, PR_TEST);
        }
        put(u, ")");
        break;
    }
    case PY_EXPR_FORMATTEDVALUE:
    case PY_EXPR_JOINEDSTR:
        put_fstring(u, e);
        break;
    case PY_EXPR_INTERPOLATION:
    case PY_EXPR_TEMPLATESTR:
        put(u, "t''");
        break;
    case PY_EXPR_CONSTANT:
        if (e->v.constant.value.kind == PY_CONST_ELLIPSIS) { put(u, "..."); break; }
        put_const(u, &e->v.constant.value, e->v.constant.kind);
        break;
    case PY_EXPR_ATTRIBUTE: {
        const py_expr *v = e->v.attribute.value;
        ux(u, v, PR_ATOM);
        /* 1 .real: an int literal needs a space before the dot */
        if (v->kind == PY_EXPR_CONSTANT && v->v.constant.value.kind == PY_CONST_INT) put(u, " ");
        put(u, ".");
        put(u, e->v.attribute.attr);
        break;
    }
    case PY_EXPR_SUBSCRIPT:
        ux(u, e->v.subscript.value, PR_ATOM);
        put(u, "[");
        slice_expr(u, e->v.subscript.slice);
        put(u, "]");
        break;
    case PY_EXPR_STARRED:
        put(u, "*");
        ux(u, e->v.starred.value, PR_EXPR);
        break;
    case PY_EXPR_NAME:
        put(u, e->v.name.id);
        break;
    case PY_EXPR_LIST:
        put(u, "[");
        seq(u, e->v.list.elts, PR_TEST);
        put(u, "]");
        break;
    case PY_EXPR_TUPLE:
        if (!e->v.tuple.elts.n) { put(u, "()"); break; }
        if (level > PR_TUPLE) put(u, "(");
        seq(u, e->v.tuple.elts, PR_TEST);
        if (e->v.tuple.elts.n == 1) put(u, ",");
        if (level > PR_TUPLE) put(u, ")");
        break;
    case PY_EXPR_SLICE:
        slice_expr(u, e);
        break;
    }
    u->depth--;
}

/* The source text of an annotation, as CPython stringizes it. */
py_val py_unparse_expr(py_interp *I, const py_expr *e)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    up u = { I, &b, 0, 0 };
    ux(&u, e, PR_TEST);
    if (u.err) { sk_buf_free(&b); return PY_NULL; }
    return py_str_from_buf(I, &b);
}
