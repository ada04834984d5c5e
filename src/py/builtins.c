/* builtins.c — the builtins namespace (filled lazily: a name is
 * materialised the first time a program looks it up), the builtin
 * functions, __build_class__, and the import machinery over the registry
 * of builtin modules (modules.c).
 *
 * Must never: expose host state (no real files, environment or time).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "py/core.h"
#include "py/modules.h"

py_val py_run_code_ns(py_interp *I, py_func *fn, py_val ns, const py_val *args, size_t nargs);
py_val py_super_new(py_interp *I, py_val type, py_val obj);

#define BFN(name) static py_val bi_##name(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)

/* ---- print / input -------------------------------------------------------------- */
int py_sys_write(py_interp *I, py_val file, const char *p, size_t n);

BFN(print)
{
    (void)self;
    py_val sep = PY_NULL, end = PY_NULL, file = PY_NULL, flush = PY_NULL;
    if (kw) {
        for (size_t i = 0; i < py_tuple_len(kw); i++) {
            py_val k = py_tuple_items(kw)[i], v = args[nargs + i];
            if (py_str_eq_c(k, "sep")) sep = v;
            else if (py_str_eq_c(k, "end")) end = v;
            else if (py_str_eq_c(k, "file")) file = v;
            else if (py_str_eq_c(k, "flush")) flush = v;
            else return py_err_fmt(I, PY_E_TypeError, "print() got an unexpected keyword argument '%s'", py_str_data(k));
        }
    }
    (void)flush;
    if (sep == PY_NONE) sep = PY_NULL;
    if (end == PY_NONE) end = PY_NULL;
    if (file == PY_NONE) file = PY_NULL;
    if (sep && !py_is_str(sep)) return py_err_fmt(I, PY_E_TypeError, "sep must be None or a string, not %s", py_type_name(I, sep));
    if (end && !py_is_str(end)) return py_err_fmt(I, PY_E_TypeError, "end must be None or a string, not %s", py_type_name(I, end));
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < nargs; i++) {
        if (i) {
            if (sep) py_buf_put_str(&b, sep);
            else sk_buf_putc(&b, ' ');
        }
        if (PY_IS(args[i], STR)) py_buf_put_str(&b, args[i]);
        else if (py_buf_str(I, &b, args[i])) { sk_buf_free(&b); return PY_NULL; }
    }
    if (end) py_buf_put_str(&b, end);
    else sk_buf_putc(&b, '\n');
    int r = py_sys_write(I, file, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    if (r) return PY_NULL;
    return PY_NONE;
}

py_val py_sys_readline(py_interp *I, int strip_newline);

BFN(input)
{
    (void)self;
    if (py_args_range(I, "input", nargs, kw, 0, 1)) return PY_NULL;
    if (nargs) {
        py_val s = py_str(I, args[0]);
        if (!s) return PY_NULL;
        int r = py_sys_write(I, PY_NULL, py_str_data(s), py_str_len(s));
        py_decref(I, s);
        if (r) return PY_NULL;
    }
    return py_sys_readline(I, 1);
}

/* ---- simple functions ----------------------------------------------------------------- */
BFN(len)
{
    (void)self;
    if (py_args_exact(I, "len", nargs, kw, 1)) return PY_NULL;
    int64_t n = py_len(I, args[0]);
    return n < 0 ? PY_NULL : py_int_from_i64(I, n);
}

BFN(repr)
{
    (void)self;
    if (py_args_exact(I, "repr", nargs, kw, 1)) return PY_NULL;
    return py_repr(I, args[0]);
}

BFN(ascii)
{
    (void)self;
    if (py_args_exact(I, "ascii", nargs, kw, 1)) return PY_NULL;
    return py_ascii(I, args[0]);
}

BFN(abs)
{
    (void)self;
    if (py_args_exact(I, "abs", nargs, kw, 1)) return PY_NULL;
    return py_abs(I, args[0]);
}

BFN(hash)
{
    (void)self;
    if (py_args_exact(I, "hash", nargs, kw, 1)) return PY_NULL;
    int64_t h;
    if (py_hash(I, args[0], &h)) return PY_NULL;
    return py_int_from_i64(I, h);
}

BFN(id)
{
    (void)self;
    if (py_args_exact(I, "id", nargs, kw, 1)) return PY_NULL;
    return py_int_from_u64(I, py_id_of(I, args[0]));
}

BFN(callable)
{
    (void)self;
    if (py_args_exact(I, "callable", nargs, kw, 1)) return PY_NULL;
    return py_bool(py_callable(I, args[0]));
}

BFN(chr)
{
    (void)self;
    if (py_args_exact(I, "chr", nargs, kw, 1)) return PY_NULL;
    if (!py_is_intlike(args[0]) && !py_typeof(I, args[0])->s.index)
        return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, args[0]));
    int64_t c;
    if (py_index_i64(I, args[0], &c, 0)) return PY_NULL;
    if (c < 0 || c > 0x10FFFF) return py_err_str(I, PY_E_ValueError, "chr() arg not in range(0x110000)");
    if (c >= 0xD800 && c <= 0xDFFF) {
        char buf[3] = { (char)(0xE0 | (c >> 12)), (char)(0x80 | ((c >> 6) & 0x3F)), (char)(0x80 | (c & 0x3F)) };
        py_val s = py_str_new(I, buf, 3);
        if (s) { PY_STR(s)->cplen = 1; PY_STR(s)->ascii = 0; }
        return s;
    }
    return py_str_char(I, (uint32_t)c);
}

