/* shparse_corpus.c — parse every case script of the bashkit corpus with the
 * shell parser and check that it agrees with `bash -n` (bash parses the
 * script without running it).
 *
 *   build/spec-shparse_corpus [--no-bash] [--print] [-v] [CORPUS_DIR]
 *
 * CORPUS_DIR defaults to ../shared/corpora/bashkit.  Case files are read
 * exactly as ../shared/corpora/bashkit/FORMAT.md section 2 describes.  A
 * case passes when our parser and bash agree on whether the script has a
 * syntax error (bash's here-document warnings are not errors).  With
 * --no-bash (or without /usr/bin/bash) a case passes when it parses.
 * With --print, each script that parses is also wrapped in a function
 * f() { ... } and sh_print_function() must print exactly what bash's
 * `declare -f f` prints (this runs bash on the definition, not the body).
 * The last line is "N passed, N failed".  This is a test program, so it may
 * use the host's files and processes; the library never does.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shell/parser.h"

typedef struct sbuf {
    char *p;
    size_t n, cap;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 256;
        while (nc < b->n + n + 1) nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) { perror("realloc"); exit(2); }
        b->p = np;
        b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

typedef struct kase {
    char *name;
    char *script;
    int skip;
} kase;

typedef struct kases {
    kase *a;
    size_t n, cap;
} kases;

static char *xstrndup(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    if (!r) { perror("malloc"); exit(2); }
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

/* ---- FORMAT.md section 2 ---------------------------------------------- */

enum { OUTSIDE, SCRIPT, EXPECT };

typedef struct cparse {
    kases *out;
    int open, state, has_desc, nlines;
    char *name;
    sbuf script;
    int skip;
} cparse;

static void finish_case(cparse *c)
{
    if (!c->open) return;
    kases *k = c->out;
    if (k->n == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 64;
        k->a = realloc(k->a, k->cap * sizeof *k->a);
        if (!k->a) { perror("realloc"); exit(2); }
    }
    k->a[k->n].name = c->name;
    k->a[k->n].script = c->script.p ? c->script.p : xstrndup("", 0);
    k->a[k->n].skip = c->skip;
    k->n++;
    c->open = 0;
    c->name = NULL;
    memset(&c->script, 0, sizeof c->script);
}

static void trim(const char **s, size_t *n)
{
    while (*n && (**s == ' ' || **s == '\t')) { (*s)++; (*n)--; }
    while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t' || (*s)[*n - 1] == '\r')) (*n)--;
}

static int starts(const char *s, size_t n, const char *w)
{
    size_t k = strlen(w);
    return n >= k && !memcmp(s, w, k);
}

static void parse_line(cparse *c, const char *l, size_t n)
{
    if (n >= 4 && !memcmp(l, "### ", 4)) {
        const char *t = l + 4;
        size_t tn = n - 4;
        trim(&t, &tn);
        if (tn == 6 && !memcmp(t, "expect", 6)) { if (c->open) c->state = EXPECT; return; }
        if (tn == 3 && !memcmp(t, "end", 3)) { finish_case(c); c->state = OUTSIDE; return; }
        if (starts(t, tn, "exit_code:")) return;
        if ((tn == 4 && !memcmp(t, "skip", 4)) || starts(t, tn, "skip:")) { if (c->open) c->skip = 1; return; }
        if ((tn == 9 && !memcmp(t, "bash_diff", 9)) || starts(t, tn, "bash_diff:")) return;
        if (tn == 11 && !memcmp(t, "paused_time", 11)) return;
        finish_case(c);
        c->open = 1;
        c->name = xstrndup(t, tn);
        c->state = SCRIPT;
        c->has_desc = 0;
        c->nlines = 0;
        c->skip = 0;
        return;
    }
    switch (c->state) {
    case SCRIPT:
        if (n >= 2 && l[0] == '#' && l[1] == ' ' && c->nlines == 0 && !c->has_desc) {
            c->has_desc = 1;
            return;
        }
        if (c->nlines++) sb_put(&c->script, "\n", 1);
        else sb_put(&c->script, "", 0);
        sb_put(&c->script, l, n);
        return;
    default:
        return;
    }
}

static int read_cases(const char *path, kases *out)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    sbuf all = { 0 };
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) sb_put(&all, buf, k);
    fclose(f);
    cparse c;
    memset(&c, 0, sizeof c);
    c.out = out;
    size_t i = 0;
    while (i < all.n) {
        const char *e = memchr(all.p + i, '\n', all.n - i);
        size_t end = e ? (size_t)(e - all.p) : all.n;
        size_t ln = end - i;
        if (ln && all.p[i + ln - 1] == '\r') ln--;
        parse_line(&c, all.p + i, ln);
        i = end + 1;
    }
    finish_case(&c);
    free(all.p);
    return 0;
}

