/* symtable.c — name resolution with CPython's scoping rules.
 *
 * Pass 1 walks the AST and records, per scope (module, class, function,
 * lambda, comprehension, generator expression), every name with how it is
 * used (assigned, parameter, global, nonlocal, read).  Pass 2 resolves each
 * name to LOCAL, GLOBAL (explicit or implicit), FREE or CELL: free names of
 * nested functions bind to the nearest enclosing *function* scope (class
 * scopes are skipped), and the binding scope gets a cell.  Methods that use
 * `super` or `__class__` make the class create a `__class__` cell.
 *
 * Must never: recurse deeper than the parser allowed (the AST is already
 * depth-limited), or allocate outside the compile arena.
 */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "py/compile_int.h"

static unsigned hash_str(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
    return h;
}

static void st_error(py_symtable *st, int line, int col, int eline, int ecol, const char *fmt, const char *a)
{
    if (st->err) return;
    st->err = 1;
    snprintf(st->msg, sizeof st->msg, fmt, a);
    st->err_line = line;
    st->err_col = col;
    st->err_end_line = eline;
    st->err_end_col = ecol;
}

static void *st_alloc(py_symtable *st, size_t n)
{
    void *p = sk_arena_zalloc(st->ar, n);
    if (!p) { st->err = 1; st->nomem = 1; }
    return p;
}

py_sym *py_scope_find(py_scope *s, const char *name)
{
    if (!s->hashcap) return NULL;
    unsigned h = hash_str(name) & (unsigned)(s->hashcap - 1);
    while (s->hash[h] >= 0) {
        py_sym *y = &s->syms[s->hash[h]];
        if (!strcmp(y->name, name)) return y;
        h = (h + 1) & (unsigned)(s->hashcap - 1);
    }
    return NULL;
}

static py_sym *scope_add(py_symtable *st, py_scope *s, const char *name)
{
    py_sym *y = py_scope_find(s, name);
    if (y) return y;
    if (s->nsyms == s->capsyms) {
        int cap = s->capsyms ? s->capsyms * 2 : 16;
        py_sym *ns = st_alloc(st, sizeof(py_sym) * (size_t)cap);
        int *nh = st_alloc(st, sizeof(int) * (size_t)cap * 2);
        if (!ns || !nh) return NULL;
        if (s->nsyms) memcpy(ns, s->syms, sizeof(py_sym) * (size_t)s->nsyms);
        s->syms = ns;
        s->capsyms = cap;
        s->hashcap = cap * 2;
        s->hash = nh;
        for (int i = 0; i < s->hashcap; i++) nh[i] = -1;
        for (int i = 0; i < s->nsyms; i++) {
            unsigned h = hash_str(s->syms[i].name) & (unsigned)(s->hashcap - 1);
            while (nh[h] >= 0) h = (h + 1) & (unsigned)(s->hashcap - 1);
            nh[h] = i;
        }
    }
    y = &s->syms[s->nsyms];
    memset(y, 0, sizeof *y);
    y->name = name;
    unsigned h = hash_str(name) & (unsigned)(s->hashcap - 1);
    while (s->hash[h] >= 0) h = (h + 1) & (unsigned)(s->hashcap - 1);
    s->hash[h] = s->nsyms;
    s->nsyms++;
    return y;
}

const char *py_mangle(sk_arena *ar, const char *privateobj, const char *name)
{
    if (!privateobj || name[0] != '_' || name[1] != '_') return name;
    size_t n = strlen(name);
    if (n >= 4 && name[n - 1] == '_' && name[n - 2] == '_') return name;
    if (strchr(name, '.')) return name;
    while (*privateobj == '_') privateobj++;
    if (!*privateobj) return name;
    size_t pn = strlen(privateobj);
    char *r = sk_arena_alloc(ar, pn + n + 2);
    if (!r) return name;
    r[0] = '_';
    memcpy(r + 1, privateobj, pn);
    memcpy(r + 1 + pn, name, n + 1);
    return r;
}

static const char *mangle(py_symtable *st, const char *name)
{
    return py_mangle(st->ar, st->cur->private_name, name);
}

