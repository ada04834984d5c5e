/* seeds.c — builds the fuzz targets' seed corpora at run time from test
 * data that already exists, so no corpus file is copied into the repo:
 *
 *   fuzz-seeds OUTDIR CORPORA REPO
 *
 * writes OUTDIR/<target>/<hash> files from
 *   - the bashkit cases (CORPORA/bashkit/<suite>/NAME.test.sh): every case's
 *     script (shell targets) and, from a rough reading of its command lines,
 *     the programs and inputs of jq, yq, awk, sed, grep and python -c, the
 *     formats and arguments of printf, the arithmetic of $(( )) and (( )),
 *     and the words that look like glob patterns;
 *   - the Monty cases (CORPORA/monty/test_cases/NAME.py) and the project's
 *     Python parser cases (REPO/tests/pyparse/cases/NAME.py).
 * The reading of command lines is deliberately simple: seeds only need to
 * be plausible, not exact.  Identical seeds are written once.
 *
 * Test code: host I/O is fine here. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *outdir;
static unsigned long nwritten;

/* ---- small growable strings ------------------------------------------------ */

typedef struct str {
    char *p;
    size_t n, cap;
} str;

static void s_put(str *s, const void *p, size_t n)
{
    if (s->n + n + 1 > s->cap) {
        s->cap = (s->n + n + 1) * 2;
        s->p = realloc(s->p, s->cap);
        if (!s->p) abort();
    }
    memcpy(s->p + s->n, p, n);
    s->n += n;
    s->p[s->n] = 0;
}
static void s_putc(str *s, char c) { s_put(s, &c, 1); }
static void s_puts(str *s, const char *z) { s_put(s, z, strlen(z)); }
static void s_clear(str *s) { s->n = 0; if (s->p) s->p[0] = 0; }

/* ---- output ------------------------------------------------------------------ */

static void write_seed(const char *target, const void *p, size_t n)
{
    if (n > 65536) n = 65536;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", outdir, target);
    if (mkdir(path, 0755) && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s/%016llx", outdir, target, (unsigned long long)h);
    struct stat st;
    if (stat(path, &st) == 0) return;
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fwrite(p, 1, n, f);
    fclose(f);
    nwritten++;
}

/* A seed of two parts: A \0 B. */
static void write_pair(const char *target, const char *a, size_t an, const char *b, size_t bn)
{
    str s = { 0 };
    s_put(&s, a, an);
    s_putc(&s, 0);
    s_put(&s, b, bn);
    write_seed(target, s.p, s.n);
    free(s.p);
}

/* ---- files ------------------------------------------------------------------- */

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    str s = { 0 };
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) s_put(&s, buf, k);
    fclose(f);
    if (!s.p) s_put(&s, "", 0);
    *n = s.n;
    return s.p;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted names in dir ending in `suffix`; NULL-terminated, malloc'd. */
static char **list_dir(const char *dir, const char *suffix)
{
    DIR *d = opendir(dir);
    if (!d) return NULL;
    char **v = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    size_t sl = strlen(suffix);
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l < sl || strcmp(e->d_name + l - sl, suffix)) continue;
        if (n + 2 > cap) {
            cap = cap ? cap * 2 : 64;
            v = realloc(v, cap * sizeof *v);
            if (!v) abort();
        }
        v[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (!v) return NULL;
    qsort(v, n, sizeof *v, cmp_str);
    v[n] = NULL;
    return v;
}

static void free_list(char **v)
{
    if (!v) return;
    for (char **p = v; *p; p++) free(*p);
    free(v);
}

/* ---- a rough shell reading ----------------------------------------------------- */

#define MAXW 64

typedef struct words {
    str w[MAXW];
    int n;
} words;

