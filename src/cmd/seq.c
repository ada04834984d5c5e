/* seq.c — seq: print a sequence of numbers (GNU semantics).
 *
 * Integers with a small positive step take GNU's exact decimal-string path
 * (any size); everything else is long double arithmetic, value i computed
 * as FIRST + i*STEP, formatted with "%.PREC Lf" where PREC is the larger
 * number of fraction digits of FIRST and STEP (or -f FORMAT, or -w equal
 * width), with GNU's rule for printing one more number that rounds to
 * LAST.  Output streams, so `seq 1 1000000000 | head -n 3` ends at once. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("seq", cmd_seq, "seq [-w] [-s SEP] [-f FMT] [FIRST [STEP]] LAST: print numbers from FIRST to LAST");

static const char seq_usage[] =
    "Usage: seq [OPTION]... LAST\n"
    "  or:  seq [OPTION]... FIRST LAST\n"
    "  or:  seq [OPTION]... FIRST INCREMENT LAST\n"
    "Print numbers from FIRST to LAST, in steps of INCREMENT.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -f, --format=FORMAT      use printf style floating-point FORMAT\n"
    "  -s, --separator=STRING   use STRING to separate numbers (default: \\n)\n"
    "  -w, --equal-width        equalize width by padding with leading zeroes\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n"
    "\n"
    "If FIRST or INCREMENT is omitted, it defaults to 1.  That is, an\n"
    "omitted INCREMENT defaults to 1 even when LAST is smaller than FIRST.\n"
    "The sequence of numbers ends when the sum of the current number and\n"
    "INCREMENT would become greater than LAST.\n"
    "FIRST, INCREMENT, and LAST are interpreted as floating point values.\n"
    "INCREMENT is usually positive if FIRST is smaller than LAST, and\n"
    "INCREMENT is usually negative if FIRST is greater than LAST.\n"
    "INCREMENT must not be 0; none of FIRST, INCREMENT and LAST may be NaN.\n"
    "FORMAT must be suitable for printing one argument of type 'double';\n"
    "it defaults to %.PRECf if FIRST, INCREMENT, and LAST are all fixed point\n"
    "decimal numbers with maximum precision PREC, and to %g otherwise.\n";

typedef struct seq_operand {
    long double value;
    long width;
    int precision;   /* INT_MAX: not a plain decimal */
} seq_operand;

typedef struct seq_layout {
    size_t prefix_len, suffix_len;
} seq_layout;

static int usage_error(sk_cmd *c)
{
    txt_try_help(c);
    return 1;
}

/* strtold over the whole string (leading blanks allowed); overflow fails. */
static int full_strtold(const char *s, long double *v)
{
    char *end;
    errno = 0;
    long double x = strtold(s, &end);
    if (end == s || *end) return 0;
    if (errno == ERANGE && (x > 1 || x < -1)) return 0;
    *v = x;
    return 1;
}

static int scan_arg(sk_cmd *c, const char *arg, seq_operand *op)
{
    if (!full_strtold(arg, &op->value)) {
        cmd_error(c, "invalid floating point argument: '%s'", arg);
        return usage_error(c);
    }
    if (isnan(op->value)) {
        cmd_error(c, "invalid 'not-a-number' argument: '%s'", arg);
        return usage_error(c);
    }
    while (isspace((unsigned char)*arg) || *arg == '+') arg++;
    op->width = (long)strlen(arg);
    op->precision = INT_MAX;
    if (!arg[strcspn(arg, "xX")] && isfinite(op->value)) {
        const char *dp = strchr(arg, '.');
        const char *e = strpbrk(arg, "eE");
        size_t frac = 0;
        if (!dp || (e && dp > e)) {
            op->precision = 0;
            dp = NULL;
        } else {
            frac = strcspn(dp + 1, "eE");
            op->precision = (int)frac;
            op->width += frac == 0 ? -1 : (dp == arg || !isdigit((unsigned char)dp[-1]));
        }
        if (e) {
            long exponent = strtol(e + 1, NULL, 10);
            if (exponent < -100000) exponent = -100000;
            if (exponent > 100000) exponent = 100000;
            op->width -= (long)strlen(arg) - (long)(e - arg);
            if (exponent < 0) {
                op->precision += (int)-exponent;
                if (!dp || e == dp + 1) op->width++;   /* room for the '.' */
                op->width += -exponent;
            } else {
                long moved = exponent < (long)frac ? exponent : (long)frac;
                op->precision -= (int)moved;
                op->width += exponent - moved;
                if (frac > 0 && op->precision == 0) op->width--;   /* the '.' goes */
            }
        }
    }
    return 0;
}

