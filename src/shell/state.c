/* state.c — creating, copying (for subshells) and destroying the
 * interpreter state; call frames, positional parameters, the function
 * table and the option tables.  The initial variables describe the
 * sandbox (see the bashkit corpus's FORMAT.md §3.5). */
#include <string.h>

#include "api/config.h"
#include "shell/shell.h"
#include "shell/state.h"
#include "shell/varstore.h"

const sh_optdef sh_set_options[SH_O_COUNT] = {
    [SH_O_ALLEXPORT] = { "allexport", 'a' },
    [SH_O_BRACEEXPAND] = { "braceexpand", 'B' },
    [SH_O_EMACS] = { "emacs", 0 },
    [SH_O_ERREXIT] = { "errexit", 'e' },
    [SH_O_ERRTRACE] = { "errtrace", 'E' },
    [SH_O_FUNCTRACE] = { "functrace", 'T' },
    [SH_O_HASHALL] = { "hashall", 'h' },
    [SH_O_HISTEXPAND] = { "histexpand", 'H' },
    [SH_O_HISTORY] = { "history", 0 },
    [SH_O_IGNOREEOF] = { "ignoreeof", 0 },
    [SH_O_INTERACTIVE_COMMENTS] = { "interactive-comments", 0 },
    [SH_O_KEYWORD] = { "keyword", 'k' },
    [SH_O_MONITOR] = { "monitor", 'm' },
    [SH_O_NOCLOBBER] = { "noclobber", 'C' },
    [SH_O_NOEXEC] = { "noexec", 'n' },
    [SH_O_NOGLOB] = { "noglob", 'f' },
    [SH_O_NOLOG] = { "nolog", 0 },
    [SH_O_NOTIFY] = { "notify", 'b' },
    [SH_O_NOUNSET] = { "nounset", 'u' },
    [SH_O_ONECMD] = { "onecmd", 't' },
    [SH_O_PHYSICAL] = { "physical", 'P' },
    [SH_O_PIPEFAIL] = { "pipefail", 0 },
    [SH_O_POSIX] = { "posix", 0 },
    [SH_O_PRIVILEGED] = { "privileged", 'p' },
    [SH_O_VERBOSE] = { "verbose", 'v' },
    [SH_O_VI] = { "vi", 0 },
    [SH_O_XTRACE] = { "xtrace", 'x' },
};

const char *const sh_shopt_names[SH_S_COUNT] = {
    "autocd", "assoc_expand_once", "cdable_vars", "cdspell", "checkhash", "checkjobs",
    "checkwinsize", "cmdhist", "compat31", "compat32", "compat40", "compat41", "compat42",
    "compat43", "compat44", "complete_fullquote", "direxpand", "dirspell", "dotglob",
    "execfail", "expand_aliases", "extdebug", "extglob", "extquote", "failglob",
    "force_fignore", "globasciiranges", "globskipdots", "globstar", "gnu_errfmt",
    "histappend", "histreedit", "histverify", "hostcomplete", "huponexit",
    "inherit_errexit", "interactive_comments", "lastpipe", "lithist", "localvar_inherit",
    "localvar_unset", "login_shell", "mailwarn", "no_empty_cmd_completion", "nocaseglob",
    "nocasematch", "noexpand_translation", "nullglob", "patsub_replacement", "progcomp",
    "progcomp_alias", "promptvars", "restricted_shell", "shift_verbose", "sourcepath",
    "varredir_close", "xpg_echo",
};

int sh_set_option_index(const char *name)
{
    for (int i = 0; i < SH_O_COUNT; i++)
        if (!strcmp(sh_set_options[i].name, name)) return i;
    return -1;
}

int sh_shopt_index(const char *name)
{
    for (int i = 0; i < SH_S_COUNT; i++)
        if (!strcmp(sh_shopt_names[i], name)) return i;
    return -1;
}

