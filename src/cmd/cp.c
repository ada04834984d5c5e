/* cp.c — cp: copy files and directory trees (GNU options -r/-R -a -p -d
 * -P -L -H -n -f -i -u -v -s -l -t -T --parents --preserve).
 *
 * Trees are copied with a pre-order fsu_walk (heap frames).  Hard links
 * (-l) are emulated as copies: the virtual filesystem has no hard links.
 * New files get the source mode minus the umask unless -p keeps it.
 */
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("cp", cmd_cp, "cp [-rRapnfiuv] [-t DIR] SRC... DEST: copy files (-r: directories recursively, -p: keep mode/time)");

enum { DEREF_NEVER, DEREF_CMDLINE, DEREF_ALWAYS, DEREF_DEFAULT };

typedef struct cp_opts {
    int recursive, preserve_mode, preserve_time, noclobber, interactive, update, verbose;
    int symlink, hardlink, deref, parents, remove_dest, no_target_dir;
    const char *target;
} cp_opts;

/* Copy one non-directory.  src_stat is the source as seen (lstat, or stat
 * when followed).  Returns 0 or 1 (reported). */
static int copy_leaf(sk_cmd *c, const char *src_show, const char *src, const char *src_cwd,
                     const sk_stat *sst, const char *dst, const cp_opts *op)
{
    const sk_vfs *v = c->vfs;
    sk_stat dst_st;
    int exists = 0;
    int rc = sk_vfs_stat(v, c->cwd, dst, &dst_st);
    if (rc == SK_OK) {
        exists = 1;
    } else if (rc == SK_ENOENT) {
        sk_stat l;
        if (sk_vfs_lstat(v, c->cwd, dst, &l) == SK_OK) { /* dangling link */
            exists = 2;
            dst_st = l;
        }
    } else {
        fsu_error(c, "cannot stat %Q: %s", dst, sk_status_message(rc));
        return 1;
    }
    if (exists) {
        if (exists == 1 && dst_st.ino == sst->ino && sst->type != SK_FILE_SYMLINK) {
            /* same inode: the same file (through a link, or literally) */
            char *a = NULL, *b = NULL;
            int same = sk_vfs_resolve(v, src_cwd, src, 1, &a) == SK_OK &&
                       sk_vfs_resolve(v, c->cwd, dst, 1, &b) == SK_OK && !strcmp(a, b);
            sk_free(c->a, a);
            sk_free(c->a, b);
            if (same) {
                fsu_error(c, "%Q and %Q are the same file", src_show, dst);
                return 1;
            }
        }
        if (exists == 1 && dst_st.type == SK_FILE_DIR) {
            fsu_error(c, "cannot overwrite directory %Q with non-directory", dst);
            return 1;
        }
        if (op->noclobber) return 0;
        if (op->update && dst_st.mtime_ns >= sst->mtime_ns) return 0;
        if (op->interactive && !fsu_confirm(c, "overwrite %Q? ", dst)) return 0;
    }
    if (op->symlink) {
        if (exists && (rc = sk_vfs_unlink(v, c->cwd, dst))) goto fail_create;
        rc = sk_vfs_symlink(v, c->cwd, src_show, dst);
        if (rc) {
            fsu_error(c, "cannot create symbolic link %Q to %Q: %s", dst, src_show, sk_status_message(rc));
            return 1;
        }
        goto done;
    }
    if (sst->type == SK_FILE_SYMLINK) {
        sk_buf t = SK_BUF_INIT(c->a);
        rc = sk_vfs_readlink(v, src_cwd, src, &t);
        if (!rc && exists) rc = sk_vfs_unlink(v, c->cwd, dst);
        if (!rc) rc = sk_vfs_symlink(v, c->cwd, sk_buf_cstr(&t), dst);
        sk_buf_free(&t);
        if (rc) {
            fsu_error(c, "cannot create symbolic link %Q: %s", dst, sk_status_message(rc));
            return 1;
        }
        goto done;
    }
    if (op->remove_dest && exists) {
        rc = sk_vfs_unlink(v, c->cwd, dst);
        if (rc) {
            fsu_error(c, "cannot remove %Q: %s", dst, sk_status_message(rc));
            return 1;
        }
        exists = 0;
    }
    {
        /* resolve the source to an absolute path when it is relative to a
         * different directory than the destination */
        char *sabs = NULL;
        rc = sk_vfs_resolve(v, src_cwd, src, 1, &sabs);
        if (!rc) rc = sk_vfs_copy_file(v, c->cwd, sabs, dst);
        sk_free(c->a, sabs);
    }
    if (rc) {
    fail_create:
        if (rc == SK_ENOSPC || rc == SK_EFBIG || rc == SK_NOMEM)
            fsu_error(c, "error writing %Q: %s", dst, sk_status_message(rc));
        else
            fsu_error(c, "cannot create regular file %Q: %s", dst, sk_status_message(rc));
        return 1;
    }
    if (op->preserve_mode) sk_vfs_chmod(v, c->cwd, dst, sst->mode);
    else if (exists != 1) sk_vfs_chmod(v, c->cwd, dst, sst->mode & ~(uint32_t)FSU_UMASK);
    if (op->preserve_time) sk_vfs_set_mtime(v, c->cwd, dst, sst->mtime_ns, 0);
done:
    if (op->preserve_time && sst->type == SK_FILE_SYMLINK) sk_vfs_set_mtime(v, c->cwd, dst, sst->mtime_ns, 1);
    if (op->verbose) fsu_printf(c, "%Q -> %Q\n", src_show, dst);
    return 0;
}

