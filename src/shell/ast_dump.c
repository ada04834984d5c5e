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
            static const char ops[][4] = {
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
    static const char ops[][4] = {
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

/* =====================================================================
 * Printing commands the way bash does (print_cmd.c): the text of
 * `declare -f NAME` / `type NAME`, and of $( ) bodies, which bash 5.2
 * re-prints from the parsed command.  Words are re-assembled from their
 * parts with bash's normalisations ($'..' becomes '..', $".." becomes
 * "..", backslash-newline disappears, command substitutions re-printed).
 * ===================================================================== */

typedef struct bpr {
    sk_buf b;
    int indentation, amount;
    int skip_indent;
    int in_func;
    int in_conn;
    int comsub;
    int was_heredoc;
    const sh_redir *deferred[16];
    int ndeferred;
    int dq_operand;      /* printing a ${..} operand inside "..." */
    int depth, err;
} bpr;

static void bput(bpr *p, const char *s, size_t n)
{
    if (sk_buf_put(&p->b, s, n)) p->err = 1;
}
static void bputs(bpr *p, const char *s) { bput(p, s, strlen(s)); }
static void bindent(bpr *p, int n)
{
    for (int i = 0; i < n; i++) bput(p, " ", 1);
}
static void bnewline(bpr *p, const char *s)
{
    bputs(p, "\n");
    bindent(p, p->indentation);
    if (s) bputs(p, s);
}
static char blast(bpr *p) { return p->b.len ? p->b.p[p->b.len - 1] : 0; }
static void bsemicolon(bpr *p)
{
    char c = blast(p);
    if (p->b.len && (c == '&' || c == '\n')) return;
    bputs(p, ";");
}

static void bcmd(bpr *p, const sh_node *n);
static void bparts(bpr *p, const sh_part *a, uint32_t n);

static void bsinglequote(bpr *p, const char *s, size_t n)
{
    bputs(p, "'");
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') bputs(p, "'\\''");
        else bput(p, s + i, 1);
    }
    bputs(p, "'");
}

static void bword(bpr *p, const sh_word *w)
{
    if (w) bparts(p, w->parts, w->nparts);
}

/* A command list as bash re-prints the body of $( ). */
static void bcomsub(bpr *p, const sh_node *body)
{
    bpr save = *p;
    p->indentation = 0;
    p->skip_indent = 0;
    p->in_func = 0;
    p->in_conn = 0;
    p->comsub = 1;
    p->was_heredoc = 0;
    p->ndeferred = 0;
    p->dq_operand = 0;
    p->skip_indent = 1;
    bcmd(p, body);
    sk_buf b = p->b;
    int err = p->err;
    *p = save;
    p->b = b;
    p->err |= err;
}

static void bparam(bpr *p, const sh_param *pm)
{
    static const char ops[][4] = {
        [SH_PO_DEFAULT] = "-", [SH_PO_ASSIGN] = "=", [SH_PO_ERROR] = "?", [SH_PO_ALT] = "+",
        [SH_PO_TRIM_PREFIX] = "#", [SH_PO_TRIM_PREFIX_LONG] = "##",
        [SH_PO_TRIM_SUFFIX] = "%", [SH_PO_TRIM_SUFFIX_LONG] = "%%",
        [SH_PO_REPLACE] = "/", [SH_PO_REPLACE_ALL] = "//",
        [SH_PO_REPLACE_PREFIX] = "/#", [SH_PO_REPLACE_SUFFIX] = "/%",
        [SH_PO_SUBSTR] = ":", [SH_PO_UPPER_FIRST] = "^", [SH_PO_UPPER_ALL] = "^^",
        [SH_PO_LOWER_FIRST] = ",", [SH_PO_LOWER_ALL] = ",,",
        [SH_PO_TOGGLE_FIRST] = "~", [SH_PO_TOGGLE_ALL] = "~~", [SH_PO_TRANSFORM] = "@",
    };
    if (!(pm->flags & SH_PPF_BRACED)) {
        bput(p, pm->raw.p, pm->raw.n);
        return;
    }
    if (pm->op == SH_PO_BAD) {
        bputs(p, "${");
        if (pm->word) bword(p, pm->word);
        bputs(p, "}");
        return;
    }
    bputs(p, "${");
    if (pm->op == SH_PO_LENGTH) bputs(p, "#");
    if ((pm->flags & SH_PPF_INDIRECT) || pm->op == SH_PO_NAMES) bputs(p, "!");
    bput(p, pm->name.p, pm->name.n);
    if (pm->subscript) {
        bputs(p, "[");
        bword(p, pm->subscript);
        bputs(p, "]");
    }
    if (pm->op == SH_PO_NAMES) {
        bput(p, &pm->transform, 1);
    } else if (pm->op > SH_PO_LENGTH) {
        if (pm->flags & SH_PPF_COLON) bputs(p, ":");
        bputs(p, ops[pm->op]);
        if (pm->op == SH_PO_TRANSFORM) bput(p, &pm->transform, 1);
        int save = p->dq_operand;
        p->dq_operand = (pm->flags & SH_PPF_DQUOTE) &&
                        pm->op >= SH_PO_DEFAULT && pm->op <= SH_PO_ALT;
        bword(p, pm->word);
        if (pm->word2) {
            bputs(p, pm->op == SH_PO_SUBSTR ? ":" : "/");
            bword(p, pm->word2);
        }
        p->dq_operand = save;
    }
    bputs(p, "}");
}

static void bparts(bpr *p, const sh_part *a, uint32_t n)
{
    if (++p->depth > 1000) { p->err = 1; return; }
    for (uint32_t i = 0; i < n; i++) {
        const sh_part *x = &a[i];
        switch (x->kind) {
        case SH_P_LIT: bput(p, x->u.text.p, x->u.text.n); break;
        case SH_P_SQ: bputs(p, "'"); bput(p, x->u.text.p, x->u.text.n); bputs(p, "'"); break;
        case SH_P_ESC: bputs(p, "\\"); bput(p, x->u.text.p, x->u.text.n); break;
        case SH_P_ANSI:
            /* bash leaves $'..' decoded and unquoted in a "${x:-..}" operand */
            if (p->dq_operand) bput(p, x->u.text.p, x->u.text.n);
            else bsinglequote(p, x->u.text.p, x->u.text.n);
            break;
        case SH_P_DQ: bputs(p, "\""); bparts(p, x->u.list.parts, x->u.list.n); bputs(p, "\""); break;
        case SH_P_TILDE: bputs(p, "~"); bput(p, x->u.text.p, x->u.text.n); break;
        case SH_P_PARAM: bparam(p, x->u.param); break;
        case SH_P_CMDSUB: case SH_P_PROCSUB:
            if (x->flags & (SH_PF_BACKTICK | SH_PF_DEFERRED)) {
                bput(p, x->u.sub->raw.p, x->u.sub->raw.n);
                break;
            }
            bputs(p, x->kind == SH_P_CMDSUB ? "$(" : (x->flags & SH_PF_OUT) ? ">(" : "<(");
            if (x->u.sub->body) {
                size_t at = p->b.len;
                bcomsub(p, x->u.sub->body);
                /* "$( (" rather than "$((" */
                if (!p->err && p->b.len > at && p->b.p[at] == '(' && sk_buf_put(&p->b, " ", 1) == 0) {
                    memmove(p->b.p + at + 1, p->b.p + at, p->b.len - 1 - at);
                    p->b.p[at] = ' ';
                }
            }
            bputs(p, ")");
            break;
        case SH_P_ARITH:
            bputs(p, x->flags & SH_PF_LEGACY ? "$[" : "$((");
            bword(p, x->u.word);
            bputs(p, x->flags & SH_PF_LEGACY ? "]" : "))");
            break;
        case SH_P_EXTGLOB:
            bput(p, &x->op, 1);
            bputs(p, "(");
            bparts(p, x->u.list.parts, x->u.list.n);
            bputs(p, ")");
            break;
        }
    }
    p->depth--;
}

static void bassign(bpr *p, const sh_assign *a)
{
    bput(p, a->name.p, a->name.n);
    if (a->subscript) { bputs(p, "["); bword(p, a->subscript); bputs(p, "]"); }
    bputs(p, a->append ? "+=" : "=");
    if (!a->compound) { bword(p, &a->value); return; }
    bputs(p, "(");
    for (uint32_t i = 0; i < a->nelems; i++) {
        if (i) bputs(p, " ");
        const sh_array_elem *e = &a->elems[i];
        if (e->key) {
            bputs(p, "[");
            bword(p, e->key);
            bputs(p, e->append ? "]+=" : "]=");
        }
        bword(p, &e->value);
    }
    bputs(p, ")");
}

static int all_digits(const sh_word *w)
{
    if (!(w->flags & SH_WF_LITERAL) || w->raw.n == 0) return 0;
    for (size_t i = 0; i < w->raw.n; i++)
        if (w->raw.p[i] < '0' || w->raw.p[i] > '9') return 0;
    return 1;
}

/* The fd before an operator: {var}, or the number (the default `dflt`
 * when none was written) unless it equals `omit`. */
static void bfd2(bpr *p, const sh_redir *r, int dflt, int omit)
{
    char b[24];
    if (r->fdvar.n) { bputs(p, "{"); bput(p, r->fdvar.p, r->fdvar.n); bputs(p, "}"); return; }
    int fd = r->fd >= 0 ? r->fd : dflt;
    if (fd != omit) {
        snprintf(b, sizeof b, "%d", fd);
        bputs(p, b);
    }
}
static void bfd(bpr *p, const sh_redir *r, int dflt) { bfd2(p, r, dflt, dflt); }

static void bheredoc_header(bpr *p, const sh_redir *r)
{
    bfd(p, r, 0);
    bputs(p, r->flags & SH_RF_STRIP ? "<<-" : "<<");
    if (r->flags & SH_RF_QUOTED) bsinglequote(p, r->delim.p, r->delim.n);
    else bput(p, r->delim.p, r->delim.n);
}

static void bheredoc_bodies(bpr *p, const sh_redir *const *h, int n)
{
    bputs(p, "\n");
    for (int i = 0; i < n; i++) {
        if (h[i]->body) bput(p, h[i]->body->raw.p, h[i]->body->raw.n);
        bput(p, h[i]->delim.p, h[i]->delim.n);
        bputs(p, "\n");
    }
    p->was_heredoc = 1;
}

static void bdeferred(bpr *p, const char *cs)
{
    int text = cs && cs[0] && (cs[0] != ';' || cs[1]);
    if (text) bputs(p, cs);
    if (p->ndeferred) {
        bheredoc_bodies(p, p->deferred, p->ndeferred);
        if (text) bputs(p, " ");
        p->was_heredoc = 1;
    }
    p->ndeferred = 0;
}
#define PRINT_DEFERRED(p, s) do { if ((p)->ndeferred) bdeferred(p, s); } while (0)

static void bredir(bpr *p, const sh_redir *r)
{
    const sh_word *t = &r->target;
    switch (r->op) {
    case SH_R_IN: bfd(p, r, 0); bputs(p, "< "); bword(p, t); break;
    case SH_R_OUT: bfd(p, r, 1); bputs(p, "> "); bword(p, t); break;
    case SH_R_CLOBBER: bfd(p, r, 1); bputs(p, ">| "); bword(p, t); break;
    case SH_R_APPEND: bfd(p, r, 1); bputs(p, ">> "); bword(p, t); break;
    case SH_R_RDWR: bfd2(p, r, 0, 1); bputs(p, "<> "); bword(p, t); break;
    case SH_R_HERESTR: bfd(p, r, 0); bputs(p, "<<< "); bword(p, t); break;
    case SH_R_ALL: bputs(p, "&> "); bword(p, t); break;
    case SH_R_ALL_APPEND: bputs(p, "&>> "); bword(p, t); break;
    case SH_R_DUP_IN: case SH_R_DUP_OUT: {
        int in = r->op == SH_R_DUP_IN;
        int dflt = in ? 0 : 1;
        int close = (t->flags & SH_WF_LITERAL) && t->raw.n == 1 && t->raw.p[0] == '-';
        int num = all_digits(t);
        int move = !num && (t->flags & SH_WF_LITERAL) && t->raw.n > 1 && t->raw.p[t->raw.n - 1] == '-';
        if (close) {
            bfd2(p, r, dflt, -1);
            bputs(p, ">&-");
        } else if (num || move) {
            bfd2(p, r, dflt, -1);
            bputs(p, in ? "<&" : ">&");
            bword(p, t);
        } else {
            bfd(p, r, dflt);
            bputs(p, in ? "<&" : ">&");
            bword(p, t);
        }
        break;
    }
    case SH_R_HEREDOC:
        bheredoc_header(p, r);
        break;
    }
}

static void bredirs(bpr *p, const sh_redir *r, uint32_t n, int errpipe)
{
    const sh_redir *hd[16];
    int nh = 0;
    p->was_heredoc = 0;
    for (uint32_t i = 0; i < n; i++) {
        bredir(p, &r[i]);
        if (r[i].op == SH_R_HEREDOC && nh < 16) hd[nh++] = &r[i];
        if (i + 1 < n) bputs(p, " ");
    }
    if (errpipe) bputs(p, n ? " 2>&1" : "2>&1");
    if (nh && p->in_conn) {
        memcpy(p->deferred, hd, (size_t)nh * sizeof *hd);
        p->ndeferred = nh;
    } else if (nh) {
        bheredoc_bodies(p, hd, nh);
    }
}

static void bcond(bpr *p, const sh_cond *c)
{
    if (++p->depth > 1000) { p->err = 1; return; }
    int np = c->parens;
    if (c->kind == SH_C_NOT) {
        bputs(p, "! ");
        bcond(p, c->left);
        p->depth--;
        return;
    }
    for (int i = 0; i < np; i++) bputs(p, "( ");
    switch (c->kind) {
    case SH_C_AND: case SH_C_OR:
        bcond(p, c->left);
        bputs(p, c->kind == SH_C_AND ? " && " : " || ");
        bcond(p, c->right);
        break;
    case SH_C_UNARY:
        bputs(p, c->opname);
        bputs(p, " ");
        bword(p, c->arg);
        break;
    case SH_C_BINARY:
        bword(p, c->arg);
        bputs(p, " ");
        bputs(p, c->opname);
        bputs(p, " ");
        bword(p, c->arg2);
        break;
    case SH_C_WORD:
        bputs(p, "-n ");
        bword(p, c->arg);
        break;
    }
    for (int i = 0; i < np; i++) bputs(p, " )");
    p->depth--;
}

/* for (( )) expressions: leading blanks dropped, empty means 1 */
static void bafor_expr(bpr *p, const sh_word *w)
{
    size_t i = 0;
    while (i < w->raw.n && (w->raw.p[i] == ' ' || w->raw.p[i] == '\t' || w->raw.p[i] == '\n')) i++;
    if (i == w->raw.n) bputs(p, "1");
    else bput(p, w->raw.p + i, w->raw.n - i);
}

static void bwords(bpr *p, const sh_word *w, uint32_t n, const char *sep)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i) bputs(p, sep);
        bword(p, &w[i]);
    }
}

