/* gen.c — generators, coroutines and async generators: objects that own a
 * suspended frame.  Resuming from C (next(), send(), throw(), the event
 * loop) runs the frame in a nested dispatch; resuming from bytecode
 * (for-loops, yield from, await) is done inline by the VM.
 *
 * Must never: resume a running generator, or leave a closed generator
 * holding frame references.
 */
#include <string.h>

#include "py/core.h"
#include "py/opcode.h"

enum { PY_FRAME_THROW = 8 };

static size_t gen_frame_bytes(py_code *co)
{
    return sizeof(py_frame) + (size_t)(co->nlocalsplus + co->stacksize) * sizeof(py_val);
}

static size_t gen_total(py_gen *g) { return sizeof(py_gen) + g->framesize; }

py_val py_gen_new(py_interp *I, py_func *fn, py_frame *src)
{
    py_code *co = fn->code;
    int tid = (co->flags & PY_CO_COROUTINE) ? PY_T_COROUTINE : (co->flags & PY_CO_ASYNCGEN) ? PY_T_ASYNCGEN : PY_T_GENERATOR;
    size_t fb = (gen_frame_bytes(co) + 15) & ~(size_t)15;
    py_gen *g = (py_gen *)py_obj_new(I, PY_TYPE(I, tid), sizeof(py_gen) + fb);
    I->fin_used = 1;
    if (!g) {
        py_frame_clear_locals(I, src);
        return PY_NULL;
    }
    g->framesize = (uint32_t)fb;
    g->kind = tid == PY_T_COROUTINE ? PY_GK_CORO : tid == PY_T_ASYNCGEN ? PY_GK_ASYNCGEN : PY_GK_GEN;
    g->state = PY_GEN_CREATED;
    py_frame *f = (py_frame *)(g + 1);
    memcpy(f, src, sizeof(py_frame) + (size_t)co->nlocalsplus * sizeof(py_val));
    f->sp = f->fast + co->nlocalsplus;
    f->ip = co->code;
    f->gen = g;
    f->prev = NULL;
    f->flags = PY_FRAME_OWNED_BY_GEN;
    g->frame = f;
    g->name = py_newref(fn->name);
    g->qualname = py_newref(fn->qualname);
    /* the references moved into the generator's frame */
    src->func = NULL;
    src->sp = src->fast;
    return PY_VAL(g);
}

void py_gen_swap_exc(py_interp *I, py_gen *g)
{
    py_val t = I->exc_info;
    I->exc_info = g->exc_state;
    g->exc_state = t;
}

static void gen_dealloc(py_interp *I, py_obj *o)
{
    py_gen *g = (py_gen *)o;
    py_gc_untrack(I, o);
    if (g->state != PY_GEN_CLOSED || g->frame->func) py_frame_clear_locals(I, g->frame);
    py_xdecref(I, g->exc_state);
    py_xdecref(I, g->name);
    py_xdecref(I, g->qualname);
    py_xdecref(I, g->yieldfrom);
    py_obj_free(I, o, gen_total(g));
}

static void gen_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_gen *g = (py_gen *)o;
    py_frame *f = g->frame;
    if (f->func) visit(PY_VAL(f->func), ctx);
    if (g->state != PY_GEN_RUNNING)
        for (py_val *p = f->fast; p < f->sp; p++) if (*p) visit(*p, ctx);
    if (f->locals) visit(f->locals, ctx);
    if (g->exc_state) visit(g->exc_state, ctx);
}

static void gen_clear(py_interp *I, py_obj *o)
{
    py_gen *g = (py_gen *)o;
    if (g->state == PY_GEN_RUNNING) return;
    py_frame_clear_locals(I, g->frame);
    g->state = PY_GEN_CLOSED;
    PY_CLEAR(I, g->exc_state);
}

/* Resume `g` from C with value v (borrowed) or with the pending exception
 * when throwing.  Returns the yielded/returned value; *returned tells which. */
