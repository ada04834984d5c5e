/* parse.c — recursive-descent parser for awk programs, building the AST in
 * the interpreter's arena.  Nesting is bounded by max_ast_depth and the C
 * stack guard; the token count by max_parser_operations (lexer fuel).
 *
 * Precedence, lowest first: ?: and assignment (right), ||, &&, in, ~ !~,
 * relational (and `cmd | getline`), concatenation, + -, * / %, unary ! - +,
 * ^ (right), ++ --, $, grouping.  Inside print/printf arguments an
 * unparenthesised `>` is a redirection, not a comparison. */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "lex.h"

typedef struct parser {
    awk_lexer lx;
    awk_interp *in;
    int depth, max_depth;
    awk_func *fn;            /* the function being parsed, for parameters */
    int failed;
    int loops;               /* enclosing loops (break/continue) */
    int switches;            /* enclosing switch statements (break) */
    int no_gt;               /* print context: `>` is a redirection */
    int no_in;               /* for (...;...;...) init: `in` is not an operator */
    int rule_kind;
} parser;

static awk_node *parse_expr(parser *p);
static awk_node *parse_ternary(parser *p);
static awk_node *parse_concat(parser *p);
static awk_node *parse_unary(parser *p);
static awk_node *parse_postfix(parser *p);
static awk_node *parse_primary(parser *p);
static awk_node *parse_stmt(parser *p);
static awk_node *parse_block(parser *p);
static awk_node *parse_switch(parser *p);
static awk_node *regex_node(parser *p);

/* ---- errors --------------------------------------------------------------- */

static void report(parser *p, size_t at, int line, const char *msg)
{
    if (p->failed) return;
    p->failed = 1;
    awk_interp *in = p->in;
    sk_cmd *c = in->c;
    const char *s = p->lx.src;
    size_t ls = at > p->lx.len ? p->lx.len : at;
    while (ls > 0 && s[ls - 1] != '\n') ls--;
    size_t le = ls;
    while (le < p->lx.len && s[le] != '\n') le++;
    sk_out_flush(&c->out);
    sk_out_printf(&c->err, "%s: %s:%d: %.*s\n", c->name, in->srcname, line, (int)(le - ls), s + ls);
    sk_out_printf(&c->err, "%s: %s:%d: ", c->name, in->srcname, line);
    for (size_t i = ls; i < at && i < le; i++) sk_out_putc(&c->err, s[i] == '\t' ? '\t' : ' ');
    sk_out_printf(&c->err, "^ %s\n", msg);
}

static awk_node *fail(parser *p, const char *msg)
{
    if (p->lx.tok == T_ERROR) msg = p->lx.err;
    report(p, p->lx.tok_start, p->lx.tok_line, msg);
    return NULL;
}

static awk_node *syntax(parser *p) { return fail(p, "syntax error"); }

static int next(parser *p)
{
    int t = awk_lex_next(&p->lx);
    if (t == T_ERROR) fail(p, p->lx.err);
    return t;
}

#define TOK (p->lx.tok)

static int peek(parser *p)
{
    awk_lexer save = p->lx;
    int t = awk_lex_next(&p->lx);
    p->lx = save;
    return t;
}

static void opt_newlines(parser *p)
{
    while (TOK == T_NEWLINE) next(p);
}

static int expect(parser *p, int tok)
{
    if (TOK != tok) { syntax(p); return -1; }
    next(p);
    return 0;
}

static int enter(parser *p)
{
    if (++p->depth > p->max_depth || sk_stack_low(p->in->stack_limit)) {
        fail(p, "program nested too deeply");
        return -1;
    }
    return 0;
}

/* ---- nodes -------------------------------------------------------------------- */

static awk_node *mk(parser *p, int op)
{
    awk_node *n = sk_arena_zalloc(&p->in->ar, sizeof *n);
    if (!n) { fail(p, "out of memory"); return NULL; }
    n->op = (uint8_t)op;
    n->line = p->lx.tok_line;
    return n;
}

static awk_node *mk2(parser *p, int op, awk_node *a, awk_node *b)
{
    if (!a || !b || p->failed) return NULL;
    awk_node *n = mk(p, op);
    if (n) { n->a = a; n->b = b; n->line = a->line; }
    return n;
}

int awk_global_slot(awk_interp *in, const char *name, int create)
{
    awk_prog *pr = &in->prog;
    for (int i = 0; i < pr->nglobals; i++)
        if (!strcmp(pr->gnames[i], name)) return i;
    if (!create) return -1;
    if (pr->nglobals == pr->gcap) {
        int ncap = pr->gcap ? pr->gcap * 2 : 64;
        char **g = sk_realloc(in->a, pr->gnames, (size_t)ncap * sizeof *g);
        if (!g) return -1;
        pr->gnames = g;
        pr->gcap = ncap;
    }
    char *copy = sk_arena_strndup(&in->ar, name, strlen(name));
    if (!copy) return -1;
    pr->gnames[pr->nglobals] = copy;
    return pr->nglobals++;
}

