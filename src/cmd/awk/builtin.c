/* builtin.c — awk's built-in function table and dispatch, and the string
 * functions (length substr index split sub gsub match sprintf tolower
 * toupper, gawk's gensub).  String positions count UTF-8 characters.
 * Random numbers, time, sorting and bit functions are in builtin_ext.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "awk.h"

static const awk_builtin_info builtins[] = {
    { "and", B_AND, 2, 255 },
    { "asort", B_ASORT, 1, 3 },
    { "asorti", B_ASORTI, 1, 3 },
    { "atan2", B_ATAN2, 2, 2 },
    { "close", B_CLOSE, 1, 2 },
    { "compl", B_COMPL, 1, 1 },
    { "cos", B_COS, 1, 1 },
    { "exp", B_EXP, 1, 1 },
    { "fflush", B_FFLUSH, 0, 1 },
    { "gensub", B_GENSUB, 3, 4 },
    { "gsub", B_GSUB, 2, 3 },
    { "index", B_INDEX, 2, 2 },
    { "int", B_INT, 1, 1 },
    { "isarray", B_ISARRAY, 1, 1 },
    { "length", B_LENGTH, 0, 1 },
    { "log", B_LOG, 1, 1 },
    { "lshift", B_LSHIFT, 2, 2 },
    { "match", B_MATCH, 2, 3 },
    { "mktime", B_MKTIME, 1, 2 },
    { "or", B_OR, 2, 255 },
    { "patsplit", B_PATSPLIT, 2, 4 },
    { "rand", B_RAND, 0, 0 },
    { "rshift", B_RSHIFT, 2, 2 },
    { "sin", B_SIN, 1, 1 },
    { "split", B_SPLIT, 2, 4 },
    { "sprintf", B_SPRINTF, 1, 255 },
    { "sqrt", B_SQRT, 1, 1 },
    { "srand", B_SRAND, 0, 1 },
    { "strftime", B_STRFTIME, 0, 3 },
    { "strtonum", B_STRTONUM, 1, 1 },
    { "sub", B_SUB, 2, 3 },
    { "substr", B_SUBSTR, 2, 3 },
    { "system", B_SYSTEM, 1, 1 },
    { "systime", B_SYSTIME, 0, 0 },
    { "tolower", B_TOLOWER, 1, 1 },
    { "toupper", B_TOUPPER, 1, 1 },
    { "typeof", B_TYPEOF, 1, 2 },
    { "xor", B_XOR, 2, 255 },
};

const awk_builtin_info *awk_builtin_lookup(const char *name, size_t n)
{
    size_t lo = 0, hi = sizeof builtins / sizeof builtins[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int r = strncmp(name, builtins[mid].name, n);
        if (r == 0 && builtins[mid].name[n]) r = -1;
        if (r == 0) return &builtins[mid];
        if (r < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}

const awk_builtin_info *awk_builtin_by_id(int id)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (builtins[i].id == id) return &builtins[i];
    return NULL;
}

/* ---- helpers ------------------------------------------------------------------ */

awk_node *awk_bi_arg(awk_node *n, int i)
{
    awk_node *a = n->a;
    while (a && i-- > 0) a = a->next;
    return a;
}

awk_str *awk_bi_str(awk_interp *in, awk_node *n)
{
    awk_val v = awk_eval(in, n);
    awk_str *s = awk_to_str(in, &v);
    awk_val_free(in, &v);
    return s;
}

double awk_bi_num(awk_interp *in, awk_node *n)
{
    awk_val v = awk_eval(in, n);
    double d = awk_to_num(in, &v);
    awk_val_free(in, &v);
    return d;
}

void awk_bi_set_num(awk_interp *in, int slot, double d)
{
    awk_cell *c = &in->g[slot];
    if (c->kind != CELL_SCALAR) { c->kind = CELL_SCALAR; c->v = awk_uninit(); }
    awk_val_free(in, &c->v);
    c->v = awk_num(d);
}

int awk_bi_is_var(awk_node *n) { return n && (n->op == N_GVAR || n->op == N_LVAR); }
int awk_bi_is_arrayref(awk_node *n) { return awk_bi_is_var(n) || (n && n->op == N_INDEX); }

