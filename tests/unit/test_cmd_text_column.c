/* test_cmd_text_column.c — column: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("column", cmd_column, "");

static void column_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_column_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    column_files(&t);
    TX(&t, cmd_column, "hello\nworld\n", "hello\tworld\n", 0, "", "column");
    TX(&t, cmd_column, "a b c\nfoo bar baz\n", "a    b    c\nfoo  bar  baz\n", 0, "", "column", "-t");
    TX(&t, cmd_column, "name:value\nfoo:bar\n", "name  value\nfoo   bar\n", 0, "", "column", "-t", "-s:");
    TX(&t, cmd_column, "", "", 0, "", "column", "-t");
    TX(&t, cmd_column, "alpha\nbeta\ngamma\n", "alpha\nbeta\ngamma\n", 0, "", "column", "-t");
    TX(&t, cmd_column, "a,,b\nccc,d,e\n", "a       b\nccc  d  e\n", 0, "", "column", "-t", "-s,");
    TX(&t, cmd_column, "a  b\n\nc d e\n", "a  b  \nc  d  e\n", 0, "", "column", "-t");
    TX(&t, cmd_column, "x\ty  z\n", "x  y  z\n", 0, "", "column", "-t");
    TX(&t, cmd_column, "a\nbb\nccc\ndddd\neeeee\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np\nq\nr\ns\nt\n", "a\tccc\teeeee\tg\ti\tk\tm\to\tq\ts\nbb\tdddd\tf\th\tj\tl\tn\tp\tr\tt\n", 0, "", "column");
    TX(&t, cmd_column, "a\nbb\nccc\ndddd\neeeee\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np\nq\nr\ns\nt\n", "a\tbb\tccc\tdddd\teeeee\tf\tg\th\ti\tj\nk\tl\tm\tn\to\tp\tq\tr\ts\tt\n", 0, "", "column", "-x");
    TX(&t, cmd_column, "a\nbb\nccc\n", "a\nbb\nccc\n", 0, "", "column", "-c", "10");
    TX(&t, cmd_column, "a b\nc d\n", "a|b\nc|d\n", 0, "", "column", "-t", "-o", "|");
    TX(&t, cmd_column, "h\xc3\xa9llo w\xc3\xb6rld\nab c\n", "h\xc3\xa9llo  w\xc3\xb6rld\nab     c\n", 0, "", "column", "-t");
    TX(&t, cmd_column, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n", "1\t7\t13\t19\t25\n2\t8\t14\t20\t26\n3\t9\t15\t21\t27\n4\t10\t16\t22\t28\n5\t11\t17\t23\t29\n6\t12\t18\t24\t30\n", 0, "", "column", "-c", "40");
    TX(&t, cmd_column, "a b c\n", "x  y  z\na  b  c\n", 0, "", "column", "-t", "-N", "x,y,z");
    TX(&t, cmd_column, "a b c\nd e\n", "a  b  c\nd  e  \n", 0, "", "column", "-t", "-R", "1");
    TX(&t, cmd_column, "a b c\nd e\n", "a  b  c\nd  e  \n", 0, "", "column", "-t", "-R", "2");
    TX(&t, cmd_column, "a  b\n", "a    b\n", 0, "", "column", "-t", "-s", " ");
    TX(&t, cmd_column, ",a,b,\n", "  a  b  \n", 0, "", "column", "-t", "-s,");
    TX(&t, cmd_column, "a,b;c\n", "a  b  c\n", 0, "", "column", "-t", "-s", ",;");
    TX(&t, cmd_column, "a b c d e\nf g\n", "a  b c d e\nf  g\n", 0, "", "column", "-t", "-l", "2");
    TX(&t, cmd_column, "a b c\nd e f\n", "one  three\na    c\nd    f\n", 0, "", "column", "-t", "-N", "one,two,three", "-H", "two");
    TX(&t, cmd_column, "a b c\nd e f\n", "three  one  two\nc      a    b\nf      d    e\n", 0, "", "column", "-t", "-N", "one,two,three", "-O", "three,one");
    TX(&t, cmd_column, "a b c\nd e f\n", "a    b    c\nd    e    f\n", 0, "", "column", "-t", "-N", "one,two,three", "-d");
    TX(&t, cmd_column, "a b c\n", "x     \na  b  c\n", 0, "", "column", "-t", "-N", "x");
    cmdtest_free(&t);
}

TEST(cmd_text_column_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    column_files(&t);
    TX(&t, cmd_column, "a b\n\nc d\n", "a  b\n   \nc  d\n", 0, "", "column", "-t", "-L");
    TX(&t, cmd_column, "a b\n\nc d\n", "a b\tc d\n", 0, "", "column");
    TX(&t, cmd_column, "a\n   \nb\n", "a\tb\n", 0, "", "column");
    TX(&t, cmd_column, "  a\nb  \n", "  a\tb  \n", 0, "", "column");
    TX(&t, cmd_column, " a\n", "a\n", 0, "", "column", "-t");
    TX(&t, cmd_column, "abcdefghij\n", "abcdefghij\n", 0, "", "column", "-c", "5");
    TX(&t, cmd_column, "aaaaaaaaa\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n", "aaaaaaaaa\te\t\ti\nb\t\tf\t\tj\nc\t\tg\t\tk\nd\t\th\n", 0, "", "column", "-c", "50");
    TX(&t, cmd_column, "aaaaaaaaa\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n", "aaaaaaaaa\tb\t\tc\nd\t\te\t\tf\ng\t\th\t\ti\nj\t\tk\n", 0, "", "column", "-c", "50", "-x");
    TX(&t, cmd_column, "x", "x\n", 0, "", "column");
    TX(&t, cmd_column, "", "", 1, "column: nofile: No such file or directory\n", "column", "nofile");
    TX(&t, cmd_column, "a bb ccc\ndddd e f\n", "   a  bb  ccc\ndddd  e     f\n", 0, "", "column", "-t", "-R", "1,3");
    cmdtest_free(&t);
}

