/* fsutil.h — helpers shared by the filesystem commands (ls, find, cp, stat,
 * touch, tar ...): GNU-style quoting of names in diagnostics, mode strings
 * and mode parsing, UTC calendar arithmetic and a date parser, human-
 * readable sizes, a shell-pattern matcher, and an iterative directory walk.
 *
 * Nothing here recurses on the C stack over user data (the walk keeps its
 * frames on the heap; the pattern matcher backtracks with two indices) and
 * nothing touches the host: the only file access is through c->vfs.
 */
#ifndef SK_CMD_FSUTIL_H
#define SK_CMD_FSUTIL_H

#include <stdarg.h>
#include <stdint.h>

#include "cmd.h"
#include "fs/vfs.h"

/* The sandbox has one user; files are created with this umask. */
#define FSU_UMASK 022
#define FSU_UID 1000
#define FSU_GID 1000
#define FSU_USER "sandbox"
#define FSU_GROUP "sandbox"

/* ---- diagnostics --------------------------------------------------------- */

/* Append `s` quoted the way GNU tools quote file names in messages (the C
 * locale "shell-escape-always"-like style): 'name', "it's" when the name
 * holds a single quote, and 'a'$'\n''b' for control characters. */
int fsu_quote_buf(sk_buf *b, const char *s);

/* "NAME: " + fmt + "\n" on stderr, where fmt knows %s %d %c %lld %llu %zu %%
 * and %Q (a const char * quoted as above).  Stdout is flushed first.
 * Returns 1. */
int fsu_error(sk_cmd *c, const char *fmt, ...);
int fsu_verror(sk_cmd *c, const char *fmt, va_list ap);
/* Format like fsu_error into a buffer (no prefix, no newline). */
int fsu_vformat(sk_buf *b, const char *fmt, va_list ap);
/* Same formatter, to stdout. */
int fsu_printf(sk_cmd *c, const char *fmt, ...);

/* "Try 'NAME --help' for more information." after a usage message. */
int fsu_usage_error(sk_cmd *c, const char *fmt, ...);

/* Print "NAME: " + prompt on stderr and read one line from stdin (byte by
 * byte, so nothing past the line is consumed): 1 when it starts with y/Y. */
int fsu_confirm(sk_cmd *c, const char *fmt, ...);

/* ---- modes ----------------------------------------------------------------- */

/* "drwxr-xr-x" (10 chars + NUL) for a stat. */
void fsu_mode_string(const sk_stat *st, char out[11]);
/* Apply a chmod mode spec (octal or symbolic "u+x,go-w,a=r,+X") to `old`.
 * Returns 0 and *out, or -1 when the spec is invalid. */
int fsu_parse_mode(const char *spec, uint32_t old, int is_dir, uint32_t *out);
/* Same with an explicit umask (applied when "who" is omitted). */
int fsu_parse_mode_umask(const char *spec, uint32_t old, int is_dir, uint32_t umask, uint32_t *out);

/* ---- time ------------------------------------------------------------------ */

typedef struct fsu_tm {
    int year, mon, mday;     /* mon 1..12 */
    int hour, min, sec;
    int wday, yday;          /* 0 = Sunday; 0-based day of year */
} fsu_tm;

void fsu_gmtime(int64_t secs, fsu_tm *tm);
int64_t fsu_timegm(int year, int mon, int mday, int hour, int min, int sec);
/* Format like strftime (UTC): %Y %m %d %H %M %S %b %e %a %A %B %j %y %Z (UTC)
 * %z (+0000) %s %N (nanoseconds) %T %F %D %R %p %%. */
int fsu_strftime(sk_buf *b, const char *fmt, int64_t ns);
/* GNU "%Y-%m-%d %H:%M:%S.NNNNNNNNN +0000" (stat, diff -u, ls --full-time). */
int fsu_full_time(sk_buf *b, int64_t ns);

