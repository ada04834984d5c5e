/* sandkiste.c — the command-line front end of the library.
 *
 *   sandkiste [OPTIONS] -c SCRIPT [ARG0 [ARG...]]
 *   sandkiste [OPTIONS] FILE [ARG...]
 *   sandkiste [OPTIONS] < script.sh
 *   sandkiste --jsonl            (server: one request per line)
 *
 * The CLI is, with the host-directory backend, the only code that touches
 * the host: it reads the script, copies --seed directories in before the
 * run and --export directories out after it.  The script itself never
 * reaches the host. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "sandkiste.h"

typedef struct { char *host, *vdir; } mapping;

typedef struct opts {
    const char *limits;
    mapping *seeds;
    int nseeds;
    mapping *exports;
    int nexports;
    const char *cwd;
    int json, jsonl;
} opts;

static void usage(FILE *f)
{
    fprintf(f,
        "usage: sandkiste [OPTIONS] -c SCRIPT [ARG0 [ARG...]]\n"
        "       sandkiste [OPTIONS] FILE [ARG...]\n"
        "       sandkiste [OPTIONS] < SCRIPT\n"
        "       sandkiste --jsonl\n"
        "\n"
        "Runs a bash script (with ~140 commands and python3) in an in-process sandbox:\n"
        "no processes, no host files, no network; every resource is limited.\n"
        "\n"
        "options:\n"
        "  -c SCRIPT               run SCRIPT (like bash -c); ARG0 becomes $0\n"
        "  --limits PROFILE        strict, default or permissive\n"
        "  --seed HOSTDIR:VDIR     copy a host directory into the sandbox first (repeatable)\n"
        "  --cwd VDIR              start in VDIR (created if missing)\n"
        "  --export VDIR:HOSTDIR   copy a sandbox directory out after the run (repeatable)\n"
        "  --json                  print one JSON object with stdout, stderr, exit, end\n"
        "  --jsonl                 server mode: a JSON request per input line\n"
        "  --version, --help\n");
}

static char *read_stream(FILE *f, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    size_t k;
    while ((k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) { free(buf); return NULL; }
            buf = nb;
        }
    }
    *len = n;
    buf[n < cap ? n : cap - 1] = 0;
    return buf;
}

static char *read_host_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *p = read_stream(f, len);
    fclose(f);
    return p;
}

/* ---- --seed: host directory -> sandbox ------------------------------------ */

static int seed_dir(sk_shell *sh, const char *host, const char *vdir)
{
    struct stat st;
    if (lstat(host, &st)) {
        fprintf(stderr, "sandkiste: --seed: %s: %s\n", host, strerror(errno));
        return -1;
    }
    if (S_ISREG(st.st_mode)) {
        size_t n;
        char *data = read_host_file(host, &n);
        if (!data) { fprintf(stderr, "sandkiste: --seed: %s: %s\n", host, strerror(errno)); return -1; }
        int r = sk_shell_write_file(sh, vdir, data, n, st.st_mode & 07777);
        free(data);
        if (r) { fprintf(stderr, "sandkiste: --seed: %s: %s\n", vdir, sk_status_message(r)); return -1; }
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) return 0; /* links and specials are not copied */
    int r = sk_shell_mkdir(sh, vdir, st.st_mode & 07777);
    if (r) { fprintf(stderr, "sandkiste: --seed: %s: %s\n", vdir, sk_status_message(r)); return -1; }
    DIR *d = opendir(host);
    if (!d) { fprintf(stderr, "sandkiste: --seed: %s: %s\n", host, strerror(errno)); return -1; }
    struct dirent *de;
    int status = 0;
    while ((de = readdir(d)) && !status) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        size_t hl = strlen(host) + strlen(de->d_name) + 2, vl = strlen(vdir) + strlen(de->d_name) + 2;
        char *hp = malloc(hl), *vp = malloc(vl);
        if (!hp || !vp) { free(hp); free(vp); status = -1; break; }
        snprintf(hp, hl, "%s/%s", host, de->d_name);
        snprintf(vp, vl, "%s%s%s", vdir, vdir[strlen(vdir) - 1] == '/' ? "" : "/", de->d_name);
        status = seed_dir(sh, hp, vp);
        free(hp);
        free(vp);
    }
    closedir(d);
    return status;
}

/* ---- --export: sandbox directory -> host ----------------------------------- */

typedef struct { char **names; int *types; int n; } listing;

static int collect(void *ud, const char *name, size_t len, sk_file_type type)
{
    listing *l = ud;
    l->names = realloc(l->names, (size_t)(l->n + 1) * sizeof *l->names);
    l->types = realloc(l->types, (size_t)(l->n + 1) * sizeof *l->types);
    l->names[l->n] = strndup(name, len);
    l->types[l->n] = type;
    l->n++;
    return 0;
}