static void add_def(py_symtable *st, const char *name, uint32_t flag, int line, int col)
{
    name = mangle(st, name);
    py_scope *s = st->cur;
    py_sym *y = scope_add(st, s, name);
    if (!y) return;
    if ((flag & DEF_PARAM) && (y->flags & DEF_PARAM)) {
        st_error(st, line, col + 1, line, col + 1, "duplicate argument '%s' in function definition", name);
        return;
    }
    if (!y->lineno) { y->lineno = line; y->col = col; }
    y->flags |= flag;
}

static int map_put(py_symtable *st, const void *node, py_scope *s)
{
    if (st->nmap == st->capmap) {
        int cap = st->capmap ? st->capmap * 2 : 32;
        const void **k = st_alloc(st, sizeof(void *) * (size_t)cap);
        py_scope **v = st_alloc(st, sizeof(void *) * (size_t)cap);
        if (!k || !v) return -1;
        if (st->nmap) {
            memcpy(k, st->keys, sizeof(void *) * (size_t)st->nmap);
            memcpy(v, st->vals, sizeof(void *) * (size_t)st->nmap);
        }
        st->keys = k;
        st->vals = v;
        st->capmap = cap;
    }
    st->keys[st->nmap] = node;
    st->vals[st->nmap] = s;
    st->nmap++;
    return 0;
}

py_scope *py_symtable_lookup(py_symtable *st, const void *node)
{
    for (int i = st->nmap - 1; i >= 0; i--) if (st->keys[i] == node) return st->vals[i];
    return NULL;
}

static py_scope *enter(py_symtable *st, int kind, const char *name, const void *node, int lineno)
{
    py_scope *s = st_alloc(st, sizeof(py_scope));
    if (!s) return NULL;
    s->kind = kind;
    s->name = name;
    s->node = node;
    s->parent = st->cur;
    s->lineno = lineno;
    if (st->cur) {
        s->private_name = st->cur->private_name;
        py_scope *p = st->cur;
        if (p->nchildren == p->capchildren) {
            int cap = p->capchildren ? p->capchildren * 2 : 4;
            py_scope **c = st_alloc(st, sizeof(void *) * (size_t)cap);
            if (!c) return NULL;
            if (p->nchildren) memcpy(c, p->children, sizeof(void *) * (size_t)p->nchildren);
            p->children = c;
            p->capchildren = cap;
        }
        p->children[p->nchildren++] = s;
    }
    if (map_put(st, node, s)) return NULL;
    st->cur = s;
    return s;
}

static void leave(py_symtable *st) { st->cur = st->cur->parent; }

static void visit_expr(py_symtable *st, py_expr *e);
static void visit_stmts(py_symtable *st, py_stmt_seq seq);
static void visit_pattern(py_symtable *st, py_pattern *p);

static void visit_exprs(py_symtable *st, py_expr_seq seq)
{
    for (int i = 0; i < seq.n && !st->err; i++) if (seq.items[i]) visit_expr(st, seq.items[i]);
}

static void visit_params(py_symtable *st, py_arguments *a)
{
    for (int i = 0; i < a->posonlyargs.n; i++) {
        py_arg *p = a->posonlyargs.items[i];
        add_def(st, p->arg, DEF_PARAM, p->lineno, p->col_offset);
    }
    for (int i = 0; i < a->args.n; i++) {
        py_arg *p = a->args.items[i];
        add_def(st, p->arg, DEF_PARAM, p->lineno, p->col_offset);
    }
    if (a->vararg) add_def(st, a->vararg->arg, DEF_PARAM, a->vararg->lineno, a->vararg->col_offset);
    for (int i = 0; i < a->kwonlyargs.n; i++) {
        py_arg *p = a->kwonlyargs.items[i];
        add_def(st, p->arg, DEF_PARAM, p->lineno, p->col_offset);
    }
    if (a->kwarg) add_def(st, a->kwarg->arg, DEF_PARAM, a->kwarg->lineno, a->kwarg->col_offset);
}

static void visit_defaults(py_symtable *st, py_arguments *a)
{
    visit_exprs(st, a->defaults);
    visit_exprs(st, a->kw_defaults);
}