BFN(ord)
{
    (void)self;
    if (py_args_exact(I, "ord", nargs, kw, 1)) return PY_NULL;
    py_val v = args[0];
    if (py_is_str(v)) {
        if (PY_STR(v)->cplen != 1)
            return py_err_fmt(I, PY_E_TypeError, "ord() expected a character, but string of length %zu found", PY_STR(v)->cplen);
        size_t i = 0;
        uint32_t cp;
        const unsigned char *p = (const unsigned char *)py_str_data(v);
        if (p[0] == 0xED && py_str_len(v) == 3) cp = ((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        else py_utf8_decode(py_str_data(v), py_str_len(v), &i, &cp);
        return py_int_small(cp);
    }
    if (py_is_bytes(v)) {
        if (PY_BYTES(v)->len != 1)
            return py_err_fmt(I, PY_E_TypeError, "ord() expected a character, but string of length %zu found", PY_BYTES(v)->len);
        return py_int_small((unsigned char)PY_BYTES(v)->data[0]);
    }
    if (py_is_bytearray(v)) {
        py_bytearray *b = (py_bytearray *)PY_OBJ(v);
        if (b->len != 1) return py_err_fmt(I, PY_E_TypeError, "ord() expected a character, but string of length %zu found", b->len);
        return py_int_small((unsigned char)b->data[0]);
    }
    return py_err_fmt(I, PY_E_TypeError, "ord() expected string of length 1, but %s found", py_type_name(I, v));
}

static py_val int_to_base(py_interp *I, py_val v, int base, const char *prefix)
{
    py_val i = py_index(I, v);
    if (!i) return PY_NULL;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int neg = py_int_sign(i) < 0;
    py_val a = neg ? py_int_neg(I, i) : py_newref(i);
    py_decref(I, i);
    if (!a) return PY_NULL;
    if (neg) sk_buf_putc(&b, '-');
    sk_buf_puts(&b, prefix);
    int r = py_int_format_base(I, a, base, &b);
    py_decref(I, a);
    if (r) { sk_buf_free(&b); return PY_NULL; }
    return py_str_from_buf(I, &b);
}

BFN(bin) { (void)self; if (py_args_exact(I, "bin", nargs, kw, 1)) return PY_NULL; return int_to_base(I, args[0], 2, "0b"); }
BFN(oct) { (void)self; if (py_args_exact(I, "oct", nargs, kw, 1)) return PY_NULL; return int_to_base(I, args[0], 8, "0o"); }
BFN(hex) { (void)self; if (py_args_exact(I, "hex", nargs, kw, 1)) return PY_NULL; return int_to_base(I, args[0], 16, "0x"); }

BFN(divmod)
{
    (void)self;
    if (py_no_kw(I, "divmod", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "divmod expected 2 arguments, got %zu", nargs);
    return py_binop(I, args[0], args[1], PY_NB_DIVMOD);
}

BFN(pow)
{
    (void)self;
    static const char *const names[] = { "base", "exp", "mod", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, "pow", args, nargs, kw, names, 2, a)) return PY_NULL;
    return py_pow3(I, a[0], a[1], a[2]);
}

BFN(round)
{
    (void)self;
    static const char *const names[] = { "number", "ndigits", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "round", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val m = py_lookup_special(I, a[0], PY_ID(I, __round__));
    if (!m) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "type %s doesn't define __round__ method", py_type_name(I, a[0]));
    }
    py_val r = (a[1] && a[1] != PY_NONE) ? py_call1(I, m, a[1]) : py_call0(I, m);
    py_decref(I, m);
    return r;
}

BFN(format)
{
    (void)self;
    if (py_args_range(I, "format", nargs, kw, 1, 2)) return PY_NULL;
    py_val spec = nargs > 1 ? args[1] : PY_NULL;
    if (spec && !py_is_str(spec))
        return py_err_fmt(I, PY_E_TypeError, "format() argument 2 must be str, not %s", py_argtype_name(I, spec));
    return py_format(I, args[0], spec);
}

/* ---- attributes ----------------------------------------------------------------- */
BFN(getattr)
{
    (void)self;
    if (py_no_kw(I, "getattr", kw)) return PY_NULL;
    if (nargs < 2 || nargs > 3) {
        if (nargs < 2) return py_err_fmt(I, PY_E_TypeError, "getattr expected at least 2 arguments, got %zu", nargs);
        return py_err_fmt(I, PY_E_TypeError, "getattr expected at most 3 arguments, got %zu", nargs);
    }
    if (!py_is_str(args[1])) return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, args[1]));
    py_val name = py_intern_str(I, py_newref(args[1]));
    if (!name) return PY_NULL;
    py_val r;
    if (nargs == 3) {
        r = py_getattr_opt(I, args[0], name);
        if (!r && !py_err_occurred(I)) r = py_newref(args[2]);
    } else {
        r = py_getattr(I, args[0], name);
    }
    py_decref(I, name);
    return r;
}

BFN(setattr)
{
    (void)self;
    if (py_no_kw(I, "setattr", kw)) return PY_NULL;
    if (nargs != 3) return py_err_fmt(I, PY_E_TypeError, "setattr expected 3 arguments, got %zu", nargs);
    if (!py_is_str(args[1])) return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, args[1]));
    py_val name = py_intern_str(I, py_newref(args[1]));
    if (!name) return PY_NULL;
    int r = py_setattr(I, args[0], name, args[2]);
    py_decref(I, name);
    return r ? PY_NULL : PY_NONE;
}

BFN(delattr)
{
    (void)self;
    if (py_no_kw(I, "delattr", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "delattr expected 2 arguments, got %zu", nargs);
    if (!py_is_str(args[1])) return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, args[1]));
    py_val name = py_intern_str(I, py_newref(args[1]));
    if (!name) return PY_NULL;
    int r = py_setattr(I, args[0], name, PY_NULL);
    py_decref(I, name);
    return r ? PY_NULL : PY_NONE;
}

