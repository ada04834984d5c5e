/* xargs.c — xargs: build command lines from input items (GNU findutils
 * semantics) and run them through the shell (c->exec).
 *
 * Input is parsed the way GNU xargs does: blanks and newlines separate
 * items; '...' and "..." quote (within one line), a backslash escapes any
 * byte; a line ending in a blank continues on the next line (for -L);
 * -0 / -d take items verbatim between delimiters.  Commands are run one
 * at a time, in order (-P is accepted; the sandbox runs sequentially and
 * hands out --process-slot-var slots round-robin), with stdin on
 * /dev/null unless the items come from -a FILE.  Exit status: 123 when a
 * command failed, 124 when one exited 255, 125 when one was killed, 126 /
 * 127 when a command could not be run, 1 for xargs's own errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "miscutil.h"

SK_CMD("xargs", cmd_xargs, "xargs [-0] [-d DELIM] [-n N] [-L N] [-I STR] [-r] [-t] [-a FILE] [COMMAND [ARG]...]: run COMMAND with arguments read from stdin (default echo)");

#define XA_ARG_MAX_DEFAULT 131072
#define XA_ARG_MAX_LIMIT 2088628

enum { XA_FATAL = -1 };

typedef struct xa {
    sk_cmd *c;
    /* options */
    int delim;                /* -1: quoted input; otherwise the byte */
    const char *eof_str;
    const char *replace;
    long max_lines, max_args;
    size_t arg_max;
    int exit_if_too_big, no_run_empty, verbose, interactive, procs;
    const char *slot_var;
    /* the command */
    char **init;
    int ninit;
    size_t init_chars;
    /* the batch being built */
    char **args;
    int nargs, cap;
    size_t chars;
    long lineno;
    int nexec;
    int child_error;
    int status;               /* set when xargs must stop */
    int stopped;
    /* input */
    sk_in in;
    int eof, prevc;
    int nulwarned;
    sk_buf line;
    /* descriptors for the commands (stdin on /dev/null) */
    sk_fdtab cfds;
    int have_cfds;
} xa;

/* ---- running a command -------------------------------------------------- */

static int needs_quote(const unsigned char *s, size_t i)
{
    unsigned char ch = s[i];
    if (ch < 32 || ch == 127) return 1;
    if (strchr("!\"$&'()*;<=>?[\\^`| ", ch)) return 1;
    if ((ch == '#' || ch == '~') && i == 0) return 1;
    return 0;
}

static int dq_compat(const unsigned char *s, size_t i)
{
    unsigned char ch = s[i];
    if (ch >= 128) return 1;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) return 1;
    if (strchr(" ]%+,-./:@_'", ch) && ch) return 1;
    if ((ch == '#' || ch == '~') && i == 0) return 1;
    return 0;
}

/* Length of a valid UTF-8 sequence at s (0 when invalid). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char b = s[0];
    size_t k = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0;
    if (!k || k > n) return 0;
    for (size_t j = 1; j < k; j++)
        if ((s[j] & 0xC0) != 0x80) return 0;
    return k;
}

/* GNU quotearg "shell-escape" style, as xargs -t prints arguments. */
static void put_quoted(sk_out *o, const char *arg)
{
    const unsigned char *s = (const unsigned char *)arg;
    size_t n = strlen(arg);
    if (!n) { sk_out_puts(o, "''"); return; }
    int quote = 0, squote = 0, compat = 1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] >= 128) {
            size_t k = utf8_len(s + i, n - i);
            if (!k) { quote = 1; compat = 0; continue; }
            i += k - 1;
            continue;
        }
        if (needs_quote(s, i)) quote = 1;
        if (s[i] == '\'') squote = 1;
        if (!dq_compat(s, i)) compat = 0;
    }
    if (!quote) { sk_out_puts(o, arg); return; }
    if (squote && compat) {
        sk_out_putc(o, '"');
        sk_out_puts(o, arg);
        sk_out_putc(o, '"');
        return;
    }
    /* GNU quotearg writes $'..' segments for control bytes.  When the
     * string also has a single quote it is processed twice, and the second
     * pass starts in the first pass's final state (inside $'..' when the
     * string ends with a control byte), which shows as extra quotes:
     * "a'" + newline prints as '''a'\'''$'\n'.  Reproduced as is. */
    int pending = 0;
    if (squote) {
        size_t last = n - 1;
        while (last > 0 && (s[last] & 0xC0) == 0x80) last--;
        unsigned char lc = s[last];
        pending = lc < 32 || lc == 127 || (lc >= 128 && !utf8_len(s + last, n - last));
    }
    sk_out_putc(o, '\'');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = s[i];
        size_t k = ch >= 128 ? utf8_len(s + i, n - i) : 0;
        if (ch < 32 || ch == 127 || (ch >= 128 && !k)) {
            static const char names[] = "abtnvfr";
            if (!pending) sk_out_puts(o, "'$'");
            pending = 1;
            sk_out_putc(o, '\\');
            if (ch >= 7 && ch <= 13) sk_out_putc(o, names[ch - 7]);
            else sk_out_printf(o, "%03o", ch);
            continue;
        }
        if (ch == '\'') {
            sk_out_puts(o, "'\\''");
            pending = 0;
            continue;
        }
        if (pending) sk_out_puts(o, "''");
        pending = 0;
        if (k) {
            sk_out_write(o, s + i, k);
            i += k - 1;
            continue;
        }
        sk_out_putc(o, ch);
    }
    sk_out_putc(o, '\'');
}

