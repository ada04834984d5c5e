/* resolve.c — compile a jq program: parse it, then bind every name once
 * (function calls to definitions, parameters or natives; variables to
 * their binding patterns; breaks to labels).  Builtins written in jq are
 * parsed from the library only when the program uses them.  Errors are
 * reported the way jq does ("jq: error: f/0 is not defined at
 * <top-level>, line 1:" followed by the line and "jq: 1 compile error"). */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "eval.h"

enum { S_VAR, S_FUNC, S_PARAM, S_LABEL };

typedef struct scope {
    const struct scope *up;
    int kind;
    const char *name;
    int arity;
    jq_node *node;
    int idx;
} scope;

typedef struct rctx {
    jq_prog *p;
    const jq_limits *lim;
    const void *stack_limit;
    sk_buf *err;
    int nerrors;
    int depth;
    const char *text;       /* text the positions refer to (program or library) */
    size_t len;
    int in_library;
} rctx;

static void report(rctx *c, int pos, const char *fmt, const char *a, int b)
{
    char msg[300];
    snprintf(msg, sizeof msg, fmt, a, b);
    c->nerrors++;
    if (c->in_library) {
        sk_buf_printf(c->err, "jq: error: %s (in the builtin library)\n", msg);
        return;
    }
    /* jq: the message, the line that holds the error, then spaces up to the column */
    const char *t = c->text;
    size_t n = c->len;
    if (pos < 0) pos = 0;
    if ((size_t)pos > n) pos = (int)n;
    size_t ls = (size_t)pos;
    while (ls > 0 && t[ls - 1] != '\n') ls--;
    size_t le = (size_t)pos;
    while (le < n && t[le] != '\n') le++;
    int line = 1;
    for (size_t i = 0; i < ls; i++) line += t[i] == '\n';
    sk_buf_printf(c->err, "jq: error: %s at <top-level>, line %d:\n%.*s%*s\n", msg, line, (int)(le - ls), t + ls,
                  (int)((size_t)pos - ls), "");
}

static int resolve(rctx *c, jq_node *n, const scope *sc);

static const scope *find(const scope *sc, int kind, const char *name, int arity)
{
    for (; sc; sc = sc->up) {
        if (kind == S_FUNC) {
            if ((sc->kind == S_FUNC && sc->arity == arity) || (sc->kind == S_PARAM && arity == 0)) {
                if (!strcmp(sc->name, name)) return sc;
            }
        } else if (sc->kind == kind && !strcmp(sc->name, name)) return sc;
    }
    return NULL;
}

static jq_node *load_library(rctx *c, int idx)
{
    jq_prog *p = c->p;
    if (p->lib[idx]) return p->lib[idx];
    const char *src = jq_library_source(idx);
    jq_parse_opts o = { src, strlen(src), &p->arena, p->h, 256, 0, c->stack_limit, &p->literals };
    sk_buf e = SK_BUF_INIT(p->h->a);
    int epos;
    jq_node *d = jq_parse_defs(&o, &e, &epos);
    if (!d || d->b) {
        sk_buf_printf(c->err, "jq: error: builtin library: %s\n", sk_buf_cstr(&e));
        sk_buf_free(&e);
        c->nerrors++;
        return NULL;
    }
    sk_buf_free(&e);
    d->library = 1;
    p->lib[idx] = d;
    int saved_lib = c->in_library;
    const char *saved_text = c->text;
    size_t saved_len = c->len;
    c->in_library = 1;
    c->text = src;
    c->len = strlen(src);
    d->b = NULL;
    resolve(c, d, NULL);     /* the def node: params, itself, empty rest */
    c->in_library = saved_lib;
    c->text = saved_text;
    c->len = saved_len;
    return d;
}

static int bind_pattern_vars(rctx *c, jq_node *pat, jq_node *owner, int *cap)
{
    if (!pat) return 0;
    if (pat->op == P_VAR) {
        for (int i = 0; i < owner->nvars; i++)
            if (!strcmp(owner->vars[i]->name, pat->name)) { pat->target = owner->vars[i]; return 0; }
        if (owner->nvars == *cap) {
            int ncap = *cap ? *cap * 2 : 4;
            jq_node **nv = sk_arena_alloc(&c->p->arena, (size_t)ncap * sizeof *nv);
            if (!nv) { c->p->h->oom = 1; return -1; }
            if (owner->nvars) memcpy(nv, owner->vars, (size_t)owner->nvars * sizeof *nv);
            owner->vars = nv;
            *cap = ncap;
        }
        owner->vars[owner->nvars++] = pat;
        pat->target = pat;
        return 0;
    }
    if (pat->op == P_ARRAY) {
        for (int i = 0; i < pat->nargs; i++)
            if (bind_pattern_vars(c, pat->args[i], owner, cap)) return -1;
        return 0;
    }
    if (pat->op == P_OBJECT) {
        for (int i = 0; i < pat->nargs; i += 2) {
            if (pat->args[i]->op == P_VAR && bind_pattern_vars(c, pat->args[i], owner, cap)) return -1;
            if (bind_pattern_vars(c, pat->args[i + 1], owner, cap)) return -1;
        }
    }
    return 0;
}

