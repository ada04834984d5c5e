/* pipe.c — everything that runs in a subshell: pipelines (each stage a
 * task on the scheduler, connected by bounded pipes), ( ... ), command
 * and process substitution, background jobs, coprocesses, and new shells
 * (bash -c, bash FILE, executable scripts).  A subshell works on a copy of
 * the state (copy on write, so copying is cheap) and its own descriptor
 * table; closing that table when the stage ends is what lets the next
 * stage see end-of-file and an earlier one a broken pipe. */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "shell/exec.h"

static int nomem(sh_state *st)
{
    sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory);
    return 1;
}

int sh_enter_subst(sh_state *st)
{
    sk_shell *sh = st->sh;
    if (sh->lim.max_subst_depth && (uint32_t)st->subst_depth >= sh->lim.max_subst_depth) {
        sk_shell_limit(sh, "max_subst_depth", sh->lim.max_subst_depth);
        return -1;
    }
    return 0;
}

/* A fresh state copy for a subshell. */
static sh_state *sub_state(sh_state *st)
{
    sh_state *c = sh_state_copy(st);
    if (!c) return NULL;
    c->pid = st->next_pid ? st->next_pid++ : 2;
    /* Nested subshells get pid*100..; deep nesting keeps counting up. */
    c->next_pid = c->pid <= INT64_MAX / 100 ? c->pid * 100 : c->pid + 1;
    c->subst_depth = st->subst_depth + 1;
    return c;
}

/* Run a node as the body of a subshell state: returns its exit status. */
static int subshell_body(sh_state *c, const sh_node *n)
{
    int status = sh_exec_node(c, n);
    if (c->ctl == SH_CTL_EXIT || c->ctl == SH_CTL_RETURN) status = c->status;
    else if (c->ctl == SH_CTL_ABORT) status = c->status ? c->status : 1;
    c->ctl = SH_CTL_NONE;
    if (!c->sh->abort && c->traps[SH_TRAP_EXIT] && c->trap_local[SH_TRAP_EXIT]) {
        c->status = status;
        sh_run_exit_trap(c);
        if (c->ctl == SH_CTL_EXIT) status = c->status;
        c->ctl = SH_CTL_NONE;
    }
    /* the subshell is done with its descriptors: closing them lets jobs
     * that read from them (a coprocess, a background reader) finish */
    if (c->njobs && c->fds)
        for (int fd = 0; fd < c->fds->n; fd++) sk_fdtab_close(c->fds, fd);
    sh_jobs_wait_all(c);
    return status;
}

/* ---- tasks ------------------------------------------------------------------------------------- */

typedef struct sh_jobtask {
    sk_task task;
    sh_state *st;          /* the task's state (owned; freed when it ends) */
    const sh_node *node;
    sk_fdtab fds;
    int status;
    int running;
    int started;
    int (*body)(struct sh_jobtask *);
    void *arg;
} sh_jobtask;

static void task_main(sk_task *t)
{
    sh_jobtask *j = t->ud;
    sh_state *c = j->st;
    c->stack_limit = sk_sched_stack_limit(&c->sh->sched);
    c->fds = &j->fds;
    j->status = j->body ? j->body(j) : subshell_body(c, j->node);
    sk_fdtab_free(&j->fds, c->a);
    c->fds = NULL;
    sh_state_destroy(c);
    j->st = NULL;
    j->running = 0;
}

static sh_jobtask *task_new(sh_state *st, const sh_node *n)
{
    sh_jobtask *j = sk_malloc(st->a, sizeof *j);
    if (!j) return NULL;
    memset(j, 0, sizeof *j);
    j->node = n;
    j->st = sub_state(st);
    if (!j->st) { sk_free(st->a, j); return NULL; }
    if (sk_fdtab_copy(&j->fds, st->fds, st->a)) {
        sh_state_destroy(j->st);
        sk_free(st->a, j);
        return NULL;
    }
    return j;
}

