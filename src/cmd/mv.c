/* mv.c — mv: move (rename) files (GNU options -f -i -n -u -v -t -T).
 * A rename the backend refuses across devices (a host mount) falls back to
 * copy-then-remove through the VFS tree helpers. */
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("mv", cmd_mv, "mv [-fnivu] [-t DIR] SRC... DEST: move or rename files and directories");

typedef struct mv_opts {
    int interactive, noclobber, update, verbose, no_target_dir;
    const char *target;
} mv_opts;

static int move_one(sk_cmd *c, const char *src, const char *dst, const mv_opts *op)
{
    const sk_vfs *v = c->vfs;
    sk_stat sst, dst_st;
    int rc = sk_vfs_lstat(v, c->cwd, src, &sst);
    if (rc) {
        fsu_error(c, "cannot stat %Q: %s", src, sk_status_message(rc));
        return 1;
    }
    rc = sk_vfs_lstat(v, c->cwd, dst, &dst_st);
    if (rc && rc != SK_ENOENT) {
        fsu_error(c, "cannot stat %Q: %s", dst, sk_status_message(rc));
        return 1;
    }
    int exists = rc == SK_OK;
    if (exists) {
        char *a = NULL, *b = NULL;
        int same = sk_vfs_resolve(v, c->cwd, src, 0, &a) == SK_OK &&
                   sk_vfs_resolve(v, c->cwd, dst, 0, &b) == SK_OK && !strcmp(a, b);
        sk_free(c->a, a);
        sk_free(c->a, b);
        if (same) {
            fsu_error(c, "%Q and %Q are the same file", src, dst);
            return 1;
        }
        if (op->noclobber) return 0;
        if (op->update && dst_st.mtime_ns >= sst.mtime_ns) return 0;
        if (op->interactive && !fsu_confirm(c, "overwrite %Q? ", dst)) return 0;
    }
    rc = sk_vfs_rename(v, c->cwd, src, dst);
    if (rc == SK_EXDEV) {
        rc = sk_vfs_copy_tree(v, c->cwd, src, dst, NULL, NULL);
        if (!rc) rc = sk_vfs_remove_tree(v, c->cwd, src, NULL, NULL);
    }
    if (rc) {
        char *sa = NULL, *da = NULL;
        int into_self = sst.type == SK_FILE_DIR && sk_vfs_resolve(v, c->cwd, src, 0, &sa) == SK_OK &&
                        sk_vfs_realpath(v, c->cwd, dst, SK_REALPATH_MISSING, &da) == SK_OK &&
                        sk_vpath_is_under(da, strlen(da), sa, strlen(sa));
        sk_free(c->a, sa);
        sk_free(c->a, da);
        if (into_self)
            fsu_error(c, "cannot move %Q to a subdirectory of itself, %Q", src, dst);
        else if (rc == SK_EISDIR && sst.type != SK_FILE_DIR)
            fsu_error(c, "cannot overwrite directory %Q with non-directory", dst);
        else if (rc == SK_ENOTDIR && sst.type == SK_FILE_DIR && exists && dst_st.type != SK_FILE_DIR)
            fsu_error(c, "cannot overwrite non-directory %Q with directory %Q", dst, src);
        else
            fsu_error(c, "cannot move %Q to %Q: %s", src, dst, sk_status_message(rc));
        return 1;
    }
    if (op->verbose) fsu_printf(c, "renamed %Q -> %Q\n", src, dst);
    return 0;
}

int cmd_mv(sk_cmd *c, int argc, char **argv)
{
    enum { O_IGNORED = 256 };
    static const cmd_longopt longs[] = {
        { "force", 0, 'f' }, { "interactive", 0, 'i' }, { "no-clobber", 0, 'n' },
        { "update", 2, 'u' }, { "verbose", 0, 'v' }, { "target-directory", 1, 't' },
        { "no-target-directory", 0, 'T' }, { "backup", 2, O_IGNORED },
        { "strip-trailing-slashes", 0, O_IGNORED }, { "no-copy", 0, O_IGNORED }, { NULL, 0, 0 },
    };
    mv_opts op;
    memset(&op, 0, sizeof op);
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "finuvt:TbS:Z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'f': op.interactive = op.noclobber = 0; break;
        case 'i': op.interactive = 1; op.noclobber = 0; break;
        case 'n': op.noclobber = 1; op.interactive = 0; break;
        case 'u': op.update = !o.arg || strcmp(o.arg, "all"); break;
        case 'v': op.verbose = 1; break;
        case 't': op.target = o.arg; break;
        case 'T': op.no_target_dir = 1; break;
        case 'b': case 'S': case 'Z': case O_IGNORED: break;
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
    if (op.no_target_dir && (op.target || nops > 1)) {
        status = fsu_usage_error(c, "extra operand %Q", nops > 1 ? ops[1] : target);
        goto out;
    }
    int to_dir = op.target != NULL;
    if (!to_dir && !op.no_target_dir) to_dir = nops > 1 || sk_vfs_is_dir(c->vfs, c->cwd, target);
    if (to_dir) {
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, target, &st);
        if (rc) {
            status = fsu_error(c, "target %Q: %s", target, sk_status_message(rc));
            goto out;
        }
        if (st.type != SK_FILE_DIR) {
            status = fsu_error(c, "target %Q is not a directory", target);
            goto out;
        }
    }
    for (int i = 0; i < nops && !cmd_aborted(c); i++) {
        if (!to_dir) {
            status |= move_one(c, ops[i], target, &op);
            continue;
        }
        if (fsu_last_name(&name, ops[i]) || fsu_join(&dst, target, sk_buf_cstr(&name))) {
            status = fsu_error(c, "memory exhausted");
            break;
        }
        status |= move_one(c, ops[i], sk_buf_cstr(&dst), &op);
    }
out:
    sk_buf_free(&dst);
    sk_buf_free(&name);
    cmd_opts_free(&o, c);
    return status;
}
