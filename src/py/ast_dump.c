/* ast_dump.c — CPython-compatible ast.dump() text for a py_mod. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "base/stack.h"
#include "py/parser.h"

#define DUMP_MAX_DEPTH 20000

typedef struct D {
    sk_buf *b;
    int attrs;
    int err;
    int depth;
} D;

static void put(D *d, const char *s) { if (sk_buf_puts(d->b, s)) d->err = 1; }
static void putn(D *d, const char *s, size_t n) { if (sk_buf_put(d->b, s, n)) d->err = 1; }

/* ---- reprs -------------------------------------------------------------- */

static void repr_float(D *d, double v, const char *suffix)
{
    char buf[64];
    if (isinf(v)) { put(d, v > 0 ? "inf" : "-inf"); put(d, suffix); return; }
    if (isnan(v)) { put(d, "nan"); put(d, suffix); return; }
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
        if (strtod(buf, NULL) == v) break;
    }
    /* buf is d.ddde[+-]XX: extract digits and exponent */
    char digits[32];
    int nd = 0, neg = 0;
    const char *q = buf;
    if (*q == '-') { neg = 1; q++; }
    for (; *q && *q != 'e'; q++) if (*q != '.') digits[nd++] = *q;
    int exp = atoi(q + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    char out[80];
    int o = 0;
    if (neg) out[o++] = '-';
    if (exp >= -5 + 1 && exp < 16) {
        if (exp >= 0) {
            for (int k = 0; k <= exp; k++) out[o++] = k < nd ? digits[k] : '0';
            out[o++] = '.';
            if (nd > exp + 1) for (int k = exp + 1; k < nd; k++) out[o++] = digits[k];
            else if (*suffix) o--;   /* complex: 2j, not 2.0j */
            else out[o++] = '0';
        } else {
            out[o++] = '0';
            out[o++] = '.';
            for (int k = 0; k < -exp - 1; k++) out[o++] = '0';
            for (int k = 0; k < nd; k++) out[o++] = digits[k];
        }
        out[o] = 0;
    } else {
        out[o++] = digits[0];
        if (nd > 1) {
            out[o++] = '.';
            for (int k = 1; k < nd; k++) out[o++] = digits[k];
        }
        snprintf(out + o, sizeof out - (size_t)o, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    }
    put(d, out);
    put(d, suffix);
}

static int printable(int32_t c)
{
    if (c < 0x20 || c == 0x7F) return 0;
    if (c < 0x7F) return 1;
    switch (utf8proc_category(c)) {
    case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS: case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
        return 0;
    case UTF8PROC_CATEGORY_ZS:
        return c == ' ';
    default:
        return 1;
    }
}

/* decode one WTF-8 code point; returns length */
static int wtf8(const unsigned char *s, size_t n, int32_t *cp)
{
    unsigned c = s[0];
    if (c < 0x80 || n < 2) { *cp = (int32_t)c; return 1; }
    if ((c & 0xE0) == 0xC0) { *cp = (int32_t)(((c & 0x1F) << 6) | (s[1] & 0x3F)); return 2; }
    if ((c & 0xF0) == 0xE0 && n >= 3) {
        *cp = (int32_t)(((c & 0x0F) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu));
        return 3;
    }
    if ((c & 0xF8) == 0xF0 && n >= 4) {
        *cp = (int32_t)(((c & 0x07) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3Fu));
        return 4;
    }
    *cp = (int32_t)c;
    return 1;
}

static void repr_str(D *d, const char *s, size_t n, int bytes)
{
    int sq = 0, dq = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') sq = 1;
        if (s[i] == '"') dq = 1;
    }
    char q = (sq && !dq) ? '"' : '\'';
    if (bytes) put(d, "b");
    putn(d, &q, 1);
    char buf[16];
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == (unsigned char)q || c == '\\') { buf[0] = '\\'; buf[1] = (char)c; putn(d, buf, 2); i++; continue; }
        if (c == '\t') { put(d, "\\t"); i++; continue; }
        if (c == '\n') { put(d, "\\n"); i++; continue; }
        if (c == '\r') { put(d, "\\r"); i++; continue; }
        if (bytes) {
            if (c < 0x20 || c >= 0x7F) { snprintf(buf, sizeof buf, "\\x%02x", c); put(d, buf); }
            else putn(d, (const char *)&c, 1);
            i++;
            continue;
        }
        int32_t cp;
        int k = wtf8((const unsigned char *)s + i, n - i, &cp);
        if (printable(cp) && !(cp >= 0xD800 && cp <= 0xDFFF)) putn(d, s + i, (size_t)k);
        else if (cp < 0x100) { snprintf(buf, sizeof buf, "\\x%02x", (unsigned)cp); put(d, buf); }
        else if (cp < 0x10000) { snprintf(buf, sizeof buf, "\\u%04x", (unsigned)cp); put(d, buf); }
        else { snprintf(buf, sizeof buf, "\\U%08x", (unsigned)cp); put(d, buf); }
        i += (size_t)k;
    }
    putn(d, &q, 1);
}