static int mkdir_p(const char *path)
{
    char *p = strdup(path);
    if (!p) return -1;
    for (char *s = p + 1; *s; s++) {
        if (*s == '/') {
            *s = 0;
            if (mkdir(p, 0755) && errno != EEXIST) { free(p); return -1; }
            *s = '/';
        }
    }
    int r = mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
    free(p);
    return r;
}

static int export_dir(sk_shell *sh, const char *vdir, const char *host)
{
    sk_stat st;
    int r = sk_shell_stat(sh, vdir, &st);
    if (r) { fprintf(stderr, "sandkiste: --export: %s: %s\n", vdir, sk_status_message(r)); return -1; }
    if (st.type == SK_FILE_REGULAR) {
        char *data;
        size_t n;
        if ((r = sk_shell_read_file(sh, vdir, &data, &n))) {
            fprintf(stderr, "sandkiste: --export: %s: %s\n", vdir, sk_status_message(r));
            return -1;
        }
        FILE *f = fopen(host, "wb");
        if (!f || fwrite(data, 1, n, f) != n) {
            fprintf(stderr, "sandkiste: --export: %s: %s\n", host, strerror(errno));
            if (f) fclose(f);
            sk_free_buffer(data);
            return -1;
        }
        fclose(f);
        chmod(host, st.mode & 0777);
        sk_free_buffer(data);
        return 0;
    }
    if (st.type != SK_FILE_DIR) return 0;
    if (mkdir_p(host)) { fprintf(stderr, "sandkiste: --export: %s: %s\n", host, strerror(errno)); return -1; }
    listing l = { 0 };
    sk_shell_read_dir(sh, vdir, collect, &l);
    int status = 0;
    for (int i = 0; i < l.n; i++) {
        if (!status && (l.types[i] == SK_FILE_DIR || l.types[i] == SK_FILE_REGULAR)) {
            size_t vl = strlen(vdir) + strlen(l.names[i]) + 2, hl = strlen(host) + strlen(l.names[i]) + 2;
            char *vp = malloc(vl), *hp = malloc(hl);
            snprintf(vp, vl, "%s%s%s", vdir, vdir[strlen(vdir) - 1] == '/' ? "" : "/", l.names[i]);
            snprintf(hp, hl, "%s/%s", host, l.names[i]);
            status = export_dir(sh, vp, hp);
            free(vp);
            free(hp);
        }
        free(l.names[i]);
    }
    free(l.names);
    free(l.types);
    return status;
}

/* ---- one run ---------------------------------------------------------------- */

static int stream_out(void *ud, int fd, const char *data, size_t n)
{
    (void)ud;
    fwrite(data, 1, n, fd == 1 ? stdout : stderr);
    if (fd == 2) fflush(stderr);
    return 0;
}

static sk_config *make_config(const opts *o)
{
    sk_config *cfg = sk_config_new();
    if (!cfg) return NULL;
    if (o->limits) {
        if (!strcmp(o->limits, "strict")) sk_config_set_limits(cfg, sk_limits_strict());
        else if (!strcmp(o->limits, "permissive")) sk_config_set_limits(cfg, sk_limits_permissive());
        else if (strcmp(o->limits, "default")) {
            fprintf(stderr, "sandkiste: --limits: unknown profile '%s' (strict, default, permissive)\n", o->limits);
            sk_config_free(cfg);
            return NULL;
        }
    }
    if (o->cwd && sk_config_set_cwd(cfg, o->cwd)) {
        fprintf(stderr, "sandkiste: --cwd: must be an absolute path: %s\n", o->cwd);
        sk_config_free(cfg);
        return NULL;
    }
    return cfg;
}

static void print_json_result(FILE *f, const sk_result *r, int with_us, const char *session)
{
    size_t on, en;
    const char *out = sk_result_stdout(r, &on), *err = sk_result_stderr(r, &en);
    fputs("{\"stdout\":", f);
    json_write_str(f, out, on);
    fputs(",\"stderr\":", f);
    json_write_str(f, err, en);
    fprintf(f, ",\"exit\":%d,\"end\":\"%s\"", sk_result_exit_code(r), sk_result_end_name(r));
    if (sk_result_stdout_truncated(r)) fputs(",\"stdout_truncated\":true", f);
    if (sk_result_stderr_truncated(r)) fputs(",\"stderr_truncated\":true", f);
    if (sk_result_limit_name(r)) {
        fputs(",\"limit\":", f);
        json_write_str(f, sk_result_limit_name(r), strlen(sk_result_limit_name(r)));
    }
    if (with_us) fprintf(f, ",\"us\":%llu", (unsigned long long)sk_result_duration_us(r));
    if (session) {
        fputs(",\"session\":", f);
        json_write_str(f, session, strlen(session));
    }
    fputs("}\n", f);
}

