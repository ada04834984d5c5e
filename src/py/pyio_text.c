/* pyio_text.c — text files: TextIOWrapper over a binary file of pyio.c
 * (decoding, universal newlines, tell/seek cookies that are byte offsets),
 * and StringIO (an in-memory text buffer; positions are characters).
 *
 * Must never: touch the host.
 */
#include <string.h>

#include "py/pyio.h"

enum { NL_UNIV, NL_EMPTY, NL_LF, NL_CR, NL_CRLF };
enum { ENC_U8, ENC_1BYTE, ENC_OTHER };

typedef struct pyio_text {
    py_obj ob;
    py_val dict_;
    py_val buffer;            /* a pyio_bin */
    py_val mode;              /* str or NULL */
    py_val encoding, errors;  /* str */
    int enck, nl;
    uint8_t line_buffering, sig, detached;
    char enc[40], err[40];
} pyio_text;

#define TXT(v) ((pyio_text *)PY_OBJ(v))
#define TBUF(t) ((pyio_bin *)PY_OBJ((t)->buffer))

/* ---- helpers shared with StringIO ------------------------------------------------------------------ */
static int nl_mode(py_interp *I, py_val v, int dflt, int *out)
{
    if (!v) { *out = dflt; return 0; }
    if (v == PY_NONE) { *out = NL_UNIV; return 0; }
    if (!py_is_str(v)) {
        py_err_fmt(I, PY_E_TypeError, "newline must be str or None, not %s", py_type_name(I, v));
        return -1;
    }
    const char *s = py_str_data(v);
    if (!*s) *out = NL_EMPTY;
    else if (!strcmp(s, "\n")) *out = NL_LF;
    else if (!strcmp(s, "\r")) *out = NL_CR;
    else if (!strcmp(s, "\r\n")) *out = NL_CRLF;
    else { py_err_fmt(I, PY_E_ValueError, "illegal newline value: %s", s); return -1; }
    return 0;
}

/* "\r\n" and "\r" become "\n" (UTF-8 text, in place into a buffer) */
static py_val translate_in(py_interp *I, py_val s)
{
    const char *d = py_str_data(s);
    size_t n = py_str_len(s);
    if (!memchr(d, '\r', n)) return s;
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (sk_buf_reserve(&b, n)) { py_decref(I, s); return py_err_nomem(I); }
    for (size_t i = 0; i < n; i++) {
        if (d[i] == '\r') {
            b.p[b.len++] = '\n';
            if (i + 1 < n && d[i + 1] == '\n') i++;
        } else {
            b.p[b.len++] = d[i];
        }
    }
    b.p[b.len] = 0;
    py_decref(I, s);
    return py_str_from_buf(I, &b);
}

/* "\n" becomes `nl` (for writing); returns a new str or s itself (new ref) */
static py_val translate_out(py_interp *I, py_val s, const char *nl)
{
    const char *d = py_str_data(s);
    size_t n = py_str_len(s);
    if (!memchr(d, '\n', n)) return py_newref(s);
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (size_t i = 0; i < n; i++) {
        int r = d[i] == '\n' ? sk_buf_puts(&b, nl) : sk_buf_putc(&b, d[i]);
        if (r) { sk_buf_free(&b); return py_err_nomem(I); }
    }
    return py_str_from_buf(I, &b);
}

static size_t utf8_char_len(const char *s, size_t len, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) return 1;
    size_t j = i;
    uint32_t cp;
    if (py_utf8_decode(s, len, &j, &cp) || j <= i) return 1;
    return j - i;
}

/* Find the end of the line starting at pos (exclusive), per newline mode. */
static size_t line_end(const char *s, size_t len, size_t pos, int nl)
{
    for (size_t i = pos; i < len; i++) {
        char c = s[i];
        if (c == '\n' && nl != NL_CR && nl != NL_CRLF) return i + 1;
        if (c == '\r') {
            if (nl == NL_UNIV || nl == NL_EMPTY) return i + 1 < len && s[i + 1] == '\n' ? i + 2 : i + 1;
            if (nl == NL_CR) return i + 1;
            if (nl == NL_CRLF && i + 1 < len && s[i + 1] == '\n') return i + 2;
        }
    }
    return len;
}

/* Advance over up to `nchars` characters (a "\r\n" is one in universal mode). */
static size_t scan_chars(const char *s, size_t len, size_t pos, int64_t nchars, int enck, int nl)
{
    size_t i = pos;
    int64_t c = 0;
    while (i < len && c < nchars) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\r' && nl == NL_UNIV) {
            i++;
            if (i < len && s[i] == '\n') i++;
        } else if (enck != ENC_U8 || ch < 0x80) {
            i++;
        } else {
            i += utf8_char_len(s, len, i);
        }
        c++;
    }
    return i;
}

/* ---- TextIOWrapper ----------------------------------------------------------------------------------- */
static int t_check(py_interp *I, pyio_text *t)
{
    if (t->detached) { py_err_str(I, PY_E_ValueError, "underlying buffer has been detached"); return -1; }
    if (TBUF(t)->closed) { pyio_closed_error(I, "I/O operation on closed file."); return -1; }
    return 0;
}

static int t_need_read(py_interp *I, pyio_text *t)
{
    if (t_check(I, t)) return -1;
    if (!TBUF(t)->readable) { pyio_unsupported(I, "not readable"); return -1; }
    pyio_bin *b = TBUF(t);
    if (b->kind == PYIO_STDIN && !b->synced) {
        if (pyio_bin_fill_stdin(I, b)) return -1;
        b->synced = 1;
    }
    if (t->sig && b->pos == 0 && b->data.len >= 3 && !memcmp(b->data.p, "\xEF\xBB\xBF", 3)) b->pos = 3;
    return 0;
}

