/* basic.c — :, true, false, echo, and helpers shared by the builtins
 * (diagnostics, integer parsing, backslash escapes, prompt expansion). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shell/exec.h"
#include "shell/pattern.h"

/* ---- helpers ------------------------------------------------------------------------ */

void sh_builtin_err(sh_state *st, const char *name, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (name) sh_err(st, "%s: %s", name, tmp);
    else sh_err(st, "%s", tmp);
}

int sh_builtin_usage(sh_state *st, const char *name, const char *usage)
{
    /* bash prints the usage line without its "bash: line N:" prefix */
    char tmp[512];
    int n = snprintf(tmp, sizeof tmp, "%s: usage: %s\n", name, usage);
    if (n > 0) sh_err_write(st, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
    return 2;
}

int sh_parse_int(const char *s, int64_t *out)
{
    while (*s == ' ' || *s == '\t' || *s == '\n') s++;
    int neg = 0;
    if (*s == '-' || *s == '+') neg = *s++ == '-';
    if (*s < '0' || *s > '9') return -1;
    uint64_t v = 0;
    while (*s >= '0' && *s <= '9') {
        uint64_t nv = v * 10 + (uint64_t)(*s++ - '0');
        if (nv / 10 != v) return -1;
        v = nv;
    }
    while (*s == ' ' || *s == '\t' || *s == '\n') s++;
    if (*s) return -1;
    if (v > (uint64_t)INT64_MAX + (uint64_t)neg) return -1;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Backslash escapes.  echo_style: 0 = $'...' and printf formats (\NNN,
 * \cX); 1 = echo -e (\0NNN only; \c stops output: *stop set); 2 = printf
 * %b (\0NNN and \NNN; \c stops). */
int sh_ansi_unescape(const char *s, size_t n, sk_buf *out, int echo_style, int *stop)
{
    *stop = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c != '\\' || i + 1 >= n) {
            if (sk_buf_putc(out, c)) return -1;
            continue;
        }
        c = s[++i];
        int v;
        switch (c) {
        case 'a': v = 7; break;
        case 'b': v = 8; break;
        case 'e': case 'E': v = 27; break;
        case 'f': v = 12; break;
        case 'n': v = 10; break;
        case 'r': v = 13; break;
        case 't': v = 9; break;
        case 'v': v = 11; break;
        case '\\': v = '\\'; break;
        case '\'': v = echo_style ? -1 : '\''; break;
        case '"': v = echo_style ? -1 : '"'; break;
        case '?': v = echo_style ? -1 : '?'; break;
        case 'c':
            if (echo_style) { *stop = 1; return 0; }
            if (i + 1 < n) {
                char x = s[++i];
                v = (x >= 'a' && x <= 'z') ? x - 'a' + 1 : (x & 0x1f);
                if (x == '?') v = 127;
            } else {
                v = -1;
            }
            break;
        case 'x': {
            int k = 0, val = 0;
            while (k < 2 && i + 1 < n && hexval(s[i + 1]) >= 0) { val = val * 16 + hexval(s[++i]); k++; }
            if (!k) { if (sk_buf_puts(out, "\\x")) return -1; continue; }
            v = val;
            break;
        }
        case 'u':
        case 'U': {
            int max = c == 'u' ? 4 : 8, k = 0;
            uint32_t val = 0;
            while (k < max && i + 1 < n && hexval(s[i + 1]) >= 0) { val = val * 16 + (uint32_t)hexval(s[++i]); k++; }
            if (!k) { if (sk_buf_putc(out, '\\') || sk_buf_putc(out, c)) return -1; continue; }
            char enc[4];
            if (val > 0x10ffff) val = 0xfffd;
            size_t el = sh_utf8_encode(val, enc);
            if (sk_buf_put(out, enc, el)) return -1;
            continue;
        }
        default:
            if (c >= '0' && c <= '7') {
                size_t j = i;
                if (echo_style == 1) {
                    /* echo -e: only \0NNN */
                    if (c != '0') { v = -1; break; }
                    j = i + 1;
                } else if (echo_style == 2 && c == '0') {
                    j = i + 1;   /* printf %b: \0NNN as well as \NNN */
                }
                int k = 0, val = 0;
                while (k < 3 && j < n && s[j] >= '0' && s[j] <= '7') { val = val * 8 + (s[j] - '0'); j++; k++; }
                i = j - 1;
                v = val & 255;
                break;
            }
            v = -1;
            break;
        }
        if (v < 0) {
            if (sk_buf_putc(out, '\\') || sk_buf_putc(out, c)) return -1;
        } else if (sk_buf_putc(out, (char)v)) {
            return -1;
        }
    }
    return 0;
}

