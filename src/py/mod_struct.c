/* mod_struct.c — the struct module: pack/unpack/calcsize/pack_into/
 * unpack_from/iter_unpack and Struct objects, with native (@) sizes and
 * alignment of x86-64, standard sizes for = < > !, and struct.error
 * messages as CPython.
 *
 * Must never: read or write outside the given buffers.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "py/pymod.h"

typedef struct fcode {
    char c;
    int count;        /* repeat count (for s/p: the length) */
    size_t size;      /* bytes of one item */
    size_t offset;    /* position of the first item */
} fcode;

typedef struct fmt {
    int little, native;
    fcode *codes;
    size_t ncodes, cap;
    size_t size;      /* total bytes */
    size_t nitems;    /* values packed/unpacked */
} fmt;

static py_val struct_error(py_interp *I, const char *fmtstr, ...) __attribute__((format(printf, 2, 3)));
static py_val struct_error(py_interp *I, const char *fmtstr, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmtstr);
    vsnprintf(msg, sizeof msg, fmtstr, ap);
    va_end(ap);
    py_val cls = pym_import_attr(I, "_struct", "error");
    if (!cls) return PY_NULL;
    py_val m = py_str_cstr(I, msg);
    py_val e = m ? py_call1(I, cls, m) : PY_NULL;
    py_decref(I, cls);
    py_xdecref(I, m);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

static size_t native_size(char c)
{
    switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    default: return 0;
    }
}

static size_t std_size(char c)
{
    switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'l': case 'L': case 'f': return 4;
    case 'q': case 'Q': case 'd': return 8;
    default: return 0;
    }
}

static void fmt_free(py_interp *I, fmt *f)
{
    if (f->codes) py_free(I, f->codes, f->cap * sizeof(fcode));
    f->codes = NULL;
}

static int fmt_parse(py_interp *I, const char *s, size_t n, fmt *f)
{
    memset(f, 0, sizeof *f);
    size_t i = 0;
    f->native = 1;
    f->little = 1;
    if (n && strchr("@=<>!", s[0])) {
        char o = s[0];
        f->native = o == '@';
        f->little = o == '<' || o == '=' || o == '@';
        i = 1;
    }
    size_t off = 0;
    while (i < n) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { i++; continue; }
        long count = 1;
        int has_count = 0;
        if (c >= '0' && c <= '9') {
            count = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                count = count * 10 + (s[i] - '0');
                if (count > 100000000) { struct_error(I, "total struct size too long"); return -1; }
                i++;
            }
            has_count = 1;
            if (i >= n) { struct_error(I, "repeat count given without format specifier"); return -1; }
            c = s[i];
        }
        i++;
        size_t sz = f->native ? native_size(c) : std_size(c);
        if (!sz || (!f->native && (c == 'n' || c == 'N' || c == 'P'))) {
            struct_error(I, "bad char in struct format");
            return -1;
        }
        if (f->native && c != 's' && c != 'p' && c != 'x' && sz > 1) off = (off + sz - 1) / sz * sz;
        if (f->ncodes == f->cap) {
            size_t nc = f->cap ? f->cap * 2 : 8;
            fcode *nw = py_realloc(I, f->codes, f->cap * sizeof(fcode), nc * sizeof(fcode));
            if (!nw) return -1;
            f->codes = nw;
            f->cap = nc;
        }
        fcode *fc = &f->codes[f->ncodes++];
        fc->c = c;
        fc->count = (int)count;
        fc->size = sz;
        fc->offset = off;
        if (c == 's' || c == 'p') {
            off += (size_t)count;
            f->nitems++;
        } else if (c == 'x') {
            off += (size_t)count;
        } else {
            off += sz * (size_t)count;
            f->nitems += (size_t)count;
        }
        (void)has_count;
    }
    f->size = off;
    return 0;
}

