/* tar.c — tar: create, list and extract archives (GNU tar options and
 * messages; POSIX ustar written, with pax headers for long names; ustar,
 * GNU and pax archives read).  -z/-a compress with zlib; a compressed
 * archive is recognised on reading whatever the options say.
 *
 * Archives are built and read in memory (bounded by the file-size limit
 * and the sandbox's memory); trees are walked with fsu_walk.  Members are
 * never written outside the extraction directory: leading '/' is removed
 * and names with ".." are refused, as GNU tar does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"
#include "gz.h"

SK_CMD("tar", cmd_tar, "tar -c|-x|-t [-zvO] [-f ARCHIVE] [-C DIR] [FILE]...: create, extract or list tar archives (-z gzip)");

#define BLK 512
#define RECORD (20 * BLK)

enum { OP_NONE, OP_CREATE, OP_EXTRACT, OP_LIST, OP_APPEND };
enum { Z_NONE, Z_GZIP, Z_BZIP2, Z_XZ, Z_AUTO };

typedef struct titem {
    const char *s;
    int is_dir;                /* -C entry rather than a file */
} titem;

typedef struct tar_opts {
    int op, verbose, zip, to_stdout, keep_old, no_mtime, same_perms, deref, absolute;
    int strip, wildcards, recursion, totals;
    const char *archive;
    titem *items;
    int nitems;
    char **excl;
    int nexcl;
    const char *files_from, *exclude_from;
} tar_opts;

typedef struct tar_state {
    sk_cmd *c;
    tar_opts *op;
    int errors;                /* a non-fatal error happened: exit 2 at the end */
    int warned_slash, warned_dotdot;
    int ugswidth;
    sk_out *vout;              /* where -v goes */
    char *archive_abs;
} tar_state;

/* ---- errors ----------------------------------------------------------- */

static void terr(tar_state *T, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fsu_verror(T->c, fmt, ap);
    va_end(ap);
    T->errors = 1;
}

static int usage_err(sk_cmd *c, const char *msg)
{
    fsu_error(c, "%s", msg);
    sk_out_puts(&c->err, "Try 'tar --help' or 'tar --usage' for more information.\n");
    return 2;
}

static int excluded(const tar_opts *op, const char *name)
{
    size_t bl;
    const char *b = sk_vpath_basename(name, strlen(name), &bl);
    for (int i = 0; i < op->nexcl; i++) {
        if (fsu_fnmatch(op->excl[i], name, 0)) return 1;
        char tmp[512];
        if (bl < sizeof tmp) {
            memcpy(tmp, b, bl);
            tmp[bl] = 0;
            if (fsu_fnmatch(op->excl[i], tmp, 0)) return 1;
        }
    }
    return 0;
}

/* ---- writing ----------------------------------------------------------------- */

static void octal(char *dst, size_t width, uint64_t v)
{
    /* width includes the terminating NUL */
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%0*llo", (int)(width - 1), (unsigned long long)v);
    memcpy(dst, tmp, width - 1);
    dst[width - 1] = 0;
}

static void checksum(unsigned char *h)
{
    memset(h + 148, ' ', 8);
    unsigned sum = 0;
    for (int i = 0; i < BLK; i++) sum += h[i];
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%06o", sum);
    memcpy(h + 148, tmp, 6);
    h[154] = 0;
    h[155] = ' ';
}

static int put_block(sk_buf *ar, const void *p, size_t n)
{
    if (sk_buf_put(ar, p, n)) return -1;
    size_t pad = (BLK - n % BLK) % BLK;
    static const char zeros[BLK] = { 0 };
    return pad ? sk_buf_put(ar, zeros, pad) : 0;
}

static int pax_record(sk_buf *b, const char *key, const char *val)
{
    size_t body = strlen(key) + strlen(val) + 3; /* ' ' '=' '\n' */
    size_t len = body + 1, digits;
    for (;;) {
        char tmp[32];
        digits = (size_t)snprintf(tmp, sizeof tmp, "%zu", len);
        if (body + digits == len) break;
        len = body + digits;
    }
    return sk_buf_printf(b, "%zu %s=%s\n", len, key, val);
}

/* ustar header for one member; long names go into a pax header first. */
static int write_member(tar_state *T, sk_buf *ar, const char *name, char type, const sk_stat *st,
                        const char *link, uint64_t size)
{
    unsigned char h[BLK];
    size_t nl = strlen(name), ll = link ? strlen(link) : 0;
    const char *pre = NULL;
    size_t prelen = 0;
    const char *nm = name;
    int need_pax = ll > 100;
    if (nl > 100) {
        /* split at a '/' so that prefix <= 155 and name <= 100 */
        const char *split = NULL;
        for (const char *p = name + nl - 1; p > name; p--) {
            if (*p == '/' && (size_t)(p - name) <= 155 && nl - (size_t)(p - name) - 1 <= 100 && p[1]) {
                split = p;
                break;
            }
        }
        if (split) {
            pre = name;
            prelen = (size_t)(split - name);
            nm = split + 1;
        } else {
            need_pax = 1;
        }
    }
    if (need_pax) {
        sk_buf px = SK_BUF_INIT(T->c->a);
        if (nl > 100) pax_record(&px, "path", name);
        if (ll > 100) pax_record(&px, "linkpath", link);
        memset(h, 0, sizeof h);
        char pn[101];
        snprintf(pn, sizeof pn, "./PaxHeaders/%.80s", name);
        memcpy(h, pn, strlen(pn));
        octal((char *)h + 100, 8, 0644);
        octal((char *)h + 108, 8, FSU_UID);
        octal((char *)h + 116, 8, FSU_GID);
        octal((char *)h + 124, 12, px.len);
        octal((char *)h + 136, 12, (uint64_t)(st->mtime_ns > 0 ? st->mtime_ns / 1000000000 : 0));
        h[156] = 'x';
        memcpy(h + 257, "ustar", 6);
        memcpy(h + 263, "00", 2);
        checksum(h);
        int rc = sk_buf_put(ar, h, BLK) || put_block(ar, px.p, px.len);
        sk_buf_free(&px);
        if (rc) return -1;
        if (nl > 100) {
            nm = name;
            nl = 100;
        }
    }
    memset(h, 0, sizeof h);
    size_t nml = strlen(nm);
    memcpy(h, nm, nml > 100 ? 100 : nml);
    octal((char *)h + 100, 8, st->mode & 07777);
    octal((char *)h + 108, 8, FSU_UID);
    octal((char *)h + 116, 8, FSU_GID);
    octal((char *)h + 124, 12, size);
    octal((char *)h + 136, 12, (uint64_t)(st->mtime_ns > 0 ? st->mtime_ns / 1000000000 : 0));
    h[156] = (unsigned char)type;
    if (link) memcpy(h + 157, link, ll > 100 ? 100 : ll);
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    memcpy(h + 265, FSU_USER, strlen(FSU_USER));
    memcpy(h + 297, FSU_GROUP, strlen(FSU_GROUP));
    if (type == '3') {
        octal((char *)h + 329, 8, 1);
        octal((char *)h + 337, 8, 3);
    }
    if (pre) memcpy(h + 345, pre, prelen);
    checksum(h);
    return sk_buf_put(ar, h, BLK) ? -1 : 0;
}

