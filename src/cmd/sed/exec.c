/* exec.c — running a compiled sed program (GNU sed 4.9 semantics).
 *
 * The cycle: read a line into the pattern space (one line of lookahead
 * tells `$`), run the commands from the first, print the pattern space
 * unless -n, flush the append queue (a, r, R) before the next read.  A
 * missing final newline is reproduced.  Branches are index jumps; a loop
 * that never reads or prints still polls for the run's end (timeouts). */
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "fs/vfs.h"
#include "sed.h"

typedef struct sout {
    sk_out *o;          /* a writer, or */
    sk_buf *b;          /* a buffer (in-place output) */
    int missing_nl;
} sout;

typedef struct app {
    int kind;           /* 0 text (borrowed), 1 r file (path borrowed), 2 owned bytes */
    const char *p;
    size_t len;
    char *owned;
} app;

enum { RUN_END, RUN_DELETE, RUN_RESTART, RUN_QUIT, RUN_QUITNOW, RUN_FAIL };

typedef struct ex {
    sed_run *r;
    sed_prog *p;
    sk_cmd *c;
    sk_alloc *a;
    int delim;
    sk_buf ps, hs, tmp;
    int chomped;
    long long line;
    const char *cur_name;
    /* input */
    int fi, fi_end;         /* next file operand to open, and the end */
    int single;             /* read only the current file (separate mode) */
    sk_in in;
    int in_open;
    const char *in_name;
    sk_buf la;
    int la_have, la_chomped, la_eof;
    const char *la_name;
    /* output */
    sout stdo, ipo;         /* stdout; the -i output buffer */
    sout *out;              /* where p, =, a, i ... go */
    app *apps;
    size_t napps, capapps;
    rx *last_rx;
    int replaced;
    int exit_code;
    int status;             /* 2: an input could not be read; 4: I/O */
    int fatal;
    uint64_t steps;
} ex;

/* ---- output ------------------------------------------------------------------ */

static int so_write(ex *e, sout *s, const void *p, size_t n)
{
    if (s->b) {
        if (sk_buf_put(s->b, p, n)) {
            if (!e->fatal) cmd_error(e->c, "couldn't allocate memory");
            e->fatal = 4;
            return -1;
        }
        return 0;
    }
    if (sk_out_write(s->o, p, n)) {
        if (!e->fatal) e->fatal = -1;   /* reader gone: stop quietly */
        return -1;
    }
    return 0;
}

static int so_missing(ex *e, sout *s)
{
    if (!s->missing_nl) return 0;
    s->missing_nl = 0;
    char d = (char)e->delim;
    return so_write(e, s, &d, 1);
}

/* Print text as a "line": the delimiter after it unless the input line
 * had none (then it is owed before the next output). */
static int so_line(ex *e, sout *s, const char *p, size_t n, int chomped)
{
    if (so_missing(e, s) || so_write(e, s, p ? p : "", n)) return -1;
    if (chomped) {
        char d = (char)e->delim;
        return so_write(e, s, &d, 1);
    }
    s->missing_nl = 1;
    return 0;
}

static int so_text(ex *e, sout *s, const char *p, size_t n)
{
    if (so_missing(e, s)) return -1;
    return so_write(e, s, p ? p : "", n);
}

static sout *wfile_out(ex *e, sed_wfile *w, sout *tmp)
{
    if (w->std == 1) return &e->stdo;
    tmp->o = w->std == 2 ? &e->c->err : &w->out;
    tmp->b = NULL;
    tmp->missing_nl = w->missing_nl;
    return tmp;
}

static int write_wfile(ex *e, sed_wfile *w, const char *p, size_t n, int chomped)
{
    sout tmp;
    sout *s = wfile_out(e, w, &tmp);
    int rc = so_line(e, s, p, n, chomped);
    if (s == &tmp) w->missing_nl = tmp.missing_nl;
    if (rc && e->fatal == -1 && s == &tmp) e->fatal = 0;   /* only stdout ends the run */
    return 0;
}

/* ---- append queue --------------------------------------------------------------- */

static int queue(ex *e, int kind, const char *p, size_t len, char *owned)
{
    if (e->napps == e->capapps) {
        size_t nc = e->capapps ? e->capapps * 2 : 8;
        app *n = sk_realloc(e->a, e->apps, nc * sizeof *n);
        if (!n) {
            sk_free(e->a, owned);
            return -1;
        }
        e->apps = n;
        e->capapps = nc;
    }
    e->apps[e->napps].kind = kind;
    e->apps[e->napps].p = p;
    e->apps[e->napps].len = len;
    e->apps[e->napps].owned = owned;
    e->napps++;
    return 0;
}

