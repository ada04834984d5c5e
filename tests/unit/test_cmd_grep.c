/* test_cmd_grep.c — grep, egrep, fgrep and rg run directly (no shell).
 * Expected bytes come from GNU grep 3.8 (LC_ALL=C.UTF-8) except where the
 * comments say the bashkit corpus wants an older grep's output. */
#include "test.h"
#include "cmdtest.h"

SK_CMD("grep", cmd_grep, "");
SK_CMD("egrep", cmd_egrep, "");
SK_CMD("fgrep", cmd_fgrep, "");
SK_CMD("rg", cmd_rg, "");

#define ERR(t) sk_buf_cstr(&(t).err)

TEST(cmd_grep_basic)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nbaz\n", "bar\n", "grep", "bar");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "", "grep", "xyz");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, "", "", "grep", "foo");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, "Hello\nWORLD\n", "Hello\n", "grep", "-i", "hello");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nbaz\n", "foo\nbaz\n", "grep", "-v", "bar");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nbaz\n", "2:bar\n", "grep", "-n", "bar");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nfoo\n", "2\n", "grep", "-c", "foo");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nbaz\n", "2\n", "grep", "-vc", "foo");
    CMD_EXPECT(&t, cmd_grep, "FOO\nfoo\nfoobar\n", "3\n", "grep", "-ic", "foo");
    CMD_EXPECT(&t, cmd_grep, "a.b\na*b\n", "a.b\n", "grep", "-F", "a.b");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nfoobar\n", "foo\nfoobar\n", "grep", "^foo");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nfoobar\n", "bar\nfoobar\n", "grep", "bar$");
    CMD_EXPECT(&t, cmd_grep, "color\ncolour\n", "color\ncolour\n", "grep", "-E", "colou?r");
    CMD_EXPECT(&t, cmd_grep, "foo\nfoobar\nbar foo baz\n", "foo\nbar foo baz\n", "grep", "-w", "foo");
    CMD_EXPECT(&t, cmd_grep, "foo\nfoobar\nbar foo baz\n", "foo\nbar foo baz\n", "grep", "-E", "\\bfoo\\b");
    CMD_EXPECT(&t, cmd_grep, "foo\nfoobar\nbar foo\n", "foo\n", "grep", "-x", "foo");
    CMD_EXPECT(&t, cmd_grep, "FOO\nfoo\nFOObar\n", "FOO\nfoo\n", "grep", "-ix", "foo");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "foo\nbar\n", "grep", "");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nbaz\n", "foo\nbar\n", "grep", "-e", "foo", "-e", "bar");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\nbaz\n", "foo\nbar\n", "grep", "-e", "foo\nbar");
    CMD_EXPECT(&t, cmd_grep, "FOO\nBAR\nbaz\n", "FOO\nBAR\n", "grep", "-i", "-e", "foo", "-e", "bar");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "4:bar\n", "grep", "-b", "bar");
    CMD_EXPECT(&t, cmd_grep, "foo\n", "(standard input):foo\n", "grep", "-H", "foo");
    CMD_EXPECT(&t, cmd_grep, "foo\n", "LBL:1:foo\n", "grep", "-Hn", "--label=LBL", "foo");
    CMD_EXPECT(&t, cmd_grep, "x\nalpha", "alpha\n", "grep", "alpha");
    cmdtest_free(&t);
}

