/* miscutil.h — small helpers shared by the system-ish commands (date,
 * sleep, timeout, env, xargs, the identity commands): usage errors with a
 * chosen exit status, the exported environment, GNU duration syntax. */
#ifndef SK_CMD_MISCUTIL_H
#define SK_CMD_MISCUTIL_H

#include <stdint.h>

#include "cmd.h"

/* The sandbox's fixed identity. */
#define MU_USER "sandbox"
#define MU_UID 1000
#define MU_HOST "bashkit-sandbox"

/* "NAME: extra operand 'X'" + the Try line; returns status. */
int mu_extra_operand(sk_cmd *c, const char *op, int status);
/* "NAME: missing operand" + the Try line; returns status. */
int mu_missing_operand(sk_cmd *c, int status);
/* "Try 'NAME --help' for more information." */
void mu_try_help(sk_cmd *c);
/* Report a cmd_opts error ('?' or ':') like cmd_opts_error, returning
 * `status` (GNU tools differ in their usage status: 1, 2, 125). */
int mu_opts_error(cmd_opts *o, sk_cmd *c, int r, int status);

/* --help / --version as the only argument: print the usage (from the
 * command's registry hint) or the version line (`package`, or
 * "NAME (GNU coreutils) 9.1" when NULL) and return 0;
 * otherwise return -1. */
int mu_help_version(sk_cmd *c, int argc, char **argv, const char *package);

/* Value of NAME in the exported environment, or NULL. */
const char *mu_getenv(const sk_cmd *c, const char *name);

/* Run argv with NAME=VALUE assignments exported (and, with clear_env, the
 * exported environment emptied first) — the environment of a program
 * started by env, xargs --process-slot-var, ...  Uses the shell's
 * exec_env hook; without it, a fresh shell (c->script, which inherits
 * only the exported environment, as a child process does) unsets and
 * exports, then runs the command.  Returns its status, or 126 (with a
 * message) when neither hook exists. */
int mu_exec_env(sk_cmd *c, int nassign, char **assign, int clear_env, int argc, char **argv);

/* GNU duration (sleep, timeout): a floating-point number (decimal or
 * hex, "inf", "infinity") with an optional suffix s, m, h or d.
 * Returns 0 and the value in seconds (may be +inf), or -1 when malformed
 * or negative. */
int mu_parse_duration(const char *s, double *secs);
/* Seconds to nanoseconds, saturating (inf → INT64_MAX). */
int64_t mu_secs_to_ns(double secs);

#endif
