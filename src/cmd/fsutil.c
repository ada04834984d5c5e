/* fsutil.c — see fsutil.h.  Shared by the filesystem commands; never
 * recurses over user data and never touches the host. */
#include "base/datetime.h"
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

/* ---- time: thin wrappers over src/base/datetime (UTC) ------------------------ */

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) && ((a < 0) != (b < 0))) q--;
    return q;
}

void fsu_gmtime(int64_t secs, fsu_tm *tm)
{
    dt_zone utc;
    dt_zone_init(&utc, NULL);
    dt_tm t;
    dt_localtime(&utc, secs, &t);
    tm->year = (int)t.year;
    tm->mon = t.mon;
    tm->mday = t.mday;
    tm->hour = t.hour;
    tm->min = t.min;
    tm->sec = t.sec;
    tm->wday = t.wday;
    tm->yday = t.yday;
}

int64_t fsu_timegm(int year, int mon, int mday, int hour, int min, int sec)
{
    return dt_days_from_civil(year, mon, mday) * 86400 + (int64_t)hour * 3600 + (int64_t)min * 60 + sec;
}

int fsu_strftime(sk_buf *b, const char *fmt, int64_t ns)
{
    int64_t secs = floor_div(ns, 1000000000);
    dt_zone utc;
    dt_zone_init(&utc, NULL);
    dt_tm t;
    dt_localtime(&utc, secs, &t);
    return dt_format(b, fmt, &t, (int32_t)(ns - secs * 1000000000));
}

int fsu_full_time(sk_buf *b, int64_t ns)
{
    return fsu_strftime(b, "%Y-%m-%d %H:%M:%S.%N %z", ns);
}

/* GNU date strings (touch -d, find -newermt), read in UTC. */
int fsu_parse_date(const char *s, int64_t now_ns, int64_t *ns)
{
    dt_zone utc;
    dt_zone_init(&utc, NULL);
    int64_t now = floor_div(now_ns, 1000000000), t;
    int32_t frac;
    if (dt_parse(s, now, (int32_t)(now_ns - now * 1000000000), &utc, &t, &frac)) return -1;
    *ns = t * 1000000000LL + frac;
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
