/* run.c — py_run(): build an interpreter, parse, compile and run one
 * program, report how it ended, and tear everything down.  Also the
 * compile-and-run helper behind eval()/exec().
 *
 * Must never: let anything the program allocated outlive the run.
 */
#include <stdio.h>
#include <string.h>

#include "base/arena.h"
#include "py/compile.h"
#include "py/core.h"
#include "py/modules.h"
#include "py/parser.h"

int py_format_exception(py_interp *I, py_val exc, sk_buf *out);
py_val py_run_code_ns(py_interp *I, py_func *fn, py_val ns, const py_val *args, size_t nargs);
py_val py_asyncio_run_main(py_interp *I, py_val coro);

/* ---- interpreter lifecycle ------------------------------------------------------------- */
static int interp_init(py_interp *I, const py_run_opts *o)
{
    memset(I, 0, sizeof *I);
    I->alloc = o->alloc;
    I->opts = o;
    py_mem_init(I);
    I->mem.max_allocs = o->max_allocations;
    I->gc.next = I->gc.prev = &I->gc;
    I->gc_enabled = 1;
    I->gc_threshold = 20000;
    I->recursion_limit = o->max_recursion_depth ? (int)o->max_recursion_depth : 1000;
    I->c_depth_limit = 300;
    I->stack_limit = o->stack_limit;
    I->max_steps = o->max_steps;
    I->cancel = o->cancel;
    I->clock = o->clock;
    I->clock_ud = o->clock_ud;
    if (o->clock && o->timeout_ns) I->deadline_ns = o->clock(o->clock_ud) + o->timeout_ns;
    char *d;
    I->empty_str = py_str_uninit(I, 0, &d);
    if (!I->empty_str) return -1;
    I->empty_tuple = py_tuple_new(I, 0);
    I->builtins = py_dict_new(I);
    I->modules = py_dict_new(I);
    if (!I->empty_tuple || !I->builtins || !I->modules) return -1;
    I->main_mod = py_module_new(I, "__main__");
    if (!I->main_mod) return -1;
    I->main_dict = py_newref(((py_module *)PY_OBJ(I->main_mod))->dict);
    if (py_dict_set_c(I, I->modules, "__main__", I->main_mod)) return -1;
    return 0;
}

static void interp_teardown(py_interp *I)
{
    PY_CLEAR(I, I->exc);
    PY_CLEAR(I, I->exc_info);
    PY_CLEAR(I, I->last_value);
    if (I->main_dict) py_dict_clear(I, I->main_dict);
    if (I->modules) py_dict_clear(I, I->modules);
    if (I->builtins) py_dict_clear(I, I->builtins);
    PY_CLEAR(I, I->main_dict);
    PY_CLEAR(I, I->main_mod);
    PY_CLEAR(I, I->asyncio_loop);
    py_gc_teardown(I);
    py_type_cache_free(I);
    /* big ints hold digit memory outside the pools */
    while (I->bigs) {
        py_bigint *b = I->bigs;
        I->bigs = b->next_big;
        mp_clear(&b->v);
        sk_alloc_release(I->alloc, b->charged);
        b->charged = 0;
    }
    py_mem_teardown(I);
}

/* ---- syntax errors --------------------------------------------------------------------------- */
static py_val make_syntax_error(py_interp *I, int type_id, const char *msg, py_val filename, int lineno, int offset,
                                int end_lineno, int end_offset, const char *text, size_t text_len)
{
    py_val m = py_str_cstr(I, msg);
    py_val t = text ? py_str_new(I, text, text_len) : PY_NONE;
    if (!m || !t) { py_xdecref(I, m); py_xdecref(I, t); return PY_NULL; }
    py_val details = py_tuple_pack(I, 6, filename, py_int_small(lineno), offset > 0 ? py_int_small(offset) : PY_NONE,
                                   t, py_int_small(end_lineno), end_offset > 0 ? py_int_small(end_offset) : PY_NONE);
    py_decref(I, t);
    if (!details) { py_decref(I, m); return PY_NULL; }
    py_val args[2] = { m, details };
    py_val e = py_exc_new(I, PY_TYPE(I, type_id), args, 2);
    py_decref(I, m);
    py_decref(I, details);
    return e;
}