int sh_opt_set(sh_state *st, int idx, int on)
{
    if (idx < 0 || idx >= SH_O_COUNT) return -1;
    if (idx == SH_O_EMACS && on) st->opt[SH_O_VI] = 0;
    if (idx == SH_O_VI && on) st->opt[SH_O_EMACS] = 0;
    st->opt[idx] = (uint8_t)(on != 0);
    return 0;
}

/* ---- frames and parameters ----------------------------------------------------- */

int sh_frame_push(sh_state *st, const char *funcname, const char *source, int call_line,
                  sh_params *params, int with_scope)
{
    if (st->nframes == st->capframes) {
        int nc = st->capframes ? st->capframes * 2 : 8;
        sh_frame *n = sk_realloc(st->a, st->frames, (size_t)nc * sizeof *n);
        if (!n) return SH_E_NOMEM;
        st->frames = n;
        st->capframes = nc;
    }
    sh_frame *f = &st->frames[st->nframes];
    memset(f, 0, sizeof *f);
    f->scope = -1;
    if (funcname && !(f->funcname = sk_strdup(st->a, funcname))) return SH_E_NOMEM;
    if (source && !(f->source = sk_strdup(st->a, source))) {
        sk_free(st->a, f->funcname);
        return SH_E_NOMEM;
    }
    if (with_scope) {
        if (sh_scope_push(st, 0)) {
            sk_free(st->a, f->funcname);
            sk_free(st->a, f->source);
            return SH_E_NOMEM;
        }
        f->scope = st->nscopes - 1;
    }
    f->call_line = call_line;
    if (params) {
        f->params = params;
    } else {
        /* share the caller's parameters */
        f->params = sh_params_cur(st);
        f->params->refs++;
    }
    st->nframes++;
    return 0;
}

void sh_frame_pop(sh_state *st)
{
    if (st->nframes <= 1) return;
    st->env_gen++;
    sh_frame *f = &st->frames[--st->nframes];
    if (f->scope >= 0)
        while (st->nscopes > f->scope) sh_scope_pop(st);
    sk_free(st->a, f->funcname);
    sk_free(st->a, f->source);
    sh_params_unref(st->a, f->params);
}

sh_params *sh_params_cur(sh_state *st) { return st->frames[st->nframes - 1].params; }

static int params_own(sh_state *st)
{
    sh_frame *f = &st->frames[st->nframes - 1];
    sh_params *p = f->params;
    if (p->refs == 1) return 0;
    sh_params *c = sh_params_new(st->a, p->n, p->v);
    if (!c) return SH_E_NOMEM;
    sh_params_unref(st->a, p);
    f->params = c;
    return 0;
}

int sh_params_set(sh_state *st, int n, char *const *v)
{
    sh_params *p = sh_params_new(st->a, n, v);
    if (!p) return SH_E_NOMEM;
    sh_frame *f = &st->frames[st->nframes - 1];
    sh_params_unref(st->a, f->params);
    f->params = p;
    return 0;
}

int sh_params_shift(sh_state *st, int n)
{
    if (params_own(st)) return SH_E_NOMEM;
    sh_params *p = sh_params_cur(st);
    if (n > p->n) n = p->n;
    for (int i = 0; i < n; i++) sk_free(st->a, p->v[i]);
    if (n > 0 && p->n > n) memmove(p->v, p->v + n, (size_t)(p->n - n) * sizeof *p->v);
    p->n -= n;
    return 0;
}

/* ---- functions ------------------------------------------------------------------ */

static size_t ftab_lower(const sh_ftab *t, const char *name, int *found)
{
    size_t lo = 0, hi = t ? t->n : 0;
    *found = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(t->e[mid].name, name);
        if (!c) { *found = 1; return mid; }
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return lo;
}

static void ftab_unref(sh_state *st, sh_ftab *t)
{
    if (!t || --t->refs) return;
    for (size_t i = 0; i < t->n; i++) {
        sk_free(st->a, t->e[i].name);
        sh_func_unref(st, t->e[i].fn);
    }
    sk_free(st->a, t->e);
    sk_free(st->a, t);
}

