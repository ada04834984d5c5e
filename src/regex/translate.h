/* translate.h — internal: dialect translators of the regex layer.
 * Each appends a PCRE2 pattern to `out` and returns 0, RX_ESYNTAX (err
 * filled) or RX_ENOMEM.  They are single-pass loops with explicit stacks:
 * nothing here recurses, whatever the pattern. */
#ifndef SK_REGEX_TRANSLATE_H
#define SK_REGEX_TRANSLATE_H

#include "regex.h"

/* Deepest group nesting the translators accept (PCRE2's own limit is
 * raised above this to leave room for the wrappers they add). */
#define RX_MAX_NEST 200
/* GNU's RE_DUP_MAX: larger interval counts are "Regular expression too big". */
#define RX_DUP_MAX 32767

int rx_tr_posix(sk_buf *out, int ere, unsigned flags, const char *pat, size_t len,
                int group_base, rx_info *info, rx_error *err);
int rx_tr_python(sk_buf *out, unsigned flags, const char *pat, size_t len, int group_base,
                 rx_info *info, rx_error *err, unsigned *extra_opts);
int rx_tr_literal(sk_buf *out, unsigned flags, const char *pat, size_t len);

/* Shared helpers. */
int rx_set_error(rx_error *err, size_t offset, const char *msg);
/* Length of a valid UTF-8 sequence at p (1..4), or 0 when invalid. */
size_t rx_utf8_len(const unsigned char *p, size_t n, uint32_t *cp);
/* Append one literal byte so that PCRE2 reads it as itself. */
int rx_put_literal(sk_buf *out, unsigned char c, int utf8);

#endif