static void visit_comprehension(py_symtable *st, py_expr *e, const char *name, int kind,
                                py_comprehension_seq gens, py_expr *elt, py_expr *value)
{
    /* the first iterable is evaluated in the enclosing scope */
    visit_expr(st, gens.items[0]->iter);
    if (st->err) return;
    int is_async = 0;
    for (int i = 0; i < gens.n; i++) is_async |= gens.items[i]->is_async;
    py_scope *s = enter(st, kind, name, e, e->lineno);
    if (!s) return;
    if (kind == ST_GENEXPR) s->generator = 1;
    if (is_async) s->coroutine = 1;
    add_def(st, ".0", DEF_PARAM, e->lineno, e->col_offset);
    for (int i = 0; i < gens.n && !st->err; i++) {
        py_comprehension *g = gens.items[i];
        visit_expr(st, g->target);
        if (i > 0) visit_expr(st, g->iter);
        visit_exprs(st, g->ifs);
    }
    if (value) visit_expr(st, value);
    if (elt) visit_expr(st, elt);
    leave(st);
}

static void visit_expr(py_symtable *st, py_expr *e)
{
    if (st->err || !e) return;
    switch (e->kind) {
    case PY_EXPR_BOOLOP: visit_exprs(st, e->v.boolop.values); break;
    case PY_EXPR_NAMEDEXPR: {
        visit_expr(st, e->v.namedexpr.value);
        py_expr *t = e->v.namedexpr.target;
        /* bind in the nearest enclosing non-comprehension scope */
        py_scope *s = st->cur;
        if (s->kind == ST_COMP || s->kind == ST_GENEXPR) {
            py_sym *it = py_scope_find(s, t->v.name.id);
            if (it && (it->flags & DEF_COMP_ITER)) {
                st_error(st, t->lineno, t->col_offset + 1, t->end_lineno, t->end_col_offset + 1,
                         "assignment expression cannot rebind comprehension iteration variable '%s'", t->v.name.id);
                return;
            }
            py_scope *tgt = s;
            while (tgt->kind == ST_COMP || tgt->kind == ST_GENEXPR) tgt = tgt->parent;
            if (tgt->kind == ST_CLASS) {
                st_error(st, e->lineno, e->col_offset + 1, e->end_lineno, e->end_col_offset + 1,
                         "assignment expression within a comprehension cannot be used in a class body%s", "");
                return;
            }
            /* declare in the target scope, and as nonlocal/global in between */
            py_scope *save = st->cur;
            st->cur = tgt;
            add_def(st, t->v.name.id, DEF_LOCAL | DEF_COMP_WALRUS, t->lineno, t->col_offset);
            st->cur = save;
            for (py_scope *c = s; c != tgt; c = c->parent) {
                py_sym *y = scope_add(st, c, t->v.name.id);
                if (!y) return;
                y->flags |= tgt->kind == ST_MODULE ? DEF_GLOBAL : DEF_NONLOCAL;
                y->flags |= DEF_USE;
            }
        } else {
            visit_expr(st, t);
        }
        break;
    }
    case PY_EXPR_BINOP: visit_expr(st, e->v.binop.left); visit_expr(st, e->v.binop.right); break;
    case PY_EXPR_UNARYOP: visit_expr(st, e->v.unaryop.operand); break;
    case PY_EXPR_LAMBDA: {
        visit_defaults(st, e->v.lambda.args);
        if (!enter(st, ST_LAMBDA, "<lambda>", e, e->lineno)) return;
        visit_params(st, e->v.lambda.args);
        visit_expr(st, e->v.lambda.body);
        leave(st);
        break;
    }
    case PY_EXPR_IFEXP:
        visit_expr(st, e->v.ifexp.test); visit_expr(st, e->v.ifexp.body); visit_expr(st, e->v.ifexp.orelse);
        break;
    case PY_EXPR_DICT: visit_exprs(st, e->v.dict.keys); visit_exprs(st, e->v.dict.values); break;
    case PY_EXPR_SET: visit_exprs(st, e->v.set.elts); break;
    case PY_EXPR_LISTCOMP:
        visit_comprehension(st, e, "<listcomp>", ST_COMP, e->v.listcomp.generators, e->v.listcomp.elt, NULL);
        break;
    case PY_EXPR_SETCOMP:
        visit_comprehension(st, e, "<setcomp>", ST_COMP, e->v.setcomp.generators, e->v.setcomp.elt, NULL);
        break;
    case PY_EXPR_DICTCOMP:
        visit_comprehension(st, e, "<dictcomp>", ST_COMP, e->v.dictcomp.generators, e->v.dictcomp.key,
                            e->v.dictcomp.value);
        break;
    case PY_EXPR_GENERATOREXP:
        visit_comprehension(st, e, "<genexpr>", ST_GENEXPR, e->v.generatorexp.generators, e->v.generatorexp.elt, NULL);
        break;
    case PY_EXPR_AWAIT:
        st->cur->has_await = 1;
        visit_expr(st, e->v.await.value);
        break;
    case PY_EXPR_YIELD:
    case PY_EXPR_YIELDFROM: {
        py_scope *s = st->cur;
        if (s->kind == ST_MODULE || s->kind == ST_CLASS) {
            st_error(st, e->lineno, e->col_offset + 1, e->end_lineno, e->end_col_offset + 1, "'%s' outside function",
                     e->kind == PY_EXPR_YIELD ? "yield" : "yield");
            return;
        }
        if (s->kind == ST_COMP || s->kind == ST_GENEXPR) {
            st_error(st, e->lineno, e->col_offset + 1, e->end_lineno, e->end_col_offset + 1,
                     "'yield' inside %s", s->kind == ST_GENEXPR ? "generator expression" :
                     !strcmp(s->name, "<listcomp>") ? "list comprehension" :
                     !strcmp(s->name, "<setcomp>") ? "set comprehension" : "dict comprehension");
            return;
        }
        s->generator = 1;
        s->has_yield = 1;
        visit_expr(st, e->kind == PY_EXPR_YIELD ? e->v.yield.value : e->v.yieldfrom.value);
        break;
    }
    case PY_EXPR_COMPARE: visit_expr(st, e->v.compare.left); visit_exprs(st, e->v.compare.comparators); break;
    case PY_EXPR_CALL:
        visit_expr(st, e->v.call.func);
        visit_exprs(st, e->v.call.args);
        for (int i = 0; i < e->v.call.keywords.n; i++) visit_expr(st, e->v.call.keywords.items[i]->value);
        break;
    case PY_EXPR_FORMATTEDVALUE:
        visit_expr(st, e->v.formattedvalue.value);
        visit_expr(st, e->v.formattedvalue.format_spec);
        break;
    case PY_EXPR_INTERPOLATION:
        visit_expr(st, e->v.interpolation.value);
        visit_expr(st, e->v.interpolation.format_spec);
        break;
    case PY_EXPR_JOINEDSTR: visit_exprs(st, e->v.joinedstr.values); break;
    case PY_EXPR_TEMPLATESTR: visit_exprs(st, e->v.templatestr.values); break;
    case PY_EXPR_CONSTANT: break;
    case PY_EXPR_ATTRIBUTE: visit_expr(st, e->v.attribute.value); break;
    case PY_EXPR_SUBSCRIPT: visit_expr(st, e->v.subscript.value); visit_expr(st, e->v.subscript.slice); break;
    case PY_EXPR_STARRED: visit_expr(st, e->v.starred.value); break;
    case PY_EXPR_NAME: {
        const char *id = e->v.name.id;
        if (e->v.name.ctx == PY_CTX_LOAD) {
            add_def(st, id, DEF_USE, e->lineno, e->col_offset);
            if (!strcmp(id, "super") && (st->cur->kind == ST_FUNCTION || st->cur->kind == ST_LAMBDA ||
                                         st->cur->kind == ST_COMP || st->cur->kind == ST_GENEXPR)) {
                py_sym *y = scope_add(st, st->cur, "__class__");
                if (y) y->flags |= DEF_USE;
                st->cur->uses_super = 1;
            }
        } else {
            uint32_t f = DEF_LOCAL;
            if (st->cur->kind == ST_COMP || st->cur->kind == ST_GENEXPR) f |= DEF_COMP_ITER;
            add_def(st, id, f, e->lineno, e->col_offset);
        }
        break;
    }
    case PY_EXPR_LIST: visit_exprs(st, e->v.list.elts); break;
    case PY_EXPR_TUPLE: visit_exprs(st, e->v.tuple.elts); break;
    case PY_EXPR_SLICE:
        visit_expr(st, e->v.slice.lower); visit_expr(st, e->v.slice.upper); visit_expr(st, e->v.slice.step);
        break;
    }
}

