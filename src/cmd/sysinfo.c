/* sysinfo.c — the sandbox's fixed identity: whoami, logname, hostname,
 * uname, arch, id, groups, nproc, tty, getconf, clear.
 *
 * The sandbox is one user ("sandbox", uid/gid 1000) on one virtual machine
 * ("bashkit-sandbox", Linux x86_64, one processor, no terminal).  Nothing
 * here looks at the host; nothing can change the identity (hostname NAME
 * is refused the way an unprivileged user is refused). */
#include <string.h>

#include "cmd.h"
#include "miscutil.h"

SK_CMD("whoami", cmd_whoami, "whoami: print the user name (sandbox)");
SK_CMD("logname", cmd_logname, "logname: print the login name (sandbox)");
SK_CMD("hostname", cmd_hostname, "hostname [-s|-f|-d|-i|-I]: print the host name (bashkit-sandbox)");
SK_CMD("uname", cmd_uname, "uname [-asnrvmpio]: print system information (Linux x86_64)");
SK_CMD("arch", cmd_arch, "arch: print the machine architecture (x86_64)");
SK_CMD("id", cmd_id, "id [-u|-g|-G] [-n] [-r] [-z] [USER]: print user and group ids (1000 sandbox)");
SK_CMD("groups", cmd_groups, "groups [USER]...: print the groups a user is in");
SK_CMD("nproc", cmd_nproc, "nproc [--all] [--ignore=N]: number of processing units (1)");
SK_CMD("tty", cmd_tty, "tty [-s]: print the terminal name (there is none: 'not a tty', exit 1)");
SK_CMD("getconf", cmd_getconf, "getconf NAME [PATH] | -a: system configuration values (PAGESIZE, LONG_BIT, ...)");
SK_CMD("clear", cmd_clear, "clear: clear the terminal (an escape sequence when TERM is set)");

#define SYS_KERNEL "Linux"
#define SYS_RELEASE "6.1.0-sandkiste"
#define SYS_VERSION "#1 SMP PREEMPT_DYNAMIC Debian 6.1.0"
#define SYS_MACHINE "x86_64"
#define SYS_OS "GNU/Linux"

/* Options of the tools that take only --help/--version and operands. */
static int no_options(sk_cmd *c, int argc, char **argv, int *first)
{
    static const cmd_longopt longs[] = { { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "", longs, 0);
    int ch = cmd_opts_next(&o, c);
    if (ch != -1) return mu_opts_error(&o, c, ch, 1);
    *first = o.ind;
    return 0;
}

static int print_line(sk_cmd *c, const char *s)
{
    sk_out_puts(&c->out, s);
    sk_out_putc(&c->out, '\n');
    return 0;
}

int cmd_whoami(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    int first, r = no_options(c, argc, argv, &first);
    if (r) return r;
    if (first < argc) return mu_extra_operand(c, argv[first], 1);
    return print_line(c, MU_USER);
}

int cmd_logname(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    int first, r = no_options(c, argc, argv, &first);
    if (r) return r;
    if (first < argc) return mu_extra_operand(c, argv[first], 1);
    return print_line(c, MU_USER);
}

int cmd_arch(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    int first, r = no_options(c, argc, argv, &first);
    if (r) return r;
    if (first < argc) return mu_extra_operand(c, argv[first], 1);
    return print_line(c, SYS_MACHINE);
}

int cmd_hostname(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, "hostname 3.23") == 0) return 0;
    static const cmd_longopt longs[] = {
        { "short", 0, 's' }, { "fqdn", 0, 'f' }, { "long", 0, 'f' }, { "domain", 0, 'd' },
        { "ip-address", 0, 'i' }, { "all-ip-addresses", 0, 'I' }, { "all-fqdns", 0, 'A' },
        { "alias", 0, 'a' }, { "yp", 0, 'y' }, { "nis", 0, 'y' }, { "file", 1, 'F' }, { "boot", 0, 'b' },
        { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "sfdiIAayF:b", longs, 0);
    int ch, what = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'F': what = 'F'; break;
        case 'b': break;
        case '?': case ':': return mu_opts_error(&o, c, ch, 1);
        default: what = ch; break;
        }
    }
    if (what == 'F' || o.ind < argc) {
        cmd_error(c, "you must be root to change the host name");
        return 1;
    }
    switch (what) {
    case 'd': return print_line(c, "");
    case 'i': return print_line(c, "127.0.0.1");
    case 'I': return print_line(c, "127.0.0.1 ");
    case 'a': return print_line(c, "");
    case 'y':
        cmd_error(c, "Local domain name not set");
        return 1;
    default: return print_line(c, MU_HOST);
    }
}

