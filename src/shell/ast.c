/* ast.c — small helpers over the syntax tree (ast.h).  Pure functions; the
 * only allocation is in the arena the caller passes. */
#include "shell/ast.h"

#include <string.h>

#include "base/arena.h"

int sh_word_is_plain(const sh_word *w)
{
    for (uint32_t i = 0; i < w->nparts; i++)
        if (w->parts[i].kind != SH_P_LIT) return 0;
    return 1;
}

const char *sh_word_plain_text(sk_arena *ar, const sh_word *w, size_t *len)
{
    if (!sh_word_is_plain(w)) return NULL;
    if (w->nparts == 0) { *len = 0; return ""; }
    if (w->nparts == 1) {
        *len = w->parts[0].u.text.n;
        return w->parts[0].u.text.p;
    }
    size_t n = 0;
    for (uint32_t i = 0; i < w->nparts; i++) n += w->parts[i].u.text.n;
    char *s = sk_arena_alloc(ar, n + 1);
    if (!s) return NULL;
    size_t j = 0;
    for (uint32_t i = 0; i < w->nparts; i++) {
        memcpy(s + j, w->parts[i].u.text.p, w->parts[i].u.text.n);
        j += w->parts[i].u.text.n;
    }
    s[j] = 0;
    *len = n;
    return s;
}

/* ---- deep copy -------------------------------------------------------------
 * Everything is copied into the destination arena, strings included, so
 * the copy outlives the parser's arena (function definitions kept by the
 * shell between runs).  Recursion follows the tree, whose depth the parser
 * bounded; a fixed cap guards against anything else. */

typedef struct cloner {
    sk_arena *ar;
    int depth;
    int err;
} cloner;

#define CLONE_MAX_DEPTH 20000

static sh_str cstr(cloner *c, sh_str s)
{
    sh_str r = { "", 0 };
    if (!s.p) { r.p = NULL; return r; }
    if (s.n == 0) return r;
    char *p = sk_arena_strndup(c->ar, s.p, s.n);
    if (!p) { c->err = 1; return r; }
    r.p = p;
    r.n = s.n;
    return r;
}

static const char *ccstr(cloner *c, const char *s)
{
    if (!s) return NULL;
    char *p = sk_arena_strndup(c->ar, s, strlen(s));
    if (!p) c->err = 1;
    return p;
}

static void *calloc_(cloner *c, size_t n)
{
    void *p = n ? sk_arena_zalloc(c->ar, n) : NULL;
    if (n && !p) c->err = 1;
    return p;
}

static sh_node *cnode(cloner *c, const sh_node *n);
static void cword_into(cloner *c, sh_word *dst, const sh_word *w);
static sh_part *cparts(cloner *c, const sh_part *a, uint32_t n);

static sh_word *cword(cloner *c, const sh_word *w)
{
    if (!w) return NULL;
    sh_word *d = calloc_(c, sizeof *d);
    if (d) cword_into(c, d, w);
    return d;
}

static sh_word *cwords(cloner *c, const sh_word *a, uint32_t n)
{
    sh_word *d = calloc_(c, (size_t)n * sizeof *d);
    for (uint32_t i = 0; d && i < n; i++) cword_into(c, &d[i], &a[i]);
    return d;
}

static void cassign_into(cloner *c, sh_assign *d, const sh_assign *a)
{
    *d = *a;
    d->name = cstr(c, a->name);
    d->subscript = cword(c, a->subscript);
    cword_into(c, &d->value, &a->value);
    d->elems = calloc_(c, (size_t)a->nelems * sizeof *d->elems);
    for (uint32_t i = 0; d->elems && i < a->nelems; i++) {
        d->elems[i].key = cword(c, a->elems[i].key);
        d->elems[i].append = a->elems[i].append;
        cword_into(c, &d->elems[i].value, &a->elems[i].value);
    }
}

static void cword_into(cloner *c, sh_word *d, const sh_word *w)
{
    *d = *w;
    d->raw = cstr(c, w->raw);
    d->parts = cparts(c, w->parts, w->nparts);
    if (w->assign) {
        d->assign = calloc_(c, sizeof *d->assign);
        if (d->assign) cassign_into(c, d->assign, w->assign);
    }
}

