/* test_cmd_text_hd.c — hexdump: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("hexdump", cmd_hexdump, "");

static void hd_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "h.txt", "Hello, World! This is a test.\n", 30, 0644);
}

TEST(cmd_text_hd_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    hd_files(&t);
    TX(&t, cmd_hexdump, "Hi", "00000000  48 69                                             |Hi|\n00000002\n", 0, "", "hexdump", "-C");
    TX(&t, cmd_hexdump, "", "0000000 6548 6c6c 2c6f 5720 726f 646c 2021 6854\n0000010 7369 6920 2073 2061 6574 7473 0a2e     \n000001e\n", 0, "", "hexdump", "h.txt");
    TX(&t, cmd_hexdump, "", "00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 20 54 68  |Hello, World! Th|\n00000010  69 73 20 69 73 20 61 20  74 65 73 74 2e 0a        |is is a test..|\n0000001e\n", 0, "", "hexdump", "-C", "h.txt");
    TX(&t, cmd_hexdump, "", "0000000 110 145 154 154 157 054 040 127 157 162 154 144 041 040 124 150\n0000010 151 163 040 151 163 040 141 040 164 145 163 164 056 012        \n000001e\n", 0, "", "hexdump", "-b", "h.txt");
    TX(&t, cmd_hexdump, "", "0000000   H   e   l   l   o   ,       W   o   r   l   d   !       T   h\n0000010   i   s       i   s       a       t   e   s   t   .  \\n        \n000001e\n", 0, "", "hexdump", "-c", "h.txt");
    TX(&t, cmd_hexdump, "", "0000000   25928   27756   11375   22304   29295   25708   08225   26708\n0000010   29545   26912   08307   08289   25972   29811   02606        \n000001e\n", 0, "", "hexdump", "-d", "h.txt");
    TX(&t, cmd_hexdump, "", "0000000  062510  066154  026157  053440  071157  062154  020041  064124\n0000010  071551  064440  020163  020141  062564  072163  005056        \n000001e\n", 0, "", "hexdump", "-o", "h.txt");
    TX(&t, cmd_hexdump, "", "0000000    6548    6c6c    2c6f    5720    726f    646c    2021    6854\n0000010    7369    6920    2073    2061    6574    7473    0a2e        \n000001e\n", 0, "", "hexdump", "-x", "h.txt");
    TX(&t, cmd_hexdump, "abc", "0000000 6261 0063                              \n0000003\n", 0, "", "hexdump");
    TX(&t, cmd_hexdump, "abc", "00000000  61 62 63                                          |abc|\n00000003\n", 0, "", "hexdump", "-C");
    TX(&t, cmd_hexdump, "", "", 0, "", "hexdump", "-C");
    TX(&t, cmd_hexdump, "", "", 0, "", "hexdump");
    TX(&t, cmd_hexdump, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00x", "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000030  78                                                |x|\n00000031\n", 0, "", "hexdump", "-C");
    TX(&t, cmd_hexdump, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "0000000 0000 0000 0000 0000 0000 0000 0000 0000\n*\n0000030\n", 0, "", "hexdump");
    TX(&t, cmd_hexdump, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "0000000 0000 0000 0000 0000 0000 0000 0000 0000\n0000010 0000 0000 0000 0000 0000 0000 0000 0000\n0000020 0000 0000 0000 0000 0000 0000 0000 0000\n0000030\n", 0, "", "hexdump", "-v");
    TX(&t, cmd_hexdump, "", "00000002  6c 6c 6f 2c 20                                    |llo, |\n00000007\n", 0, "", "hexdump", "-C", "-n", "5", "-s", "2", "h.txt");
    TX(&t, cmd_hexdump, "", "00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 20 54 68  |Hello, World! Th|\n0000000 110 145 154 154 157 054 040 127 157 162 154 144 041 040 124 150\n00000010  69 73 20 69 73 20 61 20  74 65 73 74 2e 0a        |is is a test..|\n0000010 151 163 040 151 163 040 141 040 164 145 163 164 056 012        \n000001e\n", 0, "", "hexdump", "-C", "-b", "h.txt");
    TX(&t, cmd_hexdump, "\x01\xff\n\t\x0d\x7f", "0000000 001 377  \\n  \\t  \\r 177                                        \n0000006\n", 0, "", "hexdump", "-c");
    TX(&t, cmd_hexdump, "", "", 1, "hexdump: nofile: No such file or directory\nhexdump: all input file arguments failed\n", "hexdump", "nofile");
    TX(&t, cmd_hexdump, "", "00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 20 54 68  |Hello, World! Th|\n00000010  69 73 20 69 73 20 61 20  74 65 73 74 2e 0a 48 65  |is is a test..He|\n00000020  6c 6c 6f 2c 20 57 6f 72  6c 64 21 20 54 68 69 73  |llo, World! This|\n00000030  20 69 73 20 61 20 74 65  73 74 2e 0a              | is a test..|\n0000003c\n", 0, "", "hexdump", "-C", "h.txt", "h.txt");
    TX(&t, cmd_hexdump, "a", "0000000   00097                                                        \n0000001\n", 0, "", "hexdump", "-d");
    TX(&t, cmd_hexdump, "abcdefghijklmnopqrstuvwxyz", "", 1, "hexdump: stdin: Illegal seek\n", "hexdump", "-C", "-s", "0x3", "-n", "17");
    cmdtest_free(&t);
}

