/* test_cmd_fs.c — filesystem commands: what the generated differential
 * tests cannot cover (quotas, the sandbox's user and clock, find -exec,
 * mktemp's seeded names, archives and compression round trips, prompts,
 * diff headers).  Expected bytes follow GNU's formats (checked by hand
 * against coreutils 9.1 / findutils 4.9 / tar 1.34 / gzip 1.12 /
 * diffutils 3.8 on Debian 12) with the sandbox's own values. */
#include "fstest.h"
#include "cmd/fsutil.h"

SK_CMD("mkdir", cmd_mkdir, "");
SK_CMD("touch", cmd_touch, "");
SK_CMD("cp", cmd_cp, "");
SK_CMD("mv", cmd_mv, "");
SK_CMD("rm", cmd_rm, "");
SK_CMD("ln", cmd_ln, "");
SK_CMD("ls", cmd_ls, "");
SK_CMD("find", cmd_find, "");
SK_CMD("stat", cmd_stat, "");
SK_CMD("du", cmd_du, "");
SK_CMD("df", cmd_df, "");
SK_CMD("mktemp", cmd_mktemp, "");
SK_CMD("truncate", cmd_truncate, "");
SK_CMD("tar", cmd_tar, "");
SK_CMD("gzip", cmd_gzip, "");
SK_CMD("gunzip", cmd_gunzip, "");
SK_CMD("zcat", cmd_zcat, "");
SK_CMD("diff", cmd_diff, "");
SK_CMD("chown", cmd_chown, "");
SK_CMD("chgrp", cmd_chgrp, "");
SK_CMD("mkfifo", cmd_mkfifo, "");
SK_CMD("sync", cmd_sync, "");
SK_CMD("cat", cmd_cat, "");
SK_CMD("file", cmd_file, "");
SK_CMD("chmod", cmd_chmod, "");

/* ---- quotas: the VFS limits surface as the usual errors ------------------ */

TEST(cmd_fs_quota_file_count)
{
    fst t;
    sk_limits lim = sk_limits_default();
    lim.max_file_count = 15; /* the standard tree takes 13 */
    if (fst_init_lim(&t, &lim)) { CHECK(0); return; }
    FS(&t, cmd_mkdir, "", 0, "", "mkdir", "a");
    FS(&t, cmd_touch, "", 0, "", "touch", "f");
    FS(&t, cmd_mkdir, "", 1, "mkdir: cannot create directory 'b': No space left on device\n", "mkdir", "b");
    FS(&t, cmd_mkdir, "", 1, "mkdir: cannot create directory 'x': No space left on device\n", "mkdir", "-p", "x/y");
    FS(&t, cmd_touch, "", 1, "touch: cannot touch 'g': No space left on device\n", "touch", "g");
    FS(&t, cmd_cp, "", 1, "cp: error writing 'f2': No space left on device\n", "cp", "f", "f2");
    FS(&t, cmd_ln, "", 1, "ln: failed to create symbolic link 'l': No space left on device\n", "ln", "-s", "f", "l");
    FS(&t, cmd_mktemp, "", 1, "mktemp: failed to create file via template '/tmp/tmp.XXXXXXXXXX': No space left on device\n",
       "mktemp");
    /* removing makes room again */
    FS(&t, cmd_rm, "", 0, "", "rm", "f");
    FS(&t, cmd_touch, "", 0, "", "touch", "g");
    fst_free(&t);
}

TEST(cmd_fs_quota_bytes)
{
    fst t;
    sk_limits lim = sk_limits_default();
    lim.max_fs_bytes = 100;
    lim.max_file_size = 60;
    if (fst_init_lim(&t, &lim)) { CHECK(0); return; }
    fst_file(&t, "a", "0123456789012345678901234567890123456789", 40);
    FS(&t, cmd_truncate, "", 1, "truncate: failed to truncate 'a' at 61 bytes: File too large\n", "truncate", "-s", "61", "a");
    FS(&t, cmd_truncate, "", 0, "", "truncate", "-s", "60", "a");
    FS(&t, cmd_cp, "", 1, "cp: error writing 'b': No space left on device\n", "cp", "a", "b");
    FS(&t, cmd_truncate, "", 1, "truncate: failed to truncate 'c' at 50 bytes: No space left on device\n", "truncate", "-s", "50",
       "c");
    /* the failed write left nothing behind but the empty file truncate made */
    FS(&t, cmd_find, "./a 60\n./c 0\n", 0, "", "find", ".", "-type", "f", "-printf", "%p %s\n");
    FS(&t, cmd_tar, "", 2, "tar: x.tar: Cannot write: File too large\ntar: Error is not recoverable: exiting now\n", "tar",
       "-cf", "x.tar", "a");
    fst_free(&t);
}