/* decode bytes [p, p+n) into a str with newline translation */
static py_val t_decode(py_interp *I, pyio_text *t, const char *p, size_t n)
{
    py_val s;
    if (t->enck == ENC_U8 && py_utf8_valid(p, n, NULL)) s = py_str_new(I, p, n);
    else s = py_bytes_decode(I, p, n, t->enck == ENC_U8 ? "utf-8" : t->enc, t->err);
    if (!s) return PY_NULL;
    if (t->nl == NL_UNIV) s = translate_in(I, s);
    return s;
}

/* For encodings that are not byte-oriented (utf-16/32): decode the rest,
 * take what `take` chars of it, re-encode to advance. */
static py_val t_other_take(py_interp *I, pyio_text *t, int64_t nchars, int line)
{
    pyio_bin *b = TBUF(t);
    size_t avail = b->pos < b->data.len ? b->data.len - b->pos : 0;
    py_val all = py_bytes_decode(I, avail ? b->data.p + b->pos : "", avail, t->enc, t->err);
    if (!all) return PY_NULL;
    size_t cps = PY_STR(all)->cplen;
    int64_t want = nchars < 0 || (uint64_t)nchars > cps ? (int64_t)cps : nchars;
    if (line) {
        const char *d = py_str_data(all);
        size_t e = line_end(d, py_str_len(all), 0, t->nl);
        int64_t lc = (int64_t)py_utf8_count(d, e);
        if (lc < want) want = lc;
    }
    py_val part = py_str_substr_cp(I, all, 0, want);
    py_decref(I, all);
    if (!part) return PY_NULL;
    py_val enc = py_str_encode(I, part, t->enc, t->err);
    if (!enc) { py_decref(I, part); return PY_NULL; }
    size_t used = PY_BYTES(enc)->len;
    /* an encoder that adds a BOM mid-stream would overcount */
    if (b->pos > 0 && used >= 2 && (!strcmp(t->enc, "utf-16") || !strcmp(t->enc, "utf-32")))
        used -= !strcmp(t->enc, "utf-16") ? 2 : 4;
    py_decref(I, enc);
    b->pos += used;
    if (t->nl == NL_UNIV) part = translate_in(I, part);
    return part;
}

static py_val t_read_n(py_interp *I, pyio_text *t, int64_t n)
{
    if (t->enck == ENC_OTHER) return t_other_take(I, t, n, 0);
    pyio_bin *b = TBUF(t);
    size_t len = b->data.len, pos = b->pos < len ? b->pos : len;
    const char *s = b->data.p ? b->data.p : "";
    size_t end = n < 0 ? len : scan_chars(s, len, pos, n, t->enck, t->nl);
    py_val r = t_decode(I, t, s + pos, end - pos);
    if (r && end > b->pos) b->pos = end;
    return r;
}

static py_val t_readline_n(py_interp *I, pyio_text *t, int64_t limit)
{
    if (t->enck == ENC_OTHER) return t_other_take(I, t, limit, 1);
    pyio_bin *b = TBUF(t);
    size_t len = b->data.len, pos = b->pos < len ? b->pos : len;
    const char *s = b->data.p ? b->data.p : "";
    size_t end = line_end(s, len, pos, t->nl);
    if (limit >= 0) {
        size_t lim = scan_chars(s, end, pos, limit, t->enck, t->nl);
        if (lim < end) end = lim;
    }
    py_val r = t_decode(I, t, s + pos, end - pos);
    if (r && end > b->pos) b->pos = end;
    return r;
}

PYM_FN(t_read)
{
    pyio_text *t = TXT(self);
    int64_t n;
    if (pyio_size_arg(I, args, nargs, kw, "read", &n) || t_need_read(I, t)) return PY_NULL;
    return t_read_n(I, t, n);
}

PYM_FN(t_readline)
{
    pyio_text *t = TXT(self);
    int64_t n;
    if (pyio_size_arg(I, args, nargs, kw, "readline", &n) || t_need_read(I, t)) return PY_NULL;
    return t_readline_n(I, t, n);
}