/* The element a[i] refers to (created if new), for length/isarray/typeof. */
awk_val *awk_bi_elem(awk_interp *in, awk_node *n)
{
    awk_key k;
    awk_array *arr = awk_index_target(in, n, &k);
    if (!arr) return NULL;
    awk_val *e = awk_array_get(in, arr, k.p, k.n, k.s, 1);
    awk_key_done(in, &k);
    return e;
}

/* ---- string functions ---------------------------------------------------------- */

static awk_val bi_length(awk_interp *in, awk_node *n)
{
    if (n->nargs == 0) {
        awk_val *z = awk_record(in);
        return awk_num(z->s ? (double)awk_char_len(z->s->s, z->s->len) : 0);
    }
    awk_node *a = n->a;
    if (awk_bi_is_var(a)) {
        awk_cell *c = awk_cell_of(in, a);
        while (c->kind == CELL_REF) c = c->ref;
        if (c->kind == CELL_ARRAY) return awk_num((double)c->arr->count);
        if (c->kind == CELL_UNTYPED) return awk_num(0);
    }
    if (a->op == N_INDEX) {
        awk_val *e = awk_bi_elem(in, a);
        if (!e) return awk_uninit();
        if (e->t == AV_ARRAY) return awk_num((double)e->arr->count);
        awk_str *es = awk_to_str(in, e);
        double r = (double)awk_char_len(es->s, es->len);
        awk_str_unref(in, es);
        return awk_num(r);
    }
    awk_str *s = awk_bi_str(in, a);
    double r = (double)awk_char_len(s->s, s->len);
    awk_str_unref(in, s);
    return awk_num(r);
}

static awk_val bi_substr(awk_interp *in, awk_node *n)
{
    awk_str *s = awk_bi_str(in, n->a);
    double m = awk_bi_num(in, awk_bi_arg(n, 1));
    double len = n->nargs > 2 ? awk_bi_num(in, awk_bi_arg(n, 2)) : INFINITY;
    if (in->unwind) { awk_str_unref(in, s); return awk_uninit(); }
    size_t chars = awk_char_len(s->s, s->len);
    /* gawk: positions truncate; a start before 1 is 1 */
    if (isnan(m) || isnan(len)) { awk_str_unref(in, s); return awk_strval(in, "", 0); }
    double st = trunc(m);
    if (st < 1) st = 1;
    double ln = trunc(len);
    if (ln <= 0 || st > (double)chars) { awk_str_unref(in, s); return awk_strval(in, "", 0); }
    size_t from = (size_t)st - 1;
    size_t count = ln >= (double)(chars - from) ? chars - from : (size_t)ln;
    size_t bo = awk_char_off(s->s, s->len, from);
    size_t be = bo + awk_char_off(s->s + bo, s->len - bo, count);
    awk_val r = awk_strval(in, s->s + bo, be - bo);
    awk_str_unref(in, s);
    return r;
}

static const char *find_bytes(const char *h, size_t hn, const char *nd, size_t nn)
{
    if (nn == 0) return h;
    if (nn > hn) return NULL;
    const char *end = h + hn - nn;
    for (const char *p = h; p <= end; p++) {
        p = memchr(p, nd[0], (size_t)(end - p) + 1);
        if (!p) return NULL;
        if (!memcmp(p, nd, nn)) return p;
    }
    return NULL;
}

static awk_val bi_index(awk_interp *in, awk_node *n)
{
    awk_str *s = awk_bi_str(in, n->a);
    awk_str *t = awk_bi_str(in, awk_bi_arg(n, 1));
    const char *p = find_bytes(s->s, s->len, t->s, t->len);
    double r = 0;
    if (p) r = (double)awk_char_len(s->s, (size_t)(p - s->s)) + 1;
    if (t->len == 0) r = 1;
    awk_str_unref(in, s);
    awk_str_unref(in, t);
    return awk_num(r);
}

