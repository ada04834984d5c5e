/* numfmt.c — numfmt: convert numbers to and from human-readable form
 * (GNU coreutils 9.1): --from/--to none|auto|si|iec|iec-i, --from-unit,
 * --to-unit, --round, --suffix, --padding (and GNU's automatic padding of
 * fields that had leading blanks), --format "%['][-][0][N][.N]f",
 * --field, -d, --header, --invalid, -z.  The arithmetic is long double
 * with GNU's rounding steps (scale, round at one decimal below 10,
 * rescale after rounding), so results match byte for byte. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("numfmt", cmd_numfmt, "numfmt [--from=si|iec|auto] [--to=si|iec|iec-i] [--suffix=S] [--padding=N] [--format=F] [--field=N] [NUMBER]...: human-readable numbers");

static const char numfmt_usage[] =
    "Usage: numfmt [OPTION]... [NUMBER]...\n"
    "Reformat NUMBER(s), or the numbers from standard input if none are specified.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "      --debug          print warnings about invalid input\n"
    "  -d, --delimiter=X    use X instead of whitespace for field delimiter\n"
    "      --field=FIELDS   replace the numbers in these input fields (default=1)\n"
    "      --format=FORMAT  use printf style floating-point FORMAT\n"
    "      --from=UNIT      auto-scale input numbers to UNITs; default is 'none'\n"
    "      --from-unit=N    specify the input unit size (instead of the default 1)\n"
    "      --grouping       use locale-defined grouping of digits\n"
    "      --header[=N]     print (without converting) the first N header lines\n"
    "      --invalid=MODE   failure mode for invalid numbers: abort (default),\n"
    "                         fail, warn, ignore\n"
    "      --padding=N      pad the output to N characters\n"
    "      --round=METHOD   use METHOD for rounding when scaling; METHOD can be:\n"
    "                         up, down, from-zero (default), towards-zero, nearest\n"
    "      --suffix=SUFFIX  add SUFFIX to output numbers, and accept optional\n"
    "                         SUFFIX in input numbers\n"
    "      --to=UNIT        auto-scale output numbers to UNITs; see UNIT below\n"
    "      --to-unit=N      the output unit size (instead of the default 1)\n"
    "  -z, --zero-terminated    line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n"
    "\n"
    "UNIT options:\n"
    "  none       no auto-scaling is done; suffixes will trigger an error\n"
    "  auto       accept optional single/two letter suffix:\n"
    "  si         accept optional single letter suffix: 1K = 1000, 1M = 1000000\n"
    "  iec        accept optional single letter suffix: 1K = 1024, 1M = 1048576\n"
    "  iec-i      accept optional two-letter suffix: 1Ki = 1024, 1Mi = 1048576\n";

enum { SC_NONE, SC_AUTO, SC_SI, SC_IEC, SC_IEC_I };
enum { RD_UP, RD_DOWN, RD_FROM_ZERO, RD_TO_ZERO, RD_NEAREST };
enum { INV_ABORT, INV_FAIL, INV_WARN, INV_IGNORE };
enum { E_OK, E_OK_LOSS, E_OVERFLOW, E_INVALID_NUMBER, E_FORBIDDEN_SUFFIX, E_INVALID_SUFFIX, E_MISSING_I };

#define MAX_UNSCALED_DIGITS 18
#define MAX_ACCEPTABLE_DIGITS 27

typedef struct nf_range {
    uint64_t lo, hi;
} nf_range;

typedef struct numfmt {
    sk_cmd *c;
    int from, to, round, inval;
    long double from_unit, to_unit;
    const char *suffix;
    long padding;               /* >0 right, <0 left */
    int auto_padding;
    size_t pad_width;           /* for this field (auto) */
    int zero_pad_width;
    int user_precision;         /* -1: none */
    int grouping;
    char *fmt_prefix, *fmt_suffix;
    int delim;                  /* -1: blanks */
    int eol;
    nf_range *fields;
    size_t nfields;
    int all_fields;
    int aborted;                /* --invalid=abort hit an error */
    int failed;                 /* some conversion failed */
} numfmt;

