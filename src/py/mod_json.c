/* mod_json.c — _json, the C half of the json module (lib/json.py holds the
 * API: dumps/loads/JSONEncoder/JSONDecoder/JSONDecodeError).
 *
 *   make_encoder(markers, default, encoder, indent, key_separator,
 *                item_separator, sort_keys, skipkeys, allow_nan)
 *       -> a callable (obj, level) returning a 1-tuple with the JSON text
 *   scanner(s, idx, strict, object_hook, object_pairs_hook, parse_float,
 *           parse_int, parse_constant) -> (value, end)
 *   encode_basestring(s), encode_basestring_ascii(s)
 *
 * Errors are CPython's: JSONDecodeError messages with character positions,
 * "Object of type X is not JSON serializable", "Circular reference
 * detected", "keys must be str, int, float, bool or None, not T".
 * Nesting in both directions counts against the recursion limit and checks
 * the C stack.
 *
 * Must never: recurse without the depth and stack checks.
 */
#include <math.h>
#include <string.h>

#include "base/stack.h"
#include "py/pymod.h"

/* ---- strings ------------------------------------------------------------------------------------- */
static const char hexd[] = "0123456789abcdef";

static int put_u4(sk_buf *b, unsigned v)
{
    char t[6] = { '\\', 'u', hexd[(v >> 12) & 15], hexd[(v >> 8) & 15], hexd[(v >> 4) & 15], hexd[v & 15] };
    return sk_buf_put(b, t, 6);
}

static int put_json_str(sk_buf *b, const char *s, size_t n, int ascii)
{
    if (sk_buf_putc(b, '"')) return -1;
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        size_t run = i;
        while (run < n) {
            unsigned char d = (unsigned char)s[run];
            if (d < 0x20 || d == '"' || d == '\\' || (ascii && d >= 0x7f)) break;
            run++;
        }
        if (run > i) { if (sk_buf_put(b, s + i, run - i)) return -1; i = run; continue; }
        c = (unsigned char)s[i];
        int r;
        switch (c) {
        case '"': r = sk_buf_puts(b, "\\\""); i++; break;
        case '\\': r = sk_buf_puts(b, "\\\\"); i++; break;
        case '\n': r = sk_buf_puts(b, "\\n"); i++; break;
        case '\r': r = sk_buf_puts(b, "\\r"); i++; break;
        case '\t': r = sk_buf_puts(b, "\\t"); i++; break;
        case '\b': r = sk_buf_puts(b, "\\b"); i++; break;
        case '\f': r = sk_buf_puts(b, "\\f"); i++; break;
        default:
            if (c < 0x80) { r = put_u4(b, c); i++; break; }
            {
                size_t j = i;
                uint32_t cp;
                if (py_utf8_decode(s, n, &j, &cp) || j <= i) { cp = 0xFFFD; j = i + 1; }
                i = j;
                if (cp >= 0x10000) {
                    cp -= 0x10000;
                    r = put_u4(b, 0xD800 | (cp >> 10)) || put_u4(b, 0xDC00 | (cp & 0x3FF));
                } else {
                    r = put_u4(b, cp);
                }
            }
        }
        if (r) return -1;
    }
    return sk_buf_putc(b, '"');
}

static py_val encode_str(py_interp *I, py_val s, int ascii)
{
    sk_buf b = SK_BUF_INIT(I->alloc);
    if (put_json_str(&b, py_str_data(s), py_str_len(s), ascii)) { sk_buf_free(&b); return py_err_nomem(I); }
    return py_str_from_buf(I, &b);
}

