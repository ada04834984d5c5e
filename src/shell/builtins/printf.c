/* printf.c — the printf builtin: bash's format language (%s %b %q %d %i
 * %o %u %x %X %c %e %E %f %F %g %G %a %A %(fmt)T, flags, * widths), the
 * format reused while arguments remain, numeric arguments with bash's
 * rules ('A is a character code, 0x/0 prefixes, warnings), and -v var. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datetime.h"


#include "shell/exec.h"
#include "shell/pattern.h"

int sh_ansi_unescape(const char *s, size_t n, sk_buf *out, int echo_style, int *stop);

typedef struct pf {
    sh_state *st;
    sk_buf *out;
    int argc;
    char **argv;
    int ai;            /* next argument */
    int status;
    int stop;          /* \c in %b */
} pf;

static const char *next_arg(pf *p)
{
    if (p->ai < p->argc) return p->argv[p->ai++];
    return NULL;
}

/* bash's numeric argument conversion. */
static int64_t num_arg(pf *p, const char *s, int *ok_out, uint64_t *uval, int is_unsigned)
{
    if (ok_out) *ok_out = 1;
    if (!s) { if (uval) *uval = 0; return 0; }
    if ((s[0] == '\'' || s[0] == '"') && s[1]) {
        uint32_t cp;
        sh_utf8_decode(s + 1, strlen(s + 1), &cp);
        if (cp >= 0xdc80 && cp <= 0xdcff) cp -= 0xdc00;
        if (uval) *uval = cp;
        return (int64_t)cp;
    }
    const char *q = s;
    while (*q == ' ' || *q == '\t' || *q == '\n') q++;
    if (!*q) { if (uval) *uval = 0; return 0; }
    char *end;
    errno = 0;
    int neg = *q == '-';
    int64_t v;
    uint64_t u;
    if (is_unsigned && !neg) {
        u = strtoull(q, &end, 0);
        v = (int64_t)u;
    } else {
        v = strtoll(q, &end, 0);
        u = (uint64_t)v;
    }
    if (errno == ERANGE) {
        sh_builtin_err(p->st, "printf", "warning: %s: Numerical result out of range", s);
        p->status = 1;
    } else if (*end || end == q) {
        sh_builtin_err(p->st, "printf", "%s: invalid number", s);
        p->status = 1;
        if (ok_out) *ok_out = 0;
    }
    if (uval) *uval = u;
    return v;
}

static double float_arg(pf *p, const char *s)
{
    if (!s) return 0;
    if ((s[0] == '\'' || s[0] == '"') && s[1]) return (unsigned char)s[1];
    char *end;
    double v = strtod(s, &end);
    if (*end || end == s) {
        sh_builtin_err(p->st, "printf", "%s: invalid number", s);
        p->status = 1;
    }
    return v;
}

/* Widths and precisions count bytes, as bash's printf does. */
static void put_padded(pf *p, const char *s, size_t n, int width, int left, int zero)
{
    size_t pad = width > 0 && (size_t)width > n ? (size_t)width - n : 0;
    if (!left) for (size_t i = 0; i < pad; i++) sk_buf_putc(p->out, zero ? '0' : ' ');
    sk_buf_put(p->out, s, n);
    if (left) for (size_t i = 0; i < pad; i++) sk_buf_putc(p->out, ' ');
}

static size_t prec_bytes(const char *s, size_t n, int prec)
{
    if (prec < 0 || (size_t)prec >= n) return n;
    return (size_t)prec;
}

/* Format one conversion; fmt points after '%'.  Returns the number of
 * format bytes consumed, or -1 on a format error. */