TEST(cmd_fs_quota_tar_extract)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "d/big", "0123456789012345678901234567890123456789", 40);
    fst_file(&t, "d/small", "x", 1);
    FS(&t, cmd_tar, "", 0, "", "tar", "-czf", "/tmp/a.tgz", "d");
    sk_buf ar = SK_BUF_INIT(NULL);
    sk_alloc host;
    sk_alloc_init(&host, 0);
    ar.a = &host;
    CHECK_INT(sk_vfs_read_file(&t.vfs, "/", "/tmp/a.tgz", 0, &ar), 0);
    fst_free(&t);
    /* extract into a filesystem with room for the small file only */
    sk_limits lim = sk_limits_default();
    lim.max_fs_bytes = 20;
    if (fst_init_lim(&t, &lim)) { CHECK(0); return; }
    fst_run(&t, cmd_tar, ar.p, ar.len, (const char *const[]){ "tar", "-xzf", "-", NULL });
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "tar: d/big: Cannot open: No space left on device\n"
                                   "tar: Exiting with failure status due to previous errors\n");
    FS(&t, cmd_find, "d\nd/small\n", 0, "", "find", "d");
    /* gunzip into a file that does not fit */
    sk_buf_free(&ar);
    fst_free(&t);
}

/* ---- the sandbox user and clock ------------------------------------------ */

TEST(cmd_fs_ls_owner_and_times)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "old", "x", 1);
    fst_mtime(&t, "old", 1500000000);
    fst_file(&t, "new", "xy", 2);
    fst_mtime(&t, "new", FST_NOW - 3600);
    fst_file(&t, "future", "", 0);
    fst_mtime(&t, "future", FST_NOW + 3600);
    FS(&t, cmd_ls, "total 8\n"
                   "-rw-r--r-- 1 sandbox sandbox 0 Nov 14  2023 future\n"
                   "-rw-r--r-- 1 sandbox sandbox 2 Nov 14 21:13 new\n"
                   "-rw-r--r-- 1 sandbox sandbox 1 Jul 14  2017 old\n", 0, "", "ls", "-l");
    FS(&t, cmd_ls, "total 8\n"
                   "-rw-r--r-- 1 1000 1000 0 Nov 14  2023 future\n"
                   "-rw-r--r-- 1 1000 1000 2 Nov 14 21:13 new\n"
                   "-rw-r--r-- 1 1000 1000 1 Jul 14  2017 old\n", 0, "", "ls", "-ln");
    FS(&t, cmd_ls, "future\nnew\nold\n", 0, "", "ls", "-t");
    FS(&t, cmd_ls, "old\nnew\nfuture\n", 0, "", "ls", "-tr");
    FS(&t, cmd_ls, "new\nold\nfuture\n", 0, "", "ls", "-S");
    fst_run(&t, cmd_ls, NULL, 0, (const char *const[]){ "ls", "--help", NULL });
    CHECK(t.out.len > 100 && !memcmp(t.out.p, "Usage: ls [OPTION]... [FILE]...\n", 32));
    fst_free(&t);
}

TEST(cmd_fs_stat_default)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "f", "hello\n", 6);
    fst_mtime(&t, "f", 1600000000);
    fst_run(&t, cmd_stat, NULL, 0, (const char *const[]){ "stat", "f", NULL });
    CHECK_INT(t.status, 0);
    /* the inode line depends on the allocation order: compare around it */
    const char *o = sk_buf_cstr(&t.out);
    static const char head[] = "  File: f\n  Size: 6         \tBlocks: 8          IO Block: 4096   regular file\n"
                                "Device: 0,1\tInode: ";
    CHECK(!strncmp(o, head, sizeof head - 1));
    CHECK(strstr(o, "Links: 1    \nAccess: (0644/-rw-r--r--)  Uid: ( 1000/ sandbox)   Gid: ( 1000/ sandbox)\n"
                    "Access: 2020-09-13 12:26:40.000000000 +0000\nModify: 2020-09-13 12:26:40.000000000 +0000\n"
                    "Change: 2020-09-13 12:26:40.000000000 +0000\n Birth: 2020-09-13 12:26:40.000000000 +0000\n") != NULL);
    FS(&t, cmd_stat, "1000 1000 sandbox sandbox\n", 0, "", "stat", "-c", "%u %g %U %G", "f");
    FS(&t, cmd_stat, "", 1, "stat: cannot statx 'nope': No such file or directory\n", "stat", "nope");
    FS(&t, cmd_stat, "", 1, "stat: unrecognized option '--no-such-flag'\nTry 'stat --help' for more information.\n", "stat",
       "--no-such-flag", "f");
    fst_run(&t, cmd_stat, NULL, 0, (const char *const[]){ "stat", "-f", "/", NULL });
    CHECK_INT(t.status, 0);
    CHECK(!strncmp(sk_buf_cstr(&t.out), "  File: \"/\"\n    ID: 0        Namelen: 255     Type: memfs\n", 55));
    fst_free(&t);
}