static py_val gen_resume(py_interp *I, py_gen *g, py_val v, int throwing, int *returned)
{
    *returned = 0;
    if (g->state == PY_GEN_RUNNING) {
        py_err_str(I, PY_E_ValueError, g->kind == PY_GK_CORO ? "coroutine already executing" : "generator already executing");
        return PY_NULL;
    }
    if (g->state == PY_GEN_CLOSED) {
        if (throwing) return PY_NULL;
        if (g->kind == PY_GK_CORO) return py_err_str(I, PY_E_RuntimeError, "cannot reuse already awaited coroutine");
        *returned = 1;
        return PY_NONE;
    }
    py_frame *f = g->frame;
    if (g->state == PY_GEN_CREATED) {
        if (throwing) {
            /* never started: the exception is raised without running it */
            g->state = PY_GEN_CLOSED;
            py_frame_clear_locals(I, f);
            return PY_NULL;
        }
        if (v != PY_NONE) {
            return py_err_fmt(I, PY_E_TypeError, "can't send non-None value to a just-started %s",
                              g->kind == PY_GK_CORO ? "coroutine" : g->kind == PY_GK_ASYNCGEN ? "async generator" : "generator");
        }
    } else if (!throwing) {
        py_incref(v);
        *f->sp++ = v;
    }
    if (I->depth >= I->recursion_limit) {
        if (!throwing && g->state == PY_GEN_SUSPENDED) { f->sp--; py_decref(I, *f->sp); }
        py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
        return PY_NULL;
    }
    if (py_enter_native(I)) {
        if (!throwing && g->state == PY_GEN_SUSPENDED) { f->sp--; py_decref(I, *f->sp); }
        return PY_NULL;
    }
    I->depth++;
    f->flags |= PY_FRAME_COUNTED | PY_FRAME_ENTRY;
    if (throwing) f->flags |= PY_FRAME_THROW;
    f->prev = I->frame;
    g->state = PY_GEN_RUNNING;
    py_gen_swap_exc(I, g);
    py_val r = py_eval_frame(I, f);
    py_leave_native(I);
    f->prev = NULL;
    if (!r) return PY_NULL;
    if (g->state == PY_GEN_CLOSED) *returned = 1;
    return r;
}

py_val py_gen_send(py_interp *I, py_val gen, py_val v, int *returned)
{
    return gen_resume(I, (py_gen *)PY_OBJ(gen), v, 0, returned);
}

/* Is g suspended inside `yield from`/`await`?  Returns the delegate. */
static py_val delegate_of(py_gen *g)
{
    if (g->state != PY_GEN_SUSPENDED) return PY_NULL;
    py_frame *f = g->frame;
    uint32_t prev = f->ip[-1];
    if (INSN_OP(prev) == OP_YIELD_VALUE && INSN_ARG(prev) == 1 && f->sp > f->fast + f->code->nlocalsplus)
        return f->sp[-1];
    return PY_NULL;
}

/* The delegate finished with value r: continue after the yield-from loop. */
static py_val finish_delegate(py_interp *I, py_gen *g, py_val r, int *returned)
{
    py_frame *f = g->frame;
    /* ip -> JUMP_BACK to SEND; SEND's arg is the exit target */
    uint32_t jb = *f->ip;
    uint32_t send = f->code->code[INSN_ARG(jb)];
    py_val recv = *--f->sp;
    py_decref(I, recv);
    f->ip = f->code->code + INSN_ARG(send);
    py_val out = gen_resume(I, g, r, 0, returned);
    py_decref(I, r);
    return out;
}