static sh_param *cparam(cloner *c, const sh_param *pm)
{
    sh_param *d = calloc_(c, sizeof *d);
    if (!d) return NULL;
    *d = *pm;
    d->name = cstr(c, pm->name);
    d->raw = cstr(c, pm->raw);
    d->subscript = cword(c, pm->subscript);
    d->word = cword(c, pm->word);
    d->word2 = cword(c, pm->word2);
    return d;
}

static sh_subst *csubst(cloner *c, const sh_subst *s)
{
    sh_subst *d = calloc_(c, sizeof *d);
    if (!d) return NULL;
    *d = *s;
    d->body = cnode(c, s->body);
    d->text = cstr(c, s->text);
    d->raw = cstr(c, s->raw);
    d->err = ccstr(c, s->err);
    d->err_text = ccstr(c, s->err_text);
    return d;
}

static sh_part *cparts(cloner *c, const sh_part *a, uint32_t n)
{
    if (!n) return NULL;
    if (++c->depth > CLONE_MAX_DEPTH) { c->err = 1; return NULL; }
    sh_part *d = calloc_(c, (size_t)n * sizeof *d);
    for (uint32_t i = 0; d && i < n; i++) {
        const sh_part *x = &a[i];
        d[i] = *x;
        switch (x->kind) {
        case SH_P_LIT: case SH_P_SQ: case SH_P_ESC: case SH_P_ANSI: case SH_P_TILDE:
            d[i].u.text = cstr(c, x->u.text);
            break;
        case SH_P_DQ: case SH_P_EXTGLOB:
            d[i].u.list.parts = cparts(c, x->u.list.parts, x->u.list.n);
            break;
        case SH_P_PARAM:
            d[i].u.param = cparam(c, x->u.param);
            break;
        case SH_P_CMDSUB: case SH_P_PROCSUB:
            d[i].u.sub = csubst(c, x->u.sub);
            break;
        case SH_P_ARITH:
            d[i].u.word = cword(c, x->u.word);
            break;
        }
    }
    c->depth--;
    return d;
}

static sh_redir *credirs(cloner *c, const sh_redir *r, uint32_t n)
{
    sh_redir *d = calloc_(c, (size_t)n * sizeof *d);
    for (uint32_t i = 0; d && i < n; i++) {
        d[i] = r[i];
        d[i].fdvar = cstr(c, r[i].fdvar);
        cword_into(c, &d[i].target, &r[i].target);
        d[i].delim = cstr(c, r[i].delim);
        d[i].body = cword(c, r[i].body);
        d[i].body_err = ccstr(c, r[i].body_err);
        d[i].body_err_text = ccstr(c, r[i].body_err_text);
    }
    return d;
}

static sh_cond *ccond(cloner *c, const sh_cond *x)
{
    if (!x) return NULL;
    if (++c->depth > CLONE_MAX_DEPTH) { c->err = 1; return NULL; }
    sh_cond *d = calloc_(c, sizeof *d);
    if (d) {
        *d = *x;
        d->left = ccond(c, x->left);
        d->right = ccond(c, x->right);
        d->arg = cword(c, x->arg);
        d->arg2 = cword(c, x->arg2);
    }
    c->depth--;
    return d;
}

static sh_node **cnodes(cloner *c, sh_node *const *a, uint32_t n)
{
    sh_node **d = calloc_(c, (size_t)n * sizeof *d);
    for (uint32_t i = 0; d && i < n; i++) d[i] = cnode(c, a[i]);
    return d;
}

static uint8_t *cbytes(cloner *c, const uint8_t *a, uint32_t n)
{
    if (!n || !a) return NULL;
    uint8_t *d = sk_arena_memdup(c->ar, a, n);
    if (!d) c->err = 1;
    return d;
}

