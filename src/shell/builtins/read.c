/* read.c — read and mapfile/readarray.  read consumes its input one byte
 * at a time from pipes (so the next command gets the rest, as with a real
 * file descriptor); from memory and files it reads ahead and gives back
 * what it did not use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/exec.h"
#include "shell/pattern.h"

/* A byte source over a stream. */
typedef struct rsrc {
    sk_stream *s;
    char buf[4096];
    size_t pos, len;
    int eof, err;
    int bytewise;
} rsrc;

static void rs_init(rsrc *r, sk_stream *s)
{
    r->s = s;
    r->pos = r->len = 0;
    r->eof = !s;
    r->err = 0;
    r->bytewise = !s || s->kind == SK_ST_PIPE || s->kind == SK_ST_NULL || s->kind == SK_ST_ZERO || s->kind == SK_ST_RANDOM;
}

static int rs_getc(rsrc *r)
{
    if (r->pos < r->len) return (unsigned char)r->buf[r->pos++];
    if (r->eof || r->err) return -1;
    int64_t n = sk_stream_read(r->s, r->buf, r->bytewise ? 1 : sizeof r->buf);
    if (n < 0) { r->err = (int)n; return -1; }
    if (n == 0) { r->eof = 1; return -1; }
    r->pos = 0;
    r->len = (size_t)n;
    return (unsigned char)r->buf[r->pos++];
}

/* Give back unread bytes to seekable streams. */
static void rs_done(rsrc *r)
{
    size_t left = r->len - r->pos;
    if (!left || !r->s) return;
    if (r->s->kind == SK_ST_MEM && r->s->u.mem.pos >= left) r->s->u.mem.pos -= left;
    else if (r->s->kind == SK_ST_FILE && r->s->u.file.off >= left) r->s->u.file.off -= left;
}

static sk_stream *input_fd(sh_state *st, sk_cmd *c, int fd)
{
    if (fd == 0) return c->in;
    sk_fd *f = sk_fdtab_get(c->fds, fd);
    return f && (f->mode & SK_RD) ? f->s : NULL;
}

/* ---- read ---------------------------------------------------------------------------------- */

SH_BUILTIN("read", bi_read, 0, "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]: read a line from standard input and split it into fields");

int bi_read(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int raw = 0, nchars = -1, exact = 0, fd = 0;
    int delim = '\n';
    const char *array = NULL, *prompt = NULL;
    double timeout = -1;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) break;
        if (!strcmp(a, "--")) { i++; break; }
        for (const char *p = a + 1; *p; p++) {
            char o = *p;
            if (o == 'r') { raw = 1; continue; }
            if (o == 's' || o == 'e') continue;
            if (strchr("adinNptu", o)) {
                const char *v = p[1] ? p + 1 : (i + 1 < argc ? argv[++i] : NULL);
                if (!v) {
                    sh_builtin_err(st, "read", "-%c: option requires an argument", o);
                    sh_builtin_usage(st, "read", "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]");
                    return 2;
                }
                int64_t n;
                switch (o) {
                case 'a': array = v; break;
                case 'd': delim = v[0] ? (unsigned char)v[0] : 0; break;
                case 'i': break;
                case 'n':
                case 'N':
                    if (sh_parse_int(v, &n) || n < 0) {
                        sh_builtin_err(st, "read", "%s: invalid number", v);
                        return 1;
                    }
                    nchars = (int)n;
                    exact = o == 'N';
                    break;
                case 'p': prompt = v; break;
                case 't': {
                    char *end;
                    double t = strtod(v, &end);
                    if (*end || t < 0) {
                        sh_builtin_err(st, "read", "%s: invalid timeout specification", v);
                        return 1;
                    }
                    timeout = t;
                    break;
                }
                case 'u':
                    if (sh_parse_int(v, &n) || n < 0) {
                        sh_builtin_err(st, "read", "%s: invalid file descriptor specification", v);
                        return 1;
                    }
                    fd = (int)n;
                    break;
                }
                break;
            }
            sh_builtin_err(st, "read", "-%c: invalid option", o);
            sh_builtin_usage(st, "read", "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]");
            return 2;
        }
    }
    (void)prompt;   /* shown only when reading from a terminal: never here */
    for (int k = i; k < argc; k++) {
        if (!sh_valid_name(argv[k], strlen(argv[k]))) {
            sh_builtin_err(st, "read", "`%s': not a valid identifier", argv[k]);
            return 1;
        }
    }
    sk_stream *in = input_fd(st, c, fd);
    if (!in && fd != 0) {
        sh_builtin_err(st, "read", "%d: invalid file descriptor: Bad file descriptor", fd);
        return 1;
    }
    if (timeout == 0) {
        /* -t 0: is input available? */
        return in && sk_stream_ready(in) ? 0 : 1;
    }
    sk_out_flush(&c->out);
    rsrc rs;
    rs_init(&rs, in);
    sk_buf line = SK_BUF_INIT(st->a);
    sk_buf esc = SK_BUF_INIT(st->a);   /* 1 per byte: escaped */
    int got_delim = 0;
    int count = 0;
    for (;;) {
        if (nchars >= 0 && count >= nchars) break;
        int ch = rs_getc(&rs);
        if (ch < 0) break;
        if (!exact && ch == delim) { got_delim = 1; break; }
        if (!raw && ch == '\\') {
            int nx = rs_getc(&rs);
            if (nx < 0) break;
            if (nx == '\n' && delim == '\n') continue;   /* line continuation */
            sk_buf_putc(&line, (char)nx);
            sk_buf_putc(&esc, 1);
            count++;
            continue;
        }
        sk_buf_putc(&line, (char)ch);
        sk_buf_putc(&esc, 0);
        /* count characters, not bytes */
        if ((ch & 0xc0) != 0x80) count++;
        if (nchars >= 0 && count >= nchars && (ch & 0x80)) {
            /* complete a multibyte character */
            int need = (ch & 0xe0) == 0xc0 ? 1 : (ch & 0xf0) == 0xe0 ? 2 : (ch & 0xf8) == 0xf0 ? 3 : 0;
            while (need-- > 0) {
                int nx = rs_getc(&rs);
                if (nx < 0) break;
                sk_buf_putc(&line, (char)nx);
                sk_buf_putc(&esc, 0);
            }
        }
    }
    rs_done(&rs);
    if (rs.err == SK_IO_ABORT) { sk_buf_free(&line); sk_buf_free(&esc); return 1; }
    int status = (got_delim || (nchars >= 0 && count >= nchars && count > 0) || (nchars == 0)) ? 0 : 1;
    if (nchars >= 0 && count >= nchars) status = 0;
    if (!got_delim && nchars < 0 && line.len == 0) status = 1;
    /* NUL bytes never survive into variables */
    const char *s = line.p ? line.p : "";
    const char *e = esc.p ? esc.p : "";
    size_t n = line.len;

    int ifs_set;
    const char *ifs = sh_ifs(st, &ifs_set);
    unsigned char map[256];
    memset(map, 0, sizeof map);
    for (const char *p = ifs; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        map[ch] = (ch == ' ' || ch == '\t' || ch == '\n') ? 1 : 2;
    }
