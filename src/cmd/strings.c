/* strings.c — strings (GNU binutils): print runs of printable characters
 * of at least -n (default 4) characters; -t d|o|x / -o offsets, -f file
 * names, -w all whitespace, -e s|S|b|l|B|L encodings, -s separator, the
 * obsolete -N form.  The whole file is scanned (-a, the default).
 * Streams: a run is buffered only until it is long enough to print. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("strings", cmd_strings, "strings [-n MIN] [-t d|o|x] [-f] [FILE]...: printable character runs in binary data");

static const char strings_usage[] =
    "Usage: strings [option(s)] [file(s)]\n"
    " Display printable strings in [file(s)] (stdin by default)\n"
    " The options are:\n"
    "  -a - --all                Scan the entire file, not just the data section [default]\n"
    "  -d --data                 Only scan the data sections in the file\n"
    "  -f --print-file-name      Print the name of the file before each string\n"
    "  -n <number>               Locate & print any sequence of at least <number>\n"
    "    --bytes=<number>         displayable characters.  (The default is 4).\n"
    "  -t --radix={o,d,x}        Print the location of the string in base 8, 10 or 16\n"
    "  -w --include-all-whitespace Include all whitespace as valid string characters\n"
    "  -o                        An alias for --radix=o\n"
    "  -e --encoding={s,S,b,l,B,L} Select character size and endianness:\n"
    "                            s = 7-bit, S = 8-bit, {b,l} = 16-bit, {B,L} = 32-bit\n"
    "  -s --output-separator=<string> String used to separate strings in output.\n"
    "  -h --help                 Display this information\n"
    "  -v -V --version           Print the program's version number\n";

typedef struct strings_opts {
    unsigned long min;
    int radix;          /* 0, 'd', 'o', 'x' */
    int print_name;
    int all_ws;
    int enc;            /* 's', 'S', 'b', 'l', 'B', 'L' */
    const char *sep;    /* NULL: newline */
} strings_opts;

typedef struct strings_state {
    sk_buf run;         /* the current run (characters) while shorter than min */
    unsigned long long start, pos;   /* offsets (bytes) */
    int printing;       /* the current run is being printed */
} strings_state;

