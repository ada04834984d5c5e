/* chmod.c — chmod (octal and symbolic modes, -R -v -c -f, --reference),
 * and chown/chgrp, which the sandbox accepts without changing anything
 * (there is one user) after checking that the files exist. */
#include <string.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("chmod", cmd_chmod, "chmod [-R] [-v|-c] MODE[,MODE]... FILE...: change permission bits (octal or u+x,go-w,a=r,+X)");
SK_CMD("chown", cmd_chown, "chown [-R] OWNER[:GROUP] FILE...: accepted, but ownership does not change (single-user sandbox)");
SK_CMD("chgrp", cmd_chgrp, "chgrp [-R] GROUP FILE...: accepted, but ownership does not change (single-user sandbox)");

typedef struct chmod_opts {
    int recursive, verbose, changes, quiet;
    const char *mode;
    int ref_set;
    uint32_t ref_mode;
} chmod_opts;

static int is_mode_arg(const char *a)
{
    if (a[0] != '-' || !a[1]) return 0;
    for (const char *p = a + 1; *p; p++)
        if (!strchr("rwxXstugoa,+-=01234567", *p)) return 0;
    return 1;
}

static void describe(sk_cmd *c, const char *path, uint32_t old, uint32_t nw, const chmod_opts *op)
{
    sk_stat s1 = { .type = SK_FILE_REGULAR, .mode = old }, s2 = { .type = SK_FILE_REGULAR, .mode = nw };
    char a[11], b[11];
    fsu_mode_string(&s1, a);
    fsu_mode_string(&s2, b);
    if (old != nw)
        fsu_printf(c, "mode of %Q changed from %04o (%s) to %04o (%s)\n", path, old, a + 1, nw, b + 1);
    else if (op->verbose)
        fsu_printf(c, "mode of %Q retained as %04o (%s)\n", path, old, a + 1);
}

/* Change one entry whose stat (following links) is st. */
static int chmod_one(sk_cmd *c, const char *shown, const char *abs_or_path, const char *cwd,
                     const sk_stat *st, const chmod_opts *op)
{
    uint32_t nw;
    if (op->ref_set) nw = op->ref_mode;
    else if (fsu_parse_mode(op->mode, st->mode, st->type == SK_FILE_DIR, &nw)) return 1;
    int rc = SK_OK;
    if (nw != st->mode) rc = sk_vfs_chmod(c->vfs, cwd, abs_or_path, nw);
    if (rc) {
        if (!op->quiet) fsu_error(c, "changing permissions of %Q: %s", shown, sk_status_message(rc));
        return 1;
    }
    if (op->verbose || (op->changes && nw != st->mode)) describe(c, shown, st->mode, nw, op);
    return 0;
}

