/* fsutil.c — see fsutil.h.  Shared by the filesystem commands; never
 * recurses over user data and never touches the host. */
#include "fsutil.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/vpath.h"

/* ---- quoting --------------------------------------------------------------- */

static int is_ctl(unsigned char ch) { return ch < 32 || ch == 127; }

static int put_ctl_escape(sk_buf *b, unsigned char ch)
{
    static const char esc[] = "abtnvfr";
    if (ch >= 7 && ch <= 13) {
        if (sk_buf_putc(b, '\\')) return -1;
        return sk_buf_putc(b, esc[ch - 7]);
    }
    return sk_buf_printf(b, "\\%03o", ch);
}

int fsu_quote_buf(sk_buf *b, const char *s)
{
    int has_sq = 0, dq_ok = 1;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\'') has_sq = 1;
        if (*p == '"' || *p == '$' || *p == '`' || *p == '\\' || *p == '!' || is_ctl(*p)) dq_ok = 0;
    }
    if (has_sq && dq_ok) {
        if (sk_buf_putc(b, '"') || sk_buf_puts(b, s)) return -1;
        return sk_buf_putc(b, '"');
    }
    int open = 1;
    if (sk_buf_putc(b, '\'')) return -1;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\'') {
            if (sk_buf_puts(b, open ? "'\\'" : "\\'")) return -1;
            if (sk_buf_putc(b, '\'')) return -1;
            open = 1;
        } else if (is_ctl(*p)) {
            if (open && sk_buf_putc(b, '\'')) return -1;
            if (sk_buf_puts(b, "$'")) return -1;
            while (*p && is_ctl(*p)) {
                if (put_ctl_escape(b, *p)) return -1;
                p++;
            }
            p--;
            if (sk_buf_putc(b, '\'') || sk_buf_putc(b, '\'')) return -1;
            open = 1;
        } else {
            if (sk_buf_putc(b, (char)*p)) return -1;
        }
    }
    return sk_buf_putc(b, '\'');
}

/* ---- a small formatter with %Q ------------------------------------------------ */

int fsu_vformat(sk_buf *b, const char *fmt, va_list ap)
{
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            const char *q = p;
            while (*q && *q != '%') q++;
            if (sk_buf_put(b, p, (size_t)(q - p))) return -1;
            p = q - 1;
            continue;
        }
        /* collect one conversion: flags, width, precision, length, conv */
        char spec[32];
        size_t n = 0;
        spec[n++] = *p++;
        while (*p && strchr("-+ #0", *p) && n < 20) spec[n++] = *p++;
        int star_w = 0;
        if (*p == '*') { star_w = 1; spec[n++] = *p++; }
        while (*p >= '0' && *p <= '9' && n < 20) spec[n++] = *p++;
        int star_p = 0;
        if (*p == '.') {
            spec[n++] = *p++;
            if (*p == '*') { star_p = 1; spec[n++] = *p++; }
            while (*p >= '0' && *p <= '9' && n < 24) spec[n++] = *p++;
        }
        int len = 0; /* 1 l, 2 ll, 3 z */
        if (*p == 'l') { spec[n++] = *p++; len = 1; if (*p == 'l') { spec[n++] = *p++; len = 2; } }
        else if (*p == 'z') { spec[n++] = *p++; len = 3; }
        char conv = *p;
        if (!conv) break;
        spec[n++] = conv;
        spec[n] = 0;
        int w = star_w ? va_arg(ap, int) : 0, pr = star_p ? va_arg(ap, int) : 0;
        int rc = 0;
        switch (conv) {
        case '%': rc = sk_buf_putc(b, '%'); break;
        case 'Q': rc = fsu_quote_buf(b, va_arg(ap, const char *)); break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (star_w && star_p) rc = sk_buf_printf(b, spec, w, pr, s);
            else if (star_w) rc = sk_buf_printf(b, spec, w, s);
            else if (star_p) rc = sk_buf_printf(b, spec, pr, s);
            else rc = sk_buf_printf(b, spec, s);
            break;
        }
        case 'c': rc = sk_buf_printf(b, spec, va_arg(ap, int)); break;
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
            int is_signed = conv == 'd' || conv == 'i';
            if (len == 2) {
                if (is_signed) {
                    long long v = va_arg(ap, long long);
                    rc = star_w ? sk_buf_printf(b, spec, w, v) : sk_buf_printf(b, spec, v);
                } else {
                    unsigned long long v = va_arg(ap, unsigned long long);
                    rc = star_w ? sk_buf_printf(b, spec, w, v) : sk_buf_printf(b, spec, v);
                }
            } else if (len == 1) {
                if (is_signed) {
                    long v = va_arg(ap, long);
                    rc = star_w ? sk_buf_printf(b, spec, w, v) : sk_buf_printf(b, spec, v);
                } else {
                    unsigned long v = va_arg(ap, unsigned long);
                    rc = star_w ? sk_buf_printf(b, spec, w, v) : sk_buf_printf(b, spec, v);
                }
            } else if (len == 3) {
                size_t v = va_arg(ap, size_t);
                rc = star_w ? sk_buf_printf(b, spec, w, v) : sk_buf_printf(b, spec, v);
            } else {
                int v = va_arg(ap, int);
                rc = star_w ? sk_buf_printf(b, spec, w, v) : sk_buf_printf(b, spec, v);
            }
            break;
        }
        default: rc = sk_buf_put(b, spec, n); break;
        }
        if (rc) return -1;
    }
    return 0;
}

int fsu_verror(sk_cmd *c, const char *fmt, va_list ap)
{
    sk_out_flush(&c->out);
    sk_buf b = SK_BUF_INIT(c->a);
    if (!sk_buf_puts(&b, c->name) && !sk_buf_put(&b, ": ", 2) && !fsu_vformat(&b, fmt, ap) &&
        !sk_buf_putc(&b, '\n'))
        sk_out_write(&c->err, b.p, b.len);
    else
        sk_out_puts(&c->err, "out of memory\n");
    sk_buf_free(&b);
    sk_out_flush(&c->err);
    return 1;
}

int fsu_error(sk_cmd *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fsu_verror(c, fmt, ap);
    va_end(ap);
    return 1;
}

