/* test_limits.c — every limit of sk_limits reached through the public API,
 * with the message and the way the run ends checked.  Each test starts from
 * the permissive profile and tightens the one limit it is about. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "sandkiste.h"

typedef struct run {
    sk_result *r;
    const char *out, *err;
    size_t outlen, errlen;
} run;

static run exec_with(sk_limits lim, const char *script)
{
    sk_config *cfg = sk_config_new();
    sk_config_set_limits(cfg, lim);
    sk_shell *sh = sk_shell_new(cfg);
    run x = { 0 };
    x.r = sk_shell_exec(sh, script, strlen(script), NULL);
    x.out = sk_result_stdout(x.r, &x.outlen);
    x.err = sk_result_stderr(x.r, &x.errlen);
    /* keep the result alive; the shell and config can go */
    sk_shell_free(sh);
    sk_config_free(cfg);
    return x;
}

static int contains(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (!memcmp(hay + i, needle, k)) return 1;
    return 0;
}

#define EXPECT_LIMIT(x, name, msg) do { \
    CHECK_INT(sk_result_end((x).r), SK_END_LIMIT); \
    CHECK_INT(sk_result_exit_code((x).r), 1); \
    CHECK_STR(sk_result_limit_name((x).r), name); \
    if (!contains((x).err, (x).errlen, msg)) sk_test_fail(T, __FILE__, __LINE__, "stderr \"%.*s\" lacks \"%s\"", (int)(x).errlen, (x).err, msg); \
} while (0)

static sk_limits base(void) { return sk_limits_permissive(); }

TEST(limit_max_commands)
{
    sk_limits l = base();
    l.max_commands = 50;
    run x = exec_with(l, "while true; do :; done");
    EXPECT_LIMIT(x, "max_commands", "bash: resource limit exceeded: max_commands (limit: 50)\n");
    sk_result_free(x.r);
}

TEST(limit_max_loop_iterations)
{
    sk_limits l = base();
    l.max_loop_iterations = 100;
    run x = exec_with(l, "i=0; while true; do i=$((i+1)); done");
    EXPECT_LIMIT(x, "max_loop_iterations", "resource limit exceeded: max_loop_iterations (limit: 100)");
    sk_result_free(x.r);
}

TEST(limit_max_total_loop_iterations)
{
    sk_limits l = base();
    l.max_loop_iterations = 100;
    l.max_total_loop_iterations = 500;
    run x = exec_with(l, "for i in $(seq 50); do for j in $(seq 50); do :; done; done; echo never");
    EXPECT_LIMIT(x, "max_total_loop_iterations", "resource limit exceeded: max_total_loop_iterations (limit: 500)");
    CHECK(!contains(x.out, x.outlen, "never"));
    sk_result_free(x.r);
}

TEST(limit_max_function_depth)
{
    sk_limits l = base();
    l.max_function_depth = 20;
    run x = exec_with(l, "f() { f; }; f");
    EXPECT_LIMIT(x, "max_function_depth", "resource limit exceeded: max_function_depth (limit: 20)");
    sk_result_free(x.r);
}

TEST(limit_max_subst_depth)
{
    sk_limits l = base();
    l.max_subst_depth = 5;
    run x = exec_with(l, "f() { echo $(f); }; f");
    CHECK_INT(sk_result_end(x.r), SK_END_LIMIT);
    CHECK(sk_result_limit_name(x.r) && (!strcmp(sk_result_limit_name(x.r), "max_subst_depth") ||
                                        !strcmp(sk_result_limit_name(x.r), "max_function_depth")));
    sk_result_free(x.r);
    /* literal nesting, no functions */
    run y = exec_with(l, "echo $(echo $(echo $(echo $(echo $(echo $(echo deep))))))");
    EXPECT_LIMIT(y, "max_subst_depth", "resource limit exceeded: max_subst_depth (limit: 5)");
    sk_result_free(y.r);
}

static char *repeat(const char *a, int n, const char *mid, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), lm = strlen(mid);
    char *s = malloc(la * (size_t)n + lm + lb * (size_t)n + 1);
    char *p = s;
    for (int i = 0; i < n; i++) { memcpy(p, a, la); p += la; }
    memcpy(p, mid, lm);
    p += lm;
    for (int i = 0; i < n; i++) { memcpy(p, b, lb); p += lb; }
    *p = 0;
    return s;
}

