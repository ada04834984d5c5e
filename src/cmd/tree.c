/* tree.c — tree: list directories as an indented tree (tree 2.x output
 * with UTF-8 line drawing, the "N directories, M files" report, and the
 * options -a -d -L -f -I -P -F -i -s -h -p -D -u -g -r -t -U -l
 * --noreport --dirsfirst --filelimit -J).
 *
 * Directories are walked with an explicit stack of levels (heap), never
 * C recursion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("tree", cmd_tree, "tree [-adfFiJ] [-L LEVEL] [-I PAT] [--noreport] [DIR]...: directory tree with a count report");

typedef struct tree_opts {
    int all, dirs_only, full, classify, noindent, sizes, human, perms, date, user, group;
    int reverse, by_time, unsorted, follow, noreport, dirsfirst, json, quote;
    int level;          /* -1: no limit */
    long filelimit;
    const char *ignore, *pattern;
    int64_t now;
} tree_opts;

typedef struct tent {
    const char *name;
    char *link;         /* symlink target */
    sk_stat st;         /* lstat */
    sk_stat tst;        /* target stat of a symlink */
    int tst_ok;
} tent;

typedef struct tlevel {
    tent *v;
    size_t n, i;
    char *dir;          /* absolute path of this directory */
    char *shown;        /* displayed path (for -f) */
    size_t prefix_len;  /* bytes of the prefix before this level's marker */
} tlevel;

typedef struct tree_state {
    sk_cmd *c;
    tree_opts *op;
    sk_arena ar;
    unsigned long ndirs, nfiles;
    sk_buf prefix, line;
    int json_first;
} tree_state;

/* Does `name` match a '|'-separated pattern list? */
static int match_list(const char *list, const char *name)
{
    char pat[1024];
    const char *p = list;
    for (;;) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n < sizeof pat) {
            memcpy(pat, p, n);
            pat[n] = 0;
            if (fsu_fnmatch(pat, name, 0)) return 1;
        }
        if (!bar) return 0;
        p = bar + 1;
    }
}

static int is_dirish(const tree_opts *op, const tent *e)
{
    (void)op;
    return e->st.type == SK_FILE_DIR || (e->st.type == SK_FILE_SYMLINK && e->tst_ok && e->tst.type == SK_FILE_DIR);
}

static int tent_cmp_ctx(const tree_opts *op, const tent *a, const tent *b)
{
    if (op->dirsfirst) {
        int da = is_dirish(op, a), db = is_dirish(op, b);
        if (da != db) return da ? -1 : 1;
    }
    int r = 0;
    if (op->by_time && a->st.mtime_ns != b->st.mtime_ns) r = a->st.mtime_ns > b->st.mtime_ns ? -1 : 1;
    if (!r) r = strcmp(a->name, b->name);
    return op->reverse ? -r : r;
}

static void sort_ents(tree_state *S, tent *v, size_t n)
{
    if (S->op->unsorted || n < 2) return;
    tent *tmp = sk_arena_alloc(&S->ar, n * sizeof *tmp);
    if (!tmp) return;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t i = 0; i < n; i += 2 * w) {
            size_t m = i + w < n ? i + w : n, e = i + 2 * w < n ? i + 2 * w : n;
            size_t a = i, b = m, k = i;
            while (a < m && b < e) tmp[k++] = tent_cmp_ctx(S->op, &v[b], &v[a]) < 0 ? v[b++] : v[a++];
            while (a < m) tmp[k++] = v[a++];
            while (b < e) tmp[k++] = v[b++];
        }
        memcpy(v, tmp, n * sizeof *tmp);
    }
}