static int ftab_own(sh_state *st)
{
    sh_ftab *t = st->funcs;
    if (t && t->refs == 1) return 0;
    sh_ftab *c = sk_malloc(st->a, sizeof *c);
    if (!c) return SH_E_NOMEM;
    memset(c, 0, sizeof *c);
    c->refs = 1;
    if (t && t->n) {
        c->e = sk_malloc(st->a, t->n * sizeof *c->e);
        if (!c->e) { sk_free(st->a, c); return SH_E_NOMEM; }
        c->cap = t->n;
        for (size_t i = 0; i < t->n; i++) {
            c->e[i] = t->e[i];
            c->e[i].name = sk_strdup(st->a, t->e[i].name);
            if (!c->e[i].name) { c->n = i; ftab_unref(st, c); return SH_E_NOMEM; }
            sh_func_ref(c->e[i].fn);
            c->n = i + 1;
        }
    }
    if (t) ftab_unref(st, t);
    st->funcs = c;
    return 0;
}

struct sh_func *sh_func_get(sh_state *st, const char *name)
{
    int f;
    size_t i = ftab_lower(st->funcs, name, &f);
    return f ? st->funcs->e[i].fn : NULL;
}

sh_fent *sh_func_entry(sh_state *st, const char *name)
{
    int f;
    ftab_lower(st->funcs, name, &f);
    if (!f || ftab_own(st)) return NULL;
    size_t i = ftab_lower(st->funcs, name, &f);
    return &st->funcs->e[i];
}

int sh_func_set(sh_state *st, const char *name, struct sh_func *fn)
{
    if (ftab_own(st)) { sh_func_unref(st, fn); return SH_E_NOMEM; }
    sh_ftab *t = st->funcs;
    int f;
    size_t i = ftab_lower(t, name, &f);
    if (f) {
        sh_func_unref(st, t->e[i].fn);
        t->e[i].fn = fn;
        return 0;
    }
    char *nm = sk_strdup(st->a, name);
    if (!nm) { sh_func_unref(st, fn); return SH_E_NOMEM; }
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 8;
        sh_fent *ne = sk_realloc(st->a, t->e, nc * sizeof *ne);
        if (!ne) { sk_free(st->a, nm); sh_func_unref(st, fn); return SH_E_NOMEM; }
        t->e = ne;
        t->cap = nc;
    }
    memmove(t->e + i + 1, t->e + i, (t->n - i) * sizeof *t->e);
    t->e[i].name = nm;
    t->e[i].fn = fn;
    t->e[i].attr = 0;
    t->n++;
    return 0;
}

int sh_func_unset(sh_state *st, const char *name)
{
    int f;
    ftab_lower(st->funcs, name, &f);
    if (!f) return 0;
    if (ftab_own(st)) return SH_E_NOMEM;
    sh_ftab *t = st->funcs;
    size_t i = ftab_lower(t, name, &f);
    sk_free(st->a, t->e[i].name);
    sh_func_unref(st, t->e[i].fn);
    memmove(t->e + i, t->e + i + 1, (t->n - i - 1) * sizeof *t->e);
    t->n--;
    return 0;
}

/* ---- parse units ----------------------------------------------------------------- */

sh_unit *sh_unit_new(sk_alloc *a)
{
    sh_unit *u = sk_malloc(a, sizeof *u);
    if (!u) return NULL;
    u->refs = 1;
    sk_arena_init(&u->ar, a, 8192);
    return u;
}

void sh_unit_unref(sk_alloc *a, sh_unit *u)
{
    if (!u || --u->refs) return;
    sk_arena_free(&u->ar);
    sk_free(a, u);
}

/* ---- creation ----------------------------------------------------------------- */