/* digit string in base 2/8/16 -> decimal, via base-1e9 limbs */
static void big_to_dec(D *d, const char *digits, int base)
{
    size_t nd = strlen(digits);
    size_t cap = nd / 2 + 2;
    uint32_t *l = sk_malloc(d->b->a, cap * sizeof *l);
    if (!l) { d->err = 1; return; }
    size_t n = 0;
    for (const char *q = digits; *q; q++) {
        uint64_t carry = (uint64_t)(*q >= '0' && *q <= '9' ? *q - '0' : (*q | 32) - 'a' + 10);
        for (size_t k = 0; k < n; k++) {
            uint64_t v = (uint64_t)l[k] * (uint64_t)base + carry;
            l[k] = (uint32_t)(v % 1000000000u);
            carry = v / 1000000000u;
        }
        while (carry && n < cap) { l[n++] = (uint32_t)(carry % 1000000000u); carry /= 1000000000u; }
    }
    char buf[16];
    if (n == 0) put(d, "0");
    else {
        snprintf(buf, sizeof buf, "%u", l[n - 1]);
        put(d, buf);
        for (size_t k = n - 1; k-- > 0;) { snprintf(buf, sizeof buf, "%09u", l[k]); put(d, buf); }
    }
    sk_free(d->b->a, l);
}

static void repr_const(D *d, const py_const *c)
{
    char buf[32];
    switch (c->kind) {
    case PY_CONST_NONE: put(d, "None"); break;
    case PY_CONST_TRUE: put(d, "True"); break;
    case PY_CONST_FALSE: put(d, "False"); break;
    case PY_CONST_ELLIPSIS: put(d, "Ellipsis"); break;
    case PY_CONST_INT:
        if (!c->u.i.digits) {
            snprintf(buf, sizeof buf, "%lld", (long long)c->u.i.value);
            put(d, buf);
        } else if (c->u.i.base == 10) {
            put(d, c->u.i.digits);
        } else {
            big_to_dec(d, c->u.i.digits, c->u.i.base);
        }
        break;
    case PY_CONST_FLOAT: repr_float(d, c->u.f, ""); break;
    case PY_CONST_COMPLEX: repr_float(d, c->u.f, "j"); break;
    case PY_CONST_STR: repr_str(d, c->u.s.data, c->u.s.len, 0); break;
    case PY_CONST_BYTES: repr_str(d, c->u.s.data, c->u.s.len, 1); break;
    }
}

/* ---- node printing ------------------------------------------------------ */

typedef struct N { D *d; int n; } N;

static N open_node(D *d, const char *name)
{
    put(d, name);
    put(d, "(");
    N r = { d, 0 };
    return r;
}

static void fname(N *n, const char *f)
{
    if (n->n++) put(n->d, ", ");
    put(n->d, f);
    put(n->d, "=");
}

static void close_pos(N *n, int l, int c, int el, int ec)
{
    if (n->d->attrs) {
        char buf[128];
        snprintf(buf, sizeof buf, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d",
                 n->n ? ", " : "", l, c, el, ec);
        put(n->d, buf);
    }
    put(n->d, ")");
}

