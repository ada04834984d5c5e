/* parse.c — recursive-descent parser for awk programs (statements, rules,
 * functions; expressions are in parse_expr.c), building the AST in
 * the interpreter's arena.  Nesting is bounded by max_ast_depth and the C
 * stack guard; the token count by max_parser_operations (lexer fuel).
 */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "parse.h"

/* ---- errors --------------------------------------------------------------- */

void ap_report(parser *p, size_t at, int line, const char *msg)
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

awk_node *ap_fail(parser *p, const char *msg)
{
    if (p->lx.tok == T_ERROR) msg = p->lx.err;
    ap_report(p, p->lx.tok_start, p->lx.tok_line, msg);
    return NULL;
}

awk_node *ap_syntax(parser *p)
{
    if (TOK == T_EOF || TOK == T_NEWLINE) return ap_fail(p, "unexpected newline or end of string");
    return ap_fail(p, "syntax error");
}

int ap_next(parser *p)
{
    int t = awk_lex_next(&p->lx);
    if (t == T_ERROR) ap_fail(p, p->lx.err);
    return t;
}

int ap_peek(parser *p)
{
    awk_lexer save = p->lx;
    int t = awk_lex_next(&p->lx);
    p->lx = save;
    return t;
}

void ap_newlines(parser *p)
{
    while (TOK == T_NEWLINE) ap_next(p);
}

int ap_expect(parser *p, int tok)
{
    if (TOK != tok) { ap_syntax(p); return -1; }
    ap_next(p);
    return 0;
}

int ap_enter(parser *p)
{
    if (++p->depth > p->max_depth || sk_stack_low(p->in->stack_limit)) {
        ap_fail(p, "program nested too deeply");
        return -1;
    }
    return 0;
}

static awk_node *parse_block(parser *p);
static awk_node *parse_switch(parser *p);

/* ---- statements -------------------------------------------------------------------- */

static int end_simple(parser *p)
{
    if (TOK == T_SEMI || TOK == T_NEWLINE) {
        ap_next(p);
        ap_newlines(p);
        return 0;
    }
    if (TOK == T_RBRACE || TOK == T_EOF) return 0;
    ap_syntax(p);
    return -1;
}

