/* sort.c — sort: sort, merge or check lines (GNU coreutils semantics).
 *
 * Keys (-k F[.C][OPTS][,F[.C][OPTS]]), field separator (-t), the orderings
 * -n -g -h -M -V -R, the modifiers -b -d -f -i -r, -u, -s, -c/-C, -m, -o,
 * -z.  Comparison is byte order (LC_ALL=C collation, which is also what
 * C.UTF-8 gives).  The key-finding and comparison rules follow GNU sort
 * step by step (begfield/limfield, last-resort whole-line comparison unless
 * -s or -u).  The whole input is read (sort must), then a stable bottom-up
 * merge sort runs over an index; nothing recurses. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("sort", cmd_sort, "sort [-bdfgihMnrRsuVz] [-k KEY] [-t SEP] [-o FILE] [-c|-C|-m] [FILE]...: sort lines (GNU sort)");

enum { IGN_NONE = 0, IGN_DICT = 1, IGN_NONPRINT = 2 };

typedef struct sort_key {
    size_t sword, schar, eword, echar;  /* GNU's zero-based positions; SIZE_MAX sentinels */
    unsigned char skipsb, skipeb, ignore, fold;
    unsigned char numeric, gnumeric, hnumeric, month, version, random, reverse;
} sort_key;

typedef struct sort_line {
    const char *p;
    size_t len;       /* without the delimiter */
} sort_line;

typedef struct sort_ctx {
    sk_cmd *c;
    sort_key *keys;
    int nkeys;
    int tab;          /* -1: blank-separated fields */
    int reverse, unique, stable;
    uint64_t salt;
    sk_buf ta, tb;    /* scratch copies of keys */
    int nomem;
} sort_ctx;

static const char sort_usage[] =
    "Usage: sort [OPTION]... [FILE]...\n"
    "  or:  sort [OPTION]... --files0-from=F\n"
    "Write sorted concatenation of all FILE(s) to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Ordering options:\n"
    "  -b, --ignore-leading-blanks  ignore leading blanks\n"
    "  -d, --dictionary-order      consider only blanks and alphanumeric characters\n"
    "  -f, --ignore-case           fold lower case to upper case characters\n"
    "  -g, --general-numeric-sort  compare according to general numerical value\n"
    "  -i, --ignore-nonprinting    consider only printable characters\n"
    "  -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'\n"
    "  -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)\n"
    "  -n, --numeric-sort          compare according to string numerical value\n"
    "  -R, --random-sort           shuffle, but group identical keys\n"
    "  -r, --reverse               reverse the result of comparisons\n"
    "      --sort=WORD             sort according to WORD:\n"
    "                                general-numeric -g, human-numeric -h, month -M,\n"
    "                                numeric -n, random -R, version -V\n"
    "  -V, --version-sort          natural sort of (version) numbers within text\n"
    "\n"
    "Other options:\n"
    "  -c, --check, --check=diagnose-first  check for sorted input; do not sort\n"
    "  -C, --check=quiet, --check=silent  like -c, but do not report first bad line\n"
    "  -k, --key=KEYDEF          sort via a key; KEYDEF gives location and type\n"
    "  -m, --merge               merge already sorted files; do not sort\n"
    "  -o, --output=FILE         write result to FILE instead of standard output\n"
    "  -s, --stable              stabilize sort by disabling last-resort comparison\n"
    "  -t, --field-separator=SEP  use SEP instead of non-blank to blank transition\n"
    "  -u, --unique              with -c, check for strict ordering;\n"
    "                              without -c, output only the first of an equal run\n"
    "  -z, --zero-terminated     line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n"
    "\n"
    "KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a\n"
    "field number and C a character position in the field; both are origin 1, and\n"
    "the stop position defaults to the line's end.  OPTS is one or more single-letter\n"
    "ordering options [bdfgiMhnRrV], which override global ordering options for that\n"
    "key.  If no key is given, use the entire line as the key.\n";

/* ---- character classes (C locale, as GNU sort's tables) -------------------- */

static int is_blank(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }
static int is_digit(unsigned char ch) { return ch >= '0' && ch <= '9'; }
static int ignored(int ign, unsigned char ch)
{
    if (ign == IGN_DICT) return !isalnum(ch) && !is_blank(ch);
    if (ign == IGN_NONPRINT) return !isprint(ch);
    return 0;
}

/* ---- key positions ------------------------------------------------------------ */