static void close_node(N *n) { put(n->d, ")"); }

static void dump_expr(D *d, const py_expr *e);
static void dump_stmt(D *d, const py_stmt *s);
static void dump_pattern(D *d, const py_pattern *pt);

static void f_expr(N *n, const char *f, const py_expr *e)
{
    if (!e) return;
    fname(n, f);
    dump_expr(n->d, e);
}

static void f_ident(N *n, const char *f, const char *s)
{
    if (!s) return;
    fname(n, f);
    repr_str(n->d, s, strlen(s), 0);
}

static void f_int(N *n, const char *f, int v)
{
    char buf[24];
    fname(n, f);
    snprintf(buf, sizeof buf, "%d", v);
    put(n->d, buf);
}

static void f_raw(N *n, const char *f, const char *v)
{
    fname(n, f);
    put(n->d, v);
}

static void f_exprs(N *n, const char *f, py_expr_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        if (s.items[i]) dump_expr(n->d, s.items[i]);
        else put(n->d, "None");
    }
    put(n->d, "]");
}

static void f_stmts(N *n, const char *f, py_stmt_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        dump_stmt(n->d, s.items[i]);
    }
    put(n->d, "]");
}

static void f_patterns(N *n, const char *f, py_pattern_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        dump_pattern(n->d, s.items[i]);
    }
    put(n->d, "]");
}

static void f_idents(N *n, const char *f, py_ident_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        repr_str(n->d, s.items[i], strlen(s.items[i]), 0);
    }
    put(n->d, "]");
}

static const char *ctx_name(py_expr_context c)
{
    return c == PY_CTX_STORE ? "Store()" : c == PY_CTX_DEL ? "Del()" : "Load()";
}

static const char *op_name(py_operator o)
{
    static const char *const names[] = {"", "Add()", "Sub()", "Mult()", "MatMult()", "Div()", "Mod()",
                                        "Pow()", "LShift()", "RShift()", "BitOr()", "BitXor()",
                                        "BitAnd()", "FloorDiv()"};
    return (int)o >= 1 && (int)o <= 13 ? names[o] : "?";
}

static const char *cmp_name(py_cmpop o)
{
    static const char *const names[] = {"", "Eq()", "NotEq()", "Lt()", "LtE()", "Gt()", "GtE()",
                                        "Is()", "IsNot()", "In()", "NotIn()"};
    return (int)o >= 1 && (int)o <= 10 ? names[o] : "?";
}

static void f_arg(N *n, const char *f, const py_arg *a)
{
    if (!a) return;
    fname(n, f);
    N m = open_node(n->d, "arg");
    f_ident(&m, "arg", a->arg);
    f_expr(&m, "annotation", a->annotation);
    f_ident(&m, "type_comment", a->type_comment);
    close_pos(&m, a->lineno, a->col_offset, a->end_lineno, a->end_col_offset);
}

static void f_args(N *n, const char *f, py_arg_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        const py_arg *a = s.items[i];
        N m = open_node(n->d, "arg");
        f_ident(&m, "arg", a->arg);
        f_expr(&m, "annotation", a->annotation);
        close_pos(&m, a->lineno, a->col_offset, a->end_lineno, a->end_col_offset);
    }
    put(n->d, "]");
}

static void f_arguments(N *n, const char *f, const py_arguments *a)
{
    if (!a) return;
    fname(n, f);
    N m = open_node(n->d, "arguments");
    f_args(&m, "posonlyargs", a->posonlyargs);
    f_args(&m, "args", a->args);
    f_arg(&m, "vararg", a->vararg);
    f_args(&m, "kwonlyargs", a->kwonlyargs);
    f_exprs(&m, "kw_defaults", a->kw_defaults);
    f_arg(&m, "kwarg", a->kwarg);
    f_exprs(&m, "defaults", a->defaults);
    close_node(&m);
}

static void f_keywords(N *n, const char *f, py_keyword_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        const py_keyword *k = s.items[i];
        N m = open_node(n->d, "keyword");
        f_ident(&m, "arg", k->arg);
        f_expr(&m, "value", k->value);
        close_pos(&m, k->lineno, k->col_offset, k->end_lineno, k->end_col_offset);
    }
    put(n->d, "]");
}

