/* test_cmd_awk.c — awk run directly (no shell): the bashkit corpus's awk
 * cases re-expressed as stdin + argv → stdout, plus the language corners
 * (fields, strnum comparisons, printf, getline forms, user functions with
 * array arguments, regex matching, limits) checked against GNU awk. */
#include "test.h"
#include "cmdtest.h"

SK_CMD("awk", cmd_awk, "");

/* ---- the bashkit corpus: the awk folder and bash/awk-printf-width ---------- */

TEST(cmd_awk_corpus_pipelines)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, "hello world\n", "hello world\n", "awk", "{print}"); /* awk_print_all */
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "b\n", "awk", "{print $2}"); /* awk_print_field */
    CMD_EXPECT(&t, cmd_awk, "one two three\n", "one three\n", "awk", "{print $1, $3}"); /* awk_multiple_fields */
    CMD_EXPECT(&t, cmd_awk, "a b c d e\n", "5\n", "awk", "{print NF}"); /* awk_nf */
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "1 a\n2 b\n3 c\n", "awk", "{print NR, $0}"); /* awk_nr */
    CMD_EXPECT(&t, cmd_awk, "data\n", "start\ndata\n", "awk", "BEGIN {print \"start\"} {print $0}"); /* awk_begin */
    CMD_EXPECT(&t, cmd_awk, "a\nb\n", "a\nb\ndone\n", "awk", "{print $0} END {print \"done\"}"); /* awk_end */
    CMD_EXPECT(&t, cmd_awk, "foo\nbar\nbaz\n", "bar\n", "awk", "/bar/ {print}"); /* awk_pattern */
    CMD_EXPECT(&t, cmd_awk, "a:b:c\n", "b\n", "awk", "-F:", "{print $2}"); /* awk_field_sep */
    CMD_EXPECT(&t, cmd_awk, "5 3\n", "8\n", "awk", "{print $1 + $2}"); /* awk_arithmetic */
    CMD_EXPECT(&t, cmd_awk, "1\n2\n3\n", "6\n", "awk", "{sum += $1} END {print sum}"); /* awk_variables */
    CMD_EXPECT(&t, cmd_awk, "1\n2\n3\n4\n5\n", "4\n5\n", "awk", "$1 > 3 {print}"); /* awk_condition */
    CMD_EXPECT(&t, cmd_awk, "hello\n", "5\n", "awk", "{print length($0)}"); /* awk_length */
    CMD_EXPECT(&t, cmd_awk, "hello world\n", "hello\n", "awk", "{print substr($0, 1, 5)}"); /* awk_substr */
    CMD_EXPECT(&t, cmd_awk, "hello\n", "HELLO\n", "awk", "{print toupper($0)}"); /* awk_toupper */
    CMD_EXPECT(&t, cmd_awk, "HELLO\n", "hello\n", "awk", "{print tolower($0)}"); /* awk_tolower */
    CMD_EXPECT(&t, cmd_awk, "hello hello hello\n", "hi hi hi\n", "awk", "{gsub(/hello/, \"hi\"); print}"); /* awk_gsub */
    CMD_EXPECT(&t, cmd_awk, "a:b:c\n", "b\n", "awk", "{n = split($0, arr, \":\"); print arr[2]}"); /* awk_split */
    CMD_EXPECT(&t, cmd_awk, "42\n", "value: 42\n", "awk", "{printf \"value: %d\\n\", $1}"); /* awk_printf */
    CMD_EXPECT(&t, cmd_awk, "world\n", "hello world\n", "awk", "-v", "greeting=hello", "{print greeting, $0}"); /* awk_variable_v_flag */
    CMD_EXPECT(&t, cmd_awk, "hello world\n", "hello-world\n", "awk", "{print $1 \"-\" $2}"); /* awk_string_concat */
    CMD_EXPECT(&t, cmd_awk, "10\n20\n30\n", "60\n", "awk", "BEGIN {x=0} {x += $1} END {print x}"); /* awk_compound_plus_equals */
    CMD_EXPECT(&t, cmd_awk, "5\n", "95\n", "awk", "BEGIN {x=100} {x -= $1} END {print x}"); /* awk_compound_minus_equals */
    CMD_EXPECT(&t, cmd_awk, "2\n3\n", "6\n", "awk", "BEGIN {x=1} {x *= $1} END {print x}"); /* awk_compound_times_equals */
    CMD_EXPECT(&t, cmd_awk, "2\n", "50\n", "awk", "BEGIN {x=100} {x /= $1} END {print x}"); /* awk_compound_divide_equals */
    CMD_EXPECT(&t, cmd_awk, "a\n", "5\n6\n", "awk", "BEGIN {x=5} {print x++; print x}"); /* awk_postfix_increment */
    CMD_EXPECT(&t, cmd_awk, "a\n", "6\n", "awk", "BEGIN {x=5} {print ++x}"); /* awk_prefix_increment */
    CMD_EXPECT(&t, cmd_awk, "a\n", "5\n4\n", "awk", "BEGIN {x=5} {print x--; print x}"); /* awk_postfix_decrement */
    CMD_EXPECT(&t, cmd_awk, "a\n", "4\n", "awk", "BEGIN {x=5} {print --x}"); /* awk_prefix_decrement */
    CMD_EXPECT(&t, cmd_awk, "5\n", "yes\n", "awk", "$1 > 3 && $1 < 10 {print \"yes\"}"); /* awk_logical_and */
    CMD_EXPECT(&t, cmd_awk, "1\n5\n10\n", "1\n10\n", "awk", "$1 < 2 || $1 > 8 {print $1}"); /* awk_logical_or */
    CMD_EXPECT(&t, cmd_awk, "2 3\n", "8\n", "awk", "{print $1 ^ $2}"); /* awk_power_caret */
    CMD_EXPECT(&t, cmd_awk, "2 4\n", "16\n", "awk", "{print $1 ** $2}"); /* awk_power_double_star */
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "b\n", "awk", "NR == 2 {print}"); /* awk_nr_condition_equal */
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\nd\ne\n", "b\nc\nd\n", "awk", "NR >= 2 && NR <= 4 {print}"); /* awk_nr_condition_range */
    CMD_EXPECT(&t, cmd_awk, "", "start\n", "awk", "BEGIN {print \"start\"}"); /* awk_begin_empty_input */
    CMD_EXPECT(&t, cmd_awk, "255\n", "ff\n", "awk", "{printf \"%x\\n\", $1}"); /* awk_printf_hex */
    CMD_EXPECT(&t, cmd_awk, "8\n", "10\n", "awk", "{printf \"%o\\n\", $1}"); /* awk_printf_octal */
    CMD_EXPECT(&t, cmd_awk, "65\n", "A\n", "awk", "{printf \"%c\\n\", $1}"); /* awk_printf_char */
    CMD_EXPECT(&t, cmd_awk, "hi\n", "   hi\n", "awk", "{printf \"%5s\\n\", $1}"); /* awk_printf_string_width */
    CMD_EXPECT(&t, cmd_awk, "a,b,c\n", "b\n", "awk", "-F,", "{print $2}"); /* awk_field_sep_no_space */
    CMD_EXPECT(&t, cmd_awk, "a\tb\tc\n", "b\n", "awk", "-F\\t", "{print $2}"); /* awk_field_sep_tab */
    CMD_EXPECT(&t, cmd_awk, "\n", "0\n", "awk", "{print NF}"); /* awk_nf_empty_line */
    CMD_EXPECT(&t, cmd_awk, "a b\n", "empty\n", "awk", "{if ($5 == \"\") print \"empty\"; else print $5}"); /* awk_missing_field */
    CMD_EXPECT(&t, cmd_awk, "10 3\n", "7\n", "awk", "{print $1 - $2}"); /* awk_subtraction */
    CMD_EXPECT(&t, cmd_awk, "6 7\n", "42\n", "awk", "{print $1 * $2}"); /* awk_multiplication */
    CMD_EXPECT(&t, cmd_awk, "20 4\n", "5\n", "awk", "{print $1 / $2}"); /* awk_division */
    CMD_EXPECT(&t, cmd_awk, "17 5\n", "2\n", "awk", "{print $1 % $2}"); /* awk_modulo */
    CMD_EXPECT(&t, cmd_awk, "3\n5\n2\n", "3\n2\n", "awk", "$1 < 4 {print}"); /* awk_comparison_lt */
    CMD_EXPECT(&t, cmd_awk, "3\n5\n2\n", "3\n2\n", "awk", "$1 <= 3 {print}"); /* awk_comparison_le */
    CMD_EXPECT(&t, cmd_awk, "3\n5\n2\n", "3\n5\n", "awk", "$1 >= 3 {print}"); /* awk_comparison_ge */
    CMD_EXPECT(&t, cmd_awk, "3\n5\n3\n", "1\n3\n", "awk", "$1 == 3 {print NR}"); /* awk_comparison_eq */
    CMD_EXPECT(&t, cmd_awk, "3\n5\n3\n", "5\n", "awk", "$1 != 3 {print}"); /* awk_comparison_ne */
    CMD_EXPECT(&t, cmd_awk, "0\n1\n", "zero\n", "awk", "!$1 {print \"zero\"}"); /* awk_negation */
    CMD_EXPECT(&t, cmd_awk, "hello world\n", "7\n", "awk", "{print index($0, \"world\")}"); /* awk_index_func */
    CMD_EXPECT(&t, cmd_awk, "hello hello\n", "hi hello\n", "awk", "{sub(/hello/, \"hi\"); print}"); /* awk_sub_func */
    CMD_EXPECT(&t, cmd_awk, "42\n", "num=42\n", "awk", "{x = sprintf(\"num=%d\", $1); print x}"); /* awk_sprintf_func */
    CMD_EXPECT(&t, cmd_awk, "3.7\n", "3\n", "awk", "{print int($1)}"); /* awk_int_func */
    CMD_EXPECT(&t, cmd_awk, "16\n", "4\n", "awk", "{print sqrt($1)}"); /* awk_sqrt_func */
    CMD_EXPECT(&t, cmd_awk, "0\n", "0 1\n", "awk", "{print sin($1), cos($1)}"); /* awk_sin_cos_func */
    CMD_EXPECT(&t, cmd_awk, "1\n", "2.71828\n", "awk", "{print exp($1)}"); /* awk_exp_log_func */
    CMD_EXPECT(&t, cmd_awk, "100\n", "4.60517\n", "awk", "{print log($1)}"); /* awk_log_func */
    CMD_EXPECT(&t, cmd_awk, "hello world\n", "7 3\n", "awk", "{if (match($0, /wor/)) print RSTART, RLENGTH}"); /* awk_match_func */
    CMD_EXPECT(&t, cmd_awk, "hello hello hello\n", "hi hi hi\n", "awk", "{print gensub(/hello/, \"hi\", \"g\")}"); /* awk_gensub_func */
    CMD_EXPECT(&t, cmd_awk, "a\n", "", "awk", "{exit 42}"); /* awk_exit_code */
    CHECK_INT(t.status, 42);
    CMD_EXPECT(&t, cmd_awk, "1\n2\n3\n", "1\n3\n", "awk", "{if ($1 == 2) next; print}"); /* awk_next_statement */
    CMD_EXPECT(&t, cmd_awk, "a\n", "1\n2\n3\n", "awk", "{for (i=1; i<=3; i++) print i}"); /* awk_for_loop */
    CMD_EXPECT(&t, cmd_awk, "a\n", "1\n2\n3\n", "awk", "{i=1; while (i<=3) {print i; i++}}"); /* awk_while_loop */
    CMD_EXPECT(&t, cmd_awk, "a\n", "1\n2\n3\n", "awk", "{i=1; do {print i; i++} while (i<=3)}"); /* awk_do_while_loop */
    CMD_EXPECT(&t, cmd_awk, "a\n", "1\n2\n", "awk", "{for (i=1; i<=5; i++) {if (i==3) break; print i}}"); /* awk_break_statement */
    CMD_EXPECT(&t, cmd_awk, "a\n", "1\n3\n", "awk", "{for (i=1; i<=3; i++) {if (i==2) continue; print i}}"); /* awk_continue_statement */
    CMD_EXPECT(&t, cmd_awk, "5\n2\n", "big\nsmall\n", "awk", "{if ($1 > 3) print \"big\"; else print \"small\"}"); /* awk_if_else */
    CMD_EXPECT(&t, cmd_awk, "5\n2\n", "big\nsmall\n", "awk", "{print ($1 > 3 \? \"big\" : \"small\")}"); /* awk_ternary */
    CMD_EXPECT(&t, cmd_awk, "a\n", "x y\n", "awk", "BEGIN {arr[1]=\"x\"; arr[2]=\"y\"} {print arr[1], arr[2]}"); /* awk_array_basic */
    CMD_EXPECT(&t, cmd_awk, "a\n", "found\n", "awk", "BEGIN {arr[\"key\"]=\"val\"} {if (\"key\" in arr) print \"found\"}"); /* awk_array_in */
    CMD_EXPECT(&t, cmd_awk, "a\n", "1 x\n2 y\n", "awk", "BEGIN {a[1]=\"x\"; a[2]=\"y\"} {for (k in a) print k, a[k]}"); /* awk_for_in_array */
    CMD_EXPECT(&t, cmd_awk, "a\n", "a 1\nb 2\nc 3\n", "awk", "BEGIN {a[\"b\"]=\"2\"; a[\"a\"]=\"1\"; a[\"c\"]=\"3\"} {for (k in a) print k, a[k]}"); /* awk_for_in_string_keys */
    CMD_EXPECT(&t, cmd_awk, "a\n", "no\n", "awk", "BEGIN {a[1]=\"x\"; delete a[1]} {print (1 in a) \? \"yes\" : \"no\"}"); /* awk_delete_array */
    CMD_EXPECT(&t, cmd_awk, "line1\nline2\n", "line2\n", "awk", "{getline; print}"); /* awk_getline */
    CMD_EXPECT(&t, cmd_awk, "a b\nc d\n", "c\n", "awk", "{getline; print $1}"); /* awk_getline_updates_dollar_zero */
    CMD_EXPECT(&t, cmd_awk, "only\n", "only\n", "awk", "{getline; print}"); /* awk_getline_at_eof */
    CMD_EXPECT(&t, cmd_awk, "A\nB\nC\nD\n", "B\nD\n", "awk", "{getline; print}"); /* awk_getline_three_lines */
    CMD_EXPECT(&t, cmd_awk, "1\n2\n3\n", "one\nthree\n", "awk", "/1/ {print \"one\"} /3/ {print \"three\"}"); /* awk_multiple_patterns */
    CMD_EXPECT(&t, cmd_awk, "hello\nworld\nhello world\n", "1\n3\n", "awk", "$0 ~ /hello/ {print NR}"); /* awk_regex_match_operator */
    CMD_EXPECT(&t, cmd_awk, "hello\nworld\n", "world\n", "awk", "$0 !~ /hello/ {print}"); /* awk_regex_not_match_operator */
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "a X c\n", "awk", "{$2 = \"X\"; print}"); /* awk_field_assignment */
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "a,b,c\n", "awk", "BEGIN {OFS=\",\"} {print $1, $2, $3}"); /* awk_ofs */
    CMD_EXPECT(&t, cmd_awk, "a:b:c\n", "b\n", "awk", "BEGIN {FS=\":\"} {print $2}"); /* awk_fs_variable */
    CMD_EXPECT(&t, cmd_awk, "aaa\n", "bbb\n", "awk", "{gsub(\"a\", \"b\"); print}"); /* awk_gsub_string */
    CMD_EXPECT(&t, cmd_awk, "aaa\n", "baa\n", "awk", "{sub(\"a\", \"b\"); print}"); /* awk_sub_string */
    CMD_EXPECT(&t, cmd_awk, "hello\n", "hello\n", "awk", "{print}"); /* awk_print_no_args */
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "y\n", "awk", "{$0 = \"x y z\"; print $2}"); /* awk_dollar_zero_modification */
    CMD_EXPECT(&t, cmd_awk, "10\n2\n", "10\n", "awk", "{if ($1 > 5) print $1}"); /* awk_numeric_string_comparison */
    CMD_EXPECT(&t, cmd_awk, "x\n", "[x]\n", "awk", "{printf(\"[%s]\", $1); print \"\"}"); /* awk_printf_parens */
    CMD_EXPECT(&t, cmd_awk, "x\n", "[hi]\n", "awk", "BEGIN{printf(\"[\"); printf(\"%s\", \"hi\"); printf(\"]\"); print \"\"}"); /* awk_printf_parens_begin */
    CMD_EXPECT(&t, cmd_awk, "#test\n", "matched\n", "awk", "/#/ { print \"matched\" }"); /* awk_regex_hash_pattern */
    CMD_EXPECT(&t, cmd_awk, "# heading\nnormal\n", "comment: # heading\n", "awk", "/^#/ { print \"comment:\", $0 }"); /* awk_regex_hash_caret */
    CMD_EXPECT(&t, cmd_awk, "abc\n", "yes\n", "awk", "/abc/ { print \"yes\" }"); /* awk_regex_hash_no_match */
    CMD_EXPECT(&t, cmd_awk, "test\n", "3\n", "awk", "{\n    x = 1 + \\\n        2\n    print x\n}"); /* awk_backslash_newline_continuation */
    CMD_EXPECT(&t, cmd_awk, "5\n", "yes\n", "awk", "{\n    if ($1 > 3 && \\\n        $1 < 10) print \"yes\"\n}"); /* awk_backslash_newline_condition */
    CMD_EXPECT(&t, cmd_awk, "test\n", "0\n", "awk", "BEGIN{a[1]=1; a[2]=2; a[3]=3; delete a; print length(a)}"); /* awk_delete_entire_array */
    CMD_EXPECT(&t, cmd_awk, "test\n", "0 0\n", "awk", "BEGIN{a[1]=1; b[1]=2; delete a; delete b; print length(a), length(b)}"); /* awk_delete_multiple_arrays */
    CMD_EXPECT(&t, cmd_awk, "hello\n", "via stdout\n", "awk", "{print \"via stdout\" > \"/dev/stdout\"}"); /* awk_dev_stdout_redirect */
    CMD_EXPECT(&t, cmd_awk, "widget,10,5\ngadget,25,3\ndoohickey,7,12\nsprocket,15,8\n", "329\n", "awk", "-F,", "{total += $2 * $3} END {print total}"); /* awk_field_multiply_accumulate */
    CMD_EXPECT(&t, cmd_awk, "feat(auth): add OAuth2\n", "feat auth add OAuth2\n", "awk", "match($0, /^([a-z]+)\\(([^)]+)\\): (.*)/, arr) {print arr[1], arr[2], arr[3]}"); /* awk_match_capture_array */
    CMD_EXPECT(&t, cmd_awk, "test\n", "1\n", "awk", "BEGIN { print_sp=0; print_sp++; print print_sp }"); /* awk_keyword_prefix_identifier */
    CMD_EXPECT(&t, cmd_awk, "test\n", "5\n", "awk", "BEGIN { printf_count=5; print printf_count }"); /* awk_keyword_prefix_identifier_printf */
    CMD_EXPECT(&t, cmd_awk, "test\n", "42\n", "awk", "BEGIN { delete_flag=42; print delete_flag }"); /* awk_keyword_prefix_identifier_delete */
    CMD_EXPECT(&t, cmd_awk, "test\n", "99\n", "awk", "function f() { return_val=99; return return_val } BEGIN { print f() }"); /* awk_keyword_prefix_identifier_return_val */
    CMD_EXPECT(&t, cmd_awk, "test\n", "1 2 3\n", "awk", "BEGIN { if_done=1; while_running=2; for_each=3; print if_done, while_running, for_each }"); /* awk_keyword_prefix_identifier_if_done */
    CMD_EXPECT(&t, cmd_awk, "hello\n", "file=[] hello\n", "awk", "{print \"file=[\" FILENAME \"]\", $0}"); /* awk_filename_stdin_empty */
    CMD_EXPECT(&t, cmd_awk, "\n", "                  42\n", "awk", "{printf \"%20d\\n\", 42}"); /* awk_printf_normal_width_works */
    cmdtest_free(&t);
}

