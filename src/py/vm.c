/* vm.c — the bytecode interpreter.
 *
 * Frames live on a chunked data stack (generator frames inside their
 * generator object).  A Python-to-Python call pushes a frame and continues
 * in the same dispatch loop; a return pops it.  Generators and coroutines
 * resumed by FOR_ITER / SEND / await are linked in the same way, so deep
 * recursion, generators and coroutine chains never recurse on the C stack.
 * C code that calls back into Python (sort keys, __eq__, __repr__) enters
 * py_eval_frame recursively, bounded by py_enter_native().
 *
 * Every instruction costs one step; every few thousand steps the loop
 * checks the step limit, the cancel flag and the clock.
 *
 * Must never: leave a frame on the data stack after an error, or swallow
 * an exception marked fatal (resource limits).
 */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "py/core.h"
#include "py/opcode.h"

#define CHUNK_MIN (64 * 1024)
#define CHECK_INTERVAL 4096

/* ---- frames ------------------------------------------------------------------------ */
static size_t frame_size(py_code *co)
{
    return sizeof(py_frame) + (size_t)(co->nlocalsplus + co->stacksize) * sizeof(py_val);
}

py_frame *py_frame_alloc(py_interp *I, py_code *co)
{
    size_t size = (frame_size(co) + 15) & ~(size_t)15;
    py_chunk *ch = I->chunk;
    if (!ch || (size_t)(ch->data + ch->size - ch->top) < size) {
        size_t want = size > CHUNK_MIN ? size : CHUNK_MIN;
        py_chunk *n = py_alloc(I, sizeof(py_chunk) + want);
        if (!n) return NULL;
        n->prev = ch;
        n->size = want;
        n->top = n->data;
        I->chunk = ch = n;
    }
    py_frame *f = (py_frame *)ch->top;
    ch->top += size;
    memset(f, 0, sizeof(py_frame) + co->nlocalsplus * sizeof(py_val));
    f->code = co;
    f->ip = co->code;
    f->sp = f->fast + co->nlocalsplus;
    return f;
}

void py_frame_release(py_interp *I, py_frame *f)
{
    py_chunk *ch = I->chunk;
    ch->top = (char *)f;
    if (ch->top == ch->data && ch->prev) {
        I->chunk = ch->prev;
        py_free(I, ch, sizeof(py_chunk) + ch->size);
    }
}

void py_frame_clear_locals(py_interp *I, py_frame *f)
{
    py_val *p = f->fast, *end = f->sp;
    for (; p < end; p++) {
        py_val v = *p;
        *p = PY_NULL;
        py_xdecref(I, v);
    }
    /* a frame cleared before may have outlived its code (borrowed from the
     * function it no longer holds): only reset the stack while it is alive */
    if (f->func) f->sp = f->fast + f->code->nlocalsplus;
    PY_CLEAR(I, f->locals);
    if (f->func) {
        py_func *fn = f->func;
        f->func = NULL;
        py_decref(I, PY_VAL(fn));
    }
}

py_srcpos py_code_pos(py_code *co, uint32_t ip)
{
    py_srcpos none = { 0, 0, -1, -1 };
    if (!co->npos) return none;
    uint32_t lo = 0, hi = co->npos;
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (co->pos[mid].ip <= ip) lo = mid; else hi = mid;
    }
    return co->pos[lo].pos;
}

void py_code_dealloc_cache(py_interp *I, py_code *co)
{
    if (co->cache) py_free(I, co->cache, co->ncache * sizeof(py_cache));
    co->cache = NULL;
}

/* ---- argument binding ---------------------------------------------------------------- */
static void missing_args(py_interp *I, py_func *fn, py_frame *f, int kwonly)
{
    py_code *co = fn->code;
    int start = kwonly ? co->argcount : 0;
    int end = kwonly ? co->argcount + co->kwonly : co->argcount;
    int n = 0;
    for (int i = start; i < end; i++) if (!f->fast[i]) n++;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int k = 0;
    for (int i = start; i < end; i++) {
        if (f->fast[i]) continue;
        if (k) {
            if (n == 2) sk_buf_puts(&b, " and ");
            else if (k == n - 1) sk_buf_puts(&b, ", and ");
            else sk_buf_puts(&b, ", ");
        }
        sk_buf_printf(&b, "'%s'", py_str_data(co->localnames[i]));
        k++;
    }
    py_err_fmt(I, PY_E_TypeError, "%s() missing %d required %s argument%s: %s", py_str_data(fn->qualname), n,
               kwonly ? "keyword-only" : "positional", n == 1 ? "" : "s", sk_buf_cstr(&b));
    sk_buf_free(&b);
}

static void too_many_positional(py_interp *I, py_func *fn, py_frame *f, size_t given)
{
    py_code *co = fn->code;
    int ndef = fn->defaults ? (int)py_tuple_len(fn->defaults) : 0;
    int argc = co->argcount;
    int kwonly_given = 0;
    for (int i = argc; i < argc + co->kwonly; i++) if (f->fast[i]) kwonly_given++;
    char sig[64];
    if (ndef) snprintf(sig, sizeof sig, "from %d to %d positional arguments", argc - ndef, argc);
    else snprintf(sig, sizeof sig, "%d positional argument%s", argc, argc == 1 ? "" : "s");
    if (kwonly_given)
        py_err_fmt(I, PY_E_TypeError, "%s() takes %s but %zu positional argument%s (and %d keyword-only argument%s) were given",
                   py_str_data(fn->qualname), sig, given, given == 1 ? "" : "s", kwonly_given, kwonly_given == 1 ? "" : "s");
    else
        py_err_fmt(I, PY_E_TypeError, "%s() takes %s but %zu %s given", py_str_data(fn->qualname), sig, given,
                   given == 1 ? "was" : "were");
}

int py_frame_bind_args(py_interp *I, py_frame *f, py_func *fn, const py_val *args, size_t nargs, py_val kwnames)
{
    py_code *co = fn->code;
    int argc = co->argcount;
    int total = argc + co->kwonly;
    py_val *fast = f->fast;
    size_t nkw = kwnames ? py_tuple_len(kwnames) : 0;
    int vi = total, ki = total + ((co->flags & PY_CO_VARARGS) ? 1 : 0);
    size_t n = nargs < (size_t)argc ? nargs : (size_t)argc;
    for (size_t i = 0; i < n; i++) fast[i] = py_newref(args[i]);
    if (co->flags & PY_CO_VARARGS) {
        size_t extra = nargs > (size_t)argc ? nargs - (size_t)argc : 0;
        fast[vi] = py_tuple_from(I, args + n, extra);
        if (!fast[vi]) return -1;
    }
    if (co->flags & PY_CO_VARKW) {
        fast[ki] = py_dict_new(I);
        if (!fast[ki]) return -1;
    }
    for (size_t k = 0; k < nkw; k++) {
        py_val name = py_tuple_items(kwnames)[k];
        py_val val = args[nargs + k];
        int j;
        for (j = co->posonly; j < total; j++) if (co->localnames[j] == name) break;
        if (j == total) {
            for (j = co->posonly; j < total; j++) if (py_str_eq(co->localnames[j], name)) break;
        }
        if (j < total) {
            if (fast[j]) {
                py_err_fmt(I, PY_E_TypeError, "%s() got multiple values for argument '%s'", py_str_data(fn->qualname),
                           py_str_data(name));
                return -1;
            }
            fast[j] = py_newref(val);
            continue;
        }
        if (co->flags & PY_CO_VARKW) {
            if (py_dict_set(I, fast[ki], name, val)) return -1;
            continue;
        }
        int posonly_hit = 0;
        for (j = 0; j < co->posonly; j++) if (py_str_eq(co->localnames[j], name)) posonly_hit = 1;
        if (posonly_hit)
            py_err_fmt(I, PY_E_TypeError, "%s() got some positional-only arguments passed as keyword arguments: '%s'",
                       py_str_data(fn->qualname), py_str_data(name));
        else
            py_err_fmt(I, PY_E_TypeError, "%s() got an unexpected keyword argument '%s'", py_str_data(fn->qualname),
                       py_str_data(name));
        return -1;
    }
    if (nargs > (size_t)argc && !(co->flags & PY_CO_VARARGS)) {
        too_many_positional(I, fn, f, nargs);
        return -1;
    }
    if (nargs < (size_t)argc) {
        int ndef = fn->defaults ? (int)py_tuple_len(fn->defaults) : 0;
        int first_def = argc - ndef;
        int missing = 0;
        for (int i = (int)nargs; i < argc; i++) {
            if (fast[i]) continue;
            if (i >= first_def) fast[i] = py_newref(py_tuple_items(fn->defaults)[i - first_def]);
            else missing = 1;
        }
        if (missing) { missing_args(I, fn, f, 0); return -1; }
    }
    if (co->kwonly) {
        int missing = 0;
        for (int i = argc; i < total; i++) {
            if (fast[i]) continue;
            py_val d = fn->kwdefaults ? py_dict_get_str(I, fn->kwdefaults, co->localnames[i]) : PY_NULL;
            if (d) fast[i] = py_newref(d);
            else missing = 1;
        }
        if (missing) { missing_args(I, fn, f, 1); return -1; }
    }
    /* cells and free variables */
    if (co->ncells) {
        for (uint32_t i = 0; i < co->ncells; i++) {
            int a = co->cell2arg ? co->cell2arg[i] : -1;
            py_val cell = py_cell_new(I, a >= 0 ? fast[a] : PY_NULL);
            if (!cell) return -1;
            fast[co->nlocals + i] = cell;
        }
    }
    if (co->nfrees) {
        py_tuple *cl = PY_TUPLE(fn->closure);
        for (uint32_t i = 0; i < co->nfrees; i++) fast[co->nlocals + co->ncells + i] = py_newref(cl->items[i]);
    }
    return 0;
}

/* Fast path: positional-only call of a plain function with exact arity. */
static inline int simple_code(py_code *co)
{
    return !(co->flags & (PY_CO_VARARGS | PY_CO_VARKW | PY_CO_GENERATOR | PY_CO_COROUTINE | PY_CO_ASYNCGEN)) &&
           !co->ncells && !co->kwonly;
}

static py_frame *push_func_frame(py_interp *I, py_func *fn, const py_val *args, size_t nargs, py_val kwnames)
{
    py_code *co = fn->code;
    py_frame *f = py_frame_alloc(I, co);
    if (!f) return NULL;
    f->func = fn;
    py_incref(PY_VAL(fn));
    f->globals = fn->globals;
    f->builtins = fn->builtins;
    if (!kwnames && simple_code(co) && nargs == co->argcount) {
        for (size_t i = 0; i < nargs; i++) f->fast[i] = py_newref(args[i]);
        if (co->nfrees) {
            py_tuple *cl = PY_TUPLE(fn->closure);
            for (uint32_t i = 0; i < co->nfrees; i++) f->fast[co->nlocals + i] = py_newref(cl->items[i]);
        }
    } else if (py_frame_bind_args(I, f, fn, args, nargs, kwnames)) {
        py_frame_clear_locals(I, f);
        py_frame_release(I, f);
        return NULL;
    }
    return f;
}

