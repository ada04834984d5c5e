/* test_cmd_text_comm.c — comm: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("comm", cmd_comm, "");

static void comm_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "nl1", "a\nc", 3, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nb\nc\n", 6, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nc\nd\n", 6, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "u1", "c\nb\na\n", 6, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "u2", "b\na\n", 4, 0644);
}

TEST(cmd_text_comm_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    comm_files(&t);
    TX(&t, cmd_comm, "", "a\n\t\tb\n\t\tc\n\td\n", 0, "", "comm", "s1", "s2");
    TX(&t, cmd_comm, "", "\tb\n\tc\nd\n", 0, "", "comm", "-1", "s1", "s2");
    TX(&t, cmd_comm, "", "a\n\tb\n\tc\n", 0, "", "comm", "-2", "s1", "s2");
    TX(&t, cmd_comm, "", "a\n\td\n", 0, "", "comm", "-3", "s1", "s2");
    TX(&t, cmd_comm, "", "b\nc\n", 0, "", "comm", "-12", "s1", "s2");
    TX(&t, cmd_comm, "", "\t\ta\n\t\tb\n\t\tc\n", 0, "", "comm", "s1", "s1");
    TX(&t, cmd_comm, "", "\tb\n\t\tc\nb\na\n\td\n", 1, "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n", "comm", "u1", "s2");
    TX(&t, cmd_comm, "", "\tb\n\t\tc\n", 1, "comm: file 1 is not in sorted order\n", "comm", "--check-order", "u1", "s2");
    TX(&t, cmd_comm, "", "\tb\n\t\tc\nb\na\n\td\n", 0, "", "comm", "--nocheck-order", "u1", "s2");
    TX(&t, cmd_comm, "", "\t\tc\n\t\tb\n\t\ta\n", 0, "", "comm", "u1", "u1");
    TX(&t, cmd_comm, "", "\tb\n\ta\nc\nb\na\n", 1, "comm: file 2 is not in sorted order\ncomm: file 1 is not in sorted order\ncomm: input is not in sorted order\n", "comm", "u1", "u2");
    TX(&t, cmd_comm, "", "a\nXYXYb\nXYXYc\nXYd\n", 0, "", "comm", "--output-delimiter=XY", "s1", "s2");
    TX(&t, cmd_comm, "", "a\n\t\tb\n\t\tc\n\td\n1\t1\t2\ttotal\n", 0, "", "comm", "--total", "s1", "s2");
    TX(&t, cmd_comm, "", "1\t1\t2\ttotal\n", 0, "", "comm", "-123", "--total", "s1", "s2");
    TX(&t, cmd_comm, "", "a\n\tb\n\t\tc\n\td\n", 0, "", "comm", "nl1", "s2");
    TX(&t, cmd_comm, "", "", 1, "comm: missing operand after 's1'\nTry 'comm --help' for more information.\n", "comm", "s1");
    TX(&t, cmd_comm, "", "", 1, "comm: missing operand\nTry 'comm --help' for more information.\n", "comm");
    TX(&t, cmd_comm, "", "", 1, "comm: extra operand 's1'\nTry 'comm --help' for more information.\n", "comm", "s1", "s2", "s1");
    TX(&t, cmd_comm, "", "", 1, "comm: nofile: No such file or directory\n", "comm", "s1", "nofile");
    TX(&t, cmd_comm, "", "", 1, "comm: nofile: No such file or directory\n", "comm", "nofile", "s1");
    TX(&t, cmd_comm, "a\nb\nc\n", "a\n\t\tb\n\t\tc\n\td\n", 0, "", "comm", "-", "s2");
    TX(&t, cmd_comm, "", "a\n\x00\x00""b\n\x00\x00""c\n\x00""d\n", 0, "", "comm", "--output-delimiter=", "s1", "s2");
    TX(&t, cmd_comm, "", "", 1, "comm: multiple output delimiters specified\n", "comm", "--output-delimiter=a", "--output-delimiter=b", "s1", "s2");
    TX(&t, cmd_comm, "", "", 1, "comm: invalid option -- 'x'\nTry 'comm --help' for more information.\n", "comm", "-x", "s1", "s2");
    TX(&t, cmd_comm, "a\x00""b\x00", "a\x00\ta\nb\nc\n\x00""b\x00", 0, "", "comm", "-z", "-", "s1");
    cmdtest_free(&t);
}

TEST(cmd_text_comm_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    comm_files(&t);
    TX(&t, cmd_comm, "", "d\n", 0, "", "comm", "-13", "s1", "s2");
    TX(&t, cmd_comm, "", "a\n", 0, "", "comm", "-23", "--output-delimiter=:", "s1", "s2");
    cmdtest_free(&t);
}

