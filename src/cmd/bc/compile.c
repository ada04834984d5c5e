/* compile.c — bc's lexer and one-pass compiler (recursive descent with
 * GNU bc's operator precedences: || && ! relational assignment + - * / %
 * ^ unary-minus ++/--).  Expressions become a small tree first (an
 * assignment is only known once its operator is seen), statements are
 * emitted directly with patched jumps.  A complete top-level line runs as
 * soon as its newline is read. */
#include <string.h>

#include "bc.h"
#include "base/stack.h"

enum {
    T_EOF, T_NEWLINE, T_SEMI, T_NUMBER, T_NAME, T_STRING, T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE,
    T_LBRACKET, T_RBRACKET, T_COMMA, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_CARET,
    T_ASSIGN, T_REL, T_AND, T_OR, T_NOT, T_INCR, T_DECR, T_DOT,
    T_AUTO, T_BREAK, T_CONTINUE, T_DEFINE, T_ELSE, T_FOR, T_HALT, T_IBASE, T_IF, T_LAST, T_LENGTH,
    T_LIMITS, T_OBASE, T_PRINT, T_QUIT, T_READ, T_RETURN, T_SCALE, T_SQRT, T_WHILE, T_WARRANTY, T_VOID,
    T_BAD,
};

static const struct { const char *w; int t; } keywords[] = {
    { "auto", T_AUTO }, { "break", T_BREAK }, { "continue", T_CONTINUE }, { "define", T_DEFINE },
    { "else", T_ELSE }, { "for", T_FOR }, { "halt", T_HALT }, { "ibase", T_IBASE }, { "if", T_IF },
    { "last", T_LAST }, { "length", T_LENGTH }, { "limits", T_LIMITS }, { "obase", T_OBASE },
    { "print", T_PRINT }, { "quit", T_QUIT }, { "read", T_READ }, { "return", T_RETURN },
    { "scale", T_SCALE }, { "sqrt", T_SQRT }, { "while", T_WHILE }, { "warranty", T_WARRANTY },
    { "void", T_VOID },
};

typedef struct lexer {
    bc *b;
    bc_src *srcs;
    int nsrcs, cur;
    int ch, next;          /* current char and one char of lookahead (-2 = none) */
    int64_t line;
    const char *name;
    int tok, op;
    sk_buf text;
    int line_has_tokens;   /* something other than newlines since the last one */
    int oom;               /* a token's text could not be stored */
} lexer;

static void lx_put(lexer *lx, int ch)
{
    if (sk_buf_putc(&lx->text, ch)) lx->oom = 1;
}

/* ---- characters ------------------------------------------------------------ */

static int src_getc(lexer *lx)
{
    while (lx->cur < lx->nsrcs) {
        bc_src *s = &lx->srcs[lx->cur];
        if (s->open && s->in.s) {
            if (s->in.pos < s->in.len) return (unsigned char)s->in.buf[s->in.pos++];
            char c;
            if (sk_in_read(&s->in, &c, 1) == 1) return (unsigned char)c;
        }
        lx->cur++;
        /* an end-of-source marker; the name changes when it is consumed */
        return '\n' | 0x1000;
    }
    return -1;
}

static int raw_get(lexer *lx)
{
    int c;
    if (lx->next != -2) {
        c = lx->next;
        lx->next = -2;
    } else {
        c = src_getc(lx);
    }
    return c;
}

static void advance(lexer *lx) { lx->ch = raw_get(lx); }

static int peek2(lexer *lx)
{
    if (lx->next == -2) lx->next = src_getc(lx);
    return lx->next;
}

