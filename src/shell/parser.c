/* parser.c — bash 5.2's grammar by recursive descent over sh_lex().
 *
 * One complete top-level command per sh_parse_next() call.  Errors are
 * reported with bash's exact wording (see parser.h); limits (depth, fuel,
 * time, C stack) end parsing with SH_PARSE_LIMIT.  Every recursion goes
 * through sh_p_enter().  All memory comes from the arena; no host I/O.
 */
#include "shell/lexer.h"

#include <stdio.h>
#include <string.h>

#include "base/stack.h"

typedef sh_parser P;

#define MC (M_CMD | M_ASSIGN)

int sh_lex_arith_for(P *p, sh_word **w3, int *nexpr);
int sh_lex_peek_raw(P *p);

/* ---- options, limits, errors ------------------------------------------ */

void sh_parse_opts_default(sh_parse_opts *o)
{
    memset(o, 0, sizeof *o);
    o->max_depth = 100;
    o->fuel = 100000;
    o->first_line = 1;
}

static int set_fail(P *p, int code)
{
    if (!p->failed) p->failed = code;
    p->err.code = p->failed;
    return -1;
}

int sh_p_nomem(P *p)
{
    if (p->failed) return -1;
    p->err.msg = "out of memory";
    p->err.line = p->line;
    p->err.status = 2;
    return set_fail(p, SH_PARSE_NOMEM);
}

static int limit(P *p, const char *name, uint64_t v)
{
    if (p->failed) return -1;
    p->err.limit_name = name;
    p->err.limit_value = v;
    p->err.msg = "resource limit exceeded";
    p->err.line = p->line;
    p->err.status = 2;
    return set_fail(p, SH_PARSE_LIMIT);
}

int sh_p_tick_slow(P *p)
{
    if (SH_UNLIKELY(p->o.fuel && p->ops > p->fuel_end))
        return limit(p, "max_parser_operations", p->o.fuel);
    if (SH_UNLIKELY((p->ops & 255) == 0 && p->o.now_ms && p->o.timeout_ms > 0)) {
        int64_t now = p->o.now_ms(p->o.now_ud);
        if (now - p->t0 > p->o.timeout_ms)
            return limit(p, "parser_timeout", (uint64_t)p->o.timeout_ms);
    }
    return 0;
}

int sh_p_enter(P *p)
{
    if (p->failed) return -1;
    if ((p->o.max_depth && p->depth >= p->o.max_depth) || sk_stack_low(p->o.stack_limit))
        return limit(p, "max_ast_depth", p->o.max_depth);
    p->depth++;
    return 0;
}

void sh_p_leave(P *p)
{
    if (p->depth) p->depth--;
}

/* The text of the main-input line holding offset `off`, formatted as the
 * second error line: `TEXT' */
static const char *show_line(P *p, size_t off)
{
    const char *s = p->main_s;
    size_t n = p->main_n;
    if (off > n) off = n;
    size_t b = off, e = off;
    while (b > 0 && s[b - 1] != '\n') b--;
    while (e < n && s[e] != '\n') e++;
    char *t = sk_arena_alloc(p->ar, e - b + 3);
    if (!t) return NULL;
    t[0] = '`';
    memcpy(t + 1, s + b, e - b);
    t[e - b + 1] = '\'';
    t[e - b + 2] = 0;
    return t;
}

static const char *fmt(P *p, const char *a, const char *x, const char *b)
{
    size_t la = strlen(a), lx = strlen(x), lb = strlen(b);
    char *t = sk_arena_alloc(p->ar, la + lx + lb + 1);
    if (!t) return "syntax error";
    memcpy(t, a, la);
    memcpy(t + la, x, lx);
    memcpy(t + la + lx, b, lb + 1);
    return t;
}

int sh_p_error(P *p, int line, const char *msg, int show, int status)
{
    (void)show;
    if (p->failed) return -1;
    p->err.msg = msg;
    p->err.line = line;
    p->err.status = status;
    p->err.show = NULL;
    return set_fail(p, SH_PARSE_ERROR);
}

/* bash shows a token with unprintable characters in $'...' form. */
static const char *ansic_quote_tok(P *p, const char *x)
{
    int need = 0;
    for (const char *c = x; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) need = 1;
    if (!need) return x;
    size_t n = strlen(x);
    char *o = sk_arena_alloc(p->ar, n * 4 + 4);
    if (!o) return x;
    size_t j = 0;
    o[j++] = '$';
    o[j++] = '\'';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)x[i];
        const char *e = NULL;
        switch (c) {
        case '\a': e = "\\a"; break;
        case '\b': e = "\\b"; break;
        case '\f': e = "\\f"; break;
        case '\n': e = "\\n"; break;
        case '\r': e = "\\r"; break;
        case '\t': e = "\\t"; break;
        case '\v': e = "\\v"; break;
        case 27: e = "\\E"; break;
        case '\\': e = "\\\\"; break;
        case '\'': e = "\\'"; break;
        }
        if (e) { memcpy(o + j, e, 2); j += 2; }
        else if (c < 0x20 || c == 0x7f) { snprintf(o + j, 5, "\\%03o", c); j += 4; }
        else o[j++] = (char)c;
    }
    o[j++] = '\'';
    o[j] = 0;
    return o;
}

int sh_p_error_tok(P *p, const sh_tok *t)
{
    if (p->failed) return -1;
    if (t->kind == T_EOF) {
        if (p->in_comsub) return sh_p_error_eof_match(p, t->line, ')');
        return sh_p_error(p, t->line, "syntax error: unexpected end of file", 0, 2);
    }
    const char *x = ansic_quote_tok(p, sh_tok_text(p, t));
    int line = t->end_line;
    if (t->kind == T_NEWLINE && p->hd_nl_line == t->end_line && p->hd_end_line > line) {
        line = p->hd_end_line;
    } else if (p->hd_head && !p->parent && p->depth == 0) {
        sh_lex_error_recovery(p);
        if (p->failed) return -1;
        line = p->line - 1;
    }
    sh_p_error(p, line, fmt(p, "syntax error near unexpected token `", x, "'"), 1,
               p->in_comsub ? 127 : 2);
    size_t off = t->mpos ? t->mpos - 1 : 0;
    if (t->kind == T_NEWLINE && t->mpos > 0 && t->mpos <= p->main_n && p->main_s[t->mpos - 1] == '\n')
        off = t->mpos - 1;
    p->err.show = show_line(p, off);
    return -1;
}

int sh_p_error_eof_match(P *p, int line, char c)
{
    char x[2] = { c, 0 };
    return sh_p_error(p, line, fmt(p, "unexpected EOF while looking for matching `", x, "'"), 0, 2);
}

void sh_p_warn(P *p, int line, const char *msg)
{
    /* during error recovery bash prints "bash: warning: MSG" (no line) */
    if (p->o.warn) p->o.warn(p->o.warn_ud, p->recovering ? 0 : line, msg);
}

/* ---- token access ----------------------------------------------------- */

static sh_tok *peek(P *p, unsigned mode)
{
    if (p->failed) return NULL;
    if (p->have_tok) {
        sh_tok *t = &p->tok;
        if (t->mode == mode || (t->kind != T_WORD && t->kind != T_ARITH_CMD)) return t;
        if (sh_lex_rewind(p, t) != 0) return t;   /* alias text: keep it */
        p->have_tok = 0;
    }
    sh_tok t;
    if (sh_lex(p, mode, &t)) return NULL;
    p->tok = t;
    p->have_tok = 1;
    return &p->tok;
}