/* The member name for a path: leading "/" and "../" removed (once warned). */
static const char *member_name(tar_state *T, const char *p)
{
    if (T->op->absolute) return p;
    const char *q = p;
    int slash = 0, dotdot = 0;
    for (;;) {
        if (*q == '/') {
            while (*q == '/') q++;
            slash = 1;
        } else if (q[0] == '.' && q[1] == '.' && (q[2] == '/' || !q[2])) {
            q += 2;
            dotdot = 1;
        } else {
            break;
        }
    }
    if (dotdot && !T->warned_dotdot) {
        T->warned_dotdot = 1;
        fsu_error(T->c, "Removing leading `%.*s' from member names", (int)(q - p), p);
    } else if (slash && !T->warned_slash && !dotdot) {
        T->warned_slash = 1;
        fsu_error(T->c, "Removing leading `/' from member names");
    }
    return q;
}

static void verbose_long(tar_state *T, sk_out *o, char type, uint32_t mode, const char *uname,
                         const char *gname, uint64_t size, int64_t mtime, const char *name, const char *link)
{
    sk_stat st = { .type = type == '5' ? SK_FILE_DIR : type == '2' ? SK_FILE_SYMLINK
                                       : (type == '3' || type == '4') ? SK_FILE_DEVICE : SK_FILE_REGULAR,
                   .mode = mode };
    char m[11];
    fsu_mode_string(&st, m);
    if (type == '4') m[0] = 'b';
    if (type == '6') m[0] = 'p';
    if (type == '1') m[0] = 'h';
    sk_buf b = SK_BUF_INIT(T->c->a);
    char ug[80], sz[32];
    snprintf(ug, sizeof ug, "%s/%s", uname, gname);
    if (type == '3' || type == '4') snprintf(sz, sizeof sz, "1,3");
    else snprintf(sz, sizeof sz, "%llu", (unsigned long long)size);
    int need = (int)(strlen(ug) + 1 + strlen(sz));
    if (need > T->ugswidth) T->ugswidth = need;
    sk_buf_printf(&b, "%s %s %*s ", m, ug, T->ugswidth - (int)strlen(ug) - 1, sz);
    fsu_strftime(&b, "%Y-%m-%d %H:%M", mtime);
    sk_buf_printf(&b, " %s", name);
    if (type == '2') sk_buf_printf(&b, " -> %s", link);
    else if (type == '1') sk_buf_printf(&b, " link to %s", link);
    sk_buf_putc(&b, '\n');
    sk_out_write(o, b.p, b.len);
    sk_buf_free(&b);
}

static int add_tree(tar_state *T, sk_buf *ar, const char *path)
{
    sk_cmd *c = T->c;
    fsu_walk w;
    fsu_walk_init(&w, c, path, T->op->deref ? FSU_FOLLOW_ALL : FSU_FOLLOW_NONE, 0);
    fsu_walk_ent e;
    int r;
    sk_buf nm = SK_BUF_INIT(c->a), data = SK_BUF_INIT(c->a), shown = SK_BUF_INIT(c->a);
    uint64_t max = c->lim ? c->lim->max_file_size : 0;
    while ((r = fsu_walk_next(&w, &e)) > 0) {
        if (cmd_aborted(c)) break;
        if (e.kind == FSU_W_ERR) {
            terr(T, "%s: Cannot open: %s", e.path, sk_status_message(e.rc));
            continue;
        }
        if (e.kind != FSU_W_PRE) continue;
        if (e.rc) {
            terr(T, "%s: Cannot stat: %s", e.path, sk_status_message(e.rc));
            continue;
        }
        if (T->archive_abs && !strcmp(e.abs, T->archive_abs)) {
            fsu_error(c, "%s: file is the archive; not dumped", e.path);
            continue;
        }
        const char *mn = member_name(T, e.path);
        sk_buf_clear(&nm);
        sk_buf_puts(&nm, mn);
        int isdir = e.st.type == SK_FILE_DIR;
        if (isdir && (nm.len == 0 || nm.p[nm.len - 1] != '/')) sk_buf_putc(&nm, '/');
        if (nm.len == 0 || !strcmp(nm.p, "/")) {
            /* the root itself ("/"): nothing to store */
            continue;
        }
        if (e.depth > 0 && excluded(T->op, sk_buf_cstr(&nm))) {
            if (isdir) fsu_walk_prune(&w);
            continue;
        }
        if (e.depth > 0 && !T->op->recursion) {
            fsu_walk_prune(&w);
            continue;
        }
        int rc = 0;
        uint64_t size = 0;
        char type;
        const char *link = NULL;
        sk_buf lt = SK_BUF_INIT(c->a);
        sk_buf_clear(&data);
        switch (e.st.type) {
        case SK_FILE_DIR: type = '5'; break;
        case SK_FILE_SYMLINK:
            type = '2';
            if (sk_vfs_readlink(c->vfs, "/", e.abs, &lt) == SK_OK) link = sk_buf_cstr(&lt);
            else link = "";
            break;
        case SK_FILE_DEVICE: type = '3'; break;
        default:
            type = '0';
            rc = sk_vfs_read_file(c->vfs, "/", e.abs, max, &data);
            if (rc) {
                terr(T, "%s: Cannot open: %s", e.path, sk_status_message(rc));
                sk_buf_free(&lt);
                continue;
            }
            size = data.len;
            break;
        }
        if (write_member(T, ar, sk_buf_cstr(&nm), type, &e.st, link, size) ||
            (type == '0' && put_block(ar, data.p ? data.p : "", data.len))) {
            sk_buf_free(&lt);
            terr(T, "memory exhausted");
            r = SK_NOMEM;
            break;
        }
        if (T->op->verbose == 1) {
            sk_buf_clear(&shown);
            sk_buf_puts(&shown, e.path);
            if (isdir && (shown.len == 0 || shown.p[shown.len - 1] != '/')) sk_buf_putc(&shown, '/');
            sk_out_puts(T->vout, sk_buf_cstr(&shown));
            sk_out_putc(T->vout, '\n');
        } else if (T->op->verbose > 1) {
            verbose_long(T, T->vout, type, e.st.mode, FSU_USER, FSU_GROUP, size, e.st.mtime_ns, sk_buf_cstr(&nm),
                         link);
        }
        sk_buf_free(&lt);
    }
    if (r < 0) terr(T, "%s", sk_status_message(r));
    sk_buf_free(&nm);
    sk_buf_free(&data);
    sk_buf_free(&shown);
    fsu_walk_free(&w);
    return r < 0 ? -1 : 0;
}

