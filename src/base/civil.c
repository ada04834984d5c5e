/* civil.c — see civil.h.  The day-count conversions follow the well-known
 * era-based algorithm for the proleptic Gregorian calendar (exact over the
 * whole int64 range we accept). */
#include "civil.h"

#include <stdio.h>
#include <string.h>

static int64_t floordiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

int sk_is_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int sk_days_in_month(int64_t y, int m)
{
    static const unsigned char dm[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (m < 1 || m > 12) return 30;
    return m == 2 && sk_is_leap(y) ? 29 : dm[m - 1];
}

int64_t sk_days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = floordiv(y, 400);
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void sk_civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
    z += 719468;
    int64_t era = floordiv(z, 146097);
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t yy = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yy + (*m <= 2);
}

void sk_tm_from_unix(int64_t secs, int32_t gmtoff, const char *zone, sk_tm *tm)
{
    int64_t t = secs + gmtoff;
    int64_t days = floordiv(t, 86400);
    int64_t rem = t - days * 86400;
    memset(tm, 0, sizeof *tm);
    sk_civil_from_days(days, &tm->year, &tm->mon, &tm->mday);
    tm->hour = (int)(rem / 3600);
    tm->min = (int)(rem / 60 % 60);
    tm->sec = (int)(rem % 60);
    tm->wday = (int)(((days % 7) + 11) % 7); /* 1970-01-01 was a Thursday */
    tm->yday = (int)(days - sk_days_from_civil(tm->year, 1, 1));
    tm->gmtoff = gmtoff;
    tm->zone = zone;
}

int64_t sk_unix_from_tm(const sk_tm *tm)
{
    /* normalise the month first, then let days absorb the rest */
    int64_t y = tm->year;
    int64_t mon0 = (int64_t)tm->mon - 1;
    y += floordiv(mon0, 12);
    mon0 -= floordiv(mon0, 12) * 12;
    int64_t days = sk_days_from_civil(y, (int)mon0 + 1, 1) + tm->mday - 1;
    return days * 86400 + (int64_t)tm->hour * 3600 + (int64_t)tm->min * 60 + tm->sec - tm->gmtoff;
}

static const char *const wdays[] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char *const months[] = { "January", "February", "March", "April", "May", "June", "July",
                                      "August", "September", "October", "November", "December" };

/* ISO 8601 week-based year and week number. */
static void iso_week(const sk_tm *tm, int64_t *iso_year, int *week)
{
    int wday = (tm->wday + 6) % 7; /* Monday = 0 */
    int64_t y = tm->year;
    int yday = tm->yday;
    int w = (yday - wday + 10) / 7;
    if (w < 1) {
        y--;
        int pyday = yday + (sk_is_leap(y) ? 366 : 365);
        w = (pyday - wday + 10) / 7;
    } else if (w == 53) {
        int days_in_year = sk_is_leap(y) ? 366 : 365;
        if (yday - wday + 3 >= days_in_year) { w = 1; y++; }
    }
    *iso_year = y;
    *week = w;
}

/* Emit a number honoring GNU's pad flag and width. */
static int put_num(sk_buf *b, int64_t v, int width, char pad, char flag)
{
    char digits[32];
    int neg = v < 0;
    uint64_t u = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)u);
    if (flag == '-') width = 0;
    else if (flag == '_') pad = ' ';
    else if (flag == '0') pad = '0';
    int total = n + neg;
    if (pad == '0') {
        if (neg && sk_buf_putc(b, '-')) return -1;
        for (int i = total; i < width; i++)
            if (sk_buf_putc(b, '0')) return -1;
    } else {
        for (int i = total; i < width; i++)
            if (sk_buf_putc(b, ' ')) return -1;
        if (neg && sk_buf_putc(b, '-')) return -1;
    }
    return sk_buf_put(b, digits, (size_t)n);
}

static int put_str(sk_buf *b, const char *s, int width, char flag, int upper, int swapcase)
{
    size_t n = strlen(s);
    if (flag != '-')
        for (int i = (int)n; i < width; i++)
            if (sk_buf_putc(b, flag == '0' ? '0' : ' ')) return -1;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (upper && c >= 'a' && c <= 'z') c = (char)(c - 32);
        else if (swapcase) {
            if (c >= 'a' && c <= 'z') c = (char)(c - 32);
            else if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        }
        if (sk_buf_putc(b, c)) return -1;
    }
    return 0;
}

