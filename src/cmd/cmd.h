/* cmd.h — the interface every command implements and the helpers it uses.
 *
 * A command is `int fn(sk_cmd *c, int argc, char **argv)` returning its exit
 * status.  It reads fd 0 through c->in (or files through the VFS), writes
 * through the buffered writers c->out (fd 1) and c->err (fd 2), and sees the
 * sandbox only through sk_cmd: cwd, filesystem, exported environment,
 * limits, clock and random state.  Commands never touch the host.
 *
 * Registration: a line of the form
 *     SK_CMD("name", cmd_fn, "name [OPTION]... ARGS: one-line hint");
 * at file scope in any src/cmd source file declares the function and
 * registers it; the Makefile collects these lines into the registry (no
 * central list to edit).  The hint is what language models see in `help`.
 *
 * Conventions (users know these formats):
 *   - diagnostics are "NAME: message" on stderr: use cmd_error();
 *   - a missing file: "NAME: PATH: No such file or directory", exit 1;
 *   - a bad option: "NAME: invalid option -- 'x'" + "Try 'NAME --help' for
 *     more information.", exit 1 as GNU (ls, sort, grep, diff: 2);
 *   - a write to a closed pipe makes sk_out_* return SK_IO_EPIPE: stop at
 *     once and return; the shell turns it into status 141 silently;
 *   - check c->abort (cmd_aborted) in long loops that produce no output.
 */
#ifndef SK_CMD_CMD_H
#define SK_CMD_CMD_H

#include <stdint.h>

#include "base/alloc.h"
#include "base/buf.h"
#include "sandkiste.h"
#include "shell/io.h"

struct sk_vfs;
typedef struct sk_cmd sk_cmd;
typedef int (*sk_cmd_fn)(sk_cmd *c, int argc, char **argv);

/* What the shell provides to commands that run other commands (xargs,
 * timeout, env, find -exec, nohup, time, watch, sh/bash).  Runs argv as a
 * simple command (functions, builtins, commands, scripts) with the
 * command's descriptors; returns its exit status. */
typedef int (*sk_cmd_exec_fn)(sk_cmd *c, int argc, char **argv);
/* Like sk_cmd_exec_fn, but first applies NAME=VALUE assignments as a
 * temporary exported environment (as `NAME=VALUE cmd` does); with
 * clear_env the command starts with no exported variables (env -i). */
typedef int (*sk_cmd_exec_env_fn)(sk_cmd *c, int nassign, char **assign, int clear_env,
                                  int argc, char **argv);
/* Run a shell script text in a subshell (bash -c, sh, source of a file). */
typedef int (*sk_cmd_script_fn)(sk_cmd *c, const char *script, size_t len,
                                const char *name, int argc, char **argv);

struct sk_cmd {
    struct sk_shell *sh;        /* the shell (opaque for ordinary commands) */
    sk_alloc *a;
    const char *name;           /* argv[0] as invoked */
    const char *cwd;            /* absolute virtual path */
    const struct sk_vfs *vfs;
    const sk_limits *lim;
    sk_iorun *run;
    sk_fdtab *fds;              /* the command's descriptors */
    sk_stream *in;              /* fd 0, or NULL when closed */
    sk_out out, err;            /* buffered fd 1 and fd 2 */
    char outbuf[4096];
    char errbuf[512];
    const volatile int *abort;  /* non-zero: the run is ending */
    uint64_t *rng;              /* the shell's PRNG state */
    int64_t (*now_ns)(void *clock_ud);
    void *clock_ud;
    /* exported environment (NAME=VALUE strings), NULL-terminated */
    char *const *envp;
    sk_cmd_exec_fn exec;        /* may be NULL in tests */
    sk_cmd_exec_env_fn exec_env;
    sk_cmd_script_fn script;
    void *ud;                   /* host builtins: their registration ud */
    int pipe_broken;            /* set by cmd helpers on SK_IO_EPIPE */
};

/* Declare-and-register marker (see above). */
#define SK_CMD(name, fn, hint) int fn(sk_cmd *c, int argc, char **argv)

