/* test_cmd_text_csplit.c — csplit: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("csplit", cmd_csplit, "");

static void csplit_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "in", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 51, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "nonl", "a\nb", 3, 0644);
}

static const char *const csplit_fixtures[] = { "in", "nonl", NULL };

TEST(cmd_text_csplit_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    csplit_files(&t);
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "8\n16\n27\n== xx00 ==\n1\n2\n3\n4\n== xx01 ==\n5\n6\n7\n8\n9\n10\n11\n== xx02 ==\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "5", "12");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "12\n24\n15\n== xx00 ==\n1\n2\n3\n4\n5\n6\n== xx01 ==\n7\n8\n9\n10\n11\n12\n13\n14\n15\n== xx02 ==\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "/7/", "/15/+1");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "0\n18\n3\n3\n3\n3\n3\n3\n3\n3\n3\n6\n== xx00 ==\n== xx01 ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n== xx02 ==\n10\n== xx03 ==\n11\n== xx04 ==\n12\n== xx05 ==\n13\n== xx06 ==\n14\n== xx07 ==\n15\n== xx08 ==\n16\n== xx09 ==\n17\n== xx10 ==\n18\n== xx11 ==\n19\n20\n", 0, "", "csplit", "in", "/1/", "{*}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "18\n33\n== pre000.txt ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n== pre001.txt ==\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "-f", "pre", "-n", "3", "-b", "%03d.txt", "in", "10");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "== xx00 ==\n1\n2\n3\n4\n== xx01 ==\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 1, "csplit: '30': line number out of range\n", "csplit", "-s", "-k", "in", "5", "30");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "51\n", 1, "csplit: '30': line number out of range\n", "csplit", "in", "30");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "10\n33\n== xx00 ==\n5\n6\n7\n8\n9\n== xx01 ==\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "%5%", "10");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "18\n3\n3\n27\n== xx00 ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n== xx01 ==\n10\n== xx02 ==\n11\n== xx03 ==\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "-z", "in", "/1/", "{3}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "51\n", 1, "csplit: '/nomatch/': match not found\n", "csplit", "in", "/nomatch/");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "51\n== xx00 ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 1, "csplit: '/nomatch/': match not found\n", "csplit", "-k", "in", "/nomatch/");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: 'x': invalid pattern\n", "csplit", "in", "x");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: line number '3' is smaller than preceding line number, 5\n", "csplit", "in", "5", "3");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "4\n14\n33\n== xx00 ==\n1\n2\n== xx01 ==\n3\n4\n5\n6\n7\n8\n9\n== xx02 ==\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "/5/-2", "/10/");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "6\n8\n10\n27\n== xx00 ==\n1\n2\n3\n== xx01 ==\n4\n5\n6\n7\n== xx02 ==\n8\n9\n10\n11\n== xx03 ==\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "4", "{2}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "6\n8\n10\n12\n12\n3\n", 1, "csplit: '4': line number out of range on repetition 5\n", "csplit", "in", "4", "{10}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "6\n8\n10\n12\n12\n3\n== xx00 ==\n1\n2\n3\n== xx01 ==\n4\n5\n6\n7\n== xx02 ==\n8\n9\n10\n11\n== xx03 ==\n12\n13\n14\n15\n== xx04 ==\n16\n17\n18\n19\n== xx05 ==\n20\n", 1, "csplit: '4': line number out of range on repetition 5\n", "csplit", "-k", "in", "4", "{10}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "48\n3\n== xx00 ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n== xx01 ==\n20\n", 0, "", "csplit", "in", "20");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "51\n", 1, "csplit: '21': line number out of range\n", "csplit", "in", "21");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "0\n18\n3\n3\n3\n3\n3\n3\n3\n3\n3\n6\n== xx00 ==\n== xx01 ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n== xx02 ==\n10\n== xx03 ==\n11\n== xx04 ==\n12\n== xx05 ==\n13\n== xx06 ==\n14\n== xx07 ==\n15\n== xx08 ==\n16\n== xx09 ==\n17\n== xx10 ==\n18\n== xx11 ==\n19\n20\n", 0, "", "csplit", "in", "/^1/", "{*}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "8\n43\n== xx00 ==\n1\n2\n3\n4\n== xx01 ==\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "/^2/+3");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "8\n43\n== xx00 ==\n1\n2\n3\n4\n== xx01 ==\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "%^1%", "/5/");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: missing operand after 'in'\nTry 'csplit --help' for more information.\n", "csplit", "in");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: missing operand\nTry 'csplit --help' for more information.\n", "csplit");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: cannot open 'nofile' for reading: No such file or directory\n", "csplit", "nofile", "3");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "a\nb\nc\nd\n", "2\n6\n== xx00 ==\na\n== xx01 ==\nb\nc\nd\n", 0, "", "csplit", "-", "2");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_csplit_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    csplit_files(&t);
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "2\n1\n== xx00 ==\na\n== xx01 ==\nb", 0, "", "csplit", "nonl", "2");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "8\n0\n43\n== xx00 ==\n1\n2\n3\n4\n== xx01 ==\n== xx02 ==\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "csplit: warning: line number '5' is the same as preceding line number\n", "csplit", "in", "5", "5");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "4\n23\n24\n", 1, "csplit: '/3/': match not found on repetition 2\n", "csplit", "in", "/3/", "{2}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "4\n23\n24\n== xx00 ==\n1\n2\n== xx01 ==\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n== xx02 ==\n13\n14\n15\n16\n17\n18\n19\n20\n", 1, "csplit: '/3/': match not found on repetition 2\n", "csplit", "-k", "in", "/3/", "{5}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "0\n21\n30\n== xx00 ==\n== xx01 ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n== xx02 ==\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "in", "/1$/", "{*}");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "4\n47\n== xxx0y ==\n1\n2\n== xxx1y ==\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", 0, "", "csplit", "-b", "x%dy", "in", "3");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: /x: closing delimiter '/' missing\n", "csplit", "in", "/x");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: 0: line number must be greater than zero\n", "csplit", "in", "0");
    TXL(csplit_files, csplit_fixtures, cmd_csplit, "", "", 1, "csplit: '/5/x': integer expected after delimiter\n", "csplit", "in", "/5/x");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

