/* test_vfs.c — the resolution layer over memfs: symlinks, limits on walked
 * paths, and every file operation commands use. */
#include <stdlib.h>
#include <time.h>

#include "test.h"
#include "base/buf.h"
#include "fs/memfs.h"
#include "fs/vfs.h"

typedef struct env {
    sk_alloc a;
    sk_limits lim;
    sk_vfs v;
    sk_fs *fs;
} env;

static void env_init(env *e)
{
    sk_alloc_init(&e->a, 0);
    memset(&e->lim, 0, sizeof e->lim);
    e->fs = sk_memfs_new(&e->a, NULL, NULL, NULL);
    sk_memfs_seed_standard(e->fs);
    e->v.fs = e->fs;
    e->v.a = &e->a;
    e->v.lim = &e->lim;
}

static void env_free(env *e) { e->fs->destroy(e->fs->ud); }

static int put(env *e, const char *path, const char *s)
{
    return sk_vfs_write_file(&e->v, "/", path, s, strlen(s), 0644);
}

/* resolve and compare: returns status, fills got (or "") */
static int rs(env *e, const char *cwd, const char *path, int follow, char *got, size_t cap)
{
    char *p = NULL;
    int rc = sk_vfs_resolve(&e->v, cwd, path, follow, &p);
    snprintf(got, cap, "%s", p ? p : "");
    sk_free(&e->a, p);
    return rc;
}

static int rp(env *e, const char *cwd, const char *path, int mode, char *got, size_t cap)
{
    char *p = NULL;
    int rc = sk_vfs_realpath(&e->v, cwd, path, mode, &p);
    snprintf(got, cap, "%s", p ? p : "");
    sk_free(&e->a, p);
    return rc;
}

static const char *cat(env *e, const char *path, char *dst, size_t cap)
{
    sk_buf b = SK_BUF_INIT(&e->a);
    int rc = sk_vfs_read_file(&e->v, "/", path, 0, &b);
    if (rc) snprintf(dst, cap, "<%s>", sk_status_message(rc));
    else snprintf(dst, cap, "%s", sk_buf_cstr(&b));
    sk_buf_free(&b);
    return dst;
}

TEST(vfs_status_messages)
{
    CHECK_STR(sk_status_message(SK_ENOENT), "No such file or directory");
    CHECK_STR(sk_status_message(SK_ENOTDIR), "Not a directory");
    CHECK_STR(sk_status_message(SK_EISDIR), "Is a directory");
    CHECK_STR(sk_status_message(SK_EEXIST), "File exists");
    CHECK_STR(sk_status_message(SK_ENOTEMPTY), "Directory not empty");
    CHECK_STR(sk_status_message(SK_EACCES), "Permission denied");
    CHECK_STR(sk_status_message(SK_EROFS), "Read-only file system");
    CHECK_STR(sk_status_message(SK_ENOSPC), "No space left on device");
    CHECK_STR(sk_status_message(SK_EFBIG), "File too large");
    CHECK_STR(sk_status_message(SK_ENAMETOOLONG), "File name too long");
    CHECK_STR(sk_status_message(SK_ELOOP), "Too many levels of symbolic links");
    CHECK_STR(sk_status_message(SK_EXDEV), "Invalid cross-device link");
    CHECK_STR(sk_status_message(SK_EINVAL), "Invalid argument");
    CHECK_STR(sk_status_message(SK_EIO), "Input/output error");
    CHECK_STR(sk_status_message(SK_NOMEM), "Cannot allocate memory");
    CHECK_STR(sk_status_message(12345), "Unknown error");
}

