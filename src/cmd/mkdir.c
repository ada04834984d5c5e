/* mkdir.c — mkdir, rmdir, and the two directory-ish odds and ends: mkfifo
 * (refused: the virtual filesystem has no FIFOs) and sync (nothing to do).
 * GNU coreutils options and messages. */
#include <string.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("mkdir", cmd_mkdir, "mkdir [-p] [-m MODE] [-v] DIR...: create directories (-p: parents too, no error if existing)");
SK_CMD("rmdir", cmd_rmdir, "rmdir [-p] [-v] [--ignore-fail-on-non-empty] DIR...: remove empty directories");
SK_CMD("mkfifo", cmd_mkfifo, "mkfifo NAME...: not supported in the sandbox (no named pipes)");
SK_CMD("sync", cmd_sync, "sync: flush file system buffers (a no-op in the sandbox)");

/* mkdir -p: create each missing prefix of `path` as written. */
static int mkdir_parents(sk_cmd *c, const char *path, uint32_t mode, int verbose)
{
    const sk_vfs *v = c->vfs;
    size_t n = strlen(path);
    sk_buf pre = SK_BUF_INIT(c->a);
    size_t i = 0;
    int status = 0;
    if (n == 0) {
        fsu_error(c, "cannot create directory %Q: %s", path, sk_status_message(SK_ENOENT));
        return 1;
    }
    while (i < n) {
        /* extend the prefix by one component (with its leading slashes) */
        size_t j = i;
        while (j < n && path[j] == '/') j++;
        while (j < n && path[j] != '/') j++;
        size_t k = j;
        while (k < n && path[k] == '/') k++;
        int last = k >= n;
        sk_buf_clear(&pre);
        if (sk_buf_put(&pre, path, j)) { status = fsu_error(c, "memory exhausted"); break; }
        i = j;
        const char *pp = sk_buf_cstr(&pre);
        sk_stat st;
        int rc = sk_vfs_stat(v, c->cwd, pp, &st);
        if (rc == SK_OK) {
            if (st.type == SK_FILE_DIR) continue;
            fsu_error(c, "cannot create directory %Q: %s", pp,
                      sk_status_message(last ? SK_EEXIST : SK_ENOTDIR));
            status = 1;
            break;
        }
        if (rc == SK_ENOENT && sk_vfs_lstat(v, c->cwd, pp, &st) == SK_OK) rc = SK_EEXIST;
        else if (rc == SK_ENOENT) rc = sk_vfs_mkdir(v, c->cwd, pp, last ? mode : 0755);
        if (rc) {
            fsu_error(c, "cannot create directory %Q: %s", pp, sk_status_message(rc));
            status = 1;
            break;
        }
        if (last && mode & 07000) sk_vfs_chmod(v, c->cwd, pp, mode);
        if (verbose) fsu_printf(c, "%s: created directory %Q\n", c->name, pp);
    }
    sk_buf_free(&pre);
    return status;
}

int cmd_mkdir(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "parents", 0, 'p' }, { "mode", 1, 'm' }, { "verbose", 0, 'v' }, { "context", 2, 'Z' },
        { NULL, 0, 0 },
    };
    int parents = 0, verbose = 0;
    const char *mode_s = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "pm:vZ", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'p': parents = 1; break;
        case 'm': mode_s = o.arg; break;
        case 'v': verbose = 1; break;
        case 'Z': break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    uint32_t mode = 0777 & ~(uint32_t)FSU_UMASK;
    if (mode_s && fsu_parse_mode(mode_s, 0777, 1, &mode)) {
        fsu_error(c, "invalid mode %Q", mode_s);
        cmd_opts_free(&o, c);
        return 1;
    }
    if (nops == 0) {
        cmd_opts_free(&o, c);
        fsu_usage_error(c, "missing operand");
        return 1;
    }
    int status = 0;
    for (int i = 0; i < nops && !cmd_aborted(c); i++) {
        if (parents) {
            status |= mkdir_parents(c, ops[i], mode, verbose);
            continue;
        }
        int rc = sk_vfs_mkdir(c->vfs, c->cwd, ops[i], mode);
        if (rc) {
            status = fsu_error(c, "cannot create directory %Q: %s", ops[i], sk_status_message(rc));
            continue;
        }
        if (mode_s) sk_vfs_chmod(c->vfs, c->cwd, ops[i], mode);
        if (verbose) fsu_printf(c, "%s: created directory %Q\n", c->name, ops[i]);
    }
    cmd_opts_free(&o, c);
    return status;
}