static void task_discard(sh_state *st, sh_jobtask *j)
{
    if (!j) return;
    if (j->st) sh_state_destroy(j->st);
    sk_fdtab_free(&j->fds, st->a);
    sk_free(st->a, j);
}

static int task_start(sh_state *st, sh_jobtask *j)
{
    j->running = 1;
    if (sk_sched_spawn(&st->sh->sched, &j->task, task_main, j)) {
        j->running = 0;
        return -1;
    }
    j->started = 1;
    return 0;
}

/* Wait for a started task and free it; returns its status. */
static int task_join(sh_state *st, sh_jobtask *j)
{
    int status = j->status;
    if (j->started) {
        sk_sched_join(&st->sh->sched, &j->task);
        status = j->status;
    }
    if (j->running) {
        /* blocked for good (nothing can wake it): it still sits on a
         * stream's waiter list, so it must not be freed; it is leaked
         * rather than left dangling */
        return 1;
    }
    task_discard(st, j);
    return status;
}

/* ---- pipelines ----------------------------------------------------------------------------------- */

/* time's report: TIMEFORMAT (%[p][l]R %U %S %P %%) or bash's default.
 * There is no CPU accounting in the sandbox: user and sys are 0. */
static void print_time(sh_state *st, int64_t ns, int posix)
{
    const char *fmt = posix ? "real %2R\nuser %2U\nsys %2S" : sh_var_get(st, "TIMEFORMAT");
    if (!fmt) fmt = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";
    sk_buf b = SK_BUF_INIT(st->a);
    double real = (double)ns / 1e9;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') { sk_buf_putc(&b, *p); continue; }
        p++;
        if (*p == '%') { sk_buf_putc(&b, '%'); continue; }
        int prec = 3, lng = 0;
        if (*p >= '0' && *p <= '9') { prec = *p - '0'; if (prec > 3) prec = 3; p++; }
        if (*p == 'l') { lng = 1; p++; }
        double v;
        if (*p == 'R') v = real;
        else if (*p == 'U' || *p == 'S') v = 0;
        else if (*p == 'P') { sk_buf_printf(&b, "%.*f", prec, 0.0); continue; }
        else { sk_buf_putc(&b, '%'); if (!*p) break; sk_buf_putc(&b, *p); continue; }
        if (lng) {
            long m = (long)(v / 60);
            sk_buf_printf(&b, "%ldm%.*fs", m, prec, v - (double)m * 60);
        } else {
            sk_buf_printf(&b, "%.*f", prec, v);
        }
    }
    sk_buf_putc(&b, '\n');
    sh_err_write(st, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
}

static void set_pipestatus(sh_state *st, const int *v, int n)
{
    if (st->cappipestatus < n) {
        int *p = sk_realloc(st->a, st->pipestatus, (size_t)n * sizeof *p);
        if (!p) return;
        st->pipestatus = p;
        st->cappipestatus = n;
    }
    memcpy(st->pipestatus, v, (size_t)n * sizeof *v);
    st->npipestatus = n;
}