static long double powerld(long double base, unsigned x)
{
    long double r = 1;
    while (x--) r *= base;
    return r;
}

static long double absld(long double v) { return v < 0 ? -v : v; }

static long double expld(long double val, unsigned base, unsigned *x)
{
    unsigned power = 0;
    if (val >= -1e4932L && val <= 1e4932L)
        while (absld(val) >= base) {
            ++power;
            val /= base;
        }
    *x = power;
    return val;
}

static intmax_t round_ceiling(long double v)
{
    intmax_t i = (intmax_t)v;
    if (i < v) i++;
    return i;
}
static intmax_t round_floor(long double v) { return -round_ceiling(-v); }

static long double simple_round(long double val, int how)
{
    intmax_t mul = (intmax_t)(val / (long double)INTMAX_MAX);
    val -= (long double)INTMAX_MAX * mul;
    intmax_t r;
    switch (how) {
    case RD_UP: r = round_ceiling(val); break;
    case RD_DOWN: r = round_floor(val); break;
    case RD_FROM_ZERO: r = val < 0 ? round_floor(val) : round_ceiling(val); break;
    case RD_TO_ZERO: r = (intmax_t)val; break;
    default: r = (intmax_t)(val < 0 ? val - 0.5L : val + 0.5L); break;
    }
    return (long double)INTMAX_MAX * mul + r;
}

static int scale_base(int sc) { return sc == SC_IEC || sc == SC_IEC_I ? 1024 : 1000; }

static int suffix_power(char ch)
{
    const char *s = strchr("KMGTPEZY", ch);
    return s && ch ? (int)(s - "KMGTPEZY") + 1 : -1;
}

static int strtod_int(const char *s, const char **end, long double *v, int *neg)
{
    int e = E_OK;
    long double val = 0;
    unsigned digits = 0;
    int found = 0;
    *neg = 0;
    if (*s == '-') {
        s++;
        *neg = 1;
    }
    *end = s;
    while (isdigit((unsigned char)**end)) {
        int d = **end - '0';
        found = 1;
        if (val != 0 || d) digits++;
        if (digits > MAX_UNSCALED_DIGITS) e = E_OK_LOSS;
        if (digits > MAX_ACCEPTABLE_DIGITS) return E_OVERFLOW;
        val = val * 10 + d;
        ++*end;
    }
    if (!found && **end != '.') return E_INVALID_NUMBER;
    *v = *neg ? -val : val;
    return e;
}

static int strtod_human(const char *s, const char **end, long double *value, size_t *precision, int allowed)
{
    int base = scale_base(allowed);
    *precision = 0;
    int neg;
    int e = strtod_int(s, end, value, &neg);
    if (e != E_OK && e != E_OK_LOSS) return e;
    if (**end == '.') {
        const char *p2;
        long double frac = 0;
        int nf;
        ++*end;
        int e2 = strtod_int(*end, &p2, &frac, &nf);
        if (e2 != E_OK && e2 != E_OK_LOSS) return e2;
        if (e2 == E_OK_LOSS) e = e2;
        if (nf) return E_INVALID_NUMBER;
        size_t exponent = (size_t)(p2 - *end);
        frac = frac / powerld(10, (unsigned)exponent);
        *value = neg ? *value - frac : *value + frac;
        *precision = exponent;
        *end = p2;
    }
    int power = 0;
    if (**end) {
        while (**end == ' ' || **end == '\t') ++*end;
        if (suffix_power(**end) < 0) return E_INVALID_SUFFIX;
        if (allowed == SC_NONE) return E_FORBIDDEN_SUFFIX;
        power = suffix_power(**end);
        ++*end;
        if (allowed == SC_AUTO && **end == 'i') {
            base = 1024;
            ++*end;
        } else if (allowed == SC_IEC_I) {
            if (**end == 'i') ++*end;
            else return E_MISSING_I;
        }
        *precision = 0;
    }
    *value *= powerld(base, (unsigned)power);
    return e;
}

