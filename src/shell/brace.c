/* brace.c — brace expansion over atoms (see brace.h).  Follows bash's
 * braces.c: a '{' starts an expression when a matching '}' follows at the
 * same level with a comma or a ".." seen at that level before it; the
 * inside is split at top-level commas (each part expanded again) or read
 * as a sequence {x..y[..step]}; a failed sequence stays literal.
 * Repetition across the word is a loop, and nesting recursion is bounded. */
#include "shell/brace.h"

#include <stdio.h>
#include <string.h>

#define MAX_NEST 200

typedef struct bctx {
    sk_alloc *a;
    sk_arena *ar;
    uint64_t limit;
    int err;
} bctx;

/* A list of words under construction. */
typedef struct wlist {
    sh_bword *w;
    size_t n, cap;
} wlist;

static int is_ch(const sh_batom *t, char c) { return t->item < 0 && t->n == 1 && t->p[0] == c; }

static int wl_push(bctx *b, wlist *l, sh_batom *a, size_t n)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 8;
        sh_bword *nw = sk_realloc(b->a, l->w, nc * sizeof *nw);
        if (!nw) { b->err = SH_BRACE_NOMEM; return -1; }
        l->w = nw;
        l->cap = nc;
    }
    l->w[l->n].a = a;
    l->w[l->n].n = n;
    l->n++;
    return 0;
}

/* New word = w + atoms[0..n) (copied into the arena). */
static sh_batom *cat(bctx *b, const sh_bword *w, const sh_batom *at, size_t n, size_t *outn)
{
    size_t total = w->n + n;
    sh_batom *r = sk_arena_alloc(b->ar, (total ? total : 1) * sizeof *r);
    if (!r) { b->err = SH_BRACE_NOMEM; return NULL; }
    if (w->n) memcpy(r, w->a, w->n * sizeof *r);
    if (n) memcpy(r + w->n, at, n * sizeof *r);
    *outn = total;
    return r;
}

/* Append atoms to every word of l. */
static int append_all(bctx *b, wlist *l, const sh_batom *at, size_t n)
{
    if (!n) return 0;
    for (size_t i = 0; i < l->n; i++) {
        size_t nn;
        sh_batom *r = cat(b, &l->w[i], at, n, &nn);
        if (!r) return -1;
        l->w[i].a = r;
        l->w[i].n = nn;
    }
    return 0;
}

/* bash's brace_gobbler for '}': from `start` (just after '{'), the index
 * of the closing '}' at level 0 seen after a top-level ',' or "..", or
 * -1. */
static long find_close(const sh_batom *t, size_t n, size_t start)
{
    int level = 0, commas = 0;
    for (size_t i = start; i < n; i++) {
        if (t[i].item >= 0) continue;
        char c = t[i].p[0];
        if (c == '}' && level == 0) {
            if (commas) return (long)i;
            continue;
        }
        if (c == '{') level++;
        else if (c == '}' && level) level--;
        else if (c == ',' && level == 0) commas++;
        else if (c == '.' && level == 0 && i + 1 < n && is_ch(&t[i + 1], '.') &&
                 !(i + 2 < n && is_ch(&t[i + 2], '}')))
            commas++;
    }
    return -1;
}

/* ---- sequences ------------------------------------------------------------------- */

enum { ST_BAD, ST_INT, ST_CHAR };

static int legal_number(const char *s, size_t n, int64_t *out)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    int neg = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
    if (i >= n || s[i] < '0' || s[i] > '9') return 0;
    uint64_t v = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        uint64_t nv = v * 10 + (uint64_t)(s[i] - '0');
        if (nv / 10 != v || nv > (uint64_t)INT64_MAX + (uint64_t)neg) return 0;
        v = nv;
    }
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i != n) return 0;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 1;
}

static int term_type(const char *s, size_t n, int64_t *v)
{
    if (legal_number(s, n, v)) return ST_INT;
    if (n == 1 && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) {
        *v = (unsigned char)s[0];
        return ST_CHAR;
    }
    return ST_BAD;
}

/* Expand a sequence term (text between the braces); appends the values as
 * generated atoms to `out`.  Returns 1 when it was a sequence, 0 when not. */
