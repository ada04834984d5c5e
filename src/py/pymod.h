/* pymod.h — what the standard modules share (prefix pym_): extension types
 * made per interpreter from static descriptors, modules written in Python
 * (src/py/lib/NAME.py, compiled into the library as text), small argument
 * and buffer helpers, and the OS layer of pyos.c.
 *
 * Extension types: pym_type_new builds a type from a static py_typedef the
 * way the core builds its builtin types, with the given base.  The type is
 * immortal (it lives until the interpreter is torn down, so instances that
 * outlive their module stay valid).  A module keeps its types in its dict;
 * C code finds them again with pym_type_get.
 *
 * Library modules (pylib.c): the Python text of src/py/lib/NAME.py runs in
 * the module's namespace as host code: no traceback entries, no recursion
 * depth (like C functions).
 *
 * Must never: keep state outside the interpreter.
 */
#ifndef SK_PY_PYMOD_H
#define SK_PY_PYMOD_H

#include "py/core.h"
#include "py/modules.h"

#define PYM_FN(name) static py_val name(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
#define PYM_UNUSED (void)self; (void)args; (void)nargs; (void)kw

/* ---- types and modules ------------------------------------------------------------------ */
py_type *pym_type_new(py_interp *I, const py_typedef *d, py_type *base);
/* Create the type and store it in the module dict under d->name. */
py_type *pym_type_add(py_interp *I, py_val mod, const py_typedef *d, py_type *base);
/* The type `name` of module `mod` (imported when needed); NULL with an error. */
py_type *pym_type_get(py_interp *I, const char *mod, const char *name);
py_val pym_import(py_interp *I, const char *name);                 /* new ref */
py_val pym_import_attr(py_interp *I, const char *mod, const char *attr);   /* new ref */
void pym_mark_library(py_interp *I, py_val fn);   /* a generated function becomes library code */
int pym_add_int(py_interp *I, py_val mod, const char *name, int64_t v);
int pym_add_str(py_interp *I, py_val mod, const char *name, const char *v);
/* Create an exception class `module.name` deriving from base (a type). */
py_val pym_new_exception(py_interp *I, py_val mod, const char *name, py_val base);

/* ---- arguments ---------------------------------------------------------------------------- */
/* Argument Clinic's binding and messages (CPython's builtin functions):
 * names as for py_args_parse ('$' keyword-only, '!' positional-only);
 * `required` leading parameters must be given.  Missing optional
 * parameters are PY_NULL. */
int pym_parse(py_interp *I, const char *fname, const py_val *args, size_t nargs, py_val kw,
              const char *const *names, int required, py_val *out);
int pym_arg_cint(py_interp *I, py_val v, int *out);             /* C int: OverflowError as CPython */
/* Strict str argument (TypeError "NAME() argument N must be str, not T"). */
int pym_arg_str(py_interp *I, py_val v, const char *fname, int argn, const char **s, size_t *n);
int pym_arg_int(py_interp *I, py_val v, int64_t *out);           /* __index__ */
int pym_arg_bool(py_interp *I, py_val v, int *out);              /* truthiness; NULL -> unchanged */
/* bytes / bytearray contents (borrowed); -1 with TypeError otherwise */
int pym_bytes_like(py_interp *I, py_val v, const char **p, size_t *n);
static inline int pym_is_bytes_like(py_val v) { return py_is_bytes(v) || PY_IS(v, BYTEARRAY); }

/* ---- the OS layer (pyos.c) ----------------------------------------------------------------- */
struct sk_vfs;
typedef struct pyos_state pyos_state;
pyos_state *pyos_get(py_interp *I);               /* NULL with an error */
const struct sk_vfs *pyos_vfs(py_interp *I, const char *what);  /* NULL: NotImplementedError set */
const char *pyos_cwd(py_interp *I);
/* Turn a path argument (str, bytes, os.PathLike) into a str (new ref);
 * fname for the TypeError.  allow_fd: an int is accepted (returns it). */
py_val pyos_fspath(py_interp *I, py_val v, const char *fname, const char *argname);
/* Raise the OSError for an sk_status with filename (and filename2). */
py_val pyos_error(py_interp *I, int status, py_val filename, py_val filename2);
int pyos_errno(int status);
const char *pyos_strerror(int status);
int64_t pyos_wall_ns(py_interp *I);               /* ns since the epoch */
int64_t pyos_mono_ns(py_interp *I);
uint64_t pyos_random64(py_interp *I);             /* the run's seeded generator */
int pyos_tz_offset(py_interp *I);                 /* local time offset, seconds */

/* ---- file objects (pyio.c) ------------------------------------------------------------------- */
py_val pyio_open(py_interp *I, const py_val *args, size_t nargs, py_val kw);

#endif
