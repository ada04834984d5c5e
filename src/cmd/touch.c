/* touch.c — touch: create files and set their modification time (GNU
 * options).  The virtual filesystem keeps one timestamp (mtime), so -a
 * alone changes nothing on an existing file. */
#include <string.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("touch", cmd_touch, "touch [-acmh] [-d DATE|-t STAMP|-r FILE] FILE...: create files or set their times");

int cmd_touch(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "no-create", 0, 'c' }, { "date", 1, 'd' }, { "no-dereference", 0, 'h' },
        { "reference", 1, 'r' }, { "time", 1, 'T' }, { NULL, 0, 0 },
    };
    int no_create = 0, nofollow = 0, only_a = 0, only_m = 0;
    const char *date = NULL, *stamp = NULL, *ref = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "acd:fhmr:t:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': only_a = 1; break;
        case 'm': only_m = 1; break;
        case 'c': no_create = 1; break;
        case 'd': date = o.arg; break;
        case 'f': break;
        case 'h': nofollow = 1; break;
        case 'r': ref = o.arg; break;
        case 't': stamp = o.arg; break;
        case 'T':
            if (!strcmp(o.arg, "atime") || !strcmp(o.arg, "access") || !strcmp(o.arg, "use")) only_a = 1;
            else if (!strcmp(o.arg, "mtime") || !strcmp(o.arg, "modify")) only_m = 1;
            else {
                fsu_error(c, "invalid argument %Q for '--time'", o.arg);
                cmd_opts_free(&o, c);
                return 1;
            }
            break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0;
    int64_t when = cmd_now_ns(c);
    if (stamp && (date || ref)) {
        fsu_usage_error(c, "cannot specify times from more than one source");
        cmd_opts_free(&o, c);
        return 1;
    }
    if (ref) {
        sk_stat st;
        int rc = nofollow ? sk_vfs_lstat(c->vfs, c->cwd, ref, &st) : sk_vfs_stat(c->vfs, c->cwd, ref, &st);
        if (rc) {
            fsu_error(c, "failed to get attributes of %Q: %s", ref, sk_status_message(rc));
            cmd_opts_free(&o, c);
            return 1;
        }
        when = st.mtime_ns;
    }
    if (date && fsu_parse_date(date, when, &when)) {
        fsu_error(c, "invalid date format %Q", date);
        cmd_opts_free(&o, c);
        return 1;
    }
    if (stamp && fsu_parse_touch_t(stamp, when, &when)) {
        fsu_error(c, "invalid date format %Q", stamp);
        cmd_opts_free(&o, c);
        return 1;
    }
    if (nops == 0) {
        fsu_usage_error(c, "missing file operand");
        cmd_opts_free(&o, c);
        return 1;
    }
    int set_m = !only_a || only_m;
    for (int i = 0; i < nops && !cmd_aborted(c); i++) {
        const char *f = ops[i];
        if (!strcmp(f, "-")) continue; /* touches standard output: nothing to do */
        sk_stat st;
        int rc = nofollow ? sk_vfs_lstat(c->vfs, c->cwd, f, &st) : sk_vfs_stat(c->vfs, c->cwd, f, &st);
        if (rc == SK_ENOENT && !no_create && !nofollow) {
            rc = sk_vfs_append_file(c->vfs, c->cwd, f, "", 0, 0666 & ~(uint32_t)FSU_UMASK);
            if (rc) {
                status = fsu_error(c, "cannot touch %Q: %s", f, sk_status_message(rc));
                continue;
            }
            rc = sk_vfs_set_mtime(c->vfs, c->cwd, f, when, 0);
        } else if (rc == SK_ENOENT && no_create) {
            continue;
        } else if (rc == SK_OK) {
            if (set_m) rc = sk_vfs_set_mtime(c->vfs, c->cwd, f, when, nofollow);
        }
        if (rc) {
            if (rc == SK_ENOENT || rc == SK_ENOTDIR)
                status = fsu_error(c, "%s %Q: %s", nofollow ? "setting times of" : "cannot touch", f,
                                   sk_status_message(rc));
            else
                status = fsu_error(c, "setting times of %Q: %s", f, sk_status_message(rc));
        }
    }
    cmd_opts_free(&o, c);
    return status;
}
