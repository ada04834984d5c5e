/* flow.c — builtins that run or control commands: eval, source/., exit,
 * return, break, continue, exec, command, builtin, type, which, hash,
 * enable, trap, wait, jobs, kill, alias/unalias, getopts, caller, bash/sh
 * and the small informational ones (times, umask, ulimit, help, history,
 * fc, bind, compgen, complete, logout, suspend, disown, fg, bg). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "api/config.h"
#include "shell/exec.h"

static void out_buf(sk_cmd *c, sk_buf *b)
{
    sk_out_write(&c->out, b->p ? b->p : "", b->len);
    sk_buf_clear(b);
}

/* ---- eval, source ----------------------------------------------------------------------- */

SH_BUILTIN("eval", bi_eval, SH_BI_SPECIAL, "eval [arg ...]: execute arguments as a shell command");

int bi_eval(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    sk_out_flush(&c->out);
    sk_buf b = SK_BUF_INIT(st->a);
    for (int i = 1; i < argc; i++) {
        if (i > 1) sk_buf_putc(&b, ' ');
        sk_buf_puts(&b, argv[i]);
    }
    if (!b.len) { sk_buf_free(&b); return 0; }
    st->xtrace_level++;
    int status = sh_exec_text(st, b.p, b.len, "eval", SH_MODE_EVAL, st->lineno);
    st->xtrace_level--;
    sk_buf_free(&b);
    if (st->ctl == SH_CTL_ABORT) {
        st->ctl = SH_CTL_NONE;
        status = 1;
    }
    if (st->ctl == SH_CTL_EXIT || st->ctl == SH_CTL_RETURN) return st->status;
    return status;
}

SH_BUILTIN("source", bi_source, SH_BI_SPECIAL, "source filename [arguments]: execute commands from a file in the current shell");
SH_BUILTIN(".", bi_dot, SH_BI_SPECIAL, ". filename [arguments]: execute commands from a file in the current shell");

static int do_source(sh_state *st, sk_cmd *c, int argc, char **argv, const char *name)
{
    sk_out_flush(&c->out);
    int i = 1;
    if (i < argc && !strcmp(argv[i], "--")) i++;
    if (i >= argc) {
        sh_builtin_err(st, name, "filename argument required");
        sh_builtin_usage(st, name, strcmp(name, ".") ? "source filename [arguments]" : ". filename [arguments]");
        return 2;
    }
    const char *file = argv[i];
    char *path = NULL;
    sk_buf text = SK_BUF_INIT(st->a);
    int r = SK_ENOENT;
    if (!strchr(file, '/') && st->shopt[SH_S_SOURCEPATH]) {
        const char *p = sh_var_get(st, "PATH");
        while (p && *p) {
            const char *e = strchr(p, ':');
            size_t dl = e ? (size_t)(e - p) : strlen(p);
            sk_buf pb = SK_BUF_INIT(st->a);
            sk_buf_put(&pb, dl ? p : ".", dl ? dl : 1);
            sk_buf_putc(&pb, '/');
            sk_buf_puts(&pb, file);
            if (sk_vfs_is_file(&st->sh->vfs, st->cwd, sk_buf_cstr(&pb)) == 1) {
                path = sk_buf_take(&pb, NULL);
                break;
            }
            sk_buf_free(&pb);
            if (!e) break;
            p = e + 1;
        }
    }
    r = sk_vfs_read_file(&st->sh->vfs, st->cwd, path ? path : file, st->sh->lim.max_input_bytes, &text);
    if (r) {
        sh_err(st, "%s: %s", file, sk_status_message(r));
        sk_free(st->a, path);
        sk_buf_free(&text);
        return 1;
    }
    if (st->source_depth >= 100 || sh_enter_subst(st)) {
        if (st->source_depth >= 100) sk_shell_limit(st->sh, "max_function_depth", st->sh->lim.max_function_depth);
        sk_free(st->a, path);
        sk_buf_free(&text);
        return 1;
    }
    sh_params *params = NULL;
    if (i + 1 < argc) {
        params = sh_params_new(st->a, argc - i - 1, argv + i + 1);
        if (!params) { sk_free(st->a, path); sk_buf_free(&text); return 1; }
    }
    if (sh_frame_push(st, NULL, file, st->lineno, params, 0)) {
        sh_params_unref(st->a, params);
        sk_free(st->a, path);
        sk_buf_free(&text);
        return 1;
    }
    st->frames[st->nframes - 1].is_source = 1;
    st->source_depth++;
    int save_line = st->lineno;
    int status = sh_exec_text(st, text.p ? text.p : "", text.len, file, SH_MODE_FILE, 1);
    st->lineno = save_line;
    st->source_depth--;
    if (st->ctl == SH_CTL_RETURN) {
        st->ctl = SH_CTL_NONE;
        status = st->status;
    } else if (st->ctl == SH_CTL_ABORT) {
        st->ctl = SH_CTL_NONE;
        status = 1;
    }
    /* positional parameters set inside a sourced file without arguments
     * stay (they are the caller's) */
    if (!params && st->nframes > 1) {
        sh_frame *f = &st->frames[st->nframes - 1], *caller = &st->frames[st->nframes - 2];
        if (f->params != caller->params) {
            f->params->refs++;
            sh_params_unref(st->a, caller->params);
            caller->params = f->params;
        }
    }
    sh_frame_pop(st);
    sk_free(st->a, path);
    sk_buf_free(&text);
    if (st->ctl == SH_CTL_EXIT) return st->status;
    return status;
}

int bi_source(sh_state *st, sk_cmd *c, int argc, char **argv) { return do_source(st, c, argc, argv, "source"); }
int bi_dot(sh_state *st, sk_cmd *c, int argc, char **argv) { return do_source(st, c, argc, argv, "."); }

/* ---- exit, return, break, continue ------------------------------------------------------------- */

SH_BUILTIN("exit", bi_exit, SH_BI_SPECIAL, "exit [n]: exit the shell with status n");
SH_BUILTIN("logout", bi_logout, 0, "logout [n]: exit a login shell");
SH_BUILTIN("return", bi_return, SH_BI_SPECIAL, "return [n]: return from a shell function");
SH_BUILTIN("break", bi_break, SH_BI_SPECIAL, "break [n]: exit for, while, or until loops");
SH_BUILTIN("continue", bi_continue, SH_BI_SPECIAL, "continue [n]: resume the next iteration of the loop");

static int status_arg(sh_state *st, const char *name, int argc, char **argv, int *out)
{
    *out = st->status;
    int i = 1;
    if (i < argc && !strcmp(argv[i], "--")) i++;
    if (i >= argc) return 0;
    int64_t n;
    if (sh_parse_int(argv[i], &n)) {
        sh_builtin_err(st, name, "%s: numeric argument required", argv[i]);
        *out = 2;
        return -1;
    }
    if (i + 1 < argc) {
        sh_builtin_err(st, name, "too many arguments");
        return -2;
    }
    *out = (int)(n & 255);
    return 0;
}

int bi_exit(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    sk_out_flush(&c->out);
    int s;
    int r = status_arg(st, "exit", argc, argv, &s);
    if (r == -2) return 1;
    st->status = s;
    st->ctl = SH_CTL_EXIT;
    return s;
}

int bi_logout(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c; (void)argc; (void)argv;
    sh_builtin_err(st, "logout", "not login shell: use `exit'");
    return 1;
}

int bi_return(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    if (!st->func_depth && !st->source_depth) {
        sh_builtin_err(st, "return", "can only `return' from a function or sourced script");
        return 2;
    }
    int s;
    int r = status_arg(st, "return", argc, argv, &s);
    if (r == -2) return 1;
    st->status = s;
    st->ctl = SH_CTL_RETURN;
    return s;
}

