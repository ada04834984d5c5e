/* rg.c — a ripgrep-compatible search over the shared line searcher.
 * Output is what rg prints when stdout is not a terminal (always, here):
 * no headings, no colours, no line numbers unless -n, "PATH:" prefixes
 * when a directory or several paths are searched.  Directories are walked
 * in sorted order; hidden files are skipped unless --hidden; binary files
 * are skipped.  Patterns are Rust-regex-like (PCRE2 underneath, Unicode
 * classes); -F fixed strings, -P PCRE.
 *
 * Ignore files: .ignore and .rgignore, and .gitignore inside a git
 * repository (see ignore.c), unless --no-ignore or -u.  Not implemented:
 * multiline search (-U), --json, --sort other than path order, ignore
 * files above the search root. */
#include <stdlib.h>
#include <string.h>

#include "search.h"

SK_CMD("rg", cmd_rg, "rg [-inwvxcloFSNH] [-A|-B|-C N] [-m N] [-g GLOB] [-t TYPE] [-r REPL] [--hidden] [--files] PATTERN [PATH]...: ripgrep-style recursive search");

static const struct { const char *name; const char *globs; } rg_types[] = {
    { "c", "*.c *.h" },
    { "cpp", "*.cpp *.cc *.cxx *.c++ *.hpp *.hh *.hxx *.h++ *.h *.inl" },
    { "css", "*.css *.scss" },
    { "csv", "*.csv" },
    { "go", "*.go" },
    { "html", "*.html *.htm *.xhtml" },
    { "java", "*.java" },
    { "js", "*.js *.jsx *.mjs *.cjs *.vue" },
    { "json", "*.json *.jsonl" },
    { "log", "*.log" },
    { "lua", "*.lua" },
    { "make", "Makefile makefile GNUmakefile *.mk *.mak" },
    { "markdown", "*.md *.markdown *.mdx *.mkd" },
    { "md", "*.md *.markdown *.mdx *.mkd" },
    { "php", "*.php *.php3 *.php4 *.php5 *.phtml" },
    { "py", "*.py *.pyi" },
    { "python", "*.py *.pyi" },
    { "rb", "*.rb *.gemspec Gemfile Rakefile" },
    { "ruby", "*.rb *.gemspec Gemfile Rakefile" },
    { "rust", "*.rs" },
    { "sh", "*.sh *.bash *.zsh *.ksh .bashrc .bash_profile .profile .zshrc" },
    { "sql", "*.sql" },
    { "toml", "*.toml Cargo.lock" },
    { "ts", "*.ts *.tsx *.mts *.cts" },
    { "txt", "*.txt" },
    { "typescript", "*.ts *.tsx *.mts *.cts" },
    { "xml", "*.xml *.xsd *.xsl *.xslt *.svg" },
    { "yaml", "*.yaml *.yml" },
};

enum {
    R_HIDDEN = 256, R_NO_IGNORE, R_FILES, R_HEADING, R_NO_HEADING, R_COLOR, R_SORT, R_NULL,
    R_FWOM, R_COUNT_MATCHES, R_NO_MESSAGES, R_TYPE_LIST, R_HELP, R_IGLOB, R_MAX_DEPTH,
    R_COLUMN, R_TRIM, R_NO_FILENAME, R_CONTEXT_SEP, R_STATS,
};