PYM_FN(j_encode_basestring_ascii)
{
    (void)self;
    if (py_args_exact(I, "encode_basestring_ascii", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "first argument must be a string, not %s", py_type_name(I, args[0]));
    return encode_str(I, args[0], 1);
}

PYM_FN(j_encode_basestring)
{
    (void)self;
    if (py_args_exact(I, "encode_basestring", nargs, kw, 1)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "first argument must be a string, not %s", py_type_name(I, args[0]));
    return encode_str(I, args[0], 0);
}

/* ---- the encoder -------------------------------------------------------------------------------------- */
typedef struct jenc {
    py_obj ob;
    py_val markers, defaultfn, encoder, indent, key_sep, item_sep;
    int sort_keys, skipkeys, allow_nan, ascii;
} jenc;

typedef struct jctx {
    py_interp *I;
    jenc *e;
    sk_buf out;
    int entered;
} jctx;

static int enter_level(jctx *c)
{
    py_interp *I = c->I;
    if (sk_stack_low(I->stack_limit) || I->depth >= I->recursion_limit) {
        py_err_str(I, PY_E_RecursionError, "maximum recursion depth exceeded while encoding a JSON object");
        return -1;
    }
    I->depth++;
    c->entered++;
    return 0;
}

static void leave_level(jctx *c)
{
    c->I->depth--;
    c->entered--;
}

static int put_float(jctx *c, double d)
{
    py_interp *I = c->I;
    if (isnan(d) || isinf(d)) {
        const char *t = isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
        if (!c->e->allow_nan) {
            py_err_fmt(I, PY_E_ValueError, "Out of range float values are not JSON compliant: %s",
                       isnan(d) ? "nan" : d > 0 ? "inf" : "-inf");
            return -1;
        }
        return sk_buf_puts(&c->out, t) ? (py_err_nomem(I), -1) : 0;
    }
    char buf[40];
    py_float_repr_buf(d, buf, sizeof buf);
    return sk_buf_puts(&c->out, buf) ? (py_err_nomem(I), -1) : 0;
}

static int put_int(jctx *c, py_val v)
{
    py_interp *I = c->I;
    if (py_is_int(v)) return sk_buf_printf(&c->out, "%lld", (long long)py_int_val(v)) ? (py_err_nomem(I), -1) : 0;
    py_val iv = py_is_bigint(v) && PY_OBJ(v)->type->id == PY_T_INT && !(PY_OBJ(v)->type->flags & PY_TF_HEAP) ? py_newref(v) : py_index(I, v);
    if (!iv) return -1;
    py_val r = py_int_repr(I, iv);
    py_decref(I, iv);
    if (!r) return -1;
    int rr = py_buf_put_str(&c->out, r);
    py_decref(I, r);
    return rr ? (py_err_nomem(I), -1) : 0;
}

static int newline_indent(jctx *c, int level)
{
    if (sk_buf_putc(&c->out, '\n')) return -1;
    for (int i = 0; i < level; i++)
        if (py_buf_put_str(&c->out, c->e->indent)) return -1;
    return 0;
}

static int enc_value(jctx *c, py_val v, int level);

/* markers: id(obj) -> obj while the container is being encoded */
static int mark(jctx *c, py_val v, py_val *key)
{
    *key = PY_NULL;
    if (!c->e->markers || c->e->markers == PY_NONE) return 0;
    py_interp *I = c->I;
    py_val k = py_int_from_u64(I, py_id_of(I, v));
    if (!k) return -1;
    int has = py_contains(I, c->e->markers, k);
    if (has < 0) { py_decref(I, k); return -1; }
    if (has) {
        py_decref(I, k);
        py_err_str(I, PY_E_ValueError, "Circular reference detected");
        return -1;
    }
    if (py_setitem(I, c->e->markers, k, v)) { py_decref(I, k); return -1; }
    *key = k;
    return 0;
}

static void unmark(jctx *c, py_val key)
{
    if (!key) return;
    py_val saved = py_err_fetch(c->I);
    if (py_delitem(c->I, c->e->markers, key)) py_err_clear(c->I);
    if (saved) py_err_setexc(c->I, saved);
    py_decref(c->I, key);
}

static int enc_list(jctx *c, py_val v, int level)
{
    py_interp *I = c->I;
    py_val seq = py_is_list(v) || py_is_tuple(v) ? py_newref(v) : py_sequence_list(I, v);
    if (!seq) return -1;
    size_t n = py_is_list(seq) ? PY_LIST(seq)->n : py_tuple_len(seq);
    if (n == 0) { py_decref(I, seq); return sk_buf_puts(&c->out, "[]") ? (py_err_nomem(I), -1) : 0; }
    py_val key;
    if (mark(c, v, &key)) { py_decref(I, seq); return -1; }
    int r = -1;
    if (enter_level(c)) goto out;
    if (sk_buf_putc(&c->out, '[')) { py_err_nomem(I); goto out_lv; }
    int ind = c->e->indent != PY_NULL;
    if (ind && newline_indent(c, level + 1)) { py_err_nomem(I); goto out_lv; }
    for (size_t i = 0;; i++) {
        size_t cur = py_is_list(seq) ? PY_LIST(seq)->n : py_tuple_len(seq);
        if (i >= cur) break;
        if (i) {
            if (py_buf_put_str(&c->out, c->e->item_sep)) { py_err_nomem(I); goto out_lv; }
            if (ind && newline_indent(c, level + 1)) { py_err_nomem(I); goto out_lv; }
        }
        py_val item = py_newref(py_is_list(seq) ? PY_LIST(seq)->items[i] : py_tuple_items(seq)[i]);
        int er = enc_value(c, item, level + 1);
        py_decref(I, item);
        if (er) goto out_lv;
    }
    if (ind && newline_indent(c, level)) { py_err_nomem(I); goto out_lv; }
    if (sk_buf_putc(&c->out, ']')) { py_err_nomem(I); goto out_lv; }
    r = 0;
out_lv:
    leave_level(c);
out:
    unmark(c, key);
    py_decref(I, seq);
    return r;
}

/* the text of a dict key, or NULL (skip: *skip = 1) */
static py_val key_text(jctx *c, py_val k, int *skip)
{
    py_interp *I = c->I;
    *skip = 0;
    if (py_is_str(k)) return py_newref(k);
    if (k == PY_TRUE) return py_str_cstr(I, "true");
    if (k == PY_FALSE) return py_str_cstr(I, "false");
    if (k == PY_NONE) return py_str_cstr(I, "null");
    if (py_is_float(k) || py_isinstance_t(I, k, PY_TYPE(I, PY_T_FLOAT))) {
        double d;
        if (py_to_double(I, k, &d)) return PY_NULL;
        size_t before = c->out.len;
        if (put_float(c, d)) return PY_NULL;
        py_val s = py_str_new(I, c->out.p + before, c->out.len - before);
        c->out.len = before;
        return s;
    }
    if (py_is_intlike(k)) {
        py_val iv = py_int_exact(I, k);   /* a new reference */
        if (!iv) return PY_NULL;
        py_val s = py_int_repr(I, iv);
        py_decref(I, iv);
        return s;
    }
    if (c->e->skipkeys) { *skip = 1; return PY_NULL; }
    return py_err_fmt(I, PY_E_TypeError, "keys must be str, int, float, bool or None, not %s", py_type_name(I, k));
}

static int enc_dict(jctx *c, py_val v, int level)
{
    py_interp *I = c->I;
    py_val items;
    if (py_is_dict(v)) {
        items = py_list_new(I, py_dict_len(v));
        if (!items) return -1;
        size_t pos = 0;
        py_val k, val;
        while (py_dict_next(v, &pos, &k, &val)) {
            py_val t = py_tuple_pack(I, 2, k, val);
            if (!t || py_list_append_steal(I, items, t)) { py_decref(I, items); return -1; }
        }
    } else {
        py_val it = py_call_method(I, v, PY_ID(I, items), NULL, 0);
        if (!it) return -1;
        items = py_sequence_list(I, it);
        py_decref(I, it);
        if (!items) return -1;
    }
    if (PY_LIST(items)->n == 0) { py_decref(I, items); return sk_buf_puts(&c->out, "{}") ? (py_err_nomem(I), -1) : 0; }
    py_val key;
    if (mark(c, v, &key)) { py_decref(I, items); return -1; }
    int r = -1;
    if (enter_level(c)) goto out;
    if (c->e->sort_keys && py_list_sort(I, items, PY_NULL, 0)) goto out_lv;
    if (sk_buf_putc(&c->out, '{')) { py_err_nomem(I); goto out_lv; }
    int ind = c->e->indent != PY_NULL;
    int first = 1;
    for (size_t i = 0; i < PY_LIST(items)->n; i++) {
        py_val t = PY_LIST(items)->items[i];
        if (!py_is_tuple(t) || py_tuple_len(t) != 2) { py_err_str(I, PY_E_ValueError, "items must return 2-tuples"); goto out_lv; }
        int skip;
        py_val kt = key_text(c, py_tuple_items(t)[0], &skip);
        if (!kt) { if (skip) continue; goto out_lv; }
        int er = 0;
        if (!first) er = py_buf_put_str(&c->out, c->e->item_sep);
        if (!er && ind) er = newline_indent(c, level + 1);
        first = 0;
        if (!er) er = put_json_str(&c->out, py_str_data(kt), py_str_len(kt), c->e->ascii);
        if (!er) er = py_buf_put_str(&c->out, c->e->key_sep);
        py_decref(I, kt);
        if (er) { py_err_nomem(I); goto out_lv; }
        if (enc_value(c, py_tuple_items(t)[1], level + 1)) goto out_lv;
    }
    if (ind && !first && newline_indent(c, level)) { py_err_nomem(I); goto out_lv; }
    if (sk_buf_putc(&c->out, '}')) { py_err_nomem(I); goto out_lv; }
    r = 0;
out_lv:
    leave_level(c);
out:
    unmark(c, key);
    py_decref(I, items);
    return r;
}

static int enc_value(jctx *c, py_val v, int level)
{
    py_interp *I = c->I;
    if (v == PY_NONE) return sk_buf_puts(&c->out, "null") ? (py_err_nomem(I), -1) : 0;
    if (v == PY_TRUE) return sk_buf_puts(&c->out, "true") ? (py_err_nomem(I), -1) : 0;
    if (v == PY_FALSE) return sk_buf_puts(&c->out, "false") ? (py_err_nomem(I), -1) : 0;
    if (py_is_str(v)) return put_json_str(&c->out, py_str_data(v), py_str_len(v), c->e->ascii) ? (py_err_nomem(I), -1) : 0;
    if (py_is_int(v) || py_is_bigint(v)) return put_int(c, v);
    if (py_is_float(v)) return put_float(c, py_float_val(v));
    if (py_is_ptr(v) && (PY_OBJ(v)->type->flags & PY_TF_FLOAT_SUB)) {
        double d;
        if (py_to_double(I, v, &d)) return -1;
        return put_float(c, d);
    }
    if (py_is_list(v) || py_is_tuple(v)) return enc_list(c, v, level);
    if (py_is_dict(v)) return enc_dict(c, v, level);
    /* default(o) */
    py_val key;
    if (mark(c, v, &key)) return -1;
    if (enter_level(c)) { unmark(c, key); return -1; }
    py_val nv = py_call1(I, c->e->defaultfn, v);
    int r = nv ? enc_value(c, nv, level) : -1;
    py_xdecref(I, nv);
    leave_level(c);
    unmark(c, key);
    return r;
}

static py_val jenc_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw)
{
    if (py_args_exact(I, "_iterencode", nargs, kw, 2)) return PY_NULL;
    int64_t level;
    if (pym_arg_int(I, args[1], &level)) return PY_NULL;
    jctx c = { I, (jenc *)PY_OBJ(self), SK_BUF_INIT(I->alloc), 0 };
    if (enc_value(&c, args[0], (int)level)) {
        while (c.entered) leave_level(&c);
        sk_buf_free(&c.out);
        return PY_NULL;
    }
    py_val s = py_str_from_buf(I, &c.out);
    if (!s) return PY_NULL;
    py_val t = py_tuple_pack(I, 1, s);
    py_decref(I, s);
    return t;
}

