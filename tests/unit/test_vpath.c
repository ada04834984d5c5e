/* test_vpath.c — lexical path normalisation and string helpers. */
#include "test.h"
#include "base/vpath.h"
#include "sandkiste.h"

static char *res(sk_alloc *a, const char *cwd, const char *p, sk_vpath_info *info)
{
    return sk_vpath_resolve(a, cwd, p, strlen(p), info);
}

TEST(vpath_normalise)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    static const char *const cases[][3] = {
        { "/", "/a/./b/../c", "/a/c" },
        { "/", "//a//b//", "/a/b" },
        { "/", "/", "/" },
        { "/", "//", "/" },
        { "/", "///", "/" },
        { "/", ".", "/" },
        { "/", "..", "/" },
        { "/", "../../../../etc/hostname", "/etc/hostname" },
        { "/home/user", "../../../../etc/hostname", "/etc/hostname" },
        { "/home/user", "x", "/home/user/x" },
        { "/home/user", "./x/", "/home/user/x" },
        { "/home/user", "..", "/home" },
        { "/home/user", "../..", "/" },
        { "/home/user", "/tmp/../var", "/var" },
        { "/home/user", "a/b/../../..", "/home" },
        { "/", "a/./././b", "/a/b" },
        { "/", "...", "/..." },
        { "/", ".hidden/..x", "/.hidden/..x" },
        { NULL, "rel", "/rel" },
        { "relative-cwd", "x", "/x" },
        { "/a/b/", "c", "/a/b/c" },
        { "//a//b", "c", "/a/b/c" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_vpath_info info;
        char *r = res(&a, cases[i][0], cases[i][1], &info);
        CHECK_STR(r, cases[i][2]);
        CHECK_INT(info.status, SK_OK);
        CHECK_INT(info.len, strlen(cases[i][2]));
        sk_free(&a, r);
    }
    CHECK_INT(a.used, 0);
}

TEST(vpath_info_flags)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_vpath_info info;
    char *r = res(&a, "/", "foo/", &info);
    CHECK_STR(r, "/foo");
    CHECK_INT(info.trailing_slash, 1);
    CHECK_INT(info.last_dot, 0);
    CHECK_INT(info.depth, 1);
    sk_free(&a, r);
    r = res(&a, "/", "foo", &info);
    CHECK_INT(info.trailing_slash, 0);
    sk_free(&a, r);
    r = res(&a, "/x", "foo/.", &info);
    CHECK_STR(r, "/x/foo");
    CHECK_INT(info.last_dot, 1);
    CHECK_INT(info.depth, 2);
    sk_free(&a, r);
    r = res(&a, "/x", "foo/..", &info);
    CHECK_STR(r, "/x");
    CHECK_INT(info.last_dot, 1);
    CHECK_INT(info.depth, 1);
    sk_free(&a, r);
    r = res(&a, "/x", "../y", &info);
    CHECK_INT(info.last_dot, 0);
    CHECK_INT(info.depth, 1);
    sk_free(&a, r);
    r = res(&a, "/", "/..", &info);
    CHECK_STR(r, "/");
    CHECK_INT(info.depth, 0);
    sk_free(&a, r);
    CHECK_INT(a.used, 0);
}

TEST(vpath_errors)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_vpath_info info;
    CHECK(sk_vpath_resolve(&a, "/", "", 0, &info) == NULL);
    CHECK_INT(info.status, SK_ENOENT);
    CHECK(sk_vpath_resolve(&a, "/", "a\0b", 3, &info) == NULL);
    CHECK_INT(info.status, SK_EINVAL);
    CHECK(sk_vpath_resolve(&a, "/", "a\0b", 3, NULL) == NULL);
    /* only `len` bytes are read */
    char *r = sk_vpath_resolve(&a, "/", "abcdef", 3, &info);
    CHECK_STR(r, "/abc");
    sk_free(&a, r);
    /* the allocator refusing */
    sk_alloc tiny;
    sk_alloc_init(&tiny, 8);
    CHECK(sk_vpath_resolve(&tiny, "/", "abc", 3, &info) == NULL);
    CHECK_INT(info.status, SK_NOMEM);
    /* resolve_into */
    char buf[10];
    CHECK_INT(sk_vpath_resolve_into(buf, sizeof buf, "/", "a/../b", 6, &info), 2);
    CHECK_STR(buf, "/b");
    CHECK_INT(sk_vpath_resolve_into(buf, sizeof buf, "/", "abcdefghij", 10, &info), SK_ENAMETOOLONG);
    CHECK_INT(a.used, 0);
}