static awk_val case_map(awk_interp *in, awk_node *n, int upper)
{
    awk_str *s = awk_bi_str(in, n->a);
    sk_buf b = SK_BUF_INIT(in->a);
    if (sk_buf_reserve(&b, s->len + 1)) { awk_str_unref(in, s); return awk_strval(in, "", 0); }
    for (size_t i = 0; i < s->len;) {
        unsigned char c = (unsigned char)s->s[i];
        if (c < 0x80) {
            if (upper && c >= 'a' && c <= 'z') c -= 32;
            else if (!upper && c >= 'A' && c <= 'Z') c += 32;
            sk_buf_putc(&b, c);
            i++;
            continue;
        }
        utf8proc_int32_t cp;
        utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s->s + i, (utf8proc_ssize_t)(s->len - i), &cp);
        if (k <= 0) { sk_buf_putc(&b, c); i++; continue; }
        utf8proc_int32_t m = upper ? utf8proc_toupper(cp) : utf8proc_tolower(cp);
        if (cp == 0xDF) m = cp;   /* no single-character uppercase ß (as glibc) */
        utf8proc_uint8_t enc[4];
        utf8proc_ssize_t el = utf8proc_encode_char(m, enc);
        sk_buf_put(&b, enc, (size_t)el);
        i += (size_t)k;
    }
    awk_val r = awk_strval(in, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    awk_str_unref(in, s);
    return r;
}

/* ---- split ------------------------------------------------------------------------- */

typedef struct split_ctx {
    awk_array *arr, *seps;
} split_ctx;

static int split_piece(awk_interp *in, void *ud, size_t i, const char *p, size_t n, const char *sep,
                       size_t seplen)
{
    split_ctx *sc = ud;
    if (i > 0 && awk_array_set_num(in, sc->arr, (double)i, awk_inputval(in, p, n))) return -1;
    if (sc->seps && sep && awk_array_set_num(in, sc->seps, (double)i, awk_strval(in, sep, seplen)))
        return -1;
    return 0;
}

static awk_val bi_split(awk_interp *in, awk_node *n)
{
    awk_node *an = awk_bi_arg(n, 1), *fn = awk_bi_arg(n, 2), *sn = awk_bi_arg(n, 3);
    if (!awk_bi_is_arrayref(an) || (sn && !awk_bi_is_arrayref(sn))) {
        awk_fatal(in, "split: second and fourth arguments must be arrays");
        return awk_uninit();
    }
    awk_str *s = awk_bi_str(in, n->a);
    awk_splitter sp = { 0 };
    awk_str *fs = NULL;
    int ok = 1;
    if (fn && fn->op == N_REGEX) {
        sp.kind = SP_REGEX;
        sp.re = awk_re_of(in, fn);
        if (!sp.re) ok = 0;
    } else {
        if (fn) {
            fs = awk_bi_str(in, fn);
        } else {
            awk_cell *c = &in->g[G_FS];
            fs = c->kind == CELL_SCALAR ? awk_to_str(in, &c->v) : awk_str_ref(in->empty);
        }
        if (fs->len == 1 && fs->s[0] == ' ') sp.kind = SP_SPACE;
        else if (fs->len == 0) sp.kind = SP_EMPTY;
        else if (fs->len == 1 && fs->s[0] != '\\') { sp.kind = SP_CHAR; sp.ch = fs->s[0]; }
        else {
            sp.kind = SP_REGEX;
            sp.re = awk_re_dynamic(in, fs);
            if (!sp.re) ok = 0;
        }
    }
    awk_array *arr = ok && !in->unwind ? awk_node_array(in, an) : NULL;
    awk_array *seps = arr && sn ? awk_node_array(in, sn) : NULL;
    long cnt = 0;
    if (arr && (!sn || seps)) {
        awk_array_clear(in, arr);
        if (seps) awk_array_clear(in, seps);
        split_ctx sc = { arr, seps };
        cnt = awk_split_with(in, &sp, s->s, s->len, split_piece, &sc);
        if (cnt < 0) cnt = 0;
        if (seps && sp.kind == SP_SPACE && s->len) {
            /* gawk: seps[0] holds leading blanks, seps[n] trailing ones */
            size_t k = 0;
            while (k < s->len && (s->s[k] == ' ' || s->s[k] == '\t' || s->s[k] == '\n')) k++;
            awk_array_delete(in, seps, "0", 1);
            if (k) awk_array_set_num(in, seps, 0, awk_strval(in, s->s, k));
        }
    }
    awk_str_unref(in, s);
    awk_str_unref(in, fs);
    return awk_num((double)cnt);
}

/* patsplit(s, a [, fpat [, seps]]): the fields are the matches of fpat. */
typedef struct pat_ctx {
    awk_array *arr, *seps;
    long nf;
} pat_ctx;

