/* test_cmd_text_seq.c — seq: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("seq", cmd_seq, "");

static void seq_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_seq_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    seq_files(&t);
    TX(&t, cmd_seq, "", "1\n2\n3\n", 0, "", "seq", "3");
    TX(&t, cmd_seq, "", "-2\n-1\n0\n1\n2\n", 0, "", "seq", "-2", "2");
    TX(&t, cmd_seq, "", "1, 2, 3, 4, 5\n", 0, "", "seq", "-s", ", ", "1", "5");
    TX(&t, cmd_seq, "", "01\n02\n03\n04\n05\n06\n07\n08\n09\n10\n", 0, "", "seq", "-w", "1", "10");
    TX(&t, cmd_seq, "", "0\n2\n4\n6\n8\n", 0, "", "seq", "0", "2", "8");
    TX(&t, cmd_seq, "", "1\n", 0, "", "seq", "1");
    TX(&t, cmd_seq, "", "1\n3\n5\n7\n9\n", 0, "", "seq", "1", "2", "9");
    TX(&t, cmd_seq, "", "", 1, "seq: missing operand\nTry 'seq --help' for more information.\n", "seq");
    TX(&t, cmd_seq, "", "3\n4\n5\n6\n", 0, "", "seq", "3", "6");
    TX(&t, cmd_seq, "", "5\n4\n3\n2\n1\n", 0, "", "seq", "5", "-1", "1");
    TX(&t, cmd_seq, "", "", 0, "", "seq", "5", "1");
    TX(&t, cmd_seq, "", "", 1, "seq: invalid floating point argument: 'x'\nTry 'seq --help' for more information.\n", "seq", "x");
    TX(&t, cmd_seq, "", "", 1, "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n", "seq", "1", "0", "3");
    TX(&t, cmd_seq, "", "", 1, "seq: invalid 'not-a-number' argument: 'nan'\nTry 'seq --help' for more information.\n", "seq", "nan");
    TX(&t, cmd_seq, "", "", 1, "seq: format 'x' has no % directive\n", "seq", "-f", "x", "3");
    TX(&t, cmd_seq, "", "", 1, "seq: format '%d' has unknown %d directive\n", "seq", "-f", "%d", "3");
    TX(&t, cmd_seq, "", "", 1, "seq: format '%f %f' has too many % directives\n", "seq", "-f", "%f %f", "2");
    TX(&t, cmd_seq, "", "", 1, "seq: format string may not be specified when printing equal width strings\nTry 'seq --help' for more information.\n", "seq", "-w", "-f", "%g", "2");
    TX(&t, cmd_seq, "", "", 1, "seq: extra operand '4'\nTry 'seq --help' for more information.\n", "seq", "1", "2", "3", "4");
    TX(&t, cmd_seq, "", "0.1\n0.2\n0.3\n0.4\n0.5\n", 0, "", "seq", "0.1", "0.1", "0.5");
    TX(&t, cmd_seq, "", "1.0\n1.5\n2.0\n2.5\n3.0\n", 0, "", "seq", "1", "0.5", "3");
    TX(&t, cmd_seq, "", "08\n09\n10\n11\n12\n", 0, "", "seq", "-w", "8", "12");
    TX(&t, cmd_seq, "", "-5\n-4\n-3\n-2\n-1\n00\n01\n02\n03\n04\n05\n", 0, "", "seq", "-w", "-5", "5");
    TX(&t, cmd_seq, "", "1.50\n1.75\n2.00\n2.25\n2.50\n2.75\n3.00\n", 0, "", "seq", "-w", "1.5", "0.25", "3");
    TX(&t, cmd_seq, "", "100\n150\n200\n250\n300\n", 0, "", "seq", "1e2", "5e1", "3e2");
    cmdtest_free(&t);
}

TEST(cmd_text_seq_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    seq_files(&t);
    TX(&t, cmd_seq, "", "10\n20\n30\n40\n50\n", 0, "", "seq", "-w", "1e1", "1e1", "5e1");
    TX(&t, cmd_seq, "", "16\n17\n18\n", 0, "", "seq", "0x10", "0x12");
    TX(&t, cmd_seq, "", "18446744073709551615\n18446744073709551616\n18446744073709551617\n", 0, "", "seq", "18446744073709551615", "18446744073709551617");
    TX(&t, cmd_seq, "", "1,2,3\n", 0, "", "seq", "-s,", "3");
    TX(&t, cmd_seq, "", "1.000\n2.000\n3.000\n", 0, "", "seq", "-f", "%.3f", "1", "3");
    TX(&t, cmd_seq, "", "x001.0y%\nx002.0y%\n", 0, "", "seq", "-f", "x%05.1fy%%", "2");
    TX(&t, cmd_seq, "", "0.000000\n0.000001\n0.000002\n0.000003\n", 0, "", "seq", "0", "0.000001", "0.000003");
    TX(&t, cmd_seq, "", "", 0, "", "seq", "1", "-1");
    TX(&t, cmd_seq, "", "5.0\n4.5\n4.0\n3.5\n", 0, "", "seq", "5", "-0.5", "3.5");
    TX(&t, cmd_seq, "", "-1\n0\n1\n", 0, "", "seq", "--", "-1", "1");
    TX(&t, cmd_seq, "", "0.5\n1.5\n", 0, "", "seq", ".5", "2");
    TX(&t, cmd_seq, "", "0.5\n1.5\n", 0, "", "seq", "-w", ".5", "2");
    TX(&t, cmd_seq, "", "2\n3\n4\n", 0, "", "seq", "-w", "2.", "4");
    TX(&t, cmd_seq, "", "1.0\n2.0\n3.0\n", 0, "", "seq", "1.0e0", "3");
    TX(&t, cmd_seq, "", "05\n06\n07\n", 0, "", "seq", "-w", "0.5e1", "7");
    TX(&t, cmd_seq, "", "7\n8\n9\n", 0, "", "seq", "007", "9");
    TX(&t, cmd_seq, "", "7\n9\n11\n", 0, "", "seq", "007", "2", "011");
    TX(&t, cmd_seq, "", "3\n253\n503\n753\n", 0, "", "seq", "3", "250", "1000");
    TX(&t, cmd_seq, "", "1ab2ab3\n", 0, "", "seq", "-s", "ab", "3");
    TX(&t, cmd_seq, "", "123\n", 0, "", "seq", "-s", "", "3");
    TX(&t, cmd_seq, "", "1\n", 0, "", "seq", "1.5");
    TX(&t, cmd_seq, "", "", 0, "", "seq", "2", "1.5");
    TX(&t, cmd_seq, "", "", 0, "", "seq", "inf", "1");
    TX(&t, cmd_seq, "", "1.00e+00\n2.00e+00\n3.00e+00\n", 0, "", "seq", "-f", "%5.2e", "3");
    TX(&t, cmd_seq, "", "0x8p-3\n", 0, "", "seq", "-f", "%a", "1");
    cmdtest_free(&t);
}

TEST(cmd_text_seq_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    seq_files(&t);
    TX(&t, cmd_seq, "", "1    X\n2    X\n", 0, "", "seq", "-f", "%-5gX", "2");
    TX(&t, cmd_seq, "", "+1\n+2\n", 0, "", "seq", "-f", "%+g", "2");
    TX(&t, cmd_seq, "", "1.00000\n", 0, "", "seq", "-f", "%#g", "1");
    TX(&t, cmd_seq, "", "0.1\n0.0\n-0.1\n", 0, "", "seq", "0.1", "-0.1", "-0.1");
    TX(&t, cmd_seq, "", "", 1, "seq: format 'abc%' ends in %\n", "seq", "-f", "abc%", "2");
    TX(&t, cmd_seq, "", "%1%\n%2%\n", 0, "", "seq", "-f", "%%%g%%", "2");
    TX(&t, cmd_seq, "", "1\n2\n", 0, "", "seq", "-f", "%Lg", "2");
    TX(&t, cmd_seq, "", "50.0\n", 0, "", "seq", "-w", "5.00e1", "5.00e1");
    TX(&t, cmd_seq, "", "05.0\n", 0, "", "seq", "-w", "50e-1", "5");
    TX(&t, cmd_seq, "", "005\n", 0, "", "seq", "-w", "0.05e2", "5");
    TX(&t, cmd_seq, "", "0.5\n", 0, "", "seq", "-w", "5e-1", "1");
    TX(&t, cmd_seq, "", "12.55\n", 0, "", "seq", "-w", "1.255e1", "13");
    TX(&t, cmd_seq, "", "-1.5\n-0.5\n00.5\n", 0, "", "seq", "-w", "-1.5", "1");
    TX(&t, cmd_seq, "", "-0.5\n00.0\n00.5\n01.0\n", 0, "", "seq", "-w", "-0.5", "0.5", "1");
    TX(&t, cmd_seq, "", "1-12-13\n", 0, "", "seq", "-s", "-1", "3");
    TX(&t, cmd_seq, "", "", 1, "seq: invalid floating point argument: '-w'\nTry 'seq --help' for more information.\n", "seq", "1", "-w", "3");
    TX(&t, cmd_seq, "", "", 1, "seq: invalid option -- 'x'\nTry 'seq --help' for more information.\n", "seq", "-x");
    TX(&t, cmd_seq, "", "-1.5\n", 0, "", "seq", "-1.5e0", "-1");
    TX(&t, cmd_seq, "", "", 1, "seq: invalid floating point argument: '1e5000'\nTry 'seq --help' for more information.\n", "seq", "1e5000");
    TX(&t, cmd_seq, "", "10\n7\n4\n1\n", 0, "", "seq", "10", "-3", "1");
    TX(&t, cmd_seq, "", "1\n", 0, "", "seq", "1", "3", "2");
    TX(&t, cmd_seq, "", "0\n", 0, "", "seq", "0", "0");
    TX(&t, cmd_seq, "", "1\n", 0, "", "seq", "1", "1", "1");
    TX(&t, cmd_seq, "", "99\n100\n101\n", 0, "", "seq", "99", "101");
    TX(&t, cmd_seq, "", "98\n100\n102\n104\n", 0, "", "seq", "98", "2", "104");
    cmdtest_free(&t);
}

TEST(cmd_text_seq_4)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    seq_files(&t);
    TX(&t, cmd_seq, "", "098\n100\n102\n104\n", 0, "", "seq", "-w", "98", "2", "104");
    TX(&t, cmd_seq, "", "1\n2\n3\n", 0, "", "seq", " 3");
    TX(&t, cmd_seq, "", "1\n2\n3\n", 0, "", "seq", "+3");
    TX(&t, cmd_seq, "", "03\n04\n05\n06\n07\n08\n09\n10\n", 0, "", "seq", "-w", "+3", "10");
    cmdtest_free(&t);
}

