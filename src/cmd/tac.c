/* tac.c — tac: concatenate files with their records in reverse order.
 * Records end with the separator (-s, default newline), or begin with it
 * (-b); -r makes the separator a regular expression in GNU's default
 * (Emacs) syntax, searched backwards as GNU tac does.  Reads each file
 * whole (the last record comes first). */
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("tac", cmd_tac, "tac [-b] [-r] [-s SEP] [FILE]...: print lines (records) in reverse order");

static const char tac_usage[] =
    "Usage: tac [OPTION]... [FILE]...\n"
    "Write each FILE to standard output, last line first.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -b, --before             attach the separator before instead of after\n"
    "  -r, --regex              interpret the separator as a regular expression\n"
    "  -s, --separator=STRING   use STRING as the separator instead of newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct tac_sep {
    const char *s;
    size_t len;
    txt_regex *re;
} tac_sep;

/* Find the last separator starting before `limit`: its [start, end).
 * Returns 0 when there is none. */
static int find_prev(const tac_sep *sep, const char *p, size_t limit, size_t *start, size_t *end)
{
    if (sep->re) {
        for (size_t i = limit; i-- > 0;) {
            long ov[2];
            /* the match may not reach past `limit` (GNU searches a truncated buffer) */
            int r = txt_regex_exec(sep->re, p + i, limit - i, 1, ov, 1);
            if (r < 0) return 0;
            if (r > 0 && ov[1] > 0) {
                *start = i;
                *end = i + (size_t)ov[1];
                return 1;
            }
        }
        return 0;
    }
    if (!sep->len || limit < sep->len) return 0;
    for (size_t i = limit - sep->len + 1; i-- > 0;) {
        if (p[i] == sep->s[0] && !memcmp(p + i, sep->s, sep->len)) {
            *start = i;
            *end = i + sep->len;
            return 1;
        }
    }
    return 0;
}

static int tac_buffer(sk_cmd *c, const char *p, size_t n, const tac_sep *sep, int before)
{
    /* Walk separators from the end.  "After": a record runs from the end
     * of the previous separator to the end of its own; "before": from the
     * start of its separator to the start of the next record. */
    size_t rec_end = n, limit = n, s, e;
    while (limit > 0 && find_prev(sep, p, limit, &s, &e)) {
        size_t from = before ? s : e;
        if (rec_end > from && sk_out_write(&c->out, p + from, rec_end - from)) return -1;
        rec_end = from;
        limit = s;
        if (cmd_aborted(c)) return -1;
    }
    if (rec_end > 0) sk_out_write(&c->out, p, rec_end);
    return 0;
}

int cmd_tac(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "before", 0, 'b' }, { "regex", 0, 'r' }, { "separator", 1, 's' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    int before = 0, regex = 0, status = 0;
    tac_sep sep = { "\n", 1, NULL };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "brs:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': before = 1; break;
        case 'r': regex = 1; break;
        case 's': sep.s = o.arg; sep.len = strlen(o.arg); break;
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, tac_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    if (regex && sep.len) {
        char err[256];
        sep.re = txt_regex_compile(c->a, sep.s, sep.len, TXT_RE_EMACS, err, sizeof err);
        if (!sep.re) {
            cmd_opts_free(&o, c);
            return cmd_error(c, "%s", err);
        }
    }
    char **files;
    int nfiles = txt_files(&o, &files);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_buf b = SK_BUF_INIT(c->a);
        int r = cmd_read_all(c, files[i], &b);
        if (r == SK_ENOENT || r == SK_ENOTDIR || r == SK_EACCES) {
            status = cmd_error(c, "failed to open '%s' for reading: %s", files[i], sk_status_message(r));
        } else if (r) {
            /* GNU tac's lseek/read on a directory reports EINVAL */
            status = cmd_error(c, "%s: read error: %s", files[i],
                               r == SK_EISDIR ? "Invalid argument" : sk_status_message(r));
        } else if (b.len) {
            tac_buffer(c, b.p, b.len, &sep, before);
        }
        sk_buf_free(&b);
    }
    txt_regex_free(sep.re);
    cmd_opts_free(&o, c);
    return status;
}
