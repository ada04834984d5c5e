/* pyos.c — the operating system a Python program sees: the `posix` module
 * (the primitives `os` is written over) on the sandbox's virtual filesystem,
 * the run's working directory and environment, the clocks and the seeded
 * random source.  Errors are CPython's OSErrors, with errno, strerror and
 * filename: "[Errno 2] No such file or directory: 'x'".
 *
 * State per run lives in a small object in the posix module: the working
 * directory (os.chdir changes it for this run only), the environment dict
 * (os.environ), the random generator and the time slept.
 *
 * Must never: touch the host; everything goes through py_run_opts.
 */
#include <string.h>

#include "base/vpath.h"
#include "fs/vfs.h"
#include "py/pymod.h"

struct pyos_state {
    py_obj ob;
    py_val cwd;                   /* str, absolute */
    uint64_t rng[2];
    int64_t slept_ns;             /* time.sleep() without a sleep hook */
};

static void state_dealloc(py_interp *I, py_obj *o)
{
    py_xdecref(I, ((pyos_state *)o)->cwd);
    py_obj_free(I, o, sizeof(pyos_state));
}

static const py_typedef state_typedef = {
    .name = "_state", .qualname = "posix._state", .base = PY_T_OBJECT, .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(pyos_state), .slots = { .dealloc = state_dealloc },
};

pyos_state *pyos_get(py_interp *I)
{
    py_val m = py_dict_get_c(I, I->modules, "posix");
    if (!m) {
        m = pym_import(I, "posix");
        if (!m) return NULL;
        py_decref(I, m);
    }
    py_val s = py_dict_get_c(I, py_module_dict(m), "_state");
    if (!s) { py_err_str(I, PY_E_SystemError, "posix state missing"); return NULL; }
    return (pyos_state *)PY_OBJ(s);
}

const char *pyos_cwd(py_interp *I)
{
    pyos_state *st = pyos_get(I);
    if (!st) { py_err_clear(I); return "/"; }
    return py_str_data(st->cwd);
}

const struct sk_vfs *pyos_vfs(py_interp *I, const char *what)
{
    const sk_vfs *v = I->opts ? I->opts->vfs : NULL;
    if (!v) py_err_fmt(I, PY_E_NotImplementedError, "OS function '%s' not implemented with standard execution", what);
    return v;
}

/* ---- errors ------------------------------------------------------------------------------- */
int pyos_errno(int status)
{
    switch (status) {
    case SK_ENOENT: return 2;
    case SK_EEXIST: return 17;
    case SK_ENOTDIR: return 20;
    case SK_EISDIR: return 21;
    case SK_ENOTEMPTY: return 39;
    case SK_EACCES: return 13;
    case SK_EROFS: return 30;
    case SK_ENOSPC: return 28;
    case SK_EFBIG: return 27;
    case SK_ENAMETOOLONG: return 36;
    case SK_ELOOP: return 40;
    case SK_EXDEV: return 18;
    case SK_EINVAL: case SK_INVALID: return 22;
    case SK_NOMEM: return 12;
    case SK_UNSUPPORTED: return 95;
    case SK_BUSY: return 16;
    default: return 5;
    }
}

const char *pyos_strerror(int status)
{
    switch (status) {
    case SK_UNSUPPORTED: return "Operation not supported";
    case SK_ERROR: return "Input/output error";
    default: return sk_status_message(status);
    }
}

/* the filename an OSError carries: str and bytes as given, a PathLike as its str */
static py_val err_name(py_interp *I, py_val v)
{
    if (!v || py_is_str(v) || py_is_bytes(v) || py_is_intlike(v) || v == PY_NONE) return v ? py_newref(v) : PY_NULL;
    py_val s = pyos_fspath(I, v, NULL, NULL);
    if (!s) { py_err_clear(I); return py_newref(v); }
    return s;
}

