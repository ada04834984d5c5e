/* ls.c — ls: list directory contents (GNU coreutils behaviour for a
 * non-terminal stdout: one name per line unless -C/-x/-m ask for columns).
 *
 * Sorting is byte order (LC_ALL=C).  The listing of each directory is held
 * in an arena that is rewound afterwards; -R keeps a heap stack of pending
 * directories, never C recursion.  The sandbox has one user ("sandbox",
 * uid 1000) and one timestamp per file (mtime, shown for -c/-u too).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "cmd.h"
#include "fsutil.h"
#include "numparse.h"

SK_CMD("ls", cmd_ls, "ls [-laAdRrtShFp1iCxm] [FILE]...: list directory contents (one per line when piped)");

enum { F_ONE, F_LONG, F_COLS, F_ACROSS, F_COMMAS };
enum { S_NAME, S_TIME, S_SIZE, S_EXT, S_VERSION, S_WIDTH, S_NONE };
enum { I_NONE, I_SLASH, I_FILETYPE, I_CLASSIFY };
enum { D_NEVER, D_CMDLINE, D_CMDLINE_DIR, D_ALWAYS };
enum { Q_LITERAL, Q_SHELL, Q_SHELL_ALWAYS, Q_SHELL_ESCAPE, Q_SHELL_ESCAPE_ALWAYS, Q_C, Q_ESCAPE };
enum { T_LOCALE, T_FULL_ISO, T_LONG_ISO, T_ISO, T_CUSTOM };

typedef struct ls_cfg {
    int format, sort, reverse, all, dir_only, recursive, indicator, deref, quoting;
    int human, inode, blocks, numeric, no_owner, no_group, hide_ctl, zero;
    int group_dirs, ignore_backups, time_style, width, tabsize;
    const char *time_fmt_old, *time_fmt_recent;
    uint64_t block_size;
    char **ignore;            /* -I patterns */
    int nignore;
    char **hide;              /* --hide patterns (ignored with -a/-A) */
    int nhide;
    int64_t now;
} ls_cfg;

typedef struct ls_ent {
    const char *name;         /* displayed (as given, or the entry name) */
    const char *path;         /* for stat/list: as given, or DIR/name */
    sk_stat st;
    int st_rc;
    const char *link;         /* symlink target text, long format only */
    sk_stat tst;              /* target of a symlink (for indicators) */
    int tst_ok;
    int cmdline;
} ls_ent;

typedef struct ls_list {
    ls_ent *v;
    size_t n, cap;
} ls_list;

typedef struct ls_state {
    sk_cmd *c;
    ls_cfg *cfg;
    sk_arena ar;
    int status;
    int printed;              /* something was printed: dir headers need a blank line */
    int print_dir_name;
    sk_buf tmp;
} ls_state;

/* ---- names ------------------------------------------------------------------ */

static int is_ctl(unsigned char ch) { return ch < 32 || ch == 127; }

static int shell_special(const char *s)
{
    if (!*s) return 1;
    if (s[0] == '#' || s[0] == '~') return 1;
    if ((s[0] == '{' || s[0] == '}') && !s[1]) return 1;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (is_ctl(*p) || strchr(" !\"$&'()*;<=>?[\\^`|", *p)) return 1;
    return 0;
}

static int put_c_escape(sk_buf *b, unsigned char ch, int quote_dq)
{
    static const char esc[] = "abtnvfr";
    if (ch >= 7 && ch <= 13) return sk_buf_putc(b, '\\') || sk_buf_putc(b, esc[ch - 7]);
    if (ch == '\\') return sk_buf_puts(b, "\\\\");
    if (ch == '"' && quote_dq) return sk_buf_puts(b, "\\\"");
    if (is_ctl(ch)) return sk_buf_printf(b, "\\%03o", ch);
    return sk_buf_putc(b, (char)ch);
}

/* Append the displayed form of name; returns 1 when it came out quoted. */
static int quote_name(const ls_cfg *cfg, const char *name, sk_buf *b)
{
    const unsigned char *p;
    switch (cfg->quoting) {
    case Q_C:
        sk_buf_putc(b, '"');
        for (p = (const unsigned char *)name; *p; p++) put_c_escape(b, *p, 1);
        sk_buf_putc(b, '"');
        return 1;
    case Q_ESCAPE:
        for (p = (const unsigned char *)name; *p; p++) {
            if (*p == ' ') sk_buf_puts(b, "\\ ");
            else put_c_escape(b, *p, 0);
        }
        return 0;
    case Q_SHELL: case Q_SHELL_ALWAYS: case Q_SHELL_ESCAPE: case Q_SHELL_ESCAPE_ALWAYS: {
        int always = cfg->quoting == Q_SHELL_ALWAYS || cfg->quoting == Q_SHELL_ESCAPE_ALWAYS;
        int escape = cfg->quoting == Q_SHELL_ESCAPE || cfg->quoting == Q_SHELL_ESCAPE_ALWAYS;
        if (!always && !shell_special(name)) {
            sk_buf_puts(b, name);
            return 0;
        }
        if (escape) {
            fsu_quote_buf(b, name);
            return 1;
        }
        int has_sq = strchr(name, '\'') != NULL, dq_ok = 1;
        for (p = (const unsigned char *)name; *p; p++)
            if (strchr("\"$`\\!", *p)) dq_ok = 0;
        if (has_sq && dq_ok) {
            sk_buf_putc(b, '"');
            sk_buf_puts(b, name);
            sk_buf_putc(b, '"');
            return 1;
        }
        sk_buf_putc(b, '\'');
        for (p = (const unsigned char *)name; *p; p++) {
            if (*p == '\'') sk_buf_puts(b, "'\\''");
            else sk_buf_putc(b, (char)*p);
        }
        sk_buf_putc(b, '\'');
        return 1;
    }
    default:
        for (p = (const unsigned char *)name; *p; p++)
            sk_buf_putc(b, cfg->hide_ctl && is_ctl(*p) ? '?' : (char)*p);
        return 0;
    }
}