static void consume(P *p)
{
    p->have_tok = 0;
    p->last_end = p->tok.end;
}

static sh_node *mknode(P *p, int kind, int line)
{
    sh_node *n = sk_arena_zalloc(p->ar, sizeof *n);
    if (!n) { sh_p_nomem(p); return NULL; }
    n->kind = (uint8_t)kind;
    n->line = line;
    return n;
}

/* ---- vectors in the arena ---------------------------------------------- */

typedef struct gvec {
    char *a;
    uint32_t n, cap;
    size_t esz;
} gvec;

static void gv_init(gvec *v, size_t esz)
{
    v->a = NULL;
    v->n = v->cap = 0;
    v->esz = esz;
}

static void *gv_push(P *p, gvec *v)
{
    if (v->n == v->cap) {
        uint32_t nc = v->cap ? v->cap * 2 : 4;
        char *na = sk_arena_alloc(p->ar, (size_t)nc * v->esz);
        if (!na) { sh_p_nomem(p); return NULL; }
        if (v->n) memcpy(na, v->a, (size_t)v->n * v->esz);
        v->a = na;
        v->cap = nc;
    }
    void *x = v->a + (size_t)v->n * v->esz;
    memset(x, 0, v->esz);
    v->n++;
    return x;
}

static int push_node(P *p, gvec *v, sh_node *n)
{
    sh_node **x = gv_push(p, v);
    if (!x) return -1;
    *x = n;
    return 0;
}

/* ---- grammar helpers --------------------------------------------------- */

static int is_redir_op(int k) { return k >= T_LESS && k <= T_TLESS; }

static int starts_redir(const sh_tok *t)
{
    return t->kind == T_IONUM || t->kind == T_IOVAR || is_redir_op(t->kind);
}

static int terminator_rw(int rw)
{
    switch (rw) {
    case RW_THEN: case RW_ELSE: case RW_ELIF: case RW_FI: case RW_DO:
    case RW_DONE: case RW_ESAC: case RW_RBRACE: case RW_IN: case RW_DRBRACK:
        return 1;
    }
    return 0;
}

static int starts_command(const sh_tok *t)
{
    switch (t->kind) {
    case T_WORD: return !terminator_rw(t->rw);
    case T_IONUM: case T_IOVAR: case T_LPAREN: case T_ARITH_CMD: return 1;
    default: return is_redir_op(t->kind);
    }
}

static int starts_compound(const sh_tok *t)
{
    if (t->kind == T_LPAREN || t->kind == T_ARITH_CMD) return 1;
    if (t->kind != T_WORD) return 0;
    switch (t->rw) {
    case RW_IF: case RW_WHILE: case RW_UNTIL: case RW_FOR: case RW_SELECT:
    case RW_CASE: case RW_LBRACE: case RW_DLBRACK:
        return 1;
    }
    return 0;
}

static int skip_newlines(P *p, unsigned mode)
{
    for (;;) {
        sh_tok *t = peek(p, mode);
        if (!t) return -1;
        if (t->kind != T_NEWLINE) return 0;
        consume(p);
    }
}

static int expect_rw(P *p, int rw)
{
    sh_tok *t = peek(p, MC);
    if (!t) return -1;
    if (t->kind == T_WORD && t->rw == rw) { consume(p); return 0; }
    return sh_p_error_tok(p, t);
}

static sh_node *list_node(P *p, gvec *items, int line)
{
    sh_node **a = (sh_node **)items->a;
    if (items->n == 1 && !a[0]->bg) return a[0];
    sh_node *n = mknode(p, SH_N_LIST, items->n ? a[0]->line : line);
    if (!n) return NULL;
    n->u.list.items = a;
    n->u.list.n = items->n;
    return n;
}

static sh_node *parse_compound_list(P *p);
static sh_node *parse_andor(P *p);
static sh_node *parse_command(P *p);
static sh_node *parse_compound(P *p);

/* ---- redirections ------------------------------------------------------ */

/* Quote removal for a here-document delimiter (no expansion). */
static sh_str delim_text(P *p, const sh_word *w, int *quoted)
{
    const char *s = w->raw.p;
    size_t n = w->raw.n;
    char *o = sk_arena_alloc(p->ar, n + 1);
    sh_str r = { NULL, 0 };
    if (!o) { sh_p_nomem(p); return r; }
    size_t j = 0;
    *quoted = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\\' && i + 1 < n) {
            *quoted = 1;
            if (s[i + 1] != '\n') o[j++] = s[i + 1];
            i++;
        } else if (c == '\'') {
            *quoted = 1;
            for (i++; i < n && s[i] != '\''; i++) o[j++] = s[i];
        } else if (c == '"') {
            *quoted = 1;
            for (i++; i < n && s[i] != '"'; i++) {
                if (s[i] == '\\' && i + 1 < n && strchr("$`\"\\\n", s[i + 1])) i++;
                o[j++] = s[i];
            }
        } else if (c == '$' && i + 1 < n && (s[i + 1] == '\'' || s[i + 1] == '"')) {
            /* $'..' and $".." keep their quotes' contents */
            continue;
        } else {
            o[j++] = c;
        }
    }
    o[j] = 0;
    r.p = o;
    r.n = j;
    return r;
}

/* Push a redirection; pending here-documents point into the vector, so
 * follow it when it moves. */
static sh_redir *redir_push(P *p, gvec *rv)
{
    sh_redir *old = (sh_redir *)rv->a;
    uint32_t n = rv->n;
    sh_redir *r = gv_push(p, rv);
    if (!r) return NULL;
    sh_redir *nw = (sh_redir *)rv->a;
    if (old && nw != old)
        for (sh_hdoc *h = p->hd_head; h; h = h->next)
            if (h->r >= old && h->r < old + n) h->r = nw + (h->r - old);
    return r;
}

static int parse_redirect(P *p, gvec *rv, int *end_line)
{
    sh_tok *t = peek(p, 0);
    if (!t) return -1;
    sh_redir *r = redir_push(p, rv);
    if (!r) return -1;
    r->fd = -1;
    if (t->kind == T_IONUM) {
        r->fd = t->fd;
        consume(p);
        if (!(t = peek(p, 0))) return -1;
    } else if (t->kind == T_IOVAR) {
        r->fdvar = t->fdvar;
        consume(p);
        if (!(t = peek(p, 0))) return -1;
    }
    int op = t->kind;
    r->line = t->line;
    switch (op) {
    case T_LESS: r->op = SH_R_IN; break;
    case T_GREAT: r->op = SH_R_OUT; break;
    case T_DGREAT: r->op = SH_R_APPEND; break;
    case T_CLOBBER: r->op = SH_R_CLOBBER; break;
    case T_LESSGREAT: r->op = SH_R_RDWR; break;
    case T_LESSAND: r->op = SH_R_DUP_IN; break;
    case T_GREATAND: r->op = SH_R_DUP_OUT; break;
    case T_AND_GREAT: r->op = SH_R_ALL; break;
    case T_AND_DGREAT: r->op = SH_R_ALL_APPEND; break;
    case T_DLESS: r->op = SH_R_HEREDOC; break;
    case T_DLESSDASH: r->op = SH_R_HEREDOC; r->flags |= SH_RF_STRIP; break;
    case T_TLESS: r->op = SH_R_HERESTR; break;
    default: return sh_p_error_tok(p, t);
    }
    consume(p);
    t = peek(p, M_NOALIAS);
    if (!t) return -1;
    /* bash accepts a number token after <& and >& ("echo >& 2>f" is
       ">&2 >f") */
    int numtarget = t->kind == T_IONUM && (op == T_LESSAND || op == T_GREATAND);
    if (t->kind != T_WORD && !numtarget) return sh_p_error_tok(p, t);
    r->target = *t->word;
    r->target.assign = NULL;
    if (end_line) *end_line = t->end_line;
    consume(p);
    if (r->op == SH_R_HEREDOC) {
        int quoted;
        r->delim = delim_text(p, &r->target, &quoted);
        if (!r->delim.p) return -1;
        if (quoted) r->flags |= SH_RF_QUOTED;
        sh_hdoc *h = sk_arena_zalloc(p->ar, sizeof *h);
        if (!h) return sh_p_nomem(p);
        h->r = r;
        h->line = r->line;
        if (p->hd_tail) p->hd_tail->next = h; else p->hd_head = h;
        p->hd_tail = h;
    }
    return 0;
}

