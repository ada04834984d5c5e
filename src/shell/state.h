/* state.h — the interpreter state of one shell (struct sh_state): variables
 * with bash's scoping and attributes, positional parameters, functions,
 * aliases, options, traps, the directory stack and the job table.
 *
 * Subshells ( (...), $(...), pipeline stages, background jobs ) get a copy
 * of the state made by sh_state_copy.  The copy is cheap: every table is
 * reference counted and cloned on the first write by either side (copy on
 * write), at two levels — a variable table is cloned as an array of
 * pointers, a variable is cloned only when it is itself written.
 *
 * Everything is allocated from the shell's accounting allocator; nothing
 * here is global.  Functions return 0 on success and a negative SH_E* on
 * failure, having printed bash's diagnostic on the state's fd 2 where bash
 * prints one. */
#ifndef SK_SHELL_STATE_H
#define SK_SHELL_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "base/arena.h"
#include "base/buf.h"
#include "shell/io.h"

struct sk_shell;
struct sh_func;
struct sh_state;

/* ---- errors ------------------------------------------------------------ */

enum {
    SH_OK = 0,
    SH_E_FAIL = -1,      /* the operation failed; a message was printed */
    SH_E_NOMEM = -2,     /* allocation refused (the run is ending) */
    SH_E_READONLY = -3,  /* assignment to a readonly variable (printed) */
    SH_E_ARITH = -4,     /* arithmetic error (printed) */
    SH_E_LIMIT = -5,     /* a resource limit was reached (sh->abort set) */
    SH_E_BADSUB = -6,    /* bad array subscript (printed) */
};

/* ---- variables --------------------------------------------------------- */

enum {
    SH_A_INTEGER = 1u << 0,    /* -i: assignments are evaluated arithmetically */
    SH_A_LOWER = 1u << 1,      /* -l */
    SH_A_UPPER = 1u << 2,      /* -u */
    SH_A_READONLY = 1u << 3,   /* -r */
    SH_A_EXPORT = 1u << 4,     /* -x */
    SH_A_NAMEREF = 1u << 5,    /* -n: the value names another variable */
    SH_A_TRACE = 1u << 6,      /* -t */
    SH_A_CAPITAL = 1u << 7,    /* -c (bash has none; reserved) */
    SH_A_INVISIBLE = 1u << 8,  /* declared (local x, declare -a x) but unset */
    SH_A_LOCAL = 1u << 9,      /* lives in a function scope */
    SH_A_TEMP = 1u << 10,      /* from an assignment prefix (VAR=x cmd) */
    SH_A_NOUNSET = 1u << 11,   /* cannot be unset (none in bash; reserved) */
};

typedef enum sh_vkind {
    SH_VK_STR = 0,
    SH_VK_ARR = 1,             /* indexed, sparse */
    SH_VK_ASSOC = 2,
} sh_vkind;

/* Indexed array: entries sorted by index (bash arrays are sparse). */
typedef struct sh_arr_ent {
    int64_t idx;
    char *val;                 /* sk_malloc'd, NUL-terminated */
} sh_arr_ent;

typedef struct sh_arr {
    sh_arr_ent *e;
    size_t n, cap;
} sh_arr;

/* Associative array.  Lookup through an open-addressing index; iteration
 * in the order GNU bash produces (its hash table: FNV-1, 1024 buckets that
 * grow fourfold, head insertion), reproduced with per-entry sequence
 * numbers so `${!m[@]}` prints what bash prints. */
typedef struct sh_assoc_ent {
    char *key, *val;
    uint32_t hash;
    int64_t seq;               /* order inside bash's bucket chain */
} sh_assoc_ent;

typedef struct sh_assoc {
    sh_assoc_ent *e;           /* dense, in insertion order (holes: key NULL) */
    size_t n, cap, used;       /* live entries, capacity, slots used incl. holes */
    uint32_t *idx;             /* open addressing: entry index + 1, 0 empty */
    size_t idxcap;
    uint32_t nbuckets;         /* bash's bucket count (for the order) */
    int64_t seqctr;
    uint32_t *order;           /* cached iteration order (entry indices) */
    size_t norder;             /* valid when order != NULL */
} sh_assoc;