static int get_fmt(py_interp *I, py_val v, fmt *f)
{
    const char *s;
    size_t n;
    if (py_is_str(v)) { s = py_str_data(v); n = py_str_len(v); }
    else if (pym_is_bytes_like(v)) { if (pym_bytes_like(I, v, &s, &n)) return -1; }
    else { py_err_fmt(I, PY_E_TypeError, "Struct() argument 1 must be a str or bytes object, not %s", py_type_name(I, v)); return -1; }
    return fmt_parse(I, s, n, f);
}

/* ---- packing ------------------------------------------------------------------------------------- */
static void put_uint(unsigned char *p, uint64_t v, size_t n, int little)
{
    for (size_t k = 0; k < n; k++) p[little ? k : n - 1 - k] = (unsigned char)(v >> (8 * k));
}

static uint64_t get_uint(const unsigned char *p, size_t n, int little)
{
    uint64_t v = 0;
    for (size_t k = 0; k < n; k++) v |= (uint64_t)p[little ? k : n - 1 - k] << (8 * k);
    return v;
}

static uint16_t half_from_double(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    uint16_t sign = (uint16_t)((b >> 48) & 0x8000);
    if (isnan(d)) return sign | 0x7e00;
    double a = fabs(d);
    if (isinf(d) || a >= 65520.0) return sign | 0x7c00;
    if (a < 5.960464477539063e-08 / 2) return sign;
    int e;
    double m = frexp(a, &e);            /* a = m * 2^e, m in [0.5, 1) */
    if (e < -13) {
        /* subnormal: units of 2^-24 */
        double units = ldexp(a, 24);
        uint16_t u = (uint16_t)nearbyint(units);
        return sign | u;
    }
    double frac = (m * 2 - 1) * 1024;   /* 10 bits */
    uint32_t f = (uint32_t)nearbyint(frac);
    int exp = e - 1 + 15;
    if (f == 1024) { f = 0; exp++; }
    if (exp >= 31) return sign | 0x7c00;
    return (uint16_t)(sign | (uint16_t)(exp << 10) | (uint16_t)f);
}

static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 31, f = h & 1023;
    double v;
    if (e == 0) v = ldexp(f, -24);
    else if (e == 31) v = f ? NAN : INFINITY;
    else v = ldexp(f + 1024, e - 25);
    return (h & 0x8000) ? -v : v;
}

static int pack_int(py_interp *I, const fcode *fc, int little, py_val v, unsigned char *p)
{
    if (!py_is_intlike(v)) {
        py_type *t = py_typeof(I, v);
        if (!t->s.index) { struct_error(I, "required argument is not an integer"); return -1; }
    }
    py_val iv = py_index(I, v);
    if (!iv) return -1;
    char c = fc->c;
    int is_signed = c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n';
    size_t sz = fc->size;
    int64_t sv;
    uint64_t uv = 0;
    int ovf = py_int_to_i64(I, iv, &sv);
    if (ovf) {
        py_err_clear(I);
        /* maybe a large unsigned */
        if (!is_signed && py_int_sign(iv) > 0) {
            mp_int m;
            if (py_int_to_mp(I, iv, &m) == 0) {
                if (mp_count_bits(&m) <= 64) { uv = mp_get_mag_u64(&m); ovf = 0; sv = 0; }
                mp_clear(&m);
            }
        }
    } else {
        uv = (uint64_t)sv;
    }
    int neg = py_int_sign(iv) < 0;
    py_decref(I, iv);
    int bits = (int)(sz * 8);
    if (is_signed) {
        int64_t lo = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
        int64_t hi = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
        if (ovf || sv < lo || sv > hi) {
            struct_error(I, "'%c' format requires %lld <= number <= %lld", c, (long long)lo, (long long)hi);
            return -1;
        }
    } else {
        uint64_t hi = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
        if (ovf || neg || uv > hi) {
            struct_error(I, "'%c' format requires 0 <= number <= %llu", c, (unsigned long long)hi);
            return -1;
        }
    }
    put_uint(p, uv, sz, little);
    return 0;
}