/* Redirections after a compound command. */
static int parse_trailing_redirs(P *p, sh_node *n)
{
    gvec rv;
    gv_init(&rv, sizeof(sh_redir));
    for (;;) {
        sh_tok *t = peek(p, MC);
        if (!t) return -1;
        if (!starts_redir(t)) break;
        if (parse_redirect(p, &rv, NULL)) return -1;
    }
    n->redirs = (sh_redir *)rv.a;
    n->nredirs = rv.n;
    return 0;
}

/* ---- simple commands ---------------------------------------------------- */

static int decl_kind(const sh_word *w)
{
    char buf[16];
    size_t n;
    const char *s = sh_plain_text(w, buf, sizeof buf, &n);
    if (!s) return 0;
#define IS(x) (n == sizeof(x) - 1 && !memcmp(s, x, n))
    if (IS("declare") || IS("typeset") || IS("local") || IS("export") || IS("readonly") || IS("alias"))
        return M_DECL;
    if (IS("eval") || IS("let")) return M_EVALARG;
#undef IS
    return 0;
}

static sh_node *parse_funcdef_body(P *p, sh_node *f, size_t start, int start_alias)
{
    if (skip_newlines(p, MC)) return NULL;
    sh_tok *t = peek(p, MC);
    if (!t) return NULL;
    if (!starts_compound(t)) { sh_p_error_tok(p, t); return NULL; }
    sh_node *body = parse_compound(p);
    if (!body) return NULL;
    f->u.func.body = body;
    if (!start_alias && !p->cur_alias && p->last_end >= start && p->s == p->main_s)
        f->u.func.src = (sh_str){ p->s + start, p->last_end - start };
    else
        f->u.func.src = (sh_str){ "", 0 };
    return f;
}

static sh_node *parse_simple(P *p, const sh_tok *first)
{
    sh_tok *t = first ? NULL : peek(p, MC);
    if (!first && !t) return NULL;
    sh_node *n = mknode(p, SH_N_SIMPLE, first ? first->line : t->line);
    if (!n) return NULL;
    gvec av, wv, rv;
    gv_init(&av, sizeof(sh_assign));
    gv_init(&wv, sizeof(sh_word));
    gv_init(&rv, sizeof(sh_redir));
    unsigned mode = MC;
    int seen_word = 0, first_elem = 1, line_from_next = 0, line = n->line;
    if (first) {
        /* coproc WORD ...: the first word was already read */
        sh_word *w = gv_push(p, &wv);
        if (!w) return NULL;
        *w = *first->word;
        seen_word = 1;
        first_elem = 0;
        line = first->end_line;
        int d = decl_kind(w);
        mode = d ? (unsigned)d : 0;
    }
    for (;;) {
        t = peek(p, mode);
        if (!t) return NULL;
        if (line_from_next) { line = t->end_line; line_from_next = 0; }
        if (starts_redir(t)) {
            int el = t->end_line;
            if (parse_redirect(p, &rv, &el)) return NULL;
            if (first_elem) line = el;
            first_elem = 0;
            /* after a leading redirection: aliases yes, (( and reserved
               words no */
            if (!seen_word) mode = M_ASSIGN | M_ALIAS;
            continue;
        }
        if (t->kind != T_WORD) break;
        if (!seen_word && t->word->assign && (mode & M_ASSIGN)) {
            sh_assign *a = gv_push(p, &av);
            if (!a) return NULL;
            *a = *t->word->assign;
            if (first_elem) line = t->end_line;
            first_elem = 0;
            consume(p);
            mode = M_ASSIGN | M_ALIAS;
            continue;
        }
        sh_word *w = gv_push(p, &wv);
        if (!w) return NULL;
        *w = *t->word;
        if (seen_word) {
            if (!(mode & M_DECL)) w->assign = NULL;
            consume(p);
            continue;
        }
        /* the command name */
        w->assign = NULL;
        seen_word = 1;
        size_t wstart = t->start;
        int walias = t->from_alias;
        int wline = t->line;
        consume(p);
        int d = decl_kind(w);
        mode = d ? (unsigned)d : 0;
        if (first_elem) {
            first_elem = 0;
            line_from_next = 1;
            if (av.n == 0 && rv.n == 0) {
                t = peek(p, mode);
                if (!t) return NULL;
                line = t->end_line;
                line_from_next = 0;
                if (t->kind == T_LPAREN) {
                    /* name () compound-command */
                    consume(p);
                    t = peek(p, MC);
                    if (!t) return NULL;
                    if (t->kind != T_RPAREN) { sh_p_error_tok(p, t); return NULL; }
                    consume(p);
                    sh_node *f = mknode(p, SH_N_FUNCDEF, wline);
                    if (!f) return NULL;
                    f->u.func.name_word = w;
                    f->u.func.name = (sh_str){ sk_arena_strndup(p->ar, w->raw.p, w->raw.n), w->raw.n };
                    if (!f->u.func.name.p) { sh_p_nomem(p); return NULL; }
                    return parse_funcdef_body(p, f, wstart, walias);
                }
            }
        }
    }
    n->line = line;
    n->u.simple.assigns = (sh_assign *)av.a;
    n->u.simple.nassigns = av.n;
    n->u.simple.words = (sh_word *)wv.a;
    n->u.simple.nwords = wv.n;
    n->u.simple.decl = wv.n && decl_kind(&n->u.simple.words[0]) != 0;
    n->redirs = (sh_redir *)rv.a;
    n->nredirs = rv.n;
    return n;
}

/* ---- compound commands -------------------------------------------------- */

static sh_node *parse_group(P *p, int kind, int close_rw)
{
    sh_tok *t = peek(p, MC);
    int line = t->line;
    consume(p);
    sh_node *n = mknode(p, kind, line);
    if (!n) return NULL;
    if (!(n->u.body = parse_compound_list(p))) return NULL;
    if (close_rw) {
        if (expect_rw(p, close_rw)) return NULL;
    } else {
        t = peek(p, MC);
        if (!t) return NULL;
        if (t->kind != T_RPAREN) { sh_p_error_tok(p, t); return NULL; }
        consume(p);
    }
    return n;
}

