/* test_cmd_text_tt.c — rev, tac, tee: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("rev", cmd_rev, "");
SK_CMD("tac", cmd_tac, "");
SK_CMD("tee", cmd_tee, "");

static void tt_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "f", "abc\ndef\n", 8, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "g", "x\ny", 3, 0644);
}

TEST(cmd_text_tt_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    tt_files(&t);
    TX(&t, cmd_tac, "a\nb\nc\n", "c\nb\na\n", 0, "", "tac");
    TX(&t, cmd_tac, "hello\n", "hello\n", 0, "", "tac");
    TX(&t, cmd_tac, "", "", 0, "", "tac");
    TX(&t, cmd_tac, "a\nb", "ba\n", 0, "", "tac");
    TX(&t, cmd_tac, "a\nb\n", "\n\nba", 0, "", "tac", "-b");
    TX(&t, cmd_tac, "aXbXc", "cbXaX", 0, "", "tac", "-s", "X");
    TX(&t, cmd_tac, "aXbXcX", "XXcXba", 0, "", "tac", "-s", "X", "-b");
    TX(&t, cmd_tac, "a1b22c", "a1b22c", 0, "", "tac", "-r", "-s", "[0-9]\\+");
    TX(&t, cmd_tac, "a1b22c", "2c21ba", 0, "", "tac", "-r", "-b", "-s", "[0-9][0-9]*");
    TX(&t, cmd_tac, "a1b22c3", "c32b2a1", 0, "", "tac", "-r", "-s", "[0-9]+");
    TX(&t, cmd_tac, "a--b----c", "c--b--a--", 0, "", "tac", "-s", "--");
    TX(&t, cmd_tac, "a--b----c", "--c----ba", 0, "", "tac", "-s", "--", "-b");
    TX(&t, cmd_tac, "abc\nd", "abc\nd", 0, "", "tac", "-s", "");
    TX(&t, cmd_tac, "", "def\nabc\nyx\n", 0, "", "tac", "f", "g");
    TX(&t, cmd_tac, "q\n", "def\nabc\nq\nyx\n", 0, "", "tac", "f", "-", "g");
    TX(&t, cmd_tac, "", "", 1, "tac: failed to open 'nofile' for reading: No such file or directory\n", "tac", "nofile");
    TX(&t, cmd_tac, "", "", 1, "tac: /tmp: read error: Invalid argument\n", "tac", "/tmp");
    TX(&t, cmd_tac, "", "", 1, "tac: unrecognized option '--no-such-flag'\nTry 'tac --help' for more information.\n", "tac", "--no-such-flag");
    TX(&t, cmd_rev, "hello\n", "olleh\n", 0, "", "rev");
    TX(&t, cmd_rev, "abc\ndef\nghi\n", "cba\nfed\nihg\n", 0, "", "rev");
    TX(&t, cmd_rev, "", "", 0, "", "rev");
    TX(&t, cmd_rev, "a b c", "c b a", 0, "", "rev");
    TX(&t, cmd_rev, "", "cba\nfed\nx\ny", 0, "", "rev", "f", "g");
    TX(&t, cmd_rev, "a\nb\n", "", 1, "rev: cannot open nofile: No such file or directory\nrev: cannot open -: No such file or directory\n", "rev", "nofile", "-");
    TX(&t, cmd_rev, "", "", 1, "rev: invalid option -- 'x'\nTry 'rev --help' for more information.\n", "rev", "-x");
    cmdtest_free(&t);
}

TEST(cmd_text_tt_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    tt_files(&t);
    TX(&t, cmd_rev, "h\xc3\xa9llo\nab\xff""cd\nxy\n", "oll\xc3\xa9h\n", 1, "rev: stdin: 1: Invalid or incomplete multibyte or wide character\n", "rev");
    TX(&t, cmd_rev, "a\nb\nc\n\xff\n", "a\nb\nc\n", 1, "rev: stdin: 3: Invalid or incomplete multibyte or wide character\n", "rev");
    TX(&t, cmd_rev, "a\x01""b\ncombining e\xcc\x81x\n", "b\x01""a\nx\xcc\x81""e gninibmoc\n", 0, "", "rev");
    TX(&t, cmd_rev, "a\tb\x0d\n", "\x0d""b\ta\n", 0, "", "rev");
    TX(&t, cmd_tee, "hello", "hello", 0, "", "tee");
    TX(&t, cmd_tee, "hello", "", 1, "tee: invalid option -- 'x'\nTry 'tee --help' for more information.\n", "tee", "-x");
    TX(&t, cmd_tee, "a\nb\n", "a\nb\n", 1, "tee: /nonexist/x: No such file or directory\n", "tee", "/nonexist/x");
    cmdtest_free(&t);
}

