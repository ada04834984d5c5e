/* text.c — see text.h.  Shared by the text commands; no host calls. */
#include "text.h"

#include <stdio.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <utf8proc.h>

#include "fs/vfs.h"

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

/* ---- regex shim ------------------------------------------------------------- */

struct txt_regex {
    sk_alloc *a;
    pcre2_code *code;
    pcre2_match_data *md;
    pcre2_match_context *mctx;
    int ngroups;
};

/* Translate a POSIX BRE/ERE (GNU flavour) into PCRE2 syntax. */
static int translate(const char *p, size_t n, int flavour, sk_buf *o)
{
    int ere = flavour == TXT_RE_ERE, emacs = flavour == TXT_RE_EMACS;
    size_t i = 0;
    int at_start = 1;      /* where '*' is literal (BRE) and '^' anchors */
    int rc = 0;
    while (i < n && !rc) {
        unsigned char ch = (unsigned char)p[i];
        int was_start = at_start;
        at_start = 0;
        if (ch == '[') {
            /* bracket expression: copied with '\' and '[' made literal */
            size_t j = i + 1;
            rc |= sk_buf_putc(o, '[');
            if (j < n && p[j] == '^') { rc |= sk_buf_putc(o, '^'); j++; }
            if (j < n && p[j] == ']') { rc |= sk_buf_puts(o, "\\]"); j++; }
            while (j < n && p[j] != ']') {
                if (p[j] == '[' && j + 1 < n && (p[j + 1] == ':' || p[j + 1] == '=' || p[j + 1] == '.')) {
                    char kind = p[j + 1];
                    size_t k = j + 2;
                    while (k + 1 < n && !(p[k] == kind && p[k + 1] == ']')) k++;
                    if (k + 1 >= n) return -2;
                    if (kind == ':') {
                        rc |= sk_buf_put(o, p + j, k + 2 - j);
                    } else {
                        for (size_t m = j + 2; m < k; m++) {
                            rc |= sk_buf_putc(o, '\\');
                            rc |= sk_buf_putc(o, p[m]);
                        }
                    }
                    j = k + 2;
                    continue;
                }
                if (p[j] == '\\' || p[j] == '[') rc |= sk_buf_putc(o, '\\');
                rc |= sk_buf_putc(o, p[j]);
                j++;
            }
            if (j >= n) return -2;   /* unmatched [ */
            rc |= sk_buf_putc(o, ']');
            i = j + 1;
            continue;
        }
        if (ch == '\\' && i + 1 < n) {
            unsigned char e = (unsigned char)p[i + 1];
            i += 2;
            if (!ere && e == '(') { rc |= sk_buf_putc(o, '('); at_start = 1; continue; }
            if (!ere && e == ')') { rc |= sk_buf_putc(o, ')'); continue; }
            if (!ere && e == '|') { rc |= sk_buf_putc(o, '|'); at_start = 1; continue; }
            if (emacs && (e == '{' || e == '}' || e == '+' || e == '?')) {
                rc |= sk_buf_putc(o, '\\');
                rc |= sk_buf_putc(o, e);
                continue;
            }
            if (!ere && (e == '{' || e == '}' || e == '+' || e == '?')) {
                rc |= sk_buf_putc(o, e);
                continue;
            }
            if (e >= '1' && e <= '9') { rc |= sk_buf_putc(o, '\\'); rc |= sk_buf_putc(o, e); continue; }
            if (e == '<') { rc |= sk_buf_puts(o, "\\b(?=\\w)"); continue; }
            if (e == '>') { rc |= sk_buf_puts(o, "\\b(?<=\\w)"); continue; }
            if (e == '`') { rc |= sk_buf_puts(o, "\\A"); continue; }
            if (e == '\'') { rc |= sk_buf_puts(o, "\\z"); continue; }
            if (e == 'w' || e == 'W' || e == 's' || e == 'S' || e == 'b' || e == 'B') {
                rc |= sk_buf_putc(o, '\\');
                rc |= sk_buf_putc(o, e);
                continue;
            }
            if (e == 'n') { rc |= sk_buf_puts(o, "\\n"); continue; }
            if (e == 't') { rc |= sk_buf_puts(o, "\\t"); continue; }
            /* anything else: the character itself */
            if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9') || e >= 0x80) {
                rc |= sk_buf_putc(o, e);
            } else {
                rc |= sk_buf_putc(o, '\\');
                rc |= sk_buf_putc(o, e);
            }
            continue;
        }
        if (ch == '\\') { rc |= sk_buf_puts(o, "\\\\"); i++; continue; }
        if (ch == '*' && was_start) {
            if (ere) { i++; at_start = 1; continue; }   /* GNU ERE: leading * is ignored */
            rc |= sk_buf_puts(o, "\\*");
            i++;
            continue;
        }
        if (ch == '^') {
            if (ere || was_start) {
                rc |= sk_buf_putc(o, '^');
                at_start = 1;
            } else {
                rc |= sk_buf_puts(o, "\\^");
            }
            i++;
            continue;
        }
        if (ch == '$') {
            int last = i + 1 == n || (!ere && i + 2 < n && p[i + 1] == '\\' &&
                                      (p[i + 2] == ')' || p[i + 2] == '|'));
            if (ere || last) rc |= sk_buf_putc(o, '$');
            else rc |= sk_buf_puts(o, "\\$");
            i++;
            continue;
        }
        if (ere) {
            if (ch == '(' || ch == '|') { rc |= sk_buf_putc(o, ch); at_start = 1; i++; continue; }
            if (ch == '{') {
                /* an interval only when well formed, else a literal brace */
                size_t j = i + 1;
                while (j < n && ((p[j] >= '0' && p[j] <= '9') || p[j] == ',')) j++;
                if (j < n && p[j] == '}' && j > i + 1 && p[i + 1] != ',') {
                    rc |= sk_buf_put(o, p + i, j + 1 - i);
                    i = j + 1;
                } else {
                    rc |= sk_buf_puts(o, "\\{");
                    i++;
                }
                continue;
            }
            rc |= sk_buf_putc(o, ch);
            i++;
            continue;
        }
        if (emacs && (ch == '+' || ch == '?')) {
            rc |= sk_buf_putc(o, ch);
            i++;
            continue;
        }
        /* BRE: these are literal */
        if (ch == '+' || ch == '?' || ch == '{' || ch == '}' || ch == '|' || ch == '(' || ch == ')') {
            rc |= sk_buf_putc(o, '\\');
            rc |= sk_buf_putc(o, ch);
            i++;
            continue;
        }
        rc |= sk_buf_putc(o, ch);
        i++;
    }
    return rc ? -1 : 0;
}

