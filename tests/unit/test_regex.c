/* test_regex.c — the regex layer: dialect translation, POSIX leftmost-
 * longest matching, groups, errors with GNU/Python wording, limits. */
#include <stdio.h>

#include "test.h"
#include "regex/regex.h"

/* Compile + search; returns the matched text (or "<none>", or
 * "<err: MSG>") in a static-free caller buffer. */
static const char *find(char *buf, size_t bn, rx_dialect d, unsigned flags, const char *pat,
                        const char *subj)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    rx *re;
    rx_error e;
    int r = rx_compile(&re, &a, NULL, d, flags, pat, strlen(pat), &e);
    if (r) {
        snprintf(buf, bn, "<err: %s>", e.msg);
        return buf;
    }
    size_t ov[20];
    r = rx_exec(re, subj, strlen(subj), 0, 0, ov, 10);
    if (r == RX_MATCH) {
        size_t n = ov[1] - ov[0];
        if (n >= bn) n = bn - 1;
        memcpy(buf, subj + ov[0], n);
        buf[n] = 0;
    } else if (r == RX_NOMATCH) {
        snprintf(buf, bn, "<none>");
    } else {
        snprintf(buf, bn, "<%s>", rx_strerror(r));
    }
    rx_free(re);
    if (a.used != 0) snprintf(buf, bn, "<leak %zu>", a.used);
    return buf;
}

/* Groups as "whole|g1|g2..." */
static const char *groups(char *buf, size_t bn, rx_dialect d, unsigned flags, const char *pat,
                          const char *subj)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    rx *re;
    rx_error e;
    if (rx_compile(&re, &a, NULL, d, flags, pat, strlen(pat), &e)) {
        snprintf(buf, bn, "<err: %s>", e.msg);
        return buf;
    }
    size_t ov[20];
    int r = rx_exec(re, subj, strlen(subj), 0, 0, ov, 10);
    buf[0] = 0;
    if (r == RX_MATCH) {
        size_t used = 0;
        for (int k = 0; k <= rx_group_count(re) && k < 10; k++) {
            int n;
            if (ov[2 * k] == RX_UNSET) n = snprintf(buf + used, bn - used, "%s-", k ? "|" : "");
            else n = snprintf(buf + used, bn - used, "%s%.*s", k ? "|" : "", (int)(ov[2 * k + 1] - ov[2 * k]), subj + ov[2 * k]);
            if (n < 0 || (size_t)n >= bn - used) break;
            used += (size_t)n;
        }
    } else {
        snprintf(buf, bn, "<none>");
    }
    rx_free(re);
    return buf;
}

static const char *tr(char *buf, size_t bn, rx_dialect d, unsigned flags, const char *pat)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_buf out = SK_BUF_INIT(&a);
    rx_error e;
    if (rx_translate(&out, d, flags, pat, strlen(pat), 0, NULL, &e)) snprintf(buf, bn, "<err: %s>", e.msg);
    else snprintf(buf, bn, "%s", sk_buf_cstr(&out));
    sk_buf_free(&out);
    return buf;
}

#define FIND(d, f, pat, subj, want) do { char rb_[256]; CHECK_STR(find(rb_, sizeof rb_, d, f, pat, subj), want); } while (0)
#define GROUPS(d, f, pat, subj, want) do { char rb_[256]; CHECK_STR(groups(rb_, sizeof rb_, d, f, pat, subj), want); } while (0)
#define TR(d, f, pat, want) do { char rb_[256]; CHECK_STR(tr(rb_, sizeof rb_, d, f, pat), want); } while (0)

