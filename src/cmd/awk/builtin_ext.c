/* builtin_ext.c — the rest of awk's built-ins: rand/srand (a seeded PRNG
 * in the interpreter, BSD random(3)'s algorithm), gawk's time functions
 * (systime, mktime, strftime — UTC, the clock from the sandbox), asort and
 * asorti, strtonum, bit operations, typeof. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/datetime.h"
#include "awk.h"

/* ---- random numbers (BSD random(3), TYPE_3, as a seeded PRNG in the state) --------- */

static int32_t good_rand(int32_t x)
{
    if (x == 0) x = 123459876;
    int32_t hi = x / 127773, lo = x % 127773;
    x = 16807 * lo - 2836 * hi;
    if (x < 0) x += 0x7fffffff;
    return x;
}

static int32_t next_random(awk_interp *in)
{
    int32_t *st = in->rnd_tbl;
    uint32_t v = (uint32_t)st[in->rnd_f] + (uint32_t)st[in->rnd_r];
    st[in->rnd_f] = (int32_t)v;
    int32_t out = (int32_t)((v >> 1) & 0x7fffffff);
    if (++in->rnd_f >= 31) { in->rnd_f = 0; ++in->rnd_r; }
    else if (++in->rnd_r >= 31) in->rnd_r = 0;
    return out;
}

void awk_srand(awk_interp *in, double seed)
{
    in->rnd_ready = 1;
    int32_t *st = in->rnd_tbl;
    st[0] = (int32_t)(uint32_t)(uint64_t)awk_clamp(fmod(seed, 4294967296.0), -INT64_C(4294967296), INT64_C(4294967296));
    for (int i = 1; i < 31; i++) st[i] = good_rand(st[i - 1]);
    in->rnd_f = 3;
    in->rnd_r = 0;
    for (int i = 0; i < 310; i++) next_random(in);
}

double awk_rand(awk_interp *in)
{
    if (!in->rnd_ready) awk_srand(in, in->seed);
    double t;
    do {
        double d1 = next_random(in), d2 = next_random(in);
        t = 0.5 + ((d1 / 2147483648.0 + d2) / 2147483648.0);
        t -= 0.5;
    } while (t >= 1.0);
    return t;
}

/* ---- time (src/base/datetime, in the script's TZ) --------------------------------------- */

static const char *awk_tz(awk_interp *in)
{
    for (char *const *e = in->c->envp; e && *e; e++)
        if (!strncmp(*e, "TZ=", 3)) return *e + 3;
    return NULL;
}

awk_val awk_bi_strftime(awk_interp *in, awk_node *n)
{
    awk_str *fmt = n->nargs > 0 ? awk_bi_str(in, n->a) : awk_str_new(in, "%a %b %e %H:%M:%S %Z %Y", 23);
    double t = n->nargs > 1 ? awk_bi_num(in, awk_bi_arg(n, 1)) : (double)(cmd_now_ns(in->c) / 1000000000);
    int utc = n->nargs > 2 && awk_bi_num(in, awk_bi_arg(n, 2)) != 0;
    if (!(t >= -62135596800.0 && t <= 253402300799.0)) {
        awk_warning(in, "strftime: second argument out of range for time_t");
        awk_str_unref(in, fmt);
        return awk_strval(in, "", 0);
    }
    dt_zone z;
    dt_zone_init(&z, utc ? NULL : awk_tz(in));
    dt_tm tm;
    dt_localtime(&z, (int64_t)t, &tm);
    /* the format may hold NULs: format up to the first, as C strftime does */
    char *f = sk_strndup(in->a, fmt->s, fmt->len);
    sk_buf b = SK_BUF_INIT(in->a);
    if (f) dt_format(&b, f, &tm, 0);
    awk_val r = awk_strval(in, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    sk_free(in->a, f);
    awk_str_unref(in, fmt);
    return r;
}

awk_val awk_bi_mktime(awk_interp *in, awk_node *n)
{
    awk_str *s = awk_bi_str(in, n->a);
    int utc = n->nargs > 1 && awk_bi_num(in, awk_bi_arg(n, 1)) != 0;
    long long f[7] = { 0, 0, 0, 0, 0, 0, -1 };
    int k = 0;
    const char *p = s->s;
    while (*p && k < 7) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        char *end;
        long long v = strtoll(p, &end, 10);
        if (end == p) break;
        f[k++] = v;
        p = end;
    }
    awk_str_unref(in, s);
    if (k < 6) return awk_num(-1);
    dt_zone z;
    dt_zone_init(&z, utc ? NULL : awk_tz(in));
    return awk_num((double)dt_mktime(&z, f[0], f[1], f[2], f[3], f[4], f[5]));
}

/* ---- asort / asorti ------------------------------------------------------------------ */

typedef struct sort_item {
    awk_val v;
    int isnum;
    double num;
} sort_item;

static int item_cmp(const void *x, const void *y)
{
    const sort_item *a = x, *b = y;
    if (a->isnum != b->isnum) return a->isnum ? -1 : 1;
    if (a->isnum) return a->num < b->num ? -1 : a->num > b->num;
    const awk_str *s = a->v.s, *t = b->v.s;
    size_t sl = s ? s->len : 0, tl = t ? t->len : 0;
    size_t m = sl < tl ? sl : tl;
    int r = m ? memcmp(s->s, t->s, m) : 0;
    if (r) return r;
    return sl < tl ? -1 : sl > tl;
}

