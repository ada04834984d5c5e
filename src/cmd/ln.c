/* ln.c — ln: make links (GNU options -s -f -n -T -t -v -r -L -P).
 * The virtual filesystem has symbolic links only: a hard link (ln without
 * -s) is emulated by a copy of the file, and refused for directories as
 * ln refuses it. */
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("ln", cmd_ln, "ln [-sfnv] TARGET [LINK] | TARGET... DIR: make links (-s symbolic; hard links are copies)");

typedef struct ln_opts {
    int symbolic, force, interactive, nodereference, no_target_dir, verbose, relative;
    const char *target_dir;
} ln_opts;

/* Relative path from directory `from` to `to` (both absolute, normal). */
static int relative_to(sk_buf *out, const char *from, const char *to)
{
    sk_vpath_iter fi, ti;
    const char *fc, *tc;
    size_t fl, tl;
    sk_vpath_iter_init(&fi, from, strlen(from));
    sk_vpath_iter_init(&ti, to, strlen(to));
    int fh, th;
    /* skip the common leading components */
    for (;;) {
        sk_vpath_iter fs = fi, ts = ti;
        fh = sk_vpath_next(&fi, &fc, &fl);
        th = sk_vpath_next(&ti, &tc, &tl);
        if (!fh || !th || fl != tl || memcmp(fc, tc, fl)) {
            fi = fs;
            ti = ts;
            break;
        }
    }
    sk_buf_clear(out);
    int first = 1;
    while (sk_vpath_next(&fi, &fc, &fl)) {
        if ((!first && sk_buf_putc(out, '/')) || sk_buf_puts(out, "..")) return -1;
        first = 0;
    }
    while (sk_vpath_next(&ti, &tc, &tl)) {
        if ((!first && sk_buf_putc(out, '/')) || sk_buf_put(out, tc, tl)) return -1;
        first = 0;
    }
    if (first && sk_buf_putc(out, '.')) return -1;
    return sk_buf_puts(out, "");
}

static int link_one(sk_cmd *c, const char *target, const char *link, const ln_opts *op)
{
    const sk_vfs *v = c->vfs;
    int rc;
    sk_buf rel = SK_BUF_INIT(c->a);
    const char *stored = target;
    if (!op->symbolic) {
        sk_stat st;
        rc = sk_vfs_stat(v, c->cwd, target, &st);
        if (rc) {
            fsu_error(c, "failed to access %Q: %s", target, sk_status_message(rc));
            return 1;
        }
        if (st.type == SK_FILE_DIR) {
            fsu_error(c, "%s: hard link not allowed for directory", target);
            return 1;
        }
    } else if (op->relative) {
        char *ta = NULL, *la = NULL;
        rc = sk_vfs_realpath(v, c->cwd, target, SK_REALPATH_MISSING, &ta);
        if (rc == SK_ELOOP) {
            /* a looping target is taken as written */
            ta = cmd_abspath(c, target);
            rc = ta ? SK_OK : SK_NOMEM;
        }
        if (!rc) rc = sk_vfs_realpath(v, c->cwd, link, SK_REALPATH_MISSING, &la);
        if (!rc) {
            size_t dl;
            const char *dn = sk_vpath_dirname(la, strlen(la), &dl);
            char *dir = sk_strndup(c->a, dn, dl);
            if (!dir || relative_to(&rel, dir, ta)) rc = SK_NOMEM;
            sk_free(c->a, dir);
        }
        sk_free(c->a, ta);
        sk_free(c->a, la);
        if (rc) {
            fsu_error(c, "%s", sk_status_message(rc));
            sk_buf_free(&rel);
            return 1;
        }
        stored = sk_buf_cstr(&rel);
    }
    sk_stat lst;
    int exists = sk_vfs_lstat(v, c->cwd, link, &lst) == SK_OK;
    if (exists) {
        if (op->interactive && !fsu_confirm(c, "replace %Q? ", link)) {
            sk_buf_free(&rel);
            return 0;
        }
        if (op->force || op->interactive) {
            if (lst.type == SK_FILE_DIR) {
                fsu_error(c, "%Q: cannot overwrite directory", link);
                sk_buf_free(&rel);
                return 1;
            }
            if (!op->symbolic) {
                /* `ln -f f f`: the same file */
                char *a = NULL, *b = NULL;
                int same = sk_vfs_resolve(v, c->cwd, target, 1, &a) == SK_OK &&
                           sk_vfs_resolve(v, c->cwd, link, 1, &b) == SK_OK && !strcmp(a, b);
                sk_free(c->a, a);
                sk_free(c->a, b);
                if (same) {
                    fsu_error(c, "%Q and %Q are the same file", target, link);
                    sk_buf_free(&rel);
                    return 1;
                }
            }
            rc = sk_vfs_unlink(v, c->cwd, link);
            if (rc) {
                fsu_error(c, "cannot remove %Q: %s", link, sk_status_message(rc));
                sk_buf_free(&rel);
                return 1;
            }
        }
    }
    if (op->symbolic) {
        rc = sk_vfs_symlink(v, c->cwd, stored, link);
        if (rc) fsu_error(c, "failed to create symbolic link %Q: %s", link, sk_status_message(rc));
    } else {
        rc = exists && !op->force && !op->interactive ? SK_EEXIST : sk_vfs_copy_file(v, c->cwd, target, link);
        if (rc) fsu_error(c, "failed to create hard link %Q: %s", link, sk_status_message(rc));
        else {
            sk_stat st;
            if (sk_vfs_stat(v, c->cwd, target, &st) == SK_OK) {
                sk_vfs_chmod(v, c->cwd, link, st.mode);
                sk_vfs_set_mtime(v, c->cwd, link, st.mtime_ns, 0);
            }
        }
    }
    if (!rc && op->verbose) fsu_printf(c, op->symbolic ? "%Q -> %Q\n" : "%Q => %Q\n", link, stored);
    sk_buf_free(&rel);
    return rc ? 1 : 0;
}

