/* mod_re.c — _re, the C half of the re module (lib/re.py holds the module
 * functions, flags and the cache): Pattern and Match objects over the
 * regex layer's Python dialect (src/regex, PCRE2 underneath).
 *
 * Positions: str subjects are UTF-8 inside, Python counts characters; a
 * match keeps byte offsets and character offsets side by side (counted
 * incrementally while walking a subject, so finditer/sub stay linear).
 * Bytes subjects are matched byte for byte.  The replacement templates of
 * sub() are parsed as CPython does (\1, \g<name>, \n ... errors at
 * positions).  Empty matches follow Python 3.7+: an empty match may follow
 * a non-empty one at the same place, never another empty one.
 *
 * Must never: let a match run without the regex layer's limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "py/pymod.h"
#include "regex/regex.h"

enum {
    F_TEMPLATE = 1, F_IGNORECASE = 2, F_LOCALE = 4, F_MULTILINE = 8, F_DOTALL = 16, F_UNICODE = 32,
    F_VERBOSE = 64, F_DEBUG = 128, F_ASCII = 256,
};

typedef struct repat {
    py_obj ob;
    py_val pattern;           /* str or bytes, as given */
    py_val groupindex;        /* dict name -> number */
    int64_t flags;
    int is_bytes, groups;
    rx *re;
} repat;

typedef struct rematch {
    py_obj ob;
    py_val string, pattern;
    int64_t pos, endpos;
    int ng;                   /* groups + 1 */
    int lastindex;
    size_t *bo;               /* 2*ng byte offsets (RX_UNSET) */
    int64_t *co;              /* 2*ng char offsets (-1) */
} rematch;

#define PAT(v) ((repat *)PY_OBJ(v))
#define MAT(v) ((rematch *)PY_OBJ(v))

/* ---- subjects ------------------------------------------------------------------------------------ */
typedef struct subj {
    py_val obj;
    const char *p;
    size_t n;                 /* bytes */
    int bytes, ascii;
    size_t cb;                /* counting cursor: byte offset ... */
    int64_t cc;               /* ... and its char index */
} subj;

static int subj_init(py_interp *I, subj *s, py_val v, int want_bytes)
{
    memset(s, 0, sizeof *s);
    s->obj = v;
    if (py_is_str(v)) {
        if (want_bytes) { py_err_str(I, PY_E_TypeError, "cannot use a bytes pattern on a string-like object"); return -1; }
        s->p = py_str_data(v);
        s->n = py_str_len(v);
        s->ascii = PY_STR(v)->ascii;
        return 0;
    }
    if (py_is_bytes(v) || PY_IS(v, BYTEARRAY)) {
        if (!want_bytes) { py_err_str(I, PY_E_TypeError, "cannot use a string pattern on a bytes-like object"); return -1; }
        const char *p;
        size_t n;
        if (pym_bytes_like(I, v, &p, &n)) return -1;
        s->p = p;
        s->n = n;
        s->bytes = 1;
        s->ascii = 1;
        return 0;
    }
    py_err_fmt(I, PY_E_TypeError, "expected string or bytes-like object, got '%s'", py_type_name(I, v));
    return -1;
}

static int64_t subj_char(subj *s, size_t b)
{
    if (s->ascii) return (int64_t)b;
    if (b < s->cb) { s->cb = 0; s->cc = 0; }
    s->cc += (int64_t)py_utf8_count(s->p + s->cb, b - s->cb);
    s->cb = b;
    return s->cc;
}

static size_t subj_byte(subj *s, int64_t c)
{
    if (c <= 0) return 0;
    if (s->ascii) return (size_t)c > s->n ? s->n : (size_t)c;
    size_t i = 0;
    int64_t k = 0;
    if (c >= s->cc) { i = s->cb; k = s->cc; }
    while (i < s->n && k < c) {
        i++;
        while (i < s->n && ((unsigned char)s->p[i] & 0xC0) == 0x80) i++;
        k++;
    }
    return i;
}

static int64_t subj_len(py_interp *I, subj *s)
{
    (void)I;
    if (s->bytes) return (int64_t)s->n;
    return (int64_t)PY_STR(s->obj)->cplen;
}

static py_val subj_slice(py_interp *I, subj *s, size_t b, size_t e)
{
    if (s->bytes) return py_bytes_new(I, s->p + b, e - b);
    return py_str_new(I, s->p + b, e - b);
}

/* ---- errors ------------------------------------------------------------------------------------------- */
static py_val rx_failure(py_interp *I, int code)
{
    if (code == RX_ENOMEM) return py_err_nomem(I);
    return py_err_fmt(I, PY_E_RuntimeError, "%s", rx_strerror(code));
}

static py_val pattern_error(py_interp *I, const char *full, py_val pattern)
{
    /* "msg at position N" -> msg, pos */
    const char *at = strstr(full, " at position ");
    size_t ml = at ? (size_t)(at - full) : strlen(full);
    int64_t pos = at ? (int64_t)strtoll(at + 13, NULL, 10) : -1;
    py_val text = py_str_cstr(I, full);
    py_val msg = py_str_new(I, full, ml);
    if (!text || !msg) { py_xdecref(I, text); py_xdecref(I, msg); return PY_NULL; }
    py_val e = py_exc_new(I, PY_TYPE(I, PY_E_PatternError), &text, 1);
    py_decref(I, text);
    if (!e) { py_decref(I, msg); return PY_NULL; }
    py_setattr(I, e, py_intern(I, "msg"), msg);
    py_setattr(I, e, py_intern(I, "pattern"), pattern ? pattern : PY_NONE);
    py_val pv = pos >= 0 ? py_int_from_i64(I, pos) : PY_NONE;
    py_setattr(I, e, py_intern(I, "pos"), pv);
    int64_t line = 1, col = pos + 1;
    if (pos >= 0 && pattern && py_is_str(pattern)) {
        const char *p = py_str_data(pattern);
        size_t n = py_str_len(pattern);
        int64_t ci = 0;
        for (size_t i = 0; i < n && ci < pos; i++) {
            if (((unsigned char)p[i] & 0xC0) == 0x80) continue;
            if (p[i] == '\n') { line++; col = pos - ci; }
            ci++;
        }
    }
    py_setattr(I, e, py_intern(I, "lineno"), pos >= 0 ? py_int_from_i64(I, line) : PY_NONE);
    py_setattr(I, e, py_intern(I, "colno"), pos >= 0 ? py_int_from_i64(I, col) : PY_NONE);
    py_decref(I, msg);
    if (py_err_occurred(I)) { py_decref(I, e); return PY_NULL; }
    py_err_setexc(I, e);
    return PY_NULL;
}