#define IS_IFS(k) (!e[k] && map[(unsigned char)s[k]])
#define IS_WS(k) (!e[k] && map[(unsigned char)s[k]] == 1)

    if (array) {
        sh_strvec fields = { NULL, 0, 0, st->a };
        size_t k = 0;
        while (k < n && IS_WS(k)) k++;
        while (k < n) {
            size_t start = k;
            while (k < n && !IS_IFS(k)) k++;
            sh_strvec_pushdup(&fields, s + start, k - start);
            /* skip the delimiter */
            while (k < n && IS_WS(k)) k++;
            if (k < n && IS_IFS(k) && !IS_WS(k)) {
                k++;
                while (k < n && IS_WS(k)) k++;
                if (k >= n) { /* trailing non-ws delimiter: no empty field */ }
            }
        }
        int err;
        sh_var *v = sh_var_lookup(st, array);
        if (v && (v->attr & SH_A_READONLY)) {
            sh_err(st, "%s: readonly variable", array);
            sh_strvec_free(&fields, 1);
            sk_buf_free(&line);
            sk_buf_free(&esc);
            return 1;
        }
        if (!v || v->kind != SH_VK_ARR) {
            sh_var_unset(st, array, 0);
            sh_var_declare(st, array, 0, 0, 0, SH_VK_ARR, &err);
        }
        sh_var_set_array(st, array, (int)fields.n, fields.v, NULL, 0, 0);
        sh_strvec_free(&fields, 1);
        sk_buf_free(&line);
        sk_buf_free(&esc);
        return status;
    }
    if (i >= argc) {
        /* REPLY: the line as read (backslashes processed), no trimming */
        if (sh_var_set(st, "REPLY", s, n, 0)) status = 1;
        sk_buf_free(&line);
        sk_buf_free(&esc);
        return status;
    }
    size_t k = 0;
    while (k < n && IS_WS(k)) k++;
    for (int v = i; v < argc; v++) {
        if (v == argc - 1) {
            /* the rest, without trailing IFS whitespace */
            size_t end = n;
            while (end > k && IS_WS(end - 1)) end--;
            /* a single trailing non-whitespace delimiter goes too when it
             * ends the line right after a field */
            if (end > k && IS_IFS(end - 1) && !IS_WS(end - 1)) {
                size_t q = end - 1;
                int only = 1;
                for (size_t z = k; z < q; z++)
                    if (IS_IFS(z) && !IS_WS(z)) { only = 0; break; }
                if (only) {
                    end = q;
                    while (end > k && IS_WS(end - 1)) end--;
                }
            }
            if (sh_var_set(st, argv[v], s + k, end > k ? end - k : 0, 0)) status = 1;
            k = n;
            break;
        }
        size_t start = k;
        while (k < n && !IS_IFS(k)) k++;
        if (sh_var_set(st, argv[v], s + start, k - start, 0)) status = 1;
        while (k < n && IS_WS(k)) k++;
        if (k < n && IS_IFS(k) && !IS_WS(k)) {
            k++;
            while (k < n && IS_WS(k)) k++;
        }
    }
