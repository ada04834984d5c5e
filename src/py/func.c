/* func.c — callable and descriptor objects: Python functions, bound
 * methods, builtin functions and method descriptors, cells, code objects,
 * property / staticmethod / classmethod / super, modules, __slots__
 * members, and the singletons' types (None, NotImplemented, Ellipsis).
 *
 * Must never: call a builtin with keyword arguments it did not declare.
 */
#include <stdio.h>
#include <string.h>

#include "py/core.h"

py_val py_iter_self(py_interp *I, py_val v);
py_val py_slot_wrapper_call(py_interp *I, py_val fv, const py_val *args, size_t nargs, py_val kw);
int py_slot_wrapper_index(py_val f);
const char *py_slot_wrapper_name(py_val f);
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out);

static int identity_hash(py_interp *I, py_val v, int64_t *out)
{
    uint64_t id = py_id_of(I, v);
    *out = (int64_t)((id >> 4) | (id << 60));
    if (*out == -1) *out = -2;
    return 0;
}

/* ---- code objects ------------------------------------------------------------------- */
static void code_dealloc(py_interp *I, py_obj *o)
{
    py_code *c = (py_code *)o;
    py_gc_untrack(I, o);
    for (uint32_t i = 0; i < c->nconsts; i++) py_xdecref(I, c->consts[i]);
    for (uint32_t i = 0; i < c->nnames; i++) py_xdecref(I, c->names[i]);
    for (uint32_t i = 0; i < c->nlocalsplus; i++) py_xdecref(I, c->localnames[i]);
    py_free(I, c->consts, c->nconsts * sizeof(py_val));
    py_free(I, c->names, c->nnames * sizeof(py_val));
    py_free(I, c->localnames, c->nlocalsplus * sizeof(py_val));
    py_free(I, c->cell2arg, c->ncells * sizeof(int32_t));
    py_free(I, c->code, c->ncode * sizeof(uint32_t));
    py_free(I, c->exctab, c->nexctab * sizeof(py_exc_entry));
    py_free(I, c->pos, c->npos * sizeof(py_posrun));
    py_code_dealloc_cache(I, c);
    py_xdecref(I, c->name);
    py_xdecref(I, c->qualname);
    py_xdecref(I, c->filename);
    py_xdecref(I, c->source);
    py_obj_free(I, o, sizeof(py_code));
}

static void code_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_code *c = (py_code *)o;
    for (uint32_t i = 0; i < c->nconsts; i++) if (c->consts[i]) visit(c->consts[i], ctx);
}

static void code_clear(py_interp *I, py_obj *o)
{
    py_code *c = (py_code *)o;
    for (uint32_t i = 0; i < c->nconsts; i++) PY_CLEAR(I, c->consts[i]);
}

static py_val code_repr(py_interp *I, py_val v)
{
    py_code *c = PY_CODE(v);
    return py_str_fmt(I, "<code object %s at 0x%llx, file \"%s\", line %d>", py_str_data(c->name),
                      (unsigned long long)py_id_of(I, v), py_str_data(c->filename), c->firstlineno);
}

static py_val code_get_name(py_interp *I, py_val v) { (void)I; return py_newref(PY_CODE(v)->name); }
static py_val code_get_qualname(py_interp *I, py_val v) { (void)I; return py_newref(PY_CODE(v)->qualname); }
static py_val code_get_filename(py_interp *I, py_val v) { (void)I; return py_newref(PY_CODE(v)->filename); }
static py_val code_get_argcount(py_interp *I, py_val v) { (void)I; return py_int_small(PY_CODE(v)->argcount); }
static py_val code_get_posonly(py_interp *I, py_val v) { (void)I; return py_int_small(PY_CODE(v)->posonly); }
static py_val code_get_kwonly(py_interp *I, py_val v) { (void)I; return py_int_small(PY_CODE(v)->kwonly); }
static py_val code_get_nlocals(py_interp *I, py_val v) { (void)I; return py_int_small(PY_CODE(v)->nlocals); }
static py_val code_get_firstlineno(py_interp *I, py_val v) { (void)I; return py_int_small(PY_CODE(v)->firstlineno); }
static py_val code_get_flags(py_interp *I, py_val v)
{
    (void)I;
    uint32_t f = PY_CODE(v)->flags, r = 0;
    if (f & PY_CO_VARARGS) r |= 4;
    if (f & PY_CO_VARKW) r |= 8;
    if (f & PY_CO_GENERATOR) r |= 0x20;
    if (f & PY_CO_COROUTINE) r |= 0x80;
    if (f & PY_CO_ASYNCGEN) r |= 0x200;
    if (f & PY_CO_NESTED) r |= 0x10;
    return py_int_small(r | 3);
}
static py_val code_get_varnames(py_interp *I, py_val v)
{
    py_code *c = PY_CODE(v);
    return py_tuple_from(I, c->localnames, c->nlocals);
}
static py_val code_get_cellvars(py_interp *I, py_val v)
{
    py_code *c = PY_CODE(v);
    return py_tuple_from(I, c->localnames + c->nlocals, c->ncells);
}
static py_val code_get_freevars(py_interp *I, py_val v)
{
    py_code *c = PY_CODE(v);
    return py_tuple_from(I, c->localnames + c->nlocals + c->ncells, c->nfrees);
}

static const py_getsetdef code_getsets[] = {
    { "co_name", code_get_name, NULL }, { "co_qualname", code_get_qualname, NULL },
    { "co_filename", code_get_filename, NULL }, { "co_argcount", code_get_argcount, NULL },
    { "co_posonlyargcount", code_get_posonly, NULL }, { "co_kwonlyargcount", code_get_kwonly, NULL },
    { "co_nlocals", code_get_nlocals, NULL }, { "co_firstlineno", code_get_firstlineno, NULL },
    { "co_flags", code_get_flags, NULL }, { "co_varnames", code_get_varnames, NULL },
    { "co_cellvars", code_get_cellvars, NULL }, { "co_freevars", code_get_freevars, NULL },
    { NULL, NULL, NULL }
};

const py_typedef py_code_typedef = {
    .name = "code", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_code),
    .slots = { .dealloc = code_dealloc, .traverse = code_traverse, .clear = code_clear, .repr = code_repr,
               .hash = identity_hash },
    .getsets = code_getsets,
};

/* ---- functions ------------------------------------------------------------------------ */
py_val py_func_new(py_interp *I, py_code *code, py_val globals, py_val qualname)
{
    py_func *f = (py_func *)py_obj_new(I, PY_TYPE(I, PY_T_FUNCTION), sizeof(py_func));
    if (!f) return PY_NULL;
    f->code = code;
    py_incref(PY_VAL(code));
    f->globals = py_newref(globals);
    f->builtins = py_newref(I->builtins);
    f->name = py_newref(code->name);
    f->qualname = py_newref(qualname ? qualname : code->qualname);
    f->doc = PY_NONE;
    py_val mod = py_dict_get(I, globals, PY_ID(I, __name__));
    f->module = mod ? py_newref(mod) : PY_NONE;
    return PY_VAL(f);
}

static void func_dealloc(py_interp *I, py_obj *o)
{
    py_func *f = (py_func *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, PY_VAL(f->code));
    py_xdecref(I, f->globals);
    py_xdecref(I, f->builtins);
    py_xdecref(I, f->defaults);
    py_xdecref(I, f->kwdefaults);
    py_xdecref(I, f->closure);
    py_xdecref(I, f->name);
    py_xdecref(I, f->qualname);
    py_xdecref(I, f->doc);
    py_xdecref(I, f->dict);
    py_xdecref(I, f->module);
    py_xdecref(I, f->annotations);
    py_xdecref(I, f->type_params);
    py_obj_free(I, o, sizeof(py_func));
}

