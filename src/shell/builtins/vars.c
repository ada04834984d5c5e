/* vars.c — builtins that manage variables: declare/typeset, local,
 * readonly, export, unset, let, shift, set, shopt.  Listings use bash's
 * exact formats (declare -p, set, set -o, shopt). */
#include <stdio.h>
#include <string.h>

#include "shell/arith.h"
#include "shell/exec.h"
#include "shell/varstore.h"

/* ---- printing ------------------------------------------------------------------------- */

void sh_attr_string(const sh_var *v, char *buf)
{
    size_t k = 0;
    if (v->kind == SH_VK_ARR) buf[k++] = 'a';
    if (v->kind == SH_VK_ASSOC) buf[k++] = 'A';
    if (v->attr & SH_A_INTEGER) buf[k++] = 'i';
    if (v->attr & SH_A_NAMEREF) buf[k++] = 'n';
    if (v->attr & SH_A_READONLY) buf[k++] = 'r';
    if (v->attr & SH_A_TRACE) buf[k++] = 't';
    if (v->attr & SH_A_EXPORT) buf[k++] = 'x';
    if (v->attr & SH_A_LOWER) buf[k++] = 'l';
    if (v->attr & SH_A_UPPER) buf[k++] = 'u';
    buf[k] = 0;
}

/* The array body ([0]="a" [1]="b") of v. */
static void print_array_body(sh_state *st, sk_buf *b, sh_var *v)
{
    sk_buf_putc(b, '(');
    if (v->kind == SH_VK_ARR) {
        for (size_t i = 0; v->v.a && i < v->v.a->n; i++) {
            if (i) sk_buf_putc(b, ' ');
            sk_buf_printf(b, "[%lld]=", (long long)v->v.a->e[i].idx);
            sh_quote(b, v->v.a->e[i].val, strlen(v->v.a->e[i].val), SH_Q_DECLARE);
        }
    } else {
        const uint32_t *ord;
        long n = sh_assoc_order(st->a, v->v.m, &ord);
        for (long i = 0; i < n; i++) {
            const sh_assoc_ent *e = &v->v.m->e[ord[i]];
            sk_buf_putc(b, '[');
            /* keys are quoted when they need it */
            int plain = *e->key != 0;
            for (const char *p = e->key; *p && plain; p++)
                if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("_-.@%+,:/", *p)))
                    plain = 0;
            if (plain) sk_buf_puts(b, e->key);
            else sh_quote(b, e->key, strlen(e->key), SH_Q_DECLARE);
            sk_buf_puts(b, "]=");
            sh_quote(b, e->val, strlen(e->val), SH_Q_DECLARE);
            sk_buf_putc(b, ' ');
        }
    }
    sk_buf_putc(b, ')');
}

/* declare -p form of one variable. */
void sh_print_decl(sh_state *st, sk_buf *b, sh_var *v)
{
    char at[16];
    sh_attr_string(v, at);
    sk_buf_printf(b, "declare -%s %s", at[0] ? at : "-", v->name);
    if (v->dyn && v->kind == SH_VK_STR && !(v->attr & SH_A_INVISIBLE)) {
        sk_buf_putc(b, '\n');
        return;
    }
    if (!(v->attr & SH_A_INVISIBLE)) {
        sk_buf_putc(b, '=');
        if (v->kind == SH_VK_STR) {
            sh_quote(b, v->v.s.p ? v->v.s.p : "", v->v.s.len, SH_Q_DECLARE);
        } else {
            print_array_body(st, b, v);
        }
    }
    sk_buf_putc(b, '\n');
}

/* `set` form: NAME=VALUE */
static void print_set(sh_state *st, sk_buf *b, sh_var *v)
{
    if (v->attr & SH_A_INVISIBLE) return;
    sk_buf_puts(b, v->name);
    sk_buf_putc(b, '=');
    if (v->kind == SH_VK_STR) {
        const char *s = v->v.s.p ? v->v.s.p : "";
        size_t n = v->v.s.len;
        int plain = 1;
        for (size_t i = 0; i < n && plain; i++) {
            unsigned char c = (unsigned char)s[i];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("_-./:=@%+,^", c) || c >= 0x80))
                plain = 0;
        }
        if (plain) sk_buf_put(b, s, n);
        else sh_quote(b, s, n, SH_Q_ATQ);
    } else {
        print_array_body(st, b, v);
    }
    sk_buf_putc(b, '\n');
}

