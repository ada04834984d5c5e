/* awk.h — internal interfaces of the awk command (POSIX awk with the GNU
 * extensions scripts use).
 *
 * The program is lexed and parsed into an AST (arena), then interpreted by a
 * tree walker.  Values are numbers or reference-counted byte strings; input
 * strings ("strnum" candidates) decide lazily whether they look numeric.
 * Fields are split lazily.  All state hangs off awk_interp; nothing here
 * touches the host: files go through the VFS, commands (system(), pipes)
 * through the shell's c->script hook, time through the clock callback.
 *
 * Files: value.c (strings, numbers, arrays), lex.c, parse.c and
 * parse_expr.c, vars.c (cells, diagnostics), eval.c (expressions), exec.c
 * (statements, print, the program), record.c (records, fields, splitting),
 * builtin.c and builtin_ext.c, format.c (printf), io.c (redirections,
 * getline, close, system), regex.c (awk regexes → src/regex ERE), main.c
 * (options, setup, the command).
 *
 * Limits: program nesting (max_ast_depth, the C stack guard), tokens
 * (max_parser_operations), function calls (max_recursion_depth and the C
 * stack), memory (every allocation is accounted), regex match budgets, and
 * loops poll the run so a timeout or cancel ends `while (1) {}`. */
#ifndef SK_CMD_AWK_AWK_H
#define SK_CMD_AWK_AWK_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "cmd/cmd.h"

typedef struct awk_interp awk_interp;

/* Refusal thresholds (bashkit's cap for printf; ours for the rest). */
#define AWK_MAX_FORMAT_WIDTH 10000
/* The highest field number a script may create ($N = x, NF = N). */
#define AWK_MAX_FIELDS 10000000

/* ---- strings and values ------------------------------------------------ */

typedef struct awk_str {
    size_t refs;
    size_t len, cap;     /* cap: bytes available for s (excluding the NUL) */
    char s[];            /* NUL-terminated */
} awk_str;

enum {
    AV_UNINIT,   /* never assigned: "" and 0, compares like a strnum */
    AV_NUM,      /* a number */
    AV_STR,      /* a string (constant or computed) */
    AV_STRNUM,   /* input that looks numeric: n valid, compares numerically */
    AV_MAYBE,    /* input not yet classified (becomes AV_STRNUM or AV_STR) */
    AV_ARRAY,    /* gawk's arrays of arrays: an element that is an array */
};

struct awk_array;

typedef struct awk_val {
    double n;
    union {
        awk_str *s;      /* owned reference; NULL for AV_NUM / AV_UNINIT */
        struct awk_array *arr;   /* AV_ARRAY (array elements only): owned */
    };
    uint8_t t;
    uint8_t numok;       /* AV_STR / AV_MAYBE: n already holds the numeric value */
} awk_val;

/* ---- arrays ------------------------------------------------------------- */

/* Open addressing (linear probing) over a flat table of (hash, element);
 * an element holds its value and its key bytes inline. */
typedef struct awk_elem {
    awk_val v;
    size_t klen;
    char k[];            /* NUL-terminated */
} awk_elem;

typedef struct awk_slot {
    uint64_t hash;
    awk_elem *e;         /* NULL: empty */
} awk_slot;

typedef struct awk_array {
    awk_slot *t;
    size_t cap, count;   /* cap: 0 or a power of two */
} awk_array;

/* ---- variables (cells) -------------------------------------------------- */

enum { CELL_UNTYPED, CELL_SCALAR, CELL_ARRAY, CELL_REF };

typedef struct awk_cell {
    uint8_t kind;
    uint8_t owns;        /* CELL_ARRAY: this cell frees the array */
    awk_val v;
    awk_array *arr;
    struct awk_cell *ref;   /* CELL_REF: an untyped variable of a caller */
} awk_cell;

/* Special variables occupy the first global slots. */
enum {
    G_NF, G_NR, G_FNR, G_FS, G_OFS, G_ORS, G_RS, G_SUBSEP, G_CONVFMT, G_OFMT,
    G_RSTART, G_RLENGTH, G_FILENAME, G_ENVIRON, G_ARGC, G_ARGV, G_RT,
    G_IGNORECASE, G_FIELDWIDTHS, G_FPAT, G_PROCINFO, G_BINMODE, G_LINT, G_TEXTDOMAIN,
    G_ERRNO,
    G_NSPECIAL
};

/* ---- the AST ------------------------------------------------------------ */