TEST(cmd_fs_find_times)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "d/hour", "", 0);
    fst_mtime(&t, "d/hour", FST_NOW - 3600);
    fst_file(&t, "d/day2", "", 0);
    fst_mtime(&t, "d/day2", FST_NOW - 2 * 86400 - 60);
    fst_file(&t, "d/week", "", 0);
    fst_mtime(&t, "d/week", FST_NOW - 8 * 86400);
    FS(&t, cmd_find, "d/hour\n", 0, "", "find", "d", "-type", "f", "-mtime", "0");
    FS(&t, cmd_find, "d/day2\nd/week\n", 0, "", "find", "d", "-type", "f", "-mtime", "+1");
    FS(&t, cmd_find, "d/day2\n", 0, "", "find", "d", "-type", "f", "-mtime", "2");
    FS(&t, cmd_find, "d/day2\nd/hour\n", 0, "", "find", "d", "-type", "f", "-mtime", "-7");
    FS(&t, cmd_find, "d/hour\n", 0, "", "find", "d", "-type", "f", "-mmin", "-61");
    FS(&t, cmd_find, "d/day2\nd/week\n", 0, "", "find", "d", "-type", "f", "-mmin", "+61");
    FS(&t, cmd_find, "d/hour\n", 0, "", "find", "d", "-type", "f", "-newermt", "2023-11-13");
    FS(&t, cmd_find, "d/day2\nd/hour\n", 0, "", "find", "d", "-type", "f", "-newer", "d/week");
    FS(&t, cmd_find, "       16      0 -rw-r--r--   1 sandbox  sandbox         0 Nov 14 21:13 d/hour\n", 0, "", "find",
       "d/hour", "-ls");
    fst_free(&t);
}

TEST(cmd_fs_touch_dates)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    static const struct { const char *arg; const char *want; } cases[] = {
        { "2021-03-04", "2021-03-04 00:00:00" },
        { "2021-03-04 05:06", "2021-03-04 05:06:00" },
        { "2021-03-04T05:06:07Z", "2021-03-04 05:06:07" },
        { "2021-03-04T05:06:07+02:00", "2021-03-04 03:06:07" },
        { "@0", "1970-01-01 00:00:00" },
        { "yesterday", "2023-11-13 22:13:20" },
        { "tomorrow", "2023-11-15 22:13:20" },
        { "2 days ago", "2023-11-12 22:13:20" },
        { "1 hour ago", "2023-11-14 21:13:20" },
        { "+3 weeks", "2023-12-05 22:13:20" },
        { "next month", "2023-12-14 22:13:20" },
        { "last year", "2022-11-14 22:13:20" },
        { "Jan 2 2020", "2020-01-02 00:00:00" },
        { "2 Jan 2020 10:00", "2020-01-02 10:00:00" },
        { "12/25/2022", "2022-12-25 00:00:00" },
        { "10:30", "2023-11-14 10:30:00" },
        { "2021-03-04 +1 day", "2021-03-05 00:00:00" },
        { "now", "2023-11-14 22:13:20" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t ns;
        int rc = fsu_parse_date(cases[i].arg, FST_NOW * 1000000000LL, &ns);
        CHECK_INT(rc, 0);
        sk_buf b = SK_BUF_INIT(&t.a);
        fsu_strftime(&b, "%Y-%m-%d %H:%M:%S", ns);
        CHECK_STR(sk_buf_cstr(&b), cases[i].want);
        sk_buf_free(&b);
    }
    int64_t ns;
    CHECK(fsu_parse_date("garbage", 0, &ns) < 0);
    CHECK(fsu_parse_date("2021-13-01", 0, &ns) < 0);
    FS(&t, cmd_touch, "", 0, "", "touch", "-d", "2 days ago", "f");
    FS(&t, cmd_find, "f 2023-11-12 22:13\n", 0, "", "find", "f", "-printf", "%p %TY-%Tm-%Td %TH:%TM\n");
    FS(&t, cmd_touch, "", 0, "", "touch", "-t", "202604061200.00", "f");
    FS(&t, cmd_find, "f 2026-04-06 12:00\n", 0, "", "find", "f", "-printf", "%p %TY-%Tm-%Td %TH:%TM\n");
    FS(&t, cmd_touch, "", 0, "", "touch", "f");
    FS(&t, cmd_find, "f 2023-11-14 22:13\n", 0, "", "find", "f", "-printf", "%p %TY-%Tm-%Td %TH:%TM\n");
    fst_free(&t);
}

/* ---- find -exec through the shell's exec hook ----------------------------- */

TEST(cmd_fs_find_exec)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "d/a.txt", "", 0);
    fst_file(&t, "d/b.txt", "", 0);
    fst_dir(&t, "d/dir.txt");
    FS(&t, cmd_find, "", 1, "find: cannot run commands here (-exec is not available)\n", "find", "d", "-exec", "echo", "{}",
       ";");
    t.with_exec = 1;
    FS(&t, cmd_find, "EXEC: echo d/a.txt\nEXEC: echo d/b.txt\n", 0, "", "find", "d", "-type", "f", "-exec", "echo", "{}",
       ";");
    FS(&t, cmd_find, "EXEC: echo x-d/a.txt-y\n", 0, "", "find", "d", "-name", "a*", "-exec", "echo", "x-{}-y", ";");
    FS(&t, cmd_find, "EXEC: echo -n d/a.txt d/b.txt\n", 0, "", "find", "d", "-type", "f", "-exec", "echo", "-n", "{}",
       "+");
    FS(&t, cmd_find, "EXEC: echo EXEC:d/dir.txt\n", 0, "", "find", "d", "-maxdepth", "1", "-not", "-type", "f", "-name",
       "*.txt", "-exec", "echo", "EXEC:{}", ";");
    /* the exit status of -exec ; is the test's value */
    FS(&t, cmd_find, "EXEC: false d/a.txt\nEXEC: false d/b.txt\n", 0, "", "find", "d", "-type", "f", "-exec", "false",
       "{}", ";", "-print");
    FS(&t, cmd_find, "EXEC: false d/a.txt d/b.txt\n", 1, "", "find", "d", "-type", "f", "-exec", "false", "{}", "+");
    FS(&t, cmd_find, "EXEC: echo d/a.txt\nd/a.txt\n", 0, "", "find", "d", "-name", "a.txt", "-exec", "echo", "{}", ";",
       "-print");
    FS(&t, cmd_find, "", 1, "find: -ok is not supported (no terminal to ask)\n", "find", "d", "-ok", "rm", "{}", ";");
    FS(&t, cmd_find, "", 1, "find: missing argument to `-exec'\n", "find", "d", "-exec", "echo", "{}");
    fst_free(&t);
}

