/* gzip.c — gzip, gunzip, zcat (GNU gzip options -c -d -k -f -l -t -v -q
 * -n -N -S -1..-9 -r).  Compression streams through zlib (gz.c); a file
 * result is collected and written in one piece so quotas apply to it. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "fsutil.h"
#include "gz.h"

SK_CMD("gzip", cmd_gzip, "gzip [-cdkflrtv] [-1..-9] [FILE]...: compress files to FILE.gz (-d to decompress, -c to stdout)");
SK_CMD("gunzip", cmd_gunzip, "gunzip [-ckflt] [FILE]...: decompress FILE.gz files");
SK_CMD("zcat", cmd_zcat, "zcat [FILE]...: decompress gzip files to stdout");

typedef struct gz_opts {
    int decompress, to_stdout, keep, force, list, test, verbose, quiet, level, recursive, save_name;
    const char *suffix;
} gz_opts;

typedef struct out_sink {
    sk_cmd *c;
    sk_buf *buf;       /* collect here ... */
    uint64_t max;
    int to_out;        /* ... or write to stdout */
    int too_big;
} out_sink;

static int sink_fn(void *ud, const void *p, size_t n)
{
    out_sink *s = ud;
    if (s->to_out) return sk_out_write(&s->c->out, p, n) ? 1 : 0;
    if (s->max && s->buf->len + n > s->max) {
        s->too_big = 1;
        return 1;
    }
    return sk_buf_put(s->buf, p, n);
}

static int warn(sk_cmd *c, const gz_opts *op, const char *fmt, ...)
{
    if (op->quiet) return 2;
    va_list ap;
    va_start(ap, fmt);
    fsu_verror(c, fmt, ap);
    va_end(ap);
    return 2;
}

static int has_suffix(const char *name, const char *suf)
{
    size_t n = strlen(name), s = strlen(suf);
    return n > s && !strcmp(name + n - s, suf);
}

/* The name a compressed file decompresses to, or NULL (unknown suffix). */
static char *plain_name(sk_cmd *c, const char *name, const gz_opts *op)
{
    static const char *const sufs[] = { ".gz", ".z", "-gz", "-z", "_z", ".tgz", ".taz" };
    size_t n = strlen(name);
    if (op->suffix && has_suffix(name, op->suffix)) return sk_strndup(c->a, name, n - strlen(op->suffix));
    for (size_t i = 0; i < sizeof sufs / sizeof sufs[0]; i++) {
        if (!has_suffix(name, sufs[i])) continue;
        if (!strcmp(sufs[i], ".tgz") || !strcmp(sufs[i], ".taz")) {
            char *r = sk_malloc(c->a, n + 1);
            if (!r) return NULL;
            memcpy(r, name, n - 4);
            memcpy(r + n - 4, ".tar", 5);
            return r;
        }
        return sk_strndup(c->a, name, n - strlen(sufs[i]));
    }
    return NULL;
}

static int64_t file_secs(const sk_stat *st)
{
    int64_t s = st->mtime_ns / 1000000000;
    return s < 0 ? 0 : s;
}

static void list_line(sk_cmd *c, uint64_t comp, uint64_t uncomp, uint64_t hdr, const char *name)
{
    uint64_t deflated = comp > hdr ? comp - hdr : 0;
    double ratio = uncomp ? 100.0 * ((double)uncomp - (double)deflated) / (double)uncomp : 0.0;
    sk_out_printf(&c->out, "%19llu %19llu %5.1f%% %s\n", (unsigned long long)comp, (unsigned long long)uncomp, ratio,
                  name);
}