py_val py_gen_throw(py_interp *I, py_val gv, py_val exc, int *returned)
{
    py_gen *g = (py_gen *)PY_OBJ(gv);
    *returned = 0;
    py_val d = delegate_of(g);
    if (d) {
        int is_exit = py_isinstance_t(I, exc, PY_TYPE(I, PY_E_GeneratorExit));
        py_incref(d);
        g->state = PY_GEN_RUNNING;
        py_val r = PY_NULL;
        int dret = 0, forwarded = 0;
        if (is_exit) {
            py_val cr;
            if (PY_IS(d, GENERATOR) || PY_IS(d, COROUTINE)) cr = py_gen_close(I, d);
            else {
                int found;
                cr = py_call_method_opt(I, d, PY_ID(I, close), NULL, 0, &found);
                if (!found && !py_err_occurred(I)) cr = PY_NONE;
            }
            py_xdecref(I, cr);
            g->state = PY_GEN_SUSPENDED;
            py_decref(I, d);
            if (!cr) goto throw_here;   /* the close error replaces GeneratorExit */
            goto throw_exc;
        }
        if (PY_IS(d, GENERATOR) || PY_IS(d, COROUTINE)) {
            r = py_gen_throw(I, d, exc, &dret);
            forwarded = 1;
        } else {
            int found;
            r = py_call_method_opt(I, d, PY_ID(I, throw), &exc, 1, &found);
            forwarded = found;
            if (!found && !py_err_occurred(I)) {
                g->state = PY_GEN_SUSPENDED;
                py_decref(I, d);
                goto throw_exc;
            }
        }
        g->state = PY_GEN_SUSPENDED;
        py_decref(I, d);
        (void)forwarded;
        if (r) {
            if (dret) return finish_delegate(I, g, r, returned);
            return r;   /* the delegate yielded: so do we */
        }
        if (py_err_matches(I, PY_E_StopIteration)) {
            py_val e = py_err_fetch(I);
            py_val v = PY_NONE;
            py_val a = PY_EXC(e)->args;
            if (a && py_tuple_len(a)) v = py_tuple_items(a)[0];
            py_incref(v);
            py_decref(I, e);
            return finish_delegate(I, g, v, returned);
        }
        goto throw_here;
    }
throw_exc:
    py_incref(exc);
    py_err_setexc(I, exc);
throw_here:
    return gen_resume(I, g, PY_NULL, 1, returned);
}

py_val py_gen_close(py_interp *I, py_val gv)
{
    py_gen *g = (py_gen *)PY_OBJ(gv);
    if (g->state == PY_GEN_CLOSED) return PY_NONE;
    if (g->state == PY_GEN_CREATED) {
        g->state = PY_GEN_CLOSED;
        py_frame_clear_locals(I, g->frame);
        return PY_NONE;
    }
    if (g->state == PY_GEN_RUNNING)
        return py_err_str(I, PY_E_ValueError, g->kind == PY_GK_CORO ? "coroutine already executing" : "generator already executing");
    py_val ge = py_call0(I, PY_VAL(PY_TYPE(I, PY_E_GeneratorExit)));
    if (!ge) return PY_NULL;
    int returned;
    py_val r = py_gen_throw(I, gv, ge, &returned);
    py_decref(I, ge);
    if (r) {
        if (returned) return r;
        py_decref(I, r);
        return py_err_fmt(I, PY_E_RuntimeError, "%s ignored GeneratorExit",
                          g->kind == PY_GK_CORO ? "coroutine" : g->kind == PY_GK_ASYNCGEN ? "async generator" : "generator");
    }
    if (py_err_matches(I, PY_E_GeneratorExit) || py_err_matches(I, PY_E_StopIteration)) {
        py_err_clear(I);
        return PY_NONE;
    }
    return PY_NULL;
}

/* ---- generator type ----------------------------------------------------------------- */
static py_val gen_iternext(py_interp *I, py_val self)
{
    int returned;
    py_val r = py_gen_send(I, self, PY_NONE, &returned);
    if (r && returned) {
        /* a return value travels in StopIteration; plain exhaustion does not */
        if (r != PY_NONE) return py_err_stopiteration(I, r);
        return PY_NULL;
    }
    return r;
}

static py_val gen_send_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "send", nargs, kw, 1)) return PY_NULL;
    int returned;
    py_val r = py_gen_send(I, self, args[0], &returned);
    if (r && returned) {
        if (r == PY_NONE) return py_err_stopiteration(I, PY_NULL);
        return py_err_stopiteration(I, r);
    }
    return r;
}

/* the exception of throw(typ[, val[, tb]]) / athrow(...) */
static py_val throw_exc(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *name)
{
    if (py_no_kw(I, name, kw)) return PY_NULL;
    if (nargs < 1 || nargs > 3) return py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got %zu", name, nargs);
    py_val typ = args[0];
    py_val exc;
    if (py_is_typeobj(typ) && py_type_is_subtype(PY_TYPEOBJ(typ), PY_TYPE(I, PY_E_BaseException))) {
        py_val val = nargs > 1 ? args[1] : PY_NONE;
        if (py_is_exc(val) && py_isinstance_t(I, val, PY_TYPEOBJ(typ))) exc = py_newref(val);
        else if (val == PY_NONE) exc = py_call0(I, typ);
        else if (py_is_tuple(val)) exc = py_call(I, typ, py_tuple_items(val), py_tuple_len(val), PY_NULL);
        else exc = py_call1(I, typ, val);
        if (!exc) return PY_NULL;
    } else if (py_is_exc(typ)) {
        if (nargs > 1 && args[1] != PY_NONE)
            return py_err_str(I, PY_E_TypeError, "instance exception may not have a separate value");
        exc = py_newref(typ);
    } else {
        return py_err_fmt(I, PY_E_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
                          py_type_name(I, typ));
    }
    return exc;
}