typedef enum awk_op {
    /* expressions */
    N_NUM, N_STR, N_REGEX, N_GVAR, N_LVAR, N_FIELD, N_INDEX, N_GROUP,
    N_ASSIGN, N_COND, N_OR, N_AND, N_IN, N_MATCH, N_NOMATCH,
    N_LT, N_LE, N_GT, N_GE, N_EQ, N_NE, N_CONCAT,
    N_ADD, N_SUB, N_MUL, N_DIV, N_MOD, N_POW, N_NEG, N_PLUS, N_NOT,
    N_PREINC, N_PREDEC, N_POSTINC, N_POSTDEC, N_CALL, N_BUILTIN, N_GETLINE,
    /* statements */
    S_EXPR, S_PRINT, S_PRINTF, S_IF, S_WHILE, S_DO, S_FOR, S_FORIN, S_BREAK,
    S_CONTINUE, S_NEXT, S_NEXTFILE, S_EXIT, S_RETURN, S_DELETE, S_BLOCK,
    S_SWITCH, S_CASE,
} awk_op;

/* getline kinds (N_GETLINE.sub) */
enum { GL_PLAIN, GL_FILE, GL_CMD };
/* print/printf redirections (S_PRINT.sub) */
enum { RD_NONE, RD_FILE, RD_APPEND, RD_PIPE, RD_COPROC };

typedef struct awk_re awk_re;

typedef struct awk_node {
    uint8_t op;
    uint8_t sub;         /* assignment operator, builtin id, getline/redirect kind */
    uint16_t nargs;      /* list lengths (call args, print args, subscripts) */
    int line;
    struct awk_node *a, *b, *c, *d;
    struct awk_node *next;   /* sibling in lists */
    union {
        double num;
        awk_str *str;        /* N_STR (with cached number), N_REGEX source */
        int slot;            /* N_GVAR / N_LVAR; N_CALL: function index */
    } u;
    awk_re *re;              /* N_REGEX: compiled literal */
} awk_node;

/* assignment operators (N_ASSIGN.sub) */
enum { AS_SET, AS_ADD, AS_SUB, AS_MUL, AS_DIV, AS_MOD, AS_POW };

typedef struct awk_func {
    char *name;
    int nparams;
    char **params;
    awk_node *body;
    int defined;
    int line;
} awk_func;

enum { R_BEGIN, R_END, R_MAIN, R_BEGINFILE, R_ENDFILE };

typedef struct awk_rule {
    int kind;
    awk_node *pat1, *pat2;   /* range when pat2 */
    awk_node *action;        /* NULL: print $0 */
    int in_range;
    struct awk_rule *next;
} awk_rule;

typedef struct awk_prog {
    awk_rule *rules;
    awk_func *funcs;
    int nfuncs, funcs_cap;
    awk_re **relits;         /* compiled regex literals (freed at the end) */
    int nrelits, relcap;
    char **gnames;           /* global variable names, slot order */
    int *gindex;             /* hash index over gnames (slot + 1; 0 empty) */
    int nglobals, gcap;
    int has_main, has_end, has_beginfile, has_endfile, uses_getline, uses_rt;
} awk_prog;

/* ---- regular expressions (regex.c, over src/regex) ------------------------ */

/* Compile an awk regex (ERE with awk's escapes).  Returns 0, or -1 with a
 * message in err. */
int awk_re_compile(awk_interp *in, const char *pat, size_t len, int icase, awk_re **out,
                   char *err, size_t errlen);
/* Search s[0..len) from `start`.  ov gets nov pairs (whole match, groups);
 * unset groups are (size_t)-1.  notbol: start is not a line start.
 * Returns 1 match, 0 none, <0 an error (limit). */
int awk_re_exec(awk_interp *in, awk_re *re, const char *s, size_t len, size_t start, int notbol,
                size_t *ov, int nov);
int awk_re_ngroups(const awk_re *re);
void awk_re_free(awk_interp *in, awk_re *re);
/* The compiled regex for a dynamic pattern (cached; borrowed). */
awk_re *awk_re_dynamic(awk_interp *in, awk_str *pat);
/* A regex operand: N_REGEX literal or any expression used dynamically. */
awk_re *awk_re_of(awk_interp *in, awk_node *n);

/* ---- records and input (record.c) -------------------------------------- */

enum { SP_SPACE, SP_CHAR, SP_REGEX, SP_EMPTY, SP_FPAT, SP_WIDTHS };

