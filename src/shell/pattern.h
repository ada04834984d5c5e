/* pattern.h — bash glob patterns: `* ? [...]`, POSIX classes, backslash
 * escapes and (optionally) extglob `?() *() +() @() !()`, matched on UTF-8
 * characters.
 *
 * A pattern is given as bytes in which `\c` stands for a literal c; the
 * expander escapes quoted characters that way.  Patterns are compiled to
 * a small program and matched by a Pike-style simulation over character
 * positions, so no input makes the matcher exponential (`*(a|aa)*b` on a
 * long string included); `!(...)` is evaluated with sub-runs per start
 * position.  Long runs poll an abort flag and stop with SH_PAT_EABORT. */
#ifndef SK_SHELL_PATTERN_H
#define SK_SHELL_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "base/buf.h"

enum {
    SH_PAT_EXTGLOB = 1,    /* recognise ?( *( +( @( !( */
    SH_PAT_NOCASE = 2,     /* nocasematch / nocaseglob */
};

enum {
    SH_PAT_NOMATCH = 0,
    SH_PAT_MATCH = 1,
    SH_PAT_ENOMEM = -1,
    SH_PAT_EABORT = -2,    /* the abort flag was raised while matching */
};

typedef struct sh_pat sh_pat;

/* Compile; NULL only when out of memory.  `abort` (may be NULL) is polled
 * during long matches. */
sh_pat *sh_pat_compile(sk_alloc *a, const char *p, size_t n, int flags, const volatile int *abort);
void sh_pat_free(sh_pat *p);

/* The whole string matches. */
int sh_pat_match(sh_pat *p, const char *s, size_t n);
/* ${x#p} / ${x##p}: the shortest / longest prefix that matches; returns
 * SH_PAT_MATCH with its byte length in *len. */
int sh_pat_prefix(sh_pat *p, const char *s, size_t n, int longest, size_t *len);
/* ${x%p} / ${x%%p}: the shortest / longest suffix; *start its byte offset. */
int sh_pat_suffix(sh_pat *p, const char *s, size_t n, int longest, size_t *start);
/* ${x/p/r}: the first position (at or after byte `from`) where p matches,
 * taking the longest match there; *ms, *me are byte offsets.  Empty
 * matches are reported (callers decide what to do with them). */
int sh_pat_search(sh_pat *p, const char *s, size_t n, size_t from, size_t *ms, size_t *me);

/* ${x/p/r} ${x//p/r} ${x/#p/r} ${x/%p/r}: appends the result to out.  With
 * amp, `&` in rep stands for the matched text and `\c` for a literal c
 * (bash's patsub_replacement); otherwise rep is literal.  Empty matches
 * are replaced and the scan moves on by one character, as bash does. */
enum { SH_REP_FIRST, SH_REP_ALL, SH_REP_PREFIX, SH_REP_SUFFIX };
int sh_pat_replace(sh_pat *p, const char *s, size_t n, const char *rep, size_t replen, int amp, int mode,
                   sk_buf *out);

/* Does the pattern contain unescaped glob characters (or extglob groups)? */
int sh_pat_has_magic(const char *p, size_t n, int extglob);
/* The pattern with escapes removed (literal text); allocated. */
char *sh_pat_unescape(sk_alloc *a, const char *p, size_t n, size_t *outlen);
/* Is the pattern's first character a literal '.' (pathname expansion's
 * rule for names starting with a dot)? */
int sh_pat_leading_dot(const char *p, size_t n);

/* One-shot match (compile, match, free). */
int sh_pat_fnmatch(sk_alloc *a, const char *pat, size_t plen, const char *s, size_t slen, int flags);

/* UTF-8 helpers shared with the expander: decode one character at s (n
 * bytes available); returns its length (>= 1) and the code point in *cp
 * (an invalid byte b decodes to 0xDC00 + b). */
size_t sh_utf8_decode(const char *s, size_t n, uint32_t *cp);
size_t sh_utf8_encode(uint32_t cp, char *out);
/* Number of characters in s. */
size_t sh_utf8_len(const char *s, size_t n);

#endif
