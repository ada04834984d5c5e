/* stat.c — stat: file status (GNU default layout, -c/--format,
 * --printf, -L, -t, -f for the virtual filesystem).  The sandbox keeps one
 * timestamp, so access, change and birth times all show the mtime. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("stat", cmd_stat, "stat [-L] [-c FORMAT|--printf FORMAT] [-t] FILE...: file status (%n %s %a %A %F %U %y %Y ...)");

#define DEV_NO 1ull /* one device: the virtual filesystem */

static const char *type_name(const sk_stat *st)
{
    switch (st->type) {
    case SK_FILE_DIR: return "directory";
    case SK_FILE_SYMLINK: return "symbolic link";
    case SK_FILE_DEVICE: return "character special file";
    default: return st->size ? "regular file" : "regular empty file";
    }
}

static uint32_t raw_mode(const sk_stat *st)
{
    uint32_t t = st->type == SK_FILE_DIR ? 0040000 : st->type == SK_FILE_SYMLINK ? 0120000
               : st->type == SK_FILE_DEVICE ? 0020000 : 0100000;
    return t | (st->mode & 07777);
}

/* Name quoted when it needs it (shell-escape style), for %N and the
 * default "File:" line (always=1 quotes unconditionally). */
static void put_name(sk_buf *b, const char *s, int always)
{
    int need = always || !*s;
    for (const unsigned char *p = (const unsigned char *)s; *p && !need; p++)
        if (*p < 32 || *p == 127 || strchr(" !\"#$&'()*;<=>?[\\]^`{|}~", *p)) need = 1;
    if (need) fsu_quote_buf(b, s);
    else sk_buf_puts(b, s);
}

typedef struct stat_ctx {
    sk_cmd *c;
    const char *name;
    const char *cwd;
    sk_stat st;
    int follow;
} stat_ctx;

static void link_target(stat_ctx *x, sk_buf *t)
{
    if (x->st.type == SK_FILE_SYMLINK) sk_vfs_readlink(x->c->vfs, x->cwd, x->name, t);
}

/* Expand one directive into b; returns 0, or -1 for an unknown one. */
static int directive(stat_ctx *x, char k, sk_buf *b)
{
    const sk_stat *st = &x->st;
    char m[11];
    switch (k) {
    case 'n': sk_buf_puts(b, x->name); break;
    case 'N': {
        put_name(b, x->name, 1);
        if (st->type == SK_FILE_SYMLINK) {
            sk_buf t = SK_BUF_INIT(x->c->a);
            link_target(x, &t);
            sk_buf_puts(b, " -> ");
            put_name(b, sk_buf_cstr(&t), 1);
            sk_buf_free(&t);
        }
        break;
    }
    case 's': sk_buf_printf(b, "%llu", (unsigned long long)st->size); break;
    case 'a': sk_buf_printf(b, "%o", st->mode & 07777); break;
    case 'A': fsu_mode_string(st, m); sk_buf_puts(b, m); break;
    case 'f': sk_buf_printf(b, "%x", raw_mode(st)); break;
    case 'F': sk_buf_puts(b, type_name(st)); break;
    case 'U': case 'G': sk_buf_puts(b, FSU_USER); break;
    case 'u': case 'g': sk_buf_printf(b, "%d", FSU_UID); break;
    case 'i': sk_buf_printf(b, "%llu", (unsigned long long)st->ino); break;
    case 'h': sk_buf_printf(b, "%u", st->nlink); break;
    case 'b': sk_buf_printf(b, "%llu", (unsigned long long)fsu_blocks(st)); break;
    case 'B': sk_buf_puts(b, "512"); break;
    case 'o': sk_buf_puts(b, "4096"); break;
    case 'd': sk_buf_printf(b, "%llu", DEV_NO); break;
    case 'D': sk_buf_printf(b, "%llx", DEV_NO); break;
    case 'r': case 'R': sk_buf_puts(b, "0"); break;
    case 't': case 'T': sk_buf_puts(b, st->type == SK_FILE_DEVICE ? "1" : "0"); break;
    case 'm': sk_buf_puts(b, "/"); break;
    case 'C': sk_buf_puts(b, "?"); break;
    case 'w': case 'x': case 'y': case 'z': fsu_full_time(b, st->mtime_ns); break;
    case 'W': case 'X': case 'Y': case 'Z': {
        int64_t s = st->mtime_ns / 1000000000;
        if (st->mtime_ns < 0 && st->mtime_ns % 1000000000) s--;
        sk_buf_printf(b, "%lld", (long long)s);
        break;
    }
    default: return -1;
    }
    return 0;
}

