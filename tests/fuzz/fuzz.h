/* fuzz.h — what every fuzz target shares: the limits a target runs under,
 * input splitting, a deterministic clock, a command harness (a command
 * function run without a shell, as tests/unit/cmdtest.h does, but with a
 * memory cap and a deterministic end), a shell harness over the public API,
 * and the accounting checks that make a leak a crash.
 *
 * Every target is an LLVMFuzzerTestOneInput; the same object links either
 * with libFuzzer (make fuzz) or with driver.c (make fuzz-smoke).  Limits are
 * tight on purpose: with them every input must finish quickly, so a slow
 * input is a bug (a limit that is not checked somewhere), not bad luck.
 *
 * Test code: it may abort(), use host malloc and read host files. */
#ifndef SK_FUZZ_H
#define SK_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "cmd/cmd.h"
#include "sandkiste.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Memory cap of one input (the sandbox's max_memory / sk_alloc limit). */
#define FUZZ_MEM_CAP ((size_t)32 << 20)
/* Commands run directly get less: their output is collected in memory. */
#define FUZZ_CMD_MEM_CAP ((size_t)16 << 20)
/* C stack a target may use below its entry frame (parsers, interpreters). */
#define FUZZ_STACK_BUDGET ((size_t)512 << 10)

/* Split at the first NUL: a = data[0..i), b = the rest after the NUL (empty
 * when there is none). */
void fuzz_split(const uint8_t *data, size_t size, const char **a, size_t *alen,
                const char **b, size_t *blen);
/* A NUL-terminated host copy (malloc; abort on failure). */
char *fuzz_strndup(const void *p, size_t n);

/* abort() with a message when an allocator still holds bytes after
 * everything was released: a leak the accounting can see. */
void fuzz_expect_released(const sk_alloc *a, const char *what);
void fuzz_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* ---- a clock for fuzzing ------------------------------------------------
 * Wall time starts at a fixed date; the monotonic clock advances by
 * `tick_ns` on every read, by the time asked for on every sleep (so
 * `sleep 100` takes no time), and by the real time elapsed since
 * fuzz_clock_init.  Cheap inputs therefore run the same way every time,
 * while the timeout still bounds an expensive input in real time (which is
 * what matters: a timeout that does not fire is a finding). */
typedef struct fuzz_clock {
    int64_t wall_ns;
    int64_t mono_ns;
    int64_t tick_ns;
    int64_t real0_ns;
} fuzz_clock;

void fuzz_clock_init(fuzz_clock *c, int64_t tick_ns);
int64_t fuzz_clock_wall(void *ud);
int64_t fuzz_clock_mono(void *ud);
void fuzz_clock_sleep(void *ud, int64_t ns);

/* ---- commands run directly ------------------------------------------------ */

/* Run fn(argc, argv) with stdin = in[0..inlen) on a fresh memfs, strict
 * limits and a FUZZ_CMD_MEM_CAP allocator.  The run is aborted (as the
 * shell's timeout would) after `poll_budget` polls of cmd_aborted or 2 s of
 * real time, whichever comes first.  Checks
 * that every byte is released afterwards.  Returns the exit status. */
int fuzz_run_cmd(sk_cmd_fn fn, int argc, const char *const *argv, const char *in, size_t inlen,
                 unsigned poll_budget);

/* ---- whole shells (public API) -------------------------------------------- */

/* The limits the shell targets use: strict, tightened further. */
sk_limits fuzz_shell_limits(void);

typedef struct fuzz_env {
    const char *name;
    const char *value;     /* NUL-terminated */
} fuzz_env;

/* Run `script` in a fresh shell (fresh config with fuzz_shell_limits, a
 * deterministic clock, the given exported variables), then `after` (may be
 * NULL) in the same shell.  Returns the first exec's exit code. */
int fuzz_run_shell(const char *script, size_t len, const char *stdin_data, size_t stdin_len,
                   const fuzz_env *env, size_t nenv, const char *after);

#endif
