/* sh_helper.h — a shell whose interpreter state the shell unit tests poke
 * directly, with fd 2 captured in a buffer. */
#ifndef SK_TEST_SH_HELPER_H
#define SK_TEST_SH_HELPER_H

#include <stdlib.h>
#include <string.h>

#include "sandkiste.h"
#include "shell/shell.h"
#include "shell/state.h"

typedef struct tsh {
    sk_config *cfg;
    sk_shell *sh;
    sh_state *st;
    sk_fdtab fds;
    sk_buf err;
} tsh;

static inline void tsh_init(tsh *t)
{
    memset(t, 0, sizeof *t);
    t->cfg = sk_config_new();
    t->sh = sk_shell_new(t->cfg);
    t->st = t->sh->st;
    sk_buf_init(&t->err, &t->sh->alloc);
    sk_fdtab_init(&t->fds, &t->sh->alloc);
    sk_stream *s = sk_stream_buf(&t->sh->io, &t->err);
    sk_fdtab_set(&t->fds, &t->sh->alloc, 2, s, SK_WR);
    t->st->fds = &t->fds;
    t->st->lineno = 1;
}

/* The captured stderr so far (and clear it). */
static inline const char *tsh_err(tsh *t)
{
    static const char empty[] = "";
    if (!t->err.len) return empty;
    t->err.p[t->err.len] = 0;
    t->err.len = 0;
    return t->err.p;
}

static inline void tsh_free(tsh *t)
{
    t->st->fds = NULL;
    sk_fdtab_free(&t->fds, &t->sh->alloc);
    sk_buf_free(&t->err);
    sk_shell_free(t->sh);
    sk_config_free(t->cfg);
}

#endif
