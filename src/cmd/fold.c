/* fold.c — fold: wrap input lines to a width (GNU: columns count tabs to
 * multiples of 8, backspace and carriage return; -b counts bytes; -s breaks
 * after the last blank).  Streams; a line is held only up to the width. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("fold", cmd_fold, "fold [-bs] [-w WIDTH] [FILE]...: wrap lines at WIDTH (default 80) columns");

static const char fold_usage[] =
    "Usage: fold [OPTION]... [FILE]...\n"
    "Wrap input lines in each FILE, writing to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -b, --bytes         count bytes rather than columns\n"
    "  -s, --spaces        break at spaces\n"
    "  -w, --width=WIDTH   use WIDTH columns instead of 80\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static size_t adjust_column(size_t column, char ch, int bytes)
{
    if (bytes) return column + 1;
    if (ch == '\b') return column ? column - 1 : 0;
    if (ch == '\r') return 0;
    if (ch == '\t') return column + 8 - column % 8;
    return column + 1;
}

typedef struct fold_state {
    sk_buf line;
    size_t column;
} fold_state;

static int fold_char(sk_cmd *c, fold_state *st, char ch, size_t width, int bytes, int spaces)
{
    sk_buf *l = &st->line;
    if (ch == '\n') {
        if (sk_buf_putc(l, ch)) return -1;
        int r = sk_out_write(&c->out, l->p, l->len);
        l->len = 0;
        st->column = 0;
        return r;
    }
    for (;;) {
        st->column = adjust_column(st->column, ch, bytes);
        if (st->column <= width) break;
        if (spaces) {
            size_t end = l->len;
            int found = 0;
            while (end) {
                --end;
                if (l->p[end] == ' ' || l->p[end] == '\t') { found = 1; break; }
            }
            if (found) {
                end++;
                sk_out_write(&c->out, l->p, end);
                if (sk_out_putc(&c->out, '\n')) return -1;
                memmove(l->p, l->p + end, l->len - end);
                l->len -= end;
                st->column = 0;
                for (size_t i = 0; i < l->len; i++) st->column = adjust_column(st->column, l->p[i], bytes);
                continue;
            }
        }
        if (l->len == 0) break;
        sk_out_write(&c->out, l->p, l->len);
        if (sk_out_putc(&c->out, '\n')) return -1;
        l->len = 0;
        st->column = 0;
    }
    return sk_buf_putc(l, ch);
}

int cmd_fold(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "bytes", 0, 'b' }, { "spaces", 0, 's' }, { "width", 1, 'w' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    int bytes = 0, spaces = 0, status = 0;
    size_t width = 80;
    /* the obsolete -N form */
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    const char *legacy = NULL;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && argv[i][0] == '-' && isdigit((unsigned char)argv[i][1]) && !legacy &&
            strcmp(argv[i - 1], "-w")) {
            legacy = argv[i] + 1;
            continue;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    const char *wspec = legacy;
    cmd_opts o;
    cmd_opts_init(&o, nargs, args, "bsw:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': bytes = 1; break;
        case 's': spaces = 1; break;
        case 'w': wspec = o.arg; break;
        case TXT_OPT_HELP: status = txt_help(c, fold_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (wspec) {
        char *end;
        unsigned long long v = strtoull(wspec, &end, 10);
        if (end == wspec || *end || wspec[0] == '-') {
            status = cmd_error(c, "invalid number of columns: '%s'", wspec);
            goto done;
        }
        if (v == 0 || v > (unsigned long long)SIZE_MAX / 2) {
            status = cmd_error(c, "invalid number of columns: '%s': Numerical result out of range", wspec);
            goto done;
        }
        width = (size_t)v;
    }
    char **files;
    int nfiles = txt_files(&o, &files);
    fold_state st = { SK_BUF_INIT(c->a), 0 };
    char buf[8192];
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) { status = txt_error_path(c, files[i], r); continue; }
        int64_t n;
        int fail = 0;
        while (!fail && (n = sk_in_read(&in, buf, sizeof buf)) > 0)
            for (int64_t k = 0; k < n; k++)
                if (fold_char(c, &st, buf[k], width, bytes, spaces)) { fail = 1; break; }
        if (st.line.len) sk_out_write(&c->out, st.line.p, st.line.len);
        st.line.len = 0;
        st.column = 0;
        cmd_close_input(c, &in);
    }
    sk_buf_free(&st.line);
done:
    cmd_opts_free(&o, c);
    sk_free(c->a, args);
    return status;
}
