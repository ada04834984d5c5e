/* mod_zlib.c — the zlib module over the zlib library (allocating through the
 * interpreter's allocator): compress, decompress, crc32, adler32,
 * compressobj/decompressobj with CPython's wbits conventions (9..15 zlib
 * stream, -9..-15 raw deflate, 25..31 gzip, 40..47 automatic header
 * detection) and CPython's messages ("Error -3 while decompressing data:
 * incorrect header check").
 *
 * Must never: let zlib allocate outside the interpreter's budget, or leak a
 * z_stream (deallocation ends it).
 */
#include <string.h>
#include <zlib.h>

#include "py/pymod.h"

static voidpf z_alloc(voidpf ud, uInt items, uInt size)
{
    if (size && items > (uInt)-1 / size) return Z_NULL;
    return sk_malloc(ud, (size_t)items * size);
}

static void z_free(voidpf ud, voidpf p) { sk_free(ud, p); }

static void z_setup(py_interp *I, z_stream *zs)
{
    memset(zs, 0, sizeof *zs);
    zs->zalloc = z_alloc;
    zs->zfree = z_free;
    zs->opaque = I->alloc;
}

static py_val zlib_error(py_interp *I)
{
    return pym_import_attr(I, "zlib", "error");
}

/* raise zlib.error("Error N while <what>: <detail>") */
static py_val z_fail(py_interp *I, int err, z_stream *zs, const char *what)
{
    const char *msg = zs && zs->msg ? zs->msg : NULL;
    if (!msg) {
        switch (err) {
        case Z_BUF_ERROR: msg = "incomplete or truncated stream"; break;
        case Z_STREAM_ERROR: msg = "inconsistent stream state"; break;
        case Z_DATA_ERROR: msg = "invalid input data"; break;
        case Z_MEM_ERROR: return py_err_nomem(I), PY_NULL;
        default: msg = "library error"; break;
        }
    }
    py_val et = zlib_error(I);
    if (!et) return PY_NULL;
    py_val text = py_str_fmt(I, "Error %d while %s: %.200s", err, what, msg);
    if (text) { py_err_type_val(I, et, text); py_decref(I, text); }
    py_decref(I, et);
    return PY_NULL;
}

static py_val z_plain_error(py_interp *I, const char *text)
{
    py_val et = zlib_error(I);
    if (!et) return PY_NULL;
    py_val s = py_str_cstr(I, text);
    if (s) { py_err_type_val(I, et, s); py_decref(I, s); }
    py_decref(I, et);
    return PY_NULL;
}

static int data_arg(py_interp *I, py_val v, const char **p, size_t *n)
{
    if (!pym_is_bytes_like(v)) {
        py_err_fmt(I, PY_E_TypeError, "a bytes-like object is required, not '%s'", py_type_name(I, v));
        return -1;
    }
    return pym_bytes_like(I, v, p, n);
}

static int int_arg(py_interp *I, py_val v, int dflt, int *out)
{
    if (!v) { *out = dflt; return 0; }
    return pym_arg_cint(I, v, out);
}

/* Run deflate/inflate over all input, appending output to b. */
static int pump(z_stream *zs, int inflating, int flush, sk_buf *b, int *status)
{
    for (;;) {
        if (sk_buf_reserve(b, 16384)) return -1;
        zs->next_out = (Bytef *)b->p + b->len;
        zs->avail_out = (uInt)(b->cap - b->len > 0x40000000 ? 0x40000000 : b->cap - b->len);
        uInt before = zs->avail_out;
        int r = inflating ? inflate(zs, flush) : deflate(zs, flush);
        b->len += before - zs->avail_out;
        *status = r;
        if (r == Z_STREAM_END) return 0;
        if (r != Z_OK && r != Z_BUF_ERROR) return 1;
        if (zs->avail_out != 0 && (zs->avail_in == 0 || r == Z_BUF_ERROR)) return 0;
    }
}

