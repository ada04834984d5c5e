/* pr.c — pr: paginate files for printing (GNU coreutils, the common
 * subset): 66-line pages with a 5-line header ("DATE  FILE  Page N") and
 * a 5-line trailer, -l LINES, -w WIDTH, -t/-T, -h HEADER, -D FORMAT
 * (%Y %m %d %H %M %S %y %b %e %a), -n, -d, -o MARGIN, -f/-F, +FIRST[:LAST],
 * -COLUMNS (down, balanced on the last page) and -a (across), -s[CHAR],
 * -m (merge).  Column gaps are written with tabs as GNU pr does.  Dates
 * are UTC: the file's mtime, or the run's clock for standard input. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "fs/vfs.h"
#include "text.h"

SK_CMD("pr", cmd_pr, "pr [-COLUMNS] [-l LINES] [-w WIDTH] [-t] [-h HEADER] [-n] [-d] [FILE]...: paginate text with headers");

static const char pr_usage[] =
    "Usage: pr [OPTION]... [FILE]...\n"
    "Paginate or columnate FILE(s) for printing.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "  +FIRST_PAGE[:LAST_PAGE]  begin [stop] printing with page FIRST_[LAST_]PAGE\n"
    "  -COLUMN                  output COLUMN columns and print columns down\n"
    "  -a, --across             print columns across rather than down\n"
    "  -d, --double-space       double space the output\n"
    "  -D, --date-format=FORMAT  use FORMAT for the header date\n"
    "  -f, -F, --form-feed      use form feeds instead of newlines to separate pages\n"
    "  -h, --header=HEADER      use a centered HEADER instead of filename in page header\n"
    "  -l, --length=PAGE_LENGTH  set the page length to PAGE_LENGTH (66) lines\n"
    "  -m, --merge              print all files in parallel, one in each column\n"
    "  -n, --number-lines       number lines\n"
    "  -o, --indent=MARGIN      offset each line with MARGIN (zero) spaces\n"
    "  -s[CHAR], --separator[=CHAR]  separate columns by a single character\n"
    "  -t, --omit-header        omit page headers and trailers\n"
    "  -T, --omit-pagination    omit page headers and trailers, eliminate any\n"
    "                             pagination by form feeds set in input files\n"
    "  -w, --width=PAGE_WIDTH   set page width to PAGE_WIDTH (72) characters\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct pr_opts {
    int columns, across, dbl, number, merge, formfeed, omit;
    int length, width, margin;
    int sep;                  /* -1: none given (pad with white space) */
    const char *header, *datefmt;
    long first, last;
} pr_opts;

typedef struct pr_out {
    sk_out *o;
    int pos;                  /* output column */
    int pending;              /* spaces not yet printed */
} pr_out;

static void flush_white(pr_out *w)
{
    int h = w->pos, goal = w->pos + w->pending;
    while (goal - h > 1 && (h / 8 + 1) * 8 <= goal) {
        sk_out_putc(w->o, '\t');
        h = (h / 8 + 1) * 8;
    }
    while (++h <= goal) sk_out_putc(w->o, ' ');
    w->pos = goal;
    w->pending = 0;
}

static void put_text(pr_out *w, const char *p, size_t n)
{
    flush_white(w);
    sk_out_write(w->o, p, n);
    for (size_t i = 0; i < n; i++) w->pos = p[i] == '\t' ? (w->pos / 8 + 1) * 8 : w->pos + 1;
}

static void newline(pr_out *w)
{
    sk_out_putc(w->o, '\n');
    w->pos = 0;
    w->pending = 0;
}

