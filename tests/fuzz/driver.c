/* driver.c — a small deterministic stand-in for libFuzzer, for CI's smoke
 * run (make fuzz-smoke, make asan).  Linked with one fuzz_<name>.c, it
 *
 *   1. replays every file in the directories (or files) on the command line
 *      (seed corpora, hand-written seeds, regression inputs), sorted;
 *   2. then runs -n mutations of them: bit flips, interesting bytes,
 *      deletions, duplications, long repetitions (deep nesting), insertions
 *      of dictionary tokens (-d, libFuzzer's format) and splices.  Mutation
 *      i depends only on (-s, the target name, i), so a run is reproducible
 *      and can resume after any input;
 *
 * and fails (non-zero exit) on a sanitizer report or crash (the sanitizer
 * aborts; a death callback saves the input first), on an input that takes
 * longer than -t seconds (SIGALRM: the libraries' own limits must end every
 * input long before), and, under AddressSanitizer, on an input during which
 * the host heap grows by more than -m MB (the sandbox's memory cap is far
 * lower: more means memory that bypasses the accounting allocator; the
 * stack of the allocation that crossed the line is printed).  Failing
 * inputs are written to -o DIR as crash-<target>-<hash>.
 *
 * Known failures (-K FILE): lines "TARGET NAME SIGNATURE..." for bugs found
 * and not fixed yet (SIGNATURE: texts joined by " && ", all of which must
 * occur in the report).  The inputs run in a worker process; when the worker
 * dies and its report contains the SIGNATURE of a known failure of this
 * target, the failure is listed as known and the run resumes after that
 * input.  A regression input called NAME that no longer fails is reported
 * so its line can be removed.  Any other failure fails the run.
 *
 * Test code: host I/O, globals, fork and signals are fine here. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DRIVER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define DRIVER_ASAN 1
#endif

#ifdef DRIVER_ASAN
/* The sanitizer runtime's interface (gcc ships no allocator_interface.h). */
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));
size_t __sanitizer_get_allocated_size(const volatile void *p);
void __sanitizer_set_death_callback(void (*callback)(void));
void __sanitizer_print_stack_trace(void);
int __lsan_do_recoverable_leak_check(void);
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct blob {
    uint8_t *p;
    size_t n;
    char *name;
} blob;

typedef struct blobs {
    blob *v;
    size_t n, cap;
} blobs;

/* What the worker shares with the supervisor (one mmap'd page). */
typedef struct shared {
    unsigned long cur;          /* index of the input running now */
    unsigned long done;         /* inputs finished */
    int finished;               /* the worker reached the end */
    int cut;                    /* the -T budget stopped the mutations */
    double slowest;
    char slowest_what[200];
    unsigned nslow;
} shared;

/* ---- state the signal handlers and hooks need ---------------------------- */

static const char *g_target = "target";
static const char *g_outdir = ".";
static const uint8_t *g_cur;
static size_t g_cur_n;
static const char *g_cur_what = "";
static volatile sig_atomic_t g_in_input;
static shared *g_sh;

static uint64_t fnv(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

static void save_current(const char *why)
{
    char path[1024];
    uint64_t h = fnv(g_cur, g_cur_n);
    int len = snprintf(path, sizeof path, "%s/crash-%s-%016llx", g_outdir, g_target, (unsigned long long)h);
    if (len <= 0 || (size_t)len >= sizeof path) return;
    FILE *f = fopen(path, "wb");
    if (f) {
        if (g_cur_n) fwrite(g_cur, 1, g_cur_n, f);
        fclose(f);
    }
    fprintf(stderr, "\n==driver== %s: %s on input %s (%zu bytes); saved as %s\n", g_target, why, g_cur_what,
            g_cur_n, path);
    fprintf(stderr, "==driver== reproduce: smoke-%s %s  (or libfuzzer-%s %s)\n", g_target, path, g_target, path);
}

#ifdef DRIVER_ASAN
static size_t g_heap_limit = (size_t)96 << 20;
static size_t g_live, g_base;
static unsigned long g_nmalloc, g_nfree;
static void malloc_hook(const volatile void *p, size_t n)
{
    (void)p;
    g_nmalloc++;
    g_live += n;
    if (g_in_input && g_live > g_base && g_live - g_base > g_heap_limit) {
        g_in_input = 0;
        char why[160];
        snprintf(why, sizeof why, "host heap grew by more than %zu MB: memory outside the accounting allocator "
                 "(stack of the allocation that crossed the line below)", g_heap_limit >> 20);
        save_current(why);
        __sanitizer_print_stack_trace();
        _exit(4);
    }
}
static void free_hook(const volatile void *p)
{
    if (!p) return;
    g_nfree++;
    size_t n = __sanitizer_get_allocated_size(p);
    g_live = g_live >= n ? g_live - n : 0;
}
#endif

static void on_death(void)
{
    if (g_in_input) save_current("sanitizer report");
}

static void on_alarm(int sig)
{
    (void)sig;
    save_current("timeout (the input ran longer than -t seconds)");
#ifdef DRIVER_ASAN
    __sanitizer_print_stack_trace();
#endif
    _exit(3);
}

static void on_fatal(int sig)
{
    if (g_in_input) save_current(sig == SIGSEGV ? "SIGSEGV" : sig == SIGABRT ? "SIGABRT" : "fatal signal");
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- loading ------------------------------------------------------------- */

static void blobs_add(blobs *b, uint8_t *p, size_t n, const char *name)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 256;
        b->v = realloc(b->v, b->cap * sizeof *b->v);
        if (!b->v) abort();
    }
    b->v[b->n].p = p;
    b->v[b->n].n = n;
    b->v[b->n].name = strdup(name);
    b->n++;
}

