/* tee.c — tee: copy standard input to standard output and to files
 * (-a append, -i accepted, -p / --output-error: keep writing to the files
 * when stdout goes away).  Streams chunk by chunk. */
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("tee", cmd_tee, "tee [-a] [FILE]...: copy stdin to stdout and to each FILE (-a appends)");

static const char tee_usage[] =
    "Usage: tee [OPTION]... [FILE]...\n"
    "Copy standard input to each FILE, and also to standard output.\n"
    "\n"
    "  -a, --append              append to the given FILEs, do not overwrite\n"
    "  -i, --ignore-interrupts   ignore interrupt signals\n"
    "  -p                        diagnose errors writing to non pipes\n"
    "      --output-error[=MODE]   set behavior on write error.  See MODE below\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

int cmd_tee(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_OUTERR = 0x100 };
    static const cmd_longopt longs[] = {
        { "append", 0, 'a' }, { "ignore-interrupts", 0, 'i' }, { "output-error", 2, OPT_OUTERR },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    int append = 0, keep_going = 0, status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "aip", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': append = 1; break;
        case 'i': break;
        case 'p': keep_going = 1; break;
        case OPT_OUTERR:
            if (o.arg && strcmp(o.arg, "warn") && strcmp(o.arg, "warn-nopipe") && strcmp(o.arg, "exit") &&
                strcmp(o.arg, "exit-nopipe")) {
                cmd_error(c, "invalid argument '%s' for '--output-error'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'warn'\n  - 'warn-nopipe'\n  - 'exit'\n"
                                     "  - 'exit-nopipe'\n");
                txt_try_help(c);
                cmd_opts_free(&o, c);
                return 1;
            }
            keep_going = !o.arg || !strncmp(o.arg, "warn", 4);
            break;
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, tee_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);
    sk_stream **outs = sk_calloc(c->a, (size_t)(nfiles ? nfiles : 1), sizeof *outs);
    if (!outs) { cmd_opts_free(&o, c); return cmd_error(c, "memory exhausted"); }
    for (int i = 0; i < nfiles; i++) {
        int r = txt_open_output(c, files[i], append, &outs[i]);
        if (r) {
            outs[i] = NULL;
            status = txt_error_path(c, files[i], r);
        }
    }
    sk_in in;
    int r = cmd_open_input(c, "-", &in);
    if (r) {
        status = cmd_error(c, "standard input: %s", sk_status_message(r));
    } else {
        char buf[16384];
        int64_t n;
        int stdout_ok = 1;
        while ((n = sk_in_read(&in, buf, sizeof buf)) > 0) {
            if (stdout_ok) {
                if (sk_out_write(&c->out, buf, (size_t)n) || sk_out_flush(&c->out)) {
                    if (c->out.err == SK_IO_EPIPE && !keep_going) break;
                    if (c->out.err != SK_IO_EPIPE) status = cmd_error(c, "standard output: write error");
                    stdout_ok = 0;
                    c->out.err = c->out.err == SK_IO_EPIPE ? c->out.err : 0;
                }
            }
            int live = stdout_ok;
            for (int i = 0; i < nfiles; i++) {
                if (!outs[i]) continue;
                int w = sk_stream_write(outs[i], buf, (size_t)n);
                if (w < 0) {
                    if (w != SK_IO_EPIPE || !keep_going)
                        status = cmd_error(c, "%s: %s", files[i], w == SK_IO_EPIPE ? "Broken pipe" : "write error");
                    txt_close_output(c, outs[i]);
                    outs[i] = NULL;
                    continue;
                }
                live = 1;
            }
            if (!live || cmd_aborted(c)) break;
        }
        if (n < 0 && n != SK_IO_ABORT) status = cmd_error(c, "standard input: read error");
        cmd_close_input(c, &in);
        /* keep_going: the lost reader should not turn into status 141 */
        if (keep_going && c->out.err == SK_IO_EPIPE && !stdout_ok) c->out.err = 0;
    }
    for (int i = 0; i < nfiles; i++) txt_close_output(c, outs[i]);
    sk_free(c->a, outs);
    cmd_opts_free(&o, c);
    return status;
}
