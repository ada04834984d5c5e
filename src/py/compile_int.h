/* compile_int.h — shared between the symbol table (symtable.c) and the
 * code generator (compile.c).  Compile-time data lives in an arena that
 * dies after compilation.
 */
#ifndef SK_PY_COMPILE_INT_H
#define SK_PY_COMPILE_INT_H

#include "base/arena.h"
#include "py/ast.h"
#include "py/core.h"

enum { ST_MODULE, ST_FUNCTION, ST_CLASS, ST_LAMBDA, ST_COMP, ST_GENEXPR, ST_ANNOT };

/* symbol flags */
enum {
    DEF_GLOBAL = 1, DEF_LOCAL = 2, DEF_PARAM = 4, DEF_NONLOCAL = 8, DEF_USE = 16,
    DEF_FREE_CLASS = 32, DEF_IMPORT = 64, DEF_COMP_ITER = 128, DEF_ANNOT = 256,
    DEF_COMP_WALRUS = 512,   /* bound by := inside a comprehension nested here */
};

/* resolved scopes */
enum { SC_NONE, SC_LOCAL, SC_GLOBAL_EXPLICIT, SC_GLOBAL_IMPLICIT, SC_FREE, SC_CELL };

typedef struct py_sym {
    const char *name;
    uint32_t flags;
    int scope;
    int lineno, col;          /* first use/definition, for errors */
} py_sym;

typedef struct py_scope {
    int kind;
    const char *name;
    const void *node;
    struct py_scope *parent;
    py_sym *syms;
    int nsyms, capsyms;
    int *hash;                /* open addressing over syms, capsyms*2 slots */
    int hashcap;
    struct py_scope **children;
    int nchildren, capchildren;
    int generator, coroutine, has_yield, returns_value;
    int needs_class_cell;     /* class: some method uses __class__/super */
    int uses_super;
    int comp_has_walrus;
    int has_await;
    const char *private_name; /* class name for mangling */
    int lineno;
} py_scope;

typedef struct py_symtable {
    sk_arena *ar;
    py_interp *I;
    py_scope *top;
    py_scope *cur;
    /* node -> scope */
    const void **keys;
    py_scope **vals;
    int nmap, capmap;
    /* error */
    int err;
    char msg[512];
    int err_line, err_col, err_end_line, err_end_col;
    int nomem;
} py_symtable;

int py_symtable_build(py_symtable *st, py_mod *mod);
py_scope *py_symtable_lookup(py_symtable *st, const void *node);
py_sym *py_scope_find(py_scope *s, const char *name);
const char *py_mangle(sk_arena *ar, const char *privateobj, const char *name);

#endif