/* error() with --invalid semantics: abort ends the run. */
static void conv_error(numfmt *nf, const char *fmt, const char *a, const char *b)
{
    if (nf->inval == INV_IGNORE) return;
    if (b) cmd_error(nf->c, fmt, a, b);
    else cmd_error(nf->c, fmt, a);
    if (nf->inval == INV_ABORT) nf->aborted = 1;
}

static int parse_number(numfmt *nf, const char *s, long double *val, size_t *precision)
{
    const char *end = NULL;
    int e = strtod_human(s, &end, val, precision, nf->from);
    if (e != E_OK && e != E_OK_LOSS) {
        switch (e) {
        case E_OVERFLOW: conv_error(nf, "value too large to be converted: '%s'", s, NULL); break;
        case E_INVALID_NUMBER: conv_error(nf, "invalid number: '%s'", s, NULL); break;
        case E_FORBIDDEN_SUFFIX: conv_error(nf, "rejecting suffix in input: '%s' (consider using --from)", s, NULL); break;
        case E_INVALID_SUFFIX: conv_error(nf, "invalid suffix in input: '%s'", s, NULL); break;
        default: conv_error(nf, "missing 'i' suffix in input: '%s' (e.g Ki/Mi/Gi)", s, NULL); break;
        }
        return 0;
    }
    if (end && *end) {
        conv_error(nf, "invalid suffix in input '%s': '%s'", s, end);
        return 0;
    }
    return 1;
}

/* Format val into buf (GNU double_to_human). */
static void to_human(numfmt *nf, long double val, int precision, char *buf, size_t cap)
{
    char fmt[64];
    char *p = fmt;
    *p++ = '%';
    if (nf->grouping) *p++ = '\'';
    if (nf->zero_pad_width) p += snprintf(p, sizeof fmt - 8, "0%d", nf->zero_pad_width);
    if (nf->to == SC_NONE) {
        val *= powerld(10, (unsigned)precision);
        val = simple_round(val, nf->round);
        val /= powerld(10, (unsigned)precision);
        strcpy(p, ".*Lf");
        snprintf(buf, cap, fmt, precision, val);
        return;
    }
    unsigned base = (unsigned)scale_base(nf->to);
    unsigned power = 0;
    val = expld(val, base, &power);
    unsigned adjust = 0;
    if (nf->user_precision != -1) adjust = power * 3 < (unsigned)nf->user_precision ? power * 3 : (unsigned)nf->user_precision;
    else if (absld(val) < 10) adjust = 1;
    val *= powerld(10, adjust);
    val = simple_round(val, nf->round);
    val /= powerld(10, adjust);
    if (absld(val) >= base) {
        val /= base;
        power++;
    }
    int show_point = val != 0 && absld(val) < 10 && power > 0;
    int prec = nf->user_precision == -1 ? show_point : nf->user_precision;
    static const char *const suf[] = { "", "K", "M", "G", "T", "P", "E", "Z", "Y" };
    strcpy(p, ".*Lf%s");
    int n = snprintf(buf, cap - 2, fmt, prec, val, power < 9 ? suf[power] : "?");
    if (nf->to == SC_IEC_I && power > 0 && n >= 0 && (size_t)n + 1 < cap) strcat(buf, "i");
}