int sh_prompt_expand(sh_state *st, const char *s, size_t n, sk_buf *out)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\\' || i + 1 >= n) {
            if (sk_buf_putc(out, s[i])) return -1;
            continue;
        }
        char c = s[++i];
        const char *v = NULL;
        char tmp[64];
        switch (c) {
        case 'u': v = "sandbox"; break;
        case 'h': case 'H': v = "bashkit-sandbox"; break;
        case 'w': {
            const char *home = sh_var_get(st, "HOME");
            size_t hl = home ? strlen(home) : 0;
            if (home && hl && !strncmp(st->cwd, home, hl) && (st->cwd[hl] == 0 || st->cwd[hl] == '/')) {
                snprintf(tmp, sizeof tmp, "~%s", st->cwd + hl);
                if (strlen(st->cwd + hl) + 2 > sizeof tmp) v = st->cwd; else v = tmp;
            } else {
                v = st->cwd;
            }
            break;
        }
        case 'W': {
            const char *b = strrchr(st->cwd, '/');
            v = b && b[1] ? b + 1 : st->cwd;
            break;
        }
        case 's': v = "bash"; break;
        case 'v': v = "5.2"; break;
        case 'V': v = "5.2.15"; break;
        case '$': v = "$"; break;
        case 'n': v = "\n"; break;
        case 'r': v = "\r"; break;
        case 'a': v = "\a"; break;
        case 'e': v = "\033"; break;
        case '\\': v = "\\"; break;
        case '[': case ']': v = ""; break;
        default:
            if (sk_buf_putc(out, '\\') || sk_buf_putc(out, c)) return -1;
            continue;
        }
        if (sk_buf_puts(out, v)) return -1;
    }
    return 0;
}

/* ---- : true false -------------------------------------------------------------------------- */

SH_BUILTIN(":", bi_colon, SH_BI_SPECIAL, ": [arguments]: do nothing, successfully");
SH_BUILTIN("true", bi_true, 0, "true: return a successful result");
SH_BUILTIN("false", bi_false, 0, "false: return an unsuccessful result");

int bi_colon(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 0; }
int bi_true(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 0; }
int bi_false(sh_state *st, sk_cmd *c, int argc, char **argv) { (void)st; (void)c; (void)argc; (void)argv; return 1; }

/* ---- echo -------------------------------------------------------------------------------------- */

SH_BUILTIN("echo", bi_echo, 0, "echo [-neE] [arg ...]: write arguments to standard output");

int bi_echo(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int nl = 1, esc = st->shopt[SH_S_XPG_ECHO];
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) break;
        int ok = 1;
        for (const char *p = a + 1; *p; p++)
            if (*p != 'n' && *p != 'e' && *p != 'E') { ok = 0; break; }
        if (!ok) break;
        for (const char *p = a + 1; *p; p++) {
            if (*p == 'n') nl = 0;
            else if (*p == 'e') esc = 1;
            else esc = 0;
        }
    }
    for (int first = 1; i < argc; i++, first = 0) {
        if (!first && sk_out_putc(&c->out, ' ')) break;
        const char *a = argv[i];
        if (esc && strchr(a, '\\')) {
            sk_buf b = SK_BUF_INIT(st->a);
            int stop;
            sh_ansi_unescape(a, strlen(a), &b, 1, &stop);
            sk_out_write(&c->out, b.p ? b.p : "", b.len);
            sk_buf_free(&b);
            if (stop) return 0;
        } else if (sk_out_puts(&c->out, a)) {
            break;
        }
    }
    if (nl) sk_out_putc(&c->out, '\n');
    sk_out_flush(&c->out);
    if (c->out.err == SK_IO_BADF) {
        sh_builtin_err(st, "echo", "write error: Bad file descriptor");
        return 1;
    }
    return 0;
}
