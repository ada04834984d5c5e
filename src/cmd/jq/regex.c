/* regex.c — jq's regular expressions (match, test, split/2, sub, gsub)
 * on PCRE2.  jq uses Oniguruma with Perl syntax; PCRE2 accepts the same
 * patterns for everything scripts use.  Flags: g global, i caseless,
 * x extended, n ignore empty matches, s single line ($ only at the end),
 * p s plus dot-all, l longest (accepted, no effect).  Offsets and lengths
 * are reported in code points.  PCRE2 allocates through the sandbox's
 * allocator; matching has match, depth and heap limits; no JIT. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "eval.h"

#define RX_CACHE 8

typedef struct rx_entry {
    char *pat;
    size_t plen;
    uint32_t opts;
    pcre2_code *code;
} rx_entry;

typedef struct rx_state {
    pcre2_general_context *gctx;
    pcre2_match_context *mctx;
    pcre2_compile_context *cctx;
    rx_entry cache[RX_CACHE];
    int next;
} rx_state;

static void *rx_malloc(PCRE2_SIZE n, void *ud) { return sk_malloc((sk_alloc *)ud, n); }
static void rx_free(void *p, void *ud) { if (p) sk_free((sk_alloc *)ud, p); }

static rx_state *rx_get(jq_run *r)
{
    if (r->rx) return r->rx;
    rx_state *s = sk_calloc(r->h.a, 1, sizeof *s);
    if (!s) { r->h.oom = 1; return NULL; }
    s->gctx = pcre2_general_context_create(rx_malloc, rx_free, r->h.a);
    if (s->gctx) {
        s->mctx = pcre2_match_context_create(s->gctx);
        s->cctx = pcre2_compile_context_create(s->gctx);
    }
    if (!s->gctx || !s->mctx || !s->cctx) {
        if (s->mctx) pcre2_match_context_free(s->mctx);
        if (s->cctx) pcre2_compile_context_free(s->cctx);
        if (s->gctx) pcre2_general_context_free(s->gctx);
        sk_free(r->h.a, s);
        r->h.oom = 1;
        return NULL;
    }
    pcre2_set_match_limit(s->mctx, r->rx_match_limit ? r->rx_match_limit : 10000000);
    pcre2_set_depth_limit(s->mctx, r->rx_depth_limit ? r->rx_depth_limit : 100000);
    pcre2_set_heap_limit(s->mctx, 64 * 1024);    /* KiB */
    pcre2_set_max_pattern_length(s->cctx, 1 << 20);
    r->rx = s;
    return s;
}

void jq_regex_free(jq_run *r)
{
    rx_state *s = r->rx;
    if (!s) return;
    for (int i = 0; i < RX_CACHE; i++) {
        if (s->cache[i].code) pcre2_code_free(s->cache[i].code);
        sk_free(r->h.a, s->cache[i].pat);
    }
    pcre2_match_context_free(s->mctx);
    pcre2_compile_context_free(s->cctx);
    pcre2_general_context_free(s->gctx);
    sk_free(r->h.a, s);
    r->rx = NULL;
}

typedef struct rx_flags {
    uint32_t opts;
    int global, noempty;
} rx_flags;

static int parse_flags(jq_run *r, jv flags, rx_flags *f)
{
    f->opts = PCRE2_UTF | PCRE2_UCP;
    f->global = f->noempty = 0;
    if (flags.kind == JV_NULL) return JQ_OK;
    if (flags.kind != JV_STRING) return jq_type_error(r, flags, "is not a string");
    const char *p = jqv_str_p(flags);
    for (size_t i = 0; i < jqv_str_len(flags); i++) {
        switch (p[i]) {
        case 'g': f->global = 1; break;
        case 'i': f->opts |= PCRE2_CASELESS; break;
        case 'x': f->opts |= PCRE2_EXTENDED; break;
        case 'n': f->noempty = 1; break;
        case 's': f->opts |= PCRE2_DOLLAR_ENDONLY; break;
        case 'p': f->opts |= PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY; break;
        case 'l': break;
        default: return jq_errorf(r, "%s is not a valid modifier string", p);
        }
    }
    return JQ_OK;
}

