/* record.c — input records and fields: reading records per RS (a single
 * character, "" for paragraphs, or a regular expression as in gawk),
 * splitting per FS (a blank, a single literal character, "" for characters,
 * or a regular expression), lazy field splitting, $0 rebuilding with OFS,
 * NF assignment, and the main input (ARGV operands, assignments, stdin). */
#include <math.h>
#include <string.h>

#include "awk.h"
#include "fs/vfs.h"

/* ---- splitters ------------------------------------------------------------- */

void awk_splitter_free(awk_interp *in, awk_splitter *sp)
{
    if (!sp->borrowed) awk_re_free(in, sp->re);
    sk_free(in->a, sp->widths);
    awk_str_unref(in, sp->src);
    memset(sp, 0, sizeof *sp);
}

int awk_splitter_build(awk_interp *in, awk_splitter *sp, awk_str *fs, int paragraph)
{
    awk_splitter_free(in, sp);
    sp->src = awk_str_ref(fs);
    sp->paragraph = paragraph;
    if (fs->len == 1 && fs->s[0] == ' ') {
        sp->kind = SP_SPACE;
        return 0;
    }
    if (fs->len == 0) {
        sp->kind = SP_EMPTY;
        return 0;
    }
    int icase = in->g[G_IGNORECASE].kind == CELL_SCALAR && awk_to_bool(in, &in->g[G_IGNORECASE].v);
    if (fs->len == 1 && fs->s[0] != '\\' && !paragraph) {
        sp->kind = SP_CHAR;
        sp->ch = fs->s[0];
        return 0;
    }
    sk_buf pat = SK_BUF_INIT(in->a);
    if (fs->len == 1) {
        /* a single character is literal even when it is a regex operator */
        sk_buf_puts(&pat, "[");
        if (fs->s[0] == '\\') sk_buf_puts(&pat, "\\\\");
        else sk_buf_putc(&pat, fs->s[0]);
        sk_buf_puts(&pat, "]");
    } else {
        sk_buf_put(&pat, fs->s, fs->len);
    }
    if (paragraph) {
        sk_buf_puts(&pat, "|\n");
    }
    char msg[160];
    /* a single character is matched exactly, even with IGNORECASE */
    int r = awk_re_compile(in, pat.p ? pat.p : "", pat.len, fs->len == 1 ? 0 : icase, &sp->re, msg, sizeof msg);
    sk_buf_free(&pat);
    if (r) {
        awk_fatal(in, "invalid regexp: %s: /%s/", msg, fs->s);
        sp->kind = SP_SPACE;
        return -1;
    }
    sp->kind = SP_REGEX;
    return 0;
}

int awk_splitter_fpat(awk_interp *in, awk_splitter *sp, awk_str *fpat)
{
    awk_splitter_free(in, sp);
    sp->src = awk_str_ref(fpat);
    int icase = in->g[G_IGNORECASE].kind == CELL_SCALAR && awk_to_bool(in, &in->g[G_IGNORECASE].v);
    char msg[160];
    if (awk_re_compile(in, fpat->s, fpat->len, icase, &sp->re, msg, sizeof msg)) {
        awk_fatal(in, "invalid regexp: %s: /%s/", msg, fpat->s);
        sp->kind = SP_SPACE;
        return -1;
    }
    sp->kind = SP_FPAT;
    return 0;
}

/* gawk's FIELDWIDTHS: "w1 w2 ...", each optionally "skip:width", the last
 * may be "*" (the rest of the record). */
int awk_splitter_widths(awk_interp *in, awk_splitter *sp, awk_str *spec)
{
    awk_splitter_free(in, sp);
    sp->src = awk_str_ref(spec);
    sp->kind = SP_WIDTHS;
    const char *p = spec->s;
    int cap = 0;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        long skip = 0, w;
        if (*p == '*') {
            w = -1;
            p++;
        } else {
            if (*p < '0' || *p > '9') goto bad;
            w = 0;
            while (*p >= '0' && *p <= '9') { if (w < 100000000) w = w * 10 + (*p - '0'); p++; }
            if (*p == ':') {
                skip = w;
                p++;
                if (*p == '*') { w = -1; p++; }
                else {
                    if (*p < '0' || *p > '9') goto bad;
                    w = 0;
                    while (*p >= '0' && *p <= '9') { if (w < 100000000) w = w * 10 + (*p - '0'); p++; }
                }
            }
        }
        if (*p && *p != ' ' && *p != '\t') goto bad;
        if (sp->nwidths == cap) {
            cap = cap ? cap * 2 : 8;
            long *nw = sk_realloc(in->a, sp->widths, (size_t)cap * 2 * sizeof *nw);
            if (!nw) { awk_fatal(in, "out of memory"); return -1; }
            sp->widths = nw;
        }
        sp->widths[2 * sp->nwidths] = skip;
        sp->widths[2 * sp->nwidths + 1] = w;
        sp->nwidths++;
        if (w < 0) break;
    }
    return 0;