static int exec_argv(xa *x, int argc, char **argv)
{
    sk_cmd *c = x->c;
    if (x->verbose || x->interactive) {
        sk_out_flush(&c->out);
        for (int i = 0; i < argc; i++) {
            if (i) sk_out_putc(&c->err, ' ');
            put_quoted(&c->err, argv[i]);
        }
        if (x->interactive) {
            sk_out_puts(&c->err, " ?...");
            sk_out_flush(&c->err);
            cmd_error(c, "failed to open /dev/tty for reading: No such device or address");
            x->status = 1;
            return XA_FATAL;
        }
        sk_out_putc(&c->err, '\n');
        sk_out_flush(&c->err);
    }
    if (!c->exec) {
        cmd_error(c, "%s: cannot run commands here", argv[0]);
        x->status = 126;
        return XA_FATAL;
    }
    sk_out_flush(&c->out);
    sk_fdtab *save = c->fds;
    if (x->have_cfds) c->fds = &x->cfds;
    int st;
    int slot = x->procs > 0 ? x->nexec % x->procs : x->nexec;
    x->nexec++;
    if (x->slot_var && (c->exec_env || c->script)) {
        char buf[300];
        snprintf(buf, sizeof buf, "%s=%d", x->slot_var, slot);
        char *assign[1] = { buf };
        st = mu_exec_env(c, 1, assign, 0, argc, argv);
    } else {
        st = c->exec(c, argc, argv);
    }
    c->fds = save;
    if (cmd_aborted(c)) {
        x->status = st ? st : 1;
        return XA_FATAL;
    }
    if (st == 255) {
        cmd_error(c, "%s: exited with status 255; aborting", argv[0]);
        x->status = 124;
        return XA_FATAL;
    }
    if (st == 126 || st == 127) {
        x->status = st;
        return XA_FATAL;
    }
    if (st > 128 && st <= 128 + 64) {
        cmd_error(c, "%s: terminated by signal %d", argv[0], st - 128);
        x->status = 125;
        return XA_FATAL;
    }
    if (st) x->child_error = 123;
    return 0;
}

static void clear_args(xa *x)
{
    for (int i = x->ninit; i < x->nargs; i++) sk_free(x->c->a, x->args[i]);
    x->nargs = x->ninit;
    x->chars = x->init_chars;
}

/* Run the batch built so far. */
static int do_exec(xa *x)
{
    if (x->stopped) return XA_FATAL;
    x->args[x->nargs] = NULL;
    int r = exec_argv(x, x->nargs, x->args);
    clear_args(x);
    x->lineno = 0;
    if (r) x->stopped = 1;
    return r;
}

static int fatal(xa *x, const char *msg)
{
    if (msg) cmd_error(x->c, "%s", msg);
    x->status = 1;
    x->stopped = 1;
    return XA_FATAL;
}

