/* test_cmd_text_split.c — split: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("split", cmd_split, "");

static void split_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "cl", "a\nbb\nccccccccc\nd\n", 17, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "in", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", 21, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "in22", "0123456789abcdefghijkl", 22, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "in3", "abc", 3, 0644);
}

static const char *const split_fixtures[] = { "cl", "in", "in22", "in3", NULL };

TEST(cmd_text_split_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    split_files(&t);
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1\n2\n3\n== xab ==\n4\n5\n6\n== xac ==\n7\n8\n9\n== xad ==\n10\n", 0, "", "split", "-l", "3", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== p_aa ==\n1\n2\n3\n4== p_ab ==\n\n5\n6\n7\n== p_ac ==\n8\n9\n10\n", 0, "", "split", "-n", "3", "in", "p_");
    TXL(split_files, split_fixtures, cmd_split, "", "== qaa ==\n1\n2\n3\n4\n== qab ==\n5\n6\n7\n== qac ==\n8\n9\n10\n", 0, "", "split", "-n", "l/3", "in", "q");
    TXL(split_files, split_fixtures, cmd_split, "", "== raa ==\n1\n4\n7\n10\n== rab ==\n2\n5\n8\n== rac ==\n3\n6\n9\n", 0, "", "split", "-n", "r/3", "in", "r");
    TXL(split_files, split_fixtures, cmd_split, "", "\n5\n6\n7\n", 0, "", "split", "-n", "2/3", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "5\n6\n7\n", 0, "", "split", "-n", "l/2/3", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "creating file 'b000.txt'\ncreating file 'b001.txt'\ncreating file 'b002.txt'\ncreating file 'b003.txt'\ncreating file 'b004.txt'\n== b000.txt ==\n1\n2\n3== b001.txt ==\n\n4\n5\n== b002.txt ==\n6\n7\n8== b003.txt ==\n\n9\n10== b004.txt ==\n\n", 0, "", "split", "-b", "5", "-d", "-a", "3", "--additional-suffix=.txt", "--verbose", "in", "b");
    TXL(split_files, split_fixtures, cmd_split, "", "== caa ==\n1\n2\n3\n== cab ==\n4\n5\n6\n== cac ==\n7\n8\n9\n== cad ==\n10\n", 0, "", "split", "-C", "6", "in", "c");
    TXL(split_files, split_fixtures, cmd_split, "", "", 1, "split: invalid number of lines: '0': Numerical result out of range\n", "split", "-l", "0", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1== xab ==\n\n== xac ==\n2== xad ==\n\n== xae ==\n3== xaf ==\n\n== xag ==\n4== xah ==\n\n== xai ==\n5== xaj ==\n\n== xak ==\n6\n7\n8\n9\n10\n", 0, "", "split", "-n", "11", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1== xab ==\n\n== xac ==\n2== xad ==\n\n== xae ==\n3== xaf ==\n\n== xag ==\n4== xah ==\n\n== xai ==\n5== xaj ==\n\n== xak ==\n6\n7\n8\n9\n10\n", 0, "", "split", "-e", "-n", "11", "in");
    TXL(split_files, split_fixtures, cmd_split, "1\n2\n3\n4\n5\n", "== x00 ==\n1\n2\n== x01 ==\n3\n4\n== x02 ==\n5\n", 0, "", "split", "-l", "2", "-x");
    TXL(split_files, split_fixtures, cmd_split, "", "== xa ==\n1\n2\n== xb ==\n3\n4\n== xc ==\n5\n6\n== xd ==\n7\n8\n== xe ==\n9\n10\n", 0, "", "split", "-l", "2", "-a", "1", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== x05 ==\n1\n2\n3== x06 ==\n\n4\n5\n== x07 ==\n6\n7\n8== x08 ==\n\n9\n10\n", 0, "", "split", "-n", "4", "-d", "--numeric-suffixes=5", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n0123456== xab ==\n789abcd== xac ==\nefghijkl", 0, "", "split", "-n", "3", "in22");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n0123== xab ==\n4567== xac ==\n89ab== xad ==\ncdef== xae ==\nghijkl", 0, "", "split", "-n", "5", "in22");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\na== xab ==\nb== xac ==\nc== xad ==\n== xae ==\n", 0, "", "split", "-n", "5", "in3");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\na== xab ==\nb== xac ==\nc", 0, "", "split", "-n", "5", "-e", "in3");
    TXL(split_files, split_fixtures, cmd_split, "", "4567", 0, "", "split", "-n", "2/5", "in22");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n0123456789abcdefghijkl== xab ==\n== xac ==\n== xad ==\n== xae ==\n", 0, "", "split", "-n", "l/5", "in22");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1\n2\n== xab ==\n3\n4\n== xac ==\n5\n6\n== xad ==\n7\n8\n== xae ==\n9\n10\n", 0, "", "split", "-n", "l/5", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1\n2\n3\n== xab ==\n4\n5\n== xac ==\n6\n7\n8\n== xad ==\n9\n10\n", 0, "", "split", "-n", "l/4", "-e", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\nabc", 0, "", "split", "-n", "r/4", "-e", "in3");
    TXL(split_files, split_fixtures, cmd_split, "1\n2\n3\n4\n5\n", "2\n5\n", 0, "", "split", "-n", "r/2/3");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\na\n== xab ==\nbb\n== xac ==\ncccc== xad ==\ncccc== xae ==\nc\nd\n", 0, "", "split", "-C", "4", "cl");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_split_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    split_files(&t);
    TXL(split_files, split_fixtures, cmd_split, "a,b,c,d,e", "== xaa ==\na,b,== xab ==\nc,d,== xac ==\ne", 0, "", "split", "-t", ",", "-l", "2");
    TXL(split_files, split_fixtures, cmd_split, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "== x001 ==\n1\n2\n3\n4\n== x002 ==\n5\n6\n7\n8\n== x003 ==\n9\n10\n", 0, "", "split", "--lines=4", "--numeric-suffixes=1", "-a", "3");
    TXL(split_files, split_fixtures, cmd_split, "1\n2\n3\n4\n5\n", "== out_aa ==\n1\n2\n== out_ab ==\n3\n4\n== out_ac ==\n5\n", 0, "", "split", "-l", "2", "-", "out_");
    TXL(split_files, split_fixtures, cmd_split, "", "", 1, "split: cannot open 'nofile' for reading: No such file or directory\n", "split", "nofile");
    TXL(split_files, split_fixtures, cmd_split, "", "", 1, "split: the suffix length needs to be at least 2\n", "split", "-n", "30", "-a", "1", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "", 1, "split: invalid number of bytes: '0': Numerical result out of range\n", "split", "-b", "0", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "", 1, "split: invalid number of bytes: 'x'\n", "split", "-b", "x", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== preaa ==\n0123== preab ==\n4567== preac ==\n89ab== pread ==\ncdef== preae ==\nghij== preaf ==\nkl", 0, "", "split", "-b", "4", "in22", "pre");
    TXL(split_files, split_fixtures, cmd_split, "", "", 1, "split: extra operand 'b'\nTry 'split --help' for more information.\n", "split", "-l", "3", "in", "a", "b", "c");
    TXL(split_files, split_fixtures, cmd_split, "1\n2\n3\n", "", 1, "split: -: cannot determine file size\n", "split", "-n", "3");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1\n2\n3\n== xab ==\n4\n5\n6\n== xac ==\n7\n8\n9\n== xad ==\n10\n", 0, "", "split", "-3", "in");
    TXL(split_files, split_fixtures, cmd_split, "", "== xaa ==\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", 0, "", "split", "-b", "1k", "in");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