bad:
    awk_fatal(in, "invalid FIELDWIDTHS value, for field %d, near `%s'", sp->nwidths + 1, p);
    sp->kind = SP_SPACE;
    return -1;
}

static int is_space_sep(unsigned char c) { return c == ' ' || c == '\t' || c == '\n'; }

static size_t utf8_len(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    size_t k = c < 0x80 ? 1 : c < 0xC2 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 1;
    if (i + k > n) return 1;
    for (size_t j = 1; j < k; j++)
        if (((unsigned char)s[i + j] & 0xC0) != 0x80) return 1;
    return k;
}

long awk_split_with(awk_interp *in, awk_splitter *sp, const char *s, size_t n, awk_split_fn fn,
                    void *ud)
{
    size_t nf = 0;
    if (n == 0) return 0;
    switch (sp->kind) {
    case SP_SPACE: {
        size_t i = 0;
        while (i < n && is_space_sep((unsigned char)s[i])) i++;
        if (i > 0 && fn(in, ud, 0, NULL, 0, s, i)) return -1;
        while (i < n) {
            size_t st = i;
            while (i < n && !is_space_sep((unsigned char)s[i])) i++;
            size_t fe = i;
            while (i < n && is_space_sep((unsigned char)s[i])) i++;
            if (fn(in, ud, ++nf, s + st, fe - st, i > fe ? s + fe : NULL, i - fe)) return -1;
        }
        return (long)nf;
    }
    case SP_CHAR: {
        size_t st = 0;
        for (;;) {
            const char *q = memchr(s + st, sp->ch, n - st);
            if (!q) break;
            size_t e = (size_t)(q - s);
            if (fn(in, ud, ++nf, s + st, e - st, q, 1)) return -1;
            st = e + 1;
        }
        if (fn(in, ud, ++nf, s + st, n - st, NULL, 0)) return -1;
        return (long)nf;
    }
    case SP_WIDTHS: {
        size_t i = 0;
        for (int k = 0; k < sp->nwidths && i < n; k++) {
            long skip = sp->widths[2 * k], w = sp->widths[2 * k + 1];
            i += awk_char_off(s + i, n - i, (size_t)skip);
            if (i >= n) break;
            size_t e = w < 0 ? n : i + awk_char_off(s + i, n - i, (size_t)w);
            if (fn(in, ud, ++nf, s + i, e - i, NULL, 0)) return -1;
            i = e;
        }
        return (long)nf;
    }
    case SP_FPAT: {
        /* fields are the matches; an empty match right after a non-empty
         * field is not a field (gawk).  fn gets the separator before each
         * field, then (i == 0) the text after the last one. */
        size_t pos = 0, last_end = 0, adj = (size_t)-1, ov[2];
        while (pos <= n) {
            int r = awk_re_exec(in, sp->re, s, n, pos, pos > 0, ov, 1);
            if (r < 0) return -1;
            if (r == 0) break;
            if (ov[0] == ov[1] && ov[0] == adj) {
                if (ov[0] >= n) break;
                pos = ov[0] + utf8_len(s, n, ov[0]);
                continue;
            }
            if (fn(in, ud, ++nf, s + ov[0], ov[1] - ov[0], s + last_end, ov[0] - last_end)) return -1;
            last_end = ov[1];
            if (ov[1] > ov[0]) {
                adj = ov[1];
                pos = ov[1];
            } else {
                adj = (size_t)-1;
                if (ov[0] >= n) break;
                pos = ov[0] + utf8_len(s, n, ov[0]);
            }
        }
        if (fn(in, ud, 0, NULL, 0, s + last_end, n - last_end)) return -1;
        return (long)nf;
    }
    case SP_EMPTY: {
        size_t i = 0;
        while (i < n) {
            size_t k = utf8_len(s, n, i);
            if (fn(in, ud, ++nf, s + i, k, NULL, 0)) return -1;
            i += k;
        }
        return (long)nf;
    }
    default: {
        size_t st = 0, from = 0;
        size_t ov[2];
        for (;;) {
            if (from > n) break;
            int r = awk_re_exec(in, sp->re, s, n, from, from > 0, ov, 1);
            if (r < 0) return -1;
            if (r == 0) break;
            if (ov[1] == ov[0]) {
                /* an empty match separates nothing: look further on */
                if (ov[0] >= n) break;
                from = ov[0] + utf8_len(s, n, ov[0]);
                continue;
            }
            if (fn(in, ud, ++nf, s + st, ov[0] - st, s + ov[0], ov[1] - ov[0])) return -1;
            st = from = ov[1];
        }
        if (fn(in, ud, ++nf, s + st, n - st, NULL, 0)) return -1;
        return (long)nf;
    }
    }
}