static int conv(pf *p, const char *fmt, size_t fl)
{
    size_t i = 0;
    char flags[8];
    size_t nf = 0;
    while (i < fl && strchr("-+ #0", fmt[i])) {
        if (nf < sizeof flags - 1) flags[nf++] = fmt[i];
        i++;
    }
    flags[nf] = 0;
    int width = -1, prec = -1;
    if (i < fl && fmt[i] == '*') {
        const char *a = next_arg(p);
        width = (int)num_arg(p, a, NULL, NULL, 0);
        if (width < 0) { width = -width; if (nf < sizeof flags - 1) { flags[nf++] = '-'; flags[nf] = 0; } }
        i++;
    } else {
        int w = 0, have = 0;
        while (i < fl && fmt[i] >= '0' && fmt[i] <= '9') { w = w * 10 + (fmt[i] - '0'); i++; have = 1; if (w > 100000000) w = 100000000; }
        if (have) width = w;
    }
    if (i < fl && fmt[i] == '.') {
        i++;
        if (i < fl && fmt[i] == '*') {
            const char *a = next_arg(p);
            prec = (int)num_arg(p, a, NULL, NULL, 0);
            i++;
        } else {
            int pr = 0;
            while (i < fl && fmt[i] >= '0' && fmt[i] <= '9') { pr = pr * 10 + (fmt[i] - '0'); i++; if (pr > 100000000) pr = 100000000; }
            prec = pr;
        }
    }
    /* length modifiers are accepted and ignored */
    while (i < fl && strchr("hlLjzt", fmt[i])) i++;
    if (i >= fl) {
        sh_builtin_err(p->st, "printf", "`%%%.*s': missing format character", (int)i, fmt);
        return -1;
    }
    char c = fmt[i++];
    int left = strchr(flags, '-') != NULL;
    char cfmt[64];
    switch (c) {
    case 's':
    case 'q':
    case 'b': {
        const char *a = next_arg(p);
        if (!a) a = "";
        sk_buf tmp = SK_BUF_INIT(p->st->a);
        const char *s = a;
        size_t n = strlen(a);
        if (c == 'b') {
            int stop = 0;
            sh_ansi_unescape(a, n, &tmp, 2, &stop);
            s = tmp.p ? tmp.p : "";
            n = tmp.len;
            if (stop) p->stop = 1;
        } else if (c == 'q') {
            sh_quote(&tmp, a, n, SH_Q_PRINTF);
            s = tmp.p ? tmp.p : "";
            n = tmp.len;
        }
        n = prec_bytes(s, n, prec);
        put_padded(p, s, n, width, left, 0);
        sk_buf_free(&tmp);
        return (int)i;
    }
    case 'c': {
        const char *a = next_arg(p);
        char ch = a && a[0] ? a[0] : 0;
        if (!a || !a[0]) {
            put_padded(p, "", 0, width, left, 0);
            if (a) {}
        } else {
            put_padded(p, &ch, 1, width, left, 0);
        }
        return (int)i;
    }
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X': {
        const char *a = next_arg(p);
        uint64_t u;
        int64_t v = num_arg(p, a, NULL, &u, c != 'd' && c != 'i');
        snprintf(cfmt, sizeof cfmt, "%%%s%s%sll%c", flags, width >= 0 ? "*" : "", prec >= 0 ? ".*" : "",
                 c == 'i' ? 'd' : c);
        char tmp[512];
        int n;
        if (width >= 0 && prec >= 0) n = (c == 'd' || c == 'i') ? snprintf(tmp, sizeof tmp, cfmt, width, prec, (long long)v) : snprintf(tmp, sizeof tmp, cfmt, width, prec, (unsigned long long)u);
        else if (width >= 0) n = (c == 'd' || c == 'i') ? snprintf(tmp, sizeof tmp, cfmt, width, (long long)v) : snprintf(tmp, sizeof tmp, cfmt, width, (unsigned long long)u);
        else if (prec >= 0) n = (c == 'd' || c == 'i') ? snprintf(tmp, sizeof tmp, cfmt, prec, (long long)v) : snprintf(tmp, sizeof tmp, cfmt, prec, (unsigned long long)u);
        else n = (c == 'd' || c == 'i') ? snprintf(tmp, sizeof tmp, cfmt, (long long)v) : snprintf(tmp, sizeof tmp, cfmt, (unsigned long long)u);
        if (n >= (int)sizeof tmp) {
            /* very wide: build it through a buffer */
            sk_buf big = SK_BUF_INIT(p->st->a);
            if (width >= 0 && prec >= 0) sk_buf_printf(&big, cfmt, width, prec, (long long)v);
            else if (width >= 0) sk_buf_printf(&big, cfmt, width, (long long)v);
            else if (prec >= 0) sk_buf_printf(&big, cfmt, prec, (long long)v);
            sk_buf_put(p->out, big.p ? big.p : "", big.len);
            sk_buf_free(&big);
        } else if (n > 0) {
            sk_buf_put(p->out, tmp, (size_t)n);
        }
        return (int)i;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A': {
        const char *a = next_arg(p);
        double v = float_arg(p, a);
        snprintf(cfmt, sizeof cfmt, "%%%s%s%s%c", flags, width >= 0 ? "*" : "", prec >= 0 ? ".*" : "", c);
        sk_buf tmp = SK_BUF_INIT(p->st->a);
        if (width >= 0 && prec >= 0) sk_buf_printf(&tmp, cfmt, width, prec, v);
        else if (width >= 0) sk_buf_printf(&tmp, cfmt, width, v);
        else if (prec >= 0) sk_buf_printf(&tmp, cfmt, prec, v);
        else sk_buf_printf(&tmp, cfmt, v);
        sk_buf_put(p->out, tmp.p ? tmp.p : "", tmp.len);
        sk_buf_free(&tmp);
        return (int)i;
    }
    case '(': {
        /* %(strftime)T */
        size_t e = i;
        while (e < fl && fmt[e] != ')') e++;
        if (e + 1 >= fl || fmt[e + 1] != 'T') {
            sh_builtin_err(p->st, "printf", "`(': invalid format character");
            return -1;
        }
        char tf[256];
        size_t tl = e - i < sizeof tf - 1 ? e - i : sizeof tf - 1;
        memcpy(tf, fmt + i, tl);
        tf[tl] = 0;
        const char *a = next_arg(p);
        int64_t t;
        int64_t now = sk_shell_now_ns(p->st->sh) / 1000000000;
        if (!a || !*a) t = now;
        else {
            t = num_arg(p, a, NULL, NULL, 0);
            if (t == -1) t = now;
            else if (t == -2) t = p->st->sh->started_ns ? sk_shell_now_ns(p->st->sh) / 1000000000 : now;
        }
        /* formatted by src/base/datetime in the script's TZ (no host zone) */
        const char *tzs = sh_var_get(p->st, "TZ");
        dt_zone zone;
        dt_zone_init(&zone, tzs);
        dt_tm tm;
        dt_localtime(&zone, t, &tm);
        sk_buf out = SK_BUF_INIT(p->out->a);
        if (*tf && dt_format(&out, tf, &tm, 0)) { sk_buf_free(&out); return -1; }
        size_t on = out.len;
        if (prec >= 0 && (size_t)prec < on) on = (size_t)prec;
        put_padded(p, sk_buf_cstr(&out), on, width, left, 0);
        sk_buf_free(&out);
        return (int)(e + 2);
    }
    default:
        sh_builtin_err(p->st, "printf", "`%c': invalid format character", c);
        return -1;
    }
}

