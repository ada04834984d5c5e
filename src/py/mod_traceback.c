/* mod_traceback.c — _traceback: what the traceback module needs from the
 * interpreter.  The core keeps an exception's traceback as a C chain
 * (py_tb), not as Python objects, and already formats exceptions exactly as
 * CPython prints them (traceback.c); this module hands that text and the
 * frame list to Python:
 *
 *   format(exc, chain)      the full text CPython would print
 *   format_only(exc)        the final "Type: message" part (with notes)
 *   entries(exc)            [(filename, lineno, name, line), ...] oldest first
 *   stack()                 the same for the calling frames (oldest first),
 *                           each with a fifth item: the frame's module __name__
 *
 * Host (library) frames and hidden comprehension frames are left out, as
 * in printed tracebacks.
 *
 * Must never: leave an exception's cause/context/traceback modified.
 */
#include <string.h>

#include "py/pymod.h"

int py_format_exception(py_interp *I, py_val exc, sk_buf *out);

static py_val text_of(py_interp *I, sk_buf *b)
{
    py_val s = py_str_new(I, b->p ? b->p : "", b->len);
    sk_buf_free(b);
    return s;
}

static int exc_arg(py_interp *I, const char *fn, py_val v)
{
    if (py_is_exc(v)) return 0;
    py_err_fmt(I, PY_E_TypeError, "%s() argument must be an exception, not %s", fn, py_type_name(I, v));
    return -1;
}

PYM_FN(tb_format)
{
    (void)self;
    if (py_args_range(I, "format", nargs, kw, 1, 2)) return PY_NULL;
    if (exc_arg(I, "format", args[0])) return PY_NULL;
    int chain = nargs < 2 || py_truthy(I, args[1]) > 0;
    py_exc *e = PY_EXC(args[0]);
    py_val cause = e->cause, context = e->context;
    if (!chain) { e->cause = PY_NULL; e->context = PY_NULL; }
    sk_buf b = SK_BUF_INIT(I->alloc);
    py_format_exception(I, args[0], &b);
    e->cause = cause;
    e->context = context;
    return text_of(I, &b);
}

PYM_FN(tb_format_only)
{
    (void)self;
    if (py_args_exact(I, "format_only", nargs, kw, 1)) return PY_NULL;
    if (!py_is_exc(args[0])) {
        /* a non-exception value: CPython prints its type name */
        sk_buf b = SK_BUF_INIT(I->alloc);
        sk_buf_puts(&b, py_type_name(I, args[0]));
        sk_buf_putc(&b, '\n');
        return text_of(I, &b);
    }
    py_exc *e = PY_EXC(args[0]);
    py_val cause = e->cause, context = e->context;
    py_tb *tb = e->tb;
    e->cause = PY_NULL;
    e->context = PY_NULL;
    e->tb = NULL;
    sk_buf b = SK_BUF_INIT(I->alloc);
    py_format_exception(I, args[0], &b);
    e->cause = cause;
    e->context = context;
    e->tb = tb;
    return text_of(I, &b);
}

/* the stripped source line `ln` of code (empty when unknown) */
static py_val source_line(py_interp *I, py_code *co, int ln)
{
    py_val src = co->source;
    if (!src || ln < 1) return py_str_cstr(I, "");
    const char *p = py_str_data(src), *end = p + py_str_len(src);
    for (int i = 1; i < ln && p < end; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) { p = end; break; }
        p = nl + 1;
    }
    if (p >= end) return py_str_cstr(I, "");
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\f')) p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\f')) e--;
    return py_str_new(I, p, (size_t)(e - p));
}

static int add_entry(py_interp *I, py_val list, py_code *co, py_val name, int line, py_val globals)
{
    py_val items[5];
    size_t n = globals ? 5 : 4;
    items[0] = py_newref(co->filename);
    items[1] = py_int_from_i64(I, line);
    items[2] = py_newref(name ? name : co->name);
    items[3] = source_line(I, co, line);
    if (globals) {
        py_val mod = py_is_dict(globals) ? py_dict_get_c(I, globals, "__name__") : PY_NULL;
        if (py_err_occurred(I)) py_err_clear(I);
        items[4] = mod && py_is_str(mod) ? py_newref(mod) : py_str_cstr(I, "__main__");
    }
    if (!items[1] || !items[3] || (globals && !items[4])) {
        for (size_t i = 0; i < n; i++) py_xdecref(I, items[i]);
        return -1;
    }
    py_val t = py_tuple_from(I, items, n);
    for (size_t i = 0; i < n; i++) py_decref(I, items[i]);
    if (!t) return -1;
    return py_list_append_steal(I, list, t);
}

static int visible(py_code *co) { return !(co->flags & (PY_CO_HOST | PY_CO_HIDDEN)); }

PYM_FN(tb_entries)
{
    (void)self;
    if (py_args_exact(I, "entries", nargs, kw, 1)) return PY_NULL;
    if (exc_arg(I, "entries", args[0])) return PY_NULL;
    py_val out = py_list_new(I, 0);
    if (!out) return PY_NULL;
    for (py_tb *t = PY_EXC(args[0])->tb; t; t = t->next) {
        if (!visible(t->code)) continue;
        py_srcpos pos = py_code_pos(t->code, t->ip);
        if (add_entry(I, out, t->code, t->name, pos.line, PY_NULL)) { py_decref(I, out); return PY_NULL; }
    }
    /* the chain starts at the outermost frame (the latest one added), which
     * is the order CPython's extract_tb gives */
    return out;
}

PYM_FN(tb_stack)
{
    (void)self;
    if (py_args_exact(I, "stack", nargs, kw, 0)) return PY_NULL;
    py_val out = py_list_new(I, 0);
    if (!out) return PY_NULL;
    for (py_frame *f = I->frame; f; f = f->prev) {
        if (!f->code || !visible(f->code)) continue;
        /* f->ip is the next instruction, saved when the frame made its call */
        uint32_t at = f->ip && f->ip > f->code->code ? (uint32_t)(f->ip - f->code->code) - 1 : f->lasti;
        py_srcpos pos = py_code_pos(f->code, at);
        if (add_entry(I, out, f->code, PY_NULL, pos.line, f->globals)) { py_decref(I, out); return PY_NULL; }
    }
    if (py_list_reverse(I, out)) { py_decref(I, out); return PY_NULL; }
    return out;
}

static const py_methoddef tb_fns[] = {
    { "format", tb_format, 0 }, { "format_only", tb_format_only, 0 },
    { "entries", tb_entries, 0 }, { "stack", tb_stack, 0 },
    { NULL, NULL, 0 }
};

int py_mod__traceback_init(py_interp *I, py_val mod);
int py_mod__traceback_init(py_interp *I, py_val mod)
{
    return py_module_add_functions(I, mod, tb_fns);
}
