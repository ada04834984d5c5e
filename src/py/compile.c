/* compile.c — AST to bytecode.
 *
 * One compile unit per scope (module, class body, function, lambda,
 * comprehension).  Names are resolved by symtable.c.  Exceptions use an
 * exception table: the compiler keeps a stack of active handlers and tags
 * every emitted instruction with the innermost one; ranges are built at the
 * end.  `finally` bodies are compiled inline on every exit path (fall
 * through, return, break, continue) plus once in the exceptional handler,
 * so the VM needs no unwinding opcodes.  The stack depth is tracked while
 * emitting (labels remember the depth they are entered with).
 *
 * List/set/dict comprehensions run as hidden nested functions (no traceback
 * entry, no recursion-depth charge), which matches PEP 709's observable
 * behaviour for tracebacks.
 *
 * Must never: emit a jump to an unbound label, or an instruction whose
 * argument does not fit in 24 bits (compile errors instead).
 */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "py/compile_int.h"
#include "py/compile.h"
#include "py/opcode.h"

enum { FB_WHILE, FB_FOR, FB_TRY_EXCEPT, FB_FINALLY_TRY, FB_FINALLY_END, FB_WITH, FB_ASYNC_WITH,
       FB_HANDLER_CLEANUP, FB_POP_VALUE, FB_EXCEPTION_HANDLER, FB_ASYNC_FOR, FB_EXCEPT_STAR };

typedef struct fblock {
    int type;
    int label_continue, label_break;
    void *datum;              /* FINALLY_TRY: the finally body (py_stmt_seq *); HANDLER_CLEANUP: name */
    int handler_depth;        /* handler stack depth when the block was entered */
} fblock;

typedef struct handler { int label; int depth; } handler;

typedef struct label { int pos; int depth; } label;

typedef struct cunit {
    struct cunit *parent;
    py_scope *scope;
    uint32_t *code;
    py_srcpos *pos;
    int32_t *hnd;             /* per instruction: handler index or -1 */
    int ncode, capcode;
    py_val consts;            /* list */
    py_val names;             /* list of interned strs */
    py_val localnames;        /* list: locals then cells then frees */
    int nlocals, ncells, nfrees;
    label *labels;
    int nlabels, caplabels;
    handler *hstack;          /* active handlers */
    int nh, caph;
    handler *hall;            /* every handler ever pushed (index = id) */
    int nhall, caphall;
    int nfb;
    int depth, maxdepth;
    py_srcpos cur;
    int argcount, posonly, kwonly;
    uint32_t flags;
    py_val qualname;
    py_val name;
    int firstlineno;
    int in_loop_expr;
    int has_doc;
    const char *private_name;
    fblock fb[64];            /* last: not zeroed on creation (nfb says what is live) */
} cunit;

typedef struct compiler {
    py_interp *I;
    sk_arena *ar;
    py_symtable st;
    cunit *u;
    py_val filename, source;
    int err;                   /* 1 syntax error, 2 memory / internal */
    char msg[640];
    int err_line, err_col, err_end_line, err_end_col;
    int interactive;
    int result_mode;           /* SET_RESULT for the last expression statement */
    py_stmt *last_expr;
    int depth;                 /* recursion guard */
    const void *stack_limit;
    int toplevel_await;
    int future_ok;             /* still at the start of the module */
    int future_annotations;    /* from __future__ import annotations seen */
} compiler;

#define U (c->u)

static void c_error(compiler *c, const void *node_pos, int line, int col, int eline, int ecol, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

static void c_error(compiler *c, const void *node_pos, int line, int col, int eline, int ecol, const char *fmt, ...)
{
    (void)node_pos;
    if (c->err) return;
    c->err = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, sizeof c->msg, fmt, ap);
    va_end(ap);
    c->err_line = line;
    c->err_col = col;
    c->err_end_line = eline;
    c->err_end_col = ecol;
}

#define SYNERR_E(e, ...) c_error(c, e, (e)->lineno, (e)->col_offset + 1, (e)->end_lineno, (e)->end_col_offset + 1, __VA_ARGS__)
#define SYNERR_S(s, ...) c_error(c, s, (s)->lineno, (s)->col_offset + 1, (s)->end_lineno, (s)->end_col_offset + 1, __VA_ARGS__)

static void c_nomem(compiler *c)
{
    if (!c->err) c->err = 2;
}

/* ---- emission ----------------------------------------------------------------------- */
static int stack_effect(int op, int arg, int jump)
{
    switch (op) {
    case OP_NOP: case OP_SWAP: case OP_DELETE_FAST: case OP_DELETE_DEREF: case OP_DELETE_GLOBAL:
    case OP_DELETE_NAME: case OP_LOAD_ATTR: case OP_UNARY_NEG: case OP_UNARY_POS: case OP_UNARY_INVERT:
    case OP_UNARY_NOT: case OP_LIST_TO_TUPLE: case OP_JUMP: case OP_JUMP_BACK: case OP_GET_ITER:
    case OP_CHECK_EXC_MATCH: case OP_YIELD_VALUE: case OP_GET_YIELD_FROM_ITER: case OP_GET_AWAITABLE:
    case OP_GET_AITER: case OP_COPY_DICT_WITHOUT_KEYS: case OP_SETUP_ANNOTATIONS: case OP_CALL_INTRINSIC:
        return 0;
    case OP_POP_TOP: case OP_STORE_FAST: case OP_STORE_DEREF: case OP_STORE_GLOBAL: case OP_STORE_NAME:
    case OP_DELETE_ATTR: case OP_BINARY_OP: case OP_COMPARE_OP: case OP_IS_OP: case OP_CONTAINS_OP:
    case OP_BINARY_SUBSCR: case OP_LIST_APPEND: case OP_SET_ADD: case OP_LIST_EXTEND: case OP_SET_UPDATE:
    case OP_DICT_UPDATE: case OP_DICT_MERGE: case OP_POP_JUMP_IF_FALSE: case OP_POP_JUMP_IF_TRUE:
    case OP_POP_JUMP_IF_NONE: case OP_POP_JUMP_IF_NOT_NONE: case OP_RETURN_VALUE: case OP_RERAISE:
    case OP_POP_EXCEPT: case OP_PREP_RERAISE_STAR: case OP_IMPORT_NAME: case OP_IMPORT_STAR: case OP_SET_RESULT: case OP_STORE_ANNOTATION:
        return -1;
    case OP_COPY: case OP_PUSH_NULL: case OP_LOAD_CONST: case OP_LOAD_FAST: case OP_LOAD_DEREF:
    case OP_LOAD_CLASSDEREF: case OP_LOAD_CLOSURE: case OP_LOAD_GLOBAL: case OP_LOAD_NAME: case OP_LOAD_METHOD:
    case OP_PUSH_EXC_INFO: case OP_WITH_EXCEPT_START: case OP_BEFORE_WITH: case OP_BEFORE_ASYNC_WITH:
    case OP_LOAD_BUILD_CLASS: case OP_IMPORT_FROM: case OP_GET_ANEXT: case OP_LOAD_ASSERTION_ERROR:
    case OP_MATCH_MAPPING: case OP_MATCH_SEQUENCE: case OP_MATCH_KEYS: case OP_GET_LEN: case OP_LOAD_LOCALS:
        return 1;
    case OP_STORE_ATTR: case OP_DELETE_SUBSCR: case OP_MAP_ADD: case OP_END_ASYNC_FOR: case OP_MATCH_CLASS:
        return -2;
    case OP_STORE_SUBSCR: return -3;
    case OP_BUILD_SLICE: case OP_BUILD_TUPLE: case OP_BUILD_LIST: case OP_BUILD_SET: case OP_BUILD_STRING:
        return 1 - arg;
    case OP_BUILD_MAP: return 1 - 2 * arg;
    case OP_UNPACK_SEQUENCE: return arg - 1;
    case OP_UNPACK_EX: return (arg & 0xFF) + (arg >> 8);
    case OP_JUMP_IF_FALSE_OR_POP: case OP_JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
    case OP_FOR_ITER: return jump ? -1 : 1;
    case OP_SEND: return jump ? -1 : 0;
    case OP_CALL: return -arg;
    case OP_CALL_KW: return -arg - 1;
    case OP_CALL_METHOD: return -arg - 1;
    case OP_CALL_METHOD_KW: return -arg - 2;
    case OP_CALL_EX: return -1 - (arg & 1);
    case OP_MAKE_FUNCTION: return -__builtin_popcount((unsigned)arg & ~(unsigned)MF_ANN_TEXT);
    case OP_RAISE: return -arg;
    case OP_FORMAT_VALUE: return (arg & FV_HAS_SPEC) ? -1 : 0;
    case OP_CLEANUP_THROW: return -1;
    case OP_RAISE_ASSERT: return -arg;
    case OP_BUILD_TEMPLATE: return -1;
    case OP_BUILD_INTERPOLATION: return 1 - ((arg & 3) ? 3 : 2) - 0;
    default: return 0;
    }
}

static int grow_code(compiler *c)
{
    if (U->ncode < U->capcode) return 0;
    int cap = U->capcode ? U->capcode * 2 : 64;
    uint32_t *code = sk_arena_alloc(c->ar, sizeof(uint32_t) * (size_t)cap);
    py_srcpos *pos = sk_arena_alloc(c->ar, sizeof(py_srcpos) * (size_t)cap);
    int32_t *hnd = sk_arena_alloc(c->ar, sizeof(int32_t) * (size_t)cap);
    if (!code || !pos || !hnd) { c_nomem(c); return -1; }
    if (U->ncode) {
        memcpy(code, U->code, sizeof(uint32_t) * (size_t)U->ncode);
        memcpy(pos, U->pos, sizeof(py_srcpos) * (size_t)U->ncode);
        memcpy(hnd, U->hnd, sizeof(int32_t) * (size_t)U->ncode);
    }
    U->code = code;
    U->pos = pos;
    U->hnd = hnd;
    U->capcode = cap;
    return 0;
}

static int emit_raw(compiler *c, int op, int arg)
{
    if (c->err) return -1;
    if (arg < 0 || arg > INSN_ARG_MAX) { c_error(c, NULL, U->cur.line, 1, U->cur.line, 1, "too many constants or names"); return -1; }
    if (grow_code(c)) return -1;
    int i = U->ncode++;
    U->code[i] = INSN(op, arg);
    U->pos[i] = U->cur;
    U->hnd[i] = U->nh ? U->hstack[U->nh - 1].label : -1;
    return i;
}

static void adjust_depth(compiler *c, int d)
{
    if (U->depth < 0) return;
    U->depth += d;
    if (U->depth > U->maxdepth) U->maxdepth = U->depth;
    if (U->depth < 0) U->depth = 0;
}

static int emit(compiler *c, int op, int arg)
{
    int r = emit_raw(c, op, arg);
    adjust_depth(c, stack_effect(op, arg, 0));
    if (op == OP_RETURN_VALUE || op == OP_RERAISE || op == OP_RAISE || op == OP_JUMP || op == OP_JUMP_BACK ||
        op == OP_RAISE_ASSERT)
        U->depth = -1;   /* unreachable until the next label */
    return r;
}

static int new_label(compiler *c)
{
    if (U->nlabels == U->caplabels) {
        int cap = U->caplabels ? U->caplabels * 2 : 32;
        label *l = sk_arena_alloc(c->ar, sizeof(label) * (size_t)cap);
        if (!l) { c_nomem(c); return 0; }
        if (U->nlabels) memcpy(l, U->labels, sizeof(label) * (size_t)U->nlabels);
        U->labels = l;
        U->caplabels = cap;
    }
    U->labels[U->nlabels].pos = -1;
    U->labels[U->nlabels].depth = -1;
    return U->nlabels++;
}

static void set_label_depth(compiler *c, int l, int depth)
{
    if (depth < 0 || c->err) return;
    if (U->labels[l].depth < depth) U->labels[l].depth = depth;
}

static void bind(compiler *c, int l)
{
    if (c->err) return;
    U->labels[l].pos = U->ncode;
    if (U->depth < 0) U->depth = U->labels[l].depth >= 0 ? U->labels[l].depth : 0;
    else if (U->labels[l].depth > U->depth) U->depth = U->labels[l].depth;
    if (U->depth > U->maxdepth) U->maxdepth = U->depth;
}

static void emit_jump(compiler *c, int op, int l)
{
    int before = U->depth;
    emit_raw(c, op, l);   /* patched to the position later */
    if (before >= 0) set_label_depth(c, l, before + stack_effect(op, 0, 1));
    adjust_depth(c, stack_effect(op, 0, 0));
    if (op == OP_JUMP || op == OP_JUMP_BACK) U->depth = -1;
}

static void push_handler(compiler *c, int l)
{
    if (U->nh == U->caph) {
        int cap = U->caph ? U->caph * 2 : 8;
        handler *h = sk_arena_alloc(c->ar, sizeof(handler) * (size_t)cap);
        if (!h) { c_nomem(c); return; }
        if (U->nh) memcpy(h, U->hstack, sizeof(handler) * (size_t)U->nh);
        U->hstack = h;
        U->caph = cap;
    }
    U->hstack[U->nh].label = l;
    U->hstack[U->nh].depth = U->depth;
    U->nh++;
    /* the handler is entered with the exception pushed */
    set_label_depth(c, l, U->depth + 1);
}

static void pop_handler(compiler *c) { if (U->nh) U->nh--; }

static void set_pos_e(compiler *c, const py_expr *e)
{
    U->cur.line = e->lineno;
    U->cur.end_line = e->end_lineno;
    U->cur.col = e->col_offset;
    U->cur.end_col = e->end_col_offset;
}

static void set_pos_s(compiler *c, const py_stmt *s)
{
    U->cur.line = s->lineno;
    U->cur.end_line = s->end_lineno;
    U->cur.col = s->col_offset;
    U->cur.end_col = s->end_col_offset;
}

/* ---- constants and names ------------------------------------------------------------ */
/* Constants CPython would merge: same type and value, recursively for tuples. */
static int const_same(py_val x, py_val v, int depth)
{
    if (x == v) return 1;
    if (!py_is_ptr(x) || !py_is_ptr(v) || PY_OBJ(x)->type != PY_OBJ(v)->type || depth > 50) return 0;
    switch (PY_OBJ(x)->type->id) {
    case PY_T_STR: return py_str_eq(x, v);
    case PY_T_BYTES:
        return PY_BYTES(x)->len == PY_BYTES(v)->len && !memcmp(PY_BYTES(x)->data, PY_BYTES(v)->data, PY_BYTES(x)->len);
    case PY_T_INT: return mp_cmp(&((py_bigint *)PY_OBJ(x))->v, &((py_bigint *)PY_OBJ(v))->v) == MP_EQ;
    case PY_T_TUPLE: {
        py_tuple *a = PY_TUPLE(x), *b = PY_TUPLE(v);
        if (a->n != b->n) return 0;
        for (size_t i = 0; i < a->n; i++) if (!const_same(a->items[i], b->items[i], depth + 1)) return 0;
        return 1;
    }
    default: return 0;
    }
}

static int add_const(compiler *c, py_val v)   /* steals v */
{
    if (!v) { c_nomem(c); return 0; }
    py_list *l = PY_LIST(U->consts);
    for (size_t i = 0; i < l->n; i++) {
        if (const_same(l->items[i], v, 0)) { py_decref(c->I, v); return (int)i; }
    }
    if (py_list_append_steal(c->I, U->consts, v)) { c_nomem(c); return 0; }
    return (int)l->n - 1;
}