TEST(cmd_grep_regex_dialects)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_grep, "abcd\n", "abcd\n", "grep", "-o", "ab\\|abcd");
    CMD_EXPECT(&t, cmd_grep, "abcd\n", "abcd\n", "grep", "-oE", "ab|abcd");
    CMD_EXPECT(&t, cmd_grep, "abcd\n", "ab\n", "grep", "-oP", "ab|abcd");
    CMD_EXPECT(&t, cmd_grep, "feat(auth): add\nfix(api): x\n", "feat(auth): add\n", "grep", "feat(");
    CMD_EXPECT(&t, cmd_grep, "feat(a): x\nfeat(b): y\nfix(c): z\n", "feat(a): x\nfeat(b): y\n", "grep", "^feat(");
    CMD_EXPECT(&t, cmd_grep, "ac\nabc\nabbc\n", "ac\nabc\nabbc\n", "grep", "ab*c");
    CMD_EXPECT(&t, cmd_grep, "ac\nabc\nabbc\n", "abc\nabbc\n", "grep", "-E", "ab+c");
    CMD_EXPECT(&t, cmd_grep, "ac\nabc\nabbc\n", "ac\nabc\n", "grep", "-E", "ab?c");
    CMD_EXPECT(&t, cmd_grep, "ab\naba\nabab\n", "ab\naba\nabab\n", "grep", "-E", "(ab)+");
    CMD_EXPECT(&t, cmd_grep, "a\naa\naaa\naaaa\n", "aa\naaa\naaaa\n", "grep", "-E", "a{2,3}");
    CMD_EXPECT(&t, cmd_grep, "a1\n12\nb2\n", "a1\nb2\n", "grep", "^[^0-9]");
    CMD_EXPECT(&t, cmd_grep, "foo123\n", "foo123\n", "grep", "-P", "foo\\d+");
    CMD_EXPECT(&t, cmd_grep, "foo bar\n", "bar\n", "grep", "-oP", "(?<=foo )\\w+");
    CMD_EXPECT(&t, cmd_grep, "a1b22c333\n", "1\n22\n333\n", "grep", "-oE", "[0-9]+");
    CMD_EXPECT(&t, cmd_grep, "\xc3\xa9t\xc3\xa9\n", "\xc3\xa9\nt\n\xc3\xa9\n", "grep", "-o", ".");
    CMD_EXPECT(&t, cmd_grep, "caf\xc3\xa9\n", "caf\xc3\xa9\n", "grep", "-i", "CAF\xc3\x89");
    CMD_EXPECT(&t, cmd_grep, "aa\nab\n", "aa\n", "grep", "\\(a\\)\\1");
    CMD_EXPECT(&t, cmd_grep, "a{1,2\n", "a{1,2\n", "grep", "-E", "a{1,2");
    CMD_EXPECT(&t, cmd_grep, "foo_bar foo\n", "foo\n", "grep", "-ow", "foo");
    CMD_EXPECT(&t, cmd_fgrep, "a.b\naxb\n", "a.b\n", "fgrep", "a.b");
    CHECK_STR(ERR(t), "fgrep: warning: fgrep is obsolescent; using grep -F\n");
    CMD_EXPECT(&t, cmd_egrep, "ab\naab\nb\n", "ab\naab\n", "egrep", "a+b");
    /* errors: exit 2 with glibc's wording */
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "\\(");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: Unmatched ( or \\(\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-E", "(");
    CHECK_STR(ERR(t), "grep: Unmatched ( or \\(\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "[:space:]");
    CHECK_STR(ERR(t), "grep: character class syntax is [[:space:]], not [:space:]\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-P", "(");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: missing closing parenthesis\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-P", "-e", "a", "-e", "b");
    CHECK_STR(ERR(t), "grep: the -P option only supports a single pattern\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-E", "-F", "x");
    CHECK_STR(ERR(t), "grep: conflicting matchers specified\n");
    cmdtest_free(&t);
}

TEST(cmd_grep_context)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_grep, "a\nfoo\nb\nc\n", "foo\nb\n", "grep", "-A", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nb\nfoo\nc\n", "b\nfoo\n", "grep", "-B", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nb\nfoo\nc\nd\n", "b\nfoo\nc\n", "grep", "-C", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nfoo\nb\nfoo\nc\n", "foo\nb\nfoo\nc\n", "grep", "-A", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nfoo\nb\nbar\nc\n", "a\nfoo\nb\nbar\nc\n", "grep", "-C", "1", "-e", "foo", "-e", "bar");
    CMD_EXPECT(&t, cmd_grep, "a\nfoo\nb\nfoo\nc\nfoo\nd\n", "foo\nb\nfoo\nc\n", "grep", "-m", "2", "-A", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "foo\nb\nc\n", "foo\n", "grep", "-B", "2", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nb\nfoo\n", "foo\n", "grep", "-A", "2", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nfoo\nb\n", "1-a\n2:foo\n3-b\n", "grep", "-n", "-C", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1-1\n2:2\n3-3\n--\n7-7\n8:8\n9-9\n",
               "grep", "-n", "-C1", "-e", "2", "-e", "8");
    CMD_EXPECT(&t, cmd_grep, "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n--\n7\n8\n9\n", "grep", "-1", "-e", "2", "-e", "8");
    CMD_EXPECT(&t, cmd_grep, "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "2\nXX\n8\n", "grep", "--group-separator=XX", "-A0", "-e", "2", "-e", "8");
    CMD_EXPECT(&t, cmd_grep, "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "2\n3\n8\n9\n", "grep", "--no-group-separator", "-A1", "-e", "2", "-e", "8");
    CMD_EXPECT(&t, cmd_grep, "foo\nfoo\nb\nc\n", "1:foo\n2-foo\n3-b\n", "grep", "-n", "-m1", "-A2", "foo");
    CMD_EXPECT(&t, cmd_grep, "a\nx\nb\n", "a\n", "grep", "-m", "1", "-v", "x");
    CMD_EXPECT(&t, cmd_grep, "foo\nfoo\nfoo\n", "foo\n", "grep", "-m", "1", "foo");
    CMD_EXPECT(&t, cmd_grep, "foo\nfoo\n", "", "grep", "-m", "0", "foo");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-A", "x", "x");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: x: invalid context length argument\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-m", "x", "x");
    CHECK_STR(ERR(t), "grep: invalid max count\n");
    cmdtest_free(&t);
}

TEST(cmd_grep_output_modes)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_grep, "hello world\n", "world\n", "grep", "-o", "world");
    CMD_EXPECT(&t, cmd_grep, "foo bar foo\n", "foo\nfoo\n", "grep", "-o", "foo");
    CMD_EXPECT(&t, cmd_grep, "xay\n", "a\n", "grep", "-o", "a*");
    CMD_EXPECT(&t, cmd_grep, "abc\n", "2:c\n", "grep", "-b", "-o", "c");
    CMD_EXPECT(&t, cmd_grep, "ab ab\n", "1:ab\n1:ab\n", "grep", "-on", "ab");
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "(stdin)\n", "grep", "-l", "foo");   /* corpus: bashkit */
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "", "grep", "-q", "foo");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_grep, "foo\nfoo\n", "", "grep", "-qc", "foo");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "", "grep", "-q", "xyz");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, "foo\n", "foo\n", "grep", "--color=always", "foo");   /* corpus: never coloured */
    CMD_EXPECT(&t, cmd_grep, "foo\nbar\n", "foo\n", "grep", "--line-buffered", "foo");
    CMD_EXPECT(&t, cmd_grep, "line\n", "                  1:\tline\n", "grep", "-T", "-n", "line");
    /* binary data: the notice on stdout, as grep <= 3.4 and the corpus have it */
    cmdtest_file(&t, "bin", "");
    sk_vfs_write_file(&t.vfs, "/home/user", "bin", "foo\0bar\nfoo again\n", 18, 0644);
    CMD_EXPECT(&t, cmd_grep, NULL, "Binary file bin matches\n", "grep", "foo", "bin");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_grep, NULL, "2\n", "grep", "-c", "foo", "bin");
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-I", "foo", "bin");
    CHECK_INT(t.status, 1);
    cmdtest_file(&t, "utf", "caf\xc3\xa9\nfoo\x80" "bar\n");
    CMD_EXPECT(&t, cmd_grep, NULL, "caf\xc3\xa9\n", "grep", "caf", "utf");
    CMD_EXPECT(&t, cmd_grep, NULL, "Binary file utf matches\n", "grep", "bar", "utf");
    CMD_EXPECT(&t, cmd_grep, NULL, "foo\x80" "bar\n", "grep", "-a", "bar", "utf");
    cmdtest_free(&t);
}

