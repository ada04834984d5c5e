/* expand.c — expand and unexpand: tabs to spaces and back (GNU semantics:
 * -t N or a list of stops, with the "/N" and "+N" forms for the last one;
 * -i / --initial for expand, -a / --first-only for unexpand; the obsolete
 * -N form).  Columns are bytes, backspace steps back, as in GNU.  Streams. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("expand", cmd_expand, "expand [-i] [-t N|LIST] [FILE]...: convert tabs to spaces");
SK_CMD("unexpand", cmd_unexpand, "unexpand [-a] [-t N|LIST] [FILE]...: convert leading (or all, -a) spaces to tabs");

static const char expand_usage[] =
    "Usage: expand [OPTION]... [FILE]...\n"
    "Convert tabs in each FILE to spaces, writing to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -i, --initial    do not convert tabs after non blanks\n"
    "  -t, --tabs=N     have tabs N characters apart, not 8\n"
    "  -t, --tabs=LIST  use comma separated list of tab positions.\n"
    "                     The last specified position can be prefixed with '/'\n"
    "                     to specify a tab size to use after the last\n"
    "                     explicitly specified tab stop.  Also a prefix of '+'\n"
    "                     can be used to align remaining tab stops relative to\n"
    "                     the last specified tab stop instead of the first column\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static const char unexpand_usage[] =
    "Usage: unexpand [OPTION]... [FILE]...\n"
    "Convert blanks in each FILE to tabs, writing to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -a, --all        convert all blanks, instead of just initial blanks\n"
    "      --first-only  convert only leading sequences of blanks (overrides -a)\n"
    "  -t, --tabs=N     have tabs N characters apart instead of 8 (enables -a)\n"
    "  -t, --tabs=LIST  use comma separated list of tab positions.\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct tabs {
    uint64_t *list;
    size_t n, cap;
    uint64_t tab_size, extend, increment;
} tabs;

static int tabs_add(sk_cmd *c, tabs *t, uint64_t v)
{
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 8;
        uint64_t *nl = sk_realloc(c->a, t->list, nc * sizeof *nl);
        if (!nl) return -1;
        t->list = nl;
        t->cap = nc;
    }
    t->list[t->n++] = v;
    return 0;
}

/* GNU parse_tab_stops.  Returns 0, or 1 after reporting. */
static int parse_tabs(sk_cmd *c, tabs *t, const char *s)
{
    int have = 0, extend = 0, increment = 0, spec_done = 0;
    uint64_t v = 0;
    const char *num_start = NULL;
    for (;; s++) {
        if (!*s || *s == ',' || isblank((unsigned char)*s)) {
            if (have) {
                if (extend || increment) {
                    spec_done = extend ? '/' : '+';
                    if (extend) t->extend = v;
                    else t->increment = v;
                    if (v == 0) {
                        cmd_error(c, "'%c' specifier tab size cannot be 0", extend ? '/' : '+');
                        return 1;
                    }
                } else if (tabs_add(c, t, v)) {
                    return cmd_error(c, "memory exhausted");
                }
            }
            have = 0;
            v = 0;
            if (!*s) break;
            continue;
        }
        if (*s == '/' || *s == '+') {
            if (have) {
                cmd_error(c, "'%c' specifier only allowed with the last value", *s);
                return 1;
            }
            if (*s == '/') extend = 1;
            else increment = 1;
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            if (spec_done) {
                cmd_error(c, "'%c' specifier only allowed with the last value", spec_done);
                return 1;
            }
            if (!have) num_start = s;
            have = 1;
            unsigned d = (unsigned)(*s - '0');
            if (v > (UINT64_MAX - d) / 10) {
                size_t len = strspn(num_start, "0123456789");
                cmd_error(c, "tab stop is too large '%.*s'", (int)len, num_start);
                return 1;
            }
            v = v * 10 + d;
            continue;
        }
        cmd_error(c, "tab size contains invalid character(s): '%s'", s);
        return 1;
    }
    /* validate */
    for (size_t i = 0; i < t->n; i++) {
        if (t->list[i] == 0) {
            cmd_error(c, "tab size cannot be 0");
            return 1;
        }
        if (i && t->list[i] <= t->list[i - 1]) {
            cmd_error(c, "tab sizes must be ascending");
            return 1;
        }
    }
    return 0;
}