static void dump_append(ex *e)
{
    for (size_t i = 0; i < e->napps; i++) {
        app *ap = &e->apps[i];
        if (!e->fatal) {
            if (ap->kind == 0 || ap->kind == 2) {
                so_text(e, e->out, ap->p, ap->len);
            } else {
                sk_buf b = SK_BUF_INIT(e->a);
                int st = !strcmp(ap->p, "/dev/stdin") ? cmd_read_all(e->c, "-", &b)
                                                        : sk_vfs_read_file(e->c->vfs, e->c->cwd, ap->p, 0, &b);
                if (st == 0 && b.len) so_text(e, e->out, b.p, b.len);
                sk_buf_free(&b);
            }
        }
        sk_free(e->a, ap->owned);
    }
    e->napps = 0;
}

/* ---- input ------------------------------------------------------------------------ */

static void close_input(ex *e)
{
    if (e->in_open) cmd_close_input(e->c, &e->in);
    e->in_open = 0;
}

/* Open the next file operand; 0 when there is none. */
static int open_next(ex *e)
{
    sed_run *r = e->r;
    while (e->fi < e->fi_end) {
        const char *f = r->files[e->fi++];
        if (strcmp(f, "-")) {
            sk_stat st;
            int rc = sk_vfs_stat(e->c->vfs, e->c->cwd, f, &st);
            if (rc) {
                cmd_error(e->c, "can't read %s: %s", f, sk_status_message(rc));
                if (e->status < 2) e->status = 2;
                continue;
            }
            if (st.type == SK_FILE_DIR) {
                cmd_error(e->c, "read error on %s: Is a directory", f);
                e->status = 4;
                continue;
            }
        }
        int rc = cmd_open_input(e->c, f, &e->in);
        if (rc) {
            cmd_error(e->c, "can't read %s: %s", f, sk_status_message(rc));
            if (e->status < 2) e->status = 2;
            continue;
        }
        e->in_open = 1;
        e->in_name = f;
        return 1;
    }
    return 0;
}

/* One raw line into b; 0 at the end of the stream. */
static int raw_line(ex *e, sk_buf *b, int *chomped, const char **name)
{
    for (;;) {
        if (!e->in_open) {
            if (e->single || !open_next(e)) return 0;
        }
        int rc = sk_in_getline(&e->in, b, e->delim);
        if (rc > 0) {
            *chomped = b->len && (unsigned char)b->p[b->len - 1] == (unsigned char)e->delim;
            if (*chomped) b->len--;
            *name = e->in_name;
            return 1;
        }
        if (rc < 0 && rc != SK_IO_ABORT) {
            cmd_error(e->c, "read error on %s: %s", strcmp(e->in_name, "-") ? e->in_name : "stdin",
                      rc == SK_IO_ERR ? "Cannot allocate memory" : "Input/output error");
            e->status = 4;
        }
        if (rc == SK_IO_ABORT) e->fatal = -1;
        close_input(e);
        if (e->single || e->fatal) return 0;
    }
}

static void fill_la(ex *e)
{
    if (e->la_have || e->la_eof) return;
    if (raw_line(e, &e->la, &e->la_chomped, &e->la_name)) e->la_have = 1;
    else e->la_eof = 1;
}

static int is_last(ex *e)
{
    fill_la(e);
    return !e->la_have;
}

/* The next line into `into` (the pattern space, or appended by N). */
static int next_line(ex *e, sk_buf *into, int append)
{
    fill_la(e);
    if (!e->la_have) return 0;
    dump_append(e);
    if (append) {
        if (sk_buf_putc(into, e->delim) || sk_buf_put(into, e->la.p ? e->la.p : "", e->la.len)) {
            cmd_error(e->c, "couldn't allocate memory");
            e->fatal = 4;
            return 0;
        }
    } else {
        sk_buf t = *into;
        *into = e->la;
        e->la = t;
    }
    e->chomped = e->la_chomped;
    e->cur_name = e->la_name;
    e->la_have = 0;
    e->line++;
    e->replaced = 0;
    return 1;
}

/* ---- regex ------------------------------------------------------------------------ */

