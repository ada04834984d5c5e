/* test_cmd_misc.c — the system-ish commands run directly: the sandbox
 * identity, env/printenv over an injected environment, sleep/timeout
 * without a shell, xargs/nohup/stdbuf/watch through the recording exec
 * hook of fstest.h ("EXEC: argv"), date against the fixed clock
 * (FST_NOW = 2023-11-14 22:13:20 UTC, a Tuesday), pagers, bc details.
 * Expected command lines for xargs are those `xargs -t` prints with GNU
 * findutils on the same input; date values were checked with GNU date. */
#include "fstest.h"
#include "misctest.h"

SK_CMD("whoami", cmd_whoami, "");
SK_CMD("logname", cmd_logname, "");
SK_CMD("hostname", cmd_hostname, "");
SK_CMD("uname", cmd_uname, "");
SK_CMD("arch", cmd_arch, "");
SK_CMD("id", cmd_id, "");
SK_CMD("groups", cmd_groups, "");
SK_CMD("nproc", cmd_nproc, "");
SK_CMD("tty", cmd_tty, "");
SK_CMD("getconf", cmd_getconf, "");
SK_CMD("clear", cmd_clear, "");
SK_CMD("env", cmd_env, "");
SK_CMD("printenv", cmd_printenv, "");
SK_CMD("sleep", cmd_sleep, "");
SK_CMD("timeout", cmd_timeout, "");
SK_CMD("xargs", cmd_xargs, "");
SK_CMD("nohup", cmd_nohup, "");
SK_CMD("stdbuf", cmd_stdbuf, "");
SK_CMD("watch", cmd_watch, "");
SK_CMD("less", cmd_less, "");
SK_CMD("more", cmd_more, "");
SK_CMD("date", cmd_date, "");
SK_CMD("bc", cmd_bc, "");

TEST(cmd_misc_identity)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    FS(&t, cmd_whoami, "sandbox\n", 0, "", "whoami");
    FS(&t, cmd_whoami, "", 1, "whoami: extra operand 'x'\nTry 'whoami --help' for more information.\n", "whoami", "x");
    FS(&t, cmd_logname, "sandbox\n", 0, "", "logname");
    FS(&t, cmd_hostname, "bashkit-sandbox\n", 0, "", "hostname");
    FS(&t, cmd_hostname, "bashkit-sandbox\n", 0, "", "hostname", "-f");
    FS(&t, cmd_hostname, "127.0.0.1\n", 0, "", "hostname", "-i");
    FS(&t, cmd_hostname, "", 1, "hostname: you must be root to change the host name\n", "hostname", "other");
    FS(&t, cmd_uname, "Linux\n", 0, "", "uname");
    FS(&t, cmd_uname, "Linux x86_64\n", 0, "", "uname", "-s", "-m");
    FS(&t, cmd_uname, "Linux bashkit-sandbox 6.1.0-sandkiste #1 SMP PREEMPT_DYNAMIC Debian 6.1.0 x86_64 GNU/Linux\n", 0, "",
       "uname", "-a");
    FS(&t, cmd_uname, "unknown unknown GNU/Linux\n", 0, "", "uname", "-pio");
    FS(&t, cmd_uname, "", 1, "uname: invalid option -- 'x'\nTry 'uname --help' for more information.\n", "uname", "-x");
    FS(&t, cmd_uname, "", 1, "uname: extra operand 'a'\nTry 'uname --help' for more information.\n", "uname", "a");
    FS(&t, cmd_arch, "x86_64\n", 0, "", "arch");
    FS(&t, cmd_id, "uid=1000(sandbox) gid=1000(sandbox) groups=1000(sandbox)\n", 0, "", "id");
    FS(&t, cmd_id, "1000\n", 0, "", "id", "-u");
    FS(&t, cmd_id, "sandbox\n", 0, "", "id", "-un");
    FS(&t, cmd_id, "sandbox\n", 0, "", "id", "-Gn");
    FS(&t, cmd_id, "1000\n", 0, "", "id", "-g", "sandbox");
    FS(&t, cmd_id, "", 1, "id: cannot print only names or real IDs in default format\n", "id", "-n");
    FS(&t, cmd_id, "", 1, "id: cannot print \"only\" of more than one choice\n", "id", "-ug");
    FS(&t, cmd_id, "", 1, "id: 'root': no such user\n", "id", "root");
    FS(&t, cmd_groups, "sandbox\n", 0, "", "groups");
    FS(&t, cmd_groups, "sandbox : sandbox\n", 1, "groups: 'nobody': no such user\n", "groups", "sandbox", "nobody");
    FS(&t, cmd_nproc, "1\n", 0, "", "nproc");
    FS(&t, cmd_nproc, "1\n", 0, "", "nproc", "--all");
    FS(&t, cmd_tty, "not a tty\n", 1, "", "tty");
    FS(&t, cmd_tty, "", 1, "", "tty", "-s");
    FS(&t, cmd_tty, "", 2, "tty: extra operand 'x'\nTry 'tty --help' for more information.\n", "tty", "x");
    FS(&t, cmd_getconf, "4096\n", 0, "", "getconf", "PAGESIZE");
    FS(&t, cmd_getconf, "64\n", 0, "", "getconf", "LONG_BIT");
    FS(&t, cmd_getconf, "4096\n", 0, "", "getconf", "PATH_MAX", "/");
    FS(&t, cmd_getconf, "", 2, "getconf: Unrecognized variable `FOO'\n", "getconf", "FOO");
    FS(&t, cmd_getconf, "", 2,
       "Usage: getconf [-v specification] variable_name [pathname]\n       getconf -a [pathname]\n", "getconf");
    FS(&t, cmd_clear, "", 0, "", "clear");
    t.envp[0] = (char *)"TERM=xterm";
    FS(&t, cmd_clear, "\033[H\033[2J\033[3J", 0, "", "clear");
    t.envp[0] = NULL;
    fst_free(&t);
}