static int printable(const strings_opts *op, long ch)
{
    if (ch < 0 || ch > 255) return 0;
    if (ch == '\t') return 1;
    if (op->all_ws && (ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f')) return 1;
    if (ch >= 128) return op->enc == 'S';
    return isprint((int)ch) != 0;
}

static void end_run(sk_cmd *c, const strings_opts *op, strings_state *st)
{
    if (st->printing) {
        if (op->sep) sk_out_puts(&c->out, op->sep);
        else sk_out_putc(&c->out, '\n');
    }
    st->printing = 0;
    st->run.len = 0;
}

static void start_print(sk_cmd *c, const strings_opts *op, strings_state *st, const char *name)
{
    if (op->print_name) sk_out_printf(&c->out, "%s: ", name);
    if (op->radix == 'd') sk_out_printf(&c->out, "%7llu ", st->start);
    else if (op->radix == 'o') sk_out_printf(&c->out, "%7llo ", st->start);
    else if (op->radix == 'x') sk_out_printf(&c->out, "%7llx ", st->start);
    sk_out_write(&c->out, st->run.p, st->run.len);
    st->printing = 1;
    st->run.len = 0;
}

static void feed_char(sk_cmd *c, const strings_opts *op, strings_state *st, long ch, unsigned long long at,
                      const char *name)
{
    if (!printable(op, ch)) {
        end_run(c, op, st);
        return;
    }
    if (st->printing) {
        sk_out_putc(&c->out, (int)ch);
        return;
    }
    if (st->run.len == 0) st->start = at;
    sk_buf_putc(&st->run, (int)ch);
    if (st->run.len >= op->min) start_print(c, op, st, name);
}

static void feed(sk_cmd *c, const strings_opts *op, strings_state *st, const unsigned char *p, size_t n,
                 const char *name)
{
    for (size_t i = 0; i < n; i++) feed_char(c, op, st, p[i], st->pos++, name);
}

/* Wide encodings, over the whole input: binutils' algorithm, where a
 * non-graphic character gives back all but its first byte, so a run may
 * start at any byte offset. */
static void scan_wide(sk_cmd *c, const strings_opts *op, const unsigned char *p, size_t n, const char *name)
{
    size_t width = op->enc == 'b' || op->enc == 'l' ? 2 : 4;
    int big = op->enc == 'b' || op->enc == 'B';
    size_t at = 0;
#define CHAR_AT(pos, out) do { \
        long v_ = 0; \
        if (big) for (size_t k_ = 0; k_ < width; k_++) v_ = (v_ << 8) | p[(pos) + k_]; \
        else for (size_t k_ = width; k_-- > 0;) v_ = (v_ << 8) | p[(pos) + k_]; \
        (out) = v_; \
    } while (0)
    while (at + width <= n) {
        size_t i, q = at;
        long ch;
        for (i = 0; i < op->min; i++) {
            if (q + width > n) return;
            CHAR_AT(q, ch);
            if (!printable(op, ch)) break;
            q += width;
        }
        if (i < op->min) {
            at = q + 1;   /* try again one byte after the failing character's start */
            continue;
        }
        if (op->print_name) sk_out_printf(&c->out, "%s: ", name);
        if (op->radix == 'd') sk_out_printf(&c->out, "%7llu ", (unsigned long long)at);
        else if (op->radix == 'o') sk_out_printf(&c->out, "%7llo ", (unsigned long long)at);
        else if (op->radix == 'x') sk_out_printf(&c->out, "%7llx ", (unsigned long long)at);
        for (size_t k = at; k < q; k += width) {
            CHAR_AT(k, ch);
            sk_out_putc(&c->out, (int)ch);
        }
        while (q + width <= n) {
            CHAR_AT(q, ch);
            if (!printable(op, ch)) break;
            sk_out_putc(&c->out, (int)ch);
            q += width;
        }
        if (op->sep) sk_out_puts(&c->out, op->sep);
        else sk_out_putc(&c->out, '\n');
        at = q + width <= n ? q + 1 : n;
        if (cmd_out_failed(c)) return;
    }
#undef CHAR_AT
}

int cmd_strings(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_UNICODE = 0x100 };
    static const cmd_longopt longs[] = {
        { "all", 0, 'a' }, { "data", 0, 'd' }, { "print-file-name", 0, 'f' }, { "bytes", 1, 'n' },
        { "radix", 1, 't' }, { "include-all-whitespace", 0, 'w' }, { "target", 1, 'T' },
        { "encoding", 1, 'e' }, { "output-separator", 1, 's' }, { "unicode", 1, OPT_UNICODE },
        { "help", 0, 'h' }, { "version", 0, 'v' }, { NULL, 0, 0 },
    };
    strings_opts op = { 4, 0, 0, 0, 's', NULL };
    int status = 0;
    /* the obsolete -NUMBER form */
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    const char *minspec = NULL;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (i > 0 && s[0] == '-' && isdigit((unsigned char)s[1]) && strspn(s + 1, "0123456789") == strlen(s + 1)) {
            minspec = s + 1;
            continue;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    cmd_opts o;
    cmd_opts_init(&o, nargs, args, "adfhn:ot:e:s:T:U:vVw", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': case 'd': case 'T': case 'U': case OPT_UNICODE: break;
        case 'f': op.print_name = 1; break;
        case 'n': minspec = o.arg; break;
        case 'o': op.radix = 'o'; break;
        case 't':
            if (strlen(o.arg) != 1 || !strchr("dox", o.arg[0])) {
                sk_out_flush(&c->out);
                sk_out_puts(&c->err, strings_usage);
                status = 1;
                goto done;
            }
            op.radix = o.arg[0];
            break;
        case 'e':
            if (strlen(o.arg) != 1 || !strchr("sSblBL", o.arg[0])) {
                sk_out_flush(&c->out);
                sk_out_puts(&c->err, strings_usage);
                status = 1;
                goto done;
            }
            op.enc = o.arg[0];
            break;
        case 's': op.sep = o.arg; break;
        case 'w': op.all_ws = 1; break;
        case 'h': status = txt_help(c, strings_usage); goto done;
        case 'v': case 'V': sk_out_puts(&c->out, "GNU strings (sandkiste) 2.40\n"); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (minspec) {
        char *end;
        unsigned long v = strtoul(minspec, &end, 0);
        if (end == minspec || *end) {
            status = cmd_error(c, "invalid integer argument %s", minspec);
            goto done;
        }
        if (v == 0) {
            status = cmd_error(c, "invalid minimum string length %lu", v);
            goto done;
        }
        op.min = v;
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);
    strings_state st;
    memset(&st, 0, sizeof st);
    sk_buf_init(&st.run, c->a);
    char buf[16384];
    for (int i = 0; i < (nfiles ? nfiles : 1) && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        const char *name = nfiles ? files[i] : "{standard input}";
        sk_in in;
        int r = cmd_open_input(c, nfiles ? files[i] : "-", &in);
        if (r == SK_EISDIR) {
            status = cmd_error(c, "Warning: '%s' is a directory", name);
            continue;
        }
        if (r) {
            status = cmd_error(c, "'%s': No such file", name);
            continue;
        }
        st.pos = 0;
        if (op.enc == 's' || op.enc == 'S') {
            int64_t n;
            while ((n = sk_in_read(&in, buf, sizeof buf)) > 0)
                feed(c, &op, &st, (unsigned char *)buf, (size_t)n, name);
            end_run(c, &op, &st);
        } else {
            sk_buf all = SK_BUF_INIT(c->a);
            if (sk_in_read_all(&in, &all, 0) == 0) scan_wide(c, &op, (unsigned char *)all.p, all.len, name);
            sk_buf_free(&all);
        }
        cmd_close_input(c, &in);
    }
    sk_buf_free(&st.run);
done:
    cmd_opts_free(&o, c);
    sk_free(c->a, args);
    return status;
}
