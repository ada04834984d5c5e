/* format.c — printf/sprintf formatting with awk's conversions: %c %d %i %o
 * %u %x %X %e %E %f %F %g %G %a %A %s %%, flags, widths, precisions and `*`.
 * Widths and precisions are measured in characters (UTF-8), as gawk does in
 * a UTF-8 locale.  A width or precision above AWK_MAX_FORMAT_WIDTH is
 * refused with an error instead of allocating (a safety cap the bashkit
 * corpus checks). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "awk.h"

size_t awk_char_len(const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t k = 1;
        if (c >= 0xC2 && c < 0xF5) {
            k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (i + k > n) k = 1;
            else
                for (size_t j = 1; j < k; j++)
                    if (((unsigned char)s[i + j] & 0xC0) != 0x80) { k = 1; break; }
        }
        i += k;
        count++;
    }
    return count;
}

size_t awk_char_off(const char *s, size_t n, size_t ci)
{
    size_t i = 0;
    while (ci > 0 && i < n) {
        unsigned char c = (unsigned char)s[i];
        size_t k = 1;
        if (c >= 0xC2 && c < 0xF5) {
            k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (i + k > n) k = 1;
            else
                for (size_t j = 1; j < k; j++)
                    if (((unsigned char)s[i + j] & 0xC0) != 0x80) { k = 1; break; }
        }
        i += k;
        ci--;
    }
    return i;
}

static size_t utf8_encode(unsigned long cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int cap_error(awk_interp *in, const char *what, long long v)
{
    sk_cmd *c = in->c;
    sk_out_flush(&c->out);
    sk_out_printf(&c->err, "%s: format %s %lld exceeds maximum (%d)\n", c->name, what, v,
                  AWK_MAX_FORMAT_WIDTH);
    sk_out_flush(&c->err);
    in->unwind = UW_ERROR;
    in->exit_code = 2;
    return -1;
}

/* Pad a piece of text (chars counted) to width. */
static int put_padded(sk_buf *out, const char *p, size_t n, size_t chars, long width, int left, int zero)
{
    size_t pad = width > 0 && (size_t)width > chars ? (size_t)width - chars : 0;
    if (!left)
        for (size_t i = 0; i < pad; i++)
            if (sk_buf_putc(out, zero ? '0' : ' ')) return -1;
    if (sk_buf_put(out, p, n)) return -1;
    if (left)
        for (size_t i = 0; i < pad; i++)
            if (sk_buf_putc(out, ' ')) return -1;
    return 0;
}