static int func_index(parser *p, const char *name, size_t len)
{
    awk_prog *pr = &p->in->prog;
    for (int i = 0; i < pr->nfuncs; i++)
        if (strlen(pr->funcs[i].name) == len && !memcmp(pr->funcs[i].name, name, len)) return i;
    if (pr->nfuncs == pr->funcs_cap) {
        int ncap = pr->funcs_cap ? pr->funcs_cap * 2 : 16;
        awk_func *f = sk_realloc(p->in->a, pr->funcs, (size_t)ncap * sizeof *f);
        if (!f) { fail(p, "out of memory"); return -1; }
        pr->funcs = f;
        pr->funcs_cap = ncap;
    }
    awk_func *f = &pr->funcs[pr->nfuncs];
    memset(f, 0, sizeof *f);
    f->name = sk_arena_strndup(&p->in->ar, name, len);
    if (!f->name) { fail(p, "out of memory"); return -1; }
    return pr->nfuncs++;
}

static int is_func_name(parser *p, const char *name, size_t len)
{
    awk_prog *pr = &p->in->prog;
    for (int i = 0; i < pr->nfuncs; i++)
        if (strlen(pr->funcs[i].name) == len && !memcmp(pr->funcs[i].name, name, len)) return 1;
    return 0;
}

/* A variable reference for the current NAME token. */
static awk_node *var_node(parser *p)
{
    char name[256];
    size_t len = p->lx.namelen;
    if (len >= sizeof name) return fail(p, "name too long");
    memcpy(name, p->lx.name, len);
    name[len] = 0;
    if (p->fn) {
        for (int i = 0; i < p->fn->nparams; i++)
            if (!strcmp(p->fn->params[i], name)) {
                awk_node *n = mk(p, N_LVAR);
                if (n) n->u.slot = i;
                return n;
            }
    }
    if (is_func_name(p, name, len)) return fail(p, "attempt to use function name as a variable");
    int slot = awk_global_slot(p->in, name, 1);
    if (slot < 0) return fail(p, "out of memory");
    if (slot == G_RT) p->in->prog.uses_rt = 1;
    awk_node *n = mk(p, N_GVAR);
    if (n) n->u.slot = slot;
    return n;
}

static int is_lvalue(awk_node *n)
{
    return n && (n->op == N_GVAR || n->op == N_LVAR || n->op == N_INDEX || n->op == N_FIELD);
}

/* ---- expressions ------------------------------------------------------------------ */

/* expr_list until `close`; returns the first node, count in *n. */
static awk_node *expr_list(parser *p, int close, int *count)
{
    awk_node *head = NULL, **tail = &head;
    *count = 0;
    int save_gt = p->no_gt, save_in = p->no_in;
    p->no_gt = p->no_in = 0;
    opt_newlines(p);
    if (TOK != close) {
        for (;;) {
            awk_node *e = parse_expr(p);
            if (!e) return NULL;
            *tail = e;
            tail = &e->next;
            (*count)++;
            opt_newlines(p);
            if (TOK != T_COMMA) break;
            next(p);
            opt_newlines(p);
        }
    }
    p->no_gt = save_gt;
    p->no_in = save_in;
    if (TOK != close) return syntax(p);
    next(p);
    if (!head) {
        /* an empty list is valid: return a marker the caller ignores */
        awk_node *m = mk(p, N_GROUP);
        if (m) m->nargs = 0;
        return m;
    }
    return head;
}

static awk_node *regex_node(parser *p)
{
    if (awk_lex_regex(&p->lx) != T_ERE) return fail(p, p->lx.err);
    awk_node *n = mk(p, N_REGEX);
    if (!n) return NULL;
    n->u.str = p->lx.str;
    char msg[160];
    if (awk_re_compile(p->in, n->u.str->s, n->u.str->len, 0, &n->re, msg, sizeof msg)) {
        return fail(p, msg);
    }
    awk_prog *pr = &p->in->prog;
    if (pr->nrelits == pr->relcap) {
        int ncap = pr->relcap ? pr->relcap * 2 : 16;
        awk_re **l = sk_realloc(p->in->a, pr->relits, (size_t)ncap * sizeof *l);
        if (!l) {
            awk_re_free(p->in, n->re);
            return fail(p, "out of memory");
        }
        pr->relits = l;
        pr->relcap = ncap;
    }
    pr->relits[pr->nrelits++] = n->re;
    next(p);
    return n;
}

static awk_node *subscript(parser *p, awk_node *var)
{
    /* TOK == '[' */
    next(p);
    int count;
    awk_node *subs = expr_list(p, T_RBRACKET, &count);
    if (!subs) return NULL;
    if (count == 0) return syntax(p);
    awk_node *n = mk(p, N_INDEX);
    if (!n) return NULL;
    n->a = var;
    n->b = subs;
    n->nargs = (uint16_t)count;
    n->line = var->line;
    return n;
}

/* NAME, NAME[...], or $expr: an lvalue after getline, ++, --. */
static awk_node *parse_lvalue(parser *p)
{
    if (TOK == T_DOLLAR) {
        next(p);
        awk_node *e;
        if (TOK == T_INCR || TOK == T_DECR) {
            int op = TOK == T_INCR ? N_PREINC : N_PREDEC;
            next(p);
            awk_node *lv = parse_lvalue(p);
            if (!lv) return NULL;
            e = mk(p, op);
            if (e) e->a = lv;
        } else {
            e = parse_primary(p);
        }
        if (!e) return NULL;
        awk_node *f = mk(p, N_FIELD);
        if (f) f->a = e;
        return f;
    }
    if (TOK != T_NAME) return syntax(p);
    awk_node *v = var_node(p);
    if (!v) return NULL;
    next(p);
    if (TOK == T_LBRACKET) return subscript(p, v);
    return v;
}