/* Append one item (copied) to the batch, running it first when full. */
static int push_arg(xa *x, const char *arg, size_t len)
{
    size_t need = len + 1;
    if (x->chars + need > x->arg_max) {
        if (x->nargs == x->ninit) return fatal(x, "cannot fit single argument within argument list size limit");
        if (x->exit_if_too_big && (x->max_lines || x->max_args)) return fatal(x, "argument list too long");
        if (do_exec(x)) return XA_FATAL;
    }
    if (x->nargs + 2 > x->cap) {
        int ncap = x->cap * 2;
        char **n = sk_realloc(x->c->a, x->args, (size_t)ncap * sizeof *n);
        if (!n) return fatal(x, "memory exhausted");
        x->args = n;
        x->cap = ncap;
    }
    char *copy = sk_malloc(x->c->a, len + 1);
    if (!copy) return fatal(x, "memory exhausted");
    memcpy(copy, arg, len);
    copy[len] = 0;
    x->args[x->nargs++] = copy;
    x->chars += need;
    if (x->max_args && x->nargs - x->ninit >= x->max_args) return do_exec(x);
    return 0;
}

/* ---- reading items ---------------------------------------------------- */

static int next_byte(xa *x)
{
    if (x->in.pos < x->in.len) return (unsigned char)x->in.buf[x->in.pos++];
    if (!x->in.s) return -1;
    char ch;
    int64_t r = sk_in_read(&x->in, &ch, 1);
    if (r <= 0) return -1;
    return (unsigned char)ch;
}

static int is_eof_str(xa *x)
{
    return x->eof_str && !strcmp(sk_buf_cstr(&x->line), x->eof_str);
}

/* Item too long for any command line. */
static int line_too_long(xa *x)
{
    if (x->nargs > x->ninit) do_exec(x);
    return fatal(x, "argument line too long");
}

static int add_byte(xa *x, int ch)
{
    if (ch == 0 && !x->nulwarned) {
        cmd_error(x->c, "WARNING: a NUL character occurred in the input.  It cannot be passed through in the "
                        "argument list.  Did you mean to use the --null option?");
        x->nulwarned = 1;
    }
    if ((x->replace ? 0 : x->init_chars) + x->line.len + 1 >= x->arg_max) return line_too_long(x);
    if (sk_buf_putc(&x->line, ch)) return fatal(x, "memory exhausted");
    return 0;
}

/* An item ends: C strings stop at a NUL byte, as in GNU xargs. */
static size_t item_len(xa *x) { return x->line.len ? strlen(x->line.p) : 0; }

/* Read one logical line of quoted input (GNU read_line).  Returns 1 when a
 * line was read (its items pushed unless -I), 0 at the end, XA_FATAL. */
static int read_line(xa *x)
{
    enum { SPACE, NORM, SQUOTE, DQUOTE, BACKSLASH } state = SPACE;
    int first = 1, seen = 0;
    sk_buf_clear(&x->line);
    if (x->eof) return 0;
    for (;;) {
        if (cmd_aborted(x->c)) return fatal(x, NULL);
        int prevc = x->prevc;
        int ch = next_byte(x);
        x->prevc = ch;
        if (ch < 0) {
            x->eof = 1;
            if (!x->line.len && !seen) return 0;
            if (state == SQUOTE || state == DQUOTE) {
                if (x->nargs > x->ninit) do_exec(x);
                cmd_error(x->c, "unmatched %s quote; by default quotes are special to xargs unless you use the -0 option",
                          state == SQUOTE ? "single" : "double");
                return fatal(x, NULL);
            }
            if (first && is_eof_str(x)) return 0;
            if (!x->replace && push_arg(x, x->line.p ? x->line.p : "", item_len(x))) return XA_FATAL;
            return 1;
        }
        switch (state) {
        case SPACE:
            if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r') continue;
            state = NORM;
            /* fall through */
        case NORM:
            if (ch == '\n') {
                if (prevc != ' ' && prevc != '\t') x->lineno++;
                if (!x->line.len && !seen) { state = SPACE; continue; }
                if (is_eof_str(x)) { x->eof = 1; return first ? 0 : 1; }
                if (!x->replace && push_arg(x, x->line.p ? x->line.p : "", item_len(x))) return XA_FATAL;
                return 1;
            }
            seen = 1;
            if (!x->replace && (ch == ' ' || ch == '\t')) {
                if (is_eof_str(x)) { x->eof = 1; return first ? 0 : 1; }
                if (push_arg(x, x->line.p ? x->line.p : "", item_len(x))) return XA_FATAL;
                sk_buf_clear(&x->line);
                state = SPACE;
                first = 0;
                continue;
            }
            if (ch == '\\') { state = BACKSLASH; continue; }
            if (ch == '\'') { state = SQUOTE; continue; }
            if (ch == '"') { state = DQUOTE; continue; }
            break;
        case SQUOTE:
        case DQUOTE:
            if (ch == '\n') {
                if (x->nargs > x->ninit) do_exec(x);
                cmd_error(x->c, "unmatched %s quote; by default quotes are special to xargs unless you use the -0 option",
                          state == SQUOTE ? "single" : "double");
                return fatal(x, NULL);
            }
            if (ch == (state == SQUOTE ? '\'' : '"')) { state = NORM; continue; }
            break;
        case BACKSLASH:
            state = NORM;
            break;
        }
        if (add_byte(x, ch)) return XA_FATAL;
    }
}