static int put_offset(sk_buf *b, int32_t off, int colons, int width, char flag)
{
    char tmp[32];
    int neg = off < 0;
    int32_t a = neg ? -off : off;
    int h = a / 3600, m = a / 60 % 60, s = a % 60;
    switch (colons) {
    case 0: snprintf(tmp, sizeof tmp, "%c%02d%02d", neg ? '-' : '+', h, m); break;
    case 1: snprintf(tmp, sizeof tmp, "%c%02d:%02d", neg ? '-' : '+', h, m); break;
    case 2: snprintf(tmp, sizeof tmp, "%c%02d:%02d:%02d", neg ? '-' : '+', h, m, s); break;
    default:
        if (s) snprintf(tmp, sizeof tmp, "%c%02d:%02d:%02d", neg ? '-' : '+', h, m, s);
        else if (m) snprintf(tmp, sizeof tmp, "%c%02d:%02d", neg ? '-' : '+', h, m);
        else snprintf(tmp, sizeof tmp, "%c%02d", neg ? '-' : '+', h);
    }
    return put_str(b, tmp, width, flag, 0, 0);
}

int sk_strftime(sk_buf *b, const char *fmt, const sk_tm *tm, long nsec, int64_t unix_secs)
{
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            if (sk_buf_putc(b, *p)) return -1;
            continue;
        }
        const char *start = p;
        char flag = 0;
        int upper = 0, swapcase = 0;
        for (;;) {
            char f = p[1];
            if (f == '-' || f == '_' || f == '0') { flag = f; p++; }
            else if (f == '^') { upper = 1; p++; }
            else if (f == '#') { swapcase = 1; p++; }
            else break;
        }
        int width = -1;
        while (p[1] >= '0' && p[1] <= '9') {
            width = (width < 0 ? 0 : width) * 10 + (p[1] - '0');
            if (width > 4096) width = 4096;
            p++;
        }
        int colons = 0;
        while (p[1] == ':') { colons++; p++; }
        char c = *++p;
        int r = 0;
        int hour12 = tm->hour % 12 ? tm->hour % 12 : 12;
        int64_t iy;
        int iw;
        char tmp[96];
        switch (c) {
        case 0: /* a lone % at the end */
            return sk_buf_put(b, start, strlen(start));
        case '%': r = sk_buf_putc(b, '%'); break;
        case 'n': r = sk_buf_putc(b, '\n'); break;
        case 't': r = sk_buf_putc(b, '\t'); break;
        case 'a':
            snprintf(tmp, sizeof tmp, "%.3s", wdays[tm->wday]);
            r = put_str(b, tmp, width, flag, upper, swapcase);
            break;
        case 'A': r = put_str(b, wdays[tm->wday], width, flag, upper, swapcase); break;
        case 'b':
        case 'h':
            snprintf(tmp, sizeof tmp, "%.3s", months[tm->mon - 1]);
            r = put_str(b, tmp, width, flag, upper, swapcase);
            break;
        case 'B': r = put_str(b, months[tm->mon - 1], width, flag, upper, swapcase); break;
        case 'c':
            snprintf(tmp, sizeof tmp, "%.3s %.3s %2d %02d:%02d:%02d %lld", wdays[tm->wday], months[tm->mon - 1],
                     tm->mday, tm->hour, tm->min, tm->sec, (long long)tm->year);
            r = put_str(b, tmp, width, flag, upper, 0);
            break;
        case 'C': r = put_num(b, tm->year / 100 - (tm->year < 0 && tm->year % 100), width < 0 ? 2 : width, '0', flag); break;
        case 'd': r = put_num(b, tm->mday, width < 0 ? 2 : width, '0', flag); break;
        case 'e': r = put_num(b, tm->mday, width < 0 ? 2 : width, ' ', flag); break;
        case 'D':
            snprintf(tmp, sizeof tmp, "%02d/%02d/%02d", tm->mon, tm->mday, (int)((tm->year % 100 + 100) % 100));
            r = put_str(b, tmp, width, flag, 0, 0);
            break;
        case 'F': {
            /* GNU pads the year part to width - 6 (default 4) */
            int yw = width < 0 ? 4 : (width > 6 ? width - 6 : 1);
            r = put_num(b, tm->year, yw, flag == '_' ? ' ' : '0', flag == '-' ? '-' : 0);
            if (!r) {
                snprintf(tmp, sizeof tmp, "-%02d-%02d", tm->mon, tm->mday);
                r = sk_buf_puts(b, tmp);
            }
            break;
        }
        case 'g':
            iso_week(tm, &iy, &iw);
            r = put_num(b, ((iy % 100) + 100) % 100, width < 0 ? 2 : width, '0', flag);
            break;
        case 'G':
            iso_week(tm, &iy, &iw);
            r = put_num(b, iy, width < 0 ? 1 : width, '0', flag);
            break;
        case 'H': r = put_num(b, tm->hour, width < 0 ? 2 : width, '0', flag); break;
        case 'I': r = put_num(b, hour12, width < 0 ? 2 : width, '0', flag); break;
        case 'j': r = put_num(b, tm->yday + 1, width < 0 ? 3 : width, '0', flag); break;
        case 'k': r = put_num(b, tm->hour, width < 0 ? 2 : width, ' ', flag); break;
        case 'l': r = put_num(b, hour12, width < 0 ? 2 : width, ' ', flag); break;
        case 'm': r = put_num(b, tm->mon, width < 0 ? 2 : width, '0', flag); break;
        case 'M': r = put_num(b, tm->min, width < 0 ? 2 : width, '0', flag); break;
        case 'N': {
            int w = width < 0 ? 9 : width;
            snprintf(tmp, sizeof tmp, "%09ld", nsec);
            if (w <= 9) r = sk_buf_put(b, tmp, (size_t)w);
            else {
                r = sk_buf_put(b, tmp, 9);
                for (int i = 9; i < w && !r; i++) r = sk_buf_putc(b, '0');
            }
            break;
        }
        case 'p': r = put_str(b, tm->hour < 12 ? "AM" : "PM", width, flag, 0, swapcase); break;
        case 'P': r = put_str(b, tm->hour < 12 ? "am" : "pm", width, flag, upper, 0); break;
        case 'q': r = put_num(b, (tm->mon - 1) / 3 + 1, width < 0 ? 1 : width, '0', flag); break;
        case 'r':
            snprintf(tmp, sizeof tmp, "%02d:%02d:%02d %s", hour12, tm->min, tm->sec, tm->hour < 12 ? "AM" : "PM");
            r = put_str(b, tmp, width, flag, 0, 0);
            break;
        case 'R':
            snprintf(tmp, sizeof tmp, "%02d:%02d", tm->hour, tm->min);
            r = put_str(b, tmp, width, flag, 0, 0);
            break;
        case 's': r = put_num(b, unix_secs, width < 0 ? 1 : width, '0', flag); break;
        case 'S': r = put_num(b, tm->sec, width < 0 ? 2 : width, '0', flag); break;
        case 'T':
            snprintf(tmp, sizeof tmp, "%02d:%02d:%02d", tm->hour, tm->min, tm->sec);
            r = put_str(b, tmp, width, flag, 0, 0);
            break;
        case 'u': r = put_num(b, tm->wday ? tm->wday : 7, width < 0 ? 1 : width, '0', flag); break;
        case 'U': r = put_num(b, (tm->yday + 7 - tm->wday) / 7, width < 0 ? 2 : width, '0', flag); break;
        case 'V':
            iso_week(tm, &iy, &iw);
            r = put_num(b, iw, width < 0 ? 2 : width, '0', flag);
            break;
        case 'w': r = put_num(b, tm->wday, width < 0 ? 1 : width, '0', flag); break;
        case 'W': r = put_num(b, (tm->yday + 7 - (tm->wday + 6) % 7) / 7, width < 0 ? 2 : width, '0', flag); break;
        case 'x':
            snprintf(tmp, sizeof tmp, "%02d/%02d/%02d", tm->mon, tm->mday, (int)((tm->year % 100 + 100) % 100));
            r = put_str(b, tmp, width, flag, 0, 0);
            break;
        case 'X':
            snprintf(tmp, sizeof tmp, "%02d:%02d:%02d", tm->hour, tm->min, tm->sec);
            r = put_str(b, tmp, width, flag, 0, 0);
            break;
        case 'y': r = put_num(b, ((tm->year % 100) + 100) % 100, width < 0 ? 2 : width, '0', flag); break;
        case 'Y': r = put_num(b, tm->year, width < 0 ? 1 : width, '0', flag); break;
        case 'z': r = put_offset(b, tm->gmtoff, colons, width, flag); break;
        case 'Z': r = put_str(b, tm->zone ? tm->zone : "UTC", width, flag, upper, swapcase); break;
        default:
            /* unknown conversion: copied literally, as GNU does */
            r = sk_buf_put(b, start, (size_t)(p - start + 1));
        }
        if (r) return -1;
    }
    return 0;
}
