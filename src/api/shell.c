/* shell.c — sk_shell lifecycle, sk_shell_exec and sk_result.
 * The bridge between the host and one sandbox; never reads host files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/config.h"
#include "base/vpath.h"
#include "fs/memfs.h"
#include "fs/vfs.h"
#include "sandkiste.h"
#include "shell/io.h"
#include "shell/shell.h"

struct sk_result {
    int exit_code;
    sk_end end;
    sk_alloc out_alloc;        /* the captured output (bounded by the caps) */
    sk_sink out, err;
    char limit_name[40];
    char *error;               /* malloc'd message or NULL */
    uint64_t duration_us;
};

const char *sk_version(void) { return SK_VERSION; }

int64_t sk_shell_now_ns(const sk_shell *sh) { return sh->cfg->wall(sh->cfg->clock_ud); }
int64_t sk_shell_monotonic_ns(const sk_shell *sh) { return sh->cfg->mono(sh->cfg->clock_ud); }

static int poll_shell(void *ud) { return sk_shell_check(ud); }

sk_shell *sk_shell_new(const sk_config *cfg)
{
    if (!cfg) return NULL;
    sk_shell *sh = calloc(1, sizeof *sh);
    if (!sh) return NULL;
    sh->cfg = cfg;
    sh->lim = cfg->lim;
    sk_alloc_init(&sh->alloc, (size_t)cfg->lim.max_memory);
    if (sk_alloc_charge(&sh->alloc, sizeof *sh)) goto fail;
    sh->rng = cfg->seed;
    atomic_init(&sh->cancel, 0);
    if (cfg->has_fs) {
        sh->fs = cfg->fs;
    } else {
        sk_fs *m = sk_memfs_new(&sh->alloc, &sh->lim, cfg->wall, cfg->clock_ud);
        if (!m) goto fail;
        sh->fs = *m;
        sh->fs_owned = 1;
        if (sk_memfs_seed_standard(&sh->fs)) goto fail;
    }
    sh->vfs.fs = &sh->fs;
    sh->vfs.a = &sh->alloc;
    sh->vfs.lim = &sh->lim;
    sh->io.a = &sh->alloc;
    sh->io.sched = &sh->sched;
    sh->io.abort = &sh->abort;
    sh->io.vfs = &sh->vfs;
    sh->io.rng = &sh->rng;
    sh->io.poll = poll_shell;
    sh->io.poll_ud = sh;
    sk_sched_init(&sh->sched, &sh->alloc, cfg->fiber_stack, cfg->stack_budget);
    if (sh_state_new(sh)) goto fail;
    return sh;
fail:
    sk_shell_free(sh);
    return NULL;
}

void sk_shell_free(sk_shell *sh)
{
    if (!sh) return;
    if (sh->st) sh_state_free(sh);
    if (sh->fs_owned && sh->fs.destroy) sh->fs.destroy(sh->fs.ud);
    free(sh);
}

void sk_shell_cancel(sk_shell *sh)
{
    if (sh) atomic_store(&sh->cancel, 1);
}

size_t sk_shell_memory(const sk_shell *sh) { return sh->alloc.used; }

const char *sk_shell_cwd(const sk_shell *sh) { return sh_state_cwd(sh); }

/* ---- run control ---------------------------------------------------------- */

int sk_shell_limit(sk_shell *sh, const char *name, uint64_t value)
{
    if (!sh->abort) {
        sh->abort = SK_END_LIMIT;
        sh->limit_name = name;
        sh->limit_value = value;
        sh->exit_status = 1;
    }
    return -1;
}

int sk_shell_check(sk_shell *sh)
{
    if (sh->abort) return 1;
    if (atomic_load_explicit(&sh->cancel, memory_order_relaxed)) {
        sh->abort = SK_END_CANCELLED;
        sh->exit_status = 130;
        return 1;
    }
    if (sh->alloc.hit) return sk_shell_limit(sh, "max_memory", sh->lim.max_memory), 1;
    if ((sh->deadline_ns || sh->local_deadline_ns) && --sh->check_tick == 0) {
        sh->check_tick = 64;
        int64_t now = sk_shell_monotonic_ns(sh);
        if (sh->deadline_ns && now > sh->deadline_ns) {
            sh->abort = SK_END_TIMEOUT;
            sh->exit_status = 1;
            return 1;
        }
        if (sh->local_deadline_ns && now > sh->local_deadline_ns) {
            sh->abort = SK_ABORT_LOCAL;
            return 1;
        }
    }
    return 0;
}