static void words_clear(words *ws)
{
    for (int i = 0; i < MAXW; i++) s_clear(&ws->w[i]);
    ws->n = 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Backslash escapes of printf formats, echo -e and $'...'. */
static void unescape(str *out, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] != '\\' || i + 1 >= n) {
            s_putc(out, p[i]);
            continue;
        }
        char c = p[++i];
        switch (c) {
        case 'n': s_putc(out, '\n'); break;
        case 't': s_putc(out, '\t'); break;
        case 'r': s_putc(out, '\r'); break;
        case '\\': s_putc(out, '\\'); break;
        case '0': s_putc(out, 0); break;
        case 'x':
            if (i + 1 < n && hexval(p[i + 1]) >= 0) {
                int v = hexval(p[++i]);
                if (i + 1 < n && hexval(p[i + 1]) >= 0) v = v * 16 + hexval(p[++i]);
                s_putc(out, (char)v);
            } else {
                s_puts(out, "\\x");
            }
            break;
        default: s_putc(out, '\\'); s_putc(out, c); break;
        }
    }
}

/* Split one command (no | ; && here) into unquoted words. */
static void split_words(const char *p, size_t n, words *ws)
{
    words_clear(ws);
    size_t i = 0;
    while (i < n && ws->n < MAXW) {
        while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
        if (i >= n || p[i] == '#') break;
        str *w = &ws->w[ws->n++];
        while (i < n && p[i] != ' ' && p[i] != '\t') {
            char c = p[i];
            if (c == '\'') {
                size_t j = i + 1;
                while (j < n && p[j] != '\'') j++;
                s_put(w, p + i + 1, j - i - 1);
                i = j + 1;
            } else if (c == '$' && i + 1 < n && p[i + 1] == '\'') {
                size_t j = i + 2;
                while (j < n && p[j] != '\'') j += p[j] == '\\' ? 2 : 1;
                if (j > n) j = n;
                unescape(w, p + i + 2, j - i - 2);
                i = j + 1;
            } else if (c == '"') {
                size_t j = i + 1;
                while (j < n && p[j] != '"') {
                    if (p[j] == '\\' && j + 1 < n && strchr("\"\\$`", p[j + 1])) j++;
                    s_putc(w, p[j]);
                    j++;
                }
                i = j + 1;
            } else if (c == '\\' && i + 1 < n) {
                s_putc(w, p[i + 1]);
                i += 2;
            } else {
                s_putc(w, c);
                i++;
            }
        }
    }
}

/* Offsets of the commands of a line: split at unquoted | ; && || and
 * newlines; kinds[k] is 1 when command k reads the previous one's output. */
#define MAXC 32
static int split_commands(const char *p, size_t n, size_t *st, size_t *en, int *piped)
{
    int k = 0;
    size_t start = 0;
    int q = 0, pipe_next = 0;
    for (size_t i = 0; i <= n && k < MAXC; i++) {
        char c = i < n ? p[i] : 0;
        if (i < n && q) {
            if (q == '\'' && c == '\'') q = 0;
            else if (q == '"' && c == '\\') i++;
            else if (q == '"' && c == '"') q = 0;
            continue;
        }
        if (i < n && (c == '\'' || c == '"')) { q = c; continue; }
        if (i < n && c == '\\') { i++; continue; }
        int sep = 0, is_pipe = 0;
        if (i == n || c == ';' || c == '\n') sep = 1;
        else if (c == '&' && i + 1 < n && p[i + 1] == '&') sep = 2;
        else if (c == '|' && i + 1 < n && p[i + 1] == '|') sep = 2;
        else if (c == '|') { sep = 1; is_pipe = 1; }
        if (!sep) continue;
        st[k] = start;
        en[k] = i;
        piped[k] = pipe_next;
        k++;
        pipe_next = is_pipe;
        i += (size_t)sep - 1;
        start = i + 1;
    }
    return k;
}

/* ---- what a case's script says ------------------------------------------------------ */

static const char *tool_name(const char *w)
{
    static const char *const tools[] = { "jq", "yq", "awk", "sed", "grep", "printf", "python", "python3", NULL };
    for (int i = 0; tools[i]; i++)
        if (!strcmp(w, tools[i])) return tools[i];
    return NULL;
}

/* The first operand after options; options listed in `with_arg` take the
 * next word.  -e/-f style script options return their argument. */