TEST(cmd_awk_corpus_files)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* awk_ors (the trailing `echo` adds the newline) */
    CMD_EXPECT(&t, cmd_awk, "a\nb\n", "a;b;", "awk", "BEGIN {ORS=\";\"} {print $0}");
    /* print/printf > and >> create and append to files */
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN{print \"hello\" > \"/tmp/awk_redir.txt\"}");
    CMD_EXPECT(&t, cmd_awk, NULL, "hello\n", "awk", "{print}", "/tmp/awk_redir.txt");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN{printf \"hello\\n\" > \"/tmp/awk_redir2.txt\"}");
    CMD_EXPECT(&t, cmd_awk, NULL, "hello\n", "awk", "1", "/tmp/awk_redir2.txt");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk",
               "BEGIN{print \"a\" > \"/tmp/awk_redir3.txt\"; print \"b\" >> \"/tmp/awk_redir3.txt\"}");
    CMD_EXPECT(&t, cmd_awk, NULL, "a\nb\n", "awk", "1", "/tmp/awk_redir3.txt");
    /* a second run with > truncates; >> appends */
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN{print \"c\" >> \"/tmp/awk_redir3.txt\"}");
    CMD_EXPECT(&t, cmd_awk, NULL, "a\nb\nc\n", "awk", "1", "/tmp/awk_redir3.txt");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN{print \"d\" > \"/tmp/awk_redir3.txt\"}");
    CMD_EXPECT(&t, cmd_awk, NULL, "d\n", "awk", "1", "/tmp/awk_redir3.txt");
    /* gawk 5.3 \u escapes */
    CMD_EXPECT(&t, cmd_awk, NULL, "Hello\n", "awk", "BEGIN{print \"\\u0048\\u0065\\u006C\\u006C\\u006F\"}");
    CMD_EXPECT(&t, cmd_awk, NULL, "caf\xc3\xa9\n", "awk", "BEGIN{print \"caf\\u00E9\"}");
    /* delete one element (the corpus sorts the output) */
    CMD_EXPECT(&t, cmd_awk, "test\n", "1 1\n3 3\n", "awk",
               "BEGIN{a[1]=1; a[2]=2; a[3]=3; delete a[2]; for(k in a) print k, a[k]}");
    /* /dev/stderr and /dev/stdout are the command's own streams */
    CMD_EXPECT(&t, cmd_awk, "test\n", "stdout msg\n", "awk", "{print \"error msg\" > \"/dev/stderr\"; print \"stdout msg\"}");
    CHECK_STR(sk_buf_cstr(&t.err), "error msg\n");
    CMD_EXPECT(&t, cmd_awk, "test\n", "out1\n", "awk", "{print \"err1\" >> \"/dev/stderr\"; print \"out1\"}");
    CHECK_STR(sk_buf_cstr(&t.err), "err1\n");
    CMD_EXPECT(&t, cmd_awk, "hello\n", "via stdout\n", "awk", "{print \"via stdout\" > \"/dev/stdout\"}");
    /* FILENAME and FNR over files */
    cmdtest_file(&t, "/tmp/f1.txt", "line1\nline2\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "/tmp/f1.txt line1\n/tmp/f1.txt line2\n", "awk", "{print FILENAME, $0}", "/tmp/f1.txt");
    cmdtest_file(&t, "/tmp/a.txt", "alpha\n");
    cmdtest_file(&t, "/tmp/b.txt", "beta\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "/tmp/a.txt alpha\n/tmp/b.txt beta\n", "awk", "{print FILENAME, $0}",
               "/tmp/a.txt", "/tmp/b.txt");
    cmdtest_file(&t, "/tmp/p.txt", "x\ny\n");
    cmdtest_file(&t, "/tmp/q.txt", "a\nb\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "/tmp/p.txt 1 x\n/tmp/p.txt 2 y\n/tmp/q.txt 1 a\n/tmp/q.txt 2 b\n", "awk",
               "{print FILENAME, FNR, $0}", "/tmp/p.txt", "/tmp/q.txt");
    /* getline from files */
    cmdtest_file(&t, "/tmp/data.txt", "alpha\nbeta\ngamma\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "alpha\nbeta\ngamma\n", "awk",
               "BEGIN{while((getline line < \"/tmp/data.txt\") > 0) print line}");
    cmdtest_file(&t, "/tmp/data.txt", "first\nsecond\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "first\n", "awk", "BEGIN{getline < \"/tmp/data.txt\"; print}");
    cmdtest_file(&t, "/tmp/data.txt", "line1\nline2\nline3\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "line1\nline2\n", "awk",
               "BEGIN{getline a < \"/tmp/data.txt\"; getline b < \"/tmp/data.txt\"; print a; print b}");
    cmdtest_free(&t);
}

TEST(cmd_awk_printf_caps)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, "\n", "", "awk", "{printf \"%999999999d\", 1}");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "awk: format width 999999999 exceeds maximum (10000)\n");
    CMD_EXPECT(&t, cmd_awk, "\n", "", "awk", "{printf \"%.999999999f\", 1}");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "awk: format precision 999999999 exceeds maximum (10000)\n");
    CMD_EXPECT(&t, cmd_awk, "\n", "                  42\n", "awk", "{printf \"%20d\\n\", 42}");
    cmdtest_run(&t, cmd_awk, "\n", (const char *[]){ "awk", "{printf \"%10000d\\n\", 1}", NULL });
    CHECK_INT(t.out.len, 10001);
    CHECK_INT(t.status, 0);
    /* `*` widths are capped too */
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN{printf \"%*d\", 20000, 1}");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN{x = sprintf(\"%.*f\", 99999, 1)}");
    CHECK_INT(t.status, 2);
    cmdtest_free(&t);
}