PYM_FN(t_readlines)
{
    pyio_text *t = TXT(self);
    int64_t hint;
    if (pyio_size_arg(I, args, nargs, kw, "readlines", &hint) || t_need_read(I, t)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    int64_t total = 0;
    for (;;) {
        py_val line = t_readline_n(I, t, -1);
        if (!line) { py_decref(I, l); return PY_NULL; }
        size_t n = PY_STR(line)->cplen;
        if (!n) { py_decref(I, line); break; }
        if (py_list_append_steal(I, l, line)) { py_decref(I, l); return PY_NULL; }
        total += (int64_t)n;
        if (hint > 0 && total >= hint) break;
    }
    return l;
}

static py_val t_next(py_interp *I, py_val self)
{
    pyio_text *t = TXT(self);
    if (t_need_read(I, t)) return PY_NULL;
    py_val line = t_readline_n(I, t, -1);
    if (line && !py_str_len(line)) { py_decref(I, line); return PY_NULL; }
    return line;
}

static py_val t_iter(py_interp *I, py_val self)
{
    if (t_check(I, TXT(self))) return PY_NULL;
    return py_newref(self);
}

static int t_write_str(py_interp *I, pyio_text *t, py_val s)
{
    pyio_bin *b = TBUF(t);
    py_val w = t->nl == NL_CR ? translate_out(I, s, "\r") : t->nl == NL_CRLF ? translate_out(I, s, "\r\n") : py_newref(s);
    if (!w) return -1;
    int r;
    if (t->sig && pyio_bin_tell(b) == 0 && b->data.len == 0 && (r = pyio_bin_write(I, b, "\xEF\xBB\xBF", 3))) {
        py_decref(I, w);
        return r;
    }
    const char *d = py_str_data(w);
    size_t n = py_str_len(w);
    if (t->enck == ENC_U8 && (PY_STR(w)->ascii || py_utf8_valid(d, n, NULL))) {
        r = pyio_bin_write(I, b, d, n);
    } else {
        py_val e = py_str_encode(I, w, t->enck == ENC_U8 ? "utf-8" : t->enc, t->err);
        r = e ? pyio_bin_write(I, b, PY_BYTES(e)->data, PY_BYTES(e)->len) : -1;
        py_xdecref(I, e);
    }
    if (!r && t->line_buffering && (memchr(d, '\n', n) || memchr(d, '\r', n))) r = pyio_bin_flush(I, b);
    py_decref(I, w);
    return r;
}

PYM_FN(t_write)
{
    pyio_text *t = TXT(self);
    if (py_args_exact(I, "write", nargs, kw, 1) || t_check(I, t)) return PY_NULL;
    if (!TBUF(t)->writable) return pyio_unsupported(I, "not writable");
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "write() argument must be str, not %s", py_type_name(I, args[0]));
    if (t_write_str(I, t, args[0])) return PY_NULL;
    return py_int_from_u64(I, PY_STR(args[0])->cplen);
}

PYM_FN(t_writelines)
{
    pyio_text *t = TXT(self);
    if (py_args_exact(I, "writelines", nargs, kw, 1) || t_check(I, t)) return PY_NULL;
    if (!TBUF(t)->writable) return pyio_unsupported(I, "not writable");
    py_val it = py_iter(I, args[0]);
    if (!it) return PY_NULL;
    py_val x;
    while ((x = py_next(I, it))) {
        int r;
        if (!py_is_str(x)) {
            py_err_fmt(I, PY_E_TypeError, "write() argument must be str, not %s", py_type_name(I, x));
            r = -1;
        } else {
            r = t_write_str(I, t, x);
        }
        py_decref(I, x);
        if (r) { py_decref(I, it); return PY_NULL; }
    }
    py_decref(I, it);
    return py_err_occurred(I) ? PY_NULL : PY_NONE;
}

static int t_seekable_check(py_interp *I, pyio_text *t)
{
    int k = TBUF(t)->kind;
    if (k == PYIO_STDIN || k == PYIO_STDOUT || k == PYIO_STDERR) {
        pyio_unsupported(I, "underlying stream is not seekable");
        return -1;
    }
    return 0;
}

PYM_FN(t_tell)
{
    (void)args;
    pyio_text *t = TXT(self);
    if (py_args_none(I, "tell", nargs, kw) || t_check(I, t) || t_seekable_check(I, t)) return PY_NULL;
    return py_int_from_u64(I, pyio_bin_tell(TBUF(t)));
}