/* ---- Pattern --------------------------------------------------------------------------------------------- */
static void pat_dealloc(py_interp *I, py_obj *o)
{
    repat *p = (repat *)o;
    if (p->re) rx_free(p->re);
    py_xdecref(I, p->pattern);
    py_xdecref(I, p->groupindex);
    py_obj_free(I, o, o->type->basicsize);
}

PYM_FN(re_compile)
{
    (void)self;
    if (py_args_exact(I, "compile", nargs, kw, 2)) return PY_NULL;
    py_val pat = args[0];
    int64_t flags;
    if (pym_arg_int(I, args[1], &flags)) return PY_NULL;
    int is_bytes = !py_is_str(pat);
    const char *p;
    size_t n;
    if (is_bytes) {
        if (pym_bytes_like(I, pat, &p, &n)) return PY_NULL;
        if (flags & F_UNICODE) return py_err_str(I, PY_E_ValueError, "cannot use UNICODE flag with a bytes pattern");
    } else {
        p = py_str_data(pat);
        n = py_str_len(pat);
        if (flags & F_LOCALE) return py_err_str(I, PY_E_ValueError, "cannot use LOCALE flag with a str pattern");
        if ((flags & F_ASCII) && (flags & F_UNICODE))
            return py_err_str(I, PY_E_ValueError, "ASCII and UNICODE flags are incompatible");
        if (!(flags & F_ASCII)) flags |= F_UNICODE;
    }
    unsigned rf = 0;
    if (flags & F_IGNORECASE) rf |= RX_ICASE;
    if (flags & F_MULTILINE) rf |= RX_MULTILINE;
    if (flags & F_DOTALL) rf |= RX_DOTALL;
    if (flags & F_VERBOSE) rf |= RX_EXTENDED;
    if (!is_bytes) rf |= RX_UTF8;
    if (is_bytes || (flags & F_ASCII)) rf |= RX_ASCII;
    py_type *t = pym_type_get(I, "_re", "Pattern");
    if (!t) return PY_NULL;
    rx *re = NULL;
    rx_error err;
    int r = rx_compile(&re, I->alloc, NULL, RX_PYTHON, rf, p, n, &err);
    if (r) {
        if (r == RX_ENOMEM) return py_err_nomem(I);
        return pattern_error(I, err.msg, pat);
    }
    repat *po = (repat *)py_obj_new(I, t, t->basicsize);
    if (!po) { rx_free(re); return PY_NULL; }
    po->re = re;
    po->pattern = py_newref(pat);
    po->flags = flags;
    po->is_bytes = is_bytes;
    po->groups = rx_group_count(re);
    po->groupindex = py_dict_new(I);
    if (!po->groupindex) { py_decref(I, PY_VAL(po)); return PY_NULL; }
    for (int i = 0;; i++) {
        int num;
        const char *name = rx_group_name(re, i, &num);
        if (!name) break;
        py_val k = py_str_cstr(I, name);
        if (!k || py_dict_set(I, po->groupindex, k, py_int_small(num))) { py_xdecref(I, k); py_decref(I, PY_VAL(po)); return PY_NULL; }
        py_decref(I, k);
    }
    return PY_VAL(po);
}

static py_val pat_repr(py_interp *I, py_val self)
{
    repat *p = PAT(self);
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&b, "re.compile(");
    py_val r = py_repr(I, p->pattern);
    if (!r) { sk_buf_free(&b); return PY_NULL; }
    size_t rl = py_str_len(r);
    size_t cut = PY_STR(r)->cplen > 200 ? py_utf8_offset(r, 200) : rl;
    sk_buf_put(&b, py_str_data(r), cut);
    py_decref(I, r);
    int64_t f = p->flags;
    if (!p->is_bytes && (f & (F_LOCALE | F_UNICODE | F_ASCII)) == F_UNICODE) f &= ~(int64_t)F_UNICODE;
    if (f) {
        static const struct { const char *n; int v; } names[] = {
            { "re.IGNORECASE", F_IGNORECASE }, { "re.LOCALE", F_LOCALE }, { "re.MULTILINE", F_MULTILINE },
            { "re.DOTALL", F_DOTALL }, { "re.UNICODE", F_UNICODE }, { "re.VERBOSE", F_VERBOSE },
            { "re.DEBUG", F_DEBUG }, { "re.ASCII", F_ASCII },
        };
        sk_buf_puts(&b, ", ");
        int first = 1;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            if (f & names[i].v) {
                if (!first) sk_buf_putc(&b, '|');
                sk_buf_puts(&b, names[i].n);
                first = 0;
                f &= ~(int64_t)names[i].v;
            }
        }
        if (f) {
            if (!first) sk_buf_putc(&b, '|');
            sk_buf_printf(&b, "0x%llx", (unsigned long long)f);
        }
    }
    sk_buf_putc(&b, ')');
    return py_str_from_buf(I, &b);
}

static int pat_hash(py_interp *I, py_val self, int64_t *out)
{
    int64_t h;
    if (py_hash(I, PAT(self)->pattern, &h)) return -1;
    h ^= PAT(self)->flags * 1000003;
    *out = h == -1 ? -2 : h;
    return 0;
}

static py_val pat_richcmp(py_interp *I, py_val a, py_val b, int op)
{
    if ((op != PY_EQ && op != PY_NE) || py_typeof(I, a) != py_typeof(I, b)) return PY_NOTIMPL;
    int eq = a == b;
    if (!eq && PAT(a)->flags == PAT(b)->flags && PAT(a)->is_bytes == PAT(b)->is_bytes) {
        eq = py_eq(I, PAT(a)->pattern, PAT(b)->pattern);
        if (eq < 0) return PY_NULL;
    }
    return py_bool(op == PY_EQ ? eq : !eq);
}

static py_val pat_get_pattern(py_interp *I, py_val self) { (void)I; return py_newref(PAT(self)->pattern); }
static py_val pat_get_flags(py_interp *I, py_val self) { return py_int_from_i64(I, PAT(self)->flags); }
static py_val pat_get_groups(py_interp *I, py_val self) { (void)I; return py_int_small(PAT(self)->groups); }
static py_val pat_get_groupindex(py_interp *I, py_val self) { return py_dict_copy(I, PAT(self)->groupindex); }

/* ---- running -------------------------------------------------------------------------------------------- */
typedef struct run {
    repat *p;
    subj s;
    size_t start, end;        /* byte range searched */
    int64_t pos, endpos;      /* as chars */
    size_t *ov;
    int nov;
} run;

