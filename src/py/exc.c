/* exc.c — exception objects (CPython's builtin hierarchy) and the error
 * API C code uses to raise them (py_err_fmt & co).
 *
 * Exception attributes beyond args/__cause__/__context__ (StopIteration.value,
 * OSError.errno, SyntaxError.lineno, ...) live in the instance dict and are
 * filled by __init__, as CPython's do.  A "fatal" exception (a resource
 * limit) cannot be caught by except clauses.
 *
 * Must never: lose the pending exception silently, or build a __context__
 * cycle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/stack.h"
#include "py/core.h"
#include "py/pymod.h"

/* ---- raising ---------------------------------------------------------------------- */
/* The exception being handled, as CPython's exc_info stack sees it: a
 * running generator that handles none sees its caller's (kept in its
 * exc_state while it runs).  The walk is bounded so raising deep in a
 * recursion stays cheap: a generator more than 32 frames up is not
 * consulted. */
py_val py_err_topmost(py_interp *I);   /* sys.exception() (modules.c) */
py_val py_err_topmost(py_interp *I)
{
    if (I->exc_info) return I->exc_info;
    int guard = 0;
    for (py_frame *f = I->frame; f && guard < 32; f = f->prev, guard++) {
        py_gen *g = f->gen;
        if (g && g->state == PY_GEN_RUNNING && g->exc_state) return g->exc_state;
    }
    return PY_NULL;
}

static void set_context(py_interp *I, py_val exc)
{
    py_val ctx = py_err_topmost(I);
    if (!ctx || ctx == exc || !py_is_exc(exc)) return;
    /* avoid cycles: cut the chain where exc already appears */
    py_val o = ctx;
    for (int guard = 0; o && guard < 1000; guard++) {
        py_val next = PY_EXC(o)->context;
        if (next == exc) { PY_CLEAR(I, PY_EXC(o)->context); break; }
        o = next;
    }
    if (PY_EXC(exc)->context != ctx) {
        py_incref(ctx);
        PY_SETREF(I, PY_EXC(exc)->context, ctx);
    }
}

void py_err_setexc(py_interp *I, py_val exc)
{
    if (I->exc && PY_EXC(I->exc)->fatal) {   /* a fatal error is never replaced */
        py_decref(I, exc);
        return;
    }
    set_context(I, exc);
    PY_SETREF(I, I->exc, exc);
}

py_val py_exc_new(py_interp *I, py_type *t, const py_val *args, size_t nargs)
{
    if (!(t->flags & PY_TF_HEAP) && (t->flags & PY_TF_EXC_SUB)) {
        /* builtin exceptions are built directly: no native-depth charge, so
         * a RecursionError can always be created */
        py_val e = t->s.new_(I, t, args, nargs, PY_NULL);
        if (!e) return PY_NULL;
        if (t->s.init(I, e, args, nargs, PY_NULL)) { py_decref(I, e); return PY_NULL; }
        return e;
    }
    return py_call(I, PY_VAL(t), args, nargs, PY_NULL);
}

py_val py_err_type_val(py_interp *I, py_val type, py_val arg)
{
    py_val e = py_is_typeobj(type) ? py_exc_new(I, PY_TYPEOBJ(type), arg ? &arg : NULL, arg ? 1 : 0)
                                   : py_call(I, type, arg ? &arg : NULL, arg ? 1 : 0, PY_NULL);
    if (!e) return PY_NULL;
    py_err_setexc(I, e);
    return PY_NULL;
}

py_val py_err_obj(py_interp *I, int type_id, py_val arg)
{
    py_type *t = PY_TYPE(I, type_id);
    if (!t) return PY_NULL;
    return py_err_type_val(I, PY_VAL(t), arg);
}

py_val py_err_str(py_interp *I, int type_id, const char *msg)
{
    py_val s = py_str_cstr(I, msg);
    if (!s) return PY_NULL;
    py_err_obj(I, type_id, s);
    py_decref(I, s);
    return PY_NULL;
}

py_val py_err_vfmt(py_interp *I, int type_id, const char *fmt, va_list ap)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (sk_buf_vprintf(&b, fmt, ap)) { sk_buf_free(&b); return py_err_nomem(I); }
    py_val s = py_str_new(I, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    if (!s) return PY_NULL;
    py_err_obj(I, type_id, s);
    py_decref(I, s);
    return PY_NULL;
}

py_val py_err_fmt(py_interp *I, int type_id, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    py_err_vfmt(I, type_id, fmt, ap);
    va_end(ap);
    return PY_NULL;
}

py_val py_err_fatal(py_interp *I, int type_id, const char *msg)
{
    /* allocate the exception even past the memory limit */
    size_t lim = I->alloc->limit;
    uint64_t clim = I->alloc->count_limit, mlim = I->mem.max_allocs;
    I->alloc->limit = 0;
    I->alloc->count_limit = 0;
    I->mem.max_allocs = 0;
    if (I->exc && PY_EXC(I->exc)->fatal) goto out;
    PY_CLEAR(I, I->exc);
    py_err_str(I, type_id, msg);
    if (I->exc) PY_EXC(I->exc)->fatal = 1;
    I->fatal = 1;
out:
    I->alloc->limit = lim;
    I->alloc->count_limit = clim;
    I->mem.max_allocs = mlim;
    return PY_NULL;
}

/* A single request that could never be satisfied (larger than the whole
 * memory limit, or absurdly large) is an ordinary, catchable MemoryError, as
 * in CPython; running out of budget with ordinary requests is fatal. */
py_val py_err_nomem_size(py_interp *I, size_t n)
{
    size_t lim = I->alloc->limit;
    if (n >= ((size_t)1 << 40) || (lim && n > lim)) {
        py_err_setexc(I, py_exc_new(I, PY_TYPE(I, PY_E_MemoryError), NULL, 0));
        return PY_NULL;
    }
    return py_err_nomem(I);
}

py_val py_err_nomem(py_interp *I)
{
    if (I->alloc->hit == SK_ALLOC_LIMIT || I->alloc->hit == SK_ALLOC_COUNT || I->alloc->limit)
        return py_err_fatal(I, PY_E_MemoryError, "memory limit exceeded");
    return py_err_fatal(I, PY_E_MemoryError, "out of memory");
}

int py_err_matches(py_interp *I, int type_id)
{
    if (!I->exc) return 0;
    return py_type_is_subtype(py_typeof(I, I->exc), PY_TYPE(I, type_id));
}

py_val py_err_fetch(py_interp *I)
{
    py_val e = I->exc;
    I->exc = PY_NULL;
    return e;
}

void py_err_clear(py_interp *I)
{
    if (I->exc && PY_EXC(I->exc)->fatal) return;
    PY_CLEAR(I, I->exc);
}