int fsu_usage_error(sk_cmd *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fsu_verror(c, fmt, ap);
    va_end(ap);
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
    return 1;
}

int fsu_printf(sk_cmd *c, const char *fmt, ...)
{
    sk_buf b = SK_BUF_INIT(c->a);
    va_list ap;
    va_start(ap, fmt);
    int rc = fsu_vformat(&b, fmt, ap);
    va_end(ap);
    if (!rc) rc = sk_out_write(&c->out, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return rc;
}

int fsu_confirm(sk_cmd *c, const char *fmt, ...)
{
    sk_out_flush(&c->out);
    sk_buf b = SK_BUF_INIT(c->a);
    va_list ap;
    va_start(ap, fmt);
    if (!sk_buf_puts(&b, c->name) && !sk_buf_put(&b, ": ", 2) && !fsu_vformat(&b, fmt, ap))
        sk_out_write(&c->err, b.p, b.len);
    va_end(ap);
    sk_buf_free(&b);
    sk_out_flush(&c->err);
    sk_in in;
    if (cmd_open_input(c, "-", &in)) return 0;
    int first = -1, ch;
    while ((ch = sk_in_getc(&in)) >= 0 && ch != '\n')
        if (first < 0) first = ch;
    cmd_close_input(c, &in);
    return first == 'y' || first == 'Y';
}

/* ---- modes ------------------------------------------------------------------ */

void fsu_mode_string(const sk_stat *st, char out[11])
{
    uint32_t m = st->mode;
    switch (st->type) {
    case SK_FILE_DIR: out[0] = 'd'; break;
    case SK_FILE_SYMLINK: out[0] = 'l'; break;
    case SK_FILE_DEVICE: out[0] = 'c'; break;
    default: out[0] = '-'; break;
    }
    static const char rwx[] = "rwx";
    for (int i = 0; i < 9; i++) out[1 + i] = (m & (0400u >> i)) ? rwx[i % 3] : '-';
    if (m & 04000) out[3] = (m & 0100) ? 's' : 'S';
    if (m & 02000) out[6] = (m & 0010) ? 's' : 'S';
    if (m & 01000) out[9] = (m & 0001) ? 't' : 'T';
    out[10] = 0;
}

enum { M_ORDINARY, M_COPY, M_XIFX };

int fsu_parse_mode(const char *spec, uint32_t old, int is_dir, uint32_t *out)
{
    return fsu_parse_mode_umask(spec, old, is_dir, FSU_UMASK, out);
}

int fsu_parse_mode_umask(const char *spec, uint32_t old, int is_dir, uint32_t umask, uint32_t *out)
{
    const uint32_t ALL = 07777, UGO = 0777;
    const char *p = spec;
    if (!*p) return -1;
    if (*p >= '0' && *p <= '7') {
        uint32_t v = 0;
        int nd = 0;
        while (*p >= '0' && *p <= '7') {
            v = v * 8 + (uint32_t)(*p++ - '0');
            nd++;
            if (v > ALL) return -1;
        }
        if (*p) return -1;
        uint32_t mentioned = nd < 5 ? (v & 06000) | 01000 | UGO : ALL;
        uint32_t omit = (is_dir ? 06000u : 0u) & ~mentioned;
        uint32_t value = v & ALL & ~omit;
        uint32_t preserved = omit;
        *out = (old & preserved) | value;
        return 0;
    }
    uint32_t mode = old & ALL;
    for (;;) {
        uint32_t affected = 0;
        for (;; p++) {
            if (*p == 'u') affected |= 04700;
            else if (*p == 'g') affected |= 02070;
            else if (*p == 'o') affected |= 01007;
            else if (*p == 'a') affected |= ALL;
            else break;
        }
        if (*p != '=' && *p != '+' && *p != '-') return -1;
        while (*p == '=' || *p == '+' || *p == '-') {
            char op = *p++;
            uint32_t value = 0;
            int flag = M_ORDINARY;
            if (*p == 'u' || *p == 'g' || *p == 'o') {
                value = *p == 'u' ? 0700 : *p == 'g' ? 0070 : 0007;
                flag = M_COPY;
                p++;
            } else {
                for (;; p++) {
                    if (*p == 'r') value |= 0444;
                    else if (*p == 'w') value |= 0222;
                    else if (*p == 'x') value |= 0111;
                    else if (*p == 'X') flag = M_XIFX;
                    else if (*p == 's') value |= 06000;
                    else if (*p == 't') value |= 01000;
                    else break;
                }
            }
            uint32_t mentioned = affected ? affected & value : value;
            uint32_t omit = (is_dir ? 06000u : 0u) & ~mentioned;
            if (flag == M_COPY) {
                value &= mode;
                value |= ((value & 0444) ? 0444 : 0) | ((value & 0222) ? 0222 : 0) |
                         ((value & 0111) ? 0111 : 0);
            } else if (flag == M_XIFX) {
                if ((mode & 0111) || is_dir) value |= 0111;
            }
            value &= (affected ? affected : ~umask) & ~omit;
            if (op == '=') {
                uint32_t preserved = (affected ? ~affected : umask) | omit;
                mode = (mode & preserved) | value;
            } else if (op == '+') {
                mode |= value;
            } else {
                mode &= ~value;
            }
            mode &= ALL;
        }
        if (*p == 0) break;
        if (*p != ',') return -1;
        p++;
    }
    *out = mode;
    return 0;
}

/* ---- time ------------------------------------------------------------------- */

/* Days since 1970-01-01 of a civil date (proleptic Gregorian). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int *y, int *m, int *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t yy = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yy + (*m <= 2));
}

void fsu_gmtime(int64_t secs, fsu_tm *tm)
{
    int64_t days = secs / 86400, rem = secs % 86400;
    if (rem < 0) {
        rem += 86400;
        days--;
    }
    civil_from_days(days, &tm->year, &tm->mon, &tm->mday);
    tm->hour = (int)(rem / 3600);
    tm->min = (int)(rem % 3600 / 60);
    tm->sec = (int)(rem % 60);
    int64_t w = (days + 4) % 7;
    tm->wday = (int)(w < 0 ? w + 7 : w);
    tm->yday = (int)(days - days_from_civil(tm->year, 1, 1));
}

int64_t fsu_timegm(int year, int mon, int mday, int hour, int min, int sec)
{
    /* normalise the month so callers may pass out-of-range months */
    int64_t y = year, m = mon - 1;
    y += m / 12;
    m %= 12;
    if (m < 0) {
        m += 12;
        y--;
    }
    return (days_from_civil(y, (int)m + 1, 1) + mday - 1) * 86400 + (int64_t)hour * 3600 +
           (int64_t)min * 60 + sec;
}

