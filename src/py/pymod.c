/* pymod.c — shared machinery of the standard modules: extension types made
 * from static descriptors, library modules written in Python (run from the
 * text compiled into the library), and argument helpers.  See pymod.h.
 *
 * Must never: keep state outside the interpreter.
 */
#include <string.h>

#include "py/pymod.h"

/* ---- extension types ------------------------------------------------------------------- */
static void inherit(py_slots *s, const py_slots *b)
{
#define INH(f) if (!s->f) s->f = b->f
    INH(dealloc); INH(traverse); INH(clear); INH(repr); INH(str); INH(hash); INH(richcmp);
    INH(getattr); INH(setattr); INH(call); INH(iter); INH(next); INH(neg); INH(pos); INH(invert);
    INH(abs); INH(index); INH(to_int); INH(to_float); INH(truth); INH(len); INH(getitem);
    INH(setitem); INH(contains); INH(descr_get); INH(descr_set); INH(new_); INH(init);
    for (int i = 0; i < PY_NB_COUNT; i++) { INH(nb[i]); INH(nb_inplace[i]); }
#undef INH
}

py_type *pym_type_new(py_interp *I, const py_typedef *d, py_type *base)
{
    if (!base) {
        base = PY_TYPE(I, d->base);
        if (!base) return NULL;
    }
    py_type *tt = PY_TYPE(I, PY_T_TYPE);
    if (!tt) return NULL;
    py_gchead *g = py_zalloc(I, sizeof(py_type) + sizeof(py_gchead));
    if (!g) return NULL;
    py_type *t = (py_type *)PY_GCOBJ(g);
    /* immortal: instances may outlive the module that made the type; the
     * memory goes with the interpreter */
    t->ob.rc = 2;
    t->ob.type = tt;
    t->name = d->name;
    t->flags = d->flags | (base->flags & (PY_TF_INT_SUB | PY_TF_EXC_SUB | PY_TF_TUPLE_SUB | PY_TF_LIST_SUB |
                                          PY_TF_DICT_SUB | PY_TF_TYPE_SUB));
    t->flags &= ~(uint32_t)PY_TF_HEAP;
    t->id = base->id;
    t->basicsize = d->basicsize ? d->basicsize : base->basicsize;
    t->dictoffset = d->dictoffset ? d->dictoffset : base->dictoffset;
    t->base = base;
    t->def = d;
    t->s = d->slots;
    inherit(&t->s, &base->s);
    if (!py_type_dict(I, t)) return NULL;
    return t;
}

py_type *pym_type_add(py_interp *I, py_val mod, const py_typedef *d, py_type *base)
{
    py_type *t = pym_type_new(I, d, base);
    if (!t) return NULL;
    if (py_dict_set_c(I, py_module_dict(mod), d->name, PY_VAL(t))) return NULL;
    return t;
}

py_val pym_import(py_interp *I, const char *name)
{
    py_val m = py_dict_get_c(I, I->modules, name);
    if (m) return py_newref(m);
    py_val n = py_str_cstr(I, name);
    if (!n) return PY_NULL;
    py_val fl = py_tuple_pack(I, 1, n);
    if (!fl) { py_decref(I, n); return PY_NULL; }
    m = py_import(I, n, fl, 0);
    py_decref(I, fl);
    py_decref(I, n);
    return m;
}

py_val pym_import_attr(py_interp *I, const char *mod, const char *attr)
{
    py_val m = pym_import(I, mod);
    if (!m) return PY_NULL;
    py_val v = py_getattr_s(I, m, attr);
    py_decref(I, m);
    return v;
}

py_type *pym_type_get(py_interp *I, const char *mod, const char *name)
{
    py_val m = py_dict_get_c(I, I->modules, mod);
    py_val t = m ? py_dict_get_c(I, py_module_dict(m), name) : PY_NULL;
    if (t && py_is_typeobj(t)) return PY_TYPEOBJ(t);
    t = pym_import_attr(I, mod, name);
    if (!t) return NULL;
    if (!py_is_typeobj(t)) {
        py_decref(I, t);
        py_err_fmt(I, PY_E_SystemError, "%s.%s is not a type", mod, name);
        return NULL;
    }
    py_decref(I, t);   /* the module keeps it */
    return PY_TYPEOBJ(t);
}

int pym_add_int(py_interp *I, py_val mod, const char *name, int64_t v)
{
    return py_module_add(I, mod, name, py_int_from_i64(I, v));
}

int pym_add_str(py_interp *I, py_val mod, const char *name, const char *v)
{
    return py_module_add(I, mod, name, py_str_cstr(I, v));
}

py_val pym_new_exception(py_interp *I, py_val mod, const char *name, py_val base)
{
    py_val n = py_str_cstr(I, name);
    py_val bases = py_tuple_pack(I, 1, base);
    py_val ns = py_dict_new(I);
    py_val modname = py_getattr_s(I, mod, "__name__");
    if (!n || !bases || !ns || !modname || py_dict_set_c(I, ns, "__module__", modname)) {
        py_xdecref(I, n); py_xdecref(I, bases); py_xdecref(I, ns); py_xdecref(I, modname);
        return PY_NULL;
    }
    py_val c = py_class_new(I, n, bases, ns, PY_NULL);
    py_decref(I, n); py_decref(I, bases); py_decref(I, ns); py_decref(I, modname);
    if (!c) return PY_NULL;
    if (py_dict_set_c(I, py_module_dict(mod), name, c)) { py_decref(I, c); return PY_NULL; }
    return c;
}

