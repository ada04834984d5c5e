/* ast.h — the Python abstract syntax tree.
 *
 * CONTRACT: this header is shared between the parser (src/py/parser*.c,
 * owner: the pyparse helper) and the compiler.  Changes must be ADDITIVE
 * only: never rename, reorder or reshape an existing field, enum value or
 * struct; add new ones at the end.
 *
 * The tree mirrors CPython 3.14's Parser/Python.asdl one-to-one.  Naming:
 *   ASDL sum `stmt`  -> struct py_stmt, kinds PY_STMT_<NAME> (upper case),
 *                       per-kind fields in the union `v.<name>` (lower case
 *                       ASDL constructor name, `_` appended when it is a C
 *                       keyword: return_, for_, while_, if_).
 *   Constructors that share a field layout share one union member:
 *     AsyncFunctionDef -> v.functiondef   AsyncFor -> v.for_
 *     AsyncWith        -> v.with          TryStar  -> v.try_
 *     Nonlocal         -> v.global
 *   Same scheme for py_expr (PY_EXPR_*), py_pattern (PY_PAT_*),
 *   py_type_param (PY_TP_*), py_mod (PY_MOD_*).
 *
 * Memory: every node, sequence array and string lives in the sk_arena given
 * to py_parse(); the tree dies with the arena.
 *
 * Sequences are (items, n) pairs; items may be NULL when n == 0.  An
 * optional child (`expr?` in ASDL) is a NULL pointer when absent.
 *
 * Positions: every stmt, expr, arg, keyword, alias, excepthandler, pattern
 * and type_param carries lineno / col_offset / end_lineno / end_col_offset
 * with CPython's conventions: lines are 1-based, columns are 0-based UTF-8
 * BYTE offsets into the line.
 *
 * Identifiers are NUL-terminated UTF-8 strings (NFKC-normalised as CPython
 * does for non-ASCII identifiers).  Identical identifiers within one parse
 * are NOT guaranteed to share a pointer; compare with strcmp.
 *
 * String constants (PY_CONST_STR) are UTF-8 with an explicit length; they
 * may contain NUL bytes.  Lone surrogates (from "\ud800" escapes) are
 * encoded as WTF-8, i.e. the generalised 3-byte UTF-8 form (ED A0 80 for
 * U+D800).  Data is also NUL-terminated for convenience (not counted in
 * len).
 */
#ifndef SK_PY_AST_H
#define SK_PY_AST_H

#include <stddef.h>
#include <stdint.h>

typedef struct py_expr py_expr;
typedef struct py_stmt py_stmt;
typedef struct py_pattern py_pattern;
typedef struct py_type_param py_type_param;
typedef struct py_arguments py_arguments;
typedef struct py_arg py_arg;
typedef struct py_keyword py_keyword;
typedef struct py_alias py_alias;
typedef struct py_withitem py_withitem;
typedef struct py_match_case py_match_case;
typedef struct py_comprehension py_comprehension;
typedef struct py_excepthandler py_excepthandler;
typedef struct py_type_ignore py_type_ignore;

/* ---- sequences ---------------------------------------------------------- */
typedef struct { py_expr **items; int n; } py_expr_seq;  /* Dict.keys items may be NULL (**d) */
typedef struct { py_stmt **items; int n; } py_stmt_seq;
typedef struct { py_pattern **items; int n; } py_pattern_seq;
typedef struct { py_type_param **items; int n; } py_type_param_seq;
typedef struct { py_arg **items; int n; } py_arg_seq;
typedef struct { py_keyword **items; int n; } py_keyword_seq;
typedef struct { py_alias **items; int n; } py_alias_seq;
typedef struct { py_withitem **items; int n; } py_withitem_seq;
typedef struct { py_match_case **items; int n; } py_match_case_seq;
typedef struct { py_comprehension **items; int n; } py_comprehension_seq;
typedef struct { py_excepthandler **items; int n; } py_excepthandler_seq;
typedef struct { py_type_ignore **items; int n; } py_type_ignore_seq;
typedef struct { const char **items; int n; } py_ident_seq;

/* ---- simple enums (values start at 1 like CPython's) -------------------- */
typedef enum py_expr_context {
    PY_CTX_LOAD = 1, PY_CTX_STORE, PY_CTX_DEL
} py_expr_context;

typedef enum py_boolop { PY_BOOL_AND = 1, PY_BOOL_OR } py_boolop;