static size_t disp_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) w++;
    return w;
}

/* ---- entries -------------------------------------------------------------- */

static int list_add(ls_state *S, ls_list *l, const ls_ent *e)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 32;
        ls_ent *v = sk_realloc(S->c->a, l->v, nc * sizeof *v);
        if (!v) return SK_NOMEM;
        l->v = v;
        l->cap = nc;
    }
    l->v[l->n++] = *e;
    return SK_OK;
}

/* stat `path` (relative to cwd) into e; follow says whether a final
 * symlink is followed.  Fills link/tst for symlinks. */
static void fill_ent(ls_state *S, ls_ent *e, const char *cwd, int follow)
{
    const sk_vfs *v = S->c->vfs;
    e->st_rc = follow ? sk_vfs_stat(v, cwd, e->path, &e->st) : sk_vfs_lstat(v, cwd, e->path, &e->st);
    if (e->st_rc && follow) {
        /* a dangling link is listed as itself */
        sk_stat l;
        if (sk_vfs_lstat(v, cwd, e->path, &l) == SK_OK && l.type == SK_FILE_SYMLINK) {
            e->st = l;
            e->st_rc = SK_OK;
        }
    }
    if (e->st_rc || e->st.type != SK_FILE_SYMLINK) return;
    e->tst_ok = sk_vfs_stat(v, cwd, e->path, &e->tst) == SK_OK;
    if (S->cfg->format == F_LONG) {
        sk_buf t = SK_BUF_INIT(S->c->a);
        if (sk_vfs_readlink(v, cwd, e->path, &t) == SK_OK)
            e->link = sk_arena_strndup(&S->ar, t.p ? t.p : "", t.len);
        sk_buf_free(&t);
    }
}

static int is_exec(const sk_stat *st) { return st->type == SK_FILE_REGULAR && (st->mode & 0111); }

static char indicator_of(const ls_cfg *cfg, const sk_stat *st)
{
    if (cfg->indicator == I_NONE) return 0;
    if (st->type == SK_FILE_DIR) return '/';
    if (cfg->indicator == I_SLASH) return 0;
    if (st->type == SK_FILE_SYMLINK) return '@';
    if (cfg->indicator == I_CLASSIFY && is_exec(st)) return '*';
    return 0;
}

/* ---- sorting --------------------------------------------------------------- */

static int name_cmp(const char *a, const char *b) { return strcmp(a, b); }

static const char *ext_of(const char *s)
{
    const char *d = strrchr(s, '.');
    return d && d != s ? d : "";
}

static int ver_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            while (*a == '0') a++;
            while (*b == '0') b++;
            size_t la = strspn(a, "0123456789"), lb = strspn(b, "0123456789");
            if (la != lb) return la < lb ? -1 : 1;
            int r = strncmp(a, b, la);
            if (r) return r;
            a += la;
            b += lb;
            continue;
        }
        if (*a != *b) return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return *a ? 1 : *b ? -1 : 0;
}

static int is_dirish(const ls_ent *e)
{
    return !e->st_rc && (e->st.type == SK_FILE_DIR || (e->st.type == SK_FILE_SYMLINK && e->tst_ok &&
                                                       e->tst.type == SK_FILE_DIR));
}

/* insertion-free merge sort with a context (qsort has none) */
static int ent_cmp(const ls_cfg *cfg, const ls_ent *x, const ls_ent *y)
{
    if (cfg->group_dirs) {
        int dx = is_dirish(x), dy = is_dirish(y);
        if (dx != dy) return dx ? -1 : 1;
    }
    int r = 0;
    switch (cfg->sort) {
    case S_TIME:
        if (x->st.mtime_ns != y->st.mtime_ns) r = x->st.mtime_ns > y->st.mtime_ns ? -1 : 1;
        break;
    case S_SIZE:
        if (x->st.size != y->st.size) r = x->st.size > y->st.size ? -1 : 1;
        break;
    case S_EXT: r = name_cmp(ext_of(x->name), ext_of(y->name)); break;
    case S_VERSION: r = ver_cmp(x->name, y->name); break;
    case S_WIDTH: {
        size_t a = disp_width(x->name, strlen(x->name)), b = disp_width(y->name, strlen(y->name));
        if (a != b) r = a < b ? -1 : 1;
        break;
    }
    default: break;
    }
    if (!r) r = name_cmp(x->name, y->name);
    return cfg->reverse ? -r : r;
}

static int sort_list(ls_state *S, ls_list *l)
{
    if (S->cfg->sort == S_NONE || l->n < 2) {
        if (S->cfg->sort == S_NONE && S->cfg->reverse) {
            for (size_t i = 0; i < l->n / 2; i++) {
                ls_ent t = l->v[i];
                l->v[i] = l->v[l->n - 1 - i];
                l->v[l->n - 1 - i] = t;
            }
        }
        return 0;
    }
    ls_ent *tmp = sk_malloc(S->c->a, l->n * sizeof *tmp);
    if (!tmp) return SK_NOMEM;
    /* bottom-up merge sort: stable, O(n log n), no recursion */
    for (size_t w = 1; w < l->n; w *= 2) {
        for (size_t i = 0; i < l->n; i += 2 * w) {
            size_t m = i + w < l->n ? i + w : l->n, e = i + 2 * w < l->n ? i + 2 * w : l->n;
            size_t a = i, b = m, k = i;
            while (a < m && b < e) tmp[k++] = ent_cmp(S->cfg, &l->v[b], &l->v[a]) < 0 ? l->v[b++] : l->v[a++];
            while (a < m) tmp[k++] = l->v[a++];
            while (b < e) tmp[k++] = l->v[b++];
        }
        memcpy(l->v, tmp, l->n * sizeof *tmp);
    }
    sk_free(S->c->a, tmp);
    return 0;
}

/* ---- output ---------------------------------------------------------------- */

typedef struct ls_fmt {
    size_t w_ino, w_blocks, w_nlink, w_owner, w_group, w_size;
    int some_quoted, align_quotes;
} ls_fmt;

