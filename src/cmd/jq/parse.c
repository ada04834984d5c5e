/* parse.c — lexer and recursive-descent parser for the jq language
 * (jq 1.7 grammar and operator precedence).  Nesting is bounded by a
 * depth counter and the C-stack guard; every token costs one unit of
 * fuel.  Error messages follow jq's bison wording where it matters
 * ("syntax error, unexpected X"). */
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "base/stack.h"
#include "jv_json.h"

enum {
    T_EOF = 0, T_IDENT, T_FIELD, T_VAR, T_NUM, T_FORMAT, T_QUOTE, T_LOC, T_INVALID,
    T_REC,        /* .. */
    T_EQ, T_NE, T_LE, T_GE,
    T_ALT,        /* // */
    T_ALTDESTR,   /* ?// */
    T_SETPIPE, T_SETPLUS, T_SETMINUS, T_SETMULT, T_SETDIV, T_SETMOD, T_SETALT,
    T_CHAR,       /* single punctuation character in tok.ch */
};

typedef struct tok {
    int t;
    int ch;
    size_t start, len;
} tok;

typedef struct parser {
    const jq_parse_opts *o;
    const char *s;
    size_t n;
    size_t pos;           /* lexer position */
    tok cur;              /* current token (already lexed) */
    size_t prev_start;    /* start of the token before cur (jq reports EOF errors there) */
    int depth;
    long fuel;
    sk_buf *err;
    int errpos;
    int failed;
} parser;

/* ---- lexer ------------------------------------------------------------------- */