TEST(regex_bre_translation)
{
    TR(RX_BRE, 0, "a.b", "a.b");
    TR(RX_BRE, 0, "\\(a\\)\\1", "(a)\\g{1}");
    TR(RX_BRE, 0, "(a)", "\\(a\\)");
    TR(RX_BRE, 0, "a\\{2,3\\}", "a{2,3}");
    TR(RX_BRE, 0, "a\\{,3\\}", "a{0,3}");
    TR(RX_BRE, 0, "*a", "\\*a");
    TR(RX_BRE, 0, "^*a", "^\\*a");
    TR(RX_BRE, 0, "\\(*a\\)", "(\\*a)");
    TR(RX_BRE, 0, "a\\|*b", "a|\\*b");
    TR(RX_BRE, 0, "a^b$c", "a\\^b\\$c");
    TR(RX_BRE, 0, "^a$", "^a$");
    TR(RX_BRE, 0, "\\(^a$\\)", "(^a$)");
    TR(RX_BRE, 0, "a**", "(?:a*)*");
    TR(RX_BRE, 0, "a\\{2\\}*", "(?:a{2})*");
    TR(RX_BRE, 0, "a\\+\\?", "(?:a+)?");
    TR(RX_BRE, 0, "\\+a", "\\+a");
    TR(RX_BRE, 0, "\\{1\\}", "\\{1\\}");
    TR(RX_BRE, 0, "a|b+c?", "a\\|b\\+c\\?");
    TR(RX_BRE, 0, "\\<a\\>", "\\b(?=\\w)a\\b(?<=\\w)");
    TR(RX_BRE, 0, "\\`a\\'", "\\Aa\\z");
    TR(RX_BRE, 0, "a\\b*", "a\\b\\*");
    TR(RX_BRE, 0, "\\.\\*\\[\\]", "\\.\\*\\[\\]");
    TR(RX_BRE, 0, "a\\nb", "anb");
    TR(RX_BRE, RX_SED, "a\\nb\\t", "a\\x{0a}b\\x{09}");
    TR(RX_BRE, RX_SED, "[\\n]", "[\\x{0a}]");
    TR(RX_BRE, 0, "feat(", "feat\\(");
}

TEST(regex_ere_translation)
{
    TR(RX_ERE, 0, "(a|b)+", "(a|b)+");
    TR(RX_ERE, 0, "*b", "b");
    TR(RX_ERE, 0, "a|*b", "a|b");
    TR(RX_ERE, 0, "^*a", "^a");
    TR(RX_ERE, 0, "a{", "a\\{");
    TR(RX_ERE, 0, "a{1", "a\\{1");
    TR(RX_ERE, 0, "a{x}", "a\\{x\\}");
    TR(RX_ERE, 0, "a{,2}", "a{0,2}");
    TR(RX_ERE, 0, "a{2}{3}", "(?:a{2}){3}");
    TR(RX_ERE, 0, "a+*", "(?:a+)*");
    TR(RX_ERE, 0, "a*?", "(?:a*)?");
    TR(RX_ERE, 0, "x)", "x\\)");
    TR(RX_ERE, 0, "\\(a\\)", "\\(a\\)");
    TR(RX_ERE, 0, "a^b", "a^b");
    TR(RX_ERE, 0, "\\bfoo\\b", "\\bfoo\\b");
}

TEST(regex_bracket_translation)
{
    TR(RX_BRE, 0, "[]a]", "[\\]a]");
    TR(RX_BRE, 0, "[^]a]", "[^\\]a]");
    TR(RX_BRE, 0, "[a-]", "[a\\-]");
    TR(RX_BRE, 0, "[\\]", "[\\\\]");
    TR(RX_BRE, 0, "[[:alpha:][:digit:]_]", "[[:alpha:][:digit:]\\_]");
    TR(RX_BRE, 0, "[[=a=]b]", "[ab]");
    TR(RX_BRE, 0, "[[.-.]a]", "[\\-a]");
    TR(RX_BRE, 0, "[a-z0-9]", "[a-z0-9]");
    TR(RX_BRE, 0, "[[a]", "[\\[a]");
    TR(RX_BRE, RX_ICASE, "[[:upper:]]", "[[:upper:][:lower:]]");
    TR(RX_BRE, RX_MULTILINE, "[^a]", "[^\\na]");
}

