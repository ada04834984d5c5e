/* eval.c — running syntax trees: the script loop (parse one top-level
 * command, run it, repeat), lists, and-or lists, compound commands,
 * function definitions and calls, set -e and traps.  Simple commands are
 * in simple.c; pipelines, subshells and jobs in pipe.c. */
#include <stdio.h>
#include <string.h>

#include "base/stack.h"
#include "shell/arith.h"
#include "shell/exec.h"
#include "shell/pattern.h"

/* ---- functions and parse units -------------------------------------------------- */

void sh_func_ref(struct sh_func *f)
{
    if (f) f->refs++;
}

void sh_func_unref(sh_state *st, struct sh_func *f)
{
    if (!f || --f->refs) return;
    sh_unit_unref(st->a, f->unit);
    sk_free(st->a, f->source);
    sk_free(st->a, f);
}

void sh_stack_exhausted(sh_state *st)
{
    sk_shell *sh = st->sh;
    if (st->func_depth) sk_shell_limit(sh, "max_function_depth", sh->lim.max_function_depth);
    else sk_shell_limit(sh, "max_subst_depth", sh->lim.max_subst_depth);
}

/* ---- entry points from the API ---------------------------------------------------- */

int sh_state_new(sk_shell *sh)
{
    sh->st = sh_state_create(sh, &sh->alloc);
    return sh->st ? 0 : -1;
}

void sh_state_free(sk_shell *sh)
{
    sh_state_destroy(sh->st);
    sh->st = NULL;
}

const char *sh_state_cwd(const sk_shell *sh) { return sh->st && sh->st->cwd ? sh->st->cwd : "/"; }

int sh_run_script(sk_shell *sh, const char *script, size_t len, sk_fdtab *fds, int argc,
                  const char *const *argv)
{
    sh_state *st = sh->st;
    st->fds = fds;
    st->stack_limit = sk_sched_stack_limit(&sh->sched);
    st->ctl = SH_CTL_NONE;
    st->next_pid = st->next_pid ? st->next_pid : 100;
    char *a0 = sk_strdup(st->a, argc > 0 && argv[0] ? argv[0] : "bash");
    if (a0) {
        sk_free(st->a, st->arg0);
        st->arg0 = a0;
    }
    sh_params *p = sh_params_new(st->a, argc > 1 ? argc - 1 : 0, argc > 1 ? (char *const *)argv + 1 : NULL);
    if (p) {
        sh_params_unref(st->a, st->frames[0].params);
        st->frames[0].params = p;
    }
    st->syntax_error = 0;
    if (len < 65536) sh_var_set(st, "BASH_EXECUTION_STRING", script ? script : "", len, SH_SET_GLOBAL | SH_SET_QUIET);
    int status = sh_exec_text(st, script, len, "-c", SH_MODE_C | SH_MODE_TOP, 1);
    int syntax = st->syntax_error;
    if (st->ctl == SH_CTL_EXIT || st->ctl == SH_CTL_RETURN) status = st->status;
    int exited = st->ctl == SH_CTL_EXIT && !syntax;
    st->ctl = SH_CTL_NONE;
    if (!sh->abort) sh_run_exit_trap(st);
    if (st->ctl == SH_CTL_EXIT) { exited = 1; status = st->status; }
    st->ctl = SH_CTL_NONE;
    /* the script is over: close its descriptors so that jobs reading from
     * them (exec > >(tee log)) see end-of-file, then wait for the jobs */
    for (int fd = 0; fd < fds->n; fd++) sk_fdtab_close(fds, fd);
    sh_jobs_wait_all(st);
    sh_jobs_free(st);
    st->syntax_error = 0;
    if (!sh->abort) {
        if (syntax) {
            sh->abort = SK_END_ERROR;
            sh->exit_status = 2;
        } else if (exited) {
            sh->abort = SK_END_EXIT;
            sh->exit_status = status;
        }
    }
    st->fds = NULL;
    return status;
}