static const char *const mon_abbr[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
static const char *const mon_full[] = { "January", "February", "March", "April", "May", "June",
                                        "July", "August", "September", "October", "November",
                                        "December" };
static const char *const day_abbr[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
static const char *const day_full[] = { "Sunday", "Monday", "Tuesday", "Wednesday",
                                        "Thursday", "Friday", "Saturday" };

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) && ((a < 0) != (b < 0))) q--;
    return q;
}

int fsu_strftime(sk_buf *b, const char *fmt, int64_t ns)
{
    int64_t secs = floor_div(ns, 1000000000);
    long nsec = (long)(ns - secs * 1000000000);
    fsu_tm tm;
    fsu_gmtime(secs, &tm);
    for (const char *p = fmt; *p; p++) {
        if (*p != '%' || !p[1]) {
            if (sk_buf_putc(b, *p)) return -1;
            continue;
        }
        int rc = 0;
        switch (*++p) {
        case 'Y': rc = sk_buf_printf(b, "%d", tm.year); break;
        case 'C': rc = sk_buf_printf(b, "%02d", tm.year / 100); break;
        case 'y': rc = sk_buf_printf(b, "%02d", tm.year % 100); break;
        case 'm': rc = sk_buf_printf(b, "%02d", tm.mon); break;
        case 'd': rc = sk_buf_printf(b, "%02d", tm.mday); break;
        case 'e': rc = sk_buf_printf(b, "%2d", tm.mday); break;
        case 'H': rc = sk_buf_printf(b, "%02d", tm.hour); break;
        case 'I': rc = sk_buf_printf(b, "%02d", tm.hour % 12 ? tm.hour % 12 : 12); break;
        case 'M': rc = sk_buf_printf(b, "%02d", tm.min); break;
        case 'S': rc = sk_buf_printf(b, "%02d", tm.sec); break;
        case 'N': rc = sk_buf_printf(b, "%09ld", nsec); break;
        case 'p': rc = sk_buf_puts(b, tm.hour < 12 ? "AM" : "PM"); break;
        case 'b': case 'h': rc = sk_buf_puts(b, mon_abbr[tm.mon - 1]); break;
        case 'B': rc = sk_buf_puts(b, mon_full[tm.mon - 1]); break;
        case 'a': rc = sk_buf_puts(b, day_abbr[tm.wday]); break;
        case 'A': rc = sk_buf_puts(b, day_full[tm.wday]); break;
        case 'j': rc = sk_buf_printf(b, "%03d", tm.yday + 1); break;
        case 'u': rc = sk_buf_printf(b, "%d", tm.wday ? tm.wday : 7); break;
        case 'w': rc = sk_buf_printf(b, "%d", tm.wday); break;
        case 'Z': rc = sk_buf_puts(b, "UTC"); break;
        case 'z': rc = sk_buf_puts(b, "+0000"); break;
        case 's': rc = sk_buf_printf(b, "%lld", (long long)secs); break;
        case 'T': rc = sk_buf_printf(b, "%02d:%02d:%02d", tm.hour, tm.min, tm.sec); break;
        case 'R': rc = sk_buf_printf(b, "%02d:%02d", tm.hour, tm.min); break;
        case 'F': rc = sk_buf_printf(b, "%d-%02d-%02d", tm.year, tm.mon, tm.mday); break;
        case 'D': rc = sk_buf_printf(b, "%02d/%02d/%02d", tm.mon, tm.mday, tm.year % 100); break;
        case 'n': rc = sk_buf_putc(b, '\n'); break;
        case 't': rc = sk_buf_putc(b, '\t'); break;
        case '%': rc = sk_buf_putc(b, '%'); break;
        default: rc = sk_buf_putc(b, '%') || sk_buf_putc(b, *p); break;
        }
        if (rc) return -1;
    }
    return 0;
}

int fsu_full_time(sk_buf *b, int64_t ns)
{
    return fsu_strftime(b, "%Y-%m-%d %H:%M:%S.%N +0000", ns);
}

/* ---- date parsing ---------------------------------------------------------- */

typedef struct dparse {
    const char *p;
    int have_date, have_time, have_zone;
    int year, mon, mday, hour, min, sec;
    long nsec;
    long zone_off;            /* seconds east of UTC */
    int64_t rel_sec;          /* relative seconds/minutes/hours/days/weeks */
    int rel_mon, rel_year;
    int last_kind;            /* 0 none, 1 seconds, 2 months, 3 years (for "ago") */
    int64_t last_sec;
    int last_mon, last_year;
} dparse;

static void skip_ws(dparse *d)
{
    while (*d->p == ' ' || *d->p == '\t' || *d->p == ',') d->p++;
}

static int word_len(const char *p)
{
    int n = 0;
    while (isalpha((unsigned char)p[n])) n++;
    return n;
}

static int word_is(const char *w, int n, const char *s)
{
    return (int)strlen(s) == n && !strncasecmp(w, s, (size_t)n);
}

static int month_of(const char *w, int n)
{
    for (int i = 0; i < 12; i++) {
        if (n >= 3 && !strncasecmp(w, mon_full[i], (size_t)n) && (size_t)n <= strlen(mon_full[i]))
            return i + 1;
        if (n == 4 && i == 8 && !strncasecmp(w, "sept", 4)) return 9;
    }
    return 0;
}

static int weekday_of(const char *w, int n)
{
    for (int i = 0; i < 7; i++)
        if (n >= 3 && (size_t)n <= strlen(day_full[i]) && !strncasecmp(w, day_full[i], (size_t)n))
            return i + 1;
    return 0;
}

