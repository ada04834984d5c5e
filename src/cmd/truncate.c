/* truncate.c — truncate: shrink or extend files to a size (GNU -s with
 * + - < > / % prefixes and K/KB/KiB... units, -c, -r, -o). */
#include <string.h>

#include "cmd.h"
#include "fsutil.h"
#include "numparse.h"

SK_CMD("truncate", cmd_truncate, "truncate -s [+-<>/%]SIZE [-c] [-r RFILE] FILE...: set file sizes (creates missing files unless -c)");

int cmd_truncate(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "no-create", 0, 'c' }, { "io-blocks", 0, 'o' }, { "reference", 1, 'r' },
        { "size", 1, 's' }, { NULL, 0, 0 },
    };
    int no_create = 0, io_blocks = 0, status = 0;
    const char *size_s = NULL, *ref = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "cor:s:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c': no_create = 1; break;
        case 'o': io_blocks = 1; break;
        case 'r': ref = o.arg; break;
        case 's': size_s = o.arg; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    char op = 0;
    long long size = 0;
    if (size_s) {
        const char *p = size_s;
        while (*p == ' ') p++;
        if (*p && strchr("+-<>/%", *p)) op = *p++;
        while (*p == ' ') p++;
        if (sk_parse_size(p, &size)) {
            status = fsu_error(c, "Invalid number: %Q", size_s);
            goto out;
        }
        if (io_blocks) size *= 4096;
    }
    if (!size_s && !ref) {
        status = fsu_usage_error(c, "you must specify either '--size' or '--reference'");
        goto out;
    }
    if (ref && size_s && !op) {
        status = fsu_usage_error(c, "you must specify a relative '--size' with '--reference'");
        goto out;
    }
    if (io_blocks && !size_s) {
        status = fsu_usage_error(c, "'--io-blocks' was specified but '--size' was not");
        goto out;
    }
    if (nops == 0) {
        status = fsu_usage_error(c, "missing file operand");
        goto out;
    }
    if ((op == '/' || op == '%') && size == 0) {
        status = fsu_error(c, "division by zero");
        goto out;
    }
    long long ref_size = -1;
    if (ref) {
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, ref, &st);
        if (rc) {
            status = fsu_error(c, "cannot stat %Q: %s", ref, sk_status_message(rc));
            goto out;
        }
        ref_size = (long long)st.size;
    }
    for (int i = 0; i < nops; i++) {
        const char *f = ops[i];
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, f, &st);
        if (rc == SK_ENOENT) {
            if (no_create) continue;
            rc = sk_vfs_append_file(c->vfs, c->cwd, f, "", 0, 0666 & ~(uint32_t)FSU_UMASK);
            if (!rc) rc = sk_vfs_stat(c->vfs, c->cwd, f, &st);
        } else if (!rc && st.type == SK_FILE_DIR) {
            rc = SK_EISDIR;
        }
        if (rc) {
            status = fsu_error(c, "cannot open %Q for writing: %s", f, sk_status_message(rc));
            continue;
        }
        long long cur = ref_size >= 0 ? ref_size : (long long)st.size, nw;
        switch (op) {
        case '+': nw = cur + size; break;
        case '-': nw = cur > size ? cur - size : 0; break;
        case '<': nw = cur < size ? cur : size; break;
        case '>': nw = cur > size ? cur : size; break;
        case '/': nw = cur / size * size; break;
        case '%': nw = (cur + size - 1) / size * size; break;
        default: nw = ref && !size_s ? ref_size : size; break;
        }
        if (ref && !size_s) nw = ref_size;
        if (nw < 0) nw = 0;
        if ((uint64_t)nw == st.size) continue;
        rc = sk_vfs_truncate(c->vfs, c->cwd, f, (uint64_t)nw);
        if (rc) status = fsu_error(c, "failed to truncate %Q at %lld bytes: %s", f, nw, sk_status_message(rc));
    }
out:
    cmd_opts_free(&o, c);
    return status;
}