static py_val throw_common(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, const char *name)
{
    py_val exc = throw_exc(I, args, nargs, kw, name);
    if (!exc) return PY_NULL;
    int returned;
    py_val r = py_gen_throw(I, self, exc, &returned);
    py_decref(I, exc);
    if (r && returned) {
        if (r == PY_NONE) return py_err_stopiteration(I, PY_NULL);
        return py_err_stopiteration(I, r);
    }
    return r;
}

static py_val gen_throw_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return throw_common(I, self, args, nargs, kw, "throw");
}

static py_val gen_close_meth(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "close", nargs, kw)) return PY_NULL;
    return py_gen_close(I, self);
}

static py_val gen_repr(py_interp *I, py_val v)
{
    py_gen *g = (py_gen *)PY_OBJ(v);
    const char *kind = g->kind == PY_GK_CORO ? "coroutine" : g->kind == PY_GK_ASYNCGEN ? "async_generator" : "generator";
    return py_str_fmt(I, "<%s object %s at 0x%llx>", kind, py_str_data(g->qualname), (unsigned long long)py_id_of(I, v));
}

static py_val g_get_name(py_interp *I, py_val v) { (void)I; return py_newref(((py_gen *)PY_OBJ(v))->name); }
static py_val g_get_qualname(py_interp *I, py_val v) { (void)I; return py_newref(((py_gen *)PY_OBJ(v))->qualname); }
static py_val g_get_running(py_interp *I, py_val v) { (void)I; return py_bool(((py_gen *)PY_OBJ(v))->state == PY_GEN_RUNNING); }
static py_val g_get_suspended(py_interp *I, py_val v) { (void)I; return py_bool(((py_gen *)PY_OBJ(v))->state == PY_GEN_SUSPENDED); }
static py_val g_get_frame(py_interp *I, py_val v) { (void)I; return ((py_gen *)PY_OBJ(v))->state == PY_GEN_CLOSED ? PY_NONE : PY_NONE; }
static py_val g_get_code(py_interp *I, py_val v)
{
    (void)I;
    py_gen *g = (py_gen *)PY_OBJ(v);
    return py_newref(PY_VAL(g->frame->code));
}
static py_val g_get_yieldfrom(py_interp *I, py_val v)
{
    (void)I;
    py_val d = delegate_of((py_gen *)PY_OBJ(v));
    return d ? py_newref(d) : PY_NONE;
}

static const py_methoddef gen_methods[] = {
    { "send", gen_send_meth, 0 }, { "throw", gen_throw_meth, 0 }, { "close", gen_close_meth, 0 }, { NULL, NULL, 0 }
};
static const py_getsetdef gen_getsets[] = {
    { "__name__", g_get_name, NULL }, { "__qualname__", g_get_qualname, NULL },
    { "gi_running", g_get_running, NULL }, { "gi_suspended", g_get_suspended, NULL },
    { "gi_frame", g_get_frame, NULL }, { "gi_code", g_get_code, NULL }, { "gi_yieldfrom", g_get_yieldfrom, NULL },
    { NULL, NULL, NULL }
};
static const py_getsetdef coro_getsets[] = {
    { "__name__", g_get_name, NULL }, { "__qualname__", g_get_qualname, NULL },
    { "cr_running", g_get_running, NULL }, { "cr_suspended", g_get_suspended, NULL },
    { "cr_frame", g_get_frame, NULL }, { "cr_code", g_get_code, NULL }, { "cr_await", g_get_yieldfrom, NULL },
    { NULL, NULL, NULL }
};

py_val py_iter_self(py_interp *I, py_val v);

