/* test.h — the unit-test framework.  A test is `TEST(name) { ... }` in any
 * tests/unit source file; the Makefile collects the names.  Checks record a
 * failure and continue; the runner's last line is "N passed, N failed". */
#ifndef SK_TEST_H
#define SK_TEST_H

#include <stdio.h>
#include <string.h>

typedef struct sk_test {
    const char *name;
    int failed;
} sk_test;

#define TEST(name) void name(sk_test *T)

void sk_test_fail(sk_test *t, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#define CHECK(cond) do { if (!(cond)) sk_test_fail(T, __FILE__, __LINE__, "CHECK(%s)", #cond); } while (0)
#define CHECK_INT(a, b) do { long long a_ = (long long)(a), b_ = (long long)(b); \
    if (a_ != b_) sk_test_fail(T, __FILE__, __LINE__, "%s == %lld, expected %lld", #a, a_, b_); } while (0)
#define CHECK_STR(a, b) do { const char *a_ = (a), *b_ = (b); \
    if (!a_ || !b_ || strcmp(a_, b_)) sk_test_fail(T, __FILE__, __LINE__, "%s == \"%s\", expected \"%s\"", #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); } while (0)
#define CHECK_MEM(a, alen, b) do { const char *a_ = (a); size_t al_ = (alen); const char *b_ = (b); \
    if (!a_ || al_ != strlen(b_) || memcmp(a_, b_, al_)) sk_test_fail(T, __FILE__, __LINE__, "%s == \"%.*s\", expected \"%s\"", #a, (int)al_, a_ ? a_ : "", b_); } while (0)

#endif