/* ---- the script loop ----------------------------------------------------------------- */

static const char *alias_lookup(void *ud, const char *name)
{
    sh_state *st = ud;
    return sh_smap_get(st->aliases, name);
}

static int64_t parser_now_ms(void *ud)
{
    sh_state *st = ud;
    return sk_shell_monotonic_ns(st->sh) / 1000000;
}

static void parser_warn(void *ud, int line, const char *msg)
{
    sh_state *st = ud;
    int save = st->lineno;
    st->lineno = line;
    sh_err(st, "warning: %s", msg);
    st->lineno = save;
}

static void parse_opts(sh_state *st, sh_parse_opts *o, int first_line)
{
    sh_parse_opts_default(o);
    o->extglob = st->shopt[SH_S_EXTGLOB];
    if (st->shopt[SH_S_EXPAND_ALIASES] && st->aliases && st->aliases->n) {
        o->alias_lookup = alias_lookup;
        o->alias_ud = st;
    }
    o->warn = parser_warn;
    o->warn_ud = st;
    const sk_limits *l = &st->sh->lim;
    o->max_depth = l->max_ast_depth;
    o->fuel = l->max_parser_operations;
    o->stack_limit = st->stack_limit;
    if (l->parser_timeout_ms) {
        o->now_ms = parser_now_ms;
        o->now_ud = st;
        o->timeout_ms = (int64_t)l->parser_timeout_ms;
    }
    o->first_line = first_line;
}

static void report_syntax(sh_state *st, const sh_parse_error *e, const char *name, int mode)
{
    char prefix[300];
    if (mode == SH_MODE_FILE) snprintf(prefix, sizeof prefix, "%s: line %d: ", name, e->line);
    else snprintf(prefix, sizeof prefix, "%s: %s: line %d: ", st->errname ? st->errname : "bash", name, e->line);
    if (e->msg && e->msg[0]) {
        sh_err_write(st, prefix, strlen(prefix));
        sh_err_write(st, e->msg, strlen(e->msg));
        sh_err_write(st, "\n", 1);
    }
    if (e->show) {
        sh_err_write(st, prefix, strlen(prefix));
        sh_err_write(st, e->show, strlen(e->show));
        sh_err_write(st, "\n", 1);
    }
}

int sh_exec_text(sh_state *st, const char *text, size_t len, const char *name, int mode, int first_line)
{
    sk_shell *sh = st->sh;
    sh_unit *unit = sh_unit_new(st->a);
    if (!unit) { sk_shell_limit(sh, "max_memory", sh->lim.max_memory); return 1; }
    sh_parse_opts o;
    parse_opts(st, &o, first_line);
    sh_parser *p = sh_parser_new(&unit->ar, text, len, &o);
    if (!p) {
        sh_unit_unref(st->a, unit);
        sk_shell_limit(sh, "max_memory", sh->lim.max_memory);
        return 1;
    }
    sh_unit *prev = st->unit;
    st->unit = unit;
    /* this text is numbered from first_line: no $( ) renumbering inside */
    int save_base = st->line_base, save_open = st->line_open;
    st->line_open = 0;
    int top = (mode & SH_MODE_TOP) != 0;
    mode &= SH_MODE_MASK;
    int status = st->status;
    size_t vstart = sh_parser_offset(p);
    for (;;) {
        if (sh->abort) break;
        parse_opts(st, &o, first_line);
        sh_parser_set_opts(p, &o);
        sh_node *n = NULL;
        int r = sh_parse_next(p, &n);
        if (r == SH_PARSE_END) break;
        if (r < 0) {
            const sh_parse_error *e = sh_parser_error(p);
            if (r == SH_PARSE_LIMIT) {
                sk_shell_limit(sh, e->limit_name, e->limit_value);
                break;
            }
            if (r == SH_PARSE_NOMEM) {
                sk_shell_limit(sh, "max_memory", sh->lim.max_memory);
                break;
            }
            report_syntax(st, e, name, mode);
            if (e->status >= 0) status = e->status;
            st->status = status;
            if (top) {
                st->ctl = SH_CTL_EXIT;
                st->syntax_error = 1;
            }
            break;
        }
        {
            size_t end = sh_parser_offset(p);
            if (st->opt[SH_O_VERBOSE] && end > vstart && end <= len) sh_err_write(st, text + vstart, end - vstart);
            vstart = end;
        }
        if (st->opt[SH_O_NOEXEC]) continue;
        status = sh_exec_node(st, n);
        if (st->ctl == SH_CTL_ABORT) {
            status = st->status ? st->status : 1;
            st->status = status;
            if (top) {
                st->ctl = SH_CTL_NONE;
                continue;
            }
            break;
        }
        if (st->ctl) break;
    }
    st->unit = prev;
    st->line_base = save_base;
    st->line_open = save_open;
    sh_unit_unref(st->a, unit);
    return status;
}

