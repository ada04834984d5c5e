/* test_cmd_text_pr.c — pr: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("pr", cmd_pr, "");

static void pr_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "s100", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n31\n32\n33\n34\n35\n36\n37\n38\n39\n40\n41\n42\n43\n44\n45\n46\n47\n48\n49\n50\n51\n52\n53\n54\n55\n56\n57\n58\n59\n60\n61\n62\n63\n64\n65\n66\n67\n68\n69\n70\n71\n72\n73\n74\n75\n76\n77\n78\n79\n80\n81\n82\n83\n84\n85\n86\n87\n88\n89\n90\n91\n92\n93\n94\n95\n96\n97\n98\n99\n100\n", 292, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s3", "1\n2\n3\n", 6, 0644);
}

TEST(cmd_text_pr_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    pr_files(&t);
    TX(&t, cmd_pr, "1\n2\n3\n", "1\n2\n3\n", 0, "", "pr", "-t");
    TX(&t, cmd_pr, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\t\t\t5\t\t\t9\n2\t\t\t6\t\t\t10\n3\t\t\t7\t\t\t11\n4\t\t\t8\t\t\t12\n", 0, "", "pr", "-t", "-3");
    TX(&t, cmd_pr, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\t\t\t2\t\t\t3\n4\t\t\t5\t\t\t6\n7\t\t\t8\t\t\t9\n10\t\t\t11\t\t\t12\n", 0, "", "pr", "-t", "-3", "-a");
    TX(&t, cmd_pr, "1\n2\n3\n4\n5\n", "    1\t1\n    2\t2\n    3\t3\n    4\t4\n    5\t5\n", 0, "", "pr", "-t", "-n");
    TX(&t, cmd_pr, "1\n2\n3\n", "1\n\n2\n\n3\n\n", 0, "", "pr", "-t", "-d");
    TX(&t, cmd_pr, "1\n2\n3\n", "    1\n    2\n    3\n", 0, "", "pr", "-t", "-o", "4");
    TX(&t, cmd_pr, "", "\n\n                              TITLE                               Page 1\n\n\n1\n2\n\n\n\n\n\n\n\n                              TITLE                               Page 2\n\n\n3\n\n\n\n\n\n\n", 0, "", "pr", "-D", "", "-h", "TITLE", "-l", "12", "s3");
    TX(&t, cmd_pr, "", "\n\n                                s3                                Page 1\n\n\n1\n2\n3\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n", 0, "", "pr", "-D", "", "s3");
    TX(&t, cmd_pr, "", "\n\n                                T                                 Page 1\n\n\n1\t\t\t11\t\t\t21\n2\t\t\t12\t\t\t22\n3\t\t\t13\t\t\t23\n4\t\t\t14\t\t\t24\n5\t\t\t15\t\t\t25\n6\t\t\t16\t\t\t26\n7\t\t\t17\t\t\t27\n8\t\t\t18\t\t\t28\n9\t\t\t19\t\t\t29\n10\t\t\t20\t\t\t30\n\n\n\n\n\n\n\n                                T                                 Page 2\n\n\n31\t\t\t41\t\t\t51\n32\t\t\t42\t\t\t52\n33\t\t\t43\t\t\t53\n34\t\t\t44\t\t\t54\n35\t\t\t45\t\t\t55\n36\t\t\t46\t\t\t56\n37\t\t\t47\t\t\t57\n38\t\t\t48\t\t\t58\n39\t\t\t49\t\t\t59\n40\t\t\t50\t\t\t60\n\n\n\n\n\n\n\n                                T                                 Page 3\n\n\n61\t\t\t71\t\t\t81\n62\t\t\t72\t\t\t82\n63\t\t\t73\t\t\t83\n64\t\t\t74\t\t\t84\n65\t\t\t75\t\t\t85\n66\t\t\t76\t\t\t86\n67\t\t\t77\t\t\t87\n68\t\t\t78\t\t\t88\n69\t\t\t79\t\t\t89\n70\t\t\t80\t\t\t90\n\n\n\n\n\n\n\n                                T                                 Page 4\n\n\n91\t\t\t95\t\t\t98\n92\t\t\t96\t\t\t99\n93\t\t\t97\t\t\t100\n94\n\n\n\n\n\n\n\n\n\n\n\n", 0, "", "pr", "-D", "", "-h", "T", "-l", "20", "-3", "s100");
    TX(&t, cmd_pr, "a\tb\n", "a\tb\n", 0, "", "pr", "-t", "-2");
    TX(&t, cmd_pr, "averyveryveryverylongline_that_exceeds\nx\n", "averyveryveryv x\n", 0, "", "pr", "-t", "-2", "-w", "30");
    TX(&t, cmd_pr, "1\n2\n3\n4\n5\n6\n7\n", "1\t\t\t4\t\t\t6\n2\t\t\t5\t\t\t7\n3\n", 0, "", "pr", "-t", "-3");
    TX(&t, cmd_pr, "1\n2\n3\n4\n5\n6\n7\n", "1,4,6\n2,5,7\n3\n", 0, "", "pr", "-t", "-3", "-s,");
    TX(&t, cmd_pr, "", "", 0, "", "pr");
    TX(&t, cmd_pr, "x\n", "\n\n                                H                                 Page 1\n\n\nx\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n", 0, "", "pr", "-D", "", "-h", "H");
    TX(&t, cmd_pr, "1\n2\n3\n", "3\n", 0, "", "pr", "-t", "+2", "-l", "2");
    TX(&t, cmd_pr, "", "1\t\t\t\t    1\n2\t\t\t\t    2\n3\t\t\t\t    3\n", 0, "", "pr", "-t", "-m", "s3", "s3");
    TX(&t, cmd_pr, "", "\n\n                                s3                                Page 1\n\n\n1\n2\n3\n\x0c", 0, "", "pr", "-D", "", "-l", "15", "-f", "s3");
    TX(&t, cmd_pr, "", "\n\nX    a much longer header text    Page 1\n\n\n1\n\n\n\n\n\n\n\nX    a much longer header text    Page 2\n\n\n2\n\n\n\n\n\n\n\nX    a much longer header text    Page 3\n\n\n3\n\n\n\n\n\n", 0, "", "pr", "-D", "X", "-h", "a much longer header text", "-w", "40", "-l", "11", "s3");
    TX(&t, cmd_pr, "", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n31\n32\n33\n34\n35\n36\n37\n38\n39\n40\n41\n42\n43\n44\n45\n46\n47\n48\n49\n50\n51\n52\n53\n54\n55\n56\n57\n58\n59\n60\n61\n62\n63\n64\n65\n66\n67\n68\n69\n70\n71\n72\n73\n74\n75\n76\n77\n78\n79\n80\n81\n82\n83\n84\n85\n86\n87\n88\n89\n90\n91\n92\n93\n94\n95\n96\n97\n98\n99\n100\n", 0, "", "pr", "-t", "-l", "5", "s100");
    TX(&t, cmd_pr, "", "\n\n                               s100                               Page 3\n\n\n3\n\n\n\n\n\n\n\n                               s100                               Page 4\n\n\n4\n\n\n\n\n\n", 0, "", "pr", "-D", "", "-l", "11", "+3:4", "s100");
    TX(&t, cmd_pr, "", "1\t\t  11\t\t    21\t\t      31\n2\t\t  12\t\t    22\t\t      32\n3\t\t  13\t\t    23\t\t      33\n4\t\t  14\t\t    24\t\t      34\n5\t\t  15\t\t    25\t\t      35\n6\t\t  16\t\t    26\t\t      36\n7\t\t  17\t\t    27\t\t      37\n8\t\t  18\t\t    28\t\t      38\n9\t\t  19\t\t    29\t\t      39\n10\t\t  20\t\t    30\t\t      40\n41\t\t  51\t\t    61\t\t      71\n42\t\t  52\t\t    62\t\t      72\n43\t\t  53\t\t    63\t\t      73\n44\t\t  54\t\t    64\t\t      74\n45\t\t  55\t\t    65\t\t      75\n46\t\t  56\t\t    66\t\t      76\n47\t\t  57\t\t    67\t\t      77\n48\t\t  58\t\t    68\t\t      78\n49\t\t  59\t\t    69\t\t      79\n50\t\t  60\t\t    70\t\t      80\n81\t\t  86\t\t    91\t\t      96\n82\t\t  87\t\t    92\t\t      97\n83\t\t  88\t\t    93\t\t      98\n84\t\t  89\t\t    94\t\t      99\n85\t\t  90\t\t    95\t\t      100\n", 0, "", "pr", "-t", "-4", "-l", "10", "s100");
    TX(&t, cmd_pr, "", "", 1, "pr: nofile: No such file or directory\n", "pr", "nofile");
    TX(&t, cmd_pr, "", "", 1, "pr: '-l PAGE_LENGTH' invalid number of lines: 'x'\n", "pr", "-l", "x", "s3");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

