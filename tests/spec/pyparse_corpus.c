/* pyparse_corpus.c — parse every Monty fixture with the Python parser.
 *
 * Usage: build/spec-pyparse_corpus [DIR]   (default ../shared/corpora/monty/test_cases)
 *
 * A fixture must parse, unless its expectation is a SyntaxError
 * (`# Raise=SyntaxError(...)` or a TRACEBACK ending in `SyntaxError: ...`).
 * For those, either the parser reports exactly that message (and, for
 * TRACEBACK fixtures, on the expected line), or it parses cleanly and the
 * error is one CPython raises after parsing (symtable/compiler: 'break'
 * outside loop, nonlocal at module level, ...), which is left to the
 * compiler and counted as "deferred".  Last line: "N passed, N failed". */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/alloc.h"
#include "base/arena.h"
#include "py/parser.h"

static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Expected SyntaxError message (and line, 0 if unknown); returns 1 if any. */
static int expected_syntax_error(const char *src, char *msg, size_t msz, int *line)
{
    *line = 0;
    const char *r = strstr(src, "# Raise=SyntaxError(");
    if (r) {
        r += strlen("# Raise=SyntaxError(");
        char q = *r++;
        const char *e = strchr(r, q);
        if (!e) return 0;
        size_t n = (size_t)(e - r) < msz - 1 ? (size_t)(e - r) : msz - 1;
        memcpy(msg, r, n);
        msg[n] = 0;
        return 1;
    }
    const char *tb = strstr(src, "TRACEBACK:");
    if (!tb) return 0;
    const char *s = strstr(tb, "\nSyntaxError: ");
    if (!s) return 0;
    s += strlen("\nSyntaxError: ");
    const char *e = strchr(s, '\n');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    if (n >= msz) n = msz - 1;
    memcpy(msg, s, n);
    msg[n] = 0;
    /* last 'File "...", line N' before it */
    const char *f = tb, *last = NULL;
    while ((f = strstr(f, ", line ")) && f < s) { last = f; f++; }
    if (last) *line = atoi(last + strlen(", line "));
    return 1;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/corpora/monty/test_cases";
    DIR *d = opendir(dir);
    if (!d) {
        printf("skipping: corpus directory %s not found\n", dir);
        printf("0 passed, 0 failed\n");
        return 0;
    }
    char **names = NULL;
    size_t nn = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l < 3 || strcmp(de->d_name + l - 3, ".py")) continue;
        if (nn == cap) {
            cap = cap ? cap * 2 : 1024;
            names = realloc(names, cap * sizeof *names);
            if (!names) return 2;
        }
        names[nn++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, nn, sizeof *names, cmpstr);
    int passed = 0, failed = 0, deferred = 0;
    size_t bytes = 0;
    clock_t t0 = clock();
    for (size_t i = 0; i < nn; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f) { printf("FAIL %s: cannot open\n", names[i]); failed++; continue; }
        fseek(f, 0, SEEK_END);
        long sz = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *src = malloc((size_t)sz + 1);
        if (!src || fread(src, 1, (size_t)sz, f) != (size_t)sz) { fclose(f); return 2; }
        fclose(f);
        src[sz] = 0;
        bytes += (size_t)sz;
        char emsg[256];
        int eline;
        int want_err = expected_syntax_error(src, emsg, sizeof emsg, &eline);
        sk_alloc a;
        sk_alloc_init(&a, 0);
        sk_arena ar;
        sk_arena_init(&ar, &a, 1 << 16);
        py_syntax_error err;
        py_parse_opts o = {0};
        o.filename = names[i];
        py_mod *m = py_parse(&ar, src, (size_t)sz, &o, &err);
        if (m) {
            if (want_err) deferred++;
            passed++;
        } else if (!want_err) {
            printf("FAIL %s: unexpected %s: %s (line %d, offset %d)\n", names[i],
                   py_error_kind_name(err.kind), err.msg, err.lineno, err.offset);
            failed++;
        } else if (strcmp(err.msg, emsg) || (eline && eline != err.lineno)) {
            printf("FAIL %s: expected SyntaxError '%s' (line %d), got '%s' (line %d)\n", names[i], emsg,
                   eline, err.msg, err.lineno);
            failed++;
        } else {
            passed++;
        }
        sk_arena_free(&ar);
        free(src);
        free(names[i]);
    }
    free(names);
    double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
    printf("parsed %zu files, %zu bytes in %.1f ms; %d SyntaxError fixtures deferred to the compiler\n", nn,
           bytes, ms, deferred);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
