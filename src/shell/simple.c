/* simple.c — simple commands: expansion of the words, assignments (to the
 * shell, or as a temporary environment for the command), redirections,
 * set -x tracing, and dispatch in the sandbox's order: functions, shell
 * builtins, host commands, library commands, executable scripts in the
 * VFS, the host resolver, "command not found". */
#include <stdio.h>
#include <string.h>

#include "api/config.h"
#include "shell/arith.h"
#include "shell/exec.h"
#include "shell/pattern.h"

/* ---- assignments --------------------------------------------------------------------- */

static int nomem(sh_state *st)
{
    sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory);
    return -1;
}

/* Expand the elements of a compound value name=( ... ) into values and
 * (for [k]=v elements) keys. */
static int expand_compound(sh_state *st, const sh_assign *as, sh_strvec *vals, sh_strvec *keys, int assoc)
{
    for (uint32_t i = 0; i < as->nelems; i++) {
        const sh_array_elem *e = &as->elems[i];
        if (e->key) {
            sk_buf kb = SK_BUF_INIT(st->a), vb = SK_BUF_INIT(st->a);
            if (sh_expand_string(st, e->key, 0, &kb) || sh_expand_string(st, &e->value, SH_XS_ASSIGN, &vb)) {
                sk_buf_free(&kb);
                sk_buf_free(&vb);
                return -1;
            }
            char *k = sk_buf_take(&kb, NULL), *v = sk_buf_take(&vb, NULL);
            if (!k || !v || sh_strvec_push(keys, k) || sh_strvec_push(vals, v)) return nomem(st);
        } else {
            size_t before = vals->n;
            if (assoc && 0) {
                /* unreachable: assoc plain elements are split like others */
            }
            if (sh_expand_words(st, &e->value, 1, vals)) return -1;
            for (size_t k = before; k < vals->n; k++)
                if (sh_strvec_push(keys, NULL)) return nomem(st);
        }
    }
    return 0;
}

/* Perform one assignment in the shell.  flags: SH_SET_*.  Returns 0 or an
 * error (printed). */
int sh_do_assign(sh_state *st, const sh_assign *as, int flags)
{
    const char *name = as->name.p;
    int sflags = flags | (as->append ? SH_SET_APPEND : 0);
    if (as->compound) {
        sh_var *v = sh_var_lookup(st, name);
        int assoc = v && v->kind == SH_VK_ASSOC && !(flags & SH_SET_TEMP);
        sh_strvec vals = { NULL, 0, 0, st->a }, keys = { NULL, 0, 0, st->a };
        int r = expand_compound(st, as, &vals, &keys, assoc);
        if (!r) {
            /* keys are NULL for plain elements */
            int anykey = 0;
            for (size_t i = 0; i < keys.n; i++) if (keys.v[i]) anykey = 1;
            if (v && (v->attr & SH_A_READONLY)) {
                sh_err(st, "%s: readonly variable", name);
                r = SH_E_READONLY;
            } else {
                r = sh_var_set_array(st, name, (int)vals.n, vals.v, anykey ? keys.v : NULL, assoc, sflags);
            }
        }
        sh_strvec_free(&vals, 1);
        sh_strvec_free(&keys, 1);
        return r;
    }
    sk_buf vb = SK_BUF_INIT(st->a);
    if (sh_expand_string(st, &as->value, SH_XS_ASSIGN, &vb)) {
        sk_buf_free(&vb);
        return -1;
    }
    int r;
    if (as->subscript) {
        sk_buf sb = SK_BUF_INIT(st->a);
        if (sh_expand_string(st, as->subscript, 0, &sb)) {
            sk_buf_free(&sb);
            sk_buf_free(&vb);
            return -1;
        }
        const char *sub = sk_buf_cstr(&sb);
        sh_var *v = sh_var_lookup(st, name);
        if ((!v || v->kind != SH_VK_ASSOC) && !sub[strspn(sub, " \t")]) {
            sh_err(st, "%s[%s]: bad array subscript", name, sub);
            r = SH_E_BADSUB;
        } else {
            r = sh_var_set_elem(st, name, sub, sk_buf_cstr(&vb), vb.len, sflags);
        }
        sk_buf_free(&sb);
    } else {
        r = sh_var_set(st, name, sk_buf_cstr(&vb), vb.len, sflags);
    }
    sk_buf_free(&vb);
    return r;
}