/* Seconds per unit; -1 months, -2 years, -3 not a unit. */
static int64_t unit_secs1(const char *w, int n)
{
    if (word_is(w, n, "sec") || word_is(w, n, "second")) return 1;
    if (word_is(w, n, "min") || word_is(w, n, "minute")) return 60;
    if (word_is(w, n, "hour")) return 3600;
    if (word_is(w, n, "day")) return 86400;
    if (word_is(w, n, "week")) return 7 * 86400;
    if (word_is(w, n, "fortnight")) return 14 * 86400;
    if (word_is(w, n, "month")) return -1;
    if (word_is(w, n, "year")) return -2;
    return -3;
}

static int64_t unit_secs(const char *w, int n)
{
    int64_t u = unit_secs1(w, n);
    if (u == -3 && n > 1 && (w[n - 1] == 's' || w[n - 1] == 'S')) u = unit_secs1(w, n - 1);
    return u;
}

static void add_rel(dparse *d, int64_t k, int64_t unit)
{
    if (unit == -1) {
        d->rel_mon += (int)k;
        d->last_kind = 2;
        d->last_mon = (int)k;
    } else if (unit == -2) {
        d->rel_year += (int)k;
        d->last_kind = 3;
        d->last_year = (int)k;
    } else {
        d->rel_sec += k * unit;
        d->last_kind = 1;
        d->last_sec = k * unit;
    }
}

static int read_num(dparse *d, long long *v, int *ndig)
{
    const char *p = d->p;
    long long x = 0;
    int n = 0;
    while (*p >= '0' && *p <= '9') {
        if (n < 18) x = x * 10 + (*p - '0');
        p++;
        n++;
    }
    if (!n) return 0;
    d->p = p;
    *v = x;
    *ndig = n;
    return 1;
}

/* HH:MM[:SS[.frac]] [am|pm] [Z|UTC|GMT|+hh[:]mm]; d->p at the hours. */
static int parse_time(dparse *d, long long h)
{
    long long mi = 0, s = 0;
    int nd;
    if (*d->p != ':') return -1;
    d->p++;
    if (!read_num(d, &mi, &nd)) return -1;
    if (*d->p == ':') {
        d->p++;
        if (!read_num(d, &s, &nd)) return -1;
        if (*d->p == '.' || *d->p == ',') {
            d->p++;
            long frac = 0;
            int k = 0;
            while (*d->p >= '0' && *d->p <= '9') {
                if (k < 9) {
                    frac = frac * 10 + (*d->p - '0');
                    k++;
                }
                d->p++;
            }
            while (k < 9) {
                frac *= 10;
                k++;
            }
            d->nsec = frac;
        }
    }
    skip_ws(d);
    int wl = word_len(d->p);
    if (word_is(d->p, wl, "am") || word_is(d->p, wl, "pm")) {
        if (h < 1 || h > 12) return -1;
        if (h == 12) h = 0;
        if (tolower((unsigned char)d->p[0]) == 'p') h += 12;
        d->p += wl;
    }
    if (h > 24 || mi > 59 || s > 60) return -1;
    d->hour = (int)h;
    d->min = (int)mi;
    d->sec = (int)s;
    d->have_time = 1;
    skip_ws(d);
    wl = word_len(d->p);
    if (*d->p == 'Z' && wl == 1) {
        d->p++;
        d->have_zone = 1;
    } else if (word_is(d->p, wl, "utc") || word_is(d->p, wl, "gmt") || word_is(d->p, wl, "z")) {
        d->p += wl;
        d->have_zone = 1;
    }
    if ((*d->p == '+' || *d->p == '-') && d->p[1] >= '0' && d->p[1] <= '9') {
        /* a zone offset only right after a time: +hh, +hhmm, +hh:mm */
        const char *save = d->p;
        int sign = *d->p == '-' ? -1 : 1;
        d->p++;
        long long zh;
        if (!read_num(d, &zh, &nd)) return -1;
        long long zm = 0;
        if (nd == 4) {
            zm = zh % 100;
            zh /= 100;
        } else if (*d->p == ':') {
            d->p++;
            if (!read_num(d, &zm, &nd)) return -1;
        } else if (nd > 2) {
            d->p = save;
            return 0;
        }
        /* "+1 day" after a time is relative, not a zone */
        const char *q = d->p;
        while (*q == ' ') q++;
        if (nd <= 2 && unit_secs(q, word_len(q)) != -3 && word_len(q)) {
            d->p = save;
            return 0;
        }
        d->zone_off = sign * (long)(zh * 3600 + zm * 60);
        d->have_zone = 1;
    }
    return 0;
}

