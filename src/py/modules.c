/* modules.c — the import machinery over the table of built-in modules, and
 * the small core modules: sys, gc, builtins.
 *
 * sys reports the identity the fixture corpus expects of this interpreter
 * (platform 'monty', version '3.14.0 (Monty)'); sys.setrecursionlimit may
 * only lower the limit.
 *
 * Must never: import anything that is not in the table.
 */
#include <string.h>

#include "py/core.h"
#include "py/modules.h"

extern const py_moddef py_extra_modules[];   /* stdlib.c */

static const py_moddef core_modules[] = {
    { "sys", py_mod_sys_init },
    { "gc", py_mod_gc_init },
    { "math", py_mod_math_init },
    { "builtins", py_mod_builtins_init },
    { "_sk", py_mod_sk_init },
    { NULL, NULL }
};

py_val py_module_dict(py_val mod) { return ((py_module *)PY_OBJ(mod))->dict; }

int py_module_add(py_interp *I, py_val mod, const char *name, py_val v)
{
    if (!v) return -1;
    int r = py_dict_set_c(I, py_module_dict(mod), name, v);
    py_decref(I, v);
    return r;
}

int py_module_add_functions(py_interp *I, py_val mod, const py_methoddef *defs)
{
    for (; defs->name; defs++) {
        py_val f = py_cfunc_new(I, defs, mod, NULL);
        if (!f || py_module_add(I, mod, defs->name, f)) return -1;
    }
    return 0;
}

static const py_moddef *find_moddef(const char *name)
{
    for (int i = 0; core_modules[i].name; i++) if (!strcmp(core_modules[i].name, name)) return &core_modules[i];
    for (int i = 0; py_extra_modules[i].name; i++) if (!strcmp(py_extra_modules[i].name, name)) return &py_extra_modules[i];
    for (int i = 0; py_pymods_modules[i].name; i++) if (!strcmp(py_pymods_modules[i].name, name)) return &py_pymods_modules[i];
    return NULL;
}

static py_val not_found(py_interp *I, const char *name)
{
    py_err_fmt(I, PY_E_ModuleNotFoundError, "No module named '%s'", name);
    if (I->exc && py_is_exc(I->exc)) {
        py_val n = py_str_cstr(I, name);
        if (n) {
            py_val *dp = &PY_EXC(I->exc)->dict;
            if (!*dp) *dp = py_dict_new(I);
            if (*dp) py_dict_set(I, *dp, PY_ID(I, name), n);
            py_decref(I, n);
        }
    }
    return PY_NULL;
}

/* Import one module by its full dotted name; returns a new reference. */
static py_val import_one(py_interp *I, const char *name)
{
    py_val key = py_str_cstr(I, name);
    if (!key) return PY_NULL;
    py_val m = py_dict_get(I, I->modules, key);
    if (m) { py_decref(I, key); return py_newref(m); }
    const py_moddef *d = find_moddef(name);
    if (!d) { py_decref(I, key); return not_found(I, name); }
    m = py_module_new(I, name);
    if (!m) { py_decref(I, key); return PY_NULL; }
    /* register first so recursive imports terminate */
    if (py_dict_set(I, I->modules, key, m) || d->init(I, m)) {
        py_val old;
        if (py_dict_pop(I, I->modules, key, &old) > 0) py_decref(I, old);
        py_decref(I, key);
        py_decref(I, m);
        return PY_NULL;
    }
    py_decref(I, key);
    /* bind as an attribute of the parent package */
    const char *dot = strrchr(name, '.');
    if (dot) {
        py_val parent = py_dict_get_c(I, I->modules, "");
        (void)parent;
        char pname[256];
        size_t pl = (size_t)(dot - name);
        if (pl < sizeof pname) {
            memcpy(pname, name, pl);
            pname[pl] = 0;
            py_val pk = py_str_cstr(I, pname);
            py_val pm = pk ? py_dict_get(I, I->modules, pk) : PY_NULL;
            if (pm) py_dict_set_c(I, py_module_dict(pm), dot + 1, m);
            py_xdecref(I, pk);
        }
    }
    return m;
}