static awk_node *parse_getline_simple(parser *p)
{
    /* TOK == T_GETLINE */
    awk_node *n = mk(p, N_GETLINE);
    if (!n) return NULL;
    next(p);
    p->in->prog.uses_getline = 1;
    if (TOK == T_NAME || TOK == T_DOLLAR) {
        n->a = parse_lvalue(p);
        if (!n->a) return NULL;
    }
    n->sub = GL_PLAIN;
    if (TOK == T_LT) {
        next(p);
        n->sub = GL_FILE;
        n->b = parse_postfix(p);
        if (!n->b) return NULL;
    }
    return n;
}

static awk_node *call_args(parser *p, awk_node *n)
{
    /* TOK == '(' */
    next(p);
    int count;
    awk_node *args = expr_list(p, T_RPAREN, &count);
    if (!args) return NULL;
    n->a = count ? args : NULL;
    n->nargs = (uint16_t)count;
    return n;
}

static awk_node *parse_primary(parser *p)
{
    if (p->failed) return NULL;
    if (enter(p)) return NULL;
    awk_node *n = NULL;
    switch (TOK) {
    case T_NUMBER:
        n = mk(p, N_NUM);
        if (n) n->u.num = p->lx.num;
        next(p);
        break;
    case T_STRING:
        n = mk(p, N_STR);
        if (n) n->u.str = p->lx.str;
        next(p);
        break;
    case T_SLASH:
    case T_DIV_ASSIGN:
        n = regex_node(p);
        break;
    case T_LPAREN: {
        next(p);
        int count;
        awk_node *list = expr_list(p, T_RPAREN, &count);
        if (!list) break;
        if (count == 0) { syntax(p); break; }
        if (count == 1) {
            /* keep a marker so `print (a) > "f"` style grouping is known */
            n = mk(p, N_GROUP);
            if (n) { n->a = list; n->nargs = 1; n->line = list->line; }
            break;
        }
        if (TOK == T_IN) {
            next(p);
            if (TOK != T_NAME) { syntax(p); break; }
            awk_node *arr = var_node(p);
            next(p);
            n = mk(p, N_IN);
            if (n && arr) { n->a = list; n->b = arr; n->nargs = (uint16_t)count; }
            break;
        }
        n = mk(p, N_GROUP);
        if (n) { n->a = list; n->nargs = (uint16_t)count; }
        break;
    }
    case T_DOLLAR: {
        next(p);
        awk_node *e;
        if (TOK == T_INCR || TOK == T_DECR) {
            int op = TOK == T_INCR ? N_PREINC : N_PREDEC;
            next(p);
            awk_node *lv = parse_lvalue(p);
            e = lv ? mk(p, op) : NULL;
            if (e) e->a = lv;
        } else if (TOK == T_MINUS || TOK == T_PLUS || TOK == T_NOT) {
            int op = TOK == T_MINUS ? N_NEG : TOK == T_PLUS ? N_PLUS : N_NOT;
            next(p);
            awk_node *x = parse_primary(p);
            e = x ? mk(p, op) : NULL;
            if (e) e->a = x;
        } else {
            e = parse_primary(p);
        }
        if (!e) break;
        n = mk(p, N_FIELD);
        if (n) { n->a = e; n->line = e->line; }
        break;
    }
    case T_NOT: case T_MINUS: case T_PLUS:
        n = parse_unary(p);
        break;
    case T_INCR: case T_DECR: {
        int op = TOK == T_INCR ? N_PREINC : N_PREDEC;
        next(p);
        awk_node *lv = parse_lvalue(p);
        if (!lv) break;
        n = mk(p, op);
        if (n) n->a = lv;
        break;
    }
    case T_NAME: {
        awk_node *v = var_node(p);
        if (!v) break;
        next(p);
        n = TOK == T_LBRACKET ? subscript(p, v) : v;
        break;
    }
    case T_FUNC_NAME: {
        int fi = func_index(p, p->lx.name, p->lx.namelen);
        if (fi < 0) break;
        if (p->fn) {
            for (int i = 0; i < p->fn->nparams; i++)
                if (strlen(p->fn->params[i]) == p->lx.namelen &&
                    !memcmp(p->fn->params[i], p->lx.name, p->lx.namelen)) {
                    fail(p, "attempt to use a parameter as a function");
                    goto out;
                }
        }
        char name[256];
        if (p->lx.namelen < sizeof name) {
            memcpy(name, p->lx.name, p->lx.namelen);
            name[p->lx.namelen] = 0;
            int gi = awk_global_slot(p->in, name, 0);
            if (gi >= 0) { fail(p, "attempt to use a variable as a function"); break; }
        }
        n = mk(p, N_CALL);
        if (!n) break;
        n->u.slot = fi;
        next(p);
        n = call_args(p, n);
        break;
    }
    case T_BUILTIN: {
        int id = p->lx.builtin;
        n = mk(p, N_BUILTIN);
        if (!n) break;
        n->sub = (uint8_t)id;
        next(p);
        if (TOK == T_LPAREN) {
            n = call_args(p, n);
        } else if (id != B_LENGTH) {
            syntax(p);
            n = NULL;
            break;
        }
        if (!n) break;
        const awk_builtin_info *bi = awk_builtin_by_id(id);
        if (bi && (n->nargs < bi->min || n->nargs > bi->max)) {
            char msg[96];
            snprintf(msg, sizeof msg, "%d is invalid as number of arguments for %s", n->nargs, bi->name);
            fail(p, msg);
            n = NULL;
        }
        break;
    }
    case T_GETLINE:
        n = parse_getline_simple(p);
        break;
    default:
        syntax(p);
        break;
    }
out:
    p->depth--;
    return p->failed ? NULL : n;
}

