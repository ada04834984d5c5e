/* diff.c — diff: compare files line by line (GNU diffutils formats:
 * normal, unified -u/-U, context -c/-C, brief -q, -s; -r over directories,
 * -N; -i -w -b -Z -B --strip-trailing-cr; exit 0 same, 1 different,
 * 2 trouble).
 *
 * The algorithm follows GNU diff so the hunks come out the same: lines are
 * mapped to equivalence classes, the identical prefix and suffix are set
 * aside, lines with no match in the other file are discarded up front,
 * Myers' O(ND) middle-snake bisection runs over the rest (its recursion is
 * an explicit heap stack; a cost cap bounds the work on huge inputs), and
 * changed runs are slid to their canonical place (shift_boundaries).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vpath.h"
#include "cmd.h"
#include "fsutil.h"

SK_CMD("diff", cmd_diff, "diff [-u|-c|-q] [-r] [-N] [-iwbB] FILE1 FILE2: compare files line by line (exit 1 if different)");

enum { FMT_NORMAL, FMT_UNIFIED, FMT_CONTEXT, FMT_BRIEF, FMT_SIDE };

typedef struct diff_opts {
    int format, context, recursive, new_file, report_same, text;
    int icase, iall_space, ispace_change, itrailing, iblank, strip_cr;
    int width, left_column, suppress_common, expand_tabs;
    const char *label[2];
    int nlabels;
    sk_buf switches;          /* the options as given, for "diff -r a/x b/x" lines */
} diff_opts;

typedef struct dfile {
    const char *name;
    sk_buf data;
    size_t n;                 /* lines */
    size_t *off;              /* n + 1 offsets */
    long *eq;                 /* class per line (>= 1) */
    char *changed_buf;        /* n + 2; changed = changed_buf + 1 */
    char *changed;
    int64_t mtime;
} dfile;

typedef struct change {
    size_t line0, line1, deleted, inserted;
    int ignore;
} change;

typedef struct diff_state {
    sk_cmd *c;
    diff_opts *op;
    int status;
} diff_state;

/* ---- reading and classes ------------------------------------------------ */

static int load(diff_state *D, const char *path, dfile *f, int missing_ok)
{
    sk_cmd *c = D->c;
    memset(f, 0, sizeof *f);
    f->name = path;
    sk_buf_init(&f->data, c->a);
    f->mtime = cmd_now_ns(c);
    if (strcmp(path, "-")) {
        sk_stat st;
        int rc = sk_vfs_stat(c->vfs, c->cwd, path, &st);
        if (rc == SK_ENOENT && missing_ok) {
            f->mtime = 0;
            return SK_OK;
        }
        if (rc == SK_OK) {
            if (st.type == SK_FILE_DIR) return SK_EISDIR;
            f->mtime = st.mtime_ns;
        }
    }
    /* through the shell's streams, so devices and /dev/fd paths work */
    return cmd_read_all(c, path, &f->data);
}

static void dfile_free(diff_state *D, dfile *f)
{
    sk_buf_free(&f->data);
    sk_free(D->c->a, f->off);
    sk_free(D->c->a, f->eq);
    sk_free(D->c->a, f->changed_buf);
    f->off = NULL;
    f->eq = NULL;
    f->changed_buf = NULL;
}

static int split_lines(diff_state *D, dfile *f)
{
    if (D->op->strip_cr && f->data.len) {
        /* --strip-trailing-cr works on the data itself, as GNU diff does */
        size_t w = 0;
        for (size_t r = 0; r < f->data.len; r++) {
            if (f->data.p[r] == '\r' && r + 1 < f->data.len && f->data.p[r + 1] == '\n') continue;
            f->data.p[w++] = f->data.p[r];
        }
        f->data.len = w;
    }
    size_t n = 0;
    for (size_t i = 0; i < f->data.len; i++)
        if (f->data.p[i] == '\n') n++;
    if (f->data.len && f->data.p[f->data.len - 1] != '\n') n++;
    f->n = n;
    f->off = sk_malloc(D->c->a, (n + 1) * sizeof *f->off);
    f->eq = sk_malloc(D->c->a, (n + 1) * sizeof *f->eq);
    f->changed_buf = sk_calloc(D->c->a, n + 2, 1);
    if (!f->off || !f->eq || !f->changed_buf) return SK_NOMEM;
    f->changed = f->changed_buf + 1;
    size_t k = 0, start = 0;
    for (size_t i = 0; i < f->data.len; i++) {
        if (f->data.p[i] == '\n') {
            f->off[k++] = start;
            start = i + 1;
        }
    }
    if (start < f->data.len) f->off[k++] = start;
    f->off[n] = f->data.len;
    return SK_OK;
}

/* Line i without its newline; *nl set when it had one. */
static const char *line_at(const dfile *f, size_t i, size_t *len, int *nl)
{
    size_t s = f->off[i], e = f->off[i + 1];
    *nl = e > s && f->data.p[e - 1] == '\n';
    *len = e - s - (size_t)*nl;
    return f->data.p + s;
}

static int same_bytes(const dfile *a, size_t i, const dfile *b, size_t j)
{
    size_t la = a->off[i + 1] - a->off[i], lb = b->off[j + 1] - b->off[j];
    return la == lb && !memcmp(a->data.p + a->off[i], b->data.p + b->off[j], la);
}

static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f' || ch == '\r'; }

/* The form of a line two lines are compared in, per the ignore options. */
static void normalize(const diff_opts *op, const char *s, size_t n, int nl, sk_buf *out)
{
    sk_buf_clear(out);
    if (op->strip_cr && n && s[n - 1] == '\r') n--;
    if (op->itrailing || op->ispace_change)
        while (n && is_space(s[n - 1])) n--;
    int in_space = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (op->iall_space && is_space(ch)) continue;
        if (op->ispace_change && is_space(ch)) {
            in_space = 1;
            continue;
        }
        if (in_space) {
            sk_buf_putc(out, ' ');
            in_space = 0;
        }
        if (op->icase && ch >= 'A' && ch <= 'Z') ch = (char)(ch + 32);
        sk_buf_putc(out, ch);
    }
    /* a last line without newline differs from the same text with one,
     * unless trailing white space is being ignored (GNU) */
    if (!(op->itrailing || op->ispace_change || op->iall_space)) sk_buf_putc(out, nl ? '\n' : 0);
}

typedef struct eqtab {
    size_t *slot;             /* class id per bucket (0 = empty) */
    size_t cap;
    sk_buf keys;              /* normalized lines, back to back */
    size_t *koff;             /* per class: offset, length */
    size_t *klen;
    uint64_t *khash;
    size_t nclass, kcap;
} eqtab;