static void flush_buf(sk_cmd *c, sk_buf *b)
{
    sk_out_write(&c->out, b->p ? b->p : "", b->len);
    sk_buf_clear(b);
}

/* ---- function printing ------------------------------------------------------------------- */

int sh_func_print(sh_state *st, sk_buf *b, const char *name, sh_func *f);

/* ---- declare ------------------------------------------------------------------------------- */

typedef struct declopts {
    uint32_t on, off;
    int kind;            /* -1, SH_VK_ARR, SH_VK_ASSOC */
    int print, funcs, funcnames, global;
} declopts;

static int parse_attr_opts(sh_state *st, const char *name, int argc, char **argv, int *ip, declopts *o, const char *allowed)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if ((a[0] != '-' && a[0] != '+') || !a[1]) break;
        if (!strcmp(a, "--")) { i++; break; }
        int on = a[0] == '-';
        for (const char *p = a + 1; *p; p++) {
            if (!strchr(allowed, *p)) {
                sh_builtin_err(st, name, "%c%c: invalid option", a[0], *p);
                return 2;
            }
            uint32_t bit = 0;
            switch (*p) {
            case 'a': if (on) o->kind = SH_VK_ARR; break;
            case 'A': if (on) o->kind = SH_VK_ASSOC; break;
            case 'i': bit = SH_A_INTEGER; break;
            case 'l': bit = SH_A_LOWER; break;
            case 'u': bit = SH_A_UPPER; break;
            case 'r': bit = SH_A_READONLY; break;
            case 'x': bit = SH_A_EXPORT; break;
            case 'n': bit = SH_A_NAMEREF; break;
            case 't': bit = SH_A_TRACE; break;
            case 'p': o->print = 1; break;
            case 'f': o->funcs = 1; break;
            case 'F': o->funcnames = 1; break;
            case 'g': o->global = 1; break;
            case 'I': break;
            }
            if (bit) {
                if (on) o->on |= bit; else o->off |= bit;
            }
            if (!on && *p == 'r') {
                /* +r is refused later for readonly variables */
            }
        }
    }
    *ip = i;
    return 0;
}

typedef struct listctx {
    sh_state *st;
    sk_buf *b;
    uint32_t need;       /* only variables with these attributes */
    int kind;
    int set_form;
} listctx;

static int list_one(void *ud, sh_var *v)
{
    listctx *l = ud;
    if (l->need && (v->attr & l->need) != l->need) return 0;
    if (l->kind == SH_VK_ARR && v->kind != SH_VK_ARR) return 0;
    if (l->kind == SH_VK_ASSOC && v->kind != SH_VK_ASSOC) return 0;
    if (l->set_form) print_set(l->st, l->b, v);
    else sh_print_decl(l->st, l->b, v);
    return 0;
}

static int print_functions(sh_state *st, sk_cmd *c, int names_only, int argc, char **argv, int i)
{
    sk_buf b = SK_BUF_INIT(st->a);
    int status = 0;
    if (i < argc) {
        for (; i < argc; i++) {
            sh_func *f = sh_func_get(st, argv[i]);
            if (!f) { status = 1; continue; }
            if (names_only) sk_buf_printf(&b, "%s\n", argv[i]);
            else sh_func_print(st, &b, argv[i], f);
        }
    } else if (st->funcs) {
        for (size_t k = 0; k < st->funcs->n; k++) {
            if (names_only) {
                sk_buf_printf(&b, "declare -f%s %s\n", (st->funcs->e[k].attr & SH_A_EXPORT) ? "x" : "", st->funcs->e[k].name);
            } else {
                sh_func_print(st, &b, st->funcs->e[k].name, st->funcs->e[k].fn);
                if (st->funcs->e[k].attr & SH_A_EXPORT) sk_buf_printf(&b, "declare -fx %s\n", st->funcs->e[k].name);
            }
        }
    }
    flush_buf(c, &b);
    sk_buf_free(&b);
    return status;
}