static const char *begfield(const sort_ctx *s, const sort_line *l, const sort_key *k)
{
    const char *ptr = l->p, *lim = l->p + l->len;
    size_t sword = k->sword == SIZE_MAX ? 0 : k->sword;
    size_t schar = k->sword == SIZE_MAX ? 0 : k->schar;
    if (s->tab >= 0) {
        while (ptr < lim && sword--) {
            while (ptr < lim && (unsigned char)*ptr != s->tab) ++ptr;
            if (ptr < lim) ++ptr;
        }
    } else {
        while (ptr < lim && sword--) {
            while (ptr < lim && is_blank((unsigned char)*ptr)) ++ptr;
            while (ptr < lim && !is_blank((unsigned char)*ptr)) ++ptr;
        }
    }
    if (k->skipsb)
        while (ptr < lim && is_blank((unsigned char)*ptr)) ++ptr;
    ptr = (size_t)(lim - ptr) < schar ? lim : ptr + schar;
    return ptr;
}

static const char *limfield(const sort_ctx *s, const sort_line *l, const sort_key *k)
{
    const char *ptr = l->p, *lim = l->p + l->len;
    if (k->eword == SIZE_MAX) return lim;
    size_t eword = k->eword, echar = k->echar;
    if (echar == 0) eword++;
    if (s->tab >= 0) {
        while (ptr < lim && eword--) {
            while (ptr < lim && (unsigned char)*ptr != s->tab) ++ptr;
            if (ptr < lim && (eword || echar)) ++ptr;
        }
    } else {
        while (ptr < lim && eword--) {
            while (ptr < lim && is_blank((unsigned char)*ptr)) ++ptr;
            while (ptr < lim && !is_blank((unsigned char)*ptr)) ++ptr;
        }
    }
    if (echar != 0) {
        if (k->skipeb)
            while (ptr < lim && is_blank((unsigned char)*ptr)) ++ptr;
        ptr = (size_t)(lim - ptr) < echar ? lim : ptr + echar;
    }
    return ptr;
}

/* ---- numeric comparisons (GNU strnumcmp, C locale: '.' and no grouping) ---- */

static int frac_compare(const unsigned char *a, const unsigned char *b)
{
    if (*a == '.' && *b == '.') {
        while (*++a == *++b)
            if (!is_digit(*a)) return 0;
        if (is_digit(*a) && is_digit(*b)) return *a - *b;
        if (is_digit(*a)) goto a_trailing_nonzero;
        if (is_digit(*b)) goto b_trailing_nonzero;
        return 0;
    } else if (*a++ == '.') {
    a_trailing_nonzero:
        while (*a == '0') a++;
        return is_digit(*a);
    } else if (*b++ == '.') {
    b_trailing_nonzero:
        while (*b == '0') b++;
        return -is_digit(*b);
    }
    return 0;
}

static int strnum_compare(const unsigned char *a, const unsigned char *b)
{
    unsigned char ta = *a, tb = *b;
    int tmp;
    size_t loga, logb;
    if (ta == '-') {
        do ta = *++a; while (ta == '0');
        if (tb != '-') {
            if (ta == '.')
                do ta = *++a; while (ta == '0');
            if (is_digit(ta)) return -1;
            while (tb == '0') tb = *++b;
            if (tb == '.')
                do tb = *++b; while (tb == '0');
            return -is_digit(tb);
        }
        do tb = *++b; while (tb == '0');
        while (ta == tb && is_digit(ta)) {
            ta = *++a;
            tb = *++b;
        }
        if ((ta == '.' && !is_digit(tb)) || (tb == '.' && !is_digit(ta))) return frac_compare(b, a);
        tmp = tb - ta;
        for (loga = 0; is_digit(ta); ++loga) ta = *++a;
        for (logb = 0; is_digit(tb); ++logb) tb = *++b;
        if (loga != logb) return loga < logb ? 1 : -1;
        if (!loga) return 0;
        return tmp;
    } else if (tb == '-') {
        do tb = *++b; while (tb == '0');
        if (tb == '.')
            do tb = *++b; while (tb == '0');
        if (is_digit(tb)) return 1;
        while (ta == '0') ta = *++a;
        if (ta == '.')
            do ta = *++a; while (ta == '0');
        return is_digit(ta);
    }
    while (ta == '0') ta = *++a;
    while (tb == '0') tb = *++b;
    while (ta == tb && is_digit(ta)) {
        ta = *++a;
        tb = *++b;
    }
    if ((ta == '.' && !is_digit(tb)) || (tb == '.' && !is_digit(ta))) return frac_compare(a, b);
    tmp = ta - tb;
    for (loga = 0; is_digit(ta); ++loga) ta = *++a;
    for (logb = 0; is_digit(tb); ++logb) tb = *++b;
    if (loga != logb) return loga < logb ? -1 : 1;
    if (!loga) return 0;
    return tmp;
}

static int num_compare(const char *a, const char *b)
{
    while (is_blank((unsigned char)*a)) a++;
    while (is_blank((unsigned char)*b)) b++;
    return strnum_compare((const unsigned char *)a, (const unsigned char *)b);
}