/* ---- mktemp: names come from the seeded PRNG ------------------------------ */

TEST(cmd_fs_mktemp)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", NULL });
    CHECK_INT(t.status, 0);
    const char *o = sk_buf_cstr(&t.out);
    CHECK(t.out.len == 20 && !strncmp(o, "/tmp/tmp.", 9) && o[19] == '\n');
    char first[32];
    memcpy(first, o, 19);
    first[19] = 0;
    sk_stat st;
    CHECK_INT(sk_vfs_stat(&t.vfs, "/", first, &st), 0);
    CHECK_INT(st.type, SK_FILE_REGULAR);
    CHECK_INT(st.mode, 0600);
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", NULL });
    CHECK(strcmp(sk_buf_cstr(&t.out), first) != 0);
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", "-d", NULL });
    char dir[32];
    memcpy(dir, t.out.p, 19);
    dir[19] = 0;
    CHECK_INT(sk_vfs_stat(&t.vfs, "/", dir, &st), 0);
    CHECK_INT(st.type, SK_FILE_DIR);
    CHECK_INT(st.mode, 0700);
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", "-u", NULL });
    memcpy(dir, t.out.p, 19);
    CHECK(sk_vfs_stat(&t.vfs, "/", dir, &st) == SK_ENOENT);
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", "myXXXXXX", NULL });
    CHECK(t.out.len == 9 && !strncmp(t.out.p, "my", 2));
    CHECK(sk_vfs_is_file(&t.vfs, "/home/user", "myXXXXXX") == 0);
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", "--suffix=.txt", "/tmp/aXXX", NULL });
    CHECK(t.out.len == 14 && !strncmp(t.out.p, "/tmp/a", 6) && !strncmp(t.out.p + 9, ".txt\n", 5));
    fst_dir(&t, "custom");
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", "-p", "custom", NULL });
    CHECK(t.out.len == 22 && !strncmp(t.out.p, "custom/tmp.", 11));
    t.envp[0] = "TMPDIR=/home/user/custom";
    fst_run(&t, cmd_mktemp, NULL, 0, (const char *const[]){ "mktemp", "-t", "x.XXX", NULL });
    CHECK(t.out.len == 24 && !strncmp(t.out.p, "/home/user/custom/x.", 20));
    t.envp[0] = NULL;
    FS(&t, cmd_mktemp, "", 1, "mktemp: too few X's in template 'abc'\n", "mktemp", "abc");
    FS(&t, cmd_mktemp, "", 1, "mktemp: failed to create file via template 'nodir/tmp.XXXXXXXXXX': No such file or directory\n",
       "mktemp", "-p", "nodir");
    FS(&t, cmd_mktemp, "", 1, "mktemp: unrecognized option '--no-such-flag'\nTry 'mktemp --help' for more information.\n",
       "mktemp", "--no-such-flag");
    fst_free(&t);
}

/* ---- du and df on the virtual filesystem --------------------------------- */

TEST(cmd_fs_du_df)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "du_test/f1.txt", "data\n", 5);
    char big[5000];
    memset(big, 0, sizeof big);
    fst_file(&t, "du_test/e/big", big, sizeof big);
    FS(&t, cmd_du, "12\tdu_test/e\n20\tdu_test\n", 0, "", "du", "du_test");
    FS(&t, cmd_du, "8\tdu_test/e/big\n12\tdu_test/e\n4\tdu_test/f1.txt\n20\tdu_test\n", 0, "", "du", "-a", "du_test");
    FS(&t, cmd_du, "20K\tdu_test\n", 0, "", "du", "-sh", "du_test");
    FS(&t, cmd_du, "9096\tdu_test/e\n", 0, "", "du", "-b", "du_test/e");
    FS(&t, cmd_du, "13\tdu_test\n", 0, "", "du", "--apparent-size", "-s", "du_test");
    FS(&t, cmd_du, "12\tdu_test/e\n20\tdu_test\n20\ttotal\n", 0, "", "du", "-c", "du_test", "du_test/e");
    FS(&t, cmd_du, "20\tdu_test\n", 0, "", "du", "-d", "0", "du_test");
    FS(&t, cmd_du, "4\tdu_test/f1.txt\n", 0, "", "du", "-k", "du_test/f1.txt");
    FS(&t, cmd_du, "1\tdu_test/e\n1\tdu_test\n", 0, "", "du", "-m", "du_test");
    FS(&t, cmd_du, "13k\tdu_test/e\n", 0, "", "du", "-h", "--si", "du_test/e");
    FS(&t, cmd_du, "16\tdu_test\n", 0, "", "du", "-s", "--exclude=*.txt", "du_test");
    FS(&t, cmd_du, "8\tdu_test\n", 0, "", "du", "-sS", "du_test");
    FS(&t, cmd_du, "", 1, "du: cannot access 'nope': No such file or directory\n", "du", "nope");
    FS(&t, cmd_du, "", 1, "du: cannot both summarize and show all entries\nTry 'du --help' for more information.\n", "du",
       "-sa", "du_test");
    FS(&t, cmd_du, "12\t./du_test/e\n20\t./du_test\n24\t.\n", 0, "", "du");
    FS(&t, cmd_df, "Filesystem     1K-blocks  Used Available Use% Mounted on\n"
                   "sandkiste         262144     5    262139   1% /\n", 0, "", "df");
    FS(&t, cmd_df, "Filesystem      Size  Used Avail Use% Mounted on\n"
                   "sandkiste       256M  4.9K  256M   1% /\n", 0, "", "df", "-h");
    FS(&t, cmd_df, "Filesystem     Type  1K-blocks  Used Available Use% Mounted on\n"
                   "sandkiste      memfs    262144     5    262139   1% /\n", 0, "", "df", "-T", "/tmp");
    FS(&t, cmd_df, "Filesystem     Inodes IUsed IFree IUse% Mounted on\n"
                   "sandkiste      100000    17 99983    1% /\n", 0, "", "df", "-i");
    FS(&t, cmd_df, "", 1, "df: nope: No such file or directory\n", "df", "nope");
    fst_free(&t);
}

