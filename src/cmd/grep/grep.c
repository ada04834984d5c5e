/* grep.c — grep, egrep and fgrep with GNU grep's options, messages and
 * exit statuses (0 selected, 1 none, 2 trouble).  Matching is the regex
 * layer (BRE by default, -E ERE, -F fixed strings, -P PCRE); the line
 * loop, context and output rules are in search.c.
 *
 * Where the bashkit corpus records an older GNU grep's output, that is
 * what is printed (see search.c: "Binary file X matches" on stdout, -l on
 * stdin naming "(stdin)", -L succeeding only when it lists a file, as in
 * grep 3.2-3.4), and --color never colours (no terminal here). */
#include <stdlib.h>
#include <string.h>

#include "cmd/numparse.h"
#include "search.h"

SK_CMD("grep", cmd_grep, "grep [-EFGPivwxcloLqnbhHrRsz] [-A|-B|-C N] [-m N] [-e PAT]... [-f FILE] [--include=GLOB] PATTERN [FILE]...: print lines that match patterns (GNU grep)");
SK_CMD("egrep", cmd_egrep, "egrep [OPTION]... PATTERN [FILE]...: grep -E (extended regular expressions)");
SK_CMD("fgrep", cmd_fgrep, "fgrep [OPTION]... STRING [FILE]...: grep -F (fixed strings)");

static const char grep_help[] =
    "Usage: grep [OPTION]... PATTERNS [FILE]...\n"
    "Search for PATTERNS in each FILE.\n"
    "Example: grep -i 'hello world' menu.h main.c\n"
    "PATTERNS can contain multiple patterns separated by newlines.\n"
    "\n"
    "Pattern selection and interpretation:\n"
    "  -E, --extended-regexp     PATTERNS are extended regular expressions\n"
    "  -F, --fixed-strings       PATTERNS are strings\n"
    "  -G, --basic-regexp        PATTERNS are basic regular expressions\n"
    "  -P, --perl-regexp         PATTERNS are Perl regular expressions\n"
    "  -e, --regexp=PATTERNS     use PATTERNS for matching\n"
    "  -f, --file=FILE           take PATTERNS from FILE\n"
    "  -i, --ignore-case         ignore case distinctions in patterns and data\n"
    "      --no-ignore-case      do not ignore case distinctions (default)\n"
    "  -w, --word-regexp         match only whole words\n"
    "  -x, --line-regexp         match only whole lines\n"
    "  -z, --null-data           a data line ends in 0 byte, not newline\n"
    "\n"
    "Miscellaneous:\n"
    "  -s, --no-messages         suppress error messages\n"
    "  -v, --invert-match        select non-matching lines\n"
    "  -V, --version             display version information and exit\n"
    "      --help                display this help text and exit\n"
    "\n"
    "Output control:\n"
    "  -m, --max-count=NUM       stop after NUM selected lines\n"
    "  -b, --byte-offset         print the byte offset with output lines\n"
    "  -n, --line-number         print line number with output lines\n"
    "      --line-buffered       flush output on every line\n"
    "  -H, --with-filename       print file name with output lines\n"
    "  -h, --no-filename         suppress the file name prefix on output\n"
    "      --label=LABEL         use LABEL as the standard input file name prefix\n"
    "  -o, --only-matching       show only nonempty parts of lines that match\n"
    "  -q, --quiet, --silent     suppress all normal output\n"
    "      --binary-files=TYPE   assume that binary files are TYPE;\n"
    "                            TYPE is 'binary', 'text', or 'without-match'\n"
    "  -a, --text                equivalent to --binary-files=text\n"
    "  -I                        equivalent to --binary-files=without-match\n"
    "  -d, --directories=ACTION  how to handle directories;\n"
    "                            ACTION is 'read', 'recurse', or 'skip'\n"
    "  -D, --devices=ACTION      how to handle devices, FIFOs and sockets;\n"
    "                            ACTION is 'read' or 'skip'\n"
    "  -r, --recursive           like --directories=recurse\n"
    "  -R, --dereference-recursive  likewise, but follow all symlinks\n"
    "      --include=GLOB        search only files that match GLOB (a file pattern)\n"
    "      --exclude=GLOB        skip files that match GLOB\n"
    "      --exclude-from=FILE   skip files that match any file pattern from FILE\n"
    "      --exclude-dir=GLOB    skip directories that match GLOB\n"
    "  -L, --files-without-match  print only names of FILEs with no selected lines\n"
    "  -l, --files-with-matches  print only names of FILEs with selected lines\n"
    "  -c, --count               print only a count of selected lines per FILE\n"
    "  -T, --initial-tab         make tabs line up (if needed)\n"
    "  -Z, --null                print 0 byte after FILE name\n"
    "\n"
    "Context control:\n"
    "  -B, --before-context=NUM  print NUM lines of leading context\n"
    "  -A, --after-context=NUM   print NUM lines of trailing context\n"
    "  -C, --context=NUM         print NUM lines of output context\n"
    "  -NUM                      same as --context=NUM\n"
    "      --group-separator=SEP  print SEP on line between matches with context\n"
    "      --no-group-separator  do not print separator for matches with context\n"
    "      --color[=WHEN],\n"
    "      --colour[=WHEN]       use markers to highlight the matching strings;\n"
    "                            WHEN is 'always', 'never', or 'auto'\n"
    "  -U, --binary              do not strip CR characters at EOL (MSDOS/Windows)\n"
    "\n"
    "When FILE is '-', read standard input.  With no FILE, read '.' if\n"
    "recursive, '-' otherwise.  With fewer than two FILEs, assume -h.\n"
    "Exit status is 0 if any line is selected, 1 otherwise;\n"
    "if any error occurs and -q is not given, the exit status is 2.\n";