static void blobs_free(blobs *b)
{
    for (size_t i = 0; i < b->n; i++) {
        free(b->v[i].p);
        free(b->v[i].name);
    }
    free(b->v);
}

static int load_file(blobs *b, const char *path, size_t maxlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    uint8_t *p = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            p = realloc(p, cap);
            if (!p) abort();
        }
        size_t k = fread(p + n, 1, cap - n, f);
        if (!k) break;
        n += k;
    }
    fclose(f);
    if (n > maxlen) n = maxlen;
    blobs_add(b, p, n, path);
    return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void load_path(blobs *b, const char *path, size_t maxlen)
{
    struct stat st;
    if (stat(path, &st)) return;   /* a missing corpus directory is no error */
    if (!S_ISDIR(st.st_mode)) {
        load_file(b, path, maxlen);
        return;
    }
    DIR *d = opendir(path);
    if (!d) return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names) abort();
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, names[i]);
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode)) load_file(b, full, maxlen);
        free(names[i]);
    }
    free(names);
}

/* libFuzzer dictionary: lines `"token"` or `name="token"`, with \\ \" \xNN. */
static void load_dict(blobs *b, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "driver: cannot read dictionary %s\n", path);
        exit(2);
    }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *q = strchr(line, '"');
        if (!q || line[0] == '#') continue;
        char *end = strrchr(line, '"');
        if (end <= q) continue;
        uint8_t *tok = malloc((size_t)(end - q) + 1);
        if (!tok) abort();
        size_t n = 0;
        for (char *s = q + 1; s < end; s++) {
            if (*s == '\\' && s + 1 < end) {
                s++;
                if (*s == 'x' && s + 2 < end) {
                    char hex[3] = { s[1], s[2], 0 };
                    tok[n++] = (uint8_t)strtoul(hex, NULL, 16);
                    s += 2;
                } else {
                    tok[n++] = (uint8_t)*s;
                }
            } else {
                tok[n++] = (uint8_t)*s;
            }
        }
        blobs_add(b, tok, n, "dict");
    }
    fclose(f);
}

/* ---- known failures -------------------------------------------------------- */

typedef struct known {
    char *name;         /* regression file name */
    char *sig;          /* substring of the failure report */
    int seen;           /* matched in this run */
} known;


static known *g_known;
static size_t g_nknown;

static void load_known(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[2048];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || !line[0]) continue;
        char *t = strtok(line, " \t");
        char *name = t ? strtok(NULL, " \t") : NULL;
        char *sig = name ? strtok(NULL, "") : NULL;
        if (!sig || strcmp(t, g_target)) continue;
        sig += strspn(sig, " \t");
        g_known = realloc(g_known, (g_nknown + 1) * sizeof *g_known);
        if (!g_known) abort();
        g_known[g_nknown].name = strdup(name);
        g_known[g_nknown].sig = strdup(sig);
        g_known[g_nknown].seen = 0;
        g_nknown++;
    }
    fclose(f);
}

/* Every part of sig (parts separated by " && ") occurs in the report. */
static int sig_matches(const char *report, const char *sig)
{
    char part[512];
    while (*sig) {
        const char *e = strstr(sig, " && ");
        size_t n = e ? (size_t)(e - sig) : strlen(sig);
        if (n >= sizeof part) n = sizeof part - 1;
        memcpy(part, sig, n);
        part[n] = 0;
        if (!strstr(report, part)) return 0;
        sig += n;
        if (e) sig += 4;
    }
    return 1;
}