py_val py_err_stopiteration(py_interp *I, py_val value)
{
    py_val e = py_exc_new(I, PY_TYPE(I, PY_E_StopIteration), value ? &value : NULL, value ? 1 : 0);
    py_xdecref(I, value);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

int py_err_recursion(py_interp *I)
{
    py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
    return -1;
}

int py_exc_matches(py_interp *I, py_val exc, py_val spec)
{
    if (py_is_tuple(spec)) {
        /* one level only, and every element is checked before matching */
        size_t n = py_tuple_len(spec);
        for (size_t i = 0; i < n; i++) {
            py_val t = py_tuple_items(spec)[i];
            if (!py_is_typeobj(t) || !py_type_is_subtype(PY_TYPEOBJ(t), PY_TYPE(I, PY_E_BaseException))) {
                py_err_str(I, PY_E_TypeError, "catching classes that do not inherit from BaseException is not allowed");
                return -1;
            }
        }
        for (size_t i = 0; i < n; i++)
            if (py_type_is_subtype(py_typeof(I, exc), PY_TYPEOBJ(py_tuple_items(spec)[i]))) return 1;
        return 0;
    }
    if (!py_is_typeobj(spec) || !py_type_is_subtype(PY_TYPEOBJ(spec), PY_TYPE(I, PY_E_BaseException))) {
        py_err_str(I, PY_E_TypeError, "catching classes that do not inherit from BaseException is not allowed");
        return -1;
    }
    return py_type_is_subtype(py_typeof(I, exc), PY_TYPEOBJ(spec));
}

/* ---- tracebacks --------------------------------------------------------------------- */
void py_tb_decref(py_interp *I, py_tb *tb)
{
    while (tb && --tb->rc == 0) {
        py_tb *next = tb->next;
        py_decref(I, PY_VAL(tb->code));
        py_xdecref(I, tb->name);
        py_free(I, tb, sizeof(py_tb));
        tb = next;
    }
}

void py_tb_add(py_interp *I, py_val exc, py_code *code, uint32_t ip)
{
    if (!py_is_exc(exc) || (code->flags & PY_CO_HOST)) return;
    py_tb *tb = py_alloc(I, sizeof(py_tb));
    if (!tb) { py_err_clear(I); return; }
    tb->next = PY_EXC(exc)->tb;
    tb->code = code;
    tb->ip = ip;
    tb->rc = 1;
    tb->name = PY_NULL;
    py_incref(PY_VAL(code));
    PY_EXC(exc)->tb = tb;
}

/* ---- the exception types ------------------------------------------------------------ */
static void exc_dealloc(py_interp *I, py_obj *o)
{
    py_exc *e = (py_exc *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, e->args);
    py_xdecref(I, e->dict);
    py_xdecref(I, e->cause);
    py_xdecref(I, e->context);
    py_xdecref(I, e->value);
    py_xdecref(I, e->extra);
    py_xdecref(I, e->tbobj);
    py_tb_decref(I, e->tb);
    py_type *t = o->type;
    if (t->flags & PY_TF_HEAP) {
        for (size_t off = sizeof(py_exc); off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val))
            py_xdecref(I, *(py_val *)((char *)o + off));
    }
    py_obj_free(I, o, t->basicsize);
}

static void exc_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    py_exc *e = (py_exc *)o;
    if (e->args) visit(e->args, ctx);
    if (e->dict) visit(e->dict, ctx);
    if (e->cause) visit(e->cause, ctx);
    if (e->context) visit(e->context, ctx);
    if (e->value) visit(e->value, ctx);
    if (e->extra) visit(e->extra, ctx);
    if (e->tbobj) visit(e->tbobj, ctx);
    py_type *t = o->type;
    if (t->flags & PY_TF_HEAP) {
        for (size_t off = sizeof(py_exc); off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val)) {
            py_val v = *(py_val *)((char *)o + off);
            if (v) visit(v, ctx);
        }
        visit(PY_VAL(t), ctx);
    }
}

static void exc_clear(py_interp *I, py_obj *o)
{
    py_exc *e = (py_exc *)o;
    PY_CLEAR(I, e->args);
    PY_CLEAR(I, e->dict);
    PY_CLEAR(I, e->cause);
    PY_CLEAR(I, e->context);
    PY_CLEAR(I, e->value);
    PY_CLEAR(I, e->extra);
    PY_CLEAR(I, e->tbobj);
    py_type *t = o->type;
    if (t->flags & PY_TF_HEAP) {
        for (size_t off = sizeof(py_exc); off + sizeof(py_val) <= t->basicsize; off += sizeof(py_val))
            PY_CLEAR(I, *(py_val *)((char *)o + off));
    }
}

static int is_sub(py_interp *I, py_val self, int id) { return py_type_is_subtype(py_typeof(I, self), PY_TYPE(I, id)); }

static int set_attr_c(py_interp *I, py_val self, const char *name, py_val v)
{
    py_val n = py_intern(I, name);
    if (!n) return -1;
    py_val *dp = &PY_EXC(self)->dict;
    if (!*dp) { *dp = py_dict_new(I); if (!*dp) { py_decref(I, n); return -1; } }
    int r = py_dict_set(I, *dp, n, v);
    py_decref(I, n);
    return r;
}

static py_val get_attr_c(py_interp *I, py_val self, const char *name)
{
    py_val d = PY_EXC(self)->dict;
    if (!d) return PY_NULL;
    py_val n = py_intern(I, name);
    if (!n) { py_err_clear(I); return PY_NULL; }
    py_val v = py_dict_get(I, d, n);
    py_decref(I, n);
    return v;
}

static const char *errno_name_to_type(int64_t e, int *tid)
{
    switch (e) {
    case 2: *tid = PY_E_FileNotFoundError; break;
    case 17: *tid = PY_E_FileExistsError; break;
    case 21: *tid = PY_E_IsADirectoryError; break;
    case 20: *tid = PY_E_NotADirectoryError; break;
    case 1: case 13: *tid = PY_E_PermissionError; break;
    case 110: *tid = PY_E_TimeoutError; break;
    case 4: *tid = PY_E_InterruptedError; break;
    case 32: *tid = PY_E_BrokenPipeError; break;
    case 111: *tid = PY_E_ConnectionRefusedError; break;
    case 104: *tid = PY_E_ConnectionResetError; break;
    case 3: *tid = PY_E_ProcessLookupError; break;
    case 10: *tid = PY_E_ChildProcessError; break;
    case 11: *tid = PY_E_BlockingIOError; break;
    default: return NULL;
    }
    return "";
}

static py_val exc_new_slot(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    /* OSError(errno, strerror) builds the matching subclass */
    if (t == PY_TYPE(I, PY_E_OSError) && nargs >= 2 && py_is_int(args[0])) {
        int tid;
        if (errno_name_to_type(py_int_val(args[0]), &tid)) t = PY_TYPE(I, tid);
    }
    if (nkw) {
        /* only a few types take keyword arguments (checked by __init__) */
        int ok = py_type_is_subtype(t, PY_TYPE(I, PY_E_ImportError)) ||
                 py_type_is_subtype(t, PY_TYPE(I, PY_E_AttributeError)) ||
                 py_type_is_subtype(t, PY_TYPE(I, PY_E_NameError)) || (t->flags & PY_TF_HEAP);
        if (!ok) return py_err_fmt(I, PY_E_TypeError, "%s() takes no keyword arguments", t->name);
    }
    py_exc *e = (py_exc *)py_obj_new(I, t, t->basicsize);
    if (!e) return PY_NULL;
    e->args = py_tuple_from(I, args, nargs);
    if (!e->args) { py_decref(I, PY_VAL(e)); return PY_NULL; }
    return PY_VAL(e);
}