py_val pyos_error(py_interp *I, int status, py_val filename, py_val filename2)
{
    if (status == SK_NOMEM) return py_err_nomem(I);
    filename = err_name(I, filename);
    filename2 = err_name(I, filename2);
    py_val msg = py_str_cstr(I, pyos_strerror(status));
    if (!msg) { py_xdecref(I, filename); py_xdecref(I, filename2); return PY_NULL; }
    py_val args[5] = { py_int_small(pyos_errno(status)), msg, filename ? filename : PY_NONE, PY_NONE,
                       filename2 ? filename2 : PY_NONE };
    size_t n = filename2 ? 5 : filename ? 3 : 2;
    py_val e = py_call(I, PY_VAL(PY_TYPE(I, PY_E_OSError)), args, n, PY_NULL);
    py_decref(I, msg);
    py_xdecref(I, filename);
    py_xdecref(I, filename2);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

/* ---- paths ---------------------------------------------------------------------------------- */
py_val pyos_fspath(py_interp *I, py_val v, const char *fname, const char *argname)
{
    if (py_is_str(v)) return py_newref(v);
    if (pym_is_bytes_like(v) && py_is_bytes(v))
        return py_bytes_decode(I, PY_BYTES(v)->data, PY_BYTES(v)->len, "utf-8", "surrogateescape");
    py_val f = py_lookup_special(I, v, PY_ID(I, __fspath__));
    if (f) {
        py_val r = py_call0(I, f);
        py_decref(I, f);
        if (!r) return PY_NULL;
        if (py_is_str(r)) return r;
        if (py_is_bytes(r)) {
            py_val s = py_bytes_decode(I, PY_BYTES(r)->data, PY_BYTES(r)->len, "utf-8", "surrogateescape");
            py_decref(I, r);
            return s;
        }
        py_err_fmt(I, PY_E_TypeError, "expected %s.__fspath__() to return str or bytes, not %s", py_type_name(I, v),
                   py_type_name(I, r));
        py_decref(I, r);
        return PY_NULL;
    }
    if (py_err_occurred(I)) return PY_NULL;
    if (!fname) return py_err_fmt(I, PY_E_TypeError, "expected str, bytes or os.PathLike object, not %s", py_type_name(I, v));
    return py_err_fmt(I, PY_E_TypeError, "%s: %s should be string, bytes or os.PathLike, not %s", fname,
                      argname ? argname : "path", py_type_name(I, v));
}

static int path_has_nul(py_interp *I, py_val s, const char *fname)
{
    if (memchr(py_str_data(s), 0, py_str_len(s))) {
        py_err_fmt(I, PY_E_ValueError, "%s: embedded null character in path", fname);
        return 1;
    }
    return 0;
}

/* ---- clocks and randomness ------------------------------------------------------------------- */
int64_t pyos_wall_ns(py_interp *I)
{
    const py_run_opts *o = I->opts;
    int64_t t = o && o->wall_clock ? o->wall_clock(o->wall_clock_ud) : INT64_C(1700000000) * 1000000000;
    pyos_state *st = pyos_get(I);
    if (!st) { py_err_clear(I); return t; }
    if (!(o && o->wall_clock && o->sleep)) t += st->slept_ns;
    return t;
}

int64_t pyos_mono_ns(py_interp *I)
{
    const py_run_opts *o = I->opts;
    int64_t t = o && o->clock ? o->clock(o->clock_ud) : 0;
    pyos_state *st = pyos_get(I);
    if (!st) { py_err_clear(I); return t; }
    if (!(o && o->clock && o->sleep)) t += st->slept_ns;
    return t;
}

int pyos_tz_offset(py_interp *I) { return I->opts ? I->opts->tz_offset_s : 0; }

uint64_t pyos_random64(py_interp *I)
{
    pyos_state *st = pyos_get(I);
    if (!st) { py_err_clear(I); return 0x9E3779B97F4A7C15ULL; }
    /* xorshift128+ */
    uint64_t s1 = st->rng[0];
    const uint64_t s0 = st->rng[1];
    st->rng[0] = s0;
    s1 ^= s1 << 23;
    st->rng[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
    return st->rng[1] + s0;
}

/* Sleep for ns nanoseconds (time.sleep). */
int pyos_sleep(py_interp *I, int64_t ns);
int pyos_sleep(py_interp *I, int64_t ns)
{
    const py_run_opts *o = I->opts;
    pyos_state *st = pyos_get(I);
    if (!st) return -1;
    if (o && o->sleep) {
        if (o->sleep(o->sleep_ud, ns)) {
            py_err_fatal(I, PY_E_KeyboardInterrupt, "");
            return -1;
        }
        if (!(o->wall_clock && o->clock)) st->slept_ns += ns;
        return py_check_periodic(I);
    }
    st->slept_ns += ns;
    return 0;
}

/* ---- posix functions --------------------------------------------------------------------------- */
enum { PATH_FD = 1, PATH_NONE = 2 };

/* Convert a path argument as CPython's path_converter does: str (new ref)
 * from str/bytes/PathLike, with "FNAME: ARG should be string, bytes,
 * os.PathLike[, integer][ or None], not T" for anything else. */
static py_val path_conv(py_interp *I, py_val v, const char *fname, const char *argname, int flags)
{
    if (!py_is_str(v) && !py_is_bytes(v)) {
        py_val f = py_lookup_special(I, v, PY_ID(I, __fspath__));
        if (!f) {
            if (py_err_occurred(I)) return PY_NULL;
            if ((flags & PATH_FD) && py_is_intlike(v)) return py_newref(v);
            const char *tail = (flags & (PATH_FD | PATH_NONE)) == (PATH_FD | PATH_NONE) ? ", os.PathLike, integer or None"
                             : (flags & PATH_FD) ? ", os.PathLike or integer"
                             : (flags & PATH_NONE) ? ", os.PathLike or None" : " or os.PathLike";
            return py_err_fmt(I, PY_E_TypeError, "%s: %s should be string, bytes%s, not %s", fname, argname, tail,
                              py_type_name(I, v));
        }
        py_decref(I, f);
    }
    py_val s = pyos_fspath(I, v, fname, argname);
    if (!s) return PY_NULL;
    if (path_has_nul(I, s, fname)) { py_decref(I, s); return PY_NULL; }
    return s;
}

/* An int path (a file descriptor): there are none in the sandbox. */
static py_val fd_path_error(py_interp *I)
{
    py_val msg = py_str_cstr(I, "Bad file descriptor");
    if (!msg) return PY_NULL;
    py_val a[2] = { py_int_small(9), msg };
    py_val e = py_call(I, PY_VAL(PY_TYPE(I, PY_E_OSError)), a, 2, PY_NULL);
    py_decref(I, msg);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

static int dir_fd_conv(py_interp *I, py_val v)
{
    if (!v || v == PY_NONE) return 0;
    if (!py_is_intlike(v)) {
        py_err_fmt(I, PY_E_TypeError, "argument should be integer or None, not %s", py_type_name(I, v));
        return -1;
    }
    int64_t x;
    if (py_int_to_i64(I, v, &x) || x > INT32_MAX || x < INT32_MIN) {
        int neg = py_int_sign(v) < 0;
        py_err_clear(I);
        py_err_str(I, PY_E_OverflowError, neg ? "fd is less than minimum" : "fd is greater than maximum");
        return -1;
    }
    fd_path_error(I);
    return -1;
}

static int follow_arg(py_interp *I, py_val v, int *follow)
{
    *follow = 1;
    if (!v) return 0;
    int t = py_truthy(I, v);
    if (t < 0) return -1;
    *follow = t;
    return 0;
}

static py_val stat_tuple(py_interp *I, const sk_stat *st)
{
    uint32_t fmt = st->type == SK_FILE_DIR ? 0040000 : st->type == SK_FILE_SYMLINK ? 0120000
                 : st->type == SK_FILE_DEVICE ? 0020000 : 0100000;
    int64_t sec = st->mtime_ns / 1000000000, nsec = st->mtime_ns % 1000000000;
    if (nsec < 0) { nsec += 1000000000; sec--; }
    uint64_t size = st->type == SK_FILE_DIR ? 4096 : st->size;
    return py_tuple_pack(I, 8, py_int_small(fmt | (st->mode & 07777)), py_int_from_u64(I, st->ino), py_int_small(0),
                         py_int_small(st->nlink ? st->nlink : (st->type == SK_FILE_DIR ? 2 : 1)),
                         py_int_from_u64(I, size), py_int_from_i64(I, sec), py_int_from_i64(I, st->mtime_ns),
                         py_float((double)sec + (double)nsec * 1e-9));
}

static py_val do_stat(py_interp *I, py_val patharg, py_val path, int follow)
{
    const sk_vfs *v = pyos_vfs(I, follow ? "Path.stat" : "Path.lstat");
    if (!v) return PY_NULL;
    if (!py_is_str(path)) return fd_path_error(I);
    sk_stat st;
    int r = follow ? sk_vfs_stat(v, pyos_cwd(I), py_str_data(path), &st) : sk_vfs_lstat(v, pyos_cwd(I), py_str_data(path), &st);
    if (r) return pyos_error(I, r, patharg, PY_NULL);
    return stat_tuple(I, &st);
}

/* stat(path, *, dir_fd=None, follow_symlinks=True) -> raw tuple
 * (mode, ino, dev, nlink, size, mtime_s, mtime_ns, mtime_float); os.py wraps it. */
static py_val stat_common(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *fname, int lstat)
{
    static const char *const names[] = { "path", "$dir_fd", "$follow_symlinks", NULL };
    static const char *const lnames[] = { "path", "$dir_fd", NULL };
    py_val a[3];
    if (pym_parse(I, fname, args, nargs, kw, lstat ? lnames : names, 1, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], fname, "path", lstat ? 0 : PATH_FD);
    if (!p) return PY_NULL;
    int follow = !lstat;
    if (dir_fd_conv(I, a[1]) || (!lstat && follow_arg(I, a[2], &follow))) { py_decref(I, p); return PY_NULL; }
    py_val r = do_stat(I, a[0], p, follow);
    py_decref(I, p);
    return r;
}
PYM_FN(px_stat) { (void)self; return stat_common(I, args, nargs, kw, "stat", 0); }
PYM_FN(px_lstat) { (void)self; return stat_common(I, args, nargs, kw, "lstat", 1); }

/* _kind(path, follow=True) -> 0 missing, 1 file, 2 dir, 3 link, 4 device (never raises for a missing path) */
PYM_FN(px_kind)
{
    (void)self;
    if (py_args_range(I, "_kind", nargs, kw, 1, 2)) return PY_NULL;
    int follow = 1;
    if (nargs > 1 && follow_arg(I, args[1], &follow)) return PY_NULL;
    py_val p = pyos_fspath(I, args[0], NULL, NULL);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "Path.exists");
    if (!v) { py_decref(I, p); return PY_NULL; }
    if (memchr(py_str_data(p), 0, py_str_len(p))) { py_decref(I, p); return py_int_small(0); }
    sk_stat st;
    int r = follow ? sk_vfs_stat(v, pyos_cwd(I), py_str_data(p), &st) : sk_vfs_lstat(v, pyos_cwd(I), py_str_data(p), &st);
    py_decref(I, p);
    if (r == SK_NOMEM) return py_err_nomem(I);
    if (r == SK_ENAMETOOLONG) return pyos_error(I, r, args[0], PY_NULL);
    if (r) return py_int_small(0);
    return py_int_small((int)st.type);
}

static py_val list_dir(py_interp *I, py_val patharg, int with_types, const char *fname)
{
    py_val p = patharg ? path_conv(I, patharg, fname, "path", PATH_FD | PATH_NONE) : py_str_cstr(I, ".");
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "Path.iterdir");
    if (!v) { py_decref(I, p); return PY_NULL; }
    if (!py_is_str(p)) { py_decref(I, p); return fd_path_error(I); }
    int as_bytes = patharg && py_is_bytes(patharg);
    sk_vfs_dir d;
    int r = sk_vfs_list(v, pyos_cwd(I), py_str_data(p), &d);
    py_decref(I, p);
    if (r) {
        py_val fn = patharg ? py_newref(patharg) : py_str_cstr(I, ".");
        if (fn) pyos_error(I, r, fn, PY_NULL);
        py_xdecref(I, fn);
        return PY_NULL;
    }
    py_val l = py_list_new(I, d.n);
    for (size_t i = 0; l && i < d.n; i++) {
        py_val name = as_bytes ? py_bytes_new(I, d.ents[i].name, d.ents[i].len)
                               : py_bytes_decode(I, d.ents[i].name, d.ents[i].len, "utf-8", "surrogateescape");
        if (name && with_types) {
            py_val t = py_tuple_pack(I, 2, name, py_int_small((int)d.ents[i].type));
            py_decref(I, name);
            name = t;
        }
        if (!name || py_list_append_steal(I, l, name)) { py_decref(I, l); l = PY_NULL; }
    }
    sk_vfs_dir_free(&d);
    return l;
}

PYM_FN(px_listdir)
{
    (void)self;
    static const char *const names[] = { "path", NULL };
    py_val a[1];
    if (pym_parse(I, "listdir", args, nargs, kw, names, 0, a)) return PY_NULL;
    return list_dir(I, a[0] && a[0] != PY_NONE ? a[0] : PY_NULL, 0, "listdir");
}

/* _scandir(path) -> [(name, type)] */
PYM_FN(px_scandir)
{
    (void)self;
    static const char *const names[] = { "path", NULL };
    py_val a[1];
    if (pym_parse(I, "scandir", args, nargs, kw, names, 0, a)) return PY_NULL;
    return list_dir(I, a[0] && a[0] != PY_NONE ? a[0] : PY_NULL, 1, "scandir");
}

typedef int (*path_op)(const sk_vfs *v, const char *cwd, const char *path);

static py_val simple_op(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *fname,
                        const char *what, path_op op)
{
    static const char *const names[] = { "path", "$dir_fd", NULL };
    py_val a[2];
    if (pym_parse(I, fname, args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], fname, "path", 0);
    if (!p) return PY_NULL;
    if (dir_fd_conv(I, a[1])) { py_decref(I, p); return PY_NULL; }
    const sk_vfs *v = pyos_vfs(I, what);
    if (!v) { py_decref(I, p); return PY_NULL; }
    int r = op(v, pyos_cwd(I), py_str_data(p));
    py_decref(I, p);
    if (r) return pyos_error(I, r, a[0], PY_NULL);
    return PY_NONE;
}

PYM_FN(px_unlink) { (void)self; return simple_op(I, args, nargs, kw, "unlink", "Path.unlink", sk_vfs_unlink); }
PYM_FN(px_remove) { (void)self; return simple_op(I, args, nargs, kw, "remove", "Path.unlink", sk_vfs_unlink); }
PYM_FN(px_rmdir) { (void)self; return simple_op(I, args, nargs, kw, "rmdir", "Path.rmdir", sk_vfs_rmdir); }

PYM_FN(px_mkdir)
{
    (void)self;
    static const char *const names[] = { "path", "mode", "$dir_fd", NULL };
    py_val a[3];
    if (pym_parse(I, "mkdir", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], "mkdir", "path", 0);
    if (!p) return PY_NULL;
    int mode = 0777;
    if ((a[1] && pym_arg_cint(I, a[1], &mode)) || dir_fd_conv(I, a[2])) { py_decref(I, p); return PY_NULL; }
    const sk_vfs *v = pyos_vfs(I, "Path.mkdir");
    if (!v) { py_decref(I, p); return PY_NULL; }
    int r = sk_vfs_mkdir(v, pyos_cwd(I), py_str_data(p), (uint32_t)mode & 07777 & ~022u);
    py_decref(I, p);
    if (r) return pyos_error(I, r, a[0], PY_NULL);
    return PY_NONE;
}

static py_val rename_op(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *fname)
{
    static const char *const names[] = { "src", "dst", "$src_dir_fd", "$dst_dir_fd", NULL };
    py_val a[4];
    if (pym_parse(I, fname, args, nargs, kw, names, 2, a)) return PY_NULL;
    py_val s = path_conv(I, a[0], fname, "src", 0);
    if (!s) return PY_NULL;
    py_val d = path_conv(I, a[1], fname, "dst", 0);
    if (!d) { py_decref(I, s); return PY_NULL; }
    const sk_vfs *v = PY_NULL;
    if (dir_fd_conv(I, a[2]) || dir_fd_conv(I, a[3]) || !(v = pyos_vfs(I, "Path.rename"))) {
        py_decref(I, s); py_decref(I, d);
        return PY_NULL;
    }
    int r = sk_vfs_rename(v, pyos_cwd(I), py_str_data(s), py_str_data(d));
    py_decref(I, s);
    py_decref(I, d);
    if (r) return pyos_error(I, r, a[0], a[1]);
    return PY_NONE;
}
PYM_FN(px_rename) { (void)self; return rename_op(I, args, nargs, kw, "rename"); }
PYM_FN(px_replace) { (void)self; return rename_op(I, args, nargs, kw, "replace"); }

PYM_FN(px_getcwd)
{
    (void)self; (void)args;
    if (py_args_none(I, "getcwd", nargs, kw)) return PY_NULL;
    pyos_state *st = pyos_get(I);
    if (!st) return PY_NULL;
    return py_newref(st->cwd);
}

PYM_FN(px_chdir)
{
    (void)self;
    static const char *const names[] = { "path", NULL };
    py_val a[1];
    if (pym_parse(I, "chdir", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], "chdir", "path", PATH_FD);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "os.chdir");
    pyos_state *st = v ? pyos_get(I) : NULL;
    if (!st) { py_decref(I, p); return PY_NULL; }
    if (!py_is_str(p)) { py_decref(I, p); return fd_path_error(I); }
    char *res = NULL;
    int r = sk_vfs_resolve(v, py_str_data(st->cwd), py_str_data(p), 1, &res);
    py_decref(I, p);
    if (r) return pyos_error(I, r, a[0], PY_NULL);
    sk_stat sst;
    r = sk_vfs_stat(v, "/", res, &sst);
    if (!r && sst.type != SK_FILE_DIR) r = SK_ENOTDIR;
    if (r) { sk_free(v->a, res); return pyos_error(I, r, a[0], PY_NULL); }
    py_val ns = py_str_cstr(I, res);
    sk_free(v->a, res);
    if (!ns) return PY_NULL;
    PY_SETREF(I, st->cwd, ns);
    return PY_NONE;
}