static int add_name(compiler *c, const char *name)
{
    py_val s = py_intern(c->I, name);
    if (!s) { c_nomem(c); return 0; }
    py_list *l = PY_LIST(U->names);
    for (size_t i = 0; i < l->n; i++) if (l->items[i] == s) { py_decref(c->I, s); return (int)i; }
    if (py_list_append_steal(c->I, U->names, s)) { c_nomem(c); return 0; }
    return (int)l->n - 1;
}

static void emit_const(compiler *c, py_val v) { int i = add_const(c, v); emit(c, OP_LOAD_CONST, i); }

static py_val const_value(compiler *c, const py_const *k)
{
    py_interp *I = c->I;
    switch (k->kind) {
    case PY_CONST_NONE: return PY_NONE;
    case PY_CONST_TRUE: return PY_TRUE;
    case PY_CONST_FALSE: return PY_FALSE;
    case PY_CONST_ELLIPSIS: return PY_ELLIPSIS;
    case PY_CONST_INT:
        if (!k->u.i.digits) return py_int_from_i64(I, k->u.i.value);
        {
            int bad;
            py_val r = py_int_from_str(I, k->u.i.digits, strlen(k->u.i.digits), k->u.i.base, &bad);
            if (!r && !bad) {
                /* the 4300-digit limit applies to literals too */
                if (py_err_matches(I, PY_E_ValueError)) {
                    py_val e = py_err_fetch(I);
                    py_val m = py_exc_str(I, e);
                    py_decref(I, e);
                    if (m) {
                        snprintf(c->msg, sizeof c->msg, "%s", py_str_data(m));
                        py_decref(I, m);
                    }
                    c->err = 3;
                    return PY_NULL;
                }
            }
            return r;
        }
    case PY_CONST_FLOAT: return py_float(k->u.f);
    case PY_CONST_COMPLEX: return py_complex_new(I, 0.0, k->u.f);
    case PY_CONST_STR: {
        py_val s = py_str_new(I, k->u.s.data, k->u.s.len);
        if (s && k->u.s.len < 40) s = py_intern_str(I, s);
        return s;
    }
    case PY_CONST_BYTES: return py_bytes_new(I, k->u.s.data, k->u.s.len);
    }
    return PY_NONE;
}

/* ---- units -------------------------------------------------------------------------- */
static int local_index(cunit *u, const char *name)
{
    py_list *l = PY_LIST(u->localnames);
    for (int i = 0; i < u->nlocals; i++) if (py_str_eq_c(l->items[i], name)) return i;
    return -1;
}

static int cell_index(cunit *u, const char *name)   /* cells then frees, relative to nlocals */
{
    py_list *l = PY_LIST(u->localnames);
    for (int i = 0; i < u->ncells + u->nfrees; i++) if (py_str_eq_c(l->items[u->nlocals + i], name)) return i;
    return -1;
}

static int add_local(compiler *c, const char *name)
{
    int i = local_index(U, name);
    if (i >= 0) return i;
    py_val s = py_intern(c->I, name);
    if (!s || py_list_insert(c->I, U->localnames, U->nlocals, s)) { py_xdecref(c->I, s); c_nomem(c); return 0; }
    py_decref(c->I, s);
    return U->nlocals++;
}

static int add_cellfree(compiler *c, const char *name, int free)
{
    int i = cell_index(U, name);
    if (i >= 0) return i;
    py_val s = py_intern(c->I, name);
    if (!s) { c_nomem(c); return 0; }
    if (free) {
        if (py_list_append_steal(c->I, U->localnames, s)) { c_nomem(c); return 0; }
        U->nfrees++;
        return U->ncells + U->nfrees - 1;
    }
    if (py_list_insert(c->I, U->localnames, U->nlocals + U->ncells, s)) { py_decref(c->I, s); c_nomem(c); return 0; }
    py_decref(c->I, s);
    U->ncells++;
    return U->ncells - 1;
}

static int enter_unit(compiler *c, py_scope *s, const char *name, int firstline)
{
    cunit *u = sk_arena_alloc(c->ar, sizeof(cunit));
    if (u) memset(u, 0, offsetof(cunit, fb));
    if (!u) { c_nomem(c); return -1; }
    u->parent = c->u;
    u->scope = s;
    u->consts = py_list_new(c->I, 0);
    u->names = py_list_new(c->I, 0);
    u->localnames = py_list_new(c->I, 0);
    if (!u->consts || !u->names || !u->localnames) {
        py_xdecref(c->I, u->consts); py_xdecref(c->I, u->names); py_xdecref(c->I, u->localnames);
        c_nomem(c);
        return -1;
    }
    u->firstlineno = firstline;
    u->private_name = s->private_name;
    u->name = py_intern(c->I, name);
    /* qualified name */
    cunit *p = c->u;
    /* annotation scopes (<generic parameters of X>) do not show in qualnames */
    while (p && py_str_data(p->name)[0] == '<' && !strncmp(py_str_data(p->name), "<generic parameters of ", 23)) p = p->parent;
    if (!p || p->scope->kind == ST_MODULE) {
        u->qualname = py_newref(u->name);
    } else {
        py_sym *y = py_scope_find(p->scope, name);
        int global = y && y->scope == SC_GLOBAL_EXPLICIT && (s->kind == ST_FUNCTION || s->kind == ST_CLASS);
        if (global) u->qualname = py_newref(u->name);
        else if (p->scope->kind == ST_FUNCTION || p->scope->kind == ST_LAMBDA || p->scope->kind == ST_COMP ||
                 p->scope->kind == ST_GENEXPR)
            u->qualname = py_str_fmt(c->I, "%s.<locals>.%s", py_str_data(p->qualname), name);
        else
            u->qualname = py_str_fmt(c->I, "%s.%s", py_str_data(p->qualname), name);
    }
    u->depth = 0;
    c->u = u;
    /* cells and frees from the symbol table */
    for (int i = 0; i < s->nsyms; i++) {
        py_sym *y = &s->syms[i];
        if (y->scope == SC_CELL) add_cellfree(c, y->name, 0);
    }
    if (s->kind == ST_CLASS && s->needs_class_cell) add_cellfree(c, "__class__", 0);
    for (int i = 0; i < s->nsyms; i++) {
        py_sym *y = &s->syms[i];
        if (y->scope == SC_FREE || (s->kind == ST_CLASS && (y->flags & DEF_FREE_CLASS))) add_cellfree(c, y->name, 1);
    }
    return c->err ? -1 : 0;
}

static void free_unit(compiler *c, cunit *u)
{
    py_xdecref(c->I, u->consts);
    py_xdecref(c->I, u->names);
    py_xdecref(c->I, u->localnames);
    py_xdecref(c->I, u->qualname);
    py_xdecref(c->I, u->name);
}

static py_val list_to_array(py_interp *I, py_val l, py_val **out, uint32_t *n)
{
    py_list *ls = PY_LIST(l);
    *n = (uint32_t)ls->n;
    *out = NULL;
    if (!ls->n) return PY_TRUE;
    *out = py_alloc(I, ls->n * sizeof(py_val));
    if (!*out) return PY_NULL;
    for (size_t i = 0; i < ls->n; i++) (*out)[i] = py_newref(ls->items[i]);
    return PY_TRUE;
}

/* Finish the current unit into a code object; pops the unit. */
static py_code *assemble(compiler *c)
{
    py_interp *I = c->I;
    cunit *u = U;
    py_code *co = NULL;
    if (c->err) goto out;
    /* resolve jumps */
    for (int i = 0; i < u->ncode; i++) {
        int op = INSN_OP(u->code[i]);
        if (op == OP_JUMP || op == OP_JUMP_BACK || op == OP_POP_JUMP_IF_FALSE || op == OP_POP_JUMP_IF_TRUE ||
            op == OP_JUMP_IF_FALSE_OR_POP || op == OP_JUMP_IF_TRUE_OR_POP || op == OP_POP_JUMP_IF_NONE ||
            op == OP_POP_JUMP_IF_NOT_NONE || op == OP_FOR_ITER || op == OP_SEND) {
            int l = (int)INSN_ARG(u->code[i]);
            int target = u->labels[l].pos;
            if (target < 0) { c_error(c, NULL, 1, 1, 1, 1, "internal compiler error: unbound label"); c->err = 2; goto out; }
            u->code[i] = INSN(op, target);
        }
    }
    co = (py_code *)py_obj_new(I, PY_TYPE(I, PY_T_CODE), sizeof(py_code));
    if (!co) { c_nomem(c); goto out; }
    co->ncode = (uint32_t)u->ncode;
    co->code = py_alloc(I, sizeof(uint32_t) * (size_t)(u->ncode ? u->ncode : 1));
    if (!co->code) goto fail;
    memcpy(co->code, u->code, sizeof(uint32_t) * (size_t)u->ncode);
    if (!list_to_array(I, u->consts, &co->consts, &co->nconsts)) goto fail;
    if (!list_to_array(I, u->names, &co->names, &co->nnames)) goto fail;
    if (!list_to_array(I, u->localnames, &co->localnames, &co->nlocalsplus)) goto fail;
    co->nlocals = (uint32_t)u->nlocals;
    co->ncells = (uint32_t)u->ncells;
    co->nfrees = (uint32_t)u->nfrees;
    co->stacksize = (uint32_t)u->maxdepth + 2;
    co->flags = u->flags;
    co->argcount = (uint16_t)u->argcount;
    co->posonly = (uint16_t)u->posonly;
    co->kwonly = (uint16_t)u->kwonly;
    co->name = py_newref(u->name);
    co->qualname = py_newref(u->qualname);
    co->filename = py_newref(c->filename);
    co->source = py_newref(c->source);
    co->firstlineno = u->firstlineno;
    if (u->ncells) {
        co->cell2arg = py_alloc(I, sizeof(int32_t) * (size_t)u->ncells);
        if (!co->cell2arg) goto fail;
        int nargs = u->argcount + u->kwonly + ((u->flags & PY_CO_VARARGS) ? 1 : 0) + ((u->flags & PY_CO_VARKW) ? 1 : 0);
        for (int i = 0; i < u->ncells; i++) {
            co->cell2arg[i] = -1;
            py_val cn = PY_LIST(u->localnames)->items[u->nlocals + i];
            for (int a = 0; a < nargs && a < u->nlocals; a++)
                if (py_str_eq(PY_LIST(u->localnames)->items[a], cn)) { co->cell2arg[i] = a; break; }
        }
    }
    /* exception table: runs of instructions with the same handler */
    {
        int n = 0;
        for (int i = 0; i < u->ncode; i++)
            if (u->hnd[i] >= 0 && (i == 0 || u->hnd[i - 1] != u->hnd[i])) n++;
        if (n) {
            co->exctab = py_alloc(I, sizeof(py_exc_entry) * (size_t)n);
            if (!co->exctab) goto fail;
            int k = 0;
            for (int i = 0; i < u->ncode; i++) {
                if (u->hnd[i] < 0) continue;
                if (i > 0 && u->hnd[i - 1] == u->hnd[i]) { co->exctab[k - 1].end = (uint32_t)i + 1; continue; }
                label *l = &u->labels[u->hnd[i]];
                co->exctab[k].start = (uint32_t)i;
                co->exctab[k].end = (uint32_t)i + 1;
                co->exctab[k].target = (uint32_t)l->pos;
                co->exctab[k].depth = (uint32_t)(l->depth > 0 ? l->depth - 1 : 0);
                k++;
            }
            co->nexctab = (uint32_t)k;
        }
    }
    /* position runs */
    {
        int n = 0;
        for (int i = 0; i < u->ncode; i++)
            if (i == 0 || memcmp(&u->pos[i], &u->pos[i - 1], sizeof(py_srcpos))) n++;
        co->pos = py_alloc(I, sizeof(py_posrun) * (size_t)(n ? n : 1));
        if (!co->pos) goto fail;
        int k = 0;
        for (int i = 0; i < u->ncode; i++) {
            if (i == 0 || memcmp(&u->pos[i], &u->pos[i - 1], sizeof(py_srcpos))) {
                co->pos[k].ip = (uint32_t)i;
                co->pos[k].pos = u->pos[i];
                k++;
            }
        }
        co->npos = (uint32_t)k;
    }
    goto out;
fail:
    c_nomem(c);
    py_decref(I, PY_VAL(co));
    co = NULL;
out:
    c->u = u->parent;
    free_unit(c, u);
    return co;
}

/* ---- names -------------------------------------------------------------------------- */
typedef enum { N_FAST, N_DEREF, N_CLASSDEREF, N_GLOBAL, N_NAME } nkind;

static nkind name_kind(compiler *c, const char *name, int *idx)
{
    py_scope *s = U->scope;
    py_sym *y = py_scope_find(s, name);
    int sc = y ? y->scope : SC_GLOBAL_IMPLICIT;
    int fnlike = s->kind == ST_FUNCTION || s->kind == ST_LAMBDA || s->kind == ST_COMP || s->kind == ST_GENEXPR ||
                 s->kind == ST_ANNOT;
    if (s->kind == ST_CLASS && y && (y->flags & DEF_FREE_CLASS) && y->scope != SC_FREE) sc = SC_LOCAL;
    switch (sc) {
    case SC_LOCAL:
        if (fnlike) { *idx = add_local(c, name); return N_FAST; }
        if (s->kind == ST_MODULE) { *idx = add_name(c, name); return N_GLOBAL; }
        *idx = add_name(c, name);
        return N_NAME;
    case SC_CELL:
    case SC_FREE:
        *idx = cell_index(U, name);
        if (*idx < 0) *idx = add_cellfree(c, name, sc == SC_FREE);
        if (s->kind == ST_CLASS && sc == SC_FREE) return N_CLASSDEREF;
        return N_DEREF;
    case SC_GLOBAL_EXPLICIT:
        *idx = add_name(c, name);
        return N_GLOBAL;
    default:
        *idx = add_name(c, name);
        if (fnlike || s->kind == ST_MODULE) return N_GLOBAL;
        return N_NAME;
    }
}

static void compile_name(compiler *c, const char *id, int ctx)
{
    const char *name = py_mangle(c->ar, U->private_name, id);
    int idx;
    nkind k = name_kind(c, name, &idx);
    static const int ops[5][3] = {
        { OP_LOAD_FAST, OP_STORE_FAST, OP_DELETE_FAST },
        { OP_LOAD_DEREF, OP_STORE_DEREF, OP_DELETE_DEREF },
        { OP_LOAD_CLASSDEREF, OP_STORE_DEREF, OP_DELETE_DEREF },
        { OP_LOAD_GLOBAL, OP_STORE_GLOBAL, OP_DELETE_GLOBAL },
        { OP_LOAD_NAME, OP_STORE_NAME, OP_DELETE_NAME },
    };
    int ci = ctx == PY_CTX_LOAD ? 0 : ctx == PY_CTX_STORE ? 1 : 2;
    if (k == N_CLASSDEREF && ci == 0) {
        /* the class namespace is consulted first: encode the name too */
        int ni = add_name(c, name);
        emit(c, OP_LOAD_CLASSDEREF, idx | (ni << 12));
        return;
    }
    emit(c, ops[k][ci], idx);
}

/* ---- expressions -------------------------------------------------------------------- */
static void compile_expr(compiler *c, py_expr *e);
static void compile_stmts(compiler *c, py_stmt_seq seq);
static void compile_stmt(compiler *c, py_stmt *s);
static void compile_store(compiler *c, py_expr *t);
static void compile_jump_if(compiler *c, py_expr *e, int cond, int target);

static int guard(compiler *c)
{
    if (++c->depth > 1000 || sk_stack_low(c->stack_limit)) {
        c->depth--;
        c_error(c, NULL, U->cur.line, U->cur.col + 1, U->cur.end_line, U->cur.end_col + 1, "too many nested expressions");
        return -1;
    }
    return 0;
}