PYM_FN(t_seek)
{
    pyio_text *t = TXT(self);
    if (py_args_range(I, "seek", nargs, kw, 1, 2) || t_check(I, t)) return PY_NULL;
    int64_t off, whence = 0;
    if (pym_arg_int(I, args[0], &off)) return PY_NULL;
    if (nargs > 1 && pym_arg_int(I, args[1], &whence)) return PY_NULL;
    if (t_seekable_check(I, t)) return PY_NULL;
    pyio_bin *b = TBUF(t);
    int64_t r;
    if (whence == 0) {
        if (off < 0) return py_err_fmt(I, PY_E_ValueError, "negative seek position %lld", (long long)off);
        if (pyio_bin_flush(I, b) || pyio_bin_seek(I, b, off, 0, &r)) return PY_NULL;
        return py_int_from_i64(I, r);
    }
    if (whence == 1) {
        if (off != 0) return pyio_unsupported(I, "can't do nonzero cur-relative seeks");
        return py_int_from_u64(I, pyio_bin_tell(b));
    }
    if (whence == 2) {
        if (off != 0) return pyio_unsupported(I, "can't do nonzero end-relative seeks");
        if (pyio_bin_flush(I, b) || pyio_bin_seek(I, b, 0, 2, &r)) return PY_NULL;
        return py_int_from_i64(I, r);
    }
    return py_err_fmt(I, PY_E_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
}

PYM_FN(t_truncate)
{
    pyio_text *t = TXT(self);
    if (py_args_range(I, "truncate", nargs, kw, 0, 1) || t_check(I, t)) return PY_NULL;
    pyio_bin *b = TBUF(t);
    if (!b->writable) return pyio_unsupported(I, "truncate");
    int64_t size = -1;
    if (nargs && args[0] != PY_NONE && pym_arg_int(I, args[0], &size)) return PY_NULL;
    if (pyio_bin_truncate(I, b, size)) return PY_NULL;
    return py_int_from_u64(I, size < 0 ? b->pos : (uint64_t)size);
}

PYM_FN(t_flush)
{
    PYM_UNUSED;
    pyio_text *t = TXT(self);
    if (t_check(I, t) || pyio_bin_flush(I, TBUF(t))) return PY_NULL;
    return PY_NONE;
}

PYM_FN(t_exit)
{
    (void)args; (void)nargs; (void)kw;
    return pyio_exit_close(I, self);
}

PYM_FN(t_close)
{
    PYM_UNUSED;
    pyio_text *t = TXT(self);
    if (t->detached) return PY_NONE;
    int err = 0;
    pyio_bin_close(I, TBUF(t), &err);
    return err ? PY_NULL : PY_NONE;
}

PYM_FN(t_enter)
{
    PYM_UNUSED;
    if (t_check(I, TXT(self))) return PY_NULL;
    return py_newref(self);
}

static py_val t_query(py_interp *I, py_val self, int which)
{
    pyio_text *t = TXT(self);
    if (t_check(I, t)) return PY_NULL;
    pyio_bin *b = TBUF(t);
    int k = b->kind;
    switch (which) {
    case 0: return py_bool(b->readable);
    case 1: return py_bool(b->writable);
    case 2: return py_bool(k != PYIO_STDIN && k != PYIO_STDOUT && k != PYIO_STDERR);
    default: return PY_FALSE;
    }
}
PYM_FN(t_readable) { PYM_UNUSED; return t_query(I, self, 0); }
PYM_FN(t_writable) { PYM_UNUSED; return t_query(I, self, 1); }
PYM_FN(t_seekable) { PYM_UNUSED; return t_query(I, self, 2); }
PYM_FN(t_isatty) { PYM_UNUSED; return t_query(I, self, 3); }

PYM_FN(t_fileno)
{
    PYM_UNUSED;
    pyio_text *t = TXT(self);
    if (t_check(I, t)) return PY_NULL;
    return py_call_method(I, t->buffer, py_intern(I, "fileno"), NULL, 0);
}

PYM_FN(t_detach)
{
    PYM_UNUSED;
    pyio_text *t = TXT(self);
    if (t_check(I, t) || pyio_bin_flush(I, TBUF(t))) return PY_NULL;
    t->detached = 1;
    return py_newref(t->buffer);
}

PYM_FN(t_reconfigure)
{
    (void)args;
    pyio_text *t = TXT(self);
    if (nargs) return py_err_str(I, PY_E_TypeError, "reconfigure() takes no positional arguments");
    size_t nkw = kw ? py_tuple_len(kw) : 0;
    for (size_t i = 0; i < nkw; i++) {
        const char *k = py_str_data(py_tuple_items(kw)[i]);
        py_val v = args[i];
        if (!strcmp(k, "line_buffering")) {
            int lb;
            if (pym_arg_bool(I, v, &lb)) return PY_NULL;
            t->line_buffering = (uint8_t)lb;
        } else if (!strcmp(k, "newline")) {
            if (nl_mode(I, v, NL_UNIV, &t->nl)) return PY_NULL;
        } else if (!strcmp(k, "errors") && py_is_str(v) && py_str_len(v) < sizeof t->err) {
            memcpy(t->err, py_str_data(v), py_str_len(v) + 1);
            PY_SETREF(I, t->errors, py_newref(v));
        } else if (strcmp(k, "encoding") && strcmp(k, "write_through")) {
            return py_err_fmt(I, PY_E_TypeError, "reconfigure() got an unexpected keyword argument '%s'", k);
        }
    }
    return PY_NONE;
}

static py_val t_get_name(py_interp *I, py_val self)
{
    pyio_text *t = TXT(self);
    py_val n = TBUF(t)->name;
    if (!n) return py_err_str(I, PY_E_AttributeError, "'_io.TextIOWrapper' object has no attribute 'name'");
    return py_newref(n);
}
static py_val t_get_mode(py_interp *I, py_val self)
{
    pyio_text *t = TXT(self);
    if (!t->mode) return py_err_str(I, PY_E_AttributeError, "'_io.TextIOWrapper' object has no attribute 'mode'");
    return py_newref(t->mode);
}
static py_val t_get_closed(py_interp *I, py_val self) { (void)I; return py_bool(TBUF(TXT(self))->closed); }
static py_val t_get_encoding(py_interp *I, py_val self) { (void)I; return py_newref(TXT(self)->encoding); }
static py_val t_get_errors(py_interp *I, py_val self) { (void)I; return py_newref(TXT(self)->errors); }
static py_val t_get_newlines(py_interp *I, py_val self) { (void)I; (void)self; return PY_NONE; }
static py_val t_get_buffer(py_interp *I, py_val self) { (void)I; return py_newref(TXT(self)->buffer); }
static py_val t_get_lb(py_interp *I, py_val self) { (void)I; return py_bool(TXT(self)->line_buffering); }
static py_val t_get_wt(py_interp *I, py_val self) { (void)I; (void)self; return PY_FALSE; }

static py_val t_repr(py_interp *I, py_val self)
{
    pyio_text *t = TXT(self);
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&b, "<_io.TextIOWrapper");
    py_val n = TBUF(t)->name;
    if (n) {
        sk_buf_puts(&b, " name=");
        if (py_buf_repr(I, &b, n)) { sk_buf_free(&b); return PY_NULL; }
    }
    if (t->mode) {
        sk_buf_puts(&b, " mode=");
        if (py_buf_repr(I, &b, t->mode)) { sk_buf_free(&b); return PY_NULL; }
    }
    sk_buf_puts(&b, " encoding=");
    if (py_buf_repr(I, &b, t->encoding)) { sk_buf_free(&b); return PY_NULL; }
    sk_buf_putc(&b, '>');
    return py_str_from_buf(I, &b);
}

static void t_dealloc(py_interp *I, py_obj *o)
{
    pyio_text *t = (pyio_text *)o;
    py_gc_untrack(I, o);
    if (t->buffer && !t->detached && !TBUF(t)->closed && TBUF(t)->kind != PYIO_MEM) {
        py_val saved = py_err_fetch(I);
        int err = 0;
        pyio_bin_close(I, TBUF(t), &err);
        if (err) py_err_clear(I);
        if (saved) py_err_setexc(I, saved);
    }
    py_xdecref(I, t->buffer);
    py_xdecref(I, t->mode);
    py_xdecref(I, t->encoding);
    py_xdecref(I, t->errors);
    py_xdecref(I, t->dict_);
    py_obj_free(I, o, o->type->basicsize);
}