TEST(limit_max_ast_depth)
{
    sk_limits l = base();
    l.max_ast_depth = 30;
    char *s = repeat("( ", 60, "echo hi", " )");
    run x = exec_with(l, s);
    EXPECT_LIMIT(x, "max_ast_depth", "resource limit exceeded: max_ast_depth (limit: 30)");
    sk_result_free(x.r);
    free(s);
}

TEST(limit_max_parser_operations)
{
    sk_limits l = base();
    l.max_parser_operations = 1000;
    char *s = repeat("echo a; ", 2000, "", "");
    run x = exec_with(l, s);
    EXPECT_LIMIT(x, "max_parser_operations", "resource limit exceeded: max_parser_operations (limit: 1000)");
    sk_result_free(x.r);
    free(s);
}

TEST(limit_max_input_bytes)
{
    sk_limits l = base();
    l.max_input_bytes = 100;
    char *s = repeat("echo a; ", 50, "", "");
    run x = exec_with(l, s);
    EXPECT_LIMIT(x, "max_input_bytes", "resource limit exceeded: max_input_bytes (limit: 100)");
    CHECK_INT(x.outlen, 0);
    sk_result_free(x.r);
    free(s);
}

TEST(limit_output_caps_truncate_and_flag)
{
    sk_limits l = base();
    l.max_stdout_bytes = 1000;
    l.max_stderr_bytes = 100;
    run x = exec_with(l, "yes | head -c 5000; yes err | head -c 5000 >&2; echo tail");
    CHECK_INT(sk_result_end(x.r), SK_END_NORMAL);
    CHECK_INT(x.outlen, 1000);
    CHECK(sk_result_stdout_truncated(x.r));
    CHECK_INT(x.errlen, 100);
    CHECK(sk_result_stderr_truncated(x.r));
    sk_result_free(x.r);
    /* a producer whose output nobody keeps stops instead of running on */
    l.timeout_ms = 5000;
    run y = exec_with(l, "yes; echo after");
    CHECK_INT(sk_result_end(y.r), SK_END_NORMAL);
    CHECK_INT(y.outlen, 1000);
    sk_result_free(y.r);
}

TEST(limit_max_glob_matches)
{
    sk_limits l = base();
    l.max_glob_matches = 10;
    run x = exec_with(l, "mkdir -p /tmp/g && cd /tmp/g && touch $(seq 1 30) && echo *");
    EXPECT_LIMIT(x, "max_glob_matches", "resource limit exceeded: max_glob_matches (limit: 10)");
    sk_result_free(x.r);
}

TEST(limit_max_brace_expansions)
{
    sk_limits l = base();
    l.max_brace_expansions = 1000;
    run x = exec_with(l, "echo {1..100000}");
    EXPECT_LIMIT(x, "max_brace_expansions", "resource limit exceeded: max_brace_expansions (limit: 1000)");
    sk_result_free(x.r);
    run y = exec_with(l, "echo {a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}{s,t}{u,v}");
    EXPECT_LIMIT(y, "max_brace_expansions", "max_brace_expansions");
    sk_result_free(y.r);
}

TEST(limit_max_memory)
{
    sk_limits l = base();
    l.max_memory = 8 << 20;
    run x = exec_with(l, "s=x; while true; do s=$s$s; done");
    EXPECT_LIMIT(x, "max_memory", "resource limit exceeded: max_memory (limit: 8388608)");
    sk_result_free(x.r);
    run y = exec_with(l, "python3 -c 'a = []\nwhile True: a.append(\"x\" * 1000)'");
    EXPECT_LIMIT(y, "max_memory", "resource limit exceeded: max_memory");
    sk_result_free(y.r);
}

TEST(limit_timeout)
{
    sk_limits l = base();
    l.timeout_ms = 200;
    run x = exec_with(l, "while true; do :; done");
    CHECK_INT(sk_result_end(x.r), SK_END_TIMEOUT);
    CHECK_INT(sk_result_exit_code(x.r), 1);
    CHECK_STR(sk_result_limit_name(x.r), "timeout");
    CHECK(contains(x.err, x.errlen, "bash: resource limit exceeded: timeout (limit: 200ms)"));
    sk_result_free(x.r);
    /* the budget also stops a command that loops without output */
    run y = exec_with(l, "yes > /dev/null");
    CHECK_INT(sk_result_end(y.r), SK_END_TIMEOUT);
    sk_result_free(y.r);
    run z = exec_with(l, "python3 -c 'while True: pass'");
    CHECK_INT(sk_result_end(z.r), SK_END_TIMEOUT);
    sk_result_free(z.r);
}

/* A clock that jumps one second per reading: the parser's time budget runs
 * out deterministically on a long script. */