static int is_id0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_id(char c) { return is_id0(c) || (c >= '0' && c <= '9'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

static size_t skip_ws(parser *p, size_t i)
{
    for (;;) {
        while (i < p->n && (p->s[i] == ' ' || p->s[i] == '\t' || p->s[i] == '\n' || p->s[i] == '\r')) i++;
        if (i < p->n && p->s[i] == '#') {
            /* a comment; a backslash before the newline continues it (jq 1.7) */
            while (i < p->n && p->s[i] != '\n') {
                if (p->s[i] == '\\' && i + 1 < p->n) i++;
                i++;
            }
            continue;
        }
        return i;
    }
}

static size_t ident_end(parser *p, size_t i)
{
    for (;;) {
        while (i < p->n && is_id(p->s[i])) i++;
        if (i + 2 < p->n && p->s[i] == ':' && p->s[i + 1] == ':' && is_id0(p->s[i + 2])) { i += 2; continue; }
        return i;
    }
}

static void lex(parser *p)
{
    p->prev_start = p->cur.start;
    size_t i = skip_ws(p, p->pos);
    tok t = { T_EOF, 0, i, 0 };
    if (p->fuel > 0 && --p->fuel == 0) {
        if (!p->failed) { sk_buf_puts(p->err, "program too complex (parser operation limit)"); p->errpos = (int)i; }
        p->failed = 1;
    }
    if (i >= p->n) { p->cur = t; p->pos = i; return; }
    const char *s = p->s;
    char c = s[i];
    size_t j = i + 1;
    if (c == '.' && j < p->n && s[j] == '.') { t.t = T_REC; j++; }
    else if (c == '.' && j < p->n && is_id0(s[j])) { t.t = T_FIELD; j++; while (j < p->n && is_id(s[j])) j++; }
    else if ((c == '.' && j < p->n && is_digit(s[j])) || is_digit(c)) {
        j = i;
        while (j < p->n && is_digit(s[j])) j++;
        if (j < p->n && s[j] == '.') { j++; while (j < p->n && is_digit(s[j])) j++; }
        if (j < p->n && (s[j] == 'e' || s[j] == 'E')) {
            size_t k = j + 1;
            if (k < p->n && (s[k] == '+' || s[k] == '-')) k++;
            if (k < p->n && is_digit(s[k])) { j = k; while (j < p->n && is_digit(s[j])) j++; }
        }
        t.t = T_NUM;
    } else if (c == '$' && j < p->n && is_id0(s[j])) {
        j = ident_end(p, j);
        t.t = (j - i == 8 && memcmp(s + i, "$__loc__", 8) == 0) ? T_LOC : T_VAR;
    } else if (c == '@' && j < p->n && is_id0(s[j])) {
        while (j < p->n && is_id(s[j])) j++;
        t.t = T_FORMAT;
    } else if (is_id0(c)) {
        j = ident_end(p, i);
        t.t = T_IDENT;
    } else if (c == '"') {
        t.t = T_QUOTE;
    } else {
        int two = j < p->n ? s[j] : 0;
        int three = j + 1 < p->n ? s[j + 1] : 0;
        t.t = T_CHAR;
        t.ch = c;
        switch (c) {
        case '=': if (two == '=') { t.t = T_EQ; j++; } break;
        case '!': if (two == '=') { t.t = T_NE; j++; } else t.t = T_INVALID; break;
        case '<': if (two == '=') { t.t = T_LE; j++; } break;
        case '>': if (two == '=') { t.t = T_GE; j++; } break;
        case '/':
            if (two == '/') { j++; if (three == '=') { t.t = T_SETALT; j++; } else t.t = T_ALT; }
            else if (two == '=') { t.t = T_SETDIV; j++; }
            break;
        case '|': if (two == '=') { t.t = T_SETPIPE; j++; } break;
        case '+': if (two == '=') { t.t = T_SETPLUS; j++; } break;
        case '-': if (two == '=') { t.t = T_SETMINUS; j++; } break;
        case '*': if (two == '=') { t.t = T_SETMULT; j++; } break;
        case '%': if (two == '=') { t.t = T_SETMOD; j++; } break;
        case '?':
            if (two == '/' && three == '/') { t.t = T_ALTDESTR; j += 2; }
            break;
        case '.': case '[': case ']': case '{': case '}': case '(': case ')': case ',': case ':': case ';':
            break;
        default:
            t.t = T_INVALID;
        }
    }
    t.len = j - i;
    p->cur = t;
    p->pos = j;
}

static int is_char(parser *p, int ch) { return p->cur.t == T_CHAR && p->cur.ch == ch; }
static int is_kw(parser *p, const char *kw)
{
    if (p->cur.t != T_IDENT || p->s[p->cur.start] != kw[0]) return 0;
    size_t l = strlen(kw);
    return p->cur.t == T_IDENT && p->cur.len == l && memcmp(p->s + p->cur.start, kw, l) == 0;
}

static const char *const keywords[] = {
    "def", "if", "then", "elif", "else", "end", "as", "reduce", "foreach", "try", "catch",
    "label", "import", "include", "and", "or", "__loc__", "module", "break", NULL,
};

static int cur_is_keyword(parser *p)
{
    if (p->cur.t != T_IDENT || p->cur.len < 2 || p->cur.len > 7) return 0;
    for (int i = 0; keywords[i]; i++)
        if (is_kw(p, keywords[i])) return 1;
    return 0;
}

/* bison's name for the current token */
static void tok_name(parser *p, char *buf, size_t cap)
{
    tok *t = &p->cur;
    switch (t->t) {
    case T_EOF: snprintf(buf, cap, "end of file"); return;
    case T_IDENT:
        if (cur_is_keyword(p) && !is_kw(p, "__loc__")) { snprintf(buf, cap, "%.*s", (int)t->len, p->s + t->start); return; }
        snprintf(buf, cap, "IDENT");
        return;
    case T_FIELD: snprintf(buf, cap, "FIELD"); return;
    case T_VAR: snprintf(buf, cap, "BINDING"); return;
    case T_LOC: snprintf(buf, cap, "$__loc__"); return;
    case T_NUM: snprintf(buf, cap, "LITERAL"); return;
    case T_FORMAT: snprintf(buf, cap, "FORMAT"); return;
    case T_QUOTE: snprintf(buf, cap, "QQSTRING_START"); return;
    case T_INVALID: snprintf(buf, cap, "INVALID_CHARACTER"); return;
    case T_CHAR: snprintf(buf, cap, "'%c'", t->ch); return;
    default: snprintf(buf, cap, "%.*s", (int)t->len, p->s + t->start); return;
    }
}

static void *fail_at(parser *p, size_t pos, const char *fmt, const char *arg)
{
    if (!p->failed) {
        sk_buf_printf(p->err, fmt, arg);
        p->errpos = (int)pos;
        p->failed = 1;
    }
    return NULL;
}

static void *unexpected(parser *p, const char *expecting)
{
    if (p->failed) return NULL;
    char name[64];
    tok_name(p, name, sizeof name);
    sk_buf_printf(p->err, "syntax error, unexpected %s", name);
    if (expecting) sk_buf_printf(p->err, ", expecting %s", expecting);
    sk_buf_puts(p->err, " (Unix shell quoting issues?)");
    p->errpos = (int)(p->cur.t == T_EOF ? p->prev_start : p->cur.start);
    p->failed = 1;
    return NULL;
}

static int expect_char(parser *p, int ch)
{
    if (p->failed) return -1;
    if (!is_char(p, ch)) {
        unexpected(p, NULL);
        return -1;
    }
    lex(p);
    return 0;
}

/* ---- nodes ----------------------------------------------------------------------- */

static jq_node *mk(parser *p, int op, size_t pos)
{
    jq_node *n = sk_arena_zalloc(p->o->arena, sizeof *n);
    if (!n) {
        p->o->h->oom = 1;
        return fail_at(p, pos, "%s", "out of memory");
    }
    n->op = (uint8_t)op;
    n->pos = (int32_t)pos;
    n->val = jqv_null();
    return n;
}

static const char *dupstr(parser *p, const char *s, size_t n)
{
    char *d = sk_arena_strndup(p->o->arena, s, n);
    if (!d) { p->o->h->oom = 1; fail_at(p, 0, "%s", "out of memory"); }
    return d;
}

typedef struct nodelist { jq_node **v; int n, cap; } nodelist;

static int list_push(parser *p, nodelist *l, jq_node *x)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        jq_node **nv = sk_arena_alloc(p->o->arena, (size_t)cap * sizeof *nv);
        if (!nv) { p->o->h->oom = 1; fail_at(p, 0, "%s", "out of memory"); return -1; }
        if (l->n) memcpy(nv, l->v, (size_t)l->n * sizeof *nv);
        l->v = nv;
        l->cap = cap;
    }
    l->v[l->n++] = x;
    return 0;
}