static int general_compare(const char *sa, const char *sb)
{
    char *ea, *eb;
    long double a = strtold(sa, &ea);
    long double b = strtold(sb, &eb);
    if (sa == ea) return sb == eb ? 0 : -1;
    if (sb == eb) return 1;
    if (a < b) return -1;
    if (a > b) return 1;
    if (a == b) return 0;
    if (b == b) return -1;   /* a is NaN */
    if (a == a) return 1;
    return 0;
}

static int unit_order(unsigned char ch)
{
    switch (ch) {
    case 'K': case 'k': return 1;
    case 'M': return 2;
    case 'G': return 3;
    case 'T': return 4;
    case 'P': return 5;
    case 'E': return 6;
    case 'Z': return 7;
    case 'Y': return 8;
    default: return 0;
    }
}

static int find_unit_order(const char *number)
{
    int minus = *number == '-';
    const unsigned char *p = (const unsigned char *)number + minus;
    int nonzero = 0;
    unsigned char ch;
    while (is_digit(ch = *p++)) nonzero |= ch - '0';
    if (ch == '.')
        while (is_digit(ch = *p++)) nonzero |= ch - '0';
    if (nonzero) {
        int order = unit_order(ch);
        return minus ? -order : order;
    }
    return 0;
}

static int human_compare(const char *a, const char *b)
{
    while (is_blank((unsigned char)*a)) a++;
    while (is_blank((unsigned char)*b)) b++;
    int diff = find_unit_order(a) - find_unit_order(b);
    return diff ? diff : strnum_compare((const unsigned char *)a, (const unsigned char *)b);
}