static int line_of(const char *src, size_t n, int ln, const char **p, size_t *len)
{
    const char *s = src, *end = src + n;
    for (int i = 1; i < ln; i++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        if (!nl) return 0;
        s = nl + 1;
    }
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    *p = s;
    *len = nl ? (size_t)(nl - s) + 1 : (size_t)(end - s);
    return 1;
}

/* Parse + compile; on failure an exception is set (SyntaxError & co). */
static py_code *compile_source(py_interp *I, const char *src, size_t n, py_val filename, int mode,
                               int result_mode, int toplevel_await)
{
    sk_arena ar;
    sk_arena_init(&ar, I->alloc, 32768);
    py_parse_opts po;
    memset(&po, 0, sizeof po);
    po.mode = mode == 1 ? PY_MODE_EVAL : PY_MODE_EXEC;
    po.stack_limit = I->stack_limit;
    po.filename = py_str_data(filename);
    py_syntax_error err;
    memset(&err, 0, sizeof err);
    py_mod *mod = py_parse(&ar, src, n, &po, &err);
    py_code *co = NULL;
    if (!mod) {
        if (err.kind == PY_ERR_MEMORY) {
            py_err_nomem(I);
        } else if (err.kind == PY_ERR_TOO_COMPLEX) {
            py_err_str(I, PY_E_MemoryError, err.msg[0] ? err.msg : "Parser stack overflowed - Python source too complex to parse");
        } else if (err.kind == PY_ERR_LIMIT) {
            if (!strcmp(err.msg, "stack")) py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded during compilation");
            else py_err_fatal(I, PY_E_MemoryError, "parser operation limit exceeded");
        } else {
            int tid = err.kind == PY_ERR_INDENTATION ? PY_E_IndentationError : err.kind == PY_ERR_TAB ? PY_E_TabError : PY_E_SyntaxError;
            py_val str = src ? PY_NULL : PY_NULL;
            (void)str;
            py_val e = make_syntax_error(I, tid, err.msg, filename, err.lineno, err.offset, err.end_lineno, err.end_offset,
                                         err.text, err.text_len);
            if (e) py_err_setexc(I, e);
        }
        sk_arena_free(&ar);
        return NULL;
    }
    py_val source = py_str_new(I, src, n);
    if (!source) { sk_arena_free(&ar); return NULL; }
    py_compile_opts co_opts = { result_mode, toplevel_await };
    py_compile_error cerr;
    if (mode == 1) {
        /* eval: compile `return <expr>` as a module-like unit */
        py_expr *body = mod->v.expression.body;
        py_stmt *ret = sk_arena_zalloc(&ar, sizeof(py_stmt));
        py_stmt **items = sk_arena_zalloc(&ar, sizeof(py_stmt *));
        py_mod *m2 = sk_arena_zalloc(&ar, sizeof(py_mod));
        if (!ret || !items || !m2) { py_err_nomem(I); py_decref(I, source); sk_arena_free(&ar); return NULL; }
        ret->kind = PY_STMT_EXPR;
        ret->lineno = body->lineno; ret->col_offset = body->col_offset;
        ret->end_lineno = body->end_lineno; ret->end_col_offset = body->end_col_offset;
        ret->v.expr.value = body;
        items[0] = ret;
        m2->kind = PY_MOD_MODULE;
        m2->v.module.body.items = items;
        m2->v.module.body.n = 1;
        co_opts.result_mode = 1;
        mod = m2;
    }
    co = py_compile(I, mod, filename, source, &co_opts, &cerr);
    if (!co) {
        if (cerr.kind == 2) py_err_nomem(I);
        else if (cerr.kind == 3) py_err_str(I, PY_E_ValueError, cerr.msg);
        else if (cerr.kind == 4) py_err_str(I, PY_E_SyntaxError, cerr.msg);
        else if (cerr.kind == 1) {
            const char *lp = NULL;
            size_t ll = 0;
            line_of(src, n, cerr.lineno, &lp, &ll);
            /* columns from the compiler are 1-based bytes: convert */
            int off = cerr.col, eoff = cerr.end_col;
            if (lp) {
                size_t lb = ll;
                if (off > 0) off = (int)py_utf8_count(lp, (size_t)(off - 1) < lb ? (size_t)(off - 1) : lb) + 1;
                if (eoff > 0 && cerr.end_lineno == cerr.lineno) eoff = (int)py_utf8_count(lp, (size_t)(eoff - 1) < lb ? (size_t)(eoff - 1) : lb) + 1;
            }
            py_val e = make_syntax_error(I, PY_E_SyntaxError, cerr.msg, filename, cerr.lineno, off, cerr.end_lineno, eoff, lp, ll);
            if (e) py_err_setexc(I, e);
        } else if (!py_err_occurred(I)) py_err_str(I, PY_E_SystemError, "compilation failed");
    }
    if (co && mode == 1) co->flags |= PY_CO_EVALMODE;
    py_decref(I, source);
    sk_arena_free(&ar);
    return co;
}

