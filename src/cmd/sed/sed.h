/* sed.h — GNU sed over the regex layer: the compiled program (parse.c) and
 * its execution (exec.c); sed.c holds the command line.
 *
 * A script is compiled once into an array of sed_cmd.  Blocks are
 * indices ('{' knows its '}'), branches are resolved label indices, so
 * execution is a loop over an index — nothing recurses, whatever the
 * script.  All memory comes from the command's sk_alloc. */
#ifndef SK_CMD_SED_SED_H
#define SK_CMD_SED_SED_H

#include "cmd/cmd.h"
#include "regex/regex.h"

enum {
    SA_NONE, SA_LINE, SA_LAST, SA_REGEX, SA_STEP, SA_ZERO,
    SA_PLUS,            /* addr2 only: +N */
    SA_MULT,            /* addr2 only: ~N */
};

typedef struct sed_regex {
    rx *re;             /* NULL: the empty regex, "the last regex used" */
    int groups;
} sed_regex;

typedef struct sed_addr {
    int kind;
    long long n1, n2;   /* line; first~step; +N; ~N */
    sed_regex re;
} sed_addr;

/* Replacement pieces of s///. */
enum { RP_TEXT, RP_GROUP, RP_CASE };
enum { CASE_NONE, CASE_UPPER, CASE_LOWER, CASE_ONE_UPPER, CASE_ONE_LOWER, CASE_END };

typedef struct sed_rpart {
    int kind;
    size_t off, len;    /* RP_TEXT: bytes in the command's text */
    int n;              /* RP_GROUP: group number; RP_CASE: CASE_* */
} sed_rpart;

typedef struct sed_wfile {
    char *path;         /* as written */
    sk_stream *s;       /* NULL for /dev/stdout and /dev/stderr */
    int std;            /* 1 stdout, 2 stderr */
    sk_out out;
    char buf[512];
    int missing_nl;
} sed_wfile;

typedef struct sed_rfile {       /* R: a file read one line per use */
    char *path;
    sk_in in;
    int open, eof;
} sed_rfile;

typedef struct sed_cmd {
    sed_addr a1, a2;
    int negate;
    char cmd;
    /* range state */
    int range;                   /* 0 inactive, 1 active, 2 closed for good */
    long long range_end;
    /* payloads */
    char *text;                  /* a i c text; label; file name; s replacement text; y */
    size_t text_len;
    long long num;               /* q/Q exit code; l width (-1 default); s occurrence */
    int target;                  /* b t T: command index to jump to; '{': index of '}' */
    sed_regex re;                /* s */
    sed_rpart *parts;            /* s replacement */
    size_t nparts;
    int global, print, icase, mline;
    sed_wfile *wf;               /* w W, s///w */
    sed_rfile *rf;               /* R */
    unsigned char *ymap;         /* y on bytes: 256 entries */
    uint32_t *yfrom, *yto;       /* y on UTF-8 characters */
    size_t ylen;
} sed_cmd;

/* One piece of script: an -e expression or a -f file. */
typedef struct sed_chunk {
    const char *text;
    size_t len;
    const char *file;            /* -f FILE name, or NULL for -e */
    int expr_no;                 /* -e expression number */
} sed_chunk;

typedef struct sed_prog {
    sk_cmd *c;
    sed_cmd *cmds;
    size_t n, cap;
    sed_wfile **wfiles;
    size_t nwfiles;
    sed_rfile **rfiles;
    size_t nrfiles;
    int ere, posix, sandbox;
    int quiet_from_script;       /* "#n" first line */
    int any_regex;               /* a regex was compiled (for //) */
    int partial;                 /* cmds[n] was started but not finished */
} sed_prog;

/* Compile chunks into prog.  Returns 0, or the exit status after printing
 * GNU's message ("sed: -e expression #1, char 3: unknown command: `k'"). */
int sed_compile(sed_prog *p, const sed_chunk *chunks, size_t nchunks);
void sed_prog_free(sed_prog *p);

/* Execution options and the input list. */
typedef struct sed_run {
    sed_prog *prog;
    sk_cmd *c;
    int quiet;                   /* -n */
    int separate;                /* -s or -i */
    int in_place;
    const char *suffix;          /* -i backup suffix */
    int zero;                    /* -z */
    long long line_wrap;         /* -l N (70) */
    int debug;
    char **files;
    int nfiles;
} sed_run;

/* Run the program over the inputs; returns sed's exit status. */
int sed_execute(sed_run *r);

#endif