/* Civil date from seconds since the epoch (UTC). */
static void format_date(const char *fmt, long long secs, char *out, size_t cap)
{
    long long days = secs / 86400, rem = secs % 86400;
    if (rem < 0) { rem += 86400; days--; }
    int hh = (int)(rem / 3600), mi = (int)(rem % 3600 / 60), ss = (int)(rem % 60);
    long long z = days + 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long y = yoe + era * 400;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1);
    int m = (int)(mp < 10 ? mp + 3 : mp - 9);
    if (m <= 2) y++;
    int wday = (int)((days % 7 + 11) % 7);   /* 1970-01-01 was a Thursday */
    static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    static const char *const wd[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
    size_t k = 0;
    for (const char *p = fmt; *p && k + 24 < cap; p++) {
        if (*p != '%' || !p[1]) { out[k++] = *p; continue; }
        p++;
        switch (*p) {
        case 'Y': k += (size_t)snprintf(out + k, cap - k, "%lld", y); break;
        case 'y': k += (size_t)snprintf(out + k, cap - k, "%02lld", ((y % 100) + 100) % 100); break;
        case 'm': k += (size_t)snprintf(out + k, cap - k, "%02d", m); break;
        case 'd': k += (size_t)snprintf(out + k, cap - k, "%02d", d); break;
        case 'e': k += (size_t)snprintf(out + k, cap - k, "%2d", d); break;
        case 'H': k += (size_t)snprintf(out + k, cap - k, "%02d", hh); break;
        case 'M': k += (size_t)snprintf(out + k, cap - k, "%02d", mi); break;
        case 'S': k += (size_t)snprintf(out + k, cap - k, "%02d", ss); break;
        case 'b': case 'h': k += (size_t)snprintf(out + k, cap - k, "%s", mon[m - 1]); break;
        case 'a': k += (size_t)snprintf(out + k, cap - k, "%s", wd[wday]); break;
        case 'F': k += (size_t)snprintf(out + k, cap - k, "%lld-%02d-%02d", y, m, d); break;
        case 'T': k += (size_t)snprintf(out + k, cap - k, "%02d:%02d:%02d", hh, mi, ss); break;
        case '%': out[k++] = '%'; break;
        default: out[k++] = '%'; out[k++] = *p; break;
        }
    }
    out[k] = 0;
}

typedef struct pr_line {
    const char *p;
    size_t n;
} pr_line;

typedef struct pr_doc {
    pr_line *l;
    size_t n;
} pr_doc;

static void print_header(pr_out *w, const pr_opts *op, const char *date, const char *file, long page)
{
    char pt[32];
    snprintf(pt, sizeof pt, "Page %ld", page);
    int avail = op->width - (int)strlen(date) - (int)strlen(file) - (int)strlen(pt);
    if (avail < 0) avail = 0;
    int lhs = avail >> 1, rhs = avail - lhs;
    sk_out_puts(w->o, "\n\n");
    sk_out_printf(w->o, "%*s%s%*s%s%*s%s\n\n\n", op->margin, "", date, lhs, " ", file, rhs, " ", pt);
    w->pos = 0;
}

/* Print one text line in a cell of width cw at column start col. */
static void put_cell(pr_out *w, const pr_opts *op, const pr_line *l, int col_start, int cw, long *lineno, int first)
{
    if (op->sep < 0 && w->pos + w->pending < col_start) w->pending = col_start - w->pos;
    if (!first && op->sep >= 0) {
        flush_white(w);
        sk_out_putc(w->o, op->sep);
        w->pos++;
    }
    if (op->number) {
        char num[32];
        snprintf(num, sizeof num, "%5ld", ++*lineno);
        put_text(w, num, strlen(num));
        put_text(w, "\t", 1);
    }
    if (!l) return;
    size_t n = l->n;
    if (op->columns > 1 && op->sep < 0 && cw > 0) {
        /* truncate to the column width */
        int pos = 0;
        size_t k = 0;
        for (; k < n; k++) {
            int np = l->p[k] == '\t' ? (pos / 8 + 1) * 8 : pos + 1;
            if (np > cw) break;
            pos = np;
        }
        n = k;
    }
    put_text(w, l->p, n);
}