static int trap_active(const sh_state *st, int sig)
{
    const char *t = st->traps[sig];
    if (!t || !*t) return 0;
    return !st->in_subshell || st->trap_local[sig];
}

/* ---- errexit and traps ------------------------------------------------------------------ */

void sh_check_errexit(sh_state *st, int status)
{
    if (status == 0 || st->ctl || st->sh->abort) return;
    if (st->errexit_off) return;
    if (trap_active(st, SH_TRAP_ERR) && !st->in_trap) {
        int save = st->status;
        st->status = status;
        sh_run_trap(st, SH_TRAP_ERR);
        if (!st->ctl) st->status = save;
    }
    if (st->opt[SH_O_ERREXIT] && !st->ctl) {
        st->status = status;
        st->ctl = SH_CTL_EXIT;
    }
}

int sh_run_trap(sh_state *st, int sig)
{
    const char *t = st->traps[sig];
    if (!trap_active(st, sig)) return 0;
    char *copy = sk_strdup(st->a, t);
    if (!copy) return 0;
    int save_status = st->status;
    int save_line = st->lineno;
    st->in_trap++;
    int save_off = st->errexit_off;
    if (sig == SH_TRAP_ERR || sig == SH_TRAP_DEBUG) st->errexit_off++;
    sh_exec_text(st, copy, strlen(copy), "trap", SH_MODE_EVAL, st->lineno);
    st->errexit_off = save_off;
    st->in_trap--;
    sk_free(st->a, copy);
    st->lineno = save_line;
    if (st->ctl == SH_CTL_EXIT) return st->status;
    if (st->ctl == SH_CTL_ABORT) st->ctl = SH_CTL_NONE;
    st->status = save_status;
    return 0;
}

void sh_debug_trap(sh_state *st)
{
    if (st->in_debug_trap || !trap_active(st, SH_TRAP_DEBUG)) return;
    st->in_debug_trap = 1;
    sh_run_trap(st, SH_TRAP_DEBUG);
    st->in_debug_trap = 0;
}

void sh_run_exit_trap(sh_state *st)
{
    if (!trap_active(st, SH_TRAP_EXIT)) return;
    char *t = st->traps[SH_TRAP_EXIT];
    st->traps[SH_TRAP_EXIT] = NULL;   /* runs once */
    int save = st->status;
    int save_ctl = st->ctl;
    st->ctl = SH_CTL_NONE;
    st->in_trap++;
    sh_exec_text(st, t, strlen(t), "trap", SH_MODE_EVAL, 1);
    st->in_trap--;
    sk_free(st->a, t);
    if (st->ctl == SH_CTL_EXIT) return;   /* exit inside the trap sets the status */
    st->ctl = save_ctl;
    st->status = save;
}

/* ---- redirections around compound commands ----------------------------------------------- */