PYM_FN(px_readlink)
{
    (void)self;
    static const char *const names[] = { "path", "$dir_fd", NULL };
    py_val a[2];
    if (pym_parse(I, "readlink", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], "readlink", "path", 0);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "Path.readlink");
    if (!v) { py_decref(I, p); return PY_NULL; }
    sk_buf b = SK_BUF_INIT(I->alloc);
    int r = sk_vfs_readlink(v, pyos_cwd(I), py_str_data(p), &b);
    py_decref(I, p);
    if (r) { sk_buf_free(&b); return pyos_error(I, r, a[0], PY_NULL); }
    py_val s = py_is_bytes(a[0]) ? py_bytes_new(I, b.p ? b.p : "", b.len)
                                 : py_bytes_decode(I, b.p ? b.p : "", b.len, "utf-8", "surrogateescape");
    sk_buf_free(&b);
    return s;
}

PYM_FN(px_symlink)
{
    (void)self;
    static const char *const names[] = { "src", "dst", "target_is_directory", "$dir_fd", NULL };
    py_val a[4];
    if (pym_parse(I, "symlink", args, nargs, kw, names, 2, a)) return PY_NULL;
    py_val s = path_conv(I, a[0], "symlink", "src", 0);
    if (!s) return PY_NULL;
    py_val d = path_conv(I, a[1], "symlink", "dst", 0);
    if (!d) { py_decref(I, s); return PY_NULL; }
    const sk_vfs *v = pyos_vfs(I, "Path.symlink_to");
    int r = v ? sk_vfs_symlink(v, pyos_cwd(I), py_str_data(s), py_str_data(d)) : 0;
    py_decref(I, s);
    py_decref(I, d);
    if (!v) return PY_NULL;
    if (r) return pyos_error(I, r, a[0], a[1]);
    return PY_NONE;
}