int cmd_ln(sk_cmd *c, int argc, char **argv)
{
    enum { O_IGNORED = 256 };
    static const cmd_longopt longs[] = {
        { "symbolic", 0, 's' }, { "force", 0, 'f' }, { "interactive", 0, 'i' },
        { "no-dereference", 0, 'n' }, { "no-target-directory", 0, 'T' },
        { "target-directory", 1, 't' }, { "verbose", 0, 'v' }, { "relative", 0, 'r' },
        { "logical", 0, 'L' }, { "physical", 0, 'P' }, { "backup", 2, O_IGNORED }, { NULL, 0, 0 },
    };
    ln_opts op;
    memset(&op, 0, sizeof op);
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "sfinTt:vrLPbS:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 's': op.symbolic = 1; break;
        case 'f': op.force = 1; op.interactive = 0; break;
        case 'i': op.interactive = 1; op.force = 0; break;
        case 'n': op.nodereference = 1; break;
        case 'T': op.no_target_dir = 1; break;
        case 't': op.target_dir = o.arg; break;
        case 'v': op.verbose = 1; break;
        case 'r': op.relative = 1; break;
        case 'L': case 'P': case 'b': case 'S': case O_IGNORED: break;
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
    const char *dir = op.target_dir;
    int ntargets = nops;
    if (!dir) {
        if (nops == 1) {
            dir = ".";
        } else if (op.no_target_dir) {
            if (nops > 2) {
                status = fsu_usage_error(c, "extra operand %Q", ops[2]);
                goto out;
            }
            status = link_one(c, ops[0], ops[1], &op);
            goto out;
        } else {
            const char *last = ops[nops - 1];
            sk_stat st, lst;
            int isdir = sk_vfs_stat(c->vfs, c->cwd, last, &st) == SK_OK && st.type == SK_FILE_DIR;
            if (isdir && op.nodereference && sk_vfs_lstat(c->vfs, c->cwd, last, &lst) == SK_OK &&
                lst.type == SK_FILE_SYMLINK)
                isdir = 0;
            if (nops == 2 && !isdir) {
                status = link_one(c, ops[0], ops[1], &op);
                goto out;
            }
            if (!isdir) {
                int rc = sk_vfs_stat(c->vfs, c->cwd, last, &st);
                if (rc) status = fsu_error(c, "target %Q: %s", last, sk_status_message(rc));
                else status = fsu_error(c, "target %Q is not a directory", last);
                goto out;
            }
            dir = last;
            ntargets = nops - 1;
        }
    }
    for (int i = 0; i < ntargets; i++) {
        if (fsu_last_name(&name, ops[i]) || fsu_join(&dst, dir, sk_buf_cstr(&name))) {
            status = fsu_error(c, "memory exhausted");
            break;
        }
        status |= link_one(c, ops[i], sk_buf_cstr(&dst), &op);
    }
out:
    sk_buf_free(&dst);
    sk_buf_free(&name);
    cmd_opts_free(&o, c);
    return status;
}