static jq_node *lit(parser *p, jv v, size_t pos)
{
    jq_node *n = mk(p, N_LITERAL, pos);
    if (n && jqv_is_heap(v) && sk_buf_put(p->o->literals, &v, sizeof v)) {
        p->o->h->oom = 1;
        n = fail_at(p, pos, "%s", "out of memory");
    }
    if (n) n->val = v;
    else jqv_free(p->o->h, v);
    return n;
}

static jq_node *mk2(parser *p, int op, size_t pos, jq_node *a, jq_node *b)
{
    if (!a || !b) return NULL;
    jq_node *n = mk(p, op, pos);
    if (n) { n->a = a; n->b = b; }
    return n;
}

/* ---- grammar ------------------------------------------------------------------------ */

enum { PF_NOCOMMA = 1 };

static jq_node *parse_pipe(parser *p, int flags);
static jq_node *parse_alt(parser *p);
static jq_node *parse_postfix(parser *p, int allow_as);
static jq_node *parse_string(parser *p, const char *format, size_t pos);
static jq_node *parse_patterns(parser *p, jq_node *owner);

static int enter(parser *p)
{
    if (++p->depth > p->o->max_depth || sk_stack_low(p->o->stack_limit)) {
        fail_at(p, p->cur.start, "%s", "program too deeply nested");
        return -1;
    }
    return 0;
}

static jq_node *parse_funcdef(parser *p)
{
    size_t pos = p->cur.start;
    lex(p);                                   /* def */
    if (p->cur.t != T_IDENT || cur_is_keyword(p)) return unexpected(p, "IDENT");
    jq_node *d = mk(p, N_FUNCDEF, pos);
    if (!d) return NULL;
    d->name = dupstr(p, p->s + p->cur.start, p->cur.len);
    lex(p);
    nodelist params = { 0 };
    if (is_char(p, '(')) {
        lex(p);
        for (;;) {
            jq_node *pv = NULL;
            if (p->cur.t == T_VAR) {
                pv = mk(p, P_VAR, p->cur.start);
                if (!pv) return NULL;
                pv->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
                pv->sub = 1;
            } else if (p->cur.t == T_IDENT && !cur_is_keyword(p)) {
                pv = mk(p, P_VAR, p->cur.start);
                if (!pv) return NULL;
                pv->name = dupstr(p, p->s + p->cur.start, p->cur.len);
            } else return unexpected(p, NULL);
            if (list_push(p, &params, pv)) return NULL;
            lex(p);
            if (is_char(p, ';')) { lex(p); continue; }
            if (expect_char(p, ')')) return NULL;
            break;
        }
    }
    if (expect_char(p, ':')) return NULL;
    d->args = params.v;
    d->nargs = params.n;
    d->a = parse_pipe(p, 0);
    if (!d->a || expect_char(p, ';')) return NULL;
    return d;
}

static jq_node *parse_pipe(parser *p, int flags)
{
    if (p->failed || enter(p)) return NULL;
    jq_node *r;
    if (is_kw(p, "def")) {
        jq_node *d = parse_funcdef(p);
        if (!d) return NULL;
        d->b = parse_pipe(p, flags);
        r = d->b ? d : NULL;
        p->depth--;
        return r;
    }
    /* comma level */
    jq_node *lhs = NULL;
    {
        lhs = parse_alt(p);
        while (lhs && !(flags & PF_NOCOMMA) && is_char(p, ',')) {
            size_t pos = p->cur.start;
            lex(p);
            lhs = mk2(p, N_COMMA, pos, lhs, parse_alt(p));
        }
    }
    if (lhs && is_char(p, '|')) {
        size_t pos = p->cur.start;
        lex(p);
        lhs = mk2(p, N_PIPE, pos, lhs, parse_pipe(p, flags));
    }
    p->depth--;
    return lhs;
}

static jq_node *parse_unary(parser *p);

static jq_node *parse_mul(parser *p)
{
    jq_node *l = parse_unary(p);
    while (l && p->cur.t == T_CHAR && (p->cur.ch == '*' || p->cur.ch == '/' || p->cur.ch == '%')) {
        int op = p->cur.ch;
        size_t pos = p->cur.start;
        lex(p);
        l = mk2(p, N_BINOP, pos, l, parse_unary(p));
        if (l) l->sub = (uint16_t)op;
    }
    return l;
}