/* Run f(st, n) with the node's redirections applied to a private table. */
static int with_redirs(sh_state *st, const sh_node *n, int (*f)(sh_state *, const sh_node *))
{
    if (!n->nredirs) return f(st, n);
    int mark = st->njobs;
    sk_fdtab fds;
    if (sk_fdtab_copy(&fds, st->fds, st->a)) {
        sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory);
        return 1;
    }
    if (sh_redirect(st, n->redirs, n->nredirs, &fds)) {
        sk_fdtab_free(&fds, st->a);
        if (st->ctl == SH_CTL_NONE) st->status = 1;
        return 1;
    }
    sk_fdtab *save = st->fds;
    st->fds = &fds;
    int r = f(st, n);
    st->fds = save;
    sk_fdtab_free(&fds, st->a);
    if (st->njobs > mark) sh_procsub_cleanup(st, mark);
    return r;
}

/* ---- lists -------------------------------------------------------------------------------- */

int sh_run_background(sh_state *st, const sh_node *n);
int sh_exec_pipeline(sh_state *st, const sh_node *n);
int sh_exec_simple(sh_state *st, const sh_node *n);
int sh_exec_subshell_node(sh_state *st, const sh_node *n);
int sh_exec_cond(sh_state *st, const sh_node *n);
int sh_exec_coproc(sh_state *st, const sh_node *n);

static int exec_list(sh_state *st, const sh_node *n)
{
    int status = st->status;
    for (uint32_t i = 0; i < n->u.list.n; i++) {
        const sh_node *it = n->u.list.items[i];
        if (it->bg) status = sh_run_background(st, it);
        else status = sh_exec_node(st, it);
        if (st->ctl || st->sh->abort) break;
    }
    return status;
}

static int exec_andor(sh_state *st, const sh_node *n)
{
    int status = 0;
    for (uint32_t i = 0; i < n->u.andor.n; i++) {
        if (i > 0) {
            int op = n->u.andor.ops[i];
            if (op == SH_AND && status != 0) continue;
            if (op == SH_OR && status == 0) continue;
        }
        int last = i + 1 == n->u.andor.n;
        if (!last) st->errexit_off++;
        status = sh_exec_node(st, n->u.andor.items[i]);
        if (!last) st->errexit_off--;
        if (st->ctl || st->sh->abort) break;
    }
    return status;
}

/* ---- compound commands ------------------------------------------------------------------------- */

static int loop_iter(sh_state *st, uint64_t *count)
{
    sk_shell *sh = st->sh;
    ++*count;
    if (sh->lim.max_loop_iterations && *count > sh->lim.max_loop_iterations) {
        sk_shell_limit(sh, "max_loop_iterations", sh->lim.max_loop_iterations);
        return -1;
    }
    if (sh->lim.max_total_loop_iterations && ++sh->nloops_total > sh->lim.max_total_loop_iterations) {
        sk_shell_limit(sh, "max_total_loop_iterations", sh->lim.max_total_loop_iterations);
        return -1;
    }
    if (sk_shell_check(sh)) return -1;
    return 0;
}

/* After the body of a loop: 1 = leave the loop, 0 = go on. */
static int loop_ctl(sh_state *st)
{
    if (st->ctl == SH_CTL_BREAK) {
        if (--st->ctl_n <= 0) { st->ctl = SH_CTL_NONE; st->ctl_n = 0; }
        return 1;
    }
    if (st->ctl == SH_CTL_CONTINUE) {
        if (--st->ctl_n <= 0) { st->ctl = SH_CTL_NONE; st->ctl_n = 0; return 0; }
        return 1;
    }
    return st->ctl || st->sh->abort;
}