/* Run the format once; returns 1 when arguments were consumed, 0 when
 * not, -1 on a format error. */
static int run_format(pf *p, const char *fmt, size_t fl)
{
    int before = p->ai;
    for (size_t i = 0; i < fl && !p->stop;) {
        char c = fmt[i];
        if (c == '\\') {
            /* one escape sequence */
            size_t j = i + 1;
            if (j < fl) {
                char e = fmt[j];
                if (e >= '0' && e <= '7') { j++; for (int k = 0; k < 2 && j < fl && fmt[j] >= '0' && fmt[j] <= '7'; k++) j++; }
                else if (e == 'x') { j++; for (int k = 0; k < 2 && j < fl && strchr("0123456789abcdefABCDEF", fmt[j]); k++) j++; }
                else if (e == 'u') { j++; for (int k = 0; k < 4 && j < fl && strchr("0123456789abcdefABCDEF", fmt[j]); k++) j++; }
                else if (e == 'U') { j++; for (int k = 0; k < 8 && j < fl && strchr("0123456789abcdefABCDEF", fmt[j]); k++) j++; }
                else j++;
            }
            if (fmt[i + 1] == 'c' && i + 1 < fl) {
                sk_buf_put(p->out, "\\c", 2);
                i += 2;
                continue;
            }
            int stop;
            sh_ansi_unescape(fmt + i, j - i, p->out, 0, &stop);
            i = j;
            continue;
        }
        if (c != '%') {
            size_t j = i;
            while (j < fl && fmt[j] != '%' && fmt[j] != '\\') j++;
            sk_buf_put(p->out, fmt + i, j - i);
            i = j;
            continue;
        }
        if (i + 1 < fl && fmt[i + 1] == '%') {
            sk_buf_putc(p->out, '%');
            i += 2;
            continue;
        }
        int used = conv(p, fmt + i + 1, fl - i - 1);
        if (used < 0) return -1;
        i += 1 + (size_t)used;
    }
    return p->ai > before;
}