static int pat_piece(awk_interp *in, void *ud, size_t i, const char *p, size_t n, const char *sep,
                     size_t seplen)
{
    pat_ctx *pc = ud;
    if (i == 0) {
        if (pc->seps && awk_array_set_num(in, pc->seps, (double)pc->nf, awk_strval(in, sep, seplen))) return -1;
        return 0;
    }
    pc->nf = (long)i;
    if (awk_array_set_num(in, pc->arr, (double)i, awk_inputval(in, p, n))) return -1;
    if (pc->seps && awk_array_set_num(in, pc->seps, (double)(i - 1), awk_strval(in, sep, seplen))) return -1;
    return 0;
}

static awk_val bi_patsplit(awk_interp *in, awk_node *n)
{
    awk_node *an = awk_bi_arg(n, 1), *fn = awk_bi_arg(n, 2), *sn = awk_bi_arg(n, 3);
    if (!awk_bi_is_arrayref(an) || (sn && !awk_bi_is_arrayref(sn))) {
        awk_fatal(in, "patsplit: second and fourth arguments must be arrays");
        return awk_uninit();
    }
    awk_str *s = awk_bi_str(in, n->a);
    awk_splitter sp = { 0 };
    sp.kind = SP_FPAT;
    sp.borrowed = 1;
    if (fn) {
        sp.re = awk_re_of(in, fn);
    } else {
        awk_cell *c = &in->g[G_FPAT];
        awk_str *fp = c->kind == CELL_SCALAR ? awk_to_str(in, &c->v) : awk_str_new(in, "[^[:space:]]+", 13);
        sp.re = awk_re_dynamic(in, fp);
        awk_str_unref(in, fp);
    }
    long cnt = 0;
    awk_array *arr = sp.re && !in->unwind ? awk_node_array(in, an) : NULL;
    awk_array *seps = arr && sn ? awk_node_array(in, sn) : NULL;
    if (arr && (!sn || seps)) {
        awk_array_clear(in, arr);
        if (seps) awk_array_clear(in, seps);
        pat_ctx pc = { arr, seps, 0 };
        cnt = awk_split_with(in, &sp, s->s, s->len, pat_piece, &pc);
        if (cnt < 0) cnt = 0;
    }
    awk_str_unref(in, s);
    return awk_num((double)cnt);
}

/* ---- sub / gsub / gensub ------------------------------------------------------------- */

static size_t char_len_at(const char *s, size_t n, size_t i)
{
    return i < n ? awk_char_off(s + i, n - i, 1) : 1;
}

/* Append the replacement for one match (sub/gsub rules of gawk). */
static void sub_repl(sk_buf *b, const awk_str *r, const char *m, size_t mlen)
{
    const char *p = r->s;
    size_t n = r->len;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\\') {
            if (i + 3 < n + 0 && p[i + 1] == '\\' && p[i + 2] == '\\' && p[i + 3] == '&') {
                sk_buf_put(b, "\\&", 2);
                i += 3;
                continue;
            }
            if (i + 2 < n && p[i + 1] == '\\' && p[i + 2] == '&') {
                sk_buf_putc(b, '\\');
                sk_buf_put(b, m, mlen);
                i += 2;
                continue;
            }
            if (i + 1 < n && p[i + 1] == '&') {
                sk_buf_putc(b, '&');
                i++;
                continue;
            }
            sk_buf_putc(b, '\\');
            continue;
        }
        if (c == '&') sk_buf_put(b, m, mlen);
        else sk_buf_putc(b, c);
    }
}

/* gensub's replacement: \0 & whole match, \N group N, \c → c. */
static void gensub_repl(sk_buf *b, const awk_str *r, const char *s, const size_t *ov, int nov)
{
    const char *p = r->s;
    size_t n = r->len;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\\' && i + 1 < n) {
            char d = p[++i];
            if (d >= '0' && d <= '9') {
                int g = d - '0';
                if (g < nov && ov[2 * g] != (size_t)-1) sk_buf_put(b, s + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
            } else {
                sk_buf_putc(b, d);
            }
            continue;
        }
        if (c == '&') sk_buf_put(b, s + ov[0], ov[1] - ov[0]);
        else sk_buf_putc(b, c);
    }
}

/* Substitute in s: which == 0 all, else the which-th match.  Returns the
 * count, or -1 on a matcher error; the result is appended to out. */
