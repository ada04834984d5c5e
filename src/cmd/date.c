/* date.c — GNU date: print the time (now from the sandbox clock, -d
 * STRING, -f FILE, -r FILE) in a +FORMAT or one of the standard formats,
 * in the zone of the exported TZ (UTC when unset) or UTC with -u.
 * Setting the clock (-s, MMDDhhmm operands) is refused the way an
 * unprivileged user is refused; the date is still printed, as GNU does. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "base/datetime.h"
#include "fs/vfs.h"
#include "miscutil.h"

SK_CMD("date", cmd_date, "date [-u] [-d STRING] [-r FILE] [-I[FMT]] [-R] [+FORMAT]: print or convert dates (GNU date strings like '2024-01-15 +3 days', 'next monday', '@1700000000')");

enum { O_RFC3339 = 1000, O_DEBUG, O_RESOLUTION, O_HELP, O_VERSION, O_ISO, O_RFC_EMAIL };

typedef struct date_opt {
    const char *name;
    int has_arg;     /* 0 none, 1 required, 2 optional (attached only) */
    int val;
} date_opt;

static const date_opt date_longs[] = {
    { "date", 1, 'd' }, { "debug", 0, O_DEBUG }, { "file", 1, 'f' }, { "iso-8601", 2, 'I' },
    { "resolution", 0, O_RESOLUTION }, { "rfc-email", 0, 'R' }, { "rfc-822", 0, 'R' }, { "rfc-2822", 0, 'R' },
    { "rfc-3339", 1, O_RFC3339 }, { "reference", 1, 'r' }, { "set", 1, 's' }, { "utc", 0, 'u' },
    { "universal", 0, 'u' }, { "uct", 0, 'u' }, { "help", 0, O_HELP }, { "version", 0, O_VERSION },
    { NULL, 0, 0 },
};

static const char date_help[] =
    "Usage: date [OPTION]... [+FORMAT]\n"
    "  or:  date [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]\n"
    "Display the date and time in the given FORMAT.\n"
    "\n"
    "  -d, --date=STRING          show the time STRING describes instead of now\n"
    "                             ('2024-01-15 10:30', 'tomorrow', '3 days ago',\n"
    "                             'next monday', '@1700000000', 'TZ=\"Asia/Tokyo\" 9:00')\n"
    "  -f, --file=DATEFILE        like --date, once for each line of DATEFILE\n"
    "  -I[FMT], --iso-8601[=FMT]  ISO 8601 output; FMT is date (default), hours,\n"
    "                             minutes, seconds or ns\n"
    "      --resolution           the resolution of timestamps\n"
    "  -R, --rfc-email            RFC 5322 output (Mon, 14 Aug 2006 02:34:56 -0600)\n"
    "      --rfc-3339=FMT         RFC 3339 output; FMT is date, seconds or ns\n"
    "  -r, --reference=FILE       show the last modification time of FILE\n"
    "  -s, --set=STRING           set the time (not permitted in the sandbox)\n"
    "  -u, --utc, --universal     use Coordinated Universal Time (UTC)\n"
    "      --help                 display this help and exit\n"
    "      --version              output version information and exit\n"
    "\n"
    "FORMAT is text with %-conversions: %Y year, %m month, %d day, %H hour,\n"
    "%M minute, %S second, %N nanoseconds, %s seconds since the epoch, %a/%A\n"
    "weekday, %b/%B month name, %j day of year, %u/%w weekday number, %U/%W/%V\n"
    "week numbers, %G/%g ISO year, %z/%:z/%::z/%:::z offset, %Z zone name,\n"
    "%F %T %D %R %r %c %x %X composites, %e %k %l space padded, %p/%P AM/PM,\n"
    "%q quarter, %C century, %y two-digit year, %n newline, %t tab, %% a %.\n"
    "Flags after %: - no padding, _ spaces, 0 zeros, + sign for long years,\n"
    "^ upper case, # opposite case; then an optional width.\n"
    "\n"
    "The time zone is the exported TZ (UTC when unset): POSIX rules such as\n"
    "EST5EDT,M3.2.0,M11.1.0 or common names such as Europe/Berlin (with\n"
    "today's daylight saving rules).\n";