/* ---- reading ----------------------------------------------------------------- */

typedef struct tmember {
    char name[4096];
    char link[4096];
    char type;
    uint32_t mode;
    uint64_t size;
    int64_t mtime;
    char uname[33], gname[33];
    uint32_t uid, gid;
    const unsigned char *data;
} tmember;

static uint64_t parse_num(const unsigned char *p, size_t n)
{
    if (p[0] & 0x80) {
        /* base-256 */
        uint64_t v = p[0] & 0x3f;
        for (size_t i = 1; i < n; i++) v = v << 8 | p[i];
        return v;
    }
    uint64_t v = 0;
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == 0)) i++;
    for (; i < n && p[i] >= '0' && p[i] <= '7'; i++) v = v * 8 + (uint64_t)(p[i] - '0');
    return v;
}

static int header_ok(const unsigned char *h)
{
    uint64_t want = parse_num(h + 148, 8);
    unsigned usum = 0;
    int ssum = 0;
    for (int i = 0; i < BLK; i++) {
        unsigned char b = (i >= 148 && i < 156) ? ' ' : h[i];
        usum += b;
        ssum += (signed char)b;
    }
    return want == usum || (int64_t)want == ssum;
}

static int all_zero(const unsigned char *h)
{
    for (int i = 0; i < BLK; i++)
        if (h[i]) return 0;
    return 1;
}

static void copy_field(char *dst, size_t cap, const unsigned char *src, size_t n)
{
    size_t l = 0;
    while (l < n && src[l]) l++;
    if (l >= cap) l = cap - 1;
    memcpy(dst, src, l);
    dst[l] = 0;
}

/* Apply pax records to m. */
static void pax_apply(const unsigned char *p, size_t n, tmember *m, int *have_name, int *have_link, int *have_size)
{
    size_t i = 0;
    while (i < n) {
        size_t len = 0, j = i;
        while (j < n && p[j] >= '0' && p[j] <= '9') len = len * 10 + (size_t)(p[j++] - '0');
        if (!len || i + len > n || j >= n || p[j] != ' ') return;
        const unsigned char *kv = p + j + 1, *end = p + i + len - 1; /* end at '\n' */
        const unsigned char *eq = memchr(kv, '=', (size_t)(end - kv));
        if (eq) {
            size_t kl = (size_t)(eq - kv), vl = (size_t)(end - eq - 1);
            const unsigned char *v = eq + 1;
            if (kl == 4 && !memcmp(kv, "path", 4)) {
                copy_field(m->name, sizeof m->name, v, vl);
                *have_name = 1;
            } else if (kl == 8 && !memcmp(kv, "linkpath", 8)) {
                copy_field(m->link, sizeof m->link, v, vl);
                *have_link = 1;
            } else if (kl == 4 && !memcmp(kv, "size", 4)) {
                char tmp[32];
                copy_field(tmp, sizeof tmp, v, vl);
                m->size = strtoull(tmp, NULL, 10);
                *have_size = 1;
            } else if (kl == 5 && !memcmp(kv, "mtime", 5)) {
                char tmp[48];
                copy_field(tmp, sizeof tmp, v, vl);
                m->mtime = (int64_t)(strtod(tmp, NULL) * 1e9);
            }
        }
        i += len;
    }
}

typedef int (*member_fn)(tar_state *T, tmember *m, void *ud);

/* Walk the members of an in-memory archive.  Returns 0, or 2 after
 * reporting a fatal error. */