/* Render a user format; escapes are interpreted for --printf only. */
static void render(stat_ctx *x, const char *fmt, int escapes, sk_buf *out)
{
    sk_buf field = SK_BUF_INIT(x->c->a);
    for (const char *p = fmt; *p; p++) {
        if (escapes && *p == '\\' && p[1]) {
            p++;
            switch (*p) {
            case 'n': sk_buf_putc(out, '\n'); break;
            case 't': sk_buf_putc(out, '\t'); break;
            case 'r': sk_buf_putc(out, '\r'); break;
            case 'a': sk_buf_putc(out, '\a'); break;
            case 'b': sk_buf_putc(out, '\b'); break;
            case 'f': sk_buf_putc(out, '\f'); break;
            case 'v': sk_buf_putc(out, '\v'); break;
            case 'e': sk_buf_putc(out, 27); break;
            case '\\': sk_buf_putc(out, '\\'); break;
            case '"': sk_buf_putc(out, '"'); break;
            case 'x': {
                int v = 0, n = 0;
                while (n < 2 && ((p[1] >= '0' && p[1] <= '9') || ((p[1] | 32) >= 'a' && (p[1] | 32) <= 'f'))) {
                    p++;
                    v = v * 16 + (*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
                    n++;
                }
                if (n) sk_buf_putc(out, (char)v);
                else sk_buf_puts(out, "\\x");
                break;
            }
            default:
                if (*p >= '0' && *p <= '7') {
                    int v = 0;
                    for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++) v = v * 8 + (*p++ - '0');
                    p--;
                    sk_buf_putc(out, (char)v);
                } else {
                    sk_buf_putc(out, '\\');
                    sk_buf_putc(out, *p);
                }
            }
            continue;
        }
        if (*p != '%') {
            sk_buf_putc(out, *p);
            continue;
        }
        const char *spec = p++;
        char flags[8];
        int nf = 0;
        while (*p && strchr("-+ #0'", *p) && nf < 6) flags[nf++] = *p++;
        flags[nf] = 0;
        int width = -1, prec = -1;
        if (*p >= '0' && *p <= '9') {
            width = 0;
            while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
        }
        if (*p == '.') {
            p++;
            prec = 0;
            while (*p >= '0' && *p <= '9') prec = prec * 10 + (*p++ - '0');
        }
        if (*p == '%') {
            sk_buf_putc(out, '%');
            continue;
        }
        if (!*p) {
            sk_buf_put(out, spec, (size_t)(p - spec));
            break;
        }
        sk_buf_clear(&field);
        if (directive(x, *p, &field)) {
            sk_buf_put(out, spec, (size_t)(p - spec + 1));
            continue;
        }
        /* apply width/precision like printf %s (numbers are right-aligned) */
        int left = strchr(flags, '-') != NULL, zero = strchr(flags, '0') != NULL;
        int numeric = strchr("sahbBouigdDfrRtTXYZW", *p) != NULL;
        int flen = (int)field.len;
        if (prec >= 0 && !numeric && prec < flen) flen = prec;
        int pad = width > flen ? width - flen : 0;
        if (!left) for (int i = 0; i < pad; i++) sk_buf_putc(out, zero && numeric ? '0' : ' ');
        sk_buf_put(out, field.p ? field.p : "", (size_t)flen);
        if (left) for (int i = 0; i < pad; i++) sk_buf_putc(out, ' ');
    }
    sk_buf_free(&field);
}

static void default_format(stat_ctx *x, sk_buf *o)
{
    const sk_stat *st = &x->st;
    char m[11];
    fsu_mode_string(st, m);
    sk_buf_puts(o, "  File: ");
    put_name(o, x->name, 0);
    if (st->type == SK_FILE_SYMLINK) {
        sk_buf t = SK_BUF_INIT(x->c->a);
        link_target(x, &t);
        sk_buf_puts(o, " -> ");
        put_name(o, sk_buf_cstr(&t), 0);
        sk_buf_free(&t);
    }
    char size[32], blocks[32];
    snprintf(size, sizeof size, "%llu", (unsigned long long)st->size);
    snprintf(blocks, sizeof blocks, "%llu", (unsigned long long)fsu_blocks(st));
    sk_buf_printf(o, "\n  Size: %-10s\tBlocks: %-10s IO Block: %-6s %s\n", size, blocks, "4096", type_name(st));
    char ino[32];
    snprintf(ino, sizeof ino, "%llu", (unsigned long long)st->ino);
    sk_buf_printf(o, "Device: 0,%llu\tInode: %-11s Links: %-5u", DEV_NO, ino, st->nlink);
    if (st->type == SK_FILE_DEVICE) sk_buf_puts(o, " Device type: 1,3");
    sk_buf_printf(o, "\nAccess: (%04o/%s)  Uid: (%5d/%8s)   Gid: (%5d/%8s)\n", st->mode & 07777, m, FSU_UID,
                  FSU_USER, FSU_GID, FSU_GROUP);
    static const char *const lab[] = { "Access", "Modify", "Change", " Birth" };
    for (int i = 0; i < 4; i++) {
        sk_buf_printf(o, "%s: ", lab[i]);
        fsu_full_time(o, st->mtime_ns);
        sk_buf_putc(o, '\n');
    }
}

