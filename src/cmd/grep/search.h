/* search.h — the line searcher shared by grep (egrep, fgrep) and rg.
 *
 * gs_file reads one input line by line and prints what GNU grep prints for
 * it: selected lines, context lines with "--" between groups, -o parts,
 * counts, file names for -l/-L, the "Binary file X matches" notice.  The
 * options live in gsearch; the per-run state (was anything printed, was
 * anything selected, must everything stop) too, so several files share
 * one gsearch.  gs_walk runs a file operand: stdin, a file, or (with
 * recursion) a directory tree in sorted order, with include/exclude
 * filters. */
#ifndef SK_CMD_GREP_SEARCH_H
#define SK_CMD_GREP_SEARCH_H

#include "cmd/cmd.h"
#include "regex/regex.h"

enum { GS_BIN_BINARY, GS_BIN_TEXT, GS_BIN_SKIP };
enum { GS_GLOB_PATH = 1 };

typedef struct gs_filter {
    int kind;                /* 'i' include, 'e' exclude, 'd' exclude-dir, 'g' rg glob */
    int negate;              /* rg: "!glob" */
    const char *glob;
} gs_filter;

typedef struct gsearch {
    sk_cmd *c;
    rx *re;
    /* what to select and print */
    int invert, only, count, list;       /* list: 0, 'l' or 'L' */
    int quiet;
    long long max_count;                 /* -1: no limit */
    int eol;                             /* '\n', or 0 with -z */
    long long before, after;
    int ctx_given;                       /* -A/-B/-C given (even 0): separators */
    int lineno, boffset, null_name, tab;
    int with_name;                       /* 1 yes, 0 no, -1 only once a directory is entered */
    int binmode;
    const char *sep;                     /* group separator; NULL: none */
    const char *replace;                 /* rg -r: print this instead of each match */
    int rg;                              /* rg flavour */
    int stdin_name_l;                    /* grep -l/-L: name stdin "(stdin)" */
    const char *label;                   /* name of stdin */
    /* recursion */
    int recursive;                       /* 0, 1 (-r) or 2 (-R: follow links) */
    int skip_dirs;                       /* -d skip */
    int skip_devices;                    /* -D skip */
    int hidden;                          /* rg: also dot files */
    int no_ignore;                       /* rg: ignore files are not read */
    int files_only;                      /* rg --files: list what would be searched */
    int suppress;                        /* -s */
    gs_filter *filters;
    size_t nfilters;
    /* run state */
    int printed;                         /* a line was output (separators) */
    int selected;                        /* some line was selected somewhere */
    int listed;                          /* -L listed a file */
    int error;                           /* a file could not be read */
    int stop;                            /* stop everything (-q matched, EPIPE, abort) */
    int fatal;                           /* a regex limit or memory error: exit 2 */
} gsearch;

/* Search one open input under display name `name`.  Returns 0; the
 * outcome is in g (selected / stop / fatal). */
int gs_file(gsearch *g, sk_in *in, const char *name);

/* Search a file operand ("-" is stdin).  `display` is how names print
 * ("" for the implicit "." of grep -r: then names are relative). */
void gs_operand(gsearch *g, const char *path, const char *display);

int gs_glob_match(const char *pat, const char *s, int flags);

/* rg's ignore files (ignore.c), kept per directory depth during a walk. */
typedef struct gs_ignore gs_ignore;
int gs_ignore_new(gs_ignore **out, sk_cmd *c, const char *root);
void gs_ignore_free(gs_ignore *ig);
int gs_ignore_enter(gs_ignore *ig, size_t depth, const char *dir, const char *rel);
void gs_ignore_leave(gs_ignore *ig, size_t depth);
int gs_ignore_match(const gs_ignore *ig, const char *rel, int is_dir);

/* Print a grep diagnostic for a path unless -s. */
void gs_path_error(gsearch *g, const char *path, int status);

#endif