/* ---- fields of the current record ------------------------------------------- */

static int ensure_fcap(awk_interp *in, size_t n)
{
    if (n < in->fcap) return 0;
    size_t ncap = in->fcap ? in->fcap * 2 : 32;
    while (ncap <= n) ncap *= 2;
    awk_val *f = sk_realloc(in->a, in->f, ncap * sizeof *f);
    if (!f) {
        awk_fatal(in, "out of memory");
        return -1;
    }
    for (size_t i = in->fcap; i < ncap; i++) f[i] = awk_uninit();
    in->f = f;
    in->fcap = ncap;
    return 0;
}

static int record_field(awk_interp *in, void *ud, size_t i, const char *p, size_t n,
                        const char *sep, size_t seplen)
{
    (void)ud; (void)sep; (void)seplen;
    if (i == 0) return 0;
    if (i >= in->fcap && ensure_fcap(in, i)) return -1;
    awk_val *f = &in->f[i];
    awk_str_set(in, &f->s, p, n);
    f->t = AV_MAYBE;
    f->numok = 0;
    return 0;
}

static void refresh_fs(awk_interp *in)
{
    if (!in->fs_dirty && in->fs.src) return;
    int slot = in->split_by ? in->split_by : G_FS;
    awk_cell *c = &in->g[slot];
    awk_str *fs = c->kind == CELL_SCALAR ? awk_to_str(in, &c->v) : awk_str_ref(in->empty);
    if (slot == G_FPAT) {
        awk_splitter_fpat(in, &in->fs, fs);
    } else if (slot == G_FIELDWIDTHS) {
        awk_splitter_widths(in, &in->fs, fs);
    } else {
        size_t rslen;
        awk_var_cstr(in, G_RS, &rslen);
        awk_splitter_build(in, &in->fs, fs, rslen == 0);
    }
    awk_str_unref(in, fs);
    in->fs_dirty = 0;
}

int awk_split_record(awk_interp *in)
{
    if (in->split_done) return 0;
    in->split_done = 1;
    awk_str *z = in->zero.s;
    long nf = z ? awk_split_with(in, &in->fs, z->s, z->len, record_field, NULL) : 0;
    if (nf < 0) { in->nf = 0; return -1; }
    /* fields past the new NF keep their storage for reuse but read as empty */
    for (size_t i = (size_t)nf + 1; i <= in->nf && i < in->fcap; i++) {
        in->f[i].t = AV_UNINIT;
        in->f[i].numok = 0;
    }
    in->nf = (size_t)nf;
    return 0;
}

void awk_set_record(awk_interp *in, const char *p, size_t n)
{
    refresh_fs(in);
    awk_str_set(in, &in->zero.s, p, n);
    in->zero.t = AV_MAYBE;
    in->zero.numok = 0;
    in->split_done = 0;
    in->zero_stale = 0;
}

void awk_set_record_val(awk_interp *in, awk_val v)
{
    awk_str *s = awk_to_str(in, &v);
    awk_val_free(in, &v);
    refresh_fs(in);
    awk_val_free(in, &in->zero);
    in->zero.s = s;
    in->zero.t = AV_MAYBE;
    in->zero.numok = 0;
    in->split_done = 0;
    in->zero_stale = 0;
}

