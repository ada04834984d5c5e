/* column.c — column (util-linux 2.38): columnate lists.
 *
 * Fill mode (default, or -x by rows) lays entries out in tab-separated
 * columns for an output width from -c, else $COLUMNS, else 80.  Table
 * mode (-t) splits lines at -s characters (default: runs of blanks) and
 * pads with -o (default two spaces); -N names, -d, -R right alignment,
 * -H hiding, -O order, -l column limit, -L empty lines.  Widths are UTF-8
 * display widths.  Reads the whole input (layout needs every width). */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("column", cmd_column, "column [-t] [-s SEP] [-o SEP] [-c WIDTH] [-x] [-N NAMES] [FILE]...: columnate lists or tables");

static const char column_usage[] =
    "\n"
    "Usage:\n"
    " column [options] [<file>...]\n"
    "\n"
    "Columnate lists.\n"
    "\n"
    "Options:\n"
    " -t, --table                      create a table\n"
    " -n, --table-name <name>          table name for JSON output\n"
    " -O, --table-order <columns>      specify order of output columns\n"
    " -N, --table-columns <names>      comma separated columns names\n"
    " -l, --table-columns-limit <num>  maximal number of input columns\n"
    " -d, --table-noheadings           don't print header\n"
    " -H, --table-hide <columns>       don't print the columns\n"
    " -R, --table-right <columns>      right align text in these columns\n"
    " -L, --keep-empty-lines           don't ignore empty lines\n"
    "\n"
    " -c, --output-width <width>       width of output in number of characters\n"
    " -o, --output-separator <string>  columns separator for table output (default is two spaces)\n"
    " -s, --separator <string>         possible table delimiters\n"
    " -x, --fillrows                   fill rows before columns\n"
    "\n"
    " -h, --help                       display this help\n"
    " -V, --version                    display version\n";

typedef struct cell {
    const char *p;
    size_t len;
} cell;

typedef struct row {
    cell *cells;
    size_t n;
} row;

static size_t str_width(const char *p, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        int32_t cp;
        int used = txt_utf8_decode((const unsigned char *)p + i, n - i, &cp);
        if (cp < 0) w++;
        else {
            int cw = txt_wcwidth(cp);
            if (cw > 0) w += (size_t)cw;
        }
        i += (size_t)used;
    }
    return w;
}

static int is_sep(const char *seps, unsigned char ch)
{
    return ch && strchr(seps, ch) != NULL;
}

/* Column list "1,3,name": mark[i] set for matching columns. */
static int parse_cols(sk_cmd *c, const char *spec, char **names, size_t nnames, unsigned char *mark, size_t ncols,
                      size_t *order, size_t *norder)
{
    const char *s = spec;
    while (*s) {
        size_t len = strcspn(s, ",");
        size_t idx = SIZE_MAX;
        char *end;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s + len && len && v >= 1) idx = v - 1;
        else {
            for (size_t i = 0; i < nnames; i++)
                if (strlen(names[i]) == len && !memcmp(names[i], s, len)) idx = i;
        }
        if (idx == SIZE_MAX) {
            cmd_error(c, "undefined column name '%.*s'", (int)len, s);
            return 1;
        }
        if (idx < ncols) {
            if (mark) mark[idx] = 1;
            if (order) order[(*norder)++] = idx;
        }
        s += len;
        if (*s == ',') s++;
    }
    return 0;
}

static void put_spaces(sk_cmd *c, size_t n)
{
    static const char sp[] = "                                ";
    while (n) {
        size_t k = n < sizeof sp - 1 ? n : sizeof sp - 1;
        sk_out_write(&c->out, sp, k);
        n -= k;
    }
}

typedef struct column_opts {
    int table, fillrows, keep_empty, noheadings;
    const char *seps;     /* NULL: blanks, greedy */
    const char *osep;
    size_t width;
    const char *names, *right, *hide, *order;
    size_t limit;
} column_opts;