int awk_format(awk_interp *in, sk_buf *out, const char *fmt, size_t fmtlen, awk_val *args,
               int nargs)
{
    int argi = 0;
    size_t i = 0;
    while (i < fmtlen) {
        const char *pct = memchr(fmt + i, '%', fmtlen - i);
        if (!pct) {
            sk_buf_put(out, fmt + i, fmtlen - i);
            break;
        }
        if (pct > fmt + i) sk_buf_put(out, fmt + i, (size_t)(pct - (fmt + i)));
        size_t spec_start = (size_t)(pct - fmt);
        i = spec_start + 1;
        if (i >= fmtlen) { sk_buf_putc(out, '%'); break; }
        if (fmt[i] == '%') { sk_buf_putc(out, '%'); i++; continue; }
        char flags[8];
        int nfl = 0;
        int left = 0, zero = 0, plus = 0, space = 0, alt = 0;
        while (i < fmtlen && strchr("-+ #0'", fmt[i])) {
            char f = fmt[i++];
            if (f == '-') left = 1;
            else if (f == '0') zero = 1;
            else if (f == '+') plus = 1;
            else if (f == ' ') space = 1;
            else if (f == '#') alt = 1;
        }
        long long width = -1, prec = -1;
        if (i < fmtlen && fmt[i] == '*') {
            i++;
            if (argi >= nargs) goto not_enough;
            double w = awk_to_num(in, &args[argi++]);
            if (w != w) w = 0;
            if (w < 0) { left = 1; w = -w; }
            if (w > AWK_MAX_FORMAT_WIDTH) return cap_error(in, "width", (long long)awk_clamp(w, 0, INT64_MAX));
            width = (long long)w;
        } else {
            while (i < fmtlen && fmt[i] >= '0' && fmt[i] <= '9') {
                if (width < 0) width = 0;
                if (width < 100000000000LL) width = width * 10 + (fmt[i] - '0');
                i++;
            }
            if (width > AWK_MAX_FORMAT_WIDTH) return cap_error(in, "width", width);
        }
        if (i < fmtlen && fmt[i] == '.') {
            i++;
            prec = 0;
            if (i < fmtlen && fmt[i] == '*') {
                i++;
                if (argi >= nargs) goto not_enough;
                double pr = awk_to_num(in, &args[argi++]);
                if (pr != pr) pr = 0;
                if (pr > AWK_MAX_FORMAT_WIDTH) return cap_error(in, "precision", (long long)awk_clamp(pr, 0, INT64_MAX));
                prec = pr < 0 ? -1 : (long long)pr;
            } else {
                while (i < fmtlen && fmt[i] >= '0' && fmt[i] <= '9') {
                    if (prec < 100000000000LL) prec = prec * 10 + (fmt[i] - '0');
                    i++;
                }
                if (prec > AWK_MAX_FORMAT_WIDTH) return cap_error(in, "precision", prec);
            }
        }
        /* length modifiers are accepted and ignored */
        while (i < fmtlen && strchr("hlLqjzt", fmt[i])) i++;
        if (i >= fmtlen) {
            sk_buf_put(out, fmt + spec_start, fmtlen - spec_start);
            break;
        }
        char conv = fmt[i++];
        if (conv == '%') { sk_buf_putc(out, '%'); continue; }
        if (!strchr("cdiouxXeEfFgGaAs", conv)) {
            /* not a conversion: copied as it stands */
            sk_buf_put(out, fmt + spec_start, i - spec_start);
            continue;
        }
        if (argi >= nargs) goto not_enough;
        awk_val *v = &args[argi++];
        if (left) flags[nfl++] = '-';
        if (plus) flags[nfl++] = '+';
        if (space) flags[nfl++] = ' ';
        if (alt) flags[nfl++] = '#';
        if (zero && !left) flags[nfl++] = '0';
        flags[nfl] = 0;
        char spec[64];
        switch (conv) {
        case 'c': {
            char buf[8];
            size_t n;
            awk_resolve(in, v);
            if (v->t == AV_NUM || v->t == AV_STRNUM) {
                double d = v->n;
                unsigned long cp = d < 0 || d != d ? 0 : d > 0x10FFFF ? (unsigned long)(awk_clamp(d, 0, INT64_MAX) & 0xFF)
                                                                      : (unsigned long)d;
                n = utf8_encode(cp, buf);
            } else {
                awk_str *s = awk_to_str(in, v);
                /* gawk prints a NUL for an empty string */
                n = s->len ? awk_char_off(s->s, s->len, 1) : 1;
                if (n > sizeof buf) n = 1;
                if (s->len) memcpy(buf, s->s, n);
                else buf[0] = 0;
                awk_str_unref(in, s);
            }
            put_padded(out, buf, n, n ? 1 : 0, (long)width, left, 0);
            break;
        }
        case 'd':
        case 'i': {
            double d = awk_to_num(in, v);
            if (!isfinite(d)) {
                const char *t = isnan(d) ? (signbit(d) ? "-nan" : (plus ? "+nan" : "nan"))
                                         : (d < 0 ? "-inf" : (plus ? "+inf" : "inf"));
                put_padded(out, t, strlen(t), strlen(t), (long)width, left, 0);
                break;
            }
            d = trunc(d);
            if (d > -9.2e18 && d < 9.2e18) {
                if (prec >= 0 && width >= 0) snprintf(spec, sizeof spec, "%%%s%lld.%lldlld", flags, width, prec);
                else if (prec >= 0) snprintf(spec, sizeof spec, "%%%s.%lldlld", flags, prec);
                else if (width >= 0) snprintf(spec, sizeof spec, "%%%s%lldlld", flags, width);
                else snprintf(spec, sizeof spec, "%%%slld", flags);
                sk_buf_printf(out, spec, (long long)d);
            } else {
                if (width >= 0) snprintf(spec, sizeof spec, "%%%s%lld.0f", flags, width);
                else snprintf(spec, sizeof spec, "%%%s.0f", flags);
                sk_buf_printf(out, spec, d);
            }
            break;
        }
        case 'o': case 'u': case 'x': case 'X': {
            double d = awk_to_num(in, v);
            if (!isfinite(d) || d >= 18446744073709551616.0 || d <= -9.3e18) {
                /* gawk falls back to %g-style output for values out of range */
                char tmp[64];
                int k = snprintf(tmp, sizeof tmp, "%g", d);
                put_padded(out, tmp, (size_t)k, (size_t)k, (long)width, left, 0);
                break;
            }
            d = trunc(d);
            unsigned long long u = d < 0 ? (unsigned long long)(long long)d : (unsigned long long)d;
            if (prec >= 0 && width >= 0) snprintf(spec, sizeof spec, "%%%s%lld.%lldll%c", flags, width, prec, conv);
            else if (prec >= 0) snprintf(spec, sizeof spec, "%%%s.%lldll%c", flags, prec, conv);
            else if (width >= 0) snprintf(spec, sizeof spec, "%%%s%lldll%c", flags, width, conv);
            else snprintf(spec, sizeof spec, "%%%sll%c", flags, conv);
            sk_buf_printf(out, spec, u);
            break;
        }
        case 's': {
            awk_str *s = awk_to_str(in, v);   /* numbers through CONVFMT */
            size_t n = s->len;
            size_t chars = awk_char_len(s->s, n);
            if (prec >= 0 && (size_t)prec < chars) {
                n = awk_char_off(s->s, s->len, (size_t)prec);
                chars = (size_t)prec;
            }
            put_padded(out, s->s, n, chars, (long)width, left, 0);
            awk_str_unref(in, s);
            break;
        }
        default: {   /* floating conversions */
            double d = awk_to_num(in, v);
            if (prec >= 0 && width >= 0) snprintf(spec, sizeof spec, "%%%s%lld.%lld%c", flags, width, prec, conv);
            else if (prec >= 0) snprintf(spec, sizeof spec, "%%%s.%lld%c", flags, prec, conv);
            else if (width >= 0) snprintf(spec, sizeof spec, "%%%s%lld%c", flags, width, conv);
            else snprintf(spec, sizeof spec, "%%%s%c", flags, conv);
            sk_buf_printf(out, spec, d);
            break;
        }
        }
        continue;
    not_enough:
        awk_fatal(in, "not enough arguments to satisfy format string\n\t`%.*s'\n\t%*s^ ran out for this one",
                  (int)fmtlen, fmt, (int)(i - 1 > 200 ? 200 : i - 1), "");
        return -1;
    }
    return 0;
}