static void jenc_dealloc(py_interp *I, py_obj *o)
{
    jenc *e = (jenc *)o;
    py_gc_untrack(I, o);
    py_xdecref(I, e->markers);
    py_xdecref(I, e->defaultfn);
    py_xdecref(I, e->encoder);
    py_xdecref(I, e->indent);
    py_xdecref(I, e->key_sep);
    py_xdecref(I, e->item_sep);
    py_obj_free(I, o, sizeof(jenc));
}

static void jenc_traverse(py_obj *o, py_visitfn visit, void *ctx)
{
    jenc *e = (jenc *)o;
    if (e->markers) visit(e->markers, ctx);
    if (e->defaultfn) visit(e->defaultfn, ctx);
    if (e->encoder) visit(e->encoder, ctx);
}

static void jenc_clear(py_interp *I, py_obj *o)
{
    jenc *e = (jenc *)o;
    PY_CLEAR(I, e->markers);
    PY_CLEAR(I, e->defaultfn);
    PY_CLEAR(I, e->encoder);
}

static py_val jenc_new(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kw)
{
    static const char *const names[] = { "markers", "default", "encoder", "indent", "key_separator", "item_separator",
                                         "sort_keys", "skipkeys", "allow_nan", NULL };
    py_val a[9];
    if (pym_parse(I, "make_encoder", args, nargs, kw, names, 9, a)) return PY_NULL;
    if (a[0] != PY_NONE && !py_is_dict(a[0]))
        return py_err_fmt(I, PY_E_TypeError, "make_encoder() argument 1 must be dict or None, not %s", py_type_name(I, a[0]));
    if (a[3] != PY_NONE && !py_is_str(a[3]))
        return py_err_fmt(I, PY_E_TypeError, "make_encoder() argument 4 must be str or None, not %s", py_type_name(I, a[3]));
    if (!py_is_str(a[4]))
        return py_err_fmt(I, PY_E_TypeError, "make_encoder() argument 5 must be str, not %s", py_type_name(I, a[4]));
    if (!py_is_str(a[5]))
        return py_err_fmt(I, PY_E_TypeError, "make_encoder() argument 6 must be str, not %s", py_type_name(I, a[5]));
    int flags[3];
    for (int i = 0; i < 3; i++) {
        int tr = py_truthy(I, a[6 + i]);
        if (tr < 0) return PY_NULL;
        flags[i] = tr;
    }
    jenc *e = (jenc *)py_obj_new(I, t, sizeof(jenc));
    if (!e) return PY_NULL;
    e->markers = a[0] == PY_NONE ? PY_NULL : py_newref(a[0]);
    e->defaultfn = py_newref(a[1]);
    e->encoder = py_newref(a[2]);
    e->indent = a[3] == PY_NONE ? PY_NULL : py_newref(a[3]);
    e->key_sep = py_newref(a[4]);
    e->item_sep = py_newref(a[5]);
    e->sort_keys = flags[0];
    e->skipkeys = flags[1];
    e->allow_nan = flags[2];
    /* the encoder for strings decides ensure_ascii */
    py_val eb = py_getattr_s(I, a[2], "__name__");
    if (!eb) py_err_clear(I);
    e->ascii = !(eb && py_is_str(eb) && py_str_eq_c(eb, "encode_basestring"));
    py_xdecref(I, eb);
    return PY_VAL(e);
}