static int enter_depth(py_interp *I, py_frame *f)
{
    if (f->code->flags & (PY_CO_HIDDEN | PY_CO_HOST)) return 0;
    if (I->depth >= I->recursion_limit) {
        py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
        return -1;
    }
    I->depth++;
    f->flags |= PY_FRAME_COUNTED;
    return 0;
}

/* Call a Python function from C: a nested dispatch loop. */
py_val py_func_call(py_interp *I, py_val fv, const py_val *args, size_t nargs, py_val kwnames)
{
    py_func *fn = PY_FUNC(fv);
    py_code *co = fn->code;
    if (co->flags & (PY_CO_GENERATOR | PY_CO_COROUTINE | PY_CO_ASYNCGEN)) {
        py_frame *f = push_func_frame(I, fn, args, nargs, kwnames);
        if (!f) return PY_NULL;
        py_val g = py_gen_new(I, fn, f);
        py_frame_release(I, f);
        return g;
    }
    if (py_enter_native(I)) return PY_NULL;
    py_frame *f = push_func_frame(I, fn, args, nargs, kwnames);
    if (!f) { py_leave_native(I); return PY_NULL; }
    if (enter_depth(I, f)) {
        py_frame_clear_locals(I, f);
        py_frame_release(I, f);
        py_leave_native(I);
        return PY_NULL;
    }
    f->flags |= PY_FRAME_ENTRY;
    f->prev = I->frame;
    py_val r = py_eval_frame(I, f);
    py_leave_native(I);
    return r;
}

/* Run a class body (or module code) with an explicit namespace. */
py_val py_run_code_ns(py_interp *I, py_func *fn, py_val ns, const py_val *args, size_t nargs);
py_val py_run_code_ns(py_interp *I, py_func *fn, py_val ns, const py_val *args, size_t nargs)
{
    if (py_enter_native(I)) return PY_NULL;
    py_frame *f = push_func_frame(I, fn, args, nargs, PY_NULL);
    if (!f) { py_leave_native(I); return PY_NULL; }
    f->locals = py_newref(ns);
    if (enter_depth(I, f)) {
        py_frame_clear_locals(I, f);
        py_frame_release(I, f);
        py_leave_native(I);
        return PY_NULL;
    }
    f->flags |= PY_FRAME_ENTRY;
    f->prev = I->frame;
    py_val r = py_eval_frame(I, f);
    py_leave_native(I);
    return r;
}

/* ---- helpers used by the loop ------------------------------------------------------------ */
static const char *const stdlib_hint[] = {
    "asyncio", "sys", "typing", "types", "re", "json", "math", "os", "collections", "itertools",
    "functools", "dataclasses", "datetime", "pathlib", "random", "string", "time", "copy", "heapq",
    "bisect", "operator", "decimal", "fractions", "statistics", "textwrap", "unicodedata", "contextlib",
    "abc", "enum", "io", "csv", "hashlib", "base64", "struct", "pprint", "inspect", "traceback", NULL
};

static void name_error(py_interp *I, py_frame *f, py_val name)
{
    const char *s = py_str_data(name);
    py_err_fmt(I, PY_E_NameError, "name '%s' is not defined", s);
    if (!I->exc || !py_is_exc(I->exc)) return;
    py_val e = I->exc;
    py_val *dp = &PY_EXC(e)->dict;
    if (!*dp) *dp = py_dict_new(I);
    if (*dp) py_dict_set(I, *dp, PY_ID(I, name), name);
    /* the traceback's hints (CPython prints them; str(e) has none): the
     * closest visible name, and the module the script forgot to import */
    I->exc = PY_NULL;
    py_val best = py_suggest_for_name(I, f, name);
    int mod = 0;
    for (int i = 0; stdlib_hint[i]; i++) mod |= !strcmp(stdlib_hint[i], s);
    /* (closest name or None, True when it names a standard module): the
     * traceback printer words it (suggest.c) */
    py_val hint = PY_NULL;
    if (best || mod) hint = py_tuple_pack(I, 2, best ? best : PY_NONE, mod ? PY_TRUE : PY_FALSE);
    py_xdecref(I, best);
    py_err_clear(I);
    I->exc = e;
    if (hint) { py_xdecref(I, PY_EXC(e)->extra); PY_EXC(e)->extra = hint; }
}

static py_val load_global(py_interp *I, py_frame *f, py_val name)
{
    py_val v = py_dict_get_str(I, f->globals, name);
    if (v) return py_newref(v);
    v = py_builtins_lookup(I, name);
    if (v) return py_newref(v);
    if (py_err_occurred(I)) return PY_NULL;
    if (I->opts && I->opts->lookup_global) {
        py_val out = PY_NULL;
        int r = I->opts->lookup_global(I, I->opts->host_ud, py_str_data(name), &out);
        if (r < 0) return PY_NULL;
        if (r > 0) {
            /* cache in the namespace slot that asked */
            if (py_dict_set(I, f->globals, name, out)) { py_decref(I, out); return PY_NULL; }
            return out;
        }
    }
    name_error(I, f, name);
    return PY_NULL;
}

/* LOAD_GLOBAL's slow path: look the name up and fill the code's cache. */
static py_val load_global_cached(py_interp *I, py_frame *f, py_code *co, uint32_t arg, py_val name)
{
    if (!co->cache && py_is_dict(f->globals) && f->builtins && py_is_dict(f->builtins)) {
        co->cache = py_zalloc(I, co->nnames * sizeof(py_cache));
        if (!co->cache) return PY_NULL;
        co->ncache = co->nnames;
    }
    py_val v = load_global(I, f, name);
    if (!v || !co->cache || !py_is_dict(f->globals)) return v;
    /* locate the entry that now holds the name */
    py_dict *gd = PY_DICT(f->globals);
    py_cache *c = &co->cache[arg];
    int64_t h = py_str_hash(name);
    int64_t ix = py_dict_index_h(I, f->globals, name, h);
    if (ix >= 0) {
        c->v1 = gd->kver; c->i1 = (uint32_t)ix; c->i2 = 0; c->v2 = 0;
        return v;
    }
    if (ix == -2) { py_decref(I, v); return PY_NULL; }
    if (f->builtins && py_is_dict(f->builtins)) {
        ix = py_dict_index_h(I, f->builtins, name, h);
        if (ix == -2) { py_decref(I, v); return PY_NULL; }
        if (ix >= 0) { c->v1 = gd->kver; c->v2 = PY_DICT(f->builtins)->kver; c->i1 = (uint32_t)ix; c->i2 = 1; }
    }
    return v;
}

static py_val do_raise(py_interp *I, py_val exc, py_val cause)
{
    py_val inst;
    if (py_is_typeobj(exc) && py_type_is_subtype(PY_TYPEOBJ(exc), PY_TYPE(I, PY_E_BaseException))) {
        inst = py_call0(I, exc);
        if (!inst) return PY_NULL;
        if (!py_is_exc(inst)) {
            py_err_fmt(I, PY_E_TypeError, "calling %s should have returned an instance of BaseException, not %s",
                       py_type_name(I, exc), py_type_name(I, inst));
            py_decref(I, inst);
            return PY_NULL;
        }
    } else if (py_is_exc(exc)) {
        inst = py_newref(exc);
    } else {
        return py_err_str(I, PY_E_TypeError, "exceptions must derive from BaseException");
    }
    if (cause) {
        py_val c;
        if (cause == PY_NONE) c = PY_NULL;
        else if (py_is_typeobj(cause) && py_type_is_subtype(PY_TYPEOBJ(cause), PY_TYPE(I, PY_E_BaseException))) {
            c = py_call0(I, cause);
            if (!c) { py_decref(I, inst); return PY_NULL; }
        } else if (py_is_exc(cause)) {
            c = py_newref(cause);
        } else {
            py_decref(I, inst);
            return py_err_str(I, PY_E_TypeError, "exception causes must derive from BaseException");
        }
        PY_SETREF(I, PY_EXC(inst)->cause, c);
        PY_EXC(inst)->suppress_context = 1;
    }
    py_err_setexc(I, inst);
    return PY_NULL;
}

static int unpack_ex(py_interp *I, py_val seq, int before, int after, py_val *out)
{
    py_val l = py_sequence_list(I, seq);
    if (!l) {
        if (py_err_matches(I, PY_E_TypeError) && !py_typeof(I, seq)->s.iter) {
            py_err_clear(I);
            py_err_fmt(I, PY_E_TypeError, "cannot unpack non-iterable %s object", py_type_name(I, seq));
        }
        return -1;
    }
    py_list *ls = PY_LIST(l);
    if (ls->n < (size_t)(before + after)) {
        py_err_fmt(I, PY_E_ValueError, "not enough values to unpack (expected at least %d, got %zu)", before + after, ls->n);
        py_decref(I, l);
        return -1;
    }
    /* out[0] is the last item pushed: order items so the first target is on top */
    int total = before + after + 1;
    int k = total - 1;
    for (int i = 0; i < before; i++) out[k--] = py_newref(ls->items[i]);
    size_t mid = ls->n - (size_t)before - (size_t)after;
    py_val star = py_list_from(I, ls->items + before, mid);
    if (!star) { py_decref(I, l); return -1; }
    out[k--] = star;
    for (int i = 0; i < after; i++) out[k--] = py_newref(ls->items[(size_t)before + mid + (size_t)i]);
    py_decref(I, l);
    return 0;
}

py_val py_import_from(py_interp *I, py_val mod, py_val name);
py_val py_build_template(py_interp *I, py_val parts);
py_val py_build_interpolation(py_interp *I, py_val t);
py_val py_intrinsic(py_interp *I, int which, py_val v);
py_val py_get_awaitable(py_interp *I, py_val v, int why);
py_val py_get_aiter(py_interp *I, py_val v);
py_val py_get_anext(py_interp *I, py_val v);
int py_match_class(py_interp *I, py_val subject, py_val cls, py_val names, int npos, py_val *out);
int py_match_keys(py_interp *I, py_val subject, py_val keys, py_val *out);
int py_is_mapping_for_match(py_interp *I, py_val v);
int py_is_sequence_for_match(py_interp *I, py_val v);
py_val py_store_annotation(py_interp *I, py_val ns, py_val name, py_val ann);
int py_gen_finish_inline(py_interp *I, py_gen *g);
void py_gen_swap_exc(py_interp *I, py_gen *g);
py_val py_send_nongen(py_interp *I, py_val recv, py_val v, int *done);

