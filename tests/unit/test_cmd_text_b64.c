/* test_cmd_text_b64.c — base32, base64: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("base32", cmd_base32, "");
SK_CMD("base64", cmd_base64, "");

static void b64_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_b64_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    b64_files(&t);
    TX(&t, cmd_base64, "YQ", "a", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "YQ==YQ==", "aa", 0, "", "base64", "-d");
    TX(&t, cmd_base64, "YW Jj", "a", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "YW Jj", "abc", 0, "", "base64", "-di");
    TX(&t, cmd_base64, "YWJj\n\nZA==\n", "abcd", 0, "", "base64", "-d");
    TX(&t, cmd_base64, "Y", "", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "YWJ", "ab", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "", "", 0, "", "base64");
    TX(&t, cmd_base64, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n31\n32\n33\n34\n35\n36\n37\n38\n39\n40\n", "MQoyCjMKNAo1CjYKNwo4CjkKMTAKMTEKMTIKMTMKMTQKMTUKMTYKMTcKMTgKMTkKMjAKMjEKMjIK\nMjMKMjQKMjUKMjYKMjcKMjgKMjkKMzAKMzEKMzIKMzMKMzQKMzUKMzYKMzcKMzgKMzkKNDAK\n", 0, "", "base64");
    TX(&t, cmd_base64, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n", "MQoyCjMKNAo1CjYKNwo4\nCjkKMTAKMTEKMTIKMTMK\nMTQKMTUKMTYKMTcKMTgK\nMTkKMjAKMjEKMjIKMjMK\nMjQKMjUKMjYKMjcKMjgK\nMjkKMzAK\n", 0, "", "base64", "-w", "20");
    TX(&t, cmd_base64, "1\n2\n3\n4\n5\n", "MQoyCjMKNAo1Cg==", 0, "", "base64", "-w0");
    TX(&t, cmd_base32, "hello", "NBSWY3DP\n", 0, "", "base32");
    TX(&t, cmd_base32, "NBSWY3DP", "hello", 0, "", "base32", "-d");
    TX(&t, cmd_base32, "NBSWY3D", "", 1, "base32: invalid input\n", "base32", "-d");
    TX(&t, cmd_base64, "", "", 1, "base64: invalid wrap size: 'x'\n", "base64", "-w", "x");
    TX(&t, cmd_base64, "", "", 1, "base64: extra operand 'b'\nTry 'base64 --help' for more information.\n", "base64", "a", "b");
    TX(&t, cmd_base64, "", "", 1, "base64: nofile: No such file or directory\n", "base64", "nofile");
    TX(&t, cmd_base64, "a\x00""b", "YQBi\n", 0, "", "base64");
    TX(&t, cmd_base64, "=YWJj", "", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "YWJj=", "abc", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "YW=Jj", "a", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "YWJj\x0d\n", "abc", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base32, "NBSWY3DPEE======", "hello!", 0, "", "base32", "-d");
    TX(&t, cmd_base32, "NBSWY3DPEE", "hello", 1, "base32: invalid input\n", "base32", "-d");
    TX(&t, cmd_base32, "ME======", "a", 0, "", "base32", "-d");
    cmdtest_free(&t);
}

TEST(cmd_text_b64_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    b64_files(&t);
    TX(&t, cmd_base32, "ME=====", "", 1, "base32: invalid input\n", "base32", "-d");
    TX(&t, cmd_base32, "MFRA====", "ab", 0, "", "base32", "-d");
    TX(&t, cmd_base32, "NBSWY3DP ", "hello", 1, "base32: invalid input\n", "base32", "-d");
    TX(&t, cmd_base32, "hello world", "NBSWY3DPEB\n3W64TMMQ==\n====\n", 0, "", "base32", "-w", "10");
    TX(&t, cmd_base64, "\xff\xfe\xfd\x00\x01", "//79AAE=\n", 0, "", "base64");
    TX(&t, cmd_base32, "\xff\xfe\xfd\x00\x01", "777P2AAB\n", 0, "", "base32");
    TX(&t, cmd_base64, "//79AAE=", "\xff\xfe\xfd\x00\x01", 0, "", "base64", "-d");
    TX(&t, cmd_base64, "aGVsbG8gd29ybGQ=\n", "hello world", 0, "", "base64", "--decode");
    TX(&t, cmd_base64, "aGVs*bG8=", "hello", 0, "", "base64", "-d", "-i");
    TX(&t, cmd_base64, "aGVs*bG8=", "hel", 1, "base64: invalid input\n", "base64", "-d");
    TX(&t, cmd_base64, "abc", "YW\nJj\n", 0, "", "base64", "--wrap=2");
    TX(&t, cmd_base32, "a", "ME=\n===\n==\n", 0, "", "base32", "-w", "3");
    TX(&t, cmd_base32, "ME===", "", 1, "base32: invalid input\n", "base32", "-di");
    cmdtest_free(&t);
}

