/* python.c — the `python` and `python3` commands: the shell's bridge to the
 * interpreter in src/py.  Program text comes from -c, a file in the virtual
 * filesystem, or stdin; output goes to the command's streams; the run is
 * bounded by the shell's limits, deadline and cancellation. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "api/config.h"
#include "py/hostbridge.h"
#include "py/py.h"
#include "shell/shell.h"

SK_CMD("python", cmd_python, "python [-c CODE | FILE | -] [ARG]...: run Python 3 (same as python3)");
SK_CMD("python3", cmd_python3, "python3 [-c CODE | FILE | -] [ARG]...: run Python 3 over the sandbox's files");

static int py_write(void *ud, int fd, const char *p, size_t n)
{
    sk_cmd *c = ud;
    if (fd == 2) {
        sk_out_flush(&c->out);
        int r = sk_out_write(&c->err, p, n);
        sk_out_flush(&c->err);
        return r == SK_IO_ABORT;
    }
    int r = sk_out_write(&c->out, p, n);
    return r == SK_IO_ABORT || r == SK_IO_EPIPE;
}

static long py_read(void *ud, char *buf, size_t n)
{
    sk_cmd *c = ud;
    if (!c->in) return 0;
    int64_t r = sk_stream_read(c->in, buf, n);
    return r < 0 ? -1 : (long)r;
}

static int64_t py_clock(void *ud) { return sk_shell_monotonic_ns(ud); }

static int py_setup(py_interp *I, void *ud) { return py_hostbridge_install(I, ud); }

/* The host's Python functions and modules from the config, for one run. */
static int bridge_prepare(sk_cmd *c, py_hostbridge *b)
{
    memset(b, 0, sizeof *b);
    const sk_config *cfg = c->sh ? c->sh->cfg : NULL;
    if (!cfg) return 0;
    size_t n = cfg->npyfns;
    for (size_t i = 0; i < cfg->npymods; i++) n += cfg->pymods[i]->nfunctions;
    if (!n) return 0;
    py_hostfn *fns = sk_malloc(c->a, n * sizeof *fns);
    b->defs = sk_calloc(c->a, n, sizeof *b->defs);
    if (!fns || !b->defs) { sk_free(c->a, fns); sk_free(c->a, b->defs); b->defs = NULL; return -1; }
    size_t k = 0;
    for (size_t i = 0; i < cfg->npyfns; i++)
        fns[k++] = (py_hostfn){ cfg->pyfns[i].name, NULL, cfg->pyfns[i].fn, cfg->pyfns[i].ud };
    for (size_t i = 0; i < cfg->npymods; i++) {
        const sk_py_module *m = cfg->pymods[i];
        for (size_t j = 0; j < m->nfunctions; j++)
            fns[k++] = (py_hostfn){ m->functions[j].name, m->name, m->functions[j].fn, m->ud };
    }
    b->ctx = (sk_ctx *)c;
    b->fns = fns;
    b->nfns = n;
    return 0;
}

static int usage_error(sk_cmd *c, const char *msg)
{
    sk_out_flush(&c->out);
    sk_out_printf(&c->err, "%s\nusage: %s [option] ... [-c cmd | -m mod | file | -] [arg] ...\n"
                           "Try `python -h' for more information.\n", msg, c->name);
    return 2;
}

