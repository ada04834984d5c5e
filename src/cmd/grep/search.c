/* search.c — the line searcher behind grep and rg (see search.h).
 * Streams: one line at a time through sk_in, so `yes | grep y | head -1`
 * ends at once; only the -B context lines are kept.  Directory trees are
 * walked with an explicit stack in sorted order, never by recursion. */
#include <stdio.h>
#include <string.h>

#include "fs/vfs.h"
#include "search.h"

typedef struct ctxline {
    sk_buf text;
    long long lineno;
    uint64_t off;
} ctxline;

typedef struct fstate {
    gsearch *g;
    const char *name;
    long long lineno;
    uint64_t off;
    long long last_printed;   /* last line number output for this file, 0 none */
    long long pending_after;  /* context lines still to print after a match */
    long long nsel;
    ctxline *ring;            /* the last `before` unselected lines */
    size_t ring_cap, ring_len, ring_head;
    int binary;
} fstate;

void gs_path_error(gsearch *g, const char *path, int status)
{
    g->error = 1;
    if (g->suppress) return;
    if (g->rg) {
        int code = status == SK_ENOENT ? 2 : status == SK_EACCES ? 13 : status == SK_ENOTDIR ? 20 :
                   status == SK_EISDIR ? 21 : status == SK_ELOOP ? 40 : 5;
        cmd_error(g->c, "%s: %s (os error %d)", path, sk_status_message(status), code);
    } else {
        cmd_error(g->c, "%s: %s", path, sk_status_message(status));
    }
}

static int out(gsearch *g, const void *p, size_t n)
{
    if (sk_out_write(&g->c->out, p, n)) {
        g->stop = 1;
        return -1;
    }
    return 0;
}

static int outs(gsearch *g, const char *s) { return out(g, s, strlen(s)); }

static int out_prefix(gsearch *g, fstate *fs, long long lineno, uint64_t off, char sep)
{
    char num[32];
    int any = 0;
    if (g->with_name == 1) {
        if (outs(g, fs->name)) return -1;
        if (out(g, g->null_name ? "\0" : &sep, 1)) return -1;
        any = 1;
    }
    if (g->lineno) {
        /* GNU pads numbers to 19 columns with -T */
        int n = snprintf(num, sizeof num, g->tab ? "%19lld%c" : "%lld%c", lineno, sep);
        if (out(g, num, (size_t)n)) return -1;
        any = 1;
    }
    if (g->boffset) {
        int n = snprintf(num, sizeof num, g->tab ? "%19llu%c" : "%llu%c", (unsigned long long)off, sep);
        if (out(g, num, (size_t)n)) return -1;
        any = 1;
    }
    if (g->tab && any && out(g, "\t", 1)) return -1;
    return 0;
}

/* A group separator when this line does not continue the last output. */
static int maybe_sep(gsearch *g, fstate *fs, long long lineno)
{
    if (g->sep && g->ctx_given && g->printed &&
        (fs->last_printed == 0 || lineno > fs->last_printed + 1)) {
        if (outs(g, g->sep) || out(g, "\n", 1)) return -1;
    }
    return 0;
}

static int out_line(gsearch *g, fstate *fs, const char *text, size_t len, long long lineno,
                    uint64_t off, char sep)
{
    if (maybe_sep(g, fs, lineno)) return -1;
    if (out_prefix(g, fs, lineno, off, sep)) return -1;
    if (out(g, text, len)) return -1;
    char e = (char)g->eol;
    if (out(g, &e, 1)) return -1;
    fs->last_printed = lineno;
    g->printed = 1;
    return 0;
}

static int regex_failed(gsearch *g, int r)
{
    cmd_error(g->c, "%s", rx_strerror(r));
    g->fatal = 1;
    g->stop = 1;
    return -1;
}