/* ---- set -x ---------------------------------------------------------------------------------- */

/* PS4 with $NAME / ${NAME} references expanded, its first character
 * repeated once per level of command substitution / eval. */
void sh_xtrace_prefix(sh_state *st, sk_buf *b)
{
    const char *ps4 = sh_var_get(st, "PS4");
    if (!ps4) ps4 = "";
    sk_buf e = SK_BUF_INIT(st->a);
    for (const char *p = ps4; *p;) {
        if (*p == '$' && (p[1] == '{' || p[1] == '_' || (p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z'))) {
            const char *s = p + 1;
            int braced = *s == '{';
            if (braced) s++;
            const char *t = s;
            while ((*t >= 'a' && *t <= 'z') || (*t >= 'A' && *t <= 'Z') || (*t >= '0' && *t <= '9') || *t == '_') t++;
            if (!braced || *t == '}') {
                char name[128];
                size_t nl = (size_t)(t - s) < sizeof name - 1 ? (size_t)(t - s) : sizeof name - 1;
                memcpy(name, s, nl);
                name[nl] = 0;
                const char *v = sh_var_get(st, name);
                if (v) sk_buf_puts(&e, v);
                p = braced ? t + 1 : t;
                continue;
            }
        }
        sk_buf_putc(&e, *p++);
    }
    const char *x = sk_buf_cstr(&e);
    if (*x) {
        for (int i = 0; i < st->xtrace_level; i++) sk_buf_putc(b, x[0]);
        sk_buf_puts(b, x);
    }
    sk_buf_free(&e);
}

static void xtrace_emit(sh_state *st, sk_buf *b)
{
    sk_buf_putc(b, '\n');
    sh_err_write(st, b->p, b->len);
}

/* One assignment, after it was performed. */
static void xtrace_assign(sh_state *st, const sh_assign *as)
{
    if (!st->opt[SH_O_XTRACE]) return;
    sk_buf b = SK_BUF_INIT(st->a);
    sh_xtrace_prefix(st, &b);
    sk_buf_puts(&b, as->name.p);
    if (as->subscript) {
        sk_buf_putc(&b, '[');
        sk_buf_put(&b, as->subscript->raw.p, as->subscript->raw.n);
        sk_buf_putc(&b, ']');
    }
    sk_buf_puts(&b, as->append ? "+=" : "=");
    if (as->compound) {
        sk_buf_putc(&b, '(');
        for (uint32_t i = 0; i < as->nelems; i++) {
            if (i) sk_buf_putc(&b, ' ');
            if (as->elems[i].key) {
                sk_buf_putc(&b, '[');
                sk_buf_put(&b, as->elems[i].key->raw.p, as->elems[i].key->raw.n);
                sk_buf_puts(&b, "]=");
            }
            sk_buf_put(&b, as->elems[i].value.raw.p, as->elems[i].value.raw.n);
        }
        sk_buf_putc(&b, ')');
    } else {
        const char *v = NULL;
        if (as->subscript) {
            sk_buf vb = SK_BUF_INIT(st->a);
            if (!sh_expand_string(st, &as->value, SH_XS_ASSIGN, &vb)) sh_quote(&b, vb.p ? vb.p : "", vb.len, SH_Q_XTRACE);
            sk_buf_free(&vb);
        } else {
            sh_var *var = sh_var_lookup(st, as->name.p);
            v = var ? sh_var_value(var, NULL) : "";
            if (!v) v = "";
            if (as->append) {
                sk_buf vb = SK_BUF_INIT(st->a);
                if (!sh_expand_string(st, &as->value, SH_XS_ASSIGN, &vb)) sh_quote(&b, vb.p ? vb.p : "", vb.len, SH_Q_XTRACE);
                sk_buf_free(&vb);
            } else {
                sh_quote(&b, v, strlen(v), SH_Q_XTRACE);
            }
        }
    }
    xtrace_emit(st, &b);
    sk_buf_free(&b);
}

void sh_xtrace(sh_state *st, char *const *argv, int argc, const sh_assign *assigns, uint32_t nassigns)
{
    (void)assigns;
    (void)nassigns;
    if (!st->opt[SH_O_XTRACE] || argc == 0) return;
    sk_buf b = SK_BUF_INIT(st->a);
    sh_xtrace_prefix(st, &b);
    for (int i = 0; i < argc; i++) {
        if (i) sk_buf_putc(&b, ' ');
        sh_quote(&b, argv[i], strlen(argv[i]), SH_Q_XTRACE);
    }
    xtrace_emit(st, &b);
    sk_buf_free(&b);
}

/* A traced line made of a head and words ("for i in 1 2"). */
void sh_xtrace_words(sh_state *st, const char *head, char *const *w, size_t n, const char *tail)
{
    if (!st->opt[SH_O_XTRACE]) return;
    sk_buf b = SK_BUF_INIT(st->a);
    sh_xtrace_prefix(st, &b);
    sk_buf_puts(&b, head);
    for (size_t i = 0; i < n; i++) {
        sk_buf_putc(&b, ' ');
        sh_quote(&b, w[i], strlen(w[i]), SH_Q_XTRACE);
    }
    if (tail) sk_buf_puts(&b, tail);
    xtrace_emit(st, &b);
    sk_buf_free(&b);
}

/* ---- command lookup ---------------------------------------------------------------------------- */

static const char *const keywords[] = {
    "!", "[[", "]]", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function",
    "if", "in", "select", "then", "time", "until", "while", "{", "}",
};

int sh_is_keyword(const char *name)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (!strcmp(keywords[i], name)) return 1;
    return 0;
}

int sh_builtin_enabled(sh_state *st, const sh_builtin *b)
{
    for (int i = 0; i < st->ndisabled; i++)
        if (!strcmp(st->disabled[i], b->name)) return 0;
    return 1;
}

/* Is path an executable regular file?  0 yes, else an sk_status. */
static int exec_check(sh_state *st, const char *path, char **abs)
{
    sk_vfs_path vp;
    int r = sk_vfs_lookup(&st->sh->vfs, st->cwd, path, 0, &vp);
    if (r) return r;
    if (vp.st.type == SK_FILE_DIR) { sk_vfs_path_free(&st->sh->vfs, &vp); return SK_EISDIR; }
    if (!(vp.st.mode & 0111)) {
        if (abs) *abs = vp.path; else sk_vfs_path_free(&st->sh->vfs, &vp);
        return SK_EACCES;
    }
    if (abs) *abs = vp.path; else sk_vfs_path_free(&st->sh->vfs, &vp);
    return 0;
}

char *sh_find_in_path(sh_state *st, const char *name, int *status)
{
    *status = SK_ENOENT;
    if (strchr(name, '/')) {
        char *abs = NULL;
        int r = exec_check(st, name, &abs);
        *status = r;
        if (r == 0) return abs;
        if (abs) sk_free(st->a, abs);
        return NULL;
    }
    const char *hashed = sh_smap_get(st->hashed, name);
    if (hashed) {
        char *abs = NULL;
        if (exec_check(st, hashed, &abs) == 0) { *status = 0; return abs; }
        if (abs) sk_free(st->a, abs);
    }
    const char *path = sh_var_get(st, "PATH");
    if (!path || !*path) return NULL;
    const char *p = path;
    for (;;) {
        const char *e = strchr(p, ':');
        size_t dl = e ? (size_t)(e - p) : strlen(p);
        sk_buf b = SK_BUF_INIT(st->a);
        if (dl == 0) sk_buf_putc(&b, '.');
        else sk_buf_put(&b, p, dl);
        sk_buf_putc(&b, '/');
        sk_buf_puts(&b, name);
        char *abs = NULL;
        int r = b.p ? exec_check(st, b.p, &abs) : SK_NOMEM;
        sk_buf_free(&b);
        if (r == 0) { *status = 0; return abs; }
        if (abs) sk_free(st->a, abs);
        if (!e) break;
        p = e + 1;
    }
    return NULL;
}

int sh_lookup_command(sh_state *st, const char *name, int flags, sh_cmdinfo *ci)
{
    memset(ci, 0, sizeof *ci);
    const sk_config *cfg = st->sh->cfg;
    if (strchr(name, '/')) {
        int status;
        char *abs = sh_find_in_path(st, name, &status);
        if (abs || status == SK_EACCES || status == SK_EISDIR) {
            ci->kind = SH_CK_SCRIPT;
            ci->path = abs;
            return status;
        }
        return SK_ENOENT;
    }
    if (!(flags & SH_RUN_NOFUNC) && !(flags & SH_RUN_BUILTIN_ONLY)) {
        sh_func *f = sh_func_get(st, name);
        if (f) { ci->kind = SH_CK_FUNCTION; ci->fn = f; return 0; }
    }
    if (!(flags & SH_RUN_NOBUILTIN)) {
        const sh_builtin *b = sh_builtin_lookup(name);
        if (b && sh_builtin_enabled(st, b) && (!cfg || !sk_config_is_withheld(cfg, name) || (b->flags & SH_BI_SPECIAL))) {
            ci->kind = SH_CK_BUILTIN;
            ci->bi = b;
            return 0;
        }
    }
    if (flags & SH_RUN_BUILTIN_ONLY) return SK_ENOENT;
    if (cfg && sk_config_is_withheld(cfg, name)) return SK_ENOENT;
    if (cfg) {
        const sk_host_cmd *h = sk_config_find_cmd(cfg, name);
        if (h) { ci->kind = SH_CK_HOST; ci->host = h; return 0; }
    }
    const sk_cmd_entry *e = sk_cmd_lookup(name);
    if (e) { ci->kind = SH_CK_COMMAND; ci->cmd = e; return 0; }
    int status;
    char *abs = sh_find_in_path(st, name, &status);
    if (abs) {
        ci->kind = SH_CK_SCRIPT;
        ci->path = abs;
        return 0;
    }
    if (cfg && cfg->resolver) {
        void *ud = NULL;
        sk_builtin_fn fn = cfg->resolver(cfg->resolver_ud, name, &ud);
        if (fn) { ci->kind = SH_CK_RESOLVER; ci->rfn = fn; ci->rud = ud; return 0; }
    }
    return SK_ENOENT;
}

void sh_cmdinfo_free(sh_state *st, sh_cmdinfo *ci)
{
    sk_free(st->a, ci->path);
    ci->path = NULL;
}

/* ---- running commands ------------------------------------------------------------------------ */

typedef struct sh_cmdbox {
    sk_cmd c;
    sh_state *st;
} sh_cmdbox;

static int64_t cmd_clock(void *ud)
{
    const sk_shell *sh = ud;
    return sk_shell_now_ns(sh);
}

static int cb_exec(sk_cmd *c, int argc, char **argv)
{
    sh_cmdbox *b = (sh_cmdbox *)c;
    sh_state *st = b->st;
    sk_out_flush(&c->out);
    sk_out_flush(&c->err);
    sk_fdtab *save = st->fds;
    st->fds = c->fds;
    /* a command running a program (xargs, find -exec, timeout) cannot see
     * shell functions, as with a real exec */
    int r = sh_run_argv(st, argc, argv, SH_RUN_NOFUNC);
    if (st->ctl == SH_CTL_EXIT || st->ctl == SH_CTL_RETURN || st->ctl == SH_CTL_ABORT) st->ctl = SH_CTL_NONE;
    st->fds = save;
    return r;
}

int sh_bash_run(sh_state *st, sk_fdtab *fds, const char *script, size_t len, const char *name, int argc,
                char **argv, const int *setopt, const uint8_t *optv);

static int cb_script(sk_cmd *c, const char *script, size_t len, const char *name, int argc, char **argv)
{
    sh_cmdbox *b = (sh_cmdbox *)c;
    sk_out_flush(&c->out);
    sk_out_flush(&c->err);
    return sh_bash_run(b->st, c->fds, script, len, name, argc, argv, NULL, NULL);
}

static char **cached_envp(sh_state *st)
{
    if (st->envp_cache && st->envp_gen == st->env_gen + 1) return st->envp_cache;
    sh_envp_free(st, st->envp_cache);
    st->envp_cache = sh_envp(st);
    st->envp_gen = st->env_gen + 1;
    return st->envp_cache;
}

void sh_cmd_init(sh_state *st, sk_cmd *c, const char *name, sk_fdtab *fds)
{
    sk_shell *sh = st->sh;
    memset(c, 0, offsetof(sk_cmd, outbuf));
    c->sh = sh;
    c->a = st->a;
    c->name = name;
    c->cwd = st->cwd;
    c->vfs = &sh->vfs;
    c->lim = &sh->lim;
    c->run = &sh->io;
    c->fds = fds;
    sk_fd *f0 = sk_fdtab_get(fds, 0);
    c->in = f0 && (f0->mode & SK_RD) ? f0->s : NULL;
    sk_fd *f1 = sk_fdtab_get(fds, 1);
    sk_fd *f2 = sk_fdtab_get(fds, 2);
    sk_out_init(&c->out, st->a, f1 && (f1->mode & SK_WR) ? f1->s : NULL, c->outbuf, sizeof c->outbuf);
    if (!f1 || !(f1->mode & SK_WR)) c->out.closed_fd = 1;
    sk_out_init(&c->err, st->a, f2 && (f2->mode & SK_WR) ? f2->s : NULL, c->errbuf, sizeof c->errbuf);
    if (!f2 || !(f2->mode & SK_WR)) c->err.closed_fd = 1;
    c->abort = &sh->abort;
    c->rng = &sh->rng;
    c->now_ns = cmd_clock;
    c->clock_ud = sh;
    c->envp = cached_envp(st);
    c->exec = cb_exec;
    c->exec_env = NULL; /* merge fix: the hook exists in cmd.h, the evaluator does not provide it yet */
    c->script = cb_script;
    c->ud = NULL;
    c->pipe_broken = 0;
}

int sh_cmd_finish(sh_state *st, sk_cmd *c, int status)
{
    (void)st;
    return cmd_finish(c, status);
}

static sh_cmdbox *box_new(sh_state *st, const char *name, sk_fdtab *fds)
{
    sh_cmdbox *b;
    if (st->pool && st->pool->n) b = st->pool->boxes[--st->pool->n];
    else b = sk_malloc(st->a, sizeof *b);
    if (!b) return NULL;
    sh_cmd_init(st, &b->c, name, fds);
    b->st = st;
    return b;
}

static void box_free(sh_state *st, sh_cmdbox *b)
{
    if (st->pool && st->pool->n < SH_POOL_MAX) st->pool->boxes[st->pool->n++] = b;
    else sk_free(st->a, b);
}

static int run_builtin(sh_state *st, const sh_builtin *bi, int argc, char **argv, sk_fdtab *fds)
{
    sh_cmdbox *b = box_new(st, argv[0], fds);
    if (!b) return nomem(st);
    const char *save_name = st->cmdname;
    sk_fdtab *save = st->fds;
    st->cmdname = bi->name;
    st->fds = fds;
    int status = bi->fn(st, &b->c, argc, argv);
    status = cmd_finish(&b->c, status);
    st->fds = save;
    st->cmdname = save_name;
    if (b->c.pipe_broken && st->in_subshell && !st->ctl) {
        /* SIGPIPE ends the subshell */
        st->ctl = SH_CTL_EXIT;
        st->status = 141;
    }
    box_free(st, b);
    return status;
}

static int run_command(sh_state *st, const sh_cmdinfo *ci, int argc, char **argv, sk_fdtab *fds)
{
    sh_cmdbox *b = box_new(st, argv[0], fds);
    if (!b) return nomem(st);
    int status;
    if (ci->kind == SH_CK_COMMAND) {
        status = ci->cmd->fn(&b->c, argc, argv);
    } else if (ci->kind == SH_CK_HOST) {
        b->c.ud = ci->host->ud;
        status = ci->host->fn((sk_ctx *)&b->c, argc, (const char *const *)argv, ci->host->ud);
    } else {
        b->c.ud = ci->rud;
        status = ci->rfn((sk_ctx *)&b->c, argc, (const char *const *)argv, ci->rud);
    }
    status = cmd_finish(&b->c, status);
    if (status < 0 || status > 255) status &= 255;
    if (b->c.pipe_broken && st->in_subshell && !st->ctl) {
        st->ctl = SH_CTL_EXIT;
        st->status = 141;
    }
    box_free(st, b);
    return status;
}

static int not_found(sh_state *st, const char *name, int status)
{
    if (status == SK_EACCES) {
        sh_err(st, "%s: Permission denied", name);
        return 126;
    }
    if (status == SK_EISDIR) {
        sh_err(st, "%s: Is a directory", name);
        return 126;
    }
    if (strchr(name, '/')) {
        sh_err(st, "%s: No such file or directory", name);
        return 127;
    }
    sh_err(st, "%s: command not found", name);
    return 127;
}

/* Run a resolved command with argv and descriptors fds. */
static int run_resolved(sh_state *st, sh_cmdinfo *ci, int argc, char **argv, sk_fdtab *fds)
{
    switch (ci->kind) {
    case SH_CK_FUNCTION: {
        sk_fdtab *save = st->fds;
        st->fds = fds;
        int r = sh_call_function(st, ci->fn, argv[0], argc, argv);
        st->fds = save;
        return r;
    }
    case SH_CK_BUILTIN:
        return run_builtin(st, ci->bi, argc, argv, fds);
    case SH_CK_HOST:
    case SH_CK_COMMAND:
    case SH_CK_RESOLVER:
        return run_command(st, ci, argc, argv, fds);
    case SH_CK_SCRIPT:
        if (!ci->path) return not_found(st, argv[0], SK_ENOENT);
        return sh_run_script_file(st, ci->path, argc, argv, fds);
    default:
        return not_found(st, argv[0], SK_ENOENT);
    }
}

int sh_run_argv(sh_state *st, int argc, char **argv, int flags)
{
    if (argc < 1) return 0;
    sh_cmdinfo ci;
    int lr = sh_lookup_command(st, argv[0], flags, &ci);
    int status;
    if (ci.kind == SH_CK_NONE || (ci.kind == SH_CK_SCRIPT && lr)) {
        status = not_found(st, argv[0], lr);
    } else {
        status = run_resolved(st, &ci, argc, argv, st->fds);
    }
    sh_cmdinfo_free(st, &ci);
    return status;
}

/* ---- declaration builtins ---------------------------------------------------------------------- */

static void declargs_free(sh_state *st, sh_declarg *d, int n)
{
    if (!d) return;
    for (int i = 0; i < n; i++) {
        sk_free(st->a, d[i].name);
        sk_free(st->a, d[i].sub);
        sk_free(st->a, d[i].value);
        sh_strvec_free(&d[i].vals, 1);
        sh_strvec_free(&d[i].keys, 1);
    }
    sk_free(st->a, d);
}

/* Expand the words of a declaration builtin: assignment words are not
 * split; each becomes one argument, with its parsed form in declargs. */
static int expand_decl_words(sh_state *st, const sh_node *n, sh_strvec *argv, sh_declarg **dout, int *nd)
{
    const sh_word *w = n->u.simple.words;
    uint32_t nw = n->u.simple.nwords;
    sh_declarg *d = NULL;
    int cap = 0;
    *dout = NULL;
    *nd = 0;
    for (uint32_t i = 0; i < nw; i++) {
        const sh_assign *as = w[i].assign;
        size_t before = argv->n;
        if (!as) {
            if (sh_expand_words(st, &w[i], 1, argv)) goto fail;
        } else {
            sk_buf text = SK_BUF_INIT(st->a);
            sk_buf_puts(&text, as->name.p);
            sh_declarg da;
            memset(&da, 0, sizeof da);
            da.vals.a = da.keys.a = st->a;
            da.is_assign = 1;
            da.append = as->append;
            da.name = sk_strdup(st->a, as->name.p);
            if (as->subscript) {
                sk_buf sb = SK_BUF_INIT(st->a);
                if (sh_expand_string(st, as->subscript, 0, &sb)) { sk_buf_free(&sb); sk_buf_free(&text); goto fail; }
                sk_buf_printf(&text, "[%s]", sk_buf_cstr(&sb));
                da.sub = sk_buf_take(&sb, NULL);
            }
            sk_buf_puts(&text, as->append ? "+=" : "=");
            if (as->compound) {
                da.compound = 1;
                if (expand_compound(st, as, &da.vals, &da.keys, 0)) { sk_buf_free(&text); goto fail; }
                sk_buf_putc(&text, '(');
                for (size_t k = 0; k < da.vals.n; k++) {
                    if (k) sk_buf_putc(&text, ' ');
                    if (da.keys.v[k]) sk_buf_printf(&text, "[%s]=", da.keys.v[k]);
                    sk_buf_puts(&text, da.vals.v[k]);
                }
                sk_buf_putc(&text, ')');
            } else {
                sk_buf vb = SK_BUF_INIT(st->a);
                if (sh_expand_string(st, &as->value, SH_XS_ASSIGN, &vb)) { sk_buf_free(&vb); sk_buf_free(&text); goto fail; }
                sk_buf_put(&text, vb.p ? vb.p : "", vb.len);
                da.value = sk_buf_take(&vb, NULL);
            }
            char *t = sk_buf_take(&text, NULL);
            if (!t || sh_strvec_push(argv, t)) goto fail;
            if ((int)argv->n > cap) {
                int nc = (int)argv->n + 8;
                sh_declarg *nd2 = sk_realloc(st->a, d, (size_t)nc * sizeof *nd2);
                if (!nd2) goto fail;
                memset(nd2 + cap, 0, (size_t)(nc - cap) * sizeof *nd2);
                d = nd2;
                cap = nc;
            }
            d[argv->n - 1] = da;
        }
        (void)before;
    }
    *dout = d;
    *nd = cap;
    return 0;
fail:
    declargs_free(st, d, cap);
    return -1;
}

/* ---- simple commands ------------------------------------------------------------------------------ */

static void set_last_arg(sh_state *st, const char *s)
{
    char *c = sk_strdup(st->a, s);
    if (!c) return;
    sk_free(st->a, st->last_arg);
    st->last_arg = c;
}

void sh_set_status(sh_state *st, int status)
{
    st->status = status;
    if (st->cappipestatus < 1) {
        int *p = sk_realloc(st->a, st->pipestatus, 4 * sizeof *p);
        if (!p) return;
        st->pipestatus = p;
        st->cappipestatus = 4;
    }
    st->pipestatus[0] = status;
    st->npipestatus = 1;
}

static int assign_only(sh_state *st, const sh_node *n)
{
    st->cmdsub_status = -1;
    int status = 0;
    for (uint32_t i = 0; i < n->u.simple.nassigns; i++) {
        int r = sh_do_assign(st, &n->u.simple.assigns[i], 0);
        if (st->ctl || st->sh->abort) return st->status;
        if (r) {
            /* an assignment error abandons the command (bash) */
            st->ctl = SH_CTL_ABORT;
            st->status = 1;
            return 1;
        }
        xtrace_assign(st, &n->u.simple.assigns[i]);
    }
    if (st->cmdsub_status >= 0) status = st->cmdsub_status;
    if (n->nredirs) {
        sk_fdtab fds;
        if (sk_fdtab_copy(&fds, st->fds, st->a)) return nomem(st), 1;
        if (sh_redirect(st, n->redirs, n->nredirs, &fds)) status = 1;
        sk_fdtab_free(&fds, st->a);
    }
    return status;
}

static int simple_body(sh_state *st, const sh_node *n);

int sh_exec_simple(sh_state *st, const sh_node *n)
{
    sk_shell *sh = st->sh;
    st->lineno = sh_node_line(st, n->line);
    sh_debug_trap(st);
    if (st->ctl || sh->abort) return st->status;
    if (sk_shell_count_command(sh)) return 1;
    int psmark = st->njobs;
    st->keep_procsubs = 0;
    int status = simple_body(st, n);
    if (st->njobs > psmark && !st->keep_procsubs) sh_procsub_cleanup(st, psmark);
    st->keep_procsubs = 0;
    return status;
}

static int simple_body(sh_state *st, const sh_node *n)
{
    sk_shell *sh = st->sh;

    sh_strvec argv = { NULL, 0, 0, st->a };
    sh_declarg *decl = NULL;
    int ndecl = 0;
    st->cmdsub_status = -1;
    int r;
    if (n->u.simple.decl && n->u.simple.nwords) r = expand_decl_words(st, n, &argv, &decl, &ndecl);
    else r = sh_expand_words(st, n->u.simple.words, n->u.simple.nwords, &argv);
    if (r || st->ctl || sh->abort) {
        sh_strvec_free(&argv, 1);
        declargs_free(st, decl, ndecl);
        if (!st->ctl && !sh->abort) {
            st->ctl = SH_CTL_ABORT;
            st->status = 1;
        }
        return st->status;
    }

    int status;
    if (argv.n == 0) {
        declargs_free(st, decl, ndecl);
        sh_strvec_free(&argv, 1);
        int cs = st->cmdsub_status;
        status = assign_only(st, n);
        if (!st->ctl && cs >= 0 && status == 0 && n->u.simple.nassigns == 0) status = cs;
        if (n->u.simple.nwords) {
            /* words that expanded to nothing: the status of the last
             * command substitution */
            if (cs >= 0 && !st->ctl) status = cs;
        }
        if (!st->ctl) sh_set_status(st, status);
        return status;
    }

    int argc = (int)argv.n;
    char **av = argv.v;
    sh_cmdinfo ci;
    memset(&ci, 0, sizeof ci);
    int lr = 0;

    /* temporary environment for the command (the lookup below sees it:
     * PATH=dir cmd searches dir) */
    int pushed = 0;
    if (n->u.simple.nassigns) {
        const sh_builtin *sb = sh_builtin_lookup(av[0]);
        int special = sb && (sb->flags & SH_BI_SPECIAL) && st->opt[SH_O_POSIX] && !sh_func_get(st, av[0]);
        if (!special) {
            if (sh_scope_push(st, 1)) { nomem(st); goto out_err; }
            pushed = 1;
        }
        for (uint32_t i = 0; i < n->u.simple.nassigns; i++) {
            int ar = sh_do_assign(st, &n->u.simple.assigns[i], pushed ? SH_SET_TEMP : 0);
            if (st->ctl || sh->abort) goto out_err;
            if (ar) {
                st->ctl = SH_CTL_ABORT;
                st->status = 1;
                goto out_err;
            }
            xtrace_assign(st, &n->u.simple.assigns[i]);
            if (pushed) {
                int e;
                sh_var_declare(st, n->u.simple.assigns[i].name.p, SH_SET_TEMP | SH_SET_NOREF, SH_A_EXPORT | SH_A_TEMP, 0, -1, &e);
            }
        }
        sh_env_changed(st);
    }
    lr = sh_lookup_command(st, av[0], 0, &ci);

    sh_xtrace(st, av, argc, n->u.simple.assigns, n->u.simple.nassigns);

    /* redirections */
    sk_fdtab fdsbuf, *fds = st->fds;
    int have_fds = 0;
    int exec_noargs = ci.kind == SH_CK_BUILTIN && !strcmp(ci.bi->name, "exec") && argc == 1;
    if (n->nredirs) {
        if (exec_noargs) {
            st->keep_procsubs = 1;
            if (sh_redirect(st, n->redirs, n->nredirs, st->fds)) { status = 1; goto done_cmd; }
        } else {
            if (sk_fdtab_copy(&fdsbuf, st->fds, st->a)) { nomem(st); goto out_err; }
            have_fds = 1;
            fds = &fdsbuf;
            if (sh_redirect(st, n->redirs, n->nredirs, fds)) { status = 1; goto done_cmd; }
        }
    }
    if (st->ctl || sh->abort) { status = st->status; goto done_cmd; }

    st->declargs = decl;
    st->ndeclargs = ndecl;
    if (ci.kind == SH_CK_NONE || (ci.kind == SH_CK_SCRIPT && lr)) {
        sk_fdtab *save = st->fds;
        st->fds = fds;
        status = not_found(st, av[0], lr);
        st->fds = save;
    } else {
        status = run_resolved(st, &ci, argc, av, fds);
    }
    st->declargs = NULL;
    st->ndeclargs = 0;

done_cmd:
    if (have_fds) sk_fdtab_free(&fdsbuf, st->a);
    if (pushed) {
        sh_scope_pop(st);
        sh_env_changed(st);
    }
    set_last_arg(st, av[argc - 1]);
    sh_cmdinfo_free(st, &ci);
    sh_strvec_free(&argv, 1);
    declargs_free(st, decl, ndecl);
    if (!st->ctl) sh_set_status(st, status);
    else if (st->ctl == SH_CTL_BREAK || st->ctl == SH_CTL_CONTINUE) sh_set_status(st, status);
    return st->ctl == SH_CTL_RETURN || st->ctl == SH_CTL_EXIT ? st->status : status;

out_err:
    if (pushed) {
        sh_scope_pop(st);
        sh_env_changed(st);
    }
    sh_cmdinfo_free(st, &ci);
    sh_strvec_free(&argv, 1);
    declargs_free(st, decl, ndecl);
    return st->status ? st->status : 1;
}
