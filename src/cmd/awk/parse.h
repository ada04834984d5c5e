/* parse.h — the awk parser's shared state and helpers (private to
 * parse.c, which does statements and programs, and parse_expr.c, which does
 * expressions and names). */
#ifndef SK_CMD_AWK_PARSE_H
#define SK_CMD_AWK_PARSE_H

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

#define TOK (p->lx.tok)

/* errors and tokens (parse.c) */
void ap_report(parser *p, size_t at, int line, const char *msg);
awk_node *ap_fail(parser *p, const char *msg);
awk_node *ap_syntax(parser *p);
int ap_next(parser *p);
int ap_peek(parser *p);
void ap_newlines(parser *p);
int ap_expect(parser *p, int tok);
int ap_enter(parser *p);
awk_node *ap_stmt(parser *p);

/* nodes, names and expressions (parse_expr.c) */
awk_node *ap_mk(parser *p, int op);
awk_node *ap_mk2(parser *p, int op, awk_node *a, awk_node *b);
int ap_func_index(parser *p, const char *name, size_t len);
awk_node *ap_var(parser *p);
int ap_is_lvalue(awk_node *n);
awk_node *ap_regex(parser *p);
awk_node *ap_expr_list(parser *p, int close, int *count);
awk_node *ap_expr(parser *p);
awk_node *ap_concat(parser *p);
awk_node *ap_postfix(parser *p);
awk_node *ap_array_ref(parser *p);

#endif
