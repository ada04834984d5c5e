/* fmt.c — fmt: fill and join paragraphs (GNU coreutils algorithm).
 *
 * Paragraphs are runs of lines with the same indentation (or the crown
 * -c / tagged -t rules); each is filled by GNU fmt's dynamic program that
 * minimises squared deviations from the goal width, with its bonuses for
 * breaking at sentence ends and punctuation and penalties for widows and
 * orphans.  -w WIDTH (and -WIDTH), -g GOAL, -s, -u, -p PREFIX.  Columns
 * are bytes, tabs stop every 8; indentation is written with tabs when the
 * input used any.  Paragraphs are not limited in size (GNU flushes very
 * long ones early). */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("fmt", cmd_fmt, "fmt [-w WIDTH] [-s] [-u] [-c] [-t] [-p PREFIX] [FILE]...: reformat paragraphs to a width");

static const char fmt_usage[] =
    "Usage: fmt [-WIDTH] [OPTION]... [FILE]...\n"
    "Reformat each paragraph in the FILE(s), writing to standard output.\n"
    "The option -WIDTH is an abbreviated form of --width=DIGITS.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -c, --crown-margin        preserve indentation of first two lines\n"
    "  -p, --prefix=STRING       reformat only lines beginning with STRING,\n"
    "                              reattaching the prefix to reformatted lines\n"
    "  -s, --split-only          split long lines, but do not refill\n"
    "  -t, --tagged-paragraph    indentation of first line different from second\n"
    "  -u, --uniform-spacing     one space between words, two after sentences\n"
    "  -w, --width=WIDTH         maximum line width (default of 75 columns)\n"
    "  -g, --goal=WIDTH          goal width (default of 93% of width)\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef long long COST;
#define MAXCOST LLONG_MAX
#define SQR(n) ((n) * (n))
#define EQUIV(n) SQR((COST)(n))
#define SHORT_COST(n) (EQUIV((n) * 10))
#define RAGGED_COST(n) (SHORT_COST(n) / 2)
#define LINE_COST EQUIV(70)
#define WIDOW_COST(n) (EQUIV(200) / ((n) + 2))
#define ORPHAN_COST(n) (EQUIV(150) / ((n) + 2))
#define SENTENCE_BONUS EQUIV(50)
#define NOBREAK_COST EQUIV(600)
#define PAREN_BONUS EQUIV(40)
#define PUNCT_BONUS EQUIV(40)
#define LEEWAY 7
#define TABWIDTH 8
#define DEF_INDENT 3

typedef struct fword {
    size_t text;              /* offset into the paragraph buffer */
    int length, space;
    unsigned paren : 1, period : 1, punct : 1, final : 1;
    int line_length;
    COST best_cost;
    size_t next_break;        /* index */
} fword;

typedef struct fmt_state {
    sk_cmd *c;
    /* options */
    int crown, tagged, split_only, uniform;
    int max_width, goal_width;
    const char *prefix;
    int prefix_full_length, prefix_lead_space, prefix_length;
    /* input */
    sk_in *in;
    int peeked;               /* -2: none */
    /* state */
    int tabs, in_column, out_column;
    int prefix_indent, next_prefix_indent, first_indent, other_indent;
    int last_line_length;
    int next_char;
    sk_buf para;
    fword *w;
    size_t nw, cap;
    int oom;
} fmt_state;

static int getch(fmt_state *st)
{
    if (st->peeked != -2) {
        int c = st->peeked;
        st->peeked = -2;
        return c;
    }
    unsigned char ch;
    int64_t n = sk_in_read(st->in, &ch, 1);
    return n == 1 ? ch : -1;
}

static void putch(fmt_state *st, int c) { sk_out_putc(&st->c->out, c); }

static void put_space(fmt_state *st, int space)
{
    int space_target = st->out_column + space;
    if (st->tabs) {
        int tab_target = space_target / TABWIDTH * TABWIDTH;
        if (st->out_column + 1 < tab_target)
            while (st->out_column < tab_target) {
                putch(st, '\t');
                st->out_column = (st->out_column / TABWIDTH + 1) * TABWIDTH;
            }
    }
    while (st->out_column < space_target) {
        putch(st, ' ');
        st->out_column++;
    }
}