static int bad_arg(sk_cmd *c, const char *arg, const char *opt, const char *const *valid)
{
    cmd_error(c, "invalid argument '%s' for '%s'", arg, opt);
    sk_out_puts(&c->err, "Valid arguments are:\n");
    for (; *valid; valid++) sk_out_printf(&c->err, "  - '%s'\n", *valid);
    mu_try_help(c);
    return 1;
}

/* argmatch: exact, or an unambiguous prefix. */
static int argmatch(const char *arg, const char *const *names)
{
    int hit = -1, n = 0;
    size_t len = strlen(arg);
    for (int i = 0; names[i]; i++) {
        if (!strcmp(arg, names[i])) return i;
        if (!strncmp(arg, names[i], len)) { hit = i; n++; }
    }
    return n == 1 && len ? hit : -1;
}

static const char *const iso_names[] = { "hours", "minutes", "date", "seconds", "ns", NULL };
static const char *const iso_fmts[] = {
    "%Y-%m-%dT%H%:z", "%Y-%m-%dT%H:%M%:z", "%Y-%m-%d", "%Y-%m-%dT%H:%M:%S%:z", "%Y-%m-%dT%H:%M:%S,%N%:z",
};
static const char *const rfc3339_names[] = { "date", "seconds", "ns", NULL };
static const char *const rfc3339_fmts[] = { "%Y-%m-%d", "%Y-%m-%d %H:%M:%S%:z", "%Y-%m-%d %H:%M:%S.%N%:z" };

static int show(sk_cmd *c, const dt_zone *z, const char *fmt, int64_t t, int32_t ns)
{
    dt_tm tm;
    dt_localtime(z, t, &tm);
    sk_buf b = SK_BUF_INIT(c->a);
    int r = dt_format(&b, fmt, &tm, ns);
    if (!r && !(r = sk_buf_putc(&b, '\n'))) sk_out_write(&c->out, b.p, b.len);
    if (r) cmd_error(c, "memory exhausted");
    sk_buf_free(&b);
    return r;
}

/* The POSIX set-date operand MMDDhhmm[[CC]YY][.ss]: 0 when well formed. */
static int posix_set_date(const char *s, int64_t now_year, int64_t *fields)
{
    size_t len = strlen(s);
    const char *dot = strchr(s, '.');
    size_t dlen = dot ? (size_t)(dot - s) : len;
    if (dlen != 8 && dlen != 10 && dlen != 12) return -1;
    for (size_t i = 0; i < dlen; i++)
        if (s[i] < '0' || s[i] > '9') return -1;
    if (dot && (strlen(dot) != 3 || dot[1] < '0' || dot[1] > '9' || dot[2] < '0' || dot[2] > '9')) return -1;
    int v[6];
    for (int i = 0; i < 4; i++) v[i] = (s[2 * i] - '0') * 10 + (s[2 * i + 1] - '0');
    int64_t year = now_year;
    if (dlen == 10) {
        int yy = (s[8] - '0') * 10 + (s[9] - '0');
        year = yy < 69 ? 2000 + yy : 1900 + yy;
    } else if (dlen == 12) {
        year = ((s[8] - '0') * 1000 + (s[9] - '0') * 100 + (s[10] - '0') * 10 + (s[11] - '0'));
    }
    int sec = dot ? (dot[1] - '0') * 10 + (dot[2] - '0') : 0;
    if (v[0] < 1 || v[0] > 12 || v[1] < 1 || v[1] > dt_days_in_month(year, v[0]) || v[2] > 23 || v[3] > 59 ||
        sec > 59)
        return -1;
    fields[0] = year;
    fields[1] = v[0];
    fields[2] = v[1];
    fields[3] = v[2];
    fields[4] = v[3];
    fields[5] = sec;
    return 0;
}

typedef struct date_state {
    const char *datestr, *datefile, *reffile, *setstr, *format;
    int utc, nsources, nformats;
} date_state;