static int exec_if(sh_state *st, const sh_node *n)
{
    for (uint32_t i = 0; i < n->u.if_.n; i++) {
        st->errexit_off++;
        int c = sh_exec_node(st, n->u.if_.conds[i]);
        st->errexit_off--;
        if (st->ctl || st->sh->abort) return c;
        if (c == 0) return sh_exec_node(st, n->u.if_.bodies[i]);
    }
    if (n->u.if_.else_body) return sh_exec_node(st, n->u.if_.else_body);
    st->status = 0;
    return 0;
}

static int exec_while(sh_state *st, const sh_node *n)
{
    int until = n->kind == SH_N_UNTIL;
    int status = 0;
    uint64_t count = 0;
    st->loop_depth++;
    for (;;) {
        st->errexit_off++;
        int c = sh_exec_node(st, n->u.loop.cond);
        st->errexit_off--;
        if (st->ctl == SH_CTL_BREAK || st->ctl == SH_CTL_CONTINUE) {
            if (loop_ctl(st)) break;
            continue;
        }
        if (st->ctl || st->sh->abort) break;
        if (until ? c == 0 : c != 0) break;
        if (loop_iter(st, &count)) break;
        status = sh_exec_node(st, n->u.loop.body);
        if (loop_ctl(st)) break;
    }
    st->loop_depth--;
    if (!st->ctl) st->status = status;
    return status;
}

static int exec_for(sh_state *st, const sh_node *n)
{
    const char *var = n->u.for_.var.p;
    if (!sh_valid_name(var, strlen(var))) {
        sh_err(st, "`%s': not a valid identifier", var);
        st->status = 1;
        return 1;
    }
    sh_strvec words = { NULL, 0, 0, st->a };
    if (n->u.for_.has_in) {
        if (sh_expand_words(st, n->u.for_.words, n->u.for_.nwords, &words)) {
            sh_strvec_free(&words, 1);
            return st->status ? st->status : 1;
        }
    } else {
        sh_params *p = sh_params_cur(st);
        for (int i = 0; i < p->n; i++)
            if (sh_strvec_pushdup(&words, p->v[i], strlen(p->v[i]))) break;
    }
    int status = 0;
    uint64_t count = 0;
    st->loop_depth++;
    for (size_t i = 0; i < words.n; i++) {
        if (loop_iter(st, &count)) break;
        if (st->opt[SH_O_XTRACE]) {
            char head[300];
            snprintf(head, sizeof head, "for %s in", var);
            sh_xtrace_words(st, head, words.v, words.n, NULL);
        }
        if (sh_var_setstr(st, var, words.v[i], 0)) {
            st->ctl = SH_CTL_ABORT;
            st->status = 1;
            break;
        }
        status = sh_exec_node(st, n->u.for_.body);
        if (loop_ctl(st)) break;
    }
    st->loop_depth--;
    sh_strvec_free(&words, 1);
    if (!st->ctl) st->status = status;
    return status;
}

