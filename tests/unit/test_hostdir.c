/* test_hostdir.c — the host-directory backend stays inside its root. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "base/buf.h"
#include "fs/hostdir.h"
#include "fs/vfs.h"

static int rm_fn(const char *p, const struct stat *s, int flag, struct FTW *f)
{
    (void)s;
    (void)f;
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

static void rm_rf(const char *dir) { nftw(dir, rm_fn, 16, FTW_DEPTH | FTW_PHYS); }

static void host_put(const char *dir, const char *rel, const char *s)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    FILE *f = fopen(p, "w");
    if (f) {
        fputs(s, f);
        fclose(f);
    }
}

static const char *cat(sk_vfs *v, const char *path, char *dst, size_t cap)
{
    sk_buf b = SK_BUF_INIT(v->a);
    int rc = sk_vfs_read_file(v, "/", path, 0, &b);
    if (rc) snprintf(dst, cap, "<%s>", sk_status_message(rc));
    else snprintf(dst, cap, "%s", sk_buf_cstr(&b));
    sk_buf_free(&b);
    return dst;
}

TEST(hostdir_jail)
{
    char dir[] = "/tmp/sk-hostdir-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char p[512];
    snprintf(p, sizeof p, "%s/sub", dir);
    CHECK_INT(mkdir(p, 0755), 0);
    host_put(dir, "sub/f", "inside");
    snprintf(p, sizeof p, "%s/escape", dir);
    CHECK_INT(symlink("/etc", p), 0);
    snprintf(p, sizeof p, "%s/rel-escape", dir);
    CHECK_INT(symlink("../../../../../../etc", p), 0);
    snprintf(p, sizeof p, "%s/fifo", dir);
    CHECK_INT(mkfifo(p, 0644), 0);

    sk_alloc a;
    sk_alloc_init(&a, 0);
    int status = 1;
    sk_fs *fs = sk_hostdir_new(&a, dir, 0, NULL, &status);
    CHECK(fs != NULL);
    CHECK_INT(status, SK_OK);
    if (!fs) return;
    sk_vfs v = { fs, &a, NULL };
    char buf[128];
    CHECK_STR(cat(&v, "/sub/f", buf, sizeof buf), "inside");
    /* links to the host's /etc resolve inside the sandbox */
    CHECK_STR(cat(&v, "/escape/passwd", buf, sizeof buf), "<No such file or directory>");
    CHECK_STR(cat(&v, "/rel-escape/passwd", buf, sizeof buf), "<No such file or directory>");
    CHECK_STR(cat(&v, "/../../../etc/passwd", buf, sizeof buf), "<No such file or directory>");
    CHECK_INT(sk_vfs_mkdir(&v, "/", "/etc", 0755), SK_OK);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/etc/passwd", "fake", 4, 0644), SK_OK);
    CHECK_STR(cat(&v, "/escape/passwd", buf, sizeof buf), "fake");
    CHECK_STR(cat(&v, "/rel-escape/passwd", buf, sizeof buf), "fake");
    /* the backend itself never traverses a link */
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/escape/passwd", &st), SK_ENOTDIR);
    CHECK_INT(fs->stat(fs->ud, "/escape", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_SYMLINK);
    CHECK_INT(fs->write(fs->ud, "/escape", "x", 1, 0644), SK_ELOOP);
    CHECK_INT(fs->stat(fs->ud, "/sub/../escape", &st), SK_EINVAL);
    CHECK_INT(fs->stat(fs->ud, "relative", &st), SK_EINVAL);
    /* a FIFO is neither read nor written (and nothing blocks) */
    CHECK_INT(fs->stat(fs->ud, "/fifo", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_DEVICE);
    CHECK_STR(cat(&v, "/fifo", buf, sizeof buf), "<Permission denied>");
    CHECK_INT(sk_vfs_write_file(&v, "/", "/fifo", "x", 1, 0644), SK_EACCES);
    /* links the sandbox creates stay inside for host readers too */
    CHECK_INT(sk_vfs_symlink(&v, "/", "/etc", "/abs"), SK_EACCES);
    CHECK_INT(sk_vfs_symlink(&v, "/", "../../x", "/sub/up"), SK_EACCES);
    CHECK_INT(sk_vfs_symlink(&v, "/", "../sub/f", "/sub/ok"), SK_OK);
    CHECK_STR(cat(&v, "/sub/ok", buf, sizeof buf), "inside");
    /* the ordinary operations, seen on the host */
    CHECK_INT(sk_vfs_mkdir_p(&v, "/", "/a/b/c", 0755), SK_OK);
    CHECK_INT(sk_vfs_append_file(&v, "/", "/a/b/c/log", "1\n", 2, 0644), SK_OK);
    CHECK_INT(sk_vfs_append_file(&v, "/", "/a/b/c/log", "2\n", 2, 0644), SK_OK);
    CHECK_STR(cat(&v, "/a/b/c/log", buf, sizeof buf), "1\n2\n");
    snprintf(p, sizeof p, "%s/a/b/c/log", dir);
    struct stat hs;
    CHECK_INT(stat(p, &hs), 0);
    CHECK_INT(hs.st_size, 4);
    CHECK_INT(sk_vfs_truncate(&v, "/", "/a/b/c/log", 1), SK_OK);
    CHECK_STR(cat(&v, "/a/b/c/log", buf, sizeof buf), "1");
    CHECK_INT(sk_vfs_copy_file(&v, "/", "/a/b/c/log", "/a/copy"), SK_OK);
    CHECK_STR(cat(&v, "/a/copy", buf, sizeof buf), "1");
    CHECK_INT(sk_vfs_rename(&v, "/", "/a/copy", "/a/moved"), SK_OK);
    CHECK(!sk_vfs_exists(&v, "/", "/a/copy"));
    CHECK_INT(sk_vfs_chmod(&v, "/", "/a/moved", 0600), SK_OK);
    CHECK_INT(sk_vfs_set_mtime(&v, "/", "/a/moved", 1500000000123456789LL, 0), SK_OK);
    CHECK_INT(sk_vfs_stat(&v, "/", "/a/moved", &st), SK_OK);
    CHECK_INT(st.mode, 0600);
    CHECK_INT(st.mtime_ns, 1500000000123456789LL);
    sk_vfs_dir d;
    CHECK_INT(sk_vfs_list(&v, "/", "/", &d), SK_OK);
    CHECK_INT(d.n, 6); /* a, escape, etc, fifo, rel-escape, sub */
    if (d.n == 6) {
        CHECK_STR(d.ents[0].name, "a");
        CHECK_STR(d.ents[5].name, "sub");
        CHECK_INT(d.ents[1].type, SK_FILE_SYMLINK);
        CHECK_INT(d.ents[3].type, SK_FILE_DEVICE);
    }
    sk_vfs_dir_free(&d);
    CHECK_INT(sk_vfs_rmdir(&v, "/", "/a"), SK_ENOTEMPTY);
    CHECK_INT(sk_vfs_remove_tree(&v, "/", "/a", NULL, NULL), SK_OK);
    snprintf(p, sizeof p, "%s/a", dir);
    CHECK(access(p, F_OK) != 0);
    /* removing a link removes the link, on the host too */
    CHECK_INT(sk_vfs_unlink(&v, "/", "/escape"), SK_OK);
    CHECK(access("/etc", F_OK) == 0);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);

    /* read-only */
    fs = sk_hostdir_new(&a, dir, SK_HOSTDIR_READONLY, NULL, &status);
    CHECK(fs != NULL);
    if (fs) {
        sk_vfs r = { fs, &a, NULL };
        CHECK_STR(cat(&r, "/sub/f", buf, sizeof buf), "inside");
        CHECK_INT(sk_vfs_write_file(&r, "/", "/new", "x", 1, 0644), SK_EROFS);
        CHECK_INT(sk_vfs_mkdir(&r, "/", "/newdir", 0755), SK_EROFS);
        CHECK_INT(sk_vfs_unlink(&r, "/", "/sub/f"), SK_EROFS);
        fs->destroy(fs->ud);
    }
    /* limits */
    sk_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_file_size = 3;
    lim.max_name_length = 4;
    fs = sk_hostdir_new(&a, dir, 0, &lim, &status);
    CHECK(fs != NULL);
    if (fs) {
        CHECK_INT(fs->write(fs->ud, "/big", "1234", 4, 0644), SK_EFBIG);
        CHECK_INT(fs->write(fs->ud, "/ok", "123", 3, 0644), SK_OK);
        CHECK_INT(fs->append(fs->ud, "/ok", "4", 1, 0644), SK_EFBIG);
        CHECK_INT(fs->write(fs->ud, "/toolong", "1", 1, 0644), SK_ENAMETOOLONG);
        fs->destroy(fs->ud);
    }
    CHECK(sk_hostdir_new(&a, "/nonexistent/sk-test", 0, NULL, &status) == NULL);
    CHECK_INT(status, SK_ENOENT);
    CHECK_INT(a.used, 0);
    rm_rf(dir);
}

