/* pyio.c — the _io module: open(), the binary file objects (FileIO,
 * BufferedReader, BufferedWriter, BufferedRandom), BytesIO, and the
 * abstract bases.  Files live in the sandbox's VFS; see pyio.h for how
 * their bytes are kept and written back.  Messages are CPython's ("read of
 * closed file", "[Errno 21] Is a directory: 'x'", io.UnsupportedOperation:
 * "read").
 *
 * Must never: touch the host; all file access goes through the VFS.
 */
#include <string.h>

#include "fs/vfs.h"
#include "py/pyio.h"

#define BIN(v) ((pyio_bin *)PY_OBJ(v))

/* ---- errors ------------------------------------------------------------------------------------ */
py_val pyio_unsupported(py_interp *I, const char *msg) { return py_err_str(I, PY_E_UnsupportedOperation, msg); }
py_val pyio_closed_error(py_interp *I, const char *msg) { return py_err_str(I, PY_E_ValueError, msg); }

static const char *closed_msg(pyio_bin *b, const char *op)
{
    if (b->kind == PYIO_MEM) return "I/O operation on closed file.";
    if (!op) return "I/O operation on closed file.";
    return op;
}

static int check_open(py_interp *I, pyio_bin *b, const char *op)
{
    if (b->closed) { pyio_closed_error(I, closed_msg(b, op)); return -1; }
    return 0;
}

/* size argument of read()/readline(): None or -1 = all; CPython's message */
int pyio_size_arg(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *fname, int64_t *out)
{
    *out = -1;
    if (py_args_range(I, fname, nargs, kw, 0, 1)) return -1;
    if (!nargs || args[0] == PY_NONE) return 0;
    py_val v = args[0];
    if (!py_is_intlike(v)) {
        py_type *t = py_typeof(I, v);
        if (!t->s.index) {
            py_err_fmt(I, PY_E_TypeError, "argument should be integer or None, not '%s'", py_type_name(I, v));
            return -1;
        }
    }
    return py_index_i64(I, v, out, 1);
}

/* ---- the binary layer ---------------------------------------------------------------------------- */
static const sk_vfs *file_vfs(py_interp *I) { return pyos_vfs(I, "open"); }

static py_val path_error(py_interp *I, pyio_bin *b, int st) { return pyos_error(I, st, b->name, PY_NULL); }

int pyio_bin_fill_stdin(py_interp *I, pyio_bin *b)
{
    const py_run_opts *o = I->opts;
    if (b->kind != PYIO_STDIN || !o || !o->read) return 0;
    char tmp[4096];
    for (;;) {
        long r = o->read(o->read_ud, tmp, sizeof tmp);
        if (r <= 0) break;
        if (sk_buf_put(&b->data, tmp, (size_t)r)) { py_err_nomem(I); return -1; }
    }
    return 0;
}

int pyio_bin_flush(py_interp *I, pyio_bin *b)
{
    if (!b->writable || b->kind != PYIO_FILE) return 0;
    const sk_vfs *v = file_vfs(I);
    if (!v) return -1;
    const char *path = py_str_data(b->path);
    if (b->appendonly) {
        if (!b->data.len) return 0;
        int r = sk_vfs_append_file(v, "/", path, b->data.p, b->data.len, 0644);
        if (r) { path_error(I, b, r); return -1; }
        b->base += b->data.len;
        b->data.len = 0;
        b->pos = 0;
        b->synced = 0;
        return 0;
    }
    if (b->dirty_from == SIZE_MAX && !b->rewrite) return 0;
    int r;
    if (!b->rewrite && b->dirty_from >= b->synced)
        r = sk_vfs_append_file(v, "/", path, b->data.p + b->synced, b->data.len - b->synced, 0644);
    else
        r = sk_vfs_write_file(v, "/", path, b->data.p ? b->data.p : "", b->data.len, 0644);
    if (r) { path_error(I, b, r); return -1; }
    b->synced = b->data.len;
    b->dirty_from = SIZE_MAX;
    b->rewrite = 0;
    return 0;
}

int pyio_bin_write(py_interp *I, pyio_bin *b, const char *p, size_t n)
{
    if (b->kind == PYIO_STDOUT || b->kind == PYIO_STDERR) return py_write(I, b->kind == PYIO_STDOUT ? 1 : 2, p, n);
    if (b->kind == PYIO_ZERO || b->kind == PYIO_RANDOM) return 0;
    if (b->append || b->appendonly) b->pos = b->data.len;
    if (b->pos > b->data.len) {
        size_t gap = b->pos - b->data.len;
        if (sk_buf_reserve(&b->data, gap)) { py_err_nomem(I); return -1; }
        memset(b->data.p + b->data.len, 0, gap);
        if (b->data.len < b->dirty_from) b->dirty_from = b->data.len;
        b->data.len += gap;
    }
    size_t at = b->pos, over = b->data.len - at < n ? b->data.len - at : n;
    if (at < b->dirty_from && n) b->dirty_from = at;
    if (over) memcpy(b->data.p + at, p, over);
    if (n > over && sk_buf_put(&b->data, p + over, n - over)) { py_err_nomem(I); return -1; }
    b->pos = at + n;
    if (b->pos < b->synced) b->rewrite = 1;
    if (at < b->synced && n) b->rewrite = 1;
    return 0;
}