static int run_init(py_interp *I, run *r, py_val pat, py_val string, py_val posv, py_val endposv)
{
    memset(r, 0, sizeof *r);
    r->p = PAT(pat);
    if (subj_init(I, &r->s, string, r->p->is_bytes)) return -1;
    int64_t len = subj_len(I, &r->s), pos = 0, endpos = len;
    if (posv && pym_arg_int(I, posv, &pos)) return -1;
    if (endposv && pym_arg_int(I, endposv, &endpos)) return -1;
    if (pos < 0) pos = 0;
    if (pos > len) pos = len;
    if (endpos < 0) endpos = 0;
    if (endpos > len) endpos = len;
    r->pos = pos;
    r->endpos = endpos;
    r->end = subj_byte(&r->s, endpos);
    r->start = subj_byte(&r->s, pos);
    if (r->start > r->end) r->start = r->end;
    r->nov = r->p->groups + 1;
    r->ov = py_alloc(I, sizeof(size_t) * 2 * (size_t)r->nov);
    return r->ov ? 0 : -1;
}

static void run_free(py_interp *I, run *r)
{
    if (r->ov) py_free(I, r->ov, sizeof(size_t) * 2 * (size_t)r->nov);
    r->ov = NULL;
}

/* 1 match, 0 none, -1 error */
static int run_exec(py_interp *I, run *r, size_t at, unsigned eflags)
{
    int rc = rx_exec(r->p->re, r->s.p, r->end, at, eflags, r->ov, r->nov);
    if (rc < 0) { rx_failure(I, rc); return -1; }
    if (rc == 0) return 0;
    if (py_check_periodic(I)) return -1;
    return 1;
}

static py_val make_match(py_interp *I, run *r, py_val patv)
{
    py_type *t = pym_type_get(I, "_re", "Match");
    if (!t) return PY_NULL;
    rematch *m = (rematch *)py_obj_new(I, t, t->basicsize);
    if (!m) return PY_NULL;
    m->ng = r->nov;
    m->bo = py_alloc(I, sizeof(size_t) * 2 * (size_t)m->ng);
    m->co = py_alloc(I, sizeof(int64_t) * 2 * (size_t)m->ng);
    if (!m->bo || !m->co) { py_decref(I, PY_VAL(m)); return PY_NULL; }
    m->string = py_newref(r->s.obj);
    m->pattern = py_newref(patv);
    m->pos = r->pos;
    m->endpos = r->endpos;
    memcpy(m->bo, r->ov, sizeof(size_t) * 2 * (size_t)m->ng);
    /* char offsets: group 0 start first keeps the cursor moving forward */
    m->co[0] = subj_char(&r->s, r->ov[0]);
    for (int g = 1; g < m->ng; g++) {
        m->co[2 * g] = r->ov[2 * g] == RX_UNSET ? -1 : subj_char(&r->s, r->ov[2 * g]);
        m->co[2 * g + 1] = r->ov[2 * g + 1] == RX_UNSET ? -1 : subj_char(&r->s, r->ov[2 * g + 1]);
    }
    m->co[1] = subj_char(&r->s, r->ov[1]);
    /* lastindex: the group that closed last (the one ending furthest, outermost on ties) */
    m->lastindex = -1;
    size_t best = 0;
    for (int g = 1; g < m->ng; g++) {
        if (r->ov[2 * g] == RX_UNSET) continue;
        if (m->lastindex < 0 || r->ov[2 * g + 1] > best) { m->lastindex = g; best = r->ov[2 * g + 1]; }
    }
    return PY_VAL(m);
}

static py_val do_match(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, const char *fname,
                       unsigned eflags)
{
    static const char *const names[] = { "string", "pos", "endpos", NULL };
    py_val a[3];
    if (pym_parse(I, fname, args, nargs, kw, names, 1, a)) return PY_NULL;
    run r;
    if (run_init(I, &r, self, a[0], a[1], a[2])) { run_free(I, &r); return PY_NULL; }
    int rc = run_exec(I, &r, r.start, eflags);
    py_val m = rc > 0 ? make_match(I, &r, self) : rc == 0 ? PY_NONE : PY_NULL;
    run_free(I, &r);
    return m;
}

PYM_FN(p_match) { return do_match(I, self, args, nargs, kw, "match", RX_ANCHORED); }
PYM_FN(p_fullmatch) { return do_match(I, self, args, nargs, kw, "fullmatch", RX_ANCHORED | RX_ENDANCHORED); }
PYM_FN(p_search) { return do_match(I, self, args, nargs, kw, "search", 0); }

/* Walk the matches of a run: calls fn for each until it returns non-zero
 * or max (>0) matches were seen. */
typedef int (*match_fn)(py_interp *I, run *r, void *ud);

static int walk(py_interp *I, run *r, int64_t max, match_fn fn, void *ud)
{
    size_t at = r->start;
    int must_advance = 0;
    int64_t n = 0;
    while (at <= r->end && (max <= 0 || n < max)) {
        int rc = run_exec(I, r, at, must_advance ? RX_NOTEMPTY_ATSTART : 0);
        if (rc < 0) return -1;
        if (rc == 0) break;
        int stop = fn(I, r, ud);
        if (stop < 0) return -1;
        n++;
        if (stop) break;
        must_advance = r->ov[1] == r->ov[0];
        at = r->ov[1];
    }
    return 0;
}

/* group value for findall/split: '' or None for unset */
static py_val group_val(py_interp *I, run *r, int g, py_val unset)
{
    if (r->ov[2 * g] == RX_UNSET) return py_newref(unset);
    return subj_slice(I, &r->s, r->ov[2 * g], r->ov[2 * g + 1]);
}

static int findall_cb(py_interp *I, run *r, void *ud)
{
    py_val l = *(py_val *)ud;
    py_val item;
    py_val empty = r->s.bytes ? I->empty_bytes ? I->empty_bytes : PY_NULL : I->empty_str;
    py_val owned_empty = PY_NULL;
    if (!empty) { owned_empty = py_bytes_new(I, "", 0); if (!owned_empty) return -1; empty = owned_empty; }
    if (r->p->groups == 0) item = group_val(I, r, 0, empty);
    else if (r->p->groups == 1) item = group_val(I, r, 1, empty);
    else {
        item = py_tuple_new(I, (size_t)r->p->groups);
        for (int g = 1; item && g <= r->p->groups; g++) {
            py_val v = group_val(I, r, g, empty);
            if (!v) { py_decref(I, item); item = PY_NULL; break; }
            py_tuple_items(item)[g - 1] = v;
        }
    }
    py_xdecref(I, owned_empty);
    if (!item) return -1;
    return py_list_append_steal(I, l, item) ? -1 : 0;
}