static int loop_builtin(sh_state *st, int argc, char **argv, const char *name, int ctl)
{
    int64_t n = 1;
    if (argc > 1) {
        if (sh_parse_int(argv[1], &n)) {
            sh_builtin_err(st, name, "%s: numeric argument required", argv[1]);
            return 2;
        }
        if (n < 1) {
            sh_builtin_err(st, name, "%s: loop count out of range", argv[1]);
            return 1;
        }
    }
    if (st->loop_depth == 0) {
        sh_builtin_err(st, name, "only meaningful in a `for', `while', or `until' loop");
        return 0;
    }
    if (n > st->loop_depth) n = st->loop_depth;
    st->ctl = ctl;
    st->ctl_n = (int)n;
    return 0;
}

int bi_break(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)c; return loop_builtin(st, argc, argv, "break", SH_CTL_BREAK); }
int bi_continue(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)c; return loop_builtin(st, argc, argv, "continue", SH_CTL_CONTINUE); }

/* ---- exec, command, builtin --------------------------------------------------------------------- */

SH_BUILTIN("exec", bi_exec, SH_BI_SPECIAL, "exec [-cl] [-a name] [command [argument ...]] [redirection ...]: replace the shell with the given command");

int bi_exec(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1;
    const char *name0 = NULL;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        if (!strcmp(argv[i], "-a") && i + 1 < argc) { name0 = argv[++i]; continue; }
        if (!strcmp(argv[i], "-c") || !strcmp(argv[i], "-l") || !strcmp(argv[i], "-cl")) continue;
        sh_builtin_err(st, "exec", "%s: invalid option", argv[i]);
        return 2;
    }
    if (i >= argc) return 0;
    sk_out_flush(&c->out);
    char *save0 = argv[i];
    if (name0) argv[i] = (char *)name0;
    sh_cmdinfo ci;
    int lr = sh_lookup_command(st, save0, SH_RUN_NOFUNC, &ci);
    int status;
    if (ci.kind == SH_CK_NONE || (ci.kind == SH_CK_SCRIPT && lr)) {
        if (lr == SK_EACCES || lr == SK_EISDIR) { sh_builtin_err(st, "exec", "%s: cannot execute: %s", save0, sk_status_message(lr)); status = 126; }
        else { sh_builtin_err(st, "exec", "%s: not found", save0); status = 127; }
        sh_cmdinfo_free(st, &ci);
        argv[i] = save0;
        st->status = status;
        st->ctl = SH_CTL_EXIT;
        return status;
    }
    sh_cmdinfo_free(st, &ci);
    status = sh_run_argv(st, argc - i, argv + i, SH_RUN_NOFUNC);
    argv[i] = save0;
    if (st->ctl != SH_CTL_EXIT) {
        st->status = status;
        st->ctl = SH_CTL_EXIT;
    }
    return st->status;
}

/* How a name resolves, for type / command -v / which. */
static int describe(sh_state *st, sk_buf *b, const char *name, int mode, int all)
{
    /* mode: 'v' command -v, 'V' command -V / type, 't' type -t, 'p' type -p, 'P' type -P */
    int found = 0;
    const char *alias = sh_smap_get(st->aliases, name);
    if (alias && mode != 'p' && mode != 'P') {
        found = 1;
        if (mode == 'v') {
            sk_buf_printf(b, "alias %s=", name);
            sh_quote(b, alias, strlen(alias), SH_Q_ATQ);
            sk_buf_putc(b, '\n');
        } else if (mode == 't') sk_buf_puts(b, "alias\n");
        else sk_buf_printf(b, "%s is aliased to `%s'\n", name, alias);
        if (!all) return 1;
    }
    if (sh_is_keyword(name) && mode != 'p' && mode != 'P') {
        found = 1;
        if (mode == 'v') sk_buf_printf(b, "%s\n", name);
        else if (mode == 't') sk_buf_puts(b, "keyword\n");
        else sk_buf_printf(b, "%s is a shell keyword\n", name);
        if (!all) return 1;
    }
    sh_func *f = sh_func_get(st, name);
    if (f && mode != 'p' && mode != 'P') {
        found = 1;
        if (mode == 'v') sk_buf_printf(b, "%s\n", name);
        else if (mode == 't') sk_buf_puts(b, "function\n");
        else {
            sk_buf_printf(b, "%s is a function\n", name);
            int sh_func_print(sh_state *, sk_buf *, const char *, sh_func *);
            sh_func_print(st, b, name, f);
        }
        if (!all) return 1;
    }
    const sh_builtin *bi = sh_builtin_lookup(name);
    if (bi && sh_builtin_enabled(st, bi) && mode != 'P') {
        found = 1;
        if (mode == 'p') { if (!all) return 1; }
        else if (mode == 'v') sk_buf_printf(b, "%s\n", name);
        else if (mode == 't') sk_buf_puts(b, "builtin\n");
        else sk_buf_printf(b, "%s is a shell builtin\n", name);
        if (!all) return 1;
    }
    const sk_config *cfg = st->sh->cfg;
    int withheld = cfg && sk_config_is_withheld(cfg, name);
    if (!withheld && ((cfg && sk_config_find_cmd(cfg, name)) || sk_cmd_lookup(name))) {
        found = 1;
        if (mode == 't') sk_buf_puts(b, "file\n");
        else if (mode == 'V') sk_buf_printf(b, "%s is /usr/bin/%s\n", name, name);
        else sk_buf_printf(b, "/usr/bin/%s\n", name);
        if (!all) return 1;
    }
    int status;
    char *path = withheld ? NULL : sh_find_in_path(st, name, &status);
    if (path) {
        found = 1;
        if (mode == 't') sk_buf_puts(b, "file\n");
        else if (mode == 'V') sk_buf_printf(b, "%s is %s\n", name, path);
        else sk_buf_printf(b, "%s\n", path);
        sk_free(st->a, path);
        if (!all) return 1;
    }
    return found;
}

SH_BUILTIN("command", bi_command, 0, "command [-pVv] command [arg ...]: run a command bypassing shell functions, or describe it");

int bi_command(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, mode = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'v') mode = 'v';
            else if (*p == 'V') mode = 'V';
            else if (*p == 'p') ;
            else {
                sh_builtin_err(st, "command", "-%c: invalid option", *p);
                sh_builtin_usage(st, "command", "command [-pVv] command [arg ...]");
                return 2;
            }
        }
    }
    if (i >= argc) return 0;
    if (mode) {
        sk_buf b = SK_BUF_INIT(st->a);
        int status = 0;
        for (; i < argc; i++) {
            if (!describe(st, &b, argv[i], mode, 0)) {
                status = 1;
                if (mode == 'V') sh_builtin_err(st, "command", "%s: not found", argv[i]);
            }
        }
        out_buf(c, &b);
        sk_buf_free(&b);
        return status;
    }
    sk_out_flush(&c->out);
    sk_fdtab *save = st->fds;
    st->fds = c->fds;
    int r = sh_run_argv(st, argc - i, argv + i, SH_RUN_NOFUNC);
    st->fds = save;
    return r;
}

SH_BUILTIN("builtin", bi_builtin, 0, "builtin [shell-builtin [arg ...]]: execute a shell builtin");

int bi_builtin(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    if (argc < 2) return 0;
    const sh_builtin *b = sh_builtin_lookup(argv[1]);
    if (!b || !sh_builtin_enabled(st, b)) {
        sh_builtin_err(st, "builtin", "%s: not a shell builtin", argv[1]);
        return 1;
    }
    sk_out_flush(&c->out);
    sk_fdtab *save = st->fds;
    st->fds = c->fds;
    int r = sh_run_argv(st, argc - 1, argv + 1, SH_RUN_BUILTIN_ONLY);
    st->fds = save;
    return r;
}

SH_BUILTIN("type", bi_type, 0, "type [-afptP] name [name ...]: display information about command type");