py_val py_import(py_interp *I, py_val namev, py_val fromlist, int level)
{
    if (level > 0) return py_err_str(I, PY_E_ImportError, "attempted relative import with no known parent package");
    const char *name = py_str_data(namev);
    if (!*name) return py_err_str(I, PY_E_ValueError, "Empty module name");
    /* import each prefix: a.b.c imports a, a.b, a.b.c */
    char buf[256];
    size_t n = strlen(name);
    if (n >= sizeof buf) return not_found(I, name);
    py_val top = PY_NULL, last = PY_NULL;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || name[i] == '.') {
            memcpy(buf, name, i);
            buf[i] = 0;
            py_val m = import_one(I, buf);
            if (!m) { py_xdecref(I, top); py_xdecref(I, last); return PY_NULL; }
            if (!top) top = py_newref(m);
            py_xdecref(I, last);
            last = m;
        }
    }
    int want_leaf = fromlist && fromlist != PY_NONE && py_truthy(I, fromlist) > 0;
    if (want_leaf) { py_decref(I, top); return last; }
    py_decref(I, last);
    return top;
}

py_val py_import_from(py_interp *I, py_val mod, py_val name)
{
    py_val v = py_getattr_opt(I, mod, name);
    if (v) return v;
    if (py_err_occurred(I)) return PY_NULL;
    py_val mname = PY_IS(mod, MODULE) ? ((py_module *)PY_OBJ(mod))->name : PY_NULL;
    if (mname) {
        /* a submodule */
        py_val full = py_str_fmt(I, "%s.%s", py_str_data(mname), py_str_data(name));
        if (!full) return PY_NULL;
        if (find_moddef(py_str_data(full))) {
            py_val m = import_one(I, py_str_data(full));
            py_decref(I, full);
            return m;
        }
        py_decref(I, full);
    }
    py_err_fmt(I, PY_E_ImportError, "cannot import name '%s' from '%s' (unknown location)", py_str_data(name),
               mname ? py_str_data(mname) : "?");
    return PY_NULL;
}

/* ---- sys -------------------------------------------------------------------------------- */
typedef struct py_stdio { py_obj ob; int fd; py_val dict_; } py_stdio;

int py_sys_write(py_interp *I, py_val file, const char *p, size_t n)
{
    if (!file) {   /* print() without file=: sys.stdout, which the program may have replaced */
        py_val sys = I->modules ? py_dict_get_c(I, I->modules, "sys") : PY_NULL;
        py_val f = sys ? py_dict_get_c(I, py_module_dict(sys), "stdout") : PY_NULL;
        if (!f || f == PY_NONE || PY_IS(f, STDIO)) return py_write(I, 1, p, n);
        file = f;
    }
    if (PY_IS(file, STDIO)) {
        py_stdio *s = (py_stdio *)PY_OBJ(file);
        if (s->fd == 0) { py_err_str(I, PY_E_UnsupportedOperation, "not writable"); return -1; }
        return py_write(I, s->fd, p, n);
    }
    py_val str = py_str_new(I, p, n);
    if (!str) return -1;
    py_val r = py_call_method(I, file, PY_ID(I, write), &str, 1);
    py_decref(I, str);
    if (!r) return -1;
    py_decref(I, r);
    return 0;
}

/* read one line (or everything when strip_newline < 0) from the host */
py_val py_sys_readline(py_interp *I, int strip_newline)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    const py_run_opts *o = I->opts;
    int eof = 0;
    for (;;) {
        char c;
        long r = o && o->read ? o->read(o->read_ud, &c, 1) : 0;
        if (r <= 0) { eof = 1; break; }
        sk_buf_putc(&b, c);
        if (c == '\n' && strip_newline >= 0) break;
    }
    if (strip_newline == 1) {
        if (b.len == 0 && eof) { sk_buf_free(&b); py_err_str(I, PY_E_EOFError, "EOF when reading a line"); return PY_NULL; }
        if (b.len && b.p[b.len - 1] == '\n') b.len--;
        if (b.len && b.p[b.len - 1] == '\r') b.len--;
    }
    if (b.p && !py_utf8_valid(b.p, b.len, NULL)) {
        py_val r = py_bytes_decode(I, b.p, b.len, "utf-8", "replace");
        sk_buf_free(&b);
        return r;
    }
    return py_str_from_buf(I, &b);
}