static int has_starred(py_expr_seq seq)
{
    for (int i = 0; i < seq.n; i++) if (seq.items[i]->kind == PY_EXPR_STARRED) return 1;
    return 0;
}

/* Build a list/tuple/set from elements that may contain *starred ones. */
static void compile_sequence(compiler *c, py_expr_seq elts, int kind /* 0 list, 1 tuple, 2 set */)
{
    if (!has_starred(elts)) {
        for (int i = 0; i < elts.n; i++) compile_expr(c, elts.items[i]);
        emit(c, kind == 0 ? OP_BUILD_LIST : kind == 1 ? OP_BUILD_TUPLE : OP_BUILD_SET, elts.n);
        return;
    }
    int pending = 0, built = 0;
    for (int i = 0; i < elts.n; i++) {
        py_expr *x = elts.items[i];
        if (x->kind == PY_EXPR_STARRED) {
            if (!built) { emit(c, kind == 2 ? OP_BUILD_SET : OP_BUILD_LIST, pending); built = 1; pending = 0; }
            else if (pending) {
                /* flush pending items */
                emit(c, kind == 2 ? OP_BUILD_SET : OP_BUILD_LIST, pending);
                emit(c, kind == 2 ? OP_SET_UPDATE : OP_LIST_EXTEND, 1);
                pending = 0;
            }
            compile_expr(c, x->v.starred.value);
            set_pos_e(c, x);
            emit(c, kind == 2 ? OP_SET_UPDATE : OP_LIST_EXTEND, 1);
        } else {
            compile_expr(c, x);
            pending++;
        }
    }
    if (pending) {
        emit(c, kind == 2 ? OP_BUILD_SET : OP_BUILD_LIST, pending);
        emit(c, kind == 2 ? OP_SET_UPDATE : OP_LIST_EXTEND, 1);
    }
    if (kind == 1) emit(c, OP_LIST_TO_TUPLE, 0);
}

static void compile_dict(compiler *c, py_expr *e)
{
    int n = e->v.dict.keys.n;
    int pending = 0, built = 0;
    for (int i = 0; i < n; i++) {
        py_expr *k = e->v.dict.keys.items[i];
        if (!k) {
            if (!built) { emit(c, OP_BUILD_MAP, pending); built = 1; pending = 0; }
            else if (pending) { emit(c, OP_BUILD_MAP, pending); emit(c, OP_DICT_UPDATE, 1); pending = 0; }
            compile_expr(c, e->v.dict.values.items[i]);
            set_pos_e(c, e);
            emit(c, OP_DICT_UPDATE, 1);
        } else {
            compile_expr(c, k);
            compile_expr(c, e->v.dict.values.items[i]);
            pending++;
        }
    }
    if (!built) emit(c, OP_BUILD_MAP, pending);
    else if (pending) { emit(c, OP_BUILD_MAP, pending); emit(c, OP_DICT_UPDATE, 1); }
}

static void compile_call_args(compiler *c, py_expr *call, int method, int extra_pos)
{
    py_expr_seq args = call->v.call.args;
    py_keyword_seq kws = call->v.call.keywords;
    int starred = has_starred(args);
    int dstar = 0;
    for (int i = 0; i < kws.n; i++) if (!kws.items[i]->arg) dstar = 1;
    if (!starred && !dstar) {
        for (int i = 0; i < args.n; i++) compile_expr(c, args.items[i]);
        if (kws.n) {
            py_val names = py_tuple_new(c->I, (size_t)kws.n);
            if (!names) { c_nomem(c); return; }
            for (int i = 0; i < kws.n; i++) {
                compile_expr(c, kws.items[i]->value);
                py_val s = py_intern(c->I, kws.items[i]->arg);
                if (!s) { c_nomem(c); py_decref(c->I, names); return; }
                py_tuple_items(names)[i] = s;
            }
            emit_const(c, names);
            set_pos_e(c, call);
            emit(c, method ? OP_CALL_METHOD_KW : OP_CALL_KW, args.n + kws.n + extra_pos);
        } else {
            set_pos_e(c, call);
            emit(c, method ? OP_CALL_METHOD : OP_CALL, args.n + extra_pos);
        }
        return;
    }
    /* general form: CALL_EX with a tuple and an optional dict */
    if (method) {
        /* [meth, self_or_null] -> a bound callable is built by the VM */
    }
    compile_sequence(c, args, 1);
    if (kws.n) {
        int pending = 0, built = 0;
        for (int i = 0; i < kws.n; i++) {
            py_keyword *k = kws.items[i];
            if (!k->arg) {
                if (!built) { emit(c, OP_BUILD_MAP, pending); built = 1; pending = 0; }
                else if (pending) { emit(c, OP_BUILD_MAP, pending); emit(c, OP_DICT_MERGE, 1); pending = 0; }
                compile_expr(c, k->value);
                set_pos_e(c, call);
                emit(c, OP_DICT_MERGE, 1);
            } else {
                emit_const(c, py_intern(c->I, k->arg));
                compile_expr(c, k->value);
                pending++;
            }
        }
        if (!built) emit(c, OP_BUILD_MAP, pending);
        else if (pending) { emit(c, OP_BUILD_MAP, pending); emit(c, OP_DICT_MERGE, 1); }
    }
    set_pos_e(c, call);
    emit(c, OP_CALL_EX, (kws.n ? 1 : 0) | (method ? 2 : 0));
}

static void compile_call(compiler *c, py_expr *e)
{
    py_expr *f = e->v.call.func;
    if (f->kind == PY_EXPR_ATTRIBUTE && !has_starred(e->v.call.args)) {
        int dstar = 0;
        for (int i = 0; i < e->v.call.keywords.n; i++) if (!e->v.call.keywords.items[i]->arg) dstar = 1;
        if (!dstar) {
            compile_expr(c, f->v.attribute.value);
            set_pos_e(c, f);
            emit(c, OP_LOAD_METHOD, add_name(c, py_mangle(c->ar, U->private_name, f->v.attribute.attr)));
            compile_call_args(c, e, 1, 0);
            return;
        }
    }
    compile_expr(c, f);
    compile_call_args(c, e, 0, 0);
}

static void compile_boolop(compiler *c, py_expr *e)
{
    int end = new_label(c);
    int op = e->v.boolop.op == PY_BOOL_AND ? OP_JUMP_IF_FALSE_OR_POP : OP_JUMP_IF_TRUE_OR_POP;
    int n = e->v.boolop.values.n;
    for (int i = 0; i < n - 1; i++) {
        compile_expr(c, e->v.boolop.values.items[i]);
        emit_jump(c, op, end);
    }
    compile_expr(c, e->v.boolop.values.items[n - 1]);
    bind(c, end);
}

static int cmpop_code(py_cmpop op, int *kind)
{
    switch (op) {
    case PY_CMP_EQ: *kind = OP_COMPARE_OP; return PY_EQ;
    case PY_CMP_NOTEQ: *kind = OP_COMPARE_OP; return PY_NE;
    case PY_CMP_LT: *kind = OP_COMPARE_OP; return PY_LT;
    case PY_CMP_LTE: *kind = OP_COMPARE_OP; return PY_LE;
    case PY_CMP_GT: *kind = OP_COMPARE_OP; return PY_GT;
    case PY_CMP_GTE: *kind = OP_COMPARE_OP; return PY_GE;
    case PY_CMP_IS: *kind = OP_IS_OP; return 0;
    case PY_CMP_ISNOT: *kind = OP_IS_OP; return 1;
    case PY_CMP_IN: *kind = OP_CONTAINS_OP; return 0;
    default: *kind = OP_CONTAINS_OP; return 1;
    }
}

static void emit_cmp(compiler *c, py_cmpop op)
{
    int kind;
    int arg = cmpop_code(op, &kind);
    emit(c, kind, arg);
}

static void compile_compare(compiler *c, py_expr *e)
{
    int n = e->v.compare.ops.n;
    compile_expr(c, e->v.compare.left);
    if (n == 1) {
        compile_expr(c, e->v.compare.comparators.items[0]);
        set_pos_e(c, e);
        emit_cmp(c, e->v.compare.ops.items[0]);
        return;
    }
    int cleanup = new_label(c), end = new_label(c);
    for (int i = 0; i < n - 1; i++) {
        compile_expr(c, e->v.compare.comparators.items[i]);
        emit(c, OP_SWAP, 2);
        emit(c, OP_COPY, 2);
        set_pos_e(c, e);
        emit_cmp(c, e->v.compare.ops.items[i]);
        emit_jump(c, OP_JUMP_IF_FALSE_OR_POP, cleanup);
    }
    compile_expr(c, e->v.compare.comparators.items[n - 1]);
    set_pos_e(c, e);
    emit_cmp(c, e->v.compare.ops.items[n - 1]);
    emit_jump(c, OP_JUMP, end);
    bind(c, cleanup);
    emit(c, OP_SWAP, 2);
    emit(c, OP_POP_TOP, 0);
    bind(c, end);
}

static int binop_code(py_operator op)
{
    switch (op) {
    case PY_OP_ADD: return PY_NB_ADD;
    case PY_OP_SUB: return PY_NB_SUB;
    case PY_OP_MULT: return PY_NB_MUL;
    case PY_OP_MATMULT: return PY_NB_MATMUL;
    case PY_OP_DIV: return PY_NB_TRUEDIV;
    case PY_OP_MOD: return PY_NB_MOD;
    case PY_OP_POW: return PY_NB_POW;
    case PY_OP_LSHIFT: return PY_NB_LSHIFT;
    case PY_OP_RSHIFT: return PY_NB_RSHIFT;
    case PY_OP_BITOR: return PY_NB_OR;
    case PY_OP_BITXOR: return PY_NB_XOR;
    case PY_OP_BITAND: return PY_NB_AND;
    case PY_OP_FLOORDIV: return PY_NB_FLOORDIV;
    }
    return PY_NB_ADD;
}

static void compile_subscript_slice(compiler *c, py_expr *sl)
{
    if (sl->kind == PY_EXPR_SLICE) {
        int n = 2;
        if (sl->v.slice.lower) compile_expr(c, sl->v.slice.lower); else emit_const(c, PY_NONE);
        if (sl->v.slice.upper) compile_expr(c, sl->v.slice.upper); else emit_const(c, PY_NONE);
        if (sl->v.slice.step) { compile_expr(c, sl->v.slice.step); n = 3; }
        emit(c, OP_BUILD_SLICE, n);
    } else {
        compile_expr(c, sl);
    }
}

/* comprehensions --------------------------------------------------------------------- */
static py_code *compile_comprehension_body(compiler *c, py_expr *e, py_scope *s, const char *name);

static void make_closure(compiler *c, py_code *co, int flags)
{
    if (co->nfrees) {
        for (uint32_t i = 0; i < co->nfrees; i++) {
            py_val fname = co->localnames[co->nlocals + co->ncells + i];
            const char *n = py_str_data(fname);
            int idx = cell_index(U, n);
            if (idx < 0) {
                /* should be known: the symbol table made it free or cell here */
                py_sym *y = py_scope_find(U->scope, n);
                idx = add_cellfree(c, n, !(y && y->scope == SC_CELL));
            }
            emit(c, OP_LOAD_CLOSURE, idx);
        }
        emit(c, OP_BUILD_TUPLE, (int)co->nfrees);
        flags |= MF_CLOSURE;
    }
    emit_const(c, PY_VAL(co));
    emit(c, OP_MAKE_FUNCTION, flags);
}

static void compile_comprehension(compiler *c, py_expr *e)
{
    py_scope *s = py_symtable_lookup(&c->st, e);
    if (!s) { c_nomem(c); return; }
    const char *name = s->name;
    py_comprehension_seq gens = e->kind == PY_EXPR_LISTCOMP ? e->v.listcomp.generators :
                                e->kind == PY_EXPR_SETCOMP ? e->v.setcomp.generators :
                                e->kind == PY_EXPR_DICTCOMP ? e->v.dictcomp.generators : e->v.generatorexp.generators;
    py_srcpos save = U->cur;
    py_code *co = compile_comprehension_body(c, e, s, name);
    U->cur = save;
    if (!co) return;
    make_closure(c, co, 0);
    compile_expr(c, gens.items[0]->iter);
    set_pos_e(c, e);
    emit(c, gens.items[0]->is_async ? OP_GET_AITER : OP_GET_ITER, 0);
    emit(c, OP_CALL, 1);
    if (s->coroutine && e->kind != PY_EXPR_GENERATOREXP) {
        emit(c, OP_GET_AWAITABLE, 0);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 0);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
    }
}

static void comp_generator(compiler *c, py_expr *e, py_comprehension_seq gens, int gi, int cdepth)
{
    py_comprehension *g = gens.items[gi];
    int start = new_label(c), anchor = new_label(c), ifclean = new_label(c);
    (void)ifclean;
    if (gi == 0) {
        emit(c, OP_LOAD_FAST, 0);   /* .0 */
    } else {
        compile_expr(c, g->iter);
        set_pos_e(c, g->iter);
        emit(c, g->is_async ? OP_GET_AITER : OP_GET_ITER, 0);
    }
    bind(c, start);
    if (g->is_async) {
        int l_exc = new_label(c);
        push_handler(c, l_exc);
        emit(c, OP_GET_ANEXT, 0);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 0);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
        pop_handler(c);
        compile_store(c, g->target);
        for (int i = 0; i < g->ifs.n; i++) compile_jump_if(c, g->ifs.items[i], 0, start);
        if (gi + 1 < gens.n) comp_generator(c, e, gens, gi + 1, cdepth);
        else goto body;
    after_body_async:
        emit_jump(c, OP_JUMP_BACK, start);
        bind(c, l_exc);
        emit(c, OP_END_ASYNC_FOR, 0);
        bind(c, anchor);
        return;
    body:
        switch (e->kind) {
        case PY_EXPR_LISTCOMP: compile_expr(c, e->v.listcomp.elt); emit(c, OP_LIST_APPEND, U->depth - cdepth); break;
        case PY_EXPR_SETCOMP: compile_expr(c, e->v.setcomp.elt); emit(c, OP_SET_ADD, U->depth - cdepth); break;
        case PY_EXPR_DICTCOMP:
            compile_expr(c, e->v.dictcomp.key);
            compile_expr(c, e->v.dictcomp.value);
            emit(c, OP_MAP_ADD, U->depth - cdepth - 1);
            break;
        default:
            compile_expr(c, e->v.generatorexp.elt);
            emit(c, OP_YIELD_VALUE, 0);
            emit(c, OP_POP_TOP, 0);
            break;
        }
        goto after_body_async;
    }
    set_pos_e(c, g->iter);
    emit_jump(c, OP_FOR_ITER, anchor);
    compile_store(c, g->target);
    for (int i = 0; i < g->ifs.n; i++) compile_jump_if(c, g->ifs.items[i], 0, start);
    if (gi + 1 < gens.n) {
        comp_generator(c, e, gens, gi + 1, cdepth);
    } else {
        switch (e->kind) {
        case PY_EXPR_LISTCOMP:
            compile_expr(c, e->v.listcomp.elt);
            emit(c, OP_LIST_APPEND, U->depth - cdepth);
            break;
        case PY_EXPR_SETCOMP:
            compile_expr(c, e->v.setcomp.elt);
            emit(c, OP_SET_ADD, U->depth - cdepth);
            break;
        case PY_EXPR_DICTCOMP:
            compile_expr(c, e->v.dictcomp.key);
            compile_expr(c, e->v.dictcomp.value);
            emit(c, OP_MAP_ADD, U->depth - cdepth - 1);
            break;
        default:
            compile_expr(c, e->v.generatorexp.elt);
            emit(c, OP_YIELD_VALUE, 0);
            emit(c, OP_POP_TOP, 0);
            break;
        }
    }
    emit_jump(c, OP_JUMP_BACK, start);
    bind(c, anchor);
}