static int chmod_tree(sk_cmd *c, const char *root, const chmod_opts *op)
{
    fsu_walk w;
    fsu_walk_init(&w, c, root, FSU_FOLLOW_ROOT, 0);
    fsu_walk_ent e;
    int status = 0, r;
    while ((r = fsu_walk_next(&w, &e)) > 0) {
        if (cmd_aborted(c)) break;
        if (e.kind == FSU_W_ERR) {
            if (!op->quiet) fsu_error(c, "cannot read directory %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            continue;
        }
        if (e.kind != FSU_W_PRE) continue;
        if (e.rc) {
            if (!op->quiet) fsu_error(c, "cannot access %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            continue;
        }
        if (e.st.type == SK_FILE_SYMLINK) {
            if (op->verbose)
                fsu_printf(c, "neither symbolic link %Q nor referent has been changed\n", e.path);
            continue;
        }
        status |= chmod_one(c, e.path, e.abs, "/", &e.st, op);
    }
    if (r < 0) status = fsu_error(c, "%s", sk_status_message(r));
    fsu_walk_free(&w);
    return status;
}

int cmd_chmod(sk_cmd *c, int argc, char **argv)
{
    chmod_opts op;
    memset(&op, 0, sizeof op);
    const char *ref = NULL;
    char **files = sk_malloc(c->a, (size_t)(argc + 1) * sizeof *files);
    if (!files) return fsu_error(c, "memory exhausted");
    int nfiles = 0, status = 0, dashdash = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (dashdash || a[0] != '-' || !a[1]) {
            if (!op.mode && !ref) op.mode = a;
            else files[nfiles++] = a;
            continue;
        }
        if (!strcmp(a, "--")) { dashdash = 1; continue; }
        if (a[1] == '-') {
            const char *name = a + 2;
            const char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
#define LONG_IS(s) (len >= 3 && len <= strlen(s) && !strncmp(name, s, len))
            if (LONG_IS("recursive")) op.recursive = 1;
            else if (LONG_IS("verbose")) op.verbose = 1;
            else if (LONG_IS("changes")) op.changes = 1;
            else if (LONG_IS("silent") || LONG_IS("quiet")) op.quiet = 1;
            else if (LONG_IS("preserve-root") || LONG_IS("no-preserve-root")) { }
            else if (LONG_IS("reference")) {
                if (eq) ref = eq + 1;
                else if (i + 1 < argc) ref = argv[++i];
                else { status = fsu_usage_error(c, "option '--reference' requires an argument"); goto out; }
            } else {
                status = cmd_bad_long_option(c, a);
                goto out;
            }
#undef LONG_IS
            continue;
        }
        if (!op.mode && !ref && is_mode_arg(a)) {
            op.mode = a;
            continue;
        }
        for (const char *p = a + 1; *p; p++) {
            switch (*p) {
            case 'R': op.recursive = 1; break;
            case 'v': op.verbose = 1; break;
            case 'c': op.changes = 1; break;
            case 'f': op.quiet = 1; break;
            case 'H': case 'L': case 'P': break;
            default:
                status = cmd_bad_option(c, *p);
                goto out;
            }
        }
    }
    if (ref) {
        /* with --reference every operand is a file */
        if (op.mode) {
            memmove(files + 1, files, (size_t)nfiles * sizeof *files);
            files[0] = (char *)op.mode;
            nfiles++;
            op.mode = NULL;
        }
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, ref, &st);
        if (rc) {
            status = fsu_error(c, "failed to get attributes of %Q: %s", ref, sk_status_message(rc));
            goto out;
        }
        op.ref_set = 1;
        op.ref_mode = st.mode;
    }
    if (!op.mode && !op.ref_set) {
        status = fsu_usage_error(c, "missing operand");
        goto out;
    }
    if (nfiles == 0) {
        if (op.ref_set) status = fsu_usage_error(c, "missing operand");
        else status = fsu_usage_error(c, "missing operand after %Q", op.mode);
        goto out;
    }
    uint32_t probe;
    if (op.mode && fsu_parse_mode(op.mode, 0644, 0, &probe)) {
        status = fsu_usage_error(c, "invalid mode: %Q", op.mode);
        goto out;
    }
    for (int i = 0; i < nfiles && !cmd_aborted(c); i++) {
        if (op.recursive) {
            status |= chmod_tree(c, files[i], &op);
            continue;
        }
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, files[i], &st);
        if (rc) {
            if (!op.quiet) fsu_error(c, "cannot access %Q: %s", files[i], sk_status_message(rc));
            if (op.verbose) fsu_printf(c, "%Q could not be accessed\n", files[i]);
            status = 1;
            continue;
        }
        status |= chmod_one(c, files[i], files[i], c->cwd, &st, &op);
    }
out:
    sk_free(c->a, files);
    return status;
}

/* chown/chgrp: parse like GNU, verify the files, change nothing. */
static int chown_common(sk_cmd *c, int argc, char **argv, int is_grp)
{
    static const cmd_longopt longs[] = {
        { "recursive", 0, 'R' }, { "verbose", 0, 'v' }, { "changes", 0, 'c' }, { "silent", 0, 'f' },
        { "quiet", 0, 'f' }, { "dereference", 0, 'D' }, { "no-dereference", 0, 'h' },
        { "reference", 1, 'r' }, { "from", 1, 'F' }, { "preserve-root", 0, 'p' },
        { "no-preserve-root", 0, 'p' }, { NULL, 0, 0 },
    };
    int verbose = 0, quiet = 0, have_ref = 0, nofollow = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "RvcfhHLP", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'v': verbose = 1; break;
        case 'f': quiet = 1; break;
        case 'h': nofollow = 1; break;
        case 'r': have_ref = 1; break;
        case 'R': case 'c': case 'H': case 'L': case 'P': case 'D': case 'F': case 'p': break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0;
    const char *owner = NULL;
    if (!have_ref) {
        if (nops == 0) {
            fsu_usage_error(c, "missing operand");
            cmd_opts_free(&o, c);
            return 1;
        }
        owner = ops[0];
        ops++;
        nops--;
    }
    if (nops == 0) {
        if (owner) fsu_usage_error(c, "missing operand after %Q", owner);
        else fsu_usage_error(c, "missing operand");
        cmd_opts_free(&o, c);
        return 1;
    }
    for (int i = 0; i < nops; i++) {
        sk_stat st;
        int rc = nofollow ? sk_vfs_lstat(c->vfs, c->cwd, ops[i], &st)
                          : sk_vfs_stat(c->vfs, c->cwd, ops[i], &st);
        if (rc) {
            if (!quiet) fsu_error(c, "cannot access %Q: %s", ops[i], sk_status_message(rc));
            status = 1;
            continue;
        }
        if (verbose) {
            if (is_grp) fsu_printf(c, "group of %Q retained as %s\n", ops[i], FSU_GROUP);
            else fsu_printf(c, "ownership of %Q retained as %s\n", ops[i], FSU_USER);
        }
    }
    cmd_opts_free(&o, c);
    return status;
}

int cmd_chown(sk_cmd *c, int argc, char **argv) { return chown_common(c, argc, argv, 0); }
int cmd_chgrp(sk_cmd *c, int argc, char **argv) { return chown_common(c, argc, argv, 1); }