int sh_exec_pipeline(sh_state *st, const sh_node *n)
{
    sk_shell *sh = st->sh;
    int negate = (n->flags & SH_NF_NEGATE) != 0;
    int timed = (n->flags & SH_NF_TIME) != 0;
    int64_t t0 = timed ? sk_shell_monotonic_ns(sh) : 0;
    uint32_t nc = n->u.pipe.n;
    int status = 0;
    if (nc == 0) {
        status = 0;
    } else if (nc == 1) {
        if (negate) st->errexit_off++;
        status = sh_exec_node(st, n->u.pipe.cmds[0]);
        if (negate) st->errexit_off--;
    } else {
        int lastpipe = st->shopt[SH_S_LASTPIPE];
        sh_jobtask **tasks = sk_calloc(st->a, nc, sizeof *tasks);
        int *statuses = sk_calloc(st->a, nc, sizeof *statuses);
        if (!tasks || !statuses) {
            sk_free(st->a, tasks);
            sk_free(st->a, statuses);
            return nomem(st);
        }
        sk_stream *prev = NULL;
        int failed = 0;
        if (negate) st->errexit_off++;
        for (uint32_t i = 0; i + 1 < nc && !failed; i++) {
            sh_jobtask *j = task_new(st, n->u.pipe.cmds[i]);
            sk_stream *p = j ? sk_stream_pipe(&sh->io, 65536) : NULL;
            if (!j || !p) {
                if (p) { sk_stream_open(p, SK_RD | SK_WR); sk_stream_close(p, SK_RD | SK_WR); }
                task_discard(st, j);
                failed = 1;
                break;
            }
            if (prev) sk_fdtab_set(&j->fds, st->a, 0, prev, SK_RD);
            sk_fdtab_set(&j->fds, st->a, 1, p, SK_WR);
            if (n->u.pipe.errpipe && n->u.pipe.errpipe[i]) sk_fdtab_set(&j->fds, st->a, 2, p, SK_WR);
            if (prev) sk_stream_close(prev, SK_RD);   /* the holder reference taken below */
            sk_stream_open(p, SK_RD);                 /* hold the read end for the next stage */
            prev = p;
            tasks[i] = j;
        }
        if (failed) {
            if (prev) sk_stream_close(prev, SK_RD);
            for (uint32_t i = 0; i + 1 < nc; i++)
                if (tasks[i]) task_discard(st, tasks[i]);
            sk_free(st->a, tasks);
            sk_free(st->a, statuses);
            if (negate) st->errexit_off--;
            return nomem(st);
        }
        /* start the stages */
        for (uint32_t i = 0; i + 1 < nc; i++) {
            if (task_start(st, tasks[i])) {
                failed = 1;
                statuses[i] = 1;
            }
        }
        /* the last stage runs here: in this shell with lastpipe, else in a
         * subshell copy */
        const sh_node *last = n->u.pipe.cmds[nc - 1];
        sk_fdtab lfds;
        if (sk_fdtab_copy(&lfds, st->fds, st->a) == 0) {
            if (prev) {
                sk_fdtab_set(&lfds, st->a, 0, prev, SK_RD);
                sk_stream_close(prev, SK_RD);
                prev = NULL;
            }
            if (lastpipe) {
                sk_fdtab *save = st->fds;
                st->fds = &lfds;
                statuses[nc - 1] = sh_exec_node(st, last);
                st->fds = save;
            } else {
                sh_state *c = sub_state(st);
                if (c) {
                    c->fds = &lfds;
                    statuses[nc - 1] = subshell_body(c, last);
                    c->fds = NULL;
                    sh_state_destroy(c);
                } else {
                    nomem(st);
                    statuses[nc - 1] = 1;
                }
            }
            sk_fdtab_free(&lfds, st->a);
        } else {
            if (prev) sk_stream_close(prev, SK_RD);
            nomem(st);
            statuses[nc - 1] = 1;
        }
        for (uint32_t i = 0; i + 1 < nc; i++) {
            int s = task_join(st, tasks[i]);
            if (!statuses[i]) statuses[i] = s;
        }
        if (negate) st->errexit_off--;
        status = statuses[nc - 1];
        if (st->opt[SH_O_PIPEFAIL])
            for (uint32_t i = 0; i < nc; i++)
                if (statuses[i]) status = statuses[i];
        if (!st->ctl) set_pipestatus(st, statuses, (int)nc);
        sk_free(st->a, tasks);
        sk_free(st->a, statuses);
    }
    if (timed) print_time(st, sk_shell_monotonic_ns(sh) - t0, (n->flags & SH_NF_TIME_POSIX) != 0);
    if (negate && !st->ctl) status = !status;
    if (!st->ctl) {
        st->status = status;
        if (nc <= 1 && negate) set_pipestatus(st, &st->pipestatus[0], st->npipestatus > 0 ? st->npipestatus : 0);
    }
    return status;
}

