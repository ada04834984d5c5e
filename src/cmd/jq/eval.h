/* eval.h — the jq evaluator: a tree walker in continuation-passing style.
 *
 * Every filter produces its outputs by calling a continuation (jq_out)
 * once per output; "empty" simply returns.  A non-zero status unwinds:
 * JQ_ERR carries r->err (caught by try), JQ_BREAK carries r->brk (caught
 * by the label or limit that owns it), JQ_HALT stops the whole run
 * (halt, closed output, cancellation, a resource limit).
 *
 * Environments (variables, function closures, labels) are frames on the
 * C stack linked to their lexical parent: everything a filter binds
 * lives exactly as long as the outputs that can see it, so nothing about
 * scoping touches the heap.  Depth is bounded by a counter and the
 * C-stack guard.
 *
 * Path mode: when `path` is not JV_NONE, the filter is producing paths
 * (for path(f), assignments, del, paths ...): each output carries the
 * path it was found at, and expressions that cannot produce paths fail
 * with jq's "Invalid path expression" error. */
#ifndef SK_CMD_JQ_EVAL_H
#define SK_CMD_JQ_EVAL_H

#include <stdint.h>

#include "ast.h"
#include "base/arena.h"
#include "base/buf.h"
#include "jv.h"
#include "jv_json.h"

enum { JQ_OK = 0, JQ_ERR = 1, JQ_BREAK = 2, JQ_HALT = 3 };

typedef struct jq_run jq_run;
typedef struct jq_out jq_out;
typedef struct jq_env jq_env;

/* Consumes v and path. */
typedef int (*jq_out_fn)(jq_run *r, jq_out *self, jv v, jv path);
struct jq_out { jq_out_fn fn; };

typedef struct jq_closure {
    const jq_node *body;
    const jq_env *env;
} jq_closure;

enum { ENV_VAR, ENV_DEF, ENV_CALL, ENV_LABEL };

struct jq_env {
    const jq_env *up;
    const void *key;        /* binding node: P_VAR, N_FUNCDEF, N_LABEL */
    int kind;
    jv val;                 /* ENV_VAR (borrowed: owned by whoever pushed the frame) */
    const jq_closure *args; /* ENV_CALL */
    uint64_t label;         /* ENV_LABEL */
};

/* Where `input`/`inputs` get their values; set by the command. */
typedef struct jq_inputs {
    /* Next input: JQ_OK with *out, 1 at the end, JQ_ERR with r->err set. */
    int (*next)(jq_run *r, void *ud, jv *out);
    void *ud;
    jv (*filename)(jq_run *r, void *ud);
    long (*line)(jq_run *r, void *ud);
} jq_inputs;

/* A compiled program: the parsed tree plus the builtin-library
 * definitions it uses (parsed on demand). */
typedef struct jq_prog {
    sk_arena arena;
    sk_buf literals;        /* every literal jv in the tree (released at the end) */
    jvh *h;
    jq_node *root;
    const char *text;
    size_t len;
    /* library definitions by table index (NULL until used) */
    jq_node **lib;
    int nlib;
    int yq;                 /* mikefarah yq's extra names */
    /* global variables ($ENV, $__prog_args, --arg ...) */
    int nglobals;
    const char **gnames;
    jq_node **gnodes;       /* P_VAR binding nodes */
} jq_prog;

typedef struct jq_limits {
    int max_depth;          /* evaluation nesting */
    int max_parse_depth;
    long parse_fuel;
    int yq;                 /* compile with yq's extra names */
} jq_limits;

struct jq_run {
    jvh h;
    jq_prog *prog;
    jv err;                 /* the error of a JQ_ERR */
    uint64_t brk;           /* the label id of a JQ_BREAK */
    uint64_t next_label;
    int depth, max_depth;
    const void *stack_limit;
    unsigned steps;
    int halted;
    int halt_code;          /* halt / halt_error status */
    jq_env *globals;        /* frames of the global variables */
    jq_inputs inputs;
    /* host services */
    void *host;
    int (*aborted)(void *host);
    void (*debug_out)(void *host, const char *p, size_t n);   /* stderr */
    int64_t (*now_ns)(void *host);
    jv env;                 /* $ENV object */
    jv named;               /* $__named (--arg/--argjson) object */
    jv positional;          /* $__prog_args positional array */
    void *rx;               /* regex.c's state */
    uint32_t rx_match_limit, rx_depth_limit;   /* 0 = regex.c's defaults */
    sk_buf scratch;
};

/* ---- compile -------------------------------------------------------------- */