TEST(cmd_grep_null_data)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    sk_vfs_write_file(&t.vfs, "/home/user", "z", "a\0b\nfoo\0c\0", 10, 0644);
    cmdtest_run(&t, cmd_grep, NULL, (const char *[]){ "grep", "-z", "foo", "z", NULL });
    CHECK_INT(t.out.len, 6);
    CHECK(t.out.p && !memcmp(t.out.p, "b\nfoo\0", 6));
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-z", "^foo", "z");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, NULL, "1\n", "grep", "-zc", "b.foo", "z");
    cmdtest_file(&t, "a.txt", "foo\n");
    cmdtest_run(&t, cmd_grep, NULL, (const char *[]){ "grep", "-lZ", "foo", "a.txt", NULL });
    CHECK_INT(t.out.len, 6);
    CHECK(t.out.p && !memcmp(t.out.p, "a.txt\0", 6));
    cmdtest_free(&t);
}

TEST(cmd_grep_files)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "a.txt", "alpha\nbeta\ngamma\nalphabet\n");
    cmdtest_file(&t, "b.txt", "one\ntwo\nalpha two\n");
    cmdtest_file(&t, "empty", "");
    CMD_EXPECT(&t, cmd_grep, NULL, "a.txt:alpha\na.txt:alphabet\nb.txt:alpha two\n", "grep", "alpha", "a.txt", "b.txt");
    CMD_EXPECT(&t, cmd_grep, NULL, "alpha\nalphabet\nalpha two\n", "grep", "-h", "alpha", "a.txt", "b.txt");
    CMD_EXPECT(&t, cmd_grep, NULL, "a.txt:1:0:alpha\na.txt:4:17:alphabet\n", "grep", "-nHb", "alpha", "a.txt");
    CMD_EXPECT(&t, cmd_grep, NULL, "a.txt:2\nb.txt:1\nempty:0\n", "grep", "-c", "alpha", "a.txt", "b.txt", "empty");
    CMD_EXPECT(&t, cmd_grep, NULL, "a.txt\nb.txt\n", "grep", "-l", "alpha", "a.txt", "b.txt", "empty");
    CMD_EXPECT(&t, cmd_grep, NULL, "empty\n", "grep", "-L", "alpha", "a.txt", "b.txt", "empty");
    CHECK_INT(t.status, 0);
    /* -L succeeds only when it lists a file (grep 3.2-3.4, the corpus) */
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-L", "alpha", "a.txt");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, NULL, "a.txt:alpha\na.txt-beta\na.txt-gamma\na.txt:alphabet\n--\nb.txt-two\nb.txt:alpha two\n", "grep", "-A1", "-B1", "alpha", "a.txt", "b.txt");
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "alpha", "missing");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: missing: No such file or directory\n");
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-s", "alpha", "missing");
    CHECK_INT(t.status, 2);   /* GNU: -s hides the message, not the trouble */
    CHECK_STR(ERR(t), "");
    CMD_EXPECT(&t, cmd_grep, NULL, "a.txt:alpha\na.txt:alphabet\n", "grep", "alpha", "missing", "a.txt");
    CHECK_INT(t.status, 2);
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-q", "alpha", "missing", "a.txt");
    CHECK_INT(t.status, 0);
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "alpha", "/tmp");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: /tmp: Is a directory\n");
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-d", "skip", "alpha", "/tmp");
    CHECK_INT(t.status, 1);
    cmdtest_file(&t, "pats", "gamma\nbet\n");
    CMD_EXPECT(&t, cmd_grep, NULL, "beta\ngamma\nalphabet\n", "grep", "-f", "pats", "a.txt");
    cmdtest_file(&t, "nopats", "");
    CMD_EXPECT(&t, cmd_grep, "foo\n", "", "grep", "-f", "nopats");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, "foo\n", "foo\n", "grep", "-v", "-f", "nopats");
    CMD_EXPECT(&t, cmd_grep, "foo\n", "", "grep", "-f", "nofile");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: nofile: No such file or directory\n");
    cmdtest_free(&t);
}

