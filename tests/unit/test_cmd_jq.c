/* test_cmd_jq.c — the jq command run directly (no shell): every case of
 * the bashkit jq corpus as stdin + argv -> stdout, plus jq 1.7 behaviour
 * the corpus does not cover (errors, exit statuses, limits). */
#include <string.h>

#include "test.h"
#include "cmdtest.h"

SK_CMD("jq", cmd_jq, "");

/* Like cmdtest_run, with an exported environment. */
static int run_env(cmdtest *t, const char *stdin_text, char *const *envp, const char *const *argv)
{
    sk_buf_clear(&t->out);
    sk_buf_clear(&t->err);
    int argc = 0;
    while (argv[argc]) argc++;
    sk_fdtab fds;
    sk_fdtab_init(&fds, &t->a);
    sk_stream *in = sk_stream_mem(&t->run, stdin_text ? stdin_text : "", stdin_text ? strlen(stdin_text) : 0, 0);
    sk_fdtab_set(&fds, &t->a, 0, in, SK_RD);
    sk_fdtab_set(&fds, &t->a, 1, sk_stream_buf(&t->run, &t->out), SK_WR);
    sk_fdtab_set(&fds, &t->a, 2, sk_stream_buf(&t->run, &t->err), SK_WR);
    sk_cmd c;
    sk_cmd_init(&c, &t->run, &fds, argv[0]);
    c.cwd = "/home/user";
    c.lim = &t->lim;
    c.envp = envp;
    char *copy[64];
    for (int i = 0; i < argc && i < 63; i++) copy[i] = (char *)argv[i];
    copy[argc < 63 ? argc : 63] = NULL;
    t->status = cmd_finish(&c, cmd_jq(&c, argc, copy));
    sk_fdtab_free(&fds, &t->a);
    return t->status;
}

typedef struct corpus_case {
    const char *name, *in, *out;
    int status;
    const char *env;
    const char *argv[12];
} corpus_case;

static const corpus_case corpus[] = {
    { "jq_identity", "{\"a\":1}\n", "{\n  \"a\": 1\n}\n", 0, NULL, { "jq", ".", NULL } },
    { "jq_field", "{\"name\":\"test\"}\n", "\"test\"\n", 0, NULL, { "jq", ".name", NULL } },
    { "jq_nested", "{\"a\":{\"b\":{\"c\":1}}}\n", "1\n", 0, NULL, { "jq", ".a.b.c", NULL } },
    { "jq_array_index", "[1,2,3]\n", "2\n", 0, NULL, { "jq", ".[1]", NULL } },
    { "jq_array_all", "[1,2,3]\n", "1\n2\n3\n", 0, NULL, { "jq", ".[]", NULL } },
    { "jq_keys", "{\"a\":1,\"b\":2}\n", "[\n  \"a\",\n  \"b\"\n]\n", 0, NULL, { "jq", "keys", NULL } },
    { "jq_length", "[1,2,3,4,5]\n", "5\n", 0, NULL, { "jq", "length", NULL } },
    { "jq_length_string", "\"hello\"\n", "5\n", 0, NULL, { "jq", "length", NULL } },
    { "jq_select", "[1,2,3,4,5]\n", "4\n5\n", 0, NULL, { "jq", ".[] | select(. > 3)", NULL } },
    { "jq_map", "[1,2,3]\n", "[\n  2,\n  4,\n  6\n]\n", 0, NULL, { "jq", "map(. * 2)", NULL } },
    { "jq_filter", "[1,2,3,4,5]\n", "[\n  3,\n  4,\n  5\n]\n", 0, NULL, { "jq", "[.[] | select(. > 2)]", NULL } },
    { "jq_map_alternate", "[1,2,3]\n", "[\n  2,\n  4,\n  6\n]\n", 0, NULL, { "jq", "[.[] * 2]", NULL } },
    { "jq_add", "[1,2,3]\n", "6\n", 0, NULL, { "jq", "add", NULL } },
    { "jq_raw_output", "{\"name\":\"test\"}\n", "test\n", 0, NULL, { "jq", "-r", ".name", NULL } },
    { "jq_type", "123\n", "\"number\"\n", 0, NULL, { "jq", "type", NULL } },
    { "jq_null", "{\"a\":null}\n", "null\n", 0, NULL, { "jq", ".a", NULL } },
    { "jq_boolean", "true\n", "false\n", 0, NULL, { "jq", "not", NULL } },
    { "jq_string_interpolation", "{\"name\":\"world\"}\n", "\"hello world\"\n", 0, NULL, { "jq", "\"hello \\(.name)\"", NULL } },
    { "jq_object_construction", "{\"a\":1,\"b\":2}\n", "{\n  \"x\": 1,\n  \"y\": 2\n}\n", 0, NULL, { "jq", "{x:.a,y:.b}", NULL } },
    { "jq_array_construction", "{\"a\":1,\"b\":2}\n", "[\n  1,\n  2\n]\n", 0, NULL, { "jq", "[.a,.b]", NULL } },
    { "jq_pipe", "{\"items\":[1,2,3]}\n", "6\n", 0, NULL, { "jq", ".items | add", NULL } },
    { "jq_first", "[1,2,3]\n", "1\n", 0, NULL, { "jq", "first", NULL } },
    { "jq_last", "[1,2,3]\n", "3\n", 0, NULL, { "jq", "last", NULL } },
    { "jq_nested_object", "{\"a\":{\"b\":{\"c\":1}}}\n", "{\n  \"a\": {\n    \"b\": {\n      \"c\": 1\n    }\n  }\n}\n", 0, NULL, { "jq", ".", NULL } },
    { "jq_compact_output", "{\"a\": 1, \"b\": 2}\n", "{\"a\":1,\"b\":2}\n", 0, NULL, { "jq", "-c", ".", NULL } },
    { "jq_sort_keys", "{\"z\":1,\"a\":2}\n", "{\n  \"a\": 2,\n  \"z\": 1\n}\n", 0, NULL, { "jq", "-S", ".", NULL } },
    { "jq_slurp", "1\n2\n3\n", "[\n  1,\n  2,\n  3\n]\n", 0, NULL, { "jq", "-s", ".", NULL } },
    { "jq_has", "{\"a\":1}\n", "true\n", 0, NULL, { "jq", "has(\"a\")", NULL } },
    { "jq_has_missing", "{\"a\":1}\n", "false\n", 0, NULL, { "jq", "has(\"b\")", NULL } },
    { "jq_values", "{\"a\":1,\"b\":2}\n", "[\n  1,\n  2\n]\n", 0, NULL, { "jq", "[.[] | values]", NULL } },
    { "jq_empty", "{}\n", "", 0, NULL, { "jq", "empty", NULL } },
    { "jq_split", "\"a,b,c\"\n", "[\n  \"a\",\n  \"b\",\n  \"c\"\n]\n", 0, NULL, { "jq", "split(\",\")", NULL } },
    { "jq_join", "[\"a\",\"b\",\"c\"]\n", "\"a,b,c\"\n", 0, NULL, { "jq", "join(\",\")", NULL } },
    { "jq_min", "[3,1,2]\n", "1\n", 0, NULL, { "jq", "min", NULL } },
    { "jq_max", "[3,1,2]\n", "3\n", 0, NULL, { "jq", "max", NULL } },
    { "jq_sort", "[3,1,2]\n", "[\n  1,\n  2,\n  3\n]\n", 0, NULL, { "jq", "sort", NULL } },
    { "jq_reverse", "[1,2,3]\n", "[\n  3,\n  2,\n  1\n]\n", 0, NULL, { "jq", "reverse", NULL } },
    { "jq_unique", "[1,2,2,3,3,3]\n", "[\n  1,\n  2,\n  3\n]\n", 0, NULL, { "jq", "unique", NULL } },
    { "jq_flatten", "[[1,2],[3,[4,5]]]\n", "[\n  1,\n  2,\n  3,\n  4,\n  5\n]\n", 0, NULL, { "jq", "flatten", NULL } },
    { "jq_group_by", "[{\"k\":\"a\",\"v\":1},{\"k\":\"b\",\"v\":2},{\"k\":\"a\",\"v\":3}]\n", "[\n  [\n    {\n      \"k\": \"a\",\n      \"v\": 1\n    },\n    {\n      \"k\": \"a\",\n      \"v\": 3\n    }\n  ],\n  [\n    {\n      \"k\": \"b\",\n      \"v\": 2\n    }\n  ]\n]\n", 0, NULL, { "jq", "group_by(.k)", NULL } },
    { "jq_contains", "[1,2,3]\n", "true\n", 0, NULL, { "jq", "contains([2])", NULL } },
    { "jq_inside", "[2]\n", "true\n", 0, NULL, { "jq", "inside([1,2,3])", NULL } },
    { "jq_startswith", "\"hello world\"\n", "true\n", 0, NULL, { "jq", "startswith(\"hello\")", NULL } },
    { "jq_endswith", "\"hello world\"\n", "true\n", 0, NULL, { "jq", "endswith(\"world\")", NULL } },
    { "jq_ltrimstr", "\"hello world\"\n", "\"world\"\n", 0, NULL, { "jq", "ltrimstr(\"hello \")", NULL } },
    { "jq_rtrimstr", "\"hello world\"\n", "\"hello\"\n", 0, NULL, { "jq", "rtrimstr(\" world\")", NULL } },
    { "jq_ascii_downcase", "\"HELLO\"\n", "\"hello\"\n", 0, NULL, { "jq", "ascii_downcase", NULL } },
    { "jq_ascii_upcase", "\"hello\"\n", "\"HELLO\"\n", 0, NULL, { "jq", "ascii_upcase", NULL } },
    { "jq_tonumber", "\"42\"\n", "42\n", 0, NULL, { "jq", "tonumber", NULL } },
    { "jq_tostring", "42\n", "\"42\"\n", 0, NULL, { "jq", "tostring", NULL } },
    { "jq_floor", "3.7\n", "3\n", 0, NULL, { "jq", "floor", NULL } },
    { "jq_ceil", "3.2\n", "4\n", 0, NULL, { "jq", "ceil", NULL } },
    { "jq_round", "3.5\n", "4\n", 0, NULL, { "jq", "round", NULL } },
    { "jq_abs", "-5\n", "5\n", 0, NULL, { "jq", "abs", NULL } },
    { "jq_range", NULL, "[\n  0,\n  1,\n  2\n]\n", 0, NULL, { "jq", "-n", "[range(3)]", NULL } },
    { "jq_nth", "[1,2,3,4,5]\n", "3\n", 0, NULL, { "jq", "nth(2)", NULL } },
    { "jq_if_then_else", "5\n", "\"big\"\n", 0, NULL, { "jq", "if . > 3 then \"big\" else \"small\" end", NULL } },
    { "jq_try", "1\n", "\"error\"\n", 0, NULL, { "jq", "try error catch \"error\"", NULL } },
    { "jq_recurse", "{\"a\":{\"b\":1}}\n", "[\n  1\n]\n", 0, NULL, { "jq", "[recurse | scalars]", NULL } },
    { "jq_getpath", "{\"a\":{\"b\":1}}\n", "1\n", 0, NULL, { "jq", "getpath([\"a\",\"b\"])", NULL } },
    { "jq_setpath", "{\"a\":1}\n", "{\n  \"a\": 1,\n  \"b\": 2\n}\n", 0, NULL, { "jq", "setpath([\"b\"];2)", NULL } },
    { "jq_del", "{\"a\":1,\"b\":2}\n", "{\n  \"b\": 2\n}\n", 0, NULL, { "jq", "del(.a)", NULL } },
    { "jq_to_entries", "{\"a\":1,\"b\":2}\n", "[\n  {\n    \"key\": \"a\",\n    \"value\": 1\n  },\n  {\n    \"key\": \"b\",\n    \"value\": 2\n  }\n]\n", 0, NULL, { "jq", "to_entries", NULL } },
    { "jq_from_entries", "[{\"key\":\"a\",\"value\":1}]\n", "{\n  \"a\": 1\n}\n", 0, NULL, { "jq", "from_entries", NULL } },
    { "jq_with_entries", "{\"a\":1}\n", "{\n  \"a\": 2\n}\n", 0, NULL, { "jq", "with_entries(.value += 1)", NULL } },
    { "jq_paths", "{\"a\":{\"b\":1}}\n", "[\n  [\n    \"a\"\n  ],\n  [\n    \"a\",\n    \"b\"\n  ]\n]\n", 0, NULL, { "jq", "[paths]", NULL } },
    { "jq_leaf_paths", "{\"a\":{\"b\":1}}\n", "[\n  [\n    \"a\",\n    \"b\"\n  ]\n]\n", 0, NULL, { "jq", "[leaf_paths]", NULL } },
    { "jq_any", "[false,true,false]\n", "true\n", 0, NULL, { "jq", "any", NULL } },
    { "jq_all", "[true,true,true]\n", "true\n", 0, NULL, { "jq", "all", NULL } },
    { "jq_limit", "[1,2,3,4,5]\n", "[\n  1,\n  2,\n  3\n]\n", 0, NULL, { "jq", "[limit(3;.[])]", NULL } },
    { "jq_until", "1\n", "5\n", 0, NULL, { "jq", "until(. >= 5; . + 1)", NULL } },
    { "jq_while", "1\n", "[\n  1,\n  2,\n  3,\n  4\n]\n", 0, NULL, { "jq", "[while(. < 5; . + 1)]", NULL } },
    { "jq_input", "1\n2\n", "2\n", 0, NULL, { "jq", "input", NULL } },
    { "jq_inputs", "1\n2\n3\n", "[2,3]\n", 0, NULL, { "jq", "-c", "[inputs]", NULL } },
    { "jq_input_with_dot", "{\"a\":1}\n{\"b\":2}\n", "[{\"a\":1},{\"b\":2}]\n", 0, NULL, { "jq", "-c", "[., input]", NULL } },
    { "jq_inputs_empty", "42\n", "[]\n", 0, NULL, { "jq", "-c", "[inputs]", NULL } },
    { "jq_debug", "1\n", "1\n", 0, NULL, { "jq", "debug", NULL } },
    { "jq_env", NULL, "\"bar\"\n", 0, "FOO=bar", { "jq", "-n", "env.FOO", NULL } },
    { "jq_env_missing", NULL, "null\n", 0, NULL, { "jq", "-n", "env.NONEXISTENT_VAR_XYZ", NULL } },
    { "jq_multiple_filters", "{\"a\":1,\"b\":2}\n", "1\n2\n", 0, NULL, { "jq", ".a, .b", NULL } },
    { "jq_recursive_descent", "{\"a\":{\"b\":1},\"c\":2}\n", "1\n2\n", 0, NULL, { "jq", ".. | numbers", NULL } },
    { "jq_optional_object_identifier", "{}\n", "null\n", 0, NULL, { "jq", ".foo?", NULL } },
    { "jq_reduce", "[1,2,3]\n", "6\n", 0, NULL, { "jq", "reduce .[] as $x (0; . + $x)", NULL } },
    { "jq_foreach", "[1,2,3]\n", "[\n  1,\n  3,\n  6\n]\n", 0, NULL, { "jq", "[foreach .[] as $x (0; . + $x)]", NULL } },
    { "jq_walk", "{\"a\":[1,2]}\n", "{\n  \"a\": [\n    2,\n    3\n  ]\n}\n", 0, NULL, { "jq", "walk(if type == \"number\" then . + 1 else . end)", NULL } },
    { "jq_gsub", "\"hello\"\n", "\"hexxo\"\n", 0, NULL, { "jq", "gsub(\"l\";\"x\")", NULL } },
    { "jq_sub", "\"hello\"\n", "\"hexlo\"\n", 0, NULL, { "jq", "sub(\"l\";\"x\")", NULL } },
    { "jq_test", "\"hello\"\n", "true\n", 0, NULL, { "jq", "test(\"ell\")", NULL } },
    { "jq_match", "\"hello\"\n", "{\"offset\":1,\"length\":4,\"string\":\"ello\",\"captures\":[{\"offset\":2,\"length\":2,\"string\":\"ll\",\"name\":null}]}\n", 0, NULL, { "jq", "-c", "match(\"e(ll)o\")", NULL } },
    { "jq_scan", "\"hello hello\"\n", "[\"hel\",\"hel\"]\n", 0, NULL, { "jq", "-c", "[scan(\"hel\")]", NULL } },
    { "jq_index", "[\"a\",\"b\",\"c\"]\n", "1\n", 0, NULL, { "jq", "index(\"b\")", NULL } },
    { "jq_rindex", "[\"a\",\"b\",\"a\"]\n", "2\n", 0, NULL, { "jq", "rindex(\"a\")", NULL } },
    { "jq_indices", "[\"a\",\"b\",\"a\"]\n", "[\n  0,\n  2\n]\n", 0, NULL, { "jq", "indices(\"a\")", NULL } },
    { "jq_null_input", NULL, "2\n", 0, NULL, { "jq", "-n", "1 + 1", NULL } },
    { "jq_exit_status", "null\n", "null\n", 1, NULL, { "jq", "-e", ".", NULL } },
    { "jq_tab_indent", "{\"a\":1}\n", "{\n\t\"a\": 1\n}\n", 0, NULL, { "jq", "--tab", ".", NULL } },
    { "jq_version", NULL, "jq-1.8\n", 0, NULL, { "jq", "--version", NULL } },
    { "jq_version_short", NULL, "jq-1.8\n", 0, NULL, { "jq", "-V", NULL } },
    { "jq_combined_flags_rn", NULL, "hello\n", 0, NULL, { "jq", "-rn", "\"hello\"", NULL } },
    { "jq_combined_flags_sc", "1\n2\n3\n", "6\n", 0, NULL, { "jq", "-sc", "add", NULL } },
    { "jq_arg_binding", NULL, "\"say hello\"\n", 0, NULL, { "jq", "-n", "--arg", "greeting", "hello", "\"say \\($greeting)\"", NULL } },
    { "jq_argjson_binding", NULL, "6\n", 0, NULL, { "jq", "-n", "--argjson", "count", "5", "$count + 1", NULL } },
    { "jq_empty_input", "\n", "", 0, NULL, { "jq", ".", NULL } },
    { "jq_ndjson", "{\"a\":1}\n{\"a\":2}\n", "1\n2\n", 0, NULL, { "jq", ".a", NULL } },
    { "jq_multiple_arg_bindings", NULL, "\"[hello] [world]\"\n", 0, NULL, { "jq", "-n", "--arg", "x", "hello", "--arg", "y", "world", "\"[\\($x)] [\\($y)]\"", NULL } },
    { "jq_argjson_object", NULL, "1\n", 0, NULL, { "jq", "-n", "--argjson", "obj", "{\"a\":1}", "$obj.a", NULL } },
    { "jq_arg_field_assignment", "{}\n", "{\n  \"greeting\": \"Hello John\"\n}\n", 0, NULL, { "jq", "--arg", "name", "John", ".greeting = \"Hello \" + $name", NULL } },
    { "jq_argjson_field_assignment", "{}\n", "{\n  \"total\": 42\n}\n", 0, NULL, { "jq", "--argjson", "count", "42", ".total = $count", NULL } },
    { "jq_arg_dynamic_key", "{}\n", "{\n  \"name\": \"Alice\"\n}\n", 0, NULL, { "jq", "--arg", "key", "name", "--arg", "val", "Alice", ".[$key] = $val", NULL } },
    { "jq_combined_flags_snr", NULL, "hello\n", 0, NULL, { "jq", "-snr", "\"hello\"", NULL } },
    { "jq_exit_status_false", "false\n", "false\n", 1, NULL, { "jq", "-e", ".", NULL } },
    { "jq_exit_status_truthy", "42\n", "42\n", 0, NULL, { "jq", "-e", ".", NULL } },
    { "jq_raw_input", "hello\nworld\n", "\"hello\"\n\"world\"\n", 0, NULL, { "jq", "-R", ".", NULL } },
    { "jq_raw_input_slurp", "a,b\n1,2\n", "[\n  \"a,b\",\n  \"1,2\"\n]\n", 0, NULL, { "jq", "-Rs", "split(\"\\n\") | map(select(length>0))", NULL } },
    { "jq_raw_slurp_empty_stdin", "", "\"\"\n", 0, NULL, { "jq", "-Rs", ".", NULL } },
    { "jq_raw_slurp_normal", "hello", "\"hello\"\n", 0, NULL, { "jq", "-Rs", ".", NULL } },
    { "jq_input_filename_returns_null", "1\n", "null\n", 0, NULL, { "jq", "input_filename", NULL } },
    { "jq_input_line_number_per_input", "1\n", "1\n", 0, NULL, { "jq", "input_line_number", NULL } },
    { "jq_dollar_env_returns_shell_env", NULL, "\"bar\"\n", 0, "FOO=bar", { "jq", "-n", "$ENV.FOO", NULL } },
};

