/* brace.h — bash brace expansion: {a,b}, nested, {x..y[..step]} with
 * letters and zero-padded integers, and bash's rules for what is not a
 * brace expression.
 *
 * Works on a word given as atoms: unquoted literal text (where braces and
 * commas are active) and opaque items (quoted text, $var, $(...) — the
 * caller's parts, referred to by index).  Each resulting word is again a
 * list of atoms.  The count of words is checked against a limit before
 * anything is built (max_brace_expansions). */
#ifndef SK_SHELL_BRACE_H
#define SK_SHELL_BRACE_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "base/arena.h"

typedef struct sh_batom {
    const char *p;      /* text (item < 0) */
    size_t n;
    int item;           /* >= 0: an opaque item of the caller */
} sh_batom;

typedef struct sh_bword {
    sh_batom *a;
    size_t n;
} sh_bword;

typedef struct sh_bresult {
    sh_bword *w;
    size_t n, cap;
    sk_arena ar;        /* every atom array and generated text */
    sk_alloc *al;
} sh_bresult;

enum { SH_BRACE_OK = 0, SH_BRACE_NOMEM = -1, SH_BRACE_LIMIT = -2 };

/* Quick test: could the word contain a brace expression?  (a text '{'
 * followed later by a text '}') */
int sh_brace_candidate(const sh_batom *in, size_t n);
/* Expand.  limit: most words allowed (0 = unlimited).  On success out
 * holds >= 1 words; free with sh_brace_free. */
int sh_brace_expand(sk_alloc *a, const sh_batom *in, size_t n, uint64_t limit, sh_bresult *out);
void sh_brace_free(sh_bresult *r);

#endif
