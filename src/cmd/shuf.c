/* shuf.c — shuf: random permutations of lines, of -e arguments or of a
 * -i LO-HI range; -n COUNT, -r (with replacement), -o FILE, -z.
 * Randomness is the shell's seeded PRNG (cmd_random), so a run is
 * reproducible; --random-source is accepted and ignored.  A -i range is
 * never materialised: a partial Fisher-Yates over a sparse map picks
 * COUNT values.  Sandbox safety (as bashkit): -r without -n is refused,
 * since its output would never end. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("shuf", cmd_shuf, "shuf [-n COUNT] [-r] [-e ARG...|-i LO-HI|FILE]: random permutation of lines");

static const char shuf_usage[] =
    "Usage: shuf [OPTION]... [FILE]\n"
    "  or:  shuf -e [OPTION]... [ARG]...\n"
    "  or:  shuf -i LO-HI [OPTION]...\n"
    "Write a random permutation of the input lines to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -e, --echo                treat each ARG as an input line\n"
    "  -i, --input-range=LO-HI   treat each number LO through HI as an input line\n"
    "  -n, --head-count=COUNT    output at most COUNT lines\n"
    "  -o, --output=FILE         write result to FILE instead of standard output\n"
    "      --random-source=FILE  get random bytes from FILE (ignored here)\n"
    "  -r, --repeat              output lines can be repeated (needs -n here)\n"
    "  -z, --zero-terminated     line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

/* Uniform in [0, n), n > 0, without modulo bias. */
static uint64_t rand_below(sk_cmd *c, uint64_t n)
{
    if ((n & (n - 1)) == 0) return cmd_random(c) & (n - 1);
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do r = cmd_random(c); while (r >= limit);
    return r % n;
}

/* Sparse map index -> value for a partial Fisher-Yates over a huge range. */
typedef struct swap_map {
    uint64_t *keys, *vals;
    size_t cap, used;
} swap_map;

static int map_get(const swap_map *m, uint64_t k, uint64_t *v)
{
    size_t i = (size_t)((k * 0x9e3779b97f4a7c15ULL) >> 20) & (m->cap - 1);
    while (m->keys[i] != UINT64_MAX) {
        if (m->keys[i] == k) { *v = m->vals[i]; return 1; }
        i = (i + 1) & (m->cap - 1);
    }
    return 0;
}

static int map_put(sk_cmd *c, swap_map *m, uint64_t k, uint64_t v);

static int map_grow(sk_cmd *c, swap_map *m)
{
    swap_map g = { 0 };
    g.cap = m->cap ? m->cap * 2 : 64;
    g.keys = sk_malloc(c->a, g.cap * sizeof *g.keys);
    g.vals = sk_malloc(c->a, g.cap * sizeof *g.vals);
    if (!g.keys || !g.vals) {
        sk_free(c->a, g.keys);
        sk_free(c->a, g.vals);
        return -1;
    }
    memset(g.keys, 0xff, g.cap * sizeof *g.keys);
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] != UINT64_MAX) map_put(c, &g, m->keys[i], m->vals[i]);
    sk_free(c->a, m->keys);
    sk_free(c->a, m->vals);
    *m = g;
    return 0;
}

static int map_put(sk_cmd *c, swap_map *m, uint64_t k, uint64_t v)
{
    if ((m->used + 1) * 2 > m->cap && map_grow(c, m)) return -1;
    size_t i = (size_t)((k * 0x9e3779b97f4a7c15ULL) >> 20) & (m->cap - 1);
    while (m->keys[i] != UINT64_MAX && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
    if (m->keys[i] == UINT64_MAX) m->used++;
    m->keys[i] = k;
    m->vals[i] = v;
    return 0;
}

/* A lazy random permutation of [0, n): partial Fisher-Yates whose swaps
 * live in a sparse map, so memory follows what was drawn, not n. */
typedef struct perm {
    swap_map m;
    uint64_t n, i;
    uint64_t *dense;     /* small populations: a plain array */
} perm;

static int perm_next(sk_cmd *c, perm *p, uint64_t *out)
{
    uint64_t i = p->i++;
    uint64_t j = i + rand_below(c, p->n - i);
    if (p->n <= (1u << 20)) {
        if (!p->dense) {
            p->dense = sk_malloc(c->a, sizeof *p->dense * (size_t)(p->n ? p->n : 1));
            if (!p->dense) return -1;
            for (uint64_t k = 0; k < p->n; k++) p->dense[k] = k;
        }
        uint64_t t = p->dense[i];
        p->dense[i] = p->dense[j];
        p->dense[j] = t;
        *out = p->dense[i];
        return 0;
    }
    uint64_t vi = i, vj = j;
    if (p->m.cap) {
        map_get(&p->m, i, &vi);
        map_get(&p->m, j, &vj);
    }
    *out = vj;
    return map_put(c, &p->m, j, vi);
}

typedef struct shuf_line {
    const char *p;
    size_t n;
} shuf_line;

static int parse_u64(const char *s, const char *end, uint64_t *v)
{
    if (s == end) return -1;
    uint64_t n = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned d = (unsigned)(*s - '0');
        if (n > (UINT64_MAX - d) / 10) return -1;
        n = n * 10 + d;
    }
    *v = n;
    return 0;
}

