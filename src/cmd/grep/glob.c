/* glob.c — file-name wildcards for grep --include/--exclude and rg -g.
 * fnmatch-style: * ? [...] ([!x] [^x] ranges [:class:]) and \ escapes.
 * With GS_GLOB_PATH, '*' and '?' do not cross '/', and '**' does (rg,
 * gitignore).  Iterative: one backtrack point per star, no recursion. */
#include <string.h>

#include "search.h"

static int class_match(const char *name, size_t n, unsigned char c)
{
#define IS(s) (n == sizeof(s) - 1 && !memcmp(name, s, n))
    if (IS("alpha")) return (c | 32) >= 'a' && (c | 32) <= 'z';
    if (IS("digit")) return c >= '0' && c <= '9';
    if (IS("alnum")) return ((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9');
    if (IS("upper")) return c >= 'A' && c <= 'Z';
    if (IS("lower")) return c >= 'a' && c <= 'z';
    if (IS("space")) return c == ' ' || (c >= '\t' && c <= '\r');
    if (IS("blank")) return c == ' ' || c == '\t';
    if (IS("punct")) return c > 32 && c < 127 && !(((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9'));
    if (IS("xdigit")) return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'f');
    if (IS("cntrl")) return c < 32 || c == 127;
    if (IS("print")) return c >= 32 && c < 127;
    if (IS("graph")) return c > 32 && c < 127;
#undef IS
    return 0;
}

/* Match a bracket at p (after '['); returns the length consumed (up to and
 * including ']') and sets *hit, or 0 when the bracket is not closed (then
 * '[' is an ordinary character). */
static size_t bracket(const char *p, unsigned char c, int *hit)
{
    size_t i = 0;
    int neg = 0, found = 0;
    if (p[i] == '!' || p[i] == '^') { neg = 1; i++; }
    int first = 1;
    for (;;) {
        if (!p[i]) return 0;
        if (p[i] == ']' && !first) { i++; break; }
        first = 0;
        if (p[i] == '[' && p[i + 1] == ':') {
            const char *end = strstr(p + i + 2, ":]");
            if (end) {
                if (class_match(p + i + 2, (size_t)(end - (p + i + 2)), c)) found = 1;
                i = (size_t)(end - p) + 2;
                continue;
            }
        }
        unsigned char lo = (unsigned char)p[i];
        if (lo == '\\' && p[i + 1]) lo = (unsigned char)p[++i];
        i++;
        unsigned char hi = lo;
        if (p[i] == '-' && p[i + 1] && p[i + 1] != ']') {
            hi = (unsigned char)p[i + 1];
            i += 2;
            if (hi == '\\' && p[i]) hi = (unsigned char)p[i++];
        }
        if (c >= lo && c <= hi) found = 1;
    }
    *hit = found != neg;
    return i;
}

int gs_glob_match(const char *pat, const char *s, int flags)
{
    int path = (flags & GS_GLOB_PATH) != 0;
    const char *p = pat, *star_p = NULL, *star_s = NULL;
    int star_any = 0;
    for (;;) {
        if (*p == '*') {
            star_any = !path;
            while (*p == '*') {
                if (p[1] == '*') star_any = 1;
                p++;
            }
            if (path && star_any && *p == '/') {
                /* "**\/" also matches nothing at all */
                star_p = p + 1;
                star_s = s;
                p++;
                continue;
            }
            star_p = p;
            star_s = s;
            continue;
        }
        if (!*s) {
            if (!*p) return 1;
            goto backtrack;
        }
        if (*p == '?') {
            if (path && *s == '/') goto backtrack;
            p++;
            s++;
            continue;
        }
        if (*p == '[') {
            int hit = 0;
            size_t l = bracket(p + 1, (unsigned char)*s, &hit);
            if (l) {
                if (!hit || (path && *s == '/')) goto backtrack;
                p += 1 + l;
                s++;
                continue;
            }
        }
        if (*p == '\\' && p[1]) p++;
        if (*p == *s) {
            p++;
            s++;
            continue;
        }
    backtrack:
        if (!star_p || !*star_s) return 0;
        if (!star_any && *star_s == '/') return 0;
        star_s++;
        s = star_s;
        p = star_p;
    }
}
