/* pylib.c — library modules written in Python: the text of src/py/lib/NAME.py
 * (compiled in through build/gen/pylib.h) runs in the module's namespace, and
 * its code is marked as library code (no traceback entries), like C code.
 *
 * Must never: run anything but the compiled-in text.
 */
#include <string.h>

#include "py/pymod.h"

/* ---- library modules written in Python ----------------------------------------------------- */
#include "pylib.h"

static void mark_code(py_code *co, int depth)
{
    if (depth > 64 || (co->flags & PY_CO_LIBRARY)) return;
    co->flags |= PY_CO_LIBRARY;
    for (uint32_t i = 0; i < co->nconsts; i++)
        if (PY_IS(co->consts[i], CODE)) mark_code(PY_CODE(co->consts[i]), depth + 1);
}

static void mark_value(py_interp *I, py_val v, py_val modname, int depth);

static void mark_dict(py_interp *I, py_val d, py_val modname, int depth)
{
    size_t pos = 0;
    py_val k, v;
    while (py_dict_next(d, &pos, &k, &v)) mark_value(I, v, modname, depth + 1);
}

static void mark_value(py_interp *I, py_val v, py_val modname, int depth)
{
    if (depth > 8 || !py_is_ptr(v)) return;
    if (PY_IS(v, FUNCTION)) { mark_code(PY_FUNC(v)->code, 0); return; }
    if (PY_IS(v, STATICMETHOD) || PY_IS(v, CLASSMETHOD)) {
        mark_value(I, ((py_wrapmeth *)PY_OBJ(v))->func, modname, depth + 1);
        return;
    }
    if (PY_IS(v, PROPERTY)) {
        py_property *p = (py_property *)PY_OBJ(v);
        mark_value(I, p->fget, modname, depth + 1);
        mark_value(I, p->fset, modname, depth + 1);
        mark_value(I, p->fdel, modname, depth + 1);
        return;
    }
    if (py_is_typeobj(v) && (PY_TYPEOBJ(v)->flags & PY_TF_HEAP)) {
        py_type *t = PY_TYPEOBJ(v);
        if (!t->module || !py_is_str(t->module) || !py_str_eq(t->module, modname) || !t->dict) return;
        mark_dict(I, t->dict, modname, depth);
    }
}

/* Mark a function (and what it contains) as library code. */
void pym_mark_library(py_interp *I, py_val v);
void pym_mark_library(py_interp *I, py_val v)
{
    if (py_is_typeobj(v) && (PY_TYPEOBJ(v)->flags & PY_TF_HEAP) && PY_TYPEOBJ(v)->dict) {
        mark_dict(I, PY_TYPEOBJ(v)->dict, PY_TYPEOBJ(v)->module ? PY_TYPEOBJ(v)->module : PY_NONE, 0);
        return;
    }
    mark_value(I, v, PY_NONE, 0);
}

py_val py_exec_source(py_interp *I, py_val src, py_val globals, py_val locals, int mode, const char *fname);

int pym_exec_lib(py_interp *I, py_val mod, const char *name)
{
    const struct pylib_entry *e = NULL;
    for (int i = 0; pylib_table[i].name; i++)
        if (!strcmp(pylib_table[i].name, name)) { e = &pylib_table[i]; break; }
    if (!e) { py_err_fmt(I, PY_E_ImportError, "library module '%s' is missing", name); return -1; }
    py_val d = py_module_dict(mod);
    if (!py_dict_get_str(I, d, PY_ID(I, __builtins__)) && py_dict_set(I, d, PY_ID(I, __builtins__), I->builtins))
        return -1;
    py_val src = py_str_new(I, e->text, e->len);
    if (!src) return -1;
    char fname[96];
    size_t nl = strlen(name);
    if (nl > 80) nl = 80;
    memcpy(fname, "<frozen ", 8);
    memcpy(fname + 8, name, nl);
    fname[8 + nl] = '>';
    fname[9 + nl] = 0;
    py_val r = py_exec_source(I, src, d, PY_NULL, 0, fname);
    py_decref(I, src);
    if (!r) return -1;
    py_decref(I, r);
    py_val modname = py_str_cstr(I, name);
    if (!modname) return -1;
    mark_dict(I, d, modname, 0);
    py_decref(I, modname);
    return 0;
}


/* ---- the modules written in Python ------------------------------------------------------------ */
#define PYLIB_MODULE(id, name) \
    int py_mod_##id##_init(py_interp *I, py_val mod) { return pym_exec_lib(I, mod, name); }

PYLIB_MODULE(os, "os")
PYLIB_MODULE(posixpath, "posixpath")
PYLIB_MODULE(io, "io")
