/* cut.c — cut: select bytes (-b), characters (-c, bytes as in GNU cut) or
 * fields (-f) of each line; --complement, -s, -d, --output-delimiter, -z.
 * The LIST grammar, its errors and the merging of ranges follow GNU's
 * set_fields.  Streams line by line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("cut", cmd_cut, "cut -b LIST|-c LIST|-f LIST [-d DELIM] [-s] [--complement] [--output-delimiter=S] [FILE]...: select parts of lines");

typedef struct cut_range {
    uint64_t lo, hi;
} cut_range;

typedef struct cut_list {
    cut_range *r;
    size_t n, cap;
} cut_list;

static const char cut_usage[] =
    "Usage: cut OPTION... [FILE]...\n"
    "Print selected parts of lines from each FILE to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -b, --bytes=LIST        select only these bytes\n"
    "  -c, --characters=LIST   select only these characters\n"
    "  -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter\n"
    "  -f, --fields=LIST       select only these fields;  also print any line\n"
    "                            that contains no delimiter character, unless\n"
    "                            the -s option is specified\n"
    "  -n                      (ignored)\n"
    "      --complement        complement the set of selected bytes, characters\n"
    "                            or fields\n"
    "  -s, --only-delimited    do not print lines not containing delimiters\n"
    "      --output-delimiter=STRING  use STRING as the output delimiter\n"
    "                            the default is to use the input delimiter\n"
    "  -z, --zero-terminated   line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static int add_range(sk_cmd *c, cut_list *l, uint64_t lo, uint64_t hi)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 8;
        cut_range *nr = sk_realloc(c->a, l->r, nc * sizeof *nr);
        if (!nr) return -1;
        l->r = nr;
        l->cap = nc;
    }
    l->r[l->n].lo = lo;
    l->r[l->n].hi = hi;
    l->n++;
    return 0;
}

static int range_cmp(const void *a, const void *b)
{
    const cut_range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int list_error(sk_cmd *c, const char *msg)
{
    cmd_error(c, "%s", msg);
    txt_try_help(c);
    return 1;
}

/* GNU set_fields.  pos: byte/character wording.  Returns 0 or 1 (reported). */
static int parse_list(sk_cmd *c, const char *s, int pos, int complement, cut_list *l)
{
    uint64_t initial = 1, value = 0;
    int lhs = 0, rhs = 0, dash = 0, in_digits = 0;
    const char *num_start = s;
    const char *zero = pos ? "byte/character positions are numbered from 1" : "fields are numbered from 1";
    for (;;) {
        if (*s == '-') {
            in_digits = 0;
            if (dash) return list_error(c, pos ? "invalid byte or character range" : "invalid field range");
            dash = 1;
            s++;
            if (lhs && !value) return list_error(c, zero);
            initial = lhs ? value : 1;
            value = 0;
        } else if (*s == ',' || *s == ' ' || *s == '\t' || !*s) {
            in_digits = 0;
            if (dash) {
                dash = 0;
                if (!lhs && !rhs) return list_error(c, "invalid range with no endpoint: -");
                if (!rhs) {
                    if (add_range(c, l, initial, UINT64_MAX)) return list_error(c, "memory exhausted");
                } else {
                    if (value < initial) return list_error(c, "invalid decreasing range");
                    if (add_range(c, l, initial, value)) return list_error(c, "memory exhausted");
                }
                value = 0;
            } else {
                if (value == 0) return list_error(c, zero);
                if (add_range(c, l, value, value)) return list_error(c, "memory exhausted");
                value = 0;
            }
            if (!*s) break;
            s++;
            lhs = rhs = 0;
        } else if (*s >= '0' && *s <= '9') {
            if (!in_digits) num_start = s;
            in_digits = 1;
            if (dash) rhs = 1;
            else lhs = 1;
            unsigned d = (unsigned)(*s - '0');
            if (value > (UINT64_MAX - d) / 10 || value * 10 + d == UINT64_MAX) {
                size_t len = strspn(num_start, "0123456789");
                cmd_error(c, pos ? "byte offset '%.*s' is too large" : "field number '%.*s' is too large",
                          (int)len, num_start);
                txt_try_help(c);
                return 1;
            }
            value = value * 10 + d;
            s++;
        } else {
            cmd_error(c, pos ? "invalid byte/character position '%s'" : "invalid field value '%s'", s);
            txt_try_help(c);
            return 1;
        }
    }
    if (!l->n) return list_error(c, pos ? "missing list of byte/character positions" : "missing list of fields");
    qsort(l->r, l->n, sizeof *l->r, range_cmp);
    for (size_t i = 0; i < l->n; i++) {
        for (size_t j = i + 1; j < l->n; j++) {
            if (l->r[j].lo <= l->r[i].hi) {
                if (l->r[j].hi > l->r[i].hi) l->r[i].hi = l->r[j].hi;
                memmove(l->r + j, l->r + j + 1, (l->n - j - 1) * sizeof *l->r);
                l->n--;
                j--;
            } else {
                break;
            }
        }
    }
    if (complement) {
        cut_list old = *l;
        memset(l, 0, sizeof *l);
        int bad = 0;
        if (old.r[0].lo > 1) bad |= add_range(c, l, 1, old.r[0].lo - 1);
        for (size_t i = 1; i < old.n; i++) {
            if (old.r[i - 1].hi + 1 == old.r[i].lo) continue;
            bad |= add_range(c, l, old.r[i - 1].hi + 1, old.r[i].lo - 1);
        }
        if (old.r[old.n - 1].hi < UINT64_MAX) bad |= add_range(c, l, old.r[old.n - 1].hi + 1, UINT64_MAX);
        sk_free(c->a, old.r);
        if (bad) return list_error(c, "memory exhausted");
    }
    return 0;
}