uint64_t pyio_bin_tell(pyio_bin *b) { return b->base + b->pos; }

/* Turn an append-only file into one that holds the whole file. */
static int materialize(py_interp *I, pyio_bin *b)
{
    if (!b->appendonly) return 0;
    if (pyio_bin_flush(I, b)) return -1;
    const sk_vfs *v = file_vfs(I);
    if (!v) return -1;
    sk_buf_clear(&b->data);
    int r = sk_vfs_read_file(v, "/", py_str_data(b->path), 0, &b->data);
    if (r) { path_error(I, b, r); return -1; }
    b->appendonly = 0;
    b->base = 0;
    b->pos = b->data.len;
    b->synced = b->data.len;
    b->dirty_from = SIZE_MAX;
    return 0;
}

int pyio_bin_seek(py_interp *I, pyio_bin *b, int64_t off, int whence, int64_t *out)
{
    if (whence < 0 || whence > 2) { py_err_fmt(I, PY_E_ValueError, "whence value %d unsupported", whence); return -1; }
    if (b->kind == PYIO_STDOUT || b->kind == PYIO_STDERR || b->kind == PYIO_STDIN) {
        py_val msg = py_str_cstr(I, "Illegal seek");
        if (!msg) return -1;
        py_val a[2] = { py_int_small(29), msg };
        py_val e = py_call(I, PY_VAL(PY_TYPE(I, PY_E_OSError)), a, 2, PY_NULL);
        py_decref(I, msg);
        if (e) py_err_setexc(I, e);
        return -1;
    }
    if (b->appendonly && materialize(I, b)) return -1;
    int64_t basepos = whence == 0 ? 0 : whence == 1 ? (int64_t)b->pos : (int64_t)b->data.len;
    int64_t np = basepos + off;
    if ((off > 0 && np < basepos) || np < 0) {
        py_val msg = py_str_cstr(I, "Invalid argument");
        if (!msg) return -1;
        py_val a[2] = { py_int_small(22), msg };
        py_val e = py_call(I, PY_VAL(PY_TYPE(I, PY_E_OSError)), a, 2, PY_NULL);
        py_decref(I, msg);
        if (e) py_err_setexc(I, e);
        return -1;
    }
    b->pos = (size_t)np;
    *out = np;
    return 0;
}

int pyio_bin_truncate(py_interp *I, pyio_bin *b, int64_t size)
{
    if (b->appendonly && materialize(I, b)) return -1;
    if (size < 0) size = (int64_t)b->pos;
    size_t n = (size_t)size;
    if (n > b->data.len) {
        size_t gap = n - b->data.len;
        if (sk_buf_reserve(&b->data, gap)) { py_err_nomem(I); return -1; }
        memset(b->data.p + b->data.len, 0, gap);
        if (b->data.len < b->dirty_from) b->dirty_from = b->data.len;
        b->data.len = n;
    } else if (n < b->data.len) {
        b->data.len = n;
        if (n < b->synced) { b->rewrite = 1; b->synced = n; }
        if (b->dirty_from > n && b->dirty_from != SIZE_MAX) b->dirty_from = n;
        if (!b->data.p) return 0;
        b->data.p[n] = 0;
    }
    if (b->kind == PYIO_FILE) b->rewrite = 1;
    return 0;
}

void pyio_bin_close(py_interp *I, pyio_bin *b, int *err)
{
    if (b->closed) return;
    if (pyio_bin_flush(I, b)) *err = 1;
    b->closed = 1;
    if (b->kind != PYIO_MEM) sk_buf_free(&b->data);
}

/* read n bytes (n < 0: all) */
static py_val bin_read_n(py_interp *I, pyio_bin *b, int64_t n)
{
    if (b->kind == PYIO_ZERO || b->kind == PYIO_RANDOM) {
        if (n < 0) return py_err_str(I, PY_E_OverflowError, "cannot read an infinite device");
        char *d;
        py_val r = py_bytes_uninit(I, (size_t)n, &d);
        if (!r) return PY_NULL;
        for (int64_t i = 0; i < n; i++) d[i] = b->kind == PYIO_ZERO ? 0 : (char)pyos_random64(I);
        return r;
    }
    if (b->kind == PYIO_STDIN && !b->synced) {
        if (pyio_bin_fill_stdin(I, b)) return PY_NULL;
        b->synced = 1;
    }
    size_t avail = b->pos < b->data.len ? b->data.len - b->pos : 0;
    size_t take = n < 0 || (uint64_t)n > avail ? avail : (size_t)n;
    py_val r = py_bytes_new(I, take ? b->data.p + b->pos : "", take);
    if (r) b->pos += take;
    return r;
}

