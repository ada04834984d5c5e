/* python.c — `make bench` figures for the Python interpreter.
 *
 *   build/bench-python [--json FILE] [CASE...]
 *
 * Runs the programs in bench/py/cases/ (run from the repository root):
 *   tiny       compiled and run in a fresh interpreter each time — the whole
 *              py_run: create, compile, run, tear down (mean of 2000)
 *   fib, loop, forloop, strbuild, wordcount
 *              one run each, best of 5
 * Times are CPU time of this process (robust on a loaded two-core machine).
 * Every run's stdout is checked against the first run's, and the allocator
 * must be back to zero after each run (nothing survives an interpreter). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/alloc.h"
#include "py/py.h"

typedef struct {
    char out[256];
    size_t n;
} sink_buf;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int sink(void *ud, int fd, const char *p, size_t n)
{
    sink_buf *b = ud;
    if (fd != 1) return 0;
    for (size_t i = 0; i < n && b->n + 1 < sizeof b->out; i++) b->out[b->n++] = p[i];
    b->out[b->n] = 0;
    return 0;
}

static int run_once(const char *src, size_t len, sink_buf *out)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = src;
    o.source_len = len;
    o.filename = "bench.py";
    o.write = sink;
    o.write_ud = out;
    py_run_result r;
    int st = py_run(&o, &r);
    py_run_result_free(&a, &r);
    if (a.used) { fprintf(stderr, "bench-python: %zu bytes left after a run\n", a.used); return 1; }
    return st;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *p = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4096 > cap) {
            cap = cap ? cap * 2 : 8192;
            char *q = realloc(p, cap);
            if (!q) { free(p); fclose(f); return NULL; }
            p = q;
        }
        size_t k = fread(p + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0) break;
    }
    fclose(f);
    p[n] = 0;
    *len = n;
    return p;
}

static const struct { const char *name, *label; int inner; } CASES[] = {
    { "tiny",      "tiny program, fresh interpreter", 2000 },
    { "fib",       "recursive fib(25)",                  1 },
    { "loop",      "3M-iteration while loop",            1 },
    { "forloop",   "3M for-range at module level",       1 },
    { "strbuild",  "string building (200k str + join, 200k +=)", 1 },
    { "wordcount", "dict word count (800k updates)",     1 },
};

int main(int argc, char **argv)
{
    const char *json = NULL;
    int first = 1;
    if (argc > 2 && !strcmp(argv[1], "--json")) { json = argv[2]; first = 3; }
    FILE *jf = NULL;
    if (json && !(jf = fopen(json, "w"))) { perror(json); return 2; }
    int fails = 0;
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        if (first < argc) {
            int want = 0;
            for (int i = first; i < argc; i++) want |= !strcmp(argv[i], CASES[c].name);
            if (!want) continue;
        }
        char path[256];
        snprintf(path, sizeof path, "bench/py/cases/%s.py", CASES[c].name);
        size_t len;
        char *src = slurp(path, &len);
        if (!src) { fprintf(stderr, "bench-python: %s: cannot read (run from the repository root)\n", path); return 2; }
        sink_buf ref = { .n = 0 };
        if (run_once(src, len, &ref)) { fprintf(stderr, "bench-python: %s failed\n", path); fails++; free(src); continue; }
        double best = 1e9;
        for (int rep = 0; rep < 5; rep++) {
            double t0 = now();
            for (int i = 0; i < CASES[c].inner; i++) {
                sink_buf b = { .n = 0 };
                if (run_once(src, len, &b) || strcmp(b.out, ref.out)) {
                    fprintf(stderr, "bench-python: %s: run failed or output changed\n", path);
                    return 1;
                }
            }
            double t = (now() - t0) / CASES[c].inner;
            if (t < best) best = t;
        }
        free(src);
        printf("%-10s %-46s %12.1f us\n", CASES[c].name, CASES[c].label, best * 1e6);
        if (jf) fprintf(jf, "{\"peer\":\"sandkiste\",\"name\":\"%s\",\"us\":%.3f}\n", CASES[c].name, best * 1e6);
    }
    if (jf) fclose(jf);
    return fails ? 1 : 0;
}
