/* ast_dump.c — a compact, readable rendering of syntax trees for tests and
 * debugging.  Not bash syntax: it shows the structure.
 *
 *   commands   (cmd WORD...), (list A B&), (andor A && B), (pipe ! A | B),
 *              (sub X), (group X), (if C T elif C T else E), (while C B),
 *              (until C B), (for V [in W...] B), (select ...), (afor I;C;S B),
 *              (case W (P|P) B ;; ...), (arith E), (cond E), (func NAME B),
 *              (coproc NAME B); assignments NAME=V, NAME+=V, NAME[S]=V,
 *              NAME=(E...); redirections [FD]OP TARGET appended to commands.
 *   word parts LIT as is, 'SQ', \E, $'ANSI' (non-printables escaped),
 *              "DQ", <~TILDE>, ${...} (see dump_param), $(CMD), `CMD`,
 *              $((E)), $[E], <(CMD), >(CMD), @(X)
 * The tree depth is bounded by the parser; the printer still stops at a
 * fixed depth. */
#include <stdio.h>
#include <string.h>

#include "base/buf.h"
#include "shell/parser.h"

typedef struct dumper {
    sk_buf b;
    int depth;
    int err;
} dumper;

static void put(dumper *d, const char *s, size_t n)
{
    if (sk_buf_put(&d->b, s, n)) d->err = 1;
}
static void puts_(dumper *d, const char *s) { put(d, s, strlen(s)); }
static void putc_(dumper *d, char c) { put(d, &c, 1); }

static void dump_node(dumper *d, const sh_node *n);
static void dump_word(dumper *d, const sh_word *w);

static void dump_text_escaped(dumper *d, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n') puts_(d, "\\n");
        else if (c == '\t') puts_(d, "\\t");
        else if (c < 32 || c == 127) {
            char x[8];
            snprintf(x, sizeof x, "\\x%02x", c);
            puts_(d, x);
        } else putc_(d, (char)c);
    }
}