int64_t sk_shell_push_deadline(sk_shell *sh, int64_t deadline_ns)
{
    int64_t prev = sh->local_deadline_ns;
    if (!prev || deadline_ns < prev) sh->local_deadline_ns = deadline_ns;
    sh->check_tick = 1;
    return prev;
}

void sk_shell_pop_deadline(sk_shell *sh, int64_t previous) { sh->local_deadline_ns = previous; }

int sk_shell_clear_local_abort(sk_shell *sh)
{
    if (sh->abort != SK_ABORT_LOCAL) return 0;
    /* an enclosing deadline may have passed too: it fires again on the
     * next check */
    sh->abort = 0;
    sh->check_tick = 1;
    return 1;
}

int sk_shell_sleep(sk_shell *sh, int64_t ns)
{
    int64_t end = sk_shell_monotonic_ns(sh) + ns;
    for (;;) {
        sh->check_tick = 1;
        if (sk_shell_check(sh)) return 1;
        int64_t now = sk_shell_monotonic_ns(sh);
        if (now >= end) return 0;
        int64_t slice = end - now;
        if (slice > 20000000) slice = 20000000; /* 20 ms: stay responsive to cancel */
        if (sh->local_deadline_ns && sh->local_deadline_ns - now < slice) slice = sh->local_deadline_ns - now + 1;
        if (sh->deadline_ns && sh->deadline_ns - now < slice) slice = sh->deadline_ns - now + 1;
        if (slice > 0) sh->cfg->sleep(sh->cfg->clock_ud, slice);
    }
}

int sk_shell_count_command(sk_shell *sh)
{
    if (sh->lim.max_commands && ++sh->ncommands > sh->lim.max_commands)
        return sk_shell_limit(sh, "max_commands", sh->lim.max_commands);
    return sk_shell_check(sh) ? -1 : 0;
}

/* ---- exec ----------------------------------------------------------------- */

static void sink_init(sk_sink *k, sk_alloc *a, int fd, uint64_t cap, const sk_exec_opts *o)
{
    memset(k, 0, sizeof *k);
    sk_buf_init(&k->data, a);
    k->cap = cap;
    k->fd = fd;
    k->capture = !(o && (o->flags & SK_EXEC_NO_CAPTURE));
    if (o && o->on_output) {
        k->cb = o->on_output;
        k->cb_ud = o->output_ud;
    }
}

/* The sandbox's own last word (a limit message) is written even when the
 * stream is full: it replaces the tail of the capture if need be. */
static void sink_put(sk_sink *k, const char *s)
{
    size_t n = strlen(s);
    if (k->cb && !k->cb_stop) k->cb(k->cb_ud, k->fd, s, n);
    if (!k->capture) return;
    if (k->cap && k->data.len + n > k->cap && k->data.len >= n) k->data.len = (size_t)(k->cap > n ? k->cap - n : 0);
    sk_buf_put(&k->data, s, n);
}

static sk_result *result_new(void)
{
    sk_result *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    sk_alloc_init(&r->out_alloc, 0);
    sk_buf_init(&r->out.data, &r->out_alloc);
    sk_buf_init(&r->err.data, &r->out_alloc);
    return r;
}

static void result_error(sk_result *r, const char *msg)
{
    free(r->error);
    size_t n = strlen(msg);
    r->error = malloc(n + 1);
    if (r->error) memcpy(r->error, msg, n + 1);
}