static int run_python(sk_cmd *c, int argc, char **argv)
{
    const char *code = NULL, *file = NULL;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) break;
        if (!strcmp(a, "--")) { i++; break; }
        if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            sk_out_puts(&c->out, "Python 3.14.0\n");
            return 0;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            sk_out_printf(&c->out, "usage: %s [option] ... [-c cmd | file | -] [arg] ...\n"
                                   "Options:\n"
                                   "-c cmd : program passed in as string (terminates option list)\n"
                                   "-u, -B, -E, -I, -s, -S : accepted, no effect in the sandbox\n"
                                   "file   : program read from a file in the sandbox\n"
                                   "-      : program read from stdin (default)\n", c->name);
            return 0;
        }
        if (!strncmp(a, "-c", 2)) {
            if (a[2]) code = a + 2;
            else if (i + 1 < argc) code = argv[++i];
            else return usage_error(c, "Argument expected for the -c option");
            i++;
            break;
        }
        if (!strcmp(a, "-m")) {
            const char *mod = i + 1 < argc ? argv[i + 1] : NULL;
            if (!mod) return usage_error(c, "Argument expected for the -m option");
            sk_out_flush(&c->out);
            sk_out_printf(&c->err, "%s: No module named %s\n", c->name, mod);
            return 1;
        }
        /* single-letter flags that change nothing here (clusters like -uB too) */
        int ok = 1;
        for (const char *f = a + 1; *f; f++)
            if (!strchr("uBEIsSOqbdiRvWx", *f)) ok = 0;
        if (!ok) {
            char msg[128];
            snprintf(msg, sizeof msg, "Unknown option: %.40s", a);
            return usage_error(c, msg);
        }
    }
    sk_buf src = SK_BUF_INIT(c->a);
    const char *filename = "<string>";
    const char **pargv = NULL;
    int pargc = 0;
    if (!code) {
        if (i < argc && strcmp(argv[i], "-")) {
            file = argv[i];
            int st = cmd_read_all(c, file, &src);
            if (st) {
                sk_buf_free(&src);
                sk_out_flush(&c->out);
                sk_out_printf(&c->err, "%s: can't open file '%s': [Errno %d] %s\n", c->name, file,
                              st == SK_ENOENT ? 2 : st == SK_EISDIR ? 21 : 13, sk_status_message(st));
                return 2;
            }
            filename = file;
        } else {
            if (i < argc) i++; /* "-" */
            int st = cmd_read_all(c, "-", &src);
            if (st) { sk_buf_free(&src); return cmd_error(c, "cannot read the program from stdin"); }
            filename = "<stdin>";
        }
    }
    /* sys.argv: ['-c', args...] / [file, args...] / ['-', args...] */
    int rest = argc - i;
    pargv = sk_malloc(c->a, sizeof *pargv * (size_t)(rest + 2));
    if (!pargv) { sk_buf_free(&src); return 1; }
    pargv[pargc++] = code ? "-c" : file ? file : "-";
    for (int k = i + (file ? 1 : 0); k < argc; k++) pargv[pargc++] = argv[k];
    pargv[pargc] = NULL;

    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = c->a;
    o.source = code ? code : sk_buf_cstr(&src);
    o.source_len = code ? strlen(code) : src.len;
    o.filename = filename;
    o.argv = pargv;
    o.argc = pargc;
    o.write = py_write;
    o.write_ud = c;
    o.read = py_read;
    o.read_ud = c;
    o.cancel = c->abort;
    o.vfs = c->vfs;
    o.cwd = c->cwd;
    o.envp = c->envp;
    o.wall_clock = c->now_ns;
    o.wall_clock_ud = c->clock_ud;
    o.seed = c->rng ? cmd_random(c) : 0;
    if (c->lim) {
        o.max_recursion_depth = c->lim->max_recursion_depth;
        o.max_steps = c->lim->max_python_steps;
        o.max_allocations = c->lim->max_allocations;
    }
    sk_shell *sh = c->sh;
    if (sh) {
        o.clock = py_clock;
        o.clock_ud = sh;
        int64_t now = sk_shell_monotonic_ns(sh);
        int64_t dl = sh->deadline_ns;
        if (sh->local_deadline_ns && (!dl || sh->local_deadline_ns < dl)) dl = sh->local_deadline_ns;
        if (dl) o.timeout_ns = dl > now ? dl - now : 1;
        o.stack_limit = sk_sched_stack_limit(&sh->sched);
    }
    py_hostbridge bridge;
    if (bridge_prepare(c, &bridge)) { sk_free(c->a, pargv); sk_buf_free(&src); return 1; }
    if (bridge.nfns) {
        o.setup = py_setup;
        o.host_ud = &bridge;
    }
    py_run_result res;
    int status = py_run(&o, &res);
    sk_free(c->a, (void *)bridge.fns);
    sk_free(c->a, bridge.defs);
    if (sh) {
        /* The interpreter's budgets are the sandbox's limits: reaching one
         * ends the whole run, as every other limit does. */
        if (res.end == PY_END_LIMIT || c->a->hit) {
            if (c->a->hit == SK_ALLOC_COUNT || (!c->a->hit && o.max_allocations && res.steps < o.max_steps))
                sk_shell_limit(sh, "max_allocations", o.max_allocations);
            else if (c->a->hit)
                sk_shell_limit(sh, "max_memory", sh->lim.max_memory);
            else
                sk_shell_limit(sh, "max_python_steps", o.max_steps);
        }
        if (res.end == PY_END_TIMEOUT || res.end == PY_END_CANCELLED) {
            sh->check_tick = 1;
            sk_shell_check(sh);
        }
    }
    py_run_result_free(c->a, &res);
    sk_free(c->a, pargv);
    sk_buf_free(&src);
    return status;
}

int cmd_python(sk_cmd *c, int argc, char **argv) { return run_python(c, argc, argv); }
int cmd_python3(sk_cmd *c, int argc, char **argv) { return run_python(c, argc, argv); }