static int do_table(sk_cmd *c, const column_opts *op, char **lines, size_t *lens, size_t nlines)
{
    int status = 0;
    row *rows = sk_calloc(c->a, nlines + 1, sizeof *rows);
    char **names = NULL;
    size_t nnames = 0;
    size_t *widths = NULL, *order = NULL;
    unsigned char *right = NULL, *hide = NULL;
    char *namebuf = NULL;
    if (!rows) return cmd_error(c, "memory exhausted");
    size_t nrows = 0, ncols = 0;
    if (op->names) {
        namebuf = sk_strdup(c->a, op->names);
        if (!namebuf) { status = cmd_error(c, "memory exhausted"); goto out; }
        size_t cnt = 1;
        for (char *p = namebuf; *p; p++) cnt += *p == ',';
        names = sk_calloc(c->a, cnt, sizeof *names);
        if (!names) { status = cmd_error(c, "memory exhausted"); goto out; }
        char *p = namebuf;
        for (;;) {
            names[nnames++] = p;
            char *comma = strchr(p, ',');
            if (!comma) break;
            *comma = 0;
            p = comma + 1;
        }
        ncols = nnames;
    }
    for (size_t li = 0; li < nlines; li++) {
        const char *p = lines[li], *end = p + lens[li];
        size_t cap = 4, n = 0;
        cell *cells = sk_malloc(c->a, cap * sizeof *cells);
        if (!cells) { status = cmd_error(c, "memory exhausted"); goto out; }
        if (!op->seps) {
            /* greedy: runs of blanks separate, leading/trailing ignored */
            const char *q = p;
            while (q < end) {
                while (q < end && (*q == ' ' || *q == '\t')) q++;
                if (q >= end) break;
                const char *s = q;
                if (op->limit && n + 1 == op->limit) {
                    q = end;
                } else {
                    while (q < end && *q != ' ' && *q != '\t') q++;
                }
                if (n == cap) {
                    cell *nc = sk_realloc(c->a, cells, cap * 2 * sizeof *nc);
                    if (!nc) { sk_free(c->a, cells); status = cmd_error(c, "memory exhausted"); goto out; }
                    cells = nc;
                    cap *= 2;
                }
                cells[n].p = s;
                cells[n].len = (size_t)(q - s);
                n++;
            }
        } else if (p < end) {
            const char *s = p;
            for (const char *q = p;; q++) {
                int at_end = q == end;
                int split = !at_end && is_sep(op->seps, (unsigned char)*q) && !(op->limit && n + 1 == op->limit);
                if (!at_end && !split) continue;
                if (n == cap) {
                    cell *nc = sk_realloc(c->a, cells, cap * 2 * sizeof *nc);
                    if (!nc) { sk_free(c->a, cells); status = cmd_error(c, "memory exhausted"); goto out; }
                    cells = nc;
                    cap *= 2;
                }
                cells[n].p = s;
                cells[n].len = (size_t)(q - s);
                n++;
                if (at_end) break;
                s = q + 1;
            }
        }
        if (n == 0 && !op->keep_empty) {
            sk_free(c->a, cells);
            continue;
        }
        rows[nrows].cells = cells;
        rows[nrows].n = n;
        nrows++;
        if (n > ncols) ncols = n;
    }
    if (ncols == 0) goto out;
    widths = sk_calloc(c->a, ncols, sizeof *widths);
    right = sk_calloc(c->a, ncols, 1);
    hide = sk_calloc(c->a, ncols, 1);
    order = sk_calloc(c->a, ncols + 1, sizeof *order);
    if (!widths || !right || !hide || !order) { status = cmd_error(c, "memory exhausted"); goto out; }
    if (op->right && parse_cols(c, op->right, names, nnames, right, ncols, NULL, NULL)) { status = 1; goto out; }
    if (op->hide && parse_cols(c, op->hide, names, nnames, hide, ncols, NULL, NULL)) { status = 1; goto out; }
    size_t norder = 0;
    if (op->order) {
        /* named columns first in the given order, then the rest */
        size_t *tmp = sk_calloc(c->a, ncols * 4 + 4, sizeof *tmp);
        if (!tmp) { status = cmd_error(c, "memory exhausted"); goto out; }
        size_t nt = 0;
        if (parse_cols(c, op->order, names, nnames, NULL, ncols, tmp, &nt)) { sk_free(c->a, tmp); status = 1; goto out; }
        for (size_t i = 0; i < nt; i++) {
            int dup = 0;
            for (size_t j = 0; j < norder; j++) dup |= order[j] == tmp[i];
            if (!dup && norder < ncols) order[norder++] = tmp[i];
        }
        sk_free(c->a, tmp);
    }
    for (size_t i = 0; i < ncols; i++) {
        int dup = 0;
        for (size_t j = 0; j < norder; j++) dup |= order[j] == i;
        if (!dup) order[norder++] = i;
    }
    int header = names && !op->noheadings;
    for (size_t i = 0; i < ncols; i++) {
        if (names && i < nnames) {   /* counted even with -d, as libsmartcols does */
            size_t w = str_width(names[i], strlen(names[i]));
            if (w > widths[i]) widths[i] = w;
        }
        for (size_t r = 0; r < nrows; r++)
            if (i < rows[r].n) {
                size_t w = str_width(rows[r].cells[i].p, rows[r].cells[i].len);
                if (w > widths[i]) widths[i] = w;
            }
    }
    size_t last = SIZE_MAX;
    for (size_t k = 0; k < norder; k++)
        if (!hide[order[k]]) last = k;
    for (size_t r = header ? (size_t)-1 : 0; r == (size_t)-1 || r < nrows; r++) {
        for (size_t k = 0; k < norder && last != SIZE_MAX; k++) {
            size_t i = order[k];
            if (hide[i]) continue;
            const char *p = "";
            size_t len = 0;
            if (r == (size_t)-1) {
                if (i < nnames) { p = names[i]; len = strlen(names[i]); }
            } else if (i < rows[r].n) {
                p = rows[r].cells[i].p;
                len = rows[r].cells[i].len;
            }
            size_t w = str_width(p, len);
            size_t pad = widths[i] > w ? widths[i] - w : 0;
            if (right[i]) put_spaces(c, pad);
            if (len) sk_out_write(&c->out, p, len);
            if (k == last) break;
            if (!right[i]) put_spaces(c, pad);
            sk_out_puts(&c->out, op->osep);
        }
        sk_out_putc(&c->out, '\n');
        if (cmd_out_failed(c)) break;
    }
out:
    for (size_t r = 0; r < nrows; r++) sk_free(c->a, rows[r].cells);
    sk_free(c->a, rows);
    sk_free(c->a, names);
    sk_free(c->a, namebuf);
    sk_free(c->a, widths);
    sk_free(c->a, right);
    sk_free(c->a, hide);
    sk_free(c->a, order);
    return status;
}

