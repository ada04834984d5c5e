/* du.c — du (disk usage of trees, GNU options) and df (usage of the
 * virtual filesystem, from the backend's quota counters).
 *
 * Disk usage is modelled on a 4 KiB-block filesystem: a directory takes
 * one block, a file its size rounded up to blocks, a symlink none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "fsutil.h"
#include "numparse.h"

SK_CMD("du", cmd_du, "du [-ahsc] [-d N] [-b|-k|-m] [FILE]...: disk usage of files and directories");
SK_CMD("df", cmd_df, "df [-hHTikP] [FILE]...: space used and available on the sandbox filesystem");

typedef struct du_opts {
    int all, summarize, total, apparent, human, separate, nul, follow;
    int max_depth;          /* -1: none */
    uint64_t block;         /* output unit */
    char **excl;
    int nexcl;
} du_opts;

static uint64_t entry_size(const du_opts *op, const sk_stat *st)
{
    if (op->apparent) return st->type == SK_FILE_DEVICE ? 0 : st->size;
    return fsu_blocks(st) * 512;
}

static void du_print(sk_cmd *c, const du_opts *op, uint64_t bytes, const char *path)
{
    char buf[40];
    if (op->human) fsu_human(bytes, op->human, buf);
    else snprintf(buf, sizeof buf, "%llu", (unsigned long long)((bytes + op->block - 1) / op->block));
    sk_out_puts(&c->out, buf);
    sk_out_putc(&c->out, '\t');
    sk_out_puts(&c->out, path);
    sk_out_putc(&c->out, op->nul ? 0 : '\n');
}

static int excluded(const du_opts *op, const char *path, const char *name)
{
    for (int i = 0; i < op->nexcl; i++)
        if (fsu_fnmatch(op->excl[i], name, 0) || fsu_fnmatch(op->excl[i], path, 0)) return 1;
    return 0;
}

typedef struct inoset {
    uint64_t *v;
    size_t n, cap, sorted;
} inoset;

static int ino_add(sk_cmd *c, inoset *s, uint64_t ino)
{
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 64;
        uint64_t *v = sk_realloc(c->a, s->v, nc * sizeof *v);
        if (!v) return -1;
        s->v = v;
        s->cap = nc;
    }
    s->v[s->n++] = ino;
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int ino_has(inoset *s, uint64_t ino)
{
    if (s->n == 0) return 0;
    if (s->sorted != s->n) {
        qsort(s->v, s->n, sizeof *s->v, cmp_u64);
        s->sorted = s->n;
    }
    return bsearch(&ino, s->v, s->n, sizeof *s->v, cmp_u64) != NULL;
}