/* one line (up to limit bytes, limit < 0 = no limit) */
static py_val bin_readline(py_interp *I, pyio_bin *b, int64_t limit)
{
    if (b->kind == PYIO_STDIN && !b->synced) {
        if (pyio_bin_fill_stdin(I, b)) return PY_NULL;
        b->synced = 1;
    }
    size_t avail = b->pos < b->data.len ? b->data.len - b->pos : 0;
    if (limit >= 0 && (uint64_t)limit < avail) avail = (size_t)limit;
    const char *s = avail ? b->data.p + b->pos : "";
    const char *nl = avail ? memchr(s, '\n', avail) : NULL;
    size_t take = nl ? (size_t)(nl - s) + 1 : avail;
    py_val r = py_bytes_new(I, s, take);
    if (r) b->pos += take;
    return r;
}

/* ---- binary methods ---------------------------------------------------------------------------------- */
static int need_read(py_interp *I, pyio_bin *b, const char *closedmsg)
{
    if (check_open(I, b, closedmsg)) return -1;
    if (!b->readable) { pyio_unsupported(I, b->raw ? "File not open for reading" : "read"); return -1; }
    return 0;
}

static int need_write(py_interp *I, pyio_bin *b, const char *closedmsg)
{
    if (check_open(I, b, closedmsg)) return -1;
    if (!b->writable) { pyio_unsupported(I, b->raw ? "File not open for writing" : "write"); return -1; }
    return 0;
}

PYM_FN(b_read)
{
    pyio_bin *b = BIN(self);
    int64_t n;
    if (pyio_size_arg(I, args, nargs, kw, "read", &n) || need_read(I, b, "read of closed file")) return PY_NULL;
    return bin_read_n(I, b, n);
}

PYM_FN(b_readall)
{
    (void)args;
    pyio_bin *b = BIN(self);
    if (py_args_none(I, "readall", nargs, kw) || need_read(I, b, "read of closed file")) return PY_NULL;
    return bin_read_n(I, b, -1);
}

PYM_FN(b_peek)
{
    pyio_bin *b = BIN(self);
    (void)args;
    if (py_args_range(I, "peek", nargs, kw, 0, 1) || need_read(I, b, "peek of closed file")) return PY_NULL;
    size_t avail = b->pos < b->data.len ? b->data.len - b->pos : 0;
    return py_bytes_new(I, avail ? b->data.p + b->pos : "", avail);
}

PYM_FN(b_readinto)
{
    pyio_bin *b = BIN(self);
    if (py_args_exact(I, "readinto", nargs, kw, 1) || need_read(I, b, "readinto of closed file")) return PY_NULL;
    if (!PY_IS(args[0], BYTEARRAY))
        return py_err_fmt(I, PY_E_TypeError, "readinto() argument must be read-write bytes-like object, not %s",
                          py_type_name(I, args[0]));
    py_bytearray *ba = (py_bytearray *)PY_OBJ(args[0]);
    size_t avail = b->pos < b->data.len ? b->data.len - b->pos : 0;
    size_t take = ba->len < avail ? ba->len : avail;
    if (take) memcpy(ba->data, b->data.p + b->pos, take);
    b->pos += take;
    return py_int_from_u64(I, take);
}

PYM_FN(b_readline)
{
    pyio_bin *b = BIN(self);
    int64_t n;
    if (pyio_size_arg(I, args, nargs, kw, "readline", &n) || need_read(I, b, "readline of closed file")) return PY_NULL;
    return bin_readline(I, b, n);
}

