/* hostbridge.h — host Python functions for one run (see hostbridge.c). */
#ifndef SK_PY_HOSTBRIDGE_H
#define SK_PY_HOSTBRIDGE_H

#include <stddef.h>

#include "py/obj.h"
#include "sandkiste.h"

typedef struct py_interp py_interp;

typedef struct py_hostfn {
    const char *name;      /* the function's name */
    const char *module;    /* NULL: a builtin name; else the module holding it */
    sk_py_fn fn;
    void *ud;
} py_hostfn;

typedef struct py_hostbridge {
    sk_ctx *ctx;           /* what the host functions receive */
    const py_hostfn *fns;
    size_t nfns;
    py_methoddef *defs;    /* nfns entries, filled by install */
} py_hostbridge;

/* Make every function visible in the interpreter (builtins or modules in
 * sys.modules).  Call from py_run_opts.setup.  0, or -1 with an exception. */
int py_hostbridge_install(py_interp *I, py_hostbridge *b);

#endif
