/* arith.h — bash arithmetic: $(( )), (( )), let, array subscripts and
 * integer-attribute assignments, on 64-bit integers with wrap-around. */
#ifndef SK_SHELL_ARITH_H
#define SK_SHELL_ARITH_H

#include <stddef.h>
#include <stdint.h>

struct sh_state;

#define SH_ARITH_MAX_DEPTH 1024   /* bash's MAX_EXPR_RECURSION_LEVEL */

enum {
    SH_E_UNBOUND = -20,   /* set -u: an unset variable was referenced (printed);
                             a non-interactive shell exits */
};

/* Evaluate the (already expanded) expression text.  cmdname prefixes the
 * diagnostic ("let", "((") or is NULL.  Returns 0 with *out set, or
 * SH_E_ARITH / SH_E_READONLY / SH_E_UNBOUND / SH_E_NOMEM after printing
 * bash's message:
 *   bash: line N: [CMD: ]EXPR: MESSAGE (error token is "TOKEN") */
int sh_arith_eval(struct sh_state *st, const char *expr, size_t len, const char *cmdname,
                  int64_t *out);
/* The same for a NUL-terminated string with no command name. */
int sh_arith_eval_str(struct sh_state *st, const char *expr, int64_t *out);

#endif
