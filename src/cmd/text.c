/* text.c — see text.h.  Shared by the text commands; no host calls. */
#include "text.h"

#include <stdio.h>
#include <string.h>

#include <utf8proc.h>

#include "fs/vfs.h"
#include "regex/regex.h"

int txt_help(sk_cmd *c, const char *usage)
{
    sk_out_puts(&c->out, usage);
    return 0;
}

int txt_version(sk_cmd *c)
{
    sk_out_printf(&c->out, "%s (sandkiste coreutils) 0.1.0\n", c->name);
    return 0;
}

void txt_try_help(sk_cmd *c)
{
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
}

int txt_extra_operand(sk_cmd *c, const char *op, int status)
{
    cmd_error(c, "extra operand '%s'", op);
    txt_try_help(c);
    return status;
}

int txt_missing_operand(sk_cmd *c, const char *after, int status)
{
    if (after) cmd_error(c, "missing operand after '%s'", after);
    else cmd_error(c, "missing operand");
    txt_try_help(c);
    return status;
}

int txt_opts_error(cmd_opts *o, sk_cmd *c, int r, int status)
{
    cmd_opts_error(o, c, r);
    return status;
}

static int shell_special(unsigned char ch, size_t at)
{
    if (ch < 0x20 || ch == 0x7f) return 1;
    if ((ch == '#' || ch == '~') && at == 0) return 1;
    return strchr(" !\"$&'()*;<=>?[\\]^`|:", ch) != NULL && ch;
}

void txt_quotef(const char *name, sk_buf *out)
{
    sk_buf_clear(out);
    size_t n = strlen(name);
    int need = n == 0, has_quote = 0, has_ctrl = 0, dq_bad = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (shell_special(ch, i)) need = 1;
        if (ch == '\'') has_quote = 1;
        if (ch < 0x20 || ch == 0x7f) has_ctrl = 1;
        if (ch == '"' || ch == '$' || ch == '`' || ch == '\\' || ch == '!') dq_bad = 1;
    }
    if (!need) {
        sk_buf_puts(out, name);
        return;
    }
    if (has_quote && !has_ctrl && !dq_bad) {
        sk_buf_putc(out, '"');
        sk_buf_puts(out, name);
        sk_buf_putc(out, '"');
        return;
    }
    sk_buf_putc(out, '\'');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (ch == '\'') {
            sk_buf_puts(out, "'\\''");
        } else if (ch < 0x20 || ch == 0x7f) {
            static const char esc[] = "abtnvfr";
            if (ch >= 7 && ch <= 13) sk_buf_printf(out, "'$'\\%c''", esc[ch - 7]);
            else sk_buf_printf(out, "'$'\\%03o''", ch);
        } else {
            sk_buf_putc(out, (char)ch);
        }
    }
    sk_buf_putc(out, '\'');
    /* 'a'$'\n''' -> drop an empty trailing pair */
    if (out->len >= 4 && !memcmp(out->p + out->len - 3, "'''", 3)) {
        out->len -= 2;
        out->p[out->len] = 0;
    }
}

int txt_error_path(sk_cmd *c, const char *path, int status)
{
    sk_buf q = SK_BUF_INIT(c->a);
    txt_quotef(path, &q);
    cmd_error(c, "%s: %s", sk_buf_cstr(&q), sk_status_message(status));
    sk_buf_free(&q);
    return 1;
}

int txt_files(cmd_opts *o, char ***files)
{
    static char *const stdin_only[] = { "-" };
    int n = cmd_opts_operands(o, files);
    if (n == 0) {
        *files = (char **)stdin_only;
        n = 1;
    }
    return n;
}

/* ---- output files ---------------------------------------------------------- */