static uint64_t hash_bytes(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
    return h;
}

static int eq_grow(diff_state *D, eqtab *t)
{
    size_t nc = t->cap ? t->cap * 2 : 1024;
    size_t *ns = sk_calloc(D->c->a, nc, sizeof *ns);
    if (!ns) return SK_NOMEM;
    for (size_t i = 0; i < t->cap; i++) {
        size_t id = t->slot[i];
        if (!id) continue;
        size_t j = (size_t)t->khash[id] & (nc - 1);
        while (ns[j]) j = (j + 1) & (nc - 1);
        ns[j] = id;
    }
    sk_free(D->c->a, t->slot);
    t->slot = ns;
    t->cap = nc;
    return SK_OK;
}

static int classify(diff_state *D, eqtab *t, dfile *f)
{
    sk_buf norm = SK_BUF_INIT(D->c->a);
    int rc = SK_OK;
    for (size_t i = 0; i < f->n && !rc; i++) {
        size_t len;
        int nl;
        const char *s = line_at(f, i, &len, &nl);
        normalize(D->op, s, len, nl, &norm);
        if ((t->nclass + 1) * 2 > t->cap && (rc = eq_grow(D, t))) break;
        uint64_t h = hash_bytes(norm.p, norm.len);
        size_t j = (size_t)h & (t->cap - 1), id = 0;
        while (t->slot[j]) {
            size_t k = t->slot[j];
            if (t->khash[k] == h && t->klen[k] == norm.len &&
                (!norm.len || !memcmp(t->keys.p + t->koff[k], norm.p, norm.len))) {
                id = k;
                break;
            }
            j = (j + 1) & (t->cap - 1);
        }
        if (!id) {
            id = ++t->nclass;
            if (id >= t->kcap) {
                size_t nk = t->kcap ? t->kcap * 2 : 1024;
                size_t *a = sk_realloc(D->c->a, t->koff, nk * sizeof *a);
                if (!a) { rc = SK_NOMEM; break; }
                t->koff = a;
                a = sk_realloc(D->c->a, t->klen, nk * sizeof *a);
                if (!a) { rc = SK_NOMEM; break; }
                t->klen = a;
                uint64_t *hh = sk_realloc(D->c->a, t->khash, nk * sizeof *hh);
                if (!hh) { rc = SK_NOMEM; break; }
                t->khash = hh;
                t->kcap = nk;
            }
            t->koff[id] = t->keys.len;
            t->klen[id] = norm.len;
            t->khash[id] = h;
            if (norm.len && sk_buf_put(&t->keys, norm.p, norm.len)) { rc = SK_NOMEM; break; }
            t->slot[j] = id;
        }
        f->eq[i] = (long)id;
    }
    sk_buf_free(&norm);
    return rc;
}

static void eqtab_free(diff_state *D, eqtab *t)
{
    sk_free(D->c->a, t->slot);
    sk_free(D->c->a, t->koff);
    sk_free(D->c->a, t->klen);
    sk_free(D->c->a, t->khash);
    sk_buf_free(&t->keys);
}

/* ---- the comparison (after GNU diff's analyze.c / diffseq.h) ------------- */

typedef struct seqctx {
    const long *xv, *yv;      /* undiscarded classes */
    const size_t *xr, *yr;    /* their real indexes */
    char *xchanged, *ychanged;
    long *fd, *bd;            /* diagonals, offset by the y length + 1 */
    long too_expensive;
    sk_cmd *c;
} seqctx;

typedef struct partition {
    long xmid, ymid;
    int lo_minimal, hi_minimal;
} partition;

#define OFFSET_MAX 0x3fffffffffffffffL

static int diag(seqctx *ctx, long xoff, long xlim, long yoff, long ylim, int find_minimal, partition *part)
{
    long *fd = ctx->fd, *bd = ctx->bd;
    const long *xv = ctx->xv, *yv = ctx->yv;
    const long dmin = xoff - ylim, dmax = xlim - yoff;
    const long fmid = xoff - yoff, bmid = xlim - ylim;
    long fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
    int odd = (fmid - bmid) & 1;
    fd[fmid] = xoff;
    bd[bmid] = xlim;
    for (long c = 1;; ++c) {
        long d;
        if ((c & 63) == 0 && cmd_aborted(ctx->c)) return -1;
        if (fmin > dmin) fd[--fmin - 1] = -1;
        else ++fmin;
        if (fmax < dmax) fd[++fmax + 1] = -1;
        else --fmax;
        for (d = fmax; d >= fmin; d -= 2) {
            long x, y, tlo = fd[d - 1], thi = fd[d + 1];
            long x0 = tlo < thi ? thi : tlo + 1;
            for (x = x0, y = x0 - d; x < xlim && y < ylim && xv[x] == yv[y]; x++, y++) continue;
            fd[d] = x;
            if (odd && bmin <= d && d <= bmax && bd[d] <= x) {
                part->xmid = x;
                part->ymid = y;
                part->lo_minimal = part->hi_minimal = 1;
                return 0;
            }
        }
        if (bmin > dmin) bd[--bmin - 1] = OFFSET_MAX;
        else ++bmin;
        if (bmax < dmax) bd[++bmax + 1] = OFFSET_MAX;
        else --bmax;
        for (d = bmax; d >= bmin; d -= 2) {
            long x, y, tlo = bd[d - 1], thi = bd[d + 1];
            long x0 = tlo < thi ? tlo : thi - 1;
            for (x = x0, y = x0 - d; xoff < x && yoff < y && xv[x - 1] == yv[y - 1]; x--, y--) continue;
            bd[d] = x;
            if (!odd && fmin <= d && d <= fmax && x <= fd[d]) {
                part->xmid = x;
                part->ymid = y;
                part->lo_minimal = part->hi_minimal = 1;
                return 0;
            }
        }
        if (find_minimal) continue;
        if (c >= ctx->too_expensive) {
            long fxybest = -1, fxbest = 0, bxybest = OFFSET_MAX, bxbest = 0;
            for (d = fmax; d >= fmin; d -= 2) {
                long x = fd[d] < xlim ? fd[d] : xlim, y = x - d;
                if (ylim < y) {
                    x = ylim + d;
                    y = ylim;
                }
                if (fxybest < x + y) {
                    fxybest = x + y;
                    fxbest = x;
                }
            }
            for (d = bmax; d >= bmin; d -= 2) {
                long x = xoff > bd[d] ? xoff : bd[d], y = x - d;
                if (y < yoff) {
                    x = yoff + d;
                    y = yoff;
                }
                if (x + y < bxybest) {
                    bxybest = x + y;
                    bxbest = x;
                }
            }
            if ((xlim + ylim) - bxybest < fxybest - (xoff + yoff)) {
                part->xmid = fxbest;
                part->ymid = fxybest - fxbest;
                part->lo_minimal = 1;
                part->hi_minimal = 0;
            } else {
                part->xmid = bxbest;
                part->ymid = bxybest - bxbest;
                part->lo_minimal = 0;
                part->hi_minimal = 1;
            }
            return 0;
        }
    }
}