/* ---- differential: the walk against the kernel's RESOLVE_IN_ROOT ---------- */

#include <errno.h>
#include <linux/openat2.h>
#include <sys/syscall.h>

#include "fs/memfs.h"

static unsigned long long xs(unsigned long long *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void rand_path(unsigned long long *s, char *out, size_t cap, int allow_abs)
{
    static const char *const comp[] = { "a", "b", "c", "d", ".", "..", "a", "b" };
    int n = 1 + (int)(xs(s) % 5);
    out[0] = 0;
    if (allow_abs && xs(s) % 4 == 0) strcat(out, "/");
    for (int i = 0; i < n; i++) {
        size_t l = strlen(out);
        snprintf(out + l, cap - l, "%s%s", i ? (xs(s) % 8 ? "/" : "//") : "", comp[xs(s) % 8]);
    }
    if (xs(s) % 6 == 0) strncat(out, "/", cap - strlen(out) - 1);
}

static int sk_errno(int rc)
{
    switch (rc) {
    case SK_OK: return 0;
    case SK_ENOENT: return ENOENT;
    case SK_ENOTDIR: return ENOTDIR;
    case SK_ELOOP: return ELOOP;
    default: return -rc + 1000;
    }
}

TEST(vfs_matches_kernel_resolve_in_root)
{
    char dir[] = "/tmp/sk-resolve-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    int root = open(dir, O_RDONLY | O_DIRECTORY);
    CHECK(root >= 0);
    struct open_how probe = { .flags = O_PATH, .resolve = RESOLVE_IN_ROOT };
    long pfd = syscall(SYS_openat2, root, ".", &probe, sizeof probe);
    if (pfd < 0) { /* kernel without openat2: nothing to compare with */
        close(root);
        rm_rf(dir);
        return;
    }
    close((int)pfd);
    size_t dlen = strlen(dir);
    int mismatches = 0, compared = 0;
    for (unsigned long long seed = 1; seed <= 40; seed++) {
        unsigned long long s = seed * 0x9E3779B97F4A7C15ull;
        sk_alloc a;
        sk_alloc_init(&a, 0);
        sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
        sk_vfs v = { fs, &a, NULL };
        /* a random tree, built identically on both sides */
        char made[64][128];
        int nmade = 1;
        strcpy(made[0], "");
        for (int k = 0; k < 30 && nmade < 64; k++) {
            const char *parent = made[xs(&s) % (unsigned)nmade];
            char rel[128], hp[512], tgt[64];
            snprintf(rel, sizeof rel, "%s/%c", parent, "abcd"[xs(&s) % 4]);
            snprintf(hp, sizeof hp, "%s%s", dir, rel);
            int kind = (int)(xs(&s) % 3);
            int ok;
            if (kind == 0) {
                ok = mkdir(hp, 0755) == 0;
                if (ok) CHECK_INT(sk_vfs_mkdir(&v, "/", rel, 0755), SK_OK);
                if (ok) memcpy(made[nmade++], rel, sizeof rel);
            } else if (kind == 1) {
                int fd = open(hp, O_WRONLY | O_CREAT | O_EXCL, 0644);
                ok = fd >= 0;
                if (ok) {
                    close(fd);
                    CHECK_INT(sk_vfs_write_file(&v, "/", rel, "", 0, 0644), SK_OK);
                }
            } else {
                rand_path(&s, tgt, sizeof tgt, 1);
                ok = symlink(tgt, hp) == 0;
                if (ok) CHECK_INT(sk_vfs_symlink(&v, "/", tgt, rel), SK_OK);
            }
        }
        int hst;
        sk_fs *hfs = sk_hostdir_new(&a, dir, SK_HOSTDIR_READONLY, NULL, &hst);
        CHECK(hfs != NULL);
        if (!hfs) break;
        sk_vfs hv = { hfs, &a, NULL };
        /* random lookups, following and not */
        for (int q = 0; q < 200; q++) {
            char path[64];
            rand_path(&s, path, sizeof path, 1);
            for (int follow = 0; follow < 2; follow++) {
                struct open_how how = { .flags = O_PATH | (follow ? 0 : O_NOFOLLOW), .resolve = RESOLVE_IN_ROOT };
                /* openat2 may answer EAGAIN when it suspects a race while
                 * resolving "..": the documented remedy is to retry */
                long fd;
                int tries = 0;
                do fd = syscall(SYS_openat2, root, path, &how, sizeof how);
                while (fd < 0 && errno == EAGAIN && ++tries < 100);
                int kerr = fd < 0 ? errno : 0;
                char kpath[600] = "";
                if (fd >= 0) {
                    char link[64];
                    snprintf(link, sizeof link, "/proc/self/fd/%ld", fd);
                    ssize_t n = readlink(link, kpath, sizeof kpath - 1);
                    kpath[n > 0 ? n : 0] = 0;
                    close((int)fd);
                }
                /* the same walk over memfs and over the host directory */
                for (int side = 0; side < 2; side++) {
                    char *mine = NULL;
                    int rc = sk_vfs_resolve(side ? &hv : &v, "/", path, follow, &mine);
                    compared++;
                    int bad = sk_errno(rc) != kerr;
                    if (!bad && !rc) {
                        const char *k = strlen(kpath) > dlen ? kpath + dlen : "/";
                        bad = strcmp(k, mine) != 0;
                    }
                    if (bad && mismatches++ < 5)
                        fprintf(stderr, "seed %llu: %s (follow %d, %s): kernel %s [%s], vfs %s [%s]\n", seed, path,
                                follow, side ? "hostdir" : "memfs", kerr ? strerror(kerr) : "ok", kpath,
                                sk_status_message(rc), mine ? mine : "");
                    sk_free(&a, mine);
                }
            }
        }
        hfs->destroy(hfs->ud);
        fs->destroy(fs->ud);
        CHECK_INT(a.used, 0);
        /* empty the host dir for the next round */
        char sub[600];
        static const char *const top[] = { "a", "b", "c", "d" };
        for (int i = 0; i < 4; i++) {
            snprintf(sub, sizeof sub, "%s/%s", dir, top[i]);
            struct stat hs;
            if (lstat(sub, &hs) == 0) {
                if (S_ISDIR(hs.st_mode)) rm_rf(sub);
                else unlink(sub);
            }
        }
    }
    CHECK_INT(mismatches, 0);
    CHECK(compared > 25000);
    close(root);
    rm_rf(dir);
}