static jq_node *parse_add(parser *p)
{
    jq_node *l = parse_mul(p);
    while (l && p->cur.t == T_CHAR && (p->cur.ch == '+' || p->cur.ch == '-')) {
        int op = p->cur.ch;
        size_t pos = p->cur.start;
        lex(p);
        l = mk2(p, N_BINOP, pos, l, parse_mul(p));
        if (l) l->sub = (uint16_t)op;
    }
    return l;
}

static jq_node *parse_cmp(parser *p)
{
    jq_node *l = parse_add(p);
    if (!l) return NULL;
    int op = 0;
    switch (p->cur.t) {
    case T_EQ: op = OP_EQ; break;
    case T_NE: op = OP_NE; break;
    case T_LE: op = OP_LE; break;
    case T_GE: op = OP_GE; break;
    case T_CHAR: if (p->cur.ch == '<' || p->cur.ch == '>') op = p->cur.ch; break;
    }
    if (!op) return l;
    size_t pos = p->cur.start;
    lex(p);
    l = mk2(p, N_BINOP, pos, l, parse_add(p));
    if (l) l->sub = (uint16_t)op;
    if (l && (p->cur.t == T_EQ || p->cur.t == T_NE || p->cur.t == T_LE || p->cur.t == T_GE || is_char(p, '<') || is_char(p, '>')))
        return unexpected(p, NULL);
    return l;
}

static jq_node *parse_and(parser *p)
{
    jq_node *l = parse_cmp(p);
    while (l && is_kw(p, "and")) {
        size_t pos = p->cur.start;
        lex(p);
        l = mk2(p, N_AND, pos, l, parse_cmp(p));
    }
    return l;
}

static jq_node *parse_or(parser *p)
{
    jq_node *l = parse_and(p);
    while (l && is_kw(p, "or")) {
        size_t pos = p->cur.start;
        lex(p);
        l = mk2(p, N_OR, pos, l, parse_and(p));
    }
    return l;
}

static jq_node *parse_assign(parser *p)
{
    jq_node *l = parse_or(p);
    if (!l) return NULL;
    int op = 0;
    switch (p->cur.t) {
    case T_SETPIPE: op = '|'; break;
    case T_SETPLUS: op = '+'; break;
    case T_SETMINUS: op = '-'; break;
    case T_SETMULT: op = '*'; break;
    case T_SETDIV: op = '/'; break;
    case T_SETMOD: op = '%'; break;
    case T_SETALT: op = OP_ALT; break;
    case T_CHAR: if (p->cur.ch == '=') op = '='; break;
    }
    if (!op) return l;
    size_t pos = p->cur.start;
    lex(p);
    /* the right side binds tighter than '//' (jq's precedence table) */
    l = mk2(p, N_ASSIGN, pos, l, parse_or(p));
    if (l) l->sub = (uint16_t)op;
    return l;
}

static jq_node *parse_alt(parser *p)
{
    if (p->failed || enter(p)) return NULL;
    jq_node *l = parse_assign(p);
    if (l && p->cur.t == T_ALT) {
        size_t pos = p->cur.start;
        lex(p);
        l = mk2(p, N_ALT, pos, l, parse_alt(p));
    }
    p->depth--;
    return l;
}

static jq_node *parse_unary(parser *p)
{
    if (is_char(p, '-')) {
        size_t pos = p->cur.start;
        if (enter(p)) return NULL;
        lex(p);
        jq_node *a = parse_unary(p);
        p->depth--;
        if (!a) return NULL;
        jq_node *n = mk(p, N_NEG, pos);
        if (n) n->a = a;
        return n;
    }
    return parse_postfix(p, 1);
}

/* A name used as an object key or field: identifiers and keywords. */
static jq_node *string_lit(parser *p, const char *s, size_t n, size_t pos)
{
    return lit(p, jqv_string(p->o->h, s, n), pos);
}

