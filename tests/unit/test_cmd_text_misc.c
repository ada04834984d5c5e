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

SK_CMD("shuf", cmd_shuf, "");

/* Lines of the output, sorted, joined by spaces (for order-free checks). */
static void sorted_words(const char *s, char *out, size_t cap)
{
    const char *w[256];
    size_t lens[256];
    int n = 0;
    while (*s && n < 256) {
        const char *e = strchr(s, '\n');
        if (!e) e = s + strlen(s);
        w[n] = s;
        lens[n++] = (size_t)(e - s);
        s = *e ? e + 1 : e;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            size_t m = lens[j] < lens[j - 1] ? lens[j] : lens[j - 1];
            int d = memcmp(w[j - 1], w[j], m);
            if (d > 0 || (d == 0 && lens[j - 1] > lens[j])) {
                const char *t = w[j]; w[j] = w[j - 1]; w[j - 1] = t;
                size_t tl = lens[j]; lens[j] = lens[j - 1]; lens[j - 1] = tl;
            }
        }
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < n && k + lens[i] + 2 < cap; i++) {
        if (i) out[k++] = ' ';
        memcpy(out + k, w[i], lens[i]);
        k += lens[i];
        out[k] = 0;
    }
}

TEST(cmd_text_shuf)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    char words[1024];
    TXO(&t, cmd_shuf, "", "", 0, "shuf", "-n", "0", "-e", "a");
    const char *a1[] = { "shuf", "-e", "apple", "banana", "cherry", NULL };
    txt_run(&t, cmd_shuf, "", 0, a1);
    sorted_words(sk_buf_cstr(&t.out), words, sizeof words);
    CHECK_STR(words, "apple banana cherry");
    const char *a2[] = { "shuf", "-i", "1-5", NULL };
    txt_run(&t, cmd_shuf, "", 0, a2);
    sorted_words(sk_buf_cstr(&t.out), words, sizeof words);
    CHECK_STR(words, "1 2 3 4 5");
    const char *a3[] = { "shuf", "-n", "2", "-e", "a", "b", "c", "d", NULL };
    txt_run(&t, cmd_shuf, "", 0, a3);
    CHECK_INT(t.out.len, 4);
    const char *a4[] = { "shuf", "-r", "-n", "7", "-e", "a", "b", NULL };
    txt_run(&t, cmd_shuf, "", 0, a4);
    CHECK_INT(t.out.len, 14);
    const char *a5[] = { "shuf", NULL };
    txt_run(&t, cmd_shuf, "x\ny\nz", 5, a5);
    sorted_words(sk_buf_cstr(&t.out), words, sizeof words);
    CHECK_STR(words, "x y z");
    /* a huge range is never materialised */
    const char *a6[] = { "shuf", "-i", "1-1000000000000", "-n", "3", NULL };
    txt_run(&t, cmd_shuf, "", 0, a6);
    CHECK_INT(t.status, 0);
    const char *o6 = sk_buf_cstr(&t.out);
    int lines = 0;
    for (const char *p = o6; *p; p++) lines += *p == '\n';
    CHECK_INT(lines, 3);
    /* deterministic for a given seed */
    t.rng = 7;
    txt_run(&t, cmd_shuf, "", 0, a2);
    char first[64];
    snprintf(first, sizeof first, "%s", sk_buf_cstr(&t.out));
    t.rng = 7;
    txt_run(&t, cmd_shuf, "", 0, a2);
    CHECK_STR(sk_buf_cstr(&t.out), first);
    TX(&t, cmd_shuf, "a\nb", "a\nb\0", 0, "", "shuf", "-z");
    TX(&t, cmd_shuf, "", "", 0, "", "shuf", "-i", "5-4");
    TX(&t, cmd_shuf, "", "", 1, "shuf: invalid input range: 'x'\n", "shuf", "-i", "x");
    TX(&t, cmd_shuf, "", "", 1, "shuf: invalid input range: '5-1'\n", "shuf", "-i", "5-1");
    TX(&t, cmd_shuf, "", "", 1, "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n",
       "shuf", "-i", "1-5", "-e", "a");
    TX(&t, cmd_shuf, "", "", 1, "shuf: invalid line count: 'x'\n", "shuf", "-n", "x");
    TX(&t, cmd_shuf, "", "", 1, "shuf: extra operand 'b'\nTry 'shuf --help' for more information.\n", "shuf", "a", "b");
    TX(&t, cmd_shuf, "", "", 1, "shuf: nofile: No such file or directory\n", "shuf", "nofile");
    TX(&t, cmd_shuf, "", "", 1, "shuf: no lines to repeat\n", "shuf", "-r", "-n", "3");
    /* sandbox rule: -r needs -n */
    TXO(&t, cmd_shuf, "", "", 1, "shuf", "-r", "-e", "a", "b");
    cmdtest_free(&t);
}