typedef struct seqjob {
    long xoff, xlim, yoff, ylim;
    int minimal;
} seqjob;

static int compareseq(seqctx *ctx, long xlim0, long ylim0)
{
    sk_buf st = SK_BUF_INIT(ctx->c->a);
    seqjob j0 = { 0, xlim0, 0, ylim0, 0 };
    int rc = sk_buf_put(&st, &j0, sizeof j0) ? SK_NOMEM : SK_OK;
    while (!rc && st.len >= sizeof(seqjob)) {
        seqjob j;
        st.len -= sizeof j;
        memcpy(&j, st.p + st.len, sizeof j);
        long xoff = j.xoff, xlim = j.xlim, yoff = j.yoff, ylim = j.ylim;
        while (xoff < xlim && yoff < ylim && ctx->xv[xoff] == ctx->yv[yoff]) {
            xoff++;
            yoff++;
        }
        while (xoff < xlim && yoff < ylim && ctx->xv[xlim - 1] == ctx->yv[ylim - 1]) {
            xlim--;
            ylim--;
        }
        if (xoff == xlim) {
            while (yoff < ylim) ctx->ychanged[ctx->yr[yoff++]] = 1;
        } else if (yoff == ylim) {
            while (xoff < xlim) ctx->xchanged[ctx->xr[xoff++]] = 1;
        } else {
            partition part;
            if (diag(ctx, xoff, xlim, yoff, ylim, j.minimal, &part)) {
                rc = SK_ERROR;
                break;
            }
            seqjob hi = { part.xmid, xlim, part.ymid, ylim, part.hi_minimal };
            seqjob lo = { xoff, part.xmid, yoff, part.ymid, part.lo_minimal };
            if (sk_buf_put(&st, &hi, sizeof hi) || sk_buf_put(&st, &lo, sizeof lo)) rc = SK_NOMEM;
        }
    }
    sk_buf_free(&st);
    return rc;
}

/* GNU discard_confusing_lines over lines [lo0, hi0) and [lo1, hi1):
 * fills the undiscarded class arrays and marks discarded lines changed. */
static int discard_and_compare(diff_state *D, dfile *f0, dfile *f1, size_t lo0, size_t hi0, size_t lo1, size_t hi1,
                               size_t nclass)
{
    sk_cmd *c = D->c;
    dfile *fv[2] = { f0, f1 };
    size_t lo[2] = { lo0, lo1 }, hi[2] = { hi0, hi1 };
    size_t len[2] = { hi0 - lo0, hi1 - lo1 };
    long *counts = sk_calloc(c->a, 2 * (nclass + 1), sizeof *counts);
    char *disc = sk_calloc(c->a, len[0] + len[1] + 1, 1);
    long *und[2] = { sk_malloc(c->a, (len[0] + 1) * sizeof(long)), sk_malloc(c->a, (len[1] + 1) * sizeof(long)) };
    size_t *real[2] = { sk_malloc(c->a, (len[0] + 1) * sizeof(size_t)), sk_malloc(c->a, (len[1] + 1) * sizeof(size_t)) };
    long *diags = NULL;
    int rc = SK_NOMEM;
    if (!counts || !disc || !und[0] || !und[1] || !real[0] || !real[1]) goto out;
    long *cnt[2] = { counts, counts + nclass + 1 };
    char *dis[2] = { disc, disc + len[0] };
    for (int f = 0; f < 2; f++)
        for (size_t i = lo[f]; i < hi[f]; i++) cnt[f][fv[f]->eq[i]]++;
    for (int f = 0; f < 2; f++) {
        size_t end = len[f], many = 5, tem = end / 64;
        while ((tem = tem >> 2) > 0) many *= 2;
        for (size_t i = 0; i < end; i++) {
            long nmatch = cnt[1 - f][fv[f]->eq[lo[f] + i]];
            if (nmatch == 0) dis[f][i] = 1;
            else if ((size_t)nmatch > many) dis[f][i] = 2;
        }
    }
    for (int f = 0; f < 2; f++) {
        long end = (long)len[f];
        char *discards = dis[f];
        for (long i = 0; i < end; i++) {
            if (discards[i] == 2) {
                discards[i] = 0;
            } else if (discards[i] != 0) {
                long j, length, provisional = 0;
                for (j = i; j < end; j++) {
                    if (discards[j] == 0) break;
                    if (discards[j] == 2) ++provisional;
                }
                while (j > i && discards[j - 1] == 2) discards[--j] = 0, --provisional;
                length = j - i;
                if (provisional * 4 > length) {
                    while (j > i)
                        if (discards[--j] == 2) discards[j] = 0;
                } else {
                    long consec, minimum = 1, t = length >> 2;
                    while (0 < (t >>= 2)) minimum <<= 1;
                    minimum++;
                    for (j = 0, consec = 0; j < length; j++) {
                        if (discards[i + j] != 2) consec = 0;
                        else if (minimum == ++consec) j -= consec;
                        else if (minimum < consec) discards[i + j] = 0;
                    }
                    for (j = 0, consec = 0; j < length; j++) {
                        if (j >= 8 && discards[i + j] == 1) break;
                        if (discards[i + j] == 2) consec = 0, discards[i + j] = 0;
                        else if (discards[i + j] == 0) consec = 0;
                        else consec++;
                        if (consec == 3) break;
                    }
                    i += length - 1;
                    for (j = 0, consec = 0; j < length; j++) {
                        if (j >= 8 && discards[i - j] == 1) break;
                        if (discards[i - j] == 2) consec = 0, discards[i - j] = 0;
                        else if (discards[i - j] == 0) consec = 0;
                        else consec++;
                        if (consec == 3) break;
                    }
                }
            }
        }
    }
    size_t nund[2];
    for (int f = 0; f < 2; f++) {
        size_t j = 0;
        for (size_t i = 0; i < len[f]; i++) {
            if (dis[f][i] == 0) {
                und[f][j] = fv[f]->eq[lo[f] + i];
                real[f][j++] = lo[f] + i;
            } else {
                fv[f]->changed[lo[f] + i] = 1;
            }
        }
        nund[f] = j;
    }
    size_t ndiags = nund[0] + nund[1] + 3;
    diags = sk_malloc(c->a, 2 * ndiags * sizeof *diags);
    if (!diags) goto out;
    seqctx ctx;
    ctx.xv = und[0];
    ctx.yv = und[1];
    ctx.xr = real[0];
    ctx.yr = real[1];
    ctx.xchanged = f0->changed;
    ctx.ychanged = f1->changed;
    ctx.fd = diags + nund[1] + 1;
    ctx.bd = diags + ndiags + nund[1] + 1;
    ctx.c = c;
    long te = 1;
    for (size_t dd = ndiags; dd != 0; dd >>= 2) te <<= 1;
    ctx.too_expensive = te > 4096 ? te : 4096;
    rc = compareseq(&ctx, (long)nund[0], (long)nund[1]);
out:
    sk_free(c->a, counts);
    sk_free(c->a, disc);
    for (int f = 0; f < 2; f++) {
        sk_free(c->a, und[f]);
        sk_free(c->a, real[f]);
    }
    sk_free(c->a, diags);
    return rc;
}