PYM_FN(px_chmod)
{
    (void)self;
    static const char *const names[] = { "path", "mode", "$dir_fd", "$follow_symlinks", NULL };
    py_val a[4];
    if (pym_parse(I, "chmod", args, nargs, kw, names, 2, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], "chmod", "path", PATH_FD);
    if (!p) return PY_NULL;
    int mode;
    if (pym_arg_cint(I, a[1], &mode) || dir_fd_conv(I, a[2])) { py_decref(I, p); return PY_NULL; }
    const sk_vfs *v = pyos_vfs(I, "Path.chmod");
    if (!v) { py_decref(I, p); return PY_NULL; }
    if (!py_is_str(p)) { py_decref(I, p); return fd_path_error(I); }
    int r = sk_vfs_chmod(v, pyos_cwd(I), py_str_data(p), (uint32_t)mode & 07777);
    py_decref(I, p);
    if (r) return pyos_error(I, r, a[0], PY_NULL);
    return PY_NONE;
}

/* utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True) */
PYM_FN(px_utime)
{
    (void)self;
    static const char *const names[] = { "path", "times", "$ns", "$dir_fd", "$follow_symlinks", NULL };
    py_val a[5];
    if (pym_parse(I, "utime", args, nargs, kw, names, 1, a)) return PY_NULL;
    int64_t t = 0;
    int have = 0;
    if (a[2] && a[2] != PY_NONE) {
        if (!py_is_tuple(a[2]) || py_tuple_len(a[2]) != 2)
            return py_err_str(I, PY_E_TypeError, "utime: 'ns' must be a tuple of two ints");
        if (py_int_to_i64(I, py_tuple_items(a[2])[1], &t)) return PY_NULL;
        have = 1;
    } else if (a[1] && a[1] != PY_NONE) {
        if (!py_is_tuple(a[1]) || py_tuple_len(a[1]) != 2)
            return py_err_str(I, PY_E_TypeError, "utime: 'times' must be either a tuple of two ints or None");
        double d;
        if (py_to_double(I, py_tuple_items(a[1])[1], &d)) return PY_NULL;
        t = (int64_t)(d * 1e9);
        have = 1;
    }
    int follow = 1;
    if (follow_arg(I, a[4], &follow) || dir_fd_conv(I, a[3])) return PY_NULL;
    py_val p = path_conv(I, a[0], "utime", "path", 0);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "os.utime");
    if (!v) { py_decref(I, p); return PY_NULL; }
    if (!have) t = pyos_wall_ns(I);
    int r = sk_vfs_set_mtime(v, pyos_cwd(I), py_str_data(p), t, !follow);
    py_decref(I, p);
    if (r) return pyos_error(I, r, a[0], PY_NULL);
    return PY_NONE;
}