static int re_exec(ex *e, const sed_regex *sr, const char *s, size_t len, size_t start,
                   unsigned flags, size_t *ov, int nov)
{
    rx *re = sr->re ? sr->re : e->last_rx;
    if (!re) {
        cmd_error(e->c, "-e expression #1, char 0: no previous regular expression");
        e->fatal = 1;
        return -1;
    }
    e->last_rx = re;
    int r = rx_exec(re, s, len, start, flags, ov, nov);
    if (r < 0) {
        cmd_error(e->c, "%s", rx_strerror(r));
        e->fatal = 4;
        return -1;
    }
    return r;
}

/* ---- addresses ------------------------------------------------------------------- */

static int match_one(ex *e, const sed_addr *a)
{
    switch (a->kind) {
    case SA_LINE: return e->line == a->n1;
    case SA_STEP: return e->line >= a->n1 && (e->line - a->n1) % a->n2 == 0;
    case SA_LAST: return is_last(e);
    case SA_REGEX: return re_exec(e, &a->re, e->ps.p ? e->ps.p : "", e->ps.len, 0, RX_ANY, NULL, 0);
    default: return 0;
    }
}

static void end_range(sed_cmd *c)
{
    c->range = c->a1.kind == SA_LINE || c->a1.kind == SA_ZERO ? 2 : 0;
}

static int match_address(ex *e, sed_cmd *c)
{
    if (c->a1.kind == SA_NONE) return 1;
    if (c->a2.kind == SA_NONE) return match_one(e, &c->a1);
    long long l = e->line;
    int m;
    switch (c->range) {
    case 2:
        return 0;
    case 1:
        switch (c->a2.kind) {
        case SA_LINE: case SA_PLUS: case SA_MULT:
            if (l >= c->range_end) end_range(c);
            return l <= c->range_end;
        default:
            m = match_one(e, &c->a2);
            if (m < 0) return m;
            if (m) end_range(c);
            return 1;
        }
    default:
        break;
    }
    if (c->a1.kind == SA_ZERO) {
        m = match_one(e, &c->a2);
        if (m < 0) return m;
        c->range = m ? 2 : 1;
        return 1;
    }
    if (c->a1.kind == SA_LINE) {
        if (l < c->a1.n1) return 0;
    } else {
        m = match_one(e, &c->a1);
        if (m <= 0) return m;
    }
    switch (c->a2.kind) {
    case SA_LINE:
        if (l >= c->a2.n1) {
            end_range(c);
            return 1;
        }
        c->range_end = c->a2.n1;
        break;
    case SA_PLUS:
        c->range_end = l + c->a2.n1;
        break;
    case SA_MULT:
        c->range_end = (l / c->a2.n1 + 1) * c->a2.n1;
        break;
    case SA_REGEX: case SA_LAST:
        if (c->a2.kind == SA_LAST && is_last(e)) {
            end_range(c);
            return 1;
        }
        break;
    default:            /* +0 / ~0: this line only */
        end_range(c);
        return 1;
    }
    c->range = 1;
    return 1;
}

/* ---- s ------------------------------------------------------------------------------ */

typedef struct casest {
    int mode, one;
} casest;

static int put_cased(ex *e, sk_buf *b, const char *p, size_t n, casest *cs)
{
    if (cs->mode == CASE_NONE && cs->one == CASE_NONE) return sk_buf_put(b, p, n);
    size_t i = 0;
    while (i < n) {
        int conv = cs->one != CASE_NONE ? cs->one : cs->mode;
        cs->one = CASE_NONE;
        utf8proc_int32_t cp;
        utf8proc_ssize_t l = utf8proc_iterate((const utf8proc_uint8_t *)p + i, (utf8proc_ssize_t)(n - i), &cp);
        if (l <= 0) {
            if (sk_buf_putc(b, p[i])) return -1;
            i++;
            continue;
        }
        if (conv == CASE_UPPER || conv == CASE_ONE_UPPER) cp = utf8proc_toupper(cp);
        else if (conv == CASE_LOWER || conv == CASE_ONE_LOWER) cp = utf8proc_tolower(cp);
        utf8proc_uint8_t enc[4];
        utf8proc_ssize_t el = utf8proc_encode_char(cp, enc);
        if (sk_buf_put(b, enc, (size_t)el)) return -1;
        i += (size_t)l;
    }
    (void)e;
    return 0;
}

