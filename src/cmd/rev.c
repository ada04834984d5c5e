/* rev.c — rev (util-linux): reverse the characters of each line.  UTF-8
 * aware (code points, as util-linux under a UTF-8 locale); an invalid
 * byte stops the file with util-linux's message. */
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("rev", cmd_rev, "rev [FILE]...: reverse the characters of every line");

static const char rev_usage[] =
    "\n"
    "Usage:\n"
    " rev [options] [file ...]\n"
    "\n"
    "Reverse lines characterwise.\n"
    "\n"
    "Options:\n"
    " -h, --help     display this help\n"
    " -V, --version  display version\n";

/* Reverse one line (without its newline) into out.  Returns 0, or -1 on an
 * invalid sequence. */
static int rev_line(const char *p, size_t n, sk_buf *out)
{
    sk_buf_clear(out);
    if (sk_buf_reserve(out, n + 1)) return -2;
    size_t j = n;
    for (size_t i = 0; i < n;) {
        unsigned char b = (unsigned char)p[i];
        int32_t cp;
        int used = b < 0x80 ? 1 : txt_utf8_decode((const unsigned char *)p + i, n - i, &cp);
        if (b >= 0x80 && cp < 0) return -1;
        j -= (size_t)used;
        memcpy(out->p + j, p + i, (size_t)used);
        i += (size_t)used;
    }
    out->len = n;
    return 0;
}

int cmd_rev(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = { { "help", 0, 'h' }, { "version", 0, 'V' }, { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "hV", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'h': cmd_opts_free(&o, c); return txt_help(c, rev_usage);
        case 'V': cmd_opts_free(&o, c); sk_out_puts(&c->out, "rev from util-linux 2.38.1\n"); return 0;
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);
    int status = 0;
    sk_buf line = SK_BUF_INIT(c->a), out = SK_BUF_INIT(c->a);
    for (int i = 0; i < (nfiles ? nfiles : 1) && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        const char *name = nfiles ? files[i] : NULL;
        sk_in in;
        int r;
        if (name && !strcmp(name, "-")) r = SK_ENOENT;   /* util-linux: "-" is a file name */
        else r = cmd_open_input(c, name, &in);
        if (r) {
            status = cmd_error(c, "cannot open %s: %s", name, sk_status_message(r));
            continue;
        }
        unsigned long lineno = 0;
        while ((r = sk_in_getline(&in, &line, '\n')) > 0) {
            size_t n = line.len;
            int nl = n && line.p[n - 1] == '\n';
            int v = rev_line(line.p, n - (size_t)nl, &out);
            if (v == -1) {
                status = cmd_error(c, "%s: %lu: Invalid or incomplete multibyte or wide character",
                                   name ? name : "stdin", lineno);
                break;
            }
            if (v < 0) { status = cmd_error(c, "memory exhausted"); break; }
            if (out.len) sk_out_write(&c->out, out.p, out.len);
            if (nl && sk_out_putc(&c->out, '\n')) break;
            lineno++;
        }
        cmd_close_input(c, &in);
    }
    sk_buf_free(&line);
    sk_buf_free(&out);
    cmd_opts_free(&o, c);
    return status;
}