/* ---- ( ... ) -------------------------------------------------------------------------------------- */

int sh_exec_subshell(sh_state *st, const sh_node *n, sk_fdtab *fds)
{
    if (sh_enter_subst(st)) return 1;
    sh_state *c = sub_state(st);
    if (!c) return nomem(st);
    c->fds = fds;
    c->stack_limit = st->stack_limit;
    int status = subshell_body(c, n);
    if (c->fatal_err) status = 1;
    c->fds = NULL;
    sh_state_destroy(c);
    return status;
}

int sh_exec_subshell_node(sh_state *st, const sh_node *n)
{
    sk_fdtab fds;
    if (sk_fdtab_copy(&fds, st->fds, st->a)) return nomem(st);
    int status;
    if (n->nredirs && sh_redirect(st, n->redirs, n->nredirs, &fds)) {
        status = 1;
    } else {
        status = sh_exec_subshell(st, n->u.body, &fds);
    }
    sk_fdtab_free(&fds, st->a);
    if (!st->ctl) st->status = status;
    return status;
}

/* ---- $( ... ) ----------------------------------------------------------------------------------------- */

static int read_file_subst(sh_state *st, const sh_node *body, sk_buf *out)
{
    /* $(< file): the file's contents */
    const sh_redir *r = &body->redirs[0];
    sk_buf name = SK_BUF_INIT(st->a);
    int amb;
    if (sh_expand_redir_word(st, &r->target, &name, &amb)) { sk_buf_free(&name); return -1; }
    if (amb) {
        sh_err(st, "%.*s: ambiguous redirect", (int)r->target.raw.n, r->target.raw.p);
        sk_buf_free(&name);
        st->cmdsub_status = 1;
        return 0;
    }
    int rr = sk_vfs_read_file(&st->sh->vfs, st->cwd, sk_buf_cstr(&name), st->sh->lim.max_file_size, out);
    if (rr) {
        sh_err(st, "%s: %s", sk_buf_cstr(&name), sk_status_message(rr));
        st->cmdsub_status = 1;
    } else {
        st->cmdsub_status = 0;
    }
    sk_buf_free(&name);
    return 0;
}

int sh_command_subst(sh_state *st, const sh_node *body, int open_line, sk_buf *out)
{
    sk_shell *sh = st->sh;
    if (!body) {
        st->cmdsub_status = 0;
        return 0;
    }
    if (sh_enter_subst(st)) return -1;
    if (body->kind == SH_N_SIMPLE && body->u.simple.nwords == 0 && body->u.simple.nassigns == 0 &&
        body->nredirs == 1 && body->redirs[0].op == SH_R_IN && body->redirs[0].fd < 0) {
        if (read_file_subst(st, body, out)) return -1;
    } else {
        sk_fdtab fds;
        if (sk_fdtab_copy(&fds, st->fds, st->a)) return nomem(st), -1;
        sk_stream *s = sk_stream_buf(&sh->io, out);
        if (!s || sk_fdtab_set(&fds, st->a, 1, s, SK_WR)) {
            sk_fdtab_free(&fds, st->a);
            return nomem(st), -1;
        }
        sh_state *c = sub_state(st);
        if (!c) {
            sk_fdtab_free(&fds, st->a);
            return nomem(st), -1;
        }
        c->fds = &fds;
        c->stack_limit = st->stack_limit;
        c->xtrace_level = st->xtrace_level + 1;
        /* command substitutions do not inherit set -e (bash), unless
         * inherit_errexit or POSIX mode */
        if (!st->shopt[SH_S_INHERIT_ERREXIT] && !st->opt[SH_O_POSIX]) c->opt[SH_O_ERREXIT] = 0;
        /* bash numbers the lines of $( ) from the command containing it */
        if (open_line > 0) {
            c->line_base = st->lineno;
            c->line_open = open_line;
        }
        int status = subshell_body(c, body);
        if (c->fatal_err) status = 1;
        c->fds = NULL;
        sh_state_destroy(c);
        sk_fdtab_free(&fds, st->a);
        st->cmdsub_status = status;
        /* bash sets $? from the substitution (visible to later expansions) */
        st->status = status;
    }
    if (sh->abort) return -1;
    /* drop NUL bytes (bash warns) and trailing newlines */
    size_t j = 0;
    int nul = 0;
    for (size_t i = 0; i < out->len; i++) {
        if (out->p[i] == 0) { nul = 1; continue; }
        out->p[j++] = out->p[i];
    }
    if (nul) sh_err(st, "warning: command substitution: ignored null byte in input");
    while (j > 0 && out->p[j - 1] == '\n') j--;
    out->len = j;
    if (out->p) out->p[j] = 0;
    return 0;
}