/* compile(): a code object for exec()/eval() (mode 0 exec, 1 eval, 2 single) */
py_val py_compile_builtin(py_interp *I, py_val src, const char *fname, int mode)
{
    py_val filename = py_str_cstr(I, fname);
    if (!filename) return PY_NULL;
    py_code *co = compile_source(I, py_str_data(src), py_str_len(src), filename, mode == 1 ? 1 : 0, 0, 0);
    py_decref(I, filename);
    return co ? PY_VAL(co) : PY_NULL;
}

py_val py_exec_source(py_interp *I, py_val src, py_val globals, py_val locals, int mode, const char *fname)
{
    py_val filename = py_str_cstr(I, fname);
    if (!filename) return PY_NULL;
    py_val saved_last = I->last_value;
    I->last_value = PY_NULL;
    py_code *co = compile_source(I, py_str_data(src), py_str_len(src), filename, mode, 0, 0);
    py_decref(I, filename);
    if (!co) { I->last_value = saved_last; return PY_NULL; }
    py_val fn = py_func_new(I, co, globals, PY_NULL);
    py_decref(I, PY_VAL(co));
    if (!fn) { I->last_value = saved_last; return PY_NULL; }
    PY_FUNC(fn)->code->flags |= PY_CO_HIDDEN;
    py_val r = py_run_code_ns(I, PY_FUNC(fn), locals ? locals : globals, NULL, 0);
    py_decref(I, fn);
    if (r && mode == 1) {
        py_decref(I, r);
        r = I->last_value ? I->last_value : PY_NONE;
        I->last_value = PY_NULL;
    }
    PY_SETREF(I, I->last_value, saved_last);
    return r;
}

/* Run host-provided Python source in `globals`.  Every code object it
 * defines is marked PY_CO_HOST: its frames never appear in tracebacks and do
 * not count against the recursion limit, so host objects written in Python
 * behave like objects implemented in C. */
static void mark_host(py_code *co, int depth)
{
    co->flags |= PY_CO_HOST;
    if (depth > 50) return;
    for (uint32_t i = 0; i < co->nconsts; i++)
        if (py_is_ptr(co->consts[i]) && PY_OBJ(co->consts[i])->type->id == PY_T_CODE) mark_host(PY_CODE(co->consts[i]), depth + 1);
}

int py_exec_host_source(py_interp *I, const char *src, size_t n, py_val globals, const char *fname)
{
    py_val filename = py_str_cstr(I, fname);
    if (!filename) return -1;
    py_val saved_last = I->last_value;
    I->last_value = PY_NULL;
    py_code *co = compile_source(I, src, n, filename, 0, 0, 0);
    py_decref(I, filename);
    if (co) mark_host(co, 0);
    py_val fn = co ? py_func_new(I, co, globals, PY_NULL) : PY_NULL;
    if (co) py_decref(I, PY_VAL(co));
    py_val r = fn ? py_run_code_ns(I, PY_FUNC(fn), globals, NULL, 0) : PY_NULL;
    py_xdecref(I, fn);
    py_xdecref(I, r);
    PY_SETREF(I, I->last_value, saved_last);
    return r ? 0 : -1;
}