PYM_FN(p_findall)
{
    static const char *const names[] = { "string", "pos", "endpos", NULL };
    py_val a[3];
    if (pym_parse(I, "findall", args, nargs, kw, names, 1, a)) return PY_NULL;
    run r;
    if (run_init(I, &r, self, a[0], a[1], a[2])) { run_free(I, &r); return PY_NULL; }
    py_val l = py_list_new(I, 0);
    if (!l || walk(I, &r, 0, findall_cb, &l)) { py_xdecref(I, l); l = PY_NULL; }
    run_free(I, &r);
    return l;
}

/* ---- finditer / scanner ----------------------------------------------------------------------------------- */
typedef struct reiter {
    py_obj ob;
    py_val pattern, string;
    run r;
    size_t at;
    int must_advance, done;
    unsigned eflags;          /* scanner.match: anchored */
} reiter;

static void iter_dealloc(py_interp *I, py_obj *o)
{
    reiter *it = (reiter *)o;
    py_gc_untrack(I, o);
    run_free(I, &it->r);
    py_xdecref(I, it->pattern);
    py_xdecref(I, it->string);
    py_obj_free(I, o, sizeof(reiter));
}

static void iter_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    reiter *it = (reiter *)o;
    if (it->pattern) visit(it->pattern, ctx);
}

static py_val iter_step(py_interp *I, reiter *it, int anchored)
{
    if (it->done || it->at > it->r.end) { it->done = 1; return PY_NONE; }
    unsigned ef = (it->must_advance ? RX_NOTEMPTY_ATSTART : 0) | (anchored ? RX_ANCHORED : 0);
    int rc = run_exec(I, &it->r, it->at, ef);
    if (rc < 0) return PY_NULL;
    if (rc == 0) { it->done = 1; return PY_NONE; }
    py_val m = make_match(I, &it->r, it->pattern);
    if (!m) return PY_NULL;
    it->must_advance = it->r.ov[1] == it->r.ov[0];
    it->at = it->r.ov[1];
    return m;
}

static py_val iter_next(py_interp *I, py_val self)
{
    py_val m = iter_step(I, (reiter *)PY_OBJ(self), 0);
    if (m == PY_NONE) return PY_NULL;
    return m;
}

py_val py_iter_self(py_interp *I, py_val v);

PYM_FN(sc_match)
{
    (void)args;
    if (py_args_none(I, "match", nargs, kw)) return PY_NULL;
    return iter_step(I, (reiter *)PY_OBJ(self), 1);
}
PYM_FN(sc_search)
{
    (void)args;
    if (py_args_none(I, "search", nargs, kw)) return PY_NULL;
    return iter_step(I, (reiter *)PY_OBJ(self), 0);
}
static py_val sc_get_pattern(py_interp *I, py_val self) { (void)I; return py_newref(((reiter *)PY_OBJ(self))->pattern); }

static const py_methoddef scanner_methods[] = { { "match", sc_match, 0 }, { "search", sc_search, 0 }, { NULL, NULL, 0 } };
static const py_getsetdef scanner_getsets[] = { { "pattern", sc_get_pattern, NULL }, { NULL, NULL, NULL } };

static const py_typedef finditer_td = {
    .name = "callable_iterator", .qualname = "callable_iterator", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_NOINSTANCE,
    .basicsize = sizeof(reiter),
    .slots = { .dealloc = iter_dealloc, .traverse = iter_traverse, .iter = py_iter_self, .next = iter_next },
};
static const py_typedef scanner_td = {
    .name = "SRE_Scanner", .qualname = "_sre.SRE_Scanner", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_NOINSTANCE,
    .basicsize = sizeof(reiter),
    .slots = { .dealloc = iter_dealloc, .traverse = iter_traverse },
    .methods = scanner_methods, .getsets = scanner_getsets,
};

static py_val make_iter(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, const char *fname,
                        const char *tname)
{
    static const char *const names[] = { "string", "pos", "endpos", NULL };
    py_val a[3];
    if (pym_parse(I, fname, args, nargs, kw, names, 1, a)) return PY_NULL;
    py_type *t = pym_type_get(I, "_re", tname);
    if (!t) return PY_NULL;
    reiter *it = (reiter *)py_obj_new(I, t, sizeof(reiter));
    if (!it) return PY_NULL;
    it->pattern = py_newref(self);
    it->string = py_newref(a[0]);
    if (run_init(I, &it->r, self, a[0], a[1], a[2])) { py_decref(I, PY_VAL(it)); return PY_NULL; }
    it->r.s.obj = it->string;
    it->at = it->r.start;
    return PY_VAL(it);
}

PYM_FN(p_finditer) { return make_iter(I, self, args, nargs, kw, "finditer", "callable_iterator"); }
PYM_FN(p_scanner) { return make_iter(I, self, args, nargs, kw, "scanner", "SRE_Scanner"); }

/* ---- split ----------------------------------------------------------------------------------------------- */
typedef struct split_ctx { py_val list; size_t last; } split_ctx;

static int split_cb(py_interp *I, run *r, void *ud)
{
    split_ctx *c = ud;
    py_val piece = subj_slice(I, &r->s, c->last, r->ov[0]);
    if (!piece || py_list_append_steal(I, c->list, piece)) return -1;
    for (int g = 1; g <= r->p->groups; g++) {
        py_val v = group_val(I, r, g, PY_NONE);
        if (!v || py_list_append_steal(I, c->list, v)) return -1;
    }
    c->last = r->ov[1];
    return 0;
}

PYM_FN(p_split)
{
    static const char *const names[] = { "string", "maxsplit", NULL };
    py_val a[2];
    if (pym_parse(I, "split", args, nargs, kw, names, 1, a)) return PY_NULL;
    int64_t maxsplit = 0;
    if (a[1] && pym_arg_int(I, a[1], &maxsplit)) return PY_NULL;
    run r;
    if (run_init(I, &r, self, a[0], PY_NULL, PY_NULL)) { run_free(I, &r); return PY_NULL; }
    split_ctx c = { py_list_new(I, 0), 0 };
    int err = !c.list;
    if (!err && maxsplit >= 0 && walk(I, &r, maxsplit, split_cb, &c)) err = 1;
    if (!err) {
        py_val tail = subj_slice(I, &r.s, c.last, r.s.n);
        if (!tail || py_list_append_steal(I, c.list, tail)) err = 1;
    }
    run_free(I, &r);
    if (err) { py_xdecref(I, c.list); return PY_NULL; }
    return c.list;
}

