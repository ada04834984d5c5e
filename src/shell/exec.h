/* exec.h — the evaluator's internal interfaces: running syntax trees,
 * expanding words, redirections, pathname expansion, command lookup and
 * the shell builtins.
 *
 * Control flow (break, continue, return, exit and bash's "abandon the
 * current command" after an expansion error) travels as st->ctl; every
 * executor returns as soon as it is set, and the construct that handles
 * it (a loop, a function call, the top level) clears it.  A run that must
 * end (limit, timeout, cancel) is sh->abort; executors return at once. */
#ifndef SK_SHELL_EXEC_H
#define SK_SHELL_EXEC_H

#include "cmd/cmd.h"
#include "shell/ast.h"
#include "shell/parser.h"
#include "shell/shell.h"
#include "shell/state.h"

/* A shell function: its body lives in a parse unit it keeps alive. */
typedef struct sh_func {
    uint32_t refs;
    sh_unit *unit;
    const sh_node *def;        /* the SH_N_FUNCDEF node */
    char *source;              /* file it was defined in (BASH_SOURCE) */
    int line;
} sh_func;

/* A background job (`cmd &`). */
typedef struct sh_job {
    int64_t pid;
    int id;                    /* %N */
    struct sh_jobtask *task;   /* NULL once reaped */
    int status;
    int done;
    int notified;              /* `jobs` reported it done */
    int waited;                /* reaped by wait */
    char *cmd;                 /* text for `jobs` */
} sh_job;

/* ---- running ------------------------------------------------------------- */

enum {
    SH_MODE_C = 0,             /* bash -c / the exec's script: "bash: -c: line N:" */
    SH_MODE_FILE,              /* bash FILE / source FILE: "FILE: line N:" */
    SH_MODE_EVAL,              /* eval: "bash: eval: line N:" */
    SH_MODE_MASK = 15,
    SH_MODE_TOP = 16,          /* flag: the top level of a shell: an aborted
                                  command moves on to the next one, a syntax
                                  error ends the shell */
};

/* An argument of a declaration builtin that was an assignment word. */
typedef struct sh_declarg {
    int is_assign;             /* name=value / name+=value / name[k]=value */
    int compound;              /* name=( ... ) */
    int append;
    char *name;                /* without subscript */
    char *sub;                 /* expanded subscript or NULL */
    char *value;               /* scalar value */
    sh_strvec vals;            /* compound: values */
    sh_strvec keys;            /* compound: keys (entries NULL when none) */
} sh_declarg;

/* Parse and run text command by command.  name: $0-style name used in
 * syntax-error messages ("-c", the file name, "eval").  Returns the
 * status of the last command.  A syntax error prints bash's message and
 * yields status 2 (st->ctl is then SH_CTL_EXIT for SH_MODE_C/FILE at the
 * top level, as bash -c stops). */
int sh_exec_text(sh_state *st, const char *text, size_t len, const char *name, int mode, int first_line);
int sh_exec_node(sh_state *st, const sh_node *n);
/* Run a node in a subshell copy of st (used by ( ), pipelines, $(...)). */
int sh_exec_subshell(sh_state *st, const sh_node *n, sk_fdtab *fds);

/* Call a function with arguments argv[1..] ($0 stays). */
int sh_call_function(sh_state *st, sh_func *fn, const char *name, int argc, char **argv);

/* Run argv as a simple command (functions, builtins, commands, scripts)
 * with the current descriptors; assignments already done.  Used by
 * `command`, `builtin`, `exec`, xargs/find -exec (through sk_cmd.exec). */
enum { SH_RUN_NOFUNC = 1, SH_RUN_BUILTIN_ONLY = 2, SH_RUN_NOBUILTIN = 4 };
int sh_run_argv(sh_state *st, int argc, char **argv, int flags);

/* Traps. */
int sh_run_trap(sh_state *st, int sig);
void sh_run_exit_trap(sh_state *st);

/* The DEBUG trap, run before simple commands and other commands. */
void sh_debug_trap(sh_state *st);
/* Close and reap the process substitutions made since mark. */
void sh_procsub_cleanup(sh_state *st, int mark);