/* Is item k (1-based) selected?  *at walks forward through the ranges. */
static int selected(const cut_list *l, size_t *at, uint64_t k)
{
    while (*at < l->n && l->r[*at].hi < k) (*at)++;
    return *at < l->n && l->r[*at].lo <= k;
}

typedef struct cut_opts {
    int mode;               /* 'b' or 'f' */
    int delim;              /* field delimiter byte */
    int line_delim;
    int suppress;
    const char *odelim;
    size_t odelim_len;
    int odelim_set;
} cut_opts;

static int cut_bytes_line(sk_cmd *c, const cut_list *l, const cut_opts *op, const char *p, size_t n)
{
    size_t at = 0;
    int print_delim = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t k = i + 1;
        if (!selected(l, &at, k)) {
            if (at >= l->n) break;
            continue;
        }
        if (op->odelim_set) {
            if (print_delim && l->r[at].lo == k) sk_out_write(&c->out, op->odelim, op->odelim_len);
            print_delim = 1;
        }
        /* copy the rest of this range at once */
        uint64_t end = l->r[at].hi < (uint64_t)n ? l->r[at].hi : (uint64_t)n;
        if (sk_out_write(&c->out, p + i, (size_t)(end - i))) return -1;
        i = (size_t)end - 1;
    }
    return sk_out_putc(&c->out, op->line_delim);
}

static int cut_fields_line(sk_cmd *c, const cut_list *l, const cut_opts *op, const char *p, size_t n)
{
    const char *d = memchr(p, op->delim, n);
    if (!d) {
        if (op->suppress) return 0;
        if (n && sk_out_write(&c->out, p, n)) return -1;
        return sk_out_putc(&c->out, op->line_delim);
    }
    size_t at = 0;
    int any = 0;
    uint64_t k = 1;
    size_t i = 0;
    for (;;) {
        const char *e = memchr(p + i, op->delim, n - i);
        size_t end = e ? (size_t)(e - p) : n;
        if (selected(l, &at, k)) {
            if (any) sk_out_write(&c->out, op->odelim, op->odelim_len);
            any = 1;
            if (end > i && sk_out_write(&c->out, p + i, end - i)) return -1;
        } else if (at >= l->n) {
            break;
        }
        if (!e) break;
        i = end + 1;
        k++;
    }
    return sk_out_putc(&c->out, op->line_delim);
}

