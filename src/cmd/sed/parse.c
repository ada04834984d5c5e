/* parse.c — compiling a sed script the way GNU sed 4.9 reads it.
 *
 * The reader counts characters per -e expression (and lines per -f file)
 * exactly as GNU does, so diagnostics carry the same positions:
 *     sed: -e expression #1, char 3: unknown command: `k'
 * Each -e is read separately; open blocks, a pending "a\" text and labels
 * carry over from one to the next.  Everything is iterative. */
#include <stdio.h>
#include <string.h>

#include "fs/vfs.h"
#include "sed.h"

#define END (-1)

typedef struct rd {
    sed_prog *p;
    const sed_chunk *ch;
    size_t pos;                 /* characters consumed in this chunk */
    long line;                  /* line in a -f file */
    int last_expr;              /* number of -e expressions seen */
    int first;                  /* reading the first piece of script */
    /* state across chunks */
    int *blocks;                /* indices of open '{' */
    size_t nblocks, capblocks;
    long pending;               /* index of an a/i/c whose text continues, or -1 */
    int failed;
} rd;

static int inchar(rd *r)
{
    if (r->pos >= r->ch->len) return END;
    int c = (unsigned char)r->ch->text[r->pos++];
    if (c == '\n') r->line++;
    return c;
}

static void savchar(rd *r, int c)
{
    if (c == END) return;
    if (c == '\n' && r->line > 1) r->line--;
    r->pos--;
}

static int is_blank(int c) { return c == ' ' || c == '\t'; }
static int is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

static int in_nonblank(rd *r)
{
    int c;
    do c = inchar(r);
    while (is_blank(c));
    return c;
}

/* "sed: -e expression #1, char 3: MSG" — returns the exit status 1. */
static int bad(rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(rd *r, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->ch && r->ch->file)
        cmd_error(r->p->c, "file %s line %ld: %s", r->ch->file, r->line, msg);
    else
        cmd_error(r->p->c, "-e expression #%d, char %zu: %s", r->ch ? r->ch->expr_no : 1,
                  r->ch ? r->pos : 0, msg);
    r->failed = 1;
    return 1;
}

/* sk_buf_take, always NUL-terminated (also when empty). */
static char *take_str(sk_buf *b, size_t *len)
{
    if (sk_buf_reserve(b, 0)) return NULL;
    b->p[b->len] = 0;
    return sk_buf_take(b, len);
}

static int nomem(rd *r)
{
    cmd_error(r->p->c, "couldn't allocate memory");
    r->failed = 4;
    return 4;
}

static long long in_integer(rd *r, int c)
{
    long long n = 0;
    while (c >= '0' && c <= '9') {
        if (n < 100000000000LL) n = n * 10 + (c - '0');
        c = inchar(r);
    }
    savchar(r, c);
    return n;
}

static sed_cmd *new_cmd(rd *r)
{
    sed_prog *p = r->p;
    if (p->n == p->cap) {
        size_t nc = p->cap ? p->cap * 2 : 16;
        sed_cmd *n = sk_realloc(p->c->a, p->cmds, nc * sizeof *n);
        if (!n) return NULL;
        p->cmds = n;
        p->cap = nc;
    }
    sed_cmd *c = &p->cmds[p->n];
    memset(c, 0, sizeof *c);
    c->num = -1;
    c->target = -1;
    p->partial = 1;
    return c;
}

/* ---- delimited strings ------------------------------------------------- */

/* Read up to the closing delimiter (GNU match_slash).  In a regex, "\n"
 * becomes a newline and brackets are skipped whole; everywhere "\DELIM"
 * becomes DELIM and backslash-newline a newline.  Returns 1 with the text
 * in b, 0 when unterminated. */