typedef enum py_operator {
    PY_OP_ADD = 1, PY_OP_SUB, PY_OP_MULT, PY_OP_MATMULT, PY_OP_DIV,
    PY_OP_MOD, PY_OP_POW, PY_OP_LSHIFT, PY_OP_RSHIFT, PY_OP_BITOR,
    PY_OP_BITXOR, PY_OP_BITAND, PY_OP_FLOORDIV
} py_operator;

typedef enum py_unaryop {
    PY_UNARY_INVERT = 1, PY_UNARY_NOT, PY_UNARY_UADD, PY_UNARY_USUB
} py_unaryop;

typedef enum py_cmpop {
    PY_CMP_EQ = 1, PY_CMP_NOTEQ, PY_CMP_LT, PY_CMP_LTE, PY_CMP_GT,
    PY_CMP_GTE, PY_CMP_IS, PY_CMP_ISNOT, PY_CMP_IN, PY_CMP_NOTIN
} py_cmpop;

typedef struct { py_cmpop *items; int n; } py_cmpop_seq;

/* ---- constants ---------------------------------------------------------- */
typedef enum py_const_kind {
    PY_CONST_NONE = 1,
    PY_CONST_TRUE,
    PY_CONST_FALSE,
    PY_CONST_ELLIPSIS,
    PY_CONST_INT,       /* see py_const.i */
    PY_CONST_FLOAT,     /* f */
    PY_CONST_COMPLEX,   /* f = imaginary part (real part is 0) */
    PY_CONST_STR,       /* s: UTF-8/WTF-8 */
    PY_CONST_BYTES      /* s: raw bytes */
} py_const_kind;

typedef struct py_const {
    py_const_kind kind;
    union {
        /* Integer literal (never negative: `-1` is UnaryOp(USub, 1)).
         * When digits == NULL the value is `value` (fits in int64_t).
         * Otherwise the value did not fit: digits is the canonical digit
         * string (no prefix, no underscores, lower case, NUL-terminated)
         * in `base` (2, 8, 10 or 16), e.g. "ffffffffffffffffff" base 16;
         * convert with libtommath (mp_read_radix). */
        struct { int64_t value; const char *digits; int base; } i;
        double f;
        struct { const char *data; size_t len; } s;
    } u;
} py_const;

/* ---- expressions -------------------------------------------------------- */
typedef enum py_expr_kind {
    PY_EXPR_BOOLOP = 1,
    PY_EXPR_NAMEDEXPR,
    PY_EXPR_BINOP,
    PY_EXPR_UNARYOP,
    PY_EXPR_LAMBDA,
    PY_EXPR_IFEXP,
    PY_EXPR_DICT,
    PY_EXPR_SET,
    PY_EXPR_LISTCOMP,
    PY_EXPR_SETCOMP,
    PY_EXPR_DICTCOMP,
    PY_EXPR_GENERATOREXP,
    PY_EXPR_AWAIT,
    PY_EXPR_YIELD,
    PY_EXPR_YIELDFROM,
    PY_EXPR_COMPARE,
    PY_EXPR_CALL,
    PY_EXPR_FORMATTEDVALUE,
    PY_EXPR_INTERPOLATION,
    PY_EXPR_JOINEDSTR,
    PY_EXPR_TEMPLATESTR,
    PY_EXPR_CONSTANT,
    PY_EXPR_ATTRIBUTE,
    PY_EXPR_SUBSCRIPT,
    PY_EXPR_STARRED,
    PY_EXPR_NAME,
    PY_EXPR_LIST,
    PY_EXPR_TUPLE,
    PY_EXPR_SLICE
} py_expr_kind;

/* FormattedValue / Interpolation conversion: -1 none, else 's', 'r', 'a'. */
enum { PY_CONV_NONE = -1, PY_CONV_STR = 's', PY_CONV_REPR = 'r', PY_CONV_ASCII = 'a' };

