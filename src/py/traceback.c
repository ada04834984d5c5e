/* traceback.c — formats an exception exactly as CPython 3.13+/3.14 prints
 * it: the frame lines, the source line, the caret line (anchored `~~^^`
 * for calls, binary operators and subscripts, found by re-parsing the
 * highlighted segment as CPython's traceback.py does), "[Previous line
 * repeated N more times]", chained exceptions and the final line.
 *
 * Must never: fail to produce *some* output (errors while formatting fall
 * back to plainer forms).
 */
#include <string.h>
#include <utf8proc.h>

#include "base/arena.h"
#include "base/stack.h"
#include "py/core.h"
#include "py/parser.h"

typedef struct line { const char *p; size_t n; } line;

/* the 1-based line `ln` of source */
static int get_line(py_val src, int ln, line *out)
{
    if (!src || ln < 1) return 0;
    const char *p = py_str_data(src), *end = p + py_str_len(src);
    for (int i = 1; i < ln; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return 0;
        p = nl + 1;
    }
    if (p >= end && ln > 1) return 0;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n && p[n - 1] == '\r') n--;
    out->p = p;
    out->n = n;
    return 1;
}

static size_t char_count(const char *p, size_t n) { return py_utf8_count(p, n); }

/* byte offset -> character offset within a line */
static size_t b2c(const char *p, size_t n, size_t off)
{
    if (off > n) off = n;
    return char_count(p, off);
}

/* character index -> byte offset */
static size_t c2b(const char *p, size_t n, size_t ci)
{
    size_t i = 0, k = 0;
    while (i < n && k < ci) {
        i++;
        while (i < n && ((unsigned char)p[i] & 0xC0) == 0x80) i++;
        k++;
    }
    return i;
}