typedef struct awk_splitter {
    int kind;
    char ch;
    awk_re *re;             /* owned (unless borrowed) */
    int borrowed;           /* re belongs to someone else (split(), patsplit()) */
    long *widths;           /* SP_WIDTHS: pairs (skip, width); width -1 is `*` */
    int nwidths;
    awk_str *src;           /* the FS text this was built from */
    int paragraph;          /* RS == "": newline separates fields too */
} awk_splitter;

typedef struct awk_reader {
    char *name;
    sk_in in;
    int open;                /* `in` is initialised */
    int is_mem;              /* reads from mem (a command's output) */
    const char *mem;
    size_t memlen;
    char *buf;
    size_t pos, len, cap;
    int eof, err;
    int status;              /* command exit status (close) */
    sk_buf cmdout;           /* a command's output, for cmd | getline */
} awk_reader;

/* ---- output streams (io.c) ----------------------------------------------- */

enum { OS_FILE, OS_STDOUT, OS_STDERR, OS_PIPE };

typedef struct awk_ostream {
    char *name;
    int kind;
    sk_stream *s;
    sk_out out;
    char *buf;
    sk_buf pipebuf;
    struct awk_ostream *next;
} awk_ostream;

typedef struct awk_istream {
    awk_reader rd;
    int is_cmd;
    struct awk_istream *next;
} awk_istream;

/* ---- the interpreter ------------------------------------------------------ */

enum { UW_NONE, UW_NEXT, UW_NEXTFILE, UW_EXIT, UW_BREAK, UW_CONTINUE, UW_RETURN, UW_ERROR };

typedef struct awk_dyn_re {
    awk_str *pat;
    awk_re *re;
    int icase;
    uint64_t used;
} awk_dyn_re;

#define AWK_DYN_RE_CACHE 16

/* Small-object pool: strings, array elements.  Size classes of 16 bytes up
 * to AWK_POOL_MAX, carved from 64 KiB chunks of the accounting allocator,
 * recycled through free lists, released together at the end. */
#define AWK_POOL_MAX 512
#define AWK_POOL_CLASSES (AWK_POOL_MAX / 16)
typedef struct awk_pool {
    void *free[AWK_POOL_CLASSES];
    char *cur;
    size_t left;
    void *chunks;            /* list linked through the first word; size in the second */
    size_t next_size;
} awk_pool;

struct awk_interp {
    sk_cmd *c;
    sk_alloc *a;
    sk_arena ar;
    awk_prog prog;
    const char *srcname;     /* "cmd. line" or the -f file */
    const char *src;         /* program text, for messages */
    awk_cell *g;             /* globals */
    int ng;
    awk_str *empty;          /* the shared "" */
    /* record */
    awk_val zero;            /* $0 */
    int split_done;          /* fields valid for zero */
    int zero_stale;          /* $0 needs rebuilding from the fields */
    size_t nf;
    awk_val *f;              /* f[1..nf] */
    size_t fcap;
    awk_splitter fs;         /* the splitter of the current record */
    int fs_dirty;            /* FS changed since fs was built */
    int split_by;            /* G_FS, G_FPAT or G_FIELDWIDTHS: the last one set */
    double nr, fnr;
    /* main input */
    int argi;                /* next ARGV index */
    awk_reader *cur;         /* current main input (NULL: none open) */
    awk_reader stdin_rd;
    int stdin_used;
    int main_done;
    int used_file;           /* some file operand was processed */
    /* gawk -i inplace: stdout of each file's rules replaces the file */
    int inplace;
    char *ip_path;           /* the file being rewritten (NULL: none) */
    sk_buf ip_buf;
    sk_stream *ip_stream;
    sk_out ip_saved;         /* the command's stdout writer */
    /* i/o */
    awk_ostream os_stdout, os_stderr;
    awk_ostream *outs;
    awk_istream *ins;
    /* regex cache */
    awk_dyn_re dyn[AWK_DYN_RE_CACHE];
    uint64_t dyn_clock;
    /* function frames */
    awk_cell *frame;
    awk_func *fn;
    /* control */
    int unwind;
    int exit_code;
    int exiting;             /* exit has been executed */
    int in_end;
    int in_function;
    int depth, max_depth;
    const void *stack_limit;
    awk_val retval;
    uint32_t poll;           /* loop counter for abort checks */
    int cur_line;
    /* random */
    int32_t rnd_tbl[34];
    int rnd_f, rnd_r;
    int rnd_ready;           /* the table is seeded (lazily: most programs never call rand) */
    double seed, prev_seed;
    awk_pool pool;
    /* scratch */
    sk_buf tmp;
    int nomem;
    int in_convfmt;          /* formatting a number with CONVFMT/OFMT */
    int posix_warned;
};