static int seqterm(bctx *b, const char *s, size_t n, wlist *out)
{
    const char *dd = NULL;
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == '.' && s[i + 1] == '.') { dd = s + i; break; }
    if (!dd) return 0;
    size_t ll = (size_t)(dd - s);
    const char *rhs = dd + 2;
    size_t rl = n - ll - 2;
    int64_t incr = 1;
    for (size_t i = 0; i + 1 < rl; i++) {
        if (rhs[i] == '.' && rhs[i + 1] == '.') {
            if (!legal_number(rhs + i + 2, rl - i - 2, &incr)) return 0;
            rl = i;
            break;
        }
    }
    int64_t lv, rv;
    int lt = term_type(s, ll, &lv), rt = term_type(rhs, rl, &rv);
    if (lt == ST_BAD || rt == ST_BAD || lt != rt) return 0;
    int width = 0;
    if (lt == ST_INT) {
        int zero = 0;
        if ((ll > 1 && s[0] == '0') || (ll > 2 && s[0] == '-' && s[1] == '0')) zero = 1;
        if ((rl > 1 && rhs[0] == '0') || (rl > 2 && rhs[0] == '-' && rhs[1] == '0')) zero = 1;
        if (zero) width = (int)(ll > rl ? ll : rl);
    }
    if (incr == 0) incr = 1;
    if (lv > rv && incr > 0) incr = -incr;
    else if (lv < rv && incr < 0) incr = -incr;
    /* element count, overflow-safe */
    uint64_t span = lv > rv ? (uint64_t)lv - (uint64_t)rv : (uint64_t)rv - (uint64_t)lv;
    uint64_t ai = incr < 0 ? (uint64_t)0 - (uint64_t)incr : (uint64_t)incr;
    uint64_t count = span / ai + 1;
    if (span > (uint64_t)INT64_MAX - 2) return 0;
    if (b->limit && count > b->limit) { b->err = SH_BRACE_LIMIT; return 1; }
    int64_t v = lv;
    for (uint64_t k = 0; k < count; k++) {
        char buf[48];
        int len;
        if (lt == ST_CHAR) { buf[0] = (char)v; len = 1; }
        else if (width) len = snprintf(buf, sizeof buf, "%0*d", width, (int)v);
        else len = snprintf(buf, sizeof buf, "%lld", (long long)v);
        char *t = sk_arena_strndup(b->ar, buf, (size_t)len);
        sh_batom *at = sk_arena_alloc(b->ar, sizeof *at);
        if (!t || !at) { b->err = SH_BRACE_NOMEM; return 1; }
        at->p = t;
        at->n = (size_t)len;
        at->item = -1;
        if (wl_push(b, out, at, 1)) return 1;
        v = (int64_t)((uint64_t)v + (uint64_t)incr);
    }
    return 1;
}

/* ---- expansion ----------------------------------------------------------------------- */

static int expand(bctx *b, const sh_batom *t, size_t n, int depth, wlist *out);

/* The alternatives of the brace body t[0..n): comma parts each expanded,
 * or a sequence.  Returns 1 when it expanded, 0 when literal. */
static int amble(bctx *b, const sh_batom *t, size_t n, int depth, wlist *alts)
{
    int comma = 0;
    for (size_t i = 0; i < n; i++)
        if (is_ch(&t[i], ',')) { comma = 1; break; }
    if (!comma) {
        /* sequence: only plain text allowed */
        char buf[128];
        if (n >= sizeof buf) return 0;
        for (size_t i = 0; i < n; i++) {
            if (t[i].item >= 0) return 0;
            buf[i] = t[i].p[0];
        }
        return seqterm(b, buf, n, alts);
    }
    int level = 0;
    size_t s = 0;
    for (size_t i = 0; i <= n && !b->err; i++) {
        int sep = i == n;
        if (!sep && t[i].item < 0) {
            char c = t[i].p[0];
            if (c == '{') level++;
            else if (c == '}' && level) level--;
            else if (c == ',' && level == 0) sep = 1;
        }
        if (!sep) continue;
        if (depth < MAX_NEST) {
            wlist part = { 0 };
            if (expand(b, t + s, i - s, depth + 1, &part) == 0) {
                for (size_t k = 0; k < part.n && !b->err; k++) {
                    if (b->limit && alts->n + 1 > b->limit) { b->err = SH_BRACE_LIMIT; break; }
                    wl_push(b, alts, part.w[k].a, part.w[k].n);
                }
            }
            sk_free(b->a, part.w);
        } else {
            sh_batom *cp = sk_arena_alloc(b->ar, (i - s ? i - s : 1) * sizeof *cp);
            if (!cp) { b->err = SH_BRACE_NOMEM; break; }
            if (i - s) memcpy(cp, t + s, (i - s) * sizeof *cp);
            wl_push(b, alts, cp, i - s);
        }
        s = i + 1;
    }
    return 1;
}