/* Process one operand (or stdin when name is NULL).  Returns 0/1/2. */
static int do_one(sk_cmd *c, const char *name, const gz_opts *op, uint64_t *tot_c, uint64_t *tot_u, int *listed)
{
    const sk_vfs *v = c->vfs;
    int status = 0;
    char *target = NULL;
    const char *src = name;
    sk_buf out = SK_BUF_INIT(c->a);
    sk_stat st;
    memset(&st, 0, sizeof st);
    char *alt = NULL;
    if (name) {
        int rc = sk_vfs_stat(v, c->cwd, name, &st);
        if (rc == SK_ENOENT && op->decompress && !has_suffix(name, op->suffix ? op->suffix : ".gz")) {
            /* gunzip x -> x.gz */
            size_t n = strlen(name);
            const char *suf = op->suffix ? op->suffix : ".gz";
            alt = sk_malloc(c->a, n + strlen(suf) + 1);
            if (alt) {
                memcpy(alt, name, n);
                strcpy(alt + n, suf);
                if (sk_vfs_stat(v, c->cwd, alt, &st) == SK_OK) {
                    src = alt;
                    rc = SK_OK;
                }
            }
        }
        if (rc) {
            fsu_error(c, "%s: %s", alt ? alt : name, sk_status_message(rc));
            sk_free(c->a, alt);
            return 1;
        }
        if (st.type == SK_FILE_DIR) {
            if (op->recursive) {
                sk_vfs_dir d;
                if (sk_vfs_list(v, c->cwd, src, &d) == SK_OK) {
                    sk_buf p = SK_BUF_INIT(c->a);
                    for (size_t i = 0; i < d.n && !cmd_aborted(c); i++) {
                        fsu_join(&p, src, d.ents[i].name);
                        int r = do_one(c, sk_buf_cstr(&p), op, tot_c, tot_u, listed);
                        if (r > status) status = r;
                    }
                    sk_buf_free(&p);
                    sk_vfs_dir_free(&d);
                }
                sk_free(c->a, alt);
                return status;
            }
            status = warn(c, op, "%s is a directory -- ignored", src);
            sk_free(c->a, alt);
            return status;
        }
        if (st.type != SK_FILE_REGULAR) {
            status = warn(c, op, "%s is not a directory or a regular file - ignored", src);
            sk_free(c->a, alt);
            return status;
        }
    }
    const char *shown = src ? src : "stdin";
    int writes_file = name && !op->to_stdout && !op->test && !op->list;
    if (writes_file) {
        if (op->decompress) {
            target = plain_name(c, src, op);
            if (!target) {
                status = warn(c, op, "%s: unknown suffix -- ignored", src);
                goto out;
            }
        } else {
            const char *suf = op->suffix ? op->suffix : ".gz";
            if (has_suffix(src, suf) || has_suffix(src, ".tgz")) {
                status = warn(c, op, "%s already has %s suffix -- unchanged", src, suf);
                goto out;
            }
            size_t n = strlen(src);
            target = sk_malloc(c->a, n + strlen(suf) + 1);
            if (!target) {
                status = fsu_error(c, "memory exhausted");
                goto out;
            }
            memcpy(target, src, n);
            strcpy(target + n, suf);
        }
        sk_stat tst;
        if (!op->force && sk_vfs_lstat(v, c->cwd, target, &tst) == SK_OK) {
            fsu_error(c, "%s already exists;\tnot overwritten", target);
            status = 2;
            goto out;
        }
    }
    sk_in in;
    int rc = cmd_open_input(c, src ? src : "-", &in);
    if (rc) {
        status = fsu_error(c, "%s: %s", shown, sk_status_message(rc));
        goto out;
    }
    out_sink sink = { c, &out, c->lim ? c->lim->max_file_size : 0, (!name || op->to_stdout) && !op->test && !op->list, 0 };
    gz_info info;
    if (op->decompress || op->test || op->list) {
        rc = gz_decompress(c, &in, sink_fn, &sink, &info, op->force && sink.to_out && !op->test && !op->list);
    } else {
        const char *bn = NULL;
        if (src && op->save_name) {
            bn = strrchr(src, '/');
            bn = bn ? bn + 1 : src;
        }
        uint32_t mt = src && op->save_name ? (uint32_t)file_secs(&st) : 0;
        rc = gz_compress(c, &in, sink_fn, &sink, op->level, bn, mt, &info);
    }
    cmd_close_input(c, &in);
    if (rc == GZ_ERR_SINK) {
        if (sink.to_out) goto out; /* the reader went away */
        status = fsu_error(c, "%s: %s", shown, sink.too_big ? sk_status_message(SK_EFBIG) : "out of memory");
        goto out;
    }
    if (rc) {
        status = fsu_error(c, "%s: %s", shown, gz_strerror(rc));
        goto out;
    }
    if (op->decompress && info.trailing_garbage)
        status = warn(c, op, "%s: decompression OK, trailing garbage ignored", shown);
    if (op->list) {
        if (!*listed) sk_out_puts(&c->out, "         compressed        uncompressed  ratio uncompressed_name\n");
        (*listed)++;
        char *pn = src ? plain_name(c, src, op) : NULL;
        list_line(c, info.in_bytes, info.out_bytes, info.header_bytes, pn ? pn : (src ? src : ""));
        *tot_c += info.in_bytes;
        *tot_u += info.out_bytes;
        sk_free(c->a, pn);
        goto out;
    }
    if (op->test) goto out;
    uint64_t plain = op->decompress ? info.out_bytes : info.in_bytes;
    uint64_t packed = op->decompress ? info.in_bytes : info.out_bytes;
    if (writes_file) {
        uint32_t mode = st.mode ? st.mode : 0644;
        rc = sk_vfs_write_file(v, c->cwd, target, out.p ? out.p : "", out.len, mode);
        if (rc) {
            status = fsu_error(c, "%s: %s", target, sk_status_message(rc));
            goto out;
        }
        sk_vfs_chmod(v, c->cwd, target, mode);
        int64_t mt = st.mtime_ns;
        if (op->decompress && info.mtime && op->save_name == 2) mt = (int64_t)info.mtime * 1000000000LL;
        sk_vfs_set_mtime(v, c->cwd, target, mt, 0);
        if (!op->keep) {
            rc = sk_vfs_unlink(v, c->cwd, src);
            if (rc) status = fsu_error(c, "%s: %s", src, sk_status_message(rc));
        }
    }
    if (op->verbose && !op->quiet) {
        uint64_t hdr = info.header_bytes;
        uint64_t deflated = packed > hdr ? packed - hdr : 0;
        double ratio = plain ? 100.0 * ((double)plain - (double)deflated) / (double)plain : 0.0;
        sk_out_flush(&c->out);
        if (writes_file)
            sk_out_printf(&c->err, "%s:\t%5.1f%% -- replaced with %s\n", shown, ratio, target);
        else
            sk_out_printf(&c->err, "%s:\t%5.1f%%\n", shown, ratio);
    }
out:
    sk_free(c->a, alt);
    sk_free(c->a, target);
    sk_buf_free(&out);
    return status;
}