/* ---- value.c -------------------------------------------------------------- */

void *awk_alloc(awk_interp *in, size_t n);
void awk_dealloc(awk_interp *in, void *p, size_t n);
void awk_pool_free(awk_interp *in);
awk_str *awk_str_new(awk_interp *in, const char *p, size_t n);
awk_str *awk_str_alloc(awk_interp *in, size_t cap);
static inline awk_str *awk_str_ref(awk_str *s) { if (s) s->refs++; return s; }
void awk_str_free(awk_interp *in, awk_str *s);
static inline void awk_str_unref(awk_interp *in, awk_str *s)
{
    if (s && --s->refs == 0) awk_str_free(in, s);
}
/* Replace *slot with a copy of p[0..n), reusing the storage when unshared. */
int awk_str_set(awk_interp *in, awk_str **slot, const char *p, size_t n);

void awk_subarray_free(awk_interp *in, struct awk_array *arr);
static inline void awk_val_free(awk_interp *in, awk_val *v)
{
    if (v->t == AV_ARRAY) awk_subarray_free(in, v->arr);
    else awk_str_unref(in, v->s);
    v->s = NULL;
}
/* (never called on AV_ARRAY: the evaluator refuses arrays in scalar context) */
static inline awk_val awk_val_copy(const awk_val *v)
{
    awk_val r = *v;
    if (r.t == AV_ARRAY) { r.t = AV_UNINIT; r.s = NULL; return r; }
    awk_str_ref(r.s);
    return r;
}
static inline awk_val awk_num(double n) { awk_val v = { .n = n, .s = NULL, .t = AV_NUM, .numok = 0 }; return v; }
static inline awk_val awk_uninit(void) { awk_val v = { .n = 0, .s = NULL, .t = AV_UNINIT, .numok = 0 }; return v; }
awk_val awk_strval(awk_interp *in, const char *p, size_t n);     /* AV_STR */
awk_val awk_strval_take(awk_str *s);                              /* AV_STR, takes s */
awk_val awk_inputval(awk_interp *in, const char *p, size_t n);   /* AV_MAYBE */

double awk_to_num(awk_interp *in, awk_val *v);
/* A double as an integer in [lo, hi] (NaN is 0): no undefined conversions. */
static inline int64_t awk_clamp(double d, int64_t lo, int64_t hi)
{
    if (d != d) return 0;
    if (d <= (double)lo) return lo;
    if (d >= (double)hi) return hi;
    return (int64_t)d;
}
/* The string form (CONVFMT for numbers); a new reference. */
awk_str *awk_to_str(awk_interp *in, awk_val *v);
/* The output form (OFMT for numbers); a new reference. */
awk_str *awk_to_outstr(awk_interp *in, awk_val *v);
int awk_to_bool(awk_interp *in, awk_val *v);
/* Classify AV_MAYBE into AV_STRNUM / AV_STR. */
void awk_resolve(awk_interp *in, awk_val *v);
int awk_compare(awk_interp *in, awk_val *a, awk_val *b);   /* <0 0 >0 */
/* A number as a string: integral values as integers, others with CONVFMT
 * (use_ofmt: OFMT).  A new reference. */
awk_str *awk_num_to_str(awk_interp *in, double n, int use_ofmt);
/* Parse the leading number of s (awk's rules); *end: bytes used (0: none). */
double awk_strtonum(const char *s, size_t n, size_t *end);
/* Does s (whole, modulo blanks) look like a number? */
int awk_looks_numeric(const char *s, size_t n, double *out);

/* arrays */
awk_array *awk_array_new(awk_interp *in);
void awk_array_free(awk_interp *in, awk_array *arr);
void awk_array_clear(awk_interp *in, awk_array *arr);
/* Lookup by key bytes; create: insert an uninitialised element (the key
 * is copied, or `keystr` referenced when given).  NULL: absent / no memory. */
awk_val *awk_array_get(awk_interp *in, awk_array *arr, const char *k, size_t n, awk_str *keystr,
                       int create);