static awk_node *parse_postfix(parser *p)
{
    awk_node *n = parse_primary(p);
    if (!n) return NULL;
    if ((TOK == T_INCR || TOK == T_DECR) && is_lvalue(n)) {
        awk_node *m = mk(p, TOK == T_INCR ? N_POSTINC : N_POSTDEC);
        if (!m) return NULL;
        m->a = n;
        m->line = n->line;
        next(p);
        return m;
    }
    return n;
}

/* The right operand of ^: may carry unary signs. */
static awk_node *parse_pow_rhs(parser *p);

static awk_node *parse_pow(parser *p)
{
    awk_node *n = parse_postfix(p);
    if (!n) return NULL;
    if (TOK == T_CARET) {
        next(p);
        if (enter(p)) return NULL;
        awk_node *r = parse_pow_rhs(p);
        p->depth--;
        return mk2(p, N_POW, n, r);
    }
    return n;
}

static awk_node *parse_pow_rhs(parser *p)
{
    if (TOK == T_MINUS || TOK == T_PLUS || TOK == T_NOT) {
        int op = TOK == T_MINUS ? N_NEG : TOK == T_PLUS ? N_PLUS : N_NOT;
        next(p);
        if (enter(p)) return NULL;
        awk_node *x = parse_pow_rhs(p);
        p->depth--;
        if (!x) return NULL;
        awk_node *n = mk(p, op);
        if (n) n->a = x;
        return n;
    }
    return parse_pow(p);
}

static awk_node *parse_unary(parser *p)
{
    if (TOK == T_NOT || TOK == T_MINUS || TOK == T_PLUS) {
        int op = TOK == T_NOT ? N_NOT : TOK == T_MINUS ? N_NEG : N_PLUS;
        next(p);
        if (enter(p)) return NULL;
        awk_node *x = parse_unary(p);
        p->depth--;
        if (!x) return NULL;
        if (op == N_NEG && x->op == N_NUM) { x->u.num = -x->u.num; return x; }
        awk_node *n = mk(p, op);
        if (n) { n->a = x; n->line = x->line; }
        return n;
    }
    return parse_pow(p);
}

static awk_node *parse_mul(parser *p)
{
    awk_node *n = parse_unary(p);
    while (n && (TOK == T_STAR || TOK == T_SLASH || TOK == T_PERCENT)) {
        int op = TOK == T_STAR ? N_MUL : TOK == T_SLASH ? N_DIV : N_MOD;
        next(p);
        n = mk2(p, op, n, parse_unary(p));
    }
    return n;
}

static awk_node *parse_additive(parser *p)
{
    awk_node *n = parse_mul(p);
    while (n && (TOK == T_PLUS || TOK == T_MINUS)) {
        int op = TOK == T_PLUS ? N_ADD : N_SUB;
        next(p);
        n = mk2(p, op, n, parse_mul(p));
    }
    return n;
}

static int starts_concat(parser *p)
{
    switch (TOK) {
    case T_NUMBER: case T_STRING: case T_NAME: case T_FUNC_NAME: case T_BUILTIN:
    case T_DOLLAR: case T_LPAREN: case T_NOT: case T_INCR: case T_DECR:
        return 1;
    case T_MINUS: case T_PLUS:
        return 0;
    case T_IN:
        return 0;
    default:
        return 0;
    }
}

static awk_node *parse_concat(parser *p)
{
    awk_node *n = parse_additive(p);
    while (n && starts_concat(p)) {
        if (TOK == T_NOT && peek(p) == T_MATCH) break;
        n = mk2(p, N_CONCAT, n, parse_additive(p));
    }
    return n;
}

static awk_node *pipe_getline(parser *p, awk_node *cmd)
{
    /* TOK == '|', next is getline */
    next(p);
    awk_node *n = mk(p, N_GETLINE);
    if (!n) return NULL;
    next(p);
    p->in->prog.uses_getline = 1;
    n->sub = GL_CMD;
    n->b = cmd;
    n->line = cmd->line;
    if (TOK == T_NAME || TOK == T_DOLLAR) {
        n->a = parse_lvalue(p);
        if (!n->a) return NULL;
    }
    return n;
}

static awk_node *parse_rel(parser *p)
{
    awk_node *n = parse_concat(p);
    for (;;) {
        if (!n) return NULL;
        if (TOK == T_PIPE && peek(p) == T_GETLINE) {
            n = pipe_getline(p, n);
            continue;
        }
        int op;
        switch (TOK) {
        case T_LT: op = N_LT; break;
        case T_LE: op = N_LE; break;
        case T_NE: op = N_NE; break;
        case T_EQ: op = N_EQ; break;
        case T_GE: op = N_GE; break;
        case T_GT:
            if (p->no_gt) return n;
            op = N_GT;
            break;
        default: return n;
        }
        next(p);
        n = mk2(p, op, n, parse_concat(p));
    }
}

