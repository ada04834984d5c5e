/* stdlib.c — the table of extra built-in modules (beyond sys, gc, math,
 * builtins), the modules written in Python (src/py/lib/NAME.py, embedded as
 * C strings by src/py/lib/embed.sh), and the asyncio entry used for
 * top-level await.
 *
 * A Python-source module is compiled when a program first imports it and
 * runs as host code: its frames never appear in tracebacks, as if it were
 * written in C.
 * Must never: expose host facilities. */
#include <string.h>

#include "py/core.h"
#include "py/modules.h"

static const char src_asyncio[] =
#include "py/lib/asyncio.py.inc"
    ;
static const char src_collections[] =
#include "py/lib/collections.py.inc"
    ;
static const char src_collections_abc[] =
#include "py/lib/collections_abc.py.inc"
    ;
static const char src_typing[] =
#include "py/lib/typing.py.inc"
    ;
static const char src_dataclasses[] =
#include "py/lib/dataclasses.py.inc"
    ;
static const char src_types[] =
#include "py/lib/types.py.inc"
    ;
static const char src___future__[] =
#include "py/lib/__future__.py.inc"
    ;
static const char src_abc[] =
#include "py/lib/abc.py.inc"
    ;

static int init_pysrc(py_interp *I, py_val mod, const char *src, size_t n, const char *fname)
{
    return py_exec_host_source(I, src, n, py_module_dict(mod), fname);
}

#define PYSRC_MODULE(name)                                                               \
    static int init_##name(py_interp *I, py_val mod)                                     \
    {                                                                                    \
        return init_pysrc(I, mod, src_##name, sizeof src_##name - 1, "<" #name ">"); \
    }
PYSRC_MODULE(asyncio)
PYSRC_MODULE(collections)
PYSRC_MODULE(collections_abc)
PYSRC_MODULE(abc)
PYSRC_MODULE(__future__)
PYSRC_MODULE(types)
PYSRC_MODULE(dataclasses)
PYSRC_MODULE(typing)

const py_moddef py_extra_modules[] = {
    { "asyncio", init_asyncio },
    { "collections", init_collections },
    { "collections.abc", init_collections_abc },
    { "abc", init_abc },
    { "__future__", init___future__ },
    { "types", init_types },
    { "dataclasses", init_dataclasses },
    { "typing", init_typing },
    { NULL, NULL }
};

py_val py_asyncio_run_main(py_interp *I, py_val coro)
{
    py_val name = py_intern(I, "asyncio");
    if (!name) return PY_NULL;
    py_val mod = py_import(I, name, PY_NONE, 0);
    py_decref(I, name);
    if (!mod) return PY_NULL;
    py_val fn = py_getattr_s(I, mod, "_run_main");
    py_decref(I, mod);
    if (!fn) return PY_NULL;
    py_val r = py_call1(I, fn, coro);
    py_decref(I, fn);
    return r;
}
