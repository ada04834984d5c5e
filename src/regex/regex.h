/* regex.h — the one regular-expression layer of Sandkiste (prefix rx_).
 *
 * Every command and interpreter that matches regular expressions (grep,
 * sed, rg, awk, expr, find -regex, [[ =~ ]], Python's re) compiles and runs
 * them here.  PCRE2 does the matching; this layer
 *
 *   - translates the dialects (POSIX BRE and ERE in their GNU flavour,
 *     Python re, ripgrep's Rust syntax, fixed strings) into PCRE2 syntax,
 *     with the error messages users know ("Unmatched ( or \\(");
 *   - gives POSIX dialects POSIX's leftmost-LONGEST match (PCRE2 is
 *     leftmost-first): `echo abcd | grep -o 'ab\|abcd'` prints abcd;
 *   - charges every byte PCRE2 allocates to the shell's sk_alloc, and runs
 *     every match with a match limit, a depth limit and a heap limit, so a
 *     catastrophic pattern ends with an error (RX_ELIMIT_*), never a hang.
 *
 * There is no global state and no global cache: a caller keeps its compiled
 * patterns (one per call site, or an rx_cache it owns).  A compiled rx is
 * used by one thread at a time (it owns its match data and JIT stack).
 *
 * Usage:
 *     rx_error e;
 *     rx *re;
 *     if (rx_compile(&re, a, lim, RX_BRE, RX_UTF8, "ab\\|abcd", 8, &e))
 *         -> e.msg ("Unmatched ( or \\("), e.offset
 *     size_t ov[2 * 10];
 *     int r = rx_exec(re, s, n, 0, 0, ov, 10);
 *         r > 0: match, ov[0..1] the whole match, ov[2k..2k+1] group k
 *                (RX_UNSET when the group did not take part)
 *         r == 0: no match
 *         r < 0: an RX_E* error (rx_strerror(r): "regex match limit exceeded")
 *     rx_free(re);
 *
 * Matching semantics by dialect:
 *   RX_BRE, RX_ERE  leftmost-longest overall match (through PCRE2's DFA
 *                   matcher); groups are then filled by a backtracking run
 *                   forced to end at the same place.  With back-references
 *                   (which the DFA cannot do) matching is leftmost-first.
 *                   `.` and `[^x]` match a newline; `^` and `$` match only at
 *                   the ends of the subject unless RX_MULTILINE.
 *   RX_PCRE, RX_RUST, RX_PYTHON   leftmost-first, as the tools do.
 *   RX_LITERAL      the pattern is a plain string (grep -F).
 */
#ifndef SK_REGEX_REGEX_H
#define SK_REGEX_REGEX_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "base/buf.h"
#include "sandkiste.h"

typedef enum rx_dialect {
    RX_BRE,       /* POSIX basic, GNU: \( \) \{ \} \| \+ \? \< \> \b \w \s \` \' \1-\9 */
    RX_ERE,       /* POSIX extended, GNU: ( ) { } | + ? and the same escapes */
    RX_PCRE,      /* Perl-compatible, given to PCRE2 as written (grep -P) */
    RX_RUST,      /* ripgrep's default: PCRE2 syntax, Unicode classes, $ only at the end */
    RX_PYTHON,    /* Python re: (?P<n>..), (?P=n), \Z, \u/\U, {,n}, inline flags */
    RX_LITERAL,   /* a fixed string (grep -F, rg -F) */
} rx_dialect;

/* Compile flags. */
enum {
    RX_ICASE = 1u << 0,      /* case-insensitive (Unicode folding with RX_UTF8) */
    RX_MULTILINE = 1u << 1,  /* ^ and $ also match at embedded newlines (sed M, re.M) */
    RX_DOTALL = 1u << 2,     /* . matches a newline (re.S); POSIX dialects always do */
    RX_EXTENDED = 1u << 3,   /* PCRE/Python x: whitespace and # comments ignored */
    RX_UTF8 = 1u << 4,       /* subject and pattern are UTF-8 characters (invalid
                                bytes are matched by nothing but themselves);
                                without it every byte is one character */
    RX_SED = 1u << 5,        /* GNU sed escapes in POSIX patterns: \n \t \r \f \v \a
                                \dNNN \oNNN \xHH \cX, also inside brackets */
    RX_WORD = 1u << 6,       /* grep -w: a match must be a whole word */
    RX_LINE = 1u << 7,       /* grep -x: a match must be the whole subject */
    RX_ASCII = 1u << 8,      /* \w \d \s and classes are ASCII only (re.A, bytes) */
    RX_FIRST = 1u << 9,      /* POSIX dialects: leftmost-first is good enough
                                (faster; callers that only test for a match) */
};

/* rx_exec flags. */
enum {
    RX_NOTBOL = 1u << 0,             /* the subject start is not a line start (^) */
    RX_NOTEOL = 1u << 1,             /* the subject end is not a line end ($) */
    RX_NOTEMPTY_ATSTART = 1u << 2,   /* no empty match at `start` (global replace) */
    RX_ANCHORED = 1u << 3,           /* the match must start at `start` (re.match) */
    RX_ENDANCHORED = 1u << 4,        /* the match must end at `len` (re.fullmatch) */
    RX_ANY = 1u << 5,                /* only "does it match?" counts: offsets may be
                                        leftmost-first even for POSIX (fast path) */
};

