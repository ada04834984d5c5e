/* factor.c — factor: print the prime factors of numbers (up to 2^128-1).
 * Trial division, then Miller-Rabin and Pollard's rho (Brent) on 128-bit
 * integers.  Numbers come from the operands or whitespace-separated words
 * of standard input; GNU's messages for invalid words. */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("factor", cmd_factor, "factor [NUMBER]...: print the prime factors of each number");

typedef unsigned __int128 u128;

static const char factor_usage[] =
    "Usage: factor [NUMBER]...\n"
    "  or:  factor OPTION\n"
    "Print the prime factors of each specified integer NUMBER.  If none\n"
    "are specified on the command line, read them from standard input.\n"
    "\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

/* ---- 128-bit modular arithmetic (Montgomery for moduli >= 2^64) ---- */

static void mul_wide(u128 a, u128 b, u128 *hi, u128 *lo)
{
    uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64), b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
    u128 p00 = (u128)a0 * b0, p01 = (u128)a0 * b1, p10 = (u128)a1 * b0, p11 = (u128)a1 * b1;
    u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    *lo = (mid << 64) | (uint64_t)p00;
    *hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}

typedef struct mont {
    u128 n, ninv, r2, one;   /* ninv = -n^-1 mod 2^128; one = R mod n */
} mont;

static u128 redc(const mont *m, u128 hi, u128 lo)
{
    u128 q = lo * m->ninv;
    u128 ph, pl;
    mul_wide(q, m->n, &ph, &pl);
    u128 sl = lo + pl;
    u128 carry = sl < lo;
    u128 sh = hi + ph;
    int over = sh < hi;
    u128 sh2 = sh + carry;
    over |= sh2 < sh;
    if (over || sh2 >= m->n) sh2 -= m->n;
    return sh2;
}

static u128 mmul(const mont *m, u128 a, u128 b)
{
    u128 hi, lo;
    mul_wide(a, b, &hi, &lo);
    return redc(m, hi, lo);
}

/* Slow but simple a*b mod n (set-up only). */
static u128 mulmod_slow(u128 a, u128 b, u128 n)
{
    u128 r = 0;
    a %= n;
    b %= n;
    while (b) {
        if (b & 1) r = r >= n - a ? r - (n - a) : r + a;
        b >>= 1;
        a = a >= n - a ? a - (n - a) : a + a;
    }
    return r;
}

static void mont_init(mont *m, u128 n)
{
    m->n = n;
    u128 inv = n;                         /* n * n == 1 mod 8 for odd n */
    for (int i = 0; i < 7; i++) inv *= 2 - n * inv;
    m->ninv = -inv;
    m->one = (0 - n) % n;                 /* 2^128 mod n */
    m->r2 = mulmod_slow(m->one, m->one, n);
}

static u128 to_mont(const mont *m, u128 x) { return mmul(m, x % m->n, m->r2); }

/* Modular arithmetic on n: plain for n < 2^64, Montgomery form above. */
typedef struct modn {
    u128 n;
    int big;
    mont m;
} modn;

static void modn_init(modn *z, u128 n)
{
    z->n = n;
    z->big = (n >> 64) != 0;
    if (z->big) mont_init(&z->m, n);
}

static u128 m_from(const modn *z, u128 x) { return z->big ? to_mont(&z->m, x) : x % z->n; }
static u128 m_one(const modn *z) { return z->big ? z->m.one : 1 % z->n; }
static u128 m_mul(const modn *z, u128 a, u128 b) { return z->big ? mmul(&z->m, a, b) : a * b % z->n; }
static u128 m_add(const modn *z, u128 a, u128 b) { return a >= z->n - b ? a - (z->n - b) : a + b; }

static u128 m_pow(const modn *z, u128 b, u128 e)
{
    u128 r = m_one(z);
    while (e) {
        if (e & 1) r = m_mul(z, r, b);
        b = m_mul(z, b, b);
        e >>= 1;
    }
    return r;
}

static int is_prime(u128 n)
{
    static const unsigned small[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71 };
    if (n < 2) return 0;
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        if (n == small[i]) return 1;
        if (n % small[i] == 0) return 0;
    }
    modn z;
    modn_init(&z, n);
    u128 d = n - 1;
    int s = 0;
    while (!(d & 1)) {
        d >>= 1;
        s++;
    }
    u128 one = m_one(&z), minus1 = m_from(&z, n - 1);
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        u128 x = m_pow(&z, m_from(&z, small[i]), d);
        if (x == one || x == minus1) continue;
        int comp = 1;
        for (int r = 1; r < s; r++) {
            x = m_mul(&z, x, x);
            if (x == minus1) { comp = 0; break; }
        }
        if (comp) return 0;
    }
    return 1;
}