int cmd_shuf(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_RANDSRC = 0x100 };
    static const cmd_longopt longs[] = {
        { "echo", 0, 'e' }, { "input-range", 1, 'i' }, { "head-count", 1, 'n' },
        { "output", 1, 'o' }, { "random-source", 1, OPT_RANDSRC }, { "repeat", 0, 'r' },
        { "zero-terminated", 0, 'z' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    int echo = 0, repeat = 0, eol = '\n', status = 0, have_range = 0;
    uint64_t lo = 0, hi = 0, count = UINT64_MAX;
    const char *outfile = NULL;
    shuf_line *lines = NULL;
    sk_buf data = SK_BUF_INIT(c->a), out = SK_BUF_INIT(c->a);
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "ei:n:o:rz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'e': echo = 1; break;
        case 'i': {
            const char *dash = strchr(o.arg, '-');
            uint64_t a, b;
            if (have_range) { status = cmd_error(c, "multiple -i options specified"); goto done; }
            if (!dash || parse_u64(o.arg, dash, &a) || parse_u64(dash + 1, dash + strlen(dash), &b) ||
                (a > b && a != b + 1) || (a == 0 && b == UINT64_MAX)) {
                status = cmd_error(c, "invalid input range: '%s'", o.arg);
                goto done;
            }
            lo = a;
            hi = b;
            have_range = 1;
            break;
        }
        case 'n': {
            uint64_t v;
            if (parse_u64(o.arg, o.arg + strlen(o.arg), &v)) {
                status = cmd_error(c, "invalid line count: '%s'", o.arg);
                goto done;
            }
            if (v < count) count = v;
            break;
        }
        case 'o': outfile = o.arg; break;
        case 'r': repeat = 1; break;
        case 'z': eol = 0; break;
        case OPT_RANDSRC: break;
        case TXT_OPT_HELP: status = txt_help(c, shuf_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (echo && have_range) {
        cmd_error(c, "cannot combine -e and -i options");
        txt_try_help(c);
        status = 1;
        goto done;
    }
    if (!echo && nops > (have_range ? 0 : 1)) {
        status = txt_extra_operand(c, ops[have_range ? 0 : 1], 1);
        goto done;
    }
    if (repeat && count == UINT64_MAX) {
        cmd_error(c, "--repeat without --head-count would never end; give -n COUNT");
        status = 1;
        goto done;
    }

    /* the population: n items, item i is either a line or lo + i */
    uint64_t n;
    if (have_range) {
        n = hi - lo + 1;
    } else if (echo) {
        n = (uint64_t)nops;
        lines = sk_malloc(c->a, sizeof *lines * (size_t)(nops ? nops : 1));
        if (!lines) { status = cmd_error(c, "memory exhausted"); goto done; }
        for (int i = 0; i < nops; i++) {
            lines[i].p = ops[i];
            lines[i].n = strlen(ops[i]);
        }
    } else {
        const char *name = nops ? ops[0] : "-";
        int r = cmd_read_all(c, name, &data);
        if (r) { status = txt_error_path(c, name, r); goto done; }
        size_t cnt = 0;
        for (size_t i = 0; i < data.len; i++) cnt += data.p[i] == (char)eol;
        if (data.len && data.p[data.len - 1] != (char)eol) cnt++;
        lines = sk_malloc(c->a, sizeof *lines * (cnt ? cnt : 1));
        if (!lines) { status = cmd_error(c, "memory exhausted"); goto done; }
        size_t k = 0, start = 0;
        for (size_t i = 0; i < data.len; i++) {
            if (data.p[i] == (char)eol) {
                lines[k].p = data.p + start;
                lines[k++].n = i - start;
                start = i + 1;
            }
        }
        if (start < data.len) {
            lines[k].p = data.p + start;
            lines[k++].n = data.len - start;
        }
        n = k;
    }
    if (repeat && n == 0 && count > 0) {
        status = cmd_error(c, "no lines to repeat");
        goto done;
    }
    uint64_t k = repeat ? count : (count < n ? count : n);
    sk_out *w = &c->out;
    sk_stream *os = NULL;
    sk_out fo;
    char fobuf[4096];
    if (outfile) {
        int r = txt_open_output(c, outfile, 0, &os);
        if (r) { status = txt_error_path(c, outfile, r); goto done; }
        sk_out_init(&fo, c->a, os, fobuf, sizeof fobuf);
        w = &fo;
    }
    perm pm = { { 0 }, n, 0, NULL };
    for (uint64_t i = 0; i < k && !status; i++) {
        uint64_t j;
        if (repeat) j = rand_below(c, n);
        else if (perm_next(c, &pm, &j)) { status = cmd_error(c, "memory exhausted"); break; }
        int e;
        if (have_range) e = sk_out_printf(w, "%llu%c", (unsigned long long)(lo + j), eol);
        else {
            e = lines[j].n ? sk_out_write(w, lines[j].p, lines[j].n) : 0;
            if (!e) e = sk_out_putc(w, eol);
        }
        if (e) break;
        if ((i & 4095) == 4095 && cmd_aborted(c)) break;
    }
    sk_free(c->a, pm.dense);
    sk_free(c->a, pm.m.keys);
    sk_free(c->a, pm.m.vals);
    if (os) {
        sk_out_flush(&fo);
        txt_close_output(c, os);
    }
done:
    sk_free(c->a, lines);
    sk_buf_free(&data);
    sk_buf_free(&out);
    cmd_opts_free(&o, c);
    return status;
}