static int pack_one(py_interp *I, const fcode *fc, int little, py_val v, unsigned char *p)
{
    char c = fc->c;
    switch (c) {
    case '?': {
        int t = py_truthy(I, v);
        if (t < 0) return -1;
        *p = (unsigned char)t;
        return 0;
    }
    case 'c': {
        const char *s;
        size_t n;
        if (!py_is_bytes(v) && !PY_IS(v, BYTEARRAY)) { struct_error(I, "char format requires a bytes object of length 1"); return -1; }
        if (pym_bytes_like(I, v, &s, &n)) return -1;
        if (n != 1) { struct_error(I, "char format requires a bytes object of length 1"); return -1; }
        *p = (unsigned char)s[0];
        return 0;
    }
    case 'e': case 'f': case 'd': {
        double d;
        if (!py_is_float(v) && !py_is_intlike(v) && !py_typeof(I, v)->s.to_float) {
            struct_error(I, "required argument is not a float");
            return -1;
        }
        if (py_to_double(I, v, &d)) return -1;
        if (c == 'd') { uint64_t b; memcpy(&b, &d, 8); put_uint(p, b, 8, little); }
        else if (c == 'f') {
            float fl = (float)d;
            if (isinf(fl) && !isinf(d)) { py_err_str(I, PY_E_OverflowError, "float too large to pack with f format"); return -1; }
            uint32_t b;
            memcpy(&b, &fl, 4);
            put_uint(p, b, 4, little);
        } else {
            if (!isinf(d) && !isnan(d) && fabs(d) >= 65520.0) { py_err_str(I, PY_E_OverflowError, "float too large to pack with e format"); return -1; }
            put_uint(p, half_from_double(d), 2, little);
        }
        return 0;
    }
    default:
        return pack_int(I, fc, little, v, p);
    }
}

static int do_pack(py_interp *I, fmt *f, const py_val *args, size_t nargs, unsigned char *out)
{
    if (nargs != f->nitems) {
        struct_error(I, "pack expected %zu items for packing (got %zu)", f->nitems, nargs);
        return -1;
    }
    memset(out, 0, f->size);
    size_t ai = 0;
    int little = f->little;
    for (size_t k = 0; k < f->ncodes; k++) {
        fcode *fc = &f->codes[k];
        if (fc->c == 'x') continue;
        if (fc->c == 's' || fc->c == 'p') {
            py_val v = args[ai++];
            const char *s;
            size_t n;
            if (!py_is_bytes(v) && !PY_IS(v, BYTEARRAY)) {
                struct_error(I, "argument for '%c' must be a bytes object", fc->c);
                return -1;
            }
            if (pym_bytes_like(I, v, &s, &n)) return -1;
            size_t room = (size_t)fc->count;
            if (fc->c == 'p') {
                if (!room) continue;
                size_t take = n < room - 1 ? n : room - 1;
                out[fc->offset] = (unsigned char)(take > 255 ? 255 : take);
                memcpy(out + fc->offset + 1, s, take);
            } else {
                memcpy(out + fc->offset, s, n < room ? n : room);
            }
            continue;
        }
        for (int r = 0; r < fc->count; r++)
            if (pack_one(I, fc, little, args[ai++], out + fc->offset + (size_t)r * fc->size)) return -1;
    }
    return 0;
}

static py_val unpack_one(py_interp *I, const fcode *fc, int little, const unsigned char *p)
{
    char c = fc->c;
    size_t sz = fc->size;
    switch (c) {
    case '?': return py_bool(*p != 0);
    case 'c': return py_bytes_new(I, (const char *)p, 1);
    case 'e': return py_float(half_to_double((uint16_t)get_uint(p, 2, little)));
    case 'f': { uint32_t b = (uint32_t)get_uint(p, 4, little); float fl; memcpy(&fl, &b, 4); return py_float(fl); }
    case 'd': { uint64_t b = get_uint(p, 8, little); double d; memcpy(&d, &b, 8); return py_float(d); }
    default: break;
    }
    uint64_t u = get_uint(p, sz, little);
    int is_signed = c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n';
    if (is_signed) {
        int shift = 64 - (int)(sz * 8);
        int64_t sv = shift ? (int64_t)(u << shift) >> shift : (int64_t)u;
        return py_int_from_i64(I, sv);
    }
    return py_int_from_u64(I, u);
}