static int exc_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    py_type *t = py_typeof(I, self);
    if (nkw) {
        int kwok = is_sub(I, self, PY_E_ImportError) || is_sub(I, self, PY_E_AttributeError) || is_sub(I, self, PY_E_NameError);
        if (!kwok) { py_err_fmt(I, PY_E_TypeError, "%s() takes no keyword arguments", t->name); return -1; }
        for (size_t i = 0; i < nkw; i++) {
            py_val k = py_tuple_items(kw)[i];
            const char *ks = py_str_data(k);
            int allowed = (is_sub(I, self, PY_E_ImportError) && (!strcmp(ks, "name") || !strcmp(ks, "path") || !strcmp(ks, "name_from"))) ||
                          (is_sub(I, self, PY_E_AttributeError) && (!strcmp(ks, "name") || !strcmp(ks, "obj"))) ||
                          (is_sub(I, self, PY_E_NameError) && !strcmp(ks, "name"));
            if (!allowed) { py_err_fmt(I, PY_E_TypeError, "%s() got an unexpected keyword argument '%s'", t->name, ks); return -1; }
            if (set_attr_c(I, self, ks, args[nargs + i])) return -1;
        }
    }
    py_val a = py_tuple_from(I, args, nargs);
    if (!a) return -1;
    PY_SETREF(I, PY_EXC(self)->args, a);
    if (is_sub(I, self, PY_E_StopIteration)) {
        if (set_attr_c(I, self, "value", nargs ? args[0] : PY_NONE)) return -1;
    } else if (is_sub(I, self, PY_E_SystemExit)) {
        py_val code = nargs == 0 ? PY_NONE : nargs == 1 ? args[0] : a;
        if (set_attr_c(I, self, "code", code)) return -1;
    } else if (is_sub(I, self, PY_E_OSError)) {
        py_val en = PY_NONE, se = PY_NONE, fn = PY_NONE, fn2 = PY_NONE;
        if (nargs >= 2 && nargs <= 5) {
            en = args[0];
            se = args[1];
            if (nargs >= 3) fn = args[2];
            if (nargs >= 5) fn2 = args[4];
        }
        if (set_attr_c(I, self, "errno", en) || set_attr_c(I, self, "strerror", se) ||
            set_attr_c(I, self, "filename", fn) || set_attr_c(I, self, "filename2", fn2))
            return -1;
        if (nargs >= 3 && nargs <= 5) {
            /* args become (errno, strerror) */
            py_val a2 = py_tuple_from(I, args, 2);
            if (!a2) return -1;
            PY_SETREF(I, PY_EXC(self)->args, a2);
        }
    } else if (is_sub(I, self, PY_E_SyntaxError)) {
        py_val msg = nargs >= 1 ? args[0] : PY_NONE;
        if (set_attr_c(I, self, "msg", msg)) return -1;
        const char *names[] = { "filename", "lineno", "offset", "text", "end_lineno", "end_offset" };
        py_val details = nargs >= 2 ? args[1] : PY_NULL;
        for (int i = 0; i < 6; i++) {
            py_val v = PY_NONE;
            if (details && py_is_tuple(details) && (size_t)i < py_tuple_len(details)) v = py_tuple_items(details)[i];
            if (set_attr_c(I, self, names[i], v)) return -1;
        }
        if (set_attr_c(I, self, "print_file_and_line", PY_NONE)) return -1;
    } else if (is_sub(I, self, PY_E_ImportError)) {
        if (!get_attr_c(I, self, "name") && set_attr_c(I, self, "name", PY_NONE)) return -1;
        if (!get_attr_c(I, self, "path") && set_attr_c(I, self, "path", PY_NONE)) return -1;
        if (set_attr_c(I, self, "msg", nargs == 1 ? args[0] : PY_NONE)) return -1;
    } else if (is_sub(I, self, PY_E_UnicodeDecodeError) || is_sub(I, self, PY_E_UnicodeEncodeError)) {
        if (nargs == 5) {
            const char *names[] = { "encoding", "object", "start", "end", "reason" };
            for (int i = 0; i < 5; i++) if (set_attr_c(I, self, names[i], args[i])) return -1;
        }
    } else if (is_sub(I, self, PY_E_NameError) || is_sub(I, self, PY_E_AttributeError)) {
        if (!get_attr_c(I, self, "name") && set_attr_c(I, self, "name", PY_NONE)) return -1;
        if (is_sub(I, self, PY_E_AttributeError) && !get_attr_c(I, self, "obj") && set_attr_c(I, self, "obj", PY_NONE)) return -1;
    }
    return 0;
}