int py_check_periodic(py_interp *I)
{
    if (I->max_steps && I->steps >= I->max_steps) {
        py_err_fatal(I, PY_E_RuntimeError, "step limit exceeded");
        return -1;
    }
    if (I->cancel && *I->cancel) {
        py_err_fatal(I, PY_E_KeyboardInterrupt, "execution cancelled");
        return -1;
    }
    if (I->clock && I->deadline_ns) {
        if (I->clock(I->clock_ud) >= I->deadline_ns) {
            py_err_fatal(I, PY_E_TimeoutError, "time limit exceeded");
            return -1;
        }
    }
    py_gc_maybe_collect(I);
    return 0;
}

/* Find the handler for instruction `ip`; -1 if none. */
static int find_handler(py_code *co, uint32_t ip, uint32_t *depth)
{
    for (uint32_t i = 0; i < co->nexctab; i++) {
        py_exc_entry *e = &co->exctab[i];
        if (ip >= e->start && ip < e->end) {
            /* entries are emitted innermost-first per instruction run; the
             * compiler tags each instruction with its innermost handler */
            *depth = e->depth;
            return (int)e->target;
        }
    }
    return -1;
}

/* Is the instruction a suspended generator frame stopped at covered by an
 * exception handler, or is it delegating (yield from / await)?  Only then
 * can closing it run code. */
int py_frame_in_try(py_frame *f)
{
    py_code *co = f->code;
    if (!f->ip || f->ip <= co->code) return 0;
    uint32_t idx = (uint32_t)(f->ip - co->code) - 1;
    uint32_t prev = co->code[idx];
    if (INSN_OP(prev) == OP_YIELD_VALUE && INSN_ARG(prev) == 1) return 1;
    uint32_t d;
    return find_handler(co, idx, &d) >= 0;
}

/* ---- the loop ------------------------------------------------------------------------------ */
#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define SECOND() (sp[-2])
#define PEEK(n) (sp[-(int)(n)])
#define SET_TOP(v) (sp[-1] = (v))

py_val py_eval_frame(py_interp *I, py_frame *f)
{
    static const void *const targets[256] = {
#define X(n) [OP_##n] = &&L_##n,
        PY_OPCODES(X)
#undef X
    };
    const uint32_t *ip;
    py_val *sp;
    py_val *fast;
    py_code *co;
    py_val *consts;
    uint32_t ins, arg;
    int64_t budget;
    int reraise;
    py_frame *prevframe = I->frame;

    f->prev = f->prev ? f->prev : prevframe;
    I->frame = f;
    budget = CHECK_INTERVAL;
    if (I->max_steps) {
        uint64_t left = I->max_steps > I->steps ? I->max_steps - I->steps : 0;
        if ((uint64_t)budget > left) budget = (int64_t)left;
    }
    I->step_check = (uint64_t)budget;

#define LOAD_FRAME() do { co = f->code; ip = f->ip; sp = f->sp; fast = f->fast; consts = co->consts; } while (0)
#define SAVE_FRAME() do { f->ip = ip; f->sp = sp; } while (0)
#define DISPATCH() do { \
        if (__builtin_expect(--budget <= 0, 0)) goto periodic; \
        ins = *ip++; arg = INSN_ARG(ins); goto *targets[INSN_OP(ins)]; \
    } while (0)
#define ERROR() do { reraise = 0; goto error; } while (0)
/* after instructions that drop references: run queued finalizers (gc.c) */
#define DISPATCH_FIN() do { \
        if (__builtin_expect(I->fin_signal != 0, 0)) goto run_finalizers; \
        DISPATCH(); \
    } while (0)

    LOAD_FRAME();
    if (f->flags & 8 /* PY_FRAME_THROW */) {
        f->flags &= ~8u;
        ERROR();
    }
    DISPATCH();

periodic:
    I->steps += I->step_check - (uint64_t)(budget > 0 ? budget : 0);
    if (budget < 0) budget = 0;
    I->step_check = (uint64_t)budget;   /* counted: an exit now adds nothing */
    SAVE_FRAME();
    /* C code may call py_check_periodic with borrowed pointers in hand;
     * finalizers (Python code) only run here, between instructions */
    if (py_check_periodic(I) || py_run_finalizers(I)) {
        ip++;   /* the failing instruction is the next one */
        ERROR();
    }
    budget = CHECK_INTERVAL;
    if (I->max_steps) {
        uint64_t left = I->max_steps - I->steps;
        if ((uint64_t)budget > left) budget = (int64_t)left;
        if (budget <= 0) budget = 1;
    }
    I->step_check = (uint64_t)budget;
    ins = *ip++;
    arg = INSN_ARG(ins);
    goto *targets[INSN_OP(ins)];

run_finalizers:
    SAVE_FRAME();
    if (py_run_finalizers(I)) ERROR();
    DISPATCH();
L_NOP:
    DISPATCH();
L_POP_TOP: {
    py_val v = POP();
    py_decref(I, v);
    DISPATCH_FIN();
}
L_COPY: {
    py_val v = PEEK(arg);
    py_incref(v);
    PUSH(v);
    DISPATCH();
}
L_SWAP: {
    py_val t = TOP();
    sp[-1] = sp[-(int)arg];
    sp[-(int)arg] = t;
    DISPATCH();
}
L_PUSH_NULL:
    PUSH(PY_NULL);
    DISPATCH();
L_LOAD_CONST: {
    py_val v = consts[arg];
    py_incref(v);
    PUSH(v);
    DISPATCH();
}
L_LOAD_FAST: {
    py_val v = fast[arg];
    if (__builtin_expect(!v, 0)) {
        py_err_fmt(I, PY_E_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                   py_str_data(co->localnames[arg]));
        ERROR();
    }
    py_incref(v);
    PUSH(v);
    DISPATCH();
}
L_LOAD_FAST_LOAD_FAST:
    DISPATCH();
