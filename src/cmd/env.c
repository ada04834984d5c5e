/* env.c — env and printenv over the exported environment (c->envp).
 *
 * env runs its command through the shell's exec_env hook, which applies
 * NAME=VALUE assignments as a temporary exported environment (clear_env
 * for -i).  -u is done by computing the whole resulting environment and
 * passing it with clear_env.  -C DIR runs the command through the
 * sandbox's own `bash -c 'cd DIR && exec "$@"'`.  -S splits a string into
 * arguments the way GNU env does for shebang lines (quotes, backslash
 * escapes, ${NAME}). */
#include <string.h>

#include "cmd.h"
#include "miscutil.h"

SK_CMD("env", cmd_env, "env [-i] [-u NAME] [-0] [-C DIR] [-S STR] [NAME=VALUE]... [COMMAND [ARG]...]: run a command in a modified environment, or print the environment");
SK_CMD("printenv", cmd_printenv, "printenv [-0] [NAME]...: print all or part of the exported environment");

/* ---- a list of borrowed strings ------------------------------------------ */

typedef struct strv {
    char **v;
    int n, cap;
} strv;

static int strv_push(sk_cmd *c, strv *s, char *p)
{
    if (s->n + 1 >= s->cap) {
        int ncap = s->cap ? s->cap * 2 : 16;
        char **nv = sk_realloc(c->a, s->v, (size_t)ncap * sizeof *nv);
        if (!nv) return -1;
        s->v = nv;
        s->cap = ncap;
    }
    s->v[s->n++] = p;
    s->v[s->n] = NULL;
    return 0;
}