#undef IS_IFS
#undef IS_WS
    sk_buf_free(&line);
    sk_buf_free(&esc);
    return status;
}

/* ---- mapfile / readarray ----------------------------------------------------------------------- */

SH_BUILTIN("mapfile", bi_mapfile, 0, "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]: read lines into an indexed array");
SH_BUILTIN("readarray", bi_readarray, 0, "readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]: read lines into an indexed array");

static int mapfile_main(sh_state *st, sk_cmd *c, int argc, char **argv, const char *name)
{
    int delim = '\n', strip = 0, fd = 0;
    int64_t count = 0, origin = -1, skip = 0, quantum = 5000;
    const char *callback = NULL;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) break;
        if (!strcmp(a, "--")) { i++; break; }
        char o = a[1];
        if (o == 't' && !a[2]) { strip = 1; continue; }
        if (!strchr("dnOsuCc", o)) {
            sh_builtin_err(st, name, "-%c: invalid option", o);
            return 2;
        }
        const char *v = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) {
            sh_builtin_err(st, name, "-%c: option requires an argument", o);
            return 2;
        }
        int64_t n = 0;
        if (o != 'd' && o != 'C' && (sh_parse_int(v, &n) || n < 0)) {
            sh_builtin_err(st, name, "%s: invalid %s", v, o == 'u' ? "file descriptor specification" : o == 'O' ? "array origin" : "line count");
            return 1;
        }
        switch (o) {
        case 'd': delim = (unsigned char)v[0]; break;
        case 'n': count = n; break;
        case 'O': origin = n; break;
        case 's': skip = n; break;
        case 'u': fd = (int)n; break;
        case 'C': callback = v; break;
        case 'c': quantum = n ? n : 1; break;
        }
    }
    const char *arr = i < argc ? argv[i] : "MAPFILE";
    if (!sh_valid_name(arr, strlen(arr))) {
        sh_builtin_err(st, name, "`%s': not a valid identifier", arr);
        return 1;
    }
    sk_stream *in = input_fd(st, c, fd);
    if (!in && fd != 0) {
        sh_builtin_err(st, name, "%d: invalid file descriptor: Bad file descriptor", fd);
        return 1;
    }
    sh_var *v = sh_var_lookup(st, arr);
    if (v && (v->attr & SH_A_READONLY)) {
        sh_err(st, "%s: readonly variable", arr);
        return 1;
    }
    int err;
    if (origin < 0) {
        /* replace the array */
        if (v && v->kind != SH_VK_ARR) sh_var_unset(st, arr, 0);
        char *none[1] = { NULL };
        sh_var_set_array(st, arr, 0, none, NULL, 0, 0);
        origin = 0;
    } else if (!v || v->kind != SH_VK_ARR) {
        sh_var_declare(st, arr, 0, 0, 0, SH_VK_ARR, &err);
    }
    rsrc rs;
    rs_init(&rs, in);
    rs.bytewise = rs.bytewise && (count || callback);   /* whole input: chunked reads are fine */
    sk_buf line = SK_BUF_INIT(st->a);
    int64_t idx = origin, nread = 0, lineno = 0;
    int status = 0;
    for (;;) {
        if (count && nread >= count) break;
        sk_buf_clear(&line);
        int ch, got = 0, sawdelim = 0;
        while ((ch = rs_getc(&rs)) >= 0) {
            got = 1;
            if (ch == delim) { sawdelim = 1; break; }
            sk_buf_putc(&line, (char)ch);
        }
        if (!got) break;
        if (lineno++ < skip) continue;
        if (sawdelim && !strip) sk_buf_putc(&line, (char)delim);
        char ib[24];
        sh_fmt_int(ib, idx);
        if (sh_var_set_elem(st, arr, ib, line.p ? line.p : "", line.len, 0)) { status = 1; break; }
        if (callback && ((nread + 1) % quantum) == 0) {
            sk_buf cmd = SK_BUF_INIT(st->a);
            sk_buf_printf(&cmd, "%s %lld ", callback, (long long)idx);
            sh_quote(&cmd, line.p ? line.p : "", line.len, SH_Q_PRINTF);
            sh_exec_text(st, cmd.p, cmd.len, name, SH_MODE_EVAL, st->lineno);
            sk_buf_free(&cmd);
            if (st->ctl) break;
        }
        idx++;
        nread++;
        if (st->sh->abort) break;
    }
    rs_done(&rs);
    sk_buf_free(&line);
    return status;
}

int bi_mapfile(sh_state *st, sk_cmd *c, int argc, char **argv) { return mapfile_main(st, c, argc, argv, "mapfile"); }
int bi_readarray(sh_state *st, sk_cmd *c, int argc, char **argv) { return mapfile_main(st, c, argc, argv, "readarray"); }