static awk_node *parse_print(parser *p)
{
    int op = TOK == T_PRINT ? S_PRINT : S_PRINTF;
    awk_node *n = ap_mk(p, op);
    if (!n) return NULL;
    ap_next(p);
    awk_node *head = NULL, **tail = &head;
    int count = 0;
    if (TOK != T_SEMI && TOK != T_NEWLINE && TOK != T_RBRACE && TOK != T_GT && TOK != T_APPEND &&
        TOK != T_PIPE && TOK != T_EOF) {
        p->no_gt = 1;
        for (;;) {
            awk_node *e = ap_expr(p);
            if (!e) { p->no_gt = 0; return NULL; }
            *tail = e;
            tail = &e->next;
            count++;
            if (TOK != T_COMMA) break;
            ap_next(p);
            ap_newlines(p);
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
        ap_next(p);
        p->no_gt = 1;
        n->b = ap_concat(p);
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
            return ap_fail(p, TOK == T_NEXT ? "`next' used in BEGIN or END action"
                                         : "`nextfile' used in BEGIN or END action");
        n = ap_mk(p, TOK == T_NEXT ? S_NEXT : S_NEXTFILE);
        ap_next(p);
        return n;
    case T_EXIT:
    case T_RETURN: {
        int op = TOK == T_EXIT ? S_EXIT : S_RETURN;
        if (op == S_RETURN && !p->fn) return ap_fail(p, "`return' used outside function context");
        n = ap_mk(p, op);
        ap_next(p);
        if (n && TOK != T_SEMI && TOK != T_NEWLINE && TOK != T_RBRACE && TOK != T_EOF) {
            n->a = ap_expr(p);
            if (!n->a) return NULL;
        }
        return n;
    }
    case T_BREAK:
    case T_CONTINUE:
        if (!p->loops && !(TOK == T_BREAK && p->switches))
            return ap_fail(p, TOK == T_BREAK ? "`break' is not allowed outside a loop"
                                          : "`continue' is not allowed outside a loop");
        n = ap_mk(p, TOK == T_BREAK ? S_BREAK : S_CONTINUE);
        ap_next(p);
        return n;
    case T_DELETE: {
        n = ap_mk(p, S_DELETE);
        ap_next(p);
        int paren = 0;
        if (TOK == T_LPAREN) { paren = 1; ap_next(p); }
        awk_node *v = ap_array_ref(p);
        if (!v || !n) return NULL;
        if (v->op == N_INDEX) {
            /* delete a[i] (or a[i][j]): the element's array and subscripts */
            n->a = v->a;
            n->b = v->b;
            n->nargs = v->nargs;
        } else {
            n->a = v;
        }
        if (paren && ap_expect(p, T_RPAREN)) return NULL;
        return n;
    }
    default: {
        awk_node *e = ap_expr(p);
        if (!e) return NULL;
        n = ap_mk(p, S_EXPR);
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
    ap_newlines(p);
    if (TOK == T_SEMI) {
        ap_next(p);
        awk_node *n = ap_mk(p, S_BLOCK);
        return n;
    }
    p->loops++;
    awk_node *s = ap_stmt(p);
    p->loops--;
    return s;
}

awk_node *ap_stmt(parser *p)
{
    if (p->failed) return NULL;
    if (ap_enter(p)) return NULL;
    awk_node *n = NULL;
    switch (TOK) {
    case T_LBRACE:
        n = parse_block(p);
        break;
    case T_SEMI:
        n = ap_mk(p, S_BLOCK);
        ap_next(p);
        ap_newlines(p);
        break;
    case T_IF: {
        n = ap_mk(p, S_IF);
        ap_next(p);
        if (ap_expect(p, T_LPAREN)) break;
        ap_newlines(p);
        awk_node *cond = ap_expr(p);
        ap_newlines(p);
        if (!cond || ap_expect(p, T_RPAREN)) break;
        ap_newlines(p);
        awk_node *then;
        if (TOK == T_SEMI) { then = ap_mk(p, S_BLOCK); ap_next(p); }
        else then = ap_stmt(p);
        if (!then || !n) break;
        n->a = cond;
        n->b = then;
        ap_newlines(p);
        if (TOK == T_SEMI) {
            /* `if (c) x; ; else` is not valid, but `if (c) {..}; else` is */
            if (ap_peek(p) == T_ELSE) ap_next(p);
        }
        if (TOK == T_ELSE) {
            ap_next(p);
            ap_newlines(p);
            if (TOK == T_SEMI) { n->c = ap_mk(p, S_BLOCK); ap_next(p); }
            else n->c = ap_stmt(p);
            if (!n->c) n = NULL;
        }
        break;
    }
    case T_WHILE: {
        n = ap_mk(p, S_WHILE);
        ap_next(p);
        if (ap_expect(p, T_LPAREN)) break;
        awk_node *cond = ap_expr(p);
        if (!cond || ap_expect(p, T_RPAREN)) break;
        if (TOK == T_SEMI) { /* while (x); */
            ap_next(p);
            ap_newlines(p);
            if (n) { n->a = cond; n->b = ap_mk(p, S_BLOCK); }
            break;
        }
        awk_node *b = body(p);
        if (!b || !n) { n = NULL; break; }
        n->a = cond;
        n->b = b;
        break;
    }
    case T_DO: {
        n = ap_mk(p, S_DO);
        ap_next(p);
        awk_node *b = body(p);
        if (!b || !n) { n = NULL; break; }
        ap_newlines(p);
        if (TOK == T_SEMI) { ap_next(p); ap_newlines(p); }
        if (ap_expect(p, T_WHILE) || ap_expect(p, T_LPAREN)) { n = NULL; break; }
        awk_node *cond = ap_expr(p);
        if (!cond || ap_expect(p, T_RPAREN)) { n = NULL; break; }
        n->a = cond;
        n->b = b;
        if (end_simple(p)) n = NULL;
        break;
    }
    case T_FOR: {
        ap_next(p);
        if (ap_expect(p, T_LPAREN)) break;
        if (TOK == T_NAME) {
            awk_lexer save = p->lx;
            ap_next(p);
            int is_in = TOK == T_IN;
            p->lx = save;
            if (is_in) {
                awk_node *v = ap_var(p);
                ap_next(p);   /* name */
                ap_next(p);   /* in */
                awk_node *arr = ap_array_ref(p);
                if (!v || !arr || ap_expect(p, T_RPAREN)) break;
                awk_node *b = body(p);
                if (!b) break;
                n = ap_mk(p, S_FORIN);
                if (n) { n->a = v; n->b = arr; n->c = b; }
                break;
            }
        }
        n = ap_mk(p, S_FOR);
        if (!n) break;
        p->no_in = 0;
        n->a = parse_simple_opt(p, T_SEMI);
        if (p->failed || ap_expect(p, T_SEMI)) { n = NULL; break; }
        ap_newlines(p);
        if (TOK != T_SEMI) {
            n->b = ap_expr(p);
            if (!n->b) { n = NULL; break; }
        }
        if (ap_expect(p, T_SEMI)) { n = NULL; break; }
        ap_newlines(p);
        n->c = parse_simple_opt(p, T_RPAREN);
        if (p->failed || ap_expect(p, T_RPAREN)) { n = NULL; break; }
        if (TOK == T_SEMI) {
            ap_next(p);
            ap_newlines(p);
            n->d = ap_mk(p, S_BLOCK);
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
    awk_node *n = ap_mk(p, S_SWITCH);
    if (!n) return NULL;
    ap_next(p);
    if (ap_expect(p, T_LPAREN)) return NULL;
    n->a = ap_expr(p);
    if (!n->a || ap_expect(p, T_RPAREN)) return NULL;
    ap_newlines(p);
    if (ap_expect(p, T_LBRACE)) return NULL;
    awk_node **tail = &n->b;
    int have_default = 0;
    p->switches++;
    for (;;) {
        while (TOK == T_NEWLINE || TOK == T_SEMI) ap_next(p);
        if (p->failed) break;
        if (TOK == T_RBRACE) { ap_next(p); break; }
        if (TOK != T_CASE && TOK != T_DEFAULT) { ap_syntax(p); break; }
        awk_node *c = ap_mk(p, S_CASE);
        if (!c) break;
        if (TOK == T_DEFAULT) {
            if (have_default) { ap_fail(p, "duplicate `default' detected in switch body"); break; }
            have_default = 1;
            ap_next(p);
        } else {
            ap_next(p);
            int neg = 0;
            if (TOK == T_MINUS || TOK == T_PLUS) { neg = TOK == T_MINUS; ap_next(p); }
            if (TOK == T_NUMBER) {
                c->a = ap_mk(p, N_NUM);
                if (c->a) c->a->u.num = neg ? -p->lx.num : p->lx.num;
                ap_next(p);
            } else if (TOK == T_STRING && !neg) {
                c->a = ap_mk(p, N_STR);
                if (c->a) c->a->u.str = p->lx.str;
                ap_next(p);
            } else if ((TOK == T_SLASH || TOK == T_DIV_ASSIGN) && !neg) {
                c->a = ap_regex(p);
            } else {
                ap_syntax(p);
                break;
            }
            if (!c->a) break;
        }
        if (ap_expect(p, T_COLON)) break;
        awk_node *blk = ap_mk(p, S_BLOCK);
        if (!blk) break;
        awk_node **st = &blk->a;
        for (;;) {
            while (TOK == T_NEWLINE || TOK == T_SEMI) ap_next(p);
            if (p->failed || TOK == T_CASE || TOK == T_DEFAULT || TOK == T_RBRACE || TOK == T_EOF) break;
            awk_node *sn = ap_stmt(p);
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
    awk_node *blk = ap_mk(p, S_BLOCK);
    if (!blk) return NULL;
    ap_next(p);
    awk_node **tail = &blk->a;
    for (;;) {
        while (TOK == T_NEWLINE || TOK == T_SEMI) ap_next(p);
        if (p->failed) return NULL;
        if (TOK == T_RBRACE) break;
        if (TOK == T_EOF) return ap_syntax(p);
        awk_node *s = ap_stmt(p);
        if (!s) return NULL;
        *tail = s;
        while (*tail) tail = &(*tail)->next;
    }
    ap_next(p);
    return blk;
}

/* ---- program ----------------------------------------------------------------------- */

static int parse_function(parser *p)
{
    ap_next(p);
    if (TOK != T_NAME && TOK != T_FUNC_NAME) {
        if (TOK == T_BUILTIN) ap_fail(p, "cannot use a builtin function name as a function name");
        else ap_syntax(p);
        return -1;
    }
    char name[256];
    if (p->lx.namelen >= sizeof name) { ap_fail(p, "name too long"); return -1; }
    memcpy(name, p->lx.name, p->lx.namelen);
    name[p->lx.namelen] = 0;
    if (awk_global_slot(p->in, name, 0) >= 0) {
        ap_fail(p, "function name previously used as a variable");
        return -1;
    }
    int fi = ap_func_index(p, name, strlen(name));
    if (fi < 0) return -1;
    awk_func *f = &p->in->prog.funcs[fi];
    if (f->defined) {
        char msg[300];
        snprintf(msg, sizeof msg, "function `%s' previously defined", name);
        ap_fail(p, msg);
        return -1;
    }
    f->line = p->lx.tok_line;
    ap_next(p);
    if (ap_expect(p, T_LPAREN)) return -1;
    char **params = NULL;
    int np = 0, cap = 0;
    ap_newlines(p);
    while (TOK == T_NAME) {
        if (np == cap) {
            cap = cap ? cap * 2 : 8;
            char **nps = sk_arena_alloc(&p->in->ar, (size_t)cap * sizeof *nps);
            if (!nps) { ap_fail(p, "out of memory"); return -1; }
            if (np) memcpy(nps, params, (size_t)np * sizeof *nps);
            params = nps;
        }
        params[np] = sk_arena_strndup(&p->in->ar, p->lx.name, p->lx.namelen);
        if (!params[np]) { ap_fail(p, "out of memory"); return -1; }
        if (!strcmp(params[np], name)) { ap_fail(p, "function name used as a parameter"); return -1; }
        for (int i = 0; i < np; i++)
            if (!strcmp(params[i], params[np])) { ap_fail(p, "duplicate parameter name"); return -1; }
        np++;
        ap_next(p);
        ap_newlines(p);
        if (TOK != T_COMMA) break;
        ap_next(p);
        ap_newlines(p);
    }
    if (ap_expect(p, T_RPAREN)) return -1;
    ap_newlines(p);
    if (TOK != T_LBRACE) { ap_syntax(p); return -1; }
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
    if (!r) { ap_fail(p, "out of memory"); return -1; }
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
    ap_next(p);
    while (!p->failed) {
        while (TOK == T_NEWLINE || TOK == T_SEMI) ap_next(p);
        if (TOK == T_EOF || p->failed) break;
        if (TOK == T_FUNCTION) {
            if (parse_function(p)) break;
            continue;
        }
        if (TOK == T_BEGIN || TOK == T_END || TOK == T_BEGINFILE || TOK == T_ENDFILE) {
            int kind = TOK == T_BEGIN ? R_BEGIN : TOK == T_END ? R_END
                     : TOK == T_BEGINFILE ? R_BEGINFILE : R_ENDFILE;
            ap_next(p);
            ap_newlines(p);
            if (TOK != T_LBRACE) {
                ap_fail(p, kind == R_BEGIN ? "BEGIN blocks must have an action part"
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
            p1 = ap_expr(p);
            if (!p1) break;
            if (TOK == T_COMMA) {
                ap_next(p);
                ap_newlines(p);
                p2 = ap_expr(p);
                if (!p2) break;
            }
        }
        if (TOK == T_LBRACE) {
            action = parse_block(p);
            if (!action) break;
        } else if (TOK != T_NEWLINE && TOK != T_SEMI && TOK != T_EOF) {
            ap_syntax(p);
            break;
        }
        if (add_rule(p, &tail, R_MAIN, p1, p2, action)) break;
    }
    if (p->failed) return -1;
    return 0;
}
