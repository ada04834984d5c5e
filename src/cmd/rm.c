/* rm.c — rm: remove files and directories (GNU options -f -i -I -r -R -d
 * -v, --preserve-root, the refusals of "/", "." and "..").  Recursive
 * removal is a post-order fsu_walk (heap frames); links are removed, never
 * followed. */
#include <string.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("rm", cmd_rm, "rm [-rfdiv] FILE...: remove files (-r: directories and their contents, -f: ignore missing)");

typedef struct rm_opts {
    int force, interactive, recursive, dir, verbose, preserve_root;
} rm_opts;

static int ignorable(const rm_opts *op, int rc)
{
    return op->force && (rc == SK_ENOENT || rc == SK_ENOTDIR);
}

static const char *kind_word(const sk_stat *st)
{
    switch (st->type) {
    case SK_FILE_DIR: return "directory";
    case SK_FILE_SYMLINK: return "symbolic link";
    case SK_FILE_DEVICE: return "character special file";
    default: return st->size ? "regular file" : "regular empty file";
    }
}

/* The last component written is "." or "..". */
static int dot_or_dotdot(const char *p)
{
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') n--;
    size_t s = n;
    while (s > 0 && p[s - 1] != '/') s--;
    size_t l = n - s;
    return (l == 1 && p[s] == '.') || (l == 2 && p[s] == '.' && p[s + 1] == '.');
}

static int is_root(sk_cmd *c, const char *p)
{
    char *abs = NULL;
    int r = sk_vfs_resolve(c->vfs, c->cwd, p, 1, &abs) == SK_OK && !strcmp(abs, "/");
    sk_free(c->a, abs);
    return r;
}

/* Mark a failure at depth d (its ancestors must not be removed). */
static int mark_fail(sk_cmd *c, char **fail, int *cap, int d)
{
    if (d + 1 > *cap) {
        int nc = (d + 1) * 2;
        char *f = sk_realloc(c->a, *fail, (size_t)nc);
        if (!f) return -1;
        memset(f + *cap, 0, (size_t)(nc - *cap));
        *fail = f;
        *cap = nc;
    }
    for (int i = 0; i < d; i++) (*fail)[i] = 1;
    return 0;
}