enum {
    O_HELP = 256, O_NO_ICASE, O_LINE_BUF, O_LABEL, O_BINFILES, O_INCLUDE, O_EXCLUDE,
    O_EXCLUDE_FROM, O_EXCLUDE_DIR, O_GROUP_SEP, O_NO_GROUP_SEP, O_COLOR,
};

static const cmd_longopt grep_longs[] = {
    { "extended-regexp", 0, 'E' }, { "fixed-strings", 0, 'F' }, { "basic-regexp", 0, 'G' },
    { "perl-regexp", 0, 'P' }, { "regexp", 1, 'e' }, { "file", 1, 'f' },
    { "ignore-case", 0, 'i' }, { "no-ignore-case", 0, O_NO_ICASE }, { "word-regexp", 0, 'w' },
    { "line-regexp", 0, 'x' }, { "null-data", 0, 'z' }, { "no-messages", 0, 's' },
    { "invert-match", 0, 'v' }, { "version", 0, 'V' }, { "help", 0, O_HELP },
    { "max-count", 1, 'm' }, { "byte-offset", 0, 'b' }, { "line-number", 0, 'n' },
    { "line-buffered", 0, O_LINE_BUF }, { "with-filename", 0, 'H' }, { "no-filename", 0, 'h' },
    { "label", 1, O_LABEL }, { "only-matching", 0, 'o' }, { "quiet", 0, 'q' },
    { "silent", 0, 'q' }, { "binary-files", 1, O_BINFILES }, { "text", 0, 'a' },
    { "directories", 1, 'd' }, { "devices", 1, 'D' }, { "recursive", 0, 'r' },
    { "dereference-recursive", 0, 'R' }, { "include", 1, O_INCLUDE }, { "exclude", 1, O_EXCLUDE },
    { "exclude-from", 1, O_EXCLUDE_FROM }, { "exclude-dir", 1, O_EXCLUDE_DIR },
    { "files-without-match", 0, 'L' }, { "files-with-matches", 0, 'l' }, { "count", 0, 'c' },
    { "initial-tab", 0, 'T' }, { "null", 0, 'Z' }, { "before-context", 1, 'B' },
    { "after-context", 1, 'A' }, { "context", 1, 'C' }, { "group-separator", 1, O_GROUP_SEP },
    { "no-group-separator", 0, O_NO_GROUP_SEP }, { "color", 2, O_COLOR }, { "colour", 2, O_COLOR },
    { "binary", 0, 'U' }, { NULL, 0, 0 },
};

typedef struct plist {
    sk_buf store;            /* all pattern bytes */
    size_t *off, *len;
    size_t n, cap;
} plist;

static int plist_add(sk_cmd *c, plist *pl, const char *p, size_t n)
{
    if (pl->n == pl->cap) {
        size_t nc = pl->cap ? pl->cap * 2 : 8;
        size_t *no = sk_realloc(c->a, pl->off, nc * sizeof *no);
        if (!no) return -1;
        pl->off = no;
        size_t *nl = sk_realloc(c->a, pl->len, nc * sizeof *nl);
        if (!nl) return -1;
        pl->len = nl;
        pl->cap = nc;
    }
    pl->off[pl->n] = pl->store.len;
    pl->len[pl->n] = n;
    if (sk_buf_put(&pl->store, p, n) || sk_buf_putc(&pl->store, 0)) return -1;
    pl->n++;
    return 0;
}

/* Patterns separated by newlines; with `file_form` a final newline ends
 * the last pattern instead of adding an empty one. */