static void visit_pattern(py_symtable *st, py_pattern *p)
{
    if (!p || st->err) return;
    switch (p->kind) {
    case PY_PAT_MATCHVALUE: visit_expr(st, p->v.matchvalue.value); break;
    case PY_PAT_MATCHSINGLETON: break;
    case PY_PAT_MATCHSEQUENCE:
        for (int i = 0; i < p->v.matchsequence.patterns.n; i++) visit_pattern(st, p->v.matchsequence.patterns.items[i]);
        break;
    case PY_PAT_MATCHMAPPING:
        visit_exprs(st, p->v.matchmapping.keys);
        for (int i = 0; i < p->v.matchmapping.patterns.n; i++) visit_pattern(st, p->v.matchmapping.patterns.items[i]);
        if (p->v.matchmapping.rest) add_def(st, p->v.matchmapping.rest, DEF_LOCAL, p->lineno, p->col_offset);
        break;
    case PY_PAT_MATCHCLASS:
        visit_expr(st, p->v.matchclass.cls);
        for (int i = 0; i < p->v.matchclass.patterns.n; i++) visit_pattern(st, p->v.matchclass.patterns.items[i]);
        for (int i = 0; i < p->v.matchclass.kwd_patterns.n; i++) visit_pattern(st, p->v.matchclass.kwd_patterns.items[i]);
        break;
    case PY_PAT_MATCHSTAR:
        if (p->v.matchstar.name) add_def(st, p->v.matchstar.name, DEF_LOCAL, p->lineno, p->col_offset);
        break;
    case PY_PAT_MATCHAS:
        visit_pattern(st, p->v.matchas.pattern);
        if (p->v.matchas.name) add_def(st, p->v.matchas.name, DEF_LOCAL, p->lineno, p->col_offset);
        break;
    case PY_PAT_MATCHOR:
        for (int i = 0; i < p->v.matchor.patterns.n; i++) visit_pattern(st, p->v.matchor.patterns.items[i]);
        break;
    }
}

