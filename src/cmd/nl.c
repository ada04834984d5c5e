/* nl.c — nl: number lines (GNU semantics: body/header/footer styles a, t,
 * n and pBRE, sections delimited by \:\:\: \:\: \:, -d, -i, -l, -n ln/rn/rz,
 * -p, -s, -v, -w).  Streams line by line. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("nl", cmd_nl, "nl [-b STYLE] [-n ln|rn|rz] [-w N] [-s SEP] [-v START] [-i INCR] [FILE]...: number lines");

static const char nl_usage[] =
    "Usage: nl [OPTION]... [FILE]...\n"
    "Write each FILE to standard output, with line numbers added.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -b, --body-numbering=STYLE      use STYLE for numbering body lines\n"
    "  -d, --section-delimiter=CC      use CC for logical page delimiters\n"
    "  -f, --footer-numbering=STYLE    use STYLE for numbering footer lines\n"
    "  -h, --header-numbering=STYLE    use STYLE for numbering header lines\n"
    "  -i, --line-increment=NUMBER     line number increment at each line\n"
    "  -l, --join-blank-lines=NUMBER   group of NUMBER empty lines counted as one\n"
    "  -n, --number-format=FORMAT      insert line numbers according to FORMAT\n"
    "  -p, --no-renumber               do not reset line numbers for each section\n"
    "  -s, --number-separator=STRING   add STRING after (possible) line number\n"
    "  -v, --starting-line-number=NUMBER  first line number for each section\n"
    "  -w, --number-width=NUMBER       use NUMBER columns for line numbers\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n"
    "\n"
    "Default options are: -bt -d'\\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> -v1 -w6\n"
    "\n"
    "CC are two delimiter characters used to construct logical page delimiters;\n"
    "a missing second character implies ':'.\n"
    "\n"
    "STYLE is one of:\n"
    "\n"
    "  a      number all lines\n"
    "  t      number only nonempty lines\n"
    "  n      number no lines\n"
    "  pBRE   number only lines that contain a match for the basic regular\n"
    "         expression, BRE\n"
    "\n"
    "FORMAT is one of:\n"
    "\n"
    "  ln     left justified, no leading zeros\n"
    "  rn     right justified, no leading zeros\n"
    "  rz     right justified, leading zeros\n";

typedef struct nl_style {
    char kind;          /* 'a', 't', 'n', 'p' */
    txt_regex *re;
} nl_style;

enum { SEC_HEADER, SEC_BODY, SEC_FOOTER };

typedef struct nl_state {
    nl_style styles[3];
    int section;
    intmax_t line_no, start, incr;
    intmax_t blank_join;
    intmax_t blanks;          /* consecutive blank lines seen */
    int width;
    char format;              /* 'l' ln, 'r' rn, 'z' rz */
    int renumber;
    const char *sep;
    char delim[3];            /* the two section characters */
    size_t delim_len;
} nl_state;

static int parse_style(sk_cmd *c, const char *arg, const char *what, nl_style *st)
{
    if (st->re) {
        txt_regex_free(st->re);
        st->re = NULL;
    }
    if (!strcmp(arg, "a") || !strcmp(arg, "t") || !strcmp(arg, "n")) {
        st->kind = arg[0];
        return 0;
    }
    if (arg[0] == 'p') {
        char err[256];
        st->re = txt_regex_compile(c->a, arg + 1, strlen(arg + 1), TXT_RE_BRE, err, sizeof err);
        if (!st->re) {
            cmd_error(c, "%s", err);
            return 1;
        }
        st->kind = 'p';
        return 0;
    }
    cmd_error(c, "invalid %s numbering style: '%s'", what, arg);
    txt_try_help(c);
    return 1;
}

/* GNU xdectoimax: a decimal in [lo, hi]. */
static int parse_num(sk_cmd *c, const char *arg, intmax_t lo, intmax_t hi, const char *what, intmax_t *out)
{
    char *end;
    errno = 0;
    intmax_t v = strtoimax(arg, &end, 10);
    if (end == arg || *end) {
        cmd_error(c, "invalid %s: '%s'", what, arg);
        return 1;
    }
    if (errno == ERANGE || v < lo || v > hi) {
        cmd_error(c, "invalid %s: '%s': Numerical result out of range", what, arg);
        return 1;
    }
    *out = v;
    return 0;
}

static void print_number(sk_cmd *c, const nl_state *st)
{
    const char *fmt = st->format == 'l' ? "%-*jd%s" : st->format == 'z' ? "%0*jd%s" : "%*jd%s";
    sk_out_printf(&c->out, fmt, st->width, st->line_no, st->sep);
}

/* Which section delimiter is this line (content without newline)? -1: none. */
static int section_of(const nl_state *st, const char *p, size_t n)
{
    if (!st->delim_len || n == 0 || n % st->delim_len) return -1;
    size_t reps = n / st->delim_len;
    if (reps > 3) return -1;
    for (size_t i = 0; i < reps; i++)
        if (memcmp(p + i * st->delim_len, st->delim, st->delim_len)) return -1;
    return reps == 3 ? SEC_HEADER : reps == 2 ? SEC_BODY : SEC_FOOTER;
}

