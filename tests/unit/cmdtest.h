/* cmdtest.h — run one command function directly, without a shell: a fresh
 * memfs with the standard tree, cwd /home/user, the given stdin, stdout and
 * stderr captured.  For unit tests of src/cmd. */
#ifndef SK_CMDTEST_H
#define SK_CMDTEST_H

#include "cmd/cmd.h"
#include "fs/memfs.h"
#include "fs/vfs.h"

typedef struct cmdtest {
    sk_alloc a;
    sk_limits lim;
    sk_fs *fs;
    sk_vfs vfs;
    sk_sched sched;
    sk_iorun run;
    int abort;
    uint64_t rng;
    sk_buf out, err;
    int status;
} cmdtest;

/* Set up (returns 0) — then add files with cmdtest_file, run with
 * cmdtest_run (repeatable: output buffers are cleared each time), and
 * release with cmdtest_free (asserting nothing leaked is up to the test). */
int cmdtest_init(cmdtest *t);
int cmdtest_file(cmdtest *t, const char *path, const char *content);
/* argv is NULL-terminated; stdin may be NULL. */
int cmdtest_run(cmdtest *t, sk_cmd_fn fn, const char *stdin_text, const char *const *argv);
void cmdtest_free(cmdtest *t);

/* Convenience: run fn on stdin with argv and compare stdout. */
#define CMD_EXPECT(t, fn, in, out_expected, ...) do { \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    cmdtest_run((t), (fn), (in), argv_); \
    CHECK_STR(sk_buf_cstr(&(t)->out), (out_expected)); \
} while (0)

#endif