static void tabs_finish(tabs *t)
{
    if (t->n == 0 && !t->extend && !t->increment) t->tab_size = 8;
    else if (t->n == 1 && !t->extend && !t->increment) t->tab_size = t->list[0];
    else t->tab_size = 0;
}

static uint64_t next_tab(const tabs *t, uint64_t column, size_t *idx, int *last)
{
    *last = 0;
    if (t->tab_size) return column + (t->tab_size - column % t->tab_size);
    for (; *idx < t->n; (*idx)++)
        if (column < t->list[*idx]) return t->list[*idx];
    if (t->extend) return column + (t->extend - column % t->extend);
    if (t->increment) {
        uint64_t end = t->n ? t->list[t->n - 1] : 0;
        return column + (t->increment - ((column - end) % t->increment));
    }
    *last = 1;
    return 0;
}

/* Parse options common to both; collects the obsolete -N forms too. */
static int tab_options(sk_cmd *c, int argc, char **argv, int unexpand, tabs *t, int *flag_i, int *all,
                       int *first_only, char ***files, int *nfiles, cmd_opts *o, char ***args_out)
{
    enum { OPT_FIRST = 0x100 };
    static const cmd_longopt longs_e[] = {
        { "initial", 0, 'i' }, { "tabs", 1, 't' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    static const cmd_longopt longs_u[] = {
        { "all", 0, 'a' }, { "first-only", 0, OPT_FIRST }, { "tabs", 1, 't' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    char **args = sk_malloc(c->a, sizeof(char *) * (size_t)(argc + 1));
    *args_out = args;
    if (!args) return cmd_error(c, "memory exhausted");
    int nargs = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (i > 0 && s[0] == '-' && isdigit((unsigned char)s[1]) && strcmp(argv[i - 1], "-t")) {
            if (parse_tabs(c, t, s + 1)) return 1;
            if (unexpand) *all = 1;
            continue;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    cmd_opts_init(o, nargs, args, unexpand ? "at:" : "it:", unexpand ? longs_u : longs_e, 1);
    int ch;
    while ((ch = cmd_opts_next(o, c)) != -1) {
        switch (ch) {
        case 'i': *flag_i = 1; break;
        case 'a': *all = 1; break;
        case OPT_FIRST: *first_only = 1; break;
        case 't':
            if (parse_tabs(c, t, o->arg)) return 1;
            if (unexpand) *all = 1;
            break;
        case TXT_OPT_HELP: txt_help(c, unexpand ? unexpand_usage : expand_usage); return -1;
        case TXT_OPT_VERSION: txt_version(c); return -1;
        default: return txt_opts_error(o, c, ch, 1);
        }
    }
    if (*first_only) *all = 0;
    tabs_finish(t);
    *nfiles = txt_files(o, files);
    return 0;
}

static void expand_line(sk_cmd *c, const tabs *t, int initial, const char *p, size_t n, sk_buf *out)
{
    uint64_t column = 0;
    size_t idx = 0;
    int convert = 1;
    sk_buf_clear(out);
    for (size_t k = 0; k < n; k++) {
        unsigned char ch = (unsigned char)p[k];
        if (convert) {
            if (ch == '\t') {
                int last;
                uint64_t nt = next_tab(t, column, &idx, &last);
                if (last) nt = column + 1;
                while (++column < nt) sk_buf_putc(out, ' ');
                ch = ' ';
            } else if (ch == '\b') {
                column -= column != 0;
                idx -= idx != 0;
            } else {
                column++;
            }
            convert &= !initial || ch == ' ' || ch == '\t';
        }
        sk_buf_putc(out, ch);
    }
    (void)c;
}

static void unexpand_line(const tabs *t, int all, const char *p, size_t n, sk_buf *out, sk_buf *pend)
{
    int convert = 1;
    uint64_t column = 0, next_tab_column = 0;
    size_t idx = 0;
    int one_blank_before = 0, prev_blank = 1;
    sk_buf_clear(out);
    sk_buf_clear(pend);
    for (size_t k = 0; k <= n; k++) {
        int ch = k < n ? (unsigned char)p[k] : -1;   /* -1: end of line */
        if (convert) {
            int blank = ch == ' ' || ch == '\t';
            if (blank) {
                int last;
                next_tab_column = next_tab(t, column, &idx, &last);
                if (last) convert = 0;
                if (convert) {
                    if (ch == '\t') {
                        column = next_tab_column;
                        if (pend->len) pend->p[0] = '\t';
                    } else {
                        column++;
                        if (!(prev_blank && column == next_tab_column)) {
                            if (column == next_tab_column) one_blank_before = 1;
                            sk_buf_putc(pend, ch);
                            prev_blank = 1;
                            continue;
                        }
                        if (pend->len) pend->p[0] = '\t';
                        ch = '\t';
                    }
                    /* discard pending blanks, unless a single blank just before the previous stop */
                    pend->len = (size_t)one_blank_before;
                }
            } else if (ch == '\b') {
                column -= column != 0;
                next_tab_column = column;
                idx -= idx != 0;
            } else {
                column++;
            }
            if (pend->len) {
                if (pend->len > 1 && one_blank_before) pend->p[0] = '\t';
                sk_buf_put(out, pend->p, pend->len);
                pend->len = 0;
                one_blank_before = 0;
            }
            prev_blank = blank;
            convert &= all || blank;
        }
        if (ch < 0) break;
        sk_buf_putc(out, ch);
    }
}

static int tab_main(sk_cmd *c, int argc, char **argv, int unexpand)
{
    tabs t;
    memset(&t, 0, sizeof t);
    int flag_i = 0, all = 0, first_only = 0, status = 0;
    char **files = NULL, **args = NULL;
    int nfiles = 0;
    cmd_opts o;
    memset(&o, 0, sizeof o);
    int r = tab_options(c, argc, argv, unexpand, &t, &flag_i, &all, &first_only, &files, &nfiles, &o, &args);
    if (r) {
        status = r < 0 ? 0 : r;
        goto done;
    }
    sk_buf line = SK_BUF_INIT(c->a), out = SK_BUF_INIT(c->a), pend = SK_BUF_INIT(c->a);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sk_in in;
        r = cmd_open_input(c, files[i], &in);
        if (r) { status = txt_error_path(c, files[i], r); continue; }
        while ((r = sk_in_getline(&in, &line, '\n')) > 0) {
            size_t n = line.len;
            int nl = n && line.p[n - 1] == '\n';
            if (unexpand) unexpand_line(&t, all, line.p, n - (size_t)nl, &out, &pend);
            else expand_line(c, &t, flag_i, line.p, n - (size_t)nl, &out);
            if (nl) sk_buf_putc(&out, '\n');
            if (out.len && sk_out_write(&c->out, out.p, out.len)) break;
        }
        cmd_close_input(c, &in);
    }
    sk_buf_free(&line);
    sk_buf_free(&out);
    sk_buf_free(&pend);
done:
    cmd_opts_free(&o, c);
    sk_free(c->a, args);
    sk_free(c->a, t.list);
    return status;
}

int cmd_expand(sk_cmd *c, int argc, char **argv) { return tab_main(c, argc, argv, 0); }
int cmd_unexpand(sk_cmd *c, int argc, char **argv) { return tab_main(c, argc, argv, 1); }
