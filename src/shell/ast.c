/* ast.c — small helpers over the syntax tree (ast.h).  Pure functions; the
 * only allocation is in the arena the caller passes. */
#include "shell/ast.h"

#include <string.h>

#include "base/arena.h"

int sh_word_is_plain(const sh_word *w)
{
    for (uint32_t i = 0; i < w->nparts; i++)
        if (w->parts[i].kind != SH_P_LIT) return 0;
    return 1;
}

const char *sh_word_plain_text(sk_arena *ar, const sh_word *w, size_t *len)
{
    if (!sh_word_is_plain(w)) return NULL;
    if (w->nparts == 0) { *len = 0; return ""; }
    if (w->nparts == 1) {
        *len = w->parts[0].u.text.n;
        return w->parts[0].u.text.p;
    }
    size_t n = 0;
    for (uint32_t i = 0; i < w->nparts; i++) n += w->parts[i].u.text.n;
    char *s = sk_arena_alloc(ar, n + 1);
    if (!s) return NULL;
    size_t j = 0;
    for (uint32_t i = 0; i < w->nparts; i++) {
        memcpy(s + j, w->parts[i].u.text.p, w->parts[i].u.text.n);
        j += w->parts[i].u.text.n;
    }
    s[j] = 0;
    *len = n;
    return s;
}