/* rg -r: expand $N, ${N}, ${name}, $name and $$ for one match. */
static int put_replacement(gsearch *g, sk_buf *b, const char *line, const size_t *ov, int nov)
{
    const char *r = g->replace;
    while (*r) {
        if (*r != '$') {
            if (sk_buf_putc(b, *r++)) return -1;
            continue;
        }
        r++;
        if (*r == '$') {
            if (sk_buf_putc(b, '$')) return -1;
            r++;
            continue;
        }
        char name[64];
        size_t n = 0;
        if (*r == '{') {
            const char *e = strchr(r, '}');
            if (!e) {
                if (sk_buf_putc(b, '$')) return -1;
                continue;
            }
            n = (size_t)(e - r - 1) < sizeof name - 1 ? (size_t)(e - r - 1) : sizeof name - 1;
            memcpy(name, r + 1, n);
            r = e + 1;
        } else {
            while ((*r >= '0' && *r <= '9') || (*r >= 'a' && *r <= 'z') || (*r >= 'A' && *r <= 'Z') || *r == '_') {
                if (n < sizeof name - 1) name[n++] = *r;
                r++;
            }
            if (n == 0) {
                if (sk_buf_putc(b, '$')) return -1;
                continue;
            }
        }
        name[n] = 0;
        int k = -1;
        if (name[0] >= '0' && name[0] <= '9') {
            k = 0;
            for (size_t i = 0; i < n && name[i] >= '0' && name[i] <= '9'; i++) k = k * 10 + (name[i] - '0');
        } else {
            k = rx_group_index(g->re, name);
        }
        if (k >= 0 && k < nov && ov[2 * k] != RX_UNSET)
            if (sk_buf_put(b, line + ov[2 * k], ov[2 * k + 1] - ov[2 * k])) return -1;
    }
    return 0;
}

/* -o and rg -r: print the matching parts (or the line with replacements). */
static int out_matches(gsearch *g, fstate *fs, const char *line, size_t len, long long lineno,
                       uint64_t off)
{
    size_t ov[20];
    size_t pos = 0, copied = 0;
    unsigned flags = 0;
    sk_buf rep = SK_BUF_INIT(g->c->a);
    int rc = 0;
    while (pos <= len) {
        int r = rx_exec(g->re, line, len, pos, flags, ov, 10);
        if (r < 0) {
            rc = regex_failed(g, r);
            break;
        }
        if (r == RX_NOMATCH) break;
        size_t so = ov[0], eo = ov[1];
        if (eo == so) {
            /* empty matches print nothing; try again one character on */
            if (g->replace && !g->only) {
                if (sk_buf_put(&rep, line + copied, so - copied) || put_replacement(g, &rep, line, ov, 10)) { rc = -1; break; }
                copied = so;
            }
            pos = rx_next_char(g->re, line, len, so);
            flags = 0;
            continue;
        }
        if (g->only) {
            if (maybe_sep(g, fs, lineno) || out_prefix(g, fs, lineno, off + so, ':')) { rc = -1; break; }
            if (g->replace) {
                sk_buf_clear(&rep);
                if (put_replacement(g, &rep, line, ov, 10) || out(g, rep.p ? rep.p : "", rep.len)) { rc = -1; break; }
            } else if (out(g, line + so, eo - so)) {
                rc = -1;
                break;
            }
            char e = (char)g->eol;
            if (out(g, &e, 1)) { rc = -1; break; }
            fs->last_printed = lineno;
            g->printed = 1;
        } else {
            if (sk_buf_put(&rep, line + copied, so - copied) || put_replacement(g, &rep, line, ov, 10)) { rc = -1; break; }
            copied = eo;
        }
        pos = eo;
        flags = RX_NOTEMPTY_ATSTART;
    }
    if (rc == 0 && g->replace && !g->only) {
        if (sk_buf_put(&rep, line + copied, len - copied)) rc = -1;
        else rc = out_line(g, fs, rep.p ? rep.p : "", rep.len, lineno, off, ':');
    }
    sk_buf_free(&rep);
    return rc;
}