static void blocks_str(const ls_cfg *cfg, uint64_t blocks512, char out[32])
{
    uint64_t bytes = blocks512 * 512;
    if (cfg->human) {
        fsu_human(bytes, cfg->human, out);
        return;
    }
    uint64_t bs = cfg->block_size ? cfg->block_size : 1024;
    snprintf(out, 32, "%llu", (unsigned long long)((bytes + bs - 1) / bs));
}

static void size_str(const ls_cfg *cfg, const sk_stat *st, char out[32])
{
    if (cfg->human) fsu_human(st->size, cfg->human, out);
    else if (cfg->block_size > 1)
        snprintf(out, 32, "%llu", (unsigned long long)((st->size + cfg->block_size - 1) / cfg->block_size));
    else snprintf(out, 32, "%llu", (unsigned long long)st->size);
}

static void compute_fmt(ls_state *S, ls_list *l, ls_fmt *f)
{
    const ls_cfg *cfg = S->cfg;
    memset(f, 0, sizeof *f);
    char tmp[32];
    for (size_t i = 0; i < l->n; i++) {
        const ls_ent *e = &l->v[i];
        if (e->st_rc) continue;
        size_t n;
        n = (size_t)snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)e->st.ino);
        if (n > f->w_ino) f->w_ino = n;
        blocks_str(cfg, fsu_blocks(&e->st), tmp);
        n = strlen(tmp);
        if (n > f->w_blocks) f->w_blocks = n;
        n = (size_t)snprintf(tmp, sizeof tmp, "%u", e->st.nlink);
        if (n > f->w_nlink) f->w_nlink = n;
        size_str(cfg, &e->st, tmp);
        n = strlen(tmp);
        if (n > f->w_size) f->w_size = n;
        if (cfg->quoting == Q_SHELL || cfg->quoting == Q_SHELL_ESCAPE)
            if (shell_special(e->name)) f->some_quoted = 1;
    }
    f->w_owner = cfg->numeric ? strlen("1000") : strlen(FSU_USER);
    f->w_group = cfg->numeric ? strlen("1000") : strlen(FSU_GROUP);
    f->align_quotes = f->some_quoted &&
                      (cfg->format == F_LONG || cfg->format == F_COLS || cfg->format == F_ACROSS);
}

/* Name with frills (inode, blocks, quoting, indicator) into S->tmp;
 * returns its display width. */
static size_t render_short(ls_state *S, const ls_ent *e, const ls_fmt *f)
{
    const ls_cfg *cfg = S->cfg;
    sk_buf *b = &S->tmp;
    sk_buf_clear(b);
    size_t w = 0;
    if (cfg->inode) {
        char t[32];
        if (e->st_rc) snprintf(t, sizeof t, "?");
        else snprintf(t, sizeof t, "%llu", (unsigned long long)e->st.ino);
        sk_buf_printf(b, "%*s ", (int)f->w_ino, t);
        w += f->w_ino + 1;
    }
    if (cfg->blocks) {
        char t[32];
        if (e->st_rc) snprintf(t, sizeof t, "?");
        else blocks_str(cfg, fsu_blocks(&e->st), t);
        sk_buf_printf(b, "%*s ", (int)f->w_blocks, t);
        w += f->w_blocks + 1;
    }
    size_t start = b->len;
    int q = quote_name(cfg, e->name, b);
    if (f->align_quotes && !q) {
        sk_buf_putc(b, ' ');
        memmove(b->p + start + 1, b->p + start, b->len - start - 1);
        b->p[start] = ' ';
    }
    w += disp_width(b->p + start, b->len - start);
    char ind = e->st_rc ? 0 : indicator_of(cfg, &e->st);
    if (ind) {
        sk_buf_putc(b, ind);
        w++;
    }
    return w;
}

static void indent(sk_out *o, size_t from, size_t to, int tabsize)
{
    while (from < to) {
        if (tabsize && to / (size_t)tabsize > (from + 1) / (size_t)tabsize) {
            sk_out_putc(o, '\t');
            from += (size_t)tabsize - from % (size_t)tabsize;
        } else {
            sk_out_putc(o, ' ');
            from++;
        }
    }
}

static void print_time(ls_state *S, const sk_stat *st, sk_buf *b)
{
    const ls_cfg *cfg = S->cfg;
    int64_t t = st->mtime_ns, now = S->cfg->now;
    const int64_t half_year = (int64_t)31556952 / 2 * 1000000000LL;
    int recent = now - half_year < t && t < now;
    const char *fmt;
    switch (cfg->time_style) {
    case T_FULL_ISO: fmt = "%Y-%m-%d %H:%M:%S.%N %z"; break;
    case T_LONG_ISO: fmt = "%Y-%m-%d %H:%M"; break;
    case T_ISO: fmt = recent ? "%m-%d %H:%M" : "%Y-%m-%d "; break;
    case T_CUSTOM: fmt = recent ? cfg->time_fmt_recent : cfg->time_fmt_old; break;
    default: fmt = recent ? "%b %e %H:%M" : "%b %e  %Y"; break;
    }
    fsu_strftime(b, fmt, t);
}