PYM_FN(b_readlines)
{
    pyio_bin *b = BIN(self);
    int64_t hint;
    if (pyio_size_arg(I, args, nargs, kw, "readlines", &hint) || need_read(I, b, NULL)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    int64_t total = 0;
    for (;;) {
        py_val line = bin_readline(I, b, -1);
        if (!line) { py_decref(I, l); return PY_NULL; }
        size_t n = PY_BYTES(line)->len;
        if (!n) { py_decref(I, line); break; }
        if (py_list_append_steal(I, l, line)) { py_decref(I, l); return PY_NULL; }
        total += (int64_t)n;
        if (hint > 0 && total >= hint) break;
    }
    return l;
}

static py_val b_next(py_interp *I, py_val self)
{
    pyio_bin *b = BIN(self);
    if (need_read(I, b, NULL)) return PY_NULL;
    py_val line = bin_readline(I, b, -1);
    if (line && !PY_BYTES(line)->len) { py_decref(I, line); return PY_NULL; }
    return line;
}

static py_val b_iter(py_interp *I, py_val self)
{
    if (check_open(I, BIN(self), NULL)) return PY_NULL;
    return py_newref(self);
}

PYM_FN(b_write)
{
    pyio_bin *b = BIN(self);
    if (py_args_exact(I, "write", nargs, kw, 1) || need_write(I, b, "write to closed file")) return PY_NULL;
    const char *p;
    size_t n;
    if (pym_bytes_like(I, args[0], &p, &n)) return PY_NULL;
    if (pyio_bin_write(I, b, p, n)) return PY_NULL;
    return py_int_from_u64(I, n);
}

PYM_FN(b_writelines)
{
    pyio_bin *b = BIN(self);
    if (py_args_exact(I, "writelines", nargs, kw, 1) || need_write(I, b, NULL)) return PY_NULL;
    py_val it = py_iter(I, args[0]);
    if (!it) return PY_NULL;
    py_val x;
    while ((x = py_next(I, it))) {
        const char *p;
        size_t n;
        int r = pym_bytes_like(I, x, &p, &n) || pyio_bin_write(I, b, p, n);
        py_decref(I, x);
        if (r) { py_decref(I, it); return PY_NULL; }
    }
    py_decref(I, it);
    return py_err_occurred(I) ? PY_NULL : PY_NONE;
}

PYM_FN(b_seek)
{
    pyio_bin *b = BIN(self);
    if (py_args_range(I, "seek", nargs, kw, 1, 2) || check_open(I, b, "seek of closed file")) return PY_NULL;
    int64_t off, whence = 0;
    if (!py_is_intlike(args[0]) && !py_typeof(I, args[0])->s.index)
        return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
    if (py_index_i64(I, args[0], &off, 1)) return PY_NULL;
    if (nargs > 1 && pym_arg_int(I, args[1], &whence)) return PY_NULL;
    if (whence < INT32_MIN || whence > INT32_MAX) whence = 3;
    int64_t r;
    if (pyio_bin_seek(I, b, off, (int)whence, &r)) return PY_NULL;
    return py_int_from_i64(I, r);
}

PYM_FN(b_tell)
{
    (void)args;
    pyio_bin *b = BIN(self);
    if (py_args_none(I, "tell", nargs, kw) || check_open(I, b, "I/O operation on closed file")) return PY_NULL;
    return py_int_from_u64(I, pyio_bin_tell(b));
}

PYM_FN(b_truncate)
{
    pyio_bin *b = BIN(self);
    if (py_args_range(I, "truncate", nargs, kw, 0, 1) || check_open(I, b, NULL)) return PY_NULL;
    if (!b->writable) return pyio_unsupported(I, b->raw ? "File not open for writing" : "truncate");
    int64_t size = -1;
    if (nargs && args[0] != PY_NONE && pym_arg_int(I, args[0], &size)) return PY_NULL;
    if (nargs && args[0] != PY_NONE && size < 0) {
        py_val msg = py_str_cstr(I, "Invalid argument");
        if (!msg) return PY_NULL;
        py_val a[2] = { py_int_small(22), msg };
        py_val e = py_call(I, PY_VAL(PY_TYPE(I, PY_E_OSError)), a, 2, PY_NULL);
        py_decref(I, msg);
        if (e) py_err_setexc(I, e);
        return PY_NULL;
    }
    if (pyio_bin_truncate(I, b, size)) return PY_NULL;
    return py_int_from_u64(I, size < 0 ? b->pos : (uint64_t)size);
}

PYM_FN(b_flush)
{
    (void)args;
    pyio_bin *b = BIN(self);
    if (py_args_none(I, "flush", nargs, kw) || check_open(I, b, "flush of closed file")) return PY_NULL;
    if (pyio_bin_flush(I, b)) return PY_NULL;
    return PY_NONE;
}

PYM_FN(b_close)
{
    (void)args;
    if (py_args_none(I, "close", nargs, kw)) return PY_NULL;
    int err = 0;
    pyio_bin_close(I, BIN(self), &err);
    return err ? PY_NULL : PY_NONE;
}

static py_val bool_query(py_interp *I, py_val self, int v)
{
    if (check_open(I, BIN(self), NULL)) return PY_NULL;
    return py_bool(v);
}
PYM_FN(b_readable) { PYM_UNUSED; return bool_query(I, self, BIN(self)->readable); }
PYM_FN(b_writable) { PYM_UNUSED; return bool_query(I, self, BIN(self)->writable); }
PYM_FN(b_seekable)
{
    PYM_UNUSED;
    int k = BIN(self)->kind;
    return bool_query(I, self, k != PYIO_STDIN && k != PYIO_STDOUT && k != PYIO_STDERR);
}
PYM_FN(b_isatty) { PYM_UNUSED; return bool_query(I, self, 0); }

PYM_FN(b_fileno)
{
    PYM_UNUSED;
    pyio_bin *b = BIN(self);
    if (check_open(I, b, NULL)) return PY_NULL;
    switch (b->kind) {
    case PYIO_STDIN: return py_int_small(0);
    case PYIO_STDOUT: return py_int_small(1);
    case PYIO_STDERR: return py_int_small(2);
    case PYIO_MEM: return pyio_unsupported(I, "fileno");
    default: return py_int_small(3);
    }
}

PYM_FN(b_enter)
{
    PYM_UNUSED;
    if (check_open(I, BIN(self), NULL)) return PY_NULL;
    return py_newref(self);
}

py_val pyio_exit_close(py_interp *I, py_val self)
{
    py_val r = py_call_method(I, self, PY_ID(I, close), NULL, 0);
    if (!r) return PY_NULL;
    py_decref(I, r);
    return PY_NONE;
}

PYM_FN(b_exit)
{
    (void)args; (void)nargs; (void)kw;
    return pyio_exit_close(I, self);
}

PYM_FN(b_detach)
{
    PYM_UNUSED;
    return pyio_unsupported(I, "detach");
}

PYM_FN(m_getvalue)
{
    (void)args;
    pyio_bin *b = BIN(self);
    if (py_args_none(I, "getvalue", nargs, kw) || check_open(I, b, NULL)) return PY_NULL;
    return py_bytes_new(I, b->data.p ? b->data.p : "", b->data.len);
}

PYM_FN(m_getbuffer)
{
    (void)args;
    pyio_bin *b = BIN(self);
    if (py_args_none(I, "getbuffer", nargs, kw) || check_open(I, b, NULL)) return PY_NULL;
    return py_bytes_new(I, b->data.p ? b->data.p : "", b->data.len);
}

static py_val b_get_name(py_interp *I, py_val self)
{
    pyio_bin *b = BIN(self);
    if (!b->name) return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute 'name'", py_type_name(I, self));
    return py_newref(b->name);
}
static py_val b_get_mode(py_interp *I, py_val self)
{
    pyio_bin *b = BIN(self);
    if (b->kind == PYIO_MEM) return py_err_fmt(I, PY_E_AttributeError, "'%s' object has no attribute 'mode'", py_type_name(I, self));
    return py_str_cstr(I, b->mode);
}
static py_val b_get_closed(py_interp *I, py_val self) { (void)I; return py_bool(BIN(self)->closed); }
static py_val b_get_raw(py_interp *I, py_val self) { (void)I; return py_newref(self); }
static py_val b_get_closefd(py_interp *I, py_val self) { (void)I; (void)self; return PY_TRUE; }

static py_val b_repr(py_interp *I, py_val self)
{
    pyio_bin *b = BIN(self);
    const char *tn = py_type_qualname(py_typeof(I, self));
    if (b->kind == PYIO_MEM) return py_str_fmt(I, "<%s object at 0x%llx>", tn, (unsigned long long)py_id_of(I, self));
    if (b->raw && b->closed) return py_str_fmt(I, "<%s [closed]>", tn);
    py_val nr = b->name ? py_repr(I, b->name) : PY_NULL;
    if (!nr) return PY_NULL;
    py_val r = b->raw ? py_str_fmt(I, "<%s name=%s mode='%s' closefd=True>", tn, py_str_data(nr), b->mode)
                      : py_str_fmt(I, "<%s name=%s>", tn, py_str_data(nr));
    py_decref(I, nr);
    return r;
}

static void b_dealloc(py_interp *I, py_obj *o)
{
    pyio_bin *b = (pyio_bin *)o;
    if (!b->closed) {
        /* flush what was written, like CPython's finalizer; errors are dropped */
        py_val saved = py_err_fetch(I);
        int err = 0;
        pyio_bin_close(I, b, &err);
        if (err) py_err_clear(I);
        if (saved) py_err_setexc(I, saved);
    }
    sk_buf_free(&b->data);
    py_xdecref(I, b->name);
    py_xdecref(I, b->path);
    py_xdecref(I, b->dict_);
    py_obj_free(I, o, o->type->basicsize);
}

static const py_methoddef bin_methods[] = {
    { "read", b_read, 0 }, { "read1", b_read, 0 }, { "readall", b_readall, 0 }, { "peek", b_peek, 0 },
    { "readinto", b_readinto, 0 }, { "readinto1", b_readinto, 0 }, { "readline", b_readline, 0 },
    { "readlines", b_readlines, 0 }, { "write", b_write, 0 }, { "writelines", b_writelines, 0 },
    { "seek", b_seek, 0 }, { "tell", b_tell, 0 }, { "truncate", b_truncate, 0 }, { "flush", b_flush, 0 },
    { "close", b_close, 0 }, { "readable", b_readable, 0 }, { "writable", b_writable, 0 },
    { "seekable", b_seekable, 0 }, { "isatty", b_isatty, 0 }, { "fileno", b_fileno, 0 },
    { "__enter__", b_enter, 0 }, { "__exit__", b_exit, 0 }, { "detach", b_detach, 0 },
    { NULL, NULL, 0 }
};

static const py_getsetdef bin_getsets[] = {
    { "name", b_get_name, NULL }, { "mode", b_get_mode, NULL }, { "closed", b_get_closed, NULL },
    { "raw", b_get_raw, NULL }, { NULL, NULL, NULL }
};
static const py_getsetdef fileio_getsets[] = {
    { "name", b_get_name, NULL }, { "mode", b_get_mode, NULL }, { "closed", b_get_closed, NULL },
    { "closefd", b_get_closefd, NULL }, { NULL, NULL, NULL }
};

static const py_methoddef bytesio_methods[] = {
    { "getvalue", m_getvalue, 0 }, { "getbuffer", m_getbuffer, 0 }, { NULL, NULL, 0 }
};
static const py_getsetdef bytesio_getsets[] = { { "closed", b_get_closed, NULL }, { NULL, NULL, NULL } };

#define BIN_SLOTS .dealloc = b_dealloc, .repr = b_repr, .iter = b_iter, .next = b_next

static py_val bytesio_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw);
static int bytesio_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw);