BFN(hasattr)
{
    (void)self;
    if (py_no_kw(I, "hasattr", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "hasattr expected 2 arguments, got %zu", nargs);
    if (!py_is_str(args[1])) return py_err_fmt(I, PY_E_TypeError, "attribute name must be string, not '%s'", py_type_name(I, args[1]));
    py_val name = py_intern_str(I, py_newref(args[1]));
    if (!name) return PY_NULL;
    int r = py_hasattr(I, args[0], name);
    py_decref(I, name);
    return r < 0 ? PY_NULL : py_bool(r);
}

BFN(isinstance)
{
    (void)self;
    if (py_no_kw(I, "isinstance", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "isinstance expected 2 arguments, got %zu", nargs);
    int r = py_isinstance(I, args[0], args[1]);
    return r < 0 ? PY_NULL : py_bool(r);
}

BFN(issubclass)
{
    (void)self;
    if (py_no_kw(I, "issubclass", kw)) return PY_NULL;
    if (nargs != 2) return py_err_fmt(I, PY_E_TypeError, "issubclass expected 2 arguments, got %zu", nargs);
    int r = py_issubclass(I, args[0], args[1]);
    return r < 0 ? PY_NULL : py_bool(r);
}

/* ---- iteration ------------------------------------------------------------------------ */
BFN(iter)
{
    (void)self;
    if (py_no_kw(I, "iter", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "iter expected at least 1 argument, got 0");
        return py_err_fmt(I, PY_E_TypeError, "iter expected at most 2 arguments, got %zu", nargs);
    }
    if (nargs == 2) {
        if (!py_callable(I, args[0])) return py_err_str(I, PY_E_TypeError, "iter(v, w): v must be callable");
        return py_calliter_new(I, args[0], args[1]);
    }
    return py_iter(I, args[0]);
}

BFN(next)
{
    (void)self;
    if (py_no_kw(I, "next", kw)) return PY_NULL;
    if (nargs < 1 || nargs > 2) {
        if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "next expected at least 1 argument, got 0");
        return py_err_fmt(I, PY_E_TypeError, "next expected at most 2 arguments, got %zu", nargs);
    }
    py_type *t = py_typeof(I, args[0]);
    if (!t->s.next) return py_err_fmt(I, PY_E_TypeError, "'%s' object is not an iterator", t->name);
    py_val r = t->s.next(I, args[0]);
    if (r) return r;
    if (py_err_occurred(I)) {
        if (nargs == 2 && py_err_matches(I, PY_E_StopIteration)) { py_err_clear(I); return py_newref(args[1]); }
        return PY_NULL;
    }
    if (nargs == 2) return py_newref(args[1]);
    return py_err_stopiteration(I, PY_NULL);
}

py_val py_anext_awaitable_new(py_interp *I, py_val aw, py_val dflt);   /* gen.c */

BFN(aiter)
{
    (void)self;
    if (py_args_exact(I, "aiter", nargs, kw, 1)) return PY_NULL;
    py_val m = py_lookup_special(I, args[0], PY_ID(I, __aiter__));
    if (!m) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "'%s' object is not an async iterable", py_type_name(I, args[0]));
    }
    py_val it = py_call0(I, m);
    py_decref(I, m);
    if (!it) return PY_NULL;
    py_val n = py_lookup_special(I, it, PY_ID(I, __anext__));
    if (!n) {
        if (!py_err_occurred(I))
            py_err_fmt(I, PY_E_TypeError, "aiter() returned not an async iterator of type '%s'", py_type_name(I, it));
        py_decref(I, it);
        return PY_NULL;
    }
    py_decref(I, n);
    return it;
}

BFN(anext)
{
    (void)self;
    if (py_no_kw(I, "anext", kw)) return PY_NULL;
    if (nargs < 1) return py_err_fmt(I, PY_E_TypeError, "anext expected at least 1 argument, got 0");
    if (nargs > 2) return py_err_fmt(I, PY_E_TypeError, "anext expected at most 2 arguments, got %zu", nargs);
    py_val m = py_lookup_special(I, args[0], PY_ID(I, __anext__));
    if (!m) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_fmt(I, PY_E_TypeError, "'%s' object is not an async iterator", py_type_name(I, args[0]));
    }
    py_val aw = py_call0(I, m);
    py_decref(I, m);
    if (!aw || nargs == 1) return aw;
    py_val r = py_anext_awaitable_new(I, aw, args[1]);
    py_decref(I, aw);
    return r;
}

static py_val any_all(py_interp *I, py_val v, int want)
{
    py_val it = py_iter(I, v);
    if (!it) return PY_NULL;
    for (;;) {
        py_val x = py_next(I, it);
        if (!x) break;
        int t = py_truthy(I, x);
        py_decref(I, x);
        if (t < 0) { py_decref(I, it); return PY_NULL; }
        if (t == want) { py_decref(I, it); return py_bool(want); }
    }
    py_decref(I, it);
    if (py_err_occurred(I)) return PY_NULL;
    return py_bool(!want);
}

BFN(any) { (void)self; if (py_args_exact(I, "any", nargs, kw, 1)) return PY_NULL; return any_all(I, args[0], 1); }
BFN(all) { (void)self; if (py_args_exact(I, "all", nargs, kw, 1)) return PY_NULL; return any_all(I, args[0], 0); }