int cmd_uname(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    enum { S = 1, N = 2, R = 4, V = 8, M = 16, P = 32, I = 64, O = 128 };
    static const cmd_longopt longs[] = {
        { "all", 0, 'a' }, { "kernel-name", 0, 's' }, { "sysname", 0, 's' }, { "nodename", 0, 'n' },
        { "kernel-release", 0, 'r' }, { "release", 0, 'r' }, { "kernel-version", 0, 'v' },
        { "machine", 0, 'm' }, { "processor", 0, 'p' }, { "hardware-platform", 0, 'i' },
        { "operating-system", 0, 'o' }, { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "asnrvmpio", longs, 0);
    int ch, sel = 0, all = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': all = 1; sel |= S | N | R | V | M | O; break;
        case 's': sel |= S; break;
        case 'n': sel |= N; break;
        case 'r': sel |= R; break;
        case 'v': sel |= V; break;
        case 'm': sel |= M; break;
        case 'p': sel |= P; break;
        case 'i': sel |= I; break;
        case 'o': sel |= O; break;
        default: return mu_opts_error(&o, c, ch, 1);
        }
    }
    if (o.ind < argc) return mu_extra_operand(c, argv[o.ind], 1);
    if (!sel) sel = S;
    static const struct { int bit; const char *v; } parts[] = {
        { S, SYS_KERNEL }, { N, MU_HOST }, { R, SYS_RELEASE }, { V, SYS_VERSION },
        { M, SYS_MACHINE }, { P, "unknown" }, { I, "unknown" }, { O, SYS_OS },
    };
    int first = 1;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (!(sel & parts[i].bit)) continue;
        /* -a leaves out the unknown processor and platform */
        if (all && (parts[i].bit == P || parts[i].bit == I)) continue;
        if (!first) sk_out_putc(&c->out, ' ');
        sk_out_puts(&c->out, parts[i].v);
        first = 0;
    }
    sk_out_putc(&c->out, '\n');
    return 0;
}

static int known_user(const char *u) { return !strcmp(u, MU_USER) || !strcmp(u, "1000"); }

int cmd_id(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    static const cmd_longopt longs[] = {
        { "user", 0, 'u' }, { "group", 0, 'g' }, { "groups", 0, 'G' }, { "name", 0, 'n' },
        { "real", 0, 'r' }, { "zero", 0, 'z' }, { "context", 0, 'Z' }, { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "ugGnrzaZ", longs, 1);
    int ch, what = 0, names = 0, real = 0, zero = 0, nwhat = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'u': case 'g': case 'G':
            if (what != ch) nwhat++;
            what = ch;
            break;
        case 'n': names = 1; break;
        case 'r': real = 1; break;
        case 'z': zero = 1; break;
        case 'a': break;
        case 'Z':
            cmd_opts_free(&o, c);
            cmd_error(c, "--context (-Z) works only on an SELinux-enabled kernel");
            return 1;
        default: cmd_opts_free(&o, c); return mu_opts_error(&o, c, ch, 1);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int status = 0;
    if (nwhat > 1) {
        cmd_error(c, "cannot print \"only\" of more than one choice");
        status = 1;
    } else if (!what && (names || real)) {
        cmd_error(c, "cannot print only names or real IDs in default format");
        status = 1;
    } else if (!what && zero) {
        cmd_error(c, "option --zero not permitted in default format");
        status = 1;
    } else if (nops > 1) {
        mu_extra_operand(c, ops[1], 1);
        status = 1;
    } else if (nops == 1 && !known_user(ops[0])) {
        cmd_error(c, "'%s': no such user", ops[0]);
        status = 1;
    }
    cmd_opts_free(&o, c);
    if (status) return status;
    char end = zero ? '\0' : '\n';
    if (!what) {
        sk_out_puts(&c->out, "uid=1000(" MU_USER ") gid=1000(" MU_USER ") groups=1000(" MU_USER ")\n");
    } else {
        sk_out_puts(&c->out, names ? MU_USER : "1000");
        sk_out_putc(&c->out, end);
    }
    return 0;
}

int cmd_groups(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    int first, r = no_options(c, argc, argv, &first);
    if (r) return r;
    if (first >= argc) return print_line(c, MU_USER);
    int status = 0;
    for (int i = first; i < argc; i++) {
        if (!known_user(argv[i])) {
            cmd_error(c, "'%s': no such user", argv[i]);
            status = 1;
            continue;
        }
        sk_out_printf(&c->out, "%s : " MU_USER "\n", argv[i]);
    }
    return status;
}

int cmd_nproc(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    enum { O_ALL = 1000, O_IGNORE };
    static const cmd_longopt longs[] = { { "all", 0, O_ALL }, { "ignore", 1, O_IGNORE }, { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "", longs, 0);
    int ch;
    long long ignore = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case O_ALL: break;
        case O_IGNORE: {
            const char *p = o.arg;
            long long v = 0;
            int ok = *p != 0;
            for (; *p; p++) {
                if (*p < '0' || *p > '9' || v > 100000000000LL) { ok = 0; break; }
                v = v * 10 + (*p - '0');
            }
            if (!ok) {
                cmd_error(c, "invalid number: '%s'", o.arg);
                return 1;
            }
            ignore = v;
            break;
        }
        default: return mu_opts_error(&o, c, ch, 1);
        }
    }
    if (o.ind < argc) return mu_extra_operand(c, argv[o.ind], 1);
    (void)ignore; /* one processor; at least 1 is always printed */
    return print_line(c, "1");
}