static int plist_split(sk_cmd *c, plist *pl, const char *p, size_t n, int file_form)
{
    if (file_form && n == 0) return 0;
    if (file_form && p[n - 1] == '\n') n--;
    for (;;) {
        const char *nl = memchr(p, '\n', n);
        size_t l = nl ? (size_t)(nl - p) : n;
        if (plist_add(c, pl, p, l)) return -1;
        if (!nl) return 0;
        p += l + 1;
        n -= l + 1;
    }
}

static int usage_tail(sk_cmd *c)
{
    sk_out_puts(&c->err, "Usage: grep [OPTION]... PATTERNS [FILE]...\n"
                         "Try 'grep --help' for more information.\n");
    return 2;
}

static int parse_context(sk_cmd *c, const char *s, long long *out)
{
    char *end;
    if (!*s) goto bad;
    for (const char *q = s; *q; q++)
        if (*q < '0' || *q > '9') goto bad;
    *out = strtoll(s, &end, 10);
    if (*out < 0) *out = 0x7fffffffffffffffLL;
    return 0;
bad:
    cmd_error(c, "%s: invalid context length argument", s);
    return -1;
}

static int read_file_lines(sk_cmd *c, const char *path, sk_buf *b)
{
    int st = cmd_read_all(c, path, b);
    if (st) {
        cmd_error(c, "%s: %s", path, sk_status_message(st));
        return -1;
    }
    return 0;
}

