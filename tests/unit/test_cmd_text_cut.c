/* test_cmd_text_cut.c — cut: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("cut", cmd_cut, "");

static void cut_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "a:b:c\nd:e:f\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "f2", "x y z\n", 6, 0644);
}

TEST(cmd_text_cut_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    cut_files(&t);
    TX(&t, cmd_cut, "a,b,c\n1,2,3\n", "b\n2\n", 0, "", "cut", "-d,", "-f2");
    TX(&t, cmd_cut, "a,b,c\n1,2,3\n", "a,c\n1,3\n", 0, "", "cut", "-d,", "-f1,3");
    TX(&t, cmd_cut, "a:b:c:d\n", "a:b\n", 0, "", "cut", "-d:", "-f1-2");
    TX(&t, cmd_cut, "a,b,c\n", "", 1, "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n", "cut", "-d,");
    TX(&t, cmd_cut, "", "", 0, "", "cut", "-d,", "-f1");
    TX(&t, cmd_cut, "hello world\n", "hello\n", 0, "", "cut", "-c1-5");
    TX(&t, cmd_cut, "hello\n", "hlo\n", 0, "", "cut", "-c1,3,5");
    TX(&t, cmd_cut, "hello\n", "hel\n", 0, "", "cut", "-c-3");
    TX(&t, cmd_cut, "hello world\n", "world\n", 0, "", "cut", "-c7-");
    TX(&t, cmd_cut, "a:b:c:d:e\n", "a:b:c\n", 0, "", "cut", "-d:", "-f-3");
    TX(&t, cmd_cut, "a:b:c:d:e\n", "c:d:e\n", 0, "", "cut", "-d:", "-f3-");
    TX(&t, cmd_cut, "a,b,c,d\n", "a,c,d\n", 0, "", "cut", "-d,", "--complement", "-f2");
    TX(&t, cmd_cut, "a,b,c\n", "a-c\n", 0, "", "cut", "-d,", "-f1,3", "--output-delimiter=-");
    TX(&t, cmd_cut, "a\tb\tc\n", "b\n", 0, "", "cut", "-f2");
    TX(&t, cmd_cut, "a,b,c\nno delim\nx,y\n", "a\nx\n", 0, "", "cut", "-d,", "-f1", "-s");
    TX(&t, cmd_cut, "a,b\x00x,y\x00", "b\x00y\x00", 0, "", "cut", "-d,", "-f2", "-z");
    TX(&t, cmd_cut, "hello world\n", "hello\n", 0, "", "cut", "-b1-5");
    TX(&t, cmd_cut, "abcdefgh\n", "bc:efgh\n", 0, "", "cut", "-b", "2-3,5-", "--output-delimiter=:");
    TX(&t, cmd_cut, "abcdefgh\n", "bc:defgh\n", 0, "", "cut", "-b", "2-3,4-", "--output-delimiter=:");
    TX(&t, cmd_cut, "abcdefgh\n", "a\n", 0, "", "cut", "-b", "2-3,4-", "--output-delimiter=:", "--complement");
    TX(&t, cmd_cut, "abcdefgh\nxy\n\n", "acdgh\nx\n\n", 0, "", "cut", "-b", "1,3-4,7-");
    TX(&t, cmd_cut, "abcdefgh\nxy\n\n", "abefgh\nxy\n\n", 0, "", "cut", "-c", "3-4", "--complement");
    TX(&t, cmd_cut, "a\tb\tc\n", "a\tc\n", 0, "", "cut", "-f", "1 3");
    TX(&t, cmd_cut, "a\tb\tc", "", 1, "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n", "cut", "-f", "1,,3");
    TX(&t, cmd_cut, "a b c d\nno\n", "b c d\nno\n", 0, "", "cut", "-d", " ", "-f", "2-");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_cut_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    cut_files(&t);
    TX(&t, cmd_cut, "a b c d\nno", "\nno\n", 0, "", "cut", "-d", " ", "-f", "5");
    TX(&t, cmd_cut, "a b c d\nno", "\n", 0, "", "cut", "-d", " ", "-f", "5", "-s");
    TX(&t, cmd_cut, "a,,b,\n,\n", ",\n\n", 0, "", "cut", "-d,", "-f2,4");
    TX(&t, cmd_cut, "a,,b,\n,\n", "\x00\n\n", 0, "", "cut", "-d,", "-f2,4", "--output-delimiter=");
    TX(&t, cmd_cut, "abc\n", "abc\n", 0, "", "cut", "-d", "", "-f1");
    TX(&t, cmd_cut, "a\x00""b\nc\n", "b\nc\n", 0, "", "cut", "-d", "", "-f2");
    TX(&t, cmd_cut, "l1\nl2\nl3\n", "", 1, "cut: the delimiter must be a single character\nTry 'cut --help' for more information.\n", "cut", "-d", "\\n", "-f2");
    TX(&t, cmd_cut, "", "", 1, "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n", "cut");
    TX(&t, cmd_cut, "", "", 1, "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n", "cut", "-f0");
    TX(&t, cmd_cut, "", "", 1, "cut: byte/character positions are numbered from 1\nTry 'cut --help' for more information.\n", "cut", "-c0");
    TX(&t, cmd_cut, "", "", 1, "cut: invalid range with no endpoint: -\nTry 'cut --help' for more information.\n", "cut", "-f-");
    TX(&t, cmd_cut, "", "", 1, "cut: invalid decreasing range\nTry 'cut --help' for more information.\n", "cut", "-f3-1");
    TX(&t, cmd_cut, "", "", 1, "cut: invalid field value 'x'\nTry 'cut --help' for more information.\n", "cut", "-fx");
    TX(&t, cmd_cut, "", "", 1, "cut: invalid byte/character position 'x'\nTry 'cut --help' for more information.\n", "cut", "-cx");
    TX(&t, cmd_cut, "", "", 1, "cut: only one list may be specified\nTry 'cut --help' for more information.\n", "cut", "-f1", "-c1");
    TX(&t, cmd_cut, "", "", 1, "cut: an input delimiter may be specified only when operating on fields\nTry 'cut --help' for more information.\n", "cut", "-c1", "-d,");
    TX(&t, cmd_cut, "", "", 1, "cut: suppressing non-delimited lines makes sense\n\tonly when operating on fields\nTry 'cut --help' for more information.\n", "cut", "-c1", "-s");
    TX(&t, cmd_cut, "", "", 1, "cut: the delimiter must be a single character\nTry 'cut --help' for more information.\n", "cut", "-d", "ab", "-f1");
    TX(&t, cmd_cut, "", "", 1, "cut: nofile: No such file or directory\n", "cut", "-f1", "nofile");
    TX(&t, cmd_cut, "", "", 1, "cut: field number '99999999999999999999' is too large\nTry 'cut --help' for more information.\n", "cut", "-f", "99999999999999999999");
    TX(&t, cmd_cut, "", "", 1, "cut: invalid field range\nTry 'cut --help' for more information.\n", "cut", "-f1--2");
    TX(&t, cmd_cut, "", "a\nd\nx y z\n", 0, "", "cut", "-f", "1", "f1", "f2", "-d:");
    TX(&t, cmd_cut, "", "b\ne\nx y z\n", 0, "", "cut", "-f", "2", "-d", ":", "f1", "f2");
    TX(&t, cmd_cut, "x:y\n", "b\ne\ny\nx y z\n", 0, "", "cut", "-f", "2", "-d", ":", "f1", "-", "f2");
    TX(&t, cmd_cut, "", "", 1, "cut: /tmp: Is a directory\n", "cut", "-f1", "/tmp");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_cut_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    cut_files(&t);
    TX(&t, cmd_cut, "", "", 1, "cut: option '--bytes' requires an argument\nTry 'cut --help' for more information.\n", "cut", "--bytes");
    TX(&t, cmd_cut, "", "", 1, "cut: invalid option -- 'Q'\nTry 'cut --help' for more information.\n", "cut", "-f1", "-Q");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

