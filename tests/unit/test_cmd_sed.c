/* test_cmd_sed.c — sed run directly (no shell).  Expected bytes and
 * messages come from GNU sed 4.9 (LC_ALL=C.UTF-8). */
#include "test.h"
#include "cmdtest.h"

SK_CMD("sed", cmd_sed, "");
SK_CMD("grep", cmd_grep, "");
SK_CMD("rg", cmd_rg, "");

#define ERR(t) sk_buf_cstr(&(t).err)
#define FILE_IS(t, path, want) do { sk_buf fb_ = SK_BUF_INIT(&(t).a); \
    CHECK_INT(sk_vfs_read_file(&(t).vfs, "/home/user", path, 0, &fb_), 0); \
    CHECK_STR(sk_buf_cstr(&fb_), want); sk_buf_free(&fb_); } while (0)

static const char *L5 = "l1\nl2\nl3\nl4\nl5\n";

TEST(cmd_sed_substitute)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "hello there\n", "sed", "s/world/there/");
    CMD_EXPECT(&t, cmd_sed, "aaa\n", "bbb\n", "sed", "s/a/b/g");
    CMD_EXPECT(&t, cmd_sed, "aaa\n", "baa\n", "sed", "s/a/b/");
    CMD_EXPECT(&t, cmd_sed, "aaa\n", "aXa\n", "sed", "s/a/X/2");
    CMD_EXPECT(&t, cmd_sed, "aaaa\n", "aXXX\n", "sed", "s/a/X/2g");
    CMD_EXPECT(&t, cmd_sed, "hello\n", "[hello]\n", "sed", "s/hello/[&]/");
    CMD_EXPECT(&t, cmd_sed, "hello\n", "&\n", "sed", "s/hello/\\&/");
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "world hello\n", "sed", "s/\\(hello\\) \\(world\\)/\\2 \\1/");
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "world hello\n", "sed", "-E", "s/(hello) (world)/\\2 \\1/");
    CMD_EXPECT(&t, cmd_sed, "Hello World\n", "hi World\n", "sed", "s/hello/hi/i");
    CMD_EXPECT(&t, cmd_sed, "path/to/file\n", "path_to_file\n", "sed", "s|/|_|g");
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "hi there\n", "sed", "s/hello/hi/; s/world/there/");
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "hi there\n", "sed", "-e", "s/hello/hi/", "-e", "s/world/there/");
    CMD_EXPECT(&t, cmd_sed, "a b\n", "a\nb\n", "sed", "s/ /\\n/");
    CMD_EXPECT(&t, cmd_sed, "a b\n", "a\nb\n", "sed", "s/ /\\\n/");
    CMD_EXPECT(&t, cmd_sed, "a/b\n", "aXb\n", "sed", "s/\\//X/");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "a/c\n", "sed", "s/b/\\//");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "a\\c\n", "sed", "s/b/\\\\/");
    CMD_EXPECT(&t, cmd_sed, "2026-01-15\n", "15/01/2026\n", "sed", "s/\\([0-9]*\\)-\\([0-9]*\\)-\\([0-9]*\\)/\\3\\/\\2\\/\\1/");
    CMD_EXPECT(&t, cmd_sed, "<a href=\"tag_hello\">hello</a>\n", "hello\n", "sed", "s|<a href=\"tag_\\([^\"]*\\)\">\\1</a>|\\1|g");
    CMD_EXPECT(&t, cmd_sed, "aabbc\n", "XXc\n", "sed", "s/\\(.\\)\\1/X/g");
    CMD_EXPECT(&t, cmd_sed, "feat(auth): add OAuth2\n", "- auth: add OAuth2\n", "sed", "s/^[a-z]*(\\([^)]*\\)): \\(.*\\)/- \\1: \\2/");
    CMD_EXPECT(&t, cmd_sed, "fix(api): handle null\n", "- api: handle null\n", "sed", "-E", "s/^[a-z]+\\(([^)]+)\\): (.*)/- \\1: \\2/");
    CMD_EXPECT(&t, cmd_sed, "abcd\n", "X\n", "sed", "s/ab\\|abcd/X/");
    CMD_EXPECT(&t, cmd_sed, "baaac\n", "xbxcx\n", "sed", "s/a*/x/g");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "-a-b-c-\n", "sed", "s/x*/-/g");
    CMD_EXPECT(&t, cmd_sed, "a.b\n", "X\n", "sed", "s.a\\.b.X.");
    CMD_EXPECT(&t, cmd_sed, "a|b\n", "X\n", "sed", "s|a\\|b|X|g");
    CMD_EXPECT(&t, cmd_sed, "a/b\n", "aXb\n", "sed", "s/[/]/X/");
    CMD_EXPECT(&t, cmd_sed, "x\n", "a\tb\n", "sed", "s/x/a\\tb/");
    CMD_EXPECT(&t, cmd_sed, "x\n", "ABC\n", "sed", "s/x/\\x41\\o102\\d067/");
    CMD_EXPECT(&t, cmd_sed, "a1b2c3\n", "abc\n", "sed", "s/[0-9]//g");
    CMD_EXPECT(&t, cmd_sed, "a1b2\n", "12\n", "sed", "s/[[:alpha:]]//g");
    CMD_EXPECT(&t, cmd_sed, "AbCdE\n", "_b_d_\n", "sed", "s/[A-Z]/_/g");
    CMD_EXPECT(&t, cmd_sed, "aaa\n", "X\n", "sed", "s/a\\+/X/");
    CMD_EXPECT(&t, cmd_sed, "ab\n", "X\n", "sed", "-E", "s/ab?/X/");
    CMD_EXPECT(&t, cmd_sed, "l1\n", "", "sed", "-n", "s/3/X/p");
    CMD_EXPECT(&t, cmd_sed, "l3\n", "lX\n", "sed", "-n", "s/3/X/p");
    CMD_EXPECT(&t, cmd_sed, "abc abc\n", "Xbc Xbc\n", "sed", "s/\\<a/X/g");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "XbY\n", "sed", "s/\\`a/X/;s/c\\'/Y/");
    cmdtest_free(&t);
}