static void t_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    pyio_text *t = (pyio_text *)o;
    if (t->dict_) visit(t->dict_, ctx);
}

static py_val t_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw);
static int t_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw);

static const py_methoddef text_methods[] = {
    { "read", t_read, 0 }, { "readline", t_readline, 0 }, { "readlines", t_readlines, 0 },
    { "write", t_write, 0 }, { "writelines", t_writelines, 0 }, { "tell", t_tell, 0 }, { "seek", t_seek, 0 },
    { "truncate", t_truncate, 0 }, { "flush", t_flush, 0 }, { "close", t_close, 0 },
    { "readable", t_readable, 0 }, { "writable", t_writable, 0 }, { "seekable", t_seekable, 0 },
    { "isatty", t_isatty, 0 }, { "fileno", t_fileno, 0 }, { "__enter__", t_enter, 0 },
    { "__exit__", t_exit, PY_METH_KW }, { "detach", t_detach, 0 }, { "reconfigure", t_reconfigure, PY_METH_KW },
    { NULL, NULL, 0 }
};
static const py_getsetdef text_getsets[] = {
    { "name", t_get_name, NULL }, { "mode", t_get_mode, NULL }, { "closed", t_get_closed, NULL },
    { "encoding", t_get_encoding, NULL }, { "errors", t_get_errors, NULL }, { "newlines", t_get_newlines, NULL },
    { "buffer", t_get_buffer, NULL }, { "line_buffering", t_get_lb, NULL }, { "write_through", t_get_wt, NULL },
    { NULL, NULL, NULL }
};
static const py_typedef text_td = {
    .name = "TextIOWrapper", .qualname = "_io.TextIOWrapper", .flags = PY_TF_BASETYPE | PY_TF_GC,
    .basicsize = sizeof(pyio_text), .dictoffset = offsetof(pyio_text, dict_),
    .slots = { .dealloc = t_dealloc, .traverse = t_traverse, .repr = t_repr, .iter = t_iter, .next = t_next,
               .new_ = t_new, .init = t_init },
    .methods = text_methods, .getsets = text_getsets,
};

/* normalise an encoding name and classify it */
static int enc_setup(py_interp *I, pyio_text *t, const char *encoding, const char *errors)
{
    const char *e = encoding ? encoding : "UTF-8";
    if (strlen(e) >= sizeof t->enc) { py_err_fmt(I, PY_E_LookupError, "unknown encoding: %s", e); return -1; }
    char low[40];
    size_t n = 0;
    for (; e[n]; n++) low[n] = (char)(e[n] == '_' ? '-' : (e[n] >= 'A' && e[n] <= 'Z') ? e[n] + 32 : e[n]);
    low[n] = 0;
    memcpy(t->enc, e, n + 1);
    if (!strcmp(low, "utf-8") || !strcmp(low, "utf8") || !strcmp(low, "u8") || !strcmp(low, "utf") ||
        !strcmp(low, "cp65001")) {
        t->enck = ENC_U8;
    } else if (!strcmp(low, "utf-8-sig") || !strcmp(low, "utf8-sig")) {
        t->enck = ENC_U8;
        t->sig = 1;
    } else if (!strcmp(low, "ascii") || !strcmp(low, "us-ascii") || !strcmp(low, "latin-1") || !strcmp(low, "latin1") ||
               !strcmp(low, "iso-8859-1") || !strcmp(low, "iso8859-1") || !strcmp(low, "l1") || !strcmp(low, "cp819") ||
               !strcmp(low, "646") || !strcmp(low, "latin")) {
        t->enck = ENC_1BYTE;
    } else {
        py_val chk = py_bytes_decode(I, "", 0, e, "strict");
        if (!chk) return -1;
        py_decref(I, chk);
        t->enck = ENC_OTHER;
    }
    const char *er = errors ? errors : "strict";
    if (strlen(er) >= sizeof t->err) { py_err_fmt(I, PY_E_LookupError, "unknown error handler name '%s'", er); return -1; }
    memcpy(t->err, er, strlen(er) + 1);
    t->encoding = py_str_cstr(I, e);
    t->errors = py_str_cstr(I, er);
    return t->encoding && t->errors ? 0 : -1;
}

static pyio_text *text_alloc(py_interp *I, py_type *tp)
{
    return (pyio_text *)py_obj_new(I, tp, tp->basicsize);
}

py_val pyio_text_wrap(py_interp *I, py_val buffer, py_val mode, const char *encoding, const char *errors,
                      py_val newline, int line_buffering)
{
    py_type *tp = pym_type_get(I, "_io", "TextIOWrapper");
    pyio_text *t = tp ? text_alloc(I, tp) : NULL;
    if (!t) return PY_NULL;
    py_val tv = PY_VAL(t);
    t->buffer = py_newref(buffer);
    t->mode = mode ? py_newref(mode) : py_str_cstr(I, "r");
    if (!t->mode || enc_setup(I, t, encoding, errors) || nl_mode(I, newline, NL_UNIV, &t->nl)) {
        py_decref(I, tv);
        return PY_NULL;
    }
    pyio_bin *b = TBUF(t);
    t->line_buffering = (uint8_t)(line_buffering || b->kind == PYIO_STDOUT || b->kind == PYIO_STDERR);
    return tv;
}