/* ---- mutation ------------------------------------------------------------- */

static uint64_t rng_state;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static size_t below(size_t n) { return n ? (size_t)(rnd() % n) : 0; }

typedef struct mbuf {
    uint8_t *p;
    size_t n, cap, max;
} mbuf;

static void mb_insert(mbuf *m, size_t at, const uint8_t *src, size_t k)
{
    if (m->n + k > m->max) k = m->max - m->n;
    if (!k) return;
    if (m->n + k > m->cap) {
        m->cap = (m->n + k) * 2;
        m->p = realloc(m->p, m->cap);
        if (!m->p) abort();
    }
    memmove(m->p + at + k, m->p + at, m->n - at);
    memcpy(m->p + at, src, k);
    m->n += k;
}

static const uint8_t interesting[] = { 0, 0xff, 0x7f, 0x80, 0xc3, 0xe2, '\n', '\t', ' ', '"', '\'', '\\', '`',
                                       '$', '(', ')', '{', '}', '[', ']', '<', '>', '|', '&', ';', '*', '?',
                                       '!', '#', '%', '-', '0', '9', ':', '=', '+', '.', ',', '@', '^', '~' };

static void mutate_once(mbuf *m, const blobs *seeds, const blobs *dict)
{
    size_t at = below(m->n + 1);
    switch (below(9)) {
    case 0: /* bit flip */
        if (m->n) m->p[below(m->n)] ^= (uint8_t)(1u << below(8));
        break;
    case 1: /* interesting byte */
        if (m->n) m->p[below(m->n)] = interesting[below(sizeof interesting)];
        else mb_insert(m, 0, &interesting[below(sizeof interesting)], 1);
        break;
    case 2: { /* delete a range */
        if (!m->n) break;
        size_t s = below(m->n), k = 1 + below(m->n - s < 16 ? m->n - s : 16);
        memmove(m->p + s, m->p + s + k, m->n - s - k);
        m->n -= k;
        break;
    }
    case 3: { /* duplicate a range elsewhere */
        if (!m->n) break;
        size_t s = below(m->n), k = 1 + below(m->n - s < 32 ? m->n - s : 32);
        uint8_t tmp[32];
        memcpy(tmp, m->p + s, k);
        mb_insert(m, at, tmp, k);
        break;
    }
    case 4: { /* repeat a short range many times: deep nesting, long runs */
        if (!m->n) break;
        size_t s = below(m->n), k = 1 + below(m->n - s < 4 ? m->n - s : 4);
        uint8_t tmp[4];
        memcpy(tmp, m->p + s, k);
        size_t times = 16 + below(500);
        for (size_t i = 0; i < times && m->n < m->max; i++) mb_insert(m, at, tmp, k);
        break;
    }
    case 5: case 6: /* dictionary token */
        if (dict->n) {
            const blob *t = &dict->v[below(dict->n)];
            mb_insert(m, at, t->p, t->n);
        }
        break;
    case 7: { /* splice: our prefix + another input's suffix */
        const blob *o = &seeds->v[below(seeds->n)];
        size_t from = below(o->n + 1);
        m->n = at;
        mb_insert(m, at, o->p + from, o->n - from);
        break;
    }
    default: { /* random bytes */
        uint8_t tmp[8];
        size_t k = 1 + below(8);
        for (size_t i = 0; i < k; i++) tmp[i] = (uint8_t)rnd();
        mb_insert(m, at, tmp, k);
        break;
    }
    }
}

/* Mutation number i of the run. */
static void make_mutation(mbuf *m, unsigned long i, uint64_t seed, const blobs *seeds, const blobs *dict)
{
    rng_state = seed ^ fnv((const uint8_t *)g_target, strlen(g_target)) ^ (i * 0xd1342543de82ef95ull);
    (void)rnd();
    const blob *b = &seeds->v[below(seeds->n)];
    m->n = 0;
    mb_insert(m, 0, b->p, b->n);
    size_t k = 1 + below(4);
    for (size_t j = 0; j < k; j++) mutate_once(m, seeds, dict);
}

/* ---- running --------------------------------------------------------------- */

static const char *base_name(const char *p)
{
    const char *b = strrchr(p, '/');
    return b ? b + 1 : p;
}