/* Parse and resolve text.  globals are the names of predeclared $vars
 * (without '$').  On failure returns -1 and err holds jq's complete
 * message ("jq: error: ... at <top-level>, line 1:\n...\njq: 1 compile error"). */
int jq_compile(jq_prog *p, jvh *h, const char *text, size_t len, const char *const *globals, int nglobals,
               const jq_limits *lim, const void *stack_limit, sk_buf *err);
void jq_prog_free(jq_prog *p);

/* ---- run -------------------------------------------------------------------- */

void jq_run_init(jq_run *r, jq_prog *p, sk_alloc *a, int max_depth, const void *stack_limit);
/* Global values in the order of the names given to jq_compile (borrowed
 * for the run's lifetime). */
void jq_run_set_globals(jq_run *r, jq_env *frames, const jv *values);
/* Run the program on one input; outputs go to k.  Returns a JQ_* status. */
int jq_run_main(jq_run *r, jv in, jq_out *k);
void jq_run_free(jq_run *r);

/* ---- used by the evaluator's parts ----------------------------------------- */

int jq_eval(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k);
int jq_eval_closure(jq_run *r, const jq_closure *c, jv in, jv path, jq_out *k);
/* Collect all outputs of n on in into an array (value mode). */
int jq_collect(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv *out);
/* First output only (value mode); *found = 0 if none. */
int jq_first(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv *out, int *found);

int jq_error(jq_run *r, jv msg);
int jq_errorf(jq_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "KIND (VALUE) MESSAGE" with the value truncated as jq does */
int jq_type_error(jq_run *r, jv v, const char *msg);
int jq_type_error2(jq_run *r, jv a, jv b, const char *msg);
/* Called on allocation failure or too-deep data; returns JQ_ERR/JQ_HALT. */
int jq_check_heap(jq_run *r);
/* Periodic cancellation poll; returns JQ_HALT when the run must stop. */
int jq_tick(jq_run *r);
/* .[] over v (arrays and objects), extending path. */
int jq_iterate(jq_run *r, jv v, jv path, jq_out *k);
/* .. (recurse(.[]?)) */
int jq_recurse_default(jq_run *r, jv in, jv path, jq_out *k);
/* "Invalid path expression with result X" / "... near attempt to access
 * element K of T" */
int jq_invalid_path_result(jq_run *r, jv v);
int jq_invalid_path_access(jq_run *r, jv t, jv key);
/* Emit a value-mode result where a path might be wanted. */
int jq_emit(jq_run *r, jq_out *k, jv v, jv path_mode);

/* value helpers (ops.c) */
int jq_binop(jq_run *r, int op, jv a, jv b, jv *out);
int jq_index(jq_run *r, jv t, jv k, jv *out);
int jq_slice(jq_run *r, jv t, jv from, jv to, jv *out);
int jq_length(jq_run *r, jv v, jv *out);
jv jq_tostring(jq_run *r, jv v);

/* paths (paths.c) */
int jq_getpath(jq_run *r, jv t, jv path, jv *out);
int jq_setpath(jq_run *r, jv t, jv path, jv v, jv *out);
int jq_delpaths(jq_run *r, jv t, jv paths, jv *out);
int jq_eval_assign(jq_run *r, const jq_node *n, const jq_env *env, jv in, jv path, jq_out *k);
int jq_path_append(jq_run *r, jv path, jv key, jv *out);

/* natives (builtins*.c) */
typedef int (*jq_value_fn)(jq_run *r, jv in, jv *args, jv *out);
typedef int (*jq_closure_fn)(jq_run *r, const jq_node *call, const jq_env *env, jv in, jv path, jq_out *k);

typedef struct jq_native {
    const char *name;
    int nargs;
    jq_value_fn vfn;        /* args evaluated, cartesian product */
    jq_closure_fn cfn;      /* args as closures */
    int path_ok;            /* cfn handles path mode */
} jq_native;

int jq_native_lookup(const char *name, int nargs);
const jq_native *jq_native_get(int idx);
/* The builtin library in jq syntax: index of name/arity, or -1. */
int jq_library_lookup(const char *name, int nargs, int yq);
int jq_library_is_yq(int idx);
const char *jq_library_source(int idx);
int jq_library_count(void);
/* All builtin names as "name/arity" (for builtins/0). */
int jq_builtin_names(jq_run *r, jv *out);

/* regex (regex.c): release the compiled-pattern cache */
void jq_regex_free(jq_run *r);
/* formats (format.c) */
int jq_format(jq_run *r, const char *fmt, jv v, jv *out);

#endif