static const py_typedef jenc_td = {
    .name = "make_encoder", .qualname = "_json.make_encoder", .base = PY_T_OBJECT, .flags = PY_TF_GC,
    .basicsize = sizeof(jenc),
    .slots = { .dealloc = jenc_dealloc, .traverse = jenc_traverse, .clear = jenc_clear, .call = jenc_call, .new_ = jenc_new },
};

/* ---- the decoder ---------------------------------------------------------------------------------------- */
typedef struct jdec {
    py_interp *I;
    py_val doc;                /* the str */
    const char *s;
    size_t n;
    int strict;
    py_val object_hook, pairs_hook, parse_float, parse_int, parse_constant;
    int depth0;
} jdec;

/* raise json.JSONDecodeError(msg, doc, charpos) */
static py_val dec_error(jdec *d, const char *msg, size_t bytepos)
{
    py_interp *I = d->I;
    if (bytepos > d->n) bytepos = d->n;
    size_t cpos = PY_STR(d->doc)->ascii ? bytepos : py_utf8_count(d->s, bytepos);
    py_val cls = pym_import_attr(I, "json", "JSONDecodeError");
    if (!cls) return PY_NULL;
    py_val m = py_str_cstr(I, msg);
    if (!m) { py_decref(I, cls); return PY_NULL; }
    py_val a[3] = { m, d->doc, py_int_from_u64(I, cpos) };
    py_val e = py_call(I, cls, a, 3, PY_NULL);
    py_decref(I, cls);
    py_decref(I, m);
    if (e) py_err_setexc(I, e);
    return PY_NULL;
}