static size_t display_width(const char *p, size_t n, size_t chars)
{
    size_t i = 0, k = 0, w = 0;
    while (i < n && k < chars) {
        uint32_t cp;
        py_utf8_decode(p, n, &i, &cp);
        int cw = cp < 128 ? 1 : utf8proc_charwidth((utf8proc_int32_t)cp);
        w += cw == 2 ? 2 : 1;
        k++;
    }
    return w + (chars > k ? chars - k : 0);
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\n' || c == '\r'; }

/* ---- anchors (traceback._extract_caret_anchors_from_line_segment) -------------------- */
typedef struct anchors { int ok; int left_line, left_col, right_line, right_col; char primary, secondary; } anchors;

typedef struct seglines { line l[64]; int n; } seglines;

static void split_lines(const char *p, size_t n, seglines *out)
{
    out->n = 0;
    size_t st = 0;
    for (size_t i = 0; i <= n && out->n < 64; i++) {
        if (i == n || p[i] == '\n') {
            out->l[out->n].p = p + st;
            out->l[out->n].n = i - st;
            out->n++;
            st = i + 1;
        }
    }
}

/* character-indexed helpers over the segment lines */
static size_t lchars(const seglines *s, int ln) { return char_count(s->l[ln].p, s->l[ln].n); }

static uint32_t char_at(const seglines *s, int ln, size_t ci)
{
    size_t off = c2b(s->l[ln].p, s->l[ln].n, ci), i = off;
    uint32_t cp = ' ';
    if (off < s->l[ln].n) py_utf8_decode(s->l[ln].p, s->l[ln].n, &i, &cp);
    return cp;
}

static int next_valid(const seglines *s, int *ln, size_t *col)
{
    while (*ln < s->n && *col >= lchars(s, *ln)) { *col = 0; (*ln)++; }
    return *ln < s->n;
}

static int increment_until(const seglines *s, int *ln, size_t *col, int (*stop)(uint32_t))
{
    for (;;) {
        if (!next_valid(s, ln, col)) return 0;
        uint32_t ch = char_at(s, *ln, *col);
        if (ch == '\\' || ch == '#') { *col = 0; (*ln)++; continue; }
        if (stop(ch)) return 1;
        (*col)++;
    }
}

static int stop_op(uint32_t c) { return !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') && c != ')'; }
static int stop_lbracket(uint32_t c) { return c == '['; }
static int stop_lparen(uint32_t c) { return c == '('; }

static void compute_anchors(py_interp *I, const char *seg, size_t segn, anchors *a)
{
    memset(a, 0, sizeof *a);
    sk_arena ar;
    sk_arena_init(&ar, I->alloc, 4096);
    sk_buf wrapped = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&wrapped, "(\n");
    sk_buf_put(&wrapped, seg, segn);
    sk_buf_puts(&wrapped, "\n)");
    py_syntax_error err;
    py_parse_opts po;
    memset(&po, 0, sizeof po);
    po.mode = PY_MODE_EXEC;
    po.stack_limit = I->stack_limit;
    py_mod *m = wrapped.p ? py_parse(&ar, wrapped.p, wrapped.len, &po, &err) : NULL;
    if (!m || m->v.module.body.n != 1 || m->v.module.body.items[0]->kind != PY_STMT_EXPR) goto out;
    py_expr *e = m->v.module.body.items[0]->v.expr.value;
    seglines sl;
    split_lines(seg, segn, &sl);
    a->primary = '~';
    a->secondary = '^';
    if (e->kind == PY_EXPR_BINOP) {
        py_expr *l = e->v.binop.left, *r = e->v.binop.right;
        int ln = l->end_lineno - 2;
        if (ln < 0 || ln >= sl.n) goto out;
        size_t col = b2c(sl.l[ln].p, sl.l[ln].n, (size_t)l->end_col_offset);
        if (!increment_until(&sl, &ln, &col, stop_op)) goto out;
        size_t right_col = col + 1;
        int rln = r->lineno - 2;
        size_t rcol = rln >= 0 && rln < sl.n ? b2c(sl.l[rln].p, sl.l[rln].n, (size_t)r->col_offset) : 0;
        if (right_col < lchars(&sl, ln) && (rln > ln || right_col < rcol)) {
            uint32_t ch = char_at(&sl, ln, right_col);
            if (!(ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v') && ch != '\\' && ch != '#')
                right_col++;
        }
        a->ok = 1;
        a->left_line = ln; a->left_col = (int)col;
        a->right_line = ln; a->right_col = (int)right_col;
    } else if (e->kind == PY_EXPR_SUBSCRIPT || e->kind == PY_EXPR_CALL) {
        py_expr *v = e->kind == PY_EXPR_SUBSCRIPT ? e->v.subscript.value : e->v.call.func;
        int ln = v->end_lineno - 2;
        if (ln < 0 || ln >= sl.n) goto out;
        size_t col = b2c(sl.l[ln].p, sl.l[ln].n, (size_t)v->end_col_offset);
        if (!increment_until(&sl, &ln, &col, e->kind == PY_EXPR_SUBSCRIPT ? stop_lbracket : stop_lparen)) goto out;
        int rln = e->end_lineno - 2;
        if (rln < 0 || rln >= sl.n) goto out;
        size_t rcol = b2c(sl.l[rln].p, sl.l[rln].n, (size_t)e->end_col_offset);
        a->ok = 1;
        a->left_line = ln; a->left_col = (int)col;
        a->right_line = rln; a->right_col = (int)rcol;
    }
out:
    sk_buf_free(&wrapped);
    sk_arena_free(&ar);
}

/* traceback.StackSummary._should_show_carets, minus the anchor check */
static int spawns_full_line(py_interp *I, const char *text, size_t n, int nlines, size_t start_off, size_t end_off)
{
    sk_arena ar;
    sk_arena_init(&ar, I->alloc, 4096);
    py_syntax_error err;
    py_parse_opts po;
    memset(&po, 0, sizeof po);
    po.stack_limit = I->stack_limit;
    int full = 0;
    py_mod *m = py_parse(&ar, text, n, &po, &err);
    if (m && m->v.module.body.n) {
        py_stmt *s = m->v.module.body.items[0];
        py_expr *v = NULL;
        if (s->kind == PY_STMT_RETURN && s->v.return_.value && s->v.return_.value->kind == PY_EXPR_CALL &&
            s->v.return_.value->v.call.func->kind == PY_EXPR_NAME)
            v = s->v.return_.value;
        else if (s->kind == PY_STMT_ASSIGN && s->v.assign.value->kind == PY_EXPR_CALL && s->v.assign.targets.n == 1 &&
                 s->v.assign.targets.items[0]->kind == PY_EXPR_NAME)
            v = s->v.assign.value;
        if (v) {
            /* columns of the parsed text are byte offsets into its lines */
            seglines sl;
            split_lines(text, n, &sl);
            int first = v->lineno - 1, last = v->end_lineno - 1;
            if (first == 0 && last == nlines - 1 && last < sl.n) {
                size_t c0 = b2c(sl.l[0].p, sl.l[0].n, (size_t)v->col_offset);
                size_t c1 = b2c(sl.l[last].p, sl.l[last].n, (size_t)v->end_col_offset);
                if (c0 == start_off && c1 == end_off) full = 1;
            }
        }
    }
    sk_arena_free(&ar);
    return full;
}

/* ---- one frame ------------------------------------------------------------------------ */
static void format_frame(py_interp *I, sk_buf *out, py_code *co, py_srcpos pos, const char *fname)
{
    sk_buf_printf(out, "  File \"%s\", line %d, in %s\n", py_str_data(co->filename), pos.line, fname);
    line first;
    /* CPython cannot read a program from stdin a second time, so its
     * traceback has no source lines for "<stdin>" */
    if (!strcmp(py_str_data(co->filename), "<stdin>")) return;
    if (!get_line(co->source, pos.line, &first)) return;
    if (I->tb_plain) {
        /* CPython 3.13's C-level printer (unraisable exceptions): the
         * stripped line, no carets */
        size_t a = 0, b = first.n;
        while (a < b && is_ws(first.p[a])) a++;
        while (b > a && is_ws(first.p[b - 1])) b--;
        if (b > a) { sk_buf_puts(out, "    "); sk_buf_put(out, first.p + a, b - a); sk_buf_putc(out, '\n'); }
        return;
    }
    int nl = pos.end_line >= pos.line ? pos.end_line - pos.line + 1 : 1;
    if (nl > 64) nl = 64;
    line orig[64];
    int have = 0;
    for (int i = 0; i < nl; i++) {
        if (!get_line(co->source, pos.line + i, &orig[i])) break;
        have++;
    }
    if (!have) return;
    nl = have;
    /* any non-blank text? */
    int blank = 1;
    for (int i = 0; i < nl && blank; i++)
        for (size_t k = 0; k < orig[i].n; k++) if (!is_ws(orig[i].p[k])) { blank = 0; break; }
    if (blank) return;
    if (pos.col < 0 || pos.end_col < 0) {
        size_t a = 0, b = first.n;
        while (a < b && is_ws(first.p[a])) a++;
        while (b > a && is_ws(first.p[b - 1])) b--;
        sk_buf_puts(out, "    ");
        sk_buf_put(out, first.p + a, b - a);
        sk_buf_putc(out, '\n');
        return;
    }
    /* dedent: common leading whitespace of non-blank lines */
    size_t common = (size_t)-1;
    for (int i = 0; i < nl; i++) {
        size_t k = 0;
        while (k < orig[i].n && (orig[i].p[k] == ' ' || orig[i].p[k] == '\t')) k++;
        if (k == orig[i].n) continue;
        if (common == (size_t)-1) common = k;
        else {
            size_t m = 0;
            while (m < common && m < k && orig[i].p[m] == orig[0].p[m < orig[0].n ? m : 0]) m++;
            if (k < common) common = k;
            if (m < common) common = m;
        }
    }
    if (common == (size_t)-1) common = 0;
    line ded[64];
    for (int i = 0; i < nl; i++) {
        size_t k = 0;
        while (k < common && k < orig[i].n && (orig[i].p[k] == ' ' || orig[i].p[k] == '\t')) k++;
        ded[i].p = orig[i].p + k;
        ded[i].n = orig[i].n - k;
    }
    line lastl = orig[nl - 1];
    size_t start_off = b2c(first.p, first.n, (size_t)pos.col);
    size_t end_off = b2c(lastl.p, lastl.n, (size_t)pos.end_col);
    size_t dedent_chars = char_count(first.p, first.n) - char_count(ded[0].p, ded[0].n);
    start_off = start_off > dedent_chars ? start_off - dedent_chars : 0;
    if (nl == 1) end_off = end_off > dedent_chars ? end_off - dedent_chars : 0;
    else {
        size_t dl = char_count(lastl.p, lastl.n) - char_count(ded[nl - 1].p, ded[nl - 1].n);
        (void)dl;
        end_off = end_off > dedent_chars ? end_off - dedent_chars : 0;
    }
    size_t dp_start = display_width(ded[0].p, ded[0].n, start_off);
    size_t dp_end = display_width(ded[nl - 1].p, ded[nl - 1].n, end_off);
    /* the highlighted segment */
    sk_buf joined = SK_BUF_INIT(I->alloc);
    for (int i = 0; i < nl; i++) {
        if (i) sk_buf_putc(&joined, '\n');
        sk_buf_put(&joined, ded[i].p, ded[i].n);
    }
    size_t jn = joined.len;
    size_t seg_a = c2b(ded[0].p, ded[0].n, start_off);
    size_t last_chars = char_count(ded[nl - 1].p, ded[nl - 1].n);
    size_t tail_chars = last_chars > end_off ? last_chars - end_off : 0;
    size_t tail_bytes = ded[nl - 1].n - c2b(ded[nl - 1].p, ded[nl - 1].n, last_chars - tail_chars);
    size_t seg_b = jn >= tail_bytes ? jn - tail_bytes : 0;
    anchors an;
    memset(&an, 0, sizeof an);
    if (seg_b > seg_a && joined.p) compute_anchors(I, joined.p + seg_a, seg_b - seg_a, &an);
    int show = 0;
    if (joined.p && spawns_full_line(I, joined.p, jn, nl, start_off, end_off)) show = 0;
    else if (an.ok) show = 1;
    else {
        size_t k = 0, ab = c2b(ded[0].p, ded[0].n, start_off);
        while (k < ab && is_ws(ded[0].p[k])) k++;
        if (k < ab) show = 1;
        size_t eb = c2b(ded[nl - 1].p, ded[nl - 1].n, end_off);
        for (size_t j = eb; j < ded[nl - 1].n; j++) if (!is_ws(ded[nl - 1].p[j])) { show = 1; break; }
    }
    sk_buf_free(&joined);
    /* anchor offsets relative to the dedented lines */
    size_t al_off = 0, ar_off = 0;
    char primary = '^', secondary = '^';
    if (an.ok) {
        al_off = (size_t)an.left_col;
        ar_off = (size_t)an.right_col;
        if (an.left_line == 0) al_off += start_off;
        if (an.right_line == 0) ar_off += start_off;
        if (an.left_line < nl) al_off = display_width(ded[an.left_line].p, ded[an.left_line].n, al_off);
        if (an.right_line < nl) ar_off = display_width(ded[an.right_line].p, ded[an.right_line].n, ar_off);
        primary = an.primary;
        secondary = an.secondary;
    }
    /* significant lines */
    int sig[64];
    int nsig = 0;
    for (int i = 0; i < nl; i++) {
        int s = i == 0 || i == nl - 1;
        if (an.ok && ((i >= an.left_line - 1 && i <= an.left_line + 1) || (i >= an.right_line - 1 && i <= an.right_line + 1))) s = 1;
        if (s) sig[nsig++] = i;
    }
    sk_buf res = SK_BUF_INIT(I->alloc);
    for (int si = 0; si < nsig; si++) {
        int ln = sig[si];
        if (si) {
            int diff = ln - sig[si - 1];
            if (diff == 2) goto emit_between;
            if (diff > 2) sk_buf_printf(&res, "...<%d lines>...\n", diff - 1);
        }
        if (0) {
        emit_between:;
            int mid = ln - 1;
            sk_buf_put(&res, ded[mid].p, ded[mid].n);
            sk_buf_putc(&res, '\n');
            if (show) {
                size_t sp = 0;
                while (sp < ded[mid].n && (ded[mid].p[sp] == ' ' || ded[mid].p[sp] == '\t')) sp++;
                size_t nc = display_width(ded[mid].p, ded[mid].n, char_count(ded[mid].p, ded[mid].n));
                for (size_t col = 0; col < nc; col++) {
                    char ch;
                    if (col < sp) ch = ' ';
                    else if (an.ok && (mid > an.left_line || (mid == an.left_line && col >= al_off)) &&
                             (mid < an.right_line || (mid == an.right_line && col < ar_off))) ch = secondary;
                    else ch = primary;
                    sk_buf_putc(&res, ch);
                }
                sk_buf_putc(&res, '\n');
            }
        }
        sk_buf_put(&res, ded[ln].p, ded[ln].n);
        sk_buf_putc(&res, '\n');
        if (!show) continue;
        size_t sp = 0;
        while (sp < ded[ln].n && (ded[ln].p[sp] == ' ' || ded[ln].p[sp] == '\t')) sp++;
        size_t nc = ln == nl - 1 ? dp_end : display_width(ded[ln].p, ded[ln].n, char_count(ded[ln].p, ded[ln].n));
        for (size_t col = 0; col < nc; col++) {
            char ch;
            if (col < sp || (ln == 0 && col < dp_start)) ch = ' ';
            else if (an.ok && (ln > an.left_line || (ln == an.left_line && col >= al_off)) &&
                     (ln < an.right_line || (ln == an.right_line && col < ar_off))) ch = secondary;
            else ch = primary;
            sk_buf_putc(&res, ch);
        }
        sk_buf_putc(&res, '\n');
    }
    /* textwrap.dedent the block, then indent by four spaces */
    const char *rp = res.p ? res.p : "";
    size_t rn = res.len;
    size_t dcommon = (size_t)-1;
    for (size_t i = 0; i < rn;) {
        size_t e = i;
        while (e < rn && rp[e] != '\n') e++;
        size_t k = i;
        while (k < e && (rp[k] == ' ' || rp[k] == '\t')) k++;
        if (k < e) {
            size_t w = k - i;
            if (w < dcommon) dcommon = w;
        }
        i = e + 1;
    }
    if (dcommon == (size_t)-1) dcommon = 0;
    for (size_t i = 0; i < rn;) {
        size_t e = i;
        while (e < rn && rp[e] != '\n') e++;
        size_t k = i;
        while (k < e && (rp[k] == ' ' || rp[k] == '\t')) k++;
        sk_buf_puts(out, "    ");
        if (k < e) sk_buf_put(out, rp + i + dcommon, e - i - dcommon);
        sk_buf_putc(out, '\n');
        i = e + 1;
    }
    sk_buf_free(&res);
}

/* ---- whole exceptions ------------------------------------------------------------------ */
/* CPython's ". Did you mean: 'x'?" (suggest.c): NameError's hint was
 * worked out when it was raised (the frame is gone now); AttributeError's
 * comes from dir(obj) — only for objects whose __dir__ is built in, so
 * printing a traceback never runs user code for it. */
static void append_hint(py_interp *I, sk_buf *out, py_val exc)
{
    py_exc *e = PY_EXC(exc);
    if (py_isinstance_t(I, exc, PY_TYPE(I, PY_E_NameError))) {
        /* e->extra: (closest name or None, names a standard module); the
         * closest name needs the traceback's frame, as in CPython (so
         * format_exception_only has only the import hint) */
        py_val name = e->dict && py_is_dict(e->dict) ? py_dict_get_c(I, e->dict, "name") : PY_NULL;
        if (!e->extra || !PY_IS(e->extra, TUPLE) || PY_TUPLE(e->extra)->n != 2 || !name || !py_is_str(name)) {
            py_err_clear(I);
            return;
        }
        py_val best = PY_TUPLE(e->extra)->items[0];
        int mod = PY_TUPLE(e->extra)->items[1] == PY_TRUE;
        if (e->tb && py_is_str(best)) {
            sk_buf_printf(out, ". Did you mean: '%s'?", py_str_data(best));
            if (mod) sk_buf_printf(out, " Or did you forget to import '%s'?", py_str_data(name));
        } else if (mod) {
            sk_buf_printf(out, ". Did you forget to import '%s'?", py_str_data(name));
        }
        return;
    }
    if (!py_isinstance_t(I, exc, PY_TYPE(I, PY_E_AttributeError)) || !e->dict || !py_is_dict(e->dict)) return;
    py_val name = py_dict_get_c(I, e->dict, "name"), obj = py_dict_get_c(I, e->dict, "obj");
    if (!name || !py_is_str(name) || !obj || obj == PY_NONE) { py_err_clear(I); return; }
    py_val k = py_intern(I, "__dir__");
    py_val dirm = k ? py_type_lookup(I, py_typeof(I, obj), k) : PY_NULL;
    py_xdecref(I, k);
    if (!dirm || PY_IS(dirm, FUNCTION)) { py_err_clear(I); return; }
    k = py_intern(I, "dir");
    py_val bdir = k ? py_builtins_lookup(I, k) : PY_NULL;
    py_xdecref(I, k);
    py_val l = bdir ? py_call1(I, bdir, obj) : PY_NULL;
    if (!l || !py_is_list(l)) { py_xdecref(I, l); py_err_clear(I); return; }
    /* private names are candidates only for a private name */
    py_list *lst = PY_LIST(l);
    py_val *cands = lst->n ? py_alloc(I, lst->n * sizeof(py_val)) : PY_NULL;
    size_t n = 0;
    int priv = py_str_data(name)[0] == '_';
    for (size_t i = 0; cands && i < lst->n; i++) {
        py_val c = lst->items[i];
        if (py_is_str(c) && (priv || py_str_data(c)[0] != '_')) cands[n++] = c;
    }
    py_val best = cands ? py_suggest_pick(name, cands, n) : PY_NULL;
    if (best) sk_buf_printf(out, ". Did you mean: '%s'?", py_str_data(best));
    if (cands) py_free(I, cands, lst->n * sizeof(py_val));
    py_decref(I, l);
    py_err_clear(I);
}

static void format_final_line(py_interp *I, sk_buf *out, py_val exc)
{
    py_type *t = py_typeof(I, exc);
    const char *qn = t->qualname && (t->flags & PY_TF_HEAP) ? py_str_data(t->qualname) : py_type_qualname(t);
    const char *mod = NULL;
    py_val modv = PY_NULL;
    if (t->flags & PY_TF_HEAP) {
        modv = t->dict && py_is_dict(t->dict) ? py_dict_get(I, t->dict, PY_ID(I, __module__)) : PY_NULL;
        if (!modv) modv = t->module;
        if (modv && py_is_str(modv)) mod = py_str_data(modv);
    }
    if (mod && strcmp(mod, "__main__") && strcmp(mod, "builtins")) sk_buf_printf(out, "%s.%s", mod, qn);
    else sk_buf_puts(out, qn);
    if (py_is_exc(exc) && py_isinstance_t(I, exc, PY_TYPE(I, PY_E_SyntaxError))) {
        /* handled by format_syntax_error */
    }
    py_val s = py_str(I, exc);
    if (!s) {
        py_err_clear(I);
        sk_buf_puts(out, ": <exception str() failed>\n");
        return;
    }
    if (py_str_len(s)) {
        sk_buf_puts(out, ": ");
        py_buf_put_str(out, s);
    }
    py_decref(I, s);
    if (py_is_exc(exc)) append_hint(I, out, exc);
    sk_buf_putc(out, '\n');
    /* notes */
    if (py_is_exc(exc) && PY_EXC(exc)->dict) {
        py_val notes = py_dict_get_c(I, PY_EXC(exc)->dict, "__notes__");
        if (notes && py_is_list(notes)) {
            for (size_t i = 0; i < PY_LIST(notes)->n; i++) {
                py_val n = PY_LIST(notes)->items[i];
                if (py_is_str(n)) { py_buf_put_str(out, n); sk_buf_putc(out, '\n'); }
                else {
                    py_val r = py_repr(I, n);
                    if (r) { py_buf_put_str(out, r); py_decref(I, r); sk_buf_putc(out, '\n'); }
                    else py_err_clear(I);
                }
            }
        }
    }
}

static py_val exc_attr(py_interp *I, py_val exc, const char *name)
{
    if (!PY_EXC(exc)->dict) return PY_NULL;
    return py_dict_get_c(I, PY_EXC(exc)->dict, name);
}

static void format_syntax_error(py_interp *I, sk_buf *out, py_val exc)
{
    py_val fn = exc_attr(I, exc, "filename"), ln = exc_attr(I, exc, "lineno");
    py_val text = exc_attr(I, exc, "text"), off = exc_attr(I, exc, "offset");
    py_val eln = exc_attr(I, exc, "end_lineno"), eoff = exc_attr(I, exc, "end_offset");
    py_val msg = exc_attr(I, exc, "msg");
    const char *suffix = NULL;
    if (ln && py_is_int(ln)) {
        sk_buf_printf(out, "  File \"%s\", line %lld\n", fn && py_is_str(fn) ? py_str_data(fn) : "<string>",
                      (long long)py_int_val(ln));
    } else if (fn && py_is_str(fn)) {
        suffix = py_str_data(fn);
    }
    if (text && py_is_str(text)) {
        const char *t = py_str_data(text);
        size_t tn = py_str_len(text);
        size_t rn = tn;
        while (rn && t[rn - 1] == '\n') rn--;
        size_t sp = 0;
        while (sp < rn && (t[sp] == ' ' || t[sp] == '\n' || t[sp] == '\f')) sp++;
        const char *lt = t + sp;
        size_t ltn = rn - sp;
        size_t rchars = char_count(t, rn), spaces = sp;
        if (!off || !py_is_int(off)) {
            sk_buf_puts(out, "    ");
            sk_buf_put(out, lt, ltn);
            sk_buf_putc(out, '\n');
        } else {
            int64_t offset = py_int_val(off), end_offset;
            size_t tchars = char_count(t, tn);
            if (ln && eln && py_is_int(eln) && py_int_val(ln) == py_int_val(eln))
                end_offset = eoff && py_is_int(eoff) && py_int_val(eoff) != 0 ? py_int_val(eoff) : offset;
            else end_offset = (int64_t)rchars + 1;
            if (offset > (int64_t)tchars) offset = (int64_t)rchars + 1;
            if (end_offset > (int64_t)tchars) end_offset = (int64_t)rchars + 1;
            if (offset >= end_offset || end_offset < 0) end_offset = offset + 1;
            int64_t colno = offset - 1 - (int64_t)spaces, end_colno = end_offset - 1 - (int64_t)spaces;
            sk_buf_puts(out, "    ");
            sk_buf_put(out, lt, ltn);
            sk_buf_putc(out, '\n');
            if (colno >= 0) {
                sk_buf_puts(out, "    ");
                size_t i = 0;
                for (int64_t k = 0; k < colno; k++) {
                    uint32_t cp = ' ';
                    if (i < ltn) py_utf8_decode(lt, ltn, &i, &cp);
                    sk_buf_putc(out, (cp == '\t' || cp == '\f' || cp == '\v') ? (char)cp : ' ');
                }
                for (int64_t k = colno; k < end_colno; k++) sk_buf_putc(out, '^');
                sk_buf_putc(out, '\n');
            }
        }
    }
    py_type *t = py_typeof(I, exc);
    sk_buf_puts(out, t->name);
    sk_buf_puts(out, ": ");
    if (msg && py_is_str(msg) && py_str_len(msg)) py_buf_put_str(out, msg);
    else sk_buf_puts(out, "<no detail available>");
    if (suffix) sk_buf_printf(out, " (%s)", suffix);
    sk_buf_putc(out, '\n');
}

#define CUTOFF 3

static void format_tb(py_interp *I, sk_buf *out, py_tb *tb, const char *header)
{
    /* tb is newest first: collect into an array, oldest first */
    size_t n = 0;
    for (py_tb *t = tb; t; t = t->next) n++;
    if (!n) return;
    py_tb **arr = py_alloc(I, n * sizeof(py_tb *));
    if (!arr) { py_err_clear(I); return; }
    size_t k = 0;
    for (py_tb *t = tb; t; t = t->next) arr[k++] = t;
    sk_buf_puts(out, header);
    py_val last_file = PY_NULL;
    int last_line = -1;
    py_val last_name = PY_NULL;
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        py_tb *t = arr[i];
        py_srcpos pos = py_code_pos(t->code, t->ip);
        py_val name = t->name ? t->name : t->code->name;
        if (!last_file || !py_str_eq(last_file, t->code->filename) || last_line != pos.line || !py_str_eq(last_name, name)) {
            if (count > CUTOFF) {
                int c = count - CUTOFF;
                sk_buf_printf(out, "  [Previous line repeated %d more time%s]\n", c, c > 1 ? "s" : "");
            }
            last_file = t->code->filename;
            last_line = pos.line;
            last_name = name;
            count = 0;
        }
        count++;
        if (count > CUTOFF) continue;
        format_frame(I, out, t->code, pos, py_str_data(name));
    }
    if (count > CUTOFF) {
        int c = count - CUTOFF;
        sk_buf_printf(out, "  [Previous line repeated %d more time%s]\n", c, c > 1 ? "s" : "");
    }
    py_free(I, arr, n * sizeof(py_tb *));
}

/* ---- chains and exception groups -------------------------------------------------------
 * As traceback.py's TracebackException (compact, max_group_width 15,
 * max_group_depth 10): a tree of nodes is built first, breadth by an explicit
 * stack, with a "seen" set so every exception is shown once; then printed,
 * group members inside "|"-margined boxes. */
#define GROUP_WIDTH 15
#define GROUP_DEPTH 10

typedef struct te_node {
    py_val exc;                      /* a reference is held while formatting */
    struct te_node *cause, *context;
    struct te_node **subs;
    size_t nsubs;
    int is_group;
} te_node;

typedef struct te_ctx {
    py_interp *I;
    sk_arena ar;
    uintptr_t *seen;                 /* open-addressing set of object addresses */
    size_t seen_n, seen_cap;
    te_node **held;                  /* every node, to drop the references */
    size_t nheld, capheld;
    int depth;                       /* exception_group_depth */
    int need_close;
    int failed;
} te_ctx;

static int seen_has(te_ctx *c, py_val v)
{
    if (!c->seen_cap) return 0;
    uintptr_t k = (uintptr_t)PY_OBJ(v);
    size_t m = c->seen_cap - 1, i = (size_t)(k >> 4) & m;
    while (c->seen[i]) { if (c->seen[i] == k) return 1; i = (i + 1) & m; }
    return 0;
}

static int seen_add(te_ctx *c, py_val v)
{
    if (seen_has(c, v)) return 0;
    if ((c->seen_n + 1) * 2 > c->seen_cap) {
        size_t cap = c->seen_cap ? c->seen_cap * 2 : 64;
        uintptr_t *t = sk_arena_zalloc(&c->ar, cap * sizeof(uintptr_t));
        if (!t) return -1;
        for (size_t j = 0; j < c->seen_cap; j++) {
            uintptr_t k = c->seen[j];
            if (!k) continue;
            size_t i = (size_t)(k >> 4) & (cap - 1);
            while (t[i]) i = (i + 1) & (cap - 1);
            t[i] = k;
        }
        c->seen = t;
        c->seen_cap = cap;
    }
    uintptr_t k = (uintptr_t)PY_OBJ(v);
    size_t m = c->seen_cap - 1, i = (size_t)(k >> 4) & m;
    while (c->seen[i]) i = (i + 1) & m;
    c->seen[i] = k;
    c->seen_n++;
    return 0;
}

static te_node *te_new(te_ctx *c, py_val exc)
{
    te_node *n = sk_arena_zalloc(&c->ar, sizeof(te_node));
    if (!n || seen_add(c, exc)) return NULL;
    if (c->nheld == c->capheld) {
        size_t cap = c->capheld ? c->capheld * 2 : 32;
        te_node **h = sk_arena_alloc(&c->ar, cap * sizeof(te_node *));
        if (!h) return NULL;
        if (c->nheld) memcpy(h, c->held, c->nheld * sizeof(te_node *));
        c->held = h;
        c->capheld = cap;
    }
    c->held[c->nheld++] = n;
    n->exc = py_newref(exc);
    /* CPython's C-level printer (unraisable exceptions) shows a group as a plain exception */
    n->is_group = !c->I->tb_plain && py_is_exc(exc) && py_isinstance_t(c->I, exc, PY_TYPE(c->I, PY_E_BaseExceptionGroup));
    return n;
}

static te_node *te_build(te_ctx *c, py_val exc)
{
    te_node *root = te_new(c, exc);
    if (!root) return NULL;
    size_t cap = 64, n = 0;
    te_node **stack = sk_arena_alloc(&c->ar, cap * sizeof(te_node *));
    if (!stack) return NULL;
    stack[n++] = root;
    while (n) {
        te_node *t = stack[--n];
        if (!py_is_exc(t->exc)) continue;
        py_exc *e = PY_EXC(t->exc);
        if (e->cause && py_is_exc(e->cause) && !seen_has(c, e->cause)) {
            if (!(t->cause = te_new(c, e->cause))) return NULL;
        }
        if (!t->cause && !e->suppress_context && e->context && py_is_exc(e->context) && !seen_has(c, e->context)) {
            if (!(t->context = te_new(c, e->context))) return NULL;
        }
        py_val ex = t->is_group ? e->extra : PY_NULL;
        if (ex && py_is_tuple(ex) && py_tuple_len(ex)) {
            t->nsubs = py_tuple_len(ex);
            t->subs = sk_arena_alloc(&c->ar, t->nsubs * sizeof(te_node *));
            if (!t->subs) return NULL;
            for (size_t i = 0; i < t->nsubs; i++)
                if (!(t->subs[i] = te_new(c, py_tuple_items(ex)[i]))) return NULL;
        }
        size_t need = n + 2 + t->nsubs;
        if (need > cap) {
            size_t nc = cap;
            while (nc < need) nc *= 2;
            te_node **ns = sk_arena_alloc(&c->ar, nc * sizeof(te_node *));
            if (!ns) return NULL;
            memcpy(ns, stack, n * sizeof(te_node *));
            stack = ns;
            cap = nc;
        }
        if (t->cause) stack[n++] = t->cause;
        if (t->context) stack[n++] = t->context;
        for (size_t i = 0; i < t->nsubs; i++) stack[n++] = t->subs[i];
    }
    return root;
}

/* textwrap.indent(text, indent + margin + ' ', lambda line: True) */
static void te_emit(te_ctx *c, sk_buf *out, const char *p, size_t n, char margin)
{
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && p[e] != '\n') e++;
        if (e < n) e++;
        for (int k = 0; k < c->depth; k++) sk_buf_puts(out, "  ");
        if (c->depth) { sk_buf_putc(out, margin ? margin : '|'); sk_buf_putc(out, ' '); }
        sk_buf_put(out, p + i, e - i);
        i = e;
    }
}