static int exec_select(sh_state *st, const sh_node *n)
{
    /* select reads the choice from stdin; with no terminal it prints the
     * menu to stderr and reads lines until EOF */
    const char *var = n->u.for_.var.p;
    sh_strvec words = { NULL, 0, 0, st->a };
    if (n->u.for_.has_in) {
        if (sh_expand_words(st, n->u.for_.words, n->u.for_.nwords, &words)) {
            sh_strvec_free(&words, 1);
            return 1;
        }
    } else {
        sh_params *p = sh_params_cur(st);
        for (int i = 0; i < p->n; i++) sh_strvec_pushdup(&words, p->v[i], strlen(p->v[i]));
    }
    int status = 0;
    uint64_t count = 0;
    st->loop_depth++;
    sk_fd *in = sk_fdtab_get(st->fds, 0);
    for (;;) {
        if (loop_iter(st, &count)) break;
        if (st->opt[SH_O_XTRACE]) {
            char head[300];
            snprintf(head, sizeof head, "select %s in", var);
            sh_xtrace_words(st, head, words.v, words.n, NULL);
        }
        sk_buf menu = SK_BUF_INIT(st->a);
        for (size_t i = 0; i < words.n; i++) sk_buf_printf(&menu, "%zu) %s\n", i + 1, words.v[i]);
        const char *ps3 = sh_var_get(st, "PS3");
        sk_buf_puts(&menu, ps3 ? ps3 : "#? ");
        sh_err_write(st, menu.p ? menu.p : "", menu.len);
        sk_buf_free(&menu);
        sk_buf line = SK_BUF_INIT(st->a);
        int got = 0;
        if (in && (in->mode & SK_RD)) {
            for (;;) {
                char ch;
                int64_t r = sk_stream_read(in->s, &ch, 1);
                if (r <= 0) break;
                got = 1;
                if (ch == '\n') break;
                sk_buf_putc(&line, ch);
            }
        }
        if (!got) {
            sk_fd *o = sk_fdtab_get(st->fds, 1);
            if (o && (o->mode & SK_WR)) sk_stream_write(o->s, "\n", 1);
            sk_buf_free(&line);
            status = 1;
            break;
        }
        const char *l = sk_buf_cstr(&line);
        sh_var_setstr(st, "REPLY", l, 0);
        int64_t k;
        const char *choice = "";
        if (sh_parse_int(l, &k) == 0 && k >= 1 && (size_t)k <= words.n) choice = words.v[k - 1];
        int empty = !*l;
        sk_buf_free(&line);
        if (empty) continue;
        sh_var_setstr(st, var, choice, 0);
        status = sh_exec_node(st, n->u.for_.body);
        if (loop_ctl(st)) break;
    }
    st->loop_depth--;
    sh_strvec_free(&words, 1);
    if (!st->ctl) st->status = status;
    return status;
}

/* One part of for (( ; ; )), traced as "(( text ))". */
static int afor_part(sh_state *st, const sh_word *w, int64_t *v)
{
    if (st->opt[SH_O_XTRACE]) {
        sk_buf t = SK_BUF_INIT(st->a);
        if (!sh_expand_string(st, w, SH_XS_ARITH, &t)) {
            char *words[1] = { NULL };
            sk_buf line = SK_BUF_INIT(st->a);
            sh_xtrace_prefix(st, &line);
            sk_buf_printf(&line, "(( %s ))\n", sk_buf_cstr(&t));
            sh_err_write(st, line.p, line.len);
            sk_buf_free(&line);
            (void)words;
        }
        sk_buf_free(&t);
    }
    return sh_expand_arith(st, w, "((", v);
}

static int exec_arith_for(sh_state *st, const sh_node *n)
{
    int64_t v;
    if (n->u.afor.init && n->u.afor.init->nparts && afor_part(st, n->u.afor.init, &v)) return 1;
    int status = 0;
    uint64_t count = 0;
    st->loop_depth++;
    for (;;) {
        if (n->u.afor.cond && n->u.afor.cond->nparts) {
            if (afor_part(st, n->u.afor.cond, &v)) { status = 1; break; }
            if (v == 0) break;
        }
        if (loop_iter(st, &count)) break;
        status = sh_exec_node(st, n->u.afor.body);
        if (loop_ctl(st)) break;
        if (n->u.afor.step && n->u.afor.step->nparts && afor_part(st, n->u.afor.step, &v)) {
            status = 1;
            break;
        }
    }
    st->loop_depth--;
    if (!st->ctl) st->status = status;
    return status;
}

