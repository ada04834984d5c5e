/* head.c — head: the first lines or bytes of files (GNU options, incl.
 * negative counts "all but the last N" and the legacy -NUM form). */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "numparse.h"

SK_CMD("head", cmd_head, "head [-n N|-c N] [-qv] [FILE]...: first 10 (or N) lines of each file");

static int head_lines(sk_cmd *c, sk_in *in, long long n, int delim)
{
    sk_buf line = SK_BUF_INIT(c->a);
    int r = 0;
    for (long long i = 0; i < n; i++) {
        r = sk_in_getline(in, &line, delim);
        if (r <= 0) break;
        if (sk_out_write(&c->out, line.p, line.len)) break;
    }
    sk_buf_free(&line);
    return r < 0 ? r : 0;
}

/* All but the last n lines: keep a window of n lines. */
static int head_lines_but(sk_cmd *c, sk_in *in, long long n, int delim)
{
    sk_buf all = SK_BUF_INIT(c->a);
    int r = sk_in_read_all(in, &all, 0);
    if (r == 0) {
        size_t end = all.len;
        long long skip = n;
        /* walk back over n line ends (a final unterminated line counts) */
        size_t i = end;
        if (i > 0 && all.p[i - 1] != delim && skip > 0) {
            while (i > 0 && all.p[i - 1] != delim) i--;
            skip--;
        }
        while (skip > 0 && i > 0) {
            i--; /* the delimiter */
            while (i > 0 && all.p[i - 1] != delim) i--;
            skip--;
        }
        if (skip > 0) i = 0;
        sk_out_write(&c->out, all.p, i);
    }
    sk_buf_free(&all);
    return r;
}

static int head_bytes(sk_cmd *c, sk_in *in, long long n)
{
    char buf[8192];
    while (n > 0) {
        int64_t got = sk_in_read(in, buf, (size_t)(n < (long long)sizeof buf ? n : (long long)sizeof buf));
        if (got <= 0) return (int)got;
        if (sk_out_write(&c->out, buf, (size_t)got)) break;
        n -= got;
    }
    return 0;
}

static int head_bytes_but(sk_cmd *c, sk_in *in, long long n)
{
    sk_buf all = SK_BUF_INIT(c->a);
    int r = sk_in_read_all(in, &all, 0);
    if (r == 0 && (long long)all.len > n) sk_out_write(&c->out, all.p, all.len - (size_t)n);
    sk_buf_free(&all);
    return r;
}

int cmd_head(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "lines", 1, 'n' }, { "bytes", 1, 'c' }, { "quiet", 0, 'q' }, { "silent", 0, 'q' },
        { "verbose", 0, 'v' }, { "zero-terminated", 0, 'z' }, { NULL, 0, 0 },
    };
    long long count = 10;
    int bytes = 0, but = 0, quiet = 0, verbose = 0, delim = '\n';
    /* legacy: head -5 */
    char *legacy = NULL;
    if (argc > 1 && argv[1][0] == '-' && argv[1][1] >= '0' && argv[1][1] <= '9') legacy = argv[1];
    cmd_opts o;
    cmd_opts_init(&o, argc - (legacy ? 1 : 0), argv + (legacy ? 1 : 0), "n:c:qvz", longs, 1);
    o.argv = argv + (legacy ? 1 : 0);
    if (legacy) {
        const char *p = legacy + 1;
        char *end;
        count = strtoll(p, &end, 10);
        if (*end == 'c') bytes = 1;
        else if (*end && *end != 'l') return cmd_error(c, "invalid number of lines: '%s'", p);
    }
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'n':
        case 'c': {
            const char *a = o.arg;
            but = a[0] == '-';
            if (a[0] == '-' || a[0] == '+') a++;
            if (sk_parse_size(a, &count)) {
                cmd_error(c, "invalid number of %s: '%s'", ch == 'n' ? "lines" : "bytes", o.arg);
                cmd_opts_free(&o, c);
                return 1;
            }
            bytes = ch == 'c';
            break;
        }
        case 'q': quiet = 1; verbose = 0; break;
        case 'v': verbose = 1; quiet = 0; break;
        case 'z': delim = 0; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);
    static char *const stdin_only[] = { "-" };
    if (nfiles == 0) { files = (char **)stdin_only; nfiles = 1; }
    int headers = verbose || (nfiles > 1 && !quiet);
    int status = 0;
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) {
            cmd_error(c, "cannot open '%s' for reading: %s", files[i], sk_status_message(r));
            status = 1;
            continue;
        }
        if (headers)
            sk_out_printf(&c->out, "%s==> %s <==\n", i ? "\n" : "",
                          strcmp(files[i], "-") ? files[i] : "standard input");
        if (bytes) r = but ? head_bytes_but(c, &in, count) : head_bytes(c, &in, count);
        else r = but ? head_lines_but(c, &in, count, delim) : head_lines(c, &in, count, delim);
        cmd_close_input(c, &in);
        if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "error reading '%s'", files[i]);
    }
    cmd_opts_free(&o, c);
    return status;
}