py_val py_exc_str(py_interp *I, py_val self)
{
    py_val args = PY_EXC(self)->args;
    size_t n = args ? py_tuple_len(args) : 0;
    if (is_sub(I, self, PY_E_KeyError) && n == 1) return py_repr(I, py_tuple_items(args)[0]);
    if (is_sub(I, self, PY_E_OSError)) {
        py_val en = get_attr_c(I, self, "errno"), se = get_attr_c(I, self, "strerror");
        py_val fn = get_attr_c(I, self, "filename"), fn2 = get_attr_c(I, self, "filename2");
        if (en && se && en != PY_NONE && se != PY_NONE) {
            sk_buf b = SK_BUF_INIT(I->alloc);
            sk_buf_puts(&b, "[Errno ");
            if (py_buf_str(I, &b, en) || sk_buf_puts(&b, "] ") || py_buf_str(I, &b, se)) { sk_buf_free(&b); return PY_NULL; }
            if (fn && fn != PY_NONE) {
                sk_buf_puts(&b, ": ");
                if (py_buf_repr(I, &b, fn)) { sk_buf_free(&b); return PY_NULL; }
                if (fn2 && fn2 != PY_NONE) {
                    sk_buf_puts(&b, " -> ");
                    if (py_buf_repr(I, &b, fn2)) { sk_buf_free(&b); return PY_NULL; }
                }
            }
            return py_str_from_buf(I, &b);
        }
    }
    if (is_sub(I, self, PY_E_SyntaxError)) {
        py_val msg = get_attr_c(I, self, "msg");
        py_val fn = get_attr_c(I, self, "filename"), ln = get_attr_c(I, self, "lineno");
        if (msg && msg != PY_NONE) {
            sk_buf b = SK_BUF_INIT(I->alloc);
            if (py_buf_str(I, &b, msg)) { sk_buf_free(&b); return PY_NULL; }
            int have_fn = fn && py_is_str(fn), have_ln = ln && py_is_intlike(ln);
            if (have_fn || have_ln) {
                sk_buf_puts(&b, " (");
                if (have_fn) {
                    const char *f = py_str_data(fn);
                    const char *slash = strrchr(f, '/');
                    sk_buf_puts(&b, slash ? slash + 1 : f);
                }
                if (have_ln) {
                    if (have_fn) sk_buf_puts(&b, ", ");
                    sk_buf_puts(&b, "line ");
                    py_buf_str(I, &b, ln);
                }
                sk_buf_putc(&b, ')');
            }
            return py_str_from_buf(I, &b);
        }
    }
    if (is_sub(I, self, PY_E_UnicodeDecodeError) && get_attr_c(I, self, "reason")) {
        py_val enc = get_attr_c(I, self, "encoding"), obj = get_attr_c(I, self, "object");
        py_val st = get_attr_c(I, self, "start"), en = get_attr_c(I, self, "end"), rs = get_attr_c(I, self, "reason");
        if (enc && obj && st && en && rs && py_is_str(enc) && py_is_bytes(obj) && py_is_int(st) && py_is_int(en) && py_is_str(rs)) {
            int64_t s = py_int_val(st), e = py_int_val(en);
            if (s >= 0 && (size_t)s < PY_BYTES(obj)->len) {
                if (e == s + 1)
                    return py_str_fmt(I, "'%s' codec can't decode byte 0x%02x in position %lld: %s", py_str_data(enc),
                                      (unsigned char)PY_BYTES(obj)->data[s], (long long)s, py_str_data(rs));
                return py_str_fmt(I, "'%s' codec can't decode bytes in position %lld-%lld: %s", py_str_data(enc),
                                  (long long)s, (long long)e - 1, py_str_data(rs));
            }
        }
    }
    if (is_sub(I, self, PY_E_UnicodeEncodeError) && get_attr_c(I, self, "reason")) {
        py_val enc = get_attr_c(I, self, "encoding"), obj = get_attr_c(I, self, "object");
        py_val st = get_attr_c(I, self, "start"), en = get_attr_c(I, self, "end"), rs = get_attr_c(I, self, "reason");
        if (enc && obj && st && en && rs && py_is_str(enc) && py_is_str(obj) && py_is_int(st) && py_is_int(en) && py_is_str(rs)) {
            int64_t s = py_int_val(st), e = py_int_val(en);
            if (s >= 0 && (size_t)s < PY_STR(obj)->cplen) {
                py_val ch = py_str_getitem_cp(I, obj, s);
                if (!ch) return PY_NULL;
                size_t k = 0;
                uint32_t cp;
                py_utf8_decode(py_str_data(ch), py_str_len(ch), &k, &cp);
                py_decref(I, ch);
                const char *esc = cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x";
                char escbuf[16];
                snprintf(escbuf, sizeof escbuf, esc, cp);
                if (e == s + 1)
                    return py_str_fmt(I, "'%s' codec can't encode character '%s' in position %lld: %s", py_str_data(enc),
                                      escbuf, (long long)s, py_str_data(rs));
                return py_str_fmt(I, "'%s' codec can't encode characters in position %lld-%lld: %s", py_str_data(enc),
                                  (long long)s, (long long)e - 1, py_str_data(rs));
            }
        }
    }
    if (is_sub(I, self, PY_E_BaseExceptionGroup)) {
        py_val msg = PY_EXC(self)->value, ex = PY_EXC(self)->extra;
        size_t k = ex && py_is_tuple(ex) ? py_tuple_len(ex) : 0;
        sk_buf b = SK_BUF_INIT(I->alloc);
        if (msg && py_buf_str(I, &b, msg)) { sk_buf_free(&b); return PY_NULL; }
        sk_buf_printf(&b, " (%zu sub-exception%s)", k, k > 1 ? "s" : "");
        return py_str_from_buf(I, &b);
    }
    if (n == 0) return py_newref(I->empty_str);
    if (n == 1) return py_str(I, py_tuple_items(args)[0]);
    return py_repr(I, args);
}

static py_val exc_str_slot(py_interp *I, py_val self) { return py_exc_str(I, self); }

static py_val exc_repr(py_interp *I, py_val self)
{
    py_type *t = py_typeof(I, self);
    py_val args = PY_EXC(self)->args;
    size_t n = args ? py_tuple_len(args) : 0;
    const char *name = t->name;
    if (n == 1) {
        sk_buf b = SK_BUF_INIT(I->alloc);
        sk_buf_printf(&b, "%s(", name);
        if (py_buf_repr(I, &b, py_tuple_items(args)[0])) { sk_buf_free(&b); return PY_NULL; }
        sk_buf_putc(&b, ')');
        return py_str_from_buf(I, &b);
    }
    if (n == 0) return py_str_fmt(I, "%s()", name);
    py_val r = py_repr(I, args);
    if (!r) return PY_NULL;
    py_val out = py_str_fmt(I, "%s%s", name, py_str_data(r));
    py_decref(I, r);
    return out;
}

static py_val exc_get_args(py_interp *I, py_val self)
{
    py_val a = PY_EXC(self)->args;
    return a ? py_newref(a) : py_tuple_new(I, 0);
}
static int exc_set_args(py_interp *I, py_val self, py_val v)
{
    if (!v) { py_err_str(I, PY_E_TypeError, "args may not be deleted"); return -1; }
    py_val t = py_sequence_tuple(I, v);
    if (!t) return -1;
    PY_SETREF(I, PY_EXC(self)->args, t);
    return 0;
}
static py_val exc_get_cause(py_interp *I, py_val self) { (void)I; py_val c = PY_EXC(self)->cause; return c ? py_newref(c) : PY_NONE; }
static int exc_set_cause(py_interp *I, py_val self, py_val v)
{
    if (v && v != PY_NONE && !py_is_exc(v)) {
        py_err_str(I, PY_E_TypeError, "exception cause must be None or derive from BaseException");
        return -1;
    }
    py_val nv = v && v != PY_NONE ? py_newref(v) : PY_NULL;
    PY_SETREF(I, PY_EXC(self)->cause, nv);
    PY_EXC(self)->suppress_context = 1;
    return 0;
}
static py_val exc_get_context(py_interp *I, py_val self) { (void)I; py_val c = PY_EXC(self)->context; return c ? py_newref(c) : PY_NONE; }
static int exc_set_context(py_interp *I, py_val self, py_val v)
{
    if (v && v != PY_NONE && !py_is_exc(v)) {
        py_err_str(I, PY_E_TypeError, "exception context must be None or derive from BaseException");
        return -1;
    }
    py_val nv = v && v != PY_NONE ? py_newref(v) : PY_NULL;
    PY_SETREF(I, PY_EXC(self)->context, nv);
    return 0;
}
static py_val exc_get_suppress(py_interp *I, py_val self) { (void)I; return py_bool(PY_EXC(self)->suppress_context); }
static int exc_set_suppress(py_interp *I, py_val self, py_val v)
{
    int b = v ? py_truthy(I, v) : 0;
    if (b < 0) return -1;
    PY_EXC(self)->suppress_context = (uint8_t)b;
    return 0;
}
/* __traceback__: the traceback module builds Python objects (tb_frame,
 * tb_lineno, tb_next, ...) from the exception's entries; the result is kept
 * until the exception travels through more frames. */
static py_val exc_get_tb(py_interp *I, py_val self)
{
    py_exc *e = PY_EXC(self);
    if (!e->tb) return PY_NONE;
    if (e->tbobj && e->tbobj_head == e->tb) return py_newref(e->tbobj);
    py_val mk = pym_import_attr(I, "traceback", "_tb_object");
    if (!mk) return PY_NULL;
    py_val t = py_call1(I, mk, self);
    py_decref(I, mk);
    if (!t) return PY_NULL;
    PY_SETREF(I, e->tbobj, py_newref(t));
    e->tbobj_head = e->tb;
    return t;
}

