/* parser_int.h — internals shared by parser*.c (not a public interface). */
#ifndef SK_PY_PARSER_INT_H
#define SK_PY_PARSER_INT_H

#include <string.h>

#include "base/stack.h"
#include "py/token.h"

typedef struct P {
    sk_arena *ar;
    py_tok *t;
    size_t n, pos;
    const char *src;
    size_t srclen;
    py_syntax_error *err;
    uint64_t fuel;          /* 0 = unlimited */
    uint32_t depth, max_depth;
    const void *stack_limit;
    py_syntax_error lexerr;  /* deferred tokenizer error */
    int has_lexerr;
} P;

#define TK(p) (&(p)->t[(p)->pos])
#define TKN(p, k) (&(p)->t[(p)->pos + (k) < (p)->n ? (p)->pos + (k) : (p)->n - 1])
#define PREV(p) (&(p)->t[(p)->pos ? (p)->pos - 1 : 0])

static inline int is_kw(P *p, int kw) { return TK(p)->type == T_NAME && TK(p)->kw == kw; }
static inline int is_tok(P *p, int type) { return TK(p)->type == type; }
static inline int is_soft(const py_tok *t, const char *s)
{
    return t->type == T_NAME && t->kw == 0 && !strcmp(t->str, s);
}

#endif