sk_result *sk_shell_exec(sk_shell *sh, const char *script, size_t len, const sk_exec_opts *opts)
{
    sk_result *r = result_new();
    if (!r) return NULL;
    if (!sh || (!script && len)) {
        r->end = SK_END_ERROR;
        r->exit_code = 2;
        result_error(r, "invalid argument");
        return r;
    }
    if (sh->running) {
        r->end = SK_END_ERROR;
        r->exit_code = 2;
        result_error(r, "the shell is already running");
        return r;
    }
    sh->running = 1;
    int64_t t0 = sk_shell_monotonic_ns(sh);
    sink_init(&r->out, &r->out_alloc, 1, sh->lim.max_stdout_bytes, opts);
    sink_init(&r->err, &r->out_alloc, 2, sh->lim.max_stderr_bytes, opts);

    sh->abort = 0;
    sh->limit_name = NULL;
    sh->exit_status = 0;
    sh->ncommands = 0;
    sh->nloops_total = 0;
    sh->check_tick = 1;
    sh->started_ns = t0;
    uint64_t tmo = opts && opts->timeout_ms ? opts->timeout_ms : sh->lim.timeout_ms;
    sh->deadline_ns = tmo ? t0 + (int64_t)tmo * 1000000 : 0;
    sh->local_deadline_ns = 0;
    if (sh->alloc.hit) sh->alloc.hit = 0;  /* a new run starts with a clean slate */

    int status = 0;
    if (sh->lim.max_input_bytes && len > sh->lim.max_input_bytes) {
        sk_shell_limit(sh, "max_input_bytes", sh->lim.max_input_bytes);
    } else {
        sk_sched_init(&sh->sched, &sh->alloc, sh->cfg->fiber_stack, sh->cfg->stack_budget);
        sk_fdtab fds;
        sk_stream *in = NULL, *out = NULL, *err = NULL;
        if (sk_fdtab_init(&fds, &sh->alloc) == 0 &&
            (in = sk_stream_mem(&sh->io, opts ? opts->stdin_data : NULL, opts ? opts->stdin_len : 0, 0)) &&
            sk_fdtab_set(&fds, &sh->alloc, 0, in, SK_RD) == 0 &&
            (out = sk_stream_sink(&sh->io, &r->out)) &&
            sk_fdtab_set(&fds, &sh->alloc, 1, out, SK_WR) == 0 &&
            (err = sk_stream_sink(&sh->io, &r->err)) &&
            sk_fdtab_set(&fds, &sh->alloc, 2, err, SK_WR) == 0) {
            const char *dflt[] = { "bash" };
            int argc = opts && opts->argv && opts->argc > 0 ? opts->argc : 1;
            const char *const *argv = opts && opts->argv && opts->argc > 0 ? opts->argv : dflt;
            status = sh_run_script(sh, script ? script : "", len, &fds, argc, argv);
        } else {
            sk_shell_limit(sh, "max_memory", sh->lim.max_memory);
        }
        sk_fdtab_free(&fds, &sh->alloc);
        sk_sched_trim(&sh->sched);
    }

    switch (sh->abort) {
    case 0:
        r->end = SK_END_NORMAL;
        r->exit_code = status;
        break;
    case SK_END_EXIT:
        r->end = SK_END_EXIT;
        r->exit_code = sh->exit_status;
        break;
    case SK_END_LIMIT: {
        char msg[160];
        snprintf(msg, sizeof msg, "bash: resource limit exceeded: %s (limit: %llu)\n",
                 sh->limit_name, (unsigned long long)sh->limit_value);
        sink_put(&r->err, msg);
        msg[strlen(msg) - 1] = 0;
        result_error(r, msg + 6);
        snprintf(r->limit_name, sizeof r->limit_name, "%s", sh->limit_name);
        r->end = SK_END_LIMIT;
        r->exit_code = 1;
        break;
    }
    case SK_END_TIMEOUT: {
        char msg[160];
        snprintf(msg, sizeof msg, "bash: resource limit exceeded: timeout (limit: %llums)\n",
                 (unsigned long long)tmo);
        sink_put(&r->err, msg);
        msg[strlen(msg) - 1] = 0;
        result_error(r, msg + 6);
        snprintf(r->limit_name, sizeof r->limit_name, "timeout");
        r->end = SK_END_TIMEOUT;
        r->exit_code = 1;
        break;
    }
    case SK_END_CANCELLED:
        sink_put(&r->err, "bash: cancelled\n");
        result_error(r, "cancelled");
        r->end = SK_END_CANCELLED;
        r->exit_code = 130;
        break;
    default:
        r->end = SK_END_ERROR;
        r->exit_code = sh->exit_status ? sh->exit_status : 2;
        break;
    }
    atomic_store(&sh->cancel, 0);
    sh->abort = 0;
    sh->running = 0;
    r->duration_us = (uint64_t)(sk_shell_monotonic_ns(sh) - t0) / 1000;
    return r;
}

/* ---- results -------------------------------------------------------------- */

int sk_result_exit_code(const sk_result *r) { return r ? r->exit_code : -1; }
sk_end sk_result_end(const sk_result *r) { return r ? r->end : SK_END_ERROR; }