/* Convert one field; returns 1 with the output in out. */
static int convert(numfmt *nf, const char *text, size_t field, sk_buf *out)
{
    char tmp[512];
    size_t tl = strlen(text);
    if (tl >= sizeof tmp) tl = sizeof tmp - 1;
    memcpy(tmp, text, tl);
    tmp[tl] = 0;
    if (nf->suffix && tl > strlen(nf->suffix) && !strcmp(tmp + tl - strlen(nf->suffix), nf->suffix))
        tmp[tl - strlen(nf->suffix)] = 0;
    const char *p = tmp;
    while (*p == ' ' || *p == '\t') p++;
    size_t padw = nf->padding < 0 ? (size_t)-nf->padding : (size_t)nf->padding;
    int right = nf->padding >= 0;
    if (nf->auto_padding) {
        if (p > tmp || field > 1) padw = strlen(tmp);
        else padw = 0;
        right = 1;
    }
    long double val = 0;
    size_t precision = 0;
    if (!parse_number(nf, p, &val, &precision)) return 0;
    if (nf->from_unit != 1 || nf->to_unit != 1) val = val * nf->from_unit / nf->to_unit;
    size_t used = nf->user_precision == -1 ? precision : (size_t)nf->user_precision;
    unsigned x;
    expld(val, 10, &x);
    if (nf->to == SC_NONE && x + used > MAX_UNSCALED_DIGITS) {
        char num[64];
        snprintf(num, sizeof num, "%Lg", val);
        if (nf->inval != INV_IGNORE) {
            if (used) {
                char both[96];
                snprintf(both, sizeof both, "%s/%zu", num, used);
                conv_error(nf, "value/precision too large to be printed: '%s' (consider using --to)", both, NULL);
            } else {
                conv_error(nf, "value too large to be printed: '%s' (consider using --to)", num, NULL);
            }
        }
        return 0;
    }
    if (x > MAX_ACCEPTABLE_DIGITS - 1) {
        char num[64];
        snprintf(num, sizeof num, "%Lg", val);
        conv_error(nf, "value too large to be printed: '%s' (cannot handle values > 999Y)", num, NULL);
        return 0;
    }
    char buf[256];
    to_human(nf, val, (int)used, buf, sizeof buf);
    if (nf->suffix && strlen(buf) + strlen(nf->suffix) < sizeof buf) strcat(buf, nf->suffix);
    sk_buf_clear(out);
    if (nf->fmt_prefix) sk_buf_puts(out, nf->fmt_prefix);
    size_t bl = strlen(buf);
    if (padw && bl < padw) {
        if (right) for (size_t i = bl; i < padw; i++) sk_buf_putc(out, ' ');
        sk_buf_puts(out, buf);
        if (!right) for (size_t i = bl; i < padw; i++) sk_buf_putc(out, ' ');
    } else {
        sk_buf_puts(out, buf);
    }
    if (nf->fmt_suffix) sk_buf_puts(out, nf->fmt_suffix);
    return 1;
}

static int field_selected(const numfmt *nf, uint64_t f)
{
    if (nf->all_fields) return 1;
    for (size_t i = 0; i < nf->nfields; i++)
        if (f >= nf->fields[i].lo && f <= nf->fields[i].hi) return 1;
    return 0;
}

static int is_blank_ch(char ch) { return ch == ' ' || ch == '\t'; }

/* One line (content without its end); output with the line end if nl. */
static int process_line(numfmt *nf, char *line, int nl)
{
    sk_out *o = &nf->c->out;
    sk_buf conv = SK_BUF_INIT(nf->c->a);
    uint64_t field = 0;
    int valid = 1;
    for (;;) {
        ++field;
        char *start = line, *end = line;
        if (nf->delim >= 0) {
            if (*start != (char)nf->delim)
                while (*end && *end != (char)nf->delim) end++;
        } else {
            while (*end && is_blank_ch(*end)) end++;
            while (*end && !is_blank_ch(*end)) end++;
        }
        int last = *end == 0;
        *end = 0;
        if (field_selected(nf, field) && !nf->aborted) {
            if (convert(nf, start, (size_t)field, &conv)) sk_out_write(o, conv.p, conv.len);
            else {
                valid = 0;
                if (!nf->aborted) sk_out_puts(o, start);
            }
        } else if (!nf->aborted) {
            sk_out_puts(o, start);
        }
        if (nf->aborted) break;
        if (last) break;
        sk_out_putc(o, nf->delim >= 0 ? nf->delim : ' ');
        line = end + 1;
    }
    if (nl && !nf->aborted) sk_out_putc(o, nf->eol);
    sk_buf_free(&conv);
    return valid;
}