PYM_FN(px_truncate)
{
    (void)self;
    static const char *const names[] = { "path", "length", NULL };
    py_val a[2];
    if (pym_parse(I, "truncate", args, nargs, kw, names, 2, a)) return PY_NULL;
    int64_t len;
    if (pym_arg_int(I, a[1], &len)) return PY_NULL;
    py_val p = path_conv(I, a[0], "truncate", "path", PATH_FD);
    if (!p) return PY_NULL;
    if (len < 0) { py_decref(I, p); return pyos_error(I, SK_EINVAL, a[0], PY_NULL); }
    const sk_vfs *v = pyos_vfs(I, "os.truncate");
    if (!v) { py_decref(I, p); return PY_NULL; }
    if (!py_is_str(p)) { py_decref(I, p); return fd_path_error(I); }
    int r = sk_vfs_truncate(v, pyos_cwd(I), py_str_data(p), (uint64_t)len);
    py_decref(I, p);
    if (r) return pyos_error(I, r, a[0], PY_NULL);
    return PY_NONE;
}

PYM_FN(px_access)
{
    (void)self;
    static const char *const names[] = { "path", "mode", "$dir_fd", "$effective_ids", "$follow_symlinks", NULL };
    py_val a[5];
    if (pym_parse(I, "access", args, nargs, kw, names, 2, a)) return PY_NULL;
    int mode;
    if (pym_arg_cint(I, a[1], &mode)) return PY_NULL;
    py_val p = path_conv(I, a[0], "access", "path", 0);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "os.access");
    if (!v) { py_decref(I, p); return PY_NULL; }
    sk_stat st;
    int r = sk_vfs_stat(v, pyos_cwd(I), py_str_data(p), &st);
    py_decref(I, p);
    if (r) return PY_FALSE;
    /* the sandbox user owns everything */
    if ((mode & 4) && !(st.mode & 0400)) return PY_FALSE;
    if ((mode & 2) && !(st.mode & 0200)) return PY_FALSE;
    if ((mode & 1) && !(st.mode & 0100)) return PY_FALSE;
    return PY_TRUE;
}