static void func_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_func *f = (py_func *)o;
    if (f->code) visit(PY_VAL(f->code), ctx);
    if (f->globals) visit(f->globals, ctx);
    if (f->builtins) visit(f->builtins, ctx);
    if (f->defaults) visit(f->defaults, ctx);
    if (f->kwdefaults) visit(f->kwdefaults, ctx);
    if (f->closure) visit(f->closure, ctx);
    if (f->doc) visit(f->doc, ctx);
    if (f->dict) visit(f->dict, ctx);
    if (f->module) visit(f->module, ctx);
    if (f->annotations) visit(f->annotations, ctx);
}

static void func_clear(py_interp *I, py_obj *o)
{
    py_func *f = (py_func *)o;
    PY_CLEAR(I, f->globals);
    PY_CLEAR(I, f->builtins);
    PY_CLEAR(I, f->defaults);
    PY_CLEAR(I, f->kwdefaults);
    PY_CLEAR(I, f->closure);
    PY_CLEAR(I, f->doc);
    PY_CLEAR(I, f->dict);
    PY_CLEAR(I, f->module);
    PY_CLEAR(I, f->annotations);
}

static py_val func_repr(py_interp *I, py_val v)
{
    py_func *f = PY_FUNC(v);
    return py_str_fmt(I, "<function %s at 0x%llx>", py_str_data(f->qualname), (unsigned long long)py_id_of(I, v));
}

static py_val func_descr_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    (void)type;
    if (!obj) return py_newref(self);
    return py_method_new(I, self, obj);
}

static py_val func_call_slot(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return py_func_call(I, self, args, nargs, kw);
}

static py_val f_get_name(py_interp *I, py_val v) { (void)I; return py_newref(PY_FUNC(v)->name); }
static int f_set_name(py_interp *I, py_val v, py_val x)
{
    if (!x || !py_is_str(x)) { py_err_str(I, PY_E_TypeError, "__name__ must be set to a string object"); return -1; }
    py_incref(x);
    PY_SETREF(I, PY_FUNC(v)->name, x);
    return 0;
}
static py_val f_get_qualname(py_interp *I, py_val v) { (void)I; return py_newref(PY_FUNC(v)->qualname); }
static int f_set_qualname(py_interp *I, py_val v, py_val x)
{
    if (!x || !py_is_str(x)) { py_err_str(I, PY_E_TypeError, "__qualname__ must be set to a string object"); return -1; }
    py_incref(x);
    PY_SETREF(I, PY_FUNC(v)->qualname, x);
    return 0;
}
static py_val f_get_doc(py_interp *I, py_val v) { (void)I; py_val d = PY_FUNC(v)->doc; return d ? py_newref(d) : PY_NONE; }
static int f_set_doc(py_interp *I, py_val v, py_val x)
{
    (void)I;
    py_val nv = x ? py_newref(x) : PY_NONE;
    PY_SETREF(I, PY_FUNC(v)->doc, nv);
    return 0;
}
static py_val f_get_module(py_interp *I, py_val v) { (void)I; py_val d = PY_FUNC(v)->module; return d ? py_newref(d) : PY_NONE; }
static int f_set_module(py_interp *I, py_val v, py_val x)
{
    py_val nv = x ? py_newref(x) : PY_NONE;
    PY_SETREF(I, PY_FUNC(v)->module, nv);
    return 0;
}
static py_val f_get_defaults(py_interp *I, py_val v) { (void)I; py_val d = PY_FUNC(v)->defaults; return d ? py_newref(d) : PY_NONE; }
static int f_set_defaults(py_interp *I, py_val v, py_val x)
{
    if (x && x != PY_NONE && !py_is_tuple(x)) { py_err_str(I, PY_E_TypeError, "__defaults__ must be set to a tuple object"); return -1; }
    py_val nv = x && x != PY_NONE ? py_newref(x) : PY_NULL;
    PY_SETREF(I, PY_FUNC(v)->defaults, nv);
    return 0;
}
static py_val f_get_kwdefaults(py_interp *I, py_val v) { (void)I; py_val d = PY_FUNC(v)->kwdefaults; return d ? py_newref(d) : PY_NONE; }
static int f_set_kwdefaults(py_interp *I, py_val v, py_val x)
{
    if (x && x != PY_NONE && !py_is_dict(x)) { py_err_str(I, PY_E_TypeError, "__kwdefaults__ must be set to a dict object"); return -1; }
    py_val nv = x && x != PY_NONE ? py_newref(x) : PY_NULL;
    PY_SETREF(I, PY_FUNC(v)->kwdefaults, nv);
    return 0;
}
static py_val f_get_code(py_interp *I, py_val v) { (void)I; return py_newref(PY_VAL(PY_FUNC(v)->code)); }
static py_val f_get_globals(py_interp *I, py_val v) { (void)I; return py_newref(PY_FUNC(v)->globals); }
static py_val f_get_closure(py_interp *I, py_val v) { (void)I; py_val c = PY_FUNC(v)->closure; return c ? py_newref(c) : PY_NONE; }
/* The compiler stores a def's annotations as source text; the first read
 * evaluates each in the function's globals (CPython 3.14 evaluates them
 * lazily too).  A text that does not evaluate here — it names a local of an
 * enclosing function or a class-body name, which only CPython's annotation
 * scopes can see — stays a string instead of failing the read. */
static int eval_annotations(py_interp *I, py_func *f)
{
    py_val k = py_intern(I, "eval");
    py_val ev = k ? py_builtins_lookup(I, k) : PY_NULL;
    py_xdecref(I, k);
    if (!ev) return py_err_occurred(I) ? -1 : 0;
    py_val out = py_dict_new(I);
    if (!out) return -1;
    size_t pos = 0;
    py_val key, text;
    while (py_dict_next(f->annotations, &pos, &key, &text)) {
        py_val v = PY_NULL;
        if (py_is_str(text)) {
            py_val args[2] = { text, f->globals };
            v = py_call(I, ev, args, 2, PY_NULL);
            if (!v) {
                if (I->fatal) { py_decref(I, out); return -1; }
                py_err_clear(I);
            }
        }
        int r = py_dict_set(I, out, key, v ? v : text);
        py_xdecref(I, v);
        if (r) { py_decref(I, out); return -1; }
    }
    PY_SETREF(I, f->annotations, out);
    f->ann_lazy = 0;
    return 0;
}

static py_val f_get_annotations(py_interp *I, py_val v)
{
    py_func *f = PY_FUNC(v);
    if (!f->annotations) { f->annotations = py_dict_new(I); if (!f->annotations) return PY_NULL; }
    if (f->ann_lazy && py_is_dict(f->annotations) && eval_annotations(I, f)) return PY_NULL;
    return py_newref(f->annotations);
}
static int f_set_annotations(py_interp *I, py_val v, py_val x)
{
    py_val nv = x ? py_newref(x) : PY_NULL;
    PY_SETREF(I, PY_FUNC(v)->annotations, nv);
    PY_FUNC(v)->ann_lazy = 0;
    return 0;
}
static py_val f_get_dict(py_interp *I, py_val v)
{
    py_func *f = PY_FUNC(v);
    if (!f->dict) { f->dict = py_dict_new(I); if (!f->dict) return PY_NULL; }
    return py_newref(f->dict);
}
static py_val f_get_type_params(py_interp *I, py_val v)
{
    py_func *f = PY_FUNC(v);
    return f->type_params ? py_newref(f->type_params) : py_tuple_new(I, 0);
}
static int f_set_type_params(py_interp *I, py_val v, py_val x)
{
    if (!x || !py_is_tuple(x)) {
        py_err_str(I, PY_E_TypeError, "__type_params__ must be set to a tuple");
        return -1;
    }
    py_incref(x);
    PY_SETREF(I, PY_FUNC(v)->type_params, x);
    return 0;
}
static py_val f_get_builtins(py_interp *I, py_val v) { (void)I; return py_newref(PY_FUNC(v)->builtins); }

