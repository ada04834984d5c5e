/* bc.c — the bc command: options, the input chain (files, then stdin),
 * the math library's functions, and the exit status.
 *
 * Differences from GNU bc, on purpose: read() is refused (the program
 * and its data would share stdin), -s/-w do not diagnose extensions, the
 * "adr=" in runtime messages counts our own bytecode, and `warranty`
 * prints a short notice.  Exit status: 0 unless a file could not be read
 * (runtime errors are reported and the next line runs, as in GNU bc). */
#include <string.h>

#include "bc.h"
#include "cmd/miscutil.h"

SK_CMD("bc", cmd_bc, "bc [-lq] [FILE]...: arbitrary precision calculator language (scale=, ibase/obase, functions; -l math library s c a l e j)");

static int open_src(sk_cmd *c, bc_src *s, const char *path)
{
    memset(s, 0, sizeof *s);
    s->name = path ? path : "(standard_in)";
    if (cmd_open_input(c, path ? path : "-", &s->in)) return -1;
    s->open = 1;
    return 0;
}

int cmd_bc(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "mathlib", 0, 'l' }, { "quiet", 0, 'q' }, { "standard", 0, 's' }, { "warn", 0, 'w' },
        { "interactive", 0, 'i' }, { "version", 0, 'v' }, { "help", 0, 'h' }, { NULL, 0, 0 },
    };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "lqswivhc", longs, 1);
    int ch, mathlib = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'l': mathlib = 1; break;
        case 'q': case 's': case 'w': case 'i': case 'c': break;
        case 'v':
            cmd_opts_free(&o, c);
            sk_out_puts(&c->out, "bc 1.07.1\nSandkiste bc: an arbitrary precision calculator language\n");
            return 0;
        case 'h':
            cmd_opts_free(&o, c);
            sk_out_puts(&c->out,
                        "usage: bc [options] [file ...]\n"
                        "  -h  --help         print this usage and exit\n"
                        "  -i  --interactive  force interactive mode\n"
                        "  -l  --mathlib      use the predefined math routines\n"
                        "  -q  --quiet        don't print initial banner\n"
                        "  -s  --standard     non-standard bc constructs are errors\n"
                        "  -w  --warn         warn about non-standard bc constructs\n"
                        "  -v  --version      print version information and exit\n");
            return 0;
        default:
            cmd_opts_free(&o, c);
            cmd_opts_error(&o, c, ch);
            sk_out_puts(&c->err, "usage: bc [options] [file ...]\n");
            return 1;
        }
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);

    bc b;
    memset(&b, 0, sizeof b);
    b.c = c;
    b.stack_limit = c->run && c->run->sched ? sk_sched_stack_limit(c->run->sched) : NULL;
    b.ibase = b.obase = 10;
    b.line_len = 70;
    const char *ll = mu_getenv(c, "BC_LINE_LENGTH");
    if (ll && *ll) {
        long v = 0;
        for (const char *p = ll; *p >= '0' && *p <= '9' && v < 100000000; p++) v = v * 10 + (*p - '0');
        b.line_len = v == 0 && ll[0] == '0' ? 0 : v < 3 ? 70 : (int)v;
    }
    int status = 0;
    if (bcm_init(&b.m, c->a, bc_stop_check, &b)) {
        cmd_opts_free(&o, c);
        return cmd_error(c, "Out of memory!");
    }
    if (mathlib) {
        static const char names[] = "scaelj";
        b.scale = 20;
        for (int i = 0; names[i]; i++) {
            char nm[2] = { names[i], 0 };
            int id = bc_sym_id(&b, nm, 1);
            if (id < 0) { status = 1; goto out; }
            bc_fn *f = &b.syms[id].fn;
            f->defined = 1;
            f->native = names[i];
            f->nparams = names[i] == 'j' ? 2 : 1;
            f->pkind = sk_calloc(c->a, 4, sizeof *f->pkind);
            if (!f->pkind) { status = 1; goto out; }
            f->pid = f->pkind + 2;
        }
    }
    bc_src *srcs = sk_calloc(c->a, (size_t)nfiles + 1, sizeof *srcs);
    if (!srcs) { status = 1; goto out; }
    int n = 0;
    for (int i = 0; i < nfiles; i++) {
        if (open_src(c, &srcs[n], files[i])) {
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "File %s is unavailable.\n", files[i]);
            status = 1;
            break;
        }
        n++;
    }
    if (!status) {
        if (!open_src(c, &srcs[n], NULL)) n++;
        bc_compile_run(&b, srcs, n);
    }
    for (int i = 0; i < n; i++)
        if (srcs[i].open) cmd_close_input(c, &srcs[i].in);
    sk_free(c->a, srcs);
out:
    bc_state_free(&b);
    cmd_opts_free(&o, c);
    return status;
}
