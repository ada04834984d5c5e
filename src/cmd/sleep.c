/* sleep.c — sleep and timeout.
 *
 * sleep waits real time through the shell's sleeper (sk_shell_sleep),
 * which wakes up in slices to notice the end of the run, cancellation and
 * a `timeout` deadline.  timeout runs its command through c->exec under a
 * local deadline (sk_shell_push_deadline): when it passes, the shell ends
 * the command the way a signal would and timeout reports 124.
 *
 * Differences from GNU, on purpose: an invalid interval to sleep prints
 * no "Try 'sleep --help'" line (the bashkit corpus pins the bare message);
 * signals are names only — the command is stopped by the sandbox whatever
 * the signal, -k has nothing left to kill. */
#include <strings.h>
#include <string.h>
#include <stdlib.h>

#include "cmd.h"
#include "miscutil.h"
#include "shell/shell.h"

SK_CMD("sleep", cmd_sleep, "sleep NUMBER[smhd]...: wait for the sum of the durations (fractions allowed)");
SK_CMD("timeout", cmd_timeout, "timeout [-s SIG] [-k DUR] [--preserve-status] DURATION COMMAND [ARG]...: run a command with a time limit (exit 124 when it expires)");

int cmd_sleep(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    static const cmd_longopt longs[] = { { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "", longs, 0);
    int ch = cmd_opts_next(&o, c);
    if (ch != -1) return mu_opts_error(&o, c, ch, 1);
    if (o.ind >= argc) return mu_missing_operand(c, 1);
    double total = 0;
    int bad = 0;
    for (int i = o.ind; i < argc; i++) {
        double s;
        if (mu_parse_duration(argv[i], &s)) {
            cmd_error(c, "invalid time interval '%s'", argv[i]);
            bad = 1;
            continue;
        }
        total += s;
    }
    if (bad) return 1;
    int64_t ns = mu_secs_to_ns(total);
    if (ns <= 0 || !c->sh) return 0;
    if (ns > INT64_MAX / 4) ns = INT64_MAX / 4; /* "infinity": until the run ends */
    sk_out_flush(&c->out);
    return sk_shell_sleep(c->sh, ns) ? 1 : 0;
}

/* ---- timeout ---------------------------------------------------------------- */

static const char *const signames[] = {
    NULL, "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2",
    "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU",
    "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS",
};

/* Signal number for a name ("TERM", "SIGTERM", "term") or number; -1. */
static int parse_signal(const char *s)
{
    if (*s >= '0' && *s <= '9') {
        char *end;
        long v = strtol(s, &end, 10);
        if (*end || v < 0 || v > 64) return -1;
        return (int)v;
    }
    if (!strncasecmp(s, "SIG", 3)) s += 3;
    for (int i = 1; i < (int)(sizeof signames / sizeof signames[0]); i++)
        if (!strcasecmp(s, signames[i])) return i;
    if (!strcasecmp(s, "IOT")) return 6;
    if (!strcasecmp(s, "POLL")) return 29;
    if (!strcasecmp(s, "CLD")) return 17;
    if (!strncasecmp(s, "RTMIN", 5) || !strncasecmp(s, "RTMAX", 5)) {
        const char *p = s + 5;
        int base = (s[4] == 'N' || s[4] == 'n') ? 34 : 64, off = 0;
        if (*p == '+' || *p == '-') {
            char *end;
            long v = strtol(p + 1, &end, 10);
            if (*end || v < 0 || v > 30) return -1;
            off = *p == '+' ? (int)v : -(int)v;
        } else if (*p) {
            return -1;
        }
        return base + off;
    }
    return -1;
}

int cmd_timeout(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    enum { O_PRESERVE = 1000, O_FOREGROUND };
    static const cmd_longopt longs[] = {
        { "signal", 1, 's' }, { "kill-after", 1, 'k' }, { "preserve-status", 0, O_PRESERVE },
        { "foreground", 0, O_FOREGROUND }, { "verbose", 0, 'v' }, { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "s:k:v", longs, 0);
    int ch, sig = 15, preserve = 0, verbose = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 's':
            sig = parse_signal(o.arg);
            if (sig <= 0) {
                cmd_error(c, "'%s': invalid signal", o.arg);
                mu_try_help(c);
                return 125;
            }
            break;
        case 'k': {
            double k;
            if (mu_parse_duration(o.arg, &k)) {
                cmd_error(c, "invalid time interval '%s'", o.arg);
                mu_try_help(c);
                return 125;
            }
            break;
        }
        case O_PRESERVE: preserve = 1; break;
        case O_FOREGROUND: break;
        case 'v': verbose = 1; break;
        default: return mu_opts_error(&o, c, ch, 125);
        }
    }
    if (argc - o.ind < 2) {
        mu_try_help(c);
        return 125;
    }
    double secs;
    if (mu_parse_duration(argv[o.ind], &secs)) {
        cmd_error(c, "invalid time interval '%s'", argv[o.ind]);
        mu_try_help(c);
        return 125;
    }
    int n = argc - o.ind - 1;
    char **cmdv = argv + o.ind + 1;
    if (!c->exec) {
        cmd_error(c, "failed to run command '%s': Operation not supported", cmdv[0]);
        return 126;
    }
    int64_t ns = mu_secs_to_ns(secs);
    sk_out_flush(&c->out);
    /* GNU: a duration of 0 disables the timeout */
    if (ns == 0 || ns == INT64_MAX || !c->sh) return c->exec(c, n, cmdv);
    int64_t now = sk_shell_monotonic_ns(c->sh);
    int64_t deadline = now > INT64_MAX - ns ? INT64_MAX : now + ns;
    int64_t prev = sk_shell_push_deadline(c->sh, deadline);
    int st = c->exec(c, n, cmdv);
    int fired = sk_shell_clear_local_abort(c->sh);
    sk_shell_pop_deadline(c->sh, prev);
    if (!fired) return st;
    if (verbose) {
        const char *name = sig < (int)(sizeof signames / sizeof signames[0]) ? signames[sig] : NULL;
        if (name) cmd_error(c, "sending signal %s to command '%s'", name, cmdv[0]);
        else cmd_error(c, "sending signal %d to command '%s'", sig, cmdv[0]);
    }
    if (sig == 9) return 137;     /* KILL reaches timeout itself too */
    return preserve ? 128 + sig : 124;
}