static int append_replacement(ex *e, sed_cmd *cmd, sk_buf *b, const char *s, const size_t *ov, int nov)
{
    casest cs = { CASE_NONE, CASE_NONE };
    for (size_t i = 0; i < cmd->nparts; i++) {
        sed_rpart *pt = &cmd->parts[i];
        int rc = 0;
        switch (pt->kind) {
        case RP_TEXT:
            rc = put_cased(e, b, cmd->text + pt->off, pt->len, &cs);
            break;
        case RP_GROUP:
            if (pt->n < nov && ov[2 * pt->n] != RX_UNSET)
                rc = put_cased(e, b, s + ov[2 * pt->n], ov[2 * pt->n + 1] - ov[2 * pt->n], &cs);
            break;
        case RP_CASE:
            if (pt->n == CASE_END) cs.mode = cs.one = CASE_NONE;
            else if (pt->n == CASE_UPPER || pt->n == CASE_LOWER) cs.mode = pt->n, cs.one = CASE_NONE;
            else cs.one = pt->n;
            break;
        }
        if (rc) return -1;
    }
    return 0;
}

static int do_subst(ex *e, sed_cmd *cmd)
{
    const char *s = e->ps.p ? e->ps.p : "";
    size_t len = e->ps.len;
    sk_buf *b = &e->tmp;
    sk_buf_clear(b);
    size_t ov[20];
    size_t start = 0, copied = 0;
    long long count = 0;
    int did = 0;
    unsigned flags = 0;
    rx *re = cmd->re.re ? cmd->re.re : e->last_rx;
    while (start <= len) {
        int r = re_exec(e, &cmd->re, s, len, start, flags, ov, 10);
        if (r < 0) return -1;
        if (r == 0) break;
        size_t so = ov[0], eo = ov[1];
        count++;
        if (count >= cmd->num) {
            if (sk_buf_put(b, s + copied, so - copied) || append_replacement(e, cmd, b, s, ov, 10)) goto oom;
            copied = eo;
            did = 1;
            if (!cmd->global) break;
        }
        if (so == eo) {
            start = rx_next_char(re, s, len, so);
            flags = 0;
        } else {
            start = eo;
            flags = RX_NOTEMPTY_ATSTART;
        }
    }
    if (!did) return 0;
    if (sk_buf_put(b, s + copied, len - copied)) goto oom;
    sk_buf t = e->ps;
    e->ps = *b;
    *b = t;
    e->replaced = 1;
    if (cmd->print && so_line(e, e->out, e->ps.p, e->ps.len, e->chomped)) return -1;
    if (cmd->wf) write_wfile(e, cmd->wf, e->ps.p, e->ps.len, 1);
    return 0;
oom:
    cmd_error(e->c, "couldn't allocate memory");
    e->fatal = 4;
    return -1;
}

/* ---- y, l ------------------------------------------------------------------------------ */

static int do_y(ex *e, sed_cmd *cmd)
{
    if (cmd->ymap) {
        for (size_t i = 0; i < e->ps.len; i++) e->ps.p[i] = (char)cmd->ymap[(unsigned char)e->ps.p[i]];
        return 0;
    }
    sk_buf *b = &e->tmp;
    sk_buf_clear(b);
    const char *s = e->ps.p ? e->ps.p : "";
    size_t n = e->ps.len, i = 0;
    while (i < n) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t l = utf8proc_iterate((const utf8proc_uint8_t *)s + i, (utf8proc_ssize_t)(n - i), &cp);
        if (l <= 0) {
            if (sk_buf_putc(b, s[i])) goto oom;
            i++;
            continue;
        }
        for (size_t k = 0; k < cmd->ylen; k++)
            if ((uint32_t)cp == cmd->yfrom[k]) { cp = (utf8proc_int32_t)cmd->yto[k]; break; }
        utf8proc_uint8_t enc[4];
        utf8proc_ssize_t el = utf8proc_encode_char(cp, enc);
        if (sk_buf_put(b, enc, (size_t)el)) goto oom;
        i += (size_t)l;
    }
    sk_buf t = e->ps;
    e->ps = *b;
    *b = t;
    return 0;
oom:
    cmd_error(e->c, "couldn't allocate memory");
    e->fatal = 4;
    return -1;
}

