/* fuzz_glob.c — bash glob and extglob patterns (src/shell/pattern.c):
 * byte 0 picks the flags (extglob, nocase), then PATTERN \0 SUBJECT.  Every
 * matcher entry runs: whole match, shortest/longest prefix and suffix,
 * search, replace (first/all/prefix/suffix, with and without &), and the
 * helpers.  Then the same pattern through the shell's pathname expansion,
 * case and [[ == ]] on a few files.  The matcher promises no exponential
 * input, so there is no abort flag here: a slow input is a finding. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "shell/pattern.h"

static void direct(int flags, const char *p, size_t pn, const char *s, size_t sn)
{
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    sh_pat *pat = sh_pat_compile(&a, p, pn, flags, NULL);
    if (pat) {
        size_t x, y;
        int r = sh_pat_match(pat, s, sn);
        if (r < 0 && r != SH_PAT_ENOMEM) fuzz_die("sh_pat_match %d", r);
        for (int longest = 0; longest < 2; longest++) {
            if (sh_pat_prefix(pat, s, sn, longest, &x) == SH_PAT_MATCH && x > sn) fuzz_die("prefix %zu > %zu", x, sn);
            if (sh_pat_suffix(pat, s, sn, longest, &x) == SH_PAT_MATCH && x > sn) fuzz_die("suffix %zu > %zu", x, sn);
        }
        if (sh_pat_search(pat, s, sn, 0, &x, &y) == SH_PAT_MATCH && (x > y || y > sn))
            fuzz_die("search [%zu,%zu) of %zu", x, y, sn);
        sk_buf out;
        sk_buf_init(&out, &a);
        for (int mode = SH_REP_FIRST; mode <= SH_REP_SUFFIX; mode++) {
            sh_pat_replace(pat, s, sn, "<&\\&>", 5, mode & 1, mode, &out);
            sk_buf_clear(&out);
        }
        sk_buf_free(&out);
        sh_pat_free(pat);
    }
    (void)sh_pat_has_magic(p, pn, flags & SH_PAT_EXTGLOB);
    (void)sh_pat_leading_dot(p, pn);
    size_t ul;
    char *u = sh_pat_unescape(&a, p, pn, &ul);
    if (u) sk_free(&a, u);
    (void)sh_utf8_len(s, sn);
    fuzz_expect_released(&a, "pattern");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int flags = data[0] & 3;
    const char *p, *s;
    size_t pn, sn;
    fuzz_split(data + 1, size - 1, &p, &pn, &s, &sn);
    direct(flags, p, pn, s, sn);

    char *pv = fuzz_strndup(p, pn), *sv = fuzz_strndup(s, sn);
    fuzz_env env[2] = { { "P", pv }, { "S", sv } };
    static const char script[] =
        "mkdir -p d/sub && cd d && touch a.txt b.c .hid 'x y' sub/z abc aXc && shopt -s globstar\n"
        "echo $P\n"
        "shopt -s nullglob dotglob; echo $P; shopt -u nullglob dotglob\n"
        "case $S in $P) echo case;; esac\n"
        "[[ $S == $P ]] && echo cond\n"
        "echo \"${S#$P}|${S##$P}|${S%$P}|${S%%$P}|${S/$P/r}|${S//$P/&}\"\n";
    /* extglob must be on before a line that uses it is parsed: a second
     * run with it set from the start */
    fuzz_run_shell(script, sizeof script - 1, NULL, 0, env, 2, NULL);
    if (flags & SH_PAT_EXTGLOB) {
        static const char ext[] = "shopt -s extglob\n";
        size_t n = sizeof ext - 1 + sizeof script - 1;
        char *both = malloc(n + 1);
        if (!both) fuzz_die("malloc");
        memcpy(both, ext, sizeof ext - 1);
        memcpy(both + sizeof ext - 1, script, sizeof script);
        fuzz_run_shell(both, n, NULL, 0, env, 2, NULL);
        free(both);
    }
    free(pv);
    free(sv);
    return 0;
}