static sh_node *parse_if(P *p)
{
    sh_tok *t = peek(p, MC);
    sh_node *n = mknode(p, SH_N_IF, t->line);
    if (!n) return NULL;
    consume(p);
    gvec cv, bv;
    gv_init(&cv, sizeof(sh_node *));
    gv_init(&bv, sizeof(sh_node *));
    for (;;) {
        sh_node *c = parse_compound_list(p);
        if (!c || expect_rw(p, RW_THEN)) return NULL;
        sh_node *b = parse_compound_list(p);
        if (!b || push_node(p, &cv, c) || push_node(p, &bv, b)) return NULL;
        t = peek(p, MC);
        if (!t) return NULL;
        if (t->kind == T_WORD && t->rw == RW_ELIF) { consume(p); continue; }
        if (t->kind == T_WORD && t->rw == RW_ELSE) {
            consume(p);
            if (!(n->u.if_.else_body = parse_compound_list(p))) return NULL;
            if (expect_rw(p, RW_FI)) return NULL;
            break;
        }
        if (t->kind == T_WORD && t->rw == RW_FI) { consume(p); break; }
        sh_p_error_tok(p, t);
        return NULL;
    }
    n->u.if_.conds = (sh_node **)cv.a;
    n->u.if_.bodies = (sh_node **)bv.a;
    n->u.if_.n = cv.n;
    return n;
}

static sh_node *parse_while(P *p, int kind)
{
    sh_tok *t = peek(p, MC);
    sh_node *n = mknode(p, kind, t->line);
    if (!n) return NULL;
    consume(p);
    if (!(n->u.loop.cond = parse_compound_list(p))) return NULL;
    if (expect_rw(p, RW_DO)) return NULL;
    if (!(n->u.loop.body = parse_compound_list(p))) return NULL;
    if (expect_rw(p, RW_DONE)) return NULL;
    return n;
}

/* do list done | { list }.  After a separator bash reads the keyword in
 * assignment position (so "do[x" starts a subscript). */
static sh_node *parse_loop_body(P *p, int after_sep)
{
    sh_tok *t = peek(p, after_sep ? (M_ASSIGN | M_NOALIAS) : M_NOALIAS);
    if (!t) return NULL;
    if (t->kind == T_WORD && (t->rw == RW_DO || t->rw == RW_LBRACE)) {
        int close = t->rw == RW_DO ? RW_DONE : RW_RBRACE;
        consume(p);
        sh_node *b = parse_compound_list(p);
        if (!b || expect_rw(p, close)) return NULL;
        return b;
    }
    sh_p_error_tok(p, t);
    return NULL;
}

static sh_node *parse_for(P *p, int kind)
{
    sh_tok *t = peek(p, MC);
    int line = t->line;
    consume(p);
    if (kind == SH_N_FOR && sh_lex_peek_raw(p) == 256) {
        sh_node *n = mknode(p, SH_N_ARITH_FOR, line);
        if (!n) return NULL;
        size_t b = p->pos;
        int l0 = p->line;
        sh_word *w[3] = { NULL, NULL, NULL };
        int k = 0;
        if (sh_lex_arith_for(p, w, &k)) return NULL;
        size_t e = p->pos;
        n->u.afor.init = w[0];
        n->u.afor.cond = w[1];
        n->u.afor.step = w[2];
        t = peek(p, M_NOALIAS);
        if (!t) return NULL;
        int sep = t->kind == T_SEMI || t->kind == T_NEWLINE;
        if (t->kind == T_SEMI) consume(p);
        if (skip_newlines(p, M_NOALIAS)) return NULL;
        if (!(n->u.afor.body = parse_loop_body(p, sep))) return NULL;
        if (k != 3) {
            /* bash checks the expressions when the whole loop is read */
            sh_p_error(p, l0, k < 3 ? "syntax error: arithmetic expression required"
                                    : "syntax error: `;' unexpected", 0, 2);
            const char *txt = sk_arena_strndup(p->ar, p->s + b, e - b);
            p->err.show = txt ? fmt(p, "syntax error: `", txt, "'") : NULL;
            return NULL;
        }
        return n;
    }
    sh_node *n = mknode(p, kind, line);
    if (!n) return NULL;
    t = peek(p, M_NOALIAS);
    if (!t) return NULL;
    if (t->kind != T_WORD) { sh_p_error_tok(p, t); return NULL; }
    n->u.for_.var = (sh_str){ sk_arena_strndup(p->ar, t->word->raw.p, t->word->raw.n), t->word->raw.n };
    if (!n->u.for_.var.p) { sh_p_nomem(p); return NULL; }
    consume(p);
    t = peek(p, M_NOALIAS);
    if (!t) return NULL;
    int sep = t->kind == T_SEMI || t->kind == T_NEWLINE;
    if (t->kind == T_SEMI) {
        consume(p);
        if (skip_newlines(p, M_NOALIAS)) return NULL;
    } else {
        if (skip_newlines(p, M_NOALIAS)) return NULL;
        t = peek(p, M_NOALIAS);
        if (!t) return NULL;
        if (t->kind == T_WORD && t->rw == RW_IN) {
            consume(p);
            n->u.for_.has_in = 1;
            gvec wv;
            gv_init(&wv, sizeof(sh_word));
            for (;;) {
                t = peek(p, 0);
                if (!t) return NULL;
                if (t->kind != T_WORD) break;
                sh_word *w = gv_push(p, &wv);
                if (!w) return NULL;
                *w = *t->word;
                w->assign = NULL;
                consume(p);
            }
            if (t->kind != T_SEMI && t->kind != T_NEWLINE) { sh_p_error_tok(p, t); return NULL; }
            consume(p);
            sep = 1;
            if (skip_newlines(p, M_NOALIAS)) return NULL;
            n->u.for_.words = (sh_word *)wv.a;
            n->u.for_.nwords = wv.n;
        }
    }
    if (!(n->u.for_.body = parse_loop_body(p, sep))) return NULL;
    return n;
}