/* abstract bases: the methods every file has come from the concrete types */
static const py_typedef iobase_td = {
    .name = "_IOBase", .qualname = "_io._IOBase", .base = PY_T_OBJECT, .flags = PY_TF_BASETYPE,
};
static const py_typedef rawiobase_td = { .name = "_RawIOBase", .qualname = "_io._RawIOBase", .flags = PY_TF_BASETYPE };
static const py_typedef bufiobase_td = { .name = "_BufferedIOBase", .qualname = "_io._BufferedIOBase", .flags = PY_TF_BASETYPE };
static const py_typedef textiobase_td = { .name = "_TextIOBase", .qualname = "_io._TextIOBase", .flags = PY_TF_BASETYPE };

static const py_typedef fileio_td = {
    .name = "FileIO", .qualname = "_io.FileIO", .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(pyio_bin), .dictoffset = offsetof(pyio_bin, dict_),
    .slots = { BIN_SLOTS }, .methods = bin_methods, .getsets = fileio_getsets,
};
static const py_typedef reader_td = {
    .name = "BufferedReader", .qualname = "_io.BufferedReader", .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(pyio_bin), .dictoffset = offsetof(pyio_bin, dict_),
    .slots = { BIN_SLOTS }, .methods = bin_methods, .getsets = bin_getsets,
};
static const py_typedef writer_td = {
    .name = "BufferedWriter", .qualname = "_io.BufferedWriter", .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(pyio_bin), .dictoffset = offsetof(pyio_bin, dict_),
    .slots = { BIN_SLOTS }, .methods = bin_methods, .getsets = bin_getsets,
};
static const py_typedef random_td = {
    .name = "BufferedRandom", .qualname = "_io.BufferedRandom", .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(pyio_bin), .dictoffset = offsetof(pyio_bin, dict_),
    .slots = { BIN_SLOTS }, .methods = bin_methods, .getsets = bin_getsets,
};
/* BytesIO: the binary methods (inherited from a hidden base) plus getvalue */
static const py_typedef membase_td = {
    .name = "_BytesIOBase", .qualname = "_io._BytesIOBase", .flags = PY_TF_BASETYPE,
    .basicsize = sizeof(pyio_bin), .dictoffset = offsetof(pyio_bin, dict_),
    .slots = { BIN_SLOTS }, .methods = bin_methods, .getsets = bytesio_getsets,
};
static const py_typedef bytesio_td = {
    .name = "BytesIO", .qualname = "_io.BytesIO", .flags = PY_TF_BASETYPE,
    .basicsize = sizeof(pyio_bin), .dictoffset = offsetof(pyio_bin, dict_),
    .slots = { .new_ = bytesio_new, .init = bytesio_init }, .methods = bytesio_methods,
};