static py_val stdio_write(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "write", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "write() argument must be str, not %s", py_argtype_name(I, args[0]));
    if (py_sys_write(I, self, py_str_data(args[0]), py_str_len(args[0]))) return PY_NULL;
    return py_int_from_i64(I, (int64_t)PY_STR(args[0])->cplen);
}
static py_val stdio_flush(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw; (void)I;
    return PY_NONE;
}
static py_val stdio_false(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw; (void)I;
    return PY_FALSE;
}
static py_val stdio_fileno(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw; (void)I;
    return py_int_small(((py_stdio *)PY_OBJ(self))->fd);
}
static py_val stdio_readline(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    return py_sys_readline(I, 0);
}
static py_val stdio_read(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    return py_sys_readline(I, -1);
}
static py_val stdio_readlines(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    for (;;) {
        py_val s = py_sys_readline(I, 0);
        if (!s) { py_decref(I, l); return PY_NULL; }
        if (!py_str_len(s)) { py_decref(I, s); break; }
        if (py_list_append_steal(I, l, s)) { py_decref(I, l); return PY_NULL; }
    }
    return l;
}
static py_val stdio_next(py_interp *I, py_val self)
{
    (void)self;
    py_val s = py_sys_readline(I, 0);
    if (s && !py_str_len(s)) { py_decref(I, s); return PY_NULL; }
    return s;
}
static py_val stdio_enter(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw; (void)I;
    return py_newref(self);
}
static py_val stdio_exit(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw; (void)I;
    return PY_NONE;
}
static py_val stdio_repr(py_interp *I, py_val v)
{
    int fd = ((py_stdio *)PY_OBJ(v))->fd;
    return py_str_fmt(I, "<_io.TextIOWrapper name='<%s>' mode='%c' encoding='utf-8'>",
                      fd == 0 ? "stdin" : fd == 1 ? "stdout" : "stderr", fd == 0 ? 'r' : 'w');
}
static py_val stdio_get_encoding(py_interp *I, py_val v) { (void)v; return py_str_cstr(I, "utf-8"); }
static py_val stdio_get_name(py_interp *I, py_val v)
{
    int fd = ((py_stdio *)PY_OBJ(v))->fd;
    return py_str_cstr(I, fd == 0 ? "<stdin>" : fd == 1 ? "<stdout>" : "<stderr>");
}
static py_val stdio_get_closed(py_interp *I, py_val v) { (void)I; (void)v; return PY_FALSE; }

static const py_methoddef stdio_methods[] = {
    { "write", stdio_write, 0 }, { "flush", stdio_flush, 0 }, { "isatty", stdio_false, 0 },
    { "fileno", stdio_fileno, 0 }, { "readline", stdio_readline, 0 }, { "read", stdio_read, 0 },
    { "readlines", stdio_readlines, 0 }, { "__enter__", stdio_enter, 0 }, { "__exit__", stdio_exit, 0 },
    { "writable", stdio_false, 0 }, { "readable", stdio_false, 0 }, { "seekable", stdio_false, 0 },
    { NULL, NULL, 0 }
};
static const py_getsetdef stdio_getsets[] = {
    { "encoding", stdio_get_encoding, NULL }, { "name", stdio_get_name, NULL }, { "closed", stdio_get_closed, NULL },
    { NULL, NULL, NULL }
};

py_val py_iter_self(py_interp *I, py_val v);
static void stdio_dealloc(py_interp *I, py_obj *o) { py_xdecref(I, ((py_stdio *)o)->dict_); py_obj_free(I, o, sizeof(py_stdio)); }

const py_typedef py_stdio_typedef = {
    .name = "TextIOWrapper", .qualname = "_io.TextIOWrapper", .base = PY_T_OBJECT, .basicsize = sizeof(py_stdio),
    .dictoffset = offsetof(py_stdio, dict_),
    .slots = { .dealloc = stdio_dealloc, .repr = stdio_repr, .iter = py_iter_self, .next = stdio_next },
    .methods = stdio_methods, .getsets = stdio_getsets,
};

static py_val make_stdio(py_interp *I, int fd)
{
    py_stdio *s = (py_stdio *)py_obj_new(I, PY_TYPE(I, PY_T_STDIO), sizeof(py_stdio));
    if (!s) return PY_NULL;
    s->fd = fd;
    return PY_VAL(s);
}