TEST(vfs_resolve_plain)
{
    env e;
    env_init(&e);
    char got[256];
    CHECK_INT(put(&e, "/home/user/a.txt", "A"), SK_OK);
    CHECK_INT(rs(&e, "/home/user", "a.txt", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/a.txt");
    CHECK_INT(rs(&e, "/home/user", "./a.txt", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/a.txt");
    CHECK_INT(rs(&e, "/home/user", "../user//a.txt", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/a.txt");
    CHECK_INT(rs(&e, "/", "../../../../tmp", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/tmp");
    CHECK_INT(rs(&e, "/home/user", "../../../..", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/");
    CHECK_INT(rs(&e, NULL, "tmp", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/tmp");
    CHECK_INT(rs(&e, "/", "", 1, got, sizeof got), SK_ENOENT);
    CHECK_INT(rs(&e, "/", "nope", 1, got, sizeof got), SK_ENOENT);
    CHECK_INT(rs(&e, "/", "nope/..", 1, got, sizeof got), SK_ENOENT);
    CHECK_INT(rs(&e, "/", "/home/user/a.txt/", 1, got, sizeof got), SK_ENOTDIR);
    CHECK_INT(rs(&e, "/", "/home/user/a.txt/.", 1, got, sizeof got), SK_ENOTDIR);
    CHECK_INT(rs(&e, "/", "/home/user/a.txt/..", 1, got, sizeof got), SK_ENOTDIR);
    CHECK_INT(rs(&e, "/", "/home/user/a.txt/x", 1, got, sizeof got), SK_ENOTDIR);
    CHECK_INT(rs(&e, "/", "/home/user/", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user");

    sk_vfs_path p;
    CHECK_INT(sk_vfs_lookup(&e.v, "/tmp", "new", SK_VFS_MISSING_LAST, &p), SK_OK);
    CHECK_STR(p.path, "/tmp/new");
    CHECK_INT(p.exists, 0);
    CHECK_INT(p.dir_only, 0);
    sk_vfs_path_free(&e.v, &p);
    CHECK(p.path == NULL);
    CHECK_INT(sk_vfs_lookup(&e.v, "/tmp", "new/", SK_VFS_MISSING_LAST, &p), SK_OK);
    CHECK_INT(p.dir_only, 1);
    sk_vfs_path_free(&e.v, &p);
    CHECK_INT(sk_vfs_lookup(&e.v, "/tmp", "a/b", SK_VFS_MISSING_LAST, &p), SK_ENOENT);
    CHECK(p.path == NULL);
    CHECK_INT(sk_vfs_lookup(&e.v, "/", "home/user/a.txt", 0, &p), SK_OK);
    CHECK_INT(p.exists, 1);
    CHECK_INT(p.st.type, SK_FILE_REGULAR);
    CHECK_INT(p.st.size, 1);
    sk_vfs_path_free(&e.v, &p);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_symlinks_resolve_inside)
{
    env e;
    env_init(&e);
    char got[256];
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/data/x/y", 0755), SK_OK);
    CHECK_INT(put(&e, "/data/x/y/f", "F"), SK_OK);
    /* relative target: from the link's directory */
    CHECK_INT(sk_vfs_symlink(v, "/", "x/y", "/data/rel"), SK_OK);
    CHECK_INT(rs(&e, "/", "/data/rel/f", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y/f");
    /* absolute target: from the sandbox root, never the host */
    CHECK_INT(sk_vfs_symlink(v, "/", "/data/x", "/home/user/abs"), SK_OK);
    CHECK_INT(rs(&e, "/home/user", "abs/y/f", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y/f");
    /* ".." after a link is the parent of the target (physical walk) */
    CHECK_INT(rs(&e, "/", "/data/rel/..", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x");
    CHECK_INT(rs(&e, "/home/user", "abs/../x/y/../y/f", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y/f");
    /* a target climbing above the root stays inside */
    CHECK_INT(sk_vfs_symlink(v, "/", "../../../../../../etc", "/data/up"), SK_OK);
    CHECK_INT(sk_vfs_mkdir(v, "/", "/etc", 0755), SK_OK);
    CHECK_INT(put(&e, "/etc/hostname", "sandbox"), SK_OK);
    CHECK_INT(rs(&e, "/", "/data/up/hostname", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/etc/hostname");
    /* chains */
    CHECK_INT(sk_vfs_symlink(v, "/", "rel", "/data/chain1"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "/data/chain1/", "/data/chain2"), SK_OK);
    CHECK_INT(rs(&e, "/", "/data/chain2/f", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y/f");
    /* final link: followed or not */
    CHECK_INT(sk_vfs_symlink(v, "/", "y/f", "/data/x/lf"), SK_OK);
    CHECK_INT(rs(&e, "/", "/data/x/lf", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y/f");
    CHECK_INT(rs(&e, "/", "/data/x/lf", 0, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/lf");
    /* "link/" is followed even when the final link is not */
    CHECK_INT(rs(&e, "/", "/data/rel/", 0, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y");
    CHECK_INT(rs(&e, "/", "/data/x/lf/", 0, got, sizeof got), SK_ENOTDIR);
    /* stat vs lstat */
    sk_stat st;
    CHECK_INT(sk_vfs_stat(v, "/", "/data/x/lf", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_REGULAR);
    CHECK_INT(sk_vfs_lstat(v, "/", "/data/x/lf", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_SYMLINK);
    /* cwd containing a link */
    CHECK_INT(rs(&e, "/data/rel", "f", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x/y/f");
    CHECK_INT(rs(&e, "/data/rel", "..", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/data/x");
    CHECK_INT(rs(&e, "/data/rel/..", "y/f", 1, got, sizeof got), SK_OK); /* ".." in the cwd is physical too */
    CHECK_STR(got, "/data/x/y/f");
    /* dangling */
    CHECK_INT(sk_vfs_symlink(v, "/", "/nowhere/file", "/data/dangle"), SK_OK);
    CHECK_INT(rs(&e, "/", "/data/dangle", 1, got, sizeof got), SK_ENOENT);
    CHECK_INT(rs(&e, "/", "/data/dangle", 0, got, sizeof got), SK_OK);
    CHECK(!sk_vfs_exists(v, "/", "/data/dangle"));
    CHECK(sk_vfs_exists(v, "/", "/data/x/lf"));
    CHECK(sk_vfs_is_file(v, "/", "/data/x/lf"));
    CHECK(sk_vfs_is_dir(v, "/", "/data/rel"));
    CHECK(!sk_vfs_is_dir(v, "/", "/data/x/lf"));
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_symlink_loops)
{
    env e;
    env_init(&e);
    char got[256];
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "self", "self"), SK_OK);
    CHECK_INT(rs(&e, "/", "/tmp/self", 1, got, sizeof got), SK_ELOOP);
    CHECK_INT(rs(&e, "/", "/tmp/self", 0, got, sizeof got), SK_OK);
    CHECK_INT(rs(&e, "/", "/tmp/self/x", 0, got, sizeof got), SK_ELOOP);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "b", "a"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "/tmp/a", "b"), SK_OK);
    CHECK_INT(rs(&e, "/tmp", "a", 1, got, sizeof got), SK_ELOOP);
    sk_stat st;
    CHECK_INT(sk_vfs_stat(v, "/tmp", "b", &st), SK_ELOOP);
    char buf[64];
    CHECK_STR(cat(&e, "/tmp/a", buf, sizeof buf), "<Too many levels of symbolic links>");
    CHECK_INT(sk_vfs_write_file(v, "/tmp", "a", "x", 1, 0644), SK_ELOOP);
    /* exactly 40 links are fine, 41 are not */
    CHECK_INT(put(&e, "/tmp/end", "E"), SK_OK);
    char name[32], target[32];
    for (int i = 1; i <= 41; i++) {
        snprintf(name, sizeof name, "/tmp/l%d", i);
        if (i == 1) snprintf(target, sizeof target, "end");
        else snprintf(target, sizeof target, "l%d", i - 1);
        CHECK_INT(sk_vfs_symlink(v, "/", target, name), SK_OK);
    }
    CHECK_INT(rs(&e, "/", "/tmp/l40", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/tmp/end");
    CHECK_INT(rs(&e, "/", "/tmp/l41", 1, got, sizeof got), SK_ELOOP);
    /* a loop through directories: d/loop -> ../d, d/loop/loop/... is fine
     * until the count runs out */
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "d", 0755), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/tmp/d", "../d", "loop"), SK_OK);
    CHECK_INT(rs(&e, "/tmp", "d/loop/loop/loop", 1, got, sizeof got), SK_OK);
    CHECK_STR(got, "/tmp/d");
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_realpath_modes)
{
    env e;
    env_init(&e);
    char got[256];
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_symlink(v, "/", "/home/user", "/tmp/h"), SK_OK);
    CHECK_INT(put(&e, "/home/user/f", "x"), SK_OK);
    CHECK_INT(rp(&e, "/", "/tmp/h/f", SK_REALPATH_EXISTING, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/f");
    CHECK_INT(rp(&e, "/", "/tmp/h/new", SK_REALPATH_EXISTING, got, sizeof got), SK_ENOENT);
    CHECK_INT(rp(&e, "/", "/tmp/h/new", SK_REALPATH_PARENT, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/new");
    CHECK_INT(rp(&e, "/", "/tmp/h/new/deeper", SK_REALPATH_PARENT, got, sizeof got), SK_ENOENT);
    CHECK_INT(rp(&e, "/", "/tmp/h/new/deeper", SK_REALPATH_MISSING, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/new/deeper");
    CHECK_INT(rp(&e, "/", "/tmp/h/new/../../user/f", SK_REALPATH_MISSING, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/f");
    CHECK_INT(rp(&e, "/", "/tmp/h/f/sub", SK_REALPATH_MISSING, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user/f/sub");
    CHECK_INT(rp(&e, "/", "/tmp/h/f/sub", SK_REALPATH_PARENT, got, sizeof got), SK_ENOTDIR);
    CHECK_INT(rp(&e, "/", "/nope/../tmp/h", SK_REALPATH_MISSING, got, sizeof got), SK_OK);
    CHECK_STR(got, "/home/user");
    /* readlink -f on a dangling link names the missing target */
    CHECK_INT(sk_vfs_symlink(v, "/", "gone", "/tmp/d"), SK_OK);
    CHECK_INT(rp(&e, "/", "/tmp/d", SK_REALPATH_PARENT, got, sizeof got), SK_OK);
    CHECK_STR(got, "/tmp/gone");
    CHECK_INT(rp(&e, "/", "/tmp/d", SK_REALPATH_EXISTING, got, sizeof got), SK_ENOENT);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_limits_on_walked_paths)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/a/b/c/d/e", 0755), SK_OK);
    /* the backend has no limits here: the walk itself enforces them */
    e.lim.max_path_depth = 4;
    sk_stat st;
    CHECK_INT(sk_vfs_stat(v, "/", "/a/b/c/d", &st), SK_OK);
    CHECK_INT(sk_vfs_stat(v, "/", "/a/b/c/d/e", &st), SK_ENAMETOOLONG);
    CHECK_INT(sk_vfs_stat(v, "/a/b/c", "d/e", &st), SK_ENAMETOOLONG);
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/a/b/c/d/x", 0755), SK_ENAMETOOLONG);
    /* a link may shorten the physical path: the physical depth counts */
    CHECK_INT(sk_vfs_symlink(v, "/", "/a/b/c/d", "/short"), SK_OK);
    CHECK_INT(sk_vfs_stat(v, "/", "/short", &st), SK_OK);
    e.lim.max_path_depth = 0;

    e.lim.max_name_length = 3;
    CHECK_INT(sk_vfs_stat(v, "/", "/abcd", &st), SK_ENAMETOOLONG);
    CHECK_INT(sk_vfs_stat(v, "/", "/abc", &st), SK_ENOENT);
    CHECK_INT(sk_vfs_write_file(v, "/", "/tmp/long", "x", 1, 0644), SK_ENAMETOOLONG);
    e.lim.max_name_length = 0;

    e.lim.max_path_length = 8;
    CHECK_INT(sk_vfs_stat(v, "/", "/a/b/c/d", &st), SK_OK);      /* 8 */
    CHECK_INT(sk_vfs_stat(v, "/", "/a/b/c/d/e", &st), SK_ENAMETOOLONG);
    CHECK_INT(sk_vfs_stat(v, "/a/b/c", "d/e", &st), SK_ENAMETOOLONG);
    CHECK_INT(sk_vfs_stat(v, "/", "./././././a", &st), SK_ENAMETOOLONG); /* input too long */
    CHECK_INT(sk_vfs_symlink(v, "/", "123456789", "/l"), SK_ENAMETOOLONG);
    e.lim.max_path_length = 0;
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_read_write)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    char buf[128];
    CHECK_INT(put(&e, "/tmp/f", "hello world"), SK_OK);
    CHECK_STR(cat(&e, "/tmp/f", buf, sizeof buf), "hello world");
    CHECK_INT(sk_vfs_append_file(v, "/tmp", "f", "!", 1, 0644), SK_OK);
    CHECK_STR(cat(&e, "/tmp/f", buf, sizeof buf), "hello world!");
    sk_buf b = SK_BUF_INIT(&e.a);
    CHECK_INT(sk_vfs_read_file(v, "/", "/tmp/f", 5, &b), SK_EFBIG);
    CHECK_INT(b.len, 0);
    CHECK_INT(sk_vfs_read_file(v, "/", "/tmp/f", 12, &b), SK_OK);
    CHECK_INT(b.len, 12);
    sk_buf_clear(&b);
    CHECK_INT(sk_vfs_read_range(v, "/", "/tmp/f", 6, 5, &b), SK_OK);
    CHECK_MEM(b.p, b.len, "world");
    CHECK_INT(sk_vfs_read_file(v, "/", "/tmp", 0, &b), SK_EISDIR);
    CHECK_INT(sk_vfs_read_range(v, "/", "/tmp", 0, 1, &b), SK_EISDIR);
    sk_buf_free(&b);
    /* writing through a link, including a dangling one (creates the target) */
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "f", "lf"), SK_OK);
    CHECK_INT(sk_vfs_write_file(v, "/tmp", "lf", "via link", 8, 0644), SK_OK);
    CHECK_STR(cat(&e, "/tmp/f", buf, sizeof buf), "via link");
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "created", "dangling"), SK_OK);
    CHECK_INT(sk_vfs_append_file(v, "/tmp", "dangling", "new", 3, 0644), SK_OK);
    CHECK_STR(cat(&e, "/tmp/created", buf, sizeof buf), "new");
    sk_stat st;
    CHECK_INT(sk_vfs_lstat(v, "/", "/tmp/dangling", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_SYMLINK);
    /* directories and "new/" */
    CHECK_INT(sk_vfs_write_file(v, "/", "/tmp", "x", 1, 0644), SK_EISDIR);
    CHECK_INT(sk_vfs_write_file(v, "/", "/tmp/new/", "x", 1, 0644), SK_EISDIR);
    CHECK_INT(sk_vfs_write_file(v, "/", "/tmp/f/", "x", 1, 0644), SK_ENOTDIR);
    CHECK_INT(sk_vfs_write_file(v, "/", "/tmp/nodir/x", "x", 1, 0644), SK_ENOENT);
    /* truncate */
    CHECK_INT(sk_vfs_truncate(v, "/", "/tmp/lf", 3), SK_OK);
    CHECK_STR(cat(&e, "/tmp/f", buf, sizeof buf), "via");
    CHECK_INT(sk_vfs_truncate(v, "/", "/tmp", 3), SK_EISDIR);
    CHECK_INT(sk_vfs_truncate(v, "/", "/tmp/none", 3), SK_ENOENT);
    /* /dev/null swallows */
    CHECK_INT(put(&e, "/dev/null", "gone"), SK_OK);
    CHECK_STR(cat(&e, "/dev/null", buf, sizeof buf), "");
    /* chmod follows, set_mtime either way */
    CHECK_INT(sk_vfs_chmod(v, "/", "/tmp/lf", 0600), SK_OK);
    CHECK_INT(sk_vfs_stat(v, "/", "/tmp/f", &st), SK_OK);
    CHECK_INT(st.mode, 0600);
    CHECK_INT(sk_vfs_set_mtime(v, "/", "/tmp/lf", 77, 1), SK_OK);
    CHECK_INT(sk_vfs_lstat(v, "/", "/tmp/lf", &st), SK_OK);
    CHECK_INT(st.mtime_ns, 77);
    CHECK_INT(sk_vfs_stat(v, "/", "/tmp/lf", &st), SK_OK);
    CHECK(st.mtime_ns != 77);
    CHECK_INT(sk_vfs_set_mtime(v, "/", "/tmp/lf", 78, 0), SK_OK);
    CHECK_INT(sk_vfs_stat(v, "/", "/tmp/f", &st), SK_OK);
    CHECK_INT(st.mtime_ns, 78);
    /* readlink */
    b = (sk_buf)SK_BUF_INIT(&e.a);
    CHECK_INT(sk_vfs_readlink(v, "/tmp", "lf", &b), SK_OK);
    CHECK_STR(sk_buf_cstr(&b), "f");
    CHECK_INT(sk_vfs_readlink(v, "/tmp", "f", &b), SK_EINVAL);
    CHECK_STR(sk_buf_cstr(&b), "f");
    sk_buf_free(&b);
    sk_fs_usage u;
    CHECK_INT(sk_vfs_usage(v, &u), SK_OK);
    CHECK_INT(u.bytes, 6);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_quotas_through_vfs)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_fs_bytes = 100;
    lim.max_file_size = 50;
    lim.max_file_count = 20;
    sk_fs *fs = sk_memfs_new(&a, &lim, NULL, NULL);
    sk_vfs v = { fs, &a, &lim };
    char big[64];
    memset(big, 'b', sizeof big);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/f", big, 51, 0644), SK_EFBIG);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/f", big, 50, 0644), SK_OK);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/g", big, 50, 0644), SK_OK);
    CHECK_INT(sk_vfs_write_file(&v, "/", "/h", big, 1, 0644), SK_ENOSPC);
    CHECK_INT(sk_vfs_copy_file(&v, "/", "/f", "/h"), SK_ENOSPC);
    CHECK_INT(sk_vfs_mkdir_p(&v, "/", "/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19", 0755), SK_ENOSPC);
    sk_fs_usage u;
    sk_vfs_usage(&v, &u);
    CHECK_INT(u.files, 20);
    fs->destroy(fs->ud);
    CHECK_INT(a.used, 0);
}

static int count_fn(void *ud, const char *name, size_t len, sk_file_type t)
{
    (void)name;
    (void)len;
    (void)t;
    ++*(int *)ud;
    return 0;
}

TEST(vfs_mkdir_and_list)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "d", 0750), SK_OK);
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "d", 0750), SK_EEXIST);
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "d/", 0750), SK_EEXIST);
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "x/y", 0750), SK_ENOENT);
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "e/", 0750), SK_OK);
    sk_stat st;
    CHECK_INT(sk_vfs_stat(v, "/", "/tmp/d", &st), SK_OK);
    CHECK_INT(st.mode, 0750);
    CHECK_INT(sk_vfs_mkdir_p(v, "/tmp", "p/q/r", 0755), SK_OK);
    CHECK_INT(sk_vfs_mkdir_p(v, "/tmp", "p/q/r", 0755), SK_OK);
    CHECK_INT(sk_vfs_mkdir_p(v, "/tmp", "p//q/./s/../t/", 0755), SK_OK);
    CHECK(sk_vfs_is_dir(v, "/", "/tmp/p/q/s"));
    CHECK(sk_vfs_is_dir(v, "/", "/tmp/p/q/t"));
    CHECK_INT(put(&e, "/tmp/p/file", "x"), SK_OK);
    CHECK_INT(sk_vfs_mkdir_p(v, "/tmp", "p/file", 0755), SK_EEXIST);
    CHECK_INT(sk_vfs_mkdir_p(v, "/tmp", "p/file/sub", 0755), SK_ENOTDIR);
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "p/file", 0755), SK_EEXIST);
    /* through a link */
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "p/q", "lq"), SK_OK);
    CHECK_INT(sk_vfs_mkdir_p(v, "/tmp", "lq/new/deeper", 0755), SK_OK);
    CHECK(sk_vfs_is_dir(v, "/", "/tmp/p/q/new/deeper"));
    CHECK_INT(sk_vfs_mkdir(v, "/tmp", "lq", 0755), SK_EEXIST);

    /* listing: byte order, links followed for the directory itself */
    const char *names[] = { "b", "B", "a", "_x", "a.txt", "a-b", "\xc3\xa9", "Z", "10", "9" };
    char p[64];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(p, sizeof p, "/tmp/ls/%s", names[i]);
        CHECK_INT(sk_vfs_mkdir_p(v, "/", "/tmp/ls", 0755), SK_OK);
        CHECK_INT(put(&e, p, "x"), SK_OK);
    }
    CHECK_INT(sk_vfs_mkdir(v, "/tmp/ls", "sub", 0755), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "ls", "lls"), SK_OK);
    sk_vfs_dir d;
    CHECK_INT(sk_vfs_list(v, "/tmp", "lls", &d), SK_OK);
    CHECK_INT(d.n, 11);
    const char *want[] = { "10", "9", "B", "Z", "_x", "a", "a-b", "a.txt", "b", "sub", "\xc3\xa9" };
    for (size_t i = 0; i < d.n && i < 11; i++) {
        CHECK_STR(d.ents[i].name, want[i]);
        CHECK_INT(d.ents[i].len, strlen(want[i]));
    }
    CHECK_INT(d.ents[9].type, SK_FILE_DIR);
    CHECK_INT(d.ents[0].type, SK_FILE_REGULAR);
    sk_vfs_dir_free(&d);
    int count = 0;
    CHECK_INT(sk_vfs_read_dir(v, "/tmp", "lls/", count_fn, &count), SK_OK);
    CHECK_INT(count, 11);
    CHECK_INT(sk_vfs_read_dir(v, "/tmp", "ls/a", count_fn, &count), SK_ENOTDIR);
    CHECK_INT(sk_vfs_list(v, "/", "/tmp/ls/a", &d), SK_ENOTDIR);
    sk_vfs_dir_free(&d);
    CHECK_INT(sk_vfs_list(v, "/", "/tmp/p/q/new/deeper", &d), SK_OK);
    CHECK_INT(d.n, 0);
    sk_vfs_dir_free(&d);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_remove_rules)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/tmp/d/sub", 0755), SK_OK);
    CHECK_INT(put(&e, "/tmp/f", "x"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "/tmp/d", "/tmp/ld"), SK_OK);
    CHECK_INT(sk_vfs_unlink(v, "/", "/tmp/d"), SK_EISDIR);
    CHECK_INT(sk_vfs_rmdir(v, "/", "/tmp/f"), SK_ENOTDIR);
    CHECK_INT(sk_vfs_rmdir(v, "/", "/tmp/d"), SK_ENOTEMPTY);
    CHECK_INT(sk_vfs_rmdir(v, "/", "/tmp/d/sub/."), SK_EINVAL);
    CHECK_INT(sk_vfs_rmdir(v, "/tmp/d/sub", ".."), SK_EINVAL);
    CHECK_INT(sk_vfs_remove(v, "/", "/"), SK_EINVAL);
    CHECK_INT(sk_vfs_remove(v, "/", "/tmp/none"), SK_ENOENT);
    CHECK_INT(sk_vfs_unlink(v, "/", "/tmp/f/"), SK_ENOTDIR);
    /* removing a link removes the link, not the target */
    CHECK_INT(sk_vfs_unlink(v, "/", "/tmp/ld"), SK_OK);
    CHECK(sk_vfs_is_dir(v, "/", "/tmp/d/sub"));
    CHECK_INT(sk_vfs_rmdir(v, "/tmp/d", "sub"), SK_OK);
    CHECK_INT(sk_vfs_remove(v, "/", "/tmp/d"), SK_OK);
    CHECK_INT(sk_vfs_remove(v, "/", "/tmp/f"), SK_OK);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

typedef struct errlog {
    int n;
    char last[128];
    int status;
} errlog;

static int log_err(void *ud, const char *path, int status)
{
    errlog *l = ud;
    l->n++;
    snprintf(l->last, sizeof l->last, "%s", path);
    l->status = status;
    return 0;
}

TEST(vfs_remove_tree)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    size_t start = e.a.used;
    sk_fs_usage u0;
    sk_vfs_usage(v, &u0);
    char p[96];
    for (int i = 0; i < 30; i++) {
        snprintf(p, sizeof p, "/tmp/t/a%d/b/c", i % 7);
        CHECK_INT(sk_vfs_mkdir_p(v, "/", p, 0755), SK_OK);
        snprintf(p, sizeof p, "/tmp/t/a%d/b/c/f%d", i % 7, i);
        CHECK_INT(put(&e, p, "data"), SK_OK);
    }
    /* links inside are removed, their targets outside survive */
    CHECK_INT(sk_vfs_mkdir(v, "/", "/tmp/keep", 0755), SK_OK);
    CHECK_INT(put(&e, "/tmp/keep/k", "keep"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "/tmp/keep", "/tmp/t/link-out"), SK_OK);
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/tmp/t", NULL, NULL), SK_OK);
    CHECK(!sk_vfs_exists(v, "/", "/tmp/t"));
    CHECK(sk_vfs_is_file(v, "/", "/tmp/keep/k"));
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/tmp/keep", NULL, NULL), SK_OK);
    CHECK_INT(e.a.used, start);
    sk_fs_usage u1;
    sk_vfs_usage(v, &u1);
    CHECK_INT(u1.files, u0.files);
    /* a single file or link */
    CHECK_INT(put(&e, "/tmp/one", "1"), SK_OK);
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/tmp/one", NULL, NULL), SK_OK);
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/tmp/one", NULL, NULL), SK_ENOENT);
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/", NULL, NULL), SK_EINVAL);
    CHECK_INT(sk_vfs_remove_tree(v, "/tmp", ".", NULL, NULL), SK_EINVAL);
    /* the root of the removal given through a link to a dir: the link goes */
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/tmp/real/x", 0755), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "real", "/tmp/lreal"), SK_OK);
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/tmp/lreal", NULL, NULL), SK_OK);
    CHECK(sk_vfs_is_dir(v, "/", "/tmp/real/x"));
    CHECK_INT(sk_vfs_remove_tree(v, "/", "/tmp/real", NULL, NULL), SK_OK);
    CHECK_INT(e.a.used, start);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

/* A backend wrapper that refuses to remove one path, to test error paths. */
typedef struct stubborn {
    sk_fs fs;
    const sk_fs *lower;
    const char *keep;
} stubborn;

static int st_stat(void *ud, const char *p, sk_stat *st) { stubborn *s = ud; return s->lower->stat(s->lower->ud, p, st); }
static int st_read_dir(void *ud, const char *p, sk_dir_fn fn, void *cb) { stubborn *s = ud; return s->lower->read_dir(s->lower->ud, p, fn, cb); }
static int st_remove(void *ud, const char *p)
{
    stubborn *s = ud;
    if (!strcmp(p, s->keep)) return SK_EACCES;
    return s->lower->remove(s->lower->ud, p);
}

TEST(vfs_remove_tree_errors)
{
    env e;
    env_init(&e);
    CHECK_INT(sk_vfs_mkdir_p(&e.v, "/", "/tmp/t/a", 0755), SK_OK);
    CHECK_INT(sk_vfs_mkdir_p(&e.v, "/", "/tmp/t/b", 0755), SK_OK);
    CHECK_INT(put(&e, "/tmp/t/a/locked", "x"), SK_OK);
    CHECK_INT(put(&e, "/tmp/t/b/free", "x"), SK_OK);
    stubborn s;
    memset(&s, 0, sizeof s);
    s.fs.ud = &s;
    s.fs.stat = st_stat;
    s.fs.read_dir = st_read_dir;
    s.fs.remove = st_remove;
    s.lower = e.fs;
    s.keep = "/tmp/t/a/locked";
    sk_vfs v2 = { &s.fs, &e.a, NULL };
    errlog log = { 0, "", 0 };
    CHECK_INT(sk_vfs_remove_tree(&v2, "/", "/tmp/t", log_err, &log), SK_EACCES);
    /* one report: the parents that stay because of it are not reported */
    CHECK_INT(log.n, 1);
    CHECK_STR(log.last, "/tmp/t/a/locked");
    CHECK_INT(log.status, SK_EACCES);
    CHECK(!sk_vfs_exists(&e.v, "/", "/tmp/t/b"));
    CHECK(sk_vfs_exists(&e.v, "/", "/tmp/t/a/locked"));
    /* without a callback the first error stops */
    CHECK_INT(sk_vfs_remove_tree(&v2, "/", "/tmp/t", NULL, NULL), SK_EACCES);
    /* unsupported callbacks */
    CHECK_INT(sk_vfs_mkdir(&v2, "/", "/tmp/x", 0755), SK_UNSUPPORTED);
    CHECK_INT(sk_vfs_write_file(&v2, "/", "/tmp/x", "", 0, 0644), SK_UNSUPPORTED);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_rename)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    char buf[64];
    CHECK_INT(put(&e, "/tmp/a", "A"), SK_OK);
    CHECK_INT(sk_vfs_mkdir(v, "/", "/tmp/d", 0755), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "/tmp/d", "/tmp/ld"), SK_OK);
    /* through a link in the middle of the destination */
    CHECK_INT(sk_vfs_rename(v, "/tmp", "a", "ld/a"), SK_OK);
    CHECK_STR(cat(&e, "/tmp/d/a", buf, sizeof buf), "A");
    /* the link itself is renamed, not its target */
    CHECK_INT(sk_vfs_rename(v, "/tmp", "ld", "ld2"), SK_OK);
    sk_stat st;
    CHECK_INT(sk_vfs_lstat(v, "/", "/tmp/ld2", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_SYMLINK);
    CHECK(sk_vfs_is_dir(v, "/", "/tmp/d"));
    CHECK_INT(sk_vfs_rename(v, "/tmp", "d/a", "newname/"), SK_ENOTDIR);
    CHECK_INT(sk_vfs_rename(v, "/tmp", "d/a/", "x"), SK_ENOTDIR);
    CHECK_INT(sk_vfs_rename(v, "/tmp", "d", "d/inside"), SK_EINVAL);
    CHECK_INT(sk_vfs_rename(v, "/tmp", "d/.", "x"), SK_EINVAL);
    CHECK_INT(sk_vfs_rename(v, "/tmp", "d", ".."), SK_EINVAL);
    CHECK_INT(sk_vfs_rename(v, "/tmp", "missing", "x"), SK_ENOENT);
    CHECK_INT(sk_vfs_rename(v, "/tmp", "d", "e/"), SK_OK);
    CHECK(sk_vfs_is_file(v, "/", "/tmp/e/a"));
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_copy)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    char buf[64];
    CHECK_INT(put(&e, "/tmp/a", "A"), SK_OK);
    CHECK_INT(sk_vfs_chmod(v, "/", "/tmp/a", 0751), SK_OK);
    CHECK_INT(sk_vfs_copy_file(v, "/tmp", "a", "b"), SK_OK);
    CHECK_STR(cat(&e, "/tmp/b", buf, sizeof buf), "A");
    sk_stat st;
    CHECK_INT(sk_vfs_stat(v, "/", "/tmp/b", &st), SK_OK);
    CHECK_INT(st.mode, 0751);
    CHECK_INT(sk_vfs_copy_file(v, "/tmp", "a", "a"), SK_EINVAL);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "a", "la"), SK_OK);
    CHECK_INT(sk_vfs_copy_file(v, "/tmp", "la", "a"), SK_EINVAL);
    CHECK_INT(sk_vfs_copy_file(v, "/tmp", "la", "c"), SK_OK); /* follows */
    CHECK_INT(sk_vfs_lstat(v, "/", "/tmp/c", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_REGULAR);
    CHECK_INT(sk_vfs_copy_file(v, "/tmp", "a", "/tmp"), SK_EISDIR);
    CHECK_INT(sk_vfs_copy_file(v, "/", "/tmp", "/x"), SK_EISDIR);
    CHECK_INT(sk_vfs_copy_file(v, "/tmp", "a", "new/"), SK_ENOTDIR);
    /* a device copies as an empty file */
    CHECK_INT(sk_vfs_copy_file(v, "/", "/dev/null", "/tmp/n"), SK_OK);
    CHECK(sk_vfs_is_file(v, "/", "/tmp/n"));

    /* trees */
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/src/x/y", 0700), SK_OK);
    CHECK_INT(put(&e, "/src/top", "T"), SK_OK);
    CHECK_INT(put(&e, "/src/x/y/deep", "D"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "../top", "/src/x/lt"), SK_OK);
    CHECK_INT(sk_vfs_copy_tree(v, "/", "/src", "/dst", NULL, NULL), SK_OK);
    CHECK_STR(cat(&e, "/dst/top", buf, sizeof buf), "T");
    CHECK_STR(cat(&e, "/dst/x/y/deep", buf, sizeof buf), "D");
    CHECK_INT(sk_vfs_lstat(v, "/", "/dst/x/lt", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_SYMLINK);
    CHECK_STR(cat(&e, "/dst/x/lt", buf, sizeof buf), "T");
    CHECK_INT(sk_vfs_stat(v, "/", "/dst/x", &st), SK_OK);
    CHECK_INT(st.mode, 0700);
    /* merging into an existing tree; file conflicts with dirs are reported */
    CHECK_INT(put(&e, "/src/x/y/deep", "D2"), SK_OK);
    CHECK_INT(sk_vfs_copy_tree(v, "/", "/src", "/dst", NULL, NULL), SK_EEXIST); /* the link exists */
    errlog log = { 0, "", 0 };
    CHECK_INT(sk_vfs_unlink(v, "/", "/dst/x/lt"), SK_OK);
    CHECK_INT(sk_vfs_copy_tree(v, "/", "/src", "/dst", log_err, &log), SK_OK);
    CHECK_INT(log.n, 0);
    CHECK_STR(cat(&e, "/dst/x/y/deep", buf, sizeof buf), "D2");
    /* into itself */
    CHECK_INT(sk_vfs_copy_tree(v, "/", "/src", "/src/x/again", NULL, NULL), SK_EINVAL);
    CHECK_INT(sk_vfs_copy_tree(v, "/", "/src", "/src", NULL, NULL), SK_EINVAL);
    /* a single file */
    CHECK_INT(sk_vfs_copy_tree(v, "/", "/src/top", "/tmp/top", NULL, NULL), SK_OK);
    CHECK_STR(cat(&e, "/tmp/top", buf, sizeof buf), "T");
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_symlink_create)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "anything at all", "l"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "x", "l"), SK_EEXIST);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "x", "/tmp"), SK_EEXIST);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "", "m"), SK_ENOENT);
    CHECK_INT(sk_vfs_symlink(v, "/tmp", "x", "nodir/m"), SK_ENOENT);
    sk_buf b = SK_BUF_INIT(&e.a);
    CHECK_INT(sk_vfs_readlink(v, "/", "/tmp/l", &b), SK_OK);
    CHECK_STR(sk_buf_cstr(&b), "anything at all");
    sk_buf_free(&b);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}

TEST(vfs_out_of_memory_is_clean)
{
    /* Lookups and tree operations under a tight allocator fail with
     * SK_NOMEM (or succeed) and never leak. */
    int nomem = 0, ok = 0;
    for (size_t limit = 2500; limit < 12000; limit += 311) {
        sk_alloc a;
        sk_alloc_init(&a, 0);
        sk_fs *fs = sk_memfs_new(&a, NULL, NULL, NULL);
        sk_memfs_seed_standard(fs);
        sk_vfs v = { fs, &a, NULL };
        sk_vfs_mkdir_p(&v, "/", "/tmp/a/b/c", 0755);
        sk_vfs_symlink(&v, "/", "/tmp/a/b", "/tmp/l");
        sk_vfs_write_file(&v, "/", "/tmp/a/b/c/f", "xyz", 3, 0644);
        size_t base = a.used;
        a.limit = base + (limit - 2500) / 8;
        char *p = NULL;
        int rc = sk_vfs_realpath(&v, "/", "/tmp/l/c/../c/f", SK_REALPATH_EXISTING, &p);
        CHECK(rc == SK_OK || rc == SK_NOMEM);
        sk_free(&a, p);
        rc = sk_vfs_copy_tree(&v, "/", "/tmp/a", "/tmp/copy", NULL, NULL);
        CHECK(rc == SK_OK || rc == SK_NOMEM);
        nomem += rc == SK_NOMEM;
        ok += rc == SK_OK;
        rc = sk_vfs_remove_tree(&v, "/", "/tmp/copy", NULL, NULL);
        CHECK(rc == SK_OK || rc == SK_NOMEM || rc == SK_ENOENT);
        sk_vfs_dir d;
        rc = sk_vfs_list(&v, "/", "/dev", &d);
        CHECK(rc == SK_OK || rc == SK_NOMEM);
        sk_vfs_dir_free(&d);
        a.limit = 0;
        sk_vfs_remove_tree(&v, "/", "/tmp/copy", NULL, NULL);
        CHECK_INT(a.used, base);
        fs->destroy(fs->ud);
        CHECK_INT(a.used, 0);
    }
    CHECK(nomem > 0 && ok > 0);
}

TEST(vfs_lookup_repeated)
{
    env e;
    env_init(&e);
    sk_vfs *v = &e.v;
    CHECK_INT(sk_vfs_mkdir_p(v, "/", "/home/user/project/src/lib", 0755), SK_OK);
    CHECK_INT(put(&e, "/home/user/project/src/lib/a.c", "x"), SK_OK);
    CHECK_INT(sk_vfs_symlink(v, "/", "project/src", "/home/user/s"), SK_OK);
    struct timespec t0, t1;
    sk_stat st;
    int bad = 0, n = 100000;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < n; i++) bad += sk_vfs_stat(v, "/home/user", "project/src/lib/a.c", &st) != SK_OK;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double fast = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / n;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < n; i++) bad += sk_vfs_stat(v, "/home/user", "s/lib/../lib/a.c", &st) != SK_OK;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double slow = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / n;
    CHECK_INT(bad, 0);
    /* speed belongs to make bench; this only proves repeated lookups stay
     * correct and leak nothing */
    if (getenv("SK_TEST_VERBOSE")) fprintf(stderr, "vfs stat: plain %.0f ns, via link and .. %.0f ns\n", fast, slow);
    env_free(&e);
    CHECK_INT(e.a.used, 0);
}
