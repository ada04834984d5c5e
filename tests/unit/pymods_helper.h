/* pymods_helper.h — run a Python program over a fresh memfs (with the
 * standard tree) and capture its output, for the pymods unit tests. */
#ifndef SK_TEST_PYMODS_HELPER_H
#define SK_TEST_PYMODS_HELPER_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/alloc.h"
#include "base/stack.h"
#include "fs/memfs.h"
#include "fs/vfs.h"
#include "py/py.h"

typedef struct pyt_out {
    char out[16384];
    size_t nout;
    char err[8192];
    size_t nerr;
    int status;
    size_t used_after;        /* interpreter allocator after the run (must be 0) */
    sk_alloc fsa;
    sk_fs *fs;
    sk_vfs vfs;
} pyt_out;

static int pyt_write(void *ud, int fd, const char *p, size_t n)
{
    pyt_out *r = ud;
    char *dst = fd == 2 ? r->err : r->out;
    size_t *len = fd == 2 ? &r->nerr : &r->nout;
    size_t cap = fd == 2 ? sizeof r->err : sizeof r->out;
    size_t room = cap - 1 - *len;
    if (n > room) n = room;
    memcpy(dst + *len, p, n);
    *len += n;
    dst[*len] = 0;
    return 0;
}

static int64_t pyt_clock(void *ud)
{
    (void)ud;
    return INT64_C(1700000000) * 1000000000 + 123456789;
}

static char *const pyt_envp[] = { "HOME=/home/user", "USER=user", "LANG=C.UTF-8", "FOO=bar", NULL };

/* Make the filesystem (kept across several runs until pyt_done). */
static void pyt_fs(pyt_out *r)
{
    memset(r, 0, sizeof *r);
    sk_alloc_init(&r->fsa, 0);
    r->fs = sk_memfs_new(&r->fsa, NULL, pyt_clock, NULL);
    if (r->fs) sk_memfs_seed_standard(r->fs);
    r->vfs.fs = r->fs;
    r->vfs.a = &r->fsa;
    r->vfs.lim = NULL;
}

static void pyt_done(pyt_out *r)
{
    if (r->fs) r->fs->destroy(r->fs->ud);
    r->fs = NULL;
}

/* Run src with the VFS (no_fs: without one).  Output replaces the last. */
static void pyt_run_opts(pyt_out *r, const char *src, int no_fs, uint64_t seed)
{
    r->nout = r->nerr = 0;
    r->out[0] = r->err[0] = 0;
    sk_alloc a;
    sk_alloc_init(&a, 0);
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = src;
    o.source_len = strlen(src);
    o.filename = "t.py";
    o.write = pyt_write;
    o.write_ud = r;
    o.stack_limit = sk_stack_limit_from_here(256u << 10);
    if (!no_fs) {
        o.vfs = &r->vfs;
        o.cwd = "/home/user";
        o.envp = pyt_envp;
        o.wall_clock = pyt_clock;
    }
    o.seed = seed;
    py_run_result res;
    r->status = py_run(&o, &res);
    py_run_result_free(&a, &res);
    r->used_after = a.used;
}

static void pyt_run(pyt_out *r, const char *src) { pyt_run_opts(r, src, 0, 0); }

/* Run once in a fresh filesystem and return stdout. */
#define PYT(r, src) do { pyt_fs(r); pyt_run((r), (src)); pyt_done(r); } while (0)

#endif
