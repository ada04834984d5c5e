/* csplit.c — csplit: split a file at line numbers and regex matches
 * (GNU coreutils): N, /REGEX/[+-OFF], %REGEX%[+-OFF], {N} and {*}
 * repeats, -f PREFIX, -b FORMAT, -n DIGITS, -k, -s, -z.  Prints each
 * piece's size unless -s; on an error the pieces are removed unless -k.
 * Regexes are POSIX basic through the text regex shim. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "fs/vfs.h"
#include "text.h"

SK_CMD("csplit", cmd_csplit, "csplit [-f PREFIX] [-n DIGITS] [-s] [-k] [-z] FILE PATTERN...: split at line numbers or /REGEX/ matches");

static const char csplit_usage[] =
    "Usage: csplit [OPTION]... FILE PATTERN...\n"
    "Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,\n"
    "and output byte counts of each piece to standard output.\n"
    "\n"
    "Read standard input if FILE is -\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d\n"
    "  -f, --prefix=PREFIX        use PREFIX instead of 'xx'\n"
    "  -k, --keep-files           do not remove output files on errors\n"
    "  -n, --digits=DIGITS        use specified number of digits instead of 2\n"
    "  -s, --quiet, --silent      do not print counts of output file sizes\n"
    "  -z, --elide-empty-files    remove empty output files\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct cpat {
    const char *arg;      /* as given, for messages */
    int is_regex, ignore;
    txt_regex *re;
    long long offset;
    unsigned long long lines;   /* line-number pattern */
    unsigned long long repeat;
    int forever;
} cpat;

typedef struct cline {
    const char *p;
    size_t len;           /* with the newline, if any */
} cline;

typedef struct csplit_state {
    sk_cmd *c;
    const char *prefix;
    char fmt[64];
    int quiet, keep, elide;
    cline *lines;
    size_t nlines;
    size_t next;          /* index of the first line not yet written */
    unsigned long long current;   /* GNU's current_line (1-based, last examined) */
    unsigned files;       /* files created so far */
    sk_buf piece;
    int in_piece;
    char **created;
    size_t ncreated;
} csplit_state;

static int piece_name(csplit_state *st, unsigned k, sk_buf *out)
{
    sk_buf_clear(out);
    sk_buf_puts(out, st->prefix);
    return sk_buf_printf(out, st->fmt, k);
}

static void start_piece(csplit_state *st)
{
    sk_buf_clear(&st->piece);
    st->in_piece = 1;
}

static int close_piece(csplit_state *st)
{
    if (!st->in_piece) return 0;
    st->in_piece = 0;
    if (st->elide && st->piece.len == 0) return 0;
    sk_buf name = SK_BUF_INIT(st->c->a);
    piece_name(st, st->files, &name);
    int r = txt_write_file(st->c, sk_buf_cstr(&name), st->piece.p ? st->piece.p : "", st->piece.len);
    if (r) {
        txt_error_path(st->c, sk_buf_cstr(&name), r);
        sk_buf_free(&name);
        return -1;
    }
    char **nc = sk_realloc(st->c->a, st->created, (st->ncreated + 1) * sizeof *nc);
    if (nc) {
        st->created = nc;
        st->created[st->ncreated++] = sk_buf_take(&name, NULL);
    }
    sk_buf_free(&name);
    st->files++;
    if (!st->quiet) sk_out_printf(&st->c->out, "%zu\n", st->piece.len);
    return 0;
}

/* Move lines [next, upto) (0-based) into the piece, or drop them. */
static void take_lines(csplit_state *st, size_t upto, int ignore)
{
    while (st->next < upto && st->next < st->nlines) {
        if (!ignore) sk_buf_put(&st->piece, st->lines[st->next].p, st->lines[st->next].len);
        st->next++;
    }
}

static void cleanup(csplit_state *st)
{
    if (st->keep) return;
    for (size_t i = 0; i < st->ncreated; i++) sk_vfs_unlink(st->c->vfs, st->c->cwd, st->created[i]);
}

static int line_error(csplit_state *st, const cpat *p, unsigned long long rep)
{
    if (rep) cmd_error(st->c, "'%s': line number out of range on repetition %llu", p->arg, rep);
    else cmd_error(st->c, "'%s': line number out of range", p->arg);
    return -1;
}

static int regexp_error(csplit_state *st, const cpat *p, unsigned long long rep, int ignore)
{
    if (rep) cmd_error(st->c, "'%s': match not found on repetition %llu", p->arg, rep);
    else cmd_error(st->c, "'%s': match not found", p->arg);
    if (!ignore) {
        /* GNU dumps what it has into the current piece before failing */
        take_lines(st, st->nlines, 0);
        close_piece(st);
    }
    return -1;
}