static py_val do_unpack(py_interp *I, fmt *f, const unsigned char *buf)
{
    py_val t = py_tuple_new(I, f->nitems);
    if (!t) return PY_NULL;
    size_t ti = 0;
    for (size_t k = 0; k < f->ncodes; k++) {
        fcode *fc = &f->codes[k];
        if (fc->c == 'x') continue;
        py_val v;
        if (fc->c == 's') v = py_bytes_new(I, (const char *)buf + fc->offset, (size_t)fc->count);
        else if (fc->c == 'p') {
            size_t n = fc->count ? buf[fc->offset] : 0;
            if (fc->count && n > (size_t)fc->count - 1) n = (size_t)fc->count - 1;
            v = py_bytes_new(I, (const char *)buf + fc->offset + 1, n);
        } else {
            for (int r = 0; r < fc->count; r++) {
                v = unpack_one(I, fc, f->little, buf + fc->offset + (size_t)r * fc->size);
                if (!v) { py_decref(I, t); return PY_NULL; }
                py_tuple_items(t)[ti++] = v;
            }
            continue;
        }
        if (!v) { py_decref(I, t); return PY_NULL; }
        py_tuple_items(t)[ti++] = v;
    }
    return t;
}

/* ---- module functions ------------------------------------------------------------------------------ */
PYM_FN(s_pack)
{
    (void)self;
    if (py_no_kw(I, "pack", kw)) return PY_NULL;
    if (nargs < 1) return py_err_str(I, PY_E_TypeError, "pack expected at least 1 argument, got 0");
    fmt f;
    if (get_fmt(I, args[0], &f)) { fmt_free(I, &f); return PY_NULL; }
    char *out;
    py_val r = py_bytes_uninit(I, f.size, &out);
    if (r && do_pack(I, &f, args + 1, nargs - 1, (unsigned char *)out)) { py_decref(I, r); r = PY_NULL; }
    fmt_free(I, &f);
    return r;
}

PYM_FN(s_unpack)
{
    (void)self;
    if (py_args_exact(I, "unpack", nargs, kw, 2)) return PY_NULL;
    fmt f;
    if (get_fmt(I, args[0], &f)) { fmt_free(I, &f); return PY_NULL; }
    const char *p;
    size_t n;
    py_val r = PY_NULL;
    if (!pym_bytes_like(I, args[1], &p, &n)) {
        if (n != f.size) struct_error(I, "unpack requires a buffer of %zu bytes", f.size);
        else r = do_unpack(I, &f, (const unsigned char *)p);
    }
    fmt_free(I, &f);
    return r;
}

PYM_FN(s_unpack_from)
{
    (void)self;
    static const char *const names[] = { "!format", "buffer", "offset", NULL };
    py_val a[3];
    if (pym_parse(I, "unpack_from", args, nargs, kw, names, 2, a)) return PY_NULL;
    fmt f;
    if (get_fmt(I, a[0], &f)) { fmt_free(I, &f); return PY_NULL; }
    const char *p;
    size_t n;
    int64_t off = 0;
    py_val r = PY_NULL;
    if (!pym_bytes_like(I, a[1], &p, &n) && !(a[2] && pym_arg_int(I, a[2], &off))) {
        if (off < 0) off += (int64_t)n;
        if (off < 0 || (size_t)off > n || n - (size_t)off < f.size)
            struct_error(I, "unpack_from requires a buffer of at least %zu bytes for unpacking %zu bytes at offset %lld "
                            "(actual buffer size is %zu)", f.size + (size_t)(off > 0 ? off : 0), f.size, (long long)off, n);
        else r = do_unpack(I, &f, (const unsigned char *)p + off);
    }
    fmt_free(I, &f);
    return r;
}