static size_t skip_ws(jdec *d, size_t i)
{
    while (i < d->n && (d->s[i] == ' ' || d->s[i] == '\t' || d->s[i] == '\n' || d->s[i] == '\r')) i++;
    return i;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int read_u4(jdec *d, size_t i, uint32_t *out)
{
    if (i + 4 > d->n) return -1;
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        int h = hexval(d->s[i + k]);
        if (h < 0) return -1;
        v = v * 16 + (uint32_t)h;
    }
    *out = v;
    return 0;
}

/* parse a string whose opening quote is at `start`; *end = after the closing quote */
static py_val scan_string(jdec *d, size_t start, size_t *end)
{
    py_interp *I = d->I;
    size_t i = start + 1;
    /* fast path: no escapes */
    size_t j = i;
    while (j < d->n) {
        unsigned char c = (unsigned char)d->s[j];
        if (c == '"' || c == '\\' || (c < 0x20 && d->strict)) break;
        j++;
    }
    if (j < d->n && d->s[j] == '"') {
        *end = j + 1;
        return py_str_new(I, d->s + i, j - i);
    }
    sk_buf b = SK_BUF_INIT(I->alloc);
    for (;;) {
        if (i >= d->n) { sk_buf_free(&b); return dec_error(d, "Unterminated string starting at", start); }
        unsigned char c = (unsigned char)d->s[i];
        if (c == '"') break;
        if (c < 0x20 && d->strict) { sk_buf_free(&b); return dec_error(d, "Invalid control character at", i); }
        if (c != '\\') {
            size_t k = i;
            while (k < d->n && d->s[k] != '"' && d->s[k] != '\\' && !((unsigned char)d->s[k] < 0x20 && d->strict)) k++;
            if (sk_buf_put(&b, d->s + i, k - i)) goto nomem;
            i = k;
            continue;
        }
        if (i + 1 >= d->n) { sk_buf_free(&b); return dec_error(d, "Unterminated string starting at", start); }
        char e = d->s[i + 1];
        const char *rep = NULL;
        switch (e) {
        case '"': rep = "\""; break;
        case '\\': rep = "\\"; break;
        case '/': rep = "/"; break;
        case 'b': rep = "\b"; break;
        case 'f': rep = "\f"; break;
        case 'n': rep = "\n"; break;
        case 'r': rep = "\r"; break;
        case 't': rep = "\t"; break;
        case 'u': break;
        default: sk_buf_free(&b); return dec_error(d, "Invalid \\escape", i);
        }
        if (rep) {
            if (sk_buf_putc(&b, rep[0])) goto nomem;
            i += 2;
            continue;
        }
        uint32_t cp;
        if (read_u4(d, i + 2, &cp)) { sk_buf_free(&b); return dec_error(d, "Invalid \\uXXXX escape", i + 1); }
        i += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < d->n && d->s[i] == '\\' && d->s[i + 1] == 'u') {
            uint32_t lo;
            if (read_u4(d, i + 2, &lo)) { sk_buf_free(&b); return dec_error(d, "Invalid \\uXXXX escape", i + 1); }
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                i += 6;
            }
        }
        char tmp[4];
        int l = py_utf8_encode(cp, tmp);
        if (sk_buf_put(&b, tmp, (size_t)l)) goto nomem;
    }
    *end = i + 1;
    if (!py_utf8_valid(b.p ? b.p : "", b.len, NULL)) {
        /* lone surrogates: let the codec build the string */
        py_val r = py_bytes_decode(I, b.p ? b.p : "", b.len, "utf-8", "surrogatepass");
        if (!r) { py_err_clear(I); r = py_str_from_buf(I, &b); } else sk_buf_free(&b);
        return r;
    }
    return py_str_from_buf(I, &b);