static py_val t_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    pyio_text *t = text_alloc(I, tp);
    if (!t) return PY_NULL;
    t->detached = 1;   /* until __init__ */
    return PY_VAL(t);
}

static int t_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "buffer", "encoding", "errors", "newline", "line_buffering", "write_through", NULL };
    py_val a[6];
    if (pym_parse(I, "TextIOWrapper", args, nargs, kw, names, 1, a)) return -1;
    py_type *bt = pym_type_get(I, "_io", "_BufferedIOBase");
    if (!bt) return -1;
    if (!py_isinstance_t(I, a[0], bt) || py_typeof(I, a[0])->basicsize < sizeof(pyio_bin)) {
        py_err_fmt(I, PY_E_TypeError, "TextIOWrapper() needs a binary file from this sandbox, not %s", py_type_name(I, a[0]));
        return -1;
    }
    const char *enc = NULL, *err = NULL;
    if (a[1] && a[1] != PY_NONE) {
        if (!py_is_str(a[1])) { py_err_fmt(I, PY_E_TypeError, "TextIOWrapper() argument 'encoding' must be str or None, not %s", py_type_name(I, a[1])); return -1; }
        enc = py_str_data(a[1]);
    }
    if (a[2] && a[2] != PY_NONE) {
        if (!py_is_str(a[2])) { py_err_fmt(I, PY_E_TypeError, "TextIOWrapper() argument 'errors' must be str or None, not %s", py_type_name(I, a[2])); return -1; }
        err = py_str_data(a[2]);
    }
    pyio_text *t = TXT(self);
    PY_CLEAR(I, t->encoding);
    PY_CLEAR(I, t->errors);
    PY_CLEAR(I, t->mode);
    if (enc_setup(I, t, enc ? enc : "utf-8", err) || nl_mode(I, a[3], NL_UNIV, &t->nl)) return -1;
    int lb = 0;
    if (a[4] && pym_arg_bool(I, a[4], &lb)) return -1;
    t->line_buffering = (uint8_t)lb;
    PY_SETREF(I, t->buffer, py_newref(a[0]));
    t->detached = 0;
    return 0;
}

/* ---- StringIO ------------------------------------------------------------------------------------------- */
typedef struct pyio_sio {
    py_obj ob;
    py_val dict_;
    sk_buf data;              /* UTF-8 */
    size_t pos;               /* byte offset (may be past the end) */
    size_t cpos;              /* the same position in characters */
    int nl;
    uint8_t closed;
} pyio_sio;

#define SIO(v) ((pyio_sio *)PY_OBJ(v))

static int s_check(py_interp *I, pyio_sio *s)
{
    if (s->closed) { pyio_closed_error(I, "I/O operation on closed file."); return -1; }
    return 0;
}

/* byte offset of character index c (past the end: extra positions count as bytes) */
static size_t s_byte_of(pyio_sio *s, size_t c)
{
    size_t i = 0, k = 0;
    const char *d = s->data.p;
    size_t n = s->data.len;
    while (i < n && k < c) { i += utf8_char_len(d, n, i); k++; }
    return i + (c - k);
}

static int s_write_bytes(py_interp *I, pyio_sio *s, const char *p, size_t n, size_t nchars)
{
    /* writing nothing changes nothing (not even a seek past the end pads),
     * and the buffer may not exist yet */
    if (!n && !nchars) return 0;
    if (s->pos > s->data.len) {
        size_t gap = s->pos - s->data.len;
        if (sk_buf_reserve(&s->data, gap)) { py_err_nomem(I); return -1; }
        memset(s->data.p + s->data.len, 0, gap);
        s->data.len += gap;
    }
    /* replace nchars characters at pos (or up to the end) */
    size_t end = scan_chars(s->data.p ? s->data.p : "", s->data.len, s->pos, (int64_t)nchars, ENC_U8, NL_LF);
    size_t old = end - s->pos;
    if (n > old && sk_buf_reserve(&s->data, n - old)) { py_err_nomem(I); return -1; }
    char *d = s->data.p;
    memmove(d + s->pos + n, d + end, s->data.len - end);
    memcpy(d + s->pos, p, n);
    s->data.len = s->data.len - old + n;
    d[s->data.len] = 0;
    s->pos += n;
    s->cpos += nchars;
    return 0;
}

static int s_write_str(py_interp *I, pyio_sio *s, py_val str)
{
    py_val w;
    if (s->nl == NL_UNIV) w = translate_in(I, py_newref(str));
    else if (s->nl == NL_CR) w = translate_out(I, str, "\r");
    else if (s->nl == NL_CRLF) w = translate_out(I, str, "\r\n");
    else w = py_newref(str);
    if (!w) return -1;
    int r = s_write_bytes(I, s, py_str_data(w), py_str_len(w), PY_STR(w)->cplen);
    py_decref(I, w);
    return r;
}

PYM_FN(s_write)
{
    pyio_sio *s = SIO(self);
    if (py_args_exact(I, "write", nargs, kw, 1) || s_check(I, s)) return PY_NULL;
    if (!py_is_str(args[0]))
        return py_err_fmt(I, PY_E_TypeError, "string argument expected, got '%s'", py_type_name(I, args[0]));
    if (s_write_str(I, s, args[0])) return PY_NULL;
    return py_int_from_u64(I, PY_STR(args[0])->cplen);
}