TEST(regex_posix_errors)
{
    TR(RX_BRE, 0, "\\(a", "<err: Unmatched ( or \\(>");
    TR(RX_BRE, 0, "a\\)", "<err: Unmatched ) or \\)>");
    TR(RX_ERE, 0, "(a", "<err: Unmatched ( or \\(>");
    TR(RX_BRE, 0, "[a", "<err: Unmatched [, [^, [:, [., or [=>");
    TR(RX_BRE, 0, "[[:alpha:]", "<err: Unmatched [, [^, [:, [., or [=>");
    TR(RX_BRE, 0, "[[:foo:]]", "<err: Invalid character class name>");
    TR(RX_BRE, 0, "[z-a]", "<err: Invalid range end>");
    TR(RX_BRE, 0, "a\\", "<err: Trailing backslash>");
    TR(RX_BRE, 0, "\\(a\\)\\2", "<err: Invalid back reference>");
    TR(RX_BRE, 0, "\\(a\\1\\)", "<err: Invalid back reference>");
    TR(RX_BRE, 0, "a\\{1", "<err: Unmatched \\{>");
    TR(RX_BRE, 0, "a\\{x\\}", "<err: Invalid content of \\{\\}>");
    TR(RX_BRE, 0, "a\\{2,1\\}", "<err: Invalid content of \\{\\}>");
    TR(RX_ERE, 0, "a{2,1}", "<err: Invalid content of \\{\\}>");
    TR(RX_ERE, 0, "a{99999}", "<err: Regular expression too big>");
    TR(RX_ERE, 0, "a{}", "<err: Invalid content of \\{\\}>");
    TR(RX_ERE, 0, "{}", "\\{\\}");
    TR(RX_ERE, 0, "{1,2}a", "a");
    /* sed (glibc) is stricter than grep (dfa) */
    TR(RX_BRE, RX_SED, "a**", "<err: Invalid preceding regular expression>");
    TR(RX_BRE, RX_SED, "a*\\{2\\}", "<err: Invalid preceding regular expression>");
    TR(RX_BRE, RX_SED, "\\{2\\}", "<err: Invalid preceding regular expression>");
    TR(RX_BRE, RX_SED, "a\\+\\+", "(?:a+)+");
    TR(RX_ERE, RX_SED, "*a", "<err: Invalid preceding regular expression>");
    TR(RX_ERE, RX_SED, "a|*b", "<err: Invalid preceding regular expression>");
    TR(RX_ERE, RX_SED, "a**", "(?:a*)*");
    TR(RX_ERE, RX_SED, "b)", "<err: Unmatched ) or \\)>");
    TR(RX_BRE, 0, "[[.space.]]", "<err: Invalid collation character>");
}

TEST(regex_longest_match)
{
    FIND(RX_BRE, 0, "ab\\|abcd", "abcd", "abcd");
    FIND(RX_ERE, 0, "ab|abcd", "xabcd", "abcd");
    FIND(RX_ERE, 0, "x*(xy)?", "xxy", "xxy");
    FIND(RX_ERE, RX_FIRST, "x*(xy)?", "xxy", "xx");
    FIND(RX_PCRE, 0, "ab|abcd", "abcd", "ab");
    FIND(RX_ERE, 0, "(a|ab)(c|bcd)(d*)", "abcd", "abcd");
    GROUPS(RX_ERE, 0, "(a|ab)(c|bcd)", "abcd", "abcd|a|bcd");
    GROUPS(RX_ERE, 0, "(x|xy)(z|yz)", "xyz", "xyz|x|yz");
    GROUPS(RX_BRE, 0, "\\(hello\\) \\(world\\)", "hello world", "hello world|hello|world");
    GROUPS(RX_ERE, 0, "(a)|(b)", "b", "b|-|b");
    /* known difference: GNU gives group 1 "aaa" (POSIX subexpression rules),
     * the backtracking fill gives the last (empty) iteration */
    GROUPS(RX_ERE, 0, "(a*)+", "aaa", "aaa|");
    FIND(RX_BRE, 0, "\\(.\\)\\1", "abccd", "cc");
    FIND(RX_ERE, 0, "", "abc", "");
    FIND(RX_ERE, 0, "b*", "abc", "");
}