int bi_type(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, mode = 'V', all = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        for (const char *p = argv[i] + 1; *p; p++) {
            switch (*p) {
            case 'a': all = 1; break;
            case 't': mode = 't'; break;
            case 'p': mode = 'p'; break;
            case 'P': mode = 'P'; break;
            case 'f': break;
            default:
                sh_builtin_err(st, "type", "-%c: invalid option", *p);
                sh_builtin_usage(st, "type", "type [-afptP] name [name ...]");
                return 2;
            }
        }
    }
    sk_buf b = SK_BUF_INIT(st->a);
    int status = 0;
    for (; i < argc; i++) {
        if (!describe(st, &b, argv[i], mode, all)) {
            status = 1;
            if (mode == 'V') {
                out_buf(c, &b);
                sk_out_flush(&c->out);
                sh_builtin_err(st, "type", "%s: not found", argv[i]);
            }
        }
    }
    out_buf(c, &b);
    sk_buf_free(&b);
    return status;
}

SH_BUILTIN("which", bi_which, 0, "which [-a] name ...: locate a command");

int bi_which(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, all = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "-a")) all = 1;
    }
    (void)all;
    sk_buf b = SK_BUF_INIT(st->a);
    int status = 0;
    for (; i < argc; i++) {
        const char *name = argv[i];
        int status2;
        char *path = NULL;
        if (strchr(name, '/') || (!sh_func_get(st, name) && !sh_builtin_lookup(name) && !sk_cmd_lookup(name) &&
                                  !(st->sh->cfg && sk_config_find_cmd(st->sh->cfg, name))))
            path = sh_find_in_path(st, name, &status2);
        if (path) {
            sk_buf_printf(&b, "%s\n", path);
            sk_free(st->a, path);
        } else if (!strchr(name, '/') && (sh_func_get(st, name) || sh_builtin_lookup(name) || sk_cmd_lookup(name) ||
                                          (st->sh->cfg && sk_config_find_cmd(st->sh->cfg, name))) &&
                   !(st->sh->cfg && sk_config_is_withheld(st->sh->cfg, name))) {
            sk_buf_printf(&b, "%s\n", name);
        } else {
            status = 1;
        }
    }
    out_buf(c, &b);
    sk_buf_free(&b);
    return status;
}

SH_BUILTIN("hash", bi_hash, 0, "hash [-lr] [-p pathname] [-dt] [name ...]: remember or display program locations");

int bi_hash(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1;
    int had_opts = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "-r")) { sh_smap_clear(st->a, &st->hashed); continue; }
        if (!strcmp(argv[i], "-p") && i + 2 < argc) {
            sh_smap_set(st->a, &st->hashed, argv[i + 2], argv[i + 1]);
            return 0;
        }
        if (!strcmp(argv[i], "-d")) { for (i++; i < argc; i++) sh_smap_unset(st->a, &st->hashed, argv[i]); return 0; }
        if (!strcmp(argv[i], "-t") || !strcmp(argv[i], "-l")) continue;
    }
    for (int k = 1; k < i; k++)
        if (!strcmp(argv[k], "-r")) had_opts = 1;
    if (i >= argc && had_opts) return 0;
    if (i >= argc) {
        if (!st->hashed || !st->hashed->n) {
            sk_out_puts(&c->out, "hash: hash table empty\n");
            return 0;
        }
        sk_buf b = SK_BUF_INIT(st->a);
        sk_buf_puts(&b, "hits\tcommand\n");
        for (size_t k = 0; k < st->hashed->n; k++) sk_buf_printf(&b, "   1\t%s\n", st->hashed->e[k].val);
        out_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }
    int status = 0;
    for (; i < argc; i++) {
        int s;
        char *p = sh_find_in_path(st, argv[i], &s);
        if (p) {
            sh_smap_set(st->a, &st->hashed, argv[i], p);
            sk_free(st->a, p);
        } else if (!sh_builtin_lookup(argv[i]) && !sk_cmd_lookup(argv[i])) {
            sh_builtin_err(st, "hash", "%s: not found", argv[i]);
            status = 1;
        }
    }
    return status;
}

SH_BUILTIN("enable", bi_enable, 0, "enable [-a] [-dnps] [-f filename] [name ...]: enable and disable shell builtins");

int bi_enable(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, disable = 0, list_all = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'n') disable = 1;
            else if (*p == 'a' || *p == 'p' || *p == 's') list_all = 1;
        }
    }
    if (i >= argc) {
        size_t n;
        const sh_builtin *t = sh_builtin_table(&n);
        sk_buf b = SK_BUF_INIT(st->a);
        for (size_t k = 0; k < n; k++) {
            int en = sh_builtin_enabled(st, &t[k]);
            if (disable && en) continue;
            if (!disable && !en && !list_all) continue;
            sk_buf_printf(&b, "enable %s%s\n", en ? "" : "-n ", t[k].name);
        }
        out_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }
    int status = 0;
    for (; i < argc; i++) {
        const sh_builtin *b = sh_builtin_lookup(argv[i]);
        if (!b) {
            sh_builtin_err(st, "enable", "%s: not a shell builtin", argv[i]);
            status = 1;
            continue;
        }
        int idx = -1;
        for (int k = 0; k < st->ndisabled; k++)
            if (!strcmp(st->disabled[k], argv[i])) idx = k;
        if (disable && idx < 0) {
            char **nd = sk_realloc(st->a, st->disabled, (size_t)(st->ndisabled + 1) * sizeof *nd);
            if (!nd) return 1;
            st->disabled = nd;
            st->disabled[st->ndisabled] = sk_strdup(st->a, argv[i]);
            if (st->disabled[st->ndisabled]) st->ndisabled++;
        } else if (!disable && idx >= 0) {
            sk_free(st->a, st->disabled[idx]);
            st->disabled[idx] = st->disabled[--st->ndisabled];
        }
    }
    return status;
}

/* ---- trap ----------------------------------------------------------------------------------------- */

static const char *const signames[] = {
    "EXIT", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2",
    "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU",
    "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS",
};
#define NSIGNAMES (int)(sizeof signames / sizeof signames[0])

static int sig_number(const char *s)
{
    int64_t n;
    if (sh_parse_int(s, &n) == 0) return n >= 0 && n < SH_TRAP_NSIG ? (int)n : -1;
    const char *p = s;
    if (!strncasecmp(p, "SIG", 3)) p += 3;
    if (!strcasecmp(p, "DEBUG")) return SH_TRAP_DEBUG;
    if (!strcasecmp(p, "ERR")) return SH_TRAP_ERR;
    if (!strcasecmp(p, "RETURN")) return SH_TRAP_RETURN;
    for (int i = 0; i < NSIGNAMES; i++)
        if (!strcasecmp(p, signames[i])) return i;
    return -1;
}

static void sig_name(int n, char *buf, size_t cap)
{
    if (n == 0) snprintf(buf, cap, "EXIT");
    else if (n == SH_TRAP_DEBUG) snprintf(buf, cap, "DEBUG");
    else if (n == SH_TRAP_ERR) snprintf(buf, cap, "ERR");
    else if (n == SH_TRAP_RETURN) snprintf(buf, cap, "RETURN");
    else if (n < NSIGNAMES) snprintf(buf, cap, "SIG%s", signames[n]);
    else if (n >= 34 && n <= 64) {
        if (n <= 49) snprintf(buf, cap, n == 34 ? "SIGRTMIN" : "SIGRTMIN+%d", n - 34);
        else snprintf(buf, cap, n == 64 ? "SIGRTMAX" : "SIGRTMAX-%d", 64 - n);
    } else snprintf(buf, cap, "%d", n);
}

static void print_trap(sh_state *st, sk_buf *b, int n)
{
    if (!st->traps[n]) return;
    char nm[32];
    sig_name(n, nm, sizeof nm);
    sk_buf_puts(b, "trap -- ");
    sh_quote(b, st->traps[n], strlen(st->traps[n]), SH_Q_ATQ);
    sk_buf_printf(b, " %s\n", nm);
}