static int init_var(sh_state *st, const char *name, const char *val, uint32_t attr)
{
    int err;
    if (val && sh_var_setstr(st, name, val, SH_SET_GLOBAL | SH_SET_NOATTR)) return SH_E_NOMEM;
    sh_var *v = sh_var_declare(st, name, SH_SET_GLOBAL, attr, 0, -1, &err);
    return v ? 0 : SH_E_NOMEM;
}

static int init_dyn(sh_state *st, const char *name, int id, uint32_t attr, int kind)
{
    int err;
    sh_var *v = sh_var_declare(st, name, SH_SET_GLOBAL, attr, 0, kind, &err);
    if (!v) return SH_E_NOMEM;
    v->dyn = (uint8_t)id;
    v->attr &= ~SH_A_INVISIBLE;
    if (kind == SH_VK_STR && !v->v.s.p) {
        v->v.s.p = sk_strdup(st->a, "");
        if (!v->v.s.p) return SH_E_NOMEM;
    }
    return 0;
}

sh_state *sh_state_create(struct sk_shell *sh, sk_alloc *a)
{
    sh_state *st = sk_malloc(a, sizeof *st);
    if (!st) return NULL;
    memset(st, 0, sizeof *st);
    st->sh = sh;
    st->a = a;
    st->pid = 1;
    st->umask = 022;
    st->pool = sk_malloc(a, sizeof *st->pool);
    if (!st->pool) goto fail;
    memset(st->pool, 0, sizeof *st->pool);
    st->pool_owner = 1;
    if (sh_scope_push(st, 0)) goto fail;
    sh_params *p = sh_params_new(a, 0, NULL);
    if (!p) goto fail;
    st->frames = sk_malloc(a, 8 * sizeof *st->frames);
    if (!st->frames) { sh_params_unref(a, p); goto fail; }
    st->capframes = 8;
    memset(&st->frames[0], 0, sizeof st->frames[0]);
    st->frames[0].params = p;
    st->frames[0].scope = -1;
    st->nframes = 1;
    if (!(st->arg0 = sk_strdup(a, "bash")) || !(st->errname = sk_strdup(a, "bash"))) goto fail;

    const sk_config *cfg = sh ? sh->cfg : NULL;
    const char *cwd = cfg && cfg->cwd ? cfg->cwd : "/home/user";
    if (!(st->cwd = sk_strdup(a, cwd))) goto fail;
    st->rseed = sh ? (uint32_t)(sh->rng ^ (sh->rng >> 32)) : 1;
    st->seconds_base_ns = sh ? sk_shell_monotonic_ns(sh) : 0;

    st->opt[SH_O_BRACEEXPAND] = 1;
    st->opt[SH_O_HASHALL] = 1;
    st->opt[SH_O_INTERACTIVE_COMMENTS] = 1;
    static const int on_shopts[] = {
        SH_S_CHECKWINSIZE, SH_S_CMDHIST, SH_S_COMPLETE_FULLQUOTE, SH_S_EXTQUOTE,
        SH_S_FORCE_FIGNORE, SH_S_GLOBASCIIRANGES, SH_S_GLOBSKIPDOTS, SH_S_HOSTCOMPLETE,
        SH_S_INTERACTIVE_COMMENTS, SH_S_PATSUB_REPLACEMENT, SH_S_PROGCOMP, SH_S_PROMPTVARS,
        SH_S_SOURCEPATH,
    };
    for (size_t i = 0; i < sizeof on_shopts / sizeof on_shopts[0]; i++) st->shopt[on_shopts[i]] = 1;

    if (init_var(st, "HOME", "/home/sandbox", 0) || init_var(st, "USER", "sandbox", 0) ||
        init_var(st, "UID", "1000", SH_A_INTEGER | SH_A_READONLY) ||
        init_var(st, "EUID", "1000", SH_A_INTEGER | SH_A_READONLY) ||
        init_var(st, "PPID", "0", SH_A_INTEGER | SH_A_READONLY) ||
        init_var(st, "HOSTNAME", "bashkit-sandbox", 0) ||
        init_var(st, "BASH_VERSION", "5.2.15(1)-release", 0) || init_var(st, "BASH", "/bin/bash", 0) ||
        init_var(st, "SHELL", "/bin/bash", 0) || init_var(st, "SHLVL", "1", 0) ||
        init_var(st, "HOSTTYPE", "x86_64", 0) || init_var(st, "MACHTYPE", "x86_64-pc-linux-gnu", 0) ||
        init_var(st, "OSTYPE", "linux-gnu", 0) || init_var(st, "IFS", " \t\n", 0) ||
        init_var(st, "PS2", "> ", 0) || init_var(st, "PS4", "+ ", 0) ||
        init_var(st, "OPTIND", "1", SH_A_INTEGER) || init_var(st, "OPTERR", "1", 0) ||
        init_var(st, "PWD", st->cwd, 0) || init_var(st, "OLDPWD", st->cwd, 0))
        goto fail;
    {
        char *vers[] = { "5", "2", "15", "1", "release", "virtual" };
        if (sh_var_set_array(st, "BASH_VERSINFO", 6, vers, NULL, 0, SH_SET_GLOBAL)) goto fail;
        int err;
        if (!sh_var_declare(st, "BASH_VERSINFO", SH_SET_GLOBAL, SH_A_READONLY, 0, -1, &err)) goto fail;
    }
    if (init_dyn(st, "RANDOM", SH_DYN_RANDOM, SH_A_INTEGER, SH_VK_STR) ||
        init_dyn(st, "SRANDOM", SH_DYN_SRANDOM, SH_A_INTEGER, SH_VK_STR) ||
        init_dyn(st, "SECONDS", SH_DYN_SECONDS, SH_A_INTEGER, SH_VK_STR) ||
        init_dyn(st, "LINENO", SH_DYN_LINENO, 0, SH_VK_STR) ||
        init_dyn(st, "BASHPID", SH_DYN_BASHPID, SH_A_INTEGER, SH_VK_STR) ||
        init_dyn(st, "EPOCHSECONDS", SH_DYN_EPOCHSECONDS, 0, SH_VK_STR) ||
        init_dyn(st, "EPOCHREALTIME", SH_DYN_EPOCHREALTIME, 0, SH_VK_STR) ||
        init_dyn(st, "_", SH_DYN_UNDERSCORE, 0, SH_VK_STR) ||
        init_dyn(st, "BASH_SUBSHELL", SH_DYN_BASH_SUBSHELL, 0, SH_VK_STR) ||
        init_dyn(st, "BASH_COMMAND", SH_DYN_BASH_COMMAND, 0, SH_VK_STR) ||
        init_dyn(st, "PIPESTATUS", SH_DYN_PIPESTATUS, 0, SH_VK_ARR) ||
        init_dyn(st, "FUNCNAME", SH_DYN_FUNCNAME, 0, SH_VK_ARR) ||
        init_dyn(st, "BASH_SOURCE", SH_DYN_BASH_SOURCE, 0, SH_VK_ARR) ||
        init_dyn(st, "BASH_LINENO", SH_DYN_BASH_LINENO, 0, SH_VK_ARR) ||
        init_dyn(st, "BASH_ARGC", SH_DYN_BASH_ARGC, 0, SH_VK_ARR) ||
        init_dyn(st, "BASH_ARGV", SH_DYN_BASH_ARGV, 0, SH_VK_ARR) ||
        init_dyn(st, "GROUPS", SH_DYN_GROUPS, 0, SH_VK_ARR) ||
        init_dyn(st, "BASHOPTS", SH_DYN_BASHOPTS, SH_A_READONLY, SH_VK_STR) ||
        init_dyn(st, "SHELLOPTS", SH_DYN_SHELLOPTS, SH_A_READONLY, SH_VK_STR) ||
        init_dyn(st, "BASH_ARGV0", SH_DYN_BASH_ARGV0, 0, SH_VK_STR) ||
        init_var(st, "BASH_LOADABLES_PATH", "/usr/local/lib/bash:/usr/lib/bash", 0))
        goto fail;
    {
        int err;
        if (!sh_var_declare(st, "BASH_ALIASES", SH_SET_GLOBAL, 0, 0, SH_VK_ASSOC, &err) ||
            !sh_var_declare(st, "BASH_CMDS", SH_SET_GLOBAL, 0, 0, SH_VK_ASSOC, &err))
            goto fail;
        sh_var *v1 = sh_var_lookup(st, "BASH_ALIASES"), *v2 = sh_var_lookup(st, "BASH_CMDS");
        if (v1) v1->attr &= ~SH_A_INVISIBLE;
        if (v2) v2->attr &= ~SH_A_INVISIBLE;
    }
    if (cfg) {
        for (size_t i = 0; i < cfg->nvars; i++) {
            if (sh_var_setstr(st, cfg->vars[i].name, cfg->vars[i].value, SH_SET_GLOBAL | SH_SET_QUIET))
                continue;
            if (cfg->vars[i].exported) {
                int err;
                sh_var_declare(st, cfg->vars[i].name, SH_SET_GLOBAL, SH_A_EXPORT, 0, -1, &err);
            }
        }
    }
    return st;
fail:
    sh_state_destroy(st);
    return NULL;
}