static int do_list(ex *e, long long width)
{
    sk_buf *b = &e->tmp;
    sk_buf_clear(b);
    if (width < 0) width = e->r->line_wrap;
    size_t col = 0;
    for (size_t i = 0; i < e->ps.len; i++) {
        unsigned char c = (unsigned char)e->ps.p[i];
        char o[8];
        switch (c) {
        case '\\': strcpy(o, "\\\\"); break;
        case '\a': strcpy(o, "\\a"); break;
        case '\b': strcpy(o, "\\b"); break;
        case '\f': strcpy(o, "\\f"); break;
        case '\n': strcpy(o, "\\n"); break;
        case '\r': strcpy(o, "\\r"); break;
        case '\t': strcpy(o, "\\t"); break;
        case '\v': strcpy(o, "\\v"); break;
        default:
            if (c >= 32 && c < 127) { o[0] = (char)c; o[1] = 0; }
            else snprintf(o, sizeof o, "\\%03o", c);
        }
        size_t ol = strlen(o);
        if (width > 1 && col + ol > (size_t)width - 1) {
            if (sk_buf_puts(b, "\\\n")) goto oom;
            col = 0;
        }
        if (sk_buf_put(b, o, ol)) goto oom;
        col += ol;
    }
    if (sk_buf_puts(b, "$\n")) goto oom;
    return so_text(e, e->out, b->p, b->len);
oom:
    cmd_error(e->c, "couldn't allocate memory");
    e->fatal = 4;
    return -1;
}

/* ---- the script -------------------------------------------------------------------- */

