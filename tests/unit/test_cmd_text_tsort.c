/* test_cmd_text_tsort.c — tsort: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("tsort", cmd_tsort, "");

static void tsort_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f1", "b\na\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s1", "a\nc\n", 4, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "s2", "b\nd\n", 4, 0644);
}

TEST(cmd_text_tsort_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    tsort_files(&t);
    TX(&t, cmd_tsort, "a b\nb c\n", "a\nb\nc\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a b b c c a\n", "a\nb\nc\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: c\n", "tsort");
    TX(&t, cmd_tsort, "a b c\n", "", 1, "tsort: -: input contains an odd number of tokens\n", "tsort");
    TX(&t, cmd_tsort, "", "", 0, "", "tsort");
    TX(&t, cmd_tsort, "x x\n", "x\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "shirt tie tie jacket belt jacket socks shoes undershorts pants pants shoes undershorts shoes shirt belt watch watch\n", "shirt\nsocks\nundershorts\nwatch\nbelt\ntie\npants\njacket\nshoes\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "1 2 2 3 3 1 4 5 5 4 6 7\n", "6\n7\n1\n2\n3\n4\n5\n", 1, "tsort: -: input contains a loop:\ntsort: 1\ntsort: 2\ntsort: 3\ntsort: -: input contains a loop:\ntsort: 4\ntsort: 5\n", "tsort");
    TX(&t, cmd_tsort, "a b\nc d\nb d\n", "a\nc\nb\nd\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "z a\ny a\nx b\n", "x\ny\nz\nb\na\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "", "", 1, "tsort: nofile: No such file or directory\n", "tsort", "nofile");
    TX(&t, cmd_tsort, "", "", 1, "tsort: extra operand 'b'\nTry 'tsort --help' for more information.\n", "tsort", "a", "b");
    TX(&t, cmd_tsort, "a\tb\n\n  c d", "a\nc\nb\nd\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "f e c c a f h b f a g c h g c c d a\n", "d\nh\ng\nb\nc\na\nf\ne\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: f\n", "tsort");
    TX(&t, cmd_tsort, "a b a b\n", "a\nb\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "b d a c b d c c a b a d a d d b a b d a\n", "a\nc\nb\nd\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: d\ntsort: -: input contains a loop:\ntsort: b\ntsort: d\n", "tsort");
    TX(&t, cmd_tsort, "a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "\n", "", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a b a\n", "b\na\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "d b\n", "d\nb\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a a a b a b a a b a a a b a b a b b a b a\n", "a\nb\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\n", "tsort");
    TX(&t, cmd_tsort, "a a a a a a a a a a a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a b b b b a a b a a b b b a b\n", "a\nb\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: b\n", "tsort");
    TX(&t, cmd_tsort, "b a a a b a a c a a a a b a b b c a b b a b\n", "a\nb\nc\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: c\n", "tsort");
    TX(&t, cmd_tsort, "a e c a\n", "c\na\ne\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "b a b a b b b a a b a a\n", "a\nb\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\n", "tsort");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

TEST(cmd_text_tsort_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    tsort_files(&t);
    TX(&t, cmd_tsort, "a a a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "g b c h e b a g e b e b d c\n", "a\nd\ne\ng\nc\nb\nh\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "b b\n", "b\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a a a a a a a a a a a a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "d e e d a f a c a c a d d e b d d b\n", "a\nc\nf\ne\nb\nd\n", 1, "tsort: -: input contains a loop:\ntsort: e\ntsort: d\ntsort: -: input contains a loop:\ntsort: e\ntsort: d\ntsort: -: input contains a loop:\ntsort: b\ntsort: d\n", "tsort");
    TX(&t, cmd_tsort, "a b a a a a a a a a\n", "a\nb\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a b a b a a a b a\n", "b\na\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "a a a a a a a a a a a a a a\n", "a\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "b a b a a b b a b c\n", "a\nb\nc\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: b\n", "tsort");
    TX(&t, cmd_tsort, "e c d d b a c c d d e e d d\n", "b\nd\ne\na\nc\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "c d a c\n", "a\nc\nd\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "b a a a\n", "b\na\n", 0, "", "tsort");
    TX(&t, cmd_tsort, "b f a c d e e f f d b f e c a a f e d d\n", "a\nb\nf\nd\ne\nc\n", 1, "tsort: -: input contains a loop:\ntsort: f\ntsort: e\n", "tsort");
    TX(&t, cmd_tsort, "c a d a c b a b a c a a b c b a d d d b c c\n", "d\na\nb\nc\n", 1, "tsort: -: input contains a loop:\ntsort: a\ntsort: c\ntsort: b\ntsort: -: input contains a loop:\ntsort: a\ntsort: c\ntsort: -: input contains a loop:\ntsort: b\ntsort: c\n", "tsort");
    TX(&t, cmd_tsort, "c d e b e b\n", "c\ne\nd\nb\n", 0, "", "tsort");
    cmdtest_free(&t);
    CHECK_INT(t.a.used, 0); /* nothing leaked */
}