/* _realpath(path, strict=False) -> absolute path with links resolved */
PYM_FN(px_realpath)
{
    (void)self;
    if (py_args_range(I, "realpath", nargs, kw, 1, 2)) return PY_NULL;
    int strict = 0;
    if (nargs > 1 && pym_arg_bool(I, args[1], &strict)) return PY_NULL;
    py_val p = pyos_fspath(I, args[0], NULL, NULL);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "Path.resolve");
    if (!v) { py_decref(I, p); return PY_NULL; }
    char *res = NULL;
    int r = sk_vfs_realpath(v, pyos_cwd(I), py_str_data(p), strict ? SK_REALPATH_EXISTING : SK_REALPATH_MISSING, &res);
    py_decref(I, p);
    if (r) return pyos_error(I, r, args[0], PY_NULL);
    py_val s = py_str_cstr(I, res);
    sk_free(v->a, res);
    return s;
}

/* _copyfile(src, dst) */
PYM_FN(px_copyfile)
{
    (void)self;
    if (py_args_exact(I, "copyfile", nargs, kw, 2)) return PY_NULL;
    py_val s = pyos_fspath(I, args[0], NULL, NULL);
    if (!s) return PY_NULL;
    py_val d = pyos_fspath(I, args[1], NULL, NULL);
    if (!d) { py_decref(I, s); return PY_NULL; }
    const sk_vfs *v = pyos_vfs(I, "shutil.copyfile");
    int r = v ? sk_vfs_copy_file(v, pyos_cwd(I), py_str_data(s), py_str_data(d)) : 0;
    sk_stat st;
    int rs = v && r ? sk_vfs_stat(v, pyos_cwd(I), py_str_data(s), &st) : 0;
    py_decref(I, s);
    py_decref(I, d);
    if (!v) return PY_NULL;
    if (r) return pyos_error(I, r, rs ? args[0] : args[1], PY_NULL);
    return PY_NONE;
}

/* _rmtree(path): remove a tree (links not followed) */
PYM_FN(px_rmtree)
{
    (void)self;
    if (py_args_exact(I, "rmtree", nargs, kw, 1)) return PY_NULL;
    py_val p = pyos_fspath(I, args[0], NULL, NULL);
    if (!p) return PY_NULL;
    const sk_vfs *v = pyos_vfs(I, "shutil.rmtree");
    int r = v ? sk_vfs_remove_tree(v, pyos_cwd(I), py_str_data(p), NULL, NULL) : 0;
    py_decref(I, p);
    if (!v) return PY_NULL;
    if (r) return pyos_error(I, r, args[0], PY_NULL);
    return PY_NONE;
}

PYM_FN(px_urandom)
{
    (void)self;
    static const char *const names[] = { "!size", NULL };
    py_val a[1];
    if (pym_parse(I, "urandom", args, nargs, kw, names, 1, a)) return PY_NULL;
    int64_t n;
    if (pym_arg_int(I, a[0], &n)) return PY_NULL;
    if (n < 0) return py_err_str(I, PY_E_ValueError, "negative argument not allowed");
    char *d;
    py_val b = py_bytes_uninit(I, (size_t)n, &d);
    if (!b) return PY_NULL;
    for (int64_t i = 0; i < n; i += 8) {
        uint64_t r = pyos_random64(I);
        for (int k = 0; k < 8 && i + k < n; k++) d[i + k] = (char)(r >> (8 * k));
    }
    return b;
}

