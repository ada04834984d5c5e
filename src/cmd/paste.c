/* paste.c — paste: merge lines of files side by side (or serially with
 * -s), delimiters cycled from -d LIST with GNU's escapes (\0 = none).
 * Several "-" operands take successive lines of the one standard input.
 * Streams line by line. */
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("paste", cmd_paste, "paste [-s] [-d LIST] [FILE]...: merge corresponding lines of files with TABs (or LIST)");

static const char paste_usage[] =
    "Usage: paste [OPTION]... [FILE]...\n"
    "Write lines consisting of the sequentially corresponding lines from\n"
    "each FILE, separated by TABs, to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -d, --delimiters=LIST   reuse characters from LIST instead of TABs\n"
    "  -s, --serial            paste one file at a time instead of in parallel\n"
    "  -z, --zero-terminated    line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

/* Delimiters: each entry a byte, or -1 for "none" (\0). */
typedef struct paste_delims {
    int *d;
    size_t n;
} paste_delims;

static int parse_delims(sk_cmd *c, const char *s, paste_delims *out)
{
    size_t len = strlen(s);
    out->d = sk_malloc(c->a, sizeof(int) * (len + 1));
    if (!out->d) return cmd_error(c, "memory exhausted");
    out->n = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '\\') { out->d[out->n++] = (unsigned char)s[i]; continue; }
        if (i + 1 == len) {
            cmd_error(c, "delimiter list ends with an unescaped backslash: %s", s);
            return 1;
        }
        char e = s[++i];
        int v;
        switch (e) {
        case '0': v = -1; break;
        case 'b': v = '\b'; break;
        case 'f': v = '\f'; break;
        case 'n': v = '\n'; break;
        case 'r': v = '\r'; break;
        case 't': v = '\t'; break;
        case 'v': v = '\v'; break;
        default: v = (unsigned char)e; break;
        }
        out->d[out->n++] = v;
    }
    return 0;
}

static int paste_serial(sk_cmd *c, char **files, int nfiles, const paste_delims *dl, int eol)
{
    int status = 0;
    sk_buf line = SK_BUF_INIT(c->a);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) { status = txt_error_path(c, files[i], r); continue; }
        size_t di = 0;
        int first = 1;
        while ((r = sk_in_getline(&in, &line, eol)) > 0) {
            size_t n = line.len;
            int had_eol = n && line.p[n - 1] == (char)eol;
            if (had_eol) n--;
            if (!first) {
                /* the previous line's end becomes a delimiter */
                if (dl->n && dl->d[di] >= 0) sk_out_putc(&c->out, dl->d[di]);
                if (dl->n && ++di == dl->n) di = 0;
            }
            first = 0;
            if (n && sk_out_write(&c->out, line.p, n)) break;
        }
        sk_out_putc(&c->out, eol);
        cmd_close_input(c, &in);
        if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "%s: read error", files[i]);
    }
    sk_buf_free(&line);
    return status;
}

static int paste_parallel(sk_cmd *c, char **files, int nfiles, const paste_delims *dl, int eol)
{
    int status = 0;
    sk_in *ins = sk_calloc(c->a, (size_t)nfiles + 1, sizeof *ins);
    int *open = sk_calloc(c->a, (size_t)nfiles + 1, sizeof *open);
    char *saved = sk_malloc(c->a, (size_t)nfiles + 1);
    if (!ins || !open || !saved) {
        sk_free(c->a, ins);
        sk_free(c->a, open);
        sk_free(c->a, saved);
        return cmd_error(c, "memory exhausted");
    }
    /* slot nfiles is the shared standard input */
    int stdin_used = 0, files_open = 0, opened = 0;
    for (int i = 0; i < nfiles; i++) {
        if (!strcmp(files[i], "-")) {
            if (!stdin_used) {
                int r = cmd_open_input(c, "-", &ins[nfiles]);
                if (r) { status = txt_error_path(c, "-", r); goto out; }
                stdin_used = 1;
            }
        } else {
            int r = cmd_open_input(c, files[i], &ins[i]);
            if (r) { status = txt_error_path(c, files[i], r); goto out; }
        }
        open[i] = 1;
        opened = i + 1;
        files_open++;
    }
    sk_buf line = SK_BUF_INIT(c->a);
    while (files_open && !cmd_out_failed(c) && !cmd_aborted(c)) {
        size_t di = 0, nsaved = 0;
        for (int i = 0; i < nfiles && files_open; i++) {
            int got = 0;
            size_t n = 0;
            if (open[i]) {
                sk_in *in = strcmp(files[i], "-") ? &ins[i] : &ins[nfiles];
                int r = sk_in_getline(in, &line, eol);
                if (r > 0) {
                    got = 1;
                    n = line.len;
                    if (line.p[n - 1] == (char)eol) n--;
                } else {
                    if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "%s: read error", files[i]);
                    open[i] = 0;
                    files_open--;
                }
            }
            if (got) {
                if (nsaved) { sk_out_write(&c->out, saved, nsaved); nsaved = 0; }
                if (n) sk_out_write(&c->out, line.p, n);
                if (i + 1 == nfiles) {
                    sk_out_putc(&c->out, eol);
                } else {
                    if (dl->n && dl->d[di] >= 0) sk_out_putc(&c->out, dl->d[di]);
                    if (dl->n && ++di == dl->n) di = 0;
                }
            } else if (i + 1 == nfiles) {
                if (files_open) {
                    if (nsaved) { sk_out_write(&c->out, saved, nsaved); nsaved = 0; }
                    sk_out_putc(&c->out, eol);
                }
            } else {
                if (dl->n && dl->d[di] >= 0) saved[nsaved++] = (char)dl->d[di];
                if (dl->n && ++di == dl->n) di = 0;
            }
        }
    }
    sk_buf_free(&line);
out:
    for (int i = 0; i < opened; i++)
        if (strcmp(files[i], "-")) cmd_close_input(c, &ins[i]);
    if (stdin_used) cmd_close_input(c, &ins[nfiles]);
    sk_free(c->a, ins);
    sk_free(c->a, open);
    sk_free(c->a, saved);
    return status;
}

int cmd_paste(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "delimiters", 1, 'd' }, { "serial", 0, 's' }, { "zero-terminated", 0, 'z' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    int serial = 0, eol = '\n', status = 0;
    const char *list = "\t";
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "d:sz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'd': list = o.arg; break;
        case 's': serial = 1; break;
        case 'z': eol = 0; break;
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, paste_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    paste_delims dl = { NULL, 0 };
    if (parse_delims(c, list, &dl)) {
        sk_free(c->a, dl.d);
        cmd_opts_free(&o, c);
        return 1;
    }
    char **files;
    int nfiles = txt_files(&o, &files);
    status = serial ? paste_serial(c, files, nfiles, &dl, eol) : paste_parallel(c, files, nfiles, &dl, eol);
    sk_free(c->a, dl.d);
    cmd_opts_free(&o, c);
    return status;
}