/* ---- replacement templates ------------------------------------------------------------------------------- */
typedef struct tmpl_item { int group; size_t off, len; } tmpl_item;   /* group < 0: literal text */

typedef struct tmpl {
    sk_buf lit;               /* literal bytes */
    tmpl_item *items;
    size_t n, cap;
    int simple;               /* no group references */
} tmpl;

static void tmpl_free(py_interp *I, tmpl *t)
{
    sk_buf_free(&t->lit);
    if (t->items) py_free(I, t->items, t->cap * sizeof(tmpl_item));
}

static int tmpl_add(py_interp *I, tmpl *t, int group, const char *p, size_t n)
{
    if (group < 0 && t->n && t->items[t->n - 1].group < 0 && t->items[t->n - 1].off + t->items[t->n - 1].len == t->lit.len) {
        if (sk_buf_put(&t->lit, p, n)) { py_err_nomem(I); return -1; }
        t->items[t->n - 1].len += n;
        return 0;
    }
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 8;
        tmpl_item *ni = py_realloc(I, t->items, t->cap * sizeof(tmpl_item), nc * sizeof(tmpl_item));
        if (!ni) return -1;
        t->items = ni;
        t->cap = nc;
    }
    tmpl_item *it = &t->items[t->n++];
    it->group = group;
    it->off = t->lit.len;
    it->len = n;
    if (group < 0 && sk_buf_put(&t->lit, p, n)) { py_err_nomem(I); return -1; }
    if (group >= 0) t->simple = 0;
    return 0;
}

static int tmpl_error(py_interp *I, const char *msg, const char *arg, size_t pos, py_val repl)
{
    char full[200];
    snprintf(full, sizeof full, msg, arg);
    char buf[240];
    snprintf(buf, sizeof buf, "%s at position %zu", full, pos);
    pattern_error(I, buf, repl);
    return -1;
}

static int is_ident_start(unsigned char c) { return c == '_' || (c | 32) - 'a' < 26 || c >= 0x80; }

/* parse a replacement string the way re._parser.parse_template does */
static int tmpl_parse(py_interp *I, tmpl *t, repat *p, py_val repl)
{
    memset(t, 0, sizeof *t);
    sk_buf_init(&t->lit, I->alloc);
    t->simple = 1;
    const char *s;
    size_t n;
    if (py_is_str(repl)) { s = py_str_data(repl); n = py_str_len(repl); }
    else if (pym_bytes_like(I, repl, &s, &n)) return -1;
    int is_str = py_is_str(repl);
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != '\\') j++;
        if (j > i && tmpl_add(I, t, -1, s + i, j - i)) return -1;
        if (j >= n) break;
        size_t bs = j;
        size_t cpos = is_str ? py_utf8_count(s, bs) : bs;
        if (j + 1 >= n) return tmpl_error(I, "bad escape (end of pattern)%s", "", cpos, repl);
        char c = s[j + 1];
        i = j + 2;
        if (c == 'g') {
            if (i >= n || s[i] != '<') return tmpl_error(I, "missing <%s", "", cpos + 2, repl);
            size_t ns = i + 1, ne = ns;
            while (ne < n && s[ne] != '>') ne++;
            if (ne >= n) return tmpl_error(I, "missing >, unterminated name%s", "", cpos + 3, repl);
            if (ne == ns) return tmpl_error(I, "missing group name%s", "", cpos + 3, repl);
            char name[128];
            size_t nl = ne - ns < sizeof name - 1 ? ne - ns : sizeof name - 1;
            memcpy(name, s + ns, nl);
            name[nl] = 0;
            int group = -1;
            int alldig = 1;
            for (size_t k = 0; k < nl; k++) if (name[k] < '0' || name[k] > '9') alldig = 0;
            if (alldig) {
                long v = strtol(name, NULL, 10);
                if (v > p->groups || v > 10000) return tmpl_error(I, "invalid group reference %s", name, cpos + 3, repl);
                group = (int)v;
            } else {
                if (!is_ident_start((unsigned char)name[0])) return tmpl_error(I, "bad character in group name '%s'", name, cpos + 3, repl);
                for (size_t k = 1; k < nl; k++) {
                    unsigned char ch = (unsigned char)name[k];
                    if (!(is_ident_start(ch) || (ch >= '0' && ch <= '9')))
                        return tmpl_error(I, "bad character in group name '%s'", name, cpos + 3, repl);
                }
                py_val g = py_dict_get_c(I, p->groupindex, name);
                if (!g) {
                    char msg[200];
                    snprintf(msg, sizeof msg, "unknown group name '%s'", name);
                    py_err_str(I, PY_E_IndexError, msg);
                    return -1;
                }
                group = (int)py_int_val(g);
            }
            if (tmpl_add(I, t, group, NULL, 0)) return -1;
            i = ne + 1;
            continue;
        }
        if (c == '0') {
            /* octal: \0, \0o, \0oo */
            int v = 0, k = 0;
            while (k < 2 && i < n && s[i] >= '0' && s[i] <= '7') { v = v * 8 + (s[i] - '0'); i++; k++; }
            char out[4];
            int l = is_str ? py_utf8_encode((uint32_t)v, out) : (out[0] = (char)v, 1);
            if (tmpl_add(I, t, -1, out, (size_t)l)) return -1;
            continue;
        }
        if (c >= '1' && c <= '9') {
            int v = c - '0';
            /* three octal digits make a character */
            if (i + 1 < n && c <= '7' && s[i] >= '0' && s[i] <= '7' && s[i + 1] >= '0' && s[i + 1] <= '7') {
                int ov = (c - '0') * 64 + (s[i] - '0') * 8 + (s[i + 1] - '0');
                if (ov > 0377) {
                    char oct[8];
                    snprintf(oct, sizeof oct, "\\%c%c%c", c, s[i], s[i + 1]);
                    return tmpl_error(I, "octal escape value %s outside of range 0-0o377", oct, cpos, repl);
                }
                i += 2;
                char out[4];
                int l = is_str ? py_utf8_encode((uint32_t)ov, out) : (out[0] = (char)ov, 1);
                if (tmpl_add(I, t, -1, out, (size_t)l)) return -1;
                continue;
            }
            if (i < n && s[i] >= '0' && s[i] <= '9') { v = v * 10 + (s[i] - '0'); i++; }
            if (v > p->groups) {
                char num[8];
                snprintf(num, sizeof num, "%d", v);
                return tmpl_error(I, "invalid group reference %s", num, cpos + 1, repl);
            }
            if (tmpl_add(I, t, v, NULL, 0)) return -1;
            continue;
        }
        const char *rep = NULL;
        switch (c) {
        case 'a': rep = "\a"; break;
        case 'b': rep = "\b"; break;
        case 'f': rep = "\f"; break;
        case 'n': rep = "\n"; break;
        case 'r': rep = "\r"; break;
        case 't': rep = "\t"; break;
        case 'v': rep = "\v"; break;
        case '\\': rep = "\\"; break;
        default: break;
        }
        if (rep) { if (tmpl_add(I, t, -1, rep, 1)) return -1; continue; }
        if ((c | 32) >= 'a' && (c | 32) <= 'z') {
            char esc[4] = { '\\', c, 0, 0 };
            return tmpl_error(I, "bad escape %s", esc, cpos, repl);
        }
        /* an escaped non-letter stands for itself with its backslash */
        if (tmpl_add(I, t, -1, s + bs, 1)) return -1;
        i = bs + 1;
    }
    return 0;
}