int fsu_parse_date(const char *s, int64_t now_ns, int64_t *ns)
{
    dparse d;
    memset(&d, 0, sizeof d);
    d.p = s;
    int64_t now = floor_div(now_ns, 1000000000);
    long now_nsec = (long)(now_ns - now * 1000000000);
    skip_ws(&d);
    if (*d.p == '@') {
        d.p++;
        int neg = 0;
        if (*d.p == '-' || *d.p == '+') neg = *d.p++ == '-';
        long long v;
        int nd;
        if (!read_num(&d, &v, &nd)) return -1;
        long frac = 0;
        if (*d.p == '.') {
            d.p++;
            int k = 0;
            while (*d.p >= '0' && *d.p <= '9') {
                if (k < 9) { frac = frac * 10 + (*d.p - '0'); k++; }
                d.p++;
            }
            while (k++ < 9) frac *= 10;
        }
        skip_ws(&d);
        if (*d.p) return -1;
        *ns = (neg ? -v : v) * 1000000000LL + (neg ? -frac : frac);
        return 0;
    }
    while (skip_ws(&d), *d.p) {
        const char *p = d.p;
        if (isdigit((unsigned char)*p)) {
            long long v = 0;
            int nd = 0;
            read_num(&d, &v, &nd);
            if (*d.p == '-' && nd == 4 && isdigit((unsigned char)d.p[1])) {
                /* YYYY-MM-DD */
                long long mo, da;
                d.p++;
                if (!read_num(&d, &mo, &nd) || *d.p != '-') return -1;
                d.p++;
                if (!read_num(&d, &da, &nd)) return -1;
                if (mo < 1 || mo > 12 || da < 1 || da > 31) return -1;
                d.year = (int)v;
                d.mon = (int)mo;
                d.mday = (int)da;
                d.have_date = 1;
                if (*d.p == 'T' || *d.p == 't') {
                    d.p++;
                    long long h;
                    if (!read_num(&d, &h, &nd) || parse_time(&d, h)) return -1;
                }
            } else if (*d.p == '/') {
                long long b2, c3 = -1;
                d.p++;
                if (!read_num(&d, &b2, &nd)) return -1;
                if (*d.p == '/') {
                    d.p++;
                    if (!read_num(&d, &c3, &nd)) return -1;
                }
                if (v > 31) { /* YYYY/MM/DD */
                    d.year = (int)v;
                    d.mon = (int)b2;
                    d.mday = (int)c3;
                } else {      /* MM/DD[/YY[YY]] */
                    d.mon = (int)v;
                    d.mday = (int)b2;
                    if (c3 < 0) {
                        fsu_tm tm;
                        fsu_gmtime(now, &tm);
                        d.year = tm.year;
                    } else {
                        d.year = (int)(c3 < 69 ? c3 + 2000 : c3 < 100 ? c3 + 1900 : c3);
                    }
                }
                if (d.mon < 1 || d.mon > 12 || d.mday < 1 || d.mday > 31) return -1;
                d.have_date = 1;
            } else if (*d.p == ':') {
                if (parse_time(&d, v)) return -1;
            } else if (nd == 8 && !d.have_date) {
                d.year = (int)(v / 10000);
                d.mon = (int)(v / 100 % 100);
                d.mday = (int)(v % 100);
                if (d.mon < 1 || d.mon > 12 || d.mday < 1 || d.mday > 31) return -1;
                d.have_date = 1;
            } else {
                skip_ws(&d);
                int wl = word_len(d.p);
                int mo = wl ? month_of(d.p, wl) : 0;
                int64_t unit = wl ? unit_secs(d.p, wl) : -3;
                if (mo) {
                    /* "2 Jan [2020]" */
                    d.p += wl;
                    d.mday = (int)v;
                    d.mon = mo;
                    skip_ws(&d);
                    long long y;
                    const char *save = d.p;
                    if (read_num(&d, &y, &nd) && nd == 4 && *d.p != ':') {
                        d.year = (int)y;
                    } else {
                        d.p = save;
                        fsu_tm tm;
                        fsu_gmtime(now, &tm);
                        d.year = tm.year;
                    }
                    d.have_date = 1;
                } else if (unit != -3) {
                    d.p += wl;
                    add_rel(&d, v, unit);
                } else if (nd == 4 && !d.have_time && !wl) {
                    /* bare HHMM or a year after a month name */
                    if (d.have_date) d.year = (int)v;
                    else {
                        d.hour = (int)(v / 100);
                        d.min = (int)(v % 100);
                        d.have_time = 1;
                    }
                } else {
                    return -1;
                }
            }
            continue;
        }
        if ((*p == '+' || *p == '-') && isdigit((unsigned char)p[1])) {
            int sign = *p == '-' ? -1 : 1;
            d.p++;
            long long v = 0;
            int nd = 0;
            read_num(&d, &v, &nd);
            skip_ws(&d);
            int wl = word_len(d.p);
            int64_t unit = wl ? unit_secs(d.p, wl) : -3;
            if (unit == -3) return -1;
            d.p += wl;
            add_rel(&d, sign * v, unit);
            continue;
        }
        int wl = word_len(p);
        if (!wl) return -1;
        int mo = month_of(p, wl);
        int64_t unit;
        if (mo) {
            /* "Jan 2 [2020] [10:00]" */
            d.p += wl;
            skip_ws(&d);
            long long day, y;
            int nd;
            if (!read_num(&d, &day, &nd)) return -1;
            d.mon = mo;
            d.mday = (int)day;
            skip_ws(&d);
            const char *save = d.p;
            if (read_num(&d, &y, &nd) && nd == 4 && *d.p != ':') {
                d.year = (int)y;
            } else {
                d.p = save;
                fsu_tm tm;
                fsu_gmtime(now, &tm);
                d.year = tm.year;
            }
            d.have_date = 1;
        } else if (weekday_of(p, wl)) {
            d.p += wl; /* a weekday name next to a date is redundant */
        } else if (word_is(p, wl, "now") || word_is(p, wl, "today")) {
            d.p += wl;
        } else if (word_is(p, wl, "yesterday")) {
            d.p += wl;
            add_rel(&d, -1, 86400);
        } else if (word_is(p, wl, "tomorrow")) {
            d.p += wl;
            add_rel(&d, 1, 86400);
        } else if (word_is(p, wl, "ago")) {
            d.p += wl;
            if (d.last_kind == 1) d.rel_sec -= 2 * d.last_sec;
            else if (d.last_kind == 2) d.rel_mon -= 2 * d.last_mon;
            else if (d.last_kind == 3) d.rel_year -= 2 * d.last_year;
            else return -1;
            d.last_kind = 0;
        } else if (word_is(p, wl, "next") || word_is(p, wl, "last") || word_is(p, wl, "this")) {
            int k = word_is(p, wl, "next") ? 1 : word_is(p, wl, "last") ? -1 : 0;
            d.p += wl;
            skip_ws(&d);
            int ul = word_len(d.p);
            unit = ul ? unit_secs(d.p, ul) : -3;
            if (unit == -3) return -1;
            d.p += ul;
            add_rel(&d, k, unit);
        } else if (word_is(p, wl, "noon") || word_is(p, wl, "midnight")) {
            d.p += wl;
            d.hour = word_is(p, wl, "noon") ? 12 : 0;
            d.min = d.sec = 0;
            d.have_time = 1;
        } else if (word_is(p, wl, "utc") || word_is(p, wl, "gmt") || word_is(p, wl, "z")) {
            d.p += wl;
            d.have_zone = 1;
        } else if ((unit = unit_secs(p, wl)) != -3) {
            d.p += wl;      /* "day" alone means "1 day" */
            add_rel(&d, 1, unit);
        } else if (*p == 'T' || *p == 't') {
            d.p++;
        } else {
            return -1;
        }
    }
    fsu_tm tm;
    fsu_gmtime(now, &tm);
    int64_t base;
    long nsec = 0;
    if (!d.have_date && !d.have_time) {
        base = now;
        nsec = now_nsec;
    } else {
        int y = d.have_date ? d.year : tm.year, m = d.have_date ? d.mon : tm.mon;
        int da = d.have_date ? d.mday : tm.mday;
        base = fsu_timegm(y, m, da, d.have_time ? d.hour : 0, d.have_time ? d.min : 0,
                          d.have_time ? d.sec : 0);
        nsec = d.have_time ? d.nsec : 0;
        base -= d.zone_off;
    }
    if (d.rel_mon || d.rel_year) {
        fsu_tm bt;
        fsu_gmtime(base, &bt);
        base = fsu_timegm(bt.year + d.rel_year, bt.mon + d.rel_mon, bt.mday, bt.hour, bt.min, bt.sec);
    }
    base += d.rel_sec;
    *ns = base * 1000000000LL + nsec;
    return 0;
}