static int first_operand(const words *ws, const char *with_arg, const char *script_opt, int *idx)
{
    for (int i = 1; i < ws->n; i++) {
        const char *w = ws->w[i].p ? ws->w[i].p : "";
        if (w[0] == '>' || w[0] == '<' || (w[0] >= '0' && w[0] <= '9' && w[1] == '>')) return -1;
        if (w[0] == '-' && w[1]) {
            if (!strcmp(w, "--")) { *idx = i + 1; return i + 1 < ws->n ? 0 : -1; }
            if (script_opt && w[1] && strchr(script_opt, w[1]) && !w[2]) { *idx = i + 1; return i + 1 < ws->n ? 0 : -1; }
            if (w[1] && strchr(with_arg, w[1]) && !w[2]) i++;
            if (w[1] == '-' && (!strcmp(w, "--arg") || !strcmp(w, "--argjson"))) i += 2;
            continue;
        }
        if (!strcmp(w, "eval") || !strcmp(w, "e")) continue;   /* yq eval */
        *idx = i;
        return 0;
    }
    return -1;
}

static void echo_text(const words *ws, str *out)
{
    s_clear(out);
    int i = 1, esc = 0, nl = 1;
    for (; i < ws->n; i++) {
        const char *w = ws->w[i].p ? ws->w[i].p : "";
        if (!strcmp(w, "-e")) esc = 1;
        else if (!strcmp(w, "-n")) nl = 0;
        else if (!strcmp(w, "-en") || !strcmp(w, "-ne")) esc = 1, nl = 0;
        else break;
    }
    for (int first = 1; i < ws->n; i++, first = 0) {
        const char *w = ws->w[i].p ? ws->w[i].p : "";
        if (w[0] == '>' || w[0] == '<') break;
        if (!first) s_putc(out, ' ');
        if (esc) unescape(out, w, strlen(w));
        else s_puts(out, w);
    }
    if (nl) s_putc(out, '\n');
}

/* printf FORMAT ARGS as text: escapes, and %s/%d/%b taking the arguments in
 * turn (good enough for the inputs the corpus pipes into tools). */
static void printf_text(const words *ws, int fi, str *out)
{
    s_clear(out);
    const char *f = ws->w[fi].p ? ws->w[fi].p : "";
    int ai = fi + 1;
    do {
        for (const char *p = f; *p; p++) {
            if (*p == '%' && p[1] && p[1] != '%') {
                p++;
                while (*p && strchr("-+ #0123456789.", *p)) p++;
                if (!*p) break;
                if (ai < ws->n && ws->w[ai].p && ws->w[ai].p[0] != '>' && ws->w[ai].p[0] != '<')
                    unescape(out, ws->w[ai].p, ws->w[ai].n);
                ai++;
            } else if (*p == '%' && p[1] == '%') {
                s_putc(out, '%');
                p++;
            } else if (*p == '\\' && p[1]) {
                unescape(out, p, 2);
                p++;
            } else {
                s_putc(out, *p);
            }
        }
    } while (ai < ws->n && ai > fi + 1 && ws->w[ai].p && ws->w[ai].p[0] != '>' && ws->w[ai].p[0] != '<');
}

static unsigned char regex_header_dialect(const words *ws)
{
    /* RX_BRE 0, RX_ERE 1, RX_PCRE 2, RX_RUST 3, RX_PYTHON 4, RX_LITERAL 5 */
    for (int i = 1; i < ws->n; i++) {
        const char *w = ws->w[i].p ? ws->w[i].p : "";
        if (w[0] != '-') continue;
        if (strchr(w, 'E')) return 1;
        if (strchr(w, 'P')) return 2;
        if (strchr(w, 'F')) return 5;
    }
    return 0;
}

static void write_regex(unsigned char dialect, unsigned flags, const char *pat, size_t pn, const char *subj, size_t sn)
{
    str s = { 0 };
    unsigned char hdr[4] = { dialect, (unsigned char)(flags & 0xff), (unsigned char)(flags >> 8), 0 };
    s_put(&s, hdr, 4);
    s_put(&s, pat, pn);
    s_putc(&s, 0);
    s_put(&s, subj, sn);
    write_seed("regex", s.p, s.n);
    free(s.p);
}