static const cmd_longopt rg_longs[] = {
    { "line-number", 0, 'n' }, { "no-line-number", 0, 'N' }, { "ignore-case", 0, 'i' },
    { "case-sensitive", 0, 's' }, { "smart-case", 0, 'S' }, { "word-regexp", 0, 'w' },
    { "line-regexp", 0, 'x' }, { "invert-match", 0, 'v' }, { "count", 0, 'c' },
    { "count-matches", 0, R_COUNT_MATCHES }, { "files-with-matches", 0, 'l' },
    { "files-without-match", 0, R_FWOM }, { "only-matching", 0, 'o' }, { "fixed-strings", 0, 'F' },
    { "regexp", 1, 'e' }, { "file", 1, 'f' }, { "max-count", 1, 'm' }, { "after-context", 1, 'A' },
    { "before-context", 1, 'B' }, { "context", 1, 'C' }, { "with-filename", 0, 'H' },
    { "no-filename", 0, 'I' }, { "glob", 1, 'g' }, { "iglob", 1, R_IGLOB }, { "type", 1, 't' },
    { "type-not", 1, 'T' }, { "hidden", 0, R_HIDDEN }, { "no-ignore", 0, R_NO_IGNORE },
    { "unrestricted", 0, 'u' }, { "follow", 0, 'L' }, { "replace", 1, 'r' }, { "quiet", 0, 'q' },
    { "files", 0, R_FILES }, { "pcre2", 0, 'P' }, { "null", 0, '0' }, { "text", 0, 'a' },
    { "heading", 0, R_HEADING }, { "no-heading", 0, R_NO_HEADING }, { "color", 1, R_COLOR },
    { "colour", 1, R_COLOR }, { "sort", 1, R_SORT }, { "no-messages", 0, R_NO_MESSAGES },
    { "type-list", 0, R_TYPE_LIST }, { "help", 0, R_HELP }, { "max-depth", 1, R_MAX_DEPTH },
    { "column", 0, R_COLUMN }, { "trim", 0, R_TRIM }, { "context-separator", 1, R_CONTEXT_SEP },
    { "stats", 0, R_STATS }, { "pretty", 0, 'p' }, { "search-zip", 0, 'z' }, { "multiline", 0, 'U' },
    { "version", 0, 'V' }, { NULL, 0, 0 },
};

typedef struct sl {
    char **v;
    size_t n, cap;
} sl;

static int sl_add(sk_cmd *c, sl *l, char *s)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 8;
        char **nv = sk_realloc(c->a, l->v, nc * sizeof *nv);
        if (!nv) return -1;
        l->v = nv;
        l->cap = nc;
    }
    l->v[l->n++] = s;
    return 0;
}

static int add_filter(sk_cmd *c, gsearch *g, size_t *cap, const char *glob, int negate)
{
    if (g->nfilters == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        gs_filter *nf = sk_realloc(c->a, g->filters, nc * sizeof *nf);
        if (!nf) return -1;
        g->filters = nf;
        *cap = nc;
    }
    if (glob[0] == '!') {
        negate = !negate;
        glob++;
    }
    g->filters[g->nfilters].kind = 'g';
    g->filters[g->nfilters].negate = negate;
    g->filters[g->nfilters].glob = glob;
    g->nfilters++;
    return 0;
}

static int has_upper(const char *s)
{
    for (; *s; s++) {
        if (*s == '\\' && s[1]) { s++; continue; }   /* \W, \S, \D are not literals */
        if (*s >= 'A' && *s <= 'Z') return 1;
    }
    return 0;
}

static int rg_error(sk_cmd *c, const char *msg)
{
    cmd_error(c, "%s", msg);
    return 2;
}

