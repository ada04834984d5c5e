/* texttest.h — helpers for the text-command tests: run a command over
 * binary-safe stdin (NUL bytes allowed) and compare stdout, status and
 * stderr byte for byte.  Expected values were produced by running the GNU
 * tools (coreutils 9.1, util-linux, LC_ALL=C) on the same input. */
#ifndef SK_TEXTTEST_H
#define SK_TEXTTEST_H

#include <string.h>

#include "cmdtest.h"
#include "test.h"

static inline int txt_run(cmdtest *t, sk_cmd_fn fn, const char *in, size_t inlen,
                          const char *const *argv)
{
    sk_buf_clear(&t->out);
    sk_buf_clear(&t->err);
    int argc = 0;
    while (argv[argc]) argc++;
    sk_fdtab fds;
    sk_fdtab_init(&fds, &t->a);
    sk_stream *sin = sk_stream_mem(&t->run, in, inlen, 0);
    sk_stream *out = sk_stream_buf(&t->run, &t->out);
    sk_stream *err = sk_stream_buf(&t->run, &t->err);
    sk_fdtab_set(&fds, &t->a, 0, sin, SK_RD);
    sk_fdtab_set(&fds, &t->a, 1, out, SK_WR);
    sk_fdtab_set(&fds, &t->a, 2, err, SK_WR);
    sk_cmd c;
    sk_cmd_init(&c, &t->run, &fds, argv[0]);
    c.cwd = "/home/user";
    c.lim = &t->lim;
    char *copy[64];
    for (int i = 0; i < argc && i < 63; i++) copy[i] = (char *)argv[i];
    copy[argc < 63 ? argc : 63] = NULL;
    t->status = cmd_finish(&c, fn(&c, argc, copy));
    sk_fdtab_free(&fds, &t->a);
    return t->status;
}

#define TX_CHECK_BUF(buf, lit) do { \
    size_t n_ = sizeof(lit) - 1; \
    if ((buf).len != n_ || ((buf).len && memcmp((buf).p, (lit), n_))) \
        sk_test_fail(T, __FILE__, __LINE__, "%s == \"%.*s\" (%zu bytes), expected \"%s\"", #buf, \
                     (int)(buf).len, (buf).p ? (buf).p : "", (buf).len, (lit)); \
} while (0)

/* TX(&t, fn, "stdin", "stdout", status, "stderr", argv0, args...) —
 * string literals only (sizeof gives their length, NULs included). */
#define TX(t, fn, in, out_, st_, err_, ...) do { \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    txt_run((t), (fn), (in), sizeof(in) - 1, argv_); \
    TX_CHECK_BUF((t)->out, out_); \
    CHECK_INT((t)->status, (st_)); \
    TX_CHECK_BUF((t)->err, err_); \
} while (0)

/* Same, without checking stderr. */
#define TXO(t, fn, in, out_, st_, ...) do { \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    txt_run((t), (fn), (in), sizeof(in) - 1, argv_); \
    TX_CHECK_BUF((t)->out, out_); \
    CHECK_INT((t)->status, (st_)); \
} while (0)

/* Files in /home/user that are not fixtures, as "== NAME ==\nCONTENT",
 * appended to out (for commands that create files: split, csplit). */
static inline void txt_list_new(cmdtest *t, const char *const *fixtures, sk_buf *out)
{
    sk_vfs_dir d;
    if (sk_vfs_list(&t->vfs, "/home/user", ".", &d)) return;
    for (size_t k = 0; k < d.n; k++) {
        int fixture = 0;
        for (const char *const *f = fixtures; *f; f++) fixture |= !strcmp(*f, d.ents[k].name);
        if (fixture) continue;
        sk_buf b = SK_BUF_INIT(&t->a);
        sk_vfs_read_file(&t->vfs, "/home/user", d.ents[k].name, 0, &b);
        sk_buf_puts(out, "== ");
        sk_buf_puts(out, d.ents[k].name);
        sk_buf_puts(out, " ==\n");
        sk_buf_put(out, b.p ? b.p : "", b.len);
        sk_buf_free(&b);
    }
    sk_vfs_dir_free(&d);
}

/* TX in a fresh sandbox, with the files the command created listed after
 * its stdout. */
#define TXL(setup, fixtures, fn, in, out_, st_, err_, ...) do { \
    cmdtest tl_; \
    if (cmdtest_init(&tl_)) { CHECK(0); break; } \
    setup(&tl_); \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    txt_run(&tl_, (fn), (in), sizeof(in) - 1, argv_); \
    txt_list_new(&tl_, (fixtures), &tl_.out); \
    TX_CHECK_BUF(tl_.out, out_); \
    CHECK_INT(tl_.status, (st_)); \
    TX_CHECK_BUF(tl_.err, err_); \
    cmdtest_free(&tl_); \
    CHECK_INT(tl_.a.used, 0); \
} while (0)

#endif