nomem:
    sk_buf_free(&b);
    return py_err_nomem(I);
}

static py_val call_hook(py_interp *I, py_val hook, const char *s, size_t n)
{
    py_val str = py_str_new(I, s, n);
    if (!str) return PY_NULL;
    py_val r = py_call1(I, hook, str);
    py_decref(I, str);
    return r;
}

static py_val scan_number(jdec *d, size_t i, size_t *end, int *none)
{
    py_interp *I = d->I;
    *none = 0;
    size_t st = i;
    if (i < d->n && d->s[i] == '-') i++;
    if (i >= d->n || d->s[i] < '0' || d->s[i] > '9') { *none = 1; return PY_NULL; }
    if (d->s[i] == '0') i++;
    else while (i < d->n && d->s[i] >= '0' && d->s[i] <= '9') i++;
    size_t intend = i;
    int isfloat = 0;
    if (i + 1 < d->n && d->s[i] == '.' && d->s[i + 1] >= '0' && d->s[i + 1] <= '9') {
        i += 2;
        while (i < d->n && d->s[i] >= '0' && d->s[i] <= '9') i++;
        isfloat = 1;
    }
    if (i < d->n && (d->s[i] == 'e' || d->s[i] == 'E')) {
        size_t k = i + 1;
        if (k < d->n && (d->s[k] == '+' || d->s[k] == '-')) k++;
        if (k < d->n && d->s[k] >= '0' && d->s[k] <= '9') {
            while (k < d->n && d->s[k] >= '0' && d->s[k] <= '9') k++;
            i = k;
            isfloat = 1;
        }
    }
    *end = i;
    if (isfloat) {
        if (d->parse_float) return call_hook(I, d->parse_float, d->s + st, i - st);
        return py_float_from_str(I, d->s + st, i - st);
    }
    if (d->parse_int) return call_hook(I, d->parse_int, d->s + st, intend - st);
    size_t digits = intend - st - (d->s[st] == '-');
    if (digits > 4300)
        return py_err_fmt(I, PY_E_ValueError,
                          "Exceeds the limit (4300 digits) for integer string conversion: value has %zu digits; "
                          "use sys.set_int_max_str_digits() to increase the limit", digits);
    if (intend - st < 18) {
        int64_t v = 0;
        for (size_t k = st + (d->s[st] == '-'); k < intend; k++) v = v * 10 + (d->s[k] - '0');
        return py_int_from_i64(I, d->s[st] == '-' ? -v : v);
    }
    int bad = 0;
    return py_int_from_str(I, d->s + st, intend - st, 10, &bad);
}

