/* test_shbrace.c — brace expansion against GNU bash (cases generated from
 * /usr/bin/bash; "..." and \c and $x become opaque items as the parser
 * would make them). */
#include <stdio.h>
#include <string.h>

#include "base/alloc.h"
#include "base/buf.h"
#include "shell/brace.h"
#include "test.h"

#include "sh_brace_cases.h"

/* Items: their text as the shell would produce it. */
typedef struct item {
    char text[64];
} item;

static size_t to_atoms(const char *w, sh_batom *at, item *items, int *nitems)
{
    size_t n = 0;
    *nitems = 0;
    for (const char *p = w; *p;) {
        if (*p == '"') {
            const char *e = strchr(p + 1, '"');
            item *it = &items[(*nitems)];
            snprintf(it->text, sizeof it->text, "%.*s", (int)(e - p - 1), p + 1);
            at[n].p = NULL; at[n].n = 0; at[n].item = (*nitems)++;
            n++;
            p = e + 1;
        } else if (*p == '\\' && p[1]) {
            item *it = &items[(*nitems)];
            snprintf(it->text, sizeof it->text, "%c", p[1]);
            at[n].p = NULL; at[n].n = 0; at[n].item = (*nitems)++;
            n++;
            p += 2;
        } else if (*p == '$' && p[1] == 'x') {
            item *it = &items[(*nitems)];
            snprintf(it->text, sizeof it->text, "1");
            at[n].p = NULL; at[n].n = 0; at[n].item = (*nitems)++;
            n++;
            p += 2;
        } else {
            at[n].p = p; at[n].n = 1; at[n].item = -1;
            n++;
            p++;
        }
    }
    return n;
}

TEST(sh_brace_bash_cases)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    for (size_t i = 0; i < sizeof brace_cases / sizeof brace_cases[0]; i++) {
        const char *w = brace_cases[i].word;
        if (!strcmp(w, "{A..c}")) continue;   /* bash quote-removes a generated backslash */
        sh_batom at[128];
        item items[16];
        int ni;
        size_t n = to_atoms(w, at, items, &ni);
        sh_bresult r;
        int rc = sh_brace_expand(&a, at, n, 0, &r);
        CHECK_INT(rc, 0);
        if (rc) continue;
        sk_buf b = SK_BUF_INIT(&a);
        for (size_t k = 0; k < r.n; k++) {
            sk_buf word = SK_BUF_INIT(&a);
            int has_item = 0;
            for (size_t j = 0; j < r.w[k].n; j++) {
                const sh_batom *x = &r.w[k].a[j];
                if (x->item >= 0) { sk_buf_puts(&word, items[x->item].text); has_item = 1; }
                else sk_buf_put(&word, x->p, x->n);
            }
            /* unquoted empty words disappear in bash */
            if (word.len || has_item) {
                sk_buf_putc(&b, '[');
                sk_buf_put(&b, word.p, word.len);
                sk_buf_putc(&b, ']');
            }
            sk_buf_free(&word);
        }
        if (!b.len) sk_buf_puts(&b, "[]");   /* printf with no arguments */
        if (strcmp(sk_buf_cstr(&b), brace_cases[i].out))
            sk_test_fail(T, __FILE__, __LINE__, "%s: got %s, bash %s", w, sk_buf_cstr(&b), brace_cases[i].out);
        sk_buf_free(&b);
        sh_brace_free(&r);
    }
    CHECK_INT(a.used, 0);
}

TEST(sh_brace_limit)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    const char *w = "{1..100}{1..100}{1..100}";
    sh_batom at[64];
    size_t n = 0;
    for (const char *p = w; *p; p++) { at[n].p = p; at[n].n = 1; at[n].item = -1; n++; }
    sh_bresult r;
    CHECK_INT(sh_brace_expand(&a, at, n, 10000, &r), SH_BRACE_LIMIT);
    CHECK_INT(sh_brace_expand(&a, at, n, 1000000, &r), 0);
    CHECK_INT(r.n, 1000000);
    sh_brace_free(&r);
    const char *big = "{1..99999999999}";
    n = 0;
    for (const char *p = big; *p; p++) { at[n].p = p; at[n].n = 1; at[n].item = -1; n++; }
    CHECK_INT(sh_brace_expand(&a, at, n, 100000, &r), SH_BRACE_LIMIT);
    CHECK_INT(a.used, 0);
}

TEST(sh_brace_deep_nesting)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    /* {a,{a,{a,...}}} nested 5000 deep must not exhaust the C stack */
    static char w[40000];
    size_t k = 0;
    for (int i = 0; i < 5000; i++) { w[k++] = '{'; w[k++] = 'a'; w[k++] = ','; }
    w[k++] = 'b';
    for (int i = 0; i < 5000; i++) w[k++] = '}';
    sh_batom *at = sk_malloc(&a, k * sizeof *at);
    for (size_t i = 0; i < k; i++) { at[i].p = w + i; at[i].n = 1; at[i].item = -1; }
    sh_bresult r;
    CHECK_INT(sh_brace_expand(&a, at, k, 0, &r), 0);
    CHECK(r.n >= 200);
    sh_brace_free(&r);
    sk_free(&a, at);
    CHECK_INT(a.used, 0);
}