static void te_emit_s(te_ctx *c, sk_buf *out, const char *s, char margin) { te_emit(c, out, s, strlen(s), margin); }

static void te_exception_only(te_ctx *c, sk_buf *out, py_val exc)
{
    py_interp *I = c->I;
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (!py_is_exc(exc)) {
        sk_buf_puts(&b, py_type_name(I, exc));
        sk_buf_putc(&b, '\n');
    } else if (py_isinstance_t(I, exc, PY_TYPE(I, PY_E_SyntaxError)) && exc_attr(I, exc, "msg")) {
        format_syntax_error(I, &b, exc);
    } else {
        format_final_line(I, &b, exc);
    }
    te_emit(c, out, b.p ? b.p : "", b.len, 0);
    sk_buf_free(&b);
}

static void te_stack(te_ctx *c, sk_buf *out, py_val exc, const char *header, char margin)
{
    if (!py_is_exc(exc) || !PY_EXC(exc)->tb) return;
    sk_buf b = SK_BUF_INIT(c->I->alloc);
    format_tb(c->I, &b, PY_EXC(exc)->tb, "");
    te_emit_s(c, out, header, margin);
    te_emit(c, out, b.p ? b.p : "", b.len, 0);
    sk_buf_free(&b);
}

static void te_format(te_ctx *c, sk_buf *out, te_node *te)
{
    if (sk_stack_low(c->I->stack_limit)) return;
    size_t n = 0;
    for (te_node *x = te; x; x = x->cause ? x->cause : x->context) n++;
    te_node **chain = sk_arena_alloc(&c->ar, n * sizeof(te_node *));
    if (!chain) { c->failed = 1; return; }
    n = 0;
    for (te_node *x = te; x; x = x->cause ? x->cause : x->context) chain[n++] = x;
    for (size_t k = n; k-- > 0;) {
        te_node *x = chain[k];
        if (k < n - 1) {
            te_node *owner = chain[k];
            te_emit_s(c, out, owner->cause ? "\nThe above exception was the direct cause of the following exception:\n\n"
                                            : "\nDuring handling of the above exception, another exception occurred:\n\n", 0);
        }
        if (!x->is_group) {
            te_stack(c, out, x->exc, "Traceback (most recent call last):\n", 0);
            te_exception_only(c, out, x->exc);
            continue;
        }
        if (c->depth > GROUP_DEPTH) {
            char msg[64];
            snprintf(msg, sizeof msg, "... (max_group_depth is %d)\n", GROUP_DEPTH);
            te_emit_s(c, out, msg, 0);
            continue;
        }
        int top = c->depth == 0;
        if (top) c->depth++;
        te_stack(c, out, x->exc, "Exception Group Traceback (most recent call last):\n", top ? '+' : 0);
        te_exception_only(c, out, x->exc);
        size_t num = x->nsubs, m = num <= GROUP_WIDTH ? num : GROUP_WIDTH + 1;
        c->need_close = 0;
        for (size_t i = 0; i < m; i++) {
            int last = i == m - 1;
            if (last) c->need_close = 1;
            int truncated = i >= GROUP_WIDTH;
            for (int d = 0; d < c->depth; d++) sk_buf_puts(out, "  ");
            if (truncated) sk_buf_printf(out, "%s+---------------- ... ----------------\n", i == 0 ? "+-" : "  ");
            else sk_buf_printf(out, "%s+---------------- %zu ----------------\n", i == 0 ? "+-" : "  ", i + 1);
            c->depth++;
            if (!truncated) te_format(c, out, x->subs[i]);
            else {
                char msg[80];
                size_t rem = num - GROUP_WIDTH;
                snprintf(msg, sizeof msg, "and %zu more exception%s\n", rem, rem > 1 ? "s" : "");
                te_emit_s(c, out, msg, 0);
            }
            if (last && c->need_close) {
                for (int d = 0; d < c->depth; d++) sk_buf_puts(out, "  ");
                sk_buf_puts(out, "+------------------------------------\n");
                c->need_close = 0;
            }
            c->depth--;
        }
        if (top) c->depth = 0;
    }
}