static int read_archive(tar_state *T, const unsigned char *a, size_t n, member_fn fn, void *ud)
{
    size_t pos = 0;
    int first = 1;
    tmember *m = sk_malloc(T->c->a, sizeof *m);
    if (!m) {
        terr(T, "memory exhausted");
        return 2;
    }
    int have_name = 0, have_link = 0, have_size = 0;
    char longname[4096], longlink[4096];
    int have_longname = 0, have_longlink = 0;
    int rc = 0;
    if (n < BLK) {
        fsu_error(T->c, "This does not look like a tar archive");
        T->errors = 1;
    }
    while (pos + BLK <= n) {
        const unsigned char *h = a + pos;
        if (all_zero(h)) break;
        if (!header_ok(h)) {
            if (first) {
                fsu_error(T->c, "This does not look like a tar archive");
                T->errors = 1;
            } else {
                terr(T, "Skipping to next header");
            }
            break;
        }
        first = 0;
        char type = (char)h[156];
        uint64_t size = parse_num(h + 124, 12);
        if (type == 'x' || type == 'g' || type == 'L' || type == 'K') {
            if (pos + BLK + size > n) break;
            const unsigned char *d = h + BLK;
            if (type == 'x') {
                memset(m, 0, sizeof *m);
                pax_apply(d, (size_t)size, m, &have_name, &have_link, &have_size);
                if (have_name) memcpy(longname, m->name, sizeof longname), have_longname = 1;
                if (have_link) memcpy(longlink, m->link, sizeof longlink), have_longlink = 1;
            } else if (type == 'L') {
                copy_field(longname, sizeof longname, d, (size_t)size);
                have_longname = 1;
            } else if (type == 'K') {
                copy_field(longlink, sizeof longlink, d, (size_t)size);
                have_longlink = 1;
            }
            uint64_t psize = have_size ? m->size : 0;
            pos += BLK + (size_t)((size + BLK - 1) / BLK * BLK);
            if (type == 'x' && have_size) {
                /* remembered for the next member */
                have_size = 1;
                m->size = psize;
            }
            continue;
        }
        uint64_t pax_size = have_size ? m->size : 0;
        memset(m, 0, sizeof *m);
        if (have_longname) {
            memcpy(m->name, longname, sizeof m->name);
        } else {
            char nm[101], pre[156];
            copy_field(nm, sizeof nm, h, 100);
            pre[0] = 0;
            if (!memcmp(h + 257, "ustar\0", 6)) copy_field(pre, sizeof pre, h + 345, 155);
            if (pre[0]) snprintf(m->name, sizeof m->name, "%s/%s", pre, nm);
            else snprintf(m->name, sizeof m->name, "%s", nm);
        }
        if (have_longlink) memcpy(m->link, longlink, sizeof m->link);
        else copy_field(m->link, sizeof m->link, h + 157, 100);
        m->type = type ? type : '0';
        if (m->type == '7') m->type = '0';
        m->mode = (uint32_t)parse_num(h + 100, 8) & 07777;
        m->uid = (uint32_t)parse_num(h + 108, 8);
        m->gid = (uint32_t)parse_num(h + 116, 8);
        m->size = have_size ? pax_size : size;
        m->mtime = (int64_t)parse_num(h + 136, 12) * 1000000000LL;
        copy_field(m->uname, sizeof m->uname, h + 265, 32);
        copy_field(m->gname, sizeof m->gname, h + 297, 32);
        if (!m->uname[0]) snprintf(m->uname, sizeof m->uname, "%u", m->uid);
        if (!m->gname[0]) snprintf(m->gname, sizeof m->gname, "%u", m->gid);
        /* old archives mark directories with a trailing slash only */
        size_t nl = strlen(m->name);
        if (m->type == '0' && nl && m->name[nl - 1] == '/') m->type = '5';
        uint64_t dsize = (m->type == '0' || m->type == '7') ? m->size : (m->type == '5' || m->type == '2' || m->type == '1') ? 0 : m->size;
        if (pos + BLK + dsize > n) {
            terr(T, "Unexpected EOF in archive");
            rc = 2;
            break;
        }
        m->data = h + BLK;
        have_name = have_link = have_size = have_longname = have_longlink = 0;
        rc = fn(T, m, ud);
        if (rc) break;
        pos += BLK + (size_t)((dsize + BLK - 1) / BLK * BLK);
        if (cmd_aborted(T->c) || cmd_out_failed(T->c)) break;
    }
    sk_free(T->c->a, m);
    return rc;
}

/* Operand filtering for -t/-x. */
typedef struct tfilter {
    char **names;
    int n;
    char *found;
} tfilter;

static int wanted(tar_state *T, tfilter *f, const char *name)
{
    if (f->n == 0) return 1;
    size_t nl = strlen(name);
    while (nl > 1 && name[nl - 1] == '/') nl--;
    for (int i = 0; i < f->n; i++) {
        const char *o = f->names[i];
        size_t ol = strlen(o);
        while (ol > 1 && o[ol - 1] == '/') ol--;
        int hit;
        if (T->op->wildcards && strpbrk(o, "*?[")) {
            hit = fsu_fnmatch(o, name, 0);
        } else {
            hit = (nl == ol && !memcmp(name, o, ol)) || (nl > ol && !memcmp(name, o, ol) && name[ol] == '/');
        }
        if (hit) {
            f->found[i] = 1;
            return 1;
        }
    }
    return 0;
}

typedef struct xctx {
    tfilter *filter;
    const char *base;          /* extraction directory (absolute) */
    sk_buf path;
    /* directories whose mode/mtime are set after their contents */
    sk_buf dirs;               /* records: mode(4) mtime(8) path\0 */
} xctx;

static int list_member(tar_state *T, tmember *m, void *ud)
{
    xctx *x = ud;
    if (!wanted(T, x->filter, m->name)) return 0;
    if (T->op->verbose)
        verbose_long(T, &T->c->out, m->type, m->mode, m->uname, m->gname, m->size, m->mtime, m->name, m->link);
    else {
        sk_out_puts(&T->c->out, m->name);
        sk_out_putc(&T->c->out, '\n');
    }
    return 0;
}

/* The path to extract to (stripped, checked); NULL to skip. */
static const char *extract_name(tar_state *T, tmember *m)
{
    const char *n = m->name;
    if (!T->op->absolute) {
        const char *q = n;
        while (*q == '/') q++;
        if (q != n && !T->warned_slash) {
            T->warned_slash = 1;
            fsu_error(T->c, "Removing leading `/' from member names");
        }
        n = q;
    }
    /* refuse ".." components */
    for (const char *p = n; *p;) {
        const char *e = strchr(p, '/');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == 2 && p[0] == '.' && p[1] == '.') {
            terr(T, "%s: Member name contains '..'", m->name);
            return NULL;
        }
        if (!e) break;
        p = e + 1;
    }
    for (int s = 0; s < T->op->strip; s++) {
        const char *e = strchr(n, '/');
        if (!e) return NULL;
        n = e + 1;
        while (*n == '/') n++;
    }
    if (!*n || !strcmp(n, ".") || !strcmp(n, "./")) return NULL;
    return n;
}

static int ensure_parent(tar_state *T, const char *path)
{
    size_t dl;
    const char *d = sk_vpath_dirname(path, strlen(path), &dl);
    if (dl == 1 && d[0] == '/') return 0;
    char *dir = sk_strndup(T->c->a, d, dl);
    if (!dir) return SK_NOMEM;
    int rc = sk_vfs_mkdir_p(T->c->vfs, "/", dir, 0755);
    sk_free(T->c->a, dir);
    return rc;
}