static int tmpl_expand(py_interp *I, tmpl *t, run *r, sk_buf *out)
{
    for (size_t k = 0; k < t->n; k++) {
        tmpl_item *it = &t->items[k];
        if (it->group < 0) { if (sk_buf_put(out, t->lit.p + it->off, it->len)) { py_err_nomem(I); return -1; } continue; }
        size_t b = r->ov[2 * it->group], e = r->ov[2 * it->group + 1];
        if (b == RX_UNSET) continue;
        if (sk_buf_put(out, r->s.p + b, e - b)) { py_err_nomem(I); return -1; }
    }
    return 0;
}

/* ---- sub ------------------------------------------------------------------------------------------------- */
typedef struct sub_ctx {
    sk_buf out;
    size_t last;
    tmpl *t;
    py_val fn;                /* callable replacement */
    py_val patv;
    int64_t n;
} sub_ctx;

static int sub_cb(py_interp *I, run *r, void *ud)
{
    sub_ctx *c = ud;
    if (sk_buf_put(&c->out, r->s.p + c->last, r->ov[0] - c->last)) { py_err_nomem(I); return -1; }
    if (c->fn) {
        py_val m = make_match(I, r, c->patv);
        if (!m) return -1;
        py_val v = py_call1(I, c->fn, m);
        py_decref(I, m);
        if (!v) return -1;
        int rr = 0;
        if (r->s.bytes) {
            const char *p;
            size_t n;
            if (pym_bytes_like(I, v, &p, &n)) {
                py_err_clear(I);
                py_err_fmt(I, PY_E_TypeError, "expected a bytes-like object, %s found", py_type_name(I, v));
                rr = -1;
            } else if (sk_buf_put(&c->out, p, n)) { py_err_nomem(I); rr = -1; }
        } else if (!py_is_str(v)) {
            py_err_fmt(I, PY_E_TypeError, "expected str instance, %s found", py_type_name(I, v));
            rr = -1;
        } else if (py_buf_put_str(&c->out, v)) { py_err_nomem(I); rr = -1; }
        py_decref(I, v);
        if (rr) return -1;
    } else if (tmpl_expand(I, c->t, r, &c->out)) {
        return -1;
    }
    c->last = r->ov[1];
    c->n++;
    return 0;
}

static py_val do_sub(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw, const char *fname, int subn)
{
    static const char *const names[] = { "repl", "string", "count", NULL };
    py_val a[3];
    if (pym_parse(I, fname, args, nargs, kw, names, 2, a)) return PY_NULL;
    int64_t count = 0;
    if (a[2]) {
        if (py_is_float(a[2])) return py_err_str(I, PY_E_TypeError, "'float' object cannot be interpreted as an integer");
        if (!py_is_intlike(a[2]) && !py_typeof(I, a[2])->s.index)
            return py_err_fmt(I, PY_E_TypeError, "'%s' object cannot be interpreted as an integer", py_type_name(I, a[2]));
        if (py_index_i64(I, a[2], &count, 0)) {
            py_err_clear(I);
            count = py_int_sign(a[2]) < 0 ? -1 : INT64_MAX;
        }
    }
    repat *p = PAT(self);
    py_val repl = a[0];
    tmpl t;
    memset(&t, 0, sizeof t);
    int callable = 0;
    if (py_is_str(repl) || py_is_bytes(repl) || PY_IS(repl, BYTEARRAY)) {
        if (py_is_str(repl) == p->is_bytes) {
            if (p->is_bytes) return py_err_fmt(I, PY_E_TypeError, "expected a bytes-like object, %s found", py_type_name(I, repl));
            return py_err_fmt(I, PY_E_TypeError, "expected str instance, %s found", py_type_name(I, repl));
        }
        if (tmpl_parse(I, &t, p, repl)) { tmpl_free(I, &t); return PY_NULL; }
    } else if (py_callable(I, repl)) {
        callable = 1;
    } else {
        return py_err_fmt(I, PY_E_TypeError, "decoding to str: need a bytes-like object, %s found", py_type_name(I, repl));
    }
    run r;
    if (run_init(I, &r, self, a[1], PY_NULL, PY_NULL)) { run_free(I, &r); tmpl_free(I, &t); return PY_NULL; }
    sub_ctx c = { SK_BUF_INIT(I->alloc), 0, &t, callable ? repl : PY_NULL, self, 0 };
    int err = 0;
    if (count >= 0 && walk(I, &r, count, sub_cb, &c)) err = 1;
    if (!err && sk_buf_put(&c.out, r.s.p + c.last, r.s.n - c.last)) { py_err_nomem(I); err = 1; }
    run_free(I, &r);
    tmpl_free(I, &t);
    if (err) { sk_buf_free(&c.out); return PY_NULL; }
    py_val res;
    if (c.n == 0 && (py_is_str(a[1]) ? PY_OBJ(a[1])->type->id == PY_T_STR && !(PY_OBJ(a[1])->type->flags & PY_TF_HEAP)
                                     : py_is_bytes(a[1]) && PY_IS(a[1], BYTES))) {
        sk_buf_free(&c.out);
        res = py_newref(a[1]);
    } else if (p->is_bytes) {
        res = py_bytes_new(I, c.out.p ? c.out.p : "", c.out.len);
        sk_buf_free(&c.out);
    } else {
        res = py_str_from_buf(I, &c.out);
    }
    if (!res || !subn) return res;
    py_val tup = py_tuple_pack(I, 2, res, py_int_from_i64(I, c.n));
    py_decref(I, res);
    return tup;
}