static py_code *compile_comprehension_body(compiler *c, py_expr *e, py_scope *s, const char *name)
{
    if (enter_unit(c, s, name, e->lineno)) return NULL;
    U->argcount = 1;
    add_local(c, ".0");
    U->flags = PY_CO_NESTED;
    if (e->kind == PY_EXPR_GENERATOREXP) U->flags |= s->coroutine ? PY_CO_ASYNCGEN : PY_CO_GENERATOR;
    else {
        U->flags |= PY_CO_HIDDEN;
        if (s->coroutine) U->flags |= PY_CO_COROUTINE;
    }
    set_pos_e(c, e);
    py_comprehension_seq gens = e->kind == PY_EXPR_LISTCOMP ? e->v.listcomp.generators :
                                e->kind == PY_EXPR_SETCOMP ? e->v.setcomp.generators :
                                e->kind == PY_EXPR_DICTCOMP ? e->v.dictcomp.generators : e->v.generatorexp.generators;
    int cdepth = 0;
    if (e->kind == PY_EXPR_LISTCOMP) emit(c, OP_BUILD_LIST, 0);
    else if (e->kind == PY_EXPR_SETCOMP) emit(c, OP_BUILD_SET, 0);
    else if (e->kind == PY_EXPR_DICTCOMP) emit(c, OP_BUILD_MAP, 0);
    cdepth = U->depth;
    comp_generator(c, e, gens, 0, cdepth);
    if (e->kind == PY_EXPR_GENERATOREXP) emit_const(c, PY_NONE);
    emit(c, OP_RETURN_VALUE, 0);
    return assemble(c);
}

/* f-strings ------------------------------------------------------------------------------ */
static void compile_fstring_part(compiler *c, py_expr *v)
{
    if (v->kind == PY_EXPR_CONSTANT) { compile_expr(c, v); return; }
    if (v->kind == PY_EXPR_JOINEDSTR) { compile_expr(c, v); return; }
    /* FormattedValue (or an Interpolation nested in a t-string's format spec) */
    int interp = v->kind == PY_EXPR_INTERPOLATION;
    compile_expr(c, interp ? v->v.interpolation.value : v->v.formattedvalue.value);
    int conv = interp ? v->v.interpolation.conversion : v->v.formattedvalue.conversion;
    int arg = conv == PY_CONV_STR ? 1 : conv == PY_CONV_REPR ? 2 : conv == PY_CONV_ASCII ? 3 : 0;
    py_expr *spec = interp ? v->v.interpolation.format_spec : v->v.formattedvalue.format_spec;
    if (spec) {
        compile_expr(c, spec);
        arg |= FV_HAS_SPEC;
    }
    set_pos_e(c, v);
    emit(c, OP_FORMAT_VALUE, arg);
}

static void compile_joinedstr(compiler *c, py_expr *e)
{
    int n = e->v.joinedstr.values.n;
    if (n == 0) { emit_const(c, py_str_new(c->I, "", 0)); return; }
    for (int i = 0; i < n; i++) compile_fstring_part(c, e->v.joinedstr.values.items[i]);
    if (n > 1) emit(c, OP_BUILD_STRING, n);
    else if (e->v.joinedstr.values.items[0]->kind != PY_EXPR_FORMATTEDVALUE) {
        /* a single constant part is already a str */
    }
}

static void compile_templatestr(compiler *c, py_expr *e)
{
    /* Template(strings..., interpolations...) built by the VM: push parts */
    int n = e->v.templatestr.values.n;
    for (int i = 0; i < n; i++) {
        py_expr *v = e->v.templatestr.values.items[i];
        if (v->kind == PY_EXPR_INTERPOLATION) {
            compile_expr(c, v->v.interpolation.value);
            emit_const(c, const_value(c, &v->v.interpolation.str));
            int conv = v->v.interpolation.conversion;
            emit_const(c, conv == PY_CONV_NONE ? PY_NONE : py_str_char(c->I, (uint32_t)conv));
            if (v->v.interpolation.format_spec) compile_expr(c, v->v.interpolation.format_spec);
            else emit_const(c, py_str_new(c->I, "", 0));
            emit(c, OP_BUILD_TUPLE, 4);
            emit(c, OP_BUILD_INTERPOLATION, 0);
        } else {
            compile_expr(c, v);
        }
    }
    emit(c, OP_BUILD_TUPLE, n);
    emit(c, OP_BUILD_TEMPLATE, 0);
    adjust_depth(c, 1);
}

static py_code *compile_lambda_body(compiler *c, py_expr *e);
static void compile_defaults(compiler *c, py_arguments *a, int *flags);

static void compile_expr(compiler *c, py_expr *e)
{
    if (c->err) return;
    if (guard(c)) return;
    py_srcpos saved = U->cur;
    set_pos_e(c, e);
    switch (e->kind) {
    case PY_EXPR_BOOLOP: compile_boolop(c, e); break;
    case PY_EXPR_NAMEDEXPR:
        compile_expr(c, e->v.namedexpr.value);
        emit(c, OP_COPY, 1);
        compile_store(c, e->v.namedexpr.target);
        break;
    case PY_EXPR_BINOP:
        compile_expr(c, e->v.binop.left);
        compile_expr(c, e->v.binop.right);
        set_pos_e(c, e);
        emit(c, OP_BINARY_OP, binop_code(e->v.binop.op));
        break;
    case PY_EXPR_UNARYOP:
        compile_expr(c, e->v.unaryop.operand);
        set_pos_e(c, e);
        switch (e->v.unaryop.op) {
        case PY_UNARY_INVERT: emit(c, OP_UNARY_INVERT, 0); break;
        case PY_UNARY_NOT: emit(c, OP_UNARY_NOT, 0); break;
        case PY_UNARY_UADD: emit(c, OP_UNARY_POS, 0); break;
        default: emit(c, OP_UNARY_NEG, 0); break;
        }
        break;
    case PY_EXPR_LAMBDA: {
        int flags = 0;
        compile_defaults(c, e->v.lambda.args, &flags);
        py_srcpos save = U->cur;
        py_code *co = compile_lambda_body(c, e);
        U->cur = save;
        if (co) make_closure(c, co, flags);
        break;
    }
    case PY_EXPR_IFEXP: {
        int l_else = new_label(c), l_end = new_label(c);
        compile_jump_if(c, e->v.ifexp.test, 0, l_else);
        compile_expr(c, e->v.ifexp.body);
        emit_jump(c, OP_JUMP, l_end);
        bind(c, l_else);
        compile_expr(c, e->v.ifexp.orelse);
        bind(c, l_end);
        break;
    }
    case PY_EXPR_DICT: compile_dict(c, e); break;
    case PY_EXPR_SET: compile_sequence(c, e->v.set.elts, 2); break;
    case PY_EXPR_LISTCOMP: case PY_EXPR_SETCOMP: case PY_EXPR_DICTCOMP: case PY_EXPR_GENERATOREXP:
        compile_comprehension(c, e);
        break;
    case PY_EXPR_AWAIT: {
        py_scope *s = U->scope;
        int ok = s->coroutine || (s->kind == ST_MODULE && c->toplevel_await) ||
                 ((s->kind == ST_COMP || s->kind == ST_GENEXPR) && s->parent && s->parent->coroutine);
        if (!ok) {
            if (s->kind == ST_FUNCTION || s->kind == ST_LAMBDA) SYNERR_E(e, "'await' outside async function");
            else SYNERR_E(e, "'await' outside function");
            break;
        }
        compile_expr(c, e->v.await.value);
        set_pos_e(c, e);
        emit(c, OP_GET_AWAITABLE, 0);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 1);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
        break;
    }
    case PY_EXPR_YIELD:
        if (U->scope->coroutine && U->scope->kind != ST_GENEXPR) U->flags |= 0;
        if (e->v.yield.value) compile_expr(c, e->v.yield.value);
        else emit_const(c, PY_NONE);
        set_pos_e(c, e);
        emit(c, OP_YIELD_VALUE, 0);
        break;
    case PY_EXPR_YIELDFROM: {
        if (U->scope->coroutine) { SYNERR_E(e, "'yield from' inside async function"); break; }
        compile_expr(c, e->v.yieldfrom.value);
        set_pos_e(c, e);
        emit(c, OP_GET_YIELD_FROM_ITER, 0);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 1);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
        break;
    }
    case PY_EXPR_COMPARE: compile_compare(c, e); break;
    case PY_EXPR_CALL: compile_call(c, e); break;
    case PY_EXPR_FORMATTEDVALUE: compile_fstring_part(c, e); break;
    case PY_EXPR_INTERPOLATION: break;
    case PY_EXPR_JOINEDSTR: compile_joinedstr(c, e); break;
    case PY_EXPR_TEMPLATESTR: compile_templatestr(c, e); break;
    case PY_EXPR_CONSTANT: {
        py_val v = const_value(c, &e->v.constant.value);
        if (!v) {
            if (c->err == 3 || c->err == 4) {
                int kind = c->err;
                c->err = 0;
                char m[256];
                snprintf(m, sizeof m, "%.200s", c->msg);
                if (kind == 4) SYNERR_E(e, "%s", m);
                else SYNERR_E(e, "%s", m);
                c->err = kind == 4 ? 4 : 3;
            } else {
                c_nomem(c);
            }
            break;
        }
        emit_const(c, v);
        break;
    }
    case PY_EXPR_ATTRIBUTE:
        compile_expr(c, e->v.attribute.value);
        set_pos_e(c, e);
        emit(c, OP_LOAD_ATTR, add_name(c, py_mangle(c->ar, U->private_name, e->v.attribute.attr)));
        break;
    case PY_EXPR_SUBSCRIPT:
        compile_expr(c, e->v.subscript.value);
        compile_subscript_slice(c, e->v.subscript.slice);
        set_pos_e(c, e);
        emit(c, OP_BINARY_SUBSCR, 0);
        break;
    case PY_EXPR_STARRED:
        SYNERR_E(e, "can't use starred expression here");
        break;
    case PY_EXPR_NAME: compile_name(c, e->v.name.id, PY_CTX_LOAD); break;
    case PY_EXPR_LIST: compile_sequence(c, e->v.list.elts, 0); break;
    case PY_EXPR_TUPLE: {
        /* a tuple of constants folds into one constant */
        int allconst = e->v.tuple.elts.n > 0;
        for (int i = 0; i < e->v.tuple.elts.n; i++) {
            py_expr *x = e->v.tuple.elts.items[i];
            if (x->kind != PY_EXPR_CONSTANT || x->v.constant.value.kind == PY_CONST_COMPLEX) { allconst = 0; break; }
        }
        if (allconst) {
            py_val t = py_tuple_new(c->I, (size_t)e->v.tuple.elts.n);
            if (!t) { c_nomem(c); break; }
            for (int i = 0; i < e->v.tuple.elts.n; i++) {
                py_val v = const_value(c, &e->v.tuple.elts.items[i]->v.constant.value);
                if (!v) { py_decref(c->I, t); c_nomem(c); goto done; }
                py_tuple_items(t)[i] = v;
            }
            emit_const(c, t);
        } else {
            compile_sequence(c, e->v.tuple.elts, 1);
        }
        break;
    }
    case PY_EXPR_SLICE:
        compile_subscript_slice(c, e);
        break;
    }
done:
    U->cur = saved;
    c->depth--;
}

/* Jump to `target` when truth(e) == cond; fall through otherwise. */
static void compile_jump_if(compiler *c, py_expr *e, int cond, int target)
{
    if (c->err) return;
    if (e->kind == PY_EXPR_UNARYOP && e->v.unaryop.op == PY_UNARY_NOT) {
        compile_jump_if(c, e->v.unaryop.operand, !cond, target);
        return;
    }
    if (e->kind == PY_EXPR_BOOLOP) {
        int is_and = e->v.boolop.op == PY_BOOL_AND;
        int n = e->v.boolop.values.n;
        if (cond != is_and) {
            /* (a and b) false-jump: any false jumps; (a or b) true-jump: any true jumps */
            for (int i = 0; i < n; i++) compile_jump_if(c, e->v.boolop.values.items[i], cond, target);
        } else {
            int skip = new_label(c);
            for (int i = 0; i < n - 1; i++) compile_jump_if(c, e->v.boolop.values.items[i], !cond, skip);
            compile_jump_if(c, e->v.boolop.values.items[n - 1], cond, target);
            bind(c, skip);
        }
        return;
    }
    if (e->kind == PY_EXPR_COMPARE && e->v.compare.ops.n == 1 && e->v.compare.ops.items[0] <= PY_CMP_ISNOT &&
        (e->v.compare.ops.items[0] == PY_CMP_IS || e->v.compare.ops.items[0] == PY_CMP_ISNOT) &&
        e->v.compare.comparators.items[0]->kind == PY_EXPR_CONSTANT &&
        e->v.compare.comparators.items[0]->v.constant.value.kind == PY_CONST_NONE) {
        compile_expr(c, e->v.compare.left);
        int is = e->v.compare.ops.items[0] == PY_CMP_IS;
        set_pos_e(c, e);
        emit_jump(c, (is == cond) ? OP_POP_JUMP_IF_NONE : OP_POP_JUMP_IF_NOT_NONE, target);
        return;
    }
    compile_expr(c, e);
    set_pos_e(c, e);
    emit_jump(c, cond ? OP_POP_JUMP_IF_TRUE : OP_POP_JUMP_IF_FALSE, target);
}

/* ---- assignment targets -------------------------------------------------------------- */
static void compile_unpack(compiler *c, py_expr *t, py_expr_seq elts)
{
    int star = -1;
    for (int i = 0; i < elts.n; i++) {
        if (elts.items[i]->kind == PY_EXPR_STARRED) {
            if (star >= 0) { SYNERR_E(elts.items[i], "multiple starred expressions in assignment"); return; }
            star = i;
        }
    }
    set_pos_e(c, t);
    if (star < 0) {
        emit(c, OP_UNPACK_SEQUENCE, elts.n);
    } else {
        int after = elts.n - star - 1;
        if (star > 255 || after > 0xFFFF) { SYNERR_E(t, "too many expressions in star-unpacking assignment"); return; }
        emit(c, OP_UNPACK_EX, star | (after << 8));
    }
    for (int i = 0; i < elts.n; i++) {
        py_expr *x = elts.items[i];
        if (x->kind == PY_EXPR_STARRED) compile_store(c, x->v.starred.value);
        else compile_store(c, x);
    }
}

static void compile_store(compiler *c, py_expr *t)
{
    if (c->err) return;
    py_srcpos saved = U->cur;
    switch (t->kind) {
    case PY_EXPR_NAME: compile_name(c, t->v.name.id, PY_CTX_STORE); break;
    case PY_EXPR_ATTRIBUTE:
        compile_expr(c, t->v.attribute.value);
        set_pos_e(c, t);
        emit(c, OP_STORE_ATTR, add_name(c, py_mangle(c->ar, U->private_name, t->v.attribute.attr)));
        break;
    case PY_EXPR_SUBSCRIPT:
        compile_expr(c, t->v.subscript.value);
        compile_subscript_slice(c, t->v.subscript.slice);
        set_pos_e(c, t);
        emit(c, OP_STORE_SUBSCR, 0);
        break;
    case PY_EXPR_TUPLE: compile_unpack(c, t, t->v.tuple.elts); break;
    case PY_EXPR_LIST: compile_unpack(c, t, t->v.list.elts); break;
    case PY_EXPR_STARRED: SYNERR_E(t, "starred assignment target must be in a list or tuple"); break;
    default: SYNERR_E(t, "cannot assign to expression"); break;
    }
    U->cur = saved;
}

