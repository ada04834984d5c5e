/* modules.h — the registry of modules built into the interpreter.  Each is
 * created on first import (per interpreter) by its init function.
 * Must never: import host modules; there are none. */
#ifndef SK_PY_MODULES_H
#define SK_PY_MODULES_H

#include "py/core.h"

typedef int (*py_modinit)(py_interp *I, py_val mod);

typedef struct py_moddef {
    const char *name;
    py_modinit init;
} py_moddef;

/* Add the functions of a NULL-terminated table to a module. */
int py_module_add_functions(py_interp *I, py_val mod, const py_methoddef *defs);
int py_module_add(py_interp *I, py_val mod, const char *name, py_val v);   /* steals v */
py_val py_module_dict(py_val mod);

int py_mod_sys_init(py_interp *I, py_val mod);
int py_mod_gc_init(py_interp *I, py_val mod);
int py_mod_math_init(py_interp *I, py_val mod);
int py_mod_builtins_init(py_interp *I, py_val mod);

#endif