static int exec_case(sh_state *st, const sh_node *n)
{
    sk_buf subj = SK_BUF_INIT(st->a);
    if (sh_expand_string(st, &n->u.case_.subject, 0, &subj)) {
        sk_buf_free(&subj);
        return 1;
    }
    int status = 0;
    int matched = 0;
    if (st->opt[SH_O_XTRACE]) {
        char *w[1] = { subj.p ? subj.p : "" };
        sh_xtrace_words(st, "case", w, 1, " in");
    }
    int flags = st->shopt[SH_S_EXTGLOB] ? SH_PAT_EXTGLOB : 0;
    if (st->shopt[SH_S_NOCASEMATCH]) flags |= SH_PAT_NOCASE;
    for (uint32_t i = 0; i < n->u.case_.n; i++) {
        const sh_case_item *it = &n->u.case_.items[i];
        int hit = matched;
        for (uint32_t k = 0; k < it->npatterns && !hit; k++) {
            sk_buf pb = SK_BUF_INIT(st->a);
            if (sh_expand_pattern(st, &it->patterns[k], &pb)) {
                sk_buf_free(&pb);
                sk_buf_free(&subj);
                return 1;
            }
            int m = sh_pat_fnmatch(st->a, pb.p ? pb.p : "", pb.len, subj.p ? subj.p : "", subj.len, flags);
            sk_buf_free(&pb);
            if (m < 0) { sk_buf_free(&subj); sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory); return 1; }
            hit = m;
        }
        if (!hit) continue;
        matched = 0;
        if (it->body) status = sh_exec_node(st, it->body);
        else status = 0;
        if (st->ctl || st->sh->abort) break;
        if (it->term == SH_CASE_FALL) { matched = 1; continue; }
        if (it->term == SH_CASE_CONT) continue;
        break;
    }
    sk_buf_free(&subj);
    if (!st->ctl) st->status = status;
    return status;
}

static int exec_arith_cmd(sh_state *st, const sh_node *n)
{
    int64_t v;
    st->lineno = sh_node_line(st, n->line);
    sh_debug_trap(st);
    if (st->opt[SH_O_XTRACE]) {
        sk_buf b = SK_BUF_INIT(st->a);
        if (!sh_expand_string(st, n->u.arith, SH_XS_ARITH, &b)) {
            sk_buf t = SK_BUF_INIT(st->a);
            sh_xtrace_prefix(st, &t);
            sk_buf_printf(&t, "(( %s ))\n", sk_buf_cstr(&b));
            sh_err_write(st, t.p, t.len);
            sk_buf_free(&t);
        }
        sk_buf_free(&b);
    }
    if (sk_shell_count_command(st->sh)) return 1;
    if (sh_expand_arith(st, n->u.arith, "((", &v)) {
        if (st->ctl == SH_CTL_ABORT) {
            /* (( )) errors fail the command without abandoning the line */
            st->ctl = SH_CTL_NONE;
        }
        st->status = 1;
        return 1;
    }
    st->status = v ? 0 : 1;
    return st->status;
}

static int exec_funcdef(sh_state *st, const sh_node *n)
{
    const char *name = n->u.func.name.p;
    sh_func *f = sk_malloc(st->a, sizeof *f);
    if (!f) { sk_shell_limit(st->sh, "max_memory", st->sh->lim.max_memory); return 1; }
    memset(f, 0, sizeof *f);
    f->refs = 1;
    f->unit = st->unit;
    if (f->unit) f->unit->refs++;
    f->def = n;
    f->line = n->line;
    const sh_frame *fr = &st->frames[st->nframes - 1];
    /* bash records "environment" for functions defined by bash -c code */
    const char *src = fr->source;
    for (int i = st->nframes - 1; i >= 0 && !src; i--) src = st->frames[i].source;
    f->source = sk_strdup(st->a, src ? src : "environment");
    if (!f->source) { sh_func_unref(st, f); return 1; }
    if (sh_func_set(st, name, f)) return 1;
    st->status = 0;
    return 0;
}

static int exec_group_body(sh_state *st, const sh_node *n) { return sh_exec_node(st, n->u.body); }

