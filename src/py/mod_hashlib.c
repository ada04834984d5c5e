/* mod_hashlib.c — the hashlib module over the project's digests
 * (src/cmd/hash: MD5, SHA-1, SHA-224/256/384/512): new(), the named
 * constructors, HASH objects (update, digest, hexdigest, copy), and
 * pbkdf2_hmac.
 *
 * Must never: keep digest state outside the objects.
 */
#include <string.h>

#include "cmd/hash/hash.h"
#include "py/pymod.h"

typedef struct hobj {
    py_obj ob;
    const hash_algo *algo;
    hash_ctx ctx;
} hobj;

#define HO(v) ((hobj *)PY_OBJ(v))

static int block_size(const hash_algo *a) { return a->digest_len > 32 ? 128 : 64; }

static int data_arg(py_interp *I, py_val v, const char **p, size_t *n)
{
    if (py_is_str(v)) { py_err_str(I, PY_E_TypeError, "Strings must be encoded before hashing"); return -1; }
    if (!pym_is_bytes_like(v)) {
        py_err_fmt(I, PY_E_TypeError, "object supporting the buffer API required");
        return -1;
    }
    return pym_bytes_like(I, v, p, n);
}

static py_val make_hash(py_interp *I, const hash_algo *a, py_val data)
{
    py_type *t = pym_type_get(I, "_hashlib", "HASH");
    if (!t) return PY_NULL;
    hobj *h = (hobj *)py_obj_new(I, t, sizeof(hobj));
    if (!h) return PY_NULL;
    h->algo = a;
    a->init(&h->ctx);
    if (data && data != PY_NONE) {
        const char *p;
        size_t n;
        if (data_arg(I, data, &p, &n)) { py_decref(I, PY_VAL(h)); return PY_NULL; }
        a->update(&h->ctx, p, n);
    }
    return PY_VAL(h);
}

PYM_FN(h_update)
{
    if (py_args_exact(I, "update", nargs, kw, 1)) return PY_NULL;
    const char *p;
    size_t n;
    if (data_arg(I, args[0], &p, &n)) return PY_NULL;
    HO(self)->algo->update(&HO(self)->ctx, p, n);
    return PY_NONE;
}

static void finish(hobj *h, unsigned char *out)
{
    hash_ctx copy = h->ctx;
    h->algo->final(&copy, out);
}

PYM_FN(h_digest)
{
    (void)args;
    if (py_args_none(I, "digest", nargs, kw)) return PY_NULL;
    unsigned char out[64];
    finish(HO(self), out);
    return py_bytes_new(I, (const char *)out, (size_t)HO(self)->algo->digest_len);
}

PYM_FN(h_hexdigest)
{
    (void)args;
    if (py_args_none(I, "hexdigest", nargs, kw)) return PY_NULL;
    unsigned char out[64];
    finish(HO(self), out);
    char hex[129];
    static const char d[] = "0123456789abcdef";
    int n = HO(self)->algo->digest_len;
    for (int i = 0; i < n; i++) { hex[2 * i] = d[out[i] >> 4]; hex[2 * i + 1] = d[out[i] & 15]; }
    return py_str_new(I, hex, (size_t)(2 * n));
}

PYM_FN(h_copy)
{
    (void)args;
    if (py_args_none(I, "copy", nargs, kw)) return PY_NULL;
    hobj *h = HO(self);
    hobj *c = (hobj *)py_obj_new(I, py_typeof(I, self), sizeof(hobj));
    if (!c) return PY_NULL;
    c->algo = h->algo;
    c->ctx = h->ctx;
    return PY_VAL(c);
}

static py_val h_get_name(py_interp *I, py_val self) { return py_str_cstr(I, HO(self)->algo->name); }
static py_val h_get_digest_size(py_interp *I, py_val self) { (void)I; return py_int_small(HO(self)->algo->digest_len); }
static py_val h_get_block_size(py_interp *I, py_val self) { (void)I; return py_int_small(block_size(HO(self)->algo)); }

static py_val h_repr(py_interp *I, py_val self)
{
    return py_str_fmt(I, "<%s _hashlib.HASH object @ 0x%llx>", HO(self)->algo->name, (unsigned long long)py_id_of(I, self));
}

