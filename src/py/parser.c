/* parser.c — recursive descent parser for Python 3.14 (see parser.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "py/parser_int.h"

/* ---- errors ------------------------------------------------------------- */

static void *perr(P *p, py_error_kind k, int l, int c, int el, int ec, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
static void *perr(P *p, py_error_kind k, int l, int c, int el, int ec, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (p->has_lexerr && (k == PY_ERR_SYNTAX || k == PY_ERR_INDENTATION || k == PY_ERR_TAB) &&
        (TK(p)->type == T_ERRORTOKEN || !strcmp(buf, "invalid syntax") ||
         (strstr(p->lexerr.msg, "was never closed") && (l > p->lexerr.lineno || el > p->lexerr.lineno)))) {
        if (!p->err->kind) *p->err = p->lexerr;
        return NULL;
    }
    py_err_set(p->err, k, p->src, p->srclen, l, c, el, ec, "%s", buf);
    return NULL;
}

static int failed(P *p) { return p->err->kind != PY_ERR_NONE; }

static void *err_tok(P *p, const py_tok *t, const char *msg)
{
    return perr(p, PY_ERR_SYNTAX, t->lineno, t->col, t->end_lineno, t->end_col, "%s", msg);
}

static void *err_node(P *p, const py_expr *e, const char *fmt, const char *arg)
{
    return perr(p, PY_ERR_SYNTAX, e->lineno, e->col_offset, e->end_lineno, e->end_col_offset, fmt, arg);
}

static void *invalid(P *p)
{
    if (failed(p)) return NULL;
    py_tok *t = TK(p);
    if (t->type == T_INDENT)
        return perr(p, PY_ERR_INDENTATION, t->lineno, t->end_col - 1, t->lineno, -2, "unexpected indent");
    if (t->type == T_ENDMARKER || t->type == T_NEWLINE || t->type == T_DEDENT) {
        /* CPython points just past the last real token */
        py_tok *q = PREV(p);
        if (t->type == T_NEWLINE) q = t;
        return perr(p, PY_ERR_SYNTAX, q->lineno, q->type == T_NEWLINE ? q->col : q->end_col,
                    q->lineno, (q->type == T_NEWLINE ? q->col : q->end_col) + 1, "invalid syntax");
    }
    return err_tok(p, t, "invalid syntax");
}

static void *nomem(P *p)
{
    return perr(p, PY_ERR_MEMORY, 0, -1, 0, -1, "out of memory");
}

static int enter(P *p)
{
    if (++p->depth > p->max_depth) {
        perr(p, PY_ERR_TOO_COMPLEX, TK(p)->lineno, TK(p)->col, TK(p)->lineno, TK(p)->col,
             "too complex");
        return -1;
    }
    if (sk_stack_low(p->stack_limit)) {
        perr(p, PY_ERR_LIMIT, TK(p)->lineno, TK(p)->col, TK(p)->lineno, TK(p)->col, "stack");
        return -1;
    }
    if (p->fuel) {
        if (--p->fuel == 0) {
            perr(p, PY_ERR_LIMIT, TK(p)->lineno, TK(p)->col, TK(p)->lineno, TK(p)->col,
                 "parser operations");
            return -1;
        }
    }
    return 0;
}
#define LEAVE(p) ((p)->depth--)

static py_tok *adv(P *p)
{
    py_tok *t = TK(p);
    if (p->pos + 1 < p->n) p->pos++;
    return t;
}

static int accept(P *p, int type)
{
    if (TK(p)->type == type) { adv(p); return 1; }
    return 0;
}

static int accept_kw(P *p, int kw)
{
    if (is_kw(p, kw)) { adv(p); return 1; }
    return 0;
}

static int expect(P *p, int type)
{
    if (accept(p, type)) return 1;
    if (failed(p)) return 0;
    if (type == T_COLON) {
        py_tok *q = PREV(p);
        perr(p, PY_ERR_SYNTAX, q->end_lineno, q->end_col, q->end_lineno, q->end_col + 1, "expected ':'");
        return 0;
    }
    invalid(p);
    return 0;
}

/* ---- allocation --------------------------------------------------------- */

static void *alloc(P *p, size_t n)
{
    void *r = sk_arena_zalloc(p->ar, n);
    if (!r) nomem(p);
    return r;
}

/* growable pointer vectors (arena; doubling) */
typedef struct vec { void **v; int n, cap; } vec;

static int vpush(P *p, vec *v, void *x)
{
    if (v->n == v->cap) {
        int nc = v->cap ? v->cap * 2 : 4;
        void **nv = sk_arena_alloc(p->ar, (size_t)nc * sizeof *nv);
        if (!nv) { nomem(p); return -1; }
        if (v->n) memcpy(nv, v->v, (size_t)v->n * sizeof *nv);
        v->v = nv;
        v->cap = nc;
    }
    v->v[v->n++] = x;
    return 0;
}

#define SEQ(T, vv) ((T){ (void *)(vv).v, (vv).n })

static void span_end(P *p, int *el, int *ec)
{
    py_tok *q = PREV(p);
    *el = q->end_lineno;
    *ec = q->end_col;
}

static py_expr *mk(P *p, py_expr_kind k, int l, int c)
{
    py_expr *e = alloc(p, sizeof *e);
    if (!e) return NULL;
    e->kind = k;
    e->lineno = l;
    e->col_offset = c;
    span_end(p, &e->end_lineno, &e->end_col_offset);
    return e;
}

static py_stmt *mks(P *p, py_stmt_kind k, int l, int c)
{
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = k;
    s->lineno = l;
    s->col_offset = c;
    span_end(p, &s->end_lineno, &s->end_col_offset);
    return s;
}

static const char *expr_name(const py_expr *e)
{
    switch (e->kind) {
    case PY_EXPR_ATTRIBUTE: return "attribute";
    case PY_EXPR_SUBSCRIPT: return "subscript";
    case PY_EXPR_STARRED: return "starred";
    case PY_EXPR_NAME: return "name";
    case PY_EXPR_LIST: return "list";
    case PY_EXPR_TUPLE: return "tuple";
    case PY_EXPR_LAMBDA: return "lambda";
    case PY_EXPR_CALL: return "function call";
    case PY_EXPR_BOOLOP: case PY_EXPR_BINOP: case PY_EXPR_UNARYOP: return "expression";
    case PY_EXPR_GENERATOREXP: return "generator expression";
    case PY_EXPR_YIELD: case PY_EXPR_YIELDFROM: return "yield expression";
    case PY_EXPR_AWAIT: return "await expression";
    case PY_EXPR_LISTCOMP: return "list comprehension";
    case PY_EXPR_SETCOMP: return "set comprehension";
    case PY_EXPR_DICTCOMP: return "dict comprehension";
    case PY_EXPR_DICT: return "dict literal";
    case PY_EXPR_SET: return "set display";
    case PY_EXPR_JOINEDSTR: case PY_EXPR_FORMATTEDVALUE: return "f-string expression";
    case PY_EXPR_TEMPLATESTR: case PY_EXPR_INTERPOLATION: return "t-string expression";
    case PY_EXPR_CONSTANT:
        switch (e->v.constant.value.kind) {
        case PY_CONST_NONE: return "None";
        case PY_CONST_TRUE: return "True";
        case PY_CONST_FALSE: return "False";
        case PY_CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case PY_EXPR_COMPARE: return "comparison";
    case PY_EXPR_IFEXP: return "conditional expression";
    case PY_EXPR_NAMEDEXPR: return "named expression";
    case PY_EXPR_SLICE: return "slice";
    }
    return "expression";
}

/* Find the first sub-expression that is not a valid target. */
static const py_expr *invalid_target(const py_expr *e, int del)
{
    switch (e->kind) {
    case PY_EXPR_NAME: case PY_EXPR_ATTRIBUTE: case PY_EXPR_SUBSCRIPT:
        return NULL;
    case PY_EXPR_STARRED:
        if (del) return e;
        return invalid_target(e->v.starred.value, del);
    case PY_EXPR_LIST: case PY_EXPR_TUPLE: {
        const py_expr_seq *s = e->kind == PY_EXPR_LIST ? &e->v.list.elts : &e->v.tuple.elts;
        for (int i = 0; i < s->n; i++) {
            const py_expr *r = invalid_target(s->items[i], del);
            if (r) return r;
        }
        return NULL;
    }
    default:
        return e;
    }
}

static void set_ctx(py_expr *e, py_expr_context ctx)
{
    switch (e->kind) {
    case PY_EXPR_NAME: e->v.name.ctx = ctx; break;
    case PY_EXPR_ATTRIBUTE: e->v.attribute.ctx = ctx; break;
    case PY_EXPR_SUBSCRIPT: e->v.subscript.ctx = ctx; break;
    case PY_EXPR_STARRED: e->v.starred.ctx = ctx; set_ctx(e->v.starred.value, ctx); break;
    case PY_EXPR_LIST:
        e->v.list.ctx = ctx;
        for (int i = 0; i < e->v.list.elts.n; i++) set_ctx(e->v.list.elts.items[i], ctx);
        break;
    case PY_EXPR_TUPLE:
        e->v.tuple.ctx = ctx;
        for (int i = 0; i < e->v.tuple.elts.n; i++) set_ctx(e->v.tuple.elts.items[i], ctx);
        break;
    default: break;
    }
}

/* Make e an assignment (or del) target; reports CPython's error. */
static int to_target(P *p, py_expr *e, py_expr_context ctx)
{
    const py_expr *bad = invalid_target(e, ctx == PY_CTX_DEL);
    if (bad) {
        err_node(p, bad, ctx == PY_CTX_DEL ? "cannot delete %s" : "cannot assign to %s", expr_name(bad));
        return -1;
    }
    set_ctx(e, ctx);
    return 0;
}

/* ---- forward declarations ----------------------------------------------- */
static py_expr *expression(P *p);
static py_expr *named_expression(P *p);
static py_expr *star_expressions(P *p);
static py_expr *star_named_expression(P *p);
static py_expr *disjunction(P *p);
static py_expr *bitor(P *p);
static py_expr *yield_expr(P *p);
static py_expr *atom_strings(P *p);
static py_stmt_seq block(P *p, const char *what, int line);
static py_stmt *statement_list(P *p, vec *out);
static int parse_args(P *p, py_expr_seq *args, py_keyword_seq *kws, int allow_genexp_sole,
                      int open_l, int open_c, py_expr **genexp_out);
static py_arguments *parameters(P *p, int lambda, int close);

static int starts_expr(const py_tok *t)
{
    switch (t->type) {
    case T_NAME:
        switch (t->kw) {
        case KW_NONE: case KW_FALSE: case KW_NONE_: case KW_TRUE: case KW_AWAIT:
        case KW_LAMBDA: case KW_NOT:
            return 1;
        default:
            return 0;
        }
    case T_NUMBER: case T_STRING: case T_FSTRING_START: case T_LPAR: case T_LSQB:
    case T_LBRACE: case T_MINUS: case T_PLUS: case T_TILDE: case T_ELLIPSIS:
        return 1;
    default:
        return 0;
    }
}

/* Inside brackets, "a b" is reported as a missing comma. */
static void *maybe_comma(P *p, py_expr *a)
{
    if (failed(p)) return NULL;
    py_tok *t = TK(p);
    if (a && starts_expr(t) && !(t->type == T_NAME && t->kw == 0 &&
            (!strcmp(t->str, "match") || !strcmp(t->str, "case") || !strcmp(t->str, "type") ||
             !strcmp(t->str, "_")))) {
        if (a->kind == PY_EXPR_NAME && (t->type == T_STRING || t->type == T_FSTRING_START))
            return invalid(p);
        size_t save = p->pos;
        py_expr *b = expression(p);
        if (b && !failed(p))
            return perr(p, PY_ERR_SYNTAX, a->lineno, a->col_offset, b->end_lineno, b->end_col_offset,
                        "invalid syntax. Perhaps you forgot a comma?");
        p->err->kind = PY_ERR_NONE;
        p->pos = save;
    }
    return invalid(p);
}

/* ---- numbers ------------------------------------------------------------ */

static py_expr *number(P *p)
{
    py_tok *t = adv(p);
    py_expr *e = mk(p, PY_EXPR_CONSTANT, t->lineno, t->col);
    if (!e) return NULL;
    size_t n = t->end - t->start;
    char *s = sk_arena_alloc(p->ar, n + 1);
    if (!s) return nomem(p);
    size_t k = 0;
    for (size_t i = t->start; i < t->end; i++)
        if (p->src[i] != '_') s[k++] = p->src[i];
    s[k] = 0;
    py_const *c = &e->v.constant.value;
    if (s[k - 1] == 'j' || s[k - 1] == 'J') {
        s[k - 1] = 0;
        c->kind = PY_CONST_COMPLEX;
        c->u.f = strtod(s, NULL);
        return e;
    }
    int base = 10;
    const char *d = s;
    if (s[0] == '0' && (s[1] | 32) == 'x') { base = 16; d = s + 2; }
    else if (s[0] == '0' && (s[1] | 32) == 'o') { base = 8; d = s + 2; }
    else if (s[0] == '0' && (s[1] | 32) == 'b') { base = 2; d = s + 2; }
    else if (strpbrk(s, ".eE")) {
        c->kind = PY_CONST_FLOAT;
        c->u.f = strtod(s, NULL);
        return e;
    }
    c->kind = PY_CONST_INT;
    c->u.i.base = base;
    while (d[0] == '0' && d[1]) d++;
    uint64_t v = 0;
    int over = 0;
    for (const char *q = d; *q; q++) {
        int dv = *q >= '0' && *q <= '9' ? *q - '0' : (*q | 32) - 'a' + 10;
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base) { over = 1; break; }
        v = v * (uint64_t)base + (uint64_t)dv;
    }
    if (over || v > (uint64_t)INT64_MAX) {
        char *dd = sk_arena_strndup(p->ar, d, strlen(d));
        if (!dd) return nomem(p);
        for (char *q = dd; *q; q++) if (*q >= 'A' && *q <= 'F') *q = (char)(*q + 32);
        c->u.i.digits = dd;
        c->u.i.value = 0;
    } else {
        c->u.i.value = (int64_t)v;
    }
    return e;
}

/* ---- strings and f-strings ---------------------------------------------- */

typedef struct strpart {
    vec vals;            /* py_expr* (Constant / FormattedValue / Interpolation) */
    /* pending constant being merged */
    char *buf;
    size_t len, cap;
    int have, l, c, el, ec;
} strpart;

static int sp_add_text(P *p, strpart *sp, const char *s, size_t n, int l, int c, int el, int ec)
{
    if (n == 0 && !sp->have) { return 0; }
    if (!sp->have) {
        sp->have = 1;
        sp->l = l; sp->c = c;
        sp->len = 0;
    }
    sp->el = el; sp->ec = ec;
    if (sp->len + n + 1 > sp->cap) {
        size_t nc = (sp->len + n + 1) * 2;
        char *nb = sk_arena_alloc(p->ar, nc);
        if (!nb) { nomem(p); return -1; }
        if (sp->len) memcpy(nb, sp->buf, sp->len);
        sp->buf = nb;
        sp->cap = nc;
    }
    memcpy(sp->buf + sp->len, s, n);
    sp->len += n;
    sp->buf[sp->len] = 0;
    return 0;
}

static int sp_flush(P *p, strpart *sp)
{
    if (!sp->have) return 0;
    sp->have = 0;
    if (sp->len == 0) return 0;
    py_expr *e = alloc(p, sizeof *e);
    if (!e) return -1;
    e->kind = PY_EXPR_CONSTANT;
    e->lineno = sp->l; e->col_offset = sp->c; e->end_lineno = sp->el; e->end_col_offset = sp->ec;
    e->v.constant.value.kind = PY_CONST_STR;
    e->v.constant.value.u.s.data = sp->buf;
    e->v.constant.value.u.s.len = sp->len;
    sp->buf = NULL;
    sp->len = sp->cap = 0;
    return vpush(p, &sp->vals, e);
}

static int fstring_body(P *p, strpart *sp, int tstr);

/* replacement field: '{' already current */
static py_expr *fstring_field(P *p, strpart *sp, int tstr)
{
    py_tok *lb = adv(p);   /* '{' */
    const char *what = tstr ? "t-string" : "f-string";
    if (is_tok(p, T_RBRACE) || is_tok(p, T_EXCLAMATION) || is_tok(p, T_COLON) || is_tok(p, T_EQUAL)) {
        py_tok *t = TK(p);
        char m[80];
        snprintf(m, sizeof m, "%s: valid expression required before '%c'", what,
                 t->type == T_RBRACE ? '}' : t->type == T_EXCLAMATION ? '!' : t->type == T_COLON ? ':' : '=');
        return err_tok(p, t, m);
    }
    size_t expr_start = TK(p)->start;
    py_expr *value = is_kw(p, KW_YIELD) ? yield_expr(p) : star_expressions(p);
    if (!value) return NULL;
    size_t expr_end = PREV(p)->end;
    int conv = -1;
    py_expr *spec = NULL;
    int debug = 0;
    if (is_tok(p, T_EQUAL)) {
        adv(p);
        debug = 1;
        /* text from after '{' up to the next token */
        py_tok *nx = TK(p);
        size_t a = lb->end, b = nx->start;
        if (!tstr || 1) {
            if (sp_add_text(p, sp, p->src + a, b - a, lb->end_lineno, lb->end_col, nx->lineno, nx->col))
                return NULL;
        }
    }
    if (is_tok(p, T_EXCLAMATION)) {
        py_tok *ex = adv(p);
        py_tok *nm = TK(p);
        if (nm->type != T_NAME || nm->start != ex->end) {
            char m[80];
            snprintf(m, sizeof m, "%s: missing conversion character", what);
            return err_tok(p, nm, m);
        }
        if (strcmp(nm->str, "s") && strcmp(nm->str, "r") && strcmp(nm->str, "a")) {
            char m[160];
            snprintf(m, sizeof m, "%s: invalid conversion character '%s': expected 's', 'r', or 'a'",
                     what, nm->str);
            return err_tok(p, nm, m);
        }
        conv = nm->str[0];
        adv(p);
    }
    if (is_tok(p, T_COLON)) {
        py_tok *colon = adv(p);
        strpart ss;
        memset(&ss, 0, sizeof ss);
        if (fstring_body(p, &ss, tstr)) return NULL;
        if (sp_flush(p, &ss)) return NULL;
        spec = alloc(p, sizeof *spec);
        if (!spec) return NULL;
        spec->kind = PY_EXPR_JOINEDSTR;
        spec->v.joinedstr.values = SEQ(py_expr_seq, ss.vals);
        spec->lineno = colon->lineno;
        spec->col_offset = colon->col;
        if (ss.vals.n) {
            py_expr *last = ss.vals.v[ss.vals.n - 1];
            spec->end_lineno = last->end_lineno;
            spec->end_col_offset = last->end_col_offset;
        } else {
            spec->end_lineno = colon->end_lineno;
            spec->end_col_offset = colon->end_col;
        }
    }
    if (!is_tok(p, T_RBRACE)) {
        if (failed(p)) return NULL;
        if (TK(p)->type == T_FSTRING_END || TK(p)->type == T_FSTRING_MIDDLE) {
            char m[80];
            snprintf(m, sizeof m, "%s: expecting '}'", what);
            return err_tok(p, TK(p), m);
        }
        return invalid(p);
    }
    adv(p);
    if (debug && conv == -1 && !spec) conv = 'r';
    py_expr *fv;
    if (tstr) {
        fv = mk(p, PY_EXPR_INTERPOLATION, lb->lineno, lb->col);
        if (!fv) return NULL;
        fv->v.interpolation.value = value;
        fv->v.interpolation.conversion = conv;
        fv->v.interpolation.format_spec = spec;
        fv->v.interpolation.str.kind = PY_CONST_STR;
        char *txt = sk_arena_strndup(p->ar, p->src + expr_start, expr_end - expr_start);
        if (!txt) return nomem(p);
        fv->v.interpolation.str.u.s.data = txt;
        fv->v.interpolation.str.u.s.len = expr_end - expr_start;
    } else {
        fv = mk(p, PY_EXPR_FORMATTEDVALUE, lb->lineno, lb->col);
        if (!fv) return NULL;
        fv->v.formattedvalue.value = value;
        fv->v.formattedvalue.conversion = conv;
        fv->v.formattedvalue.format_spec = spec;
    }
    return fv;
}

/* MIDDLE / fields until FSTRING_END or '}' (for specs). */
static int fstring_body(P *p, strpart *sp, int tstr)
{
    for (;;) {
        py_tok *t = TK(p);
        if (t->type == T_FSTRING_MIDDLE) {
            adv(p);
            if (sp_add_text(p, sp, t->str, t->len, t->lineno, t->col, t->end_lineno, t->end_col)) return -1;
            continue;
        }
        if (t->type == T_LBRACE) {
            if (enter(p)) return -1;
            py_expr *fv = fstring_field(p, sp, tstr);
            LEAVE(p);
            if (!fv) return -1;
            if (sp_flush(p, sp) || vpush(p, &sp->vals, fv)) return -1;
            continue;
        }
        return 0;
    }
}

static py_expr *atom_strings(P *p)
{
    py_tok *first = TK(p);
    int anyf = 0, anyt = 0, anybytes = 0, anystr = 0;
    size_t k = p->pos;
    /* classify */
    for (;;) {
        py_tok *t = &p->t[k];
        if (t->type == T_STRING) {
            if (t->flags & STRF_BYTES) anybytes = 1; else anystr = 1;
        } else if (t->type == T_FSTRING_START) {
            if (t->flags & STRF_T) anyt = 1; else anyf = 1;
            anystr = 1;
            int d = 0;
            for (;; k++) {
                if (p->t[k].type == T_FSTRING_START) d++;
                else if (p->t[k].type == T_FSTRING_END && --d == 0) break;
                else if (p->t[k].type == T_ENDMARKER) break;
            }
        } else break;
        k++;
    }
    if (anybytes && anystr) {
        py_tok *last = &p->t[k - 1];
        return perr(p, PY_ERR_SYNTAX, last->end_lineno, last->end_col, last->end_lineno, last->end_col + 1,
                    "cannot mix bytes and nonbytes literals");
    }
    if (!anyf && !anyt) {
        /* plain concatenation */
        size_t total = 0;
        for (size_t j = p->pos; j < k; j++) total += p->t[j].len;
        char *buf = NULL;
        if (k - p->pos == 1) buf = (char *)first->str;
        else {
            buf = sk_arena_alloc(p->ar, total + 1);
            if (!buf) return nomem(p);
            size_t o = 0;
            for (size_t j = p->pos; j < k; j++) {
                memcpy(buf + o, p->t[j].str, p->t[j].len);
                o += p->t[j].len;
            }
            buf[o] = 0;
        }
        p->pos = k;
        py_expr *e = mk(p, PY_EXPR_CONSTANT, first->lineno, first->col);
        if (!e) return NULL;
        e->v.constant.value.kind = anybytes ? PY_CONST_BYTES : PY_CONST_STR;
        e->v.constant.value.u.s.data = buf;
        e->v.constant.value.u.s.len = total;
        if (first->flags & STRF_U) e->v.constant.kind = "u";
        return e;
    }
    if (anyt && (anyf || (anystr && 0))) {
        /* mixing t-strings with other literals */
        for (size_t j = p->pos; j < k; j++)
            if (!(p->t[j].type == T_FSTRING_START && (p->t[j].flags & STRF_T)) &&
                (p->t[j].type == T_STRING || p->t[j].type == T_FSTRING_START))
                return err_tok(p, &p->t[j], "cannot mix t-string literals with string or bytes literals");
    }
    if (anyt) {
        for (size_t j = p->pos; j < k; j++)
            if (p->t[j].type == T_STRING)
                return err_tok(p, &p->t[j], "cannot mix t-string literals with string or bytes literals");
    }
    strpart sp;
    memset(&sp, 0, sizeof sp);
    while (p->pos < k) {
        py_tok *t = TK(p);
        if (t->type == T_STRING) {
            adv(p);
            if (sp_add_text(p, &sp, t->str, t->len, t->lineno, t->col, t->end_lineno, t->end_col)) return NULL;
            continue;
        }
        /* FSTRING_START */
        adv(p);
        if (fstring_body(p, &sp, anyt)) return NULL;
        if (!is_tok(p, T_FSTRING_END)) {
            if (failed(p)) return NULL;
            return invalid(p);
        }
        adv(p);
        if (anyt) { if (sp_flush(p, &sp)) return NULL; }
    }
    if (sp_flush(p, &sp)) return NULL;
    py_expr *e = mk(p, anyt ? PY_EXPR_TEMPLATESTR : PY_EXPR_JOINEDSTR, first->lineno, first->col);
    if (!e) return NULL;
    e->v.joinedstr.values = SEQ(py_expr_seq, sp.vals);
    return e;
}

/* ---- atoms -------------------------------------------------------------- */

static int comp_for(P *p, py_comprehension_seq *out);

static py_expr *paren_atom(P *p)
{
    py_tok *lp = adv(p);
    if (accept(p, T_RPAR)) {
        py_expr *e = mk(p, PY_EXPR_TUPLE, lp->lineno, lp->col);
        if (e) e->v.tuple.ctx = PY_CTX_LOAD;
        return e;
    }
    if (is_kw(p, KW_YIELD)) {
        py_expr *y = yield_expr(p);
        if (!y) return NULL;
        if (!expect(p, T_RPAR)) return NULL;
        return y;
    }
    py_expr *first = star_named_expression(p);
    if (!first) return NULL;
    if (is_kw(p, KW_FOR) || (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_FOR)) {
        if (first->kind == PY_EXPR_STARRED)
            return err_node(p, first, "%s", "iterable unpacking cannot be used in comprehension");
        py_comprehension_seq g;
        if (comp_for(p, &g)) return NULL;
        if (!accept(p, T_RPAR)) return maybe_comma(p, first);
        py_expr *e = mk(p, PY_EXPR_GENERATOREXP, lp->lineno, lp->col);
        if (!e) return NULL;
        e->v.generatorexp.elt = first;
        e->v.generatorexp.generators = g;
        return e;
    }
    if (accept(p, T_RPAR)) {
        if (first->kind == PY_EXPR_STARRED)
            return err_node(p, first, "%s", "cannot use starred expression here");
        return first;
    }
    if (!is_tok(p, T_COMMA)) {
        if (is_tok(p, T_COLONEQUAL) && first->kind != PY_EXPR_NAME)
            return err_node(p, first, "cannot use assignment expressions with %s", expr_name(first));
        return maybe_comma(p, first);
    }
    vec v = {0};
    if (vpush(p, &v, first)) return NULL;
    while (accept(p, T_COMMA)) {
        if (is_tok(p, T_RPAR)) break;
        py_expr *x = star_named_expression(p);
        if (!x) return NULL;
        if (vpush(p, &v, x)) return NULL;
    }
    if (!accept(p, T_RPAR)) return maybe_comma(p, v.v[v.n - 1]);
    py_expr *e = mk(p, PY_EXPR_TUPLE, lp->lineno, lp->col);
    if (!e) return NULL;
    e->v.tuple.elts = SEQ(py_expr_seq, v);
    e->v.tuple.ctx = PY_CTX_LOAD;
    return e;
}

static py_expr *list_atom(P *p)
{
    py_tok *lb = adv(p);
    vec v = {0};
    if (!is_tok(p, T_RSQB)) {
        py_expr *first = star_named_expression(p);
        if (!first) return NULL;
        if (is_kw(p, KW_FOR) || (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_FOR)) {
            if (first->kind == PY_EXPR_STARRED)
                return err_node(p, first, "%s", "iterable unpacking cannot be used in comprehension");
            py_comprehension_seq g;
            if (comp_for(p, &g)) return NULL;
            if (!accept(p, T_RSQB)) return maybe_comma(p, first);
            py_expr *e = mk(p, PY_EXPR_LISTCOMP, lb->lineno, lb->col);
            if (!e) return NULL;
            e->v.listcomp.elt = first;
            e->v.listcomp.generators = g;
            return e;
        }
        if (vpush(p, &v, first)) return NULL;
        while (accept(p, T_COMMA)) {
            if (is_tok(p, T_RSQB)) break;
            py_expr *x = star_named_expression(p);
            if (!x) return NULL;
            if (vpush(p, &v, x)) return NULL;
        }
        if (!is_tok(p, T_RSQB)) return maybe_comma(p, v.v[v.n - 1]);
    }
    adv(p);
    py_expr *e = mk(p, PY_EXPR_LIST, lb->lineno, lb->col);
    if (!e) return NULL;
    e->v.list.elts = SEQ(py_expr_seq, v);
    e->v.list.ctx = PY_CTX_LOAD;
    return e;
}

static py_expr *brace_atom(P *p)
{
    py_tok *lb = adv(p);
    if (accept(p, T_RBRACE)) return mk(p, PY_EXPR_DICT, lb->lineno, lb->col);
    vec keys = {0}, vals = {0};
    int isdict;
    /* first element decides */
    if (is_tok(p, T_DOUBLESTAR)) {
        isdict = 1;
    } else {
        py_expr *first = star_named_expression(p);
        if (!first) return NULL;
        if (accept(p, T_COLON)) {
            if (first->kind == PY_EXPR_STARRED)
                return err_node(p, first, "%s", "cannot use a starred expression in a dictionary key");
            if (is_tok(p, T_STAR))
                return err_tok(p, TK(p), "cannot use a starred expression in a dictionary value");
            if (is_tok(p, T_RBRACE) || is_tok(p, T_COMMA)) {
                py_tok *c = PREV(p);
                return perr(p, PY_ERR_SYNTAX, c->lineno, c->col, c->end_lineno, c->end_col,
                            "expression expected after dictionary key and ':'");
            }
            py_expr *val = expression(p);
            if (!val) return NULL;
            if (is_kw(p, KW_FOR) || (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_FOR)) {
                py_comprehension_seq g;
                if (comp_for(p, &g)) return NULL;
                if (!accept(p, T_RBRACE)) return maybe_comma(p, val);
                py_expr *e = mk(p, PY_EXPR_DICTCOMP, lb->lineno, lb->col);
                if (!e) return NULL;
                e->v.dictcomp.key = first;
                e->v.dictcomp.value = val;
                e->v.dictcomp.generators = g;
                return e;
            }
            if (vpush(p, &keys, first) || vpush(p, &vals, val)) return NULL;
            isdict = 1;
            if (!accept(p, T_COMMA)) goto close_dict;
        } else {
            if (is_kw(p, KW_FOR) || (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_FOR)) {
                if (first->kind == PY_EXPR_STARRED)
                    return err_node(p, first, "%s", "iterable unpacking cannot be used in comprehension");
                py_comprehension_seq g;
                if (comp_for(p, &g)) return NULL;
                if (!accept(p, T_RBRACE)) return maybe_comma(p, first);
                py_expr *e = mk(p, PY_EXPR_SETCOMP, lb->lineno, lb->col);
                if (!e) return NULL;
                e->v.setcomp.elt = first;
                e->v.setcomp.generators = g;
                return e;
            }
            /* set */
            if (vpush(p, &vals, first)) return NULL;
            while (accept(p, T_COMMA)) {
                if (is_tok(p, T_RBRACE)) break;
                py_expr *x = star_named_expression(p);
                if (!x) return NULL;
                if (vpush(p, &vals, x)) return NULL;
            }
            if (!accept(p, T_RBRACE)) return maybe_comma(p, vals.v[vals.n - 1]);
            py_expr *e = mk(p, PY_EXPR_SET, lb->lineno, lb->col);
            if (!e) return NULL;
            e->v.set.elts = SEQ(py_expr_seq, vals);
            return e;
        }
    }
    (void)isdict;
    /* remaining dict items */
    while (!is_tok(p, T_RBRACE)) {
        if (accept(p, T_DOUBLESTAR)) {
            py_expr *v = bitor(p);
            if (!v) return NULL;
            if (vpush(p, &keys, NULL) || vpush(p, &vals, v)) return NULL;
        } else {
            py_expr *k = expression(p);
            if (!k) return NULL;
            if (!accept(p, T_COLON)) {
                if (failed(p)) return NULL;
                if (is_tok(p, T_RBRACE) || is_tok(p, T_COMMA)) {
                    py_tok *t = TK(p);
                    return perr(p, PY_ERR_SYNTAX, k->lineno, k->col_offset, t->lineno, -1,
                                "':' expected after dictionary key");
                }
                return maybe_comma(p, k);
            }
            if (is_tok(p, T_STAR))
                return err_tok(p, TK(p), "cannot use a starred expression in a dictionary value");
            if (is_tok(p, T_RBRACE) || is_tok(p, T_COMMA)) {
                py_tok *c = PREV(p);
                return perr(p, PY_ERR_SYNTAX, c->lineno, c->col, c->end_lineno, c->end_col,
                            "expression expected after dictionary key and ':'");
            }
            py_expr *v = expression(p);
            if (!v) return NULL;
            if (vpush(p, &keys, k) || vpush(p, &vals, v)) return NULL;
        }
        if (!accept(p, T_COMMA)) break;
    }
close_dict:
    if (!accept(p, T_RBRACE)) return maybe_comma(p, vals.n ? vals.v[vals.n - 1] : NULL);
    py_expr *e = mk(p, PY_EXPR_DICT, lb->lineno, lb->col);
    if (!e) return NULL;
    e->v.dict.keys = SEQ(py_expr_seq, keys);
    e->v.dict.values = SEQ(py_expr_seq, vals);
    return e;
}

static py_expr *const_expr(P *p, py_const_kind k)
{
    py_tok *t = adv(p);
    py_expr *e = mk(p, PY_EXPR_CONSTANT, t->lineno, t->col);
    if (e) e->v.constant.value.kind = k;
    return e;
}

static py_expr *name_expr(P *p)
{
    py_tok *t = adv(p);
    py_expr *e = mk(p, PY_EXPR_NAME, t->lineno, t->col);
    if (!e) return NULL;
    e->v.name.id = t->str;
    e->v.name.ctx = PY_CTX_LOAD;
    return e;
}

static py_expr *atom(P *p)
{
    py_tok *t = TK(p);
    switch (t->type) {
    case T_NAME:
        switch (t->kw) {
        case KW_NONE: return name_expr(p);
        case KW_TRUE: return const_expr(p, PY_CONST_TRUE);
        case KW_FALSE: return const_expr(p, PY_CONST_FALSE);
        case KW_NONE_: return const_expr(p, PY_CONST_NONE);
        default: return invalid(p);
        }
    case T_NUMBER: return number(p);
    case T_STRING: case T_FSTRING_START: return atom_strings(p);
    case T_LPAR: return paren_atom(p);
    case T_LSQB: return list_atom(p);
    case T_LBRACE: return brace_atom(p);
    case T_ELLIPSIS: return const_expr(p, PY_CONST_ELLIPSIS);
    default:
        return invalid(p);
    }
}

/* ---- slices and primaries ----------------------------------------------- */

static py_expr *slice_item(P *p)
{
    py_tok *st = TK(p);
    py_expr *lower = NULL, *upper = NULL, *step = NULL;
    if (is_tok(p, T_STAR)) {
        py_tok *s = adv(p);
        py_expr *v = bitor(p);
        if (!v) return NULL;
        py_expr *e = mk(p, PY_EXPR_STARRED, s->lineno, s->col);
        if (!e) return NULL;
        e->v.starred.value = v;
        e->v.starred.ctx = PY_CTX_LOAD;
        return e;
    }
    if (!is_tok(p, T_COLON)) {
        lower = named_expression(p);
        if (!lower) return NULL;
        if (!is_tok(p, T_COLON)) return lower;
    }
    adv(p);
    if (!is_tok(p, T_COLON) && !is_tok(p, T_COMMA) && !is_tok(p, T_RSQB)) {
        upper = expression(p);
        if (!upper) return NULL;
    }
    if (accept(p, T_COLON)) {
        if (!is_tok(p, T_COMMA) && !is_tok(p, T_RSQB)) {
            step = expression(p);
            if (!step) return NULL;
        }
    }
    py_expr *e = mk(p, PY_EXPR_SLICE, st->lineno, st->col);
    if (!e) return NULL;
    e->v.slice.lower = lower;
    e->v.slice.upper = upper;
    e->v.slice.step = step;
    return e;
}

static py_expr *slices(P *p)
{
    py_tok *st = TK(p);
    py_expr *first = slice_item(p);
    if (!first) return NULL;
    if (!is_tok(p, T_COMMA)) {
        if (first->kind == PY_EXPR_STARRED) {
            py_expr *e = mk(p, PY_EXPR_TUPLE, st->lineno, st->col);
            if (!e) return NULL;
            py_expr **a = alloc(p, sizeof *a);
            if (!a) return NULL;
            a[0] = first;
            e->v.tuple.elts.items = a;
            e->v.tuple.elts.n = 1;
            e->v.tuple.ctx = PY_CTX_LOAD;
            return e;
        }
        return first;
    }
    vec v = {0};
    if (vpush(p, &v, first)) return NULL;
    while (accept(p, T_COMMA)) {
        if (is_tok(p, T_RSQB)) break;
        py_expr *x = slice_item(p);
        if (!x) return NULL;
        if (vpush(p, &v, x)) return NULL;
    }
    py_expr *e = mk(p, PY_EXPR_TUPLE, st->lineno, st->col);
    if (!e) return NULL;
    e->v.tuple.elts = SEQ(py_expr_seq, v);
    e->v.tuple.ctx = PY_CTX_LOAD;
    return e;
}

static py_expr *primary(P *p)
{
    py_tok *st = TK(p);
    py_expr *e = atom(p);
    if (!e) return NULL;
    for (;;) {
        py_tok *t = TK(p);
        if (t->type == T_DOT) {
            adv(p);
            if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
            py_tok *nm = adv(p);
            py_expr *a = mk(p, PY_EXPR_ATTRIBUTE, st->lineno, st->col);
            if (!a) return NULL;
            a->v.attribute.value = e;
            a->v.attribute.attr = nm->str;
            a->v.attribute.ctx = PY_CTX_LOAD;
            e = a;
        } else if (t->type == T_LPAR) {
            adv(p);
            py_expr *c = alloc(p, sizeof *c);
            if (!c) return NULL;
            c->kind = PY_EXPR_CALL;
            c->v.call.func = e;
            if (parse_args(p, &c->v.call.args, &c->v.call.keywords, 1, t->lineno, t->col, NULL))
                return NULL;
            c->lineno = st->lineno;
            c->col_offset = st->col;
            span_end(p, &c->end_lineno, &c->end_col_offset);
            e = c;
        } else if (t->type == T_LSQB) {
            adv(p);
            if (enter(p)) return NULL;
            py_expr *s = slices(p);
            LEAVE(p);
            if (!s) return NULL;
            if (!accept(p, T_RSQB)) return maybe_comma(p, s);
            py_expr *a = mk(p, PY_EXPR_SUBSCRIPT, st->lineno, st->col);
            if (!a) return NULL;
            a->v.subscript.value = e;
            a->v.subscript.slice = s;
            a->v.subscript.ctx = PY_CTX_LOAD;
            e = a;
        } else {
            return e;
        }
    }
}

/* ---- operators ---------------------------------------------------------- */

static py_expr *factor(P *p);

static py_expr *power(P *p)
{
    py_tok *st = TK(p);
    py_expr *e;
    if (is_kw(p, KW_AWAIT)) {
        adv(p);
        if (enter(p)) return NULL;
        py_expr *v = primary(p);
        LEAVE(p);
        if (!v) return NULL;
        e = mk(p, PY_EXPR_AWAIT, st->lineno, st->col);
        if (!e) return NULL;
        e->v.await.value = v;
    } else {
        e = primary(p);
        if (!e) return NULL;
    }
    if (accept(p, T_DOUBLESTAR)) {
        py_expr *r = factor(p);
        if (!r) return NULL;
        py_expr *b = mk(p, PY_EXPR_BINOP, st->lineno, st->col);
        if (!b) return NULL;
        b->v.binop.left = e;
        b->v.binop.op = PY_OP_POW;
        b->v.binop.right = r;
        e = b;
    }
    return e;
}

static py_expr *factor(P *p)
{
    py_tok *t = TK(p);
    py_unaryop op;
    switch (t->type) {
    case T_PLUS: op = PY_UNARY_UADD; break;
    case T_MINUS: op = PY_UNARY_USUB; break;
    case T_TILDE: op = PY_UNARY_INVERT; break;
    default: return power(p);
    }
    adv(p);
    if (enter(p)) return NULL;
    py_expr *v = factor(p);
    LEAVE(p);
    if (!v) return NULL;
    py_expr *e = mk(p, PY_EXPR_UNARYOP, t->lineno, t->col);
    if (!e) return NULL;
    e->v.unaryop.op = op;
    e->v.unaryop.operand = v;
    return e;
}

static int binop_prec(int type, py_operator *op)
{
    switch (type) {
    case T_VBAR: *op = PY_OP_BITOR; return 1;
    case T_CIRCUMFLEX: *op = PY_OP_BITXOR; return 2;
    case T_AMPER: *op = PY_OP_BITAND; return 3;
    case T_LEFTSHIFT: *op = PY_OP_LSHIFT; return 4;
    case T_RIGHTSHIFT: *op = PY_OP_RSHIFT; return 4;
    case T_PLUS: *op = PY_OP_ADD; return 5;
    case T_MINUS: *op = PY_OP_SUB; return 5;
    case T_STAR: *op = PY_OP_MULT; return 6;
    case T_SLASH: *op = PY_OP_DIV; return 6;
    case T_DOUBLESLASH: *op = PY_OP_FLOORDIV; return 6;
    case T_PERCENT: *op = PY_OP_MOD; return 6;
    case T_AT: *op = PY_OP_MATMULT; return 6;
    default: return 0;
    }
}

static py_expr *binary(P *p, int minprec)
{
    py_tok *st = TK(p);
    py_expr *left = factor(p);
    if (!left) return NULL;
    for (;;) {
        py_operator op;
        int prec = binop_prec(TK(p)->type, &op);
        if (prec == 0 || prec < minprec) return left;
        adv(p);
        if (enter(p)) return NULL;
        py_expr *right = binary(p, prec + 1);
        LEAVE(p);
        if (!right) return NULL;
        py_expr *b = alloc(p, sizeof *b);
        if (!b) return NULL;
        b->kind = PY_EXPR_BINOP;
        b->lineno = st->lineno;
        b->col_offset = st->col;
        span_end(p, &b->end_lineno, &b->end_col_offset);
        b->v.binop.left = left;
        b->v.binop.op = op;
        b->v.binop.right = right;
        left = b;
    }
}

static py_expr *bitor(P *p) { return binary(p, 1); }

static int cmp_op(P *p, py_cmpop *op)
{
    py_tok *t = TK(p);
    switch (t->type) {
    case T_EQEQUAL: *op = PY_CMP_EQ; break;
    case T_NOTEQUAL: *op = PY_CMP_NOTEQ; break;
    case T_LESS: *op = PY_CMP_LT; break;
    case T_LESSEQUAL: *op = PY_CMP_LTE; break;
    case T_GREATER: *op = PY_CMP_GT; break;
    case T_GREATEREQUAL: *op = PY_CMP_GTE; break;
    case T_NAME:
        if (t->kw == KW_IN) { *op = PY_CMP_IN; break; }
        if (t->kw == KW_IS) {
            if (TKN(p, 1)->type == T_NAME && TKN(p, 1)->kw == KW_NOT) { adv(p); *op = PY_CMP_ISNOT; break; }
            *op = PY_CMP_IS;
            break;
        }
        if (t->kw == KW_NOT && TKN(p, 1)->type == T_NAME && TKN(p, 1)->kw == KW_IN) {
            adv(p);
            *op = PY_CMP_NOTIN;
            break;
        }
        return 0;
    default:
        return 0;
    }
    adv(p);
    return 1;
}

static py_expr *comparison(P *p)
{
    py_tok *st = TK(p);
    py_expr *left = bitor(p);
    if (!left) return NULL;
    py_cmpop op;
    if (!cmp_op(p, &op)) return left;
    vec ops = {0}, cmps = {0};
    py_cmpop opsbuf[1];
    (void)opsbuf;
    vec opv = {0};
    (void)ops;
    for (;;) {
        py_expr *r = bitor(p);
        if (!r) return NULL;
        if (vpush(p, &opv, (void *)(intptr_t)op) || vpush(p, &cmps, r)) return NULL;
        if (!cmp_op(p, &op)) break;
    }
    py_expr *e = alloc(p, sizeof *e);
    if (!e) return NULL;
    py_cmpop *oa = sk_arena_alloc(p->ar, (size_t)opv.n * sizeof *oa);
    if (!oa) return nomem(p);
    for (int i = 0; i < opv.n; i++) oa[i] = (py_cmpop)(intptr_t)opv.v[i];
    e->kind = PY_EXPR_COMPARE;
    e->lineno = st->lineno;
    e->col_offset = st->col;
    span_end(p, &e->end_lineno, &e->end_col_offset);
    e->v.compare.left = left;
    e->v.compare.ops.items = oa;
    e->v.compare.ops.n = opv.n;
    e->v.compare.comparators = SEQ(py_expr_seq, cmps);
    return e;
}

static py_expr *inversion(P *p)
{
    if (is_kw(p, KW_NOT)) {
        py_tok *t = adv(p);
        if (enter(p)) return NULL;
        py_expr *v = inversion(p);
        LEAVE(p);
        if (!v) return NULL;
        py_expr *e = mk(p, PY_EXPR_UNARYOP, t->lineno, t->col);
        if (!e) return NULL;
        e->v.unaryop.op = PY_UNARY_NOT;
        e->v.unaryop.operand = v;
        return e;
    }
    return comparison(p);
}

static py_expr *boolop(P *p, int kw, py_expr *(*sub)(P *), py_boolop op)
{
    py_tok *st = TK(p);
    py_expr *first = sub(p);
    if (!first) return NULL;
    if (!is_kw(p, kw)) return first;
    vec v = {0};
    if (vpush(p, &v, first)) return NULL;
    while (accept_kw(p, kw)) {
        py_expr *x = sub(p);
        if (!x) return NULL;
        if (vpush(p, &v, x)) return NULL;
    }
    py_expr *e = alloc(p, sizeof *e);
    if (!e) return NULL;
    e->kind = PY_EXPR_BOOLOP;
    e->lineno = st->lineno;
    e->col_offset = st->col;
    span_end(p, &e->end_lineno, &e->end_col_offset);
    e->v.boolop.op = op;
    e->v.boolop.values = SEQ(py_expr_seq, v);
    return e;
}

static py_expr *conjunction(P *p) { return boolop(p, KW_AND, inversion, PY_BOOL_AND); }
static py_expr *disjunction(P *p) { return boolop(p, KW_OR, conjunction, PY_BOOL_OR); }

static py_expr *lambdef(P *p)
{
    py_tok *t = adv(p);
    py_arguments *a = parameters(p, 1, T_COLON);
    if (!a) return NULL;
    if (!expect(p, T_COLON)) return NULL;
    py_expr *body = expression(p);
    if (!body) return NULL;
    py_expr *e = mk(p, PY_EXPR_LAMBDA, t->lineno, t->col);
    if (!e) return NULL;
    e->v.lambda.args = a;
    e->v.lambda.body = body;
    return e;
}

static py_expr *expression(P *p)
{
    if (enter(p)) return NULL;
    py_expr *r;
    if (is_kw(p, KW_LAMBDA)) {
        r = lambdef(p);
        LEAVE(p);
        return r;
    }
    py_tok *st = TK(p);
    py_expr *body = disjunction(p);
    if (!body || !is_kw(p, KW_IF)) { LEAVE(p); return body; }
    adv(p);
    py_expr *test = disjunction(p);
    if (!test) { LEAVE(p); return NULL; }
    if (!accept_kw(p, KW_ELSE)) {
        LEAVE(p);
        if (failed(p)) return NULL;
        return perr(p, PY_ERR_SYNTAX, body->lineno, body->col_offset, test->end_lineno,
                    test->end_col_offset, "expected 'else' after 'if' expression");
    }
    py_expr *orelse = expression(p);
    LEAVE(p);
    if (!orelse) return NULL;
    py_expr *e = alloc(p, sizeof *e);
    if (!e) return NULL;
    e->kind = PY_EXPR_IFEXP;
    e->lineno = st->lineno;
    e->col_offset = st->col;
    span_end(p, &e->end_lineno, &e->end_col_offset);
    e->v.ifexp.test = test;
    e->v.ifexp.body = body;
    e->v.ifexp.orelse = orelse;
    return e;
}

static py_expr *named_expression(P *p)
{
    if (is_tok(p, T_NAME) && !TK(p)->kw && TKN(p, 1)->type == T_COLONEQUAL) {
        py_expr *target = name_expr(p);
        if (!target) return NULL;
        adv(p);
        py_expr *v = expression(p);
        if (!v) return NULL;
        target->v.name.ctx = PY_CTX_STORE;
        py_expr *e = alloc(p, sizeof *e);
        if (!e) return NULL;
        e->kind = PY_EXPR_NAMEDEXPR;
        e->lineno = target->lineno;
        e->col_offset = target->col_offset;
        span_end(p, &e->end_lineno, &e->end_col_offset);
        e->v.namedexpr.target = target;
        e->v.namedexpr.value = v;
        return e;
    }
    py_expr *e = expression(p);
    if (e && is_tok(p, T_COLONEQUAL))
        return err_node(p, e, "cannot use assignment expressions with %s", expr_name(e));
    return e;
}

static py_expr *starred(P *p)
{
    py_tok *s = adv(p);
    py_expr *v = bitor(p);
    if (!v) return NULL;
    py_expr *e = mk(p, PY_EXPR_STARRED, s->lineno, s->col);
    if (!e) return NULL;
    e->v.starred.value = v;
    e->v.starred.ctx = PY_CTX_LOAD;
    return e;
}

static py_expr *star_named_expression(P *p)
{
    if (is_tok(p, T_STAR)) return starred(p);
    return named_expression(p);
}

static py_expr *star_expression(P *p)
{
    if (is_tok(p, T_STAR)) return starred(p);
    return expression(p);
}

static py_expr *tuple_of(P *p, py_tok *st, py_expr *first, py_expr *(*sub)(P *), int (*stop)(P *))
{
    vec v = {0};
    if (vpush(p, &v, first)) return NULL;
    while (accept(p, T_COMMA)) {
        if (stop(p)) break;
        py_expr *x = sub(p);
        if (!x) return NULL;
        if (vpush(p, &v, x)) return NULL;
    }
    py_expr *e = mk(p, PY_EXPR_TUPLE, st->lineno, st->col);
    if (!e) return NULL;
    e->v.tuple.elts = SEQ(py_expr_seq, v);
    e->v.tuple.ctx = PY_CTX_LOAD;
    return e;
}

static int stop_expr(P *p) { return !starts_expr(TK(p)) && !is_tok(p, T_STAR) && !(is_tok(p, T_NAME) && !TK(p)->kw); }

static py_expr *star_expressions(P *p)
{
    py_tok *st = TK(p);
    py_expr *first = star_expression(p);
    if (!first || !is_tok(p, T_COMMA)) return first;
    return tuple_of(p, st, first, star_expression, stop_expr);
}

static py_expr *yield_expr(P *p)
{
    py_tok *t = adv(p);
    if (accept_kw(p, KW_FROM)) {
        py_expr *v = expression(p);
        if (!v) return NULL;
        py_expr *e = mk(p, PY_EXPR_YIELDFROM, t->lineno, t->col);
        if (e) e->v.yieldfrom.value = v;
        return e;
    }
    py_expr *v = NULL;
    if (starts_expr(TK(p)) || is_tok(p, T_STAR) || (is_tok(p, T_NAME) && !TK(p)->kw)) {
        v = star_expressions(p);
        if (!v) return NULL;
    }
    py_expr *e = mk(p, PY_EXPR_YIELD, t->lineno, t->col);
    if (e) e->v.yield.value = v;
    return e;
}

/* target for 'for' / comprehension / with-as: star_targets */
static py_expr *star_target_item(P *p)
{
    if (is_tok(p, T_STAR)) return starred(p);
    return bitor(p);
}

static int stop_target(P *p) { return is_kw(p, KW_IN) || is_tok(p, T_EQUAL) || is_tok(p, T_RPAR) || is_tok(p, T_COLON); }

static py_expr *star_targets(P *p)
{
    py_tok *st = TK(p);
    py_expr *first = star_target_item(p);
    if (!first || !is_tok(p, T_COMMA)) return first;
    return tuple_of(p, st, first, star_target_item, stop_target);
}

static int comp_for(P *p, py_comprehension_seq *out)
{
    vec v = {0};
    while (is_kw(p, KW_FOR) || (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_FOR)) {
        py_comprehension *c = alloc(p, sizeof *c);
        if (!c) return -1;
        if (accept_kw(p, KW_ASYNC)) c->is_async = 1;
        adv(p);
        c->target = star_targets(p);
        if (!c->target) return -1;
        if (to_target(p, c->target, PY_CTX_STORE)) return -1;
        if (!accept_kw(p, KW_IN)) {
            if (failed(p)) return -1;
            invalid(p);
            return -1;
        }
        c->iter = disjunction(p);
        if (!c->iter) return -1;
        vec ifs = {0};
        while (accept_kw(p, KW_IF)) {
            py_expr *x = disjunction(p);
            if (!x) return -1;
            if (vpush(p, &ifs, x)) return -1;
        }
        c->ifs = SEQ(py_expr_seq, ifs);
        if (vpush(p, &v, c)) return -1;
    }
    *out = SEQ(py_comprehension_seq, v);
    return 0;
}

/* ---- call arguments ----------------------------------------------------- */

static int parse_args(P *p, py_expr_seq *args, py_keyword_seq *kws, int allow_genexp_sole,
                      int open_l, int open_c, py_expr **genexp_out)
{
    vec a = {0}, k = {0};
    int seen_kw = 0, seen_dstar = 0;
    if (enter(p)) return -1;
    while (!is_tok(p, T_RPAR)) {
        py_tok *st = TK(p);
        if (is_tok(p, T_STAR)) {
            adv(p);
            if (is_tok(p, T_RPAR) || is_tok(p, T_COMMA)) {
                err_tok(p, TK(p), "Invalid star expression");
                return -1;
            }
            py_expr *v = expression(p);
            if (!v) return -1;
            py_expr *e = mk(p, PY_EXPR_STARRED, st->lineno, st->col);
            if (!e) return -1;
            e->v.starred.value = v;
            e->v.starred.ctx = PY_CTX_LOAD;
            if (seen_dstar) {
                py_tok *cm = &p->t[p->pos > 0 ? (size_t)(st - p->t) - 1 : 0];
                perr(p, PY_ERR_SYNTAX, cm->lineno, cm->col, e->end_lineno, e->end_col_offset,
                     "iterable argument unpacking follows keyword argument unpacking");
                return -1;
            }
            if (vpush(p, &a, e)) return -1;
        } else if (is_tok(p, T_DOUBLESTAR)) {
            adv(p);
            py_expr *v = expression(p);
            if (!v) return -1;
            py_keyword *kw = alloc(p, sizeof *kw);
            if (!kw) return -1;
            kw->value = v;
            kw->lineno = st->lineno;
            kw->col_offset = st->col;
            span_end(p, &kw->end_lineno, &kw->end_col_offset);
            seen_dstar = 1;
            if (vpush(p, &k, kw)) return -1;
        } else if (is_tok(p, T_NAME) && !TK(p)->kw && TKN(p, 1)->type == T_EQUAL) {
            py_tok *nm = adv(p);
            adv(p);
            py_expr *v = expression(p);
            if (!v) return -1;
            py_keyword *kw = alloc(p, sizeof *kw);
            if (!kw) return -1;
            kw->arg = nm->str;
            kw->value = v;
            kw->lineno = st->lineno;
            kw->col_offset = st->col;
            span_end(p, &kw->end_lineno, &kw->end_col_offset);
            seen_kw = 1;
            if (vpush(p, &k, kw)) return -1;
        } else {
            py_expr *v = named_expression(p);
            if (!v) return -1;
            if (is_kw(p, KW_FOR) || (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_FOR)) {
                if (!allow_genexp_sole) { invalid(p); return -1; }
                py_comprehension_seq g;
                if (comp_for(p, &g)) return -1;
                py_expr *ge = alloc(p, sizeof *ge);
                if (!ge) return -1;
                ge->kind = PY_EXPR_GENERATOREXP;
                ge->v.generatorexp.elt = v;
                ge->v.generatorexp.generators = g;
                int sole = a.n == 0 && k.n == 0 && is_tok(p, T_RPAR);
                if (sole && allow_genexp_sole) {
                    ge->lineno = open_l;
                    ge->col_offset = open_c;
                    ge->end_lineno = TK(p)->end_lineno;
                    ge->end_col_offset = TK(p)->end_col;
                } else {
                    ge->lineno = v->lineno;
                    ge->col_offset = v->col_offset;
                    span_end(p, &ge->end_lineno, &ge->end_col_offset);
                    perr(p, PY_ERR_SYNTAX, ge->lineno, ge->col_offset, ge->end_lineno, ge->end_col_offset,
                         "Generator expression must be parenthesized");
                    return -1;
                }
                v = ge;
            } else if (is_tok(p, T_EQUAL)) {
                if (v->kind == PY_EXPR_CONSTANT &&
                    (v->v.constant.value.kind == PY_CONST_TRUE || v->v.constant.value.kind == PY_CONST_FALSE ||
                     v->v.constant.value.kind == PY_CONST_NONE)) {
                    err_node(p, v, "cannot assign to %s", expr_name(v));
                    return -1;
                }
                py_tok *eq = TK(p);
                perr(p, PY_ERR_SYNTAX, v->lineno, v->col_offset, eq->end_lineno, eq->end_col,
                     "expression cannot contain assignment, perhaps you meant \"==\"?");
                return -1;
            }
            if (seen_dstar || seen_kw) {
                py_tok *nx = TK(p);
                perr(p, PY_ERR_SYNTAX, nx->lineno, nx->col, nx->end_lineno, nx->end_col, "%s",
                     seen_dstar ? "positional argument follows keyword argument unpacking"
                                : "positional argument follows keyword argument");
                return -1;
            }
            if (vpush(p, &a, v)) return -1;
        }
        if (!accept(p, T_COMMA)) break;
    }
    LEAVE(p);
    if (!accept(p, T_RPAR)) {
        py_expr *last = a.n ? a.v[a.n - 1] : NULL;
        if (k.n && (!last || ((py_keyword *)k.v[k.n - 1])->end_lineno > last->end_lineno ||
                    (((py_keyword *)k.v[k.n - 1])->end_lineno == last->end_lineno &&
                     ((py_keyword *)k.v[k.n - 1])->end_col_offset > last->end_col_offset)))
            last = ((py_keyword *)k.v[k.n - 1])->value;
        maybe_comma(p, last);
        return -1;
    }
    *args = SEQ(py_expr_seq, a);
    *kws = SEQ(py_keyword_seq, k);
    (void)genexp_out;
    return 0;
}

/* ---- parameters --------------------------------------------------------- */

static py_arg *param(P *p, int lambda, int star)
{
    py_tok *nm = TK(p);
    if (nm->type != T_NAME || nm->kw) { invalid(p); return NULL; }
    adv(p);
    py_arg *a = alloc(p, sizeof *a);
    if (!a) return NULL;
    a->arg = nm->str;
    a->lineno = nm->lineno;
    a->col_offset = nm->col;
    if (!lambda && accept(p, T_COLON)) {
        a->annotation = star && is_tok(p, T_STAR) ? starred(p) : expression(p);
        if (!a->annotation) return NULL;
    }
    span_end(p, &a->end_lineno, &a->end_col_offset);
    return a;
}

static int check_dup(P *p, vec *all, py_arg *a)
{
    for (int i = 0; i < all->n; i++)
        if (!strcmp(((py_arg *)all->v[i])->arg, a->arg)) {
            perr(p, PY_ERR_SYNTAX, a->lineno, a->col_offset, a->end_lineno, a->end_col_offset,
                 "duplicate argument '%s' in function definition", a->arg);
            return -1;
        }
    return vpush(p, all, a);
}

static py_arguments *parameters(P *p, int lambda, int close)
{
    py_arguments *A = alloc(p, sizeof *A);
    if (!A) return NULL;
    vec pos = {0}, defs = {0}, kwo = {0}, kwd = {0}, all = {0};
    int seen_slash = 0, seen_star = 0, seen_default = 0;
    while (!is_tok(p, close)) {
        py_tok *t = TK(p);
        if (A->kwarg) {
            err_tok(p, t, "arguments cannot follow var-keyword argument");
            return NULL;
        }
        if (t->type == T_SLASH) {
            if (seen_slash) { err_tok(p, t, "/ may appear only once"); return NULL; }
            if (seen_star) { err_tok(p, t, "/ must be ahead of *"); return NULL; }
            if (pos.n == 0) { invalid(p); return NULL; }
            adv(p);
            seen_slash = 1;
            A->posonlyargs = SEQ(py_arg_seq, pos);
            memset(&pos, 0, sizeof pos);
        } else if (t->type == T_STAR) {
            if (seen_star) { err_tok(p, t, "* argument may appear only once"); return NULL; }
            adv(p);
            seen_star = 1;
            if (is_tok(p, T_COMMA) || is_tok(p, close)) {
                if (is_tok(p, close) || TKN(p, 1)->type == close || TKN(p, 1)->type == T_DOUBLESTAR) {
                    if (is_tok(p, close) || TKN(p, 1)->type == close) {
                        err_tok(p, t, "named arguments must follow bare *");
                        return NULL;
                    }
                }
            } else {
                A->vararg = param(p, lambda, 1);
                if (!A->vararg) return NULL;
                if (check_dup(p, &all, A->vararg)) return NULL;
                if (is_tok(p, T_EQUAL)) { err_tok(p, TK(p), "var-positional argument cannot have default value"); return NULL; }
            }
        } else if (t->type == T_DOUBLESTAR) {
            adv(p);
            A->kwarg = param(p, lambda, 0);
            if (!A->kwarg) return NULL;
            if (check_dup(p, &all, A->kwarg)) return NULL;
            if (is_tok(p, T_EQUAL)) { err_tok(p, TK(p), "var-keyword argument cannot have default value"); return NULL; }
        } else {
            py_arg *a = param(p, lambda, 0);
            if (!a) return NULL;
            if (check_dup(p, &all, a)) return NULL;
            py_expr *d = NULL;
            if (accept(p, T_EQUAL)) {
                d = expression(p);
                if (!d) return NULL;
            }
            if (seen_star) {
                if (vpush(p, &kwo, a) || vpush(p, &kwd, d)) return NULL;
            } else {
                if (d) { seen_default = 1; if (vpush(p, &defs, d)) return NULL; }
                else if (seen_default) {
                    perr(p, PY_ERR_SYNTAX, a->lineno, a->col_offset, a->end_lineno, a->end_col_offset,
                         "parameter without a default follows parameter with a default");
                    return NULL;
                }
                if (vpush(p, &pos, a)) return NULL;
            }
        }
        if (!accept(p, T_COMMA)) break;
    }
    if (!is_tok(p, close)) {
        if (failed(p)) return NULL;
        if (close == T_COLON && lambda) {
            expect(p, T_COLON);
            return NULL;
        }
        invalid(p);
        return NULL;
    }
    if (seen_star && !A->vararg && kwo.n == 0) {
        err_tok(p, TK(p), "named arguments must follow bare *");
        return NULL;
    }
    A->args = SEQ(py_arg_seq, pos);
    A->defaults = SEQ(py_expr_seq, defs);
    A->kwonlyargs = SEQ(py_arg_seq, kwo);
    A->kw_defaults = SEQ(py_expr_seq, kwd);
    return A;
}

/* ---- type params -------------------------------------------------------- */

static int type_params(P *p, py_type_param_seq *out)
{
    vec v = {0};
    adv(p); /* '[' */
    if (is_tok(p, T_RSQB)) { err_tok(p, TK(p), "Type parameter list cannot be empty"); return -1; }
    while (!is_tok(p, T_RSQB)) {
        py_tok *st = TK(p);
        py_type_param *tp = alloc(p, sizeof *tp);
        if (!tp) return -1;
        int kind = PY_TP_TYPEVAR;
        if (accept(p, T_STAR)) kind = PY_TP_TYPEVARTUPLE;
        else if (accept(p, T_DOUBLESTAR)) kind = PY_TP_PARAMSPEC;
        if (!is_tok(p, T_NAME) || TK(p)->kw) { invalid(p); return -1; }
        const char *name = adv(p)->str;
        tp->kind = kind;
        if (kind == PY_TP_TYPEVAR) {
            tp->v.typevar.name = name;
            if (accept(p, T_COLON)) {
                tp->v.typevar.bound = expression(p);
                if (!tp->v.typevar.bound) return -1;
            }
            if (accept(p, T_EQUAL)) {
                tp->v.typevar.default_value = expression(p);
                if (!tp->v.typevar.default_value) return -1;
            }
        } else {
            if (is_tok(p, T_COLON)) {
                err_tok(p, TK(p), kind == PY_TP_TYPEVARTUPLE ? "cannot use bound with TypeVarTuple"
                                                             : "cannot use bound with ParamSpec");
                return -1;
            }
            tp->v.paramspec.name = name;
            if (accept(p, T_EQUAL)) {
                tp->v.paramspec.default_value = kind == PY_TP_TYPEVARTUPLE && is_tok(p, T_STAR) ? starred(p) : expression(p);
                if (!tp->v.paramspec.default_value) return -1;
            }
        }
        tp->lineno = st->lineno;
        tp->col_offset = st->col;
        span_end(p, &tp->end_lineno, &tp->end_col_offset);
        if (vpush(p, &v, tp)) return -1;
        if (!accept(p, T_COMMA)) break;
    }
    if (!accept(p, T_RSQB)) { invalid(p); return -1; }
    *out = SEQ(py_type_param_seq, v);
    return 0;
}

/* ---- statements --------------------------------------------------------- */

static int is_augassign(int type, py_operator *op)
{
    switch (type) {
    case T_PLUSEQUAL: *op = PY_OP_ADD; return 1;
    case T_MINEQUAL: *op = PY_OP_SUB; return 1;
    case T_STAREQUAL: *op = PY_OP_MULT; return 1;
    case T_ATEQUAL: *op = PY_OP_MATMULT; return 1;
    case T_SLASHEQUAL: *op = PY_OP_DIV; return 1;
    case T_PERCENTEQUAL: *op = PY_OP_MOD; return 1;
    case T_AMPEREQUAL: *op = PY_OP_BITAND; return 1;
    case T_VBAREQUAL: *op = PY_OP_BITOR; return 1;
    case T_CIRCUMFLEXEQUAL: *op = PY_OP_BITXOR; return 1;
    case T_LEFTSHIFTEQUAL: *op = PY_OP_LSHIFT; return 1;
    case T_RIGHTSHIFTEQUAL: *op = PY_OP_RSHIFT; return 1;
    case T_DOUBLESTAREQUAL: *op = PY_OP_POW; return 1;
    case T_DOUBLESLASHEQUAL: *op = PY_OP_FLOORDIV; return 1;
    default: return 0;
    }
}

static int is_single_bitor(const py_expr *e)
{
    switch (e->kind) {
    case PY_EXPR_TUPLE: case PY_EXPR_COMPARE: case PY_EXPR_BOOLOP: case PY_EXPR_IFEXP:
    case PY_EXPR_LAMBDA: case PY_EXPR_NAMEDEXPR: case PY_EXPR_STARRED: case PY_EXPR_YIELD:
    case PY_EXPR_YIELDFROM:
        return 0;
    case PY_EXPR_UNARYOP:
        return e->v.unaryop.op != PY_UNARY_NOT;
    default:
        return 1;
    }
}

static py_expr *rhs(P *p)
{
    if (is_kw(p, KW_YIELD)) return yield_expr(p);
    return star_expressions(p);
}

static py_stmt *expr_stmt(P *p)
{
    py_tok *st = TK(p);
    py_expr *e = rhs(p);
    if (!e) return NULL;
    py_operator op;
    if (is_tok(p, T_COLON)) {
        adv(p);
        if (e->kind == PY_EXPR_TUPLE && !(st->type == T_LPAR && 0))
            return err_node(p, e, "%s", "only single target (not tuple) can be annotated");
        if (e->kind == PY_EXPR_LIST)
            return err_node(p, e, "%s", "only single target (not list) can be annotated");
        if (e->kind != PY_EXPR_NAME && e->kind != PY_EXPR_ATTRIBUTE && e->kind != PY_EXPR_SUBSCRIPT)
            return err_node(p, e, "%s", "illegal target for annotation");
        py_expr *ann = expression(p);
        if (!ann) return NULL;
        py_expr *val = NULL;
        if (accept(p, T_EQUAL)) {
            val = rhs(p);
            if (!val) return NULL;
        }
        set_ctx(e, PY_CTX_STORE);
        py_stmt *s = mks(p, PY_STMT_ANNASSIGN, st->lineno, st->col);
        if (!s) return NULL;
        s->v.annassign.target = e;
        s->v.annassign.annotation = ann;
        s->v.annassign.value = val;
        s->v.annassign.simple = e->kind == PY_EXPR_NAME && st->type != T_LPAR;
        return s;
    }
    if (is_augassign(TK(p)->type, &op)) {
        if (e->kind != PY_EXPR_NAME && e->kind != PY_EXPR_ATTRIBUTE && e->kind != PY_EXPR_SUBSCRIPT)
            return err_node(p, e, "'%s' is an illegal expression for augmented assignment", expr_name(e));
        adv(p);
        py_expr *v = rhs(p);
        if (!v) return NULL;
        set_ctx(e, PY_CTX_STORE);
        py_stmt *s = mks(p, PY_STMT_AUGASSIGN, st->lineno, st->col);
        if (!s) return NULL;
        s->v.augassign.target = e;
        s->v.augassign.op = op;
        s->v.augassign.value = v;
        return s;
    }
    if (is_tok(p, T_EQUAL)) {
        vec targets = {0};
        py_expr *cur = e;
        for (;;) {
            py_tok *eq = adv(p);
            if (is_tok(p, T_NEWLINE) || is_tok(p, T_SEMI) || is_tok(p, T_ENDMARKER)) return invalid(p);
            py_expr *nx = rhs(p);
            if (!nx) return NULL;
            const py_expr *bad = invalid_target(cur, 0);
            if (bad && (bad->kind == PY_EXPR_YIELD || bad->kind == PY_EXPR_YIELDFROM))
                return err_node(p, bad, "%s", "assignment to yield expression not possible");
            if (bad) {
                if (bad == cur && targets.n == 0 && !is_tok(p, T_EQUAL) && is_single_bitor(cur) &&
                    is_single_bitor(nx) &&
                    !(cur->kind == PY_EXPR_CONSTANT && (cur->v.constant.value.kind == PY_CONST_NONE ||
                                                        cur->v.constant.value.kind == PY_CONST_TRUE ||
                                                        cur->v.constant.value.kind == PY_CONST_FALSE)) &&
                    cur->kind != PY_EXPR_LIST && cur->kind != PY_EXPR_GENERATOREXP)
                    return perr(p, PY_ERR_SYNTAX, cur->lineno, cur->col_offset, eq->end_lineno, eq->end_col,
                                "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                                expr_name(cur));
                return err_node(p, bad, "cannot assign to %s", expr_name(bad));
            }
            set_ctx(cur, PY_CTX_STORE);
            if (vpush(p, &targets, cur)) return NULL;
            cur = nx;
            if (!is_tok(p, T_EQUAL)) break;
        }
        py_stmt *s = mks(p, PY_STMT_ASSIGN, st->lineno, st->col);
        if (!s) return NULL;
        s->v.assign.targets = SEQ(py_expr_seq, targets);
        s->v.assign.value = cur;
        return s;
    }
    /* print "x" */
    if (e->kind == PY_EXPR_NAME && !strcmp(e->v.name.id, "print") && starts_expr(TK(p)) &&
        st->type == T_NAME) {
        size_t save = p->pos;
        py_expr *arg = star_expressions(p);
        if (arg && !failed(p))
            return perr(p, PY_ERR_SYNTAX, e->lineno, e->col_offset, arg->end_lineno, arg->end_col_offset,
                        "Missing parentheses in call to 'print'. Did you mean print(...)?");
        p->err->kind = PY_ERR_NONE;
        p->pos = save;
    }
    py_stmt *s = mks(p, PY_STMT_EXPR, st->lineno, st->col);
    if (!s) return NULL;
    s->v.expr.value = e;
    return s;
}

static int dotted_name(P *p, const char **out)
{
    if (!is_tok(p, T_NAME) || TK(p)->kw) { invalid(p); return -1; }
    py_tok *t = adv(p);
    if (!is_tok(p, T_DOT)) { *out = t->str; return 0; }
    sk_buf b;
    size_t total = t->len;
    size_t save = p->pos;
    while (is_tok(p, T_DOT) && TKN(p, 1)->type == T_NAME && !TKN(p, 1)->kw) {
        total += 1 + TKN(p, 1)->len;
        adv(p);
        adv(p);
    }
    if (is_tok(p, T_DOT)) { adv(p); invalid(p); return -1; }
    (void)b;
    char *s = sk_arena_alloc(p->ar, total + 1);
    if (!s) { nomem(p); return -1; }
    size_t o = 0;
    memcpy(s, t->str, t->len);
    o = t->len;
    for (size_t k = save; k < p->pos; k += 2) {
        s[o++] = '.';
        memcpy(s + o, p->t[k + 1].str, p->t[k + 1].len);
        o += p->t[k + 1].len;
    }
    s[o] = 0;
    *out = s;
    return 0;
}

static py_alias *alias_item(P *p, int dotted)
{
    py_tok *st = TK(p);
    py_alias *a = alloc(p, sizeof *a);
    if (!a) return NULL;
    if (dotted) {
        if (dotted_name(p, &a->name)) return NULL;
    } else {
        if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
        a->name = adv(p)->str;
    }
    if (accept_kw(p, KW_AS)) {
        if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
        a->asname = adv(p)->str;
    }
    a->lineno = st->lineno;
    a->col_offset = st->col;
    span_end(p, &a->end_lineno, &a->end_col_offset);
    return a;
}

static py_stmt *import_stmt(P *p)
{
    py_tok *st = adv(p);
    vec v = {0};
    if (is_tok(p, T_NEWLINE) || is_tok(p, T_ENDMARKER) || is_tok(p, T_SEMI))
        return err_tok(p, TK(p), "Expected one or more names after 'import'");
    do {
        py_alias *a = alias_item(p, 1);
        if (!a || vpush(p, &v, a)) return NULL;
    } while (accept(p, T_COMMA));
    py_stmt *s = mks(p, PY_STMT_IMPORT, st->lineno, st->col);
    if (s) s->v.import.names = SEQ(py_alias_seq, v);
    return s;
}

static py_stmt *from_stmt(P *p)
{
    py_tok *st = adv(p);
    int level = 0;
    for (;;) {
        if (accept(p, T_DOT)) level++;
        else if (accept(p, T_ELLIPSIS)) level += 3;
        else break;
    }
    const char *mod = NULL;
    if (level == 0 && is_kw(p, KW_IMPORT)) return invalid(p);
    if (!is_kw(p, KW_IMPORT)) {
        if (dotted_name(p, &mod)) return NULL;
    }
    if (!accept_kw(p, KW_IMPORT)) return invalid(p);
    vec v = {0};
    if (is_tok(p, T_STAR)) {
        py_tok *t = adv(p);
        py_alias *a = alloc(p, sizeof *a);
        if (!a) return NULL;
        a->name = "*";
        a->lineno = t->lineno; a->col_offset = t->col;
        a->end_lineno = t->end_lineno; a->end_col_offset = t->end_col;
        if (vpush(p, &v, a)) return NULL;
    } else if (accept(p, T_LPAR)) {
        while (!is_tok(p, T_RPAR)) {
            py_alias *a = alias_item(p, 0);
            if (!a || vpush(p, &v, a)) return NULL;
            if (!accept(p, T_COMMA)) break;
        }
        if (v.n == 0 || !accept(p, T_RPAR)) return invalid(p);
    } else {
        for (;;) {
            py_alias *a = alias_item(p, 0);
            if (!a || vpush(p, &v, a)) return NULL;
            if (!is_tok(p, T_COMMA)) break;
            py_tok *c = adv(p);
            if (is_tok(p, T_NEWLINE) || is_tok(p, T_SEMI) || is_tok(p, T_ENDMARKER)) {
                py_tok *nx = TK(p);
                (void)c;
                return perr(p, PY_ERR_SYNTAX, nx->lineno, nx->col, nx->lineno, nx->col + 1,
                            "trailing comma not allowed without surrounding parentheses");
            }
        }
    }
    py_stmt *s = mks(p, PY_STMT_IMPORTFROM, st->lineno, st->col);
    if (!s) return NULL;
    s->v.importfrom.module = mod;
    s->v.importfrom.names = SEQ(py_alias_seq, v);
    s->v.importfrom.level = level;
    return s;
}

static py_stmt *simple_stmt(P *p)
{
    py_tok *t = TK(p);
    if (t->type == T_NAME) {
        switch (t->kw) {
        case KW_PASS: adv(p); return mks(p, PY_STMT_PASS, t->lineno, t->col);
        case KW_BREAK: adv(p); return mks(p, PY_STMT_BREAK, t->lineno, t->col);
        case KW_CONTINUE: adv(p); return mks(p, PY_STMT_CONTINUE, t->lineno, t->col);
        case KW_RETURN: {
            adv(p);
            py_expr *v = NULL;
            if (!is_tok(p, T_NEWLINE) && !is_tok(p, T_SEMI) && !is_tok(p, T_ENDMARKER)) {
                v = star_expressions(p);
                if (!v) return NULL;
            }
            py_stmt *s = mks(p, PY_STMT_RETURN, t->lineno, t->col);
            if (s) s->v.return_.value = v;
            return s;
        }
        case KW_RAISE: {
            adv(p);
            py_expr *exc = NULL, *cause = NULL;
            if (!is_tok(p, T_NEWLINE) && !is_tok(p, T_SEMI) && !is_tok(p, T_ENDMARKER)) {
                exc = expression(p);
                if (!exc) return NULL;
                if (accept_kw(p, KW_FROM)) {
                    cause = expression(p);
                    if (!cause) return NULL;
                }
            }
            py_stmt *s = mks(p, PY_STMT_RAISE, t->lineno, t->col);
            if (s) { s->v.raise.exc = exc; s->v.raise.cause = cause; }
            return s;
        }
        case KW_GLOBAL: case KW_NONLOCAL: {
            adv(p);
            vec v = {0};
            do {
                if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
                if (vpush(p, &v, (void *)adv(p)->str)) return NULL;
            } while (accept(p, T_COMMA));
            py_stmt *s = mks(p, t->kw == KW_GLOBAL ? PY_STMT_GLOBAL : PY_STMT_NONLOCAL, t->lineno, t->col);
            if (s) s->v.global.names = SEQ(py_ident_seq, v);
            return s;
        }
        case KW_DEL: {
            adv(p);
            py_tok *st = TK(p);
            py_expr *first = star_target_item(p);
            if (!first) return NULL;
            py_expr *tg = first;
            vec v = {0};
            if (vpush(p, &v, first)) return NULL;
            while (accept(p, T_COMMA)) {
                if (is_tok(p, T_NEWLINE) || is_tok(p, T_SEMI) || is_tok(p, T_ENDMARKER)) break;
                py_expr *x = star_target_item(p);
                if (!x || vpush(p, &v, x)) return NULL;
            }
            (void)st; (void)tg;
            for (int i = 0; i < v.n; i++)
                if (to_target(p, v.v[i], PY_CTX_DEL)) return NULL;
            py_stmt *s = mks(p, PY_STMT_DELETE, t->lineno, t->col);
            if (s) s->v.delete.targets = SEQ(py_expr_seq, v);
            return s;
        }
        case KW_ASSERT: {
            adv(p);
            py_expr *test = expression(p), *msg = NULL;
            if (!test) return NULL;
            if (accept(p, T_COMMA)) {
                msg = expression(p);
                if (!msg) return NULL;
            }
            py_stmt *s = mks(p, PY_STMT_ASSERT, t->lineno, t->col);
            if (s) { s->v.assert.test = test; s->v.assert.msg = msg; }
            return s;
        }
        case KW_IMPORT: return import_stmt(p);
        case KW_FROM: return from_stmt(p);
        case KW_NONE:
            if (!strcmp(t->str, "type") && TKN(p, 1)->type == T_NAME && !TKN(p, 1)->kw &&
                (TKN(p, 2)->type == T_EQUAL || TKN(p, 2)->type == T_LSQB)) {
                adv(p);
                py_expr *name = name_expr(p);
                if (!name) return NULL;
                name->v.name.ctx = PY_CTX_STORE;
                py_stmt *s = alloc(p, sizeof *s);
                if (!s) return NULL;
                if (is_tok(p, T_LSQB) && type_params(p, &s->v.typealias.type_params)) return NULL;
                if (!expect(p, T_EQUAL)) return NULL;
                py_expr *v = expression(p);
                if (!v) return NULL;
                s->kind = PY_STMT_TYPEALIAS;
                s->lineno = t->lineno;
                s->col_offset = t->col;
                span_end(p, &s->end_lineno, &s->end_col_offset);
                s->v.typealias.name = name;
                s->v.typealias.value = v;
                return s;
            }
            break;
        default:
            break;
        }
    }
    return expr_stmt(p);
}

/* simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE */
static int simple_stmts(P *p, vec *out)
{
    for (;;) {
        py_stmt *s = simple_stmt(p);
        if (!s || vpush(p, out, s)) return -1;
        if (accept(p, T_SEMI)) {
            if (is_tok(p, T_NEWLINE) || is_tok(p, T_ENDMARKER)) break;
            continue;
        }
        break;
    }
    if (accept(p, T_NEWLINE) || is_tok(p, T_ENDMARKER)) return 0;
    if (failed(p)) return -1;
    /* a missing comma inside nothing: CPython says invalid syntax */
    if (is_tok(p, T_COLONEQUAL) || is_tok(p, T_EQUAL)) { invalid(p); return -1; }
    invalid(p);
    return -1;
}

static const char *block_what(const char *what, char *buf, size_t n, int line)
{
    snprintf(buf, n, "expected an indented block after %s on line %d", what, line);
    return buf;
}

static int statements_until_dedent(P *p, vec *out);

static py_stmt_seq block(P *p, const char *what, int line)
{
    py_stmt_seq r = {0};
    vec v = {0};
    if (accept(p, T_NEWLINE)) {
        if (!is_tok(p, T_INDENT)) {
            char buf[160];
            py_tok *t = TK(p);
            if (failed(p)) return r;
            perr(p, PY_ERR_INDENTATION, t->lineno, t->col, t->end_lineno, t->end_col, "%s",
                 block_what(what, buf, sizeof buf, line));
            return r;
        }
        adv(p);
        if (enter(p)) return r;
        int rc = statements_until_dedent(p, &v);
        LEAVE(p);
        if (rc) return r;
        if (!accept(p, T_DEDENT) && !is_tok(p, T_ENDMARKER)) { invalid(p); return r; }
    } else {
        if (simple_stmts(p, &v)) return r;
    }
    r = SEQ(py_stmt_seq, v);
    return r;
}

/* CPython ends a compound statement at the last non-whitespace token it
 * consumed (so a trailing ';' counts). */
static void real_end(P *p, int *el, int *ec)
{
    size_t k = p->pos;
    while (k > 0) {
        py_tok *t = &p->t[k - 1];
        if (t->type != T_NEWLINE && t->type != T_INDENT && t->type != T_DEDENT) {
            *el = t->end_lineno;
            *ec = t->end_col;
            return;
        }
        k--;
    }
}

#define stmt_end_from_body(s, body) real_end(p, &(s)->end_lineno, &(s)->end_col_offset)

static py_stmt *if_stmt(P *p, int elif)
{
    py_tok *t = adv(p);
    py_expr *test = named_expression(p);
    if (!test) return NULL;
    if (is_tok(p, T_EQUAL)) {
        py_tok *eq = TK(p);
        (void)eq;
        size_t save = p->pos;
        adv(p);
        py_expr *r = expression(p);
        if (r && is_tok(p, T_COLON))
            return perr(p, PY_ERR_SYNTAX, test->lineno, test->col_offset, r->end_lineno, r->end_col_offset,
                        "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        p->err->kind = PY_ERR_NONE;
        p->pos = save;
    }
    if (!expect(p, T_COLON)) return NULL;
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = PY_STMT_IF;
    s->lineno = t->lineno;
    s->col_offset = t->col;
    s->v.if_.test = test;
    s->v.if_.body = block(p, elif ? "'elif' statement" : "'if' statement", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.if_.body);
    if (is_kw(p, KW_ELIF)) {
        py_stmt *e = if_stmt(p, 1);
        if (!e) return NULL;
        py_stmt **a = alloc(p, sizeof *a);
        if (!a) return NULL;
        a[0] = e;
        s->v.if_.orelse.items = a;
        s->v.if_.orelse.n = 1;
        s->end_lineno = e->end_lineno;
        s->end_col_offset = e->end_col_offset;
    } else if (is_kw(p, KW_ELSE)) {
        py_tok *el = adv(p);
        if (!expect(p, T_COLON)) return NULL;
        s->v.if_.orelse = block(p, "'else' statement", el->lineno);
        if (failed(p)) return NULL;
        stmt_end_from_body(s, s->v.if_.orelse);
    }
    return s;
}

static py_stmt *while_stmt(P *p)
{
    py_tok *t = adv(p);
    py_expr *test = named_expression(p);
    if (!test) return NULL;
    if (!expect(p, T_COLON)) return NULL;
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = PY_STMT_WHILE;
    s->lineno = t->lineno;
    s->col_offset = t->col;
    s->v.while_.test = test;
    s->v.while_.body = block(p, "'while' statement", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.while_.body);
    if (is_kw(p, KW_ELSE)) {
        py_tok *el = adv(p);
        if (!expect(p, T_COLON)) return NULL;
        s->v.while_.orelse = block(p, "'else' statement", el->lineno);
        if (failed(p)) return NULL;
        stmt_end_from_body(s, s->v.while_.orelse);
    }
    return s;
}

static py_stmt *for_stmt(P *p, py_tok *start, int async)
{
    py_tok *t = adv(p);
    py_expr *target = star_targets(p);
    if (!target) return NULL;
    if (to_target(p, target, PY_CTX_STORE)) return NULL;
    if (!accept_kw(p, KW_IN)) return invalid(p);
    py_expr *iter = star_expressions(p);
    if (!iter) return NULL;
    if (!expect(p, T_COLON)) return NULL;
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = async ? PY_STMT_ASYNCFOR : PY_STMT_FOR;
    s->lineno = start->lineno;
    s->col_offset = start->col;
    s->v.for_.target = target;
    s->v.for_.iter = iter;
    s->v.for_.body = block(p, "'for' statement", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.for_.body);
    if (is_kw(p, KW_ELSE)) {
        py_tok *el = adv(p);
        if (!expect(p, T_COLON)) return NULL;
        s->v.for_.orelse = block(p, "'else' statement", el->lineno);
        if (failed(p)) return NULL;
        stmt_end_from_body(s, s->v.for_.orelse);
    }
    return s;
}

static py_withitem *with_item(P *p)
{
    py_withitem *w = alloc(p, sizeof *w);
    if (!w) return NULL;
    w->context_expr = expression(p);
    if (!w->context_expr) return NULL;
    if (accept_kw(p, KW_AS)) {
        w->optional_vars = star_target_item(p);
        if (!w->optional_vars) return NULL;
        if (!is_tok(p, T_COMMA) && !is_tok(p, T_RPAR) && !is_tok(p, T_COLON)) return invalid(p);
        if (to_target(p, w->optional_vars, PY_CTX_STORE)) return NULL;
    }
    return w;
}

static py_stmt *with_stmt(P *p, py_tok *start, int async)
{
    py_tok *t = adv(p);
    vec v = {0};
    int done = 0;
    if (is_tok(p, T_LPAR)) {
        /* try: '(' with_item (',' with_item)* [','] ')' ':' */
        size_t save = p->pos;
        sk_arena_mark m = sk_arena_save(p->ar);
        py_syntax_error tmp, *real = p->err;
        memset(&tmp, 0, sizeof tmp);
        p->err = &tmp;
        adv(p);
        int ok = 1;
        while (ok) {
            py_withitem *w = with_item(p);
            if (!w || vpush(p, &v, w)) { ok = 0; break; }
            if (!accept(p, T_COMMA)) break;
            if (is_tok(p, T_RPAR)) break;
        }
        ok = ok && accept(p, T_RPAR) && is_tok(p, T_COLON);
        p->err = real;
        if (tmp.kind == PY_ERR_LIMIT || tmp.kind == PY_ERR_MEMORY || tmp.kind == PY_ERR_TOO_COMPLEX) {
            *real = tmp;
            return NULL;
        }
        if (ok) done = 1;
        else {
            p->pos = save;
            sk_arena_restore(p->ar, m);
            memset(&v, 0, sizeof v);
        }
    }
    if (!done) {
        do {
            py_withitem *w = with_item(p);
            if (!w || vpush(p, &v, w)) return NULL;
        } while (accept(p, T_COMMA));
    }
    if (!expect(p, T_COLON)) return NULL;
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = async ? PY_STMT_ASYNCWITH : PY_STMT_WITH;
    s->lineno = start->lineno;
    s->col_offset = start->col;
    s->v.with.items = SEQ(py_withitem_seq, v);
    s->v.with.body = block(p, "'with' statement", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.with.body);
    return s;
}

static py_stmt *try_stmt(P *p)
{
    py_tok *t = adv(p);
    if (!expect(p, T_COLON)) return NULL;
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = PY_STMT_TRY;
    s->lineno = t->lineno;
    s->col_offset = t->col;
    s->v.try_.body = block(p, "'try' statement", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.try_.body);
    vec h = {0};
    int star = -1;
    while (is_kw(p, KW_EXCEPT)) {
        py_tok *ex = adv(p);
        int isstar = accept(p, T_STAR);
        if (star >= 0 && star != isstar)
            return err_tok(p, ex, "cannot have both 'except' and 'except*' on the same 'try'");
        star = isstar;
        py_excepthandler *eh = alloc(p, sizeof *eh);
        if (!eh) return NULL;
        eh->lineno = ex->lineno;
        eh->col_offset = ex->col;
        if (!is_tok(p, T_COLON)) {
            py_tok *tst = TK(p);
            py_expr *ty = expression(p);
            if (!ty) return NULL;
            if (is_tok(p, T_COMMA)) {
                /* PEP 758: except A, B: (no 'as') */
                ty = tuple_of(p, tst, ty, expression, stop_expr);
                if (!ty) return NULL;
                if (is_kw(p, KW_AS))
                    return err_node(p, ty, "%s", "multiple exception types must be parenthesized when using 'as'");
            }
            eh->type = ty;
            if (accept_kw(p, KW_AS)) {
                if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
                eh->name = adv(p)->str;
            }
        } else if (isstar) {
            return err_tok(p, TK(p), "expected one or more exception types");
        }
        if (!expect(p, T_COLON)) return NULL;
        eh->body = block(p, isstar ? "'except*' statement" : "'except' statement", ex->lineno);
        if (failed(p)) return NULL;
        real_end(p, &eh->end_lineno, &eh->end_col_offset);
        s->end_lineno = eh->end_lineno;
        s->end_col_offset = eh->end_col_offset;
        if (vpush(p, &h, eh)) return NULL;
    }
    s->v.try_.handlers = SEQ(py_excepthandler_seq, h);
    if (star == 1) s->kind = PY_STMT_TRYSTAR;
    if (h.n && is_kw(p, KW_ELSE)) {
        py_tok *el = adv(p);
        if (!expect(p, T_COLON)) return NULL;
        s->v.try_.orelse = block(p, "'else' statement", el->lineno);
        if (failed(p)) return NULL;
        stmt_end_from_body(s, s->v.try_.orelse);
    }
    if (is_kw(p, KW_FINALLY)) {
        py_tok *fi = adv(p);
        if (!expect(p, T_COLON)) return NULL;
        s->v.try_.finalbody = block(p, "'finally' statement", fi->lineno);
        if (failed(p)) return NULL;
        stmt_end_from_body(s, s->v.try_.finalbody);
    } else if (!h.n) {
        int el = 0, ec = 0;
        real_end(p, &el, &ec);
        return perr(p, PY_ERR_SYNTAX, el, ec, el, -2, "expected 'except' or 'finally' block");
    }
    return s;
}

static py_stmt *funcdef(P *p, py_tok *start, int async, vec *decos)
{
    py_tok *t = adv(p);  /* def */
    if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
    py_tok *nm = adv(p);
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    if (is_tok(p, T_LSQB) && type_params(p, &s->v.functiondef.type_params)) return NULL;
    if (!is_tok(p, T_LPAR)) {
        if (failed(p)) return NULL;
        py_tok *q = TK(p);
        return perr(p, PY_ERR_SYNTAX, q->lineno, q->col, q->end_lineno, q->end_col, "expected '('");
    }
    adv(p);
    py_arguments *a = parameters(p, 0, T_RPAR);
    if (!a) return NULL;
    if (!accept(p, T_RPAR)) return invalid(p);
    py_expr *ret = NULL;
    if (accept(p, T_RARROW)) {
        ret = expression(p);
        if (!ret) return NULL;
    }
    if (!expect(p, T_COLON)) return NULL;
    s->kind = async ? PY_STMT_ASYNCFUNCTIONDEF : PY_STMT_FUNCTIONDEF;
    s->lineno = start->lineno;
    s->col_offset = start->col;
    s->v.functiondef.name = nm->str;
    s->v.functiondef.args = a;
    s->v.functiondef.returns = ret;
    s->v.functiondef.decorator_list = SEQ(py_expr_seq, *decos);
    s->v.functiondef.body = block(p, "function definition", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.functiondef.body);
    return s;
}

static py_stmt *classdef(P *p, vec *decos)
{
    py_tok *t = adv(p);
    if (!is_tok(p, T_NAME) || TK(p)->kw) return invalid(p);
    py_tok *nm = adv(p);
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    if (is_tok(p, T_LSQB) && type_params(p, &s->v.classdef.type_params)) return NULL;
    if (is_tok(p, T_LPAR)) {
        py_tok *lp = adv(p);
        if (parse_args(p, &s->v.classdef.bases, &s->v.classdef.keywords, 0, lp->lineno, lp->col, NULL))
            return NULL;
    }
    if (!expect(p, T_COLON)) return NULL;
    s->kind = PY_STMT_CLASSDEF;
    s->lineno = t->lineno;
    s->col_offset = t->col;
    s->v.classdef.name = nm->str;
    s->v.classdef.decorator_list = SEQ(py_expr_seq, *decos);
    s->v.classdef.body = block(p, "class definition", t->lineno);
    if (failed(p)) return NULL;
    stmt_end_from_body(s, s->v.classdef.body);
    return s;
}

/* ---- match -------------------------------------------------------------- */

static py_pattern *pattern(P *p);
static py_pattern *closed_pattern(P *p);

static py_pattern *mkp(P *p, py_pattern_kind k, int l, int c)
{
    py_pattern *r = alloc(p, sizeof *r);
    if (!r) return NULL;
    r->kind = k;
    r->lineno = l;
    r->col_offset = c;
    span_end(p, &r->end_lineno, &r->end_col_offset);
    return r;
}

static int is_name_tok(const py_tok *t) { return t->type == T_NAME && !t->kw; }

/* signed_number / complex_number as an expression */
static py_expr *literal_number(P *p)
{
    py_tok *st = TK(p);
    py_expr *e;
    if (is_tok(p, T_MINUS)) {
        adv(p);
        if (!is_tok(p, T_NUMBER)) return invalid(p);
        py_expr *n = number(p);
        if (!n) return NULL;
        e = mk(p, PY_EXPR_UNARYOP, st->lineno, st->col);
        if (!e) return NULL;
        e->v.unaryop.op = PY_UNARY_USUB;
        e->v.unaryop.operand = n;
    } else {
        e = number(p);
        if (!e) return NULL;
    }
    if (is_tok(p, T_PLUS) || is_tok(p, T_MINUS)) {
        py_tok *o = adv(p);
        if (!is_tok(p, T_NUMBER)) return invalid(p);
        py_expr *im = number(p);
        if (!im) return NULL;
        if (im->v.constant.value.kind != PY_CONST_COMPLEX)
            return err_node(p, im, "%s", "imaginary number required in complex literal");
        py_expr *b = mk(p, PY_EXPR_BINOP, st->lineno, st->col);
        if (!b) return NULL;
        b->v.binop.left = e;
        b->v.binop.op = o->type == T_PLUS ? PY_OP_ADD : PY_OP_SUB;
        b->v.binop.right = im;
        e = b;
    }
    return e;
}

static py_expr *name_or_attr(P *p)
{
    py_expr *e = name_expr(p);
    if (!e) return NULL;
    while (is_tok(p, T_DOT) && is_name_tok(TKN(p, 1))) {
        adv(p);
        py_tok *nm = adv(p);
        py_expr *a = mk(p, PY_EXPR_ATTRIBUTE, e->lineno, e->col_offset);
        if (!a) return NULL;
        a->v.attribute.value = e;
        a->v.attribute.attr = nm->str;
        a->v.attribute.ctx = PY_CTX_LOAD;
        e = a;
    }
    return e;
}

static py_pattern *sequence_items(P *p, int close, py_tok *open)
{
    vec v = {0};
    int nstar = 0;
    while (!is_tok(p, close)) {
        py_pattern *x;
        if (is_tok(p, T_STAR)) {
            py_tok *s = adv(p);
            if (!is_name_tok(TK(p))) return invalid(p);
            py_tok *nm = adv(p);
            x = mkp(p, PY_PAT_MATCHSTAR, s->lineno, s->col);
            if (!x) return NULL;
            x->v.matchstar.name = strcmp(nm->str, "_") ? nm->str : NULL;
            if (++nstar > 1)
                return perr(p, PY_ERR_SYNTAX, x->lineno, x->col_offset, x->end_lineno, x->end_col_offset,
                            "multiple starred expressions in sequence pattern");
        } else {
            x = pattern(p);
        }
        if (!x || vpush(p, &v, x)) return NULL;
        if (!accept(p, T_COMMA)) {
            if (close == T_RPAR && v.n == 1 && x->kind != PY_PAT_MATCHSTAR) {
                /* group pattern */
                if (!accept(p, T_RPAR)) return invalid(p);
                return x;
            }
            break;
        }
    }
    if (!accept(p, close)) return invalid(p);
    py_pattern *r = mkp(p, PY_PAT_MATCHSEQUENCE, open->lineno, open->col);
    if (r) r->v.matchsequence.patterns = SEQ(py_pattern_seq, v);
    return r;
}

static py_pattern *mapping_pattern(P *p)
{
    py_tok *open = adv(p);
    vec keys = {0}, pats = {0};
    const char *rest = NULL;
    while (!is_tok(p, T_RBRACE)) {
        if (accept(p, T_DOUBLESTAR)) {
            if (!is_name_tok(TK(p))) return invalid(p);
            rest = adv(p)->str;
            accept(p, T_COMMA);
            break;
        }
        py_expr *k;
        py_tok *t = TK(p);
        if (t->type == T_NUMBER || t->type == T_MINUS) k = literal_number(p);
        else if (t->type == T_STRING || t->type == T_FSTRING_START) k = atom_strings(p);
        else if (t->type == T_NAME && (t->kw == KW_NONE_ || t->kw == KW_TRUE || t->kw == KW_FALSE))
            k = const_expr(p, t->kw == KW_NONE_ ? PY_CONST_NONE : t->kw == KW_TRUE ? PY_CONST_TRUE : PY_CONST_FALSE);
        else if (is_name_tok(t) && TKN(p, 1)->type == T_DOT) k = name_or_attr(p);
        else return invalid(p);
        if (!k) return NULL;
        if (!expect(p, T_COLON)) return NULL;
        py_pattern *v = pattern(p);
        if (!v) return NULL;
        if (vpush(p, &keys, k) || vpush(p, &pats, v)) return NULL;
        if (!accept(p, T_COMMA)) break;
    }
    if (!accept(p, T_RBRACE)) return invalid(p);
    py_pattern *r = mkp(p, PY_PAT_MATCHMAPPING, open->lineno, open->col);
    if (!r) return NULL;
    r->v.matchmapping.keys = SEQ(py_expr_seq, keys);
    r->v.matchmapping.patterns = SEQ(py_pattern_seq, pats);
    r->v.matchmapping.rest = rest;
    return r;
}

static py_pattern *class_pattern(P *p, py_expr *cls)
{
    adv(p); /* '(' */
    vec pos = {0}, kn = {0}, kp = {0};
    while (!is_tok(p, T_RPAR)) {
        if (is_name_tok(TK(p)) && TKN(p, 1)->type == T_EQUAL) {
            py_tok *nm = adv(p);
            adv(p);
            py_pattern *v = pattern(p);
            if (!v) return NULL;
            if (vpush(p, &kn, (void *)nm->str) || vpush(p, &kp, v)) return NULL;
        } else {
            py_pattern *v = pattern(p);
            if (!v) return NULL;
            if (kn.n)
                return perr(p, PY_ERR_SYNTAX, v->lineno, v->col_offset, v->end_lineno, v->end_col_offset,
                            "positional patterns follow keyword patterns");
            if (vpush(p, &pos, v)) return NULL;
        }
        if (!accept(p, T_COMMA)) break;
    }
    if (!accept(p, T_RPAR)) return invalid(p);
    py_pattern *r = mkp(p, PY_PAT_MATCHCLASS, cls->lineno, cls->col_offset);
    if (!r) return NULL;
    r->v.matchclass.cls = cls;
    r->v.matchclass.patterns = SEQ(py_pattern_seq, pos);
    r->v.matchclass.kwd_attrs = SEQ(py_ident_seq, kn);
    r->v.matchclass.kwd_patterns = SEQ(py_pattern_seq, kp);
    return r;
}

static py_pattern *closed_pattern(P *p)
{
    py_tok *t = TK(p);
    if (enter(p)) return NULL;
    py_pattern *r = NULL;
    if (t->type == T_NUMBER || t->type == T_MINUS) {
        py_expr *e = literal_number(p);
        if (e && (r = mkp(p, PY_PAT_MATCHVALUE, t->lineno, t->col))) r->v.matchvalue.value = e;
    } else if (t->type == T_STRING || t->type == T_FSTRING_START) {
        py_expr *e = atom_strings(p);
        if (e && (r = mkp(p, PY_PAT_MATCHVALUE, t->lineno, t->col))) r->v.matchvalue.value = e;
    } else if (t->type == T_NAME && (t->kw == KW_NONE_ || t->kw == KW_TRUE || t->kw == KW_FALSE)) {
        adv(p);
        if ((r = mkp(p, PY_PAT_MATCHSINGLETON, t->lineno, t->col)))
            r->v.matchsingleton.value.kind = t->kw == KW_NONE_ ? PY_CONST_NONE : t->kw == KW_TRUE ? PY_CONST_TRUE : PY_CONST_FALSE;
    } else if (is_name_tok(t)) {
        if (TKN(p, 1)->type == T_DOT || TKN(p, 1)->type == T_LPAR) {
            py_expr *e = name_or_attr(p);
            if (e) {
                if (is_tok(p, T_LPAR)) r = class_pattern(p, e);
                else if (e->kind == PY_EXPR_NAME) r = invalid(p);
                else if ((r = mkp(p, PY_PAT_MATCHVALUE, t->lineno, t->col))) r->v.matchvalue.value = e;
            }
        } else {
            adv(p);
            if ((r = mkp(p, PY_PAT_MATCHAS, t->lineno, t->col)))
                r->v.matchas.name = strcmp(t->str, "_") ? t->str : NULL;
        }
    } else if (t->type == T_LPAR) {
        adv(p);
        r = sequence_items(p, T_RPAR, t);
    } else if (t->type == T_LSQB) {
        adv(p);
        r = sequence_items(p, T_RSQB, t);
    } else if (t->type == T_LBRACE) {
        r = mapping_pattern(p);
    } else {
        r = invalid(p);
    }
    LEAVE(p);
    return r;
}

static py_pattern *or_pattern(P *p)
{
    py_tok *st = TK(p);
    py_pattern *first = closed_pattern(p);
    if (!first || !is_tok(p, T_VBAR)) return first;
    vec v = {0};
    if (vpush(p, &v, first)) return NULL;
    while (accept(p, T_VBAR)) {
        py_pattern *x = closed_pattern(p);
        if (!x || vpush(p, &v, x)) return NULL;
    }
    py_pattern *r = mkp(p, PY_PAT_MATCHOR, st->lineno, st->col);
    if (r) r->v.matchor.patterns = SEQ(py_pattern_seq, v);
    return r;
}

static py_pattern *pattern(P *p)
{
    py_tok *st = TK(p);
    py_pattern *o = or_pattern(p);
    if (!o || !is_kw(p, KW_AS)) return o;
    adv(p);
    if (!is_name_tok(TK(p))) return invalid(p);
    py_tok *nm = adv(p);
    if (!strcmp(nm->str, "_"))
        return perr(p, PY_ERR_SYNTAX, nm->lineno, nm->col, nm->end_lineno, nm->end_col, "cannot use '_' as a target");
    py_pattern *r = mkp(p, PY_PAT_MATCHAS, st->lineno, st->col);
    if (!r) return NULL;
    r->v.matchas.pattern = o;
    r->v.matchas.name = nm->str;
    return r;
}

/* patterns: open_sequence_pattern | pattern */
static py_pattern *patterns(P *p)
{
    py_tok *st = TK(p);
    py_pattern *first;
    if (is_tok(p, T_STAR)) {
        py_tok *s = adv(p);
        if (!is_name_tok(TK(p))) return invalid(p);
        py_tok *nm = adv(p);
        first = mkp(p, PY_PAT_MATCHSTAR, s->lineno, s->col);
        if (!first) return NULL;
        first->v.matchstar.name = strcmp(nm->str, "_") ? nm->str : NULL;
        if (!is_tok(p, T_COMMA)) {
            py_pattern *r = mkp(p, PY_PAT_MATCHSEQUENCE, st->lineno, st->col);
            if (!r) return NULL;
            py_pattern **a = alloc(p, sizeof *a);
            if (!a) return NULL;
            a[0] = first;
            r->v.matchsequence.patterns.items = a;
            r->v.matchsequence.patterns.n = 1;
            return r;
        }
    } else {
        first = pattern(p);
    }
    if (!first || !is_tok(p, T_COMMA)) return first;
    vec v = {0};
    if (vpush(p, &v, first)) return NULL;
    while (accept(p, T_COMMA)) {
        if (is_tok(p, T_COLON) || is_kw(p, KW_IF)) break;
        py_pattern *x;
        if (is_tok(p, T_STAR)) {
            py_tok *s = adv(p);
            if (!is_name_tok(TK(p))) return invalid(p);
            py_tok *nm = adv(p);
            x = mkp(p, PY_PAT_MATCHSTAR, s->lineno, s->col);
            if (x) x->v.matchstar.name = strcmp(nm->str, "_") ? nm->str : NULL;
        } else x = pattern(p);
        if (!x || vpush(p, &v, x)) return NULL;
    }
    py_pattern *r = mkp(p, PY_PAT_MATCHSEQUENCE, st->lineno, st->col);
    if (r) r->v.matchsequence.patterns = SEQ(py_pattern_seq, v);
    return r;
}

static py_expr *subject_expr(P *p)
{
    py_tok *st = TK(p);
    py_expr *first = star_named_expression(p);
    if (!first) return NULL;
    if (!is_tok(p, T_COMMA)) {
        if (first->kind == PY_EXPR_STARRED) return invalid(p);
        return first;
    }
    return tuple_of(p, st, first, star_named_expression, stop_expr);
}

static py_stmt *match_stmt(P *p)
{
    /* speculative: "match" subject ':' NEWLINE */
    size_t save = p->pos;
    sk_arena_mark m = sk_arena_save(p->ar);
    py_syntax_error tmp, *real = p->err;
    memset(&tmp, 0, sizeof tmp);
    p->err = &tmp;
    py_tok *t = adv(p);
    py_expr *subj = NULL;
    int ok = !is_tok(p, T_EQUAL) && !is_tok(p, T_DOT) && (starts_expr(TK(p)) || is_tok(p, T_STAR) ||
                                                          is_name_tok(TK(p)));
    if (ok) {
        subj = subject_expr(p);
        ok = subj && is_tok(p, T_COLON) && TKN(p, 1)->type == T_NEWLINE;
    }
    p->err = real;
    if (tmp.kind == PY_ERR_LIMIT || tmp.kind == PY_ERR_MEMORY || tmp.kind == PY_ERR_TOO_COMPLEX) {
        *real = tmp;
        return NULL;
    }
    if (!ok) {
        p->pos = save;
        sk_arena_restore(p->ar, m);
        return NULL;   /* not a match statement; no error */
    }
    adv(p); /* ':' */
    adv(p); /* NEWLINE */
    if (!accept(p, T_INDENT)) {
        py_tok *q = TK(p);
        return perr(p, PY_ERR_INDENTATION, q->lineno, q->col, q->end_lineno, q->end_col,
                    "expected an indented block after 'match' statement on line %d", t->lineno);
    }
    vec cases = {0};
    while (is_soft(TK(p), "case")) {
        py_tok *c = adv(p);
        py_match_case *mc = alloc(p, sizeof *mc);
        if (!mc) return NULL;
        mc->pattern = patterns(p);
        if (!mc->pattern) return NULL;
        if (accept_kw(p, KW_IF)) {
            mc->guard = named_expression(p);
            if (!mc->guard) return NULL;
        }
        if (!expect(p, T_COLON)) return NULL;
        mc->body = block(p, "'case' statement", c->lineno);
        if (failed(p)) return NULL;
        if (vpush(p, &cases, mc)) return NULL;
    }
    if (cases.n == 0) return invalid(p);
    if (!accept(p, T_DEDENT) && !is_tok(p, T_ENDMARKER)) return invalid(p);
    py_stmt *s = alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = PY_STMT_MATCH;
    s->lineno = t->lineno;
    s->col_offset = t->col;
    s->v.match.subject = subj;
    s->v.match.cases = SEQ(py_match_case_seq, cases);
    stmt_end_from_body(s, last->body);
    return s;
}

/* ---- statement dispatch ------------------------------------------------- */

static py_stmt *compound(P *p, int *handled)
{
    py_tok *t = TK(p);
    *handled = 1;
    if (t->type == T_AT) {
        vec decos = {0};
        while (accept(p, T_AT)) {
            py_expr *d = named_expression(p);
            if (!d || vpush(p, &decos, d)) return NULL;
            if (!expect(p, T_NEWLINE)) return NULL;
        }
        py_tok *st = TK(p);
        if (is_kw(p, KW_DEF)) return funcdef(p, st, 0, &decos);
        if (is_kw(p, KW_ASYNC) && TKN(p, 1)->kw == KW_DEF) { adv(p); return funcdef(p, st, 1, &decos); }
        if (is_kw(p, KW_CLASS)) return classdef(p, &decos);
        return invalid(p);
    }
    if (t->type == T_NAME) {
        vec none = {0};
        switch (t->kw) {
        case KW_IF: return if_stmt(p, 0);
        case KW_WHILE: return while_stmt(p);
        case KW_FOR: return for_stmt(p, t, 0);
        case KW_WITH: return with_stmt(p, t, 0);
        case KW_TRY: return try_stmt(p);
        case KW_DEF: return funcdef(p, t, 0, &none);
        case KW_CLASS: return classdef(p, &none);
        case KW_ASYNC: {
            py_tok *n1 = TKN(p, 1);
            adv(p);
            if (n1->kw == KW_DEF) return funcdef(p, t, 1, &none);
            if (n1->kw == KW_FOR) return for_stmt(p, t, 1);
            if (n1->kw == KW_WITH) return with_stmt(p, t, 1);
            return invalid(p);
        }
        case KW_NONE:
            if (!strcmp(t->str, "match")) {
                py_stmt *s = match_stmt(p);
                if (s || failed(p)) return s;
            }
            break;
        default:
            break;
        }
    }
    *handled = 0;
    return NULL;
}

/* One statement (compound, or a line of simple statements) appended to out. */
static py_stmt *statement_list(P *p, vec *out)
{
    int handled;
    if (enter(p)) return NULL;
    py_stmt *s = compound(p, &handled);
    if (handled) {
        LEAVE(p);
        if (!s || vpush(p, out, s)) return NULL;
        return s;
    }
    if (is_tok(p, T_INDENT)) { LEAVE(p); return invalid(p); }
    int r = simple_stmts(p, out);
    LEAVE(p);
    return r ? NULL : (py_stmt *)1;
}

static int statements_until_dedent(P *p, vec *out)
{
    while (!is_tok(p, T_DEDENT) && !is_tok(p, T_ENDMARKER)) {
        if (!statement_list(p, out)) return -1;
    }
    return 0;
}

/* ---- entry points ------------------------------------------------------- */

const char *py_error_kind_name(py_error_kind k)
{
    switch (k) {
    case PY_ERR_NONE: return "";
    case PY_ERR_SYNTAX: return "SyntaxError";
    case PY_ERR_INDENTATION: return "IndentationError";
    case PY_ERR_TAB: return "TabError";
    case PY_ERR_LIMIT: return "ResourceLimit";
    case PY_ERR_MEMORY: return "MemoryError";
    case PY_ERR_TOO_COMPLEX: return "MemoryError";
    }
    return "SyntaxError";
}

static int setup(P *p, sk_arena *ar, const char *src, size_t len, const py_parse_opts *opts,
                 py_syntax_error *err)
{
    memset(p, 0, sizeof *p);
    memset(err, 0, sizeof *err);
    p->ar = ar;
    p->err = err;
    p->max_depth = opts && opts->max_depth ? opts->max_depth : 200;
    p->stack_limit = opts ? opts->stack_limit : NULL;
    uint64_t fuel = opts ? opts->fuel : 0;
    py_toks toks;
    if (py_lex(ar, src, len, &toks, fuel ? &fuel : NULL, err)) return -1;
    if (toks.deferred) {
        p->lexerr = *err;
        p->has_lexerr = 1;
        memset(err, 0, sizeof *err);
    }
    p->t = toks.v;
    p->n = toks.n;
    p->src = toks.src;
    p->srclen = toks.len;
    p->fuel = fuel;
    if (opts && opts->fuel && fuel == 0) {
        perr(p, PY_ERR_LIMIT, 0, -1, 0, -1, "parser operations");
        return -1;
    }
    return 0;
}

py_mod *py_parse(sk_arena *ar, const char *src, size_t len, const py_parse_opts *opts,
                 py_syntax_error *err)
{
    P p;
    if (setup(&p, ar, src, len, opts, err)) return NULL;
    int mode = opts ? opts->mode : PY_MODE_EXEC;
    py_mod *m = alloc(&p, sizeof *m);
    if (!m) return NULL;
    if (mode == PY_MODE_EVAL) {
        while (accept(&p, T_NEWLINE)) {}
        py_expr *e = is_kw(&p, KW_YIELD) ? yield_expr(&p) : star_expressions(&p);
        if (!e) return NULL;
        while (accept(&p, T_NEWLINE)) {}
        if (!is_tok(&p, T_ENDMARKER)) { invalid(&p); return NULL; }
        m->kind = PY_MOD_EXPRESSION;
        m->v.expression.body = e;
        return m;
    }
    vec v = {0};
    if (mode == PY_MODE_SINGLE) {
        while (accept(&p, T_NEWLINE)) {}
        if (!is_tok(&p, T_ENDMARKER)) {
            if (!statement_list(&p, &v)) return NULL;
            while (accept(&p, T_NEWLINE) || accept(&p, T_DEDENT)) {}
            if (!is_tok(&p, T_ENDMARKER)) {
                py_tok *t = TK(&p);
                perr(&p, PY_ERR_SYNTAX, t->lineno, t->col, t->end_lineno, t->end_col,
                     "multiple statements found while compiling a single statement");
                return NULL;
            }
        }
        m->kind = PY_MOD_INTERACTIVE;
        m->v.interactive.body = SEQ(py_stmt_seq, v);
        return m;
    }
    while (!is_tok(&p, T_ENDMARKER)) {
        if (is_tok(&p, T_DEDENT)) { adv(&p); continue; }
        if (!statement_list(&p, &v)) {
            if (!failed(&p)) invalid(&p);
            return NULL;
        }
    }
    m->kind = PY_MOD_MODULE;
    m->v.module.body = SEQ(py_stmt_seq, v);
    return m;
}

py_expr *py_parse_expr(sk_arena *ar, const char *src, size_t len, const py_parse_opts *opts,
                       py_syntax_error *err)
{
    py_parse_opts o;
    if (opts) o = *opts;
    else memset(&o, 0, sizeof o);
    o.mode = PY_MODE_EVAL;
    py_mod *m = py_parse(ar, src, len, &o, err);
    return m ? m->v.expression.body : NULL;
}