/* --field: N, N-M, N-, -M, "-" (all); GNU's messages. */
static int parse_fields(numfmt *nf, const char *s)
{
    sk_cmd *c = nf->c;
    if (!strcmp(s, "-")) {
        nf->all_fields = 1;
        return 0;
    }
    const char *p = s;
    while (*p) {
        size_t len = strcspn(p, ", \t");
        char item[64];
        if (len >= sizeof item) len = sizeof item - 1;
        memcpy(item, p, len);
        item[len] = 0;
        uint64_t lo = 1, hi;
        char *dash = strchr(item, '-');
        char *e;
        if (!len) goto bad_zero;
        if (dash) {
            *dash = 0;
            if (*item) {
                lo = strtoull(item, &e, 10);
                if (*e) goto bad_value;
            }
            if (dash[1]) {
                hi = strtoull(dash + 1, &e, 10);
                if (*e) goto bad_value;
            } else {
                hi = UINT64_MAX;
                if (!*item) {
                    cmd_error(c, "invalid range with no endpoint: -");
                    txt_try_help(c);
                    return 1;
                }
            }
            if (lo == 0) goto bad_zero;
            if (hi < lo) {
                cmd_error(c, "invalid decreasing range");
                txt_try_help(c);
                return 1;
            }
        } else {
            lo = hi = strtoull(item, &e, 10);
            if (*e || !isdigit((unsigned char)item[0])) goto bad_value;
            if (lo == 0) goto bad_zero;
        }
        nf_range *n = sk_realloc(c->a, nf->fields, (nf->nfields + 1) * sizeof *n);
        if (!n) return cmd_error(c, "memory exhausted");
        nf->fields = n;
        nf->fields[nf->nfields].lo = lo;
        nf->fields[nf->nfields].hi = hi;
        nf->nfields++;
        p += len;
        if (*p) p++;
    }
    return 0;
bad_zero:
    cmd_error(c, "fields are numbered from 1");
    txt_try_help(c);
    return 1;
bad_value:
    cmd_error(c, "invalid field value '%s'", p);
    txt_try_help(c);
    return 1;
}

static int parse_format(numfmt *nf, const char *fmt)
{
    sk_cmd *c = nf->c;
    size_t i, prefix_len = 0;
    for (i = 0; !(fmt[i] == '%' && fmt[i + 1] != '%'); i += (fmt[i] == '%') + 1) {
        if (!fmt[i]) {
            cmd_error(c, "format '%s' has no %% directive", fmt);
            return 1;
        }
        prefix_len++;
    }
    i++;
    int zero = 0;
    for (;;) {
        size_t skip = strspn(fmt + i, " ");
        i += skip;
        if (fmt[i] == '\'') { nf->grouping = 1; i++; }
        else if (fmt[i] == '0') { zero = 1; i++; }
        else if (!skip) break;
    }
    errno = 0;
    char *end;
    long pad = strtol(fmt + i, &end, 10);
    if (errno == ERANGE) {
        cmd_error(c, "invalid format '%s' (width overflow)", fmt);
        return 1;
    }
    if (end != fmt + i && pad != 0) {
        if (pad < 0) nf->padding = pad;
        else if (zero) nf->zero_pad_width = pad > 100000 ? 100000 : (int)pad;
        else nf->padding = pad;
    }
    i = (size_t)(end - fmt);
    if (!fmt[i]) {
        cmd_error(c, "format '%s' ends in %%", fmt);
        return 1;
    }
    if (fmt[i] == '.') {
        i++;
        errno = 0;
        long pr = strtol(fmt + i, &end, 10);
        if (errno == ERANGE || pr < 0 || pr > 100000 || fmt[i] == ' ' || fmt[i] == '\t' || fmt[i] == '+') {
            cmd_error(c, "invalid precision in format '%s'", fmt);
            return 1;
        }
        nf->user_precision = (int)pr;
        i = (size_t)(end - fmt);
    }
    if (fmt[i] != 'f') {
        cmd_error(c, "invalid format '%s', directive must be %%[0]['][-][N][.][N]f", fmt);
        return 1;
    }
    i++;
    size_t suffix_pos = i;
    for (; fmt[i]; i += (fmt[i] == '%') + 1)
        if (fmt[i] == '%' && fmt[i + 1] != '%') {
            cmd_error(c, "format '%s' has too many %% directives", fmt);
            return 1;
        }
    /* as GNU: the prefix is the first prefix_len raw bytes, the suffix raw */
    if (prefix_len) {
        nf->fmt_prefix = sk_strndup(c->a, fmt, prefix_len);
        if (!nf->fmt_prefix) return cmd_error(c, "memory exhausted");
    }
    if (fmt[suffix_pos]) {
        nf->fmt_suffix = sk_strdup(c->a, fmt + suffix_pos);
        if (!nf->fmt_suffix) return cmd_error(c, "memory exhausted");
    }
    return 0;
}