static void bfunc(bpr *p, const sh_node *f)
{
    bputs(p, "function ");
    bput(p, f->u.func.name.p, f->u.func.name.n);
    bputs(p, " () \n");
    bindent(p, p->indentation);
    bputs(p, "{ \n");
    p->in_func++;
    p->indentation += p->amount;
    const sh_node *body = f->u.func.body;
    int grp = body->kind == SH_N_GROUP;
    bcmd(p, grp ? body->u.body : body);
    PRINT_DEFERRED(p, "");
    p->indentation -= p->amount;
    p->in_func--;
    if (grp && body->nredirs) {
        bnewline(p, "} ");
        bredirs(p, body->redirs, body->nredirs, 0);
    } else {
        bnewline(p, "}");
    }
}

/* Commands.  bash's lists, and-or lists and pipelines are left-nested
 * binary "connections"; printing the flat lists item by item with the
 * same connector rules gives the same text. */
static void bcmd_x(bpr *p, const sh_node *n, int errpipe);
static void bcmd(bpr *p, const sh_node *n) { bcmd_x(p, n, 0); }

static void bconnector_semi(bpr *p, int nl)
{
    char c = p->comsub && nl ? '\n' : ';';
    char s[2] = { c, 0 };
    if (!p->ndeferred) {
        if (!p->was_heredoc) bputs(p, s);
        else p->was_heredoc = 0;
    } else {
        bdeferred(p, p->in_func ? "" : ";");
    }
    if (p->in_func) bputs(p, "\n");
    else {
        if (c == ';') bputs(p, " ");
        p->skip_indent++;
    }
}