/* Only None can be assigned: it drops the entries (`e.with_traceback(None)`);
 * a traceback object of this exception keeps them. */
static int exc_set_tb(py_interp *I, py_val self, py_val v)
{
    py_exc *e = PY_EXC(self);
    if (v == PY_NONE || !v) {
        py_tb_decref(I, e->tb);
        e->tb = NULL;
        PY_CLEAR(I, e->tbobj);
        e->tbobj_head = NULL;
        return 0;
    }
    py_val owner = py_getattr_s(I, v, "_exc");
    if (!owner) {
        py_err_clear(I);
        py_err_str(I, PY_E_TypeError, "__traceback__ must be a traceback or None");
        return -1;
    }
    py_decref(I, owner);
    return 0;
}

static py_val exc_with_traceback(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "BaseException.with_traceback", nargs, kw, 1)) return PY_NULL;
    if (exc_set_tb(I, self, args[0])) return PY_NULL;
    return py_newref(self);
}

static py_val exc_add_note(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "BaseException.add_note", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "note must be a str, not '%s'", py_type_name(I, args[0]));
    py_val notes = get_attr_c(I, self, "__notes__");
    if (!notes) {
        py_val l = py_list_new(I, 0);
        if (!l || set_attr_c(I, self, "__notes__", l)) { py_xdecref(I, l); return PY_NULL; }
        py_decref(I, l);
        notes = get_attr_c(I, self, "__notes__");
    }
    if (!py_is_list(notes)) return py_err_str(I, PY_E_TypeError, "Cannot add note: __notes__ is not a list");
    if (py_list_append(I, notes, args[0])) return PY_NULL;
    return PY_NONE;
}

static py_val exc_reduce(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    return py_tuple_pack(I, 2, PY_VAL(py_typeof(I, self)), PY_EXC(self)->args);
}

static const py_methoddef exc_methods[] = {
    { "with_traceback", exc_with_traceback, 0 },
    { "add_note", exc_add_note, 0 },
    { "__reduce__", exc_reduce, 0 },
    { NULL, NULL, 0 }
};

static const py_getsetdef exc_getsets[] = {
    { "args", exc_get_args, exc_set_args },
    { "__cause__", exc_get_cause, exc_set_cause },
    { "__context__", exc_get_context, exc_set_context },
    { "__suppress_context__", exc_get_suppress, exc_set_suppress },
    { "__traceback__", exc_get_tb, exc_set_tb },
    { NULL, NULL, NULL }
};

const py_typedef py_exc_td_BaseException = {
    .name = "BaseException", .base = PY_T_OBJECT,
    .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_EXC_SUB,
    .basicsize = sizeof(py_exc), .dictoffset = offsetof(py_exc, dict),
    .slots = {
        .dealloc = exc_dealloc, .traverse = exc_traverse, .clear = exc_clear,
        .repr = exc_repr, .str = exc_str_slot, .new_ = exc_new_slot, .init = exc_init,
    },
    .methods = exc_methods, .getsets = exc_getsets,
};

/* ---- exception groups (PEP 654) ----------------------------------------------------- *
 * A group keeps its message in `value` and its exceptions tuple in `extra`. */
static int is_group(py_interp *I, py_val v) { return py_is_exc(v) && is_sub(I, v, PY_E_BaseExceptionGroup); }
static py_val eg_excs(py_val g) { return PY_EXC(g)->extra && py_is_tuple(PY_EXC(g)->extra) ? PY_EXC(g)->extra : PY_NULL; }

/* PySequence_Check: indexable and not a mapping */
static int seq_check(py_interp *I, py_val v)
{
    py_type *t = py_typeof(I, v);
    return t->s.getitem && !(t->flags & PY_TF_DICT_SUB);
}

static py_val eg_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)kw;   /* __init__ rejects keywords */
    if (nargs != 2)
        return py_err_fmt(I, PY_E_TypeError, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%zu given)", nargs);
    if (!py_is_str(args[0]))
        return py_err_fmt(I, PY_E_TypeError, "BaseExceptionGroup.__new__() argument 1 must be str, not %s", py_type_name(I, args[0]));
    if (!seq_check(I, args[1])) return py_err_str(I, PY_E_TypeError, "second argument (exceptions) must be a sequence");
    py_val ex = py_sequence_tuple(I, args[1]);
    if (!ex) return PY_NULL;
    size_t n = py_tuple_len(ex);
    if (!n) {
        py_decref(I, ex);
        return py_err_str(I, PY_E_ValueError, "second argument (exceptions) must be a non-empty sequence");
    }
    int nested_base = 0;
    for (size_t i = 0; i < n; i++) {
        py_val e = py_tuple_items(ex)[i];
        if (!py_is_exc(e)) {
            py_decref(I, ex);
            return py_err_fmt(I, PY_E_ValueError, "Item %zu of second argument (exceptions) is not an exception", i);
        }
        if (!is_sub(I, e, PY_E_Exception)) nested_base = 1;
    }
    py_type *cls = t;
    py_type *eg = PY_TYPE(I, PY_E_ExceptionGroup), *beg = PY_TYPE(I, PY_E_BaseExceptionGroup);
    if (!eg || !beg) { py_decref(I, ex); return PY_NULL; }
    if (cls == eg) {
        if (nested_base) {
            py_decref(I, ex);
            return py_err_str(I, PY_E_TypeError, "Cannot nest BaseExceptions in an ExceptionGroup");
        }
    } else if (cls == beg) {
        if (!nested_base) cls = eg;
    } else if (nested_base && py_type_is_subtype(cls, PY_TYPE(I, PY_E_Exception))) {
        py_decref(I, ex);
        return py_err_fmt(I, PY_E_TypeError, "Cannot nest BaseExceptions in '%s'", cls->name);
    }
    py_exc *e = (py_exc *)py_obj_new(I, cls, cls->basicsize);
    if (!e) { py_decref(I, ex); return PY_NULL; }
    e->args = py_tuple_from(I, args, nargs);
    if (!e->args) { py_decref(I, ex); py_decref(I, PY_VAL(e)); return PY_NULL; }
    e->value = py_newref(args[0]);
    e->extra = ex;
    return PY_VAL(e);
}

static int eg_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (kw && py_tuple_len(kw)) {
        py_err_fmt(I, PY_E_TypeError, "%s() takes no keyword arguments", py_typeof(I, self)->name);
        return -1;
    }
    py_val a = py_tuple_from(I, args, nargs);
    if (!a) return -1;
    PY_SETREF(I, PY_EXC(self)->args, a);
    return 0;
}

static py_val eg_get_message(py_interp *I, py_val self)
{
    py_val m = PY_EXC(self)->value;
    return m ? py_newref(m) : py_newref(I->empty_str);
}

static int eg_set_readonly(py_interp *I, py_val self, py_val v)
{
    (void)self; (void)v;
    py_err_str(I, PY_E_AttributeError, "readonly attribute");
    return -1;
}