/* ---- tar and gzip round trips --------------------------------------------- */

TEST(cmd_fs_tar_roundtrip)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "/tmp/tdeep/top.txt", "a\n", 2);
    fst_file(&t, "/tmp/tdeep/sub/bot.txt", "b\n", 2);
    fst_link(&t, "top.txt", "/tmp/tdeep/ln");
    fst_mtime(&t, "/tmp/tdeep/top.txt", 1600000000);
    FS(&t, cmd_tar, "", 0, "tar: Removing leading `/' from member names\n", "tar", "-cf", "/tmp/t.tar", "/tmp/tdeep");
    FS(&t, cmd_tar, "tmp/tdeep/\ntmp/tdeep/ln\ntmp/tdeep/sub/\ntmp/tdeep/sub/bot.txt\ntmp/tdeep/top.txt\n", 0, "", "tar",
       "-tf", "/tmp/t.tar");
    fst_run(&t, cmd_tar, NULL, 0, (const char *const[]){ "tar", "-tvf", "/tmp/t.tar", "tmp/tdeep/top.txt", "tmp/tdeep/ln", NULL });
    CHECK_STR(sk_buf_cstr(&t.out), "lrwxrwxrwx sandbox/sandbox   0 2023-11-14 22:13 tmp/tdeep/ln -> top.txt\n"
                                   "-rw-r--r-- sandbox/sandbox   2 2020-09-13 12:26 tmp/tdeep/top.txt\n");
    FS(&t, cmd_tar, "b\na\n", 0, "", "tar", "-xf", "/tmp/t.tar", "-O", "tmp/tdeep/top.txt", "tmp/tdeep/sub");
    FS(&t, cmd_tar, "tmp/tdeep/\ntmp/tdeep/ln\ntmp/tdeep/sub/\ntmp/tdeep/sub/bot.txt\ntmp/tdeep/top.txt\n", 0, "", "tar", "-xvf",
       "/tmp/t.tar");
    FS(&t, cmd_find, "tmp/tdeep/ln l top.txt\ntmp/tdeep/sub/bot.txt f \ntmp/tdeep/top.txt f \n", 0, "", "find", "tmp", "!",
       "-type", "d", "-printf", "%p %y %l\n");
    FS(&t, cmd_find, "tmp/tdeep/top.txt 2020-09-13\n", 0, "", "find", "tmp", "-name", "top.txt", "-printf", "%p %TY-%Tm-%Td\n");
    /* -C, --strip-components, gzip with the compression detected on reading */
    FS(&t, cmd_tar, "", 0, "", "tar", "-czf", "/tmp/t.tgz", "-C", "/tmp", "tdeep");
    FS(&t, cmd_mkdir, "", 0, "", "mkdir", "out");
    FS(&t, cmd_tar, "", 0, "", "tar", "-xf", "/tmp/t.tgz", "-C", "out", "--strip-components=1");
    FS(&t, cmd_find, "out\nout/ln\nout/sub\nout/sub/bot.txt\nout/top.txt\n", 0, "", "find", "out");
    FS(&t, cmd_tar, "a\n", 0, "", "tar", "xzOf", "/tmp/t.tgz", "tdeep/top.txt");
    /* errors */
    FS(&t, cmd_tar, "", 2, "tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\n"
                           "Try 'tar --help' or 'tar --usage' for more information.\n", "tar");
    FS(&t, cmd_tar, "", 2, "tar: Cowardly refusing to create an empty archive\n"
                           "Try 'tar --help' or 'tar --usage' for more information.\n", "tar", "-cf", "/tmp/e.tar");
    FS(&t, cmd_tar, "", 2, "tar: /nonexistent/path: Cannot stat: No such file or directory\n"
                           "tar: Exiting with failure status due to previous errors\n", "tar", "-cf", "/tmp/bad.tar",
       "/nonexistent/path");
    FS(&t, cmd_tar, "", 2, "tar: nope.tar: Cannot open: No such file or directory\n"
                           "tar: Error is not recoverable: exiting now\n", "tar", "-xf", "nope.tar");
    FS(&t, cmd_tar, "", 2, "tar: nope: Not found in archive\ntar: Exiting with failure status due to previous errors\n",
       "tar", "-tf", "/tmp/t.tar", "nope");
    fst_file(&t, "notar", "hi\n", 3);
    FS(&t, cmd_tar, "", 2, "tar: This does not look like a tar archive\n"
                           "tar: Exiting with failure status due to previous errors\n", "tar", "-tf", "notar");
    FS(&t, cmd_tar, "", 2, "\ngzip: stdin: not in gzip format\ntar: Child returned status 1\n"
                           "tar: Error is not recoverable: exiting now\n", "tar", "-tzf", "/tmp/t.tar");
    /* unsafe member names are refused, the rest is extracted */
    fst_free(&t);
}

