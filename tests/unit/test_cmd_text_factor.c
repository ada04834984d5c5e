/* test_cmd_text_factor.c — factor: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("factor", cmd_factor, "");

static void factor_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_factor_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    factor_files(&t);
    TX(&t, cmd_factor, "", "1:\n2: 2\n3: 3\n4: 2 2\n12: 2 2 3\n97: 97\n100: 2 2 5 5\n1001: 7 11 13\n0:\n", 0, "", "factor", "1", "2", "3", "4", "12", "97", "100", "1001", "0");
    TX(&t, cmd_factor, "", "", 1, "factor: 'x' is not a valid positive integer\n", "factor", "x");
    TX(&t, cmd_factor, "", "12: 2 2 3\n15: 3 5\n12: 2 2 3\n", 1, "factor: '16 ' is not a valid positive integer\nfactor: '0x10' is not a valid positive integer\n", "factor", "+12", " 15", "16 ", "0x10", "012");
    TX(&t, cmd_factor, "30 42\nabc 7", "30: 2 3 5\n42: 2 3 7\n7: 7\n", 1, "factor: 'abc' is not a valid positive integer\n", "factor");
    TX(&t, cmd_factor, "", "18446744073709551615: 3 5 17 257 641 65537 6700417\n18446744073709551617: 274177 67280421310721\n", 0, "", "factor", "18446744073709551615", "18446744073709551617");
    TX(&t, cmd_factor, "", "340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721\n", 0, "", "factor", "340282366920938463463374607431768211455");
    TX(&t, cmd_factor, "", "1000000000000000000000000000000000000: 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5\n", 0, "", "factor", "1000000000000000000000000000000000000");
    TX(&t, cmd_factor, "", "999999999999999989: 999999999999999989\n600851475143: 71 839 1471 6857\n9007199254740993: 3 107 28059810762433\n", 0, "", "factor", "999999999999999989", "600851475143", "9007199254740993");
    TX(&t, cmd_factor, "", "1234567890123456789012345678901: 7742394596501 159455563099482401\n", 0, "", "factor", "1234567890123456789012345678901");
    TX(&t, cmd_factor, "", "170141183460469231731687303715884105727: 170141183460469231731687303715884105727\n", 0, "", "factor", "170141183460469231731687303715884105727");
    TX(&t, cmd_factor, "", "", 1, "factor: invalid option -- 'h'\nTry 'factor --help' for more information.\n", "factor", "-h");
    TX(&t, cmd_factor, "  8\n\n9  10\t11\n", "8: 2 2 2\n9: 3 3\n10: 2 5\n11: 11\n", 0, "", "factor");
    TX(&t, cmd_factor, "", "4294967297: 641 6700417\n2147483647: 2147483647\n1099511627791: 1099511627791\n", 0, "", "factor", "4294967297", "2147483647", "1099511627791");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

