/* shell.c — the shell benchmark: runs ../shared/bench/bashkit-bench-cases.json
 * in-process, each case many times in a fresh shell per run and in one
 * reused shell, checks every output, and prints per-case medians (µs) and
 * the geometric mean.  Cases that fail (a command we do not have yet, a
 * wrong output) are listed as skipped with the reason, not hidden.
 *
 *   build/bench-shell [--runs N] [--filter TEXT] [--json FILE]
 *
 * Bench code, not library code: it reads host files and the host clock. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../tools/json.h"
#include "sandkiste.h"

#define CASES "../shared/bench/bashkit-bench-cases.json"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) { fclose(f); free(p); return NULL; }
    fclose(f);
    p[n] = 0;
    *len = (size_t)n;
    return p;
}

/* One timed run: returns µs, or -1 when the output is wrong. */
static double run(sk_shell *sh, const jv *c, char *why, size_t whylen)
{
    jv *script = jv_get(c, "script"), *exp = jv_get(c, "expected_stdout"), *bout = jv_get(c, "bash_stdout");
    if (exp && exp->kind != JV_STR) exp = bout;
    double t0 = now_us();
    sk_result *r = sk_shell_exec(sh, script->s, script->s_len, NULL);
    double t1 = now_us();
    size_t n;
    const char *out = sk_result_stdout(r, &n);
    int ok = exp && n == exp->s_len && !memcmp(out, exp->s, n) && sk_result_exit_code(r) == 0;
    if (!ok && why) {
        size_t en;
        const char *err = sk_result_stderr(r, &en);
        const char *nl = memchr(err, '\n', en);
        snprintf(why, whylen, "%s", en ? "" : "wrong output");
        if (en) snprintf(why, whylen, "%.*s", (int)(nl ? (size_t)(nl - err) : en), err);
    }
    sk_result_free(r);
    return ok ? t1 - t0 : -1;
}

int main(int argc, char **argv)
{
    int runs = 200;
    const char *filter = NULL, *json_out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json_out = argv[++i];
    }
    size_t len;
    char *text = read_file(CASES, &len);
    if (!text) {
        printf("shell bench: %s not found (no ../shared) — skipped\n", CASES);
        return 0;
    }
    const char *err;
    jv *cases = jv_parse(text, len, &err);
    if (!cases || cases->kind != JV_ARR) { fprintf(stderr, "bad cases file: %s\n", err); return 2; }

    sk_config *cfg = sk_config_new();
    /* idle memory of a fresh shell */
    sk_shell *probe = sk_shell_new(cfg);
    size_t idle = sk_shell_memory(probe);
    sk_shell_free(probe);

    double *fresh = malloc(sizeof(double) * (size_t)runs), *reused = malloc(sizeof(double) * (size_t)runs);
    double log_fresh = 0, log_reused = 0;
    int measured = 0, skipped = 0;
    FILE *jf = json_out ? fopen(json_out, "w") : NULL;
    if (jf) fputs("[\n", jf);
    printf("%-28s %10s %10s\n", "case", "fresh µs", "reused µs");
    for (size_t i = 0; i < cases->n; i++) {
        jv *c = cases->vals[i];
        jv *name = jv_get(c, "name");
        if (filter && !strstr(name->s, filter)) continue;
        char why[200] = "";
        /* correctness first, in a fresh shell */
        sk_shell *sh = sk_shell_new(cfg);
        double ok = run(sh, c, why, sizeof why);
        sk_shell_free(sh);
        if (ok < 0) {
            printf("%-28s %10s  (%s)\n", name->s, "skipped", why[0] ? why : "wrong output");
            skipped++;
            continue;
        }
        int bad = 0;
        for (int k = 0; k < runs && !bad; k++) {
            sh = sk_shell_new(cfg);
            double t0 = now_us();
            double t = run(sh, c, NULL, 0);
            sk_shell_free(sh);
            double t1 = now_us();
            if (t < 0) bad = 1;
            fresh[k] = t1 - t0; /* creation + exec + free */
        }
        sh = sk_shell_new(cfg);
        for (int k = 0; k < runs && !bad; k++) {
            double t = run(sh, c, NULL, 0);
            if (t < 0) bad = 1;
            reused[k] = t;
        }
        sk_shell_free(sh);
        if (bad) {
            printf("%-28s %10s  (output changed between runs)\n", name->s, "skipped");
            skipped++;
            continue;
        }
        double mf = median(fresh, runs), mr = median(reused, runs);
        printf("%-28s %10.1f %10.1f\n", name->s, mf, mr);
        if (jf) fprintf(jf, "%s  {\"name\":\"%s\",\"fresh_us\":%.2f,\"reused_us\":%.2f}", measured ? ",\n" : "", name->s, mf, mr);
        log_fresh += log(mf);
        log_reused += log(mr);
        measured++;
    }
    if (jf) { fputs("\n]\n", jf); fclose(jf); }
    printf("\n%d cases measured, %d skipped\n", measured, skipped);
    if (measured)
        printf("geometric mean: fresh %.1f µs, reused %.1f µs\n", exp(log_fresh / measured), exp(log_reused / measured));
    printf("idle shell: %zu bytes (accounted)\n", idle);
    free(fresh);
    free(reused);
    jv_free(cases);
    free(text);
    sk_config_free(cfg);
    return 0;
}