int awk_array_delete(awk_interp *in, awk_array *arr, const char *k, size_t n);
/* Keys in for-in order (numbers ascending, then strings); new refs. */
awk_str **awk_array_keys(awk_interp *in, awk_array *arr, size_t *n);
int awk_array_set_str(awk_interp *in, awk_array *arr, const char *key, awk_val v);
int awk_array_set_num(awk_interp *in, awk_array *arr, double key, awk_val v);

/* Subscript keys: integers are formatted without CONVFMT into buf. */
typedef struct awk_key {
    char buf[40];
    awk_str *s;              /* owned reference, or NULL when p points into buf */
    const char *p;
    size_t n;
} awk_key;
void awk_key_make(awk_interp *in, awk_val *v, awk_key *k);
void awk_key_done(awk_interp *in, awk_key *k);
/* Integer part of n as decimal (for |n| < 2^63); returns the length. */
size_t awk_fmt_int(int64_t v, char *buf);

/* ---- lex.c / parse.c -------------------------------------------------------- */

/* Parse the program text.  Returns 0, or -1 after printing a message (the
 * exit status is then 1 for syntax errors, 2 for limits). */
int awk_parse(awk_interp *in, const char *src, size_t len, const char *srcname);
int awk_global_slot(awk_interp *in, const char *name, int create);
/* Escape processing of string constants, -v and command-line assignments:
 * writes at most 2n + 8 bytes to out; returns the length. */
size_t awk_unescape(awk_interp *in, const char *p, size_t n, char *out);

/* ---- vars.c / eval.c / exec.c ---------------------------------------------------------------- */