L_STORE_FAST: {
    py_val v = POP();
    py_val old = fast[arg];
    fast[arg] = v;
    py_xdecref(I, old);
    DISPATCH_FIN();
}
L_DELETE_FAST: {
    py_val old = fast[arg];
    if (!old) {
        py_err_fmt(I, PY_E_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                   py_str_data(co->localnames[arg]));
        ERROR();
    }
    fast[arg] = PY_NULL;
    py_decref(I, old);
    DISPATCH_FIN();
}
L_LOAD_DEREF: {
    py_cell *cell = (py_cell *)PY_OBJ(fast[co->nlocals + arg]);
    py_val v = cell->v;
    if (!v) {
        py_val name = co->localnames[co->nlocals + arg];
        if (arg >= co->ncells)
            py_err_fmt(I, PY_E_NameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
                       py_str_data(name));
        else
            py_err_fmt(I, PY_E_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                       py_str_data(name));
        ERROR();
    }
    py_incref(v);
    PUSH(v);
    DISPATCH();
}
L_LOAD_CLASSDEREF: {
    uint32_t ci = arg & 0xFFF, ni = arg >> 12;
    py_val name = co->names[ni];
    if (f->locals) {
        py_val v = py_is_dict(f->locals) ? py_dict_get_str(I, f->locals, name) : PY_NULL;
        if (v) { py_incref(v); PUSH(v); DISPATCH(); }
    }
    py_cell *cell = (py_cell *)PY_OBJ(fast[co->nlocals + ci]);
    if (!cell->v) {
        py_err_fmt(I, PY_E_NameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
                   py_str_data(name));
        ERROR();
    }
    py_incref(cell->v);
    PUSH(cell->v);
    DISPATCH();
}
L_STORE_DEREF: {
    py_val v = POP();
    py_cell *cell = (py_cell *)PY_OBJ(fast[co->nlocals + arg]);
    py_val old = cell->v;
    cell->v = v;
    py_xdecref(I, old);
    DISPATCH_FIN();
}
L_DELETE_DEREF: {
    py_cell *cell = (py_cell *)PY_OBJ(fast[co->nlocals + arg]);
    if (!cell->v) {
        py_err_fmt(I, PY_E_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                   py_str_data(co->localnames[co->nlocals + arg]));
        ERROR();
    }
    PY_CLEAR(I, cell->v);
    DISPATCH_FIN();
}
L_LOAD_CLOSURE: {
    py_val c = fast[co->nlocals + arg];
    py_incref(c);
    PUSH(c);
    DISPATCH();
}
L_LOAD_GLOBAL: {
    /* inline cache per name: valid while the key layouts of globals (and,
     * for a builtin, of builtins) are unchanged; values are read live */
    py_dict *gd = PY_DICT(f->globals);
    py_cache *c = co->cache ? &co->cache[arg] : NULL;
    if (c && c->v1 == gd->kver && c->v1) {
        py_val v;
        if (!c->i2) v = gd->entries[c->i1].value;
        else {
            py_dict *bd = f->builtins ? PY_DICT(f->builtins) : NULL;
            v = bd && bd->kver == c->v2 ? bd->entries[c->i1].value : PY_NULL;
        }
        if (v) { py_incref(v); PUSH(v); DISPATCH(); }
    }
    py_val name = co->names[arg];
    SAVE_FRAME();
    py_val v = load_global_cached(I, f, co, arg, name);
    if (!v) ERROR();
    PUSH(v);
    DISPATCH();
}
L_STORE_GLOBAL: {
    py_val v = POP();
    int r = py_dict_set(I, f->globals, co->names[arg], v);
    py_decref(I, v);
    if (r) ERROR();
    DISPATCH_FIN();
}
L_DELETE_GLOBAL: {
    py_val old;
    int r = py_dict_pop(I, f->globals, co->names[arg], &old);
    if (r < 0) ERROR();
    if (!r) { name_error(I, f, co->names[arg]); ERROR(); }
    py_decref(I, old);
    DISPATCH_FIN();
}
L_LOAD_NAME: {
    py_val name = co->names[arg];
    py_val v = PY_NULL;
    if (f->locals) {
        if (py_is_dict(f->locals)) v = py_dict_get_str(I, f->locals, name);
        else {
            v = py_getitem(I, f->locals, name);
            if (v) { PUSH(v); DISPATCH(); }
            if (!py_err_matches(I, PY_E_KeyError)) ERROR();
            py_err_clear(I);
        }
    }
    if (v) { py_incref(v); PUSH(v); DISPATCH(); }
    SAVE_FRAME();
    v = load_global(I, f, name);
    if (!v) ERROR();
    PUSH(v);
    DISPATCH();
}
L_STORE_NAME: {
    py_val v = POP();
    py_val ns = f->locals ? f->locals : f->globals;
    /* a class namespace from __prepare__ may be a dict subclass with its own __setitem__ */
    int r = PY_IS(ns, DICT) ? py_dict_set(I, ns, co->names[arg], v) : py_setitem(I, ns, co->names[arg], v);
    py_decref(I, v);
    if (r) ERROR();
    DISPATCH_FIN();
}
L_DELETE_NAME: {
    py_val ns = f->locals ? f->locals : f->globals;
    int r;
    if (PY_IS(ns, DICT)) {
        py_val old;
        r = py_dict_pop(I, ns, co->names[arg], &old);
        if (r > 0) { py_decref(I, old); r = 0; }
        else if (r == 0) { name_error(I, f, co->names[arg]); r = -1; }
    } else {
        r = py_delitem(I, ns, co->names[arg]);
    }
    if (r) ERROR();
    DISPATCH_FIN();
}
L_LOAD_ATTR: {
    py_val o = TOP();
    SAVE_FRAME();
    if (py_is_ptr(o)) {
        /* plain instance attribute: no data descriptor on the type, found in __dict__ */
        py_type *t = PY_OBJ(o)->type;
        if (t->s.getattr == py_generic_getattr && (t->flags & PY_TF_HEAP)) {
            py_val d = py_type_lookup(I, t, co->names[arg]);
            if (d && PY_IS(d, GETSET_DESCR)) {
                /* a __slots__ member */
                py_getset_descr *gd = (py_getset_descr *)PY_OBJ(d);
                if (!gd->def && py_type_is_subtype(t, gd->owner)) {
                    py_val v = *(py_val *)((char *)PY_OBJ(o) + gd->offset);
                    if (v) {
                        SET_TOP(py_newref(v));
                        py_decref(I, o);
                        DISPATCH();
                    }
                }
            } else if (t->dictoffset > 0 && !(t->flags & PY_TF_SUBCLASS_DICT) && (!d || !py_typeof(I, d)->s.descr_set)) {
                py_val dict = *(py_val *)((char *)PY_OBJ(o) + t->dictoffset);
                py_val v = dict ? py_dict_get_str(I, dict, co->names[arg]) : PY_NULL;
                if (v) {
                    SET_TOP(py_newref(v));
                    py_decref(I, o);
                    DISPATCH();
                }
            }
        }
    }
    py_val v = py_getattr(I, o, co->names[arg]);
    if (!v) ERROR();
    SET_TOP(v);
    py_decref(I, o);
    DISPATCH();
}
L_STORE_ATTR: {
    py_val o = POP();
    py_val v = POP();
    SAVE_FRAME();
    int r = py_setattr(I, o, co->names[arg], v);
    py_decref(I, o);
    py_decref(I, v);
    if (r) ERROR();
    DISPATCH_FIN();
}
L_DELETE_ATTR: {
    py_val o = POP();
    SAVE_FRAME();
    int r = py_setattr(I, o, co->names[arg], PY_NULL);
    py_decref(I, o);
    if (r) ERROR();
    DISPATCH_FIN();
}
L_LOAD_METHOD: {
    py_val o = TOP();
    py_val name = co->names[arg];
    py_type *t = py_typeof(I, o);
    SAVE_FRAME();
    if (!t->s.getattr || t->s.getattr == py_generic_getattr) {
        py_val d = py_type_lookup(I, t, name);
        if (d && (PY_IS(d, FUNCTION) || (PY_IS(d, METHOD_DESCR) && ((py_cfunc *)PY_OBJ(d))->def &&
                                         !(((py_cfunc *)PY_OBJ(d))->def->flags & PY_METH_CLASS)))) {
            py_val *dp = py_inst_dictptr(o);
            if (!dp || !*dp || !py_dict_get_str(I, *dp, name)) {
                py_incref(d);
                SET_TOP(d);
                PUSH(o);
                DISPATCH();
            }
        }
    }
    py_val v = py_getattr(I, o, name);
    if (!v) ERROR();
    SET_TOP(v);
    py_decref(I, o);
    PUSH(PY_NULL);
    DISPATCH();
}
L_BINARY_OP: {
    py_val b = POP();
    py_val a = TOP();
    py_val r;
    if (py_is_int(a) && py_is_int(b)) {
        int64_t x = py_int_val(a), y = py_int_val(b), z;
        switch (arg & 15) {
        case PY_NB_ADD: z = x + y; if (py_fits_small(z)) { SET_TOP(py_int_small(z)); DISPATCH(); } break;
        case PY_NB_SUB: z = x - y; if (py_fits_small(z)) { SET_TOP(py_int_small(z)); DISPATCH(); } break;
        case PY_NB_MUL:
            if (!__builtin_mul_overflow(x, y, &z) && py_fits_small(z)) { SET_TOP(py_int_small(z)); DISPATCH(); }
            break;
        case PY_NB_MOD:
            if (y > 0 && x >= 0) { SET_TOP(py_int_small(x % y)); DISPATCH(); }
            break;
        case PY_NB_FLOORDIV:
            if (y > 0 && x >= 0) { SET_TOP(py_int_small(x / y)); DISPATCH(); }
            break;
        case PY_NB_AND: SET_TOP(py_int_small(x & y)); DISPATCH();
        case PY_NB_OR: SET_TOP(py_int_small(x | y)); DISPATCH();
        case PY_NB_XOR: SET_TOP(py_int_small(x ^ y)); DISPATCH();
        default: break;
        }
    } else if (py_is_float(a) && py_is_float(b)) {
        double x = py_float_val(a), y = py_float_val(b);
        switch (arg & 15) {
        case PY_NB_ADD: SET_TOP(py_float(x + y)); DISPATCH();
        case PY_NB_SUB: SET_TOP(py_float(x - y)); DISPATCH();
        case PY_NB_MUL: SET_TOP(py_float(x * y)); DISPATCH();
        case PY_NB_TRUEDIV: if (y != 0.0) { SET_TOP(py_float(x / y)); DISPATCH(); } break;
        default: break;
        }
    }
    else if (arg == (BINOP_INPLACE | PY_NB_ADD) && PY_IS(a, STR) && PY_IS(b, STR) && PY_OBJ(a)->rc == 2 &&
             !PY_STR(a)->interned && py_str_len(b) > 0) {
        /* `s += t` where the variable being assigned is the only other
         * holder of s: hand its reference over and grow s in place (the
         * store that follows puts the result back) */
        uint32_t nx = *ip;
        py_val *slot = NULL, ns = PY_NULL;
        if (INSN_OP(nx) == OP_STORE_FAST && fast[INSN_ARG(nx)] == a) slot = &fast[INSN_ARG(nx)];
        else if (INSN_OP(nx) == OP_STORE_NAME || INSN_OP(nx) == OP_STORE_GLOBAL) {
            ns = INSN_OP(nx) == OP_STORE_GLOBAL || !f->locals ? f->globals : f->locals;
            if (!PY_IS(ns, DICT) || py_dict_get(I, ns, co->names[INSN_ARG(nx)]) != a) ns = PY_NULL;
        }
        if (slot || ns) {
            SAVE_FRAME();
            if (slot) { *slot = PY_NULL; PY_OBJ(a)->rc--; }
            else if (py_dict_set(I, ns, co->names[INSN_ARG(nx)], PY_NONE)) ERROR();
            r = py_str_append_owned(I, a, b);
            if (!r) {
                if (slot) { py_incref(a); *slot = a; }
                else (void)py_dict_set(I, ns, co->names[INSN_ARG(nx)], a);
                py_decref(I, b);
                ERROR();
            }
            py_decref(I, b);
            SET_TOP(r);
            DISPATCH();
        }
    }
    SAVE_FRAME();
    if (arg & BINOP_INPLACE) r = py_inplace_op(I, a, b, (int)(arg & 15));
    else r = py_binop(I, a, b, (int)arg);
    py_decref(I, b);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, a);
    DISPATCH();
}
L_UNARY_NEG: {
    py_val v = TOP();
    py_val r;
    if (py_is_int(v)) r = py_int_from_i64(I, -py_int_val(v));
    else if (py_is_float(v)) r = py_float(-py_float_val(v));
    else { SAVE_FRAME(); r = py_neg(I, v); }
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, v);
    DISPATCH();
}
L_UNARY_POS: {
    py_val v = TOP();
    SAVE_FRAME();
    py_val r = py_pos(I, v);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, v);
    DISPATCH();
}
L_UNARY_INVERT: {
    py_val v = TOP();
    SAVE_FRAME();
    py_val r = py_invert(I, v);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, v);
    DISPATCH();
}
L_UNARY_NOT: {
    py_val v = TOP();
    int t;
    if (v == PY_TRUE) t = 1;
    else if (v == PY_FALSE || v == PY_NONE) t = 0;
    else { SAVE_FRAME(); t = py_truthy(I, v); if (t < 0) ERROR(); }
    SET_TOP(py_bool(!t));
    py_decref(I, v);
    DISPATCH();
}
L_COMPARE_OP: {
    py_val b = POP();
    py_val a = TOP();
    if (py_is_int(a) && py_is_int(b)) {
        int64_t x = py_int_val(a), y = py_int_val(b);
        int r;
        switch (arg) {
        case PY_LT: r = x < y; break;
        case PY_LE: r = x <= y; break;
        case PY_EQ: r = x == y; break;
        case PY_NE: r = x != y; break;
        case PY_GT: r = x > y; break;
        default: r = x >= y; break;
        }
        SET_TOP(py_bool(r));
        DISPATCH();
    }
    SAVE_FRAME();
    py_val r = py_richcmp(I, a, b, (int)arg);
    py_decref(I, b);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, a);
    DISPATCH();
}
L_IS_OP: {
    py_val b = POP();
    py_val a = TOP();
    int r = a == b;
    if (!r && py_is_float(a) && py_is_float(b)) r = 0;
    SET_TOP(py_bool(r != (int)arg));
    py_decref(I, a);
    py_decref(I, b);
    DISPATCH();
}
L_CONTAINS_OP: {
    py_val c = POP();
    py_val v = TOP();
    SAVE_FRAME();
    int r = py_contains(I, c, v);
    py_decref(I, c);
    if (r < 0) ERROR();
    SET_TOP(py_bool(r != (int)arg));
    py_decref(I, v);
    DISPATCH();
}
L_BINARY_SUBSCR: {
    py_val k = POP();
    py_val o = TOP();
    py_val r;
    if (py_is_int(k) && PY_IS(o, LIST)) {
        py_list *l = PY_LIST(o);
        int64_t i = py_int_val(k);
        if (i < 0) i += (int64_t)l->n;
        if (i >= 0 && (uint64_t)i < l->n) {
            r = py_newref(l->items[i]);
            SET_TOP(r);
            py_decref(I, o);
            DISPATCH();
        }
    }
    SAVE_FRAME();
    if (PY_IS(o, DICT) && py_has_plain_hash(k)) {
        /* exact dict, str or small-int key: no __missing__, no __hash__ to run */
        py_val v = py_dict_get_h(I, o, k, py_plain_hash(k));
        if (v) {
            py_incref(v);
            py_decref(I, k);
            SET_TOP(v);
            py_decref(I, o);
            DISPATCH();
        }
        if (py_err_occurred(I)) { py_decref(I, k); ERROR(); }
    }
    r = py_getitem(I, o, k);
    py_decref(I, k);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, o);
    DISPATCH();
}
L_STORE_SUBSCR: {
    py_val k = POP();
    py_val o = POP();
    py_val v = POP();
    SAVE_FRAME();
    int r;
    if (PY_IS(o, DICT) && py_has_plain_hash(k))
        r = py_dict_set_h(I, o, k, py_plain_hash(k), v);
    else if (py_is_int(k) && PY_IS(o, LIST) && py_int_val(k) >= 0 &&
             (uint64_t)py_int_val(k) < PY_LIST(o)->n) {
        py_val *slot = &PY_LIST(o)->items[py_int_val(k)], old = *slot;
        *slot = v;
        py_decref(I, k);
        py_decref(I, o);
        py_decref(I, old);
        DISPATCH_FIN();
    } else
        r = py_setitem(I, o, k, v);
    py_decref(I, k);
    py_decref(I, o);
    py_decref(I, v);
    if (r) ERROR();
    DISPATCH_FIN();
}
L_DELETE_SUBSCR: {
    py_val k = POP();
    py_val o = POP();
    SAVE_FRAME();
    int r = py_delitem(I, o, k);
    py_decref(I, k);
    py_decref(I, o);
    if (r) ERROR();
    DISPATCH_FIN();
}
L_BUILD_SLICE: {
    py_val step = arg == 3 ? POP() : PY_NONE;
    py_val stop = POP();
    py_val start = POP();
    py_val s = py_slice_new(I, start, stop, step);
    py_decref(I, start);
    py_decref(I, stop);
    py_decref(I, step);
    if (!s) ERROR();
    PUSH(s);
    DISPATCH();
}
L_BUILD_TUPLE: {
    py_val t = py_tuple_new(I, arg);
    if (!t) ERROR();
    sp -= arg;
    memcpy(PY_TUPLE(t)->items, sp, arg * sizeof(py_val));
    PUSH(t);
    DISPATCH();
}
L_BUILD_LIST: {
    py_val l = py_list_new(I, arg);
    if (!l) ERROR();
    sp -= arg;
    if (arg) memcpy(PY_LIST(l)->items, sp, arg * sizeof(py_val));
    PY_LIST(l)->n = arg;
    PUSH(l);
    DISPATCH();
}
L_BUILD_SET: {
    py_val s = py_set_new(I, PY_NULL, 0);
    if (!s) ERROR();
    int err = 0;
    SAVE_FRAME();
    for (uint32_t i = 0; i < arg; i++) {
        py_val v = sp[-(int)arg + (int)i];
        if (!err && py_set_add(I, s, v)) err = 1;
        py_decref(I, v);
    }
    sp -= arg;
    if (err) { py_decref(I, s); ERROR(); }
    PUSH(s);
    DISPATCH();
}
L_BUILD_MAP: {
    py_val d = py_dict_new(I);
    if (!d) ERROR();
    int err = 0;
    SAVE_FRAME();
    py_val *base = sp - 2 * arg;
    for (uint32_t i = 0; i < arg; i++) {
        if (!err && py_dict_set(I, d, base[2 * i], base[2 * i + 1])) err = 1;
        py_decref(I, base[2 * i]);
        py_decref(I, base[2 * i + 1]);
    }
    sp = base;
    if (err) { py_decref(I, d); ERROR(); }
    PUSH(d);
    DISPATCH();
}
L_BUILD_STRING: {
    size_t total = 0;
    int ascii = 1;
    size_t cps = 0;
    for (uint32_t i = 0; i < arg; i++) {
        py_val s = sp[-(int)arg + (int)i];
        total += py_str_len(s);
        cps += PY_STR(s)->cplen;
        ascii &= PY_STR(s)->ascii;
    }
    char *d;
    py_val r = py_str_uninit(I, total, &d);
    if (!r) ERROR();
    size_t off = 0;
    for (uint32_t i = 0; i < arg; i++) {
        py_val s = sp[-(int)arg + (int)i];
        memcpy(d + off, py_str_data(s), py_str_len(s));
        off += py_str_len(s);
        py_decref(I, s);
    }
    PY_STR(r)->cplen = cps;
    PY_STR(r)->ascii = (uint8_t)ascii;
    sp -= arg;
    PUSH(r);
    DISPATCH();
}
L_LIST_APPEND: {
    py_val v = POP();
    if (py_list_append_steal(I, PEEK(arg), v)) ERROR();
    DISPATCH();
}
L_SET_ADD: {
    py_val v = POP();
    SAVE_FRAME();
    int r = py_set_add(I, PEEK(arg), v);
    py_decref(I, v);
    if (r) ERROR();
    DISPATCH();
}
L_MAP_ADD: {
    py_val v = POP();
    py_val k = POP();
    SAVE_FRAME();
    int r = py_dict_set(I, PEEK(arg), k, v);
    py_decref(I, k);
    py_decref(I, v);
    if (r) ERROR();
    DISPATCH();
}
L_LIST_EXTEND: {
    py_val it = POP();
    SAVE_FRAME();
    int r;
    if (!py_is_list(it) && !py_is_tuple(it) && !py_typeof(I, it)->s.iter && !py_typeof(I, it)->s.getitem) {
        py_err_fmt(I, PY_E_TypeError, "Value after * must be an iterable, not %s", py_type_name(I, it));
        r = -1;
    } else {
        r = py_list_extend(I, PEEK(arg), it);
    }
    py_decref(I, it);
    if (r) ERROR();
    DISPATCH();
}
L_SET_UPDATE: {
    py_val it = POP();
    SAVE_FRAME();
    int r = py_set_update(I, PEEK(arg), it);
    py_decref(I, it);
    if (r) ERROR();
    DISPATCH();
}
L_DICT_UPDATE: {
    py_val m = POP();
    SAVE_FRAME();
    int r;
    if (!py_is_dict(m) && !py_hasattr(I, m, PY_ID(I, keys))) {
        py_err_fmt(I, PY_E_TypeError, "'%s' object is not a mapping", py_type_name(I, m));
        r = -1;
    } else {
        r = py_dict_update(I, PEEK(arg), m);
    }
    py_decref(I, m);
    if (r) ERROR();
    DISPATCH();
}
L_DICT_MERGE: {
    py_val m = POP();
    SAVE_FRAME();
    /* the callable sits below the args tuple and the dict */
    py_val fn = PEEK(arg + 2);
    py_val fname = PY_NULL;
    if (py_is_ptr(fn)) {
        py_val qn = py_getattr_opt(I, fn, PY_ID(I, __qualname__));
        if (qn && py_is_str(qn)) fname = py_str_fmt(I, "%s()", py_str_data(qn));
        py_xdecref(I, qn);
        py_err_clear(I);
    }
    if (!fname) fname = py_str_cstr(I, "function");
    int r = fname ? py_dict_merge_kw(I, PEEK(arg), m, fname) : -1;
    py_xdecref(I, fname);
    py_decref(I, m);
    if (r) ERROR();
    DISPATCH();
}
L_LIST_TO_TUPLE: {
    py_val l = TOP();
    py_val t = py_tuple_from(I, PY_LIST(l)->items, PY_LIST(l)->n);
    if (!t) ERROR();
    SET_TOP(t);
    py_decref(I, l);
    DISPATCH();
}
L_UNPACK_SEQUENCE: {
    py_val seq = POP();
    SAVE_FRAME();
    if (py_is_ptr(seq) && (PY_OBJ(seq)->type->id == PY_T_TUPLE || PY_OBJ(seq)->type->id == PY_T_LIST) &&
        !(PY_OBJ(seq)->type->flags & PY_TF_HEAP)) {
        size_t n = PY_OBJ(seq)->type->id == PY_T_TUPLE ? PY_TUPLE(seq)->n : PY_LIST(seq)->n;
        py_val *items = PY_OBJ(seq)->type->id == PY_T_TUPLE ? PY_TUPLE(seq)->items : PY_LIST(seq)->items;
        if (n == arg) {
            for (uint32_t i = 0; i < arg; i++) sp[i] = py_newref(items[arg - 1 - i]);
            sp += arg;
            py_decref(I, seq);
            DISPATCH();
        }
    }
    py_val tmp[16];
    py_val *vals = arg <= 16 ? tmp : py_alloc(I, arg * sizeof(py_val));
    if (!vals) { py_decref(I, seq); ERROR(); }
    int r = py_unpack_iter(I, seq, vals, arg);
    py_decref(I, seq);
    if (r) { if (vals != tmp) py_free(I, vals, arg * sizeof(py_val)); ERROR(); }
    for (uint32_t i = 0; i < arg; i++) sp[i] = vals[arg - 1 - i];
    sp += arg;
    if (vals != tmp) py_free(I, vals, arg * sizeof(py_val));
    DISPATCH();
}
L_UNPACK_EX: {
    py_val seq = POP();
    int before = (int)(arg & 0xFF), after = (int)(arg >> 8);
    SAVE_FRAME();
    int r = unpack_ex(I, seq, before, after, sp);
    py_decref(I, seq);
    if (r) ERROR();
    sp += before + after + 1;
    DISPATCH();
}
L_JUMP:
    ip = co->code + arg;
    DISPATCH();
