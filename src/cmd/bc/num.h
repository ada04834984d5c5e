/* num.h — bc's arbitrary-precision decimal numbers.
 *
 * A number is a sign, `len` integer digits (at least one) and `scale`
 * fraction digits, one decimal digit per byte, most significant first —
 * the representation POSIX bc describes, so that every operation can keep
 * bc's scale rules exactly (add/sub: the larger scale; mul: min(sa+sb,
 * max(scale, sa, sb)); div: scale; results truncated, never rounded).
 * Multiplication and division work on base-10000 limbs internally.
 * Numbers are immutable and reference counted; every function returns a
 * new reference or NULL when memory ran out (or the run is ending). */
#ifndef SK_CMD_BC_NUM_H
#define SK_CMD_BC_NUM_H

#include <stdint.h>

#include "base/alloc.h"

typedef struct bcn {
    int refs;
    int neg;
    int64_t len;            /* integer digits, >= 1 */
    int64_t scale;          /* fraction digits */
    unsigned char d[];      /* len + scale digits */
} bcn;

typedef struct bcm {
    sk_alloc *a;
    /* polled during long operations; non-zero stops them (NULL result) */
    int (*stop)(void *ud);
    void *stop_ud;
    int stopped;
    bcn *zero, *one;
} bcm;

/* Largest number of digits a number may have. */
#define BCN_MAX_DIGITS 200000000

int bcm_init(bcm *m, sk_alloc *a, int (*stop)(void *), void *ud);
void bcm_free(bcm *m);

bcn *bcn_new(bcm *m, int64_t len, int64_t scale);      /* zero digits */
static inline bcn *bcn_ref(bcn *n) { if (n) n->refs++; return n; }
void bcn_unref(bcm *m, bcn *n);

int bcn_is_zero(const bcn *n);
int bcn_cmp(const bcn *a, const bcn *b);               /* -1, 0, 1 */
bcn *bcn_from_long(bcm *m, int64_t v);
/* The integer part as a long; *overflow set when it does not fit. */
int64_t bcn_to_long(const bcn *n, int *overflow);
/* Truncate (or extend with zeros) to `scale` fraction digits. */
bcn *bcn_rescale(bcm *m, const bcn *n, int64_t scale);
bcn *bcn_neg(bcm *m, const bcn *n);

bcn *bcn_add(bcm *m, const bcn *a, const bcn *b, int64_t scale_min);
bcn *bcn_sub(bcm *m, const bcn *a, const bcn *b, int64_t scale_min);
bcn *bcn_mul(bcm *m, const bcn *a, const bcn *b, int64_t scale);
/* *divzero set (and NULL returned) when b is zero. */
bcn *bcn_div(bcm *m, const bcn *a, const bcn *b, int64_t scale, int *divzero);
bcn *bcn_mod(bcm *m, const bcn *a, const bcn *b, int64_t scale, int *divzero);
/* a ^ e for an integer e (e's fraction is ignored; the caller warns). */
bcn *bcn_raise(bcm *m, const bcn *a, int64_t e, int64_t scale, int *divzero);
/* NULL with *negative set for a negative argument. */
bcn *bcn_sqrt(bcm *m, const bcn *a, int64_t scale, int *negative);

/* Significant digits (bc's length()). */
int64_t bcn_length(const bcn *n);

/* A constant in base `base` (2..16) as bc reads program text: digits
 * 0-9 A-Z, clamped to base-1 except a lone single digit. */
bcn *bcn_from_text(bcm *m, const char *s, size_t n, int base);

#endif