static py_val sys_exit(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_args_range(I, "exit", nargs, kw, 0, 1)) return PY_NULL;
    py_val e = py_exc_new(I, PY_TYPE(I, PY_E_SystemExit), args, nargs);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

static py_val sys_setrecursionlimit(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_args_exact(I, "setrecursionlimit", nargs, kw, 1)) return PY_NULL;
    if (!py_is_int(args[0]) && !py_is_bigint(args[0]))
        return py_err_str(I, PY_E_TypeError, "sys.setrecursionlimit() argument must be int");
    int64_t n;
    if (py_int_to_i64(I, args[0], &n)) return PY_NULL;
    if (n < 1) return py_err_str(I, PY_E_ValueError, "recursion limit must be greater or equal than 1");
    if (n > I->recursion_limit)
        return py_err_fmt(I, PY_E_ValueError, "sys.setrecursionlimit: cannot raise above current limit %d (sandbox only allows lowering)",
                          I->recursion_limit);
    I->recursion_limit = (int)n;
    return PY_NONE;
}

static py_val sys_getrecursionlimit(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args;
    if (py_args_none(I, "getrecursionlimit", nargs, kw)) return PY_NULL;
    return py_int_small(I->recursion_limit);
}

py_val py_err_topmost(py_interp *I);   /* exc.c: the handled exception, as generators see it */

static py_val sys_exc_info(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args;
    if (py_args_none(I, "exc_info", nargs, kw)) return PY_NULL;
    py_val e = py_err_topmost(I);
    if (!e) return py_tuple_pack(I, 3, PY_NONE, PY_NONE, PY_NONE);
    py_val tb = py_is_exc(e) ? py_getattr_s(I, e, "__traceback__") : py_newref(PY_NONE);
    if (!tb) return PY_NULL;
    py_val r = py_tuple_pack(I, 3, PY_VAL(py_typeof(I, e)), e, tb);
    py_decref(I, tb);
    return r;
}

static py_val sys_exception(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args;
    if (py_args_none(I, "exception", nargs, kw)) return PY_NULL;
    py_val e = py_err_topmost(I);
    return e ? py_newref(e) : PY_NONE;
}

static py_val sys_intern(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_args_exact(I, "intern", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "intern() argument must be str, not %s", py_argtype_name(I, args[0]));
    return py_intern_str(I, py_newref(args[0]));
}

static py_val sys_getsizeof(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_args_range(I, "getsizeof", nargs, kw, 1, 2)) return PY_NULL;
    py_val v = args[0];
    size_t n = 16;
    if (py_is_ptr(v)) {
        py_type *t = PY_OBJ(v)->type;
        n = t->basicsize;
        if (py_is_str(v)) n = sizeof(py_strobj) + py_str_len(v) + 1;
        else if (py_is_tuple(v)) n = sizeof(py_tuple) + py_tuple_len(v) * 8;
        else if (py_is_list(v)) n = sizeof(py_list) + PY_LIST(v)->cap * 8;
        else if (py_is_bytes(v)) n = sizeof(py_bytes) + PY_BYTES(v)->len + 1;
    } else if (py_is_int(v)) n = 28;
    else if (py_is_float(v)) n = 24;
    return py_int_from_i64(I, (int64_t)n);
}

static py_val sys_getrefcount(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self;
    if (py_args_exact(I, "getrefcount", nargs, kw, 1)) return PY_NULL;
    if (!py_is_ptr(args[0])) return py_int_small(4294967295LL);
    return py_int_small(PY_OBJ(args[0])->rc);
}

static py_val sys_set_int_max_str_digits(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    return py_err_str(I, PY_E_ValueError, "maxdigits cannot be changed in this sandbox");
}

static py_val sys_get_int_max_str_digits(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw; (void)I;
    return py_int_small(4300);
}