static int ring_push(fstate *fs, const char *text, size_t len, long long lineno, uint64_t off)
{
    gsearch *g = fs->g;
    if (g->before <= 0) return 0;
    if (fs->ring_len < fs->ring_cap || (long long)fs->ring_cap >= g->before) {
        size_t idx;
        if (fs->ring_len < fs->ring_cap && (long long)fs->ring_len < g->before) {
            idx = (fs->ring_head + fs->ring_len) % fs->ring_cap;
            fs->ring_len++;
        } else {
            idx = fs->ring_head;
            fs->ring_head = (fs->ring_head + 1) % fs->ring_cap;
        }
        ctxline *e = &fs->ring[idx];
        sk_buf_clear(&e->text);
        if (sk_buf_put(&e->text, text, len)) return -1;
        e->lineno = lineno;
        e->off = off;
        return 0;
    }
    /* grow (only while the ring is full and smaller than -B) */
    size_t ncap = fs->ring_cap ? fs->ring_cap * 2 : 4;
    if ((long long)ncap > g->before) ncap = (size_t)g->before;
    ctxline *n = sk_malloc(g->c->a, ncap * sizeof *n);
    if (!n) return -1;
    for (size_t i = 0; i < fs->ring_len; i++) n[i] = fs->ring[(fs->ring_head + i) % fs->ring_cap];
    for (size_t i = fs->ring_len; i < ncap; i++) sk_buf_init(&n[i].text, g->c->a);
    sk_free(g->c->a, fs->ring);
    fs->ring = n;
    fs->ring_cap = ncap;
    fs->ring_head = 0;
    return ring_push(fs, text, len, lineno, off);
}

static int flush_before(gsearch *g, fstate *fs)
{
    for (size_t i = 0; i < fs->ring_len; i++) {
        ctxline *e = &fs->ring[(fs->ring_head + i) % fs->ring_cap];
        if (e->lineno <= fs->last_printed) continue;
        if (out_line(g, fs, e->text.p ? e->text.p : "", e->text.len, e->lineno, e->off, '-')) return -1;
    }
    fs->ring_len = 0;
    fs->ring_head = 0;
    return 0;
}

static int has_encoding_error(const char *s, size_t n)
{
    return !rx_valid_utf8(s, n);
}

static int binary_notice(gsearch *g, fstate *fs)
{
    char msg[64];
    (void)msg;
    if (g->rg) return 0;
    /* grep 3.4 and earlier print this on stdout (newer versions print
     * "grep: NAME: binary file matches" on stderr); the bashkit corpus
     * expects the stdout form */
    return outs(g, "Binary file ") || outs(g, fs->name) || outs(g, " matches\n") ? -1 : 0;
}

