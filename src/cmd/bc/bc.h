/* bc.h — the bc command's internals: a one-pass compiler from bc source to
 * a small stack bytecode, and the virtual machine that runs it.
 *
 * Program text is read incrementally (a line at a time, like GNU bc) and
 * every complete top-level line is compiled and run at once, so `quit`,
 * syntax errors and runtime errors affect exactly what they affect in GNU
 * bc.  Function calls live on heap stacks (no C recursion per bc call);
 * variables use bc's dynamic scoping (a callee sees its caller's autos). */
#ifndef SK_CMD_BC_BC_H
#define SK_CMD_BC_BC_H

#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"
#include "cmd/cmd.h"
#include "num.h"

#define BC_DIM_MAX 16777215
#define BC_SCALE_MAX 2147483647
#define BC_BASE_MAX 2147483647
#define BC_MAX_CALL_DEPTH 100000
#define BC_MAX_EXPR_DEPTH 1000

enum bc_op {
    OP_CONST,      /* const index */
    OP_LOAD,       /* var id */
    OP_STORE,      /* var id */
    OP_LOADA,      /* array id; index on the stack */
    OP_STOREA,     /* array id; index, value on the stack */
    OP_LOADS,      /* special: 0 scale, 1 ibase, 2 obase, 3 last */
    OP_STORES,
    OP_INCV,       /* var id, delta (+1/-1), post */
    OP_INCA,       /* array id, delta, post */
    OP_INCS,       /* special, delta, post */
    OP_DUP,
    OP_POP,
    OP_NEG, OP_NOT, OP_BOOL,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_LENGTH, OP_SCALEOF, OP_SQRT, OP_READ,
    OP_JMP,        /* target */
    OP_JZ,         /* target (pops) */
    OP_JNZ,        /* target (pops) */
    OP_PRINT,      /* value + newline, sets last (nothing for a void result) */
    OP_PRINTN,     /* value without newline, sets last */
    OP_STR,        /* string index: printed as is */
    OP_PSTR,       /* string index: printed with print's escapes */
    OP_PUSHARR,    /* array id: an array argument */
    OP_CALL,       /* function id, argument count */
    OP_RET,        /* return the value on the stack */
    OP_RET0,       /* return 0 (or nothing from a void function) */
    OP_HALT,
    OP_END,
};

typedef struct bc_const {
    const char *text;
    size_t len;
    int base;              /* ibase of the cached value (0 = none) */
    bcn *value;
} bc_const;

enum { BCP_SCALAR, BCP_ARRAY, BCP_ARRAY_REF };

typedef struct bc_fn {
    int defined;
    int is_void;
    int native;            /* 0, or a math-library function ('s','c','a','l','e','j') */
    int nparams, nautos;
    int *pkind, *pid;      /* parameters */
    int *akind, *aid;      /* autos */
    uint32_t *code;
    size_t ncode;
} bc_fn;

typedef struct bc_arr bc_arr;

typedef struct bc_sym {
    char *name;
    bcn *var;              /* scalar value (NULL = 0) */
    bc_arr *arr;           /* array (NULL = empty) */
    bc_fn fn;
} bc_sym;

typedef struct bc_val {
    int kind;              /* 0 number, 1 array, 2 void */
    bcn *n;
    bc_arr *arr;
} bc_val;

typedef struct bc_save {
    int kind;              /* 0 scalar, 1 array */
    int id;
    bcn *n;
    bc_arr *arr;
} bc_save;

typedef struct bc_frame {
    int fn;                /* -1 = main */
    const uint32_t *code;
    size_t pc;
    size_t save_base;
    size_t stack_base;
} bc_frame;

typedef struct bc bc;

/* Input: the lexer pulls bytes from a chain of sources. */
typedef struct bc_src {
    const char *name;      /* "(standard_in)" or a file name */
    sk_in in;
    int open;
} bc_src;

struct bc {
    sk_cmd *c;
    bcm m;
    const void *stack_limit;
    /* options */
    int mathlib, standard, warn;
    /* state */
    int64_t scale, ibase, obase;
    bcn *last;
    bc_sym *syms;
    int nsyms, capsyms;
    bc_const *consts;
    int nconsts, capconsts;
    char **strs;
    int nstrs, capstrs;
    /* output */
    int line_len, col;
    /* execution */
    bc_val *stack;
    size_t sp, capstack;
    bc_save *saves;
    size_t nsaves, capsaves;
    bc_frame *frames;
    size_t nframes, capframes;
    int halted;            /* halt or quit: stop everything */
    int status;            /* exit status */
    uint64_t ticks;
    /* main code of the line being compiled */
    uint32_t *main;
    size_t nmain, capmain;
};

/* Symbols (one namespace per kind, shared ids). */
int bc_sym_id(bc *b, const char *name, size_t len);
/* Constants and strings referenced by the code. */
int bc_add_const(bc *b, const char *text, size_t len);
int bc_add_str(bc *b, const char *s, size_t len);

/* Output with GNU bc's line continuation ("\" + newline at line_len-1). */
void bc_out_char(bc *b, int ch);
void bc_print_num(bc *b, const bcn *n);

/* Run code (main when fn < 0).  Returns 0, or -1 after a runtime error
 * (already reported) or when the run must stop (halt, abort). */
int bc_run(bc *b, const uint32_t *code, size_t n);
void bc_rt_error(bc *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bc_rt_warn(bc *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int bc_stop_check(void *ud);

/* The math library (-l), computed in C along the library's series. */
bcn *bc_math(bc *b, int which, bcn *const *args, int64_t scale, int *err);

/* Compile and run a whole input chain.  Returns the exit status. */
int bc_compile_run(bc *b, bc_src *srcs, int nsrcs);

void bc_state_free(bc *b);

#endif