struct py_expr {
    py_expr_kind kind;
    int lineno, col_offset, end_lineno, end_col_offset;
    union {
        struct { py_boolop op; py_expr_seq values; } boolop;
        struct { py_expr *target, *value; } namedexpr;
        struct { py_expr *left; py_operator op; py_expr *right; } binop;
        struct { py_unaryop op; py_expr *operand; } unaryop;
        struct { py_arguments *args; py_expr *body; } lambda;
        struct { py_expr *test, *body, *orelse; } ifexp;
        struct { py_expr_seq keys, values; } dict;    /* keys.items[i] NULL for **values[i] */
        struct { py_expr_seq elts; } set;
        struct { py_expr *elt; py_comprehension_seq generators; } listcomp;
        struct { py_expr *elt; py_comprehension_seq generators; } setcomp;
        struct { py_expr *key, *value; py_comprehension_seq generators; } dictcomp;
        struct { py_expr *elt; py_comprehension_seq generators; } generatorexp;
        struct { py_expr *value; } await;
        struct { py_expr *value; } yield;             /* value may be NULL */
        struct { py_expr *value; } yieldfrom;
        struct { py_expr *left; py_cmpop_seq ops; py_expr_seq comparators; } compare;
        struct { py_expr *func; py_expr_seq args; py_keyword_seq keywords; } call;
        struct { py_expr *value; int conversion; py_expr *format_spec; } formattedvalue;
        /* Interpolation.str is the expression's source text (a str constant). */
        struct { py_expr *value; py_const str; int conversion; py_expr *format_spec; } interpolation;
        struct { py_expr_seq values; } joinedstr;
        struct { py_expr_seq values; } templatestr;
        struct { py_const value; const char *kind; } constant;   /* kind "u" or NULL */
        struct { py_expr *value; const char *attr; py_expr_context ctx; } attribute;
        struct { py_expr *value, *slice; py_expr_context ctx; } subscript;
        struct { py_expr *value; py_expr_context ctx; } starred;
        struct { const char *id; py_expr_context ctx; } name;
        struct { py_expr_seq elts; py_expr_context ctx; } list;
        struct { py_expr_seq elts; py_expr_context ctx; } tuple;
        struct { py_expr *lower, *upper, *step; } slice;
    } v;
};

struct py_comprehension {
    py_expr *target, *iter;
    py_expr_seq ifs;
    int is_async;
};

struct py_arg {
    const char *arg;
    py_expr *annotation;          /* may be NULL */
    const char *type_comment;     /* always NULL (type comments unsupported) */
    int lineno, col_offset, end_lineno, end_col_offset;
};

struct py_arguments {
    py_arg_seq posonlyargs, args;
    py_arg *vararg;               /* may be NULL */
    py_arg_seq kwonlyargs;
    py_expr_seq kw_defaults;      /* same length as kwonlyargs; items NULL when no default */
    py_arg *kwarg;                /* may be NULL */
    py_expr_seq defaults;         /* for the last defaults.n of posonlyargs+args */
};

struct py_keyword {
    const char *arg;              /* NULL for **kwargs */
    py_expr *value;
    int lineno, col_offset, end_lineno, end_col_offset;
};

struct py_alias {
    const char *name;             /* dotted name, or "*" */
    const char *asname;           /* may be NULL */
    int lineno, col_offset, end_lineno, end_col_offset;
};

struct py_withitem {
    py_expr *context_expr;
    py_expr *optional_vars;       /* may be NULL */
};

/* ---- patterns ----------------------------------------------------------- */
typedef enum py_pattern_kind {
    PY_PAT_MATCHVALUE = 1,
    PY_PAT_MATCHSINGLETON,
    PY_PAT_MATCHSEQUENCE,
    PY_PAT_MATCHMAPPING,
    PY_PAT_MATCHCLASS,
    PY_PAT_MATCHSTAR,
    PY_PAT_MATCHAS,
    PY_PAT_MATCHOR
} py_pattern_kind;

struct py_pattern {
    py_pattern_kind kind;
    int lineno, col_offset, end_lineno, end_col_offset;
    union {
        struct { py_expr *value; } matchvalue;
        struct { py_const value; } matchsingleton;      /* NONE, TRUE or FALSE */
        struct { py_pattern_seq patterns; } matchsequence;
        struct { py_expr_seq keys; py_pattern_seq patterns; const char *rest; } matchmapping;
        struct { py_expr *cls; py_pattern_seq patterns; py_ident_seq kwd_attrs;
                 py_pattern_seq kwd_patterns; } matchclass;
        struct { const char *name; } matchstar;         /* NULL for *_ */
        struct { py_pattern *pattern; const char *name; } matchas;  /* both NULL for _ */
        struct { py_pattern_seq patterns; } matchor;
    } v;
};

struct py_match_case {
    py_pattern *pattern;
    py_expr *guard;               /* may be NULL */
    py_stmt_seq body;
};

/* ---- type parameters (PEP 695 / 696) ------------------------------------ */
typedef enum py_type_param_kind {
    PY_TP_TYPEVAR = 1,
    PY_TP_PARAMSPEC,
    PY_TP_TYPEVARTUPLE
} py_type_param_kind;