PYM_FN(p_sub) { return do_sub(I, self, args, nargs, kw, "sub", 0); }
PYM_FN(p_subn) { return do_sub(I, self, args, nargs, kw, "subn", 1); }

PYM_FN(p_copy) { PYM_UNUSED; (void)I; return py_newref(self); }
PYM_FN(p_class_getitem) { (void)self; (void)nargs; (void)kw; return py_genericalias_new(I, self, args[0]); }

static const py_methoddef pat_methods[] = {
    { "match", p_match, PY_METH_KW }, { "fullmatch", p_fullmatch, PY_METH_KW }, { "search", p_search, PY_METH_KW },
    { "findall", p_findall, PY_METH_KW }, { "finditer", p_finditer, PY_METH_KW }, { "scanner", p_scanner, PY_METH_KW },
    { "split", p_split, PY_METH_KW }, { "sub", p_sub, PY_METH_KW }, { "subn", p_subn, PY_METH_KW },
    { "__copy__", p_copy, 0 }, { "__deepcopy__", p_copy, 0 }, { "__class_getitem__", p_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};
static const py_getsetdef pat_getsets[] = {
    { "pattern", pat_get_pattern, NULL }, { "flags", pat_get_flags, NULL }, { "groups", pat_get_groups, NULL },
    { "groupindex", pat_get_groupindex, NULL }, { NULL, NULL, NULL }
};
static const py_typedef pat_td = {
    .name = "Pattern", .qualname = "re.Pattern", .base = PY_T_OBJECT, .flags = PY_TF_NOINSTANCE,
    .basicsize = sizeof(repat),
    .slots = { .dealloc = pat_dealloc, .repr = pat_repr, .hash = pat_hash, .richcmp = pat_richcmp },
    .methods = pat_methods, .getsets = pat_getsets,
};

/* ---- Match ----------------------------------------------------------------------------------------------- */
static void m_dealloc(py_interp *I, py_obj *o)
{
    rematch *m = (rematch *)o;
    py_gc_untrack(I, o);
    if (m->bo) py_free(I, m->bo, sizeof(size_t) * 2 * (size_t)m->ng);
    if (m->co) py_free(I, m->co, sizeof(int64_t) * 2 * (size_t)m->ng);
    py_xdecref(I, m->string);
    py_xdecref(I, m->pattern);
    py_obj_free(I, o, o->type->basicsize);
}

static void m_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    rematch *m = (rematch *)o;
    if (m->pattern) visit(m->pattern, ctx);
}

/* the group number named by v (int or name); -1 with IndexError */
static int group_index(py_interp *I, rematch *m, py_val v)
{
    if (py_is_intlike(v) || py_is_bool(v)) {
        int64_t g;
        if (py_int_to_i64(I, v, &g)) { py_err_clear(I); g = -1; }
        if (g < 0 || g >= m->ng) { py_err_str(I, PY_E_IndexError, "no such group"); return -1; }
        return (int)g;
    }
    if (py_is_str(v)) {
        py_val g = py_dict_get(I, PAT(m->pattern)->groupindex, v);
        if (g) return (int)py_int_val(g);
        if (py_err_occurred(I)) return -1;
    }
    py_err_str(I, PY_E_IndexError, "no such group");
    return -1;
}

static py_val m_group_val(py_interp *I, rematch *m, int g, py_val dflt)
{
    if (m->bo[2 * g] == RX_UNSET) return py_newref(dflt);
    const char *p;
    size_t n;
    if (py_is_str(m->string)) { p = py_str_data(m->string); n = py_str_len(m->string); (void)n; return py_str_new(I, p + m->bo[2 * g], m->bo[2 * g + 1] - m->bo[2 * g]); }
    if (pym_bytes_like(I, m->string, &p, &n)) return PY_NULL;
    return py_bytes_new(I, p + m->bo[2 * g], m->bo[2 * g + 1] - m->bo[2 * g]);
}

PYM_FN(m_group)
{
    rematch *m = MAT(self);
    if (py_no_kw(I, "group", kw)) return PY_NULL;
    if (nargs == 0) return m_group_val(I, m, 0, PY_NONE);
    if (nargs == 1) {
        int g = group_index(I, m, args[0]);
        return g < 0 ? PY_NULL : m_group_val(I, m, g, PY_NONE);
    }
    py_val t = py_tuple_new(I, nargs);
    for (size_t i = 0; t && i < nargs; i++) {
        int g = group_index(I, m, args[i]);
        py_val v = g < 0 ? PY_NULL : m_group_val(I, m, g, PY_NONE);
        if (!v) { py_decref(I, t); return PY_NULL; }
        py_tuple_items(t)[i] = v;
    }
    return t;
}

static py_val m_getitem(py_interp *I, py_val self, py_val key)
{
    rematch *m = MAT(self);
    int g = group_index(I, m, key);
    return g < 0 ? PY_NULL : m_group_val(I, m, g, PY_NONE);
}

PYM_FN(m_groups)
{
    static const char *const names[] = { "default", NULL };
    py_val a[1];
    if (pym_parse(I, "groups", args, nargs, kw, names, 0, a)) return PY_NULL;
    rematch *m = MAT(self);
    py_val t = py_tuple_new(I, (size_t)(m->ng - 1));
    for (int g = 1; t && g < m->ng; g++) {
        py_val v = m_group_val(I, m, g, a[0] ? a[0] : PY_NONE);
        if (!v) { py_decref(I, t); return PY_NULL; }
        py_tuple_items(t)[g - 1] = v;
    }
    return t;
}

PYM_FN(m_groupdict)
{
    static const char *const names[] = { "default", NULL };
    py_val a[1];
    if (pym_parse(I, "groupdict", args, nargs, kw, names, 0, a)) return PY_NULL;
    rematch *m = MAT(self);
    py_val d = py_dict_new(I);
    size_t pos = 0;
    py_val k, v;
    py_val gi = PAT(m->pattern)->groupindex;
    while (d && py_dict_next(gi, &pos, &k, &v)) {
        py_val gv = m_group_val(I, m, (int)py_int_val(v), a[0] ? a[0] : PY_NONE);
        if (!gv || py_dict_set(I, d, k, gv)) { py_xdecref(I, gv); py_decref(I, d); return PY_NULL; }
        py_decref(I, gv);
    }
    return d;
}