static int expand(bctx *b, const sh_batom *t, size_t n, int depth, wlist *out)
{
    sh_batom *empty = sk_arena_alloc(b->ar, sizeof *empty);
    if (!empty) { b->err = SH_BRACE_NOMEM; return -1; }
    if (wl_push(b, out, empty, 0)) return -1;
    size_t pos = 0;
    while (!b->err) {
        /* the next '{' that begins a brace expression */
        long open = -1, close = -1;
        for (size_t i = pos; i < n; i++) {
            if (!is_ch(&t[i], '{')) continue;
            long c = find_close(t, n, i + 1);
            if (c >= 0) { open = (long)i; close = c; break; }
        }
        if (open < 0) {
            append_all(b, out, t + pos, n - pos);
            break;
        }
        if (append_all(b, out, t + pos, (size_t)open - pos)) break;
        wlist alts = { 0 };
        int ok = amble(b, t + open + 1, (size_t)(close - open - 1), depth, &alts);
        if (b->err) { sk_free(b->a, alts.w); break; }
        if (!ok || alts.n == 0) {
            /* literal "{...}" */
            sk_free(b->a, alts.w);
            if (append_all(b, out, t + open, (size_t)(close - open + 1))) break;
            pos = (size_t)close + 1;
            continue;
        }
        if (b->limit && (uint64_t)out->n * alts.n > b->limit) {
            b->err = SH_BRACE_LIMIT;
            sk_free(b->a, alts.w);
            break;
        }
        wlist next = { 0 };
        for (size_t i = 0; i < out->n && !b->err; i++) {
            for (size_t k = 0; k < alts.n && !b->err; k++) {
                size_t nn;
                sh_batom *r = cat(b, &out->w[i], alts.w[k].a, alts.w[k].n, &nn);
                if (r) wl_push(b, &next, r, nn);
            }
        }
        sk_free(b->a, alts.w);
        sk_free(b->a, out->w);
        *out = next;
        pos = (size_t)close + 1;
    }
    return b->err;
}

int sh_brace_candidate(const sh_batom *in, size_t n)
{
    int open = 0;
    for (size_t i = 0; i < n; i++) {
        if (in[i].item >= 0) continue;
        for (size_t k = 0; k < in[i].n; k++) {
            if (in[i].p[k] == '{') open = 1;
            else if (in[i].p[k] == '}' && open) return 1;
        }
    }
    return 0;
}

int sh_brace_expand(sk_alloc *a, const sh_batom *in, size_t n, uint64_t limit, sh_bresult *out)
{
    memset(out, 0, sizeof *out);
    out->al = a;
    sk_arena_init(&out->ar, a, 4096);
    bctx b = { a, &out->ar, limit, 0 };
    /* split text into single characters */
    size_t total = 0;
    for (size_t i = 0; i < n; i++) total += in[i].item >= 0 ? 1 : in[i].n;
    sh_batom *t = sk_arena_alloc(&out->ar, (total ? total : 1) * sizeof *t);
    if (!t) { sk_arena_free(&out->ar); return SH_BRACE_NOMEM; }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (in[i].item >= 0) { t[k++] = in[i]; continue; }
        for (size_t j = 0; j < in[i].n; j++) {
            t[k].p = in[i].p + j;
            t[k].n = 1;
            t[k].item = -1;
            k++;
        }
    }
    wlist res = { 0 };
    expand(&b, t, total, 0, &res);
    if (b.err) {
        sk_free(a, res.w);
        sk_arena_free(&out->ar);
        memset(out, 0, sizeof *out);
        return b.err;
    }
    /* merge adjacent single-character text atoms that are contiguous */
    for (size_t w = 0; w < res.n; w++) {
        sh_bword *bw = &res.w[w];
        size_t j = 0;
        for (size_t i = 0; i < bw->n; i++) {
            if (j > 0 && bw->a[i].item < 0 && bw->a[j - 1].item < 0 &&
                bw->a[j - 1].p + bw->a[j - 1].n == bw->a[i].p) {
                bw->a[j - 1].n += bw->a[i].n;
            } else {
                bw->a[j++] = bw->a[i];
            }
        }
        bw->n = j;
    }
    out->w = res.w;
    out->n = res.n;
    out->cap = res.cap;
    return 0;
}

void sh_brace_free(sh_bresult *r)
{
    if (!r->al) return;
    sk_free(r->al, r->w);
    sk_arena_free(&r->ar);
    memset(r, 0, sizeof *r);
}