int cmd_rg(sk_cmd *c, int argc, char **argv)
{
    gsearch g;
    memset(&g, 0, sizeof g);
    g.c = c;
    g.rg = 1;
    g.max_count = -1;
    g.eol = '\n';
    g.sep = "--";
    g.with_name = -2;
    g.recursive = 1;
    g.binmode = GS_BIN_BINARY;
    sl pats = { 0 }, owned = { 0 };
    sk_buf fileb = SK_BUF_INIT(c->a);
    size_t fcap = 0;
    int icase = 0, smart = 0, word = 0, line = 0, fixed = 0, pcre = 0, files_mode = 0;
    int status = 2, have_pat = 0;
    long long before = -1, after = -1, context = -1;
    unsigned unrestricted = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "0A:B:C:FHILNPST:UVabce:f:g:hilm:nopqr:st:uvwxz", rg_longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'n': g.lineno = 1; break;
        case 'N': g.lineno = 0; break;
        case 'i': icase = 1; smart = 0; break;
        case 's': icase = 0; smart = 0; break;
        case 'S': smart = 1; icase = 0; break;
        case 'w': word = 1; break;
        case 'x': line = 1; break;
        case 'v': g.invert = 1; break;
        case 'c': case R_COUNT_MATCHES: g.count = 1; break;
        case 'l': g.list = 'l'; break;
        case R_FWOM: g.list = 'L'; break;
        case 'o': g.only = 1; break;
        case 'F': fixed = 1; break;
        case 'P': pcre = 1; break;
        case 'e': if (sl_add(c, &pats, o.arg)) goto nomem; have_pat = 1; break;
        case 'f': {
            sk_buf_clear(&fileb);
            int st = cmd_read_all(c, o.arg, &fileb);
            if (st) {
                cmd_error(c, "%s: %s (os error 2)", o.arg, sk_status_message(st));
                goto out;
            }
            /* patterns live in fileb: split in place (one -f supported) */
            if (sk_buf_putc(&fileb, 0)) goto nomem;
            char *p = fileb.p;
            char *end = fileb.p + fileb.len - 1;
            while (p < end) {
                char *nl = memchr(p, '\n', (size_t)(end - p));
                if (nl) *nl = 0;
                if (sl_add(c, &pats, p)) goto nomem;
                p = nl ? nl + 1 : end;
            }
            have_pat = 1;
            break;
        }
        case 'm': {
            char *e;
            g.max_count = strtoll(o.arg, &e, 10);
            if (*e || e == o.arg) {
                cmd_error(c, "error parsing flag -m: invalid value '%s'", o.arg);
                goto out;
            }
            break;
        }
        case 'A': after = atoll(o.arg); break;
        case 'B': before = atoll(o.arg); break;
        case 'C': context = atoll(o.arg); break;
        case 'H': g.with_name = 1; break;
        case 'I': case R_NO_FILENAME: g.with_name = 0; break;
        case 'g': if (add_filter(c, &g, &fcap, o.arg, 0)) goto nomem; break;
        case R_IGLOB: if (add_filter(c, &g, &fcap, o.arg, 0)) goto nomem; break;
        case 't': case 'T': {
            size_t k, nt = sizeof rg_types / sizeof rg_types[0];
            for (k = 0; k < nt; k++)
                if (!strcmp(rg_types[k].name, o.arg)) break;
            if (k == nt) {
                cmd_error(c, "error parsing flag -%c: unrecognized file type: %s", ch, o.arg);
                goto out;
            }
            /* the type's globs, NUL-terminated copies kept in `owned` */
            const char *gl = rg_types[k].globs;
            while (*gl) {
                const char *sp = strchr(gl, ' ');
                size_t l = sp ? (size_t)(sp - gl) : strlen(gl);
                char *copy = sk_strndup(c->a, gl, l);
                if (!copy) goto nomem;
                if (sl_add(c, &owned, copy)) { sk_free(c->a, copy); goto nomem; }
                if (add_filter(c, &g, &fcap, copy, ch == 'T')) goto nomem;
                gl += l;
                while (*gl == ' ') gl++;
            }
            break;
        }
        case R_HIDDEN: g.hidden = 1; break;
        case R_NO_IGNORE: g.no_ignore = 1; break;
        case 'u':
            unrestricted++;
            g.no_ignore = 1;
            if (unrestricted >= 2) g.hidden = 1;
            if (unrestricted >= 3) g.binmode = GS_BIN_TEXT;
            break;
        case 'L': g.recursive = 2; break;
        case 'r': g.replace = o.arg; break;
        case 'q': g.quiet = 1; break;
        case R_FILES: files_mode = 1; break;
        case '0': g.null_name = 1; break;
        case 'a': g.binmode = GS_BIN_TEXT; break;
        case R_CONTEXT_SEP: g.sep = o.arg; break;
        case R_NO_MESSAGES: g.suppress = 1; break;
        case R_TYPE_LIST:
            for (size_t k = 0; k < sizeof rg_types / sizeof rg_types[0]; k++) {
                sk_out_printf(&c->out, "%s: ", rg_types[k].name);
                for (const char *q = rg_types[k].globs; *q; q++) sk_out_putc(&c->out, *q == ' ' ? ',' : *q);
                sk_out_putc(&c->out, '\n');
            }
            status = 0;
            goto out;
        case 'V':
            sk_out_puts(&c->out, "ripgrep 13.0.0 (sandkiste " SK_VERSION ")\n");
            status = 0;
            goto out;
        case R_HELP: case 'h':
            sk_out_puts(&c->out, "Usage: rg [OPTIONS] PATTERN [PATH ...]\n       rg [OPTIONS] -e PATTERN ... [PATH ...]\n"
                                 "       rg [OPTIONS] --files [PATH ...]\n"
                                 "Search PATHs (default: stdin when it is a pipe or file, else .) for PATTERN.\n");
            status = 0;
            goto out;
        case R_HEADING: case R_NO_HEADING: case R_COLOR: case R_SORT: case R_MAX_DEPTH:
        case R_COLUMN: case R_TRIM: case R_STATS: case 'p': case 'z': case 'U': case 'b':
            break;
        case '?':
            if (o.bad) cmd_error(c, "unrecognized flag %s", o.bad);
            else cmd_error(c, "unrecognized flag -%c", o.opt);
            goto out;
        case ':':
            if (o.bad) cmd_error(c, "flag %s requires a value", o.bad);
            else cmd_error(c, "flag -%c requires a value", o.opt);
            goto out;
        default:
            goto out;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (!have_pat && !files_mode) {
        if (nops == 0) {
            status = rg_error(c, "error: the following required arguments were not provided:\n  <PATTERN>");
            goto out;
        }
        if (sl_add(c, &pats, ops[0])) goto nomem;
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
    if (smart) {
        icase = 1;
        for (size_t k = 0; k < pats.n; k++)
            if (has_upper(pats.v[k])) icase = 0;
    }
    if (!files_mode) {
        unsigned flags = RX_UTF8;
        if (icase) flags |= RX_ICASE;
        if (line) flags |= RX_LINE;
        else if (word) flags |= RX_WORD;
        size_t *lens = sk_malloc(c->a, (pats.n ? pats.n : 1) * sizeof *lens);
        if (!lens) goto nomem;
        for (size_t k = 0; k < pats.n; k++) lens[k] = strlen(pats.v[k]);
        rx_error e;
        int r = rx_compile_list(&g.re, c->a, c->lim, fixed ? RX_LITERAL : pcre ? RX_PCRE : RX_RUST, flags,
                                (const char *const *)pats.v, lens, pats.n, &e, NULL);
        sk_free(c->a, lens);
        if (r) {
            if (r == RX_ENOMEM) goto nomem;
            cmd_error(c, "regex parse error:\n    %s\nerror: %s", pats.n ? pats.v[0] : "", e.msg);
            goto out;
        }
    }
    /* no path: stdin when something is piped or redirected in, else "." */
    int use_stdin = 0;
    if (nops == 0 && !files_mode && c->in) {
        sk_stream *s = c->in;
        use_stdin = s->kind == SK_ST_PIPE || s->kind == SK_ST_FILE ||
                    (s->kind == SK_ST_MEM && s->u.mem.len > 0);
    }
    if (g.with_name == -2) {
        if (nops > 1) g.with_name = 1;
        else g.with_name = -1;   /* names once a directory is entered */
    }
    if (files_mode) {
        g.files_only = 1;
        if (nops == 0) gs_operand(&g, ".", "");
        for (int k = 0; k < nops && !g.stop; k++) gs_operand(&g, ops[k], ops[k]);
        status = g.error ? 2 : g.selected ? 0 : 1;
        goto out;
    }
    if (nops == 0) {
        if (use_stdin) {
            if (g.with_name < 0) g.with_name = 0;
            gs_operand(&g, "-", "-");
        } else {
            gs_operand(&g, ".", "");
        }
    } else {
        for (int k = 0; k < nops && !g.stop; k++) gs_operand(&g, ops[k], ops[k]);
    }
    if (g.fatal) status = 2;
    else if (g.quiet && g.selected) status = 0;
    else if (g.error) status = 2;
    else if (g.list == 'L') status = g.listed ? 0 : 1;
    else status = g.selected ? 0 : 1;
    goto out;
nomem:
    cmd_error(c, "memory exhausted");
    status = 2;
out:
    rx_free(g.re);
    for (size_t k = 0; k < owned.n; k++) sk_free(c->a, owned.v[k]);
    sk_free(c->a, owned.v);
    sk_free(c->a, g.filters);
    sk_free(c->a, pats.v);
    sk_buf_free(&fileb);
    cmd_opts_free(&o, c);
    return status;
}
