/* tail.c — tail: the last (or, with +N, all from the Nth) lines or bytes
 * of files.  GNU options: -n/-c with [+-]N and size suffixes, -q/-v, -z,
 * the obsolete -N[bcl][f] / +N forms; -f/-F and --follow are accepted and
 * act like plain tail (a sandbox run does not wait for files to grow).
 * "From the end" keeps only a bounded window of the input in memory. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "numparse.h"
#include "text.h"

SK_CMD("tail", cmd_tail, "tail [-n [+]N|-c [+]N] [-qv] [FILE]...: last 10 (or N) lines; +N starts at line N");

static const char tail_usage[] =
    "Usage: tail [OPTION]... [FILE]...\n"
    "Print the last 10 lines of each FILE to standard output.\n"
    "With more than one FILE, precede each with a header giving the file name.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to\n"
    "                             output starting with byte NUM of each file\n"
    "  -f, --follow[={name|descriptor}]\n"
    "                           output appended data as the file grows\n"
    "                             (in the sandbox: no waiting, like plain tail)\n"
    "  -F                       same as --follow=name --retry\n"
    "  -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;\n"
    "                             or use -n +NUM to skip NUM-1 lines at the start\n"
    "  -q, --quiet, --silent    never output headers giving file names\n"
    "  -v, --verbose            always output headers giving file names\n"
    "  -z, --zero-terminated    line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct tail_opts {
    long long count;
    int bytes, from_start, delim;
} tail_opts;

/* Copy everything from byte/line `count` (1-based) on. */
static int tail_from_start(sk_cmd *c, sk_in *in, const tail_opts *op)
{
    char buf[16384];
    long long skip = op->count > 0 ? op->count - 1 : 0;
    int64_t n;
    while ((n = sk_in_read(in, buf, sizeof buf)) > 0) {
        size_t i = 0;
        if (skip > 0) {
            if (op->bytes) {
                size_t k = (size_t)(skip < n ? skip : n);
                i = k;
                skip -= (long long)k;
            } else {
                while (i < (size_t)n && skip > 0) {
                    const char *d = memchr(buf + i, op->delim, (size_t)n - i);
                    if (!d) { i = (size_t)n; break; }
                    i = (size_t)(d - buf) + 1;
                    skip--;
                }
            }
        }
        if (i < (size_t)n && sk_out_write(&c->out, buf + i, (size_t)n - i)) return 0;
    }
    return n < 0 ? (int)n : 0;
}

/* Offset in b where the last `count` lines begin. */
static size_t last_lines_start(const sk_buf *b, long long count, int delim)
{
    size_t i = b->len;
    if (count <= 0) return b->len;
    /* a final line without delimiter counts as a line */
    if (i > 0 && b->p[i - 1] == (char)delim) i--;
    while (i > 0) {
        if (b->p[i - 1] == (char)delim) {
            if (--count == 0) return i;
        }
        i--;
    }
    return 0;
}

static int tail_from_end(sk_cmd *c, sk_in *in, const tail_opts *op)
{
    sk_buf b = SK_BUF_INIT(c->a);
    char buf[16384];
    int64_t n;
    size_t trim_at = 1 << 20;
    int r = 0;
    while ((n = sk_in_read(in, buf, sizeof buf)) > 0) {
        if (sk_buf_put(&b, buf, (size_t)n)) { r = SK_NOMEM; break; }
        if (b.len >= trim_at) {
            size_t keep_from;
            if (op->bytes) keep_from = (unsigned long long)op->count < b.len ? b.len - (size_t)op->count : 0;
            else keep_from = last_lines_start(&b, op->count, op->delim);
            if (keep_from > 0) {
                memmove(b.p, b.p + keep_from, b.len - keep_from);
                b.len -= keep_from;
            }
            if (b.len * 2 > trim_at) trim_at = b.len * 2;
        }
        if (cmd_aborted(c)) break;
    }
    if (n < 0) r = (int)n;
    if (!r) {
        size_t from;
        if (op->bytes) from = (unsigned long long)op->count < b.len ? b.len - (size_t)op->count : 0;
        else from = last_lines_start(&b, op->count, op->delim);
        if (from < b.len) sk_out_write(&c->out, b.p + from, b.len - from);
    }
    sk_buf_free(&b);
    return r;
}

static int parse_count(sk_cmd *c, const char *arg, int bytes, tail_opts *op)
{
    const char *a = arg;
    op->from_start = 0;
    if (*a == '+') { op->from_start = 1; a++; }
    else if (*a == '-') a++;
    long long v;
    if (sk_parse_size(a, &v)) {
        cmd_error(c, "invalid number of %s: '%s'", bytes ? "bytes" : "lines", arg);
        return 1;
    }
    op->count = v;
    op->bytes = bytes;
    return 0;
}