/* ---- process substitution ------------------------------------------------------------------------------ */

typedef struct procsub_rec {
    sh_jobtask *task;
    int fd;
} procsub_rec;

int sh_procsub(sh_state *st, const sh_subst *sub, int out_dir, sk_buf *path)
{
    sk_shell *sh = st->sh;
    if (sh_enter_subst(st)) return -1;
    sh_jobtask *j = task_new(st, sub->body);
    sk_stream *p = j ? sk_stream_pipe(&sh->io, 65536) : NULL;
    if (!j || !p) {
        task_discard(st, j);
        return nomem(st), -1;
    }
    int fd = 63;
    while (fd > 10 && sk_fdtab_get(st->fds, fd)) fd--;
    if (out_dir) {
        sk_fdtab_set(&j->fds, st->a, 0, p, SK_RD);
        sk_fdtab_set(st->fds, st->a, fd, p, SK_WR);
    } else {
        sk_fdtab_set(&j->fds, st->a, 1, p, SK_WR);
        sk_fdtab_set(st->fds, st->a, fd, p, SK_RD);
    }
    if (!sub->body) {
        /* nothing to run: the pipe simply ends */
        sk_fdtab_close(&j->fds, out_dir ? 0 : 1);
    }
    if (task_start(st, j)) {
        task_discard(st, j);
        sk_fdtab_close(st->fds, fd);
        return nomem(st), -1;
    }
    /* remember it: the fd is closed and the task reaped after the command */
    sh_job *jobs = sk_realloc(st->a, st->jobs, (size_t)(st->njobs + 1) * sizeof *jobs);
    if (!jobs) return nomem(st), -1;
    st->jobs = jobs;
    sh_job *rec = &st->jobs[st->njobs++];
    memset(rec, 0, sizeof *rec);
    rec->task = j;
    rec->pid = -fd;       /* negative: a process substitution on fd -pid */
    rec->id = 0;
    sk_buf_printf(path, "/dev/fd/%d", fd);
    return 0;
}

/* Close the process substitutions created since mark and reap them. */
void sh_procsub_cleanup(sh_state *st, int mark)
{
    for (int i = st->njobs - 1; i >= mark; i--) {
        sh_job *jb = &st->jobs[i];
        if (jb->pid >= 0) continue;
        int fd = (int)-jb->pid;
        sk_fdtab_close(st->fds, fd);
    }
    for (int i = mark; i < st->njobs; i++) {
        sh_job *jb = &st->jobs[i];
        if (jb->pid >= 0 || !jb->task) continue;
        task_join(st, jb->task);
        jb->task = NULL;
    }
    /* compact: drop reaped process substitutions */
    int k = mark;
    for (int i = mark; i < st->njobs; i++) {
        if (st->jobs[i].pid < 0 && !st->jobs[i].task) { sk_free(st->a, st->jobs[i].cmd); continue; }
        st->jobs[k++] = st->jobs[i];
    }
    st->njobs = k;
}

/* ---- background jobs --------------------------------------------------------------------------------- */

