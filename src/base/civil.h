/* civil.h — calendar arithmetic and time formatting without the host.
 *
 * libc's gmtime/localtime/strftime consult the process's TZ and locale; a
 * sandbox must not.  These functions convert between Unix seconds and
 * proleptic Gregorian civil time at a given UTC offset, and format with the
 * GNU `date` conversions (C locale).  Pure functions: no state. */
#ifndef SK_BASE_CIVIL_H
#define SK_BASE_CIVIL_H

#include <stdint.h>

#include "buf.h"

typedef struct sk_tm {
    int64_t year;      /* e.g. 2024 */
    int mon;           /* 1..12 */
    int mday;          /* 1..31 */
    int hour, min, sec;
    int wday;          /* 0 = Sunday */
    int yday;          /* 0..365 */
    int32_t gmtoff;    /* seconds east of UTC */
    const char *zone;  /* abbreviation ("UTC"), may be NULL */
} sk_tm;

/* Days since 1970-01-01 of a civil date, and back. */
int64_t sk_days_from_civil(int64_t y, int m, int d);
void sk_civil_from_days(int64_t days, int64_t *y, int *m, int *d);
int sk_is_leap(int64_t y);
int sk_days_in_month(int64_t y, int m);

/* Unix seconds -> civil time at gmtoff (seconds east of UTC). */
void sk_tm_from_unix(int64_t secs, int32_t gmtoff, const char *zone, sk_tm *tm);
/* Civil fields (year, mon, mday, hour, min, sec, gmtoff) -> Unix seconds.
 * Fields may be out of range (normalised arithmetically). */
int64_t sk_unix_from_tm(const sk_tm *tm);

/* Append `fmt` formatted as GNU date/strftime would in the C locale:
 * every conversion of date(1) (%a %A %b %B %c %C %d %D %e %F %g %G %h %H
 * %I %j %k %l %m %M %n %N %p %P %q %r %R %s %S %t %T %u %U %V %w %W %x %X
 * %y %Y %z %:z %::z %:::z %Z %%) with the flags - _ 0 ^ # and a width.
 * nsec is the sub-second part for %N.  Returns 0 or -1 (allocation). */
int sk_strftime(sk_buf *out, const char *fmt, const sk_tm *tm, long nsec, int64_t unix_secs);

#endif