static const py_methoddef sys_fns[] = {
    { "exit", sys_exit, 0 }, { "setrecursionlimit", sys_setrecursionlimit, 0 },
    { "getrecursionlimit", sys_getrecursionlimit, 0 }, { "exc_info", sys_exc_info, 0 },
    { "exception", sys_exception, 0 }, { "intern", sys_intern, 0 }, { "getsizeof", sys_getsizeof, 0 },
    { "getrefcount", sys_getrefcount, 0 }, { "set_int_max_str_digits", sys_set_int_max_str_digits, PY_METH_KW },
    { "get_int_max_str_digits", sys_get_int_max_str_digits, 0 },
    { NULL, NULL, 0 }
};

py_val py_make_version_info(py_interp *I);

int py_mod_sys_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, sys_fns)) return -1;
    py_val argv = py_list_new(I, 0);
    if (!argv) return -1;
    if (I->opts && I->opts->argv) {
        for (int i = 0; i < I->opts->argc; i++) {
            py_val s = py_str_cstr(I, I->opts->argv[i]);
            if (!s || py_list_append_steal(I, argv, s)) { py_decref(I, argv); return -1; }
        }
    } else {
        py_val s = py_str_cstr(I, "");
        if (!s || py_list_append_steal(I, argv, s)) { py_decref(I, argv); return -1; }
    }
    if (py_module_add(I, mod, "argv", argv)) return -1;
    if (py_module_add(I, mod, "platform", py_str_cstr(I, "monty")) ||
        py_module_add(I, mod, "version", py_str_cstr(I, "3.14.0 (Monty)")) ||
        py_module_add(I, mod, "version_info", py_make_version_info(I)) ||
        py_module_add(I, mod, "maxsize", py_int_from_i64(I, INT64_MAX)) ||
        py_module_add(I, mod, "maxunicode", py_int_small(0x10FFFF)) ||
        py_module_add(I, mod, "byteorder", py_str_cstr(I, "little")) ||
        py_module_add(I, mod, "executable", py_str_cstr(I, "")) ||
        py_module_add(I, mod, "implementation_name", py_str_cstr(I, "monty")) ||
        py_module_add(I, mod, "path", py_list_new(I, 0)) ||
        py_module_add(I, mod, "stdout", make_stdio(I, 1)) ||
        py_module_add(I, mod, "stderr", make_stdio(I, 2)) ||
        py_module_add(I, mod, "stdin", make_stdio(I, 0)) ||
        py_module_add(I, mod, "hexversion", py_int_small(0x030E00F0)) ||
        py_module_add(I, mod, "api_version", py_int_small(1013)))
        return -1;
    if (py_dict_set_c(I, py_module_dict(mod), "modules", I->modules)) return -1;
    py_val d = py_module_dict(mod);
    py_dict_set_c(I, d, "__stdout__", py_dict_get_c(I, d, "stdout"));
    py_dict_set_c(I, d, "__stderr__", py_dict_get_c(I, d, "stderr"));
    py_dict_set_c(I, d, "__stdin__", py_dict_get_c(I, d, "stdin"));
    return py_err_occurred(I) ? -1 : 0;
}

/* ---- gc ---------------------------------------------------------------------------------- */
static py_val gc_collect(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    /* unreachable objects with finalizers are finalized first and
     * collected by the following pass */
    size_t n = py_gc_collect(I);
    for (int round = 0; round < 3 && I->finq_head != I->finq_n; round++) {
        if (py_run_finalizers(I)) return PY_NULL;
        n += py_gc_collect(I);
    }
    if (py_run_finalizers(I)) return PY_NULL;
    return py_int_from_i64(I, (int64_t)n);
}
static py_val gc_enable(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    I->gc_enabled = 1;
    return PY_NONE;
}
static py_val gc_disable(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    I->gc_enabled = 0;
    return PY_NONE;
}
static py_val gc_isenabled(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    return py_bool(I->gc_enabled);
}
static const py_methoddef gc_fns[] = {
    { "collect", gc_collect, PY_METH_KW }, { "enable", gc_enable, 0 }, { "disable", gc_disable, 0 },
    { "isenabled", gc_isenabled, 0 }, { NULL, NULL, 0 }
};
int py_mod_gc_init(py_interp *I, py_val mod) { return py_module_add_functions(I, mod, gc_fns); }