int gs_file(gsearch *g, sk_in *in, const char *name)
{
    sk_cmd *c = g->c;
    fstate fs;
    memset(&fs, 0, sizeof fs);
    fs.g = g;
    fs.name = name;
    if (g->max_count == 0) return 0;
    sk_buf line = SK_BUF_INIT(c->a);
    int first = 1, done = 0;
    int line_output = !(g->count || g->list || g->quiet);
    while (!done && !g->stop) {
        int r = sk_in_getline(in, &line, g->eol);
        if (r == 0) break;
        if (r < 0) {
            if (r == SK_IO_ABORT) g->stop = 1;
            else if (r == SK_IO_ERR) { cmd_error(c, "%s: memory exhausted", name); g->fatal = 1; g->stop = 1; }
            else gs_path_error(g, name, SK_EIO);
            break;
        }
        if (first) {
            first = 0;
            if (g->eol == '\n' && memchr(in->buf, 0, in->len)) fs.binary = 1;
            if (fs.binary && (g->binmode == GS_BIN_SKIP || g->rg)) break;
        }
        if ((fs.lineno & 1023) == 1023 && cmd_aborted(c)) { g->stop = 1; break; }
        fs.lineno++;
        uint64_t off = fs.off;
        fs.off += line.len;
        size_t len = line.len;
        if (len && (unsigned char)line.p[len - 1] == (unsigned char)g->eol) len--;
        const char *text = line.p;
        int matched;
        int limit_reached = g->max_count > 0 && fs.nsel >= g->max_count;
        if (limit_reached) {
            /* only trailing context after the last allowed match */
            if (fs.pending_after <= 0) break;
            if (out_line(g, &fs, text, len, fs.lineno, off, '-')) break;
            fs.pending_after--;
            continue;
        }
        int mr = rx_exec(g->re, text, len, 0, RX_ANY, NULL, 0);
        if (mr < 0) {
            regex_failed(g, mr);
            break;
        }
        matched = (mr == RX_MATCH) != (g->invert != 0);
        if (!matched) {
            if (!line_output) continue;
            if (fs.pending_after > 0) {
                if (out_line(g, &fs, text, len, fs.lineno, off, '-')) break;
                fs.pending_after--;
            } else if (ring_push(&fs, text, len, fs.lineno, off)) {
                cmd_error(c, "memory exhausted");
                g->fatal = 1;
                g->stop = 1;
            }
            continue;
        }
        fs.nsel++;
        g->selected = 1;
        if (g->quiet) {
            g->stop = 1;
            break;
        }
        if (g->list) break;
        if (g->count) continue;
        /* a line that is not text ends the output for this file: GNU
         * prints the notice instead (with -I, nothing) */
        if (g->binmode != GS_BIN_TEXT &&
            (fs.binary || memchr(text, 0, len) || has_encoding_error(text, len))) {
            if (g->binmode == GS_BIN_BINARY) binary_notice(g, &fs);
            done = 1;
            break;
        }
        if (flush_before(g, &fs)) break;
        if (g->only || g->replace) {
            if (!g->invert && out_matches(g, &fs, text, len, fs.lineno, off)) break;
        } else if (out_line(g, &fs, text, len, fs.lineno, off, ':')) {
            break;
        }
        fs.pending_after = g->after;
    }
    sk_buf_free(&line);
    for (size_t i = 0; i < fs.ring_cap; i++) sk_buf_free(&fs.ring[i].text);
    sk_free(c->a, fs.ring);
    if (g->fatal) return 0;
    if (g->count && !g->quiet && !(g->stop && cmd_out_failed(c))) {
        char num[32];
        if (g->with_name == 1) {
            outs(g, name);
            out(g, g->null_name ? "\0" : ":", 1);
        }
        int n = snprintf(num, sizeof num, "%lld\n", fs.nsel);
        out(g, num, (size_t)n);
    }
    if ((g->list == 'l' && fs.nsel > 0) || (g->list == 'L' && fs.nsel == 0)) {
        if (!g->quiet) {
            outs(g, name);
            out(g, g->null_name ? "\0" : "\n", 1);
        }
        if (g->list == 'L') g->listed = 1;
    }
    return 0;
}

/* ---- operands and directory walks ------------------------------------------- */

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* grep --include/--exclude: the last matching option decides; with none
 * matching, a file is included unless the first such option is --include.
 * Command-line names match on any suffix that starts after a '/'. */
static int file_included(gsearch *g, const char *name, int cmdline)
{
    int decided = -1, first = 0;
    for (size_t i = 0; i < g->nfilters; i++) {
        gs_filter *f = &g->filters[i];
        if (f->kind != 'i' && f->kind != 'e') continue;
        if (!first) first = f->kind;
        int hit = 0;
        if (cmdline) {
            for (const char *p = name; p && !hit; p = strchr(p, '/')) {
                while (*p == '/') p++;
                hit = gs_glob_match(f->glob, p, 0);
            }
        } else {
            hit = gs_glob_match(f->glob, name, 0);
        }
        if (hit) decided = f->kind == 'i';
    }
    if (decided < 0) decided = first != 'i';
    return decided;
}

static int dir_excluded(gsearch *g, const char *name, int cmdline)
{
    for (size_t i = 0; i < g->nfilters; i++) {
        gs_filter *f = &g->filters[i];
        if (f->kind != 'd') continue;
        if (cmdline) {
            for (const char *p = name; p; p = strchr(p, '/')) {
                while (*p == '/') p++;
                if (*p && gs_glob_match(f->glob, p, 0)) return 1;
            }
        } else if (gs_glob_match(f->glob, name, 0)) {
            return 1;
        }
    }
    return 0;
}

/* rg -g: globs with '/' match the path below the search root, others the
 * base name; the last matching glob decides; with only "!" globs anything
 * else is included. */