const py_typedef py_generator_typedef = {
    .name = "generator", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_FINALIZE, .basicsize = sizeof(py_gen),
    .slots = { .dealloc = gen_dealloc, .traverse = gen_traverse, .clear = gen_clear, .iter = py_iter_self,
               .next = gen_iternext, .repr = gen_repr },
    .methods = gen_methods, .getsets = gen_getsets,
};

/* ---- coroutines ---------------------------------------------------------------------- */
static py_val coro_await(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "__await__", nargs, kw)) return PY_NULL;
    py_iterobj *w = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_CORO_WRAPPER), sizeof(py_iterobj));
    if (!w) return PY_NULL;
    w->seq = py_newref(self);
    return PY_VAL(w);
}

static const py_methoddef coro_methods[] = {
    { "send", gen_send_meth, 0 }, { "throw", gen_throw_meth, 0 }, { "close", gen_close_meth, 0 },
    { "__await__", coro_await, 0 }, { NULL, NULL, 0 }
};

const py_typedef py_coroutine_typedef = {
    .name = "coroutine", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_FINALIZE, .basicsize = sizeof(py_gen),
    .slots = { .dealloc = gen_dealloc, .traverse = gen_traverse, .clear = gen_clear, .repr = gen_repr },
    .methods = coro_methods, .getsets = coro_getsets,
};

void py_iterobj_dealloc(py_interp *I, py_obj *o);
void py_iterobj_traverse(py_obj *o, py_visitfn visit, void *ctx);
void py_iterobj_clear(py_interp *I, py_obj *o);

static py_val corowrap_next(py_interp *I, py_val self)
{
    py_iterobj *w = (py_iterobj *)PY_OBJ(self);
    int returned;
    py_val r = py_gen_send(I, w->seq, PY_NONE, &returned);
    if (r && returned) return py_err_stopiteration(I, r == PY_NONE ? PY_NULL : r);
    return r;
}

static py_val corowrap_send(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return gen_send_meth(I, ((py_iterobj *)PY_OBJ(self))->seq, args, nargs, kw);
}
static py_val corowrap_throw(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return gen_throw_meth(I, ((py_iterobj *)PY_OBJ(self))->seq, args, nargs, kw);
}
static py_val corowrap_close(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    return gen_close_meth(I, ((py_iterobj *)PY_OBJ(self))->seq, args, nargs, kw);
}

static const py_methoddef corowrap_methods[] = {
    { "send", corowrap_send, 0 }, { "throw", corowrap_throw, 0 }, { "close", corowrap_close, 0 }, { NULL, NULL, 0 }
};

const py_typedef py_corowrapper_typedef = {
    .name = "coroutine_wrapper", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = corowrap_next },
    .methods = corowrap_methods,
};

/* ---- await support -------------------------------------------------------------------- */
py_val py_get_awaitable(py_interp *I, py_val v, int why)
{
    (void)why;
    if (PY_IS(v, COROUTINE)) {
        py_gen *g = (py_gen *)PY_OBJ(v);
        if (delegate_of(g) && g->state == PY_GEN_SUSPENDED && 0)
            return py_err_str(I, PY_E_RuntimeError, "coroutine is being awaited already");
        return py_newref(v);
    }
    py_val m = py_lookup_special(I, v, PY_ID(I, __await__));
    if (!m) {
        if (py_err_occurred(I)) return PY_NULL;
        if (why == 1) return py_err_fmt(I, PY_E_TypeError, "'async with' received an object from __aenter__ that does not implement __await__: %s", py_type_name(I, v));
        if (why == 2) return py_err_fmt(I, PY_E_TypeError, "'async with' received an object from __aexit__ that does not implement __await__: %s", py_type_name(I, v));
        return py_err_fmt(I, PY_E_TypeError, "'%s' object can't be awaited", py_type_name(I, v));
    }
    py_val it = py_call0(I, m);
    py_decref(I, m);
    if (!it) return PY_NULL;
    if (PY_IS(it, COROUTINE)) {
        py_decref(I, it);
        return py_err_str(I, PY_E_TypeError, "__await__() returned a coroutine");
    }
    if (!py_typeof(I, it)->s.next) {
        py_err_fmt(I, PY_E_TypeError, "__await__() returned non-iterator of type '%s'", py_type_name(I, it));
        py_decref(I, it);
        return PY_NULL;
    }
    return it;
}