static awk_node *parse_match(parser *p)
{
    awk_node *n = parse_rel(p);
    while (n && (TOK == T_MATCH || TOK == T_NOMATCH)) {
        int op = TOK == T_MATCH ? N_MATCH : N_NOMATCH;
        next(p);
        n = mk2(p, op, n, parse_rel(p));
    }
    return n;
}

static awk_node *parse_in(parser *p)
{
    awk_node *n = parse_match(p);
    while (n && TOK == T_IN && !p->no_in) {
        next(p);
        if (TOK != T_NAME) return syntax(p);
        awk_node *arr = var_node(p);
        if (!arr) return NULL;
        next(p);
        awk_node *m = mk(p, N_IN);
        if (!m) return NULL;
        m->a = n;
        m->b = arr;
        m->nargs = 1;
        m->line = n->line;
        n = m;
    }
    return n;
}

static awk_node *parse_and(parser *p)
{
    awk_node *n = parse_in(p);
    while (n && TOK == T_AND) {
        next(p);
        opt_newlines(p);
        n = mk2(p, N_AND, n, parse_in(p));
    }
    return n;
}

static awk_node *parse_or(parser *p)
{
    awk_node *n = parse_and(p);
    while (n && TOK == T_OR) {
        next(p);
        opt_newlines(p);
        n = mk2(p, N_OR, n, parse_and(p));
    }
    return n;
}

static awk_node *parse_ternary(parser *p)
{
    awk_node *n = parse_or(p);
    if (!n || TOK != T_QUESTION) return n;
    next(p);
    opt_newlines(p);
    if (enter(p)) return NULL;
    awk_node *a = parse_expr(p);
    opt_newlines(p);
    if (!a || expect(p, T_COLON)) { p->depth--; return NULL; }
    opt_newlines(p);
    awk_node *b = parse_expr(p);
    p->depth--;
    if (!b) return NULL;
    awk_node *m = mk(p, N_COND);
    if (!m) return NULL;
    m->a = n;
    m->b = a;
    m->c = b;
    m->line = n->line;
    return m;
}

static int assign_op(int tok)
{
    switch (tok) {
    case T_ASSIGN: return AS_SET;
    case T_ADD_ASSIGN: return AS_ADD;
    case T_SUB_ASSIGN: return AS_SUB;
    case T_MUL_ASSIGN: return AS_MUL;
    case T_DIV_ASSIGN: return AS_DIV;
    case T_MOD_ASSIGN: return AS_MOD;
    case T_POW_ASSIGN: return AS_POW;
    default: return -1;
    }
}

static awk_node *parse_expr(parser *p)
{
    if (enter(p)) return NULL;
    awk_node *n = parse_ternary(p);
    int op;
    if (n && is_lvalue(n) && (op = assign_op(TOK)) >= 0) {
        next(p);
        opt_newlines(p);
        awk_node *r = parse_expr(p);
        awk_node *m = r ? mk(p, N_ASSIGN) : NULL;
        if (m) {
            m->sub = (uint8_t)op;
            m->a = n;
            m->b = r;
            m->line = n->line;
        }
        n = m;
    }
    p->depth--;
    return p->failed ? NULL : n;
}

/* ---- statements -------------------------------------------------------------------- */

static int end_simple(parser *p)
{
    if (TOK == T_SEMI || TOK == T_NEWLINE) {
        next(p);
        opt_newlines(p);
        return 0;
    }
    if (TOK == T_RBRACE || TOK == T_EOF) return 0;
    syntax(p);
    return -1;
}

static awk_node *parse_print(parser *p)
{
    int op = TOK == T_PRINT ? S_PRINT : S_PRINTF;
    awk_node *n = mk(p, op);
    if (!n) return NULL;
    next(p);
    awk_node *head = NULL, **tail = &head;
    int count = 0;
    if (TOK != T_SEMI && TOK != T_NEWLINE && TOK != T_RBRACE && TOK != T_GT && TOK != T_APPEND &&
        TOK != T_PIPE && TOK != T_EOF) {
        p->no_gt = 1;
        for (;;) {
            awk_node *e = parse_expr(p);
            if (!e) { p->no_gt = 0; return NULL; }
            *tail = e;
            tail = &e->next;
            count++;
            if (TOK != T_COMMA) break;
            next(p);
            opt_newlines(p);
        }
        p->no_gt = 0;
        /* print (a, b): the parenthesised list is the argument list */
        if (count == 1 && head->op == N_GROUP && head->nargs >= 1) {
            count = head->nargs;
            head = head->a;
        }
    }
    n->a = head;
    n->nargs = (uint16_t)count;
    if (TOK == T_GT || TOK == T_APPEND || TOK == T_PIPE || TOK == T_PIPE_AMP) {
        n->sub = TOK == T_GT ? RD_FILE : TOK == T_APPEND ? RD_APPEND : TOK == T_PIPE ? RD_PIPE : RD_COPROC;
        next(p);
        p->no_gt = 1;
        n->b = parse_concat(p);
        p->no_gt = 0;
        if (!n->b) return NULL;
    }
    return n;
}

