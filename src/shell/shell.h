/* shell.h — one sandbox session (struct sk_shell) and its per-run runtime.
 *
 * The shell owns its accounting allocator (everything it holds is charged
 * there), its filesystem handle, scheduler, random state and the
 * interpreter state (variables, functions, aliases, options, cwd: struct
 * sh_state, owned by the evaluator).  The config it was made from is
 * borrowed and immutable; it must outlive the shell.
 *
 * Ending a run early (a limit, the time budget, cancellation, `exit`) is
 * signalled by setting `abort`; every loop, pipe wait and command checks it
 * and unwinds by returning.  Nothing longjmps. */
#ifndef SK_SHELL_SHELL_H
#define SK_SHELL_SHELL_H

#include <stdatomic.h>
#include <stdint.h>

#include "api/config.h"
#include "base/alloc.h"
#include "base/sched.h"
#include "fs/vfs.h"
#include "sandkiste.h"
#include "shell/io.h"

struct sh_state;

typedef struct sk_shell {
    const sk_config *cfg;
    sk_alloc alloc;
    sk_limits lim;
    sk_fs fs;                  /* the backend (a copy of the vtable) */
    int fs_owned;              /* a per-shell memfs: destroyed with the shell */
    sk_vfs vfs;
    sk_sched sched;
    sk_iorun io;
    uint64_t rng;
    atomic_int cancel;         /* set by sk_shell_cancel from any thread */
    int running;

    /* ---- the current run ---- */
    volatile int abort;        /* 0, or the sk_end that ends the run */
    const char *limit_name;    /* SK_END_LIMIT: which limit */
    uint64_t limit_value;
    int exit_status;           /* for SK_END_EXIT and limits */
    uint64_t ncommands;        /* simple commands run */
    uint64_t nloops_total;     /* loop iterations run */
    int64_t deadline_ns;       /* 0 = none */
    int64_t local_deadline_ns; /* the `timeout` command's, 0 = none */
    int64_t started_ns;
    uint32_t check_tick;       /* counts down to the next clock check */

    struct sh_state *st;       /* interpreter state (evaluator) */
} sk_shell;

/* Clock (through the config's callbacks). */
int64_t sk_shell_now_ns(const sk_shell *sh);
int64_t sk_shell_monotonic_ns(const sk_shell *sh);

/* Report that a limit was reached: sets abort = SK_END_LIMIT (first one
 * wins) and returns -1 so callers can `return sk_shell_limit(...)`. */
int sk_shell_limit(sk_shell *sh, const char *name, uint64_t value);
/* Check the cheap conditions that end a run: cancellation, the deadline
 * (every few calls), an allocator that refused.  Returns non-zero when the
 * run must end (abort is then set). */
int sk_shell_check(sk_shell *sh);
/* Count one simple command against max_commands (and run sk_shell_check). */
int sk_shell_count_command(sk_shell *sh);

/* `abort` value while a local deadline (below) has passed: not an end of
 * the run, only of the command that set the deadline. */
#define SK_ABORT_LOCAL 100

/* The `timeout` command: run part of a script under a deadline.  Push
 * returns the previous local deadline (restore it with pop).  When the new
 * deadline passes, sk_shell_check sets abort = SK_ABORT_LOCAL; the code
 * that pushed it sees that after its command returns, calls
 * sk_shell_clear_local_abort and reports 124.  The earlier of nested
 * deadlines wins. */
int64_t sk_shell_push_deadline(sk_shell *sh, int64_t deadline_ns);
void sk_shell_pop_deadline(sk_shell *sh, int64_t previous);
/* Returns 1 when the local deadline had fired (and clears it). */
int sk_shell_clear_local_abort(sk_shell *sh);

/* Wait `ns` nanoseconds of real time through the config's sleeper, in
 * slices, returning early (non-zero) when the run must end or a local
 * deadline passes. */
int sk_shell_sleep(sk_shell *sh, int64_t ns);

/* The evaluator's entry points (src/shell/eval*.c). */
int sh_state_new(sk_shell *sh);
void sh_state_free(sk_shell *sh);
/* The shell's current directory (absolute). */
const char *sh_state_cwd(const sk_shell *sh);
/* Run a script as the top-level program of one exec: parse incrementally
 * and execute with descriptors `fds`.  argv[0] is $0.  Returns the exit
 * status; sets sh->abort for exit/limits. */
int sh_run_script(sk_shell *sh, const char *script, size_t len, sk_fdtab *fds,
                  int argc, const char *const *argv);

#endif