TEST(cmd_fs_tar_stdio_and_verbose)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "vtest/f.txt", "x\n", 2);
    FS(&t, cmd_tar, "vtest/\nvtest/f.txt\n", 0, "", "tar", "-cvf", "v.tar", "vtest");
    fst_run(&t, cmd_tar, NULL, 0, (const char *const[]){ "tar", "-cvf", "-", "vtest/f.txt", NULL });
    CHECK_INT(t.status, 0);
    CHECK_INT(t.out.len, 10240);
    CHECK_STR(sk_buf_cstr(&t.err), "vtest/f.txt\n");
    CHECK(!memcmp(t.out.p + 257, "ustar\0" "00", 8));
    /* read an archive from stdin */
    sk_buf ar = SK_BUF_INIT(&t.a);
    sk_buf_put(&ar, t.out.p, t.out.len);
    fst_run(&t, cmd_tar, ar.p, ar.len, (const char *const[]){ "tar", "-t", NULL });
    CHECK_STR(sk_buf_cstr(&t.out), "vtest/f.txt\n");
    sk_buf_free(&ar);
    fst_free(&t);
}

TEST(cmd_fs_gzip)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "a", "hello hello hello hello\n", 24);
    fst_mtime(&t, "a", 1600000000);
    FS(&t, cmd_gzip, "", 0, "", "gzip", "a");
    FS(&t, cmd_find, "a.gz\n", 0, "", "find", "-name", "a*", "-printf", "%f\n");
    FS(&t, cmd_zcat, "hello hello hello hello\n", 0, "", "zcat", "a.gz");
    FS(&t, cmd_zcat, "hello hello hello hello\n", 0, "", "zcat", "a");
    FS(&t, cmd_gunzip, "", 0, "", "gunzip", "-t", "a.gz");
    fst_run(&t, cmd_gzip, NULL, 0, (const char *const[]){ "gzip", "-l", "a.gz", NULL });
    CHECK(!strncmp(sk_buf_cstr(&t.out), "         compressed        uncompressed  ratio uncompressed_name\n", 65));
    CHECK(strstr(sk_buf_cstr(&t.out), "                  24  ") != NULL);
    FS(&t, cmd_gunzip, "", 0, "", "gunzip", "a.gz");
    FS(&t, cmd_find, "a 2020-09-13 24\n", 0, "", "find", "-name", "a*", "-printf", "%f %TY-%Tm-%Td %s\n");
    FS(&t, cmd_gzip, "", 0, "", "gzip", "-k", "a");
    FS(&t, cmd_gzip, "", 2, "gzip: a.gz already exists;\tnot overwritten\n", "gzip", "a");
    FS(&t, cmd_gzip, "", 2, "gzip: a.gz already has .gz suffix -- unchanged\n", "gzip", "-f", "a.gz");
    FS(&t, cmd_gunzip, "", 1, "gzip: nope.gz: No such file or directory\n", "gunzip", "nope");
    FS(&t, cmd_gzip, "", 1, "gzip: nope: No such file or directory\n", "gzip", "nope");
    fst_file(&t, "c.txt", "x\n", 2);
    FS(&t, cmd_gunzip, "", 2, "gzip: c.txt: unknown suffix -- ignored\n", "gunzip", "c.txt");
    FS(&t, cmd_gunzip, "", 1, "gzip: c.txt: not in gzip format\n", "gunzip", "-c", "c.txt");
    FSI(&t, cmd_gunzip, "", "", 1, "gzip: stdin: unexpected end of file\n", "gunzip");
    /* stdin to stdout and back */
    fst_run(&t, cmd_gzip, "abc\n", 4, (const char *const[]){ "gzip", NULL });
    CHECK_INT(t.status, 0);
    CHECK(t.out.len > 18 && (unsigned char)t.out.p[0] == 0x1f && (unsigned char)t.out.p[1] == 0x8b);
    sk_buf z = SK_BUF_INIT(&t.a);
    sk_buf_put(&z, t.out.p, t.out.len);
    sk_buf_put(&z, t.out.p, t.out.len); /* two members */
    fst_run(&t, cmd_gunzip, z.p, z.len, (const char *const[]){ "gunzip", "-c", NULL });
    CHECK_STR(sk_buf_cstr(&t.out), "abc\nabc\n");
    sk_buf_put(&z, "junk", 4);
    fst_run(&t, cmd_gunzip, z.p, z.len, (const char *const[]){ "gunzip", "-c", NULL });
    CHECK_STR(sk_buf_cstr(&t.out), "abc\nabc\n");
    CHECK_INT(t.status, 2);
    CHECK_STR(sk_buf_cstr(&t.err), "gzip: stdin: decompression OK, trailing garbage ignored\n");
    z.p[12] ^= 0x55; /* corrupt the data */
    fst_run(&t, cmd_gunzip, z.p, z.len, (const char *const[]){ "gunzip", "-c", NULL });
    CHECK_INT(t.status, 1);
    sk_buf_free(&z);
    FS(&t, cmd_file, "a.gz: gzip compressed data, was \"a\", last modified: Sun Sep 13 12:26:40 2020, from Unix, original size modulo 2^32 24\n",
       0, "", "file", "a.gz");
    fst_free(&t);
}