static const py_getsetdef func_getsets[] = {
    { "__name__", f_get_name, f_set_name }, { "__qualname__", f_get_qualname, f_set_qualname },
    { "__doc__", f_get_doc, f_set_doc }, { "__module__", f_get_module, f_set_module },
    { "__defaults__", f_get_defaults, f_set_defaults }, { "__kwdefaults__", f_get_kwdefaults, f_set_kwdefaults },
    { "__code__", f_get_code, NULL }, { "__globals__", f_get_globals, NULL },
    { "__closure__", f_get_closure, NULL }, { "__annotations__", f_get_annotations, f_set_annotations },
    { "__dict__", f_get_dict, NULL }, { "__type_params__", f_get_type_params, f_set_type_params },
    { "__builtins__", f_get_builtins, NULL },
    { NULL, NULL, NULL }
};

const py_typedef py_function_typedef = {
    .name = "function", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_func),
    .dictoffset = offsetof(py_func, dict),
    .slots = { .dealloc = func_dealloc, .traverse = func_traverse, .clear = func_clear, .repr = func_repr,
               .descr_get = func_descr_get, .call = func_call_slot, .hash = identity_hash },
    .getsets = func_getsets,
};

/* ---- bound methods ------------------------------------------------------------------ */
py_val py_method_new(py_interp *I, py_val func, py_val self)
{
    py_method *m = (py_method *)py_obj_new(I, PY_TYPE(I, PY_T_METHOD), sizeof(py_method));
    if (!m) return PY_NULL;
    m->func = py_newref(func);
    m->self = py_newref(self);
    return PY_VAL(m);
}

static void method_dealloc(py_interp *I, py_obj *o)
{
    py_method *m = (py_method *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, m->func);
    py_xdecref(I, m->self);
    py_obj_free(I, o, sizeof(py_method));
}

static void method_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_method *m = (py_method *)o;
    if (m->func) visit(m->func, ctx);
    if (m->self) visit(m->self, ctx);
}

static void method_clear(py_interp *I, py_obj *o)
{
    py_method *m = (py_method *)o;
    PY_CLEAR(I, m->func);
    PY_CLEAR(I, m->self);
}

static py_val method_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_method *m = (py_method *)PY_OBJ(self);
    size_t total = nargs + (kw ? py_tuple_len(kw) : 0);
    py_val buf[16];
    py_val *all = buf;
    if (total + 1 > 16) {
        all = py_alloc(I, (total + 1) * sizeof(py_val));
        if (!all) return PY_NULL;
    }
    all[0] = m->self;
    if (total) memcpy(all + 1, args, total * sizeof(py_val));
    py_val f = py_newref(m->func), s = py_newref(m->self);
    py_val r = py_call(I, f, all, nargs + 1, kw);
    py_decref(I, f);
    py_decref(I, s);
    if (all != buf) py_free(I, all, (total + 1) * sizeof(py_val));
    return r;
}

static py_val method_repr(py_interp *I, py_val self)
{
    py_method *m = (py_method *)PY_OBJ(self);
    py_val qn = py_getattr_opt(I, m->func, PY_ID(I, __qualname__));
    if (!qn) qn = py_getattr_opt(I, m->func, PY_ID(I, __name__));
    if (!qn && py_err_occurred(I)) return PY_NULL;
    py_val sr = py_repr(I, m->self);
    if (!sr) { py_xdecref(I, qn); return PY_NULL; }
    py_val r = py_str_fmt(I, "<bound method %s of %s>", qn && py_is_str(qn) ? py_str_data(qn) : "?", py_str_data(sr));
    py_xdecref(I, qn);
    py_decref(I, sr);
    return r;
}

static py_val method_getattr(py_interp *I, py_val self, py_val name)
{
    int found;
    py_val r = py_generic_getattr_opt(I, self, name, &found);
    if (r || found) return r;
    return py_getattr(I, ((py_method *)PY_OBJ(self))->func, name);
}

static py_val method_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    (void)I;
    if ((op != PY_EQ && op != PY_NE) || !PY_IS(b, METHOD)) return PY_NOTIMPL;
    py_method *x = (py_method *)PY_OBJ(a), *y = (py_method *)PY_OBJ(b);
    int eq = x->self == y->self && x->func == y->func;
    return py_bool(op == PY_EQ ? eq : !eq);
}

static int method_hash(py_interp *I, py_val v, int64_t *out)
{
    py_method *m = (py_method *)PY_OBJ(v);
    int64_t a, b;
    if (identity_hash(I, m->self, &a) || py_hash(I, m->func, &b)) return -1;
    *out = a ^ b;
    if (*out == -1) *out = -2;
    return 0;
}

static py_val m_get_func(py_interp *I, py_val v) { (void)I; return py_newref(((py_method *)PY_OBJ(v))->func); }
static py_val m_get_self(py_interp *I, py_val v) { (void)I; return py_newref(((py_method *)PY_OBJ(v))->self); }

static const py_getsetdef method_getsets[] = {
    { "__func__", m_get_func, NULL }, { "__self__", m_get_self, NULL }, { NULL, NULL, NULL }
};

static py_val method_descr_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    (void)I; (void)obj; (void)type;
    return py_newref(self);
}

const py_typedef py_method_typedef = {
    .name = "method", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_method),
    .slots = { .dealloc = method_dealloc, .traverse = method_traverse, .clear = method_clear,
               .call = method_call, .repr = method_repr, .getattr = method_getattr,
               .richcmp = method_richcmp, .hash = method_hash, .descr_get = method_descr_get },
    .getsets = method_getsets,
};

/* ---- builtin functions / method descriptors ---------------------------------------- */
py_val py_cfunc_new(py_interp *I, const py_methoddef *def, py_val self, const char *qualprefix)
{
    py_cfunc *f = (py_cfunc *)py_obj_new(I, PY_TYPE(I, PY_T_CFUNCTION), sizeof(py_cfunc));
    if (!f) return PY_NULL;
    f->def = def;
    f->self = self ? py_newref(self) : PY_NULL;
    f->qualprefix = qualprefix;
    return PY_VAL(f);
}

static void cfunc_dealloc(py_interp *I, py_obj *o)
{
    py_cfunc *f = (py_cfunc *)o;
    py_gc_untrack(I, o);
    if (f->def) py_xdecref(I, f->self);
    py_obj_free(I, o, sizeof(py_cfunc));
}

static void cfunc_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_cfunc *f = (py_cfunc *)o;
    if (f->def && f->self) visit(f->self, ctx);
}

static void cfunc_clear(py_interp *I, py_obj *o)
{
    py_cfunc *f = (py_cfunc *)o;
    if (f->def) PY_CLEAR(I, f->self);
}

static const char *cfunc_name(py_cfunc *f)
{
    return f->def ? f->def->name : "?";
}

static py_val cfunc_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(self);
    if (!f->def) return py_slot_wrapper_call(I, self, args, nargs, kw);
    if (kw && py_tuple_len(kw) && !(f->def->flags & PY_METH_KW)) {
        if (f->qualprefix) return py_err_fmt(I, PY_E_TypeError, "%s.%s() takes no keyword arguments", f->qualprefix, f->def->name);
        return py_err_fmt(I, PY_E_TypeError, "%s() takes no keyword arguments", f->def->name);
    }
    return f->def->fn(I, f->self, args, nargs, kw && py_tuple_len(kw) ? kw : PY_NULL);
}