/* -0 / -d: items between delimiters, verbatim (GNU read_string). */
static int read_string(xa *x)
{
    sk_buf_clear(&x->line);
    if (x->eof) return 0;
    for (;;) {
        if (cmd_aborted(x->c)) return fatal(x, NULL);
        int ch = next_byte(x);
        if (ch < 0) {
            x->eof = 1;
            if (!x->line.len) return 0;
            if (!x->replace && push_arg(x, x->line.p, item_len(x))) return XA_FATAL;
            return 1;
        }
        if (ch == x->delim) {
            x->lineno++;
            if (!x->replace && push_arg(x, x->line.p ? x->line.p : "", item_len(x))) return XA_FATAL;
            return 1;
        }
        if ((x->replace ? 0 : x->init_chars) + x->line.len + 1 >= x->arg_max) return line_too_long(x);
        if (sk_buf_putc(&x->line, ch)) return fatal(x, "memory exhausted");
    }
}

static int read_args(xa *x) { return x->delim < 0 ? read_line(x) : read_string(x); }

/* -I: one command per input line, R replaced in every initial argument. */
static int run_replace(xa *x)
{
    sk_cmd *c = x->c;
    int r;
    sk_buf arg = SK_BUF_INIT(c->a);
    char **argv = sk_malloc(c->a, (size_t)(x->ninit + 1) * sizeof *argv);
    if (!argv) return fatal(x, "memory exhausted");
    for (int i = 0; i <= x->ninit; i++) argv[i] = NULL;
    size_t rlen = strlen(x->replace);
    while ((r = read_args(x)) == 1) {
        const char *item = x->line.p ? x->line.p : "";
        size_t ilen = item_len(x), total = 0;
        int bad = 0;
        for (int i = 0; i < x->ninit; i++) {
            sk_buf_clear(&arg);
            if (sk_buf_puts(&arg, "")) { bad = 1; break; }
            const char *s = x->init[i];
            for (;;) {
                const char *hit = rlen ? strstr(s, x->replace) : NULL;
                if (!hit) {
                    if (sk_buf_puts(&arg, s)) bad = 1;
                    break;
                }
                if (sk_buf_put(&arg, s, (size_t)(hit - s)) || sk_buf_put(&arg, item, ilen)) bad = 1;
                s = hit + rlen;
            }
            sk_free(c->a, argv[i]);
            argv[i] = bad ? NULL : sk_buf_take(&arg, NULL);
            if (!argv[i]) { bad = 1; break; }
            total += strlen(argv[i]) + 1;
        }
        if (bad) { r = fatal(x, "memory exhausted"); break; }
        if (total > x->arg_max) { r = fatal(x, "argument list too long"); break; }
        if (exec_argv(x, x->ninit, argv)) { r = XA_FATAL; break; }
    }
    for (int i = 0; i < x->ninit; i++) sk_free(c->a, argv[i]);
    sk_free(c->a, argv);
    sk_buf_free(&arg);
    return r;
}

/* ---- options ------------------------------------------------------------- */