TEST(cmd_grep_recursive)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "/tmp/r/a.txt", "match\n");
    cmdtest_file(&t, "/tmp/r/sub/b.txt", "nope\n");
    cmdtest_file(&t, "/tmp/r/sub/c.txt", "match here\n");
    cmdtest_file(&t, "/tmp/r/vendor/d.log", "match log\n");
    cmdtest_file(&t, "/tmp/r/.hidden", "match hidden\n");
    CMD_EXPECT(&t, cmd_grep, NULL,
               "/tmp/r/.hidden:match hidden\n/tmp/r/a.txt:match\n/tmp/r/sub/c.txt:match here\n/tmp/r/vendor/d.log:match log\n",
               "grep", "-r", "match", "/tmp/r");
    CMD_EXPECT(&t, cmd_grep, NULL, "/tmp/r/a.txt:match\n/tmp/r/sub/c.txt:match here\n", "grep", "-r", "--include=*.txt", "match", "/tmp/r");
    CMD_EXPECT(&t, cmd_grep, NULL, "/tmp/r/.hidden:match hidden\n/tmp/r/a.txt:match\n/tmp/r/sub/c.txt:match here\n",
               "grep", "-r", "--exclude=*.log", "match", "/tmp/r");
    CMD_EXPECT(&t, cmd_grep, NULL, "/tmp/r/.hidden:match hidden\n/tmp/r/a.txt:match\n/tmp/r/sub/c.txt:match here\n",
               "grep", "-r", "--exclude-dir=vendor", "match", "/tmp/r");
    CMD_EXPECT(&t, cmd_grep, NULL, "/tmp/r/.hidden\n/tmp/r/a.txt\n/tmp/r/sub/c.txt\n/tmp/r/vendor/d.log\n", "grep", "-rl", "match", "/tmp/r/");
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-r", "zzz", "/tmp/r");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_grep, NULL, "", "grep", "-r", "--include=*.md", "match", "/tmp/r");
    CHECK_INT(t.status, 1);
    /* a single file operand: no name prefix even with -r */
    CMD_EXPECT(&t, cmd_grep, NULL, "match\n", "grep", "-r", "match", "/tmp/r/a.txt");
    /* no operand: the working directory, names relative to it */
    cmdtest_file(&t, "x/y.txt", "match y\n");
    cmdtest_file(&t, "z.txt", "match z\n");
    CMD_EXPECT(&t, cmd_grep, NULL, "x/y.txt:match y\nz.txt:match z\n", "grep", "-r", "match");
    CMD_EXPECT(&t, cmd_grep, NULL, "./x/y.txt:match y\n./z.txt:match z\n", "grep", "-r", "match", ".");
    /* symbolic links: followed on the command line and with -R only */
    sk_vfs_symlink(&t.vfs, "/home/user", "/tmp/r", "link");
    CMD_EXPECT(&t, cmd_grep, NULL, "x/y.txt:match y\nz.txt:match z\n", "grep", "-r", "match");
    CMD_EXPECT(&t, cmd_grep, NULL, "link/a.txt:match\nlink/sub/c.txt:match here\n", "grep", "-R", "--exclude-dir=vendor", "--exclude=.*", "match", "link");
    /* a link back to an ancestor: a warning, not an endless walk */
    sk_vfs_symlink(&t.vfs, "/home/user", "..", "/tmp/r/sub/up");
    CMD_EXPECT(&t, cmd_grep, NULL, "/tmp/r/a.txt\n/tmp/r/sub/c.txt\n", "grep", "-Rl", "--exclude=.*", "--exclude=*.log", "match", "/tmp/r");
    CHECK_STR(ERR(t), "grep: /tmp/r/sub/up: warning: recursive directory loop\n");
    cmdtest_free(&t);
}