SH_BUILTIN("trap", bi_trap, SH_BI_SPECIAL, "trap [-lp] [[arg] signal_spec ...]: trap signals and other events");

int bi_trap(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, print = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        if (!strcmp(argv[i], "-l")) {
            sk_buf b = SK_BUF_INIT(st->a);
            for (int k = 1; k <= 64; k++) {
                if (k == 32 || k == 33) continue;
                char nm[32];
                sig_name(k, nm, sizeof nm);
                sk_buf_printf(&b, "%2d) %-8s", k, nm);
                sk_buf_putc(&b, (k % 5 == 0 || k == 64) ? '\n' : '\t');
            }
            out_buf(c, &b);
            sk_buf_free(&b);
            return 0;
        }
        if (!strcmp(argv[i], "-p")) { print = 1; continue; }
        sh_builtin_err(st, "trap", "%s: invalid option", argv[i]);
        sh_builtin_usage(st, "trap", "trap [-lp] [[arg] signal_spec ...]");
        return 2;
    }
    sk_buf b = SK_BUF_INIT(st->a);
    if (i >= argc || print) {
        if (i >= argc) {
            for (int k = 0; k < SH_TRAP_COUNT; k++) print_trap(st, &b, k);
        } else {
            for (; i < argc; i++) {
                int n = sig_number(argv[i]);
                if (n < 0) {
                    sh_builtin_err(st, "trap", "%s: invalid signal specification", argv[i]);
                    continue;
                }
                print_trap(st, &b, n);
            }
        }
        out_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }
    sk_buf_free(&b);
    const char *action = argv[i];
    int reset = 0;
    /* `trap N...` with a number first: reset those */
    int64_t dummy;
    if (i + 1 == argc || (sh_parse_int(action, &dummy) == 0 && action[0] != '-')) {
        reset = 1;
    } else {
        i++;
        if (!strcmp(action, "-")) reset = 1;
    }
    int status = 0;
    for (; i < argc; i++) {
        int n = sig_number(argv[i]);
        if (n < 0) {
            sh_builtin_err(st, "trap", "%s: invalid signal specification", argv[i]);
            status = 1;
            continue;
        }
        sk_free(st->a, st->traps[n]);
        st->traps[n] = reset ? NULL : sk_strdup(st->a, action);
        st->trap_local[n] = 1;
    }
    return status;
}

/* ---- jobs ------------------------------------------------------------------------------------------ */

SH_BUILTIN("wait", bi_wait, 0, "wait [-fn] [-p var] [id ...]: wait for job completion and return exit status");

int bi_wait(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    int i = 1, any = 0;
    const char *pvar = NULL;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "-n")) any = 1;
        else if (!strcmp(argv[i], "-f")) ;
        else if (!strcmp(argv[i], "-p") && i + 1 < argc) pvar = argv[++i];
        else if (!strcmp(argv[i], "--")) { i++; break; }
    }
    if (i >= argc) {
        int status = 0;
        for (int k = 0; k < st->njobs; k++) {
            sh_job *jb = &st->jobs[k];
            if (jb->pid < 0) continue;
            if (jb->task || (any && !jb->waited)) {
                status = sh_job_wait(st, jb);
                if (pvar) sh_var_set_int(st, pvar, jb->pid, 0);
                jb->waited = 1;
                if (any) return status;
            }
            jb->waited = 1;
        }
        return any ? 127 : 0;
    }
    int status = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        sh_job *jb = NULL;
        if (a[0] == '%') {
            int64_t id = 0;
            if (a[1] == '%' || a[1] == '+' || !a[1]) {
                for (int k = st->njobs - 1; k >= 0 && !jb; k--)
                    if (st->jobs[k].pid > 0) jb = &st->jobs[k];
            } else if (sh_parse_int(a + 1, &id) == 0) {
                for (int k = 0; k < st->njobs && !jb; k++)
                    if (st->jobs[k].pid > 0 && st->jobs[k].id == id) jb = &st->jobs[k];
            }
        } else {
            int64_t pid;
            if (sh_parse_int(a, &pid)) {
                sh_builtin_err(st, "wait", "`%s': not a pid or valid job spec", a);
                status = 2;
                continue;
            }
            jb = sh_job_find(st, pid);
        }
        if (!jb) {
            sh_builtin_err(st, "wait", "pid %s is not a child of this shell", a);
            status = 127;
            continue;
        }
        status = sh_job_wait(st, jb);
    }
    return status;
}

SH_BUILTIN("jobs", bi_jobs, 0, "jobs [-lnprs] [jobspec ...]: display status of jobs");

int bi_jobs(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int pids = 0, longf = 0, running_only = 0, stopped_only = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-') continue;
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'p') pids = 1;
            else if (*p == 'l') longf = 1;
            else if (*p == 'r') running_only = 1;
            else if (*p == 's') stopped_only = 1;
        }
    }
    /* the current job (+) is the newest, the previous one (-) the one before */
    int cur = -1, prev = -1;
    for (int k = 0; k < st->njobs; k++) {
        if (st->jobs[k].pid < 0 || st->jobs[k].notified || st->jobs[k].waited) continue;
        prev = cur;
        cur = k;
    }
    sk_buf b = SK_BUF_INIT(st->a);
    for (int k = 0; k < st->njobs; k++) {
        sh_job *jb = &st->jobs[k];
        if (jb->pid < 0 || jb->notified) continue;
        int running = jb->task != NULL;
        if ((running_only && !running) || stopped_only) continue;
        char mark = k == cur ? '+' : k == prev ? '-' : ' ';
        if (pids) {
            sk_buf_printf(&b, "%lld\n", (long long)jb->pid);
            continue;
        }
        sk_buf_printf(&b, "[%d]%c  ", jb->id, mark);
        if (longf) sk_buf_printf(&b, "%lld ", (long long)jb->pid);
        if (running) sk_buf_printf(&b, "%-24s%s &\n", "Running", jb->cmd ? jb->cmd : "");
        else {
            char st_text[32];
            if (jb->status) snprintf(st_text, sizeof st_text, "Exit %d", jb->status);
            else snprintf(st_text, sizeof st_text, "Done");
            sk_buf_printf(&b, "%-24s%s\n", st_text, jb->cmd ? jb->cmd : "");
            jb->notified = 1;
        }
    }
    out_buf(c, &b);
    sk_buf_free(&b);
    return 0;
}

SH_BUILTIN("kill", bi_kill, 0, "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]: send a signal to a job");