/* s/RE/REP/ commands of a sed script: their regexes. */
static void sed_regexes(const char *script, int ere, const char *subj, size_t sn)
{
    for (const char *p = script; *p; p++) {
        if (*p != 's' || !p[1] || p[1] == '\n' || p[1] == '\\') continue;
        if (p != script && !strchr(" ;{}\n!0123456789$/", p[-1])) continue;
        char d = p[1];
        const char *b = p + 2, *e = b;
        while (*e && *e != d) e += (*e == '\\' && e[1]) ? 2 : 1;
        if (*e != d) continue;
        write_regex((unsigned char)ere, 1u << 5 /* RX_SED */, b, (size_t)(e - b), subj, sn);
    }
}

static int looks_like_glob(const char *w)
{
    if (!w || !*w || strchr(w, '$') || strchr(w, '=') || w[0] == '-') return 0;
    return strpbrk(w, "*?[") != NULL || strstr(w, "@(") || strstr(w, "+(") || strstr(w, "!(");
}

/* Arithmetic between $(( and its )) / (( and )). */
static void arith_exprs(const char *p, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        if (p[i] != '(' || p[i + 1] != '(') continue;
        size_t j = i + 2;
        int depth = 0;
        for (; j + 1 < n; j++) {
            if (p[j] == '(') depth++;
            else if (p[j] == ')') {
                if (depth == 0 && p[j + 1] == ')') break;
                depth--;
            } else if (p[j] == '\n') break;
        }
        if (j + 1 < n && p[j] == ')' && j > i + 2) write_seed("arith", p + i + 2, j - i - 2);
        i = j;
    }
}