static sh_node *cnode(cloner *c, const sh_node *n)
{
    if (!n || c->err) return NULL;
    if (++c->depth > CLONE_MAX_DEPTH) { c->err = 1; return NULL; }
    sh_node *d = calloc_(c, sizeof *d);
    if (!d) return NULL;
    *d = *n;
    d->redirs = credirs(c, n->redirs, n->nredirs);
    switch (n->kind) {
    case SH_N_LIST:
        d->u.list.items = cnodes(c, n->u.list.items, n->u.list.n);
        break;
    case SH_N_ANDOR:
        d->u.andor.items = cnodes(c, n->u.andor.items, n->u.andor.n);
        d->u.andor.ops = cbytes(c, n->u.andor.ops, n->u.andor.n);
        break;
    case SH_N_PIPE:
        d->u.pipe.cmds = cnodes(c, n->u.pipe.cmds, n->u.pipe.n);
        d->u.pipe.errpipe = cbytes(c, n->u.pipe.errpipe, n->u.pipe.n);
        break;
    case SH_N_SIMPLE:
        d->u.simple.assigns = calloc_(c, (size_t)n->u.simple.nassigns * sizeof(sh_assign));
        for (uint32_t i = 0; d->u.simple.assigns && i < n->u.simple.nassigns; i++)
            cassign_into(c, &d->u.simple.assigns[i], &n->u.simple.assigns[i]);
        d->u.simple.words = cwords(c, n->u.simple.words, n->u.simple.nwords);
        break;
    case SH_N_SUBSHELL: case SH_N_GROUP:
        d->u.body = cnode(c, n->u.body);
        break;
    case SH_N_IF:
        d->u.if_.conds = cnodes(c, n->u.if_.conds, n->u.if_.n);
        d->u.if_.bodies = cnodes(c, n->u.if_.bodies, n->u.if_.n);
        d->u.if_.else_body = cnode(c, n->u.if_.else_body);
        break;
    case SH_N_WHILE: case SH_N_UNTIL:
        d->u.loop.cond = cnode(c, n->u.loop.cond);
        d->u.loop.body = cnode(c, n->u.loop.body);
        break;
    case SH_N_FOR: case SH_N_SELECT:
        d->u.for_.var = cstr(c, n->u.for_.var);
        d->u.for_.words = cwords(c, n->u.for_.words, n->u.for_.nwords);
        d->u.for_.body = cnode(c, n->u.for_.body);
        break;
    case SH_N_ARITH_FOR:
        d->u.afor.init = cword(c, n->u.afor.init);
        d->u.afor.cond = cword(c, n->u.afor.cond);
        d->u.afor.step = cword(c, n->u.afor.step);
        d->u.afor.body = cnode(c, n->u.afor.body);
        break;
    case SH_N_CASE:
        cword_into(c, &d->u.case_.subject, &n->u.case_.subject);
        d->u.case_.items = calloc_(c, (size_t)n->u.case_.n * sizeof(sh_case_item));
        for (uint32_t i = 0; d->u.case_.items && i < n->u.case_.n; i++) {
            const sh_case_item *it = &n->u.case_.items[i];
            sh_case_item *o = &d->u.case_.items[i];
            *o = *it;
            o->patterns = cwords(c, it->patterns, it->npatterns);
            o->body = cnode(c, it->body);
        }
        break;
    case SH_N_ARITH:
        d->u.arith = cword(c, n->u.arith);
        break;
    case SH_N_COND:
        d->u.cond = ccond(c, n->u.cond);
        break;
    case SH_N_FUNCDEF:
        d->u.func.name = cstr(c, n->u.func.name);
        d->u.func.name_word = cword(c, n->u.func.name_word);
        d->u.func.body = cnode(c, n->u.func.body);
        d->u.func.src = cstr(c, n->u.func.src);
        break;
    case SH_N_COPROC:
        d->u.coproc.name = cstr(c, n->u.coproc.name);
        d->u.coproc.body = cnode(c, n->u.coproc.body);
        break;
    }
    c->depth--;
    return d;
}

sh_node *sh_ast_clone(sk_arena *ar, const sh_node *n)
{
    cloner c = { ar, 0, 0 };
    sh_node *d = cnode(&c, n);
    return c.err ? NULL : d;
}
