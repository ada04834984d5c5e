/* hexdump.c — hexdump (util-linux 2.38): the canned formats.
 *
 * Default (two-byte hex), -C canonical hex+ASCII, -b, -c, -d, -o, -x;
 * several may be combined (one line each per block).  -n LENGTH, -s
 * OFFSET, -v.  Repeated blocks become "*".  Custom -e/-f format strings
 * are not implemented. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "numparse.h"
#include "text.h"

SK_CMD("hexdump", cmd_hexdump, "hexdump [-C|-b|-c|-d|-o|-x] [-n LEN] [-s OFF] [-v] [FILE]...: hex dump (-C: canonical hex+ASCII)");

static const char hexdump_usage[] =
    "\n"
    "Usage:\n"
    " hexdump [options] <file>...\n"
    "\n"
    "Display file contents in hexadecimal, decimal, octal, or ascii.\n"
    "\n"
    "Options:\n"
    " -b, --one-byte-octal      one-byte octal display\n"
    " -c, --one-byte-char       one-byte character display\n"
    " -C, --canonical           canonical hex+ASCII display\n"
    " -d, --two-bytes-decimal   two-byte decimal display\n"
    " -o, --two-bytes-octal     two-byte octal display\n"
    " -x, --two-bytes-hex       two-byte hexadecimal display\n"
    " -L, --color[=<mode>]      interpret color formatting specifiers\n"
    " -e, --format <format>     format string to be used for displaying data\n"
    " -f, --format-file <file>  file that contains format strings\n"
    " -n, --length <length>     interpret only length bytes of input\n"
    " -s, --skip <offset>       skip offset bytes from the beginning\n"
    " -v, --no-squeezing        output identical lines\n"
    "\n"
    " -h, --help                display this help\n"
    " -V, --version             display version\n";

static void put_char_c(sk_out *o, unsigned char ch)
{
    char buf[8];
    switch (ch) {
    case '\0': snprintf(buf, sizeof buf, "\\0"); break;
    case '\a': snprintf(buf, sizeof buf, "\\a"); break;
    case '\b': snprintf(buf, sizeof buf, "\\b"); break;
    case '\f': snprintf(buf, sizeof buf, "\\f"); break;
    case '\n': snprintf(buf, sizeof buf, "\\n"); break;
    case '\r': snprintf(buf, sizeof buf, "\\r"); break;
    case '\t': snprintf(buf, sizeof buf, "\\t"); break;
    case '\v': snprintf(buf, sizeof buf, "\\v"); break;
    default:
        if (isprint(ch)) snprintf(buf, sizeof buf, "%c", ch);
        else snprintf(buf, sizeof buf, "%03o", ch);
    }
    sk_out_printf(o, "%4s", buf);
}

/* One line of format f for the n (<= 16) bytes at p, at address addr. */
static void print_line(sk_out *o, char f, const unsigned char *p, size_t n, unsigned long long addr)
{
    if (f == 'C') {
        sk_out_printf(o, "%08llx  ", addr);
        for (size_t i = 0; i < 16; i++) {
            if (i == 8) sk_out_putc(o, ' ');
            if (i < n) sk_out_printf(o, "%02x ", p[i]);
            else sk_out_puts(o, "   ");
        }
        sk_out_puts(o, " |");
        for (size_t i = 0; i < n; i++) sk_out_putc(o, isprint(p[i]) ? p[i] : '.');
        sk_out_puts(o, "|\n");
        return;
    }
    sk_out_printf(o, "%07llx", addr);
    if (f == 'b' || f == 'c') {
        for (size_t i = 0; i < 16; i++) {
            if (i >= n) { sk_out_puts(o, "    "); continue; }
            if (f == 'b') sk_out_printf(o, " %03o", p[i]);
            else put_char_c(o, p[i]);
        }
    } else {
        for (size_t i = 0; i < 16; i += 2) {
            int have = i < n;
            unsigned v = have ? p[i] | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) : 0;
            switch (f) {
            case 'd': if (have) sk_out_printf(o, "   %05u", v); else sk_out_puts(o, "        "); break;
            case 'o': if (have) sk_out_printf(o, "  %06o", v); else sk_out_puts(o, "        "); break;
            case 'x': if (have) sk_out_printf(o, "    %04x", v); else sk_out_puts(o, "        "); break;
            default: if (have) sk_out_printf(o, " %04x", v); else sk_out_puts(o, "     "); break;
            }
        }
    }
    sk_out_putc(o, '\n');
}