TEST(vpath_dirname_basename)
{
    /* expectations from GNU coreutils dirname/basename */
    static const char *const cases[][3] = {
        /* path, dirname, basename */
        { "/a/b/", "/a", "b" },
        { "/a/b", "/a", "b" },
        { "a", ".", "a" },
        { "a/", ".", "a" },
        { "a/b", "a", "b" },
        { "a//b//", "a", "b" },
        { "/", "/", "/" },
        { "//", "/", "/" },
        { "///", "/", "/" },
        { "//a", "/", "a" },
        { "/a", "/", "a" },
        { "/a//", "/", "a" },
        { "", ".", "" },
        { ".", ".", "." },
        { "..", ".", ".." },
        { "../x", "..", "x" },
        { "/usr//lib//x.so", "/usr//lib", "x.so" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n;
        const char *p = cases[i][0];
        const char *d = sk_vpath_dirname(p, strlen(p), &n);
        CHECK_MEM(d, n, cases[i][1]);
        const char *b = sk_vpath_basename(p, strlen(p), &n);
        CHECK_MEM(b, n, cases[i][2]);
    }
}

TEST(vpath_join_iter_depth)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    char *j = sk_vpath_join(&a, "/a", 2, "b", 1);
    CHECK_STR(j, "/a/b");
    sk_free(&a, j);
    j = sk_vpath_join(&a, "/", 1, "b", 1);
    CHECK_STR(j, "/b");
    sk_free(&a, j);
    j = sk_vpath_join(&a, "/a/", 3, "b", 1);
    CHECK_STR(j, "/a/b");
    sk_free(&a, j);
    j = sk_vpath_join(&a, "/a", 2, "/abs", 4);
    CHECK_STR(j, "/abs");
    sk_free(&a, j);
    j = sk_vpath_join(&a, "", 0, "x", 1);
    CHECK_STR(j, "x");
    sk_free(&a, j);

    sk_vpath_iter it;
    const char *c;
    size_t cl;
    const char *p = "//a/./bc//..//d/";
    sk_vpath_iter_init(&it, p, strlen(p));
    const char *want[] = { "a", ".", "bc", "..", "d" };
    size_t k = 0;
    while (sk_vpath_next(&it, &c, &cl)) {
        CHECK(k < 5);
        if (k < 5) CHECK_MEM(c, cl, want[k]);
        k++;
    }
    CHECK_INT(k, 5);
    sk_vpath_iter_init(&it, "/", 1);
    CHECK_INT(sk_vpath_next(&it, &c, &cl), 0);

    CHECK_INT(sk_vpath_depth("/", 1), 0);
    CHECK_INT(sk_vpath_depth("/a//b/.", 7), 2);
    CHECK_INT(sk_vpath_depth("a/b/c", 5), 3);
    CHECK_INT(sk_vpath_max_name("/ab/cdef/g", 10), 4);
    CHECK_INT(a.used, 0);
}

TEST(vpath_predicates)
{
    CHECK(sk_vpath_is_normal("/", 1));
    CHECK(sk_vpath_is_normal("/a/b", 4));
    CHECK(sk_vpath_is_normal("/.a/..b", 7));
    CHECK(!sk_vpath_is_normal("", 0));
    CHECK(!sk_vpath_is_normal("a", 1));
    CHECK(!sk_vpath_is_normal("/a/", 3));
    CHECK(!sk_vpath_is_normal("//a", 3));
    CHECK(!sk_vpath_is_normal("/a/./b", 6));
    CHECK(!sk_vpath_is_normal("/a/..", 5));
    CHECK(!sk_vpath_is_normal("/a\0b", 4));
    CHECK(sk_vpath_has_dotdot("a/../b", 6));
    CHECK(sk_vpath_has_dotdot("..", 2));
    CHECK(!sk_vpath_has_dotdot("a/..b/c..", 9));
    CHECK(sk_vpath_is_under("/a/b", 4, "/a", 2));
    CHECK(sk_vpath_is_under("/a", 2, "/a", 2));
    CHECK(!sk_vpath_is_under("/ab", 3, "/a", 2));
    CHECK(sk_vpath_is_under("/x", 2, "/", 1));
}
