/* fuzz_py_exec.c — the Python interpreter (parser, compiler, VM, builtins,
 * the modules it ships) on arbitrary programs: py_run with a step limit, an
 * allocation limit, a recursion limit, a memory cap, a C stack limit and a
 * deterministic ticking clock.  stdin holds two lines.  Afterwards every
 * byte must be back in the allocator. */
#include <string.h>

#include "base/stack.h"
#include "fuzz.h"
#include "py/py.h"

typedef struct io {
    size_t out;
    const char *in;
    size_t inlen, inpos;
} io;

static int wr(void *ud, int fd, const char *p, size_t n)
{
    io *o = ud;
    (void)fd;
    (void)p;
    o->out += n;
    return o->out > (1u << 20);   /* stop a runaway writer as a full pipe would */
}

static long rd(void *ud, char *buf, size_t n)
{
    io *o = ud;
    size_t left = o->inlen - o->inpos;
    if (n > left) n = left;
    memcpy(buf, o->in + o->inpos, n);
    o->inpos += n;
    return (long)n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    fuzz_clock clk;
    fuzz_clock_init(&clk, 1000);
    io st = { 0, "12\nabc\n", 7, 0 };
    static const char *const argv[] = { "fuzz.py", "arg1" };
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = (const char *)data;
    o.source_len = size;
    o.filename = "fuzz.py";
    o.argv = argv;
    o.argc = 2;
    o.write = wr;
    o.write_ud = &st;
    o.read = rd;
    o.read_ud = &st;
    o.max_recursion_depth = 100;
    o.max_steps = 200000;
    o.max_allocations = 1000000;
    o.clock = fuzz_clock_mono;
    o.clock_ud = &clk;
    o.timeout_ns = 2000000000LL;
    o.stack_limit = sk_stack_limit_from_here(FUZZ_STACK_BUDGET);
    o.collect_result = 1;
    o.echo_last_expr = size & 1;
    py_run_result r;
    memset(&r, 0, sizeof r);
    (void)py_run(&o, &r);
    if (r.steps > o.max_steps + 1000) fuzz_die("python ran %llu steps over a limit of %llu",
                                               (unsigned long long)r.steps,
                                               (unsigned long long)o.max_steps);
    py_run_result_free(&a, &r);
    fuzz_expect_released(&a, "python run");
    return 0;
}
