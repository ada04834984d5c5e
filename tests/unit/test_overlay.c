/* test_overlay.c — copy-on-write over a read-only lower layer. */
#include "test.h"
#include "base/buf.h"
#include "fs/memfs.h"
#include "fs/overlay.h"
#include "fs/vfs.h"

/* A lower layer that refuses every change, to prove none is attempted. */
typedef struct ro {
    sk_fs fs;
    const sk_fs *in;
} ro;

static int ro_stat(void *ud, const char *p, sk_stat *st) { ro *r = ud; return r->in->stat(r->in->ud, p, st); }
static int ro_read(void *ud, const char *p, uint64_t off, uint64_t len, sk_bytes *out) { ro *r = ud; return r->in->read(r->in->ud, p, off, len, out); }
static int ro_read_dir(void *ud, const char *p, sk_dir_fn fn, void *cb) { ro *r = ud; return r->in->read_dir(r->in->ud, p, fn, cb); }
static int ro_readlink(void *ud, const char *p, sk_bytes *out) { ro *r = ud; return r->in->readlink(r->in->ud, p, out); }

static const char *cat(sk_vfs *v, const char *path, char *dst, size_t cap)
{
    sk_buf b = SK_BUF_INIT(v->a);
    int rc = sk_vfs_read_file(v, "/", path, 0, &b);
    if (rc) snprintf(dst, cap, "<%s>", sk_status_message(rc));
    else snprintf(dst, cap, "%s", sk_buf_cstr(&b));
    sk_buf_free(&b);
    return dst;
}

static const char *ls(sk_vfs *v, const char *path, char *dst, size_t cap)
{
    sk_vfs_dir d;
    int rc = sk_vfs_list(v, "/", path, &d);
    dst[0] = 0;
    if (rc) snprintf(dst, cap, "<%s>", sk_status_message(rc));
    for (size_t i = 0; i < d.n; i++) {
        size_t l = strlen(dst);
        snprintf(dst + l, cap - l, "%s%s", i ? " " : "", d.ents[i].name);
    }
    sk_vfs_dir_free(&d);
    return dst;
}