static int rx_compile(jq_run *r, jv re, uint32_t opts, pcre2_code **out)
{
    rx_state *s = rx_get(r);
    if (!s) return jq_check_heap(r);
    const char *p = jqv_str_p(re);
    size_t n = jqv_str_len(re);
    for (int i = 0; i < RX_CACHE; i++) {
        rx_entry *e = &s->cache[i];
        if (e->code && e->opts == opts && e->plen == n && memcmp(e->pat, p, n) == 0) { *out = e->code; return JQ_OK; }
    }
    int err;
    PCRE2_SIZE eoff;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)p, n, opts, &err, &eoff, s->cctx);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        if (err == PCRE2_ERROR_NOMEMORY) r->h.oom = 1;
        (void)eoff;
        return jq_errorf(r, "Regex failure: %s", (const char *)msg);
    }
    rx_entry *e = &s->cache[s->next];
    s->next = (s->next + 1) % RX_CACHE;
    if (e->code) pcre2_code_free(e->code);
    sk_free(r->h.a, e->pat);
    e->pat = sk_memdup(r->h.a, p, n + 1);
    e->plen = n;
    e->opts = opts;
    e->code = e->pat ? code : NULL;
    if (!e->pat) { pcre2_code_free(code); r->h.oom = 1; return jq_check_heap(r); }
    *out = code;
    return JQ_OK;
}

/* Code points in s[0..n) */
static size_t cps(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xc0) != 0x80;
    return c;
}

/* Visit each match: cb(ovector, count) */
typedef int (*match_cb)(jq_run *r, void *ud, const char *subj, PCRE2_SIZE *ov, int count, pcre2_code *code);

static int rx_each(jq_run *r, jv in, jv re, jv flags, int test_only, match_cb cb, void *ud, int force_global)
{
    if (in.kind != JV_STRING) return jq_type_error(r, in, "cannot be matched, as it is not a string");
    if (re.kind != JV_STRING) return jq_type_error(r, re, "is not a string");
    rx_flags f;
    int st = parse_flags(r, flags, &f);
    if (st) return st;
    if (force_global) f.global = 1;
    pcre2_code *code = NULL;
    if ((st = rx_compile(r, re, f.opts, &code))) return st;
    rx_state *s = r->rx;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, s->gctx);
    if (!md) { r->h.oom = 1; return jq_check_heap(r); }
    const char *subj = jqv_str_p(in);
    size_t n = jqv_str_len(in);
    size_t start = 0;
    for (;;) {
        if (start > n) break;
        uint32_t mopts = f.noempty ? PCRE2_NOTEMPTY : 0;
        int rc = pcre2_match(code, (PCRE2_SPTR)subj, n, start, mopts, md, s->mctx);
        if (rc == PCRE2_ERROR_NOMATCH) break;
        if (rc < 0) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(rc, msg, sizeof msg);
            st = jq_errorf(r, "Regex failure: %s", (const char *)msg);
            break;
        }
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        if (test_only) { st = cb(r, ud, subj, ov, rc, code); break; }
        if ((st = cb(r, ud, subj, ov, rc, code))) break;
        if (!f.global) break;
        if (ov[1] == ov[0]) {
            /* an empty match: step over one character */
            if (ov[1] >= n) break;
            start = ov[1] + 1;
            while (start < n && ((unsigned char)subj[start] & 0xc0) == 0x80) start++;
        } else start = ov[1];
        if ((st = jq_tick(r))) break;
    }
    pcre2_match_data_free(md);
    return st;
}

/* ---- _match_impl ------------------------------------------------------------------ */

typedef struct mctx {
    jv res;
    int found;
} mctx;

static jv group_names(jq_run *r, pcre2_code *code, int ngroups)
{
    jvh *h = &r->h;
    jv names = jqv_array(h);
    for (int i = 0; i < ngroups; i++) names = jqv_array_append(h, names, jqv_null());
    uint32_t count = 0, esize = 0;
    PCRE2_SPTR table;
    pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &count);
    pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &esize);
    pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &table);
    for (uint32_t i = 0; i < count; i++) {
        const unsigned char *e = table + i * esize;
        int num = (e[0] << 8) | e[1];
        if (num >= 1 && num <= ngroups)
            names = jqv_array_set(h, names, (size_t)num - 1, jqv_string_z(h, (const char *)e + 2));
    }
    return names;
}