static void compile_delete(compiler *c, py_expr *t)
{
    set_pos_e(c, t);
    switch (t->kind) {
    case PY_EXPR_NAME: compile_name(c, t->v.name.id, PY_CTX_DEL); break;
    case PY_EXPR_ATTRIBUTE:
        compile_expr(c, t->v.attribute.value);
        set_pos_e(c, t);
        emit(c, OP_DELETE_ATTR, add_name(c, py_mangle(c->ar, U->private_name, t->v.attribute.attr)));
        break;
    case PY_EXPR_SUBSCRIPT:
        compile_expr(c, t->v.subscript.value);
        compile_subscript_slice(c, t->v.subscript.slice);
        set_pos_e(c, t);
        emit(c, OP_DELETE_SUBSCR, 0);
        break;
    case PY_EXPR_TUPLE:
        for (int i = 0; i < t->v.tuple.elts.n; i++) compile_delete(c, t->v.tuple.elts.items[i]);
        break;
    case PY_EXPR_LIST:
        for (int i = 0; i < t->v.list.elts.n; i++) compile_delete(c, t->v.list.elts.items[i]);
        break;
    default: SYNERR_E(t, "cannot delete expression"); break;
    }
}

/* ---- functions and classes ------------------------------------------------------------ */
static void compile_defaults(compiler *c, py_arguments *a, int *flags)
{
    if (a->defaults.n) {
        for (int i = 0; i < a->defaults.n; i++) compile_expr(c, a->defaults.items[i]);
        emit(c, OP_BUILD_TUPLE, a->defaults.n);
        *flags |= MF_DEFAULTS;
    }
    int nk = 0;
    for (int i = 0; i < a->kwonlyargs.n; i++) {
        py_expr *d = a->kw_defaults.items[i];
        if (!d) continue;
        emit_const(c, py_intern(c->I, py_mangle(c->ar, U->private_name, a->kwonlyargs.items[i]->arg)));
        compile_expr(c, d);
        nk++;
    }
    if (nk) {
        emit(c, OP_BUILD_MAP, nk);
        *flags |= MF_KWDEFAULTS;
    }
}

static void setup_params(compiler *c, py_arguments *a)
{
    for (int i = 0; i < a->posonlyargs.n; i++) add_local(c, py_mangle(c->ar, U->private_name, a->posonlyargs.items[i]->arg));
    for (int i = 0; i < a->args.n; i++) add_local(c, py_mangle(c->ar, U->private_name, a->args.items[i]->arg));
    for (int i = 0; i < a->kwonlyargs.n; i++) add_local(c, py_mangle(c->ar, U->private_name, a->kwonlyargs.items[i]->arg));
    if (a->vararg) { add_local(c, py_mangle(c->ar, U->private_name, a->vararg->arg)); U->flags |= PY_CO_VARARGS; }
    if (a->kwarg) { add_local(c, py_mangle(c->ar, U->private_name, a->kwarg->arg)); U->flags |= PY_CO_VARKW; }
    U->posonly = a->posonlyargs.n;
    U->argcount = a->posonlyargs.n + a->args.n;
    U->kwonly = a->kwonlyargs.n;
}

static py_code *compile_lambda_body(compiler *c, py_expr *e)
{
    py_scope *s = py_symtable_lookup(&c->st, e);
    if (!s || enter_unit(c, s, "<lambda>", e->lineno)) return NULL;
    setup_params(c, e->v.lambda.args);
    U->flags |= PY_CO_NESTED | PY_CO_LAMBDA;
    if (s->generator) U->flags |= PY_CO_GENERATOR;
    add_const(c, PY_NONE);   /* no docstring */
    compile_expr(c, e->v.lambda.body);
    if (!s->generator) emit(c, OP_RETURN_VALUE, 0);
    else { emit(c, OP_POP_TOP, 0); emit_const(c, PY_NONE); emit(c, OP_RETURN_VALUE, 0); }
    return assemble(c);
}

static int is_docstring(py_stmt *s)
{
    return s && s->kind == PY_STMT_EXPR && s->v.expr.value->kind == PY_EXPR_CONSTANT &&
           s->v.expr.value->v.constant.value.kind == PY_CONST_STR;
}

py_val py_unparse_expr(py_interp *I, const py_expr *e);   /* unparse.c */

/* One entry of a function's __annotations__: the annotation as source text
 * (what `from __future__ import annotations` stores; never evaluated, so a
 * forward reference cannot fail at def time).  Pushes key and value. */
static int annotation_entry(compiler *c, const char *name, py_expr *ann)
{
    if (!ann) return 0;
    py_interp *I = c->I;
    py_val key = py_str_cstr(I, py_mangle(c->ar, U->private_name, name));
    py_val text = key ? py_unparse_expr(I, ann) : PY_NULL;
    if (!key || !text) {
        py_xdecref(I, key);
        py_err_clear(I);
        c_nomem(c);
        return 0;
    }
    emit_const(c, key);
    emit_const(c, text);
    return 1;
}

/* Push the dict of a def's annotations as source text, for MAKE_FUNCTION
 * (MF_ANNOTATIONS); 0 when it has none.  The function evaluates them when
 * __annotations__ is first read (as CPython 3.14 does lazily), unless
 * `from __future__ import annotations` keeps them as text. */
static int compile_function_annotations(compiler *c, py_stmt *s)
{
    py_arguments *a = s->v.functiondef.args;
    int n = 0;   /* entries pushed; none: no dict either */
    if (a) {
        /* CPython's order: the ordinary parameters, then the positional-only */
        for (int i = 0; i < a->args.n; i++) n += annotation_entry(c, a->args.items[i]->arg, a->args.items[i]->annotation);
        for (int i = 0; i < a->posonlyargs.n; i++) n += annotation_entry(c, a->posonlyargs.items[i]->arg, a->posonlyargs.items[i]->annotation);
        if (a->vararg) n += annotation_entry(c, a->vararg->arg, a->vararg->annotation);
        for (int i = 0; i < a->kwonlyargs.n; i++) n += annotation_entry(c, a->kwonlyargs.items[i]->arg, a->kwonlyargs.items[i]->annotation);
        if (a->kwarg) n += annotation_entry(c, a->kwarg->arg, a->kwarg->annotation);
    }
    n += annotation_entry(c, "return", s->v.functiondef.returns);
    if (!n) return 0;
    emit(c, OP_BUILD_MAP, n);
    return 1;
}

static void compile_function(compiler *c, py_stmt *s)
{
    int is_async = s->kind == PY_STMT_ASYNCFUNCTIONDEF;
    py_expr_seq decos = s->v.functiondef.decorator_list;
    for (int i = 0; i < decos.n; i++) compile_expr(c, decos.items[i]);
    int flags = 0;
    compile_defaults(c, s->v.functiondef.args, &flags);
    py_scope *sc = py_symtable_lookup(&c->st, s);
    if (!sc) { c_nomem(c); return; }
    py_srcpos save = U->cur;
    if (enter_unit(c, sc, s->v.functiondef.name, s->lineno)) return;
    setup_params(c, s->v.functiondef.args);
    U->flags |= PY_CO_NESTED;
    if (is_async && sc->generator) U->flags |= PY_CO_ASYNCGEN;
    else if (is_async) U->flags |= PY_CO_COROUTINE;
    else if (sc->generator) U->flags |= PY_CO_GENERATOR;
    py_stmt_seq body = s->v.functiondef.body;
    int start = 0;
    if (body.n && is_docstring(body.items[0])) {
        add_const(c, const_value(c, &body.items[0]->v.expr.value->v.constant.value));
        U->has_doc = 1;
        start = 1;
    } else {
        add_const(c, PY_NONE);
    }
    for (int i = start; i < body.n && !c->err; i++) compile_stmt(c, body.items[i]);
    if (U->depth >= 0) {
        /* implicit return None at the end of the body */
        py_stmt *last = body.n ? body.items[body.n - 1] : s;
        U->cur.line = last->end_lineno;
        U->cur.end_line = last->end_lineno;
        U->cur.col = -1;
        U->cur.end_col = -1;
        emit_const(c, PY_NONE);
        emit(c, OP_RETURN_VALUE, 0);
    }
    py_code *co = assemble(c);
    U->cur = save;
    if (!co) return;
    set_pos_s(c, s);
    if (compile_function_annotations(c, s)) flags |= MF_ANNOTATIONS | (c->future_annotations ? MF_ANN_TEXT : 0);
    make_closure(c, co, flags);
    for (int i = decos.n - 1; i >= 0; i--) { set_pos_e(c, decos.items[i]); emit(c, OP_CALL, 1); }
    set_pos_s(c, s);
    compile_name(c, s->v.functiondef.name, PY_CTX_STORE);
}

static void compile_class(compiler *c, py_stmt *s)
{
    py_expr_seq decos = s->v.classdef.decorator_list;
    for (int i = 0; i < decos.n; i++) compile_expr(c, decos.items[i]);
    set_pos_s(c, s);
    emit(c, OP_LOAD_BUILD_CLASS, 0);
    py_scope *sc = py_symtable_lookup(&c->st, s);
    if (!sc) { c_nomem(c); return; }
    py_srcpos save = U->cur;
    if (enter_unit(c, sc, s->v.classdef.name, s->lineno)) return;
    U->flags |= PY_CO_CLASSBODY | PY_CO_NESTED;
    set_pos_s(c, s);
    add_const(c, PY_NONE);
    /* __module__ = __name__; __qualname__ = '...' */
    emit(c, OP_LOAD_GLOBAL, add_name(c, "__name__"));
    emit(c, OP_STORE_NAME, add_name(c, "__module__"));
    emit_const(c, py_newref(U->qualname));
    emit(c, OP_STORE_NAME, add_name(c, "__qualname__"));
    /* __firstlineno__ */
    emit_const(c, py_int_small(s->lineno));
    emit(c, OP_STORE_NAME, add_name(c, "__firstlineno__"));
    py_stmt_seq body = s->v.classdef.body;
    int start = 0;
    if (body.n && is_docstring(body.items[0])) {
        emit_const(c, const_value(c, &body.items[0]->v.expr.value->v.constant.value));
        emit(c, OP_STORE_NAME, add_name(c, "__doc__"));
        start = 1;
    }
    /* annotations: a dict of names -> source text would need the source; we
     * record the annotated names with their evaluated-lazily absence */
    int has_ann = 0;
    for (int i = start; i < body.n; i++) if (body.items[i]->kind == PY_STMT_ANNASSIGN) has_ann = 1;
    if (has_ann) emit(c, OP_SETUP_ANNOTATIONS, 0);
    for (int i = start; i < body.n && !c->err; i++) compile_stmt(c, body.items[i]);
    if (U->depth >= 0) {
        if (sc->needs_class_cell) {
            int idx = cell_index(U, "__class__");
            emit(c, OP_LOAD_CLOSURE, idx);
            emit(c, OP_COPY, 1);
            emit(c, OP_STORE_NAME, add_name(c, "__classcell__"));
            emit(c, OP_RETURN_VALUE, 0);
        } else {
            emit_const(c, PY_NONE);
            emit(c, OP_RETURN_VALUE, 0);
        }
    }
    py_code *co = assemble(c);
    U->cur = save;
    if (!co) return;
    set_pos_s(c, s);
    make_closure(c, co, 0);
    emit_const(c, py_str_cstr(c->I, s->v.classdef.name));
    /* bases and keywords: reuse the call machinery with 2 leading args */
    py_expr call;
    memset(&call, 0, sizeof call);
    call.kind = PY_EXPR_CALL;
    call.lineno = s->lineno; call.col_offset = s->col_offset;
    call.end_lineno = s->end_lineno; call.end_col_offset = s->end_col_offset;
    call.v.call.args = s->v.classdef.bases;
    call.v.call.keywords = s->v.classdef.keywords;
    if (has_starred(call.v.call.args)) {
        /* prepend func and name into the star tuple: build [func, name] + bases */
        emit(c, OP_BUILD_LIST, 2);
        for (int i = 0; i < call.v.call.args.n; i++) {
            py_expr *x = call.v.call.args.items[i];
            if (x->kind == PY_EXPR_STARRED) {
                compile_expr(c, x->v.starred.value);
                emit(c, OP_LIST_EXTEND, 1);
            } else {
                compile_expr(c, x);
                emit(c, OP_LIST_APPEND, 1);
            }
        }
        emit(c, OP_LIST_TO_TUPLE, 0);
        int nk = call.v.call.keywords.n;
        if (nk) {
            emit(c, OP_BUILD_MAP, 0);
            for (int i = 0; i < nk; i++) {
                py_keyword *k = call.v.call.keywords.items[i];
                if (!k->arg) { compile_expr(c, k->value); emit(c, OP_DICT_MERGE, 1); }
                else {
                    emit_const(c, py_intern(c->I, k->arg));
                    compile_expr(c, k->value);
                    emit(c, OP_BUILD_MAP, 1);
                    emit(c, OP_DICT_UPDATE, 1);
                }
            }
        }
        set_pos_s(c, s);
        emit(c, OP_CALL_EX, nk ? 1 : 0);
    } else {
        compile_call_args(c, &call, 0, 2);
    }
    for (int i = decos.n - 1; i >= 0; i--) { set_pos_e(c, decos.items[i]); emit(c, OP_CALL, 1); }
    set_pos_s(c, s);
    compile_name(c, s->v.classdef.name, PY_CTX_STORE);
}

/* ---- unwinding (return / break / continue through blocks) ----------------------------- */
static void unwind_block(compiler *c, fblock *b, int preserve_tos);
static void push_fblock(compiler *c, int type, int lcont, int lbreak, void *datum);
static void pop_fblock(compiler *c);

static void compile_finally_body(compiler *c, py_stmt_seq *body)
{
    compile_stmts(c, *body);
}

static void unwind_block(compiler *c, fblock *b, int preserve_tos)
{
    switch (b->type) {
    case FB_WHILE: case FB_EXCEPTION_HANDLER: case FB_TRY_EXCEPT: case FB_EXCEPT_STAR:
        return;
    case FB_FOR: case FB_ASYNC_FOR:
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit(c, OP_POP_TOP, 0);
        return;
    case FB_POP_VALUE:
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit(c, OP_POP_TOP, 0);
        return;
    case FB_FINALLY_TRY: {
        /* run the finally body with the handler stack as it was outside */
        int save_nh = U->nh;
        U->nh = b->handler_depth;
        int save_nfb = U->nfb;
        /* the finally body itself must not see this block */
        U->nfb = (int)(b - U->fb);
        fblock saved = *b;          /* the slot is reused below */
        /* a break/continue/return inside the body drops the pending value */
        if (preserve_tos) push_fblock(c, FB_POP_VALUE, -1, -1, NULL);
        compile_finally_body(c, (py_stmt_seq *)saved.datum);
        if (preserve_tos) pop_fblock(c);
        *b = saved;
        U->nfb = save_nfb;
        U->nh = save_nh;
        return;
    }
    case FB_FINALLY_END:
        /* leaving a finally body that runs during exception handling:
         * drop the pending exception and restore exc_info */
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit(c, OP_POP_TOP, 0);     /* exc */
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit(c, OP_POP_EXCEPT, 0);
        return;
    case FB_WITH:
    case FB_ASYNC_WITH: {
        int save_nh = U->nh;
        U->nh = b->handler_depth;
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit_const(c, PY_NONE);
        emit_const(c, PY_NONE);
        emit_const(c, PY_NONE);
        emit(c, OP_CALL, 3);
        if (b->type == FB_ASYNC_WITH) {
            emit(c, OP_GET_AWAITABLE, 2);
            emit_const(c, PY_NONE);
            int l_send = new_label(c), l_done = new_label(c);
            bind(c, l_send);
            emit_jump(c, OP_SEND, l_done);
            emit(c, OP_YIELD_VALUE, 1);
            emit_jump(c, OP_JUMP_BACK, l_send);
            bind(c, l_done);
        }
        emit(c, OP_POP_TOP, 0);
        U->nh = save_nh;
        return;
    }
    case FB_HANDLER_CLEANUP: {
        int save_nh = U->nh;
        U->nh = b->handler_depth;
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit(c, OP_POP_EXCEPT, 0);
        if (b->datum) {
            emit_const(c, PY_NONE);
            compile_name(c, (const char *)b->datum, PY_CTX_STORE);
            compile_name(c, (const char *)b->datum, PY_CTX_DEL);
        }
        U->nh = save_nh;
        return;
    }
    }
}