py_val py_send_nongen(py_interp *I, py_val recv, py_val v, int *done)
{
    *done = 0;
    py_val r;
    if (v == PY_NONE) {
        py_type *t = py_typeof(I, recv);
        if (!t->s.next) return py_err_fmt(I, PY_E_TypeError, "'%s' object is not an iterator", t->name);
        r = t->s.next(I, recv);
        if (!r && !py_err_occurred(I)) { *done = 1; return PY_NONE; }
    } else {
        r = py_call_method(I, recv, PY_ID(I, send), &v, 1);
    }
    if (!r && py_err_matches(I, PY_E_StopIteration)) {
        py_val e = py_err_fetch(I);
        py_val a = PY_EXC(e)->args;
        r = a && py_tuple_len(a) ? py_newref(py_tuple_items(a)[0]) : PY_NONE;
        py_decref(I, e);
        *done = 1;
    }
    return r;
}

/* ---- async generators --------------------------------------------------------------- */
/* The awaitables of async generators share one object layout (py_iterobj):
 *   seq  the async generator (AW_ANEXT: the awaitable __anext__ returned)
 *   aux  the value to send (AW_ATHROW: the exception; AW_ANEXT: the default)
 *   aux2 AW_ANEXT: the awaitable's iterator once started
 *   i    the kind, n the state (0 fresh, 1 running, 2 done) */
enum { AW_ASEND, AW_ATHROW, AW_ACLOSE, AW_ANEXT };

static py_val aw_new(py_interp *I, py_val agen, py_val v, int kind)
{
    py_iterobj *a = (py_iterobj *)py_obj_new(I, PY_TYPE(I, PY_T_ASYNCGEN_ASEND), sizeof(py_iterobj));
    if (!a) return PY_NULL;
    a->seq = py_newref(agen);
    a->aux = v ? py_newref(v) : PY_NULL;
    a->i = kind;
    return PY_VAL(a);
}

static py_val asend_new(py_interp *I, py_val agen, py_val v) { return aw_new(I, agen, v, AW_ASEND); }

static py_val asend_send_impl(py_interp *I, py_iterobj *a, py_val v, int throwing)
{
    if (a->n == 2) return py_err_str(I, PY_E_RuntimeError, "cannot reuse already awaited __anext__()/asend()");
    py_gen *g = (py_gen *)PY_OBJ(a->seq);
    if (a->n == 0) {
        if (v == PY_NONE && a->aux) v = a->aux;
        a->n = 1;
    }
    if (g->state == PY_GEN_CLOSED && !throwing) {
        a->n = 2;
        return py_err_obj(I, PY_E_StopAsyncIteration, PY_NULL);
    }
    int returned;
    py_val r = throwing ? py_gen_throw(I, a->seq, v, &returned) : py_gen_send(I, a->seq, v, &returned);
    if (!r) {
        a->n = 2;
        return PY_NULL;
    }
    if (returned) {
        a->n = 2;
        py_decref(I, r);
        return py_err_obj(I, PY_E_StopAsyncIteration, PY_NULL);
    }
    if (g->hooks_ == 0) {
        /* a value yielded by the async generator: the awaitable completes */
        a->n = 2;
        return py_err_stopiteration(I, r);
    }
    return r;   /* an awaitable's yield passing through to the event loop */
}