awk_val awk_eval(awk_interp *in, awk_node *n);
int awk_exec(awk_interp *in, awk_node *n);
int awk_run(awk_interp *in);
/* Fatal runtime error: message, unwind = UW_ERROR, exit code 2. */
void awk_fatal(awk_interp *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void awk_warning(awk_interp *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
awk_cell *awk_cell_of(awk_interp *in, awk_node *n);       /* N_GVAR / N_LVAR */
awk_cell *awk_deref(awk_cell *c);                          /* follow CELL_REF */
const char *awk_var_name(awk_interp *in, awk_node *n);
awk_val awk_eval_incdec(awk_interp *in, awk_node *n);
awk_array *awk_cell_array(awk_interp *in, awk_cell *cell, const char *what);
awk_array *awk_node_array(awk_interp *in, awk_node *n);   /* a variable or a[i][j] */
/* a[i]...[k]: the array holding the element, and its key (owned by *k). */
awk_array *awk_index_target(awk_interp *in, awk_node *n, awk_key *k);
awk_array *awk_elem_array(awk_interp *in, awk_val *e, awk_node *n);
int awk_assign_node(awk_interp *in, awk_node *lv, awk_val v);   /* takes v */
void awk_special_set(awk_interp *in, int slot);
int awk_check_abort(awk_interp *in);
const char *awk_var_cstr(awk_interp *in, int slot, size_t *len);
/* The key of a subscript list (joined with SUBSEP when several). */
void awk_subscript(awk_interp *in, awk_node *subs, int nsubs, awk_key *k);

/* ---- record.c ------------------------------------------------------------------ */

void awk_set_record(awk_interp *in, const char *p, size_t n);
void awk_set_record_val(awk_interp *in, awk_val v);   /* takes v */
int awk_split_record(awk_interp *in);
awk_val *awk_field_ref(awk_interp *in, long i, int create);   /* i >= 1 */
void awk_field_assigned(awk_interp *in, long i);
awk_val *awk_record(awk_interp *in);                 /* $0, rebuilt if stale */
void awk_set_nf(awk_interp *in, long nf);
int awk_splitter_build(awk_interp *in, awk_splitter *sp, awk_str *fs, int paragraph);
int awk_splitter_fpat(awk_interp *in, awk_splitter *sp, awk_str *fpat);
int awk_splitter_widths(awk_interp *in, awk_splitter *sp, awk_str *spec);
void awk_splitter_free(awk_interp *in, awk_splitter *sp);
/* Split s with sp; calls out(ud, i, piece, seps) for each field.  Returns
 * the field count or -1. */
typedef int (*awk_split_fn)(awk_interp *in, void *ud, size_t i, const char *p, size_t n,
                            const char *sep, size_t seplen);
long awk_split_with(awk_interp *in, awk_splitter *sp, const char *s, size_t n, awk_split_fn fn,
                    void *ud);
/* Readers: next record per RS.  Returns 1, 0 at EOF, <0 error. */
int awk_reader_next(awk_interp *in, awk_reader *rd, const char **p, size_t *n);
void awk_reader_close(awk_interp *in, awk_reader *rd);
int awk_reader_open_file(awk_interp *in, awk_reader *rd, const char *path);
void awk_reader_open_stdin(awk_interp *in, awk_reader *rd);
void awk_reader_open_mem(awk_interp *in, awk_reader *rd, const char *p, size_t n);
/* The main input: next record into $0 (NR, FNR, FILENAME).  1, 0 EOF, -1. */
int awk_main_next(awk_interp *in, int set_zero, awk_val *into);
void awk_main_nextfile(awk_interp *in);
/* Finish an in-place edit in progress (writes the file). */
void awk_inplace_end(awk_interp *in);
/* ARGV operand of the form NAME=value: assign (1), not one (0), error (-1). */
int awk_cmdline_assign(awk_interp *in, const char *arg);

/* ---- builtin.c / builtin_ext.c / format.c -------------------------------------------------------- */

enum {
    B_LENGTH, B_SUBSTR, B_INDEX, B_SPLIT, B_SUB, B_GSUB, B_MATCH, B_SPRINTF, B_SIN, B_COS,
    B_ATAN2, B_EXP, B_LOG, B_SQRT, B_INT, B_RAND, B_SRAND, B_TOLOWER, B_TOUPPER, B_SYSTEM,
    B_CLOSE, B_FFLUSH, B_GENSUB, B_STRFTIME, B_SYSTIME, B_MKTIME, B_ASORT, B_ASORTI,
    B_STRTONUM, B_AND, B_OR, B_XOR, B_LSHIFT, B_RSHIFT, B_COMPL, B_ISARRAY, B_TYPEOF,
    B_PATSPLIT,
    B_COUNT
};
typedef struct awk_builtin_info {
    const char *name;
    int id, min, max;
} awk_builtin_info;
const awk_builtin_info *awk_builtin_lookup(const char *name, size_t n);
const awk_builtin_info *awk_builtin_by_id(int id);
awk_val awk_call_builtin(awk_interp *in, awk_node *n);
/* printf formatting of fmt with args (values); appends to out.  0 or -1
 * (fatal already reported). */
int awk_format(awk_interp *in, sk_buf *out, const char *fmt, size_t fmtlen, awk_val *args,
               int nargs);
/* Length in characters (UTF-8). */
size_t awk_char_len(const char *s, size_t n);
/* Byte offset of character index ci (0-based) in s. */
size_t awk_char_off(const char *s, size_t n, size_t ci);
void awk_srand(awk_interp *in, double seed);
double awk_rand(awk_interp *in);
/* helpers shared by builtin.c and builtin_ext.c */
awk_node *awk_bi_arg(awk_node *n, int i);
awk_str *awk_bi_str(awk_interp *in, awk_node *n);
double awk_bi_num(awk_interp *in, awk_node *n);
void awk_bi_set_num(awk_interp *in, int slot, double d);
int awk_bi_is_var(awk_node *n);
int awk_bi_is_arrayref(awk_node *n);
awk_val *awk_bi_elem(awk_interp *in, awk_node *n);
awk_val awk_bi_strftime(awk_interp *in, awk_node *n);
awk_val awk_bi_mktime(awk_interp *in, awk_node *n);
awk_val awk_bi_asort(awk_interp *in, awk_node *n, int by_index);
awk_val awk_bi_strtonum(awk_interp *in, awk_node *n);
awk_val awk_bi_bits(awk_interp *in, awk_node *n);
awk_val awk_bi_typeof(awk_interp *in, awk_node *n);

/* ---- io.c -------------------------------------------------------------------------- */

awk_ostream *awk_output(awk_interp *in, int kind, awk_str *name);
int awk_write(awk_interp *in, awk_ostream *os, const char *p, size_t n);
int awk_close(awk_interp *in, awk_str *name);
int awk_close_all(awk_interp *in);
int awk_flush(awk_interp *in, awk_str *name, int all);
int awk_system(awk_interp *in, awk_str *cmd);
/* getline from a file or command: 1, 0 EOF, -1 error. */
int awk_getline_from(awk_interp *in, awk_str *name, int is_cmd, awk_val *out);
void awk_io_free(awk_interp *in);

#endif
