/* funcprint.c — print a function definition the way bash does for
 * `declare -f` and `type` (its print_cmd.c layout: four-space indents,
 * one command per line ending in ';', elif as nested if).  Words are
 * printed as written, so the output parses back to the same function. */
#include <string.h>

#include "shell/exec.h"

static void ind(sk_buf *b, int n)
{
    for (int i = 0; i < n; i++) sk_buf_putc(b, ' ');
}

static void pnode(sk_buf *b, const sh_node *n, int indent);

static void pword(sk_buf *b, const sh_word *w) { sk_buf_put(b, w->raw.p, w->raw.n); }

static void predirs(sk_buf *b, const sh_redir *r, uint32_t n, sk_buf *heredocs)
{
    for (uint32_t i = 0; i < n; i++) {
        const sh_redir *x = &r[i];
        sk_buf_putc(b, ' ');
        if (x->fdvar.n) sk_buf_printf(b, "{%s}", x->fdvar.p);
        else if (x->fd >= 0 && !((x->fd == 0 && (x->op == SH_R_IN || x->op == SH_R_HEREDOC || x->op == SH_R_HERESTR)) ||
                                 (x->fd == 1 && (x->op == SH_R_OUT || x->op == SH_R_APPEND))))
            sk_buf_printf(b, "%d", x->fd);
        switch (x->op) {
        case SH_R_IN: sk_buf_puts(b, "< "); break;
        case SH_R_OUT: sk_buf_puts(b, "> "); break;
        case SH_R_APPEND: sk_buf_puts(b, ">> "); break;
        case SH_R_CLOBBER: sk_buf_puts(b, ">| "); break;
        case SH_R_RDWR: sk_buf_puts(b, "<> "); break;
        case SH_R_DUP_IN: sk_buf_puts(b, "<&"); break;
        case SH_R_DUP_OUT: sk_buf_puts(b, ">&"); break;
        case SH_R_ALL: sk_buf_puts(b, "&> "); break;
        case SH_R_ALL_APPEND: sk_buf_puts(b, "&>> "); break;
        case SH_R_HERESTR: sk_buf_puts(b, "<<< "); break;
        case SH_R_HEREDOC:
            sk_buf_puts(b, (x->flags & SH_RF_STRIP) ? "<<-" : "<<");
            pword(b, &x->target);
            if (heredocs) {
                if (x->body)
                    for (uint32_t k = 0; k < x->body->nparts; k++) {
                        /* the body as written */
                    }
                if (x->body) sk_buf_put(heredocs, x->body->raw.p, x->body->raw.n);
                sk_buf_printf(heredocs, "%s\n", x->delim.p);
            }
            continue;
        }
        pword(b, &x->target);
    }
}

static void pcond(sk_buf *b, const sh_cond *c)
{
    switch (c->kind) {
    case SH_C_AND: pcond(b, c->left); sk_buf_puts(b, " && "); pcond(b, c->right); break;
    case SH_C_OR: pcond(b, c->left); sk_buf_puts(b, " || "); pcond(b, c->right); break;
    case SH_C_NOT: sk_buf_puts(b, "! "); pcond(b, c->left); break;
    case SH_C_UNARY: sk_buf_printf(b, "%s ", c->opname); pword(b, c->arg); break;
    case SH_C_BINARY: pword(b, c->arg); sk_buf_printf(b, " %s ", c->opname); pword(b, c->arg2); break;
    case SH_C_WORD: pword(b, c->arg); break;
    }
}

/* A command list inline ("a; b") for conditions. */
static void pinline(sk_buf *b, const sh_node *n)
{
    if (n->kind == SH_N_LIST) {
        for (uint32_t i = 0; i < n->u.list.n; i++) {
            if (i) sk_buf_puts(b, n->u.list.items[i - 1]->bg ? " " : "; ");
            pnode(b, n->u.list.items[i], 0);
            if (n->u.list.items[i]->bg) sk_buf_puts(b, " &");
        }
        return;
    }
    pnode(b, n, 0);
}

/* A body: one command per line, each ending in ';' except the last of a
 * group (last_semi = 0). */