static int run_once(const opts *o, const char *script, size_t len, int argc, const char **argv)
{
    sk_config *cfg = make_config(o);
    if (!cfg) return 2;
    sk_shell *sh = sk_shell_new(cfg);
    if (!sh) { fprintf(stderr, "sandkiste: cannot create a shell\n"); sk_config_free(cfg); return 2; }
    for (int i = 0; i < o->nseeds; i++)
        if (seed_dir(sh, o->seeds[i].host, o->seeds[i].vdir)) { sk_shell_free(sh); sk_config_free(cfg); return 2; }
    /* with -c or a file, our stdin is the script's stdin (when it is not a
     * terminal); when the script itself came from stdin, that is at EOF */
    char *stdin_data = NULL;
    size_t stdin_len = 0;
    if (!isatty(0)) stdin_data = read_stream(stdin, &stdin_len);
    sk_exec_opts eo = { 0 };
    eo.stdin_data = stdin_data;
    eo.stdin_len = stdin_len;
    if (!o->json) {
        eo.on_output = stream_out;
        eo.flags = SK_EXEC_NO_CAPTURE;
    }
    eo.argc = argc;
    eo.argv = argv;
    sk_result *r = sk_shell_exec(sh, script, len, &eo);
    int status = r ? sk_result_exit_code(r) : 2;
    fflush(stdout);
    if (o->json && r) print_json_result(stdout, r, 0, NULL);
    for (int i = 0; i < o->nexports; i++)
        if (export_dir(sh, o->exports[i].vdir, o->exports[i].host) && status == 0) status = 2;
    sk_result_free(r);
    free(stdin_data);
    sk_shell_free(sh);
    sk_config_free(cfg);
    return status;
}

/* ---- --jsonl server ----------------------------------------------------------- */

typedef struct session { char *id; sk_shell *sh; } session;

static void jsonl_error(const char *msg)
{
    fputs("{\"error\":", stdout);
    json_write_str(stdout, msg, strlen(msg));
    fputs("}\n", stdout);
    fflush(stdout);
}

static int serve_jsonl(const opts *o)
{
    sk_config *cfg = make_config(o);
    if (!cfg) return 2;
    session *sessions = NULL;
    int nsessions = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
        if (!n) continue;
        const char *err = NULL;
        jv *req = jv_parse(line, (size_t)n, &err);
        if (!req || req->kind != JV_OBJ) { jsonl_error(err ? err : "request must be a JSON object"); jv_free(req); continue; }
        jv *script = jv_get(req, "script"), *in = jv_get(req, "stdin"), *files = jv_get(req, "files");
        jv *sid = jv_get(req, "session");
        if (!script || script->kind != JV_STR) { jsonl_error("\"script\" (a string) is required"); jv_free(req); continue; }
        sk_shell *sh = NULL;
        int fresh = 1;
        if (sid && sid->kind == JV_STR) {
            for (int i = 0; i < nsessions; i++)
                if (!strcmp(sessions[i].id, sid->s)) { sh = sessions[i].sh; fresh = 0; break; }
        }
        if (!sh) {
            sh = sk_shell_new(cfg);
            if (!sh) { jsonl_error("cannot create a shell"); jv_free(req); continue; }
            for (int i = 0; i < o->nseeds; i++) seed_dir(sh, o->seeds[i].host, o->seeds[i].vdir);
            if (sid && sid->kind == JV_STR) {
                sessions = realloc(sessions, (size_t)(nsessions + 1) * sizeof *sessions);
                sessions[nsessions].id = strdup(sid->s);
                sessions[nsessions].sh = sh;
                nsessions++;
                fresh = 0; /* kept */
            }
        }
        int bad = 0;
        if (files && files->kind == JV_OBJ) {
            for (size_t i = 0; i < files->n && !bad; i++) {
                jv *v = files->vals[i];
                if (v->kind != JV_STR) { jsonl_error("\"files\" values must be strings"); bad = 1; break; }
                int r = sk_shell_write_file(sh, files->keys[i], v->s, v->s_len, 0644);
                if (r) {
                    char msg[512];
                    snprintf(msg, sizeof msg, "files: %s: %s", files->keys[i], sk_status_message(r));
                    jsonl_error(msg);
                    bad = 1;
                }
            }
        }
        if (!bad) {
            sk_exec_opts eo = { 0 };
            if (in && in->kind == JV_STR) { eo.stdin_data = in->s; eo.stdin_len = in->s_len; }
            sk_result *r = sk_shell_exec(sh, script->s, script->s_len, &eo);
            if (r) print_json_result(stdout, r, 1, sid && sid->kind == JV_STR ? sid->s : NULL);
            else jsonl_error("out of memory");
            fflush(stdout);
            sk_result_free(r);
        }
        if (fresh) sk_shell_free(sh);
        jv_free(req);
    }
    free(line);
    for (int i = 0; i < nsessions; i++) { sk_shell_free(sessions[i].sh); free(sessions[i].id); }
    free(sessions);
    sk_config_free(cfg);
    return 0;
}

