/* parser.h — the bash 5.2 parser: script text in, syntax tree (ast.h) out.
 *
 * The parser works like bash: it reads one complete top-level command (up
 * to an unquoted newline that ends a complete command, here-document
 * bodies included) per sh_parse_next call, so the caller can execute it
 * before the next one is parsed.  Options (extglob, the alias callback,
 * limits) may change between calls, which is how `shopt -s extglob` and
 * `alias` on one line affect the parsing of the next.
 *
 * Memory: the parser and everything it returns live in the arena passed
 * to sh_parser_new (a copy of the script text included).  There is nothing
 * to free; the tree dies with the arena.  The parser never calls host I/O.
 *
 * Errors carry bash's wording and line number; the caller formats them,
 * e.g. for `bash -c`:
 *     bash: -c: line N: MSG             (nothing at all when MSG is "")
 *     bash: -c: line N: SHOW            (only when `show` is non-NULL;
 *                                        SHOW is e.g. "`echo a(b)'")
 * Limits (SH_PARSE_LIMIT) are reported as
 *     bash: resource limit exceeded: NAME (limit: N)
 */
#ifndef SK_SHELL_PARSER_H
#define SK_SHELL_PARSER_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "shell/ast.h"

typedef struct sh_parser sh_parser;

typedef struct sh_parse_opts {
    int extglob;                 /* parse ?(..) *(..) +(..) @(..) !(..) */
    /* Alias expansion: consulted for the first word of a simple command
     * (and for the next word when an alias value ends in a blank).  Return
     * the alias value (NUL-terminated, copied at once) or NULL.  Leave it
     * NULL when expand_aliases is off. */
    const char *(*alias_lookup)(void *ud, const char *name);
    void *alias_ud;
    /* Warnings (here-document delimited by end of file, ...).  bash prints
     * them as "bash: line N: warning: MSG", or "bash: warning: MSG" when
     * line is 0.  May be NULL. */
    void (*warn)(void *ud, int line, const char *msg);
    void *warn_ud;
    /* Limits; 0 means unlimited.  sh_parse_opts_default() sets the
     * defaults (100 and 100000). */
    uint32_t max_depth;          /* max_ast_depth: nesting of compound
                                    commands, substitutions, ${...}, [[ ( ]] */
    uint64_t fuel;               /* max_parser_operations, per sh_parse_next
                                    / sh_parse_all call (tokens + parts) */
    const void *stack_limit;     /* C stack guard (base/stack.h), or NULL */
    int64_t (*now_ms)(void *ud); /* clock for parser_timeout, or NULL */
    void *now_ud;
    int64_t timeout_ms;          /* per call; 0 = none */
    int first_line;              /* line number of the first line (default 1) */
} sh_parse_opts;

void sh_parse_opts_default(sh_parse_opts *o);

enum {
    SH_PARSE_END = 0,      /* no more commands */
    SH_PARSE_OK = 1,       /* *out is the next command */
    SH_PARSE_ERROR = -1,   /* syntax error: see sh_parser_error() */
    SH_PARSE_LIMIT = -2,   /* a limit was reached: limit_name, limit_value */
    SH_PARSE_NOMEM = -3,   /* the arena's allocator refused */
};

typedef struct sh_parse_error {
    int code;                /* SH_PARSE_ERROR / _LIMIT / _NOMEM (0: none) */
    int line;                /* line for the "line N:" prefix */
    const char *msg;         /* NUL-terminated, without any prefix; "" for
                                the [[ ]] errors bash reports silently */
    const char *show;        /* the second message line bash prints (the
                                offending input line in backquotes, or
                                "syntax error: `((a;b))'"), or NULL */
    /* Exit status bash 5.2 leaves after this error in `bash -c`: 2 for
     * ordinary syntax errors; 1 for an unterminated compound assignment
     * a=( ...; 127 for "unexpected token" errors inside $( ... ); -1 for
     * errors inside [[ ]] (bash then stops reading the script and keeps
     * the previous $?). */
    int status;
    const char *limit_name;  /* "max_ast_depth", "max_parser_operations",
                                "parser_timeout" */
    uint64_t limit_value;
} sh_parse_error;

/* Create a parser over src[0..len) (copied into the arena).  opts may be
 * NULL for defaults.  Returns NULL only when the arena is out of memory. */
sh_parser *sh_parser_new(sk_arena *ar, const char *src, size_t len,
                         const sh_parse_opts *opts);
void sh_parser_set_opts(sh_parser *p, const sh_parse_opts *opts);

/* Parse the next complete top-level command.  Returns SH_PARSE_OK with
 * *out set, SH_PARSE_END at end of input, or an error (after which every
 * later call returns the same error). */
int sh_parse_next(sh_parser *p, sh_node **out);

/* Parse everything that is left as one list (*out NULL when there is no
 * command at all). */
int sh_parse_all(sh_parser *p, sh_node **out);

const sh_parse_error *sh_parser_error(const sh_parser *p);

/* The line the parser has reached (for $LINENO between commands). */
int sh_parser_line(const sh_parser *p);

/* Byte offset reached in the script (the start of the next command). */
size_t sh_parser_offset(const sh_parser *p);

/* Render a tree in a compact form for tests and debugging (ast_dump.c).
 * Returns a NUL-terminated string in the arena, or NULL on OOM. */
const char *sh_ast_dump(sk_arena *ar, const sh_node *n);
const char *sh_word_dump(sk_arena *ar, const sh_word *w);

/* Print commands the way bash does (its print_cmd.c), for `declare -f`,
 * `type` and the like.  sh_print_function gives exactly what
 * `declare -f NAME` prints for a function whose body is `body` (the
 * SH_N_FUNCDEF's u.func.body), without a trailing newline;
 * sh_print_command prints a command on as few lines as bash would inside
 * $( ).  NUL-terminated strings in the arena, or NULL on OOM. */
const char *sh_print_function(sk_arena *ar, const char *name, size_t namelen, const sh_node *body);
const char *sh_print_command(sk_arena *ar, const sh_node *n);

#endif