static void f_comps(N *n, const char *f, py_comprehension_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        const py_comprehension *c = s.items[i];
        N m = open_node(n->d, "comprehension");
        f_expr(&m, "target", c->target);
        f_expr(&m, "iter", c->iter);
        f_exprs(&m, "ifs", c->ifs);
        f_int(&m, "is_async", c->is_async);
        close_node(&m);
    }
    put(n->d, "]");
}

static void f_type_params(N *n, const char *f, py_type_param_seq s)
{
    if (!s.n) return;
    fname(n, f);
    put(n->d, "[");
    for (int i = 0; i < s.n; i++) {
        if (i) put(n->d, ", ");
        const py_type_param *t = s.items[i];
        N m;
        switch (t->kind) {
        case PY_TP_TYPEVAR:
            m = open_node(n->d, "TypeVar");
            f_ident(&m, "name", t->v.typevar.name);
            f_expr(&m, "bound", t->v.typevar.bound);
            f_expr(&m, "default_value", t->v.typevar.default_value);
            break;
        case PY_TP_PARAMSPEC:
            m = open_node(n->d, "ParamSpec");
            f_ident(&m, "name", t->v.paramspec.name);
            f_expr(&m, "default_value", t->v.paramspec.default_value);
            break;
        default:
            m = open_node(n->d, "TypeVarTuple");
            f_ident(&m, "name", t->v.typevartuple.name);
            f_expr(&m, "default_value", t->v.typevartuple.default_value);
            break;
        }
        close_pos(&m, t->lineno, t->col_offset, t->end_lineno, t->end_col_offset);
    }
    put(n->d, "]");
}

static int enter(D *d)
{
    if (++d->depth > DUMP_MAX_DEPTH) { d->err = 1; return -1; }
    return 0;
}