/* Validate FORMAT and produce the long double version (the 'L' inserted). */
static char *long_double_format(sk_cmd *c, const char *fmt, seq_layout *lay)
{
    size_t i, prefix = 0, suffix = 0;
    for (i = 0; !(fmt[i] == '%' && fmt[i + 1] != '%'); i += (fmt[i] == '%') + 1) {
        if (!fmt[i]) {
            cmd_error(c, "format '%s' has no %% directive", fmt);
            return NULL;
        }
        prefix++;
    }
    i++;
    i += strspn(fmt + i, "-+#0 '");
    i += strspn(fmt + i, "0123456789");
    if (fmt[i] == '.') {
        i++;
        i += strspn(fmt + i, "0123456789");
    }
    size_t lmod = i;
    int has_L = fmt[i] == 'L';
    i += (size_t)has_L;
    if (!fmt[i]) {
        cmd_error(c, "format '%s' ends in %%", fmt);
        return NULL;
    }
    if (!strchr("efgaEFGA", fmt[i])) {
        cmd_error(c, "format '%s' has unknown %%%c directive", fmt, fmt[i]);
        return NULL;
    }
    for (i++;; i += (fmt[i] == '%') + 1) {
        if (fmt[i] == '%' && fmt[i + 1] != '%') {
            cmd_error(c, "format '%s' has too many %% directives", fmt);
            return NULL;
        }
        if (!fmt[i]) break;
        suffix++;
    }
    size_t len = strlen(fmt);
    char *out = sk_malloc(c->a, len + 2);
    if (!out) { cmd_error(c, "memory exhausted"); return NULL; }
    memcpy(out, fmt, lmod);
    out[lmod] = 'L';
    strcpy(out + lmod + 1, fmt + lmod + has_L);
    lay->prefix_len = prefix;
    lay->suffix_len = suffix;
    return out;
}

/* Format one value with a validated format into b (cleared first). */
static int format_value(sk_buf *b, const char *fmt, long double x)
{
    sk_buf_clear(b);
    return sk_buf_printf(b, fmt, x);
}

static int print_numbers(sk_cmd *c, const char *fmt, seq_layout lay, long double first, long double step,
                         long double last, const char *sep)
{
    int out_of_range = step < 0 ? first < last : last < first;
    if (out_of_range) return 0;
    sk_buf cur = SK_BUF_INIT(c->a), prev = SK_BUF_INIT(c->a);
    long double x = first;
    int rc = 0;
    for (long double i = 1;; i++) {
        if (format_value(&cur, fmt, x)) { rc = -1; break; }
        if (sk_out_write(&c->out, cur.p, cur.len)) break;
        x = first + i * step;
        out_of_range = step < 0 ? x < last : last < x;
        if (out_of_range) {
            /* print one more if it prints as LAST and differs from the previous one */
            int extra = 0;
            sk_buf t = prev;
            prev = cur;
            cur = t;
            if (format_value(&cur, fmt, x)) { rc = -1; break; }
            if (cur.len >= lay.prefix_len + lay.suffix_len) {
                size_t n = cur.len - lay.suffix_len;
                char save = cur.p[n];
                cur.p[n] = 0;
                long double v;
                if (full_strtold(cur.p + lay.prefix_len, &v) && v == last) {
                    prev.p[prev.len - lay.suffix_len] = 0;
                    extra = strcmp(prev.p, cur.p) != 0;
                }
                cur.p[n] = save;
            }
            if (!extra) break;
        }
        if (sk_out_puts(&c->out, sep)) break;
        if (((unsigned long long)i & 4095) == 0 && cmd_aborted(c)) break;
    }
    if (!rc && !c->out.err) sk_out_putc(&c->out, '\n');
    sk_buf_free(&cur);
    sk_buf_free(&prev);
    return rc;
}

/* ---- the exact integer path ------------------------------------------------ */