typedef struct sh_var {
    uint32_t refs;
    uint32_t attr;             /* SH_A_* */
    uint8_t kind;              /* sh_vkind */
    uint8_t dyn;               /* SH_DYN_* or 0 */
    uint16_t namelen;
    union {
        struct { char *p; size_t len; } s;  /* p NULL: empty string */
        sh_arr *a;
        sh_assoc *m;
    } v;
    char name[];
} sh_var;

/* Dynamic variables: their value is computed when read. */
enum {
    SH_DYN_NONE = 0,
    SH_DYN_RANDOM, SH_DYN_SRANDOM, SH_DYN_SECONDS, SH_DYN_LINENO, SH_DYN_BASHPID,
    SH_DYN_EPOCHSECONDS, SH_DYN_EPOCHREALTIME, SH_DYN_FUNCNAME, SH_DYN_BASH_SOURCE,
    SH_DYN_BASH_LINENO, SH_DYN_PIPESTATUS, SH_DYN_UNDERSCORE, SH_DYN_BASH_SUBSHELL,
    SH_DYN_BASH_COMMAND, SH_DYN_BASH_ARGC, SH_DYN_BASH_ARGV, SH_DYN_GROUPS,
    SH_DYN_BASHOPTS, SH_DYN_SHELLOPTS, SH_DYN_BASH_ARGV0,
    SH_DYN_COUNT
};

/* One scope's variables (global or a function's locals): open addressing
 * over variable pointers, reference counted for copy on write. */
typedef struct sh_vtab {
    uint32_t refs;
    uint32_t n, used, cap;     /* live, live + tombstones, slots (power of 2) */
    sh_var **slots;            /* NULL empty, SH_TOMB deleted */
    int temp;                  /* an assignment-prefix scope (VAR=x fn) */
} sh_vtab;

/* Positional parameters $1..$n (copy on write). */
typedef struct sh_params {
    uint32_t refs;
    int n, cap;
    char **v;
} sh_params;

/* A string map with copy on write (aliases, hash table of `hash`). */
typedef struct sh_smap_ent {
    char *key, *val;
} sh_smap_ent;

typedef struct sh_smap {
    uint32_t refs;
    sh_smap_ent *e;            /* sorted by key */
    size_t n, cap;
} sh_smap;

/* Functions: name -> definition (the body is owned by the evaluator's
 * function objects, reference counted). */
typedef struct sh_fent {
    char *name;
    struct sh_func *fn;
    uint32_t attr;             /* -t/-x from declare -f */
} sh_fent;

typedef struct sh_ftab {
    uint32_t refs;
    sh_fent *e;                /* sorted by name */
    size_t n, cap;
} sh_ftab;

/* Hooks the evaluator installs so the variable layer can release function
 * bodies without knowing their layout. */
void sh_func_ref(struct sh_func *f);
void sh_func_unref(struct sh_state *st, struct sh_func *f);

/* ---- options ------------------------------------------------------------ */

/* set -o options, in bash's `set -o` listing order. */
enum {
    SH_O_ALLEXPORT, SH_O_BRACEEXPAND, SH_O_EMACS, SH_O_ERREXIT, SH_O_ERRTRACE,
    SH_O_FUNCTRACE, SH_O_HASHALL, SH_O_HISTEXPAND, SH_O_HISTORY, SH_O_IGNOREEOF,
    SH_O_INTERACTIVE_COMMENTS, SH_O_KEYWORD, SH_O_MONITOR, SH_O_NOCLOBBER,
    SH_O_NOEXEC, SH_O_NOGLOB, SH_O_NOLOG, SH_O_NOTIFY, SH_O_NOUNSET, SH_O_ONECMD,
    SH_O_PHYSICAL, SH_O_PIPEFAIL, SH_O_POSIX, SH_O_PRIVILEGED, SH_O_VERBOSE, SH_O_VI,
    SH_O_XTRACE,
    SH_O_COUNT
};