TEST(cmd_misc_env_printenv)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    FS(&t, cmd_env, "", 0, "", "env");
    FS(&t, cmd_printenv, "", 0, "", "printenv");
    FS(&t, cmd_printenv, "", 1, "", "printenv", "NONEXISTENT_VAR_XYZ_123");
    t.envp[0] = (char *)"A=1";
    t.envp[1] = (char *)"B=two words";
    FS(&t, cmd_env, "A=1\nB=two words\n", 0, "", "env");
    FS(&t, cmd_env, "A=1\nB=two words\nC=3\n", 0, "", "env", "C=3");
    FS(&t, cmd_env, "A=x\nB=two words\n", 0, "", "env", "A=x");
    FS(&t, cmd_env, "B=two words\n", 0, "", "env", "-u", "A");
    FS(&t, cmd_env, "C=3\n", 0, "", "env", "-i", "C=3");
    FS(&t, cmd_env, "C=3\n", 0, "", "env", "-", "C=3");
    FS(&t, cmd_env, "=x\n", 0, "", "env", "-i", "=x");
    FS(&t, cmd_env, "A=1\0B=two words\0", 0, "", "env", "-0");
    FS(&t, cmd_env, "", 125, "env: invalid option -- 'x'\nTry 'env --help' for more information.\n", "env", "-x");
    FS(&t, cmd_env, "", 125, "env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n",
       "env", "-0", "true");
    FS(&t, cmd_env, "", 125, "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n",
       "env", "-C", "/tmp");
    FS(&t, cmd_printenv, "1\n", 0, "", "printenv", "A");
    FS(&t, cmd_printenv, "two words\n1\n", 1, "", "printenv", "B", "NOPE", "A");
    FS(&t, cmd_printenv, "1\0", 0, "", "printenv", "-0", "A");
    FS(&t, cmd_printenv, "", 1, "", "printenv", "A=1");
    FS(&t, cmd_printenv, "", 2, "printenv: invalid option -- 'x'\nTry 'printenv --help' for more information.\n",
       "printenv", "-x");
    /* with a command: the exec hook runs it (no environment hook here) */
    t.with_exec = 1;
    FS(&t, cmd_env, "EXEC: echo hi\n", 0, "", "env", "echo", "hi");
    FS(&t, cmd_env, "EXEC: echo -S\n", 0, "", "env", "-S", "echo -S");
    FS(&t, cmd_env, "EXEC: echo a b c --\n", 0, "", "env", "-S", "echo 'a b'  c", "--");
    FS(&t, cmd_env, "", 126, "env: cannot run commands in a modified environment here\n", "env", "X=1", "echo");
    t.with_exec = 0;
    t.envp[0] = t.envp[1] = NULL;
    fst_free(&t);
}

