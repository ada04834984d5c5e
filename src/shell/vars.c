/* vars.c — shell variables with bash semantics: dynamic scoping over a
 * stack of scopes, attributes (-i -l -u -r -x -n ...), namerefs, indexed
 * and associative arrays, dynamic variables (RANDOM, SECONDS, ...), and
 * copy on write for subshells.  Prints bash's diagnostics; never global. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/arith.h"
#include "shell/shell.h"
#include "shell/state.h"
#include "shell/varstore.h"

#define NAMEREF_MAX 8

/* ---- diagnostics ----------------------------------------------------------- */

void sh_err_write(sh_state *st, const char *p, size_t n)
{
    if (!st->fds) return;
    sk_fd *f = sk_fdtab_get(st->fds, 2);
    if (f && (f->mode & SK_WR)) sk_stream_write(f->s, p, n);
}

static void err_v(sh_state *st, int with_line, const char *fmt, va_list ap)
{
    char tmp[1024];
    int k;
    if (with_line && st->lineno > 0)
        k = snprintf(tmp, sizeof tmp, "%s: line %d: ", st->errname ? st->errname : "bash", st->lineno);
    else
        k = snprintf(tmp, sizeof tmp, "%s: ", st->errname ? st->errname : "bash");
    if (k < 0) k = 0;
    if ((size_t)k >= sizeof tmp) k = sizeof tmp - 1;
    va_list ap2;
    va_copy(ap2, ap);
    int m = vsnprintf(tmp + k, sizeof tmp - (size_t)k, fmt, ap);
    if (m < 0) m = 0;
    if ((size_t)k + (size_t)m + 2 <= sizeof tmp) {
        size_t len = (size_t)k + (size_t)m;
        tmp[len++] = '\n';
        sh_err_write(st, tmp, len);
    } else {
        sk_buf b = SK_BUF_INIT(st->a);
        if (!sk_buf_put(&b, tmp, (size_t)k) && !sk_buf_vprintf(&b, fmt, ap2) && !sk_buf_putc(&b, '\n'))
            sh_err_write(st, b.p, b.len);
        sk_buf_free(&b);
    }
    va_end(ap2);
}

void sh_err(sh_state *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_v(st, 1, fmt, ap);
    va_end(ap);
}

void sh_err_noline(sh_state *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_v(st, 0, fmt, ap);
    va_end(ap);
}

/* ---- names ---------------------------------------------------------------------- */

/* sh_valid_name is the lexer's (lexer.c). */

size_t sh_fmt_int(char *buf, int64_t v)
{
    char tmp[24];
    size_t n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    size_t k = 0;
    if (v < 0) buf[k++] = '-';
    while (n) buf[k++] = tmp[--n];
    buf[k] = 0;
    return k;
}

/* ---- scopes ---------------------------------------------------------------------- */

typedef struct vloc {
    int level;
    long slot;
    sh_var *v;
} vloc;

/* Innermost variable called name (no nameref following). */
static int find_loc(sh_state *st, const char *name, size_t len, vloc *out)
{
    for (int l = st->nscopes - 1; l >= 0; l--) {
        sh_vtab *t = st->scopes[l];
        if (!t->n) continue;
        long s = sh_vtab_find(t, name, len);
        if (s >= 0) {
            out->level = l;
            out->slot = s;
            out->v = t->slots[s];
            return 1;
        }
    }
    return 0;
}

/* Make scope `level` private to this state. */
static sh_vtab *tab_own(sh_state *st, int level)
{
    sh_vtab *t = st->scopes[level];
    if (t->refs == 1) return t;
    sh_vtab *c = sh_vtab_clone(st->a, t);
    if (!c) return NULL;
    sh_vtab_unref(st->a, t);
    st->scopes[level] = c;
    return c;
}

/* Make the variable at loc private (table and variable); updates loc. */
static sh_var *var_own(sh_state *st, vloc *loc, int with_value)
{
    sh_vtab *t = tab_own(st, loc->level);
    if (!t) return NULL;
    if (t != st->scopes[loc->level] || t->slots[loc->slot] != loc->v) {
        loc->slot = sh_vtab_find(t, loc->v->name, loc->v->namelen);
        if (loc->slot < 0) return NULL;
    }
    sh_var *v = t->slots[loc->slot];
    if (v->refs > 1) {
        sh_var *c = sh_varobj_clone(st->a, v, with_value);
        if (!c) return NULL;
        sh_varobj_unref(st->a, v);
        t->slots[loc->slot] = c;
        v = c;
    }
    loc->v = v;
    return v;
}

/* Create a variable in scope level (must not exist there). */
static sh_var *var_create(sh_state *st, int level, const char *name, size_t len, vloc *loc)
{
    sh_vtab *t = tab_own(st, level);
    if (!t) return NULL;
    sh_var *v = sh_varobj_new(st->a, name, len);
    if (!v) return NULL;
    long s = sh_vtab_insert(st->a, t, v);
    if (s < 0) { sh_varobj_unref(st->a, v); return NULL; }
    if (level > 0 && !t->temp) v->attr |= SH_A_LOCAL;
    if (loc) { loc->level = level; loc->slot = s; loc->v = v; }
    return v;
}

int sh_local_scope(const sh_state *st)
{
    for (int l = st->nscopes - 1; l > 0; l--)
        if (!st->scopes[l]->temp) return l;
    return 0;
}

int sh_in_function(const sh_state *st)
{
    for (int i = st->nframes - 1; i > 0; i--)
        if (st->frames[i].funcname) return 1;
    return 0;
}

int sh_scope_push(sh_state *st, int temp)
{
    if (st->nscopes == st->capscopes) {
        int nc = st->capscopes ? st->capscopes * 2 : 8;
        sh_vtab **n = sk_realloc(st->a, st->scopes, (size_t)nc * sizeof *n);
        if (!n) return SH_E_NOMEM;
        st->scopes = n;
        st->capscopes = nc;
    }
    sh_vtab *t = sh_vtab_new(st->a);
    if (!t) return SH_E_NOMEM;
    t->temp = temp;
    st->scopes[st->nscopes++] = t;
    return 0;
}

void sh_scope_pop(sh_state *st)
{
    if (st->nscopes <= 1) return;
    sh_vtab_unref(st->a, st->scopes[--st->nscopes]);
}

/* ---- dynamic variables -------------------------------------------------------------- */

static int dyn_set_str(sh_state *st, sh_var *v, const char *s, size_t n)
{
    sh_varobj_clear_value(st->a, v);
    v->v.s.p = sk_malloc(st->a, n + 1);
    if (!v->v.s.p) return SH_E_NOMEM;
    memcpy(v->v.s.p, s, n);
    v->v.s.p[n] = 0;
    v->v.s.len = n;
    return 0;
}