int cmd_cut(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_COMPLEMENT = 0x100, OPT_ODELIM };
    static const cmd_longopt longs[] = {
        { "bytes", 1, 'b' }, { "characters", 1, 'c' }, { "delimiter", 1, 'd' },
        { "fields", 1, 'f' }, { "complement", 0, OPT_COMPLEMENT }, { "only-delimited", 0, 's' },
        { "output-delimiter", 1, OPT_ODELIM }, { "zero-terminated", 0, 'z' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    cut_opts op;
    memset(&op, 0, sizeof op);
    op.delim = -1;
    op.line_delim = '\n';
    const char *list = NULL;
    int complement = 0, status = 0;
    cut_list l = { 0 };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "b:c:d:f:nsz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': case 'c': case 'f':
            if (op.mode) { status = list_error(c, "only one list may be specified"); goto done; }
            op.mode = ch == 'f' ? 'f' : 'b';
            list = o.arg;
            break;
        case 'd':
            if (o.arg[0] && o.arg[1]) { status = list_error(c, "the delimiter must be a single character"); goto done; }
            op.delim = (unsigned char)o.arg[0];
            break;
        case 'n': break;
        case 's': op.suppress = 1; break;
        case 'z': op.line_delim = 0; break;
        case OPT_COMPLEMENT: complement = 1; break;
        case OPT_ODELIM:
            op.odelim = o.arg;
            op.odelim_len = strlen(o.arg);
            /* an empty string means NUL, as in GNU */
            if (!op.odelim_len) op.odelim_len = 1;
            op.odelim_set = 1;
            break;
        case TXT_OPT_HELP: status = txt_help(c, cut_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (!op.mode) { status = list_error(c, "you must specify a list of bytes, characters, or fields"); goto done; }
    if (op.mode == 'b' && op.delim >= 0) {
        status = list_error(c, "an input delimiter may be specified only when operating on fields");
        goto done;
    }
    if (op.mode == 'b' && op.suppress) {
        status = list_error(c, "suppressing non-delimited lines makes sense\n\tonly when operating on fields");
        goto done;
    }
    if ((status = parse_list(c, list, op.mode == 'b', complement, &l))) goto done;
    if (op.delim < 0) op.delim = '\t';
    char dch = (char)op.delim;
    if (!op.odelim_set) {
        op.odelim = &dch;
        op.odelim_len = 1;
    } else if (!op.odelim[0]) {
        op.odelim = "";   /* with length 1: the NUL byte */
    }

    char **files;
    int nfiles = txt_files(&o, &files);
    sk_buf line = SK_BUF_INIT(c->a);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) { status = txt_error_path(c, files[i], r); continue; }
        if (op.mode == 'f' && op.delim == op.line_delim) {
            /* the whole input is one record whose fields are its lines */
            sk_buf all = SK_BUF_INIT(c->a);
            r = sk_in_read_all(&in, &all, 0);
            if (!r && all.len) {
                size_t n = all.len;
                if (all.p[n - 1] == op.line_delim) n--;
                cut_fields_line(c, &l, &op, all.p, n);
            }
            sk_buf_free(&all);
        } else {
            while ((r = sk_in_getline(&in, &line, op.line_delim)) > 0) {
                size_t n = line.len;
                if (n && line.p[n - 1] == (char)op.line_delim) n--;
                int w = op.mode == 'b' ? cut_bytes_line(c, &l, &op, line.p, n)
                                       : cut_fields_line(c, &l, &op, line.p, n);
                if (w) break;
            }
        }
        cmd_close_input(c, &in);
        if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "%s: read error", files[i]);
    }
    sk_buf_free(&line);
done:
    cmd_opts_free(&o, c);
    sk_free(c->a, l.r);
    return status;
}