/* The shared engine of declare, typeset, local, readonly, export. */
static int declare_main(sh_state *st, sk_cmd *c, int argc, char **argv, const char *name, int scope_flags,
                        uint32_t force_on, const char *allowed)
{
    declopts o;
    memset(&o, 0, sizeof o);
    o.kind = -1;
    int i;
    int r = parse_attr_opts(st, name, argc, argv, &i, &o, allowed);
    if (r) return r;
    o.on |= force_on;
    int status = 0;
    int sflags = scope_flags;
    if (o.global) sflags = SH_SET_GLOBAL;
    else if (!strcmp(name, "declare") || !strcmp(name, "typeset")) {
        if (sh_in_function(st)) sflags = SH_SET_LOCAL;
    }

    if (o.funcs || o.funcnames) {
        if (o.print || (!o.on && !o.off) || i >= argc)
            return print_functions(st, c, o.funcnames, argc, argv, i);
        /* declare -fx name: attributes on functions */
        for (; i < argc; i++) {
            sh_fent *fe = sh_func_entry(st, argv[i]);
            if (!fe) { status = 1; continue; }
            fe->attr = (fe->attr | o.on) & ~o.off;
        }
        return status;
    }

    if (i >= argc) {
        /* listing */
        sk_buf b = SK_BUF_INIT(st->a);
        listctx l = { st, &b, o.on, o.kind, 0 };
        if (!strcmp(name, "local")) {
            sh_var_each_scope(st, sh_local_scope(st), list_one, &l);
        } else if (!o.print && !o.on && o.kind < 0) {
            l.set_form = 1;
            sh_var_each(st, list_one, &l);
            flush_buf(c, &b);
            print_functions(st, c, 0, argc, argv, argc);
        } else {
            sh_var_each(st, list_one, &l);
        }
        flush_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }

    if (o.print) {
        sk_buf b = SK_BUF_INIT(st->a);
        for (; i < argc; i++) {
            sh_var *v = sh_var_lookup_noref(st, argv[i]);
            if (!v) {
                sh_builtin_err(st, name, "%s: not found", argv[i]);
                status = 1;
                continue;
            }
            sh_print_decl(st, &b, v);
        }
        flush_buf(c, &b);
        sk_buf_free(&b);
        return status;
    }

    if ((sflags & SH_SET_LOCAL) && !strcmp(name, "local") && !sh_in_function(st)) {
        sh_builtin_err(st, name, "can only be used in a function");
        return 1;
    }

    for (; i < argc; i++) {
        const sh_declarg *da = st->declargs && i < st->ndeclargs ? &st->declargs[i] : NULL;
        if (da && !da->is_assign) da = NULL;
        char *arg = argv[i];
        char nbuf[256];
        const char *vname = arg;
        const char *value = NULL;
        const char *sub = NULL;
        int append = 0;
        char *heap = NULL;
        if (da) {
            vname = da->name;
            value = da->compound ? NULL : da->value;
            sub = da->sub;
            append = da->append;
        } else {
            char *eq = strchr(arg, '=');
            if (eq) {
                size_t nl = (size_t)(eq - arg);
                if (nl && arg[nl - 1] == '+') { append = 1; nl--; }
                if (nl < sizeof nbuf) { memcpy(nbuf, arg, nl); nbuf[nl] = 0; vname = nbuf; }
                else { heap = sk_strndup(st->a, arg, nl); vname = heap; }
                value = eq + 1;
                /* name[sub]=value */
                char *lb = vname ? strchr(vname, '[') : NULL;
                if (lb && vname[strlen(vname) - 1] == ']') {
                    *lb = 0;
                    sub = lb + 1;
                    ((char *)sub)[strlen(sub) - 1] = 0;
                }
            }
        }
        if (!vname) { status = 1; continue; }
        if (!sh_valid_name(vname, strlen(vname))) {
            if (o.on & SH_A_NAMEREF)
                sh_builtin_err(st, name, "`%s': invalid variable name for name reference", arg);
            else
                sh_builtin_err(st, name, "`%s': not a valid identifier", arg);
            status = 1;
            sk_free(st->a, heap);
            continue;
        }
        if ((o.on & SH_A_NAMEREF) && value && !da && !sh_valid_name(value, strlen(value)) && !strchr(value, '[')) {
            sh_builtin_err(st, name, "`%s': invalid variable name for name reference", value);
            status = 1;
            sk_free(st->a, heap);
            continue;
        }
        if ((o.on & SH_A_NAMEREF) && value && !strcmp(value, vname)) {
            sh_builtin_err(st, name, "%s: nameref variable self references not allowed", vname);
            status = 1;
            sk_free(st->a, heap);
            continue;
        }
        /* existing readonly variable and a value or -r removal */
        int kind = o.kind;
        if (da && da->compound && kind < 0) {
            sh_var *ex = sh_var_lookup(st, vname);
            kind = ex && ex->kind == SH_VK_ASSOC ? SH_VK_ASSOC : SH_VK_ARR;
            if (sflags & SH_SET_LOCAL) {
                /* a local array */
            }
        }
        int err;
        int declflags = sflags | ((o.on & SH_A_NAMEREF) || (o.off & SH_A_NAMEREF) ? SH_SET_NOREF : 0);
        uint32_t on = o.on & ~(SH_A_READONLY);   /* readonly after the value is set */
        sh_var *v = sh_var_declare(st, vname, declflags, on, o.off, kind, &err);
        if (!v) {
            status = 1;
            sk_free(st->a, heap);
            continue;
        }
        int setflags = (sflags & (SH_SET_LOCAL | SH_SET_GLOBAL)) | (append ? SH_SET_APPEND : 0) |
                       ((o.on & SH_A_NAMEREF) ? SH_SET_NOREF : 0);
        int sr = 0;
        if (da && da->compound) {
            sr = sh_var_set_array(st, vname, (int)da->vals.n, da->vals.v, da->keys.n ? da->keys.v : NULL,
                                  v->kind == SH_VK_ASSOC, setflags);
        } else if (value) {
            if (sub) sr = sh_var_set_elem(st, vname, sub, value, strlen(value), setflags);
            else if (v->kind == SH_VK_ASSOC && !append && !(o.on & SH_A_NAMEREF)) sr = sh_var_set_elem(st, vname, "0", value, strlen(value), setflags);
            else sr = sh_var_set(st, vname, value, strlen(value), setflags);
        }
        if (sr) status = 1;
        if (!sr && (o.on & SH_A_READONLY)) {
            sh_var_declare(st, vname, declflags, SH_A_READONLY, 0, -1, &err);
        }
        sk_free(st->a, heap);
    }
    return status;
}

