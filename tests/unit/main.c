/* main.c — runs every TEST() collected by the Makefile, or those whose name
 * contains argv[1].  Last line: "N passed, N failed". */
#include <stdarg.h>
#include <stdlib.h>

#include "test.h"

#define X(name) void name(sk_test *T);
#include "list.h"
#undef X

void sk_test_fail(sk_test *t, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s (%s:%d): ", t->name, file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    t->failed++;
}

int main(int argc, char **argv)
{
    struct { const char *name; void (*fn)(sk_test *); } tests[] = {
#define X(name) { #name, name },
#include "list.h"
#undef X
    };
    int passed = 0, failed = 0;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        if (argc > 1 && !strstr(tests[i].name, argv[1])) continue;
        sk_test t = { tests[i].name, 0 };
        tests[i].fn(&t);
        if (t.failed) failed++; else passed++;
        if (getenv("SK_TEST_VERBOSE")) fprintf(stderr, "%s %s\n", t.failed ? "FAIL" : "ok  ", t.name);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