static void dump_expr(D *d, const py_expr *e)
{
    if (d->err || enter(d)) return;
    N n;
    switch (e->kind) {
    case PY_EXPR_BOOLOP:
        n = open_node(d, "BoolOp");
        f_raw(&n, "op", e->v.boolop.op == PY_BOOL_AND ? "And()" : "Or()");
        f_exprs(&n, "values", e->v.boolop.values);
        break;
    case PY_EXPR_NAMEDEXPR:
        n = open_node(d, "NamedExpr");
        f_expr(&n, "target", e->v.namedexpr.target);
        f_expr(&n, "value", e->v.namedexpr.value);
        break;
    case PY_EXPR_BINOP:
        n = open_node(d, "BinOp");
        f_expr(&n, "left", e->v.binop.left);
        f_raw(&n, "op", op_name(e->v.binop.op));
        f_expr(&n, "right", e->v.binop.right);
        break;
    case PY_EXPR_UNARYOP: {
        static const char *const un[] = {"", "Invert()", "Not()", "UAdd()", "USub()"};
        n = open_node(d, "UnaryOp");
        f_raw(&n, "op", un[e->v.unaryop.op]);
        f_expr(&n, "operand", e->v.unaryop.operand);
        break;
    }
    case PY_EXPR_LAMBDA:
        n = open_node(d, "Lambda");
        f_arguments(&n, "args", e->v.lambda.args);
        f_expr(&n, "body", e->v.lambda.body);
        break;
    case PY_EXPR_IFEXP:
        n = open_node(d, "IfExp");
        f_expr(&n, "test", e->v.ifexp.test);
        f_expr(&n, "body", e->v.ifexp.body);
        f_expr(&n, "orelse", e->v.ifexp.orelse);
        break;
    case PY_EXPR_DICT:
        n = open_node(d, "Dict");
        f_exprs(&n, "keys", e->v.dict.keys);
        f_exprs(&n, "values", e->v.dict.values);
        break;
    case PY_EXPR_SET:
        n = open_node(d, "Set");
        f_exprs(&n, "elts", e->v.set.elts);
        break;
    case PY_EXPR_LISTCOMP: case PY_EXPR_SETCOMP: case PY_EXPR_GENERATOREXP:
        n = open_node(d, e->kind == PY_EXPR_LISTCOMP ? "ListComp" : e->kind == PY_EXPR_SETCOMP ? "SetComp" : "GeneratorExp");
        f_expr(&n, "elt", e->v.listcomp.elt);
        f_comps(&n, "generators", e->v.listcomp.generators);
        break;
    case PY_EXPR_DICTCOMP:
        n = open_node(d, "DictComp");
        f_expr(&n, "key", e->v.dictcomp.key);
        f_expr(&n, "value", e->v.dictcomp.value);
        f_comps(&n, "generators", e->v.dictcomp.generators);
        break;
    case PY_EXPR_AWAIT: case PY_EXPR_YIELD: case PY_EXPR_YIELDFROM:
        n = open_node(d, e->kind == PY_EXPR_AWAIT ? "Await" : e->kind == PY_EXPR_YIELD ? "Yield" : "YieldFrom");
        f_expr(&n, "value", e->v.await.value);
        break;
    case PY_EXPR_COMPARE:
        n = open_node(d, "Compare");
        f_expr(&n, "left", e->v.compare.left);
        fname(&n, "ops");
        put(d, "[");
        for (int i = 0; i < e->v.compare.ops.n; i++) {
            if (i) put(d, ", ");
            put(d, cmp_name(e->v.compare.ops.items[i]));
        }
        put(d, "]");
        f_exprs(&n, "comparators", e->v.compare.comparators);
        break;
    case PY_EXPR_CALL:
        n = open_node(d, "Call");
        f_expr(&n, "func", e->v.call.func);
        f_exprs(&n, "args", e->v.call.args);
        f_keywords(&n, "keywords", e->v.call.keywords);
        break;
    case PY_EXPR_FORMATTEDVALUE:
        n = open_node(d, "FormattedValue");
        f_expr(&n, "value", e->v.formattedvalue.value);
        f_int(&n, "conversion", e->v.formattedvalue.conversion);
        f_expr(&n, "format_spec", e->v.formattedvalue.format_spec);
        break;
    case PY_EXPR_INTERPOLATION:
        n = open_node(d, "Interpolation");
        f_expr(&n, "value", e->v.interpolation.value);
        fname(&n, "str");
        repr_const(d, &e->v.interpolation.str);
        f_int(&n, "conversion", e->v.interpolation.conversion);
        f_expr(&n, "format_spec", e->v.interpolation.format_spec);
        break;
    case PY_EXPR_JOINEDSTR: case PY_EXPR_TEMPLATESTR:
        n = open_node(d, e->kind == PY_EXPR_JOINEDSTR ? "JoinedStr" : "TemplateStr");
        f_exprs(&n, "values", e->v.joinedstr.values);
        break;
    case PY_EXPR_CONSTANT:
        n = open_node(d, "Constant");
        fname(&n, "value");
        repr_const(d, &e->v.constant.value);
        f_ident(&n, "kind", e->v.constant.kind);
        break;
    case PY_EXPR_ATTRIBUTE:
        n = open_node(d, "Attribute");
        f_expr(&n, "value", e->v.attribute.value);
        f_ident(&n, "attr", e->v.attribute.attr);
        f_raw(&n, "ctx", ctx_name(e->v.attribute.ctx));
        break;
    case PY_EXPR_SUBSCRIPT:
        n = open_node(d, "Subscript");
        f_expr(&n, "value", e->v.subscript.value);
        f_expr(&n, "slice", e->v.subscript.slice);
        f_raw(&n, "ctx", ctx_name(e->v.subscript.ctx));
        break;
    case PY_EXPR_STARRED:
        n = open_node(d, "Starred");
        f_expr(&n, "value", e->v.starred.value);
        f_raw(&n, "ctx", ctx_name(e->v.starred.ctx));
        break;
    case PY_EXPR_NAME:
        n = open_node(d, "Name");
        f_ident(&n, "id", e->v.name.id);
        f_raw(&n, "ctx", ctx_name(e->v.name.ctx));
        break;
    case PY_EXPR_LIST: case PY_EXPR_TUPLE:
        n = open_node(d, e->kind == PY_EXPR_LIST ? "List" : "Tuple");
        f_exprs(&n, "elts", e->v.list.elts);
        f_raw(&n, "ctx", ctx_name(e->v.list.ctx));
        break;
    case PY_EXPR_SLICE:
        n = open_node(d, "Slice");
        f_expr(&n, "lower", e->v.slice.lower);
        f_expr(&n, "upper", e->v.slice.upper);
        f_expr(&n, "step", e->v.slice.step);
        break;
    default:
        d->err = 1;
        return;
    }
    close_pos(&n, e->lineno, e->col_offset, e->end_lineno, e->end_col_offset);
    d->depth--;
}