/* Apply one option; returns -1 to go on, or an exit status. */
static int apply_opt(sk_cmd *c, date_state *d, int opt, const char *val)
{
    int k;
    switch (opt) {
    case 'd': d->datestr = val; d->nsources |= 1; break;
    case 'f': d->datefile = val; d->nsources |= 2; break;
    case 'r': d->reffile = val; d->nsources |= 4; break;
    case 's': d->setstr = val; break;
    case 'u': d->utc = 1; break;
    case O_RFC_EMAIL: d->format = "%a, %d %b %Y %H:%M:%S %z"; d->nformats++; break;
    case O_ISO:
        k = val ? argmatch(val, iso_names) : 2;
        if (k < 0) return bad_arg(c, val, "--iso-8601", iso_names);
        d->format = iso_fmts[k];
        d->nformats++;
        break;
    case O_RFC3339:
        k = argmatch(val, rfc3339_names);
        if (k < 0) return bad_arg(c, val, "--rfc-3339", rfc3339_names);
        d->format = rfc3339_fmts[k];
        d->nformats++;
        break;
    case O_DEBUG: break;
    case O_RESOLUTION: sk_out_puts(&c->out, "0.000000001\n"); return 0;
    case O_HELP: sk_out_puts(&c->out, date_help); return 0;
    case O_VERSION: sk_out_puts(&c->out, "date (GNU coreutils) 9.1\n"); return 0;
    }
    return -1;
}