/* ---- differential cases: expected output is what GNU awk 5.2 prints --------- */

TEST(cmd_awk_gawk_semantics)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha 2\nbeta 44\ngamma 666\ndelta 8\n", "awk", "{print $1, $2*2}");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "beta 22 y\ngamma 333 z\n", "awk", "NR==2,NR==3");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "2: beta 22 y\n3: gamma 333 z\n", "awk", "/beta/,/gamma/ {print NR\": \"$0}");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha  x\n3\nbeta  y\n3\ngamma  z\n3\ndelta  w\n3\n", "awk", "{ $2 = \"\"; print; print NF }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha\nbeta\ngamma\ndelta\n", "awk", "{ $0 = $3 \" \" $1; print $2 }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha 1\nbeta 22\ngamma 333\ndelta 4\n", "awk", "{ NF = 2; print }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha 1 x  \n5\nbeta 22 y  \n5\ngamma 333 z  \n5\ndelta 4 w  \n5\n", "awk", "{ NF = 5; print; print NF }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha-1-x\nbeta-22-y\ngamma-333-z\ndelta-4-w\n", "awk", "BEGIN { OFS=\"-\" } { $1 = $1; print }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "alpha-1\nbeta-22\ngamma-333\ndelta-4\n4\n", "awk", "BEGIN { OFS=\"-\" } { print $1, $2 } END { print NR }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "9 5 9\n9 4 9\n11 5 11\n9 5 9\n", "awk", "{ print length(), length($1), length }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "delta 4 w 3\n", "awk", "END { print $0, NF }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "delta 4 w\ngamma 333 z\nbeta 22 y\nalpha 1 x\n", "awk", "{ a[NR] = $0 } END { for (i = NR; i > 0; i--) print a[i] }");
    CMD_EXPECT(&t, cmd_awk, "alpha 1 x\nbeta 22 y\ngamma 333 z\ndelta 4 w\n", "1223334 1223334 2446668\n", "awk", "{ s = s $2 } END { print s, s + 0, s * 2 }");
    CMD_EXPECT(&t, cmd_awk, "", "1000000 10000000000000000 1e-05 123456789012 0.3 0.333333 -0.333333 9007199254740992 9007199254740992 14.2857\n", "awk", "BEGIN { print 1e6, 1e16, 1e-5, 123456789012, 0.1 + 0.2, 1/3, -1/3, 2^53, 2^53+1, 100/7 }");
    CMD_EXPECT(&t, cmd_awk, "", "3.14\n3.14159\n3.14\n", "awk", "BEGIN { CONVFMT = \"%.2f\"; x = 3.14159; y = x \"\"; print y; print x; a[x] = 1; for (k in a) print k }");
    CMD_EXPECT(&t, cmd_awk, "", "3.14 3.14159\n17\n", "awk", "BEGIN { OFMT = \"%.2f\"; x = 3.14159; print x, x \"\" ; print 17 }");
    CMD_EXPECT(&t, cmd_awk, "", "   42|42   |00042|+42| 42|ff|FF|10|0xff|010|1.234500e+03|1.234500E+03|0.0001234|1E+20|3.500000|2.35|     3.142|3.142     |\n", "awk", "BEGIN { printf \"%5d|%-5d|%05d|%+d|% d|%x|%X|%o|%#x|%#o|%e|%E|%g|%G|%f|%.2f|%10.3f|%-10.3f|\\n\", 42, 42, 42, 42, 42, 255, 255, 8, 255, 8, 1234.5, 1234.5, 0.0001234, 1e20, 3.5, 2.345, 3.14159, 3.14159 }");
    CMD_EXPECT(&t, cmd_awk, "", "abc|       abc|abc       |ab|A|h|Ā|%|%|\n", "awk", "BEGIN { printf \"%s|%10s|%-10s|%.2s|%c|%c|%c|%%|%5%|\\n\", \"abc\", \"abc\", \"abc\", \"abc\", 65, \"hello\", 256 }");
    CMD_EXPECT(&t, cmd_awk, "", "   42|42   |3.14|\n", "awk", "BEGIN { printf \"%*d|%-*d|%.*f|\\n\", 5, 42, 5, 42, 2, 3.14159 }");
    CMD_EXPECT(&t, cmd_awk, "", "3 0 -2 2\n", "awk", "BEGIN { printf \"%d %d %d %d\\n\", \"3abc\", \"abc\", -2.7, 2.7 }");
    CMD_EXPECT(&t, cmd_awk, "", "12|18446744073709551615|  007|2|1e+04\n", "awk", "BEGIN { printf \"%i|%u|%5.3d|%.0f|%.0e\\n\", 12, -1, 7, 2.5, 12345 }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = sprintf(\"%s-%s\", \"a\"); print x }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "ello ell he hello  él\n", "awk", "BEGIN { print substr(\"hello\", 2), substr(\"hello\", 2, 3), substr(\"hello\", 0, 2), substr(\"hello\", -1), substr(\"hello\", 10), substr(\"héllo\", 2, 2) }");
    CMD_EXPECT(&t, cmd_awk, "", "3 0 3\n", "awk", "BEGIN { print index(\"hello\", \"ll\"), index(\"hello\", \"z\"), index(\"héllo\", \"l\") }");
    CMD_EXPECT(&t, cmd_awk, "", "5 HÉLLO àbc\n", "awk", "BEGIN { print length(\"héllo\"), toupper(\"héllo\"), tolower(\"ÀBC\") }");
    CMD_EXPECT(&t, cmd_awk, "", "3 a c\n2 a b\n3 a b c\n0 0\n", "awk", "BEGIN { n = split(\"a:b:c\", arr, \":\"); print n, arr[1], arr[3]; n = split(\"  a  b  \", w); print n, w[1], w[2]; n = split(\"a1b22c\", x, /[0-9]+/); print n, x[1], x[2], x[3]; n = split(\"\", e); print n, length(e) }");
    CMD_EXPECT(&t, cmd_awk, "", "3 a b c\n", "awk", "BEGIN { n = split(\"abc\", ch, \"\"); print n, ch[1], ch[2], ch[3] }");
    CMD_EXPECT(&t, cmd_awk, "", "3 b c\n", "awk", "BEGIN { n = split(\"a, b,c\", p, \", *\"); print n, p[2], p[3] }");
    CMD_EXPECT(&t, cmd_awk, "", "1 hell0 world\n1 hell0 w[o]rld\nhe&&0 w[o]r&d\n", "awk", "BEGIN { s = \"hello world\"; n = sub(/o/, \"0\", s); print n, s; n = gsub(/o/, \"[&]\", s); print n, s; gsub(/l/, \"\\\\&\", s); print s }");
    CMD_EXPECT(&t, cmd_awk, "", "4 -a-a-a-\n-a-b-c-\nXhXeXoX\n", "awk", "BEGIN { s = \"aaa\"; print gsub(/x*/, \"-\", s), s; t = \"abc\"; gsub(//, \"-\", t); print t; u = \"hello\"; gsub(/l*/, \"X\", u); print u }");
    CMD_EXPECT(&t, cmd_awk, "", ">foo bar\nfoo bar<\nabc\n", "awk", "BEGIN { s = \"foo bar\"; gsub(/^/, \">\", s); print s; s2 = \"foo bar\"; gsub(/$/, \"<\", s2); print s2; s3 = \"a b c\"; gsub(/ /, \"\", s3); print s3 }");
    CMD_EXPECT(&t, cmd_awk, "", "2 2 2\n0 0 -1\n", "awk", "BEGIN { print match(\"foobar\", /o+/), RSTART, RLENGTH; print match(\"abc\", /z/), RSTART, RLENGTH }");
    CMD_EXPECT(&t, cmd_awk, "", "key=value key value 1 5\n", "awk", "BEGIN { if (match(\"key=value\", /([a-z]+)=([a-z]+)/, m)) print m[0], m[1], m[2], m[1, \"start\"], m[2, \"length\"] }");
    CMD_EXPECT(&t, cmd_awk, "", "baba fo0 boo abc\n", "awk", "BEGIN { print gensub(/(a)(b)/, \"\\\\2\\\\1\", \"g\", \"abab\"), gensub(/o/, \"0\", 2, \"foo boo\"), gensub(/x/, \"y\", \"g\", \"abc\") }");
    CMD_EXPECT(&t, cmd_awk, "", "3 -3 4 1.41421 1 0 3.14159 0 1\n", "awk", "BEGIN { print int(3.9), int(-3.9), int(\"4abc\"), sqrt(2), exp(0), log(1), atan2(0, -1), sin(0), cos(0) }");
    CMD_EXPECT(&t, cmd_awk, "", "16\n8\n", "awk", "BEGIN { x = 5; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x ^= 2; print x; y = 2; y **= 3; print y }");
    CMD_EXPECT(&t, cmd_awk, "", "1 -1 1 1024 1.41421 2.5\n", "awk", "BEGIN { print 7 % 3, -7 % 3, 7 % -3, 2 ^ 10, 2 ** 0.5, 10 / 4 }");
    CMD_EXPECT(&t, cmd_awk, "", "1 1 1 0 1 0\n", "awk", "BEGIN { print 1 < 2, \"a\" < \"b\", \"10\" < \"9\", 10 < 9, \"abc\" ~ /b/, \"abc\" !~ /b/ }");
    CMD_EXPECT(&t, cmd_awk, "1 10\n2 9\nabc 5\n", "1\n1\n0\n", "awk", "{ print ($1 < $2) }");
    CMD_EXPECT(&t, cmd_awk, "10\n9\n", "0\n", "awk", "{ a[NR] = $1 } END { print (a[1] < a[2]) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 1 0\n", "awk", "BEGIN { x; print (x == 0), (x == \"\"), length(x) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2 1-1 0\n", "awk", "BEGIN { print 1 \" \" 2, 1 \" \" -1, 1 - 1 }");
    CMD_EXPECT(&t, cmd_awk, "", "y\n0 1\n", "awk", "BEGIN { a[\"x\"] = 1; a[\"y\"] = 2; delete a[\"x\"]; for (k in a) print k; print (\"x\" in a), (\"y\" in a) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2\nyes\n", "awk", "BEGIN { a[1,2] = 3; for (k in a) { split(k, p, SUBSEP); print p[1], p[2] }; if ((1,2) in a) print \"yes\" }");
    CMD_EXPECT(&t, cmd_awk, "", "3628800 2432902008176640000\n", "awk", "function f(n) { return n <= 1 \? 1 : n * f(n - 1) } BEGIN { print f(10), f(20) }");
    CMD_EXPECT(&t, cmd_awk, "", "6765\n", "awk", "function fib(n) { return n < 2 \? n : fib(n-1) + fib(n-2) } BEGIN { print fib(20) }");
    CMD_EXPECT(&t, cmd_awk, "", "3 6\n4 8\n", "awk", "function g(arr, k) { arr[k] = k * 2 } BEGIN { g(z, 3); g(z, 4); for (k in z) print k, z[k] }");
    CMD_EXPECT(&t, cmd_awk, "", "1\n", "awk", "function h(x) { x = 5 } BEGIN { y = 1; h(y); print y }");
    CMD_EXPECT(&t, cmd_awk, "", "10\n 0\n", "awk", "function loc(a,   i, tmp) { tmp[1] = a; i = 7; return i + tmp[1] } BEGIN { print loc(3); print i, length(tmp) }");
    CMD_EXPECT(&t, cmd_awk, "", "[]\n", "awk", "function noret() { } BEGIN { x = noret(); print \"[\" x \"]\" }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "b\nc\n", "awk", "NR == 1 { next } { print }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "a\nend\n", "awk", "{ print; exit } END { print \"end\" }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "end 0\n", "awk", "BEGIN { exit 3 } END { print \"end\", NR }");
    CHECK_INT(t.status, 3);
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "a b\nc b\n", "awk", "{ getline x; print $0, x }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\nc\n", "2 c 3\n", "awk", "NR==1 { while ((getline line) > 0) n++; print n, line, NR }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\n", "got a\ngot b\n2\n", "awk", "BEGIN { while ((getline l) > 0) print \"got\", l; print NR }");
    CMD_EXPECT(&t, cmd_awk, "p1 l1\np1 l2\n\n\np2 l1\n", "1: p1 4\n[p1 l1\np1 l2]\n2: p2 2\n[p2 l1]\n", "awk", "BEGIN { RS = \"\" } { print NR\": \"$1, NF; print \"[\" $0 \"]\" }");
    CMD_EXPECT(&t, cmd_awk, "p1 l1\np1 l2\n\n\np2 l1\n", "2\n1\n", "awk", "BEGIN { RS = \"\"; FS = \":\" } { print NF }");
    CMD_EXPECT(&t, cmd_awk, "a;b;c", "1 a\n2 b\n3 c\n", "awk", "BEGIN { RS = \";\" } { print NR, $0 }");
    CMD_EXPECT(&t, cmd_awk, "a12b345c\n", "1 a 12\n2 b 345\n3 c\n \n", "awk", "BEGIN { RS = \"[0-9]+\" } { print NR, $0, RT }");
    CMD_EXPECT(&t, cmd_awk, "a b\nc d\n", "a,b|c,d|\n", "awk", "BEGIN { ORS = \"|\"; OFS = \",\" } { print $1, $2 } END { printf \"\\n\" }");
    CMD_EXPECT(&t, cmd_awk, "a,b,,c\n", "4\n[a][b][][c]\n", "awk", "BEGIN { FS = \",\" } { print NF; for (i = 1; i <= NF; i++) printf \"[%s]\", $i; print \"\" }");
    CMD_EXPECT(&t, cmd_awk, "a  b\n", "3\n", "awk", "BEGIN { FS = \"[ ]\" } { print NF }");
    CMD_EXPECT(&t, cmd_awk, " lead trail \n", "2 [lead]\n", "awk", "{ print NF, \"[\" $1 \"]\" }");
    CMD_EXPECT(&t, cmd_awk, "a\tb c\td\n", "b c\n", "awk", "BEGIN { FS = \"\\t\" } { print $2 }");
    CMD_EXPECT(&t, cmd_awk, "abc\n", "3 b\n", "awk", "BEGIN { FS = \"\" } { print NF, $2 }");
    CMD_EXPECT(&t, cmd_awk, "x\n", "x  c\n3\n  c\n", "awk", "{ $3 = \"c\"; print; print NF; $1 = \"\"; print }");
    CMD_EXPECT(&t, cmd_awk, "a b c d\n", "3\n", "awk", "{ $2 = \"\"; $0 = $0; print NF }");
    CMD_EXPECT(&t, cmd_awk, "3 4\n", "4 8\n", "awk", "{ $1 += 1; $2 *= 2; print }");
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "a b\n", "awk", "{ NF--; print } ");
    CMD_EXPECT(&t, cmd_awk, "1\n2\n3\n", "6 2\n", "awk", "{ s += $1 } END { print s, s / NR }");
    CMD_EXPECT(&t, cmd_awk, "", "1\n3\n5\n4\n", "awk", "BEGIN { while (i < 3) { i++; if (i == 2) continue; print i } do { j++ } while (j < 5); print j; for (;;) { k++; if (k > 3) break }; print k }");
    CMD_EXPECT(&t, cmd_awk, "", "no\nempty\nnow yes\n", "awk", "BEGIN { if (!(3 in a)) print \"no\"; if (a[3] == \"\") print \"empty\"; if (3 in a) print \"now yes\" }");
    CMD_EXPECT(&t, cmd_awk, "", "e hello\n", "awk", "BEGIN { print substr(\"hello\", 2, 1.5), substr(\"hello\", 1.5) }");
    CMD_EXPECT(&t, cmd_awk, "", "a b\n", "awk", "BEGIN { printf(\"%s %s\\n\", \"a\", \"b\") }");
    CMD_EXPECT(&t, cmd_awk, "", "0 0 0\n", "awk", "BEGIN { print -0, 0 * -1, -0.0 \"\" }");
    CMD_EXPECT(&t, cmd_awk, "", "0\n1 3\n", "awk", "BEGIN { x = \"3.0\"; y = 3; print (x == y); z = \"3.0\" + 0; print (z == y), z }");
    CMD_EXPECT(&t, cmd_awk, "3.0\n", "1 3.0 3\n", "awk", "{ print ($1 == 3), $1, $1 + 0 }");
    CMD_EXPECT(&t, cmd_awk, " 12 \n", "1 1 13\n", "awk", "{ print ($1 == 12), ($0 == 12), $0 + 1 }");
    CMD_EXPECT(&t, cmd_awk, "0x1A 1e3 .5 +5 -.5e1\n", "0 0\n1000 1\n0.5 1\n5 1\n-5 1\n", "awk", "{ for (i = 1; i <= NF; i++) print $i + 0, ($i == $i + 0) }");
    CMD_EXPECT(&t, cmd_awk, "", "123 5 4\n", "awk", "BEGIN { print toupper(123), length(12345), length(1/4) }");
    CMD_EXPECT(&t, cmd_awk, "", "0\n", "awk", "BEGIN { print index(\"abc\", 98) }");
    CMD_EXPECT(&t, cmd_awk, "", "xxx\n", "awk", "BEGIN { a = \"x\"; a = a a a; print a }");
    CMD_EXPECT(&t, cmd_awk, "", "1 0 1 0 1 0 -3 4\n", "awk", "BEGIN { print 1==1, 1!=1, !0, !1, !\"\", !\"a\", -\"3\", +\"4x\" }");
    CMD_EXPECT(&t, cmd_awk, "", "in\n0\n", "awk", "BEGIN { x[\"a\"]; if (\"a\" in x) print \"in\"; delete x; print length(x) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2 3 \n", "awk", "BEGIN { n = split(\"3 1 2\", a); asort(a); for (i = 1; i <= n; i++) printf \"%s \", a[i]; print \"\" }");
    CMD_EXPECT(&t, cmd_awk, "", "a m z \n", "awk", "BEGIN { b[\"z\"]; b[\"a\"]; b[\"m\"]; n = asorti(b, c); for (i = 1; i <= n; i++) printf \"%s \", c[i]; print \"\" }");
    CMD_EXPECT(&t, cmd_awk, "", "31 15 12\n", "awk", "BEGIN { print strtonum(\"0x1F\"), strtonum(\"017\"), strtonum(\"12\") }");
    CMD_EXPECT(&t, cmd_awk, "", "8 14 6 16 4 9007199254740991\n", "awk", "BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshift(16, 2), compl(0) }");
    CMD_EXPECT(&t, cmd_awk, "", "1970-01-01 00:00:00 001 Thu Jan 86400 2000-01-01 12:00:00\n", "awk", "BEGIN { print strftime(\"%Y-%m-%d %H:%M:%S %j %a %b\", 0, 1), mktime(\"1970 01 02 00 00 00\"), strftime(\"%F %T\", 86400 * 365.25 * 30, 1) }");
    CMD_EXPECT(&t, cmd_awk, "", "number string untyped untyped\narray\n", "awk", "BEGIN { print typeof(1), typeof(\"a\"), typeof(x), typeof(a); a[1]; print typeof(a) }");
    CMD_EXPECT(&t, cmd_awk, "a b\n", "string unassigned\n", "awk", "{ print typeof($1), typeof($3) }");
    CMD_EXPECT(&t, cmd_awk, "", "\000|\n", "awk", "BEGIN { printf \"%c\", \"\" ; print \"|\" }");
    CMD_EXPECT(&t, cmd_awk, "x y z\n", "z y -1\n", "awk", "{ print $NF, $(NF-1), $NF-1 }");
    CMD_EXPECT(&t, cmd_awk, "", "4\n", "awk", "BEGIN { x = 1; x = x++ + ++x; print x }");
    CMD_EXPECT(&t, cmd_awk, "", "3 b\na b c  e\n5\n", "awk", "BEGIN { $0 = \"a b c\"; print NF, $2; $5 = \"e\"; print; print NF }");
    CMD_EXPECT(&t, cmd_awk, "", "The quick\n", "awk", "BEGIN { s = \"The Quick\"; print toupper(substr(s, 1, 1)) tolower(substr(s, 2)) }");
    CMD_EXPECT(&t, cmd_awk, "one\ntwo\nthree\n", "three\n", "awk", "length > 3");
    CMD_EXPECT(&t, cmd_awk, "one\ntwo\nthree\n", "one\ntwo\n", "awk", "/o/");
    CMD_EXPECT(&t, cmd_awk, "one\ntwo\nthree\n", "three\n", "awk", "!/o/");
    CMD_EXPECT(&t, cmd_awk, "one\ntwo\nthree\n", "one\nthree\n", "awk", "NR % 2");
    CMD_EXPECT(&t, cmd_awk, "one\ntwo\nthree\n", "3\n", "awk", "END { print NR }");
    CMD_EXPECT(&t, cmd_awk, "k1 v1\nk2 v2\nk1 v3\n", "k1 v1,v3\nk2 v2\n", "awk", "{ a[$1] = a[$1] \? a[$1] \",\" $2 : $2 } END { for (k in a) print k, a[k] }");
    CMD_EXPECT(&t, cmd_awk, "k1 5\nk2 3\nk1 2\n", "k1 7 3.50\nk2 3 3.00\n", "awk", "{ sum[$1] += $2; cnt[$1]++ } END { for (k in sum) printf \"%s %d %.2f\\n\", k, sum[k], sum[k]/cnt[k] }");
    CMD_EXPECT(&t, cmd_awk, "", "4 a*b AB\n", "awk", "BEGIN { print length(\"a\\tb\\n\"), \"a\\052b\", \"\\x41\\x42\" }");
    CMD_EXPECT(&t, cmd_awk, "", "b\n", "awk", "BEGIN { print \"a\" > \"/dev/stderr\"; print \"b\" }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { printf \"%d %s\\n\", 1 }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "abc\n", "awk", "BEGIN { print substr(\"abc\", \"x\") }");
    CMD_EXPECT(&t, cmd_awk, "", "8 16\n", "awk", "BEGIN { x = 010; y = 0x10; print x, y }");
    CMD_EXPECT(&t, cmd_awk, "", "+inf -inf -inf\n", "awk", "BEGIN { print 1e300 * 1e300, -1e300 * 1e300, log(0) }");
    CMD_EXPECT(&t, cmd_awk, "", "9007199254740992 20000000000000\n", "awk", "BEGIN { printf \"%d %x\\n\", 2^53, 2^53 }");
    CMD_EXPECT(&t, cmd_awk, "", "   ab|x  |\n", "awk", "BEGIN { printf \"%5.2s|%-3c|\\n\", \"abcdef\", \"xyz\" }");
    CMD_EXPECT(&t, cmd_awk, "", "1 0 1 0\n", "awk", "BEGIN { x = \"abc\"; print x ~ \"b\", x ~ \"^b\", \"a.c\" ~ /a\\.c/, \"abc\" ~ /a\\.c/ }");
    CMD_EXPECT(&t, cmd_awk, "", "1 0 1 0\n", "awk", "BEGIN { print \"A\" ~ /[[:upper:]]/, \"a\" ~ /[[:upper:]]/, \"ab\" ~ /^[a-b]{2}$/, \"a{2}\" ~ /a{2}/ }");
    CMD_EXPECT(&t, cmd_awk, "", "2 aXaX\n", "awk", "BEGIN { s = \"abcabc\"; print gsub(/b|bc/, \"X\", s), s }");
    CMD_EXPECT(&t, cmd_awk, "", "x\\yz\n", "awk", "BEGIN { s = \"xyz\"; sub(/y/, \"\\\\\\\\&\", s); print s }");
    CMD_EXPECT(&t, cmd_awk, "", "-----\na-b-c\na-b-c\n", "awk", "BEGIN { s = \"a.b.c\"; gsub(\".\", \"-\", s); print s; t = \"a.b.c\"; gsub(/\\./, \"-\", t); print t; u = \"a.b.c\"; gsub(\"\\\\.\", \"-\", u); print u }");
    CMD_EXPECT(&t, cmd_awk, "foo\n", "fX\n1\n", "awk", "{ sub(/o+$/, \"X\"); print; print NF }");
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "4\nB\n", "awk", "{ sub(/b/, \"B C\"); print NF; print $2 }");
    CMD_EXPECT(&t, cmd_awk, "", "4\n", "awk", "BEGIN { n = split(\"a b c\", arr); arr[5] = \"e\"; print length(arr) }");
    CMD_EXPECT(&t, cmd_awk, "", "r=-1\n", "awk", "BEGIN { getline line < \"/nonexistent\"; print \"r=\" (getline line < \"/nonexistent\") }");
    CMD_EXPECT(&t, cmd_awk, "", "0\n", "awk", "BEGIN { print length() }");
    CMD_EXPECT(&t, cmd_awk, "1\n2\n", "10\n20\ne\n", "awk", "function p(x) { print x; next } { p($1 * 10) } END { print \"e\" }");
    CMD_EXPECT(&t, cmd_awk, "a b\n", "2\n[] 0\n", "awk", "{ print NF; NF = 0; print \"[\" $0 \"]\", NF }");
    CMD_EXPECT(&t, cmd_awk, "", "005||3.00|3.142e+04|\n", "awk", "BEGIN { printf \"%.3d|%.0d|%#.3g|%-8.3e|\\n\", 5, 0, 3, 31415.9 }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2\n12\n1 2\n", "awk", "BEGIN { a = 1; b = 2; print a\" \"b; print a b; print a, b }");
    CMD_EXPECT(&t, cmd_awk, "", "4 4 2\n", "awk", "BEGIN { print 2 - - 2, 2 - -2, - - 2 }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { print 1 > 0 \? \"y\" : \"n\" }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "y\n", "awk", "BEGIN { x = 1 ; print (x > 0 \? \"y\" : \"n\") }");
    CMD_EXPECT(&t, cmd_awk, "", "2\n0 2\n", "awk", "BEGIN { print !x + 1; print 1 - 1 \" \" 2 }");
    CMD_EXPECT(&t, cmd_awk, "", "10-1\n", "awk", "BEGIN { print 10 \" \" -1 }");
    CMD_EXPECT(&t, cmd_awk, "", "3 [  x]\n", "awk", "BEGIN { $3 = \"x\"; print NF, \"[\" $0 \"]\" }");
    CMD_EXPECT(&t, cmd_awk, "a\n", "2 x\n", "awk", "END { $0 = \"x y\"; print NF, $1 }");
    CMD_EXPECT(&t, cmd_awk, "", "a\tb\\c\"d\n", "awk", "BEGIN { printf \"a\\tb\\\\c\\\"d\\n\" }");
    CMD_EXPECT(&t, cmd_awk, "", "ab\n", "awk", "BEGIN { print \"a\" \"b\" > \"/dev/stdout\" }");
    CMD_EXPECT(&t, cmd_awk, "", "ello\n1\n", "awk", "BEGIN { print substr(\"hello\", 2) ; print 1; }");
    CMD_EXPECT(&t, cmd_awk, "", "2 2\n", "awk", "BEGIN { x[\"a\"] = 1; f(x); print x[\"a\"], x[\"b\"] } function f(arr) { arr[\"b\"] = 2; arr[\"a\"]++ }");
    CMD_EXPECT(&t, cmd_awk, "", "1 1\n", "awk", "function f(a) { a[1] = 1 } function g(b) { f(b) } BEGIN { g(c); print length(c), c[1] }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { printf \"%s\\n\" }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "1 0\n", "awk", "BEGIN { a = \"10\"; b = \"9\"; print (a < b), (a+0 < b+0) }");
    CMD_EXPECT(&t, cmd_awk, "10 9\n", "0 1\n", "awk", "{ print ($1 < $2), ($1\"\" < $2\"\") }");
    CMD_EXPECT(&t, cmd_awk, "", "3\n", "awk", "BEGIN { CONVFMT = \"%d\"; a = 3.9; b = a \"\"; print b }");
    CMD_EXPECT(&t, cmd_awk, "", "a-b-c\na-b-c\n", "awk", "BEGIN { OFS = \"-\"; $0 = \"a b c\"; $1 = $1; print; print $0 }");
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "a:b:c\n", "awk", "BEGIN { OFS = \":\" } { $2 = $2 } 1");
    CMD_EXPECT(&t, cmd_awk, "", "1 1\n", "awk", "BEGIN { print index(\"\", \"\"), index(\"a\", \"\") }");
    CMD_EXPECT(&t, cmd_awk, "", "2 5\n", "awk", "BEGIN { print split(\"a b\", x, \" \"), split(\" a  b \", y, / /) }");
    CMD_EXPECT(&t, cmd_awk, "", "o |\n", "awk", "BEGIN { s = \"hello\"; print substr(s, length(s)), substr(s, length(s) + 1) \"|\" }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { printf \"%s %s %s\\n\", \"only\" > \"/dev/stdout\" }");
    CHECK_INT(t.status, 2);
    cmdtest_free(&t);
}

TEST(cmd_awk_gawk_syntax)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, "10 2\n20 4\n", "5\n5\n", "awk", "{ print $1/$2 }");
    CMD_EXPECT(&t, cmd_awk, "10 2\n20 4\n", "1\n2\n", "awk", "{ x = $1 / 2 / 5; print x }");
    CMD_EXPECT(&t, cmd_awk, "10 2\n20 4\n", "2\n2\n", "awk", "{ a = 4; print a /2/ 1 }");
    CMD_EXPECT(&t, cmd_awk, "", "3\n3\n", "awk", "BEGIN { a = 6; b = 2; print a/b; c = a /b; print c }");
    CMD_EXPECT(&t, cmd_awk, "x/y\n", "slash\n", "awk", "$0 ~ /\\// { print \"slash\" }");
    CMD_EXPECT(&t, cmd_awk, "a#b\n", "a#b\n", "awk", "{ print $0 } # comment here");
    CMD_EXPECT(&t, cmd_awk, "", "yes\n", "awk", "BEGIN {\n  x = 1\n  if (x)\n    print \"yes\"\n  else\n    print \"no\"\n}");
    CMD_EXPECT(&t, cmd_awk, "", "a\n", "awk", "BEGIN { if (1) { print \"a\" } else { print \"b\" } }");
    CMD_EXPECT(&t, cmd_awk, "", "a\n", "awk", "BEGIN { if (1) print \"a\"; else print \"b\" }");
    CMD_EXPECT(&t, cmd_awk, "", "b\n", "awk", "BEGIN { if (0) print \"a\"\n else print \"b\" }");
    CMD_EXPECT(&t, cmd_awk, "", "0\n1\n", "awk", "BEGIN {\n for (i = 0;\n i < 2;\n i++)\n print i\n}");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = 1 +\n 2; print x }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "1\n", "awk", "BEGIN { x = (1 &&\n 0) ||\n 1; print x }");
    CMD_EXPECT(&t, cmd_awk, "", "a b\n", "awk", "BEGIN { print \"a\",\n \"b\" }");
    CMD_EXPECT(&t, cmd_awk, "", "3\n", "awk", "function f(a,\n b) { return a + b }\nBEGIN { print f(1,\n 2) }");
    CMD_EXPECT(&t, cmd_awk, "", "4\n", "awk", "BEGIN { while (i++ < 3) ; print i }");
    CMD_EXPECT(&t, cmd_awk, "", "5\n", "awk", "BEGIN { for (;;) if (++n > 4) break; print n }");
    CMD_EXPECT(&t, cmd_awk, "", "1\n2\n", "awk", "BEGIN{print 1;print 2}");
    CMD_EXPECT(&t, cmd_awk, "", "1\n2\n", "awk", "BEGIN { print 1 } ; BEGIN { print 2 }");
    CMD_EXPECT(&t, cmd_awk, "", "x\na-b\n", "awk", "BEGIN { printf \"%s\\n\", \"x\" > \"/dev/stdout\"; printf(\"%s-%s\\n\", \"a\", \"b\") > \"/dev/stdout\" }");
    CMD_EXPECT(&t, cmd_awk, "", "a b\n", "awk", "BEGIN { print(\"a\", \"b\") > \"/dev/stdout\" }");
    CMD_EXPECT(&t, cmd_awk, "", "12\n", "awk", "BEGIN { print (1)(2) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2\n", "awk", "BEGIN { print (1), (2) }");
    CMD_EXPECT(&t, cmd_awk, "", "0\n", "awk", "BEGIN { print (1 > 2) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2\n", "awk", "BEGIN { print (1,2) > \"/dev/stdout\" }");
    CMD_EXPECT(&t, cmd_awk, "", "ABA\n", "awk", "BEGIN { x = \"A\"; x = x \"B\" x; print x }");
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "c b a\n", "awk", "{ for (i = NF; i > 0; i--) printf \"%s%s\", $i, (i > 1 \? OFS : ORS) }");
    CMD_EXPECT(&t, cmd_awk, "a b\n", "a b  z\n4\n", "awk", "{ $(NF+2) = \"z\"; print; print NF }");
    CMD_EXPECT(&t, cmd_awk, "5 apples\n", "many\n", "awk", "{ if ($1 > 3) print \"many\"; else print \"few\" }");
    CMD_EXPECT(&t, cmd_awk, "", "1 0\n", "awk", "BEGIN { a = \"x\"; b = a++; print a, b }");
    CMD_EXPECT(&t, cmd_awk, "", "1\n", "awk", "BEGIN { s = \"a\"; s++; print s }");
    CMD_EXPECT(&t, cmd_awk, "", "11 7\n", "awk", "BEGIN { i = 5; print i++ + i++, i }");
    CMD_EXPECT(&t, cmd_awk, "", "5\n", "awk", "BEGIN { x[1] = 1; x[1]++; ++x[1]; x[1] += 2; print x[1] }");
    CMD_EXPECT(&t, cmd_awk, "1 2\n", "2 3\n", "awk", "{ $1++; ++$2; print }");
    CMD_EXPECT(&t, cmd_awk, "", "3\n", "awk", "BEGIN { print length(\"x\" \"yz\") }");
    CMD_EXPECT(&t, cmd_awk, "hello\n", "5\n", "awk", "{ print length }");
    CMD_EXPECT(&t, cmd_awk, "hello\n", "5hello\n", "awk", "{ print length $0 }");
    CMD_EXPECT(&t, cmd_awk, "", "got:\n", "awk", "BEGIN { getline; print \"got:\" $0 }");
    CMD_EXPECT(&t, cmd_awk, "line1\nline2\n", "first:line1\nmain:line2\n", "awk", "BEGIN { getline; print \"first:\" $0 } { print \"main:\" $0 }");
    CMD_EXPECT(&t, cmd_awk, "", "ellow\n", "awk", "BEGIN { print substr(\"hello\", 2) substr(\"world\", 1, 1) }");
    CMD_EXPECT(&t, cmd_awk, "", "1\n", "awk", "BEGIN { print 1; exit; print 2 }");
    CMD_EXPECT(&t, cmd_awk, "", "end only\n", "awk", "END { print \"end only\" }");
    CMD_EXPECT(&t, cmd_awk, "a\n", "b\na\n", "awk", "BEGIN { print \"b\" } END { print $0 }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { exit 1 } END { exit }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { exit 1 } END { exit 5 }");
    CHECK_INT(t.status, 5);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { exit -1 }");
    CHECK_INT(t.status, 255);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { exit 256 + 7 }");
    CHECK_INT(t.status, 7);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { exit \"3\" }");
    CHECK_INT(t.status, 3);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { print \"unterminated }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { print 1 ");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "{ print $1 ");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { foo( }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = 1; x[1] = 2 }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { f() }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "1\n", "awk", "function f(x) { return x } BEGIN { print f(1, 2) }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = 0; print 1/x }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = 0; print 1%x }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "a\n", "", "awk", "{ x = 0; print 1/x }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { print $-1 }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { next }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "function f() { next } BEGIN { f() }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { return 1 }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { break }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "ok\n", "awk", "BEGIN { getline x < \"/nonexistent/file\"; print \"ok\" }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { print \"x\" > \"/nonexistent/dir/file\" }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { x = \"a\"; if (x ~ \"[\") print \"y\" }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { if (\"a\" ~ /(/) print \"y\" }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "1\n", "awk", "BEGIN { print match(\"aaa\", /a*\?/) }");
    CMD_EXPECT(&t, cmd_awk, "", "1 1 0\n", "awk", "BEGIN { print \"abc\" ~ /^a.c$/, \"a\\nc\" ~ /^a.c$/, \"ab\\n\" ~ /b$/ }");
    CMD_EXPECT(&t, cmd_awk, "", "2 foo\n", "awk", "BEGIN { s = \"foo.bar\"; n = split(s, a, \".\"); print n, a[1] }");
    CMD_EXPECT(&t, cmd_awk, "", "3 b\n", "awk", "BEGIN { s = \"a|b|c\"; n = split(s, a, \"|\"); print n, a[2] }");
    CMD_EXPECT(&t, cmd_awk, "", "1 \n", "awk", "BEGIN { s = \"a||b\"; n = split(s, a, \"||\"); print n, a[2] }");
    CMD_EXPECT(&t, cmd_awk, "a|b|c\n", "b\n", "awk", "BEGIN { FS = \"|\" } { print $2 }");
    CMD_EXPECT(&t, cmd_awk, "a.b.c\n", "c\n", "awk", "-F.", "{ print $3 }");
    CMD_EXPECT(&t, cmd_awk, "a b\n", "1 hello\tworld\n", "awk", "-v", "x=1", "-v", "y=hello\\tworld", "BEGIN { print x, y }");
    CMD_EXPECT(&t, cmd_awk, "a b\n", "5\n", "awk", "-vx=5", "{ print x + $0 }");
    CMD_EXPECT(&t, cmd_awk, "a:b\n", "a\n", "awk", "-F", ":", "{ print $1 }");
    CMD_EXPECT(&t, cmd_awk, "a:b\n", "b\n", "awk", "--field-separator=:", "{ print $2 }");
    CMD_EXPECT(&t, cmd_awk, "1\n2\n", "1 1\n1 2\n", "awk", "{ print v, $0 }", "v=1", "-", "v=2");
    CMD_EXPECT(&t, cmd_awk, "x\n", "x\n", "awk", "BEGIN { ARGV[1] = \"\" } { print }", "nonexistent");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "-f");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "-z", "1");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "--foo");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, "", "50%\n", "awk", "BEGIN { printf \"%d%%\\n\", 50 }");
    CMD_EXPECT(&t, cmd_awk, "", "+3   | 0003|+1.23e+03\n", "awk", "BEGIN { printf \"%-+5d|% 05d|%+.2e\\n\", 3, 3, 1234 }");
    CMD_EXPECT(&t, cmd_awk, "", "1000000 10000000000000000 1e-06\n", "awk", "BEGIN { printf \"%s %s %s\\n\", 1e6, 1e16 , 0.000001 }");
    CMD_EXPECT(&t, cmd_awk, "", "1000\n", "awk", "BEGIN { printf \"%d\\n\", \"1e3\" }");
    CMD_EXPECT(&t, cmd_awk, "", "0.1 0.10000000000000001\n", "awk", "BEGIN { printf \"%.10g %.17g\\n\", 0.1, 0.1 }");
    CMD_EXPECT(&t, cmd_awk, "", "[    x][B    ]\n", "awk", "BEGIN { printf \"[%5c][%-5c]\\n\", \"x\", 66 }");
    CMD_EXPECT(&t, cmd_awk, "", "本語テ 3 3\n", "awk", "BEGIN { print substr(\"日本語テキスト\", 2, 3), length(\"日本語\"), index(\"日本語\", \"語\") }");
    CMD_EXPECT(&t, cmd_awk, "", "日X語\n3 3 1\n", "awk", "BEGIN { s = \"日本語\"; gsub(/本/, \"X\", s); print s; print match(\"日本語\", /語/), RSTART, RLENGTH }");
    CMD_EXPECT(&t, cmd_awk, "", "3 本\n", "awk", "BEGIN { n = split(\"日本語\", c, \"\"); print n, c[2] }");
    CMD_EXPECT(&t, cmd_awk, "", "  日|日  |日|\n", "awk", "BEGIN { printf \"%3s|%-3s|%.1s|\\n\", \"日\", \"日\", \"日本\" }");
    CMD_EXPECT(&t, cmd_awk, "", "STRAßE école\n", "awk", "BEGIN { print toupper(\"straße\"), tolower(\"ÉCOLE\") }");
    CMD_EXPECT(&t, cmd_awk, "", "a\tb\n", "awk", "BEGIN { OFS = \"\\t\"; print \"a\", \"b\" }");
    CMD_EXPECT(&t, cmd_awk, "", "a\nb\n0.3\n", "awk", "BEGIN { x[\"1\"] = \"a\"; print x[1]; x[01] = \"b\"; print x[\"1\"]; y[0.1+0.2]; for (k in y) print k }");
    CMD_EXPECT(&t, cmd_awk, "", "1:2\n", "awk", "BEGIN { SUBSEP = \":\"; a[1,2]; for (k in a) print k }");
    CMD_EXPECT(&t, cmd_awk, "", "no newline", "awk", "BEGIN { printf \"%s\", \"no newline\" }");
    CMD_EXPECT(&t, cmd_awk, "", "\n", "awk", "BEGIN { print > \"/dev/stdout\" }");
    CMD_EXPECT(&t, cmd_awk, "abc\n", "bc\n", "awk", "{ print substr($0, 2) > \"/dev/stdout\" }");
    CMD_EXPECT(&t, cmd_awk, "", "4\n", "awk", "BEGIN { x = 3; y = x \" apples\"; print y + 1 }");
    CMD_EXPECT(&t, cmd_awk, "", "1 1 0\n", "awk", "BEGIN { print 1e3 == \"1000\", 1e3 == 1000, \"1e3\" == 1000 }");
    CMD_EXPECT(&t, cmd_awk, "1e3\n", "1\n", "awk", "{ print $1 == 1000 }");
    CMD_EXPECT(&t, cmd_awk, "", "10 5\n", "awk", "BEGIN { print (x = 5) * 2, x }");
    CMD_EXPECT(&t, cmd_awk, "", "3 2 2\n", "awk", "BEGIN { print 3 \" \" (x += 2), x }");
    CMD_EXPECT(&t, cmd_awk, "", "444\n", "awk", "BEGIN { a = b = c = 4; print a b c }");
    CMD_EXPECT(&t, cmd_awk, "", "512 64 -4 0.5\n", "awk", "BEGIN { print 2 ^ 3 ^ 2, (2 ^ 3) ^ 2, -2 ^ 2, 2 ^ -1 }");
    CMD_EXPECT(&t, cmd_awk, "", "1 2 1\n", "awk", "BEGIN { print 5 - 3 - 1, 12 / 3 / 2, 7 % 4 % 2 }");
    CMD_EXPECT(&t, cmd_awk, "", "-1\n", "awk", "BEGIN { print close(\"nothing\") }");
    CMD_EXPECT(&t, cmd_awk, "", "1 1\n", "awk", "BEGIN { srand(1); a = rand(); srand(1); b = rand(); print (a == b), (a >= 0 && a < 1) }");
    CMD_EXPECT(&t, cmd_awk, "", "0\n1 1\n", "awk", "BEGIN { x = \"abc\"; print x ~ /B/; IGNORECASE = 1; print x ~ /B/, x ~ \"B\" }");
    CMD_EXPECT(&t, cmd_awk, "", "||\n", "awk", "BEGIN { print substr(\"abc\", 2, -1) \"|\" substr(\"abc\", 1, 0) \"|\" }");
    CMD_EXPECT(&t, cmd_awk, "", "3\n", "awk", "BEGIN { print index(123456, 34) }");
    CMD_EXPECT(&t, cmd_awk, "", "", "awk", "BEGIN { printf \"%s %d\\n\", \"a\" }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, "", "z y\n2\n", "awk", "BEGIN { $0 = \"x y\"; $1 = \"z\"; print $0; print NF }");
    CMD_EXPECT(&t, cmd_awk, "", "[  ]\n", "awk", "BEGIN { NF = 3; print \"[\" $0 \"]\" }");
    CMD_EXPECT(&t, cmd_awk, "a b c d e\n", "a b c  E\n5\n", "awk", "{ NF = 3; $5 = \"E\"; print; print NF }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\n", "", "awk", "NR == 1 { nextfile } { print }");
    CMD_EXPECT(&t, cmd_awk, "a\nb\n", "a\n", "awk", "{ print; nextfile }");
    CMD_EXPECT(&t, cmd_awk, "a,b;c\n", "c\n", "awk", "BEGIN { FS = \"[,;]\" } { print $3 }");
    CMD_EXPECT(&t, cmd_awk, "aXbxc\n", "2\n", "awk", "BEGIN { FS = \"x\"; IGNORECASE = 1 } { print NF }");
    CMD_EXPECT(&t, cmd_awk, "", "1 0\n", "awk", "BEGIN { x = \"A\"; y = \"a\"; print (x < y), (x == y) }");
    CMD_EXPECT(&t, cmd_awk, "", "11 10000000000\n", "awk", "BEGIN { print length(1e10), 1e10 \"\" }");
    CMD_EXPECT(&t, cmd_awk, "", "0.3 0.1 10000000000 123456789000\n", "awk", "BEGIN { print 0.1 * 3, 1 - 0.9, 100000 * 100000, 123456789 * 1000 }");
    CMD_EXPECT(&t, cmd_awk, "", "3 3.1 3.10 3.1\n", "awk", "BEGIN { print 3.0, 3.10, \"3.10\", \"3.10\" + 0 }");
    CMD_EXPECT(&t, cmd_awk, "", "+inf -inf 0 +inf\n", "awk", "BEGIN { print 1e308 * 10, -(1e308 * 10), int(\"inf\"), int(\"+inf\") }");
    CMD_EXPECT(&t, cmd_awk, "", "éA 2\n", "awk", "BEGIN { x = sprintf(\"%c%c\", 0xe9, 0x41); print x, length(x) }");
    cmdtest_free(&t);
}

