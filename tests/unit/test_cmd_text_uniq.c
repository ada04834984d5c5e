/* test_cmd_text_uniq.c — uniq: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("uniq", cmd_uniq, "");

static void uniq_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "in1", "a\na\nb\n", 6, 0644);
}

TEST(cmd_text_uniq_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    uniq_files(&t);
    TX(&t, cmd_uniq, "a\na\nb\nb\nb\nc\n", "a\nb\nc\n", 0, "", "uniq");
    TX(&t, cmd_uniq, "a\na\nb\n", "      2 a\n      1 b\n", 0, "", "uniq", "-c");
    TX(&t, cmd_uniq, "", "", 0, "", "uniq");
    TX(&t, cmd_uniq, "same\nsame\nsame", "same\n", 0, "", "uniq");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\n", "a\nc\n", 0, "", "uniq", "-d");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\n", "b\n", 0, "", "uniq", "-u");
    TX(&t, cmd_uniq, "a\nA\nb\nB\n", "a\nb\n", 0, "", "uniq", "-i");
    TX(&t, cmd_uniq, "x a\ny a\nx b\n", "x a\nx b\n", 0, "", "uniq", "-f1");
    TX(&t, cmd_uniq, "Hello\nhello\nHELLO\nWorld\n", "      3 Hello\n      1 World\n", 0, "", "uniq", "-ic");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "a\na\nc\nc\nc\n", 0, "", "uniq", "-D");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "a\na\n\nc\nc\nc\n", 0, "", "uniq", "--all-repeated=separate");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "\na\na\n\nc\nc\nc\n", 0, "", "uniq", "--all-repeated=prepend");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "a\na\n\nb\n\nc\nc\nc\n\nd\n", 0, "", "uniq", "--group");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "\na\na\n\nb\n\nc\nc\nc\n\nd\n\n", 0, "", "uniq", "--group=both");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "\na\na\n\nb\n\nc\nc\nc\n\nd\n", 0, "", "uniq", "--group=prepend");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "a\na\n\nb\n\nc\nc\nc\n\nd\n\n", 0, "", "uniq", "--group=append");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "      2 a\n      3 c\n", 0, "", "uniq", "-cd");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "      1 b\n      1 d\n", 0, "", "uniq", "-cu");
    TX(&t, cmd_uniq, "a\na\nb\nc\nc\nc\nd\n", "", 0, "", "uniq", "-du");
    TX(&t, cmd_uniq, "ab1\nab2\nac1\n", "ab1\nac1\n", 0, "", "uniq", "-w2");
    TX(&t, cmd_uniq, "ab1\nab2\nac1\n", "      2 ab1\n      1 ac1\n", 0, "", "uniq", "-w2", "-c");
    TX(&t, cmd_uniq, "xab\nyab\nzac\n", "xab\n", 0, "", "uniq", "-s1", "-w1");
    TX(&t, cmd_uniq, "  a  b\n\ta b\nq a c\n", "  a  b\n\ta b\nq a c\n", 0, "", "uniq", "-f1");
    TX(&t, cmd_uniq, "  a  b\n\ta b\nq a c\n", "      2   a  b\n      1 q a c\n", 0, "", "uniq", "-f2", "-c");
    TX(&t, cmd_uniq, "a b c\nd e c\n", "a b c\n", 0, "", "uniq", "-f", "5");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_uniq_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    uniq_files(&t);
    TX(&t, cmd_uniq, "a\x00""a\x00""b\x00", "      2 a\x00      1 b\x00", 0, "", "uniq", "-z", "-c");
    TX(&t, cmd_uniq, "a\na", "a\n", 0, "", "uniq");
    TX(&t, cmd_uniq, "a\nb", "      1 a\n      1 b\n", 0, "", "uniq", "-c");
    TX(&t, cmd_uniq, "aa\nab\nba\n", "aa\nab\n", 0, "", "uniq", "-D", "-w1");
    TX(&t, cmd_uniq, "", "", 1, "uniq: x: invalid number of fields to skip\n", "uniq", "-f", "x");
    TX(&t, cmd_uniq, "", "", 1, "uniq: -1: invalid number of bytes to skip\n", "uniq", "-s", "-1");
    TX(&t, cmd_uniq, "", "", 1, "uniq: x: invalid number of bytes to compare\n", "uniq", "-w", "x");
    TX(&t, cmd_uniq, "", "", 1, "uniq: printing all duplicated lines and repeat counts is meaningless\nTry 'uniq --help' for more information.\n", "uniq", "-Dc");
    TX(&t, cmd_uniq, "", "", 1, "uniq: --group is mutually exclusive with -c/-d/-D/-u\nTry 'uniq --help' for more information.\n", "uniq", "--group", "-c");
    TX(&t, cmd_uniq, "", "", 1, "uniq: extra operand 'c'\nTry 'uniq --help' for more information.\n", "uniq", "a", "b", "c");
    TX(&t, cmd_uniq, "", "", 1, "uniq: nofile: No such file or directory\n", "uniq", "nofile");
    TX(&t, cmd_uniq, "a\nb\n", "", 1, "uniq: /nonexist/x: No such file or directory\n", "uniq", "-", "/nonexist/x");
    TX(&t, cmd_uniq, "", "", 1, "uniq: invalid argument 'foo' for '--all-repeated'\nValid arguments are:\n  - 'none'\n  - 'prepend'\n  - 'separate'\nTry 'uniq --help' for more information.\n", "uniq", "--all-repeated=foo");
    TX(&t, cmd_uniq, "a b\nc b\n", "a b\n", 0, "", "uniq", "-1");
    TX(&t, cmd_uniq, "ab\ncb\n", "ab\n", 0, "", "uniq", "+1");
    TX(&t, cmd_uniq, "", "      2 a\n      1 b\n", 0, "", "uniq", "-c", "in1");
    TX(&t, cmd_uniq, "", "", 1, "uniq: invalid option -- 'x'\nTry 'uniq --help' for more information.\n", "uniq", "-x");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