static int match_slash(rd *r, int slash, int regex, sk_buf *b, int *oom)
{
    int c;
    *oom = 0;
    sk_buf_clear(b);
    while ((c = inchar(r)) != END && c != '\n') {
        if (c == slash) return 1;
        if (c == '\\') {
            c = inchar(r);
            if (c == END) break;
            if (c == 'n' && regex) c = '\n';
            else if (c != '\n' && (c != slash || (!regex && c == '&')))
                if (sk_buf_putc(b, '\\')) { *oom = 1; return 0; }
        } else if (c == '[' && regex) {
            /* a bracket expression: the delimiter is literal inside */
            if (sk_buf_putc(b, c)) { *oom = 1; return 0; }
            c = inchar(r);
            if (c == '^') {
                if (sk_buf_putc(b, c)) { *oom = 1; return 0; }
                c = inchar(r);
            }
            if (c == ']') {
                if (sk_buf_putc(b, c)) { *oom = 1; return 0; }
                c = inchar(r);
            }
            while (c != END && c != '\n' && c != ']') {
                if (c == '[') {
                    int k = inchar(r);
                    if (k == ':' || k == '=' || k == '.') {
                        if (sk_buf_putc(b, c) || sk_buf_putc(b, k)) { *oom = 1; return 0; }
                        int prev = 0;
                        c = inchar(r);
                        while (c != END && c != '\n' && !(prev == k && c == ']')) {
                            if (sk_buf_putc(b, c)) { *oom = 1; return 0; }
                            prev = c;
                            c = inchar(r);
                        }
                        if (c != ']') break;
                    } else {
                        savchar(r, k);
                    }
                }
                if (sk_buf_putc(b, c)) { *oom = 1; return 0; }
                c = inchar(r);
            }
            if (c != ']') break;
        }
        if (sk_buf_putc(b, c)) { *oom = 1; return 0; }
    }
    if (c == '\n') savchar(r, c);
    return 0;
}

/* ---- regex ------------------------------------------------------------------ */

static int compile_regex(rd *r, sk_buf *text, int icase, int mline, sed_regex *out)
{
    sed_prog *p = r->p;
    memset(out, 0, sizeof *out);
    if (text->len == 0) {
        if (!p->any_regex) {
            /* GNU reports this when the empty regex is used */
        }
        return 0;   /* NULL: the last regex used */
    }
    unsigned flags = RX_UTF8 | RX_SED;
    if (icase) flags |= RX_ICASE;
    if (mline) flags |= RX_MULTILINE;
    rx_error e;
    int rc = rx_compile(&out->re, p->c->a, p->c->lim, p->ere ? RX_ERE : RX_BRE, flags,
                        text->p, text->len, &e);
    if (rc == RX_ENOMEM) return nomem(r);
    if (rc) {
        if (!strcmp(e.msg, "character class syntax is [[:space:]], not [:space:]")) {
            cmd_error(p->c, "%s", e.msg);
            r->failed = 4;
            return 4;
        }
        return bad(r, "%s", e.msg);
    }
    out->groups = rx_group_count(out->re);
    p->any_regex = 1;
    return 0;
}

/* ---- addresses ---------------------------------------------------------------- */

/* Returns 1 when an address was read, 0 when c starts none, <0 on error
 * (the exit status negated). */
static int compile_address(rd *r, sed_addr *a, int c, sk_buf *tmp)
{
    memset(a, 0, sizeof *a);
    if (c == '/' || c == '\\') {
        if (c == '\\') c = inchar(r);
        int oom;
        if (!match_slash(r, c, 1, tmp, &oom)) {
            if (oom) return -nomem(r);
            return -bad(r, "unterminated address regex");
        }
        int icase = 0, mline = 0;
        for (;;) {
            c = in_nonblank(r);
            if (c == 'I') icase = 1;
            else if (c == 'M') mline = 1;
            else break;
        }
        savchar(r, c);
        a->kind = SA_REGEX;
        int rc = compile_regex(r, tmp, icase, mline, &a->re);
        return rc ? -rc : 1;
    }
    if (c >= '0' && c <= '9') {
        a->n1 = in_integer(r, c);
        a->kind = SA_LINE;
        c = in_nonblank(r);
        if (c != '~' || r->p->posix) {
            savchar(r, c);
        } else {
            long long step = in_integer(r, in_nonblank(r));
            if (step > 0) {
                a->n2 = step;
                a->kind = SA_STEP;
            }
        }
        return 1;
    }
    if ((c == '+' || c == '~') && !r->p->posix) {
        a->n1 = in_integer(r, in_nonblank(r));
        if (a->n1 == 0) a->kind = SA_NONE + 100;   /* "+0": the range ends at once */
        else a->kind = c == '+' ? SA_PLUS : SA_MULT;
        return 1;
    }
    if (c == '$') {
        a->kind = SA_LAST;
        return 1;
    }
    return 0;
}

/* ---- text arguments -------------------------------------------------------------- */

/* GNU escapes in text and replacements: returns the byte for \X at p[*i]
 * (p[*i] is X) and advances, or -1. */