static int rg_included(gsearch *g, const char *rel, int is_dir)
{
    int decided = -1, any_positive = 0;
    for (size_t i = 0; i < g->nfilters; i++) {
        gs_filter *f = &g->filters[i];
        if (f->kind != 'g') continue;
        if (!f->negate) any_positive = 1;
        const char *subject = strchr(f->glob, '/') ? rel : base_name(rel);
        const char *glob = f->glob[0] == '/' ? f->glob + 1 : f->glob;
        if (gs_glob_match(glob, subject, GS_GLOB_PATH)) decided = !f->negate;
    }
    if (is_dir) return decided != 0;
    if (decided < 0) decided = !any_positive;
    return decided;
}

static void search_path(gsearch *g, const char *path, const char *display)
{
    if (g->files_only) {
        outs(g, display);
        out(g, g->null_name ? "\0" : "\n", 1);
        g->selected = 1;
        return;
    }
    sk_in in;
    int st = cmd_open_input(g->c, path, &in);
    if (st) {
        gs_path_error(g, display, st);
        return;
    }
    gs_file(g, &in, display);
    cmd_close_input(g->c, &in);
}

typedef struct witem {
    char *path, *disp;
    size_t rel;        /* offset in disp of the part below the search root */
    int root;
    size_t depth;
} witem;

static char *join(sk_alloc *a, const char *dir, const char *name)
{
    size_t dl = strlen(dir), nl = strlen(name);
    if (dl == 0) return sk_strdup(a, name);
    int slash = dir[dl - 1] != '/';
    char *p = sk_malloc(a, dl + (size_t)slash + nl + 1);
    if (!p) return NULL;
    memcpy(p, dir, dl);
    if (slash) p[dl] = '/';
    memcpy(p + dl + (size_t)slash, name, nl + 1);
    return p;
}

/* Depth-first, each directory's entries in sorted order: pop an item; a
 * file is searched, a directory is listed and its entries pushed in
 * reverse so the first comes out next. */