static void format_one(py_interp *I, sk_buf *out, py_val exc)
{
    te_ctx c;
    memset(&c, 0, sizeof c);
    c.I = I;
    sk_arena_init(&c.ar, I->alloc, 4096);
    te_node *root = te_build(&c, exc);
    if (root) te_format(&c, out, root);
    else {
        /* out of memory: the final line alone */
        c.depth = 0;
        te_exception_only(&c, out, exc);
    }
    for (size_t i = 0; i < c.nheld; i++) py_decref(I, c.held[i]->exc);
    sk_arena_free(&c.ar);
    py_err_clear(I);
}

int py_format_exception(py_interp *I, py_val exc, sk_buf *out);
int py_format_exception(py_interp *I, py_val exc, sk_buf *out)
{
    /* formatting may run Python code (__str__); keep the pending error aside */
    py_val saved = I->exc;
    I->exc = PY_NULL;
    int saved_fatal = I->fatal;
    I->fatal = 0;
    size_t lim = I->alloc->limit;
    I->alloc->limit = 0;
    uint64_t saved_count = I->alloc->count_limit;
    I->alloc->count_limit = 0;   /* max_allocations may be what ended the run */
    uint64_t saved_steps = I->max_steps;
    I->max_steps = 0;
    format_one(I, out, exc);
    py_err_clear(I);
    PY_CLEAR(I, I->exc);
    I->alloc->limit = lim;
    I->alloc->count_limit = saved_count;
    I->max_steps = saved_steps;
    I->fatal = saved_fatal;
    I->exc = saved;
    return 0;
}
