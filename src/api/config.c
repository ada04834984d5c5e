/* config.c — building an sk_config: limits, registrations, environment. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/hostclock.h"

static char *xstrdup(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s);
    char *p = malloc(n + 1);
    if (p) memcpy(p, s, n + 1);
    return p;
}

sk_config *sk_config_new(void)
{
    sk_config *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->lim = sk_limits_default();
    c->wall = sk_host_wall_ns;
    c->mono = sk_host_monotonic_ns;
    c->sleep = sk_host_sleep_ns;
    c->seed = 0x5eed5a4d6b697374ULL;
    c->stack_budget = 512 * 1024;
#ifdef SK_SANITIZE
    c->fiber_stack = 1024 * 1024;
#else
    c->fiber_stack = 256 * 1024;
#endif
    return c;
}

void sk_config_free(sk_config *c)
{
    if (!c) return;
    for (size_t i = 0; i < c->ncmds; i++) { free(c->cmds[i].name); free(c->cmds[i].hint); }
    free(c->cmds);
    for (size_t i = 0; i < c->nwithheld; i++) free(c->withheld[i]);
    free(c->withheld);
    for (size_t i = 0; i < c->nvars; i++) { free(c->vars[i].name); free(c->vars[i].value); }
    free(c->vars);
    free(c->cwd);
    free(c->pymods);
    for (size_t i = 0; i < c->npyfns; i++) free(c->pyfns[i].name);
    free(c->pyfns);
    if (c->has_fs && c->fs_owned && c->fs.destroy) c->fs.destroy(c->fs.ud);
    free(c);
}

void sk_config_set_limits(sk_config *c, sk_limits lim) { c->lim = lim; }
sk_limits sk_config_get_limits(const sk_config *c) { return c->lim; }

static int valid_name(const char *name)
{
    if (!name || !*name) return 0;
    for (const char *p = name; *p; p++)
        if (*p == '/' || *p == ' ' || *p == '\t' || *p == '\n' || *p == '=') return 0;
    return 1;
}

int sk_config_add_builtin(sk_config *c, const char *name, sk_builtin_fn fn, void *ud, const char *hint)
{
    if (!c || !valid_name(name) || !fn) return SK_INVALID;
    for (size_t i = 0; i < c->ncmds; i++) {
        if (!strcmp(c->cmds[i].name, name)) {
            char *h = xstrdup(hint);
            if (hint && !h) return SK_NOMEM;
            free(c->cmds[i].hint);
            c->cmds[i].hint = h;
            c->cmds[i].fn = fn;
            c->cmds[i].ud = ud;
            return SK_OK;
        }
    }
    sk_host_cmd *n = realloc(c->cmds, (c->ncmds + 1) * sizeof *n);
    if (!n) return SK_NOMEM;
    c->cmds = n;
    sk_host_cmd *e = &c->cmds[c->ncmds];
    e->name = xstrdup(name);
    e->hint = xstrdup(hint);
    if (!e->name || (hint && !e->hint)) { free(e->name); free(e->hint); return SK_NOMEM; }
    e->fn = fn;
    e->ud = ud;
    c->ncmds++;
    return SK_OK;
}

int sk_config_add_extension(sk_config *c, const sk_extension *ext)
{
    if (!c || !ext || (ext->ncommands && !ext->commands)) return SK_INVALID;
    for (size_t i = 0; i < ext->ncommands; i++)
        if (!valid_name(ext->commands[i].name) || !ext->commands[i].fn) return SK_INVALID;
    for (size_t i = 0; i < ext->ncommands; i++) {
        int r = sk_config_add_builtin(c, ext->commands[i].name, ext->commands[i].fn, ext->ud,
                                      ext->commands[i].hint);
        if (r) return r;
    }
    return SK_OK;
}

void sk_config_set_resolver(sk_config *c, sk_resolver_fn fn, void *ud)
{
    c->resolver = fn;
    c->resolver_ud = ud;
}

int sk_config_withhold(sk_config *c, const char *name)
{
    if (!c || !valid_name(name)) return SK_INVALID;
    if (sk_config_is_withheld(c, name)) return SK_OK;
    char **n = realloc(c->withheld, (c->nwithheld + 1) * sizeof *n);
    if (!n) return SK_NOMEM;
    c->withheld = n;
    if (!(c->withheld[c->nwithheld] = xstrdup(name))) return SK_NOMEM;
    c->nwithheld++;
    return SK_OK;
}

int sk_config_is_withheld(const sk_config *c, const char *name)
{
    for (size_t i = 0; i < c->nwithheld; i++)
        if (!strcmp(c->withheld[i], name)) return 1;
    return 0;
}

const sk_host_cmd *sk_config_find_cmd(const sk_config *c, const char *name)
{
    for (size_t i = c->ncmds; i-- > 0;)
        if (!strcmp(c->cmds[i].name, name)) return &c->cmds[i];
    return NULL;
}

void sk_config_set_fs(sk_config *c, const sk_fs *fs, int owned)
{
    if (c->has_fs && c->fs_owned && c->fs.destroy) c->fs.destroy(c->fs.ud);
    if (fs) {
        c->fs = *fs;
        c->has_fs = 1;
        c->fs_owned = owned;
    } else {
        memset(&c->fs, 0, sizeof c->fs);
        c->has_fs = 0;
        c->fs_owned = 0;
    }
}

int sk_config_setenv(sk_config *c, const char *name, const char *value, int exported)
{
    if (!c || !name || !*name || !value) return SK_INVALID;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' ||
              (p > name && *p >= '0' && *p <= '9')))
            return SK_INVALID;
    for (size_t i = 0; i < c->nvars; i++) {
        if (!strcmp(c->vars[i].name, name)) {
            char *v = xstrdup(value);
            if (!v) return SK_NOMEM;
            free(c->vars[i].value);
            c->vars[i].value = v;
            c->vars[i].exported = exported;
            return SK_OK;
        }
    }
    sk_cfg_var *n = realloc(c->vars, (c->nvars + 1) * sizeof *n);
    if (!n) return SK_NOMEM;
    c->vars = n;
    sk_cfg_var *v = &c->vars[c->nvars];
    v->name = xstrdup(name);
    v->value = xstrdup(value);
    if (!v->name || !v->value) { free(v->name); free(v->value); return SK_NOMEM; }
    v->exported = exported;
    c->nvars++;
    return SK_OK;
}

int sk_config_set_cwd(sk_config *c, const char *path)
{
    if (!c || !path || path[0] != '/') return SK_INVALID;
    char *p = xstrdup(path);
    if (!p) return SK_NOMEM;
    free(c->cwd);
    c->cwd = p;
    return SK_OK;
}

void sk_config_set_clock(sk_config *c, sk_clock_fn wall, sk_clock_fn mono, sk_sleep_fn sleep, void *ud)
{
    c->wall = wall ? wall : sk_host_wall_ns;
    c->mono = mono ? mono : (wall ? wall : sk_host_monotonic_ns);
    c->sleep = sleep ? sleep : sk_host_sleep_ns;
    c->clock_ud = ud;
}

void sk_config_set_seed(sk_config *c, uint64_t seed) { c->seed = seed; }

int sk_config_add_python_module(sk_config *c, const sk_py_module *mod)
{
    if (!c || !mod || !mod->name) return SK_INVALID;
    const sk_py_module **n = realloc(c->pymods, (c->npymods + 1) * sizeof *n);
    if (!n) return SK_NOMEM;
    c->pymods = n;
    c->pymods[c->npymods++] = mod;
    return SK_OK;
}

int sk_config_add_python_function(sk_config *c, const char *name, sk_py_fn fn, void *ud)
{
    if (!c || !name || !fn) return SK_INVALID;
    sk_cfg_pyfn *n = realloc(c->pyfns, (c->npyfns + 1) * sizeof *n);
    if (!n) return SK_NOMEM;
    c->pyfns = n;
    if (!(c->pyfns[c->npyfns].name = xstrdup(name))) return SK_NOMEM;
    c->pyfns[c->npyfns].fn = fn;
    c->pyfns[c->npyfns].ud = ud;
    c->npyfns++;
    return SK_OK;
}
