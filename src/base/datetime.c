/* datetime.c — see datetime.h.  Calendar: proleptic Gregorian on int64
 * days.  Zones: POSIX TZ rules and a table of IANA names with today's
 * rules.  strftime and the date-string grammar follow gnulib's nstrftime
 * and parse-datetime (rewritten from their documented behaviour). */
#include "datetime.h"

#include <stdio.h>
#include <string.h>

/* ---- calendar ----------------------------------------------------------- */

static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int is_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int dt_days_in_month(int64_t y, int m)
{
    static const unsigned char dm[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (m < 1 || m > 12) return 0;
    return dm[m - 1] + (m == 2 && is_leap(y));
}

int64_t dt_days_from_civil(int64_t y, int64_t m, int64_t d)
{
    int64_t carry = floordiv(m - 1, 12);
    y += carry;
    m -= carry * 12;
    y -= m <= 2;
    int64_t era = floordiv(y, 400);
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468 + (d - 1);
}

void dt_civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
    z += 719468;
    int64_t era = floordiv(z, 146097);
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

/* ---- zones ----------------------------------------------------------------- */

typedef struct zone_name {
    const char *name;
    const char *rule;
} zone_name;

/* IANA names and the POSIX rule each follows today (tzdata 2024). */
static const zone_name zone_names[] = {
    { "Africa/Abidjan", "GMT0" }, { "Africa/Accra", "GMT0" }, { "Africa/Addis_Ababa", "EAT-3" },
    { "Africa/Algiers", "CET-1" }, { "Africa/Cairo", "EET-2EEST,M4.5.5/0,M10.5.4/24" },
    { "Africa/Casablanca", "<+01>-1" }, { "Africa/Dakar", "GMT0" }, { "Africa/Dar_es_Salaam", "EAT-3" },
    { "Africa/Johannesburg", "SAST-2" }, { "Africa/Kampala", "EAT-3" }, { "Africa/Khartoum", "CAT-2" },
    { "Africa/Kinshasa", "WAT-1" }, { "Africa/Lagos", "WAT-1" }, { "Africa/Luanda", "WAT-1" },
    { "Africa/Maputo", "CAT-2" }, { "Africa/Nairobi", "EAT-3" }, { "Africa/Tripoli", "EET-2" },
    { "Africa/Tunis", "CET-1" }, { "Africa/Windhoek", "CAT-2" },
    { "America/Anchorage", "AKST9AKDT,M3.2.0,M11.1.0" }, { "America/Argentina/Buenos_Aires", "<-03>3" },
    { "America/Asuncion", "<-03>3" }, { "America/Bogota", "<-05>5" }, { "America/Buenos_Aires", "<-03>3" },
    { "America/Caracas", "<-04>4" }, { "America/Chicago", "CST6CDT,M3.2.0,M11.1.0" },
    { "America/Costa_Rica", "CST6" }, { "America/Denver", "MST7MDT,M3.2.0,M11.1.0" },
    { "America/Detroit", "EST5EDT,M3.2.0,M11.1.0" }, { "America/Edmonton", "MST7MDT,M3.2.0,M11.1.0" },
    { "America/El_Salvador", "CST6" }, { "America/Guatemala", "CST6" },
    { "America/Halifax", "AST4ADT,M3.2.0,M11.1.0" }, { "America/Havana", "CST5CDT,M3.2.0/0,M11.1.0/1" },
    { "America/Indiana/Indianapolis", "EST5EDT,M3.2.0,M11.1.0" },
    { "America/Indianapolis", "EST5EDT,M3.2.0,M11.1.0" }, { "America/Jamaica", "EST5" },
    { "America/La_Paz", "<-04>4" }, { "America/Lima", "<-05>5" },
    { "America/Los_Angeles", "PST8PDT,M3.2.0,M11.1.0" }, { "America/Managua", "CST6" },
    { "America/Mexico_City", "CST6" }, { "America/Monterrey", "CST6" }, { "America/Montevideo", "<-03>3" },
    { "America/Montreal", "EST5EDT,M3.2.0,M11.1.0" }, { "America/Nassau", "EST5EDT,M3.2.0,M11.1.0" },
    { "America/New_York", "EST5EDT,M3.2.0,M11.1.0" }, { "America/Panama", "EST5" },
    { "America/Phoenix", "MST7" }, { "America/Puerto_Rico", "AST4" }, { "America/Regina", "CST6" },
    { "America/Santiago", "<-04>4<-03>,M9.1.6/24,M4.1.6/24" }, { "America/Santo_Domingo", "AST4" },
    { "America/Sao_Paulo", "<-03>3" }, { "America/St_Johns", "NST3:30NDT,M3.2.0,M11.1.0" },
    { "America/Tijuana", "PST8PDT,M3.2.0,M11.1.0" }, { "America/Toronto", "EST5EDT,M3.2.0,M11.1.0" },
    { "America/Vancouver", "PST8PDT,M3.2.0,M11.1.0" }, { "America/Winnipeg", "CST6CDT,M3.2.0,M11.1.0" },
    { "Antarctica/McMurdo", "NZST-12NZDT,M9.5.0,M4.1.0/3" }, { "Arctic/Longyearbyen", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Asia/Almaty", "<+05>-5" }, { "Asia/Amman", "<+03>-3" }, { "Asia/Baghdad", "<+03>-3" },
    { "Asia/Bahrain", "<+03>-3" }, { "Asia/Baku", "<+04>-4" }, { "Asia/Bangkok", "<+07>-7" },
    { "Asia/Beirut", "EET-2EEST,M3.5.0/0,M10.5.0/0" }, { "Asia/Calcutta", "IST-5:30" },
    { "Asia/Chongqing", "CST-8" }, { "Asia/Colombo", "<+0530>-5:30" }, { "Asia/Damascus", "<+03>-3" },
    { "Asia/Dhaka", "<+06>-6" }, { "Asia/Dubai", "<+04>-4" }, { "Asia/Ho_Chi_Minh", "<+07>-7" },
    { "Asia/Hong_Kong", "HKT-8" }, { "Asia/Istanbul", "<+03>-3" }, { "Asia/Jakarta", "WIB-7" },
    { "Asia/Jerusalem", "IST-2IDT,M3.4.4/26,M10.5.0" }, { "Asia/Kabul", "<+0430>-4:30" },
    { "Asia/Karachi", "PKT-5" }, { "Asia/Kathmandu", "<+0545>-5:45" }, { "Asia/Katmandu", "<+0545>-5:45" },
    { "Asia/Kolkata", "IST-5:30" }, { "Asia/Kuala_Lumpur", "<+08>-8" }, { "Asia/Kuwait", "<+03>-3" },
    { "Asia/Macau", "CST-8" }, { "Asia/Manila", "PST-8" }, { "Asia/Muscat", "<+04>-4" },
    { "Asia/Nicosia", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Asia/Novosibirsk", "<+07>-7" },
    { "Asia/Qatar", "<+03>-3" }, { "Asia/Riyadh", "<+03>-3" }, { "Asia/Saigon", "<+07>-7" },
    { "Asia/Seoul", "KST-9" }, { "Asia/Shanghai", "CST-8" }, { "Asia/Singapore", "<+08>-8" },
    { "Asia/Taipei", "CST-8" }, { "Asia/Tashkent", "<+05>-5" }, { "Asia/Tbilisi", "<+04>-4" },
    { "Asia/Tehran", "<+0330>-3:30" }, { "Asia/Tel_Aviv", "IST-2IDT,M3.4.4/26,M10.5.0" },
    { "Asia/Tokyo", "JST-9" }, { "Asia/Ulaanbaatar", "<+08>-8" }, { "Asia/Vladivostok", "<+10>-10" },
    { "Asia/Yangon", "<+0630>-6:30" }, { "Asia/Yekaterinburg", "<+05>-5" }, { "Asia/Yerevan", "<+04>-4" },
    { "Atlantic/Azores", "<-01>1<+00>,M3.5.0/0,M10.5.0/1" }, { "Atlantic/Canary", "WET0WEST,M3.5.0/1,M10.5.0" },
    { "Atlantic/Reykjavik", "GMT0" }, { "Australia/ACT", "AEST-10AEDT,M10.1.0,M4.1.0/3" },
    { "Australia/Adelaide", "ACST-9:30ACDT,M10.1.0,M4.1.0/3" }, { "Australia/Brisbane", "AEST-10" },
    { "Australia/Canberra", "AEST-10AEDT,M10.1.0,M4.1.0/3" }, { "Australia/Darwin", "ACST-9:30" },
    { "Australia/Hobart", "AEST-10AEDT,M10.1.0,M4.1.0/3" }, { "Australia/Melbourne", "AEST-10AEDT,M10.1.0,M4.1.0/3" },
    { "Australia/NSW", "AEST-10AEDT,M10.1.0,M4.1.0/3" }, { "Australia/Perth", "AWST-8" },
    { "Australia/Queensland", "AEST-10" }, { "Australia/South", "ACST-9:30ACDT,M10.1.0,M4.1.0/3" },
    { "Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3" }, { "Australia/Victoria", "AEST-10AEDT,M10.1.0,M4.1.0/3" },
    { "Australia/West", "AWST-8" }, { "Brazil/East", "<-03>3" }, { "CET", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Canada/Atlantic", "AST4ADT,M3.2.0,M11.1.0" }, { "Canada/Central", "CST6CDT,M3.2.0,M11.1.0" },
    { "Canada/Eastern", "EST5EDT,M3.2.0,M11.1.0" }, { "Canada/Mountain", "MST7MDT,M3.2.0,M11.1.0" },
    { "Canada/Pacific", "PST8PDT,M3.2.0,M11.1.0" }, { "EET", "EET-2EEST,M3.5.0/3,M10.5.0/4" },
    { "EST", "EST5" }, { "Egypt", "EET-2EEST,M4.5.5/0,M10.5.4/24" }, { "Eire", "GMT0IST,M3.5.0/1,M10.5.0" },
    { "Etc/GMT", "GMT0" }, { "Etc/Greenwich", "GMT0" }, { "Etc/UCT", "UTC0" }, { "Etc/UTC", "UTC0" },
    { "Etc/Universal", "UTC0" }, { "Etc/Zulu", "UTC0" },
    { "Europe/Amsterdam", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Andorra", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Athens", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Europe/Belfast", "GMT0BST,M3.5.0/1,M10.5.0" },
    { "Europe/Belgrade", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Bratislava", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Brussels", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Bucharest", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Europe/Budapest", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Chisinau", "EET-2EEST,M3.5.0,M10.5.0/3" }, { "Europe/Copenhagen", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Dublin", "GMT0IST,M3.5.0/1,M10.5.0" }, { "Europe/Gibraltar", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Guernsey", "GMT0BST,M3.5.0/1,M10.5.0" }, { "Europe/Helsinki", "EET-2EEST,M3.5.0/3,M10.5.0/4" },
    { "Europe/Isle_of_Man", "GMT0BST,M3.5.0/1,M10.5.0" }, { "Europe/Istanbul", "<+03>-3" },
    { "Europe/Jersey", "GMT0BST,M3.5.0/1,M10.5.0" }, { "Europe/Kaliningrad", "EET-2" },
    { "Europe/Kiev", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Europe/Kyiv", "EET-2EEST,M3.5.0/3,M10.5.0/4" },
    { "Europe/Lisbon", "WET0WEST,M3.5.0/1,M10.5.0" }, { "Europe/Ljubljana", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/London", "GMT0BST,M3.5.0/1,M10.5.0" }, { "Europe/Luxembourg", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Madrid", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Malta", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Minsk", "<+03>-3" }, { "Europe/Monaco", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Moscow", "MSK-3" }, { "Europe/Nicosia", "EET-2EEST,M3.5.0/3,M10.5.0/4" },
    { "Europe/Oslo", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Paris", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Prague", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Riga", "EET-2EEST,M3.5.0/3,M10.5.0/4" },
    { "Europe/Rome", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Samara", "<+04>-4" },
    { "Europe/Sarajevo", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Skopje", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Sofia", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Europe/Stockholm", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Tallinn", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Europe/Tirane", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Vaduz", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Vienna", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Vilnius", "EET-2EEST,M3.5.0/3,M10.5.0/4" }, { "Europe/Warsaw", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Europe/Zagreb", "CET-1CEST,M3.5.0,M10.5.0/3" }, { "Europe/Zurich", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "GB", "GMT0BST,M3.5.0/1,M10.5.0" }, { "GMT", "GMT0" }, { "Greenwich", "GMT0" }, { "HST", "HST10" },
    { "Hongkong", "HKT-8" }, { "Iceland", "GMT0" }, { "Indian/Maldives", "<+05>-5" },
    { "Indian/Mauritius", "<+04>-4" }, { "Iran", "<+0330>-3:30" }, { "Israel", "IST-2IDT,M3.4.4/26,M10.5.0" },
    { "Japan", "JST-9" }, { "MET", "MET-1MEST,M3.5.0,M10.5.0/3" }, { "MST", "MST7" },
    { "NZ", "NZST-12NZDT,M9.5.0,M4.1.0/3" }, { "Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3" },
    { "Pacific/Fiji", "<+12>-12" }, { "Pacific/Guam", "ChST-10" }, { "Pacific/Honolulu", "HST10" },
    { "Pacific/Port_Moresby", "<+10>-10" }, { "Pacific/Tongatapu", "<+13>-13" }, { "Poland", "CET-1CEST,M3.5.0,M10.5.0/3" },
    { "Portugal", "WET0WEST,M3.5.0/1,M10.5.0" }, { "PRC", "CST-8" }, { "ROC", "CST-8" }, { "ROK", "KST-9" },
    { "Singapore", "<+08>-8" }, { "Turkey", "<+03>-3" }, { "UCT", "UTC0" },
    { "US/Alaska", "AKST9AKDT,M3.2.0,M11.1.0" }, { "US/Arizona", "MST7" },
    { "US/Central", "CST6CDT,M3.2.0,M11.1.0" }, { "US/Eastern", "EST5EDT,M3.2.0,M11.1.0" },
    { "US/Hawaii", "HST10" }, { "US/Mountain", "MST7MDT,M3.2.0,M11.1.0" },
    { "US/Pacific", "PST8PDT,M3.2.0,M11.1.0" }, { "UTC", "UTC0" }, { "Universal", "UTC0" },
    { "W-SU", "MSK-3" }, { "WET", "WET0WEST,M3.5.0/1,M10.5.0" }, { "Zulu", "UTC0" },
};

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

static const char *parse_name(const char *p, char *out, size_t cap)
{
    size_t n = 0;
    if (*p == '<') {
        const char *q = p + 1;
        while (*q && *q != '>') q++;
        if (*q != '>') return NULL;
        for (const char *r = p + 1; r < q && n + 1 < cap; r++) out[n++] = *r;
        out[n] = 0;
        return q + 1;
    }
    const char *q = p;
    while (is_alpha(*q)) q++;
    if (q - p < 3) return NULL;
    for (const char *r = p; r < q && n + 1 < cap; r++) out[n++] = *r;
    out[n] = 0;
    return q;
}

/* [+-]hh[:mm[:ss]] as seconds; NULL when absent. */
static const char *parse_hms(const char *p, int32_t *out, int max_hours)
{
    int sign = 1;
    if (*p == '+' || *p == '-') sign = *p++ == '-' ? -1 : 1;
    if (!is_digit(*p)) return NULL;
    int32_t h = 0, m = 0, s = 0;
    while (is_digit(*p)) { h = h * 10 + (*p++ - '0'); if (h > max_hours) return NULL; }
    if (*p == ':' && is_digit(p[1])) {
        p++;
        while (is_digit(*p)) { m = m * 10 + (*p++ - '0'); if (m > 59) return NULL; }
        if (*p == ':' && is_digit(p[1])) {
            p++;
            while (is_digit(*p)) { s = s * 10 + (*p++ - '0'); if (s > 59) return NULL; }
        }
    }
    *out = sign * (h * 3600 + m * 60 + s);
    return p;
}

static const char *parse_rule(const char *p, dt_rule *r)
{
    memset(r, 0, sizeof *r);
    if (*p == 'J' && is_digit(p[1])) {
        r->kind = 'J';
        p++;
        while (is_digit(*p)) r->day = r->day * 10 + (*p++ - '0');
        if (r->day < 1 || r->day > 365) return NULL;
    } else if (is_digit(*p)) {
        r->kind = 'D';
        while (is_digit(*p)) r->day = r->day * 10 + (*p++ - '0');
        if (r->day > 365) return NULL;
    } else if (*p == 'M') {
        r->kind = 'M';
        p++;
        int v[3] = { 0, 0, 0 };
        for (int i = 0; i < 3; i++) {
            if (i && *p++ != '.') return NULL;
            if (!is_digit(*p)) return NULL;
            while (is_digit(*p)) v[i] = v[i] * 10 + (*p++ - '0');
        }
        if (v[0] < 1 || v[0] > 12 || v[1] < 1 || v[1] > 5 || v[2] > 6) return NULL;
        r->m = v[0];
        r->w = v[1];
        r->d = v[2];
    } else {
        return NULL;
    }
    r->time = 7200;
    if (*p == '/') {
        p = parse_hms(p + 1, &r->time, 167);
        if (!p) return NULL;
    }
    return p;
}

/* A POSIX TZ string.  Like glibc, a name without an offset means UTC
 * under that name. */
static void parse_posix(dt_zone *z, const char *s)
{
    memset(z, 0, sizeof *z);
    const char *p = parse_name(s, z->std_name, sizeof z->std_name);
    if (!p) {
        strcpy(z->std_name, "UTC");
        return;
    }
    int32_t off;
    const char *q = parse_hms(p, &off, 24);
    if (!q) return; /* offset 0 */
    z->std_off = -off;
    p = q;
    if (!*p) return;
    q = parse_name(p, z->dst_name, sizeof z->dst_name);
    if (!q) return;
    p = q;
    z->dst_off = z->std_off + 3600;
    if (*p && *p != ',') {
        q = parse_hms(p, &off, 24);
        if (!q) { z->dst_name[0] = 0; return; }
        z->dst_off = -off;
        p = q;
    }
    z->has_dst = 1;
    if (*p == ',') {
        q = parse_rule(p + 1, &z->start);
        if (q && *q == ',') q = parse_rule(q + 1, &z->end);
        if (!q) { z->has_dst = 0; return; }
    } else {
        /* glibc's default rules (those of America/New_York) */
        z->start = (dt_rule){ 'M', 3, 2, 0, 0, 7200 };
        z->end = (dt_rule){ 'M', 11, 1, 0, 0, 7200 };
    }
}

void dt_zone_init(dt_zone *z, const char *tz)
{
    if (!tz || !*tz) {
        parse_posix(z, "UTC0");
        return;
    }
    if (*tz == ':') tz++;
    for (size_t i = 0; i < sizeof zone_names / sizeof zone_names[0]; i++) {
        if (!strcmp(zone_names[i].name, tz)) {
            parse_posix(z, zone_names[i].rule);
            return;
        }
    }
    /* Etc/GMT+5 is five hours west, named "-05" */
    if (!strncmp(tz, "Etc/GMT", 7) && (tz[7] == '+' || tz[7] == '-') && is_digit(tz[8])) {
        int h = 0;
        const char *p = tz + 8;
        while (is_digit(*p)) h = h * 10 + (*p++ - '0');
        if (!*p && h <= 14) {
            memset(z, 0, sizeof *z);
            z->std_off = (tz[7] == '+' ? -1 : 1) * h * 3600;
            if (h) {
                z->std_name[0] = tz[7] == '+' ? '-' : '+';
                z->std_name[1] = (char)('0' + h / 10);
                z->std_name[2] = (char)('0' + h % 10);
                z->std_name[3] = 0;
            } else {
                strcpy(z->std_name, "GMT");
            }
            return;
        }
    }
    parse_posix(z, tz);
}

static int weekday_of_days(int64_t days) { return (int)(((days + 4) % 7 + 7) % 7); }

/* Local (naive) seconds of a rule's transition in year y. */
static int64_t rule_local(const dt_rule *r, int64_t y)
{
    int64_t day;
    if (r->kind == 'J') {
        day = dt_days_from_civil(y, 1, 1) + r->day - 1 + (is_leap(y) && r->day >= 60);
    } else if (r->kind == 'D') {
        day = dt_days_from_civil(y, 1, 1) + r->day;
    } else {
        int64_t first = dt_days_from_civil(y, r->m, 1);
        int wd = weekday_of_days(first);
        day = first + (r->d - wd + 7) % 7 + (int64_t)(r->w - 1) * 7;
        int64_t last = first + dt_days_in_month(y, r->m) - 1;
        while (day > last) day -= 7;
    }
    return day * 86400 + r->time;
}

static int in_dst(const dt_zone *z, int64_t t)
{
    if (!z->has_dst) return 0;
    int64_t y;
    int m, d;
    dt_civil_from_days(floordiv(t + z->std_off, 86400), &y, &m, &d);
    int64_t s = rule_local(&z->start, y) - z->std_off;
    int64_t e = rule_local(&z->end, y) - z->dst_off;
    if (s < e) return t >= s && t < e;
    return !(t >= e && t < s);
}

void dt_localtime(const dt_zone *z, int64_t t, dt_tm *tm)
{
    int dst = in_dst(z, t);
    int32_t off = dst ? z->dst_off : z->std_off;
    int64_t local = t + off;
    int64_t days = floordiv(local, 86400);
    int64_t secs = local - days * 86400;
    dt_civil_from_days(days, &tm->year, &tm->mon, &tm->mday);
    tm->hour = (int)(secs / 3600);
    tm->min = (int)(secs / 60 % 60);
    tm->sec = (int)(secs % 60);
    tm->wday = weekday_of_days(days);
    tm->yday = (int)(days - dt_days_from_civil(tm->year, 1, 1));
    tm->isdst = dst;
    tm->gmtoff = off;
    tm->zone = dst ? z->dst_name : z->std_name;
}

int64_t dt_mktime(const dt_zone *z, int64_t year, int64_t mon, int64_t mday, int64_t hour, int64_t min,
                  int64_t sec)
{
    int64_t local = dt_days_from_civil(year, mon, mday) * 86400 + hour * 3600 + min * 60 + sec;
    if (!z->has_dst) return local - z->std_off;
    int64_t t_std = local - z->std_off, t_dst = local - z->dst_off;
    if (in_dst(z, t_dst)) return t_dst;          /* DST reading wins when ambiguous */
    if (!in_dst(z, t_std)) return t_std;
    /* in the gap: the offset in effect before it */
    return z->std_off < z->dst_off ? t_std : t_dst;
}

/* ---- strftime ------------------------------------------------------------------ */

static const char *const wday_names[] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char *const mon_names[] = { "January", "February", "March", "April", "May", "June", "July",
                                         "August", "September", "October", "November", "December" };

typedef struct fmtctx {
    sk_buf *b;
    const dt_tm *tm;
    int32_t ns;
    int err;
} fmtctx;

static void put_padding(fmtctx *f, int n, char ch)
{
    for (int i = 0; i < n; i++)
        if (sk_buf_putc(f->b, ch)) f->err = 1;
}

/* A string with width and case flags. */
static void put_str(fmtctx *f, const char *s, size_t n, int pad, int width, int upper, int lower)
{
    if (pad != '-' && width > 0 && (size_t)width > n)
        put_padding(f, width - (int)n, pad == '0' || pad == '+' ? '0' : ' ');
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (lower && c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        else if (upper && c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (sk_buf_putc(f->b, c)) f->err = 1;
    }
}

/* A number: default `digits` wide, padded with zeros (or spaces when
 * spacepad); `sign` forces a '+' for yearish values. */
static void put_num(fmtctx *f, int64_t v, int digits, int spacepad, int pad, int width, int yearish)
{
    char buf[32];
    int neg = v < 0;
    uint64_t u = neg ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    int n = 0;
    do { buf[sizeof buf - 1 - n++] = (char)('0' + u % 10); u /= 10; } while (u);
    uint64_t absv = neg ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    char sign = neg ? '-' : 0;
    if (pad == '+' && yearish && !neg && ((digits == 2 ? 99u : 9999u) < absv || digits < width)) sign = '+';
    int w = width >= 0 ? width : digits;
    int fill = w - n - (sign ? 1 : 0);
    char pc = pad ? (char)pad : spacepad ? '_' : '0';
    if (pc == '-' || fill < 0) fill = 0;
    if (pc == '_') put_padding(f, fill, ' ');
    if (sign && sk_buf_putc(f->b, sign)) f->err = 1;
    if (pc == '0' || pc == '+') put_padding(f, fill, '0');
    if (sk_buf_put(f->b, buf + sizeof buf - n, (size_t)n)) f->err = 1;
}

/* %z family: sign, hours (as a number padded per flags), then the parts. */
static void put_tz(fmtctx *f, int colons, int pad, int width)
{
    int32_t off = f->tm->gmtoff;
    char sign = off < 0 ? '-' : '+';
    int32_t a = off < 0 ? -off : off;
    int h = a / 3600, m = a / 60 % 60, s = a % 60;
    char suffix[16];
    int64_t number;
    int defw;
    suffix[0] = 0;
    if (colons == 0) {
        number = h * 100 + m;
        defw = 5;
    } else if (colons == 1) {
        number = h;
        snprintf(suffix, sizeof suffix, ":%02d", m);
        defw = 6;
    } else if (colons == 2) {
        number = h;
        snprintf(suffix, sizeof suffix, ":%02d:%02d", m, s);
        defw = 9;
    } else {
        number = h;
        if (s) snprintf(suffix, sizeof suffix, ":%02d:%02d", m, s);
        else if (m) snprintf(suffix, sizeof suffix, ":%02d", m);
        defw = 3 + (int)strlen(suffix);
    }
    int w = (width >= 0 ? width : defw) - (int)strlen(suffix);
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%lld", (long long)number);
    int fill = w - 1 - n;
    char pc = pad ? (char)pad : '0';
    if (pc == '-' || fill < 0) fill = 0;
    if (pc == '_') put_padding(f, fill, ' ');
    if (sk_buf_putc(f->b, sign)) f->err = 1;
    if (pc == '0' || pc == '+') put_padding(f, fill, '0');
    if (sk_buf_put(f->b, digits, (size_t)n) || sk_buf_puts(f->b, suffix)) f->err = 1;
}

static int iso_week_year(const dt_tm *tm, int *week)
{
    /* ISO 8601: weeks start on Monday; week 1 has the year's first Thursday */
    int wd = (tm->wday + 6) % 7; /* Monday = 0 */
    int64_t y = tm->year;
    int w = (tm->yday - wd + 10) / 7;
    if (w < 1) {
        y--;
        int64_t pdays = 365 + is_leap(y);
        int pyday = tm->yday + (int)pdays;
        w = (pyday - wd + 10) / 7;
    } else {
        int ydays = 365 + is_leap(y);
        /* the last days of December may belong to week 1 of next year */
        if (tm->yday - wd + 3 >= ydays) { y++; w = 1; }
    }
    *week = w;
    return (int)(y - tm->year);
}

static void format_into(fmtctx *f, const char *fmt, int upcase, int depth);

static void subformat(fmtctx *f, const char *sub, int pad, int width, int upcase, int depth)
{
    sk_buf tmp = SK_BUF_INIT(f->b->a);
    fmtctx g = { &tmp, f->tm, f->ns, 0 };
    format_into(&g, sub, upcase, depth + 1);
    if (g.err) f->err = 1;
    put_str(f, tmp.p ? tmp.p : "", tmp.len, pad, width, 0, 0);
    sk_buf_free(&tmp);
}

static void format_into(fmtctx *f, const char *fmt, int upcase, int depth)
{
    const dt_tm *tm = f->tm;
    for (const char *p = fmt; *p && !f->err; p++) {
        if (*p != '%') {
            if (sk_buf_putc(f->b, *p)) f->err = 1;
            continue;
        }
        const char *start = p;
        int pad = 0, upper = upcase, swap = 0, width = -1, colons = 0;
        for (;;) {
            char c = p[1];
            if (c == '_' || c == '-' || c == '0' || c == '+') { pad = c; p++; }
            else if (c == '^') { upper = 1; p++; }
            else if (c == '#') { swap = 1; p++; }
            else break;
        }
        if (is_digit(p[1])) {
            width = 0;
            while (is_digit(p[1])) {
                if (width < 100000) width = width * 10 + (p[1] - '0');
                p++;
            }
            if (width > 4096) width = 4096; /* a sanity bound on padding */
        }
        while (p[1] == ':') { colons++; p++; }
        int emod = 0;
        if (p[1] == 'E' || p[1] == 'O') emod = *++p == 'E';
        /* %EY, %EC come from the C library unpadded */
        if (emod && !pad && (p[1] == 'Y' || p[1] == 'C')) pad = '-';
        char conv = p[1];
        if (!conv) {
            /* a lone '%' (or an unfinished directive) is copied */
            put_str(f, start, (size_t)(p + 1 - start), pad, width, 0, 0);
            break;
        }
        p++;
        if (colons && conv != 'z') goto bad;
        switch (conv) {
        case '%':
            if (pad || width >= 0 || upper || swap) goto bad;
            if (sk_buf_putc(f->b, '%')) f->err = 1;
            break;
        case 'a': case 'A': {
            const char *n = wday_names[tm->wday];
            put_str(f, n, conv == 'a' ? 3 : strlen(n), pad, width, upper || swap, 0);
            break;
        }
        case 'b': case 'h': case 'B': {
            const char *n = mon_names[tm->mon - 1];
            put_str(f, n, conv == 'B' ? strlen(n) : 3, pad, width, upper || swap, 0);
            break;
        }
        case 'c': subformat(f, "%a %b %e %H:%M:%S %-Y", pad, width, upper, depth); break;
        case 'D': case 'x': subformat(f, "%m/%d/%y", pad, width, upper, depth); break;
        case 'F': {
            /* the width applies to the year: %F is %+4Y-%m-%d by default */
            int ypad = pad, yw = width < 0 ? -1 : width - 6;
            if (!pad && width < 0) { ypad = '+'; yw = 4; }
            if (width >= 0 && yw < 0) yw = 0;
            put_num(f, tm->year, 4, 0, ypad, yw, 1);
            if (sk_buf_printf(f->b, "-%02d-%02d", tm->mon, tm->mday)) f->err = 1;
            break;
        }
        case 'r': subformat(f, "%I:%M:%S %p", pad, width, upper, depth); break;
        case 'R': subformat(f, "%H:%M", pad, width, upper, depth); break;
        case 'T': case 'X': subformat(f, "%H:%M:%S", pad, width, upper, depth); break;
        case 'C': put_num(f, floordiv(tm->year, 100), 2, 0, pad, width, 1); break;
        case 'd': put_num(f, tm->mday, 2, 0, pad, width, 0); break;
        case 'e': put_num(f, tm->mday, 2, 1, pad, width, 0); break;
        case 'G': {
            int w;
            put_num(f, tm->year + iso_week_year(tm, &w), 4, 0, pad, width, 1);
            break;
        }
        case 'g': {
            int w;
            int64_t y = tm->year + iso_week_year(tm, &w);
            put_num(f, ((y % 100) + 100) % 100, 2, 0, pad, width, 0);
            break;
        }
        case 'H': put_num(f, tm->hour, 2, 0, pad, width, 0); break;
        case 'I': put_num(f, (tm->hour + 11) % 12 + 1, 2, 0, pad, width, 0); break;
        case 'j': put_num(f, tm->yday + 1, 3, 0, pad, width, 0); break;
        case 'k': put_num(f, tm->hour, 2, 1, pad, width, 0); break;
        case 'l': put_num(f, (tm->hour + 11) % 12 + 1, 2, 1, pad, width, 0); break;
        case 'm': put_num(f, tm->mon, 2, 0, pad, width, 0); break;
        case 'M': put_num(f, tm->min, 2, 0, pad, width, 0); break;
        case 'n': put_str(f, "\n", 1, pad, width, 0, 0); break;
        case 't': put_str(f, "\t", 1, pad, width, 0, 0); break;
        case 'N': {
            int w = width <= 0 ? 9 : width;
            int nd = 9;
            if (pad == '-' && width < 0) pad = '0'; /* GNU: %-N is %N */
            int32_t n = f->ns;
            while (w < nd || (nd > 1 && n % 10 == 0)) { nd--; n /= 10; }
            char buf[16];
            for (int j = nd; j > 0; j--) { buf[j - 1] = (char)('0' + n % 10); n /= 10; }
            if (sk_buf_put(f->b, buf, (size_t)nd)) f->err = 1;
            char pc = pad ? (char)pad : '0';
            if (pc != '-' && w > nd) put_padding(f, w - nd, pc == '_' ? ' ' : '0');
            break;
        }
        case 'p': case 'P': {
            const char *s = tm->hour < 12 ? "AM" : "PM";
            int lower = conv == 'P' || swap;
            put_str(f, s, 2, pad, width, upper && !lower, lower);
            break;
        }
        case 'q': put_num(f, (tm->mon - 1) / 3 + 1, 1, 0, pad, width, 0); break;
        case 's': {
            int64_t days = dt_days_from_civil(tm->year, tm->mon, tm->mday);
            int64_t t = days * 86400 + tm->hour * 3600 + tm->min * 60 + tm->sec - tm->gmtoff;
            put_num(f, t, 1, 0, pad, width, 0);
            break;
        }
        case 'S': put_num(f, tm->sec, 2, 0, pad, width, 0); break;
        case 'u': put_num(f, (tm->wday + 6) % 7 + 1, 1, 0, pad, width, 0); break;
        case 'U': put_num(f, (tm->yday + 7 - tm->wday) / 7, 2, 0, pad, width, 0); break;
        case 'V': {
            int w;
            iso_week_year(tm, &w);
            put_num(f, w, 2, 0, pad, width, 0);
            break;
        }
        case 'w': put_num(f, tm->wday, 1, 0, pad, width, 0); break;
        case 'W': put_num(f, (tm->yday + 7 - (tm->wday + 6) % 7) / 7, 2, 0, pad, width, 0); break;
        case 'y': put_num(f, ((tm->year % 100) + 100) % 100, 2, 0, pad, width, 0); break;
        case 'Y': put_num(f, tm->year, 4, 0, pad, width, 1); break;
        case 'z':
            if (colons > 3) goto bad;
            put_tz(f, colons, pad, width);
            break;
        case 'Z': put_str(f, tm->zone, strlen(tm->zone), pad, width, upper && !swap, swap); break;
        default:
        bad:
            /* GNU copies the directive; a bad %% gets one more column */
            put_str(f, start, (size_t)(p + 1 - start), pad, width + (conv == '%' && width >= 0), 0, 0);
            break;
        }
    }
    (void)depth;
}

int dt_format(sk_buf *b, const char *fmt, const dt_tm *tm, int32_t ns)
{
    fmtctx f = { b, tm, ns, 0 };
    format_into(&f, fmt, 0, 0);
    if (!b->p && !f.err && sk_buf_puts(b, "")) f.err = 1;
    return f.err ? -1 : 0;
}

/* ---- date strings (GNU parse_datetime) ------------------------------------ */

enum { T_END, T_UNUM, T_SNUM, T_UDEC, T_SDEC, T_WORD, T_CHAR, T_BAD };
enum { W_MERID, W_MONTH, W_DAY, W_ZONE, W_DAYZONE, W_DST, W_UNIT, W_ORD, W_SHIFT, W_AGO, W_LOCAL, W_MIL };
enum { U_YEAR, U_MONTH, U_DAY, U_HOUR, U_MIN, U_SEC };

#define DT_MAX_TOKENS 96

typedef struct dtok {
    int kind;
    int64_t v;          /* number (signed), or the word's value */
    int digits;
    int32_t ns;         /* decimals */
    int wkind, unit;    /* words */
    int letter_t;       /* the word was "T" */
    char ch;
} dtok;

typedef struct dword {
    const char *name;
    int kind;
    int64_t v;
    int unit;
} dword;

static const dword month_day_words[] = {
    { "JANUARY", W_MONTH, 1, 0 }, { "FEBRUARY", W_MONTH, 2, 0 }, { "MARCH", W_MONTH, 3, 0 },
    { "APRIL", W_MONTH, 4, 0 }, { "MAY", W_MONTH, 5, 0 }, { "JUNE", W_MONTH, 6, 0 },
    { "JULY", W_MONTH, 7, 0 }, { "AUGUST", W_MONTH, 8, 0 }, { "SEPTEMBER", W_MONTH, 9, 0 },
    { "SEPT", W_MONTH, 9, 0 }, { "OCTOBER", W_MONTH, 10, 0 }, { "NOVEMBER", W_MONTH, 11, 0 },
    { "DECEMBER", W_MONTH, 12, 0 }, { "SUNDAY", W_DAY, 0, 0 }, { "MONDAY", W_DAY, 1, 0 },
    { "TUESDAY", W_DAY, 2, 0 }, { "TUES", W_DAY, 2, 0 }, { "WEDNESDAY", W_DAY, 3, 0 },
    { "WEDNES", W_DAY, 3, 0 }, { "THURSDAY", W_DAY, 4, 0 }, { "THUR", W_DAY, 4, 0 },
    { "THURS", W_DAY, 4, 0 }, { "FRIDAY", W_DAY, 5, 0 }, { "SATURDAY", W_DAY, 6, 0 },
};

/* zone offsets in minutes east of UTC */
static const dword zone_words[] = {
    { "GMT", W_ZONE, 0, 0 }, { "UT", W_ZONE, 0, 0 }, { "UTC", W_ZONE, 0, 0 },
    { "WET", W_ZONE, 0, 0 }, { "WEST", W_DAYZONE, 0, 0 }, { "BST", W_DAYZONE, 0, 0 },
    { "ART", W_ZONE, -180, 0 }, { "BRT", W_ZONE, -180, 0 }, { "BRST", W_DAYZONE, -180, 0 },
    { "NST", W_ZONE, -210, 0 }, { "NDT", W_DAYZONE, -210, 0 }, { "AST", W_ZONE, -240, 0 },
    { "ADT", W_DAYZONE, -240, 0 }, { "CLT", W_ZONE, -240, 0 }, { "CLST", W_DAYZONE, -240, 0 },
    { "EST", W_ZONE, -300, 0 }, { "EDT", W_DAYZONE, -300, 0 }, { "CST", W_ZONE, -360, 0 },
    { "CDT", W_DAYZONE, -360, 0 }, { "MST", W_ZONE, -420, 0 }, { "MDT", W_DAYZONE, -420, 0 },
    { "PST", W_ZONE, -480, 0 }, { "PDT", W_DAYZONE, -480, 0 }, { "AKST", W_ZONE, -540, 0 },
    { "AKDT", W_DAYZONE, -540, 0 }, { "HST", W_ZONE, -600, 0 }, { "HAST", W_ZONE, -600, 0 },
    { "HADT", W_DAYZONE, -600, 0 }, { "SST", W_ZONE, -720, 0 }, { "WAT", W_ZONE, 60, 0 },
    { "CET", W_ZONE, 60, 0 }, { "CEST", W_DAYZONE, 60, 0 }, { "MET", W_ZONE, 60, 0 },
    { "MEZ", W_ZONE, 60, 0 }, { "MEST", W_DAYZONE, 60, 0 }, { "MESZ", W_DAYZONE, 60, 0 },
    { "EET", W_ZONE, 120, 0 }, { "EEST", W_DAYZONE, 120, 0 }, { "CAT", W_ZONE, 120, 0 },
    { "SAST", W_ZONE, 120, 0 }, { "EAT", W_ZONE, 180, 0 }, { "MSK", W_ZONE, 180, 0 },
    { "MSD", W_DAYZONE, 180, 0 }, { "IST", W_ZONE, 330, 0 }, { "SGT", W_ZONE, 480, 0 },
    { "KST", W_ZONE, 540, 0 }, { "JST", W_ZONE, 540, 0 }, { "GST", W_ZONE, 600, 0 },
    { "NZST", W_ZONE, 720, 0 }, { "NZDT", W_DAYZONE, 720, 0 },
};

static const dword unit_words[] = {
    { "YEAR", W_UNIT, 1, U_YEAR }, { "MONTH", W_UNIT, 1, U_MONTH }, { "FORTNIGHT", W_UNIT, 14, U_DAY },
    { "WEEK", W_UNIT, 7, U_DAY }, { "DAY", W_UNIT, 1, U_DAY }, { "HOUR", W_UNIT, 1, U_HOUR },
    { "MINUTE", W_UNIT, 1, U_MIN }, { "MIN", W_UNIT, 1, U_MIN }, { "SECOND", W_UNIT, 1, U_SEC },
    { "SEC", W_UNIT, 1, U_SEC },
};

static const dword rel_words[] = {
    { "TOMORROW", W_SHIFT, 1, 0 }, { "YESTERDAY", W_SHIFT, -1, 0 }, { "TODAY", W_SHIFT, 0, 0 },
    { "NOW", W_SHIFT, 0, 0 }, { "LAST", W_ORD, -1, 0 }, { "THIS", W_ORD, 0, 0 }, { "NEXT", W_ORD, 1, 0 },
    { "FIRST", W_ORD, 1, 0 }, { "THIRD", W_ORD, 3, 0 }, { "FOURTH", W_ORD, 4, 0 }, { "FIFTH", W_ORD, 5, 0 },
    { "SIXTH", W_ORD, 6, 0 }, { "SEVENTH", W_ORD, 7, 0 }, { "EIGHTH", W_ORD, 8, 0 }, { "NINTH", W_ORD, 9, 0 },
    { "TENTH", W_ORD, 10, 0 }, { "ELEVENTH", W_ORD, 11, 0 }, { "TWELFTH", W_ORD, 12, 0 },
    { "AGO", W_AGO, -1, 0 }, { "HENCE", W_AGO, 1, 0 },
};

static const dword *find_word(const dword *tab, size_t n, const char *w)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(tab[i].name, w)) return &tab[i];
    return NULL;
}

#define NWORDS(t) (sizeof(t) / sizeof((t)[0]))

static int upper_eq(const char *a, const char *upper)
{
    for (; *a && *upper; a++, upper++) {
        char c = *a;
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (c != *upper) return 0;
    }
    return !*a && !*upper;
}

static int lookup_word(const dt_zone *z, const char *w, dtok *t)
{
    size_t len = strlen(w);
    const dword *d;
    t->kind = T_WORD;
    if (!strcmp(w, "AM") || !strcmp(w, "A.M.")) { t->wkind = W_MERID; t->v = 0; return 0; }
    if (!strcmp(w, "PM") || !strcmp(w, "P.M.")) { t->wkind = W_MERID; t->v = 1; return 0; }
    int abbrev = len == 3 || (len == 4 && w[3] == '.');
    for (size_t i = 0; i < NWORDS(month_day_words); i++) {
        d = &month_day_words[i];
        if (abbrev ? !strncmp(w, d->name, 3) : !strcmp(w, d->name)) {
            t->wkind = d->kind;
            t->v = d->v;
            return 0;
        }
    }
    if (!strcmp(w, "GMT") || !strcmp(w, "UT") || !strcmp(w, "UTC")) { t->wkind = W_ZONE; t->v = 0; return 0; }
    if (z->std_name[0] && upper_eq(z->std_name, w)) { t->wkind = W_LOCAL; t->v = z->std_off / 60; return 0; }
    if (z->has_dst && z->dst_name[0] && upper_eq(z->dst_name, w)) {
        t->wkind = W_LOCAL;
        t->v = z->dst_off / 60;
        return 0;
    }
    if ((d = find_word(zone_words, NWORDS(zone_words), w))) { t->wkind = d->kind; t->v = d->v; return 0; }
    if (!strcmp(w, "DST")) { t->wkind = W_DST; return 0; }
    if ((d = find_word(unit_words, NWORDS(unit_words), w))) { t->wkind = W_UNIT; t->v = d->v; t->unit = d->unit; return 0; }
    if (len > 1 && w[len - 1] == 'S') {
        char tmp[32];
        memcpy(tmp, w, len - 1);
        tmp[len - 1] = 0;
        if ((d = find_word(unit_words, NWORDS(unit_words), tmp))) {
            t->wkind = W_UNIT;
            t->v = d->v;
            t->unit = d->unit;
            return 0;
        }
    }
    if ((d = find_word(rel_words, NWORDS(rel_words), w))) { t->wkind = d->kind; t->v = d->v; return 0; }
    if (len == 1 && w[0] != 'J') {
        char c = w[0];
        int h = c <= 'I' ? c - 'A' + 1 : c <= 'M' ? c - 'K' + 10 : c <= 'Y' ? -(c - 'N' + 1) : 0;
        t->wkind = W_MIL;
        t->v = h * 60;
        t->letter_t = c == 'T';
        return 0;
    }
    /* without periods, a zone name */
    char tmp[32];
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (w[i] != '.') tmp[n++] = w[i];
    tmp[n] = 0;
    if (n != len && (d = find_word(zone_words, NWORDS(zone_words), tmp))) { t->wkind = d->kind; t->v = d->v; return 0; }
    return -1;
}

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

static int lex(const char *s, const dt_zone *z, dtok *toks, int *ntoks)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        if (n >= DT_MAX_TOKENS - 1) return -1;
        dtok *t = &toks[n];
        memset(t, 0, sizeof *t);
        while (is_space(*p)) p++;
        char c = *p;
        if (!c) break;
        if (is_digit(c) || c == '-' || c == '+') {
            int sign = 0;
            if (c == '-' || c == '+') {
                sign = c == '-' ? -1 : 1;
                p++;
                while (is_space(*p)) p++;
                if (!is_digit(*p)) continue; /* a lone sign is skipped */
            }
            const char *q = p;
            int64_t v = 0;
            while (is_digit(*q)) {
                if (v > (INT64_MAX - 9) / 10) return -1;
                v = v * 10 + (*q++ - '0');
            }
            int digits = (int)(q - p);
            if ((*q == '.' || *q == ',') && is_digit(q[1])) {
                q++;
                int32_t ns = 0;
                int k = 0;
                for (; k < 9 && is_digit(*q); k++) ns = ns * 10 + (*q++ - '0');
                for (; k < 9; k++) ns *= 10;
                if (sign < 0)
                    for (; is_digit(*q); q++)
                        if (*q != '0') { ns++; break; }
                while (is_digit(*q)) q++;
                int64_t sec = sign < 0 ? -v : v;
                if (sign < 0 && ns) { sec--; ns = 1000000000 - ns; }
                t->kind = sign ? T_SDEC : T_UDEC;
                t->v = sec;
                t->ns = ns;
            } else {
                t->kind = sign ? T_SNUM : T_UNUM;
                t->v = sign < 0 ? -v : v;
                t->digits = digits;
            }
            p = q;
            n++;
            continue;
        }
        if (is_alpha(c)) {
            char w[32];
            size_t len = 0;
            while (is_alpha(*p) || *p == '.') {
                if (len >= sizeof w - 1) return -1;
                char u = *p++;
                if (u >= 'a' && u <= 'z') u = (char)(u - 'a' + 'A');
                w[len++] = u;
            }
            w[len] = 0;
            if (lookup_word(z, w, t)) return -1;
            n++;
            continue;
        }
        if (c == '(') {
            int depth = 0;
            do {
                c = *p++;
                if (!c) { p--; break; }
                if (c == '(') depth++;
                else if (c == ')') depth--;
            } while (depth);
            continue;
        }
        t->kind = T_CHAR;
        t->ch = c;
        p++;
        n++;
    }
    toks[n].kind = T_END;
    *ntoks = n;
    return 0;
}

typedef struct dtp {
    dtok *t;
    int i;
    int64_t year;
    int year_digits;
    int64_t month, day, hour, minutes, sec;
    int32_t ns;
    int merid;               /* 0 am, 1 pm, 2 24-hour */
    int64_t zone_min;        /* explicit zone, minutes east */
    int dates_seen, times_seen, days_seen, rels_seen, zones_seen;
    int64_t day_ordinal;
    int day_number;
    int64_t ry, rm, rd, rh, rmin, rs, rns;
    int ts_seen;
    int64_t ts;
    int32_t ts_ns;
} dtp;

#define REL_LIMIT 1000000000000000LL

static int add_rel(int64_t *field, int64_t v)
{
    if (v > REL_LIMIT || v < -REL_LIMIT) return -1;
    *field += v;
    if (*field > REL_LIMIT || *field < -REL_LIMIT) return -1;
    return 0;
}

/* n units (with `ns` nanoseconds for seconds), times factor. */
static int apply_rel(dtp *p, int unit, int64_t mult, int64_t n, int32_t ns, int64_t factor)
{
    if (n > REL_LIMIT || n < -REL_LIMIT) return -1;
    int64_t v = n * mult * factor;
    p->rels_seen = 1;
    switch (unit) {
    case U_YEAR: return add_rel(&p->ry, v);
    case U_MONTH: return add_rel(&p->rm, v);
    case U_DAY: return add_rel(&p->rd, v);
    case U_HOUR: return add_rel(&p->rh, v);
    case U_MIN: return add_rel(&p->rmin, v);
    default:
        if (add_rel(&p->rs, v)) return -1;
        p->rns += ns * factor;
        return 0;
    }
}

static dtok *peek(dtp *p, int k) { return &p->t[p->i + k]; }
static int is_word(const dtok *t, int wkind) { return t->kind == T_WORD && t->wkind == wkind; }
static int is_char(const dtok *t, char c) { return t->kind == T_CHAR && t->ch == c; }

/* A relative unit after its number, then an optional "ago"/"hence". */
static int rel_unit(dtp *p, int64_t n, int32_t ns)
{
    dtok *u = peek(p, 0);
    p->i++;
    int64_t factor = 1;
    if (is_word(peek(p, 0), W_AGO)) { factor = peek(p, 0)->v; p->i++; }
    return apply_rel(p, u->unit, u->v, n, ns, factor);
}

static int zone_hhmm(dtp *p, const dtok *s, int64_t mm)
{
    int64_t v = s->v, n;
    if (s->digits <= 2 && mm < 0) v *= 100;
    if (mm < 0) {
        n = (v / 100) * 60 + v % 100;
    } else {
        if (v > 100000 || v < -100000 || mm > 100000) return -1;
        n = v * 60 + (v < 0 ? -mm : mm);
    }
    if (n < -24 * 60 || n > 24 * 60) return -1;
    p->zone_min = n;
    return 0;
}

/* o_zone_offset: SNUM [':' UNUM] */
static int zone_offset(dtp *p)
{
    dtok *s = peek(p, 0);
    p->i++;
    int64_t mm = -1;
    if (is_char(peek(p, 0), ':') && peek(p, 1)->kind == T_UNUM) {
        mm = peek(p, 1)->v;
        p->i += 2;
    }
    p->zones_seen++;
    return zone_hhmm(p, s, mm);
}

/* HH ':' MM [':' SS[.frac]] then a meridian (not after 'T') or a zone offset */
static int parse_time(dtp *p, int iso)
{
    p->hour = peek(p, 0)->v;
    p->i += 2; /* number and ':' */
    if (peek(p, 0)->kind != T_UNUM) return -1;
    p->minutes = peek(p, 0)->v;
    p->i++;
    p->sec = 0;
    p->ns = 0;
    if (is_char(peek(p, 0), ':')) {
        dtok *s = peek(p, 1);
        if (s->kind == T_UNUM) { p->sec = s->v; }
        else if (s->kind == T_UDEC) { p->sec = s->v; p->ns = s->ns; }
        else return -1;
        p->i += 2;
    }
    p->merid = 2;
    if (!iso && is_word(peek(p, 0), W_MERID)) {
        p->merid = (int)peek(p, 0)->v;
        p->i++;
    } else if (peek(p, 0)->kind == T_SNUM) {
        if (zone_offset(p)) return -1;
    }
    p->times_seen++;
    return 0;
}

/* digits_to_date_time */
static void number_item(dtp *p, const dtok *n)
{
    if (p->dates_seen && !p->year_digits && !p->rels_seen && (p->times_seen || n->digits > 2)) {
        p->year = n->v;
        p->year_digits = n->digits;
    } else if (n->digits > 4) {
        p->dates_seen++;
        p->day = n->v % 100;
        p->month = n->v / 100 % 100;
        p->year = n->v / 10000;
        p->year_digits = n->digits - 4;
    } else {
        p->times_seen++;
        if (n->digits <= 2) {
            p->hour = n->v;
            p->minutes = 0;
        } else {
            p->hour = n->v / 100;
            p->minutes = n->v % 100;
        }
        p->sec = 0;
        p->ns = 0;
        p->merid = 2;
    }
}

static int iso_time_after_t(dtp *p)
{
    /* 'T' HH:MM[:SS] [zone]  or  'T' HH zone */
    if (peek(p, 0)->kind != T_UNUM) return -1;
    if (is_char(peek(p, 1), ':')) return parse_time(p, 1);
    if (peek(p, 1)->kind == T_SNUM) {
        p->hour = peek(p, 0)->v;
        p->minutes = p->sec = 0;
        p->ns = 0;
        p->merid = 2;
        p->i++;
        p->times_seen++;
        return zone_offset(p);
    }
    return -1;
}

static int unum_item(dtp *p)
{
    dtok *n = peek(p, 0), *n1 = peek(p, 1), *n2 = peek(p, 2);
    if (is_char(n1, ':')) return parse_time(p, 0);
    if (is_word(n1, W_MERID)) {
        p->hour = n->v;
        p->minutes = p->sec = 0;
        p->ns = 0;
        p->merid = (int)n1->v;
        p->times_seen++;
        p->i += 2;
        return 0;
    }
    if (is_char(n1, '/') && n2->kind == T_UNUM) {
        p->dates_seen++;
        if (is_char(peek(p, 3), '/') && peek(p, 4)->kind == T_UNUM) {
            dtok *n4 = peek(p, 4);
            if (n->digits >= 4) {
                p->year = n->v; p->year_digits = n->digits; p->month = n2->v; p->day = n4->v;
            } else {
                p->month = n->v; p->day = n2->v; p->year = n4->v; p->year_digits = n4->digits;
            }
            p->i += 5;
        } else {
            p->month = n->v;
            p->day = n2->v;
            p->i += 3;
        }
        return 0;
    }
    if (n1->kind == T_SNUM) {
        if (n2->kind == T_SNUM && !is_word(peek(p, 3), W_UNIT)) {
            /* ISO 8601 date, maybe with 'T' and a time */
            p->dates_seen++;
            p->year = n->v;
            p->year_digits = n->digits;
            p->month = -n1->v;
            p->day = -n2->v;
            p->i += 3;
            if (is_word(peek(p, 0), W_MIL) && peek(p, 0)->letter_t && peek(p, 1)->kind == T_UNUM) {
                p->i++;
                return iso_time_after_t(p);
            }
            return 0;
        }
        if (is_word(n2, W_UNIT)) {
            /* hybrid: a number, then a signed relative item */
            number_item(p, n);
            p->i += 2;
            return rel_unit(p, n1->v, 0);
        }
        /* HH with a zone offset */
        p->hour = n->v;
        p->minutes = p->sec = 0;
        p->ns = 0;
        p->merid = 2;
        p->times_seen++;
        p->i++;
        return zone_offset(p);
    }
    if (is_word(n1, W_MONTH)) {
        p->dates_seen++;
        p->day = n->v;
        p->month = n1->v;
        if (n2->kind == T_SNUM) {
            p->year = -n2->v;
            p->year_digits = n2->digits;
            p->i += 3;
        } else if (n2->kind == T_UNUM) {
            p->year = n2->v;
            p->year_digits = n2->digits;
            p->i += 3;
        } else {
            p->i += 2;
        }
        return 0;
    }
    if (is_word(n1, W_DAY)) {
        p->days_seen++;
        p->day_ordinal = n->v;
        p->day_number = (int)n1->v;
        p->i += 2;
        return 0;
    }
    if (is_word(n1, W_UNIT)) {
        p->i++;
        return rel_unit(p, n->v, 0);
    }
    number_item(p, n);
    p->i++;
    return 0;
}

static int word_item(dtp *p)
{
    dtok *w = peek(p, 0), *n1 = peek(p, 1), *n2 = peek(p, 2);
    switch (w->wkind) {
    case W_MONTH:
        p->dates_seen++;
        p->month = w->v;
        if (n1->kind == T_SNUM && n2->kind == T_SNUM) {
            p->day = -n1->v;
            p->year = -n2->v;
            p->year_digits = n2->digits;
            p->i += 3;
            return 0;
        }
        if (n1->kind != T_UNUM) return -1;
        p->day = n1->v;
        if (is_char(n2, ',') && peek(p, 3)->kind == T_UNUM) {
            p->year = peek(p, 3)->v;
            p->year_digits = peek(p, 3)->digits;
            p->i += 4;
            return 0;
        }
        p->i += 2;
        return 0;
    case W_DAY:
        p->days_seen++;
        p->day_ordinal = 0;
        p->day_number = (int)w->v;
        p->i++;
        if (is_char(peek(p, 0), ',')) p->i++;
        return 0;
    case W_ORD:
        if (is_word(n1, W_DAY)) {
            p->days_seen++;
            p->day_ordinal = w->v;
            p->day_number = (int)n1->v;
            p->i += 2;
            return 0;
        }
        if (is_word(n1, W_UNIT)) {
            p->i++;
            return rel_unit(p, w->v, 0);
        }
        return -1;
    case W_UNIT:
        return rel_unit(p, 1, 0);
    case W_SHIFT:
        p->i++;
        return apply_rel(p, U_DAY, 1, w->v, 0, 1);
    case W_ZONE:
    case W_MIL:
        p->zones_seen++;
        p->zone_min = w->v;
        p->i++;
        if (w->wkind == W_ZONE && is_word(peek(p, 0), W_DST)) {
            p->zone_min += 60;
            p->i++;
            return 0;
        }
        if (peek(p, 0)->kind == T_SNUM) {
            if (is_word(peek(p, 1), W_UNIT)) {
                int64_t n = peek(p, 0)->v;
                p->i++;
                return rel_unit(p, n, 0);
            }
            int64_t base = p->zone_min;
            p->zones_seen--;
            if (zone_offset(p)) return -1;
            p->zone_min += base;
        }
        return 0;
    case W_DAYZONE:
        p->zones_seen++;
        p->zone_min = w->v + 60;
        p->i++;
        return 0;
    case W_LOCAL:
        p->zones_seen++;
        p->zone_min = w->v;
        p->i++;
        return 0;
    default:
        return -1;
    }
}

static int parse_items(dtp *p)
{
    if (is_char(peek(p, 0), '@')) {
        dtok *n = peek(p, 1);
        if (n->kind == T_UNUM || n->kind == T_SNUM) { p->ts = n->v; p->ts_ns = 0; }
        else if (n->kind == T_UDEC || n->kind == T_SDEC) { p->ts = n->v; p->ts_ns = n->ns; }
        else return -1;
        p->ts_seen = 1;
        p->i += 2;
    }
    while (peek(p, 0)->kind != T_END) {
        dtok *t = peek(p, 0);
        int r;
        switch (t->kind) {
        case T_UNUM: r = unum_item(p); break;
        case T_SNUM:
            if (!is_word(peek(p, 1), W_UNIT)) return -1;
            p->i++;
            r = rel_unit(p, t->v, 0);
            break;
        case T_UDEC:
        case T_SDEC:
            if (!is_word(peek(p, 1), W_UNIT) || peek(p, 1)->unit != U_SEC || peek(p, 1)->v != 1) return -1;
            p->i++;
            r = rel_unit(p, t->v, t->ns);
            break;
        case T_WORD: r = word_item(p); break;
        default: return -1;
        }
        if (r) return -1;
    }
    return 0;
}

static int to_hour(int64_t h, int merid, int64_t *out)
{
    if (merid == 2) {
        if (h < 0 || h > 23) return -1;
        *out = h;
    } else {
        if (h < 1 || h > 12) return -1;
        *out = h % 12 + (merid == 1 ? 12 : 0);
    }
    return 0;
}

#define YEAR_LIMIT 100000000LL

static int finish(dtp *p, const dt_zone *z, int64_t *t_out, int32_t *ns_out)
{
    int64_t t;
    int32_t ns;
    dt_tm tm;
    if (p->ts_seen) {
        if (p->dates_seen || p->times_seen || p->days_seen || p->zones_seen) return -1;
        t = p->ts;
        ns = p->ts_ns;
        if (p->ry || p->rm || p->rd) {
            if (t > YEAR_LIMIT * 366 * 86400 || t < -YEAR_LIMIT * 366 * 86400) return -1;
            dt_localtime(z, t, &tm);
            if (tm.year + p->ry > YEAR_LIMIT || tm.year + p->ry < -YEAR_LIMIT) return -1;
            t = dt_mktime(z, tm.year + p->ry, tm.mon + p->rm, tm.mday + p->rd, tm.hour, tm.min, tm.sec);
        }
    } else {
        if (p->times_seen > 1 || p->dates_seen > 1 || p->days_seen > 1 || p->zones_seen > 1) return -1;
        int64_t year = p->year;
        if (p->year_digits == 2) year += year < 69 ? 2000 : 1900;
        if (year > YEAR_LIMIT || year < -YEAR_LIMIT) return -1;
        if (p->month < 1 || p->month > 12) return -1;
        if (p->day < 1 || p->day > dt_days_in_month(year, (int)p->month)) return -1;
        int64_t h, m, s;
        int use_time = p->times_seen || (p->rels_seen && !p->dates_seen && !p->days_seen);
        if (use_time) {
            if (to_hour(p->hour, p->merid, &h)) return -1;
            m = p->minutes;
            s = p->sec;
            if (m < 0 || m > 59 || s < 0 || s > 59) return -1;
            ns = p->ns;
        } else {
            h = m = s = 0;
            ns = 0;
        }
        if (p->ry > YEAR_LIMIT || p->ry < -YEAR_LIMIT || p->rm > 12 * YEAR_LIMIT || p->rm < -12 * YEAR_LIMIT ||
            p->rd > 366 * YEAR_LIMIT || p->rd < -366 * YEAR_LIMIT)
            return -1;
        int rel_ymd = p->ry || p->rm || p->rd;
        if (p->zones_seen && !rel_ymd && !(p->days_seen && !p->dates_seen)) {
            t = dt_days_from_civil(year, p->month, p->day) * 86400 + h * 3600 + m * 60 + s - p->zone_min * 60;
        } else {
            t = dt_mktime(z, year, p->month, p->day, h, m, s);
            if (!p->zones_seen) {
                /* a local time that does not exist (a DST gap) */
                dt_localtime(z, t, &tm);
                if (tm.year != year || tm.mon != p->month || tm.mday != p->day || tm.hour != h || tm.min != m)
                    return -1;
            }
            if (p->days_seen && !p->dates_seen) {
                dt_localtime(z, t, &tm);
                int64_t ord = p->day_ordinal - (p->day_ordinal > 0 && tm.wday != p->day_number);
                if (ord > 1000000 || ord < -1000000) return -1;
                int64_t incr = ord * 7 + (p->day_number - tm.wday + 7) % 7;
                t = dt_mktime(z, tm.year, tm.mon, tm.mday + incr, tm.hour, tm.min, tm.sec);
            }
            if (rel_ymd) {
                dt_localtime(z, t, &tm);
                t = dt_mktime(z, tm.year + p->ry, tm.mon + p->rm, tm.mday + p->rd, h, m, s);
            }
            if (p->zones_seen) {
                dt_localtime(z, t, &tm);
                t += tm.gmtoff - p->zone_min * 60;
            }
        }
    }
    int64_t add = p->rh * 3600 + p->rmin * 60 + p->rs;
    if (p->rh > REL_LIMIT / 3600 || p->rh < -REL_LIMIT / 3600 || p->rmin > REL_LIMIT / 60 ||
        p->rmin < -REL_LIMIT / 60)
        return -1;
    t += add;
    int64_t total_ns = (int64_t)ns + p->rns;
    t += floordiv(total_ns, 1000000000);
    total_ns -= floordiv(total_ns, 1000000000) * 1000000000;
    if (t > YEAR_LIMIT * 366 * 86400 || t < -YEAR_LIMIT * 366 * 86400) return -1;
    *t_out = t;
    *ns_out = (int32_t)total_ns;
    return 0;
}

int dt_parse(const char *s, int64_t now, int32_t now_ns, const dt_zone *zone, int64_t *t, int32_t *ns)
{
    dt_zone local;
    const dt_zone *z = zone;
    const char *p = s;
    while (is_space(*p)) p++;
    if (!strncmp(p, "TZ=\"", 4)) {
        char tz[128];
        size_t n = 0;
        const char *q = p + 4;
        for (; *q && *q != '"'; q++) {
            if (*q == '\\' && (q[1] == '\\' || q[1] == '"')) q++;
            if (n + 1 >= sizeof tz) return -1;
            tz[n++] = *q;
        }
        if (*q != '"') return -1;
        tz[n] = 0;
        dt_zone_init(&local, tz);
        z = &local;
        p = q + 1;
    }
    dtok toks[DT_MAX_TOKENS];
    int ntoks;
    if (lex(p, z, toks, &ntoks)) return -1;
    dtp ps;
    memset(&ps, 0, sizeof ps);
    ps.t = toks;
    dt_tm tm;
    dt_localtime(z, now, &tm);
    ps.year = tm.year;
    ps.month = tm.mon;
    ps.day = tm.mday;
    ps.hour = tm.hour;
    ps.minutes = tm.min;
    ps.sec = tm.sec;
    ps.ns = now_ns;
    ps.merid = 2;
    if (parse_items(&ps)) return -1;
    return finish(&ps, z, t, ns);
}