static py_val buf_bytes(py_interp *I, sk_buf *b)
{
    py_val r = py_bytes_new(I, b->p ? b->p : "", b->len);
    sk_buf_free(b);
    return r;
}

/* ---- one-shot functions ------------------------------------------------------------- */
PYM_FN(z_compress)
{
    (void)self;
    static const char *const names[] = { "!data", "level", "wbits", NULL };
    py_val a[3];
    if (pym_parse(I, "compress", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *p;
    size_t n;
    int level, wbits;
    if (data_arg(I, a[0], &p, &n) || int_arg(I, a[1], Z_DEFAULT_COMPRESSION, &level) ||
        int_arg(I, a[2], MAX_WBITS, &wbits))
        return PY_NULL;
    z_stream zs;
    z_setup(I, &zs);
    int r = deflateInit2(&zs, level, Z_DEFLATED, wbits, 8, Z_DEFAULT_STRATEGY);
    if (r == Z_STREAM_ERROR) return z_plain_error(I, "Bad compression level");
    if (r != Z_OK) return z_fail(I, r, &zs, "compressing data");
    zs.next_in = (Bytef *)p;
    zs.avail_in = (uInt)n;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int st;
    int bad = pump(&zs, 0, Z_FINISH, &b, &st);
    deflateEnd(&zs);
    if (bad < 0) { sk_buf_free(&b); return py_err_nomem(I), PY_NULL; }
    if (bad) { sk_buf_free(&b); return z_fail(I, st, &zs, "compressing data"); }
    return buf_bytes(I, &b);
}

PYM_FN(z_decompress)
{
    (void)self;
    static const char *const names[] = { "!data", "wbits", "bufsize", NULL };
    py_val a[3];
    if (pym_parse(I, "decompress", args, nargs, kw, names, 1, a)) return PY_NULL;
    const char *p;
    size_t n;
    int wbits, bufsize;
    if (data_arg(I, a[0], &p, &n) || int_arg(I, a[1], MAX_WBITS, &wbits) || int_arg(I, a[2], 16384, &bufsize))
        return PY_NULL;
    if (bufsize < 0) return py_err_str(I, PY_E_ValueError, "bufsize must be non-negative");
    z_stream zs;
    z_setup(I, &zs);
    int r = inflateInit2(&zs, wbits);
    if (r != Z_OK) return z_fail(I, r, &zs, "preparing to decompress data");
    zs.next_in = (Bytef *)p;
    zs.avail_in = (uInt)n;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int st = Z_OK;
    int bad = pump(&zs, 1, Z_NO_FLUSH, &b, &st);
    if (!bad && st != Z_STREAM_END) { bad = 1; st = Z_BUF_ERROR; zs.msg = NULL; }
    if (bad) {
        py_val e = bad < 0 ? (py_err_nomem(I), PY_NULL) : z_fail(I, st, &zs, "decompressing data");
        inflateEnd(&zs);
        sk_buf_free(&b);
        return e;
    }
    inflateEnd(&zs);
    return buf_bytes(I, &b);
}

PYM_FN(z_crc32)
{
    (void)self;
    if (py_args_range(I, "crc32", nargs, kw, 1, 2)) return PY_NULL;
    const char *p;
    size_t n;
    if (data_arg(I, args[0], &p, &n)) return PY_NULL;
    int64_t start = 0;
    if (nargs > 1 && pym_arg_int(I, args[1], &start)) return PY_NULL;
    uLong v = crc32((uLong)(uint32_t)start, (const Bytef *)p, (uInt)n);
    return py_int_from_u64(I, v & 0xFFFFFFFFu);
}

PYM_FN(z_adler32)
{
    (void)self;
    if (py_args_range(I, "adler32", nargs, kw, 1, 2)) return PY_NULL;
    const char *p;
    size_t n;
    if (data_arg(I, args[0], &p, &n)) return PY_NULL;
    int64_t start = 1;
    if (nargs > 1 && pym_arg_int(I, args[1], &start)) return PY_NULL;
    uLong v = adler32((uLong)(uint32_t)start, (const Bytef *)p, (uInt)n);
    return py_int_from_u64(I, v & 0xFFFFFFFFu);
}

/* ---- streaming objects ------------------------------------------------------------------ */
typedef struct zobj {
    py_obj ob;
    z_stream zs;
    int live;                 /* the z_stream needs ending */
    int eof;
    int inflating;
    py_val unused, tail, zdict;
} zobj;

#define ZO(v) ((zobj *)PY_OBJ(v))

static void zo_dealloc(py_interp *I, py_obj *o)
{
    zobj *z = (zobj *)o;
    if (z->live) { if (z->inflating) inflateEnd(&z->zs); else deflateEnd(&z->zs); }
    py_xdecref(I, z->unused);
    py_xdecref(I, z->tail);
    py_xdecref(I, z->zdict);
    py_obj_free(I, o, o->type->basicsize);
}

static zobj *zo_new(py_interp *I, const char *tname)
{
    py_type *t = pym_type_get(I, "zlib", tname);
    if (!t) return NULL;
    zobj *z = (zobj *)py_obj_new(I, t, sizeof(zobj));
    if (!z) return NULL;
    z_setup(I, &z->zs);
    z->unused = py_bytes_new(I, "", 0);
    z->tail = py_bytes_new(I, "", 0);
    if (!z->unused || !z->tail) { py_decref(I, PY_VAL(z)); return NULL; }
    return z;
}

PYM_FN(z_compressobj)
{
    (void)self;
    static const char *const names[] = { "level", "method", "wbits", "memLevel", "strategy", "zdict", NULL };
    py_val a[6];
    if (pym_parse(I, "compressobj", args, nargs, kw, names, 0, a)) return PY_NULL;
    int level, method, wbits, mem, strategy;
    if (int_arg(I, a[0], Z_DEFAULT_COMPRESSION, &level) || int_arg(I, a[1], Z_DEFLATED, &method) ||
        int_arg(I, a[2], MAX_WBITS, &wbits) || int_arg(I, a[3], 8, &mem) ||
        int_arg(I, a[4], Z_DEFAULT_STRATEGY, &strategy))
        return PY_NULL;
    zobj *z = zo_new(I, "Compress");
    if (!z) return PY_NULL;
    int r = deflateInit2(&z->zs, level, method, wbits, mem, strategy);
    if (r == Z_STREAM_ERROR) { py_decref(I, PY_VAL(z)); return py_err_str(I, PY_E_ValueError, "Invalid initialization option"); }
    if (r != Z_OK) { py_val e = z_fail(I, r, &z->zs, "creating compression object"); py_decref(I, PY_VAL(z)); return e; }
    z->live = 1;
    if (a[5] && a[5] != PY_NONE) {
        const char *p;
        size_t n;
        if (data_arg(I, a[5], &p, &n)) { py_decref(I, PY_VAL(z)); return PY_NULL; }
        if (deflateSetDictionary(&z->zs, (const Bytef *)p, (uInt)n) != Z_OK) {
            py_decref(I, PY_VAL(z));
            return py_err_str(I, PY_E_ValueError, "Invalid dictionary");
        }
    }
    return PY_VAL(z);
}

PYM_FN(co_compress)
{
    if (py_args_exact(I, "compress", nargs, kw, 1)) return PY_NULL;
    zobj *z = ZO(self);
    const char *p;
    size_t n;
    if (data_arg(I, args[0], &p, &n)) return PY_NULL;
    if (!z->live) return z_fail(I, Z_STREAM_ERROR, NULL, "compressing data");
    z->zs.next_in = (Bytef *)p;
    z->zs.avail_in = (uInt)n;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int st;
    int bad = pump(&z->zs, 0, Z_NO_FLUSH, &b, &st);
    if (bad) { sk_buf_free(&b); return bad < 0 ? (py_err_nomem(I), PY_NULL) : z_fail(I, st, &z->zs, "compressing data"); }
    return buf_bytes(I, &b);
}

PYM_FN(co_flush)
{
    if (py_args_range(I, "flush", nargs, kw, 0, 1)) return PY_NULL;
    zobj *z = ZO(self);
    int mode = Z_FINISH;
    if (nargs && pym_arg_cint(I, args[0], &mode)) return PY_NULL;
    if (mode == Z_NO_FLUSH) return py_bytes_new(I, "", 0);
    if (!z->live) return py_bytes_new(I, "", 0);
    z->zs.next_in = NULL;
    z->zs.avail_in = 0;
    sk_buf b = SK_BUF_INIT(I->alloc);
    int st;
    int bad = pump(&z->zs, 0, mode, &b, &st);
    if (bad) { sk_buf_free(&b); return bad < 0 ? (py_err_nomem(I), PY_NULL) : z_fail(I, st, &z->zs, "flushing"); }
    if (mode == Z_FINISH) { deflateEnd(&z->zs); z->live = 0; }
    return buf_bytes(I, &b);
}

PYM_FN(co_copy)
{
    (void)args;
    if (py_args_none(I, "copy", nargs, kw)) return PY_NULL;
    zobj *z = ZO(self);
    if (!z->live) return py_err_str(I, PY_E_ValueError, "Inconsistent stream state");
    zobj *c = zo_new(I, z->inflating ? "Decompress" : "Compress");
    if (!c) return PY_NULL;
    int r = z->inflating ? inflateCopy(&c->zs, &z->zs) : deflateCopy(&c->zs, &z->zs);
    if (r != Z_OK) { py_decref(I, PY_VAL(c)); return z_fail(I, r, NULL, "copying compression object"); }
    c->live = 1;
    c->inflating = z->inflating;
    c->eof = z->eof;
    py_decref(I, c->unused); c->unused = py_newref(z->unused);
    py_decref(I, c->tail); c->tail = py_newref(z->tail);
    c->zdict = z->zdict ? py_newref(z->zdict) : PY_NULL;
    return PY_VAL(c);
}

PYM_FN(z_decompressobj)
{
    (void)self;
    static const char *const names[] = { "wbits", "zdict", NULL };
    py_val a[2];
    if (pym_parse(I, "decompressobj", args, nargs, kw, names, 0, a)) return PY_NULL;
    int wbits;
    if (int_arg(I, a[0], MAX_WBITS, &wbits)) return PY_NULL;
    zobj *z = zo_new(I, "Decompress");
    if (!z) return PY_NULL;
    z->inflating = 1;
    int r = inflateInit2(&z->zs, wbits);
    if (r == Z_STREAM_ERROR) { py_decref(I, PY_VAL(z)); return py_err_str(I, PY_E_ValueError, "Invalid initialization option"); }
    if (r != Z_OK) { py_val e = z_fail(I, r, &z->zs, "creating decompression object"); py_decref(I, PY_VAL(z)); return e; }
    z->live = 1;
    if (a[1] && a[1] != PY_NONE) {
        if (!pym_is_bytes_like(a[1])) {
            py_decref(I, PY_VAL(z));
            return py_err_str(I, PY_E_TypeError, "zdict argument must support the buffer protocol");
        }
        z->zdict = py_newref(a[1]);
        if (wbits < 0) {
            const char *p;
            size_t n;
            pym_bytes_like(I, a[1], &p, &n);
            inflateSetDictionary(&z->zs, (const Bytef *)p, (uInt)n);
        }
    }
    return PY_VAL(z);
}

static int set_tail(py_interp *I, zobj *z, int at_eof)
{
    py_val rest = py_bytes_new(I, (const char *)z->zs.next_in, z->zs.avail_in);
    if (!rest) return -1;
    if (at_eof) {
        /* everything after the end of the stream accumulates in unused_data */
        py_val joined = py_bytes_new(I, "", 0);
        const char *a, *b;
        size_t na, nb;
        pym_bytes_like(I, z->unused, &a, &na);
        pym_bytes_like(I, rest, &b, &nb);
        char *d;
        py_xdecref(I, joined);
        joined = py_bytes_uninit(I, na + nb, &d);
        if (!joined) { py_decref(I, rest); return -1; }
        memcpy(d, a, na);
        memcpy(d + na, b, nb);
        py_decref(I, z->unused);
        z->unused = joined;
        py_decref(I, rest);
        py_decref(I, z->tail);
        z->tail = py_bytes_new(I, "", 0);
        return z->tail ? 0 : -1;
    }
    py_decref(I, z->tail);
    z->tail = rest;
    return 0;
}

/* inflate with an output cap (0: none); a dictionary is supplied on demand */
static int inflate_some(py_interp *I, zobj *z, size_t cap, sk_buf *b, int *st)
{
    for (;;) {
        size_t room = cap ? cap - b->len : 16384;
        if (cap && b->len >= cap) return 0;
        if (sk_buf_reserve(b, room)) return -1;
        z->zs.next_out = (Bytef *)b->p + b->len;
        z->zs.avail_out = (uInt)room;
        int r = inflate(&z->zs, Z_SYNC_FLUSH);
        b->len += room - z->zs.avail_out;
        if (r == Z_NEED_DICT && z->zdict) {
            const char *p;
            size_t n;
            pym_bytes_like(I, z->zdict, &p, &n);
            if (inflateSetDictionary(&z->zs, (const Bytef *)p, (uInt)n) != Z_OK) { *st = Z_DATA_ERROR; return 1; }
            continue;
        }
        *st = r;
        if (r == Z_STREAM_END) return 0;
        if (r != Z_OK && r != Z_BUF_ERROR) return 1;
        if (z->zs.avail_in == 0 || r == Z_BUF_ERROR) return 0;
        if (z->zs.avail_out != 0) return 0;
    }
}

PYM_FN(do_decompress)
{
    static const char *const names[] = { "!data", "max_length", NULL };
    py_val a[2];
    if (pym_parse(I, "decompress", args, nargs, kw, names, 1, a)) return PY_NULL;
    zobj *z = ZO(self);
    const char *p;
    size_t n;
    int64_t maxlen = 0;
    if (data_arg(I, a[0], &p, &n) || (a[1] && pym_arg_int(I, a[1], &maxlen))) return PY_NULL;
    if (maxlen < 0) return py_err_str(I, PY_E_ValueError, "max_length must be non-negative");
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (z->eof) {
        /* after the end: the data only joins unused_data */
        z->zs.next_in = (Bytef *)p;
        z->zs.avail_in = (uInt)n;
        if (set_tail(I, z, 1)) return PY_NULL;
        return buf_bytes(I, &b);
    }
    z->zs.next_in = (Bytef *)p;
    z->zs.avail_in = (uInt)n;
    int st = Z_OK;
    int bad = inflate_some(I, z, (size_t)maxlen, &b, &st);
    if (bad) { sk_buf_free(&b); return bad < 0 ? (py_err_nomem(I), PY_NULL) : z_fail(I, st, &z->zs, "decompressing data"); }
    if (st == Z_STREAM_END) z->eof = 1;
    if (set_tail(I, z, z->eof)) { sk_buf_free(&b); return PY_NULL; }
    return buf_bytes(I, &b);
}

PYM_FN(do_flush)
{
    if (py_args_range(I, "flush", nargs, kw, 0, 1)) return PY_NULL;
    zobj *z = ZO(self);
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (z->eof) return buf_bytes(I, &b);
    const char *p;
    size_t n;
    pym_bytes_like(I, z->tail, &p, &n);
    py_val keep = py_newref(z->tail);
    z->zs.next_in = (Bytef *)p;
    z->zs.avail_in = (uInt)n;
    int st = Z_OK;
    int bad = inflate_some(I, z, 0, &b, &st);
    if (bad) { py_decref(I, keep); sk_buf_free(&b); return bad < 0 ? (py_err_nomem(I), PY_NULL) : z_fail(I, st, &z->zs, "decompressing data"); }
    if (st == Z_STREAM_END) z->eof = 1;
    int r = set_tail(I, z, z->eof);
    py_decref(I, keep);
    if (r) { sk_buf_free(&b); return PY_NULL; }
    return buf_bytes(I, &b);
}

static py_val do_get_unused(py_interp *I, py_val self) { (void)I; return py_newref(ZO(self)->unused); }
static py_val do_get_tail(py_interp *I, py_val self) { (void)I; return py_newref(ZO(self)->tail); }
static py_val do_get_eof(py_interp *I, py_val self) { (void)I; return ZO(self)->eof ? PY_TRUE : PY_FALSE; }

static const py_methoddef co_methods[] = {
    { "compress", co_compress, 0 }, { "flush", co_flush, 0 }, { "copy", co_copy, 0 }, { NULL, NULL, 0 }
};
static const py_methoddef do_methods[] = {
    { "decompress", do_decompress, PY_METH_KW }, { "flush", do_flush, 0 }, { "copy", co_copy, 0 },
    { NULL, NULL, 0 }
};
static const py_getsetdef do_getsets[] = {
    { "unused_data", do_get_unused, NULL }, { "unconsumed_tail", do_get_tail, NULL }, { "eof", do_get_eof, NULL },
    { NULL, NULL, NULL }
};

static const py_typedef compress_td = {
    .name = "Compress", .qualname = "zlib.Compress", .base = PY_T_OBJECT, .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(zobj), .slots = { .dealloc = zo_dealloc }, .methods = co_methods,
};
static const py_typedef decompress_td = {
    .name = "Decompress", .qualname = "zlib.Decompress", .base = PY_T_OBJECT, .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(zobj), .slots = { .dealloc = zo_dealloc }, .methods = do_methods, .getsets = do_getsets,
};

static const py_methoddef zlib_fns[] = {
    { "compress", z_compress, PY_METH_KW }, { "decompress", z_decompress, PY_METH_KW },
    { "crc32", z_crc32, 0 }, { "adler32", z_adler32, 0 },
    { "compressobj", z_compressobj, PY_METH_KW }, { "decompressobj", z_decompressobj, PY_METH_KW },
    { NULL, NULL, 0 }
};

int py_mod_zlib_init(py_interp *I, py_val mod);
int py_mod_zlib_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, zlib_fns) || !pym_type_add(I, mod, &compress_td, NULL) ||
        !pym_type_add(I, mod, &decompress_td, NULL))
        return -1;
    py_val err = pym_new_exception(I, mod, "error", PY_VAL(PY_TYPE(I, PY_E_Exception)));
    if (!err) return -1;
    py_decref(I, err);
    static const struct { const char *n; int v; } k[] = {
        { "MAX_WBITS", MAX_WBITS }, { "DEFLATED", Z_DEFLATED }, { "DEF_MEM_LEVEL", 8 }, { "DEF_BUF_SIZE", 16384 },
        { "Z_NO_COMPRESSION", Z_NO_COMPRESSION }, { "Z_BEST_SPEED", Z_BEST_SPEED },
        { "Z_BEST_COMPRESSION", Z_BEST_COMPRESSION }, { "Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION },
        { "Z_FILTERED", Z_FILTERED }, { "Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY }, { "Z_RLE", Z_RLE },
        { "Z_FIXED", Z_FIXED }, { "Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY }, { "Z_NO_FLUSH", Z_NO_FLUSH },
        { "Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH }, { "Z_SYNC_FLUSH", Z_SYNC_FLUSH }, { "Z_FULL_FLUSH", Z_FULL_FLUSH },
        { "Z_FINISH", Z_FINISH }, { "Z_BLOCK", Z_BLOCK }, { "Z_TREES", Z_TREES }, { NULL, 0 }
    };
    for (int i = 0; k[i].n; i++)
        if (pym_add_int(I, mod, k[i].n, k[i].v)) return -1;
    if (pym_add_str(I, mod, "ZLIB_VERSION", ZLIB_VERSION) || pym_add_str(I, mod, "ZLIB_RUNTIME_VERSION", zlibVersion()))
        return -1;
    return 0;
}
