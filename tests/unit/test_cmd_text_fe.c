/* test_cmd_text_fe.c — expand, fold, unexpand: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("expand", cmd_expand, "");
SK_CMD("fold", cmd_fold, "");
SK_CMD("unexpand", cmd_unexpand, "");

static void fe_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_fe_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    fe_files(&t);
    TX(&t, cmd_fold, "hello world this is a long line of text for folding\n", "hello worl\nd this is \na long lin\ne of text \nfor foldin\ng\n", 0, "", "fold", "-w", "10");
    TX(&t, cmd_fold, "hello world this is a long line of text for folding\n", "hello \nworld \nthis is a \nlong line \nof text \nfor \nfolding\n", 0, "", "fold", "-w", "10", "-s");
    TX(&t, cmd_fold, "hello world this is a long line of text for folding", "hello world \nthis is a \nlong line \nof text for \nfolding", 0, "", "fold", "-s", "-w", "12");
    TX(&t, cmd_fold, "a\tb\tc\td\te\n", "a\tb\n\tc\n\td\n\te\n", 0, "", "fold", "-w", "10");
    TX(&t, cmd_fold, "a\tb\tc\td\te\n", "a\tb\tc\n\td\te\n", 0, "", "fold", "-b", "-w", "5");
    TX(&t, cmd_fold, "abc\x08""defgh\x0dijklmn\n", "abc\x08""de\nfgh\x0dijkl\nmn\n", 0, "", "fold", "-w", "4");
    TX(&t, cmd_fold, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxx\n", 0, "", "fold");
    TX(&t, cmd_fold, "aaaa bbbb cccc\n", "aaaa \nbbbb \ncccc\n", 0, "", "fold", "-5");
    TX(&t, cmd_fold, "aaaa bbbb cccc\n", "", 1, "fold: invalid number of columns: '0': Numerical result out of range\n", "fold", "-w", "0");
    TX(&t, cmd_fold, "aaaa bbbb cccc\n", "", 1, "fold: invalid number of columns: 'x'\n", "fold", "-w", "x");
    TX(&t, cmd_fold, "a  b   c    d\n", "a  \nb  \n c \n   \nd\n", 0, "", "fold", "-s", "-w", "3");
    TX(&t, cmd_fold, "\t\tx\n", "\t\n\t\nx\n", 0, "", "fold", "-w", "4");
    TX(&t, cmd_expand, "a\tb\n\tc\n", "a       b\n        c\n", 0, "", "expand");
    TX(&t, cmd_expand, "a\tb\n\tc\n", "a   b\n    c\n", 0, "", "expand", "-t", "4");
    TX(&t, cmd_expand, "a\tb\tc\td\n", "a b  c   d\n", 0, "", "expand", "-t", "2,5,9");
    TX(&t, cmd_expand, "a\tb\tc\td\te\n", "a b  c   d  e\n", 0, "", "expand", "-t", "2,5,/3");
    TX(&t, cmd_expand, "a\tb\tc\td\te\n", "a b  c  d  e\n", 0, "", "expand", "-t", "2,5,+3");
    TX(&t, cmd_expand, "\ta\tb\n  \tc\td\n", "        a\tb\n        c\td\n", 0, "", "expand", "-i");
    TX(&t, cmd_expand, "a\x08""b\tc\n", "a\x08""b   c\n", 0, "", "expand", "-t4");
    TX(&t, cmd_expand, "a\tb", "a  b", 0, "", "expand", "-3");
    TX(&t, cmd_expand, "", "", 1, "expand: tab size cannot be 0\n", "expand", "-t", "0");
    TX(&t, cmd_expand, "", "", 1, "expand: tab sizes must be ascending\n", "expand", "-t", "3,2");
    TX(&t, cmd_expand, "", "", 1, "expand: tab size contains invalid character(s): 'x'\n", "expand", "-t", "x");
    TX(&t, cmd_expand, "", "", 1, "expand: '/' specifier only allowed with the last value\n", "expand", "-t", "/3,4");
    TX(&t, cmd_unexpand, "        a       b\n", "\ta       b\n", 0, "", "unexpand");
    cmdtest_free(&t);
}

TEST(cmd_text_fe_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    fe_files(&t);
    TX(&t, cmd_unexpand, "        a       b\n", "\ta\tb\n", 0, "", "unexpand", "-a");
    TX(&t, cmd_unexpand, "    a   b\n", "\ta\tb\n", 0, "", "unexpand", "-t", "4");
    TX(&t, cmd_unexpand, "   x    y       z\n", "   x\ty\tz\n", 0, "", "unexpand", "-a");
    TX(&t, cmd_unexpand, "x       y\nab      c\n", "x\ty\nab\tc\n", 0, "", "unexpand", "-a");
    TX(&t, cmd_unexpand, "         a\n", "\t a\n", 0, "", "unexpand");
    TX(&t, cmd_unexpand, "  \t  x\n", "\t  x\n", 0, "", "unexpand");
    TX(&t, cmd_unexpand, "1234567 a       b\n", "1234567 a\tb\n", 0, "", "unexpand", "-a");
    TX(&t, cmd_unexpand, "1234567  a\n", "1234567\t a\n", 0, "", "unexpand", "-a");
    TX(&t, cmd_unexpand, "  a  b    c        d\n", "\ta\tb\t c        d\n", 0, "", "unexpand", "-t", "2,5,9", "-a");
    TX(&t, cmd_unexpand, "                    x\n", "\t\t\t           x\n", 0, "", "unexpand", "-t", "2,5,9");
    TX(&t, cmd_unexpand, "                    x\n", "\t\t\t\t\tx\n", 0, "", "unexpand", "-t", "4", "--first-only");
    TX(&t, cmd_unexpand, "a     b       \n", "a\t\tb\t\t  \n", 0, "", "unexpand", "-a", "-t", "3");
    TX(&t, cmd_unexpand, "\x08    x\n", "\x08\tx\n", 0, "", "unexpand", "-a", "-t", "4");
    TX(&t, cmd_unexpand, "", "", 1, "unexpand: invalid option -- 'x'\nTry 'unexpand --help' for more information.\n", "unexpand", "-x");
    TX(&t, cmd_unexpand, "\tb\t\x08""b\x08""bba \x08\t\x08 b   \t\n", "\tb\t\x08""b\x08""bba \x08\t\x08 b\t\t\n", 0, "", "unexpand", "-t", "2,+3");
    TX(&t, cmd_expand, "\tb\t\x08""b\x08""bba \x08\t\x08 b   \t\n", "  b  \x08""b\x08""bba \x08 \x08 b     \n", 0, "", "expand", "-t", "2,+3");
    TX(&t, cmd_fold, "\tb\t\x08""b\x08""bba \x08\t\x08 b   \t\n", "\tb\t\n\x08""b\x08""b\nba \n\x08\t\x08 \nb   \n\t\n", 0, "", "fold", "-w", "4", "-bs");
    TX(&t, cmd_unexpand, " a  b \t\t \x08\x08\t \x08\x08  \n", " a  b\t\t \x08\x08\t \x08\x08\t \n", 0, "", "unexpand", "-t", "2,+3");
    TX(&t, cmd_expand, " a  b \t\t \x08\x08\t \x08\x08  \n", " a  b \t\t \x08\x08\t \x08\x08  \n", 0, "", "expand", "-i");
    TX(&t, cmd_fold, " a  b \t\t \x08\x08\t \x08\x08  \n", " a \n b \n\t\n\t\n \x08\x08\n\t\n \x08\x08  \n", 0, "", "fold", "-w", "3");
    TX(&t, cmd_unexpand, "  \x08  \x08 \t\t abb  b \t\t \t\t  \t \t\n", "  \x08  \x08\t\t abb  b\t\t\t\t\t\t\t\n", 0, "", "unexpand", "-a", "-t", "4");
    TX(&t, cmd_expand, "  \x08  \x08 \t\t abb  b \t\t \t\t  \t \t\n", "  \x08  \x08       abb  b                 \n", 0, "", "expand", "-t", "2,+3");
    TX(&t, cmd_fold, "  \x08  \x08 \t\t abb  b \t\t \t\t  \t \t\n", " \n \n\x08\n \n \n\x08\n \n\t\n\t\n \na\nb\nb\n \n \nb\n \n\t\n\t\n \n\t\n\t\n \n \n\t\n \n\t\n", 0, "", "fold", "-w", "1", "-b");
    TX(&t, cmd_unexpand, "\t\t\n", "\t\t\n", 0, "", "unexpand", "-a", "-t", "4");
    TX(&t, cmd_expand, "\t\t\n", "     \n", 0, "", "expand", "-t", "2,5,9");
    cmdtest_free(&t);
}

TEST(cmd_text_fe_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    fe_files(&t);
    TX(&t, cmd_fold, "\t\t\n", "\t\n\t\n", 0, "", "fold", "-w", "6", "-s");
    TX(&t, cmd_unexpand, "\tb  \t b\t\x08\t a\x08\t\t\n", "\tb\t b\t\x08\t a\x08\t\t\n", 0, "", "unexpand", "-t", "3,/4");
    TX(&t, cmd_expand, "\tb  \t b\t\x08\t a\x08\t\t\n", "    b  \t b\t\x08\t a\x08\t\t\n", 0, "", "expand", "-i", "-t", "4");
    TX(&t, cmd_fold, "\tb  \t b\t\x08\t a\x08\t\t\n", "\t\nb\n \n \n\t\n \nb\n\t\n\x08\n\t\n \na\n\x08\n\t\n\t\n", 0, "", "fold", "-w", "1", "-bs");
    TX(&t, cmd_unexpand, "b\n", "b\n", 0, "", "unexpand", "-t", "3");
    TX(&t, cmd_expand, "b\n", "b\n", 0, "", "expand", "-i", "-t", "4");
    TX(&t, cmd_fold, "b\n", "b\n", 0, "", "fold", "-w", "4");
    TX(&t, cmd_unexpand, " \x08\t\ta\ta\t\x08\t ab\x08\x08\t\x08\t \t  \ta\n", " \x08\t\ta\ta\t\x08\t ab\x08\x08\t\x08\t \t  \ta\n", 0, "", "unexpand", "--first-only", "-t", "3");
    TX(&t, cmd_expand, " \x08\t\ta\ta\t\x08\t ab\x08\x08\t\x08\t \t  \ta\n", " \x08\t\ta\ta\t\x08\t ab\x08\x08\t\x08\t \t  \ta\n", 0, "", "expand", "-i");
    TX(&t, cmd_fold, " \x08\t\ta\ta\t\x08\t ab\x08\x08\t\x08\t \t  \ta\n", " \x08\t\ta\t\na\t\x08\t a\nb\x08\x08\t\x08\t\n \t  \ta\n", 0, "", "fold", "-w", "6", "-b");
    TX(&t, cmd_unexpand, "ba \tb\t\t \x08 b bb\t\t b  aa\t  ba\t\x08\n", "ba\tb\t\t \x08 b bb\t\t b\taa\t  ba\t\x08\n", 0, "", "unexpand", "-a", "-t", "4");
    TX(&t, cmd_expand, "ba \tb\t\t \x08 b bb\t\t b  aa\t  ba\t\x08\n", "ba   b     \x08 b bb   b  aa   ba \x08\n", 0, "", "expand", "-t", "2,5,9");
    TX(&t, cmd_fold, "ba \tb\t\t \x08 b bb\t\t b  aa\t  ba\t\x08\n", "ba \n\t\nb\n\t\n\t\n \x08 b \nbb\n\t\n\t\n b  \naa\n\t\n  \nba\n\t\x08\n", 0, "", "fold", "-w", "7", "-s");
    TX(&t, cmd_unexpand, "b\n", "b\n", 0, "", "unexpand");
    TX(&t, cmd_expand, "b\n", "b\n", 0, "", "expand", "-t", "2,+3");
    TX(&t, cmd_fold, "b\n", "b\n", 0, "", "fold", "-w", "8", "-b");
    TX(&t, cmd_unexpand, "  ba b\x08\t  \t\t  \x08\t\t \ta\x08 a\t\tb\n", "  ba b\x08\t  \t\t  \x08\t\t \ta\x08 a\t\tb\n", 0, "", "unexpand", "--first-only", "-t", "3");
    TX(&t, cmd_expand, "  ba b\x08\t  \t\t  \x08\t\t \ta\x08 a\t\tb\n", "  ba b\x08          \x08    a\x08 a  b\n", 0, "", "expand", "-t", "2,5,9");
    TX(&t, cmd_fold, "  ba b\x08\t  \t\t  \x08\t\t \ta\x08 a\t\tb\n", "  ba \nb\x08\t  \n\t\t  \x08\n\t\t \ta\n\x08 a\t\t\nb\n", 0, "", "fold", "-w", "5", "-b");
    TX(&t, cmd_unexpand, "\t  \t\x08""a b\t\x08\t  \t\t\n", "\t\t\x08""a b\t\x08\t  \t\t\n", 0, "", "unexpand", "--first-only", "-t", "3");
    TX(&t, cmd_expand, "\t  \t\x08""a b\t\x08\t  \t\t\n", "                \x08""a b      \x08                 \n", 0, "", "expand");
    TX(&t, cmd_fold, "\t  \t\x08""a b\t\x08\t  \t\t\n", "\t\n  \n\t\n\x08""a b\n\t\n\x08\n\t\n  \n\t\n\t\n", 0, "", "fold", "-w", "6");
    TX(&t, cmd_unexpand, "\t\tabb\t\x08\t\t\x08""bb\t\tb a\x08 \ta\x08\t\t\n", "\t\tabb\t\x08\t\t\x08""bb\t\tb a\x08\ta\x08\t\t\n", 0, "", "unexpand", "-a", "-t", "4");
    TX(&t, cmd_expand, "\t\tabb\t\x08\t\t\x08""bb\t\tb a\x08 \ta\x08\t\t\n", "     abb \x08  \x08""bb  b a\x08  a\x08  \n", 0, "", "expand", "-t", "2,5,9");
    TX(&t, cmd_fold, "\t\tabb\t\x08\t\t\x08""bb\t\tb a\x08 \ta\x08\t\t\n", "\t\tabb\n\t\x08\t\t\x08\nbb\t\tb\n a\x08 \t\na\x08\t\t\n", 0, "", "fold", "-w", "5", "-b");
    cmdtest_free(&t);
}

TEST(cmd_text_fe_4)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    fe_files(&t);
    TX(&t, cmd_unexpand, "\tb\tb\x08\t\t\x08 \x08\x08\n", "\tb\tb\x08\t\t\x08 \x08\x08\n", 0, "", "unexpand", "-t", "2,+3");
    TX(&t, cmd_expand, "\tb\tb\x08\t\t\x08 \x08\x08\n", "   b  b\x08      \x08 \x08\x08\n", 0, "", "expand", "-t", "3");
    TX(&t, cmd_fold, "\tb\tb\x08\t\t\x08 \x08\x08\n", "\t\nb\n\t\nb\x08\n\t\n\t\n\x08 \x08\x08\n", 0, "", "fold", "-w", "6", "-s");
    TX(&t, cmd_unexpand, "  \x08\t\x08\t\tb bbb\t a\x08\n", "  \x08\t\x08\t\tb bbb\t a\x08\n", 0, "", "unexpand", "-t", "3,/4");
    TX(&t, cmd_expand, "  \x08\t\x08\t\tb bbb\t a\x08\n", "  \x08  \x08    b bbb  a\x08\n", 0, "", "expand", "-t", "3");
    TX(&t, cmd_fold, "  \x08\t\x08\t\tb bbb\t a\x08\n", "  \x08\t\x08\t\tb \nbbb\t a\x08\n", 0, "", "fold", "-w", "9", "-b");
    TX(&t, cmd_unexpand, "   a\tab  \x08""b bb \t     \t \n", "\t a\tab\t \x08""b bb\t\t\t \n", 0, "", "unexpand", "-t", "2,+3");
    TX(&t, cmd_expand, "   a\tab  \x08""b bb \t     \t \n", "   a\tab  \x08""b bb \t     \t \n", 0, "", "expand", "-i");
    TX(&t, cmd_fold, "   a\tab  \x08""b bb \t     \t \n", "   a\ta\nb  \x08""b bb \t \n    \t \n", 0, "", "fold", "-w", "9");
    TX(&t, cmd_unexpand, "\t\t\tba a  b\t \t\n", "\t\t\tba a  b\t\t\n", 0, "", "unexpand", "-t", "3,/4");
    TX(&t, cmd_expand, "\t\t\tba a  b\t \t\n", "         ba a  b     \n", 0, "", "expand", "-t", "3");
    TX(&t, cmd_fold, "\t\t\tba a  b\t \t\n", "\t\n\t\n\t\nba a  b\n\t\n \n\t\n", 0, "", "fold", "-w", "7");
    TX(&t, cmd_unexpand, "\x08""a\t aa\t \taa\ta\t\t\x08 \t\t\x08""ab\n", "\x08""a\t aa\t \taa\ta\t\t\x08 \t\t\x08""ab\n", 0, "", "unexpand", "--first-only", "-t", "3");
    TX(&t, cmd_expand, "\x08""a\t aa\t \taa\ta\t\t\x08 \t\t\x08""ab\n", "\x08""a  aa      aa a  \x08   \x08""ab\n", 0, "", "expand", "-t", "2,5,9");
    TX(&t, cmd_fold, "\x08""a\t aa\t \taa\ta\t\t\x08 \t\t\x08""ab\n", "\x08""a\n\t\n \naa\n\t\n \n\t\naa\n\t\na\n\t\n\t\n\x08 \n\t\n\t\n\x08""ab\n", 0, "", "fold", "-w", "3", "-s");
    TX(&t, cmd_unexpand, "\ta\t  a \t\x08""b \t \taaa \t\n", "\ta\t  a\t\t\x08""b\t\taaa\t\t\n", 0, "", "unexpand", "-t", "3,/4");
    TX(&t, cmd_expand, "\ta\t  a \t\x08""b \t \taaa \t\n", "  a    a  \x08""b    aaa  \n", 0, "", "expand", "-t", "2,5,9");
    TX(&t, cmd_fold, "\ta\t  a \t\x08""b \t \taaa \t\n", "\t\na\n\t\n  a \n\t\n\x08""b \n\t\n \n\t\naaa \n\t\n", 0, "", "fold", "-w", "7", "-s");
    TX(&t, cmd_unexpand, "\t\tb\t\t\x08 aa\tb\t\t\t\t\n", "\t\tb\t\t\x08 aa\tb\t\t\t\t\n", 0, "", "unexpand");
    TX(&t, cmd_expand, "\t\tb\t\t\x08 aa\tb\t\t\t\t\n", "      b     \x08 aa b           \n", 0, "", "expand", "-t", "3");
    TX(&t, cmd_fold, "\t\tb\t\t\x08 aa\tb\t\t\t\t\n", "\t\tb\t\t\n\x08 aa\t\nb\t\t\t\t\n", 0, "", "fold", "-w", "5", "-bs");
    TX(&t, cmd_unexpand, "\t \t  ba\t \t \x08 \x08\t \taa\t \t\x08  \t\t\x08 \n", "\t\t  ba\t\t \x08 \x08\t\taa\t\t\x08\t\t\t\x08 \n", 0, "", "unexpand", "-a", "-t", "4");
    TX(&t, cmd_expand, "\t \t  ba\t \t \x08 \x08\t \taa\t \t\x08  \t\t\x08 \n", "        ba      \x08 \x08      aa    \x08       \x08 \n", 0, "", "expand", "-t", "3");
    TX(&t, cmd_fold, "\t \t  ba\t \t \x08 \x08\t \taa\t \t\x08  \t\t\x08 \n", "\t \t  ba\t\n \t \x08 \x08\t \n\taa\t \t\x08 \n \t\t\x08 \n", 0, "", "fold", "-w", "8", "-bs");
    cmdtest_free(&t);
}