TEST(overlay_copy_on_write)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *low = sk_memfs_new(&a, NULL, NULL, NULL);
    sk_vfs lv = { low, &a, NULL };
    sk_memfs_seed_standard(low);
    sk_vfs_mkdir_p(&lv, "/", "/data/sub", 0755);
    sk_vfs_write_file(&lv, "/", "/data/a", "A", 1, 0644);
    sk_vfs_write_file(&lv, "/", "/data/b", "B", 1, 0600);
    sk_vfs_write_file(&lv, "/", "/data/sub/c", "C", 1, 0644);
    sk_vfs_symlink(&lv, "/", "sub/c", "/data/lc");
    ro r;
    memset(&r, 0, sizeof r);
    r.fs.ud = &r;
    r.in = low;
    r.fs.stat = ro_stat;
    r.fs.read = ro_read;
    r.fs.read_dir = ro_read_dir;
    r.fs.readlink = ro_readlink;

    sk_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_fs_bytes = 1000;
    sk_fs *fs = sk_overlay_new(&a, &r.fs, 0, &lim, NULL, NULL);
    CHECK(fs != NULL);
    sk_vfs v = { fs, &a, NULL };
    char buf[256];
    CHECK_STR(cat(&v, "/data/a", buf, sizeof buf), "A");
    CHECK_STR(cat(&v, "/data/lc", buf, sizeof buf), "C");
    CHECK_STR(ls(&v, "/data", buf, sizeof buf), "a b lc sub");

    /* new files, overwrites and appends land above */
    CHECK_INT(sk_vfs_write_file(&v, "/", "/data/new", "N", 1, 0644), SK_OK);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/data/a", "A2", 2, 0644), SK_OK);
    CHECK_INT(sk_vfs_append_file(&v, "/", "/data/b", "+", 1, 0644), SK_OK);
    CHECK_INT(sk_vfs_append_file(&v, "/", "/data/sub/c", "+", 1, 0644), SK_OK);
    CHECK_STR(cat(&v, "/data/a", buf, sizeof buf), "A2");
    CHECK_STR(cat(&v, "/data/b", buf, sizeof buf), "B+");
    CHECK_STR(cat(&v, "/data/lc", buf, sizeof buf), "C+");
    CHECK_STR(cat(&lv, "/data/a", buf, sizeof buf), "A");
    CHECK_STR(cat(&lv, "/data/b", buf, sizeof buf), "B");
    CHECK_STR(cat(&lv, "/data/sub/c", buf, sizeof buf), "C");
    CHECK(!sk_vfs_exists(&lv, "/", "/data/new"));
    sk_stat st;
    CHECK_INT(sk_vfs_stat(&v, "/", "/data/b", &st), SK_OK);
    CHECK_INT(st.mode, 0600); /* the copy keeps the lower mode */
    CHECK_STR(ls(&v, "/data", buf, sizeof buf), "a b lc new sub");

    /* truncate and chmod copy up */
    CHECK_INT(sk_vfs_truncate(&v, "/", "/data/sub/c", 0), SK_OK);
    CHECK_INT(sk_vfs_chmod(&v, "/", "/data/sub", 0700), SK_OK);
    CHECK_INT(sk_vfs_stat(&v, "/", "/data/sub", &st), SK_OK);
    CHECK_INT(st.mode, 0700);
    CHECK_INT(sk_vfs_stat(&lv, "/", "/data/sub", &st), SK_OK);
    CHECK_INT(st.mode, 0755);
    CHECK_INT(sk_vfs_truncate(&v, "/", "/data/none", 0), SK_ENOENT);

    /* deletions are whiteouts */
    CHECK_INT(sk_vfs_unlink(&v, "/", "/data/a"), SK_OK);
    CHECK(!sk_vfs_exists(&v, "/", "/data/a"));
    CHECK(sk_vfs_exists(&lv, "/", "/data/a"));
    CHECK_INT(sk_vfs_unlink(&v, "/", "/data/a"), SK_ENOENT);
    CHECK_STR(ls(&v, "/data", buf, sizeof buf), "b lc new sub");
    CHECK_INT(sk_vfs_rmdir(&v, "/", "/data/sub"), SK_ENOTEMPTY);
    CHECK_INT(sk_vfs_remove_tree(&v, "/", "/data", NULL, NULL), SK_OK);
    CHECK(!sk_vfs_exists(&v, "/", "/data"));
    CHECK_STR(ls(&lv, "/data", buf, sizeof buf), "a b lc sub");
    /* made again: empty, the lower directory stays hidden */
    CHECK_INT(sk_vfs_mkdir(&v, "/", "/data", 0755), SK_OK);
    CHECK_STR(ls(&v, "/data", buf, sizeof buf), "");
    CHECK_STR(cat(&v, "/data/sub/c", buf, sizeof buf), "<No such file or directory>");
    CHECK_INT(sk_vfs_write_file(&v, "/", "/data/b", "again", 5, 0644), SK_OK);
    CHECK_STR(ls(&v, "/data", buf, sizeof buf), "b");
    CHECK_INT(sk_vfs_rmdir(&v, "/", "/data"), SK_ENOTEMPTY);

    /* renames */
    CHECK_INT(sk_vfs_mkdir_p(&lv, "/", "/lower/dir", 0755), SK_OK);
    CHECK_INT(sk_vfs_write_file(&lv, "/", "/lower/f", "F", 1, 0644), SK_OK);
    CHECK_INT(sk_vfs_rename(&v, "/", "/lower/dir", "/elsewhere"), SK_EXDEV);
    CHECK_INT(sk_vfs_rename(&v, "/", "/lower/f", "/tmp/f"), SK_OK);
    CHECK_STR(cat(&v, "/tmp/f", buf, sizeof buf), "F");
    CHECK(!sk_vfs_exists(&v, "/", "/lower/f"));
    CHECK(sk_vfs_exists(&lv, "/", "/lower/f"));
    CHECK_INT(sk_vfs_mkdir_p(&v, "/", "/tmp/up/x", 0755), SK_OK);
    CHECK_INT(sk_vfs_rename(&v, "/", "/tmp/up", "/lower/dir"), SK_OK); /* onto an empty lower dir */
    CHECK(sk_vfs_is_dir(&v, "/", "/lower/dir/x"));
    CHECK_INT(sk_vfs_rename(&v, "/", "/tmp/f", "/lower/dir"), SK_EISDIR);
    CHECK_INT(sk_vfs_rename(&v, "/", "/lower", "/lower/dir/y"), SK_EINVAL);
    CHECK_STR(ls(&v, "/lower", buf, sizeof buf), "dir");

    /* quotas apply to the upper layer */
    char big[1001];
    memset(big, 'x', sizeof big);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/tmp/big", big, sizeof big, 0644), SK_ENOSPC);
    sk_fs_usage u;
    CHECK_INT(sk_vfs_usage(&v, &u), SK_OK);
    CHECK_INT(u.max_bytes, 1000);

    /* upper and lower inodes never collide */
    sk_stat s1, s2;
    CHECK_INT(sk_vfs_stat(&v, "/", "/dev/null", &s1), SK_OK); /* lower */
    CHECK(!(s1.ino >> 63));
    CHECK_INT(sk_vfs_stat(&v, "/", "/lower/dir", &s2), SK_OK); /* upper */
    CHECK(s1.ino != s2.ino);

    fs->destroy(fs->ud);
    low->destroy(low->ud);
    CHECK_INT(a.used, 0);
}

TEST(overlay_owns_lower)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_fs *low = sk_memfs_new(&a, NULL, NULL, NULL);
    sk_fs *fs = sk_overlay_new(&a, low, SK_OVERLAY_OWN_LOWER, NULL, NULL, NULL);
    CHECK(fs != NULL);
    sk_vfs v = { fs, &a, NULL };
    CHECK_INT(sk_vfs_write_file(&v, "/", "/f", "x", 1, 0644), SK_OK);
    CHECK_INT(sk_vfs_unlink(&v, "/", "/f"), SK_OK);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}