/* Read, filter and sort one directory. */
static int read_level(tree_state *S, const char *abs, tlevel *L)
{
    sk_cmd *c = S->c;
    const tree_opts *op = S->op;
    sk_vfs_dir d;
    int rc = sk_vfs_list(c->vfs, "/", abs, &d);
    if (rc) return rc;
    L->v = sk_arena_alloc(&S->ar, (d.n ? d.n : 1) * sizeof *L->v);
    L->n = 0;
    L->i = 0;
    if (!L->v) {
        sk_vfs_dir_free(&d);
        return SK_NOMEM;
    }
    sk_buf p = SK_BUF_INIT(c->a);
    for (size_t i = 0; i < d.n; i++) {
        const char *name = d.ents[i].name;
        if (!op->all && name[0] == '.') continue;
        if (op->ignore && match_list(op->ignore, name)) continue;
        tent e;
        memset(&e, 0, sizeof e);
        fsu_join(&p, abs, name);
        if (sk_vfs_lstat(c->vfs, "/", sk_buf_cstr(&p), &e.st)) continue;
        if (e.st.type == SK_FILE_SYMLINK) {
            e.tst_ok = sk_vfs_stat(c->vfs, "/", sk_buf_cstr(&p), &e.tst) == SK_OK;
            sk_buf t = SK_BUF_INIT(c->a);
            if (sk_vfs_readlink(c->vfs, "/", sk_buf_cstr(&p), &t) == SK_OK)
                e.link = sk_arena_strndup(&S->ar, t.p ? t.p : "", t.len);
            sk_buf_free(&t);
        }
        int dirish = is_dirish(op, &e);
        if (op->dirs_only && !dirish) continue;
        if (op->pattern && !(e.st.type == SK_FILE_DIR || (op->follow && dirish)) && !match_list(op->pattern, name))
            continue;
        e.name = sk_arena_strndup(&S->ar, name, d.ents[i].len);
        if (!e.name) break;
        L->v[L->n++] = e;
    }
    sk_buf_free(&p);
    sk_vfs_dir_free(&d);
    sort_ents(S, L->v, L->n);
    return SK_OK;
}

static void json_str(sk_buf *b, const char *s)
{
    sk_buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            sk_buf_putc(b, '\\');
            sk_buf_putc(b, (char)*p);
        } else if (*p < 32) {
            sk_buf_printf(b, "\\u%04x", *p);
        } else {
            sk_buf_putc(b, (char)*p);
        }
    }
    sk_buf_putc(b, '"');
}

/* "[perm user group size date]  " in front of a name. */
static void attrs(tree_state *S, const sk_stat *st, sk_buf *b)
{
    const tree_opts *op = S->op;
    if (!(op->perms || op->user || op->group || op->sizes || op->human || op->date)) return;
    sk_buf_putc(b, '[');
    int first = 1;
#define SEP() do { if (!first) sk_buf_putc(b, ' '); first = 0; } while (0)
    if (op->perms) {
        char m[11];
        fsu_mode_string(st, m);
        SEP();
        sk_buf_puts(b, m);
    }
    if (op->user) { SEP(); sk_buf_printf(b, "%-8s", FSU_USER); }
    if (op->group) { SEP(); sk_buf_printf(b, "%-8s", FSU_GROUP); }
    if (op->human) {
        char h[32];
        fsu_human(st->size, op->human, h);
        SEP();
        sk_buf_printf(b, "%4s", h);
    } else if (op->sizes) {
        SEP();
        sk_buf_printf(b, "%11llu", (unsigned long long)st->size);
    }
    if (op->date) {
        SEP();
        int64_t half = (int64_t)31556952 / 2 * 1000000000LL;
        int recent = op->now - half < st->mtime_ns && st->mtime_ns < op->now;
        fsu_strftime(b, recent ? "%b %e %H:%M" : "%b %e  %Y", st->mtime_ns);
    }
#undef SEP
    sk_buf_puts(b, "]  ");
}

static char indicator(const tree_opts *op, const sk_stat *st)
{
    if (!op->classify) return 0;
    if (st->type == SK_FILE_DIR) return '/';
    if (st->type == SK_FILE_SYMLINK) return '@';
    if (st->type == SK_FILE_REGULAR && (st->mode & 0111)) return '*';
    return 0;
}

