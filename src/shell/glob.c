/* glob.c — pathname expansion over the virtual filesystem: components
 * with glob characters are matched against directory listings (sorted),
 * literal ones are appended; `**` with globstar descends recursively.
 * dotglob, nullglob, failglob, nocaseglob and extglob are honoured, and
 * the number of paths one pattern produces is capped (max_glob_matches). */
#include <stdlib.h>
#include <string.h>

#include "shell/exec.h"
#include "shell/pattern.h"

typedef struct gctx {
    sh_state *st;
    sh_strvec *out;
    size_t start;          /* first result in out */
    uint64_t limit;
    int flags;             /* SH_PAT_* */
    int dotglob;
    int globstar;
    int err;               /* -1 error / limit */
} gctx;

typedef struct comp {
    const char *p;
    size_t n;
    int magic;
} comp;

static int push(gctx *g, const char *s, size_t n)
{
    if (g->limit && g->out->n - g->start >= g->limit) {
        sk_shell_limit(g->st->sh, "max_glob_matches", g->limit);
        g->err = -1;
        return -1;
    }
    if (sh_strvec_pushdup(g->out, s, n)) {
        sk_shell_limit(g->st->sh, "max_memory", g->st->sh->lim.max_memory);
        g->err = -1;
        return -1;
    }
    return 0;
}

static int is_dir(gctx *g, const char *path)
{
    return sk_vfs_is_dir(&g->st->sh->vfs, g->st->cwd, *path ? path : ".") == 1;
}

static int exists(gctx *g, const char *path)
{
    sk_stat st;
    return sk_vfs_lstat(&g->st->sh->vfs, g->st->cwd, *path ? path : ".", &st) == 0;
}

/* Does entry name match component c (with the leading-dot rule)? */
static int name_matches(gctx *g, sh_pat *pat, const comp *c, const char *name, size_t nl)
{
    if (name[0] == '.' && !g->dotglob && !sh_pat_leading_dot(c->p, c->n)) return 0;
    if (name[0] == '.' && (nl == 1 || (nl == 2 && name[1] == '.'))) return 0;
    int m = sh_pat_match(pat, name, nl);
    if (m < 0) { g->err = -1; return 0; }
    return m;
}

static void walk(gctx *g, sk_buf *prefix, const comp *cs, size_t nc, size_t i, int trailing_slash, int depth);

/* `**`: this directory and every directory below it.  As the last
 * component it lists everything below (directories once each, the
 * starting directory itself when it was named). */
static void walk_star2(gctx *g, sk_buf *prefix, const comp *cs, size_t nc, size_t i, int trailing_slash, int depth,
                       int top)
{
    if (g->err || depth > 64) return;
    size_t plen = prefix->len;
    int last = i + 1 == nc;
    if (last) {
        if (top && prefix->len) push(g, prefix->p, prefix->len);
    } else {
        walk(g, prefix, cs, nc, i + 1, trailing_slash, depth + 1);
        prefix->len = plen;
        if (g->err) return;
    }
    sk_vfs_dir d;
    if (sk_buf_putc(prefix, 0)) { g->err = -1; return; }
    prefix->len--;
    const char *dir = prefix->len ? prefix->p : ".";
    if (sk_vfs_list(&g->st->sh->vfs, g->st->cwd, dir, &d)) return;
    for (size_t k = 0; k < d.n && !g->err; k++) {
        const char *name = d.ents[k].name;
        if (name[0] == '.' && !g->dotglob) continue;
        int isdir = d.ents[k].type == SK_FILE_DIR;
        sk_buf_put(prefix, name, d.ents[k].len);
        if (last) {
            if (!trailing_slash) push(g, prefix->p, prefix->len);
            else if (isdir) {
                sk_buf_putc(prefix, '/');
                push(g, prefix->p, prefix->len);
                prefix->len--;
            }
        }
        if (isdir) {
            sk_buf_putc(prefix, '/');
            walk_star2(g, prefix, cs, nc, i, trailing_slash, depth + 1, 0);
        }
        prefix->len = plen;
    }
    sk_vfs_dir_free(&d);
}