int sh_run_background(sh_state *st, const sh_node *n)
{
    sk_shell *sh = st->sh;
    sh_jobtask *j = task_new(st, n);
    if (!j) return nomem(st);
    /* no job control: a background command reads /dev/null */
    sk_stream *null = sk_stream_null(&sh->io);
    if (null) sk_fdtab_set(&j->fds, st->a, 0, null, SK_RD);
    int64_t pid = j->st->pid;
    if (task_start(st, j)) {
        task_discard(st, j);
        return nomem(st);
    }
    sh_job *jobs = sk_realloc(st->a, st->jobs, (size_t)(st->njobs + 1) * sizeof *jobs);
    if (!jobs) return nomem(st);
    st->jobs = jobs;
    sh_job *rec = &st->jobs[st->njobs++];
    memset(rec, 0, sizeof *rec);
    rec->task = j;
    rec->pid = pid;
    int maxid = 0;
    for (int i = 0; i < st->njobs - 1; i++)
        if (st->jobs[i].id > maxid && !st->jobs[i].done) maxid = st->jobs[i].id;
    rec->id = maxid + 1;
    {
        sk_buf t = SK_BUF_INIT(st->a);
        sh_node_text(&t, n);
        rec->cmd = sk_buf_take(&t, NULL);
    }
    st->last_bg = pid;
    /* deterministic concurrency: let the job run until it blocks */
    sk_sched_yield(&sh->sched);
    if (!j->running) {
        rec->status = task_join(st, j);
        rec->task = NULL;
        rec->done = 1;
    }
    st->status = 0;
    return 0;
}

sh_job *sh_job_find(sh_state *st, int64_t pid)
{
    for (int i = 0; i < st->njobs; i++)
        if (st->jobs[i].pid == pid) return &st->jobs[i];
    return NULL;
}

int sh_job_wait(sh_state *st, sh_job *jb)
{
    if (jb->task) {
        jb->status = task_join(st, jb->task);
        jb->task = NULL;
        jb->done = 1;
    }
    return jb->status;
}

int sh_jobs_wait_all(sh_state *st)
{
    int status = 0;
    for (int i = 0; i < st->njobs; i++) {
        sh_job *jb = &st->jobs[i];
        if (jb->task) {
            if (jb->pid < 0) sk_fdtab_close(st->fds, (int)-jb->pid);
            status = sh_job_wait(st, jb);
        }
    }
    return status;
}

void sh_jobs_free(sh_state *st)
{
    for (int i = 0; i < st->njobs; i++) {
        if (st->jobs[i].task) task_join(st, st->jobs[i].task);
        sk_free(st->a, st->jobs[i].cmd);
    }
    sk_free(st->a, st->jobs);
    st->jobs = NULL;
    st->njobs = st->capjobs = 0;
}

/* ---- coproc ------------------------------------------------------------------------------------------- */

int sh_exec_coproc(sh_state *st, const sh_node *n)
{
    sk_shell *sh = st->sh;
    sh_jobtask *j = task_new(st, n->u.coproc.body);
    sk_stream *to = j ? sk_stream_pipe(&sh->io, 65536) : NULL;
    sk_stream *from = to ? sk_stream_pipe(&sh->io, 65536) : NULL;
    if (!j || !to || !from) {
        task_discard(st, j);
        return nomem(st);
    }
    sk_fdtab_set(&j->fds, st->a, 0, to, SK_RD);
    sk_fdtab_set(&j->fds, st->a, 1, from, SK_WR);
    int rfd = sk_fdtab_lowest_free(st->fds, 60), wfd;
    sk_fdtab_set(st->fds, st->a, rfd, from, SK_RD);
    wfd = sk_fdtab_lowest_free(st->fds, 60);
    sk_fdtab_set(st->fds, st->a, wfd, to, SK_WR);
    int64_t pid = j->st->pid;
    if (task_start(st, j)) {
        task_discard(st, j);
        return nomem(st);
    }
    sh_job *jobs = sk_realloc(st->a, st->jobs, (size_t)(st->njobs + 1) * sizeof *jobs);
    if (!jobs) return nomem(st);
    st->jobs = jobs;
    sh_job *rec = &st->jobs[st->njobs++];
    memset(rec, 0, sizeof *rec);
    rec->task = j;
    rec->pid = pid;
    rec->id = 1;
    const char *name = n->u.coproc.name.p;
    char b0[16], b1[16];
    snprintf(b0, sizeof b0, "%d", rfd);
    snprintf(b1, sizeof b1, "%d", wfd);
    char *vals[2] = { b0, b1 };
    sh_var_set_array(st, name, 2, vals, NULL, 0, 0);
    char pn[300];
    snprintf(pn, sizeof pn, "%s_PID", name);
    sh_var_set_int(st, pn, pid, 0);
    st->last_bg = pid;
    st->status = 0;
    return 0;
}