static void print_long(ls_state *S, const ls_ent *e, const ls_fmt *f)
{
    const ls_cfg *cfg = S->cfg;
    sk_buf line = SK_BUF_INIT(S->c->a);
    char t[32];
    if (cfg->inode) {
        snprintf(t, sizeof t, "%llu", (unsigned long long)e->st.ino);
        sk_buf_printf(&line, "%*s ", (int)f->w_ino, t);
    }
    if (cfg->blocks) {
        blocks_str(cfg, fsu_blocks(&e->st), t);
        sk_buf_printf(&line, "%*s ", (int)f->w_blocks, t);
    }
    char mode[11];
    fsu_mode_string(&e->st, mode);
    sk_buf_printf(&line, "%s %*u ", mode, (int)f->w_nlink, e->st.nlink);
    if (!cfg->no_owner) sk_buf_printf(&line, "%-*s ", (int)f->w_owner, cfg->numeric ? "1000" : FSU_USER);
    if (!cfg->no_group) sk_buf_printf(&line, "%-*s ", (int)f->w_group, cfg->numeric ? "1000" : FSU_GROUP);
    size_str(cfg, &e->st, t);
    sk_buf_printf(&line, "%*s ", (int)f->w_size, t);
    print_time(S, &e->st, &line);
    sk_buf_putc(&line, ' ');
    sk_buf_clear(&S->tmp);
    int q = quote_name(cfg, e->name, &S->tmp);
    if (f->align_quotes && !q) sk_buf_putc(&line, ' ');
    sk_buf_put(&line, S->tmp.p ? S->tmp.p : "", S->tmp.len);
    if (e->st.type == SK_FILE_SYMLINK && e->link) {
        sk_buf_puts(&line, " -> ");
        sk_buf_clear(&S->tmp);
        quote_name(cfg, e->link, &S->tmp);
        sk_buf_put(&line, S->tmp.p ? S->tmp.p : "", S->tmp.len);
        if (e->tst_ok && cfg->indicator != I_NONE) {
            char ind = indicator_of(cfg, &e->tst);
            if (ind) sk_buf_putc(&line, ind);
        }
    } else {
        char ind = indicator_of(cfg, &e->st);
        if (ind) sk_buf_putc(&line, ind);
    }
    sk_buf_putc(&line, cfg->zero ? 0 : '\n');
    sk_out_write(&S->c->out, line.p, line.len);
    sk_buf_free(&line);
}

/* GNU's column fitting: the most columns whose widths fit the line. */
static size_t fit_columns(ls_state *S, size_t n, const size_t *w, int by_columns, size_t **arr_out)
{
    size_t line = S->cfg->width > 0 ? (size_t)S->cfg->width : (size_t)-1;
    size_t max_idx = line / 3 ? line / 3 : 1;
    size_t max_cols = max_idx < n ? max_idx : n;
    if (max_cols > 512) max_cols = 512; /* the tables grow with the square */
    if (max_cols == 0) max_cols = 1;
    /* column_info[i] has i+1 columns: col_arr of i+1 entries */
    size_t total = max_cols * (max_cols + 1) / 2;
    size_t *arr = sk_malloc(S->c->a, total * sizeof *arr);
    size_t *line_len = sk_malloc(S->c->a, max_cols * sizeof *line_len);
    char *valid = sk_malloc(S->c->a, max_cols);
    if (!arr || !line_len || !valid) {
        sk_free(S->c->a, arr);
        sk_free(S->c->a, line_len);
        sk_free(S->c->a, valid);
        *arr_out = NULL;
        return 1;
    }
    for (size_t i = 0; i < max_cols; i++) {
        size_t *ca = arr + i * (i + 1) / 2;
        for (size_t j = 0; j <= i; j++) ca[j] = 3;
        line_len[i] = (i + 1) * 3;
        valid[i] = 1;
    }
    for (size_t fi = 0; fi < n; fi++) {
        for (size_t i = 0; i < max_cols; i++) {
            if (!valid[i]) continue;
            size_t idx = by_columns ? fi / ((n + i) / (i + 1)) : fi % (i + 1);
            size_t real = w[fi] + (idx == i ? 0 : 2);
            size_t *ca = arr + i * (i + 1) / 2;
            if (ca[idx] < real) {
                line_len[i] += real - ca[idx];
                ca[idx] = real;
                valid[i] = line_len[i] < line;
            }
        }
    }
    size_t cols;
    for (cols = max_cols; cols > 1; cols--)
        if (valid[cols - 1]) break;
    size_t *res = sk_malloc(S->c->a, cols * sizeof *res);
    if (res) memcpy(res, arr + (cols - 1) * cols / 2, cols * sizeof *res);
    sk_free(S->c->a, arr);
    sk_free(S->c->a, line_len);
    sk_free(S->c->a, valid);
    *arr_out = res;
    return cols;
}

static void print_list(ls_state *S, ls_list *l)
{
    const ls_cfg *cfg = S->cfg;
    sk_out *o = &S->c->out;
    ls_fmt f;
    compute_fmt(S, l, &f);
    char eol = cfg->zero ? 0 : '\n';
    if (l->n == 0) return;
    if (cfg->format == F_LONG) {
        for (size_t i = 0; i < l->n && !cmd_out_failed(S->c); i++) print_long(S, &l->v[i], &f);
        return;
    }
    if (cfg->format == F_ONE) {
        for (size_t i = 0; i < l->n && !cmd_out_failed(S->c); i++) {
            render_short(S, &l->v[i], &f);
            sk_out_write(o, S->tmp.p, S->tmp.len);
            sk_out_putc(o, eol);
        }
        return;
    }
    size_t *w = sk_malloc(S->c->a, l->n * sizeof *w);
    if (!w) {
        S->status = fsu_error(S->c, "memory exhausted");
        return;
    }
    for (size_t i = 0; i < l->n; i++) w[i] = render_short(S, &l->v[i], &f);
    if (cfg->format == F_COMMAS) {
        size_t pos = 0, line = cfg->width > 0 ? (size_t)cfg->width : (size_t)-1;
        for (size_t i = 0; i < l->n; i++) {
            if (i) {
                sk_out_putc(o, ',');
                if (pos + w[i] + 2 < line) {
                    pos += 2;
                    sk_out_putc(o, ' ');
                } else {
                    pos = 0;
                    sk_out_putc(o, eol);
                }
            }
            render_short(S, &l->v[i], &f);
            sk_out_write(o, S->tmp.p, S->tmp.len);
            pos += w[i];
        }
        sk_out_putc(o, eol);
        sk_free(S->c->a, w);
        return;
    }
    size_t *cw;
    int by_cols = cfg->format == F_COLS;
    size_t cols = fit_columns(S, l->n, w, by_cols, &cw);
    if (!cw) {
        sk_free(S->c->a, w);
        S->status = fsu_error(S->c, "memory exhausted");
        return;
    }
    if (by_cols) {
        size_t rows = l->n / cols + (l->n % cols != 0);
        for (size_t r = 0; r < rows && !cmd_out_failed(S->c); r++) {
            size_t col = 0, fi = r, pos = 0;
            for (;;) {
                size_t maxw = cw[col++];
                render_short(S, &l->v[fi], &f);
                sk_out_write(o, S->tmp.p, S->tmp.len);
                size_t nw = w[fi];
                fi += rows;
                if (fi >= l->n) break;
                indent(o, pos + nw, pos + maxw, cfg->tabsize);
                pos += maxw;
            }
            sk_out_putc(o, eol);
        }
    } else {
        size_t pos = 0;
        render_short(S, &l->v[0], &f);
        sk_out_write(o, S->tmp.p, S->tmp.len);
        size_t nw = w[0], maxw = cw[0];
        for (size_t fi = 1; fi < l->n; fi++) {
            size_t col = fi % cols;
            if (col == 0) {
                sk_out_putc(o, eol);
                pos = 0;
            } else {
                indent(o, pos + nw, pos + maxw, cfg->tabsize);
                pos += maxw;
            }
            render_short(S, &l->v[fi], &f);
            sk_out_write(o, S->tmp.p, S->tmp.len);
            nw = w[fi];
            maxw = cw[col];
        }
        sk_out_putc(o, eol);
    }
    sk_free(S->c->a, cw);
    sk_free(S->c->a, w);
}

