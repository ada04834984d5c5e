/* mod_math.c — the math module. */
#include "py/core.h"
#include "py/modules.h"

int py_mod_math_init(py_interp *I, py_val mod) { (void)I; (void)mod; return 0; }