static long substitute(awk_interp *in, awk_re *re, const awk_str *s, const awk_str *repl, long which,
                       int global, int gensub, sk_buf *out)
{
    size_t ov[20];
    int nov = gensub ? awk_re_ngroups(re) + 1 : 1;
    if (nov > 10) nov = 10;
    size_t pos = 0, copied = 0;
    size_t last_end = (size_t)-1;
    long count = 0, seen = 0;
    while (pos <= s->len) {
        int r = awk_re_exec(in, re, s->s, s->len, pos, pos > 0, ov, nov);
        if (r < 0) return -1;
        if (r == 0) break;
        size_t ms = ov[0], me = ov[1];
        if (me == ms && ms == last_end) {
            /* an empty match right after the previous match does not count */
            if (ms >= s->len) break;
            pos = ms + char_len_at(s->s, s->len, ms);
            continue;
        }
        seen++;
        if (which == 0 || seen == which) {
            sk_buf_put(out, s->s + copied, ms - copied);
            if (gensub) gensub_repl(out, repl, s->s, ov, nov);
            else sub_repl(out, repl, s->s + ms, me - ms);
            copied = me;
            count++;
            if (!global) break;
        }
        last_end = me;
        if (me == ms) {
            if (ms >= s->len) break;
            pos = ms + char_len_at(s->s, s->len, ms);
        } else {
            pos = me;
        }
        if (awk_check_abort(in)) return -1;
    }
    sk_buf_put(out, s->s + copied, s->len - copied);
    return count;
}

static int is_lvalue_node(awk_node *n)
{
    return n && (n->op == N_GVAR || n->op == N_LVAR || n->op == N_INDEX || n->op == N_FIELD);
}

static awk_val bi_sub(awk_interp *in, awk_node *n, int global)
{
    awk_node *target = n->nargs > 2 ? awk_bi_arg(n, 2) : NULL;
    awk_str *repl = awk_bi_str(in, awk_bi_arg(n, 1));
    awk_str *s;
    if (target) {
        awk_val tv = awk_eval(in, target);
        s = awk_to_str(in, &tv);
        awk_val_free(in, &tv);
    } else {
        s = awk_to_str(in, awk_record(in));
    }
    awk_re *re = in->unwind ? NULL : awk_re_of(in, n->a);
    long cnt = 0;
    if (re) {
        sk_buf b = SK_BUF_INIT(in->a);
        cnt = substitute(in, re, s, repl, 0, global, 0, &b);
        if (cnt > 0 && !in->unwind) {
            awk_val nv = awk_strval(in, b.p ? b.p : "", b.len);
            if (!target) {
                awk_set_record_val(in, nv);
            } else if (is_lvalue_node(target)) {
                awk_assign_node(in, target, nv);
            } else {
                awk_val_free(in, &nv);
            }
        }
        sk_buf_free(&b);
    }
    awk_str_unref(in, s);
    awk_str_unref(in, repl);
    return awk_num(cnt < 0 ? 0 : (double)cnt);
}

static awk_val bi_gensub(awk_interp *in, awk_node *n)
{
    awk_str *repl = awk_bi_str(in, awk_bi_arg(n, 1));
    awk_val how = awk_eval(in, awk_bi_arg(n, 2));
    awk_str *s = n->nargs > 3 ? awk_bi_str(in, awk_bi_arg(n, 3)) : awk_to_str(in, awk_record(in));
    long which = 1;
    int global = 0;
    awk_resolve(in, &how);
    if ((how.t == AV_STR || how.t == AV_MAYBE) && how.s && how.s->len && (how.s->s[0] == 'g' || how.s->s[0] == 'G')) {
        global = 1;
        which = 0;
    } else {
        double d = awk_to_num(in, &how);
        if (d < 1) {
            awk_warning(in, "gensub: third argument %s treated as 1", how.s ? how.s->s : "0");
            d = 1;
        }
        which = (long)awk_clamp(d, 1, INT64_C(1) << 52);
        global = 1;
    }
    awk_val_free(in, &how);
    awk_re *re = in->unwind ? NULL : awk_re_of(in, n->a);
    awk_val res = awk_uninit();
    if (re) {
        sk_buf b = SK_BUF_INIT(in->a);
        long cnt = substitute(in, re, s, repl, which, global, 1, &b);
        if (cnt >= 0) res = awk_strval(in, b.p ? b.p : "", b.len);
        sk_buf_free(&b);
    }
    awk_str_unref(in, s);
    awk_str_unref(in, repl);
    return res;
}