static void dump_pattern(D *d, const py_pattern *p)
{
    if (d->err || enter(d)) return;
    N n;
    switch (p->kind) {
    case PY_PAT_MATCHVALUE:
        n = open_node(d, "MatchValue");
        f_expr(&n, "value", p->v.matchvalue.value);
        break;
    case PY_PAT_MATCHSINGLETON:
        n = open_node(d, "MatchSingleton");
        fname(&n, "value");
        repr_const(d, &p->v.matchsingleton.value);
        break;
    case PY_PAT_MATCHSEQUENCE:
        n = open_node(d, "MatchSequence");
        f_patterns(&n, "patterns", p->v.matchsequence.patterns);
        break;
    case PY_PAT_MATCHMAPPING:
        n = open_node(d, "MatchMapping");
        f_exprs(&n, "keys", p->v.matchmapping.keys);
        f_patterns(&n, "patterns", p->v.matchmapping.patterns);
        f_ident(&n, "rest", p->v.matchmapping.rest);
        break;
    case PY_PAT_MATCHCLASS:
        n = open_node(d, "MatchClass");
        f_expr(&n, "cls", p->v.matchclass.cls);
        f_patterns(&n, "patterns", p->v.matchclass.patterns);
        f_idents(&n, "kwd_attrs", p->v.matchclass.kwd_attrs);
        f_patterns(&n, "kwd_patterns", p->v.matchclass.kwd_patterns);
        break;
    case PY_PAT_MATCHSTAR:
        n = open_node(d, "MatchStar");
        f_ident(&n, "name", p->v.matchstar.name);
        break;
    case PY_PAT_MATCHAS:
        n = open_node(d, "MatchAs");
        if (p->v.matchas.pattern) {
            fname(&n, "pattern");
            dump_pattern(d, p->v.matchas.pattern);
        }
        f_ident(&n, "name", p->v.matchas.name);
        break;
    case PY_PAT_MATCHOR:
        n = open_node(d, "MatchOr");
        f_patterns(&n, "patterns", p->v.matchor.patterns);
        break;
    default:
        d->err = 1;
        return;
    }
    close_pos(&n, p->lineno, p->col_offset, p->end_lineno, p->end_col_offset);
    d->depth--;
}