/* Make the destination directory for a source directory.  Returns 0 ok,
 * 1 reported failure. */
static int make_dir(sk_cmd *c, const char *src_show, const sk_stat *sst, const char *dst,
                    const cp_opts *op, int *created)
{
    sk_stat st;
    *created = 0;
    int rc = sk_vfs_stat(c->vfs, c->cwd, dst, &st);
    if (rc == SK_OK) {
        if (st.type != SK_FILE_DIR) {
            fsu_error(c, "cannot overwrite non-directory %Q with directory %Q", dst, src_show);
            return 1;
        }
        return 0;
    }
    rc = sk_vfs_mkdir(c->vfs, c->cwd, dst, op->preserve_mode ? sst->mode : sst->mode & ~(uint32_t)FSU_UMASK);
    if (rc) {
        fsu_error(c, "cannot create directory %Q: %s", dst, sk_status_message(rc));
        return 1;
    }
    /* a source directory without u+w still needs writing into while copying */
    *created = 1;
    if (op->verbose) fsu_printf(c, "%Q -> %Q\n", src_show, dst);
    return 0;
}

static int copy_tree(sk_cmd *c, const char *src, const char *dst, const cp_opts *op, int follow_root)
{
    int follow = op->deref == DEREF_ALWAYS ? FSU_FOLLOW_ALL : follow_root ? FSU_FOLLOW_ROOT : FSU_FOLLOW_NONE;
    fsu_walk w;
    fsu_walk_init(&w, c, src, follow, op->preserve_time);
    fsu_walk_ent e;
    int status = 0, r;
    size_t rootlen = strlen(src);
    sk_buf d = SK_BUF_INIT(c->a);
    unsigned long count = 0;
    while ((r = fsu_walk_next(&w, &e)) > 0) {
        if ((++count & 255) == 0 && cmd_aborted(c)) break;
        if (e.kind == FSU_W_ERR || e.kind == FSU_W_LOOP) {
            fsu_error(c, "cannot access %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            continue;
        }
        /* destination: dst + the part of the walked path below the root */
        sk_buf_clear(&d);
        const char *rel = e.path + (e.pathlen >= rootlen ? rootlen : e.pathlen);
        while (*rel == '/') rel++;
        int bad = sk_buf_puts(&d, dst);
        if (*rel) bad |= (d.len && d.p[d.len - 1] != '/' && sk_buf_putc(&d, '/')) || sk_buf_puts(&d, rel);
        if (bad) {
            status = fsu_error(c, "memory exhausted");
            break;
        }
        const char *dp = sk_buf_cstr(&d);
        if (e.kind == FSU_W_POST) {
            sk_vfs_set_mtime(c->vfs, c->cwd, dp, e.st.mtime_ns, 0);
            continue;
        }
        if (e.rc) {
            fsu_error(c, "cannot stat %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            continue;
        }
        if (e.st.type == SK_FILE_DIR) {
            int created;
            if (make_dir(c, e.path, &e.st, dp, op, &created)) {
                status = 1;
                fsu_walk_prune(&w);
            }
            continue;
        }
        status |= copy_leaf(c, e.path, e.abs, "/", &e.st, dp, op);
    }
    if (r < 0) status = fsu_error(c, "%s", sk_status_message(r));
    sk_buf_free(&d);
    fsu_walk_free(&w);
    return status;
}

static int copy_one(sk_cmd *c, const char *src, const char *dst, const cp_opts *op)
{
    const sk_vfs *v = c->vfs;
    int follow = op->deref == DEREF_ALWAYS || op->deref == DEREF_CMDLINE ||
                 (op->deref == DEREF_DEFAULT && !op->recursive);
    sk_stat st;
    int rc = follow ? sk_vfs_stat(v, c->cwd, src, &st) : sk_vfs_lstat(v, c->cwd, src, &st);
    if (rc) {
        fsu_error(c, "cannot stat %Q: %s", src, sk_status_message(rc));
        return 1;
    }
    if (st.type != SK_FILE_DIR) return copy_leaf(c, src, src, c->cwd, &st, dst, op);
    if (!op->recursive) {
        fsu_error(c, "-r not specified; omitting directory %Q", src);
        return 1;
    }
    /* refuse copying a directory into itself */
    char *sa = NULL, *da = NULL;
    if (sk_vfs_resolve(v, c->cwd, src, 1, &sa) == SK_OK &&
        sk_vfs_realpath(v, c->cwd, dst, SK_REALPATH_MISSING, &da) == SK_OK &&
        sk_vpath_is_under(da, strlen(da), sa, strlen(sa))) {
        fsu_error(c, "cannot copy a directory, %Q, into itself, %Q", src, dst);
        sk_free(c->a, sa);
        sk_free(c->a, da);
        return 1;
    }
    sk_free(c->a, sa);
    sk_free(c->a, da);
    return copy_tree(c, src, dst, op, follow);
}

int cmd_cp(sk_cmd *c, int argc, char **argv)
{
    enum { O_PRESERVE = 256, O_NOPRESERVE, O_PARENTS, O_REMOVE, O_IGNORED, O_STRIP, O_ATTR };
    static const cmd_longopt longs[] = {
        { "archive", 0, 'a' }, { "recursive", 0, 'R' }, { "force", 0, 'f' },
        { "interactive", 0, 'i' }, { "no-clobber", 0, 'n' }, { "update", 2, 'u' },
        { "verbose", 0, 'v' }, { "symbolic-link", 0, 's' }, { "link", 0, 'l' },
        { "dereference", 0, 'L' }, { "no-dereference", 0, 'P' }, { "target-directory", 1, 't' },
        { "no-target-directory", 0, 'T' }, { "preserve", 2, O_PRESERVE },
        { "no-preserve", 1, O_NOPRESERVE }, { "parents", 0, O_PARENTS },
        { "remove-destination", 0, O_REMOVE }, { "sparse", 1, O_IGNORED }, { "reflink", 2, O_IGNORED },
        { "backup", 2, O_IGNORED }, { "strip-trailing-slashes", 0, O_STRIP },
        { "one-file-system", 0, 'x' }, { "attributes-only", 0, O_ATTR }, { NULL, 0, 0 },
    };
    cp_opts op;
    memset(&op, 0, sizeof op);
    op.deref = DEREF_DEFAULT;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "aRrfinuvslLPHdpt:TxbS:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': op.recursive = 1; op.deref = DEREF_NEVER; op.preserve_mode = op.preserve_time = 1; break;
        case 'R': case 'r': op.recursive = 1; break;
        case 'f': op.interactive = 0; op.noclobber = 0; break;
        case 'i': op.interactive = 1; op.noclobber = 0; break;
        case 'n': op.noclobber = 1; op.interactive = 0; break;
        case 'u': op.update = !o.arg || strcmp(o.arg, "all"); break;
        case 'v': op.verbose = 1; break;
        case 's': op.symlink = 1; break;
        case 'l': op.hardlink = 1; break;
        case 'L': op.deref = DEREF_ALWAYS; break;
        case 'P': op.deref = DEREF_NEVER; break;
        case 'H': op.deref = DEREF_CMDLINE; break;
        case 'd': op.deref = DEREF_NEVER; break;
        case 'p': op.preserve_mode = op.preserve_time = 1; break;
        case 't': op.target = o.arg; break;
        case 'T': op.no_target_dir = 1; break;
        case 'x': case 'b': case 'S': case O_IGNORED: case O_STRIP: case O_ATTR: break;
        case O_PRESERVE:
            if (!o.arg || strstr(o.arg, "mode") || strstr(o.arg, "all")) op.preserve_mode = 1;
            if (!o.arg || strstr(o.arg, "timestamps") || strstr(o.arg, "all")) op.preserve_time = 1;
            break;
        case O_NOPRESERVE:
            if (strstr(o.arg, "mode") || strstr(o.arg, "all")) op.preserve_mode = 0;
            if (strstr(o.arg, "timestamps") || strstr(o.arg, "all")) op.preserve_time = 0;
            break;
        case O_PARENTS: op.parents = 1; break;
        case O_REMOVE: op.remove_dest = 1; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0;
    sk_buf dst = SK_BUF_INIT(c->a), name = SK_BUF_INIT(c->a);
    if (nops == 0) {
        status = fsu_usage_error(c, "missing file operand");
        goto out;
    }
    const char *target = op.target;
    if (!target) {
        if (nops == 1) {
            status = fsu_usage_error(c, "missing destination file operand after %Q", ops[0]);
            goto out;
        }
        target = ops[--nops];
    }
    int to_dir = op.target != NULL;
    if (!to_dir && !op.no_target_dir) to_dir = nops > 1 || sk_vfs_is_dir(c->vfs, c->cwd, target);
    if (op.no_target_dir && (op.target || nops > 1)) {
        status = fsu_usage_error(c, "extra operand %Q", nops > 1 ? ops[1] : target);
        goto out;
    }
    if (to_dir) {
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, target, &st);
        if (rc || st.type != SK_FILE_DIR) {
            if (rc) fsu_error(c, "target %Q: %s", target, sk_status_message(rc));
            else fsu_error(c, "target %Q is not a directory", target);
            status = 1;
            goto out;
        }
    }
    for (int i = 0; i < nops && !cmd_aborted(c); i++) {
        const char *src = ops[i];
        if (to_dir) {
            sk_buf_clear(&dst);
            if (op.parents) {
                sk_buf_puts(&dst, target);
                if (dst.len && dst.p[dst.len - 1] != '/') sk_buf_putc(&dst, '/');
                const char *s = src;
                while (*s == '/') s++;
                sk_buf_puts(&dst, s);
                /* make the parent directories */
                size_t dl;
                const char *dn = sk_vpath_dirname(dst.p, dst.len, &dl);
                sk_buf_clear(&name);
                sk_buf_put(&name, dn, dl);
                sk_buf_puts(&name, "");
                sk_vfs_mkdir_p(c->vfs, c->cwd, sk_buf_cstr(&name), 0755);
            } else {
                if (fsu_last_name(&name, src) || fsu_join(&dst, target, sk_buf_cstr(&name))) {
                    status = fsu_error(c, "memory exhausted");
                    break;
                }
            }
            status |= copy_one(c, src, sk_buf_cstr(&dst), &op);
        } else {
            status |= copy_one(c, src, target, &op);
        }
    }
out:
    sk_buf_free(&dst);
    sk_buf_free(&name);
    cmd_opts_free(&o, c);
    return status;
}