static void emit_entry(tree_state *S, const tent *e, const char *shown_path, int last, int depth)
{
    const tree_opts *op = S->op;
    sk_buf *b = &S->line;
    sk_buf_clear(b);
    if (op->json) {
        for (int i = 0; i < depth + 1; i++) sk_buf_puts(b, "  ");
        sk_buf_puts(b, "{\"type\":");
        const char *ty = e->st.type == SK_FILE_DIR ? "directory" : e->st.type == SK_FILE_SYMLINK ? "link" : "file";
        json_str(b, ty);
        sk_buf_puts(b, ",\"name\":");
        json_str(b, op->full ? shown_path : e->name);
        if (e->link) {
            sk_buf_puts(b, ",\"target\":");
            json_str(b, e->link);
        }
        sk_out_write(&S->c->out, b->p, b->len);
        return; /* the caller closes it */
    }
    if (!op->noindent) {
        sk_buf_put(b, S->prefix.p ? S->prefix.p : "", S->prefix.len);
        sk_buf_puts(b, last ? "\xe2\x94\x94\xe2\x94\x80\xe2\x94\x80 " : "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80 ");
    }
    attrs(S, &e->st, b);
    sk_buf_puts(b, op->full ? shown_path : e->name);
    if (e->st.type == SK_FILE_SYMLINK && e->link) {
        sk_buf_puts(b, " -> ");
        sk_buf_puts(b, e->link);
        if (e->tst_ok) {
            char ind = indicator(op, &e->tst);
            if (ind && ind != '@') sk_buf_putc(b, ind);
        }
    } else {
        char ind = indicator(op, &e->st);
        if (ind) sk_buf_putc(b, ind);
    }
    sk_buf_putc(b, '\n');
    sk_out_write(&S->c->out, b->p, b->len);
}

static void json_close(sk_out *o, int depth)
{
    sk_out_putc(o, '\n');
    for (int i = 0; i < depth + 1; i++) sk_out_puts(o, "  ");
    sk_out_puts(o, "]}");
}

