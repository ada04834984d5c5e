/* builtin_ext.c — the rest of awk's built-ins: rand/srand (a seeded PRNG
 * in the interpreter, BSD random(3)'s algorithm), gawk's time functions
 * (systime, mktime, strftime — UTC, the clock from the sandbox), asort and
 * asorti, strtonum, bit operations, typeof. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- time (UTC) ------------------------------------------------------------------------ */

static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t yy = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yy + (*m <= 2);
}

static const char *const wdays[] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char *const months[] = { "January", "February", "March", "April", "May", "June", "July",
                                      "August", "September", "October", "November", "December" };

static void fmt_time(sk_buf *b, const char *f, size_t n, int64_t t)
{
    int64_t days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400);
    int64_t secs = t - days * 86400;
    int64_t y;
    int mo, d;
    civil_from_days(days, &y, &mo, &d);
    int hh = (int)(secs / 3600), mm = (int)(secs / 60 % 60), ss = (int)(secs % 60);
    int wd = (int)(((days % 7) + 11) % 7);   /* 1970-01-01 was a Thursday */
    int yday = (int)(days - days_from_civil(y, 1, 1));
    for (size_t i = 0; i < n; i++) {
        if (f[i] != '%' || i + 1 >= n) { sk_buf_putc(b, f[i]); continue; }
        char c = f[++i];
        if ((c == 'E' || c == 'O') && i + 1 < n) c = f[++i];
        switch (c) {
        case 'Y': sk_buf_printf(b, "%lld", (long long)y); break;
        case 'C': sk_buf_printf(b, "%02lld", (long long)(y / 100)); break;
        case 'y': sk_buf_printf(b, "%02lld", (long long)(((y % 100) + 100) % 100)); break;
        case 'm': sk_buf_printf(b, "%02d", mo); break;
        case 'd': sk_buf_printf(b, "%02d", d); break;
        case 'e': sk_buf_printf(b, "%2d", d); break;
        case 'H': sk_buf_printf(b, "%02d", hh); break;
        case 'k': sk_buf_printf(b, "%2d", hh); break;
        case 'I': sk_buf_printf(b, "%02d", hh % 12 ? hh % 12 : 12); break;
        case 'l': sk_buf_printf(b, "%2d", hh % 12 ? hh % 12 : 12); break;
        case 'M': sk_buf_printf(b, "%02d", mm); break;
        case 'S': sk_buf_printf(b, "%02d", ss); break;
        case 'p': sk_buf_puts(b, hh < 12 ? "AM" : "PM"); break;
        case 'j': sk_buf_printf(b, "%03d", yday + 1); break;
        case 'a': sk_buf_put(b, wdays[wd], 3); break;
        case 'A': sk_buf_puts(b, wdays[wd]); break;
        case 'b': case 'h': sk_buf_put(b, months[mo - 1], 3); break;
        case 'B': sk_buf_puts(b, months[mo - 1]); break;
        case 'u': sk_buf_printf(b, "%d", wd ? wd : 7); break;
        case 'w': sk_buf_printf(b, "%d", wd); break;
        case 'U': sk_buf_printf(b, "%02d", (yday + 7 - wd) / 7); break;
        case 'W': sk_buf_printf(b, "%02d", (yday + 7 - (wd + 6) % 7) / 7); break;
        case 'Z': sk_buf_puts(b, "UTC"); break;
        case 'z': sk_buf_puts(b, "+0000"); break;
        case 's': sk_buf_printf(b, "%lld", (long long)t); break;
        case 'n': sk_buf_putc(b, '\n'); break;
        case 't': sk_buf_putc(b, '\t'); break;
        case '%': sk_buf_putc(b, '%'); break;
        case 'T': sk_buf_printf(b, "%02d:%02d:%02d", hh, mm, ss); break;
        case 'R': sk_buf_printf(b, "%02d:%02d", hh, mm); break;
        case 'D': case 'x': sk_buf_printf(b, "%02d/%02d/%02lld", mo, d, (long long)(((y % 100) + 100) % 100)); break;
        case 'F': sk_buf_printf(b, "%lld-%02d-%02d", (long long)y, mo, d); break;
        case 'X': sk_buf_printf(b, "%02d:%02d:%02d", hh, mm, ss); break;
        case 'r': sk_buf_printf(b, "%02d:%02d:%02d %s", hh % 12 ? hh % 12 : 12, mm, ss, hh < 12 ? "AM" : "PM"); break;
        case 'c':
            sk_buf_printf(b, "%.3s %.3s %2d %02d:%02d:%02d %lld", wdays[wd], months[mo - 1], d, hh, mm, ss, (long long)y);
            break;
        case 'G': case 'g': case 'V': {
            /* ISO 8601 week-based year and week */
            int wdm = (wd + 6) % 7;   /* Monday = 0 */
            int64_t iy = y;
            int64_t thursday = days - wdm + 3;
            int64_t ty; int tm, td;
            civil_from_days(thursday, &ty, &tm, &td);
            iy = ty;
            int week = (int)((thursday - days_from_civil(iy, 1, 1)) / 7 + 1);
            if (c == 'V') sk_buf_printf(b, "%02d", week);
            else if (c == 'G') sk_buf_printf(b, "%lld", (long long)iy);
            else sk_buf_printf(b, "%02lld", (long long)(((iy % 100) + 100) % 100));
            break;
        }
        default: sk_buf_putc(b, '%'); sk_buf_putc(b, c); break;
        }
    }
}

awk_val awk_bi_strftime(awk_interp *in, awk_node *n)
{
    awk_str *fmt = n->nargs > 0 ? awk_bi_str(in, n->a) : awk_str_new(in, "%a %b %e %H:%M:%S %Z %Y", 23);
    double t = n->nargs > 1 ? awk_bi_num(in, awk_bi_arg(n, 1)) : (double)(cmd_now_ns(in->c) / 1000000000);
    if (n->nargs > 2) awk_bi_num(in, awk_bi_arg(n, 2));
    if (!(t >= -62135596800.0 && t <= 253402300799.0)) {
        awk_warning(in, "strftime: second argument out of range for time_t");
        awk_str_unref(in, fmt);
        return awk_strval(in, "", 0);
    }
    sk_buf b = SK_BUF_INIT(in->a);
    fmt_time(&b, fmt->s, fmt->len, (int64_t)t);
    awk_val r = awk_strval(in, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    awk_str_unref(in, fmt);
    return r;
}

awk_val awk_bi_mktime(awk_interp *in, awk_node *n)
{
    awk_str *s = awk_bi_str(in, n->a);
    if (n->nargs > 1) awk_bi_num(in, awk_bi_arg(n, 1));
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
    int64_t mon = f[1] - 1;
    int64_t y = f[0] + (mon >= 0 ? mon / 12 : (mon - 11) / 12);
    mon = ((mon % 12) + 12) % 12;
    int64_t days = days_from_civil(y, mon + 1, 1) + f[2] - 1;
    return awk_num((double)(days * 86400 + f[3] * 3600 + f[4] * 60 + f[5]));
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