static int pr_pages(sk_cmd *c, const pr_opts *op, pr_doc *docs, int ndocs, const char *file, const char *date)
{
    pr_out w = { &c->out, 0, 0 };
    int headers = !op->omit && op->length > 10;
    int body = headers ? op->length - 10 : op->length;
    if (body <= 0) body = 1;
    int rows_per_page = op->dbl ? (body + 1) / 2 : body;
    int cols = op->merge ? ndocs : op->columns;
    int cw = (op->width - op->margin - (cols - 1) * 1) / cols;
    if (op->number && cols > 1) cw -= 6;
    long page = 0, lineno = 0;
    size_t total = 0;
    for (int d = 0; d < ndocs; d++)
        if (docs[d].n > total) total = docs[d].n;
    if (!op->merge) total = docs[0].n;
    size_t at = 0;
    while (at < total) {
        page++;
        size_t per_page = op->merge ? (size_t)rows_per_page : (size_t)rows_per_page * (size_t)cols;
        size_t take = total - at < per_page ? total - at : per_page;
        int rows;
        size_t base = 0, extra = 0;
        if (op->merge || cols == 1) rows = (int)take;
        else if (op->across) rows = (int)((take + (size_t)cols - 1) / (size_t)cols);
        else {
            base = take / (size_t)cols;
            extra = take % (size_t)cols;
            rows = (int)(base + (extra ? 1 : 0));
            if (take == per_page) { base = (size_t)rows_per_page; extra = 0; rows = rows_per_page; }
        }
        int show = page >= op->first && (op->last == 0 || page <= op->last);
        if (show && headers) print_header(&w, op, date, file, page);
        for (int r = 0; r < rows && show; r++) {
            w.pos = 0;
            w.pending = op->margin;
            for (int k = 0; k < cols; k++) {
                const pr_line *l = NULL;
                if (op->merge) {
                    if (at + (size_t)r < docs[k].n) l = &docs[k].l[at + (size_t)r];
                } else if (cols == 1) {
                    l = &docs[0].l[at + (size_t)r];
                } else if (op->across) {
                    size_t idx = at + (size_t)r * (size_t)cols + (size_t)k;
                    if (idx < at + take) l = &docs[0].l[idx];
                } else {
                    /* column k holds base (+1 for the first `extra`) lines */
                    size_t start = 0;
                    for (int j = 0; j < k; j++) start += base + ((size_t)j < extra ? 1 : 0);
                    size_t len = base + ((size_t)k < extra ? 1 : 0);
                    if ((size_t)r < len) l = &docs[0].l[at + start + (size_t)r];
                }
                if (!l && !op->merge) continue;
                int col_start = op->margin + k * (cw + 1 + (op->number && cols > 1 ? 6 : 0));
                if (op->merge && !l) {
                    /* merged columns keep their place even when a file ended */
                    if (k == 0 || op->sep >= 0) put_cell(&w, op, NULL, col_start, cw, &lineno, k == 0);
                    continue;
                }
                put_cell(&w, op, l, col_start, cw, &lineno, k == 0);
            }
            newline(&w);
            if (op->dbl) newline(&w);
        }
        if (show && headers) {
            int used = op->dbl ? rows * 2 : rows;
            if (op->formfeed) sk_out_putc(w.o, '\f');
            else for (int k = used; k < body + 5; k++) sk_out_putc(w.o, '\n');
        } else if (show && op->formfeed && !op->omit) {
            sk_out_putc(w.o, '\f');
        }
        at += take;
        if (cmd_out_failed(c) || cmd_aborted(c)) break;
    }
    return 0;
}

static int load_doc(sk_cmd *c, const char *name, sk_buf *buf, pr_doc *doc)
{
    int r = cmd_read_all(c, name, buf);
    if (r) return r;
    size_t cnt = 0;
    for (size_t i = 0; i < buf->len; i++) cnt += buf->p[i] == '\n';
    if (buf->len && buf->p[buf->len - 1] != '\n') cnt++;
    doc->l = sk_calloc(c->a, cnt + 1, sizeof *doc->l);
    if (!doc->l) return SK_NOMEM;
    doc->n = 0;
    for (size_t i = 0, s = 0; i < buf->len; i++) {
        if (buf->p[i] == '\n' || i + 1 == buf->len) {
            size_t e = buf->p[i] == '\n' ? i : i + 1;
            doc->l[doc->n].p = buf->p + s;
            doc->l[doc->n].n = e - s;
            doc->n++;
            s = i + 1;
        }
    }
    return 0;
}