static int run_script(ex *e)
{
    sed_prog *p = e->p;
    size_t pc = 0;
    while (pc < p->n) {
        if ((++e->steps & 0x3ff) == 0 && cmd_aborted(e->c)) {
            e->fatal = -1;
            return RUN_FAIL;
        }
        sed_cmd *cmd = &p->cmds[pc];
        int m = match_address(e, cmd);
        if (m < 0 || e->fatal) return RUN_FAIL;
        if (cmd->negate) m = !m;
        if (!m) {
            pc = cmd->cmd == '{' ? (size_t)cmd->target + 1 : pc + 1;
            continue;
        }
        switch (cmd->cmd) {
        case '{': case '}': case ':':
            break;
        case '=': {
            char num[32];
            int n = snprintf(num, sizeof num, "%lld\n", e->line);
            if (so_text(e, e->out, num, (size_t)n)) return RUN_FAIL;
            break;
        }
        case 'a':
            if (cmd->text && queue(e, 0, cmd->text, cmd->text_len, NULL)) goto oom;
            break;
        case 'i':
            if (cmd->text && so_text(e, e->out, cmd->text, cmd->text_len)) return RUN_FAIL;
            break;
        case 'c':
            if (cmd->range != 1 && cmd->text && so_text(e, e->out, cmd->text, cmd->text_len)) return RUN_FAIL;
            return RUN_DELETE;
        case 'd':
            return RUN_DELETE;
        case 'D': {
            char *nl = e->ps.len ? memchr(e->ps.p, e->delim, e->ps.len) : NULL;
            if (!nl) return RUN_DELETE;
            size_t cut = (size_t)(nl - e->ps.p) + 1;
            memmove(e->ps.p, e->ps.p + cut, e->ps.len - cut);
            e->ps.len -= cut;
            return RUN_RESTART;
        }
        case 'F': {
            const char *nm = e->cur_name && strcmp(e->cur_name, "-") ? e->cur_name : "-";
            if (so_text(e, e->out, nm, strlen(nm)) || so_write(e, e->out, "\n", 1)) return RUN_FAIL;
            break;
        }
        case 'g':
            sk_buf_clear(&e->ps);
            if (sk_buf_put(&e->ps, e->hs.p ? e->hs.p : "", e->hs.len)) goto oom;
            break;
        case 'G':
            if (sk_buf_putc(&e->ps, e->delim) || sk_buf_put(&e->ps, e->hs.p ? e->hs.p : "", e->hs.len)) goto oom;
            break;
        case 'h':
            sk_buf_clear(&e->hs);
            if (sk_buf_put(&e->hs, e->ps.p ? e->ps.p : "", e->ps.len)) goto oom;
            break;
        case 'H':
            if (sk_buf_putc(&e->hs, e->delim) || sk_buf_put(&e->hs, e->ps.p ? e->ps.p : "", e->ps.len)) goto oom;
            break;
        case 'x': {
            sk_buf t = e->ps;
            e->ps = e->hs;
            e->hs = t;
            break;
        }
        case 'z':
            sk_buf_clear(&e->ps);
            break;
        case 'l': case 'L':
            if (do_list(e, cmd->num)) return RUN_FAIL;
            break;
        case 'n':
            if (is_last(e)) {
                if (e->fatal) return RUN_FAIL;
                return RUN_END;
            }
            if (!e->r->quiet && so_line(e, e->out, e->ps.p, e->ps.len, e->chomped)) return RUN_FAIL;
            if (!next_line(e, &e->ps, 0)) return e->fatal ? RUN_FAIL : RUN_END;
            break;
        case 'N':
            if (is_last(e)) return e->fatal ? RUN_FAIL : RUN_END;
            if (!next_line(e, &e->ps, 1)) return e->fatal ? RUN_FAIL : RUN_END;
            break;
        case 'p':
            if (so_line(e, e->out, e->ps.p, e->ps.len, e->chomped)) return RUN_FAIL;
            break;
        case 'P': {
            char *nl = e->ps.len ? memchr(e->ps.p, e->delim, e->ps.len) : NULL;
            if (nl) {
                if (so_text(e, e->out, e->ps.p, (size_t)(nl - e->ps.p) + 1)) return RUN_FAIL;
            } else if (so_line(e, e->out, e->ps.p, e->ps.len, e->chomped)) {
                return RUN_FAIL;
            }
            break;
        }
        case 'q':
            e->exit_code = (int)cmd->num;
            return RUN_QUIT;
        case 'Q':
            e->exit_code = (int)cmd->num;
            return RUN_QUITNOW;
        case 'r':
            if (queue(e, 1, cmd->text, 0, NULL)) goto oom;
            break;
        case 'R': {
            sed_rfile *f = cmd->rf;
            if (!f->open && !f->eof) {
                if (cmd_open_input(e->c, !strcmp(f->path, "/dev/stdin") ? "-" : f->path, &f->in) == 0) f->open = 1;
                else f->eof = 1;
            }
            if (f->open) {
                sk_buf line = SK_BUF_INIT(e->a);
                int rc = sk_in_getline(&f->in, &line, e->delim);
                if (rc > 0) {
                    size_t l;
                    char *own = sk_buf_take(&line, &l);
                    if (!own || queue(e, 2, own, l, own)) goto oom;
                } else {
                    sk_buf_free(&line);
                    cmd_close_input(e->c, &f->in);
                    f->open = 0;
                    f->eof = 1;
                }
            }
            break;
        }
        case 's':
            if (do_subst(e, cmd)) return RUN_FAIL;
            break;
        case 't':
            if (e->replaced) {
                e->replaced = 0;
                pc = (size_t)cmd->target;
                continue;
            }
            break;
        case 'T':
            if (!e->replaced) {
                pc = (size_t)cmd->target;
                continue;
            }
            e->replaced = 0;
            break;
        case 'b':
            pc = (size_t)cmd->target;
            continue;
        case 'w':
            write_wfile(e, cmd->wf, e->ps.p, e->ps.len, e->chomped);
            break;
        case 'W': {
            char *nl = e->ps.len ? memchr(e->ps.p, e->delim, e->ps.len) : NULL;
            write_wfile(e, cmd->wf, e->ps.p, nl ? (size_t)(nl - e->ps.p) : e->ps.len, 1);
            break;
        }
        case 'y':
            if (do_y(e, cmd)) return RUN_FAIL;
            break;
        default:
            break;
        }
        if (e->fatal) return RUN_FAIL;
        pc++;
    }
    return RUN_END;
oom:
    cmd_error(e->c, "couldn't allocate memory");
    e->fatal = 4;
    return RUN_FAIL;
}

/* Cycles over the current stream; returns 1 when sed must stop (q/Q, error). */
static int process(ex *e)
{
    int restart = 0;
    for (;;) {
        if (!restart) {
            if (!next_line(e, &e->ps, 0)) break;
        }
        restart = 0;
        int r = run_script(e);
        switch (r) {
        case RUN_END:
            if (!e->r->quiet && so_line(e, e->out, e->ps.p, e->ps.len, e->chomped)) return 1;
            break;
        case RUN_DELETE:
            break;
        case RUN_RESTART:
            restart = 1;
            break;
        case RUN_QUIT:
            if (!e->r->quiet) so_line(e, e->out, e->ps.p, e->ps.len, e->chomped);
            dump_append(e);
            return 1;
        case RUN_QUITNOW:
            return 1;
        default:
            return 1;
        }
        if (e->fatal) return 1;
    }
    dump_append(e);
    return e->fatal != 0;
}