void sh_state_destroy(sh_state *st)
{
    if (!st) return;
    sk_alloc *a = st->a;
    while (st->nframes > 1) sh_frame_pop(st);
    if (st->nframes == 1) {
        sk_free(a, st->frames[0].funcname);
        sk_free(a, st->frames[0].source);
        sh_params_unref(a, st->frames[0].params);
    }
    sk_free(a, st->frames);
    for (int i = 0; i < st->nscopes; i++) sh_vtab_unref(a, st->scopes[i]);
    sk_free(a, st->scopes);
    ftab_unref(st, st->funcs);
    sh_smap_unref(a, st->aliases);
    sh_smap_unref(a, st->hashed);
    for (int i = 0; i < SH_TRAP_COUNT; i++) sk_free(a, st->traps[i]);
    for (int i = 0; i < st->ndirs; i++) sk_free(a, st->dirstack[i]);
    sk_free(a, st->dirstack);
    sk_free(a, st->cwd);
    sk_free(a, st->arg0);
    sk_free(a, st->errname);
    sk_free(a, st->last_arg);
    sk_free(a, st->pipestatus);
    sk_free(a, st->command);
    for (int i = 0; i < SH_DYN_COUNT; i++) sh_varobj_unref(a, st->dynvar[i]);
    sh_envp_free(st, st->envp_cache);
    sh_jobs_free(st);
    if (st->pool_owner && st->pool) {
        for (int i = 0; i < st->pool->n; i++) sk_free(a, st->pool->boxes[i]);
        sk_free(a, st->pool);
    }
    sh_unit_unref(a, st->unit);
    sk_free(a, st);
}