TEST(cmd_sed_case_conversion)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "Hello World\n", "sed", "s/\\w\\+/\\u&/g");
    CMD_EXPECT(&t, cmd_sed, "Hello World\n", "hello world\n", "sed", "s/.*/\\L&/");
    CMD_EXPECT(&t, cmd_sed, "hello world\n", "Hello world\n", "sed", "s/\\(h\\)\\(.*\\)/\\U\\1\\E\\2/");
    CMD_EXPECT(&t, cmd_sed, "fOO bAR\n", "foox bAR\n", "sed", "s/\\(\\w\\+\\)/\\u\\L&X/");
    CMD_EXPECT(&t, cmd_sed, "fOO bAR\n", "Foox bAR\n", "sed", "s/\\(\\w\\+\\)/\\L\\u&X/");
    CMD_EXPECT(&t, cmd_sed, "fOO bAR\n", "FOObAR bAR\n", "sed", "s/\\(\\w\\+\\)/\\Ufoo\\lBAR/");
    CMD_EXPECT(&t, cmd_sed, "CamelCase\n", "_camel_case\n", "sed", "s/[A-Z]/_\\l&/g");
    CMD_EXPECT(&t, cmd_sed, "\xc3\xa9t\xc3\xa9\n", "\xc3\x89T\xc3\x89\n", "sed", "s/.*/\\U&/");
    cmdtest_free(&t);
}

TEST(cmd_sed_addresses)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\nthree\n", "one\nthree\n", "sed", "2d");
    CMD_EXPECT(&t, cmd_sed, "foo\nbar\nbaz\n", "foo\nbaz\n", "sed", "/bar/d");
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\nthree\n", "two\n", "sed", "-n", "2p");
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\nthree\n", "one\ntwo\n", "sed", "$d");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\nd\n", "a\nd\n", "sed", "2,3d");
    CMD_EXPECT(&t, cmd_sed, "foo\nbar\nbaz\n", "bar\n", "sed", "/bar/!d");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\nd\n", "d\n", "sed", "/a/,/c/d");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\nd\n", "a\n", "sed", "/b/,$d");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\nd\ne\nf\n", "a\nc\ne\n", "sed", "0~2d");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\nd\n", "X\nb\nX\nd\n", "sed", "1~2s/.*/X/");
    CMD_EXPECT(&t, cmd_sed, "no\nyes\nyes\n", "no\nFIRST\nyes\n", "sed", "0,/yes/s/yes/FIRST/");
    CMD_EXPECT(&t, cmd_sed, "yes\nyes\nno\n", "FIRST\nyes\nno\n", "sed", "0,/yes/s/yes/FIRST/");
    CMD_EXPECT(&t, cmd_sed, "yes\nyes\nno\n", "FIRST\nFIRST\nno\n", "sed", "1,/yes/s/yes/FIRST/");
    CMD_EXPECT(&t, cmd_sed, L5, "l1\nl4\nl5\n", "sed", "2,+1d");
    CMD_EXPECT(&t, cmd_sed, L5, "l1\nl5\n", "sed", "2,~4d");
    CMD_EXPECT(&t, cmd_sed, L5, "l1\nl2\nl3\n", "sed", "4,~4d");
    CMD_EXPECT(&t, cmd_sed, L5, "l2\n", "sed", "-n", "/2/,1p");
    CMD_EXPECT(&t, cmd_sed, L5, "l2\nl3\nl4\n", "sed", "-n", "/2/,/[24]/p");
    CMD_EXPECT(&t, cmd_sed, "1\n2\n3\n4\n5\n6\n", "3\n4\n", "sed", "-n", "$!N;3,4p");
    CMD_EXPECT(&t, cmd_sed, L5, "l1\nl3\nl5\n", "sed", "-n", "2,4!p;3p");
    CMD_EXPECT(&t, cmd_sed, L5, "l1\n", "sed", "-n", "1~0p");
    cmdtest_free(&t);
}