static int get_month(const char *s)
{
    static const char names[12][4] = { "JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                       "JUL", "AUG", "SEP", "OCT", "NOV", "DEC" };
    while (is_blank((unsigned char)*s)) s++;
    for (int i = 0; i < 12; i++) {
        int j = 0;
        while (j < 3 && toupper((unsigned char)s[j]) == names[i][j]) j++;
        if (j == 3) return i + 1;
    }
    return 0;
}

/* ---- version comparison (gnulib filevercmp) --------------------------------- */

static int c_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int c_alnum(unsigned char c) { return c_alpha(c) || is_digit(c); }

static size_t file_prefixlen(const char *s, size_t n)
{
    size_t prefixlen = 0;
    for (size_t i = 0;;) {
        if (i == n) return prefixlen;
        i++;
        prefixlen = i;
        while (i + 1 < n && s[i] == '.' && (c_alpha((unsigned char)s[i + 1]) || s[i + 1] == '~'))
            for (i += 2; i < n && (c_alnum((unsigned char)s[i]) || s[i] == '~'); i++) continue;
    }
}

static int ver_order(const char *s, size_t pos, size_t len)
{
    if (pos == len) return -1;
    unsigned char c = (unsigned char)s[pos];
    if (is_digit(c)) return 0;
    if (c_alpha(c)) return c;
    if (c == '~') return -2;
    return c + 256;
}

static int verrevcmp(const char *s1, size_t l1, const char *s2, size_t l2)
{
    size_t p1 = 0, p2 = 0;
    while (p1 < l1 || p2 < l2) {
        int first_diff = 0;
        while ((p1 < l1 && !is_digit((unsigned char)s1[p1])) || (p2 < l2 && !is_digit((unsigned char)s2[p2]))) {
            int c1 = ver_order(s1, p1, l1), c2 = ver_order(s2, p2, l2);
            if (c1 != c2) return c1 - c2;
            p1++;
            p2++;
        }
        while (p1 < l1 && s1[p1] == '0') p1++;
        while (p2 < l2 && s2[p2] == '0') p2++;
        while (p1 < l1 && p2 < l2 && is_digit((unsigned char)s1[p1]) && is_digit((unsigned char)s2[p2])) {
            if (!first_diff) first_diff = s1[p1] - s2[p2];
            p1++;
            p2++;
        }
        if (p1 < l1 && is_digit((unsigned char)s1[p1])) return 1;
        if (p2 < l2 && is_digit((unsigned char)s2[p2])) return -1;
        if (first_diff) return first_diff;
    }
    return 0;
}

int sort_filevercmp(const char *a, size_t alen, const char *b, size_t blen);
int sort_filevercmp(const char *a, size_t alen, const char *b, size_t blen)
{
    if (!alen) return -(blen != 0);
    if (!blen) return 1;
    if (a[0] == '.') {
        if (b[0] != '.') return -1;
        int adot = alen == 1, bdot = blen == 1;
        if (adot) return -!bdot;
        if (bdot) return 1;
        int adotdot = a[1] == '.' && alen == 2, bdotdot = b[1] == '.' && blen == 2;
        if (adotdot) return -!bdotdot;
        if (bdotdot) return 1;
    } else if (b[0] == '.') {
        return 1;
    }
    size_t ap = file_prefixlen(a, alen), bp = file_prefixlen(b, blen);
    int one_pass = ap == alen && bp == blen;
    int r = verrevcmp(a, ap, b, bp);
    return r || one_pass ? r : verrevcmp(a, alen, b, blen);
}

/* ---- random ordering: a salted hash of the key --------------------------------- */

static uint64_t key_hash(uint64_t salt, const char *p, size_t n)
{
    uint64_t h = salt ^ 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

/* ---- the comparison ------------------------------------------------------------ */

/* Copy [p, lim) into b with ignored characters removed and folding applied;
 * NUL-terminated. */
static int key_copy(sort_ctx *s, sk_buf *b, const char *p, const char *lim, const sort_key *k)
{
    sk_buf_clear(b);
    size_t n = (size_t)(lim - p);
    if (sk_buf_reserve(b, n + 1)) { s->nomem = 1; return -1; }
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (k->ignore && ignored(k->ignore, ch)) continue;
        b->p[j++] = (char)(k->fold ? toupper(ch) : ch);
    }
    b->p[j] = 0;
    b->len = j;
    return 0;
}

static int key_compare(sort_ctx *s, const sort_line *a, const sort_line *b)
{
    for (int ki = 0; ki < s->nkeys; ki++) {
        const sort_key *k = &s->keys[ki];
        const char *texta = begfield(s, a, k), *textb = begfield(s, b, k);
        const char *lima = limfield(s, a, k), *limb = limfield(s, b, k);
        if (lima < texta) lima = texta;
        if (limb < textb) limb = textb;
        size_t lena = (size_t)(lima - texta), lenb = (size_t)(limb - textb);
        int diff;
        if (k->numeric || k->gnumeric || k->hnumeric || k->month || k->random || k->version) {
            if (key_copy(s, &s->ta, texta, lima, k) || key_copy(s, &s->tb, textb, limb, k)) return 0;
            const char *ta = s->ta.p, *tb = s->tb.p;
            if (k->numeric) diff = num_compare(ta, tb);
            else if (k->gnumeric) diff = general_compare(ta, tb);
            else if (k->hnumeric) diff = human_compare(ta, tb);
            else if (k->month) diff = get_month(ta) - get_month(tb);
            else if (k->random) {
                uint64_t ha = key_hash(s->salt, ta, s->ta.len), hb = key_hash(s->salt, tb, s->tb.len);
                diff = ha < hb ? -1 : ha > hb;
                if (!diff) {
                    size_t m = s->ta.len < s->tb.len ? s->ta.len : s->tb.len;
                    diff = memcmp(ta, tb, m);
                    if (!diff) diff = s->ta.len < s->tb.len ? -1 : s->ta.len != s->tb.len;
                }
            } else {
                diff = sort_filevercmp(ta, s->ta.len, tb, s->tb.len);
            }
        } else if (k->ignore) {
            for (;;) {
                while (texta < lima && ignored(k->ignore, (unsigned char)*texta)) ++texta;
                while (textb < limb && ignored(k->ignore, (unsigned char)*textb)) ++textb;
                if (!(texta < lima && textb < limb)) break;
                unsigned char ca = (unsigned char)*texta, cb = (unsigned char)*textb;
                if (k->fold) { ca = (unsigned char)toupper(ca); cb = (unsigned char)toupper(cb); }
                diff = ca - cb;
                if (diff) goto not_equal;
                ++texta;
                ++textb;
            }
            diff = (texta < lima) - (textb < limb);
        } else if (lena == 0) {
            diff = -(lenb != 0);
        } else if (lenb == 0) {
            diff = 1;
        } else {
            if (k->fold) {
                diff = 0;
                while (texta < lima && textb < limb) {
                    diff = toupper((unsigned char)*texta++) - toupper((unsigned char)*textb++);
                    if (diff) goto not_equal;
                }
            } else {
                diff = memcmp(texta, textb, lena < lenb ? lena : lenb);
                if (diff) goto not_equal;
            }
            diff = lena < lenb ? -1 : lena != lenb;
        }
        if (diff) {
        not_equal:
            return k->reverse ? -diff : diff;
        }
    }
    return 0;
}

static int line_compare(sort_ctx *s, const sort_line *a, const sort_line *b)
{
    int diff;
    if (s->nkeys) {
        diff = key_compare(s, a, b);
        if (diff || s->unique || s->stable) return diff;
    }
    if (a->len == 0) diff = -(b->len != 0);
    else if (b->len == 0) diff = 1;
    else if (!(diff = memcmp(a->p, b->p, a->len < b->len ? a->len : b->len)))
        diff = (a->len > b->len) - (a->len < b->len);
    return s->reverse ? -diff : diff;
}

/* ---- option parsing ---------------------------------------------------------- */

static const char *set_ordering(const char *p, sort_key *k, int blanktype /* 0 both, 1 start, 2 end */)
{
    for (;; p++) {
        switch (*p) {
        case 'b':
            if (blanktype != 2) k->skipsb = 1;
            if (blanktype != 1) k->skipeb = 1;
            break;
        case 'd': k->ignore = IGN_DICT; break;
        case 'f': k->fold = 1; break;
        case 'g': k->gnumeric = 1; break;
        case 'h': k->hnumeric = 1; break;
        case 'i': if (!k->ignore) k->ignore = IGN_NONPRINT; break;
        case 'M': k->month = 1; break;
        case 'n': k->numeric = 1; break;
        case 'R': k->random = 1; break;
        case 'r': k->reverse = 1; break;
        case 'V': k->version = 1; break;
        default: return p;
        }
    }
}

static int default_key(const sort_key *k)
{
    return !(k->ignore || k->fold || k->skipsb || k->skipeb || k->numeric || k->gnumeric ||
             k->hnumeric || k->month || k->version || k->random);
}

/* Digits as a size_t (saturating). Returns the end, or NULL when none. */
static const char *parse_count(const char *p, size_t *v)
{
    if (!is_digit((unsigned char)*p)) return NULL;
    size_t n = 0;
    while (is_digit((unsigned char)*p)) {
        size_t d = (size_t)(*p++ - '0');
        n = n > (SIZE_MAX - d) / 10 ? SIZE_MAX : n * 10 + d;
    }
    *v = n;
    return p;
}

static int bad_field(sk_cmd *c, const char *msg, const char *spec)
{
    cmd_error(c, "%s: invalid field specification '%s'", msg, spec);
    return 2;
}

static int parse_key(sk_cmd *c, const char *spec, sort_key *k)
{
    memset(k, 0, sizeof *k);
    const char *s = parse_count(spec, &k->sword);
    if (!s) {
        cmd_error(c, "invalid number at field start: invalid count at start of '%s'", spec);
        return 2;
    }
    if (!k->sword--) return bad_field(c, "field number is zero", spec);
    if (*s == '.') {
        const char *t = parse_count(s + 1, &k->schar);
        if (!t) {
            cmd_error(c, "invalid number after '.': invalid count at start of '%s'", s + 1);
            return 2;
        }
        s = t;
        if (!k->schar--) return bad_field(c, "character offset is zero", spec);
    }
    if (!(k->sword || k->schar)) k->sword = SIZE_MAX;
    s = set_ordering(s, k, 1);
    if (*s != ',') {
        k->eword = SIZE_MAX;
        k->echar = 0;
    } else {
        const char *t = parse_count(s + 1, &k->eword);
        if (!t) {
            cmd_error(c, "invalid number after ',': invalid count at start of '%s'", s + 1);
            return 2;
        }
        s = t;
        if (!k->eword--) return bad_field(c, "field number is zero", spec);
        if (*s == '.') {
            t = parse_count(s + 1, &k->echar);
            if (!t) {
                cmd_error(c, "invalid number after '.': invalid count at start of '%s'", s + 1);
                return 2;
            }
            s = t;
        }
        s = set_ordering(s, k, 2);
    }
    if (*s) return bad_field(c, "stray character in field spec", spec);
    return 0;
}

static void key_opts(const sort_key *k, char *o)
{
    if (k->skipsb || k->skipeb) *o++ = 'b';
    if (k->ignore == IGN_DICT) *o++ = 'd';
    if (k->fold) *o++ = 'f';
    if (k->gnumeric) *o++ = 'g';
    if (k->hnumeric) *o++ = 'h';
    if (k->ignore == IGN_NONPRINT) *o++ = 'i';
    if (k->month) *o++ = 'M';
    if (k->numeric) *o++ = 'n';
    if (k->random) *o++ = 'R';
    if (k->reverse) *o++ = 'r';
    if (k->version) *o++ = 'V';
    *o = 0;
}

/* ---- input ----------------------------------------------------------------------- */

typedef struct sort_input {
    sk_buf data;          /* all input, each file's last line terminated */
    size_t *starts;       /* file i's lines begin at line index starts[i] */
    sort_line *lines;
    size_t nlines;
} sort_input;

/* "sort: WHAT: QUOTEF(PATH): strerror"; returns 2. */
static int sort_path_error(sk_cmd *c, const char *what, const char *path, int st)
{
    sk_buf q = SK_BUF_INIT(c->a);
    txt_quotef(path, &q);
    cmd_error(c, "%s: %s: %s", what, sk_buf_cstr(&q), sk_status_message(st));
    sk_buf_free(&q);
    return 2;
}

static int read_inputs(sk_cmd *c, sort_input *in, char **files, int nfiles, int delim)
{
    in->starts = sk_malloc(c->a, sizeof(size_t) * ((size_t)nfiles + 1));
    if (!in->starts) return cmd_error(c, "memory exhausted") * 2;
    size_t *fileend = sk_malloc(c->a, sizeof(size_t) * ((size_t)nfiles + 1));
    if (!fileend) return cmd_error(c, "memory exhausted") * 2;
    for (int i = 0; i < nfiles; i++) {
        int st = cmd_read_all(c, files[i], &in->data);
        if (st) {
            sk_free(c->a, fileend);
            if (st == SK_NOMEM) return cmd_error(c, "memory exhausted") * 2;
            if (st == SK_EISDIR || st == SK_EIO)
                return sort_path_error(c, "read failed", files[i], st);
            return sort_path_error(c, "cannot read", files[i], st);
        }
        if (in->data.len && in->data.p[in->data.len - 1] != (char)delim &&
            (i == 0 ? 1 : in->data.len != fileend[i - 1])) {
            if (sk_buf_putc(&in->data, delim)) {
                sk_free(c->a, fileend);
                return cmd_error(c, "memory exhausted") * 2;
            }
        }
        fileend[i] = in->data.len;
    }
    /* count and index lines */
    size_t n = 0;
    for (size_t i = 0; i < in->data.len; i++) n += in->data.p[i] == (char)delim;
    in->lines = sk_malloc(c->a, sizeof(sort_line) * (n ? n : 1));
    if (!in->lines) { sk_free(c->a, fileend); return cmd_error(c, "memory exhausted") * 2; }
    size_t li = 0, start = 0;
    int fi = 0;
    in->starts[0] = 0;
    for (size_t i = 0; i < in->data.len; i++) {
        while (fi < nfiles && i >= fileend[fi]) in->starts[++fi] = li;
        if (in->data.p[i] == (char)delim) {
            in->lines[li].p = in->data.p + start;
            in->lines[li].len = i - start;
            li++;
            start = i + 1;
        }
    }
    while (fi < nfiles) in->starts[++fi] = li;
    in->nlines = li;
    sk_free(c->a, fileend);
    return 0;
}

/* Stable bottom-up merge sort of an index array. */
static int merge_sort(sort_ctx *s, sort_line *v, size_t n)
{
    if (n < 2) return 0;
    sort_line *tmp = sk_malloc(s->c->a, sizeof *tmp * n);
    if (!tmp) return -1;
    /* insertion-sort runs of 16 first */
    const size_t run = 16;
    for (size_t lo = 0; lo < n; lo += run) {
        size_t hi = lo + run < n ? lo + run : n;
        for (size_t i = lo + 1; i < hi; i++) {
            sort_line x = v[i];
            size_t j = i;
            while (j > lo && line_compare(s, &v[j - 1], &x) > 0) {
                v[j] = v[j - 1];
                j--;
            }
            v[j] = x;
        }
    }
    sort_line *src = v, *dst = tmp;
    unsigned polls = 0;
    for (size_t width = run; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) dst[k++] = line_compare(s, &src[j], &src[i]) < 0 ? src[j++] : src[i++];
            while (i < mid) dst[k++] = src[i++];
            while (j < hi) dst[k++] = src[j++];
        }
        sort_line *t = src;
        src = dst;
        dst = t;
        if ((++polls & 3) == 0 && cmd_aborted(s->c)) break;
    }
    if (src != v) memcpy(v, src, sizeof *v * n);
    sk_free(s->c->a, tmp);
    return 0;
}