/* -i: where the backup goes ("*" in the suffix stands for the name). */
static char *backup_name(ex *e, const char *path, const char *suffix)
{
    sk_buf b = SK_BUF_INIT(e->a);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!strchr(suffix, '*')) {
        if (sk_buf_puts(&b, path) || sk_buf_puts(&b, suffix)) goto oom;
        return sk_buf_take(&b, NULL);
    }
    if (!strchr(suffix, '/') && slash && sk_buf_put(&b, path, (size_t)(base - path))) goto oom;
    for (const char *s = suffix; *s; s++) {
        if (*s == '*') {
            if (sk_buf_puts(&b, base)) goto oom;
        } else if (sk_buf_putc(&b, *s)) {
            goto oom;
        }
    }
    return sk_buf_take(&b, NULL);
oom:
    sk_buf_free(&b);
    return NULL;
}

int sed_execute(sed_run *r)
{
    ex e;
    memset(&e, 0, sizeof e);
    e.r = r;
    e.p = r->prog;
    e.c = r->c;
    e.a = r->c->a;
    e.delim = r->zero ? 0 : '\n';
    sk_buf_init(&e.ps, e.a);
    sk_buf_init(&e.hs, e.a);
    sk_buf_init(&e.tmp, e.a);
    sk_buf_init(&e.la, e.a);
    e.stdo.o = &r->c->out;
    e.out = &e.stdo;
    static char *const stdin_only[] = { "-" };
    if (r->nfiles == 0) {
        r->files = (char **)stdin_only;
        r->nfiles = 1;
    }
    e.fi_end = r->nfiles;
    if (!r->separate) {
        process(&e);
    } else {
        for (int k = 0; k < r->nfiles && !e.fatal; k++) {
            const char *f = r->files[k];
            e.fi = k;
            e.fi_end = k + 1;
            e.single = 0;
            e.la_eof = 0;
            e.la_have = 0;
            e.line = 0;
            if (r->in_place) {
                sk_stat st;
                int rc = strcmp(f, "-") ? sk_vfs_stat(e.c->vfs, e.c->cwd, f, &st) : SK_EINVAL;
                if (rc == SK_EINVAL || (rc == 0 && st.type != SK_FILE_REGULAR)) {
                    cmd_error(e.c, "couldn't edit %s: not a regular file", f);
                    e.status = 4;
                    continue;
                }
                if (rc) {
                    cmd_error(e.c, "can't read %s: %s", f, sk_status_message(rc));
                    if (e.status < 2) e.status = 2;
                    continue;
                }
            }
            if (!open_next(&e)) continue;
            e.single = 1;
            sk_buf ipbuf = SK_BUF_INIT(e.a);
            if (r->in_place) {
                e.ipo.o = NULL;
                e.ipo.b = &ipbuf;
                e.ipo.missing_nl = 0;
                e.out = &e.ipo;
            }
            int stop = process(&e);
            close_input(&e);
            if (r->in_place) {
                if (!e.fatal || e.fatal == -1) {
                    if (r->suffix && *r->suffix) {
                        char *bk = backup_name(&e, f, r->suffix);
                        int rc = bk ? sk_vfs_copy_file(e.c->vfs, e.c->cwd, f, bk) : SK_NOMEM;
                        if (rc) {
                            cmd_error(e.c, "cannot rename %s: %s", f, sk_status_message(rc));
                            e.status = 4;
                        }
                        sk_free(e.a, bk);
                    }
                    int rc = sk_vfs_write_file(e.c->vfs, e.c->cwd, f, ipbuf.p ? ipbuf.p : "", ipbuf.len, 0644);
                    if (rc) {
                        cmd_error(e.c, "couldn't open temporary file %s: %s", f, sk_status_message(rc));
                        e.status = 4;
                    }
                }
                sk_buf_free(&ipbuf);
                e.out = &e.stdo;
            }
            if (stop) break;
        }
    }
    close_input(&e);
    for (size_t i = 0; i < e.napps; i++) sk_free(e.a, e.apps[i].owned);
    sk_free(e.a, e.apps);
    sk_buf_free(&e.ps);
    sk_buf_free(&e.hs);
    sk_buf_free(&e.tmp);
    sk_buf_free(&e.la);
    if (e.fatal > 0) return e.fatal;
    if (e.exit_code) return e.exit_code;
    return e.status;
}