static int get_space(fmt_state *st, int c)
{
    for (;;) {
        if (c == ' ') st->in_column++;
        else if (c == '\t') {
            st->tabs = 1;
            st->in_column = (st->in_column / TABWIDTH + 1) * TABWIDTH;
        } else return c;
        c = getch(st);
    }
}

static int get_prefix(fmt_state *st)
{
    st->in_column = 0;
    int c = get_space(st, getch(st));
    if (st->prefix_length == 0) {
        st->next_prefix_indent = st->prefix_lead_space < st->in_column ? st->prefix_lead_space : st->in_column;
    } else {
        st->next_prefix_indent = st->in_column;
        for (const char *p = st->prefix; *p; p++) {
            if (c != (unsigned char)*p) return c;
            st->in_column++;
            c = getch(st);
        }
        c = get_space(st, c);
    }
    return c;
}

static int copy_rest(fmt_state *st, int c)
{
    st->out_column = 0;
    if (st->in_column > st->next_prefix_indent || (c != '\n' && c != -1)) {
        put_space(st, st->next_prefix_indent);
        for (const char *s = st->prefix; st->out_column != st->in_column && *s; st->out_column++) putch(st, *s++);
        if (c != -1 && c != '\n') put_space(st, st->in_column - st->out_column);
        while (c != -1 && c != '\n') {
            putch(st, c);
            c = getch(st);
        }
    }
    return c;
}

static int same_paragraph(const fmt_state *st, int c)
{
    return st->next_prefix_indent == st->prefix_indent &&
           st->in_column >= st->next_prefix_indent + st->prefix_full_length && c != '\n' && c != -1;
}

static void set_other_indent(fmt_state *st, int same)
{
    if (st->split_only) st->other_indent = st->first_indent;
    else if (st->crown) st->other_indent = same ? st->in_column : st->first_indent;
    else if (st->tagged) {
        if (same && st->in_column != st->first_indent) st->other_indent = st->in_column;
        else if (st->other_indent == st->first_indent) st->other_indent = st->first_indent == 0 ? DEF_INDENT : 0;
    } else {
        st->other_indent = st->first_indent;
    }
}