awk_val awk_bi_asort(awk_interp *in, awk_node *n, int by_index)
{
    awk_node *src = n->a, *dstn = awk_bi_arg(n, 1);
    if (!awk_bi_is_arrayref(src) || (dstn && !awk_bi_is_arrayref(dstn))) {
        awk_fatal(in, "%s: argument is not an array", by_index ? "asorti" : "asort");
        return awk_uninit();
    }
    awk_array *a = awk_node_array(in, src);
    awk_array *d = dstn ? awk_node_array(in, dstn) : a;
    if (!a || !d) return awk_uninit();
    size_t nk;
    awk_str **keys = awk_array_keys(in, a, &nk);
    sort_item *items = nk ? sk_calloc(in->a, nk, sizeof *items) : NULL;
    if (nk && !items) {
        for (size_t i = 0; i < nk; i++) awk_str_unref(in, keys[i]);
        sk_free(in->a, keys);
        awk_fatal(in, "out of memory");
        return awk_uninit();
    }
    for (size_t i = 0; i < nk; i++) {
        if (by_index) {
            items[i].v = awk_strval_take(keys[i]);
            keys[i] = NULL;
            items[i].isnum = 0;
        } else {
            awk_val *v = awk_array_get(in, a, keys[i]->s, keys[i]->len, NULL, 0);
            items[i].v = v ? awk_val_copy(v) : awk_uninit();
            awk_resolve(in, &items[i].v);
            int t = items[i].v.t;
            items[i].isnum = t == AV_NUM || t == AV_STRNUM || t == AV_UNINIT;
            items[i].num = items[i].isnum ? awk_to_num(in, &items[i].v) : 0;
        }
    }
    qsort(items, nk, sizeof *items, item_cmp);
    awk_array_clear(in, d);
    for (size_t i = 0; i < nk; i++) awk_array_set_num(in, d, (double)(i + 1), items[i].v);
    for (size_t i = 0; i < nk; i++) awk_str_unref(in, keys[i]);
    sk_free(in->a, keys);
    sk_free(in->a, items);
    return awk_num((double)nk);
}

/* ---- misc ------------------------------------------------------------------------------- */

awk_val awk_bi_strtonum(awk_interp *in, awk_node *n)
{
    awk_val v = awk_eval(in, n->a);
    awk_resolve(in, &v);
    if (v.t == AV_NUM || v.t == AV_STRNUM || v.t == AV_UNINIT) {
        double d = awk_to_num(in, &v);
        awk_val_free(in, &v);
        return awk_num(d);
    }
    const char *p = v.s ? v.s->s : "";
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    int neg = 0;
    if (*p == '-' || *p == '+') neg = *p++ == '-';
    double d = 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        for (p += 2;; p++) {
            int c = *p, h = c >= '0' && c <= '9' ? c - '0' : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10 : -1;
            if (h < 0) break;
            d = d * 16 + h;
        }
    } else if (p[0] == '0' && p[1] >= '0' && p[1] <= '7') {
        for (; *p >= '0' && *p <= '7'; p++) d = d * 8 + (*p - '0');
    } else {
        d = awk_to_num(in, &v);
        neg = 0;
    }
    awk_val_free(in, &v);
    return awk_num(neg ? -d : d);
}

static uint64_t to_bits(awk_interp *in, double d, const char *fn)
{
    if (d < 0) {
        awk_fatal(in, "%s: negative values are not allowed", fn);
        return 0;
    }
    if (d >= 18446744073709551616.0) return UINT64_MAX;
    if (d != d) return 0;
    return (uint64_t)d;
}

awk_val awk_bi_bits(awk_interp *in, awk_node *n)
{
    const awk_builtin_info *bi = awk_builtin_by_id(n->sub);
    uint64_t acc = to_bits(in, awk_bi_num(in, n->a), bi->name);
    int i = 0;
    for (awk_node *a = n->a->next; a; a = a->next, i++) {
        uint64_t b = to_bits(in, awk_bi_num(in, a), bi->name);
        switch (n->sub) {
        case B_AND: acc &= b; break;
        case B_OR: acc |= b; break;
        case B_XOR: acc ^= b; break;
        case B_LSHIFT: acc = b >= 64 ? 0 : acc << b; break;
        case B_RSHIFT: acc = b >= 64 ? 0 : acc >> b; break;
        default: break;
        }
    }
    if (n->sub == B_COMPL) acc = ~acc & ((UINT64_C(1) << 53) - 1);
    return awk_num((double)acc);
}

awk_val awk_bi_typeof(awk_interp *in, awk_node *n)
{
    const char *t;
    awk_node *a = n->a;
    if (awk_bi_is_var(a)) {
        awk_cell *c = awk_cell_of(in, a);
        while (c->kind == CELL_REF) c = c->ref;
        if (c->kind == CELL_ARRAY) return awk_strval(in, "array", 5);
        if (c->kind == CELL_UNTYPED) return awk_strval(in, "untyped", 7);
    }
    if (a->op == N_REGEX) return awk_strval(in, "regexp", 6);
    if (a->op == N_INDEX) {
        awk_val *e = awk_bi_elem(in, a);
        if (e && e->t == AV_ARRAY) return awk_strval(in, "array", 5);
        if (e && e->t == AV_UNINIT) return awk_strval(in, "unassigned", 10);
    }
    awk_val v = awk_eval(in, a);
    awk_resolve(in, &v);
    switch (v.t) {
    case AV_NUM: t = "number"; break;
    case AV_STRNUM: t = "strnum"; break;
    case AV_UNINIT: t = "unassigned"; break;
    default: t = "string"; break;
    }
    awk_val_free(in, &v);
    return awk_strval(in, t, strlen(t));
}