static py_val eg_get_exceptions(py_interp *I, py_val self)
{
    py_val e = eg_excs(self);
    return e ? py_newref(e) : py_tuple_new(I, 0);
}

/* BaseExceptionGroup(msg, excs): an ExceptionGroup when every member is an Exception */
static py_val eg_create(py_interp *I, py_val msg, py_val excs)
{
    py_type *beg = PY_TYPE(I, PY_E_BaseExceptionGroup);
    if (!beg) return PY_NULL;
    py_val a[2] = { msg, excs };
    return py_exc_new(I, beg, a, 2);
}

static py_val eg_derive(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "BaseExceptionGroup.derive", nargs, kw, 1)) return PY_NULL;
    return eg_create(I, PY_EXC(self)->value ? PY_EXC(self)->value : I->empty_str, args[0]);
}

enum { EGM_TYPE, EGM_PRED, EGM_IDS };

typedef struct eg_ids {       /* sorted leaf addresses (except* projection) */
    uintptr_t *p;
    size_t n, cap;
} eg_ids;

static int get_matcher_type(py_interp *I, py_val v, int *mt)
{
    if (py_callable(I, v) && !py_is_typeobj(v)) { *mt = EGM_PRED; return 0; }
    py_type *be = PY_TYPE(I, PY_E_BaseException);
    if (py_is_typeobj(v) && py_type_is_subtype(PY_TYPEOBJ(v), be)) { *mt = EGM_TYPE; return 0; }
    if (py_typeof(I, v) == PY_TYPE(I, PY_T_TUPLE)) {
        for (size_t i = 0; i < py_tuple_len(v); i++) {
            py_val x = py_tuple_items(v)[i];
            if (!py_is_typeobj(x) || !py_type_is_subtype(PY_TYPEOBJ(x), be)) goto bad;
        }
        *mt = EGM_TYPE;
        return 0;
    }
bad:
    py_err_str(I, PY_E_TypeError, "expected an exception type, a tuple of exception types, or a callable (other than a class)");
    return -1;
}

static int cmp_uptr(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}

static int eg_check_match(py_interp *I, py_val exc, int mt, py_val mv, const eg_ids *ids)
{
    switch (mt) {
    case EGM_TYPE: return py_exc_matches(I, exc, mv);
    case EGM_PRED: {
        py_val r = py_call1(I, mv, exc);
        if (!r) return -1;
        int t = py_truthy(I, r);
        py_decref(I, r);
        return t;
    }
    default: {
        uintptr_t key = (uintptr_t)PY_OBJ(exc);
        return ids->n && bsearch(&key, ids->p, ids->n, sizeof(uintptr_t), cmp_uptr) != NULL;
    }
    }
}

/* orig.derive(excs) with orig's traceback, cause, context and a copy of its notes */
static int eg_subset(py_interp *I, py_val orig, py_val list, py_val *out)
{
    *out = PY_NULL;
    if (!PY_LIST(list)->n) return 0;
    py_val name = py_intern(I, "derive");
    if (!name) return -1;
    py_val eg = py_call_method(I, orig, name, &list, 1);
    py_decref(I, name);
    if (!eg) return -1;
    if (!is_group(I, eg)) {
        py_decref(I, eg);
        py_err_str(I, PY_E_TypeError, "derive must return an instance of BaseExceptionGroup");
        return -1;
    }
    py_exc *o = PY_EXC(orig), *d = PY_EXC(eg);
    if (o->tb) {
        o->tb->rc++;
        py_tb_decref(I, d->tb);
        d->tb = o->tb;
    }
    PY_SETREF(I, d->context, o->context ? py_newref(o->context) : PY_NULL);
    PY_SETREF(I, d->cause, o->cause ? py_newref(o->cause) : PY_NULL);
    d->suppress_context = 1;
    py_val nn = py_intern(I, "__notes__");
    if (!nn) { py_decref(I, eg); return -1; }
    py_val notes = py_getattr_opt(I, orig, nn);
    if (!notes && py_err_occurred(I)) { py_decref(I, nn); py_decref(I, eg); return -1; }
    if (notes && seq_check(I, notes)) {
        py_val copy = py_sequence_list(I, notes);
        int r = copy ? py_setattr(I, eg, nn, copy) : -1;
        py_xdecref(I, copy);
        if (r) { py_decref(I, notes); py_decref(I, nn); py_decref(I, eg); return -1; }
    }
    py_xdecref(I, notes);
    py_decref(I, nn);
    *out = eg;
    return 0;
}

#define EG_MAX_DEPTH 10000

static int eg_split_rec(py_interp *I, py_val exc, int mt, py_val mv, const eg_ids *ids, int want_rest,
                        py_val *match, py_val *rest, int depth)
{
    *match = *rest = PY_NULL;
    int m = eg_check_match(I, exc, mt, mv, ids);
    if (m < 0) return -1;
    if (m) { *match = py_newref(exc); return 0; }
    py_val excs = is_group(I, exc) ? eg_excs(exc) : PY_NULL;
    if (!excs) {
        if (want_rest) *rest = py_newref(exc);
        return 0;
    }
    if (depth > EG_MAX_DEPTH || sk_stack_low(I->stack_limit)) {
        py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded in exceptiongroup_split_recursive");
        return -1;
    }
    int rc = -1;
    py_val ml = py_list_new(I, 0), rl = want_rest ? py_list_new(I, 0) : PY_NULL;
    if (!ml || (want_rest && !rl)) goto done;
    py_incref(excs);
    for (size_t i = 0; i < py_tuple_len(excs); i++) {
        py_val sm, sr;
        if (eg_split_rec(I, py_tuple_items(excs)[i], mt, mv, ids, want_rest, &sm, &sr, depth + 1)) { py_decref(I, excs); goto done; }
        if (sm && py_list_append_steal(I, ml, sm)) { py_xdecref(I, sr); py_decref(I, excs); goto done; }
        if (sr && py_list_append_steal(I, rl, sr)) { py_decref(I, excs); goto done; }
    }
    py_decref(I, excs);
    if (eg_subset(I, exc, ml, match)) goto done;
    if (want_rest && eg_subset(I, exc, rl, rest)) { PY_CLEAR(I, *match); goto done; }
    rc = 0;
done:
    py_xdecref(I, ml);
    py_xdecref(I, rl);
    return rc;
}

static py_val eg_split(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "BaseExceptionGroup.split", nargs, kw, 1)) return PY_NULL;
    int mt;
    if (get_matcher_type(I, args[0], &mt)) return PY_NULL;
    py_val m, r;
    if (eg_split_rec(I, self, mt, args[0], NULL, 1, &m, &r, 0)) return PY_NULL;
    py_val out = py_tuple_pack(I, 2, m ? m : PY_NONE, r ? r : PY_NONE);
    py_xdecref(I, m);
    py_xdecref(I, r);
    return out;
}

static py_val eg_subgroup(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "BaseExceptionGroup.subgroup", nargs, kw, 1)) return PY_NULL;
    int mt;
    if (get_matcher_type(I, args[0], &mt)) return PY_NULL;
    py_val m, r;
    if (eg_split_rec(I, self, mt, args[0], NULL, 0, &m, &r, 0)) return PY_NULL;
    return m ? m : PY_NONE;
}