static int text_escape(const char *p, size_t n, size_t *i)
{
    size_t j = *i;
    int v = 0, k;
    switch (p[j]) {
    case 'a': *i = j + 1; return '\a';
    case 'f': *i = j + 1; return '\f';
    case 'n': *i = j + 1; return '\n';
    case 'r': *i = j + 1; return '\r';
    case 't': *i = j + 1; return '\t';
    case 'v': *i = j + 1; return '\v';
    case 'd':
        for (k = 0; k < 3 && j + 1 + k < n && p[j + 1 + k] >= '0' && p[j + 1 + k] <= '9'; k++) v = v * 10 + (p[j + 1 + k] - '0');
        if (!k || v > 255) return -1;
        *i = j + 1 + k;
        return v;
    case 'o':
        for (k = 0; k < 3 && j + 1 + k < n && p[j + 1 + k] >= '0' && p[j + 1 + k] <= '7'; k++) v = v * 8 + (p[j + 1 + k] - '0');
        if (!k || v > 255) return -1;
        *i = j + 1 + k;
        return v;
    case 'x':
        for (k = 0; k < 2 && j + 1 + k < n; k++) {
            int ch = (unsigned char)p[j + 1 + k], d;
            if (ch >= '0' && ch <= '9') d = ch - '0';
            else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
            else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
            else break;
            v = v * 16 + d;
        }
        if (!k) return -1;
        *i = j + 1 + k;
        return v;
    case 'c':
        if (j + 1 >= n) return -1;
        v = (unsigned char)p[j + 1];
        if (v >= 'a' && v <= 'z') v -= 32;
        *i = j + 2;
        return v ^ 0x40;
    default:
        return -1;
    }
}

/* Finish the text of an a/i/c command: escapes processed, a newline at the
 * end (GNU read_text + normalize_text). */
static int finish_text(rd *r, sed_cmd *cmd, sk_buf *raw)
{
    sk_buf out = SK_BUF_INIT(r->p->c->a);
    for (size_t i = 0; i < raw->len; i++) {
        char c = raw->p[i];
        if (c == '\\' && i + 1 < raw->len) {
            size_t j = i + 1;
            int v = text_escape(raw->p, raw->len, &j);
            if (v >= 0) {
                if (sk_buf_putc(&out, v)) goto oom;
                i = j - 1;
            } else {
                if (sk_buf_putc(&out, raw->p[i + 1])) goto oom;
                i++;
            }
            continue;
        }
        if (c == '\\') continue;   /* a backslash at the very end */
        if (sk_buf_putc(&out, c)) goto oom;
    }
    sk_free(r->p->c->a, cmd->text);
    cmd->text = take_str(&out, &cmd->text_len);
    if (!cmd->text) return nomem(r);
    return 0;
oom:
    sk_buf_free(&out);
    return nomem(r);
}

/* Read text after a/i/c.  leadin: the char after "a\" ('\n' for the one-line
 * form), or END when "a\" ended the expression (the text then comes from
 * the next -e). */
static int read_text(rd *r, sed_cmd *cmd, int leadin)
{
    sk_buf raw = SK_BUF_INIT(r->p->c->a);
    if (leadin == END) {
        r->pending = (long)(cmd - r->p->cmds);
        return 0;
    }
    /* (the one-line form skipped blanks before the text already) */
    if (leadin != '\n' && sk_buf_putc(&raw, leadin)) goto oom;
    int c = inchar(r);
    while (c != END && c != '\n') {
        if (c == '\\') {
            c = inchar(r);
            if (c != END && sk_buf_putc(&raw, '\\')) goto oom;
        }
        if (c == END) break;
        if (sk_buf_putc(&raw, c)) goto oom;
        c = inchar(r);
    }
    if (sk_buf_putc(&raw, '\n')) goto oom;
    int rc = finish_text(r, cmd, &raw);
    sk_buf_free(&raw);
    return rc;
oom:
    sk_buf_free(&raw);
    return nomem(r);
}

static int read_end_of_cmd(rd *r)
{
    int c = in_nonblank(r);
    if (c == '}' || c == '#') savchar(r, c);
    else if (c != END && c != '\n' && c != ';') return bad(r, "extra characters after command");
    return 0;
}

static char *read_label(rd *r)
{
    sk_buf b = SK_BUF_INIT(r->p->c->a);
    int c = in_nonblank(r);
    while (c != END && c != '\n' && !is_space(c) && c != ';' && c != '}' && c != '#') {
        if (sk_buf_putc(&b, c)) { sk_buf_free(&b); return NULL; }
        c = inchar(r);
    }
    savchar(r, c);
    if (c == ';') inchar(r);
    char *s = take_str(&b, NULL);
    return s;
}

static char *read_filename(rd *r)
{
    sk_buf b = SK_BUF_INIT(r->p->c->a);
    int c = in_nonblank(r);
    while (c != END && c != '\n') {
        if (sk_buf_putc(&b, c)) { sk_buf_free(&b); return NULL; }
        c = inchar(r);
    }
    return take_str(&b, NULL);
}