static int is_lower(int c) { return c >= 'a' && c <= 'z'; }
static int is_digitch(int c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'); }

static void lex_error(lexer *lx, const char *fmt, const char *arg)
{
    bc *b = lx->b;
    sk_out_flush(&b->c->out);
    sk_out_printf(&b->c->err, "%s %lld: ", lx->name, (long long)lx->line);
    sk_out_printf(&b->c->err, fmt, arg);
    sk_out_putc(&b->c->err, '\n');
    sk_out_flush(&b->c->err);
}

/* Next token into lx->tok (and text/op). */
static void next_token(lexer *lx)
{
    sk_buf_clear(&lx->text);
    for (;;) {
        int c = lx->ch;
        if (c == (('\n') | 0x1000)) {
            /* between sources: the next one's name and lines */
            if (lx->cur < lx->nsrcs) {
                lx->name = lx->srcs[lx->cur].name;
                lx->line = 1;
            }
            advance(lx);
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { advance(lx); continue; }
        if (c == '\\' && peek2(lx) == '\n') { advance(lx); advance(lx); lx->line++; continue; }
        if (c == '#') {
            while (lx->ch != '\n' && lx->ch >= 0 && lx->ch != ('\n' | 0x1000)) advance(lx);
            continue;
        }
        if (c == '/' && peek2(lx) == '*') {
            advance(lx);
            advance(lx);
            for (;;) {
                if (lx->ch < 0) break;
                if (lx->ch == '*' && peek2(lx) == '/') { advance(lx); advance(lx); break; }
                if (lx->ch == '\n') lx->line++;
                advance(lx);
            }
            continue;
        }
        break;
    }
    int c = lx->ch;
    if (c < 0) { lx->tok = T_EOF; return; }
    lx->line_has_tokens = 1;
    if (c == '\n') {
        advance(lx);
        lx->line++;
        lx->tok = T_NEWLINE;
        lx->line_has_tokens = 0;
        return;
    }
    if (is_digitch(c) || (c == '.' && is_digitch(peek2(lx)))) {
        int dot = 0;
        for (;;) {
            if (is_digitch(lx->ch)) { lx_put(lx, lx->ch); advance(lx); continue; }
            if (lx->ch == '.' && !dot) { dot = 1; lx_put(lx, '.'); advance(lx); continue; }
            if (lx->ch == '\\' && peek2(lx) == '\n') { advance(lx); advance(lx); lx->line++; continue; }
            break;
        }
        lx->tok = T_NUMBER;
        return;
    }
    if (is_lower(c)) {
        while (is_lower(lx->ch) || (lx->ch >= '0' && lx->ch <= '9') || lx->ch == '_') {
            lx_put(lx, lx->ch);
            advance(lx);
        }
        lx->tok = T_NAME;
        for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
            if (!strcmp(keywords[i].w, sk_buf_cstr(&lx->text))) lx->tok = keywords[i].t;
        return;
    }
    if (c == '"') {
        advance(lx);
        while (lx->ch != '"') {
            if (lx->ch < 0) {
                lex_error(lx, "illegal character: %s", "\"");
                lx->tok = T_BAD;
                return;
            }
            if (lx->ch == '\n') lx->line++;
            if (lx->ch != ('\n' | 0x1000)) lx_put(lx, lx->ch);
            advance(lx);
        }
        advance(lx);
        lx->tok = T_STRING;
        return;
    }
    int n2 = peek2(lx);
    advance(lx);
    switch (c) {
    case ';': lx->tok = T_SEMI; return;
    case '(': lx->tok = T_LPAREN; return;
    case ')': lx->tok = T_RPAREN; return;
    case '{': lx->tok = T_LBRACE; return;
    case '}': lx->tok = T_RBRACE; return;
    case '[': lx->tok = T_LBRACKET; return;
    case ']': lx->tok = T_RBRACKET; return;
    case ',': lx->tok = T_COMMA; return;
    case '.': lx->tok = T_DOT; return;
    case '+': case '-':
        if (n2 == c) { advance(lx); lx->tok = c == '+' ? T_INCR : T_DECR; return; }
        /* fall through */
    case '*': case '/': case '%': case '^':
        if (n2 == '=') { advance(lx); lx->tok = T_ASSIGN; lx->op = c; return; }
        lx->tok = c == '+' ? T_PLUS : c == '-' ? T_MINUS : c == '*' ? T_STAR : c == '/' ? T_SLASH
                : c == '%' ? T_PERCENT : T_CARET;
        return;
    case '=':
        if (n2 == '=') { advance(lx); lx->tok = T_REL; lx->op = OP_EQ; return; }
        lx->tok = T_ASSIGN;
        lx->op = '=';
        return;
    case '!':
        if (n2 == '=') { advance(lx); lx->tok = T_REL; lx->op = OP_NE; return; }
        lx->tok = T_NOT;
        return;
    case '<': case '>':
        lx->tok = T_REL;
        if (n2 == '=') { advance(lx); lx->op = c == '<' ? OP_LE : OP_GE; return; }
        lx->op = c == '<' ? OP_LT : OP_GT;
        return;
    case '&':
        if (n2 == '&') { advance(lx); lx->tok = T_AND; return; }
        break;
    case '|':
        if (n2 == '|') { advance(lx); lx->tok = T_OR; return; }
        break;
    }
    char s[2] = { (char)c, 0 };
    lex_error(lx, "illegal character: %s", s);
    lx->tok = T_BAD;
}

/* ---- the parser ---------------------------------------------------------------- */

enum { E_CONST, E_VAR, E_ARR, E_SPECIAL, E_CALL, E_NEG, E_NOT, E_BIN, E_AND, E_OR, E_ASSIGN, E_INC,
       E_LENGTH, E_SCALE, E_SQRT, E_READ, E_ARRARG };

typedef struct ex {
    int kind, op, id;
    int delta, post;
    struct ex *a, *b;
    struct ex **args;
    int nargs;
} ex;

typedef struct loopctx {
    size_t *breaks;
    int nbreaks, capbreaks;
    size_t cont;             /* continue target */
    int has_cont;
    struct loopctx *up;
} loopctx;

typedef struct parser {
    lexer lx;
    bc *b;
    sk_arena ast;
    uint32_t **code;
    size_t *ncode, *capcode;
    int in_fn, fn_void;
    loopctx *loop;
    int depth;
    int failed;               /* an error was reported for this item */
    int oom;
    int c_zero, c_one;
} parser;

static int perr(parser *p, const char *msg)
{
    if (!p->failed) {
        p->failed = 1;
        bc *b = p->b;
        sk_out_flush(&b->c->out);
        sk_out_printf(&b->c->err, "%s %lld: %s\n", p->lx.name, (long long)p->lx.line, msg);
        sk_out_flush(&b->c->err);
    }
    return -1;
}

static int syntax(parser *p) { return perr(p, "syntax error"); }

static int emit(parser *p, uint32_t w)
{
    if (*p->ncode + 1 >= *p->capcode) {
        size_t ncap = *p->capcode ? *p->capcode * 2 : 256;
        uint32_t *n = sk_realloc(p->b->c->a, *p->code, ncap * sizeof *n);
        if (!n) { p->oom = 1; return perr(p, "out of memory"); }
        *p->code = n;
        *p->capcode = ncap;
    }
    (*p->code)[(*p->ncode)++] = w;
    return 0;
}

static size_t here(parser *p) { return *p->ncode; }
static void patch(parser *p, size_t at, size_t target) { (*p->code)[at] = (uint32_t)target; }

static ex *node(parser *p, int kind)
{
    ex *e = sk_arena_zalloc(&p->ast, sizeof *e);
    if (!e) { p->oom = 1; perr(p, "out of memory"); return NULL; }
    e->kind = kind;
    return e;
}

static int tok(parser *p) { return p->lx.tok; }
static int perr(parser *p, const char *msg);

static void next(parser *p)
{
    next_token(&p->lx);
    if (p->lx.oom && !p->oom) {
        p->oom = 1;
        p->failed = 0;
        perr(p, "out of memory");
    }
    if (p->oom) p->lx.tok = T_EOF;
}

static ex *parse_expr(parser *p);
static ex *parse_rel(parser *p);
static ex *parse_unary(parser *p);

static int enter(parser *p)
{
    if (++p->depth > BC_MAX_EXPR_DEPTH || sk_stack_low(p->b->stack_limit)) {
        perr(p, "expression nesting too deep");
        return -1;
    }
    return 0;
}

static int sym(parser *p)
{
    int id = bc_sym_id(p->b, p->lx.text.p ? p->lx.text.p : "", p->lx.text.len);
    if (id < 0) { p->oom = 1; perr(p, "out of memory"); }
    return id;
}

static int is_lvalue(const ex *e) { return e && (e->kind == E_VAR || e->kind == E_ARR || e->kind == E_SPECIAL); }

/* name, name[expr], name(args), scale/ibase/obase/last, builtins, numbers, (expr) */
static ex *parse_primary(parser *p)
{
    ex *e;
    switch (tok(p)) {
    case T_NUMBER: {
        e = node(p, E_CONST);
        if (!e) return NULL;
        e->id = bc_add_const(p->b, p->lx.text.p, p->lx.text.len);
        if (e->id < 0) { p->oom = 1; perr(p, "out of memory"); return NULL; }
        next(p);
        return e;
    }
    case T_LPAREN:
        next(p);
        e = parse_expr(p);
        if (!e) return NULL;
        if (tok(p) != T_RPAREN) { syntax(p); return NULL; }
        next(p);
        /* a parenthesised name is no longer assignable */
        if (is_lvalue(e)) {
            ex *w = node(p, E_BIN);
            if (!w) return NULL;
            w->op = -1;
            w->a = e;
            return w;
        }
        return e;
    case T_SCALE:
        next(p);
        if (tok(p) == T_LPAREN) {
            next(p);
            e = node(p, E_SCALE);
            if (!e || !(e->a = parse_expr(p))) return NULL;
            if (tok(p) != T_RPAREN) { syntax(p); return NULL; }
            next(p);
            return e;
        }
        e = node(p, E_SPECIAL);
        if (e) e->id = 0;
        return e;
    case T_IBASE: case T_OBASE: case T_LAST: case T_DOT:
        e = node(p, E_SPECIAL);
        if (e) e->id = tok(p) == T_IBASE ? 1 : tok(p) == T_OBASE ? 2 : 3;
        next(p);
        return e;
    case T_LENGTH: case T_SQRT: {
        int k = tok(p) == T_LENGTH ? E_LENGTH : E_SQRT;
        next(p);
        if (tok(p) != T_LPAREN) { syntax(p); return NULL; }
        next(p);
        e = node(p, k);
        if (!e || !(e->a = parse_expr(p))) return NULL;
        if (tok(p) != T_RPAREN) { syntax(p); return NULL; }
        next(p);
        return e;
    }
    case T_READ:
        next(p);
        if (tok(p) != T_LPAREN) { syntax(p); return NULL; }
        next(p);
        if (tok(p) != T_RPAREN) { syntax(p); return NULL; }
        next(p);
        return node(p, E_READ);
    case T_NAME: {
        int id = sym(p);
        if (id < 0) return NULL;
        next(p);
        if (tok(p) == T_LBRACKET) {
            next(p);
            e = node(p, E_ARR);
            if (!e) return NULL;
            e->id = id;
            if (!(e->a = parse_expr(p))) return NULL;
            if (tok(p) != T_RBRACKET) { syntax(p); return NULL; }
            next(p);
            return e;
        }
        if (tok(p) == T_LPAREN) {
            next(p);
            e = node(p, E_CALL);
            if (!e) return NULL;
            e->id = id;
            ex *args[64];
            int n = 0;
            if (tok(p) != T_RPAREN) {
                for (;;) {
                    ex *a;
                    if (tok(p) == T_NAME && p->lx.ch == '[' && peek2(&p->lx) == ']') {
                        /* NAME[] passes an array */
                        a = node(p, E_ARRARG);
                        if (!a || (a->id = sym(p)) < 0) return NULL;
                        next(p); /* [ */
                        next(p); /* ] */
                        next(p);
                    } else {
                        a = parse_expr(p);
                        if (!a) return NULL;
                    }
                    if (n >= 64) { perr(p, "too many arguments"); return NULL; }
                    args[n++] = a;
                    if (tok(p) == T_COMMA) { next(p); continue; }
                    break;
                }
            }
            if (tok(p) != T_RPAREN) { syntax(p); return NULL; }
            next(p);
            e->nargs = n;
            e->args = sk_arena_alloc(&p->ast, (size_t)(n ? n : 1) * sizeof *e->args);
            if (!e->args) { p->oom = 1; perr(p, "out of memory"); return NULL; }
            memcpy(e->args, args, (size_t)n * sizeof *args);
            return e;
        }
        e = node(p, E_VAR);
        if (e) e->id = id;
        return e;
    }
    default:
        syntax(p);
        return NULL;
    }
}

static ex *parse_postfix(parser *p)
{
    ex *e = parse_primary(p);
    if (!e) return NULL;
    if ((tok(p) == T_INCR || tok(p) == T_DECR) && is_lvalue(e)) {
        ex *n = node(p, E_INC);
        if (!n) return NULL;
        n->a = e;
        n->delta = tok(p) == T_INCR ? 1 : -1;
        n->post = 1;
        next(p);
        return n;
    }
    return e;
}

static ex *parse_unary(parser *p)
{
    if (enter(p)) return NULL;
    ex *e;
    if (tok(p) == T_MINUS) {
        next(p);
        ex *a = parse_unary(p);
        if (!a) return NULL;
        e = node(p, E_NEG);
        if (e) e->a = a;
    } else if (tok(p) == T_NOT) {
        /* ! takes everything of higher precedence: relations and up */
        next(p);
        ex *a = parse_rel(p);
        if (!a) return NULL;
        e = node(p, E_NOT);
        if (e) e->a = a;
    } else if (tok(p) == T_INCR || tok(p) == T_DECR) {
        int d = tok(p) == T_INCR ? 1 : -1;
        next(p);
        ex *a = parse_primary(p);
        if (!a) return NULL;
        if (!is_lvalue(a)) { syntax(p); return NULL; }
        e = node(p, E_INC);
        if (e) { e->a = a; e->delta = d; }
    } else {
        e = parse_postfix(p);
    }
    p->depth--;
    return e;
}

static ex *parse_pow(parser *p)
{
    ex *a = parse_unary(p);
    if (!a || tok(p) != T_CARET) return a;
    next(p);
    if (enter(p)) return NULL;
    ex *b = parse_pow(p);
    p->depth--;
    if (!b) return NULL;
    ex *e = node(p, E_BIN);
    if (!e) return NULL;
    e->op = OP_POW;
    e->a = a;
    e->b = b;
    return e;
}

static ex *parse_mul(parser *p)
{
    ex *a = parse_pow(p);
    while (a && (tok(p) == T_STAR || tok(p) == T_SLASH || tok(p) == T_PERCENT)) {
        int op = tok(p) == T_STAR ? OP_MUL : tok(p) == T_SLASH ? OP_DIV : OP_MOD;
        next(p);
        ex *b = parse_pow(p);
        if (!b) return NULL;
        ex *e = node(p, E_BIN);
        if (!e) return NULL;
        e->op = op;
        e->a = a;
        e->b = b;
        a = e;
    }
    return a;
}

static ex *parse_add(parser *p)
{
    ex *a = parse_mul(p);
    while (a && (tok(p) == T_PLUS || tok(p) == T_MINUS)) {
        int op = tok(p) == T_PLUS ? OP_ADD : OP_SUB;
        next(p);
        ex *b = parse_mul(p);
        if (!b) return NULL;
        ex *e = node(p, E_BIN);
        if (!e) return NULL;
        e->op = op;
        e->a = a;
        e->b = b;
        a = e;
    }
    return a;
}

/* assignment is right associative and binds looser than arithmetic but
 * tighter than the relations */
static ex *parse_assign(parser *p)
{
    if (enter(p)) return NULL;
    ex *a = parse_add(p);
    if (a && tok(p) == T_ASSIGN) {
        if (!is_lvalue(a)) { syntax(p); return NULL; }
        int op = p->lx.op;
        next(p);
        ex *b = parse_assign(p);
        if (!b) return NULL;
        ex *e = node(p, E_ASSIGN);
        if (!e) return NULL;
        e->op = op == '=' ? 0 : op == '+' ? OP_ADD : op == '-' ? OP_SUB : op == '*' ? OP_MUL
              : op == '/' ? OP_DIV : op == '%' ? OP_MOD : OP_POW;
        e->a = a;
        e->b = b;
        a = e;
    }
    p->depth--;
    return a;
}

static ex *parse_rel(parser *p)
{
    ex *a = parse_assign(p);
    while (a && tok(p) == T_REL) {
        int op = p->lx.op;
        next(p);
        ex *b = parse_assign(p);
        if (!b) return NULL;
        ex *e = node(p, E_BIN);
        if (!e) return NULL;
        e->op = op;
        e->a = a;
        e->b = b;
        a = e;
    }
    return a;
}

static ex *parse_and(parser *p)
{
    ex *a = parse_rel(p);
    while (a && tok(p) == T_AND) {
        next(p);
        ex *b = parse_rel(p);
        if (!b) return NULL;
        ex *e = node(p, E_AND);
        if (!e) return NULL;
        e->a = a;
        e->b = b;
        a = e;
    }
    return a;
}

static ex *parse_expr(parser *p)
{
    if (enter(p)) return NULL;
    ex *a = parse_and(p);
    while (a && tok(p) == T_OR) {
        next(p);
        ex *b = parse_and(p);
        if (!b) return NULL;
        ex *e = node(p, E_OR);
        if (!e) return NULL;
        e->a = a;
        e->b = b;
        a = e;
    }
    p->depth--;
    return a;
}

/* ---- code generation ------------------------------------------------------------ */

static int gen(parser *p, const ex *e, int depth);

static int gen_lv_load(parser *p, const ex *lv, int depth)
{
    switch (lv->kind) {
    case E_VAR: return emit(p, OP_LOAD) || emit(p, (uint32_t)lv->id);
    case E_SPECIAL: return emit(p, OP_LOADS) || emit(p, (uint32_t)lv->id);
    default: /* E_ARR: the index is already on the stack, twice */
        (void)depth;
        return emit(p, OP_LOADA) || emit(p, (uint32_t)lv->id);
    }
}

static int gen(parser *p, const ex *e, int depth)
{
    if (depth > BC_MAX_EXPR_DEPTH * 4 || sk_stack_low(p->b->stack_limit)) return perr(p, "expression nesting too deep");
    switch (e->kind) {
    case E_CONST: return emit(p, OP_CONST) || emit(p, (uint32_t)e->id);
    case E_VAR: return emit(p, OP_LOAD) || emit(p, (uint32_t)e->id);
    case E_SPECIAL: return emit(p, OP_LOADS) || emit(p, (uint32_t)e->id);
    case E_ARR: return gen(p, e->a, depth + 1) || emit(p, OP_LOADA) || emit(p, (uint32_t)e->id);
    case E_NEG: return gen(p, e->a, depth + 1) || emit(p, OP_NEG);
    case E_NOT: return gen(p, e->a, depth + 1) || emit(p, OP_NOT);
    case E_LENGTH: return gen(p, e->a, depth + 1) || emit(p, OP_LENGTH);
    case E_SCALE: return gen(p, e->a, depth + 1) || emit(p, OP_SCALEOF);
    case E_SQRT: return gen(p, e->a, depth + 1) || emit(p, OP_SQRT);
    case E_READ: return emit(p, OP_READ);
    case E_BIN:
        if (e->op == -1) return gen(p, e->a, depth + 1); /* parentheses */
        return gen(p, e->a, depth + 1) || gen(p, e->b, depth + 1) || emit(p, (uint32_t)e->op);
    case E_AND:
    case E_OR: {
        /* short-circuit, giving 0 or 1 */
        int and = e->kind == E_AND;
        if (gen(p, e->a, depth + 1) || emit(p, and ? OP_JZ : OP_JNZ) || emit(p, 0)) return -1;
        size_t j1 = here(p) - 1;
        if (gen(p, e->b, depth + 1) || emit(p, and ? OP_JZ : OP_JNZ) || emit(p, 0)) return -1;
        size_t j2 = here(p) - 1;
        if (emit(p, OP_CONST) || emit(p, (uint32_t)(and ? p->c_one : p->c_zero)) || emit(p, OP_JMP) || emit(p, 0))
            return -1;
        size_t j3 = here(p) - 1;
        patch(p, j1, here(p));
        patch(p, j2, here(p));
        if (emit(p, OP_CONST) || emit(p, (uint32_t)(and ? p->c_zero : p->c_one))) return -1;
        patch(p, j3, here(p));
        return 0;
    }
    case E_ASSIGN: {
        const ex *lv = e->a;
        if (lv->kind == E_ARR) {
            if (gen(p, lv->a, depth + 1)) return -1;
            if (e->op) {
                if (emit(p, OP_DUP) || gen_lv_load(p, lv, depth)) return -1;
            }
        } else if (e->op) {
            if (gen_lv_load(p, lv, depth)) return -1;
        }
        if (gen(p, e->b, depth + 1)) return -1;
        if (e->op && emit(p, (uint32_t)e->op)) return -1;
        int st = lv->kind == E_VAR ? OP_STORE : lv->kind == E_ARR ? OP_STOREA : OP_STORES;
        return emit(p, (uint32_t)st) || emit(p, (uint32_t)lv->id);
    }
    case E_INC: {
        const ex *lv = e->a;
        if (lv->kind == E_ARR && gen(p, lv->a, depth + 1)) return -1;
        int op = lv->kind == E_VAR ? OP_INCV : lv->kind == E_ARR ? OP_INCA : OP_INCS;
        return emit(p, (uint32_t)op) || emit(p, (uint32_t)lv->id) || emit(p, (uint32_t)(e->delta + 1)) ||
               emit(p, (uint32_t)e->post);
    }
    case E_CALL:
        for (int i = 0; i < e->nargs; i++) {
            const ex *a = e->args[i];
            if (a->kind == E_ARRARG) {
                if (emit(p, OP_PUSHARR) || emit(p, (uint32_t)a->id)) return -1;
            } else if (gen(p, a, depth + 1)) {
                return -1;
            }
        }
        return emit(p, OP_CALL) || emit(p, (uint32_t)e->id) || emit(p, (uint32_t)e->nargs);
    }
    return perr(p, "internal error");
}

/* ---- statements ---------------------------------------------------------------- */

static int parse_statement(parser *p);

static void skip_newlines(parser *p)
{
    while (tok(p) == T_NEWLINE) next(p);
}

static int expr_code(parser *p, int print)
{
    sk_arena_mark mk = sk_arena_save(&p->ast);
    p->depth = 0;
    ex *e = parse_expr(p);
    int r = e ? gen(p, e, 0) : -1;
    if (!r && print >= 0) {
        if (print && e->kind != E_ASSIGN) r = emit(p, OP_PRINT);
        else if (!print || e->kind == E_ASSIGN) r = emit(p, OP_POP);
    }
    sk_arena_restore(&p->ast, mk);
    return r;
}

static int add_break(parser *p, loopctx *l, size_t at)
{
    if (l->nbreaks >= l->capbreaks) {
        int ncap = l->capbreaks ? l->capbreaks * 2 : 8;
        size_t *n = sk_realloc(p->b->c->a, l->breaks, (size_t)ncap * sizeof *n);
        if (!n) { p->oom = 1; return perr(p, "out of memory"); }
        l->breaks = n;
        l->capbreaks = ncap;
    }
    l->breaks[l->nbreaks++] = at;
    return 0;
}

static void end_loop(parser *p, loopctx *l, size_t end)
{
    for (int i = 0; i < l->nbreaks; i++) patch(p, l->breaks[i], end);
    sk_free(p->b->c->a, l->breaks);
    p->loop = l->up;
}

/* { statement_list } */
static int parse_block(parser *p)
{
    next(p); /* { */
    for (;;) {
        while (tok(p) == T_NEWLINE || tok(p) == T_SEMI) next(p);
        if (tok(p) == T_RBRACE) { next(p); return 0; }
        if (tok(p) == T_EOF) return syntax(p);
        if (parse_statement(p)) return -1;
        if (tok(p) != T_NEWLINE && tok(p) != T_SEMI && tok(p) != T_RBRACE) return syntax(p);
    }
}

static int parse_statement(parser *p)
{
    bc *b = p->b;
    if (enter(p)) return -1;
    int r = 0;
    switch (tok(p)) {
    case T_LBRACE:
        r = parse_block(p);
        break;
    case T_STRING: {
        int id = bc_add_str(b, p->lx.text.p ? p->lx.text.p : "", p->lx.text.len);
        if (id < 0) { p->oom = 1; r = perr(p, "out of memory"); break; }
        next(p);
        r = emit(p, OP_STR) || emit(p, (uint32_t)id);
        break;
    }
    case T_PRINT:
        next(p);
        for (;;) {
            if (tok(p) == T_STRING) {
                int id = bc_add_str(b, p->lx.text.p ? p->lx.text.p : "", p->lx.text.len);
                if (id < 0) { p->oom = 1; r = perr(p, "out of memory"); break; }
                next(p);
                if ((r = emit(p, OP_PSTR) || emit(p, (uint32_t)id))) break;
            } else {
                if ((r = expr_code(p, -1)) || (r = emit(p, OP_PRINTN))) break;
            }
            if (tok(p) != T_COMMA) break;
            next(p);
        }
        break;
    case T_IF: {
        next(p);
        if (tok(p) != T_LPAREN) { r = syntax(p); break; }
        next(p);
        if ((r = expr_code(p, -1))) break;
        if (tok(p) != T_RPAREN) { r = syntax(p); break; }
        next(p);
        skip_newlines(p);
        if ((r = emit(p, OP_JZ) || emit(p, 0))) break;
        size_t jelse = here(p) - 1;
        if ((r = parse_statement(p))) break;
        if (tok(p) == T_ELSE) {
            next(p);
            skip_newlines(p);
            if ((r = emit(p, OP_JMP) || emit(p, 0))) break;
            size_t jend = here(p) - 1;
            patch(p, jelse, here(p));
            if ((r = parse_statement(p))) break;
            patch(p, jend, here(p));
        } else {
            patch(p, jelse, here(p));
        }
        break;
    }
    case T_WHILE: {
        next(p);
        if (tok(p) != T_LPAREN) { r = syntax(p); break; }
        next(p);
        size_t top = here(p);
        if ((r = expr_code(p, -1))) break;
        if (tok(p) != T_RPAREN) { r = syntax(p); break; }
        next(p);
        skip_newlines(p);
        if ((r = emit(p, OP_JZ) || emit(p, 0))) break;
        loopctx l = { NULL, 0, 0, top, 1, p->loop };
        p->loop = &l;
        if (add_break(p, &l, here(p) - 1) || parse_statement(p) || emit(p, OP_JMP) || emit(p, (uint32_t)top)) {
            end_loop(p, &l, 0);
            r = -1;
            break;
        }
        end_loop(p, &l, here(p));
        break;
    }
    case T_FOR: {
        next(p);
        if (tok(p) != T_LPAREN) { r = syntax(p); break; }
        next(p);
        if (tok(p) != T_SEMI && (r = expr_code(p, 0))) break;
        if (tok(p) != T_SEMI) { r = syntax(p); break; }
        next(p);
        size_t cond = here(p);
        int has_cond = tok(p) != T_SEMI;
        if (has_cond && (r = expr_code(p, -1))) break;
        if (tok(p) != T_SEMI) { r = syntax(p); break; }
        next(p);
        size_t jend = 0;
        if (has_cond) {
            if ((r = emit(p, OP_JZ) || emit(p, 0))) break;
            jend = here(p) - 1;
        }
        if ((r = emit(p, OP_JMP) || emit(p, 0))) break;
        size_t jbody = here(p) - 1;
        size_t post = here(p);
        if (tok(p) != T_RPAREN && (r = expr_code(p, 0))) break;
        if (tok(p) != T_RPAREN) { r = syntax(p); break; }
        next(p);
        if ((r = emit(p, OP_JMP) || emit(p, (uint32_t)cond))) break;
        patch(p, jbody, here(p));
        skip_newlines(p);
        loopctx l = { NULL, 0, 0, post, 1, p->loop };
        p->loop = &l;
        if ((has_cond && add_break(p, &l, jend)) || parse_statement(p) || emit(p, OP_JMP) ||
            emit(p, (uint32_t)post)) {
            end_loop(p, &l, 0);
            r = -1;
            break;
        }
        end_loop(p, &l, here(p));
        break;
    }
    case T_BREAK:
        if (!p->loop) { r = perr(p, "Break outside a for/while"); break; }
        next(p);
        r = emit(p, OP_JMP) || emit(p, 0) || add_break(p, p->loop, here(p) - 1);
        break;
    case T_CONTINUE:
        if (!p->loop) { r = perr(p, "Continue outside a for"); break; }
        next(p);
        r = emit(p, OP_JMP) || emit(p, (uint32_t)p->loop->cont);
        break;
    case T_RETURN:
        next(p);
        if (tok(p) == T_NEWLINE || tok(p) == T_SEMI || tok(p) == T_RBRACE || tok(p) == T_EOF) {
            if (!p->in_fn) { r = perr(p, "Return outside of a function."); break; }
            r = emit(p, OP_RET0);
            break;
        }
        if (p->fn_void) { r = perr(p, "Return expression in a void function."); break; }
        if ((r = expr_code(p, -1))) break;
        if (!p->in_fn) { r = perr(p, "Return outside of a function."); break; }
        r = emit(p, OP_RET);
        break;
    case T_HALT:
        next(p);
        r = emit(p, OP_HALT);
        break;
    case T_QUIT:
        /* quit ends bc the moment it is read, wherever it is */
        b->halted = 1;
        r = -1;
        break;
    case T_LIMITS:
        next(p);
        sk_out_printf(&b->c->out,
                      "BC_BASE_MAX     = %d\nBC_DIM_MAX      = %d\nBC_SCALE_MAX    = %d\n"
                      "BC_STRING_MAX   = %d\nMAX Exponent    = %lld\nNumber of vars  = %d\n",
                      BC_BASE_MAX, BC_DIM_MAX, BC_SCALE_MAX, 2147483647, (long long)INT64_MAX, 32767);
        break;
    case T_WARRANTY:
        next(p);
        sk_out_puts(&b->c->out, "bc (Sandkiste): an arbitrary precision calculator; no warranty.\n");
        break;
    case T_NEWLINE: case T_SEMI: case T_RBRACE:
        break;
    default:
        r = expr_code(p, 1);
        break;
    }
    p->depth--;
    return r;
}

/* define [void] NAME ( params ) { [auto list] statements } */
static int parse_define(parser *p)
{
    bc *b = p->b;
    next(p);
    int is_void = 0;
    if (tok(p) == T_VOID) { is_void = 1; next(p); }
    if (tok(p) != T_NAME) return syntax(p);
    int fid = sym(p);
    if (fid < 0) return -1;
    next(p);
    if (tok(p) != T_LPAREN) return syntax(p);
    next(p);
    int kinds[256], ids[256], n = 0, na = 0;
    if (tok(p) != T_RPAREN) {
        for (;;) {
            int ref = 0;
            if (tok(p) == T_STAR) { ref = 1; next(p); }
            if (tok(p) != T_NAME) return syntax(p);
            int id = sym(p);
            if (id < 0) return -1;
            next(p);
            int kind = BCP_SCALAR;
            if (tok(p) == T_LBRACKET) {
                next(p);
                if (tok(p) != T_RBRACKET) return syntax(p);
                next(p);
                kind = ref ? BCP_ARRAY_REF : BCP_ARRAY;
            } else if (ref) {
                return syntax(p);
            }
            if (n >= 128) return perr(p, "too many parameters");
            kinds[n] = kind;
            ids[n++] = id;
            if (tok(p) != T_COMMA) break;
            next(p);
        }
    }
    if (tok(p) != T_RPAREN) return syntax(p);
    next(p);
    skip_newlines(p);
    if (tok(p) != T_LBRACE) return syntax(p);
    next(p);
    skip_newlines(p);
    if (tok(p) == T_AUTO) {
        next(p);
        for (;;) {
            if (tok(p) != T_NAME) return syntax(p);
            int id = sym(p);
            if (id < 0) return -1;
            next(p);
            int kind = BCP_SCALAR;
            if (tok(p) == T_LBRACKET) {
                next(p);
                if (tok(p) != T_RBRACKET) return syntax(p);
                next(p);
                kind = BCP_ARRAY;
            }
            for (int i = 0; i < n + na; i++)
                if (ids[i] == id && (kinds[i] == BCP_SCALAR) == (kind == BCP_SCALAR))
                    return perr(p, i < n ? "variable in both parameter and auto lists" : "duplicate auto variable");
            if (n + na >= 256) return perr(p, "too many auto variables");
            kinds[n + na] = kind;
            ids[n + na] = id;
            na++;
            if (tok(p) != T_COMMA) break;
            next(p);
        }
        if (tok(p) != T_NEWLINE && tok(p) != T_SEMI) return syntax(p);
    }
    /* the body goes to its own code buffer */
    uint32_t *code = NULL;
    size_t ncode = 0, cap = 0;
    uint32_t **save_code = p->code;
    size_t *save_n = p->ncode, *save_cap = p->capcode;
    p->code = &code;
    p->ncode = &ncode;
    p->capcode = &cap;
    p->in_fn = 1;
    p->fn_void = is_void;
    loopctx *save_loop = p->loop;
    p->loop = NULL;
    int r = 0;
    for (;;) {
        while (tok(p) == T_NEWLINE || tok(p) == T_SEMI) next(p);
        if (tok(p) == T_RBRACE) { next(p); break; }
        if (tok(p) == T_EOF) { r = syntax(p); break; }
        if ((r = parse_statement(p))) break;
        if (tok(p) != T_NEWLINE && tok(p) != T_SEMI && tok(p) != T_RBRACE) { r = syntax(p); break; }
    }
    if (!r) r = emit(p, OP_RET0);
    p->code = save_code;
    p->ncode = save_n;
    p->capcode = save_cap;
    p->in_fn = 0;
    p->fn_void = 0;
    p->loop = save_loop;
    if (r) {
        sk_free(b->c->a, code);
        return -1;
    }
    bc_fn *f = &b->syms[fid].fn;
    int *arrs = sk_malloc(b->c->a, (size_t)(2 * (n + na) + 1) * sizeof *arrs);
    if (!arrs) { sk_free(b->c->a, code); p->oom = 1; return perr(p, "out of memory"); }
    sk_free(b->c->a, f->code);
    sk_free(b->c->a, f->pkind);
    f->defined = 1;
    f->native = 0;
    f->is_void = is_void;
    f->nparams = n;
    f->nautos = na;
    f->pkind = arrs;
    f->pid = arrs + n;
    f->akind = arrs + 2 * n;
    f->aid = arrs + 2 * n + na;
    memcpy(f->pkind, kinds, (size_t)n * sizeof *kinds);
    memcpy(f->pid, ids, (size_t)n * sizeof *ids);
    memcpy(f->akind, kinds + n, (size_t)na * sizeof *kinds);
    memcpy(f->aid, ids + n, (size_t)na * sizeof *ids);
    f->code = code;
    f->ncode = ncode;
    return 0;
}

static int run_main(parser *p)
{
    bc *b = p->b;
    if (!b->nmain) return 0;
    int r = emit(p, OP_END);
    if (!r) bc_run(b, b->main, b->nmain);
    b->nmain = 0;
    return r;
}

int bc_compile_run(bc *b, bc_src *srcs, int nsrcs)
{
    parser p;
    memset(&p, 0, sizeof p);
    p.b = b;
    p.lx.b = b;
    p.lx.srcs = srcs;
    p.lx.nsrcs = nsrcs;
    p.lx.name = nsrcs ? srcs[0].name : "(standard_in)";
    p.lx.line = 1;
    p.lx.next = -2;
    sk_buf_init(&p.lx.text, b->c->a);
    sk_arena_init(&p.ast, b->c->a, 4096);
    p.code = &b->main;
    p.ncode = &b->nmain;
    p.capcode = &b->capmain;
    p.c_zero = bc_add_const(b, "0", 1);
    p.c_one = bc_add_const(b, "1", 1);
    if (p.c_zero < 0 || p.c_one < 0) return 1;
    advance(&p.lx);
    next(&p);
    while (!b->halted && !p.oom && !cmd_aborted(b->c)) {
        p.failed = 0;
        int t = tok(&p);
        if (t == T_EOF) {
            /* a statement not ended by a newline is an error at the end */
            if (b->nmain) {
                syntax(&p);
                b->nmain = 0;
            }
            break;
        }
        if (t == T_NEWLINE) {
            run_main(&p);
            next(&p);
            continue;
        }
        if (t == T_SEMI) { next(&p); continue; }
        int r;
        if (t == T_DEFINE) {
            r = parse_define(&p);
        } else {
            r = parse_statement(&p);
            if (!r && tok(&p) != T_NEWLINE && tok(&p) != T_SEMI) r = syntax(&p);
        }
        if (r) {
            if (b->halted) break;
            /* discard this line and everything up to its end */
            b->nmain = 0;
            p.loop = NULL;
            while (tok(&p) != T_NEWLINE && tok(&p) != T_EOF) next(&p);
            if (tok(&p) == T_NEWLINE) next(&p);
        }
    }
    sk_buf_free(&p.lx.text);
    sk_arena_free(&p.ast);
    return b->status;
}