static jq_node *parse_object(parser *p, size_t pos)
{
    nodelist kv = { 0 };
    lex(p);                                   /* { */
    while (!is_char(p, '}')) {
        jq_node *key = NULL, *val = NULL;
        size_t kpos = p->cur.start;
        if (p->cur.t == T_VAR || p->cur.t == T_LOC) {
            jq_node *var;
            if (p->cur.t == T_LOC) {
                var = mk(p, N_LOC, kpos);
                key = string_lit(p, "__loc__", 7, kpos);
            } else {
                var = mk(p, N_VAR, kpos);
                if (var) var->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
                key = string_lit(p, p->s + p->cur.start + 1, p->cur.len - 1, kpos);
            }
            lex(p);
            if (!var || !key) return NULL;
            if (is_char(p, ':')) key = var;     /* {$k: v}: the variable's value is the key */
            else val = var;
        } else if (p->cur.t == T_IDENT) {
            key = string_lit(p, p->s + p->cur.start, p->cur.len, kpos);
            size_t ks = p->cur.start, kl = p->cur.len;
            lex(p);
            if (!key) return NULL;
            if (!is_char(p, ':')) {
                jq_node *idx = mk2(p, N_INDEX, kpos, mk(p, N_IDENTITY, kpos), string_lit(p, p->s + ks, kl, kpos));
                val = idx;
            }
        } else if (p->cur.t == T_NUM) {
            /* jq: numeric keys are an error when the object is built */
            jv num;
            if (jqv_parse_number(p->o->h, p->s + p->cur.start, p->cur.len, &num)) return unexpected(p, NULL);
            key = lit(p, num, kpos);
            lex(p);
            if (!is_char(p, ':')) return unexpected(p, "':'");
        } else if (p->cur.t == T_QUOTE || p->cur.t == T_FORMAT) {
            const char *fmt = NULL;
            if (p->cur.t == T_FORMAT) {
                fmt = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
                lex(p);
                if (p->cur.t != T_QUOTE) return unexpected(p, "QQSTRING_START");
            }
            key = parse_string(p, fmt, kpos);
            if (!key) return NULL;
            if (!is_char(p, ':')) {
                val = mk2(p, N_INDEX, kpos, mk(p, N_IDENTITY, kpos), key);
            }
        } else if (is_char(p, '(')) {
            lex(p);
            key = parse_pipe(p, 0);
            if (!key || expect_char(p, ')')) return NULL;
            if (!is_char(p, ':')) return unexpected(p, "':'");
        } else {
            return unexpected(p, NULL);
        }
        if (!val) {
            if (expect_char(p, ':')) return NULL;
            /* ObjVal: pipes of terms; be lenient and take any non-comma expression */
            val = parse_pipe(p, PF_NOCOMMA);
            if (!val) return NULL;
        }
        if (list_push(p, &kv, key) || list_push(p, &kv, val)) return NULL;
        if (is_char(p, ',')) { lex(p); continue; }
        if (!is_char(p, '}')) return unexpected(p, NULL);
    }
    lex(p);
    jq_node *n = mk(p, N_OBJECT, pos);
    if (!n) return NULL;
    n->args = kv.v;
    n->nargs = kv.n;
    return n;
}

/* String literal body after the opening quote (p->cur is T_QUOTE). */
static jq_node *parse_string(parser *p, const char *format, size_t pos)
{
    jvh *h = p->o->h;
    size_t i = p->cur.start + 1;
    nodelist parts = { 0 };
    sk_buf b = SK_BUF_INIT(h->a);
    int ok = 0;
    for (;;) {
        if (i >= p->n) { p->pos = i; p->cur.t = T_EOF; p->cur.start = i; unexpected(p, "QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END"); goto out; }
        char c = p->s[i++];
        if (c == '"') break;
        if (c != '\\') { if (sk_buf_putc(&b, c)) goto oom; continue; }
        if (i >= p->n) continue;
        char e = p->s[i++];
        char o;
        switch (e) {
        case '"': case '\\': case '/': o = e; break;
        case 'b': o = '\b'; break;
        case 'f': o = '\f'; break;
        case 'n': o = '\n'; break;
        case 'r': o = '\r'; break;
        case 't': o = '\t'; break;
        case 'u': {
            unsigned cp = 0;
            int okh = i + 4 <= p->n;
            for (int k = 0; okh && k < 4; k++) {
                char x = p->s[i + (size_t)k];
                cp <<= 4;
                if (x >= '0' && x <= '9') cp |= (unsigned)(x - '0');
                else if (x >= 'a' && x <= 'f') cp |= (unsigned)(x - 'a' + 10);
                else if (x >= 'A' && x <= 'F') cp |= (unsigned)(x - 'A' + 10);
                else okh = 0;
            }
            if (!okh) { fail_at(p, i, "%s", "invalid \\u escape in string literal"); goto out; }
            i += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= p->n && p->s[i] == '\\' && p->s[i + 1] == 'u') {
                unsigned lo = 0;
                int okl = 1;
                for (int k = 0; k < 4; k++) {
                    char x = p->s[i + 2 + (size_t)k];
                    lo <<= 4;
                    if (x >= '0' && x <= '9') lo |= (unsigned)(x - '0');
                    else if (x >= 'a' && x <= 'f') lo |= (unsigned)(x - 'a' + 10);
                    else if (x >= 'A' && x <= 'F') lo |= (unsigned)(x - 'A' + 10);
                    else okl = 0;
                }
                if (okl && lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + (((cp - 0xD800) << 10) | (lo - 0xDC00));
                    i += 6;
                }
            }
            if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
            char u[4];
            int l = jqv_utf8_encode(cp, u);
            if (sk_buf_put(&b, u, (size_t)l)) goto oom;
            continue;
        }
        case '(': {
            if (b.len || parts.n == 0) {
                jq_node *s = lit(p, jqv_string(h, b.p ? b.p : "", b.len), pos);
                if (!s || list_push(p, &parts, s)) goto out;
                s->sub = 1;          /* literal text, not an interpolation */
                sk_buf_clear(&b);
            }
            p->pos = i;
            lex(p);
            jq_node *e2 = parse_pipe(p, 0);
            if (!e2) goto out;
            if (!is_char(p, ')')) { unexpected(p, NULL); goto out; }
            if (list_push(p, &parts, e2)) goto out;
            /* the ')' token ends at p->pos */
            i = p->pos;
            continue;
        }
        default:
            fail_at(p, i - 2, "%s", "invalid escape in string literal");
            goto out;
        }
        if (sk_buf_putc(&b, o)) goto oom;
    }
    if (b.len || parts.n == 0) {
        jq_node *s = lit(p, jqv_string(h, b.p ? b.p : "", b.len), pos);
        if (!s || list_push(p, &parts, s)) goto out;
        s->sub = 1;
    }
    ok = 1;
    goto out;