/* ---- diff headers and modes ------------------------------------------------ */

TEST(cmd_fs_diff)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "a", "hello\n", 6);
    fst_mtime(&t, "a", 1577836800);
    fst_file(&t, "b", "world\n", 6);
    fst_mtime(&t, "b", 1577923200);
    FS(&t, cmd_diff, "--- a\t2020-01-01 00:00:00.000000000 +0000\n+++ b\t2020-01-02 00:00:00.000000000 +0000\n"
                     "@@ -1 +1 @@\n-hello\n+world\n", 1, "", "diff", "-u", "a", "b");
    FS(&t, cmd_diff, "*** a\tWed Jan  1 00:00:00 2020\n--- b\tThu Jan  2 00:00:00 2020\n***************\n*** 1 ****\n"
                     "! hello\n--- 1 ----\n! world\n", 1, "", "diff", "-c", "a", "b");
    FS(&t, cmd_diff, "--- L1\n+++ L2\n@@ -1 +1 @@\n-hello\n+world\n", 1, "", "diff", "--label", "L1", "--label", "L2",
       "-u", "a", "b");
    FSI(&t, cmd_diff, "x\n", "1c1\n< x\n---\n> hello\n", 1, "", "diff", "-", "a");
    FS(&t, cmd_diff, "Files a and b differ\n", 1, "", "diff", "-q", "a", "b");
    FS(&t, cmd_diff, "Files a and a are identical\n", 0, "", "diff", "-s", "a", "a");
    FS(&t, cmd_diff, "", 0, "", "diff", "a", "a");
    fst_file(&t, "bin1", "a\0b", 3);
    fst_file(&t, "bin2", "a\0c", 3);
    FS(&t, cmd_diff, "Binary files bin1 and bin2 differ\n", 1, "", "diff", "bin1", "bin2");
    FS(&t, cmd_diff, "", 2, "diff: nope: No such file or directory\n", "diff", "nope", "a");
    FS(&t, cmd_diff, "", 2, "diff: missing operand after 'a'\ndiff: Try 'diff --help' for more information.\n", "diff", "a");
    FS(&t, cmd_diff, "--- missing\t1970-01-01 00:00:00.000000000 +0000\n+++ a\t2020-01-01 00:00:00.000000000 +0000\n"
                     "@@ -0,0 +1 @@\n+hello\n", 1, "", "diff", "-uN", "missing", "a");
    fst_free(&t);
}

/* ---- prompts read one line of stdin each ----------------------------------- */

TEST(cmd_fs_prompts)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "a", "", 0);
    fst_file(&t, "b", "x", 1);
    fst_file(&t, "c", "", 0);
    FSI(&t, cmd_rm, "y\nn\nyes\n", "", 0, "rm: remove regular empty file 'a'? rm: remove regular file 'b'? rm: remove regular empty file 'c'? ",
        "rm", "-i", "a", "b", "c");
    FS(&t, cmd_find, "b\n", 0, "", "find", "-type", "f", "-printf", "%f\n");
    fst_file(&t, "d", "new", 3);
    FSI(&t, cmd_cp, "n\n", "", 0, "cp: overwrite 'b'? ", "cp", "-i", "d", "b");
    FS(&t, cmd_cat, "x", 0, "", "cat", "b");
    FSI(&t, cmd_mv, "y\n", "", 0, "mv: overwrite 'b'? ", "mv", "-i", "d", "b");
    FS(&t, cmd_cat, "new", 0, "", "cat", "b");
    fst_free(&t);
}

/* ---- ownership commands accept and change nothing ------------------------- */

TEST(cmd_fs_chown_misc)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "f", "", 0);
    fst_dir(&t, "d/e");
    FS(&t, cmd_chown, "", 0, "", "chown", "root:root", "f");
    FS(&t, cmd_chown, "", 0, "", "chown", "-R", "user:user", "d");
    FS(&t, cmd_chgrp, "", 0, "", "chgrp", "staff", "f");
    FS(&t, cmd_chown, "ownership of 'f' retained as sandbox\n", 0, "", "chown", "-v", "x", "f");
    FS(&t, cmd_chown, "", 1, "chown: missing operand after 'root'\nTry 'chown --help' for more information.\n", "chown",
       "root");
    FS(&t, cmd_chown, "", 1, "chown: cannot access '/tmp/nonexistent_chown_xyz': No such file or directory\n", "chown",
       "root:root", "/tmp/nonexistent_chown_xyz");
    FS(&t, cmd_mkfifo, "", 1, "mkfifo: cannot create fifo 'p': Operation not supported\n", "mkfifo", "p");
    FS(&t, cmd_sync, "", 0, "", "sync");
    FS(&t, cmd_chmod, "", 1, "chmod: invalid option -- 'z'\nTry 'chmod --help' for more information.\n", "chmod", "-z",
       "f");
    fst_free(&t);
}