static awk_node *simple_stmt(parser *p)
{
    awk_node *n = NULL;
    switch (TOK) {
    case T_PRINT:
    case T_PRINTF:
        return parse_print(p);
    case T_NEXT:
    case T_NEXTFILE:
        if (p->rule_kind == R_BEGIN || p->rule_kind == R_END)
            return fail(p, TOK == T_NEXT ? "`next' used in BEGIN or END action"
                                         : "`nextfile' used in BEGIN or END action");
        n = mk(p, TOK == T_NEXT ? S_NEXT : S_NEXTFILE);
        next(p);
        return n;
    case T_EXIT:
    case T_RETURN: {
        int op = TOK == T_EXIT ? S_EXIT : S_RETURN;
        if (op == S_RETURN && !p->fn) return fail(p, "`return' used outside function context");
        n = mk(p, op);
        next(p);
        if (n && TOK != T_SEMI && TOK != T_NEWLINE && TOK != T_RBRACE && TOK != T_EOF) {
            n->a = parse_expr(p);
            if (!n->a) return NULL;
        }
        return n;
    }
    case T_BREAK:
    case T_CONTINUE:
        if (!p->loops && !(TOK == T_BREAK && p->switches))
            return fail(p, TOK == T_BREAK ? "`break' is not allowed outside a loop"
                                          : "`continue' is not allowed outside a loop");
        n = mk(p, TOK == T_BREAK ? S_BREAK : S_CONTINUE);
        next(p);
        return n;
    case T_DELETE: {
        n = mk(p, S_DELETE);
        next(p);
        int paren = 0;
        if (TOK == T_LPAREN) { paren = 1; next(p); }
        if (TOK != T_NAME) return syntax(p);
        awk_node *v = var_node(p);
        if (!v || !n) return NULL;
        next(p);
        n->a = v;
        if (TOK == T_LBRACKET) {
            next(p);
            int count;
            awk_node *subs = expr_list(p, T_RBRACKET, &count);
            if (!subs) return NULL;
            if (!count) return syntax(p);
            n->b = subs;
            n->nargs = (uint16_t)count;
        }
        if (paren && expect(p, T_RPAREN)) return NULL;
        return n;
    }
    default: {
        awk_node *e = parse_expr(p);
        if (!e) return NULL;
        n = mk(p, S_EXPR);
        if (n) { n->a = e; n->line = e->line; }
        return n;
    }
    }
}

static awk_node *parse_simple_opt(parser *p, int close)
{
    if (TOK == close) return NULL;
    return simple_stmt(p);
}

static awk_node *body(parser *p)
{
    opt_newlines(p);
    if (TOK == T_SEMI) {
        next(p);
        awk_node *n = mk(p, S_BLOCK);
        return n;
    }
    p->loops++;
    awk_node *s = parse_stmt(p);
    p->loops--;
    return s;
}

static awk_node *parse_stmt(parser *p)
{
    if (p->failed) return NULL;
    if (enter(p)) return NULL;
    awk_node *n = NULL;
    switch (TOK) {
    case T_LBRACE:
        n = parse_block(p);
        break;
    case T_SEMI:
        n = mk(p, S_BLOCK);
        next(p);
        opt_newlines(p);
        break;
    case T_IF: {
        n = mk(p, S_IF);
        next(p);
        if (expect(p, T_LPAREN)) break;
        opt_newlines(p);
        awk_node *cond = parse_expr(p);
        opt_newlines(p);
        if (!cond || expect(p, T_RPAREN)) break;
        opt_newlines(p);
        awk_node *then;
        if (TOK == T_SEMI) { then = mk(p, S_BLOCK); next(p); }
        else then = parse_stmt(p);
        if (!then || !n) break;
        n->a = cond;
        n->b = then;
        opt_newlines(p);
        if (TOK == T_SEMI) {
            /* `if (c) x; ; else` is not valid, but `if (c) {..}; else` is */
            if (peek(p) == T_ELSE) next(p);
        }
        if (TOK == T_ELSE) {
            next(p);
            opt_newlines(p);
            if (TOK == T_SEMI) { n->c = mk(p, S_BLOCK); next(p); }
            else n->c = parse_stmt(p);
            if (!n->c) n = NULL;
        }
        break;
    }
    case T_WHILE: {
        n = mk(p, S_WHILE);
        next(p);
        if (expect(p, T_LPAREN)) break;
        awk_node *cond = parse_expr(p);
        if (!cond || expect(p, T_RPAREN)) break;
        if (TOK == T_SEMI) { /* while (x); */
            next(p);
            opt_newlines(p);
            if (n) { n->a = cond; n->b = mk(p, S_BLOCK); }
            break;
        }
        awk_node *b = body(p);
        if (!b || !n) { n = NULL; break; }
        n->a = cond;
        n->b = b;
        break;
    }
    case T_DO: {
        n = mk(p, S_DO);
        next(p);
        awk_node *b = body(p);
        if (!b || !n) { n = NULL; break; }
        opt_newlines(p);
        if (TOK == T_SEMI) { next(p); opt_newlines(p); }
        if (expect(p, T_WHILE) || expect(p, T_LPAREN)) { n = NULL; break; }
        awk_node *cond = parse_expr(p);
        if (!cond || expect(p, T_RPAREN)) { n = NULL; break; }
        n->a = cond;
        n->b = b;
        if (end_simple(p)) n = NULL;
        break;
    }
    case T_FOR: {
        next(p);
        if (expect(p, T_LPAREN)) break;
        if (TOK == T_NAME) {
            awk_lexer save = p->lx;
            next(p);
            int is_in = TOK == T_IN;
            p->lx = save;
            if (is_in) {
                awk_node *v = var_node(p);
                next(p);   /* name */
                next(p);   /* in */
                if (TOK != T_NAME) { syntax(p); break; }
                awk_node *arr = var_node(p);
                next(p);
                if (!v || !arr || expect(p, T_RPAREN)) break;
                awk_node *b = body(p);
                if (!b) break;
                n = mk(p, S_FORIN);
                if (n) { n->a = v; n->b = arr; n->c = b; }
                break;
            }
        }
        n = mk(p, S_FOR);
        if (!n) break;
        p->no_in = 0;
        n->a = parse_simple_opt(p, T_SEMI);
        if (p->failed || expect(p, T_SEMI)) { n = NULL; break; }
        opt_newlines(p);
        if (TOK != T_SEMI) {
            n->b = parse_expr(p);
            if (!n->b) { n = NULL; break; }
        }
        if (expect(p, T_SEMI)) { n = NULL; break; }
        opt_newlines(p);
        n->c = parse_simple_opt(p, T_RPAREN);
        if (p->failed || expect(p, T_RPAREN)) { n = NULL; break; }
        if (TOK == T_SEMI) {
            next(p);
            opt_newlines(p);
            n->d = mk(p, S_BLOCK);
            break;
        }
        n->d = body(p);
        if (!n->d) n = NULL;
        break;
    }
    case T_SWITCH:
        n = parse_switch(p);
        break;
    default:
        n = simple_stmt(p);
        if (n && end_simple(p)) n = NULL;
        break;
    }
    p->depth--;
    return p->failed ? NULL : n;
}

