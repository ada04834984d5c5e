/* test_cmd_yq.c — the yq command run directly (no shell): every case of
 * the bashkit yq corpus, plus YAML reading/writing details (quoting,
 * block strings, anchors, merge keys, alias bombs, in-place edits). */
#include <string.h>

#include "test.h"
#include "cmdtest.h"

SK_CMD("yq", cmd_yq, "");

typedef struct yq_case {
    const char *name, *in, *out;
    int status;
    const char *env;
    const char *argv[12];
} yq_case;

static const yq_case corpus[] = {
    { "yq_default_identity_stdin", "name: bashkit\nenabled: true\n", "enabled: true\nname: bashkit\n", 0, NULL, { "yq", NULL } },
    { "yq_explicit_stdin_file", "name: bashkit\n", "bashkit\n", 0, NULL, { "yq", ".name", "-", NULL } },
    { "yq_nested_selection", "root:\n  items:\n    - name: apple\n      kind: fruit\n    - name: carrot\n      kind: vegetable\n", "apple\n", 0, NULL, { "yq", ".root.items[] | select(.kind == \"fruit\") | .name", NULL } },
    { "yq_eval_alias", "name: bashkit\n", "bashkit\n", 0, NULL, { "yq", "eval", ".name", NULL } },
    { "yq_map_expression", "values: [1, 2, 3]\n", "- 2\n- 4\n- 6\n", 0, NULL, { "yq", ".values | map(. * 2)", NULL } },
    { "yq_json_conversion_compact", "name: bashkit\nitems: [1, 2]\n", "{\"items\":[1,2],\"name\":\"bashkit\"}\n", 0, NULL, { "yq", "-o=json", "-I=0", NULL } },
    { "yq_json_input_yaml_output", "{\"name\":\"bashkit\",\"nested\":{\"ok\":true}}\n", "ok: true\n", 0, NULL, { "yq", "-p=json", ".nested", NULL } },
    { "yq_raw_combined_flags", "name: bashkit\n", "bashkit\n", 0, NULL, { "yq", "-rje", ".name", NULL } },
    { "yq_null_input", NULL, "generated: true\n", 0, NULL, { "yq", "-n", "{generated: true}", NULL } },
    { "yq_assignment", "count: 1\nname: bashkit\n", "count: 3\nenabled: true\nname: bashkit\n", 0, NULL, { "yq", ".count += 2 | .enabled = true", NULL } },
    { "yq_pretty_json_indent", "nested:\n  ok: true\n", "{\n    \"nested\": {\n        \"ok\": true\n    }\n}\n", 0, NULL, { "yq", "--output-format=json", "--indent=4", NULL } },
    { "yq_attached_short_value_flags", "{\"name\":\"bashkit\"}\n", "\"bashkit\"\n", 0, NULL, { "yq", "-p=json", "-o=json", "-I=0", ".name", NULL } },
    { "yq_expression_option", "name: bashkit\n", "bashkit\n", 0, NULL, { "yq", "--expression=.name", NULL } },
    { "yq_exit_status_false", "enabled: false\n", "false\n", 1, NULL, { "yq", "-e", ".enabled", NULL } },
    { "yq_empty_input", "", "null\n", 0, NULL, { "yq", ".", NULL } },
    { "yq_unicode_roundtrip", "message: \"\320\237\321\200\320\270\320\262\321\226\321\202 \360\237\214\215\"\n", "\320\237\321\200\320\270\320\262\321\226\321\202 \360\237\214\215\n", 0, NULL, { "yq", "-r", ".message", NULL } },
};

TEST(cmd_yq_corpus)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
        cmdtest_run(&t, cmd_yq, corpus[i].in, corpus[i].argv);
        if (strcmp(sk_buf_cstr(&t.out), corpus[i].out) || t.status != corpus[i].status)
            fprintf(stderr, "  case %s: status %d, stderr %s\n", corpus[i].name, t.status, sk_buf_cstr(&t.err));
        CHECK_STR(sk_buf_cstr(&t.out), corpus[i].out);
        CHECK_INT(t.status, corpus[i].status);
    }
    cmdtest_free(&t);
}