static int fs_stat(sk_cmd *c, const char *name, const char *fmt, int escapes, int terse)
{
    sk_stat st;
    int rc = sk_vfs_stat(c->vfs, c->cwd, name, &st);
    if (rc) {
        fsu_error(c, "cannot read file system information for %Q: %s", name, sk_status_message(rc));
        return 1;
    }
    sk_fs_usage u;
    if (sk_vfs_usage(c->vfs, &u)) memset(&u, 0, sizeof u);
    uint64_t total = u.max_bytes ? u.max_bytes / 4096 : (u.bytes + 4095) / 4096;
    uint64_t used = (u.bytes + 4095) / 4096;
    uint64_t freeb = total > used ? total - used : 0;
    uint64_t ifiles = u.max_files ? u.max_files : u.files;
    uint64_t ifree = ifiles > u.files ? ifiles - u.files : 0;
    sk_buf o = SK_BUF_INIT(c->a);
    if (fmt) {
        for (const char *p = fmt; *p; p++) {
            if (*p != '%' || !p[1]) {
                sk_buf_putc(&o, *p);
                continue;
            }
            switch (*++p) {
            case 'n': sk_buf_puts(&o, name); break;
            case 'i': sk_buf_puts(&o, "0"); break;
            case 'l': sk_buf_puts(&o, "255"); break;
            case 't': sk_buf_puts(&o, "0"); break;
            case 'T': sk_buf_puts(&o, "memfs"); break;
            case 'b': sk_buf_printf(&o, "%llu", (unsigned long long)total); break;
            case 'f': case 'a': sk_buf_printf(&o, "%llu", (unsigned long long)freeb); break;
            case 's': case 'S': sk_buf_puts(&o, "4096"); break;
            case 'c': sk_buf_printf(&o, "%llu", (unsigned long long)ifiles); break;
            case 'd': sk_buf_printf(&o, "%llu", (unsigned long long)ifree); break;
            case '%': sk_buf_putc(&o, '%'); break;
            default: sk_buf_putc(&o, '%'); sk_buf_putc(&o, *p); break;
            }
        }
        if (!escapes) sk_buf_putc(&o, '\n');
    } else if (terse) {
        sk_buf_printf(&o, "%s 0 255 0 4096 4096 %llu %llu %llu %llu %llu\n", name, (unsigned long long)total,
                      (unsigned long long)freeb, (unsigned long long)freeb, (unsigned long long)ifiles,
                      (unsigned long long)ifree);
    } else {
        sk_buf_puts(&o, "  File: \"");
        sk_buf_puts(&o, name);
        sk_buf_printf(&o, "\"\n    ID: 0        Namelen: 255     Type: memfs\n"
                          "Block size: 4096       Fundamental block size: 4096\n"
                          "Blocks: Total: %-10llu Free: %-10llu Available: %llu\n"
                          "Inodes: Total: %-10llu Free: %llu\n",
                      (unsigned long long)total, (unsigned long long)freeb, (unsigned long long)freeb,
                      (unsigned long long)ifiles, (unsigned long long)ifree);
    }
    sk_out_write(&c->out, o.p ? o.p : "", o.len);
    sk_buf_free(&o);
    return 0;
}

int cmd_stat(sk_cmd *c, int argc, char **argv)
{
    enum { O_PRINTF = 256, O_CACHED };
    static const cmd_longopt longs[] = {
        { "dereference", 0, 'L' }, { "file-system", 0, 'f' }, { "format", 1, 'c' },
        { "printf", 1, O_PRINTF }, { "terse", 0, 't' }, { "cached", 1, O_CACHED }, { NULL, 0, 0 },
    };
    int follow = 0, filesys = 0, terse = 0, escapes = 0;
    const char *fmt = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "Lfc:t", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'L': follow = 1; break;
        case 'f': filesys = 1; break;
        case 'c': fmt = o.arg; escapes = 0; break;
        case O_PRINTF: fmt = o.arg; escapes = 1; break;
        case 't': terse = 1; break;
        case O_CACHED: break;
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
    sk_buf out = SK_BUF_INIT(c->a);
    for (int i = 0; i < nops && !cmd_out_failed(c); i++) {
        if (filesys) {
            status |= fs_stat(c, ops[i], fmt, escapes, terse);
            continue;
        }
        stat_ctx x;
        memset(&x, 0, sizeof x);
        x.c = c;
        x.name = ops[i];
        x.cwd = c->cwd;
        x.follow = follow;
        int rc = follow ? sk_vfs_stat(c->vfs, c->cwd, ops[i], &x.st) : sk_vfs_lstat(c->vfs, c->cwd, ops[i], &x.st);
        if (rc) {
            fsu_error(c, "cannot %s %Q: %s", follow ? "stat" : "statx", ops[i], sk_status_message(rc));
            status = 1;
            continue;
        }
        sk_buf_clear(&out);
        if (fmt) {
            render(&x, fmt, escapes, &out);
            if (!escapes) sk_buf_putc(&out, '\n');
        } else if (terse) {
            render(&x, "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o", 0, &out);
            sk_buf_putc(&out, '\n');
        } else {
            default_format(&x, &out);
        }
        sk_out_write(&c->out, out.p ? out.p : "", out.len);
    }
    sk_buf_free(&out);
    cmd_opts_free(&o, c);
    return status;
}