TEST(cmd_sed_commands)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\nthree\n", "one\ntwo\n", "sed", "2q");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", "a\n", "sed", "2Q");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "", "sed", "1Q");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "l1\n", "sed", "1q5");
    CHECK_INT(t.status, 5);
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "", "sed", "1Q7");
    CHECK_INT(t.status, 7);
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\n", "one\ninserted\ntwo\n", "sed", "/one/a\\inserted");
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\n", "one\ninserted\ntwo\n", "sed", "/two/i\\inserted");
    CMD_EXPECT(&t, cmd_sed, "one\ntwo\nthree\n", "one\nreplaced\nthree\n", "sed", "2c\\replaced");
    CMD_EXPECT(&t, cmd_sed, L5, "l1\nCHG\nl5\n", "sed", "2,4c\\\nCHG");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "l1\n  foo\nl2\n", "sed", "1a\\  foo");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "l1\nfoo\nl2\n", "sed", "1a   foo");
    CMD_EXPECT(&t, cmd_sed, "l1\n", "l1\nfoo\nbar\tbaz\n", "sed", "1a foo\\nbar\\tbaz");
    CMD_EXPECT(&t, cmd_sed, "l1\n", "l1\nfoo\n  bar\n", "sed", "1a foo\\\n  bar");
    CMD_EXPECT(&t, cmd_sed, "l1\n", "l1\n", "sed", "1a\\");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "l1\nX\nl2\nX\n", "sed", "-e", "a\\", "-e", "X");
    CMD_EXPECT(&t, cmd_sed, "l1\n", "l1\nfoo; p\n", "sed", "1a foo; p");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "foo\nl2\n", "sed", "-e", "1a foo", "-e", "1d");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "l1\nfoo\nl2\n", "sed", "1{a foo\nn}");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "a\na\nb\n", "sed", "1h; 2{x;p;x}");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", " a b c\n", "sed", "H; $!d; x; s/\\n/ /g");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "\na\n", "sed", "x");
    CMD_EXPECT(&t, cmd_sed, "x\ny\n", "x\ny\n", "sed", "1{h;d}; 2{x;p;x}");
    CMD_EXPECT(&t, cmd_sed, "x\ny\n", "y\nx\n", "sed", "1!G;h;$!d");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "Xbc\n", "sed", ":loop; s/a/X/; t loop");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "Xbc\n", "sed", ":top; s/z/Z/; t top; s/a/X/");
    CMD_EXPECT(&t, cmd_sed, "aXbXc\n", "a-b-c\n", "sed", ":a;s/X/-/;ta");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "aBc!\n", "sed", "s/b/B/;Tx;s/$/!/;:x");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "abc\n", "sed", "s/z/Z/;Tx;s/$/!/;:x");
    CMD_EXPECT(&t, cmd_sed, "x\nb\n", "NOy\nb\n", "sed", "s/x/y/;N;tl;s/^/NO/;:l");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", "X\nb\nX\n", "sed", "2b; s/./X/");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "a+b\n", "sed", ":a;N;$!ba;s/\\n/+/g");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", "a\nb\nc\n", "sed", "N;P;D");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "a-b\n", "sed", "$!N;s/\\n/-/");
    CMD_EXPECT(&t, cmd_sed, "x\n", "x\n", "sed", "N;N;s/x/y/");
    CMD_EXPECT(&t, cmd_sed, "a\n", "a\n", "sed", "n;d");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", "c\n", "sed", "-n", "2{n;p}");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", "a\nX\nX\nc\n", "sed", "2{s/b/X/;p}");
    CMD_EXPECT(&t, cmd_sed, "a\nb\nc\n", "a\nc\n", "sed", "2{d}");
    CMD_EXPECT(&t, cmd_sed, "abc\n", "xyz\n", "sed", "y/abc/xyz/");
    CMD_EXPECT(&t, cmd_sed, "a/b\n", "a|b\n", "sed", "y,/,|,");
    CMD_EXPECT(&t, cmd_sed, "l1\nl2\n", "l1_l2\n", "sed", "N;y/\\n/_/");
    CMD_EXPECT(&t, cmd_sed, "\xc3\xa9" "a\n", "Eb\n", "sed", "y/\xc3\xa9" "a/Eb/");
    CMD_EXPECT(&t, cmd_sed, L5, "2\n3\n4\n", "sed", "-n", "2,4=");
    CMD_EXPECT(&t, cmd_sed, L5, "5\n", "sed", "-n", "$=");
    CMD_EXPECT(&t, cmd_sed, "a\n", "-\na\n", "sed", "F");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "a\n\nb\n\n", "sed", "G");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "\n", "sed", "-n", "$!d;z;p");
    CMD_EXPECT(&t, cmd_sed, "a\tb\001\\\n", "a\\tb\\001\\\\$\n", "sed", "-n", "l");
    CMD_EXPECT(&t, cmd_sed, "\xc3\xa9\n", "\\303\\251$\n", "sed", "-n", "l");
    CMD_EXPECT(&t, cmd_sed, "abcdefghij\n", "abcd\\\nefgh\\\nij$\n", "sed", "-n", "l 5");
    CMD_EXPECT(&t, cmd_sed, "abcdefghij\n", "abcd\\\nefgh\\\nij$\n", "sed", "-l", "5", "-n", "l");
    CMD_EXPECT(&t, cmd_sed, "x\n", "x\n", "sed", "#n\np");
    CMD_EXPECT(&t, cmd_sed, "x\n", "x\n", "sed", "-e", "#n", "-e", "p");
    CMD_EXPECT(&t, cmd_sed, "x\n", "x\nx\n", "sed", "p # comment");
    CMD_EXPECT(&t, cmd_sed, "x\n", "y\n", "sed", "s/x/y/ # c");
    CMD_EXPECT(&t, cmd_sed, "x\n", "x\nx\n", "sed", "w /dev/stdout");
    cmdtest_free(&t);
}

