/* cmdtest.c — see cmdtest.h. */
#include "cmdtest.h"

#include <string.h>

int cmdtest_init(cmdtest *t)
{
    memset(t, 0, sizeof *t);
    sk_alloc_init(&t->a, 0);
    t->lim = sk_limits_default();
    t->fs = sk_memfs_new(&t->a, &t->lim, NULL, NULL);
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

int cmdtest_file(cmdtest *t, const char *path, const char *content)
{
    char dir[512];
    size_t n = strlen(path);
    if (n >= sizeof dir) return -1;
    memcpy(dir, path, n + 1);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = 0;
        sk_vfs_mkdir_p(&t->vfs, "/home/user", dir, 0755);
    }
    return sk_vfs_write_file(&t->vfs, "/home/user", path, content, strlen(content), 0644);
}

int cmdtest_run(cmdtest *t, sk_cmd_fn fn, const char *stdin_text, const char *const *argv)
{
    sk_buf_clear(&t->out);
    sk_buf_clear(&t->err);
    int argc = 0;
    while (argv[argc]) argc++;
    sk_fdtab fds;
    sk_fdtab_init(&fds, &t->a);
    sk_stream *in = sk_stream_mem(&t->run, stdin_text ? stdin_text : "", stdin_text ? strlen(stdin_text) : 0, 0);
    sk_stream *out = sk_stream_buf(&t->run, &t->out);
    sk_stream *err = sk_stream_buf(&t->run, &t->err);
    sk_fdtab_set(&fds, &t->a, 0, in, SK_RD);
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

void cmdtest_free(cmdtest *t)
{
    sk_buf_free(&t->out);
    sk_buf_free(&t->err);
    sk_sched_trim(&t->sched);
    if (t->fs) t->fs->destroy(t->fs->ud);
}
