/* uniq.c — uniq: report or omit repeated adjacent lines (GNU semantics:
 * -c -d -D -u -i -f -s -w -z, --all-repeated=METHOD, --group=METHOD, the
 * optional OUTPUT operand, the obsolete -N and +N forms).  Streams. */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("uniq", cmd_uniq, "uniq [-c|-d|-D|-u] [-i] [-f N] [-s N] [-w N] [INPUT [OUTPUT]]: drop or count repeated adjacent lines");

static const char uniq_usage[] =
    "Usage: uniq [OPTION]... [INPUT [OUTPUT]]\n"
    "Filter adjacent matching lines from INPUT (or standard input),\n"
    "writing to OUTPUT (or standard output).\n"
    "\n"
    "With no options, matching lines are merged to the first occurrence.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -c, --count           prefix lines by the number of occurrences\n"
    "  -d, --repeated        only print duplicate lines, one for each group\n"
    "  -D                    print all duplicate lines\n"
    "      --all-repeated[=METHOD]  like -D, but allow separating groups\n"
    "                                 with an empty line;\n"
    "                                 METHOD={none(default),prepend,separate}\n"
    "  -f, --skip-fields=N   avoid comparing the first N fields\n"
    "      --group[=METHOD]  show all items, separating groups with an empty line;\n"
    "                          METHOD={separate(default),prepend,append,both}\n"
    "  -i, --ignore-case     ignore differences in case when comparing\n"
    "  -s, --skip-chars=N    avoid comparing the first N characters\n"
    "  -u, --unique          only print unique lines\n"
    "  -z, --zero-terminated     line delimiter is NUL, not newline\n"
    "  -w, --check-chars=N   compare no more than N characters in lines\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

enum { DM_NONE, DM_PREPEND, DM_SEPARATE };
enum { GM_NONE, GM_PREPEND, GM_APPEND, GM_SEPARATE, GM_BOTH };

typedef struct uniq_opts {
    uint64_t skip_fields, skip_chars, check_chars;
    int ignore_case, count;
    int out_unique, out_first, out_later;
    int delimit, grouping;
    int delim;
} uniq_opts;

static int is_sep(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

/* The compared part of a line (content without its delimiter). */
static void find_field(const uniq_opts *op, const char *p, size_t size, const char **f, size_t *flen)
{
    size_t i = 0;
    for (uint64_t k = 0; k < op->skip_fields && i < size; k++) {
        while (i < size && is_sep((unsigned char)p[i])) i++;
        while (i < size && !is_sep((unsigned char)p[i])) i++;
    }
    uint64_t left = size - i;
    i += (size_t)(op->skip_chars < left ? op->skip_chars : left);
    *f = p + i;
    *flen = size - i;
}

static int different(const uniq_opts *op, const char *a, size_t al, const char *b, size_t bl)
{
    if (op->check_chars < al) al = (size_t)op->check_chars;
    if (op->check_chars < bl) bl = (size_t)op->check_chars;
    if (al != bl) return 1;
    if (op->ignore_case) {
        for (size_t i = 0; i < al; i++)
            if (toupper((unsigned char)a[i]) != toupper((unsigned char)b[i])) return 1;
        return 0;
    }
    return memcmp(a, b, al) != 0;
}

static int parse_count(const char *s, uint64_t *v)
{
    if (!*s) return -1;
    uint64_t n = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned d = (unsigned)(*s - '0');
        n = n > (UINT64_MAX - d) / 10 ? UINT64_MAX : n * 10 + d;
    }
    *v = n;
    return 0;
}

/* A line as read: content plus a flag saying whether a delimiter was seen
 * (output always ends lines with the delimiter, as GNU does). */
static int write_line(sk_out *o, const uniq_opts *op, const sk_buf *l, size_t len, int match, uint64_t count)
{
    if (!(count == 0 ? op->out_unique : !match ? op->out_first : op->out_later)) return 0;
    if (op->count) sk_out_printf(o, "%7llu ", (unsigned long long)count + 1);
    if (len) sk_out_write(o, l->p, len);
    return sk_out_putc(o, op->delim);
}

static int read_line(sk_in *in, sk_buf *b, int delim, size_t *len)
{
    int r = sk_in_getline(in, b, delim);
    if (r <= 0) return r;
    *len = b->len;
    if (*len && b->p[*len - 1] == (char)delim) (*len)--;
    return 1;
}