int cmd_date(sk_cmd *c, int argc, char **argv)
{
    date_state d;
    memset(&d, 0, sizeof d);
    const char *operand = NULL;
    /* options may follow operands (GNU permutes) */
    int noopts = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (noopts || a[0] != '-' || !a[1]) {
            if (operand) return mu_extra_operand(c, a, 1);
            operand = a;
            continue;
        }
        if (!strcmp(a, "--")) { noopts = 1; continue; }
        if (a[1] == '-') {
            const char *name = a + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const date_opt *hit = NULL;
            int n = 0;
            for (const date_opt *o = date_longs; o->name; o++) {
                if (strncmp(o->name, name, len)) continue;
                if (strlen(o->name) == len) { hit = o; n = 1; break; }
                if (!hit || hit->val != o->val) n++;
                hit = o;
            }
            if (n > 1) {
                cmd_error(c, "option '%s' is ambiguous", a);
                mu_try_help(c);
                return 1;
            }
            if (n != 1) {
                cmd_bad_long_option(c, a);
                return 1;
            }
            if (!hit->has_arg && eq) {
                cmd_error(c, "option '--%s' doesn't allow an argument", hit->name);
                mu_try_help(c);
                return 1;
            }
            const char *val = eq ? eq + 1 : NULL;
            if (hit->has_arg == 1 && !eq) {
                if (i + 1 >= argc) {
                    cmd_error(c, "option '--%s' requires an argument", hit->name);
                    mu_try_help(c);
                    return 1;
                }
                val = argv[++i];
            }
            int opt = hit->val == 'I' ? O_ISO : hit->val == 'R' ? O_RFC_EMAIL : hit->val;
            int r = apply_opt(c, &d, opt, val);
            if (r >= 0) return r;
            continue;
        }
        for (int k = 1; a[k]; k++) {
            int opt = (unsigned char)a[k];
            const char *val = NULL;
            if (strchr("dfrs", opt)) {
                if (a[k + 1]) val = a + k + 1;
                else if (i + 1 < argc) val = argv[++i];
                else {
                    cmd_error(c, "option requires an argument -- '%c'", opt);
                    mu_try_help(c);
                    return 1;
                }
            } else if (opt == 'I') {
                opt = O_ISO;
                if (a[k + 1]) val = a + k + 1;
            } else if (opt == 'R') {
                opt = O_RFC_EMAIL;
            } else if (opt != 'u') {
                cmd_error(c, "invalid option -- '%c'", opt);
                mu_try_help(c);
                return 1;
            }
            int r = apply_opt(c, &d, opt, val);
            if (r >= 0) return r;
            if (val) break;
        }
    }
    const char *datestr = d.datestr, *datefile = d.datefile, *reffile = d.reffile, *setstr = d.setstr;
    const char *format = d.format;
    int utc = d.utc, nsources = d.nsources, nformats = d.nformats;
    int nsrc = (nsources & 1) + ((nsources >> 1) & 1) + ((nsources >> 2) & 1);
    if (nsrc > 1) {
        cmd_error(c, "the options to specify dates for printing are mutually exclusive");
        mu_try_help(c);
        return 1;
    }
    if (setstr && nsrc) {
        cmd_error(c, "the options to print and set the time may not be used together");
        mu_try_help(c);
        return 1;
    }
    if (operand) {
        if (operand[0] == '+') {
            if (nformats) {
                cmd_error(c, "multiple output formats specified");
                return 1;
            }
            format = operand + 1;
            nformats++;
        } else if (nsrc || setstr) {
            cmd_error(c, "the argument '%s' lacks a leading '+';\nwhen using an option to specify date(s), any "
                         "non-option\nargument must be a format string beginning with '+'",
                      operand);
            mu_try_help(c);
            return 1;
        }
    }
    if (nformats > 1) {
        cmd_error(c, "multiple output formats specified");
        return 1;
    }
    if (!format) format = "%a %b %e %H:%M:%S %Z %Y";

    dt_zone zone;
    dt_zone_init(&zone, utc ? "UTC0" : mu_getenv(c, "TZ"));
    int64_t now_ns = cmd_now_ns(c);
    int64_t now = now_ns / 1000000000;
    int32_t now_frac = (int32_t)(now_ns % 1000000000);
    if (now_frac < 0) { now--; now_frac += 1000000000; }

    int64_t t = now;
    int32_t ns = now_frac;
    int status = 0;
    if (datefile) {
        sk_in in;
        int st = cmd_open_input(c, datefile, &in);
        if (st) {
            cmd_error(c, "%s: %s", datefile, sk_status_message(st));
            return 1;
        }
        sk_buf line = SK_BUF_INIT(c->a);
        int r;
        while ((r = sk_in_getline(&in, &line, '\n')) > 0 && !cmd_out_failed(c) && !cmd_aborted(c)) {
            if (line.len && line.p[line.len - 1] == '\n') line.p[--line.len] = 0;
            int64_t lt;
            int32_t lns;
            if (dt_parse(line.p, now, now_frac, &zone, &lt, &lns)) {
                cmd_error(c, "invalid date '%s'", line.p);
                status = 1;
                continue;
            }
            if (show(c, &zone, format, lt, lns)) { status = 1; break; }
        }
        sk_buf_free(&line);
        cmd_close_input(c, &in);
        return status;
    }
    if (datestr) {
        if (dt_parse(datestr, now, now_frac, &zone, &t, &ns)) {
            cmd_error(c, "invalid date '%s'", datestr);
            return 1;
        }
    } else if (reffile) {
        sk_stat sb;
        int st = sk_vfs_stat(c->vfs, c->cwd, reffile, &sb);
        if (st) {
            cmd_error(c, "%s: %s", reffile, sk_status_message(st));
            return 1;
        }
        t = sb.mtime_ns / 1000000000;
        ns = (int32_t)(sb.mtime_ns % 1000000000);
        if (ns < 0) { t--; ns += 1000000000; }
    } else if (setstr || (operand && operand[0] != '+')) {
        if (setstr) {
            if (dt_parse(setstr, now, now_frac, &zone, &t, &ns)) {
                cmd_error(c, "invalid date '%s'", setstr);
                return 1;
            }
        } else {
            dt_tm tm;
            dt_localtime(&zone, now, &tm);
            int64_t f[6];
            if (posix_set_date(operand, tm.year, f)) {
                cmd_error(c, "invalid date '%s'", operand);
                return 1;
            }
            t = dt_mktime(&zone, f[0], f[1], f[2], f[3], f[4], f[5]);
            ns = 0;
        }
        cmd_error(c, "cannot set date: Operation not permitted");
        status = 1;
    }
    if (show(c, &zone, format, t, ns)) return 1;
    return status;
}