static void put_tabs_to(sk_cmd *c, size_t *chcnt, size_t endcol)
{
    size_t cnt;
    while ((cnt = ((*chcnt + 8) & ~(size_t)7)) <= endcol) {
        sk_out_putc(&c->out, '\t');
        *chcnt = cnt;
    }
}

static void do_fill(sk_cmd *c, const column_opts *op, char **ents, size_t *lens, size_t n)
{
    size_t maxlen = 0;
    for (size_t i = 0; i < n; i++) {
        size_t w = str_width(ents[i], lens[i]);
        if (w > maxlen) maxlen = w;
    }
    if (maxlen >= op->width) {
        for (size_t i = 0; i < n; i++) {
            sk_out_write(&c->out, ents[i], lens[i]);
            sk_out_putc(&c->out, '\n');
        }
        return;
    }
    maxlen = (maxlen + 8) & ~(size_t)7;
    size_t numcols = op->width / maxlen;
    if (!numcols) numcols = 1;
    if (op->fillrows) {
        size_t chcnt = 0, col = 0, endcol = maxlen;
        for (size_t i = 0; i < n; i++) {
            sk_out_write(&c->out, ents[i], lens[i]);
            chcnt += str_width(ents[i], lens[i]);
            if (i + 1 == n) break;
            if (++col == numcols) {
                chcnt = col = 0;
                endcol = maxlen;
                sk_out_putc(&c->out, '\n');
            } else {
                put_tabs_to(c, &chcnt, endcol);
                endcol += maxlen;
            }
        }
        if (chcnt) sk_out_putc(&c->out, '\n');
        return;
    }
    size_t numrows = n / numcols + (n % numcols != 0);
    for (size_t r = 0; r < numrows; r++) {
        size_t endcol = maxlen, chcnt = 0;
        for (size_t base = r, col = 0; col < numcols; col++) {
            sk_out_write(&c->out, ents[base], lens[base]);
            chcnt += str_width(ents[base], lens[base]);
            if ((base += numrows) >= n) break;
            put_tabs_to(c, &chcnt, endcol);
            endcol += maxlen;
        }
        sk_out_putc(&c->out, '\n');
        if (cmd_out_failed(c)) return;
    }
}