/* ---- fsutil pieces ---------------------------------------------------------- */

TEST(cmd_fs_util_human_and_modes)
{
    static const struct { uint64_t n; int base; const char *want; } h[] = {
        { 0, 1024, "0" }, { 1023, 1024, "1023" }, { 1024, 1024, "1.0K" }, { 1025, 1024, "1.1K" },
        { 1536, 1024, "1.5K" }, { 10240, 1024, "10K" }, { 10241, 1024, "11K" }, { 1048575, 1024, "1.0M" },
        { 1048576, 1024, "1.0M" }, { 5000, 1000, "5.0k" }, { 13198, 1000, "14k" }, { 999999, 1000, "1.0M" },
        { 268435456, 1024, "256M" },
    };
    for (size_t i = 0; i < sizeof h / sizeof h[0]; i++) {
        char buf[32];
        fsu_human(h[i].n, h[i].base, buf);
        CHECK_STR(buf, h[i].want);
    }
    static const struct { const char *spec; uint32_t old; int dir; uint32_t want; } m[] = {
        { "755", 0644, 0, 0755 }, { "u+x", 0644, 0, 0744 }, { "+x", 0644, 0, 0755 }, { "+w", 0444, 0, 0644 },
        { "-w", 0666, 0, 0466 }, { "=r", 0644, 0, 0444 }, { "go-w", 0666, 0, 0644 }, { "a=r", 0777, 0, 0444 },
        { "+X", 0644, 0, 0644 }, { "+X", 0744, 0, 0755 }, { "+X", 0644, 1, 0755 }, { "g+u", 0700, 0, 0770 },
        { "u+s,g+s,+t", 0755, 0, 07755 }, { "755", 02755, 1, 02755 }, { "00755", 02755, 1, 0755 },
        { "u=rwx,go=", 0644, 0, 0700 }, { "o=u", 0750, 0, 0757 },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
        uint32_t out = 0;
        CHECK_INT(fsu_parse_mode(m[i].spec, m[i].old, m[i].dir, &out), 0);
        CHECK_INT(out, m[i].want);
    }
    uint32_t out;
    CHECK(fsu_parse_mode("abc", 0, 0, &out) < 0);
    CHECK(fsu_parse_mode("8", 0, 0, &out) < 0);
    CHECK(fsu_parse_mode("u+x,", 0, 0, &out) < 0);
    CHECK(fsu_fnmatch("*.txt", "a.txt", 0));
    CHECK(!fsu_fnmatch("*.txt", "a.txt.bak", 0));
    CHECK(fsu_fnmatch("*/a/*", "x/a/b/c", 0));
    CHECK(!fsu_fnmatch("*/a/*", "x/a/b/c", FSU_FNM_PATHNAME));
    CHECK(fsu_fnmatch("[a-c]?[!x]", "bqy", 0));
    CHECK(fsu_fnmatch("[[:digit:]]*", "1abc", 0));
    CHECK(fsu_fnmatch("*.TXT", "a.txt", FSU_FNM_CASEFOLD));
    CHECK(fsu_fnmatch("a\\*", "a*", 0));
    CHECK(!fsu_fnmatch("a\\*", "ab", 0));
    CHECK(!fsu_fnmatch("*", ".hidden", FSU_FNM_PERIOD));
    CHECK(fsu_fnmatch("[]a]", "]", 0));
    CHECK(fsu_fnmatch("*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", 0));
}

/* long -a/-o chains are evaluated in a loop; deep nesting is refused */
TEST(cmd_fs_find_long_expressions)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    fst_file(&t, "d/x", "", 0);
    enum { N = 6000 };
    const char **av = sk_malloc(&t.a, (N * 3 + 8) * sizeof *av);
    int n = 0;
    av[n++] = "find";
    av[n++] = "d";
    av[n++] = "-type";
    av[n++] = "f";
    for (int i = 0; i < N; i++) {
        av[n++] = i ? "-o" : "(";
        av[n++] = "-name";
        av[n++] = i == N - 1 ? "x" : "nomatch";
    }
    av[n++] = ")";
    av[n] = NULL;
    fst_run(&t, cmd_find, NULL, 0, av);
    CHECK_INT(t.status, 0);
    CHECK_STR(sk_buf_cstr(&t.out), "d/x\n");
    n = 0;
    av[n++] = "find";
    av[n++] = "d";
    for (int i = 0; i < 400; i++) av[n++] = "(";
    av[n++] = "-true";
    for (int i = 0; i < 400; i++) av[n++] = ")";
    av[n] = NULL;
    fst_run(&t, cmd_find, NULL, 0, av);
    CHECK_INT(t.status, 1);
    CHECK_STR(sk_buf_cstr(&t.err), "find: expression nested too deeply\n");
    sk_free(&t.a, av);
    fst_free(&t);
}
