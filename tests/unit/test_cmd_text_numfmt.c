/* test_cmd_text_numfmt.c — numfmt: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("numfmt", cmd_numfmt, "");

static void numfmt_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_numfmt_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "1.0M\n", 0, "", "numfmt", "--to=iec", "1048576");
    TX(&t, cmd_numfmt, "", "1.1M\n", 0, "", "numfmt", "--to=si", "1048576");
    TX(&t, cmd_numfmt, "", "1024\n", 0, "", "numfmt", "--from=iec", "1K");
    TX(&t, cmd_numfmt, "", "1000\n", 0, "", "numfmt", "--from=si", "1K");
    TX(&t, cmd_numfmt, "", "1.0MB\n", 0, "", "numfmt", "--to=iec", "--suffix=B", "1048576");
    TX(&t, cmd_numfmt, "", "1.0Mi\n", 0, "", "numfmt", "--to=iec-i", "1048576");
    TX(&t, cmd_numfmt, "", "1.0M\n", 0, "", "numfmt", "--from=iec", "--to=iec", "1M");
    TX(&t, cmd_numfmt, "1048576\n", "1.0M\n", 0, "", "numfmt", "--to=iec");
    TX(&t, cmd_numfmt, "", "1.0K\n2.0K\n1.0M\n", 0, "", "numfmt", "--to=iec", "1024", "2048", "1048576");
    TX(&t, cmd_numfmt, "", "      1.0M\n", 0, "", "numfmt", "--to=iec", "--padding=10", "1048576");
    TX(&t, cmd_numfmt, "", "500\n", 0, "", "numfmt", "--to=iec", "500");
    TX(&t, cmd_numfmt, "", "1.0G\n", 0, "", "numfmt", "--to=si", "1000000000");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: invalid number: 'abc'\n", "numfmt", "--to=iec", "abc");
    TX(&t, cmd_numfmt, "", "1.5\n", 0, "", "numfmt", "1.5");
    TX(&t, cmd_numfmt, "", "1500\n", 0, "", "numfmt", "--from=si", "1.5K");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: invalid suffix in input: '1k'\n", "numfmt", "--from=si", "1k");
    TX(&t, cmd_numfmt, "", "999\n", 0, "", "numfmt", "--to=si", "999");
    TX(&t, cmd_numfmt, "", "1.0K\n", 0, "", "numfmt", "--to=si", "1000");
    TX(&t, cmd_numfmt, "", "10K\n", 0, "", "numfmt", "--to=si", "9999");
    TX(&t, cmd_numfmt, "", "100K\n", 0, "", "numfmt", "--to=si", "99999");
    TX(&t, cmd_numfmt, "", "1.0M\n", 0, "", "numfmt", "--to=si", "999999");
    TX(&t, cmd_numfmt, "", "1023\n", 0, "", "numfmt", "--to=iec", "1023");
    TX(&t, cmd_numfmt, "", "1.0K\n", 0, "", "numfmt", "--to=iec", "1024");
    TX(&t, cmd_numfmt, "", "10K\n", 0, "", "numfmt", "--to=iec", "10240");
    TX(&t, cmd_numfmt, "", "1.0M\n", 0, "", "numfmt", "--to=iec", "1048575");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "0\n", 0, "", "numfmt", "--to=si", "0");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid option -- '1'\nTry 'numfmt --help' for more information.\n", "numfmt", "--to=si", "-1500");
    TX(&t, cmd_numfmt, "", "1.9K\n", 0, "", "numfmt", "--to=si", "--round=down", "1999");
    TX(&t, cmd_numfmt, "", "1.5K\n", 0, "", "numfmt", "--to=si", "--round=nearest", "1450");
    TX(&t, cmd_numfmt, "", "1.1K\n", 0, "", "numfmt", "--to=si", "--round=up", "1001");
    TX(&t, cmd_numfmt, "", "1.5Ki\n", 0, "", "numfmt", "--to=iec-i", "1536");
    TX(&t, cmd_numfmt, "", "1024\n", 0, "", "numfmt", "--from=iec-i", "1Ki");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: missing 'i' suffix in input: '1K' (e.g Ki/Mi/Gi)\n", "numfmt", "--from=iec-i", "1K");
    TX(&t, cmd_numfmt, "", "1024\n", 0, "", "numfmt", "--from=auto", "1Ki");
    TX(&t, cmd_numfmt, "", "1000\n", 0, "", "numfmt", "--from=auto", "1K");
    TX(&t, cmd_numfmt, "", "1572864\n", 0, "", "numfmt", "--from=auto", "1.5Mi");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: rejecting suffix in input: '1K' (consider using --from)\n", "numfmt", "1K");
    TX(&t, cmd_numfmt, "", "5         \n", 0, "", "numfmt", "--padding=-10", "5");
    TX(&t, cmd_numfmt, "", "00001234\n", 0, "", "numfmt", "--format=%08f", "1234");
    TX(&t, cmd_numfmt, "", "1234      |\n", 0, "", "numfmt", "--format=%-10f|", "1234");
    TX(&t, cmd_numfmt, "", "1.50\n", 0, "", "numfmt", "--format=%.2f", "1.5");
    TX(&t, cmd_numfmt, "", "1.235M\n", 0, "", "numfmt", "--to=si", "--format=%.3f", "1234567");
    TX(&t, cmd_numfmt, "", "x42y\n", 0, "", "numfmt", "--format=x%fy", "42");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid format '%d', directive must be %[0]['][-][N][.][N]f\n", "numfmt", "--format=%d", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: format '%f%f' has too many % directives\n", "numfmt", "--format=%f%f", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: format 'abc' has no % directive\n", "numfmt", "--format=abc", "5");
    TX(&t, cmd_numfmt, "", "1024B\n", 0, "", "numfmt", "--suffix=B", "1024");
    TX(&t, cmd_numfmt, "", "1024B\n", 0, "", "numfmt", "--suffix=B", "1024B");
    TX(&t, cmd_numfmt, "", "1000B\n", 0, "", "numfmt", "--from=si", "--suffix=B", "1KB");
    TX(&t, cmd_numfmt, "", "a\n1024\n", 0, "", "numfmt", "--field=2", "a", "1024");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "1024\n", 0, "", "numfmt", "--to-unit=1024", "1048576");
    TX(&t, cmd_numfmt, "", "2048\n", 0, "", "numfmt", "--from-unit=512", "4");
    TX(&t, cmd_numfmt, "", "2\n", 0, "", "numfmt", "--to=si", "1.5");
    TX(&t, cmd_numfmt, "", "abc\n5\n", 0, "numfmt: invalid number: 'abc'\n", "numfmt", "--invalid=warn", "abc", "5");
    TX(&t, cmd_numfmt, "", "abc\n5\n", 2, "numfmt: invalid number: 'abc'\n", "numfmt", "--invalid=fail", "abc", "5");
    TX(&t, cmd_numfmt, "", "abc\n5\n", 0, "", "numfmt", "--invalid=ignore", "abc", "5");
    TX(&t, cmd_numfmt, "", "-5\n", 0, "", "numfmt", "--", "-5");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: invalid suffix in input: '1e3'\n", "numfmt", "--to=si", "1e3");
    TX(&t, cmd_numfmt, "", "1.0Z\n", 0, "", "numfmt", "--to=iec", "1180591620717411303424");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: value too large to be printed: '1.23457e+19' (consider using --to)\n", "numfmt", "12345678901234567890");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: value too large to be converted: '123456789012345678901234567890'\n", "numfmt", "--to=si", "123456789012345678901234567890");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: value too large to be printed: '1e+24' (consider using --to)\n", "numfmt", "--from=si", "1Y");
    TX(&t, cmd_numfmt, "", "1\n", 2, "numfmt: invalid number: 'K'\n", "numfmt", "--to=iec", "1", "K");
    TX(&t, cmd_numfmt, "", "0\n", 0, "", "numfmt", "--to=si", "0.5");
    TX(&t, cmd_numfmt, "", "6\n", 0, "", "numfmt", "--to=si", "5.55");
    TX(&t, cmd_numfmt, "", "10\n", 0, "", "numfmt", "--to=si", "9.99");
    TX(&t, cmd_numfmt, "", "1.0K\n", 0, "", "numfmt", "--to=si", "999.9");
    TX(&t, cmd_numfmt, "", "100K\n", 0, "", "numfmt", "--to=si", "99950");
    TX(&t, cmd_numfmt, "", "1.5K\n", 0, "", "numfmt", "--to=iec", "--round=nearest", "1535");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid argument 'auto' for '--to'\nValid arguments are:\n  - 'none'\n  - 'si'\n  - 'iec'\n  - 'iec-i'\nTry 'numfmt --help' for more information.\n", "numfmt", "--to=auto", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid argument 'x' for '--round'\nValid arguments are:\n  - 'up'\n  - 'down'\n  - 'from-zero'\n  - 'towards-zero'\n  - 'nearest'\nTry 'numfmt --help' for more information.\n", "numfmt", "--round=x", "5");
    TX(&t, cmd_numfmt, "", "1.0M\n", 0, "", "numfmt", "--to=si", "1000000", "--format", "%.1f");
    TX(&t, cmd_numfmt, "", "1234567\n", 0, "", "numfmt", "--grouping", "1234567");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: rejecting suffix in input: '1.5K' (consider using --from)\n", "numfmt", "--to=iec", "1.5K");
    TX(&t, cmd_numfmt, "", "3\n", 0, "", "numfmt", "--to-unit=1K", "2048");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_4)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "2048\n", 0, "", "numfmt", "--from-unit=1Ki", "2");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: fields are numbered from 1\nTry 'numfmt --help' for more information.\n", "numfmt", "--field=0", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid padding value '0'\n", "numfmt", "--padding=0", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid padding value 'x'\n", "numfmt", "--padding=x", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: the delimiter must be a single character\n", "numfmt", "-d", "ab", "5");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: invalid unit size: 'x'\n", "numfmt", "--from-unit=x", "5");
    TX(&t, cmd_numfmt, "", "-0\n", 0, "", "numfmt", "--to=si", "--", "-0.5");
    TX(&t, cmd_numfmt, "", "0.0001\n", 0, "", "numfmt", "0.0001");
    TX(&t, cmd_numfmt, "", "1.10\n", 0, "", "numfmt", "1.10");
    TX(&t, cmd_numfmt, "", "1.2\n", 0, "", "numfmt", "--round=up", "1.15", "--format=%.1f");
    TX(&t, cmd_numfmt, "", "", 1, "numfmt: grouping cannot be combined with --to\n", "numfmt", "--format=%'10.1f", "--to=si", "12345");
    TX(&t, cmd_numfmt, "", "%%5\n", 0, "", "numfmt", "--format=%%x%f", "5");
    TX(&t, cmd_numfmt, "", "5%%\n", 0, "", "numfmt", "--format=%f%%", "5");
    TX(&t, cmd_numfmt, "", "2\n", 0, "", "numfmt", "--format=%.f", "1.5");
    TX(&t, cmd_numfmt, "", "  1.3\n", 0, "", "numfmt", "--format=%5.1f", "1.25");
    TX(&t, cmd_numfmt, "", "    3\n", 0, "", "numfmt", "--format=% 5f", "3");
    TX(&t, cmd_numfmt, "", "-1.9K\n", 0, "", "numfmt", "--to=si", "--round=towards-zero", "--", "-1999");
    TX(&t, cmd_numfmt, "", "1\n", 0, "", "numfmt", "--to=iec-i", "1");
    TX(&t, cmd_numfmt, "", "1.0Ki\n", 0, "", "numfmt", "--to=iec-i", "1023.5");
    TX(&t, cmd_numfmt, "", "3.0G\n", 0, "", "numfmt", "--from=auto", "--to=iec", "3Gi");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: invalid suffix in input: '1.05e3'\n", "numfmt", "--to=si", "1.05e3");
    TX(&t, cmd_numfmt, "", "1.5KX\n", 0, "", "numfmt", "--to=si", "--suffix=X", "1500X");
    TX(&t, cmd_numfmt, "", "2.0K    |\n", 0, "", "numfmt", "--to=iec", "--format=%-8f|", "2048");
    TX(&t, cmd_numfmt, "", "", 2, "numfmt: rejecting suffix in input: '-1.5K' (consider using --from)\n", "numfmt", "--", "-1.5K");
    TX(&t, cmd_numfmt, "", "-1500\n", 0, "", "numfmt", "--from=si", "--", "-1.5K");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_5)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "1.0M\n", 0, "", "numfmt", "--to=si", "999950");
    TX(&t, cmd_numfmt, "", "1.0Y\n", 0, "", "numfmt", "--to=si", "1000000000000000000000000");
    TX(&t, cmd_numfmt, "", "10\n", 0, "", "numfmt", "--to=iec", "9.99");
    TX(&t, cmd_numfmt, "", "1\nx\n3\n", 2, "numfmt: invalid number: 'x'\n", "numfmt", "--invalid=fail", "--to=iec", "1", "x", "3");
    TX(&t, cmd_numfmt, "", "5\n", 0, "", "numfmt", "--header=2", "5");
    TX(&t, cmd_numfmt, "  1024 x\n   2048 y\n", "  1.0K x\n   2.0K y\n", 0, "", "numfmt", "--to=iec");
    TX(&t, cmd_numfmt, "a 1024 2048 b\n", "a 1.0K 2.0K b\n", 0, "", "numfmt", "--to=iec", "--field=2-3");
    TX(&t, cmd_numfmt, "a 1024  2048 b\n", "a 1.0K  2.0K b\n", 0, "", "numfmt", "--to=iec", "--field=2,3");
    TX(&t, cmd_numfmt, "a:1024:x\n", "a:1.0K:x\n", 0, "", "numfmt", "-d:", "--to=iec", "--field=2");
    TX(&t, cmd_numfmt, "h1\nh2\n1024\n", "h1\nh2\n1.0K\n", 0, "", "numfmt", "--header=2", "--to=iec");
    TX(&t, cmd_numfmt, "1024\n2048\n", "1.0K\n2.0K\n", 0, "", "numfmt", "--to=iec", "--field=-");
    TX(&t, cmd_numfmt, "1024 2048\n", "1.0K 2.0K\n", 0, "", "numfmt", "--to=iec", "--field=-");
    TX(&t, cmd_numfmt, "1024\x00", "1.0K\x00", 0, "", "numfmt", "-z", "--to=iec");
    TX(&t, cmd_numfmt, "x 1024\n", "x     1.0K\n", 0, "", "numfmt", "--field", "2", "--padding=8", "--to=iec");
    TX(&t, cmd_numfmt, "1024", "1.0K", 0, "", "numfmt", "--to=iec");
    TX(&t, cmd_numfmt, "  5\n", "  5\n", 0, "", "numfmt");
    TX(&t, cmd_numfmt, "1 2 3 4 5\n", "1 2 3 4 5\n", 0, "", "numfmt", "--field=2-", "--to=si");
    TX(&t, cmd_numfmt, "1 2 3 4 5\n", "1 2 3 4 5\n", 0, "", "numfmt", "--field=-2", "--to=si");
    TX(&t, cmd_numfmt, "1 2 3 4 5\n", "", 1, "numfmt: invalid decreasing range\nTry 'numfmt --help' for more information.\n", "numfmt", "--field=3-2");
    TX(&t, cmd_numfmt, "1 x 1024\n2 y 4096\n", "1 x 1.0K\n2 y 4.0K\n", 0, "", "numfmt", "--field", "3", "--to=iec", "--invalid=ignore");
    TX(&t, cmd_numfmt, "a b\n", "", 2, "numfmt: invalid number: 'a'\n", "numfmt");
    TX(&t, cmd_numfmt, "1000\nabc\n2000\n", "1.0K\n", 2, "numfmt: invalid number: 'abc'\n", "numfmt", "--to=si");
    TX(&t, cmd_numfmt, "1000\nabc\n2000\n", "1.0K\nabc\n2.0K\n", 2, "numfmt: invalid number: 'abc'\n", "numfmt", "--to=si", "--invalid=fail");
    TX(&t, cmd_numfmt, "", "970Ki\n", 0, "", "numfmt", "--to=iec-i", "--round=towards-zero", "993908");
    TX(&t, cmd_numfmt, "", "      4.9K\n", 0, "", "numfmt", "--to=si", "--round=towards-zero", "--format=%10f", "4914.88");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_6)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "1.2P\n", 0, "", "numfmt", "--to=si", "--round=up", "1125899906842621");
    TX(&t, cmd_numfmt, "", "879Mi\n", 0, "", "numfmt", "--to=iec-i", "--round=towards-zero", "921773490");
    TX(&t, cmd_numfmt, "", "74\n", 0, "", "numfmt", "--to=si", "--round=towards-zero", "74");
    TX(&t, cmd_numfmt, "", "1.0Gi\n", 0, "", "numfmt", "--to=iec-i", "--round=down", "1073741824");
    TX(&t, cmd_numfmt, "", "614.0  \n", 0, "", "numfmt", "--round=down", "--format=%-7.1f", "614");
    TX(&t, cmd_numfmt, "", "1073741822\n", 0, "", "numfmt", "1073741822");
    TX(&t, cmd_numfmt, "", "1.13P\n", 0, "", "numfmt", "--to=si", "--format=%.2f", "1125899906842624");
    TX(&t, cmd_numfmt, "", "1.00Gi\n", 0, "", "numfmt", "--to=iec-i", "--round=nearest", "--format=%.2f", "1073741826");
    TX(&t, cmd_numfmt, "", "7\n", 0, "", "numfmt", "--to=iec", "--round=down", "7");
    TX(&t, cmd_numfmt, "", "51242.9\n", 0, "", "numfmt", "--round=nearest", "--format=%-7.1f", "51242.938");
    TX(&t, cmd_numfmt, "", "1.0Gi\n", 0, "", "numfmt", "--to=iec-i", "--round=nearest", "1073741826");
    TX(&t, cmd_numfmt, "", "1023.99K\n", 0, "", "numfmt", "--to=iec", "--round=down", "--format=%.2f", "1048573");
    TX(&t, cmd_numfmt, "", "756.0  \n", 0, "", "numfmt", "--to=iec", "--round=towards-zero", "--format=%-7.1f", "756");
    TX(&t, cmd_numfmt, "", "1099511627776\n", 0, "", "numfmt", "--format=%10f", "1099511627776");
    TX(&t, cmd_numfmt, "", "5.6Gi\n", 0, "", "numfmt", "--to=iec-i", "--round=towards-zero", "6014855302");
    TX(&t, cmd_numfmt, "", "0.0    \n", 0, "", "numfmt", "--to=si", "--round=up", "--format=%-7.1f", "0");
    TX(&t, cmd_numfmt, "", "1956\n", 0, "", "numfmt", "1956");
    TX(&t, cmd_numfmt, "", "      59Ti\n", 0, "", "numfmt", "--to=iec-i", "--round=down", "--format=%10f", "65584055360419");
    TX(&t, cmd_numfmt, "", "67.67K\n", 0, "", "numfmt", "--to=si", "--round=towards-zero", "--format=%.2f", "67676.23");
    TX(&t, cmd_numfmt, "", "89.2Ki \n", 0, "", "numfmt", "--to=iec-i", "--round=up", "--format=%-7.1f", "91251.865");
    TX(&t, cmd_numfmt, "", "64K\n", 0, "", "numfmt", "--to=iec", "--round=nearest", "65889.337");
    TX(&t, cmd_numfmt, "", "1497\n", 0, "", "numfmt", "--round=down", "1497");
    TX(&t, cmd_numfmt, "", "       95K\n", 0, "", "numfmt", "--to=si", "--round=up", "--format=%10f", "94781.357");
    TX(&t, cmd_numfmt, "", "5533\n", 0, "", "numfmt", "--round=down", "5533");
    TX(&t, cmd_numfmt, "", "50926.801\n", 0, "", "numfmt", "--round=down", "50926.801");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_7)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "60K\n", 0, "", "numfmt", "--to=iec", "--round=up", "60707.411");
    TX(&t, cmd_numfmt, "", "1.1Mi  \n", 0, "", "numfmt", "--to=iec-i", "--round=up", "--format=%-7.1f", "1048577");
    TX(&t, cmd_numfmt, "", "2804.14\n", 0, "", "numfmt", "--round=up", "2804.14");
    TX(&t, cmd_numfmt, "", "     1.0Ki\n", 0, "", "numfmt", "--to=iec-i", "--round=towards-zero", "--format=%10f", "1026");
    TX(&t, cmd_numfmt, "", "1.0T\n", 0, "", "numfmt", "--to=iec", "--round=towards-zero", "1099511627778");
    TX(&t, cmd_numfmt, "", "523M\n", 0, "", "numfmt", "--to=iec", "--round=up", "548195686");
    TX(&t, cmd_numfmt, "", "1.0K\n", 0, "", "numfmt", "--to=si", "--round=towards-zero", "1023");
    TX(&t, cmd_numfmt, "", "      1.1K\n", 0, "", "numfmt", "--to=si", "--format=%10f", "1025");
    TX(&t, cmd_numfmt, "", "1048.0 \n", 0, "", "numfmt", "--round=towards-zero", "--format=%-7.1f", "1048");
    TX(&t, cmd_numfmt, "", " 32460.715\n", 0, "", "numfmt", "--round=up", "--format=%10f", "32460.715");
    TX(&t, cmd_numfmt, "", "50\n", 0, "", "numfmt", "--to=iec", "--round=down", "50");
    TX(&t, cmd_numfmt, "", "1.3K\n", 0, "", "numfmt", "--to=iec", "--round=nearest", "1352");
    TX(&t, cmd_numfmt, "", "51.0K  \n", 0, "", "numfmt", "--to=iec", "--round=nearest", "--format=%-7.1f", "52200.906");
    TX(&t, cmd_numfmt, "", "730.0  \n", 0, "", "numfmt", "--to=si", "--round=down", "--format=%-7.1f", "730");
    TX(&t, cmd_numfmt, "", "787\n", 0, "", "numfmt", "--to=si", "787");
    TX(&t, cmd_numfmt, "", " 34808.278\n", 0, "", "numfmt", "--round=down", "--format=%10f", "34808.278");
    TX(&t, cmd_numfmt, "", "      1.1K\n", 0, "", "numfmt", "--to=si", "--round=up", "--format=%10f", "1012");
    TX(&t, cmd_numfmt, "", "2.2K\n", 0, "", "numfmt", "--to=si", "--round=down", "2206.649");
    TX(&t, cmd_numfmt, "", "44K\n", 0, "", "numfmt", "--to=si", "--round=towards-zero", "44453.566");
    TX(&t, cmd_numfmt, "", "       370\n", 0, "", "numfmt", "--to=iec", "--round=down", "--format=%10f", "370");
    TX(&t, cmd_numfmt, "", "721.8M \n", 0, "", "numfmt", "--to=si", "--format=%-7.1f", "721723300");
    TX(&t, cmd_numfmt, "", "1099511627773\n", 0, "", "numfmt", "--round=towards-zero", "--format=%10f", "1099511627773");
    TX(&t, cmd_numfmt, "", "90143.220\n", 0, "", "numfmt", "--round=down", "90143.220");
    TX(&t, cmd_numfmt, "", "      9.3K\n", 0, "", "numfmt", "--to=si", "--format=%10f", "9269.640");
    TX(&t, cmd_numfmt, "", "1.00G\n", 0, "", "numfmt", "--to=iec", "--round=up", "--format=%.2f", "1073741821");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_numfmt_8)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    numfmt_files(&t);
    TX(&t, cmd_numfmt, "", "1.93K\n", 0, "", "numfmt", "--to=iec", "--format=%.2f", "1969");
    TX(&t, cmd_numfmt, "", "1023Gi\n", 0, "", "numfmt", "--to=iec-i", "--round=towards-zero", "1099511627773");
    TX(&t, cmd_numfmt, "", "1.0K\n", 0, "", "numfmt", "--to=si", "--round=nearest", "1022");
    TX(&t, cmd_numfmt, "", " 82532.238\n", 0, "", "numfmt", "--round=down", "--format=%10f", "82532.238");
    TX(&t, cmd_numfmt, "", "1023.9K\n", 0, "", "numfmt", "--to=iec", "--round=towards-zero", "--format=%-7.1f", "1048573");
    TX(&t, cmd_numfmt, "", "3.46G\n", 0, "", "numfmt", "--to=si", "--round=up", "--format=%.2f", "3456064028");
    TX(&t, cmd_numfmt, "", "59164.571\n", 0, "", "numfmt", "--round=down", "59164.571");
    TX(&t, cmd_numfmt, "", "9410210\n", 0, "", "numfmt", "--round=down", "9410210");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