TEST(cmd_misc_sleep_timeout)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    /* no shell: sleep returns at once */
    FS(&t, cmd_sleep, "", 0, "", "sleep", "5");
    FS(&t, cmd_sleep, "", 0, "", "sleep", "infinity");
    FS(&t, cmd_sleep, "", 0, "", "sleep", "0.5", "1m", "1h", "1d", "1e3", "0x10");
    FS(&t, cmd_sleep, "", 1, "sleep: invalid time interval 'abc'\n", "sleep", "abc");
    FS(&t, cmd_sleep, "", 1, "sleep: invalid time interval 'nan'\n", "sleep", "nan");
    FS(&t, cmd_sleep, "", 1, "sleep: missing operand\nTry 'sleep --help' for more information.\n", "sleep");
    t.with_exec = 1;
    FS(&t, cmd_timeout, "EXEC: echo hello\n", 0, "", "timeout", "5", "echo", "hello");
    FS(&t, cmd_timeout, "EXEC: false\n", 1, "", "timeout", "5s", "false");
    FS(&t, cmd_timeout, "EXEC: timeout 3 echo nested\n", 0, "", "timeout", "1m", "timeout", "3", "echo", "nested");
    FS(&t, cmd_timeout, "EXEC: echo x\n", 0, "", "timeout", "--preserve-status", "-s", "KILL", "-k", "1", "0", "echo", "x");
    FS(&t, cmd_timeout, "EXEC: echo -s\n", 0, "", "timeout", "1", "echo", "-s");
    FS(&t, cmd_timeout, "", 125, "timeout: invalid time interval '-1'\nTry 'timeout --help' for more information.\n",
       "timeout", "--", "-1", "echo");
    FS(&t, cmd_timeout, "", 125, "timeout: invalid time interval 'abc'\nTry 'timeout --help' for more information.\n",
       "timeout", "abc", "echo");
    FS(&t, cmd_timeout, "", 125, "timeout: 'FOO': invalid signal\nTry 'timeout --help' for more information.\n",
       "timeout", "-s", "FOO", "1", "echo");
    FS(&t, cmd_timeout, "EXEC: echo\n", 0, "", "timeout", "-s", "sigint", "1", "echo");
    t.with_exec = 0;
    FS(&t, cmd_timeout, "", 126, "timeout: failed to run command 'echo': Operation not supported\n", "timeout", "1", "echo");
    fst_free(&t);
}

#define XARGS(t, in_, out_, st_, err_, ...) FSI(t, cmd_xargs, in_, out_, st_, err_, "xargs", __VA_ARGS__)