/* ---- the oracle ----------------------------------------------------------- */

/* 1 when bash -n reports a syntax error, 0 when not, -1 if bash failed. */
static int bash_says_error(const char *script, char *msg, size_t msgn)
{
    int fd[2];
    if (pipe(fd)) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(fd[1], 2);
        int nul = open("/dev/null", 0);
        if (nul >= 0) { dup2(nul, 0); dup2(nul, 1); }
        close(fd[0]);
        close(fd[1]);
        execl("/usr/bin/bash", "bash", "-n", "-O", "extglob", "-c", script, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    sbuf err = { 0 };
    char buf[4096];
    ssize_t k;
    while ((k = read(fd[0], buf, sizeof buf)) > 0) sb_put(&err, buf, (size_t)k);
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    int bad = !WIFEXITED(st) || WEXITSTATUS(st) != 0;
    msg[0] = 0;
    for (size_t i = 0; err.p && i < err.n;) {
        const char *e = memchr(err.p + i, '\n', err.n - i);
        size_t end = e ? (size_t)(e - err.p) : err.n;
        if (!memmem(err.p + i, end - i, "warning:", 8)) {
            bad = 1;
            if (!msg[0]) snprintf(msg, msgn, "%.*s", (int)(end - i), err.p + i);
        }
        i = end + 1;
    }
    free(err.p);
    return bad;
}

/* bash's `declare -f f` for f() { SCRIPT }; NULL if bash failed. */
static char *bash_declare_f(const char *script)
{
    sbuf w = { 0 };
    sb_put(&w, "f() {\n", 6);
    sb_put(&w, script, strlen(script));
    sb_put(&w, "\n}\ndeclare -f f", 16);
    int fd[2];
    if (pipe(fd)) return NULL;
    pid_t pid = fork();
    if (pid < 0) return NULL;
    if (pid == 0) {
        dup2(fd[1], 1);
        int nul = open("/dev/null", O_RDWR);
        if (nul >= 0) { dup2(nul, 0); dup2(nul, 2); }
        close(fd[0]);
        close(fd[1]);
        execl("/usr/bin/bash", "bash", "-O", "extglob", "-c", w.p, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    free(w.p);
    sbuf out = { 0 };
    sb_put(&out, "", 0);
    char buf[4096];
    ssize_t k;
    while ((k = read(fd[0], buf, sizeof buf)) > 0) sb_put(&out, buf, (size_t)k);
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) { free(out.p); return NULL; }
    if (out.n && out.p[out.n - 1] == '\n') out.p[--out.n] = 0;
    return out.p;
}

/* Our sh_print_function() for the same wrapped script. */
static char *our_declare_f(const char *script)
{
    sbuf w = { 0 };
    sb_put(&w, "f() {\n", 6);
    sb_put(&w, script, strlen(script));
    sb_put(&w, "\n}\n", 3);
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_arena ar;
    sk_arena_init(&ar, &a, 0);
    sh_parse_opts o;
    sh_parse_opts_default(&o);
    o.extglob = 1;
    sh_parser *p = sh_parser_new(&ar, w.p, w.n, &o);
    sh_node *n = NULL;
    char *r = NULL;
    if (p && sh_parse_next(p, &n) == SH_PARSE_OK && n->kind == SH_N_FUNCDEF) {
        const char *t = sh_print_function(&ar, n->u.func.name.p, n->u.func.name.n, n->u.func.body);
        if (t) r = xstrndup(t, strlen(t));
    }
    sk_arena_free(&ar);
    free(w.p);
    return r;
}

/* ---- main ------------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **list_dir(const char *dir, int want_dirs, size_t *n)
{
    DIR *d = opendir(dir);
    *n = 0;
    if (!d) return NULL;
    char **v = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st)) continue;
        if (want_dirs ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode)) continue;
        size_t l = strlen(e->d_name);
        if (!want_dirs && (l < 3 || strcmp(e->d_name + l - 3, ".sh"))) continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 32;
            v = realloc(v, cap * sizeof *v);
            if (!v) { perror("realloc"); exit(2); }
        }
        v[(*n)++] = xstrndup(e->d_name, l);
    }
    closedir(d);
    if (*n) qsort(v, *n, sizeof *v, cmp_str);
    return v;
}

int main(int argc, char **argv)
{
    const char *root = "../shared/corpora/bashkit";
    int use_bash = access("/usr/bin/bash", X_OK) == 0, verbose = 0, print = 0, printed = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-bash")) use_bash = 0;
        else if (!strcmp(argv[i], "--print")) print = 1;
        else if (!strcmp(argv[i], "-v")) verbose = 1;
        else root = argv[i];
    }
    size_t nd;
    char **dirs = list_dir(root, 1, &nd);
    if (!dirs) {
        printf("shparse_corpus: skipped: no corpus at %s\n0 passed, 0 failed\n", root);
        return 0;
    }
    int passed = 0, failed = 0, expected_errors = 0, ncases = 0;
    double parse_secs = 0;
    for (size_t di = 0; di < nd; di++) {
        char dpath[4096];
        snprintf(dpath, sizeof dpath, "%s/%s", root, dirs[di]);
        size_t nf;
        char **files = list_dir(dpath, 0, &nf);
        for (size_t fi = 0; fi < nf; fi++) {
            char fpath[8192];
            snprintf(fpath, sizeof fpath, "%s/%s", dpath, files[fi]);
            kases ks = { 0 };
            if (read_cases(fpath, &ks)) { printf("cannot read %s\n", fpath); failed++; continue; }
            for (size_t ci = 0; ci < ks.n; ci++) {
                kase *k = &ks.a[ci];
                ncases++;
                sk_alloc a;
                sk_alloc_init(&a, 0);
                sk_arena ar;
                sk_arena_init(&ar, &a, 0);
                sh_parse_opts o;
                sh_parse_opts_default(&o);
                o.extglob = 1;
                struct timespec t0, t1;
                clock_gettime(CLOCK_MONOTONIC, &t0);
                sh_parser *p = sh_parser_new(&ar, k->script, strlen(k->script), &o);
                sh_node *n;
                int r = p ? sh_parse_all(p, &n) : SH_PARSE_NOMEM;
                clock_gettime(CLOCK_MONOTONIC, &t1);
                int clone_bad = 0;
                if (r == SH_PARSE_OK && n) {
                    /* the deep copy must outlive the parser's arena and
                       print the same */
                    sk_arena ar2;
                    sk_arena_init(&ar2, &a, 0);
                    sh_node *copy = sh_ast_clone(&ar2, n);
                    const char *d1 = sh_ast_dump(&ar, n);
                    char *want = d1 ? xstrndup(d1, strlen(d1)) : NULL;
                    sk_arena_free(&ar);
                    const char *d2 = copy ? sh_ast_dump(&ar2, copy) : NULL;
                    if (!want || !d2 || strcmp(want, d2)) {
                        printf("FAIL %s/%s [%s]: sh_ast_clone differs\n", dirs[di], files[fi], k->name);
                        clone_bad = 1;
                    }
                    free(want);
                    sk_arena_free(&ar2);
                    p = NULL;
                }
                parse_secs += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
                int ours = r < 0;
                char ourmsg[512] = "";
                if (ours && p) {
                    const sh_parse_error *e = sh_parser_error(p);
                    if (e->code == SH_PARSE_LIMIT)
                        snprintf(ourmsg, sizeof ourmsg, "resource limit exceeded: %s", e->limit_name);
                    else
                        snprintf(ourmsg, sizeof ourmsg, "line %d: %s", e->line, e->msg);
                }
                sk_arena_free(&ar);
                int theirs = ours;
                char bmsg[512] = "";
                if (use_bash) {
                    theirs = bash_says_error(k->script, bmsg, sizeof bmsg);
                    if (theirs < 0) theirs = ours;
                }
                if (!use_bash) theirs = 0;
                if (ours == theirs && !ours && use_bash && print) {
                    char *b = bash_declare_f(k->script), *m = our_declare_f(k->script);
                    if (b) {
                        printed++;
                        if (!m || strcmp(b, m)) {
                            ours = -1;
                            printf("FAIL %s/%s [%s]: declare -f differs\n--- bash\n%s\n--- ours\n%s\n", dirs[di],
                                   files[fi], k->name, b, m ? m : "(null)");
                        }
                    }
                    free(b);
                    free(m);
                }
                if (clone_bad) {
                    failed++;
                } else if (ours == theirs) {
                    passed++;
                    if (ours) {
                        expected_errors++;
                        if (verbose) printf("ok (both reject) %s/%s [%s]: %s\n", dirs[di], files[fi], k->name, ourmsg);
                    }
                } else {
                    failed++;
                    printf("FAIL %s/%s [%s]: ours: %s; bash: %s\n", dirs[di], files[fi], k->name,
                           ours ? ourmsg : "ok", theirs ? bmsg : "ok");
                }
                free(k->name);
                free(k->script);
            }
            free(ks.a);
            free(files[fi]);
        }
        free(files);
        free(dirs[di]);
    }
    free(dirs);
    printf("shparse_corpus: %d cases, %d rejected by both, %d printed like declare -f, parse time %.1f ms%s\n",
           ncases, expected_errors, printed, parse_secs * 1e3, use_bash ? "" : " (no bash check)");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