static int extract_member(tar_state *T, tmember *m, void *ud)
{
    xctx *x = ud;
    sk_cmd *c = T->c;
    const sk_vfs *v = c->vfs;
    if (!wanted(T, x->filter, m->name)) return 0;
    if (T->op->to_stdout) {
        if (m->type == '0') sk_out_write(&c->out, m->data, (size_t)m->size);
        return 0;
    }
    const char *rel = extract_name(T, m);
    if (!rel) return 0;
    if (T->op->verbose == 1) {
        sk_out_puts(T->vout, m->name);
        sk_out_putc(T->vout, '\n');
    } else if (T->op->verbose > 1) {
        verbose_long(T, T->vout, m->type, m->mode, m->uname, m->gname, m->size, m->mtime, m->name, m->link);
    }
    fsu_join(&x->path, x->base, rel);
    /* drop a trailing slash */
    while (x->path.len > 1 && x->path.p[x->path.len - 1] == '/') x->path.p[--x->path.len] = 0;
    const char *p = sk_buf_cstr(&x->path);
    uint32_t mode = T->op->same_perms ? m->mode : m->mode & ~(uint32_t)FSU_UMASK;
    int rc = ensure_parent(T, p);
    if (rc) {
        terr(T, "%s: Cannot mkdir: %s", rel, sk_status_message(rc));
        return rc == SK_NOMEM ? 2 : 0;
    }
    sk_stat st;
    int exists = sk_vfs_lstat(v, "/", p, &st) == SK_OK;
    switch (m->type) {
    case '5':
        if (exists && st.type != SK_FILE_DIR) {
            if (T->op->keep_old) {
                terr(T, "%s: Cannot mkdir: File exists", rel);
                return 0;
            }
            sk_vfs_unlink(v, "/", p);
            exists = 0;
        }
        if (!exists && (rc = sk_vfs_mkdir(v, "/", p, 0700 | mode))) {
            terr(T, "%s: Cannot mkdir: %s", rel, sk_status_message(rc));
            return 0;
        }
        {
            /* mode and time after the contents */
            uint32_t md = mode;
            int64_t mt = m->mtime;
            if (sk_buf_put(&x->dirs, &md, sizeof md) || sk_buf_put(&x->dirs, &mt, sizeof mt) ||
                sk_buf_puts(&x->dirs, p) || sk_buf_putc(&x->dirs, 0))
                return 2;
        }
        return 0;
    case '2':
    case '1':
    case '0':
        if (exists) {
            if (T->op->keep_old) {
                terr(T, "%s: Cannot open: File exists", rel);
                return 0;
            }
            if (st.type == SK_FILE_DIR) {
                rc = sk_vfs_rmdir(v, "/", p);
                if (rc) {
                    terr(T, "%s: Cannot open: %s", rel, sk_status_message(SK_EISDIR));
                    return 0;
                }
            } else if (st.type == SK_FILE_SYMLINK || m->type != '0') {
                sk_vfs_unlink(v, "/", p);
            }
        }
        if (m->type == '2') {
            rc = sk_vfs_symlink(v, "/", m->link, p);
            if (rc) terr(T, "%s: Cannot create symlink to %Q: %s", rel, m->link, sk_status_message(rc));
            else if (!T->op->no_mtime) sk_vfs_set_mtime(v, "/", p, m->mtime, 1);
            return 0;
        }
        if (m->type == '1') {
            /* hard link: a copy of the already extracted target */
            tmember t = *m;
            snprintf(t.name, sizeof t.name, "%s", m->link);
            const char *trel = extract_name(T, &t);
            if (!trel) return 0;
            sk_buf tp = SK_BUF_INIT(c->a);
            fsu_join(&tp, x->base, trel);
            rc = sk_vfs_copy_file(v, "/", sk_buf_cstr(&tp), p);
            sk_buf_free(&tp);
            if (rc) terr(T, "%s: Cannot hard link to %Q: %s", rel, m->link, sk_status_message(rc));
            return 0;
        }
        rc = sk_vfs_write_file(v, "/", p, m->data, (size_t)m->size, mode);
        if (rc) {
            terr(T, "%s: Cannot open: %s", rel, sk_status_message(rc));
            return rc == SK_NOMEM ? 2 : 0;
        }
        sk_vfs_chmod(v, "/", p, mode);
        if (!T->op->no_mtime) sk_vfs_set_mtime(v, "/", p, m->mtime, 0);
        return 0;
    default:
        terr(T, "%s: Cannot mknod: %s", rel, "Operation not permitted");
        return 0;
    }
}

static void finish_dirs(tar_state *T, xctx *x)
{
    size_t i = 0;
    while (i + 12 < x->dirs.len + 1 && i < x->dirs.len) {
        uint32_t md;
        int64_t mt;
        memcpy(&md, x->dirs.p + i, sizeof md);
        memcpy(&mt, x->dirs.p + i + 4, sizeof mt);
        const char *p = x->dirs.p + i + 12;
        sk_vfs_chmod(T->c->vfs, "/", p, md);
        if (!T->op->no_mtime) sk_vfs_set_mtime(T->c->vfs, "/", p, mt, 0);
        i += 12 + strlen(p) + 1;
    }
}

/* ---- options ------------------------------------------------------------------ */

static int add_item(sk_cmd *c, tar_opts *op, const char *s, int is_dir)
{
    titem *v = sk_realloc(c->a, op->items, (size_t)(op->nitems + 1) * sizeof *v);
    if (!v) return -1;
    op->items = v;
    v[op->nitems].s = s;
    v[op->nitems++].is_dir = is_dir;
    return 0;
}

static int set_op(sk_cmd *c, tar_opts *op, int what)
{
    if (op->op && op->op != what) {
        usage_err(c, "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option");
        return -1;
    }
    op->op = what;
    return 0;
}

/* Short option letters that take an argument. */
static int takes_arg(char ch) { return ch && strchr("fCTXbKNgLVsH", ch) != NULL; }

static int short_opt(sk_cmd *c, tar_opts *op, char ch, const char *arg)
{
    switch (ch) {
    case 'c': return set_op(c, op, OP_CREATE);
    case 'x': return set_op(c, op, OP_EXTRACT);
    case 't': return set_op(c, op, OP_LIST);
    case 'r': case 'u': return set_op(c, op, OP_APPEND);
    case 'v': op->verbose++; return 0;
    case 'z': op->zip = Z_GZIP; return 0;
    case 'j': op->zip = Z_BZIP2; return 0;
    case 'J': op->zip = Z_XZ; return 0;
    case 'a': if (!op->zip) op->zip = Z_AUTO; return 0;
    case 'f': op->archive = arg; return 0;
    case 'C': return add_item(c, op, arg, 1);
    case 'O': op->to_stdout = 1; return 0;
    case 'k': op->keep_old = 1; return 0;
    case 'm': op->no_mtime = 1; return 0;
    case 'p': op->same_perms = 1; return 0;
    case 'h': op->deref = 1; return 0;
    case 'P': op->absolute = 1; return 0;
    case 'T': op->files_from = arg; return 0;
    case 'X': op->exclude_from = arg; return 0;
    case 'o': case 'w': case 'W': case 'S': case 'l': case 'B': case 'i': case 'M': case 'G': case 'n':
    case 'b': case 'K': case 'N': case 'g': case 'L': case 'V': case 's': case 'H': case 'U':
        return 0;
    default:
        cmd_bad_option(c, ch);
        return -1;
    }
}

