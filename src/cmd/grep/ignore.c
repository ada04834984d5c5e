/* ignore.c — rg's ignore files: .ignore and .rgignore in every directory
 * searched, and .gitignore inside a git repository (a .git entry in the
 * search root or above).  gitignore rules: '#' comments, '!' negation, a
 * trailing '/' for directories only, a '/' elsewhere anchors the pattern
 * to the file's directory (otherwise it matches a name at any depth), '**'
 * crosses directories; the last matching rule wins.
 *
 * Rules are kept on a stack tagged with the depth of their directory, so
 * the depth-first walk drops a subtree's rules when it leaves it.  Not
 * read: ignore files above the search root, global git excludes. */
#include <string.h>

#include "fs/vfs.h"
#include "search.h"

typedef struct rule {
    char *pat;
    int negate, dir_only, anchored;
    size_t depth;
    size_t base_len;         /* length of the directory's path below the root */
    char *base;
} rule;

struct gs_ignore {
    sk_cmd *c;
    int git;
    rule *rules;
    size_t n, cap;
};

static int add_rule(gs_ignore *ig, const char *line, size_t len, size_t depth, const char *base)
{
    sk_alloc *a = ig->c->a;
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\r')) len--;
    if (len == 0 || line[0] == '#') return 0;
    rule r;
    memset(&r, 0, sizeof r);
    if (line[0] == '!') {
        r.negate = 1;
        line++;
        len--;
    }
    if (len && line[len - 1] == '/') {
        r.dir_only = 1;
        len--;
    }
    if (len && line[0] == '/') {
        r.anchored = 1;
        line++;
        len--;
    }
    if (len == 0) return 0;
    if (memchr(line, '/', len)) r.anchored = 1;
    r.pat = sk_strndup(a, line, len);
    r.base = sk_strdup(a, base);
    if (!r.pat || !r.base) {
        sk_free(a, r.pat);
        sk_free(a, r.base);
        return -1;
    }
    r.depth = depth;
    r.base_len = strlen(base);
    if (ig->n == ig->cap) {
        size_t nc = ig->cap ? ig->cap * 2 : 16;
        rule *nr = sk_realloc(a, ig->rules, nc * sizeof *nr);
        if (!nr) {
            sk_free(a, r.pat);
            sk_free(a, r.base);
            return -1;
        }
        ig->rules = nr;
        ig->cap = nc;
    }
    ig->rules[ig->n++] = r;
    return 0;
}

static int load_file(gs_ignore *ig, const char *dir, const char *name, size_t depth, const char *base)
{
    sk_cmd *c = ig->c;
    size_t dl = strlen(dir), nl = strlen(name);
    char *path = sk_malloc(c->a, dl + nl + 2);
    if (!path) return -1;
    memcpy(path, dir, dl);
    path[dl] = '/';
    memcpy(path + dl + 1, name, nl + 1);
    sk_buf b = SK_BUF_INIT(c->a);
    int st = sk_vfs_read_file(c->vfs, c->cwd, path, 1 << 20, &b);
    sk_free(c->a, path);
    int rc = 0;
    if (st == 0 && b.len) {
        const char *p = b.p, *end = b.p + b.len;
        while (p < end && !rc) {
            const char *nlp = memchr(p, '\n', (size_t)(end - p));
            size_t l = nlp ? (size_t)(nlp - p) : (size_t)(end - p);
            rc = add_rule(ig, p, l, depth, base);
            p += l + 1;
        }
    }
    sk_buf_free(&b);
    return rc;
}

int gs_ignore_new(gs_ignore **out, sk_cmd *c, const char *root)
{
    gs_ignore *ig = sk_calloc(c->a, 1, sizeof *ig);
    *out = ig;
    if (!ig) return -1;
    ig->c = c;
    /* a git repository: .git in the root or any directory above it */
    char *abs = cmd_abspath(c, root);
    if (!abs) return -1;
    size_t l = strlen(abs);
    for (;;) {
        char *probe = sk_malloc(c->a, l + 6);
        if (!probe) break;
        memcpy(probe, abs, l);
        memcpy(probe + l, l && abs[l - 1] == '/' ? ".git" : "/.git", l && abs[l - 1] == '/' ? 5 : 6);
        int found = sk_vfs_exists(c->vfs, "/", probe);
        sk_free(c->a, probe);
        if (found) {
            ig->git = 1;
            break;
        }
        if (l <= 1) break;
        while (l > 1 && abs[l - 1] != '/') l--;
        if (l > 1) l--;
    }
    sk_free(c->a, abs);
    return 0;
}

void gs_ignore_free(gs_ignore *ig)
{
    if (!ig) return;
    for (size_t i = 0; i < ig->n; i++) {
        sk_free(ig->c->a, ig->rules[i].pat);
        sk_free(ig->c->a, ig->rules[i].base);
    }
    sk_free(ig->c->a, ig->rules);
    sk_free(ig->c->a, ig);
}

void gs_ignore_leave(gs_ignore *ig, size_t depth)
{
    while (ig->n && ig->rules[ig->n - 1].depth >= depth) {
        ig->n--;
        sk_free(ig->c->a, ig->rules[ig->n].pat);
        sk_free(ig->c->a, ig->rules[ig->n].base);
    }
}

int gs_ignore_enter(gs_ignore *ig, size_t depth, const char *dir, const char *rel)
{
    gs_ignore_leave(ig, depth);
    if (ig->git && load_file(ig, dir, ".gitignore", depth, rel)) return -1;
    if (load_file(ig, dir, ".ignore", depth, rel)) return -1;
    return load_file(ig, dir, ".rgignore", depth, rel);
}

int gs_ignore_match(const gs_ignore *ig, const char *rel, int is_dir)
{
    int ignored = 0;
    for (size_t i = 0; i < ig->n; i++) {
        const rule *r = &ig->rules[i];
        if (r->dir_only && !is_dir) continue;
        const char *sub = rel;
        if (r->base_len) {
            if (strncmp(rel, r->base, r->base_len) || rel[r->base_len] != '/') continue;
            sub = rel + r->base_len + 1;
        }
        const char *subject = sub;
        if (!r->anchored) {
            const char *s = strrchr(sub, '/');
            subject = s ? s + 1 : sub;
        }
        if (gs_glob_match(r->pat, subject, GS_GLOB_PATH)) ignored = !r->negate;
    }
    return ignored;
}