static int dyn_set_int(sh_state *st, sh_var *v, int64_t x)
{
    char b[24];
    size_t n = sh_fmt_int(b, x);
    return dyn_set_str(st, v, b, n);
}

static int dyn_arr_push(sh_state *st, sh_var *v, const char *s)
{
    if (v->kind != SH_VK_ARR) {
        sh_varobj_clear_value(st->a, v);
        v->kind = SH_VK_ARR;
        if (!(v->v.a = sh_arr_new(st->a))) { v->kind = SH_VK_STR; return SH_E_NOMEM; }
    }
    return sh_arr_set(st->a, v->v.a, sh_arr_max(v->v.a) + 1, s, strlen(s));
}

int sh_random(sh_state *st)
{
    int rv;
    do {
        int32_t ret = st->rseed == 0 ? 123459876 : (int32_t)st->rseed;
        int32_t h = ret / 127773;
        int32_t l = ret - 127773 * h;
        int32_t t = 16807 * l - 2836 * h;
        st->rseed = (uint32_t)(t < 0 ? t + 0x7fffffff : t);
        rv = (int)(((st->rseed >> 16) ^ (st->rseed & 65535)) & 32767);
    } while (rv == st->last_random);
    st->last_random = rv;
    return rv;
}

void sh_random_seed(sh_state *st, uint32_t seed)
{
    st->rseed = seed;
    st->last_random = 0;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint32_t sh_srandom(sh_state *st) { return (uint32_t)splitmix(&st->sh->rng); }

/* Fill the scratch variable for a dynamic variable. */
static sh_var *dyn_value(sh_state *st, sh_var *base)
{
    int id = base->dyn;
    sh_var *v = st->dynvar[id];
    if (!v) {
        v = sh_varobj_new(st->a, base->name, base->namelen);
        if (!v) return NULL;
        st->dynvar[id] = v;
    }
    v->attr = base->attr;
    v->dyn = (uint8_t)id;
    int r = 0;
    sk_shell *sh = st->sh;
    switch (id) {
    case SH_DYN_RANDOM: r = dyn_set_int(st, v, sh_random(st)); break;
    case SH_DYN_SRANDOM: r = dyn_set_int(st, v, sh_srandom(st)); break;
    case SH_DYN_SECONDS: {
        int64_t now = sh ? sk_shell_monotonic_ns(sh) : 0;
        r = dyn_set_int(st, v, st->seconds_offset + (now - st->seconds_base_ns) / 1000000000);
        break;
    }
    case SH_DYN_LINENO: r = dyn_set_int(st, v, st->lineno); break;
    case SH_DYN_BASHPID: r = dyn_set_int(st, v, st->pid); break;
    case SH_DYN_EPOCHSECONDS: {
        int64_t now = sh ? sk_shell_now_ns(sh) : 0;
        r = dyn_set_int(st, v, now / 1000000000);
        break;
    }
    case SH_DYN_EPOCHREALTIME: {
        int64_t now = sh ? sk_shell_now_ns(sh) : 0;
        char b[48];
        int n = snprintf(b, sizeof b, "%lld.%06lld", (long long)(now / 1000000000),
                         (long long)((now % 1000000000) / 1000));
        r = dyn_set_str(st, v, b, (size_t)n);
        break;
    }
    case SH_DYN_UNDERSCORE:
        r = dyn_set_str(st, v, st->last_arg ? st->last_arg : "", st->last_arg ? strlen(st->last_arg) : 0);
        break;
    case SH_DYN_BASH_SUBSHELL: r = dyn_set_int(st, v, st->subshell); break;
    case SH_DYN_BASH_COMMAND:
        r = dyn_set_str(st, v, st->command ? st->command : "", st->command ? strlen(st->command) : 0);
        break;
    case SH_DYN_PIPESTATUS:
        sh_varobj_clear_value(st->a, v);
        for (int i = 0; i < st->npipestatus && !r; i++) {
            char b[24];
            sh_fmt_int(b, st->pipestatus[i]);
            r = dyn_arr_push(st, v, b);
        }
        if (!r && v->kind != SH_VK_ARR) { v->kind = SH_VK_ARR; if (!(v->v.a = sh_arr_new(st->a))) { v->kind = SH_VK_STR; r = SH_E_NOMEM; } }
        break;
    case SH_DYN_FUNCNAME:
    case SH_DYN_BASH_SOURCE:
    case SH_DYN_BASH_LINENO: {
        sh_varobj_clear_value(st->a, v);
        v->kind = SH_VK_ARR;
        if (!(v->v.a = sh_arr_new(st->a))) { v->kind = SH_VK_STR; r = SH_E_NOMEM; break; }
        /* one entry per function or source frame, innermost first, and
         * the main script's entry when it runs from a file (bash -c has
         * none); FUNCNAME is empty outside functions */
        int any_func = 0;
        for (int i = 1; i < st->nframes; i++)
            if (st->frames[i].funcname) any_func = 1;
        if (id == SH_DYN_FUNCNAME && !any_func) break;
        for (int i = st->nframes - 1; i >= 0 && !r; i--) {
            const sh_frame *f = &st->frames[i];
            if (i == 0 && !f->source) break;
            if (id == SH_DYN_FUNCNAME) {
                r = dyn_arr_push(st, v, f->funcname ? f->funcname : i == 0 ? "main" : "source");
            } else if (id == SH_DYN_BASH_SOURCE) {
                r = dyn_arr_push(st, v, f->source ? f->source : "");
            } else {
                char b[24];
                sh_fmt_int(b, i == 0 ? 0 : f->call_line);
                r = dyn_arr_push(st, v, b);
            }
        }
        break;
    }
    case SH_DYN_BASHOPTS:
    case SH_DYN_SHELLOPTS: {
        sk_buf b = SK_BUF_INIT(st->a);
        int n = id == SH_DYN_BASHOPTS ? SH_S_COUNT : SH_O_COUNT;
        for (int i = 0; i < n; i++) {
            if (!(id == SH_DYN_BASHOPTS ? st->shopt[i] : st->opt[i])) continue;
            if (b.len) sk_buf_putc(&b, ':');
            sk_buf_puts(&b, id == SH_DYN_BASHOPTS ? sh_shopt_names[i] : sh_set_options[i].name);
        }
        r = dyn_set_str(st, v, b.p ? b.p : "", b.len);
        sk_buf_free(&b);
        break;
    }
    case SH_DYN_BASH_ARGV0:
        r = dyn_set_str(st, v, st->arg0 ? st->arg0 : "", st->arg0 ? strlen(st->arg0) : 0);
        break;
    case SH_DYN_BASH_ARGC:
    case SH_DYN_BASH_ARGV:
    case SH_DYN_GROUPS:
        sh_varobj_clear_value(st->a, v);
        v->kind = SH_VK_ARR;
        if (!(v->v.a = sh_arr_new(st->a))) { v->kind = SH_VK_STR; r = SH_E_NOMEM; break; }
        if (id == SH_DYN_GROUPS) r = sh_arr_set(st->a, v->v.a, 0, "1000", 4);
        break;
    default:
        r = dyn_set_str(st, v, "", 0);
        break;
    }
    return r ? NULL : v;
}

/* Assigning a dynamic variable: side effects.  Returns 1 when handled
 * (the value is not stored). */
static int dyn_assign(sh_state *st, sh_var *v, const char *val)
{
    switch (v->dyn) {
    case SH_DYN_RANDOM: {
        uint64_t s = 0;
        for (const char *p = val; *p >= '0' && *p <= '9'; p++) s = s * 10 + (uint64_t)(*p - '0');
        sh_random_seed(st, (uint32_t)s);
        return 1;
    }
    case SH_DYN_SECONDS: {
        int64_t n = 0;
        sh_arith_eval_str(st, val, &n);
        st->seconds_offset = n;
        st->seconds_base_ns = st->sh ? sk_shell_monotonic_ns(st->sh) : 0;
        return 1;
    }
    case SH_DYN_UNDERSCORE: {
        char *c = sk_strdup(st->a, val);
        if (c) { sk_free(st->a, st->last_arg); st->last_arg = c; }
        return 1;
    }
    case SH_DYN_BASH_ARGV0: {
        char *c = sk_strdup(st->a, val);
        if (c) { sk_free(st->a, st->arg0); st->arg0 = c; }
        return 1;
    }
    case SH_DYN_BASHOPTS:
    case SH_DYN_SHELLOPTS:
        return 1;
    case SH_DYN_LINENO:
    case SH_DYN_SRANDOM:
    case SH_DYN_BASHPID:
    case SH_DYN_EPOCHSECONDS:
    case SH_DYN_EPOCHREALTIME:
    case SH_DYN_FUNCNAME:
    case SH_DYN_BASH_SOURCE:
    case SH_DYN_BASH_LINENO:
    case SH_DYN_PIPESTATUS:
    case SH_DYN_BASH_SUBSHELL:
    case SH_DYN_BASH_COMMAND:
    case SH_DYN_BASH_ARGC:
    case SH_DYN_BASH_ARGV:
    case SH_DYN_GROUPS:
        return 1;   /* bash ignores these assignments */
    }
    return 0;
}

/* ---- lookup -------------------------------------------------------------------- */

/* Split "name[sub]" (a nameref target); returns the name length. */
static size_t ref_split(const char *target, const char **sub)
{
    const char *b = strchr(target, '[');
    size_t n = strlen(target);
    if (b && n > 0 && target[n - 1] == ']') {
        *sub = b + 1;
        return (size_t)(b - target);
    }
    *sub = NULL;
    return n;
}

/* Resolve name through namerefs.  On return *loc is the final variable
 * (found=1) or the name to create (found=0, name/len).  *sub: the
 * subscript of an "arr[k]" target (allocated, caller frees), else NULL. */
typedef struct vres {
    int found;
    vloc loc;
    const char *name;    /* final name (borrowed: from the var or input) */
    size_t len;
    char *sub;           /* allocated subscript or NULL */
    sh_var *ref;         /* last nameref passed through (for creation) */
    int circular;
} vres;

static int resolve(sh_state *st, const char *name, size_t len, vres *r, int noref)
{
    memset(r, 0, sizeof *r);
    r->name = name;
    r->len = len;
    for (int depth = 0;; depth++) {
        if (!find_loc(st, r->name, r->len, &r->loc)) return 0;
        sh_var *v = r->loc.v;
        if (noref || !(v->attr & SH_A_NAMEREF) || (v->attr & SH_A_INVISIBLE) || v->kind != SH_VK_STR ||
            !v->v.s.p || !v->v.s.len) {
            r->found = 1;
            return 0;
        }
        if (depth >= NAMEREF_MAX) {
            sh_err(st, "warning: %s: circular name reference", name);
            r->circular = 1;
            r->found = 1;
            return 0;
        }
        const char *sub;
        r->ref = v;
        size_t n = ref_split(v->v.s.p, &sub);
        r->name = v->v.s.p;
        r->len = n;
        if (sub) {
            sk_free(st->a, r->sub);
            r->sub = sk_strndup(st->a, sub, strlen(sub) - 1);
            if (!r->sub) return SH_E_NOMEM;
            /* an array element: look the array up and stop */
            r->found = find_loc(st, r->name, r->len, &r->loc);
            return 0;
        }
        if (r->len == len && !memcmp(r->name, name, len)) {
            /* refers to itself: bash resolves to the variable in an outer
             * scope of the same name, if any */
            r->found = 0;
            for (int l = r->loc.level - 1; l >= 0; l--) {
                long s = sh_vtab_find(st->scopes[l], r->name, r->len);
                if (s >= 0) {
                    r->loc.level = l;
                    r->loc.slot = s;
                    r->loc.v = st->scopes[l]->slots[s];
                    r->found = 1;
                    break;
                }
            }
            if (!r->found) {
                sh_err(st, "warning: %s: circular name reference", name);
                r->circular = 1;
                r->found = 1;
                r->loc.v = v;
            }
            return 0;
        }
    }
}

sh_var *sh_var_lookup_ref(sh_state *st, const char *name, char **sub)
{
    vres r;
    if (sub) *sub = NULL;
    if (resolve(st, name, strlen(name), &r, 0) || !r.found) {
        sk_free(st->a, r.sub);
        return NULL;
    }
    sh_var *v = r.loc.v;
    if (sub) *sub = r.sub; else sk_free(st->a, r.sub);
    if (v->dyn) return dyn_value(st, v);
    return v;
}

sh_var *sh_var_lookup(sh_state *st, const char *name)
{
    /* fast path: no nameref involved */
    vloc loc;
    if (!find_loc(st, name, strlen(name), &loc)) return NULL;
    if (!(loc.v->attr & SH_A_NAMEREF)) return loc.v->dyn ? dyn_value(st, loc.v) : loc.v;
    char *sub = NULL;
    sh_var *v = sh_var_lookup_ref(st, name, &sub);
    if (sub) {
        /* "$ref" where ref names an element: the caller wants a value;
         * present the element through the scratch string */
        sk_free(st->a, sub);
    }
    return v;
}

sh_var *sh_var_lookup_noref(sh_state *st, const char *name)
{
    vloc loc;
    if (!find_loc(st, name, strlen(name), &loc)) return NULL;
    return loc.v->dyn ? dyn_value(st, loc.v) : loc.v;
}

int sh_var_isset(const sh_var *v)
{
    if (!v || (v->attr & SH_A_INVISIBLE)) return 0;
    return 1;
}

const char *sh_var_value(const sh_var *v, size_t *len)
{
    const char *s = NULL;
    if (!v || (v->attr & SH_A_INVISIBLE)) {
        if (len) *len = 0;
        return NULL;
    }
    switch (v->kind) {
    case SH_VK_STR: s = v->v.s.p ? v->v.s.p : ""; break;
    case SH_VK_ARR: s = sh_arr_get(v->v.a, 0); break;
    case SH_VK_ASSOC: s = sh_assoc_get(v->v.m, "0"); break;
    }
    if (len) *len = s ? (v->kind == SH_VK_STR && v->v.s.p ? v->v.s.len : strlen(s)) : 0;
    return s;
}

const char *sh_var_get(sh_state *st, const char *name)
{
    vloc loc;
    if (!find_loc(st, name, strlen(name), &loc)) return NULL;
    sh_var *v = loc.v;
    if ((v->attr & SH_A_NAMEREF) || v->dyn) {
        char *sub = NULL;
        v = sh_var_lookup_ref(st, name, &sub);
        if (!v) return NULL;
        if (sub) {
            const char *out = NULL;
            int r = sh_var_get_elem(st, v, sub, &out);
            sk_free(st->a, sub);
            return r ? NULL : out;
        }
    }
    return sh_var_value(v, NULL);
}

/* ---- value transforms ------------------------------------------------------------ */

static void case_conv(char *p, size_t n, uint32_t attr)
{
    if (attr & SH_A_UPPER) {
        for (size_t i = 0; i < n; i++)
            if (p[i] >= 'a' && p[i] <= 'z') p[i] = (char)(p[i] - 32);
    } else if (attr & SH_A_LOWER) {
        for (size_t i = 0; i < n; i++)
            if (p[i] >= 'A' && p[i] <= 'Z') p[i] = (char)(p[i] + 32);
    }
}

/* Compute the stored form of a value under v's attributes.  old: the
 * previous value for += (may be NULL).  Returns an allocated string. */
static char *transform(sh_state *st, uint32_t attr, const char *old, const char *val, size_t len,
                       int append, int noattr, size_t *outlen, int *err)
{
    *err = 0;
    if ((attr & SH_A_INTEGER) && !noattr) {
        int64_t n = 0, o = 0;
        char *tmp = sk_strndup(st->a, val, len);
        if (!tmp) { *err = SH_E_NOMEM; return NULL; }
        int r = sh_arith_eval_str(st, tmp, &n);
        sk_free(st->a, tmp);
        if (r) { *err = r; return NULL; }
        if (append && old) {
            r = sh_arith_eval_str(st, old, &o);
            if (r) { *err = r; return NULL; }
            n = (int64_t)((uint64_t)n + (uint64_t)o);
        }
        char b[24];
        size_t k = sh_fmt_int(b, n);
        *outlen = k;
        char *s = sk_strndup(st->a, b, k);
        if (!s) *err = SH_E_NOMEM;
        return s;
    }
    size_t ol = append && old ? strlen(old) : 0;
    char *s = sk_malloc(st->a, ol + len + 1);
    if (!s) { *err = SH_E_NOMEM; return NULL; }
    if (ol) memcpy(s, old, ol);
    if (len) memcpy(s + ol, val, len);
    s[ol + len] = 0;
    if (!noattr) case_conv(s, ol + len, attr);
    *outlen = ol + len;
    return s;
}

static void readonly_msg(sh_state *st, const char *name, int flags)
{
    if (!(flags & SH_SET_QUIET)) sh_err(st, "%s: readonly variable", name);
}

/* Find or create the variable an assignment to name goes to (following
 * namerefs unless SH_SET_NOREF).  Returns a private variable; *sub is set
 * when a nameref pointed at an array element. */
static sh_var *var_for_write(sh_state *st, const char *name, int flags, char **sub, int *err)
{
    size_t len = strlen(name);
    *sub = NULL;
    *err = 0;
    vres r;
    vloc loc;
    int level = -1;
    if (flags & SH_SET_LOCAL) level = sh_local_scope(st);
    else if (flags & SH_SET_GLOBAL) level = 0;
    else if (flags & SH_SET_TEMP) level = st->nscopes - 1;
    if (level >= 0) {
        long s = sh_vtab_find(st->scopes[level], name, len);
        if (s >= 0) {
            loc.level = level;
            loc.slot = s;
            loc.v = st->scopes[level]->slots[s];
            if (!(flags & SH_SET_NOREF) && (loc.v->attr & SH_A_NAMEREF) && loc.v->v.s.p && loc.v->v.s.len)
                goto follow;
            goto have;
        }
        if (!(loc.v = var_create(st, level, name, len, &loc))) { *err = SH_E_NOMEM; return NULL; }
        loc.v->attr |= SH_A_INVISIBLE;
        goto have;
    }
follow:
    if (resolve(st, name, len, &r, (flags & SH_SET_NOREF) != 0)) { *err = SH_E_NOMEM; return NULL; }
    if (r.circular) {
        sk_free(st->a, r.sub);
        *err = SH_E_FAIL;
        return NULL;
    }
    *sub = r.sub;
    if (r.found) {
        loc = r.loc;
    } else {
        if (r.ref && !sh_valid_name(r.name, r.len)) {
            sh_err(st, "`%.*s': not a valid identifier", (int)r.len, r.name);
            sk_free(st->a, r.sub);
            *sub = NULL;
            *err = SH_E_FAIL;
            return NULL;
        }
        /* bash creates an unknown variable in the global scope (a nameref
         * target too) */
        char nbuf[256];
        const char *nm = r.name;
        char *heap = NULL;
        if (r.name != name) {
            if (r.len < sizeof nbuf) { memcpy(nbuf, r.name, r.len); nbuf[r.len] = 0; nm = nbuf; }
            else if (!(heap = sk_strndup(st->a, r.name, r.len))) { *err = SH_E_NOMEM; return NULL; }
            else nm = heap;
        }
        sh_var *v = var_create(st, 0, nm, r.len, &loc);
        sk_free(st->a, heap);
        if (!v) { sk_free(st->a, r.sub); *sub = NULL; *err = SH_E_NOMEM; return NULL; }
        v->attr |= SH_A_INVISIBLE;
    }
have:
    if (loc.v->attr & SH_A_READONLY) {
        readonly_msg(st, loc.v->name, flags);
        sk_free(st->a, *sub);
        *sub = NULL;
        *err = SH_E_READONLY;
        return NULL;
    }
    sh_var *v = var_own(st, &loc, 1);
    if (!v) { sk_free(st->a, *sub); *sub = NULL; *err = SH_E_NOMEM; }
    return v;
}

static int set_scalar(sh_state *st, sh_var *v, const char *val, size_t len, int flags)
{
    int append = (flags & SH_SET_APPEND) != 0;
    if (v->dyn && dyn_assign(st, v, val)) return 0;
    /* fast path: plain string, append in place */
    if (v->kind == SH_VK_STR && append && !(v->attr & (SH_A_INTEGER | SH_A_LOWER | SH_A_UPPER)) &&
        v->v.s.p && !(v->attr & SH_A_INVISIBLE)) {
        size_t ol = v->v.s.len, need = ol + len + 1;
        if (sk_msize(v->v.s.p) < need) {
            size_t nc = need < 64 ? 64 : need + need / 2;
            char *np = sk_realloc(st->a, v->v.s.p, nc);
            if (!np) return SH_E_NOMEM;
            v->v.s.p = np;
        }
        memcpy(v->v.s.p + ol, val, len);
        v->v.s.p[ol + len] = 0;
        v->v.s.len = ol + len;
        return 0;
    }
    if (v->kind == SH_VK_ARR || v->kind == SH_VK_ASSOC) {
        const char *old = v->kind == SH_VK_ARR ? sh_arr_get(v->v.a, 0) : sh_assoc_get(v->v.m, "0");
        size_t nl;
        int err;
        char *s = transform(st, v->attr, old, val, len, append, (flags & SH_SET_NOATTR) != 0, &nl, &err);
        if (!s) return err;
        v->attr &= ~SH_A_INVISIBLE;
        if (v->kind == SH_VK_ARR) return sh_arr_set_owned(st->a, v->v.a, 0, s);
        return sh_assoc_set_owned(st->a, v->v.m, "0", s);
    }
    const char *old = (v->attr & SH_A_INVISIBLE) ? NULL : (v->v.s.p ? v->v.s.p : "");
    size_t nl;
    int err;
    char *s = transform(st, v->attr, old, val, len, append, (flags & SH_SET_NOATTR) != 0, &nl, &err);
    if (!s) return err;
    sk_free(st->a, v->v.s.p);
    v->v.s.p = s;
    v->v.s.len = nl;
    v->attr &= ~SH_A_INVISIBLE;
    return 0;
}

static void after_assign(sh_state *st, sh_var *v)
{
    if (st->opt[SH_O_ALLEXPORT]) v->attr |= SH_A_EXPORT;
    if (v->attr & SH_A_EXPORT) st->env_gen++;
    if (v->namelen == 4 && !memcmp(v->name, "PATH", 4)) sh_smap_clear(st->a, &st->hashed);
}

int sh_var_set(sh_state *st, const char *name, const char *val, size_t len, int flags)
{
    char *sub;
    int err;
    sh_var *v = var_for_write(st, name, flags, &sub, &err);
    if (!v) return err;
    if (sub) {
        char *nm = sk_strdup(st->a, v->name);
        int r = nm ? sh_var_set_elem(st, nm, sub, val, len, flags | SH_SET_NOREF) : SH_E_NOMEM;
        sk_free(st->a, nm);
        sk_free(st->a, sub);
        return r;
    }
    int r = set_scalar(st, v, val, len, flags);
    if (!r) after_assign(st, v);
    return r;
}

int sh_var_setstr(sh_state *st, const char *name, const char *val, int flags)
{
    return sh_var_set(st, name, val, strlen(val), flags);
}

int sh_var_set_int(sh_state *st, const char *name, int64_t x, int flags)
{
    char b[24];
    size_t n = sh_fmt_int(b, x);
    return sh_var_set(st, name, b, n, flags | SH_SET_NOATTR);
}

/* Evaluate an indexed-array subscript; negative indices count from the
 * end.  Returns SH_OK with *idx, or an error (printed). */
static int eval_index(sh_state *st, const sh_var *v, const char *sub, int64_t *idx, int for_write)
{
    int64_t n = 0;
    int r = sh_arith_eval_str(st, sub, &n);
    if (r) return r;
    if (n < 0) {
        int64_t max = v && v->kind == SH_VK_ARR ? sh_arr_max(v->v.a) : (v && v->kind == SH_VK_STR && !(v->attr & SH_A_INVISIBLE) ? 0 : -1);
        if (max + 1 + n < 0) {
            if (for_write) sh_err(st, "%s[%s]: bad array subscript", v ? v->name : "", sub);
            else sh_err(st, "%s: bad array subscript", v ? v->name : sub);
            return SH_E_BADSUB;
        }
        n = max + 1 + n;
    }
    *idx = n;
    return 0;
}

/* Convert a scalar variable into an indexed array keeping its value at 0. */
static int to_array(sh_state *st, sh_var *v)
{
    if (v->kind == SH_VK_ARR) return 0;
    sh_arr *a = sh_arr_new(st->a);
    if (!a) return SH_E_NOMEM;
    if (v->kind == SH_VK_STR && !(v->attr & SH_A_INVISIBLE)) {
        char *s = v->v.s.p ? v->v.s.p : sk_strdup(st->a, "");
        if (!s) { sk_free(st->a, a); return SH_E_NOMEM; }
        v->v.s.p = NULL;
        if (sh_arr_set_owned(st->a, a, 0, s)) { sh_arr_free(st->a, a); return SH_E_NOMEM; }
    } else {
        sh_varobj_clear_value(st->a, v);
    }
    v->kind = SH_VK_ARR;
    v->v.a = a;
    return 0;
}

static int to_assoc(sh_state *st, sh_var *v)
{
    if (v->kind == SH_VK_ASSOC) return 0;
    sh_assoc *m = sh_assoc_new(st->a);
    if (!m) return SH_E_NOMEM;
    if (v->kind == SH_VK_STR && !(v->attr & SH_A_INVISIBLE) && v->v.s.p) {
        if (sh_assoc_set(st->a, m, "0", v->v.s.p, v->v.s.len)) { sh_assoc_free(st->a, m); return SH_E_NOMEM; }
    }
    sh_varobj_clear_value(st->a, v);
    v->kind = SH_VK_ASSOC;
    v->v.m = m;
    return 0;
}

int sh_var_set_elem(sh_state *st, const char *name, const char *sub, const char *val, size_t len,
                    int flags)
{
    char *rsub;
    int err;
    sh_var *v = var_for_write(st, name, flags, &rsub, &err);
    if (!v) return err;
    sk_free(st->a, rsub);   /* name[sub] on a nameref to an element: bash uses the array */
    int append = (flags & SH_SET_APPEND) != 0;
    if (v->kind == SH_VK_ASSOC) {
        const char *old = sh_assoc_get(v->v.m, sub);
        size_t nl;
        char *s = transform(st, v->attr, old, val, len, append, (flags & SH_SET_NOATTR) != 0, &nl, &err);
        if (!s) return err;
        v->attr &= ~SH_A_INVISIBLE;
        int r = sh_assoc_set_owned(st->a, v->v.m, sub, s);
        if (!r) after_assign(st, v);
        return r;
    }
    int64_t idx;
    int r = eval_index(st, v, sub, &idx, 1);
    if (r) return r;
    if ((r = to_array(st, v))) return r;
    const char *old = sh_arr_get(v->v.a, idx);
    size_t nl;
    char *s = transform(st, v->attr, old, val, len, append, (flags & SH_SET_NOATTR) != 0, &nl, &err);
    if (!s) return err;
    v->attr &= ~SH_A_INVISIBLE;
    r = sh_arr_set_owned(st->a, v->v.a, idx, s);
    if (!r) after_assign(st, v);
    return r;
}

int sh_var_set_array(sh_state *st, const char *name, int n, char *const *words, char *const *keyed,
                     int assoc, int flags)
{
    char *rsub;
    int err;
    sh_var *v = var_for_write(st, name, flags, &rsub, &err);
    if (!v) return err;
    sk_free(st->a, rsub);
    int append = (flags & SH_SET_APPEND) != 0;
    int r;
    if (assoc && v->kind != SH_VK_ASSOC) {
        if ((r = to_assoc(st, v))) return r;
    }
    if (v->kind == SH_VK_ASSOC) {
        if (!append) sh_assoc_clear(st->a, v->v.m);
        v->attr &= ~SH_A_INVISIBLE;
        for (int i = 0; i < n; i++) {
            const char *key, *val;
            if (keyed && keyed[i]) {
                key = keyed[i];
                val = words[i];
            } else {
                /* bash 5.1+: (k1 v1 k2 v2) */
                key = words[i];
                val = i + 1 < n ? words[i + 1] : "";
                i++;
            }
            const char *old = sh_assoc_get(v->v.m, key);
            size_t nl;
            char *s = transform(st, v->attr, old, val, strlen(val), keyed && keyed[i] && append && 0, 0, &nl, &err);
            if (!s) return err;
            if ((r = sh_assoc_set_owned(st->a, v->v.m, key, s))) return r;
        }
        after_assign(st, v);
        return 0;
    }
    if ((r = to_array(st, v))) return r;
    if (!append) sh_arr_clear(st->a, v->v.a);
    v->attr &= ~SH_A_INVISIBLE;
    int64_t next = append ? sh_arr_max(v->v.a) + 1 : 0;
    for (int i = 0; i < n; i++) {
        int64_t idx = next;
        if (keyed && keyed[i]) {
            if ((r = eval_index(st, v, keyed[i], &idx, 1))) return r;
        }
        size_t nl;
        char *s = transform(st, v->attr, NULL, words[i], strlen(words[i]), 0, 0, &nl, &err);
        if (!s) return err;
        if ((r = sh_arr_set_owned(st->a, v->v.a, idx, s))) return r;
        next = idx + 1;
    }
    after_assign(st, v);
    return 0;
}

/* ---- element access --------------------------------------------------------------- */

int sh_var_get_elem(sh_state *st, sh_var *v, const char *sub, const char **out)
{
    *out = NULL;
    if (!v || (v->attr & SH_A_INVISIBLE && v->kind == SH_VK_STR)) {
        if (v) return 0;
        int64_t idx;
        return eval_index(st, NULL, sub, &idx, 0) == SH_E_ARITH ? SH_E_ARITH : 0;
    }
    if (v->kind == SH_VK_ASSOC) {
        *out = sh_assoc_get(v->v.m, sub);
        return 0;
    }
    int64_t idx;
    int r = eval_index(st, v, sub, &idx, 0);
    if (r) return r;
    if (v->kind == SH_VK_ARR) *out = sh_arr_get(v->v.a, idx);
    else if (idx == 0) *out = v->v.s.p ? v->v.s.p : "";
    return 0;
}

size_t sh_var_count(const sh_var *v)
{
    if (!v || (v->attr & SH_A_INVISIBLE)) return 0;
    switch (v->kind) {
    case SH_VK_ARR: return v->v.a ? v->v.a->n : 0;
    case SH_VK_ASSOC: return v->v.m ? v->v.m->n : 0;
    default: return 1;
    }
}

int sh_var_values(sh_state *st, sh_var *v, sh_strvec *out)
{
    if (!v || (v->attr & SH_A_INVISIBLE)) return 0;
    switch (v->kind) {
    case SH_VK_STR:
        return sh_strvec_pushdup(out, v->v.s.p ? v->v.s.p : "", v->v.s.len);
    case SH_VK_ARR:
        for (size_t i = 0; v->v.a && i < v->v.a->n; i++)
            if (sh_strvec_pushdup(out, v->v.a->e[i].val, strlen(v->v.a->e[i].val))) return SH_E_NOMEM;
        return 0;
    case SH_VK_ASSOC: {
        const uint32_t *ord;
        long n = sh_assoc_order(st->a, v->v.m, &ord);
        if (n < 0) return SH_E_NOMEM;
        for (long i = 0; i < n; i++) {
            const char *s = v->v.m->e[ord[i]].val;
            if (sh_strvec_pushdup(out, s, strlen(s))) return SH_E_NOMEM;
        }
        return 0;
    }
    }
    return 0;
}

int sh_var_keys(sh_state *st, sh_var *v, sh_strvec *out)
{
    if (!v || (v->attr & SH_A_INVISIBLE)) return 0;
    switch (v->kind) {
    case SH_VK_STR:
        return sh_strvec_pushdup(out, "0", 1);
    case SH_VK_ARR:
        for (size_t i = 0; v->v.a && i < v->v.a->n; i++) {
            char b[24];
            size_t k = sh_fmt_int(b, v->v.a->e[i].idx);
            if (sh_strvec_pushdup(out, b, k)) return SH_E_NOMEM;
        }
        return 0;
    case SH_VK_ASSOC: {
        const uint32_t *ord;
        long n = sh_assoc_order(st->a, v->v.m, &ord);
        if (n < 0) return SH_E_NOMEM;
        for (long i = 0; i < n; i++) {
            const char *s = v->v.m->e[ord[i]].key;
            if (sh_strvec_pushdup(out, s, strlen(s))) return SH_E_NOMEM;
        }
        return 0;
    }
    }
    return 0;
}

/* ---- unset ------------------------------------------------------------------------- */

int sh_var_unset(sh_state *st, const char *name, int noref)
{
    size_t len = strlen(name);
    vres r;
    if (resolve(st, name, len, &r, noref)) return SH_E_NOMEM;
    if (r.sub) {
        /* unset of a nameref to an element unsets the element */
        char *nm = sk_strndup(st->a, r.name, r.len);
        int x = nm ? sh_var_unset_elem(st, nm, r.sub) : SH_E_NOMEM;
        sk_free(st->a, nm);
        sk_free(st->a, r.sub);
        return x;
    }
    if (!r.found) return 0;
    sh_var *v = r.loc.v;
    if (v->attr & SH_A_READONLY) {
        sh_err(st, "unset: %s: cannot unset: readonly variable", v->name);
        return SH_E_READONLY;
    }
    if (v->attr & SH_A_EXPORT) st->env_gen++;
    int level = r.loc.level;
    int cur = sh_local_scope(st);
    if (level > 0 && level == cur && !st->scopes[level]->temp && !st->shopt[SH_S_LOCALVAR_UNSET]) {
        /* a local of the running function stays, unset, until it returns */
        sh_var *w = var_own(st, &r.loc, 0);
        if (!w) return SH_E_NOMEM;
        sh_varobj_clear_value(st->a, w);
        w->attr = (w->attr & SH_A_LOCAL) | SH_A_INVISIBLE;
        w->dyn = 0;
        return 0;
    }
    sh_vtab *t = tab_own(st, level);
    if (!t) return SH_E_NOMEM;
    long s = sh_vtab_find(t, v->name, v->namelen);
    if (s >= 0) sh_vtab_remove(st->a, t, s);
    return 0;
}

int sh_var_unset_elem(sh_state *st, const char *name, const char *sub)
{
    vres r;
    if (resolve(st, name, strlen(name), &r, 0)) return SH_E_NOMEM;
    sk_free(st->a, r.sub);
    if (!r.found) return 0;
    sh_var *v = r.loc.v;
    if (v->attr & SH_A_READONLY) {
        sh_err(st, "unset: %s: cannot unset: readonly variable", v->name);
        return SH_E_READONLY;
    }
    if (v->kind == SH_VK_ASSOC) {
        if (!strcmp(sub, "@") || !strcmp(sub, "*")) return sh_var_unset(st, v->name, 1);
        sh_var *w = var_own(st, &r.loc, 1);
        if (!w) return SH_E_NOMEM;
        return sh_assoc_unset(st->a, w->v.m, sub);
    }
    if (!strcmp(sub, "@") || !strcmp(sub, "*")) {
        char *nm = sk_strdup(st->a, v->name);
        if (!nm) return SH_E_NOMEM;
        int x = sh_var_unset(st, nm, 1);
        sk_free(st->a, nm);
        return x;
    }
    int64_t idx;
    int x = eval_index(st, v, sub, &idx, 1);
    if (x) return x;
    if (v->kind == SH_VK_STR) {
        if (idx != 0) return 0;
        char *nm = sk_strdup(st->a, v->name);
        if (!nm) return SH_E_NOMEM;
        x = sh_var_unset(st, nm, 1);
        sk_free(st->a, nm);
        return x;
    }
    sh_var *w = var_own(st, &r.loc, 1);
    if (!w) return SH_E_NOMEM;
    return sh_arr_unset(st->a, w->v.a, idx);
}

/* ---- declare ----------------------------------------------------------------------- */

sh_var *sh_var_declare(sh_state *st, const char *name, int flags, uint32_t on, uint32_t off, int kind,
                       int *err)
{
    size_t len = strlen(name);
    *err = 0;
    vloc loc;
    int found;
    if (flags & (SH_SET_LOCAL | SH_SET_GLOBAL)) {
        int level = (flags & SH_SET_LOCAL) ? sh_local_scope(st) : 0;
        long s = sh_vtab_find(st->scopes[level], name, len);
        found = s >= 0;
        if (found) {
            loc.level = level;
            loc.slot = s;
            loc.v = st->scopes[level]->slots[s];
        } else {
            /* a readonly variable of an outer scope cannot be shadowed */
            if (flags & SH_SET_LOCAL) {
                for (int l = level - 1; l >= 0; l--) {
                    long os = sh_vtab_find(st->scopes[l], name, len);
                    if (os >= 0) {
                        if (st->scopes[l]->slots[os]->attr & SH_A_READONLY) {
                            sh_err(st, "local: %s: readonly variable", name);
                            *err = SH_E_READONLY;
                            return NULL;
                        }
                        break;
                    }
                }
            }
            /* local x: inherits nothing (localvar_inherit off) */
            sh_var *v = var_create(st, level, name, len, &loc);
            if (!v) { *err = SH_E_NOMEM; return NULL; }
            v->attr |= SH_A_INVISIBLE;
            if (flags & SH_SET_LOCAL && st->shopt[SH_S_LOCALVAR_INHERIT]) {
                vloc outer;
                for (int l = level - 1; l >= 0; l--) {
                    long os = sh_vtab_find(st->scopes[l], name, len);
                    if (os >= 0) {
                        outer.v = st->scopes[l]->slots[os];
                        sh_var *c = sh_varobj_clone(st->a, outer.v, 1);
                        if (c) {
                            c->attr |= SH_A_LOCAL;
                            sh_vtab *t = st->scopes[level];
                            sh_varobj_unref(st->a, t->slots[loc.slot]);
                            t->slots[loc.slot] = c;
                            loc.v = c;
                        }
                        break;
                    }
                }
            }
            found = 1;
        }
    } else {
        vres r;
        int noref = (flags & SH_SET_NOREF) || (on & SH_A_NAMEREF) || (off & SH_A_NAMEREF);
        if (resolve(st, name, len, &r, noref)) { *err = SH_E_NOMEM; return NULL; }
        sk_free(st->a, r.sub);
        if (r.found) {
            loc = r.loc;
        } else {
            char nbuf[256];
            const char *nm = name;
            if (r.name != name && r.len < sizeof nbuf) { memcpy(nbuf, r.name, r.len); nbuf[r.len] = 0; nm = nbuf; }
            sh_var *v = var_create(st, 0, nm, r.len, &loc);
            if (!v) { *err = SH_E_NOMEM; return NULL; }
            v->attr |= SH_A_INVISIBLE;
        }
    }
    sh_var *v = loc.v;
    if ((v->attr & SH_A_READONLY) && ((off & SH_A_READONLY) || (kind >= 0 && kind != v->kind))) {
        sh_err(st, "%s: readonly variable", v->name);
        *err = SH_E_READONLY;
        return NULL;
    }
    if ((v->attr & SH_A_READONLY) && (off & ~SH_A_READONLY)) {
        sh_err(st, "%s: readonly variable", v->name);
        *err = SH_E_READONLY;
        return NULL;
    }
    v = var_own(st, &loc, 1);
    if (!v) { *err = SH_E_NOMEM; return NULL; }
    if (kind == SH_VK_ARR && v->kind == SH_VK_ASSOC) {
        sh_err(st, "%s: cannot convert associative to indexed array", v->name);
        *err = SH_E_FAIL;
        return NULL;
    }
    if (kind == SH_VK_ASSOC && v->kind == SH_VK_ARR) {
        sh_err(st, "%s: cannot convert indexed to associative array", v->name);
        *err = SH_E_FAIL;
        return NULL;
    }
    if (kind == SH_VK_ARR && v->kind != SH_VK_ARR) {
        int inv = (v->attr & SH_A_INVISIBLE) != 0;
        if ((*err = to_array(st, v))) return NULL;
        if (inv) v->attr |= SH_A_INVISIBLE;
    } else if (kind == SH_VK_ASSOC && v->kind != SH_VK_ASSOC) {
        int inv = (v->attr & SH_A_INVISIBLE) != 0;
        if ((*err = to_assoc(st, v))) return NULL;
        if (inv) v->attr |= SH_A_INVISIBLE;
    }
    if ((on | off) & SH_A_EXPORT) st->env_gen++;
    if (on & SH_A_UPPER) off |= SH_A_LOWER;
    if (on & SH_A_LOWER) off |= SH_A_UPPER;
    v->attr = (v->attr | on) & ~off;
    if ((on & (SH_A_UPPER | SH_A_LOWER)) && !(v->attr & SH_A_INVISIBLE)) {
        if (v->kind == SH_VK_STR && v->v.s.p) case_conv(v->v.s.p, v->v.s.len, v->attr);
        else if (v->kind == SH_VK_ARR)
            for (size_t i = 0; i < v->v.a->n; i++) case_conv(v->v.a->e[i].val, strlen(v->v.a->e[i].val), v->attr);
    }
    return v;
}

/* ---- iteration ---------------------------------------------------------------------- */

static int cmp_var_name(const void *a, const void *b)
{
    const sh_var *x = *(sh_var *const *)a, *y = *(sh_var *const *)b;
    return strcmp(x->name, y->name);
}

static int each_sorted(sh_state *st, sh_var **list, size_t n, sh_var_iter_fn fn, void *ud)
{
    qsort(list, n, sizeof *list, cmp_var_name);
    int r = 0;
    for (size_t i = 0; i < n && !r; i++) {
        sh_var *v = list[i];
        if (v->dyn) {
            sh_var *d = dyn_value(st, v);
            if (d) v = d;
        }
        r = fn(ud, v);
    }
    return r;
}

int sh_var_each(sh_state *st, sh_var_iter_fn fn, void *ud)
{
    size_t cap = 0;
    for (int l = 0; l < st->nscopes; l++) cap += st->scopes[l]->n;
    sh_var **list = sk_malloc(st->a, (cap + 1) * sizeof *list);
    if (!list) return SH_E_NOMEM;
    size_t n = 0;
    for (int l = st->nscopes - 1; l >= 0; l--) {
        sh_vtab *t = st->scopes[l];
        for (uint32_t i = 0; i < t->cap; i++) {
            sh_var *v = t->slots[i];
            if (!v || v == SH_TOMB) continue;
            /* shadowed by an inner scope? */
            int shadowed = 0;
            for (int k = l + 1; k < st->nscopes && !shadowed; k++)
                if (sh_vtab_find(st->scopes[k], v->name, v->namelen) >= 0) shadowed = 1;
            if (!shadowed) list[n++] = v;
        }
    }
    int r = each_sorted(st, list, n, fn, ud);
    sk_free(st->a, list);
    return r;
}

int sh_var_each_scope(sh_state *st, int scope, sh_var_iter_fn fn, void *ud)
{
    if (scope < 0 || scope >= st->nscopes) return 0;
    sh_vtab *t = st->scopes[scope];
    sh_var **list = sk_malloc(st->a, (t->n + 1) * sizeof *list);
    if (!list) return SH_E_NOMEM;
    size_t n = 0;
    for (uint32_t i = 0; i < t->cap; i++)
        if (t->slots[i] && t->slots[i] != SH_TOMB) list[n++] = t->slots[i];
    int r = each_sorted(st, list, n, fn, ud);
    sk_free(st->a, list);
    return r;
}

static int cmp_str_ptr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The exported variables, innermost scope first, each name once, sorted.
 * Only exported variables are looked at, and dynamic ones are not
 * computed unless exported (reading RANDOM must not happen here). */
char **sh_envp(sh_state *st)
{
    sh_strvec out = { NULL, 0, 0, st->a };
    sh_strvec seen = { NULL, 0, 0, st->a };   /* names, borrowed */
    int err = 0;
    for (int l = st->nscopes - 1; l >= 0 && !err; l--) {
        sh_vtab *t = st->scopes[l];
        if (!t->n) continue;
        for (uint32_t i = 0; i < t->cap && !err; i++) {
            sh_var *v = t->slots[i];
            if (!v || v == SH_TOMB) continue;
            if (!(v->attr & SH_A_EXPORT) || (v->attr & SH_A_INVISIBLE) || v->kind != SH_VK_STR) continue;
            /* a variable shadowed by an inner one of the same name hides it */
            int shadowed = 0;
            for (int k = l + 1; k < st->nscopes && !shadowed; k++)
                if (st->scopes[k]->n && sh_vtab_find(st->scopes[k], v->name, v->namelen) >= 0) shadowed = 1;
            if (shadowed) continue;
            sh_var *val = v->dyn ? dyn_value(st, v) : v;
            if (!val) { err = 1; break; }
            size_t nl = v->namelen, vl = val->v.s.len;
            char *s = sk_malloc(st->a, nl + vl + 2);
            if (!s) { err = 1; break; }
            memcpy(s, v->name, nl);
            s[nl] = '=';
            if (vl) memcpy(s + nl + 1, val->v.s.p, vl);
            s[nl + 1 + vl] = 0;
            if (sh_strvec_push(&out, s)) { sk_free(st->a, s); err = 1; }
        }
    }
    sh_strvec_free(&seen, 0);
    if (!err && out.n > 1) qsort(out.v, out.n, sizeof *out.v, cmp_str_ptr);
    if (err || sh_strvec_push(&out, NULL)) {
        sh_strvec_free(&out, 1);
        return NULL;
    }
    return out.v;
}

void sh_envp_free(sh_state *st, char **envp)
{
    if (!envp) return;
    for (char **p = envp; *p; p++) sk_free(st->a, *p);
    sk_free(st->a, envp);
}