static sed_wfile *get_wfile(rd *r, char *name)
{
    sed_prog *p = r->p;
    for (size_t i = 0; i < p->nwfiles; i++)
        if (!strcmp(p->wfiles[i]->path, name)) {
            sk_free(p->c->a, name);
            return p->wfiles[i];
        }
    sed_wfile **nw = sk_realloc(p->c->a, p->wfiles, (p->nwfiles + 1) * sizeof *nw);
    if (!nw) return NULL;
    p->wfiles = nw;
    sed_wfile *w = sk_calloc(p->c->a, 1, sizeof *w);
    if (!w) return NULL;
    w->path = name;
    if (!strcmp(name, "/dev/stdout")) {
        w->std = 1;
    } else if (!strcmp(name, "/dev/stderr")) {
        w->std = 2;
    } else {
        int st;
        w->s = sk_stream_file(p->c->run, p->c->cwd, name, SK_WR, SK_OPEN_TRUNC | SK_OPEN_CREATE, &st);
        if (!w->s) {
            cmd_error(p->c, "couldn't open file %s: %s", name, sk_status_message(st));
            sk_free(p->c->a, w);
            r->failed = 4;
            return NULL;
        }
        sk_stream_open(w->s, SK_WR);
        sk_out_init(&w->out, p->c->a, w->s, w->buf, sizeof w->buf);
    }
    p->wfiles[p->nwfiles++] = w;
    return w;
}

static sed_rfile *get_rfile(rd *r, char *name)
{
    sed_prog *p = r->p;
    for (size_t i = 0; i < p->nrfiles; i++)
        if (!strcmp(p->rfiles[i]->path, name)) {
            sk_free(p->c->a, name);
            return p->rfiles[i];
        }
    sed_rfile **nr = sk_realloc(p->c->a, p->rfiles, (p->nrfiles + 1) * sizeof *nr);
    if (!nr) return NULL;
    p->rfiles = nr;
    sed_rfile *f = sk_calloc(p->c->a, 1, sizeof *f);
    if (!f) return NULL;
    f->path = name;
    p->rfiles[p->nrfiles++] = f;
    return f;
}

/* ---- s and y ------------------------------------------------------------------------ */

static int add_part(rd *r, sed_cmd *cmd, size_t *cap, int kind, size_t off, size_t len, int n)
{
    if (kind == RP_TEXT && cmd->nparts && cmd->parts[cmd->nparts - 1].kind == RP_TEXT &&
        cmd->parts[cmd->nparts - 1].off + cmd->parts[cmd->nparts - 1].len == off) {
        cmd->parts[cmd->nparts - 1].len += len;
        return 0;
    }
    if (cmd->nparts == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        sed_rpart *np = sk_realloc(r->p->c->a, cmd->parts, nc * sizeof *np);
        if (!np) return nomem(r);
        cmd->parts = np;
        *cap = nc;
    }
    sed_rpart *pt = &cmd->parts[cmd->nparts++];
    pt->kind = kind;
    pt->off = off;
    pt->len = len;
    pt->n = n;
    return 0;
}

/* The replacement: literal bytes go to cmd->text; parts index into it. */
static int setup_replacement(rd *r, sed_cmd *cmd, sk_buf *src, int *max_ref)
{
    sk_buf lit = SK_BUF_INIT(r->p->c->a);
    size_t cap = 0;
    int rc = 0;
    *max_ref = -1;
    for (size_t i = 0; i < src->len && !rc; i++) {
        unsigned char c = (unsigned char)src->p[i];
        if (c == '&') {
            rc = add_part(r, cmd, &cap, RP_GROUP, 0, 0, 0);
            if (*max_ref < 0) *max_ref = 0;
            continue;
        }
        if (c != '\\' || i + 1 >= src->len) {
            size_t off = lit.len;
            if (sk_buf_putc(&lit, c)) { rc = nomem(r); break; }
            rc = add_part(r, cmd, &cap, RP_TEXT, off, 1, 0);
            continue;
        }
        unsigned char d = (unsigned char)src->p[++i];
        if (d >= '0' && d <= '9') {
            rc = add_part(r, cmd, &cap, RP_GROUP, 0, 0, d - '0');
            if (d - '0' > *max_ref) *max_ref = d - '0';
            continue;
        }
        int cs = d == 'L' ? CASE_LOWER : d == 'U' ? CASE_UPPER : d == 'E' ? CASE_END :
                 d == 'l' ? CASE_ONE_LOWER : d == 'u' ? CASE_ONE_UPPER : -1;
        if (cs >= 0) {
            rc = add_part(r, cmd, &cap, RP_CASE, 0, 0, cs);
            continue;
        }
        int v;
        size_t j = i;
        if (d == '&') v = '&';
        else if (d == '\n') v = '\n';
        else if ((v = text_escape(src->p, src->len, &j)) >= 0) i = j - 1;
        else v = d;
        size_t off = lit.len;
        if (sk_buf_putc(&lit, v)) { rc = nomem(r); break; }
        rc = add_part(r, cmd, &cap, RP_TEXT, off, 1, 0);
    }
    if (rc) {
        sk_buf_free(&lit);
        return rc;
    }
    cmd->text = take_str(&lit, &cmd->text_len);
    if (!cmd->text) return nomem(r);
    return 0;
}

