/* test_memfs.c — the in-memory backend: every callback, every quota,
 * rename rules, big directories, append cost and memory accounting. */
#include <stdlib.h>
#include <time.h>

#include "test.h"
#include "base/buf.h"
#include "fs/bytes.h"
#include "fs/memfs.h"

static int64_t tick(void *ud)
{
    int64_t *t = ud;
    return *t += 1000;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Read the whole file into a static-size C string for comparisons. */
static int rd(const sk_fs *fs, sk_alloc *a, const char *path, char *dst, size_t cap)
{
    sk_buf b = SK_BUF_INIT(a);
    sk_bytes out;
    sk_bytes_init(&out, &b, 0);
    int rc = fs->read(fs->ud, path, 0, UINT64_MAX, &out);
    size_t n = b.len < cap - 1 ? b.len : cap - 1;
    if (b.p) memcpy(dst, b.p, n);
    dst[n] = 0;
    sk_buf_free(&b);
    return rc;
}

static int w(const sk_fs *fs, const char *path, const char *s)
{
    return fs->write(fs->ud, path, s, strlen(s), 0644);
}

typedef struct names {
    char buf[512];
    int n;
} names;

static int name_fn(void *ud, const char *name, size_t len, sk_file_type type)
{
    names *ns = ud;
    size_t l = strlen(ns->buf);
    if (l + len + 2 < sizeof ns->buf) {
        memcpy(ns->buf + l, name, len);
        ns->buf[l + len] = type == SK_FILE_DIR ? '/' : ',';
        ns->buf[l + len + 1] = 0;
    }
    ns->n++;
    return 0;
}

TEST(memfs_fresh_is_small_and_cheap)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
    CHECK(fs != NULL);
    CHECK(sk_memfs_is(fs));
    CHECK(a.used <= 512); /* measured: ~300 bytes */
    size_t fresh = a.used;
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_DIR);
    CHECK_INT(st.mode, 0755);
    CHECK_INT(st.ino, 1);
    CHECK_INT(st.nlink, 2);
    CHECK_INT(sk_memfs_seed_standard(fs), SK_OK);
    size_t seeded = a.used;
    CHECK(seeded - fresh <= 4096); /* measured: ~1.6 KiB */
    CHECK(seeded <= 8192);
    sk_fs_usage u;
    CHECK_INT(fs->usage(fs->ud, &u), SK_OK);
    CHECK_INT(u.files, 13);
    CHECK_INT(u.bytes, 0);
    CHECK_INT(fs->stat(fs->ud, "/tmp", &st), SK_OK);
    CHECK_INT(st.mode, 01777);
    CHECK_INT(fs->stat(fs->ud, "/dev/null", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_DEVICE);
    CHECK_INT(st.mode, 0666);
    CHECK_INT(fs->stat(fs->ud, "/home/sandbox", &st), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/dev/fd", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_DIR);
    /* seeding twice keeps what is there */
    CHECK_INT(sk_memfs_seed_standard(fs), SK_OK);
    CHECK_INT(a.used, seeded);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);

    /* time: new + seed + destroy, averaged */
    int rounds = 20000;
    double t0 = now_s();
    for (int i = 0; i < rounds; i++) {
        sk_fs *f = sk_memfs_new(&a, NULL, NULL, NULL);
        if (!f || sk_memfs_seed_standard(f)) {
            CHECK(0);
            break;
        }
        f->destroy(f->ud);
    }
    double per = (now_s() - t0) / rounds * 1e6;
    /* speed is measured by make bench, not asserted here */
    if (getenv("SK_TEST_VERBOSE")) fprintf(stderr, "memfs new+seed+destroy: %.2f us, seeded %zu bytes\n", per, seeded);
    CHECK_INT(a.used, 0);
}