TEST(regex_semantics)
{
    FIND(RX_BRE, 0, "a.c", "a\nc", "a\nc");
    FIND(RX_BRE, 0, "a$", "a\nb", "<none>");
    FIND(RX_BRE, RX_MULTILINE, "a$", "a\nb", "a");
    FIND(RX_BRE, RX_MULTILINE, "^b", "a\nb", "b");
    FIND(RX_BRE, RX_MULTILINE, "a.b", "a\nb", "<none>");
    FIND(RX_BRE, 0, "a$", "a\n", "<none>");
    FIND(RX_BRE, 0, "feat(", "feat(auth)", "feat(");
    FIND(RX_BRE, 0, "^feat(", "feat(ui)", "feat(");
    FIND(RX_ERE, 0, "^[a-z]+\\(([^)]+)\\)", "fix(api): x", "fix(api)");
    FIND(RX_BRE, RX_ICASE, "hello", "HeLLo", "HeLLo");
    FIND(RX_BRE, RX_ICASE | RX_UTF8, "é", "É", "É");
    FIND(RX_BRE, RX_UTF8, "^.$", "é", "é");
    FIND(RX_BRE, 0, "^..$", "é", "é");
    FIND(RX_BRE, RX_UTF8, "a.b", "a\x80" "b", "<none>");
    FIND(RX_BRE, RX_UTF8, "ab", "\x80" "ab", "ab");
    FIND(RX_BRE, RX_ICASE, "[[:upper:]]", "a", "a");
    FIND(RX_BRE, 0, "[[:digit:]]\\+", "ab123c", "123");
    FIND(RX_BRE, 0, "\\<foo\\>", "foobar foo", "foo");
    FIND(RX_BRE, RX_WORD, "foo", "foobar", "<none>");
    FIND(RX_BRE, RX_WORD, "foo", "bar foo baz", "foo");
    FIND(RX_BRE, RX_LINE, "foo", "foo bar", "<none>");
    FIND(RX_BRE, RX_LINE, "foo\\|foo bar", "foo bar", "foo bar");
    FIND(RX_LITERAL, 0, "a.b", "axb a.b", "a.b");
    FIND(RX_LITERAL, RX_ICASE, "A*B", "xa*b", "a*b");
    FIND(RX_BRE, 0, "a\\{2\\}\\{2\\}", "aaa", "<none>");
    FIND(RX_BRE, 0, "\\w\\+", "  héllo", "h");
    FIND(RX_BRE, RX_UTF8, "\\w\\+", "  héllo", "héllo");
    FIND(RX_BRE, RX_SED, "a\\x2eb", "a.b", "a.b");
}

TEST(regex_list)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    const char *pats[] = { "\\(a\\)\\1", "\\(b\\)\\1", "" };
    size_t lens[] = { strlen(pats[0]), strlen(pats[1]), 0 };
    rx *re;
    rx_error e;
    CHECK_INT(rx_compile_list(&re, &a, NULL, RX_BRE, 0, pats, lens, 2, &e, NULL), 0);
    size_t ov[4];
    CHECK_INT(rx_exec(re, "xbb", 3, 0, 0, ov, 2), RX_MATCH);
    CHECK_INT(ov[0], 1);
    CHECK_INT(rx_exec(re, "ab", 2, 0, 0, ov, 2), RX_NOMATCH);
    rx_free(re);
    /* empty list: nothing matches; an empty pattern: everything */
    CHECK_INT(rx_compile_list(&re, &a, NULL, RX_BRE, 0, pats, lens, 0, &e, NULL), 0);
    CHECK_INT(rx_exec(re, "ab", 2, 0, 0, ov, 2), RX_NOMATCH);
    rx_free(re);
    CHECK_INT(rx_compile_list(&re, &a, NULL, RX_BRE, 0, pats + 2, lens + 2, 1, &e, NULL), 0);
    CHECK_INT(rx_exec(re, "ab", 2, 0, 0, ov, 2), RX_MATCH);
    rx_free(re);
    size_t bad = 9;
    const char *badpats[] = { "ok", "x\\(" };
    size_t badlens[] = { 2, 3 };
    CHECK_INT(rx_compile_list(&re, &a, NULL, RX_BRE, 0, badpats, badlens, 2, &e, &bad), RX_ESYNTAX);
    CHECK_INT(bad, 1);
    CHECK_STR(e.msg, "Unmatched ( or \\(");
    CHECK_INT(a.used, 0);
}

