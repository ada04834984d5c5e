/* test_cmd_text_nl.c — nl: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("nl", cmd_nl, "");

static void nl_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f", "one\ntwo\n", 8, 0644);
}

TEST(cmd_text_nl_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    nl_files(&t);
    TX(&t, cmd_nl, "", "", 0, "", "nl");
    TX(&t, cmd_nl, "a\nb\n", "  1\ta\n  2\tb\n", 0, "", "nl", "-w", "3");
    TX(&t, cmd_nl, "a\nb\nc\n", "     1\ta\n     3\tb\n     5\tc\n", 0, "", "nl", "-i", "2");
    TX(&t, cmd_nl, "a\nb\nc\n", "    10\ta\n    11\tb\n    12\tc\n", 0, "", "nl", "-v", "10");
    TX(&t, cmd_nl, "hello\n", "     1\thello\n", 0, "", "nl");
    TX(&t, cmd_nl, "hello\n\nworld\n", "     1\thello\n       \n     2\tworld\n", 0, "", "nl");
    TX(&t, cmd_nl, "hello\n\nworld\n", "     1\thello\n     2\t\n     3\tworld\n", 0, "", "nl", "-b", "a");
    TX(&t, cmd_nl, "hello\nworld\n", "       hello\n       world\n", 0, "", "nl", "-b", "n");
    TX(&t, cmd_nl, "hello\nworld\n", "1     \thello\n2     \tworld\n", 0, "", "nl", "-n", "ln");
    TX(&t, cmd_nl, "hello\nworld\n", "000001\thello\n000002\tworld\n", 0, "", "nl", "-n", "rz");
    TX(&t, cmd_nl, "hello\nworld\n", "     1: hello\n     2: world\n", 0, "", "nl", "-s", ": ");
    TX(&t, cmd_nl, "x\ny\nz\n", "0005\tx\n0008\ty\n0011\tz\n", 0, "", "nl", "-b", "a", "-n", "rz", "-w", "4", "-v", "5", "-i", "3");
    TX(&t, cmd_nl, "a\n", "-00005\ta\n", 0, "", "nl", "-n", "rz", "-v", "-5");
    TX(&t, cmd_nl, "a\n", "-5    |a\n", 0, "", "nl", "-n", "ln", "-v", "-5", "-s|");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid body numbering style: 'x'\nTry 'nl --help' for more information.\n", "nl", "-b", "x");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid line numbering format: 'x'\nTry 'nl --help' for more information.\n", "nl", "-n", "x");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid line number field width: '0': Numerical result out of range\n", "nl", "-w", "0");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid line number increment: 'x'\n", "nl", "-i", "x");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid starting line number: 'x'\n", "nl", "-v", "x");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid line number of blank lines: '0': Numerical result out of range\n", "nl", "-l", "0");
    TX(&t, cmd_nl, "a\n\n\n\n\nb\n", "     1\ta\n       \n     2\t\n       \n     3\t\n     4\tb\n", 0, "", "nl", "-b", "a", "-l", "2");
    TX(&t, cmd_nl, "h1\n\\:\\:\\:\nhead\n\\:\\:\nbody\n\n\\:\nfoot\n\\:\\:\\:\nh2\n\\:\\:\nb2\n", "     1\th1\n\n     1\thead\n\n     1\tbody\n       \n\n     1\tfoot\n\n     1\th2\n\n     1\tb2\n", 0, "", "nl", "-h", "a", "-f", "t");
    TX(&t, cmd_nl, "h1\n\\:\\:\\:\nhead\n\\:\\:\nbody\n\n\\:\nfoot\n\\:\\:\\:\nh2\n\\:\\:\nb2\n", "     1\th1\n\n     2\thead\n\n     3\tbody\n       \n\n     4\tfoot\n\n     5\th2\n\n     6\tb2\n", 0, "", "nl", "-h", "a", "-f", "t", "-p");
    TX(&t, cmd_nl, "x", "     1\tx\n", 0, "", "nl");
    TX(&t, cmd_nl, "abc\nxyz\nab\n", "     1\tabc\n       xyz\n     2\tab\n", 0, "", "nl", "-b", "p^a");
    cmdtest_free(&t);
}

TEST(cmd_text_nl_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    nl_files(&t);
    TX(&t, cmd_nl, "abc\nxyz\nab\n", "     1\tabc\n     2\txyz\n     3\tab\n", 0, "", "nl", "-bpb\\|z");
    TX(&t, cmd_nl, "a\n@@@\nb\n@:@:\nc\n", "     1\ta\n     2\t@@@\n     3\tb\n\n     1\tc\n", 0, "", "nl", "-d", "@");
    TX(&t, cmd_nl, "a\nxyxy\nb\n", "     1\ta\n\n     1\tb\n", 0, "", "nl", "-d", "xy");
    TX(&t, cmd_nl, "a\n\\:\nb\n", "     1\ta\n     2\t\\:\n     3\tb\n", 0, "", "nl", "-d", "");
    TX(&t, cmd_nl, "a\n", "123\ta\n", 0, "", "nl", "-w", "1", "-v", "123");
    TX(&t, cmd_nl, "a\n", "                             1\ta\n", 0, "", "nl", "-w", "30");
    TX(&t, cmd_nl, "", "     1\tone\n     2\ttwo\n     3\tone\n     4\ttwo\n", 0, "", "nl", "f", "f");
    TX(&t, cmd_nl, "q\n", "     1\tone\n     2\ttwo\n     3\tq\n", 1, "nl: nofile: No such file or directory\n", "nl", "f", "-", "nofile");
    TX(&t, cmd_nl, "a\nb\n", "     1\ta\n     1\tb\n", 0, "", "nl", "-ba", "-i", "0");
    TX(&t, cmd_nl, "", "", 1, "nl: invalid option -- 'x'\nTry 'nl --help' for more information.\n", "nl", "-x");
    cmdtest_free(&t);
}