TEST(cmd_grep_options_errors)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-k", "x");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: invalid option -- 'k'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "--colr", "x");
    CHECK_STR(ERR(t), "grep: unrecognized option '--colr'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
    CMD_EXPECT(&t, cmd_grep, "x\n", "", "grep", "-e");
    CHECK_STR(ERR(t), "grep: option requires an argument -- 'e'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
    cmdtest_run(&t, cmd_grep, NULL, (const char *[]){ "grep", "--help", NULL });
    CHECK(!strncmp(sk_buf_cstr(&t.out), "Usage: grep [OPTION]... PATTERNS [FILE]...\n", 43));
    CHECK_INT(t.status, 0);
    /* options after operands (GNU permutes) */
    CMD_EXPECT(&t, cmd_grep, "a\nb\n", "1:a\n", "grep", "a", "-n");
    cmdtest_free(&t);
}

TEST(cmd_grep_regex_limit)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    t.lim.regex_match_limit = 5000;
    char line[64];
    memset(line, 'a', 40);
    strcpy(line + 40, "b\n");
    CMD_EXPECT(&t, cmd_grep, line, "", "grep", "-P", "(a+)+$");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "grep: regex match limit exceeded\n");
    /* POSIX patterns without back-references never hit it */
    CMD_EXPECT(&t, cmd_grep, line, "", "grep", "-E", "(a+)+$");
    CHECK_INT(t.status, 1);
    cmdtest_free(&t);
}