/* ---- arguments -------------------------------------------------------------------------------- */
int pym_parse(py_interp *I, const char *fname, const py_val *args, size_t nargs, py_val kw,
              const char *const *names, int required, py_val *out)
{
    size_t nparams = 0, maxpos = 0;
    while (names[nparams]) {
        if (names[nparams][0] != '$') maxpos = nparams + 1;
        nparams++;
    }
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    for (size_t i = 0; i < nparams; i++) out[i] = PY_NULL;
    if (nargs + nkw > nparams) {
        py_err_fmt(I, PY_E_TypeError, "%s() takes at most %zu %sargument%s (%zu given)", fname, nparams,
                   nargs == 0 ? "keyword " : "", nparams == 1 ? "" : "s", nargs + nkw);
        return -1;
    }
    if (nargs > maxpos) {
        if (maxpos == 0) py_err_fmt(I, PY_E_TypeError, "%s() takes no positional arguments", fname);
        else
            py_err_fmt(I, PY_E_TypeError, "%s() takes %s %zu positional argument%s (%zu given)", fname,
                       (size_t)required < maxpos ? "at most" : "exactly", maxpos, maxpos == 1 ? "" : "s", nargs);
        return -1;
    }
    size_t used = 0;
    for (size_t i = 0; i < nparams; i++) {
        const char *n = names[i];
        int posonly = n[0] == '!';
        if (n[0] == '$' || n[0] == '!') n++;
        if (i < nargs) { out[i] = args[i]; continue; }
        if (!posonly) {
            for (size_t k = 0; k < nkw; k++) {
                if (py_str_eq_c(py_tuple_items(kw)[k], n)) { out[i] = args[nargs + k]; used++; break; }
            }
        }
        if (!out[i] && (int)i < required) {
            py_err_fmt(I, PY_E_TypeError, "%s() missing required argument '%s' (pos %zu)", fname, n, i + 1);
            return -1;
        }
    }
    if (used < nkw) {
        for (size_t k = 0; k < nkw; k++) {
            const char *ks = py_str_data(py_tuple_items(kw)[k]);
            size_t i;
            for (i = 0; i < nparams; i++) {
                const char *n = names[i];
                if (n[0] == '$' || n[0] == '!') n++;
                if (!strcmp(n, ks)) break;
            }
            if (i < nparams && names[i][0] != '!' && i >= nargs) continue;
            if (i < nparams && names[i][0] != '!')
                py_err_fmt(I, PY_E_TypeError, "argument for %s() given by name ('%s') and position (%zu)", fname, ks, i + 1);
            else
                py_err_fmt(I, PY_E_TypeError, "%s() got an unexpected keyword argument '%s'", fname, ks);
            return -1;
        }
    }
    return 0;
}

int pym_arg_cint(py_interp *I, py_val v, int *out)
{
    if (py_is_float(v)) {
        py_err_fmt(I, PY_E_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    py_val iv = py_index(I, v);
    if (!iv) return -1;
    int64_t x = 0;
    int neg = py_int_sign(iv) < 0;
    int r = py_int_to_i64(I, iv, &x);
    py_decref(I, iv);
    if (r) py_err_clear(I);
    if (r || x > INT32_MAX || x < INT32_MIN) {
        py_err_str(I, PY_E_OverflowError, neg ? "Python int too small to convert to C int"
                                              : "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

int pym_arg_str(py_interp *I, py_val v, const char *fname, int argn, const char **s, size_t *n)
{
    if (!py_is_str(v)) {
        if (argn > 0) py_err_fmt(I, PY_E_TypeError, "%s() argument %d must be str, not %s", fname, argn, py_type_name(I, v));
        else py_err_fmt(I, PY_E_TypeError, "%s() argument must be str, not %s", fname, py_type_name(I, v));
        return -1;
    }
    *s = py_str_data(v);
    if (n) *n = py_str_len(v);
    return 0;
}

int pym_arg_int(py_interp *I, py_val v, int64_t *out)
{
    if (py_is_int(v)) { *out = py_int_val(v); return 0; }
    if (py_is_bool(v)) { *out = v == PY_TRUE; return 0; }
    return py_index_i64(I, v, out, 1);
}

int pym_arg_bool(py_interp *I, py_val v, int *out)
{
    if (!v) return 0;
    int t = py_truthy(I, v);
    if (t < 0) return -1;
    *out = t;
    return 0;
}

int pym_bytes_like(py_interp *I, py_val v, const char **p, size_t *n)
{
    if (py_is_bytes(v)) { *p = PY_BYTES(v)->data; *n = PY_BYTES(v)->len; return 0; }
    if (PY_IS(v, BYTEARRAY) || py_isinstance_t(I, v, PY_TYPE(I, PY_T_BYTEARRAY))) {
        py_bytearray *b = (py_bytearray *)PY_OBJ(v);
        *p = b->data ? b->data : "";
        *n = b->len;
        return 0;
    }
    py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, v));
    return -1;
}