static int long_opt(sk_cmd *c, tar_opts *op, const char *name, const char *val, int *used_next,
                    const char *next)
{
    const char *eq = strchr(name, '=');
    size_t nl = eq ? (size_t)(eq - name) : strlen(name);
    if (eq) val = eq + 1;
#define L(s) (nl == strlen(s) && !strncmp(name, s, nl))
#define NEEDVAL() do { if (!val) { if (!next) { fsu_error(c, "option '--%.*s' requires an argument", (int)nl, name); return -1; } val = next; *used_next = 1; } } while (0)
    if (L("create")) return set_op(c, op, OP_CREATE);
    if (L("extract") || L("get")) return set_op(c, op, OP_EXTRACT);
    if (L("list")) return set_op(c, op, OP_LIST);
    if (L("append") || L("update")) return set_op(c, op, OP_APPEND);
    if (L("verbose")) { op->verbose++; return 0; }
    if (L("gzip") || L("gunzip") || L("ungzip")) { op->zip = Z_GZIP; return 0; }
    if (L("bzip2")) { op->zip = Z_BZIP2; return 0; }
    if (L("xz")) { op->zip = Z_XZ; return 0; }
    if (L("auto-compress")) { if (!op->zip) op->zip = Z_AUTO; return 0; }
    if (L("file")) { NEEDVAL(); op->archive = val; return 0; }
    if (L("directory")) { NEEDVAL(); return add_item(c, op, val, 1); }
    if (L("to-stdout")) { op->to_stdout = 1; return 0; }
    if (L("keep-old-files") || L("skip-old-files")) { op->keep_old = 1; return 0; }
    if (L("overwrite") || L("overwrite-dir") || L("keep-newer-files") || L("unlink-first")) return 0;
    if (L("touch")) { op->no_mtime = 1; return 0; }
    if (L("same-permissions") || L("preserve-permissions")) { op->same_perms = 1; return 0; }
    if (L("dereference")) { op->deref = 1; return 0; }
    if (L("absolute-names")) { op->absolute = 1; return 0; }
    if (L("strip-components")) {
        NEEDVAL();
        char *end;
        long v = strtol(val, &end, 10);
        if (*end || v < 0) {
            fsu_error(c, "%s: Invalid number", val);
            return -1;
        }
        op->strip = (int)v;
        return 0;
    }
    if (L("exclude")) {
        NEEDVAL();
        char **v = sk_realloc(c->a, op->excl, (size_t)(op->nexcl + 1) * sizeof *v);
        if (!v) return -1;
        op->excl = v;
        op->excl[op->nexcl++] = (char *)val;
        return 0;
    }
    if (L("files-from")) { NEEDVAL(); op->files_from = val; return 0; }
    if (L("exclude-from")) { NEEDVAL(); op->exclude_from = val; return 0; }
    if (L("wildcards")) { op->wildcards = 1; return 0; }
    if (L("no-wildcards")) { op->wildcards = 0; return 0; }
    if (L("no-recursion")) { op->recursion = 0; return 0; }
    if (L("recursion")) { op->recursion = 1; return 0; }
    if (L("totals")) { op->totals = 1; return 0; }
    if (L("owner") || L("group") || L("mode") || L("mtime") || L("sort") || L("format") || L("warning") ||
        L("transform") || L("xform") || L("blocking-factor") || L("record-size") || L("exclude-vcs") ||
        L("exclude-caches") || L("anchored") || L("no-anchored") || L("ignore-case")) {
        if (L("exclude-vcs") || L("exclude-caches") || L("anchored") || L("no-anchored") || L("ignore-case")) return 0;
        NEEDVAL();
        return 0;
    }
    if (L("no-same-owner") || L("no-same-permissions") || L("numeric-owner") || L("same-owner") ||
        L("force-local") || L("one-file-system") || L("show-transformed-names") || L("null") ||
        L("no-null") || L("checkpoint") || L("preserve") || L("delay-directory-restore") ||
        L("no-overwrite-dir") || L("ignore-zeros") || L("full-time"))
        return 0;
#undef L
#undef NEEDVAL
    fsu_error(c, "unrecognized option '--%s'", name);
    sk_out_puts(&c->err, "Try 'tar --help' or 'tar --usage' for more information.\n");
    return -1;
}

static int parse_args(sk_cmd *c, int argc, char **argv, tar_opts *op)
{
    int i = 1;
    /* old style: "tar czf x.tar dir" */
    if (argc > 1 && argv[1][0] && argv[1][0] != '-') {
        const char *b = argv[1];
        i = 2;
        for (const char *p = b; *p; p++) {
            const char *arg = NULL;
            if (takes_arg(*p)) {
                if (i >= argc) {
                    fsu_error(c, "option requires an argument -- '%c'", *p);
                    sk_out_puts(&c->err, "Try 'tar --help' or 'tar --usage' for more information.\n");
                    return -1;
                }
                arg = argv[i++];
            }
            if (short_opt(c, op, *p, arg)) return -1;
        }
    }
    int dashdash = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (dashdash || a[0] != '-' || !a[1]) {
            if (add_item(c, op, a, 0)) return -1;
            continue;
        }
        if (!strcmp(a, "--")) {
            dashdash = 1;
            continue;
        }
        if (a[1] == '-') {
            int used = 0;
            if (long_opt(c, op, a + 2, NULL, &used, i + 1 < argc ? argv[i + 1] : NULL)) return -1;
            i += used;
            continue;
        }
        for (const char *p = a + 1; *p; p++) {
            const char *arg = NULL;
            if (takes_arg(*p)) {
                if (p[1]) {
                    arg = p + 1;
                } else if (i + 1 < argc) {
                    arg = argv[++i];
                } else {
                    fsu_error(c, "option requires an argument -- '%c'", *p);
                    sk_out_puts(&c->err, "Try 'tar --help' or 'tar --usage' for more information.\n");
                    return -1;
                }
                if (short_opt(c, op, *p, arg)) return -1;
                break;
            }
            if (short_opt(c, op, *p, NULL)) return -1;
        }
    }
    return 0;
}