static void push_fblock(compiler *c, int type, int lcont, int lbreak, void *datum)
{
    if (U->nfb >= 64) { c_error(c, NULL, U->cur.line, U->cur.col + 1, U->cur.end_line, U->cur.end_col + 1, "too many statically nested blocks"); return; }
    fblock *b = &U->fb[U->nfb++];
    b->type = type;
    b->label_continue = lcont;
    b->label_break = lbreak;
    b->datum = datum;
    b->handler_depth = U->nh;
}

static void pop_fblock(compiler *c) { if (U->nfb) U->nfb--; }

/* ---- statements ---------------------------------------------------------------------- */
static void compile_if(compiler *c, py_stmt *s)
{
    int l_else = new_label(c), l_end = new_label(c);
    int has_else = s->v.if_.orelse.n > 0;
    compile_jump_if(c, s->v.if_.test, 0, has_else ? l_else : l_end);
    compile_stmts(c, s->v.if_.body);
    if (has_else) {
        emit_jump(c, OP_JUMP, l_end);
        bind(c, l_else);
        compile_stmts(c, s->v.if_.orelse);
    }
    bind(c, l_end);
}

static void compile_while(compiler *c, py_stmt *s)
{
    int l_top = new_label(c), l_else = new_label(c), l_end = new_label(c);
    bind(c, l_top);
    compile_jump_if(c, s->v.while_.test, 0, l_else);
    push_fblock(c, FB_WHILE, l_top, l_end, NULL);
    compile_stmts(c, s->v.while_.body);
    pop_fblock(c);
    set_pos_s(c, s);
    emit_jump(c, OP_JUMP_BACK, l_top);
    bind(c, l_else);
    compile_stmts(c, s->v.while_.orelse);
    bind(c, l_end);
}

static void compile_for(compiler *c, py_stmt *s)
{
    int l_top = new_label(c), l_done = new_label(c), l_end = new_label(c);
    compile_expr(c, s->v.for_.iter);
    set_pos_e(c, s->v.for_.iter);
    emit(c, OP_GET_ITER, 0);
    bind(c, l_top);
    set_pos_e(c, s->v.for_.iter);
    emit_jump(c, OP_FOR_ITER, l_done);
    compile_store(c, s->v.for_.target);
    push_fblock(c, FB_FOR, l_top, l_end, NULL);
    compile_stmts(c, s->v.for_.body);
    pop_fblock(c);
    set_pos_s(c, s);
    emit_jump(c, OP_JUMP_BACK, l_top);
    bind(c, l_done);
    compile_stmts(c, s->v.for_.orelse);
    bind(c, l_end);
}

static void compile_async_for(compiler *c, py_stmt *s)
{
    int l_top = new_label(c), l_exc = new_label(c), l_end = new_label(c), l_else = new_label(c);
    compile_expr(c, s->v.for_.iter);
    set_pos_e(c, s->v.for_.iter);
    emit(c, OP_GET_AITER, 0);
    bind(c, l_top);
    push_handler(c, l_exc);
    set_pos_e(c, s->v.for_.iter);
    emit(c, OP_GET_ANEXT, 0);
    emit_const(c, PY_NONE);
    int l_send = new_label(c), l_done = new_label(c);
    bind(c, l_send);
    emit_jump(c, OP_SEND, l_done);
    emit(c, OP_YIELD_VALUE, 1);
    emit_jump(c, OP_JUMP_BACK, l_send);
    bind(c, l_done);
    pop_handler(c);
    compile_store(c, s->v.for_.target);
    push_fblock(c, FB_ASYNC_FOR, l_top, l_end, NULL);
    compile_stmts(c, s->v.for_.body);
    pop_fblock(c);
    set_pos_s(c, s);
    emit_jump(c, OP_JUMP_BACK, l_top);
    bind(c, l_exc);
    /* [aiter, exc]: StopAsyncIteration ends the loop, anything else re-raises */
    emit(c, OP_END_ASYNC_FOR, 0);
    emit_jump(c, OP_JUMP, l_else);
    bind(c, l_else);
    compile_stmts(c, s->v.for_.orelse);
    bind(c, l_end);
}

static void compile_return(compiler *c, py_stmt *s)
{
    py_scope *sc = U->scope;
    if (sc->kind != ST_FUNCTION && sc->kind != ST_LAMBDA) {
        SYNERR_S(s, "'return' outside function");
        return;
    }
    if (s->v.return_.value && sc->coroutine && sc->generator) {
        SYNERR_S(s, "'return' with value in async generator");
        return;
    }
    for (int i = U->nfb - 1; i >= 0; i--) {
        if (U->fb[i].type != FB_EXCEPT_STAR) continue;
        py_expr *v = s->v.return_.value;
        if (v && v->kind == PY_EXPR_CONSTANT && v->lineno == s->lineno)
            SYNERR_E(v, "'break', 'continue' and 'return' cannot appear in an except* block");
        else
            SYNERR_S(s, "'break', 'continue' and 'return' cannot appear in an except* block");
        return;
    }
    int preserve = s->v.return_.value != NULL;
    if (preserve) compile_expr(c, s->v.return_.value);
    set_pos_s(c, s);
    for (int i = U->nfb - 1; i >= 0; i--) {
        fblock *b = &U->fb[i];
        int save = U->nfb;
        U->nfb = i;
        unwind_block(c, b, preserve);
        U->nfb = save;
    }
    set_pos_s(c, s);
    if (!preserve) emit_const(c, PY_NONE);
    emit(c, OP_RETURN_VALUE, 0);
}

static void compile_break_continue(compiler *c, py_stmt *s, int is_break)
{
    int i;
    for (i = U->nfb - 1; i >= 0; i--) {
        int t = U->fb[i].type;
        if (t == FB_EXCEPT_STAR) {
            SYNERR_S(s, "'break', 'continue' and 'return' cannot appear in an except* block");
            return;
        }
        if (t == FB_WHILE || t == FB_FOR || t == FB_ASYNC_FOR) break;
    }
    if (i < 0) {
        SYNERR_S(s, is_break ? "'break' outside loop" : "'continue' not properly in loop");
        return;
    }
    for (int j = U->nfb - 1; j > i; j--) {
        fblock *b = &U->fb[j];
        int save = U->nfb;
        U->nfb = j;
        unwind_block(c, b, 0);
        U->nfb = save;
    }
    fblock *loop = &U->fb[i];
    set_pos_s(c, s);
    if (is_break) {
        if (loop->type == FB_FOR || loop->type == FB_ASYNC_FOR) emit(c, OP_POP_TOP, 0);
        emit_jump(c, OP_JUMP, loop->label_break);
    } else {
        emit_jump(c, OP_JUMP_BACK, loop->label_continue);
    }
}

static void compile_try_except(compiler *c, py_stmt *s)
{
    int l_except = new_label(c), l_end = new_label(c), l_cleanup = new_label(c);
    push_handler(c, l_except);
    push_fblock(c, FB_TRY_EXCEPT, -1, -1, NULL);
    compile_stmts(c, s->v.try_.body);
    pop_fblock(c);
    pop_handler(c);
    compile_stmts(c, s->v.try_.orelse);
    emit_jump(c, OP_JUMP, l_end);
    bind(c, l_except);
    push_handler(c, l_cleanup);
    emit(c, OP_PUSH_EXC_INFO, 0);
    int n = s->v.try_.handlers.n;
    for (int i = 0; i < n; i++) {
        py_excepthandler *h = s->v.try_.handlers.items[i];
        U->cur.line = h->lineno; U->cur.end_line = h->end_lineno;
        U->cur.col = h->col_offset; U->cur.end_col = h->end_col_offset;
        if (!h->type && i < n - 1) {
            c_error(c, h, h->lineno, h->col_offset + 1, h->end_lineno, h->end_col_offset + 1, "default 'except:' must be last");
            return;
        }
        int l_next = new_label(c);
        if (h->type) {
            compile_expr(c, h->type);
            set_pos_e(c, h->type);
            emit(c, OP_CHECK_EXC_MATCH, 0);
            emit_jump(c, OP_POP_JUMP_IF_FALSE, l_next);
        }
        if (h->name) {
            compile_name(c, h->name, PY_CTX_STORE);
            int l_namecleanup = new_label(c);
            push_handler(c, l_namecleanup);
            push_fblock(c, FB_HANDLER_CLEANUP, -1, -1, (void *)h->name);
            U->fb[U->nfb - 1].handler_depth = U->nh - 2;
            compile_stmts(c, h->body);
            pop_fblock(c);
            pop_handler(c);
            emit(c, OP_POP_EXCEPT, 0);
            emit_const(c, PY_NONE);
            compile_name(c, h->name, PY_CTX_STORE);
            compile_name(c, h->name, PY_CTX_DEL);
            emit_jump(c, OP_JUMP, l_end);
            bind(c, l_namecleanup);
            emit_const(c, PY_NONE);
            compile_name(c, h->name, PY_CTX_STORE);
            compile_name(c, h->name, PY_CTX_DEL);
            emit(c, OP_RERAISE, 0);
        } else {
            emit(c, OP_POP_TOP, 0);
            push_fblock(c, FB_HANDLER_CLEANUP, -1, -1, NULL);
            U->fb[U->nfb - 1].handler_depth = U->nh - 1;
            compile_stmts(c, h->body);
            pop_fblock(c);
            emit(c, OP_POP_EXCEPT, 0);
            emit_jump(c, OP_JUMP, l_end);
        }
        bind(c, l_next);
    }
    /* no handler matched: re-raise (routed to the cleanup handler) */
    emit(c, OP_RERAISE, 0);
    pop_handler(c);
    bind(c, l_cleanup);
    emit(c, OP_SWAP, 2);
    emit(c, OP_POP_EXCEPT, 0);
    emit(c, OP_RERAISE, 0);
    bind(c, l_end);
}

/* try/except* (PEP 654).  Stack while the clauses run: [prev, orig, raised, rest]
 * with `raised` a list collecting what the clause bodies raise; CHECK_EG_MATCH
 * splits `rest` by a clause's type and makes the match the handled exception;
 * PREP_RERAISE_STAR works out what the statement raises at its end. */
static void name_cleanup(compiler *c, const char *name)
{
    emit_const(c, PY_NONE);
    compile_name(c, name, PY_CTX_STORE);
    compile_name(c, name, PY_CTX_DEL);
}

static void compile_try_star(compiler *c, py_stmt *s)
{
    int l_except = new_label(c), l_end = new_label(c), l_cleanup = new_label(c), l_rer = new_label(c);
    push_handler(c, l_except);
    push_fblock(c, FB_TRY_EXCEPT, -1, -1, NULL);
    compile_stmts(c, s->v.try_.body);
    pop_fblock(c);
    pop_handler(c);
    compile_stmts(c, s->v.try_.orelse);
    emit_jump(c, OP_JUMP, l_end);
    bind(c, l_except);                  /* [exc] */
    push_handler(c, l_cleanup);
    emit(c, OP_PUSH_EXC_INFO, 0);       /* [prev, orig] */
    emit(c, OP_COPY, 1);
    emit(c, OP_BUILD_LIST, 0);
    emit(c, OP_SWAP, 2);                /* [prev, orig, raised, rest] */
    int n = s->v.try_.handlers.n;
    for (int i = 0; i < n; i++) {
        py_excepthandler *h = s->v.try_.handlers.items[i];
        U->cur.line = h->lineno; U->cur.end_line = h->end_lineno;
        U->cur.col = h->col_offset; U->cur.end_col = h->end_col_offset;
        int l_next = new_label(c), l_nomatch = new_label(c), l_raised = new_label(c);
        if (!h->type) { c_error(c, h, h->lineno, h->col_offset + 1, h->end_lineno, h->end_col_offset + 1, "expected one or more exception types"); return; }
        compile_expr(c, h->type);
        /* CPython locates the match at the whole clause */
        U->cur.line = h->lineno; U->cur.end_line = h->end_lineno;
        U->cur.col = h->col_offset; U->cur.end_col = h->end_col_offset;
        emit(c, OP_CHECK_EG_MATCH, 0);  /* [.., rest, match] */
        emit(c, OP_COPY, 1);
        emit_jump(c, OP_POP_JUMP_IF_NONE, l_nomatch);
        if (h->name) compile_name(c, h->name, PY_CTX_STORE);
        else emit(c, OP_POP_TOP, 0);
        push_handler(c, l_raised);
        push_fblock(c, FB_EXCEPT_STAR, -1, -1, NULL);
        compile_stmts(c, h->body);
        pop_fblock(c);
        pop_handler(c);
        if (h->name) name_cleanup(c, h->name);
        emit_jump(c, OP_JUMP, l_next);
        bind(c, l_raised);              /* [.., raised, rest, exc] */
        emit(c, OP_LIST_APPEND, 2);
        if (h->name) name_cleanup(c, h->name);
        emit_jump(c, OP_JUMP, l_next);
        bind(c, l_nomatch);             /* [.., rest, None] */
        emit(c, OP_POP_TOP, 0);
        bind(c, l_next);
    }
    emit(c, OP_LIST_APPEND, 1);         /* [prev, orig, raised + [rest]] */
    emit(c, OP_PREP_RERAISE_STAR, 0);   /* [prev, result] */
    emit(c, OP_COPY, 1);
    emit_jump(c, OP_POP_JUMP_IF_NOT_NONE, l_rer);
    emit(c, OP_POP_TOP, 0);
    emit(c, OP_POP_EXCEPT, 0);
    emit_jump(c, OP_JUMP, l_end);
    pop_handler(c);
    bind(c, l_rer);                     /* [prev, result] */
    emit(c, OP_SWAP, 2);
    emit(c, OP_POP_EXCEPT, 0);
    emit(c, OP_RERAISE, 0);
    bind(c, l_cleanup);
    emit(c, OP_SWAP, 2);
    emit(c, OP_POP_EXCEPT, 0);
    emit(c, OP_RERAISE, 0);
    bind(c, l_end);
}

static void compile_try_finally(compiler *c, py_stmt *s)
{
    int l_fin = new_label(c), l_end = new_label(c), l_cleanup = new_label(c);
    py_stmt_seq *fin = &s->v.try_.finalbody;
    push_handler(c, l_fin);
    push_fblock(c, FB_FINALLY_TRY, -1, -1, fin);
    U->fb[U->nfb - 1].handler_depth = U->nh - 1;
    if (s->v.try_.handlers.n && s->kind == PY_STMT_TRYSTAR) compile_try_star(c, s);
    else if (s->v.try_.handlers.n) compile_try_except(c, s);
    else compile_stmts(c, s->v.try_.body);
    pop_fblock(c);
    pop_handler(c);
    compile_stmts(c, *fin);
    emit_jump(c, OP_JUMP, l_end);
    bind(c, l_fin);
    push_handler(c, l_cleanup);
    emit(c, OP_PUSH_EXC_INFO, 0);
    push_fblock(c, FB_FINALLY_END, -1, -1, NULL);
    U->fb[U->nfb - 1].handler_depth = U->nh - 1;
    compile_stmts(c, *fin);
    pop_fblock(c);
    emit(c, OP_RERAISE, 0);
    pop_handler(c);
    bind(c, l_cleanup);
    emit(c, OP_SWAP, 2);
    emit(c, OP_POP_EXCEPT, 0);
    emit(c, OP_RERAISE, 0);
    bind(c, l_end);
}