static void walk(gsearch *g, const char *root, const char *root_disp)
{
    sk_cmd *c = g->c;
    sk_alloc *a = c->a;
    witem *stack = sk_malloc(a, 16 * sizeof *stack);
    size_t n = 0, cap = 16;
    /* inodes of the directories from the root to the current one: with -R a
     * link back to one of them is a loop (GNU: "recursive directory loop") */
    uint64_t *chain = NULL;
    size_t chain_cap = 0;
    gs_ignore *ig = NULL;
    if (g->with_name < 0) g->with_name = 1;
    if (!stack) goto nomem;
    if (g->rg && !g->no_ignore && gs_ignore_new(&ig, c, root)) goto nomem;
    stack[0].path = sk_strdup(a, root);
    stack[0].disp = sk_strdup(a, root_disp);
    stack[0].rel = strlen(root_disp);
    stack[0].root = 1;
    stack[0].depth = 0;
    n = 1;
    if (!stack[0].path || !stack[0].disp) goto nomem;
    while (n > 0 && !g->stop) {
        witem it = stack[--n];
        const char *rel = it.disp + it.rel;
        while (*rel == '/') rel++;
        if (!it.root) {
            const char *bn = base_name(it.disp);
            if (ig) gs_ignore_leave(ig, it.depth);
            sk_stat lst, tst;
            int is_dir = 0, is_file = 0;
            if (sk_vfs_lstat(c->vfs, c->cwd, it.path, &lst) == 0) {
                if (lst.type == SK_FILE_SYMLINK) {
                    if (g->recursive == 2 && sk_vfs_stat(c->vfs, c->cwd, it.path, &tst) == 0) {
                        is_dir = tst.type == SK_FILE_DIR;
                        is_file = tst.type == SK_FILE_REGULAR;
                    }
                } else {
                    is_dir = lst.type == SK_FILE_DIR;
                    is_file = lst.type == SK_FILE_REGULAR;
                }
            }
            if (ig && (is_file || is_dir) && gs_ignore_match(ig, rel, is_dir)) is_file = is_dir = 0;
            if (is_file && (g->rg ? rg_included(g, rel, 0) : file_included(g, bn, 0)))
                search_path(g, it.path, it.disp);
            if (!is_dir || (g->rg ? !rg_included(g, rel, 1) : dir_excluded(g, bn, 0))) {
                sk_free(a, it.path);
                sk_free(a, it.disp);
                continue;
            }
        }
        if (g->recursive == 2) {
            sk_stat dst;
            uint64_t ino = sk_vfs_stat(c->vfs, c->cwd, it.path, &dst) == 0 ? dst.ino : 0;
            int loop = 0;
            for (size_t k = 0; ino && k < it.depth && k < chain_cap; k++)
                if (chain[k] == ino) loop = 1;
            if (loop) {
                if (!g->suppress) cmd_error(c, "%s: warning: recursive directory loop", it.disp);
                sk_free(a, it.path);
                sk_free(a, it.disp);
                continue;
            }
            if (it.depth >= chain_cap) {
                size_t nc = it.depth + 16;
                uint64_t *nch = sk_realloc(a, chain, nc * sizeof *nch);
                if (!nch) {
                    sk_free(a, it.path);
                    sk_free(a, it.disp);
                    goto nomem;
                }
                chain = nch;
                chain_cap = nc;
            }
            chain[it.depth] = ino;
        }
        if (ig && gs_ignore_enter(ig, it.depth, it.path, rel)) {
            sk_free(a, it.path);
            sk_free(a, it.disp);
            goto nomem;
        }
        sk_vfs_dir dir;
        int st = sk_vfs_list(c->vfs, c->cwd, it.path, &dir);
        if (st) {
            gs_path_error(g, it.disp[0] ? it.disp : ".", st);
        } else {
            for (size_t k = dir.n; k-- > 0;) {
                const sk_vfs_dirent *e = &dir.ents[k];
                if (g->rg && !g->hidden && e->name[0] == '.') continue;
                if (n == cap) {
                    witem *ns = sk_realloc(a, stack, cap * 2 * sizeof *ns);
                    if (!ns) {
                        sk_vfs_dir_free(&dir);
                        sk_free(a, it.path);
                        sk_free(a, it.disp);
                        goto nomem;
                    }
                    stack = ns;
                    cap *= 2;
                }
                stack[n].path = join(a, it.path, e->name);
                stack[n].disp = join(a, it.disp, e->name);
                stack[n].rel = it.rel;
                stack[n].root = 0;
                stack[n].depth = it.depth + 1;
                n++;
                if (!stack[n - 1].path || !stack[n - 1].disp) {
                    sk_vfs_dir_free(&dir);
                    sk_free(a, it.path);
                    sk_free(a, it.disp);
                    goto nomem;
                }
            }
            sk_vfs_dir_free(&dir);
        }
        sk_free(a, it.path);
        sk_free(a, it.disp);
    }
    goto done;
nomem:
    cmd_error(c, "memory exhausted");
    g->fatal = 1;
    g->stop = 1;
done:
    for (size_t k = 0; k < n; k++) {
        sk_free(a, stack[k].path);
        sk_free(a, stack[k].disp);
    }
    sk_free(a, stack);
    sk_free(a, chain);
    gs_ignore_free(ig);
}

void gs_operand(gsearch *g, const char *path, const char *display)
{
    sk_cmd *c = g->c;
    if (!strcmp(path, "-")) {
        sk_in in;
        if (cmd_open_input(c, "-", &in)) {
            cmd_error(c, "memory exhausted");
            g->fatal = 1;
            return;
        }
        const char *name = g->label ? g->label : "(standard input)";
        if (g->stdin_name_l && g->list == 'l' && !g->label) name = "(stdin)";
        gs_file(g, &in, name);
        cmd_close_input(c, &in);
        return;
    }
    sk_stat st;
    int r = sk_vfs_stat(c->vfs, c->cwd, path, &st);
    if (r) {
        gs_path_error(g, display, r);
        return;
    }
    if (st.type == SK_FILE_DIR) {
        if (g->recursive) {
            if (!g->rg && dir_excluded(g, path, 1)) return;
            walk(g, path, display);
            return;
        }
        if (g->skip_dirs) return;
        gs_path_error(g, display, SK_EISDIR);
        return;
    }
    if (st.type == SK_FILE_DEVICE && g->skip_devices) return;
    if (!g->rg && !file_included(g, path, 1)) return;
    search_path(g, path, display);
}