static int put_line(sk_out *o, const sort_line *l, int delim)
{
    if (l->len && sk_out_write(o, l->p, l->len)) return -1;
    return sk_out_putc(o, delim);
}

/* ---- the command ----------------------------------------------------------------- */

enum { OPT_SORT = 0x100, OPT_CHECK, OPT_PARALLEL, OPT_BATCH, OPT_COMPRESS, OPT_DEBUG,
       OPT_FILES0, OPT_RANDSRC };

int cmd_sort(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "ignore-leading-blanks", 0, 'b' }, { "dictionary-order", 0, 'd' },
        { "ignore-case", 0, 'f' }, { "general-numeric-sort", 0, 'g' },
        { "ignore-nonprinting", 0, 'i' }, { "month-sort", 0, 'M' },
        { "human-numeric-sort", 0, 'h' }, { "numeric-sort", 0, 'n' },
        { "random-sort", 0, 'R' }, { "reverse", 0, 'r' }, { "sort", 1, OPT_SORT },
        { "version-sort", 0, 'V' }, { "check", 2, OPT_CHECK }, { "key", 1, 'k' },
        { "merge", 0, 'm' }, { "output", 1, 'o' }, { "stable", 0, 's' },
        { "field-separator", 1, 't' }, { "unique", 0, 'u' }, { "zero-terminated", 0, 'z' },
        { "buffer-size", 1, 'S' }, { "temporary-directory", 1, 'T' },
        { "parallel", 1, OPT_PARALLEL }, { "batch-size", 1, OPT_BATCH },
        { "compress-program", 1, OPT_COMPRESS }, { "debug", 0, OPT_DEBUG },
        { "files0-from", 1, OPT_FILES0 }, { "random-source", 1, OPT_RANDSRC },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    sort_ctx s;
    memset(&s, 0, sizeof s);
    s.c = c;
    s.tab = -1;
    sk_buf_init(&s.ta, c->a);
    sk_buf_init(&s.tb, c->a);
    sort_key gkey;
    memset(&gkey, 0, sizeof gkey);
    gkey.sword = SIZE_MAX;
    gkey.eword = SIZE_MAX;
    int check = 0, merge = 0, delim = '\n', status = 0;
    const char *outfile = NULL;
    sort_input in;
    memset(&in, 0, sizeof in);
    sk_buf_init(&in.data, c->a);
    sk_buf out = SK_BUF_INIT(c->a);

    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "bcCdfghik:mMno:rRsS:t:T:uVy::z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': case 'd': case 'f': case 'g': case 'h': case 'i':
        case 'M': case 'n': case 'R': case 'r': case 'V': {
            char str[2] = { (char)ch, 0 };
            set_ordering(str, &gkey, 0);
            break;
        }
        case OPT_SORT: {
            static const char *const words[] = { "general-numeric", "human-numeric", "month",
                                                 "numeric", "random", "version" };
            static const char letters[] = "ghMnRV";
            size_t len = strlen(o.arg);
            int hit = -1, nhit = 0;
            for (int i = 0; i < 6; i++) {
                if (!strncmp(words[i], o.arg, len)) {
                    if (strlen(words[i]) == len) { hit = i; nhit = 1; break; }
                    hit = i;
                    nhit++;
                }
            }
            if (nhit != 1 || !len) {
                cmd_error(c, "%s argument '%s' for '--sort'", nhit > 1 ? "ambiguous" : "invalid", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'general-numeric'\n  - 'human-numeric'\n"
                                     "  - 'month'\n  - 'numeric'\n  - 'random'\n  - 'version'\n");
                txt_try_help(c);
                status = 1;
                goto done;
            }
            char str[2] = { letters[hit], 0 };
            set_ordering(str, &gkey, 0);
            break;
        }
        case 'c': check = 'c'; break;
        case 'C': check = 'C'; break;
        case OPT_CHECK:
            if (!o.arg || !strcmp(o.arg, "diagnose-first")) check = 'c';
            else if (!strcmp(o.arg, "quiet") || !strcmp(o.arg, "silent")) check = 'C';
            else {
                cmd_error(c, "invalid argument '%s' for '--check'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'\n");
                txt_try_help(c);
                status = 1;
                goto done;
            }
            break;
        case 'k': {
            sort_key k;
            if ((status = parse_key(c, o.arg, &k))) goto done;
            sort_key *nk = sk_realloc(c->a, s.keys, sizeof *nk * (size_t)(s.nkeys + 1));
            if (!nk) { status = 2; cmd_error(c, "memory exhausted"); goto done; }
            s.keys = nk;
            s.keys[s.nkeys++] = k;
            break;
        }
        case 'm': merge = 1; break;
        case 'o':
            if (outfile && strcmp(outfile, o.arg)) {
                cmd_error(c, "multiple output files specified");
                status = 2;
                goto done;
            }
            outfile = o.arg;
            break;
        case 's': s.stable = 1; break;
        case 't': {
            int t;
            if (!o.arg[0]) { cmd_error(c, "empty tab"); status = 2; goto done; }
            if (o.arg[1]) {
                if (!strcmp(o.arg, "\\0")) t = 0;
                else { cmd_error(c, "multi-character tab '%s'", o.arg); status = 2; goto done; }
            } else {
                t = (unsigned char)o.arg[0];
            }
            if (s.tab >= 0 && s.tab != t) { cmd_error(c, "incompatible tabs"); status = 2; goto done; }
            s.tab = t;
            break;
        }
        case 'u': s.unique = 1; break;
        case 'z': delim = 0; break;
        case 'S': case 'T': case 'y': case OPT_PARALLEL: case OPT_BATCH: case OPT_COMPRESS:
        case OPT_DEBUG: case OPT_RANDSRC:
            break;
        case OPT_FILES0:
            cmd_error(c, "--files0-from is not supported");
            status = 2;
            goto done;
        case TXT_OPT_HELP: status = txt_help(c, sort_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default:
            status = cmd_opts_error(&o, c, ch);
            goto done;
        }
    }
    s.reverse = gkey.reverse;
    for (int i = 0; i < s.nkeys; i++) {
        sort_key *k = &s.keys[i];
        if (default_key(k) && !k->reverse) {
            k->ignore = gkey.ignore;
            k->fold = gkey.fold;
            k->skipsb = gkey.skipsb;
            k->skipeb = gkey.skipeb;
            k->month = gkey.month;
            k->numeric = gkey.numeric;
            k->gnumeric = gkey.gnumeric;
            k->hnumeric = gkey.hnumeric;
            k->version = gkey.version;
            k->random = gkey.random;
            k->reverse = gkey.reverse;
        }
    }
    if (!s.nkeys && !default_key(&gkey)) {
        s.keys = sk_malloc(c->a, sizeof *s.keys);
        if (!s.keys) { status = 2; cmd_error(c, "memory exhausted"); goto done; }
        s.keys[0] = gkey;
        s.nkeys = 1;
    }
    for (int i = 0; i < s.nkeys; i++) {
        sort_key *k = &s.keys[i];
        if (k->random) s.salt = cmd_random(c);
        if (1 < k->numeric + k->gnumeric + k->hnumeric + k->month +
                    (k->version | k->random | (k->ignore != 0))) {
            sort_key t = *k;
            t.skipsb = t.skipeb = t.reverse = 0;
            char opts[16];
            key_opts(&t, opts);
            cmd_error(c, "options '-%s' are incompatible", opts);
            status = 2;
            goto done;
        }
    }

    char **files;
    int nfiles = txt_files(&o, &files);
    if (check && nfiles > 1) {
        cmd_error(c, "extra operand '%s' not allowed with -%c", files[1], check);
        status = 2;
        goto done;
    }
    if (check && outfile) {
        cmd_error(c, "options '-%co' are incompatible", check);
        status = 2;
        goto done;
    }
    if ((status = read_inputs(c, &in, files, nfiles, delim))) goto done;

    if (check) {
        for (size_t i = 1; i < in.nlines; i++) {
            int d = line_compare(&s, &in.lines[i - 1], &in.lines[i]);
            if (d > 0 || (s.unique && d == 0)) {
                if (check == 'c') {
                    sk_out_flush(&c->out);
                    sk_out_printf(&c->err, "%s: %s:%zu: disorder: ", c->name, files[0], i + 1);
                    sk_out_write(&c->err, in.lines[i].p, in.lines[i].len);
                    sk_out_putc(&c->err, '\n');
                }
                status = 1;
                break;
            }
        }
        goto done;
    }

    /* with -o: collect, then write once the inputs are all read (sort -o f f) */
    sk_out *w = outfile ? NULL : &c->out;
    sort_line *order = in.lines;
    sort_line *merged = NULL;
    if (merge && nfiles > 1) {
        merged = sk_malloc(c->a, sizeof *merged * (in.nlines ? in.nlines : 1));
        size_t *pos = sk_malloc(c->a, sizeof *pos * (size_t)nfiles);
        if (!merged || !pos) {
            sk_free(c->a, pos);
            status = 2;
            cmd_error(c, "memory exhausted");
            goto done;
        }
        for (int i = 0; i < nfiles; i++) pos[i] = in.starts[i];
        size_t k = 0;
        for (;;) {
            int best = -1;
            for (int i = 0; i < nfiles; i++) {
                if (pos[i] >= in.starts[i + 1]) continue;
                if (best < 0 || line_compare(&s, &in.lines[pos[i]], &in.lines[pos[best]]) < 0) best = i;
            }
            if (best < 0) break;
            merged[k++] = in.lines[pos[best]++];
        }
        sk_free(c->a, pos);
        order = merged;
    } else if (!merge) {
        if (merge_sort(&s, in.lines, in.nlines)) {
            status = 2;
            cmd_error(c, "memory exhausted");
            goto done;
        }
    }
    if (s.nomem) { status = 2; cmd_error(c, "memory exhausted"); goto done; }
    if (cmd_aborted(c)) { status = 2; goto done; }

    const sort_line *last = NULL;
    for (size_t i = 0; i < in.nlines; i++) {
        if (s.unique && last && line_compare(&s, last, &order[i]) == 0) continue;
        last = &order[i];
        if (w) {
            if (put_line(w, last, delim)) break;
        } else {
            if (sk_buf_put(&out, last->p, last->len) || sk_buf_putc(&out, delim)) {
                status = 2;
                cmd_error(c, "memory exhausted");
                break;
            }
        }
    }
    sk_free(c->a, merged);
    if (outfile && !status) {
        int st = txt_write_file(c, outfile, out.p, out.len);
        if (st) status = sort_path_error(c, "open failed", outfile, st);
    }

done:
    cmd_opts_free(&o, c);
    sk_free(c->a, s.keys);
    sk_buf_free(&s.ta);
    sk_buf_free(&s.tb);
    sk_buf_free(&in.data);
    sk_free(c->a, in.starts);
    sk_free(c->a, in.lines);
    sk_buf_free(&out);
    return status;
}