/* ---- directories ----------------------------------------------------------- */

static int hidden(const ls_cfg *cfg, const char *name)
{
    if (name[0] == '.' && cfg->all == 0) return 1;
    if (cfg->all == 1 && (!strcmp(name, ".") || !strcmp(name, ".."))) return 1;
    if (cfg->ignore_backups && name[0] && name[strlen(name) - 1] == '~') return 1;
    for (int i = 0; i < cfg->nignore; i++)
        if (fsu_fnmatch(cfg->ignore[i], name, FSU_FNM_PERIOD)) return 1;
    if (cfg->all == 0)
        for (int i = 0; i < cfg->nhide; i++)
            if (fsu_fnmatch(cfg->hide[i], name, FSU_FNM_PERIOD)) return 1;
    return 0;
}

/* Pending directories for -R and operands: a stack of strings. */
typedef struct ls_pdir {
    char *path;
    int cmdline;
} ls_pdir;

typedef struct ls_pending {
    ls_pdir *v;
    size_t n, cap;
} ls_pending;

static int pending_push(ls_state *S, ls_pending *p, const char *path, int cmdline)
{
    if (p->n == p->cap) {
        size_t nc = p->cap ? p->cap * 2 : 16;
        ls_pdir *v = sk_realloc(S->c->a, p->v, nc * sizeof *v);
        if (!v) return SK_NOMEM;
        p->v = v;
        p->cap = nc;
    }
    char *s = sk_strdup(S->c->a, path);
    if (!s) return SK_NOMEM;
    p->v[p->n].path = s;
    p->v[p->n++].cmdline = cmdline;
    return SK_OK;
}

static void header(ls_state *S, const char *dir)
{
    if (S->printed) sk_out_putc(&S->c->out, '\n');
    sk_buf_clear(&S->tmp);
    quote_name(S->cfg, dir, &S->tmp);
    sk_out_write(&S->c->out, S->tmp.p, S->tmp.len);
    sk_out_puts(&S->c->out, ":\n");
    S->printed = 1;
}

static void print_total(ls_state *S, ls_list *l)
{
    uint64_t tot = 0;
    for (size_t i = 0; i < l->n; i++)
        if (!l->v[i].st_rc) tot += fsu_blocks(&l->v[i].st);
    char t[32];
    blocks_str(S->cfg, tot, t);
    sk_out_printf(&S->c->out, "total %s\n", t);
}

static void list_dir(ls_state *S, const char *dir, int cmdline, ls_pending *pend)
{
    sk_cmd *c = S->c;
    const ls_cfg *cfg = S->cfg;
    char *abs = NULL;
    sk_vfs_dir d;
    memset(&d, 0, sizeof d);
    int rc = sk_vfs_resolve(c->vfs, c->cwd, dir, 1, &abs);
    if (!rc) rc = sk_vfs_list(c->vfs, "/", abs, &d);
    if (S->print_dir_name || cfg->recursive) header(S, dir);
    if (rc) {
        fsu_error(c, "cannot open directory %Q: %s", dir, sk_status_message(rc));
        S->status = cmdline ? 2 : (S->status > 1 ? S->status : 1);
        sk_free(c->a, abs);
        return;
    }
    S->printed = 1;
    sk_arena_mark mark = sk_arena_save(&S->ar);
    ls_list l = { NULL, 0, 0 };
    sk_buf pb = SK_BUF_INIT(c->a);
    int follow = cfg->deref == D_ALWAYS;
    for (int dots = 0; dots < 2 && cfg->all == 2; dots++) {
        ls_ent e;
        memset(&e, 0, sizeof e);
        e.name = dots ? ".." : ".";
        fsu_join(&pb, abs, e.name);
        e.path = sk_arena_strndup(&S->ar, pb.p, pb.len);
        if (!e.path) break;
        fill_ent(S, &e, "/", 1);
        if (list_add(S, &l, &e)) break;
    }
    for (size_t i = 0; i < d.n; i++) {
        const char *name = d.ents[i].name;
        if (hidden(cfg, name)) continue;
        ls_ent e;
        memset(&e, 0, sizeof e);
        e.name = sk_arena_strndup(&S->ar, name, d.ents[i].len);
        if (fsu_join(&pb, abs, name) || !e.name) {
            S->status = fsu_error(c, "memory exhausted");
            break;
        }
        e.path = sk_arena_strndup(&S->ar, pb.p, pb.len);
        if (!e.path) break;
        fill_ent(S, &e, "/", follow);
        if (list_add(S, &l, &e)) {
            S->status = fsu_error(c, "memory exhausted");
            break;
        }
        if ((i & 1023) == 0 && cmd_aborted(c)) break;
    }
    sort_list(S, &l);
    if (cfg->format == F_LONG || cfg->blocks) print_total(S, &l);
    print_list(S, &l);
    if (cfg->recursive) {
        /* subdirectories, pushed in reverse so they come out in order */
        for (size_t i = l.n; i-- > 0;) {
            const ls_ent *e = &l.v[i];
            if (e->st_rc || e->st.type != SK_FILE_DIR) continue;
            if (!strcmp(e->name, ".") || !strcmp(e->name, "..")) continue;
            if (fsu_join(&pb, dir, e->name) || pending_push(S, pend, pb.p, 0)) {
                S->status = fsu_error(c, "memory exhausted");
                break;
            }
        }
    }
    sk_buf_free(&pb);
    sk_free(c->a, l.v);
    sk_arena_restore(&S->ar, mark);
    sk_vfs_dir_free(&d);
    sk_free(c->a, abs);
}