TEST(cmd_jq_corpus)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
        const corpus_case *k = &corpus[i];
        char *envp[2] = { (char *)k->env, NULL };
        run_env(&t, k->in, envp, k->argv);
        if (strcmp(sk_buf_cstr(&t.out), k->out) || t.status != k->status)
            fprintf(stderr, "  case %s: status %d, stderr %s\n", k->name, t.status, sk_buf_cstr(&t.err));
        CHECK_STR(sk_buf_cstr(&t.out), k->out);
        CHECK_INT(t.status, k->status);
    }
    cmdtest_free(&t);
}

TEST(cmd_jq_corpus_files)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* jq_file_input, jq_slurp_files */
    cmdtest_file(&t, "/tmp/jqtest/data.json", "{\"a\":1}\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "{\n  \"a\": 1\n}\n", "jq", ".", "/tmp/jqtest/data.json");
    cmdtest_file(&t, "/tmp/jqtest2/a.json", "{\"x\":1}\n");
    cmdtest_file(&t, "/tmp/jqtest2/b.json", "{\"x\":2}\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "[\n  {\n    \"x\": 1\n  },\n  {\n    \"x\": 2\n  }\n]\n", "jq", "-s", ".",
               "/tmp/jqtest2/a.json", "/tmp/jqtest2/b.json");
    /* jq_join_output */
    CMD_EXPECT(&t, cmd_jq, "[\"a\",\"b\"]\n", "ab", "jq", "-j", ".[]");
    /* jq_env_in_pipeline */
    char *envp[] = { "MYVAL=hello", NULL };
    const char *argv[] = { "jq", "-n", "env.MYVAL", NULL };
    run_env(&t, NULL, envp, argv);
    CHECK_STR(sk_buf_cstr(&t.out), "\"hello\"\n");
    /* input_filename of a file */
    CMD_EXPECT(&t, cmd_jq, NULL, "\"/tmp/jqtest/data.json\"\n", "jq", "input_filename", "/tmp/jqtest/data.json");
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", ".", "/tmp/nope.json");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error: Could not open /tmp/nope.json: No such file or directory\n");
    cmdtest_free(&t);
}

/* Differential cases: jq 1.7.1's output for each (input, filter) with -c. */
static const struct { const char *in, *filter, *out; } lang[] = {
    { "null", "label $out | 1, 2, break $out, 3", "1\n2\n" },
    { "null", "[label $f | range(10) | ., (select(. == 2) | break $f)]", "[0,1,2]\n" },
    { "null", "[foreach range(5) as $i (0; .+$i; select(. > 3))]", "[6,10]\n" },
    { "null", "[foreach range(5) as $i (null; $i; .)]", "[0,1,2,3,4]\n" },
    { "null", "reduce ([1,2],[3,4]) as [$a,$b] (0; . + $a * $b)", "14\n" },
    { "null", "[[1,2],[3,4]] | map(. as [$a, $b] | $a + $b)", "[3,7]\n" },
    { "null", "{\"a\":{\"b\":[1,{\"c\":3}]}} | . as {a:{b:[$x,{$c}]}} | [$x,$c]", "[1,3]\n" },
    { "null", "{\"k\":\"a\",\"a\":5} | . as {k: $k} | .[$k]", "5\n" },
    { "null", "[{\"a\":1}] | .[] as {a:$x} ?// [$x] | $x", "1\n" },
    { "null", "def f: . + 1; def g: f | f; 3 | g", "5\n" },
    { "null", "def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; 10 | fac", "3628800\n" },
    { "null", "def f(x): x * 2; f(3)", "6\n" },
    { "null", "def f($a; $b): $a + $b; f(1;2)", "3\n" },
    { "null", "def f(a; $b): a + $b + b; f(1;2)", "5\n" },
    { "null", "def f: def g: 3; g * 2; f", "6\n" },
    { "null", "[range(3)] as $x | def f: $x | length; f", "3\n" },
    { "null", "def addvalue(f): f as $x | map(. + $x); [[1,2],[10,20]] | addvalue(.[0])", "[[1,2,1,2],[10,20,1,2]]\n" },
    { "null", "[recurse(if . < 3 then . + 1 else empty end)]", "[null,1,2,3]\n" },
    { "null", "2 | [recurse(. * .; . < 100)]", "[2,4,16]\n" },
    { "null", "{\"a\":[1,2]} | [recurse] | length", "4\n" },
    { "null", "[1,[2,[3]]] | [.. | numbers]", "[1,2,3]\n" },
    { "null", "\"abc\" | ascii_upcase | ascii_downcase", "\"abc\"\n" },
    { "null", "[.[]?] | length", "0\n" },
    { "null", "{\"a\":1} | .b.c?", "null\n" },
    { "null", "[{\"a\":1},{\"a\":\"x\"}] | map(.a | tostring)", "[\"1\",\"x\"]\n" },
    { "null", "\"\\u00e9\" | @json, tojson, (tojson|fromjson)", "\"\\\"\303\251\\\"\"\n\"\\\"\303\251\\\"\"\n\"\303\251\"\n" },
    { "null", "[1,2,3] | .[1:] += [\"x\"]", "[1,2,3,\"x\"]\n" },
    { "null", "{} | .a.b.c = [1] | .a.b.c[2] = 5", "{\"a\":{\"b\":{\"c\":[1,null,5]}}}\n" },
    { "null", "{\"a\":[1,2,3]} | del(.a[] | select(. == 2))", "{\"a\":[1,3]}\n" },
    { "null", "[1,2,3,4] | del(.[] | select(. % 2 == 0))", "[1,3]\n" },
    { "null", "{\"a\":1,\"b\":2,\"c\":3} | with_entries(select(.value > 1))", "{\"b\":2,\"c\":3}\n" },
    { "null", "{\"a\":1,\"b\":2} | to_entries | map(\"\\(.key)=\\(.value)\") | join(\"&\")", "\"a=1&b=2\"\n" },
    { "null", "[{\"name\":\"a\",\"v\":1},{\"name\":\"b\",\"v\":2}] | map({(.name): .v}) | add", "{\"a\":1,\"b\":2}\n" },
    { "null", "[3,1,2] | sort | reverse | first, last", "3\n1\n" },
    { "null", "\"a-b-c\" | split(\"-\") | map(ascii_upcase) | join(\"+\")", "\"A+B+C\"\n" },
    { "null", "\"  hi  \" | ltrimstr(\"  \") | rtrimstr(\"  \")", "\"hi\"\n" },
    { "null", "[1,2,3] | map(select(. != 2)) | length", "2\n" },
    { "null", "{\"a\":{\"b\":{\"c\":1}}} | [paths(..)] | length", "6\n" },
    { "null", "{\"a\":{\"b\":{\"c\":1}}} | [paths] ", "[[\"a\"],[\"a\",\"b\"],[\"a\",\"b\",\"c\"]]\n" },
    { "null", "{\"a\":1} | has(\"a\"), has(\"b\")", "true\nfalse\n" },
    { "null", "[1,2] | has(0), has(2), has(-1)", "true\nfalse\nfalse\n" },
    { "null", "{\"a\":[1,2]} | .a | length, (map(. * 10) | add)", "2\n30\n" },
    { "null", "\"x\" | . * 3", "\"xxx\"\n" },
    { "null", "[1,2] | . - [2]", "[1]\n" },
    { "null", "{\"a\":{\"b\":1}} * {\"a\":{\"c\":2}}", "{\"a\":{\"b\":1,\"c\":2}}\n" },
    { "null", "10 / 3, 10 % 3, -10 % 3, 10 % -3, 5.5 % 2", "3.3333333333333335\n1\n-1\n1\n1\n" },
    { "null", "1 / 3 * 3", "1\n" },
    { "null", "[.[]?] + [1] | first", "1\n" },
    { "null", "\"abc\" | test(\"B\"; \"i\"), test(\"^a\"), test(\"c$\")", "true\ntrue\ntrue\n" },
    { "null", "\"foo bar foo\" | [match(\"foo\"; \"g\") | .offset]", "[0,8]\n" },
    { "null", "\"foo bar\" | sub(\"(?<a>\\\\w+)\"; \"<\\(.a)>\"), gsub(\"(?<a>\\\\w+)\"; \"<\\(.a)>\")", "\"<foo> bar\"\n\"<foo> <bar>\"\n" },
    { "null", "\"aaa\" | gsub(\"a\"; \"b\")", "\"bbb\"\n" },
    { "null", "\"abc\" | gsub(\"\"; \"-\")", "\"-a-b-c-\"\n" },
    { "null", "\"Hello World\" | gsub(\"(?<l>[A-Z])\"; \"_\\(.l|ascii_downcase)\")", "\"_hello _world\"\n" },
    { "null", "\"test\" | [splits(\"\")]", "[\"\",\"t\",\"e\",\"s\",\"t\",\"\"]\n" },
    { "null", "\"a1b2\" | [scan(\"[a-z][0-9]\")], [scan(\"([a-z])([0-9])\")]", "[\"a1\",\"b2\"]\n[[\"a\",\"1\"],[\"b\",\"2\"]]\n" },
    { "null", "\"2015-03-05T23:51:47Z\" | strptime(\"%Y-%m-%dT%H:%M:%SZ\"), fromdate, (fromdate | todate)", "[2015,2,5,23,51,47,4,63]\n1425599507\n\"2015-03-05T23:51:47Z\"\n" },
    { "null", "0 | todate, (86400*365.25*30 | todate)", "\"1970-01-01T00:00:00Z\"\n\"2000-01-01T12:00:00Z\"\n" },
    { "null", "\"10 Mar 2020\" | strptime(\"%d %b %Y\") | mktime", "1583798400\n" },
    { "null", "[limit(5; repeat(.))] | length", "5\n" },
    { "null", "[1,2,3] | IN(2)", "false\n" },
    { "null", "[1,2] | [.[] | IN(2,3)]", "[false,true]\n" },
    { "null", "$__loc__", "{\"file\":\"<top-level>\",\"line\":1}\n" },
    { "null", "{\"a\":1} | keys_unsorted, (to_entries | length)", "[\"a\"]\n1\n" },
    { "null", "[{\"a\":1,\"b\":2}] | map(del(.a))", "[{\"b\":2}]\n" },
    { "null", "{\"a\":null,\"b\":false} | [.[] | values], [.[] | nulls], [.[] | booleans]", "[false]\n[null]\n[false]\n" },
    { "null", "[1,\"a\",null,[],{},true] | map(type)", "[\"number\",\"string\",\"null\",\"array\",\"object\",\"boolean\"]\n" },
    { "null", "[1,\"a\",null,[],{},true] | [.[] | scalars], [.[] | iterables]", "[1,\"a\",null,true]\n[[],{}]\n" },
    { "null", "[1, 1.5, -0, 1e100, 1e-5, 100000000000000000000] | map(tostring)", "[\"1\",\"1.5\",\"-0\",\"1E+100\",\"0.00001\",\"100000000000000000000\"]\n" },
    { "null", "[1,2] | tostream", "[[0],1]\n[[1],2]\n[[1]]\n" },
    { "null", "fromstream([[0],1],[[1],2],[[1]])", "[1,2]\n" },
    { "null", "[1,[2]] | [tostream] | fromstream(.[])", "[1,[2]]\n" },
    { "null", "{\"a\":1,\"b\":{\"c\":2}} | pick(.b.c)", "{\"b\":{\"c\":2}}\n" },
    { "null", "[[1,2],[3]] | transpose", "[[1,3],[2,null]]\n" },
    { "null", "[1,2,3] | combinations? ", "" },
    { "null", "[[1,2],[3,4]] | [combinations] | length", "4\n" },
    { "null", "{\"a\":1} | tojson | fromjson | .a", "1\n" },
    { "null", "[3,1,2] | min, max, (min_by(-.)), (max_by(-.))", "1\n3\n3\n1\n" },
    { "null", "[{\"a\":1,\"b\":1},{\"a\":1,\"b\":2}] | unique_by(.a), group_by(.a) | length", "1\n1\n" },
    { "null", "[1,2,1,3] | unique", "[1,2,3]\n" },
    { "null", "[1,[1,2]] | flatten, flatten(1), flatten(0)", "[1,1,2]\n[1,1,2]\n[1,[1,2]]\n" },
    { "null", "{\"a\":\"x\"} | @base64 \"\\(.a)\", @uri \"a=\\(.a)&b=\\(\"x y\")\"", "\"eA==\"\n\"a=x&b=x%20y\"\n" },
    { "null", "[1,2,3] | any(. > 2), all(. > 0), any(.[]; . > 5)", "true\ntrue\nfalse\n" },
    { "null", "[] | any, all", "false\ntrue\n" },
    { "null", "\"abc\" | explode | implode", "\"abc\"\n" },
    { "null", "[65, 128512] | implode", "\"A\360\237\230\200\"\n" },
    { "null", "\"abc\" | utf8bytelength, length", "3\n3\n" },
    { "null", "\"\\u00e9abc\" | .[1:], .[:1], length, utf8bytelength", "\"abc\"\n\"\303\251\"\n4\n5\n" },
    { "null", "[1,2,3] | indices(2), index(2), rindex(2), indices([2,3])", "[1]\n1\n1\n[1]\n" },
    { "null", "\"abcb\" | index(\"b\"), rindex(\"b\"), indices(\"b\")", "1\n3\n[1,3]\n" },
    { "null", "null | not, (1|not), (false|not)", "true\nfalse\ntrue\n" },
    { "null", "{} | .a += 1", "{\"a\":1}\n" },
    { "null", "[[0,1],[1,0]] | sort_by(.[1])", "[[1,0],[0,1]]\n" },
    { "null", "[1,2,3] | until(length < 2; .[1:])", "[3]\n" },
    { "null", "1 | [while(. < 8; . * 2)]", "[1,2,4]\n" },
    { "null", "1 | until(. > 100; . * 2)", "128\n" },
    { "null", "[limit(3; range(100))]", "[0,1,2]\n" },
    { "null", "[first(range(10;0;-3))], [range(10;0;-3)]", "[10]\n[10,7,4,1]\n" },
    { "null", "[range(0; 1; 0.25)]", "[0,0.25,0.5,0.75]\n" },
    { "null", "nth(2; range(10))", "2\n" },
    { "null", "[.[]?] | first?", "null\n" },
    { "null", "{\"a\":\"b\"} | to_entries[0] | .key", "\"a\"\n" },
    { "null", "\"x\" as $x | {$x, y: $x}", "{\"x\":\"x\",\"y\":\"x\"}\n" },
    { "null", "{\"if\": 1, \"then\": 2} | .if, .then", "1\n2\n" },
    { "null", "{\"a-b\": 1} | .\"a-b\", .[\"a-b\"]", "1\n1\n" },
    { "null", "[1,2,3] | .[-2:], .[:-2], .[1:2]", "[2,3]\n[1]\n[2]\n" },
    { "null", "\"abcdef\" | .[2:4], .[-2:]", "\"cd\"\n\"ef\"\n" },
    { "null", "[1,2] | .[5] = 3", "[1,2,null,null,null,3]\n" },
    { "null", "ltrimstr(\"a\") ", "null\n" },
    { "null", "[1,2,3] | . as [$a] | $a", "1\n" },
    { "null", "getpath([\"a\",\"b\"])", "null\n" },
    { "null", "[paths] ", "[]\n" },
    { "null", "try error(\"\\(1+1)\") catch . + \"!\"", "\"2!\"\n" },
    { "null", "try (1/0) catch .", "\"number (1) and number (0) cannot be divided because the divisor is zero\"\n" },
    { "null", "(try error({\"a\":1}) catch .a) + 1", "2\n" },
    { "null", "\"abc\" | try (tonumber) catch \"bad\"", "\"bad\"\n" },
    { "null", "\"12\" | tonumber + 1", "13\n" },
    { "null", "[\"1\",\"a\"] | map(tonumber? // null)", "[1,null]\n" },
    { "null", "[1,2] | map(. as $x | [$x, $x * 2])", "[[1,2],[2,4]]\n" },
    { "null", "def f: reduce .[] as $x (0; . + $x); [1,2,3] | f", "6\n" },
    { "null", "[1,2,3] | reduce .[] as $x ({}; .[$x|tostring] = $x)", "{\"1\":1,\"2\":2,\"3\":3}\n" },
    { "null", "{\"a\":{\"b\":{\"c\":{\"d\":1}}}} | [paths | join(\".\")]", "[\"a\",\"a.b\",\"a.b.c\",\"a.b.c.d\"]\n" },
    { "null", "[{\"id\":1},{\"id\":2}] | INDEX(.id) | keys", "[\"1\",\"2\"]\n" },
    { "null", "splits(\"a\")?", "" },
    { "null", "\"a,b\" | splits(\",\")", "\"a\"\n\"b\"\n" },
    { "null", "[1,2,3] | getpath([1]), getpath([5]), getpath([\"a\"])?", "2\nnull\n" },
    { "null", "{\"a\":1} | setpath([\"b\",\"c\"]; 2) | delpaths([[\"a\"]])", "{\"b\":{\"c\":2}}\n" },
    { "null", "{\"a\":1} | with_entries(.value |= tostring)", "{\"a\":\"1\"}\n" },
    { "null", "input_line_number", "0\n" },
    { "null", "\"a, b\" | [splits(\", \")]", "[\"a\",\"b\"]\n" },
    { "null", "@text \"x\\(1)y\", @json \"x\\(\"a\")y\"", "\"x1y\"\n\"x\\\"a\\\"y\"\n" },
    { "null", "[.] | @csv", "\"\"\n" },
    { "null", "\"a\\\"b\" | @sh", "\"'a\\\"b'\"\n" },
    { "null", "{\"a\":[1,{\"b\":2}]} | [..] | length", "5\n" },
    { "null", "[1,null,2] | map(values)", "[1,2]\n" },
    { "null", "{\"a\":1} | .a as $v | {b: $v}", "{\"b\":1}\n" },
    { "null", "[{\"a\":[1,2]},{\"a\":[3]}] | map(.a[]) ", "[1,2,3]\n" },
    { "null", "[{\"a\":[1,2]},{\"a\":[3]}] | [.[].a[]] ", "[1,2,3]\n" },
    { "null", "{\"posts\":[{\"title\":\"a\",\"comments\":[1,2]}]} | .posts[] | {title, n: (.comments | length)}", "{\"title\":\"a\",\"n\":2}\n" },
    { "null", "{\"user\":{\"name\":\"x\"}} | .user.name |= ascii_upcase", "{\"user\":{\"name\":\"X\"}}\n" },
    { "null", "[1,2,3] | (.[] | select(. >= 2)) |= . * 100", "[1,200,300]\n" },
    { "null", "{\"a\":[1,2]} | .a += [3]", "{\"a\":[1,2,3]}\n" },
    { "null", "{\"a\":{\"b\":1}} | .a.b as $b | .a.c = $b + 1", "{\"a\":{\"b\":1,\"c\":2}}\n" },
    { "null", "[3,2,1] | sort_by(.) | map(tostring) | join(\" \")", "\"1 2 3\"\n" },
    { "null", "{\"b\":2,\"a\":1} | keys[0]", "\"a\"\n" },
    { "null", "[1,[2,[3,[4]]]] | flatten(2)", "[1,2,3,[4]]\n" },
    { "null", "\"a\" | ascii_downcase | . + \"b\" | length", "2\n" },
    { "null", "{\"a\":1,\"b\":2} | map_values(. + 1)", "{\"a\":2,\"b\":3}\n" },
    { "null", "[1,2] | map_values(. + 1)", "[2,3]\n" },
    { "null", "{\"a\":1,\"b\":2} | [.[]] | add / length", "1.5\n" },
    { "null", "[1,2,3,4] | .[1:3] |= reverse", "[1,3,2,4]\n" },
    { "null", "[4,3] | to_entries | map(.key)", "[0,1]\n" },
    { "null", "\"abc\" | split(\"\") ", "[\"a\",\"b\",\"c\"]\n" },
    { "null", "\"\" | split(\",\")", "[]\n" },
    { "null", "\"a,b,,c\" | split(\",\")", "[\"a\",\"b\",\"\",\"c\"]\n" },
    { "null", "\"a\" * 1.5, \"ab\" * 2", "\"a\"\n\"abab\"\n" },
    { "1", "length", "1\n" },
    { "[1]", "implode", "\"\\u0001\"\n" },
    { "\"abc\"", ".[1:2]", "\"b\"\n" },
    { "null", "\"a\" * -1", "null\n" },
    { "null", "[] | join(\",\")", "\"\"\n" },
    { "null", "[] | first", "null\n" },
    { "null", "nan < nan", "true\n" },
    { "null", "[nan] | sort", "[null]\n" },
    { "null", "{a:1} | .[]?", "1\n" },
    { "null", "\"x\" | ascii_downcase | ltrimstr(1)", "\"x\"\n" },
    { "null", "[1,2] | implode", "\"\\u0001\\u0002\"\n" },
    { "null", "{} | .a.b.c = 1", "{\"a\":{\"b\":{\"c\":1}}}\n" },
    { "null", "[1] | .[1.5]", "null\n" },
    { "null", "[1,2,3] | .[1.7]", "2\n" },
    { "null", "[1,2,3] | .[-1:]", "[3]\n" },
    { "null", "[1,2,3] | .[null:2]", "[1,2]\n" },
    { "null", "[1,2,3] | del(.[0,2])", "[2]\n" },
    { "null", "[1,2,3] | to_entries", "[{\"key\":0,\"value\":1},{\"key\":1,\"value\":2},{\"key\":2,\"value\":3}]\n" },
    { "null", "{\"a\":1} | with_entries(.key |= \"x\" + .)", "{\"xa\":1}\n" },
    { "{\"a\":1,\"b\":2}", "pick(.a)", "{\"a\":1}\n" },
    { "null", "[-5|abs?]", "[5]\n" },
    { "null", "\"abc\"|ltrimstr(\"a\")", "\"bc\"\n" },
    { "null", "[1,2]|getpath([\"a\"])?", "" },
    { "null", "\"a,b\"|[splits(\",\")]", "[\"a\",\"b\"]\n" },
    { "null", "[limit(0;1,2)]", "[]\n" },
    { "null", "[limit(-1;1,2)]", "[1,2]\n" },
    { "null", "1|significand", "1\n" },
    { "null", "\"abcab\"|[scan(\"a\";\"g\")]", "[\"a\",\"a\"]\n" },
    { "null", "[.[]?]", "[]\n" },
    { "null", "{\"a\":\"b\"}|to_entries", "[{\"key\":\"a\",\"value\":\"b\"}]\n" },
    { "null", "\" 1\"|tonumber", "1\n" },
    { "null", "\"nan\"|tonumber", "null\n" },
    { "null", "[1,2,3]|.[1:]=[\"x\"]", "[1,\"x\"]\n" },
    { "null", "ltrimstr(\"x\")", "null\n" },
    { "null", "getpath([\"a\",0,\"b\"])", "null\n" },
    { "null", "@sh \"echo \\(1,\"a b\")\"", "\"echo 1\"\n\"echo 'a b'\"\n" },
    { "null", "{} | .[\"a\",\"b\"] = 1", "{\"a\":1,\"b\":1}\n" },
    { "null", "[range(0;10;3)]", "[0,3,6,9]\n" },
    { "null", "[range(5;0;-2)]", "[5,3,1]\n" },
    { "null", "range(1;2;0)", "" },
    { "null", "tojson", "\"null\"\n" },
    { "null", "[1,2]|min_by(.)", "1\n" },
    { "null", "\"2015-03-05T23:51:47Z\"|fromdate", "1425599507\n" },
    { "null", "1425599507|todate", "\"2015-03-05T23:51:47Z\"\n" },
    { "null", "1425599507|gmtime", "[2015,2,5,23,51,47,4,63]\n" },
    { "null", "1425599507.9|gmtime|mktime", "1425599507\n" },
    { "null", "1425599507|strftime(\"%A, %B %d, %Y\")", "\"Thursday, March 05, 2015\"\n" },
    { "null", "\"10:15 2015-03-05\"|strptime(\"%H:%M %Y-%m-%d\")", "[2015,2,5,10,15,0,4,63]\n" },
    { "null", "1425599507|localtime|mktime", "1425599507\n" },
    { "null", "\"abc\"|@base64|.,@base64d", "\"YWJj\"\n\"abc\"\n" },
    { "null", "[1,\"a\",null]|@csv,@tsv", "\"1,\\\"a\\\",\"\n\"1\\ta\\t\"\n" },
    { "null", "\"<&>'\\\"\"|@html", "\"&lt;&amp;&gt;&apos;&quot;\"\n" },
    { "null", "\"\303\274 \303\251/?\"|@uri", "\"%C3%BC%20%C3%A9%2F%3F\"\n" },
    { "null", "{\"a\":[1,2]}|tostream", "[[\"a\",0],1]\n[[\"a\",1],2]\n[[\"a\",1]]\n[[\"a\"]]\n" },
    { "null", "fromstream(1|truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]]))", "[2]\n" },
    { "null", "[1,[2,3]]|getpath([1,1])", "3\n" },
    { "null", "[65,66]|implode|ascii_downcase", "\"ab\"\n" },
    { "null", "infinite|tostring", "\"1.7976931348623157e+308\"\n" },
    { "null", "[infinite,-infinite,nan]|tojson", "\"[1.7976931348623157e+308,-1.7976931348623157e+308,null]\"\n" },
    { "null", "[.[]?,1]|tojson", "\"[1]\"\n" },
    { "null", "\"\\u00e9\"|utf8bytelength", "2\n" },
    { "null", "{\"a\":1}|del(.a,.b)|keys", "[]\n" },
    { "null", "[3,2,1]|sort_by(.)|bsearch(2)", "1\n" },
    { "null", "[1,2,3]|bsearch(5)", "-4\n" },
    { "null", "\"abc\"|test(\"B\";\"i\")", "true\n" },
    { "null", "\"abc\"|[match(\"b|c\";\"g\")|.offset]", "[1,2]\n" },
    { "null", "\"foo bar\"|capture(\"(?<x>o+) (?<y>b)\")", "{\"x\":\"oo\",\"y\":\"b\"}\n" },
    { "null", "\"aXbXc\"|sub(\"x\";\"-\";\"gi\")", "\"a-b-c\"\n" },
    { "null", "\"abc\"|gsub(\"\";\"-\")", "\"-a-b-c-\"\n" },
    { "null", "\"abc\"|[match(\"\";\"g\")|.offset]", "[0,1,2,3]\n" },
    { "null", "$ENV|type", "\"object\"\n" },
    { "null", "[paths]", "[]\n" },
    { "null", "{\"a\":[{\"b\":1}]}|[paths(type==\"number\")]", "[[\"a\",0,\"b\"]]\n" },
    { "null", "[1,[2]]|tostream", "[[0],1]\n[[1,0],2]\n[[1,0]]\n[[1]]\n" },
    { "null", "@json \"x\\(1+2)\"", "\"x3\"\n" },
    { "null", "@text \"\\([1])\"", "\"[1]\"\n" },
    { "null", "getpath([])", "null\n" },
    { "null", "\"a\\nb\" | test(\"^b\"), test(\"a$\"), test(\"a.b\"), test(\"a.b\";\"p\"), test(\"a.b\";\"s\"), test(\"^b\";\"s\"), test(\"a$\";\"x\")", "false\nfalse\nfalse\ntrue\nfalse\nfalse\nfalse\n" },
    { "null", "\"a\\n\" | test(\"a$\")", "true\n" },
    { "null", "\"a\303\251,b\" | index(\",\"), indices(\",\"), (explode|length)", "3\n[3]\n4\n" },
    { "null", "\"xaxbx\"|[match(\"x\";\"g\").offset], (\"a\303\251b\"|match(\"b\").offset)", "[0,2,4]\n2\n" },
    { "null", "\"ab\"|match(\"(a)(x)?\")", "{\"offset\":0,\"length\":1,\"string\":\"a\",\"captures\":[{\"offset\":0,\"length\":1,\"string\":\"a\",\"name\":null},{\"offset\":-1,\"string\":null,\"length\":0,\"name\":null}]}\n" },
    { "null", "\"ab\"|capture(\"(?<a>a)(?<x>x)?\")", "{\"a\":\"a\",\"x\":null}\n" },
    { "null", "[[1,2],[3,4]] | .[0,1][0,1]", "1\n3\n2\n4\n" },
    { "null", "{a:(1,2), b:(3,4)}", "{\"a\":1,\"b\":3}\n{\"a\":1,\"b\":4}\n{\"a\":2,\"b\":3}\n{\"a\":2,\"b\":4}\n" },
    { "null", "(1,2) + (10,20)", "11\n12\n21\n22\n" },
    { "null", "[(1,2) as $x | ($x, 10)]", "[1,10,2,10]\n" },
    { "null", "reduce (1,2) as $x (0,10; . + $x)", "3\n13\n" },
    { "null", "reduce range(3) as $x (0; empty)", "null\n" },
    { "null", "reduce range(3) as $x (0; ., 100)", "100\n" },
    { "null", "[foreach (1,2) as $x (0; (.+$x), (.*10); [$x,.])]", "[[1,1],[1,0],[2,2],[2,0]]\n" },
    { "null", "[foreach (1,2) as $x (0,100; .+$x)]", "[1,3,101,103]\n" },
    { "null", "try (1, error(\"x\"), 3) catch .", "1\n\"x\"\n" },
    { "null", "[.[]?, 2]", "[2]\n" },
    { "null", "[(1,2)|try (if .==1 then error(\"e\") else . end) catch \"c\"]", "[\"c\",2]\n" },
    { "null", "[1,2,3] | .[] |= empty", "[]\n" },
    { "null", "[1,2,3] | (.[] | select(. > 1)) |= . * 10", "[1,20,30]\n" },
    { "null", "{\"a\":1} | .a += (1,2)", "{\"a\":2}\n{\"a\":3}\n" },
    { "null", "[1,2] | .[] += 1", "[2,3]\n" },
    { "null", "{} | .a //= 3", "{\"a\":3}\n" },
    { "null", "{\"a\":[1,2]} | path(.a[0], .a[])", "[\"a\",0]\n[\"a\",0]\n[\"a\",1]\n" },
    { "null", "[1]|path(first(.[]))", "[0]\n" },
    { "null", "{\"a\":{\"b\":\"c\"}} | [paths]", "[[\"a\"],[\"a\",\"b\"]]\n" },
    { "null", "path(.a[1:3])", "[\"a\",{\"start\":1,\"end\":3}]\n" },
    { "null", "[1,2,3,4] | .[1:3] = [\"x\"]", "[1,\"x\",4]\n" },
    { "null", "[1,2,3,4] | del(.[1:3])", "[1,4]\n" },
    { "null", "{\"a\":1,\"b\":2} | to_entries | from_entries", "{\"a\":1,\"b\":2}\n" },
    { "null", "\"abc\" | .[1:]", "\"bc\"\n" },
    { "null", "\"a\303\251b\" | .[1:2]", "\"\303\251\"\n" },
    { "null", "[1,2,3] | .[1:] | .[0]", "2\n" },
    { "null", "[range(10)] | .[2:4] |= map(.*10)", "[0,1,20,30,4,5,6,7,8,9]\n" },
    { "null", "1 as $x | 2 as $y | [$x,$y,$__loc__]", "[1,2,{\"file\":\"<top-level>\",\"line\":1}]\n" },
    { "null", "[limit(3; repeat(1))]", "[1,1,1]\n" },
    { "null", "[[1,2],[3]] | [.[] as [$a,$b] | {a:$a,b:$b}]", "[{\"a\":1,\"b\":2},{\"a\":3,\"b\":null}]\n" },
    { "null", "{\"a\":1,\"b\":{\"c\":3}} as {a:$x, b:{c:$y}} | [$x,$y]", "[1,3]\n" },
    { "null", "{\"a\":1} as {$a} | $a", "1\n" },
    { "null", "[[1,2]] | .[] as [$a] ?// $a | [$a]", "[1]\n" },
    { "null", "[{\"a\":1}] | .[] as [$a] ?// {a:$a} | $a", "1\n" },
    { "null", "{\"a b\":1} | {\"a b\"}", "{\"a b\":1}\n" },
    { "null", "{\"a\":1} | {a, \"b\":2, \"c\\(1)\":3, @base64 \"x\":4}", "{\"a\":1,\"b\":2,\"c1\":3,\"x\":4}\n" },
    { "null", "\"x\" as $k | {$k, $__loc__}", "{\"k\":\"x\",\"__loc__\":{\"file\":\"<top-level>\",\"line\":1}}\n" },
    { "null", "{(1,2|tostring): 3}", "{\"1\":3}\n{\"2\":3}\n" },
    { "null", "[1,[2,[3]]] | flatten(1)", "[1,2,[3]]\n" },
    { "null", "[{\"a\":1,\"b\":2},{\"a\":1,\"b\":1}] | sort_by(.a, .b) | map(.b)", "[1,2]\n" },
    { "null", "[{\"a\":2},{\"a\":1}] | group_by(.a), unique_by(.a), min_by(.a), max_by(.a)", "[[{\"a\":1}],[{\"a\":2}]]\n[{\"a\":1},{\"a\":2}]\n{\"a\":1}\n{\"a\":2}\n" },
    { "null", "{\"b\":1,\"a\":2} | keys_unsorted, keys, add, length", "[\"b\",\"a\"]\n[\"a\",\"b\"]\n3\n2\n" },
    { "null", "[] | add, min, max", "null\nnull\nnull\n" },
    { "null", "\"abc\" | ascii_downcase, ascii_upcase, explode, (explode|implode), utf8bytelength", "\"abc\"\n\"ABC\"\n[97,98,99]\n\"abc\"\n3\n" },
    { "null", "[1,null,\"a\"] | map(type)", "[\"number\",\"null\",\"string\"]\n" },
    { "null", "{\"a\":[1,2,3]} | contains({\"a\":[1]}), (\"foobar\" | contains(\"bar\")), ([1,[2]]|contains([[2]]))", "true\ntrue\ntrue\n" },
    { "null", "\"test\" | ltrimstr(\"te\"), rtrimstr(\"st\"), startswith(\"t\"), endswith(\"x\")", "\"st\"\n\"te\"\ntrue\nfalse\n" },
    { "null", "\"a,b, c\" | split(\", \"), split(\",\";null), split(\", *\";\"g\")", "[\"a,b\",\"c\"]\n[\"a\",\"b\",\" c\"]\n[\"a\",\"b\",\"c\"]\n" },
    { "null", "[1,2,3] | IN(2), IN(.[]; 5)", "false\nfalse\n" },
    { "null", "[1,2] | combinations?", "" },
    { "null", "[[1,2],[3,4]] | [combinations]", "[[1,3],[1,4],[2,3],[2,4]]\n" },
    { "null", "[1,2] | [combinations(2)]", "[[1,1],[1,2],[2,1],[2,2]]\n" },
    { "null", "[{\"id\":1,\"x\":\"a\"}] | INDEX(.id)", "{\"1\":{\"id\":1,\"x\":\"a\"}}\n" },
    { "null", "[1,[2]] | getpath([1,0]), paths(type == \"number\")", "2\n[0]\n[1,0]\n" },
    { "null", "{\"a\":1} | has(\"a\"), ([\"x\"] | has(0)), (\"a\" | in({\"a\":1}))", "true\ntrue\ntrue\n" },
    { "null", "null | reverse", "[]\n" },
    { "null", "[1,2,3] | indices(2), indices([2,3]), index(2), rindex(2)", "[1]\n[1]\n1\n1\n" },
    { "null", "\"a,b,a\" | indices(\"a\"), index(\"a\"), rindex(\"a\")", "[0,4]\n0\n4\n" },
    { "null", "[1,2] | tojson, (tojson|fromjson), tostring, (\"x\"|tostring), ([1]|@text)", "\"[1,2]\"\n[1,2]\n\"[1,2]\"\n\"x\"\n\"[1]\"\n" },
    { "null", "\"1.50\" | tonumber", "1.50\n" },
    { "null", "{\"a\":\"x\"} | @json \"v=\\(.a)\", @html \"<\\(.a)>\", @uri \"?q=\\(.a) b\", @sh \"echo \\(.a)\", @base64 \"\\(.a)\", @csv \"\\([.a])\", @tsv \"\\([.a])\"", "\"v=\\\"x\\\"\"\n\"<x>\"\n\"?q=x b\"\n\"echo 'x'\"\n\"eA==\"\n\"\\\"x\\\"\"\n\"x\"\n" },
    { "null", "[1,\"a b\",null,true,\"it's\"] | @sh", "\"1 'a b' null true 'it'\\\\''s'\"\n" },
    { "null", "[\"a\\tb\",\"c\\\\d\",\"e\\nf\",\"g\\rh\"] | @tsv", "\"a\\\\tb\\tc\\\\\\\\d\\te\\\\nf\\tg\\\\rh\"\n" },
    { "null", "[\"a\\\"b\",1.5,false] | @csv", "\"\\\"a\\\"\\\"b\\\",1.5,false\"\n" },
    { "null", "\"\\u00ff\\u0100\" | @base64, (@base64|@base64d)", "\"w7/EgA==\"\n\"\303\277\304\200\"\n" },
    { "null", "[pow(1,2; 3,4)]", "[1,8,1,16]\n" },
    { "null", "[range(0,1;3,4)]", "[0,1,2,0,1,2,3,1,2,1,2,3]\n" },
    { "null", "[\"ab\"|sub(\"a\",\"b\";\"x\",\"y\")]", "[\"xb\",\"yb\",\"ax\",\"ay\"]\n" },
    { "null", "[[1,2]|.[0,1] = (5,6)]", "[[5,5],[6,6]]\n" },
    { "null", "[ltrimstr(\"a\",\"b\")]", "[null,null]\n" },
    { "null", "[(1,2) as $x | (3,4) as $y | [$x,$y]]", "[[1,3],[1,4],[2,3],[2,4]]\n" },
    { "null", "[(1,2) < (2,1)]", "[true,false,false,false]\n" },
    { "null", "[(true,false) and (true,false)]", "[true,false,false]\n" },
    { "null", "[(true,false) or (true,false)]", "[true,true,false]\n" },
    { "null", "[\"a\",\"b\"] | [.[] + (1,2|tostring)]", "[\"a1\",\"b1\",\"a2\",\"b2\"]\n" },
    { "null", "[{\"a\":1}|to_entries[]|\"\\(.key,\"k\")=\\(.value,\"v\")\"]", "[\"a=1\",\"k=1\",\"a=v\",\"k=v\"]\n" },
    { "null", "[[1,2][0,1]]", "[1,2]\n" },
    { "null", "[[1,2,3][0,1:2,3]]", "[[1,2],[1,2,3],[2],[2,3]]\n" },
    { "null", "[[1,2,3]|.[0,1:2,3]]", "[[1,2],[1,2,3],[2],[2,3]]\n" },
    { "null", "\"\\(1,2) \\(3,4)\"", "\"1 3\"\n\"2 3\"\n\"1 4\"\n\"2 4\"\n" },
    { "null", "[limit(3;range(10))]", "[0,1,2]\n" },
    { "null", "[first(range(10;0;-1))]", "[10]\n" },
    { "null", "[range(5)] | .[1:3] |= [9]", "[0,9,3,4]\n" },
    { "null", "{} | .a.b |= 3", "{\"a\":{\"b\":3}}\n" },
    { "null", "[[0,1],[2,3]] | .[][0] |= .+1", "[[1,1],[3,3]]\n" },
    { "null", "{\"a\":[1,2]} | del(.a[0], .a[1])", "{\"a\":[]}\n" },
    { "null", "{\"a\":null} | .a // \"d\"", "\"d\"\n" },
    { "null", "[false, null, 1] | .[] // 5", "1\n" },
    { "null", "[(false, null) // 5]", "[5]\n" },
    { "null", "[empty // 5]", "[5]\n" },
    { "null", "[(1,2) // 5]", "[1,2]\n" },
    { "null", "[.a?.b // 5]", "[5]\n" },
    { "null", "\"abc\" | test(\"B\"; \"xi\")", "true\n" },
    { "null", "\"aaa\" | [match(\"a*?\"; \"g\")] | length", "4\n" },
    { "null", "\"test 123 abc 456\" | [scan(\"[0-9]+\")]", "[\"123\",\"456\"]\n" },
    { "null", "\"a1b22\" | [scan(\"([a-z])([0-9]+)\")]", "[[\"a\",\"1\"],[\"b\",\"22\"]]\n" },
    { "null", "\"abc\" | sub(\"(?<x>b)\"; \"[\\(.x)]\")", "\"a[b]c\"\n" },
    { "null", "\"abab\" | gsub(\"(?<x>a)\"; \"\\(.x|ascii_upcase)\")", "\"AbAb\"\n" },
    { "null", "\"abc\" | [splits(\"\")]", "[\"\",\"a\",\"b\",\"c\",\"\"]\n" },
    { "null", "\"a1b2c\" | split(\"[0-9]\"; null)", "[\"a\",\"b\",\"c\"]\n" },
    { "null", "@base32 \"x\"", "\"x\"\n" },
    { "1", "try error(\"x\") catch .", "\"x\"\n" },
    { "1", "[.[]?]", "[]\n" },
    { "null", "[1]|.[\"a\"]?", "" },
    { "null", "{\"a\":1}|.[0]?", "" },
    { "null", "[1,2,3] | .[:-1]", "[1,2]\n" },
    { "null", "[1,2,3] | .[1.2:2.5]", "[2,3]\n" },
    { "null", "[1,2,3] | .[-10:]", "[1,2,3]\n" },
    { "null", "[1,2,3] | .[-1] = 9", "[1,2,9]\n" },
    { "null", "[1] | .[5] = 1", "[1,null,null,null,null,1]\n" },
    { "null", "[1,2,3,4,5] | del(.[0,-1,1:3])", "[4,5]\n" },
    { "null", "[1,2,3] | delpaths([[5],[-1]])", "[1,2]\n" },
    { "null", "{\"a\":{\"b\":1}} | delpaths([[\"a\",\"b\"],[\"a\"]])", "{}\n" },
    { "null", "null | setpath([];1), setpath([\"a\",1];2)", "1\n{\"a\":[null,2]}\n" },
    { "null", "{\"a\":[1,2]} | .a[1:] |= map(.*10)", "{\"a\":[1,20]}\n" },
    { "null", "[[1,2],[3]] | .[] |= length", "[2,1]\n" },
    { "null", "{\"a\":null} | .a.b.c += 1", "{\"a\":{\"b\":{\"c\":1}}}\n" },
    { "null", "[3,1,2] | sort_by(.) | .[0] |= -.", "[-1,2,3]\n" },
    { "null", "{\"a\":1,\"b\":2} | with_entries(.value += 10)", "{\"a\":11,\"b\":12}\n" },
    { "null", "{\"a\":[1,2,3]} | .a |= del(.[0])", "{\"a\":[2,3]}\n" },
    { "null", "[1,null,2] | map_values(select(. != null))", "[1,2]\n" },
    { "null", "{\"a\":1,\"b\":null} | map_values(select(. != null))", "{\"a\":1}\n" },
    { "null", "{\"a\":\"x\"} | .a |= (1,2)", "{\"a\":1}\n" },
    { "null", "{\"a\":[1,2]} | .a[] as $x | $x", "1\n2\n" },
    { "null", "{\"a\":1} | path(..)", "[]\n[\"a\"]\n" },
    { "null", "[[1,[2]]] | [paths]", "[[0],[0,0],[0,1],[0,1,0]]\n" },
    { "null", "[[1,[2]]] | [paths(type==\"array\")]", "[[0],[0,1]]\n" },
    { "null", "{\"a\":1} | getpath([\"a\",\"b\"])?", "" },
    { "null", "{\"a\":1} | try error({\"x\":1}) catch .x", "1\n" },
    { "null", "{\"a\":\"x\"} | .a as $v | path(.a | select(. == $v))", "[\"a\"]\n" },
    { "null", "[1,2] | path(last)", "[-1]\n" },
    { "null", "[1,2] | path(first)", "[0]\n" },
    { "null", "[1,2] | path(.[1:])", "[{\"start\":1,\"end\":null}]\n" },
    { "null", "[1,2] | [path(..)]", "[[],[0],[1]]\n" },
    { "null", "[[1,2],[3,4]] | [paths(numbers)]", "[[0,0],[0,1],[1,0],[1,1]]\n" },
    { "null", "[1,[2]] | [.. | numbers]", "[1,2]\n" },
    { "null", "{} | path(.a // .b)", "[\"b\"]\n" },
    { "null", "{\"a\":1} | path(.a // .b)", "[\"a\"]\n" },
    { "null", "{\"a\":1} | path(if .a then .b else .c end)", "[\"b\"]\n" },
    { "null", "[1,2,3] | path(.[] | select(. > 1))", "[1]\n[2]\n" },
    { "null", "[1,2,3] | path(limit(2; .[]))", "[0]\n[1]\n" },
    { "null", "[1,2,3] | path(getpath([0]))", "[0]\n" },
    { "null", "[1,2,3] | (first(.[]), last(.[]))", "1\n3\n" },
    { "null", "[-1] | implode", "\"\357\277\275\"\n" },
    { "null", "[1114112] | implode", "\"\357\277\275\"\n" },
    { "null", "1 | ltrimstr(\"a\")", "1\n" },
    { "null", "[1] | flatten(\"a\")", "[1]\n" },
    { "null", "[1] | join(1)", "\"1\"\n" },
    { "null", "1 | tojson | fromjson", "1\n" },
    { "null", "1 | @uri", "\"1\"\n" },
    { "null", "[1,\"a\"] | @text", "\"[1,\\\"a\\\"]\"\n" },
    { "null", "1 | tostream", "[[],1]\n" },
    { "null", "1 | paths", "" },
    { "null", "1 | tonumber", "1\n" },
    { "null", "1 | infinite, nan | isnan", "false\ntrue\n" },
    { "null", "[1,[2,3]] | flatten(0)", "[1,[2,3]]\n" },
    { "null", "{} | combinations", "[]\n" },
    { "null", "1 | range(1)", "0\n" },
    { "null", "[first(empty)]", "[]\n" },
    { "null", "nth(5; 1,2)", "" },
    { "null", "[1,2] | nth(-1)", "2\n" },
    { "null", "1 | todate", "\"1970-01-01T00:00:01Z\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[].b |= . * 10", "{\"a\":[{\"b\":10},{\"b\":20}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[paths(numbers)]", "[[\"a\",0,\"b\"],[\"a\",1,\"b\"]]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "del(.a[] | select(.b == 1))", "{\"a\":[{\"b\":2}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a |= map(select(.b > 1))", "{\"a\":[{\"b\":2}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | add", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[1:] ", "[{\"b\":2}]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[-1].b", "2\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "to_entries[0].value[0]", "{\"b\":1}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.. | objects | select(has(\"b\")) | .b]", "[1,2]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[getpath([\"a\",0,\"b\"], [\"a\",1,\"b\"])]", "[1,2]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "path(.a[0].b)", "[\"a\",0,\"b\"]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[path(..)] | length", "6\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "with_entries(.key |= ascii_upcase)", "{\"A\":[{\"b\":1},{\"b\":2}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(has(\"b\")) | all", "true\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | any(.b == 2)", "true\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | select(.b | IN(1, 3))]", "[{\"b\":1}]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | INDEX(.b) ", "{\"1\":{\"b\":1},\"2\":{\"b\":2}}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[limit(1; .a[])]", "[{\"b\":1}]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "first(.a[]), last(.a[])", "{\"b\":1}\n{\"b\":2}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | first, last, nth(1)", "{\"b\":1}\n{\"b\":2}\n{\"b\":2}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | min_by(.b), max_by(.b)", "{\"b\":1}\n{\"b\":2}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a as [$x, $y] | $y.b - $x.b", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[] |= with_entries(.value |= tostring)", "{\"a\":[{\"b\":\"1\"},{\"b\":\"2\"}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a += [{\"b\":3}] | .a | length", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[0] = null | .a", "[null,{\"b\":2}]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".c.d.e = 5 | keys", "[\"a\",\"c\"]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[10] = 1 | .a | length", "11\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "setpath([\"a\",0]; 9) | .a", "[9,{\"b\":2}]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "delpaths([[\"a\",0],[\"a\",1]])", "{\"a\":[]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "to_entries | map(.key)", "[\"a\"]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | @csv", "\"1,2\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b|tostring) | join(\"-\")", "\"1-2\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[] | \"b=\\(.b)\"", "\"b=1\"\n\"b=2\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[].b] | map(. as $n | range($n)) ", "[0,0,1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | {c: .b}] | .[0].c", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | length as $n | map(.b / $n)", "[0.5,1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | . as $arr | reduce range(length) as $i (0; . + $arr[$i])", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | group_by(.b % 2) | map(length)", "[1,1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | unique_by(.b) | length", "2\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | sort_by(.b) | reverse | .[0].b", "2\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "tojson", "\"{\\\"a\\\":[{\\\"b\\\":1},{\\\"b\\\":2}]}\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | tostream", "[[0,\"b\"],1]\n[[0,\"b\"]]\n[[1,\"b\"],2]\n[[1,\"b\"]]\n[[1]]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[paths | map(tostring) | join(\".\")]", "[\"a\",\"a.0\",\"a.0.b\",\"a.1\",\"a.1.b\"]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".. |= (if type == \"number\" then . + 1 else . end)", "{\"a\":[{\"b\":2},{\"b\":3}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[..] | length", "6\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "walk(if type == \"object\" then del(.b) else . end)", "{\"a\":[{},{}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | contains([1])", "true\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ". * {\"a\": null}", "{\"a\":null}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "{a} | .a | length", "2\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | .[1:] + .[:1] | map(.b)", "[2,1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[].b] | indices(2)", "[1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "(.a | length) as $l | {len: $l}", "{\"len\":2}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(select(.b != 1)) | length", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | [.[] | .b * 2] | max", "4\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "if .a then \"yes\" else \"no\" end", "\"yes\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "if .x then \"yes\" elif .a then \"a\" else \"no\" end", "\"a\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "if .x then 1 end", "{\"a\":[{\"b\":1},{\"b\":2}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | .[0] as {b: $b} | $b", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[0] | has(\"b\"), has(\"c\")", "true\nfalse\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | to_entries | map(.key)", "[0,1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "path(.a | first)", "[\"a\",0]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "path(.a | last)", "[\"a\",-1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | @sh", "\"1 2\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[0].b as $x | .a[1].b as $y | [$x, $y] | add", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[].b] | [.[] | . * 2] | add / length", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | [.[] | select(. >= 2)] | length", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map({(.b | tostring): .b}) | add", "{\"1\":1,\"2\":2}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | join(\",\")", "\"1,2\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b | . + 0.5]", "[1.5,2.5]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | length == 2", "true\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | sort | unique | length", "2\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | (add / length | floor)", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "try (.a | .b) catch \"err\"", "\"err\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[] | select(.b == 2) | .b = 20", "{\"b\":20}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | first(.[] | select(. > 1))", "2\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | until(length < 1; .[1:])", "[]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[recurse(.a?[]?; . != null)] | length", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[recurse(.a[]?)] | length", "3\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "getpath([\"x\",\"y\"])", "null\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[splits(\"x\")]?", "" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | map(select(. == 1) |= 5)", "[5,2]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[] |= (.c = .b * 2)", "{\"a\":[{\"b\":1,\"c\":2},{\"b\":2,\"c\":4}]}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | (.[] | select(.b == 1) | .b) = 7", "[{\"b\":7},{\"b\":2}]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | .[1:] |= map(. * 100)", "[1,200]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | keys", "[0,1]\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[].b] as [$first] | $first", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ". as {a: [{b: $x}]} | $x", "1\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | . as [$h] | $h", "{\"b\":1}\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a[0] | to_entries[] | \"\\(.key): \\(.value)\"", "\"b: 1\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | @json", "\"[1,2]\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "[.a[] | .b] | @text", "\"[1,2]\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", ".a | map(.b) | @tsv", "\"1\\t2\"\n" },
    { "{\"a\":[{\"b\":1},{\"b\":2}]}", "{\"k\": .a[0].b} | tojson | @base64", "\"eyJrIjoxfQ==\"\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "length, utf8bytelength, explode, (explode|implode), .[1:3], ascii_upcase, ascii_downcase", "13\n18\n[104,233,108,108,111,32,119,246,114,108,100,32,127757]\n\"h\303\251llo w\303\266rld \360\237\214\215\"\n\"\303\251l\"\n\"H\303\251LLO W\303\266RLD \360\237\214\215\"\n\"h\303\251llo w\303\266rld \360\237\214\215\"\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "@uri, @base64, (@base64|@base64d), @json, @html, @sh", "\"h%C3%A9llo%20w%C3%B6rld%20%F0%9F%8C%8D\"\n\"aMOpbGxvIHfDtnJsZCDwn4yN\"\n\"h\303\251llo w\303\266rld \360\237\214\215\"\n\"\\\"h\303\251llo w\303\266rld \360\237\214\215\\\"\"\n\"h\303\251llo w\303\266rld \360\237\214\215\"\n\"'h\303\251llo w\303\266rld \360\237\214\215'\"\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "test(\"\303\266\"), [match(\"\303\266\").offset], sub(\"\303\266\"; \"o\"), gsub(\"\\\\s\"; \"_\"), [scan(\"\\\\w+\")]", "true\n[7]\n\"h\303\251llo world \360\237\214\215\"\n\"h\303\251llo_w\303\266rld_\360\237\214\215\"\n[\"h\303\251llo\",\"w\303\266rld\"]\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "split(\" \"), (split(\" \") | join(\"|\")), index(\"w\"), indices(\"l\")", "[\"h\303\251llo\",\"w\303\266rld\",\"\360\237\214\215\"]\n\"h\303\251llo|w\303\266rld|\360\237\214\215\"\n7\n[3,4,11]\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "ltrimstr(\"h\303\251\"), rtrimstr(\"\360\237\214\215\"), startswith(\"h\303\251\"), endswith(\"\360\237\214\215\")", "\"llo w\303\266rld \360\237\214\215\"\n\"h\303\251llo w\303\266rld \"\ntrue\ntrue\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "[splits(\"o\")], (. / \"o\"), ascii_downcase == ., tojson, (tojson | fromjson)", "[\"h\303\251ll\",\" w\303\266rld \360\237\214\215\"]\n[\"h\303\251ll\",\" w\303\266rld \360\237\214\215\"]\ntrue\n\"\\\"h\303\251llo w\303\266rld \360\237\214\215\\\"\"\n\"h\303\251llo w\303\266rld \360\237\214\215\"\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "test(\"W\"; \"i\"), test(\"^h\"), test(\"\\\\p{L}+\"), capture(\"(?<first>\\\\w+)\")", "true\ntrue\ntrue\n{\"first\":\"h\303\251llo\"}\n" },
    { "\"h\303\251llo w\303\266rld \360\237\214\215\"", "[.[]?], .[0:1], .[-1:], .[5:], explode[0], (explode | map(. + 1) | implode)", "[]\n\"h\"\n\"\360\237\214\215\"\n\" w\303\266rld \360\237\214\215\"\n104\n\"i\303\252mmp!x\303\267sme!\360\237\214\216\"\n" },
    { "[\"b\",\"a\",\"\303\251\",\"B\",\"\303\244\"]", "sort, min, max, unique, (map(ascii_downcase) | sort)", "[\"B\",\"a\",\"b\",\"\303\244\",\"\303\251\"]\n\"B\"\n\"\303\251\"\n[\"B\",\"a\",\"b\",\"\303\244\",\"\303\251\"]\n[\"a\",\"b\",\"b\",\"\303\244\",\"\303\251\"]\n" },
    { "[3,\"3\",null,true,false,[1],{\"a\":1},-1,0.5]", "sort", "[null,false,true,-1,0.5,3,\"3\",[1],{\"a\":1}]\n" },
    { "[3,\"3\",null,true,false,[1],{\"a\":1},-1,0.5]", "map(type), (map(tojson) | join(\" \")), group_by(type) | length", "9\n40\n6\n" },
    { "[{\"a\":2,\"b\":1},{\"a\":1,\"b\":2},{\"b\":0}]", "sort, sort_by(.a), min_by(.a), max_by(.b), unique_by(.a), group_by(.a)", "[{\"a\":1,\"b\":2},{\"a\":2,\"b\":1},{\"b\":0}]\n[{\"b\":0},{\"a\":1,\"b\":2},{\"a\":2,\"b\":1}]\n{\"b\":0}\n{\"a\":1,\"b\":2}\n[{\"b\":0},{\"a\":1,\"b\":2},{\"a\":2,\"b\":1}]\n[[{\"b\":0}],[{\"a\":1,\"b\":2}],[{\"a\":2,\"b\":1}]]\n" },
    { "[[2,1],[1,2],[1],[]]", "sort, sort_by(length), unique, max, min", "[[],[1],[1,2],[2,1]]\n[[],[1],[2,1],[1,2]]\n[[],[1],[1,2],[2,1]]\n[2,1]\n[]\n" },
    { "{\"z\":1,\"a\":2,\"m\":3}", "keys, keys_unsorted, to_entries[0].key, [.[]], (. | tojson)", "[\"a\",\"m\",\"z\"]\n[\"z\",\"a\",\"m\"]\n\"z\"\n[1,2,3]\n\"{\\\"z\\\":1,\\\"a\\\":2,\\\"m\\\":3}\"\n" },
    { "null", "\"\\(1)\\(2)\\(\"a\")\\(null)\\(true)\\([1])\\({\"a\":1})\"", "\"12anulltrue[1]{\\\"a\\\":1}\"\n" },
    { "null", "@text \"\\(1)\", @json \"\\(\"x\")\", @html \"\\(\"<>\")\", @uri \"\\(\"a b\")\", @csv \"\\([1,\"a\"])\", @tsv \"\\([\"a\",\"b\"])\", @sh \"\\(\"it's\")\", @base64 \"\\(\"hi\")\"", "\"1\"\n\"\\\"x\\\"\"\n\"&lt;&gt;\"\n\"a%20b\"\n\"1,\\\"a\\\"\"\n\"a\\tb\"\n\"'it'\\\\''s'\"\n\"aGk=\"\n" },
    { "null", "[.[]?] | @csv, @tsv, @sh", "\"\"\n\"\"\n\"\"\n" },
    { "null", "{} | .[\"a\"] = 1 | .[\"b\"][\"c\"] = 2", "{\"a\":1,\"b\":{\"c\":2}}\n" },
    { "null", "[1,2,3] | .[1:] = [] | length", "1\n" },
    { "null", "[1,2,3] | .[:-1] |= map(. * 10)", "[10,20,3]\n" },
    { "null", "{\"a\":1} | to_entries | map(.value += 1) | from_entries", "{\"a\":2}\n" },
    { "null", "[{\"name\":\"x\",\"value\":1}] | from_entries", "{\"x\":1}\n" },
    { "null", "[{\"key\":1,\"value\":1}] | from_entries?", "" },
    { "null", "[[\"a\",1],[\"b\",2]] | map({key: .[0], value: .[1]}) | from_entries", "{\"a\":1,\"b\":2}\n" },
    { "null", "{\"a\":{\"b\":{\"c\":1}}} | [paths] | map(join(\"/\"))", "[\"a\",\"a/b\",\"a/b/c\"]\n" },
    { "null", "{\"a\":[1,{\"b\":null}]} | [paths(. == null)]", "[[\"a\",1,\"b\"]]\n" },
    { "null", "[1,[2,[3,[4]]]] | flatten(1), flatten(2), flatten", "[1,2,[3,[4]]]\n[1,2,3,[4]]\n[1,2,3,4]\n" },
    { "null", "[1,null,2,null] | map(select(.)) , [.[] | values], (. - [null])", "[1,2]\n[1,2]\n[1,2]\n" },
    { "null", "{\"a\":1,\"b\":2} | del(.a, .b), del(.c), (to_entries | map(select(.key != \"a\")) | from_entries)", "{}\n{\"a\":1,\"b\":2}\n{\"b\":2}\n" },
    { "null", "{\"a\":[1,2,3]} | .a -= [2], (.a |= reverse), (.a |= sort_by(-.))", "{\"a\":[1,3]}\n{\"a\":[3,2,1]}\n{\"a\":[3,2,1]}\n" },
    { "null", "{\"user\":{\"id\":1,\"tags\":[\"x\",\"y\"]}} | .user.tags | index(\"y\"), (map(ascii_upcase) | join(\",\"))", "1\n\"X,Y\"\n" },
    { "null", "[{\"id\":1,\"v\":\"a\"},{\"id\":2,\"v\":\"b\"}] | map({(.id|tostring): .v}) | add", "{\"1\":\"a\",\"2\":\"b\"}\n" },
    { "null", "[{\"id\":1,\"v\":\"a\"},{\"id\":2,\"v\":\"b\"}] | reduce .[] as $i ({}; .[$i.v] = $i.id)", "{\"a\":1,\"b\":2}\n" },
    { "null", "[{\"id\":1,\"v\":\"a\"},{\"id\":2,\"v\":\"b\"}] | map(select(.id > 1) | .v) | first", "\"b\"\n" },
    { "null", "[{\"id\":1,\"v\":\"a\"},{\"id\":2,\"v\":\"b\"}] | [.[] | {id, v}] | length", "2\n" },
    { "null", "[{\"id\":1,\"v\":\"a\"},{\"id\":2,\"v\":\"b\"}] | (map(.id) | add) as $sum | {sum: $sum}", "{\"sum\":3}\n" },
    { "null", "[{\"id\":1,\"v\":\"a\"},{\"id\":2,\"v\":\"b\"}] | map(.v) | join(\", \") | \"Items: \" + .", "\"Items: a, b\"\n" },
    { "null", "\"2024-01-15T10:30:00Z\" | fromdateiso8601, (fromdate | todate), (fromdate | strftime(\"%Y/%m/%d %H:%M\")), (strptime(\"%Y-%m-%dT%H:%M:%SZ\") | mktime)", "1705314600\n\"2024-01-15T10:30:00Z\"\n\"2024/01/15 10:30\"\n1705314600\n" },
    { "null", "1705314600 | todate, gmtime, (gmtime | todate), strftime(\"%a %b %d %Y\"), (gmtime | strftime(\"%j %U %w\"))", "\"2024-01-15T10:30:00Z\"\n[2024,0,15,10,30,0,1,14]\n\"2024-01-15T10:30:00Z\"\n\"Mon Jan 15 2024\"\n\"015 02 1\"\n" },
    { "null", "\"15/01/2024\" | strptime(\"%d/%m/%Y\") | mktime | todate", "\"2024-01-15T00:00:00Z\"\n" },
    { "null", "[1705314600, 1705401000] | map(todate) | sort | first", "\"2024-01-15T10:30:00Z\"\n" },
    { "{\"a\":null,\"b\":{\"c\":null,\"d\":1},\"e\":[null,2,{\"f\":null}]}", "del(.. | select(. == null))", "{\"b\":{\"d\":1},\"e\":[2,{}]}\n" },
    { "{\"a\":null,\"b\":{\"c\":null,\"d\":1},\"e\":[null,2,{\"f\":null}]}", "[paths(. == null)]", "[[\"a\"],[\"b\",\"c\"],[\"e\",0],[\"e\",2,\"f\"]]\n" },
    { "{\"a\":null,\"b\":{\"c\":null,\"d\":1},\"e\":[null,2,{\"f\":null}]}", "del(.e[0], .b.c)", "{\"a\":null,\"b\":{\"d\":1},\"e\":[2,{\"f\":null}]}\n" },
    { "{\"a\":null,\"b\":{\"c\":null,\"d\":1},\"e\":[null,2,{\"f\":null}]}", "to_entries | map(select(.value != null)) | from_entries | keys", "[\"b\",\"e\"]\n" },
    { "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11}", "del(.k3) | .k3 = 33 | keys_unsorted", "[\"k1\",\"k2\",\"k4\",\"k5\",\"k6\",\"k7\",\"k8\",\"k9\",\"k10\",\"k11\",\"k3\"]\n" },
    { "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11}", "[.k11, .k1, .k5, .missing]", "[11,1,5,null]\n" },
    { "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11}", "with_entries(select(.value % 2 == 0)) | keys", "[\"k10\",\"k2\",\"k4\",\"k6\",\"k8\"]\n" },
    { "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11}", "reduce (keys[] | select(startswith(\"k1\"))) as $k (.; del(.[$k])) | keys", "[\"k2\",\"k3\",\"k4\",\"k5\",\"k6\",\"k7\",\"k8\",\"k9\"]\n" },
    { "{\"a\":1}", "[1.0, 1.50, 100] | @sh, @csv, @text, tojson", "\"1.0 1.50 100\"\n\"1.0,1.50,100\"\n\"[1.0,1.50,100]\"\n\"[1.0,1.50,100]\"\n" },
    { "{\"a\":1}", "path(limit(1; .a, .b)), path(first(.a, .b)), [paths(type == \"number\")]", "[\"a\"]\n[\"a\"]\n[[\"a\"]]\n" },
    { "{\"a\":1}", "try (1, error(\"x\"), 3) catch \"caught\"", "1\n\"caught\"\n" },
    { "{\"a\":1}", "[.[] | try error catch .]", "[1]\n" },
    { "{\"a\":1}", "[label $l | 1, break $l, 2], [label $a | label $b | 1, break $a, 2]", "[1]\n[1]\n" },
    { "{\"a\":1}", "[limit(3; 1, 2, error(\"x\"))]?", "" },
    { "{\"a\":1}", "[first(1, error(\"x\"))]", "[1]\n" },
    { "{\"a\":1}", "isempty(empty), isempty(1, error(\"x\"))", "true\nfalse\n" },
    { "{\"a\":1}", "[range(3)] | [.[] as $x | $x * 2] ", "[0,2,4]\n" },
    { "{\"a\":1}", "[[1,2],[3,4]] | [.[] as [$a, $b] | $a * $b]", "[2,12]\n" },
    { "{\"a\":1}", "{\"a\":{\"b\":{\"c\":42}}} | .a.b.c, .a[\"b\"].c, .\"a\".\"b\".\"c\", .a.b[\"c\"]", "42\n42\n42\n42\n" },
    { "{\"a\":1}", ".a as $x | [$x, .a] | map(. + 1)", "[2,2]\n" },
    { "{\"a\":1}", "def inc(n): . + n; [1,2] | map(inc(10))", "[11,12]\n" },
    { "{\"a\":1}", "def rec: if . > 0 then . - 1 | rec else \"done\" end; 5 | rec", "\"done\"\n" },
    { "{\"a\":1}", "def f(x): x | x; 2 | f(. * 3)", "18\n" },
    { "{\"a\":1}", "[splits(\"a\"; \"g\")]?", "" },
    { "{\"a\":1}", "\"a1b2c3\" | [match(\"[0-9]\"; \"g\") | .string | tonumber] | add", "6\n" },
    { "{\"a\":1}", "\"The Quick Brown\" | [scan(\"[A-Z]\")] | join(\"\")", "\"TQB\"\n" },
    { "{\"a\":1}", "\"key=value; k2=v2\" | [scan(\"(\\\\w+)=(\\\\w+)\") | {(.[0]): .[1]}] | add", "{\"key\":\"value\",\"k2\":\"v2\"}\n" },
    { "{\"a\":1}", "\"2023-12-25\" | capture(\"(?<y>\\\\d+)-(?<m>\\\\d+)-(?<d>\\\\d+)\") | map_values(tonumber)", "{\"y\":2023,\"m\":12,\"d\":25}\n" },
    { "{\"a\":1}", "\"CamelCaseString\" | gsub(\"(?<u>[A-Z])\"; \"_\\(.u | ascii_downcase)\") | ltrimstr(\"_\")", "\"camel_case_string\"\n" },
    { "{\"a\":1}", "\"  padded  \" | sub(\"^\\\\s+\"; \"\") | sub(\"\\\\s+$\"; \"\")", "\"padded\"\n" },
    { "{\"a\":1}", "\"a.b.c\" | split(\".\") | reverse | join(\".\")", "\"c.b.a\"\n" },
    { "{\"a\":1}", "\"x\" | test(\"X\"; \"ix\"), test(\"a|x\"), (\"\" | test(\"\"))", "true\ntrue\ntrue\n" },
    { "{\"a\":1}", "[1,2,3] | .[1:] as [$a, $b] | $a + $b", "5\n" },
    { "{\"a\":1}", "{\"a\":[1,2,3]} | .a[1:] |= map(. * 2)", "{\"a\":[1,4,6]}\n" },
    { "{\"a\":1}", "[{\"n\":\"a\",\"v\":3},{\"n\":\"b\",\"v\":1}] | sort_by(.v) | map(.n) | join(\",\")", "\"b,a\"\n" },
    { "{\"a\":1}", "[{\"n\":\"a\",\"v\":3},{\"n\":\"b\",\"v\":1}] | map({(.n): .v}) | add | to_entries | max_by(.value) | .key", "\"a\"\n" },
    { "{\"a\":1}", "{\"a\":1,\"b\":{\"c\":2}} | tostream | select(length == 2) | \"\\(.[0] | join(\".\")): \\(.[1])\"", "\"a: 1\"\n\"b.c: 2\"\n" },
    { "{\"a\":1}", "[{\"a\":1},{\"b\":2}] | add | keys", "[\"a\",\"b\"]\n" },
    { "{\"a\":1}", "{\"a\":[1,2],\"b\":[3]} | [.[] | length] | add", "3\n" },
    { "{\"a\":1}", "{\"items\":[{\"p\":10,\"q\":2},{\"p\":5,\"q\":4}]} | .items | map(.p * .q) | add", "40\n" },
    { "{\"a\":1}", "{\"items\":[{\"p\":10,\"q\":2},{\"p\":5,\"q\":4}]} | [.items[] | select(.p > 6)] | length", "1\n" },
    { "{\"a\":1}", "[\"a\",\"b\",\"c\"] | to_entries | map(\"\\(.key):\\(.value)\") | .[]", "\"0:a\"\n\"1:b\"\n\"2:c\"\n" },
    { "{\"a\":1}", "[\"a\",\"b\",\"c\"] | [.[] | ascii_upcase] | @json", "\"[\\\"A\\\",\\\"B\\\",\\\"C\\\"]\"\n" },
    { "{\"a\":1}", "{\"a\":\"1\",\"b\":\"2\"} | map_values(tonumber) | add", "3\n" },
    { "{\"a\":1}", "[3,1,2] | sort as $s | $s[0], $s[-1]", "1\n3\n" },
    { "{\"a\":1}", "{\"a\":{\"x\":1},\"b\":{\"x\":2}} | to_entries | map({name: .key, x: .value.x})", "[{\"name\":\"a\",\"x\":1},{\"name\":\"b\",\"x\":2}]\n" },
    { "{\"a\":1}", "{\"a\":{\"x\":1},\"b\":{\"x\":2}} | [.[] | .x] | min, max", "1\n2\n" },
    { "{\"a\":1}", "{\"a\":{\"x\":1},\"b\":{\"x\":2}} | with_entries(.value = .value.x)", "{\"a\":1,\"b\":2}\n" },
    { "{\"a\":1}", "{\"a\":{\"x\":1},\"b\":{\"x\":2}} | keys | map(ascii_upcase)", "[\"A\",\"B\"]\n" },
    { "{\"a\":1}", "null | [.[]?], (.a.b.c), (try .[0] catch \"e\"), length", "[]\nnull\nnull\n0\n" },
    { "{\"a\":1}", "[null, false, 0, \"\", [], {}] | map(if . then \"t\" else \"f\" end)", "[\"f\",\"f\",\"t\",\"t\",\"t\",\"t\"]\n" },
    { "{\"a\":1}", "[1, \"1\", [1], {\"a\":1}] | map(. == 1)", "[true,false,false,false]\n" },
    { "{\"a\":1}", "1 as $x | 2 as $y | {$x, $y, z: ($x + $y)}", "{\"x\":1,\"y\":2,\"z\":3}\n" },
    { "{\"a\":1}", "{\"a\":1} | has(\"a\") and (.a == 1)", "true\n" },
    { "{\"a\":1}", "[1,2,3] | (length > 2) or error(\"short\")", "true\n" },
    { "{\"a\":1}", "\"abc\" | ascii_downcase | explode | map(. - 32) | implode", "\"ABC\"\n" },
    { "{\"a\":1}", "[10, 2, 33] | map(tostring) | sort", "[\"10\",\"2\",\"33\"]\n" },
    { "{\"a\":1}", "[10, 2, 33] | sort_by(tostring)", "[10,2,33]\n" },
    { "{\"a\":1}", "{} | .a.b |= 1 | .c[2] |= 5", "{\"a\":{\"b\":1},\"c\":[null,null,5]}\n" },
    { "{\"a\":1}", "[1,[2,[3]]] | getpath([1,1,0]), paths(type == \"number\")", "3\n[0]\n[1,0]\n[1,1,0]\n" },
    { "{\"a\":1}", "{\"a\":[{\"b\":\"x\"}]} | .a[0].b |= ascii_upcase | .a[0].c = (.a[0].b + \"!\")", "{\"a\":[{\"b\":\"X\",\"c\":\"X!\"}]}\n" },
};

TEST(cmd_jq_language)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    for (size_t i = 0; i < sizeof lang / sizeof lang[0]; i++) {
        const char *argv[] = { "jq", "-c", lang[i].filter, NULL };
        cmdtest_run(&t, cmd_jq, lang[i].in, argv);
        if (strcmp(sk_buf_cstr(&t.out), lang[i].out))
            fprintf(stderr, "  filter %s: stderr %s\n", lang[i].filter, sk_buf_cstr(&t.err));
        CHECK_STR(sk_buf_cstr(&t.out), lang[i].out);
    }
    cmdtest_free(&t);
}

TEST(cmd_jq_errors)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_jq, "1\n", "", "jq", ".foo");
    CHECK_INT(t.status, 5);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error (at <stdin>:1): Cannot index number with string \"foo\"\n");
    CMD_EXPECT(&t, cmd_jq, "{\"a\":1}\n\n\n{\"a\":\"x\"}\n", "2\n", "jq", ".a + 1");
    CHECK_INT(t.status, 5);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error (at <stdin>:4): string (\"x\") and number (1) cannot be added\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "error(\"x\")");
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error (at <unknown>): x\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "{a:1} | error");
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error (at <unknown>) (not a string): {\"a\":1}\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "{\"aaaaaaaaaaaaa\":1} + 1");
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error (at <unknown>): object ({\"aaaaaaaaa...) and number (1) cannot be added\n");
    /* compile errors: exit 3 */
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "foo | bar(1)");
    CHECK_INT(t.status, 3);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error: foo/0 is not defined at <top-level>, line 1:\nfoo | bar(1)\n"
                                   "jq: error: bar/1 is not defined at <top-level>, line 1:\nfoo | bar(1)      \n"
                                   "jq: 2 compile errors\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", ".a |");
    CHECK_INT(t.status, 3);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error: syntax error, unexpected end of file (Unix shell quoting issues?) at <top-level>, line 1:\n"
                                   ".a |   \njq: 1 compile error\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "$x");
    CHECK_STR(sk_buf_cstr(&t.err), "jq: error: $x is not defined at <top-level>, line 1:\n$x\njq: 1 compile error\n");
    /* input parse errors: exit 2, earlier values still processed */
    CMD_EXPECT(&t, cmd_jq, "1 2 x 3", "1\n2\n", "jq", ".");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: parse error: Invalid numeric literal at line 1, column 6\n");
    CMD_EXPECT(&t, cmd_jq, "[1,\n2", "", "jq", ".");
    CHECK_STR(sk_buf_cstr(&t.err), "jq: parse error: Unfinished JSON term at EOF at line 2, column 1\n");
    CMD_EXPECT(&t, cmd_jq, "{\"a\":1,}", "", "jq", ".");
    CHECK_STR(sk_buf_cstr(&t.err), "jq: parse error: Expected another key-value pair at line 1, column 8\n");
    /* usage errors: exit 2 */
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "--indent", "9", ".");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-X", ".");
    CHECK_INT(t.status, 2);
    CHECK(strstr(sk_buf_cstr(&t.err), "jq: Unknown option: -X\n") != NULL);
    cmdtest_free(&t);
}

TEST(cmd_jq_exit_status)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_jq, "1", "", "jq", "-e", "empty");
    CHECK_INT(t.status, 4);
    CMD_EXPECT(&t, cmd_jq, "null 1", "null\n1\n", "jq", "-e", ".");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_jq, "1 null", "1\nnull\n", "jq", "-e", ".");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_jq, "\"a\" 1", "2\n", "jq", ". + 1");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "\"bye\\n\" | halt_error(3)");
    CHECK_INT(t.status, 3);
    CHECK_STR(sk_buf_cstr(&t.err), "bye\n");
    CMD_EXPECT(&t, cmd_jq, NULL, "1\n", "jq", "-n", "1, halt, 2");
    CHECK_INT(t.status, 0);
    cmdtest_free(&t);
}

TEST(cmd_jq_options)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_jq, "{\"a\":[1,2]}", "{\n \"a\": [\n  1,\n  2\n ]\n}\n", "jq", "--indent", "1", ".");
    CMD_EXPECT(&t, cmd_jq, "{\"b\":1,\"a\":{\"d\":1,\"c\":2}}", "{\"a\":{\"c\":2,\"d\":1},\"b\":1}\n", "jq", "-Sc", ".");
    CMD_EXPECT(&t, cmd_jq, "\"\\u00e9\\ud83d\\ude00\\u007f\"", "\"\\u00e9\\ud83d\\ude00\\u007f\"\n", "jq", "-a", ".");
    CMD_EXPECT(&t, cmd_jq, NULL, "[\"1\",{\"a\":2}]\n", "jq", "-nc", "--arg", "x", "1", "--argjson", "y", "{\"a\":2}", "[$x, $y]");
    CMD_EXPECT(&t, cmd_jq, NULL, "{\"positional\":[\"a\",\"b\"],\"named\":{}}\n", "jq", "-nc", "$ARGS", "--args", "a", "b");
    CMD_EXPECT(&t, cmd_jq, NULL, "[1,{\"a\":2}]\n", "jq", "-nc", "$ARGS.positional", "--jsonargs", "1", "{\"a\":2}");
    CMD_EXPECT(&t, cmd_jq, NULL, "\036\"x\"\n", "jq", "-n", "--seq", "\"x\"");
    CMD_EXPECT(&t, cmd_jq, "[1,[2]]", "[[0],1]\n[[1,0],2]\n[[1,0]]\n[[1]]\n", "jq", "--stream", "-c", ".");
    CMD_EXPECT(&t, cmd_jq, "a\nb", "[\"a\",\"b\"]\n", "jq", "-Rnc", "[inputs]");
    cmdtest_file(&t, "prog.jq", ".a + 1\n");
    CMD_EXPECT(&t, cmd_jq, "{\"a\":1}", "2\n", "jq", "-f", "prog.jq");
    cmdtest_file(&t, "vals.json", "1 2 [3]");
    CMD_EXPECT(&t, cmd_jq, NULL, "[1,2,[3]]\n", "jq", "-nc", "--slurpfile", "v", "vals.json", "$v");
    CMD_EXPECT(&t, cmd_jq, NULL, "\"1 2 [3]\"\n", "jq", "-n", "--rawfile", "v", "vals.json", "$v");
    CMD_EXPECT(&t, cmd_jq, NULL, "-1\n", "jq", "-n", "-1");
    CMD_EXPECT(&t, cmd_jq, "{\"a\":1}", "{\n  \"a\": 1\n}\n", "jq");
    CMD_EXPECT(&t, cmd_jq, "[1.000, 1e2, 100000000000000000000001, -0, 3.0]", "[1.000,1E+2,100000000000000000000001,-0,3.0]\n", "jq", "-c", ".");
    CMD_EXPECT(&t, cmd_jq, "[1.000, 1e2]", "[1,100]\n", "jq", "-c", "map(. + 0)");
    cmdtest_free(&t);
}

TEST(cmd_jq_limits)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* unbounded recursion is an error, not a crash */
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "def f: 1 + f; f");
    CHECK_INT(t.status, 5);
    CHECK(strstr(sk_buf_cstr(&t.err), "recursion too deep") != NULL);
    /* deep input nesting: jq's parser limit */
    char deep[1200];
    memset(deep, '[', 300);
    memset(deep + 300, ']', 300);
    deep[600] = 0;
    CMD_EXPECT(&t, cmd_jq, deep, "", "jq", "-c", ".");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "jq: parse error: Exceeds depth limit for parsing at line 1, column 257\n");
    /* deep values built by a program print with jq's cut-off and free without recursion */
    CMD_EXPECT(&t, cmd_jq, NULL, "100001\n", "jq", "-n", "reduce range(100000) as $i (0; [.]) | [..] | length");
    cmdtest_run(&t, cmd_jq, NULL, (const char *[]){ "jq", "-nc", "reduce range(300) as $i (0; [.])", NULL });
    CHECK(strstr(sk_buf_cstr(&t.out), "[[[<skipped: too deep>]]]") != NULL);
    /* loops that jq runs as tail calls run in constant stack */
    CMD_EXPECT(&t, cmd_jq, NULL, "1000000\n", "jq", "-n", "[limit(1000000; repeat(1))] | length");
    CMD_EXPECT(&t, cmd_jq, NULL, "100000\n", "jq", "-n", "0 | until(. >= 100000; . + 1)");
    CMD_EXPECT(&t, cmd_jq, NULL, "499999500000\n", "jq", "-n", "reduce range(1000000) as $x (0; . + $x)");
    /* running out of memory stops cleanly */
    size_t used = t.a.used;
    t.a.limit = used + 8 * 1024 * 1024;
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "[range(1e9)] | length");
    CHECK(t.status != 0);
    CMD_EXPECT(&t, cmd_jq, NULL, "", "jq", "-n", "[repeat(\"xxxxxxxxxxxxxxxx\")] | length");
    CHECK(t.status != 0);
    t.a.limit = 0;
    t.a.hit = 0;
    CHECK(t.a.used <= used + 64);
    cmdtest_free(&t);
}