PYM_FN(s_pack_into)
{
    (void)self;
    if (py_no_kw(I, "pack_into", kw)) return PY_NULL;
    if (nargs < 3) return py_err_fmt(I, PY_E_TypeError, "pack_into expected at least 3 arguments, got %zu", nargs);
    fmt f;
    if (get_fmt(I, args[0], &f)) { fmt_free(I, &f); return PY_NULL; }
    if (!PY_IS(args[1], BYTEARRAY)) { fmt_free(I, &f); return py_err_str(I, PY_E_TypeError, "argument must be read-write bytes-like object, not bytes"); }
    py_bytearray *ba = (py_bytearray *)PY_OBJ(args[1]);
    int64_t off;
    if (pym_arg_int(I, args[2], &off)) { fmt_free(I, &f); return PY_NULL; }
    if (off < 0) off += (int64_t)ba->len;
    if (off < 0 || (size_t)off + f.size > ba->len) {
        fmt_free(I, &f);
        return struct_error(I, "pack_into requires a buffer of at least %zu bytes for packing %zu bytes at offset %lld "
                               "(actual buffer size is %zu)", (size_t)(off > 0 ? off : 0) + f.size, f.size, (long long)off, ba->len);
    }
    unsigned char *tmp = py_alloc(I, f.size ? f.size : 1);
    py_val r = PY_NONE;
    if (!tmp || do_pack(I, &f, args + 3, nargs - 3, tmp)) r = PY_NULL;
    else memcpy(ba->data + off, tmp, f.size);
    if (tmp) py_free(I, tmp, f.size ? f.size : 1);
    fmt_free(I, &f);
    return r;
}

PYM_FN(s_calcsize)
{
    (void)self;
    if (py_args_exact(I, "calcsize", nargs, kw, 1)) return PY_NULL;
    fmt f;
    if (get_fmt(I, args[0], &f)) { fmt_free(I, &f); return PY_NULL; }
    size_t sz = f.size;
    fmt_free(I, &f);
    return py_int_from_u64(I, sz);
}

PYM_FN(s_iter_unpack)
{
    (void)self;
    if (py_args_exact(I, "iter_unpack", nargs, kw, 2)) return PY_NULL;
    fmt f;
    if (get_fmt(I, args[0], &f)) { fmt_free(I, &f); return PY_NULL; }
    const char *p;
    size_t n;
    if (pym_bytes_like(I, args[1], &p, &n)) { fmt_free(I, &f); return PY_NULL; }
    if (!f.size) { fmt_free(I, &f); return struct_error(I, "cannot iteratively unpack with a struct of length 0"); }
    if (n % f.size) {
        size_t sz = f.size;
        fmt_free(I, &f);
        return struct_error(I, "iterative unpacking requires a buffer of a multiple of %zu bytes", sz);
    }
    py_val l = py_list_new(I, 0);
    for (size_t off = 0; l && off < n; off += f.size) {
        py_val t = do_unpack(I, &f, (const unsigned char *)p + off);
        if (!t || py_list_append_steal(I, l, t)) { py_decref(I, l); l = PY_NULL; }
    }
    fmt_free(I, &f);
    if (!l) return PY_NULL;
    py_val it = py_iter(I, l);
    py_decref(I, l);
    return it;
}

static const py_methoddef struct_fns[] = {
    { "pack", s_pack, PY_METH_KW }, { "unpack", s_unpack, 0 }, { "unpack_from", s_unpack_from, PY_METH_KW },
    { "pack_into", s_pack_into, PY_METH_KW }, { "calcsize", s_calcsize, 0 }, { "iter_unpack", s_iter_unpack, 0 },
    { NULL, NULL, 0 }
};

int py_mod__struct_init(py_interp *I, py_val mod);
int py_mod__struct_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, struct_fns)) return -1;
    py_val err = pym_new_exception(I, mod, "error", PY_VAL(PY_TYPE(I, PY_E_Exception)));
    if (!err) return -1;
    py_setattr(I, err, PY_ID(I, __module__), py_intern(I, "struct"));
    py_decref(I, err);
    return py_err_occurred(I) ? -1 : 0;
}