/* ---- new shells ------------------------------------------------------------------------------------------ */

static int copy_exported(void *ud, sh_var *v)
{
    sh_state *dst = ud;
    if (!(v->attr & SH_A_EXPORT) || (v->attr & SH_A_INVISIBLE) || v->kind != SH_VK_STR) return 0;
    sh_var_set(dst, v->name, v->v.s.p ? v->v.s.p : "", v->v.s.len, SH_SET_GLOBAL | SH_SET_NOATTR | SH_SET_QUIET);
    int e;
    sh_var_declare(dst, v->name, SH_SET_GLOBAL, SH_A_EXPORT, SH_A_READONLY, -1, &e);
    return 0;
}

/* A new bash process: fresh variables with the exported ones imported,
 * exported functions, the same cwd. */
static sh_state *new_shell(sh_state *st)
{
    sh_state *c = sh_state_create(st->sh, st->a);
    if (!c) return NULL;
    sh_var_each(st, copy_exported, c);
    for (size_t i = 0; st->funcs && i < st->funcs->n; i++) {
        if (st->funcs->e[i].attr & SH_A_EXPORT) {
            sh_func_ref(st->funcs->e[i].fn);
            sh_func_set(c, st->funcs->e[i].name, st->funcs->e[i].fn);
            sh_fent *fe = sh_func_entry(c, st->funcs->e[i].name);
            if (fe) fe->attr = st->funcs->e[i].attr;
        }
    }
    char *cwd = sk_strdup(st->a, st->cwd);
    if (cwd) { sk_free(c->a, c->cwd); c->cwd = cwd; }
    sh_var_setstr(c, "PWD", st->cwd, SH_SET_GLOBAL);
    const char *old = sh_var_get(st, "OLDPWD");
    if (old) sh_var_setstr(c, "OLDPWD", old, SH_SET_GLOBAL);
    const char *lvl = sh_var_get(st, "SHLVL");
    int64_t l = 1;
    if (lvl) sh_parse_int(lvl, &l);
    sh_var_set_int(c, "SHLVL", l + 1, SH_SET_GLOBAL);
    c->pid = st->next_pid ? st->next_pid++ : 2;
    /* Nested subshells get pid*100..; deep nesting keeps counting up. */
    c->next_pid = c->pid <= INT64_MAX / 100 ? c->pid * 100 : c->pid + 1;
    c->subst_depth = st->subst_depth + 1;
    c->umask = st->umask;
    c->stack_limit = st->stack_limit;
    return c;
}