/* GNU shift_boundaries over [lo, hi) of each file. */
static void shift_boundaries(dfile *fv[2], size_t lo[2], size_t hi[2])
{
    for (int f = 0; f < 2; f++) {
        char *changed = fv[f]->changed;
        const char *other_changed = fv[1 - f]->changed;
        const long *equivs = fv[f]->eq;
        long i = (long)lo[f], j = (long)lo[1 - f], i_end = (long)hi[f];
        long i_start = (long)lo[f];
        for (;;) {
            long runlength, start, corresponding;
            while (i < i_end && !changed[i]) {
                while (other_changed[j++]) continue;
                i++;
            }
            if (i == i_end) break;
            start = i;
            while (changed[++i]) continue;
            while (other_changed[j]) j++;
            do {
                runlength = i - start;
                while (start > i_start && equivs[start - 1] == equivs[i - 1]) {
                    changed[--start] = 1;
                    changed[--i] = 0;
                    while (start > i_start && changed[start - 1]) start--;
                    while (other_changed[--j]) continue;
                }
                corresponding = other_changed[j - 1] ? i : i_end;
                while (i != i_end && equivs[start] == equivs[i]) {
                    changed[start++] = 0;
                    changed[i++] = 1;
                    while (changed[i]) i++;
                    while (other_changed[++j]) corresponding = i;
                }
            } while (runlength != i - start);
            while (corresponding < i) {
                changed[--start] = 1;
                changed[--i] = 0;
                while (other_changed[--j]) continue;
            }
        }
    }
}

/* A blank line for -B: empty once the white space being ignored is gone. */
static int blank_line(const diff_opts *op, const dfile *f, size_t i, sk_buf *tmp)
{
    size_t len;
    int nl;
    const char *s = line_at(f, i, &len, &nl);
    normalize(op, s, len, nl, tmp);
    return tmp->len == 0 || (tmp->len == 1 && (tmp->p[0] == '\n' || tmp->p[0] == 0));
}

/* ---- output ----------------------------------------------------------------- */

static void put_line(sk_out *o, const char *prefix, const dfile *f, size_t i)
{
    size_t len;
    int nl;
    const char *s = line_at(f, i, &len, &nl);
    sk_out_puts(o, prefix);
    sk_out_write(o, s, len);
    sk_out_putc(o, '\n');
    if (!nl) sk_out_puts(o, "\\ No newline at end of file\n");
}

/* "a" / "a,b" for 0-based [a, b). */
static void put_range(sk_out *o, size_t a, size_t b)
{
    size_t ta = a + 1, tb = b;
    if (tb <= ta) sk_out_printf(o, "%zu", tb);
    else sk_out_printf(o, "%zu,%zu", ta, tb);
}

static void put_uni_range(sk_out *o, size_t a, size_t b)
{
    size_t ta = a + 1, tb = b;
    if (tb < ta) sk_out_printf(o, "%zu,0", tb);
    else if (tb == ta) sk_out_printf(o, "%zu", tb);
    else sk_out_printf(o, "%zu,%zu", ta, tb - ta + 1);
}

static void put_header(diff_state *D, const char *mark, const dfile *f, int idx)
{
    sk_out *o = &D->c->out;
    sk_buf t = SK_BUF_INIT(D->c->a);
    if (idx < D->op->nlabels) {
        sk_out_printf(o, "%s %s\n", mark, D->op->label[idx]);
        return;
    }
    if (D->op->format == FMT_CONTEXT) fsu_strftime(&t, "%a %b %e %H:%M:%S %Y", f->mtime);
    else fsu_full_time(&t, f->mtime);
    sk_out_printf(o, "%s %s\t%s\n", mark, f->name, sk_buf_cstr(&t));
    sk_buf_free(&t);
}

static void output_normal(diff_state *D, const dfile *f0, const dfile *f1, const change *ch, size_t nch)
{
    sk_out *o = &D->c->out;
    for (size_t k = 0; k < nch; k++) {
        const change *x = &ch[k];
        if (x->ignore) continue;
        put_range(o, x->line0, x->line0 + x->deleted);
        sk_out_putc(o, x->deleted && x->inserted ? 'c' : x->deleted ? 'd' : 'a');
        put_range(o, x->line1, x->line1 + x->inserted);
        sk_out_putc(o, '\n');
        for (size_t i = 0; i < x->deleted; i++) put_line(o, "< ", f0, x->line0 + i);
        if (x->deleted && x->inserted) sk_out_puts(o, "---\n");
        for (size_t i = 0; i < x->inserted; i++) put_line(o, "> ", f1, x->line1 + i);
        if (cmd_out_failed(D->c)) return;
    }
}

/* The end (exclusive) of the hunk starting at change k. */
static size_t hunk_end(const change *ch, size_t nch, size_t k, size_t context)
{
    for (; k + 1 < nch; k++) {
        size_t top0 = ch[k].line0 + ch[k].deleted;
        size_t thresh = ch[k + 1].ignore ? context : 2 * context + 1;
        if (thresh <= ch[k + 1].line0 - top0) break;
    }
    return k + 1;
}