TEST(regex_python)
{
    TR(RX_PYTHON, RX_UTF8, "(?P<y>\\d+)-(?P=y)\\Z", "(?P<y>\\d+)\\-(?P=y)\\z");
    TR(RX_PYTHON, RX_UTF8, "a{,3}", "a{0,3}");
    TR(RX_PYTHON, RX_UTF8, "[[:alpha:]]", "[\\[:alpha:]\\]");
    TR(RX_PYTHON, RX_UTF8, "\\u00e9\\x41\\v", "\\x{e9}\\x{41}\\x{0b}");
    TR(RX_PYTHON, RX_UTF8, "(?i)abc", "(?i)abc");
    TR(RX_PYTHON, RX_UTF8, "(?x) a b # c\n c", "abc");
    TR(RX_PYTHON, RX_UTF8, "\\q", "<err: bad escape \\q at position 0>");
    TR(RX_PYTHON, RX_UTF8, "(a", "<err: missing ), unterminated subpattern at position 0>");
    TR(RX_PYTHON, RX_UTF8, "a)", "<err: unbalanced parenthesis at position 1>");
    TR(RX_PYTHON, RX_UTF8, "[a", "<err: unterminated character set at position 0>");
    TR(RX_PYTHON, RX_UTF8, "*a", "<err: nothing to repeat at position 0>");
    TR(RX_PYTHON, RX_UTF8, "a**", "<err: multiple repeat at position 2>");
    TR(RX_PYTHON, RX_UTF8, "\\1(a)", "<err: invalid group reference 1 at position 1>");
    TR(RX_PYTHON, RX_UTF8, "\\x4", "<err: incomplete escape \\x4 at position 0>");
    TR(RX_PYTHON, RX_UTF8, "a(?i)b", "<err: global flags not at the start of the expression at position 1>");
    TR(RX_PYTHON, RX_UTF8, "é(", "<err: missing ), unterminated subpattern at position 1>");
    FIND(RX_PYTHON, RX_UTF8, "ab|abcd", "abcd", "ab");
    FIND(RX_PYTHON, RX_UTF8, "a$", "a\n", "a");
    FIND(RX_PYTHON, RX_UTF8, "a\\Z", "a\n", "<none>");
    FIND(RX_PYTHON, RX_UTF8 | RX_ICASE, "(?=a)c?\\x61", "AB", "A");   /* PCRE2 10.42 start-optimisation bug */
    TR(RX_PYTHON, RX_UTF8, "(?P=n)(?P<n>a)", "<err: unknown group name 'n' at position 4>");
    TR(RX_PYTHON, RX_UTF8, "(?P<n>a)(?P<n>b)", "<err: redefinition of group name 'n' as group 2; was group 1 at position 12>");
    TR(RX_PYTHON, RX_UTF8, "(\\1)", "<err: cannot refer to an open group at position 1>");
    TR(RX_PYTHON, RX_UTF8, "(?c)", "<err: unknown extension ?c at position 1>");
    GROUPS(RX_PYTHON, RX_UTF8, "(?P<k>\\w+)=(?P<v>\\w+)", "x key=val", "key=val|key|val");
    sk_alloc a;
    sk_alloc_init(&a, 0);
    rx *re;
    rx_error e;
    CHECK_INT(rx_compile(&re, &a, NULL, RX_PYTHON, RX_UTF8, "(?P<k>a)(b)(?P<v>c)", 19, &e), 0);
    CHECK_INT(rx_group_count(re), 3);
    CHECK_INT(rx_group_index(re, "v"), 3);
    CHECK_INT(rx_group_index(re, "zz"), -1);
    int num = 0;
    CHECK_STR(rx_group_name(re, 0, &num), "k");
    CHECK_INT(num, 1);
    CHECK(rx_group_name(re, 2, &num) == NULL);
    rx_free(re);
    CHECK_INT(a.used, 0);
}

TEST(regex_exec_flags)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    rx *re;
    rx_error e;
    CHECK_INT(rx_compile(&re, &a, NULL, RX_ERE, 0, "a*", 2, &e), 0);
    size_t ov[2];
    /* global replace walk: "baaac" */
    CHECK_INT(rx_exec(re, "baaac", 5, 1, 0, ov, 1), RX_MATCH);
    CHECK_INT(ov[0], 1);
    CHECK_INT(ov[1], 4);
    CHECK_INT(rx_exec(re, "baaac", 5, 4, RX_NOTEMPTY_ATSTART, ov, 1), RX_MATCH);
    CHECK_INT(ov[0], 5);
    CHECK_INT(ov[1], 5);
    rx_free(re);
    CHECK_INT(rx_compile(&re, &a, NULL, RX_BRE, 0, "^b", 2, &e), 0);
    CHECK_INT(rx_exec(re, "ab", 2, 1, 0, ov, 1), RX_NOMATCH);
    CHECK_INT(rx_exec(re, "b", 1, 0, RX_NOTBOL, ov, 1), RX_NOMATCH);
    rx_free(re);
    /* a reused buffer: new bytes at start 0 are validated again */
    CHECK_INT(rx_compile(&re, &a, NULL, RX_ERE, RX_UTF8, "a.+", 3, &e), 0);
    char buf[4] = "abc";
    CHECK_INT(rx_exec(re, buf, 3, 0, 0, ov, 1), RX_MATCH);
    CHECK_INT(ov[1], 3);
    buf[1] = (char)0x80;
    CHECK_INT(rx_exec(re, buf, 3, 0, 0, ov, 1), RX_NOMATCH);
    rx_free(re);
    CHECK_INT(rx_compile(&re, &a, NULL, RX_PYTHON, RX_UTF8, "b+", 2, &e), 0);
    CHECK_INT(rx_exec(re, "abb", 3, 0, RX_ANCHORED, ov, 1), RX_NOMATCH);
    CHECK_INT(rx_exec(re, "abb", 3, 1, RX_ANCHORED | RX_ENDANCHORED, ov, 1), RX_MATCH);
    rx_free(re);
    CHECK_INT(a.used, 0);
}