static py_val cfunc_repr(py_interp *I, py_val v)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(v);
    if (!f->self || PY_IS(f->self, MODULE))
        return py_str_fmt(I, "<built-in function %s>", cfunc_name(f));
    if (py_is_typeobj(f->self))
        return py_str_fmt(I, "<built-in method %s of type object at 0x%llx>", cfunc_name(f), (unsigned long long)py_id_of(I, f->self));
    return py_str_fmt(I, "<built-in method %s of %s object at 0x%llx>", cfunc_name(f), py_type_name(I, f->self),
                      (unsigned long long)py_id_of(I, f->self));
}

static py_val cf_get_name(py_interp *I, py_val v)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(v);
    if (!f->def) return py_str_cstr(I, py_slot_wrapper_name(v));
    return py_str_cstr(I, f->def->name);
}
static py_val cf_get_qualname(py_interp *I, py_val v)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(v);
    const char *n = f->def ? f->def->name : py_slot_wrapper_name(v);
    if (f->qualprefix && f->self && !PY_IS(f->self, MODULE)) return py_str_fmt(I, "%s.%s", f->qualprefix, n);
    if (f->owner) return py_str_fmt(I, "%s.%s", f->owner->name, n);
    return py_str_cstr(I, n);
}
static py_val cf_get_self(py_interp *I, py_val v)
{
    (void)I;
    py_cfunc *f = (py_cfunc *)PY_OBJ(v);
    return f->self && f->def ? py_newref(f->self) : PY_NONE;
}
static py_val cf_get_doc(py_interp *I, py_val v) { (void)I; (void)v; return PY_NONE; }
static py_val cf_get_module(py_interp *I, py_val v)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(v);
    if (f->self && PY_IS(f->self, MODULE)) return py_newref(((py_module *)PY_OBJ(f->self))->name);
    if (!f->self) return py_str_cstr(I, "builtins");
    return PY_NONE;
}
static py_val cf_get_objclass(py_interp *I, py_val v)
{
    py_cfunc *f = (py_cfunc *)PY_OBJ(v);
    if (!f->owner) return py_err_str(I, PY_E_AttributeError, "__objclass__");
    return py_newref(PY_VAL(f->owner));
}
static py_val cf_get_text_sig(py_interp *I, py_val v) { (void)I; (void)v; return PY_NONE; }

static const py_getsetdef cfunc_getsets[] = {
    { "__name__", cf_get_name, NULL }, { "__qualname__", cf_get_qualname, NULL },
    { "__self__", cf_get_self, NULL }, { "__doc__", cf_get_doc, NULL },
    { "__module__", cf_get_module, NULL }, { "__text_signature__", cf_get_text_sig, NULL },
    { "__objclass__", cf_get_objclass, NULL },
    { NULL, NULL, NULL }
};

static py_val cfunc_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    (void)I;
    if ((op != PY_EQ && op != PY_NE) || !PY_IS(b, CFUNCTION)) return PY_NOTIMPL;
    py_cfunc *x = (py_cfunc *)PY_OBJ(a), *y = (py_cfunc *)PY_OBJ(b);
    int eq = x->def == y->def && x->self == y->self;
    return py_bool(op == PY_EQ ? eq : !eq);
}

const py_typedef py_cfunction_typedef = {
    .name = "builtin_function_or_method", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_cfunc),
    .slots = { .dealloc = cfunc_dealloc, .traverse = cfunc_traverse, .clear = cfunc_clear,
               .call = cfunc_call, .repr = cfunc_repr, .hash = identity_hash, .richcmp = cfunc_richcmp },
    .getsets = cfunc_getsets,
};

/* method descriptor: unbound builtin method stored in a type's dict */
static py_val mdescr_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    py_cfunc *d = (py_cfunc *)PY_OBJ(self);
    if (d->def && (d->def->flags & PY_METH_CLASS)) {
        py_val cls = type ? type : PY_VAL(py_typeof(I, obj));
        return py_cfunc_new(I, d->def, cls, d->owner->name);
    }
    if (!obj) return py_newref(self);
    if (!d->def) {
        /* slot wrapper bound to obj: a method-wrapper */
        return py_method_new(I, self, obj);
    }
    return py_cfunc_new(I, d->def, obj, d->owner->name);
}

static py_val mdescr_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_cfunc *d = (py_cfunc *)PY_OBJ(self);
    if (!d->def) return py_slot_wrapper_call(I, self, args, nargs, kw);
    if (d->def->flags & PY_METH_CLASS) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "descriptor '%s' of '%s' object needs an argument", d->def->name, d->owner->name);
        return d->def->fn(I, args[0], args + 1, nargs - 1, kw);
    }
    if (nargs < 1)
        return py_err_fmt(I, PY_E_TypeError, "unbound method %s.%s() needs an argument", d->owner->name, d->def->name);
    if (!py_type_is_subtype(py_typeof(I, args[0]), d->owner))
        return py_err_fmt(I, PY_E_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                          d->def->name, d->owner->name, py_type_name(I, args[0]));
    if (kw && py_tuple_len(kw) && !(d->def->flags & PY_METH_KW))
        return py_err_fmt(I, PY_E_TypeError, "%s.%s() takes no keyword arguments", d->owner->name, d->def->name);
    return d->def->fn(I, args[0], args + 1, nargs - 1, kw && py_tuple_len(kw) ? kw : PY_NULL);
}

static py_val mdescr_repr(py_interp *I, py_val v)
{
    py_cfunc *d = (py_cfunc *)PY_OBJ(v);
    if (!d->def) return py_str_fmt(I, "<slot wrapper '%s' of '%s' objects>", py_slot_wrapper_name(v), d->owner->name);
    return py_str_fmt(I, "<method '%s' of '%s' objects>", d->def->name, d->owner->name);
}

static void mdescr_dealloc(py_interp *I, py_obj *o) { py_obj_free(I, o, sizeof(py_cfunc)); }

const py_typedef py_methoddescr_typedef = {
    .name = "method_descriptor", .base = PY_T_OBJECT, .flags = 0, .basicsize = sizeof(py_cfunc),
    .slots = { .dealloc = mdescr_dealloc, .call = mdescr_call, .repr = mdescr_repr, .descr_get = mdescr_get,
               .hash = identity_hash },
    .getsets = cfunc_getsets,
};

/* ---- getset / member descriptors ------------------------------------------------------ */
static py_val gsd_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    (void)type;
    py_getset_descr *d = (py_getset_descr *)PY_OBJ(self);
    if (!obj) return py_newref(self);
    if (!d->def) {
        if (!py_type_is_subtype(py_typeof(I, obj), d->owner))
            return py_err_fmt(I, PY_E_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                              py_str_data(d->name), d->owner->name, py_type_name(I, obj));
        py_val v = *(py_val *)((char *)PY_OBJ(obj) + d->offset);
        if (!v) return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s'", py_type_name(I, obj), py_str_data(d->name));
        return py_newref(v);
    }
    if (!py_type_is_subtype(py_typeof(I, obj), d->owner))
        return py_err_fmt(I, PY_E_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                          d->def->name, d->owner->name, py_type_name(I, obj));
    return d->def->get(I, obj);
}

static int gsd_set(py_interp *I, py_val self, py_val obj, py_val v)
{
    py_getset_descr *d = (py_getset_descr *)PY_OBJ(self);
    if (!py_type_is_subtype(py_typeof(I, obj), d->owner)) {
        py_err_fmt(I, PY_E_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                   d->def ? d->def->name : py_str_data(d->name), d->owner->name, py_type_name(I, obj));
        return -1;
    }
    if (!d->def) {
        py_val *p = (py_val *)((char *)PY_OBJ(obj) + d->offset);
        if (!v && !*p) {
            py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s'", py_type_name(I, obj), py_str_data(d->name));
            return -1;
        }
        py_val nv = v ? py_newref(v) : PY_NULL;
        PY_SETREF(I, *p, nv);
        return 0;
    }
    if (!d->def->set) {
        if (!strcmp(d->def->name, "__dict__") || !strcmp(d->def->name, "__class__"))
            py_err_fmt(I, PY_E_AttributeError, "attribute '%s' of '%s' objects is not writable", d->def->name, d->owner->name);
        else
            py_err_fmt(I, PY_E_AttributeError, "attribute '%s' of '%s' objects is not writable", d->def->name, d->owner->name);
        return -1;
    }
    return d->def->set(I, obj, v);
}