/* shopt options, in bash's `shopt` listing order. */
enum {
    SH_S_AUTOCD, SH_S_ASSOC_EXPAND_ONCE, SH_S_CDABLE_VARS, SH_S_CDSPELL, SH_S_CHECKHASH,
    SH_S_CHECKJOBS, SH_S_CHECKWINSIZE, SH_S_CMDHIST, SH_S_COMPAT31, SH_S_COMPAT32,
    SH_S_COMPAT40, SH_S_COMPAT41, SH_S_COMPAT42, SH_S_COMPAT43, SH_S_COMPAT44,
    SH_S_COMPLETE_FULLQUOTE, SH_S_DIREXPAND, SH_S_DIRSPELL, SH_S_DOTGLOB, SH_S_EXECFAIL,
    SH_S_EXPAND_ALIASES, SH_S_EXTDEBUG, SH_S_EXTGLOB, SH_S_EXTQUOTE, SH_S_FAILGLOB,
    SH_S_FORCE_FIGNORE, SH_S_GLOBASCIIRANGES, SH_S_GLOBSKIPDOTS, SH_S_GLOBSTAR,
    SH_S_GNU_ERRFMT, SH_S_HISTAPPEND, SH_S_HISTREEDIT, SH_S_HISTVERIFY, SH_S_HOSTCOMPLETE,
    SH_S_HUPONEXIT, SH_S_INHERIT_ERREXIT, SH_S_INTERACTIVE_COMMENTS, SH_S_LASTPIPE,
    SH_S_LITHIST, SH_S_LOCALVAR_INHERIT, SH_S_LOCALVAR_UNSET, SH_S_LOGIN_SHELL,
    SH_S_MAILWARN, SH_S_NO_EMPTY_CMD_COMPLETION, SH_S_NOCASEGLOB, SH_S_NOCASEMATCH,
    SH_S_NOEXPAND_TRANSLATION, SH_S_NULLGLOB, SH_S_PATSUB_REPLACEMENT, SH_S_PROGCOMP,
    SH_S_PROGCOMP_ALIAS, SH_S_PROMPTVARS, SH_S_RESTRICTED_SHELL, SH_S_SHIFT_VERBOSE,
    SH_S_SOURCEPATH, SH_S_VARREDIR_CLOSE, SH_S_XPG_ECHO,
    SH_S_COUNT
};

typedef struct sh_optdef {
    const char *name;
    char letter;               /* set -X, or 0 */
} sh_optdef;

extern const sh_optdef sh_set_options[SH_O_COUNT];
extern const char *const sh_shopt_names[SH_S_COUNT];
int sh_set_option_index(const char *name);   /* -1 when unknown */
int sh_shopt_index(const char *name);        /* -1 when unknown */

/* ---- traps -------------------------------------------------------------- */

enum {
    SH_TRAP_EXIT = 0,          /* 1..64: signals */
    SH_TRAP_NSIG = 65,
    SH_TRAP_DEBUG = 65,
    SH_TRAP_ERR = 66,
    SH_TRAP_RETURN = 67,
    SH_TRAP_COUNT = 68
};

/* ---- call frames ------------------------------------------------------- */

typedef struct sh_frame {
    char *funcname;            /* NULL for the main script / a sourced file */
    char *source;              /* BASH_SOURCE entry */
    int call_line;             /* BASH_LINENO entry: line of the call */
    sh_params *params;         /* the frame's positional parameters */
    int scope;                 /* index of its variable scope, -1 = none */
    int is_source;             /* a `source`d file (own $@ only with args) */
} sh_frame;

/* ---- the state ---------------------------------------------------------- */

enum {
    SH_CTL_NONE = 0,
    SH_CTL_BREAK,
    SH_CTL_CONTINUE,
    SH_CTL_RETURN,
    SH_CTL_EXIT,               /* exit the (sub)shell with st->status */
    SH_CTL_ABORT,              /* an expansion/assignment error: abandon the
                                  current top-level command (bash's
                                  jump_to_top_level) with status 1 */
};