static int compile_s(rd *r, sed_cmd *cmd)
{
    sk_alloc *a = r->p->c->a;
    sk_buf re = SK_BUF_INIT(a), rep = SK_BUF_INIT(a);
    int rc = 0, oom;
    int slash = inchar(r);
    if (!match_slash(r, slash, 1, &re, &oom) || !match_slash(r, slash, 0, &rep, &oom)) {
        rc = oom ? nomem(r) : bad(r, "unterminated `s' command");
        goto out;
    }
    int max_ref;
    if ((rc = setup_replacement(r, cmd, &rep, &max_ref))) goto out;
    /* flags */
    for (;;) {
        int c = inchar(r);
        if (c == 'i' || c == 'I') cmd->icase = 1;
        else if (c == 'm' || c == 'M') cmd->mline = 1;
        else if (c == 'e') { rc = bad(r, "e/r/w commands disabled in sandbox mode"); goto out; }
        else if (c == 'p') {
            if (cmd->print) { rc = bad(r, "multiple `p' options to `s' command"); goto out; }
            cmd->print = 1;
        } else if (c == 'g') {
            if (cmd->global) { rc = bad(r, "multiple `g' options to `s' command"); goto out; }
            cmd->global = 1;
        } else if (c == 'w') {
            if (r->p->sandbox) { rc = bad(r, "e/r/w commands disabled in sandbox mode"); goto out; }
            char *name = read_filename(r);
            if (!name) { rc = nomem(r); goto out; }
            if (!*name) { sk_free(a, name); rc = bad(r, "missing filename in r/R/w/W commands"); goto out; }
            cmd->wf = get_wfile(r, name);
            if (!cmd->wf) { rc = r->failed ? r->failed : nomem(r); goto out; }
            break;
        } else if (c >= '0' && c <= '9') {
            if (cmd->num > 0) { rc = bad(r, "multiple number options to `s' command"); goto out; }
            cmd->num = in_integer(r, c);
            if (cmd->num == 0) { rc = bad(r, "number option to `s' command may not be zero"); goto out; }
        } else if (c == '}' || c == '#') {
            savchar(r, c);
            break;
        } else if (c == '\n' || c == ';' || c == END) {
            break;
        } else if (is_blank(c)) {
            continue;
        } else {
            rc = bad(r, "unknown option to `s'");
            goto out;
        }
    }
    if (cmd->num < 0) cmd->num = 1;
    if ((rc = compile_regex(r, &re, cmd->icase, cmd->mline, &cmd->re))) goto out;
    if (cmd->re.re && max_ref > cmd->re.groups) {
        rc = bad(r, "invalid reference \\%d on `s' command's RHS", max_ref);
        goto out;
    }
out:
    sk_buf_free(&re);
    sk_buf_free(&rep);
    return rc;
}

/* y strings: \\ is a backslash, \n a newline, other GNU escapes their
 * byte, \X any other X.  Decoded to code points when valid UTF-8. */
static int y_decode(sk_buf *in, sk_buf *out)
{
    for (size_t i = 0; i < in->len; i++) {
        char c = in->p[i];
        if (c == '\\' && i + 1 < in->len) {
            size_t j = i + 1;
            int v = in->p[j] == '\\' ? '\\' : text_escape(in->p, in->len, &j);
            if (in->p[i + 1] == '\\') j = i + 2;
            if (v < 0) { v = (unsigned char)in->p[i + 1]; j = i + 2; }
            if (sk_buf_putc(out, v)) return -1;
            i = j - 1;
            continue;
        }
        if (sk_buf_putc(out, c)) return -1;
    }
    return 0;
}

static size_t utf8_count(const char *s, size_t n, uint32_t *cps)
{
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c;
        size_t l = 1;
        if (c >= 0xc0) {
            l = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
            cp = c & (0x3f >> (l - 1));
            for (size_t j = 1; j < l && i + j < n; j++) cp = (cp << 6) | ((unsigned char)s[i + j] & 0x3f);
        }
        if (cps) cps[k] = cp;
        k++;
        i += l;
    }
    return k;
}