static int match_obj_cb(jq_run *r, void *ud, const char *subj, PCRE2_SIZE *ov, int count, pcre2_code *code)
{
    mctx *m = ud;
    jvh *h = &r->h;
    m->found = 1;
    if (m->res.kind != JV_ARRAY) return JQ_OK;   /* test mode */
    uint32_t ncap = 0;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ncap);
    jv names = group_names(r, code, (int)ncap);
    jv o = jqv_object(h);
    o = jqv_object_setz(h, o, "offset", jqv_number((double)cps(subj, ov[0])));
    o = jqv_object_setz(h, o, "length", jqv_number((double)cps(subj + ov[0], ov[1] - ov[0])));
    o = jqv_object_setz(h, o, "string", jqv_string_raw(h, subj + ov[0], ov[1] - ov[0]));
    jv caps = jqv_array(h);
    for (uint32_t g = 1; g <= ncap; g++) {
        jv c = jqv_object(h);
        jv name = jqv_array_get(names, g - 1);
        if ((int)g < count && ov[2 * g] != PCRE2_UNSET) {
            PCRE2_SIZE b = ov[2 * g], e = ov[2 * g + 1];
            c = jqv_object_setz(h, c, "offset", jqv_number((double)cps(subj, b)));
            c = jqv_object_setz(h, c, "length", jqv_number((double)cps(subj + b, e - b)));
            c = jqv_object_setz(h, c, "string", jqv_string_raw(h, subj + b, e - b));
        } else {
            c = jqv_object_setz(h, c, "offset", jqv_number(-1));
            c = jqv_object_setz(h, c, "string", jqv_null());
            c = jqv_object_setz(h, c, "length", jqv_number(0));
        }
        c = jqv_object_setz(h, c, "name", name);
        caps = jqv_array_append(h, caps, c);
    }
    jqv_free(h, names);
    o = jqv_object_setz(h, o, "captures", caps);
    m->res = jqv_array_append(h, m->res, o);
    return jq_check_heap(r);
}

int jqn__match_impl_3(jq_run *r, jv in, jv *args, jv *out)
{
    int test = jqv_truthy(args[2]);
    mctx m = { test ? jqv_null() : jqv_array(&r->h), 0 };
    int st = rx_each(r, in, args[0], args[1], test, match_obj_cb, &m, 0);
    jqv_free(&r->h, in);
    for (int i = 0; i < 3; i++) jqv_free(&r->h, args[i]);
    if (st) { jqv_free(&r->h, m.res); return st; }
    *out = test ? jqv_bool(m.found) : m.res;
    return jq_check_heap(r);
}

/* ---- split/2 ---------------------------------------------------------------------- */

typedef struct split_ctx {
    jv res;
    size_t prev;
} split_ctx;

static int split_cb(jq_run *r, void *ud, const char *subj, PCRE2_SIZE *ov, int count, pcre2_code *code)
{
    (void)count; (void)code;
    split_ctx *s = ud;
    s->res = jqv_array_append(&r->h, s->res, jqv_string_raw(&r->h, subj + s->prev, ov[0] - s->prev));
    s->prev = ov[1];
    return jq_check_heap(r);
}

int jqn_split_2(jq_run *r, jv in, jv *args, jv *out)
{
    split_ctx s = { jqv_array(&r->h), 0 };
    /* jq: match($re; "g" + flags): a non-string flag fails on the + */
    int st = JQ_OK;
    if (args[1].kind != JV_NULL && args[1].kind != JV_STRING) {
        jv g = jqv_string_raw(&r->h, "g", 1);
        st = jq_type_error2(r, g, args[1], "cannot be added");
        jqv_free(&r->h, g);
    }
    if (!st) st = rx_each(r, in, args[0], args[1], 0, split_cb, &s, 1);
    if (!st) s.res = jqv_array_append(&r->h, s.res, jqv_string_raw(&r->h, jqv_str_p(in) + s.prev, jqv_str_len(in) - s.prev));
    jqv_free(&r->h, in);
    jqv_free(&r->h, args[0]);
    jqv_free(&r->h, args[1]);
    if (st) { jqv_free(&r->h, s.res); return st; }
    *out = s.res;
    return jq_check_heap(r);
}

/* ---- sub / gsub --------------------------------------------------------------------- */

typedef struct span { size_t b, e; jv caps; } span;

typedef struct sub_ctx {
    span *v;
    size_t n, cap;
} sub_ctx;

static int sub_cb(jq_run *r, void *ud, const char *subj, PCRE2_SIZE *ov, int count, pcre2_code *code)
{
    sub_ctx *s = ud;
    jvh *h = &r->h;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 8;
        span *nv = sk_realloc(h->a, s->v, cap * sizeof *nv);
        if (!nv) { h->oom = 1; return jq_check_heap(r); }
        s->v = nv;
        s->cap = cap;
    }
    uint32_t ncap = 0;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ncap);
    jv names = group_names(r, code, (int)ncap);
    jv caps = jqv_object(h);
    for (uint32_t g = 1; g <= ncap; g++) {
        jv name = jqv_array_at(names, g - 1);
        if (name.kind != JV_STRING) continue;
        jv val = ((int)g < count && ov[2 * g] != PCRE2_UNSET) ? jqv_string_raw(h, subj + ov[2 * g], ov[2 * g + 1] - ov[2 * g]) : jqv_null();
        caps = jqv_object_set(h, caps, jqv_copy(name), val);
    }
    jqv_free(h, names);
    s->v[s->n].b = ov[0];
    s->v[s->n].e = ov[1];
    s->v[s->n].caps = caps;
    s->n++;
    return jq_check_heap(r);
}