static int uniq_run(sk_cmd *c, sk_in *in, sk_out *o, const uniq_opts *op)
{
    sk_buf a = SK_BUF_INIT(c->a), b = SK_BUF_INIT(c->a);
    sk_buf *prev = &a, *cur = &b;
    size_t plen = 0, clen = 0;
    int r;
    if (op->grouping != GM_NONE) {
        int have_prev = 0, first_printed = 0;
        while ((r = read_line(in, cur, op->delim, &clen)) > 0) {
            const char *pf = NULL, *cf;
            size_t pfl = 0, cfl;
            find_field(op, cur->p, clen, &cf, &cfl);
            if (have_prev) find_field(op, prev->p, plen, &pf, &pfl);
            int new_group = !have_prev || different(op, cf, cfl, pf, pfl);
            if (new_group && (op->grouping == GM_PREPEND || op->grouping == GM_BOTH ||
                              (first_printed && (op->grouping == GM_APPEND || op->grouping == GM_SEPARATE))))
                sk_out_putc(o, op->delim);
            if (clen) sk_out_write(o, cur->p, clen);
            if (sk_out_putc(o, op->delim)) break;
            sk_buf *t = prev; prev = cur; cur = t;
            plen = clen;
            have_prev = 1;
            first_printed = 1;
        }
        if ((op->grouping == GM_BOTH || op->grouping == GM_APPEND) && first_printed) sk_out_putc(o, op->delim);
    } else {
        r = read_line(in, prev, op->delim, &plen);
        if (r > 0) {
            uint64_t match_count = 0;
            int first_delimiter = 1;
            while ((r = read_line(in, cur, op->delim, &clen)) > 0) {
                const char *pf, *cf;
                size_t pfl, cfl;
                find_field(op, prev->p, plen, &pf, &pfl);
                find_field(op, cur->p, clen, &cf, &cfl);
                int match = !different(op, cf, cfl, pf, pfl);
                match_count += match;
                if (match_count == UINT64_MAX) match_count--;
                if (op->delimit != DM_NONE) {
                    if (!match) {
                        if (match_count) first_delimiter = 0;
                    } else if (match_count == 1) {
                        if (op->delimit == DM_PREPEND || (op->delimit == DM_SEPARATE && !first_delimiter))
                            sk_out_putc(o, op->delim);
                    }
                }
                if (!match || op->out_later) {
                    if (write_line(o, op, prev, plen, match, match_count)) break;
                    sk_buf *t = prev; prev = cur; cur = t;
                    plen = clen;
                    if (!match) match_count = 0;
                }
                if (o->err) break;
            }
            if (r >= 0 && !o->err) write_line(o, op, prev, plen, 0, match_count);
        }
    }
    sk_buf_free(&a);
    sk_buf_free(&b);
    return r < 0 ? r : 0;
}