int sh_bash_run(sh_state *st, sk_fdtab *fds, const char *script, size_t len, const char *name, int argc,
                char **argv, const int *setopt, const uint8_t *optv)
{
    if (sh_enter_subst(st)) return 1;
    sh_state *c = new_shell(st);
    if (!c) return nomem(st);
    if (setopt)
        for (int k = 0; k < SH_O_COUNT; k++)
            if (setopt[k]) sh_opt_set(c, k, optv[k]);
    c->fds = fds;
    int mode = SH_MODE_C;
    if (name) {
        sk_free(c->a, c->errname);
        c->errname = sk_strdup(c->a, name);
        mode = SH_MODE_FILE;
    }
    if (argc > 0) {
        sk_free(c->a, c->arg0);
        c->arg0 = sk_strdup(c->a, argv[0]);
        sh_params_set(c, argc - 1, argv + 1);
    }
    if (name) {
        sk_free(c->a, c->frames[0].source);
        c->frames[0].source = sk_strdup(c->a, name);
    }
    int status = sh_exec_text(c, script, len, name ? name : "-c", mode | SH_MODE_TOP, 1);
    if (c->ctl == SH_CTL_EXIT || c->ctl == SH_CTL_RETURN) status = c->status;
    if (c->syntax_error) status = 2;
    c->ctl = SH_CTL_NONE;
    if (!c->sh->abort) {
        c->status = status;
        sh_run_exit_trap(c);
        if (c->ctl == SH_CTL_EXIT) status = c->status;
    }
    sh_jobs_wait_all(c);
    c->fds = NULL;
    sh_state_destroy(c);
    return status;
}

int sh_run_script_file(sh_state *st, const char *path, int argc, char **argv, sk_fdtab *fds)
{
    sk_buf text = SK_BUF_INIT(st->a);
    int r = sk_vfs_read_file(&st->sh->vfs, st->cwd, path, st->sh->lim.max_input_bytes, &text);
    if (r) {
        sh_err(st, "%s: %s", argv[0], sk_status_message(r));
        sk_buf_free(&text);
        return r == SK_ENOENT ? 127 : 126;
    }
    const char *s = text.p ? text.p : "";
    size_t n = text.len;
    if (n >= 2 && s[0] == '#' && s[1] == '!') {
        /* interpreter line */
        size_t e = 2;
        while (e < n && s[e] != '\n') e++;
        const char *p = s + 2;
        while (p < s + e && (*p == ' ' || *p == '\t')) p++;
        const char *q = p;
        while (q < s + e && *q != ' ' && *q != '\t') q++;
        const char *base = q;
        while (base > p && base[-1] != '/') base--;
        size_t bl = (size_t)(q - base);
        char interp[64] = "";
        if (bl < sizeof interp) { memcpy(interp, base, bl); interp[bl] = 0; }
        if (!strcmp(interp, "env")) {
            const char *a = q;
            while (a < s + e && (*a == ' ' || *a == '\t')) a++;
            const char *b = a;
            while (b < s + e && *b != ' ' && *b != '\t' && *b != '\r') b++;
            size_t al = (size_t)(b - a);
            if (al < sizeof interp) { memcpy(interp, a, al); interp[al] = 0; }
        }
        size_t il = strlen(interp);
        while (il && interp[il - 1] == '\r') interp[--il] = 0;
        if (*interp && strcmp(interp, "bash") && strcmp(interp, "sh") && strcmp(interp, "dash") &&
            strcmp(interp, "zsh") && strcmp(interp, "ksh")) {
            /* another interpreter: run it with the script as its argument */
            char **av = sk_malloc(st->a, (size_t)(argc + 2) * sizeof *av);
            if (!av) { sk_buf_free(&text); return nomem(st); }
            av[0] = interp;
            av[1] = (char *)path;
            for (int i = 1; i < argc; i++) av[i + 1] = argv[i];
            av[argc + 1] = NULL;
            sk_fdtab *save = st->fds;
            st->fds = fds;
            int status = sh_run_argv(st, argc + 1, av, SH_RUN_NOFUNC);
            st->fds = save;
            sk_free(st->a, av);
            sk_buf_free(&text);
            return status;
        }
    }
    int status = sh_bash_run(st, fds, s, n, argv[0], argc, argv, NULL, NULL);
    sk_buf_free(&text);
    return status;
}