typedef struct subrun {
    sub_ctx *m;
    jv in;                  /* the subject string */
    const jq_node *str;
    const jq_env *env;
    jq_out *k;
    sk_buf *acc;
    size_t i;
} subrun;

static int sub_step(jq_run *r, subrun *s);

typedef struct subrep_k {
    jq_out base;
    subrun *s;
} subrep_k;

static int subrep_fn(jq_run *r, jq_out *self, jv v, jv path)
{
    subrep_k *x = (subrep_k *)self;
    subrun *s = x->s;
    jqv_free(&r->h, path);
    if (v.kind != JV_STRING) {
        jv acc = jqv_string_raw(&r->h, s->acc->p ? s->acc->p : "", s->acc->len);
        int st = jq_type_error2(r, acc, v, "cannot be added");
        jqv_free(&r->h, acc);
        jqv_free(&r->h, v);
        return st;
    }
    size_t mark = s->acc->len;
    if (sk_buf_put(s->acc, jqv_str_p(v), jqv_str_len(v))) r->h.oom = 1;
    jqv_free(&r->h, v);
    subrun next = *s;
    next.i = s->i + 1;
    int st = jq_check_heap(r);
    if (!st) st = sub_step(r, &next);
    s->acc->len = mark;
    return st;
}

static int sub_step(jq_run *r, subrun *s)
{
    const char *p = jqv_str_p(s->in);
    size_t prev = s->i ? s->m->v[s->i - 1].e : 0;
    size_t mark = s->acc->len;
    int st;
    if (s->i == s->m->n) {
        if (sk_buf_put(s->acc, p + prev, jqv_str_len(s->in) - prev)) r->h.oom = 1;
        jv res = jqv_string_raw(&r->h, s->acc->p ? s->acc->p : "", s->acc->len);
        s->acc->len = mark;
        if (res.kind == JV_NONE) return jq_check_heap(r);
        return s->k->fn(r, s->k, res, jqv_none());
    }
    span *m = &s->m->v[s->i];
    if (sk_buf_put(s->acc, p + prev, m->b - prev)) r->h.oom = 1;
    if ((st = jq_check_heap(r))) return st;
    subrep_k x = { { subrep_fn }, s };
    st = jq_eval(r, s->str, s->env, jqv_copy(m->caps), jqv_none(), &x.base);
    s->acc->len = mark;
    return st;
}

typedef struct subargs {
    const jq_node *call;
    const jq_env *env;
    jv in;
    jq_out *k;
    int global;
    jv re;                  /* set in the flags stage */
} subargs;

static int do_sub(jq_run *r, subargs *a, jv re, jv flags)
{
    jvh *h = &r->h;
    sub_ctx m = { NULL, 0, 0 };
    int st = rx_each(r, a->in, re, flags, 0, sub_cb, &m, a->global);
    if (!st) {
        sk_buf acc = SK_BUF_INIT(h->a);
        subrun s = { &m, a->in, a->call->args[1], a->env, a->k, &acc, 0 };
        st = sub_step(r, &s);
        sk_buf_free(&acc);
    }
    for (size_t i = 0; i < m.n; i++) jqv_free(h, m.v[i].caps);
    sk_free(h->a, m.v);
    return st;
}

typedef struct subarg_k {
    jq_out base;
    subargs *a;
} subarg_k;

static int sub_flags_fn(jq_run *r, jq_out *self, jv flags, jv path)
{
    subarg_k *x = (subarg_k *)self;
    jqv_free(&r->h, path);
    int st = do_sub(r, x->a, x->a->re, flags);
    jqv_free(&r->h, flags);
    return st;
}

static int sub_re_fn(jq_run *r, jq_out *self, jv re, jv path)
{
    subarg_k *x = (subarg_k *)self;
    subargs *a = x->a;
    jqv_free(&r->h, path);
    int st;
    if (a->call->nargs < 3) st = do_sub(r, a, re, jqv_null());
    else {
        subargs inner = *a;
        inner.re = re;
        subarg_k y = { { sub_flags_fn }, &inner };
        st = jq_eval(r, a->call->args[2], a->env, jqv_copy(a->in), jqv_none(), &y.base);
    }
    jqv_free(&r->h, re);
    return st;
}

static int n_sub_common(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k, int global)
{
    jqv_free(&r->h, path);
    subargs a = { call, env, in, k, global, jqv_null() };
    subarg_k x = { { sub_re_fn }, &a };
    int st = jq_eval(r, call->args[0], env, jqv_copy(in), jqv_none(), &x.base);
    jqv_free(&r->h, in);
    return st;
}

int jq_n_sub(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return n_sub_common(r, call, env, in, path, k, 0);
}

int jq_n_gsub(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k)
{
    return n_sub_common(r, call, env, in, path, k, 1);
}