/* The last component written is "." (rmdir refuses it). */
static int last_is_dot(const char *p)
{
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') n--;
    return (n == 1 && p[0] == '.') || (n >= 2 && p[n - 1] == '.' && p[n - 2] == '/');
}

static int rmdir_one(sk_cmd *c, const char *path, int verbose, int ignore_nonempty, int is_parent)
{
    if (verbose) fsu_printf(c, "%s: removing directory, %Q\n", c->name, path);
    int rc;
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/') n--;
    if (n == 1 && path[0] == '/') rc = SK_BUSY;
    else if (last_is_dot(path)) rc = SK_EINVAL;
    else rc = sk_vfs_rmdir(c->vfs, c->cwd, path);
    if (rc == SK_OK) return 0;
    if (rc == SK_ENOTEMPTY && ignore_nonempty) return 2;
    /* "x/" names the directory itself: a non-directory is "Not a directory" */
    fsu_error(c, "failed to remove %s%Q: %s", is_parent ? "directory " : "", path, sk_status_message(rc));
    return 1;
}

int cmd_rmdir(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "parents", 0, 'p' }, { "verbose", 0, 'v' }, { "ignore-fail-on-non-empty", 0, 'I' },
        { NULL, 0, 0 },
    };
    int parents = 0, verbose = 0, ignore = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "pv", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'p': parents = 1; break;
        case 'v': verbose = 1; break;
        case 'I': ignore = 1; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops == 0) {
        cmd_opts_free(&o, c);
        fsu_usage_error(c, "missing operand");
        return 1;
    }
    int status = 0;
    sk_buf p = SK_BUF_INIT(c->a);
    for (int i = 0; i < nops; i++) {
        int r = rmdir_one(c, ops[i], verbose, ignore, 0);
        if (r == 1) status = 1;
        if (r || !parents) continue;
        sk_buf_clear(&p);
        if (sk_buf_puts(&p, ops[i])) break;
        for (;;) {
            /* strip trailing slashes, then the last component */
            while (p.len > 1 && p.p[p.len - 1] == '/') p.len--;
            while (p.len > 0 && p.p[p.len - 1] != '/') p.len--;
            while (p.len > 1 && p.p[p.len - 1] == '/') p.len--;
            if (p.len == 0 || (p.len == 1 && p.p[0] == '/')) break;
            p.p[p.len] = 0;
            r = rmdir_one(c, p.p, verbose, ignore, 1);
            if (r == 1) status = 1;
            if (r) break;
        }
    }
    sk_buf_free(&p);
    cmd_opts_free(&o, c);
    return status;
}

int cmd_mkfifo(sk_cmd *c, int argc, char **argv)
{
    cmd_opts o;
    static const cmd_longopt longs[] = { { "mode", 1, 'm' }, { "context", 2, 'Z' }, { NULL, 0, 0 } };
    cmd_opts_init(&o, argc, argv, "m:Z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        if (ch != 'm' && ch != 'Z') {
            cmd_opts_free(&o, c);
            return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops == 0) {
        cmd_opts_free(&o, c);
        fsu_usage_error(c, "missing operand");
        return 1;
    }
    for (int i = 0; i < nops; i++)
        fsu_error(c, "cannot create fifo %Q: %s", ops[i], sk_status_message(SK_UNSUPPORTED));
    cmd_opts_free(&o, c);
    return 1;
}

int cmd_sync(sk_cmd *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    (void)c;
    return 0;
}