int cmd_tty(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, NULL) == 0) return 0;
    static const cmd_longopt longs[] = { { "silent", 0, 's' }, { "quiet", 0, 's' }, { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "s", longs, 0);
    int ch, silent = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        if (ch == 's') silent = 1;
        else return mu_opts_error(&o, c, ch, 2);
    }
    if (o.ind < argc) return mu_extra_operand(c, argv[o.ind], 2);
    if (!silent) print_line(c, "not a tty");
    return 1;
}

/* getconf: a small table of the values scripts ask for. */
typedef struct conf_var {
    const char *name;
    const char *value;
    int path;          /* needs a PATH operand (pathconf) */
} conf_var;

static const conf_var conf_vars[] = {
    { "ARG_MAX", "2097152", 0 },
    { "CHAR_BIT", "8", 0 },
    { "CHILD_MAX", "1", 0 },
    { "CLK_TCK", "100", 0 },
    { "GNU_LIBC_VERSION", "glibc 2.36", 0 },
    { "GNU_LIBPTHREAD_VERSION", "NPTL 2.36", 0 },
    { "HOST_NAME_MAX", "64", 0 },
    { "INT_MAX", "2147483647", 0 },
    { "INT_MIN", "-2147483648", 0 },
    { "LINE_MAX", "2048", 0 },
    { "LINK_MAX", "127", 1 },
    { "LOGIN_NAME_MAX", "256", 0 },
    { "LONG_BIT", "64", 0 },
    { "NAME_MAX", "255", 1 },
    { "NGROUPS_MAX", "65536", 0 },
    { "OPEN_MAX", "1024", 0 },
    { "PAGESIZE", "4096", 0 },
    { "PAGE_SIZE", "4096", 0 },
    { "PATH", "/bin:/usr/bin", 0 },
    { "PATH_MAX", "4096", 1 },
    { "PIPE_BUF", "4096", 1 },
    { "SSIZE_MAX", "32767", 0 },
    { "UINT_MAX", "4294967295", 0 },
    { "ULONG_MAX", "18446744073709551615", 0 },
    { "WORD_BIT", "32", 0 },
    { "_NPROCESSORS_CONF", "1", 0 },
    { "_NPROCESSORS_ONLN", "1", 0 },
    { "_POSIX_VERSION", "200809", 0 },
};

static void getconf_usage(sk_cmd *c)
{
    sk_out_puts(&c->err, "Usage: getconf [-v specification] variable_name [pathname]\n"
                         "       getconf -a [pathname]\n");
}

int cmd_getconf(sk_cmd *c, int argc, char **argv)
{
    int i = 1;
    if (i < argc && !strcmp(argv[i], "-v")) {
        if (i + 1 >= argc) { getconf_usage(c); return 2; }
        i += 2;
    }
    if (i < argc && !strcmp(argv[i], "-a")) {
        for (size_t k = 0; k < sizeof conf_vars / sizeof conf_vars[0]; k++)
            sk_out_printf(&c->out, "%-35s%s\n", conf_vars[k].name, conf_vars[k].value);
        return 0;
    }
    if (i < argc && !strcmp(argv[i], "--")) i++;
    if (i >= argc || argc - i > 2) { getconf_usage(c); return 2; }
    const char *name = argv[i];
    for (size_t k = 0; k < sizeof conf_vars / sizeof conf_vars[0]; k++) {
        if (strcmp(conf_vars[k].name, name)) continue;
        if (conf_vars[k].path != (argc - i == 2)) { getconf_usage(c); return 2; }
        return print_line(c, conf_vars[k].value);
    }
    sk_out_flush(&c->out);
    sk_out_printf(&c->err, "getconf: Unrecognized variable `%s'\n", name);
    return 2;
}

int cmd_clear(sk_cmd *c, int argc, char **argv)
{
    if (mu_help_version(c, argc, argv, "ncurses 6.4") == 0) return 0;
    (void)argc;
    (void)argv;
    const char *term = mu_getenv(c, "TERM");
    /* no terminal type: nothing to clear, and nothing to complain about */
    if (!term || !*term || !strcmp(term, "dumb")) return 0;
    sk_out_puts(&c->out, "\033[H\033[2J\033[3J");
    return 0;
}