int bi_kill(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    if (argc < 2) {
        sh_builtin_usage(st, "kill", "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]");
        return 2;
    }
    int i = 1;
    if (!strcmp(argv[1], "-l") || !strcmp(argv[1], "-L")) {
        sk_buf b = SK_BUF_INIT(st->a);
        if (argc > 2) {
            for (i = 2; i < argc; i++) {
                int64_t n;
                if (sh_parse_int(argv[i], &n) == 0) {
                    if (n > 128) n -= 128;
                    if (n > 0 && n < NSIGNAMES) sk_buf_printf(&b, "%s\n", signames[n]);
                } else {
                    int k = sig_number(argv[i]);
                    if (k > 0) sk_buf_printf(&b, "%d\n", k);
                }
            }
        } else {
            for (int k = 1; k <= 64; k++) {
                if (k == 32 || k == 33) continue;
                char nm[32];
                sig_name(k, nm, sizeof nm);
                sk_buf_printf(&b, "%2d) %-8s", k, nm);
                sk_buf_putc(&b, (k % 5 == 0 || k == 64) ? '\n' : '\t');
            }
        }
        out_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }
    int sig = 15;
    if (argv[1][0] == '-') {
        i = 2;
        const char *spec = argv[1] + 1;
        if ((!strcmp(argv[1], "-s") || !strcmp(argv[1], "-n")) && argc > 2) {
            spec = argv[2];
            i = 3;
        }
        if (strcmp(argv[1], "--")) {
            int k = sig_number(spec);
            if (k < 0 || k >= SH_TRAP_NSIG) {
                sh_builtin_err(st, "kill", "%s: invalid signal specification", spec);
                return 1;
            }
            sig = k;
        }
    }
    int status = 0;
    int self = 0;
    if (i >= argc) {
        sh_builtin_usage(st, "kill", "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]");
        return 2;
    }
    for (; i < argc; i++) {
        int64_t pid;
        if (argv[i][0] == '%') continue;
        if (sh_parse_int(argv[i], &pid)) {
            sh_builtin_err(st, "kill", "%s: arguments must be process or job IDs", argv[i]);
            status = 1;
            continue;
        }
        if (pid == 1 || pid == st->pid) { self = 1; continue; }
        if (sh_job_find(st, pid)) continue;
        sh_builtin_err(st, "kill", "(%s) - No such process", argv[i]);
        status = 1;
    }
    if (self && sig > 0) {
        /* a signal to this shell: its trap, or the default action */
        if (st->traps[sig] && (!st->in_subshell || st->trap_local[sig])) {
            if (st->traps[sig][0]) sh_run_trap(st, sig);
        } else if (sig != 17 && sig != 18 && sig != 19 && sig != 20 && sig != 21 && sig != 22 && sig != 23 &&
                   sig != 28) {
            st->status = 128 + sig;
            st->ctl = SH_CTL_EXIT;
            return 128 + sig;
        }
    }
    return status;
}

SH_BUILTIN("disown", bi_disown, 0, "disown [-h] [-ar] [jobspec ... | pid ...]: remove jobs from current shell");
SH_BUILTIN("fg", bi_fg, 0, "fg [job_spec]: move job to the foreground");
SH_BUILTIN("bg", bi_bg, 0, "bg [job_spec ...]: move jobs to the background");
SH_BUILTIN("suspend", bi_suspend, 0, "suspend [-f]: suspend shell execution");

int bi_disown(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 0; }
int bi_fg(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c; (void)argc; (void)argv;
    sh_builtin_err(st, "fg", "no job control");
    return 1;
}
int bi_bg(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c; (void)argc; (void)argv;
    sh_builtin_err(st, "bg", "no job control");
    return 1;
}
int bi_suspend(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c; (void)argc; (void)argv;
    sh_builtin_err(st, "suspend", "cannot suspend a login shell");
    return 1;
}

/* ---- alias ---------------------------------------------------------------------------------------- */

SH_BUILTIN("alias", bi_alias, SH_BI_DECL, "alias [-p] [name[=value] ... ]: define or display aliases");
SH_BUILTIN("unalias", bi_unalias, 0, "unalias [-a] name [name ...]: remove each name from the list of defined aliases");

int bi_alias(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1;
    if (i < argc && !strcmp(argv[i], "-p")) i++;
    sk_buf b = SK_BUF_INIT(st->a);
    int status = 0;
    if (i >= argc) {
        for (size_t k = 0; st->aliases && k < st->aliases->n; k++) {
            sk_buf_printf(&b, "alias %s=", st->aliases->e[k].key);
            sh_quote(&b, st->aliases->e[k].val, strlen(st->aliases->e[k].val), SH_Q_ATQ);
            sk_buf_putc(&b, '\n');
        }
    }
    for (; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (eq) {
            *eq = 0;
            if (!*argv[i] || strchr(argv[i], '/') || strchr(argv[i], '$') || strchr(argv[i], '`')) {
                *eq = '=';
                sh_builtin_err(st, "alias", "`%s': invalid alias name", argv[i]);
                status = 1;
                continue;
            }
            sh_smap_set(st->a, &st->aliases, argv[i], eq + 1);
            *eq = '=';
        } else {
            const char *v = sh_smap_get(st->aliases, argv[i]);
            if (!v) {
                out_buf(c, &b);
                sk_out_flush(&c->out);
                sh_builtin_err(st, "alias", "%s: not found", argv[i]);
                status = 1;
                continue;
            }
            sk_buf_printf(&b, "alias %s=", argv[i]);
            sh_quote(&b, v, strlen(v), SH_Q_ATQ);
            sk_buf_putc(&b, '\n');
        }
    }
    out_buf(c, &b);
    sk_buf_free(&b);
    return status;
}

int bi_unalias(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    if (argc < 2) {
        sh_builtin_usage(st, "unalias", "unalias [-a] name [name ...]");
        return 2;
    }
    if (!strcmp(argv[1], "-a")) {
        sh_smap_clear(st->a, &st->aliases);
        return 0;
    }
    int status = 0;
    for (int i = 1; i < argc; i++) {
        if (!sh_smap_get(st->aliases, argv[i])) {
            sh_builtin_err(st, "unalias", "%s: not found", argv[i]);
            status = 1;
            continue;
        }
        sh_smap_unset(st->a, &st->aliases, argv[i]);
    }
    return status;
}

/* ---- getopts --------------------------------------------------------------------------------------- */