static char *dup_or_null(sk_alloc *a, const char *s, int *fail)
{
    if (!s) return NULL;
    char *c = sk_strdup(a, s);
    if (!c) *fail = 1;
    return c;
}

sh_state *sh_state_copy(sh_state *src)
{
    sk_alloc *a = src->a;
    sh_state *st = sk_malloc(a, sizeof *st);
    if (!st) return NULL;
    *st = *src;
    /* reset everything owned so a failure can destroy safely */
    st->scopes = NULL; st->nscopes = st->capscopes = 0;
    st->frames = NULL; st->nframes = st->capframes = 0;
    st->funcs = NULL; st->aliases = NULL; st->hashed = NULL;
    memset(st->traps, 0, sizeof st->traps);
    st->dirstack = NULL; st->ndirs = st->capdirs = 0;
    st->cwd = st->arg0 = st->errname = st->last_arg = st->command = NULL;
    st->pipestatus = NULL; st->npipestatus = st->cappipestatus = 0;
    memset(st->dynvar, 0, sizeof st->dynvar);
    st->unit = NULL;
    st->jobs = NULL; st->njobs = st->capjobs = 0;
    st->envp_cache = NULL;
    st->pool_owner = 0;
    int fail = 0;

    st->scopes = sk_malloc(a, (size_t)src->capscopes * sizeof *st->scopes);
    if (!st->scopes) goto fail;
    for (int i = 0; i < src->nscopes; i++) {
        st->scopes[i] = src->scopes[i];
        st->scopes[i]->refs++;
    }
    st->nscopes = src->nscopes;
    st->capscopes = src->capscopes;

    st->frames = sk_malloc(a, (size_t)src->capframes * sizeof *st->frames);
    if (!st->frames) goto fail;
    for (int i = 0; i < src->nframes; i++) {
        sh_frame *f = &st->frames[i];
        *f = src->frames[i];
        f->funcname = dup_or_null(a, src->frames[i].funcname, &fail);
        f->source = dup_or_null(a, src->frames[i].source, &fail);
        f->params->refs++;
        st->nframes = i + 1;
        if (fail) goto fail;
    }
    st->capframes = src->capframes;

    if ((st->funcs = src->funcs)) st->funcs->refs++;
    if ((st->aliases = src->aliases)) st->aliases->refs++;
    if ((st->hashed = src->hashed)) st->hashed->refs++;
    /* subshells keep the traps for `trap` to list, but they only run the
     * ones set in the subshell (and ERR/DEBUG/RETURN with errtrace/functrace) */
    for (int i = 0; i < SH_TRAP_COUNT; i++) st->traps[i] = dup_or_null(a, src->traps[i], &fail);
    memset(st->trap_local, 0, sizeof st->trap_local);
    if (src->opt[SH_O_ERRTRACE]) st->trap_local[SH_TRAP_ERR] = src->in_subshell ? src->trap_local[SH_TRAP_ERR] : 1;
    if (src->opt[SH_O_FUNCTRACE]) {
        st->trap_local[SH_TRAP_DEBUG] = src->in_subshell ? src->trap_local[SH_TRAP_DEBUG] : 1;
        st->trap_local[SH_TRAP_RETURN] = src->in_subshell ? src->trap_local[SH_TRAP_RETURN] : 1;
    }
    if (src->ndirs) {
        st->dirstack = sk_malloc(a, (size_t)src->ndirs * sizeof *st->dirstack);
        if (!st->dirstack) goto fail;
        st->capdirs = src->ndirs;
        for (int i = 0; i < src->ndirs; i++) {
            st->dirstack[i] = dup_or_null(a, src->dirstack[i], &fail);
            st->ndirs = i + 1;
        }
    }
    st->cwd = dup_or_null(a, src->cwd, &fail);
    st->arg0 = dup_or_null(a, src->arg0, &fail);
    st->errname = dup_or_null(a, src->errname, &fail);
    st->last_arg = dup_or_null(a, src->last_arg, &fail);
    st->command = dup_or_null(a, src->command, &fail);
    if (src->npipestatus) {
        st->pipestatus = sk_malloc(a, (size_t)src->npipestatus * sizeof *st->pipestatus);
        if (!st->pipestatus) goto fail;
        memcpy(st->pipestatus, src->pipestatus, (size_t)src->npipestatus * sizeof *st->pipestatus);
        st->npipestatus = st->cappipestatus = src->npipestatus;
    }
    if (fail) goto fail;
    st->in_subshell = 1;
    st->subshell = src->subshell + 1;
    st->ctl = SH_CTL_NONE;
    st->ctl_n = 0;
    st->jobs = NULL;
    st->njobs = st->capjobs = 0;
    st->envp_cache = NULL;
    st->envp_gen = 0;
    st->in_trap = 0;
    st->pool_owner = 0;
    st->fatal_err = 0;
    st->procsub_mark = 0;
    st->unit = src->unit;
    if (st->unit) st->unit->refs++;
    return st;
fail:
    sh_state_destroy(st);
    return NULL;
}
