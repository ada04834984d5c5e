/* mod_binascii.c — the binascii module (base64, hex, crc32) that base64
 * and other library modules are written over.  Error messages and the
 * binascii.Error exception follow CPython.
 *
 * Must never: read beyond the given buffers.
 */
#include <stdio.h>
#include <string.h>

#include "py/pymod.h"

static const char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static py_val bin_error(py_interp *I, const char *msg)
{
    py_val cls = pym_import_attr(I, "binascii", "Error");
    if (!cls) return PY_NULL;
    py_val m = py_str_cstr(I, msg);
    py_val e = m ? py_call1(I, cls, m) : PY_NULL;
    py_decref(I, cls);
    py_xdecref(I, m);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

/* bytes-like, or (for the a2b functions) an ASCII str */
static int ascii_data(py_interp *I, py_val v, const char **p, size_t *n, const char *fname)
{
    if (py_is_str(v)) {
        if (!PY_STR(v)->ascii) {
            py_err_str(I, PY_E_ValueError, "string argument should contain only ASCII characters");
            return -1;
        }
        *p = py_str_data(v);
        *n = py_str_len(v);
        return 0;
    }
    if (!pym_is_bytes_like(v)) {
        py_err_fmt(I, PY_E_TypeError, "argument should be bytes, buffer or ASCII string, not '%s'", py_type_name(I, v));
        (void)fname;
        return -1;
    }
    return pym_bytes_like(I, v, p, n);
}

static int bytes_data(py_interp *I, py_val v, const char **p, size_t *n)
{
    if (!pym_is_bytes_like(v)) {
        py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, v));
        return -1;
    }
    return pym_bytes_like(I, v, p, n);
}