/* ---- options ----------------------------------------------------------------- */

static int parse_when(const char *a)
{
    if (!a || !strcmp(a, "always") || !strcmp(a, "yes") || !strcmp(a, "force")) return 1;
    if (!strcmp(a, "never") || !strcmp(a, "no") || !strcmp(a, "none")) return 0;
    if (!strcmp(a, "auto") || !strcmp(a, "tty") || !strcmp(a, "if-tty")) return 0; /* not a tty */
    return -1;
}

static int push_pat(ls_state *S, char ***v, int *n, char *p)
{
    char **nv = sk_realloc(S->c->a, *v, (size_t)(*n + 1) * sizeof *nv);
    if (!nv) return -1;
    nv[(*n)++] = p;
    *v = nv;
    return 0;
}

/* GNU argmatch failure: the valid choices, then exit status 1.  `valid`
 * lists groups separated by '|', aliases by ','. */
static int bad_arg(sk_cmd *c, const char *opt, const char *arg, const char *valid)
{
    fsu_error(c, "invalid argument %Q for '--%s'", arg, opt);
    sk_buf b = SK_BUF_INIT(c->a);
    sk_buf_puts(&b, "Valid arguments are:\n  - '");
    for (const char *p = valid; *p; p++) {
        if (*p == '|') sk_buf_puts(&b, "'\n  - '");
        else if (*p == ',') sk_buf_puts(&b, "', '");
        else sk_buf_putc(&b, *p);
    }
    sk_buf_puts(&b, "'\n");
    sk_out_write(&c->err, b.p, b.len);
    sk_buf_free(&b);
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
    return 1;
}

static void usage(sk_cmd *c)
{
    sk_out_puts(&c->out,
                "Usage: ls [OPTION]... [FILE]...\n"
                "List information about the FILEs (the current directory by default).\n"
                "Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.\n\n"
                "  -a, --all                  do not ignore entries starting with .\n"
                "  -A, --almost-all           do not list implied . and ..\n"
                "  -d, --directory            list directories themselves, not their contents\n"
                "  -F, --classify             append indicator (one of */=>@|) to entries\n"
                "  -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.\n"
                "  -i, --inode                print the index number of each file\n"
                "  -l                         use a long listing format\n"
                "  -r, --reverse              reverse order while sorting\n"
                "  -R, --recursive            list subdirectories recursively\n"
                "  -s, --size                 print the allocated size of each file, in blocks\n"
                "  -S                         sort by file size, largest first\n"
                "  -t                         sort by time, newest first\n"
                "  -1                         list one file per line\n");
}

