/* test_base.c — allocator, arena and buffer. */
#include "test.h"
#include "base/alloc.h"
#include "base/arena.h"
#include "base/buf.h"

TEST(alloc_counts_and_limits)
{
    sk_alloc a;
    sk_alloc_init(&a, 1000);
    void *p = sk_malloc(&a, 100);
    CHECK(p != NULL);
    CHECK(a.used >= 100);
    void *q = sk_malloc(&a, 2000);
    CHECK(q == NULL);
    CHECK_INT(a.hit, SK_ALLOC_LIMIT);
    p = sk_realloc(&a, p, 500);
    CHECK(p != NULL);
    CHECK(a.used >= 500 && a.used < 600);
    sk_free(&a, p);
    CHECK_INT(a.used, 0);
}

TEST(alloc_sized_and_count_limit)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    a.count_limit = 2;
    void *p = sk_alloc_sized(&a, 10), *q = sk_alloc_sized(&a, 10);
    CHECK(p && q);
    CHECK(sk_alloc_sized(&a, 10) == NULL);
    CHECK_INT(a.hit, SK_ALLOC_COUNT);
    sk_free_sized(&a, p, 10);
    sk_free_sized(&a, q, 10);
    CHECK_INT(a.used, 0);
}

TEST(arena_mark_restore)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_arena ar;
    sk_arena_init(&ar, &a, 64);
    char *s = sk_arena_strndup(&ar, "hello", 5);
    CHECK_STR(s, "hello");
    sk_arena_mark m = sk_arena_save(&ar);
    for (int i = 0; i < 100; i++) CHECK(sk_arena_alloc(&ar, 100) != NULL);
    sk_arena_restore(&ar, m);
    CHECK_STR(s, "hello");
    sk_arena_free(&ar);
    CHECK_INT(a.used, 0);
}

TEST(buf_appends)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_buf b = SK_BUF_INIT(&a);
    CHECK_STR(sk_buf_cstr(&b), "");
    for (int i = 0; i < 1000; i++) CHECK_INT(sk_buf_printf(&b, "%d,", i % 10), 0);
    CHECK_INT(b.len, 2000);
    sk_buf_clear(&b);
    sk_buf_puts(&b, "x");
    CHECK_STR(b.p, "x");
    sk_buf_free(&b);
    CHECK_INT(a.used, 0);
}

TEST(buf_refused_by_limit)
{
    sk_alloc a;
    sk_alloc_init(&a, 256);
    sk_buf b = SK_BUF_INIT(&a);
    int failed = 0;
    for (int i = 0; i < 100 && !failed; i++) failed = sk_buf_puts(&b, "0123456789") != 0;
    CHECK(failed);
    CHECK(b.len <= 256);
    sk_buf_free(&b);
}