/* ---- options, sources, operands -------------------------------------------- */

TEST(cmd_awk_options)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "prog.awk", "# a program file\n{ n += $1 }\nEND { print \"sum\", n }\n");
    CMD_EXPECT(&t, cmd_awk, "1\n2\n", "sum 3\n", "awk", "-f", "prog.awk");
    CMD_EXPECT(&t, cmd_awk, "1\n2\n", "sum 3\n", "awk", "--file=prog.awk");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "-f", "missing.awk");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "awk: fatal: can't open source file `missing.awk' for reading: No such file or directory\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "a\tb\n", "awk", "-v", "x=a\\tb", "BEGIN { print x }");
    CMD_EXPECT(&t, cmd_awk, NULL, "7\n", "awk", "-vn=5", "BEGIN { print n + 2 }");
    CMD_EXPECT(&t, cmd_awk, NULL, "1\n", "awk", "-v", "n=10", "BEGIN { print (n > 9) }");   /* strnum */
    CMD_EXPECT(&t, cmd_awk, "a:b\n", "b\n", "awk", "-F", ":", "{ print $2 }");
    CMD_EXPECT(&t, cmd_awk, "a\tb c\n", "b c\n", "awk", "-F\\t", "{ print $2 }");
    CMD_EXPECT(&t, cmd_awk, "x\n", "1 x\n", "awk", "-e", "{ print NR, $0 }");
    CMD_EXPECT(&t, cmd_awk, "x\n", "x\n", "awk", "--", "{ print }");
    /* operands: files, var=value assignments between them, "-" for stdin */
    cmdtest_file(&t, "f1", "one\n");
    CMD_EXPECT(&t, cmd_awk, "in\n", "A one\nB in\n", "awk", "{ print v, $0 }", "v=A", "f1", "v=B", "-");
    CMD_EXPECT(&t, cmd_awk, "in\n", "in\n", "awk", "{ print }", "v=1");   /* only assignments: stdin */
    CMD_EXPECT(&t, cmd_awk, NULL, "3 awk x y\n", "awk", "BEGIN { print ARGC, ARGV[0], ARGV[1], ARGV[2] }", "x", "y");
    CMD_EXPECT(&t, cmd_awk, "in\n", "in\n", "awk", "BEGIN { ARGV[1] = \"\" } { print }", "nosuchfile");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "{ print }", "nosuchfile");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "awk: fatal: cannot open file `nosuchfile' for reading: No such file or directory\n");
    /* usage errors */
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "-f");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "-v", "novalue", "BEGIN{}");
    CHECK_INT(t.status, 2);
    cmdtest_free(&t);
}