/* Returns 0, 1 (done: rest dumped, stop), or -1 (error). */
static int do_regex(csplit_state *st, const cpat *p, unsigned long long rep)
{
    int ignore = p->ignore;
    if (!ignore) start_piece(st);
    for (;;) {
        unsigned long long ln = ++st->current;   /* 1-based */
        if (ln > st->nlines) {
            if (p->forever) {
                if (!ignore) {
                    take_lines(st, st->nlines, 0);
                    if (close_piece(st)) return -1;
                }
                return 1;
            }
            return regexp_error(st, p, rep, ignore);
        }
        const cline *l = &st->lines[ln - 1];
        size_t len = l->len;
        if (len && l->p[len - 1] == '\n') len--;
        long ov[2];
        int r = txt_regex_exec(p->re, l->p, len, 0, ov, 1);
        if (r < 0) {
            cmd_error(st->c, "error in regular expression search");
            return -1;
        }
        if (r > 0) break;
        if (p->offset >= 0) take_lines(st, (size_t)ln, ignore);
    }
    long long brk = (long long)st->current + p->offset;
    if (brk < 1 || (unsigned long long)brk > st->nlines + 1) return line_error(st, p, rep);
    if ((size_t)brk - 1 < st->next) {
        if (!ignore) close_piece(st);
        cmd_error(st->c, "'%s': line number out of range", p->arg);
        return -1;
    }
    take_lines(st, (size_t)brk - 1, ignore);
    if (!ignore && close_piece(st)) return -1;
    if (p->offset > 0) st->current = (unsigned long long)brk;
    return 0;
}

static int do_lines(csplit_state *st, const cpat *p, unsigned long long rep)
{
    unsigned long long last = p->lines * (rep + 1);
    start_piece(st);
    unsigned long long ln = st->next + 1;
    while (ln++ < last) {
        if (st->next >= st->nlines) {
            close_piece(st);
            return line_error(st, p, rep);
        }
        take_lines(st, st->next + 1, 0);
    }
    if (close_piece(st)) return -1;
    if (st->next >= st->nlines) return line_error(st, p, rep);
    st->current = st->next;
    return 0;
}

/* Parse PATTERN arguments. */
static int parse_patterns(csplit_state *st, char **args, int n, cpat **out, int *nout)
{
    sk_cmd *c = st->c;
    cpat *ps = sk_calloc(c->a, (size_t)n + 1, sizeof *ps);
    if (!ps) return cmd_error(c, "memory exhausted");
    int k = 0;
    unsigned long long last_line = 0;
    for (int i = 0; i < n; i++) {
        const char *a = args[i];
        cpat *p = &ps[k];
        p->arg = a;
        if (a[0] == '/' || a[0] == '%') {
            char delim = a[0];
            const char *end = strrchr(a + 1, delim);
            if (!end) {
                cmd_error(c, "%s: closing delimiter '%c' missing", a, delim);
                goto bad;
            }
            char err[256];
            p->re = txt_regex_compile(c->a, c->lim, a + 1, (size_t)(end - a - 1), TXT_RE_BRE, err, sizeof err);
            if (!p->re) {
                cmd_error(c, "%s: invalid regular expression: %s", a, err);
                goto bad;
            }
            p->is_regex = 1;
            p->ignore = delim == '%';
            if (end[1]) {
                char *e;
                p->offset = strtoll(end + 1, &e, 10);
                if (*e || !(end[1] == '+' || end[1] == '-' || isdigit((unsigned char)end[1]))) {
                    cmd_error(c, "'%s': integer expected after delimiter", a);
                    goto bad;
                }
            }
        } else {
            char *e;
            if (!isdigit((unsigned char)a[0])) {
                cmd_error(c, "'%s': invalid pattern", a);
                goto bad;
            }
            p->lines = strtoull(a, &e, 10);
            if (*e) {
                cmd_error(c, "'%s': invalid pattern", a);
                goto bad;
            }
            if (p->lines == 0) {
                cmd_error(c, "%s: line number must be greater than zero", a);
                goto bad;
            }
            if (p->lines < last_line) {
                cmd_error(c, "line number '%s' is smaller than preceding line number, %llu", a, last_line);
                goto bad;
            }
            if (p->lines == last_line) cmd_error(c, "warning: line number '%s' is the same as preceding line number", a);
            last_line = p->lines;
        }
        if (i + 1 < n && args[i + 1][0] == '{') {
            const char *r = args[i + 1];
            size_t rl = strlen(r);
            if (r[rl - 1] != '}') {
                cmd_error(c, "%s: '}' is required in repeat count", r);
                goto bad;
            }
            if (!strcmp(r, "{*}")) p->forever = 1;
            else {
                char *e;
                p->repeat = strtoull(r + 1, &e, 10);
                if (e == r + 1 || *e != '}') {
                    cmd_error(c, "%s}: integer required between '{' and '}'", r);
                    goto bad;
                }
            }
            i++;
        }
        k++;
    }
    *out = ps;
    *nout = k;
    return 0;
bad:
    for (int j = 0; j <= k; j++) txt_regex_free(ps[j].re);
    sk_free(c->a, ps);
    return 1;
}

