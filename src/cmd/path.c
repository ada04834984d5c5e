/* path.c — path-name commands: realpath, readlink, basename, dirname
 * (GNU coreutils options and messages).  Canonicalisation goes through
 * sk_vfs_realpath, so symlinks resolve inside the sandbox. */
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("realpath", cmd_realpath, "realpath [-e|-m] [-s] [--relative-to=DIR] FILE...: print the resolved absolute path");
SK_CMD("readlink", cmd_readlink, "readlink [-f|-e|-m] [-n] FILE...: print a symlink's target or the canonical path");
SK_CMD("basename", cmd_basename, "basename NAME [SUFFIX] | -a [-s SUFFIX] NAME...: strip directory (and suffix)");
SK_CMD("dirname", cmd_dirname, "dirname NAME...: strip the last component");

/* Canonical absolute path of p under mode (SK_REALPATH_*); lexical (-s)
 * when `logical`. */
static int canon(sk_cmd *c, const char *p, int mode, int logical, char **out)
{
    if (!logical) return sk_vfs_realpath(c->vfs, c->cwd, p, mode, out);
    *out = NULL;
    if (!*p) return SK_ENOENT;
    char *abs = cmd_abspath(c, p);
    if (!abs) return SK_NOMEM;
    if (mode != SK_REALPATH_MISSING) {
        /* -s -e: the path must still exist; default: its parent */
        sk_stat st;
        int rc;
        if (mode == SK_REALPATH_EXISTING) {
            rc = sk_vfs_lstat(c->vfs, "/", abs, &st);
        } else {
            size_t dl;
            const char *d = sk_vpath_dirname(abs, strlen(abs), &dl);
            char *dir = sk_strndup(c->a, d, dl);
            rc = dir ? sk_vfs_stat(c->vfs, "/", dir, &st) : SK_NOMEM;
            if (!rc && st.type != SK_FILE_DIR) rc = SK_ENOTDIR;
            sk_free(c->a, dir);
        }
        if (rc) {
            sk_free(c->a, abs);
            return rc;
        }
    }
    *out = abs;
    return SK_OK;
}