SH_BUILTIN("declare", bi_declare, SH_BI_DECL, "declare [-aAfFgiIlnrtux] [-p] [name[=value] ...]: set variable values and attributes");
SH_BUILTIN("typeset", bi_typeset, SH_BI_DECL, "typeset [-aAfFgiIlnrtux] [-p] name[=value] ...: set variable values and attributes (obsolete: see declare)");
SH_BUILTIN("local", bi_local, SH_BI_DECL, "local [option] name[=value] ...: define local variables in a function");
SH_BUILTIN("readonly", bi_readonly, SH_BI_SPECIAL | SH_BI_DECL, "readonly [-aAf] [name[=value] ...] or readonly -p: mark variables read-only");
SH_BUILTIN("export", bi_export, SH_BI_SPECIAL | SH_BI_DECL, "export [-fn] [name[=value] ...] or export -p: set the export attribute");

int bi_declare(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    return declare_main(st, c, argc, argv, "declare", 0, 0, "aAfFgiIlnprtux");
}

int bi_typeset(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    return declare_main(st, c, argc, argv, "typeset", 0, 0, "aAfFgiIlnprtux");
}

int bi_local(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    if (!sh_in_function(st)) {
        sh_builtin_err(st, "local", "can only be used in a function");
        /* bash performs compound assignments (local a=(...)) anyway */
        for (int i = 1; i < argc && i < st->ndeclargs; i++) {
            const sh_declarg *da = &st->declargs[i];
            if (da->is_assign && da->compound)
                sh_var_set_array(st, da->name, (int)da->vals.n, da->vals.v, da->keys.n ? da->keys.v : NULL, 0,
                                 da->append ? SH_SET_APPEND : 0);
        }
        return 1;
    }
    return declare_main(st, c, argc, argv, "local", SH_SET_LOCAL, 0, "aAiIlnprtux");
}