const char *sk_result_end_name(const sk_result *r)
{
    static const char *const names[] = { "normal", "exit", "limit", "timeout", "cancelled", "error" };
    sk_end e = sk_result_end(r);
    return (unsigned)e < sizeof names / sizeof names[0] ? names[e] : "error";
}

const char *sk_result_stdout(const sk_result *r, size_t *len)
{
    if (len) *len = r ? r->out.data.len : 0;
    return r && r->out.data.p ? r->out.data.p : "";
}

const char *sk_result_stderr(const sk_result *r, size_t *len)
{
    if (len) *len = r ? r->err.data.len : 0;
    return r && r->err.data.p ? r->err.data.p : "";
}

int sk_result_stdout_truncated(const sk_result *r) { return r ? r->out.truncated : 0; }
int sk_result_stderr_truncated(const sk_result *r) { return r ? r->err.truncated : 0; }
const char *sk_result_limit_name(const sk_result *r) { return r && r->limit_name[0] ? r->limit_name : NULL; }
const char *sk_result_error(const sk_result *r) { return r ? r->error : NULL; }
uint64_t sk_result_duration_us(const sk_result *r) { return r ? r->duration_us : 0; }

void sk_result_free(sk_result *r)
{
    if (!r) return;
    sk_buf_free(&r->out.data);
    sk_buf_free(&r->err.data);
    free(r->error);
    free(r);
}

/* ---- host-side filesystem helpers ------------------------------------------ */

int sk_shell_write_file(sk_shell *sh, const char *path, const void *data, size_t n, uint32_t mode)
{
    if (!sh || !path || (!data && n)) return SK_INVALID;
    const char *cwd = sk_shell_cwd(sh);
    int st = sk_vfs_write_file(&sh->vfs, cwd, path, data ? data : "", n, mode ? mode : 0644);
    if (st == SK_ENOENT) {
        /* create the parents, then try again */
        sk_vpath_info vi;
        char *abs = sk_vpath_resolve(&sh->alloc, cwd, path, strlen(path), &vi);
        if (!abs) return vi.status ? vi.status : SK_NOMEM;
        size_t dl;
        sk_vpath_dirname(abs, strlen(abs), &dl);
        abs[dl] = 0;
        st = sk_vfs_mkdir_p(&sh->vfs, "/", abs, 0755);
        sk_free(&sh->alloc, abs);
        if (st == SK_OK) st = sk_vfs_write_file(&sh->vfs, cwd, path, data ? data : "", n, mode ? mode : 0644);
    }
    if (st == SK_OK && mode) sk_vfs_chmod(&sh->vfs, cwd, path, mode);
    return st;
}

int sk_shell_mkdir(sk_shell *sh, const char *path, uint32_t mode)
{
    if (!sh || !path) return SK_INVALID;
    return sk_vfs_mkdir_p(&sh->vfs, sk_shell_cwd(sh), path, mode ? mode : 0755);
}

int sk_shell_read_file(sk_shell *sh, const char *path, char **data, size_t *n)
{
    if (!sh || !path || !data) return SK_INVALID;
    sk_buf b = SK_BUF_INIT(&sh->alloc);
    int st = sk_vfs_read_file(&sh->vfs, sk_shell_cwd(sh), path, 0, &b);
    if (st) { sk_buf_free(&b); return st; }
    char *p = malloc(b.len + 1);
    if (!p) { sk_buf_free(&b); return SK_NOMEM; }
    if (b.len) memcpy(p, b.p, b.len);
    p[b.len] = 0;
    if (n) *n = b.len;
    *data = p;
    sk_buf_free(&b);
    return SK_OK;
}

void sk_free_buffer(void *p) { free(p); }

int sk_shell_stat(sk_shell *sh, const char *path, sk_stat *st)
{
    if (!sh || !path || !st) return SK_INVALID;
    return sk_vfs_stat(&sh->vfs, sk_shell_cwd(sh), path, st);
}

int sk_shell_read_dir(sk_shell *sh, const char *path, sk_dir_fn fn, void *ud)
{
    if (!sh || !path || !fn) return SK_INVALID;
    sk_vfs_dir d;
    int st = sk_vfs_list(&sh->vfs, sk_shell_cwd(sh), path, &d);
    if (st) return st;
    for (size_t i = 0; i < d.n; i++)
        if (fn(ud, d.ents[i].name, d.ents[i].len, d.ents[i].type)) break;
    sk_vfs_dir_free(&d);
    return SK_OK;
}
