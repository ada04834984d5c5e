/* time.c — jq's date builtins: now, gmtime, localtime, mktime, strftime,
 * strflocaltime, strptime, todate, fromdate, dateadd, datesub, date.
 * Calendar arithmetic, formatting and parsing are done here (C locale,
 * UTC: the sandbox has no time zone), never through the host's libc
 * time functions; "now" comes from the sandbox clock. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/datetime.h"
#include "eval.h"

typedef struct btime {
    long long year;     /* full year */
    int mon, mday, hour, min, wday, yday;
    double sec;
} btime;

/* Calendar arithmetic is src/base/datetime's. */
static long long days_from_civil(long long y, int m, int d) { return dt_days_from_civil(y, m, d); }

static void civil_from_days(long long z, long long *y, int *m, int *d)
{
    int64_t yy;
    dt_civil_from_days(z, &yy, m, d);
    *y = yy;
}

static void fill_derived(btime *t)
{
    long long days = days_from_civil(t->year, t->mon + 1, t->mday);
    t->wday = (int)(((days % 7) + 11) % 7);    /* 1970-01-01 was a Thursday */
    t->yday = (int)(days - days_from_civil(t->year, 1, 1));
}

static void to_btime(double secs, btime *t)
{
    double fl = floor(secs);
    long long s = (long long)fl;
    long long days = s >= 0 ? s / 86400 : -((-s + 86399) / 86400);
    long long rem = s - days * 86400;
    civil_from_days(days, &t->year, &t->mon, &t->mday);
    t->mon -= 1;
    t->hour = (int)(rem / 3600);
    t->min = (int)(rem % 3600 / 60);
    t->sec = (double)(rem % 60) + (secs - fl);
    fill_derived(t);
}

static double from_btime(const btime *t)
{
    /* normalise months like timegm */
    long long y = t->year, m = t->mon;
    y += m / 12;
    m %= 12;
    if (m < 0) { m += 12; y--; }
    long long days = days_from_civil(y, (int)m + 1, 1) + t->mday - 1;
    return (double)days * 86400.0 + t->hour * 3600.0 + t->min * 60.0 + floor(t->sec);
}

static jv btime_jv(jq_run *r, const btime *t)
{
    jvh *h = &r->h;
    jv a = jqv_array(h);
    a = jqv_array_append(h, a, jqv_number((double)t->year));
    a = jqv_array_append(h, a, jqv_number(t->mon));
    a = jqv_array_append(h, a, jqv_number(t->mday));
    a = jqv_array_append(h, a, jqv_number(t->hour));
    a = jqv_array_append(h, a, jqv_number(t->min));
    a = jqv_array_append(h, a, jqv_number(t->sec));
    a = jqv_array_append(h, a, jqv_number(t->wday));
    a = jqv_array_append(h, a, jqv_number(t->yday));
    return a;
}

static int jqv_btime(jq_run *r, jv a, btime *t, const char *what)
{
    if (a.kind != JV_ARRAY) return jq_errorf(r, "%s requires array inputs", what);
    if (jqv_array_len(a) < 6) return jq_errorf(r, "%s requires parsed datetime inputs", what);
    double v[8] = { 0 };
    for (size_t i = 0; i < jqv_array_len(a) && i < 8; i++) {
        jv x = jqv_array_at(a, i);
        if (x.kind != JV_NUMBER) return jq_errorf(r, "%s requires parsed datetime inputs", what);
        v[i] = jqv_num(x);
    }
    t->year = (long long)v[0];
    t->mon = (int)v[1];
    t->mday = (int)v[2];
    t->hour = (int)v[3];
    t->min = (int)v[4];
    t->sec = v[5];
    t->wday = (int)v[6];
    t->yday = (int)v[7];
    return JQ_OK;
}

static const char *const wdays[] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char *const months[] = { "January", "February", "March", "April", "May", "June", "July",
                                      "August", "September", "October", "November", "December" };

/* jq formats a broken-down UTC time (C strftime semantics) */
static void fmt_time(sk_buf *b, const char *f, const btime *t, int local)
{
    (void)local;  /* localtime is UTC in the sandbox */
    dt_tm tm;
    memset(&tm, 0, sizeof tm);
    tm.year = t->year;
    tm.mon = ((t->mon % 12) + 12) % 12 + 1;
    tm.mday = t->mday;
    tm.hour = t->hour;
    tm.min = t->min;
    tm.sec = (int)t->sec;
    tm.wday = ((t->wday % 7) + 7) % 7;
    tm.yday = t->yday;
    tm.zone = "UTC";
    dt_format(b, f, &tm, 0);
}

/* ---- strptime ----------------------------------------------------------------------- */

static int match_name(const char **s, const char *const *names, int n, int *out)
{
    for (int i = 0; i < n; i++) {
        size_t full = strlen(names[i]);
        if (strncasecmp(*s, names[i], full) == 0) { *s += full; *out = i; return 1; }
    }
    for (int i = 0; i < n; i++) {
        if (strncasecmp(*s, names[i], 3) == 0) { *s += 3; *out = i; return 1; }
    }
    return 0;
}