static int dispatch(sh_state *st, const sh_node *n)
{
    switch (n->kind) {
    case SH_N_GROUP: return sh_exec_node(st, n->u.body);
    case SH_N_IF: return exec_if(st, n);
    case SH_N_WHILE:
    case SH_N_UNTIL: return exec_while(st, n);
    case SH_N_FOR: return exec_for(st, n);
    case SH_N_SELECT: return exec_select(st, n);
    case SH_N_ARITH_FOR: return exec_arith_for(st, n);
    case SH_N_CASE: return exec_case(st, n);
    case SH_N_ARITH: return exec_arith_cmd(st, n);
    case SH_N_COND: return sh_exec_cond(st, n);
    }
    return 0;
}

int sh_exec_node(sh_state *st, const sh_node *n)
{
    sk_shell *sh = st->sh;
    if (!n) return st->status;
    if (sh->abort || st->ctl) return st->status;
    if (sk_stack_low(st->stack_limit)) {
        sh_stack_exhausted(st);
        return 1;
    }
    int status;
    switch (n->kind) {
    case SH_N_LIST:
        return exec_list(st, n);
    case SH_N_ANDOR:
        status = exec_andor(st, n);
        break;
    case SH_N_PIPE:
        status = sh_exec_pipeline(st, n);
        if (!(n->flags & SH_NF_NEGATE)) sh_check_errexit(st, status);
        break;
    case SH_N_SIMPLE:
        status = sh_exec_simple(st, n);
        sh_check_errexit(st, status);
        break;
    case SH_N_SUBSHELL:
        status = sh_exec_subshell_node(st, n);
        sh_check_errexit(st, status);
        break;
    case SH_N_FUNCDEF:
        status = exec_funcdef(st, n);
        break;
    case SH_N_COPROC:
        status = sh_exec_coproc(st, n);
        break;
    case SH_N_ARITH:
    case SH_N_COND:
        status = with_redirs(st, n, dispatch);
        sh_check_errexit(st, status);
        break;
    case SH_N_GROUP:
        status = with_redirs(st, n, exec_group_body);
        break;
    default:
        status = with_redirs(st, n, dispatch);
        break;
    }
    if (!st->ctl || st->ctl == SH_CTL_BREAK || st->ctl == SH_CTL_CONTINUE) st->status = status;
    return status;
}

/* ---- function calls ------------------------------------------------------------------------------ */

int sh_call_function(sh_state *st, sh_func *fn, const char *name, int argc, char **argv)
{
    sk_shell *sh = st->sh;
    if (sh->lim.max_function_depth && (uint32_t)st->func_depth >= sh->lim.max_function_depth) {
        sk_shell_limit(sh, "max_function_depth", sh->lim.max_function_depth);
        return 1;
    }
    sh_params *p = sh_params_new(st->a, argc > 1 ? argc - 1 : 0, argv + 1);
    if (!p) { sk_shell_limit(sh, "max_memory", sh->lim.max_memory); return 1; }
    if (sh_frame_push(st, name, fn->source, st->lineno, p, 1)) {
        sh_params_unref(st->a, p);
        sk_shell_limit(sh, "max_memory", sh->lim.max_memory);
        return 1;
    }
    fn->refs++;
    st->func_depth++;
    int save_loop = st->loop_depth;
    st->loop_depth = 0;
    const sh_node *body = fn->def->u.func.body;
    int status = sh_exec_node(st, body);
    if (st->ctl == SH_CTL_RETURN) {
        st->ctl = SH_CTL_NONE;
        status = st->status;
    } else if (st->ctl == SH_CTL_BREAK || st->ctl == SH_CTL_CONTINUE) {
        st->ctl = SH_CTL_NONE;
    }
    if (trap_active(st, SH_TRAP_RETURN) && !st->ctl && !sh->abort) {
        int save = st->status;
        st->status = status;
        sh_run_trap(st, SH_TRAP_RETURN);
        st->status = save;
    }
    st->loop_depth = save_loop;
    st->func_depth--;
    sh_frame_pop(st);
    sh_func_unref(st, fn);
    if (!st->ctl) st->status = status;
    return status;
}