TEST(regex_limits)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_limits lim = sk_limits_default();
    lim.regex_match_limit = 10000;
    rx *re;
    rx_error e;
    const char *pat = "(a+)+$";
    CHECK_INT(rx_compile(&re, &a, &lim, RX_PCRE, 0, pat, strlen(pat), &e), 0);
    char subj[64];
    memset(subj, 'a', 40);
    subj[40] = 'b';
    subj[41] = 0;
    size_t ov[2];
    CHECK_INT(rx_exec(re, subj, 41, 0, 0, ov, 1), RX_ELIMIT_MATCH);
    CHECK_STR(rx_strerror(RX_ELIMIT_MATCH), "regex match limit exceeded");
    /* many times (past the JIT threshold): still a limit error, never a hang */
    for (int i = 0; i < 20; i++) CHECK_INT(rx_exec(re, subj, 41, 0, 0, ov, 1), RX_ELIMIT_MATCH);
    rx_free(re);
    /* back-references force the backtracking matcher even for POSIX */
    pat = "\\(a*\\)*\\1$";
    CHECK_INT(rx_compile(&re, &a, &lim, RX_BRE, 0, pat, strlen(pat), &e), 0);
    int r = rx_exec(re, subj, 41, 0, 0, ov, 1);
    CHECK(r == RX_ELIMIT_MATCH || r == RX_ELIMIT_DEPTH || r == RX_ELIMIT_HEAP);
    rx_free(re);
    CHECK_INT(a.used, 0);
    /* POSIX patterns without back-references never blow up: the DFA
     * matcher takes over when backtracking reaches the limit */
    pat = "(a+)+$";
    CHECK_INT(rx_compile(&re, &a, &lim, RX_ERE, 0, pat, strlen(pat), &e), 0);
    CHECK_INT(rx_exec(re, subj, 41, 0, RX_ANY, ov, 1), RX_NOMATCH);
    CHECK_INT(rx_exec(re, subj, 41, 0, 0, ov, 1), RX_NOMATCH);
    CHECK_INT(rx_exec(re, subj, 40, 0, RX_ANY, ov, 1), RX_MATCH);
    rx_free(re);
    /* depth limit */
    lim = sk_limits_default();
    lim.regex_depth_limit = 10;
    pat = "(a|b)*c";
    CHECK_INT(rx_compile(&re, &a, &lim, RX_PCRE, 0, pat, strlen(pat), &e), 0);
    subj[40] = 'c';
    r = rx_exec(re, subj, 41, 0, 0, ov, 1);
    CHECK_INT(r, RX_ELIMIT_DEPTH);
    rx_free(re);
    /* memory: a tight max_memory makes compile fail cleanly */
    sk_alloc small;
    sk_alloc_init(&small, 200);
    CHECK_INT(rx_compile(&re, &small, NULL, RX_ERE, 0, "a(b|c)*d", 8, &e), RX_ENOMEM);
    CHECK_INT(small.used, 0);
}

TEST(regex_cache)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    rx_cache c;
    rx_cache_init(&c, &a, NULL);
    rx *r1, *r2, *r3;
    rx_error e;
    CHECK_INT(rx_cache_get(&c, RX_ERE, 0, "a+", 2, &r1, &e), 0);
    CHECK_INT(rx_cache_get(&c, RX_ERE, 0, "a+", 2, &r2, &e), 0);
    CHECK(r1 == r2);
    CHECK_INT(rx_cache_get(&c, RX_BRE, 0, "a+", 2, &r3, &e), 0);
    CHECK(r3 != r1);
    char pat[16];
    for (int i = 0; i < 40; i++) {
        snprintf(pat, sizeof pat, "x%d", i);
        CHECK_INT(rx_cache_get(&c, RX_ERE, 0, pat, strlen(pat), &r1, &e), 0);
    }
    CHECK_INT(rx_cache_get(&c, RX_ERE, 0, "(", 1, &r1, &e), RX_ESYNTAX);
    rx_cache_free(&c);
    CHECK_INT(a.used, 0);
}