/* Results and errors. */
enum {
    RX_NOMATCH = 0,
    RX_MATCH = 1,
    RX_ESYNTAX = -1,        /* compile: a bad pattern (see rx_error) */
    RX_ENOMEM = -2,         /* the shell's memory limit refused an allocation */
    RX_ELIMIT_MATCH = -3,   /* sk_limits.regex_match_limit reached */
    RX_ELIMIT_DEPTH = -4,   /* sk_limits.regex_depth_limit reached */
    RX_ELIMIT_HEAP = -5,    /* the per-match heap limit reached */
    RX_EINTERNAL = -6,      /* anything else PCRE2 reports (a bug if seen) */
};

#define RX_UNSET ((size_t)-1)

typedef struct rx_error {
    int code;               /* RX_ESYNTAX or RX_ENOMEM */
    size_t offset;          /* byte offset in the pattern, when known */
    char msg[160];          /* GNU wording for BRE/ERE ("Invalid range end"),
                               Python's for RX_PYTHON where translated, else
                               PCRE2's */
} rx_error;

typedef struct rx rx;

/* Compile one pattern.  `lim` gives regex_match_limit / regex_depth_limit
 * (NULL: the default profile's values).  Returns 0, RX_ESYNTAX or
 * RX_ENOMEM (with *err filled when err is not NULL). */
int rx_compile(rx **out, sk_alloc *a, const sk_limits *lim, rx_dialect d, unsigned flags,
               const char *pat, size_t len, rx_error *err);

/* Compile a list of alternatives as one pattern (grep -e P1 -e P2, -f FILE):
 * a subject matches when any of them matches; back-references in each
 * pattern refer to that pattern's own groups.  An empty list matches
 * nothing; an empty pattern matches everything.  On a syntax error
 * err->offset is in the failing pattern and *bad_index says which one. */
int rx_compile_list(rx **out, sk_alloc *a, const sk_limits *lim, rx_dialect d, unsigned flags,
                    const char *const *pats, const size_t *lens, size_t n, rx_error *err,
                    size_t *bad_index);

void rx_free(rx *re);

/* Search s[0..len) from byte `start` (lookbehind, \b and ^ see the bytes
 * before it).  A call with start > 0 on the same s and len as the previous
 * call must see the same bytes (a walk over one subject; UTF-8 validity
 * is checked once per subject).  ov receives nov (start,end) pairs: the whole match, then
 * groups 1..nov-1 (RX_UNSET when unset or beyond the pattern's groups).
 * ov may be NULL when nov is 0.  Returns RX_MATCH, RX_NOMATCH or RX_E*. */
int rx_exec(rx *re, const char *s, size_t len, size_t start, unsigned eflags, size_t *ov,
            int nov);

/* Capturing groups (not counting group 0), and named groups (Python's
 * groupindex): rx_group_index returns the number or -1; rx_group_name
 * iterates i = 0.. returning NULL past the end. */
int rx_group_count(const rx *re);
int rx_group_index(const rx *re, const char *name);
const char *rx_group_name(const rx *re, int i, int *number);

/* The PCRE2 pattern the dialect was translated into (for tests/debugging). */
const char *rx_pcre_pattern(const rx *re, size_t *len);

/* Walking matches (global replace, grep -o): after an empty match at i,
 * continue at rx_next_char — past one whole UTF-8 character when the
 * pattern is in UTF-8 mode, one byte otherwise (and past an invalid byte). */
size_t rx_next_char(const rx *re, const char *s, size_t len, size_t i);
int rx_valid_utf8(const char *s, size_t n);

/* "regex match limit exceeded", "regex depth limit exceeded", ... */
const char *rx_strerror(int code);

/* Translate without compiling (tests, tools).  Appends the PCRE2 pattern to
 * out.  info (may be NULL) reports what the matcher needs to know. */
typedef struct rx_info {
    int groups;             /* capturing groups in this pattern */
    int backrefs;           /* uses back-references (no DFA, no longest) */
    int longest;            /* leftmost-first may differ from leftmost-longest */
} rx_info;
int rx_translate(sk_buf *out, rx_dialect d, unsigned flags, const char *pat, size_t len,
                 int group_base, rx_info *info, rx_error *err);

/* ---- a small cache a caller may own (per call site or per shell) ---- */

typedef struct rx_cache_entry {
    char *pat;
    size_t len;
    rx_dialect d;
    unsigned flags;
    rx *re;
    uint64_t used;          /* LRU stamp */
} rx_cache_entry;

typedef struct rx_cache {
    sk_alloc *a;
    const sk_limits *lim;
    rx_cache_entry ents[16];
    uint64_t clock;
} rx_cache;

void rx_cache_init(rx_cache *c, sk_alloc *a, const sk_limits *lim);
/* Borrowed: valid until the next rx_cache_get or rx_cache_free. */
int rx_cache_get(rx_cache *c, rx_dialect d, unsigned flags, const char *pat, size_t len,
                 rx **out, rx_error *err);
void rx_cache_free(rx_cache *c);

#endif
