/* misctest.h — helpers for the tests of the system-ish commands (bc,
 * date, sleep, timeout, env, xargs, ...) on top of fstest.h. */
#ifndef SK_MISCTEST_H
#define SK_MISCTEST_H

#include <string.h>

#include "fstest.h"

/* Replace every "adr=<digits>" in a buffer by "adr=N" (bc's runtime
 * messages carry a bytecode address that is implementation-specific). */
static inline void misc_norm_adr(sk_buf *b)
{
    sk_buf o = SK_BUF_INIT(b->a);
    for (size_t i = 0; i < b->len;) {
        if (i + 4 < b->len && !memcmp(b->p + i, "adr=", 4) && b->p[i + 4] >= '0' && b->p[i + 4] <= '9') {
            sk_buf_put(&o, "adr=N", 5);
            i += 4;
            while (i < b->len && b->p[i] >= '0' && b->p[i] <= '9') i++;
            continue;
        }
        sk_buf_putc(&o, b->p[i++]);
    }
    sk_buf_clear(b);
    sk_buf_put(b, o.p, o.len);
    sk_buf_free(&o);
}

/* bc with a program on stdin and an optional single option ("" = none). */
#define MISC_BC(t, prog_, out_, st_, err_, opt_) do { \
    const char *argv_[] = { "bc", (opt_), NULL }; \
    if (!((const char *)(opt_))[0]) argv_[1] = NULL; \
    fst_run((t), cmd_bc, (prog_), sizeof(prog_) - 1, argv_); \
    misc_norm_adr(&(t)->err); \
    FST_CHECK_BUF((t)->out, out_, sizeof(out_) - 1); \
    CHECK_INT((t)->status, (st_)); \
    FST_CHECK_BUF((t)->err, err_, sizeof(err_) - 1); \
} while (0)

#endif