TEST(cmd_rg_basic)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    CMD_EXPECT(&t, cmd_rg, "hello world\ngoodbye\nhello again\n", "hello world\nhello again\n", "rg", "hello");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\nbaz\n", "bar\n", "rg", "bar");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\nbaz\n", "2:bar\n", "rg", "-n", "bar");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\n", "bar\n", "rg", "-N", "bar");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\n", "bar\n", "rg", "--no-line-number", "bar");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\nbaz\n", "2:bar\n", "rg", "--line-number", "bar");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\n", "", "rg", "xyz");
    CHECK_INT(t.status, 1);
    CMD_EXPECT(&t, cmd_rg, "Hello\nWORLD\nhello\n", "Hello\nhello\n", "rg", "-i", "hello");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\nfoo again\n", "2\n", "rg", "-c", "foo");
    CMD_EXPECT(&t, cmd_rg, "foo\nbar\nbaz\n", "bar\nbaz\n", "rg", "-v", "foo");
    CMD_EXPECT(&t, cmd_rg, "a.b\naxb\n", "a.b\n", "rg", "-F", "a.b");
    CMD_EXPECT(&t, cmd_rg, "cat\ncatch\nmy cat\n", "cat\nmy cat\n", "rg", "-w", "cat");
    CMD_EXPECT(&t, cmd_rg, "foo\nfoo\nfoo\n", "foo\n", "rg", "-m", "1", "foo");
    CMD_EXPECT(&t, cmd_rg, "Hello\nhello\n", "Hello\nhello\n", "rg", "-S", "hello");
    CMD_EXPECT(&t, cmd_rg, "Hello\nhello\n", "Hello\n", "rg", "-S", "Hello");
    CMD_EXPECT(&t, cmd_rg, "a1 b22\n", "1\n22\n", "rg", "-o", "\\d+");
    CMD_EXPECT(&t, cmd_rg, "key=val\n", "val=key\n", "rg", "(\\w+)=(\\w+)", "-r", "$2=$1");
    CMD_EXPECT(&t, cmd_rg, "key=val\n", "K\n", "rg", "-o", "(?P<k>\\w+)=", "-r", "K");
    cmdtest_free(&t);
}

TEST(cmd_rg_files)
{
    cmdtest t;
    CHECK_INT(cmdtest_init(&t), 0);
    cmdtest_file(&t, "p/a.py", "import os\nx = 1\n");
    cmdtest_file(&t, "p/b.txt", "import nothing\n");
    cmdtest_file(&t, "p/.hidden.py", "import hidden\n");
    cmdtest_file(&t, "p/sub/c.py", "import sys\n");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/b.txt:import nothing\np/sub/c.py:import sys\n", "rg", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:1:import os\np/b.txt:1:import nothing\np/sub/c.py:1:import sys\n", "rg", "-n", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/.hidden.py:import hidden\np/a.py:import os\np/b.txt:import nothing\np/sub/c.py:import sys\n", "rg", "--hidden", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/sub/c.py:import sys\n", "rg", "-g", "*.py", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/b.txt:import nothing\n", "rg", "-g", "!*.py", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/sub/c.py:import sys\n", "rg", "-t", "py", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py\np/b.txt\np/sub/c.py\n", "rg", "-l", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:1\np/b.txt:1\np/sub/c.py:1\n", "rg", "-c", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py\np/b.txt\np/sub/c.py\n", "rg", "--files", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "import os\n", "rg", "import", "p/a.py");
    /* ignore files: .ignore always, .gitignore inside a git repository */
    cmdtest_file(&t, "p/.ignore", "b.txt\n");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/sub/c.py:import sys\n", "rg", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/b.txt:import nothing\np/sub/c.py:import sys\n", "rg", "--no-ignore", "import", "p");
    cmdtest_file(&t, "p/sub/.gitignore", "*.py\n");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/sub/c.py:import sys\n", "rg", "import", "p");
    sk_vfs_mkdir(&t.vfs, "/home/user", "p/.git", 0755);
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\n", "rg", "import", "p");
    cmdtest_file(&t, "p/.gitignore", "/sub/\n");
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\n", "rg", "import", "p");
    cmdtest_file(&t, "p/.rgignore", "!b.txt\n");   /* .rgignore outranks .ignore */
    CMD_EXPECT(&t, cmd_rg, NULL, "p/a.py:import os\np/b.txt:import nothing\n", "rg", "import", "p");
    CMD_EXPECT(&t, cmd_rg, NULL, "", "rg", "import", "nope");
    CHECK_INT(t.status, 2);
    CHECK_STR(ERR(t), "rg: nope: No such file or directory (os error 2)\n");
    cmdtest_free(&t);
}
