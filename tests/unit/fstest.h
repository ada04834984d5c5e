/* fstest.h — helpers for the filesystem-command tests: a memfs with a
 * fixed clock (so mtimes and "now" are reproducible), setup helpers, and a
 * runner that compares stdout, stderr and status byte for byte.  An exec
 * hook records commands run by find -exec and prints them as "EXEC: a b".
 * Expected values in the generated tests come from the GNU tools (LC_ALL=C,
 * TZ=UTC) run on the same tree; see tests/unit/fsgen/gen.py. */
#ifndef SK_FSTEST_H
#define SK_FSTEST_H

#include <string.h>

#include "cmd/cmd.h"
#include "fs/memfs.h"
#include "fs/vfs.h"
#include "test.h"

#define FST_NOW 1700000000LL /* 2023-11-14 22:13:20 UTC */

typedef struct fst {
    sk_alloc a;
    sk_limits lim;
    sk_fs *fs;
    sk_vfs vfs;
    sk_sched sched;
    sk_iorun run;
    int abort;
    uint64_t rng;
    int64_t now;               /* nanoseconds */
    sk_buf out, err;
    int status;
    int with_exec;             /* give commands the recording exec hook */
    char *envp[4];
} fst;

static inline int64_t fst_clock(void *ud) { return ((fst *)ud)->now; }

static inline int fst_init_lim(fst *t, const sk_limits *lim)
{
    memset(t, 0, sizeof *t);
    sk_alloc_init(&t->a, 0);
    t->lim = lim ? *lim : sk_limits_default();
    t->now = FST_NOW * 1000000000LL;
    t->fs = sk_memfs_new(&t->a, &t->lim, fst_clock, t);
    if (!t->fs || sk_memfs_seed_standard(t->fs)) return -1;
    t->vfs.fs = t->fs;
    t->vfs.a = &t->a;
    t->vfs.lim = &t->lim;
    sk_sched_init(&t->sched, &t->a, 256 * 1024, 256 * 1024);
    t->run.a = &t->a;
    t->run.sched = &t->sched;
    t->run.abort = &t->abort;
    t->run.vfs = &t->vfs;
    t->run.rng = &t->rng;
    sk_buf_init(&t->out, &t->a);
    sk_buf_init(&t->err, &t->a);
    return 0;
}

static inline int fst_init(fst *t) { return fst_init_lim(t, NULL); }

static inline void fst_free_(fst *t)
{
    sk_buf_free(&t->out);
    sk_buf_free(&t->err);
    sk_sched_trim(&t->sched);
    if (t->fs) t->fs->destroy(t->fs->ud);
}

/* Release everything; every byte the commands allocated must be back. */
#define fst_free(t) do { fst_free_(t); CHECK_INT((t)->a.used, 0); } while (0)

static inline int fst_mkparent(fst *t, const char *path)
{
    char dir[1024];
    size_t n = strlen(path);
    if (n >= sizeof dir) return -1;
    memcpy(dir, path, n + 1);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = 0;
        return sk_vfs_mkdir_p(&t->vfs, "/home/user", dir, 0755);
    }
    return 0;
}

static inline int fst_file(fst *t, const char *path, const char *data, size_t n)
{
    fst_mkparent(t, path);
    return sk_vfs_write_file(&t->vfs, "/home/user", path, data, n, 0644);
}

static inline int fst_dir(fst *t, const char *path) { return sk_vfs_mkdir_p(&t->vfs, "/home/user", path, 0755); }

static inline int fst_link(fst *t, const char *target, const char *path)
{
    fst_mkparent(t, path);
    return sk_vfs_symlink(&t->vfs, "/home/user", target, path);
}

static inline int fst_mode(fst *t, const char *path, unsigned mode)
{
    return sk_vfs_chmod(&t->vfs, "/home/user", path, mode);
}

static inline int fst_mtime(fst *t, const char *path, long long secs)
{
    return sk_vfs_set_mtime(&t->vfs, "/home/user", path, secs * 1000000000LL, 1);
}

