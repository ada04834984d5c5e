/* cat.c — cat: concatenate files to standard output (GNU options). */
#include <string.h>

#include "cmd.h"

SK_CMD("cat", cmd_cat, "cat [-nbsEATv] [FILE]...: concatenate files (or stdin) to stdout");

typedef struct cat_opts {
    int number, number_nonblank, squeeze, ends, tabs, nonprint;
} cat_opts;

typedef struct cat_state {
    long long line;
    int at_line_start;
    int prev_blank;    /* the previous line was empty (for -s) */
} cat_state;

static int put_visible(sk_out *o, unsigned char ch, const cat_opts *op)
{
    if (ch == '\t' && !op->tabs) return sk_out_putc(o, ch);
    if (ch == '\n') return sk_out_putc(o, ch);
    if (!op->nonprint && !(ch == '\t' && op->tabs)) return sk_out_putc(o, ch);
    if (ch >= 128) {
        sk_out_write(o, "M-", 2);
        ch -= 128;
    }
    if (ch < 32) {
        sk_out_putc(o, '^');
        return sk_out_putc(o, ch + 64);
    }
    if (ch == 127) return sk_out_write(o, "^?", 2);
    return sk_out_putc(o, ch);
}

static int cat_fancy(sk_cmd *c, sk_in *in, const cat_opts *op, cat_state *st)
{
    sk_buf line = SK_BUF_INIT(c->a);
    int r;
    while ((r = sk_in_getline(in, &line, '\n')) > 0) {
        int has_nl = line.len && line.p[line.len - 1] == '\n';
        size_t body = line.len - (size_t)has_nl;
        int blank = body == 0 && has_nl;
        if (op->squeeze && blank && st->prev_blank) continue;
        st->prev_blank = blank;
        if (st->at_line_start && (op->number_nonblank ? !blank : op->number))
            sk_out_printf(&c->out, "%6lld\t", ++st->line);
        for (size_t i = 0; i < body; i++) put_visible(&c->out, (unsigned char)line.p[i], op);
        if (has_nl) {
            if (op->ends) sk_out_putc(&c->out, '$');
            sk_out_putc(&c->out, '\n');
        }
        st->at_line_start = has_nl;
        if (cmd_out_failed(c)) break;
    }
    sk_buf_free(&line);
    return r < 0 && r != SK_IO_EOF ? -1 : 0;
}

static int cat_plain(sk_cmd *c, sk_in *in)
{
    char buf[16384];
    int64_t n;
    while ((n = sk_in_read(in, buf, sizeof buf)) > 0)
        if (sk_out_write(&c->out, buf, (size_t)n)) return 0;
    return n < 0 ? -1 : 0;
}

int cmd_cat(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "number", 0, 'n' }, { "number-nonblank", 0, 'b' }, { "squeeze-blank", 0, 's' },
        { "show-ends", 0, 'E' }, { "show-tabs", 0, 'T' }, { "show-nonprinting", 0, 'v' },
        { "show-all", 0, 'A' }, { "help", 0, 'H' }, { "version", 0, 'V' }, { NULL, 0, 0 },
    };
    cat_opts op = { 0 };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "nbsETvAetu", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'n': op.number = 1; break;
        case 'b': op.number_nonblank = 1; break;
        case 's': op.squeeze = 1; break;
        case 'E': op.ends = 1; break;
        case 'T': op.tabs = 1; break;
        case 'v': op.nonprint = 1; break;
        case 'A': op.nonprint = op.ends = op.tabs = 1; break;
        case 'e': op.nonprint = op.ends = 1; break;
        case 't': op.nonprint = op.tabs = 1; break;
        case 'u': break;
        case 'H':
            cmd_opts_free(&o, c);
            sk_out_puts(&c->out,
                "Usage: cat [OPTION]... [FILE]...\n"
                "Concatenate FILE(s) to standard output.\n\n"
                "With no FILE, or when FILE is -, read standard input.\n\n"
                "  -A, --show-all           equivalent to -vET\n"
                "  -b, --number-nonblank    number nonempty output lines, overrides -n\n"
                "  -e                       equivalent to -vE\n"
                "  -E, --show-ends          display $ at end of each line\n"
                "  -n, --number             number all output lines\n"
                "  -s, --squeeze-blank      suppress repeated empty output lines\n"
                "  -t                       equivalent to -vT\n"
                "  -T, --show-tabs          display TAB characters as ^I\n"
                "  -u                       (ignored)\n"
                "  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB\n"
                "      --help        display this help and exit\n"
                "      --version     output version information and exit\n");
            return 0;
        case 'V':
            cmd_opts_free(&o, c);
            sk_out_printf(&c->out, "cat (GNU coreutils compatible; Sandkiste) 9.1\n");
            return 0;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);
    static char *const stdin_only[] = { "-" };
    if (nfiles == 0) { files = (char **)stdin_only; nfiles = 1; }
    int fancy = op.number || op.number_nonblank || op.squeeze || op.ends || op.tabs || op.nonprint;
    cat_state st = { 0, 1, 0 };
    int status = 0;
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) { status = cmd_error_path(c, files[i], r); continue; }
        r = fancy ? cat_fancy(c, &in, &op, &st) : cat_plain(c, &in);
        cmd_close_input(c, &in);
        if (r) status = cmd_error(c, "%s: read error", files[i]);
    }
    cmd_opts_free(&o, c);
    return status;
}