int bi_readonly(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, print = 0, funcs = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'p') print = 1;
            else if (*p == 'f') funcs = 1;
        }
    }
    if (i >= argc && !funcs) {
        sk_buf b = SK_BUF_INIT(st->a);
        listctx l = { st, &b, SH_A_READONLY, -1, 0 };
        sh_var_each(st, list_one, &l);
        flush_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }
    (void)print;
    return declare_main(st, c, argc, argv, "readonly", SH_SET_NOREF & 0, SH_A_READONLY, "aAfp");
}

int bi_export(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, unexport = 0, funcs = 0, print = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'n') unexport = 1;
            else if (*p == 'f') funcs = 1;
            else if (*p == 'p') print = 1;
            else {
                sh_builtin_err(st, "export", "-%c: invalid option", *p);
                sh_builtin_usage(st, "export", "export [-fn] [name[=value] ...] or export -p");
                return 2;
            }
        }
    }
    if (i >= argc) {
        sk_buf b = SK_BUF_INIT(st->a);
        listctx l = { st, &b, SH_A_EXPORT, -1, 0 };
        sh_var_each(st, list_one, &l);
        flush_buf(c, &b);
        sk_buf_free(&b);
        (void)print;
        return 0;
    }
    int status = 0;
    for (; i < argc; i++) {
        if (funcs) {
            sh_fent *fe = sh_func_entry(st, argv[i]);
            if (!fe) {
                sh_builtin_err(st, "export", "%s: not a function", argv[i]);
                status = 1;
                continue;
            }
            if (unexport) fe->attr &= ~SH_A_EXPORT; else fe->attr |= SH_A_EXPORT;
            continue;
        }
        const sh_declarg *da = st->declargs && i < st->ndeclargs && st->declargs[i].is_assign ? &st->declargs[i] : NULL;
        char nbuf[256];
        const char *vname = argv[i], *value = NULL;
        int append = 0;
        if (da) {
            vname = da->name;
            value = da->value;
            append = da->append;
        } else {
            char *eq = strchr(argv[i], '=');
            if (eq) {
                size_t nl = (size_t)(eq - argv[i]);
                if (nl && argv[i][nl - 1] == '+') { append = 1; nl--; }
                if (nl >= sizeof nbuf) nl = sizeof nbuf - 1;
                memcpy(nbuf, argv[i], nl);
                nbuf[nl] = 0;
                vname = nbuf;
                value = eq + 1;
            }
        }
        if (!sh_valid_name(vname, strlen(vname))) {
            sh_builtin_err(st, "export", "`%s': not a valid identifier", argv[i]);
            status = 1;
            continue;
        }
        if (da && da->compound) {
            int err;
            sh_var *v = sh_var_declare(st, vname, 0, 0, 0, SH_VK_ARR, &err);
            if (!v || sh_var_set_array(st, vname, (int)da->vals.n, da->vals.v, da->keys.n ? da->keys.v : NULL, 0, append ? SH_SET_APPEND : 0)) {
                status = 1;
                continue;
            }
        } else if (value && sh_var_set(st, vname, value, strlen(value), append ? SH_SET_APPEND : 0)) {
            status = 1;
            continue;
        }
        int err;
        if (!sh_var_declare(st, vname, 0, unexport ? 0 : SH_A_EXPORT, unexport ? SH_A_EXPORT : 0, -1, &err)) status = 1;
    }
    sh_env_changed(st);
    return status;
}

/* ---- unset ------------------------------------------------------------------------------------ */

SH_BUILTIN("unset", bi_unset, SH_BI_SPECIAL, "unset [-f] [-v] [-n] [name ...]: unset values and attributes of variables and functions");

