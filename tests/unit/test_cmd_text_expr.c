/* test_cmd_text_expr.c — expr: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("expr", cmd_expr, "");

static void expr_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_expr_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    expr_files(&t);
    TX(&t, cmd_expr, "", "5\n", 0, "", "expr", "2", "+", "3");
    TX(&t, cmd_expr, "", "7\n", 0, "", "expr", "10", "-", "3");
    TX(&t, cmd_expr, "", "20\n", 0, "", "expr", "4", "*", "5");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "10", "/", "3");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "10", "%", "3");
    TX(&t, cmd_expr, "", "5\n", 0, "", "expr", "length", "hello");
    TX(&t, cmd_expr, "", "ell\n", 0, "", "expr", "substr", "hello", "2", "3");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "abc", "=", "abc");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "abc", "!=", "def");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "3", "<", "5");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "hello", ":", "hel");
    TX(&t, cmd_expr, "", "", 2, "expr: missing operand\nTry 'expr --help' for more information.\n", "expr");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "0", "+", "0");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: missing argument after '+'\n", "expr", "1", "+");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: missing argument after '+'\n", "expr", "1", "+", "+");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: expecting ')' after '1'\n", "expr", "(", "1");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: expecting ')' after '2'\n", "expr", "(", "1", "+", "2");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: unexpected ')'\n", "expr", ")", "1");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: unexpected argument '2'\n", "expr", "1", "2");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "abc", ":", "^a");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "abc", ":", "a*");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "abc", ":", "\\(b\\)");
    TX(&t, cmd_expr, "", "c\n", 0, "", "expr", "abc", ":", ".*\\(c\\)");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "abc", ":", "x\\(c\\)");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "abc", ":", "b");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_expr_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    expr_files(&t);
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "1", "|", "0");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "0", "|", "0");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "", "|", "0");
    TX(&t, cmd_expr, "", "x\n", 0, "", "expr", "0", "|", "x");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "a", "&", "0");
    TX(&t, cmd_expr, "", "a\n", 0, "", "expr", "a", "&", "b");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "0", "&", "x");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "2", "<", "10");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "a", "<", "b");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "10", "<", "9");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "-5", "<", "3");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "1", "=", "01");
    TX(&t, cmd_expr, "", "100000000000000000000\n", 0, "", "expr", "99999999999999999999", "+", "1");
    TX(&t, cmd_expr, "", "-3\n", 0, "", "expr", "-7", "/", "2");
    TX(&t, cmd_expr, "", "-1\n", 0, "", "expr", "-7", "%", "2");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "7", "%", "-2");
    TX(&t, cmd_expr, "", "", 2, "expr: division by zero\n", "expr", "1", "/", "0");
    TX(&t, cmd_expr, "", "", 2, "expr: division by zero\n", "expr", "5", "%", "0");
    TX(&t, cmd_expr, "", "", 2, "expr: non-integer argument\n", "expr", "a", "+", "1");
    TX(&t, cmd_expr, "", "5\n", 0, "", "expr", "length", "abcde");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: missing argument after 'length'\n", "expr", "length");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "substr", "hello", "0", "2");
    TX(&t, cmd_expr, "", "ello\n", 0, "", "expr", "substr", "hello", "2", "100");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "substr", "hello", "x", "2");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "substr", "hello", "-1", "2");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_expr_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    expr_files(&t);
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "index", "hello", "l");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "index", "hello", "xyz");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "index", "hello", "ol");
    TX(&t, cmd_expr, "", "b\n", 0, "", "expr", "match", "abc", "a\\(.\\)");
    TX(&t, cmd_expr, "", "length\n", 0, "", "expr", "+", "length");
    TX(&t, cmd_expr, "", "6\n", 0, "", "expr", "length", "+", "length");
    TX(&t, cmd_expr, "", "2\n", 0, "", "expr", "--", "1", "+", "1");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "abc", ":", "a\\(a\\)\\|b");
    TX(&t, cmd_expr, "", "", 2, "expr: Unmatched ( or \\(\n", "expr", "a", ":", "\\(");
    TX(&t, cmd_expr, "", "", 2, "expr: Invalid regular expression\n", "expr", "a", ":", "[");
    TX(&t, cmd_expr, "", "5\n", 0, "", "expr", "000", "|", "5");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "-0", "&", "1");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "", "=", "");
    TX(&t, cmd_expr, "", "2\n", 0, "", "expr", "1", "-", "-1");
    TX(&t, cmd_expr, "", "14\n", 0, "", "expr", "3", "*", "4", "+", "2");
    TX(&t, cmd_expr, "", "14\n", 0, "", "expr", "2", "+", "3", "*", "4");
    TX(&t, cmd_expr, "", "20\n", 0, "", "expr", "(", "2", "+", "3", ")", "*", "4");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "5", ">=", "5");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "5", "!=", "5");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "x", ":", "");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "2", "+", "01");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "+", "1");
    TX(&t, cmd_expr, "", "", 2, "expr: non-integer argument\n", "expr", " 1", "+", "1");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "1", "==", "1");
    TX(&t, cmd_expr, "", "1\n", 0, "", "expr", "a", ">", "");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_expr_4)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    expr_files(&t);
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "3", "<", "20", "<", "1");
    TX(&t, cmd_expr, "", "121932631137021795226185032733622923332237463801111263526900\n", 0, "", "expr", "123456789012345678901234567890", "*", "987654321098765432109876543210");
    TX(&t, cmd_expr, "", "12499999887343749990\n", 0, "", "expr", "123456789012345678901234567890", "/", "9876543210");
    TX(&t, cmd_expr, "", "-1562499990\n", 0, "", "expr", "-123456789012345678901234567890", "%", "9876543210");
    TX(&t, cmd_expr, "", "-5\n", 0, "", "expr", "5", "-", "10");
    TX(&t, cmd_expr, "", "-15\n", 0, "", "expr", "-5", "+", "-10");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "0", "-", "0");
    TX(&t, cmd_expr, "", "-3\n", 0, "", "expr", "10", "/", "-3");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "-10", "/", "-3");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: unexpected argument ')'\n", "expr", "(", "1", ")", ")");
    TX(&t, cmd_expr, "", "", 2, "expr: syntax error: unexpected ')'\n", "expr", "(", ")");
    TX(&t, cmd_expr, "", "foo\n", 0, "", "expr", "foo.txt", ":", "\\(.*\\)\\.txt");
    TX(&t, cmd_expr, "", "txt\n", 0, "", "expr", "foo.txt", ":", ".*\\.\\(.*\\)");
    TX(&t, cmd_expr, "", "abc\n", 0, "", "expr", "abcabc", ":", "\\(abc\\)*");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "a+b", ":", "a+b");
    TX(&t, cmd_expr, "", "2\n", 0, "", "expr", "aab", ":", "a\\{2\\}");
    TX(&t, cmd_expr, "", "2\n", 0, "", "expr", "aab", ":", "a\\+");
    TX(&t, cmd_expr, "", "\n", 1, "", "expr", "ab", ":", "\\(x\\)*");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "", ":", "");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "a.b", ":", "a.b");
    TX(&t, cmd_expr, "", "2\n", 0, "", "expr", "*x", ":", "*x");
    TX(&t, cmd_expr, "", "5\n", 0, "", "expr", "length", "h\xc3\xa9llo");
    TX(&t, cmd_expr, "", "\xc3\xa9llo\n", 0, "", "expr", "substr", "h\xc3\xa9llo w\xc3\xb6rld", "2", "4");
    TX(&t, cmd_expr, "", "2\n", 0, "", "expr", "index", "h\xc3\xa9llo", "l\xc3\xa9");
    TX(&t, cmd_expr, "", "3\n", 0, "", "expr", "h\xc3\xa9llo", ":", "h.l");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_expr_5)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    expr_files(&t);
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "abc", ":", "a\\\\|ab");
    TX(&t, cmd_expr, "", "0\n", 1, "", "expr", "abcd", ":", "\\\\(ab\\\\|abc\\\\)");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