static int own_fd(const char *path)
{
    if (!strcmp(path, "/dev/stdout")) return 1;
    if (!strcmp(path, "/dev/stderr")) return 2;
    if (!strncmp(path, "/dev/fd/", 8) && path[8] >= '0' && path[8] <= '9') {
        int n = 0;
        const char *p = path + 8;
        while (*p >= '0' && *p <= '9' && n < 100000) n = n * 10 + (*p++ - '0');
        if (!*p) return n;
    }
    return -1;
}

int txt_open_output(sk_cmd *c, const char *path, int append, sk_stream **s)
{
    int fd = own_fd(path);
    if (fd >= 0) {
        sk_fd *f = sk_fdtab_get(c->fds, fd);
        if (!f || !(f->mode & SK_WR)) return SK_ENOENT;
        /* flush what we buffered so the order on the shared stream holds */
        if (fd == 1) sk_out_flush(&c->out);
        if (fd == 2) sk_out_flush(&c->err);
        *s = f->s;
        sk_stream_open(*s, SK_WR);
        return SK_OK;
    }
    int st;
    sk_stream *f = sk_stream_file(c->run, c->cwd, path, SK_WR,
                                  SK_OPEN_CREATE | (append ? SK_OPEN_APPEND : SK_OPEN_TRUNC), &st);
    if (!f) return st;
    sk_stream_open(f, SK_WR);
    *s = f;
    return SK_OK;
}

void txt_close_output(sk_cmd *c, sk_stream *s)
{
    (void)c;
    if (s) sk_stream_close(s, SK_WR);
}

int txt_write_file(sk_cmd *c, const char *path, const void *p, size_t n)
{
    sk_stream *s;
    int st = txt_open_output(c, path, 0, &s);
    if (st) return st;
    int r = n ? sk_stream_write(s, p, n) : 0;
    txt_close_output(c, s);
    if (r == SK_IO_EPIPE) return SK_OK;
    return r < 0 ? SK_EIO : SK_OK;
}

/* ---- UTF-8 ------------------------------------------------------------------- */

int txt_utf8_decode(const unsigned char *p, size_t n, int32_t *cp)
{
    unsigned c0 = p[0];
    if (c0 < 0x80) { *cp = (int32_t)c0; return 1; }
    int need;
    int32_t v, min;
    if (c0 >= 0xc2 && c0 <= 0xdf) { need = 1; v = c0 & 0x1f; min = 0x80; }
    else if (c0 >= 0xe0 && c0 <= 0xef) { need = 2; v = c0 & 0x0f; min = 0x800; }
    else if (c0 >= 0xf0 && c0 <= 0xf4) { need = 3; v = c0 & 0x07; min = 0x10000; }
    else { *cp = -1; return 1; }
    if ((size_t)need >= n) { *cp = -1; return 1; }
    for (int i = 1; i <= need; i++) {
        if ((p[i] & 0xc0) != 0x80) { *cp = -1; return 1; }
        v = (v << 6) | (p[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) { *cp = -1; return 1; }
    *cp = v;
    return need + 1;
}

int txt_wcwidth(int32_t cp)
{
    if (cp < 0) return -1;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return -1;
    if (cp == 0xad) return 1;
    utf8proc_category_t cat = utf8proc_category(cp);
    if (cat == UTF8PROC_CATEGORY_MN || cat == UTF8PROC_CATEGORY_ME || cat == UTF8PROC_CATEGORY_CF)
        return 0;
    if (cp == 0x200b) return 0;
    return utf8proc_charwidth(cp);
}

int txt_unescape(const char *s, sk_buf *out)
{
    while (*s) {
        if (*s != '\\' || !s[1]) {
            if (sk_buf_putc(out, *s++)) return -1;
            continue;
        }
        s++;
        int ch;
        switch (*s) {
        case 'n': ch = '\n'; break;
        case 't': ch = '\t'; break;
        case 'r': ch = '\r'; break;
        case 'a': ch = '\a'; break;
        case 'b': ch = '\b'; break;
        case 'f': ch = '\f'; break;
        case 'v': ch = '\v'; break;
        case '0': ch = 0; break;
        case '\\': ch = '\\'; break;
        default: ch = (unsigned char)*s; break;
        }
        s++;
        if (sk_buf_putc(out, ch)) return -1;
    }
    return 0;
}

/* ---- regex: a thin layer over src/regex ------------------------------------- */

struct txt_regex {
    sk_alloc *a;
    rx *re;
};

/* GNU's default (Emacs) syntax as POSIX BRE: + and ? are operators and \+
 * \? literal; braces are always literal; \( \) \| are as in BRE. */
static int emacs_to_bre(const char *p, size_t n, sk_buf *o)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        char ch = p[i];
        if (ch == '[') {
            /* copy a bracket expression unchanged */
            size_t j = i + 1;
            if (j < n && p[j] == '^') j++;
            if (j < n && p[j] == ']') j++;
            while (j < n && p[j] != ']') j++;
            if (j >= n) j = n - 1;
            rc |= sk_buf_put(o, p + i, j + 1 - i);
            i = j;
        } else if (ch == '\\' && i + 1 < n) {
            char e = p[++i];
            if (e == '+' || e == '?' || e == '{' || e == '}') rc |= sk_buf_putc(o, e);
            else {
                rc |= sk_buf_putc(o, '\\');
                rc |= sk_buf_putc(o, e);
            }
        } else if (ch == '+' || ch == '?') {
            if (o->len == 0) {
                rc |= sk_buf_putc(o, ch);    /* nothing to repeat: literal */
            } else {
                rc |= sk_buf_putc(o, '\\');
                rc |= sk_buf_putc(o, ch);
            }
        } else {
            rc |= sk_buf_putc(o, ch);
        }
    }
    return rc ? -1 : 0;
}