static unsigned g_timeout = 10;
static double g_slow_report;     /* -w: save inputs slower than this (not a failure) */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void run_one(const uint8_t *p, size_t n, const char *what)
{
    /* libFuzzer hands the target a buffer of exactly n bytes: so do we, so
     * that ASan sees reads past the end */
    uint8_t *copy = malloc(n ? n : 1);
    if (!copy) abort();
    if (n) memcpy(copy, p, n);
    g_cur = copy;
    g_cur_n = n;
    g_cur_what = what;
#ifdef DRIVER_ASAN
    g_base = g_live;
    long balance = (long)(g_nmalloc - g_nfree);
#endif
    double t0 = now_s();
    g_in_input = 1;
    alarm(g_timeout);
    LLVMFuzzerTestOneInput(copy, n);
    alarm(0);
    g_in_input = 0;
    double dt = now_s() - t0;
#ifdef DRIVER_ASAN
    /* as libFuzzer does: when the input left blocks behind, ask
     * LeakSanitizer whether any is unreachable */
    if ((long)(g_nmalloc - g_nfree) != balance && __lsan_do_recoverable_leak_check()) {
        save_current("memory leak (LeakSanitizer report above)");
        _exit(5);
    }
#endif
    if (dt > g_sh->slowest) {
        g_sh->slowest = dt;
        snprintf(g_sh->slowest_what, sizeof g_sh->slowest_what, "%s", what);
    }
    if (g_slow_report > 0 && dt > g_slow_report) {
        char path[1024];
        snprintf(path, sizeof path, "%s/slow-%s-%016llx", g_outdir, g_target, (unsigned long long)fnv(copy, n));
        FILE *f = fopen(path, "wb");
        if (f) {
            if (n) fwrite(copy, 1, n, f);
            fclose(f);
        }
        fprintf(stderr, "==driver== %s: slow input (%.2fs) %s saved as %s\n", g_target, dt, what, path);
        g_sh->nslow++;
    }
    free(copy);
}

typedef struct plan {
    blobs seeds, dict;
    unsigned long nmut;
    uint64_t seed;
    size_t maxlen;
    double budget, t0;
} plan;

/* The worker: inputs [start, end of the plan). */
static int is_known_name(const char *path)
{
    for (size_t i = 0; i < g_nknown; i++)
        if (!strcmp(base_name(path), g_known[i].name)) return 1;
    return 0;
}

static void worker(const plan *pl, unsigned long start)
{
    signal(SIGALRM, on_alarm);
    signal(SIGABRT, on_fatal);
#ifdef DRIVER_ASAN
    /* ASan reports SEGV (stack overflows included) itself, then calls this */
    __sanitizer_set_death_callback(on_death);
    __sanitizer_install_malloc_and_free_hooks(malloc_hook, free_hook);
#else
    (void)on_death;
    signal(SIGSEGV, on_fatal);
    signal(SIGBUS, on_fatal);
    signal(SIGFPE, on_fatal);
#endif
    mbuf m = { NULL, 0, 0, pl->maxlen };
    unsigned long total = pl->seeds.n + pl->nmut;
    for (unsigned long i = start; i < total; i++) {
        g_sh->cur = i;
        if (i < pl->seeds.n) {
            /* a known failure that hangs need not take the full -t; 3 s
             * still lets a fixed one end by the sandbox's 2 s timeout */
            unsigned t = g_timeout;
            if (is_known_name(pl->seeds.v[i].name) && g_timeout > 3) g_timeout = 3;
            run_one(pl->seeds.v[i].p, pl->seeds.v[i].n, pl->seeds.v[i].name);
            g_timeout = t;
        } else {
            if (pl->budget > 0 && now_s() - pl->t0 > pl->budget) {
                g_sh->cut = 1;
                break;
            }
            unsigned long k = i - pl->seeds.n;
            make_mutation(&m, k, pl->seed, &pl->seeds, &pl->dict);
            char what[64];
            snprintf(what, sizeof what, "mutation #%lu", k);
            run_one(m.p, m.n, what);
        }
        g_sh->done++;
    }
    free(m.p);
    g_sh->finished = 1;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return strdup("");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)(n > 0 ? n : 0) + 1);
    if (!s) abort();
    size_t k = n > 0 ? fread(s, 1, (size_t)n, f) : 0;
    s[k] = 0;
    fclose(f);
    return s;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: smoke-TARGET [-n mutations] [-s seed] [-d dict] [-t sec/input] [-m heap MB]\n"
            "                    [-x max len] [-T total sec] [-o crash dir] [-N name] [-w slow sec]\n"
            "                    [-K known-failures file] PATH...\n");
    exit(2);
}