int bi_unset(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    int i = 1, funcs = 0, vars = 0, noref = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'f') funcs = 1;
            else if (*p == 'v') vars = 1;
            else if (*p == 'n') noref = 1;
            else {
                sh_builtin_err(st, "unset", "-%c: invalid option", *p);
                sh_builtin_usage(st, "unset", "unset [-f] [-v] [-n] [name ...]");
                return 2;
            }
        }
    }
    int status = 0;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (funcs && !vars) {
            sh_func_unset(st, a);
            continue;
        }
        char *lb = strchr(a, '[');
        size_t al = strlen(a);
        if (lb && al > 0 && a[al - 1] == ']') {
            char *name = sk_strndup(st->a, a, (size_t)(lb - a));
            char *sub = sk_strndup(st->a, lb + 1, al - (size_t)(lb - a) - 2);
            if (!name || !sub) { sk_free(st->a, name); sk_free(st->a, sub); return 1; }
            if (!sh_valid_name(name, strlen(name))) {
                sh_builtin_err(st, "unset", "`%s': not a valid identifier", a);
                status = 1;
            } else {
                int r = sh_var_unset_elem(st, name, sub);
                if (r) status = 1;
            }
            sk_free(st->a, name);
            sk_free(st->a, sub);
            continue;
        }
        if (!sh_valid_name(a, strlen(a))) {
            sh_builtin_err(st, "unset", "`%s': not a valid identifier", a);
            status = 1;
            continue;
        }
        sh_var *v = sh_var_lookup_noref(st, a);
        if (v) {
            if (sh_var_unset(st, a, noref)) status = 1;
        } else if (!vars) {
            sh_func_unset(st, a);
        }
    }
    return status;
}

/* ---- let ------------------------------------------------------------------------------------------ */

SH_BUILTIN("let", bi_let, 0, "let arg [arg ...]: evaluate arithmetic expressions");

int bi_let(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    if (argc < 2) {
        sh_builtin_err(st, "let", "expression expected");
        return 1;
    }
    int64_t v = 0;
    for (int i = 1; i < argc; i++) {
        int r = sh_arith_eval(st, argv[i], strlen(argv[i]), "let", &v);
        if (r == SH_E_UNBOUND) {
            st->status = 127;
            st->ctl = SH_CTL_EXIT;
            return 127;
        }
        if (r) return 1;
    }
    return v ? 0 : 1;
}

/* ---- shift ------------------------------------------------------------------------------------------ */

SH_BUILTIN("shift", bi_shift, SH_BI_SPECIAL, "shift [n]: shift positional parameters");

int bi_shift(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    (void)c;
    int64_t n = 1;
    if (argc > 1) {
        if (sh_parse_int(argv[1], &n)) {
            sh_builtin_err(st, "shift", "%s: numeric argument required", argv[1]);
            return 1;
        }
    }
    sh_params *p = sh_params_cur(st);
    if (n < 0 || n > p->n) {
        if (st->shopt[SH_S_SHIFT_VERBOSE] || n < 0) sh_builtin_err(st, "shift", "%s: shift count out of range", argc > 1 ? argv[1] : "1");
        return 1;
    }
    if (sh_params_shift(st, (int)n)) return 1;
    return 0;
}

/* ---- set ---------------------------------------------------------------------------------------------- */

static void print_set_o(sh_state *st, sk_cmd *c, int plus)
{
    sk_buf b = SK_BUF_INIT(st->a);
    for (int i = 0; i < SH_O_COUNT; i++) {
        if (plus) sk_buf_printf(&b, "set %co %s\n", st->opt[i] ? '-' : '+', sh_set_options[i].name);
        else sk_buf_printf(&b, "%-15s\t%s\n", sh_set_options[i].name, st->opt[i] ? "on" : "off");
    }
    flush_buf(c, &b);
    sk_buf_free(&b);
}

SH_BUILTIN("set", bi_set, SH_BI_SPECIAL, "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [arg ...]: set shell options and positional parameters");