/* The many-strings matcher against a brute-force leftmost-longest search. */
static int is_w(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

static int brute(const char *const *pats, size_t n, unsigned flags, const char *s, size_t len,
                 size_t *so, size_t *eo)
{
    for (size_t st = 0; st <= len; st++) {
        long best = -1;
        for (size_t i = 0; i < n; i++) {
            size_t l = strlen(pats[i]);
            if (st + l > len) continue;
            int eq = (flags & RX_ICASE) ? !strncasecmp(s + st, pats[i], l) : !strncmp(s + st, pats[i], l);
            if (!eq) continue;
            if ((flags & RX_LINE) && (st != 0 || l != len)) continue;
            if ((flags & RX_WORD) && ((st > 0 && is_w(s[st - 1])) || (st + l < len && is_w(s[st + l])))) continue;
            if ((long)l > best) best = (long)l;
        }
        if (best >= 0) {
            *so = st;
            *eo = st + (size_t)best;
            return 1;
        }
    }
    return 0;
}

TEST(regex_literal_list)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    uint64_t seed = 12345;
    char store[40][8];
    const char *pats[40];
    for (int round = 0; round < 300; round++) {
        size_t n = 16 + (size_t)(round % 20);
        for (size_t i = 0; i < n; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t l = 1 + (seed >> 60) % 4;
            for (size_t k = 0; k < l; k++) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                store[i][k] = "abAB_ "[(seed >> 58) % 6];
            }
            store[i][l] = 0;
            pats[i] = store[i];
        }
        unsigned flags = (unsigned)((round / 3) % 4 == 1 ? RX_ICASE : (round / 3) % 4 == 2 ? RX_WORD : (round / 3) % 4 == 3 ? RX_LINE : 0);
        size_t lens[40];
        for (size_t i = 0; i < n; i++) lens[i] = strlen(pats[i]);
        rx *re;
        rx_error e;
        CHECK_INT(rx_compile_list(&re, &a, NULL, RX_LITERAL, flags, pats, lens, n, &e, NULL), 0);
        CHECK_INT(rx_pcre_pattern(re, NULL)[0], 0);   /* the automaton, not PCRE2 */
        for (int k = 0; k < 20; k++) {
            char subj[24];
            size_t sl = (size_t)(k % 12);
            for (size_t i = 0; i < sl; i++) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                subj[i] = "abAB_ x"[(seed >> 58) % 7];
            }
            subj[sl] = 0;
            size_t ov[2], bs = 0, be = 0;
            int want = brute(pats, n, flags, subj, sl, &bs, &be);
            int got = rx_exec(re, subj, sl, 0, 0, ov, 1);
            CHECK_INT(got, want);
            if (got == RX_MATCH && want) {
                CHECK_INT(ov[0], bs);
                CHECK_INT(ov[1], be);
            }
        }
        rx_free(re);
    }
    CHECK_INT(a.used, 0);
    /* BRE lists of plain words take the same path; one special character does not */
    const char *words[17];
    size_t wl[17];
    char wb[17][16];
    for (int i = 0; i < 17; i++) {
        snprintf(wb[i], sizeof wb[i], "w%d", i);
        words[i] = wb[i];
        wl[i] = strlen(wb[i]);
    }
    rx *re;
    rx_error e;
    CHECK_INT(rx_compile_list(&re, &a, NULL, RX_BRE, 0, words, wl, 17, &e, NULL), 0);
    CHECK_INT(rx_pcre_pattern(re, NULL)[0], 0);
    size_t ov[2];
    CHECK_INT(rx_exec(re, "x w16 w1", 8, 0, 0, ov, 1), RX_MATCH);
    CHECK_INT(ov[0], 2);
    CHECK_INT(ov[1], 5);
    rx_free(re);
    words[3] = "w.";
    wl[3] = 2;
    CHECK_INT(rx_compile_list(&re, &a, NULL, RX_BRE, 0, words, wl, 17, &e, NULL), 0);
    CHECK(rx_pcre_pattern(re, NULL)[0] != 0);
    rx_free(re);
    CHECK_INT(a.used, 0);
}