static void dump_parts(dumper *d, const sh_part *a, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const sh_part *x = &a[i];
        switch (x->kind) {
        case SH_P_LIT: put(d, x->u.text.p, x->u.text.n); break;
        case SH_P_SQ: putc_(d, '\''); put(d, x->u.text.p, x->u.text.n); putc_(d, '\''); break;
        case SH_P_ESC: putc_(d, '\\'); put(d, x->u.text.p, x->u.text.n); break;
        case SH_P_ANSI: puts_(d, "$'"); dump_text_escaped(d, x->u.text.p, x->u.text.n); putc_(d, '\''); break;
        case SH_P_DQ:
            puts_(d, x->flags & SH_PF_LOCALE ? "$\"" : "\"");
            dump_parts(d, x->u.list.parts, x->u.list.n);
            putc_(d, '"');
            break;
        case SH_P_TILDE: puts_(d, "<~"); put(d, x->u.text.p, x->u.text.n); putc_(d, '>'); break;
        case SH_P_PARAM: {
            const sh_param *pm = x->u.param;
            static const char *const ops[] = {
                [SH_PO_NONE] = "", [SH_PO_LENGTH] = "", [SH_PO_DEFAULT] = "-",
                [SH_PO_ASSIGN] = "=", [SH_PO_ERROR] = "?", [SH_PO_ALT] = "+",
                [SH_PO_TRIM_PREFIX] = "#", [SH_PO_TRIM_PREFIX_LONG] = "##",
                [SH_PO_TRIM_SUFFIX] = "%", [SH_PO_TRIM_SUFFIX_LONG] = "%%",
                [SH_PO_REPLACE] = "/", [SH_PO_REPLACE_ALL] = "//",
                [SH_PO_REPLACE_PREFIX] = "/#", [SH_PO_REPLACE_SUFFIX] = "/%",
                [SH_PO_SUBSTR] = ":", [SH_PO_UPPER_FIRST] = "^", [SH_PO_UPPER_ALL] = "^^",
                [SH_PO_LOWER_FIRST] = ",", [SH_PO_LOWER_ALL] = ",,",
                [SH_PO_TOGGLE_FIRST] = "~", [SH_PO_TOGGLE_ALL] = "~~",
                [SH_PO_TRANSFORM] = "@", [SH_PO_NAMES] = "", [SH_PO_BAD] = "",
            };
            if (!(pm->flags & SH_PPF_BRACED)) {
                putc_(d, '$');
                put(d, pm->name.p, pm->name.n);
                break;
            }
            if (pm->op == SH_PO_BAD) {
                puts_(d, "${BAD:");
                put(d, pm->raw.p, pm->raw.n);
                putc_(d, '}');
                break;
            }
            puts_(d, "${");
            if (pm->op == SH_PO_LENGTH) putc_(d, '#');
            if (pm->flags & SH_PPF_INDIRECT || pm->op == SH_PO_NAMES) putc_(d, '!');
            put(d, pm->name.p, pm->name.n);
            if (pm->subscript) {
                putc_(d, '[');
                dump_word(d, pm->subscript);
                putc_(d, ']');
            }
            if (pm->op == SH_PO_NAMES) putc_(d, pm->transform);
            if (pm->op > SH_PO_LENGTH && pm->op != SH_PO_NAMES) {
                putc_(d, ' ');
                if (pm->flags & SH_PPF_COLON) putc_(d, ':');
                puts_(d, ops[pm->op]);
                if (pm->op == SH_PO_TRANSFORM) putc_(d, pm->transform);
                if (pm->word) { puts_(d, " ["); dump_word(d, pm->word); putc_(d, ']'); }
                if (pm->word2) { puts_(d, " ["); dump_word(d, pm->word2); putc_(d, ']'); }
            }
            putc_(d, '}');
            break;
        }
        case SH_P_CMDSUB: case SH_P_PROCSUB: {
            const sh_subst *s = x->u.sub;
            if (x->kind == SH_P_PROCSUB) puts_(d, x->flags & SH_PF_OUT ? ">(" : "<(");
            else puts_(d, x->flags & SH_PF_BACKTICK ? "`" : "$(");
            if (s->err) { puts_(d, "ERR:"); puts_(d, s->err); }
            else if (s->body) dump_node(d, s->body);
            puts_(d, x->flags & SH_PF_BACKTICK ? "`" : ")");
            break;
        }
        case SH_P_ARITH:
            puts_(d, x->flags & SH_PF_LEGACY ? "$[" : "$((");
            dump_word(d, x->u.word);
            puts_(d, x->flags & SH_PF_LEGACY ? "]" : "))");
            break;
        case SH_P_EXTGLOB:
            putc_(d, x->op);
            putc_(d, '(');
            dump_parts(d, x->u.list.parts, x->u.list.n);
            putc_(d, ')');
            break;
        default:
            puts_(d, "<?>");
        }
    }
}

static void dump_word(dumper *d, const sh_word *w)
{
    if (++d->depth > 1000) { d->err = 1; return; }
    if (w->nparts == 0) puts_(d, "''");
    else dump_parts(d, w->parts, w->nparts);
    d->depth--;
}

static void dump_assign(dumper *d, const sh_assign *a)
{
    put(d, a->name.p, a->name.n);
    if (a->subscript) { putc_(d, '['); dump_word(d, a->subscript); putc_(d, ']'); }
    puts_(d, a->append ? "+=" : "=");
    if (a->compound) {
        putc_(d, '(');
        for (uint32_t i = 0; i < a->nelems; i++) {
            if (i) putc_(d, ' ');
            const sh_array_elem *e = &a->elems[i];
            if (e->key) {
                putc_(d, '[');
                dump_word(d, e->key);
                puts_(d, e->append ? "]+=" : "]=");
            }
            dump_word(d, &e->value);
        }
        putc_(d, ')');
    } else if (a->value.nparts) {
        dump_parts(d, a->value.parts, a->value.nparts);
    }
}