/* Parse a count option value (>= 1); GNU's messages. */
static int parse_count(xa *x, const char *val, int opt, long min, long *out)
{
    char *end;
    long v = strtol(val, &end, 10);
    if (!*val || *end) {
        cmd_error(x->c, "invalid number \"%s\" for -%c option", val, opt);
        mu_try_help(x->c);
        return -1;
    }
    if (v < min) {
        cmd_error(x->c, "value %s for -%c option should be >= %ld", val, opt, min);
        mu_try_help(x->c);
        return -1;
    }
    *out = v;
    return 0;
}

/* -d argument: one byte, or a C escape (\n, \t, \0, \x41, \101). */
static int parse_delim(xa *x, const char *s)
{
    if (s[0] && !s[1]) return (unsigned char)s[0];
    if (s[0] == '\\') {
        switch (s[1]) {
        case 'a': if (!s[2]) return '\a'; break;
        case 'b': if (!s[2]) return '\b'; break;
        case 'f': if (!s[2]) return '\f'; break;
        case 'n': if (!s[2]) return '\n'; break;
        case 'r': if (!s[2]) return '\r'; break;
        case 't': if (!s[2]) return '\t'; break;
        case 'v': if (!s[2]) return '\v'; break;
        case '\\': if (!s[2]) return '\\'; break;
        case 'x': {
            char *end;
            long v = strtol(s + 2, &end, 16);
            if (s[2] && !*end && v >= 0 && v < 256) return (int)v;
            cmd_error(x->c, "invalid escape sequence %s in input delimiter specification", s);
            return -1;
        }
        default:
            if (s[1] >= '0' && s[1] <= '7') {
                char *end;
                long v = strtol(s + 1, &end, 8);
                if (!*end && v < 256) return (int)v;
                cmd_error(x->c, "invalid escape sequence %s in input delimiter specification", s);
                return -1;
            }
        }
    }
    cmd_error(x->c, "Invalid input delimiter specification %s: the delimiter must be either a single character or an escape sequence starting with \\.", s);
    return -1;
}

typedef struct xa_long {
    const char *name;
    int has_arg;          /* 0 none, 1 required, 2 optional */
    int val;
} xa_long;

enum { O_SLOT = 1000, O_SHOWLIMITS, O_HELP, O_VERSION };

static const xa_long xa_longs[] = {
    { "null", 0, '0' }, { "arg-file", 1, 'a' }, { "delimiter", 1, 'd' }, { "eof", 2, 'e' },
    { "replace", 2, 'i' }, { "max-lines", 2, 'l' }, { "max-args", 1, 'n' }, { "open-tty", 0, 'o' },
    { "max-procs", 1, 'P' }, { "interactive", 0, 'p' }, { "process-slot-var", 1, O_SLOT },
    { "no-run-if-empty", 0, 'r' }, { "max-chars", 1, 's' }, { "show-limits", 0, O_SHOWLIMITS },
    { "verbose", 0, 't' }, { "exit", 0, 'x' }, { "help", 0, O_HELP }, { "version", 0, O_VERSION },
    { NULL, 0, 0 },
};

static void usage(sk_cmd *c)
{
    sk_out_puts(&c->out,
                "Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...\n"
                "Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.\n\n"
                "  -0, --null                   items are separated by a null, not whitespace\n"
                "  -a, --arg-file=FILE          read arguments from FILE, not standard input\n"
                "  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER\n"
                "  -E END                       set logical EOF string\n"
                "  -I R                         same as --replace=R\n"
                "  -i, --replace[=R]            replace R in INITIAL-ARGS with names read from input\n"
                "  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per command line\n"
                "  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line\n"
                "  -P, --max-procs=MAX-PROCS    run at most MAX-PROCS processes at a time\n"
                "      --process-slot-var=VAR   set environment variable VAR in child processes\n"
                "  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND\n"
                "  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS\n"
                "  -t, --verbose                print commands before executing them\n"
                "  -x, --exit                   exit if the size (see -s) is exceeded\n");
}