PYM_FN(px_getpid) { (void)self; (void)args; if (py_args_none(I, "getpid", nargs, kw)) return PY_NULL; return py_int_small(1); }
PYM_FN(px_getppid) { (void)self; (void)args; if (py_args_none(I, "getppid", nargs, kw)) return PY_NULL; return py_int_small(0); }
PYM_FN(px_getuid) { (void)self; (void)args; if (py_args_none(I, "getuid", nargs, kw)) return PY_NULL; return py_int_small(1000); }
PYM_FN(px_cpu_count) { (void)self; (void)args; if (py_args_none(I, "cpu_count", nargs, kw)) return PY_NULL; return py_int_small(1); }

PYM_FN(px_strerror)
{
    (void)self;
    if (py_args_exact(I, "strerror", nargs, kw, 1)) return PY_NULL;
    int e;
    if (pym_arg_cint(I, args[0], &e)) return PY_NULL;
    static const struct { int e; const char *m; } tab[] = {
        { 0, "Success" }, { 1, "Operation not permitted" }, { 2, "No such file or directory" }, { 3, "No such process" },
        { 4, "Interrupted system call" }, { 5, "Input/output error" }, { 9, "Bad file descriptor" },
        { 12, "Cannot allocate memory" }, { 13, "Permission denied" }, { 16, "Device or resource busy" },
        { 17, "File exists" }, { 18, "Invalid cross-device link" }, { 20, "Not a directory" }, { 21, "Is a directory" },
        { 22, "Invalid argument" }, { 25, "Inappropriate ioctl for device" }, { 27, "File too large" },
        { 28, "No space left on device" }, { 30, "Read-only file system" }, { 32, "Broken pipe" },
        { 36, "File name too long" }, { 39, "Directory not empty" }, { 40, "Too many levels of symbolic links" },
        { 95, "Operation not supported" },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (tab[i].e == e) return py_str_cstr(I, tab[i].m);
    return py_str_fmt(I, "Unknown error %d", e);
}

PYM_FN(px_fspath)
{
    (void)self;
    static const char *const names[] = { "path", NULL };
    py_val a[1];
    if (pym_parse(I, "fspath", args, nargs, kw, names, 1, a)) return PY_NULL;
    if (py_is_str(a[0]) || py_is_bytes(a[0])) return py_newref(a[0]);
    py_val f = py_lookup_special(I, a[0], PY_ID(I, __fspath__));
    if (!f) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "expected str, bytes or os.PathLike object, not %s", py_type_name(I, a[0]));
    }
    py_val r = py_call0(I, f);
    py_decref(I, f);
    if (r && !py_is_str(r) && !py_is_bytes(r)) {
        py_err_fmt(I, PY_E_TypeError, "expected %s.__fspath__() to return str or bytes, not %s", py_type_name(I, a[0]),
                   py_type_name(I, r));
        py_decref(I, r);
        return PY_NULL;
    }
    return r;
}

/* _sleep(seconds) */
PYM_FN(px_sleep)
{
    (void)self;
    if (py_args_exact(I, "sleep", nargs, kw, 1)) return PY_NULL;
    double d;
    if (py_is_float(args[0])) d = py_float_val(args[0]);
    else if (py_is_intlike(args[0])) { if (py_int_to_double(I, args[0], &d)) return PY_NULL; }
    else return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
    if (d != d) return py_err_str(I, PY_E_ValueError, "Invalid value NaN (not a number)");
    if (d < 0) return py_err_str(I, PY_E_ValueError, "sleep length must be non-negative");
    if (d > 1e9) d = 1e9;
    if (pyos_sleep(I, (int64_t)(d * 1e9))) return PY_NULL;
    return PY_NONE;
}

/* _time_ns() -> wall ns, _monotonic_ns(), _tzoffset() -> seconds */
PYM_FN(px_time_ns) { (void)self; (void)args; if (py_args_none(I, "time_ns", nargs, kw)) return PY_NULL; return py_int_from_i64(I, pyos_wall_ns(I)); }
PYM_FN(px_mono_ns) { (void)self; (void)args; if (py_args_none(I, "monotonic_ns", nargs, kw)) return PY_NULL; return py_int_from_i64(I, pyos_mono_ns(I)); }
PYM_FN(px_tzoffset) { (void)self; (void)args; if (py_args_none(I, "tzoffset", nargs, kw)) return PY_NULL; return py_int_small(pyos_tz_offset(I)); }
PYM_FN(px_has_fs)
{
    (void)self; (void)args;
    if (py_args_none(I, "_has_fs", nargs, kw)) return PY_NULL;
    return py_bool(I->opts && I->opts->vfs);
}
PYM_FN(px_random64) { (void)self; (void)args; if (py_args_none(I, "_random64", nargs, kw)) return PY_NULL; return py_int_from_u64(I, pyos_random64(I)); }

