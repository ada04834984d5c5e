/* fuzz_common.c — see fuzz.h. */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/sched.h"
#include "base/stack.h"
#include "fs/memfs.h"
#include "fs/vfs.h"
#include "shell/io.h"

void fuzz_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("FUZZ FAILURE: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

void fuzz_split(const uint8_t *data, size_t size, const char **a, size_t *alen,
                const char **b, size_t *blen)
{
    const uint8_t *nul = size ? memchr(data, 0, size) : NULL;
    *a = (const char *)data;
    if (!nul) {
        *alen = size;
        *b = "";
        *blen = 0;
        return;
    }
    *alen = (size_t)(nul - data);
    *b = (const char *)nul + 1;
    *blen = size - *alen - 1;
}

char *fuzz_strndup(const void *p, size_t n)
{
    char *s = malloc(n + 1);
    if (!s) fuzz_die("out of host memory");
    if (n) memcpy(s, p, n);
    s[n] = 0;
    return s;
}

#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_LSAN 1
#endif
#endif
#ifdef FUZZ_LSAN
#include <sanitizer/lsan_interface.h>
#endif

void fuzz_expect_released(const sk_alloc *a, const char *what)
{
    if (!a->used) return;
#ifdef FUZZ_LSAN
    /* the leaked blocks are unreachable host allocations: LeakSanitizer
     * prints where they were made */
    __lsan_do_recoverable_leak_check();
#endif
    fuzz_die("%s: %zu bytes still held by the accounting allocator after release", what, a->used);
}

/* ---- clock ----------------------------------------------------------------- */

static int64_t real_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void fuzz_clock_init(fuzz_clock *c, int64_t tick_ns)
{
    c->wall_ns = 1700000000LL * 1000000000LL;   /* 2023-11-14T22:13:20Z */
    c->mono_ns = 1000000000LL;
    c->tick_ns = tick_ns;
    c->real0_ns = real_ns();
}

static int64_t mono_now(fuzz_clock *c) { return c->mono_ns + (real_ns() - c->real0_ns); }

int64_t fuzz_clock_wall(void *ud)
{
    fuzz_clock *c = ud;
    return c->wall_ns + (mono_now(c) - 1000000000LL) / 1000000000LL * 1000000000LL;
}

int64_t fuzz_clock_mono(void *ud)
{
    fuzz_clock *c = ud;
    c->mono_ns += c->tick_ns;
    return mono_now(c);
}

void fuzz_clock_sleep(void *ud, int64_t ns)
{
    fuzz_clock *c = ud;
    if (ns > 0) c->mono_ns += ns;
}

/* ---- commands -------------------------------------------------------------- */

typedef struct poller {
    unsigned polls, budget;
    int64_t start_ns;
} poller;

/* The shell's timeout, for commands run without a shell: a number of polls
 * (deterministic) or 2 s of real time, whichever comes first. */
static int poll_budget(void *ud)
{
    poller *p = ud;
    return ++p->polls > p->budget || real_ns() - p->start_ns > 2000000000LL;
}

static sk_limits cmd_limits(void)
{
    sk_limits l = sk_limits_strict();
    l.max_memory = FUZZ_CMD_MEM_CAP;
    l.max_fs_bytes = 1 << 20;
    l.max_file_size = 256 << 10;
    l.max_file_count = 1000;
    l.regex_match_limit = 20000;
    l.regex_depth_limit = 1000;
    return l;
}

int fuzz_run_cmd(sk_cmd_fn fn, int argc, const char *const *argv, const char *in, size_t inlen,
                 unsigned budget)
{
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_CMD_MEM_CAP);
    sk_limits lim = cmd_limits();
    int status = -1;
    sk_fs *fs = sk_memfs_new(&a, &lim, NULL, NULL);
    if (!fs) fuzz_die("memfs");
    if (sk_memfs_seed_standard(fs)) fuzz_die("memfs seed");
    sk_vfs vfs = { fs, &a, &lim };
    sk_sched sched;
    sk_sched_init(&sched, &a, 256 << 10, FUZZ_STACK_BUDGET);
    int abort_flag = 0;
    uint64_t rng = 42;
    poller pl = { 0, budget, real_ns() };
    sk_iorun run;
    memset(&run, 0, sizeof run);
    run.a = &a;
    run.sched = &sched;
    run.abort = &abort_flag;
    run.vfs = &vfs;
    run.rng = &rng;
    run.poll = poll_budget;
    run.poll_ud = &pl;

    sk_buf out, err;
    sk_buf_init(&out, &a);
    sk_buf_init(&err, &a);
    sk_fdtab fds;
    if (sk_fdtab_init(&fds, &a)) fuzz_die("fdtab");
    sk_stream *sin = sk_stream_mem(&run, in, inlen, 0);
    sk_stream *sout = sk_stream_buf(&run, &out);
    sk_stream *serr = sk_stream_buf(&run, &err);
    if (!sin || !sout || !serr) fuzz_die("streams");
    sk_fdtab_set(&fds, &a, 0, sin, SK_RD);
    sk_fdtab_set(&fds, &a, 1, sout, SK_WR);
    sk_fdtab_set(&fds, &a, 2, serr, SK_WR);

    sk_cmd c;
    sk_cmd_init(&c, &run, &fds, argv[0]);
    c.cwd = "/home/user";
    c.lim = &lim;
    char *copy[32];
    if (argc > 31) argc = 31;
    for (int i = 0; i < argc; i++) copy[i] = (char *)argv[i];
    copy[argc] = NULL;
    status = cmd_finish(&c, fn(&c, argc, copy));

    sk_fdtab_free(&fds, &a);
    sk_buf_free(&out);
    sk_buf_free(&err);
    sk_sched_trim(&sched);
    fs->destroy(fs->ud);
    fuzz_expect_released(&a, argv[0]);
    return status;
}