static int compile_y(rd *r, sed_cmd *cmd)
{
    sk_alloc *a = r->p->c->a;
    sk_buf s1 = SK_BUF_INIT(a), s2 = SK_BUF_INIT(a), d1 = SK_BUF_INIT(a), d2 = SK_BUF_INIT(a);
    int rc = 0, oom;
    int slash = inchar(r);
    if (!match_slash(r, slash, 0, &s1, &oom)) { rc = oom ? nomem(r) : bad(r, "unterminated `y' command"); goto out; }
    if (!match_slash(r, slash, 0, &s2, &oom)) { rc = oom ? nomem(r) : bad(r, "unterminated `y' command"); goto out; }
    if (y_decode(&s1, &d1) || y_decode(&s2, &d2)) { rc = nomem(r); goto out; }
    int utf = rx_valid_utf8(d1.p ? d1.p : "", d1.len) && rx_valid_utf8(d2.p ? d2.p : "", d2.len);
    int ascii = 1;
    for (size_t i = 0; i < d1.len; i++) if ((unsigned char)d1.p[i] >= 0x80) ascii = 0;
    for (size_t i = 0; i < d2.len; i++) if ((unsigned char)d2.p[i] >= 0x80) ascii = 0;
    if (ascii || !utf) {
        if (d1.len != d2.len) { rc = bad(r, "strings for `y' command are different lengths"); goto out; }
        cmd->ymap = sk_malloc(a, 256);
        if (!cmd->ymap) { rc = nomem(r); goto out; }
        for (int i = 0; i < 256; i++) cmd->ymap[i] = (unsigned char)i;
        for (size_t i = 0; i < d1.len; i++) cmd->ymap[(unsigned char)d1.p[i]] = (unsigned char)d2.p[i];
    } else {
        size_t n1 = utf8_count(d1.p, d1.len, NULL), n2 = utf8_count(d2.p, d2.len, NULL);
        if (n1 != n2) { rc = bad(r, "strings for `y' command are different lengths"); goto out; }
        cmd->yfrom = sk_malloc(a, (n1 ? n1 : 1) * sizeof(uint32_t));
        cmd->yto = sk_malloc(a, (n1 ? n1 : 1) * sizeof(uint32_t));
        if (!cmd->yfrom || !cmd->yto) { rc = nomem(r); goto out; }
        utf8_count(d1.p, d1.len, cmd->yfrom);
        utf8_count(d2.p, d2.len, cmd->yto);
        cmd->ylen = n1;
    }
    rc = read_end_of_cmd(r);
out:
    sk_buf_free(&s1);
    sk_buf_free(&s2);
    sk_buf_free(&d1);
    sk_buf_free(&d2);
    return rc;
}

/* ---- labels ------------------------------------------------------------------------ */

static int resolve_labels(sed_prog *p)
{
    for (size_t i = 0; i < p->n; i++) {
        sed_cmd *c = &p->cmds[i];
        if (c->cmd != 'b' && c->cmd != 't' && c->cmd != 'T') continue;
        if (!c->text || !*c->text) {
            c->target = (int)p->n;   /* the end of the script */
            continue;
        }
        c->target = -1;
        for (size_t j = 0; j < p->n; j++)
            if (p->cmds[j].cmd == ':' && !strcmp(p->cmds[j].text, c->text)) {
                c->target = (int)j;
                break;
            }
        if (c->target < 0) {
            cmd_error(p->c, "can't find label for jump to `%s'", c->text);
            return 1;
        }
    }
    return 0;
}

/* ---- the main loop ------------------------------------------------------------------ */