L_JUMP_BACK:
    ip = co->code + arg;
    DISPATCH();
L_POP_JUMP_IF_FALSE: {
    py_val v = POP();
    if (v == PY_FALSE) { ip = co->code + arg; DISPATCH(); }
    if (v == PY_TRUE) DISPATCH();
    SAVE_FRAME();
    int t = py_truthy(I, v);
    py_decref(I, v);
    if (t < 0) ERROR();
    if (!t) ip = co->code + arg;
    DISPATCH();
}
L_POP_JUMP_IF_TRUE: {
    py_val v = POP();
    if (v == PY_TRUE) { ip = co->code + arg; DISPATCH(); }
    if (v == PY_FALSE) DISPATCH();
    SAVE_FRAME();
    int t = py_truthy(I, v);
    py_decref(I, v);
    if (t < 0) ERROR();
    if (t) ip = co->code + arg;
    DISPATCH();
}
L_JUMP_IF_FALSE_OR_POP: {
    py_val v = TOP();
    SAVE_FRAME();
    int t = v == PY_TRUE ? 1 : v == PY_FALSE ? 0 : py_truthy(I, v);
    if (t < 0) ERROR();
    if (!t) { ip = co->code + arg; DISPATCH(); }
    (void)POP();
    py_decref(I, v);
    DISPATCH();
}
L_JUMP_IF_TRUE_OR_POP: {
    py_val v = TOP();
    SAVE_FRAME();
    int t = v == PY_TRUE ? 1 : v == PY_FALSE ? 0 : py_truthy(I, v);
    if (t < 0) ERROR();
    if (t) { ip = co->code + arg; DISPATCH(); }
    (void)POP();
    py_decref(I, v);
    DISPATCH();
}
L_POP_JUMP_IF_NONE: {
    py_val v = POP();
    if (v == PY_NONE) ip = co->code + arg;
    else py_decref(I, v);
    DISPATCH();
}
L_POP_JUMP_IF_NOT_NONE: {
    py_val v = POP();
    if (v != PY_NONE) { ip = co->code + arg; py_decref(I, v); }
    DISPATCH();
}
L_GET_ITER: {
    py_val v = TOP();
    if (py_is_ptr(v) && (PY_OBJ(v)->type->id == PY_T_GENERATOR) && !(PY_OBJ(v)->type->flags & PY_TF_HEAP)) DISPATCH();
    SAVE_FRAME();
    py_val it = py_iter(I, v);
    if (!it) ERROR();
    SET_TOP(it);
    py_decref(I, v);
    DISPATCH();
}
L_FOR_ITER: {
    py_val it = TOP();
    if (py_is_ptr(it)) {
        py_type *t = PY_OBJ(it)->type;
        if (t->id == PY_T_RANGE_ITER) {
            py_iterobj *r = (py_iterobj *)PY_OBJ(it);
            if (r->n > 0) {
                int64_t v = r->i, st;
                if (py_is_int(r->aux)) st = py_int_val(r->aux);
                else py_int_to_i64(I, r->aux, &st);
                /* wraps harmlessly past the last element */
                r->i = (int64_t)((uint64_t)v + (uint64_t)st);
                r->n--;
                PUSH(py_int_small(v));   /* ranges are 64-bit; fits unless huge */
                if (!py_fits_small(v)) sp[-1] = py_int_from_i64(I, v);
                DISPATCH();
            }
            goto for_exhausted;
        }
        if (t->id == PY_T_LIST_ITER) {
            py_iterobj *li = (py_iterobj *)PY_OBJ(it);
            if (li->seq && (size_t)li->i < PY_LIST(li->seq)->n) {
                py_val v = PY_LIST(li->seq)->items[li->i++];
                py_incref(v);
                PUSH(v);
                DISPATCH();
            }
            goto for_exhausted;
        }
        if (t->id == PY_T_GENERATOR && !(t->flags & PY_TF_HEAP)) {
            py_gen *g = (py_gen *)PY_OBJ(it);
            if (g->state == PY_GEN_CLOSED) goto for_exhausted;
            if (g->state == PY_GEN_RUNNING) {
                py_err_str(I, PY_E_ValueError, "generator already executing");
                ERROR();
            }
            /* resume inline */
            py_frame *gf = g->frame;
            if (g->state == PY_GEN_SUSPENDED) *gf->sp++ = PY_NONE;
            SAVE_FRAME();
            if (I->depth >= I->recursion_limit) {
                if (g->state == PY_GEN_SUSPENDED) gf->sp--;
                py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
                ERROR();
            }
            I->depth++;
            g->state = PY_GEN_RUNNING;
            gf->prev = f;
            gf->flags &= ~(uint32_t)PY_FRAME_ENTRY;
            gf->flags |= PY_FRAME_COUNTED;
            py_gen_swap_exc(I, g);
            f = gf;
            I->frame = f;
            LOAD_FRAME();
            DISPATCH();
        }
        if (t->s.next) {
            SAVE_FRAME();
            py_val v = t->s.next(I, it);
            if (v) { PUSH(v); DISPATCH(); }
            if (py_err_occurred(I)) {
                if (!py_err_matches(I, PY_E_StopIteration)) ERROR();
                py_err_clear(I);
            }
            goto for_exhausted;
        }
    }
    SAVE_FRAME();
    {
        py_val v = py_next(I, it);
        if (v) { PUSH(v); DISPATCH(); }
        if (py_err_occurred(I)) ERROR();
    }
for_exhausted:
    (void)POP();
    py_decref(I, it);
    ip = co->code + arg;
    DISPATCH();
}
L_FOR_ITER_RANGE_:
    DISPATCH();

    /* ---- calls ---- */
    {
        py_val callable;
        py_val *argp;
        size_t nargs;
        py_val kwnames;
        int extra;     /* stack slots to drop besides args: callable (+ self/null) (+ kwnames) */
        py_val res;

L_CALL:
        callable = PEEK(arg + 1);
        argp = sp - arg;
        nargs = arg;
        kwnames = PY_NULL;
        extra = 1;
        goto do_call;
L_CALL_KW:
        kwnames = TOP();
        callable = PEEK(arg + 2);
        argp = sp - 1 - arg;
        nargs = arg - py_tuple_len(kwnames);
        extra = 2;
        goto do_call;
L_CALL_METHOD:
        kwnames = PY_NULL;
        extra = 2;
        if (PEEK(arg + 1)) {   /* self present */
            callable = PEEK(arg + 2);
            argp = sp - arg - 1;
            nargs = arg + 1;
        } else {
            callable = PEEK(arg + 2);
            argp = sp - arg;
            nargs = arg;
        }
        goto do_call;
L_CALL_METHOD_KW:
        kwnames = TOP();
        extra = 3;
        if (PEEK(arg + 2)) {
            callable = PEEK(arg + 3);
            argp = sp - 1 - arg - 1;
            nargs = arg - py_tuple_len(kwnames) + 1;
        } else {
            callable = PEEK(arg + 3);
            argp = sp - 1 - arg;
            nargs = arg - py_tuple_len(kwnames);
        }
        goto do_call;

do_call:
        SAVE_FRAME();
        if (py_is_ptr(callable) && PY_OBJ(callable)->type->id == PY_T_FUNCTION &&
            !(PY_OBJ(callable)->type->flags & PY_TF_HEAP)) {
            py_func *fn = PY_FUNC(callable);
            py_code *fco = fn->code;
            if (!kwnames && simple_code(fco) && nargs == fco->argcount && I->depth < I->recursion_limit &&
                !(fco->flags & (PY_CO_HIDDEN | PY_CO_HOST))) {
                /* fastest path: the arguments' references move into the new frame */
                py_frame *nf = py_frame_alloc(I, fco);
                if (!nf) goto call_error;
                nf->func = fn;      /* takes the stack's reference to the callable */
                nf->globals = fn->globals;
                nf->builtins = fn->builtins;
                memcpy(nf->fast, argp, nargs * sizeof(py_val));
                if (fco->nfrees) {
                    py_tuple *cl = PY_TUPLE(fn->closure);
                    for (uint32_t i = 0; i < fco->nfrees; i++) nf->fast[fco->nlocals + i] = py_newref(cl->items[i]);
                }
                I->depth++;
                nf->flags |= PY_FRAME_COUNTED;
                {
                    py_val *base = sp - (int)arg - extra;   /* callable, then NULL/self/args */
                    for (py_val *p = base + 1; p < argp; p++) py_xdecref(I, *p);
                    sp = base;
                }
                f->sp = sp;
                f->ip = ip;
                nf->prev = f;
                f = nf;
                I->frame = f;
                LOAD_FRAME();
                DISPATCH_FIN();
            }
            if (!(fco->flags & (PY_CO_GENERATOR | PY_CO_COROUTINE | PY_CO_ASYNCGEN))) {
                py_frame *nf = push_func_frame(I, fn, argp, nargs, kwnames);
                if (!nf) goto call_error;
                if (enter_depth(I, nf)) {
                    py_frame_clear_locals(I, nf);
                    py_frame_release(I, nf);
                    goto call_error;
                }
                /* drop the caller's references: args, callable, self/null, kwnames */
                {
                    py_val *base = sp - (int)arg - extra;
                    for (py_val *p = base; p < sp; p++) py_xdecref(I, *p);
                    sp = base;
                }
                f->sp = sp;
                f->ip = ip;
                nf->prev = f;
                f = nf;
                I->frame = f;
                LOAD_FRAME();
                DISPATCH_FIN();
            }
        }
        res = py_call(I, callable, argp, nargs, kwnames);
        {
            py_val *base = sp - (int)arg - extra;
            for (py_val *p = base; p < sp; p++) py_xdecref(I, *p);
            sp = base;
        }
        if (!res) ERROR();
        PUSH(res);
        DISPATCH_FIN();
call_error:
        {
            py_val *base = sp - (int)arg - extra;
            for (py_val *p = base; p < sp; p++) py_xdecref(I, *p);
            sp = base;
        }
        ERROR();
    }