SH_BUILTIN("printf", bi_printf, 0, "printf [-v var] format [arguments]: formats and prints ARGUMENTS under control of the FORMAT");

int bi_printf(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1;
    const char *var = NULL;
    if (i < argc && !strcmp(argv[i], "-v")) {
        if (i + 1 >= argc) {
            sh_builtin_err(st, "printf", "-v: option requires an argument");
            sh_builtin_usage(st, "printf", "printf [-v var] format [arguments]");
            return 2;
        }
        var = argv[i + 1];
        i += 2;
        /* name or name[sub] */
        const char *lb = strchr(var, '[');
        size_t nl = lb ? (size_t)(lb - var) : strlen(var);
        if (!sh_valid_name(var, nl)) {
            sh_builtin_err(st, "printf", "`%s': not a valid identifier", var);
            return 2;
        }
    }
    if (i < argc && !strcmp(argv[i], "--")) i++;
    if (i >= argc) {
        sh_builtin_usage(st, "printf", "printf [-v var] format [arguments]");
        return 2;
    }
    const char *fmt = argv[i++];
    size_t fl = strlen(fmt);
    sk_buf out = SK_BUF_INIT(st->a);
    pf p = { st, &out, argc, argv, i, 0, 0 };
    for (;;) {
        int r = run_format(&p, fmt, fl);
        if (r < 0) { p.status = 1; break; }
        if (p.stop || r == 0 || p.ai >= argc) break;
        if (out.len > (16u << 20) && st->sh->lim.max_stdout_bytes && out.len > st->sh->lim.max_stdout_bytes) break;
    }
    if (var) {
        const char *lb = strchr(var, '[');
        int sr;
        if (lb && var[strlen(var) - 1] == ']') {
            char *name = sk_strndup(st->a, var, (size_t)(lb - var));
            char *sub = sk_strndup(st->a, lb + 1, strlen(lb + 1) - 1);
            sr = name && sub ? sh_var_set_elem(st, name, sub, out.p ? out.p : "", out.len, 0) : 1;
            sk_free(st->a, name);
            sk_free(st->a, sub);
        } else {
            sr = sh_var_set(st, var, out.p ? out.p : "", out.len, 0);
        }
        if (sr) p.status = 1;
    } else {
        sk_out_write(&c->out, out.p ? out.p : "", out.len);
    }
    sk_buf_free(&out);
    return p.status;
}
