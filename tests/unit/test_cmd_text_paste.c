/* test_cmd_text_paste.c — paste: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("paste", cmd_paste, "");

static void paste_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "e", "", 0, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "l", "a\nb", 3, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "n", "1\n2\n3\n", 6, 0644);
}

TEST(cmd_text_paste_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    paste_files(&t);
    TX(&t, cmd_paste, "a\nb\nc\n", "a\tb\tc\n", 0, "", "paste", "-s");
    TX(&t, cmd_paste, "a\nb\nc\n", "a,b,c\n", 0, "", "paste", "-s", "-d", ",");
    TX(&t, cmd_paste, "a\nb\nc\n", "", 1, "paste: option requires an argument -- 'd'\nTry 'paste --help' for more information.\n", "paste", "-sd");
    TX(&t, cmd_paste, "a\nb\nc\n", "a,b,c\n", 0, "", "paste", "-sd,");
    TX(&t, cmd_paste, "", "", 0, "", "paste");
    TX(&t, cmd_paste, "", "\n", 0, "", "paste", "-s");
    TX(&t, cmd_paste, "1\n2\n3\n", "1,2,3\n", 0, "", "paste", "-d,", "-s");
    TX(&t, cmd_paste, "a\nb\nc\n", "a\nb\nc\n", 0, "", "paste");
    TX(&t, cmd_paste, "", "1\ta\n2\tb\n3\t\n", 0, "", "paste", "n", "l");
    TX(&t, cmd_paste, "", "1,,a\n2,,b\n3,,\n", 0, "", "paste", "-d,", "n", "e", "l");
    TX(&t, cmd_paste, "", "1\t2\t3\na\tb\n\n", 0, "", "paste", "-s", "n", "l", "e");
    TX(&t, cmd_paste, "", "", 1, "paste: nofile: No such file or directory\n", "paste", "n", "nofile");
    TX(&t, cmd_paste, "", "1\t2\t3\n", 1, "paste: nofile: No such file or directory\n", "paste", "-s", "nofile", "n");
    TX(&t, cmd_paste, "x\ny\nz\nw\n", "x\ty\nz\tw\n", 0, "", "paste", "-", "-");
    TX(&t, cmd_paste, "x\ny\nz\n", "x\t1\ty\nz\t2\t\n\t3\t\n", 0, "", "paste", "-", "n", "-");
    TX(&t, cmd_paste, "", "", 1, "paste: delimiter list ends with an unescaped backslash: \\\n", "paste", "-d", "\\", "n");
    TX(&t, cmd_paste, "", "", 1, "paste: delimiter list ends with an unescaped backslash: a\\\n", "paste", "-d", "a\\", "n");
    TX(&t, cmd_paste, "", "1a\n2b\n3\n", 0, "", "paste", "-d", "\\0", "n", "l");
    TX(&t, cmd_paste, "", "1\t1\n1\n2\t2\n2\n3\t3\n3\n", 0, "", "paste", "-d", "\\t\\n", "n", "n", "n");
    TX(&t, cmd_paste, "", "1a\n2b\n3\n", 0, "", "paste", "-d", "", "n", "l");
    TX(&t, cmd_paste, "", "1\\2x3\n", 0, "", "paste", "-sd", "\\\\x", "n");
    TX(&t, cmd_paste, "", "1x1q1\n2x2q2\n3x3q3\n", 0, "", "paste", "-d", "x\\qy", "n", "n", "n");
    TX(&t, cmd_paste, "", ",1;a,1\n,2;b,2\n,3;,3\n", 0, "", "paste", "-d", ",;", "e", "n", "l", "n");
    TX(&t, cmd_paste, "", "a,;,1\nb,;,2\n,;,3\n", 0, "", "paste", "-d", ",;", "l", "e", "e", "n");
    TX(&t, cmd_paste, "a\x00""b\x00", "a\tb\x00", 0, "", "paste", "-z", "-s");
    cmdtest_free(&t);
}

TEST(cmd_text_paste_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    paste_files(&t);
    TX(&t, cmd_paste, "a\nb", "a:b\n", 0, "", "paste", "-s", "-d:");
    TX(&t, cmd_paste, "", "1,23\n1,23\n", 0, "", "paste", "-s", "-d", ",\\0", "n", "n");
    TX(&t, cmd_paste, "", "", 1, "paste: invalid option -- 'x'\nTry 'paste --help' for more information.\n", "paste", "-x");
    cmdtest_free(&t);
}