int cmd_ls(sk_cmd *c, int argc, char **argv)
{
    enum {
        O_QSTYLE = 256, O_GDF, O_FULLTIME, O_TSTYLE, O_SI, O_HIDE, O_INDSTYLE, O_FILETYPE,
        O_FORMAT, O_SORT, O_TIME, O_COLOR, O_HELP, O_VERSION, O_ZERO, O_BLOCKSIZE, O_SHOWCTL,
        O_DEREF_DIR, O_CLASSIFY, O_AUTHOR,
    };
    static const cmd_longopt longs[] = {
        { "all", 0, 'a' }, { "almost-all", 0, 'A' }, { "escape", 0, 'b' },
        { "ignore-backups", 0, 'B' }, { "directory", 0, 'd' }, { "classify", 2, O_CLASSIFY },
        { "file-type", 0, O_FILETYPE }, { "format", 1, O_FORMAT }, { "full-time", 0, O_FULLTIME },
        { "no-group", 0, 'G' }, { "human-readable", 0, 'h' }, { "si", 0, O_SI },
        { "dereference-command-line", 0, 'H' },
        { "dereference-command-line-symlink-to-dir", 0, O_DEREF_DIR }, { "hide", 1, O_HIDE },
        { "indicator-style", 1, O_INDSTYLE }, { "inode", 0, 'i' }, { "ignore", 1, 'I' },
        { "kibibytes", 0, 'k' }, { "dereference", 0, 'L' }, { "numeric-uid-gid", 0, 'n' },
        { "literal", 0, 'N' }, { "hide-control-chars", 0, 'q' }, { "show-control-chars", 0, O_SHOWCTL },
        { "quote-name", 0, 'Q' }, { "quoting-style", 1, O_QSTYLE }, { "reverse", 0, 'r' },
        { "recursive", 0, 'R' }, { "size", 0, 's' }, { "sort", 1, O_SORT }, { "time", 1, O_TIME },
        { "time-style", 1, O_TSTYLE }, { "tabsize", 1, 'T' }, { "width", 1, 'w' },
        { "context", 0, 'Z' }, { "zero", 0, O_ZERO }, { "color", 2, O_COLOR },
        { "colour", 2, O_COLOR }, { "group-directories-first", 0, O_GDF },
        { "block-size", 1, O_BLOCKSIZE }, { "author", 0, O_AUTHOR }, { "help", 0, O_HELP },
        { "version", 0, O_VERSION }, { NULL, 0, 0 },
    };
    ls_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.format = F_ONE;
    cfg.deref = -1;
    cfg.width = 80;
    cfg.tabsize = 8;
    cfg.now = cmd_now_ns(c);
    ls_state S;
    memset(&S, 0, sizeof S);
    S.c = c;
    S.cfg = &cfg;
    sk_arena_init(&S.ar, c->a, 16384);
    sk_buf_init(&S.tmp, c->a);
    for (char *const *e = c->envp; e && *e; e++)
        if (!strncmp(*e, "COLUMNS=", 8) && atoi(*e + 8) > 0) cfg.width = atoi(*e + 8);
    int status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "aAbBcCdfFgGhHiI:klLmnNopqQrRsStT:uUvw:xXZ1", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': cfg.all = 2; break;
        case 'A': cfg.all = 1; break;
        case 'b': cfg.quoting = Q_ESCAPE; break;
        case 'B': cfg.ignore_backups = 1; break;
        case 'c': case 'u': break; /* one timestamp: mtime */
        case 'C': cfg.format = F_COLS; break;
        case 'd': cfg.dir_only = 1; break;
        case 'f': cfg.sort = S_NONE; cfg.all = 2; break;
        case 'F': cfg.indicator = I_CLASSIFY; break;
        case 'g': cfg.no_owner = 1; cfg.format = F_LONG; break;
        case 'G': cfg.no_group = 1; break;
        case 'h': cfg.human = 1024; break;
        case 'H': cfg.deref = D_CMDLINE; break;
        case 'i': cfg.inode = 1; break;
        case 'I': if (push_pat(&S, &cfg.ignore, &cfg.nignore, o.arg)) status = 2; break;
        case 'k': cfg.block_size = 1024; break;
        case 'l': cfg.format = F_LONG; break;
        case 'L': cfg.deref = D_ALWAYS; break;
        case 'm': cfg.format = F_COMMAS; break;
        case 'n': cfg.numeric = 1; cfg.format = F_LONG; break;
        case 'N': cfg.quoting = Q_LITERAL; break;
        case 'o': cfg.no_group = 1; cfg.format = F_LONG; break;
        case 'p': cfg.indicator = I_SLASH; break;
        case 'q': cfg.hide_ctl = 1; break;
        case 'Q': cfg.quoting = Q_C; break;
        case 'r': cfg.reverse = 1; break;
        case 'R': cfg.recursive = 1; break;
        case 's': cfg.blocks = 1; break;
        case 'S': cfg.sort = S_SIZE; break;
        case 't': cfg.sort = S_TIME; break;
        case 'T': cfg.tabsize = atoi(o.arg); break;
        case 'U': cfg.sort = S_NONE; break;
        case 'v': cfg.sort = S_VERSION; break;
        case 'w': {
            char *end;
            long v = strtol(o.arg, &end, 10);
            if (*end || v < 0) {
                fsu_error(c, "invalid line width: %Q", o.arg);
                status = 2;
            } else {
                cfg.width = (int)v;
            }
            break;
        }
        case 'x': cfg.format = F_ACROSS; break;
        case 'X': cfg.sort = S_EXT; break;
        case 'Z': break;
        case '1': if (cfg.format != F_LONG) cfg.format = F_ONE; break; /* no effect after -l */
        case O_QSTYLE: {
            static const char *const names[] = { "literal", "shell", "shell-always", "shell-escape",
                                                 "shell-escape-always", "c", "escape" };
            int found = -1;
            for (int i = 0; i < 7; i++)
                if (!strcmp(o.arg, names[i])) found = i;
            if (!strcmp(o.arg, "c-maybe") || !strcmp(o.arg, "locale") || !strcmp(o.arg, "clocale"))
                found = Q_C;
            if (found < 0) {
                status = bad_arg(c, "quoting-style", o.arg, "literal|shell|shell-always|shell-escape|"
                                 "shell-escape-always|c|c-maybe|escape|locale|clocale");
            } else {
                cfg.quoting = found;
            }
            break;
        }
        case O_GDF: cfg.group_dirs = 1; break;
        case O_FULLTIME: cfg.format = F_LONG; cfg.time_style = T_FULL_ISO; break;
        case O_TSTYLE: {
            const char *a = o.arg;
            if (!strncmp(a, "posix-", 6)) a += 6;
            if (!strcmp(a, "full-iso")) cfg.time_style = T_FULL_ISO;
            else if (!strcmp(a, "long-iso")) cfg.time_style = T_LONG_ISO;
            else if (!strcmp(a, "iso")) cfg.time_style = T_ISO;
            else if (!strcmp(a, "locale")) cfg.time_style = T_LOCALE;
            else if (a[0] == '+') {
                cfg.time_style = T_CUSTOM;
                char *nl = strchr(a + 1, '\n');
                if (nl) {
                    *nl = 0;
                    cfg.time_fmt_old = a + 1;
                    cfg.time_fmt_recent = nl + 1;
                } else {
                    cfg.time_fmt_old = cfg.time_fmt_recent = a + 1;
                }
            } else {
                fsu_error(c, "invalid argument %Q for 'time style'", a);
                status = 2;
            }
            break;
        }
        case O_SI: cfg.human = 1000; break;
        case O_HIDE: if (push_pat(&S, &cfg.hide, &cfg.nhide, o.arg)) status = 2; break;
        case O_INDSTYLE:
            if (!strcmp(o.arg, "none")) cfg.indicator = I_NONE;
            else if (!strcmp(o.arg, "slash")) cfg.indicator = I_SLASH;
            else if (!strcmp(o.arg, "file-type")) cfg.indicator = I_FILETYPE;
            else if (!strcmp(o.arg, "classify")) cfg.indicator = I_CLASSIFY;
            else status = bad_arg(c, "indicator-style", o.arg, "none|slash|file-type|classify");
            break;
        case O_CLASSIFY: {
            int w = parse_when(o.arg);
            if (w < 0) {
                status = bad_arg(c, "classify", o.arg, "always,yes,force|never,no,none|auto,tty,if-tty");
            } else if (w) {
                cfg.indicator = I_CLASSIFY;
            }
            break;
        }
        case O_FILETYPE: cfg.indicator = I_FILETYPE; break;
        case O_FORMAT:
            if (!strcmp(o.arg, "long") || !strcmp(o.arg, "verbose")) cfg.format = F_LONG;
            else if (!strcmp(o.arg, "single-column")) cfg.format = F_ONE;
            else if (!strcmp(o.arg, "vertical")) cfg.format = F_COLS;
            else if (!strcmp(o.arg, "across") || !strcmp(o.arg, "horizontal")) cfg.format = F_ACROSS;
            else if (!strcmp(o.arg, "commas")) cfg.format = F_COMMAS;
            else status = bad_arg(c, "format", o.arg, "verbose,long|commas|horizontal,across|vertical|single-column");
           
            break;
        case O_SORT:
            if (!strcmp(o.arg, "none")) cfg.sort = S_NONE;
            else if (!strcmp(o.arg, "time")) cfg.sort = S_TIME;
            else if (!strcmp(o.arg, "size")) cfg.sort = S_SIZE;
            else if (!strcmp(o.arg, "extension")) cfg.sort = S_EXT;
            else if (!strcmp(o.arg, "version")) cfg.sort = S_VERSION;
            else if (!strcmp(o.arg, "width")) cfg.sort = S_WIDTH;
            else status = bad_arg(c, "sort", o.arg, "none|time|size|extension|version|width");
            break;
        case O_TIME: {
            static const char *const ok[] = { "atime", "access", "use", "ctime", "status", "birth", "creation",
                                              "mtime", "modification", NULL };
            int found = 0;
            for (int i = 0; ok[i]; i++)
                if (!strcmp(o.arg, ok[i])) found = 1;
            if (!found) status = bad_arg(c, "time", o.arg, "atime,access,use|ctime,status|birth,creation");
            break;
        }
        case O_COLOR:
            if (o.arg && parse_when(o.arg) < 0)
                status = bad_arg(c, "color", o.arg, "always,yes,force|never,no,none|auto,tty,if-tty");
            break;
        case O_ZERO: cfg.zero = 1; break;
        case O_SHOWCTL: cfg.hide_ctl = 0; break;
        case O_DEREF_DIR: cfg.deref = D_CMDLINE_DIR; break;
        case O_AUTHOR: break;
        case O_BLOCKSIZE: {
            long long v;
            const char *a = o.arg;
            char one[64];
            snprintf(one, sizeof one, "1%s", a);
            if (a[0] < '0' || a[0] > '9') a = one;
            if (sk_parse_size(a, &v) || v <= 0) {
                fsu_error(c, "invalid --block-size argument %Q", a);
                status = 2;
                break;
            }
            cfg.block_size = (uint64_t)v;
            break;
        }
        case O_HELP:
            usage(c);
            cmd_opts_free(&o, c);
            goto done;
        case O_VERSION:
            sk_out_printf(&c->out, "ls %s (sandkiste)\n", SK_VERSION);
            cmd_opts_free(&o, c);
            goto done;
        default:
            cmd_opts_error(&o, c, ch);
            status = 2; /* ls: usage errors exit 2 */
            cmd_opts_free(&o, c);
            goto done;
        }
        if (status) {
            cmd_opts_free(&o, c);
            goto done;
        }
    }
    if (cfg.width == 0) cfg.tabsize = 0; /* no line limit: GNU pads with spaces */
    if (cfg.deref < 0)
        cfg.deref = (cfg.dir_only || cfg.indicator == I_CLASSIFY || cfg.format == F_LONG) ? D_NEVER
                                                                                         : D_CMDLINE_DIR;
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    static char *const dot[] = { "." };
    if (nops == 0) {
        ops = (char **)dot;
        nops = 1;
    }
    /* gather the operands */
    ls_list files = { NULL, 0, 0 }, dirs = { NULL, 0, 0 };
    for (int i = 0; i < nops; i++) {
        ls_ent e;
        memset(&e, 0, sizeof e);
        e.name = ops[i];
        e.path = ops[i];
        e.cmdline = 1;
        int follow = cfg.deref == D_ALWAYS || cfg.deref == D_CMDLINE;
        fill_ent(&S, &e, c->cwd, follow);
        if (e.st_rc) {
            fsu_error(c, "cannot access %Q: %s", ops[i], sk_status_message(e.st_rc));
            S.status = 2;
            continue;
        }
        int is_dir = e.st.type == SK_FILE_DIR ||
                     (cfg.deref == D_CMDLINE_DIR && e.st.type == SK_FILE_SYMLINK && e.tst_ok &&
                      e.tst.type == SK_FILE_DIR);
        if (is_dir && !cfg.dir_only) {
            if (list_add(&S, &dirs, &e)) S.status = fsu_error(c, "memory exhausted");
        } else if (list_add(&S, &files, &e)) {
            S.status = fsu_error(c, "memory exhausted");
        }
    }
    sort_list(&S, &files);
    sort_list(&S, &dirs);
    if (files.n) {
        print_list(&S, &files);
        S.printed = 1;
    }
    S.print_dir_name = !(files.n == 0 && nops <= 1 && dirs.n == 1);
    ls_pending pend = { NULL, 0, 0 };
    for (size_t i = dirs.n; i-- > 0;)
        if (pending_push(&S, &pend, dirs.v[i].path, 1)) S.status = fsu_error(c, "memory exhausted");
    while (pend.n && !cmd_out_failed(c) && !cmd_aborted(c)) {
        ls_pdir d = pend.v[--pend.n];
        list_dir(&S, d.path, d.cmdline, &pend);
        sk_free(c->a, d.path);
    }
    while (pend.n) sk_free(c->a, pend.v[--pend.n].path);
    sk_free(c->a, pend.v);
    sk_free(c->a, files.v);
    sk_free(c->a, dirs.v);
    status = S.status;
    cmd_opts_free(&o, c);
done:
    sk_free(c->a, cfg.ignore);
    sk_free(c->a, cfg.hide);
    sk_buf_free(&S.tmp);
    sk_arena_free(&S.ar);
    return status;
}