struct py_type_param {
    py_type_param_kind kind;
    int lineno, col_offset, end_lineno, end_col_offset;
    union {
        struct { const char *name; py_expr *bound, *default_value; } typevar;
        struct { const char *name; py_expr *default_value; } paramspec;
        struct { const char *name; py_expr *default_value; } typevartuple;
    } v;
};

/* ---- exception handlers ------------------------------------------------- */
struct py_excepthandler {         /* the only kind: ExceptHandler */
    py_expr *type;                /* may be NULL */
    const char *name;             /* may be NULL */
    py_stmt_seq body;
    int lineno, col_offset, end_lineno, end_col_offset;
};

struct py_type_ignore {           /* never produced (no type comments) */
    int lineno;
    const char *tag;
};

/* ---- statements --------------------------------------------------------- */
typedef enum py_stmt_kind {
    PY_STMT_FUNCTIONDEF = 1,
    PY_STMT_ASYNCFUNCTIONDEF,
    PY_STMT_CLASSDEF,
    PY_STMT_RETURN,
    PY_STMT_DELETE,
    PY_STMT_ASSIGN,
    PY_STMT_TYPEALIAS,
    PY_STMT_AUGASSIGN,
    PY_STMT_ANNASSIGN,
    PY_STMT_FOR,
    PY_STMT_ASYNCFOR,
    PY_STMT_WHILE,
    PY_STMT_IF,
    PY_STMT_WITH,
    PY_STMT_ASYNCWITH,
    PY_STMT_MATCH,
    PY_STMT_RAISE,
    PY_STMT_TRY,
    PY_STMT_TRYSTAR,
    PY_STMT_ASSERT,
    PY_STMT_IMPORT,
    PY_STMT_IMPORTFROM,
    PY_STMT_GLOBAL,
    PY_STMT_NONLOCAL,
    PY_STMT_EXPR,
    PY_STMT_PASS,
    PY_STMT_BREAK,
    PY_STMT_CONTINUE
} py_stmt_kind;

struct py_stmt {
    py_stmt_kind kind;
    int lineno, col_offset, end_lineno, end_col_offset;
    union {
        struct { const char *name; py_arguments *args; py_stmt_seq body;
                 py_expr_seq decorator_list; py_expr *returns;
                 const char *type_comment; py_type_param_seq type_params; } functiondef;
        struct { const char *name; py_expr_seq bases; py_keyword_seq keywords;
                 py_stmt_seq body; py_expr_seq decorator_list;
                 py_type_param_seq type_params; } classdef;
        struct { py_expr *value; } return_;             /* value may be NULL */
        struct { py_expr_seq targets; } delete;
        struct { py_expr_seq targets; py_expr *value; const char *type_comment; } assign;
        struct { py_expr *name; py_type_param_seq type_params; py_expr *value; } typealias;
        struct { py_expr *target; py_operator op; py_expr *value; } augassign;
        struct { py_expr *target, *annotation, *value; int simple; } annassign;
        struct { py_expr *target, *iter; py_stmt_seq body, orelse;
                 const char *type_comment; } for_;
        struct { py_expr *test; py_stmt_seq body, orelse; } while_;
        struct { py_expr *test; py_stmt_seq body, orelse; } if_;
        struct { py_withitem_seq items; py_stmt_seq body; const char *type_comment; } with;
        struct { py_expr *subject; py_match_case_seq cases; } match;
        struct { py_expr *exc, *cause; } raise;         /* both may be NULL */
        struct { py_stmt_seq body; py_excepthandler_seq handlers;
                 py_stmt_seq orelse, finalbody; } try_;
        struct { py_expr *test, *msg; } assert;
        struct { py_alias_seq names; } import;
        struct { const char *module; py_alias_seq names; int level; } importfrom;  /* module may be NULL */
        struct { py_ident_seq names; } global;
        struct { py_expr *value; } expr;
    } v;
};

/* ---- modules ------------------------------------------------------------ */
typedef enum py_mod_kind {
    PY_MOD_MODULE = 1,
    PY_MOD_INTERACTIVE,
    PY_MOD_EXPRESSION,
    PY_MOD_FUNCTIONTYPE           /* never produced */
} py_mod_kind;

typedef struct py_mod {
    py_mod_kind kind;
    union {
        struct { py_stmt_seq body; py_type_ignore_seq type_ignores; } module;
        struct { py_stmt_seq body; } interactive;
        struct { py_expr *body; } expression;
        struct { py_expr_seq argtypes; py_expr *returns; } functiontype;
    } v;
} py_mod;

#endif