/* ---- _sk: helpers for the modules written in Python ---------------------------------------- */
static py_val sk_set_tpname(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 2 || !py_is_typeobj(args[0])) return py_err_str(I, PY_E_TypeError, "set_tpname(cls, name)");
    if (py_type_set_tpname(I, PY_TYPEOBJ(args[0]), args[1])) return PY_NULL;
    return PY_NONE;
}
/* index(x): operator.index with CPython's message */
static py_val sk_index(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "index(x)");
    return py_index(I, args[0]);
}
/* ssize(x): an index that must fit a C ssize_t (OverflowError otherwise) */
static py_val sk_ssize(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "ssize(x)");
    py_val i = py_index(I, args[0]);
    if (!i) return PY_NULL;
    int64_t v;
    if (py_int_to_i64(I, i, &v)) {
        py_decref(I, i);
        py_err_clear(I);
        return py_err_str(I, PY_E_OverflowError, "Python int too large to convert to C ssize_t");
    }
    py_decref(I, i);
    return py_int_from_i64(I, v);
}
/* idx(x): an index that must fit (IndexError "cannot fit 'int' into an index-sized integer") */
static py_val sk_idx(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "idx(x)");
    int64_t v;
    if (py_index_i64(I, args[0], &v, 1)) return PY_NULL;
    return py_int_from_i64(I, v);
}
/* caller_globals(): the globals of the innermost frame that is not host code */
static py_val sk_caller_globals(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    for (py_frame *f = I->frame; f; f = f->prev)
        if (!(f->code->flags & PY_CO_HOST) && f->globals) return py_newref(f->globals);
    return PY_NONE;
}
/* host_exec(src, globals): run source as host code (invisible in tracebacks) */
static py_val sk_host_exec(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 2 || !py_is_str(args[0]) || !py_is_dict(args[1])) return py_err_str(I, PY_E_TypeError, "host_exec(src, globals)");
    if (py_exec_host_source(I, py_str_data(args[0]), py_str_len(args[0]), args[1], "<generated>")) return PY_NULL;
    return PY_NONE;
}
/* enter_recursion(msg) / leave_recursion(): let host code that recurses
 * over data (json) count against the recursion limit like C code does */
static py_val sk_enter_recursion(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (I->depth >= I->recursion_limit) {
        const char *msg = nargs && py_is_str(args[0]) ? py_str_data(args[0]) : "";
        return py_err_fmt(I, PY_E_RecursionError, "maximum recursion depth exceeded%s", msg);
    }
    I->depth++;
    return PY_NONE;
}
static py_val sk_leave_recursion(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)args; (void)nargs; (void)kw;
    if (I->depth > 0) I->depth--;
    return PY_NONE;
}
static const py_methoddef sk_fns[] = {
    { "enter_recursion", sk_enter_recursion, 0 }, { "leave_recursion", sk_leave_recursion, 0 },
    { "host_exec", sk_host_exec, 0 },
    { "set_tpname", sk_set_tpname, 0 }, { "index", sk_index, 0 }, { "ssize", sk_ssize, 0 },
    { "idx", sk_idx, 0 }, { "caller_globals", sk_caller_globals, 0 }, { NULL, NULL, 0 }
};
int py_mod_sk_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, sk_fns)) return -1;
    static const struct { const char *name; int tid; } types[] = {
        { "TypeVar", PY_T_TYPEVAR }, { "ParamSpec", PY_T_PARAMSPEC }, { "TypeVarTuple", PY_T_TYPEVARTUPLE },
        { "TypeAliasType", PY_T_TYPEALIAS }, { "SimpleNamespace", PY_T_NAMESPACE },
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        py_type *t = PY_TYPE(I, types[i].tid);
        if (!t || py_module_add(I, mod, types[i].name, py_newref(PY_VAL(t)))) return -1;
    }
    return 0;
}

/* ---- builtins ------------------------------------------------------------------------------ */
int py_builtins_fill(py_interp *I);
int py_mod_builtins_init(py_interp *I, py_val mod)
{
    /* the dict is filled lazily (by name lookups, or completely when the
     * program asks for __dict__ or dir()); the module shares the interpreter's builtins dict */
    py_module *m = (py_module *)PY_OBJ(mod);
    py_val old = m->dict;
    if (py_dict_update(I, I->builtins, old)) return -1;
    m->dict = py_newref(I->builtins);
    py_decref(I, old);
    return 0;
}