static sh_node *parse_case(P *p)
{
    sh_tok *t = peek(p, MC);
    sh_node *n = mknode(p, SH_N_CASE, t->line);
    if (!n) return NULL;
    consume(p);
    t = peek(p, M_NOALIAS);
    if (!t) return NULL;
    if (t->kind != T_WORD) { sh_p_error_tok(p, t); return NULL; }
    n->u.case_.subject = *t->word;
    n->u.case_.subject.assign = NULL;
    consume(p);
    if (skip_newlines(p, M_NOALIAS)) return NULL;
    t = peek(p, M_NOALIAS);
    if (!t) return NULL;
    if (!(t->kind == T_WORD && t->rw == RW_IN)) { sh_p_error_tok(p, t); return NULL; }
    consume(p);
    if (skip_newlines(p, M_NOALIAS)) return NULL;
    gvec iv;
    gv_init(&iv, sizeof(sh_case_item));
    for (;;) {
        t = peek(p, M_NOALIAS);
        if (!t) return NULL;
        if (t->kind == T_WORD && t->rw == RW_ESAC) { consume(p); break; }
        sh_case_item *it = gv_push(p, &iv);
        if (!it) return NULL;
        it->line = t->line;
        if (t->kind == T_LPAREN) {
            consume(p);
            if (!(t = peek(p, M_NOALIAS))) return NULL;
        }
        gvec pv;
        gv_init(&pv, sizeof(sh_word));
        for (;;) {
            if (t->kind != T_WORD) { sh_p_error_tok(p, t); return NULL; }
            sh_word *w = gv_push(p, &pv);
            if (!w) return NULL;
            *w = *t->word;
            w->assign = NULL;
            consume(p);
            if (!(t = peek(p, M_NOALIAS))) return NULL;
            if (t->kind == T_PIPE) {
                consume(p);
                if (!(t = peek(p, M_NOALIAS))) return NULL;
                continue;
            }
            if (t->kind == T_RPAREN) { consume(p); break; }
            sh_p_error_tok(p, t);
            return NULL;
        }
        it->patterns = (sh_word *)pv.a;
        it->npatterns = pv.n;
        if (skip_newlines(p, MC)) return NULL;
        if (!(t = peek(p, MC))) return NULL;
        int is_term = t->kind == T_DSEMI || t->kind == T_SEMI_AND || t->kind == T_DSEMI_AND;
        if (!is_term && !(t->kind == T_WORD && t->rw == RW_ESAC)) {
            if (!(it->body = parse_compound_list(p))) return NULL;
            if (!(t = peek(p, MC))) return NULL;
        }
        if (t->kind == T_DSEMI || t->kind == T_SEMI_AND || t->kind == T_DSEMI_AND) {
            it->term = t->kind == T_DSEMI ? SH_CASE_BREAK : t->kind == T_SEMI_AND ? SH_CASE_FALL : SH_CASE_CONT;
            consume(p);
            if (skip_newlines(p, M_NOALIAS)) return NULL;
            continue;
        }
        if (t->kind == T_WORD && t->rw == RW_ESAC) { consume(p); break; }
        sh_p_error_tok(p, t);
        return NULL;
    }
    n->u.case_.items = (sh_case_item *)iv.a;
    n->u.case_.n = iv.n;
    return n;
}

/* ---- [[ ]] -------------------------------------------------------------- */

static const char unops[] = "abcdefghkprstuwxGLNOSnzovR";

static int cond_binop(const sh_word *w, int *op)
{
    if (!(w->flags & SH_WF_LITERAL)) return 0;
    const char *s = w->raw.p;
    size_t n = w->raw.n;
#define IS(x) (n == sizeof(x) - 1 && !memcmp(s, x, n))
    if (IS("=") || IS("==")) { *op = SH_CO_STR_EQ; return 1; }
    if (IS("!=")) { *op = SH_CO_STR_NE; return 1; }
    if (IS("=~")) { *op = SH_CO_REGEX; return 1; }
    if (IS("<")) { *op = SH_CO_STR_LT; return 1; }
    if (IS(">")) { *op = SH_CO_STR_GT; return 1; }
    if (IS("-eq")) { *op = SH_CO_EQ; return 1; }
    if (IS("-ne")) { *op = SH_CO_NE; return 1; }
    if (IS("-lt")) { *op = SH_CO_LT; return 1; }
    if (IS("-le")) { *op = SH_CO_LE; return 1; }
    if (IS("-gt")) { *op = SH_CO_GT; return 1; }
    if (IS("-ge")) { *op = SH_CO_GE; return 1; }
    if (IS("-nt")) { *op = SH_CO_NT; return 1; }
    if (IS("-ot")) { *op = SH_CO_OT; return 1; }
    if (IS("-ef")) { *op = SH_CO_EF; return 1; }
#undef IS
    return 0;
}

static int is_unop(const sh_word *w)
{
    return (w->flags & SH_WF_LITERAL) && w->raw.n == 2 && w->raw.p[0] == '-' &&
           w->raw.p[1] && strchr(unops, w->raw.p[1]);
}

static int is_cond_end(const sh_tok *t)
{
    return t->kind == T_WORD && t->rw == RW_DRBRACK;
}

/* Token text as bash's error_token_from_token gives it in [[ ]]: NULL
 * for ordinary words. */
static const char *cond_tok_text(P *p, const sh_tok *t)
{
    if (is_cond_end(t)) return "]]";
    if (t->kind == T_WORD || t->kind == T_EOF) return NULL;
    return sh_tok_text(p, t);
}

static int cond_error(P *p, int line, const char *with, const char *with2, const char *without,
                      const sh_tok *t)
{
    const char *x = t ? cond_tok_text(p, t) : NULL;
    sh_p_error(p, line, x ? fmt(p, with, x, with2) : without, 0, -1);
    return -1;
}

static sh_tok *cond_peek(P *p, unsigned extra)
{
    return peek(p, M_COND | M_NOALIAS | extra);
}

static sh_tok *cond_skip_newlines(P *p)
{
    for (;;) {
        sh_tok *t = cond_peek(p, 0);
        if (!t || t->kind != T_NEWLINE) return t;
        consume(p);
    }
}

static sh_cond *mkcond(P *p, int kind, int line)
{
    sh_cond *c = sk_arena_zalloc(p->ar, sizeof *c);
    if (!c) { sh_p_nomem(p); return NULL; }
    c->kind = (uint8_t)kind;
    c->line = line;
    return c;
}

static sh_word *dupword(P *p, const sh_word *w)
{
    sh_word *x = sk_arena_memdup(p->ar, w, sizeof *w);
    if (!x) { sh_p_nomem(p); return NULL; }
    x->assign = NULL;
    return x;
}

static sh_cond *cond_or(P *p);