static void gsd_dealloc(py_interp *I, py_obj *o)
{
    py_getset_descr *d = (py_getset_descr *)o;
    py_xdecref(I, d->name);
    py_obj_free(I, o, sizeof(py_getset_descr));
}

static py_val gsd_repr(py_interp *I, py_val v)
{
    py_getset_descr *d = (py_getset_descr *)PY_OBJ(v);
    if (!d->def) return py_str_fmt(I, "<member '%s' of '%s' objects>", py_str_data(d->name), d->owner->name);
    return py_str_fmt(I, "<attribute '%s' of '%s' objects>", d->def->name, d->owner->name);
}

const py_typedef py_getsetdescr_typedef = {
    .name = "getset_descriptor", .base = PY_T_OBJECT, .flags = 0, .basicsize = sizeof(py_getset_descr),
    .slots = { .dealloc = gsd_dealloc, .descr_get = gsd_get, .descr_set = gsd_set, .repr = gsd_repr,
               .hash = identity_hash },
};

py_val py_member_new(py_interp *I, py_type *owner, py_val name, uint32_t offset);
py_val py_member_new(py_interp *I, py_type *owner, py_val name, uint32_t offset)
{
    py_getset_descr *d = (py_getset_descr *)py_obj_new(I, PY_TYPE(I, PY_T_GETSET_DESCR), sizeof(py_getset_descr));
    if (!d) return PY_NULL;
    d->owner = owner;
    d->name = py_newref(name);
    d->offset = offset;
    return PY_VAL(d);
}

/* ---- cells ------------------------------------------------------------------------------ */
py_val py_cell_new(py_interp *I, py_val v)
{
    py_cell *c = (py_cell *)py_obj_new(I, PY_TYPE(I, PY_T_CELL), sizeof(py_cell));
    if (!c) return PY_NULL;
    c->v = v ? py_newref(v) : PY_NULL;
    return PY_VAL(c);
}

static void cell_dealloc(py_interp *I, py_obj *o)
{
    py_gc_untrack(I, o);
    py_xdecref(I, ((py_cell *)o)->v);
    py_obj_free(I, o, sizeof(py_cell));
}
static void cell_traverse(py_obj *o, py_visitfn visit, void *ctx) { if (((py_cell *)o)->v) visit(((py_cell *)o)->v, ctx); }
static void cell_clear(py_interp *I, py_obj *o) { PY_CLEAR(I, ((py_cell *)o)->v); }
static py_val cell_repr(py_interp *I, py_val v)
{
    py_cell *c = (py_cell *)PY_OBJ(v);
    if (!c->v) return py_str_fmt(I, "<cell at 0x%llx: empty>", (unsigned long long)py_id_of(I, v));
    return py_str_fmt(I, "<cell at 0x%llx: %s object at 0x%llx>", (unsigned long long)py_id_of(I, v),
                      py_type_name(I, c->v), (unsigned long long)py_id_of(I, c->v));
}
static py_val cell_get_contents(py_interp *I, py_val v)
{
    py_cell *c = (py_cell *)PY_OBJ(v);
    if (!c->v) return py_err_str(I, PY_E_ValueError, "Cell is empty");
    return py_newref(c->v);
}
static int cell_set_contents(py_interp *I, py_val v, py_val x)
{
    py_val nv = x ? py_newref(x) : PY_NULL;
    PY_SETREF(I, ((py_cell *)PY_OBJ(v))->v, nv);
    return 0;
}
static const py_getsetdef cell_getsets[] = { { "cell_contents", cell_get_contents, cell_set_contents }, { NULL, NULL, NULL } };

const py_typedef py_cell_typedef = {
    .name = "cell", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_cell),
    .slots = { .dealloc = cell_dealloc, .traverse = cell_traverse, .clear = cell_clear, .repr = cell_repr,
               .hash = py_hash_unhashable },
    .getsets = cell_getsets,
};

/* ---- staticmethod / classmethod --------------------------------------------------------- */
static void wrapmeth_dealloc(py_interp *I, py_obj *o)
{
    py_wrapmeth *w = (py_wrapmeth *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, w->func);
    py_xdecref(I, w->dict_);
    py_obj_free(I, o, o->type->basicsize);
}
static void wrapmeth_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_wrapmeth *w = (py_wrapmeth *)o;
    if (w->func) visit(w->func, ctx);
    if (w->dict_) visit(w->dict_, ctx);
}
static void wrapmeth_clear(py_interp *I, py_obj *o)
{
    PY_CLEAR(I, ((py_wrapmeth *)o)->func);
    PY_CLEAR(I, ((py_wrapmeth *)o)->dict_);
}

static py_val staticmethod_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    (void)I; (void)obj; (void)type;
    return py_newref(((py_wrapmeth *)PY_OBJ(self))->func);
}

static py_val classmethod_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    py_val cls = type ? type : PY_VAL(py_typeof(I, obj));
    py_val f = ((py_wrapmeth *)PY_OBJ(self))->func;
    py_type *ft = py_typeof(I, f);
    if (ft->s.descr_get && !PY_IS(f, FUNCTION) && !PY_IS(f, CFUNCTION)) return ft->s.descr_get(I, f, cls, cls);
    return py_method_new(I, f, cls);
}

static py_val wrapmeth_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, t->name, kw)) return PY_NULL;
    if (nargs != 1) return py_err_fmt(I, PY_E_TypeError, "%s expected 1 argument, got %zu", t->name, nargs);
    py_wrapmeth *w = (py_wrapmeth *)py_obj_new(I, t, t->basicsize);
    if (!w) return PY_NULL;
    w->func = py_newref(args[0]);
    return PY_VAL(w);
}

static py_val staticmethod_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return py_call(I, ((py_wrapmeth *)PY_OBJ(self))->func, args, nargs, kw);
}

static py_val wm_get_func(py_interp *I, py_val v) { (void)I; return py_newref(((py_wrapmeth *)PY_OBJ(v))->func); }
static py_val wm_get_isabstract(py_interp *I, py_val v)
{
    py_val f = ((py_wrapmeth *)PY_OBJ(v))->func;
    py_val r = py_getattr_opt(I, f, py_intern(I, "__isabstractmethod__"));
    if (!r) { if (py_err_occurred(I)) return PY_NULL; return PY_FALSE; }
    return r;
}
static py_val wm_getattr(py_interp *I, py_val self, py_val name)
{
    int found;
    py_val r = py_generic_getattr_opt(I, self, name, &found);
    if (r || found) return r;
    const char *s = py_str_data(name);
    if (!strcmp(s, "__name__") || !strcmp(s, "__qualname__") || !strcmp(s, "__doc__") || !strcmp(s, "__module__"))
        return py_getattr(I, ((py_wrapmeth *)PY_OBJ(self))->func, name);
    return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute '%s'", py_type_name(I, self), s);
}
static py_val wm_repr(py_interp *I, py_val v)
{
    py_val fr = py_repr(I, ((py_wrapmeth *)PY_OBJ(v))->func);
    if (!fr) return PY_NULL;
    py_val r = py_str_fmt(I, "<%s(%s)>", py_type_name(I, v), py_str_data(fr));
    py_decref(I, fr);
    return r;
}