static void getopts_msg(sh_state *st, const char *what, char ch)
{
    char tmp[300];
    int n = snprintf(tmp, sizeof tmp, "%s: %s -- %c\n", st->arg0 ? st->arg0 : "bash", what, ch);
    if (n > 0) sh_err_write(st, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

SH_BUILTIN("getopts", bi_getopts, 0, "getopts optstring name [arg ...]: parse option arguments");

int bi_getopts(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    if (argc < 3) {
        sh_builtin_usage(st, "getopts", "getopts optstring name [arg ...]");
        return 2;
    }
    const char *opts = argv[1];
    const char *var = argv[2];
    int silent = opts[0] == ':';
    if (silent) opts++;
    int nargs;
    char **args;
    if (argc > 3) {
        nargs = argc - 3;
        args = argv + 3;
    } else {
        sh_params *p = sh_params_cur(st);
        nargs = p->n;
        args = p->v;
    }
    const char *oi = sh_var_get(st, "OPTIND");
    int64_t optind = 1;
    if (oi && sh_parse_int(oi, &optind)) optind = 1;
    if (optind < 1) optind = 1;
    if (optind != st->getopts_ind) st->getopts_sub = 0;
    if (optind == 1 && st->getopts_ind != 1) st->getopts_sub = 0;
    int opterr = 1;
    const char *oe = sh_var_get(st, "OPTERR");
    if (oe && !strcmp(oe, "0")) opterr = 0;
    if (optind > nargs) {
        sh_var_setstr(st, var, "?", 0);
        sh_var_unset(st, "OPTARG", 0);
        st->getopts_ind = (int)optind;
        return 1;
    }
    const char *arg = args[optind - 1];
    if (st->getopts_sub == 0) {
        if (arg[0] != '-' || !arg[1] || !strcmp(arg, "--")) {
            if (!strcmp(arg, "--")) {
                optind++;
                sh_var_set_int(st, "OPTIND", optind, 0);
            }
            sh_var_setstr(st, var, "?", 0);
            sh_var_unset(st, "OPTARG", 0);
            st->getopts_ind = (int)optind;
            return 1;
        }
        st->getopts_sub = 1;
    }
    char ch = arg[st->getopts_sub++];
    int last = arg[st->getopts_sub] == 0;
    const char *spec = ch != ':' ? strchr(opts, ch) : NULL;
    char chs[2] = { ch, 0 };
    if (!spec) {
        if (last) { optind++; st->getopts_sub = 0; }
        sh_var_set_int(st, "OPTIND", optind, 0);
        st->getopts_ind = (int)optind;
        sh_var_setstr(st, var, "?", 0);
        if (silent) sh_var_setstr(st, "OPTARG", chs, 0);
        else {
            sh_var_unset(st, "OPTARG", 0);
            if (opterr) getopts_msg(st, "illegal option", ch);
        }
        return 0;
    }
    if (spec[1] == ':') {
        if (!last) {
            sh_var_setstr(st, "OPTARG", arg + st->getopts_sub, 0);
            optind++;
        } else if (optind < nargs) {
            sh_var_setstr(st, "OPTARG", args[optind], 0);
            optind += 2;
        } else {
            optind++;
            st->getopts_sub = 0;
            sh_var_set_int(st, "OPTIND", optind, 0);
            st->getopts_ind = (int)optind;
            if (silent) {
                sh_var_setstr(st, var, ":", 0);
                sh_var_setstr(st, "OPTARG", chs, 0);
            } else {
                sh_var_setstr(st, var, "?", 0);
                sh_var_unset(st, "OPTARG", 0);
                if (opterr) getopts_msg(st, "option requires an argument", ch);
            }
            return 0;
        }
        st->getopts_sub = 0;
    } else {
        sh_var_unset(st, "OPTARG", 0);
        if (last) { optind++; st->getopts_sub = 0; }
    }
    sh_var_set_int(st, "OPTIND", optind, 0);
    st->getopts_ind = (int)optind;
    sh_var_setstr(st, var, chs, 0);
    return 0;
}

/* ---- caller, times, umask, ulimit ---------------------------------------------------------------------- */

SH_BUILTIN("caller", bi_caller, 0, "caller [expr]: return the context of the current subroutine call");

int bi_caller(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int64_t k = -1;
    if (argc > 1 && sh_parse_int(argv[1], &k)) {
        sh_builtin_err(st, "caller", "%s: invalid number", argv[1]);
        return 2;
    }
    /* frames: innermost last */
    int top = st->nframes - 1;
    if (top < 1 && k < 0) {
        sk_out_printf(&c->out, "%d NULL\n", st->lineno);
        return 0;
    }
    if (k < 0) {
        const sh_frame *f = &st->frames[top];
        const sh_frame *p = &st->frames[top - 1];
        sk_out_printf(&c->out, "%d %s\n", f->call_line, p->source ? p->source : "NULL");
        return 0;
    }
    int idx = top - (int)k;
    if (idx < 1) return 1;
    const sh_frame *f = &st->frames[idx];
    const sh_frame *p = &st->frames[idx - 1];
    sk_out_printf(&c->out, "%d %s %s\n", f->call_line, p->funcname ? p->funcname : "main", p->source ? p->source : "NULL");
    return 0;
}

SH_BUILTIN("times", bi_times, SH_BI_SPECIAL, "times: display process times");

int bi_times(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)st; (void)argc; (void)argv;
    sk_out_puts(&c->out, "0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n");
    return 0;
}

SH_BUILTIN("umask", bi_umask, 0, "umask [-p] [-S] [mode]: display or set file mode mask");

int bi_umask(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, sym = 0, p = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "-S")) sym = 1;
        else if (!strcmp(argv[i], "-p")) p = 1;
    }
    if (i >= argc) {
        unsigned m = st->umask;
        if (sym) {
            unsigned a = ~m & 0777;
            char b[64];
            const char *cls = "ugo";
            size_t k = 0;
            for (int w = 0; w < 3; w++) {
                unsigned bits = (a >> (6 - 3 * w)) & 7;
                if (w) b[k++] = ',';
                b[k++] = cls[w];
                b[k++] = '=';
                if (bits & 4) b[k++] = 'r';
                if (bits & 2) b[k++] = 'w';
                if (bits & 1) b[k++] = 'x';
            }
            b[k] = 0;
            sk_out_printf(&c->out, "%s%s\n", p ? "umask -S " : "", b);
        } else {
            sk_out_printf(&c->out, "%s%04o\n", p ? "umask " : "", m);
        }
        return 0;
    }
    unsigned v = 0;
    for (const char *q = argv[i]; *q; q++) {
        if (*q < '0' || *q > '7') {
            sh_builtin_err(st, "umask", "%s: octal number out of range", argv[i]);
            return 1;
        }
        v = v * 8 + (unsigned)(*q - '0');
    }
    st->umask = v & 0777;
    return 0;
}

SH_BUILTIN("ulimit", bi_ulimit, 0, "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]: modify shell resource limits");

int bi_ulimit(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    const sk_limits *l = &st->sh->lim;
    int all = 0;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "-a")) all = 1;
    if (!all) {
        if (argc > 1 && argv[argc - 1][0] != '-') return 0;   /* setting: accepted, not enforced */
        int opt = argc > 1 ? argv[argc - 1][1] : 'f';
        if (opt == 'n') sk_out_puts(&c->out, "1024\n");
        else if (opt == 's') sk_out_puts(&c->out, "8192\n");
        else if (opt == 'u') sk_out_puts(&c->out, "unlimited\n");
        else if (opt == 'f' && l->max_file_size) sk_out_printf(&c->out, "%llu\n", (unsigned long long)(l->max_file_size / 1024));
        else sk_out_puts(&c->out, "unlimited\n");
        return 0;
    }
    sk_buf b = SK_BUF_INIT(st->a);
    sk_buf_puts(&b, "real-time non-blocking time  (microseconds, -R) unlimited\n");
    sk_buf_puts(&b, "core file size              (blocks, -c) 0\n");
    sk_buf_puts(&b, "data seg size               (kbytes, -d) unlimited\n");
    sk_buf_puts(&b, "scheduling priority                 (-e) 0\n");
    if (l->max_file_size) sk_buf_printf(&b, "file size                   (blocks, -f) %llu\n", (unsigned long long)(l->max_file_size / 1024));
    else sk_buf_puts(&b, "file size                   (blocks, -f) unlimited\n");
    sk_buf_puts(&b, "pending signals                     (-i) 0\n");
    sk_buf_puts(&b, "max locked memory           (kbytes, -l) 0\n");
    if (l->max_memory) sk_buf_printf(&b, "max memory size             (kbytes, -m) %llu\n", (unsigned long long)(l->max_memory / 1024));
    else sk_buf_puts(&b, "max memory size             (kbytes, -m) unlimited\n");
    sk_buf_puts(&b, "open files                          (-n) 1024\n");
    sk_buf_puts(&b, "pipe size                (512 bytes, -p) 128\n");
    sk_buf_puts(&b, "POSIX message queues         (bytes, -q) 0\n");
    sk_buf_puts(&b, "real-time priority                  (-r) 0\n");
    sk_buf_puts(&b, "stack size                  (kbytes, -s) 8192\n");
    if (l->timeout_ms) sk_buf_printf(&b, "cpu time                   (seconds, -t) %llu\n", (unsigned long long)(l->timeout_ms / 1000));
    else sk_buf_puts(&b, "cpu time                   (seconds, -t) unlimited\n");
    sk_buf_puts(&b, "max user processes                  (-u) 1\n");
    sk_buf_puts(&b, "virtual memory              (kbytes, -v) unlimited\n");
    sk_buf_puts(&b, "file locks                          (-x) unlimited\n");
    out_buf(c, &b);
    sk_buf_free(&b);
    return 0;
}

/* ---- help, history, fc, bind, completion ---------------------------------------------------------------- */

SH_BUILTIN("help", bi_help, 0, "help [-s] [pattern ...]: display information about builtin commands");