static int rm_tree(sk_cmd *c, const char *root, const rm_opts *op)
{
    fsu_walk w;
    fsu_walk_init(&w, c, root, FSU_FOLLOW_NONE, 1);
    fsu_walk_ent e;
    int status = 0, r;
    char *fail = NULL;
    int cap = 0;
    unsigned long count = 0;
    while ((r = fsu_walk_next(&w, &e)) > 0) {
        if ((++count & 255) == 0 && cmd_aborted(c)) break;
        if (e.kind == FSU_W_ERR) {
            fsu_error(c, "cannot remove %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            mark_fail(c, &fail, &cap, e.depth + 1);
            continue;
        }
        if (e.kind == FSU_W_PRE && e.rc) {
            if (!ignorable(op, e.rc)) {
                fsu_error(c, "cannot remove %Q: %s", e.path, sk_status_message(e.rc));
                status = 1;
            }
            mark_fail(c, &fail, &cap, e.depth);
            continue;
        }
        if (e.kind == FSU_W_PRE && e.st.type == SK_FILE_DIR) {
            if (op->interactive == 2 && !fsu_confirm(c, "descend into directory %Q? ", e.path)) {
                fsu_walk_prune(&w);
                mark_fail(c, &fail, &cap, e.depth);
                /* a skipped directory is not an error */
                if (cap > e.depth) fail[e.depth] = 0;
            }
            if (cap > e.depth) fail[e.depth] = 0;
            continue;
        }
        int rc;
        int isdir = e.kind == FSU_W_POST;
        if (isdir && cap > e.depth && fail[e.depth]) {
            fail[e.depth] = 0;
            continue;
        }
        if (op->interactive == 2 && !fsu_confirm(c, "remove %s %Q? ", kind_word(&e.st), e.path)) {
            mark_fail(c, &fail, &cap, e.depth);
            continue;
        }
        rc = isdir ? sk_vfs_rmdir(c->vfs, "/", e.abs) : sk_vfs_unlink(c->vfs, "/", e.abs);
        if (rc) {
            fsu_error(c, "cannot remove %Q: %s", e.path, sk_status_message(rc));
            status = 1;
            mark_fail(c, &fail, &cap, e.depth);
            continue;
        }
        if (op->verbose) fsu_printf(c, "removed %s%Q\n", isdir ? "directory " : "", e.path);
    }
    if (r < 0) status = fsu_error(c, "%s", sk_status_message(r));
    sk_free(c->a, fail);
    fsu_walk_free(&w);
    return status;
}

static int rm_one(sk_cmd *c, const char *path, const rm_opts *op)
{
    if (dot_or_dotdot(path)) {
        fsu_error(c, "refusing to remove '.' or '..' directory: skipping %Q", path);
        return 1;
    }
    if (op->recursive && op->preserve_root && is_root(c, path)) {
        if (!strcmp(path, "/")) fsu_error(c, "it is dangerous to operate recursively on '/'");
        else fsu_error(c, "it is dangerous to operate recursively on %Q (same as '/')", path);
        fsu_error(c, "use --no-preserve-root to override this failsafe");
        return 1;
    }
    sk_stat st;
    int rc = sk_vfs_lstat(c->vfs, c->cwd, path, &st);
    if (rc) {
        if (ignorable(op, rc)) return 0;
        fsu_error(c, "cannot remove %Q: %s", path, sk_status_message(rc));
        return 1;
    }
    if (st.type == SK_FILE_DIR) {
        if (op->recursive) {
            if (op->interactive == 2 && !fsu_confirm(c, "descend into directory %Q? ", path)) return 0;
            return rm_tree(c, path, op);
        }
        if (!op->dir) {
            fsu_error(c, "cannot remove %Q: %s", path, sk_status_message(SK_EISDIR));
            return 1;
        }
    }
    if (op->interactive == 2 && !fsu_confirm(c, "remove %s %Q? ", kind_word(&st), path)) return 0;
    rc = st.type == SK_FILE_DIR ? sk_vfs_rmdir(c->vfs, c->cwd, path) : sk_vfs_unlink(c->vfs, c->cwd, path);
    if (rc) {
        if (ignorable(op, rc)) return 0;
        fsu_error(c, "cannot remove %Q: %s", path, sk_status_message(rc));
        return 1;
    }
    if (op->verbose) fsu_printf(c, "removed %s%Q\n", st.type == SK_FILE_DIR ? "directory " : "", path);
    return 0;
}

int cmd_rm(sk_cmd *c, int argc, char **argv)
{
    enum { O_PRESERVE = 256, O_NOPRESERVE, O_INTERACTIVE, O_ONEFS };
    static const cmd_longopt longs[] = {
        { "force", 0, 'f' }, { "interactive", 2, O_INTERACTIVE }, { "recursive", 0, 'r' },
        { "dir", 0, 'd' }, { "verbose", 0, 'v' }, { "preserve-root", 2, O_PRESERVE },
        { "no-preserve-root", 0, O_NOPRESERVE }, { "one-file-system", 0, O_ONEFS }, { NULL, 0, 0 },
    };
    rm_opts op = { 0, 0, 0, 0, 0, 1 };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "fiIrRdv", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'f': op.force = 1; op.interactive = 0; break;
        case 'i': op.interactive = 2; op.force = 0; break;
        case 'I': op.interactive = 1; op.force = 0; break;
        case 'r': case 'R': op.recursive = 1; break;
        case 'd': op.dir = 1; break;
        case 'v': op.verbose = 1; break;
        case O_PRESERVE: op.preserve_root = 1; break;
        case O_NOPRESERVE: op.preserve_root = 0; break;
        case O_ONEFS: break;
        case O_INTERACTIVE:
            if (!o.arg || !strcmp(o.arg, "always") || !strcmp(o.arg, "yes")) op.interactive = 2;
            else if (!strcmp(o.arg, "once")) op.interactive = 1;
            else if (!strcmp(o.arg, "never") || !strcmp(o.arg, "no") || !strcmp(o.arg, "none")) op.interactive = 0;
            else {
                fsu_usage_error(c, "invalid argument %Q for '--interactive'", o.arg);
                cmd_opts_free(&o, c);
                return 1;
            }
            break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops == 0) {
        cmd_opts_free(&o, c);
        if (op.force) return 0;
        fsu_usage_error(c, "missing operand");
        return 1;
    }
    if (op.interactive == 1 && (nops > 3 || op.recursive)) {
        int yes;
        if (op.recursive)
            yes = fsu_confirm(c, "remove %d argument%s recursively? ", nops, nops == 1 ? "" : "s");
        else
            yes = fsu_confirm(c, "remove %d arguments? ", nops);
        if (!yes) {
            cmd_opts_free(&o, c);
            return 0;
        }
    }
    int status = 0;
    for (int i = 0; i < nops && !cmd_aborted(c); i++) status |= rm_one(c, ops[i], &op);
    cmd_opts_free(&o, c);
    return status;
}