L_CALL_EX: {
    py_val kwargs = (arg & 1) ? POP() : PY_NULL;
    py_val args = POP();
    py_val fn = POP();
    py_val self = PY_NULL;
    if (arg & 2) { self = fn; fn = POP(); }
    SAVE_FRAME();
    py_val r;
    if (!py_is_tuple(args)) {
        py_val t = py_sequence_tuple(I, args);
        py_decref(I, args);
        args = t;
    }
    if (!args) r = PY_NULL;
    else if (self) {
        size_t n = py_tuple_len(args);
        py_val t = py_tuple_new(I, n + 1);
        if (t) {
            py_tuple_items(t)[0] = py_newref(self);
            for (size_t i = 0; i < n; i++) py_tuple_items(t)[i + 1] = py_newref(py_tuple_items(args)[i]);
            r = py_call_tuple_dict(I, fn, t, kwargs);
            py_decref(I, t);
        } else r = PY_NULL;
    } else {
        r = py_call_tuple_dict(I, fn, args, kwargs);
    }
    py_xdecref(I, kwargs);
    py_xdecref(I, args);
    py_decref(I, fn);
    py_xdecref(I, self);
    if (!r) ERROR();
    PUSH(r);
    DISPATCH_FIN();
}
L_MAKE_FUNCTION: {
    py_val codev = POP();
    py_code *fc = PY_CODE(codev);
    py_val fv = py_func_new(I, fc, f->globals, PY_NULL);
    py_decref(I, codev);
    if (!fv) ERROR();
    py_func *fn = PY_FUNC(fv);
    if (arg & MF_CLOSURE) fn->closure = POP();
    if (arg & MF_ANNOTATIONS) {
        fn->annotations = POP();
        fn->ann_lazy = !(arg & MF_ANN_TEXT);
    }
    if (arg & MF_KWDEFAULTS) fn->kwdefaults = POP();
    if (arg & MF_DEFAULTS) fn->defaults = POP();
    if (fc->nconsts && py_is_str(fc->consts[0]) && !(fc->flags & (PY_CO_CLASSBODY | PY_CO_LAMBDA)))
        PY_SETREF(I, fn->doc, py_newref(fc->consts[0]));
    PY_SETREF(I, fn->builtins, py_newref(f->builtins));
    PUSH(fv);
    DISPATCH();
}
L_RETURN_VALUE: {
    py_val retval = POP();
    py_frame *done = f;
    if (done->gen) {
        /* generator/coroutine returns */
        py_gen *g = done->gen;
        g->state = PY_GEN_CLOSED;
        py_gen_swap_exc(I, g);
        done->sp = sp;
        py_frame_clear_locals(I, done);
        if (done->flags & PY_FRAME_COUNTED) { I->depth--; done->flags &= ~(uint32_t)PY_FRAME_COUNTED; }
        if (done->flags & PY_FRAME_ENTRY) {
            I->frame = prevframe;
            I->steps += I->step_check - (uint64_t)(budget > 0 ? budget : 0);
            return retval;
        }
        f = done->prev;
        done->prev = NULL;
        I->frame = f;
        LOAD_FRAME();
        /* the caller is at FOR_ITER or SEND */
        uint32_t cins = ip[-1];
        if (INSN_OP(cins) == OP_FOR_ITER) {
            py_decref(I, retval);
            py_val it = POP();
            py_decref(I, it);
            ip = co->code + INSN_ARG(cins);
        } else {
            /* SEND: [recv] -> [retval] */
            py_val recv = POP();
            py_decref(I, recv);
            PUSH(retval);
            ip = co->code + INSN_ARG(cins);
        }
        DISPATCH_FIN();
    }
    done->sp = sp;
    py_frame_clear_locals(I, done);
    if (done->flags & PY_FRAME_COUNTED) I->depth--;
    if (done->flags & PY_FRAME_ENTRY) {
        py_frame_release(I, done);
        I->frame = prevframe;
        I->steps += I->step_check - (uint64_t)(budget > 0 ? budget : 0);
        return retval;
    }
    f = done->prev;
    py_frame_release(I, done);
    I->frame = f;
    LOAD_FRAME();
    PUSH(retval);
    DISPATCH_FIN();
}
L_RETURN_GENERATOR_END:
    DISPATCH();