static int compile_chunk(rd *r)
{
    sed_prog *p = r->p;
    sk_alloc *a = p->c->a;
    sk_buf tmp = SK_BUF_INIT(a);
    int rc = 0;
    if (r->pending >= 0) {
        sed_cmd *pc = &p->cmds[r->pending];
        r->pending = -1;
        if ((rc = read_text(r, pc, '\n'))) goto out;
    }
    int c;
    while ((c = inchar(r)) != END) {
        if (c == ';' || is_space(c)) continue;
        sed_cmd *cmd = new_cmd(r);
        if (!cmd) { rc = nomem(r); goto out; }
        int k = compile_address(r, &cmd->a1, c, &tmp);
        if (k < 0) { rc = -k; goto out; }
        if (k > 0) {
            if (cmd->a1.kind == SA_PLUS || cmd->a1.kind == SA_MULT || cmd->a1.kind == SA_NONE + 100) {
                rc = bad(r, "invalid usage of +N or ~N as first address");
                goto out;
            }
            c = in_nonblank(r);
            if (c == ',') {
                k = compile_address(r, &cmd->a2, in_nonblank(r), &tmp);
                if (k < 0) { rc = -k; goto out; }
                if (k == 0) { rc = bad(r, "unexpected `,'"); goto out; }
                c = in_nonblank(r);
            }
            if (cmd->a1.kind == SA_LINE && cmd->a1.n1 == 0 &&
                (cmd->a2.kind != SA_REGEX || p->posix)) {
                rc = bad(r, "invalid usage of line address 0");
                goto out;
            }
            if (cmd->a1.kind == SA_LINE && cmd->a1.n1 == 0) cmd->a1.kind = SA_ZERO;
        }
        if (c == '!') {
            cmd->negate = 1;
            c = in_nonblank(r);
            if (c == '!') { rc = bad(r, "multiple `!'s"); goto out; }
            while (is_space(c)) c = inchar(r);
        }
        cmd->cmd = (char)c;
        int has_addr = cmd->a1.kind != SA_NONE;
        switch (c) {
        case '#':
            if (has_addr) { rc = bad(r, "comments don't accept any addresses"); goto out; }
            c = inchar(r);
            /* "#n" opening the first script piece means -n */
            if (c == 'n' && r->first && r->pos == 2) p->quiet_from_script = 1;
            while (c != END && c != '\n') c = inchar(r);
            p->partial = 0;
            continue;   /* not a command */
        case 'v': {
            char *lab = read_label(r);
            if (!lab) { rc = nomem(r); goto out; }
            sk_free(a, lab);
            p->partial = 0;
            continue;
        }
        case '{':
            if (r->nblocks == r->capblocks) {
                size_t nc = r->capblocks ? r->capblocks * 2 : 8;
                int *nb = sk_realloc(a, r->blocks, nc * sizeof *nb);
                if (!nb) { rc = nomem(r); goto out; }
                r->blocks = nb;
                r->capblocks = nc;
            }
            r->blocks[r->nblocks++] = (int)p->n;
            break;
        case '}':
            if (!r->nblocks) { rc = bad(r, "unexpected `}'"); goto out; }
            if (has_addr) { rc = bad(r, "`}' doesn't want any addresses"); goto out; }
            if ((rc = read_end_of_cmd(r))) goto out;
            p->cmds[r->blocks[--r->nblocks]].target = (int)p->n;
            break;
        case 'e':
            rc = bad(r, "e/r/w commands disabled in sandbox mode");
            goto out;
        case 'a': case 'i': case 'c':
            c = in_nonblank(r);
            if (c == END) { rc = bad(r, "expected \\ after `a', `c' or `i'"); goto out; }
            if (c == '\\') {
                c = inchar(r);
                if (c == '\n') c = '\n';
            } else {
                if (p->posix) { rc = bad(r, "expected \\ after `a', `c' or `i'"); goto out; }
                savchar(r, c);
                c = '\n';
            }
            p->n++;   /* read_text may leave the command pending: count it now */
            p->partial = 0;
            if ((rc = read_text(r, cmd, c))) goto out;
            continue;
        case ':': {
            if (has_addr) { rc = bad(r, ": doesn't want any addresses"); goto out; }
            char *lab = read_label(r);
            if (!lab) { rc = nomem(r); goto out; }
            if (!*lab) { sk_free(a, lab); rc = bad(r, "\":\" lacks a label"); goto out; }
            cmd->text = lab;
            break;
        }
        case 'b': case 't': case 'T':
            cmd->text = read_label(r);
            if (!cmd->text) { rc = nomem(r); goto out; }
            break;
        case 'q': case 'Q':
            if (cmd->a2.kind != SA_NONE) { rc = bad(r, "command only uses one address"); goto out; }
            /* fall through */
        case 'l': case 'L':
            cmd->num = cmd->cmd == 'q' || cmd->cmd == 'Q' ? 0 : -1;
            c = in_nonblank(r);
            if (c >= '0' && c <= '9') {
                cmd->num = in_integer(r, c);
                c = in_nonblank(r);
            }
            if (c == '}' || c == '#') savchar(r, c);
            else if (c != END && c != '\n' && c != ';') { rc = bad(r, "extra characters after command"); goto out; }
            break;
        case '=': case 'd': case 'D': case 'F': case 'g': case 'G': case 'h': case 'H':
        case 'n': case 'N': case 'p': case 'P': case 'z': case 'x':
            if ((rc = read_end_of_cmd(r))) goto out;
            break;
        case 'r': case 'R': case 'w': case 'W': {
            if (p->sandbox && (c == 'w' || c == 'W' || c == 'r' || c == 'R')) {
                rc = bad(r, "e/r/w commands disabled in sandbox mode");
                goto out;
            }
            char *name = read_filename(r);
            if (!name) { rc = nomem(r); goto out; }
            if (!*name) { sk_free(a, name); rc = bad(r, "missing filename in r/R/w/W commands"); goto out; }
            if (c == 'r') {
                cmd->text = name;
            } else if (c == 'R') {
                cmd->rf = get_rfile(r, name);
                if (!cmd->rf) { sk_free(a, name); rc = nomem(r); goto out; }
            } else {
                cmd->wf = get_wfile(r, name);
                if (!cmd->wf) { rc = r->failed ? r->failed : nomem(r); goto out; }
            }
            break;
        }
        case 's':
            if ((rc = compile_s(r, cmd))) goto out;
            break;
        case 'y':
            if ((rc = compile_y(r, cmd))) goto out;
            break;
        case END:
            rc = bad(r, "missing command");
            goto out;
        default:
            if (c >= 0x80) {
                /* GNU names a multibyte command by its whole character */
                size_t st = r->pos - 1, l = 1;
                while (st + l < r->ch->len && ((unsigned char)r->ch->text[st + l] & 0xc0) == 0x80) l++;
                rc = bad(r, "unknown command: `%.*s'", (int)l, r->ch->text + st);
            } else {
                rc = bad(r, "unknown command: `%c'", c);
            }
            goto out;
        }
        p->n++;
        p->partial = 0;
    }
out:
    sk_buf_free(&tmp);
    return rc;
}