static int is_space_ch(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

static void check_punctuation(fmt_state *st, fword *w)
{
    const char *start = st->para.p + w->text;
    const char *finish = start + (w->length - 1);
    unsigned char fin = (unsigned char)*finish;
    w->paren = strchr("(['`\"", *start) != NULL && *start;
    w->punct = ispunct(fin) != 0;
    while (start < finish && *finish && strchr(")]'\"", *finish)) finish--;
    w->period = *finish && strchr(".?!", *finish) != NULL;
}

static fword *new_word(fmt_state *st)
{
    if (st->nw + 2 > st->cap) {
        size_t nc = st->cap ? st->cap * 2 : 64;
        fword *n = sk_realloc(st->c->a, st->w, nc * sizeof *n);
        if (!n) { st->oom = 1; return NULL; }
        st->w = n;
        st->cap = nc;
    }
    fword *w = &st->w[st->nw];
    memset(w, 0, sizeof *w);
    return w;
}

static int get_line(fmt_state *st, int c)
{
    do {
        fword *w = new_word(st);
        if (!w) return -1;
        w->text = st->para.len;
        do {
            sk_buf_putc(&st->para, c);
            c = getch(st);
        } while (c != -1 && !is_space_ch(c));
        w->length = (int)(st->para.len - w->text);
        st->in_column += w->length;
        check_punctuation(st, w);
        int start = st->in_column;
        c = get_space(st, c);
        w->space = st->in_column - start;
        w->final = c == -1 || (w->period && (c == '\n' || w->space > 1));
        if (c == '\n' || c == -1 || st->uniform) w->space = w->final ? 2 : 1;
        st->nw++;
    } while (c != '\n' && c != -1);
    return get_prefix(st);
}

static int get_paragraph(fmt_state *st)
{
    st->last_line_length = 0;
    int c = st->next_char;
    while (c == '\n' || c == -1 || st->next_prefix_indent < st->prefix_lead_space ||
           st->in_column < st->next_prefix_indent + st->prefix_full_length) {
        c = copy_rest(st, c);
        if (c == -1) {
            st->next_char = -1;
            return 0;
        }
        putch(st, '\n');
        c = get_prefix(st);
        if (cmd_out_failed(st->c)) return 0;
    }
    st->prefix_indent = st->next_prefix_indent;
    st->first_indent = st->in_column;
    sk_buf_clear(&st->para);
    st->nw = 0;
    c = get_line(st, c);
    set_other_indent(st, same_paragraph(st, c));
    if (st->split_only) {
        set_other_indent(st, 0);
    } else if (st->crown) {
        if (same_paragraph(st, c)) {
            st->other_indent = st->in_column;
            do c = get_line(st, c); while (same_paragraph(st, c) && st->in_column == st->other_indent);
        }
    } else if (st->tagged) {
        if (same_paragraph(st, c) && st->in_column != st->first_indent) {
            st->other_indent = st->in_column;
            do c = get_line(st, c); while (same_paragraph(st, c) && st->in_column == st->other_indent);
        }
    } else {
        while (same_paragraph(st, c) && st->in_column == st->other_indent) c = get_line(st, c);
    }
    if (st->oom) return 0;
    st->w[st->nw - 1].period = st->w[st->nw - 1].final = 1;
    st->next_char = c;
    return 1;
}

static COST base_cost(const fmt_state *st, size_t t)
{
    const fword *w = st->w;
    COST cost = LINE_COST;
    if (t > 0) {
        if (w[t - 1].period) {
            if (w[t - 1].final) cost -= SENTENCE_BONUS;
            else cost += NOBREAK_COST;
        } else if (w[t - 1].punct) {
            cost -= PUNCT_BONUS;
        } else if (t > 1 && w[t - 2].final) {
            cost += WIDOW_COST(w[t - 1].length);
        }
    }
    if (w[t].paren) cost -= PAREN_BONUS;
    else if (w[t].final) cost += ORPHAN_COST(w[t].length);
    return cost;
}

static COST line_cost(const fmt_state *st, size_t next, int len)
{
    if (next == st->nw) return 0;
    int n = st->goal_width - len;
    COST cost = SHORT_COST(n);
    if (st->w[next].next_break != st->nw) {
        n = len - st->w[next].line_length;
        cost += RAGGED_COST(n);
    }
    return cost;
}

static void fmt_paragraph(fmt_state *st)
{
    fword *w = st->w;
    size_t limit = st->nw;
    memset(&w[limit], 0, sizeof w[limit]);
    w[limit].length = st->max_width;   /* sentinel */
    for (size_t start = limit; start-- > 0;) {
        COST best = MAXCOST;
        int len = start == 0 ? st->first_indent : st->other_indent;
        size_t k = start;
        len += w[k].length;
        do {
            k++;
            COST wcost = line_cost(st, k, len) + w[k].best_cost;
            if (start == 0 && st->last_line_length > 0) wcost += RAGGED_COST(len - st->last_line_length);
            if (wcost < best) {
                best = wcost;
                w[start].next_break = k;
                w[start].line_length = len;
            }
            if (k == limit) break;
            len += w[k - 1].space + w[k].length;
        } while (len < st->max_width);
        w[start].best_cost = best + base_cost(st, start);
    }
}

static void put_word(fmt_state *st, const fword *w)
{
    sk_out_write(&st->c->out, st->para.p + w->text, (size_t)w->length);
    st->out_column += w->length;
}

static void put_line(fmt_state *st, size_t k, int indent)
{
    st->out_column = 0;
    put_space(st, st->prefix_indent);
    sk_out_puts(&st->c->out, st->prefix);
    st->out_column += st->prefix_length;
    put_space(st, indent - st->out_column);
    size_t endline = st->w[k].next_break - 1;
    for (; k != endline; k++) {
        put_word(st, &st->w[k]);
        put_space(st, st->w[k].space);
    }
    put_word(st, &st->w[k]);
    st->last_line_length = st->out_column;
    putch(st, '\n');
}

static void put_paragraph(fmt_state *st)
{
    put_line(st, 0, st->first_indent);
    for (size_t k = st->w[0].next_break; k != st->nw; k = st->w[k].next_break) put_line(st, k, st->other_indent);
}

static void fmt_file(fmt_state *st, sk_in *in)
{
    st->in = in;
    st->peeked = -2;
    st->tabs = 0;
    st->other_indent = 0;
    st->next_char = get_prefix(st);
    while (get_paragraph(st)) {
        fmt_paragraph(st);
        put_paragraph(st);
        if (cmd_out_failed(st->c) || cmd_aborted(st->c)) break;
    }
}

static int parse_width(sk_cmd *c, const char *s, int *out, const char *what)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < 0 || v > 2500) {
        cmd_error(c, "invalid %s: '%s'", what, s);
        return 1;
    }
    *out = (int)v;
    return 0;
}