static const py_getsetdef wrapmeth_getsets[] = {
    { "__func__", wm_get_func, NULL }, { "__wrapped__", wm_get_func, NULL },
    { "__isabstractmethod__", wm_get_isabstract, NULL }, { NULL, NULL, NULL }
};

const py_typedef py_staticmethod_typedef = {
    .name = "staticmethod", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_wrapmeth),
    .dictoffset = offsetof(py_wrapmeth, dict_),
    .slots = { .dealloc = wrapmeth_dealloc, .traverse = wrapmeth_traverse, .clear = wrapmeth_clear,
               .descr_get = staticmethod_get, .new_ = wrapmeth_new, .call = staticmethod_call,
               .getattr = wm_getattr, .repr = wm_repr },
    .getsets = wrapmeth_getsets,
};

const py_typedef py_classmethod_typedef = {
    .name = "classmethod", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_wrapmeth),
    .dictoffset = offsetof(py_wrapmeth, dict_),
    .slots = { .dealloc = wrapmeth_dealloc, .traverse = wrapmeth_traverse, .clear = wrapmeth_clear,
               .descr_get = classmethod_get, .new_ = wrapmeth_new, .getattr = wm_getattr, .repr = wm_repr },
    .getsets = wrapmeth_getsets,
};

/* ---- property ------------------------------------------------------------------------ */
py_val py_property_new(py_interp *I, py_val fget, py_val fset, py_val fdel, py_val doc)
{
    py_property *p = (py_property *)py_obj_new(I, PY_TYPE(I, PY_T_PROPERTY), sizeof(py_property));
    if (!p) return PY_NULL;
    p->fget = fget && fget != PY_NONE ? py_newref(fget) : PY_NULL;
    p->fset = fset && fset != PY_NONE ? py_newref(fset) : PY_NULL;
    p->fdel = fdel && fdel != PY_NONE ? py_newref(fdel) : PY_NULL;
    p->doc = doc && doc != PY_NONE ? py_newref(doc) : PY_NULL;
    return PY_VAL(p);
}

static void prop_dealloc(py_interp *I, py_obj *o)
{
    py_property *p = (py_property *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, p->fget); py_xdecref(I, p->fset); py_xdecref(I, p->fdel);
    py_xdecref(I, p->doc); py_xdecref(I, p->name);
    py_obj_free(I, o, o->type->basicsize);
}
static void prop_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_property *p = (py_property *)o;
    if (p->fget) visit(p->fget, ctx);
    if (p->fset) visit(p->fset, ctx);
    if (p->fdel) visit(p->fdel, ctx);
    if (p->doc) visit(p->doc, ctx);
}
static void prop_clear(py_interp *I, py_obj *o)
{
    py_property *p = (py_property *)o;
    PY_CLEAR(I, p->fget); PY_CLEAR(I, p->fset); PY_CLEAR(I, p->fdel); PY_CLEAR(I, p->doc);
}

static const char *prop_name(py_interp *I, py_property *p, py_val *owned)
{
    *owned = PY_NULL;
    if (p->name && py_is_str(p->name)) return py_str_data(p->name);
    if (p->fget) {
        py_val n = py_getattr_opt(I, p->fget, PY_ID(I, __name__));
        if (n && py_is_str(n)) { *owned = n; return py_str_data(n); }
        py_xdecref(I, n);
        py_err_clear(I);
    }
    return NULL;
}

static py_val prop_get(py_interp *I, py_val self, py_val obj, py_val type)
{
    (void)type;
    py_property *p = (py_property *)PY_OBJ(self);
    if (!obj) return py_newref(self);
    if (!p->fget) {
        py_val owned;
        const char *n = prop_name(I, p, &owned);
        if (n) py_err_fmt(I, PY_E_AttributeError, "property '%s' of '%s' object has no getter", n, py_type_name(I, obj));
        else py_err_fmt(I, PY_E_AttributeError, "property of '%s' object has no getter", py_type_name(I, obj));
        py_xdecref(I, owned);
        return PY_NULL;
    }
    return py_call1(I, p->fget, obj);
}

static int prop_set(py_interp *I, py_val self, py_val obj, py_val v)
{
    py_property *p = (py_property *)PY_OBJ(self);
    py_val f = v ? p->fset : p->fdel;
    if (!f) {
        py_val owned;
        const char *n = prop_name(I, p, &owned);
        const char *what = v ? "setter" : "deleter";
        if (n) py_err_fmt(I, PY_E_AttributeError, "property '%s' of '%s' object has no %s", n, py_type_name(I, obj), what);
        else py_err_fmt(I, PY_E_AttributeError, "property of '%s' object has no %s", py_type_name(I, obj), what);
        py_xdecref(I, owned);
        return -1;
    }
    py_val r = v ? py_call2(I, f, obj, v) : py_call1(I, f, obj);
    if (!r) return -1;
    py_decref(I, r);
    return 0;
}

static py_val prop_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    py_obj *o = py_obj_new(I, t, t->basicsize);
    return o ? PY_VAL(o) : PY_NULL;
}

static int prop_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "fget", "fset", "fdel", "doc", NULL };
    py_val a[4] = { 0, 0, 0, 0 };
    if (py_args_parse(I, "property", args, nargs, kw, names, 0, a)) return -1;
    py_property *p = (py_property *)PY_OBJ(self);
    for (int i = 0; i < 4; i++) if (a[i] == PY_NONE) a[i] = PY_NULL;
    PY_SETREF(I, p->fget, a[0] ? py_newref(a[0]) : PY_NULL);
    PY_SETREF(I, p->fset, a[1] ? py_newref(a[1]) : PY_NULL);
    PY_SETREF(I, p->fdel, a[2] ? py_newref(a[2]) : PY_NULL);
    PY_SETREF(I, p->doc, a[3] ? py_newref(a[3]) : PY_NULL);
    if (!p->doc && p->fget) {
        py_val d = py_getattr_opt(I, p->fget, PY_ID(I, __doc__));
        if (d && d != PY_NONE) p->doc = d; else py_xdecref(I, d);
        py_err_clear(I);
    }
    return 0;
}

static py_val prop_copy(py_interp *I, py_val self, py_val fget, py_val fset, py_val fdel)
{
    py_property *p = (py_property *)PY_OBJ(self);
    py_val args[4] = { fget ? fget : (p->fget ? p->fget : PY_NONE), fset ? fset : (p->fset ? p->fset : PY_NONE),
                       fdel ? fdel : (p->fdel ? p->fdel : PY_NONE), p->doc ? p->doc : PY_NONE };
    py_val r = py_call(I, PY_VAL(py_typeof(I, self)), args, 4, PY_NULL);
    if (r && p->name && PY_IS(r, PROPERTY)) ((py_property *)PY_OBJ(r))->name = py_newref(p->name);
    return r;
}

static py_val prop_getter(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "property.getter", nargs, kw, 1)) return PY_NULL;
    return prop_copy(I, self, args[0], PY_NULL, PY_NULL);
}
static py_val prop_setter(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "property.setter", nargs, kw, 1)) return PY_NULL;
    return prop_copy(I, self, PY_NULL, args[0], PY_NULL);
}
static py_val prop_deleter(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "property.deleter", nargs, kw, 1)) return PY_NULL;
    return prop_copy(I, self, PY_NULL, PY_NULL, args[0]);
}
static py_val prop_set_name(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "property.__set_name__", nargs, kw, 2)) return PY_NULL;
    py_incref(args[1]);
    PY_SETREF(I, ((py_property *)PY_OBJ(self))->name, args[1]);
    return PY_NONE;
}