TEST(cmd_misc_xargs)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    t.with_exec = 1;
    FSI(&t, cmd_xargs, "a\nb\nc\n", "EXEC: echo a b c\n", 0, "", "xargs");
    XARGS(&t, "1\n2\n3\n4\n", "EXEC: echo 1 2\nEXEC: echo 3 4\n", 0, "", "-n", "2", "echo");
    XARGS(&t, "a\0b\0c", "EXEC: echo a b c\n", 0, "", "-0", "echo");
    XARGS(&t, "a,b,c", "EXEC: echo a b c\n", 0, "", "-d", ",", "echo");
    XARGS(&t, "a,b,,c\n", "EXEC: echo a\nEXEC: echo b\nEXEC: echo \nEXEC: echo c\n\n", 0, "", "-d,", "-n1", "echo");
    XARGS(&t, "a:b", "EXEC: echo a b\n", 0, "", "-d", "\\x3a", "echo");
    XARGS(&t, "", "EXEC: echo\n", 0, "", "echo");
    XARGS(&t, "", "", 0, "", "-r", "echo");
    XARGS(&t, "a b\nc\n", "EXEC: echo a b\nEXEC: echo c\n", 0, "", "-L", "1", "echo");
    XARGS(&t, "a b \nc\nd\n", "EXEC: echo a b c\nEXEC: echo d\n", 0, "", "-L1", "echo");
    XARGS(&t, "  a  \n b c\n", "EXEC: echo [a  ]\nEXEC: echo [b c]\n", 0, "", "-I{}", "echo", "[{}]");
    XARGS(&t, "x\n", "EXEC: echo x-x x\n", 0, "", "-i", "echo", "{}-{}", "{}");
    XARGS(&t, "a 'b c' \"d e\" f\\ g\n", "EXEC: echo a\nEXEC: echo b c\nEXEC: echo d e\nEXEC: echo f g\n", 0, "", "-n1", "echo");
    XARGS(&t, "a\nb\n", "EXEC: false a b\n", 123, "", "false");
    XARGS(&t, "aaa bbb ccc\n", "EXEC: echo aaa\nEXEC: echo bbb\nEXEC: echo ccc\n", 0, "", "-s", "10", "echo");
    XARGS(&t, "a b\nSTOP\nc\n", "EXEC: echo a b\n", 0, "", "-E", "STOP", "echo");
    XARGS(&t, "x\ny\n", "EXEC: echo x\nEXEC: echo y\n", 0, "", "-n1", "-P", "3", "echo");
    XARGS(&t, "a b\n", "EXEC: echo a b\n", 0, "echo a b\n", "-t", "echo");
    XARGS(&t, "it's\n", "EXEC: echo it's\n\n", 0, "echo '''it'\\''s'$'\\n'\n", "-0", "-t", "echo");
    XARGS(&t, "a 'b\n", "EXEC: echo a\n", 1,
          "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", "echo");
    XARGS(&t, "aaaaaaaaaaaa\n", "", 1, "xargs: argument line too long\n", "-s", "10", "echo");
    XARGS(&t, "a b c d\n", "EXEC: echo a b c\nEXEC: echo d\n", 0, "", "-x", "-s", "12", "-n", "3", "echo");
    XARGS(&t, "a b c\n", "", 1, "xargs: argument list too long\n", "-x", "-s", "8", "-n", "2", "echo");
    XARGS(&t, "1\n", "", 1, "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n",
          "-n", "0", "echo");
    XARGS(&t, "1\n", "", 1, "xargs: invalid number \"x\" for -P option\nTry 'xargs --help' for more information.\n",
          "-P", "x", "echo");
    XARGS(&t, "1\n", "", 1, "xargs: invalid option -- 'z'\nTry 'xargs --help' for more information.\n", "-z");
    XARGS(&t, "a\nb\n", "EXEC: echo a\nb\n\n", 0,
          "xargs: warning: the -E option has no effect if -0 or -d is used.\n\n", "-0", "-E", "a", "echo");
    XARGS(&t, "a\0b\n", "EXEC: echo a\n", 0,
          "xargs: WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  "
          "Did you mean to use the --null option?\n", "echo");
    fst_file(&t, "args.txt", "p\nq\n", strlen("p\nq\n"));
    XARGS(&t, "", "EXEC: echo got p q\n", 0, "", "-a", "args.txt", "echo", "got");
    XARGS(&t, "", "", 1, "xargs: Cannot open input file 'nope': No such file or directory\n", "-a", "nope", "echo");
    t.with_exec = 0;
    XARGS(&t, "a\n", "", 126, "xargs: echo: cannot run commands here\n", "echo");
    fst_free(&t);
}

TEST(cmd_misc_runners_and_pagers)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    t.with_exec = 1;
    FS(&t, cmd_nohup, "EXEC: echo hi\n", 0, "", "nohup", "echo", "hi");
    FS(&t, cmd_nohup, "", 125, "nohup: missing operand\nTry 'nohup --help' for more information.\n", "nohup");
    FS(&t, cmd_nohup, "", 125, "nohup: invalid option -- 'x'\nTry 'nohup --help' for more information.\n", "nohup", "-x");
    FS(&t, cmd_stdbuf, "EXEC: echo hi\n", 0, "", "stdbuf", "-oL", "echo", "hi");
    FS(&t, cmd_stdbuf, "EXEC: echo ok\n", 0, "", "stdbuf", "-o", "1K", "-e0", "echo", "ok");
    FS(&t, cmd_stdbuf, "", 125, "stdbuf: you must specify a buffering mode option\nTry 'stdbuf --help' for more information.\n",
       "stdbuf", "echo");
    FS(&t, cmd_stdbuf, "", 125, "stdbuf: invalid mode '1Q'\n", "stdbuf", "-o", "1Q", "echo");
    FS(&t, cmd_stdbuf, "", 125, "stdbuf: line buffering stdin is meaningless\nTry 'stdbuf --help' for more information.\n",
       "stdbuf", "-i", "L", "echo");
    FS(&t, cmd_watch, "Every 2.0s: echo hello\n\nEXEC: sh -c echo hello\n", 0, "", "watch", "echo", "hello");
    FS(&t, cmd_watch, "Every 5.0s: echo test\n\nEXEC: sh -c echo test\n", 0, "", "watch", "-n", "5", "echo", "test");
    FS(&t, cmd_watch, "EXEC: echo x\n", 0, "", "watch", "-t", "-x", "echo", "x");
    FS(&t, cmd_watch, "Every 0.5s: false\n\nEXEC: false\n", 8, "", "watch", "-e", "-x", "-n0.5", "false");
    t.with_exec = 0;
    fst_file(&t, "a1", "a\n", strlen("a\n"));
    fst_file(&t, "b1", "b\n", strlen("b\n"));
    FSI(&t, cmd_less, "from stdin\n", "from stdin\n", 0, "", "less");
    FS(&t, cmd_less, "a\nb\n", 0, "", "less", "-N", "a1", "b1");
    FS(&t, cmd_less, "", 1, "/tmp/nonexistent_less_file: No such file or directory\n", "less", "/tmp/nonexistent_less_file");
    FS(&t, cmd_less, "", 1, "/tmp is a directory\n", "less", "/tmp");
    FS(&t, cmd_more, "a\n", 0, "", "more", "a1");
    FS(&t, cmd_more, "::::::::::::::\na1\n::::::::::::::\na\n::::::::::::::\nb1\n::::::::::::::\nb\n", 0, "", "more", "a1", "b1");
    FS(&t, cmd_more, "", 1, "more: cannot open nope: No such file or directory\n", "more", "nope");
    FS(&t, cmd_more, "\n*** /tmp: directory ***\n\n", 1, "", "more", "/tmp");
    fst_free(&t);
}