static int gzip_main(sk_cmd *c, int argc, char **argv, int decompress, int to_stdout)
{
    enum { O_HELP = 256, O_RSYNC };
    static const cmd_longopt longs[] = {
        { "stdout", 0, 'c' }, { "to-stdout", 0, 'c' }, { "decompress", 0, 'd' },
        { "uncompress", 0, 'd' }, { "keep", 0, 'k' }, { "force", 0, 'f' }, { "list", 0, 'l' },
        { "test", 0, 't' }, { "verbose", 0, 'v' }, { "quiet", 0, 'q' }, { "no-name", 0, 'n' },
        { "name", 0, 'N' }, { "suffix", 1, 'S' }, { "recursive", 0, 'r' }, { "fast", 0, '1' },
        { "best", 0, '9' }, { "rsyncable", 0, O_RSYNC }, { "help", 0, O_HELP }, { NULL, 0, 0 },
    };
    gz_opts op;
    memset(&op, 0, sizeof op);
    op.decompress = decompress;
    op.to_stdout = to_stdout;
    op.level = 6;
    op.save_name = 1;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "cdkfltvqnNS:r123456789", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c': op.to_stdout = 1; break;
        case 'd': op.decompress = 1; break;
        case 'k': op.keep = 1; break;
        case 'f': op.force = 1; break;
        case 'l': op.list = 1; break;
        case 't': op.test = 1; break;
        case 'v': op.verbose = 1; op.quiet = 0; break;
        case 'q': op.quiet = 1; op.verbose = 0; break;
        case 'n': op.save_name = 0; break;
        case 'N': op.save_name = 2; break;
        case 'S': op.suffix = o.arg; break;
        case 'r': op.recursive = 1; break;
        case O_RSYNC: break;
        case O_HELP:
            sk_out_printf(&c->out, "Usage: %s [OPTION]... [FILE]...\nCompress or uncompress FILEs (by default, compress FILES in-place).\n", c->name);
            cmd_opts_free(&o, c);
            return 0;
        default:
            if (ch >= '1' && ch <= '9') {
                op.level = ch - '0';
                break;
            }
            cmd_opts_free(&o, c);
            return cmd_opts_error(&o, c, ch);
        }
    }
    if (op.suffix && !*op.suffix) {
        fsu_error(c, "invalid suffix ''");
        cmd_opts_free(&o, c);
        return 1;
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0, listed = 0;
    uint64_t tc = 0, tu = 0;
    if (nops == 0) {
        status = do_one(c, NULL, &op, &tc, &tu, &listed);
    } else {
        for (int i = 0; i < nops && !cmd_aborted(c) && !cmd_out_failed(c); i++) {
            int r = do_one(c, strcmp(ops[i], "-") ? ops[i] : NULL, &op, &tc, &tu, &listed);
            if (r == 1 || (r == 2 && status == 0)) status = r;
        }
    }
    if (op.list && listed > 1) list_line(c, tc, tu, 0, "(totals)");
    cmd_opts_free(&o, c);
    return status;
}

int cmd_gzip(sk_cmd *c, int argc, char **argv) { return gzip_main(c, argc, argv, 0, 0); }
/* gunzip and zcat are "gzip -d" and "gzip -dc", and speak as gzip */
int cmd_gunzip(sk_cmd *c, int argc, char **argv)
{
    c->name = "gzip";
    return gzip_main(c, argc, argv, 1, 0);
}

int cmd_zcat(sk_cmd *c, int argc, char **argv)
{
    c->name = "gzip";
    return gzip_main(c, argc, argv, 1, 1);
}
