/* test_cmd_text_sort.c — sort: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("sort", cmd_sort, "");

static void sort_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_sort_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sort_files(&t);
    TX(&t, cmd_sort, "banana\napple\ncherry\n", "apple\nbanana\ncherry\n", 0, "", "sort");
    TX(&t, cmd_sort, "banana\napple\ncherry", "cherry\nbanana\napple\n", 0, "", "sort", "-r");
    TX(&t, cmd_sort, "10\n2\n1\n20\n-3\n-3.5\n.5\n0.50\n-0\n+4\nabc\n 7\n", "-3.5\n-3\n+4\n-0\nabc\n.5\n0.50\n1\n2\n 7\n10\n20\n", 0, "", "sort", "-n");
    TX(&t, cmd_sort, "10\n2\n1\n20\n-3\n-3.5\n.5\n0.50\n-0\n+4\nabc\n 7\n", "abc\n-3.5\n-3\n-0\n.5\n0.50\n1\n2\n+4\n 7\n10\n20\n", 0, "", "sort", "-g");
    TX(&t, cmd_sort, "10\n2\n1\n20\n-3\n-3.5\n.5\n0.50\n-0\n+4\nabc\n 7\n1e3\n0x10\nnan\ninf\n-inf\n", "abc\nnan\n-inf\n-3.5\n-3\n-0\n.5\n0.50\n1\n2\n+4\n 7\n10\n0x10\n20\n1e3\ninf\n", 0, "", "sort", "-g");
    TX(&t, cmd_sort, "b\na\nb\nc\na\n", "a\nb\nc\n", 0, "", "sort", "-u");
    TX(&t, cmd_sort, "Banana\napple\nCherry\nbanana\n", "apple\nBanana\nbanana\nCherry\n", 0, "", "sort", "-f");
    TX(&t, cmd_sort, "Banana\napple\nCherry\nbanana\n", "apple\nBanana\nCherry\n", 0, "", "sort", "-fu");
    TX(&t, cmd_sort, "b:2\na:1\nc:3\n", "a:1\nb:2\nc:3\n", 0, "", "sort", "-t:", "-k2n");
    TX(&t, cmd_sort, "Bob 25\nAlice 30\nDavid 20\n", "David 20\nBob 25\nAlice 30\n", 0, "", "sort", "-k2n");
    TX(&t, cmd_sort, "b 1\na 2\nb 3\n", "a 2\nb 1\nb 3\n", 0, "", "sort", "-s", "-k1,1");
    TX(&t, cmd_sort, "b 3\na 2\nb 1\n", "b 3\nb 1\na 2\n", 0, "", "sort", "-s", "-r", "-k1,1");
    TX(&t, cmd_sort, "2 beta\n1 one\n2 alpha\n", "1 one\n2 beta\n2 alpha\n", 0, "", "sort", "-s", "-n");
    TX(&t, cmd_sort, "a\nb\nc\n", "", 0, "", "sort", "-c");
    TX(&t, cmd_sort, "b\na\n", "", 1, "sort: -:2: disorder: a\n", "sort", "-c");
    TX(&t, cmd_sort, "b\na\n", "", 1, "", "sort", "-C");
    TX(&t, cmd_sort, "a\na\n", "", 1, "sort: -:2: disorder: a\n", "sort", "-cu");
    TX(&t, cmd_sort, "", "a\nb\nc\nd\n", 0, "", "sort", "-m", "s1", "s2");
    TX(&t, cmd_sort, "10K\n1K\n100M\n1G\n2k\n-1K\n0.5M\n1R\n1Q\n", "-1K\n1Q\n1R\n1K\n2k\n10K\n0.5M\n100M\n1G\n", 0, "", "sort", "-h");
    TX(&t, cmd_sort, "Mar\nJan\nFeb\n  dec\nfoo\nmay\n", "foo\nJan\nFeb\nMar\nmay\n  dec\n", 0, "", "sort", "-M");
    TX(&t, cmd_sort, "x 30\ny 10\nz 20\n", "x 30\nz 20\ny 10\n", 0, "", "sort", "-k2", "-n", "-r");
    TX(&t, cmd_sort, "b\x00""a\x00""c\x00", "a\x00""b\x00""c\x00", 0, "", "sort", "-z");
    TX(&t, cmd_sort, "zzz\n2-second\naaa\n1-first\n", "aaa\nzzz\n1-first\n2-second\n", 0, "", "sort", "-n");
    TX(&t, cmd_sort, "1.10\n1.2\n1.1\nv2.0.1\nv1.9.0\nv2.0.0\nv1.10.0\nfile-1.10.txt\nfile-1.2.txt\na1\na10\na2\n.a\n..\n.\nfoo.tar.gz\nfoo.tar\n1.0~rc1\n1.0\n", ".\n..\n.a\n1.0~rc1\n1.0\n1.1\n1.2\n1.10\na1\na2\na10\nfile-1.2.txt\nfile-1.10.txt\nfoo.tar\nfoo.tar.gz\nv1.9.0\nv1.10.0\nv2.0.0\nv2.0.1\n", 0, "", "sort", "-V");
    TX(&t, cmd_sort, "1.1\n1.10\n1.2\n", "1.10\n1.2\n1.1\n", 0, "", "sort", "-rV");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_sort_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sort_files(&t);
    TX(&t, cmd_sort, "c 3\na 1\nb 2\n", "a 1\nb 2\nc 3\n", 0, "", "sort", "-k2,2");
    TX(&t, cmd_sort, "b 2\na 10\na 2\nb 1\n", "a 2\na 10\nb 1\nb 2\n", 0, "", "sort", "-k1,1", "-k2n,2");
    TX(&t, cmd_sort, "a 1\nb 2\nc 3\n", "c 3\nb 2\na 1\n", 0, "", "sort", "-k2r,2");
    TX(&t, cmd_sort, "abc\naab\nabc\n", "aab\nabc\nabc\n", 0, "", "sort", "-k1.2,1.2");
    TX(&t, cmd_sort, "  b x\n a y\nc  z\n\tq r\n", "c  z\n\tq r\n  b x\n a y\n", 0, "", "sort", "-k2");
    TX(&t, cmd_sort, "  b x\n a y\nc  z\n\tq r\n", "\tq r\n  b x\n a y\nc  z\n", 0, "", "sort", "-b", "-k2");
    TX(&t, cmd_sort, "  b x\n a y\nc  z\n\tq r\n", "\tq r\n  b x\n a y\nc  z\n", 0, "", "sort", "-k2b");
    TX(&t, cmd_sort, "  b x\n a y\nc  z\n\tq r\n", "c  z\n  b x\n a y\n\tq r\n", 0, "", "sort", "-k1.2,1.3");
    TX(&t, cmd_sort, "  b x\n a y\nc  z\n\tq r\n", "  b x\n\tq r\n a y\nc  z\n", 0, "", "sort", "-k1.2b,1.3");
    TX(&t, cmd_sort, "a,b,c\nb,a,c\nc,,a\n,a,b\n", "c,,a\n,a,b\nb,a,c\na,b,c\n", 0, "", "sort", "-t,", "-k2,2", "-k3");
    TX(&t, cmd_sort, "a,b,c\nb,a,c\nc,,a\n,a,b\n", "a,b,c\nb,a,c\n,a,b\nc,,a\n", 0, "", "sort", "-t,", "-k3,3r", "-k1");
    TX(&t, cmd_sort, "a!b\na-c\nab\nA b\n", "A b\na!b\nab\na-c\n", 0, "", "sort", "-d");
    TX(&t, cmd_sort, "a\x01""b\nab\naa\n", "aa\na\x01""b\nab\n", 0, "", "sort", "-i");
    TX(&t, cmd_sort, "x\n\ny\n\n", "\n\nx\ny\n", 0, "", "sort");
    TX(&t, cmd_sort, "x\n\ny\n\n", "y\nx\n\n\n", 0, "", "sort", "-r");
    TX(&t, cmd_sort, "", "", 2, "sort: cannot read: nofile: No such file or directory\n", "sort", "nofile");
    TX(&t, cmd_sort, "", "", 2, "sort: field number is zero: invalid field specification '0'\n", "sort", "-k0");
    TX(&t, cmd_sort, "", "", 2, "sort: character offset is zero: invalid field specification '1.0'\n", "sort", "-k1.0");
    TX(&t, cmd_sort, "", "", 2, "sort: field number is zero: invalid field specification '1,0'\n", "sort", "-k1,0");
    TX(&t, cmd_sort, "", "", 2, "sort: invalid number at field start: invalid count at start of 'x'\n", "sort", "-kx");
    TX(&t, cmd_sort, "", "", 2, "sort: stray character in field spec: invalid field specification '1x'\n", "sort", "-k1x");
    TX(&t, cmd_sort, "", "", 2, "sort: invalid number after '.': invalid count at start of 'x'\n", "sort", "-k1.x");
    TX(&t, cmd_sort, "", "", 2, "sort: invalid number after ',': invalid count at start of 'x'\n", "sort", "-k1,x");
    TX(&t, cmd_sort, "", "", 2, "sort: multi-character tab 'ab'\n", "sort", "-t", "ab");
    TX(&t, cmd_sort, "", "", 2, "sort: incompatible tabs\n", "sort", "-t", "a", "-t", "b");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_sort_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sort_files(&t);
    TX(&t, cmd_sort, "", "", 2, "sort: invalid option -- 'Z'\nTry 'sort --help' for more information.\n", "sort", "-Z");
    TX(&t, cmd_sort, "", "", 2, "sort: options '-Mn' are incompatible\n", "sort", "-nM");
    TX(&t, cmd_sort, "", "", 2, "sort: options '-gM' are incompatible\n", "sort", "-k1n", "-k2Mg");
    TX(&t, cmd_sort, "", "", 2, "sort: extra operand 'f1' not allowed with -c\n", "sort", "-c", "f1", "f1");
    TX(&t, cmd_sort, "", "", 1, "sort: f1:2: disorder: a\n", "sort", "-c", "f1");
    TX(&t, cmd_sort, "", "", 1, "sort: invalid argument 'foo' for '--sort'\nValid arguments are:\n  - 'general-numeric'\n  - 'human-numeric'\n  - 'month'\n  - 'numeric'\n  - 'random'\n  - 'version'\nTry 'sort --help' for more information.\n", "sort", "--sort=foo");
    TX(&t, cmd_sort, "3\n1\n2\n", "1\n2\n3\n", 0, "", "sort", "--sort=num");
    TX(&t, cmd_sort, "", "", 1, "sort: invalid argument 'foo' for '--check'\nValid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'\nTry 'sort --help' for more information.\n", "sort", "--check=foo");
    TX(&t, cmd_sort, "b\na\n", "a\nb\n", 0, "", "sort", "-t", "\\0");
    TX(&t, cmd_sort, "3 a\n1 b\n2 c\n", "1 b\n2 c\n3 a\n", 0, "", "sort", "-rk1n");
    TX(&t, cmd_sort, "3 a\n1 b\n2 c\n", "2 c\n1 b\n3 a\n", 0, "", "sort", "-r", "-k2");
    TX(&t, cmd_sort, "a b c\nb a c\n", "b a c\na b c\n", 0, "", "sort", "-k3", "-k2");
    TX(&t, cmd_sort, "1 2\n1 1\n", "1 2\n", 0, "", "sort", "-u", "-k1,1");
    TX(&t, cmd_sort, "aa\nAB\nab\naB\n", "aa\nAB\naB\nab\n", 0, "", "sort", "-f", "-k1");
    TX(&t, cmd_sort, "B\na\nb\nA\n", "a\nA\nB\nb\n", 0, "", "sort", "-f", "-s");
    TX(&t, cmd_sort, "x1\nx10\nx9\n", "x1\nx9\nx10\n", 0, "", "sort", "-k1.2n");
    TX(&t, cmd_sort, "1e3\n100\n", "1e3\n100\n", 0, "", "sort", "-gr");
    TX(&t, cmd_sort, "10 a\n9 b\n", "9 b\n10 a\n", 0, "", "sort", "-n", "-k1,1", "-u");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