/* Key expressions inside object patterns are ordinary expressions. */
static int resolve_pattern_keys(rctx *c, jq_node *pat, const scope *sc)
{
    if (!pat) return 0;
    if (pat->op == P_ARRAY) {
        for (int i = 0; i < pat->nargs; i++) resolve_pattern_keys(c, pat->args[i], sc);
    } else if (pat->op == P_OBJECT) {
        for (int i = 0; i < pat->nargs; i += 2) {
            if (pat->args[i]->op != P_VAR) resolve(c, pat->args[i], sc);
            resolve_pattern_keys(c, pat->args[i + 1], sc);
        }
    }
    return 0;
}

/* Push the canonical variables of owner as scopes; returns the new top. */
static const scope *push_vars(jq_node *owner, scope *buf, int nbuf, const scope *sc)
{
    for (int i = 0; i < owner->nvars && i < nbuf; i++) {
        buf[i] = (scope){ sc, S_VAR, owner->vars[i]->name, 0, owner->vars[i], i };
        sc = &buf[i];
    }
    return sc;
}

#define MAX_PATTERN_VARS 64

static int resolve_binding(rctx *c, jq_node *n, const scope *sc, const scope **body_scope, scope *buf)
{
    int cap = 0;
    n->nvars = 0;
    for (int i = 0; i < n->nargs; i++)
        if (bind_pattern_vars(c, n->args[i], n, &cap)) return -1;
    if (n->nvars > MAX_PATTERN_VARS) {
        report(c, n->pos, "%s%d", "too many variables in a pattern: ", n->nvars);
        return -1;
    }
    *body_scope = push_vars(n, buf, MAX_PATTERN_VARS, sc);
    for (int i = 0; i < n->nargs; i++) resolve_pattern_keys(c, n->args[i], *body_scope);
    return 0;
}

static int resolve(rctx *c, jq_node *n, const scope *sc)
{
    if (!n) return 0;
    if (++c->depth > 2000 || sk_stack_low(c->stack_limit)) {
        c->depth--;
        if (c->nerrors == 0) report(c, n->pos, "%s%d", "program too deeply nested", 0);
        return -1;
    }
    switch (n->op) {
    case N_FUNCDEF: {
        scope self = { sc, S_FUNC, n->name, n->nargs, n, 0 };
        scope params[2 * 32];
        const scope *bs = &self;
        if (n->nargs > 32) { report(c, n->pos, "%s/%d has too many parameters", n->name, n->nargs); break; }
        for (int i = 0; i < n->nargs; i++) {
            params[2 * i] = (scope){ bs, S_PARAM, n->args[i]->name, 0, n, i };
            bs = &params[2 * i];
            if (n->args[i]->sub) {
                params[2 * i + 1] = (scope){ bs, S_VAR, n->args[i]->name, 0, n->args[i], i };
                bs = &params[2 * i + 1];
                n->args[i]->target = n->args[i];
            }
        }
        resolve(c, n->a, bs);
        resolve(c, n->b, &self);
        break;
    }
    case N_CALL: {
        if (c->p->yq && n->nargs == 1 && (!strcmp(n->name, "strenv") || !strcmp(n->name, "env")) &&
            n->args[0]->op == N_CALL && n->args[0]->nargs == 0 && !find(sc, S_FUNC, n->args[0]->name, 0)) {
            /* yq: strenv(NAME) names the variable directly */
            jq_node *a = n->args[0];
            a->op = N_LITERAL;
            a->val = jqv_string_z(c->p->h, a->name);
            sk_buf_put(&c->p->literals, &a->val, sizeof a->val);
        }
        for (int i = 0; i < n->nargs; i++) resolve(c, n->args[i], sc);
        const scope *s = find(sc, S_FUNC, n->name, n->nargs);
        if (s) {
            if (s->kind == S_FUNC) { n->callkind = CALL_DEF; n->target = s->node; }
            else { n->callkind = CALL_PARAM; n->target = s->node; n->index = s->idx; }
            break;
        }
        int li = jq_library_lookup(n->name, n->nargs, c->p->yq);
        if (li >= 0) {
            jq_node *d = load_library(c, li);
            if (!d) break;
            n->callkind = CALL_DEF;
            n->target = d;
            break;
        }
        int ni = jq_native_lookup(n->name, n->nargs);
        if (ni >= 0) {
            n->callkind = CALL_NATIVE;
            n->index = ni;
            break;
        }
        report(c, n->pos, "%s/%d is not defined", n->name, n->nargs);
        break;
    }
    case N_VAR: {
        const scope *s = find(sc, S_VAR, n->name, 0);
        if (s) { n->target = s->node; break; }
        for (int i = 0; i < c->p->nglobals; i++)
            if (!strcmp(c->p->gnames[i], n->name)) { n->target = c->p->gnodes[i]; break; }
        if (!n->target) report(c, n->pos, "$%s is not defined%.0d", n->name, 0);
        break;
    }
    case N_LABEL: {
        scope l = { sc, S_LABEL, n->name, 0, n, 0 };
        resolve(c, n->a, &l);
        break;
    }
    case N_BREAK: {
        const scope *s = find(sc, S_LABEL, n->name, 0);
        if (s) n->target = s->node;
        else report(c, n->pos, "$*label-%s is not defined%.0d", n->name, 0);
        break;
    }
    case N_AS: {
        resolve(c, n->a, sc);
        scope buf[MAX_PATTERN_VARS];
        const scope *bs;
        if (resolve_binding(c, n, sc, &bs, buf) == 0) resolve(c, n->b, bs);
        break;
    }
    case N_REDUCE: case N_FOREACH: {
        resolve(c, n->a, sc);
        resolve(c, n->b, sc);
        scope buf[MAX_PATTERN_VARS];
        const scope *bs;
        if (resolve_binding(c, n, sc, &bs, buf) == 0) {
            resolve(c, n->c, bs);
            resolve(c, n->d, bs);
        }
        break;
    }
    case N_LOC: {
        int line = 1;
        for (int i = 0; i < n->pos && (size_t)i < c->len; i++) line += c->text[i] == '\n';
        n->index = line;
        break;
    }
    default:
        resolve(c, n->a, sc);
        resolve(c, n->b, sc);
        resolve(c, n->c, sc);
        resolve(c, n->d, sc);
        for (int i = 0; i < n->nargs; i++) resolve(c, n->args[i], sc);
        break;
    }
    c->depth--;
    return 0;
}