/* Append lines of a file (or stdin) as items / exclude patterns. */
static int read_list(tar_state *T, const char *path, sk_buf *store, int as_excl)
{
    sk_cmd *c = T->c;
    int rc = cmd_read_all(c, path, store);
    if (rc) {
        fsu_error(c, "%s: Cannot open: %s", path, sk_status_message(rc));
        fsu_error(c, "Error is not recoverable: exiting now");
        return -1;
    }
    size_t start = 0;
    for (size_t k = 0; k <= store->len; k++) {
        if (k == store->len || store->p[k] == '\n') {
            if (k < store->len) store->p[k] = 0;
            if (k > start) {
                char *s = store->p + start;
                if (as_excl) {
                    char **v = sk_realloc(c->a, T->op->excl, (size_t)(T->op->nexcl + 1) * sizeof *v);
                    if (!v) return -1;
                    T->op->excl = v;
                    v[T->op->nexcl++] = s;
                } else if (add_item(c, T->op, s, 0)) {
                    return -1;
                }
            }
            start = k + 1;
        }
    }
    return 0;
}

int cmd_tar(sk_cmd *c, int argc, char **argv)
{
    tar_opts op;
    memset(&op, 0, sizeof op);
    op.recursion = 1;
    tar_state T;
    memset(&T, 0, sizeof T);
    T.c = c;
    T.op = &op;
    T.ugswidth = 19;
    int status = 0;
    sk_buf ar = SK_BUF_INIT(c->a), raw = SK_BUF_INIT(c->a), list1 = SK_BUF_INIT(c->a), list2 = SK_BUF_INIT(c->a);
    const char *saved_cwd = c->cwd;
    char *dir_abs = NULL;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "--usage"))) {
        sk_out_puts(&c->out, "Usage: tar [OPTION...] [FILE]...\n"
                             "GNU 'tar' saves many files together into a single tape or disk archive, and can\n"
                             "restore individual files from the archive.\n");
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "--version")) {
        sk_out_printf(&c->out, "tar (GNU tar) 1.34 (sandkiste %s)\n", SK_VERSION);
        return 0;
    }
    if (parse_args(c, argc, argv, &op)) {
        status = 2;
        goto out;
    }
    if (!op.op) {
        status = usage_err(c, "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options");
        goto out;
    }
    if (op.files_from && read_list(&T, op.files_from, &list1, 0)) {
        status = 2;
        goto out;
    }
    if (op.exclude_from && read_list(&T, op.exclude_from, &list2, 1)) {
        status = 2;
        goto out;
    }
    if (!op.archive) op.archive = "-";
    int ar_stdio = !strcmp(op.archive, "-");
    T.vout = ar_stdio && (op.op == OP_CREATE || op.op == OP_APPEND) ? &c->err : &c->out;
    if (op.zip == Z_AUTO) {
        size_t al = strlen(op.archive);
        op.zip = (al > 3 && !strcmp(op.archive + al - 3, ".gz")) || (al > 4 && !strcmp(op.archive + al - 4, ".tgz"))
                     ? Z_GZIP : Z_NONE;
    }
    if (op.zip == Z_BZIP2 || op.zip == Z_XZ) {
        fsu_error(c, "%s: Cannot exec: %s", op.zip == Z_BZIP2 ? "bzip2" : "xz",
                  "compression not supported in the sandbox (use -z)");
        fsu_error(c, "Error is not recoverable: exiting now");
        status = 2;
        goto out;
    }
    if (op.op == OP_CREATE || op.op == OP_APPEND) {
        int nfiles = 0;
        for (int i = 0; i < op.nitems; i++)
            if (!op.items[i].is_dir) nfiles++;
        if (nfiles == 0 && op.op == OP_CREATE) {
            status = usage_err(c, "Cowardly refusing to create an empty archive");
            goto out;
        }
        if (!ar_stdio) sk_vfs_realpath(c->vfs, c->cwd, op.archive, SK_REALPATH_MISSING, &T.archive_abs);
        if (op.op == OP_APPEND) {
            if (op.zip) {
                fsu_error(c, "Cannot update compressed archives");
                fsu_error(c, "Error is not recoverable: exiting now");
                status = 2;
                goto out;
            }
            int rc = ar_stdio ? SK_ENOENT : sk_vfs_read_file(c->vfs, c->cwd, op.archive, 0, &ar);
            if (rc == SK_OK) {
                /* drop the end-of-archive blocks */
                size_t pos = 0;
                while (pos + BLK <= ar.len && !all_zero((const unsigned char *)ar.p + pos)) {
                    const unsigned char *h = (const unsigned char *)ar.p + pos;
                    uint64_t size = parse_num(h + 124, 12);
                    char ty = (char)h[156];
                    uint64_t ds = (ty == '5' || ty == '2' || ty == '1' || ty == '3') ? 0 : size;
                    pos += BLK + (size_t)((ds + BLK - 1) / BLK * BLK);
                }
                ar.len = pos < ar.len ? pos : ar.len;
            } else if (rc != SK_ENOENT) {
                fsu_error(c, "%s: Cannot open: %s", op.archive, sk_status_message(rc));
                status = 2;
                goto out;
            }
        }
        for (int i = 0; i < op.nitems && !cmd_aborted(c); i++) {
            if (op.items[i].is_dir) {
                char *d = NULL;
                int rc = sk_vfs_resolve(c->vfs, c->cwd, op.items[i].s, 1, &d);
                if (rc || !sk_vfs_is_dir(c->vfs, "/", d)) {
                    fsu_error(c, "%s: Cannot open: %s", op.items[i].s, sk_status_message(rc ? rc : SK_ENOTDIR));
                    fsu_error(c, "Error is not recoverable: exiting now");
                    sk_free(c->a, d);
                    status = 2;
                    goto out;
                }
                sk_free(c->a, dir_abs);
                dir_abs = d;
                c->cwd = dir_abs;
                continue;
            }
            sk_stat st;
            int rc = sk_vfs_lstat(c->vfs, c->cwd, op.items[i].s, &st);
            if (rc) {
                terr(&T, "%s: Cannot stat: %s", op.items[i].s, sk_status_message(rc));
                continue;
            }
            if (add_tree(&T, &ar, op.items[i].s)) break;
        }
        c->cwd = saved_cwd;
        static const char zeros[2 * BLK] = { 0 };
        if (sk_buf_put(&ar, zeros, sizeof zeros) || (ar.len % RECORD && sk_buf_reserve(&ar, RECORD - ar.len % RECORD))) {
            fsu_error(c, "memory exhausted");
            status = 2;
            goto out;
        }
        if (ar.len % RECORD) {
            size_t pad = RECORD - ar.len % RECORD;
            memset(ar.p + ar.len, 0, pad);
            ar.len += pad;
        }
        sk_buf *final = &ar;
        if (op.zip == Z_GZIP) {
            if (gz_compress_buf(c, ar.p, ar.len, 6, &raw)) {
                fsu_error(c, "memory exhausted");
                status = 2;
                goto out;
            }
            final = &raw;
        }
        if (ar_stdio) {
            sk_out_write(&c->out, final->p, final->len);
        } else {
            int rc = sk_vfs_write_file(c->vfs, c->cwd, op.archive, final->p, final->len, 0644);
            if (rc) {
                int space = rc == SK_ENOSPC || rc == SK_EFBIG || rc == SK_NOMEM;
                fsu_error(c, "%s: Cannot %s: %s", op.archive, space ? "write" : "open", sk_status_message(rc));
                fsu_error(c, "Error is not recoverable: exiting now");
                status = 2;
                goto out;
            }
        }
    } else {
        /* list / extract */
        int rc = ar_stdio ? cmd_read_all(c, "-", &raw)
                          : sk_vfs_read_file(c->vfs, c->cwd, op.archive, c->lim ? c->lim->max_file_size : 0, &raw);
        if (rc) {
            fsu_error(c, "%s: Cannot open: %s", op.archive, sk_status_message(rc));
            fsu_error(c, "Error is not recoverable: exiting now");
            status = 2;
            goto out;
        }
        const unsigned char *data = (const unsigned char *)raw.p;
        size_t n = raw.len;
        int is_gz = n >= 2 && data[0] == 0x1f && data[1] == 0x8b;
        if (op.zip == Z_GZIP && !is_gz) {
            sk_out_flush(&c->out);
            sk_out_puts(&c->err, "\ngzip: stdin: not in gzip format\n");
            fsu_error(c, "Child returned status 1");
            fsu_error(c, "Error is not recoverable: exiting now");
            status = 2;
            goto out;
        }
        if ((n >= 3 && !memcmp(data, "BZh", 3)) || (n >= 6 && !memcmp(data, "\xfd" "7zXZ", 5))) {
            fsu_error(c, "%s: Cannot exec: compression not supported in the sandbox (use -z)",
                      data[0] == 'B' ? "bzip2" : "xz");
            fsu_error(c, "Error is not recoverable: exiting now");
            status = 2;
            goto out;
        }
        if (is_gz) {
            /* bounded by the sandbox's memory: the allocator refuses */
            int zr = gz_decompress_buf(c, data, n, 0, &ar);
            if (zr) {
                sk_out_flush(&c->out);
                sk_out_printf(&c->err, "\ngzip: stdin: %s\n", zr == GZ_ERR_SINK ? sk_status_message(SK_NOMEM) : gz_strerror(zr));
                fsu_error(c, "Child returned status 1");
                fsu_error(c, "Error is not recoverable: exiting now");
                status = 2;
                goto out;
            }
            data = (const unsigned char *)ar.p;
            n = ar.len;
        }
        if (n == 0) {
            /* an empty archive lists nothing */
        }
        tfilter f = { NULL, 0, NULL };
        xctx x;
        memset(&x, 0, sizeof x);
        sk_buf_init(&x.path, c->a);
        sk_buf_init(&x.dirs, c->a);
        char *base = NULL;
        for (int i = 0; i < op.nitems; i++) {
            if (op.items[i].is_dir) {
                sk_free(c->a, base);
                base = NULL;
                rc = sk_vfs_resolve(c->vfs, c->cwd, op.items[i].s, 1, &base);
                if (rc || !sk_vfs_is_dir(c->vfs, "/", base)) {
                    fsu_error(c, "%s: Cannot open: %s", op.items[i].s, sk_status_message(rc ? rc : SK_ENOTDIR));
                    fsu_error(c, "Error is not recoverable: exiting now");
                    sk_free(c->a, base);
                    status = 2;
                    goto out;
                }
                c->cwd = base;
                continue;
            }
            char **v = sk_realloc(c->a, f.names, (size_t)(f.n + 1) * sizeof *v);
            if (!v) {
                status = 2;
                sk_free(c->a, base);
                goto out;
            }
            f.names = v;
            f.names[f.n++] = (char *)op.items[i].s;
        }
        c->cwd = saved_cwd;
        f.found = sk_calloc(c->a, (size_t)f.n + 1, 1);
        x.filter = &f;
        x.base = base ? base : c->cwd;
        int r = 0;
        if (n && f.found) r = read_archive(&T, data, n, op.op == OP_LIST ? list_member : extract_member, &x);
        if (op.op == OP_EXTRACT) finish_dirs(&T, &x);
        for (int i = 0; i < f.n; i++)
            if (!f.found[i]) terr(&T, "%s: Not found in archive", f.names[i]);
        if (r) status = 2;
        sk_free(c->a, f.names);
        sk_free(c->a, f.found);
        sk_free(c->a, base);
        sk_buf_free(&x.path);
        sk_buf_free(&x.dirs);
    }
    if (T.errors && !status) {
        fsu_error(c, "Exiting with failure status due to previous errors");
        status = 2;
    }
out:
    c->cwd = saved_cwd;
    sk_free(c->a, dir_abs);
    sk_free(c->a, T.archive_abs);
    sk_free(c->a, op.items);
    sk_free(c->a, op.excl);
    sk_buf_free(&ar);
    sk_buf_free(&raw);
    sk_buf_free(&list1);
    sk_buf_free(&list2);
    return status;
}