struct sh_job;
struct sh_declarg;

/* Memory blocks the evaluator reuses (command contexts are large). */
#define SH_POOL_MAX 8
typedef struct sh_pool {
    void *boxes[SH_POOL_MAX];
    int n;
} sh_pool;

/* A parse unit: the arena holding one script's (or eval string's) syntax
 * tree.  Function definitions and background jobs keep it alive. */
typedef struct sh_unit {
    uint32_t refs;
    sk_arena ar;
} sh_unit;

sh_unit *sh_unit_new(sk_alloc *a);
void sh_unit_unref(sk_alloc *a, sh_unit *u);

typedef struct sh_state {
    struct sk_shell *sh;
    sk_alloc *a;
    sk_fdtab *fds;             /* descriptors of the running command context */

    /* variables: scopes[0] is global; function scopes above it */
    sh_vtab **scopes;
    int nscopes, capscopes;

    sh_frame *frames;          /* frames[0]: the main script */
    int nframes, capframes;
    char *arg0;                /* $0 */

    sh_ftab *funcs;
    sh_smap *aliases;
    sh_smap *hashed;           /* `hash` table */

    uint8_t opt[SH_O_COUNT];
    uint8_t shopt[SH_S_COUNT];

    char *traps[SH_TRAP_COUNT];   /* NULL: default; "" : ignored */
    char **dirstack;           /* pushd stack below the cwd (top first) */
    int ndirs, capdirs;
    char *cwd;                 /* absolute, logical */
    uint32_t umask;

    /* special parameters and dynamic variables */
    int status;                /* $? */
    int64_t last_bg;           /* $! (0 = none) */
    char *last_arg;            /* $_ */
    int lineno;                /* $LINENO */
    int *pipestatus;           /* PIPESTATUS */
    int npipestatus, cappipestatus;
    int64_t seconds_base_ns;   /* SECONDS counts from here (monotonic) */
    int64_t seconds_offset;    /* value assigned to SECONDS */
    uint32_t rseed;            /* $RANDOM generator (bash's Park-Miller) */
    int last_random;
    int64_t pid;               /* BASHPID of this (sub)shell; $$ is 1 */
    int subshell;              /* BASH_SUBSHELL */
    char *command;             /* BASH_COMMAND */

    /* scratch variables that hold computed values of dynamic variables */
    sh_var *dynvar[SH_DYN_COUNT];

    int arith_depth;           /* recursion of arithmetic evaluation */
    int nameref_depth;
    const void *stack_limit;   /* C stack guard for recursive code */

    /* ---- evaluator ---- */
    int ctl;                   /* SH_CTL_*: a pending break/continue/return/exit/abort */
    int ctl_n;                 /* break/continue count */
    int loop_depth;            /* enclosing loops in this function */
    int func_depth;            /* nested function calls */
    int subst_depth;           /* nested $(...), (...), bash -c */
    int source_depth;          /* nested source/. */
    int errexit_off;           /* > 0: inside a condition (set -e ignored) */
    int cmdsub_status;         /* status of the last command substitution, -1 none */
    int in_trap;               /* running a trap handler */
    int in_debug_trap;
    struct sh_job *jobs;       /* background jobs (owned by this state) */
    int njobs, capjobs;
    int64_t next_pid;          /* process ids handed to subshells and jobs */
    int getopts_sub;           /* position inside a clustered option (-abc) */
    int getopts_ind;           /* OPTIND the position belongs to */
    uint64_t env_gen;          /* changes of exported variables (envp cache) */
    char **envp_cache;
    uint64_t envp_gen;
    struct sh_unit *unit;      /* the parse unit being executed (functions keep it) */
    int exec_mode;             /* SH_MODE_*: how errors are prefixed */
    const char *cmdname;       /* builtin running (for messages), or NULL */
    int syntax_error;          /* the top-level script had a syntax error */
    int xtrace_level;          /* $( ) and eval nesting: PS4's first character repeats */
    int line_base, line_open;  /* inside $( ): bash renumbers lines from the
                                  command containing it (line_open > 0) */
    int fatal_err;             /* exiting because of an expansion error ($x unset with set -u, ${x?}) */
    int procsub_mark;          /* jobs[] entries from here on belong to the running command */
    int keep_procsubs;         /* exec redirections: process substitutions stay open */
    uint8_t trap_local[SH_TRAP_COUNT]; /* in a subshell: traps set here (others only listed) */
    struct sh_declarg *declargs; /* compound/assignment arguments of a declaration builtin */
    int ndeclargs;
    struct sh_pool *pool;      /* reusable command contexts, shared by a shell's states */
    int pool_owner;
    char **disabled;           /* enable -n */
    int ndisabled;

    /* error message context: "NAME: line N: " */
    char *errname;             /* "bash", or the script's name */
    int interactive;           /* never; kept for clarity of messages */
    int in_subshell;           /* non-zero in a copy */
} sh_state;