TEST(cmd_awk_errors)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { x = }");
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "awk: cmd. line:1: BEGIN { x = }\nawk: cmd. line:1:             ^ syntax error\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { print \"abc }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { x = 0; print 1 / x }");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "awk: cmd. line:1: fatal: division by zero attempted\n");
    CMD_EXPECT(&t, cmd_awk, "a\n", "", "awk", "{ x = 0; print 1 % x }");
    CHECK_STR(sk_buf_cstr(&t.err), "awk: cmd. line:1: (FILENAME=- FNR=1) fatal: division by zero attempted in `%'\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { x[1] = 1; print x }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { x = 1; x[1] = 1 }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { f() }");
    CHECK_STR(sk_buf_cstr(&t.err), "awk: cmd. line:1: fatal: function `f' not defined\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { if (\"a\" ~ \"(\") print }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { printf \"%d %d\\n\", 1 }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { next }");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "function f() { next } BEGIN { f() }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { print > \"/nodir/x\" }");
    CHECK_STR(sk_buf_cstr(&t.err), "awk: cmd. line:1: fatal: can't redirect to `/nodir/x' (No such file or directory)\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "-1\n", "awk", "BEGIN { print (getline x < \"/nodir/x\") }");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { print $-1 }");
    CHECK_INT(t.status, 2);
    /* exit statuses */
    CMD_EXPECT(&t, cmd_awk, "a\n", "end\n", "awk", "{ exit 3 } END { print \"end\" }");
    CHECK_INT(t.status, 3);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { exit 3 } END { exit }");
    CHECK_INT(t.status, 3);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { exit -1 }");
    CHECK_INT(t.status, 255);
    cmdtest_free(&t);
}

/* ---- things without a shell: system(), pipes --------------------------------- */

TEST(cmd_awk_no_shell)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, NULL, "127\n", "awk", "BEGIN { print system(\"true\") }");
    CHECK_STR(sk_buf_cstr(&t.err), "awk: cannot run `true': no shell to run commands\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "-1\n", "awk", "BEGIN { print (\"date\" | getline) }");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { print \"x\" |& \"cat\" }");
    CHECK_INT(t.status, 2);
    cmdtest_free(&t);
}

/* ---- limits: timeouts, memory, recursion, nesting ---------------------------- */

TEST(cmd_awk_limits)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* an endless loop ends when the run is aborted (timeout, cancel) */
    t.abort = 1;
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { while (1) { } }");
    CHECK(t.status != 0);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { for (;;) x++ }");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { do ; while (1) }");
    CMD_EXPECT(&t, cmd_awk, "a\n", "", "awk", "{ while (1) n++ }");
    t.abort = 0;
    /* endless recursion is an error, not a crash */
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "function f(n) { return f(n + 1) } BEGIN { f(1) }");
    CHECK_INT(t.status, 2);
    CHECK(strstr(sk_buf_cstr(&t.err), "function call nesting too deep") != NULL);
    /* moderate recursion works (sanitizer builds have much bigger frames) */
