/* pybench.c — speed figures for the Python interpreter core.
 *
 *   bench/py/run.sh [BUILD]     builds this against BUILD/libsandkiste.a and
 *                               compares with the host python3
 *
 * Measures: a tiny program compiled and run in a fresh interpreter (the
 * whole py_run: create, compile, run, tear down), recursive fib(25), and a
 * 3-million-iteration integer loop.  Each figure is the best of 5 runs. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/alloc.h"
#include "py/py.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);   /* CPU time: robust on a loaded machine */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int sink(void *ud, int fd, const char *p, size_t n)
{
    (void)fd; (void)p;
    *(size_t *)ud += n;
    return 0;
}

static int run_once(const char *src, size_t *outn)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = src;
    o.source_len = strlen(src);
    o.filename = "bench.py";
    o.write = sink;
    o.write_ud = outn;
    py_run_result r;
    int st = py_run(&o, &r);
    py_run_result_free(&a, &r);
    if (a.used) fprintf(stderr, "leak: %zu bytes\n", a.used);
    return st;
}

static double best_of(const char *src, int reps, int inner)
{
    double best = 1e9;
    for (int k = 0; k < reps; k++) {
        size_t n = 0;
        double t0 = now();
        for (int i = 0; i < inner; i++)
            if (run_once(src, &n)) { fprintf(stderr, "program failed\n"); exit(1); }
        double t = (now() - t0) / inner;
        if (t < best) best = t;
    }
    return best;
}

static const char TINY[] = "x = 1 + 2\nprint(x)\n";
static const char FIB[] =
    "def fib(n):\n"
    "    if n < 2:\n"
    "        return n\n"
    "    return fib(n - 1) + fib(n - 2)\n"
    "print(fib(25))\n";
static const char LOOP[] =
    "def loop():\n"
    "    total = 0\n"
    "    i = 0\n"
    "    while i < 3000000:\n"
    "        total += i & 7\n"
    "        i += 1\n"
    "    return total\n"
    "print(loop())\n";
static const char FORLOOP[] =
    "total = 0\n"
    "for i in range(3000000):\n"
    "    total += i\n"
    "print(total)\n";

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "all";
    if (!strcmp(which, "all") || !strcmp(which, "tiny"))
        printf("tiny program (fresh interpreter): %8.2f us\n", best_of(TINY, 5, 2000) * 1e6);
    if (!strcmp(which, "all") || !strcmp(which, "fib"))
        printf("fib(25):                          %8.2f ms\n", best_of(FIB, 5, 1) * 1e3);
    if (!strcmp(which, "all") || !strcmp(which, "loop"))
        printf("3M while loop (function):         %8.2f ms\n", best_of(LOOP, 5, 1) * 1e3);
    if (!strcmp(which, "all") || !strcmp(which, "forloop"))
        printf("3M for-range loop (module level): %8.2f ms\n", best_of(FORLOOP, 5, 1) * 1e3);
    return 0;
}