TEST(cmd_yq_corpus_files_and_streams)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* yq_invalid_yaml (on stderr) */
    CMD_EXPECT(&t, cmd_yq, "a: [1,\n", "", "yq", ".");
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "yq: invalid YAML: did not find expected node content at line 2 column 1, while parsing a flow node\n");
    /* yq_default_identity_file, yq_named_filter_with_file */
    cmdtest_file(&t, "/tmp/default-identity.yml", "name: bashkit\n");
    CMD_EXPECT(&t, cmd_yq, NULL, "name: bashkit\n", "yq", "/tmp/default-identity.yml");
    cmdtest_file(&t, "/tmp/named-filter.yml", "remove: old\nkeep: yes\n");
    CMD_EXPECT(&t, cmd_yq, NULL, "keep: yes\n", "yq", "del(.remove)", "/tmp/named-filter.yml");
    /* yq_multidocument, yq_slurp, yq_no_document_separators */
    const char *docs = "---\nid: 1\n---\nid: 2\n";
    CMD_EXPECT(&t, cmd_yq, docs, "1\n---\n2\n", "yq", ".id");
    CMD_EXPECT(&t, cmd_yq, docs, "- 1\n- 2\n", "yq", "-s", "map(.id)");
    CMD_EXPECT(&t, cmd_yq, docs, "1\n2\n", "yq", "-N", ".id");
    /* yq_multiple_files, yq_mixed_file_and_stdin */
    cmdtest_file(&t, "/tmp/yq-first.yml", "id: 1\n");
    cmdtest_file(&t, "/tmp/yq-second.yml", "id: 2\n");
    CMD_EXPECT(&t, cmd_yq, NULL, "1\n2\n", "yq", "-o=json", "-I=0", ".id", "/tmp/yq-first.yml", "/tmp/yq-second.yml");
    cmdtest_file(&t, "/tmp/yq-file.yml", "id: 1\n");
    CMD_EXPECT(&t, cmd_yq, "id: 2\n", "1\n2\n", "yq", "-o=json", "-I=0", ".id", "/tmp/yq-file.yml", "-");
    /* yq_json_stream, yq_auto_json_filename */
    CMD_EXPECT(&t, cmd_yq, "{\"id\":1}\n{\"id\":2}\n", "1\n2\n", "yq", "-p=json", "-o=json", "-I=0", ".id");
    cmdtest_file(&t, "/tmp/yq-auto.json", "{\"name\":\"bashkit\"}\n");
    CMD_EXPECT(&t, cmd_yq, NULL, "bashkit\n", "yq", ".name", "/tmp/yq-auto.json");
    cmdtest_free(&t);
}

TEST(cmd_yq_yaml_details)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    const char *in =
        "a:\n  b: [1, 2, {c: d}]\n  e: \"true\"\n  f: \"a: b\"\n  g: |\n    line1\n    line2\n  h: \"\"\n"
        "  i: ~\n  k: 1.50\n  m: -foo\n  n: \"#x\"\n  o: []\n  p: {}\n  q: \"it's\"\n  r: \"tab\\there\"\n"
        "list:\n  - - 1\n    - 2\n  - x: 1\n    y: 2\n";
    CMD_EXPECT(&t, cmd_yq, in,
               "a:\n  b:\n    - 1\n    - 2\n    - c: d\n  e: \"true\"\n  f: 'a: b'\n  g: |\n    line1\n    line2\n"
               "  h: \"\"\n  i: null\n  k: 1.50\n  m: -foo\n  n: '#x'\n  o: []\n  p: {}\n  q: it's\n  r: \"tab\\there\"\n"
               "list:\n  - - 1\n    - 2\n  - x: 1\n    y: 2\n",
               "yq", ".");
    /* anchors, aliases and merge keys are expanded */
    CMD_EXPECT(&t, cmd_yq, "base: &b\n  x: 1\n  y: 2\nderived:\n  <<: *b\n  y: 3\nref: *b\n",
               "base:\n  x: 1\n  y: 2\nderived:\n  x: 1\n  y: 3\nref:\n  x: 1\n  y: 2\n", "yq", ".");
    /* an alias bomb fails instead of expanding */
    CMD_EXPECT(&t, cmd_yq,
               "a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
               "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
               "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n",
               "", "yq", ".h | length");
    CHECK_INT(t.status, 1);
    CHECK(strstr(sk_buf_cstr(&t.err), "too many alias expansions") != NULL);
    /* in place */
    cmdtest_file(&t, "conf.yml", "a: 1\nb: [x]\n");
    CMD_EXPECT(&t, cmd_yq, NULL, "", "yq", "-i", ".a = 2 | .b += [\"y\"]", "conf.yml");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_yq, NULL, "a: 2\nb:\n  - x\n  - y\n", "yq", ".", "conf.yml");
    /* JSON output of YAML types; block strings back to JSON */
    CMD_EXPECT(&t, cmd_yq, "s: |\n  two\n  lines\nn: 0x10\nf: .inf\nb: True\nt: !!str 12\n",
               "{\"b\":true,\"f\":1.7976931348623157e+308,\"n\":16,\"s\":\"two\\nlines\\n\",\"t\":\"12\"}\n",
               "yq", "-o=json", "-I=0", ".");
    /* expression errors */
    CMD_EXPECT(&t, cmd_yq, "a: 1\n", "", "yq", ".a.b");
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "Error: Cannot index number with string \"b\"\n");
    cmdtest_free(&t);
}

TEST(cmd_yq_extras)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* mikefarah yq names available in yq only */
    CMD_EXPECT(&t, cmd_yq, "a: hello\nb: [1,2]\n", "a: HELLO\nb:\n  - 1\n  - 2\nd: seq\ne: '!!str'\n", "yq",
               ".a |= upcase | .d = (.b | kind) | .e = (.a | tag)");
    CMD_EXPECT(&t, cmd_yq, "a: 1\nb: 2\nc: 3\n", "c: 3\n", "yq", "omit([\"a\", \"b\"])");
    CMD_EXPECT(&t, cmd_yq, "- x\n- y\n", "- X\n- Y\n", "yq", "map(upcase)");
    CMD_EXPECT(&t, cmd_yq, "a: 1\n", "a: 1\nb: 1\n", "yq", ".b = (.a | to_json | from_json)");
    cmdtest_free(&t);
}