L_YIELD_VALUE: {
    py_val v = POP();
    py_gen *g = f->gen;
    g->hooks_ = (uint8_t)arg;
    f->ip = ip;
    f->sp = sp;
    g->state = PY_GEN_SUSPENDED;
    py_gen_swap_exc(I, g);
    if (f->flags & PY_FRAME_COUNTED) { I->depth--; f->flags &= ~(uint32_t)PY_FRAME_COUNTED; }
    if (f->flags & PY_FRAME_ENTRY) {
        I->frame = prevframe;
        I->steps += I->step_check - (uint64_t)(budget > 0 ? budget : 0);
        return v;
    }
    py_frame *caller = f->prev;
    f->prev = NULL;
    f = caller;
    I->frame = f;
    LOAD_FRAME();
    PUSH(v);
    DISPATCH();
}
L_GET_YIELD_FROM_ITER: {
    py_val v = TOP();
    if (PY_IS(v, GENERATOR)) DISPATCH();
    if (PY_IS(v, COROUTINE)) {
        if (!(co->flags & (PY_CO_COROUTINE))) {
            py_err_str(I, PY_E_TypeError, "cannot 'yield from' a coroutine object in a non-coroutine generator");
            ERROR();
        }
        DISPATCH();
    }
    SAVE_FRAME();
    py_val it = py_iter(I, v);
    if (!it) ERROR();
    SET_TOP(it);
    py_decref(I, v);
    DISPATCH();
}
L_SEND: {
    py_val v = POP();
    py_val recv = TOP();
    SAVE_FRAME();
    if (py_is_ptr(recv) && (PY_OBJ(recv)->type->id == PY_T_GENERATOR || PY_OBJ(recv)->type->id == PY_T_COROUTINE) &&
        !(PY_OBJ(recv)->type->flags & PY_TF_HEAP)) {
        py_gen *g = (py_gen *)PY_OBJ(recv);
        if (g->state == PY_GEN_RUNNING) {
            py_decref(I, v);
            py_err_str(I, PY_E_ValueError, g->kind == PY_GK_CORO ? "coroutine already executing" : "generator already executing");
            ERROR();
        }
        if (g->state == PY_GEN_CLOSED) {
            py_decref(I, v);
            if (g->kind == PY_GK_CORO) py_err_str(I, PY_E_RuntimeError, "cannot reuse already awaited coroutine");
            else { (void)POP(); py_decref(I, recv); PUSH(PY_NONE); ip = co->code + arg; DISPATCH(); }
            ERROR();
        }
        if (g->state == PY_GEN_CREATED && v != PY_NONE) {
            py_decref(I, v);
            py_err_fmt(I, PY_E_TypeError, "can't send non-None value to a just-started %s",
                       g->kind == PY_GK_CORO ? "coroutine" : "generator");
            ERROR();
        }
        py_frame *gf = g->frame;
        if (g->state == PY_GEN_SUSPENDED) *gf->sp++ = v;
        else py_decref(I, v);
        if (I->depth >= I->recursion_limit) {
            if (g->state == PY_GEN_SUSPENDED) { gf->sp--; py_decref(I, *gf->sp); }
            py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
            ERROR();
        }
        I->depth++;
        gf->flags |= PY_FRAME_COUNTED;
        g->state = PY_GEN_RUNNING;
        gf->prev = f;
        gf->flags &= ~(uint32_t)PY_FRAME_ENTRY;
        py_gen_swap_exc(I, g);
        f = gf;
        I->frame = f;
        LOAD_FRAME();
        DISPATCH();
    }
    int done = 0;
    py_val r = py_send_nongen(I, recv, v, &done);
    py_decref(I, v);
    if (!r) ERROR();
    if (done) {
        (void)POP();
        py_decref(I, recv);
        PUSH(r);
        ip = co->code + arg;
        DISPATCH();
    }
    PUSH(r);
    DISPATCH();
}
L_GET_AWAITABLE: {
    py_val v = TOP();
    SAVE_FRAME();
    py_val aw = py_get_awaitable(I, v, (int)arg);
    if (!aw) ERROR();
    SET_TOP(aw);
    py_decref(I, v);
    DISPATCH();
}
L_GET_AITER: {
    py_val v = TOP();
    SAVE_FRAME();
    py_val it = py_get_aiter(I, v);
    if (!it) ERROR();
    SET_TOP(it);
    py_decref(I, v);
    DISPATCH();
}
L_GET_ANEXT: {
    py_val it = TOP();
    SAVE_FRAME();
    py_val aw = py_get_anext(I, it);
    if (!aw) ERROR();
    PUSH(aw);
    DISPATCH();
}
L_END_ASYNC_FOR: {
    /* [aiter, exc] */
    py_val exc = POP();
    if (py_is_exc(exc) && py_type_is_subtype(py_typeof(I, exc), PY_TYPE(I, PY_E_StopAsyncIteration))) {
        py_decref(I, exc);
        py_val it = POP();
        py_decref(I, it);
        DISPATCH();
    }
    py_err_setexc(I, exc);
    reraise = 1;
    goto error;
}
L_CLEANUP_THROW:
    DISPATCH();
L_RAISE: {
    py_val exc = PY_NULL, cause = PY_NULL;
    if (arg == 2) cause = POP();
    if (arg >= 1) exc = POP();
    SAVE_FRAME();
    if (arg == 0) {
        if (!I->exc_info) {
            py_err_str(I, PY_E_RuntimeError, "No active exception to reraise");
            ERROR();
        }
        py_err_setexc(I, py_newref(I->exc_info));
        reraise = 1;
        goto error;
    }
    do_raise(I, exc, cause);
    py_decref(I, exc);
    py_xdecref(I, cause);
    ERROR();
}
L_RAISE_ASSERT:
    DISPATCH();