static int all_digits(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

static int cmp_digits(const char *a, size_t al, const char *b, size_t bl)
{
    if (al != bl) return al < bl ? -1 : 1;
    return memcmp(a, b, al);
}

/* Decimal strings, most significant first, no leading zeros ("0" is "0"). */
static int seq_fast(sk_cmd *c, const char *a, const char *b, unsigned step, const char *sep)
{
    while (*a == '0' && a[1]) a++;
    while (*b == '0' && b[1]) b++;
    size_t bl = strlen(b), al = strlen(a);
    size_t cap = (al > bl ? al : bl) + 2;
    char *buf = sk_malloc(c->a, cap);
    if (!buf) return cmd_error(c, "memory exhausted");
    /* the number sits right-aligned in buf[0..cap) */
    size_t start = cap - al;
    memcpy(buf + start, a, al);
    int first = 1;
    unsigned long long count = 0;
    while (cmp_digits(buf + start, cap - start, b, bl) <= 0) {
        if (!first && sk_out_puts(&c->out, sep)) break;
        first = 0;
        if (sk_out_write(&c->out, buf + start, cap - start)) break;
        /* add step */
        unsigned carry = step;
        size_t i = cap;
        while (carry) {
            if (i == start) {
                if (start == 0) { carry = 0; start = cap; break; } /* cannot happen: cap has room */
                buf[--start] = '0';
            }
            i--;
            unsigned d = (unsigned)(buf[i] - '0') + carry;
            buf[i] = (char)('0' + d % 10);
            carry = d / 10;
        }
        if ((++count & 4095) == 0 && cmd_aborted(c)) break;
        if (cap - start > bl) break;
    }
    if (!first && !c->out.err) sk_out_putc(&c->out, '\n');
    sk_free(c->a, buf);
    return 0;
}

int cmd_seq(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "format", 1, 'f' }, { "separator", 1, 's' }, { "equal-width", 0, 'w' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    const char *fmt = NULL, *sep = "\n";
    int equal_width = 0;
    /* negative numbers are operands: stop option parsing at "-<digit>" or "-." */
    int optend = argc;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--")) break;
        if (s[0] == '-' && (isdigit((unsigned char)s[1]) || (s[1] == '.' && isdigit((unsigned char)s[2])))) {
            optend = i;
            break;
        }
        if ((!strcmp(s, "-f") || !strcmp(s, "-s") || !strcmp(s, "--format") || !strcmp(s, "--separator")) &&
            i + 1 < argc)
            i++;
    }
    cmd_opts o;
    cmd_opts_init(&o, optend, argv, "f:s:w", longs, 0);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'f': fmt = o.arg; break;
        case 's': sep = o.arg; break;
        case 'w': equal_width = 1; break;
        case TXT_OPT_HELP: return txt_help(c, seq_usage);
        case TXT_OPT_VERSION: return txt_version(c);
        default: return txt_opts_error(&o, c, ch, 1);
        }
    }
    char **ops = argv + o.ind;
    int nops = argc - o.ind;
    if (nops < 1) {
        cmd_error(c, "missing operand");
        return usage_error(c);
    }
    if (nops > 3) {
        cmd_error(c, "extra operand '%s'", ops[3]);
        return usage_error(c);
    }
    if (fmt && equal_width) {
        cmd_error(c, "format string may not be specified when printing equal width strings");
        return usage_error(c);
    }
    seq_layout lay = { 0, 0 };
    char *ldfmt = NULL;
    if (fmt) {
        ldfmt = long_double_format(c, fmt, &lay);
        if (!ldfmt) return 1;
    }
    seq_operand first = { 1, 1, 0 }, step = { 1, 1, 0 }, last;
    int status = 0;
    if (scan_arg(c, ops[nops - 1], &last)) { status = 1; goto done; }
    if (nops >= 2 && scan_arg(c, ops[0], &first)) { status = 1; goto done; }
    if (nops == 3) {
        if (scan_arg(c, ops[1], &step)) { status = 1; goto done; }
        if (step.value == 0) {
            cmd_error(c, "invalid Zero increment value: '%s'", ops[1]);
            status = usage_error(c);
            goto done;
        }
    }
    /* GNU's exact path: non-negative integers, small positive integer step */
    if (!fmt && !equal_width && strlen(sep) == 1 && all_digits(nops >= 2 ? ops[0] : "1") &&
        all_digits(ops[nops - 1]) &&
        (nops < 3 || (all_digits(ops[1]) && step.value > 0 && step.value <= 200))) {
        status = seq_fast(c, nops >= 2 ? ops[0] : "1", ops[nops - 1], nops == 3 ? (unsigned)step.value : 1, sep);
        goto done;
    }
    char defbuf[64];
    const char *use = ldfmt;
    if (!use) {
        int prec = first.precision > step.precision ? first.precision : step.precision;
        if (prec != INT_MAX && last.precision != INT_MAX) {
            if (equal_width) {
                long fw = first.width + (prec - first.precision);
                long lw = last.width + (prec - last.precision);
                if (last.precision && prec == 0) lw--;
                if (last.precision == 0 && prec) lw++;
                if (first.precision == 0 && prec) fw++;
                long w = fw > lw ? fw : lw;
                if (w > 100000) w = 100000;
                snprintf(defbuf, sizeof defbuf, "%%0%ld.%dLf", w, prec);
            } else {
                snprintf(defbuf, sizeof defbuf, "%%.%dLf", prec);
            }
        } else {
            snprintf(defbuf, sizeof defbuf, "%%Lg");
        }
        use = defbuf;
    }
    if (print_numbers(c, use, lay, first.value, step.value, last.value, sep)) status = cmd_error(c, "memory exhausted");
done:
    sk_free(c->a, ldfmt);
    return status;
}
