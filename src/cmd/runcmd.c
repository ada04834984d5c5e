/* runcmd.c — commands that only matter on a terminal or for processes,
 * reduced to what they mean in a sandbox without either:
 *   less, more   output is never a terminal: they copy their input (more
 *                puts a ":::" header before each of several files);
 *   watch        runs the command once, after its "Every Ns: CMD" title;
 *   nohup        there is no hangup to ignore and no terminal to detach
 *                from: runs the command;
 *   stdbuf       buffering modes are checked and then irrelevant. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "miscutil.h"
#include "numparse.h"

SK_CMD("less", cmd_less, "less [FILE]...: show files (no paging here: prints them like cat)");
SK_CMD("more", cmd_more, "more [FILE]...: show files (no paging here: prints them like cat)");
SK_CMD("watch", cmd_watch, "watch [-n SECS] [-t] COMMAND: show the output of COMMAND (runs it once here)");
SK_CMD("nohup", cmd_nohup, "nohup COMMAND [ARG]...: run a command immune to hangups");
SK_CMD("stdbuf", cmd_stdbuf, "stdbuf -i|-o|-e MODE COMMAND [ARG]...: run a command with modified stream buffering");

static int copy_input(sk_cmd *c, const char *path)
{
    sk_in in;
    int st = cmd_open_input(c, path, &in);
    if (st) return st;
    char buf[8192];
    int64_t r;
    while ((r = sk_in_read(&in, buf, sizeof buf)) > 0 && !cmd_aborted(c))
        if (sk_out_write(&c->out, buf, (size_t)r)) break;
    cmd_close_input(c, &in);
    return r < 0 && r != SK_IO_EPIPE ? SK_EIO : SK_OK;
}

/* Skip pager options (they change nothing when output is not a terminal). */
static int pager_first_file(int argc, char **argv, int less)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) return i + 1;
        if (a[0] == '+') continue;
        if (a[0] != '-' || !a[1]) break;
        /* less options that take a value as the next argument */
        if (less && a[1] != '-' && !a[2] && strchr("bhjkopPtTxyz#", a[1]) && i + 1 < argc) i++;
        if (!less && (!strcmp(a, "-n") || !strcmp(a, "--lines")) && i + 1 < argc) i++;
    }
    return i;
}

int cmd_less(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, "less 590 (Sandkiste: no paging)") == 0) return 0;
    int first = pager_first_file(argc, argv, 1), status = 0;
    if (first >= argc) {
        copy_input(c, "-");
        return 0;
    }
    for (int i = first; i < argc && !cmd_out_failed(c); i++) {
        int st = copy_input(c, argv[i]);
        if (st == SK_EISDIR) {
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s is a directory\n", argv[i]);
            status = 1;
        } else if (st) {
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s: %s\n", argv[i], sk_status_message(st));
            status = 1;
        }
    }
    return status;
}

int cmd_more(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, "more from util-linux 2.38.1") == 0) return 0;
    int first = pager_first_file(argc, argv, 0), status = 0;
    if (first >= argc) {
        copy_input(c, "-");
        return 0;
    }
    int several = argc - first > 1;
    for (int i = first; i < argc && !cmd_out_failed(c); i++) {
        sk_buf data = SK_BUF_INIT(c->a);
        int st = cmd_read_all(c, argv[i], &data);
        if (st == SK_EISDIR) {
            sk_out_printf(&c->out, "\n*** %s: directory ***\n\n", argv[i]);
            status = 1;
        } else if (st) {
            cmd_error(c, "cannot open %s: %s", argv[i], sk_status_message(st));
            status = 1;
        } else {
            if (several) sk_out_printf(&c->out, "::::::::::::::\n%s\n::::::::::::::\n", argv[i]);
            sk_out_write(&c->out, data.p, data.len);
        }
        sk_buf_free(&data);
    }
    return status;
}

/* ---- watch ---------------------------------------------------------------- */