static int tree_root(tree_state *S, const char *root)
{
    sk_cmd *c = S->c;
    const tree_opts *op = S->op;
    sk_out *out = &c->out;
    sk_stat st;
    int rc = sk_vfs_stat(c->vfs, c->cwd, root, &st);
    sk_buf *b = &S->line;
    if (rc || st.type != SK_FILE_DIR) {
        if (op->json) {
            sk_buf_clear(b);
            sk_buf_printf(b, "  {\"type\":\"%s\",\"name\":", rc ? "error" : "file");
            json_str(b, root);
            sk_buf_puts(b, ",\"contents\":[{\"error\": \"error opening dir\"}\n\n  ]}\n");
            sk_out_write(out, b->p, b->len);
        } else {
            sk_out_printf(out, "%s  [error opening dir]\n", root);
        }
        if (!rc) S->nfiles++;
        return rc ? 2 : 0;
    }
    char *abs = NULL;
    rc = sk_vfs_resolve(c->vfs, c->cwd, root, 1, &abs);
    if (rc) return 2;
    sk_arena_mark mark = sk_arena_save(&S->ar);
    tlevel root_l;
    memset(&root_l, 0, sizeof root_l);
    root_l.dir = abs;
    root_l.shown = sk_strdup(c->a, root);
    int status = 0;
    if (read_level(S, abs, &root_l)) {
        status = 2;
        root_l.n = 0;
    }
    sk_buf_clear(b);
    if (op->json) {
        sk_buf_puts(b, "  {\"type\":\"directory\",\"name\":");
        json_str(b, root);
        sk_buf_puts(b, root_l.n ? ",\"contents\":[\n" : "}");
    } else {
        attrs(S, &st, b);
        sk_buf_puts(b, root);
        if (op->classify && root[strlen(root) - 1] != '/') sk_buf_putc(b, '/');
        sk_buf_putc(b, '\n');
    }
    sk_out_write(out, b->p, b->len);
    if (root_l.n) S->ndirs++;
    int cap = 8, nl = 0;
    tlevel *lv = sk_malloc(c->a, (size_t)cap * sizeof *lv);
    if (!lv) {
        sk_free(c->a, root_l.shown);
        sk_free(c->a, abs);
        return fsu_error(c, "memory exhausted");
    }
    lv[nl++] = root_l;
    sk_buf_clear(&S->prefix);
    sk_buf path = SK_BUF_INIT(c->a), shown = SK_BUF_INIT(c->a);
    unsigned long count = 0;
    while (nl > 0) {
        if ((++count & 255) == 0 && (cmd_aborted(c) || cmd_out_failed(c))) break;
        tlevel *L = &lv[nl - 1];
        if (L->i >= L->n) {
            /* this level is done */
            if (op->json && L->n) json_close(out, nl - 1);
            S->prefix.len = L->prefix_len;
            if (S->prefix.p) S->prefix.p[S->prefix.len] = 0;
            sk_free(c->a, L->shown);
            if (nl > 1) sk_free(c->a, L->dir);
            nl--;
            continue;
        }
        tent *e = &L->v[L->i++];
        int last = L->i == L->n;
        int dirish = is_dirish(op, e);
        fsu_join(&shown, L->shown, e->name);
        if (op->json && L->i > 1) sk_out_puts(out, ",\n");
        emit_entry(S, e, sk_buf_cstr(&shown), last, nl);
        if (dirish) S->ndirs++;
        else S->nfiles++;
        int descend = dirish && (e->st.type == SK_FILE_DIR || op->follow) && (op->level < 0 || nl < op->level);
        tlevel child;
        memset(&child, 0, sizeof child);
        if (descend) {
            char *cabs = NULL;
            descend = 0;
            fsu_join(&path, L->dir, e->name);
            if (sk_vfs_resolve(c->vfs, "/", sk_buf_cstr(&path), 1, &cabs) == SK_OK) {
                int loop = 0;
                /* a link back to an ancestor would loop: do not descend */
                for (int i = 0; i < nl; i++)
                    if (!strcmp(lv[i].dir, cabs)) loop = 1;
                if (!loop && read_level(S, cabs, &child) == SK_OK &&
                    !(op->filelimit > 0 && (long)child.n > op->filelimit)) {
                    child.dir = cabs;
                    cabs = NULL;
                    descend = child.n > 0;
                    if (!descend) {
                        sk_free(c->a, child.dir);
                        child.dir = NULL;
                    }
                }
            }
            sk_free(c->a, cabs);
        }
        if (!descend) {
            if (op->json) sk_out_puts(out, "}");
            continue;
        }
        if (op->json) sk_out_puts(out, ",\"contents\":[\n");
        child.shown = sk_strdup(c->a, sk_buf_cstr(&shown));
        child.prefix_len = S->prefix.len;
        sk_buf_puts(&S->prefix, last ? "    " : "\xe2\x94\x82\xc2\xa0\xc2\xa0 ");
        if (nl == cap) {
            tlevel *nv = sk_realloc(c->a, lv, (size_t)cap * 2 * sizeof *nv);
            if (!nv) {
                sk_free(c->a, child.dir);
                sk_free(c->a, child.shown);
                status = fsu_error(c, "memory exhausted");
                break;
            }
            lv = nv;
            cap *= 2;
        }
        lv[nl++] = child;
    }
    while (nl > 0) {
        sk_free(c->a, lv[nl - 1].shown);
        if (nl > 1) sk_free(c->a, lv[nl - 1].dir);
        nl--;
    }
    if (op->json) sk_out_putc(out, '\n');
    sk_free(c->a, lv);
    sk_free(c->a, abs);
    sk_buf_free(&path);
    sk_buf_free(&shown);
    sk_arena_restore(&S->ar, mark);
    return status;
}