static pyio_bin *bin_alloc(py_interp *I, py_type *t)
{
    pyio_bin *b = (pyio_bin *)py_obj_new(I, t, t->basicsize);
    if (!b) return NULL;
    sk_buf_init(&b->data, I->alloc);
    b->dirty_from = SIZE_MAX;
    return b;
}

static py_val bytesio_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    pyio_bin *b = bin_alloc(I, t);
    if (!b) return PY_NULL;
    b->kind = PYIO_MEM;
    b->readable = b->writable = 1;
    return PY_VAL(b);
}

static int bytesio_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "initial_bytes", NULL };
    py_val a[1];
    if (pym_parse(I, "BytesIO", args, nargs, kw, names, 0, a)) return -1;
    pyio_bin *b = BIN(self);
    sk_buf_clear(&b->data);
    b->pos = 0;
    if (a[0] && a[0] != PY_NONE) {
        const char *p;
        size_t n;
        if (pym_bytes_like(I, a[0], &p, &n)) return -1;
        if (n && sk_buf_put(&b->data, p, n)) { py_err_nomem(I); return -1; }
    }
    return 0;
}

/* ---- open() ------------------------------------------------------------------------------------------- */
static int device_kind(const char *path)
{
    if (!strcmp(path, "/dev/stdin") || !strcmp(path, "/dev/fd/0")) return PYIO_STDIN;
    if (!strcmp(path, "/dev/stdout") || !strcmp(path, "/dev/fd/1")) return PYIO_STDOUT;
    if (!strcmp(path, "/dev/stderr") || !strcmp(path, "/dev/fd/2")) return PYIO_STDERR;
    if (!strcmp(path, "/dev/zero")) return PYIO_ZERO;
    if (!strcmp(path, "/dev/urandom") || !strcmp(path, "/dev/random")) return PYIO_RANDOM;
    return PYIO_FILE;
}