/* athrow() / aclose(): throw into the generator when first stepped */
static py_val athrow_send_impl(py_interp *I, py_iterobj *a, py_val v, int throwing)
{
    int closing = a->i == AW_ACLOSE;
    if (a->n == 2) return py_err_str(I, PY_E_RuntimeError, "cannot reuse already awaited aclose()/athrow()");
    py_gen *g = (py_gen *)PY_OBJ(a->seq);
    int returned;
    py_val r;
    if (a->n == 0) {
        if (g->state == PY_GEN_CLOSED) {
            a->n = 2;
            return py_err_stopiteration(I, PY_NULL);
        }
        if (g->state == PY_GEN_RUNNING) {
            return py_err_fmt(I, PY_E_RuntimeError, "%s(): asynchronous generator is already running",
                              closing ? "aclose" : "athrow");
        }
        if (!throwing && v != PY_NONE)
            return py_err_str(I, PY_E_RuntimeError, "can't send non-None value to a just-started coroutine");
        a->n = 1;
        py_val exc = throwing ? py_newref(v)
                   : closing ? py_call0(I, PY_VAL(PY_TYPE(I, PY_E_GeneratorExit)))
                   : throw_exc(I, py_tuple_items(a->aux), py_tuple_len(a->aux), PY_NULL, "athrow");
        if (!exc) { a->n = 2; return PY_NULL; }
        r = py_gen_throw(I, a->seq, exc, &returned);
        py_decref(I, exc);
    } else {
        r = throwing ? py_gen_throw(I, a->seq, v, &returned) : py_gen_send(I, a->seq, v, &returned);
    }
    if (!r) {
        a->n = 2;
        if (closing && (py_err_matches(I, PY_E_StopAsyncIteration) || py_err_matches(I, PY_E_GeneratorExit))) {
            py_err_clear(I);
            if (py_err_occurred(I)) return PY_NULL;
            return py_err_stopiteration(I, PY_NULL);
        }
        return PY_NULL;
    }
    if (returned) {
        a->n = 2;
        py_decref(I, r);
        if (closing) return py_err_stopiteration(I, PY_NULL);
        return py_err_obj(I, PY_E_StopAsyncIteration, PY_NULL);
    }
    if (g->hooks_ == 0) {
        /* the generator yielded a value */
        a->n = 2;
        if (closing) {
            py_decref(I, r);
            return py_err_str(I, PY_E_RuntimeError, "async generator ignored GeneratorExit");
        }
        return py_err_stopiteration(I, r);
    }
    return r;
}

/* anext(it, default): the awaitable __anext__ returned, StopAsyncIteration
 * turned into the default value */
static py_val anext_step(py_interp *I, py_iterobj *a, py_val v, int throwing)
{
    if (a->n == 2) return py_err_stopiteration(I, PY_NULL);
    if (!a->aux2) {
        py_val aw = a->seq;
        if (!PY_IS(aw, COROUTINE)) {
            py_val m = py_lookup_special(I, aw, PY_ID(I, __await__));
            if (!m) {
                if (py_err_occurred(I)) return PY_NULL;
                return py_err_fmt(I, PY_E_TypeError, "object %s can't be used in 'await' expression", py_type_name(I, aw));
            }
            py_decref(I, m);
        }
        py_val it = py_get_awaitable(I, aw, 0);
        if (!it) return PY_NULL;
        a->aux2 = it;
        a->n = 1;
    }
    py_val it = a->aux2, r;
    int returned = 0;
    if (PY_IS(it, COROUTINE)) {
        r = throwing ? py_gen_throw(I, it, v, &returned) : py_gen_send(I, it, v, &returned);
        if (r && returned) return py_err_stopiteration(I, r == PY_NONE ? PY_NULL : r);
    } else if (throwing) {
        r = py_call_method(I, it, PY_ID(I, throw), &v, 1);
    } else if (v == PY_NONE && py_typeof(I, it)->s.next) {
        r = py_typeof(I, it)->s.next(I, it);
        if (!r && !py_err_occurred(I)) return py_err_stopiteration(I, PY_NULL);
    } else {
        r = py_call_method(I, it, PY_ID(I, send), &v, 1);
    }
    if (!r && py_err_matches(I, PY_E_StopAsyncIteration)) {
        py_err_clear(I);
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_stopiteration(I, py_newref(a->aux));
    }
    return r;
}

static py_val aw_step(py_interp *I, py_iterobj *a, py_val v, int throwing)
{
    switch (a->i) {
    case AW_ATHROW: case AW_ACLOSE: return athrow_send_impl(I, a, v, throwing);
    case AW_ANEXT: return anext_step(I, a, v, throwing);
    default: return asend_send_impl(I, a, v, throwing);
    }
}

py_val py_anext_awaitable_new(py_interp *I, py_val aw, py_val dflt);
py_val py_anext_awaitable_new(py_interp *I, py_val aw, py_val dflt) { return aw_new(I, aw, dflt, AW_ANEXT); }

static py_val asend_next(py_interp *I, py_val self)
{
    return aw_step(I, (py_iterobj *)PY_OBJ(self), PY_NONE, 0);
}