int main(int argc, char **argv)
{
    plan pl;
    memset(&pl, 0, sizeof pl);
    pl.nmut = 1000;
    pl.seed = 1;
    pl.maxlen = 4096;
    const char *dictpath = NULL, *knownpath = NULL;
    int opt;
    while ((opt = getopt(argc, argv, "n:s:d:t:m:x:T:o:N:w:K:")) != -1) {
        switch (opt) {
        case 'n': pl.nmut = strtoul(optarg, NULL, 10); break;
        case 's': pl.seed = strtoull(optarg, NULL, 10); break;
        case 'd': dictpath = optarg; break;
        case 't': g_timeout = (unsigned)strtoul(optarg, NULL, 10); break;
        case 'm':
#ifdef DRIVER_ASAN
            g_heap_limit = (size_t)strtoul(optarg, NULL, 10) << 20;
#endif
            break;
        case 'x': pl.maxlen = strtoul(optarg, NULL, 10); break;
        case 'T': pl.budget = strtod(optarg, NULL); break;
        case 'o': g_outdir = optarg; break;
        case 'N': g_target = optarg; break;
        case 'w': g_slow_report = strtod(optarg, NULL); break;
        case 'K': knownpath = optarg; break;
        default: usage();
        }
    }
    if (knownpath) load_known(knownpath);
    for (int i = optind; i < argc; i++) load_path(&pl.seeds, argv[i], pl.maxlen);
    if (dictpath) load_dict(&pl.dict, dictpath);
    if (!pl.seeds.n) blobs_add(&pl.seeds, calloc(1, 1), 0, "(empty)");
    g_sh = mmap(NULL, sizeof *g_sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (g_sh == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    memset(g_sh, 0, sizeof *g_sh);
    pl.t0 = now_s();

    /* Supervise: a worker runs from `start`; when it dies on a known
     * failure, resume after that input. */
    char errpath[1024];
    snprintf(errpath, sizeof errpath, "%s/worker-%s.log", g_outdir, g_target);
    unsigned long start = 0, nknown_hits = 0;
    int status = 0;
    char *failed = calloc(pl.seeds.n + 1, 1);   /* replayed inputs that failed */
    if (!failed) abort();
    for (;;) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 2;
        }
        if (pid == 0) {
            int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                dup2(fd, 2);
                close(fd);
            }
            worker(&pl, start);
            fflush(NULL);
            _exit(0);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        char *report = read_text(errpath);
        if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && g_sh->finished) {
            fputs(report, stderr);   /* slow-input notes */
            free(report);
            break;
        }
        unsigned long bad = g_sh->cur;
        const char *what = bad < pl.seeds.n ? pl.seeds.v[bad].name : "a mutation";
        known *k = NULL;
        for (size_t i = 0; i < g_nknown && !k; i++)
            if (sig_matches(report, g_known[i].sig)) k = &g_known[i];
        if (!k) {
            fputs(report, stderr);
            fprintf(stderr, "==driver== %s: FAILED on input %lu (%s)\n", g_target, bad, what);
            free(report);
            status = 1;
            break;
        }
        k->seen = 1;
        nknown_hits++;
        if (bad < pl.seeds.n) failed[bad] = 1;
        printf("%s: known failure [%s] on input %lu (%s) - not counted\n", g_target, k->name, bad, what);
        free(report);
        g_sh->done++;
        start = bad + 1;
        g_sh->finished = 0;
    }
    unlink(errpath);

    /* Regression inputs of known failures that passed this time. */
    for (size_t i = 0; i < g_nknown && !status; i++)
        for (size_t j = 0; j < pl.seeds.n; j++)
            if (!failed[j] && !strcmp(base_name(pl.seeds.v[j].name), g_known[i].name))
                printf("%s: known failure [%s] now passes: take its line off the known list\n", g_target,
                       g_known[i].name);
    free(failed);
    if (!status) {
        printf("%s: %zu inputs replayed, %lu mutations in %.1fs%s; %lu known failures; slowest %.2fs (%s)",
               g_target, pl.seeds.n, g_sh->done > pl.seeds.n ? g_sh->done - pl.seeds.n : 0, now_s() - pl.t0,
               g_sh->cut ? " (time budget reached)" : "", nknown_hits, g_sh->slowest, g_sh->slowest_what);
        if (g_sh->nslow) printf("; %u slow inputs saved in %s", g_sh->nslow, g_outdir);
        printf("\n");
    }
    blobs_free(&pl.seeds);
    blobs_free(&pl.dict);
    for (size_t i = 0; i < g_nknown; i++) {
        free(g_known[i].name);
        free(g_known[i].sig);
    }
    free(g_known);
    munmap(g_sh, sizeof *g_sh);
    return status;
}