static int open_file(py_interp *I, pyio_bin *b, py_val pathstr, int creating, int reading, int writing,
                     int appending, int updating)
{
    const sk_vfs *v = file_vfs(I);
    if (!v) return -1;
    const char *cwd = pyos_cwd(I);
    sk_vfs_path vp;
    int r = sk_vfs_lookup(v, cwd, py_str_data(pathstr), reading ? 0 : SK_VFS_MISSING_LAST, &vp);
    if (r) { path_error(I, b, r); return -1; }
    if (vp.exists) {
        if (creating) r = SK_EEXIST;
        else if (vp.st.type == SK_FILE_DIR) r = SK_EISDIR;
        else if (vp.st.type == SK_FILE_DEVICE) b->kind = (uint8_t)device_kind(vp.path);
    } else if (vp.dir_only) {
        r = SK_EISDIR;
    }
    if (!r) {
        b->path = py_str_new(I, vp.path, vp.len);
        if (!b->path) { sk_vfs_path_free(v, &vp); return -1; }
    }
    uint64_t size = vp.exists ? vp.st.size : 0;
    int exists = vp.exists;
    sk_vfs_path_free(v, &vp);
    if (r) { path_error(I, b, r); return -1; }
    if (b->kind != PYIO_FILE) return 0;
    const char *p = py_str_data(b->path);
    if (writing || creating) r = sk_vfs_write_file(v, "/", p, "", 0, 0644);
    else if (appending && !exists) r = sk_vfs_append_file(v, "/", p, "", 0, 0644);
    if (r) { path_error(I, b, r); return -1; }
    if (reading || (updating && appending)) {
        r = sk_vfs_read_file(v, "/", p, 0, &b->data);
        if (r) { path_error(I, b, r); return -1; }
    }
    if (appending && !updating) {
        b->appendonly = 1;
        b->base = size;
    }
    if (appending && updating) b->pos = b->data.len;
    b->synced = b->data.len;
    return 0;
}

static int str_or_none(py_interp *I, py_val v, const char *what, const char **out)
{
    *out = NULL;
    if (!v || v == PY_NONE) return 0;
    if (!py_is_str(v)) {
        py_err_fmt(I, PY_E_TypeError, "open() argument '%s' must be str or None, not %s", what, py_type_name(I, v));
        return -1;
    }
    *out = py_str_data(v);
    return 0;
}