int cmd_tree(sk_cmd *c, int argc, char **argv)
{
    enum { O_NOREPORT = 256, O_DIRSFIRST, O_FILELIMIT, O_CHARSET, O_IGNORED, O_HELP, O_VERSION };
    static const cmd_longopt longs[] = {
        { "noreport", 0, O_NOREPORT }, { "dirsfirst", 0, O_DIRSFIRST }, { "filelimit", 1, O_FILELIMIT },
        { "charset", 1, O_CHARSET }, { "du", 0, O_IGNORED }, { "prune", 0, O_IGNORED },
        { "gitignore", 0, O_IGNORED }, { "nolinks", 0, O_IGNORED }, { "help", 0, O_HELP },
        { "version", 0, O_VERSION }, { "sort", 1, O_IGNORED }, { NULL, 0, 0 },
    };
    tree_opts op;
    memset(&op, 0, sizeof op);
    op.level = -1;
    op.now = cmd_now_ns(c);
    int status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "adfFiJL:I:P:shpDugrtUlCnQNvxA", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': op.all = 1; break;
        case 'd': op.dirs_only = 1; break;
        case 'f': op.full = 1; break;
        case 'F': op.classify = 1; break;
        case 'i': op.noindent = 1; break;
        case 'J': op.json = 1; break;
        case 'L': {
            char *end;
            long v = strtol(o.arg, &end, 10);
            if (*end || v <= 0) {
                fsu_error(c, "Invalid level, must be greater than 0.");
                cmd_opts_free(&o, c);
                return 1;
            }
            op.level = (int)v;
            break;
        }
        case 'I': op.ignore = o.arg; break;
        case 'P': op.pattern = o.arg; break;
        case 's': op.sizes = 1; break;
        case 'h': op.human = 1024; break;
        case 'p': op.perms = 1; break;
        case 'D': op.date = 1; break;
        case 'u': op.user = 1; break;
        case 'g': op.group = 1; break;
        case 'r': op.reverse = 1; break;
        case 't': op.by_time = 1; break;
        case 'U': op.unsorted = 1; break;
        case 'l': op.follow = 1; break;
        case 'Q': op.quote = 1; break;
        case 'v': case 'C': case 'n': case 'N': case 'x': case 'A': case O_CHARSET: case O_IGNORED: break;
        case O_NOREPORT: op.noreport = 1; break;
        case O_DIRSFIRST: op.dirsfirst = 1; break;
        case O_FILELIMIT: op.filelimit = strtol(o.arg, NULL, 10); break;
        case O_HELP:
            sk_out_puts(&c->out, "usage: tree [-adfFilpsuDghrtUJ] [-L level] [-P pattern] [-I pattern]\n"
                                 "\t[--noreport] [--dirsfirst] [--filelimit #] [--] [directory ...]\n");
            cmd_opts_free(&o, c);
            return 0;
        case O_VERSION:
            sk_out_printf(&c->out, "tree v2.1.0 (sandkiste %s)\n", SK_VERSION);
            cmd_opts_free(&o, c);
            return 0;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    static char *const dot[] = { "." };
    if (nops == 0) {
        ops = (char **)dot;
        nops = 1;
    }
    tree_state S;
    memset(&S, 0, sizeof S);
    S.c = c;
    S.op = &op;
    sk_arena_init(&S.ar, c->a, 16384);
    sk_buf_init(&S.prefix, c->a);
    sk_buf_init(&S.line, c->a);
    if (op.json) sk_out_puts(&c->out, "[\n");
    for (int i = 0; i < nops && !cmd_aborted(c); i++) {
        int r = tree_root(&S, ops[i]);
        if (r > status) status = r;
    }
    if (op.json) {
        if (!op.noreport) {
            sk_out_printf(&c->out, ",\n  {\"type\":\"report\",\"directories\":%lu", S.ndirs);
            if (!op.dirs_only) sk_out_printf(&c->out, ",\"files\":%lu", S.nfiles);
            sk_out_puts(&c->out, "}\n");
        }
        sk_out_puts(&c->out, "]\n");
    } else if (!op.noreport) {
        sk_out_printf(&c->out, "\n%lu director%s", S.ndirs, S.ndirs == 1 ? "y" : "ies");
        if (!op.dirs_only) sk_out_printf(&c->out, ", %lu file%s", S.nfiles, S.nfiles == 1 ? "" : "s");
        sk_out_putc(&c->out, '\n');
    }
    sk_buf_free(&S.prefix);
    sk_buf_free(&S.line);
    sk_arena_free(&S.ar);
    cmd_opts_free(&o, c);
    return status;
}
