/* mod_random.c — _random.Random: the Mersenne Twister (MT19937) with
 * CPython's seeding (init_by_array over the 32-bit words of abs(int)), so a
 * seeded generator gives CPython's exact sequences for random(),
 * getrandbits() and everything lib/random.py builds on them.  An unseeded
 * generator is seeded from the run's seeded source (os.urandom).
 *
 * Must never: read the host's entropy or clock.
 */
#include <string.h>

#include "py/pymod.h"

#define MT_N 624
#define MT_M 397

typedef struct rnd {
    py_obj ob;
    py_val dict_;
    int index;
    uint32_t state[MT_N];
} rnd;

#define RND(v) ((rnd *)PY_OBJ(v))

static void init_genrand(rnd *r, uint32_t s)
{
    r->state[0] = s;
    for (int i = 1; i < MT_N; i++)
        r->state[i] = 1812433253u * (r->state[i - 1] ^ (r->state[i - 1] >> 30)) + (uint32_t)i;
    r->index = MT_N;
}

static void init_by_array(rnd *r, const uint32_t *key, size_t klen)
{
    init_genrand(r, 19650218u);
    size_t i = 1, j = 0, k = MT_N > klen ? MT_N : klen;
    uint32_t *mt = r->state;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= klen) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000u;
}