int cmd_csplit(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_SUPPRESS = 0x100 };
    static const cmd_longopt longs[] = {
        { "suffix-format", 1, 'b' }, { "prefix", 1, 'f' }, { "keep-files", 0, 'k' },
        { "digits", 1, 'n' }, { "quiet", 0, 's' }, { "silent", 0, 's' },
        { "elide-empty-files", 0, 'z' }, { "suppress-matched", 0, OPT_SUPPRESS },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    csplit_state st;
    memset(&st, 0, sizeof st);
    st.c = c;
    st.prefix = "xx";
    snprintf(st.fmt, sizeof st.fmt, "%%02u");
    sk_buf_init(&st.piece, c->a);
    int status = 0;
    cpat *pats = NULL;
    int npats = 0;
    sk_buf data = SK_BUF_INIT(c->a);
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "b:f:kn:sz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': {
            /* one %d-style conversion (d i u o x X), flags and width allowed */
            const char *pct = strchr(o.arg, '%');
            size_t spec = pct ? strspn(pct + 1, "0123456789#-+ '") : 0;
            if (!pct || !strchr("diuoxX", pct[1 + spec]) || strchr(pct + 2 + spec, '%') ||
                strlen(o.arg) > sizeof st.fmt - 4) {
                status = cmd_error(c, "invalid suffix format '%s'", o.arg);
                goto done;
            }
            char conv = pct[1 + spec] == 'd' || pct[1 + spec] == 'i' ? 'u' : pct[1 + spec];
            snprintf(st.fmt, sizeof st.fmt, "%.*s%c%s", (int)(pct + 1 + spec - o.arg), o.arg, conv, pct + 2 + spec);
            break;
        }
        case 'f': st.prefix = o.arg; break;
        case 'k': st.keep = 1; break;
        case 'n': {
            char *e;
            long d = strtol(o.arg, &e, 10);
            if (e == o.arg || *e || d < 0 || d > 30) {
                status = cmd_error(c, "invalid number: '%s'", o.arg);
                goto done;
            }
            snprintf(st.fmt, sizeof st.fmt, "%%0%ldu", d);
            break;
        }
        case 's': st.quiet = 1; break;
        case 'z': st.elide = 1; break;
        case OPT_SUPPRESS: break;
        case TXT_OPT_HELP: status = txt_help(c, csplit_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops < 2) {
        status = txt_missing_operand(c, nops ? ops[0] : NULL, 1);
        goto done;
    }
    if (parse_patterns(&st, ops + 1, nops - 1, &pats, &npats)) { status = 1; goto done; }
    int r = cmd_read_all(c, ops[0], &data);
    if (r) {
        status = cmd_error(c, "cannot open '%s' for reading: %s", ops[0], sk_status_message(r));
        goto done;
    }
    /* index lines */
    size_t cnt = 0;
    for (size_t i = 0; i < data.len; i++) cnt += data.p[i] == '\n';
    if (data.len && data.p[data.len - 1] != '\n') cnt++;
    st.lines = sk_calloc(c->a, cnt + 1, sizeof *st.lines);
    if (!st.lines) { status = cmd_error(c, "memory exhausted"); goto done; }
    for (size_t i = 0, s = 0; i < data.len; i++) {
        if (data.p[i] == '\n' || i + 1 == data.len) {
            st.lines[st.nlines].p = data.p + s;
            st.lines[st.nlines].len = i + 1 - s;
            st.nlines++;
            s = i + 1;
        }
    }
    int fin = 0;
    for (int i = 0; i < npats && !fin; i++) {
        cpat *p = &pats[i];
        for (unsigned long long rep = 0; (p->forever || rep <= p->repeat) && !fin; rep++) {
            int rr = p->is_regex ? do_regex(&st, p, rep) : do_lines(&st, p, rep);
            if (rr < 0) {
                cleanup(&st);
                status = 1;
                fin = 1;
            } else if (rr > 0) {
                fin = 2;
            }
            if (!p->is_regex && p->forever) {
                cmd_error(c, "'{*}' not allowed with line numbers");
                fin = 1;
            }
            if (cmd_aborted(c)) fin = 1;
        }
    }
    if (!fin) {
        /* the rest of the input is the last piece */
        start_piece(&st);
        take_lines(&st, st.nlines, 0);
        if (close_piece(&st)) status = 1;
    }
done:
    for (int i = 0; i < npats; i++) txt_regex_free(pats[i].re);
    sk_free(c->a, pats);
    for (size_t i = 0; i < st.ncreated; i++) sk_free(c->a, st.created[i]);
    sk_free(c->a, st.created);
    sk_free(c->a, st.lines);
    sk_buf_free(&st.piece);
    sk_buf_free(&data);
    cmd_opts_free(&o, c);
    return status;
}
