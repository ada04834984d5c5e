/* test_cmd_text_misc.c — hand-written checks for text commands whose effect
 * is on files (tee, sort -o, uniq OUTPUT) or that are not deterministic
 * against the GNU tools (shuf, sort -R). */
#include "texttest.h"

SK_CMD("tee", cmd_tee, "");
SK_CMD("sort", cmd_sort, "");
SK_CMD("uniq", cmd_uniq, "");
SK_CMD("cat", cmd_cat, "");

static const char *file_text(cmdtest *t, const char *path, sk_buf *b)
{
    sk_buf_clear(b);
    if (sk_vfs_read_file(&t->vfs, "/home/user", path, 0, b)) return "(missing)";
    return sk_buf_cstr(b);
}

TEST(cmd_text_tee_files)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sk_buf b = SK_BUF_INIT(&t.a);
    TX(&t, cmd_tee, "hello\n", "hello\n", 0, "", "tee", "/tmp/tee_out.txt");
    CHECK_STR(file_text(&t, "/tmp/tee_out.txt", &b), "hello\n");
    cmdtest_file(&t, "/tmp/app.txt", "first\n");
    TX(&t, cmd_tee, "second\n", "second\n", 0, "", "tee", "-a", "/tmp/app.txt");
    CHECK_STR(file_text(&t, "/tmp/app.txt", &b), "first\nsecond\n");
    TX(&t, cmd_tee, "multi\n", "multi\n", 0, "", "tee", "m1", "m2");
    CHECK_STR(file_text(&t, "m1", &b), "multi\n");
    CHECK_STR(file_text(&t, "m2", &b), "multi\n");
    cmdtest_file(&t, "ow", "old old old\n");
    TX(&t, cmd_tee, "new\n", "new\n", 0, "", "tee", "ow");
    CHECK_STR(file_text(&t, "ow", &b), "new\n");
    /* a file that cannot be opened: reported, the others still written */
    TX(&t, cmd_tee, "x\n", "x\n", 1, "tee: /nonexist/f: No such file or directory\n", "tee", "/nonexist/f", "ok");
    CHECK_STR(file_text(&t, "ok", &b), "x\n");
    TX(&t, cmd_tee, "to null\n", "to null\n", 0, "", "tee", "/dev/null");
    TX(&t, cmd_tee, "err\n", "err\n", 0, "err\n", "tee", "/dev/stderr");
    TX(&t, cmd_tee, "x\n", "", 1, "tee: invalid option -- 'z'\nTry 'tee --help' for more information.\n", "tee", "-z");
    sk_buf_free(&b);
    cmdtest_free(&t);
}

TEST(cmd_text_sort_output_file)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sk_buf b = SK_BUF_INIT(&t.a);
    TX(&t, cmd_sort, "b\na\n", "", 0, "", "sort", "-o", "/tmp/sorted.txt");
    CHECK_STR(file_text(&t, "/tmp/sorted.txt", &b), "a\nb\n");
    /* sort -o onto its own input */
    cmdtest_file(&t, "self", "3\n1\n2\n");
    TX(&t, cmd_sort, "", "", 0, "", "sort", "-n", "-o", "self", "self");
    CHECK_STR(file_text(&t, "self", &b), "1\n2\n3\n");
    TX(&t, cmd_sort, "b\na\n", "", 2, "sort: open failed: /nonexist/x: No such file or directory\n", "sort", "-o",
       "/nonexist/x");
    TX(&t, cmd_uniq, "a\na\nb\n", "", 0, "", "uniq", "-", "u.out");
    CHECK_STR(file_text(&t, "u.out", &b), "a\nb\n");
    sk_buf_free(&b);
    cmdtest_free(&t);
}

TEST(cmd_text_sort_random_groups)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    /* -R: equal keys stay together, every line is kept, deterministic per seed */
    const char *in = "a\nb\na\nc\nb\na\n";
    const char *argv[] = { "sort", "-R", NULL };
    txt_run(&t, cmd_sort, in, strlen(in), argv);
    CHECK_INT(t.status, 0);
    const char *o = sk_buf_cstr(&t.out);
    CHECK_INT(strlen(o), 12);
    const char *first_a = strchr(o, 'a'), *last_a = strrchr(o, 'a');
    CHECK(first_a && last_a && last_a - first_a == 4);
    cmdtest_free(&t);
}