static void strv_free(sk_cmd *c, strv *s)
{
    sk_free(c->a, s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

static size_t name_len(const char *entry)
{
    const char *eq = strchr(entry, '=');
    return eq ? (size_t)(eq - entry) : strlen(entry);
}

/* Remove NAME (every occurrence). */
static void strv_unset(strv *s, const char *name)
{
    size_t n = strlen(name);
    int j = 0;
    for (int i = 0; i < s->n; i++) {
        if (!strncmp(s->v[i], name, n) && s->v[i][n] == '=') continue;
        s->v[j++] = s->v[i];
    }
    s->n = j;
    if (s->v) s->v[j] = NULL;
}

/* NAME=VALUE replaces NAME in place, or is appended. */
static int strv_set(sk_cmd *c, strv *s, char *assign)
{
    size_t n = name_len(assign);
    for (int i = 0; i < s->n; i++) {
        if (!strncmp(s->v[i], assign, n + 1)) {
            s->v[i] = assign;
            return 0;
        }
    }
    return strv_push(c, s, assign);
}

/* ---- -S STRING ------------------------------------------------------------ */

/* Split like GNU env -S: whitespace separates; '...' is literal; "..."
 * and unquoted text know \\ \" \' \_ (space) \t \n \r \f \v \# \$ and
 * ${NAME}; \c ends the string; # at the start of a word starts a comment.
 * Words are allocated into `owned` (freed by the caller). */
static int split_string(sk_cmd *c, const char *s, strv *out, strv *owned)
{
    sk_buf w = SK_BUF_INIT(c->a);
    int inword = 0, q = 0, oom = 0; /* q: 0, '\'', '"' */
#define WPUT(ch) do { if (sk_buf_putc(&w, (ch))) oom = 1; } while (0)
    for (const char *p = s;; p++) {
        char ch = *p;
        if (!ch) {
            if (q) {
                cmd_error(c, "no terminating quote in -S string");
                sk_buf_free(&w);
                return -1;
            }
            break;
        }
        if (!q && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r')) {
            if (inword) {
                char *word = sk_buf_take(&w, NULL);
                if (!word || strv_push(c, owned, word) || strv_push(c, out, word)) return -1;
                inword = 0;
            }
            continue;
        }
        if (!q && !inword && ch == '#') break;
        inword = 1;
        if (q == '\'') {
            if (ch == '\'') q = 0;
            else if (ch == '\\' && (p[1] == '\\' || p[1] == '\'')) WPUT(*++p);
            else WPUT(ch);
            continue;
        }
        if (ch == '\'' && !q) { q = '\''; continue; }
        if (ch == '"') { q = q ? 0 : '"'; continue; }
        if (ch == '\\') {
            char e = *++p;
            switch (e) {
            case '\\': case '"': case '\'': case '#': case '$': case ' ': WPUT(e); break;
            case '_': if (q) WPUT(' '); else { p++; goto word_end; } break;
            case 't': WPUT('\t'); break;
            case 'n': WPUT('\n'); break;
            case 'r': WPUT('\r'); break;
            case 'f': WPUT('\f'); break;
            case 'v': WPUT('\v'); break;
            case 'c': goto done;
            default:
                cmd_error(c, "invalid sequence '\\%c' in -S", e ? e : ' ');
                sk_buf_free(&w);
                return -1;
            }
            continue;
        word_end:
            p--;
            if (inword) {
                char *word = sk_buf_take(&w, NULL);
                if (!word || strv_push(c, owned, word) || strv_push(c, out, word)) return -1;
                inword = 0;
            }
            continue;
        }
        if (ch == '$' && p[1] == '{') {
            const char *e = strchr(p + 2, '}');
            if (!e) {
                cmd_error(c, "only ${VARNAME} expansion is supported, error at: %s", p);
                sk_buf_free(&w);
                return -1;
            }
            char name[256];
            size_t n = (size_t)(e - (p + 2));
            if (n >= sizeof name) n = sizeof name - 1;
            memcpy(name, p + 2, n);
            name[n] = 0;
            const char *v = mu_getenv(c, name);
            if (v)
                for (const char *vp = v; *vp; vp++) WPUT(*vp);
            p = e;
            continue;
        }
        WPUT(ch);
    }
done:
#undef WPUT
    if (oom) {
        sk_buf_free(&w);
        cmd_error(c, "memory exhausted");
        return -1;
    }
    if (inword) {
        char *word = sk_buf_take(&w, NULL);
        if (!word || strv_push(c, owned, word) || strv_push(c, out, word)) return -1;
    }
    sk_buf_free(&w);
    return 0;
}

/* ---- env ------------------------------------------------------------------ */

static int print_env(sk_cmd *c, char *const *envp, int n, char end)
{
    for (int i = 0; i < n && envp[i]; i++) {
        sk_out_puts(&c->out, envp[i]);
        if (sk_out_putc(&c->out, end)) break;
    }
    return 0;
}

static int env_run(sk_cmd *c, int argc, char **argv, strv *args);

int cmd_env(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    strv args = { 0 };
    int status = 0;
    for (int i = 0; i < argc && !status; i++)
        if (strv_push(c, &args, argv[i])) status = 125;
    if (!status) status = env_run(c, argc, argv, &args);
    strv_free(c, &args);
    return status;
}

enum { O_LISTSIG = 1000, O_BLOCK, O_DEFSIG, O_IGNSIG };

static int env_run(sk_cmd *c, int argc, char **argv, strv *args)
{
    static const cmd_longopt longs[] = {
        { "ignore-environment", 0, 'i' }, { "null", 0, '0' }, { "unset", 1, 'u' }, { "chdir", 1, 'C' },
        { "split-string", 1, 'S' }, { "debug", 0, 'v' }, { "block-signal", 2, O_BLOCK },
        { "default-signal", 2, O_DEFSIG }, { "ignore-signal", 2, O_IGNSIG },
        { "list-signal-handling", 0, O_LISTSIG }, { NULL, 0, 0 },
    };
    (void)argc;
    (void)argv;
    strv owned = { 0 }, unsets = { 0 }, env = { 0 }, assigns = { 0 }, run = { 0 };
    int ignore = 0, nul = 0, status = 0, splits = 0;
    const char *chdir = NULL;
    cmd_opts o;
    cmd_opts_init(&o, args->n, args->v, "i0u:C:S:v", longs, 0);
restart:
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'i': ignore = 1; break;
        case '0': nul = 1; break;
        case 'u':
            if (strv_push(c, &unsets, o.arg)) { status = 125; goto out; }
            break;
        case 'C': chdir = o.arg; break;
        case 'v': break;
        case O_BLOCK: case O_DEFSIG: case O_IGNSIG: case O_LISTSIG: break;
        case 'S': {
            if (++splits > 32) {
                cmd_error(c, "too many -S options");
                status = 125;
                goto out;
            }
            strv nargs = { 0 };
            if (strv_push(c, &nargs, args->v[0]) || split_string(c, o.arg, &nargs, &owned)) {
                strv_free(c, &nargs);
                status = 125;
                goto out;
            }
            for (int i = o.ind; i < args->n; i++)
                if (strv_push(c, &nargs, args->v[i])) { strv_free(c, &nargs); status = 125; goto out; }
            strv_free(c, args);
            *args = nargs;
            cmd_opts_free(&o, c);
            cmd_opts_init(&o, args->n, args->v, "i0u:C:S:v", longs, 0);
            goto restart;
        }
        default: status = mu_opts_error(&o, c, ch, 125); goto out;
        }
    }
    int i = o.ind;
    if (i < args->n && !strcmp(args->v[i], "-")) { ignore = 1; i++; }
    for (; i < args->n && strchr(args->v[i], '='); i++)
        if (strv_push(c, &assigns, args->v[i])) { status = 125; goto out; }
    int cmdc = args->n - i;
    char **cmdv = args->v + i;
    if (nul && cmdc) {
        cmd_error(c, "cannot specify --null (-0) with command");
        mu_try_help(c);
        status = 125;
        goto out;
    }
    if (chdir && !cmdc) {
        cmd_error(c, "must specify command with --chdir (-C)");
        mu_try_help(c);
        status = 125;
        goto out;
    }
    /* the resulting environment */
    if (!ignore && c->envp)
        for (char *const *e = c->envp; *e; e++)
            if (strv_push(c, &env, *e)) { status = 125; goto out; }
    for (int k = 0; k < unsets.n; k++) strv_unset(&env, unsets.v[k]);
    for (int k = 0; k < assigns.n; k++)
        if (strv_set(c, &env, assigns.v[k])) { status = 125; goto out; }
    if (!cmdc) {
        print_env(c, env.v, env.n, nul ? '\0' : '\n');
        goto out;
    }
    /* with -C: bash -c 'cd DIR && exec "$@"' env DIR COMMAND... */
    if (chdir) {
        static const char script[] =
            "cd -- \"$1\" 2>/dev/null || { printf \"env: cannot change directory to '%s': No such file or "
            "directory\\n\" \"$1\" >&2; exit 125; }; shift; exec \"$@\"";
        if (strv_push(c, &run, (char *)"bash") || strv_push(c, &run, (char *)"-c") ||
            strv_push(c, &run, (char *)script) || strv_push(c, &run, (char *)"env") ||
            strv_push(c, &run, (char *)chdir)) {
            status = 125;
            goto out;
        }
    }
    for (int k = 0; k < cmdc; k++)
        if (strv_push(c, &run, cmdv[k])) { status = 125; goto out; }
    if (!ignore && !unsets.n && !assigns.n) {
        sk_out_flush(&c->out);
        if (c->exec) status = c->exec(c, run.n, run.v);
        else status = mu_exec_env(c, 0, NULL, 0, run.n, run.v);
    } else if (!unsets.n) {
        status = mu_exec_env(c, assigns.n, assigns.v, ignore, run.n, run.v);
    } else {
        status = mu_exec_env(c, env.n, env.v, 1, run.n, run.v);
    }
out:
    strv_free(c, &run);
    cmd_opts_free(&o, c);
    for (int k = 0; k < owned.n; k++) sk_free(c->a, owned.v[k]);
    strv_free(c, &owned);
    strv_free(c, &unsets);
    strv_free(c, &assigns);
    strv_free(c, &env);
    return status;
}

/* ---- printenv ------------------------------------------------------------- */

int cmd_printenv(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    static const cmd_longopt longs[] = { { "null", 0, '0' }, { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "0", longs, 1);
    int ch, nul = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        if (ch == '0') nul = 1;
        else { cmd_opts_free(&o, c); return mu_opts_error(&o, c, ch, 2); }
    }
    char **names;
    int n = cmd_opts_operands(&o, &names);
    char end = nul ? '\0' : '\n';
    int status = 0;
    if (!n) {
        if (c->envp) {
            int count = 0;
            while (c->envp[count]) count++;
            print_env(c, c->envp, count, end);
        }
    } else {
        for (int i = 0; i < n; i++) {
            const char *v = strchr(names[i], '=') ? NULL : mu_getenv(c, names[i]);
            if (!v) { status = 1; continue; }
            sk_out_puts(&c->out, v);
            sk_out_putc(&c->out, end);
        }
    }
    cmd_opts_free(&o, c);
    return status;
}