static int num(const char **s, int maxd, long long *out, int allow_sign)
{
    const char *p = *s;
    int neg = 0;
    while (*p == ' ') p++;
    if (allow_sign && (*p == '-' || *p == '+')) { neg = *p == '-'; p++; }
    long long v = 0;
    int d = 0;
    while (d < maxd && *p >= '0' && *p <= '9') { v = v * 10 + (*p - '0'); p++; d++; }
    if (!d) return 0;
    *s = p;
    *out = neg ? -v : v;
    return 1;
}

static int parse_time(const char *s, const char *f, btime *t)
{
    memset(t, 0, sizeof *t);
    t->year = 1900;
    t->mday = 1;
    int pm = -1;
    long long v;
    for (; *f; f++) {
        if (*f == ' ' || *f == '\t' || *f == '\n') {
            while (*s == ' ' || *s == '\t' || *s == '\n') s++;
            continue;
        }
        if (*f != '%') {
            if (*s != *f) return 0;
            s++;
            continue;
        }
        f++;
        switch (*f) {
        case 'Y': if (!num(&s, 4, &v, 1)) return 0; t->year = v; break;
        case 'm': if (!num(&s, 2, &v, 0) || v < 1 || v > 12) return 0; t->mon = (int)v - 1; break;
        case 'd': case 'e': if (!num(&s, 2, &v, 0) || v < 1 || v > 31) return 0; t->mday = (int)v; break;
        case 'H': case 'k': if (!num(&s, 2, &v, 0) || v > 23) return 0; t->hour = (int)v; break;
        case 'I': case 'l': if (!num(&s, 2, &v, 0) || v < 1 || v > 12) return 0; t->hour = (int)v % 12; break;
        case 'M': if (!num(&s, 2, &v, 0) || v > 59) return 0; t->min = (int)v; break;
        case 'S': if (!num(&s, 2, &v, 0) || v > 61) return 0; t->sec = (double)v; break;
        case 'j': if (!num(&s, 3, &v, 0) || v < 1 || v > 366) return 0; t->yday = (int)v - 1; break;
        case 'y': if (!num(&s, 2, &v, 0)) return 0; t->year = v < 69 ? 2000 + v : 1900 + v; break;
        case 'C': if (!num(&s, 2, &v, 0)) return 0; t->year = v * 100 + t->year % 100; break;
        case 'a': case 'A': { int w; if (!match_name(&s, wdays, 7, &w)) return 0; t->wday = w; break; }
        case 'b': case 'B': case 'h': { int m; if (!match_name(&s, months, 12, &m)) return 0; t->mon = m; break; }
        case 'p': case 'P':
            if (strncasecmp(s, "AM", 2) == 0) pm = 0;
            else if (strncasecmp(s, "PM", 2) == 0) pm = 1;
            else return 0;
            s += 2;
            break;
        case 'T':
            if (!parse_time(s, "%H:%M:%S", t)) return 0;
            s += 8;
            break;
        case 'R': {
            btime u;
            if (!num(&s, 2, &v, 0)) return 0;
            u.hour = (int)v;
            if (*s++ != ':' || !num(&s, 2, &v, 0)) return 0;
            t->hour = u.hour;
            t->min = (int)v;
            break;
        }
        case 'D': {
            long long mo, d, y;
            if (!num(&s, 2, &mo, 0) || *s++ != '/' || !num(&s, 2, &d, 0) || *s++ != '/' || !num(&s, 2, &y, 0)) return 0;
            t->mon = (int)mo - 1;
            t->mday = (int)d;
            t->year = y < 69 ? 2000 + y : 1900 + y;
            break;
        }
        case 'F': {
            long long y, mo, d;
            if (!num(&s, 6, &y, 1) || *s++ != '-' || !num(&s, 2, &mo, 0) || *s++ != '-' || !num(&s, 2, &d, 0)) return 0;
            t->year = y;
            t->mon = (int)mo - 1;
            t->mday = (int)d;
            break;
        }
        case 's': {
            if (!num(&s, 20, &v, 1)) return 0;
            to_btime((double)v, t);
            break;
        }
        case 'z':
            if (*s == 'Z') { s++; break; }
            if (*s != '+' && *s != '-') return 0;
            s++;
            for (int i = 0; i < 4; i++) {
                if (*s == ':') s++;
                if (*s < '0' || *s > '9') return 0;
                s++;
            }
            break;
        case 'Z':
            while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) s++;
            break;
        case 'n': case 't':
            while (*s == ' ' || *s == '\t' || *s == '\n') s++;
            break;
        case '%':
            if (*s++ != '%') return 0;
            break;
        default:
            return 0;
        }
        if (!*f) break;
    }
    if (*s) return 0;
    if (pm == 1) t->hour += 12;
    return 1;
}