static void set_key2(awk_interp *in, awk_array *arr, int k, const char *what, double v)
{
    char key[64];
    size_t sl;
    const char *sep = awk_var_cstr(in, G_SUBSEP, &sl);
    char num[24];
    size_t nl = awk_fmt_int(k, num);
    size_t wl = strlen(what);
    if (nl + sl + wl >= sizeof key) return;
    memcpy(key, num, nl);
    memcpy(key + nl, sep, sl);
    memcpy(key + nl + sl, what, wl);
    awk_val *slot = awk_array_get(in, arr, key, nl + sl + wl, NULL, 1);
    if (slot) {
        awk_val_free(in, slot);
        *slot = awk_num(v);
    }
}

static awk_val bi_match(awk_interp *in, awk_node *n)
{
    awk_node *an = awk_bi_arg(n, 2);
    if (an && !awk_bi_is_arrayref(an)) {
        awk_fatal(in, "match: third argument is not an array");
        return awk_uninit();
    }
    awk_str *s = awk_bi_str(in, n->a);
    awk_re *re = in->unwind ? NULL : awk_re_of(in, awk_bi_arg(n, 1));
    if (!re) { awk_str_unref(in, s); return awk_uninit(); }
    size_t ov[2 * 32];
    int nov = an ? awk_re_ngroups(re) + 1 : 1;
    if (nov > 32) nov = 32;
    int r = awk_re_exec(in, re, s->s, s->len, 0, 0, ov, nov);
    double rstart = 0, rlength = -1;
    awk_array *arr = an ? awk_node_array(in, an) : NULL;
    if (arr) awk_array_clear(in, arr);
    if (r > 0) {
        rstart = (double)awk_char_len(s->s, ov[0]) + 1;
        rlength = (double)awk_char_len(s->s + ov[0], ov[1] - ov[0]);
        if (arr) {
            for (int k = 0; k < nov; k++) {
                if (ov[2 * k] == (size_t)-1) continue;
                awk_array_set_num(in, arr, k, awk_inputval(in, s->s + ov[2 * k], ov[2 * k + 1] - ov[2 * k]));
                set_key2(in, arr, k, "start", (double)awk_char_len(s->s, ov[2 * k]) + 1);
                set_key2(in, arr, k, "length", (double)awk_char_len(s->s + ov[2 * k], ov[2 * k + 1] - ov[2 * k]));
            }
        }
    }
    awk_bi_set_num(in, G_RSTART, rstart);
    awk_bi_set_num(in, G_RLENGTH, rlength);
    awk_str_unref(in, s);
    return awk_num(rstart);
}

static awk_val bi_sprintf(awk_interp *in, awk_node *n)
{
    int na = n->nargs;
    awk_val small[16];
    awk_val *args = na > 16 ? sk_calloc(in->a, (size_t)na, sizeof *args) : small;
    if (!args) { awk_fatal(in, "out of memory"); return awk_uninit(); }
    int got = 0;
    for (awk_node *a = n->a; a; a = a->next) {
        args[got++] = awk_eval(in, a);
        if (in->unwind) break;
    }
    awk_val res = awk_uninit();
    if (!in->unwind) {
        awk_str *fmt = awk_to_str(in, &args[0]);
        sk_buf b = SK_BUF_INIT(in->a);
        if (awk_format(in, &b, fmt->s, fmt->len, args + 1, got - 1) == 0)
            res = awk_strval(in, b.p ? b.p : "", b.len);
        sk_buf_free(&b);
        awk_str_unref(in, fmt);
    }
    for (int i = 0; i < got; i++) awk_val_free(in, &args[i]);
    if (args != small) sk_free(in->a, args);
    return res;
}

static double checked(awk_interp *in, const char *fn, double x, double r)
{
    if (isnan(r) && !isnan(x)) awk_warning(in, "%s: received negative argument %g", fn, x);
    return r;
}