int bi_set(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    if (argc == 1) {
        sk_buf b = SK_BUF_INIT(st->a);
        listctx l = { st, &b, 0, -1, 1 };
        sh_var_each(st, list_one, &l);
        flush_buf(c, &b);
        sk_buf_free(&b);
        print_functions(st, c, 0, argc, argv, argc);
        return 0;
    }
    int i = 1;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (a[0] != '-' && a[0] != '+') break;
        if (!strcmp(a, "--")) {
            i++;
            return sh_params_set(st, argc - i, argv + i) ? 1 : 0;
        }
        if (!strcmp(a, "-")) {
            st->opt[SH_O_XTRACE] = st->opt[SH_O_VERBOSE] = 0;
            i++;
            if (i < argc) return sh_params_set(st, argc - i, argv + i) ? 1 : 0;
            return 0;
        }
        int on = a[0] == '-';
        for (const char *p = a + 1; *p; p++) {
            if (*p == 'o') {
                if (i + 1 >= argc) {
                    print_set_o(st, c, !on);
                    continue;
                }
                const char *optname = argv[++i];
                int k = sh_set_option_index(optname);
                if (k < 0) {
                    sh_builtin_err(st, "set", "%s: invalid option name", optname);
                    return 2;
                }
                sh_opt_set(st, k, on);
                continue;
            }
            int found = 0;
            for (int k = 0; k < SH_O_COUNT; k++) {
                if (sh_set_options[k].letter == *p) {
                    sh_opt_set(st, k, on);
                    found = 1;
                    break;
                }
            }
            if (!found) {
                sh_builtin_err(st, "set", "%c%c: invalid option", a[0], *p);
                sh_builtin_usage(st, "set", "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [arg ...]");
                return 2;
            }
        }
    }
    if (i < argc) return sh_params_set(st, argc - i, argv + i) ? 1 : 0;
    return 0;
}

/* ---- shopt ---------------------------------------------------------------------------------------------- */

SH_BUILTIN("shopt", bi_shopt, 0, "shopt [-pqsu] [-o] [optname ...]: set and unset shell options");

int bi_shopt(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int set = 0, unset = 0, print = 0, quiet = 0, oflag = 0;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        for (const char *p = argv[i] + 1; *p; p++) {
            switch (*p) {
            case 's': set = 1; break;
            case 'u': unset = 1; break;
            case 'p': print = 1; break;
            case 'q': quiet = 1; break;
            case 'o': oflag = 1; break;
            default:
                sh_builtin_err(st, "shopt", "-%c: invalid option", *p);
                sh_builtin_usage(st, "shopt", "shopt [-pqsu] [-o] [optname ...]");
                return 2;
            }
        }
    }
    if (set && unset) {
        sh_builtin_err(st, "shopt", "cannot set and unset shell options simultaneously");
        return 1;
    }
    sk_buf b = SK_BUF_INIT(st->a);
    int status = 0;
    int count = oflag ? SH_O_COUNT : SH_S_COUNT;
    if (i >= argc) {
        for (int k = 0; k < count; k++) {
            int v = oflag ? st->opt[k] : st->shopt[k];
            const char *nm = oflag ? sh_set_options[k].name : sh_shopt_names[k];
            if ((set && !v) || (unset && v)) continue;
            if (quiet) continue;
            if (print || set || unset) {
                if (oflag) sk_buf_printf(&b, "set %co %s\n", v ? '-' : '+', nm);
                else sk_buf_printf(&b, "shopt %s %s\n", v ? "-s" : "-u", nm);
            } else {
                sk_buf_printf(&b, "%-15s\t%s\n", nm, v ? "on" : "off");
            }
        }
        flush_buf(c, &b);
        sk_buf_free(&b);
        return 0;
    }
    for (; i < argc; i++) {
        int k = oflag ? sh_set_option_index(argv[i]) : sh_shopt_index(argv[i]);
        if (k < 0) {
            sh_builtin_err(st, "shopt", "%s: invalid shell option name", argv[i]);
            status = 1;
            continue;
        }
        if (set || unset) {
            if (oflag) sh_opt_set(st, k, set);
            else st->shopt[k] = (uint8_t)set;
            continue;
        }
        int v = oflag ? st->opt[k] : st->shopt[k];
        if (!v) status = 1;
        if (quiet) continue;
        if (print) {
            if (oflag) sk_buf_printf(&b, "set %co %s\n", v ? '-' : '+', argv[i]);
            else sk_buf_printf(&b, "shopt %s %s\n", v ? "-s" : "-u", argv[i]);
        } else {
            sk_buf_printf(&b, "%-15s\t%s\n", argv[i], v ? "on" : "off");
        }
    }
    flush_buf(c, &b);
    sk_buf_free(&b);
    return status;
}