TEST(cmd_sed_missing_newline_and_nul)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_sed, "a", "a\na", "sed", "p");
    CMD_EXPECT(&t, cmd_sed, "a", "a\nfoo\n", "sed", "a foo");
    CMD_EXPECT(&t, cmd_sed, "x\ny", "x\ny", "sed", "N;N;s/\\n/+/g");
    CMD_EXPECT(&t, cmd_sed, "a\nb", "a\n", "sed", "-n", "N;P");
    CMD_EXPECT(&t, cmd_sed, "", "", "sed", "s/x/y/");
    CMD_EXPECT(&t, cmd_sed, "a\nb\n", "a,b,", "sed", "-z", "s/\\n/,/g");
    cmdtest_free(&t);
}

TEST(cmd_sed_files)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "f1", "one\ntwo\nthree\n");
    cmdtest_file(&t, "f2", "alpha\nbeta\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "5\n", "sed", "-n", "$=", "f1", "f2");
    CMD_EXPECT(&t, cmd_sed, NULL, "3\n2\n", "sed", "-s", "-n", "$=", "f1", "f2");
    CMD_EXPECT(&t, cmd_sed, NULL, "f1\n", "sed", "-n", "1F", "f1");
    CMD_EXPECT(&t, cmd_sed, NULL, "two\nthree\nalpha\nbeta\n", "sed", "1d", "f1", "missing", "f2");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "sed: can't read missing: No such file or directory\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "", "sed", "p", "/tmp");
    CHECK_INT(t.status, 4);
    CHECK_STR(ERR(t), "sed: read error on /tmp: Is a directory\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "one\nalpha\nbeta\ntwo\nthree\n", "sed", "1r f2", "f1");
    CMD_EXPECT(&t, cmd_sed, NULL, "one\nalpha\ntwo\nbeta\nthree\n", "sed", "R f2", "f1");
    CMD_EXPECT(&t, cmd_sed, NULL, "one\ntwo\nthree\n", "sed", "$r missing", "f1");
    cmdtest_file(&t, "script", "s/o/0/g\n2d\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "0ne\nthree\n", "sed", "-f", "script", "f1");
    /* w files are created (truncated) when the script is compiled */
    CMD_EXPECT(&t, cmd_sed, NULL, "", "sed", "-n", "/t/w out.txt", "f1");
    FILE_IS(t, "out.txt", "two\nthree\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "onE\ntwo\nthrEe\n", "sed", "s/e/E/w out.txt", "f1");
    FILE_IS(t, "out.txt", "onE\nthrEe\n");
    /* in place, with a backup */
    cmdtest_file(&t, "/tmp/sedtest.txt", "test\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "", "sed", "-i", "s/test/done/", "/tmp/sedtest.txt");
    CHECK_INT(t.status, 0);
    FILE_IS(t, "/tmp/sedtest.txt", "done\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "", "sed", "-i.bak", "s/done/again/", "/tmp/sedtest.txt");
    FILE_IS(t, "/tmp/sedtest.txt", "again\n");
    FILE_IS(t, "/tmp/sedtest.txt.bak", "done\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "", "sed", "--in-place=.orig", "-e", "1i top", "/tmp/sedtest.txt");
    FILE_IS(t, "/tmp/sedtest.txt", "top\nagain\n");
    FILE_IS(t, "/tmp/sedtest.txt.orig", "again\n");
    cmdtest_file(&t, "g1", "a\nb\n");
    cmdtest_file(&t, "g2", "c\nd\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "", "sed", "-i", "1d", "g1", "g2");
    FILE_IS(t, "g1", "b\n");
    FILE_IS(t, "g2", "d\n");
    CMD_EXPECT(&t, cmd_sed, NULL, "b\n", "sed", "-i", "-n", "1w /dev/stdout", "g1");
    FILE_IS(t, "g1", "");
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", "-i", "s/x/y/");
    CHECK_INT(t.status, 4);
    CHECK_STR(ERR(t), "sed: no input files\n");
    cmdtest_free(&t);
}

TEST(cmd_sed_errors)
{
    static const struct { const char *script, *msg; int status; } cases[] = {
        { "k", "sed: -e expression #1, char 1: unknown command: `k'\n", 1 },
        { "s/a/b", "sed: -e expression #1, char 5: unterminated `s' command\n", 1 },
        { "s/a/b/q", "sed: -e expression #1, char 7: unknown option to `s'\n", 1 },
        { "p;p x", "sed: -e expression #1, char 5: extra characters after command\n", 1 },
        { "}", "sed: -e expression #1, char 1: unexpected `}'\n", 1 },
        { "{p", "sed: -e expression #1, char 0: unmatched `{'\n", 1 },
        { ":", "sed: -e expression #1, char 1: \":\" lacks a label\n", 1 },
        { "1:a", "sed: -e expression #1, char 2: : doesn't want any addresses\n", 1 },
        { "bfoo", "sed: can't find label for jump to `foo'\n", 4 },
        { "y/ab/x/", "sed: -e expression #1, char 7: strings for `y' command are different lengths\n", 1 },
        { "1,p", "sed: -e expression #1, char 3: unexpected `,'\n", 1 },
        { "0p", "sed: -e expression #1, char 2: invalid usage of line address 0\n", 1 },
        { "+1p", "sed: -e expression #1, char 2: invalid usage of +N or ~N as first address\n", 1 },
        { "a", "sed: -e expression #1, char 1: expected \\ after `a', `c' or `i'\n", 1 },
        { "r", "sed: -e expression #1, char 1: missing filename in r/R/w/W commands\n", 1 },
        { "s/a/b/gg", "sed: -e expression #1, char 8: multiple `g' options to `s' command\n", 1 },
        { "s/a/b/pp", "sed: -e expression #1, char 8: multiple `p' options to `s' command\n", 1 },
        { "s/a/b/2g3", "sed: -e expression #1, char 9: multiple number options to `s' command\n", 1 },
        { "s/a/b/0", "sed: -e expression #1, char 7: number option to `s' command may not be zero\n", 1 },
        { "s/\\(a\\)/\\2/", "sed: -e expression #1, char 11: invalid reference \\2 on `s' command's RHS\n", 1 },
        { "/abc", "sed: -e expression #1, char 4: unterminated address regex\n", 1 },
        { "1,2,3p", "sed: -e expression #1, char 4: unknown command: `,'\n", 1 },
        { "1!!p", "sed: -e expression #1, char 3: multiple `!'s\n", 1 },
        { "q 5 x", "sed: -e expression #1, char 5: extra characters after command\n", 1 },
        { "1,2q", "sed: -e expression #1, char 4: command only uses one address\n", 1 },
        { "1#foo", "sed: -e expression #1, char 2: comments don't accept any addresses\n", 1 },
        { "y/abc/xyz", "sed: -e expression #1, char 9: unterminated `y' command\n", 1 },
        { "s/[a/b/", "sed: -e expression #1, char 7: unterminated `s' command\n", 1 },
        { "s/\\(/x/", "sed: -e expression #1, char 7: Unmatched ( or \\(\n", 1 },
        { "/\\(/p", "sed: -e expression #1, char 4: Unmatched ( or \\(\n", 1 },
        { "s/[:space:]/y/", "sed: character class syntax is [[:space:]], not [:space:]\n", 4 },
        { "e ls", "sed: -e expression #1, char 1: e/r/w commands disabled in sandbox mode\n", 1 },
        { "//p", "sed: -e expression #1, char 0: no previous regular expression\n", 1 },
    };
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", cases[i].script);
        CHECK_STR(ERR(t), cases[i].msg);
        CHECK_INT(t.status, cases[i].status);
    }
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", "-e", "p", "-e", "k");
    CHECK_STR(ERR(t), "sed: -e expression #2, char 1: unknown command: `k'\n");
    cmdtest_file(&t, "bad", "1p\nk\n");
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", "-f", "bad");
    CHECK_STR(ERR(t), "sed: file bad line 2: unknown command: `k'\n");
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", "-f", "nope");
    CHECK_INT(t.status, 4);
    CHECK_STR(ERR(t), "sed: couldn't open file nope: No such file or directory\n");
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", "-k", "p");
    CHECK(!strncmp(ERR(t), "sed: invalid option -- 'k'\nUsage: sed [OPTION]...", 48));
    cmdtest_free(&t);
}

TEST(cmd_sed_runaway)
{
    /* a loop that never reads or prints ends when the run is aborted */
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    t.abort = 1;
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", ":a;ba");
    t.abort = 0;
    /* the pattern space cannot outgrow the memory limit */
    t.a.limit = t.a.used + 200000;
    CMD_EXPECT(&t, cmd_sed, "x\n", "", "sed", ":a;G;G;ba");
    CHECK_INT(t.status, 4);
    CHECK_STR(ERR(t), "sed: couldn't allocate memory\n");
    t.a.limit = 0;
    cmdtest_free(&t);
}

TEST(cmd_sed_grep_no_leaks)
{
    /* every run gives back all it allocated (the file system aside) */
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "f", "one\ntwo\nthree\n");
    const char *const runs[][9] = {
        { "sed", "-n", "/o/{s//0/gp;h};$!N;x;G;l", "f", NULL },
        { "sed", "-e", "1a\\", "-e", "x", "f", NULL },
        { "sed", "k", NULL },
        { "sed", "s/\\(/x/", NULL },
        { "sed", "1R f\n2r f\n$w /dev/stdout\n$W /dev/stderr", "f", NULL },
        { "sed", "y/abc/xyz/;s/o/\\U&/2", "f", NULL },
        { "grep", "-n", "-C1", "-e", "t", "-e", "\\(o\\)\\1", "f", NULL },
        { "grep", "-r", "--include=f", "-ow", "t[a-z]*", ".", NULL },
        { "grep", "-E", "(", NULL },
        { "rg", "-n", "-r", "$1", "(t)", NULL },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        /* the w file exists already, so rewriting it does not grow the fs */
        sk_buf_free(&t.out);
        sk_buf_free(&t.err);
        size_t before = t.a.used;
        cmdtest_run(&t, !strcmp(runs[i][0], "sed") ? cmd_sed : !strcmp(runs[i][0], "rg") ? cmd_rg : cmd_grep,
                    "in\n", runs[i]);
        sk_buf_free(&t.out);
        sk_buf_free(&t.err);
        CHECK_INT(t.a.used, before);
    }
    cmdtest_free(&t);
}