int cmd_xargs(sk_cmd *c, int argc, char **argv)
{
    xa x;
    memset(&x, 0, sizeof x);
    x.c = c;
    x.delim = -1;
    x.arg_max = XA_ARG_MAX_DEFAULT;
    x.procs = 1;
    x.prevc = '\n';
    sk_buf_init(&x.line, c->a);
    const char *argfile = NULL;
    int i = 1, status = 0;
    long v;
    /* options stop at the first operand (GNU getopt with '+') */
    while (i < argc) {
        char *a = argv[i];
        if (!strcmp(a, "--")) { i++; break; }
        if (a[0] != '-' || !a[1]) break;
        i++;
        if (a[1] == '-') {
            const char *name = a + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const xa_long *hit = NULL;
            int nhits = 0;
            for (const xa_long *l = xa_longs; l->name; l++) {
                if (strncmp(l->name, name, len)) continue;
                hit = l;
                nhits++;
                if (strlen(l->name) == len) { nhits = 1; break; }
            }
            if (nhits != 1 || (!hit->has_arg && eq)) {
                cmd_bad_long_option(c, a);
                status = 1;
                goto out;
            }
            const char *val = eq ? eq + 1 : NULL;
            if (hit->has_arg == 1 && !val) {
                if (i >= argc) {
                    cmd_error(c, "option '%s' requires an argument", a);
                    mu_try_help(c);
                    status = 1;
                    goto out;
                }
                val = argv[i++];
            }
            switch (hit->val) {
            case '0': x.delim = 0; break;
            case 'a': argfile = val; break;
            case 'd': if ((x.delim = parse_delim(&x, val)) < 0) { status = 1; goto out; } break;
            case 'e': x.eof_str = val && *val ? val : NULL; break;
            case 'i': x.replace = val ? val : "{}"; x.max_lines = 0; x.max_args = 0; break;
            case 'l':
                if (val) { if (parse_count(&x, val, 'L', 1, &v)) { status = 1; goto out; } x.max_lines = v; }
                else x.max_lines = 1;
                x.max_args = 0; x.replace = NULL; x.exit_if_too_big = 1;
                break;
            case 'n':
                if (parse_count(&x, val, 'n', 1, &v)) { status = 1; goto out; }
                x.max_args = v; x.max_lines = 0;
                break;
            case 'o': break;
            case 'P': if (parse_count(&x, val, 'P', 0, &v)) { status = 1; goto out; } x.procs = (int)(v > 1000000 ? 1000000 : v); break;
            case 'p': x.interactive = 1; x.verbose = 1; break;
            case O_SLOT: x.slot_var = val; break;
            case 'r': x.no_run_empty = 1; break;
            case 's':
                if (parse_count(&x, val, 's', 1, &v)) { status = 1; goto out; }
                x.arg_max = (size_t)(v > XA_ARG_MAX_LIMIT ? XA_ARG_MAX_LIMIT : v);
                break;
            case O_SHOWLIMITS:
                sk_out_printf(&c->err,
                              "Your environment variables take up 0 bytes\n"
                              "POSIX upper limit on argument length (this system): %d\n"
                              "POSIX smallest allowable upper limit on argument length (all systems): 4096\n"
                              "Maximum length of command we could actually use: %d\n"
                              "Size of command buffer we are actually using: %zu\n"
                              "Maximum parallelism (--max-procs must be no greater): 2147483647\n",
                              XA_ARG_MAX_LIMIT, XA_ARG_MAX_LIMIT, x.arg_max);
                break;
            case 't': x.verbose = 1; break;
            case 'x': x.exit_if_too_big = 1; break;
            case O_HELP: usage(c); goto out;
            case O_VERSION: mu_help_version(c, 2, (char *[]){ argv[0], (char *)"--version", NULL }, "xargs (GNU findutils) 4.9.0"); goto out;
            }
            continue;
        }
        for (int k = 1; a[k]; k++) {
            int ch = a[k];
            const char *rest = a + k + 1;
            const char *val = NULL;
            if (strchr("aEIdnsPL", ch)) {
                if (*rest) val = rest;
                else if (i < argc) val = argv[i++];
                else {
                    cmd_error(c, "option requires an argument -- '%c'", ch);
                    mu_try_help(c);
                    status = 1;
                    goto out;
                }
            } else if (strchr("eil", ch)) {
                val = *rest ? rest : NULL;
            } else if (!strchr("0oprtx", ch)) {
                cmd_error(c, "invalid option -- '%c'", ch);
                mu_try_help(c);
                status = 1;
                goto out;
            }
            switch (ch) {
            case '0': x.delim = 0; break;
            case 'a': argfile = val; break;
            case 'd': if ((x.delim = parse_delim(&x, val)) < 0) { status = 1; goto out; } break;
            case 'E': x.eof_str = *val ? val : NULL; break;
            case 'e': x.eof_str = val && *val ? val : NULL; break;
            case 'I': x.replace = val; x.max_lines = 0; x.max_args = 0; break;
            case 'i': x.replace = val ? val : "{}"; x.max_lines = 0; x.max_args = 0; break;
            case 'L':
            case 'l':
                if (val) { if (parse_count(&x, val, 'L', 1, &v)) { status = 1; goto out; } x.max_lines = v; }
                else x.max_lines = 1;
                x.max_args = 0; x.replace = NULL; x.exit_if_too_big = 1;
                break;
            case 'n':
                if (parse_count(&x, val, 'n', 1, &v)) { status = 1; goto out; }
                x.max_args = v; x.max_lines = 0;
                break;
            case 'o': break;
            case 'P': if (parse_count(&x, val, 'P', 0, &v)) { status = 1; goto out; } x.procs = (int)(v > 1000000 ? 1000000 : v); break;
            case 'p': x.interactive = 1; x.verbose = 1; break;
            case 'r': x.no_run_empty = 1; break;
            case 's':
                if (parse_count(&x, val, 's', 1, &v)) { status = 1; goto out; }
                x.arg_max = (size_t)(v > XA_ARG_MAX_LIMIT ? XA_ARG_MAX_LIMIT : v);
                break;
            case 't': x.verbose = 1; break;
            case 'x': x.exit_if_too_big = 1; break;
            }
            if (val) break;
        }
    }
    if (x.replace) x.exit_if_too_big = 1;
    if (x.eof_str && x.delim >= 0) {
        cmd_error(c, "warning: the -E option has no effect if -0 or -d is used.\n");
        x.eof_str = NULL;
    }
    /* the command: default echo */
    char *echo_cmd[2] = { (char *)"echo", NULL };
    x.init = i < argc ? argv + i : echo_cmd;
    x.ninit = i < argc ? argc - i : 1;
    for (int k = 0; k < x.ninit; k++) x.init_chars += strlen(x.init[k]) + 1;
    if (!x.replace && x.init_chars > x.arg_max) {
        cmd_error(c, "cannot fit single argument within argument list size limit");
        status = 1;
        goto out;
    }
    x.cap = x.ninit + 16;
    x.args = sk_malloc(c->a, (size_t)x.cap * sizeof *x.args);
    if (!x.args) { status = 1; goto out; }
    for (int k = 0; k < x.ninit; k++) x.args[k] = x.init[k];
    x.nargs = x.ninit;
    x.chars = x.init_chars;
    /* input, and the commands' stdin */
    if (argfile) {
        int st = cmd_open_input(c, argfile, &x.in);
        if (st) {
            cmd_error(c, "Cannot open input file '%s': %s", argfile, sk_status_message(st));
            status = 1;
            goto out;
        }
    } else {
        if (cmd_open_input(c, "-", &x.in)) { status = 1; goto out; }
        if (sk_fdtab_copy(&x.cfds, c->fds, c->a) == 0) {
            x.have_cfds = 1;
            sk_stream *null = sk_stream_null(c->run);
            if (!null || sk_fdtab_set(&x.cfds, c->a, 0, null, SK_RD)) { status = 1; goto close; }
        } else {
            status = 1;
            goto close;
        }
    }
    if (x.replace) {
        run_replace(&x);
    } else {
        int r;
        while ((r = read_args(&x)) == 1) {
            if (x.max_lines && x.lineno >= x.max_lines && do_exec(&x)) break;
        }
        if (!x.stopped && (x.nargs > x.ninit || (!x.no_run_empty && !x.nexec))) do_exec(&x);
    }
    status = x.stopped && x.status ? x.status : x.child_error;
close:
    cmd_close_input(c, &x.in);
out:
    if (x.args) {
        clear_args(&x);
        sk_free(c->a, x.args);
    }
    if (x.have_cfds) sk_fdtab_free(&x.cfds, c->a);
    sk_buf_free(&x.line);
    return status;
}