/* Report a failed command for set -e / ERR trap (status != 0). */
void sh_check_errexit(sh_state *st, int status);

/* Execute `text` as the body of a command substitution, returning the
 * captured output (trailing newlines removed) in out. */
int sh_command_subst(sh_state *st, const sh_node *body, int open_line, sk_buf *out);

/* ---- expansion ------------------------------------------------------------ */

/* Expand command words: brace, tilde, parameter, command, arithmetic
 * expansion, word splitting, pathname expansion, quote removal.  Appends
 * fields to out.  Returns 0, or non-zero on an expansion error (printed;
 * st->ctl set as bash does). */
int sh_expand_words(sh_state *st, const sh_word *words, uint32_t n, sh_strvec *out);
/* Expand one word to one string: no splitting, no globbing ("$@" joins with
 * spaces).  flags: SH_XS_* */
enum {
    SH_XS_ASSIGN = 1,          /* assignment value: tilde after = and : already marked */
    SH_XS_HEREDOC = 2,         /* here-document body */
    SH_XS_ARITH = 4,           /* arithmetic quoting */
};
int sh_expand_string(sh_state *st, const sh_word *w, int flags, sk_buf *out);
/* Expand a word as a pattern: quoted characters come out escaped with a
 * backslash, unquoted text and expansion results keep their glob meaning. */
int sh_expand_pattern(sh_state *st, const sh_word *w, sk_buf *out);
/* Expand a word as an ERE for =~: quoted parts have regex specials escaped. */
int sh_expand_regex(sh_state *st, const sh_word *w, sk_buf *out);
/* Expand a redirection target: one word (globbing allowed when it yields
 * exactly one name).  *ambiguous set when it does not. */
int sh_expand_redir_word(sh_state *st, const sh_word *w, sk_buf *out, int *ambiguous);

/* Evaluate an arithmetic word (arithmetic quoting).  0 or error (printed,
 * st->ctl set). */
int sh_expand_arith(sh_state *st, const sh_word *w, const char *cmdname, int64_t *out);

/* The text of "$*" (joined with the first character of IFS). */
int sh_join_star(sh_state *st, char *const *v, size_t n, sk_buf *out);
/* IFS (default when unset). */
const char *sh_ifs(sh_state *st, int *is_set);
/* Split s by IFS the way `read` does (or word splitting); appends fields. */
int sh_ifs_split(sh_state *st, const char *s, size_t n, sh_strvec *out);

/* Quote a string for reuse as shell input (printf %q, ${x@Q}, declare -p,
 * set -x).  style: SH_Q_* */
enum { SH_Q_PRINTF = 0, SH_Q_ATQ = 1, SH_Q_DECLARE = 2, SH_Q_XTRACE = 3 };
int sh_quote(sk_buf *out, const char *s, size_t n, int style);

/* Tilde expansion of a prefix ("" = ~, "user", "+", "-", "+1"...). */
const char *sh_tilde(sh_state *st, const char *prefix, size_t n, sk_buf *tmp);

/* ---- pathname expansion ------------------------------------------------------ */

/* Expand pattern (escaped form) against the VFS; appends sorted matches.
 * Returns the number of matches, or < 0 on error/limit. */
long sh_glob(sh_state *st, const char *pat, size_t n, sh_strvec *out);

/* ---- redirections ------------------------------------------------------------ */

/* Apply a node's redirections to fds (a private table).  Returns 0, or 1
 * after printing the error (the command then fails with status 1). */
int sh_redirect(sh_state *st, const sh_redir *r, uint32_t n, sk_fdtab *fds);
/* Open a path for a redirection or a command: handles /dev/stdin,
 * /dev/stdout, /dev/stderr, /dev/fd/N (from fds), /dev/null, ... */
sk_stream *sh_open_path(sh_state *st, sk_fdtab *fds, const char *path, int mode, int flags, int *status);

/* ---- commands ------------------------------------------------------------------ */

typedef int (*sh_builtin_fn)(sh_state *st, sk_cmd *c, int argc, char **argv);