static void output_hunks(diff_state *D, const dfile *f0, const dfile *f1, const change *ch, size_t nch)
{
    sk_out *o = &D->c->out;
    size_t ctx = (size_t)D->op->context;
    int unified = D->op->format == FMT_UNIFIED;
    for (size_t k = 0; k < nch;) {
        size_t e = hunk_end(ch, nch, k, ctx);
        int any = 0;
        for (size_t q = k; q < e; q++)
            if (!ch[q].ignore) any = 1;
        if (!any) {
            k = e;
            continue;
        }
        const change *first = &ch[k], *last = &ch[e - 1];
        size_t a0 = first->line0 > ctx ? first->line0 - ctx : 0;
        size_t a1 = first->line1 > ctx ? first->line1 - ctx : 0;
        size_t b0 = last->line0 + last->deleted + ctx, b1 = last->line1 + last->inserted + ctx;
        if (b0 > f0->n) b0 = f0->n;
        if (b1 > f1->n) b1 = f1->n;
        if (unified) {
            sk_out_puts(o, "@@ -");
            put_uni_range(o, a0, b0);
            sk_out_puts(o, " +");
            put_uni_range(o, a1, b1);
            sk_out_puts(o, " @@\n");
            size_t i0 = a0, i1 = a1;
            for (size_t q = k; q < e; q++) {
                while (i0 < ch[q].line0) {
                    put_line(o, " ", f0, i0++);
                    i1++;
                }
                for (size_t i = 0; i < ch[q].deleted; i++) put_line(o, "-", f0, i0++);
                for (size_t i = 0; i < ch[q].inserted; i++) put_line(o, "+", f1, i1++);
            }
            while (i0 < b0) {
                put_line(o, " ", f0, i0++);
                i1++;
            }
        } else {
            sk_out_puts(o, "***************\n*** ");
            put_range(o, a0, b0);
            sk_out_puts(o, " ****\n");
            int has_del = 0, has_ins = 0;
            for (size_t q = k; q < e; q++) {
                if (ch[q].deleted) has_del = 1;
                if (ch[q].inserted) has_ins = 1;
            }
            if (has_del) {
                size_t i0 = a0;
                for (size_t q = k; q < e; q++) {
                    while (i0 < ch[q].line0) put_line(o, "  ", f0, i0++);
                    const char *m = ch[q].inserted ? "! " : "- ";
                    for (size_t i = 0; i < ch[q].deleted; i++) put_line(o, m, f0, i0++);
                }
                while (i0 < b0) put_line(o, "  ", f0, i0++);
            }
            sk_out_puts(o, "--- ");
            put_range(o, a1, b1);
            sk_out_puts(o, " ----\n");
            if (has_ins) {
                size_t i1 = a1;
                for (size_t q = k; q < e; q++) {
                    while (i1 < ch[q].line1) put_line(o, "  ", f1, i1++);
                    const char *m = ch[q].deleted ? "! " : "+ ";
                    for (size_t i = 0; i < ch[q].inserted; i++) put_line(o, m, f1, i1++);
                }
                while (i1 < b1) put_line(o, "  ", f1, i1++);
            }
        }
        if (cmd_out_failed(D->c)) return;
        k = e;
    }
}

/* ---- side by side (-y), after GNU diff's side.c ---------------------------- */

static long tab_from_to(sk_out *o, const diff_opts *op, long from, long to)
{
    if (!op->expand_tabs)
        for (long tab = from + 8 - from % 8; tab <= to; tab += 8) {
            sk_out_putc(o, '\t');
            from = tab;
        }
    while (from++ < to) sk_out_putc(o, ' ');
    return to;
}

static long half_line(sk_out *o, const diff_opts *op, const char *s, size_t n, long indent, long bound)
{
    long in = 0, out = 0;
    int printing = 0; /* the lead byte of a UTF-8 sequence was printed */
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        switch (ch) {
        case '\t': {
            long spaces = 8 - in % 8;
            if (in == out) {
                long stop = out + spaces;
                if (op->expand_tabs) {
                    if (bound < stop) stop = bound;
                    for (; out < stop; out++) sk_out_putc(o, ' ');
                } else if (stop < bound) {
                    out = stop;
                    sk_out_putc(o, '\t');
                }
            }
            in += spaces;
            break;
        }
        case '\r':
            sk_out_putc(o, '\r');
            tab_from_to(o, op, 0, indent);
            in = out = 0;
            break;
        case '\b':
            if (in != 0 && --in < bound) {
                if (out <= in) {
                    for (; out < in; out++) sk_out_putc(o, ' ');
                } else {
                    out = in;
                    sk_out_putc(o, '\b');
                }
            }
            break;
        case '\f':
        case '\v':
            if (in < bound) sk_out_putc(o, (char)ch);
            break;
        default:
            if ((ch & 0xc0) == 0x80) {
                if (printing) sk_out_putc(o, (char)ch);
                break;
            }
            printing = 0;
            if (ch < 32 || ch == 127) {
                /* zero width */
                if (in < bound) sk_out_putc(o, (char)ch);
                break;
            }
            if (in < bound) {
                out = in + 1;
                sk_out_putc(o, (char)ch);
                printing = 1;
            }
            in++;
            break;
        }
    }
    return out;
}

static void side_line(diff_state *D, const dfile *f0, long i0, char sep, const dfile *f1, long i1)
{
    const diff_opts *op = D->op;
    sk_out *o = &D->c->out;
    long w = op->width, t = op->expand_tabs ? 1 : 8;
    long off = (w + t + 3) / (2 * t) * t;
    long hw = off - 3 < w - off ? off - 3 : w - off;
    if (hw < 0) hw = 0;
    long c2o = hw ? off : w;
    long col = 0;
    int put_nl = 0, lnl = 0, rnl = 0;
    size_t len;
    const char *s;
    if (i0 >= 0) {
        s = line_at(f0, (size_t)i0, &len, &lnl);
        put_nl |= lnl;
        col = half_line(o, op, s, len, 0, hw);
    }
    if (sep != ' ') {
        col = tab_from_to(o, op, col, (hw + c2o - 1) / 2) + 1;
        if (i1 >= 0) line_at(f1, (size_t)i1, &len, &rnl);
        if (sep == '|' && lnl != rnl) sep = lnl ? '/' : '\\';
        sk_out_putc(o, sep);
    }
    if (i1 >= 0) {
        s = line_at(f1, (size_t)i1, &len, &rnl);
        put_nl |= rnl;
        if (len) {
            col = tab_from_to(o, op, col, c2o);
            half_line(o, op, s, len, col, hw);
        }
    }
    if (put_nl) sk_out_putc(o, '\n');
}

static void output_side(diff_state *D, const dfile *f0, const dfile *f1, const change *ch, size_t nch)
{
    const diff_opts *op = D->op;
    size_t i0 = 0, i1 = 0;
    for (size_t k = 0; k <= nch; k++) {
        size_t upto0 = k < nch ? ch[k].line0 : f0->n;
        while (i0 < upto0) {
            if (!op->suppress_common) {
                if (op->left_column) side_line(D, f0, (long)i0, '(', f1, -1);
                else side_line(D, f0, (long)i0, ' ', f1, (long)i1);
            }
            i0++;
            i1++;
        }
        if (k == nch) break;
        const change *x = &ch[k];
        size_t both = x->deleted < x->inserted ? x->deleted : x->inserted;
        for (size_t j = 0; j < both; j++) side_line(D, f0, (long)(i0 + j), '|', f1, (long)(i1 + j));
        for (size_t j = both; j < x->deleted; j++) side_line(D, f0, (long)(i0 + j), '<', f1, -1);
        for (size_t j = both; j < x->inserted; j++) side_line(D, f0, -1, '>', f1, (long)(i1 + j));
        i0 += x->deleted;
        i1 += x->inserted;
        if (cmd_out_failed(D->c)) return;
    }
}