int fsu_parse_touch_t(const char *s, int64_t now_ns, int64_t *ns)
{
    size_t n = strlen(s);
    const char *dot = strchr(s, '.');
    size_t main_len = dot ? (size_t)(dot - s) : n;
    int sec = 0;
    if (dot) {
        if (strlen(dot + 1) != 2 || !isdigit((unsigned char)dot[1]) || !isdigit((unsigned char)dot[2]))
            return -1;
        sec = (dot[1] - '0') * 10 + (dot[2] - '0');
    }
    if (main_len != 8 && main_len != 10 && main_len != 12) return -1;
    int dig[12];
    for (size_t i = 0; i < main_len; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        dig[i] = s[i] - '0';
    }
    int year;
    size_t k = 0;
    if (main_len == 12) {
        year = dig[0] * 1000 + dig[1] * 100 + dig[2] * 10 + dig[3];
        k = 4;
    } else if (main_len == 10) {
        int yy = dig[0] * 10 + dig[1];
        year = yy < 69 ? 2000 + yy : 1900 + yy;
        k = 2;
    } else {
        fsu_tm tm;
        fsu_gmtime(floor_div(now_ns, 1000000000), &tm);
        year = tm.year;
    }
    int mon = dig[k] * 10 + dig[k + 1], day = dig[k + 2] * 10 + dig[k + 3];
    int hour = dig[k + 4] * 10 + dig[k + 5], min = dig[k + 6] * 10 + dig[k + 7];
    if (mon < 1 || mon > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 60) return -1;
    *ns = fsu_timegm(year, mon, day, hour, min, sec) * 1000000000LL;
    return 0;
}

/* ---- sizes ------------------------------------------------------------------ */

void fsu_human(uint64_t n, int base, char out[32])
{
    static const char suf[] = "KMGTPEZY";
    if (n < (uint64_t)base) {
        snprintf(out, 32, "%llu", (unsigned long long)n);
        return;
    }
    unsigned __int128 p = 1;
    int e = 0;
    while ((unsigned __int128)n >= p * (unsigned)base) {
        p *= (unsigned)base;
        e++;
    }
    for (;;) {
        uint64_t q = (uint64_t)(n / p);
        unsigned __int128 rem = n % p;
        char sc = suf[e - 1];
        if (base == 1000 && sc == 'K') sc = 'k';
        if (q < 10) {
            uint64_t tenths = (uint64_t)((rem * 10 + p - 1) / p);
            if (tenths == 10) {
                q++;
                tenths = 0;
            }
            if (q < 10) {
                snprintf(out, 32, "%llu.%llu%c", (unsigned long long)q, (unsigned long long)tenths, sc);
                return;
            }
            snprintf(out, 32, "%llu%c", (unsigned long long)q, sc);
            return;
        }
        if (rem) q++;
        if (q >= (uint64_t)base && e < 8) {
            /* rounding reached the next unit: 1.0 of it */
            snprintf(out, 32, "1.0%c", suf[e]);
            return;
        }
        snprintf(out, 32, "%llu%c", (unsigned long long)q, sc);
        return;
    }
}

uint64_t fsu_blocks(const sk_stat *st)
{
    if (st->type == SK_FILE_DIR) return 8;
    if (st->type != SK_FILE_REGULAR) return 0;
    return (st->size + 4095) / 4096 * 8;
}

/* ---- patterns ---------------------------------------------------------------- */

static int class_match(const char *name, size_t len, int ch)
{
#define IS(s) (len == sizeof(s) - 1 && !memcmp(name, s, len))
    if (IS("alpha")) return isalpha(ch) != 0;
    if (IS("digit")) return isdigit(ch) != 0;
    if (IS("alnum")) return isalnum(ch) != 0;
    if (IS("upper")) return isupper(ch) != 0;
    if (IS("lower")) return islower(ch) != 0;
    if (IS("space")) return isspace(ch) != 0;
    if (IS("blank")) return ch == ' ' || ch == '\t';
    if (IS("punct")) return ispunct(ch) != 0;
    if (IS("print")) return isprint(ch) != 0;
    if (IS("graph")) return isgraph(ch) != 0;
    if (IS("cntrl")) return iscntrl(ch) != 0;
    if (IS("xdigit")) return isxdigit(ch) != 0;
#undef IS
    return -1;
}

/* Match one bracket expression at pat (just after '[') against ch.
 * Returns the length consumed (up to and including ']') with *ok, or 0 when
 * the bracket is not closed (then '[' is a literal). */