/* The recording exec hook: prints "EXEC: argv..." and fails when argv[0]
 * is "false". */
static inline int fst_exec(sk_cmd *c, int argc, char **argv)
{
    sk_out_puts(&c->out, "EXEC:");
    for (int i = 0; i < argc; i++) {
        sk_out_putc(&c->out, ' ');
        sk_out_puts(&c->out, argv[i]);
    }
    sk_out_putc(&c->out, '\n');
    sk_out_flush(&c->out);
    return argc && !strcmp(argv[0], "false");
}

static inline int fst_run(fst *t, sk_cmd_fn fn, const char *in, size_t inlen, const char *const *argv)
{
    sk_buf_clear(&t->out);
    sk_buf_clear(&t->err);
    int argc = 0;
    while (argv[argc]) argc++;
    sk_fdtab fds;
    sk_fdtab_init(&fds, &t->a);
    sk_stream *sin = sk_stream_mem(&t->run, in ? in : "", in ? inlen : 0, 0);
    sk_fdtab_set(&fds, &t->a, 0, sin, SK_RD);
    sk_fdtab_set(&fds, &t->a, 1, sk_stream_buf(&t->run, &t->out), SK_WR);
    sk_fdtab_set(&fds, &t->a, 2, sk_stream_buf(&t->run, &t->err), SK_WR);
    sk_cmd c;
    sk_cmd_init(&c, &t->run, &fds, argv[0]);
    c.cwd = "/home/user";
    c.lim = &t->lim;
    c.now_ns = fst_clock;
    c.clock_ud = t;
    c.envp = t->envp;
    if (t->with_exec) c.exec = fst_exec;
    char **copy = sk_malloc(&t->a, (size_t)(argc + 1) * sizeof *copy);
    if (!copy) return -1;
    for (int i = 0; i < argc; i++) copy[i] = (char *)argv[i];
    copy[argc] = NULL;
    t->status = cmd_finish(&c, fn(&c, argc, copy));
    sk_free(&t->a, copy);
    sk_fdtab_free(&fds, &t->a);
    return t->status;
}

#define FST_CHECK_BUF(buf, lit, litlen) do { \
    size_t n_ = (litlen); \
    if ((buf).len != n_ || ((buf).len && memcmp((buf).p, (lit), n_))) \
        sk_test_fail(T, __FILE__, __LINE__, "%s == \"%.*s\" (%zu bytes), expected \"%.*s\"", #buf, \
                     (int)(buf).len, (buf).p ? (buf).p : "", (buf).len, (int)n_, (lit)); \
} while (0)

/* FS(&t, fn, "out", status, "err", argv...) — literals only. */
#define FS(t, fn, out_, st_, err_, ...) do { \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    fst_run((t), (fn), NULL, 0, argv_); \
    FST_CHECK_BUF((t)->out, out_, sizeof(out_) - 1); \
    CHECK_INT((t)->status, (st_)); \
    FST_CHECK_BUF((t)->err, err_, sizeof(err_) - 1); \
} while (0)

/* Same with stdin. */
#define FSI(t, fn, in_, out_, st_, err_, ...) do { \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    fst_run((t), (fn), (in_), sizeof(in_) - 1, argv_); \
    FST_CHECK_BUF((t)->out, out_, sizeof(out_) - 1); \
    CHECK_INT((t)->status, (st_)); \
    FST_CHECK_BUF((t)->err, err_, sizeof(err_) - 1); \
} while (0)

/* stdout and status only. */
#define FSO(t, fn, out_, st_, ...) do { \
    const char *argv_[] = { __VA_ARGS__, NULL }; \
    fst_run((t), (fn), NULL, 0, argv_); \
    FST_CHECK_BUF((t)->out, out_, sizeof(out_) - 1); \
    CHECK_INT((t)->status, (st_)); \
} while (0)

#endif
