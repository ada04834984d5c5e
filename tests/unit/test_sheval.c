/* test_sheval.c — the evaluator through the public API: resource limits
 * (each with its exact message), control flow, subshell isolation,
 * pipelines that end early, and a table of scripts whose expected output
 * comes from GNU bash 5.2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sandkiste.h"
#include "test.h"

typedef struct run_result {
    char out[8192];
    char err[8192];
    int code;
    sk_end end;
    char limit[64];
} run_result;

static void run_with(const sk_limits *lim, const char *script, run_result *rr,
                     void (*setup)(sk_shell *sh), sk_clock_fn mono)
{
    sk_config *cfg = sk_config_new();
    if (lim) sk_config_set_limits(cfg, *lim);
    if (mono) sk_config_set_clock(cfg, mono, mono, NULL, NULL);
    sk_shell *sh = sk_shell_new(cfg);
    if (setup) setup(sh);
    sk_result *r = sk_shell_exec(sh, script, strlen(script), NULL);
    size_t n;
    const char *o = sk_result_stdout(r, &n);
    snprintf(rr->out, sizeof rr->out, "%.*s", (int)n, o);
    o = sk_result_stderr(r, &n);
    snprintf(rr->err, sizeof rr->err, "%.*s", (int)n, o);
    rr->code = sk_result_exit_code(r);
    rr->end = sk_result_end(r);
    const char *ln = sk_result_limit_name(r);
    snprintf(rr->limit, sizeof rr->limit, "%s", ln ? ln : "");
    sk_result_free(r);
    sk_shell_free(sh);
    sk_config_free(cfg);
}

static void run(const char *script, run_result *rr) { run_with(NULL, script, rr, NULL, NULL); }

/* ---- limits ------------------------------------------------------------------------ */

TEST(sh_eval_limit_max_commands)
{
    sk_limits l = sk_limits_default();
    l.max_commands = 5;
    run_result r;
    run_with(&l, "for i in 1 2 3 4 5 6 7 8; do echo $i; done", &r, NULL, NULL);
    CHECK_STR(r.out, "1\n2\n3\n4\n5\n");
    CHECK_STR(r.err, "bash: resource limit exceeded: max_commands (limit: 5)\n");
    CHECK_INT(r.end, SK_END_LIMIT);
    CHECK_STR(r.limit, "max_commands");
    CHECK_INT(r.code, 1);
}

TEST(sh_eval_limit_max_loop_iterations)
{
    sk_limits l = sk_limits_default();
    l.max_loop_iterations = 10;
    run_result r;
    run_with(&l, "i=0; while true; do i=$((i+1)); done; echo never", &r, NULL, NULL);
    CHECK_STR(r.out, "");
    CHECK_STR(r.err, "bash: resource limit exceeded: max_loop_iterations (limit: 10)\n");
    CHECK_INT(r.end, SK_END_LIMIT);
    /* a loop under the limit is fine, also for (( )) and until */
    run_with(&l, "for ((i=0;i<10;i++)); do :; done; n=0; until [ $n -ge 10 ]; do n=$((n+1)); done; echo $i $n", &r,
             NULL, NULL);
    CHECK_STR(r.out, "10 10\n");
    CHECK_INT(r.end, SK_END_NORMAL);
}