static py_val scan_value(jdec *d, size_t i, size_t *end);

static int dec_enter(jdec *d, const char *what)
{
    py_interp *I = d->I;
    if (sk_stack_low(I->stack_limit) || I->depth >= I->recursion_limit) {
        py_err_fmt(I, PY_E_RecursionError, "maximum recursion depth exceeded while decoding a JSON %s from a unicode string", what);
        return -1;
    }
    I->depth++;
    return 0;
}

static py_val scan_array(jdec *d, size_t i, size_t *end)
{
    py_interp *I = d->I;
    if (dec_enter(d, "array")) return PY_NULL;
    py_val l = py_list_new(I, 0);
    if (!l) goto fail;
    i = skip_ws(d, i + 1);
    if (i < d->n && d->s[i] == ']') { *end = i + 1; I->depth--; return l; }
    for (;;) {
        size_t e;
        py_val v = scan_value(d, i, &e);
        if (!v) goto fail;
        if (py_list_append_steal(I, l, v)) goto fail;
        i = skip_ws(d, e);
        if (i < d->n && d->s[i] == ']') { *end = i + 1; break; }
        if (i >= d->n || d->s[i] != ',') { dec_error(d, "Expecting ',' delimiter", i); goto fail; }
        size_t comma = i;
        i = skip_ws(d, i + 1);
        if (i < d->n && d->s[i] == ']') { dec_error(d, "Illegal trailing comma before end of array", comma); goto fail; }
    }
    I->depth--;
    return l;
fail:
    I->depth--;
    py_xdecref(I, l);
    return PY_NULL;
}

static py_val scan_object(jdec *d, size_t i, size_t *end)
{
    py_interp *I = d->I;
    if (dec_enter(d, "object")) return PY_NULL;
    py_val pairs = py_list_new(I, 0);
    py_val result = PY_NULL;
    if (!pairs) goto fail;
    i = skip_ws(d, i + 1);
    if (i < d->n && d->s[i] == '}') {
        i++;
    } else {
        for (;;) {
            if (i >= d->n || d->s[i] != '"') { dec_error(d, "Expecting property name enclosed in double quotes", i); goto fail; }
            size_t e;
            py_val k = scan_string(d, i, &e);
            if (!k) goto fail;
            k = py_intern_str(I, k);
            if (!k) goto fail;
            i = skip_ws(d, e);
            if (i >= d->n || d->s[i] != ':') { py_decref(I, k); dec_error(d, "Expecting ':' delimiter", i); goto fail; }
            i = skip_ws(d, i + 1);
            py_val v = scan_value(d, i, &e);
            if (!v) { py_decref(I, k); goto fail; }
            py_val t = py_tuple_pack(I, 2, k, v);
            py_decref(I, k);
            py_decref(I, v);
            if (!t || py_list_append_steal(I, pairs, t)) goto fail;
            i = skip_ws(d, e);
            if (i < d->n && d->s[i] == '}') { i++; break; }
            if (i >= d->n || d->s[i] != ',') { dec_error(d, "Expecting ',' delimiter", i); goto fail; }
            size_t comma = i;
            i = skip_ws(d, i + 1);
            if (i < d->n && d->s[i] == '}') { dec_error(d, "Illegal trailing comma before end of object", comma); goto fail; }
        }
    }
    *end = i;
    if (d->pairs_hook) {
        result = py_call1(I, d->pairs_hook, pairs);
    } else {
        result = py_dict_new(I);
        for (size_t k = 0; result && k < PY_LIST(pairs)->n; k++) {
            py_val t = PY_LIST(pairs)->items[k];
            if (py_dict_set(I, result, py_tuple_items(t)[0], py_tuple_items(t)[1])) PY_CLEAR(I, result);
        }
        if (result && d->object_hook) {
            py_val r2 = py_call1(I, d->object_hook, result);
            py_decref(I, result);
            result = r2;
        }
    }
    py_decref(I, pairs);
    I->depth--;
    return result;
fail:
    I->depth--;
    py_xdecref(I, pairs);
    return PY_NULL;
}