static sh_cond *cond_term(P *p)
{
    sh_tok *t = cond_skip_newlines(p);
    if (!t) return NULL;
    int line = t->line;
    if (is_cond_end(t)) {
        /* bash reports nothing here and gives up on the script */
        sh_p_error(p, line, "", 0, -1);
        return NULL;
    }
    if (t->kind == T_LPAREN) {
        consume(p);
        if (sh_p_enter(p)) return NULL;
        sh_cond *e = cond_or(p);
        sh_p_leave(p);
        if (!e) return NULL;
        t = cond_peek(p, 0);
        if (!t) return NULL;
        if (t->kind != T_RPAREN) {
            cond_error(p, line, "unexpected token `", "', expected `)'", "expected `)'", t);
            return NULL;
        }
        consume(p);
        if (!cond_skip_newlines(p)) return NULL;
        if (e->parens < 255) e->parens++;
        return e;
    }
    if (t->kind == T_WORD && t->word->raw.n == 1 && t->word->raw.p[0] == '!' &&
        (t->word->flags & SH_WF_LITERAL)) {
        consume(p);
        if (sh_p_enter(p)) return NULL;
        sh_cond *e = cond_term(p);
        sh_p_leave(p);
        if (!e) return NULL;
        sh_cond *c = mkcond(p, SH_C_NOT, line);
        if (!c) return NULL;
        c->left = e;
        return c;
    }
    if (t->kind == T_WORD && is_unop(t->word)) {
        sh_cond *c = mkcond(p, SH_C_UNARY, line);
        if (!c) return NULL;
        c->op = SH_CO_UNARY;
        memcpy(c->opname, t->word->raw.p, 2);
        consume(p);
        t = cond_peek(p, 0);
        if (!t) return NULL;
        if (t->kind != T_WORD || is_cond_end(t)) {
            cond_error(p, t->end_line, "unexpected argument `", "' to conditional unary operator",
                       "unexpected argument to conditional unary operator", t);
            return NULL;
        }
        if (!(c->arg = dupword(p, t->word))) return NULL;
        consume(p);
        if (!cond_skip_newlines(p)) return NULL;
        return c;
    }
    if (t->kind == T_WORD) {
        sh_word *lhs = dupword(p, t->word);
        if (!lhs) return NULL;
        consume(p);
        t = cond_peek(p, 0);
        if (!t) return NULL;
        int op = 0;
        unsigned rmode = 0;
        char opname[4] = { 0 };
        if (t->kind == T_WORD && !is_cond_end(t) && cond_binop(t->word, &op)) {
            memcpy(opname, t->word->raw.p, t->word->raw.n < 3 ? t->word->raw.n : 3);
            if (op == SH_CO_STR_EQ || op == SH_CO_STR_NE) rmode = M_EXTPAT;
            else if (op == SH_CO_REGEX) rmode = M_REGEX;
        } else if (t->kind == T_LESS) {
            op = SH_CO_STR_LT;
            opname[0] = '<';
        } else if (t->kind == T_GREAT) {
            op = SH_CO_STR_GT;
            opname[0] = '>';
        } else if (is_cond_end(t) || t->kind == T_AND_AND || t->kind == T_OR_OR || t->kind == T_RPAREN) {
            sh_cond *c = mkcond(p, SH_C_WORD, line);
            if (!c) return NULL;
            c->arg = lhs;
            return c;
        } else {
            cond_error(p, t->end_line, "unexpected token `", "', conditional binary operator expected",
                       "conditional binary operator expected", t);
            return NULL;
        }
        consume(p);
        t = cond_peek(p, rmode);
        if (!t) return NULL;
        if (t->kind != T_WORD || is_cond_end(t)) {
            cond_error(p, t->end_line, "unexpected argument `", "' to conditional binary operator",
                       "unexpected argument to conditional binary operator", t);
            return NULL;
        }
        sh_cond *c = mkcond(p, SH_C_BINARY, line);
        if (!c) return NULL;
        c->op = (uint8_t)op;
        memcpy(c->opname, opname, sizeof opname);
        c->arg = lhs;
        if (!(c->arg2 = dupword(p, t->word))) return NULL;
        consume(p);
        if (!cond_skip_newlines(p)) return NULL;
        return c;
    }
    {
        const char *x = sh_tok_text(p, t);
        sh_p_error(p, t->end_line, t->kind == T_EOF ? "unexpected EOF while looking for `]]'"
                   : fmt(p, "unexpected token `", x, "' in conditional command"), 0, -1);
        return NULL;
    }
}

static sh_cond *cond_and(P *p)
{
    sh_cond *l = cond_term(p);
    while (l) {
        sh_tok *t = cond_peek(p, 0);
        if (!t) return NULL;
        if (t->kind != T_AND_AND) break;
        consume(p);
        sh_cond *r = cond_term(p);
        if (!r) return NULL;
        sh_cond *c = mkcond(p, SH_C_AND, l->line);
        if (!c) return NULL;
        c->left = l;
        c->right = r;
        l = c;
    }
    return l;
}

static sh_cond *cond_or(P *p)
{
    sh_cond *l = cond_and(p);
    while (l) {
        sh_tok *t = cond_peek(p, 0);
        if (!t) return NULL;
        if (t->kind != T_OR_OR) break;
        consume(p);
        sh_cond *r = cond_and(p);
        if (!r) return NULL;
        sh_cond *c = mkcond(p, SH_C_OR, l->line);
        if (!c) return NULL;
        c->left = l;
        c->right = r;
        l = c;
    }
    return l;
}

static sh_node *parse_cond(P *p)
{
    sh_tok *t = peek(p, MC);
    sh_node *n = mknode(p, SH_N_COND, t->line);
    if (!n) return NULL;
    consume(p);
    if (!(n->u.cond = cond_or(p))) return NULL;
    t = cond_peek(p, 0);
    if (!t) return NULL;
    if (!is_cond_end(t)) {
        if (t->kind == T_EOF)
            sh_p_error(p, n->line, "unexpected EOF while looking for `]]'", 0, -1);
        else
            cond_error(p, n->line, "syntax error in conditional expression: unexpected token `", "'",
                       "syntax error in conditional expression", t);
        return NULL;
    }
    consume(p);
    return n;
}

/* ---- functions, coproc ---------------------------------------------------- */

static sh_node *parse_function_kw(P *p)
{
    sh_tok *t = peek(p, MC);
    int line = t->line;
    size_t start = t->start;
    int salias = t->from_alias;
    consume(p);
    t = peek(p, M_NOALIAS);
    if (!t) return NULL;
    if (t->kind != T_WORD) { sh_p_error_tok(p, t); return NULL; }
    sh_node *f = mknode(p, SH_N_FUNCDEF, line);
    if (!f) return NULL;
    f->flags = SH_NF_FUNCTION_KW;
    if (!(f->u.func.name_word = dupword(p, t->word))) return NULL;
    f->u.func.name = (sh_str){ sk_arena_strndup(p->ar, t->word->raw.p, t->word->raw.n), t->word->raw.n };
    if (!f->u.func.name.p) { sh_p_nomem(p); return NULL; }
    consume(p);
    t = peek(p, MC);
    if (!t) return NULL;
    if (t->kind == T_LPAREN) {
        consume(p);
        t = peek(p, MC);
        if (!t) return NULL;
        if (t->kind != T_RPAREN) {
            /* function f ( list ): the parenthesis opens a subshell body */
            sh_node *b = mknode(p, SH_N_SUBSHELL, t->line);
            if (!b || sh_p_enter(p)) return NULL;
            if (!(b->u.body = parse_compound_list(p))) return NULL;
            sh_p_leave(p);
            t = peek(p, MC);
            if (!t) return NULL;
            if (t->kind != T_RPAREN) { sh_p_error_tok(p, t); return NULL; }
            consume(p);
            if (parse_trailing_redirs(p, b)) return NULL;
            f->u.func.body = b;
            f->u.func.src = (!salias && p->s == p->main_s) ? (sh_str){ p->s + start, p->last_end - start }
                                                           : (sh_str){ "", 0 };
            return f;
        }
        consume(p);
    }
    return parse_funcdef_body(p, f, start, salias);
}

static sh_node *parse_coproc(P *p)
{
    sh_tok *t = peek(p, MC);
    sh_node *n = mknode(p, SH_N_COPROC, t->line);
    if (!n) return NULL;
    consume(p);
    n->u.coproc.name = (sh_str){ "COPROC", 6 };
    t = peek(p, MC);
    if (!t) return NULL;
    if (starts_compound(t)) {
        if (!(n->u.coproc.body = parse_compound(p))) return NULL;
        return n;
    }
    if (t->kind == T_WORD && !t->word->assign && !terminator_rw(t->rw)) {
        sh_tok first = *t;
        consume(p);
        /* peek in the mode a simple command would use, so that the token
           is not read twice */
        int d = decl_kind(first.word);
        t = peek(p, d ? (unsigned)d : 0);
        if (!t) return NULL;
        if (starts_compound(t)) {
            n->u.coproc.name = (sh_str){ sk_arena_strndup(p->ar, first.word->raw.p, first.word->raw.n),
                                         first.word->raw.n };
            if (!n->u.coproc.name.p) { sh_p_nomem(p); return NULL; }
            if (!(n->u.coproc.body = parse_compound(p))) return NULL;
            return n;
        }
        if (!(n->u.coproc.body = parse_simple(p, &first))) return NULL;
        return n;
    }
    if (!(n->u.coproc.body = parse_command(p))) return NULL;
    return n;
}