awk_val awk_call_builtin(awk_interp *in, awk_node *n)
{
    switch (n->sub) {
    case B_LENGTH: return bi_length(in, n);
    case B_SUBSTR: return bi_substr(in, n);
    case B_INDEX: return bi_index(in, n);
    case B_SPLIT: return bi_split(in, n);
    case B_SUB: return bi_sub(in, n, 0);
    case B_GSUB: return bi_sub(in, n, 1);
    case B_GENSUB: return bi_gensub(in, n);
    case B_MATCH: return bi_match(in, n);
    case B_SPRINTF: return bi_sprintf(in, n);
    case B_TOLOWER: return case_map(in, n, 0);
    case B_TOUPPER: return case_map(in, n, 1);
    case B_SIN: return awk_num(sin(awk_bi_num(in, n->a)));
    case B_COS: return awk_num(cos(awk_bi_num(in, n->a)));
    case B_ATAN2: {
        double y = awk_bi_num(in, n->a);
        double x = awk_bi_num(in, awk_bi_arg(n, 1));
        return awk_num(atan2(y, x));
    }
    case B_EXP: {
        double x = awk_bi_num(in, n->a);
        double r = exp(x);
        if (isinf(r) && !isinf(x)) awk_warning(in, "exp: argument %g is out of range", x);
        return awk_num(r);
    }
    case B_LOG: {
        double x = awk_bi_num(in, n->a);
        if (x < 0) return awk_num(checked(in, "log", x, log(x)));
        return awk_num(log(x));
    }
    case B_SQRT: {
        double x = awk_bi_num(in, n->a);
        if (x < 0) {
            awk_warning(in, "sqrt: called with negative argument %g", x);
            return awk_num(-NAN);
        }
        return awk_num(sqrt(x));
    }
    case B_INT: return awk_num(trunc(awk_bi_num(in, n->a)));
    case B_RAND: return awk_num(awk_rand(in));
    case B_SRAND: {
        double prev = in->seed;
        double s = n->nargs ? awk_bi_num(in, n->a) : (double)(cmd_now_ns(in->c) / 1000000000);
        in->seed = trunc(s);
        awk_srand(in, in->seed);
        return awk_num(prev);
    }
    case B_SYSTEM: {
        awk_str *cmd = awk_bi_str(in, n->a);
        if (in->unwind) { awk_str_unref(in, cmd); return awk_uninit(); }
        int st = awk_system(in, cmd);
        awk_str_unref(in, cmd);
        return awk_num(st);
    }
    case B_CLOSE: {
        awk_str *name = awk_bi_str(in, n->a);
        if (n->nargs > 1) { awk_str *how = awk_bi_str(in, awk_bi_arg(n, 1)); awk_str_unref(in, how); }
        int r = awk_close(in, name);
        awk_str_unref(in, name);
        return awk_num(r);
    }
    case B_FFLUSH: {
        if (n->nargs == 0) return awk_num(awk_flush(in, NULL, 1));
        awk_str *name = awk_bi_str(in, n->a);
        int r = awk_flush(in, name, 0);
        awk_str_unref(in, name);
        return awk_num(r);
    }
    case B_STRFTIME: return awk_bi_strftime(in, n);
    case B_SYSTIME: return awk_num((double)(cmd_now_ns(in->c) / 1000000000));
    case B_MKTIME: return awk_bi_mktime(in, n);
    case B_ASORT: return awk_bi_asort(in, n, 0);
    case B_ASORTI: return awk_bi_asort(in, n, 1);
    case B_STRTONUM: return awk_bi_strtonum(in, n);
    case B_AND: case B_OR: case B_XOR: case B_LSHIFT: case B_RSHIFT: case B_COMPL:
        return awk_bi_bits(in, n);
    case B_ISARRAY: {
        awk_node *a = n->a;
        if (a->op == N_INDEX) {
            awk_val *e = awk_bi_elem(in, a);
            return awk_num(e && e->t == AV_ARRAY);
        }
        if (awk_bi_is_var(a)) {
            awk_cell *c = awk_cell_of(in, a);
            while (c->kind == CELL_REF) c = c->ref;
            return awk_num(c->kind == CELL_ARRAY);
        }
        awk_val v = awk_eval(in, a);
        awk_val_free(in, &v);
        return awk_num(0);
    }
    case B_TYPEOF: return awk_bi_typeof(in, n);
    case B_PATSPLIT: return bi_patsplit(in, n);
    default:
        awk_fatal(in, "function `%s' is not supported", awk_builtin_by_id(n->sub)->name);
        return awk_uninit();
    }
}