static int64_t jumpy(void *ud)
{
    int64_t *t = ud;
    return *t += 1000000000;
}

TEST(limit_parser_timeout)
{
    sk_config *cfg = sk_config_new();
    sk_limits l = base();
    l.parser_timeout_ms = 2000;
    l.timeout_ms = 0;
    sk_config_set_limits(cfg, l);
    int64_t t = 0;
    sk_config_set_clock(cfg, jumpy, jumpy, NULL, &t);
    sk_shell *sh = sk_shell_new(cfg);
    char *s = repeat("echo a; ", 5000, "", "");
    sk_result *r = sk_shell_exec(sh, s, strlen(s), NULL);
    size_t n;
    const char *err = sk_result_stderr(r, &n);
    CHECK_INT(sk_result_end(r), SK_END_LIMIT);
    CHECK_STR(sk_result_limit_name(r), "parser_timeout");
    CHECK(contains(err, n, "resource limit exceeded: parser_timeout"));
    sk_result_free(r);
    sk_shell_free(sh);
    sk_config_free(cfg);
    free(s);
}

TEST(limit_filesystem_quotas_are_errors)
{
    sk_limits l = base();
    l.max_file_size = 1000;
    run x = exec_with(l, "head -c 2000 /dev/zero > /tmp/f; echo \"status $?\"");
    CHECK_INT(sk_result_end(x.r), SK_END_NORMAL);
    CHECK(contains(x.err, x.errlen, "File too large"));
    CHECK(contains(x.out, x.outlen, "status 1"));
    sk_result_free(x.r);

    l = base();
    l.max_fs_bytes = 5000;
    run y = exec_with(l, "for i in 1 2 3 4 5 6 7 8; do head -c 1000 /dev/zero > /tmp/f$i || echo full $i; done");
    CHECK(contains(y.err, y.errlen, "No space left on device"));
    CHECK(contains(y.out, y.outlen, "full"));
    sk_result_free(y.r);

    l = base();
    l.max_file_count = 20;
    run z = exec_with(l, "cd /tmp; for i in $(seq 30); do touch f$i 2>/dev/null || { echo stop $i; break; }; done");
    CHECK(contains(z.out, z.outlen, "stop"));
    sk_result_free(z.r);

    l = base();
    l.max_name_length = 10;
    run n = exec_with(l, "touch /tmp/abcdefghijklmnop");
    CHECK(contains(n.err, n.errlen, "File name too long"));
    sk_result_free(n.r);

    l = base();
    l.max_path_depth = 5;
    run d = exec_with(l, "mkdir -p /a/b/c/d/e/f/g");
    CHECK(contains(d.err, d.errlen, "File name too long"));
    sk_result_free(d.r);

    l = base();
    l.max_path_length = 40;
    run p = exec_with(l, "mkdir -p /tmp/aaaaaaaaaa/bbbbbbbbbb/cccccccccc/dddddddddd");
    CHECK(contains(p.err, p.errlen, "File name too long"));
    sk_result_free(p.r);
}

TEST(limit_python_recursion_steps_allocations)
{
    sk_limits l = base();
    l.max_recursion_depth = 30;
    run x = exec_with(l, "python3 -c 'def f(n): return f(n+1)\nf(0)'");
    CHECK(contains(x.err, x.errlen, "RecursionError: maximum recursion depth exceeded"));
    CHECK_INT(sk_result_exit_code(x.r), 1);
    sk_result_free(x.r);

    l = base();
    l.max_python_steps = 10000;
    run y = exec_with(l, "python3 -c 'while True: pass'; echo after $?");
    EXPECT_LIMIT(y, "max_python_steps", "resource limit exceeded: max_python_steps (limit: 10000)");
    CHECK(!contains(y.out, y.outlen, "after"));
    sk_result_free(y.r);

    l = base();
    l.max_allocations = 1000;
    run z = exec_with(l, "python3 -c 'a = [[i] for i in range(100000)]'");
    EXPECT_LIMIT(z, "max_allocations", "resource limit exceeded: max_allocations (limit: 1000)");
    sk_result_free(z.r);
}

TEST(limit_regex_match_budget)
{
    sk_limits l = base();
    l.regex_match_limit = 1000;
    run x = exec_with(l, "printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac\\n' | grep -P '^(a+)+$'; echo \"status $?\"");
    CHECK(contains(x.err, x.errlen, "grep: regex match limit exceeded"));
    CHECK(contains(x.out, x.outlen, "status 2"));
    sk_result_free(x.r);
}