static void *rx_malloc(PCRE2_SIZE n, void *ud) { return sk_malloc((sk_alloc *)ud, n); }
static void rx_free(void *p, void *ud) { if (p) sk_free((sk_alloc *)ud, p); }

txt_regex *txt_regex_compile(sk_alloc *a, const char *pattern, size_t len, int flavour,
                             char *err, size_t errlen)
{
    sk_buf pat = SK_BUF_INIT(a);
    int t = translate(pattern, len, flavour, &pat);
    if (t) {
        sk_buf_free(&pat);
        snprintf(err, errlen, "%s", t == -2 ? "Unmatched [, [^, [:, [., or [=" : "memory exhausted");
        return NULL;
    }
    txt_regex *re = sk_malloc(a, sizeof *re);
    if (!re) { sk_buf_free(&pat); snprintf(err, errlen, "memory exhausted"); return NULL; }
    memset(re, 0, sizeof *re);
    re->a = a;
    pcre2_general_context *gc = pcre2_general_context_create(rx_malloc, rx_free, a);
    pcre2_compile_context *cc = gc ? pcre2_compile_context_create(gc) : NULL;
    int ecode = 0;
    PCRE2_SIZE eoff = 0;
    if (cc)
        re->code = pcre2_compile((PCRE2_SPTR)(pat.p ? pat.p : ""), pat.len,
                                 PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY, &ecode, &eoff, cc);
    sk_buf_free(&pat);
    if (!re->code) {
        if (!cc) snprintf(err, errlen, "memory exhausted");
        else if (ecode == 114 || ecode == 122) snprintf(err, errlen, "Unmatched ( or \\(");
        else if (ecode == 106) snprintf(err, errlen, "Unmatched [, [^, [:, [., or [=");
        else if (ecode == 115) snprintf(err, errlen, "Invalid back reference");
        else {
            PCRE2_UCHAR msg[160];
            pcre2_get_error_message(ecode, msg, sizeof msg);
            snprintf(err, errlen, "%s", (char *)msg);
        }
        if (cc) pcre2_compile_context_free(cc);
        if (gc) pcre2_general_context_free(gc);
        sk_free(a, re);
        return NULL;
    }
    re->md = pcre2_match_data_create_from_pattern(re->code, gc);
    re->mctx = pcre2_match_context_create(gc);
    pcre2_compile_context_free(cc);
    pcre2_general_context_free(gc);
    if (!re->md || !re->mctx) {
        txt_regex_free(re);
        snprintf(err, errlen, "memory exhausted");
        return NULL;
    }
    pcre2_set_match_limit(re->mctx, 10000000);
    pcre2_set_depth_limit(re->mctx, 10000);
    uint32_t cap = 0;
    pcre2_pattern_info(re->code, PCRE2_INFO_CAPTURECOUNT, &cap);
    re->ngroups = (int)cap;
    return re;
}

void txt_regex_free(txt_regex *re)
{
    if (!re) return;
    if (re->md) pcre2_match_data_free(re->md);
    if (re->mctx) pcre2_match_context_free(re->mctx);
    if (re->code) pcre2_code_free(re->code);
    sk_free(re->a, re);
}

int txt_regex_ngroups(const txt_regex *re) { return re->ngroups; }

int txt_regex_exec(txt_regex *re, const char *s, size_t len, int anchored, long *ovec, int nov)
{
    int r = pcre2_match(re->code, (PCRE2_SPTR)(s ? s : ""), len, 0, anchored ? PCRE2_ANCHORED : 0,
                        re->md, re->mctx);
    if (r == PCRE2_ERROR_NOMATCH) return 0;
    if (r < 0) return -1;
    PCRE2_SIZE *v = pcre2_get_ovector_pointer(re->md);
    uint32_t have = pcre2_get_ovector_count(re->md);
    for (int i = 0; i < nov; i++) {
        if ((uint32_t)i < have && (int)i < r && v[2 * i] != PCRE2_UNSET) {
            ovec[2 * i] = (long)v[2 * i];
            ovec[2 * i + 1] = (long)v[2 * i + 1];
        } else {
            ovec[2 * i] = ovec[2 * i + 1] = -1;
        }
    }
    return 1;
}
