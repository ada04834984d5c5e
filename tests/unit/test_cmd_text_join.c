/* test_cmd_text_join.c — join: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("join", cmd_join, "");

static void join_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "bl", "  1   a  \n2\tb\n", 14, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "c1", "k1,v1\nk2,\n", 10, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "c2", "k1,w1\nk3,w3\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "ci1", "a 1\nA 2\nb 3\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "ci2", "a x\nB y\n", 8, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "d1", "1 a\n1 b\n2 c\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "d2", "1 x\n1 y\n3 z\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "1 a\n2 b\n3 c\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "f2", "1 x\n3 y\n4 z\n", 12, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "h1", "id name\n1 a\n2 b\n", 16, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "h2", "id val\n2 x\n3 y\n", 15, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "u1", "3 c\n1 a\n2 b\n", 12, 0644);
}

TEST(cmd_text_join_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    join_files(&t);
    TX(&t, cmd_join, "", "1 a x\n3 c y\n", 0, "", "join", "f1", "f2");
    TX(&t, cmd_join, "", "1 a x\n2 b\n3 c y\n", 0, "", "join", "-a1", "f1", "f2");
    TX(&t, cmd_join, "", "1 a x\n3 c y\n4 z\n", 0, "", "join", "-a2", "f1", "f2");
    TX(&t, cmd_join, "", "1 a x\n2 b\n3 c y\n4 z\n", 0, "", "join", "-a1", "-a2", "f1", "f2");
    TX(&t, cmd_join, "", "2 b\n", 0, "", "join", "-v1", "f1", "f2");
    TX(&t, cmd_join, "", "4 z\n", 0, "", "join", "-v2", "f1", "f2");
    TX(&t, cmd_join, "", "2 b\n4 z\n", 0, "", "join", "-v1", "-v2", "f1", "f2");
    TX(&t, cmd_join, "", "a x\nc y\n", 0, "", "join", "-o", "1.2,2.2", "f1", "f2");
    TX(&t, cmd_join, "", "1 x a\n2 NONE b\n3 y c\n", 0, "", "join", "-o", "0,2.2,1.2", "-a1", "-e", "NONE", "f1", "f2");
    TX(&t, cmd_join, "", "1 a x\n3 c y\n4  z\n", 0, "", "join", "-o", "auto", "-a", "2", "f1", "f2");
    TX(&t, cmd_join, "", "1 a x\n2 b -\n3 c y\n", 0, "", "join", "-o", "auto", "-a", "1", "-e", "-", "f1", "f2");
    TX(&t, cmd_join, "", "3 c c\n", 1, "join: u1:2: is not sorted: 1 a\njoin: input is not in sorted order\n", "join", "f1", "u1");
    TX(&t, cmd_join, "", "", 1, "join: u1:2: is not sorted: 1 a\n", "join", "--check-order", "f1", "u1");
    TX(&t, cmd_join, "", "3 c c\n", 0, "", "join", "--nocheck-order", "f1", "u1");
    TX(&t, cmd_join, "", "3 c y\n", 1, "join: u1:2: is not sorted: 1 a\njoin: input is not in sorted order\n", "join", "u1", "f2");
    TX(&t, cmd_join, "", "k1,v1,w1\nk2,X,X\n", 0, "", "join", "-t,", "-a1", "-e", "X", "-o", "0,1.2,2.2", "c1", "c2");
    TX(&t, cmd_join, "", "k1,v1,w1\n", 0, "", "join", "-t,", "-e", "X", "c1", "c2");
    TX(&t, cmd_join, "", "k1,v1,w1\n", 0, "", "join", "-t,", "c1", "c2");
    TX(&t, cmd_join, "", "id name val\n2 b x\n", 0, "", "join", "--header", "h1", "h2");
    TX(&t, cmd_join, "", "id name val\n1 a\n2 b x\n3 y\n", 0, "", "join", "--header", "-a1", "-a2", "h1", "h2");
    TX(&t, cmd_join, "", "a 1 x\nA 2 x\nb 3 y\n", 0, "", "join", "-i", "ci1", "ci2");
    TX(&t, cmd_join, "", "a 1 x\n", 0, "", "join", "ci1", "ci2");
    TX(&t, cmd_join, "", "1 a x\n1 a y\n1 b x\n1 b y\n", 0, "", "join", "d1", "d2");
    TX(&t, cmd_join, "", "", 0, "", "join", "-1", "2", "-2", "2", "d1", "d2");
    TX(&t, cmd_join, "", "1 a x\n1 a y\n1 b x\n1 b y\n", 0, "", "join", "-j", "1", "d1", "d2");
    cmdtest_free(&t);
}

TEST(cmd_text_join_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    join_files(&t);
    TX(&t, cmd_join, "", "1 a  a\n2 b b\n", 0, "", "join", "bl", "f1");
    TX(&t, cmd_join, "", "", 0, "", "join", "-t", "\t", "bl", "f1");
    TX(&t, cmd_join, "", "", 1, "join: missing operand after 'f1'\nTry 'join --help' for more information.\n", "join", "f1");
    TX(&t, cmd_join, "", "", 1, "join: extra operand 'f1'\nTry 'join --help' for more information.\n", "join", "f1", "f2", "f1");
    TX(&t, cmd_join, "", "", 1, "join: nofile: No such file or directory\n", "join", "f1", "nofile");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: '0'\n", "join", "-1", "0", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: 'x'\n", "join", "-1", "x", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: '3'\n", "join", "-a", "3", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid file number in field spec: '3.1'\n", "join", "-o", "3.1", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid file number in field spec: 'x'\n", "join", "-o", "x", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: '0'\n", "join", "-o", "1.0", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: multi-character tab 'ab'\n", "join", "-t", "ab", "f1", "f2");
    TX(&t, cmd_join, "1 q\n3 r\n", "1 q x\n3 r y\n", 0, "", "join", "-", "f2");
    TX(&t, cmd_join, "1 a\n2 b\n", "", 1, "join: invalid option -- 'x'\nTry 'join --help' for more information.\n", "join", "-x", "f1", "f2");
    TX(&t, cmd_join, "", "1 x\n3 y\n", 0, "", "join", "-o", "1.1 2.2", "f1", "f2");
    TX(&t, cmd_join, "", "E 1\nE 3\n", 0, "", "join", "-e", "E", "-o", "1.3,2.1", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid file number in field spec: '3.1'\n", "join", "-o", "3.1", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: 'x'\n", "join", "-o", "1.x", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: ''\n", "join", "-o", "1.", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field specifier: '0.1'\n", "join", "-o", "0.1", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field specifier: '1'\n", "join", "-o", "1,x", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field specifier: '12.1'\n", "join", "-o", "12.1", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: 'x'\n", "join", "-a", "x", "f1", "f2");
    TX(&t, cmd_join, "", "", 1, "join: invalid field number: '-1'\n", "join", "-1", "-1", "f1", "f2");
    TX(&t, cmd_join, "", "1 a  a\n2 b  b\n", 0, "", "join", "-o", "auto", "bl", "f1");
    cmdtest_free(&t);
}