static size_t bracket(const char *pat, int ch, int fold, int *ok)
{
    const char *p = pat;
    int neg = 0, hit = 0;
    if (*p == '!' || *p == '^') {
        neg = 1;
        p++;
    }
    int first = 1;
    int lch = fold ? tolower(ch) : ch;
    while (*p && (first || *p != ']')) {
        first = 0;
        if (*p == '[' && p[1] == ':') {
            const char *e = strstr(p + 2, ":]");
            if (e) {
                int r = class_match(p + 2, (size_t)(e - p - 2), ch);
                if (r < 0) return 0;
                if (r || (fold && (class_match(p + 2, (size_t)(e - p - 2), toupper(ch)) > 0 ||
                                   class_match(p + 2, (size_t)(e - p - 2), tolower(ch)) > 0)))
                    hit = 1;
                p = e + 2;
                continue;
            }
        }
        int lo = (unsigned char)*p;
        if (*p == '\\' && p[1]) lo = (unsigned char)*++p;
        p++;
        int hi = lo;
        if (*p == '-' && p[1] && p[1] != ']') {
            p++;
            hi = (unsigned char)*p;
            if (*p == '\\' && p[1]) hi = (unsigned char)*++p;
            p++;
        }
        if (ch >= lo && ch <= hi) hit = 1;
        if (fold) {
            int u = toupper(ch), l = tolower(ch);
            if ((u >= lo && u <= hi) || (l >= lo && l <= hi) || (lch >= lo && lch <= hi)) hit = 1;
        }
    }
    if (*p != ']') return 0;
    *ok = hit != neg;
    return (size_t)(p - pat) + 1;
}

int fsu_fnmatch(const char *pat, const char *s, int flags)
{
    int fold = flags & FSU_FNM_CASEFOLD, pathname = flags & FSU_FNM_PATHNAME;
    const char *star_p = NULL, *star_s = NULL;
    const char *p = pat, *t = s;
    if ((flags & FSU_FNM_PERIOD) && *t == '.' && *p != '.') return 0;
    for (;;) {
        if (*p == '*') {
            while (*p == '*') p++;
            star_p = p;
            star_s = t;
            continue;
        }
        if (*t == 0) {
            if (*p == 0) return 1;
            goto backtrack;
        }
        {
            int ok = 0;
            size_t adv = 1;
            unsigned char tc = (unsigned char)*t;
            if (*p == '?') {
                ok = !(pathname && tc == '/');
            } else if (*p == '[') {
                int r = 0;
                size_t n = (pathname && tc == '/') ? 0 : bracket(p + 1, tc, fold, &r);
                if (n) {
                    ok = r;
                    adv = n + 1;
                } else {
                    ok = tc == '[';
                }
            } else if (*p) {
                unsigned char pc = (unsigned char)*p;
                if (pc == '\\' && p[1]) {
                    pc = (unsigned char)p[1];
                    adv = 2;
                }
                ok = fold ? tolower(pc) == tolower(tc) : pc == tc;
            }
            if (ok) {
                p += adv;
                t++;
                continue;
            }
        }
    backtrack:
        if (!star_p || *star_s == 0 || (pathname && *star_s == '/')) return 0;
        star_s++;
        p = star_p;
        t = star_s;
    }
}

/* ---- walk ------------------------------------------------------------------- */

void fsu_walk_init(fsu_walk *w, sk_cmd *c, const char *root, int follow, int want_post)
{
    memset(w, 0, sizeof *w);
    w->c = c;
    w->root = root;
    w->follow = follow;
    w->want_post = want_post;
    w->max_depth = -1;
    sk_buf_init(&w->path, c->a);
    sk_buf_init(&w->abs, c->a);
}

void fsu_walk_prune(fsu_walk *w) { w->skip = 1; }

static void frame_free(fsu_walk *w, fsu_frame *f)
{
    sk_vfs_dir_free(&f->dir);
    sk_free(w->c->a, f->abs);
    f->abs = NULL;
}

void fsu_walk_free(fsu_walk *w)
{
    while (w->nframes > 0) frame_free(w, &w->frames[--w->nframes]);
    sk_free(w->c->a, w->frames);
    w->frames = NULL;
    sk_buf_free(&w->path);
    sk_buf_free(&w->abs);
}

static int walk_set_abs(fsu_walk *w, const char *dir, const char *name)
{
    sk_buf_clear(&w->abs);
    if (sk_buf_puts(&w->abs, dir)) return SK_NOMEM;
    if ((w->abs.len == 0 || w->abs.p[w->abs.len - 1] != '/') && sk_buf_putc(&w->abs, '/'))
        return SK_NOMEM;
    return sk_buf_puts(&w->abs, name) ? SK_NOMEM : SK_OK;
}

/* stat the current w->abs into e, following links when asked; a dangling
 * link is reported as itself. */
static void walk_stat(fsu_walk *w, int follow, fsu_walk_ent *e)
{
    const sk_vfs *v = w->c->vfs;
    const char *abs = sk_buf_cstr(&w->abs);
    e->rc = follow ? sk_vfs_stat(v, "/", abs, &e->st) : sk_vfs_lstat(v, "/", abs, &e->st);
    if (follow && e->rc && e->rc != SK_NOMEM) {
        sk_stat lst;
        if (sk_vfs_lstat(v, "/", abs, &lst) == SK_OK && lst.type == SK_FILE_SYMLINK) {
            e->st = lst;
            e->rc = SK_OK;
        }
    }
}

/* Push a frame for directory entry e (listing it).  Returns SK_OK, an
 * error to report as FSU_W_ERR (the frame is still pushed, empty), or
 * SK_NOMEM. */
static int walk_push(fsu_walk *w, const fsu_walk_ent *e)
{
    if (w->nframes == w->cap) {
        int nc = w->cap ? w->cap * 2 : 8;
        fsu_frame *f = sk_realloc(w->c->a, w->frames, (size_t)nc * sizeof *f);
        if (!f) return SK_NOMEM;
        w->frames = f;
        w->cap = nc;
    }
    fsu_frame *f = &w->frames[w->nframes];
    memset(f, 0, sizeof *f);
    f->plen = w->path.len;
    f->st = e->st;
    f->dir.a = w->c->a;
    int rc = SK_OK;
    if (w->follow != FSU_FOLLOW_NONE) {
        rc = sk_vfs_resolve(w->c->vfs, "/", e->abs, 1, &f->abs);
    } else {
        f->abs = sk_strdup(w->c->a, e->abs);
        if (!f->abs) rc = SK_NOMEM;
    }
    if (rc == SK_NOMEM) return rc;
    if (!rc) rc = sk_vfs_list(w->c->vfs, "/", f->abs, &f->dir);
    if (rc == SK_NOMEM) {
        frame_free(w, f);
        return rc;
    }
    if (!f->abs) {
        f->abs = sk_strdup(w->c->a, e->abs);
        if (!f->abs) return SK_NOMEM;
    }
    w->nframes++;
    return rc;
}