/* ---- commands, pipelines, lists ----------------------------------------- */

/* A compound command (the token is known to start one) and its redirs. */
static sh_node *parse_compound(P *p)
{
    sh_tok *t = peek(p, MC);
    if (!t) return NULL;
    if (sh_p_enter(p)) return NULL;
    sh_node *n = NULL;
    if (t->kind == T_LPAREN) {
        n = parse_group(p, SH_N_SUBSHELL, 0);
    } else if (t->kind == T_ARITH_CMD) {
        n = mknode(p, SH_N_ARITH, t->line);
        if (n) {
            n->u.arith = t->word;
            consume(p);
        }
    } else {
        switch (t->rw) {
        case RW_IF: n = parse_if(p); break;
        case RW_WHILE: n = parse_while(p, SH_N_WHILE); break;
        case RW_UNTIL: n = parse_while(p, SH_N_UNTIL); break;
        case RW_FOR: n = parse_for(p, SH_N_FOR); break;
        case RW_SELECT: n = parse_for(p, SH_N_SELECT); break;
        case RW_CASE: n = parse_case(p); break;
        case RW_LBRACE: n = parse_group(p, SH_N_GROUP, RW_RBRACE); break;
        case RW_DLBRACK: n = parse_cond(p); break;
        default: sh_p_error_tok(p, t); return NULL;
        }
    }
    if (!n) return NULL;
    sh_p_leave(p);
    if (parse_trailing_redirs(p, n)) return NULL;
    return n;
}

static sh_node *parse_command(P *p)
{
    sh_tok *t = peek(p, MC);
    if (!t) return NULL;
    if (starts_compound(t)) return parse_compound(p);
    if (t->kind == T_WORD) {
        switch (t->rw) {
        case RW_FUNCTION:
            if (sh_p_enter(p)) return NULL;
            {
                sh_node *n = parse_function_kw(p);
                if (n) sh_p_leave(p);
                return n;
            }
        case RW_COPROC:
            if (sh_p_enter(p)) return NULL;
            {
                sh_node *n = parse_coproc(p);
                if (n) sh_p_leave(p);
                return n;
            }
        case RW_BANG:
            sh_p_error_tok(p, t);
            return NULL;
        default:
            if (terminator_rw(t->rw)) { sh_p_error_tok(p, t); return NULL; }
            return parse_simple(p, NULL);
        }
    }
    if (starts_redir(t)) return parse_simple(p, NULL);
    sh_p_error_tok(p, t);
    return NULL;
}

static int is_plain(const sh_tok *t, const char *s)
{
    char buf[16];
    size_t n = strlen(s), wn;
    if (t->kind != T_WORD) return 0;
    const char *w = sh_plain_text(t->word, buf, sizeof buf, &wn);
    return w && wn == n && !memcmp(w, s, n);
}

static sh_node *parse_pipeline(P *p)
{
    sh_tok *t = peek(p, MC);
    if (!t) return NULL;
    int line = t->line;
    int flags = 0, prefix = 0;
    for (;;) {
        if (t->kind == T_WORD && t->rw == RW_BANG) {
            consume(p);
            flags ^= SH_NF_NEGATE;
            prefix = 1;
        } else if (t->kind == T_WORD && t->rw == RW_TIME) {
            consume(p);
            flags |= SH_NF_TIME;
            prefix = 1;
            if (!(t = peek(p, MC))) return NULL;
            if (is_plain(t, "-p")) {
                consume(p);
                flags |= SH_NF_TIME_POSIX;
                if (!(t = peek(p, MC))) return NULL;
            }
            if (is_plain(t, "--")) consume(p);
        } else {
            break;
        }
        if (!(t = peek(p, MC))) return NULL;
    }
    gvec cv, ev;
    gv_init(&cv, sizeof(sh_node *));
    gv_init(&ev, 1);
    if (prefix && (t->kind == T_NEWLINE || t->kind == T_SEMI || t->kind == T_EOF)) {
        sh_node *n = mknode(p, SH_N_PIPE, line);
        if (n) n->flags = (uint8_t)flags;
        return n;
    }
    for (;;) {
        sh_node *c = parse_command(p);
        if (!c || push_node(p, &cv, c)) return NULL;
        uint8_t *e = gv_push(p, &ev);
        if (!e) return NULL;
        t = peek(p, MC);
        if (!t) return NULL;
        if (t->kind != T_PIPE && t->kind != T_PIPE_AMP) break;
        *e = t->kind == T_PIPE_AMP;
        consume(p);
        if (skip_newlines(p, MC)) return NULL;
    }
    if (cv.n == 1 && !prefix) return ((sh_node **)cv.a)[0];
    sh_node *n = mknode(p, SH_N_PIPE, line);
    if (!n) return NULL;
    n->flags = (uint8_t)flags;
    n->u.pipe.cmds = (sh_node **)cv.a;
    n->u.pipe.errpipe = (uint8_t *)ev.a;
    n->u.pipe.n = cv.n;
    return n;
}

static sh_node *parse_andor(P *p)
{
    sh_node *first = parse_pipeline(p);
    if (!first) return NULL;
    sh_tok *t = peek(p, MC);
    if (!t) return NULL;
    if (t->kind != T_AND_AND && t->kind != T_OR_OR) return first;
    gvec iv, ov;
    gv_init(&iv, sizeof(sh_node *));
    gv_init(&ov, 1);
    if (push_node(p, &iv, first) || !gv_push(p, &ov)) return NULL;
    while (t->kind == T_AND_AND || t->kind == T_OR_OR) {
        uint8_t op = t->kind == T_AND_AND ? SH_AND : SH_OR;
        consume(p);
        if (skip_newlines(p, MC)) return NULL;
        sh_node *n = parse_pipeline(p);
        if (!n || push_node(p, &iv, n)) return NULL;
        uint8_t *o = gv_push(p, &ov);
        if (!o) return NULL;
        *o = op;
        if (!(t = peek(p, MC))) return NULL;
    }
    sh_node *n = mknode(p, SH_N_ANDOR, first->line);
    if (!n) return NULL;
    n->u.andor.items = (sh_node **)iv.a;
    n->u.andor.ops = (uint8_t *)ov.a;
    n->u.andor.n = iv.n;
    return n;
}

/* A list inside a compound command: newlines separate, at least one
 * command, ends at the first token that cannot start a command. */
static sh_node *parse_compound_list(P *p)
{
    if (sh_p_tick(p)) return NULL;
    gvec v;
    gv_init(&v, sizeof(sh_node *));
    if (skip_newlines(p, MC)) return NULL;
    sh_tok *t = peek(p, MC);
    if (!t) return NULL;
    int line = t->line;
    for (;;) {
        t = peek(p, MC);
        if (!t) return NULL;
        if (!starts_command(t)) break;
        sh_node *n = parse_andor(p);
        if (!n) return NULL;
        if (push_node(p, &v, n)) return NULL;
        t = peek(p, MC);
        if (!t) return NULL;
        if (t->kind == T_SEMI || t->kind == T_AMP) {
            n->bg = t->kind == T_AMP;
            consume(p);
            if (skip_newlines(p, MC)) return NULL;
            continue;
        }
        if (t->kind == T_NEWLINE) {
            n->sep_nl = 1;
            if (skip_newlines(p, MC)) return NULL;
            continue;
        }
        break;
    }
    if (v.n == 0) { sh_p_error_tok(p, t); return NULL; }
    return list_node(p, &v, line);
}