static void h_dealloc(py_interp *I, py_obj *o) { py_obj_free(I, o, sizeof(hobj)); }

static const py_methoddef h_methods[] = {
    { "update", h_update, 0 }, { "digest", h_digest, 0 }, { "hexdigest", h_hexdigest, 0 }, { "copy", h_copy, 0 },
    { NULL, NULL, 0 }
};
static const py_getsetdef h_getsets[] = {
    { "name", h_get_name, NULL }, { "digest_size", h_get_digest_size, NULL }, { "block_size", h_get_block_size, NULL },
    { NULL, NULL, NULL }
};
static const py_typedef hash_td = {
    .name = "HASH", .qualname = "_hashlib.HASH", .base = PY_T_OBJECT, .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(hobj), .slots = { .dealloc = h_dealloc, .repr = h_repr },
    .methods = h_methods, .getsets = h_getsets,
};

static const hash_algo *find_algo(const char *name)
{
    char low[16];
    size_t n = strlen(name), k = 0;
    if (n >= sizeof low) return NULL;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (c == '-' || c == '_') continue;
        low[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    low[k] = 0;
    return hash_find(low);
}

static py_val named(py_interp *I, const char *algo, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "data", "$usedforsecurity", "$string", NULL };
    py_val a[3];
    if (pym_parse(I, algo, args, nargs, kw, names, 0, a)) return PY_NULL;
    return make_hash(I, hash_find(algo), a[0] ? a[0] : a[2]);
}

PYM_FN(hl_md5) { (void)self; return named(I, "md5", args, nargs, kw); }
PYM_FN(hl_sha1) { (void)self; return named(I, "sha1", args, nargs, kw); }
PYM_FN(hl_sha224) { (void)self; return named(I, "sha224", args, nargs, kw); }
PYM_FN(hl_sha256) { (void)self; return named(I, "sha256", args, nargs, kw); }
PYM_FN(hl_sha384) { (void)self; return named(I, "sha384", args, nargs, kw); }
PYM_FN(hl_sha512) { (void)self; return named(I, "sha512", args, nargs, kw); }

PYM_FN(hl_new)
{
    (void)self;
    static const char *const names[] = { "name", "data", "$usedforsecurity", "$string", NULL };
    py_val a[4];
    if (pym_parse(I, "new", args, nargs, kw, names, 1, a)) return PY_NULL;
    if (!py_is_str(a[0])) return py_err_fmt(I, PY_E_TypeError, "new() argument 'name' must be str, not %s", py_type_name(I, a[0]));
    const hash_algo *al = find_algo(py_str_data(a[0]));
    if (!al) return py_err_fmt(I, PY_E_ValueError, "unsupported hash type %s", py_str_data(a[0]));
    return make_hash(I, al, a[1] ? a[1] : a[3]);
}

/* pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None) */
static void hmac_once(const hash_algo *al, const unsigned char *key, size_t klen, const unsigned char *msg, size_t mlen,
                      unsigned char *out)
{
    int bs = block_size(al);
    unsigned char k0[128], pad[128], inner[64];
    hash_ctx c;
    memset(k0, 0, sizeof k0);
    if (klen > (size_t)bs) {
        al->init(&c);
        al->update(&c, key, klen);
        al->final(&c, k0);
    } else {
        memcpy(k0, key, klen);
    }
    for (int i = 0; i < bs; i++) pad[i] = k0[i] ^ 0x36;
    al->init(&c);
    al->update(&c, pad, (size_t)bs);
    al->update(&c, msg, mlen);
    al->final(&c, inner);
    for (int i = 0; i < bs; i++) pad[i] = k0[i] ^ 0x5c;
    al->init(&c);
    al->update(&c, pad, (size_t)bs);
    al->update(&c, inner, (size_t)al->digest_len);
    al->final(&c, out);
}