static void visit_stmt(py_symtable *st, py_stmt *s)
{
    if (st->err || !s) return;
    switch (s->kind) {
    case PY_STMT_FUNCTIONDEF:
    case PY_STMT_ASYNCFUNCTIONDEF: {
        add_def(st, s->v.functiondef.name, DEF_LOCAL, s->lineno, s->col_offset);
        visit_exprs(st, s->v.functiondef.decorator_list);
        visit_defaults(st, s->v.functiondef.args);
        py_scope *f = enter(st, ST_FUNCTION, s->v.functiondef.name, s, s->lineno);
        if (!f) return;
        if (s->kind == PY_STMT_ASYNCFUNCTIONDEF) f->coroutine = 1;
        visit_params(st, s->v.functiondef.args);
        visit_stmts(st, s->v.functiondef.body);
        leave(st);
        break;
    }
    case PY_STMT_CLASSDEF: {
        add_def(st, s->v.classdef.name, DEF_LOCAL, s->lineno, s->col_offset);
        visit_exprs(st, s->v.classdef.bases);
        for (int i = 0; i < s->v.classdef.keywords.n; i++) visit_expr(st, s->v.classdef.keywords.items[i]->value);
        visit_exprs(st, s->v.classdef.decorator_list);
        py_scope *c = enter(st, ST_CLASS, s->v.classdef.name, s, s->lineno);
        if (!c) return;
        c->private_name = s->v.classdef.name;
        visit_stmts(st, s->v.classdef.body);
        leave(st);
        break;
    }
    case PY_STMT_RETURN:
        if (s->v.return_.value) { st->cur->returns_value = 1; visit_expr(st, s->v.return_.value); }
        break;
    case PY_STMT_DELETE: visit_exprs(st, s->v.delete.targets); break;
    case PY_STMT_ASSIGN: visit_expr(st, s->v.assign.value); visit_exprs(st, s->v.assign.targets); break;
    case PY_STMT_TYPEALIAS: {
        py_expr *n = s->v.typealias.name;
        add_def(st, n->v.name.id, DEF_LOCAL, n->lineno, n->col_offset);
        if (!enter(st, ST_ANNOT, n->v.name.id, s, s->lineno)) return;
        visit_expr(st, s->v.typealias.value);
        leave(st);
        break;
    }
    case PY_STMT_AUGASSIGN: {
        py_expr *t = s->v.augassign.target;
        if (t->kind == PY_EXPR_NAME) add_def(st, t->v.name.id, DEF_LOCAL | DEF_USE, t->lineno, t->col_offset);
        else visit_expr(st, t);
        visit_expr(st, s->v.augassign.value);
        break;
    }
    case PY_STMT_ANNASSIGN: {
        py_expr *t = s->v.annassign.target;
        if (t->kind == PY_EXPR_NAME) {
            py_sym *y = py_scope_find(st->cur, mangle(st, t->v.name.id));
            if (y && (y->flags & (DEF_GLOBAL | DEF_NONLOCAL)) && s->v.annassign.simple) {
                st_error(st, t->lineno, t->col_offset + 1, t->end_lineno, t->end_col_offset + 1,
                         (y->flags & DEF_GLOBAL) ? "annotated name '%s' can't be global" : "annotated name '%s' can't be nonlocal",
                         t->v.name.id);
                return;
            }
            uint32_t f = DEF_ANNOT;
            if (s->v.annassign.value || st->cur->kind != ST_MODULE) f |= DEF_LOCAL;
            if (!s->v.annassign.value && st->cur->kind == ST_CLASS) f &= ~(uint32_t)DEF_LOCAL;
            add_def(st, t->v.name.id, f, t->lineno, t->col_offset);
        } else {
            visit_expr(st, t);
        }
        visit_expr(st, s->v.annassign.value);
        break;
    }
    case PY_STMT_FOR:
    case PY_STMT_ASYNCFOR:
        visit_expr(st, s->v.for_.target);
        visit_expr(st, s->v.for_.iter);
        visit_stmts(st, s->v.for_.body);
        visit_stmts(st, s->v.for_.orelse);
        break;
    case PY_STMT_WHILE:
        visit_expr(st, s->v.while_.test);
        visit_stmts(st, s->v.while_.body);
        visit_stmts(st, s->v.while_.orelse);
        break;
    case PY_STMT_IF:
        visit_expr(st, s->v.if_.test);
        visit_stmts(st, s->v.if_.body);
        visit_stmts(st, s->v.if_.orelse);
        break;
    case PY_STMT_WITH:
    case PY_STMT_ASYNCWITH:
        for (int i = 0; i < s->v.with.items.n; i++) {
            visit_expr(st, s->v.with.items.items[i]->context_expr);
            visit_expr(st, s->v.with.items.items[i]->optional_vars);
        }
        visit_stmts(st, s->v.with.body);
        break;
    case PY_STMT_MATCH:
        visit_expr(st, s->v.match.subject);
        for (int i = 0; i < s->v.match.cases.n; i++) {
            py_match_case *mc = s->v.match.cases.items[i];
            visit_pattern(st, mc->pattern);
            visit_expr(st, mc->guard);
            visit_stmts(st, mc->body);
        }
        break;
    case PY_STMT_RAISE: visit_expr(st, s->v.raise.exc); visit_expr(st, s->v.raise.cause); break;
    case PY_STMT_TRY:
    case PY_STMT_TRYSTAR:
        visit_stmts(st, s->v.try_.body);
        for (int i = 0; i < s->v.try_.handlers.n; i++) {
            py_excepthandler *h = s->v.try_.handlers.items[i];
            visit_expr(st, h->type);
            if (h->name) add_def(st, h->name, DEF_LOCAL, h->lineno, h->col_offset);
            visit_stmts(st, h->body);
        }
        visit_stmts(st, s->v.try_.orelse);
        visit_stmts(st, s->v.try_.finalbody);
        break;
    case PY_STMT_ASSERT: visit_expr(st, s->v.assert.test); visit_expr(st, s->v.assert.msg); break;
    case PY_STMT_IMPORT:
    case PY_STMT_IMPORTFROM: {
        py_alias_seq names = s->kind == PY_STMT_IMPORT ? s->v.import.names : s->v.importfrom.names;
        for (int i = 0; i < names.n; i++) {
            py_alias *a = names.items[i];
            if (!strcmp(a->name, "*")) {
                if (st->cur->kind != ST_MODULE) {
                    st_error(st, s->lineno, s->col_offset + 1, s->end_lineno, s->end_col_offset + 1,
                             "import * only allowed at module level%s", "");
                    return;
                }
                continue;
            }
            const char *bound = a->asname;
            if (!bound) {
                const char *dot = strchr(a->name, '.');
                if (dot && s->kind == PY_STMT_IMPORT) {
                    char *first = sk_arena_strndup(st->ar, a->name, (size_t)(dot - a->name));
                    if (!first) { st->err = st->nomem = 1; return; }
                    bound = first;
                } else {
                    bound = a->name;
                }
            }
            add_def(st, bound, DEF_LOCAL | DEF_IMPORT, a->lineno, a->col_offset);
        }
        break;
    }
    case PY_STMT_GLOBAL:
    case PY_STMT_NONLOCAL: {
        int glob = s->kind == PY_STMT_GLOBAL;
        if (!glob && st->cur->kind == ST_MODULE) {
            st_error(st, s->lineno, s->col_offset + 1, s->end_lineno, s->end_col_offset + 1,
                     "nonlocal declaration not allowed at module level%s", "");
            return;
        }
        for (int i = 0; i < s->v.global.names.n; i++) {
            const char *name = mangle(st, s->v.global.names.items[i]);
            py_sym *y = py_scope_find(st->cur, name);
            if (y) {
                const char *what = NULL;
                if (y->flags & DEF_PARAM) what = glob ? "name '%s' is parameter and global" : "name '%s' is parameter and nonlocal";
                else if (glob && (y->flags & DEF_NONLOCAL)) what = "name '%s' is nonlocal and global";
                else if (!glob && (y->flags & DEF_GLOBAL)) what = "name '%s' is nonlocal and global";
                else if (y->flags & DEF_ANNOT) what = glob ? "annotated name '%s' can't be global" : "annotated name '%s' can't be nonlocal";
                else if (y->flags & DEF_LOCAL) what = glob ? "name '%s' is assigned to before global declaration"
                                                            : "name '%s' is assigned to before nonlocal declaration";
                else if (y->flags & DEF_USE) what = glob ? "name '%s' is used prior to global declaration"
                                                          : "name '%s' is used prior to nonlocal declaration";
                if (what) {
                    st_error(st, s->lineno, s->col_offset + 1, s->end_lineno, s->end_col_offset + 1, what, name);
                    return;
                }
            }
            add_def(st, s->v.global.names.items[i], glob ? DEF_GLOBAL : DEF_NONLOCAL, s->lineno, s->col_offset);
        }
        break;
    }
    case PY_STMT_EXPR: visit_expr(st, s->v.expr.value); break;
    case PY_STMT_PASS: case PY_STMT_BREAK: case PY_STMT_CONTINUE: break;
    }
}