oom:
    h->oom = 1;
    fail_at(p, pos, "%s", "out of memory");
out:
    sk_buf_free(&b);
    if (!ok) return NULL;
    p->pos = i;
    lex(p);
    if (!format && parts.n == 1 && parts.v[0]->op == N_LITERAL) {
        parts.v[0]->sub = 0;    /* a plain string literal is an ordinary expression */
        return parts.v[0];
    }
    jq_node *n = mk(p, N_STRING, pos);
    if (!n) return NULL;
    n->args = parts.v;
    n->nargs = parts.n;
    n->name = format;
    return n;
}

static jq_node *parse_args(parser *p, jq_node *call)
{
    nodelist args = { 0 };
    lex(p);                       /* ( */
    for (;;) {
        jq_node *a = parse_pipe(p, 0);
        if (!a || list_push(p, &args, a)) return NULL;
        if (is_char(p, ';')) { lex(p); continue; }
        if (expect_char(p, ')')) return NULL;
        break;
    }
    call->args = args.v;
    call->nargs = args.n;
    return call;
}

static jq_node *parse_if(parser *p, size_t pos)
{
    lex(p);                       /* if / elif */
    jq_node *n = mk(p, N_IF, pos);
    if (!n) return NULL;
    n->a = parse_pipe(p, 0);
    if (!n->a) return NULL;
    if (!is_kw(p, "then")) return unexpected(p, "then");
    lex(p);
    n->b = parse_pipe(p, 0);
    if (!n->b) return NULL;
    if (is_kw(p, "elif")) {
        n->c = parse_if(p, p->cur.start);
        return n->c ? n : NULL;
    }
    if (is_kw(p, "else")) {
        lex(p);
        n->c = parse_pipe(p, 0);
        if (!n->c) return NULL;
    }
    if (!is_kw(p, "end")) return unexpected(p, NULL);
    lex(p);
    return n;
}

static jq_node *parse_reduce(parser *p, int foreach)
{
    size_t pos = p->cur.start;
    lex(p);
    jq_node *n = mk(p, foreach ? N_FOREACH : N_REDUCE, pos);
    if (!n) return NULL;
    n->a = parse_postfix(p, 0);
    if (!n->a) return NULL;
    if (!is_kw(p, "as")) return unexpected(p, "as");
    lex(p);
    if (!parse_patterns(p, n)) return NULL;
    if (expect_char(p, '(')) return NULL;
    n->b = parse_pipe(p, 0);
    if (!n->b || expect_char(p, ';')) return NULL;
    n->c = parse_pipe(p, 0);
    if (!n->c) return NULL;
    if (foreach && is_char(p, ';')) {
        lex(p);
        n->d = parse_pipe(p, 0);
        if (!n->d) return NULL;
    }
    if (expect_char(p, ')')) return NULL;
    return n;
}