static int nl_line(sk_cmd *c, nl_state *st, const char *p, size_t n)
{
    int sec = section_of(st, p, n);
    if (sec >= 0) {
        st->section = sec;
        if (st->renumber) st->line_no = st->start;
        return sk_out_putc(&c->out, '\n');
    }
    const nl_style *sty = &st->styles[st->section];
    int number = 0;
    switch (sty->kind) {
    case 'a':
        if (n == 0) {
            st->blanks++;
            if (st->blanks >= st->blank_join) {
                number = 1;
                st->blanks = 0;
            }
        } else {
            st->blanks = 0;
            number = 1;
        }
        break;
    case 't': number = n > 0; break;
    case 'p': {
        long ov[2];
        number = txt_regex_exec(sty->re, p, n, 0, ov, 1) > 0;
        break;
    }
    default: break;
    }
    if (number) {
        print_number(c, st);
        st->line_no += st->incr;
    } else {
        sk_out_printf(&c->out, "%*s", st->width + (int)strlen(st->sep), "");
    }
    if (n) sk_out_write(&c->out, p, n);
    return sk_out_putc(&c->out, '\n');
}

int cmd_nl(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "body-numbering", 1, 'b' }, { "section-delimiter", 1, 'd' },
        { "footer-numbering", 1, 'f' }, { "header-numbering", 1, 'h' },
        { "line-increment", 1, 'i' }, { "join-blank-lines", 1, 'l' },
        { "number-format", 1, 'n' }, { "no-renumber", 0, 'p' },
        { "number-separator", 1, 's' }, { "starting-line-number", 1, 'v' },
        { "number-width", 1, 'w' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    nl_state st;
    memset(&st, 0, sizeof st);
    st.styles[SEC_HEADER].kind = 'n';
    st.styles[SEC_BODY].kind = 't';
    st.styles[SEC_FOOTER].kind = 'n';
    st.section = SEC_BODY;
    st.start = 1;
    st.incr = 1;
    st.blank_join = 1;
    st.width = 6;
    st.format = 'r';
    st.renumber = 1;
    st.sep = "\t";
    memcpy(st.delim, "\\:", 3);
    st.delim_len = 2;
    int status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "b:d:f:h:i:l:n:ps:v:w:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        intmax_t v;
        switch (ch) {
        case 'b': if (parse_style(c, o.arg, "body", &st.styles[SEC_BODY])) { status = 1; goto done; } break;
        case 'h': if (parse_style(c, o.arg, "header", &st.styles[SEC_HEADER])) { status = 1; goto done; } break;
        case 'f': if (parse_style(c, o.arg, "footer", &st.styles[SEC_FOOTER])) { status = 1; goto done; } break;
        case 'd': {
            size_t n = strlen(o.arg);
            if (n == 1) {
                st.delim[0] = o.arg[0];
                st.delim[1] = ':';
                st.delim_len = 2;
            } else if (n == 0) {
                st.delim_len = 0;
            } else {
                /* GNU uses the whole string */
                if (n > 2) n = 2;
                memcpy(st.delim, o.arg, n);
                st.delim_len = n;
            }
            break;
        }
        case 'i':
            if (parse_num(c, o.arg, INTMAX_MIN, INTMAX_MAX, "line number increment", &st.incr)) { status = 1; goto done; }
            break;
        case 'l':
            if (parse_num(c, o.arg, 1, INTMAX_MAX, "line number of blank lines", &st.blank_join)) { status = 1; goto done; }
            break;
        case 'v':
            if (parse_num(c, o.arg, INTMAX_MIN, INTMAX_MAX, "starting line number", &st.start)) { status = 1; goto done; }
            break;
        case 'w':
            if (parse_num(c, o.arg, 1, 1000000, "line number field width", &v)) { status = 1; goto done; }
            st.width = (int)v;
            break;
        case 'n':
            if (!strcmp(o.arg, "ln")) st.format = 'l';
            else if (!strcmp(o.arg, "rn")) st.format = 'r';
            else if (!strcmp(o.arg, "rz")) st.format = 'z';
            else {
                cmd_error(c, "invalid line numbering format: '%s'", o.arg);
                txt_try_help(c);
                status = 1;
                goto done;
            }
            break;
        case 'p': st.renumber = 0; break;
        case 's': st.sep = o.arg; break;
        case TXT_OPT_HELP: status = txt_help(c, nl_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    st.line_no = st.start;
    char **files;
    int nfiles = txt_files(&o, &files);
    sk_buf line = SK_BUF_INIT(c->a);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) { status = txt_error_path(c, files[i], r); continue; }
        while ((r = sk_in_getline(&in, &line, '\n')) > 0) {
            size_t n = line.len;
            if (n && line.p[n - 1] == '\n') n--;
            if (nl_line(c, &st, line.p, n)) break;
        }
        cmd_close_input(c, &in);
        if (r < 0 && r != SK_IO_ABORT) status = cmd_error(c, "%s: read error", files[i]);
    }
    sk_buf_free(&line);
done:
    for (int i = 0; i < 3; i++) txt_regex_free(st.styles[i].re);
    cmd_opts_free(&o, c);
    return status;
}