/* --from-unit / --to-unit: a positive integer with an optional suffix
 * (K = 1000, Ki = 1024, as GNU's unit_to_umax). */
static int parse_unit(sk_cmd *c, const char *s, long double *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno || s[0] == '-') goto bad;
    long double mul = 1;
    if (*end) {
        int pw = suffix_power(*end);
        if (pw < 0) goto bad;
        int base = 1000;
        if (end[1] == 'i' && !end[2]) base = 1024;
        else if (end[1]) goto bad;
        mul = powerld(base, (unsigned)pw);
    }
    if (v == 0) goto bad;
    *out = (long double)v * mul;
    return 0;
bad:
    cmd_error(c, "invalid unit size: '%s'", s);
    return 1;
}

static int pick(sk_cmd *c, const char *what, const char *arg, const char *const *names, int n, int *out)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(arg, names[i])) {
            *out = i;
            return 0;
        }
    cmd_error(c, "invalid argument '%s' for '%s'", arg, what);
    sk_out_puts(&c->err, "Valid arguments are:\n");
    for (int i = 0; i < n; i++) sk_out_printf(&c->err, "  - '%s'\n", names[i]);
    txt_try_help(c);
    return 1;
}

int cmd_numfmt(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_FROM = 0x100, OPT_FROM_UNIT, OPT_TO, OPT_TO_UNIT, OPT_ROUND, OPT_SUFFIX, OPT_GROUPING,
           OPT_PADDING, OPT_FIELD, OPT_DEBUG, OPT_HEADER, OPT_FORMAT, OPT_INVALID };
    static const cmd_longopt longs[] = {
        { "from", 1, OPT_FROM }, { "from-unit", 1, OPT_FROM_UNIT }, { "to", 1, OPT_TO },
        { "to-unit", 1, OPT_TO_UNIT }, { "round", 1, OPT_ROUND }, { "padding", 1, OPT_PADDING },
        { "suffix", 1, OPT_SUFFIX }, { "grouping", 0, OPT_GROUPING }, { "delimiter", 1, 'd' },
        { "field", 1, OPT_FIELD }, { "debug", 0, OPT_DEBUG }, { "header", 2, OPT_HEADER },
        { "format", 1, OPT_FORMAT }, { "invalid", 1, OPT_INVALID }, { "zero-terminated", 0, 'z' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    static const char *const from_names[] = { "none", "auto", "si", "iec", "iec-i" };
    static const char *const to_names[] = { "none", "si", "iec", "iec-i" };
    static const int to_vals[] = { SC_NONE, SC_SI, SC_IEC, SC_IEC_I };
    static const char *const round_names[] = { "up", "down", "from-zero", "towards-zero", "nearest" };
    static const char *const inval_names[] = { "abort", "fail", "warn", "ignore" };
    numfmt nf;
    memset(&nf, 0, sizeof nf);
    nf.c = c;
    nf.round = RD_FROM_ZERO;
    nf.from_unit = nf.to_unit = 1;
    nf.user_precision = -1;
    nf.delim = -1;
    nf.eol = '\n';
    int status = 0, header = 0, padding_set = 0;
    const char *format = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "d:z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        int v;
        switch (ch) {
        case OPT_FROM:
            if (pick(c, "--from", o.arg, from_names, 5, &v)) { status = 1; goto done; }
            nf.from = v;
            break;
        case OPT_TO:
            if (pick(c, "--to", o.arg, to_names, 4, &v)) { status = 1; goto done; }
            nf.to = to_vals[v];
            break;
        case OPT_ROUND:
            if (pick(c, "--round", o.arg, round_names, 5, &v)) { status = 1; goto done; }
            nf.round = v;
            break;
        case OPT_INVALID:
            if (pick(c, "--invalid", o.arg, inval_names, 4, &v)) { status = 1; goto done; }
            nf.inval = v;
            break;
        case OPT_FROM_UNIT: if (parse_unit(c, o.arg, &nf.from_unit)) { status = 1; goto done; } break;
        case OPT_TO_UNIT: if (parse_unit(c, o.arg, &nf.to_unit)) { status = 1; goto done; } break;
        case OPT_PADDING: {
            char *end;
            errno = 0;
            long p = strtol(o.arg, &end, 10);
            if (end == o.arg || *end || errno || p == 0) {
                status = cmd_error(c, "invalid padding value '%s'", o.arg);
                goto done;
            }
            nf.padding = p;
            padding_set = 1;
            break;
        }
        case OPT_SUFFIX: nf.suffix = o.arg; break;
        case OPT_GROUPING: nf.grouping = 1; break;
        case 'd':
            if (o.arg[0] && o.arg[1]) {
                status = cmd_error(c, "the delimiter must be a single character");
                goto done;
            }
            nf.delim = (unsigned char)o.arg[0];
            break;
        case 'z': nf.eol = 0; break;
        case OPT_FIELD:
            nf.nfields = 0;
            nf.all_fields = 0;
            if (parse_fields(&nf, o.arg)) { status = 1; goto done; }
            break;
        case OPT_DEBUG: break;
        case OPT_HEADER:
            if (o.arg) {
                char *end;
                long h = strtol(o.arg, &end, 10);
                if (end == o.arg || *end || h <= 0) {
                    status = cmd_error(c, "invalid header value '%s'", o.arg);
                    goto done;
                }
                header = (int)h;
            } else {
                header = 1;
            }
            break;
        case OPT_FORMAT: format = o.arg; break;
        case TXT_OPT_HELP: status = txt_help(c, numfmt_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (format && parse_format(&nf, format)) { status = 1; goto done; }
    if (nf.grouping && nf.to != SC_NONE) {
        status = cmd_error(c, "grouping cannot be combined with --to");
        goto done;
    }
    if (!nf.nfields && !nf.all_fields) {
        nf.fields = sk_malloc(c->a, sizeof *nf.fields);
        if (!nf.fields) { status = cmd_error(c, "memory exhausted"); goto done; }
        nf.fields[0].lo = nf.fields[0].hi = 1;
        nf.nfields = 1;
    }
    nf.auto_padding = !padding_set && !format && nf.delim < 0;
    (void)padding_set;
    int invalid = 0;
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops) {
        for (int i = 0; i < nops && !nf.aborted; i++) {
            char *copy = sk_strdup(c->a, ops[i]);
            if (!copy) { status = cmd_error(c, "memory exhausted"); break; }
            if (!process_line(&nf, copy, 1)) invalid = 1;
            sk_free(c->a, copy);
        }
    } else {
        sk_in in;
        int r = cmd_open_input(c, "-", &in);
        if (r) { status = txt_error_path(c, "-", r); goto done; }
        sk_buf line = SK_BUF_INIT(c->a);
        while (!nf.aborted && (r = sk_in_getline(&in, &line, nf.eol)) > 0) {
            int nl = line.p[line.len - 1] == (char)nf.eol;
            if (nl) line.p[--line.len] = 0;
            if (header > 0) {
                header--;
                sk_out_write(&c->out, line.p, line.len);
                if (nl) sk_out_putc(&c->out, nf.eol);
                continue;
            }
            if (!process_line(&nf, line.p, nl)) invalid = 1;
            if (cmd_out_failed(c) || cmd_aborted(c)) break;
        }
        sk_buf_free(&line);
        cmd_close_input(c, &in);
    }
    if (nf.aborted) status = 2;
    else if (invalid && nf.inval == INV_FAIL) status = 2;
done:
    sk_free(c->a, nf.fields);
    sk_free(c->a, nf.fmt_prefix);
    sk_free(c->a, nf.fmt_suffix);
    cmd_opts_free(&o, c);
    return status;
}