int cmd_watch(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, "watch from procps-ng 4.0.2") == 0) return 0;
    static const cmd_longopt longs[] = {
        { "interval", 1, 'n' }, { "no-title", 0, 't' }, { "exec", 0, 'x' }, { "beep", 0, 'b' },
        { "color", 0, 'c' }, { "differences", 2, 'd' }, { "errexit", 0, 'e' }, { "chgexit", 0, 'g' },
        { "equexit", 1, 'q' }, { "precise", 0, 'p' }, { "no-wrap", 0, 'w' }, { "no-linewrap", 0, 'w' },
        { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "n:txbcdegq:pw", longs, 0);
    int ch, title = 1, direct = 0, errexit = 0;
    double interval = 2.0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'n': {
            double v;
            if (mu_parse_duration(o.arg, &v) || v > 4294967295.0) {
                cmd_error(c, "failed to parse argument: '%s'", o.arg);
                return 1;
            }
            interval = v < 0.1 ? 0.1 : v;
            break;
        }
        case 't': title = 0; break;
        case 'x': direct = 1; break;
        case 'e': errexit = 1; break;
        case 'b': case 'c': case 'd': case 'g': case 'q': case 'p': case 'w': break;
        default:
            cmd_opts_error(&o, c, ch);
            return 1;
        }
    }
    if (o.ind >= argc) {
        sk_out_puts(&c->err, "\nUsage:\n watch [options] command\n");
        return 1;
    }
    sk_buf cmdline = SK_BUF_INIT(c->a);
    int oom = sk_buf_puts(&cmdline, "");
    for (int i = o.ind; i < argc && !oom; i++) {
        if (i > o.ind && sk_buf_putc(&cmdline, ' ')) oom = 1;
        if (sk_buf_puts(&cmdline, argv[i])) oom = 1;
    }
    if (oom) {
        sk_buf_free(&cmdline);
        return cmd_error(c, "memory exhausted");
    }
    if (title) sk_out_printf(&c->out, "Every %.1fs: %s\n\n", interval, cmdline.p);
    sk_out_flush(&c->out);
    int st;
    if (direct) {
        st = c->exec ? c->exec(c, argc - o.ind, argv + o.ind) : 127;
    } else if (c->script) {
        char *args[1] = { (char *)"sh" };
        st = c->script(c, cmdline.p, cmdline.len, "sh", 1, args);
    } else if (c->exec) {
        char *args[4] = { (char *)"sh", (char *)"-c", cmdline.p, NULL };
        st = c->exec(c, 3, args);
    } else {
        cmd_error(c, "cannot run commands here");
        st = 1;
    }
    sk_buf_free(&cmdline);
    if (errexit && st) return 8;
    return 0;
}

/* ---- nohup, stdbuf ----------------------------------------------------------- */

static int run_rest(sk_cmd *c, int n, char **argv)
{
    if (!c->exec) {
        cmd_error(c, "failed to run command '%s': Operation not supported", argv[0]);
        return 126;
    }
    sk_out_flush(&c->out);
    return c->exec(c, n, argv);
}

int cmd_nohup(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    static const cmd_longopt longs[] = { { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "", longs, 0);
    int ch = cmd_opts_next(&o, c);
    if (ch != -1) return mu_opts_error(&o, c, ch, 125);
    if (o.ind >= argc) return mu_missing_operand(c, 125);
    return run_rest(c, argc - o.ind, argv + o.ind);
}

static int stdbuf_mode_ok(const char *m)
{
    if (!strcmp(m, "L") || !strcmp(m, "0")) return 1;
    long long v;
    return sk_parse_size(m, &v) == 0 && v > 0;
}

int cmd_stdbuf(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    static const cmd_longopt longs[] = {
        { "input", 1, 'i' }, { "output", 1, 'o' }, { "error", 1, 'e' }, { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "i:o:e:", longs, 0);
    int ch, any = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'i': case 'o': case 'e':
            if (ch == 'i' && !strcmp(o.arg, "L")) {
                cmd_error(c, "line buffering stdin is meaningless");
                mu_try_help(c);
                return 125;
            }
            if (!stdbuf_mode_ok(o.arg)) {
                cmd_error(c, "invalid mode '%s'", o.arg);
                return 125;
            }
            any = 1;
            break;
        default: return mu_opts_error(&o, c, ch, 125);
        }
    }
    if (o.ind >= argc) return mu_missing_operand(c, 125);
    if (!any) {
        cmd_error(c, "you must specify a buffering mode option");
        mu_try_help(c);
        return 125;
    }
    return run_rest(c, argc - o.ind, argv + o.ind);
}