/* _path_normpath(path): CPython's normpath (posixpath.normpath) */
PYM_FN(px_normpath)
{
    (void)self;
    static const char *const names[] = { "path", NULL };
    py_val a[1];
    if (pym_parse(I, "_path_normpath", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val p = path_conv(I, a[0], "_path_normpath", "path", 0);
    if (!p) return PY_NULL;
    int as_bytes = py_is_bytes(a[0]);
    const char *s = py_str_data(p);
    size_t n = py_str_len(p);
    sk_buf out = SK_BUF_INIT(I->alloc);
    if (n == 0) {
        sk_buf_putc(&out, '.');
    } else {
        size_t lead = 0;
        if (s[0] == '/') lead = (n >= 2 && s[1] == '/' && (n < 3 || s[2] != '/')) ? 2 : 1;
        /* components as (start, len) */
        size_t cap = n / 2 + 2, nc = 0;
        size_t *st = py_alloc(I, cap * 2 * sizeof(size_t));
        if (!st) { py_decref(I, p); return PY_NULL; }
        size_t i = 0;
        while (i < n) {
            while (i < n && s[i] == '/') i++;
            size_t b = i;
            while (i < n && s[i] != '/') i++;
            size_t len = i - b;
            if (len == 0 || (len == 1 && s[b] == '.')) continue;
            if (len == 2 && s[b] == '.' && s[b + 1] == '.') {
                if (nc && !(st[2 * (nc - 1) + 1] == 2 && s[st[2 * (nc - 1)]] == '.' && s[st[2 * (nc - 1)] + 1] == '.')) {
                    nc--;
                    continue;
                }
                if (lead) continue;
            }
            st[2 * nc] = b;
            st[2 * nc + 1] = len;
            nc++;
        }
        for (size_t k = 0; k < lead; k++) sk_buf_putc(&out, '/');
        for (size_t k = 0; k < nc; k++) {
            if (k) sk_buf_putc(&out, '/');
            sk_buf_put(&out, s + st[2 * k], st[2 * k + 1]);
        }
        if (out.len == 0) sk_buf_putc(&out, '.');
        py_free(I, st, cap * 2 * sizeof(size_t));
    }
    py_decref(I, p);
    if (!out.p) return py_err_nomem(I);
    py_val r;
    if (as_bytes) {
        py_val t = py_str_from_buf(I, &out);
        if (!t) return PY_NULL;
        r = py_str_encode(I, t, "utf-8", "surrogateescape");
        py_decref(I, t);
    } else {
        r = py_str_from_buf(I, &out);
    }
    return r;
}

static const py_methoddef posix_fns[] = {
    { "stat", px_stat, PY_METH_KW }, { "lstat", px_lstat, PY_METH_KW }, { "_kind", px_kind, 0 },
    { "listdir", px_listdir, PY_METH_KW },
    { "_scandir", px_scandir, PY_METH_KW }, { "unlink", px_unlink, PY_METH_KW }, { "remove", px_remove, PY_METH_KW },
    { "rmdir", px_rmdir, PY_METH_KW }, { "mkdir", px_mkdir, PY_METH_KW }, { "rename", px_rename, PY_METH_KW },
    { "replace", px_replace, PY_METH_KW }, { "getcwd", px_getcwd, 0 }, { "chdir", px_chdir, PY_METH_KW },
    { "readlink", px_readlink, PY_METH_KW }, { "symlink", px_symlink, PY_METH_KW }, { "chmod", px_chmod, PY_METH_KW },
    { "utime", px_utime, PY_METH_KW }, { "truncate", px_truncate, PY_METH_KW }, { "access", px_access, PY_METH_KW },
    { "_realpath", px_realpath, 0 }, { "_copyfile", px_copyfile, 0 }, { "_rmtree", px_rmtree, 0 },
    { "urandom", px_urandom, PY_METH_KW }, { "getpid", px_getpid, 0 }, { "getppid", px_getppid, 0 },
    { "getuid", px_getuid, 0 }, { "geteuid", px_getuid, 0 }, { "getgid", px_getuid, 0 }, { "getegid", px_getuid, 0 },
    { "cpu_count", px_cpu_count, 0 }, { "strerror", px_strerror, 0 }, { "fspath", px_fspath, PY_METH_KW },
    { "_sleep", px_sleep, 0 }, { "_time_ns", px_time_ns, 0 }, { "_monotonic_ns", px_mono_ns, 0 },
    { "_tzoffset", px_tzoffset, 0 }, { "_has_fs", px_has_fs, 0 }, { "_random64", px_random64, 0 },
    { "_path_normpath", px_normpath, PY_METH_KW },
    { NULL, NULL, 0 }
};

static py_val make_environ(py_interp *I)
{
    py_val d = py_dict_new(I);
    if (!d) return PY_NULL;
    char *const *ep = I->opts ? I->opts->envp : NULL;
    for (; ep && *ep; ep++) {
        const char *eq = strchr(*ep, '=');
        if (!eq || eq == *ep) continue;
        py_val k = py_bytes_decode(I, *ep, (size_t)(eq - *ep), "utf-8", "surrogateescape");
        py_val v = k ? py_bytes_decode(I, eq + 1, strlen(eq + 1), "utf-8", "surrogateescape") : PY_NULL;
        int r = !v || py_dict_set(I, d, k, v);
        py_xdecref(I, k);
        py_xdecref(I, v);
        if (r) { py_decref(I, d); return PY_NULL; }
    }
    return d;
}

int py_mod_posix_init(py_interp *I, py_val mod);
int py_mod_posix_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, posix_fns)) return -1;
    py_type *t = pym_type_new(I, &state_typedef, NULL);
    if (!t) return -1;
    pyos_state *st = (pyos_state *)py_obj_new(I, t, sizeof(pyos_state));
    if (!st) return -1;
    const char *cwd = I->opts && I->opts->cwd && I->opts->cwd[0] == '/' ? I->opts->cwd : "/";
    st->cwd = py_str_cstr(I, cwd);
    uint64_t seed = I->opts ? I->opts->seed : 0;
    st->rng[0] = seed ^ 0x243F6A8885A308D3ULL;
    st->rng[1] = (seed * 0x9E3779B97F4A7C15ULL) ^ 0x13198A2E03707344ULL;
    if (!st->cwd || py_module_add(I, mod, "_state", PY_VAL(st))) return -1;
    if (py_module_add(I, mod, "environ", make_environ(I))) return -1;
    return 0;
}