enum {
    SH_BI_SPECIAL = 1,         /* POSIX special builtin */
    SH_BI_DECL = 2,            /* declaration builtin (assignment arguments) */
    SH_BI_NOFLUSH = 4,
};

typedef struct sh_builtin {
    const char *name;
    sh_builtin_fn fn;
    int flags;
    const char *hint;
} sh_builtin;

/* Shell builtins register themselves with
 *     SH_BUILTIN("name", fn, flags, "usage: one-line hint");
 * at file scope in the files of src/shell/builtins (collected like SK_CMD). */
#define SH_BUILTIN(name, fn, flags, hint) int fn(sh_state *st, sk_cmd *c, int argc, char **argv)

const sh_builtin *sh_builtin_lookup(const char *name);
const sh_builtin *sh_builtin_table(size_t *n);
/* `enable -n` state: disabled builtins (by name) live in the state. */
int sh_builtin_enabled(sh_state *st, const sh_builtin *b);

/* What a name resolves to. */
typedef enum sh_cmdkind {
    SH_CK_NONE = 0,
    SH_CK_ALIAS,
    SH_CK_KEYWORD,
    SH_CK_FUNCTION,
    SH_CK_BUILTIN,
    SH_CK_HOST,               /* host builtin from the config */
    SH_CK_COMMAND,            /* library command */
    SH_CK_SCRIPT,             /* executable file in the VFS */
    SH_CK_RESOLVER,
} sh_cmdkind;

typedef struct sh_cmdinfo {
    sh_cmdkind kind;
    sh_func *fn;
    const sh_builtin *bi;
    const sk_host_cmd *host;
    const sk_cmd_entry *cmd;
    sk_builtin_fn rfn;        /* resolver */
    void *rud;
    char *path;               /* SH_CK_SCRIPT: allocated absolute path */
} sh_cmdinfo;

/* Look a command name up in dispatch order.  flags: SH_RUN_* */
int sh_lookup_command(sh_state *st, const char *name, int flags, sh_cmdinfo *ci);
void sh_cmdinfo_free(sh_state *st, sh_cmdinfo *ci);
int sh_is_keyword(const char *name);
/* Find an executable file along $PATH (or the path itself when it has a
 * slash).  Returns an allocated absolute path or NULL. */
char *sh_find_in_path(sh_state *st, const char *name, int *status);

/* Prepare an sk_cmd for running a command or builtin with fds. */
void sh_cmd_init(sh_state *st, sk_cmd *c, const char *name, sk_fdtab *fds);
int sh_cmd_finish(sh_state *st, sk_cmd *c, int status);

/* Run a shell script file (#!/bin/bash, or none) in a subshell. */
int sh_run_script_file(sh_state *st, const char *path, int argc, char **argv, sk_fdtab *fds);

/* ---- helpers ------------------------------------------------------------------- */

/* Error helpers that use the running builtin's name: "bash: line N: NAME: msg". */
void sh_builtin_err(sh_state *st, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "NAME: usage: ..." */
int sh_builtin_usage(sh_state *st, const char *name, const char *usage);
/* Parse a decimal integer (bash's legal_number: optional blanks and sign). */
int sh_parse_int(const char *s, int64_t *out);

/* Set $? and PIPESTATUS for a single command. */
void sh_set_status(sh_state *st, int status);

/* Print "+ words" for set -x. */
void sh_xtrace(sh_state *st, char *const *argv, int argc, const sh_assign *assigns, uint32_t nassigns);
void sh_xtrace_words(sh_state *st, const char *head, char *const *w, size_t n, const char *tail);
void sh_xtrace_prefix(sh_state *st, sk_buf *b);

/* The current command-substitution / subshell depth check. */
int sh_enter_subst(sh_state *st);

/* A command on one line (jobs). */
void sh_node_text(sk_buf *b, const sh_node *n);

/* Job helpers. */
sh_job *sh_job_find(sh_state *st, int64_t pid);
int sh_job_wait(sh_state *st, sh_job *j);
int sh_jobs_wait_all(sh_state *st);

/* Variables changed that affect the environment. */
static inline void sh_env_changed(sh_state *st) { st->env_gen++; }

#endif
