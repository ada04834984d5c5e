/* miscutil.c — see miscutil.h. */
#include "miscutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mu_try_help(sk_cmd *c)
{
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
}

int mu_extra_operand(sk_cmd *c, const char *op, int status)
{
    cmd_error(c, "extra operand '%s'", op);
    mu_try_help(c);
    return status;
}

int mu_missing_operand(sk_cmd *c, int status)
{
    cmd_error(c, "missing operand");
    mu_try_help(c);
    return status;
}

int mu_opts_error(cmd_opts *o, sk_cmd *c, int r, int status)
{
    cmd_opts_error(o, c, r);
    return status;
}

int mu_help_version(sk_cmd *c, int argc, char **argv, const char *package)
{
    if (argc < 2) return -1;
    if (!strcmp(argv[1], "--version")) {
        if (package) sk_out_printf(&c->out, "%s\n", package);
        else sk_out_printf(&c->out, "%s (GNU coreutils) 9.1\n", c->name);
        return 0;
    }
    if (strcmp(argv[1], "--help")) return -1;
    const sk_cmd_entry *e = sk_cmd_lookup(c->name);
    const char *hint = e ? e->hint : c->name;
    const char *colon = strstr(hint, ": ");
    if (colon) {
        sk_out_printf(&c->out, "Usage: %.*s\n%s\n", (int)(colon - hint), hint, colon + 2);
    } else {
        sk_out_printf(&c->out, "Usage: %s\n", hint);
    }
    return 0;
}

const char *mu_getenv(const sk_cmd *c, const char *name)
{
    if (!c->envp) return NULL;
    size_t n = strlen(name);
    for (char *const *e = c->envp; *e; e++)
        if (!strncmp(*e, name, n) && (*e)[n] == '=') return *e + n + 1;
    return NULL;
}

int mu_parse_duration(const char *s, double *secs)
{
    if (!s || !*s) return -1;
    char *end;
    double v = strtod(s, &end);
    if (end == s) return -1;
    if (!(v >= 0)) return -1; /* negative or NaN */
    if (*end) {
        if (end[1]) return -1;
        switch (*end) {
        case 's': break;
        case 'm': v *= 60; break;
        case 'h': v *= 3600; break;
        case 'd': v *= 86400; break;
        default: return -1;
        }
    }
    *secs = v;
    return 0;
}

int64_t mu_secs_to_ns(double secs)
{
    if (!(secs < 9.2e9)) return INT64_MAX;
    double ns = ceil(secs * 1e9);
    if (ns >= 9.2e18) return INT64_MAX;
    return (int64_t)ns;
}

int mu_exec_env(sk_cmd *c, int nassign, char **assign, int clear_env, int argc, char **argv)
{
    sk_out_flush(&c->out);
    if (c->exec_env) return c->exec_env(c, nassign, assign, clear_env, argc, argv);
    if (!nassign && !clear_env && c->exec) return c->exec(c, argc, argv);
    if (!c->script) {
        cmd_error(c, "cannot run commands in a modified environment here");
        return 126;
    }
    /* $0 COUNT NAMES... COUNT ASSIGNMENTS... COMMAND ARGS... */
    static const char script[] =
        "__sk_n=$1; shift\n"
        "while [ \"$__sk_n\" -gt 0 ]; do unset -v \"$1\" 2>/dev/null; shift; __sk_n=$((__sk_n - 1)); done\n"
        "__sk_n=$1; shift\n"
        "while [ \"$__sk_n\" -gt 0 ]; do export \"$1\"; shift; __sk_n=$((__sk_n - 1)); done\n"
        "unset -v __sk_n\n"
        "\"$@\"\n";
    int nunset = 0;
    if (clear_env && c->envp)
        while (c->envp[nunset]) nunset++;
    int total = 1 + 1 + nunset + 1 + nassign + argc;
    char **v = sk_malloc(c->a, (size_t)(total + 1) * sizeof *v);
    char *names = NULL;
    if (!v) return cmd_error(c, "memory exhausted"), 126;
    size_t nbytes = 0;
    for (int i = 0; i < nunset; i++) nbytes += strlen(c->envp[i]) + 1;
    if (nunset && !(names = sk_malloc(c->a, nbytes))) {
        sk_free(c->a, v);
        return cmd_error(c, "memory exhausted"), 126;
    }
    char nbuf[2][24];
    int k = 0;
    v[k++] = (char *)c->name;
    snprintf(nbuf[0], sizeof nbuf[0], "%d", nunset);
    v[k++] = nbuf[0];
    char *np = names;
    for (int i = 0; i < nunset; i++) {
        const char *e = c->envp[i];
        size_t n = strcspn(e, "=");
        memcpy(np, e, n);
        np[n] = 0;
        v[k++] = np;
        np += n + 1;
    }
    snprintf(nbuf[1], sizeof nbuf[1], "%d", nassign);
    v[k++] = nbuf[1];
    for (int i = 0; i < nassign; i++) v[k++] = assign[i];
    for (int i = 0; i < argc; i++) v[k++] = argv[i];
    v[k] = NULL;
    int st = c->script(c, script, sizeof script - 1, NULL, k, v);
    sk_free(c->a, names);
    sk_free(c->a, v);
    return st;
}