int sed_compile(sed_prog *p, const sed_chunk *chunks, size_t nchunks)
{
    rd r;
    memset(&r, 0, sizeof r);
    r.p = p;
    r.pending = -1;
    int rc = 0;
    for (size_t i = 0; i < nchunks && !rc; i++) {
        r.ch = &chunks[i];
        r.first = i == 0;
        r.pos = 0;
        r.line = 1;
        rc = compile_chunk(&r);
        if (!chunks[i].file) r.last_expr = chunks[i].expr_no;
    }
    if (!rc && r.nblocks) {
        /* reported after the whole script was read: char 0 */
        r.pos = 0;
        if (r.ch && r.ch->file) cmd_error(p->c, "file %s line %ld: unmatched `{'", r.ch->file, r.line - 1 > 0 ? r.line - 1 : 1);
        else cmd_error(p->c, "-e expression #%d, char 0: unmatched `{'", r.ch ? r.ch->expr_no : 1);
        rc = 1;
    }
    if (!rc) rc = resolve_labels(p) ? 4 : 0;
    sk_free(p->c->a, r.blocks);
    return rc;
}

void sed_prog_free(sed_prog *p)
{
    sk_alloc *a = p->c->a;
    for (size_t i = 0; i < p->n; i++) {
        sed_cmd *c = &p->cmds[i];
        rx_free(c->a1.re.re);
        rx_free(c->a2.re.re);
        rx_free(c->re.re);
        sk_free(a, c->text);
        sk_free(a, c->parts);
        sk_free(a, c->ymap);
        sk_free(a, c->yfrom);
        sk_free(a, c->yto);
    }
    /* a command abandoned half-way by an error */
    if (p->cmds && p->partial && p->n < p->cap) {
        sed_cmd *c = &p->cmds[p->n];
        rx_free(c->a1.re.re);
        rx_free(c->a2.re.re);
        rx_free(c->re.re);
        sk_free(a, c->text);
        sk_free(a, c->parts);
        sk_free(a, c->ymap);
        sk_free(a, c->yfrom);
        sk_free(a, c->yto);
    }
    sk_free(a, p->cmds);
    for (size_t i = 0; i < p->nwfiles; i++) {
        sed_wfile *w = p->wfiles[i];
        if (w->s) {
            sk_out_flush(&w->out);
            sk_stream_close(w->s, SK_WR);
        }
        sk_free(a, w->path);
        sk_free(a, w);
    }
    sk_free(a, p->wfiles);
    for (size_t i = 0; i < p->nrfiles; i++) {
        sed_rfile *f = p->rfiles[i];
        if (f->open) cmd_close_input(p->c, &f->in);
        sk_free(a, f->path);
        sk_free(a, f);
    }
    sk_free(a, p->rfiles);
    p->cmds = NULL;
    p->n = p->cap = 0;
}