/* Create the top-level state of a shell: the sandbox's variables (HOME,
 * PWD, BASH_VERSION, ...), default options.  NULL when out of memory. */
sh_state *sh_state_create(struct sk_shell *sh, sk_alloc *a);
void sh_state_destroy(sh_state *st);
/* The copy a subshell runs in (copy on write).  NULL when out of memory. */
sh_state *sh_state_copy(sh_state *st);

/* ---- diagnostics ---------------------------------------------------------- */

/* "bash: line N: msg\n" on the state's fd 2. */
void sh_err(sh_state *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "bash: msg\n" (no line number). */
void sh_err_noline(sh_state *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Write raw bytes to the state's fd 2. */
void sh_err_write(sh_state *st, const char *p, size_t n);

/* ---- variable lookup --------------------------------------------------- */

/* Find a variable by name in the visible scopes.  Namerefs are followed
 * (a nameref to "arr[3]" yields the array; *sub receives the subscript
 * when sub is non-NULL).  Dynamic variables return a scratch variable
 * holding the value computed now (valid until that variable is read
 * again).  Invisible (declared but unset) variables are returned: check
 * SH_A_INVISIBLE.  NULL when no such variable exists. */
sh_var *sh_var_lookup(sh_state *st, const char *name);
sh_var *sh_var_lookup_ref(sh_state *st, const char *name, char **sub);
/* Find without following a final nameref (declare -n inspection, unset -n). */
sh_var *sh_var_lookup_noref(sh_state *st, const char *name);

/* The value as "$name" sees it: a scalar, element 0 of an indexed array,
 * element "0" of an associative array.  NULL when unset. */
const char *sh_var_get(sh_state *st, const char *name);
const char *sh_var_value(const sh_var *v, size_t *len);  /* same for a var */
/* Non-zero when the variable is set (has a value). */
int sh_var_isset(const sh_var *v);

/* ---- assignment ------------------------------------------------------------ */

enum {
    SH_SET_APPEND = 1,         /* += */
    SH_SET_LOCAL = 2,          /* in the innermost function scope */
    SH_SET_GLOBAL = 4,         /* in the global scope (declare -g) */
    SH_SET_NOREF = 8,          /* do not follow a nameref */
    SH_SET_NOATTR = 16,        /* ignore -i/-l/-u transforms */
    SH_SET_QUIET = 32,         /* no readonly message */
    SH_SET_TEMP = 64,          /* into the innermost temporary scope */
};

/* name=value.  Applies -i (arithmetic), -l/-u, allexport; follows
 * namerefs; an array variable gets element 0 (assoc: key "0").  Returns 0
 * or SH_E_READONLY / SH_E_ARITH / SH_E_NOMEM (message printed). */
int sh_var_set(sh_state *st, const char *name, const char *val, size_t len, int flags);
/* Shorthand for NUL-terminated values. */
int sh_var_setstr(sh_state *st, const char *name, const char *val, int flags);
/* name[sub]=value.  `sub` is the expanded subscript: evaluated
 * arithmetically for indexed arrays (negative counts from the end), taken
 * literally for associative ones.  Creates an indexed array when the
 * variable does not exist. */
int sh_var_set_elem(sh_state *st, const char *name, const char *sub, const char *val,
                    size_t len, int flags);
/* Replace the whole array value: name=(w0 w1 ...).  For indexed arrays
 * words may carry "[k]=" prefixes when keyed[i] is non-NULL (keyed[i] is
 * the expanded subscript).  assoc: make the variable associative.
 * With SH_SET_APPEND the elements are added. */
int sh_var_set_array(sh_state *st, const char *name, int n, char *const *words,
                     char *const *keyed, int assoc, int flags);
/* Integer helpers. */
int sh_var_set_int(sh_state *st, const char *name, int64_t v, int flags);

/* unset name: 0, or SH_E_READONLY.  Dynamic scoping per bash: a local of
 * the current function stays as an unset local; a variable of an outer
 * scope is removed, revealing what it shadowed. */
int sh_var_unset(sh_state *st, const char *name, int noref);
/* unset name[sub] (sub already expanded). */
int sh_var_unset_elem(sh_state *st, const char *name, const char *sub);

/* Declare: find or create the variable in the scope given by flags
 * (SH_SET_LOCAL: innermost function scope; SH_SET_GLOBAL: global;
 * neither: the variable visible now, else global) and adjust attributes.
 * kind: -1 keep, or an sh_vkind to convert to.  Returns the variable or
 * NULL (message printed; *err set). */
sh_var *sh_var_declare(sh_state *st, const char *name, int flags, uint32_t attr_on,
                       uint32_t attr_off, int kind, int *err);

/* Valid identifier [A-Za-z_][A-Za-z0-9_]*. */
int sh_valid_name(const char *s, size_t n);

/* ---- arrays ------------------------------------------------------------------ */

const char *sh_arr_get(const sh_arr *a, int64_t idx);
int sh_arr_set(sk_alloc *al, sh_arr *a, int64_t idx, const char *val, size_t len);
int sh_arr_unset(sk_alloc *al, sh_arr *a, int64_t idx);
int64_t sh_arr_max(const sh_arr *a);          /* -1 when empty */
void sh_arr_free(sk_alloc *al, sh_arr *a);
sh_arr *sh_arr_clone(sk_alloc *al, const sh_arr *a);

const char *sh_assoc_get(const sh_assoc *m, const char *key);
int sh_assoc_set(sk_alloc *al, sh_assoc *m, const char *key, const char *val, size_t len);
int sh_assoc_unset(sk_alloc *al, sh_assoc *m, const char *key);
/* Iteration order as bash produces it: fills *order with entry indices
 * (valid until the next change).  Returns the count, or -1 on NOMEM. */
long sh_assoc_order(sk_alloc *al, sh_assoc *m, const uint32_t **order);
void sh_assoc_free(sk_alloc *al, sh_assoc *m);
sh_assoc *sh_assoc_clone(sk_alloc *al, const sh_assoc *m);

/* Element access through a variable (any kind).  For an indexed array the
 * subscript is evaluated arithmetically; errors are printed and make the
 * function return SH_E_*; *out is NULL for an unset element. */
int sh_var_get_elem(sh_state *st, sh_var *v, const char *sub, const char **out);
/* Number of elements (scalar: 1 when set, 0 otherwise). */
size_t sh_var_count(const sh_var *v);
/* Values in order (indexed: by index; assoc: bash order; scalar: itself).
 * Appends pointers (borrowed from the variable) to *vals / keys to *keys
 * (keys as decimal indices for indexed arrays, allocated into keybuf). */
typedef struct sh_strvec {
    char **v;
    size_t n, cap;
    sk_alloc *a;
} sh_strvec;
int sh_strvec_push(sh_strvec *s, char *p);
int sh_strvec_pushdup(sh_strvec *s, const char *p, size_t n);
void sh_strvec_free(sh_strvec *s, int free_items);
/* Push copies of the values (or keys) of v onto out. */
int sh_var_values(sh_state *st, sh_var *v, sh_strvec *out);
int sh_var_keys(sh_state *st, sh_var *v, sh_strvec *out);

/* ---- scopes, frames, positional parameters ------------------------------ */

/* Function call: push a frame with the given positional parameters (taken
 * over) and a new variable scope.  sh_scope_pop discards the scope. */
int sh_frame_push(sh_state *st, const char *funcname, const char *source, int call_line,
                  sh_params *params, int with_scope);
void sh_frame_pop(sh_state *st);
int sh_scope_push(sh_state *st, int temp);
void sh_scope_pop(sh_state *st);
/* Innermost function scope index (0 when not in a function). */
int sh_local_scope(const sh_state *st);
int sh_in_function(const sh_state *st);

sh_params *sh_params_new(sk_alloc *a, int n, char *const *v);   /* copies */
void sh_params_unref(sk_alloc *a, sh_params *p);
/* The current frame's parameters (never NULL). */
sh_params *sh_params_cur(sh_state *st);
/* Replace $1.. (set --), shift n.  Return 0 or SH_E_NOMEM. */
int sh_params_set(sh_state *st, int n, char *const *v);
int sh_params_shift(sh_state *st, int n);

/* ---- functions, aliases ------------------------------------------------- */

struct sh_func *sh_func_get(sh_state *st, const char *name);
int sh_func_set(sh_state *st, const char *name, struct sh_func *fn);  /* takes a reference */
int sh_func_unset(sh_state *st, const char *name);
sh_fent *sh_func_entry(sh_state *st, const char *name);   /* NULL when undefined; writable (COW done) */

const char *sh_smap_get(const sh_smap *m, const char *key);
int sh_smap_set(sk_alloc *a, sh_smap **m, const char *key, const char *val);  /* COW-aware */
int sh_smap_unset(sk_alloc *a, sh_smap **m, const char *key);
void sh_smap_clear(sk_alloc *a, sh_smap **m);
void sh_smap_unref(sk_alloc *a, sh_smap *m);

/* ---- misc --------------------------------------------------------------- */

/* Iterate all visible variables (each name once, innermost wins), sorted
 * by name, calling fn; for `declare -p`, `set`, `export -p`, compgen. */
typedef int (*sh_var_iter_fn)(void *ud, sh_var *v);
int sh_var_each(sh_state *st, sh_var_iter_fn fn, void *ud);
/* Only the innermost function scope's (or global) variables. */
int sh_var_each_scope(sh_state *st, int scope, sh_var_iter_fn fn, void *ud);

/* The exported environment as NAME=VALUE strings (sk_malloc'd vector,
 * NULL-terminated; free with sh_envp_free). */
char **sh_envp(sh_state *st);
void sh_envp_free(sh_state *st, char **envp);
/* Background jobs of a state (finished or not) are released. */
void sh_jobs_free(sh_state *st);

/* $RANDOM / $SRANDOM generators. */
int sh_random(sh_state *st);
void sh_random_seed(sh_state *st, uint32_t seed);
uint32_t sh_srandom(sh_state *st);

/* The $LINENO of a node written on source line L. */
static inline int sh_node_line(const struct sh_state *st, int l)
{
    if (st->line_open <= 0) return l;
    return l > st->line_open ? st->line_base + l - st->line_open - 1 : st->line_base;
}

/* The C stack of the running fiber is nearly used up: end the run with
 * the limit that bounds the recursion in progress (max_function_depth
 * inside functions, else max_subst_depth). */
void sh_stack_exhausted(struct sh_state *st);

/* Format an integer the way bash prints it. */
size_t sh_fmt_int(char *buf, int64_t v);

/* Set or clear an option by name (set -o name); -1 when unknown. */
int sh_opt_set(sh_state *st, int idx, int on);

#endif
