/* stdlib.c — the table of extra built-in modules (beyond sys, gc, math,
 * builtins) and the asyncio entry used for top-level await.
 * Must never: expose host facilities. */
#include "py/core.h"
#include "py/modules.h"

const py_moddef py_extra_modules[] = {
    { NULL, NULL }
};

py_val py_asyncio_run_main(py_interp *I, py_val coro)
{
    /* drive the coroutine: without an event loop only immediate results work */
    int returned = 0;
    py_val r = py_gen_send(I, coro, PY_NONE, &returned);
    if (!r) return PY_NULL;
    if (!returned) {
        py_decref(I, r);
        return py_err_str(I, PY_E_RuntimeError, "no running event loop");
    }
    return r;
}