BFN(sum)
{
    (void)self;
    static const char *const names[] = { "!iterable", "start", NULL };
    py_val a[2] = { 0, 0 };
    if (py_args_parse(I, "sum", args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val acc = a[1] ? a[1] : py_int_small(0);
    if (py_is_str(acc)) return py_err_str(I, PY_E_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    if (py_is_bytes(acc)) return py_err_str(I, PY_E_TypeError, "sum() can't sum bytes [use b''.join(seq) instead]");
    if (py_is_bytearray(acc)) return py_err_str(I, PY_E_TypeError, "sum() can't sum bytearray [use b''.join(seq) instead]");
    py_val it = py_iter(I, a[0]);
    if (!it) return PY_NULL;
    py_incref(acc);
    /* int fast path */
    int64_t isum = 0;
    int in_int = py_is_int(acc);
    if (in_int) isum = py_int_val(acc);
    double fsum = 0, comp = 0;
    int in_float = 0;
    for (;;) {
        py_val x = py_next(I, it);
        if (!x) break;
        if (in_int) {
            if (py_is_int(x) && py_fits_small(isum + py_int_val(x))) { isum += py_int_val(x); continue; }
            py_decref(I, acc);
            acc = py_int_from_i64(I, isum);
            in_int = 0;
            if (py_is_float(x)) {
                double d;
                if (py_int_to_double(I, acc, &d)) { py_decref(I, x); py_decref(I, acc); py_decref(I, it); return PY_NULL; }
                fsum = d; comp = 0; in_float = 1;
            }
        }
        if (in_float) {
            if (py_is_float(x) || py_is_int(x)) {
                double d = py_is_float(x) ? py_float_val(x) : (double)py_int_val(x);
                /* Neumaier compensated summation, as CPython 3.12+ */
                double t = fsum + d;
                if (fabs(fsum) >= fabs(d)) comp += (fsum - t) + d;
                else comp += (d - t) + fsum;
                fsum = t;
                continue;
            }
            py_decref(I, acc);
            acc = py_float(fsum + comp);
            in_float = 0;
        } else if (!in_int && py_is_float(acc) && py_is_float(x)) {
            fsum = py_float_val(acc); comp = 0; in_float = 1;
            double d = py_float_val(x);
            double t = fsum + d;
            if (fabs(fsum) >= fabs(d)) comp += (fsum - t) + d;
            else comp += (d - t) + fsum;
            fsum = t;
            continue;
        }
        py_val r = py_binop(I, acc, x, PY_NB_ADD);
        py_decref(I, x);
        py_decref(I, acc);
        if (!r) { py_decref(I, it); return PY_NULL; }
        acc = r;
    }
    py_decref(I, it);
    if (py_err_occurred(I)) { py_decref(I, acc); return PY_NULL; }
    if (in_int) { py_decref(I, acc); return py_int_from_i64(I, isum); }
    if (in_float) { py_decref(I, acc); return py_float(fsum + comp); }
    return acc;
}

static py_val minmax(py_interp *I, const py_val *args, size_t nargs, py_val kw, int op, const char *name)
{
    py_val key = PY_NULL, dflt = PY_NULL;
    if (kw) {
        for (size_t i = 0; i < py_tuple_len(kw); i++) {
            py_val k = py_tuple_items(kw)[i];
            if (py_str_eq_c(k, "key")) key = args[nargs + i];
            else if (py_str_eq_c(k, "default")) dflt = args[nargs + i];
            else return py_err_fmt(I, PY_E_TypeError, "%s() got an unexpected keyword argument '%s'", name, py_str_data(k));
        }
    }
    if (key == PY_NONE) key = PY_NULL;
    if (nargs == 0) return py_err_fmt(I, PY_E_TypeError, "%s expected at least 1 argument, got 0", name);
    py_val it;
    if (nargs == 1) {
        it = py_iter(I, args[0]);
        if (!it) return PY_NULL;
    } else {
        if (dflt) return py_err_fmt(I, PY_E_TypeError, "Cannot specify a default for %s() with multiple positional arguments", name);
        py_val t = py_tuple_from(I, args, nargs);
        if (!t) return PY_NULL;
        it = py_iter(I, t);
        py_decref(I, t);
        if (!it) return PY_NULL;
    }
    py_val best = PY_NULL, bestkey = PY_NULL;
    for (;;) {
        py_val x = py_next(I, it);
        if (!x) break;
        py_val k = key ? py_call1(I, key, x) : py_newref(x);
        if (!k) { py_decref(I, x); goto fail; }
        if (!best) { best = x; bestkey = k; continue; }
        int r = py_richcmp_bool(I, k, bestkey, op);
        if (r < 0) { py_decref(I, x); py_decref(I, k); goto fail; }
        if (r) {
            py_decref(I, best); py_decref(I, bestkey);
            best = x; bestkey = k;
        } else {
            py_decref(I, x); py_decref(I, k);
        }
    }
    py_decref(I, it);
    if (py_err_occurred(I)) { py_xdecref(I, best); py_xdecref(I, bestkey); return PY_NULL; }
    if (!best) {
        if (dflt) return py_newref(dflt);
        return py_err_fmt(I, PY_E_ValueError, "%s() iterable argument is empty", name);
    }
    py_decref(I, bestkey);
    return best;
fail:
    py_decref(I, it);
    py_xdecref(I, best);
    py_xdecref(I, bestkey);
    return PY_NULL;
}

BFN(min) { (void)self; return minmax(I, args, nargs, kw, PY_LT, "min"); }
BFN(max) { (void)self; return minmax(I, args, nargs, kw, PY_GT, "max"); }

BFN(sorted)
{
    (void)self;
    if (nargs != 1) {
        if (nargs == 0) return py_err_str(I, PY_E_TypeError, "sorted expected 1 argument, got 0");
        return py_err_fmt(I, PY_E_TypeError, "sorted expected 1 argument, got %zu", nargs);
    }
    py_val key = PY_NULL, rev = PY_NULL;
    if (kw) {
        for (size_t i = 0; i < py_tuple_len(kw); i++) {
            py_val k = py_tuple_items(kw)[i];
            if (py_str_eq_c(k, "key")) key = args[nargs + i];
            else if (py_str_eq_c(k, "reverse")) rev = args[nargs + i];
            else return py_err_fmt(I, PY_E_TypeError, "sort() got an unexpected keyword argument '%s'", py_str_data(k));
        }
    }
    py_val l = py_sequence_list(I, args[0]);
    if (!l) return PY_NULL;
    int r = 0;
    if (rev) { r = py_truthy(I, rev); if (r < 0) { py_decref(I, l); return PY_NULL; } }
    if (py_list_sort(I, l, key, r)) { py_decref(I, l); return PY_NULL; }
    return l;
}

/* ---- namespaces -------------------------------------------------------------------- */
static py_val frame_locals_dict(py_interp *I, py_frame *f)
{
    if (!f) return py_dict_new(I);
    if (f->locals) return py_newref(f->locals);
    if (f->code->flags & PY_CO_MODULE) return py_newref(f->globals);
    py_val d = py_dict_new(I);
    if (!d) return PY_NULL;
    py_code *co = f->code;
    for (uint32_t i = 0; i < co->nlocals; i++) {
        if (f->fast[i] && py_dict_set(I, d, co->localnames[i], f->fast[i])) { py_decref(I, d); return PY_NULL; }
    }
    for (uint32_t i = 0; i < co->ncells + co->nfrees; i++) {
        py_val c = f->fast[co->nlocals + i];
        if (c && PY_IS(c, CELL) && ((py_cell *)PY_OBJ(c))->v &&
            py_dict_set(I, d, co->localnames[co->nlocals + i], ((py_cell *)PY_OBJ(c))->v)) { py_decref(I, d); return PY_NULL; }
    }
    return d;
}

BFN(globals)
{
    (void)self; (void)args;
    if (py_args_none(I, "globals", nargs, kw)) return PY_NULL;
    if (!I->frame) return py_newref(I->main_dict);
    return py_newref(I->frame->globals);
}

BFN(locals)
{
    (void)self; (void)args;
    if (py_args_none(I, "locals", nargs, kw)) return PY_NULL;
    return frame_locals_dict(I, I->frame);
}

BFN(vars)
{
    (void)self;
    if (py_args_range(I, "vars", nargs, kw, 0, 1)) return PY_NULL;
    if (!nargs) return frame_locals_dict(I, I->frame);
    py_val d = py_getattr_opt(I, args[0], PY_ID(I, __dict__));
    if (!d) {
        if (py_err_occurred(I)) return PY_NULL;
        return py_err_str(I, PY_E_TypeError, "vars() argument must have __dict__ attribute");
    }
    return d;
}

BFN(dir)
{
    (void)self;
    if (py_args_range(I, "dir", nargs, kw, 0, 1)) return PY_NULL;
    py_val l;
    if (!nargs) {
        py_val d = frame_locals_dict(I, I->frame);
        if (!d) return PY_NULL;
        l = py_dict_keys_list(I, d);
        py_decref(I, d);
    } else {
        py_val m = py_lookup_special(I, args[0], py_intern(I, "__dir__"));
        if (!m) {
            if (py_err_occurred(I)) return PY_NULL;
            return py_list_new(I, 0);
        }
        py_val r = py_call0(I, m);
        py_decref(I, m);
        if (!r) return PY_NULL;
        l = py_sequence_list(I, r);
        py_decref(I, r);
    }
    if (l && py_list_sort(I, l, PY_NULL, 0)) { py_decref(I, l); return PY_NULL; }
    return l;
}

/* ---- eval / exec / compile ------------------------------------------------------------------ */
py_val py_exec_source(py_interp *I, py_val src, py_val globals, py_val locals, int mode, const char *fname);

static py_val eval_exec(py_interp *I, const py_val *args, size_t nargs, py_val kw, int mode, const char *name)
{
    static const char *const names[] = { "!source", "globals", "locals", NULL };
    py_val a[3] = { 0, 0, 0 };
    if (py_args_parse(I, name, args, nargs, kw, names, 1, a)) return PY_NULL;
    py_val g = a[1] && a[1] != PY_NONE ? a[1] : PY_NULL;
    py_val l = a[2] && a[2] != PY_NONE ? a[2] : PY_NULL;
    if (g && !py_is_dict(g)) return py_err_fmt(I, PY_E_TypeError, "%s() globals must be a dict, not %s", name, py_type_name(I, g));
    py_val owned_g = PY_NULL, owned_l = PY_NULL;
    if (!g) {
        if (I->frame) {
            g = I->frame->globals;
            if (!l) { owned_l = frame_locals_dict(I, I->frame); l = owned_l; if (l == g) { py_decref(I, owned_l); owned_l = PY_NULL; l = PY_NULL; } }
        } else g = I->main_dict;
    }
    if (!py_dict_get_str(I, g, PY_ID(I, __builtins__))) {
        if (py_dict_set(I, g, PY_ID(I, __builtins__), I->builtins)) return PY_NULL;
    }
    py_val src = a[0];
    if (!py_is_str(src)) {
        if (py_is_bytes(src)) {
            py_val s = py_str_new(I, PY_BYTES(src)->data, PY_BYTES(src)->len);
            if (!s) return PY_NULL;
            py_val r = py_exec_source(I, s, g, l, mode, "<string>");
            py_decref(I, s);
            py_xdecref(I, owned_g);
            py_xdecref(I, owned_l);
            return r;
        }
        if (PY_IS(src, CODE)) {
            py_val fn = py_func_new(I, PY_CODE(src), g, PY_NULL);
            if (!fn) return PY_NULL;
            int evalmode = (PY_CODE(src)->flags & PY_CO_EVALMODE) != 0;
            py_val saved = I->last_value;
            I->last_value = PY_NULL;
            py_val r = py_run_code_ns(I, PY_FUNC(fn), l ? l : g, NULL, 0);
            py_decref(I, fn);
            py_xdecref(I, owned_l);
            py_val got = I->last_value;
            I->last_value = saved;
            if (r && evalmode && mode == 1) { py_decref(I, r); return got ? got : PY_NONE; }
            py_xdecref(I, got);
            if (r) { py_decref(I, r); return PY_NONE; }
            return PY_NULL;
        }
        return py_err_fmt(I, PY_E_TypeError, "%s() arg 1 must be a string, bytes or code object", name);
    }
    py_val r = py_exec_source(I, src, g, l, mode, "<string>");
    py_xdecref(I, owned_g);
    py_xdecref(I, owned_l);
    return r;
}

BFN(eval) { (void)self; return eval_exec(I, args, nargs, kw, 1, "eval"); }

py_val py_compile_builtin(py_interp *I, py_val src, const char *fname, int mode);
BFN(compile)
{
    (void)self;
    static const char *const names[] = { "source", "filename", "mode", "flags", "dont_inherit", "optimize",
                                         "$_feature_version", NULL };
    py_val a[7] = { 0 };
    if (py_args_parse(I, "compile", args, nargs, kw, names, 3, a)) return PY_NULL;
    py_val src = a[0];
    py_val owned = PY_NULL;
    if (py_is_bytes(src)) {
        owned = py_str_new(I, PY_BYTES(src)->data, PY_BYTES(src)->len);
        if (!owned) return PY_NULL;
        src = owned;
    } else if (PY_IS(src, CODE)) {
        return py_newref(src);
    } else if (!py_is_str(src)) {
        return py_err_str(I, PY_E_TypeError, "compile() arg 1 must be a string, bytes or AST object");
    }
    if (!py_is_str(a[1])) { py_xdecref(I, owned); return py_err_fmt(I, PY_E_TypeError, "compile() argument 'filename' must be str, not %s", py_argtype_name(I, a[1])); }
    if (!py_is_str(a[2])) { py_xdecref(I, owned); return py_err_fmt(I, PY_E_TypeError, "compile() argument 'mode' must be str, not %s", py_argtype_name(I, a[2])); }
    const char *m = py_str_data(a[2]);
    int mode = !strcmp(m, "exec") ? 0 : !strcmp(m, "eval") ? 1 : !strcmp(m, "single") ? 2 : -1;
    if (mode < 0) { py_xdecref(I, owned); return py_err_str(I, PY_E_ValueError, "compile() mode must be 'exec', 'eval' or 'single'"); }
    py_val r = py_compile_builtin(I, src, py_str_data(a[1]), mode);
    py_xdecref(I, owned);
    return r;
}
BFN(exec) { (void)self; return eval_exec(I, args, nargs, kw, 0, "exec"); }

/* ---- classes -------------------------------------------------------------------------------- */
py_val py_build_class(py_interp *I, py_val func, py_val name, const py_val *bases, size_t nbases, py_val kwd)
{
    /* PEP 560: __mro_entries__ */
    py_val orig_bases = py_tuple_from(I, bases, nbases);
    if (!orig_bases) return PY_NULL;
    py_val blist = py_list_new(I, 0);
    if (!blist) { py_decref(I, orig_bases); return PY_NULL; }
    int changed = 0;
    for (size_t i = 0; i < nbases; i++) {
        py_val b = bases[i];
        if (!py_is_typeobj(b)) {
            py_val me = py_getattr_opt(I, b, PY_ID(I, __mro_entries__));
            if (me) {
                py_val r = py_call1(I, me, orig_bases);
                py_decref(I, me);
                if (!r || !py_is_tuple(r)) {
                    py_xdecref(I, r);
                    if (!py_err_occurred(I)) py_err_str(I, PY_E_TypeError, "__mro_entries__ must return a tuple");
                    py_decref(I, blist); py_decref(I, orig_bases);
                    return PY_NULL;
                }
                py_list_extend(I, blist, r);
                py_decref(I, r);
                changed = 1;
                continue;
            }
            if (py_err_occurred(I)) { py_decref(I, blist); py_decref(I, orig_bases); return PY_NULL; }
        }
        py_list_append(I, blist, b);
    }
    py_val btuple = py_sequence_tuple(I, blist);
    py_decref(I, blist);
    if (!btuple) { py_decref(I, orig_bases); return PY_NULL; }
    /* metaclass */
    py_val meta = PY_NULL;
    py_val kwd_rest = PY_NULL;
    if (kwd) {
        kwd_rest = py_dict_copy(I, kwd);
        if (!kwd_rest) goto fail0;
        py_val m;
        if (py_dict_pop(I, kwd_rest, py_intern(I, "metaclass"), &m) > 0) meta = m;
    }
    if (!meta) {
        if (py_tuple_len(btuple)) meta = py_newref(PY_VAL(py_typeof(I, py_tuple_items(btuple)[0])));
        else meta = py_newref(PY_VAL(PY_TYPE(I, PY_T_TYPE)));
    }
    if (py_is_typeobj(meta)) {
        /* the most derived metaclass of all bases */
        py_type *winner = PY_TYPEOBJ(meta);
        for (size_t i = 0; i < py_tuple_len(btuple); i++) {
            py_type *bt = py_typeof(I, py_tuple_items(btuple)[i]);
            if (py_type_is_subtype(winner, bt)) continue;
            if (py_type_is_subtype(bt, winner)) { winner = bt; continue; }
            py_err_str(I, PY_E_TypeError, "metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                                          "subclass of the metaclasses of all its bases");
            goto fail1;
        }
        if (PY_VAL(winner) != meta) { py_decref(I, meta); meta = py_newref(PY_VAL(winner)); }
    }
    /* __prepare__ */
    py_val ns;
    {
        py_val prep = py_getattr_opt(I, meta, PY_ID(I, __prepare__));
        if (prep) {
            py_val pargs[2] = { name, btuple };
            py_val kn = PY_NULL;
            if (kwd_rest && py_dict_len(kwd_rest)) {
                py_val a2 = py_tuple_from(I, pargs, 2);
                ns = a2 ? py_call_tuple_dict(I, prep, a2, kwd_rest) : PY_NULL;
                py_xdecref(I, a2);
            } else {
                ns = py_call(I, prep, pargs, 2, kn);
            }
            py_decref(I, prep);
        } else {
            if (py_err_occurred(I)) goto fail1;
            ns = py_dict_new(I);
        }
        if (!ns) goto fail1;
    }
    if (changed) {
        if (py_dict_set(I, ns, PY_ID(I, __orig_bases__), orig_bases)) { py_decref(I, ns); goto fail1; }
    }
    py_val cell = py_run_code_ns(I, PY_FUNC(func), ns, NULL, 0);
    if (!cell) { py_decref(I, ns); goto fail1; }
    py_val cls;
    {
        py_val cargs[3] = { name, btuple, ns };
        if (kwd_rest && py_dict_len(kwd_rest)) {
            py_val a3 = py_tuple_from(I, cargs, 3);
            cls = a3 ? py_call_tuple_dict(I, meta, a3, kwd_rest) : PY_NULL;
            py_xdecref(I, a3);
        } else {
            cls = py_call(I, meta, cargs, 3, PY_NULL);
        }
    }
    if (cls && PY_IS(cell, CELL)) {
        py_cell *c = (py_cell *)PY_OBJ(cell);
        py_incref(cls);
        PY_SETREF(I, c->v, cls);
    }
    if (cls && py_is_typeobj(cls)) {
        /* remove the bookkeeping entry */
        py_type *t = PY_TYPEOBJ(cls);
        py_val old;
        if (t->dict && py_dict_pop(I, t->dict, PY_ID(I, __classcell__), &old) > 0) py_decref(I, old);
    }
    py_decref(I, cell);
    py_decref(I, ns);
    py_decref(I, meta);
    py_xdecref(I, kwd_rest);
    py_decref(I, btuple);
    py_decref(I, orig_bases);
    return cls;
fail1:
    py_xdecref(I, meta);
    py_xdecref(I, kwd_rest);
fail0:
    py_decref(I, btuple);
    py_decref(I, orig_bases);
    return PY_NULL;
}

BFN(build_class)
{
    (void)self;
    if (nargs < 2) return py_err_str(I, PY_E_TypeError, "__build_class__: not enough arguments");
    if (!PY_IS(args[0], FUNCTION)) return py_err_str(I, PY_E_TypeError, "__build_class__: func must be a function");
    if (!py_is_str(args[1])) return py_err_str(I, PY_E_TypeError, "__build_class__: name is not a string");
    py_val kwd = PY_NULL;
    if (kw) {
        kwd = py_dict_new(I);
        if (!kwd) return PY_NULL;
        for (size_t i = 0; i < py_tuple_len(kw); i++)
            if (py_dict_set(I, kwd, py_tuple_items(kw)[i], args[nargs + i])) { py_decref(I, kwd); return PY_NULL; }
    }
    py_val r = py_build_class(I, args[0], args[1], args + 2, nargs - 2, kwd);
    py_xdecref(I, kwd);
    return r;
}

/* super() without arguments: inspect the calling frame */
py_val py_super_zero_arg(py_interp *I)
{
    py_frame *f = I->frame;
    if (!f) return py_err_str(I, PY_E_RuntimeError, "super(): no current frame");
    py_code *co = f->code;
    /* comprehensions and genexps inside methods: look outward */
    if (co->argcount == 0 && !(co->flags & PY_CO_VARARGS)) return py_err_str(I, PY_E_RuntimeError, "super(): no arguments");
    py_val first = f->fast[0];
    for (uint32_t i = 0; i < co->ncells; i++) {
        if (co->cell2arg && co->cell2arg[i] == 0) {
            py_val c = f->fast[co->nlocals + i];
            first = c ? ((py_cell *)PY_OBJ(c))->v : PY_NULL;
        }
    }
    if (co->flags & PY_CO_VARARGS && co->argcount == 0) {
        py_val t = f->fast[0];
        first = t && py_tuple_len(t) ? py_tuple_items(t)[0] : PY_NULL;
    }
    if (!first) return py_err_str(I, PY_E_RuntimeError, "super(): arg[0] deleted");
    for (uint32_t i = 0; i < co->ncells + co->nfrees; i++) {
        if (py_str_eq_c(co->localnames[co->nlocals + i], "__class__")) {
            py_val c = f->fast[co->nlocals + i];
            py_val cls = c ? ((py_cell *)PY_OBJ(c))->v : PY_NULL;
            if (!cls) return py_err_str(I, PY_E_RuntimeError, "super(): empty __class__ cell");
            if (!py_is_typeobj(cls)) return py_err_str(I, PY_E_RuntimeError, "super(): __class__ is not a type");
            return py_super_new(I, cls, first);
        }
    }
    return py_err_str(I, PY_E_RuntimeError, "super(): __class__ cell not found");
}

/* ---- import ------------------------------------------------------------------------------- */
BFN(import)
{
    (void)self;
    static const char *const names[] = { "name", "globals", "locals", "fromlist", "level", NULL };
    py_val a[5] = { 0, 0, 0, 0, 0 };
    if (py_args_parse(I, "__import__", args, nargs, kw, names, 1, a)) return PY_NULL;
    if (!py_is_str(a[0])) return py_err_fmt(I, PY_E_TypeError, "__import__() argument 1 must be str, not %s", py_type_name(I, a[0]));
    int64_t level = 0;
    if (a[4] && py_int_to_i64(I, a[4], &level)) return PY_NULL;
    return py_import(I, a[0], a[3] ? a[3] : PY_NONE, (int)level);
}

/* ---- the table -------------------------------------------------------------------------- */
static const py_methoddef builtin_fns[] = {
    { "__build_class__", bi_build_class, PY_METH_KW },
    { "__import__", bi_import, PY_METH_KW },
    { "abs", bi_abs, 0 }, { "aiter", bi_aiter, 0 }, { "all", bi_all, 0 }, { "anext", bi_anext, 0 },
    { "any", bi_any, 0 }, { "ascii", bi_ascii, 0 },
    { "bin", bi_bin, 0 }, { "callable", bi_callable, 0 }, { "chr", bi_chr, 0 }, { "delattr", bi_delattr, 0 },
    { "dir", bi_dir, 0 }, { "divmod", bi_divmod, 0 }, { "eval", bi_eval, PY_METH_KW }, { "exec", bi_exec, PY_METH_KW }, { "compile", bi_compile, PY_METH_KW },
    { "format", bi_format, 0 }, { "getattr", bi_getattr, 0 }, { "globals", bi_globals, 0 },
    { "hasattr", bi_hasattr, 0 }, { "hash", bi_hash, 0 }, { "hex", bi_hex, 0 }, { "id", bi_id, 0 },
    { "input", bi_input, 0 }, { "isinstance", bi_isinstance, 0 }, { "issubclass", bi_issubclass, 0 },
    { "iter", bi_iter, 0 }, { "len", bi_len, 0 }, { "locals", bi_locals, 0 }, { "max", bi_max, PY_METH_KW },
    { "min", bi_min, PY_METH_KW }, { "next", bi_next, 0 }, { "oct", bi_oct, 0 }, { "ord", bi_ord, 0 },
    { "pow", bi_pow, PY_METH_KW }, { "print", bi_print, PY_METH_KW }, { "repr", bi_repr, 0 },
    { "round", bi_round, PY_METH_KW }, { "setattr", bi_setattr, 0 }, { "sorted", bi_sorted, PY_METH_KW },
    { "sum", bi_sum, PY_METH_KW }, { "vars", bi_vars, 0 },
    { NULL, NULL, 0 }
};

static const struct { const char *name; int tid; } builtin_types[] = {
    { "bool", PY_T_BOOL }, { "bytearray", PY_T_BYTEARRAY }, { "bytes", PY_T_BYTES },
    { "classmethod", PY_T_CLASSMETHOD }, { "dict", PY_T_DICT }, { "enumerate", PY_T_ENUMERATE },
    { "filter", PY_T_FILTER }, { "float", PY_T_FLOAT }, { "complex", PY_T_COMPLEX }, { "frozenset", PY_T_FROZENSET }, { "int", PY_T_INT },
    { "list", PY_T_LIST }, { "map", PY_T_MAP }, { "object", PY_T_OBJECT }, { "property", PY_T_PROPERTY },
    { "range", PY_T_RANGE }, { "reversed", PY_T_REVERSED }, { "set", PY_T_SET }, { "slice", PY_T_SLICE },
    { "staticmethod", PY_T_STATICMETHOD }, { "str", PY_T_STR }, { "super", PY_T_SUPER }, { "tuple", PY_T_TUPLE },
    { "type", PY_T_TYPE }, { "zip", PY_T_ZIP },
    { NULL, 0 }
};

py_val py_open_builtin(py_interp *I);

static py_val bi_sk_typeparam(py_interp *I, int kind, const py_val *args, size_t nargs)
{
    if (nargs != 1 || !py_is_str(args[0])) return py_err_str(I, PY_E_TypeError, "type parameter name expected");
    return py_typevar_new(I, kind, args[0], 1);
}
static py_val bi_sk_typevar(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ (void)self; (void)kw; return bi_sk_typeparam(I, 0, args, nargs); }
static py_val bi_sk_paramspec(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ (void)self; (void)kw; return bi_sk_typeparam(I, 1, args, nargs); }
static py_val bi_sk_typevartuple(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{ (void)self; (void)kw; return bi_sk_typeparam(I, 2, args, nargs); }
/* __sk_generic__(params): typing.Generic[params], the implicit base of `class C[T]` */
static py_val bi_sk_generic(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    (void)self; (void)kw;
    if (nargs != 1) return py_err_str(I, PY_E_TypeError, "__sk_generic__ expects the parameters");
    py_val name = py_intern(I, "typing");
    if (!name) return PY_NULL;
    py_val mod = py_import(I, name, PY_NONE, 0);
    py_decref(I, name);
    if (!mod) return PY_NULL;
    py_val gen = py_getattr_s(I, mod, "Generic");
    py_decref(I, mod);
    if (!gen) return PY_NULL;
    py_val r = py_getitem(I, gen, args[0]);
    py_decref(I, gen);
    return r;
}
static const py_methoddef typeparam_defs[] = {
    { "__sk_typevar__", bi_sk_typevar, 0 }, { "__sk_paramspec__", bi_sk_paramspec, 0 },
    { "__sk_typevartuple__", bi_sk_typevartuple, 0 }, { "__sk_generic__", bi_sk_generic, 0 },
};

py_val py_builtins_lookup(py_interp *I, py_val name)
{
    py_val v = py_dict_get_str(I, I->builtins, name);
    if (v) return v;
    const char *s = py_str_data(name);
    py_val obj = PY_NULL;
    for (int i = 0; builtin_fns[i].name; i++) {
        if (builtin_fns[i].name[0] == s[0] && !strcmp(builtin_fns[i].name, s)) { obj = py_cfunc_new(I, &builtin_fns[i], PY_NULL, NULL); goto found; }
    }
    for (int i = 0; builtin_types[i].name; i++) {
        if (builtin_types[i].name[0] == s[0] && !strcmp(builtin_types[i].name, s)) {
            py_type *t = PY_TYPE(I, builtin_types[i].tid);
            if (!t) return PY_NULL;
            obj = py_newref(PY_VAL(t));
            goto found;
        }
    }
    for (int id = PY_E_BaseException; id < PY_T_COUNT; id++) {
        const py_typedef *d = py_typedefs[id];
        if (d->qualname || d->name[0] != s[0]) continue;   /* module-level exceptions (json, re, ...) */
        if (!strcmp(d->name, s)) {
            py_type *t = PY_TYPE(I, id);
            if (!t) return PY_NULL;
            obj = py_newref(PY_VAL(t));
            goto found;
        }
    }
    if (!strcmp(s, "Ellipsis")) { obj = PY_ELLIPSIS; goto found; }
    if (!strcmp(s, "None")) { obj = PY_NONE; goto found; }
    if (!strcmp(s, "True")) { obj = PY_TRUE; goto found; }
    if (!strcmp(s, "False")) { obj = PY_FALSE; goto found; }
    if (s[0] == '_' && !strncmp(s, "__sk_", 5)) {
        /* hidden helpers the compiler's PEP 695 rewrite calls */
        int tid = !strcmp(s, "__sk_typevar__") ? PY_T_TYPEVAR : !strcmp(s, "__sk_paramspec__") ? PY_T_PARAMSPEC
                : !strcmp(s, "__sk_typevartuple__") ? PY_T_TYPEVARTUPLE : -1;
        if (tid >= 0) { obj = py_cfunc_new(I, &typeparam_defs[tid - PY_T_TYPEVAR], PY_NULL, NULL); goto found; }
        if (!strcmp(s, "__sk_generic__")) { obj = py_cfunc_new(I, &typeparam_defs[3], PY_NULL, NULL); goto found; }
    }
    if (!strcmp(s, "NotImplemented")) { obj = PY_NOTIMPL; goto found; }
    if (!strcmp(s, "__debug__")) { obj = PY_TRUE; goto found; }
    if (!strcmp(s, "EnvironmentError") || !strcmp(s, "IOError")) { obj = py_newref(PY_VAL(PY_TYPE(I, PY_E_OSError))); goto found; }
    if (!strcmp(s, "open")) { obj = py_open_builtin(I); if (obj) goto found; return PY_NULL; }
    if (!strcmp(s, "__name__")) { obj = py_str_cstr(I, "builtins"); goto found; }
    return PY_NULL;
found:
    if (!obj) return PY_NULL;
    if (py_dict_set(I, I->builtins, name, obj)) { py_decref(I, obj); return PY_NULL; }
    py_decref(I, obj);
    return py_dict_get_str(I, I->builtins, name);
}

/* Fill the builtins dict completely (for `import builtins` / vars()). */
int py_builtins_fill(py_interp *I);
int py_builtins_fill(py_interp *I)
{
    for (int i = 0; builtin_fns[i].name; i++) {
        py_val n = py_intern(I, builtin_fns[i].name);
        if (!n || !py_builtins_lookup(I, n)) { py_xdecref(I, n); return -1; }
        py_decref(I, n);
    }
    for (int i = 0; builtin_types[i].name; i++) {
        py_val n = py_intern(I, builtin_types[i].name);
        if (!n || !py_builtins_lookup(I, n)) { py_xdecref(I, n); return -1; }
        py_decref(I, n);
    }
    for (int id = PY_E_BaseException; id < PY_T_COUNT; id++) {
        if (py_typedefs[id]->qualname) continue;
        py_val n = py_intern(I, py_typedefs[id]->name);
        if (!n || !py_builtins_lookup(I, n)) { py_xdecref(I, n); return -1; }
        py_decref(I, n);
    }
    static const char *const extra[] = { "Ellipsis", "NotImplemented", "__debug__", "open", "None", "True", "False",
                                         "__name__", NULL };
    for (int i = 0; extra[i]; i++) {
        py_val n = py_intern(I, extra[i]);
        if (!n) return -1;
        py_builtins_lookup(I, n);
        py_decref(I, n);
        if (py_err_occurred(I)) return -1;
    }
    return 0;
}