static void walk(gctx *g, sk_buf *prefix, const comp *cs, size_t nc, size_t i, int trailing_slash, int depth)
{
    if (g->err) return;
    size_t plen = prefix->len;
    if (i == nc) {
        if (sk_buf_putc(prefix, 0)) { g->err = -1; return; }
        prefix->len--;
        if (trailing_slash) {
            if (prefix->len == 0 || is_dir(g, prefix->p)) {
                if (!(prefix->len && prefix->p[prefix->len - 1] == '/')) sk_buf_putc(prefix, '/');
                push(g, prefix->p, prefix->len);
            }
        } else if (prefix->len) {
            /* strip a trailing slash from "dir/" prefixes */
            size_t n = prefix->len;
            if (n > 1 && prefix->p[n - 1] == '/') n--;
            char save = prefix->p[n];
            prefix->p[n] = 0;
            if (exists(g, prefix->p)) push(g, prefix->p, n);
            prefix->p[n] = save;
        }
        prefix->len = plen;
        return;
    }
    const comp *c = &cs[i];
    if (!c->magic) {
        char *lit = sh_pat_unescape(g->st->a, c->p, c->n, NULL);
        if (!lit) { g->err = -1; return; }
        sk_buf_puts(prefix, lit);
        sk_free(g->st->a, lit);
        if (i + 1 < nc) sk_buf_putc(prefix, '/');
        walk(g, prefix, cs, nc, i + 1, trailing_slash, depth);
        prefix->len = plen;
        return;
    }
    if (g->globstar && c->n == 2 && c->p[0] == '*' && c->p[1] == '*') {
        walk_star2(g, prefix, cs, nc, i, trailing_slash, depth, 1);
        prefix->len = plen;
        return;
    }
    sk_vfs_dir d;
    if (sk_buf_putc(prefix, 0)) { g->err = -1; return; }
    prefix->len--;
    const char *dir = prefix->len ? prefix->p : ".";
    if (sk_vfs_list(&g->st->sh->vfs, g->st->cwd, dir, &d)) return;
    sh_pat *pat = sh_pat_compile(g->st->a, c->p, c->n, g->flags, &g->st->sh->abort);
    if (!pat) { sk_vfs_dir_free(&d); g->err = -1; return; }
    for (size_t k = 0; k < d.n && !g->err; k++) {
        const char *name = d.ents[k].name;
        size_t nl = d.ents[k].len;
        if (!name_matches(g, pat, c, name, nl)) continue;
        if (i + 1 < nc) {
            /* must be a directory (links followed) */
            sk_buf_put(prefix, name, nl);
            sk_buf_putc(prefix, 0);
            prefix->len--;
            if (is_dir(g, prefix->p)) {
                sk_buf_putc(prefix, '/');
                walk(g, prefix, cs, nc, i + 1, trailing_slash, depth);
            }
            prefix->len = plen;
        } else {
            sk_buf_put(prefix, name, nl);
            walk(g, prefix, cs, nc, i + 1, trailing_slash, depth);
            prefix->len = plen;
        }
    }
    sh_pat_free(pat);
    sk_vfs_dir_free(&d);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

long sh_glob(sh_state *st, const char *pat, size_t n, sh_strvec *out)
{
    gctx g;
    memset(&g, 0, sizeof g);
    g.st = st;
    g.out = out;
    g.start = out->n;
    g.limit = st->sh->lim.max_glob_matches;
    g.flags = (st->shopt[SH_S_EXTGLOB] ? SH_PAT_EXTGLOB : 0) | (st->shopt[SH_S_NOCASEGLOB] ? SH_PAT_NOCASE : 0);
    g.dotglob = st->shopt[SH_S_DOTGLOB];
    g.globstar = st->shopt[SH_S_GLOBSTAR];
    /* split into components at unescaped slashes */
    comp cs[256];
    size_t nc = 0;
    size_t i = 0;
    int absolute = n > 0 && pat[0] == '/';
    if (absolute) while (i < n && pat[i] == '/') i++;
    int trailing = 0;
    while (i < n) {
        size_t s = i;
        int paren = 0;
        while (i < n && (pat[i] != '/' || paren)) {
            if (pat[i] == '\\' && i + 1 < n) { i += 2; continue; }
            if (pat[i] == '(') paren++;
            else if (pat[i] == ')' && paren) paren--;
            i++;
        }
        if (nc == sizeof cs / sizeof cs[0]) return 0;
        cs[nc].p = pat + s;
        cs[nc].n = i - s;
        cs[nc].magic = sh_pat_has_magic(pat + s, i - s, g.flags & SH_PAT_EXTGLOB);
        nc++;
        if (i < n) {
            while (i < n && pat[i] == '/') i++;
            if (i == n) trailing = 1;
        }
    }
    sk_buf prefix = SK_BUF_INIT(st->a);
    if (absolute) sk_buf_putc(&prefix, '/');
    walk(&g, &prefix, cs, nc, 0, trailing, 0);
    sk_buf_free(&prefix);
    if (g.err) {
        for (size_t k = g.start; k < out->n; k++) sk_free(st->a, out->v[k]);
        out->n = g.start;
        return -1;
    }
    size_t got = out->n - g.start;
    if (got > 1) qsort(out->v + g.start, got, sizeof *out->v, cmp_str);
    if (got == 0 && st->shopt[SH_S_FAILGLOB]) return -2;
    return (long)got;
}
