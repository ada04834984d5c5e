/* test_civil.c — calendar conversions and formatting against GNU date. */
#include "test.h"
#include "base/civil.h"

static const char *fmt(sk_buf *b, const char *f, int64_t secs, int32_t off, long nsec)
{
    sk_tm tm;
    sk_tm_from_unix(secs, off, off ? NULL : "UTC", &tm);
    sk_buf_clear(b);
    sk_strftime(b, f, &tm, nsec, secs);
    return sk_buf_cstr(b);
}

TEST(civil_roundtrip)
{
    int64_t samples[] = { 0, 1, -1, 86399, 86400, 951782400, 1700000000, -2208988800LL, 253402300799LL, -62135596800LL };
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        sk_tm tm;
        sk_tm_from_unix(samples[i], 0, NULL, &tm);
        CHECK_INT(sk_unix_from_tm(&tm), samples[i]);
    }
    sk_tm tm;
    sk_tm_from_unix(951782400, 0, NULL, &tm); /* 2000-02-29 */
    CHECK_INT(tm.year, 2000);
    CHECK_INT(tm.mon, 2);
    CHECK_INT(tm.mday, 29);
    CHECK_INT(tm.wday, 2);
    CHECK_INT(tm.yday, 59);
}

TEST(civil_strftime_matches_gnu_date)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_buf b = SK_BUF_INIT(&a);
    /* expectations from: TZ=UTC date -d @1700000000 +FORMAT */
    CHECK_STR(fmt(&b, "%Y-%m-%d %H:%M:%S", 1700000000, 0, 0), "2023-11-14 22:13:20");
    CHECK_STR(fmt(&b, "%a %b %e %T %Z %Y", 1700000000, 0, 0), "Tue Nov 14 22:13:20 UTC 2023");
    CHECK_STR(fmt(&b, "%F %j %U %V %G %u %w %W", 1700000000, 0, 0), "2023-11-14 318 46 46 2023 2 2 46");
    CHECK_STR(fmt(&b, "%s %N %3N %z %:z %::z", 1700000000, 0, 123456789), "1700000000 123456789 123 +0000 +00:00 +00:00:00");
    CHECK_STR(fmt(&b, "%-d %_m %^a %#Z %10A|%-10A|", 1700000000, 0, 0), "14 11 TUE utc    Tuesday|Tuesday|");
    CHECK_STR(fmt(&b, "%I %l %p %P %r %D %C %y %q", 1700000000, 0, 0), "10 10 PM pm 10:13:20 PM 11/14/23 20 23 4");
    CHECK_STR(fmt(&b, "%H:%M %z", 1700000000, 5 * 3600 + 1800, 0), "03:43 +0530");
    /* ISO week edge: 2021-01-01 is in week 53 of 2020 */
    CHECK_STR(fmt(&b, "%G-W%V", 1609459200, 0, 0), "2020-W53");
    CHECK_STR(fmt(&b, "%Q %%", 0, 0, 0), "%Q %");
    sk_buf_free(&b);
}