static int grep_main(sk_cmd *c, int argc, char **argv, int matcher)
{
    gsearch g;
    memset(&g, 0, sizeof g);
    g.c = c;
    g.max_count = -1;
    g.eol = '\n';
    g.with_name = -2;            /* not set by -H/-h */
    g.sep = "--";
    g.stdin_name_l = 1;
    plist pl;
    memset(&pl, 0, sizeof pl);
    sk_buf_init(&pl.store, c->a);
    sk_buf tmp = SK_BUF_INIT(c->a);
    sk_buf excl_store = SK_BUF_INIT(c->a);
    int have_patterns = 0, icase = 0, word = 0, line = 0, status = 2;
    long long before = -1, after = -1, context = -1;
    int last_digit_ind = -1;
    long long digits = 0;
    unsigned rflags = RX_UTF8;
    rx_dialect d = matcher == 'E' ? RX_ERE : matcher == 'F' ? RX_LITERAL : RX_BRE;
    int matcher_set = matcher;
    size_t nfilt = 0, capfilt = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "0123456789A:B:C:D:EFGHILPRTUVZabcd:e:f:hilm:noqrsuvwxyz", grep_longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        if (ch >= '0' && ch <= '9') {
            int cur = o.sub ? o.ind : o.ind - 1;
            if (last_digit_ind == cur) digits = digits * 10 + (ch - '0');
            else digits = ch - '0';
            if (digits > 1000000000) digits = 1000000000;
            last_digit_ind = cur;
            context = digits;
            continue;
        }
        last_digit_ind = -1;
        switch (ch) {
        case 'E': case 'F': case 'G': case 'P':
            if (matcher_set && matcher_set != ch) {
                cmd_error(c, "conflicting matchers specified");
                goto out;
            }
            matcher_set = ch;
            d = ch == 'E' ? RX_ERE : ch == 'F' ? RX_LITERAL : ch == 'P' ? RX_PCRE : RX_BRE;
            break;
        case 'e':
            if (plist_split(c, &pl, o.arg, strlen(o.arg), 0)) goto nomem;
            have_patterns = 1;
            break;
        case 'f':
            sk_buf_clear(&tmp);
            if (read_file_lines(c, o.arg, &tmp)) goto out;
            if (plist_split(c, &pl, tmp.p ? tmp.p : "", tmp.len, 1)) goto nomem;
            have_patterns = 1;
            break;
        case 'i': case 'y': icase = 1; break;
        case O_NO_ICASE: icase = 0; break;
        case 'w': word = 1; break;
        case 'x': line = 1; break;
        case 'z': g.eol = 0; break;
        case 's': g.suppress = 1; break;
        case 'v': g.invert = 1; break;
        case 'V':
            sk_out_puts(&c->out, "grep (GNU grep compatible; Sandkiste " SK_VERSION ") 3.8\n");
            status = 0;
            goto out;
        case O_HELP:
            sk_out_puts(&c->out, grep_help);
            status = 0;
            goto out;
        case 'm': {
            char *end;
            long long v = strtoll(o.arg, &end, 10);
            if (end == o.arg || *end) {
                cmd_error(c, "invalid max count");
                goto out;
            }
            g.max_count = v < 0 ? -1 : v;
            break;
        }
        case 'b': g.boffset = 1; break;
        case 'n': g.lineno = 1; break;
        case O_LINE_BUF: case 'U': case 'u': break;
        case 'H': g.with_name = 1; break;
        case 'h': g.with_name = 0; break;
        case O_LABEL: g.label = o.arg; break;
        case 'o': g.only = 1; break;
        case 'q': g.quiet = 1; break;
        case O_BINFILES:
            if (!strcmp(o.arg, "binary")) g.binmode = GS_BIN_BINARY;
            else if (!strcmp(o.arg, "text")) g.binmode = GS_BIN_TEXT;
            else if (!strcmp(o.arg, "without-match")) g.binmode = GS_BIN_SKIP;
            else {
                cmd_error(c, "unknown binary-files type");
                goto out;
            }
            break;
        case 'a': g.binmode = GS_BIN_TEXT; break;
        case 'I': g.binmode = GS_BIN_SKIP; break;
        case 'd':
            if (!strcmp(o.arg, "recurse")) { if (!g.recursive) g.recursive = 1; }
            else if (!strcmp(o.arg, "skip")) g.skip_dirs = 1;
            else if (!strcmp(o.arg, "read")) { g.skip_dirs = 0; g.recursive = 0; }
            else {
                cmd_error(c, "invalid argument '%s' for '--directories'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'\n");
                usage_tail(c);
                goto out;
            }
            break;
        case 'D':
            if (!strcmp(o.arg, "skip")) g.skip_devices = 1;
            else if (!strcmp(o.arg, "read")) g.skip_devices = 0;
            else {
                cmd_error(c, "unknown devices method");
                goto out;
            }
            break;
        case 'r': if (g.recursive < 1) g.recursive = 1; break;
        case 'R': g.recursive = 2; break;
        case O_INCLUDE: case O_EXCLUDE: case O_EXCLUDE_DIR: case O_EXCLUDE_FROM: {
            const char *globs[1] = { o.arg };
            size_t ng = 1;
            char *from = NULL;
            size_t fromlen = 0;
            if (ch == O_EXCLUDE_FROM) {
                sk_buf fb = SK_BUF_INIT(c->a);
                if (read_file_lines(c, o.arg, &fb)) { sk_buf_free(&fb); goto out; }
                from = sk_buf_take(&fb, &fromlen);
                if (!from) goto nomem;
                ng = 0;
            }
            /* keep the strings: exclude-from contents live in excl_store */
            size_t want = nfilt + (from ? fromlen + 1 : 1);
            if (want > capfilt) {
                size_t nc = want * 2;
                gs_filter *nf = sk_realloc(c->a, g.filters, nc * sizeof *nf);
                if (!nf) { sk_free(c->a, from); goto nomem; }
                g.filters = nf;
                capfilt = nc;
            }
            if (from) {
                size_t base = excl_store.len;
                if (sk_buf_put(&excl_store, from, fromlen) || sk_buf_putc(&excl_store, 0)) { sk_free(c->a, from); goto nomem; }
                sk_free(c->a, from);
                /* note offsets now; pointers are fixed up after parsing */
                for (size_t k = base; k < excl_store.len; k++) {
                    if (k == base || excl_store.p[k - 1] == '\n' || excl_store.p[k - 1] == 0) {
                        if (excl_store.p[k] == '\n' || excl_store.p[k] == 0) continue;
                        g.filters[nfilt].kind = 'E';           /* offset form, fixed below */
                        g.filters[nfilt].negate = 0;
                        g.filters[nfilt].glob = (const char *)(uintptr_t)k;
                        nfilt++;
                    }
                }
                for (size_t k = base; k < excl_store.len; k++)
                    if (excl_store.p[k] == '\n') excl_store.p[k] = 0;
            }
            for (size_t k = 0; k < ng; k++) {
                g.filters[nfilt].kind = ch == O_INCLUDE ? 'i' : ch == O_EXCLUDE ? 'e' : 'd';
                g.filters[nfilt].negate = 0;
                g.filters[nfilt].glob = globs[k];
                nfilt++;
            }
            break;
        }
        case 'L': g.list = 'L'; break;
        case 'l': g.list = 'l'; break;
        case 'c': g.count = 1; break;
        case 'T': g.tab = 1; break;
        case 'Z': g.null_name = 1; break;
        case 'A': if (parse_context(c, o.arg, &after)) goto out; break;
        case 'B': if (parse_context(c, o.arg, &before)) goto out; break;
        case 'C': if (parse_context(c, o.arg, &context)) goto out; break;
        case O_GROUP_SEP: g.sep = o.arg; break;
        case O_NO_GROUP_SEP: g.sep = NULL; break;
        case O_COLOR:
            if (o.arg && strcmp(o.arg, "always") && strcmp(o.arg, "never") && strcmp(o.arg, "auto") &&
                strcmp(o.arg, "yes") && strcmp(o.arg, "no") && strcmp(o.arg, "force") &&
                strcmp(o.arg, "none") && strcmp(o.arg, "tty") && strcmp(o.arg, "if-tty")) {
                cmd_error(c, "invalid argument '%s' for '--color'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'always', 'yes', 'force'\n"
                                     "  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'\n");
                usage_tail(c);
                goto out;
            }
            break;   /* no terminal in the sandbox: output is never coloured */
        case '?':
            if (o.bad) cmd_error(c, "unrecognized option '%s'", o.bad);
            else cmd_error(c, "invalid option -- '%c'", o.opt);
            goto usage;
        case ':':
            if (o.bad) cmd_error(c, "option '%s' requires an argument", o.bad);
            else cmd_error(c, "option requires an argument -- '%c'", o.opt);
            goto usage;
        default:
            goto usage;
        }
    }
    for (size_t k = 0; k < nfilt; k++) {
        if (g.filters[k].kind == 'E') {
            g.filters[k].kind = 'e';
            g.filters[k].glob = excl_store.p + (uintptr_t)g.filters[k].glob;
        }
    }
    g.nfilters = nfilt;
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (!have_patterns) {
        if (nops == 0) goto usage;
        if (plist_split(c, &pl, ops[0], strlen(ops[0]), 0)) goto nomem;
        ops++;
        nops--;
    }
    if (context >= 0) {
        if (before < 0) before = context;
        if (after < 0) after = context;
    }
    g.ctx_given = (before >= 0 || after >= 0) && !g.only;
    g.before = before < 0 ? 0 : before;
    g.after = after < 0 ? 0 : after;
    if (g.only) g.before = g.after = 0;
    if (d == RX_PCRE && pl.n > 1) {
        cmd_error(c, "the -P option only supports a single pattern");
        goto out;
    }
    if (icase) rflags |= RX_ICASE;
    if (word && !line) rflags |= RX_WORD;
    if (line) rflags |= RX_LINE;
    {
        const char **pp = sk_malloc(c->a, (pl.n ? pl.n : 1) * sizeof *pp);
        if (!pp) goto nomem;
        for (size_t k = 0; k < pl.n; k++) pp[k] = pl.store.p + pl.off[k];
        rx_error e;
        int r = rx_compile_list(&g.re, c->a, c->lim, d, rflags, pp, pl.len, pl.n, &e, NULL);
        sk_free(c->a, pp);
        if (r) {
            cmd_error(c, "%s", r == RX_ENOMEM ? "memory exhausted" : e.msg);
            goto out;
        }
    }
    if (g.with_name == -2) {
        if (nops > 1) g.with_name = 1;
        else g.with_name = g.recursive ? -1 : 0;
    }
    if (nops == 0) {
        if (g.recursive) gs_operand(&g, ".", "");
        else gs_operand(&g, "-", "-");
    } else {
        for (int k = 0; k < nops && !g.stop; k++) gs_operand(&g, ops[k], ops[k]);
    }
    if (g.fatal) status = 2;
    else if (g.quiet && g.selected) status = 0;
    else if (g.error) status = 2;
    else if (g.list == 'L') status = g.listed ? 0 : 1;
    else status = g.selected ? 0 : 1;
    goto out;
usage:
    usage_tail(c);
    status = 2;
    goto out;
nomem:
    cmd_error(c, "memory exhausted");
    status = 2;
out:
    rx_free(g.re);
    sk_free(c->a, g.filters);
    sk_free(c->a, pl.off);
    sk_free(c->a, pl.len);
    sk_buf_free(&pl.store);
    sk_buf_free(&tmp);
    sk_buf_free(&excl_store);
    cmd_opts_free(&o, c);
    return status;
}

int cmd_grep(sk_cmd *c, int argc, char **argv) { return grep_main(c, argc, argv, 0); }

int cmd_egrep(sk_cmd *c, int argc, char **argv)
{
    cmd_error(c, "warning: egrep is obsolescent; using grep -E");
    c->name = "grep";
    return grep_main(c, argc, argv, 'E');
}

int cmd_fgrep(sk_cmd *c, int argc, char **argv)
{
    cmd_error(c, "warning: fgrep is obsolescent; using grep -F");
    c->name = "grep";
    return grep_main(c, argc, argv, 'F');
}