static void compile_with_items(compiler *c, py_stmt *s, int item, int is_async)
{
    py_withitem *wi = s->v.with.items.items[item];
    int l_exc = new_label(c), l_end = new_label(c), l_cleanup = new_label(c), l_suppress = new_label(c);
    compile_expr(c, wi->context_expr);
    set_pos_e(c, wi->context_expr);
    emit(c, is_async ? OP_BEFORE_ASYNC_WITH : OP_BEFORE_WITH, 0);
    if (is_async) {
        emit(c, OP_GET_AWAITABLE, 1);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 1);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
    }
    push_handler(c, l_exc);
    U->hstack[U->nh - 1].depth = U->depth - 1;
    U->labels[l_exc].depth = U->depth;    /* [exit] + exc */
    push_fblock(c, is_async ? FB_ASYNC_WITH : FB_WITH, -1, -1, NULL);
    U->fb[U->nfb - 1].handler_depth = U->nh - 1;
    if (wi->optional_vars) compile_store(c, wi->optional_vars);
    else emit(c, OP_POP_TOP, 0);
    if (item + 1 < s->v.with.items.n) compile_with_items(c, s, item + 1, is_async);
    else compile_stmts(c, s->v.with.body);
    pop_fblock(c);
    pop_handler(c);
    /* normal exit: exit(None, None, None) */
    set_pos_e(c, wi->context_expr);
    emit_const(c, PY_NONE);
    emit_const(c, PY_NONE);
    emit_const(c, PY_NONE);
    emit(c, OP_CALL, 3);
    if (is_async) {
        emit(c, OP_GET_AWAITABLE, 2);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 1);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
    }
    emit(c, OP_POP_TOP, 0);
    emit_jump(c, OP_JUMP, l_end);
    bind(c, l_exc);                 /* [exit, exc] */
    set_pos_e(c, wi->context_expr);
    push_handler(c, l_cleanup);
    emit(c, OP_PUSH_EXC_INFO, 0);   /* [exit, prev, exc] */
    emit(c, OP_WITH_EXCEPT_START, 0);
    if (is_async) {
        emit(c, OP_GET_AWAITABLE, 2);
        emit_const(c, PY_NONE);
        int l_send = new_label(c), l_done = new_label(c);
        bind(c, l_send);
        emit_jump(c, OP_SEND, l_done);
        emit(c, OP_YIELD_VALUE, 1);
        emit_jump(c, OP_JUMP_BACK, l_send);
        bind(c, l_done);
    }
    emit_jump(c, OP_POP_JUMP_IF_TRUE, l_suppress);
    emit(c, OP_RERAISE, 0);
    bind(c, l_suppress);
    emit(c, OP_POP_TOP, 0);         /* exc */
    emit(c, OP_POP_EXCEPT, 0);      /* prev */
    emit(c, OP_POP_TOP, 0);         /* exit */
    pop_handler(c);
    emit_jump(c, OP_JUMP, l_end);
    bind(c, l_cleanup);             /* [exit, prev, exc2] */
    emit(c, OP_SWAP, 2);
    emit(c, OP_POP_EXCEPT, 0);
    emit(c, OP_RERAISE, 0);
    bind(c, l_end);
}

static void compile_import(compiler *c, py_stmt *s)
{
    for (int i = 0; i < s->v.import.names.n; i++) {
        py_alias *a = s->v.import.names.items[i];
        set_pos_s(c, s);
        emit_const(c, py_int_small(0));
        emit_const(c, PY_NONE);
        emit(c, OP_IMPORT_NAME, add_name(c, a->name));
        if (a->asname) {
            const char *dot = strchr(a->name, '.');
            while (dot) {
                const char *next = strchr(dot + 1, '.');
                size_t len = next ? (size_t)(next - dot - 1) : strlen(dot + 1);
                char *part = sk_arena_strndup(c->ar, dot + 1, len);
                if (!part) { c_nomem(c); return; }
                emit(c, OP_IMPORT_FROM, add_name(c, part));
                emit(c, OP_SWAP, 2);
                emit(c, OP_POP_TOP, 0);
                dot = next;
            }
            compile_name(c, a->asname, PY_CTX_STORE);
        } else {
            const char *dot = strchr(a->name, '.');
            if (dot) {
                char *first = sk_arena_strndup(c->ar, a->name, (size_t)(dot - a->name));
                if (!first) { c_nomem(c); return; }
                compile_name(c, first, PY_CTX_STORE);
            } else {
                compile_name(c, a->name, PY_CTX_STORE);
            }
        }
    }
}

static const char *const future_features[] = {
    "nested_scopes", "generators", "division", "absolute_import", "with_statement", "print_function",
    "unicode_literals", "barry_as_FLUFL", "generator_stop", "annotations", NULL
};

static void compile_importfrom(compiler *c, py_stmt *s)
{
    py_alias_seq names = s->v.importfrom.names;
    if (s->v.importfrom.module && !strcmp(s->v.importfrom.module, "__future__") && s->v.importfrom.level == 0) {
        for (int i = 0; i < names.n; i++) {
            py_alias *a = names.items[i];
            int ok = 0;
            for (int k = 0; future_features[k]; k++) if (!strcmp(future_features[k], a->name)) ok = 1;
            if (!strcmp(a->name, "annotations")) c->future_annotations = 1;
            if (!strcmp(a->name, "braces")) {
                c_error(c, a, a->lineno, a->col_offset + 1, a->end_lineno, a->end_col_offset + 1, "not a chance");
                return;
            }
            if (!ok) {
                c_error(c, a, a->lineno, a->col_offset + 1, a->end_lineno, a->end_col_offset + 1,
                        "future feature %s is not defined", a->name);
                return;
            }
        }
        if (!c->future_ok) {
            SYNERR_S(s, "from __future__ imports must occur at the beginning of the file");
            return;
        }
    }
    set_pos_s(c, s);
    emit_const(c, py_int_small(s->v.importfrom.level));
    py_val fl = py_tuple_new(c->I, (size_t)names.n);
    if (!fl) { c_nomem(c); return; }
    for (int i = 0; i < names.n; i++) {
        py_val n = py_str_cstr(c->I, names.items[i]->name);
        if (!n) { py_decref(c->I, fl); c_nomem(c); return; }
        py_tuple_items(fl)[i] = n;
    }
    emit_const(c, fl);
    const char *mod = s->v.importfrom.module ? s->v.importfrom.module : "";
    emit(c, OP_IMPORT_NAME, add_name(c, mod));
    if (names.n == 1 && !strcmp(names.items[0]->name, "*")) {
        emit(c, OP_IMPORT_STAR, 0);
        return;
    }
    for (int i = 0; i < names.n; i++) {
        py_alias *a = names.items[i];
        emit(c, OP_IMPORT_FROM, add_name(c, a->name));
        compile_name(c, a->asname ? a->asname : a->name, PY_CTX_STORE);
    }
    emit(c, OP_POP_TOP, 0);
}

static void compile_assert(compiler *c, py_stmt *s)
{
    if (s->v.assert.test->kind == PY_EXPR_TUPLE && s->v.assert.test->v.tuple.elts.n > 0) {
        /* CPython warns; the assertion always passes */
    }
    int l_ok = new_label(c);
    compile_jump_if(c, s->v.assert.test, 1, l_ok);
    set_pos_e(c, s->v.assert.test);
    emit(c, OP_LOAD_ASSERTION_ERROR, 0);
    if (s->v.assert.msg) {
        compile_expr(c, s->v.assert.msg);
        set_pos_e(c, s->v.assert.test);
        emit(c, OP_CALL, 1);
    }
    emit(c, OP_RAISE, 1);
    bind(c, l_ok);
}

static void compile_annassign(compiler *c, py_stmt *s)
{
    py_expr *t = s->v.annassign.target;
    if (s->v.annassign.value) {
        compile_expr(c, s->v.annassign.value);
        compile_store(c, t);
    } else if (t->kind != PY_EXPR_NAME) {
        /* evaluate the target's object for side effects, as CPython does */
        if (t->kind == PY_EXPR_ATTRIBUTE) { compile_expr(c, t->v.attribute.value); emit(c, OP_POP_TOP, 0); }
        else if (t->kind == PY_EXPR_SUBSCRIPT) {
            compile_expr(c, t->v.subscript.value); emit(c, OP_POP_TOP, 0);
            compile_subscript_slice(c, t->v.subscript.slice); emit(c, OP_POP_TOP, 0);
        }
    }
    /* record the annotation text in a class body's __annotations__ */
    if (t->kind == PY_EXPR_NAME && s->v.annassign.simple && U->scope->kind == ST_CLASS) {
        py_expr *ann = s->v.annassign.annotation;
        py_interp *I = c->I;
        /* the annotation as CPython stringizes it (unparsed, normalised) */
        py_val text = py_unparse_expr(I, ann);
        if (!text) py_err_clear(I);
        if (!text) text = py_str_cstr(I, "?");
        emit_const(c, text);
        emit(c, OP_STORE_ANNOTATION, add_name(c, py_mangle(c->ar, U->private_name, t->v.name.id)));
    }
}

static void compile_typealias(compiler *c, py_stmt *s)
{
    /* type X = value  ->  X = TypeAliasType('X', lambda: value) */
    py_expr *name = s->v.typealias.name;
    py_scope *sc = py_symtable_lookup(&c->st, s);
    if (!sc) { c_nomem(c); return; }
    emit_const(c, py_str_cstr(c->I, name->v.name.id));
    py_srcpos save = U->cur;
    if (enter_unit(c, sc, name->v.name.id, s->lineno)) return;
    U->flags |= PY_CO_NESTED | PY_CO_LAMBDA;
    add_const(c, PY_NONE);
    compile_expr(c, s->v.typealias.value);
    emit(c, OP_RETURN_VALUE, 0);
    py_code *co = assemble(c);
    U->cur = save;
    if (!co) return;
    make_closure(c, co, 0);
    emit(c, OP_BUILD_TUPLE, 2);
    emit(c, OP_CALL_INTRINSIC, INTR_TYPEALIAS);
    compile_name(c, name->v.name.id, PY_CTX_STORE);
}

void py_compile_match(compiler *c, py_stmt *s);

static void compile_stmt(compiler *c, py_stmt *s)
{
    if (c->err) return;
    if (guard(c)) return;
    set_pos_s(c, s);
    switch (s->kind) {
    case PY_STMT_FUNCTIONDEF:
    case PY_STMT_ASYNCFUNCTIONDEF: compile_function(c, s); break;
    case PY_STMT_CLASSDEF: compile_class(c, s); break;
    case PY_STMT_RETURN: compile_return(c, s); break;
    case PY_STMT_DELETE:
        for (int i = 0; i < s->v.delete.targets.n; i++) compile_delete(c, s->v.delete.targets.items[i]);
        break;
    case PY_STMT_ASSIGN: {
        compile_expr(c, s->v.assign.value);
        int n = s->v.assign.targets.n;
        for (int i = 0; i < n; i++) {
            if (i < n - 1) emit(c, OP_COPY, 1);
            compile_store(c, s->v.assign.targets.items[i]);
        }
        break;
    }
    case PY_STMT_TYPEALIAS: compile_typealias(c, s); break;
    case PY_STMT_AUGASSIGN: {
        py_expr *t = s->v.augassign.target;
        int op = binop_code(s->v.augassign.op) | BINOP_INPLACE;
        switch (t->kind) {
        case PY_EXPR_NAME:
            compile_name(c, t->v.name.id, PY_CTX_LOAD);
            compile_expr(c, s->v.augassign.value);
            set_pos_s(c, s);
            emit(c, OP_BINARY_OP, op);
            compile_name(c, t->v.name.id, PY_CTX_STORE);
            break;
        case PY_EXPR_ATTRIBUTE: {
            int ni = add_name(c, py_mangle(c->ar, U->private_name, t->v.attribute.attr));
            compile_expr(c, t->v.attribute.value);
            emit(c, OP_COPY, 1);
            set_pos_e(c, t);
            emit(c, OP_LOAD_ATTR, ni);
            compile_expr(c, s->v.augassign.value);
            set_pos_s(c, s);
            emit(c, OP_BINARY_OP, op);
            emit(c, OP_SWAP, 2);
            set_pos_e(c, t);
            emit(c, OP_STORE_ATTR, ni);
            break;
        }
        case PY_EXPR_SUBSCRIPT:
            compile_expr(c, t->v.subscript.value);
            compile_subscript_slice(c, t->v.subscript.slice);
            emit(c, OP_COPY, 2);
            emit(c, OP_COPY, 2);
            set_pos_e(c, t);
            emit(c, OP_BINARY_SUBSCR, 0);
            compile_expr(c, s->v.augassign.value);
            set_pos_s(c, s);
            emit(c, OP_BINARY_OP, op);
            /* [obj, key, result] -> result, obj, key */
            emit(c, OP_SWAP, 3);
            emit(c, OP_SWAP, 2);
            set_pos_e(c, t);
            emit(c, OP_STORE_SUBSCR, 0);
            break;
        default:
            SYNERR_E(t, "'%s' is an illegal expression for augmented assignment", "expression");
        }
        break;
    }
    case PY_STMT_ANNASSIGN: compile_annassign(c, s); break;
    case PY_STMT_FOR: compile_for(c, s); break;
    case PY_STMT_ASYNCFOR:
        if (!U->scope->coroutine && !(U->scope->kind == ST_MODULE && c->toplevel_await)) {
            SYNERR_S(s, "'async for' outside async function");
            break;
        }
        compile_async_for(c, s);
        break;
    case PY_STMT_WHILE: compile_while(c, s); break;
    case PY_STMT_IF: compile_if(c, s); break;
    case PY_STMT_WITH: compile_with_items(c, s, 0, 0); break;
    case PY_STMT_ASYNCWITH:
        if (!U->scope->coroutine && !(U->scope->kind == ST_MODULE && c->toplevel_await)) {
            SYNERR_S(s, "'async with' outside async function");
            break;
        }
        compile_with_items(c, s, 0, 1);
        break;
    case PY_STMT_MATCH: py_compile_match(c, s); break;
    case PY_STMT_RAISE:
        if (s->v.raise.exc) {
            compile_expr(c, s->v.raise.exc);
            if (s->v.raise.cause) compile_expr(c, s->v.raise.cause);
            set_pos_s(c, s);
            emit(c, OP_RAISE, s->v.raise.cause ? 2 : 1);
        } else {
            emit(c, OP_RAISE, 0);
        }
        break;
    case PY_STMT_TRY:
        if (s->v.try_.finalbody.n) compile_try_finally(c, s);
        else compile_try_except(c, s);
        break;
    case PY_STMT_TRYSTAR:
        if (s->v.try_.finalbody.n) compile_try_finally(c, s);
        else compile_try_star(c, s);
        break;
    case PY_STMT_ASSERT: compile_assert(c, s); break;
    case PY_STMT_IMPORT: compile_import(c, s); break;
    case PY_STMT_IMPORTFROM: compile_importfrom(c, s); break;
    case PY_STMT_GLOBAL: case PY_STMT_NONLOCAL: case PY_STMT_PASS: break;
    case PY_STMT_EXPR: {
        py_expr *v = s->v.expr.value;
        if (c->result_mode && s == c->last_expr) {
            compile_expr(c, v);
            set_pos_s(c, s);
            emit(c, OP_SET_RESULT, 0);
            break;
        }
        if (v->kind == PY_EXPR_CONSTANT) break;   /* docstrings and bare constants */
        compile_expr(c, v);
        emit(c, OP_POP_TOP, 0);
        break;
    }
    case PY_STMT_BREAK: compile_break_continue(c, s, 1); break;
    case PY_STMT_CONTINUE: compile_break_continue(c, s, 0); break;
    }
    c->depth--;
}