/* GNU's obsolete single-option forms: -N[bcl][f], +N[bcl][f]. */
static int parse_obsolete(sk_cmd *c, int argc, char **argv, tail_opts *op, int *bad)
{
    *bad = 0;
    if (!(argc == 2 || (argc == 3 && !(argv[2][0] == '-' && argv[2][1])))) return 0;
    const char *p = argv[1];
    int from_start;
    if (*p == '+') from_start = 1;
    else if (*p == '-') {
        if (!p[1 + (p[1] == 'c')]) return 0;
        from_start = 0;
    } else {
        return 0;
    }
    p++;
    const char *ns = p;
    while (*p >= '0' && *p <= '9') p++;
    const char *ne = p;
    long long def = 10;
    int lines = 1;
    switch (*p) {
    case 'b': def *= 512; /* fall through */
    case 'c': lines = 0; /* fall through */
    case 'l': p++; break;
    default: break;
    }
    if (*p == 'f') p++;
    if (*p) return 0;
    long long v = def;
    if (ns != ne) {
        v = 0;
        for (const char *q = ns; q < ne; q++) {
            if (v > (999999999999999999LL - (*q - '0')) / 10) { v = -1; break; }
            v = v * 10 + (*q - '0');
        }
        if (v < 0) {
            cmd_error(c, "invalid number: '%s'", argv[1]);
            *bad = 1;
            return 1;
        }
    }
    op->count = v;
    op->bytes = !lines;
    op->from_start = from_start;
    return 1;
}

int cmd_tail(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_FOLLOW = 0x100, OPT_RETRY, OPT_PID, OPT_MAXUNCH };
    static const cmd_longopt longs[] = {
        { "bytes", 1, 'c' }, { "follow", 2, OPT_FOLLOW }, { "lines", 1, 'n' },
        { "quiet", 0, 'q' }, { "silent", 0, 'q' }, { "verbose", 0, 'v' },
        { "zero-terminated", 0, 'z' }, { "retry", 0, OPT_RETRY }, { "pid", 1, OPT_PID },
        { "sleep-interval", 1, 's' }, { "max-unchanged-stats", 1, OPT_MAXUNCH },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    tail_opts op = { 10, 0, 0, '\n' };
    int quiet = 0, verbose = 0, status = 0;
    int bad;
    int skip_first = parse_obsolete(c, argc, argv, &op, &bad);
    if (bad) return 1;
    /* without the obsolete option, if there was one */
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    for (int i = 0; i < argc; i++)
        if (!(skip_first && i == 1)) args[nargs++] = argv[i];
    args[nargs] = NULL;
    cmd_opts o;
    cmd_opts_init(&o, nargs, args, "c:n:fFqvzs:0123456789", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c':
        case 'n':
            if (parse_count(c, o.arg, ch == 'c', &op)) { status = 1; goto done; }
            break;
        case 'f': case 'F': case OPT_FOLLOW: case OPT_RETRY: case OPT_PID: case 's': case OPT_MAXUNCH:
            break;
        case 'q': quiet = 1; verbose = 0; break;
        case 'v': verbose = 1; quiet = 0; break;
        case 'z': op.delim = 0; break;
        case TXT_OPT_HELP: status = txt_help(c, tail_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default:
            if (ch >= '0' && ch <= '9') {
                cmd_error(c, "option used in invalid context -- %c", ch);
                status = 1;
                goto done;
            }
            status = txt_opts_error(&o, c, ch, 1);
            goto done;
        }
    }
    char **files;
    int nfiles = txt_files(&o, &files);
    int headers = verbose || (nfiles > 1 && !quiet);
    int printed = 0;
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        const char *shown = strcmp(files[i], "-") ? files[i] : "standard input";
        if (r == SK_EISDIR) {
            if (headers) sk_out_printf(&c->out, "%s==> %s <==\n", printed++ ? "\n" : "", shown);
            status = cmd_error(c, "error reading '%s': %s", files[i], sk_status_message(r));
            continue;
        }
        if (r) {
            status = cmd_error(c, "cannot open '%s' for reading: %s", files[i], sk_status_message(r));
            continue;
        }
        if (headers) sk_out_printf(&c->out, "%s==> %s <==\n", printed++ ? "\n" : "", shown);
        r = op.from_start ? tail_from_start(c, &in, &op) : tail_from_end(c, &in, &op);
        cmd_close_input(c, &in);
        if (r == SK_NOMEM) status = cmd_error(c, "memory exhausted");
        else if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "error reading '%s'", files[i]);
    }
done:
    cmd_opts_free(&o, c);
    sk_free(c->a, args);
    return status;
}