static py_val pr_get_fget(py_interp *I, py_val v) { (void)I; py_val f = ((py_property *)PY_OBJ(v))->fget; return f ? py_newref(f) : PY_NONE; }
static py_val pr_get_fset(py_interp *I, py_val v) { (void)I; py_val f = ((py_property *)PY_OBJ(v))->fset; return f ? py_newref(f) : PY_NONE; }
static py_val pr_get_fdel(py_interp *I, py_val v) { (void)I; py_val f = ((py_property *)PY_OBJ(v))->fdel; return f ? py_newref(f) : PY_NONE; }
static py_val pr_get_doc(py_interp *I, py_val v) { (void)I; py_val f = ((py_property *)PY_OBJ(v))->doc; return f ? py_newref(f) : PY_NONE; }
static int pr_set_doc(py_interp *I, py_val v, py_val x) { PY_SETREF(I, ((py_property *)PY_OBJ(v))->doc, x ? py_newref(x) : PY_NULL); return 0; }
static py_val pr_get_name(py_interp *I, py_val v)
{
    py_property *p = (py_property *)PY_OBJ(v);
    if (p->name) return py_newref(p->name);
    if (p->fget) return py_getattr(I, p->fget, PY_ID(I, __name__));
    return py_err_str(I, PY_E_AttributeError, "'property' object has no attribute '__name__'");
}
static py_val pr_get_isabstract(py_interp *I, py_val v)
{
    py_property *p = (py_property *)PY_OBJ(v);
    py_val fs[3] = { p->fget, p->fset, p->fdel };
    py_val name = py_intern(I, "__isabstractmethod__");
    for (int i = 0; i < 3; i++) {
        if (!fs[i]) continue;
        py_val r = py_getattr_opt(I, fs[i], name);
        if (r) {
            int b = py_truthy(I, r);
            py_decref(I, r);
            if (b) { py_decref(I, name); return PY_TRUE; }
        }
        py_err_clear(I);
    }
    py_decref(I, name);
    return PY_FALSE;
}

static const py_methoddef prop_methods[] = {
    { "getter", prop_getter, 0 }, { "setter", prop_setter, 0 }, { "deleter", prop_deleter, 0 },
    { "__set_name__", prop_set_name, 0 }, { NULL, NULL, 0 }
};
static const py_getsetdef prop_getsets[] = {
    { "fget", pr_get_fget, NULL }, { "fset", pr_get_fset, NULL }, { "fdel", pr_get_fdel, NULL },
    { "__doc__", pr_get_doc, pr_set_doc }, { "__name__", pr_get_name, NULL },
    { "__isabstractmethod__", pr_get_isabstract, NULL }, { NULL, NULL, NULL }
};

const py_typedef py_property_typedef = {
    .name = "property", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_property),
    .slots = { .dealloc = prop_dealloc, .traverse = prop_traverse, .clear = prop_clear,
               .descr_get = prop_get, .descr_set = prop_set, .new_ = prop_new, .init = prop_init },
    .methods = prop_methods, .getsets = prop_getsets,
};

/* ---- super ------------------------------------------------------------------------------ */
static void super_dealloc(py_interp *I, py_obj *o)
{
    py_super *s = (py_super *)o;
    py_gc_untrack(I, o);
    if (s->type) py_decref(I, PY_VAL(s->type));
    py_xdecref(I, s->obj);
    if (s->objtype) py_decref(I, PY_VAL(s->objtype));
    py_obj_free(I, o, sizeof(py_super));
}
static void super_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_super *s = (py_super *)o;
    if (s->type) visit(PY_VAL(s->type), ctx);
    if (s->obj) visit(s->obj, ctx);
    if (s->objtype) visit(PY_VAL(s->objtype), ctx);
}

static int super_setup(py_interp *I, py_super *s, py_val type, py_val obj)
{
    if (!py_is_typeobj(type)) {
        py_err_fmt(I, PY_E_TypeError, "super() argument 1 must be a type, not %s", py_type_name(I, type));
        return -1;
    }
    py_type *objtype = NULL;
    if (obj) {
        if (py_is_typeobj(obj) && py_type_is_subtype(PY_TYPEOBJ(obj), PY_TYPEOBJ(type))) objtype = PY_TYPEOBJ(obj);
        else if (py_type_is_subtype(py_typeof(I, obj), PY_TYPEOBJ(type))) objtype = py_typeof(I, obj);
        else {
            py_err_str(I, PY_E_TypeError, "super(type, obj): obj must be an instance or subtype of type");
            return -1;
        }
    }
    s->type = PY_TYPEOBJ(type);
    py_incref(type);
    s->obj = obj ? py_newref(obj) : PY_NULL;
    s->objtype = objtype;
    if (objtype) py_incref(PY_VAL(objtype));
    return 0;
}

py_val py_super_new(py_interp *I, py_val type, py_val obj);
py_val py_super_new(py_interp *I, py_val type, py_val obj)
{
    py_super *s = (py_super *)py_obj_new(I, PY_TYPE(I, PY_T_SUPER), sizeof(py_super));
    if (!s) return PY_NULL;
    if (super_setup(I, s, type, obj)) { py_decref(I, PY_VAL(s)); return PY_NULL; }
    return PY_VAL(s);
}

py_val py_super_zero_arg(py_interp *I);

static py_val super_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    if (py_no_kw(I, "super", kw)) return PY_NULL;
    if (nargs == 0) return py_super_zero_arg(I);
    if (nargs > 2) return py_err_fmt(I, PY_E_TypeError, "super() takes at most 2 arguments (%zu given)", nargs);
    py_super *s = (py_super *)py_obj_new(I, t, sizeof(py_super));
    if (!s) return PY_NULL;
    if (super_setup(I, s, args[0], nargs > 1 ? args[1] : PY_NULL)) { py_decref(I, PY_VAL(s)); return PY_NULL; }
    return PY_VAL(s);
}

static py_val super_getattr(py_interp *I, py_val self, py_val name)
{
    py_super *s = (py_super *)PY_OBJ(self);
    if (s->objtype && !py_str_eq_c(name, "__class__")) {
        py_val mro = s->objtype->mro;
        if (!mro) { py_val m = py_type_dict(I, s->objtype); (void)m; mro = s->objtype->mro; }
        if (mro) {
            py_tuple *m = PY_TUPLE(mro);
            size_t i = 0;
            while (i < m->n && PY_TYPEOBJ(m->items[i]) != s->type) i++;
            for (i++; i < m->n; i++) {
                py_type *b = PY_TYPEOBJ(m->items[i]);
                py_val d = py_type_dict(I, b);
                if (!d) return PY_NULL;
                py_val v = py_dict_get_str(I, d, name);
                if (!v) continue;
                py_type *vt = py_typeof(I, v);
                if (vt->s.descr_get) {
                    py_incref(v);
                    py_val obj = s->obj == PY_VAL(s->objtype) ? PY_NULL : s->obj;
                    py_val r = vt->s.descr_get(I, v, obj, PY_VAL(s->objtype));
                    py_decref(I, v);
                    return r;
                }
                return py_newref(v);
            }
        }
    }
    int found;
    py_val r = py_generic_getattr_opt(I, self, name, &found);
    if (r || found) return r;
    return py_err_fmt(I, PY_E_AttributeError, "'super' object has no attribute '%s'", py_str_data(name));
}

static py_val super_repr(py_interp *I, py_val v)
{
    py_super *s = (py_super *)PY_OBJ(v);
    if (s->objtype) return py_str_fmt(I, "<super: <class '%s'>, <%s object>>", s->type->name, s->objtype->name);
    return py_str_fmt(I, "<super: <class '%s'>, NULL>", s->type ? s->type->name : "NULL");
}