int cmd_hexdump(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "one-byte-octal", 0, 'b' }, { "one-byte-char", 0, 'c' }, { "canonical", 0, 'C' },
        { "two-bytes-decimal", 0, 'd' }, { "two-bytes-octal", 0, 'o' }, { "two-bytes-hex", 0, 'x' },
        { "color", 2, 'L' }, { "format", 1, 'e' }, { "format-file", 1, 'f' }, { "length", 1, 'n' },
        { "skip", 1, 's' }, { "no-squeezing", 0, 'v' }, { "help", 0, 'h' }, { "version", 0, 'V' },
        { NULL, 0, 0 },
    };
    char fmts[16];
    int nfmts = 0, verbose = 0, status = 0, have_len = 0;
    unsigned long long skip = 0, length = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "bcCde:f:L::n:os:vxhV", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': case 'c': case 'C': case 'd': case 'o': case 'x':
            if (nfmts < (int)sizeof fmts) fmts[nfmts++] = (char)ch;
            break;
        case 'L': break;
        case 'e': case 'f':
            cmd_error(c, "custom format strings (-%c) are not supported; use -C, -x, -c, -b, -d or -o", ch);
            status = 1;
            goto done;
        case 'n': case 's': {
            long long v;
            const char *a = o.arg;
            char *end;
            unsigned long long x;
            if (a[0] == '0' && (a[1] == 'x' || a[1] == 'X')) {
                x = strtoull(a, &end, 16);
                v = *end ? -1 : (long long)x;
            } else if (sk_parse_size(a, &v)) {
                v = -1;
            }
            if (v < 0) {
                cmd_error(c, "failed to parse %s: '%s'", ch == 'n' ? "length" : "offset", a);
                status = 1;
                goto done;
            }
            if (ch == 'n') { length = (unsigned long long)v; have_len = 1; }
            else skip = (unsigned long long)v;
            break;
        }
        case 'v': verbose = 1; break;
        case 'h': status = txt_help(c, hexdump_usage); goto done;
        case 'V': sk_out_puts(&c->out, "hexdump from util-linux 2.38.1\n"); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (!nfmts) fmts[nfmts++] = 'h';
    char **files;
    int nfiles = txt_files(&o, &files);
    sk_buf all = SK_BUF_INIT(c->a);
    int any_ok = 0;
    for (int i = 0; i < nfiles; i++) {
        if (skip && !strcmp(files[i], "-") && (!c->in || c->in->kind != SK_ST_FILE)) {
            /* util-linux seeks over -s: a pipe cannot */
            status = cmd_error(c, "stdin: Illegal seek");
            sk_buf_free(&all);
            goto done;
        }
        int r = cmd_read_all(c, files[i], &all);
        if (r) {
            status = cmd_error_path(c, files[i], r);
            continue;
        }
        any_ok = 1;
    }
    if (!any_ok) {
        if (nfiles > 0 && status) cmd_error(c, "all input file arguments failed");
        sk_buf_free(&all);
        goto done;
    }
    size_t start = skip < all.len ? (size_t)skip : all.len;
    size_t end = all.len;
    if (have_len && length < end - start) end = start + (size_t)length;
    const unsigned char *d = (const unsigned char *)all.p;
    int prev_equal = 0;
    for (size_t off = start; off < end; off += 16) {
        size_t n = end - off < 16 ? end - off : 16;
        if (!verbose && off > start && n == 16 && off - 16 >= start && !memcmp(d + off, d + off - 16, 16)) {
            if (!prev_equal) sk_out_puts(&c->out, "*\n");
            prev_equal = 1;
            continue;
        }
        prev_equal = 0;
        for (int k = 0; k < nfmts; k++) print_line(&c->out, fmts[k], d + off, n, (unsigned long long)off);
        if (cmd_out_failed(c) || cmd_aborted(c)) break;
    }
    if (end > start) sk_out_printf(&c->out, fmts[nfmts - 1] == 'C' ? "%08llx\n" : "%07llx\n", (unsigned long long)end);
    sk_buf_free(&all);
done:
    cmd_opts_free(&o, c);
    return status;
}