L_RERAISE: {
    /* re-raising never chains: the exception keeps its __context__ */
    py_val exc = POP();
    if (I->exc && py_is_exc(I->exc) && PY_EXC(I->exc)->fatal) py_decref(I, exc);
    else PY_SETREF(I, I->exc, exc);
    reraise = 1;
    goto error;
}
L_CHECK_EG_MATCH: {
    /* [rest, type] -> [rest', match]; the match becomes the handled exception */
    py_val type = POP();
    py_val exc = TOP();
    SAVE_FRAME();
    py_val match, rest;
    int r = py_eg_match(I, exc, type, &match, &rest);
    py_decref(I, type);
    if (r < 0) ERROR();
    SET_TOP(rest);
    py_decref(I, exc);
    PUSH(match);
    if (match != PY_NONE) {
        py_val old = I->exc_info;
        I->exc_info = py_newref(match);
        py_xdecref(I, old);
    }
    DISPATCH();
}
L_PREP_RERAISE_STAR: {
    py_val list = POP();
    py_val orig = TOP();
    SAVE_FRAME();
    py_val r = py_eg_prep_reraise(I, orig, list);
    py_decref(I, list);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, orig);
    DISPATCH();
}
L_PUSH_EXC_INFO: {
    py_val exc = POP();
    PUSH(I->exc_info ? I->exc_info : PY_NONE);
    I->exc_info = py_newref(exc);
    PUSH(exc);
    DISPATCH();
}
L_POP_EXCEPT: {
    py_val prev = POP();
    py_val old = I->exc_info;
    I->exc_info = prev == PY_NONE ? PY_NULL : prev;
    py_xdecref(I, old);
    DISPATCH_FIN();
}
L_CHECK_EXC_MATCH: {
    py_val type = POP();
    py_val exc = TOP();
    SAVE_FRAME();
    int r = py_exc_matches(I, exc, type);
    py_decref(I, type);
    if (r < 0) ERROR();
    PUSH(py_bool(r));
    DISPATCH();
}
L_WITH_EXCEPT_START: {
    py_val exc = TOP();
    py_val exitf = PEEK(3);
    SAVE_FRAME();
    py_val args[3] = { PY_VAL(py_typeof(I, exc)), exc, PY_NONE };
    py_val r = py_call(I, exitf, args, 3, PY_NULL);
    if (!r) ERROR();
    PUSH(r);
    DISPATCH();
}
L_BEFORE_WITH:
L_BEFORE_ASYNC_WITH: {
    py_val mgr = TOP();
    int is_async = INSN_OP(ins) == OP_BEFORE_ASYNC_WITH;
    SAVE_FRAME();
    py_val exitf = py_lookup_special(I, mgr, is_async ? PY_ID(I, __aexit__) : PY_ID(I, __exit__));
    if (!exitf) {
        if (!py_err_occurred(I))
            py_err_fmt(I, PY_E_TypeError, is_async ? "'%s' object does not support the asynchronous context manager protocol (missed __aexit__ method)"
                                                   : "'%s' object does not support the context manager protocol (missed __exit__ method)",
                       py_type_name(I, mgr));
        ERROR();
    }
    py_val enter = py_lookup_special(I, mgr, is_async ? PY_ID(I, __aenter__) : PY_ID(I, __enter__));
    if (!enter) {
        py_decref(I, exitf);
        if (!py_err_occurred(I))
            py_err_fmt(I, PY_E_TypeError, is_async ? "'%s' object does not support the asynchronous context manager protocol (missed __aenter__ method)"
                                                   : "'%s' object does not support the context manager protocol (missed __enter__ method)",
                       py_type_name(I, mgr));
        ERROR();
    }
    SET_TOP(exitf);
    py_decref(I, mgr);
    py_val r = py_call0(I, enter);
    py_decref(I, enter);
    if (!r) ERROR();
    PUSH(r);
    DISPATCH();
}
L_LOAD_BUILD_CLASS: {
    py_val b = py_builtins_lookup(I, py_intern(I, "__build_class__"));
    if (!b) { if (!py_err_occurred(I)) py_err_str(I, PY_E_NameError, "__build_class__ not found"); ERROR(); }
    py_incref(b);
    PUSH(b);
    DISPATCH();
}
L_IMPORT_NAME: {
    py_val fromlist = POP();
    py_val level = POP();
    SAVE_FRAME();
    py_val m = py_import(I, co->names[arg], fromlist, (int)py_int_val(level));
    py_decref(I, fromlist);
    if (!m) ERROR();
    PUSH(m);
    DISPATCH();
}
L_IMPORT_FROM: {
    py_val m = TOP();
    SAVE_FRAME();
    py_val v = py_import_from(I, m, co->names[arg]);
    if (!v) ERROR();
    PUSH(v);
    DISPATCH();
}
L_IMPORT_STAR: {
    py_val m = POP();
    SAVE_FRAME();
    py_val d = py_getattr(I, m, PY_ID(I, __dict__));
    int err = !d;
    if (d) {
        py_val all = py_dict_get(I, d, py_intern(I, "__all__"));
        size_t pos = 0;
        py_val k, v;
        if (all) {
            py_val it = py_iter(I, all);
            while (it && !err) {
                py_val n = py_next(I, it);
                if (!n) break;
                py_val val = py_getattr(I, m, n);
                if (!val || py_dict_set(I, f->locals ? f->locals : f->globals, n, val)) err = 1;
                py_xdecref(I, val);
                py_decref(I, n);
            }
            py_xdecref(I, it);
            if (py_err_occurred(I)) err = 1;
        } else {
            while (!err && py_dict_next(d, &pos, &k, &v)) {
                if (py_is_str(k) && py_str_data(k)[0] == '_') continue;
                if (py_dict_set(I, f->locals ? f->locals : f->globals, k, v)) err = 1;
            }
        }
        py_decref(I, d);
    }
    py_decref(I, m);
    if (err) ERROR();
    DISPATCH();
}
L_FORMAT_VALUE: {
    py_val spec = (arg & FV_HAS_SPEC) ? POP() : PY_NULL;
    py_val v = TOP();
    SAVE_FRAME();
    py_val conv;
    switch (arg & FV_CONV_MASK) {
    case 1: conv = py_str(I, v); break;
    case 2: conv = py_repr(I, v); break;
    case 3: conv = py_ascii(I, v); break;
    default: conv = py_newref(v); break;
    }
    if (!conv) { py_xdecref(I, spec); ERROR(); }
    py_val r;
    if (!spec && PY_IS(conv, STR)) r = py_newref(conv);   /* exact str: subclasses have __format__ */
    else r = py_format(I, conv, spec);
    py_decref(I, conv);
    py_xdecref(I, spec);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, v);
    DISPATCH();
}
L_BUILD_TEMPLATE: {
    py_val parts = POP();
    py_val r = py_build_template(I, parts);
    py_decref(I, parts);
    if (!r) ERROR();
    PUSH(r);
    DISPATCH();
}
L_BUILD_INTERPOLATION: {
    py_val t = TOP();
    py_val r = py_build_interpolation(I, t);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, t);
    DISPATCH();
}
L_LOAD_ASSERTION_ERROR: {
    py_val t = PY_VAL(PY_TYPE(I, PY_E_AssertionError));
    py_incref(t);
    PUSH(t);
    DISPATCH();
}
L_SET_RESULT: {
    py_val v = POP();
    PY_SETREF(I, I->last_value, v);
    DISPATCH();
}
L_SETUP_ANNOTATIONS: {
    py_val ns = f->locals ? f->locals : f->globals;
    py_val d = py_dict_get_str(I, ns, PY_ID(I, __annotations__));
    if (!d) {
        d = py_dict_new(I);
        if (!d || py_dict_set(I, ns, PY_ID(I, __annotations__), d)) { py_xdecref(I, d); ERROR(); }
        py_decref(I, d);
    }
    DISPATCH();
}
L_STORE_ANNOTATION: {
    py_val ann = POP();
    py_val ns = f->locals ? f->locals : f->globals;
    py_val r = py_store_annotation(I, ns, co->names[arg], ann);
    py_decref(I, ann);
    if (!r) ERROR();
    DISPATCH();
}
L_LOAD_LOCALS: {
    py_val ns = f->locals ? f->locals : f->globals;
    py_incref(ns);
    PUSH(ns);
    DISPATCH();
}
L_CALL_INTRINSIC: {
    py_val v = TOP();
    SAVE_FRAME();
    py_val r = py_intrinsic(I, (int)arg, v);
    if (!r) ERROR();
    SET_TOP(r);
    py_decref(I, v);
    DISPATCH();
}
L_MATCH_CLASS: {
    py_val names = POP();
    py_val cls = POP();
    py_val subject = TOP();
    SAVE_FRAME();
    py_val out = PY_NULL;
    int r = py_match_class(I, subject, cls, names, (int)arg, &out);
    py_decref(I, names);
    py_decref(I, cls);
    if (r < 0) ERROR();
    /* the attributes tuple (or None) replaces the subject */
    SET_TOP(r ? out : PY_NONE);
    py_decref(I, subject);
    DISPATCH();
}
L_MATCH_MAPPING: {
    SAVE_FRAME();
    int r = py_is_mapping_for_match(I, TOP());
    if (r < 0) ERROR();
    PUSH(py_bool(r));
    DISPATCH();
}
L_MATCH_SEQUENCE: {
    SAVE_FRAME();
    int r = py_is_sequence_for_match(I, TOP());
    if (r < 0) ERROR();
    PUSH(py_bool(r));
    DISPATCH();
}
L_MATCH_KEYS: {
    py_val keys = TOP();
    py_val subject = PEEK(2);
    SAVE_FRAME();
    py_val out = PY_NULL;
    int r = py_match_keys(I, subject, keys, &out);
    if (r < 0) ERROR();
    PUSH(r ? out : PY_NONE);
    DISPATCH();
}
L_GET_LEN: {
    SAVE_FRAME();
    int64_t n = py_len(I, TOP());
    if (n < 0) ERROR();
    PUSH(py_int_from_i64(I, n));
    DISPATCH();
}
L_COPY_DICT_WITHOUT_KEYS: {
    py_val keys = TOP();
    py_val subject = PEEK(2);
    SAVE_FRAME();
    py_val d = py_dict_new(I);
    if (!d || py_dict_update(I, d, subject)) { py_xdecref(I, d); ERROR(); }
    for (size_t i = 0; i < py_tuple_len(keys); i++) {
        py_val old;
        if (py_dict_pop(I, d, py_tuple_items(keys)[i], &old) > 0) py_decref(I, old);
    }
    SET_TOP(d);
    py_decref(I, keys);
    DISPATCH();
}

    /* ---- exceptions ---- */
error:
    {
        uint32_t at = (uint32_t)(ip - co->code) - 1;
        f->ip = ip;
        if (!I->exc) py_err_str(I, PY_E_SystemError, "error return without exception set");
        if (!reraise) py_tb_add(I, I->exc, co, at);
    unwind:
        if (!I->fatal) {
            uint32_t depth;
            int target = find_handler(co, at, &depth);
            if (target >= 0) {
                py_val *base = fast + co->nlocalsplus + depth;
                while (sp > base) { py_val v = POP(); py_xdecref(I, v); }
                PUSH(py_err_fetch(I));
                ip = co->code + target;
                DISPATCH();
            }
        }
        /* no handler: leave the frame */
        py_frame *done = f;
        int was_hidden = (done->code->flags & (PY_CO_HIDDEN | PY_CO_HOST)) == PY_CO_HIDDEN;
        done->sp = sp;
        if (done->gen) {
            py_gen *g = done->gen;
            g->state = PY_GEN_CLOSED;
            py_gen_swap_exc(I, g);
            /* PEP 479: StopIteration escaping a generator */
            int stop_async = 0;
            if (I->exc && !I->fatal && (py_err_matches(I, PY_E_StopIteration) ||
                                        (stop_async = g->kind == PY_GK_ASYNCGEN && py_err_matches(I, PY_E_StopAsyncIteration)))) {
                py_val e = py_err_fetch(I);
                py_err_str(I, PY_E_RuntimeError, stop_async ? "async generator raised StopAsyncIteration"
                                                 : g->kind == PY_GK_CORO ? "coroutine raised StopIteration"
                                                 : g->kind == PY_GK_ASYNCGEN ? "async generator raised StopIteration"
                                                 : "generator raised StopIteration");
                if (I->exc) {
                    PY_SETREF(I, PY_EXC(I->exc)->cause, py_newref(e));
                    PY_SETREF(I, PY_EXC(I->exc)->context, e);
                    PY_EXC(I->exc)->suppress_context = 1;
                    /* keep the traceback collected so far */
                    PY_EXC(I->exc)->tb = PY_EXC(e)->tb;
                    if (PY_EXC(e)->tb) PY_EXC(e)->tb->rc++;
                } else {
                    py_decref(I, e);
                }
            }
            py_frame_clear_locals(I, done);
            if (done->flags & PY_FRAME_COUNTED) { I->depth--; done->flags &= ~(uint32_t)PY_FRAME_COUNTED; }
            if (done->flags & PY_FRAME_ENTRY) {
                I->frame = prevframe;
                I->steps += I->step_check - (uint64_t)(budget > 0 ? budget : 0);
                return PY_NULL;
            }
            f = done->prev;
            done->prev = NULL;
        } else {
            py_frame_clear_locals(I, done);
            if (done->flags & PY_FRAME_COUNTED) I->depth--;
            if (done->flags & PY_FRAME_ENTRY) {
                py_frame_release(I, done);
                I->frame = prevframe;
                I->steps += I->step_check - (uint64_t)(budget > 0 ? budget : 0);
                return PY_NULL;
            }
            f = done->prev;
            py_frame_release(I, done);
        }
        I->frame = f;
        LOAD_FRAME();
        at = (uint32_t)(ip - co->code) - 1;
        if (was_hidden && I->exc && py_is_exc(I->exc) && PY_EXC(I->exc)->tb) {
            /* an inlined comprehension: its entry stands for this frame */
            py_tb *t = PY_EXC(I->exc)->tb;
            if (!t->name || (f->code->flags & PY_CO_HIDDEN)) PY_SETREF(I, t->name, py_newref(f->code->name));
        } else {
            py_tb_add(I, I->exc, co, at);
        }
        goto unwind;
    }
}
