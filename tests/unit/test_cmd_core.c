/* test_cmd_core.c — cat, head, tr, yes run directly (no shell). */
#include "test.h"
#include "cmdtest.h"

SK_CMD("cat", cmd_cat, "");
SK_CMD("head", cmd_head, "");
SK_CMD("tr", cmd_tr, "");
SK_CMD("yes", cmd_yes, "");

TEST(cmd_cat_basic)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "a.txt", "one\ntwo\n\n\nthree");
    CMD_EXPECT(&t, cmd_cat, "in\n", "in\n", "cat");
    CMD_EXPECT(&t, cmd_cat, "in\n", "one\ntwo\n\n\nthreein\n", "cat", "a.txt", "-");
    CMD_EXPECT(&t, cmd_cat, NULL, "     1\tone\n     2\ttwo\n     3\t\n     4\t\n     5\tthree", "cat", "-n", "a.txt");
    CMD_EXPECT(&t, cmd_cat, NULL, "     1\tone\n     2\ttwo\n\n\n     3\tthree", "cat", "-b", "a.txt");
    CMD_EXPECT(&t, cmd_cat, NULL, "one\ntwo\n\nthree", "cat", "-s", "a.txt");
    CMD_EXPECT(&t, cmd_cat, "a\tb\n", "a^Ib$\n", "cat", "-A");
    CMD_EXPECT(&t, cmd_cat, NULL, "", "cat", "/etc/passwd");
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "cat: /etc/passwd: No such file or directory\n");
    CMD_EXPECT(&t, cmd_cat, NULL, "", "cat", "/tmp");
    CHECK_STR(sk_buf_cstr(&t.err), "cat: /tmp: Is a directory\n");
    CMD_EXPECT(&t, cmd_cat, NULL, "", "cat", "-z");
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n");
    cmdtest_free(&t);
}

TEST(cmd_cat_sandbox_path_clamped)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_cat, NULL, "", "cat", "../../../../etc/hostname");
    CHECK_STR(sk_buf_cstr(&t.err), "cat: ../../../../etc/hostname: No such file or directory\n");
    cmdtest_file(&t, "/etc/hostname", "inside\n");
    CMD_EXPECT(&t, cmd_cat, NULL, "inside\n", "cat", "../../../../etc/hostname");
    cmdtest_free(&t);
}

TEST(cmd_head_variants)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    const char *in = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
    CMD_EXPECT(&t, cmd_head, in, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "head");
    CMD_EXPECT(&t, cmd_head, in, "1\n2\n", "head", "-n", "2");
    CMD_EXPECT(&t, cmd_head, in, "1\n2\n3\n", "head", "-3");
    CMD_EXPECT(&t, cmd_head, in, "1\n2\n", "head", "-n2");
    CMD_EXPECT(&t, cmd_head, in, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "head", "-n", "-2");
    CMD_EXPECT(&t, cmd_head, "abc\n", "ab", "head", "-c", "2");
    CMD_EXPECT(&t, cmd_head, "abcdef", "abcd", "head", "-c", "-2");
    CMD_EXPECT(&t, cmd_head, "a\nb", "a\n", "head", "-n", "-1");
    cmdtest_file(&t, "f1", "x\n");
    cmdtest_file(&t, "f2", "y\n");
    CMD_EXPECT(&t, cmd_head, NULL, "==> f1 <==\nx\n\n==> f2 <==\ny\n", "head", "f1", "f2");
    CMD_EXPECT(&t, cmd_head, NULL, "x\ny\n", "head", "-q", "f1", "f2");
    CMD_EXPECT(&t, cmd_head, NULL, "", "head", "-n", "abc");
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "head: invalid number of lines: 'abc'\n");
    cmdtest_free(&t);
}

TEST(cmd_tr_variants)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_tr, "hello\n", "HELLO\n", "tr", "a-z", "A-Z");
    CMD_EXPECT(&t, cmd_tr, "hello\n", "HELLO\n", "tr", "[:lower:]", "[:upper:]");
    CMD_EXPECT(&t, cmd_tr, "hello world\n", "hll wrld\n", "tr", "-d", "aeiou");
    CMD_EXPECT(&t, cmd_tr, "aaabbbccc\n", "abc\n", "tr", "-s", "a-c");
    CMD_EXPECT(&t, cmd_tr, "a1b2c3\n", "123", "tr", "-cd", "0-9");
    CMD_EXPECT(&t, cmd_tr, "abc\n", "xyy\n", "tr", "abc", "xy");
    CMD_EXPECT(&t, cmd_tr, "abc\n", "xyc\n", "tr", "-t", "abc", "xy");
    CMD_EXPECT(&t, cmd_tr, "a b  c\n", "a\nb\nc\n", "tr", "-s", " ", "\\n");
    CMD_EXPECT(&t, cmd_tr, "hello\n", "]]]]]\n", "tr", "a-z", "[*]");
    CMD_EXPECT(&t, cmd_tr, "hello\n", "*****\n", "tr", "a-z", "[**]");
    CMD_EXPECT(&t, cmd_tr, "hello\n", "yyyyy\n", "tr", "a-z", "x[y*]");
    CMD_EXPECT(&t, cmd_tr, "abc\n", "x\n", "tr", "-s", "a-c", "x");
    CMD_EXPECT(&t, cmd_tr, "hello\n", "", "tr");
    CHECK_STR(sk_buf_cstr(&t.err), "tr: missing operand\nTry 'tr --help' for more information.\n");
    cmdtest_free(&t);
}