#ifdef SK_SANITIZE
    CMD_EXPECT(&t, cmd_awk, NULL, "465\n", "awk", "function s(n) { return n ? n + s(n - 1) : 0 } BEGIN { print s(30) }");
#else
    CMD_EXPECT(&t, cmd_awk, NULL, "5050\n", "awk", "function s(n) { return n ? n + s(n - 1) : 0 } BEGIN { print s(100) }");
#endif
    /* deep nesting in the program text is refused */
    {
        char prog[4200];
        size_t k = 0;
        k += (size_t)snprintf(prog, sizeof prog, "BEGIN { x = ");
        for (int i = 0; i < 2000; i++) prog[k++] = '(';
        prog[k++] = '1';
        for (int i = 0; i < 2000; i++) prog[k++] = ')';
        k += (size_t)snprintf(prog + k, sizeof prog - k, " }");
        cmdtest_run(&t, cmd_awk, NULL, (const char *[]){ "awk", prog, NULL });
        CHECK_INT(t.status, 1);
        CHECK(strstr(sk_buf_cstr(&t.err), "program nested too deeply") != NULL);
    }
    /* memory: doubling a string hits max_memory and ends with an error */
    size_t before = t.a.used;
    t.a.limit = before + (8u << 20);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { s = \"x\"; while (1) s = s s }");
    CHECK_INT(t.status, 2);
    CHECK(strstr(sk_buf_cstr(&t.err), "out of memory") != NULL);
    t.a.limit = 0;
    t.a.hit = 0;
    cmdtest_free(&t);
}

