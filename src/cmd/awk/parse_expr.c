/* parse_expr.c — awk expressions: precedence climbing from ?: down to
 * grouping, lvalues, getline forms, function and builtin calls, regex
 * literals; and the name tables (globals, functions, parameters).
 *
 * Precedence, lowest first: ?: and assignment (right), ||, &&, in, ~ !~,
 * relational (and `cmd | getline`), concatenation, + -, * / %, unary ! - +,
 * ^ (right), ++ --, $, grouping.  Inside print/printf arguments an
 * unparenthesised `>` is a redirection, not a comparison. */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "parse.h"

static awk_node *parse_ternary(parser *p);
static awk_node *parse_unary(parser *p);
static awk_node *parse_primary(parser *p);

/* ---- nodes -------------------------------------------------------------------- */

awk_node *ap_mk(parser *p, int op)
{
    awk_node *n = sk_arena_zalloc(&p->in->ar, sizeof *n);
    if (!n) { ap_fail(p, "out of memory"); return NULL; }
    n->op = (uint8_t)op;
    n->line = p->lx.tok_line;
    return n;
}

awk_node *ap_mk2(parser *p, int op, awk_node *a, awk_node *b)
{
    if (!a || !b || p->failed) return NULL;
    awk_node *n = ap_mk(p, op);
    if (n) { n->a = a; n->b = b; n->line = a->line; }
    return n;
}

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Global names: an array in slot order plus an open-addressing index
 * (gcap entries, a power of two, each a slot + 1 or 0). */
int awk_global_slot(awk_interp *in, const char *name, int create)
{
    awk_prog *pr = &in->prog;
    uint32_t h = name_hash(name);
    if (pr->gcap) {
        for (uint32_t i = h & (uint32_t)(pr->gcap - 1);; i = (i + 1) & (uint32_t)(pr->gcap - 1)) {
            int e = pr->gindex[i];
            if (!e) break;
            if (!strcmp(pr->gnames[e - 1], name)) return e - 1;
        }
    }
    if (!create) return -1;
    if (pr->nglobals * 2 >= pr->gcap) {
        int ncap = pr->gcap ? pr->gcap * 2 : 64;
        char **g = sk_realloc(in->a, pr->gnames, (size_t)ncap * sizeof *g);
        if (!g) return -1;
        pr->gnames = g;
        int *ix = sk_calloc(in->a, (size_t)ncap, sizeof *ix);
        if (!ix) return -1;
        for (int k = 0; k < pr->nglobals; k++) {
            uint32_t i = name_hash(pr->gnames[k]) & (uint32_t)(ncap - 1);
            while (ix[i]) i = (i + 1) & (uint32_t)(ncap - 1);
            ix[i] = k + 1;
        }
        sk_free(in->a, pr->gindex);
        pr->gindex = ix;
        pr->gcap = ncap;
    }
    char *copy = sk_arena_strndup(&in->ar, name, strlen(name));
    if (!copy) return -1;
    pr->gnames[pr->nglobals] = copy;
    uint32_t i = h & (uint32_t)(pr->gcap - 1);
    while (pr->gindex[i]) i = (i + 1) & (uint32_t)(pr->gcap - 1);
    pr->gindex[i] = pr->nglobals + 1;
    return pr->nglobals++;
}