int bi_help(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    size_t n;
    const sh_builtin *t = sh_builtin_table(&n);
    sk_buf b = SK_BUF_INIT(st->a);
    int i = 1;
    if (i < argc && (!strcmp(argv[i], "-s") || !strcmp(argv[i], "-d") || !strcmp(argv[i], "-m"))) i++;
    if (i < argc) {
        int status = 0;
        for (; i < argc; i++) {
            int found = 0;
            for (size_t k = 0; k < n; k++) {
                if (strcmp(t[k].name, argv[i])) continue;
                /* hint "usage: description" -> "name: usage\n    Description." */
                const char *h = t[k].hint;
                const char *sep = strstr(h, ": ");
                if (sep) {
                    sk_buf_printf(&b, "%s: %.*s\n    ", t[k].name, (int)(sep - h), h);
                    const char *d = sep + 2;
                    if (*d >= 'a' && *d <= 'z') { sk_buf_putc(&b, (char)(*d - 32)); d++; }
                    sk_buf_printf(&b, "%s.\n", d);
                } else {
                    sk_buf_printf(&b, "%s\n", h);
                }
                found = 1;
            }
            size_t nc;
            const sk_cmd_entry *ct = sk_cmd_table(&nc);
            for (size_t k = 0; k < nc && !found; k++)
                if (!strcmp(ct[k].name, argv[i])) { sk_buf_printf(&b, "%s\n", ct[k].hint ? ct[k].hint : ct[k].name); found = 1; }
            const sk_host_cmd *h = st->sh->cfg ? sk_config_find_cmd(st->sh->cfg, argv[i]) : NULL;
            if (!found && h) { sk_buf_printf(&b, "%s\n", h->hint ? h->hint : h->name); found = 1; }
            if (!found) {
                out_buf(c, &b);
                sh_builtin_err(st, "help", "no help topics match `%s'.  Try `help help' or `man -k %s' or `info %s'.", argv[i], argv[i], argv[i]);
                status = 1;
            }
        }
        out_buf(c, &b);
        sk_buf_free(&b);
        return status;
    }
    sk_buf_puts(&b, "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu) in the Sandkiste sandbox\n");
    sk_buf_puts(&b, "Shell builtins:\n");
    for (size_t k = 0; k < n; k++) sk_buf_printf(&b, "  %s\n", t[k].hint);
    size_t nc;
    const sk_cmd_entry *ct = sk_cmd_table(&nc);
    const sk_config *cfg = st->sh->cfg;
    sk_buf_puts(&b, "\nCommands:\n");
    if (cfg)
        for (size_t k = 0; k < cfg->ncmds; k++)
            if (!sk_config_is_withheld(cfg, cfg->cmds[k].name))
                sk_buf_printf(&b, "  %s\n", cfg->cmds[k].hint ? cfg->cmds[k].hint : cfg->cmds[k].name);
    for (size_t k = 0; k < nc; k++) {
        if (cfg && (sk_config_is_withheld(cfg, ct[k].name) || sk_config_find_cmd(cfg, ct[k].name))) continue;
        sk_buf_printf(&b, "  %s\n", ct[k].hint ? ct[k].hint : ct[k].name);
    }
    out_buf(c, &b);
    sk_buf_free(&b);
    return 0;
}

SH_BUILTIN("history", bi_history, 0, "history [-c] [-d offset] [n]: display or manipulate the history list");
SH_BUILTIN("fc", bi_fc, 0, "fc [-e ename] [-lnr] [first] [last]: display or execute commands from the history list");
SH_BUILTIN("bind", bi_bind, 0, "bind [-lpsvPSVX] ...: set Readline key bindings and variables");

int bi_history(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 0; }
int bi_fc(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c; (void)argc; (void)argv;
    sh_builtin_err(st, "fc", "history specification out of range");
    return 1;
}
int bi_bind(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c; (void)argc; (void)argv;
    sh_builtin_err(st, "bind", "warning: line editing not enabled");
    return 0;
}

SH_BUILTIN("compgen", bi_compgen, 0, "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [word]: display possible completions");
SH_BUILTIN("complete", bi_complete, 0, "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [name ...]: specify how arguments are to be completed");
SH_BUILTIN("compopt", bi_compopt, 0, "compopt [-o|+o option] [-DEI] [name ...]: modify or display completion options");

static void cg_add(sh_strvec *v, const char *s, const char *prefix)
{
    if (strncmp(s, prefix, strlen(prefix))) return;
    for (size_t i = 0; i < v->n; i++)
        if (!strcmp(v->v[i], s)) return;
    sh_strvec_pushdup(v, s, strlen(s));
}

static int cg_var(void *ud, sh_var *v)
{
    void **p = ud;
    if (!(v->attr & SH_A_INVISIBLE)) cg_add(p[0], v->name, p[1]);
    return 0;
}

int bi_compgen(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    sh_strvec out = { NULL, 0, 0, st->a };
    const char *prefix = "";
    int actions[128] = { 0 };
    const char *wordlist = NULL;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) break;
        if (!strcmp(a, "--")) { i++; break; }
        if (!strcmp(a, "-W") && i + 1 < argc) { wordlist = argv[++i]; continue; }
        if ((!strcmp(a, "-A") || !strcmp(a, "-o") || !strcmp(a, "-G") || !strcmp(a, "-F") || !strcmp(a, "-C") ||
             !strcmp(a, "-X") || !strcmp(a, "-P") || !strcmp(a, "-S")) && i + 1 < argc) {
            if (!strcmp(a, "-A")) {
                const char *act = argv[i + 1];
                if (!strcmp(act, "command")) actions['c'] = 1;
                else if (!strcmp(act, "function")) actions['A'] = 1;
                else if (!strcmp(act, "variable")) actions['v'] = 1;
                else if (!strcmp(act, "builtin")) actions['b'] = 1;
                else if (!strcmp(act, "keyword")) actions['k'] = 1;
                else if (!strcmp(act, "alias")) actions['a'] = 1;
                else if (!strcmp(act, "export")) actions['e'] = 1;
                else if (!strcmp(act, "file")) actions['f'] = 1;
                else if (!strcmp(act, "directory")) actions['d'] = 1;
            }
            i++;
            continue;
        }
        for (const char *p = a + 1; *p; p++) actions[(unsigned char)*p & 127] = 1;
    }
    if (i < argc) prefix = argv[i];
    if (actions['a'])
        for (size_t k = 0; st->aliases && k < st->aliases->n; k++) cg_add(&out, st->aliases->e[k].key, prefix);
    if (actions['b'] || actions['c']) {
        size_t n;
        const sh_builtin *t = sh_builtin_table(&n);
        for (size_t k = 0; k < n; k++) cg_add(&out, t[k].name, prefix);
    }
    if (actions['k'] || actions['c'])
        for (int k = 0; k < 22; k++) {
            static const char *const kw[] = { "if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
                                              "while", "until", "do", "done", "in", "function", "time", "{", "}",
                                              "!", "[[", "]]", "coproc" };
            cg_add(&out, kw[k], prefix);
        }
    if (actions['A'] || actions['c'])
        for (size_t k = 0; st->funcs && k < st->funcs->n; k++) cg_add(&out, st->funcs->e[k].name, prefix);
    if (actions['c']) {
        size_t n;
        const sk_cmd_entry *t = sk_cmd_table(&n);
        const sk_config *cfg = st->sh->cfg;
        for (size_t k = 0; k < n; k++)
            if (!cfg || !sk_config_is_withheld(cfg, t[k].name)) cg_add(&out, t[k].name, prefix);
        if (cfg)
            for (size_t k = 0; k < cfg->ncmds; k++)
                if (!sk_config_is_withheld(cfg, cfg->cmds[k].name)) cg_add(&out, cfg->cmds[k].name, prefix);
        /* executable scripts on PATH */
        const char *path = sh_var_get(st, "PATH");
        while (path && *path) {
            const char *e = strchr(path, ':');
            size_t dl = e ? (size_t)(e - path) : strlen(path);
            char *dir = sk_strndup(st->a, path, dl);
            sk_vfs_dir d;
            if (dir && sk_vfs_list(&st->sh->vfs, st->cwd, *dir ? dir : ".", &d) == 0) {
                for (size_t k = 0; k < d.n; k++) {
                    sk_buf pb = SK_BUF_INIT(st->a);
                    sk_buf_printf(&pb, "%s/%s", dir, d.ents[k].name);
                    sk_stat sst;
                    if (sk_vfs_stat(&st->sh->vfs, st->cwd, sk_buf_cstr(&pb), &sst) == 0 && sst.type == SK_FILE_REGULAR && (sst.mode & 0111))
                        cg_add(&out, d.ents[k].name, prefix);
                    sk_buf_free(&pb);
                }
                sk_vfs_dir_free(&d);
            }
            sk_free(st->a, dir);
            if (!e) break;
            path = e + 1;
        }
    }
    if (actions['v'] || actions['e']) {
        void *ud[2] = { &out, (void *)prefix };
        sh_var_each(st, cg_var, ud);
    }
    if (actions['f'] || actions['d']) {
        sk_vfs_dir d;
        const char *slash = strrchr(prefix, '/');
        char *dir = slash ? sk_strndup(st->a, prefix, (size_t)(slash - prefix) + 1) : NULL;
        if (sk_vfs_list(&st->sh->vfs, st->cwd, dir ? dir : ".", &d) == 0) {
            for (size_t k = 0; k < d.n; k++) {
                if (actions['d'] && !actions['f'] && d.ents[k].type != SK_FILE_DIR) continue;
                sk_buf pb = SK_BUF_INIT(st->a);
                sk_buf_printf(&pb, "%s%s", dir ? dir : "", d.ents[k].name);
                cg_add(&out, sk_buf_cstr(&pb), prefix);
                sk_buf_free(&pb);
            }
            sk_vfs_dir_free(&d);
        }
        sk_free(st->a, dir);
    }
    if (wordlist) {
        sh_strvec w = { NULL, 0, 0, st->a };
        sh_ifs_split(st, wordlist, strlen(wordlist), &w);
        for (size_t k = 0; k < w.n; k++) cg_add(&out, w.v[k], prefix);
        sh_strvec_free(&w, 1);
    }
    sk_buf b = SK_BUF_INIT(st->a);
    for (size_t k = 0; k < out.n; k++) sk_buf_printf(&b, "%s\n", out.v[k]);
    out_buf(c, &b);
    sk_buf_free(&b);
    int status = out.n ? 0 : 1;
    sh_strvec_free(&out, 1);
    return status;
}

