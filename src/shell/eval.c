/* eval.c — the evaluator's entry points (phase 1: state only; the
 * evaluator proper lands with the parser). */
#include <string.h>

#include "shell/shell.h"
#include "shell/state.h"

struct sh_func {
    uint32_t refs;
};

void sh_func_ref(struct sh_func *f)
{
    if (f) f->refs++;
}

void sh_func_unref(sh_state *st, struct sh_func *f)
{
    if (f && --f->refs == 0) sk_free(st->a, f);
}

int sh_state_new(sk_shell *sh)
{
    sh->st = sh_state_create(sh, &sh->alloc);
    return sh->st ? 0 : -1;
}

void sh_state_free(sk_shell *sh)
{
    sh_state_destroy(sh->st);
    sh->st = NULL;
}

const char *sh_state_cwd(const sk_shell *sh) { return sh->st ? sh->st->cwd : "/"; }

int sh_run_script(sk_shell *sh, const char *script, size_t len, sk_fdtab *fds, int argc,
                  const char *const *argv)
{
    (void)sh; (void)script; (void)len; (void)fds; (void)argc; (void)argv;
    return 0;
}