int sh_p_comsub(P *p, sh_node **out)
{
    *out = NULL;
    if (sh_p_enter(p)) return -1;
    sh_hdoc *oh = p->hd_head, *ot = p->hd_tail;
    p->hd_head = p->hd_tail = NULL;
    int alias_next = p->alias_next;
    p->alias_next = 0;
    int have = p->have_tok;
    sh_tok saved;
    if (have) saved = p->tok;
    p->have_tok = 0;
    p->in_comsub++;
    int floor = p->src_floor;
    p->src_floor = p->nsrc;
    sh_node *body = NULL;
    if (skip_newlines(p, MC)) return -1;
    sh_tok *t = peek(p, MC);
    if (!t) return -1;
    if (t->kind != T_RPAREN) {
        if (!(body = parse_compound_list(p))) return -1;
        if (!(t = peek(p, MC))) return -1;
    }
    if (t->kind != T_RPAREN) {
        if (t->kind == T_EOF) {
            p->in_comsub--;
            return sh_p_error_eof_match(p, t->line, ')');
        }
        return sh_p_error_tok(p, t);
    }
    consume(p);
    p->in_comsub--;
    p->src_floor = floor;
    if (p->hd_head) {
        /* here-documents whose bodies follow the line of the $( ) */
        int k = 0;
        for (sh_hdoc *h = p->hd_head; h; h = h->next) k++;
        char msg[80];
        snprintf(msg, sizeof msg, "command substitution: %d unterminated here-document%s", k, k == 1 ? "" : "s");
        sh_p_warn(p, p->line, msg);
        if (ot) { ot->next = p->hd_head; ot = p->hd_tail; }
        else { oh = p->hd_head; ot = p->hd_tail; }
    }
    p->hd_head = oh;
    p->hd_tail = ot;
    p->alias_next = alias_next;
    if (have) { p->tok = saved; p->have_tok = 1; }
    sh_p_leave(p);
    *out = body;
    return 0;
}

/* ---- top level ------------------------------------------------------------ */

static void begin_call(P *p)
{
    p->fuel_end = p->ops + p->o.fuel;
    if (p->o.now_ms && p->o.timeout_ms > 0) p->t0 = p->o.now_ms(p->o.now_ud);
}

/* One top-level command: a list up to a newline or end of input.
 * 1 = got one, 0 = end, -1 = error. */
static int parse_top(P *p, gvec *items)
{
    for (;;) {
        sh_tok *t = peek(p, MC);
        if (!t) return -1;
        if (t->kind == T_NEWLINE) { consume(p); continue; }
        if (t->kind == T_EOF) return 0;
        break;
    }
    for (;;) {
        sh_node *n = parse_andor(p);
        if (!n) return -1;
        if (push_node(p, items, n)) return -1;
        sh_tok *t = peek(p, MC);
        if (!t) return -1;
        if (t->kind == T_SEMI || t->kind == T_AMP) {
            n->bg = t->kind == T_AMP;
            consume(p);
            if (!(t = peek(p, MC))) return -1;
            if (t->kind == T_NEWLINE) { consume(p); return 1; }
            if (t->kind == T_EOF) return 1;
            continue;
        }
        if (t->kind == T_NEWLINE) { consume(p); return 1; }
        if (t->kind == T_EOF) return 1;
        sh_p_error_tok(p, t);
        return -1;
    }
}

sh_parser *sh_parser_new(sk_arena *ar, const char *src, size_t len, const sh_parse_opts *opts)
{
    sh_parser *p = sk_arena_zalloc(ar, sizeof *p);
    if (!p) return NULL;
    char *copy = sk_arena_alloc(ar, len + 1);
    if (!copy) return NULL;
    if (len) memcpy(copy, src, len);
    copy[len] = 0;
    p->ar = ar;
    if (opts) p->o = *opts; else sh_parse_opts_default(&p->o);
    p->s = p->main_s = copy;
    p->n = p->main_n = len;
    p->line = p->o.first_line > 0 ? p->o.first_line : 1;
    return p;
}

void sh_parser_set_opts(sh_parser *p, const sh_parse_opts *opts)
{
    int fl = p->o.first_line;
    p->o = *opts;
    p->o.first_line = fl;
}

int sh_parse_next(sh_parser *p, sh_node **out)
{
    *out = NULL;
    if (p->failed) return p->failed;
    begin_call(p);
    gvec items;
    gv_init(&items, sizeof(sh_node *));
    int r = parse_top(p, &items);
    if (r < 0) return p->failed ? p->failed : SH_PARSE_ERROR;
    if (r == 0) return SH_PARSE_END;
    if (!(*out = list_node(p, &items, p->line))) return p->failed;
    return SH_PARSE_OK;
}

int sh_parse_all(sh_parser *p, sh_node **out)
{
    *out = NULL;
    if (p->failed) return p->failed;
    begin_call(p);
    gvec items;
    gv_init(&items, sizeof(sh_node *));
    int first_line = p->line;
    for (;;) {
        int r = parse_top(p, &items);
        if (r < 0) return p->failed ? p->failed : SH_PARSE_ERROR;
        if (r == 0) break;
    }
    if (items.n == 0) return SH_PARSE_OK;
    if (!(*out = list_node(p, &items, first_line))) return p->failed;
    return SH_PARSE_OK;
}

const sh_parse_error *sh_parser_error(const sh_parser *p)
{
    return &p->err;
}

int sh_parser_line(const sh_parser *p)
{
    return p->line;
}

size_t sh_parser_offset(const sh_parser *p)
{
    if (!p->srcs) return p->pos;
    const sh_src *s = p->srcs;
    while (s->prev) s = s->prev;
    return s->pos;
}

/* ---- sub-parsers ----------------------------------------------------------- */

void sh_p_sub_init(P *sub, P *p, const char *s, size_t n, int line)
{
    memset(sub, 0, sizeof *sub);
    sub->ar = p->ar;
    sub->o = p->o;
    sub->s = sub->main_s = s;
    sub->n = sub->main_n = n;
    sub->line = line;
    sub->depth = p->depth;
    sub->ops = p->ops;
    sub->fuel_end = p->fuel_end;
    sub->t0 = p->t0;
    sub->parent = p;
}

int sh_p_sub_finish(P *sub, P *p)
{
    p->ops = sub->ops;
    if (sub->failed == SH_PARSE_LIMIT || sub->failed == SH_PARSE_NOMEM) {
        p->err = sub->err;
        p->err.show = NULL;
        return set_fail(p, sub->failed);
    }
    return 0;
}

int sh_p_subparse(P *p, const char *s, size_t n, int line, sh_node **out,
                  const char **err, int *err_line, const char **err_text)
{
    sh_parser sub;
    sh_p_sub_init(&sub, p, s, n, line);
    sh_node *body = NULL;
    gvec items;
    gv_init(&items, sizeof(sh_node *));
    int r;
    for (;;) {
        r = parse_top(&sub, &items);
        if (r <= 0) break;
    }
    if (r == 0 && items.n) body = list_node(&sub, &items, 1);
    if (sh_p_sub_finish(&sub, p)) return -1;
    if (sub.failed) {
        *out = NULL;
        *err = sub.err.msg;
        *err_line = sub.err.line - line + 1;
        *err_text = sub.err.show;
        return 1;
    }
    *out = body;
    return 0;
}