static int du_one(sk_cmd *c, const char *root, const du_opts *op, uint64_t *grand, inoset *seen)
{
    fsu_walk w;
    fsu_walk_init(&w, c, root, op->follow ? FSU_FOLLOW_ALL : FSU_FOLLOW_ROOT, 1);
    fsu_walk_ent e;
    int status = 0, r;
    uint64_t *acc = NULL;
    int cap = 0;
    unsigned long count = 0;
    while ((r = fsu_walk_next(&w, &e)) > 0) {
        if ((++count & 255) == 0 && cmd_aborted(c)) break;
        if (e.kind == FSU_W_ERR) {
            fsu_error(c, "cannot read directory %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            continue;
        }
        if (e.kind == FSU_W_LOOP) continue;
        if (e.kind == FSU_W_PRE && e.rc) {
            fsu_error(c, "cannot access %Q: %s", e.path, sk_status_message(e.rc));
            status = 1;
            continue;
        }
        if (e.depth + 2 > cap) {
            int nc = (e.depth + 2) * 2;
            uint64_t *a = sk_realloc(c->a, acc, (size_t)nc * sizeof *a);
            if (!a) {
                status = fsu_error(c, "memory exhausted");
                break;
            }
            acc = a;
            cap = nc;
        }
        if (e.kind == FSU_W_PRE) {
            if (e.depth > 0 && excluded(op, e.path, e.name)) {
                if (e.st.type == SK_FILE_DIR) fsu_walk_prune(&w);
                continue;
            }
            if (e.st.type == SK_FILE_DIR) {
                if (e.depth == 0 && ino_has(seen, e.st.ino)) {
                    fsu_walk_prune(&w);
                    continue;
                }
                ino_add(c, seen, e.st.ino);
                acc[e.depth] = entry_size(op, &e.st);
                continue;
            }
            uint64_t sz = entry_size(op, &e.st);
            if (e.depth == 0 || (op->all && !op->summarize && (op->max_depth < 0 || e.depth <= op->max_depth)))
                du_print(c, op, sz, e.path);
            if (e.depth > 0) acc[e.depth - 1] += sz;
            else *grand += sz;
            continue;
        }
        /* a directory is complete */
        uint64_t sz = acc[e.depth];
        if (e.depth == 0 || (!op->summarize && (op->max_depth < 0 || e.depth <= op->max_depth)))
            du_print(c, op, sz, e.path);
        if (e.depth > 0) {
            if (!op->separate) acc[e.depth - 1] += sz;
        } else {
            *grand += sz;
        }
    }
    if (r < 0) status = fsu_error(c, "%s", sk_status_message(r));
    sk_free(c->a, acc);
    fsu_walk_free(&w);
    return status;
}

static int parse_block(const char *a, uint64_t *out)
{
    char one[64];
    long long v;
    if (a[0] < '0' || a[0] > '9') {
        snprintf(one, sizeof one, "1%s", a);
        a = one;
    }
    if (sk_parse_size(a, &v) || v <= 0) return -1;
    *out = (uint64_t)v;
    return 0;
}

int cmd_du(sk_cmd *c, int argc, char **argv)
{
    enum { O_APPARENT = 256, O_SI, O_EXCLUDE, O_IGNORED, O_INODES };
    static const cmd_longopt longs[] = {
        { "all", 0, 'a' }, { "apparent-size", 0, O_APPARENT }, { "block-size", 1, 'B' },
        { "bytes", 0, 'b' }, { "total", 0, 'c' }, { "max-depth", 1, 'd' },
        { "human-readable", 0, 'h' }, { "si", 0, O_SI }, { "summarize", 0, 's' },
        { "separate-dirs", 0, 'S' }, { "one-file-system", 0, 'x' }, { "dereference", 0, 'L' },
        { "null", 0, '0' }, { "exclude", 1, O_EXCLUDE }, { "count-links", 0, 'l' },
        { "dereference-args", 0, 'D' }, { "time", 2, O_IGNORED }, { "inodes", 0, O_INODES },
        { NULL, 0, 0 },
    };
    du_opts op;
    memset(&op, 0, sizeof op);
    op.max_depth = -1;
    op.block = 1024;
    int status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "aB:bcd:hHksSxLlmP0Dt:X:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': op.all = 1; break;
        case O_APPARENT: op.apparent = 1; break;
        case 'b': op.apparent = 1; op.block = 1; op.human = 0; break;
        case 'B':
            if (parse_block(o.arg, &op.block)) {
                status = fsu_error(c, "invalid --block-size argument %Q", o.arg);
                goto out;
            }
            op.human = 0;
            break;
        case 'c': op.total = 1; break;
        case 'd': {
            char *end;
            long v = strtol(o.arg, &end, 10);
            if (*end || v < 0 || !*o.arg) {
                status = fsu_error(c, "invalid maximum depth %Q", o.arg);
                goto out;
            }
            op.max_depth = (int)v;
            break;
        }
        case 'h': op.human = 1024; break;
        case O_SI: op.human = 1000; break;
        case 'k': op.block = 1024; op.human = 0; break;
        case 'm': op.block = 1024 * 1024; op.human = 0; break;
        case 's': op.summarize = 1; break;
        case 'S': op.separate = 1; break;
        case 'L': op.follow = 1; break;
        case '0': op.nul = 1; break;
        case O_EXCLUDE: case 'X': {
            char **v = sk_realloc(c->a, op.excl, (size_t)(op.nexcl + 1) * sizeof *v);
            if (!v) { status = fsu_error(c, "memory exhausted"); goto out; }
            op.excl = v;
            op.excl[op.nexcl++] = o.arg;
            break;
        }
        case 'x': case 'l': case 'H': case 'D': case 'P': case 't': case O_IGNORED: case O_INODES: break;
        default: status = cmd_opts_error(&o, c, ch); goto out;
        }
    }
    if (op.summarize && op.max_depth > 0) {
        fsu_error(c, "cannot both summarize and show all entries");
        status = 1;
        goto out;
    }
    if (op.summarize && op.all) {
        status = fsu_usage_error(c, "cannot both summarize and show all entries");
        goto out;
    }
    if (op.summarize) op.max_depth = 0;
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    static char *const dot[] = { "." };
    if (nops == 0) {
        ops = (char **)dot;
        nops = 1;
    }
    uint64_t grand = 0;
    inoset seen = { NULL, 0, 0, 0 };
    for (int i = 0; i < nops && !cmd_aborted(c) && !cmd_out_failed(c); i++)
        status |= du_one(c, ops[i], &op, &grand, &seen);
    sk_free(c->a, seen.v);
    if (op.total) du_print(c, &op, grand, "total");