static int pos_group(py_interp *I, rematch *m, const py_val *args, size_t nargs, py_val kw, const char *fname)
{
    if (py_args_range(I, fname, nargs, kw, 0, 1)) return -1;
    return nargs ? group_index(I, m, args[0]) : 0;
}

PYM_FN(m_start)
{
    rematch *m = MAT(self);
    int g = pos_group(I, m, args, nargs, kw, "start");
    return g < 0 ? PY_NULL : py_int_from_i64(I, m->co[2 * g]);
}
PYM_FN(m_end)
{
    rematch *m = MAT(self);
    int g = pos_group(I, m, args, nargs, kw, "end");
    return g < 0 ? PY_NULL : py_int_from_i64(I, m->co[2 * g + 1]);
}
PYM_FN(m_span)
{
    rematch *m = MAT(self);
    int g = pos_group(I, m, args, nargs, kw, "span");
    return g < 0 ? PY_NULL : py_tuple_pack(I, 2, py_int_from_i64(I, m->co[2 * g]), py_int_from_i64(I, m->co[2 * g + 1]));
}

PYM_FN(m_expand)
{
    if (py_args_exact(I, "expand", nargs, kw, 1)) return PY_NULL;
    rematch *m = MAT(self);
    repat *p = PAT(m->pattern);
    if (py_is_str(args[0]) == p->is_bytes) return py_err_fmt(I, PY_E_TypeError, "expected str instance, %s found", py_type_name(I, args[0]));
    tmpl t;
    if (tmpl_parse(I, &t, p, args[0])) { tmpl_free(I, &t); return PY_NULL; }
    run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    if (subj_init(I, &r.s, m->string, p->is_bytes)) { tmpl_free(I, &t); return PY_NULL; }
    r.ov = m->bo;
    r.nov = m->ng;
    sk_buf out = SK_BUF_INIT(I->alloc);
    int err = tmpl_expand(I, &t, &r, &out);
    tmpl_free(I, &t);
    if (err) { sk_buf_free(&out); return PY_NULL; }
    if (p->is_bytes) {
        py_val b = py_bytes_new(I, out.p ? out.p : "", out.len);
        sk_buf_free(&out);
        return b;
    }
    return py_str_from_buf(I, &out);
}

PYM_FN(m_copy) { PYM_UNUSED; (void)I; return py_newref(self); }

static py_val m_repr(py_interp *I, py_val self)
{
    rematch *m = MAT(self);
    py_val g = m_group_val(I, m, 0, PY_NONE);
    if (!g) return PY_NULL;
    py_val gr = py_repr(I, g);
    py_decref(I, g);
    if (!gr) return PY_NULL;
    py_val r = py_str_fmt(I, "<re.Match object; span=(%lld, %lld), match=%s>", (long long)m->co[0], (long long)m->co[1],
                          py_str_data(gr));
    py_decref(I, gr);
    return r;
}

static py_val m_get_string(py_interp *I, py_val self) { (void)I; return py_newref(MAT(self)->string); }
static py_val m_get_re(py_interp *I, py_val self) { (void)I; return py_newref(MAT(self)->pattern); }
static py_val m_get_pos(py_interp *I, py_val self) { return py_int_from_i64(I, MAT(self)->pos); }
static py_val m_get_endpos(py_interp *I, py_val self) { return py_int_from_i64(I, MAT(self)->endpos); }
static py_val m_get_lastindex(py_interp *I, py_val self)
{
    (void)I;
    return MAT(self)->lastindex < 0 ? PY_NONE : py_int_small(MAT(self)->lastindex);
}
static py_val m_get_lastgroup(py_interp *I, py_val self)
{
    rematch *m = MAT(self);
    if (m->lastindex < 0) return PY_NONE;
    size_t pos = 0;
    py_val k, v;
    while (py_dict_next(PAT(m->pattern)->groupindex, &pos, &k, &v))
        if (py_int_val(v) == m->lastindex) return py_newref(k);
    (void)I;
    return PY_NONE;
}
static py_val m_get_regs(py_interp *I, py_val self)
{
    rematch *m = MAT(self);
    py_val t = py_tuple_new(I, (size_t)m->ng);
    for (int g = 0; t && g < m->ng; g++) {
        py_val s = py_tuple_pack(I, 2, py_int_from_i64(I, m->co[2 * g]), py_int_from_i64(I, m->co[2 * g + 1]));
        if (!s) { py_decref(I, t); return PY_NULL; }
        py_tuple_items(t)[g] = s;
    }
    return t;
}

static const py_methoddef match_methods[] = {
    { "group", m_group, 0 }, { "groups", m_groups, PY_METH_KW }, { "groupdict", m_groupdict, PY_METH_KW },
    { "start", m_start, 0 }, { "end", m_end, 0 }, { "span", m_span, 0 }, { "expand", m_expand, 0 },
    { "__copy__", m_copy, 0 }, { "__deepcopy__", m_copy, 0 }, { "__class_getitem__", p_class_getitem, PY_METH_CLASS },
    { NULL, NULL, 0 }
};
static const py_getsetdef match_getsets[] = {
    { "string", m_get_string, NULL }, { "re", m_get_re, NULL }, { "pos", m_get_pos, NULL },
    { "endpos", m_get_endpos, NULL }, { "lastindex", m_get_lastindex, NULL }, { "lastgroup", m_get_lastgroup, NULL },
    { "regs", m_get_regs, NULL }, { NULL, NULL, NULL }
};
static const py_typedef match_td = {
    .name = "Match", .qualname = "re.Match", .base = PY_T_OBJECT, .flags = PY_TF_GC | PY_TF_NOINSTANCE,
    .basicsize = sizeof(rematch),
    .slots = { .dealloc = m_dealloc, .traverse = m_traverse, .repr = m_repr, .getitem = m_getitem },
    .methods = match_methods, .getsets = match_getsets,
};

static const py_methoddef re_fns[] = { { "compile", re_compile, 0 }, { NULL, NULL, 0 } };

int py_mod__re_init(py_interp *I, py_val mod);
int py_mod__re_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, re_fns)) return -1;
    if (!pym_type_add(I, mod, &pat_td, NULL) || !pym_type_add(I, mod, &match_td, NULL) ||
        !pym_type_add(I, mod, &finditer_td, NULL) || !pym_type_add(I, mod, &scanner_td, NULL))
        return -1;
    if (py_dict_set_c(I, py_module_dict(mod), "error", PY_VAL(PY_TYPE(I, PY_E_PatternError)))) return -1;
    return 0;
}