PYM_FN(s_writelines)
{
    pyio_sio *s = SIO(self);
    if (py_args_exact(I, "writelines", nargs, kw, 1) || s_check(I, s)) return PY_NULL;
    py_val it = py_iter(I, args[0]);
    if (!it) return PY_NULL;
    py_val x;
    while ((x = py_next(I, it))) {
        int r;
        if (!py_is_str(x)) {
            py_err_fmt(I, PY_E_TypeError, "string argument expected, got '%s'", py_type_name(I, x));
            r = -1;
        } else {
            r = s_write_str(I, s, x);
        }
        py_decref(I, x);
        if (r) { py_decref(I, it); return PY_NULL; }
    }
    py_decref(I, it);
    return py_err_occurred(I) ? PY_NULL : PY_NONE;
}

static py_val s_take(py_interp *I, pyio_sio *s, size_t end)
{
    size_t pos = s->pos < s->data.len ? s->pos : s->data.len;
    if (end < pos) end = pos;
    py_val r = py_str_new(I, end > pos ? s->data.p + pos : "", end - pos);
    if (r && end > pos) {
        s->cpos += PY_STR(r)->cplen;
        s->pos = end;
    }
    return r;
}

PYM_FN(s_read)
{
    pyio_sio *s = SIO(self);
    int64_t n;
    if (pyio_size_arg(I, args, nargs, kw, "read", &n) || s_check(I, s)) return PY_NULL;
    size_t len = s->data.len;
    size_t end = n < 0 ? len : scan_chars(s->data.p ? s->data.p : "", len, s->pos < len ? s->pos : len, n, ENC_U8, NL_LF);
    return s_take(I, s, end);
}

static int s_linemode(pyio_sio *s) { return s->nl == NL_UNIV ? NL_LF : s->nl; }

static py_val s_readline_n(py_interp *I, pyio_sio *s, int64_t limit)
{
    size_t len = s->data.len, pos = s->pos < len ? s->pos : len;
    const char *d = s->data.p ? s->data.p : "";
    size_t end = line_end(d, len, pos, s_linemode(s));
    if (limit >= 0) {
        size_t lim = scan_chars(d, end, pos, limit, ENC_U8, NL_LF);
        if (lim < end) end = lim;
    }
    return s_take(I, s, end);
}

PYM_FN(s_readline)
{
    pyio_sio *s = SIO(self);
    int64_t n;
    if (pyio_size_arg(I, args, nargs, kw, "readline", &n) || s_check(I, s)) return PY_NULL;
    return s_readline_n(I, s, n);
}

PYM_FN(s_readlines)
{
    pyio_sio *s = SIO(self);
    int64_t hint;
    if (pyio_size_arg(I, args, nargs, kw, "readlines", &hint) || s_check(I, s)) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) return PY_NULL;
    int64_t total = 0;
    for (;;) {
        py_val line = s_readline_n(I, s, -1);
        if (!line) { py_decref(I, l); return PY_NULL; }
        size_t n = PY_STR(line)->cplen;
        if (!n) { py_decref(I, line); break; }
        if (py_list_append_steal(I, l, line)) { py_decref(I, l); return PY_NULL; }
        total += (int64_t)n;
        if (hint > 0 && total >= hint) break;
    }
    return l;
}

static py_val s_next(py_interp *I, py_val self)
{
    pyio_sio *s = SIO(self);
    if (s_check(I, s)) return PY_NULL;
    py_val line = s_readline_n(I, s, -1);
    if (line && !py_str_len(line)) { py_decref(I, line); return PY_NULL; }
    return line;
}

static py_val s_iter(py_interp *I, py_val self)
{
    if (s_check(I, SIO(self))) return PY_NULL;
    return py_newref(self);
}

PYM_FN(s_getvalue)
{
    (void)args;
    pyio_sio *s = SIO(self);
    if (py_args_none(I, "getvalue", nargs, kw) || s_check(I, s)) return PY_NULL;
    return py_str_new(I, s->data.p ? s->data.p : "", s->data.len);
}

PYM_FN(s_tell)
{
    (void)args;
    pyio_sio *s = SIO(self);
    if (py_args_none(I, "tell", nargs, kw) || s_check(I, s)) return PY_NULL;
    return py_int_from_u64(I, s->cpos);
}

