/* fuzz_regex.c — the regex layer: dialect translation, PCRE2 compilation
 * and matching (POSIX leftmost-longest included) with the run's match,
 * depth and heap limits, and a global walk over the subject as sed s///g
 * and grep -o do.
 *
 * Input: byte 0 picks the dialect (mod 6), bytes 1-2 the compile flags,
 * byte 3 the exec flags; then PATTERN \0 SUBJECT.  When the pattern holds
 * newlines and flag bit 15 is set, the lines are compiled as a list
 * (grep -e P1 -e P2). */
#include <string.h>

#include "fuzz.h"
#include "regex/regex.h"

#define MAXPATS 16

static void walk(rx *re, const char *s, size_t n, unsigned eflags)
{
    size_t ov[2 * 10];
    size_t at = 0;
    for (int k = 0; k <= (int)n + 1 && at <= n; k++) {
        int r = rx_exec(re, s, n, at, eflags, ov, 10);
        if (r == RX_EINTERNAL) fuzz_die("RX_EINTERNAL from rx_exec");
        if (r <= 0) return;
        if (ov[0] > ov[1] || ov[1] > n || ov[0] < at) fuzz_die("match [%zu,%zu) outside [%zu,%zu]", ov[0], ov[1], at, n);
        for (int g = 1; g < 10; g++)
            if (ov[2 * g] != RX_UNSET && (ov[2 * g] > ov[2 * g + 1] || ov[2 * g + 1] > n))
                fuzz_die("group %d [%zu,%zu) outside the subject", g, ov[2 * g], ov[2 * g + 1]);
        at = ov[1] > ov[0] ? ov[1] : rx_next_char(re, s, n, ov[1]);
        eflags |= RX_NOTBOL;
        eflags &= ~(unsigned)RX_ANCHORED;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4) return 0;
    rx_dialect d = (rx_dialect)(data[0] % 6);
    unsigned flags = (unsigned)(data[1] | data[2] << 8);
    unsigned eflags = data[3] & 0x3f;
    const char *pat, *subj;
    size_t plen, slen;
    fuzz_split(data + 4, size - 4, &pat, &plen, &subj, &slen);

    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    sk_limits lim = sk_limits_strict();
    lim.regex_match_limit = 20000;
    lim.regex_depth_limit = 1000;
    rx_error err;
    rx *re = NULL;
    int rc;
    if ((flags & 0x8000) && memchr(pat, '\n', plen)) {
        const char *pats[MAXPATS];
        size_t lens[MAXPATS], np = 0, bad = 0;
        const char *p = pat, *end = pat + plen;
        while (np < MAXPATS) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            pats[np] = p;
            lens[np++] = nl ? (size_t)(nl - p) : (size_t)(end - p);
            if (!nl) break;
            p = nl + 1;
        }
        rc = rx_compile_list(&re, &a, &lim, d, flags & 0x3ff, pats, lens, np, &err, &bad);
        if (rc == RX_ESYNTAX && bad >= np) fuzz_die("bad_index %zu of %zu patterns", bad, np);
    } else {
        rc = rx_compile(&re, &a, &lim, d, flags & 0x3ff, pat, plen, &err);
    }
    if (rc == 0) {
        if (!re) fuzz_die("rx_compile returned 0 and no regex");
        int groups = rx_group_count(re);
        for (int i = 0; i < groups + 1; i++) {
            int num;
            const char *name = rx_group_name(re, i, &num);
            if (!name) break;
            if (rx_group_index(re, name) < 0) fuzz_die("named group %s not found", name);
        }
        size_t tl;
        (void)rx_pcre_pattern(re, &tl);
        walk(re, subj, slen, eflags);
        /* the pattern against itself: subjects that look like the pattern */
        walk(re, pat, plen, 0);
        rx_free(re);
    } else if (rc != RX_ESYNTAX && rc != RX_ENOMEM) {
        fuzz_die("rx_compile returned %d", rc);
    } else if (!memchr(err.msg, 0, sizeof err.msg)) {
        fuzz_die("unterminated error message");
    }
    sk_buf out;
    sk_buf_init(&out, &a);
    rx_info info;
    (void)rx_translate(&out, d, flags & 0x3ff, pat, plen, 0, &info, &err);
    sk_buf_free(&out);
    (void)rx_valid_utf8(subj, slen);
    fuzz_expect_released(&a, "regex");
    return 0;
}