/* One case script: run the extractors over its lines. */
static void do_script(const char *script, size_t len)
{
    write_seed("shell_parser", script, len);
    write_seed("shell_exec", script, len);
    arith_exprs(script, len);

    str line = { 0 }, text = { 0 }, here = { 0 };
    words ws;
    memset(&ws, 0, sizeof ws);
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(script + pos, '\n', len - pos);
        size_t e = nl ? (size_t)(nl - script) : len;
        s_clear(&line);
        s_put(&line, script + pos, e - pos);
        pos = nl ? e + 1 : len;
        /* a here-document: its body is the stdin of this line */
        s_clear(&here);
        int have_here = 0;
        const char *hd = strstr(line.p, "<<");
        if (hd && hd[2] != '<') {
            const char *d = hd + 2;
            int strip = 0;
            if (*d == '-') { strip = 1; d++; }
            while (*d == ' ') d++;
            char delim[64];
            size_t k = 0;
            while (*d && k < sizeof delim - 1 && !strchr(" ;|&)>", *d)) {
                if (*d != '\'' && *d != '"' && *d != '\\') delim[k++] = *d;
                d++;
            }
            delim[k] = 0;
            if (k) {
                have_here = 1;
                while (pos < len) {
                    const char *nl2 = memchr(script + pos, '\n', len - pos);
                    size_t e2 = nl2 ? (size_t)(nl2 - script) : len;
                    const char *l = script + pos;
                    size_t ll = e2 - pos;
                    pos = nl2 ? e2 + 1 : len;
                    while (strip && ll && *l == '\t') l++, ll--;
                    if (ll == k && !memcmp(l, delim, k)) break;
                    s_put(&here, l, ll);
                    s_putc(&here, '\n');
                }
            }
        } else if (hd && hd[2] == '<') {
            words hw;
            memset(&hw, 0, sizeof hw);
            split_words(hd + 3, strlen(hd + 3), &hw);
            if (hw.n && hw.w[0].p) {
                s_put(&here, hw.w[0].p, hw.w[0].n);
                s_putc(&here, '\n');
                have_here = 1;
            }
            for (int i = 0; i < MAXW; i++) free(hw.w[i].p);
        }

        size_t st[MAXC], en[MAXC];
        int piped[MAXC];
        int nc = split_commands(line.p, line.n, st, en, piped);
        for (int c = 0; c < nc; c++) {
            split_words(line.p + st[c], en[c] - st[c], &ws);
            if (!ws.n || !ws.w[0].p) continue;
            const char *cmd = ws.w[0].p;
            if (!piped[c]) s_clear(&text);
            if (have_here && !piped[c]) s_put(&text, here.p ? here.p : "", here.n);
            int oi;
            for (int i = 1; i < ws.n; i++)
                if (looks_like_glob(ws.w[i].p)) {
                    unsigned char fl = 1;
                    str g = { 0 };
                    s_putc(&g, (char)fl);
                    s_put(&g, ws.w[i].p, ws.w[i].n);
                    s_putc(&g, 0);
                    s_puts(&g, "abc.txt");
                    write_seed("glob", g.p, g.n);
                    free(g.p);
                }
            if (!strcmp(cmd, "echo")) {
                str t = { 0 };
                echo_text(&ws, &t);
                s_clear(&text);
                s_put(&text, t.p ? t.p : "", t.n);
                free(t.p);
                continue;
            }
            if (!strcmp(cmd, "cat") && !have_here) continue;
            const char *tool = tool_name(cmd);
            if (!tool) continue;
            if (!strcmp(tool, "printf")) {
                if (first_operand(&ws, "v", NULL, &oi)) continue;
                str s = { 0 };
                for (int i = oi; i < ws.n; i++) {
                    const char *w = ws.w[i].p ? ws.w[i].p : "";
                    if (w[0] == '>' || w[0] == '<') break;
                    if (i > oi) s_putc(&s, 0);
                    s_puts(&s, w);
                }
                write_seed("printf", s.p ? s.p : "", s.n);
                free(s.p);
                str t = { 0 };
                printf_text(&ws, oi, &t);
                s_clear(&text);
                s_put(&text, t.p ? t.p : "", t.n);
                free(t.p);
                continue;
            }
            const char *in = text.p ? text.p : "";
            size_t inn = text.n;
            if (!strcmp(tool, "jq") || !strcmp(tool, "yq")) {
                if (first_operand(&ws, "", NULL, &oi) == 0) {
                    write_pair("jq", ws.w[oi].p, ws.w[oi].n, in, inn);
                    write_seed("yaml", in, inn);
                }
                if (inn) write_seed(!strcmp(tool, "jq") ? "json" : "yaml", in, inn);
            } else if (!strcmp(tool, "awk")) {
                if (first_operand(&ws, "Fv", "f", &oi) == 0) write_pair("awk", ws.w[oi].p, ws.w[oi].n, in, inn);
            } else if (!strcmp(tool, "sed")) {
                int ere = 0;
                for (int i = 1; i < ws.n; i++)
                    if (ws.w[i].p && ws.w[i].p[0] == '-' && (strchr(ws.w[i].p, 'E') || strchr(ws.w[i].p, 'r'))) ere = 1;
                if (first_operand(&ws, "f", "e", &oi) == 0) {
                    write_pair("sed", ws.w[oi].p, ws.w[oi].n, in, inn);
                    sed_regexes(ws.w[oi].p, ere, in, inn);
                }
            } else if (!strcmp(tool, "grep")) {
                if (first_operand(&ws, "mABCf", "e", &oi) == 0) {
                    unsigned fl = 0;
                    for (int i = 1; i < oi; i++)
                        if (ws.w[i].p && ws.w[i].p[0] == '-' && strchr(ws.w[i].p, 'i')) fl |= 1;
                    write_regex(regex_header_dialect(&ws), fl, ws.w[oi].p, ws.w[oi].n, in, inn);
                }
            } else if (!strcmp(tool, "python") || !strcmp(tool, "python3")) {
                for (int i = 1; i + 1 < ws.n; i++)
                    if (ws.w[i].p && !strcmp(ws.w[i].p, "-c")) {
                        write_seed("py_parser", ws.w[i + 1].p, ws.w[i + 1].n);
                        write_seed("py_exec", ws.w[i + 1].p, ws.w[i + 1].n);
                        break;
                    }
                if (have_here) {
                    write_seed("py_parser", in, inn);
                    write_seed("py_exec", in, inn);
                }
            }
        }
    }
    for (int i = 0; i < MAXW; i++) free(ws.w[i].p);
    free(line.p);
    free(text.p);
    free(here.p);
}

