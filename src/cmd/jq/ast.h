/* ast.h — the jq program as a tree, and the parser that builds it.
 *
 * Nodes live in an arena owned by the program.  After parsing, every
 * name is resolved once (calls to their definitions or natives, variables
 * to their binding sites, breaks to their labels), so evaluation never
 * looks a name up by string. */
#ifndef SK_CMD_JQ_AST_H
#define SK_CMD_JQ_AST_H

#include "base/arena.h"
#include "base/buf.h"
#include "jv.h"

typedef enum jq_op {
    N_IDENTITY,     /* . */
    N_RECURSE,      /* .. */
    N_LITERAL,      /* val */
    N_INDEX,        /* a[b]  (a = subject, b = key expression); .foo is a[b] with b literal */
    N_SLICE,        /* a[b:c]  (b or c may be NULL) */
    N_ITER,         /* a[] */
    N_PIPE,         /* a | b */
    N_COMMA,        /* a , b */
    N_NEG,          /* -a */
    N_BINOP,        /* a op b  (sub = '+', '-', '*', '/', '%', EQ, NE, '<', LE, '>', GE) */
    N_AND, N_OR,
    N_ALT,          /* a // b */
    N_ASSIGN,       /* a op= b (sub = '=', '|', '+', '-', '*', '/', '%', ALT) */
    N_IF,           /* if a then b else c (c may be NULL: identity) */
    N_TRY,          /* try a catch b (b may be NULL) */
    N_OPT,          /* a? */
    N_REDUCE,       /* reduce a as pat (b; c) */
    N_FOREACH,      /* foreach a as pat (b; c; d) */
    N_AS,           /* a as pats | b */
    N_FUNCDEF,      /* def name(params): a; b */
    N_CALL,         /* name(args) */
    N_VAR,          /* $name */
    N_LABEL,        /* label $name | a */
    N_BREAK,        /* break $name */
    N_ARRAY,        /* [a] (a may be NULL) */
    N_OBJECT,       /* {k: v, ...}: args = 2*n nodes, key then value (value NULL: shorthand) */
    N_STRING,       /* interpolated string: args = parts (literals or expressions), name = format */
    N_FORMAT,       /* @name alone */
    N_LOC,          /* $__loc__ */
    /* patterns */
    P_VAR,          /* $name */
    P_ARRAY,        /* [p, ...] : args */
    P_OBJECT,       /* {key: p, ...}: args = 2*n (key expr or P_VAR, pattern or NULL) */
} jq_op;

enum { OP_EQ = 256, OP_NE, OP_LE, OP_GE, OP_ALT };

/* How a call was resolved. */
enum { CALL_UNRESOLVED, CALL_DEF, CALL_PARAM, CALL_NATIVE };

typedef struct jq_node jq_node;
struct jq_node {
    uint8_t op;
    uint8_t callkind;
    uint16_t sub;
    int32_t pos;            /* byte offset in the program text */
    jq_node *a, *b, *c, *d;
    jv val;                 /* N_LITERAL; N_STRING literal parts */
    const char *name;       /* identifiers, format names */
    int nargs;
    jq_node **args;
    /* N_FUNCDEF: params are P_VAR nodes (sub=1 for $params) in args */
    /* N_AS/N_REDUCE/N_FOREACH: patterns (alternatives) in args */
    jq_node *target;        /* resolved definition / binding / label */
    int index;              /* param index, native index */
    int nvars;              /* N_AS with ?//: all variables of all alternatives */
    jq_node **vars;
    int library;            /* defined in the builtin library */
};

/* ---- parsing ---------------------------------------------------------------- */

typedef struct jq_parse_opts {
    const char *text;
    size_t len;
    sk_arena *arena;
    jvh *h;
    int max_depth;          /* nesting limit */
    long fuel;              /* parser operations limit (0 = unlimited) */
    const void *stack_limit;
    sk_buf *literals;       /* heap literals are appended here (as jv) */
} jq_parse_opts;

/* Parse a program.  Returns the root, or NULL with a message appended to
 * err in jq's format ("syntax error, unexpected ...") and *errpos set. */
jq_node *jq_parse(const jq_parse_opts *o, sk_buf *err, int *errpos);

/* Parse a library text: a sequence of definitions "def a: ...; def b: ...;".
 * Returns the FUNCDEF chain (each ->b is the next, last ->b NULL). */
jq_node *jq_parse_defs(const jq_parse_opts *o, sk_buf *err, int *errpos);

#endif