TEST(memfs_seed_ignores_quotas)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_file_count = 2;
    lim.max_name_length = 3;
    lim.max_path_depth = 1;
    sk_fs *fs = sk_memfs_new(&a, &lim, NULL, NULL);
    CHECK_INT(sk_memfs_seed_standard(fs), SK_OK);
    sk_stat st;
    /* walking an existing too-long name is refused like any other */
    CHECK_INT(fs->stat(fs->ud, "/dev/urandom", &st), SK_ENAMETOOLONG);
    CHECK_INT(fs->mkdir(fs->ud, "/x", 0755), SK_ENOSPC);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_files_basic)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    int64_t t = 0;
    sk_fs *fs = sk_memfs_new(&a, NULL, tick, &t);
    char buf[256];
    sk_stat st;
    CHECK_INT(w(fs, "/a.txt", "hello"), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/a.txt", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_REGULAR);
    CHECK_INT(st.size, 5);
    CHECK_INT(st.mode, 0644);
    CHECK_INT(st.nlink, 1);
    CHECK(st.mtime_ns > 0);
    uint64_t ino = st.ino;
    CHECK_INT(rd(fs, &a, "/a.txt", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "hello");
    /* write truncates; mode of an existing file is kept */
    CHECK_INT(fs->write(fs->ud, "/a.txt", "xy", 2, 0600), SK_OK);
    CHECK_INT(rd(fs, &a, "/a.txt", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "xy");
    CHECK_INT(fs->stat(fs->ud, "/a.txt", &st), SK_OK);
    CHECK_INT(st.mode, 0644);
    CHECK_INT(st.ino, ino);
    /* append creates, then appends */
    CHECK_INT(fs->append(fs->ud, "/b", "1", 1, 0600), SK_OK);
    CHECK_INT(fs->append(fs->ud, "/b", "23", 2, 0644), SK_OK);
    CHECK_INT(rd(fs, &a, "/b", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "123");
    CHECK_INT(fs->stat(fs->ud, "/b", &st), SK_OK);
    CHECK_INT(st.mode, 0600);
    /* ranged reads */
    sk_buf b = SK_BUF_INIT(&a);
    sk_bytes out;
    sk_bytes_init(&out, &b, 0);
    CHECK_INT(fs->read(fs->ud, "/b", 1, 1, &out), SK_OK);
    CHECK_MEM(b.p, b.len, "2");
    CHECK_INT(fs->read(fs->ud, "/b", 1, UINT64_MAX, &out), SK_OK);
    CHECK_MEM(b.p, b.len, "223");
    CHECK_INT(fs->read(fs->ud, "/b", 99, 5, &out), SK_OK);
    CHECK_INT(b.len, 3);
    /* a bounded sink refuses more than it may take */
    sk_buf_clear(&b);
    sk_bytes_init(&out, &b, 2);
    CHECK_INT(fs->read(fs->ud, "/b", 0, UINT64_MAX, &out), SK_EFBIG);
    CHECK_INT(b.len, 0);
    sk_buf_free(&b);
    /* truncate both ways */
    CHECK_INT(fs->truncate(fs->ud, "/b", 5), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/b", &st), SK_OK);
    CHECK_INT(st.size, 5);
    sk_buf_init(&b, &a);
    sk_bytes_init(&out, &b, 0);
    CHECK_INT(fs->read(fs->ud, "/b", 0, UINT64_MAX, &out), SK_OK);
    CHECK_INT(b.len, 5);
    CHECK(b.len == 5 && !memcmp(b.p, "123\0\0", 5));
    sk_buf_free(&b);
    CHECK_INT(fs->truncate(fs->ud, "/b", 1), SK_OK);
    CHECK_INT(rd(fs, &a, "/b", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "1");
    CHECK_INT(fs->truncate(fs->ud, "/missing", 1), SK_ENOENT);
    /* usage */
    sk_fs_usage u;
    fs->usage(fs->ud, &u);
    CHECK_INT(u.bytes, 3);
    CHECK_INT(u.files, 2);
    /* errors */
    CHECK_INT(w(fs, "/nodir/x", "x"), SK_ENOENT);
    CHECK_INT(w(fs, "/a.txt/x", "x"), SK_ENOTDIR);
    CHECK_INT(rd(fs, &a, "/nope", buf, sizeof buf), SK_ENOENT);
    CHECK_INT(rd(fs, &a, "/", buf, sizeof buf), SK_EISDIR);
    CHECK_INT(w(fs, "/", "x"), SK_EISDIR);
    CHECK_INT(w(fs, "relative", "x"), SK_EINVAL);
    CHECK_INT(w(fs, "/a/../b", "x"), SK_EINVAL);
    CHECK_INT(w(fs, "/x//y", "x"), SK_EINVAL);
    CHECK_INT(w(fs, "/x/", "x"), SK_EINVAL);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_dirs_links_devices)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    int64_t t = 0;
    sk_fs *fs = sk_memfs_new(&a, NULL, tick, &t);
    sk_stat st;
    CHECK_INT(fs->mkdir(fs->ud, "/d", 0700), SK_OK);
    CHECK_INT(fs->mkdir(fs->ud, "/d", 0700), SK_EEXIST);
    CHECK_INT(fs->mkdir(fs->ud, "/", 0700), SK_EEXIST);
    CHECK_INT(fs->mkdir(fs->ud, "/x/y", 0700), SK_ENOENT);
    CHECK_INT(fs->mkdir(fs->ud, "/d/e", 0755), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/d", &st), SK_OK);
    CHECK_INT(st.mode, 0700);
    CHECK_INT(st.nlink, 3);
    int64_t before = st.mtime_ns;
    CHECK_INT(w(fs, "/d/f", "x"), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/d", &st), SK_OK);
    CHECK(st.mtime_ns > before); /* adding an entry touches the directory */
    names ns = { "", 0 };
    CHECK_INT(fs->read_dir(fs->ud, "/d", name_fn, &ns), SK_OK);
    CHECK_INT(ns.n, 2);
    CHECK(strstr(ns.buf, "e/") && strstr(ns.buf, "f,"));
    CHECK_INT(fs->read_dir(fs->ud, "/d/f", name_fn, &ns), SK_ENOTDIR);
    CHECK_INT(fs->remove(fs->ud, "/d"), SK_ENOTEMPTY);
    CHECK_INT(fs->remove(fs->ud, "/"), SK_EINVAL);

    /* symlinks are stored, never followed */
    CHECK_INT(fs->symlink(fs->ud, "../target", "/d/l"), SK_OK);
    CHECK_INT(fs->symlink(fs->ud, "x", "/d/l"), SK_EEXIST);
    CHECK_INT(fs->symlink(fs->ud, "", "/d/l2"), SK_ENOENT);
    CHECK_INT(fs->stat(fs->ud, "/d/l", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_SYMLINK);
    CHECK_INT(st.size, 9);
    sk_buf b = SK_BUF_INIT(&a);
    sk_bytes out;
    sk_bytes_init(&out, &b, 0);
    CHECK_INT(fs->readlink(fs->ud, "/d/l", &out), SK_OK);
    CHECK_STR(sk_buf_cstr(&b), "../target");
    CHECK_INT(fs->readlink(fs->ud, "/d/f", &out), SK_EINVAL);
    sk_buf_free(&b);
    CHECK_INT(fs->symlink(fs->ud, "/d", "/ld"), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/ld/f", &st), SK_ENOTDIR);   /* not traversed */
    CHECK_INT(w(fs, "/ld", "x"), SK_ELOOP);                 /* not written through */
    CHECK_INT(fs->append(fs->ud, "/ld", "x", 1, 0644), SK_ELOOP);
    char buf[16];
    CHECK_INT(rd(fs, &a, "/ld", buf, sizeof buf), SK_ELOOP);

    /* devices read empty and swallow writes */
    CHECK_INT(fs->mkdir(fs->ud, "/dev", 0755), SK_OK);
    CHECK_INT(sk_memfs_mknod(fs, "/dev/null", 0666), SK_OK);
    CHECK_INT(sk_memfs_mknod(fs, "/dev/null", 0666), SK_EEXIST);
    CHECK_INT(w(fs, "/dev/null", "gone"), SK_OK);
    CHECK_INT(fs->append(fs->ud, "/dev/null", "gone", 4, 0), SK_OK);
    CHECK_INT(rd(fs, &a, "/dev/null", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "");
    CHECK_INT(fs->stat(fs->ud, "/dev/null", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_DEVICE);
    CHECK_INT(st.size, 0);

    /* chmod / set_mtime */
    CHECK_INT(fs->chmod(fs->ud, "/d/f", 0100755), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/d/f", &st), SK_OK);
    CHECK_INT(st.mode, 0755);
    CHECK_INT(fs->set_mtime(fs->ud, "/d/f", 42), SK_OK);
    CHECK_INT(fs->stat(fs->ud, "/d/f", &st), SK_OK);
    CHECK_INT(st.mtime_ns, 42);
    CHECK_INT(fs->chmod(fs->ud, "/nope", 0), SK_ENOENT);

    /* copy */
    CHECK_INT(fs->copy(fs->ud, "/d/f", "/g"), SK_OK);
    CHECK_INT(rd(fs, &a, "/g", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "x");
    CHECK_INT(fs->stat(fs->ud, "/g", &st), SK_OK);
    CHECK_INT(st.mode, 0755);
    CHECK_INT(fs->copy(fs->ud, "/d", "/h"), SK_EISDIR);
    CHECK_INT(fs->copy(fs->ud, "/d/f", "/d"), SK_EISDIR);
    CHECK_INT(fs->copy(fs->ud, "/d/f", "/d/f"), SK_OK);
    CHECK_INT(fs->copy(fs->ud, "/nope", "/h"), SK_ENOENT);

    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

static sk_fs *limited(sk_alloc *a, void (*set)(sk_limits *))
{
    sk_limits lim;
    memset(&lim, 0, sizeof lim);
    set(&lim);
    sk_alloc_init(a, 0);
    return sk_memfs_new(a, &lim, NULL, NULL);
}

static void set_fs_bytes(sk_limits *l) { l->max_fs_bytes = 10; }
static void set_file_count(sk_limits *l) { l->max_file_count = 3; }
static void set_file_size(sk_limits *l) { l->max_file_size = 4; }
static void set_name_len(sk_limits *l) { l->max_name_length = 5; }
static void set_path_len(sk_limits *l) { l->max_path_length = 10; }
static void set_depth(sk_limits *l) { l->max_path_depth = 3; }

TEST(memfs_quota_fs_bytes)
{
    sk_alloc a;
    sk_fs *fs = limited(&a, set_fs_bytes);
    char buf[32];
    CHECK_INT(w(fs, "/a", "123456"), SK_OK);
    CHECK_INT(w(fs, "/b", "12345"), SK_ENOSPC);
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/b", &st), SK_ENOENT);       /* failed create leaves nothing */
    CHECK_INT(w(fs, "/b", "1234"), SK_OK);                    /* exactly full */
    CHECK_INT(fs->append(fs->ud, "/b", "x", 1, 0644), SK_ENOSPC);
    CHECK_INT(rd(fs, &a, "/b", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "1234");                                    /* unchanged */
    CHECK_INT(fs->append(fs->ud, "/c", "x", 1, 0644), SK_ENOSPC);
    CHECK_INT(fs->stat(fs->ud, "/c", &st), SK_ENOENT);
    CHECK_INT(fs->truncate(fs->ud, "/a", 7), SK_ENOSPC);
    CHECK_INT(fs->copy(fs->ud, "/a", "/c"), SK_ENOSPC);
    CHECK_INT(fs->stat(fs->ud, "/c", &st), SK_ENOENT);
    /* replacing a file counts only the difference */
    CHECK_INT(w(fs, "/a", "abcdef"), SK_OK);
    CHECK_INT(w(fs, "/a", "abcdefg"), SK_ENOSPC);
    CHECK_INT(rd(fs, &a, "/a", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "abcdef");
    CHECK_INT(fs->truncate(fs->ud, "/a", 0), SK_OK);
    CHECK_INT(w(fs, "/c", "123456"), SK_OK);
    sk_fs_usage u;
    fs->usage(fs->ud, &u);
    CHECK_INT(u.bytes, 10);
    CHECK_INT(u.max_bytes, 10);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_quota_file_count)
{
    sk_alloc a;
    sk_fs *fs = limited(&a, set_file_count);
    CHECK_INT(fs->mkdir(fs->ud, "/d", 0755), SK_OK);
    CHECK_INT(w(fs, "/d/f", "x"), SK_OK);
    CHECK_INT(fs->symlink(fs->ud, "f", "/d/l"), SK_OK);
    CHECK_INT(w(fs, "/g", "x"), SK_ENOSPC);
    CHECK_INT(fs->append(fs->ud, "/g", "x", 1, 0644), SK_ENOSPC);
    CHECK_INT(fs->mkdir(fs->ud, "/e", 0755), SK_ENOSPC);
    CHECK_INT(fs->symlink(fs->ud, "f", "/d/m"), SK_ENOSPC);
    CHECK_INT(sk_memfs_mknod(fs, "/n", 0666), SK_ENOSPC);
    CHECK_INT(fs->copy(fs->ud, "/d/f", "/g"), SK_ENOSPC);
    /* overwriting and renaming need no new entry */
    CHECK_INT(w(fs, "/d/f", "yy"), SK_OK);
    CHECK_INT(fs->rename(fs->ud, "/d/f", "/f"), SK_OK);
    CHECK_INT(fs->remove(fs->ud, "/d/l"), SK_OK);
    CHECK_INT(w(fs, "/g", "x"), SK_OK);
    sk_fs_usage u;
    fs->usage(fs->ud, &u);
    CHECK_INT(u.files, 3);
    CHECK_INT(u.max_files, 3);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_quota_file_size)
{
    sk_alloc a;
    sk_fs *fs = limited(&a, set_file_size);
    CHECK_INT(w(fs, "/a", "1234"), SK_OK);
    CHECK_INT(w(fs, "/b", "12345"), SK_EFBIG);
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/b", &st), SK_ENOENT);
    CHECK_INT(fs->append(fs->ud, "/a", "5", 1, 0644), SK_EFBIG);
    CHECK_INT(fs->stat(fs->ud, "/a", &st), SK_OK);
    CHECK_INT(st.size, 4);
    CHECK_INT(fs->truncate(fs->ud, "/a", 5), SK_EFBIG);
    CHECK_INT(fs->truncate(fs->ud, "/a", 4), SK_OK);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_quota_name_length)
{
    sk_alloc a;
    sk_fs *fs = limited(&a, set_name_len);
    CHECK_INT(w(fs, "/abcde", "x"), SK_OK);
    CHECK_INT(w(fs, "/abcdef", "x"), SK_ENAMETOOLONG);
    CHECK_INT(fs->mkdir(fs->ud, "/abcdef", 0755), SK_ENAMETOOLONG);
    CHECK_INT(fs->symlink(fs->ud, "t", "/abcdef"), SK_ENAMETOOLONG);
    CHECK_INT(fs->rename(fs->ud, "/abcde", "/abcdef"), SK_ENAMETOOLONG);
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/abcdef/x", &st), SK_ENAMETOOLONG); /* beats ENOENT */
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_quota_path_length)
{
    sk_alloc a;
    sk_fs *fs = limited(&a, set_path_len);
    CHECK_INT(fs->mkdir(fs->ud, "/aaaa", 0755), SK_OK);
    CHECK_INT(w(fs, "/aaaa/bbbb", "x"), SK_OK);          /* 10 bytes */
    CHECK_INT(w(fs, "/aaaa/bbbbb", "x"), SK_ENAMETOOLONG); /* 11 */
    CHECK_INT(fs->symlink(fs->ud, "12345678901", "/l"), SK_ENAMETOOLONG);
    /* a directory rename may not create too-long paths below it */
    CHECK_INT(fs->mkdir(fs->ud, "/c", 0755), SK_OK);
    CHECK_INT(w(fs, "/c/dddddd", "x"), SK_OK);             /* 9 */
    CHECK_INT(fs->rename(fs->ud, "/c", "/cc"), SK_OK);      /* 10 */
    CHECK_INT(fs->rename(fs->ud, "/cc", "/ccc"), SK_ENAMETOOLONG);
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/cc/dddddd", &st), SK_OK);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_quota_depth)
{
    sk_alloc a;
    sk_fs *fs = limited(&a, set_depth);
    CHECK_INT(fs->mkdir(fs->ud, "/a", 0755), SK_OK);
    CHECK_INT(fs->mkdir(fs->ud, "/a/b", 0755), SK_OK);
    CHECK_INT(fs->mkdir(fs->ud, "/a/b/c", 0755), SK_OK);
    CHECK_INT(fs->mkdir(fs->ud, "/a/b/c/d", 0755), SK_ENAMETOOLONG);
    CHECK_INT(w(fs, "/a/b/c/f", "x"), SK_ENAMETOOLONG);
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/a/b/c/d", &st), SK_ENAMETOOLONG);
    /* moving a subtree deeper is creating deeper paths */
    CHECK_INT(fs->mkdir(fs->ud, "/x", 0755), SK_OK);
    CHECK_INT(fs->mkdir(fs->ud, "/x/y", 0755), SK_OK);
    CHECK_INT(fs->rename(fs->ud, "/x", "/a/x"), SK_OK);      /* /a/x/y: 3 */
    CHECK_INT(fs->rename(fs->ud, "/a/x", "/a/b/x"), SK_ENAMETOOLONG);
    CHECK_INT(fs->stat(fs->ud, "/a/x/y", &st), SK_OK);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_rename_rules)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
    char buf[32];
    sk_stat st;
    void *u = fs->ud;
    CHECK_INT(fs->mkdir(u, "/d", 0755), SK_OK);
    CHECK_INT(fs->mkdir(u, "/d/sub", 0755), SK_OK);
    CHECK_INT(fs->mkdir(u, "/e", 0755), SK_OK);
    CHECK_INT(fs->mkdir(u, "/full", 0755), SK_OK);
    CHECK_INT(w(fs, "/full/x", "x"), SK_OK);
    CHECK_INT(w(fs, "/f", "F"), SK_OK);
    CHECK_INT(w(fs, "/g", "G"), SK_OK);
    CHECK_INT(fs->stat(u, "/f", &st), SK_OK);
    uint64_t ino = st.ino;

    CHECK_INT(fs->rename(u, "/nope", "/x"), SK_ENOENT);
    CHECK_INT(fs->rename(u, "/f", "/nodir/x"), SK_ENOENT);
    CHECK_INT(fs->rename(u, "/f", "/g/x"), SK_ENOTDIR);
    CHECK_INT(fs->rename(u, "/f", "/f"), SK_OK);
    /* a file replaces a file; the inode moves with the name */
    CHECK_INT(fs->rename(u, "/f", "/g"), SK_OK);
    CHECK_INT(rd(fs, &a, "/g", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "F");
    CHECK_INT(fs->stat(u, "/g", &st), SK_OK);
    CHECK_INT(st.ino, ino);
    CHECK_INT(fs->stat(u, "/f", &st), SK_ENOENT);
    /* a file onto a directory */
    CHECK_INT(fs->rename(u, "/g", "/e"), SK_EISDIR);
    /* a directory onto a file */
    CHECK_INT(fs->rename(u, "/e", "/g"), SK_ENOTDIR);
    /* a directory onto an empty directory / a non-empty one */
    CHECK_INT(fs->rename(u, "/d", "/full"), SK_ENOTEMPTY);
    CHECK_INT(fs->rename(u, "/d", "/e"), SK_OK);
    CHECK_INT(fs->stat(u, "/e/sub", &st), SK_OK);
    CHECK_INT(fs->stat(u, "/d", &st), SK_ENOENT);
    /* into its own subtree */
    CHECK_INT(fs->rename(u, "/e", "/e/sub/x"), SK_EINVAL);
    CHECK_INT(fs->rename(u, "/e", "/e/x"), SK_EINVAL);
    /* onto its own ancestor (non-empty) */
    CHECK_INT(fs->rename(u, "/e/sub", "/e"), SK_ENOTEMPTY);
    CHECK_INT(fs->rename(u, "/", "/x"), SK_EINVAL);
    CHECK_INT(fs->rename(u, "/g", "/"), SK_EISDIR);
    CHECK_INT(fs->rename(u, "/e", "/"), SK_EINVAL);
    /* moving a directory keeps its children reachable and nlinks right */
    CHECK_INT(w(fs, "/e/sub/deep", "D"), SK_OK);
    CHECK_INT(fs->rename(u, "/e/sub", "/full/moved-with-a-longer-name"), SK_OK);
    CHECK_INT(rd(fs, &a, "/full/moved-with-a-longer-name/deep", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "D");
    CHECK_INT(fs->stat(u, "/e", &st), SK_OK);
    CHECK_INT(st.nlink, 2);
    CHECK_INT(fs->stat(u, "/full", &st), SK_OK);
    CHECK_INT(st.nlink, 3);
    /* the moved directory's children know their new parent */
    CHECK_INT(fs->rename(u, "/full/moved-with-a-longer-name/deep", "/full/moved-with-a-longer-name/d2"), SK_OK);
    CHECK_INT(fs->remove(u, "/full/moved-with-a-longer-name/d2"), SK_OK);
    CHECK_INT(fs->remove(u, "/full/moved-with-a-longer-name"), SK_OK);
    /* a symlink is renamed as itself */
    CHECK_INT(fs->symlink(u, "somewhere", "/l"), SK_OK);
    CHECK_INT(fs->rename(u, "/l", "/e/l2"), SK_OK);
    sk_buf b = SK_BUF_INIT(&a);
    sk_bytes out;
    sk_bytes_init(&out, &b, 0);
    CHECK_INT(fs->readlink(u, "/e/l2", &out), SK_OK);
    CHECK_STR(sk_buf_cstr(&b), "somewhere");
    sk_buf_free(&b);
    /* same-directory rename replacing an entry */
    CHECK_INT(w(fs, "/e/a", "A"), SK_OK);
    CHECK_INT(w(fs, "/e/b", "B"), SK_OK);
    CHECK_INT(fs->rename(u, "/e/a", "/e/b"), SK_OK);
    CHECK_INT(rd(fs, &a, "/e/b", buf, sizeof buf), SK_OK);
    CHECK_STR(buf, "A");
    sk_fs_usage us;
    fs->usage(u, &us);
    CHECK_INT(us.files, 6); /* /e /full /full/x /g /e/l2 /e/b */
    CHECK_INT(us.bytes, 3);
    fs->destroy(u);
    CHECK_INT(a.used, 0);
}

static unsigned long long rng(unsigned long long *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

TEST(memfs_big_directory)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
    void *u = fs->ud;
    CHECK_INT(fs->mkdir(u, "/big", 0755), SK_OK);
    size_t base = a.used;
    enum { N = 20000 };
    char p[64];
    static const char one = '1';
    int bad = 0;
    for (int i = 0; i < N && !bad; i++) {
        snprintf(p, sizeof p, "/big/f%d", i);
        bad = fs->write(u, p, &one, 1, 0644) != SK_OK;
    }
    CHECK(!bad);
    names ns = { "", 0 };
    CHECK_INT(fs->read_dir(u, "/big", name_fn, &ns), SK_OK);
    CHECK_INT(ns.n, N);
    /* delete a random half, then check every name */
    unsigned char gone[N];
    memset(gone, 0, sizeof gone);
    unsigned long long s = 88172645463325252ull;
    for (int k = 0; k < N / 2; k++) {
        int i = (int)(rng(&s) % N);
        snprintf(p, sizeof p, "/big/f%d", i);
        int rc = fs->remove(u, p);
        if (rc != (gone[i] ? SK_ENOENT : SK_OK)) bad++;
        gone[i] = 1;
    }
    sk_stat st;
    for (int i = 0; i < N; i++) {
        snprintf(p, sizeof p, "/big/f%d", i);
        if (fs->stat(u, p, &st) != (gone[i] ? SK_ENOENT : SK_OK)) bad++;
    }
    CHECK_INT(bad, 0);
    /* renames inside the directory keep the index consistent */
    for (int i = 0; i < N; i++) {
        if (gone[i]) continue;
        char q[64];
        snprintf(p, sizeof p, "/big/f%d", i);
        snprintf(q, sizeof q, "/big/g%d", i);
        if (fs->rename(u, p, q)) bad++;
    }
    for (int i = 0; i < N; i++) {
        snprintf(p, sizeof p, "/big/g%d", i);
        if (fs->stat(u, p, &st) != (gone[i] ? SK_ENOENT : SK_OK)) bad++;
        if (!gone[i] && fs->remove(u, p)) bad++;
    }
    CHECK_INT(bad, 0);
    CHECK_INT(a.used, base); /* the table shrinks back to nothing */
    fs->destroy(u);
    CHECK_INT(a.used, 0);
}

TEST(memfs_append_is_linear)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
    char line[32];
    double t0 = now_s();
    uint64_t total = 0;
    int bad = 0;
    for (int i = 1; i <= 100000; i++) {
        int n = snprintf(line, sizeof line, "%d\n", i);
        total += (uint64_t)n;
        bad += fs->append(fs->ud, "/f", line, (size_t)n, 0644) != SK_OK;
    }
    double dt = now_s() - t0;
    CHECK_INT(bad, 0);
    sk_stat st;
    CHECK_INT(fs->stat(fs->ud, "/f", &st), SK_OK);
    CHECK_INT(st.size, total);
    CHECK(dt < 0.5); /* measured ~5 ms */
    /* the data is right at both ends */
    sk_buf b = SK_BUF_INIT(&a);
    sk_bytes out;
    sk_bytes_init(&out, &b, 0);
    CHECK_INT(fs->read(fs->ud, "/f", 0, 8, &out), SK_OK);
    CHECK_MEM(b.p, b.len, "1\n2\n3\n4\n");
    sk_buf_clear(&b);
    CHECK_INT(fs->read(fs->ud, "/f", total - 7, UINT64_MAX, &out), SK_OK);
    CHECK_MEM(b.p, b.len, "100000\n");
    sk_buf_free(&b);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

TEST(memfs_memory_returns_to_start)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
    sk_memfs_seed_standard(fs);
    void *u = fs->ud;
    size_t start = a.used;
    char p[64], data[300];
    memset(data, 'z', sizeof data);
    CHECK_INT(fs->mkdir(u, "/tmp/t", 0755), SK_OK);
    for (int i = 0; i < 50; i++) {
        snprintf(p, sizeof p, "/tmp/t/d%d", i);
        CHECK_INT(fs->mkdir(u, p, 0755), SK_OK);
        snprintf(p, sizeof p, "/tmp/t/d%d/file", i);
        CHECK_INT(fs->write(u, p, data, (size_t)(i * 5), 0644), SK_OK);
        CHECK_INT(fs->append(u, p, data, 17, 0644), SK_OK);
        snprintf(p, sizeof p, "/tmp/t/l%d", i);
        CHECK_INT(fs->symlink(u, "d0/file", p), SK_OK);
    }
    CHECK(a.used > start);
    for (int i = 0; i < 50; i++) {
        snprintf(p, sizeof p, "/tmp/t/d%d/file", i);
        CHECK_INT(fs->remove(u, p), SK_OK);
        snprintf(p, sizeof p, "/tmp/t/d%d", i);
        CHECK_INT(fs->remove(u, p), SK_OK);
        snprintf(p, sizeof p, "/tmp/t/l%d", i);
        CHECK_INT(fs->remove(u, p), SK_OK);
    }
    CHECK_INT(fs->remove(u, "/tmp/t"), SK_OK);
    CHECK_INT(a.used, start);
    sk_fs_usage us;
    fs->usage(u, &us);
    CHECK_INT(us.files, 13);
    CHECK_INT(us.bytes, 0);
    fs->destroy(u);
    CHECK_INT(a.used, 0);
}

TEST(memfs_out_of_memory_is_clean)
{
    /* Every operation under a tight allocator either succeeds or fails with
     * SK_NOMEM without leaking or corrupting the tree. */
    int nomem = 0;
    for (size_t limit = 300; limit < 3000; limit += 37) {
        sk_alloc a;
        sk_alloc_init(&a, limit);
        sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
        if (!fs) continue;
        void *u = fs->ud;
        char p[32];
        for (int i = 0; i < 30; i++) {
            snprintf(p, sizeof p, "/f%d", i);
            int rc = fs->append(u, p, "0123456789abcdef", 16, 0644);
            CHECK(rc == SK_OK || rc == SK_NOMEM);
            snprintf(p, sizeof p, "/d%d", i);
            rc = fs->mkdir(u, p, 0755);
            CHECK(rc == SK_OK || rc == SK_NOMEM);
            nomem += rc == SK_NOMEM;
            rc = fs->rename(u, "/f0", "/renamed-with-a-long-name");
            CHECK(rc == SK_OK || rc == SK_NOMEM || rc == SK_ENOENT);
            rc = fs->rename(u, "/renamed-with-a-long-name", "/f0");
            CHECK(rc == SK_OK || rc == SK_NOMEM || rc == SK_ENOENT);
        }
        fs->destroy(u);
        CHECK_INT(a.used, 0);
    }
    CHECK(nomem > 0);
}
