/* compile.h — entry point of the bytecode compiler (compile.c).
 * Must never: be called without a parsed AST from parser.h. */
#ifndef SK_PY_COMPILE_H
#define SK_PY_COMPILE_H

#include "py/ast.h"
#include "py/core.h"

typedef struct py_compile_opts {
    int result_mode;            /* a final expression statement stores its value (SET_RESULT) */
    int allow_toplevel_await;   /* module code may use await (runs as a coroutine) */
} py_compile_opts;

typedef struct py_compile_error {
    int kind;                   /* 0 none, 1 SyntaxError, 2 MemoryError, 3 ValueError, 4 NotImplemented */
    char msg[640];
    int lineno, col, end_lineno, end_col;   /* 1-based columns (character offsets) */
} py_compile_error;

py_code *py_compile(py_interp *I, py_mod *mod, py_val filename, py_val source, const py_compile_opts *opts,
                    py_compile_error *err);

#endif