/* ---- builtins ------------------------------------------------------------------------- */

static int gm(jq_run *r, jv in, jv *out, const char *name)
{
    if (in.kind != JV_NUMBER) { jqv_free(&r->h, in); return jq_errorf(r, "%s() requires numeric inputs", name); }
    btime t;
    to_btime(jqv_num(in), &t);
    jqv_free(&r->h, in);
    *out = btime_jv(r, &t);
    return jq_check_heap(r);
}

int jqn_gmtime_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return gm(r, in, out, "gmtime"); }
int jqn_localtime_0(jq_run *r, jv in, jv *args, jv *out) { (void)args; return gm(r, in, out, "localtime"); }

int jqn_mktime_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    btime t;
    int st = jqv_btime(r, in, &t, "mktime");
    jqv_free(&r->h, in);
    if (st) return st;
    *out = jqv_number(from_btime(&t));
    return JQ_OK;
}

static int strf(jq_run *r, jv in, jv *args, jv *out, int local)
{
    const char *name = local ? "strflocaltime/1" : "strftime/1";
    if (in.kind == JV_NUMBER) {
        btime t;
        to_btime(jqv_num(in), &t);
        jqv_free(&r->h, in);
        in = btime_jv(r, &t);
    } else if (in.kind != JV_ARRAY) {
        jqv_free(&r->h, in);
        jqv_free(&r->h, args[0]);
        return jq_errorf(r, "%s requires parsed datetime inputs", name);
    }
    if (args[0].kind != JV_STRING) {
        jqv_free(&r->h, in);
        jqv_free(&r->h, args[0]);
        return jq_errorf(r, "%s requires a string format", name);
    }
    btime t;
    int st = jqv_btime(r, in, &t, name);
    jqv_free(&r->h, in);
    if (st) { jqv_free(&r->h, args[0]); return st; }
    sk_buf b = SK_BUF_INIT(r->h.a);
    fmt_time(&b, jqv_str_p(args[0]), &t, local);
    jqv_free(&r->h, args[0]);
    *out = jqv_string(&r->h, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return jq_check_heap(r);
}

int jqn_strftime_1(jq_run *r, jv in, jv *args, jv *out) { return strf(r, in, args, out, 0); }
int jqn_strflocaltime_1(jq_run *r, jv in, jv *args, jv *out) { return strf(r, in, args, out, 1); }

int jqn_strptime_1(jq_run *r, jv in, jv *args, jv *out)
{
    if (in.kind != JV_STRING || args[0].kind != JV_STRING) {
        jqv_free(&r->h, in);
        jqv_free(&r->h, args[0]);
        return jq_errorf(r, "strptime/1 requires string inputs and arguments");
    }
    btime t;
    if (!parse_time(jqv_str_p(in), jqv_str_p(args[0]), &t)) {
        int st = jq_errorf(r, "date \"%s\" does not match format \"%s\"", jqv_str_p(in), jqv_str_p(args[0]));
        jqv_free(&r->h, in);
        jqv_free(&r->h, args[0]);
        return st;
    }
    /* normalise and compute wday/yday, as jq does with timegm */
    btime n;
    to_btime(from_btime(&t), &n);
    jqv_free(&r->h, in);
    jqv_free(&r->h, args[0]);
    *out = btime_jv(r, &n);
    return jq_check_heap(r);
}

int jqn_now_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jqv_free(&r->h, in);
    int64_t ns = r->now_ns ? r->now_ns(r->host) : 0;
    *out = jqv_number((double)ns / 1e9);
    return JQ_OK;
}

int jqn_todate_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jv fmt = jqv_string_z(&r->h, "%Y-%m-%dT%H:%M:%SZ");
    return strf(r, in, &fmt, out, 0);
}

int jqn_todateiso8601_0(jq_run *r, jv in, jv *args, jv *out) { return jqn_todate_0(r, in, args, out); }
int jqn_date_0(jq_run *r, jv in, jv *args, jv *out) { return jqn_todate_0(r, in, args, out); }

int jqn_fromdate_0(jq_run *r, jv in, jv *args, jv *out)
{
    (void)args;
    jv fmt = jqv_string_z(&r->h, "%Y-%m-%dT%H:%M:%SZ");
    jv tm;
    int st = jqn_strptime_1(r, in, &fmt, &tm);
    if (st) return st;
    return jqn_mktime_0(r, tm, NULL, out);
}

int jqn_fromdateiso8601_0(jq_run *r, jv in, jv *args, jv *out) { return jqn_fromdate_0(r, in, args, out); }

int jqn_dateadd_2(jq_run *r, jv in, jv *args, jv *out)
{
    jqv_free(&r->h, args[0]);
    return jq_binop(r, '+', in, args[1], out);
}

int jqn_datesub_2(jq_run *r, jv in, jv *args, jv *out)
{
    jqv_free(&r->h, args[0]);
    return jq_binop(r, '-', in, args[1], out);
}