static void bcmd_x(bpr *p, const sh_node *n, int errpipe)
{
    if (!n) return;
    if (++p->depth > 1000) { p->err = 1; return; }
    if (p->skip_indent) p->skip_indent--;
    else bindent(p, p->indentation);
    uint32_t i;
    switch (n->kind) {
    case SH_N_LIST:
        p->in_conn++;
        p->skip_indent++;
        for (i = 0; i < n->u.list.n; i++) {
            if (i) {
                const sh_node *prev = n->u.list.items[i - 1];
                if (prev->bg) {
                    bdeferred(p, " &");
                    bputs(p, " ");
                    p->skip_indent++;
                } else {
                    bconnector_semi(p, prev->sep_nl);
                }
            }
            bcmd(p, n->u.list.items[i]);
            if (i) PRINT_DEFERRED(p, "");
        }
        if (n->u.list.n && n->u.list.items[n->u.list.n - 1]->bg) {
            bdeferred(p, " &");
            PRINT_DEFERRED(p, "");
        }
        p->in_conn--;
        break;
    case SH_N_ANDOR:
        p->in_conn++;
        p->skip_indent++;
        for (i = 0; i < n->u.andor.n; i++) {
            if (i) {
                bdeferred(p, n->u.andor.ops[i] == SH_AND ? " && " : " || ");
                p->skip_indent++;
            }
            bcmd(p, n->u.andor.items[i]);
            if (i) PRINT_DEFERRED(p, "");
        }
        p->in_conn--;
        break;
    case SH_N_PIPE:
        if (n->flags & SH_NF_TIME) bputs(p, n->flags & SH_NF_TIME_POSIX ? "time -p " : "time ");
        if (n->flags & SH_NF_NEGATE) bputs(p, "! ");
        if (n->u.pipe.n > 1) p->in_conn++;
        p->skip_indent++;
        for (i = 0; i < n->u.pipe.n; i++) {
            if (i) {
                bdeferred(p, " |");
                bputs(p, " ");
                p->skip_indent++;
            }
            bcmd_x(p, n->u.pipe.cmds[i], i + 1 < n->u.pipe.n && n->u.pipe.errpipe[i]);
            if (i) PRINT_DEFERRED(p, "");
        }
        if (n->u.pipe.n == 0 && p->skip_indent) p->skip_indent--;
        if (n->u.pipe.n > 1) p->in_conn--;
        break;
    case SH_N_SIMPLE: {
        int any = 0;
        for (i = 0; i < n->u.simple.nassigns; i++) {
            if (any++) bputs(p, " ");
            bassign(p, &n->u.simple.assigns[i]);
        }
        for (i = 0; i < n->u.simple.nwords; i++) {
            if (any++) bputs(p, " ");
            const sh_word *w = &n->u.simple.words[i];
            if (w->assign) bassign(p, w->assign);
            else bword(p, w);
        }
        if (n->nredirs || errpipe) {
            if (any) bputs(p, " ");
            bredirs(p, n->redirs, n->nredirs, errpipe);
        }
        p->depth--;
        return;
    }
    case SH_N_SUBSHELL:
        bputs(p, "( ");
        p->skip_indent++;
        bcmd(p, n->u.body);
        PRINT_DEFERRED(p, "");
        bputs(p, " )");
        break;
    case SH_N_GROUP:
        bputs(p, "{ ");
        if (!p->in_func) p->skip_indent++;
        else {
            bputs(p, "\n");
            p->indentation += p->amount;
        }
        bcmd(p, n->u.body);
        PRINT_DEFERRED(p, "");
        if (p->in_func) {
            bputs(p, "\n");
            p->indentation -= p->amount;
            bindent(p, p->indentation);
        } else {
            bsemicolon(p);
            bputs(p, " ");
        }
        bputs(p, "}");
        break;
    case SH_N_IF:
        /* elif is printed as else + a nested if */
        for (i = 0; i < n->u.if_.n; i++) {
            if (i) {
                bsemicolon(p);
                bnewline(p, "else\n");
                p->indentation += p->amount;
                bindent(p, p->indentation);
            }
            bputs(p, "if ");
            p->skip_indent++;
            bcmd(p, n->u.if_.conds[i]);
            bsemicolon(p);
            bputs(p, " then\n");
            p->indentation += p->amount;
            bcmd(p, n->u.if_.bodies[i]);
            PRINT_DEFERRED(p, "");
            p->indentation -= p->amount;
        }
        if (n->u.if_.else_body) {
            bsemicolon(p);
            bnewline(p, "else\n");
            p->indentation += p->amount;
            bcmd(p, n->u.if_.else_body);
            PRINT_DEFERRED(p, "");
            p->indentation -= p->amount;
        }
        for (i = n->u.if_.n; i-- > 0;) {
            bsemicolon(p);
            bnewline(p, "fi");
            if (i) {
                PRINT_DEFERRED(p, "");
                p->indentation -= p->amount;
            }
        }
        break;
    case SH_N_WHILE: case SH_N_UNTIL:
        bputs(p, n->kind == SH_N_WHILE ? "while " : "until ");
        p->skip_indent++;
        bcmd(p, n->u.loop.cond);
        PRINT_DEFERRED(p, "");
        bsemicolon(p);
        bputs(p, " do\n");
        p->indentation += p->amount;
        bcmd(p, n->u.loop.body);
        PRINT_DEFERRED(p, "");
        p->indentation -= p->amount;
        bsemicolon(p);
        bnewline(p, "done");
        break;
    case SH_N_FOR: case SH_N_SELECT:
        bputs(p, n->kind == SH_N_FOR ? "for " : "select ");
        bput(p, n->u.for_.var.p, n->u.for_.var.n);
        bputs(p, " in ");
        if (n->u.for_.has_in) bwords(p, n->u.for_.words, n->u.for_.nwords, " ");
        else bputs(p, "\"$@\"");
        bputs(p, ";");
        bnewline(p, "do\n");
        p->indentation += p->amount;
        bcmd(p, n->u.for_.body);
        PRINT_DEFERRED(p, "");
        bsemicolon(p);
        p->indentation -= p->amount;
        bnewline(p, "done");
        break;
    case SH_N_ARITH_FOR:
        bputs(p, "for ((");
        bafor_expr(p, n->u.afor.init);
        bputs(p, "; ");
        bafor_expr(p, n->u.afor.cond);
        bputs(p, "; ");
        bafor_expr(p, n->u.afor.step);
        bputs(p, "))");
        bnewline(p, "do\n");
        p->indentation += p->amount;
        bcmd(p, n->u.afor.body);
        PRINT_DEFERRED(p, "");
        bsemicolon(p);
        p->indentation -= p->amount;
        bnewline(p, "done");
        break;
    case SH_N_CASE:
        bputs(p, "case ");
        bword(p, &n->u.case_.subject);
        bputs(p, " in ");
        p->indentation += p->amount;
        for (i = 0; i < n->u.case_.n; i++) {
            const sh_case_item *it = &n->u.case_.items[i];
            bnewline(p, "");
            bwords(p, it->patterns, it->npatterns, " | ");
            bputs(p, ")\n");
            p->indentation += p->amount;
            bcmd(p, it->body);
            p->indentation -= p->amount;
            PRINT_DEFERRED(p, "");
            bnewline(p, it->term == SH_CASE_FALL ? ";&" : it->term == SH_CASE_CONT ? ";;&" : ";;");
        }
        p->indentation -= p->amount;
        bnewline(p, "esac");
        break;
    case SH_N_ARITH:
        bputs(p, "((");
        bput(p, n->u.arith->raw.p, n->u.arith->raw.n);
        bputs(p, "))");
        break;
    case SH_N_COND:
        bputs(p, "[[ ");
        bcond(p, n->u.cond);
        bputs(p, " ]]");
        break;
    case SH_N_FUNCDEF:
        bfunc(p, n);
        p->depth--;
        return;
    case SH_N_COPROC:
        bputs(p, "coproc ");
        bput(p, n->u.coproc.name.p, n->u.coproc.name.n);
        bputs(p, " ");
        p->skip_indent++;
        bcmd(p, n->u.coproc.body);
        p->depth--;
        return;
    }
    if ((n->nredirs || errpipe) && n->kind != SH_N_LIST && n->kind != SH_N_ANDOR && n->kind != SH_N_PIPE) {
        bputs(p, " ");
        bredirs(p, n->redirs, n->nredirs, errpipe);
    }
    p->depth--;
}