/* ---- sys.version_info ------------------------------------------------------------------------- */
py_val py_make_version_info(py_interp *I)
{
    static const char src[] =
        "class version_info(tuple):\n"
        "    __slots__ = ()\n"
        "    n_fields = 5\n"
        "    major = property(lambda self: self[0])\n"
        "    minor = property(lambda self: self[1])\n"
        "    micro = property(lambda self: self[2])\n"
        "    releaselevel = property(lambda self: self[3])\n"
        "    serial = property(lambda self: self[4])\n"
        "    def __repr__(self):\n"
        "        return 'sys.version_info(major=%r, minor=%r, micro=%r, releaselevel=%r, serial=%r)' % tuple(self)\n"
        "version_info.__name__ = 'sys.version_info'\n"
        "v = version_info((3, 14, 0, 'final', 0))\n";
    py_val g = py_dict_new(I);
    if (!g) return PY_NULL;
    py_dict_set_c(I, g, "__name__", py_str_cstr(I, "sys"));
    py_val s = py_str_new(I, src, sizeof src - 1);
    py_val r = s ? py_exec_source(I, s, g, PY_NULL, 0, "<sys>") : PY_NULL;
    py_xdecref(I, s);
    py_val v = PY_NULL;
    if (r) {
        py_decref(I, r);
        v = py_dict_get_c(I, g, "v");
        if (v) py_incref(v);
    }
    py_dict_clear(I, g);
    py_decref(I, g);
    return v;
}

/* ---- results ---------------------------------------------------------------------------------- */
static char *dup_buf(sk_alloc *a, const char *p, size_t n)
{
    char *r = sk_malloc(a, n + 1);
    if (!r) return NULL;
    memcpy(r, p, n);
    r[n] = 0;
    return r;
}

static char *val_text(py_interp *I, sk_alloc *a, py_val v, int use_repr)
{
    py_val s = use_repr ? py_repr(I, v) : py_str(I, v);
    if (!s) { py_err_clear(I); return NULL; }
    char *r = dup_buf(a, py_str_data(s), py_str_len(s));
    py_decref(I, s);
    return r;
}

static void fill_exception(py_interp *I, py_run_result *res, py_val exc, const char *tb, size_t tbn)
{
    sk_alloc *a = I->alloc;
    size_t lim = a->limit;
    a->limit = 0;
    py_type *t = py_typeof(I, exc);
    res->exc_type = dup_buf(a, t->name, strlen(t->name));
    /* Name('msg') / Name() */
    sk_buf b = SK_BUF_INIT(a);
    sk_buf_puts(&b, t->name);
    sk_buf_putc(&b, '(');
    py_val args = py_is_exc(exc) ? PY_EXC(exc)->args : PY_NULL;
    if (args && py_tuple_len(args) >= 1 && py_is_str(py_tuple_items(args)[0]) && py_str_len(py_tuple_items(args)[0])) {
        py_val m = py_tuple_items(args)[0];
        const char *p = py_str_data(m);
        char q = strchr(p, '\'') && !strchr(p, '"') ? '"' : '\'';
        sk_buf_putc(&b, q);
        py_buf_put_str(&b, m);
        sk_buf_putc(&b, q);
    }
    sk_buf_putc(&b, ')');
    res->exc_short = sk_buf_take(&b, NULL);
    res->traceback = dup_buf(a, tb, tbn);
    a->limit = lim;
}

void py_run_result_free(sk_alloc *a, py_run_result *res)
{
    sk_free(a, res->exc_type);
    sk_free(a, res->exc_short);
    sk_free(a, res->traceback);
    sk_free(a, res->result_repr);
    sk_free(a, res->result_str);
    sk_free(a, res->result_type);
    memset(res, 0, sizeof *res);
}