PYM_FN(s_seek)
{
    pyio_sio *s = SIO(self);
    if (py_args_range(I, "seek", nargs, kw, 1, 2)) return PY_NULL;
    int64_t off, whence = 0;
    if (pym_arg_int(I, args[0], &off)) return PY_NULL;
    if (nargs > 1 && pym_arg_int(I, args[1], &whence)) return PY_NULL;
    if (s_check(I, s)) return PY_NULL;
    if (whence < 0 || whence > 2)
        return py_err_fmt(I, PY_E_ValueError, "Invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
    if (whence == 0 && off < 0) return py_err_fmt(I, PY_E_ValueError, "Negative seek position %lld", (long long)off);
    if (whence == 1 && off != 0) return py_err_str(I, PY_E_OSError, "Can't do nonzero cur-relative seeks");
    if (whence == 2 && off != 0) return py_err_str(I, PY_E_OSError, "Can't do nonzero end-relative seeks");
    if (whence == 1) return py_int_from_u64(I, s->cpos);
    if (whence == 2) {
        s->pos = s->data.len;
        s->cpos = py_utf8_count(s->data.p ? s->data.p : "", s->data.len);
        return py_int_from_u64(I, s->cpos);
    }
    s->cpos = (size_t)off;
    s->pos = s_byte_of(s, (size_t)off);
    return py_int_from_i64(I, off);
}

PYM_FN(s_truncate)
{
    pyio_sio *s = SIO(self);
    if (py_args_range(I, "truncate", nargs, kw, 0, 1) || s_check(I, s)) return PY_NULL;
    int64_t size = (int64_t)s->cpos;
    if (nargs && args[0] != PY_NONE) {
        if (pym_arg_int(I, args[0], &size)) return PY_NULL;
        if (size < 0) return py_err_fmt(I, PY_E_ValueError, "Negative size value %lld", (long long)size);
    }
    size_t b = s_byte_of(s, (size_t)size);
    if (b < s->data.len) {
        s->data.len = b;
        s->data.p[b] = 0;
    }
    return py_int_from_i64(I, size);
}

PYM_FN(s_exit)
{
    (void)args; (void)nargs; (void)kw;
    return pyio_exit_close(I, self);
}

PYM_FN(s_close)
{
    PYM_UNUSED;
    pyio_sio *s = SIO(self);
    s->closed = 1;
    sk_buf_free(&s->data);
    return PY_NONE;
}

static py_val s_ok(py_interp *I, py_val self, py_val v)
{
    if (s_check(I, SIO(self))) return PY_NULL;
    return v;
}
PYM_FN(s_true) { PYM_UNUSED; return s_ok(I, self, PY_TRUE); }
PYM_FN(s_false) { PYM_UNUSED; return s_ok(I, self, PY_FALSE); }
PYM_FN(s_flush) { PYM_UNUSED; return s_ok(I, self, PY_NONE); }
PYM_FN(s_enter) { PYM_UNUSED; return s_ok(I, self, py_newref(self)); }
PYM_FN(s_fileno) { PYM_UNUSED; if (s_check(I, SIO(self))) return PY_NULL; return pyio_unsupported(I, "fileno"); }
PYM_FN(s_detach) { PYM_UNUSED; return pyio_unsupported(I, "detach"); }

static py_val s_get_closed(py_interp *I, py_val self) { (void)I; return py_bool(SIO(self)->closed); }
static py_val s_get_newlines(py_interp *I, py_val self) { (void)I; (void)self; return PY_NONE; }
static py_val s_get_lb(py_interp *I, py_val self) { (void)self; return s_ok(I, self, PY_FALSE); }
static py_val s_get_encoding(py_interp *I, py_val self) { (void)I; (void)self; return PY_NONE; }

static void s_dealloc(py_interp *I, py_obj *o)
{
    pyio_sio *s = (pyio_sio *)o;
    sk_buf_free(&s->data);
    py_xdecref(I, s->dict_);
    py_obj_free(I, o, o->type->basicsize);
}

static py_val s_new(py_interp *I, py_type *tp, const py_val *args, size_t nargs, py_val kw)
{
    (void)args; (void)nargs; (void)kw;
    pyio_sio *s = (pyio_sio *)py_obj_new(I, tp, tp->basicsize);
    if (!s) return PY_NULL;
    sk_buf_init(&s->data, I->alloc);
    s->nl = NL_LF;
    return PY_VAL(s);
}

static int s_init(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "initial_value", "newline", NULL };
    py_val a[2];
    if (pym_parse(I, "StringIO", args, nargs, kw, names, 0, a)) return -1;
    pyio_sio *s = SIO(self);
    if (nl_mode(I, a[1], NL_LF, &s->nl)) return -1;
    sk_buf_clear(&s->data);
    s->pos = s->cpos = 0;
    if (a[0] && a[0] != PY_NONE) {
        if (!py_is_str(a[0]))
            { py_err_fmt(I, PY_E_TypeError, "initial_value must be str or None, not %s", py_type_name(I, a[0])); return -1; }
        if (s_write_str(I, s, a[0])) return -1;
        s->pos = s->cpos = 0;
    }
    return 0;
}

static py_val s_repr(py_interp *I, py_val self)
{
    return py_str_fmt(I, "<%s object at 0x%llx>", py_type_qualname(py_typeof(I, self)), (unsigned long long)py_id_of(I, self));
}

static const py_methoddef sio_methods[] = {
    { "write", s_write, 0 }, { "writelines", s_writelines, 0 }, { "read", s_read, 0 },
    { "readline", s_readline, 0 }, { "readlines", s_readlines, 0 }, { "getvalue", s_getvalue, 0 },
    { "tell", s_tell, 0 }, { "seek", s_seek, 0 }, { "truncate", s_truncate, 0 }, { "close", s_close, 0 },
    { "readable", s_true, 0 }, { "writable", s_true, 0 }, { "seekable", s_true, 0 }, { "isatty", s_false, 0 },
    { "flush", s_flush, 0 }, { "__enter__", s_enter, 0 }, { "__exit__", s_exit, PY_METH_KW },
    { "fileno", s_fileno, 0 }, { "detach", s_detach, 0 },
    { NULL, NULL, 0 }
};
static const py_getsetdef sio_getsets[] = {
    { "closed", s_get_closed, NULL }, { "newlines", s_get_newlines, NULL }, { "line_buffering", s_get_lb, NULL },
    { "encoding", s_get_encoding, NULL }, { "errors", s_get_encoding, NULL }, { NULL, NULL, NULL }
};
static const py_typedef sio_td = {
    .name = "StringIO", .qualname = "_io.StringIO", .flags = PY_TF_BASETYPE,
    .basicsize = sizeof(pyio_sio), .dictoffset = offsetof(pyio_sio, dict_),
    .slots = { .dealloc = s_dealloc, .repr = s_repr, .iter = s_iter, .next = s_next, .new_ = s_new, .init = s_init },
    .methods = sio_methods, .getsets = sio_getsets,
};

int pyio_text_types(py_interp *I, py_val mod, py_type *textbase)
{
    if (!pym_type_add(I, mod, &text_td, textbase) || !pym_type_add(I, mod, &sio_td, textbase)) return -1;
    return 0;
}