/* gawk's switch: case labels are constants (numbers, strings) or regexes;
 * control falls through to the next case until a break. */
static awk_node *parse_switch(parser *p)
{
    awk_node *n = mk(p, S_SWITCH);
    if (!n) return NULL;
    next(p);
    if (expect(p, T_LPAREN)) return NULL;
    n->a = parse_expr(p);
    if (!n->a || expect(p, T_RPAREN)) return NULL;
    opt_newlines(p);
    if (expect(p, T_LBRACE)) return NULL;
    awk_node **tail = &n->b;
    int have_default = 0;
    p->switches++;
    for (;;) {
        while (TOK == T_NEWLINE || TOK == T_SEMI) next(p);
        if (p->failed) break;
        if (TOK == T_RBRACE) { next(p); break; }
        if (TOK != T_CASE && TOK != T_DEFAULT) { syntax(p); break; }
        awk_node *c = mk(p, S_CASE);
        if (!c) break;
        if (TOK == T_DEFAULT) {
            if (have_default) { fail(p, "duplicate `default' detected in switch body"); break; }
            have_default = 1;
            next(p);
        } else {
            next(p);
            int neg = 0;
            if (TOK == T_MINUS || TOK == T_PLUS) { neg = TOK == T_MINUS; next(p); }
            if (TOK == T_NUMBER) {
                c->a = mk(p, N_NUM);
                if (c->a) c->a->u.num = neg ? -p->lx.num : p->lx.num;
                next(p);
            } else if (TOK == T_STRING && !neg) {
                c->a = mk(p, N_STR);
                if (c->a) c->a->u.str = p->lx.str;
                next(p);
            } else if ((TOK == T_SLASH || TOK == T_DIV_ASSIGN) && !neg) {
                c->a = regex_node(p);
            } else {
                syntax(p);
                break;
            }
            if (!c->a) break;
        }
        if (expect(p, T_COLON)) break;
        awk_node *blk = mk(p, S_BLOCK);
        if (!blk) break;
        awk_node **st = &blk->a;
        for (;;) {
            while (TOK == T_NEWLINE || TOK == T_SEMI) next(p);
            if (p->failed || TOK == T_CASE || TOK == T_DEFAULT || TOK == T_RBRACE || TOK == T_EOF) break;
            awk_node *sn = parse_stmt(p);
            if (!sn) break;
            *st = sn;
            while (*st) st = &(*st)->next;
        }
        if (p->failed) break;
        c->b = blk;
        *tail = c;
        tail = &c->next;
    }
    p->switches--;
    return p->failed ? NULL : n;
}

static awk_node *parse_block(parser *p)
{
    /* TOK == '{' */
    awk_node *blk = mk(p, S_BLOCK);
    if (!blk) return NULL;
    next(p);
    awk_node **tail = &blk->a;
    for (;;) {
        while (TOK == T_NEWLINE || TOK == T_SEMI) next(p);
        if (p->failed) return NULL;
        if (TOK == T_RBRACE) break;
        if (TOK == T_EOF) return syntax(p);
        awk_node *s = parse_stmt(p);
        if (!s) return NULL;
        *tail = s;
        while (*tail) tail = &(*tail)->next;
    }
    next(p);
    return blk;
}

/* ---- program ----------------------------------------------------------------------- */