out:
    sk_free(c->a, op.excl);
    cmd_opts_free(&o, c);
    return status;
}

/* ---- df ------------------------------------------------------------------ */

enum { DF_SRC, DF_TYPE, DF_SIZE, DF_USED, DF_AVAIL, DF_PCENT, DF_TARGET, DF_NCOL };

int cmd_df(sk_cmd *c, int argc, char **argv)
{
    enum { O_SI = 256, O_OUTPUT, O_IGNORED, O_TOTAL };
    static const cmd_longopt longs[] = {
        { "all", 0, 'a' }, { "block-size", 1, 'B' }, { "human-readable", 0, 'h' },
        { "si", 0, 'H' }, { "inodes", 0, 'i' }, { "local", 0, 'l' }, { "portability", 0, 'P' },
        { "print-type", 0, 'T' }, { "type", 1, 't' }, { "exclude-type", 1, 'x' },
        { "total", 0, O_TOTAL }, { "sync", 0, O_IGNORED }, { "no-sync", 0, O_IGNORED },
        { "output", 2, O_OUTPUT }, { NULL, 0, 0 },
    };
    int human = 0, inodes = 0, posix = 0, show_type = 0, total = 0, status = 0;
    uint64_t block = 1024;
    const char *block_name = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "aB:hHiklPTt:x:v", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'h': human = 1024; break;
        case 'H': human = 1000; break;
        case 'i': inodes = 1; break;
        case 'k': block = 1024; human = 0; block_name = NULL; break;
        case 'P': posix = 1; break;
        case 'T': show_type = 1; break;
        case 'B':
            if (parse_block(o.arg, &block)) {
                status = fsu_error(c, "invalid --block-size argument %Q", o.arg);
                goto out;
            }
            block_name = o.arg;
            human = 0;
            break;
        case O_TOTAL: total = 1; break;
        case 'a': case 'l': case 't': case 'x': case 'v': case O_IGNORED: case O_OUTPUT: break;
        default: status = cmd_opts_error(&o, c, ch); goto out;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    for (int i = 0; i < nops; i++) {
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, ops[i], &st);
        if (rc) {
            fsu_error(c, "%s: %s", ops[i], sk_status_message(rc));
            status = 1;
        }
    }
    if (nops && status) goto out;
    sk_fs_usage u;
    if (sk_vfs_usage(c->vfs, &u)) memset(&u, 0, sizeof u);
    /* cells: header + one row (+ total) */
    char cell[3][DF_NCOL][48];
    memset(cell, 0, sizeof cell);
    int rows = total ? 3 : 2;
    const char *hdr_size;
    char sizebuf[48];
    if (inodes) hdr_size = "Inodes";
    else if (human) hdr_size = "Size";
    else if (block_name) {
        snprintf(sizebuf, sizeof sizebuf, "%s-blocks", block == 1 ? "1B" : block_name);
        hdr_size = sizebuf;
    } else hdr_size = posix ? "1024-blocks" : "1K-blocks";
    snprintf(cell[0][DF_SRC], 48, "Filesystem");
    snprintf(cell[0][DF_TYPE], 48, "Type");
    snprintf(cell[0][DF_SIZE], 48, "%s", hdr_size);
    snprintf(cell[0][DF_USED], 48, "%s", inodes ? "IUsed" : "Used");
    snprintf(cell[0][DF_AVAIL], 48, "%s", inodes ? "IFree" : human ? "Avail" : "Available");
    snprintf(cell[0][DF_PCENT], 48, "%s", inodes ? "IUse%" : posix ? "Capacity" : "Use%");
    snprintf(cell[0][DF_TARGET], 48, "Mounted on");
    uint64_t tot, used;
    if (inodes) {
        used = u.files;
        tot = u.max_files ? u.max_files : u.files;
    } else {
        used = u.bytes;
        tot = u.max_bytes ? u.max_bytes : u.bytes;
    }
    uint64_t avail = tot > used ? tot - used : 0;
    for (int r = 1; r < rows; r++) {
        snprintf(cell[r][DF_SRC], 48, r == 1 ? "sandkiste" : "total");
        snprintf(cell[r][DF_TYPE], 48, r == 1 ? "memfs" : "-");
        uint64_t vals[3] = { tot, used, avail };
        /* in blocks: used rounds up, and size = used + available */
        uint64_t units[3] = { tot / block, (used + block - 1) / block, 0 };
        units[2] = units[0] > units[1] ? units[0] - units[1] : 0;
        for (int k = 0; k < 3; k++) {
            char *dst = cell[r][DF_SIZE + k];
            if (inodes) snprintf(dst, 48, "%llu", (unsigned long long)vals[k]);
            else if (human) fsu_human(vals[k], human, dst);
            else snprintf(dst, 48, "%llu", (unsigned long long)units[k]);
        }
        if (tot == 0) snprintf(cell[r][DF_PCENT], 48, "-");
        else snprintf(cell[r][DF_PCENT], 48, "%llu%%",
                      (unsigned long long)((used * 100 + tot - 1) / tot));
        snprintf(cell[r][DF_TARGET], 48, r == 1 ? "/" : "-");
    }
    static const int minw[DF_NCOL] = { 14, 4, 5, 5, 5, 4, 0 };
    int width[DF_NCOL];
    for (int k = 0; k < DF_NCOL; k++) {
        width[k] = minw[k];
        if (inodes && k >= DF_SIZE && k <= DF_PCENT) width[k] = 5;
        for (int r = 0; r < rows; r++)
            if ((int)strlen(cell[r][k]) > width[k]) width[k] = (int)strlen(cell[r][k]);
    }
    for (int r = 0; r < rows; r++) {
        sk_buf line = SK_BUF_INIT(c->a);
        int first = 1;
        for (int k = 0; k < DF_NCOL; k++) {
            if (k == DF_TYPE && !show_type) continue;
            if (!first) sk_buf_putc(&line, ' ');
            first = 0;
            if (k == DF_SRC || k == DF_TYPE) sk_buf_printf(&line, "%-*s", width[k], cell[r][k]);
            else if (k == DF_TARGET) sk_buf_puts(&line, cell[r][k]);
            else sk_buf_printf(&line, "%*s", width[k], cell[r][k]);
        }
        sk_buf_putc(&line, '\n');
        sk_out_write(&c->out, line.p, line.len);
        sk_buf_free(&line);
    }
out:
    cmd_opts_free(&o, c);
    return status;
}
