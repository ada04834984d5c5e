/* datetime.h — calendar arithmetic, time zones, strftime and GNU date-string
 * parsing: the one time library of the sandbox (date, printf %(..)T, and
 * any command or module that formats or reads times).  Pure functions over
 * int64 seconds: no host clock, no host zone files, no libc TZ or locale.
 *
 * Time zones are POSIX TZ rules ("EST5EDT,M3.2.0,M11.1.0", "<+03>-3",
 * "UTC0") plus a built-in table mapping common IANA names
 * ("Europe/Berlin") to the rule they follow today.  Historical changes of
 * a zone's rules are not known: a date in 1990 uses today's rule.  An
 * unknown name behaves like glibc's: its leading letters are the
 * abbreviation and the offset is 0. */
#ifndef SK_BASE_DATETIME_H
#define SK_BASE_DATETIME_H

#include <stdint.h>

#include "base/buf.h"

typedef struct dt_rule {
    char kind;            /* 'J' (1..365, no Feb 29), 'D' (0..365), 'M' */
    int m, w, d;          /* Mm.w.d */
    int day;              /* J / D */
    int32_t time;         /* seconds after local midnight (may be <0 or >24h) */
} dt_rule;

typedef struct dt_zone {
    char std_name[16], dst_name[16];
    int32_t std_off, dst_off;   /* seconds east of UTC */
    int has_dst;
    dt_rule start, end;
} dt_zone;

typedef struct dt_tm {
    int64_t year;          /* e.g. 2024 */
    int mon;               /* 1..12 */
    int mday;              /* 1..31 */
    int hour, min, sec;
    int wday;              /* 0 = Sunday */
    int yday;              /* 0..365 */
    int isdst;
    int32_t gmtoff;        /* seconds east of UTC */
    const char *zone;      /* abbreviation (points into the dt_zone) */
} dt_tm;

/* Days since 1970-01-01 of a civil date (proleptic Gregorian; month may be
 * outside 1..12 and day outside the month: they are normalized). */
int64_t dt_days_from_civil(int64_t y, int64_t m, int64_t d);
void dt_civil_from_days(int64_t z, int64_t *y, int *m, int *d);
int dt_days_in_month(int64_t y, int m);

/* Set up a zone from a TZ value (NULL or "" = UTC). */
void dt_zone_init(dt_zone *z, const char *tz);
/* Broken-down local time of t in zone z. */
void dt_localtime(const dt_zone *z, int64_t t, dt_tm *tm);
/* Seconds for local fields (normalizing them, like mktime with
 * tm_isdst = -1): in an ambiguous hour the daylight-saving reading wins,
 * a time in a gap is read with the offset before the gap. */
int64_t dt_mktime(const dt_zone *z, int64_t year, int64_t mon, int64_t mday, int64_t hour, int64_t min,
                  int64_t sec);

/* GNU strftime (date's +FORMAT): every conversion, flags - _ 0 ^ # +,
 * widths, %N with a width, %:z %::z %:::z.  Appends to b; -1 on
 * allocation failure. */
int dt_format(sk_buf *b, const char *fmt, const dt_tm *tm, int32_t ns);

/* GNU parse_datetime: a date string relative to now (seconds, ns) in zone
 * z.  Returns 0 and the result, or -1 for an invalid date.  A leading
 * TZ="..." selects the zone the string is read in. */
int dt_parse(const char *s, int64_t now, int32_t now_ns, const dt_zone *z, int64_t *t, int32_t *ns);

#endif