static int is_binary(const sk_buf *b)
{
    size_t n = b->len < 65536 ? b->len : 65536;
    return n && memchr(b->p, 0, n) != NULL;
}

/* Compare two regular files (or stdin); returns 0, 1 or 2.  `cmdline`
 * is the "diff ... a b" line printed first in directory mode. */
static int compare_files(diff_state *D, const char *p0, const char *p1, const char *cmdline, int missing0, int missing1)
{
    sk_cmd *c = D->c;
    diff_opts *op = D->op;
    dfile f0, f1;
    int rc0 = load(D, p0, &f0, missing0), rc1 = rc0 ? 0 : load(D, p1, &f1, missing1);
    if (rc0 || rc1) {
        fsu_error(c, "%s: %s", rc0 ? p0 : p1, sk_status_message(rc0 ? rc0 : rc1));
        dfile_free(D, &f0);
        if (!rc0) dfile_free(D, &f1);
        return 2;
    }
    int result = 0;
    change *ch = NULL;
    size_t nch = 0;
    eqtab t;
    memset(&t, 0, sizeof t);
    sk_buf_init(&t.keys, c->a);
    if (f0.data.len == f1.data.len && (!f0.data.len || !memcmp(f0.data.p, f1.data.p, f0.data.len))) goto same;
    if (!op->text && (is_binary(&f0.data) || is_binary(&f1.data))) {
        if (cmdline && op->format != FMT_BRIEF) sk_out_printf(&c->out, "%s\n", cmdline);
        sk_out_printf(&c->out, op->format == FMT_BRIEF ? "Files %s and %s differ\n" : "Binary files %s and %s differ\n",
                      p0, p1);
        result = 1;
        goto done;
    }
    if (split_lines(D, &f0) || split_lines(D, &f1) || classify(D, &t, &f0) || classify(D, &t, &f1)) {
        result = 2;
        fsu_error(c, "memory exhausted");
        goto done;
    }
    /* identical prefix and suffix, set aside as GNU's find_identical_ends
     * does (byte-identical lines), keeping `horizon` lines of each for the
     * context formats so that changes can still slide into them */
    size_t pre = 0, suf = 0;
    while (pre < f0.n && pre < f1.n && same_bytes(&f0, pre, &f1, pre)) pre++;
    size_t horizon = op->format == FMT_UNIFIED || op->format == FMT_CONTEXT ? (size_t)op->context : 0;
    pre -= pre < horizon ? pre : horizon;
    size_t maxsuf = (f0.n < f1.n ? f0.n : f1.n) - pre;
    while (suf < maxsuf && same_bytes(&f0, f0.n - 1 - suf, &f1, f1.n - 1 - suf)) suf++;
    suf -= suf < horizon ? suf : horizon;
    size_t lo[2] = { pre, pre }, hi[2] = { f0.n - suf, f1.n - suf };
    int r = discard_and_compare(D, &f0, &f1, lo[0], hi[0], lo[1], hi[1], t.nclass);
    if (r) {
        if (r == SK_NOMEM) fsu_error(c, "memory exhausted");
        result = 2;
        goto done;
    }
    dfile *fv[2] = { &f0, &f1 };
    shift_boundaries(fv, lo, hi);
    /* collect changes */
    size_t cap = 0;
    for (size_t i0 = 0, i1 = 0; i0 < f0.n || i1 < f1.n;) {
        if ((i0 < f0.n && f0.changed[i0]) || (i1 < f1.n && f1.changed[i1])) {
            change x = { i0, i1, 0, 0, 0 };
            while (i0 < f0.n && f0.changed[i0]) i0++;
            while (i1 < f1.n && f1.changed[i1]) i1++;
            x.deleted = i0 - x.line0;
            x.inserted = i1 - x.line1;
            if (op->iblank) {
                sk_buf tmp = SK_BUF_INIT(c->a);
                x.ignore = 1;
                for (size_t i = x.line0; i < i0 && x.ignore; i++) x.ignore = blank_line(op, &f0, i, &tmp);
                for (size_t i = x.line1; i < i1 && x.ignore; i++) x.ignore = blank_line(op, &f1, i, &tmp);
                sk_buf_free(&tmp);
            }
            if (nch == cap) {
                cap = cap ? cap * 2 : 16;
                change *nc = sk_realloc(c->a, ch, cap * sizeof *nc);
                if (!nc) {
                    fsu_error(c, "memory exhausted");
                    result = 2;
                    goto done;
                }
                ch = nc;
            }
            ch[nch++] = x;
        } else {
            i0++;
            i1++;
        }
    }
    int real_changes = 0;
    for (size_t k = 0; k < nch; k++)
        if (!ch[k].ignore) real_changes = 1;
    if (!real_changes) goto same;
    result = 1;
    if (op->format == FMT_BRIEF) {
        sk_out_printf(&c->out, "Files %s and %s differ\n", p0, p1);
        goto done;
    }
    if (cmdline) sk_out_printf(&c->out, "%s\n", cmdline);
    if (op->format == FMT_NORMAL) {
        output_normal(D, &f0, &f1, ch, nch);
    } else if (op->format == FMT_SIDE) {
        output_side(D, &f0, &f1, ch, nch);
    } else {
        f0.name = p0;
        f1.name = p1;
        put_header(D, op->format == FMT_UNIFIED ? "---" : "***", &f0, 0);
        put_header(D, op->format == FMT_UNIFIED ? "+++" : "---", &f1, 1);
        output_hunks(D, &f0, &f1, ch, nch);
    }
    goto done;
same:
    if (op->format == FMT_SIDE && !op->suppress_common) {
        if (!f0.off && (split_lines(D, &f0) || split_lines(D, &f1))) goto done;
        nch = 0;
        output_side(D, &f0, &f1, ch, 0);
    }
    if (op->report_same) sk_out_printf(&c->out, "Files %s and %s are identical\n", p0, p1);
done:
    sk_free(c->a, ch);
    eqtab_free(D, &t);
    dfile_free(D, &f0);
    dfile_free(D, &f1);
    return result;
}