/* Formats a script controls cannot crash the interpreter. */
TEST(cmd_awk_hostile_formats)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_awk, NULL, "0.5\n", "awk", "BEGIN { CONVFMT = \"%s\"; x = 0.5; print x \"\" }");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { OFMT = \"%s%s%d\"; print 0.25 }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { CONVFMT = \"%*.*f\"; x = 0.1 \"\" }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "[0.1]\n", "awk", "BEGIN { CONVFMT = \"[%.1f]\"; x = 0.1; print x \"\" }");
    CMD_EXPECT(&t, cmd_awk, NULL, "%n %p|\n", "awk", "BEGIN { printf \"%n %p|\\n\", 1, 2 }");
    CMD_EXPECT(&t, cmd_awk, NULL, "a%", "awk", "BEGIN { printf \"a%\" }");
    cmdtest_free(&t);
}

/* Everything a run allocates is given back. */
TEST(cmd_awk_no_leaks)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    const char *prog =
        "function f(a, k,  loc) { loc[k] = k; a[k] = length(loc) } "
        "{ for (i = 1; i <= NF; i++) { w[$i]++; f(arr, $i) } s = s $0; gsub(/a/, \"b\", s) } "
        "END { n = split(s, parts, /b+/); for (k in w) c += w[k]; print c, n, length(arr); "
        "print substr(s, 2, 3) > \"/tmp/leak.txt\"; close(\"/tmp/leak.txt\"); "
        "while ((getline l < \"/tmp/leak.txt\") > 0) print l; x = sprintf(\"%5.2f\", 3.14159); print x }";
    cmdtest_run(&t, cmd_awk, "a b a\nc a d\n", (const char *[]){ "awk", prog, NULL });
    CHECK_STR(sk_buf_cstr(&t.out), "6 5 4\n b \n 3.14\n");
    size_t used = t.a.used;
    cmdtest_run(&t, cmd_awk, "a b a\nc a d\n", (const char *[]){ "awk", prog, NULL });
    CHECK_INT(t.a.used, used);
    /* (the first error run grows the captured stderr buffer) */
    cmdtest_run(&t, cmd_awk, NULL, (const char *[]){ "awk", "BEGIN { x = }", NULL });
    used = t.a.used;
    cmdtest_run(&t, cmd_awk, NULL, (const char *[]){ "awk", "BEGIN { x = }", NULL });
    CHECK_INT(t.a.used, used);
    cmdtest_run(&t, cmd_awk, "1\n", (const char *[]){ "awk", "{ x = 0; a[1] = 1; print 1 / x }", NULL });
    used = t.a.used;
    cmdtest_run(&t, cmd_awk, "1\n", (const char *[]){ "awk", "{ x = 0; a[1] = 1; print 1 / x }", NULL });
    CHECK_INT(t.a.used, used);
    cmdtest_free(&t);
}

/* ---- gawk extensions scripts use ------------------------------------------------ */

TEST(cmd_awk_gawk_extensions)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* switch with fall-through, default and regex cases */
    CMD_EXPECT(&t, cmd_awk, "1\n3\n7\nabc\n", "one\nthree\nfour\nother\nre\nother\n", "awk",
               "{ switch ($1) { case 1: print \"one\"; break; case 3: print \"three\"; case 4: print \"four\"; break;"
               " case /b/: print \"re\"; default: print \"other\" } }");
    /* PROCINFO["sorted_in"] picks the for-in order */
    CMD_EXPECT(&t, cmd_awk, NULL, "10 2 1 \ny z x \n1 10 2 \n", "awk",
               "BEGIN { a[1]; a[10]; a[2]; PROCINFO[\"sorted_in\"] = \"@ind_num_desc\"; for (k in a) printf \"%s \", k; print \"\";"
               " b[\"x\"] = 3; b[\"y\"] = 1; b[\"z\"] = 2; PROCINFO[\"sorted_in\"] = \"@val_num_asc\"; for (k in b) printf \"%s \", k; print \"\";"
               " PROCINFO[\"sorted_in\"] = \"@ind_str_asc\"; for (k in a) printf \"%s \", k; print \"\" }");
    /* the default order: numbers ascending, then strings */
    CMD_EXPECT(&t, cmd_awk, NULL, "-1 2 10 b x \n", "awk",
               "BEGIN { a[10]; a[\"x\"]; a[2]; a[\"b\"]; a[-1]; for (k in a) printf \"%s \", k; print \"\" }");
    /* BEGINFILE / ENDFILE */
    cmdtest_file(&t, "f1", "a\nb\n");
    cmdtest_file(&t, "f2", "c\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "start f1\nend f1 2\nstart f2\nend f2 1\n", "awk",
               "BEGINFILE { print \"start\", FILENAME } ENDFILE { print \"end\", FILENAME, FNR }", "f1", "f2");
    /* RS as a regex, RT */
    CMD_EXPECT(&t, cmd_awk, "a12b345c", "a|12\nb|345\nc|\n", "awk", "BEGIN { RS = \"[0-9]+\" } { print $0 \"|\" RT }");
    /* FS = "" splits characters (UTF-8 aware) */
    CMD_EXPECT(&t, cmd_awk, "h\xc3\xa9!\n", "3 \xc3\xa9\n", "awk", "BEGIN { FS = \"\" } { print NF, $2 }");
    /* time functions are UTC and deterministic given a timestamp */
    CMD_EXPECT(&t, cmd_awk, NULL, "1970-01-02 00:00:00 Fri\n86400\n", "awk",
               "BEGIN { print strftime(\"%Y-%m-%d %H:%M:%S %a\", 86400); print mktime(\"1970 01 02 00 00 00\") }");
    /* typeof, isarray, strtonum, bit operations */
    CMD_EXPECT(&t, cmd_awk, "7\n", "strnum number string untyped array 1\n31 15 8\n", "awk",
               "{ a[1]; print typeof($1), typeof(1), typeof(\"x\"), typeof(z), typeof(a), isarray(a);"
               " print strtonum(\"0x1f\"), strtonum(\"017\"), and(12, 10) }");
    /* match() with an array, gensub with back-references */
    CMD_EXPECT(&t, cmd_awk, NULL, "2020 01 | 1 4\n01/2020\n", "awk",
               "BEGIN { match(\"2020-01\", /([0-9]+)-([0-9]+)/, m); print m[1], m[2], \"|\", m[1, \"start\"], m[1, \"length\"];"
               " print gensub(/([0-9]+)-([0-9]+)/, \"\\\\2/\\\\1\", \"g\", \"2020-01\") }");
    /* split with a separators array */
    CMD_EXPECT(&t, cmd_awk, NULL, "3 a-b=c | - =\n", "awk",
               "BEGIN { n = split(\"a-b=c\", p, /[-=]/, s); print n, p[1] \"-\" p[2] \"=\" p[3], \"|\", s[1], s[2] }");
    /* asort / asorti */
    CMD_EXPECT(&t, cmd_awk, NULL, "1 2 10 b \nm x z \n", "awk",
               "BEGIN { v[\"p\"] = 10; v[\"q\"] = 2; v[\"r\"] = \"b\"; v[\"s\"] = 1; n = asort(v, d); for (i = 1; i <= n; i++) printf \"%s \", d[i]; print \"\";"
               " w[\"z\"]; w[\"m\"]; w[\"x\"]; n = asorti(w); for (i = 1; i <= n; i++) printf \"%s \", w[i]; print \"\" }");
    /* FPAT (CSV with quoted fields), FIELDWIDTHS, patsplit */
    CMD_EXPECT(&t, cmd_awk, "a,\"b,c\",,d\n", "4:[a][\"b,c\"][][d]\n", "awk",
               "BEGIN { FPAT = \"([^,]*)|(\\\"[^\\\"]+\\\")\" } { printf \"%d:\", NF; for (i = 1; i <= NF; i++) printf \"[%s]\", $i; print \"\" }");
    CMD_EXPECT(&t, cmd_awk, "abc  de f\nabcdefgh\n", "[ab][c  ][de f]\n[ab][cde][fgh]\n", "awk",
               "BEGIN { FIELDWIDTHS = \"2 3 *\" } { for (i = 1; i <= NF; i++) printf \"[%s]\", $i; print \"\" }");
    CMD_EXPECT(&t, cmd_awk, NULL, "2 a b | ; ,, ;\n", "awk",
               "BEGIN { n = patsplit(\";a,,b;\", a, /[^,;]+/, s); print n, a[1], a[2], \"|\", s[0], s[1], s[2] }");
    /* FS assigned after FPAT switches back to field separators */
    CMD_EXPECT(&t, cmd_awk, "x,y\n", "2 y\n", "awk", "BEGIN { FPAT = \"[a-z]\"; FS = \",\" } { print NF, $2 }");
    /* arrays of arrays */
    CMD_EXPECT(&t, cmd_awk, "a x 1\na y 2\nb x 3\n", "a x 1\na y 2\nb x 3\n2 2 1\n", "awk",
               "{ s[$1][$2] += $3 } END { for (i in s) for (j in s[i]) print i, j, s[i][j];"
               " print length(s), length(s[\"a\"]), isarray(s[\"b\"]) }");
    CMD_EXPECT(&t, cmd_awk, NULL, "1 0\n3 b\n", "awk",
               "BEGIN { a[1][1] = 1; a[1][2] = 2; delete a[1][1]; printf \"%d \", length(a[1]); delete a[1]; print length(a);"
               " n = split(\"a b c\", x[\"k\"]); print n, x[\"k\"][2] }");
    CMD_EXPECT(&t, cmd_awk, NULL, "2 2\n", "awk",
               "function f(arr) { arr[\"new\"] = 1; return length(arr) } BEGIN { a[1][0]; print f(a[1]), length(a[1]) }");
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { a[1][1] = 1; print a[1] }");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "BEGIN { a[1] = 1; a[1][1] = 2 }");
    CHECK_INT(t.status, 2);
    /* IGNORECASE affects regex matching */
    CMD_EXPECT(&t, cmd_awk, "Foo\nbar\n", "Foo\n", "awk", "BEGIN { IGNORECASE = 1 } /foo/");
    /* length(array), delete array, `in` with multiple subscripts */
    CMD_EXPECT(&t, cmd_awk, NULL, "2 yes 0\n", "awk",
               "BEGIN { a[1, \"x\"] = 1; a[2, \"y\"] = 2; printf \"%d %s \", length(a), ((2, \"y\") in a) ? \"yes\" : \"no\"; delete a; print length(a) }");
    cmdtest_free(&t);
}