static int parse_function(parser *p)
{
    next(p);
    if (TOK != T_NAME && TOK != T_FUNC_NAME) {
        if (TOK == T_BUILTIN) fail(p, "cannot use a builtin function name as a function name");
        else syntax(p);
        return -1;
    }
    char name[256];
    if (p->lx.namelen >= sizeof name) { fail(p, "name too long"); return -1; }
    memcpy(name, p->lx.name, p->lx.namelen);
    name[p->lx.namelen] = 0;
    if (awk_global_slot(p->in, name, 0) >= 0) {
        fail(p, "function name previously used as a variable");
        return -1;
    }
    int fi = func_index(p, name, strlen(name));
    if (fi < 0) return -1;
    awk_func *f = &p->in->prog.funcs[fi];
    if (f->defined) {
        char msg[300];
        snprintf(msg, sizeof msg, "function `%s' previously defined", name);
        fail(p, msg);
        return -1;
    }
    f->line = p->lx.tok_line;
    next(p);
    if (expect(p, T_LPAREN)) return -1;
    char **params = NULL;
    int np = 0, cap = 0;
    opt_newlines(p);
    while (TOK == T_NAME) {
        if (np == cap) {
            cap = cap ? cap * 2 : 8;
            char **nps = sk_arena_alloc(&p->in->ar, (size_t)cap * sizeof *nps);
            if (!nps) { fail(p, "out of memory"); return -1; }
            if (np) memcpy(nps, params, (size_t)np * sizeof *nps);
            params = nps;
        }
        params[np] = sk_arena_strndup(&p->in->ar, p->lx.name, p->lx.namelen);
        if (!params[np]) { fail(p, "out of memory"); return -1; }
        if (!strcmp(params[np], name)) { fail(p, "function name used as a parameter"); return -1; }
        for (int i = 0; i < np; i++)
            if (!strcmp(params[i], params[np])) { fail(p, "duplicate parameter name"); return -1; }
        np++;
        next(p);
        opt_newlines(p);
        if (TOK != T_COMMA) break;
        next(p);
        opt_newlines(p);
    }
    if (expect(p, T_RPAREN)) return -1;
    opt_newlines(p);
    if (TOK != T_LBRACE) { syntax(p); return -1; }
    /* re-fetch: funcs may move while parsing the body (calls add entries) */
    p->in->prog.funcs[fi].params = params;
    p->in->prog.funcs[fi].nparams = np;
    awk_func tmp = p->in->prog.funcs[fi];
    p->fn = &tmp;
    awk_node *b = parse_block(p);
    p->fn = NULL;
    if (!b) return -1;
    f = &p->in->prog.funcs[fi];
    f->body = b;
    f->defined = 1;
    return 0;
}

static int add_rule(parser *p, awk_rule ***tail, int kind, awk_node *p1, awk_node *p2, awk_node *action)
{
    awk_rule *r = sk_arena_zalloc(&p->in->ar, sizeof *r);
    if (!r) { fail(p, "out of memory"); return -1; }
    r->kind = kind;
    r->pat1 = p1;
    r->pat2 = p2;
    r->action = action;
    **tail = r;
    *tail = &r->next;
    if (kind == R_MAIN) p->in->prog.has_main = 1;
    if (kind == R_END) p->in->prog.has_end = 1;
    if (kind == R_BEGINFILE) p->in->prog.has_beginfile = 1;
    if (kind == R_ENDFILE) p->in->prog.has_endfile = 1;
    return 0;
}

int awk_parse(awk_interp *in, const char *src, size_t len, const char *srcname)
{
    parser ps;
    parser *p = &ps;
    memset(p, 0, sizeof *p);
    p->in = in;
    p->rule_kind = R_MAIN;
    in->srcname = srcname;
    in->src = src;
    int md = in->c->lim && in->c->lim->max_ast_depth ? (int)in->c->lim->max_ast_depth : 100;
    p->max_depth = md < 100 ? 100 : md * 2;
    awk_lex_init(&p->lx, in, src, len);
    awk_rule **tail = &in->prog.rules;
    while (*tail) tail = &(*tail)->next;
    next(p);
    while (!p->failed) {
        while (TOK == T_NEWLINE || TOK == T_SEMI) next(p);
        if (TOK == T_EOF || p->failed) break;
        if (TOK == T_FUNCTION) {
            if (parse_function(p)) break;
            continue;
        }
        if (TOK == T_BEGIN || TOK == T_END || TOK == T_BEGINFILE || TOK == T_ENDFILE) {
            int kind = TOK == T_BEGIN ? R_BEGIN : TOK == T_END ? R_END
                     : TOK == T_BEGINFILE ? R_BEGINFILE : R_ENDFILE;
            next(p);
            opt_newlines(p);
            if (TOK != T_LBRACE) {
                fail(p, kind == R_BEGIN ? "BEGIN blocks must have an action part"
                     : kind == R_END ? "END blocks must have an action part"
                     : "each rule must have a pattern or an action part");
                break;
            }
            p->rule_kind = kind;
            awk_node *b = parse_block(p);
            p->rule_kind = R_MAIN;
            if (!b || add_rule(p, &tail, kind, NULL, NULL, b)) break;
            continue;
        }
        awk_node *p1 = NULL, *p2 = NULL, *action = NULL;
        if (TOK != T_LBRACE) {
            p1 = parse_expr(p);
            if (!p1) break;
            if (TOK == T_COMMA) {
                next(p);
                opt_newlines(p);
                p2 = parse_expr(p);
                if (!p2) break;
            }
        }
        if (TOK == T_LBRACE) {
            action = parse_block(p);
            if (!action) break;
        } else if (TOK != T_NEWLINE && TOK != T_SEMI && TOK != T_EOF) {
            syntax(p);
            break;
        }
        if (add_rule(p, &tail, R_MAIN, p1, p2, action)) break;
    }
    if (p->failed) return -1;
    return 0;
}
