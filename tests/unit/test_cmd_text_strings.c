/* test_cmd_text_strings.c — strings: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("strings", cmd_strings, "");

static void strings_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "s.bin", "abc\x00""defgh\x01ijklm\tno\npqrs\xffxyzw\x80\x80""abcd", 34, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "w.bin", "h\x00""e\x00l\x00l\x00o\x00\x00\x00w\x00o\x00r\x00l\x00""d\x00", 22, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "w2.bin", "h\x00\xe9\x00l\x00l\x00o\x00 \x00w\x00\xf6\x00r\x00l\x00""d\x00\x00\x00""ab\x00""b\x00i\x00g\x00 \x00s\x00t\x00r\x00i\x00n\x00g\x01x\x00\x00\x00\x00\x01\x00\x00y\x00\x00\x00z\x00\x00\x00 \x00\x00\x00t\x00\x00\x00""e\x00\x00\x00s\x00\x00\x00t\x00\x00\x00", 83, 0644);
}

TEST(cmd_text_strings_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    strings_files(&t);
    TX(&t, cmd_strings, "hello world test data here\n", "hello world test data here\n", 0, "", "strings");
    TX(&t, cmd_strings, "abcdefgh\n", "abcdefgh\n", 0, "", "strings", "-n", "4");
    TX(&t, cmd_strings, "ab\n", "", 0, "", "strings");
    TX(&t, cmd_strings, "", "", 0, "", "strings");
    TX(&t, cmd_strings, "first line here\nsecond line here\n", "first line here\nsecond line here\n", 0, "", "strings", "-n", "4");
    TX(&t, cmd_strings, "", "defgh\nijklm\tno\npqrs\nxyzw\nabcd\n", 0, "", "strings", "s.bin");
    TX(&t, cmd_strings, "", "      4 defgh\n      a ijklm\tno\n     13 pqrs\n     18 xyzw\n     1e abcd\n", 0, "", "strings", "-t", "x", "s.bin");
    TX(&t, cmd_strings, "", "      0 abc\n      4 defgh\n     10 ijklm\tno\n     19 pqrs\n     24 xyzw\n     30 abcd\n", 0, "", "strings", "-t", "d", "-n", "3", "s.bin");
    TX(&t, cmd_strings, "", "      4 defgh\n     12 ijklm\tno\n     23 pqrs\n     30 xyzw\n     36 abcd\n", 0, "", "strings", "-o", "s.bin");
    TX(&t, cmd_strings, "", "s.bin: defgh\ns.bin: ijklm\tno\ns.bin: pqrs\ns.bin: xyzw\ns.bin: abcd\n", 0, "", "strings", "-f", "s.bin");
    TX(&t, cmd_strings, "", "defgh\nijklm\tno\npqrs\nxyzw\nabcd\n", 0, "", "strings", "-w", "s.bin");
    TX(&t, cmd_strings, "", "defgh\nijklm\tno\npqrs\xffxyzw\x80\x80""abcd\n", 0, "", "strings", "-e", "S", "s.bin");
    TX(&t, cmd_strings, "", "", 1, "strings: 'nofile': No such file\n", "strings", "nofile");
    TX(&t, cmd_strings, "", "", 1, "strings: invalid minimum string length 0\n", "strings", "-n", "0", "s.bin");
    TX(&t, cmd_strings, "", "", 1, "strings: invalid integer argument x\n", "strings", "-n", "x", "s.bin");
    TX(&t, cmd_strings, "", "defgh\nijklm\tno\n", 0, "", "strings", "-5", "s.bin");
    TX(&t, cmd_strings, "", "defgh|ijklm\tno|pqrs|xyzw|abcd|", 0, "", "strings", "-s", "|", "s.bin");
    TX(&t, cmd_strings, "", "", 1, "strings: Warning: '/tmp' is a directory\n", "strings", "/tmp");
    TX(&t, cmd_strings, "", "defgh\nijklm\tno\npqrs\nxyzw\nabcd\ndefgh\nijklm\tno\npqrs\nxyzw\nabcd\n", 0, "", "strings", "s.bin", "s.bin");
    TX(&t, cmd_strings, "", "hello\nworld\n", 0, "", "strings", "-e", "l", "w.bin");
    TX(&t, cmd_strings, "", "ello\nworld\n", 0, "", "strings", "-e", "b", "w.bin");
    TX(&t, cmd_strings, "", "      0 hello\n     12 world\n", 0, "", "strings", "-e", "l", "-t", "d", "-n", "2", "w.bin");
    TX(&t, cmd_strings, "abc", "abc\n", 0, "", "strings", "-n", "3");
    TX(&t, cmd_strings, "abc\x00", "{standard input}: abc\n", 0, "", "strings", "-f", "-n", "2");
    TX(&t, cmd_strings, "", "llo w\nbbig strin\n", 0, "", "strings", "-e", "l", "w2.bin");
    cmdtest_free(&t);
}

TEST(cmd_text_strings_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    strings_files(&t);
    TX(&t, cmd_strings, "", "llo w\nbig string\n", 0, "", "strings", "-e", "b", "w2.bin");
    TX(&t, cmd_strings, "", "yz test\n", 0, "", "strings", "-e", "L", "w2.bin");
    TX(&t, cmd_strings, "", "     38 z test\n", 0, "", "strings", "-e", "B", "-t", "x", "w2.bin");
    TX(&t, cmd_strings, "", "", 0, "", "strings", "-e", "S", "-t", "x", "w2.bin");
    TX(&t, cmd_strings, "", "      4 llo w\n     16 rld\n     25 bbig strin\n", 0, "", "strings", "-e", "l", "-n", "2", "-t", "d", "w2.bin");
    cmdtest_free(&t);
}