static u128 gcd(u128 a, u128 b)
{
    while (b) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A non-trivial factor of the odd composite n (Brent's rho). */
static u128 rho(sk_cmd *c, u128 n)
{
    if (!(n & 1)) return 2;
    modn z;
    modn_init(&z, n);
    for (u128 k = 1;; k++) {
        u128 cst = m_from(&z, k);
        u128 y = m_from(&z, 2), x = y, g = 1, q = m_one(&z), ys = y;
        size_t r = 1, m = 128;
        do {
            x = y;
            for (size_t i = 0; i < r; i++) y = m_add(&z, m_mul(&z, y, y), cst);
            size_t done = 0;
            do {
                ys = y;
                for (size_t i = 0; i < m && i < r - done; i++) {
                    y = m_add(&z, m_mul(&z, y, y), cst);
                    q = m_mul(&z, q, x > y ? x - y : y - x);
                }
                g = gcd(q, n);
                done += m;
            } while (done < r && g == 1);
            r *= 2;
            if (cmd_aborted(c)) return 0;
        } while (g == 1);
        if (g == n) {
            do {
                ys = m_add(&z, m_mul(&z, ys, ys), cst);
                g = gcd(x > ys ? x - ys : ys - x, n);
            } while (g == 1);
        }
        if (g != n) return g;
    }
}

typedef struct factors {
    u128 f[140];
    int n;
} factors;

static int factorize(sk_cmd *c, u128 n, factors *out, int depth)
{
    if (n < 2 || depth > 200) return 0;
    if (is_prime(n)) {
        if (out->n < 140) out->f[out->n++] = n;
        return 0;
    }
    u128 d = rho(c, n);
    if (!d) return -1;
    if (factorize(c, d, out, depth + 1)) return -1;
    return factorize(c, n / d, out, depth + 1);
}

static void put_u128(sk_out *o, u128 v)
{
    char buf[48];
    int i = 47;
    buf[i] = 0;
    do {
        buf[--i] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    sk_out_puts(o, buf + i);
}

static int do_number(sk_cmd *c, const char *word)
{
    const char *p = word;
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (*p == '+') p++;
    u128 n = 0;
    int ok = isdigit((unsigned char)*p) != 0, big = 0;
    for (; *p && ok; p++) {
        if (!isdigit((unsigned char)*p)) { ok = 0; break; }
        u128 d = (u128)(*p - '0');
        if (n > (~(u128)0 - d) / 10) big = 1;
        n = n * 10 + d;
    }
    if (!ok) return cmd_error(c, "'%s' is not a valid positive integer", word);
    if (big) return cmd_error(c, "'%s' is too large", word);
    factors fs;
    fs.n = 0;
    /* small primes first */
    u128 m = n;
    static const unsigned tp[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47 };
    for (size_t i = 0; i < sizeof tp / sizeof tp[0] && m > 1; i++)
        while (m % tp[i] == 0 && fs.n < 140) {
            fs.f[fs.n++] = tp[i];
            m /= tp[i];
        }
    for (u128 d = 53; d * d <= m && d < 10000; d += 2)
        while (m % d == 0 && fs.n < 140) {
            fs.f[fs.n++] = d;
            m /= d;
        }
    if (m > 1 && factorize(c, m, &fs, 0)) return 1;
    /* sort */
    for (int i = 1; i < fs.n; i++)
        for (int j = i; j > 0 && fs.f[j - 1] > fs.f[j]; j--) {
            u128 t = fs.f[j];
            fs.f[j] = fs.f[j - 1];
            fs.f[j - 1] = t;
        }
    put_u128(&c->out, n);
    sk_out_putc(&c->out, ':');
    for (int i = 0; i < fs.n; i++) {
        sk_out_putc(&c->out, ' ');
        put_u128(&c->out, fs.f[i]);
    }
    sk_out_putc(&c->out, '\n');
    return 0;
}

int cmd_factor(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = { TXT_STD_LONGOPTS, { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "", longs, 1);
    int ch, status = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, factor_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops) {
        for (int i = 0; i < nops && !cmd_out_failed(c) && !cmd_aborted(c); i++) status |= do_number(c, ops[i]);
    } else {
        sk_in in;
        int r = cmd_open_input(c, "-", &in);
        if (!r) {
            sk_buf word = SK_BUF_INIT(c->a);
            char buf[4096];
            int64_t n;
            int stop = 0;
            while (!stop && (n = sk_in_read(&in, buf, sizeof buf)) >= 0) {
                for (int64_t i = 0; i <= n && !stop; i++) {
                    int chr = i < n ? (unsigned char)buf[i] : -1;
                    if (chr == -1 && n > 0) break;   /* end of this chunk, not of the input */
                    if (chr < 0 || chr == ' ' || chr == '\t' || chr == '\n') {
                        if (word.len) {
                            status |= do_number(c, sk_buf_cstr(&word));
                            sk_buf_clear(&word);
                            if (cmd_out_failed(c) || cmd_aborted(c)) stop = 1;
                        }
                        continue;
                    }
                    sk_buf_putc(&word, chr);
                }
                if (n == 0) break;
            }
            sk_buf_free(&word);
            cmd_close_input(c, &in);
        }
    }
    cmd_opts_free(&o, c);
    return status;
}