static void pbody(sk_buf *b, const sh_node *n, int indent, int last_semi)
{
    if (n->kind == SH_N_LIST) {
        for (uint32_t i = 0; i < n->u.list.n; i++) {
            const sh_node *it = n->u.list.items[i];
            int last = i + 1 == n->u.list.n;
            if (i == 0 || !n->u.list.items[i - 1]->bg) ind(b, indent);
            pnode(b, it, indent);
            if (it->bg) {
                sk_buf_puts(b, " &");
                if (!last) { sk_buf_putc(b, ' '); continue; }
            }
            if (!last || last_semi) sk_buf_putc(b, it->bg ? '\n' : ';');
            if (!last && !it->bg) sk_buf_putc(b, '\n');
            if (last && last_semi && !it->bg) sk_buf_putc(b, '\n');
            if (last && !last_semi) sk_buf_putc(b, '\n');
        }
        return;
    }
    ind(b, indent);
    pnode(b, n, indent);
    sk_buf_puts(b, last_semi ? ";\n" : "\n");
}

static void pnode(sk_buf *b, const sh_node *n, int indent)
{
    sk_buf heredocs = SK_BUF_INIT(b->a);
    switch (n->kind) {
    case SH_N_LIST:
        pinline(b, n);
        break;
    case SH_N_ANDOR:
        for (uint32_t i = 0; i < n->u.andor.n; i++) {
            if (i) sk_buf_puts(b, n->u.andor.ops[i] == SH_AND ? " && " : " || ");
            pnode(b, n->u.andor.items[i], indent);
        }
        break;
    case SH_N_PIPE:
        if (n->flags & SH_NF_TIME) sk_buf_puts(b, (n->flags & SH_NF_TIME_POSIX) ? "time -p " : "time ");
        if (n->flags & SH_NF_NEGATE) sk_buf_puts(b, "! ");
        for (uint32_t i = 0; i < n->u.pipe.n; i++) {
            if (i) sk_buf_puts(b, n->u.pipe.errpipe && n->u.pipe.errpipe[i - 1] ? " |& " : " | ");
            pnode(b, n->u.pipe.cmds[i], indent);
        }
        break;
    case SH_N_SIMPLE: {
        int first = 1;
        for (uint32_t i = 0; i < n->u.simple.nassigns; i++) {
            const sh_assign *as = &n->u.simple.assigns[i];
            if (!first) sk_buf_putc(b, ' ');
            first = 0;
            sk_buf_puts(b, as->name.p);
            if (as->subscript) { sk_buf_putc(b, '['); pword(b, as->subscript); sk_buf_putc(b, ']'); }
            sk_buf_puts(b, as->append ? "+=" : "=");
            if (as->compound) {
                sk_buf_putc(b, '(');
                for (uint32_t k = 0; k < as->nelems; k++) {
                    if (k) sk_buf_putc(b, ' ');
                    if (as->elems[k].key) { sk_buf_putc(b, '['); pword(b, as->elems[k].key); sk_buf_puts(b, as->elems[k].append ? "]+=" : "]="); }
                    pword(b, &as->elems[k].value);
                }
                sk_buf_putc(b, ')');
            } else {
                pword(b, &as->value);
            }
        }
        for (uint32_t i = 0; i < n->u.simple.nwords; i++) {
            if (!first) sk_buf_putc(b, ' ');
            first = 0;
            pword(b, &n->u.simple.words[i]);
        }
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    }
    case SH_N_SUBSHELL:
        sk_buf_puts(b, "( ");
        pinline(b, n->u.body);
        sk_buf_puts(b, " )");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_GROUP:
        sk_buf_puts(b, "{ \n");
        pbody(b, n->u.body, indent + 4, 0);
        ind(b, indent);
        sk_buf_putc(b, '}');
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_IF: {
        for (uint32_t i = 0; i < n->u.if_.n; i++) {
            if (i) {
                sk_buf_puts(b, "else\n");
                ind(b, indent + 4 * (int)i);
            }
            sk_buf_puts(b, "if ");
            pinline(b, n->u.if_.conds[i]);
            sk_buf_puts(b, "; then\n");
            pbody(b, n->u.if_.bodies[i], indent + 4 * ((int)i + 1), 1);
            ind(b, indent + 4 * (int)i);
        }
        if (n->u.if_.else_body) {
            sk_buf_puts(b, "else\n");
            pbody(b, n->u.if_.else_body, indent + 4 * (int)n->u.if_.n, 1);
            ind(b, indent + 4 * ((int)n->u.if_.n - 1));
        }
        for (uint32_t i = n->u.if_.n; i-- > 0;) {
            sk_buf_puts(b, "fi");
            if (i) {
                sk_buf_puts(b, ";\n");
                ind(b, indent + 4 * ((int)i - 1));
            }
        }
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    }
    case SH_N_WHILE:
    case SH_N_UNTIL:
        sk_buf_puts(b, n->kind == SH_N_WHILE ? "while " : "until ");
        pinline(b, n->u.loop.cond);
        sk_buf_puts(b, "; do\n");
        pbody(b, n->u.loop.body, indent + 4, 1);
        ind(b, indent);
        sk_buf_puts(b, "done");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_FOR:
    case SH_N_SELECT:
        sk_buf_printf(b, "%s %s", n->kind == SH_N_FOR ? "for" : "select", n->u.for_.var.p);
        if (n->u.for_.has_in) {
            sk_buf_puts(b, " in");
            for (uint32_t i = 0; i < n->u.for_.nwords; i++) { sk_buf_putc(b, ' '); pword(b, &n->u.for_.words[i]); }
        }
        sk_buf_puts(b, ";\n");
        ind(b, indent);
        sk_buf_puts(b, "do\n");
        pbody(b, n->u.for_.body, indent + 4, 1);
        ind(b, indent);
        sk_buf_puts(b, "done");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_ARITH_FOR:
        sk_buf_puts(b, "for ((");
        if (n->u.afor.init) pword(b, n->u.afor.init);
        sk_buf_puts(b, "; ");
        if (n->u.afor.cond) pword(b, n->u.afor.cond);
        sk_buf_puts(b, "; ");
        if (n->u.afor.step) pword(b, n->u.afor.step);
        sk_buf_puts(b, "))\n");
        ind(b, indent);
        sk_buf_puts(b, "do\n");
        pbody(b, n->u.afor.body, indent + 4, 1);
        ind(b, indent);
        sk_buf_puts(b, "done");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_CASE:
        sk_buf_puts(b, "case ");
        pword(b, &n->u.case_.subject);
        sk_buf_puts(b, " in \n");
        for (uint32_t i = 0; i < n->u.case_.n; i++) {
            const sh_case_item *it = &n->u.case_.items[i];
            ind(b, indent + 4);
            for (uint32_t k = 0; k < it->npatterns; k++) {
                if (k) sk_buf_puts(b, " | ");
                pword(b, &it->patterns[k]);
            }
            sk_buf_puts(b, ")\n");
            if (it->body) pbody(b, it->body, indent + 8, 0);
            ind(b, indent + 4);
            sk_buf_puts(b, it->term == SH_CASE_FALL ? ";&\n" : it->term == SH_CASE_CONT ? ";;&\n" : ";;\n");
        }
        ind(b, indent);
        sk_buf_puts(b, "esac");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_ARITH:
        sk_buf_puts(b, "(( ");
        pword(b, n->u.arith);
        sk_buf_puts(b, " ))");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_COND:
        sk_buf_puts(b, "[[ ");
        pcond(b, n->u.cond);
        sk_buf_puts(b, " ]]");
        predirs(b, n->redirs, n->nredirs, &heredocs);
        break;
    case SH_N_FUNCDEF:
        sk_buf_printf(b, "function %s () \n", n->u.func.name.p);
        ind(b, indent);
        pnode(b, n->u.func.body, indent);
        break;
    case SH_N_COPROC:
        sk_buf_printf(b, "coproc %s ", n->u.coproc.name.p);
        pnode(b, n->u.coproc.body, indent);
        break;
    }
    if (heredocs.len) {
        sk_buf_putc(b, '\n');
        sk_buf_put(b, heredocs.p, heredocs.len);
    }
    sk_buf_free(&heredocs);
}

/* A command on one line, as `jobs` shows it. */
void sh_node_text(sk_buf *b, const sh_node *n)
{
    pinline(b, n);
}

int sh_func_print(sh_state *st, sk_buf *b, const char *name, sh_func *f)
{
    (void)st;
    const sh_node *body = f->def->u.func.body;
    sk_buf_printf(b, "%s () \n", name);
    if (body->kind == SH_N_GROUP) {
        sk_buf_puts(b, "{ \n");
        pbody(b, body->u.body, 4, 0);
        sk_buf_putc(b, '}');
        sk_buf tmp = SK_BUF_INIT(b->a);
        predirs(b, body->redirs, body->nredirs, &tmp);
        sk_buf_putc(b, '\n');
        if (tmp.len) sk_buf_put(b, tmp.p, tmp.len);
        sk_buf_free(&tmp);
    } else {
        pnode(b, body, 0);
        sk_buf_putc(b, '\n');
    }
    return 0;
}