awk_val *awk_field_ref(awk_interp *in, long i, int create)
{
    awk_split_record(in);
    if ((size_t)i <= in->nf) return &in->f[i];
    if (!create) return NULL;
    if (ensure_fcap(in, (size_t)i)) return NULL;
    for (size_t j = in->nf + 1; j <= (size_t)i; j++) {
        awk_val_free(in, &in->f[j]);
        in->f[j] = awk_uninit();
    }
    in->nf = (size_t)i;
    return &in->f[i];
}

void awk_field_assigned(awk_interp *in, long i)
{
    (void)i;
    in->zero_stale = 1;
}

awk_val *awk_record(awk_interp *in)
{
    if (!in->zero_stale) return &in->zero;
    in->zero_stale = 0;
    size_t olen;
    const char *ofs = awk_var_cstr(in, G_OFS, &olen);
    sk_buf b = SK_BUF_INIT(in->a);
    for (size_t i = 1; i <= in->nf; i++) {
        if (i > 1) sk_buf_put(&b, ofs, olen);
        awk_str *s = awk_to_str(in, &in->f[i]);
        sk_buf_put(&b, s->s, s->len);
        awk_str_unref(in, s);
        /* OFS may have been read from a cell we are not touching: fine */
        ofs = awk_var_cstr(in, G_OFS, &olen);
    }
    awk_str *z = awk_str_new(in, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    awk_val_free(in, &in->zero);
    in->zero.s = z;
    in->zero.t = AV_MAYBE;
    in->zero.numok = 0;
    return &in->zero;
}

void awk_set_nf(awk_interp *in, long nf)
{
    awk_split_record(in);
    if (nf < 0) {
        awk_fatal(in, "NF set to negative value");
        return;
    }
    if (nf > AWK_MAX_FIELDS) {
        awk_fatal(in, "NF set to %ld: more than %d fields", nf, AWK_MAX_FIELDS);
        return;
    }
    if ((size_t)nf > in->nf) {
        awk_field_ref(in, nf, 1);
    } else {
        for (size_t i = (size_t)nf + 1; i <= in->nf; i++) {
            in->f[i].t = AV_UNINIT;
            in->f[i].numok = 0;
        }
        in->nf = (size_t)nf;
    }
    in->zero_stale = 1;
}

/* ---- readers ------------------------------------------------------------------ */

void awk_reader_open_stdin(awk_interp *in, awk_reader *rd)
{
    if (rd->open) return;
    cmd_open_input(in->c, "-", &rd->in);
    rd->open = 1;
}

int awk_reader_open_file(awk_interp *in, awk_reader *rd, const char *path)
{
    int st = cmd_open_input(in->c, path, &rd->in);
    if (st) return st;
    rd->open = 1;
    return 0;
}

void awk_reader_open_mem(awk_interp *in, awk_reader *rd, const char *p, size_t n)
{
    rd->is_mem = 1;
    rd->open = 1;
    rd->buf = sk_malloc(in->a, n ? n : 1);
    if (rd->buf) {
        memcpy(rd->buf, p, n);
        rd->len = n;
        rd->cap = n ? n : 1;
    }
    rd->eof = 1;
}

void awk_reader_close(awk_interp *in, awk_reader *rd)
{
    if (rd->open && !rd->is_mem) cmd_close_input(in->c, &rd->in);
    sk_free(in->a, rd->buf);
    sk_buf_free(&rd->cmdout);
    sk_free(in->a, rd->name);
    memset(rd, 0, sizeof *rd);
}

/* Read more bytes; returns >0 read, 0 EOF, <0 error. */
static int fill(awk_interp *in, awk_reader *rd)
{
    if (rd->eof) return 0;
    if (rd->pos > 0) {
        memmove(rd->buf, rd->buf + rd->pos, rd->len - rd->pos);
        rd->len -= rd->pos;
        rd->pos = 0;
    }
    if (rd->len == rd->cap) {
        size_t ncap = rd->cap ? rd->cap * 2 : 16384;
        char *nb = sk_realloc(in->a, rd->buf, ncap);
        if (!nb) {
            awk_fatal(in, "out of memory reading input");
            return -1;
        }
        rd->buf = nb;
        rd->cap = ncap;
    }
    int64_t got = rd->open && !rd->is_mem ? sk_in_read(&rd->in, rd->buf + rd->len, rd->cap - rd->len) : 0;
    if (got < 0) {
        rd->err = (int)got;
        rd->eof = 1;
        return (int)got;
    }
    if (got == 0) {
        rd->eof = 1;
        return 0;
    }
    rd->len += (size_t)got;
    return 1;
}

static void set_rt(awk_interp *in, const char *p, size_t n)
{
    if (!in->prog.uses_rt) return;
    awk_cell *c = &in->g[G_RT];
    awk_val_free(in, &c->v);
    c->v = awk_inputval(in, p, n);
    c->kind = CELL_SCALAR;
}

int awk_reader_next(awk_interp *in, awk_reader *rd, const char **pp, size_t *np)
{
    size_t rslen;
    const char *rs = awk_var_cstr(in, G_RS, &rslen);
    if (rslen == 1) {
        char ch = rs[0];
        size_t scanned = 0;
        for (;;) {
            const char *q = rd->len > rd->pos + scanned
                ? memchr(rd->buf + rd->pos + scanned, ch, rd->len - rd->pos - scanned) : NULL;
            if (q) {
                *pp = rd->buf + rd->pos;
                *np = (size_t)(q - *pp);
                rd->pos = (size_t)(q - rd->buf) + 1;
                set_rt(in, q, 1);
                return 1;
            }
            scanned = rd->len - rd->pos;
            int r = fill(in, rd);
            if (r < 0) return r;
            if (r == 0) {
                if (rd->pos >= rd->len) return 0;
                *pp = rd->buf + rd->pos;
                *np = rd->len - rd->pos;
                rd->pos = rd->len;
                set_rt(in, "", 0);
                return 1;
            }
        }
    }
    if (rslen == 0) {
        /* paragraph mode: skip leading newlines, end at a blank line */
        for (;;) {
            while (rd->pos < rd->len && rd->buf[rd->pos] == '\n') rd->pos++;
            if (rd->pos < rd->len) break;
            int r = fill(in, rd);
            if (r < 0) return r;
            if (r == 0) return 0;
        }
        size_t scanned = 0;
        for (;;) {
            const char *base = rd->buf + rd->pos;
            size_t avail = rd->len - rd->pos;
            const char *q = NULL;
            for (size_t i = scanned; i + 1 < avail; i++) {
                if (base[i] == '\n' && base[i + 1] == '\n') { q = base + i; break; }
            }
            if (q) {
                size_t e = (size_t)(q - rd->buf);
                size_t k = e;
                while (k < rd->len && rd->buf[k] == '\n') k++;
                if (k == rd->len && !rd->eof) {
                    /* the newline run may continue: read more first */
                    scanned = e - rd->pos;
                    int r = fill(in, rd);
                    if (r < 0) return r;
                    if (r > 0) continue;
                    k = rd->len;
                    e = rd->pos + scanned;
                }
                *pp = rd->buf + rd->pos;
                *np = e - rd->pos;
                set_rt(in, rd->buf + e, k - e);
                rd->pos = k;
                return 1;
            }
            scanned = avail ? avail - 1 : 0;
            int r = fill(in, rd);
            if (r < 0) return r;
            if (r == 0) {
                size_t e = rd->len;
                while (e > rd->pos && rd->buf[e - 1] == '\n') e--;
                *pp = rd->buf + rd->pos;
                *np = e - rd->pos;
                set_rt(in, rd->buf + e, rd->len - e);
                rd->pos = rd->len;
                return 1;
            }
        }
    }
    /* a regular expression */
    awk_cell *c = &in->g[G_RS];
    awk_str *rsv = awk_to_str(in, &c->v);
    awk_re *re = awk_re_dynamic(in, rsv);
    awk_str_unref(in, rsv);
    if (!re) return -1;
    for (;;) {
        size_t ov[2];
        int m = 0;
        size_t from = rd->pos;
        while (from <= rd->len) {
            m = awk_re_exec(in, re, rd->buf ? rd->buf : "", rd->len, from, from > 0, ov, 1);
            if (m < 0) return -1;
            if (m && ov[1] == ov[0]) {   /* empty separator: ignore */
                from = ov[0] + 1;
                m = 0;
                continue;
            }
            break;
        }
        if (m && (ov[1] < rd->len || rd->eof)) {
            *pp = rd->buf + rd->pos;
            *np = ov[0] - rd->pos;
            set_rt(in, rd->buf + ov[0], ov[1] - ov[0]);
            rd->pos = ov[1];
            return 1;
        }
        int r = fill(in, rd);
        if (r < 0) return r;
        if (r == 0) {
            if (m) continue;   /* now at EOF: the match is final */
            if (rd->pos >= rd->len) return 0;
            *pp = rd->buf + rd->pos;
            *np = rd->len - rd->pos;
            rd->pos = rd->len;
            set_rt(in, "", 0);
            return 1;
        }
    }
}

/* ---- the main input -------------------------------------------------------------- */

static void set_num_var(awk_interp *in, int slot, double n)
{
    awk_cell *c = &in->g[slot];
    awk_val_free(in, &c->v);
    c->v = awk_num(n);
    c->kind = CELL_SCALAR;
}

static void set_str_var(awk_interp *in, int slot, const char *s, size_t n)
{
    awk_cell *c = &in->g[slot];
    awk_val_free(in, &c->v);
    c->v = awk_strval(in, s, n);
    c->kind = CELL_SCALAR;
}

static int run_file_rules(awk_interp *in, int kind)
{
    if (kind == R_BEGINFILE && !in->prog.has_beginfile) return 0;
    if (kind == R_ENDFILE && !in->prog.has_endfile) return 0;
    for (awk_rule *r = in->prog.rules; r; r = r->next) {
        if (r->kind != kind) continue;
        awk_exec(in, r->action);
        if (in->unwind) return -1;
    }
    return 0;
}

static awk_str *argv_elem(awk_interp *in, long i)
{
    awk_cell *c = &in->g[G_ARGV];
    if (c->kind != CELL_ARRAY) return NULL;
    char buf[32];
    size_t n = awk_fmt_int(i, buf);
    awk_val *v = awk_array_get(in, c->arr, buf, n, NULL, 0);
    if (!v) return NULL;
    return awk_to_str(in, v);
}

/* -i inplace: capture stdout while a file's records are processed. */
static void inplace_begin(awk_interp *in, const char *path)
{
    sk_cmd *c = in->c;
    sk_out_flush(&c->out);
    sk_buf_init(&in->ip_buf, in->a);
    in->ip_stream = sk_stream_buf(c->run, &in->ip_buf);
    in->ip_path = sk_strdup(in->a, path);
    if (!in->ip_stream || !in->ip_path) {
        sk_free(in->a, in->ip_path);
        in->ip_path = NULL;
        awk_fatal(in, "out of memory");
        return;
    }
    sk_stream_open(in->ip_stream, SK_WR);
    in->ip_saved = c->out;
    sk_out_init(&c->out, in->a, in->ip_stream, c->outbuf, sizeof c->outbuf);
}

void awk_inplace_end(awk_interp *in)
{
    if (!in->ip_path) return;
    sk_cmd *c = in->c;
    sk_out_flush(&c->out);
    c->out = in->ip_saved;
    int st = sk_vfs_write_file(c->vfs, c->cwd, in->ip_path, in->ip_buf.p ? in->ip_buf.p : "", in->ip_buf.len, 0644);
    if (st) awk_warning(in, "inplace::end: cannot write `%s': %s", in->ip_path, sk_status_message(st));
    sk_stream_close(in->ip_stream, SK_WR);
    in->ip_stream = NULL;
    sk_buf_free(&in->ip_buf);
    sk_free(in->a, in->ip_path);
    in->ip_path = NULL;
}

/* Open the next input operand: 1 opened, 0 none left, -1 error. */
static int open_next(awk_interp *in)
{
    for (;;) {
        double argc = in->g[G_ARGC].kind == CELL_SCALAR ? awk_to_num(in, &in->g[G_ARGC].v) : 0;
        if (in->argi < 1) in->argi = 1;
        if ((double)in->argi >= argc) break;
        long i = in->argi++;
        awk_str *s = argv_elem(in, i);
        if (!s) continue;
        if (s->len == 0) { awk_str_unref(in, s); continue; }
        int r = awk_cmdline_assign(in, s->s);
        if (r != 0) {
            awk_str_unref(in, s);
            if (r < 0) return -1;
            continue;
        }
        in->used_file = 1;
        awk_reader *rd;
        if (!strcmp(s->s, "-") || !strcmp(s->s, "/dev/stdin")) {
            awk_reader_open_stdin(in, &in->stdin_rd);
            rd = &in->stdin_rd;
        } else {
            rd = sk_calloc(in->a, 1, sizeof *rd);
            if (!rd) { awk_str_unref(in, s); awk_fatal(in, "out of memory"); return -1; }
            int st = awk_reader_open_file(in, rd, s->s);
            if (st == SK_EISDIR) {
                awk_warning(in, "command line argument `%s' is a directory: skipped", s->s);
                sk_free(in->a, rd);
                awk_str_unref(in, s);
                continue;
            }
            if (st) {
                sk_free(in->a, rd);
                awk_fatal(in, "cannot open file `%s' for reading: %s", s->s, sk_status_message(st));
                awk_str_unref(in, s);
                return -1;
            }
        }
        in->cur = rd;
        if (in->inplace && rd != &in->stdin_rd) inplace_begin(in, s->s);
        set_str_var(in, G_FILENAME, s->s, s->len);
        awk_str_unref(in, s);
        set_num_var(in, G_FNR, 0);
        if (run_file_rules(in, R_BEGINFILE)) return -1;
        return 1;
    }
    if (!in->used_file && !in->stdin_used) {
        in->stdin_used = 1;
        awk_reader_open_stdin(in, &in->stdin_rd);
        in->cur = &in->stdin_rd;
        set_num_var(in, G_FNR, 0);
        if (run_file_rules(in, R_BEGINFILE)) return -1;
        return 1;
    }
    return 0;
}

static void close_current(awk_interp *in)
{
    awk_reader *rd = in->cur;
    in->cur = NULL;
    if (!rd) return;
    if (rd == &in->stdin_rd) {
        rd->pos = rd->len;
        return;
    }
    awk_reader_close(in, rd);
    sk_free(in->a, rd);
}

void awk_main_nextfile(awk_interp *in)
{
    if (in->cur && run_file_rules(in, R_ENDFILE)) return;
    awk_inplace_end(in);
    if (in->cur && in->cur == &in->stdin_rd) {
        /* nothing more from stdin */
        in->stdin_rd.eof = 1;
    }
    close_current(in);
}

static double bump(awk_interp *in, int slot)
{
    awk_cell *c = &in->g[slot];
    double v = (c->kind == CELL_SCALAR ? awk_to_num(in, &c->v) : 0) + 1;
    if (c->v.t == AV_NUM && c->kind == CELL_SCALAR) {
        c->v.n = v;
    } else {
        awk_val_free(in, &c->v);
        c->v = awk_num(v);
        c->kind = CELL_SCALAR;
    }
    return v;
}

int awk_main_next(awk_interp *in, int set_zero, awk_val *into)
{
    if (in->main_done) return 0;
    for (;;) {
        if (!in->cur) {
            int r = open_next(in);
            if (r < 0) return -1;
            if (r == 0) { in->main_done = 1; return 0; }
        }
        const char *p;
        size_t n;
        int r = awk_reader_next(in, in->cur, &p, &n);
        if (r > 0) {
            bump(in, G_NR);
            bump(in, G_FNR);
            if (set_zero) awk_set_record(in, p, n);
            else if (into) *into = awk_inputval(in, p, n);
            return 1;
        }
        if (in->unwind) return -1;
        if (r < 0 && r != SK_IO_ABORT) {
            awk_str *fn = in->g[G_FILENAME].kind == CELL_SCALAR ? awk_to_str(in, &in->g[G_FILENAME].v) : NULL;
            awk_warning(in, "error reading input file `%s': %s", fn && fn->len ? fn->s : "-", "I/O error");
            awk_str_unref(in, fn);
        }
        if (r == SK_IO_ABORT) { in->unwind = UW_ERROR; return -1; }
        if (run_file_rules(in, R_ENDFILE)) return -1;
        awk_inplace_end(in);
        close_current(in);
    }
}