static jq_node *parse_primary(parser *p)
{
    size_t pos = p->cur.start;
    jvh *h = p->o->h;
    switch (p->cur.t) {
    case T_FIELD: {
        jq_node *k = string_lit(p, p->s + p->cur.start + 1, p->cur.len - 1, pos);
        lex(p);
        return mk2(p, N_INDEX, pos, mk(p, N_IDENTITY, pos), k);
    }
    case T_REC: lex(p); return mk(p, N_RECURSE, pos);
    case T_NUM: {
        jv v;
        if (jqv_parse_number(h, p->s + p->cur.start, p->cur.len, &v)) return unexpected(p, NULL);
        lex(p);
        return lit(p, v, pos);
    }
    case T_QUOTE: return parse_string(p, NULL, pos);
    case T_FORMAT: {
        const char *fmt = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
        lex(p);
        if (p->cur.t == T_QUOTE) return parse_string(p, fmt, pos);
        jq_node *n = mk(p, N_FORMAT, pos);
        if (n) n->name = fmt;
        return n;
    }
    case T_VAR: {
        jq_node *n = mk(p, N_VAR, pos);
        if (n) n->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
        lex(p);
        return n;
    }
    case T_LOC: lex(p); return mk(p, N_LOC, pos);
    case T_CHAR:
        switch (p->cur.ch) {
        case '.':
            lex(p);
            if (p->cur.t == T_QUOTE) {
                jq_node *k = parse_string(p, NULL, p->cur.start);
                return mk2(p, N_INDEX, pos, mk(p, N_IDENTITY, pos), k);
            }
            return mk(p, N_IDENTITY, pos);
        case '(': {
            lex(p);
            jq_node *e = parse_pipe(p, 0);
            if (!e || expect_char(p, ')')) return NULL;
            return e;
        }
        case '[': {
            lex(p);
            jq_node *n = mk(p, N_ARRAY, pos);
            if (!n) return NULL;
            if (is_char(p, ']')) { lex(p); return n; }
            n->a = parse_pipe(p, 0);
            if (!n->a || expect_char(p, ']')) return NULL;
            return n;
        }
        case '{': return parse_object(p, pos);
        }
        return unexpected(p, NULL);
    case T_IDENT:
        if (is_kw(p, "if")) return parse_if(p, pos);
        if (is_kw(p, "reduce")) return parse_reduce(p, 0);
        if (is_kw(p, "foreach")) return parse_reduce(p, 1);
        if (is_kw(p, "def")) return parse_pipe(p, 0);
        if (is_kw(p, "try")) {
            lex(p);
            jq_node *n = mk(p, N_TRY, pos);
            if (!n) return NULL;
            n->a = parse_postfix(p, 0);
            if (!n->a) return NULL;
            if (is_kw(p, "catch")) {
                lex(p);
                n->b = parse_postfix(p, 0);
                if (!n->b) return NULL;
            }
            return n;
        }
        if (is_kw(p, "label")) {
            lex(p);
            if (p->cur.t != T_VAR) return unexpected(p, NULL);
            jq_node *n = mk(p, N_LABEL, pos);
            if (!n) return NULL;
            n->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
            lex(p);
            if (expect_char(p, '|')) return NULL;
            n->a = parse_pipe(p, 0);
            return n->a ? n : NULL;
        }
        if (is_kw(p, "break")) {
            lex(p);
            if (p->cur.t != T_VAR) return unexpected(p, NULL);
            jq_node *n = mk(p, N_BREAK, pos);
            if (!n) return NULL;
            n->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
            lex(p);
            return n;
        }
        if (is_kw(p, "import") || is_kw(p, "include") || is_kw(p, "module"))
            return fail_at(p, pos, "%s", "modules (import/include) are not supported");
        if (cur_is_keyword(p)) return unexpected(p, NULL);
        {
            /* jq: the identifiers null, true and false are constants */
            static const char *const consts[] = { "null", "true", "false" };
            for (int ci = 0; ci < 3; ci++) {
                if (is_kw(p, consts[ci])) {
                    lex(p);
                    return lit(p, ci == 0 ? jqv_null() : ci == 1 ? jqv_true() : jqv_false(), pos);
                }
            }
            jq_node *n = mk(p, N_CALL, pos);
            if (!n) return NULL;
            n->name = dupstr(p, p->s + p->cur.start, p->cur.len);
            lex(p);
            if (is_char(p, '(')) return parse_args(p, n);
            return n;
        }
    case T_EOF:
    default:
        return unexpected(p, NULL);
    }
}

/* t[...] after '[' has been seen at pos: index, slice or iteration */
static jq_node *parse_bracket(parser *p, jq_node *t, size_t pos)
{
    lex(p);                       /* [ */
    if (is_char(p, ']')) {
        lex(p);
        jq_node *n = mk(p, N_ITER, pos);
        if (n) n->a = t;
        return n;
    }
    jq_node *from = NULL, *to = NULL;
    if (!is_char(p, ':')) {
        from = parse_pipe(p, 0);
        if (!from) return NULL;
    }
    if (is_char(p, ':')) {
        lex(p);
        if (!is_char(p, ']')) {
            to = parse_pipe(p, 0);
            if (!to) return NULL;
        } else if (!from) return unexpected(p, NULL);
        if (expect_char(p, ']')) return NULL;
        jq_node *n = mk(p, N_SLICE, pos);
        if (n) { n->a = t; n->b = from; n->c = to; }
        return n;
    }
    if (expect_char(p, ']')) return NULL;
    return mk2(p, N_INDEX, pos, t, from);
}

static jq_node *parse_postfix(parser *p, int allow_as)
{
    if (p->failed || enter(p)) return NULL;
    jq_node *t = parse_primary(p);
    while (t && !p->failed) {
        size_t pos = p->cur.start;
        if (p->cur.t == T_FIELD) {
            jq_node *k = string_lit(p, p->s + p->cur.start + 1, p->cur.len - 1, pos);
            lex(p);
            t = mk2(p, N_INDEX, pos, t, k);
        } else if (is_char(p, '.')) {
            lex(p);
            if (p->cur.t == T_QUOTE) {
                jq_node *k = parse_string(p, NULL, p->cur.start);
                t = mk2(p, N_INDEX, pos, t, k);
            } else if (is_char(p, '[')) {
                t = parse_bracket(p, t, pos);
            } else {
                t = unexpected(p, NULL);
            }
        } else if (is_char(p, '[')) {
            t = parse_bracket(p, t, pos);
        } else if (is_char(p, '?')) {
            lex(p);
            jq_node *n = mk(p, N_OPT, pos);
            if (n) n->a = t;
            t = n;
        } else if (allow_as && is_kw(p, "as")) {
            lex(p);
            jq_node *n = mk(p, N_AS, pos);
            if (!n) { t = NULL; break; }
            n->a = t;
            if (!parse_patterns(p, n) || expect_char(p, '|')) { t = NULL; break; }
            n->b = parse_pipe(p, 0);
            t = n->b ? n : NULL;
            break;
        } else break;
    }
    p->depth--;
    return t;
}