static void dump_redirs(dumper *d, const sh_redir *r, uint32_t n)
{
    static const char *const ops[] = {
        [SH_R_IN] = "<", [SH_R_OUT] = ">", [SH_R_APPEND] = ">>", [SH_R_CLOBBER] = ">|",
        [SH_R_RDWR] = "<>", [SH_R_DUP_IN] = "<&", [SH_R_DUP_OUT] = ">&", [SH_R_ALL] = "&>",
        [SH_R_ALL_APPEND] = "&>>", [SH_R_HEREDOC] = "<<", [SH_R_HERESTR] = "<<<",
    };
    for (uint32_t i = 0; i < n; i++) {
        const sh_redir *x = &r[i];
        putc_(d, ' ');
        if (x->fd >= 0) {
            char b[16];
            snprintf(b, sizeof b, "%d", x->fd);
            puts_(d, b);
        }
        if (x->fdvar.n) { putc_(d, '{'); put(d, x->fdvar.p, x->fdvar.n); putc_(d, '}'); }
        puts_(d, ops[x->op]);
        if (x->op == SH_R_HEREDOC && (x->flags & SH_RF_STRIP)) putc_(d, '-');
        dump_word(d, &x->target);
        if (x->op == SH_R_HEREDOC) {
            puts_(d, x->flags & SH_RF_QUOTED ? "[lit:" : "[");
            if (x->body_err) { puts_(d, "ERR:"); puts_(d, x->body_err); putc_(d, ':'); }
            if (x->body && x->body->nparts) {
                if (x->flags & SH_RF_QUOTED) dump_text_escaped(d, x->body->raw.p, x->body->raw.n);
                else {
                    /* escape newlines inside literal parts for readability */
                    for (uint32_t k = 0; k < x->body->nparts; k++) {
                        const sh_part *pt = &x->body->parts[k];
                        if (pt->kind == SH_P_LIT) dump_text_escaped(d, pt->u.text.p, pt->u.text.n);
                        else dump_parts(d, pt, 1);
                    }
                }
            }
            putc_(d, ']');
        }
    }
}

static void dump_words(dumper *d, const sh_word *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        putc_(d, ' ');
        dump_word(d, &w[i]);
    }
}

static void dump_cond(dumper *d, const sh_cond *c)
{
    if (++d->depth > 1000) { d->err = 1; return; }
    switch (c->kind) {
    case SH_C_AND: case SH_C_OR:
        puts_(d, c->kind == SH_C_AND ? "(&& " : "(|| ");
        dump_cond(d, c->left);
        putc_(d, ' ');
        dump_cond(d, c->right);
        putc_(d, ')');
        break;
    case SH_C_NOT:
        puts_(d, "(! ");
        dump_cond(d, c->left);
        putc_(d, ')');
        break;
    case SH_C_UNARY:
        putc_(d, '(');
        puts_(d, c->opname);
        putc_(d, ' ');
        dump_word(d, c->arg);
        putc_(d, ')');
        break;
    case SH_C_BINARY:
        putc_(d, '(');
        puts_(d, c->opname);
        putc_(d, ' ');
        dump_word(d, c->arg);
        putc_(d, ' ');
        dump_word(d, c->arg2);
        putc_(d, ')');
        break;
    case SH_C_WORD:
        puts_(d, "(-n ");
        dump_word(d, c->arg);
        putc_(d, ')');
        break;
    }
    d->depth--;
}