/* ---- directories --------------------------------------------------------- */

typedef struct dirjob {
    char *a, *b;
} dirjob;

static int cmdline_for(diff_state *D, sk_buf *b, const char *p0, const char *p1)
{
    sk_buf_clear(b);
    return sk_buf_puts(b, "diff") || sk_buf_put(b, D->op->switches.p ? D->op->switches.p : "", D->op->switches.len) ||
           sk_buf_putc(b, ' ') || sk_buf_puts(b, p0) || sk_buf_putc(b, ' ') || sk_buf_puts(b, p1);
}

static int compare_dirs(diff_state *D, const char *top0, const char *top1)
{
    sk_cmd *c = D->c;
    diff_opts *op = D->op;
    int result = 0;
    sk_buf stack = SK_BUF_INIT(c->a), p0 = SK_BUF_INIT(c->a), p1 = SK_BUF_INIT(c->a), line = SK_BUF_INIT(c->a);
    dirjob j0 = { sk_strdup(c->a, top0), sk_strdup(c->a, top1) };
    if (!j0.a || !j0.b || sk_buf_put(&stack, &j0, sizeof j0)) {
        sk_free(c->a, j0.a);
        sk_free(c->a, j0.b);
        sk_buf_free(&stack);
        fsu_error(c, "memory exhausted");
        return 2;
    }
    while (stack.len >= sizeof(dirjob) && !cmd_aborted(c) && !cmd_out_failed(c)) {
        dirjob j;
        stack.len -= sizeof j;
        memcpy(&j, stack.p + stack.len, sizeof j);
        sk_vfs_dir da, db;
        int ra = sk_vfs_list(c->vfs, c->cwd, j.a, &da), rb = sk_vfs_list(c->vfs, c->cwd, j.b, &db);
        /* -N: a directory present on one side only compares with nothing */
        if (op->new_file && ra == SK_ENOENT && !rb) {
            memset(&da, 0, sizeof da);
            ra = SK_OK;
        } else if (op->new_file && rb == SK_ENOENT && !ra) {
            memset(&db, 0, sizeof db);
            rb = SK_OK;
        }
        if (ra || rb) {
            fsu_error(c, "%s: %s", ra ? j.a : j.b, sk_status_message(ra ? ra : rb));
            result = 2;
            if (!ra) sk_vfs_dir_free(&da);
            if (!rb) sk_vfs_dir_free(&db);
            sk_free(c->a, j.a);
            sk_free(c->a, j.b);
            continue;
        }
        /* merge the sorted listings; subdirectories are queued in order */
        size_t ia = 0, ib = 0;
        size_t sub_start = stack.len;
        while (ia < da.n || ib < db.n) {
            int cmp;
            if (ia >= da.n) cmp = 1;
            else if (ib >= db.n) cmp = -1;
            else cmp = strcmp(da.ents[ia].name, db.ents[ib].name);
            const char *name = cmp <= 0 ? da.ents[ia].name : db.ents[ib].name;
            fsu_join(&p0, j.a, name);
            fsu_join(&p1, j.b, name);
            const char *a = sk_buf_cstr(&p0), *b = sk_buf_cstr(&p1);
            sk_stat sa, sb;
            int ea = cmp <= 0 && sk_vfs_stat(c->vfs, c->cwd, a, &sa) == SK_OK;
            int eb = cmp >= 0 && sk_vfs_stat(c->vfs, c->cwd, b, &sb) == SK_OK;
            if (cmp <= 0) ia++;
            if (cmp >= 0) ib++;
            if (ea && eb) {
                int da_dir = sa.type == SK_FILE_DIR, db_dir = sb.type == SK_FILE_DIR;
                if (da_dir && db_dir) {
                    if (op->recursive) {
                        dirjob sj = { sk_strdup(c->a, a), sk_strdup(c->a, b) };
                        if (!sj.a || !sj.b || sk_buf_put(&stack, &sj, sizeof sj)) {
                            sk_free(c->a, sj.a);
                            sk_free(c->a, sj.b);
                            result = 2;
                        }
                    } else {
                        sk_out_printf(&c->out, "Common subdirectories: %s and %s\n", a, b);
                    }
                } else if (da_dir != db_dir) {
                    sk_out_printf(&c->out, "File %s is a %s while file %s is a %s\n", a,
                                  da_dir ? "directory" : sa.size ? "regular file" : "regular empty file", b,
                                  db_dir ? "directory" : sb.size ? "regular file" : "regular empty file");
                    result = result > 1 ? result : 1;
                } else {
                    cmdline_for(D, &line, a, b);
                    int r = compare_files(D, a, b, sk_buf_cstr(&line), 0, 0);
                    if (r > result) result = r;
                }
            } else if (op->new_file && op->recursive && ((ea && sa.type == SK_FILE_DIR) || (eb && sb.type == SK_FILE_DIR))) {
                dirjob sj = { sk_strdup(c->a, a), sk_strdup(c->a, b) };
                if (!sj.a || !sj.b || sk_buf_put(&stack, &sj, sizeof sj)) {
                    sk_free(c->a, sj.a);
                    sk_free(c->a, sj.b);
                    result = 2;
                }
            } else if (op->new_file && (ea || eb) && !((ea && sa.type == SK_FILE_DIR) || (eb && sb.type == SK_FILE_DIR))) {
                cmdline_for(D, &line, a, b);
                int r = compare_files(D, a, b, sk_buf_cstr(&line), !ea, !eb);
                if (r > result) result = r;
            } else {
                sk_out_printf(&c->out, "Only in %s: %s\n", ea ? j.a : j.b, name);
                result = result > 1 ? result : 1;
            }
        }
        /* the subdirectories were pushed in order: reverse them so they pop in order */
        size_t nsub = (stack.len - sub_start) / sizeof(dirjob);
        for (size_t i = 0; i < nsub / 2; i++) {
            dirjob x, y;
            memcpy(&x, stack.p + sub_start + i * sizeof x, sizeof x);
            memcpy(&y, stack.p + sub_start + (nsub - 1 - i) * sizeof y, sizeof y);
            memcpy(stack.p + sub_start + i * sizeof x, &y, sizeof y);
            memcpy(stack.p + sub_start + (nsub - 1 - i) * sizeof y, &x, sizeof x);
        }
        if (da.a) sk_vfs_dir_free(&da);
        if (db.a) sk_vfs_dir_free(&db);
        sk_free(c->a, j.a);
        sk_free(c->a, j.b);
    }
    while (stack.len >= sizeof(dirjob)) {
        dirjob j;
        stack.len -= sizeof j;
        memcpy(&j, stack.p + stack.len, sizeof j);
        sk_free(c->a, j.a);
        sk_free(c->a, j.b);
    }
    sk_buf_free(&stack);
    sk_buf_free(&p0);
    sk_buf_free(&p1);
    sk_buf_free(&line);
    return result;
}

