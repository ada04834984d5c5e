/* test_sharith.c — arithmetic evaluation against GNU bash's results and
 * messages (cases generated from /usr/bin/bash). */
#include <stdio.h>

#include "sh_helper.h"
#include "shell/arith.h"
#include "test.h"

#include "sh_arith_cases.h"

static void setup(tsh *t)
{
    sh_state *st = t->st;
    sh_var_setstr(st, "x", "3", 0);
    sh_var_setstr(st, "y", "4", 0);
    char *arr[] = { "1", "2", "3" };
    sh_var_set_array(st, "a", 3, arr, NULL, 0, 0);
    sh_var_setstr(st, "i", "0", 0);
    sh_var_setstr(st, "s", "  12  ", 0);
    sh_var_setstr(st, "r", "r", 0);
    sh_var_setstr(st, "n", "3*4", 0);
    sh_var_setstr(st, "q", "n+1", 0);
    sh_var_setstr(st, "u", "", 0);
    sh_var_setstr(st, "big", "99999999999999999999", 0);
    sh_var_setstr(st, "oct", "010", 0);
    sh_var_setstr(st, "neg", "-3", 0);
    sh_var_setstr(st, "xx", "1+", 0);
    char *v[] = { "0", "1", "xx" };
    sh_var_set_array(st, "v", 3, v, NULL, 0, 0);
    sh_var_setstr(st, "lp", "lp+1", 0);
    int err;
    sh_var_declare(st, "m", 0, 0, 0, SH_VK_ASSOC, &err);
    sh_var_set_elem(st, "m", "foo", "5", 1, 0);
    sh_var_declare(st, "ii", 0, SH_A_INTEGER, 0, -1, &err);
    sh_var_setstr(st, "ii", "7", 0);
    sh_var_setstr(st, "ro", "9", 0);
    sh_var_declare(st, "ro", 0, SH_A_READONLY, 0, -1, &err);
}

static void fmt_result(tsh *t, int64_t v, char *out, size_t cap)
{
    sh_state *st = t->st;
    sh_var *a = sh_var_lookup(st, "a");
    sh_strvec vals = { NULL, 0, 0, st->a };
    sh_var_values(st, a, &vals);
    char joined[256] = "";
    for (size_t i = 0; i < vals.n; i++) {
        if (i) strcat(joined, " ");
        strncat(joined, vals.v[i], sizeof joined - strlen(joined) - 1);
    }
    sh_strvec_free(&vals, 1);
    const char *x = sh_var_get(st, "x"), *y = sh_var_get(st, "y"), *i = sh_var_get(st, "i");
    snprintf(out, cap, "%lld|%s|%s|%s|%s", (long long)v, x ? x : "", y ? y : "", i ? i : "", joined);
}

TEST(sh_arith_bash_cases)
{
    for (size_t k = 0; k < sizeof arith_cases / sizeof arith_cases[0]; k++) {
        tsh t;
        tsh_init(&t);
        setup(&t);
        tsh_err(&t);
        char expr[256];
        snprintf(expr, sizeof expr, " %s ", arith_cases[k].expr);
        int64_t v = 0;
        int r = sh_arith_eval(t.st, expr, strlen(expr), NULL, &v);
        const char *err = tsh_err(&t);
        char want[512];
        snprintf(want, sizeof want, "%s", arith_cases[k].out);
        char *nl = strchr(want, '\n');
        if (nl) *nl = 0;
        if (!r) {
            char got[512];
            fmt_result(&t, v, got, sizeof got);
            if (strcmp(got, want) || strcmp(err, arith_cases[k].err))
                sk_test_fail(T, __FILE__, __LINE__, "[%s] got \"%s\" err \"%s\", want \"%s\" err \"%s\"",
                             arith_cases[k].expr, got, err, want, arith_cases[k].err);
        } else if (strcmp(err, arith_cases[k].err) || want[0]) {
            sk_test_fail(T, __FILE__, __LINE__, "[%s] failed (%d) with \"%s\", want \"%s\" err \"%s\"",
                         arith_cases[k].expr, r, err, want, arith_cases[k].err);
        }
        tsh_free(&t);
    }
}

TEST(sh_arith_let_prefix)
{
    tsh t;
    tsh_init(&t);
    int64_t v;
    CHECK(sh_arith_eval(t.st, "1/0", 3, "let", &v) == SH_E_ARITH);
    CHECK_STR(tsh_err(&t), "bash: line 1: let: 1/0: division by 0 (error token is \"0\")\n");
    tsh_free(&t);
}

TEST(sh_arith_deep_recursion_is_an_error)
{
    tsh t;
    tsh_init(&t);
    /* a chain of variables each naming the next: bash's recursion limit */
    char name[16], val[16];
    for (int i = 0; i < 1100; i++) {
        snprintf(name, sizeof name, "v%d", i);
        snprintf(val, sizeof val, "v%d+1", i + 1);
        sh_var_setstr(t.st, name, val, 0);
    }
    int64_t v;
    CHECK(sh_arith_eval(t.st, "v0", 2, NULL, &v) == SH_E_ARITH);
    CHECK(strstr(tsh_err(&t), "expression recursion level exceeded") != NULL);
    /* deep parentheses */
    char *deep = malloc(20001);
    for (int i = 0; i < 10000; i++) { deep[i] = '('; deep[19999 - i] = ')'; }
    deep[20000] = 0;
    CHECK(sh_arith_eval(t.st, deep, 20000, NULL, &v) == SH_E_ARITH);
    const char *e = tsh_err(&t);
    if (!strstr(e, "expression recursion level exceeded")) sk_test_fail(T, __FILE__, __LINE__, "%.200s", e);
    free(deep);
    tsh_free(&t);
}

TEST(sh_arith_nounset)
{
    tsh t;
    tsh_init(&t);
    t.st->opt[SH_O_NOUNSET] = 1;
    int64_t v;
    CHECK(sh_arith_eval(t.st, "zz + 1", 6, NULL, &v) == SH_E_UNBOUND);
    CHECK_STR(tsh_err(&t), "bash: line 1: zz: unbound variable\n");
    CHECK(sh_arith_eval(t.st, "0 && zz", 7, NULL, &v) == 0);
    tsh_free(&t);
}