int bi_complete(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 0; }
int bi_compopt(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 0; }

/* ---- bash, sh ------------------------------------------------------------------------------------------------ */

int sh_bash_run(sh_state *st, sk_fdtab *fds, const char *script, size_t len, const char *name, int argc,
                char **argv, const int *setopt, const uint8_t *optv);

SH_BUILTIN("bash", bi_bash, 0, "bash [-ceuvx] [-o option] [-c command_string [name [arg ...]]] [file [arg ...]]: run a new shell (the sandbox's own)");
SH_BUILTIN("sh", bi_sh, 0, "sh [-c command_string [name [arg ...]]] [file [arg ...]]: run a new shell (the sandbox's own)");

static int run_bash(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    const char *cmd = NULL;
    int i = 1;
    uint8_t opts[SH_O_COUNT];
    int setopt[SH_O_COUNT];
    memset(setopt, 0, sizeof setopt);
    memset(opts, 0, sizeof opts);
    int have_c = 0, have_s = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--version") || !strcmp(a, "-version")) {
            sk_out_puts(&c->out, "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n"
                                 "Copyright (C) 2022 Free Software Foundation, Inc.\n"
                                 "License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\n"
                                 "This is free software; you are free to change and redistribute it.\n"
                                 "There is NO WARRANTY, to the extent permitted by law.\n");
            return 0;
        }
        if (!strcmp(a, "--help")) {
            sk_out_puts(&c->out, "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n"
                                 "Usage:\tbash [GNU long option] [option] ...\n\tbash [GNU long option] [option] script-file ...\n");
            return 0;
        }
        if (!strcmp(a, "--")) { i++; break; }
        if (!strcmp(a, "--norc") || !strcmp(a, "--noprofile") || !strcmp(a, "--posix") || !strcmp(a, "--login")) continue;
        if ((a[0] != '-' && a[0] != '+') || !a[1]) break;
        int on = a[0] == '-';
        for (const char *p = a + 1; *p; p++) {
            if (*p == 'c') { have_c = 1; continue; }
            if (*p == 's') { have_s = 1; continue; }
            if (*p == 'i' || *p == 'l' || *p == 'r') continue;
            if (*p == 'o' && i + 1 < argc) {
                int k = sh_set_option_index(argv[++i]);
                if (k < 0) {
                    sh_err_noline(st, "%s: invalid option name", argv[i]);
                    return 2;
                }
                setopt[k] = 1;
                opts[k] = (uint8_t)on;
                continue;
            }
            int found = 0;
            for (int k = 0; k < SH_O_COUNT; k++)
                if (sh_set_options[k].letter == *p) { setopt[k] = 1; opts[k] = (uint8_t)on; found = 1; }
            if (!found) {
                sh_err_noline(st, "%s: -%c: invalid option", argv[0], *p);
                return 2;
            }
        }
    }
    sk_out_flush(&c->out);
    /* apply the option letters through the environment of the new shell:
     * sh_bash_run starts with defaults; we pass them in SHELLOPTS-like form */
    int status;
    if (have_c) {
        if (i >= argc) {
            sh_err_noline(st, "%s: -c: option requires an argument", argv[0]);
            return 2;
        }
        cmd = argv[i++];
        char *dflt[1] = { argv[0] };
        int nargc = argc - i;
        char **nargv = nargc > 0 ? argv + i : dflt;
        if (nargc <= 0) nargc = 1;
        /* options for the child: set them on a copy of our state's option
         * array temporarily */
        return sh_bash_run(st, c->fds, cmd, strlen(cmd), NULL, nargc, nargv, setopt, opts);
    }
    if (i < argc && !have_s) {
        /* bash FILE args */
        const char *file = argv[i];
        sk_buf text = SK_BUF_INIT(st->a);
        int r = sk_vfs_read_file(&st->sh->vfs, st->cwd, file, st->sh->lim.max_input_bytes, &text);
        if (r) {
            sh_err_noline(st, "%s: %s", file, sk_status_message(r));
            sk_buf_free(&text);
            return 127;
        }
        status = sh_bash_run(st, c->fds, text.p ? text.p : "", text.len, file, argc - i, argv + i, setopt, opts);
        sk_buf_free(&text);
        return status;
    }
    /* script from standard input */
    sk_in in;
    sk_buf text = SK_BUF_INIT(st->a);
    if (c->in && sk_in_init(&in, st->a, c->in, 4096) == 0) {
        sk_stream_open(c->in, SK_RD);
        sk_in_read_all(&in, &text, st->sh->lim.max_input_bytes);
        sk_in_free(&in);
        sk_stream_close(c->in, SK_RD);
    }
    /* bash -s ARGS: positional parameters for the script read from stdin */
    char **sargv = sk_malloc(st->a, (size_t)(argc - i + 2) * sizeof *sargv);
    if (!sargv) { sk_buf_free(&text); return 1; }
    sargv[0] = argv[0];
    int sargc = 1;
    for (int k = i; k < argc; k++) sargv[sargc++] = argv[k];
    sargv[sargc] = NULL;
    status = sh_bash_run(st, c->fds, text.p ? text.p : "", text.len, NULL, sargc, sargv, setopt, opts);
    sk_free(st->a, sargv);
    sk_buf_free(&text);
    return status;
}

int bi_bash(sh_state *st, sk_cmd *c, int argc, char **argv) { return run_bash(st, c, argc, argv); }
int bi_sh(sh_state *st, sk_cmd *c, int argc, char **argv) { return run_bash(st, c, argc, argv); }