py_val pyio_open(py_interp *I, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "file", "mode", "buffering", "encoding", "errors", "newline", "closefd",
                                         "opener", NULL };
    py_val a[8];
    if (pym_parse(I, "open", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *mode = "r";
    if (a[1]) {
        if (!py_is_str(a[1]))
            return py_err_fmt(I, PY_E_TypeError, "open() argument 'mode' must be str, not %s", py_type_name(I, a[1]));
        mode = py_str_data(a[1]);
    }
    int64_t buffering = -1;
    if (a[2] && pym_arg_int(I, a[2], &buffering)) return PY_NULL;
    const char *encoding, *errors, *newline;
    if (str_or_none(I, a[3], "encoding", &encoding) || str_or_none(I, a[4], "errors", &errors) ||
        str_or_none(I, a[5], "newline", &newline))
        return PY_NULL;
    int closefd = 1;
    if (a[6] && pym_arg_bool(I, a[6], &closefd)) return PY_NULL;
    if (a[7] && a[7] != PY_NONE) return py_err_str(I, PY_E_ValueError, "opener is not supported in the sandbox");
    int creating = 0, reading = 0, writing = 0, appending = 0, updating = 0, text = 0, binary = 0;
    size_t ml = strlen(mode);
    for (size_t i = 0; i < ml; i++) {
        char c = mode[i];
        switch (c) {
        case 'x': creating = 1; break;
        case 'r': reading = 1; break;
        case 'w': writing = 1; break;
        case 'a': appending = 1; break;
        case '+': updating = 1; break;
        case 't': text = 1; break;
        case 'b': binary = 1; break;
        default: return py_err_fmt(I, PY_E_ValueError, "invalid mode: '%s'", mode);
        }
        if (memchr(mode + i + 1, c, ml - i - 1)) return py_err_fmt(I, PY_E_ValueError, "invalid mode: '%s'", mode);
    }
    if (text && binary) return py_err_str(I, PY_E_ValueError, "can't have text and binary mode at once");
    if (creating + reading + writing + appending > 1)
        return py_err_str(I, PY_E_ValueError, "must have exactly one of create/read/write/append mode");
    if (binary && encoding) return py_err_str(I, PY_E_ValueError, "binary mode doesn't take an encoding argument");
    if (binary && errors) return py_err_str(I, PY_E_ValueError, "binary mode doesn't take an errors argument");
    if (binary && newline) return py_err_str(I, PY_E_ValueError, "binary mode doesn't take a newline argument");
    if (binary && buffering == 1) buffering = -1;
    if (!(creating || reading || writing || appending))
        return py_err_str(I, PY_E_ValueError, "Must have exactly one of create/read/write/append mode and at most one plus");
    if (newline && strcmp(newline, "") && strcmp(newline, "\n") && strcmp(newline, "\r") && strcmp(newline, "\r\n"))
        return py_err_fmt(I, PY_E_ValueError, "illegal newline value: %s", newline);
    if (!binary && buffering == 0) return py_err_str(I, PY_E_ValueError, "can't have unbuffered text I/O");
    py_val file = a[0];
    int fd = -1;
    py_val pathstr = PY_NULL;
    if (py_is_intlike(file)) {
        int64_t x;
        if (py_int_to_i64(I, file, &x)) return PY_NULL;
        if (x < 0) return py_err_str(I, PY_E_ValueError, "negative file descriptor");
        if (x > 2) {
            py_val msg = py_str_cstr(I, "Bad file descriptor");
            if (!msg) return PY_NULL;
            py_val ea[2] = { py_int_small(9), msg };
            py_val e = py_call(I, PY_VAL(PY_TYPE(I, PY_E_OSError)), ea, 2, PY_NULL);
            py_decref(I, msg);
            if (e) py_err_setexc(I, e);
            return PY_NULL;
        }
        fd = (int)x;
    } else {
        pathstr = pyos_fspath(I, file, NULL, NULL);
        if (!pathstr) return PY_NULL;
        if (memchr(py_str_data(pathstr), 0, py_str_len(pathstr))) {
            py_decref(I, pathstr);
            return py_err_str(I, PY_E_ValueError, "embedded null byte");
        }
    }
    const char *tname = buffering == 0 ? "FileIO" : updating ? "BufferedRandom" : reading ? "BufferedReader" : "BufferedWriter";
    py_type *t = pym_type_get(I, "_io", tname);
    pyio_bin *b = t ? bin_alloc(I, t) : NULL;
    if (!b) { py_xdecref(I, pathstr); return PY_NULL; }
    py_val bv = PY_VAL(b);
    b->raw = buffering == 0;
    b->readable = (uint8_t)(reading || updating);
    b->writable = (uint8_t)(writing || appending || creating || updating);
    b->append = (uint8_t)appending;
    b->closed = 1;   /* until opened: the finalizer must not flush */
    char *m = b->mode;
    *m++ = creating ? 'x' : reading ? 'r' : writing ? 'w' : 'a';
    *m++ = 'b';
    if (updating) *m++ = '+';
    *m = 0;
    b->name = py_newref(pathstr && !py_is_str(file) && !py_is_bytes(file) ? pathstr : file);
    if (fd >= 0) {
        b->kind = (uint8_t)(fd == 0 ? PYIO_STDIN : fd == 1 ? PYIO_STDOUT : PYIO_STDERR);
    } else {
        int r = open_file(I, b, pathstr, creating, reading, writing, appending, updating);
        py_decref(I, pathstr);
        if (r) { py_decref(I, bv); return PY_NULL; }
    }
    b->closed = 0;
    if (binary) return bv;
    py_val tw = pyio_text_wrap(I, bv, a[1] ? a[1] : PY_NULL, encoding, errors, a[5] ? a[5] : PY_NONE, buffering == 1);
    py_decref(I, bv);
    return tw;
}

PYM_FN(io_open) { (void)self; return pyio_open(I, args, nargs, kw); }

static const py_methoddef io_open_def = { "open", io_open, PY_METH_KW };

/* the builtin open() is _io.open */
py_val py_open_builtin(py_interp *I);
py_val py_open_builtin(py_interp *I)
{
    py_val f = pym_import_attr(I, "_io", "open");
    if (f) return f;
    py_err_clear(I);
    return py_cfunc_new(I, &io_open_def, PY_NULL, NULL);
}

PYM_FN(io_text_encoding)
{
    (void)self;
    if (py_args_range(I, "text_encoding", nargs, kw, 1, 2)) return PY_NULL;
    if (args[0] != PY_NONE) return py_newref(args[0]);
    return py_str_cstr(I, "utf-8");
}

static const py_methoddef io_fns[] = {
    { "open", io_open, PY_METH_KW }, { "text_encoding", io_text_encoding, 0 }, { NULL, NULL, 0 }
};

int py_mod__io_init(py_interp *I, py_val mod);
int py_mod__io_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, io_fns)) return -1;
    py_type *iob = pym_type_add(I, mod, &iobase_td, NULL);
    py_type *rawb = iob ? pym_type_add(I, mod, &rawiobase_td, iob) : NULL;
    py_type *bufb = iob ? pym_type_add(I, mod, &bufiobase_td, iob) : NULL;
    py_type *textb = iob ? pym_type_add(I, mod, &textiobase_td, iob) : NULL;
    if (!rawb || !bufb || !textb) return -1;
    if (!pym_type_add(I, mod, &fileio_td, rawb) || !pym_type_add(I, mod, &reader_td, bufb) ||
        !pym_type_add(I, mod, &writer_td, bufb) || !pym_type_add(I, mod, &random_td, bufb))
        return -1;
    py_type *mb = pym_type_new(I, &membase_td, bufb);
    if (!mb || !pym_type_add(I, mod, &bytesio_td, mb)) return -1;
    if (pyio_text_types(I, mod, textb)) return -1;
    if (py_dict_set_c(I, py_module_dict(mod), "UnsupportedOperation", PY_VAL(PY_TYPE(I, PY_E_UnsupportedOperation))) ||
        pym_add_int(I, mod, "DEFAULT_BUFFER_SIZE", 8192) ||
        py_dict_set_c(I, py_module_dict(mod), "BlockingIOError", PY_VAL(PY_TYPE(I, PY_E_BlockingIOError))))
        return -1;
    return 0;
}