/* ---- py_run ---------------------------------------------------------------------------------------- */
int py_run(const py_run_opts *o, py_run_result *res)
{
    memset(res, 0, sizeof *res);
    if (!o || !o->alloc || (!o->source && o->source_len)) { res->status = 2; res->end = PY_END_ERROR; return 2; }
    py_interp *I = sk_malloc(o->alloc, sizeof(py_interp));
    if (!I) { res->status = 1; res->end = PY_END_ERROR; return 1; }
    if (interp_init(I, o)) {
        interp_teardown(I);
        sk_free(o->alloc, I);
        res->status = 1;
        res->end = PY_END_ERROR;
        return 1;
    }
    const char *fname = o->filename ? o->filename : "<string>";
    py_val filename = py_str_cstr(I, fname);
    py_val result = PY_NULL;
    py_code *co = NULL;
    if (filename) {
        py_dict_set_c(I, I->main_dict, "__builtins__", PY_NONE);
        py_val bm = py_import(I, py_intern(I, "builtins"), PY_NONE, 0);
        if (bm) { py_dict_set_c(I, I->main_dict, "__builtins__", bm); py_decref(I, bm); }
        py_err_clear(I);
        if (o->setup && o->setup(I, o->host_ud)) goto after_run;
        co = compile_source(I, o->source ? o->source : "", o->source_len, filename, 0,
                            o->collect_result || o->echo_last_expr, 1);
    }
    if (co) {
        py_val fn = py_func_new(I, co, I->main_dict, PY_NULL);
        if (fn) {
            if (co->flags & PY_CO_COROUTINE) {
                /* top-level await: the module body runs as a coroutine */
                py_val coro = py_func_call(I, fn, NULL, 0, PY_NULL);
                if (coro) {
                    result = py_asyncio_run_main(I, coro);
                    py_decref(I, coro);
                }
            } else {
                py_frame *f = py_frame_alloc(I, co);
                if (f) {
                    f->func = PY_FUNC(fn);
                    py_incref(fn);
                    f->globals = I->main_dict;
                    f->builtins = I->builtins;
                    f->flags |= PY_FRAME_ENTRY;
                    result = py_eval_frame(I, f);
                }
            }
            py_decref(I, fn);
        }
        py_decref(I, PY_VAL(co));
    }
after_run:
    if (result) {
        res->status = 0;
        res->end = PY_END_OK;
        py_decref(I, result);
        if (I->last_value) {
            if (o->collect_result) {
                size_t lim = I->alloc->limit;
                I->alloc->limit = 0;
                res->result_repr = val_text(I, o->alloc, I->last_value, 1);
                res->result_str = val_text(I, o->alloc, I->last_value, 0);
                const char *tn = py_type_name(I, I->last_value);
                res->result_type = dup_buf(o->alloc, tn, strlen(tn));
                I->alloc->limit = lim;
            }
            if (o->echo_last_expr && I->last_value != PY_NONE) {
                py_val r = py_repr(I, I->last_value);
                if (r) {
                    py_write(I, 1, py_str_data(r), py_str_len(r));
                    py_write(I, 1, "\n", 1);
                    py_decref(I, r);
                }
                py_err_clear(I);
            }
        } else if (o->collect_result) {
            res->result_repr = dup_buf(o->alloc, "None", 4);
            res->result_str = dup_buf(o->alloc, "None", 4);
            res->result_type = dup_buf(o->alloc, "NoneType", 8);
        }
    } else {
        py_val exc = py_err_fetch(I);
        if (!exc) {
            res->status = 1;
            res->end = PY_END_ERROR;
        } else if (py_isinstance_t(I, exc, PY_TYPE(I, PY_E_SystemExit)) && !PY_EXC(exc)->fatal) {
            res->end = PY_END_EXIT;
            py_val code = PY_NONE;
            py_val args = PY_EXC(exc)->args;
            if (args && py_tuple_len(args) == 1) code = py_tuple_items(args)[0];
            else if (args && py_tuple_len(args) > 1) code = args;
            if (code == PY_NONE) res->status = 0;
            else if (py_is_int(code)) res->status = (int)(py_int_val(code) & 0xFF);
            else if (py_is_bool(code)) res->status = code == PY_TRUE;
            else {
                py_val s = py_str(I, code);
                if (s) {
                    py_write(I, 2, py_str_data(s), py_str_len(s));
                    py_write(I, 2, "\n", 1);
                    py_decref(I, s);
                }
                py_err_clear(I);
                res->status = 1;
            }
            fill_exception(I, res, exc, "", 0);
            py_decref(I, exc);
        } else {
            sk_buf tb = SK_BUF_INIT(o->alloc);
            size_t lim = o->alloc->limit;
            o->alloc->limit = 0;
            py_format_exception(I, exc, &tb);
            o->alloc->limit = lim;
            I->fatal = 0;
            if (I->opts->write && tb.len) o->write(o->write_ud, 2, tb.p, tb.len);
            fill_exception(I, res, exc, tb.p ? tb.p : "", tb.len);
            sk_buf_free(&tb);
            res->status = 1;
            res->end = PY_END_EXCEPTION;
            if (PY_EXC(exc)->fatal) {
                py_type *t = py_typeof(I, exc);
                res->end = t->id == PY_E_TimeoutError ? PY_END_TIMEOUT : t->id == PY_E_KeyboardInterrupt ? PY_END_CANCELLED
                                                                                                       : PY_END_LIMIT;
            }
            py_decref(I, exc);
        }
    }
    py_xdecref(I, filename);
    res->steps = I->steps;
    res->peak_memory = o->alloc->peak;
    interp_teardown(I);
    sk_free(o->alloc, I);
    return res->status;
}