static py_val eg_class_getitem(py_interp *I, py_val cls, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "BaseExceptionGroup.__class_getitem__", nargs, kw, 1)) return PY_NULL;
    return py_genericalias_new(I, cls, args[0]);
}

/* ---- except* support for the VM ----------------------------------------------------------
 * py_eg_match: split `exc` (an exception, or None once everything matched) by an
 * except* clause's type: *match is None or the matching part (a naked exception
 * is wrapped in ExceptionGroup('', (exc,))), *rest what is left (or None). */
int py_eg_match(py_interp *I, py_val exc, py_val type, py_val *match, py_val *rest)
{
    *match = *rest = PY_NULL;
    /* validate the clause first: BaseException subclasses, no groups */
    py_type *beg = PY_TYPE(I, PY_E_BaseExceptionGroup);
    if (!beg) return -1;
    size_t nt = py_is_tuple(type) ? py_tuple_len(type) : 1;
    for (size_t i = 0; i < nt; i++) {
        py_val t = py_is_tuple(type) ? py_tuple_items(type)[i] : type;
        if (!py_is_typeobj(t) || !py_type_is_subtype(PY_TYPEOBJ(t), PY_TYPE(I, PY_E_BaseException))) {
            py_err_str(I, PY_E_TypeError, "catching classes that do not inherit from BaseException is not allowed");
            return -1;
        }
    }
    for (size_t i = 0; i < nt; i++) {
        py_val t = py_is_tuple(type) ? py_tuple_items(type)[i] : type;
        if (py_type_is_subtype(PY_TYPEOBJ(t), beg)) {
            py_err_str(I, PY_E_TypeError, "catching ExceptionGroup with except* is not allowed. Use except instead.");
            return -1;
        }
    }
    if (exc == PY_NONE) { *match = PY_NONE; *rest = PY_NONE; return 0; }
    int m = py_exc_matches(I, exc, type);
    if (m < 0) return -1;
    if (m) {
        if (is_group(I, exc)) *match = py_newref(exc);
        else {
            py_val t1 = py_tuple_pack(I, 1, exc);
            if (!t1) return -1;
            *match = eg_create(I, I->empty_str, t1);
            py_decref(I, t1);
            if (!*match) return -1;
        }
        *rest = PY_NONE;
        return 0;
    }
    if (is_group(I, exc)) {
        py_val name = py_intern(I, "split");
        if (!name) return -1;
        py_val pair = py_call_method(I, exc, name, &type, 1);
        py_decref(I, name);
        if (!pair) return -1;
        if (py_typeof(I, pair) != PY_TYPE(I, PY_T_TUPLE)) {
            py_err_fmt(I, PY_E_TypeError, "%s.split must return a tuple, not %s", py_type_name(I, exc), py_type_name(I, pair));
            py_decref(I, pair);
            return -1;
        }
        if (py_tuple_len(pair) < 2) {
            py_err_fmt(I, PY_E_TypeError, "%s.split must return a 2-tuple, got tuple of size %zu", py_type_name(I, exc),
                       py_tuple_len(pair));
            py_decref(I, pair);
            return -1;
        }
        *match = py_newref(py_tuple_items(pair)[0]);
        *rest = py_newref(py_tuple_items(pair)[1]);
        py_decref(I, pair);
        return 0;
    }
    *match = PY_NONE;
    *rest = py_newref(exc);
    return 0;
}

static int collect_leaves(py_interp *I, py_val e, eg_ids *ids, int depth)
{
    if (e == PY_NONE || !py_is_exc(e)) return 0;
    py_val excs = is_group(I, e) ? eg_excs(e) : PY_NULL;
    if (!excs) {
        if (ids->n == ids->cap) {
            size_t cap = ids->cap ? ids->cap * 2 : 16;
            uintptr_t *p = py_alloc(I, cap * sizeof(uintptr_t));
            if (!p) return -1;
            if (ids->n) memcpy(p, ids->p, ids->n * sizeof(uintptr_t));
            if (ids->p) py_free(I, ids->p, ids->cap * sizeof(uintptr_t));
            ids->p = p;
            ids->cap = cap;
        }
        ids->p[ids->n++] = (uintptr_t)PY_OBJ(e);
        return 0;
    }
    if (depth > EG_MAX_DEPTH || sk_stack_low(I->stack_limit)) {
        py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded");
        return -1;
    }
    int r = 0;
    for (size_t i = 0; i < py_tuple_len(excs) && !r; i++) r = collect_leaves(I, py_tuple_items(excs)[i], ids, depth + 1);
    return r;
}

/* The exception an except* statement raises at its end (or None): `orig`
 * the exception caught, `list` what the clauses raised plus the unhandled
 * rest.  Re-raised parts keep orig's structure; new ones are combined with
 * them in ExceptionGroup('', [...]). */
py_val py_eg_prep_reraise(py_interp *I, py_val orig, py_val list)
{
    py_list *l = PY_LIST(list);
    if (!l->n) return PY_NONE;
    if (!is_group(I, orig)) return py_newref(l->items[0]);
    py_val raised = py_list_new(I, 0);
    if (!raised) return PY_NULL;
    eg_ids ids = { NULL, 0, 0 };
    py_val result = PY_NULL, reraised = PY_NULL;
    int nre = 0;
    py_exc *o = PY_EXC(orig);
    for (size_t i = 0; i < l->n; i++) {
        py_val e = l->items[i];
        if (e == PY_NONE || !py_is_exc(e)) continue;
        py_exc *x = PY_EXC(e);
        if (x->tb == o->tb && x->cause == o->cause && x->context == o->context) {
            nre++;
            if (collect_leaves(I, e, &ids, 0)) goto done;
        } else if (py_list_append(I, raised, e)) goto done;
    }
    if (nre) {
        qsort(ids.p, ids.n, sizeof(uintptr_t), cmp_uptr);
        py_val r;
        if (eg_split_rec(I, orig, EGM_IDS, PY_NONE, &ids, 0, &reraised, &r, 0)) goto done;
    }
    if (!PY_LIST(raised)->n) {
        result = reraised ? py_newref(reraised) : PY_NONE;
    } else {
        if (reraised && py_list_append(I, raised, reraised)) goto done;
        if (PY_LIST(raised)->n > 1) result = eg_create(I, I->empty_str, raised);
        else result = py_newref(PY_LIST(raised)->items[0]);
    }
done:
    if (ids.p) py_free(I, ids.p, ids.cap * sizeof(uintptr_t));
    py_xdecref(I, reraised);
    py_decref(I, raised);
    return result;
}