/* Relative path from directory `from` to `to` (absolute, normal). */
static int rel_path(sk_buf *out, const char *from, const char *to)
{
    sk_vpath_iter fi, ti;
    const char *fc, *tc;
    size_t fl, tl;
    sk_vpath_iter_init(&fi, from, strlen(from));
    sk_vpath_iter_init(&ti, to, strlen(to));
    for (;;) {
        sk_vpath_iter fs = fi, ts = ti;
        int fh = sk_vpath_next(&fi, &fc, &fl), th = sk_vpath_next(&ti, &tc, &tl);
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

int cmd_realpath(sk_cmd *c, int argc, char **argv)
{
    enum { O_RELTO = 256, O_RELBASE };
    static const cmd_longopt longs[] = {
        { "canonicalize-existing", 0, 'e' }, { "canonicalize-missing", 0, 'm' },
        { "logical", 0, 'L' }, { "physical", 0, 'P' }, { "quiet", 0, 'q' },
        { "relative-to", 1, O_RELTO }, { "relative-base", 1, O_RELBASE },
        { "strip", 0, 's' }, { "no-symlinks", 0, 's' }, { "zero", 0, 'z' }, { NULL, 0, 0 },
    };
    int mode = SK_REALPATH_PARENT, logical = 0, quiet = 0, zero = 0, status = 0;
    const char *rel_to = NULL, *rel_base = NULL;
    char *rt = NULL, *rb = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "emLPqsz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'e': mode = SK_REALPATH_EXISTING; break;
        case 'm': mode = SK_REALPATH_MISSING; break;
        case 'L': case 's': logical = 1; break;
        case 'P': logical = 0; break;
        case 'q': quiet = 1; break;
        case 'z': zero = 1; break;
        case O_RELTO: rel_to = o.arg; break;
        case O_RELBASE: rel_base = o.arg; break;
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
    int rc;
    if (rel_to && (rc = canon(c, rel_to, mode, logical, &rt))) {
        status = fsu_error(c, "%s: %s", rel_to, sk_status_message(rc));
        goto out;
    }
    if (rel_base && (rc = canon(c, rel_base, mode, logical, &rb))) {
        status = fsu_error(c, "%s: %s", rel_base, sk_status_message(rc));
        goto out;
    }
    if (rb && !rt) {
        rt = sk_strdup(c->a, rb);
    } else if (rb && rt && !sk_vpath_is_under(rt, strlen(rt), rb, strlen(rb))) {
        /* --relative-to outside --relative-base: print absolute paths */
        sk_free(c->a, rt);
        sk_free(c->a, rb);
        rt = rb = NULL;
    }
    sk_buf rel = SK_BUF_INIT(c->a);
    for (int i = 0; i < nops; i++) {
        char *p = NULL;
        rc = canon(c, ops[i], mode, logical, &p);
        if (rc) {
            if (!quiet) fsu_error(c, "%s: %s", ops[i], sk_status_message(rc));
            status = 1;
            continue;
        }
        const char *show = p;
        if (rt && (!rb || sk_vpath_is_under(p, strlen(p), rb, strlen(rb)))) {
            if (!rel_path(&rel, rt, p)) show = sk_buf_cstr(&rel);
        }
        sk_out_puts(&c->out, show);
        sk_out_putc(&c->out, zero ? 0 : '\n');
        sk_free(c->a, p);
    }
    sk_buf_free(&rel);
out:
    sk_free(c->a, rt);
    sk_free(c->a, rb);
    cmd_opts_free(&o, c);
    return status;
}

int cmd_readlink(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "canonicalize", 0, 'f' }, { "canonicalize-existing", 0, 'e' },
        { "canonicalize-missing", 0, 'm' }, { "no-newline", 0, 'n' }, { "quiet", 0, 'q' },
        { "silent", 0, 's' }, { "verbose", 0, 'v' }, { "zero", 0, 'z' }, { NULL, 0, 0 },
    };
    int mode = -1, no_nl = 0, verbose = 0, zero = 0, status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "femnqsvz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'f': mode = SK_REALPATH_PARENT; break;
        case 'e': mode = SK_REALPATH_EXISTING; break;
        case 'm': mode = SK_REALPATH_MISSING; break;
        case 'n': no_nl = 1; break;
        case 'q': case 's': verbose = 0; break;
        case 'v': verbose = 1; break;
        case 'z': zero = 1; break;
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
    if (no_nl && nops > 1) {
        fsu_error(c, "ignoring --no-newline with multiple arguments");
        no_nl = 0;
    }
    sk_buf t = SK_BUF_INIT(c->a);
    for (int i = 0; i < nops; i++) {
        int rc;
        sk_buf_clear(&t);
        if (mode >= 0) {
            char *p = NULL;
            rc = sk_vfs_realpath(c->vfs, c->cwd, ops[i], mode, &p);
            if (!rc) rc = sk_buf_puts(&t, p) ? SK_NOMEM : SK_OK;
            sk_free(c->a, p);
        } else {
            rc = sk_vfs_readlink(c->vfs, c->cwd, ops[i], &t);
        }
        if (rc) {
            if (verbose) fsu_error(c, "%s: %s", ops[i], sk_status_message(rc));
            status = 1;
            continue;
        }
        sk_out_write(&c->out, t.p ? t.p : "", t.len);
        if (!no_nl) sk_out_putc(&c->out, zero ? 0 : '\n');
    }
    sk_buf_free(&t);
    cmd_opts_free(&o, c);
    return status;
}

static void put_base(sk_cmd *c, const char *name, const char *suffix, int zero)
{
    size_t bl;
    const char *b = sk_vpath_basename(name, strlen(name), &bl);
    if (suffix) {
        size_t sl = strlen(suffix);
        if (sl && sl < bl && !memcmp(b + bl - sl, suffix, sl)) bl -= sl;
    }
    sk_out_write(&c->out, b, bl);
    sk_out_putc(&c->out, zero ? 0 : '\n');
}

int cmd_basename(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "multiple", 0, 'a' }, { "suffix", 1, 's' }, { "zero", 0, 'z' }, { NULL, 0, 0 },
    };
    int multiple = 0, zero = 0;
    const char *suffix = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "as:z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': multiple = 1; break;
        case 's': suffix = o.arg; multiple = 1; break;
        case 'z': zero = 1; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0;
    if (nops == 0) {
        status = fsu_usage_error(c, "missing operand");
    } else if (multiple) {
        for (int i = 0; i < nops; i++) put_base(c, ops[i], suffix, zero);
    } else if (nops > 2) {
        status = fsu_usage_error(c, "extra operand %Q", ops[2]);
    } else {
        put_base(c, ops[0], nops == 2 ? ops[1] : NULL, zero);
    }
    cmd_opts_free(&o, c);
    return status;
}

int cmd_dirname(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = { { "zero", 0, 'z' }, { NULL, 0, 0 } };
    int zero = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        if (ch == 'z') zero = 1;
        else {
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
    for (int i = 0; i < nops; i++) {
        size_t dl;
        const char *d = sk_vpath_dirname(ops[i], strlen(ops[i]), &dl);
        sk_out_write(&c->out, d, dl);
        sk_out_putc(&c->out, zero ? 0 : '\n');
    }
    cmd_opts_free(&o, c);
    return 0;
}