/* ---- patterns ------------------------------------------------------------------------- */

static jq_node *parse_pattern(parser *p)
{
    if (p->failed || enter(p)) return NULL;
    size_t pos = p->cur.start;
    jq_node *r = NULL;
    if (p->cur.t == T_VAR) {
        r = mk(p, P_VAR, pos);
        if (r) r->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
        lex(p);
    } else if (is_char(p, '[')) {
        lex(p);
        nodelist el = { 0 };
        for (;;) {
            jq_node *e = parse_pattern(p);
            if (!e || list_push(p, &el, e)) { p->depth--; return NULL; }
            if (is_char(p, ',')) { lex(p); continue; }
            if (expect_char(p, ']')) { p->depth--; return NULL; }
            break;
        }
        r = mk(p, P_ARRAY, pos);
        if (r) { r->args = el.v; r->nargs = el.n; }
    } else if (is_char(p, '{')) {
        lex(p);
        nodelist kv = { 0 };
        for (;;) {
            size_t kpos = p->cur.start;
            jq_node *key = NULL, *sub = NULL;
            if (p->cur.t == T_VAR) {
                key = mk(p, P_VAR, kpos);
                if (key) key->name = dupstr(p, p->s + p->cur.start + 1, p->cur.len - 1);
                lex(p);
                if (!key) { p->depth--; return NULL; }
                if (is_char(p, ':')) {
                    lex(p);
                    sub = parse_pattern(p);
                    if (!sub) { p->depth--; return NULL; }
                }
            } else {
                if (p->cur.t == T_IDENT) {
                    key = string_lit(p, p->s + p->cur.start, p->cur.len, kpos);
                    lex(p);
                } else if (p->cur.t == T_QUOTE) {
                    key = parse_string(p, NULL, kpos);
                } else if (is_char(p, '(')) {
                    lex(p);
                    key = parse_pipe(p, 0);
                    if (key && expect_char(p, ')')) key = NULL;
                } else {
                    unexpected(p, NULL);
                }
                if (!key || expect_char(p, ':')) { p->depth--; return NULL; }
                sub = parse_pattern(p);
                if (!sub) { p->depth--; return NULL; }
            }
            if (list_push(p, &kv, key) || list_push(p, &kv, sub)) { p->depth--; return NULL; }
            if (is_char(p, ',')) { lex(p); continue; }
            if (expect_char(p, '}')) { p->depth--; return NULL; }
            break;
        }
        r = mk(p, P_OBJECT, pos);
        if (r) { r->args = kv.v; r->nargs = kv.n; }
    } else {
        unexpected(p, NULL);
    }
    p->depth--;
    return r;
}

static jq_node *parse_patterns(parser *p, jq_node *owner)
{
    nodelist alts = { 0 };
    for (;;) {
        jq_node *pat = parse_pattern(p);
        if (!pat || list_push(p, &alts, pat)) return NULL;
        if (p->cur.t == T_ALTDESTR) { lex(p); continue; }
        break;
    }
    owner->args = alts.v;
    owner->nargs = alts.n;
    return owner;
}

/* ---- entry points ----------------------------------------------------------------------- */

static void parser_init(parser *p, const jq_parse_opts *o, sk_buf *err)
{
    memset(p, 0, sizeof *p);
    p->o = o;
    p->s = o->text;
    p->n = o->len;
    p->err = err;
    p->fuel = o->fuel;
    lex(p);
}

jq_node *jq_parse(const jq_parse_opts *o, sk_buf *err, int *errpos)
{
    parser p;
    parser_init(&p, o, err);
    jq_node *root = NULL;
    if (p.cur.t == T_EOF) root = mk(&p, N_IDENTITY, 0);   /* an empty program is '.' */
    else {
        root = parse_pipe(&p, 0);
        if (root && p.cur.t != T_EOF) root = unexpected(&p, "end of file");
    }
    if (p.failed) root = NULL;
    *errpos = p.errpos;
    return root;
}

jq_node *jq_parse_defs(const jq_parse_opts *o, sk_buf *err, int *errpos)
{
    parser p;
    parser_init(&p, o, err);
    jq_node *first = NULL, *last = NULL;
    while (!p.failed && p.cur.t != T_EOF) {
        if (!is_kw(&p, "def")) { unexpected(&p, NULL); break; }
        jq_node *d = parse_funcdef(&p);
        if (!d) break;
        if (last) last->b = d;
        else first = d;
        last = d;
    }
    *errpos = p.errpos;
    return p.failed ? NULL : first;
}
