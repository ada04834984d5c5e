/* test_cmd_text_tail.c — tail: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("tail", cmd_tail, "");

static void tail_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f", "1\n2\n3\n4\n5\n", 10, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "g", "x\ny", 3, 0644);
}

TEST(cmd_text_tail_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    tail_files(&t);
    TX(&t, cmd_tail, "header\nline1\nline2\nline3\n", "line1\nline2\nline3\n", 0, "", "tail", "-n", "+2");
    TX(&t, cmd_tail, "first\nsecond\nthird\n", "third\n", 0, "", "tail", "-n", "1");
    TX(&t, cmd_tail, "a\nb\nc\nd\ne\n", "c\nd\ne\n", 0, "", "tail", "-n", "3");
    TX(&t, cmd_tail, "a\nb\nc\nd\ne\n", "d\ne\n", 0, "", "tail", "-2");
    TX(&t, cmd_tail, "a\nb\nc\n", "", 0, "", "tail", "-n", "0");
    TX(&t, cmd_tail, "a\nb\n", "a\nb\n", 0, "", "tail", "-n", "10");
    TX(&t, cmd_tail, "", "", 0, "", "tail");
    TX(&t, cmd_tail, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", 0, "", "tail");
    TX(&t, cmd_tail, "", "2\n3\n4\n5\n", 0, "", "tail", "+2", "f");
    TX(&t, cmd_tail, "", "4\n5\n", 0, "", "tail", "-2", "f");
    TX(&t, cmd_tail, "", "5\n", 0, "", "tail", "-2c", "f");
    TX(&t, cmd_tail, "", "2\n3\n4\n5\n", 0, "", "tail", "+3c", "f");
    TX(&t, cmd_tail, "", "2\n3\n4\n5\n", 0, "", "tail", "-c", "+3", "f");
    TX(&t, cmd_tail, "", "", 1, "tail: cannot open 'nofile' for reading: No such file or directory\n", "tail", "nofile");
    TX(&t, cmd_tail, "", "", 1, "tail: error reading '/tmp': Is a directory\n", "tail", "/tmp");
    TX(&t, cmd_tail, "", "", 1, "tail: invalid number of lines: 'x'\n", "tail", "-n", "x", "f");
    TX(&t, cmd_tail, "", "", 1, "tail: invalid number of bytes: 'x'\n", "tail", "-c", "x", "f");
    TX(&t, cmd_tail, "", "==> f <==\n1\n2\n3\n4\n5\n\n==> g <==\nx\ny", 0, "", "tail", "f", "g");
    TX(&t, cmd_tail, "", "y", 0, "", "tail", "-n", "1", "g");
    TX(&t, cmd_tail, "", "4\n5\n", 0, "", "tail", "-n", "-2", "f");
    TX(&t, cmd_tail, "", "1\n2\n3\n4\n5\n", 0, "", "tail", "-n", "+0", "f");
    TX(&t, cmd_tail, "", "", 0, "", "tail", "-c", "0", "f");
    TX(&t, cmd_tail, "a\x00""b\x00""c", "c", 0, "", "tail", "-z", "-n", "1");
    TX(&t, cmd_tail, "", "4\n5\n", 0, "", "tail", "-2l", "f");
    TX(&t, cmd_tail, "", "", 1, "tail: option used in invalid context -- 1\n", "tail", "-1", "f", "g");
    cmdtest_free(&t);
}

TEST(cmd_text_tail_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    tail_files(&t);
    TX(&t, cmd_tail, "x\ny", "==> f <==\n4\n5\n\n==> standard input <==\nx\ny\n==> g <==\nx\ny", 0, "", "tail", "-n2", "f", "-", "g");
    TX(&t, cmd_tail, "", "1\n2\n3\n4\n5\nx\ny", 0, "", "tail", "-q", "f", "g");
    TX(&t, cmd_tail, "", "==> g <==\nx\ny", 0, "", "tail", "-v", "g");
    TX(&t, cmd_tail, "abc\ndef", "ef", 0, "", "tail", "-c", "2");
    TX(&t, cmd_tail, "abc\ndef", "bc\ndef", 0, "", "tail", "-c", "+2");
    TX(&t, cmd_tail, "a\nb\nc", "b\nc", 0, "", "tail", "-n", "2");
    TX(&t, cmd_tail, "a\n\n\nb\n", "\nb\n", 0, "", "tail", "-n", "2");
    TX(&t, cmd_tail, "a\nb\nc\n", "", 0, "", "tail", "-n", "+5");
    TX(&t, cmd_tail, "", "1\n2\n3\n4\n5\n", 0, "", "tail", "-n", "1K", "f");
    TX(&t, cmd_tail, "", "", 1, "tail: invalid option -- 'x'\nTry 'tail --help' for more information.\n", "tail", "-x");
    TX(&t, cmd_tail, "", "==> f <==\n1\n2\n3\n4\n5\n", 1, "tail: cannot open 'nofile' for reading: No such file or directory\n", "tail", "nofile", "f");
    TX(&t, cmd_tail, "", "==> f <==\n1\n2\n3\n4\n5\n\n==> g <==\nx\ny", 1, "tail: cannot open 'nofile' for reading: No such file or directory\n", "tail", "f", "nofile", "g");
    cmdtest_free(&t);
}