/* ---- shells ---------------------------------------------------------------- */

sk_limits fuzz_shell_limits(void)
{
    sk_limits l = sk_limits_strict();
    l.max_commands = 5000;
    l.max_loop_iterations = 5000;
    l.max_total_loop_iterations = 20000;
    l.max_function_depth = 32;
    l.max_subst_depth = 8;
    l.max_parser_operations = 100000;
    l.max_stdout_bytes = 64 << 10;
    l.max_stderr_bytes = 64 << 10;
    l.max_glob_matches = 1000;
    l.max_brace_expansions = 1000;
    l.max_memory = FUZZ_MEM_CAP;
    l.timeout_ms = 2000;            /* ticks (0.1 ms per clock read) + real time */
    l.parser_timeout_ms = 1000;
    l.max_fs_bytes = 1 << 20;
    l.max_file_size = 256 << 10;
    l.max_file_count = 1000;
    l.max_recursion_depth = 100;
    l.max_allocations = 1000000;
    l.max_python_steps = 200000;
    l.regex_match_limit = 20000;
    l.regex_depth_limit = 1000;
    return l;
}

int fuzz_run_shell(const char *script, size_t len, const char *stdin_data, size_t stdin_len,
                   const fuzz_env *env, size_t nenv, const char *after)
{
    fuzz_clock clk;
    fuzz_clock_init(&clk, 100000);  /* 0.1 ms per read */
    sk_config *cfg = sk_config_new();
    if (!cfg) fuzz_die("sk_config_new");
    sk_config_set_limits(cfg, fuzz_shell_limits());
    sk_config_set_clock(cfg, fuzz_clock_wall, fuzz_clock_mono, fuzz_clock_sleep, &clk);
    sk_config_set_seed(cfg, 1);
    for (size_t i = 0; i < nenv; i++)
        if (sk_config_setenv(cfg, env[i].name, env[i].value, 1)) fuzz_die("setenv %s", env[i].name);
    sk_shell *sh = sk_shell_new(cfg);
    if (!sh) fuzz_die("sk_shell_new");
    sk_exec_opts o;
    memset(&o, 0, sizeof o);
    o.stdin_data = stdin_data;
    o.stdin_len = stdin_len;
    sk_result *r = sk_shell_exec(sh, script, len, &o);
    if (!r) fuzz_die("sk_shell_exec returned NULL");
    int code = sk_result_exit_code(r);
    size_t n, en;
    const char *out = sk_result_stdout(r, &n), *err = sk_result_stderr(r, &en);
    if (getenv("FUZZ_VERBOSE"))
        fprintf(stderr, "--- exit %d (%s)\n--- stdout\n%.*s--- stderr\n%.*s---\n", code, sk_result_end_name(r),
                (int)n, out, (int)en, err);
    if (n > fuzz_shell_limits().max_stdout_bytes) fuzz_die("stdout over its cap: %zu", n);
    sk_result_free(r);
    if (after) {
        r = sk_shell_exec(sh, after, strlen(after), NULL);
        if (!r) fuzz_die("sk_shell_exec returned NULL");
        sk_result_free(r);
    }
    if (sk_shell_memory(sh) > FUZZ_MEM_CAP) fuzz_die("shell holds %zu bytes, over max_memory", sk_shell_memory(sh));
    sk_shell_free(sh);
    sk_config_free(cfg);
    return code;
}