static py_val constant(jdec *d, const char *name, double v)
{
    if (d->parse_constant) return call_hook(d->I, d->parse_constant, name, strlen(name));
    return py_float(v);
}

static py_val scan_value(jdec *d, size_t i, size_t *end)
{
    if (i >= d->n) return dec_error(d, "Expecting value", i);
    const char *s = d->s + i;
    size_t rest = d->n - i;
    switch (*s) {
    case '"': return scan_string(d, i, end);
    case '{': return scan_object(d, i, end);
    case '[': return scan_array(d, i, end);
    case 'n': if (rest >= 4 && !memcmp(s, "null", 4)) { *end = i + 4; return PY_NONE; } break;
    case 't': if (rest >= 4 && !memcmp(s, "true", 4)) { *end = i + 4; return PY_TRUE; } break;
    case 'f': if (rest >= 5 && !memcmp(s, "false", 5)) { *end = i + 5; return PY_FALSE; } break;
    case 'N': if (rest >= 3 && !memcmp(s, "NaN", 3)) { *end = i + 3; return constant(d, "NaN", NAN); } break;
    case 'I': if (rest >= 8 && !memcmp(s, "Infinity", 8)) { *end = i + 8; return constant(d, "Infinity", INFINITY); } break;
    case '-':
        if (rest >= 9 && !memcmp(s, "-Infinity", 9)) { *end = i + 9; return constant(d, "-Infinity", -INFINITY); }
        break;
    default: break;
    }
    int none;
    py_val v = scan_number(d, i, end, &none);
    if (none) return dec_error(d, "Expecting value", i);
    return v;
}

/* scanner(s, idx, strict, object_hook, object_pairs_hook, parse_float, parse_int, parse_constant) -> (value, end) */
PYM_FN(j_scanner)
{
    (void)self;
    if (py_args_exact(I, "scanner", nargs, kw, 8)) return PY_NULL;
    if (!py_is_str(args[0])) return py_err_fmt(I, PY_E_TypeError, "first argument must be a string, not %s", py_type_name(I, args[0]));
    int64_t idx;
    if (pym_arg_int(I, args[1], &idx)) return PY_NULL;
    jdec d;
    memset(&d, 0, sizeof d);
    d.I = I;
    d.doc = args[0];
    d.s = py_str_data(args[0]);
    d.n = py_str_len(args[0]);
    int strict = py_truthy(I, args[2]);
    if (strict < 0) return PY_NULL;
    d.strict = strict;
    d.object_hook = args[3] == PY_NONE ? PY_NULL : args[3];
    d.pairs_hook = args[4] == PY_NONE ? PY_NULL : args[4];
    d.parse_float = args[5] == PY_NONE ? PY_NULL : args[5];
    d.parse_int = args[6] == PY_NONE ? PY_NULL : args[6];
    d.parse_constant = args[7] == PY_NONE ? PY_NULL : args[7];
    size_t cps = PY_STR(args[0])->cplen;
    if (idx < 0 || (uint64_t)idx > cps) {
        if (idx < 0) return py_err_str(I, PY_E_ValueError, "idx cannot be negative");
        return dec_error(&d, "Expecting value", d.n);
    }
    size_t start = PY_STR(args[0])->ascii ? (size_t)idx : py_utf8_offset(args[0], idx);
    int depth = I->depth;
    size_t end = start;
    py_val v = scan_value(&d, start, &end);
    I->depth = depth;
    if (!v) return PY_NULL;
    size_t cend = PY_STR(args[0])->ascii ? end : py_utf8_count(d.s, end);
    py_val r = py_tuple_pack(I, 2, v, py_int_from_u64(I, cend));
    py_decref(I, v);
    return r;
}

static const py_methoddef json_fns[] = {
    { "encode_basestring_ascii", j_encode_basestring_ascii, 0 },
    { "encode_basestring", j_encode_basestring, 0 },
    { "scanner", j_scanner, 0 },
    { NULL, NULL, 0 }
};

int py_mod__json_init(py_interp *I, py_val mod);
int py_mod__json_init(py_interp *I, py_val mod)
{
    if (py_module_add_functions(I, mod, json_fns)) return -1;
    if (!pym_type_add(I, mod, &jenc_td, NULL)) return -1;
    return 0;
}