txt_regex *txt_regex_compile(sk_alloc *a, const sk_limits *lim, const char *pattern, size_t len, int flavour,
                             char *err, size_t errlen)
{
    txt_regex *re = sk_malloc(a, sizeof *re);
    if (!re) {
        snprintf(err, errlen, "memory exhausted");
        return NULL;
    }
    re->a = a;
    re->re = NULL;
    sk_buf conv = SK_BUF_INIT(a);
    if (flavour == TXT_RE_EMACS) {
        if (emacs_to_bre(pattern, len, &conv)) {
            sk_buf_free(&conv);
            sk_free(a, re);
            snprintf(err, errlen, "memory exhausted");
            return NULL;
        }
        pattern = conv.p ? conv.p : "";
        len = conv.len;
    }
    rx_error e;
    memset(&e, 0, sizeof e);
    int r = rx_compile(&re->re, a, lim, flavour == TXT_RE_ERE ? RX_ERE : RX_BRE, RX_UTF8, pattern, len, &e);
    sk_buf_free(&conv);
    if (r) {
        snprintf(err, errlen, "%s", r == RX_ENOMEM ? "memory exhausted" : e.msg);
        sk_free(a, re);
        return NULL;
    }
    return re;
}

void txt_regex_free(txt_regex *re)
{
    if (!re) return;
    rx_free(re->re);
    sk_free(re->a, re);
}

int txt_regex_ngroups(const txt_regex *re) { return rx_group_count(re->re); }

int txt_regex_exec(txt_regex *re, const char *s, size_t len, int anchored, long *ovec, int nov)
{
    size_t ov[2 * 10];
    if (nov > 10) nov = 10;
    int r = rx_exec(re->re, s ? s : "", len, 0, anchored ? RX_ANCHORED : 0, ov, nov);
    if (r == RX_NOMATCH) return 0;
    if (r < 0) return -1;
    for (int i = 0; i < nov; i++) {
        ovec[2 * i] = ov[2 * i] == RX_UNSET ? -1 : (long)ov[2 * i];
        ovec[2 * i + 1] = ov[2 * i + 1] == RX_UNSET ? -1 : (long)ov[2 * i + 1];
    }
    return 1;
}
