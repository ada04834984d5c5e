/* parser.h — Python 3.14 source -> AST (see ast.h).
 *
 * The parser is a hand-written recursive descent parser over the token
 * stream of lexer.c.  It produces CPython's AST shapes and positions and
 * CPython's SyntaxError messages for the common errors.  Errors that CPython
 * raises in the compiler/symtable ('return' outside function, 'break'
 * outside loop, nonlocal at module level, ...) are NOT reported here, with
 * one exception: duplicate parameter names ("duplicate argument 'x' in
 * function definition") are reported by the parser.
 */
#ifndef SK_PY_PARSER_H
#define SK_PY_PARSER_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"
#include "py/ast.h"

enum {
    PY_MODE_EXEC = 0,     /* Module: file input */
    PY_MODE_EVAL = 1,     /* Expression: a single expression (eval()) */
    PY_MODE_SINGLE = 2,   /* Interactive: one statement (REPL) */
};

typedef struct py_parse_opts {
    int mode;                   /* PY_MODE_* */
    uint32_t max_depth;         /* nesting of the recursive descent; 0 = 200 */
    uint64_t fuel;              /* tokens + parser steps; 0 = unlimited */
    const void *stack_limit;    /* sk_stack_low() limit; NULL = unchecked */
    const char *filename;       /* informational; may be NULL */
} py_parse_opts;

typedef enum py_error_kind {
    PY_ERR_NONE = 0,
    PY_ERR_SYNTAX = 1,          /* SyntaxError */
    PY_ERR_INDENTATION = 2,     /* IndentationError */
    PY_ERR_TAB = 3,             /* TabError */
    PY_ERR_LIMIT = 4,           /* fuel or C stack exhausted (msg says which:
                                   "parser operations" or "stack") */
    PY_ERR_MEMORY = 5,          /* allocation failed (MemoryError) */
    PY_ERR_TOO_COMPLEX = 6,     /* max_depth exceeded for non-bracket nesting:
                                   CPython's MemoryError "Parser stack
                                   overflowed - Python source too complex to
                                   parse" */
} py_error_kind;

/* A parse error.  Everything is owned by the struct itself or by the
 * caller's source buffer: msg is an inline buffer; text points INTO the
 * source passed to py_parse (the offending line, including its newline if
 * any, text_len bytes) and is NULL when there is no line.
 * lineno/offset/end_lineno/end_offset follow CPython's SyntaxError
 * attributes: 1-based lines, 1-based CHARACTER (code point) offsets into
 * the line; 0 when unknown. */
typedef struct py_syntax_error {
    py_error_kind kind;
    char msg[256];
    int lineno, offset, end_lineno, end_offset;
    const char *text;
    size_t text_len;
} py_syntax_error;

/* Parse `src` (len bytes, UTF-8; need not be NUL-terminated).  Returns the
 * module (kind per opts->mode) allocated in `ar`, or NULL with *err filled.
 * opts may be NULL (exec mode, defaults). */
py_mod *py_parse(sk_arena *ar, const char *src, size_t len,
                 const py_parse_opts *opts, py_syntax_error *err);

/* Parse a single expression (eval mode) and return it; NULL on error. */
py_expr *py_parse_expr(sk_arena *ar, const char *src, size_t len,
                       const py_parse_opts *opts, py_syntax_error *err);

/* Python-style names of error kinds: "SyntaxError", "IndentationError",
 * "TabError", "MemoryError", ... */
const char *py_error_kind_name(py_error_kind k);

/* ast_dump.c: the text of CPython's ast.dump(tree) (3.13+ style: None
 * values and empty lists omitted), or with include_attributes=True when
 * `attrs` is non-zero.  Returns 0, or -1 on allocation failure. */
int py_ast_dump(sk_buf *out, const py_mod *mod, int attrs);
int py_ast_dump_expr(sk_buf *out, const py_expr *e, int attrs);

#endif
