/* test_cmd_text_xxd.c — xxd: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("xxd", cmd_xxd, "");

static void xxd_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "1a-b.txt", "Hello, World! This is a test of xxd output.\n", 44, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "e.txt", "", 0, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "x.hex", "00000000: 4865 6c6c 6f2c 2057 6f72 6c64 2120 5468  Hello, World! Th\n00000010: 6973 2069 7320 6120 7465 7374 206f 6620  is is a test of \n00000020: 7878 6420 6f75 7470 7574 2e0a            xxd output..\n", 200, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "x.ps", "48656c6c6f2c20576f726c6421205468697320697320612074657374206f\n6620787864206f75747075742e0a\n", 90, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "x.txt", "Hello, World! This is a test of xxd output.\n", 44, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "x4.hex", "00000000: 48 65 6c 6c  Hell\n00000004: 6f 2c 20 57  o, W\n00000008: 6f 72 6c 64  orld\n0000000c: 21 20 54 68  ! Th\n00000010: 69 73 20 69  is i\n00000014: 73 20 61 20  s a \n00000018: 74 65 73 74  test\n0000001c: 20 6f 66 20   of \n00000020: 78 78 64 20  xxd \n00000024: 6f 75 74 70  outp\n00000028: 75 74 2e 0a  ut..\n", 308, 0644);
}

TEST(cmd_text_xxd_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    xxd_files(&t);
    TX(&t, cmd_xxd, "Hi", "4869\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "AB", "00000000: 4142                                     AB\n", 0, "", "xxd");
    TX(&t, cmd_xxd, "", "00000000: 4865 6c6c 6f2c 2057 6f72 6c64 2120 5468  Hello, World! Th\n00000010: 6973 2069 7320 6120 7465 7374 206f 6620  is is a test of \n00000020: 7878 6420 6f75 7470 7574 2e0a            xxd output..\n", 0, "", "xxd", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 48 65 6c 6c 6f 2c 20 57  Hello, W\n00000008: 6f 72 6c 64 21 20 54 68  orld! Th\n00000010: 69 73 20 69 73 20 61 20  is is a \n00000018: 74 65 73 74 20 6f 66 20  test of \n00000020: 78 78 64 20 6f 75 74 70  xxd outp\n00000028: 75 74 2e 0a              ut..\n", 0, "", "xxd", "-g", "1", "-c", "8", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 48656C6C 6F2C2057 6F726C64 21205468  Hello, World! Th\n00000010: 69732069 73206120 74657374 206F6620  is is a test of \n00000020: 78786420 6F757470 75742E0A           xxd output..\n", 0, "", "xxd", "-u", "-g4", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 01001000 01100101 01101100 01101100 01101111 00101100  Hello,\n00000006: 00100000 01010111 01101111 01110010 01101100 01100100   World\n0000000c: 00100001 00100000 01010100 01101000 01101001 01110011  ! This\n00000012: 00100000 01101001 01110011 00100000 01100001 00100000   is a \n00000018: 01110100 01100101 01110011 01110100 00100000 01101111  test o\n0000001e: 01100110 00100000 01111000 01111000 01100100 00100000  f xxd \n00000024: 01101111 01110101 01110100 01110000 01110101 01110100  output\n0000002a: 00101110 00001010                                      ..\n", 0, "", "xxd", "-b", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 6c6c6548 57202c6f 646c726f 68542021  Hello, World! Th\n00000010: 69207369 20612073 74736574 20666f20  is is a test of \n00000020: 20647878 7074756f 0a2e7475           xxd output..\n", 0, "", "xxd", "-e", "x.txt");
    TX(&t, cmd_xxd, "", "unsigned char x_txt[] = {\n  0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x2c, 0x20, 0x57, 0x6f, 0x72, 0x6c, 0x64,\n  0x21, 0x20, 0x54, 0x68, 0x69, 0x73, 0x20, 0x69, 0x73, 0x20, 0x61, 0x20,\n  0x74, 0x65, 0x73, 0x74, 0x20, 0x6f, 0x66, 0x20, 0x78, 0x78, 0x64, 0x20,\n  0x6f, 0x75, 0x74, 0x70, 0x75, 0x74, 0x2e, 0x0a\n};\nunsigned int x_txt_len = 44;\n", 0, "", "xxd", "-i", "x.txt");
    TX(&t, cmd_xxd, "AB", "  0x41, 0x42\n", 0, "", "xxd", "-i");
    TX(&t, cmd_xxd, "", "48656c6c6f2c20576f726c6421205468697320697320612074657374206f\n6620787864206f75747075742e0a\n", 0, "", "xxd", "-p", "x.txt");
    TX(&t, cmd_xxd, "", "00000002: 6c6c 6f2c 20                             llo, \n", 0, "", "xxd", "-l", "5", "-s", "2", "x.txt");
    TX(&t, cmd_xxd, "", "00000100: 4865 6c6c                                Hell\n", 0, "", "xxd", "-o", "256", "-l", "4", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 4865 6c6c 6f2c 2057 6f72 6c64 2120 5468  Hello, World! Th\n00000016: 6973 2069 7320 6120 7465 7374 206f 6620  is is a test of \n00000032: 7878 6420 6f75 7470 7574 2e0a            xxd output..\n", 0, "", "xxd", "-d", "x.txt");
    TX(&t, cmd_xxd, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00x", "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n*\n00000030: 78                                       x\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00x", "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n00000010: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n00000020: 78                                       x\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n00000010: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n00000020: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n*\n00000030: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "", "Hello, World! This is a test of xxd output.\n", 0, "", "xxd", "-r", "-p", "x.ps");
    TX(&t, cmd_xxd, "", "Hello, World! This is a test of xxd output.\n", 0, "", "xxd", "-r", "x.hex");
    TX(&t, cmd_xxd, "", "Hello, World! This is a test of xxd output.\n", 0, "", "xxd", "-r", "-c", "4", "x4.hex");
    TX(&t, cmd_xxd, "", "unsigned char X_TXT[] = {\n  0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x2c, 0x20, 0x57, 0x6f, 0x72, 0x6c, 0x64,\n  0x21, 0x20, 0x54, 0x68, 0x69, 0x73, 0x20, 0x69, 0x73, 0x20, 0x61, 0x20,\n  0x74, 0x65, 0x73, 0x74, 0x20, 0x6f, 0x66, 0x20, 0x78, 0x78, 0x64, 0x20,\n  0x6f, 0x75, 0x74, 0x70, 0x75, 0x74, 0x2e, 0x0a\n};\nunsigned int X_TXT_LEN = 44;\n", 0, "", "xxd", "-C", "-i", "x.txt");
    TX(&t, cmd_xxd, "", "unsigned char foo[] = {\n  0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x2c, 0x20, 0x57, 0x6f, 0x72, 0x6c, 0x64,\n  0x21, 0x20, 0x54, 0x68, 0x69, 0x73, 0x20, 0x69, 0x73, 0x20, 0x61, 0x20,\n  0x74, 0x65, 0x73, 0x74, 0x20, 0x6f, 0x66, 0x20, 0x78, 0x78, 0x64, 0x20,\n  0x6f, 0x75, 0x74, 0x70, 0x75, 0x74, 0x2e, 0x0a\n};\nunsigned int foo_len = 44;\n", 0, "", "xxd", "-n", "foo", "-i", "x.txt");
    TX(&t, cmd_xxd, "", "48656c6c6f2c20576f726c6421205468697320697320612074657374206f6620787864206f75747075742e0a\n", 0, "", "xxd", "-c", "0", "-p", "x.txt");
    TX(&t, cmd_xxd, "", "", 2, "xxd: nofile: No such file or directory\n", "xxd", "nofile");
    TX(&t, cmd_xxd, "", "unsigned char e_txt[] = {\n};\nunsigned int e_txt_len = 0;\n", 0, "", "xxd", "-i", "e.txt");
    cmdtest_free(&t);
}

TEST(cmd_text_xxd_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    xxd_files(&t);
    TX(&t, cmd_xxd, "", "unsigned char __1a_b_txt[] = {\n  0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x2c, 0x20, 0x57, 0x6f, 0x72, 0x6c, 0x64,\n  0x21, 0x20, 0x54, 0x68, 0x69, 0x73, 0x20, 0x69, 0x73, 0x20, 0x61, 0x20,\n  0x74, 0x65, 0x73, 0x74, 0x20, 0x6f, 0x66, 0x20, 0x78, 0x78, 0x64, 0x20,\n  0x6f, 0x75, 0x74, 0x70, 0x75, 0x74, 0x2e, 0x0a\n};\nunsigned int __1a_b_txt_len = 44;\n", 0, "", "xxd", "-i", "1a-b.txt");
    TX(&t, cmd_xxd, "abc", "", 1, "xxd: invalid number of columns (max. 256).\n", "xxd", "-c", "300");
    TX(&t, cmd_xxd, "abc", "00000000: 616263                            abc\n", 0, "", "xxd", "-g", "0");
    TX(&t, cmd_xxd, "abcdefgh", "00000000: 616263 646566 6768                     abcdefgh\n", 0, "", "xxd", "-g", "3");
    TX(&t, cmd_xxd, "abcdefgh", "", 1, "xxd: number of octets per group must be a power of 2 with -e.\n", "xxd", "-e", "-g", "3");
    TX(&t, cmd_xxd, "abcdefghij", "00000003: 6465 6667  defg\n00000007: 6869 6a    hij\n", 0, "", "xxd", "-s", "3", "-l", "100", "-c", "4");
    TX(&t, cmd_xxd, "0000010: 4142 4344\n", "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00""ABCD", 0, "", "xxd", "-r");
    TX(&t, cmd_xxd, "41 42 zz 43\n4445", "ABDE", 0, "", "xxd", "-r", "-p");
    TX(&t, cmd_xxd, "00000000: 4142  xx\n00000002: 43\n", "ABC", 0, "", "xxd", "-r");
    TX(&t, cmd_xxd, "abc", "00000000: 01100001 01100010  ab\n00000002: 01100011           c\n", 0, "", "xxd", "-b", "-c", "2");
    TX(&t, cmd_xxd, "abc", "616263\n", 0, "", "xxd", "-u", "-p");
    TX(&t, cmd_xxd, "abc", "  0x61, 0x62,\n  0x63\n", 0, "", "xxd", "-i", "-c", "2");
    TX(&t, cmd_xxd, "abc", "", 0, "", "xxd", "-l", "0");
    TX(&t, cmd_xxd, "", "00000027: 7075 742e 0a                             put..\n", 0, "", "xxd", "-s", "-5", "x.txt");
    TX(&t, cmd_xxd, "", "00000010: 6973 2069 7320 6120                      is is a \n", 0, "", "xxd", "-s", "0x10", "-l", "0x8", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 4865 6c6c 6f2c 2057  Hello, W\n00000008: 6f                   o\n", 0, "", "xxd", "-cols", "8", "-len", "9", "x.txt");
    TX(&t, cmd_xxd, "", "48656c6c6f2c20576f72\n6c642120546869732069\n7320612074657374206f\n6620787864206f757470\n75742e0a\n", 0, "", "xxd", "-ps", "-c", "10", "x.txt");
    TX(&t, cmd_xxd, "hello", "00000000: 6865 6c6c 6f                             hello\n", 0, "", "xxd", "-");
    TX(&t, cmd_xxd, "", "00000000: 57202c6f6c6c6548 68542021646c726f  Hello, World! Th\n00000010: 2061207369207369 20666f2074736574  is is a test of \n00000020: 7074756f20647878         0a2e7475  xxd output..\n", 0, "", "xxd", "-e", "-g", "8", "x.txt");
    TX(&t, cmd_xxd, "", "00000000: 4865 6c6c 6f  Hello\n00000005: 2c20 576f 72  , Wor\n0000000a: 6c64 2120 54  ld! T\n0000000f: 6869 7320 69  his i\n00000014: 7320 6120 74  s a t\n00000019: 6573 7420 6f  est o\n0000001e: 6620 7878 64  f xxd\n00000023: 206f 7574 70   outp\n00000028: 7574 2e0a     ut..\n", 0, "", "xxd", "-c", "5", "-g", "2", "x.txt");
    TX(&t, cmd_xxd, "", "unsigned char x_txt[] = {\n  0X48, 0X65, 0X6C, 0X6C, 0X6F, 0X2C, 0X20, 0X57, 0X6F, 0X72, 0X6C, 0X64,\n  0X21, 0X20, 0X54, 0X68, 0X69, 0X73, 0X20, 0X69, 0X73, 0X20, 0X61, 0X20,\n  0X74, 0X65, 0X73, 0X74, 0X20, 0X6F, 0X66, 0X20, 0X78, 0X78, 0X64, 0X20,\n  0X6F, 0X75, 0X74, 0X70, 0X75, 0X74, 0X2E, 0X0A\n};\nunsigned int x_txt_len = 44;\n", 0, "", "xxd", "-u", "-i", "x.txt");
    TX(&t, cmd_xxd, "\xff\x00\x06""Ab\nA\n\x00\x00\x00\x89\n\xca\xff\x00""Eaa\n\n\xff""a\xff""Aa\x00\xf6\xff\n", "00000000: FF000641 620A410A 00000089 0ACAFF00  ...Ab.A.........\n00000010: 4561610A 0AFF61FF 416100F6 FF0A      Eaa...a.Aa....\n", 0, "", "xxd", "-g", "4", "-u");
    TX(&t, cmd_xxd, "\n\x00", "00000000: 0a00                                     ..\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "\xff""Aa\x00\x00", "00000000: 11111111 01000001 01100001 00000000 00000000           .Aa..\n", 0, "", "xxd", "-b");
    TX(&t, cmd_xxd, "a\x00\xff\x00\n\naA\na\x00\xff\n\x00\xaa\xff\x8e\x00\xff\x80\xff\xff\xff""a\n\x00""aa\xff\n\x00\xffr\x00""Aa\x00""A\x00\xff\xff\na\xff""a\n\nA\x02""A\x10\xff", "6100ff000a0a61410a6100ff0a00aaff8e00ff80ffffff610a006161ff0a\n00ff72004161004100ffff0a61ff610a0a41024110ff\n", 0, "", "xxd", "-p");
    cmdtest_free(&t);
}

TEST(cmd_text_xxd_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    xxd_files(&t);
    TX(&t, cmd_xxd, "\x00\x00""A\x00\x06\x00""A\n", "00000000: 0000 4100 0600 410a                      ..A...A.\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "\x00\x81\xff""A\x00""A\x00\x03\x00""A\n\x1a\x00\x00", "00000000: 0081 ff41 0041 0003 0041 0a1a 0000       ...A.A...A....\n", 0, "", "xxd", "-a");
    TX(&t, cmd_xxd, "\x00\x00,\x00\x00\naa\xff\x00\x00\x00\x00\xbf\x00", "00000000: 00002c0000 0a6161ff00 0000  ..,...aa....\n0000000c: 00bf00                      ...\n", 0, "", "xxd", "-g", "5", "-c", "12");
    TX(&t, cmd_xxd, "\xbe\n\xd6""Aa\n", "be0ad641610a\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "\x00\xff\x00\x00\x00\x00\x02""A\x00\x00\x00\xff\x00:a\x00\x00\x00\x00""AA\n\xff\xff\x00""A\x00\xd4\n\x00""1\xf7\x00""A\xff""aaaa\n\x00""A\xa4\nA\x00\x00\x00""A\x00""aA\x00\x00", "  0x00, 0xff, 0x00, 0x00, 0x00, 0x00, 0x02, 0x41, 0x00, 0x00, 0x00, 0xff,\n  0x00, 0x3a, 0x61, 0x00, 0x00, 0x00, 0x00, 0x41, 0x41, 0x0a, 0xff, 0xff,\n  0x00, 0x41, 0x00, 0xd4, 0x0a, 0x00, 0x31, 0xf7, 0x00, 0x41, 0xff, 0x61,\n  0x61, 0x61, 0x61, 0x0a, 0x00, 0x41, 0xa4, 0x0a, 0x41, 0x00, 0x00, 0x00,\n  0x41, 0x00, 0x61, 0x41, 0x00, 0x00\n", 0, "", "xxd", "-i");
    TX(&t, cmd_xxd, "\xff\n\x00\x00""a\xff\xff\x00\xff\n\x00k\x00\x00\x00\x00""a\xff\xbc""a\xff", "00000000: ff 0a 00 00 61 ff ff 00 ff 0a 00 6b 00 00 00 00  ....a......k....\n00000010: 61 ff bc 61 ff                                   a..a.\n", 0, "", "xxd", "-g", "1");
    TX(&t, cmd_xxd, "\x00\x00\x00\xbd\x00\xff""a_a\x00\x00\xff""a\n\x00\x15""A\xff\xce\xff\x00""a\x00\x00\n\x00\n\x00""A\xff\x00\n\xff\x9e\x99""A\x00wXA\x00\x00\x00""E\x00\xff\x00\x00\xff\xff\x00\x00""AAA\xff\x00\x00\x00\xc8\x00""Aa", "00000000: 0000 00bd 00ff 615f 6100 00ff 610a 0015  ......a_a...a...\n00000010: 41ff ceff 0061 0000 0a00 0a00 41ff 000a  A....a......A...\n00000020: ff9e 9941 0077 5841 0000 0045 00ff 0000  ...A.wXA...E....\n00000030: ffff 0000 4141 41ff 0000 00c8 0041 61    ....AAA......Aa\n", 0, "", "xxd");
    TX(&t, cmd_xxd, "\n\x00\x00\xff\xbd\n\x00""a\x00""AA\x00\x00\x00\x00\xe2\x00\n\xff\x00""A\x00\xcb""A\x00\xc7\x00\x00\x00""a\x8c\x99""a\xff\xff\x00\x00\x00\x00\x00\x12""AA\xff\xff\n\na\n\n\n\n\x00\nA\xe3""a\n\x00", "00000000: 0A0000FF BD0A0061 00414100 000000E2  .......a.AA.....\n00000010: 000AFF00 4100CB41 00C70000 00618C99  ....A..A.....a..\n00000020: 61FFFF00 00000000 124141FF FF0A0A61  a........AA....a\n00000030: 0A0A0A0A 000A41E3 610A00             ......A.a..\n", 0, "", "xxd", "-g", "4", "-u");
    TX(&t, cmd_xxd, "\x0b\x00""A\x00\xe6\xff\x00\n\xff\x00\x00""A\x00\x00""AA\nA\x00\x00\x00", "00000000: 0b 00 41 00 e6 ff 00 0a ff 00 00 41 00 00 41 41  ..A........A..AA\n00000010: 0a 41 00 00 00                                   .A...\n", 0, "", "xxd", "-g", "1");
    TX(&t, cmd_xxd, "\x00""7A7\n\x00\x95""A\x00""a\xff""A\x00\nA\xff\xff\n\x00""A\x00""A\nA\xd1", "00000000: 003741370a 0095410061 ff41  .7A7...A.a.A\n0000000c: 000a41ffff 0a00410041 0a41  ..A....A.A.A\n00000018: d1                          .\n", 0, "", "xxd", "-g", "5", "-c", "12");
    TX(&t, cmd_xxd, "a\x00\x00""a\x1f""Aa\n\xff""A\x00""4\n\x00\x00""a\xff\n\x9f""Aa\x00\xff""a\x00\x00\x00\x00""A\xff\x00\x00\x00\n\x00""0a~a\x00\n\x00\x00\xff""a\x00\x00\x00\xeb\xff""a\x00\x00\xff\xe3""aa\xff\x00\xd2", "610000611f41610aff4100340a000061ff0a9f416100ff610000000041ff\n0000000a0030617e61000a0000ff61000000ebff610000ffe36161ff00d2\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "\x00\x00\x00""a\n\xff\x11""A\xff\n\xff""a\x00\xff""a\x00""a\x00""A\x00\x00""a\n\x89""a\x00""A\x00\x00[\x00\n\x00""a\x00\x00""A\x00\n\x00\x00\x00""a\n\x00\x00\x00""A\xff\x00\xa0\xff\na\x00\naa", "00000000: 61000000 4111ff0a 61ff0aff 0061ff00  ...a...A...a..a.\n00000010: 00410061 890a6100 00410061 0a005b00  a.A..a..a.A..[..\n00000020: 00006100 000a0041 0a610000 41000000  .a..A.....a....A\n00000030: ffa000ff 0a00610a     6161           .....a..aa\n", 0, "", "xxd", "-e");
    TX(&t, cmd_xxd, "A\x00\n\x00\x00\na/\xff""A\xa5\xff\xff""aa\x00\xff""aa\x00\xffZ\x00\n\x00\nA\xff\x00\x00\n\x00\xff\n\xff""5\xff\x00\x00\x00", "00000000: 4100 0a00 000a 61  A.....a\n00000007: 2fff 41a5 ffff 61  /.A...a\n0000000e: 6100 ff61 6100 ff  a..aa..\n00000015: 5a00 0a00 0a41 ff  Z....A.\n0000001c: 0000 0a00 ff0a ff  .......\n00000023: 35ff 0000 00       5....\n", 0, "", "xxd", "-c", "7");
    TX(&t, cmd_xxd, "\nA\x00\xa0""A\xff\nsaA\x00\n\xff\x00\x00""a\n\n\n\x00\x00\xff\x00\xa6\x00\n", "0a4100a041ff0a736141000aff0000610a0a0a0000ff00a6000a\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "\n\x00""A\x00va\xb0""A\xff\xff\xffh\nAA\x00\x00""A\x00\xff""A\x00\n\n\x00""aa\xff""Aa\x00""AA\xff\x00\na\xff\x00\xea\x00", "  0x0a, 0x00, 0x41, 0x00, 0x76, 0x61, 0xb0, 0x41, 0xff, 0xff, 0xff, 0x68,\n  0x0a, 0x41, 0x41, 0x00, 0x00, 0x41, 0x00, 0xff, 0x41, 0x00, 0x0a, 0x0a,\n  0x00, 0x61, 0x61, 0xff, 0x41, 0x61, 0x00, 0x41, 0x41, 0xff, 0x00, 0x0a,\n  0x61, 0xff, 0x00, 0xea, 0x00\n", 0, "", "xxd", "-i");
    TX(&t, cmd_xxd, "\xd6\n\xff\xcf\x00\xff\xff\xff""a\x00\xff\x00""Aa\xff""a\n\n\xff""AA\x00\x00\xa3\nA\xff\x00""A\x00\x00\n\n\x00""aA\x00\x00\xff\x00\xff""aAa\xff\x00\x00s\x00\x00\x00""a\xff\n\na\n\x00\x00\x00\x00\xff\x00""A\x00\x00", "d60affcf00\nffffff6100\nff004161ff\n610a0aff41\n410000a30a\n41ff004100\n000a0a0061\n410000ff00\nff614161ff\n0000730000\n0061ff0a0a\n610a000000\n00ff004100\n00\n", 0, "", "xxd", "-ps", "-c", "5");
    TX(&t, cmd_xxd, "\x00\xff""a\x00\x00\x00\n\xe9\x00\x00\n\x00\xff\xff\x00\n\x05""A\xe1\x00""A\x00\n\n\x00""a\x00\x00""Ad\n\n\x00[aKaAa\x00\x00""A\x00\x00\x00\x1d\x00""a\x9c""a\x00\x00\x00""A", "00ff610000000ae900000a00ffff000a0541e10041000a0a006100004164\n0a0a005b614b6141610000410000001d00619c6100000041\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "\n\x00""a\x03\xff\x00\xff\n\xff\xff", "00000000: 0a00 61  ..a\n00000003: 03ff 00  ...\n00000006: ff0a ff  ...\n00000009: ff       .\n", 0, "", "xxd", "-c", "3", "-g", "2");
    TX(&t, cmd_xxd, "\x84""A\x00\x86\xd7\xff""A\n\n\xff\x00""a\n\n\x00\n\nAA\x00\x00\xcd\nA\n\x00""A\x00\x00\x00""a\n\x00""A\xd8\xa1""a\xff\n\x00""AAA\xff\x00""aA\x00""AaaA\x00""A\x00\n\x00""aAA\xff", "00000000: 8441 0086 d7ff 41  .A....A\n00000007: 0a0a ff00 610a 0a  ....a..\n0000000e: 000a 0a41 4100 00  ...AA..\n00000015: cd0a 410a 0041 00  ..A..A.\n0000001c: 0000 610a 0041 d8  ..a..A.\n00000023: a161 ff0a 0041 41  .a...AA\n0000002a: 41ff 0061 4100 41  A..aA.A\n00000031: 6161 4100 4100 0a  aaA.A..\n00000038: 0061 4141 ff       .aAA.\n", 0, "", "xxd", "-c", "7");
    TX(&t, cmd_xxd, "\nA\x00\x00\xff\x00\xff\x00\x00\xff\x00\xf9\x00", "0a410000ff\n00ff0000ff\n00f900\n", 0, "", "xxd", "-ps", "-c", "5");
    TX(&t, cmd_xxd, "", "", 0, "", "xxd", "-g", "1");
    TX(&t, cmd_xxd, "\xbd\ne\xc0\xff\xff\xf5\x00\x00\x00\x00\x00\xff\xff""A\x00\n\x00\xff\x00\n", "00000000: bd0a 65c0 ffff f5  ..e....\n00000007: 0000 0000 00ff ff  .......\n0000000e: 4100 0a00 ff00 0a  A......\n", 0, "", "xxd", "-c", "7");
    TX(&t, cmd_xxd, "\x00\x00\x00\x00\x00\x00""A\xa7\xff""AA\x00\xb2", "00000000: 0000000000 0041a7ff41 4100  ......A..AA.\n0000000c: b2                          .\n", 0, "", "xxd", "-g", "5", "-c", "12");
    TX(&t, cmd_xxd, "a\x00\x00\xaa""Aa\xff""a\x00\n\x9b\n\x00\x00\xba\x1c\x80""A\x00%\nA\x00\x00""AyaA\x00\xa6\x9a\xff\x00\xeb\x9f""AA\xff\xff\x00\x13\xff\x00""A\x00""A\x00""A\xff\x00\n\x00\n\x00\n\xff\x00\x00\x00\n", "610000aa4161ff61000a9b0a0000ba1c804100250a4100004179614100a6\n9aff00eb9f4141ffff0013ff004100410041ff000a000a000aff0000000a\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "\x00\xff\n\nAA\xff""aA", "00000000: ff00 0a0a 4141 61ff   41                 ....AA.aA\n", 0, "", "xxd", "-e", "-g", "2");
    cmdtest_free(&t);
}

TEST(cmd_text_xxd_4)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    xxd_files(&t);
    TX(&t, cmd_xxd, "", "", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "a\x00\xf2\n\n\x00\nA\xff""a\n\xff""aaAAAaA\x00", "00000000: 6100 f20a 0a00 0a41 ff61 0aff 6161 4141  a......A.a..aaAA\n00000010: 4161 4100                                AaA.\n", 0, "", "xxd");
    TX(&t, cmd_xxd, "a\xff\x00\x00\nARA\x00\x00\n\n\n\xff\x00""Aa\x00\x00\xff""A\n\x00\x00""AA\x00\x00\xca\x00""A\n\x00\x00""a\x00\x00\xff%\x00""Aa\x00""a\x00\x00\x0d""A\x00\xff\na", "00000000: 61ff 0000 0a41 52  a....AR\n00000007: 4100 000a 0a0a ff  A......\n0000000e: 0041 6100 00ff 41  .Aa...A\n00000015: 0a00 0041 4100 00  ...AA..\n0000001c: ca00 410a 0000 61  ..A...a\n00000023: 0000 ff25 0041 61  ...%.Aa\n0000002a: 0061 0000 0d41 00  .a...A.\n00000031: ff0a 61            ..a\n", 0, "", "xxd", "-c", "7");
    TX(&t, cmd_xxd, "\x7f\x00\x00""a\x00\n\nA\x00\x00\x00""A\xff\xf0\x00\xff\x00\xff\x00""a\x00\x90\n\x00\xff\xff\x00""a\x00""aA\x00""a\xff""A\na\x00""AX\n\xcb\na\xff\x00\n\x85\x00v\x00\nAaa\x00", "00000000: 7F000061 000A0A41 00000041 FFF000FF  ...a...A...A....\n00000010: 00FF0061 00900A00 FFFF0061 00614100  ...a.......a.aA.\n00000020: 61FF410A 61004158 0ACB0A61 FF000A85  a.A.a.AX...a....\n00000030: 0076000A 41616100                    .v..Aaa.\n", 0, "", "xxd", "-g", "4", "-u");
    TX(&t, cmd_xxd, "\x00\n\n\x00\x00\n\x00\x00\xff\xff\x00\xff""a\xff""A\x00\x00""A\xa4#\x00\x00\x9a\n", "000a0a00000a0000ffff00ff61ff41000041a42300009a0a\n", 0, "", "xxd", "-p");
    TX(&t, cmd_xxd, "\x00\x00""AA\xff\x00""A\xff""9\n\xff\xff\xff\x00\x00\x00""A\x00""a", "00000003: 41ff 0041 ff39 0aff ffff 0000 0041 0061  A..A.9.......A.a\n", 0, "", "xxd", "-s", "3", "-l", "20");
    TX(&t, cmd_xxd, "\x00\x00\x00""A\xff\x00\x00""A\xff\x00\nAa\xff\xff""a\xac\xff""aAa\xff""6;\xff\x00\x00\x00""aa[\x00\xff""a\n\n\x00\x00\x00\xf9\xff""A\n\x00\n\x00Ra\n\n\x00""aa\xff""A\x00""A\n\x04\xd1\x00""a\x00""A\xe4\x0b", "00000003: 41ff 0000 41ff 000a 4161 ffff 61ac ff61  A...A...Aa..a..a\n00000013: 4161 ff36                                Aa.6\n", 0, "", "xxd", "-s", "3", "-l", "20");
    TX(&t, cmd_xxd, "\xff\xff""a\xdf\xff\x00\x00""aa\xe5""a\x00\nA\x00z\xff\x00\x0b""a\n\xff\x00\x00""A\xff\x00""aa\xff\x00\t\xff\n\x00\xff\x00""A`a\xff\xff""A", "00000000: ffff df61 00ff 6100 e561 0061 410a 7a00  ..a....aa.a..A.z\n00000010: 00ff 610b ff0a 0000 ff41 6100 ff61 0900  ...a....A..aa...\n00000020: 0aff ff00 4100 6160 ffff   41            .....A`a..A\n", 0, "", "xxd", "-e", "-g", "2");
    TX(&t, cmd_xxd, "aA\xff\xed\x00\n\xe1\xff\x95\x00\x00\x00\x00\xff\xe6\x00""A\x9e\n\xff\xffgA\x00""aaD\n\xc1""A\x17""aA\x00\x00\x00""9\n\x00\x00""aa\x00\x00""a\n", "00000003: ed00 0ae1 ff95 0000 0000 ffe6 0041 9e0a  .............A..\n00000013: ffff 6741                                ..gA\n", 0, "", "xxd", "-s", "3", "-l", "20");
    TX(&t, cmd_xxd, "a\xff\naa\x7f\x00""A\x00""AA", "00000000: 61FF0A61 617F0041 004141             a..aa..A.AA\n", 0, "", "xxd", "-g", "4", "-u");
    TX(&t, cmd_xxd, "\n\x00", "00000000: 00001010 00000000                                      ..\n", 0, "", "xxd", "-b");
    cmdtest_free(&t);
}