static py_val asend_send(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "send", nargs, kw, 1)) return PY_NULL;
    py_val r = aw_step(I, (py_iterobj *)PY_OBJ(self), args[0], 0);
    if (!r && !py_err_occurred(I)) return py_err_stopiteration(I, PY_NULL);
    return r;
}

static py_val asend_throw(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    py_val inst = throw_exc(I, args, nargs, kw, "throw");
    if (!inst) return PY_NULL;
    py_val r = aw_step(I, (py_iterobj *)PY_OBJ(self), inst, 1);
    py_decref(I, inst);
    if (!r && !py_err_occurred(I)) return py_err_stopiteration(I, PY_NULL);
    return r;
}

static py_val asend_close(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)I; (void)args; (void)nargs; (void)kw;
    ((py_iterobj *)PY_OBJ(self))->n = 2;
    return PY_NONE;
}

static py_val asend_await(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "__await__", nargs, kw)) return PY_NULL;
    return py_newref(self);
}

static const py_methoddef asend_methods[] = {
    { "send", asend_send, 0 }, { "throw", asend_throw, 0 }, { "close", asend_close, 0 },
    { "__await__", asend_await, 0 }, { NULL, NULL, 0 }
};

const py_typedef py_asyncgenasend_typedef = {
    .name = "async_generator_asend", .base = PY_T_OBJECT, .flags = PY_TF_GC, .basicsize = sizeof(py_iterobj),
    .slots = { .dealloc = py_iterobj_dealloc, .traverse = py_iterobj_traverse, .clear = py_iterobj_clear,
               .iter = py_iter_self, .next = asend_next },
    .methods = asend_methods,
};

static py_val agen_anext(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "__anext__", nargs, kw)) return PY_NULL;
    return asend_new(I, self, PY_NONE);
}

static py_val agen_aiter(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "__aiter__", nargs, kw)) return PY_NULL;
    return py_newref(self);
}

static py_val agen_asend(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "asend", nargs, kw, 1)) return PY_NULL;
    return asend_new(I, self, args[0]);
}

static py_val agen_aclose(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args;
    if (py_args_none(I, "aclose", nargs, kw)) return PY_NULL;
    return aw_new(I, self, PY_NULL, AW_ACLOSE);
}

static py_val agen_athrow(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    /* the arguments are checked when the awaitable first runs, as in CPython */
    if (py_no_kw(I, "athrow", kw)) return PY_NULL;
    py_val t = py_tuple_from(I, args, nargs);
    if (!t) return PY_NULL;
    py_val r = aw_new(I, self, t, AW_ATHROW);
    py_decref(I, t);
    return r;
}

static const py_methoddef agen_methods[] = {
    { "__anext__", agen_anext, 0 }, { "__aiter__", agen_aiter, 0 }, { "asend", agen_asend, 0 },
    { "aclose", agen_aclose, 0 }, { "athrow", agen_athrow, 0 }, { NULL, NULL, 0 }
};

const py_typedef py_asyncgen_typedef = {
    .name = "async_generator", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_FINALIZE, .basicsize = sizeof(py_gen),
    .slots = { .dealloc = gen_dealloc, .traverse = gen_traverse, .clear = gen_clear, .repr = gen_repr },
    .methods = agen_methods, .getsets = gen_getsets,
};

py_val py_get_aiter(py_interp *I, py_val v)
{
    py_val m = py_lookup_special(I, v, PY_ID(I, __aiter__));
    if (!m) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "'async for' requires an object with __aiter__ method, got %s", py_type_name(I, v));
    }
    py_val it = py_call0(I, m);
    py_decref(I, m);
    return it;
}

py_val py_get_anext(py_interp *I, py_val it)
{
    if (PY_IS(it, ASYNCGEN)) return asend_new(I, it, PY_NONE);
    py_val m = py_lookup_special(I, it, PY_ID(I, __anext__));
    if (!m) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "'async for' requires an iterator with __anext__ method, got %s", py_type_name(I, it));
    }
    py_val aw = py_call0(I, m);
    py_decref(I, m);
    if (!aw) return PY_NULL;
    py_val r = py_get_awaitable(I, aw, 0);
    py_decref(I, aw);
    return r;
}
