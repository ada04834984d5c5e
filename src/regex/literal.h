/* literal.h — internal: the many-fixed-strings matcher of the regex layer
 * (Aho-Corasick), used by rx_compile_list for long lists of plain strings. */
#ifndef SK_REGEX_LITERAL_H
#define SK_REGEX_LITERAL_H

#include "regex.h"

typedef struct rx_ac rx_ac;

/* Whether the list can go to the automaton: at least 16 strings, all
 * plain (fixed strings, or BRE/ERE without special characters), and -i
 * only with ASCII. */
int rx_ac_eligible(rx_dialect d, unsigned flags, const char *const *pats, const size_t *lens, size_t n);
int rx_ac_build(rx_ac **out, sk_alloc *a, unsigned flags, const char *const *pats, const size_t *lens,
                size_t n);
void rx_ac_free(rx_ac *ac);
/* Leftmost-longest match from `start`; RX_MATCH with the bounds in so and eo, or RX_NOMATCH. */
int rx_ac_exec(const rx_ac *ac, const char *s, size_t len, size_t start, unsigned eflags, size_t *so,
               size_t *eo);

#endif