/* The case grammar of CORPORA/bashkit/FORMAT.md, reduced to what seeds
 * need: the script lines of every case. */
static void do_case_file(const char *path)
{
    size_t n;
    char *buf = read_file(path, &n);
    if (!buf) return;
    str script = { 0 };
    int state = 0, have_desc = 0;   /* 0 outside, 1 script, 2 expect */
    size_t pos = 0;
    for (;;) {
        if (pos >= n) {
            if (state && script.n) do_script(script.p, script.n);
            break;
        }
        const char *l = buf + pos;
        const char *nl = memchr(l, '\n', n - pos);
        size_t ll = nl ? (size_t)(nl - l) : n - pos;
        pos += ll + 1;
        if (ll >= 4 && !memcmp(l, "### ", 4)) {
            const char *dt = l + 4;
            size_t dl = ll - 4;
            while (dl && (*dt == ' ' || *dt == '\t')) dt++, dl--;
            while (dl && (dt[dl - 1] == ' ' || dt[dl - 1] == '\t' || dt[dl - 1] == '\r')) dl--;
            if ((dl >= 9 && !memcmp(dt, "exit_code", 9)) || (dl >= 4 && !memcmp(dt, "skip", 4)) ||
                (dl >= 9 && !memcmp(dt, "bash_diff", 9)) || (dl == 11 && !memcmp(dt, "paused_time", 11)))
                continue;
            if (dl == 6 && !memcmp(dt, "expect", 6)) {
                if (state) state = 2;
                continue;
            }
            if (state && script.n) do_script(script.p, script.n);
            s_clear(&script);
            have_desc = 0;
            state = dl == 3 && !memcmp(dt, "end", 3) ? 0 : 1;
            continue;
        }
        if (state != 1) continue;
        if (ll >= 2 && l[0] == '#' && l[1] == ' ' && !script.n && !have_desc) {
            have_desc = 1;
            continue;
        }
        if (script.n) s_putc(&script, '\n');
        s_put(&script, l, ll);
    }
    free(script.p);
    free(buf);
}

static void do_python_dir(const char *dir)
{
    char **v = list_dir(dir, ".py");
    if (!v) return;
    for (char **p = v; *p; p++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, *p);
        size_t n;
        char *buf = read_file(path, &n);
        if (!buf) continue;
        write_seed("py_parser", buf, n);
        write_seed("py_exec", buf, n);
        free(buf);
    }
    free_list(v);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: fuzz-seeds OUTDIR CORPORA REPO\n");
        return 2;
    }
    outdir = argv[1];
    if (mkdir(outdir, 0755) && errno != EEXIST) {
        perror(outdir);
        return 1;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/bashkit", argv[2]);
    static const char *const suites[] = { "bash", "awk", "grep", "jq", "python", "sed", "yq", NULL };
    for (int s = 0; suites[s]; s++) {
        char sd[8192];
        snprintf(sd, sizeof sd, "%s/%s", dir, suites[s]);
        char **v = list_dir(sd, ".test.sh");
        if (!v) continue;
        for (char **p = v; *p; p++) {
            char path[16384];
            snprintf(path, sizeof path, "%s/%s", sd, *p);
            do_case_file(path);
        }
        free_list(v);
    }
    snprintf(dir, sizeof dir, "%s/monty/test_cases", argv[2]);
    do_python_dir(dir);
    snprintf(dir, sizeof dir, "%s/tests/pyparse/cases", argv[3]);
    do_python_dir(dir);
    printf("fuzz-seeds: %lu seed files written to %s\n", nwritten, outdir);
    return 0;
}
