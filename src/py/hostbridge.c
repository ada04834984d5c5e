/* hostbridge.c — host Python functions and modules (sk_config_add_python_*)
 * made visible to a run: each becomes a builtin function object that
 * encodes its arguments as JSON, calls the host through the C ABI with the
 * command's sk_ctx, and decodes the JSON answer.  A host error becomes the
 * Python exception it names (OSError, ValueError, …; RuntimeError when the
 * name is unknown).  Host code sees only what the sk_ctx gives it. */
#include <string.h>

#include "fs/bytes.h"
#include "py/core.h"
#include "py/hostbridge.h"
#include "py/modules.h"

/* `self` of each bridge function: (int bridge address, int index). */
static int unpack_self(py_interp *I, py_val self, py_hostbridge **b, size_t *idx)
{
    int64_t p, i;
    if (py_int_to_i64(I, PY_TUPLE(self)->items[0], &p) || py_int_to_i64(I, PY_TUPLE(self)->items[1], &i)) return -1;
    *b = (py_hostbridge *)(uintptr_t)p;
    *idx = (size_t)i;
    return 0;
}

static py_val json_fn(py_interp *I, const char *name)
{
    py_val mname = py_str_cstr(I, "json");
    if (!mname) return PY_NULL;
    py_val mod = py_import(I, mname, PY_NULL, 0);
    py_decref(I, mname);
    if (!mod) return PY_NULL;
    py_val attr = py_str_cstr(I, name);
    py_val f = attr ? py_getattr(I, mod, attr) : PY_NULL;
    py_xdecref(I, attr);
    py_decref(I, mod);
    return f;
}

static py_val raise_host_error(py_interp *I, const char *type, const char *msg, size_t n)
{
    py_val tname = py_str_cstr(I, type ? type : "RuntimeError");
    py_val cls = tname ? py_builtins_lookup(I, tname) : PY_NULL;   /* borrowed */
    py_xdecref(I, tname);
    py_val m = py_str_new(I, msg, n);
    if (!m) return PY_NULL;
    if (cls) {
        py_val exc = py_call1(I, cls, m);
        py_decref(I, m);
        if (exc) py_err_setexc(I, exc);
        return PY_NULL;
    }
    py_val r = py_err_obj(I, PY_E_RuntimeError, m);
    py_decref(I, m);
    return r;
}

static py_val bridge_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kwnames)
{
    py_hostbridge *b;
    size_t idx;
    if (unpack_self(I, self, &b, &idx)) return PY_NULL;
    const py_hostfn *h = &b->fns[idx];
    /* arguments: a JSON array, keyword arguments: a JSON object */
    size_t nkw = kwnames ? PY_TUPLE(kwnames)->n : 0;
    py_val list = py_list_new(I, nargs);
    py_val kw = py_dict_new(I);
    py_val dumps = json_fn(I, "dumps");
    py_val ja = PY_NULL, jk = PY_NULL, result = PY_NULL;
    if (!list || !kw || !dumps) goto out;
    for (size_t i = 0; i < nargs; i++)
        if (py_list_append(I, list, args[i])) goto out;
    for (size_t i = 0; i < nkw; i++)
        if (py_dict_set(I, kw, PY_TUPLE(kwnames)->items[i], args[nargs + i])) goto out;
    if (!(ja = py_call1(I, dumps, list)) || !(jk = py_call1(I, dumps, kw))) goto out;
    sk_buf buf = SK_BUF_INIT(I->alloc);
    sk_bytes sink;
    sk_bytes_init(&sink, &buf, 64u << 20);
    sk_py_call call = { py_str_data(ja), py_str_len(ja), py_str_data(jk), py_str_len(jk), &sink, NULL };
    int rc = h->fn(b->ctx, &call, h->ud);
    if (rc != SK_OK) {
        raise_host_error(I, call.exc_type, sk_buf_cstr(&buf), buf.len);
    } else if (buf.len == 0) {
        result = py_newref(PY_NONE);
    } else {
        py_val loads = json_fn(I, "loads");
        py_val text = loads ? py_str_new(I, buf.p, buf.len) : PY_NULL;
        if (text) result = py_call1(I, loads, text);
        py_xdecref(I, text);
        py_xdecref(I, loads);
    }
    sk_buf_free(&buf);
out:
    py_xdecref(I, list);
    py_xdecref(I, kw);
    py_xdecref(I, dumps);
    py_xdecref(I, ja);
    py_xdecref(I, jk);
    return result;
}

static py_val make_fn(py_interp *I, py_hostbridge *b, size_t idx)
{
    py_val p = py_int_from_i64(I, (int64_t)(uintptr_t)b), i = py_int_from_i64(I, (int64_t)idx);
    py_val self = p && i ? py_tuple_pack(I, 2, p, i) : PY_NULL;
    py_xdecref(I, p);
    py_xdecref(I, i);
    if (!self) return PY_NULL;
    b->defs[idx].name = b->fns[idx].name;
    b->defs[idx].fn = bridge_call;
    b->defs[idx].flags = PY_METH_KW;
    py_val f = py_cfunc_new(I, &b->defs[idx], self, NULL);
    py_decref(I, self);
    return f;
}

int py_hostbridge_install(py_interp *I, py_hostbridge *b)
{
    for (size_t k = 0; k < b->nfns; k++) {
        py_val f = make_fn(I, b, k);
        if (!f) return -1;
        if (b->fns[k].module) {
            /* a module built fresh for this run, found by `import NAME` */
            py_val mname = py_str_cstr(I, b->fns[k].module);
            if (!mname) { py_decref(I, f); return -1; }
            py_val mod = py_dict_get_str(I, I->modules, mname);
            if (!mod) {
                mod = py_module_new(I, b->fns[k].module);
                if (!mod || py_dict_set(I, I->modules, mname, mod)) {
                    py_xdecref(I, mod);
                    py_decref(I, mname);
                    py_decref(I, f);
                    return -1;
                }
                py_decref(I, mod); /* sys.modules holds it */
            }
            py_decref(I, mname);
            int r = py_module_add(I, mod, b->fns[k].name, f);   /* steals f */
            if (r) return -1;
        } else {
            py_val name = py_str_cstr(I, b->fns[k].name);
            int r = name ? py_dict_set(I, I->builtins, name, f) : -1;
            py_xdecref(I, name);
            py_decref(I, f);
            if (r) return -1;
        }
    }
    return 0;
}
