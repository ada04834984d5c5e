/* test_api.c — the public API as a host uses it: registration, resolver,
 * withholding, environment, cwd, streaming, cancellation from another
 * thread, per-call timeouts, argv, host-side files, a host filesystem. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test.h"
#include "sandkiste.h"

static sk_result *run1(sk_config *cfg, const char *script, const sk_exec_opts *o)
{
    sk_shell *sh = sk_shell_new(cfg);
    sk_result *r = sk_shell_exec(sh, script, strlen(script), o);
    sk_shell_free(sh);
    return r;
}

static int out_is(sk_result *r, const char *want)
{
    size_t n;
    const char *o = sk_result_stdout(r, &n);
    return n == strlen(want) && !memcmp(o, want, n);
}

#define CHECK_OUT(r, want) do { size_t n_; const char *o_ = sk_result_stdout((r), &n_); \
    if (!out_is((r), (want))) sk_test_fail(T, __FILE__, __LINE__, "stdout \"%.*s\", expected \"%s\"", (int)n_, o_, (want)); } while (0)

static int greet(sk_ctx *ctx, int argc, const char *const *argv, void *ud)
{
    const char *who = argc > 1 ? argv[1] : (const char *)ud;
    char buf[64];
    int64_t n = sk_ctx_read(ctx, buf, sizeof buf - 1);
    if (n > 0) { buf[n] = 0; sk_ctx_printf(ctx, 1, "stdin=%s", buf); }
    sk_ctx_printf(ctx, 1, "hello %s from %s\n", who, sk_ctx_cwd(ctx));
    const char *v = sk_ctx_getenv(ctx, "TOKEN");
    if (v) sk_ctx_printf(ctx, 2, "token=%s\n", v);
    return 3;
}

static sk_builtin_fn resolve(void *rud, const char *name, void **ud)
{
    (void)rud;
    if (strncmp(name, "dyn-", 4)) return NULL;
    *ud = (void *)(name + 4);
    return greet;
}

TEST(api_builtin_extension_resolver_withhold)
{
    sk_config *cfg = sk_config_new();
    CHECK_INT(sk_config_add_builtin(cfg, "greet", greet, (void *)"world", "greet [NAME]: say hello"), SK_OK);
    CHECK_INT(sk_config_add_builtin(cfg, "bad/name", greet, NULL, NULL), SK_INVALID);
    static const sk_command_def defs[] = { { "ext-a", greet, "a" }, { "ext-b", greet, "b" } };
    sk_extension ext = { "tickets", defs, 2, (void *)"ext" };
    CHECK_INT(sk_config_add_extension(cfg, &ext), SK_OK);
    sk_config_set_resolver(cfg, resolve, NULL);
    CHECK_INT(sk_config_withhold(cfg, "ext-b"), SK_OK);
    CHECK_INT(sk_config_withhold(cfg, "sort"), SK_OK);

    sk_result *r = run1(cfg, "greet; echo $?; greet you; ext-a; echo hi | greet x", NULL);
    CHECK_OUT(r, "hello world from /home/user\n3\nhello you from /home/user\nhello ext from /home/user\n"
                 "stdin=hi\nhello x from /home/user\n");
    sk_result_free(r);
    r = run1(cfg, "ext-b; echo $?; sort </dev/null; echo $?; dyn-lazy; type -t greet", NULL);
    CHECK_OUT(r, "127\n127\nhello lazy from /home/user\nfile\n");
    sk_result_free(r);
    sk_config_free(cfg);
}

TEST(api_environment_and_cwd)
{
    sk_config *cfg = sk_config_new();
    CHECK_INT(sk_config_setenv(cfg, "TOKEN", "s3cret", 1), SK_OK);
    CHECK_INT(sk_config_setenv(cfg, "LOCAL_ONLY", "x", 0), SK_OK);
    CHECK_INT(sk_config_setenv(cfg, "1BAD", "x", 0), SK_INVALID);
    CHECK_INT(sk_config_set_cwd(cfg, "/work/project"), SK_OK);
    CHECK_INT(sk_config_set_cwd(cfg, "relative"), SK_INVALID);
    CHECK_INT(sk_config_add_builtin(cfg, "greet", greet, (void *)"w", NULL), SK_OK);
    sk_result *r = run1(cfg, "pwd; echo $TOKEN $LOCAL_ONLY; env | grep -c LOCAL_ONLY; greet", NULL);
    size_t en;
    const char *err = sk_result_stderr(r, &en);
    CHECK_OUT(r, "/work/project\ns3cret x\n0\nhello w from /work/project\n");
    CHECK(en >= 13 && strstr(err, "token=s3cret") != NULL);
    sk_result_free(r);
    sk_config_free(cfg);
}

typedef struct { char buf[4096]; size_t n; int calls; int fd2; } sink;

static int collect(void *ud, int fd, const char *p, size_t n)
{
    sink *s = ud;
    s->calls++;
    if (fd == 2) s->fd2++;
    if (s->n + n < sizeof s->buf) { memcpy(s->buf + s->n, p, n); s->n += n; }
    return 0;
}

TEST(api_streaming_argv_stdin_nocapture)
{
    sk_config *cfg = sk_config_new();
    sink s = { .n = 0 };
    const char *argv[] = { "myscript", "one", "two words" };
    sk_exec_opts o = { 0 };
    o.stdin_data = "line\n";
    o.stdin_len = 5;
    o.on_output = collect;
    o.output_ud = &s;
    o.argv = argv;
    o.argc = 3;
    sk_result *r = run1(cfg, "echo $0 $#; echo \"$2\"; cat; echo err >&2", &o);
    CHECK_OUT(r, "myscript 2\ntwo words\nline\n");
    CHECK(s.calls >= 2 && s.fd2 == 1);
    CHECK(s.n == strlen("myscript 2\ntwo words\nline\nerr\n"));
    sk_result_free(r);
    /* streaming only */
    s.n = 0;
    o.flags = SK_EXEC_NO_CAPTURE;
    r = run1(cfg, "echo streamed", &o);
    CHECK_OUT(r, "");
    CHECK(s.n == 9 && !memcmp(s.buf, "streamed\n", 9));
    sk_result_free(r);
    sk_config_free(cfg);
}