static void compile_stmts(compiler *c, py_stmt_seq seq)
{
    for (int i = 0; i < seq.n && !c->err; i++) compile_stmt(c, seq.items[i]);
}

/* ---- pattern matching (PEP 634) --------------------------------------------------------- */
#include "py/compile_match.inc"

/* ---- entry --------------------------------------------------------------------------------- */
static int has_toplevel_await(py_scope *s) { return s->has_await; }

/* ---- PEP 695 type parameters ---------------------------------------------------------------
 * `class C[T, *Ts, **P](...): ...` (and generic defs) is rewritten before the
 * symbol table runs into CPython's annotation scope:
 *
 *     if True:
 *         def <generic parameters of C>():
 *             T = __sk_typevar__('T'); ...
 *             class C(...): ...
 *             C.__type_params__ = (T, ...)
 *             return C
 *         C = <generic parameters of C>()
 *         del <generic parameters of C>
 *
 * Every new node carries the statement's position, so tracebacks show the
 * `<generic parameters of C>` frame exactly where CPython does.  Bounds,
 * constraints and defaults are not evaluated (annotations never are). */
typedef struct gen_ctx { sk_arena *ar; const py_stmt *pos; int nomem; } gen_ctx;

static void *gen_alloc(gen_ctx *g, size_t n)
{
    void *p = sk_arena_zalloc(g->ar, n);
    if (!p) g->nomem = 1;
    return p;
}

static py_expr *gen_expr(gen_ctx *g, py_expr_kind kind)
{
    py_expr *e = gen_alloc(g, sizeof *e);
    if (!e) return NULL;
    e->kind = kind;
    e->lineno = g->pos->lineno;
    e->col_offset = g->pos->col_offset;
    e->end_lineno = g->pos->end_lineno;
    e->end_col_offset = g->pos->end_col_offset;
    return e;
}

static py_stmt *gen_stmt(gen_ctx *g, py_stmt_kind kind)
{
    py_stmt *s = gen_alloc(g, sizeof *s);
    if (!s) return NULL;
    s->kind = kind;
    s->lineno = g->pos->lineno;
    s->col_offset = g->pos->col_offset;
    s->end_lineno = g->pos->end_lineno;
    s->end_col_offset = g->pos->end_col_offset;
    return s;
}

static py_expr *gen_name(gen_ctx *g, const char *id, py_expr_context ctx)
{
    py_expr *e = gen_expr(g, PY_EXPR_NAME);
    if (!e) return NULL;
    e->v.name.id = id;
    e->v.name.ctx = ctx;
    return e;
}

static int gen_seq1(gen_ctx *g, py_expr_seq *s, py_expr *e)
{
    s->items = gen_alloc(g, sizeof(py_expr *));
    if (!s->items) return -1;
    s->items[0] = e;
    s->n = 1;
    return 0;
}

static py_stmt *gen_assign(gen_ctx *g, py_expr *target, py_expr *value)
{
    py_stmt *s = gen_stmt(g, PY_STMT_ASSIGN);
    if (!s || !target || !value || gen_seq1(g, &s->v.assign.targets, target)) return NULL;
    s->v.assign.value = value;
    return s;
}

static py_expr *gen_call1(gen_ctx *g, const char *fn, py_expr *arg)
{
    py_expr *e = gen_expr(g, PY_EXPR_CALL);
    if (!e) return NULL;
    e->v.call.func = gen_name(g, fn, PY_CTX_LOAD);
    if (!e->v.call.func) return NULL;
    if (arg && gen_seq1(g, &e->v.call.args, arg)) return NULL;
    return e;
}

static py_expr *gen_str(gen_ctx *g, const char *s)
{
    py_expr *e = gen_expr(g, PY_EXPR_CONSTANT);
    if (!e) return NULL;
    e->v.constant.value.kind = PY_CONST_STR;
    e->v.constant.value.u.s.data = s;
    e->v.constant.value.u.s.len = strlen(s);
    return e;
}

static const char *tp_name(const py_type_param *tp)
{
    return tp->kind == PY_TP_TYPEVAR ? tp->v.typevar.name : tp->kind == PY_TP_PARAMSPEC ? tp->v.paramspec.name
                                                                                         : tp->v.typevartuple.name;
}

/* The statements binding the type parameters, and a tuple expression of them. */
static int gen_params(gen_ctx *g, py_type_param_seq tps, py_stmt **out, py_expr **tuple)
{
    py_expr *t = gen_expr(g, PY_EXPR_TUPLE);
    if (!t) return -1;
    t->v.tuple.ctx = PY_CTX_LOAD;
    t->v.tuple.elts.items = gen_alloc(g, sizeof(py_expr *) * (size_t)tps.n);
    if (!t->v.tuple.elts.items) return -1;
    t->v.tuple.elts.n = tps.n;
    for (int i = 0; i < tps.n; i++) {
        const py_type_param *tp = tps.items[i];
        const char *fn = tp->kind == PY_TP_TYPEVAR ? "__sk_typevar__" : tp->kind == PY_TP_PARAMSPEC ? "__sk_paramspec__"
                                                                                                   : "__sk_typevartuple__";
        out[i] = gen_assign(g, gen_name(g, tp_name(tp), PY_CTX_STORE), gen_call1(g, fn, gen_str(g, tp_name(tp))));
        if (!out[i]) return -1;
        t->v.tuple.elts.items[i] = gen_name(g, tp_name(tp), PY_CTX_LOAD);
        if (!t->v.tuple.elts.items[i]) return -1;
    }
    *tuple = t;
    return 0;
}

static py_stmt *gen_wrap(gen_ctx *g, py_stmt *s)
{
    const char *name = s->kind == PY_STMT_CLASSDEF ? s->v.classdef.name : s->v.functiondef.name;
    py_type_param_seq tps = s->kind == PY_STMT_CLASSDEF ? s->v.classdef.type_params : s->v.functiondef.type_params;
    size_t nl = strlen(name) + 32;
    char *gname = gen_alloc(g, nl);
    if (!gname) return NULL;
    snprintf(gname, nl, "<generic parameters of %s>", name);
    /* the inner function's body */
    int nbody = tps.n + 3;
    py_stmt **body = gen_alloc(g, sizeof(py_stmt *) * (size_t)nbody);
    if (!body) return NULL;
    py_expr *tuple;
    if (gen_params(g, tps, body, &tuple)) return NULL;
    if (s->kind == PY_STMT_CLASSDEF) {
        /* bases += (Generic[T, ...],) */
        s->v.classdef.type_params.n = 0;
        py_expr_seq *b = &s->v.classdef.bases;
        py_expr **nb = gen_alloc(g, sizeof(py_expr *) * (size_t)(b->n + 1));
        py_expr *tuple2;
        py_stmt *dummy[64];
        if (!nb || tps.n > 64 || gen_params(g, tps, dummy, &tuple2)) return NULL;
        for (int i = 0; i < b->n; i++) nb[i] = b->items[i];
        nb[b->n] = gen_call1(g, "__sk_generic__", tuple2);
        if (!nb[b->n]) return NULL;
        b->items = nb;
        b->n++;
    } else {
        s->v.functiondef.type_params.n = 0;
    }
    body[tps.n] = s;
    py_expr *attr = gen_expr(g, PY_EXPR_ATTRIBUTE);
    if (!attr) return NULL;
    attr->v.attribute.value = gen_name(g, name, PY_CTX_LOAD);
    attr->v.attribute.attr = "__type_params__";
    attr->v.attribute.ctx = PY_CTX_STORE;
    body[tps.n + 1] = gen_assign(g, attr, tuple);
    py_stmt *ret = gen_stmt(g, PY_STMT_RETURN);
    if (!ret || !body[tps.n + 1]) return NULL;
    ret->v.return_.value = gen_name(g, name, PY_CTX_LOAD);
    body[tps.n + 2] = ret;
    py_stmt *def = gen_stmt(g, PY_STMT_FUNCTIONDEF);
    py_arguments *args = gen_alloc(g, sizeof(py_arguments));
    if (!def || !args) return NULL;
    def->v.functiondef.name = gname;
    def->v.functiondef.args = args;
    def->v.functiondef.body.items = body;
    def->v.functiondef.body.n = nbody;
    /* if True: def; name = gname(); del gname */
    py_stmt **outer = gen_alloc(g, sizeof(py_stmt *) * 3);
    py_stmt *del = gen_stmt(g, PY_STMT_DELETE);
    py_stmt *iff = gen_stmt(g, PY_STMT_IF);
    py_expr *test = gen_expr(g, PY_EXPR_CONSTANT);
    if (!outer || !del || !iff || !test) return NULL;
    outer[0] = def;
    outer[1] = gen_assign(g, gen_name(g, name, PY_CTX_STORE), gen_call1(g, gname, NULL));
    if (!outer[1] || gen_seq1(g, &del->v.delete.targets, gen_name(g, gname, PY_CTX_DEL))) return NULL;
    outer[2] = del;
    test->v.constant.value.kind = PY_CONST_TRUE;
    iff->v.if_.test = test;
    iff->v.if_.body.items = outer;
    iff->v.if_.body.n = 3;
    return iff;
}

static void desugar_generics(gen_ctx *g, py_stmt_seq *seq, int depth);

static void desugar_stmt(gen_ctx *g, py_stmt **slot, int depth)
{
    py_stmt *s = *slot;
    switch (s->kind) {
    case PY_STMT_FUNCTIONDEF: case PY_STMT_ASYNCFUNCTIONDEF:
        desugar_generics(g, &s->v.functiondef.body, depth + 1);
        if (s->v.functiondef.type_params.n) {
            g->pos = s;
            py_stmt *w = gen_wrap(g, s);
            if (w) *slot = w;
        }
        break;
    case PY_STMT_CLASSDEF:
        desugar_generics(g, &s->v.classdef.body, depth + 1);
        if (s->v.classdef.type_params.n) {
            g->pos = s;
            py_stmt *w = gen_wrap(g, s);
            if (w) *slot = w;
        }
        break;
    case PY_STMT_FOR: case PY_STMT_ASYNCFOR:
        desugar_generics(g, &s->v.for_.body, depth + 1);
        desugar_generics(g, &s->v.for_.orelse, depth + 1);
        break;
    case PY_STMT_WHILE:
        desugar_generics(g, &s->v.while_.body, depth + 1);
        desugar_generics(g, &s->v.while_.orelse, depth + 1);
        break;
    case PY_STMT_IF:
        desugar_generics(g, &s->v.if_.body, depth + 1);
        desugar_generics(g, &s->v.if_.orelse, depth + 1);
        break;
    case PY_STMT_WITH: case PY_STMT_ASYNCWITH:
        desugar_generics(g, &s->v.with.body, depth + 1);
        break;
    case PY_STMT_TRY: case PY_STMT_TRYSTAR:
        desugar_generics(g, &s->v.try_.body, depth + 1);
        for (int i = 0; i < s->v.try_.handlers.n; i++) desugar_generics(g, &s->v.try_.handlers.items[i]->body, depth + 1);
        desugar_generics(g, &s->v.try_.orelse, depth + 1);
        desugar_generics(g, &s->v.try_.finalbody, depth + 1);
        break;
    case PY_STMT_MATCH:
        for (int i = 0; i < s->v.match.cases.n; i++) desugar_generics(g, &s->v.match.cases.items[i]->body, depth + 1);
        break;
    default:
        break;
    }
}

static void desugar_generics(gen_ctx *g, py_stmt_seq *seq, int depth)
{
    if (depth > 200) return;     /* the parser bounds nesting well below this */
    for (int i = 0; i < seq->n && !g->nomem; i++) desugar_stmt(g, &seq->items[i], depth);
}

py_code *py_compile(py_interp *I, py_mod *mod, py_val filename, py_val source, const py_compile_opts *opts,
                    py_compile_error *err)
{
    compiler cc;
    compiler *c = &cc;
    memset(c, 0, sizeof cc);
    memset(err, 0, sizeof *err);
    sk_arena ar;
    sk_arena_init(&ar, I->alloc, 16384);
    c->I = I;
    c->ar = &ar;
    c->st.ar = &ar;
    c->st.I = I;
    c->filename = filename;
    c->source = source;
    c->stack_limit = I->stack_limit;
    py_code *co = NULL;
    if (mod->kind == PY_MOD_MODULE || mod->kind == PY_MOD_INTERACTIVE) {
        gen_ctx g = { &ar, NULL, 0 };
        desugar_generics(&g, mod->kind == PY_MOD_MODULE ? &mod->v.module.body : &mod->v.interactive.body, 0);
        if (g.nomem) { err->kind = 2; goto out; }
    }
    if (py_symtable_build(&c->st, mod)) {
        if (c->st.nomem) { err->kind = 2; goto out; }
        err->kind = 1;
        snprintf(err->msg, sizeof err->msg, "%.500s", c->st.msg);
        err->lineno = c->st.err_line;
        err->col = c->st.err_col;
        err->end_lineno = c->st.err_end_line;
        err->end_col = c->st.err_end_col;
        goto out;
    }
    c->toplevel_await = opts && opts->allow_toplevel_await && has_toplevel_await(c->st.top);
    py_stmt_seq body = mod->kind == PY_MOD_MODULE ? mod->v.module.body : mod->v.interactive.body;
    if (opts && opts->result_mode && body.n && body.items[body.n - 1]->kind == PY_STMT_EXPR) {
        c->result_mode = 1;
        c->last_expr = body.items[body.n - 1];
    }
    if (enter_unit(c, c->st.top, "<module>", 1)) { err->kind = 2; goto out; }
    U->flags = PY_CO_MODULE;
    if (c->toplevel_await) U->flags |= PY_CO_COROUTINE;
    add_const(c, PY_NONE);
    c->future_ok = 1;
    for (int i = 0; i < body.n && !c->err; i++) {
        py_stmt *st = body.items[i];
        int is_future = st->kind == PY_STMT_IMPORTFROM && st->v.importfrom.module &&
                        !strcmp(st->v.importfrom.module, "__future__");
        int is_doc = i == 0 && is_docstring(st);
        if (!is_future && !is_doc) c->future_ok = 0;
        compile_stmt(c, st);
    }
    if (!c->err && U->depth >= 0) {
        if (body.n) {
            py_stmt *last = body.items[body.n - 1];
            U->cur.line = last->end_lineno;
            U->cur.end_line = last->end_lineno;
        }
        U->cur.col = U->cur.end_col = -1;
        emit_const(c, PY_NONE);
        emit(c, OP_RETURN_VALUE, 0);
    }
    co = assemble(c);
    if (c->err) {
        py_xdecref(I, PY_VAL(co));
        co = NULL;
        if (c->err == 2) { err->kind = 2; goto out; }
        err->kind = c->err == 3 ? 3 : c->err == 4 ? 4 : 1;
        snprintf(err->msg, sizeof err->msg, "%.600s", c->msg);
        err->lineno = c->err_line;
        err->col = c->err_col;
        err->end_lineno = c->err_end_line;
        err->end_col = c->err_end_col;
    }
out:
    while (c->u) {
        cunit *u = c->u;
        c->u = u->parent;
        free_unit(c, u);
    }
    sk_arena_free(&ar);
    return co;
}