PYM_FN(b2a_base64)
{
    (void)self;
    static const char *const names[] = { "!data", "$newline", NULL };
    py_val a[2];
    if (pym_parse(I, "b2a_base64", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *p;
    size_t n;
    if (bytes_data(I, a[0], &p, &n)) return PY_NULL;
    int nl = 1;
    if (a[1] && pym_arg_bool(I, a[1], &nl)) return PY_NULL;
    size_t outn = (n + 2) / 3 * 4 + (nl ? 1 : 0);
    char *o;
    py_val r = py_bytes_uninit(I, outn, &o);
    if (!r) return PY_NULL;
    const unsigned char *s = (const unsigned char *)p;
    size_t i = 0, k = 0;
    for (; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)s[i] << 16 | (uint32_t)s[i + 1] << 8 | s[i + 2];
        o[k++] = b64chars[v >> 18];
        o[k++] = b64chars[(v >> 12) & 63];
        o[k++] = b64chars[(v >> 6) & 63];
        o[k++] = b64chars[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)s[i] << 16 | (i + 1 < n ? (uint32_t)s[i + 1] << 8 : 0);
        o[k++] = b64chars[v >> 18];
        o[k++] = b64chars[(v >> 12) & 63];
        o[k++] = i + 1 < n ? b64chars[(v >> 6) & 63] : '=';
        o[k++] = '=';
    }
    if (nl) o[k++] = '\n';
    return r;
}

static int b64val(unsigned char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

PYM_FN(a2b_base64)
{
    (void)self;
    static const char *const names[] = { "!data", "$strict_mode", NULL };
    py_val a[2];
    if (pym_parse(I, "a2b_base64", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *p;
    size_t n;
    if (ascii_data(I, a[0], &p, &n, "a2b_base64")) return PY_NULL;
    int strict = 0;
    if (a[1] && pym_arg_bool(I, a[1], &strict)) return PY_NULL;
    sk_buf out = SK_BUF_INIT(I->alloc);
    const unsigned char *s = (const unsigned char *)p;
    int quad = 0, pads = 0, started = 0;
    unsigned left = 0;
    size_t ndata = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (c == '=') {
            started = 1;
            if (strict && quad == 0) {
                sk_buf_free(&out);
                return bin_error(I, i == 0 ? "Leading padding not allowed" : "Excess padding not allowed");
            }
            if (quad >= 2 && quad + ++pads >= 4) {
                if (strict && i + 1 < n) { sk_buf_free(&out); return bin_error(I, "Excess data after padding"); }
                goto done;
            }
            continue;
        }
        int v = b64val(c);
        if (v < 0) {
            if (strict) { sk_buf_free(&out); return bin_error(I, "Only base64 data is allowed"); }
            continue;
        }
        if (strict && started) { sk_buf_free(&out); return bin_error(I, "Discontinuous padding not allowed"); }
        pads = 0;
        ndata++;
        int r = 0;
        switch (quad) {
        case 0: quad = 1; left = (unsigned)v; break;
        case 1: quad = 2; r = sk_buf_putc(&out, (int)((left << 2) | ((unsigned)v >> 4)) & 0xFF); left = (unsigned)v & 0x0F; break;
        case 2: quad = 3; r = sk_buf_putc(&out, (int)((left << 4) | ((unsigned)v >> 2)) & 0xFF); left = (unsigned)v & 0x03; break;
        default: quad = 0; r = sk_buf_putc(&out, (int)((left << 6) | (unsigned)v) & 0xFF); left = 0; break;
        }
        if (r) { sk_buf_free(&out); return py_err_nomem(I); }
    }
    if (quad != 0) {
        sk_buf_free(&out);
        if (quad == 1) {
            char msg[160];
            snprintf(msg, sizeof msg, "Invalid base64-encoded string: number of data characters (%zu) cannot be 1 more "
                                      "than a multiple of 4", ndata);
            return bin_error(I, msg);
        }
        return bin_error(I, "Incorrect padding");
    }
done:;
    py_val res = py_bytes_new(I, out.p ? out.p : "", out.len);
    sk_buf_free(&out);
    return res;
}

static const char hexd[] = "0123456789abcdef";

static py_val hexlify(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *fname, int as_str)
{
    static const char *const names[] = { "data", "sep", "bytes_per_sep", NULL };
    py_val a[3];
    if (pym_parse(I, fname, args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *p;
    size_t n;
    if (bytes_data(I, a[0], &p, &n)) return PY_NULL;
    char sep = 0;
    if (a[1] && a[1] != PY_NONE) {
        const char *sp;
        size_t sn;
        if (py_is_str(a[1])) { sp = py_str_data(a[1]); sn = py_str_len(a[1]); }
        else if (pym_bytes_like(I, a[1], &sp, &sn)) return PY_NULL;
        if (sn != 1) return py_err_str(I, PY_E_ValueError, "sep must be length 1.");
        sep = sp[0];
    }
    int64_t per = 1;
    if (a[2] && pym_arg_int(I, a[2], &per)) return PY_NULL;
    sk_buf b = SK_BUF_INIT(I->alloc);
    const unsigned char *s = (const unsigned char *)p;
    int64_t grp = per < 0 ? -per : per;
    for (size_t i = 0; i < n; i++) {
        if (sep && i && grp) {
            int boundary = per > 0 ? ((n - i) % (size_t)grp == 0) : (i % (size_t)grp == 0);
            if (boundary) sk_buf_putc(&b, sep);
        }
        sk_buf_putc(&b, hexd[s[i] >> 4]);
        sk_buf_putc(&b, hexd[s[i] & 15]);
    }
    if (as_str) return py_str_from_buf(I, &b);
    py_val r = py_bytes_new(I, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return r;
}

PYM_FN(b2a_hex) { (void)self; return hexlify(I, args, nargs, kw, "b2a_hex", 0); }
PYM_FN(bhexlify) { (void)self; return hexlify(I, args, nargs, kw, "hexlify", 0); }

static int hv(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

PYM_FN(a2b_hex)
{
    (void)self;
    static const char *const names[] = { "!hexstr", NULL };
    py_val a[1];
    if (pym_parse(I, "a2b_hex", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *p;
    size_t n;
    if (ascii_data(I, a[0], &p, &n, "a2b_hex")) return PY_NULL;
    if (n % 2) return bin_error(I, "Odd-length string");
    char *o;
    py_val r = py_bytes_uninit(I, n / 2, &o);
    if (!r) return PY_NULL;
    for (size_t i = 0; i < n; i += 2) {
        int h = hv((unsigned char)p[i]), l = hv((unsigned char)p[i + 1]);
        if (h < 0 || l < 0) { py_decref(I, r); return bin_error(I, "Non-hexadecimal digit found"); }
        o[i / 2] = (char)(h * 16 + l);
    }
    return r;
}

static uint32_t crc_table_entry(uint32_t c)
{
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    return c;
}

PYM_FN(bcrc32)
{
    (void)self;
    if (py_args_range(I, "crc32", nargs, kw, 1, 2)) return PY_NULL;
    const char *p;
    size_t n;
    if (bytes_data(I, args[0], &p, &n)) return PY_NULL;
    uint32_t crc = 0;
    if (nargs > 1) {
        int64_t v;
        if (pym_arg_int(I, args[1], &v)) { py_err_clear(I); v = 0; }
        crc = (uint32_t)v;
    }
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) table[i] = crc_table_entry(i);
    crc = ~crc;
    for (size_t i = 0; i < n; i++) crc = table[(crc ^ (unsigned char)p[i]) & 0xFF] ^ (crc >> 8);
    return py_int_from_u64(I, ~crc & 0xFFFFFFFFu);
}

PYM_FN(bcrc_hqx)
{
    (void)self;
    if (py_args_exact(I, "crc_hqx", nargs, kw, 2)) return PY_NULL;
    const char *p;
    size_t n;
    if (bytes_data(I, args[0], &p, &n)) return PY_NULL;
    int64_t v;
    if (pym_arg_int(I, args[1], &v)) return PY_NULL;
    uint32_t crc = (uint32_t)v & 0xFFFF;
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint32_t)(unsigned char)p[i] << 8;
        for (int k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xFFFF : (crc << 1) & 0xFFFF;
    }
    return py_int_small(crc);
}

static const py_methoddef ba_fns[] = {
    { "b2a_base64", b2a_base64, PY_METH_KW }, { "a2b_base64", a2b_base64, PY_METH_KW },
    { "b2a_hex", b2a_hex, PY_METH_KW }, { "hexlify", bhexlify, PY_METH_KW }, { "a2b_hex", a2b_hex, PY_METH_KW },
    { "unhexlify", a2b_hex, PY_METH_KW }, { "crc32", bcrc32, 0 }, { "crc_hqx", bcrc_hqx, 0 },
    { NULL, NULL, 0 }
};

int py_mod_binascii_init(py_interp *I, py_val mod);
int py_mod_binascii_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, ba_fns)) return -1;
    py_val err = pym_new_exception(I, mod, "Error", PY_VAL(PY_TYPE(I, PY_E_ValueError)));
    if (!err) return -1;
    py_decref(I, err);
    py_val inc = pym_new_exception(I, mod, "Incomplete", PY_VAL(PY_TYPE(I, PY_E_Exception)));
    if (!inc) return -1;
    py_decref(I, inc);
    return 0;
}