static void visit_stmts(py_symtable *st, py_stmt_seq seq)
{
    for (int i = 0; i < seq.n && !st->err; i++) visit_stmt(st, seq.items[i]);
}

/* ---- analysis ----------------------------------------------------------------------- */
typedef struct nameset { const char **names; int n, cap; } nameset;

static int ns_has(const nameset *s, const char *n)
{
    for (int i = 0; i < s->n; i++) if (!strcmp(s->names[i], n)) return 1;
    return 0;
}

static int ns_add(py_symtable *st, nameset *s, const char *n)
{
    if (ns_has(s, n)) return 0;
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        const char **p = st_alloc(st, sizeof(char *) * (size_t)cap);
        if (!p) return -1;
        if (s->n) memcpy(p, s->names, sizeof(char *) * (size_t)s->n);
        s->names = p;
        s->cap = cap;
    }
    s->names[s->n++] = n;
    return 0;
}

static int is_function_like(int kind)
{
    return kind == ST_FUNCTION || kind == ST_LAMBDA || kind == ST_COMP || kind == ST_GENEXPR || kind == ST_ANNOT;
}

/* Resolve names of scope s.  `bound`: names bound in enclosing function
 * scopes; `globals`: names declared global in enclosing scopes.  Adds the
 * names free in s (or passing through it) to *free. */