TEST(cmd_awk_idioms)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "keys", "b\nc\n");
    cmdtest_file(&t, "data", "a 1\nb 2\nc 3\n");
    /* two-file join */
    CMD_EXPECT(&t, cmd_awk, NULL, "b 2\nc 3\n", "awk", "FNR == NR { k[$1]; next } $1 in k", "keys", "data");
    /* dedupe */
    CMD_EXPECT(&t, cmd_awk, "x\ny\nx\nz\ny\n", "x\ny\nz\n", "awk", "!seen[$0]++");
    /* reverse fields */
    CMD_EXPECT(&t, cmd_awk, "a b c\n", "c b a\n", "awk", "{ for (i = NF; i > 0; i--) printf \"%s%s\", $i, (i > 1 ? OFS : ORS) }");
    /* sum a column of a CSV with a header */
    CMD_EXPECT(&t, cmd_awk, "name,qty\na,2\nb,5\n", "7\n", "awk", "-F,", "NR > 1 { s += $2 } END { print s }");
    /* word frequency, sorted output through the default order */
    CMD_EXPECT(&t, cmd_awk, "the cat the dog\nthe end\n", "cat 1\ndog 1\nend 1\nthe 3\n", "awk",
               "{ for (i = 1; i <= NF; i++) w[$i]++ } END { for (k in w) print k, w[k] }");
    /* printf tables */
    CMD_EXPECT(&t, cmd_awk, "apple 3 1.5\nkiwi 12 0.25\n", "apple      3   1.50\nkiwi      12   0.25\n", "awk",
               "{ printf \"%-8s %3d %6.2f\\n\", $1, $2, $3 }");
    /* range patterns */
    CMD_EXPECT(&t, cmd_awk, "a\nSTART\nb\nEND\nc\nSTART\nd\n", "START\nb\nEND\nSTART\nd\n", "awk", "/START/,/END/");
    /* paragraph mode */
    CMD_EXPECT(&t, cmd_awk, "n1\na1\n\n\nn2\na2\n", "n1|a1\nn2|a2\n", "awk", "BEGIN { RS = \"\"; FS = \"\\n\" } { print $1 \"|\" $2 }");
    /* getline from stdin by name while reading a file */
    CMD_EXPECT(&t, cmd_awk, "from stdin\n", "a 1 / from stdin\n", "awk", "NR == 1 { getline l < \"-\"; print $0, \"/\", l }", "data");
    /* numeric output: integers exactly, others with OFMT */
    CMD_EXPECT(&t, cmd_awk, NULL, "9007199254740992 0.333333 1000000 1000000 3.14\n", "awk",
               "BEGIN { x = 2^53; printf \"%d \", x + 1; OFMT = \"%.2f\"; printf \"%s \", 1/3; print 1e6 \"\" , 1e6, 3.14159 }");
    cmdtest_free(&t);
}

/* ---- commands through the shell hook (a fake shell that knows three commands) --- */

/* Like the shell's hook: the script runs with c->fds (not c->out). */
static int fake_script_fds(sk_cmd *c, const char *script, size_t len);

static int fake_script(sk_cmd *c0, const char *script, size_t len, const char *name, int argc, char **argv)
{
    (void)name; (void)argc; (void)argv;
    sk_cmd c;
    sk_cmd_init(&c, c0->run, c0->fds, "sh");
    c.cwd = c0->cwd;
    c.lim = c0->lim;
    int st = fake_script_fds(&c, script, len);
    cmd_finish(&c, st);
    return st;
}

static int fake_script_fds(sk_cmd *c, const char *script, size_t len)
{
    if (len == 4 && !memcmp(script, "sort", 4)) {
        sk_buf all = SK_BUF_INIT(c->a);
        cmd_read_all(c, "-", &all);
        /* sort lines (insertion sort is plenty here) */
        const char *lines[64];
        size_t lens[64];
        int n = 0;
        size_t st = 0;
        for (size_t i = 0; i < all.len && n < 64; i++)
            if (all.p[i] == '\n') { lines[n] = all.p + st; lens[n++] = i - st; st = i + 1; }
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0; j--) {
                size_t m = lens[j] < lens[j - 1] ? lens[j] : lens[j - 1];
                int r = memcmp(lines[j], lines[j - 1], m);
                if (r > 0 || (r == 0 && lens[j] >= lens[j - 1])) break;
                const char *tp = lines[j]; lines[j] = lines[j - 1]; lines[j - 1] = tp;
                size_t tl = lens[j]; lens[j] = lens[j - 1]; lens[j - 1] = tl;
            }
        for (int i = 0; i < n; i++) { sk_out_write(&c->out, lines[i], lens[i]); sk_out_putc(&c->out, '\n'); }
        sk_buf_free(&all);
        return 0;
    }
    if (len > 5 && !memcmp(script, "echo ", 5)) {
        sk_out_write(&c->out, script + 5, len - 5);
        sk_out_putc(&c->out, '\n');
        return 0;
    }
    if (len > 5 && !memcmp(script, "exit ", 5)) return script[5] - '0';
    return 127;
}

static int64_t fixed_clock(void *ud)
{
    (void)ud;
    return INT64_C(1700000000) * 1000000000;   /* 2023-11-14 22:13:20 UTC */
}

static void run_hooked(cmdtest *t, const char *in, const char *prog)
{
    char *envp[] = { "HOME=/home/sandbox", "GREETING=hello world", "N=10", NULL };
    sk_buf_clear(&t->out);
    sk_buf_clear(&t->err);
    sk_fdtab fds;
    sk_fdtab_init(&fds, &t->a);
    sk_fdtab_set(&fds, &t->a, 0, sk_stream_mem(&t->run, in, strlen(in), 0), SK_RD);
    sk_fdtab_set(&fds, &t->a, 1, sk_stream_buf(&t->run, &t->out), SK_WR);
    sk_fdtab_set(&fds, &t->a, 2, sk_stream_buf(&t->run, &t->err), SK_WR);
    sk_cmd c;
    sk_cmd_init(&c, &t->run, &fds, "awk");
    c.cwd = "/home/user";
    c.lim = &t->lim;
    c.script = fake_script;
    c.envp = envp;
    c.now_ns = fixed_clock;
    char *argv[] = { "awk", (char *)prog, NULL };
    t->status = cmd_finish(&c, cmd_awk(&c, 2, argv));
    sk_fdtab_free(&fds, &t->a);
}

TEST(cmd_awk_commands)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    /* print | cmd: the text is the command's stdin when the pipe closes */
    run_hooked(&t, "c\na\nb\n", "{ print | \"sort\" } END { print \"before close\"; close(\"sort\"); print \"after\" }");
    CHECK_STR(sk_buf_cstr(&t.out), "before close\na\nb\nc\nafter\n");
    /* unclosed pipes run at the end, after awk's own output */
    run_hooked(&t, "2\n1\n", "{ print | \"sort\" } END { print \"end\" }");
    CHECK_STR(sk_buf_cstr(&t.out), "end\n1\n2\n");
    /* cmd | getline, and close() returning the status */
    run_hooked(&t, "", "BEGIN { \"echo hi there\" | getline; print $2, NF, NR; r = (\"echo x\" | getline v); print v, r;"
                       " print (\"echo x\" | getline v), close(\"echo x\") }");
    CHECK_STR(sk_buf_cstr(&t.out), "there 2 1\nx 1\n0 0\n");
    /* system() returns the exit status; output order is kept */
    run_hooked(&t, "", "BEGIN { printf \"a \"; r = system(\"echo b\"); print \"c\", r; print system(\"exit 3\") }");
    CHECK_STR(sk_buf_cstr(&t.out), "a b\nc 0\n3\n");
    /* ENVIRON is the exported environment; values are strnums */
    run_hooked(&t, "", "BEGIN { print ENVIRON[\"GREETING\"], (ENVIRON[\"N\"] > 9), length(ENVIRON) }");
    CHECK_STR(sk_buf_cstr(&t.out), "hello world 1 3\n");
    /* the clock is the sandbox's */
    run_hooked(&t, "", "BEGIN { print systime(); print strftime(\"%Y-%m-%d %H:%M:%S\"); srand(); print srand() }");
    CHECK_STR(sk_buf_cstr(&t.out), "1700000000\n2023-11-14 22:13:20\n1700000000\n");
    cmdtest_free(&t);
}

/* gawk -i inplace: each file's output replaces it; BEGIN/END go to stdout */
TEST(cmd_awk_inplace)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "a.txt", "one\ntwo\n");
    cmdtest_file(&t, "b.txt", "three\n");
    CMD_EXPECT(&t, cmd_awk, NULL, "begin\nend 3\n", "awk", "-i", "inplace",
               "BEGIN { print \"begin\" } { print toupper($0) } ENDFILE { print \"--\" } END { print \"end\", NR }",
               "a.txt", "b.txt");
    CMD_EXPECT(&t, cmd_awk, NULL, "ONE\nTWO\n--\n", "awk", "1", "a.txt");
    CMD_EXPECT(&t, cmd_awk, NULL, "THREE\n--\n", "awk", "1", "b.txt");
    /* nextfile keeps what was printed so far */
    CMD_EXPECT(&t, cmd_awk, NULL, "", "awk", "--include=inplace", "{ print; nextfile }", "a.txt");
    CMD_EXPECT(&t, cmd_awk, NULL, "ONE\n", "awk", "1", "a.txt");
    cmdtest_free(&t);
}