/* Fill a command context from a descriptor table: c->in is fd 0's stream,
 * c->out/c->err write to fds 1/2 (a closed fd makes writes fail with
 * EBADF).  Everything else (cwd, vfs, limits, envp, exec hooks, clock) is
 * zeroed; the caller sets what applies.  Finish with cmd_finish. */
void sk_cmd_init(sk_cmd *c, sk_iorun *run, sk_fdtab *fds, const char *name);

/* ---- helpers ------------------------------------------------------------ */

/* "NAME: message\n" on stderr (stdout flushed first, as stdio would);
 * returns 1 so `return cmd_error(...)` reads naturally. */
int cmd_error(sk_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "NAME: PATH: strerror\n" for an sk_status; returns 1. */
int cmd_error_path(sk_cmd *c, const char *path, int status);
/* "NAME: invalid option -- 'x'\nTry 'NAME --help' for more information.\n"; returns 1. */
int cmd_bad_option(sk_cmd *c, int opt);
int cmd_bad_long_option(sk_cmd *c, const char *opt);
/* Finish a command: flush both writers; returns status, or 141 when the
 * reader of stdout went away. */
int cmd_finish(sk_cmd *c, int status);
int cmd_aborted(const sk_cmd *c);
/* Non-zero when stdout can take no more (broken pipe, sink full). */
int cmd_out_failed(const sk_cmd *c);

/* Open an input: "-" (or NULL) is stdin.  Returns SK_OK or an sk_status;
 * on success *in is ready and must be released with cmd_close_input. */
int cmd_open_input(sk_cmd *c, const char *path, sk_in *in);
void cmd_close_input(sk_cmd *c, sk_in *in);
/* Read a whole input into buf (appends).  "-" is stdin.  Honors the
 * max_file_size limit as a memory cap.  Returns SK_OK or an sk_status. */
int cmd_read_all(sk_cmd *c, const char *path, sk_buf *buf);
/* Absolute virtual path for a user path (resolved against cwd, lexical). */
char *cmd_abspath(sk_cmd *c, const char *path);

int64_t cmd_now_ns(sk_cmd *c);
uint64_t cmd_random(sk_cmd *c);

/* ---- option parsing (GNU style, reentrant) ------------------------------- */

typedef struct cmd_longopt {
    const char *name;
    int has_arg;       /* 0 none, 1 required, 2 optional (--name=VALUE only) */
    int val;           /* returned for this option */
} cmd_longopt;

typedef struct cmd_opts {
    int argc;
    char **argv;
    const char *shortopts;   /* getopt syntax: "nb:" (':' = takes an argument) */
    const cmd_longopt *longopts;
    int permute;             /* GNU: options may follow operands */
    /* state */
    int ind;                 /* next argv index */
    int sub;                 /* position inside a cluster like -abc */
    char *arg;               /* the option's argument */
    int opt;                 /* the offending option character on error */
    const char *bad;         /* the offending long option on error */
    char **operands;         /* operands collected when permuting */
    int noperands;
} cmd_opts;

/* Returns the option character or longopt val; -1 when done (operands are
 * then argv[ind..] or, with permute, operands[0..noperands]); '?' for an
 * unknown option (opt/bad say which) and ':' for a missing argument. */
void cmd_opts_init(cmd_opts *o, int argc, char **argv, const char *shortopts,
                   const cmd_longopt *longopts, int permute);
int cmd_opts_next(cmd_opts *o, sk_cmd *c);
/* Operands after parsing (permute or not): count and array. */
int cmd_opts_operands(cmd_opts *o, char ***out);
void cmd_opts_free(cmd_opts *o, sk_cmd *c);

/* Report the error cmd_opts_next just returned ('?' or ':'); returns 1. */
int cmd_opts_error(cmd_opts *o, sk_cmd *c, int r);

/* ---- the registry -------------------------------------------------------- */

typedef struct sk_cmd_entry {
    const char *name;
    sk_cmd_fn fn;
    const char *hint;
} sk_cmd_entry;

/* Library commands, sorted by name. */
const sk_cmd_entry *sk_cmd_lookup(const char *name);
const sk_cmd_entry *sk_cmd_table(size_t *n);

#endif