static void analyze(py_symtable *st, py_scope *s, const nameset *bound, const nameset *globals, nameset *free)
{
    if (st->err) return;
    nameset newbound = { 0 }, newglobal = { 0 }, newfree = { 0 }, local = { 0 };
    for (int i = 0; i < bound->n; i++) ns_add(st, &newbound, bound->names[i]);
    for (int i = 0; i < globals->n; i++) ns_add(st, &newglobal, globals->names[i]);
    for (int i = 0; i < s->nsyms; i++) {
        py_sym *y = &s->syms[i];
        uint32_t f = y->flags;
        if (f & DEF_GLOBAL) {
            y->scope = SC_GLOBAL_EXPLICIT;
            ns_add(st, &newglobal, y->name);
        } else if (f & DEF_NONLOCAL) {
            if (!ns_has(bound, y->name)) {
                st_error(st, y->lineno, y->col + 1, y->lineno, y->col + 1, "no binding for nonlocal '%s' found", y->name);
                return;
            }
            y->scope = SC_FREE;
            ns_add(st, free, y->name);
        } else if (f & (DEF_LOCAL | DEF_PARAM | DEF_IMPORT)) {
            y->scope = SC_LOCAL;
            ns_add(st, &local, y->name);
        } else if (s->kind == ST_CLASS && (f & DEF_ANNOT)) {
            y->scope = SC_LOCAL;
        } else if (ns_has(bound, y->name) && s->kind != ST_MODULE) {
            y->scope = SC_FREE;
            ns_add(st, free, y->name);
        } else if (ns_has(globals, y->name)) {
            y->scope = SC_GLOBAL_EXPLICIT;
        } else {
            y->scope = SC_GLOBAL_IMPLICIT;
        }
    }
    /* an explicit global hides enclosing bindings from the children */
    for (int i = 0; i < s->nsyms; i++) {
        if (s->syms[i].scope != SC_GLOBAL_EXPLICIT || !(s->syms[i].flags & DEF_GLOBAL)) continue;
        for (int k = 0; k < newbound.n; k++)
            if (!strcmp(newbound.names[k], s->syms[i].name)) { newbound.names[k] = newbound.names[--newbound.n]; break; }
    }
    if (is_function_like(s->kind)) {
        for (int i = 0; i < local.n; i++) {
            ns_add(st, &newbound, local.names[i]);
        }
        /* a local shadows an outer global declaration */
        nameset g2 = { 0 };
        for (int i = 0; i < newglobal.n; i++) {
            py_sym *y = py_scope_find(s, newglobal.names[i]);
            if (y && y->scope == SC_LOCAL) continue;
            ns_add(st, &g2, newglobal.names[i]);
        }
        newglobal = g2;
    }
    if (s->kind == ST_CLASS) {
        /* __class__ is available to methods as a cell of the class scope */
        ns_add(st, &newbound, "__class__");
    }
    for (int c = 0; c < s->nchildren && !st->err; c++) {
        nameset cf = { 0 };
        analyze(st, s->children[c], &newbound, &newglobal, &cf);
        for (int i = 0; i < cf.n; i++) ns_add(st, &newfree, cf.names[i]);
    }
    if (st->err) return;
    /* names free in children: cells here if bound here, else pass through */
    for (int i = 0; i < newfree.n; i++) {
        const char *n = newfree.names[i];
        py_sym *y = py_scope_find(s, n);
        if (s->kind == ST_CLASS && !strcmp(n, "__class__")) {
            s->needs_class_cell = 1;
            continue;
        }
        if (y && y->scope == SC_LOCAL && is_function_like(s->kind)) {
            y->scope = SC_CELL;
            continue;
        }
        if (is_function_like(s->kind)) {
            if (!y) {
                y = scope_add(st, s, n);
                if (!y) return;
            }
            y->scope = SC_FREE;   /* passes through to the children */
            ns_add(st, free, n);
            continue;
        }
        if (s->kind == ST_CLASS && y && y->scope == SC_LOCAL) {
            y->flags |= DEF_FREE_CLASS;
        }
        if (!y || s->kind == ST_CLASS) {
            if (!y) {
                y = scope_add(st, s, n);
                if (!y) return;
                y->scope = SC_FREE;
            } else if (y->scope != SC_FREE) {
                /* class-local binding of the same name: the class also needs
                 * the free cell for its children */
                y->flags |= DEF_FREE_CLASS;
            }
        }
        ns_add(st, free, n);
    }
}

int py_symtable_build(py_symtable *st, py_mod *mod)
{
    st->cur = NULL;
    py_scope *top = enter(st, ST_MODULE, "<module>", mod, 1);
    if (!top) return -1;
    st->top = top;
    py_stmt_seq body = mod->kind == PY_MOD_MODULE ? mod->v.module.body : mod->v.interactive.body;
    if (mod->kind == PY_MOD_EXPRESSION) {
        visit_expr(st, mod->v.expression.body);
    } else {
        visit_stmts(st, body);
    }
    if (st->err) return -1;
    nameset bound = { 0 }, globals = { 0 }, free = { 0 };
    analyze(st, top, &bound, &globals, &free);
    return st->err ? -1 : 0;
}