static uint32_t genrand(rnd *r)
{
    static const uint32_t mag01[2] = { 0x0u, 0x9908b0dfu };
    uint32_t y;
    uint32_t *mt = r->state;
    if (r->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (mt[MT_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static void seed_from_source(py_interp *I, rnd *r)
{
    uint32_t key[MT_N];
    for (int i = 0; i < MT_N; i += 2) {
        uint64_t v = pyos_random64(I);
        key[i] = (uint32_t)v;
        if (i + 1 < MT_N) key[i + 1] = (uint32_t)(v >> 32);
    }
    init_by_array(r, key, MT_N);
}

static int seed_obj(py_interp *I, rnd *r, py_val arg)
{
    if (!arg || arg == PY_NONE) { seed_from_source(I, r); return 0; }
    py_val n;
    if (py_is_intlike(arg)) {
        n = py_abs(I, arg);
    } else {
        int64_t h;
        if (py_hash(I, arg, &h)) return -1;
        n = py_abs(I, py_int_from_i64(I, h));
    }
    if (!n) return -1;
    /* the 32-bit words of n, least significant first */
    mp_int m;
    if (py_int_to_mp(I, n, &m)) { py_decref(I, n); return -1; }
    py_decref(I, n);
    size_t bits = (size_t)mp_count_bits(&m);
    size_t words = bits ? (bits + 31) / 32 : 1;
    uint32_t *key = py_alloc(I, words * sizeof(uint32_t));
    if (!key) { mp_clear(&m); return -1; }
    mp_int t;
    if (mp_init_copy(&t, &m) != MP_OKAY) { mp_clear(&m); py_free(I, key, words * sizeof(uint32_t)); return -1; }
    for (size_t i = 0; i < words; i++) {
        key[i] = (uint32_t)mp_get_mag_u32(&t);
        if (mp_div_2d(&t, 32, &t, NULL) != MP_OKAY) break;
    }
    mp_clear(&t);
    mp_clear(&m);
    init_by_array(r, key, words);
    py_free(I, key, words * sizeof(uint32_t));
    return 0;
}

PYM_FN(r_seed)
{
    if (py_args_range(I, "seed", nargs, kw, 0, 1)) return PY_NULL;
    if (seed_obj(I, RND(self), nargs ? args[0] : PY_NONE)) return PY_NULL;
    return PY_NONE;
}

PYM_FN(r_random)
{
    (void)args;
    if (py_args_none(I, "random", nargs, kw)) return PY_NULL;
    rnd *r = RND(self);
    uint32_t a = genrand(r) >> 5, b = genrand(r) >> 6;
    return py_float((a * 67108864.0 + b) * (1.0 / 9007199254740992.0));
}

PYM_FN(r_getrandbits)
{
    if (py_args_exact(I, "getrandbits", nargs, kw, 1)) return PY_NULL;
    int64_t k;
    if (pym_arg_int(I, args[0], &k)) return PY_NULL;
    if (k < 0) return py_err_str(I, PY_E_ValueError, "number of bits must be non-negative");
    rnd *r = RND(self);
    if (k == 0) return py_int_small(0);
    if (k <= 32) return py_int_small(genrand(r) >> (32 - k));
    if (k <= 63) {
        uint64_t lo = genrand(r);
        uint64_t hi = genrand(r) >> (64 - k);
        return py_int_from_u64(I, lo | (hi << 32));
    }
    mp_int *m;
    py_val big = py_int_big_new(I, &m);
    if (!big) return PY_NULL;
    mp_int w;
    if (mp_init(&w) != MP_OKAY) { py_decref(I, big); return py_err_nomem(I); }
    mp_zero(m);
    for (int64_t done = 0; done < k; done += 32) {
        uint32_t v = genrand(r);
        if (k - done < 32) v >>= 32 - (k - done);
        mp_set_u32(&w, v);
        if (mp_mul_2d(&w, (int)done, &w) != MP_OKAY || mp_add(m, &w, m) != MP_OKAY) {
            mp_clear(&w);
            py_decref(I, big);
            return py_err_nomem(I);
        }
    }
    mp_clear(&w);
    return py_int_normalize(I, big);
}

PYM_FN(r_getstate)
{
    (void)args;
    if (py_args_none(I, "getstate", nargs, kw)) return PY_NULL;
    rnd *r = RND(self);
    py_val t = py_tuple_new(I, MT_N + 1);
    if (!t) return PY_NULL;
    for (int i = 0; i < MT_N; i++) py_tuple_items(t)[i] = py_int_from_u64(I, r->state[i]);
    py_tuple_items(t)[MT_N] = py_int_small(r->index);
    return t;
}

PYM_FN(r_setstate)
{
    if (py_args_exact(I, "setstate", nargs, kw, 1)) return PY_NULL;
    py_val t = args[0];
    if (!py_is_tuple(t)) return py_err_str(I, PY_E_TypeError, "state vector must be a tuple");
    if (py_tuple_len(t) != MT_N + 1) return py_err_str(I, PY_E_ValueError, "state vector is the wrong size");
    rnd *r = RND(self);
    uint32_t st[MT_N];
    for (int i = 0; i < MT_N; i++) {
        int64_t v;
        if (pym_arg_int(I, py_tuple_items(t)[i], &v)) return PY_NULL;
        st[i] = (uint32_t)v;
    }
    int64_t idx;
    if (pym_arg_int(I, py_tuple_items(t)[MT_N], &idx)) return PY_NULL;
    if (idx < 0 || idx > MT_N) return py_err_str(I, PY_E_ValueError, "invalid state");
    memcpy(r->state, st, sizeof st);
    r->index = (int)idx;
    return PY_NONE;
}

static void r_dealloc(py_interp *I, py_obj *o)
{
    rnd *r = (rnd *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, r->dict_);
    py_obj_free(I, o, o->type->basicsize);
}

static void r_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    rnd *r = (rnd *)o;
    if (r->dict_) visit(r->dict_, ctx);
}

static void r_clear(py_interp *I, py_obj *o) { PY_CLEAR(I, ((rnd *)o)->dict_); }

static py_val r_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    (void)kw;
    rnd *r = (rnd *)py_obj_new(I, t, t->basicsize);
    if (!r) return PY_NULL;
    if (seed_obj(I, r, nargs ? args[0] : PY_NONE)) { py_decref(I, PY_VAL(r)); return PY_NULL; }
    return PY_VAL(r);
}

static const py_methoddef r_methods[] = {
    { "seed", r_seed, 0 }, { "random", r_random, 0 }, { "getrandbits", r_getrandbits, 0 },
    { "getstate", r_getstate, 0 }, { "setstate", r_setstate, 0 }, { NULL, NULL, 0 }
};

static const py_typedef rnd_td = {
    .name = "Random", .qualname = "_random.Random", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_BASETYPE,
    .basicsize = sizeof(rnd), .dictoffset = offsetof(rnd, dict_),
    .slots = { .dealloc = r_dealloc, .traverse = r_traverse, .clear = r_clear, .new_ = r_new },
    .methods = r_methods,
};

int py_mod__random_init(py_interp *I, py_val mod);
int py_mod__random_init(py_interp *I, py_val mod)
{
    return pym_type_add(I, mod, &rnd_td, NULL) ? 0 : -1;
}
