/* mktemp.c — mktemp: create a unique temporary file or directory (GNU
 * options -d -u -q -p/--tmpdir -t --suffix).  The X's are filled from the
 * shell's seeded PRNG (cmd_random), so runs are reproducible. */
#include <string.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("mktemp", cmd_mktemp, "mktemp [-d] [-u] [-p DIR] [TEMPLATE]: create a unique temp file (default /tmp/tmp.XXXXXXXXXX) and print its name");

static const char *env_get(sk_cmd *c, const char *name)
{
    size_t n = strlen(name);
    for (char *const *e = c->envp; e && *e; e++)
        if (!strncmp(*e, name, n) && (*e)[n] == '=') return *e + n + 1;
    return NULL;
}

int cmd_mktemp(sk_cmd *c, int argc, char **argv)
{
    enum { O_SUFFIX = 256, O_TMPDIR };
    static const cmd_longopt longs[] = {
        { "directory", 0, 'd' }, { "dry-run", 0, 'u' }, { "quiet", 0, 'q' },
        { "suffix", 1, O_SUFFIX }, { "tmpdir", 2, O_TMPDIR }, { NULL, 0, 0 },
    };
    int dir = 0, dry = 0, quiet = 0, use_tmpdir = 0, t_flag = 0;
    const char *suffix = NULL, *tmpdir = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "duqp:t", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'd': dir = 1; break;
        case 'u': dry = 1; break;
        case 'q': quiet = 1; break;
        case 'p': use_tmpdir = 1; tmpdir = o.arg; break;
        case O_TMPDIR: use_tmpdir = 1; tmpdir = o.arg; break;
        case 't': t_flag = 1; break;
        case O_SUFFIX: suffix = o.arg; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0;
    sk_buf path = SK_BUF_INIT(c->a);
    if (nops > 1) {
        status = fsu_usage_error(c, "too many templates");
        goto out;
    }
    const char *tmpl = nops ? ops[0] : "tmp.XXXXXXXXXX";
    if (!nops) use_tmpdir = 1;
    /* the suffix: --suffix, or whatever follows the last X */
    size_t tl = strlen(tmpl);
    size_t xend = tl;
    if (suffix) {
        if (tl && tmpl[tl - 1] != 'X') {
            if (!quiet) fsu_error(c, "with --suffix, template %Q must end in X", tmpl);
            status = 1;
            goto out;
        }
    } else {
        while (xend > 0 && tmpl[xend - 1] != 'X') xend--;
        if (xend < tl && strchr(tmpl + xend, '/')) xend = tl; /* the suffix may not hold a '/' */
        suffix = tmpl + xend;
    }
    size_t xstart = xend;
    while (xstart > 0 && tmpl[xstart - 1] == 'X') xstart--;
    if (xend - xstart < 3) {
        if (!quiet) fsu_error(c, "too few X's in template %Q", tmpl);
        status = 1;
        goto out;
    }
    if (t_flag || use_tmpdir) {
        const char *d = NULL;
        if (t_flag) {
            d = env_get(c, "TMPDIR");
            if (!d || !*d) d = tmpdir && *tmpdir ? tmpdir : "/tmp";
        } else {
            d = tmpdir && *tmpdir ? tmpdir : env_get(c, "TMPDIR");
            if (!d || !*d) d = "/tmp";
        }
        if (t_flag && strchr(tmpl, '/')) {
            if (!quiet) fsu_error(c, "invalid template, %Q, contains directory separator", tmpl);
            status = 1;
            goto out;
        }
        sk_buf_puts(&path, d);
        if (path.len && path.p[path.len - 1] != '/') sk_buf_putc(&path, '/');
    }
    sk_buf_put(&path, tmpl, xstart);
    size_t xpos = path.len;
    for (size_t i = xstart; i < xend; i++) sk_buf_putc(&path, 'X');
    sk_buf_puts(&path, suffix);
    if (sk_buf_puts(&path, "")) {
        status = fsu_error(c, "memory exhausted");
        goto out;
    }
    static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    int rc = SK_EEXIST;
    for (int attempt = 0; attempt < 100 && rc == SK_EEXIST; attempt++) {
        for (size_t i = 0; i < xend - xstart; i++) path.p[xpos + i] = chars[cmd_random(c) % 62];
        const char *p = path.p;
        if (dry) {
            sk_stat st;
            rc = sk_vfs_lstat(c->vfs, c->cwd, p, &st) == SK_OK ? SK_EEXIST : SK_OK;
            if (rc == SK_OK) {
                /* the directory must exist for the name to be usable */
                size_t n = strlen(p);
                while (n > 0 && p[n - 1] != '/') n--;
                if (n > 1) {
                    char *d = sk_strndup(c->a, p, n - 1);
                    if (d && !sk_vfs_is_dir(c->vfs, c->cwd, d)) rc = SK_ENOENT;
                    sk_free(c->a, d);
                }
            }
        } else if (dir) {
            rc = sk_vfs_mkdir(c->vfs, c->cwd, p, 0700);
        } else {
            sk_stat st;
            if (sk_vfs_lstat(c->vfs, c->cwd, p, &st) == SK_OK) rc = SK_EEXIST;
            else rc = sk_vfs_write_file(c->vfs, c->cwd, p, "", 0, 0600);
        }
    }
    if (rc) {
        if (!quiet) {
            /* the template as the user would see it: X's restored */
            for (size_t i = 0; i < xend - xstart; i++) path.p[xpos + i] = 'X';
            fsu_error(c, "failed to create %s via template %Q: %s", dir ? "directory" : "file", path.p,
                      sk_status_message(rc));
        }
        status = 1;
        goto out;
    }
    sk_out_puts(&c->out, path.p);
    sk_out_putc(&c->out, '\n');
out:
    sk_buf_free(&path);
    cmd_opts_free(&o, c);
    return status;
}