int ap_func_index(parser *p, const char *name, size_t len)
{
    awk_prog *pr = &p->in->prog;
    for (int i = 0; i < pr->nfuncs; i++)
        if (strlen(pr->funcs[i].name) == len && !memcmp(pr->funcs[i].name, name, len)) return i;
    if (pr->nfuncs == pr->funcs_cap) {
        int ncap = pr->funcs_cap ? pr->funcs_cap * 2 : 16;
        awk_func *f = sk_realloc(p->in->a, pr->funcs, (size_t)ncap * sizeof *f);
        if (!f) { ap_fail(p, "out of memory"); return -1; }
        pr->funcs = f;
        pr->funcs_cap = ncap;
    }
    awk_func *f = &pr->funcs[pr->nfuncs];
    memset(f, 0, sizeof *f);
    f->name = sk_arena_strndup(&p->in->ar, name, len);
    if (!f->name) { ap_fail(p, "out of memory"); return -1; }
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
awk_node *ap_var(parser *p)
{
    char name[256];
    size_t len = p->lx.namelen;
    if (len >= sizeof name) return ap_fail(p, "name too long");
    memcpy(name, p->lx.name, len);
    name[len] = 0;
    if (p->fn) {
        for (int i = 0; i < p->fn->nparams; i++)
            if (!strcmp(p->fn->params[i], name)) {
                awk_node *n = ap_mk(p, N_LVAR);
                if (n) n->u.slot = i;
                return n;
            }
    }
    if (is_func_name(p, name, len)) return ap_fail(p, "attempt to use function name as a variable");
    int slot = awk_global_slot(p->in, name, 1);
    if (slot < 0) return ap_fail(p, "out of memory");
    if (slot == G_RT) p->in->prog.uses_rt = 1;
    awk_node *n = ap_mk(p, N_GVAR);
    if (n) n->u.slot = slot;
    return n;
}

int ap_is_lvalue(awk_node *n)
{
    return n && (n->op == N_GVAR || n->op == N_LVAR || n->op == N_INDEX || n->op == N_FIELD);
}

/* ---- expressions ------------------------------------------------------------------ */

/* expr_list until `close`; returns the first node, count in *n. */
awk_node *ap_expr_list(parser *p, int close, int *count)
{
    awk_node *head = NULL, **tail = &head;
    *count = 0;
    int save_gt = p->no_gt, save_in = p->no_in;
    p->no_gt = p->no_in = 0;
    ap_newlines(p);
    if (TOK != close) {
        for (;;) {
            awk_node *e = ap_expr(p);
            if (!e) return NULL;
            *tail = e;
            tail = &e->next;
            (*count)++;
            ap_newlines(p);
            if (TOK != T_COMMA) break;
            ap_next(p);
            ap_newlines(p);
        }
    }
    p->no_gt = save_gt;
    p->no_in = save_in;
    if (TOK != close) return ap_syntax(p);
    ap_next(p);
    if (!head) {
        /* an empty list is valid: return a marker the caller ignores */
        awk_node *m = ap_mk(p, N_GROUP);
        if (m) m->nargs = 0;
        return m;
    }
    return head;
}

awk_node *ap_regex(parser *p)
{
    if (awk_lex_regex(&p->lx) != T_ERE) return ap_fail(p, p->lx.err);
    awk_node *n = ap_mk(p, N_REGEX);
    if (!n) return NULL;
    n->u.str = p->lx.str;
    char msg[160];
    if (awk_re_compile(p->in, n->u.str->s, n->u.str->len, 0, &n->re, msg, sizeof msg)) {
        return ap_fail(p, msg);
    }
    awk_prog *pr = &p->in->prog;
    if (pr->nrelits == pr->relcap) {
        int ncap = pr->relcap ? pr->relcap * 2 : 16;
        awk_re **l = sk_realloc(p->in->a, pr->relits, (size_t)ncap * sizeof *l);
        if (!l) {
            awk_re_free(p->in, n->re);
            return ap_fail(p, "out of memory");
        }
        pr->relits = l;
        pr->relcap = ncap;
    }
    pr->relits[pr->nrelits++] = n->re;
    ap_next(p);
    return n;
}

static awk_node *subscript(parser *p, awk_node *var)
{
    /* TOK == '[' */
    ap_next(p);
    int count;
    awk_node *subs = ap_expr_list(p, T_RBRACKET, &count);
    if (!subs) return NULL;
    if (count == 0) return ap_syntax(p);
    awk_node *n = ap_mk(p, N_INDEX);
    if (!n) return NULL;
    n->a = var;
    n->b = subs;
    n->nargs = (uint16_t)count;
    n->line = var->line;
    return n;
}

/* An array: NAME, or an element of arrays of arrays NAME[i][j]... */
awk_node *ap_array_ref(parser *p)
{
    if (TOK != T_NAME) return ap_syntax(p);
    awk_node *v = ap_var(p);
    if (!v) return NULL;
    ap_next(p);
    while (v && TOK == T_LBRACKET) v = subscript(p, v);
    return v;
}

/* NAME, NAME[...], or $expr: an lvalue after getline, ++, --. */
static awk_node *parse_lvalue(parser *p)
{
    if (TOK == T_DOLLAR) {
        ap_next(p);
        awk_node *e;
        if (TOK == T_INCR || TOK == T_DECR) {
            int op = TOK == T_INCR ? N_PREINC : N_PREDEC;
            ap_next(p);
            awk_node *lv = parse_lvalue(p);
            if (!lv) return NULL;
            e = ap_mk(p, op);
            if (e) e->a = lv;
        } else {
            e = parse_primary(p);
        }
        if (!e) return NULL;
        awk_node *f = ap_mk(p, N_FIELD);
        if (f) f->a = e;
        return f;
    }
    if (TOK != T_NAME) return ap_syntax(p);
    awk_node *v = ap_var(p);
    if (!v) return NULL;
    ap_next(p);
    while (v && TOK == T_LBRACKET) v = subscript(p, v);
    return v;
}

static awk_node *parse_getline_simple(parser *p)
{
    /* TOK == T_GETLINE */
    awk_node *n = ap_mk(p, N_GETLINE);
    if (!n) return NULL;
    ap_next(p);
    p->in->prog.uses_getline = 1;
    if (TOK == T_NAME || TOK == T_DOLLAR) {
        n->a = parse_lvalue(p);
        if (!n->a) return NULL;
    }
    n->sub = GL_PLAIN;
    if (TOK == T_LT) {
        ap_next(p);
        n->sub = GL_FILE;
        n->b = ap_postfix(p);
        if (!n->b) return NULL;
    }
    return n;
}

static awk_node *call_args(parser *p, awk_node *n)
{
    /* TOK == '(' */
    ap_next(p);
    int count;
    awk_node *args = ap_expr_list(p, T_RPAREN, &count);
    if (!args) return NULL;
    n->a = count ? args : NULL;
    n->nargs = (uint16_t)count;
    return n;
}

static awk_node *parse_primary(parser *p)
{
    if (p->failed) return NULL;
    if (ap_enter(p)) return NULL;
    awk_node *n = NULL;
    switch (TOK) {
    case T_NUMBER:
        n = ap_mk(p, N_NUM);
        if (n) n->u.num = p->lx.num;
        ap_next(p);
        break;
    case T_STRING:
        n = ap_mk(p, N_STR);
        if (n) n->u.str = p->lx.str;
        ap_next(p);
        break;
    case T_SLASH:
    case T_DIV_ASSIGN:
        n = ap_regex(p);
        break;
    case T_LPAREN: {
        ap_next(p);
        int count;
        awk_node *list = ap_expr_list(p, T_RPAREN, &count);
        if (!list) break;
        if (count == 0) { ap_syntax(p); break; }
        if (count == 1) {
            /* keep a marker so `print (a) > "f"` style grouping is known */
            n = ap_mk(p, N_GROUP);
            if (n) { n->a = list; n->nargs = 1; n->line = list->line; }
            break;
        }
        if (TOK == T_IN) {
            ap_next(p);
            awk_node *arr = ap_array_ref(p);
            if (!arr) break;
            n = ap_mk(p, N_IN);
            if (n && arr) { n->a = list; n->b = arr; n->nargs = (uint16_t)count; }
            break;
        }
        n = ap_mk(p, N_GROUP);
        if (n) { n->a = list; n->nargs = (uint16_t)count; }
        break;
    }
    case T_DOLLAR: {
        ap_next(p);
        awk_node *e;
        if (TOK == T_INCR || TOK == T_DECR) {
            int op = TOK == T_INCR ? N_PREINC : N_PREDEC;
            ap_next(p);
            awk_node *lv = parse_lvalue(p);
            e = lv ? ap_mk(p, op) : NULL;
            if (e) e->a = lv;
        } else if (TOK == T_MINUS || TOK == T_PLUS || TOK == T_NOT) {
            int op = TOK == T_MINUS ? N_NEG : TOK == T_PLUS ? N_PLUS : N_NOT;
            ap_next(p);
            awk_node *x = parse_primary(p);
            e = x ? ap_mk(p, op) : NULL;
            if (e) e->a = x;
        } else {
            e = parse_primary(p);
        }
        if (!e) break;
        n = ap_mk(p, N_FIELD);
        if (n) { n->a = e; n->line = e->line; }
        break;
    }
    case T_NOT: case T_MINUS: case T_PLUS:
        n = parse_unary(p);
        break;
    case T_INCR: case T_DECR: {
        int op = TOK == T_INCR ? N_PREINC : N_PREDEC;
        ap_next(p);
        awk_node *lv = parse_lvalue(p);
        if (!lv) break;
        n = ap_mk(p, op);
        if (n) n->a = lv;
        break;
    }
    case T_NAME: {
        awk_node *v = ap_var(p);
        if (!v) break;
        ap_next(p);
        n = v;
        while (n && TOK == T_LBRACKET) n = subscript(p, n);   /* gawk: a[i][j] */
        break;
    }
    case T_FUNC_NAME: {
        int fi = ap_func_index(p, p->lx.name, p->lx.namelen);
        if (fi < 0) break;
        if (p->fn) {
            for (int i = 0; i < p->fn->nparams; i++)
                if (strlen(p->fn->params[i]) == p->lx.namelen &&
                    !memcmp(p->fn->params[i], p->lx.name, p->lx.namelen)) {
                    ap_fail(p, "attempt to use a parameter as a function");
                    goto out;
                }
        }
        char name[256];
        if (p->lx.namelen < sizeof name) {
            memcpy(name, p->lx.name, p->lx.namelen);
            name[p->lx.namelen] = 0;
            int gi = awk_global_slot(p->in, name, 0);
            if (gi >= 0) { ap_fail(p, "attempt to use a variable as a function"); break; }
        }
        n = ap_mk(p, N_CALL);
        if (!n) break;
        n->u.slot = fi;
        ap_next(p);
        n = call_args(p, n);
        break;
    }
    case T_BUILTIN: {
        int id = p->lx.builtin;
        n = ap_mk(p, N_BUILTIN);
        if (!n) break;
        n->sub = (uint8_t)id;
        ap_next(p);
        if (TOK == T_LPAREN) {
            n = call_args(p, n);
        } else if (id != B_LENGTH) {
            ap_syntax(p);
            n = NULL;
            break;
        }
        if (!n) break;
        const awk_builtin_info *bi = awk_builtin_by_id(id);
        if (bi && (n->nargs < bi->min || n->nargs > bi->max)) {
            char msg[96];
            snprintf(msg, sizeof msg, "%d is invalid as number of arguments for %s", n->nargs, bi->name);
            ap_fail(p, msg);
            n = NULL;
        }
        break;
    }
    case T_GETLINE:
        n = parse_getline_simple(p);
        break;
    default:
        ap_syntax(p);
        break;
    }
out:
    p->depth--;
    return p->failed ? NULL : n;
}

awk_node *ap_postfix(parser *p)
{
    awk_node *n = parse_primary(p);
    if (!n) return NULL;
    if ((TOK == T_INCR || TOK == T_DECR) && ap_is_lvalue(n)) {
        awk_node *m = ap_mk(p, TOK == T_INCR ? N_POSTINC : N_POSTDEC);
        if (!m) return NULL;
        m->a = n;
        m->line = n->line;
        ap_next(p);
        return m;
    }
    return n;
}

/* The right operand of ^: may carry unary signs. */
static awk_node *parse_pow_rhs(parser *p);

static awk_node *parse_pow(parser *p)
{
    awk_node *n = ap_postfix(p);
    if (!n) return NULL;
    if (TOK == T_CARET) {
        ap_next(p);
        if (ap_enter(p)) return NULL;
        awk_node *r = parse_pow_rhs(p);
        p->depth--;
        return ap_mk2(p, N_POW, n, r);
    }
    return n;
}

static awk_node *parse_pow_rhs(parser *p)
{
    if (TOK == T_MINUS || TOK == T_PLUS || TOK == T_NOT) {
        int op = TOK == T_MINUS ? N_NEG : TOK == T_PLUS ? N_PLUS : N_NOT;
        ap_next(p);
        if (ap_enter(p)) return NULL;
        awk_node *x = parse_pow_rhs(p);
        p->depth--;
        if (!x) return NULL;
        awk_node *n = ap_mk(p, op);
        if (n) n->a = x;
        return n;
    }
    return parse_pow(p);
}

static awk_node *parse_unary(parser *p)
{
    if (TOK == T_NOT || TOK == T_MINUS || TOK == T_PLUS) {
        int op = TOK == T_NOT ? N_NOT : TOK == T_MINUS ? N_NEG : N_PLUS;
        ap_next(p);
        if (ap_enter(p)) return NULL;
        awk_node *x = parse_unary(p);
        p->depth--;
        if (!x) return NULL;
        if (op == N_NEG && x->op == N_NUM) { x->u.num = -x->u.num; return x; }
        awk_node *n = ap_mk(p, op);
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
        ap_next(p);
        n = ap_mk2(p, op, n, parse_unary(p));
    }
    return n;
}

static awk_node *parse_additive(parser *p)
{
    awk_node *n = parse_mul(p);
    while (n && (TOK == T_PLUS || TOK == T_MINUS)) {
        int op = TOK == T_PLUS ? N_ADD : N_SUB;
        ap_next(p);
        n = ap_mk2(p, op, n, parse_mul(p));
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

awk_node *ap_concat(parser *p)
{
    awk_node *n = parse_additive(p);
    while (n && starts_concat(p)) {
        if (TOK == T_NOT && ap_peek(p) == T_MATCH) break;
        n = ap_mk2(p, N_CONCAT, n, parse_additive(p));
    }
    return n;
}

static awk_node *pipe_getline(parser *p, awk_node *cmd)
{
    /* TOK == '|', next is getline */
    ap_next(p);
    awk_node *n = ap_mk(p, N_GETLINE);
    if (!n) return NULL;
    ap_next(p);
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
    awk_node *n = ap_concat(p);
    for (;;) {
        if (!n) return NULL;
        if (TOK == T_PIPE && ap_peek(p) == T_GETLINE) {
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
        ap_next(p);
        n = ap_mk2(p, op, n, ap_concat(p));
    }
}

static awk_node *parse_match(parser *p)
{
    awk_node *n = parse_rel(p);
    while (n && (TOK == T_MATCH || TOK == T_NOMATCH)) {
        int op = TOK == T_MATCH ? N_MATCH : N_NOMATCH;
        ap_next(p);
        n = ap_mk2(p, op, n, parse_rel(p));
    }
    return n;
}

static awk_node *parse_in(parser *p)
{
    awk_node *n = parse_match(p);
    while (n && TOK == T_IN && !p->no_in) {
        ap_next(p);
        awk_node *arr = ap_array_ref(p);
        if (!arr) return NULL;
        awk_node *m = ap_mk(p, N_IN);
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
        ap_next(p);
        ap_newlines(p);
        n = ap_mk2(p, N_AND, n, parse_in(p));
    }
    return n;
}

static awk_node *parse_or(parser *p)
{
    awk_node *n = parse_and(p);
    while (n && TOK == T_OR) {
        ap_next(p);
        ap_newlines(p);
        n = ap_mk2(p, N_OR, n, parse_and(p));
    }
    return n;
}

static awk_node *parse_ternary(parser *p)
{
    awk_node *n = parse_or(p);
    if (!n || TOK != T_QUESTION) return n;
    ap_next(p);
    ap_newlines(p);
    if (ap_enter(p)) return NULL;
    awk_node *a = ap_expr(p);
    ap_newlines(p);
    if (!a || ap_expect(p, T_COLON)) { p->depth--; return NULL; }
    ap_newlines(p);
    awk_node *b = ap_expr(p);
    p->depth--;
    if (!b) return NULL;
    awk_node *m = ap_mk(p, N_COND);
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

awk_node *ap_expr(parser *p)
{
    if (ap_enter(p)) return NULL;
    awk_node *n = parse_ternary(p);
    int op;
    if (n && ap_is_lvalue(n) && (op = assign_op(TOK)) >= 0) {
        ap_next(p);
        ap_newlines(p);
        awk_node *r = ap_expr(p);
        awk_node *m = r ? ap_mk(p, N_ASSIGN) : NULL;
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