TEST(api_session_state_and_host_files)
{
    sk_config *cfg = sk_config_new();
    sk_shell *sh = sk_shell_new(cfg);
    CHECK_INT(sk_shell_write_file(sh, "/data/in/a.txt", "alpha\n", 6, 0644), SK_OK);
    const char *s1 = "cd /data; x=kept; f() { echo fn; }; cat in/a.txt > out.txt";
    sk_result *r = sk_shell_exec(sh, s1, strlen(s1), NULL);
    CHECK_INT(sk_result_exit_code(r), 0);
    sk_result_free(r);
    const char *s2 = "pwd; echo $x; f";
    r = sk_shell_exec(sh, s2, strlen(s2), NULL);
    CHECK_OUT(r, "/data\nkept\nfn\n");
    sk_result_free(r);
    CHECK_STR(sk_shell_cwd(sh), "/data");
    char *data;
    size_t n;
    CHECK_INT(sk_shell_read_file(sh, "out.txt", &data, &n), SK_OK);
    CHECK(n == 6 && !memcmp(data, "alpha\n", 6));
    sk_free_buffer(data);
    sk_stat st;
    CHECK_INT(sk_shell_stat(sh, "/data/in", &st), SK_OK);
    CHECK_INT(st.type, SK_FILE_DIR);
    CHECK_INT(sk_shell_stat(sh, "/nope", &st), SK_ENOENT);
    CHECK_STR(sk_status_message(SK_ENOENT), "No such file or directory");
    CHECK(sk_shell_memory(sh) > 0);
    sk_shell_free(sh);
    sk_config_free(cfg);
}

typedef struct { sk_shell *sh; } canceller;

static void *cancel_later(void *arg)
{
    canceller *c = arg;
    struct timespec ts = { 0, 50 * 1000 * 1000 };
    nanosleep(&ts, NULL);
    sk_shell_cancel(c->sh);
    return NULL;
}

TEST(api_cancel_from_another_thread)
{
    sk_config *cfg = sk_config_new();
    sk_config_set_limits(cfg, sk_limits_permissive()); /* nothing but the cancel may end it */
    sk_shell *sh = sk_shell_new(cfg);
    canceller c = { sh };
    pthread_t th;
    pthread_create(&th, NULL, cancel_later, &c);
    const char *s = "while true; do :; done";
    sk_result *r = sk_shell_exec(sh, s, strlen(s), NULL);
    pthread_join(th, NULL);
    CHECK_INT(sk_result_end(r), SK_END_CANCELLED);
    CHECK_INT(sk_result_exit_code(r), 130);
    sk_result_free(r);
    /* the shell is usable afterwards */
    r = sk_shell_exec(sh, "echo ok", 7, NULL);
    CHECK_OUT(r, "ok\n");
    sk_result_free(r);
    sk_shell_free(sh);
    sk_config_free(cfg);
}