TEST(sh_eval_limit_max_total_loop_iterations)
{
    sk_limits l = sk_limits_default();
    l.max_loop_iterations = 100;
    l.max_total_loop_iterations = 250;
    run_result r;
    run_with(&l, "for i in {1..50}; do for j in {1..50}; do :; done; done", &r, NULL, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_total_loop_iterations (limit: 250)\n");
    CHECK_STR(r.limit, "max_total_loop_iterations");
}

TEST(sh_eval_limit_max_function_depth)
{
    sk_limits l = sk_limits_default();
    l.max_function_depth = 20;
    run_result r;
    run_with(&l, "n=0; f() { n=$((n+1)); echo $n > /tmp/depth; f; }; f; echo never", &r, NULL, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_function_depth (limit: 20)\n");
    CHECK_INT(r.end, SK_END_LIMIT);
    /* 19 levels are allowed */
    run_with(&l, "f() { if (( $1 < 19 )); then f $(( $1 + 1 )); else echo deep $1; fi; }; f 1", &r, NULL, NULL);
    CHECK_STR(r.out, "deep 19\n");
}

TEST(sh_eval_limit_max_subst_depth)
{
    sk_limits l = sk_limits_default();
    l.max_subst_depth = 5;
    run_result r;
    run_with(&l, "x() { echo $(x); }; x", &r, NULL, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_subst_depth (limit: 5)\n");
    run_with(&l, "echo $(echo $(echo $(echo $(echo ok))))", &r, NULL, NULL);
    CHECK_STR(r.out, "ok\n");
    CHECK_INT(r.end, SK_END_NORMAL);
    run_with(&l, "( ( ( ( ( ( echo too deep ) ) ) ) ) )", &r, NULL, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_subst_depth (limit: 5)\n");
}

static void make_files(sk_shell *sh)
{
    char p[64];
    for (int i = 0; i < 20; i++) {
        snprintf(p, sizeof p, "/d/f%02d.txt", i);
        sk_shell_write_file(sh, p, "x", 1, 0644);
    }
}

TEST(sh_eval_limit_max_glob_matches)
{
    sk_limits l = sk_limits_default();
    l.max_glob_matches = 10;
    run_result r;
    run_with(&l, "echo /d/*.txt", &r, make_files, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_glob_matches (limit: 10)\n");
    CHECK_STR(r.limit, "max_glob_matches");
    run_with(&l, "echo /d/f0*.txt", &r, make_files, NULL);
    CHECK_STR(r.out, "/d/f00.txt /d/f01.txt /d/f02.txt /d/f03.txt /d/f04.txt /d/f05.txt /d/f06.txt /d/f07.txt /d/f08.txt /d/f09.txt\n");
}

TEST(sh_eval_limit_max_brace_expansions)
{
    sk_limits l = sk_limits_default();
    l.max_brace_expansions = 1000;
    run_result r;
    run_with(&l, "echo {1..100}{1..100}", &r, NULL, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_brace_expansions (limit: 1000)\n");
    run_with(&l, "echo {1..10}{1..10} | wc -w", &r, NULL, NULL);
    CHECK_STR(r.out, "100\n");
}

TEST(sh_eval_limit_parser)
{
    sk_limits l = sk_limits_default();
    l.max_ast_depth = 10;
    run_result r;
    run_with(&l, "echo before\n( ( ( ( ( ( ( ( ( ( ( ( echo deep ) ) ) ) ) ) ) ) ) ) ) )", &r, NULL, NULL);
    CHECK_STR(r.out, "before\n");
    CHECK_STR(r.err, "bash: resource limit exceeded: max_ast_depth (limit: 10)\n");
    l = sk_limits_default();
    l.max_parser_operations = 50;
    char script[4096] = "";
    for (int i = 0; i < 100; i++) strcat(script, "echo a b c; ");
    run_with(&l, script, &r, NULL, NULL);
    CHECK_STR(r.err, "bash: resource limit exceeded: max_parser_operations (limit: 50)\n");
}

static int64_t fake_clock_ns;
static int64_t ticking_clock(void *ud)
{
    (void)ud;
    fake_clock_ns += 1000000;   /* every reading is 1 ms later */
    return fake_clock_ns;
}

TEST(sh_eval_limit_timeout)
{
    sk_limits l = sk_limits_default();
    l.timeout_ms = 50;
    l.max_commands = 0;
    l.max_loop_iterations = 0;
    l.max_total_loop_iterations = 0;
    run_result r;
    fake_clock_ns = 0;
    run_with(&l, "while :; do :; done", &r, NULL, ticking_clock);
    CHECK_INT(r.end, SK_END_TIMEOUT);
    CHECK_STR(r.err, "bash: resource limit exceeded: timeout (limit: 50ms)\n");
}

TEST(sh_eval_limit_parser_timeout)
{
    sk_limits l = sk_limits_default();
    l.parser_timeout_ms = 20;
    l.timeout_ms = 0;
    run_result r;
    /* one long top-level command: the parser reads the clock as it goes */
    size_t cap = 400000;
    char *script = malloc(cap);
    size_t k = 0;
    k += (size_t)snprintf(script + k, cap - k, "{ ");
    while (k + 40 < cap) k += (size_t)snprintf(script + k, cap - k, "echo a b c d e f; ");
    snprintf(script + k, cap - k, "}");
    fake_clock_ns = 0;
    run_with(&l, script, &r, NULL, ticking_clock);
    free(script);
    CHECK_STR(r.err, "bash: resource limit exceeded: parser_timeout (limit: 20)\n");
    CHECK_STR(r.limit, "parser_timeout");
}

TEST(sh_eval_limit_max_memory)
{
    sk_limits l = sk_limits_default();
    l.max_memory = 2 << 20;
    l.max_loop_iterations = 0;
    l.max_total_loop_iterations = 0;
    run_result r;
    run_with(&l, "s=x; while :; do s=$s$s; done", &r, NULL, NULL);
    CHECK_INT(r.end, SK_END_LIMIT);
    CHECK_STR(r.limit, "max_memory");
    CHECK(strstr(r.err, "bash: resource limit exceeded: max_memory (limit: 2097152)") != NULL);
}

/* ---- behaviour ------------------------------------------------------------------------ */

TEST(sh_eval_pipelines_end_early)
{
    run_result r;
    run("yes | head -n 2; echo \"${PIPESTATUS[@]}\"", &r);
    CHECK_STR(r.out, "y\ny\n141 0\n");
    run("while true; do echo y; done | head -n 3; echo done", &r);
    CHECK_STR(r.out, "y\ny\ny\ndone\n");
    run("for i in 1 2 3; do echo $i; done | while read x; do echo \"<$x>\"; done", &r);
    CHECK_STR(r.out, "<1>\n<2>\n<3>\n");
}

TEST(sh_eval_subshell_isolation)
{
    run_result r;
    run("x=1; (x=2; echo in $x); echo out $x; y=$(x=3; echo $x); echo $x $y; echo a | read z; echo \"[$z]\"",
        &r);
    CHECK_STR(r.out, "in 2\nout 1\n1 3\n[]\n");
    run("shopt -s lastpipe; echo a | read z; echo \"[$z]\"", &r);
    CHECK_STR(r.out, "[a]\n");
}

TEST(sh_eval_exit_and_errors)
{
    run_result r;
    run("echo a; exit 3; echo b", &r);
    CHECK_STR(r.out, "a\n");
    CHECK_INT(r.code, 3);
    CHECK_INT(r.end, SK_END_EXIT);
    run("echo $((1/0)); echo same-line\necho next $?", &r);
    CHECK_STR(r.out, "next 1\n");
    CHECK_STR(r.err, "bash: line 1: 1/0: division by 0 (error token is \"0\")\n");
    run("echo ok\nif then", &r);
    CHECK_STR(r.out, "ok\n");
    CHECK_INT(r.end, SK_END_ERROR);
    CHECK_INT(r.code, 2);
    CHECK_STR(r.err, "bash: -c: line 2: syntax error near unexpected token `then'\nbash: -c: line 2: `if then'\n");
    run("nosuch; echo $?", &r);
    CHECK_STR(r.out, "127\n");
    CHECK_STR(r.err, "bash: line 1: nosuch: command not found\n");
}

TEST(sh_eval_traps)
{
    run_result r;
    run("trap 'echo bye $?' EXIT; echo hi; false", &r);
    CHECK_STR(r.out, "hi\nbye 1\n");
    run("trap 'echo err' ERR; false; true; echo end", &r);
    CHECK_STR(r.out, "err\nend\n");
    run("set -e; trap 'echo cleanup' EXIT; false; echo never", &r);
    CHECK_STR(r.out, "cleanup\n");
    CHECK_INT(r.code, 1);
}

TEST(sh_eval_background_jobs)
{
    run_result r;
    run("echo first & echo second; wait; echo done $?", &r);
    CHECK_STR(r.out, "first\nsecond\ndone 0\n");
    run("(exit 4) & p=$!; wait $p; echo $?", &r);
    CHECK_STR(r.out, "4\n");
}

/* Scripts and their output under GNU bash 5.2 (bash -c). */
static const struct { const char *script, *out; } bash_cases[] = {
    { "x=\"a b  c\"; echo $x; echo \"$x\"; set -- $x; echo $#", "a b c\na b  c\n3\n" },
    { "a=(1 2 3); echo ${a[@]:1:1} ${#a[*]} \"${a[@]}\"; a+=(4); echo ${a[-1]}; unset 'a[0]'; echo ${!a[@]}",
      "2 3 1 2 3\n4\n1 2 3\n" },
    { "s=hello; echo ${s:1:3} ${s: -2} ${s^} ${s^^} ${#s} ${s/l/L} ${s//l/L} ${s#h*l} ${s##h*l} ${s%l*o} ${s%%l*o}",
      "ell lo Hello HELLO 5 heLlo heLLo lo o hel he\n" },
    { "f() { local x=inner; echo $x; g; }; g() { echo g:$x; }; x=outer; f; echo $x", "inner\ng:inner\nouter\n" },
    { "case \"abc\" in a*) echo A;& b*) echo B;;& *c) echo C;; esac", "A\nB\nC\n" },
    { "IFS=_-; s1='a__b---c_d'; set -- $s1; echo \"$#\"", "7\n" },
    { "set -- \"\" \"\"; echo \"argv=${@:-minus}\" \"${@:+plus}\"", "argv=  plus\n" },
    { "printf '%q %q %q\\n' 'a b' \"c'd\" ''", "a\\ b c\\'d ''\n" },
    { "declare -A m=([b]=2 [a]=1 [c]=3); echo \"${!m[@]}\"", "c b a\n" },
    { "x=5; declare -p x; declare -a arr=(1 \"2 3\"); declare -p arr", "declare -- x=\"5\"\ndeclare -a arr=([0]=\"1\" [1]=\"2 3\")\n" },
    { "f() { echo hi; }; declare -f f", "f () \n{ \n    echo hi\n}\n" },
    { "x=abc; [[ $x =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[0]} ${BASH_REMATCH[1]}", "abc b\n" },
    { "shopt -s extglob; f=foo.txt; echo ${f%.@(txt|md)}", "foo\n" },
    { "read -r a b <<< 'one two three'; echo \"$a|$b\"", "one|two three\n" },
    { "getopts 'ab:' o -b val; echo $o $OPTARG $OPTIND", "b val 3\n" },
    { "echo {a,b}{1,2} x{1..5..2}y", "a1 a2 b1 b2 x1y x3y x5y\n" },
    { "i=0; while (( i < 5 )); do (( i++ )); [ $i -eq 3 ] && continue; echo -n $i; done; echo", "1245\n" },
    { "set -x; x=1; echo \"$x\" 2>&1", "1\n" },
};

TEST(sh_eval_bash_cases)
{
    for (size_t i = 0; i < sizeof bash_cases / sizeof bash_cases[0]; i++) {
        run_result r;
        run(bash_cases[i].script, &r);
        if (strcmp(r.out, bash_cases[i].out))
            sk_test_fail(T, __FILE__, __LINE__, "[%s]: got \"%s\" want \"%s\" (err %s)", bash_cases[i].script, r.out,
                         bash_cases[i].out, r.err);
    }
}

TEST(sh_eval_state_persists_between_execs)
{
    sk_config *cfg = sk_config_new();
    sk_shell *sh = sk_shell_new(cfg);
    const char *s1 = "x=1; f() { echo f$x; }; cd /tmp; alias ll=echo";
    sk_result *r = sk_shell_exec(sh, s1, strlen(s1), NULL);
    sk_result_free(r);
    const char *s2 = "f; pwd; echo $x";
    r = sk_shell_exec(sh, s2, strlen(s2), NULL);
    size_t n;
    const char *o = sk_result_stdout(r, &n);
    CHECK_MEM(o, n, "f1\n/tmp\n1\n");
    sk_result_free(r);
    CHECK_STR(sk_shell_cwd(sh), "/tmp");
    sk_shell_free(sh);
    sk_config_free(cfg);
}

/* ---- the generated differential cases ------------------------------------------------- */

#include "sh_eval_cases.h"

TEST(sh_eval_generated_bash_cases)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof eval_cases / sizeof eval_cases[0]; i++) {
        sk_config *cfg = sk_config_new();
        sk_shell *sh = sk_shell_new(cfg);
        const char *s = eval_cases[i].script;
        sk_result *r = sk_shell_exec(sh, s, strlen(s), NULL);
        size_t n;
        const char *o = sk_result_stdout(r, &n);
        if (n != strlen(eval_cases[i].out) || memcmp(o, eval_cases[i].out, n) ||
            sk_result_exit_code(r) != eval_cases[i].status) {
            if (bad++ < 10)
                sk_test_fail(T, __FILE__, __LINE__, "[%s]: got \"%.*s\" (%d), bash \"%s\" (%d)", s, (int)n, o,
                             sk_result_exit_code(r), eval_cases[i].out, eval_cases[i].status);
        }
        sk_result_free(r);
        sk_shell_free(sh);
        sk_config_free(cfg);
    }
}