static const py_methoddef eg_methods[] = {
    { "split", eg_split, 0 },
    { "subgroup", eg_subgroup, 0 },
    { "derive", eg_derive, 0 },
    { "__class_getitem__", eg_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};

static const py_getsetdef eg_getsets[] = {
    { "message", eg_get_message, eg_set_readonly },
    { "exceptions", eg_get_exceptions, eg_set_readonly },
    { NULL, NULL, NULL }
};

const py_typedef py_exc_td_BaseExceptionGroup = {
    .name = "BaseExceptionGroup", .base = PY_E_BaseException,
    .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_EXC_SUB,
    .basicsize = sizeof(py_exc), .dictoffset = offsetof(py_exc, dict),
    .slots = { .new_ = eg_new, .init = eg_init },
    .methods = eg_methods, .getsets = eg_getsets,
};

/* the rest of the hierarchy: names, bases, qualified names */
#define EXC_TD(id, nm, basename, qn) \
    const py_typedef py_exc_td_##id = { \
        .name = nm, .qualname = qn, .base = PY_E_##basename, \
        .flags = PY_TF_GC | PY_TF_BASETYPE | PY_TF_EXC_SUB, \
        .basicsize = sizeof(py_exc), .dictoffset = offsetof(py_exc, dict), \
    };
EXC_TD(Exception, "Exception", BaseException, NULL)
EXC_TD(SystemExit, "SystemExit", BaseException, NULL)
EXC_TD(KeyboardInterrupt, "KeyboardInterrupt", BaseException, NULL)
EXC_TD(GeneratorExit, "GeneratorExit", BaseException, NULL)
EXC_TD(ArithmeticError, "ArithmeticError", Exception, NULL)
EXC_TD(FloatingPointError, "FloatingPointError", ArithmeticError, NULL)
EXC_TD(OverflowError, "OverflowError", ArithmeticError, NULL)
EXC_TD(ZeroDivisionError, "ZeroDivisionError", ArithmeticError, NULL)
EXC_TD(AssertionError, "AssertionError", Exception, NULL)
EXC_TD(AttributeError, "AttributeError", Exception, NULL)
EXC_TD(BufferError, "BufferError", Exception, NULL)
EXC_TD(EOFError, "EOFError", Exception, NULL)
EXC_TD(ExceptionGroup, "ExceptionGroup", BaseExceptionGroup, NULL)
EXC_TD(ImportError, "ImportError", Exception, NULL)
EXC_TD(ModuleNotFoundError, "ModuleNotFoundError", ImportError, NULL)
EXC_TD(LookupError, "LookupError", Exception, NULL)
EXC_TD(IndexError, "IndexError", LookupError, NULL)
EXC_TD(KeyError, "KeyError", LookupError, NULL)
EXC_TD(MemoryError, "MemoryError", Exception, NULL)
EXC_TD(NameError, "NameError", Exception, NULL)
EXC_TD(UnboundLocalError, "UnboundLocalError", NameError, NULL)
EXC_TD(OSError, "OSError", Exception, NULL)
EXC_TD(BlockingIOError, "BlockingIOError", OSError, NULL)
EXC_TD(ChildProcessError, "ChildProcessError", OSError, NULL)
EXC_TD(ConnectionError, "ConnectionError", OSError, NULL)
EXC_TD(BrokenPipeError, "BrokenPipeError", ConnectionError, NULL)
EXC_TD(ConnectionAbortedError, "ConnectionAbortedError", ConnectionError, NULL)
EXC_TD(ConnectionRefusedError, "ConnectionRefusedError", ConnectionError, NULL)
EXC_TD(ConnectionResetError, "ConnectionResetError", ConnectionError, NULL)
EXC_TD(FileExistsError, "FileExistsError", OSError, NULL)
EXC_TD(FileNotFoundError, "FileNotFoundError", OSError, NULL)
EXC_TD(InterruptedError, "InterruptedError", OSError, NULL)
EXC_TD(IsADirectoryError, "IsADirectoryError", OSError, NULL)
EXC_TD(NotADirectoryError, "NotADirectoryError", OSError, NULL)
EXC_TD(PermissionError, "PermissionError", OSError, NULL)
EXC_TD(ProcessLookupError, "ProcessLookupError", OSError, NULL)
EXC_TD(TimeoutError, "TimeoutError", OSError, NULL)
EXC_TD(ReferenceError, "ReferenceError", Exception, NULL)
EXC_TD(RuntimeError, "RuntimeError", Exception, NULL)
EXC_TD(NotImplementedError, "NotImplementedError", RuntimeError, NULL)
EXC_TD(RecursionError, "RecursionError", RuntimeError, NULL)
EXC_TD(PythonFinalizationError, "PythonFinalizationError", RuntimeError, NULL)
EXC_TD(StopIteration, "StopIteration", Exception, NULL)
EXC_TD(StopAsyncIteration, "StopAsyncIteration", Exception, NULL)
EXC_TD(SyntaxError, "SyntaxError", Exception, NULL)
EXC_TD(IndentationError, "IndentationError", SyntaxError, NULL)
EXC_TD(TabError, "TabError", IndentationError, NULL)
EXC_TD(SystemError, "SystemError", Exception, NULL)
EXC_TD(TypeError, "TypeError", Exception, NULL)
EXC_TD(ValueError, "ValueError", Exception, NULL)
EXC_TD(UnicodeError, "UnicodeError", ValueError, NULL)
EXC_TD(UnicodeDecodeError, "UnicodeDecodeError", UnicodeError, NULL)
EXC_TD(UnicodeEncodeError, "UnicodeEncodeError", UnicodeError, NULL)
EXC_TD(UnicodeTranslateError, "UnicodeTranslateError", UnicodeError, NULL)
EXC_TD(Warning, "Warning", Exception, NULL)
EXC_TD(BytesWarning, "BytesWarning", Warning, NULL)
EXC_TD(DeprecationWarning, "DeprecationWarning", Warning, NULL)
EXC_TD(EncodingWarning, "EncodingWarning", Warning, NULL)
EXC_TD(FutureWarning, "FutureWarning", Warning, NULL)
EXC_TD(ImportWarning, "ImportWarning", Warning, NULL)
EXC_TD(PendingDeprecationWarning, "PendingDeprecationWarning", Warning, NULL)
EXC_TD(ResourceWarning, "ResourceWarning", Warning, NULL)
EXC_TD(RuntimeWarning, "RuntimeWarning", Warning, NULL)
EXC_TD(SyntaxWarning, "SyntaxWarning", Warning, NULL)
EXC_TD(UnicodeWarning, "UnicodeWarning", Warning, NULL)
EXC_TD(UserWarning, "UserWarning", Warning, NULL)
EXC_TD(FrozenInstanceError, "FrozenInstanceError", AttributeError, "dataclasses.FrozenInstanceError")
EXC_TD(JSONDecodeError, "JSONDecodeError", ValueError, "json.decoder.JSONDecodeError")
EXC_TD(PatternError, "PatternError", Exception, "re.PatternError")
EXC_TD(UnsupportedOperation, "UnsupportedOperation", OSError, "io.UnsupportedOperation")
EXC_TD(CancelledError, "CancelledError", BaseException, "asyncio.exceptions.CancelledError")
EXC_TD(InvalidStateError, "InvalidStateError", Exception, "asyncio.exceptions.InvalidStateError")
EXC_TD(QueueEmpty, "QueueEmpty", Exception, "asyncio.queues.QueueEmpty")
EXC_TD(QueueFull, "QueueFull", Exception, "asyncio.queues.QueueFull")