static void dump_node(dumper *d, const sh_node *n)
{
    if (!n) { puts_(d, "()"); return; }
    if (++d->depth > 1000) { d->err = 1; return; }
    uint32_t i;
    switch (n->kind) {
    case SH_N_LIST:
        puts_(d, "(list");
        for (i = 0; i < n->u.list.n; i++) {
            putc_(d, ' ');
            dump_node(d, n->u.list.items[i]);
            if (n->u.list.items[i]->bg) putc_(d, '&');
        }
        putc_(d, ')');
        break;
    case SH_N_ANDOR:
        puts_(d, "(andor ");
        for (i = 0; i < n->u.andor.n; i++) {
            if (i) puts_(d, n->u.andor.ops[i] == SH_AND ? " && " : " || ");
            dump_node(d, n->u.andor.items[i]);
        }
        putc_(d, ')');
        break;
    case SH_N_PIPE:
        puts_(d, "(pipe");
        if (n->flags & SH_NF_NEGATE) puts_(d, " !");
        if (n->flags & SH_NF_TIME) puts_(d, n->flags & SH_NF_TIME_POSIX ? " time-p" : " time");
        for (i = 0; i < n->u.pipe.n; i++) {
            if (i) puts_(d, n->u.pipe.errpipe[i - 1] ? " |&" : " |");
            putc_(d, ' ');
            dump_node(d, n->u.pipe.cmds[i]);
        }
        putc_(d, ')');
        break;
    case SH_N_SIMPLE:
        puts_(d, "(cmd");
        for (i = 0; i < n->u.simple.nassigns; i++) {
            putc_(d, ' ');
            dump_assign(d, &n->u.simple.assigns[i]);
        }
        for (i = 0; i < n->u.simple.nwords; i++) {
            putc_(d, ' ');
            const sh_word *w = &n->u.simple.words[i];
            if (w->assign) { puts_(d, "A:"); dump_assign(d, w->assign); }
            else dump_word(d, w);
        }
        break;
    case SH_N_SUBSHELL: case SH_N_GROUP:
        puts_(d, n->kind == SH_N_SUBSHELL ? "(sub " : "(group ");
        dump_node(d, n->u.body);
        break;
    case SH_N_IF:
        puts_(d, "(if ");
        for (i = 0; i < n->u.if_.n; i++) {
            if (i) puts_(d, " elif ");
            dump_node(d, n->u.if_.conds[i]);
            putc_(d, ' ');
            dump_node(d, n->u.if_.bodies[i]);
        }
        if (n->u.if_.else_body) { puts_(d, " else "); dump_node(d, n->u.if_.else_body); }
        break;
    case SH_N_WHILE: case SH_N_UNTIL:
        puts_(d, n->kind == SH_N_WHILE ? "(while " : "(until ");
        dump_node(d, n->u.loop.cond);
        putc_(d, ' ');
        dump_node(d, n->u.loop.body);
        break;
    case SH_N_FOR: case SH_N_SELECT:
        puts_(d, n->kind == SH_N_FOR ? "(for " : "(select ");
        put(d, n->u.for_.var.p, n->u.for_.var.n);
        if (n->u.for_.has_in) { puts_(d, " in"); dump_words(d, n->u.for_.words, n->u.for_.nwords); }
        putc_(d, ' ');
        dump_node(d, n->u.for_.body);
        break;
    case SH_N_ARITH_FOR:
        puts_(d, "(afor ");
        dump_word(d, n->u.afor.init);
        putc_(d, ';');
        dump_word(d, n->u.afor.cond);
        putc_(d, ';');
        dump_word(d, n->u.afor.step);
        putc_(d, ' ');
        dump_node(d, n->u.afor.body);
        break;
    case SH_N_CASE:
        puts_(d, "(case ");
        dump_word(d, &n->u.case_.subject);
        for (i = 0; i < n->u.case_.n; i++) {
            const sh_case_item *it = &n->u.case_.items[i];
            puts_(d, " (");
            for (uint32_t k = 0; k < it->npatterns; k++) {
                if (k) putc_(d, '|');
                dump_word(d, &it->patterns[k]);
            }
            putc_(d, ' ');
            dump_node(d, it->body);
            puts_(d, it->term == SH_CASE_BREAK ? " ;;)" : it->term == SH_CASE_FALL ? " ;&)" : " ;;&)");
        }
        break;
    case SH_N_ARITH:
        puts_(d, "(arith ");
        dump_word(d, n->u.arith);
        break;
    case SH_N_COND:
        puts_(d, "(cond ");
        dump_cond(d, n->u.cond);
        break;
    case SH_N_FUNCDEF:
        puts_(d, "(func ");
        put(d, n->u.func.name.p, n->u.func.name.n);
        putc_(d, ' ');
        dump_node(d, n->u.func.body);
        break;
    case SH_N_COPROC:
        puts_(d, "(coproc ");
        put(d, n->u.coproc.name.p, n->u.coproc.name.n);
        putc_(d, ' ');
        dump_node(d, n->u.coproc.body);
        break;
    default:
        puts_(d, "(?");
    }
    if (n->kind != SH_N_LIST && n->kind != SH_N_ANDOR && n->kind != SH_N_PIPE) {
        dump_redirs(d, n->redirs, n->nredirs);
        putc_(d, ')');
    }
    d->depth--;
}

static const char *finish(sk_arena *ar, dumper *d)
{
    const char *r = NULL;
    if (!d->err) r = sk_arena_strndup(ar, d->b.p ? d->b.p : "", d->b.len);
    sk_buf_free(&d->b);
    return r;
}

const char *sh_ast_dump(sk_arena *ar, const sh_node *n)
{
    dumper d;
    memset(&d, 0, sizeof d);
    sk_buf_init(&d.b, ar->a);
    dump_node(&d, n);
    return finish(ar, &d);
}

const char *sh_word_dump(sk_arena *ar, const sh_word *w)
{
    dumper d;
    memset(&d, 0, sizeof d);
    sk_buf_init(&d.b, ar->a);
    dump_word(&d, w);
    return finish(ar, &d);
}