int fsu_walk_next(fsu_walk *w, fsu_walk_ent *e)
{
    const sk_vfs *v = w->c->vfs;
    if (!w->root_done) {
        w->root_done = 1;
        memset(&w->cur, 0, sizeof w->cur);
        if (sk_buf_puts(&w->path, w->root)) return SK_NOMEM;
        int follow = w->follow != FSU_FOLLOW_NONE;
        sk_vfs_path p;
        int rc = sk_vfs_lookup(v, w->c->cwd, w->root, follow ? 0 : SK_VFS_NOFOLLOW, &p);
        if (rc && rc != SK_NOMEM && follow) {
            sk_vfs_path q;
            if (sk_vfs_lookup(v, w->c->cwd, w->root, SK_VFS_NOFOLLOW, &q) == SK_OK) {
                if (q.st.type == SK_FILE_SYMLINK) {
                    p = q;
                    rc = SK_OK;
                } else {
                    sk_vfs_path_free(v, &q);
                }
            }
        }
        if (rc == SK_NOMEM) return rc;
        sk_buf_clear(&w->abs);
        if (!rc) {
            int r = sk_buf_puts(&w->abs, p.path);
            w->cur.st = p.st;
            sk_vfs_path_free(v, &p);
            if (r) return SK_NOMEM;
        }
        w->cur.rc = rc;
        w->cur.depth = 0;
        w->cur.kind = FSU_W_PRE;
        w->cur.path = sk_buf_cstr(&w->path);
        w->cur.pathlen = w->path.len;
        size_t bl;
        w->cur.name = sk_vpath_basename(w->cur.path, w->cur.pathlen, &bl);
        w->cur.abs = sk_buf_cstr(&w->abs);
        w->state = !rc && w->cur.st.type == SK_FILE_DIR;
        w->skip = 0;
        *e = w->cur;
        return 1;
    }
    for (;;) {
        if (w->state == 1) {
            w->state = 0;
            int descend = !w->skip && (w->max_depth < 0 || w->cur.depth < w->max_depth);
            w->skip = 0;
            if (descend && w->follow == FSU_FOLLOW_ALL) {
                for (int i = 0; i < w->nframes; i++) {
                    if (w->frames[i].st.ino == w->cur.st.ino && w->cur.st.ino) {
                        e->kind = FSU_W_LOOP;
                        e->path = w->cur.path;
                        e->pathlen = w->cur.pathlen;
                        e->depth = i;   /* the ancestor it repeats */
                        e->rc = SK_ELOOP;
                        return 1;
                    }
                }
            }
            if (descend) {
                int rc = walk_push(w, &w->cur);
                if (rc == SK_NOMEM) return rc;
                if (rc) {
                    e->kind = FSU_W_ERR;
                    e->path = w->cur.path;
                    e->pathlen = w->cur.pathlen;
                    e->depth = w->cur.depth;
                    e->rc = rc;
                    e->st = w->cur.st;
                    e->abs = w->cur.abs;
                    return 1;
                }
            }
        }
        w->skip = 0;
        if (w->nframes == 0) return 0;
        fsu_frame *f = &w->frames[w->nframes - 1];
        if (f->i < f->dir.n) {
            const sk_vfs_dirent *de = &f->dir.ents[f->i++];
            w->path.len = f->plen;
            if (w->path.p) w->path.p[w->path.len] = 0;
            if ((w->path.len == 0 || w->path.p[w->path.len - 1] != '/') && sk_buf_putc(&w->path, '/'))
                return SK_NOMEM;
            size_t name_off = w->path.len;
            if (sk_buf_put(&w->path, de->name, de->len)) return SK_NOMEM;
            if (walk_set_abs(w, f->abs, de->name)) return SK_NOMEM;
            memset(&w->cur, 0, sizeof w->cur);
            walk_stat(w, w->follow == FSU_FOLLOW_ALL, &w->cur);
            if (w->cur.rc == SK_NOMEM) return SK_NOMEM;
            w->cur.kind = FSU_W_PRE;
            w->cur.depth = w->nframes;
            w->cur.path = w->path.p;
            w->cur.pathlen = w->path.len;
            w->cur.name = w->path.p + name_off;
            w->cur.abs = sk_buf_cstr(&w->abs);
            w->state = !w->cur.rc && w->cur.st.type == SK_FILE_DIR;
            *e = w->cur;
            return 1;
        }
        /* directory done */
        w->path.len = f->plen;
        if (w->path.p) w->path.p[w->path.len] = 0;
        sk_buf_clear(&w->abs);
        int r = sk_buf_puts(&w->abs, f->abs);
        sk_stat st = f->st;
        frame_free(w, f);
        w->nframes--;
        if (r) return SK_NOMEM;
        if (!w->want_post) continue;
        memset(e, 0, sizeof *e);
        e->kind = FSU_W_POST;
        e->path = sk_buf_cstr(&w->path);
        e->pathlen = w->path.len;
        size_t bl;
        e->name = sk_vpath_basename(e->path, e->pathlen, &bl);
        e->abs = sk_buf_cstr(&w->abs);
        e->depth = w->nframes;
        e->st = st;
        return 1;
    }
}

/* ---- paths ---------------------------------------------------------------- */

int fsu_last_name(sk_buf *out, const char *path)
{
    size_t bl;
    const char *b = sk_vpath_basename(path, strlen(path), &bl);
    sk_buf_clear(out);
    return sk_buf_put(out, b, bl) || sk_buf_puts(out, "");
}

int fsu_join(sk_buf *out, const char *dir, const char *name)
{
    sk_buf_clear(out);
    if (sk_buf_puts(out, dir)) return -1;
    if (out->len && out->p[out->len - 1] != '/' && sk_buf_putc(out, '/')) return -1;
    return sk_buf_puts(out, name);
}