TEST(cmd_misc_date_clock)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    FS(&t, cmd_date, "Tue Nov 14 22:13:20 UTC 2023\n", 0, "", "date");
    FS(&t, cmd_date, "1700000000 000000000\n", 0, "", "date", "+%s %N");
    FS(&t, cmd_date, "2023-11-14T22:13:20+00:00\n", 0, "", "date", "-Iseconds");
    FS(&t, cmd_date, "2023-11-14\n", 0, "", "date", "-I");
    FS(&t, cmd_date, "Tue, 14 Nov 2023 22:13:20 +0000\n", 0, "", "date", "-R");
    FS(&t, cmd_date, "UTC\n", 0, "", "date", "-u", "+%Z");
    FS(&t, cmd_date, "2023-11-13 22:13:20\n", 0, "", "date", "-d", "yesterday", "+%F %T");
    FS(&t, cmd_date, "2023-11-15 22:13:20\n", 0, "", "date", "-d", "tomorrow", "+%F %T");
    FS(&t, cmd_date, "2023-10-15 22:13:20\n", 0, "", "date", "-d", "30 days ago", "+%F %T");
    FS(&t, cmd_date, "2023-11-21 22:13:20\n", 0, "", "date", "-d", "+1 week", "+%F %T");
    FS(&t, cmd_date, "2023-12-14 22:13:20\n", 0, "", "date", "-d", "next month", "+%F %T");
    FS(&t, cmd_date, "2022-11-14 22:13:20\n", 0, "", "date", "-d", "last year", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 21:13:20\n", 0, "", "date", "-d", "1 hour ago", "+%F %T");
    FS(&t, cmd_date, "2023-11-17 01:13:20\n", 0, "", "date", "-d", "2 days 3 hours", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 10:13:20\n", 0, "", "date", "-d", "yesterday + 12 hours", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 22:13:20\n", 0, "", "date", "-d", "now", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 00:00:00\n", 0, "", "date", "-d", "", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 10:00:00\n", 0, "", "date", "-d", "10:00", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 20:24:00\n", 0, "", "date", "-d", "2024", "+%F %T");
    FS(&t, cmd_date, "2023-01-15 00:00:00\n", 0, "", "date", "-d", "Jan 15", "+%F %T");
    /* days of the week (today is a Tuesday) */
    FS(&t, cmd_date, "2023-11-20 00:00:00\n", 0, "", "date", "-d", "monday", "+%F %T");
    FS(&t, cmd_date, "2023-11-20 00:00:00\n", 0, "", "date", "-d", "next monday", "+%F %T");
    FS(&t, cmd_date, "2023-11-13 00:00:00\n", 0, "", "date", "-d", "last monday", "+%F %T");
    FS(&t, cmd_date, "2023-11-14 00:00:00\n", 0, "", "date", "-d", "tuesday", "+%F %T");
    FS(&t, cmd_date, "2023-11-21 00:00:00\n", 0, "", "date", "-d", "next tuesday", "+%F %T");
    FS(&t, cmd_date, "2023-11-07 00:00:00\n", 0, "", "date", "-d", "last tue", "+%F %T");
    FS(&t, cmd_date, "2023-11-17 09:00:00\n", 0, "", "date", "-d", "this friday 9am", "+%F %T");
    FS(&t, cmd_date, "1699913600\n", 0, "", "date", "-d", "@1700000000 - 1 day", "+%s");
    /* zones from the exported TZ */
    t.envp[0] = (char *)"TZ=Asia/Tokyo";
    FS(&t, cmd_date, "Wed Nov 15 07:13:20 JST 2023\n", 0, "", "date");
    FS(&t, cmd_date, "Tue Nov 14 22:13:20 UTC 2023\n", 0, "", "date", "-u");
    t.envp[0] = (char *)"TZ=America/New_York";
    FS(&t, cmd_date, "Tue, 14 Nov 2023 17:13:20 -0500\n", 0, "", "date", "-R");
    t.envp[0] = (char *)"TZ=<+0330>-3:30";
    FS(&t, cmd_date, "2023-11-15 01:43:20 +0330 +03:30\n", 0, "", "date", "+%F %T %Z %:z");
    t.envp[0] = NULL;
    /* -r, -f, -s */
    fst_file(&t, "f.txt", "x", strlen("x"));
    fst_mtime(&t, "f.txt", 1775476800);
    FS(&t, cmd_date, "202604061200.00\n", 0, "", "date", "-r", "f.txt", "+%Y%m%d%H%M.%S");
    FS(&t, cmd_date, "", 1, "date: nope: No such file or directory\n", "date", "-r", "nope");
    fst_file(&t, "dates", "2024-01-01\nbad\n@0\n", strlen("2024-01-01\nbad\n@0\n"));
    FS(&t, cmd_date, "2024-01-01\n1970-01-01\n", 1, "date: invalid date 'bad'\n", "date", "-f", "dates", "+%F");
    FS(&t, cmd_date, "Mon Jan  1 00:00:00 UTC 2024\n", 1, "date: cannot set date: Operation not permitted\n", "date", "-s",
       "2024-01-01");
    FS(&t, cmd_date, "Mon Jan  1 12:00:00 UTC 2024\n", 1, "date: cannot set date: Operation not permitted\n", "date",
       "010112002024");
    FS(&t, cmd_date, "", 1, "date: invalid date '13011200'\n", "date", "13011200");
    fst_free(&t);
}

TEST(cmd_misc_bc_details)
{
    fst t;
    if (fst_init(&t)) { CHECK(0); return; }
    /* line continuation follows BC_LINE_LENGTH */
    t.envp[0] = (char *)"BC_LINE_LENGTH=20";
    MISC_BC(&t, "2^100\n", "126765060022822940\\\n1496703205376\n", 0, "", "");
    t.envp[0] = (char *)"BC_LINE_LENGTH=0";
    MISC_BC(&t, "2^250\n", "1809251394333065553493296640760748560207343510400633813116524750123642650624\n", 0, "", "");
    t.envp[0] = NULL;
    /* program files run before stdin */
    fst_file(&t, "prog.bc", "define sq(x) { return x*x }\nsq(3)\n", strlen("define sq(x) { return x*x }\nsq(3)\n"));
    {
        const char *argv[] = { "bc", "prog.bc", NULL };
        fst_run(&t, cmd_bc, "sq(4)\n", 6, argv);
        FST_CHECK_BUF(t.out, "9\n16\n", 5);
        CHECK_INT(t.status, 0);
    }
    {
        const char *argv[] = { "bc", "missing.bc", NULL };
        fst_run(&t, cmd_bc, "1\n", 2, argv);
        FST_CHECK_BUF(t.err, "File missing.bc is unavailable.\n", 32);
        CHECK_INT(t.status, 1);
    }
    /* a syntax error in a file names the file */
    fst_file(&t, "bad.bc", "1 +\n", strlen("1 +\n"));
    {
        const char *argv[] = { "bc", "bad.bc", NULL };
        fst_run(&t, cmd_bc, "", 0, argv);
        FST_CHECK_BUF(t.err, "bad.bc 2: syntax error\n", 23);
    }
    /* deep recursion lives on heap frames, not the C stack */
    MISC_BC(&t, "define f(n) { if (n == 0) return 0; return f(n-1) + 1 }\nf(20000)\n", "20000\n", 0, "", "");
    MISC_BC(&t, "define f(n) { return f(n+1) }\nf(0)\n2\n", "2\n", 0,
            "Runtime error (func=f, adr=N): Function call nesting too deep (more than 100000 calls).\n", "");
    MISC_BC(&t, "read()\n", "", 0, "Runtime error (func=(main), adr=N): read() is not supported here\n", "");
    fst_free(&t);
}