static py_val super_get_thisclass(py_interp *I, py_val v) { (void)I; return py_newref(PY_VAL(((py_super *)PY_OBJ(v))->type)); }
static py_val super_get_self(py_interp *I, py_val v) { (void)I; py_val o = ((py_super *)PY_OBJ(v))->obj; return o ? py_newref(o) : PY_NONE; }
static const py_getsetdef super_getsets[] = {
    { "__thisclass__", super_get_thisclass, NULL }, { "__self__", super_get_self, NULL }, { NULL, NULL, NULL }
};

const py_typedef py_super_typedef = {
    .name = "super", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_super),
    .slots = { .dealloc = super_dealloc, .traverse = super_traverse, .getattr = super_getattr,
               .repr = super_repr, .new_ = super_new_slot },
    .getsets = super_getsets,
};

/* ---- modules ------------------------------------------------------------------------------ */
py_val py_module_new(py_interp *I, const char *name)
{
    py_module *m = (py_module *)py_obj_new(I, PY_TYPE(I, PY_T_MODULE), sizeof(py_module));
    if (!m) return PY_NULL;
    m->dict = py_dict_new(I);
    m->name = py_str_cstr(I, name);
    if (!m->dict || !m->name || py_dict_set(I, m->dict, PY_ID(I, __name__), m->name) ||
        py_dict_set(I, m->dict, PY_ID(I, __doc__), PY_NONE) || py_dict_set(I, m->dict, PY_ID(I, __spec__), PY_NONE) ||
        py_dict_set(I, m->dict, PY_ID(I, __package__), PY_NONE) || py_dict_set(I, m->dict, PY_ID(I, __loader__), PY_NONE)) {
        py_decref(I, PY_VAL(m));
        return PY_NULL;
    }
    return PY_VAL(m);
}

static void module_dealloc(py_interp *I, py_obj *o)
{
    py_module *m = (py_module *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, m->dict);
    py_xdecref(I, m->name);
    py_obj_free(I, o, o->type->basicsize);
}
static void module_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_module *m = (py_module *)o;
    if (m->dict) visit(m->dict, ctx);
}
static void module_clear(py_interp *I, py_obj *o) { PY_CLEAR(I, ((py_module *)o)->dict); }

static py_val module_getattr(py_interp *I, py_val self, py_val name)
{
    py_module *m = (py_module *)PY_OBJ(self);
    int is_builtins = m->dict && m->dict == I->builtins;
    if (py_str_eq_c(name, "__dict__")) {
        /* the builtins dict is filled lazily; complete it before exposing it */
        if (is_builtins && py_builtins_fill(I)) return PY_NULL;
        return m->dict ? py_newref(m->dict) : py_dict_new(I);
    }
    if (m->dict) {
        py_val v = py_dict_get_str(I, m->dict, name);
        if (v) return py_newref(v);
    }
    if (is_builtins) {
        py_val v = py_builtins_lookup(I, name);
        if (v) return py_newref(v);
        if (py_err_occurred(I)) return PY_NULL;
    }
    int found;
    py_val r = py_generic_getattr_opt(I, self, name, &found);
    if (r || found) return r;
    if (m->dict) {
        py_val ga = py_dict_get_str(I, m->dict, PY_ID(I, __getattr__));
        if (ga) return py_call1(I, ga, name);
    }
    return py_attr_error(I, self, name);
}

static int module_setattr(py_interp *I, py_val self, py_val name, py_val v)
{
    py_module *m = (py_module *)PY_OBJ(self);
    if (!m->dict) return -1;
    if (v) return py_dict_set(I, m->dict, name, v);
    py_val old;
    int r = py_dict_pop(I, m->dict, name, &old);
    if (r < 0) return -1;
    if (!r) {
        py_err_fmt(I, PY_E_AttributeError, "module '%s' has no attribute '%s'", py_str_data(m->name), py_str_data(name));
        return -1;
    }
    py_decref(I, old);
    return 0;
}

static py_val module_repr(py_interp *I, py_val v)
{
    py_module *m = (py_module *)PY_OBJ(v);
    py_val file = m->dict ? py_dict_get(I, m->dict, PY_ID(I, __file__)) : PY_NULL;
    if (file && py_is_str(file)) return py_str_fmt(I, "<module '%s' from '%s'>", py_str_data(m->name), py_str_data(file));
    return py_str_fmt(I, "<module '%s' (built-in)>", py_str_data(m->name));
}

static py_val module_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)t;
    if (py_no_kw(I, "module", kw)) return PY_NULL;
    if (nargs < 1 || !py_is_str(args[0])) return py_err_str(I, PY_E_TypeError, "module() argument 'name' must be str");
    py_val m = py_module_new(I, py_str_data(args[0]));
    if (m && nargs > 1) py_dict_set(I, ((py_module *)PY_OBJ(m))->dict, PY_ID(I, __doc__), args[1]);
    return m;
}

static py_val module_dir(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    py_module *m = (py_module *)PY_OBJ(self);
    if (m->dict && m->dict == I->builtins && py_builtins_fill(I)) return PY_NULL;
    return py_dict_keys_list(I, m->dict);
}

static const py_methoddef module_methods[] = { { "__dir__", module_dir, 0 }, { NULL, NULL, 0 } };

const py_typedef py_module_typedef = {
    .name = "module", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE, .basicsize = sizeof(py_module),
    .slots = { .dealloc = module_dealloc, .traverse = module_traverse, .clear = module_clear,
               .getattr = module_getattr, .setattr = module_setattr, .repr = module_repr,
               .new_ = module_new_slot },
    .methods = module_methods,
};

/* ---- None / NotImplemented / Ellipsis --------------------------------------------------- */
static py_val none_repr(py_interp *I, py_val v) { (void)v; return py_str_cstr(I, "None"); }
static int none_truth(py_interp *I, py_val v) { (void)I; (void)v; return 0; }
static int none_hash(py_interp *I, py_val v, int64_t *out) { (void)I; (void)v; *out = (int64_t)0xFCA86420ULL; return 0; }
static py_val none_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (nargs || (kw && py_tuple_len(kw))) return py_err_fmt(I, PY_E_TypeError, "%s takes no arguments", t->name);
    if (t->id == PY_T_NONE) return PY_NONE;
    if (t->id == PY_T_NOTIMPL) return PY_NOTIMPL;
    return PY_ELLIPSIS;
}
static py_val notimpl_repr(py_interp *I, py_val v) { (void)v; return py_str_cstr(I, "NotImplemented"); }
static int notimpl_truth(py_interp *I, py_val v)
{
    (void)v;
    py_err_str(I, PY_E_TypeError, "NotImplemented should not be used in a boolean context");
    return -1;
}
static py_val ellipsis_repr(py_interp *I, py_val v) { (void)v; return py_str_cstr(I, "Ellipsis"); }

static py_val singleton_reduce(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    return py_repr(I, self);
}
static const py_methoddef singleton_methods[] = { { "__reduce__", singleton_reduce, 0 }, { NULL, NULL, 0 } };

const py_typedef py_none_typedef = {
    .name = "NoneType", .base = PY_T_OBJECT, .basicsize = sizeof(py_obj),
    .slots = { .repr = none_repr, .truth = none_truth, .hash = none_hash, .new_ = none_new },
    .methods = singleton_methods,
};
const py_typedef py_notimpl_typedef = {
    .name = "NotImplementedType", .base = PY_T_OBJECT, .basicsize = sizeof(py_obj),
    .slots = { .repr = notimpl_repr, .truth = notimpl_truth, .hash = identity_hash, .new_ = none_new },
    .methods = singleton_methods,
};
const py_typedef py_ellipsis_typedef = {
    .name = "ellipsis", .base = PY_T_OBJECT, .basicsize = sizeof(py_obj),
    .slots = { .repr = ellipsis_repr, .hash = identity_hash, .new_ = none_new },
    .methods = singleton_methods,
};