int cmd_pr(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "across", 0, 'a' }, { "double-space", 0, 'd' }, { "date-format", 1, 'D' }, { "form-feed", 0, 'f' },
        { "header", 1, 'h' }, { "length", 1, 'l' }, { "merge", 0, 'm' }, { "number-lines", 2, 'n' },
        { "indent", 1, 'o' }, { "separator", 2, 's' }, { "omit-header", 0, 't' },
        { "omit-pagination", 0, 'T' }, { "width", 1, 'w' }, { "page-width", 1, 'W' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    pr_opts op;
    memset(&op, 0, sizeof op);
    op.columns = 1;
    op.length = 66;
    op.width = 72;
    op.sep = -1;
    op.first = 1;
    op.datefmt = "%Y-%m-%d %H:%M";
    int status = 0;
    /* +FIRST[:LAST] and -COLUMNS */
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (i > 0 && s[0] == '+' && isdigit((unsigned char)s[1])) {
            char *e;
            op.first = strtol(s + 1, &e, 10);
            if (*e == ':') op.last = strtol(e + 1, &e, 10);
            if (*e || op.first < 1) {
                status = cmd_error(c, "invalid page range '%s'", s + 1);
                goto done_early;
            }
            continue;
        }
        if (i > 0 && s[0] == '-' && isdigit((unsigned char)s[1]) && strspn(s + 1, "0123456789") == strlen(s + 1)) {
            op.columns = atoi(s + 1);
            if (op.columns < 1) {
                status = cmd_error(c, "invalid number of columns: '%s'", s + 1);
                goto done_early;
            }
            continue;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    cmd_opts o;
    cmd_opts_init(&o, nargs, args, "adD:fFh:l:mn::o:s::tTw:W:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': op.across = 1; break;
        case 'd': op.dbl = 1; break;
        case 'D': op.datefmt = o.arg; break;
        case 'f': case 'F': op.formfeed = 1; break;
        case 'h': op.header = o.arg; break;
        case 'l': case 'w': case 'W': case 'o': {
            char *e;
            long v = strtol(o.arg, &e, 10);
            if (e == o.arg || *e || v < (ch == 'o' ? 0 : 1) || v > 100000) {
                cmd_error(c, "%s: '%s'", ch == 'l' ? "'-l PAGE_LENGTH' invalid number of lines"
                                        : ch == 'o' ? "'-o MARGIN' invalid line offset"
                                        : ch == 'w' ? "'-w PAGE_WIDTH' invalid number of characters"
                                                    : "'-W PAGE_WIDTH' invalid number of characters", o.arg);
                status = 1;
                goto done;
            }
            if (ch == 'l') op.length = (int)v;
            else if (ch == 'o') op.margin = (int)v;
            else op.width = (int)v;
            break;
        }
        case 'm': op.merge = 1; break;
        case 'n': op.number = 1; break;
        case 's': op.sep = o.arg && o.arg[0] ? (unsigned char)o.arg[0] : '\t'; break;
        case 't': op.omit = 1; break;
        case 'T': op.omit = 1; break;
        case TXT_OPT_HELP: status = txt_help(c, pr_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (op.merge && op.columns > 1) {
        cmd_error(c, "cannot specify number of columns when printing in parallel");
        txt_try_help(c);
        status = 1;
        goto done;
    }
    if (op.across && op.columns == 1) op.across = 0;
    char **files;
    int nfiles = txt_files(&o, &files);
    if (op.merge) {
        pr_doc *docs = sk_calloc(c->a, (size_t)nfiles, sizeof *docs);
        sk_buf *bufs = sk_calloc(c->a, (size_t)nfiles, sizeof *bufs);
        int nd = 0;
        if (!docs || !bufs) { status = cmd_error(c, "memory exhausted"); goto merged_out; }
        for (int i = 0; i < nfiles; i++) {
            sk_buf_init(&bufs[nd], c->a);
            int r = load_doc(c, files[i], &bufs[nd], &docs[nd]);
            if (r) { status = txt_error_path(c, files[i], r); sk_buf_free(&bufs[nd]); continue; }
            nd++;
        }
        if (nd) {
            char date[128];
            format_date(op.datefmt, cmd_now_ns(c) / 1000000000, date, sizeof date);
            pr_pages(c, &op, docs, nd, op.header ? op.header : "", date);
        }
    merged_out:
        for (int i = 0; docs && bufs && i < nd; i++) {
            sk_free(c->a, docs[i].l);
            sk_buf_free(&bufs[i]);
        }
        sk_free(c->a, docs);
        sk_free(c->a, bufs);
        goto done;
    }
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_buf buf = SK_BUF_INIT(c->a);
        pr_doc doc = { NULL, 0 };
        int r = load_doc(c, files[i], &buf, &doc);
        if (r) {
            status = txt_error_path(c, files[i], r);
        } else if (doc.n) {
            long long secs = cmd_now_ns(c) / 1000000000;
            if (strcmp(files[i], "-")) {
                sk_stat stt;
                if (!sk_vfs_stat(c->vfs, c->cwd, files[i], &stt)) secs = stt.mtime_ns / 1000000000;
            }
            char date[128];
            format_date(op.datefmt, secs, date, sizeof date);
            const char *name = op.header ? op.header : strcmp(files[i], "-") ? files[i] : "";
            pr_pages(c, &op, &doc, 1, name, date);
        }
        sk_free(c->a, doc.l);
        sk_buf_free(&buf);
    }
done:
    cmd_opts_free(&o, c);
done_early:
    sk_free(c->a, args);
    return status;
}