int cmd_fmt(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "crown-margin", 0, 'c' }, { "prefix", 1, 'p' }, { "split-only", 0, 's' },
        { "tagged-paragraph", 0, 't' }, { "uniform-spacing", 0, 'u' }, { "width", 1, 'w' },
        { "goal", 1, 'g' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    fmt_state st;
    memset(&st, 0, sizeof st);
    st.c = c;
    st.max_width = 75;
    st.prefix = "";
    sk_buf_init(&st.para, c->a);
    int status = 0, goal = 0, width_given = 0;
    /* the obsolete -WIDTH form (only as the first argument, as GNU) */
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    for (int i = 0; i < argc; i++) {
        if (i == 1 && argv[i][0] == '-' && isdigit((unsigned char)argv[i][1])) {
            if (parse_width(c, argv[i] + 1, &st.max_width, "width")) { status = 1; goto done; }
            width_given = 1;
            continue;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    cmd_opts o;
    cmd_opts_init(&o, nargs, args, "0123456789cstuw:p:g:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c': st.crown = 1; break;
        case 's': st.split_only = 1; break;
        case 't': st.tagged = 1; break;
        case 'u': st.uniform = 1; break;
        case 'w':
            if (parse_width(c, o.arg, &st.max_width, "width")) { status = 1; goto out; }
            width_given = 1;
            break;
        case 'g':
            if (parse_width(c, o.arg, &goal, "width")) { status = 1; goto out; }
            break;
        case 'p': st.prefix = o.arg; break;
        case TXT_OPT_HELP: status = txt_help(c, fmt_usage); goto out;
        case TXT_OPT_VERSION: status = txt_version(c); goto out;
        default:
            if (ch >= '0' && ch <= '9') {
                cmd_error(c, "invalid option -- %c; -WIDTH is recognized only when it is the first\n"
                             "option; use -w N instead", ch);
                txt_try_help(c);
                status = 1;
                goto out;
            }
            status = txt_opts_error(&o, c, ch, 1);
            goto out;
        }
    }
    if (goal) {
        st.goal_width = goal;
        if (!width_given) st.max_width = goal + 10;
    } else {
        st.goal_width = st.max_width * (2 * (100 - LEEWAY) + 1) / 200;
    }
    if (st.goal_width > st.max_width) {
        cmd_error(c, "invalid width: '%d': Numerical result out of range", st.goal_width);
        status = 1;
        goto out;
    }
    /* prefix: leading blanks are "lead space"; trailing blanks dropped */
    {
        const char *p = st.prefix;
        while (*p == ' ') { st.prefix_lead_space++; p++; }
        st.prefix = p;
        st.prefix_full_length = (int)strlen(p);
        size_t n = strlen(p);
        while (n && p[n - 1] == ' ') n--;
        st.prefix_length = (int)n;
    }
    char *prefix_copy = sk_strndup(c->a, st.prefix, (size_t)st.prefix_length);
    if (!prefix_copy) { status = cmd_error(c, "memory exhausted"); goto out; }
    st.prefix = prefix_copy;
    char **files;
    int nfiles = txt_files(&o, &files);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        int r = cmd_open_input(c, files[i], &in);
        if (r) {
            status = cmd_error(c, "cannot open '%s' for reading: %s", files[i], sk_status_message(r));
            continue;
        }
        fmt_file(&st, &in);
        cmd_close_input(c, &in);
        if (st.oom) { status = cmd_error(c, "memory exhausted"); break; }
    }
    sk_free(c->a, prefix_copy);
out:
    cmd_opts_free(&o, c);
done:
    sk_free(c->a, args);
    sk_buf_free(&st.para);
    sk_free(c->a, st.w);
    return status;
}