static void dump_stmt(D *d, const py_stmt *s)
{
    if (d->err || enter(d)) return;
    N n;
    switch (s->kind) {
    case PY_STMT_FUNCTIONDEF: case PY_STMT_ASYNCFUNCTIONDEF:
        n = open_node(d, s->kind == PY_STMT_FUNCTIONDEF ? "FunctionDef" : "AsyncFunctionDef");
        f_ident(&n, "name", s->v.functiondef.name);
        f_arguments(&n, "args", s->v.functiondef.args);
        f_stmts(&n, "body", s->v.functiondef.body);
        f_exprs(&n, "decorator_list", s->v.functiondef.decorator_list);
        f_expr(&n, "returns", s->v.functiondef.returns);
        f_type_params(&n, "type_params", s->v.functiondef.type_params);
        break;
    case PY_STMT_CLASSDEF:
        n = open_node(d, "ClassDef");
        f_ident(&n, "name", s->v.classdef.name);
        f_exprs(&n, "bases", s->v.classdef.bases);
        f_keywords(&n, "keywords", s->v.classdef.keywords);
        f_stmts(&n, "body", s->v.classdef.body);
        f_exprs(&n, "decorator_list", s->v.classdef.decorator_list);
        f_type_params(&n, "type_params", s->v.classdef.type_params);
        break;
    case PY_STMT_RETURN:
        n = open_node(d, "Return");
        f_expr(&n, "value", s->v.return_.value);
        break;
    case PY_STMT_DELETE:
        n = open_node(d, "Delete");
        f_exprs(&n, "targets", s->v.delete.targets);
        break;
    case PY_STMT_ASSIGN:
        n = open_node(d, "Assign");
        f_exprs(&n, "targets", s->v.assign.targets);
        f_expr(&n, "value", s->v.assign.value);
        break;
    case PY_STMT_TYPEALIAS:
        n = open_node(d, "TypeAlias");
        f_expr(&n, "name", s->v.typealias.name);
        f_type_params(&n, "type_params", s->v.typealias.type_params);
        f_expr(&n, "value", s->v.typealias.value);
        break;
    case PY_STMT_AUGASSIGN:
        n = open_node(d, "AugAssign");
        f_expr(&n, "target", s->v.augassign.target);
        f_raw(&n, "op", op_name(s->v.augassign.op));
        f_expr(&n, "value", s->v.augassign.value);
        break;
    case PY_STMT_ANNASSIGN:
        n = open_node(d, "AnnAssign");
        f_expr(&n, "target", s->v.annassign.target);
        f_expr(&n, "annotation", s->v.annassign.annotation);
        f_expr(&n, "value", s->v.annassign.value);
        f_int(&n, "simple", s->v.annassign.simple);
        break;
    case PY_STMT_FOR: case PY_STMT_ASYNCFOR:
        n = open_node(d, s->kind == PY_STMT_FOR ? "For" : "AsyncFor");
        f_expr(&n, "target", s->v.for_.target);
        f_expr(&n, "iter", s->v.for_.iter);
        f_stmts(&n, "body", s->v.for_.body);
        f_stmts(&n, "orelse", s->v.for_.orelse);
        break;
    case PY_STMT_WHILE: case PY_STMT_IF:
        n = open_node(d, s->kind == PY_STMT_WHILE ? "While" : "If");
        f_expr(&n, "test", s->v.if_.test);
        f_stmts(&n, "body", s->v.if_.body);
        f_stmts(&n, "orelse", s->v.if_.orelse);
        break;
    case PY_STMT_WITH: case PY_STMT_ASYNCWITH:
        n = open_node(d, s->kind == PY_STMT_WITH ? "With" : "AsyncWith");
        if (s->v.with.items.n) {
            fname(&n, "items");
            put(d, "[");
            for (int i = 0; i < s->v.with.items.n; i++) {
                if (i) put(d, ", ");
                N m = open_node(d, "withitem");
                f_expr(&m, "context_expr", s->v.with.items.items[i]->context_expr);
                f_expr(&m, "optional_vars", s->v.with.items.items[i]->optional_vars);
                close_node(&m);
            }
            put(d, "]");
        }
        f_stmts(&n, "body", s->v.with.body);
        break;
    case PY_STMT_MATCH:
        n = open_node(d, "Match");
        f_expr(&n, "subject", s->v.match.subject);
        if (s->v.match.cases.n) {
            fname(&n, "cases");
            put(d, "[");
            for (int i = 0; i < s->v.match.cases.n; i++) {
                const py_match_case *c = s->v.match.cases.items[i];
                if (i) put(d, ", ");
                N m = open_node(d, "match_case");
                fname(&m, "pattern");
                dump_pattern(d, c->pattern);
                f_expr(&m, "guard", c->guard);
                f_stmts(&m, "body", c->body);
                close_node(&m);
            }
            put(d, "]");
        }
        break;
    case PY_STMT_RAISE:
        n = open_node(d, "Raise");
        f_expr(&n, "exc", s->v.raise.exc);
        f_expr(&n, "cause", s->v.raise.cause);
        break;
    case PY_STMT_TRY: case PY_STMT_TRYSTAR:
        n = open_node(d, s->kind == PY_STMT_TRY ? "Try" : "TryStar");
        f_stmts(&n, "body", s->v.try_.body);
        if (s->v.try_.handlers.n) {
            fname(&n, "handlers");
            put(d, "[");
            for (int i = 0; i < s->v.try_.handlers.n; i++) {
                const py_excepthandler *h = s->v.try_.handlers.items[i];
                if (i) put(d, ", ");
                N m = open_node(d, "ExceptHandler");
                f_expr(&m, "type", h->type);
                f_ident(&m, "name", h->name);
                f_stmts(&m, "body", h->body);
                close_pos(&m, h->lineno, h->col_offset, h->end_lineno, h->end_col_offset);
            }
            put(d, "]");
        }
        f_stmts(&n, "orelse", s->v.try_.orelse);
        f_stmts(&n, "finalbody", s->v.try_.finalbody);
        break;
    case PY_STMT_ASSERT:
        n = open_node(d, "Assert");
        f_expr(&n, "test", s->v.assert.test);
        f_expr(&n, "msg", s->v.assert.msg);
        break;
    case PY_STMT_IMPORT: case PY_STMT_IMPORTFROM: {
        py_alias_seq names;
        if (s->kind == PY_STMT_IMPORT) {
            n = open_node(d, "Import");
            names = s->v.import.names;
        } else {
            n = open_node(d, "ImportFrom");
            f_ident(&n, "module", s->v.importfrom.module);
            names = s->v.importfrom.names;
        }
        if (names.n) {
            fname(&n, "names");
            put(d, "[");
            for (int i = 0; i < names.n; i++) {
                const py_alias *a = names.items[i];
                if (i) put(d, ", ");
                N m = open_node(d, "alias");
                f_ident(&m, "name", a->name);
                f_ident(&m, "asname", a->asname);
                close_pos(&m, a->lineno, a->col_offset, a->end_lineno, a->end_col_offset);
            }
            put(d, "]");
        }
        if (s->kind == PY_STMT_IMPORTFROM) f_int(&n, "level", s->v.importfrom.level);
        break;
    }
    case PY_STMT_GLOBAL: case PY_STMT_NONLOCAL:
        n = open_node(d, s->kind == PY_STMT_GLOBAL ? "Global" : "Nonlocal");
        f_idents(&n, "names", s->v.global.names);
        break;
    case PY_STMT_EXPR:
        n = open_node(d, "Expr");
        f_expr(&n, "value", s->v.expr.value);
        break;
    case PY_STMT_PASS: n = open_node(d, "Pass"); break;
    case PY_STMT_BREAK: n = open_node(d, "Break"); break;
    case PY_STMT_CONTINUE: n = open_node(d, "Continue"); break;
    default:
        d->err = 1;
        return;
    }
    close_pos(&n, s->lineno, s->col_offset, s->end_lineno, s->end_col_offset);
    d->depth--;
}

int py_ast_dump(sk_buf *out, const py_mod *mod, int attrs)
{
    D d = { out, attrs, 0, 0 };
    N n;
    switch (mod->kind) {
    case PY_MOD_MODULE:
        n = open_node(&d, "Module");
        f_stmts(&n, "body", mod->v.module.body);
        break;
    case PY_MOD_INTERACTIVE:
        n = open_node(&d, "Interactive");
        f_stmts(&n, "body", mod->v.interactive.body);
        break;
    case PY_MOD_EXPRESSION:
        n = open_node(&d, "Expression");
        f_expr(&n, "body", mod->v.expression.body);
        break;
    default:
        n = open_node(&d, "FunctionType");
        f_exprs(&n, "argtypes", mod->v.functiontype.argtypes);
        f_expr(&n, "returns", mod->v.functiontype.returns);
        break;
    }
    close_node(&n);
    return d.err ? -1 : 0;
}

int py_ast_dump_expr(sk_buf *out, const py_expr *e, int attrs)
{
    D d = { out, attrs, 0, 0 };
    dump_expr(&d, e);
    return d.err ? -1 : 0;
}