static int add_mapping(mapping **m, int *n, const char *arg, int split_last, const char *what)
{
    const char *colon = split_last ? strrchr(arg, ':') : strchr(arg, ':');
    if (!colon || colon == arg || !colon[1]) {
        fprintf(stderr, "sandkiste: %s expects %s, got '%s'\n", what,
                split_last ? "HOSTDIR:VDIR" : "VDIR:HOSTDIR", arg);
        return -1;
    }
    *m = realloc(*m, (size_t)(*n + 1) * sizeof **m);
    char *left = strndup(arg, (size_t)(colon - arg)), *right = strdup(colon + 1);
    if (split_last) { (*m)[*n].host = left; (*m)[*n].vdir = right; }
    else { (*m)[*n].vdir = left; (*m)[*n].host = right; }
    (*n)++;
    return 0;
}

static void free_opts(opts *o)
{
    for (int i = 0; i < o->nseeds; i++) { free(o->seeds[i].host); free(o->seeds[i].vdir); }
    for (int i = 0; i < o->nexports; i++) { free(o->exports[i].host); free(o->exports[i].vdir); }
    free(o->seeds);
    free(o->exports);
}

int main(int argc, char **argv)
{
    opts o = { 0 };
    const char *command = NULL;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) { i++; break; }
        if (!strcmp(a, "-c")) {
            if (i + 1 >= argc) { fprintf(stderr, "sandkiste: -c: option requires an argument\n"); return 2; }
            command = argv[++i];
            i++;
            break;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        if (!strcmp(a, "--version")) { printf("sandkiste %s\n", sk_version()); return 0; }
        if (!strcmp(a, "--json")) { o.json = 1; continue; }
        if (!strcmp(a, "--jsonl")) { o.jsonl = 1; continue; }
        const char *val = NULL;
        size_t al = strlen(a);
        const char *names[] = { "--limits", "--seed", "--cwd", "--export" };
        int which = -1;
        for (int k = 0; k < 4; k++) {
            size_t nl = strlen(names[k]);
            if (!strncmp(a, names[k], nl) && (al == nl || a[nl] == '=')) {
                which = k;
                if (a[nl] == '=') val = a + nl + 1;
                else if (i + 1 < argc) val = argv[++i];
                else { fprintf(stderr, "sandkiste: %s: option requires an argument\n", names[k]); return 2; }
            }
        }
        if (which == 0) { o.limits = val; continue; }
        if (which == 1) { if (add_mapping(&o.seeds, &o.nseeds, val, 1, "--seed")) return 2; continue; }
        if (which == 2) { o.cwd = val; continue; }
        if (which == 3) { if (add_mapping(&o.exports, &o.nexports, val, 0, "--export")) return 2; continue; }
        if (a[0] == '-' && a[1]) {
            fprintf(stderr, "sandkiste: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
        break;
    }
    if (o.jsonl) {
        int rc = serve_jsonl(&o);
        free_opts(&o);
        return rc;
    }

    char *script = NULL;
    size_t len = 0;
    const char **sargv = NULL;
    int sargc = 0;
    if (command) {
        script = strdup(command);
        len = strlen(command);
        /* bash -c SCRIPT ARG0 ARG1...: ARG0 is $0 */
        sargc = argc - i;
        if (sargc > 0) sargv = (const char **)(argv + i);
    } else if (i < argc) {
        script = read_host_file(argv[i], &len);
        if (!script) { fprintf(stderr, "sandkiste: %s: %s\n", argv[i], strerror(errno)); return 127; }
        sargc = argc - i;
        sargv = (const char **)(argv + i);
    } else if (!isatty(0)) {
        script = read_stream(stdin, &len);
        if (!script) { fprintf(stderr, "sandkiste: cannot read the script from stdin\n"); return 2; }
        int rc = run_once(&o, script, len, 0, NULL);
        free(script);
        free_opts(&o);
        return rc;
    } else {
        usage(stderr);
        return 2;
    }
    int rc = run_once(&o, script, len, sargc, sargv);
    free(script);
    free_opts(&o);
    return rc;
}