/* Parse a date the way `touch -d` / `date -d` take it (common forms):
 * "now", "today", "yesterday", "tomorrow", "@SECONDS", "YYYY-MM-DD",
 * "YYYY-MM-DD HH:MM[:SS[.frac]]", ISO 8601 with 'T' and Z/+hh:mm, "MM/DD/YYYY",
 * "Jan 2 2020", "2 Jan 2020 10:00", "10:30", and relative items "N unit
 * [ago]", "+N unit", "-N unit", "next/last unit" (units: sec(ond)s min(ute)s
 * hours days weeks fortnights months years).  Times are UTC.  Returns 0 with
 * *ns set, -1 when not understood. */
int fsu_parse_date(const char *s, int64_t now_ns, int64_t *ns);
/* touch -t [[CC]YY]MMDDhhmm[.ss]. */
int fsu_parse_touch_t(const char *s, int64_t now_ns, int64_t *ns);

/* ---- sizes ----------------------------------------------------------------- */

/* GNU human-readable: ceil to one decimal below 10 ("1.5K", "4.0K"), whole
 * numbers above ("12K"); plain number below the base.  base 1024 (-h) or
 * 1000 (--si, which uses lower-case "k"). */
void fsu_human(uint64_t n, int base, char out[32]);
/* Blocks of 512 bytes an entry occupies, as on ext4 with 4K blocks. */
uint64_t fsu_blocks(const sk_stat *st);

/* ---- patterns -------------------------------------------------------------- */

enum { FSU_FNM_CASEFOLD = 1, FSU_FNM_PATHNAME = 2, FSU_FNM_PERIOD = 4 };
/* Shell pattern match (*, ?, [...] with ranges, classes, ! or ^ negation,
 * backslash escapes).  Returns 1 on match. */
int fsu_fnmatch(const char *pat, const char *s, int flags);

/* ---- directory walk ---------------------------------------------------- */

typedef struct fsu_walk_ent {
    const char *path;   /* as displayed: the root as given, then "/name"... */
    size_t pathlen;
    const char *name;   /* last component (inside path) */
    const char *abs;    /* absolute resolved path of the entry */
    int depth;          /* 0 for the root */
    int rc;             /* SK_OK, or why the entry could not be stat'ed /
                           (kind ERR) why the directory could not be read */
    sk_stat st;         /* lstat, or stat when links are followed */
    int kind;           /* FSU_W_PRE, FSU_W_POST, FSU_W_ERR, FSU_W_LOOP */
} fsu_walk_ent;

enum { FSU_W_PRE = 1, FSU_W_POST = 2, FSU_W_ERR = 3, FSU_W_LOOP = 4 };
/* follow: FSU_FOLLOW_NONE (-P), _ROOT (-H), _ALL (-L). */
enum { FSU_FOLLOW_NONE = 0, FSU_FOLLOW_ROOT = 1, FSU_FOLLOW_ALL = 2 };

typedef struct fsu_frame {
    sk_vfs_dir dir;
    size_t i;
    size_t plen;        /* length of path for this directory */
    char *abs;          /* its resolved absolute path */
    sk_stat st;
} fsu_frame;

typedef struct fsu_walk {
    sk_cmd *c;
    int follow;
    int want_post;
    int max_depth;      /* do not descend below this depth (-1: no limit) */
    sk_buf path;
    sk_buf abs;         /* scratch for the current entry's absolute path */
    fsu_frame *frames;
    int nframes, cap;
    int state;          /* internal */
    int skip;           /* caller asked not to descend the last PRE dir */
    fsu_walk_ent cur;
    int root_done;
    const char *root;
} fsu_walk;

void fsu_walk_init(fsu_walk *w, sk_cmd *c, const char *root, int follow, int want_post);
/* 1 and an entry in *e (valid until the next call), 0 at the end,
 * or a negative sk_status for a fatal error (SK_NOMEM). */
int fsu_walk_next(fsu_walk *w, fsu_walk_ent *e);
/* Do not descend into the directory just returned as FSU_W_PRE. */
void fsu_walk_prune(fsu_walk *w);
void fsu_walk_free(fsu_walk *w);

/* ---- small path helpers ------------------------------------------------- */

/* The last component of a user path with trailing slashes dropped (what
 * "cp a/b/ dir" uses as the new name); result written to `out`. */
int fsu_last_name(sk_buf *out, const char *path);
/* dir + "/" + name without doubling a trailing slash of dir. */
int fsu_join(sk_buf *out, const char *dir, const char *name);

#endif