static int is_reserved(const char *s, size_t n)
{
    static const char rw[][9] = { "if", "then", "else", "elif", "fi", "case", "esac", "for",
        "select", "while", "until", "do", "done", "in", "function", "time", "{", "}", "!",
        "[[", "]]", "coproc" };
    for (size_t i = 0; i < sizeof rw / sizeof rw[0]; i++)
        if (strlen(rw[i]) == n && !memcmp(rw[i], s, n)) return 1;
    return 0;
}

static const char *bfinish(sk_arena *ar, bpr *p)
{
    const char *r = NULL;
    if (!p->err) r = sk_arena_strndup(ar, p->b.p ? p->b.p : "", p->b.len);
    sk_buf_free(&p->b);
    return r;
}

const char *sh_print_function(sk_arena *ar, const char *name, size_t namelen, const sh_node *body)
{
    bpr p;
    memset(&p, 0, sizeof p);
    sk_buf_init(&p.b, ar->a);
    p.amount = 4;
    if (is_reserved(name, namelen)) bputs(&p, "function ");
    bput(&p, name, namelen);
    bputs(&p, " () \n");
    p.indentation = 4;
    p.in_func = 1;
    bputs(&p, "{ \n");
    int grp = body && body->kind == SH_N_GROUP;
    bcmd(&p, grp ? body->u.body : body);
    PRINT_DEFERRED(&p, "");
    p.indentation = 0;
    p.in_func = 0;
    if (grp && body->nredirs) {
        bnewline(&p, "} ");
        bredirs(&p, body->redirs, body->nredirs, 0);
    } else {
        bnewline(&p, "}");
    }
    return bfinish(ar, &p);
}

const char *sh_print_command(sk_arena *ar, const sh_node *n)
{
    bpr p;
    memset(&p, 0, sizeof p);
    sk_buf_init(&p.b, ar->a);
    p.amount = 4;
    p.comsub = 1;
    p.skip_indent = 1;
    bcmd(&p, n);
    PRINT_DEFERRED(&p, "");
    return bfinish(ar, &p);
}