int jq_compile(jq_prog *p, jvh *h, const char *text, size_t len, const char *const *globals, int nglobals,
               const jq_limits *lim, const void *stack_limit, sk_buf *err)
{
    int yq = lim->yq;
    memset(p, 0, sizeof *p);
    p->yq = yq;
    p->h = h;
    p->text = text;
    p->len = len;
    sk_arena_init(&p->arena, h->a, 8192);
    p->nlib = jq_library_count();
    p->lib = sk_arena_zalloc(&p->arena, (size_t)(p->nlib ? p->nlib : 1) * sizeof *p->lib);
    p->nglobals = nglobals;
    p->gnames = sk_arena_zalloc(&p->arena, (size_t)(nglobals ? nglobals : 1) * sizeof *p->gnames);
    p->gnodes = sk_arena_zalloc(&p->arena, (size_t)(nglobals ? nglobals : 1) * sizeof *p->gnodes);
    if (!p->lib || !p->gnames || !p->gnodes) { h->oom = 1; sk_buf_puts(err, "jq: error: out of memory\n"); return -1; }
    for (int i = 0; i < nglobals; i++) {
        p->gnames[i] = globals[i];
        jq_node *v = sk_arena_zalloc(&p->arena, sizeof *v);
        if (!v) { h->oom = 1; sk_buf_puts(err, "jq: error: out of memory\n"); return -1; }
        v->op = P_VAR;
        v->name = globals[i];
        v->target = v;
        p->gnodes[i] = v;
    }
    sk_buf_init(&p->literals, h->a);
    jq_parse_opts o = { text, len, &p->arena, h, lim->max_parse_depth, lim->parse_fuel, stack_limit, &p->literals };
    sk_buf msg = SK_BUF_INIT(h->a);
    int epos = 0;
    p->root = jq_parse(&o, &msg, &epos);
    rctx c = { p, lim, stack_limit, err, 0, 0, text, len, 0 };
    if (!p->root) {
        report(&c, epos, "%s%.0d", sk_buf_cstr(&msg), 0);
        sk_buf_free(&msg);
        sk_buf_puts(err, "jq: 1 compile error\n");
        return -1;
    }
    sk_buf_free(&msg);
    resolve(&c, p->root, NULL);
    if (c.nerrors) {
        sk_buf_printf(err, "jq: %d compile error%s\n", c.nerrors, c.nerrors > 1 ? "s" : "");
        return -1;
    }
    return 0;
}

void jq_prog_free(jq_prog *p)
{
    /* literals hold heap values; the parser listed them */
    jv *v = (jv *)(void *)p->literals.p;
    size_t n = p->literals.len / sizeof(jv);
    for (size_t i = 0; i < n; i++) jqv_free(p->h, v[i]);
    sk_buf_free(&p->literals);
    sk_arena_free(&p->arena);
}