int cmd_column(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "table", 0, 't' }, { "table-name", 1, 'n' }, { "table-order", 1, 'O' },
        { "table-columns", 1, 'N' }, { "table-columns-limit", 1, 'l' }, { "table-noextreme", 1, 'E' },
        { "table-noheadings", 0, 'd' }, { "table-header-repeat", 0, 'e' }, { "table-hide", 1, 'H' },
        { "table-right", 1, 'R' }, { "table-truncate", 1, 'T' }, { "table-wrap", 1, 'W' },
        { "keep-empty-lines", 0, 'L' }, { "output-width", 1, 'c' }, { "output-separator", 1, 'o' },
        { "separator", 1, 's' }, { "fillrows", 0, 'x' }, { "help", 0, 'h' }, { "version", 0, 'V' },
        { NULL, 0, 0 },
    };
    column_opts op;
    memset(&op, 0, sizeof op);
    op.osep = "  ";
    op.width = 80;
    for (char *const *e = c->envp; e && *e; e++) {
        if (!strncmp(*e, "COLUMNS=", 8)) {
            char *end;
            unsigned long v = strtoul(*e + 8, &end, 10);
            if (end != *e + 8 && !*end && v > 0) op.width = v;
        }
    }
    int status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "tn:O:N:l:E:deH:R:T:W:Lc:o:s:xhVJr:i:p:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 't': op.table = 1; break;
        case 'n': case 'E': case 'e': case 'T': case 'W': break;
        case 'O': op.order = o.arg; break;
        case 'N': op.names = o.arg; break;
        case 'l': {
            char *end;
            unsigned long v = strtoul(o.arg, &end, 10);
            if (end == o.arg || *end) {
                cmd_error(c, "invalid columns limit argument: '%s'", o.arg);
                status = 1;
                goto done;
            }
            op.limit = v;
            break;
        }
        case 'd': op.noheadings = 1; break;
        case 'H': op.hide = o.arg; break;
        case 'R': op.right = o.arg; break;
        case 'L': op.keep_empty = 1; break;
        case 'c': {
            char *end;
            unsigned long v = strtoul(o.arg, &end, 10);
            if (end == o.arg || *end) {
                cmd_error(c, "invalid columns argument: '%s'", o.arg);
                status = 1;
                goto done;
            }
            op.width = v;
            break;
        }
        case 'o': op.osep = o.arg; break;
        case 's': op.seps = o.arg; break;
        case 'x': op.fillrows = 1; break;
        case 'J': case 'r': case 'i': case 'p':
            cmd_error(c, "option '-%c' is not supported", ch);
            status = 1;
            goto done;
        case 'h': status = txt_help(c, column_usage); goto done;
        case 'V': sk_out_puts(&c->out, "column from util-linux 2.38.1\n"); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    char **files;
    int nfiles = txt_files(&o, &files);
    sk_buf all = SK_BUF_INIT(c->a);
    for (int i = 0; i < nfiles; i++) {
        size_t before = all.len;
        int r = cmd_read_all(c, files[i], &all);
        if (r) {
            cmd_error(c, "%s: %s", files[i], sk_status_message(r));
            status = 1;
            continue;
        }
        if (all.len > before && all.p[all.len - 1] != '\n' && sk_buf_putc(&all, '\n')) {
            status = cmd_error(c, "memory exhausted");
            break;
        }
    }
    /* split into entries */
    size_t n = 0;
    for (size_t i = 0; i < all.len; i++) n += all.p[i] == '\n';
    char **ents = sk_calloc(c->a, n + 1, sizeof *ents);
    size_t *lens = sk_calloc(c->a, n + 1, sizeof *lens);
    if (!ents || !lens) {
        status = cmd_error(c, "memory exhausted");
    } else {
        size_t k = 0, start = 0;
        for (size_t i = 0; i < all.len; i++) {
            if (all.p[i] != '\n') continue;
            const char *p = all.p + start;
            size_t len = i - start;
            start = i + 1;
            if (!op.table) {
                size_t j = 0;
                while (j < len && (p[j] == ' ' || p[j] == '\t' || p[j] == '\r' || p[j] == '\v' || p[j] == '\f')) j++;
                if (j == len && !op.keep_empty) continue;
            }
            ents[k] = (char *)p;
            lens[k] = len;
            k++;
        }
        if (op.table) status |= do_table(c, &op, ents, lens, k);
        else if (k) do_fill(c, &op, ents, lens, k);
    }
    sk_free(c->a, ents);
    sk_free(c->a, lens);
    sk_buf_free(&all);
done:
    cmd_opts_free(&o, c);
    return status;
}