int cmd_uniq(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_ALLREP = 0x100, OPT_GROUP };
    static const cmd_longopt longs[] = {
        { "count", 0, 'c' }, { "repeated", 0, 'd' }, { "all-repeated", 2, OPT_ALLREP },
        { "skip-fields", 1, 'f' }, { "group", 2, OPT_GROUP }, { "ignore-case", 0, 'i' },
        { "skip-chars", 1, 's' }, { "unique", 0, 'u' }, { "zero-terminated", 0, 'z' },
        { "check-chars", 1, 'w' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    uniq_opts op;
    memset(&op, 0, sizeof op);
    op.check_chars = UINT64_MAX;
    op.out_unique = op.out_first = 1;
    op.delim = '\n';
    int status = 0;
    /* the obsolete -N (skip N fields) form */
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        const char *prev = i > 1 ? argv[i - 1] : "";
        size_t pl = strlen(prev);
        int takes_arg = (prev[0] == '-' && prev[1] != '-' && pl >= 2 && strchr("fsw", prev[pl - 1]) &&
                         strspn(prev + 1, "cdDiuz") == pl - 2) ||
                        !strcmp(prev, "--skip-fields") || !strcmp(prev, "--skip-chars") ||
                        !strcmp(prev, "--check-chars");
        if (i > 0 && !takes_arg && s[0] == '-' && s[1] >= '0' && s[1] <= '9' &&
            strspn(s + 1, "0123456789") == strlen(s + 1)) {
            parse_count(s + 1, &op.skip_fields);
            continue;
        }
        if (i > 0 && !strcmp(s, "--")) {
            while (i < argc) args[nargs++] = argv[i++];
            break;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    cmd_opts o;
    cmd_opts_init(&o, nargs, args, "cdDf:is:uw:z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c': op.count = 1; break;
        case 'd': op.out_unique = 0; break;
        case 'D': op.out_unique = 0; op.out_later = 1; op.delimit = DM_NONE; break;
        case OPT_ALLREP:
            op.out_unique = 0;
            op.out_later = 1;
            if (!o.arg || !strcmp(o.arg, "none")) op.delimit = DM_NONE;
            else if (!strcmp(o.arg, "prepend")) op.delimit = DM_PREPEND;
            else if (!strcmp(o.arg, "separate")) op.delimit = DM_SEPARATE;
            else {
                cmd_error(c, "invalid argument '%s' for '--all-repeated'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'none'\n  - 'prepend'\n  - 'separate'\n");
                txt_try_help(c);
                status = 1;
                goto done;
            }
            break;
        case OPT_GROUP:
            if (!o.arg || !strcmp(o.arg, "separate")) op.grouping = GM_SEPARATE;
            else if (!strcmp(o.arg, "prepend")) op.grouping = GM_PREPEND;
            else if (!strcmp(o.arg, "append")) op.grouping = GM_APPEND;
            else if (!strcmp(o.arg, "both")) op.grouping = GM_BOTH;
            else {
                cmd_error(c, "invalid argument '%s' for '--group'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'prepend'\n  - 'append'\n  - 'separate'\n  - 'both'\n");
                txt_try_help(c);
                status = 1;
                goto done;
            }
            break;
        case 'f':
            if (parse_count(o.arg, &op.skip_fields)) {
                status = cmd_error(c, "%s: invalid number of fields to skip", o.arg);
                goto done;
            }
            break;
        case 's':
            if (parse_count(o.arg, &op.skip_chars)) {
                status = cmd_error(c, "%s: invalid number of bytes to skip", o.arg);
                goto done;
            }
            break;
        case 'w':
            if (parse_count(o.arg, &op.check_chars)) {
                status = cmd_error(c, "%s: invalid number of bytes to compare", o.arg);
                goto done;
            }
            break;
        case 'i': op.ignore_case = 1; break;
        case 'u': op.out_first = 0; break;
        case 'z': op.delim = 0; break;
        case TXT_OPT_HELP: status = txt_help(c, uniq_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    /* obsolete +N: skip N characters */
    int first = 0;
    while (first < nops && ops[first][0] == '+' && ops[first][1] &&
           strspn(ops[first] + 1, "0123456789") == strlen(ops[first] + 1)) {
        parse_count(ops[first] + 1, &op.skip_chars);
        first++;
    }
    ops += first;
    nops -= first;
    if (nops > 2) { status = txt_extra_operand(c, ops[2], 1); goto done; }
    if (op.grouping != GM_NONE && (op.count || !op.out_unique || !op.out_first || op.out_later)) {
        cmd_error(c, "--group is mutually exclusive with -c/-d/-D/-u");
        txt_try_help(c);
        status = 1;
        goto done;
    }
    if (op.count && op.out_later) {
        cmd_error(c, "printing all duplicated lines and repeat counts is meaningless");
        txt_try_help(c);
        status = 1;
        goto done;
    }
    const char *inname = nops >= 1 ? ops[0] : "-";
    sk_in in;
    int r = cmd_open_input(c, inname, &in);
    if (r) { status = txt_error_path(c, inname, r); goto done; }
    sk_stream *os = NULL;
    sk_out fo;
    char fobuf[4096];
    sk_out *w = &c->out;
    if (nops == 2 && strcmp(ops[1], "-")) {
        r = txt_open_output(c, ops[1], 0, &os);
        if (r) {
            cmd_close_input(c, &in);
            status = txt_error_path(c, ops[1], r);
            goto done;
        }
        sk_out_init(&fo, c->a, os, fobuf, sizeof fobuf);
        w = &fo;
    }
    r = uniq_run(c, &in, w, &op);
    cmd_close_input(c, &in);
    if (os) {
        sk_out_flush(&fo);
        txt_close_output(c, os);
    }
    if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "%s: read error", inname);
done:
    cmd_opts_free(&o, c);
    sk_free(c->a, args);
    return status;
}