/* diffutils words its usage errors "diff: ...\ndiff: Try ...". */
static void diff_usage(sk_cmd *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fsu_verror(c, fmt, ap);
    va_end(ap);
    fsu_error(c, "Try '%s --help' for more information.", c->name);
}

int cmd_diff(sk_cmd *c, int argc, char **argv)
{
    enum { O_NORMAL = 256, O_STRIPCR, O_LABEL, O_NODIR, O_COLOR, O_IGNORED, O_HELP, O_LEFT, O_SUPPRESS };
    static const cmd_longopt longs[] = {
        { "unified", 2, 'U' }, { "context", 2, 'C' }, { "brief", 0, 'q' },
        { "report-identical-files", 0, 's' }, { "recursive", 0, 'r' }, { "new-file", 0, 'N' },
        { "ignore-case", 0, 'i' }, { "ignore-all-space", 0, 'w' }, { "ignore-space-change", 0, 'b' },
        { "ignore-trailing-space", 0, 'Z' }, { "ignore-blank-lines", 0, 'B' }, { "text", 0, 'a' },
        { "normal", 0, O_NORMAL }, { "strip-trailing-cr", 0, O_STRIPCR }, { "label", 1, O_LABEL },
        { "no-dereference", 0, O_IGNORED }, { "color", 2, O_COLOR }, { "minimal", 0, 'd' },
        { "expand-tabs", 0, 't' }, { "initial-tab", 0, 'T' }, { "speed-large-files", 0, O_IGNORED },
        { "unidirectional-new-file", 0, 'N' }, { "help", 0, O_HELP }, { "side-by-side", 0, 'y' },
        { "width", 1, 'W' }, { "left-column", 0, O_LEFT }, { "suppress-common-lines", 0, O_SUPPRESS },
        { NULL, 0, 0 },
    };
    diff_opts op;
    memset(&op, 0, sizeof op);
    op.context = 3;
    op.width = 130;
    sk_buf_init(&op.switches, c->a);
    diff_state D = { c, &op, 0 };
    int status = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "uU:cC:qsrNiwbZBadtTpPyW:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'u': op.format = FMT_UNIFIED; break;
        case 'c': op.format = FMT_CONTEXT; break;
        case 'U': case 'C': {
            op.format = ch == 'U' ? FMT_UNIFIED : FMT_CONTEXT;
            if (o.arg) {
                char *end;
                long v = strtol(o.arg, &end, 10);
                if (*end || v < 0) {
                    diff_usage(c, "invalid context length %Q", o.arg);
                    status = 2;
                    goto out;
                }
                op.context = (int)(v > 100000 ? 100000 : v);
            }
            break;
        }
        case 'q': op.format = FMT_BRIEF; break;
        case 's': op.report_same = 1; break;
        case 'r': op.recursive = 1; break;
        case 'N': op.new_file = 1; break;
        case 'i': op.icase = 1; break;
        case 'w': op.iall_space = 1; break;
        case 'b': op.ispace_change = 1; break;
        case 'Z': op.itrailing = 1; break;
        case 'B': op.iblank = 1; break;
        case 'a': op.text = 1; break;
        case O_NORMAL: op.format = FMT_NORMAL; break;
        case O_STRIPCR: op.strip_cr = 1; break;
        case O_LABEL:
            if (op.nlabels < 2) op.label[op.nlabels++] = o.arg;
            break;
        case O_HELP:
            sk_out_puts(&c->out, "Usage: diff [OPTION]... FILES\nCompare FILES line by line.\n");
            goto out;
        case 'y': op.format = FMT_SIDE; break;
        case 'W': {
            char *end;
            long v = strtol(o.arg, &end, 10);
            if (*end || v <= 0) {
                diff_usage(c, "invalid width %Q", o.arg);
                status = 2;
                goto out;
            }
            op.width = (int)(v > 100000 ? 100000 : v);
            break;
        }
        case O_LEFT: op.left_column = 1; break;
        case O_SUPPRESS: op.suppress_common = 1; break;
        case 't': op.expand_tabs = 1; break;
        case 'd': case 'T': case 'p': case 'P': case O_COLOR: case O_IGNORED: break;
        default: cmd_opts_error(&o, c, ch); status = 2; goto out; /* diff: trouble is 2 */
        }
    }
    /* the switches as given, for directory-mode "diff ..." lines */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) break;
        if (argv[i][0] == '-' && argv[i][1]) {
            sk_buf_putc(&op.switches, ' ');
            sk_buf_puts(&op.switches, argv[i]);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops < 2) {
        diff_usage(c, nops ? "missing operand after %Q" : "missing operand", nops ? ops[0] : "");
        status = 2;
        goto out;
    }
    if (nops > 2) {
        diff_usage(c, "extra operand %Q", ops[2]);
        status = 2;
        goto out;
    }
    const char *a = ops[0], *b = ops[1];
    int adir = strcmp(a, "-") && sk_vfs_is_dir(c->vfs, c->cwd, a);
    int bdir = strcmp(b, "-") && sk_vfs_is_dir(c->vfs, c->cwd, b);
    sk_buf tmp = SK_BUF_INIT(c->a);
    if (adir && bdir) {
        status = compare_dirs(&D, a, b);
    } else if (adir || bdir) {
        /* dir + file: compare the file with dir/basename(file) */
        const char *file = adir ? b : a;
        if (!strcmp(file, "-")) {
            fsu_error(c, "cannot compare '-' to a directory");
            status = 2;
        } else {
            sk_buf base = SK_BUF_INIT(c->a);
            fsu_last_name(&base, file);
            fsu_join(&tmp, adir ? a : b, sk_buf_cstr(&base));
            sk_buf_free(&base);
            status = adir ? compare_files(&D, sk_buf_cstr(&tmp), b, NULL, 0, 0)
                          : compare_files(&D, a, sk_buf_cstr(&tmp), NULL, 0, 0);
        }
    } else {
        int ma = 0, mb = 0;
        if (op.new_file) {
            ma = strcmp(a, "-") && !sk_vfs_exists(c->vfs, c->cwd, a);
            mb = strcmp(b, "-") && !sk_vfs_exists(c->vfs, c->cwd, b);
            if (ma && mb) ma = mb = 0; /* both missing: report it */
        }
        status = compare_files(&D, a, b, NULL, ma, mb);
    }
    sk_buf_free(&tmp);
out:
    sk_buf_free(&op.switches);
    cmd_opts_free(&o, c);
    return status;
}