TEST(api_per_call_timeout_and_exit)
{
    sk_config *cfg = sk_config_new();
    sk_config_set_limits(cfg, sk_limits_permissive()); /* so the clock, not a counter, ends it */
    sk_exec_opts o = { 0 };
    o.timeout_ms = 100;
    sk_result *r = run1(cfg, "while :; do :; done", &o);
    CHECK_INT(sk_result_end(r), SK_END_TIMEOUT);
    CHECK_STR(sk_result_end_name(r), "timeout");
    sk_result_free(r);
    r = run1(cfg, "echo a; exit 7; echo b", NULL);
    CHECK_INT(sk_result_end(r), SK_END_EXIT);
    CHECK_INT(sk_result_exit_code(r), 7);
    CHECK_OUT(r, "a\n");
    sk_result_free(r);
    r = run1(cfg, "false", NULL);
    CHECK_INT(sk_result_end(r), SK_END_NORMAL);
    CHECK_INT(sk_result_exit_code(r), 1);
    sk_result_free(r);
    sk_config_free(cfg);
}

TEST(api_isolation_between_shells)
{
    sk_config *cfg = sk_config_new();
    sk_shell *a = sk_shell_new(cfg), *b = sk_shell_new(cfg);
    sk_result *r = sk_shell_exec(a, "echo secret > /tmp/s; v=1", 25, NULL);
    sk_result_free(r);
    r = sk_shell_exec(b, "cat /tmp/s; echo \"[$v]\"", 23, NULL);
    CHECK_OUT(r, "[]\n");
    sk_result_free(r);
    sk_shell_free(a);
    sk_shell_free(b);
    sk_config_free(cfg);
}

static int py_echo(sk_ctx *ctx, sk_py_call *call, void *ud)
{
    char buf[512];
    int n = snprintf(buf, sizeof buf, "{\"args\": %.*s, \"kwargs\": %.*s, \"cwd\": \"%s\", \"ud\": \"%s\"}",
                     (int)call->args_len, call->args_json, (int)call->kwargs_len, call->kwargs_json,
                     sk_ctx_cwd(ctx), (const char *)ud);
    return sk_bytes_append(call->result, buf, (size_t)n);
}

static int py_fail(sk_ctx *ctx, sk_py_call *call, void *ud)
{
    (void)ctx;
    (void)ud;
    call->exc_type = "FileNotFoundError";
    sk_bytes_append(call->result, "no such ticket", 14);
    return SK_ERROR;
}

TEST(api_python_host_functions_and_modules)
{
    sk_config *cfg = sk_config_new();
    CHECK_INT(sk_config_add_python_function(cfg, "host_echo", py_echo, (void *)"fn"), SK_OK);
    static const sk_py_function_def defs[] = { { "lookup", py_echo, "look a ticket up" }, { "broken", py_fail, NULL } };
    sk_py_module mod = { "tickets", defs, 2, (void *)"mod" };
    CHECK_INT(sk_config_add_python_module(cfg, &mod), SK_OK);
    const char *script =
        "cd /tmp; python3 -c '\n"
        "r = host_echo(1, \"a\", [2.5, None], k=True)\n"
        "print(r[\"args\"], r[\"kwargs\"], r[\"cwd\"], r[\"ud\"])\n"
        "import tickets\n"
        "print(tickets.lookup(x={\"y\": 1})[\"ud\"])\n"
        "try:\n"
        "    tickets.broken()\n"
        "except FileNotFoundError as e:\n"
        "    print(\"caught:\", e)\n'";
    sk_result *r = run1(cfg, script, NULL);
    CHECK_OUT(r, "[1, 'a', [2.5, None]] {'k': True} /tmp fn\nmod\ncaught: no such ticket\n");
    sk_result_free(r);
    /* a fresh module every run: nothing a script stores on it survives */
    r = run1(cfg, "python3 -c 'import tickets; tickets.mark = 1'; python3 -c 'import tickets; print(hasattr(tickets, \"mark\"))'", NULL);
    CHECK_OUT(r, "False\n");
    sk_result_free(r);
    sk_config_free(cfg);
}