PYM_FN(hl_pbkdf2_hmac)
{
    (void)self;
    static const char *const names[] = { "hash_name", "password", "salt", "iterations", "dklen", NULL };
    py_val a[5];
    if (pym_parse(I, "pbkdf2_hmac", args, nargs, kw, names, 4, a)) return PY_NULL;
    if (!py_is_str(a[0])) return py_err_str(I, PY_E_TypeError, "pbkdf2_hmac() argument 'hash_name' must be str");
    const hash_algo *al = find_algo(py_str_data(a[0]));
    if (!al) return py_err_fmt(I, PY_E_ValueError, "unsupported hash type %s", py_str_data(a[0]));
    const char *pw, *salt;
    size_t pwn, saltn;
    if (pym_bytes_like(I, a[1], &pw, &pwn) || pym_bytes_like(I, a[2], &salt, &saltn)) return PY_NULL;
    int64_t iters, dklen = al->digest_len;
    if (pym_arg_int(I, a[3], &iters)) return PY_NULL;
    if (a[4] && a[4] != PY_NONE && pym_arg_int(I, a[4], &dklen)) return PY_NULL;
    if (iters < 1) return py_err_str(I, PY_E_ValueError, "iteration value must be greater than 0.");
    if (dklen < 1) return py_err_str(I, PY_E_ValueError, "key length must be greater than 0.");
    if (iters > 10000000 || dklen > 1 << 20) return py_err_str(I, PY_E_OverflowError, "pbkdf2_hmac work too large for the sandbox");
    char *out;
    py_val res = py_bytes_uninit(I, (size_t)dklen, &out);
    if (!res) return PY_NULL;
    unsigned char *msg = py_alloc(I, saltn + 4);
    if (!msg) { py_decref(I, res); return PY_NULL; }
    if (saltn) memcpy(msg, salt, saltn);
    int hl = al->digest_len;
    for (int64_t block = 1, done = 0; done < dklen; block++) {
        msg[saltn] = (unsigned char)(block >> 24);
        msg[saltn + 1] = (unsigned char)(block >> 16);
        msg[saltn + 2] = (unsigned char)(block >> 8);
        msg[saltn + 3] = (unsigned char)block;
        unsigned char u[64], t[64];
        hmac_once(al, (const unsigned char *)pw, pwn, msg, saltn + 4, u);
        memcpy(t, u, (size_t)hl);
        for (int64_t it = 1; it < iters; it++) {
            hmac_once(al, (const unsigned char *)pw, pwn, u, (size_t)hl, u);
            for (int k = 0; k < hl; k++) t[k] ^= u[k];
            if ((it & 1023) == 0 && py_check_periodic(I)) { py_free(I, msg, saltn + 4); py_decref(I, res); return PY_NULL; }
        }
        int64_t take = dklen - done < hl ? dklen - done : hl;
        memcpy(out + done, t, (size_t)take);
        done += take;
    }
    py_free(I, msg, saltn + 4);
    return res;
}

static const py_methoddef hl_fns[] = {
    { "new", hl_new, PY_METH_KW }, { "md5", hl_md5, PY_METH_KW }, { "sha1", hl_sha1, PY_METH_KW },
    { "sha224", hl_sha224, PY_METH_KW }, { "sha256", hl_sha256, PY_METH_KW }, { "sha384", hl_sha384, PY_METH_KW },
    { "sha512", hl_sha512, PY_METH_KW }, { "pbkdf2_hmac", hl_pbkdf2_hmac, PY_METH_KW },
    { NULL, NULL, 0 }
};

int py_mod__hashlib_init(py_interp *I, py_val mod);
int py_mod__hashlib_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, hl_fns) || !pym_type_add(I, mod, &hash_td, NULL)) return -1;
    py_val names = py_set_new(I, PY_NULL, 0);
    static const char *const algos[] = { "md5", "sha1", "sha224", "sha256", "sha384", "sha512", NULL };
    for (int i = 0; names && algos[i]; i++) {
        py_val s = py_str_cstr(I, algos[i]);
        if (!s || py_set_add(I, names, s)) { py_xdecref(I, s); py_decref(I, names); return -1; }
        py_decref(I, s);
    }
    if (!names) return -1;
    py_dict_set_c(I, py_module_dict(mod), "algorithms_guaranteed", names);
    return py_module_add(I, mod, "algorithms_available", names);
}
