/* vm.c — bc's bytecode machine: values on a heap stack, calls as heap
 * frames, bc's dynamic scoping through a save stack (a call saves the
 * caller's values of its parameters and autos and restores them on
 * return), arrays as sparse hash maps, and output with GNU bc's line
 * continuation.  A runtime error is reported as GNU bc reports it and
 * abandons the rest of the current line's code. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bc.h"

/* ---- arrays --------------------------------------------------------------- */

struct bc_arr {
    int refs;
    uint32_t *keys;        /* index + 1 (0 = empty slot) */
    bcn **vals;
    size_t cap, count;
};

static bc_arr *arr_new(bc *b)
{
    bc_arr *a = sk_malloc(b->c->a, sizeof *a);
    if (a) memset(a, 0, sizeof *a), a->refs = 1;
    return a;
}

static void arr_unref(bc *b, bc_arr *a)
{
    if (!a || --a->refs) return;
    for (size_t i = 0; i < a->cap; i++)
        if (a->keys[i]) bcn_unref(&b->m, a->vals[i]);
    sk_free(b->c->a, a->keys);
    sk_free(b->c->a, a->vals);
    sk_free(b->c->a, a);
}

static size_t arr_slot(const bc_arr *a, uint32_t key)
{
    size_t mask = a->cap - 1, i = (key * 2654435761u) & mask;
    while (a->keys[i] && a->keys[i] != key) i = (i + 1) & mask;
    return i;
}

static bcn *arr_get(const bc_arr *a, uint32_t idx)
{
    if (!a || !a->cap) return NULL;
    size_t i = arr_slot(a, idx + 1);
    return a->keys[i] ? a->vals[i] : NULL;
}

/* Takes the reference v. */
static int arr_set(bc *b, bc_arr *a, uint32_t idx, bcn *v)
{
    if ((a->count + 1) * 2 > a->cap) {
        size_t ncap = a->cap ? a->cap * 2 : 16;
        uint32_t *nk = sk_calloc(b->c->a, ncap, sizeof *nk);
        bcn **nv = nk ? sk_calloc(b->c->a, ncap, sizeof *nv) : NULL;
        if (!nv) { sk_free(b->c->a, nk); bcn_unref(&b->m, v); return -1; }
        bc_arr old = *a;
        a->keys = nk;
        a->vals = nv;
        a->cap = ncap;
        for (size_t i = 0; i < old.cap; i++) {
            if (!old.keys[i]) continue;
            size_t j = arr_slot(a, old.keys[i]);
            a->keys[j] = old.keys[i];
            a->vals[j] = old.vals[i];
        }
        sk_free(b->c->a, old.keys);
        sk_free(b->c->a, old.vals);
    }
    size_t i = arr_slot(a, idx + 1);
    if (a->keys[i]) {
        bcn_unref(&b->m, a->vals[i]);
    } else {
        a->keys[i] = idx + 1;
        a->count++;
    }
    a->vals[i] = v;
    return 0;
}

static bc_arr *arr_copy(bc *b, const bc_arr *src)
{
    bc_arr *a = arr_new(b);
    if (!a || !src) return a;
    for (size_t i = 0; i < src->cap; i++) {
        if (!src->keys[i]) continue;
        if (arr_set(b, a, src->keys[i] - 1, bcn_ref(src->vals[i]))) { arr_unref(b, a); return NULL; }
    }
    return a;
}

/* ---- symbols, constants, strings ------------------------------------------------ */

int bc_sym_id(bc *b, const char *name, size_t len)
{
    for (int i = 0; i < b->nsyms; i++)
        if (strlen(b->syms[i].name) == len && !memcmp(b->syms[i].name, name, len)) return i;
    if (b->nsyms >= 32767) return -1;
    if (b->nsyms == b->capsyms) {
        int ncap = b->capsyms ? b->capsyms * 2 : 64;
        bc_sym *n = sk_realloc(b->c->a, b->syms, (size_t)ncap * sizeof *n);
        if (!n) return -1;
        b->syms = n;
        b->capsyms = ncap;
    }
    bc_sym *s = &b->syms[b->nsyms];
    memset(s, 0, sizeof *s);
    s->name = sk_strndup(b->c->a, name, len);
    if (!s->name) return -1;
    return b->nsyms++;
}

int bc_add_const(bc *b, const char *text, size_t len)
{
    if (b->nconsts == b->capconsts) {
        int ncap = b->capconsts ? b->capconsts * 2 : 64;
        bc_const *n = sk_realloc(b->c->a, b->consts, (size_t)ncap * sizeof *n);
        if (!n) return -1;
        b->consts = n;
        b->capconsts = ncap;
    }
    bc_const *k = &b->consts[b->nconsts];
    memset(k, 0, sizeof *k);
    k->text = sk_strndup(b->c->a, text ? text : "", len);
    if (!k->text) return -1;
    k->len = len;
    return b->nconsts++;
}

int bc_add_str(bc *b, const char *s, size_t len)
{
    if (b->nstrs == b->capstrs) {
        int ncap = b->capstrs ? b->capstrs * 2 : 32;
        char **n = sk_realloc(b->c->a, b->strs, (size_t)ncap * sizeof *n);
        if (!n) return -1;
        b->strs = n;
        b->capstrs = ncap;
    }
    b->strs[b->nstrs] = sk_strndup(b->c->a, s, len);
    if (!b->strs[b->nstrs]) return -1;
    return b->nstrs++;
}

/* ---- output ------------------------------------------------------------------------- */

void bc_out_char(bc *b, int ch)
{
    if (ch == '\n') {
        b->col = 0;
    } else {
        b->col++;
        if (b->line_len && b->col == b->line_len - 1) {
            sk_out_write(&b->c->out, "\\\n", 2);
            b->col = 1;
        }
    }
    sk_out_putc(&b->c->out, ch);
}

static void out_str(bc *b, const char *s)
{
    while (*s) bc_out_char(b, (unsigned char)*s++);
}

static void out_long(bc *b, int64_t v, int width, int space)
{
    char buf[32];
    if (space) bc_out_char(b, ' ');
    int n = snprintf(buf, sizeof buf, "%lld", (long long)v);
    for (int i = n; i < width; i++) bc_out_char(b, '0');
    out_str(b, buf);
}

void bc_print_num(bc *b, const bcn *n)
{
    bcm *m = &b->m;
    if (n->neg) bc_out_char(b, '-');
    if (bcn_is_zero(n)) {
        bc_out_char(b, '0');
        return;
    }
    if (b->obase == 10) {
        int64_t i = 0;
        if (n->len > 1 || n->d[0] != 0)
            for (; i < n->len; i++) bc_out_char(b, '0' + n->d[i]);
        else
            i = 1;
        if (n->scale) {
            bc_out_char(b, '.');
            for (int64_t k = 0; k < n->scale; k++) bc_out_char(b, '0' + n->d[n->len + k]);
        }
        return;
    }
    static const char digits[] = "0123456789ABCDEF";
    int dz;
    bcn *base = bcn_from_long(m, b->obase);
    bcn *maxd = bcn_from_long(m, b->obase - 1);
    bcn *ipart = NULL, *fpart = NULL;
    int64_t *stack = NULL;
    size_t ns = 0, cs = 0;
    int width = maxd ? (int)maxd->len : 1;
    if (!base || !maxd) goto done;
    ipart = bcn_div(m, n, m->one, 0, &dz);
    if (!ipart) goto done;
    fpart = bcn_sub(m, n, ipart, 0);
    if (!fpart) goto done;
    ipart->neg = 0;
    fpart->neg = 0;
    while (!bcn_is_zero(ipart)) {
        bcn *d = bcn_mod(m, ipart, base, 0, &dz);
        if (!d) goto done;
        int of;
        int64_t v = bcn_to_long(d, &of);
        bcn_unref(m, d);
        if (ns == cs) {
            size_t nc = cs ? cs * 2 : 32;
            int64_t *st = sk_realloc(b->c->a, stack, nc * sizeof *st);
            if (!st) goto done;
            stack = st;
            cs = nc;
        }
        stack[ns++] = v;
        bcn *q = bcn_div(m, ipart, base, 0, &dz);
        bcn_unref(m, ipart);
        if (!(ipart = q)) goto done;
    }
    while (ns > 0) {
        int64_t v = stack[--ns];
        if (b->obase <= 16) bc_out_char(b, digits[v]);
        else out_long(b, v, width, 1);
    }
    if (n->scale > 0) {
        bc_out_char(b, '.');
        int pre_space = 0;
        bcn *t = bcn_ref(m->one);
        while (t->len <= n->scale) {
            bcn *x = bcn_mul(m, fpart, base, n->scale);
            bcn_unref(m, fpart);
            if (!(fpart = x)) break;
            int of;
            int64_t v = bcn_to_long(fpart, &of);
            bcn *iv = bcn_from_long(m, v);
            if (!iv) break;
            x = bcn_sub(m, fpart, iv, 0);
            bcn_unref(m, iv);
            bcn_unref(m, fpart);
            if (!(fpart = x)) break;
            if (b->obase <= 16) bc_out_char(b, digits[v]);
            else { out_long(b, v, width, pre_space); pre_space = 1; }
            x = bcn_mul(m, t, base, 0);
            bcn_unref(m, t);
            if (!(t = x)) break;
        }
        bcn_unref(m, t);
    }
done:
    sk_free(b->c->a, stack);
    bcn_unref(m, ipart);
    bcn_unref(m, fpart);
    bcn_unref(m, base);
    bcn_unref(m, maxd);
}

/* print's string escapes: \a \b \f \n \q \r \t \\; others vanish */
static void print_escaped(bc *b, const char *s)
{
    for (; *s; s++) {
        if (*s != '\\') { bc_out_char(b, (unsigned char)*s); continue; }
        char c = *++s;
        if (!c) break;
        switch (c) {
        case 'a': bc_out_char(b, '\a'); break;
        case 'b': bc_out_char(b, '\b'); break;
        case 'f': bc_out_char(b, '\f'); break;
        case 'n': bc_out_char(b, '\n'); break;
        case 'q': bc_out_char(b, '"'); break;
        case 'r': bc_out_char(b, '\r'); break;
        case 't': bc_out_char(b, '\t'); break;
        case '\\': bc_out_char(b, '\\'); break;
        default: break;
        }
    }
}

/* ---- errors ------------------------------------------------------------------ */

static const char *cur_fn_name(bc *b)
{
    if (!b->nframes) return "(main)";
    int fn = b->frames[b->nframes - 1].fn;
    return fn < 0 ? "(main)" : b->syms[fn].name;
}

static size_t cur_adr(bc *b)
{
    return b->nframes ? b->frames[b->nframes - 1].pc : 0;
}

static void report(bc *b, const char *kind, const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    sk_out_flush(&b->c->out);
    sk_out_printf(&b->c->err, "Runtime %s (func=%s, adr=%zu): %s\n", kind, cur_fn_name(b), cur_adr(b), msg);
    sk_out_flush(&b->c->err);
}

void bc_rt_error(bc *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(b, "error", fmt, ap);
    va_end(ap);
}

void bc_rt_warn(bc *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(b, "warning", fmt, ap);
    va_end(ap);
}

int bc_stop_check(void *ud)
{
    bc *b = ud;
    return cmd_aborted(b->c);
}

/* ---- the stacks ------------------------------------------------------------------- */

static int push(bc *b, bc_val v)
{
    if (b->sp == b->capstack) {
        size_t ncap = b->capstack ? b->capstack * 2 : 64;
        bc_val *n = sk_realloc(b->c->a, b->stack, ncap * sizeof *n);
        if (!n) {
            if (v.kind == 0) bcn_unref(&b->m, v.n);
            if (v.kind == 1) arr_unref(b, v.arr);
            return -1;
        }
        b->stack = n;
        b->capstack = ncap;
    }
    b->stack[b->sp++] = v;
    return 0;
}

static int push_num(bc *b, bcn *n)
{
    if (!n) return -1;
    bc_val v = { 0, n, NULL };
    return push(b, v);
}

static void val_free(bc *b, bc_val *v)
{
    if (v->kind == 0) bcn_unref(&b->m, v->n);
    else if (v->kind == 1) arr_unref(b, v->arr);
    v->n = NULL;
    v->arr = NULL;
}

/* Pop a number (a void value counts as 0). */
static bcn *pop_num(bc *b)
{
    bc_val v = b->stack[--b->sp];
    if (v.kind == 0) return v.n;
    val_free(b, &v);
    return bcn_ref(b->m.zero);
}

static int save_binding(bc *b, int kind, int id)
{
    if (b->nsaves == b->capsaves) {
        size_t ncap = b->capsaves ? b->capsaves * 2 : 64;
        bc_save *n = sk_realloc(b->c->a, b->saves, ncap * sizeof *n);
        if (!n) return -1;
        b->saves = n;
        b->capsaves = ncap;
    }
    bc_save *s = &b->saves[b->nsaves++];
    s->kind = kind;
    s->id = id;
    if (kind == 0) { s->n = b->syms[id].var; s->arr = NULL; b->syms[id].var = NULL; }
    else { s->arr = b->syms[id].arr; s->n = NULL; b->syms[id].arr = NULL; }
    return 0;
}

static void restore_to(bc *b, size_t base)
{
    while (b->nsaves > base) {
        bc_save *s = &b->saves[--b->nsaves];
        if (s->kind == 0) {
            bcn_unref(&b->m, b->syms[s->id].var);
            b->syms[s->id].var = s->n;
        } else {
            arr_unref(b, b->syms[s->id].arr);
            b->syms[s->id].arr = s->arr;
        }
    }
}

/* ---- special variables ------------------------------------------------------------ */

static bcn *load_special(bc *b, int k)
{
    switch (k) {
    case 0: return bcn_from_long(&b->m, b->scale);
    case 1: return bcn_from_long(&b->m, b->ibase);
    case 2: return bcn_from_long(&b->m, b->obase);
    default: return bcn_ref(b->last ? b->last : b->m.zero);
    }
}

static void store_special(bc *b, int k, const bcn *v)
{
    int of;
    int64_t x = bcn_to_long(v, &of);
    if (of) x = v->neg ? INT64_MIN : INT64_MAX;
    switch (k) {
    case 0:
        if (x < 0) { bc_rt_warn(b, "negative scale, set to 0"); x = 0; }
        else if (x > BC_SCALE_MAX) { bc_rt_warn(b, "scale too large, set to %d", BC_SCALE_MAX); x = BC_SCALE_MAX; }
        b->scale = x;
        break;
    case 1:
        if (x < 2) { bc_rt_warn(b, "ibase too small, set to 2"); x = 2; }
        else if (x > 16) { bc_rt_warn(b, "ibase too large, set to 16"); x = 16; }
        b->ibase = x;
        break;
    case 2:
        if (x < 2) { bc_rt_warn(b, "obase too small, set to 2"); x = 2; }
        else if (x > BC_BASE_MAX) { bc_rt_warn(b, "obase too large, set to %d", BC_BASE_MAX); x = BC_BASE_MAX; }
        b->obase = x;
        break;
    default: {
        bcn *n = bcn_ref((bcn *)v);
        bcn_unref(&b->m, b->last);
        b->last = n;
        break;
    }
    }
}

static int array_index(bc *b, int id, uint32_t *out)
{
    bcn *i = pop_num(b);
    int of;
    int64_t v = bcn_to_long(i, &of);
    bcn_unref(&b->m, i);
    if (of || v < 0 || v > BC_DIM_MAX) {
        bc_rt_error(b, "Array %s subscript out of bounds.", b->syms[id].name);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* ---- calls --------------------------------------------------------------------------- */

static int push_frame(bc *b, int fn, const uint32_t *code, size_t stack_base, size_t save_base)
{
    if (b->nframes >= BC_MAX_CALL_DEPTH) {
        bc_rt_error(b, "Function call nesting too deep (more than %d calls).", BC_MAX_CALL_DEPTH);
        return -1;
    }
    if (b->nframes == b->capframes) {
        size_t ncap = b->capframes ? b->capframes * 2 : 16;
        bc_frame *n = sk_realloc(b->c->a, b->frames, ncap * sizeof *n);
        if (!n) return -1;
        b->frames = n;
        b->capframes = ncap;
    }
    bc_frame *f = &b->frames[b->nframes++];
    f->fn = fn;
    f->code = code;
    f->pc = 0;
    f->stack_base = stack_base;
    f->save_base = save_base;
    return 0;
}

static int do_call(bc *b, int fid, int nargs)
{
    bc_fn *f = &b->syms[fid].fn;
    if (!f->defined) {
        bc_rt_error(b, "Function %s not defined.", b->syms[fid].name);
        return -1;
    }
    if (nargs != f->nparams) {
        bc_rt_error(b, "Parameter number mismatch");
        return -1;
    }
    bc_val *args = b->stack + b->sp - nargs;
    for (int i = 0; i < nargs; i++) {
        int want_arr = f->pkind[i] != BCP_SCALAR;
        if (want_arr != (args[i].kind == 1)) {
            bc_rt_error(b, "Parameter type mismatch parameter %s.", b->syms[f->pid[i]].name);
            return -1;
        }
    }
    if (f->native) {
        bcn *nums[2] = { NULL, NULL };
        for (int i = 0; i < nargs && i < 2; i++) nums[i] = args[i].n;
        int err = 0;
        bcn *r = bc_math(b, f->native, nums, b->scale, &err);
        while (b->sp > 0 && nargs-- > 0) val_free(b, &b->stack[--b->sp]);
        if (!r) {
            if (!err) bc_rt_error(b, "out of memory");
            return -1;
        }
        return push_num(b, r);
    }
    size_t save_base = b->nsaves;
    /* bind parameters (the arguments were evaluated in the caller's scope) */
    for (int i = 0; i < nargs; i++) {
        int id = f->pid[i];
        bc_val *a = &b->stack[b->sp - nargs + i];
        if (f->pkind[i] == BCP_SCALAR) {
            if (save_binding(b, 0, id)) goto oom;
            b->syms[id].var = a->n;
            a->n = NULL;
        } else {
            bc_arr *src = a->arr;
            bc_arr *arr = f->pkind[i] == BCP_ARRAY_REF ? (src->refs++, src) : arr_copy(b, src);
            if (!arr || save_binding(b, 1, id)) { arr_unref(b, arr); goto oom; }
            b->syms[id].arr = arr;
        }
    }
    for (int i = 0; i < nargs; i++) val_free(b, &b->stack[--b->sp]);
    for (int i = 0; i < f->nautos; i++)
        if (save_binding(b, f->akind[i] == BCP_SCALAR ? 0 : 1, f->aid[i])) goto oom;
    return push_frame(b, fid, f->code, b->sp, save_base);
oom:
    bc_rt_error(b, "out of memory");
    return -1;
}

/* ---- the loop -------------------------------------------------------------------------- */

static bcn *constant(bc *b, int idx)
{
    bc_const *k = &b->consts[idx];
    if (k->base != (int)b->ibase || !k->value) {
        bcn_unref(&b->m, k->value);
        k->value = bcn_from_text(&b->m, k->text, k->len, (int)b->ibase);
        k->base = k->value ? (int)b->ibase : 0;
        if (!k->value) return NULL;
    }
    return bcn_ref(k->value);
}

static bcn *arith(bc *b, int op, bcn *x, bcn *y)
{
    bcm *m = &b->m;
    int dz = 0, neg = 0;
    bcn *r = NULL;
    switch (op) {
    case OP_ADD: r = bcn_add(m, x, y, 0); break;
    case OP_SUB: r = bcn_sub(m, x, y, 0); break;
    case OP_MUL: r = bcn_mul(m, x, y, b->scale); break;
    case OP_DIV: r = bcn_div(m, x, y, b->scale, &dz); break;
    case OP_MOD: r = bcn_mod(m, x, y, b->scale, &dz); break;
    case OP_POW: {
        if (y->scale && !bcn_is_zero(y)) {
            int any = 0;
            for (int64_t i = 0; i < y->scale; i++) any |= y->d[y->len + i];
            if (any) bc_rt_warn(b, "non-zero scale in exponent");
        }
        int of;
        int64_t e = bcn_to_long(y, &of);
        if (of) {
            bc_rt_error(b, "exponent too large in raise");
            return NULL;
        }
        r = bcn_raise(m, x, e, b->scale, &dz);
        break;
    }
    default: {
        int c = bcn_cmp(x, y);
        int t = op == OP_EQ ? c == 0 : op == OP_NE ? c != 0 : op == OP_LT ? c < 0 : op == OP_LE ? c <= 0
              : op == OP_GT ? c > 0 : c >= 0;
        return bcn_ref(t ? m->one : m->zero);
    }
    }
    (void)neg;
    if (!r) {
        if (dz) bc_rt_error(b, op == OP_MOD ? "Modulo by zero" : "Divide by zero");
        else if (!m->stopped) bc_rt_error(b, "out of memory");
    }
    return r;
}

static void unwind(bc *b)
{
    while (b->sp > 0) val_free(b, &b->stack[--b->sp]);
    restore_to(b, 0);
    b->nframes = 0;
}

int bc_run(bc *b, const uint32_t *code, size_t n)
{
    (void)n;
    bcm *m = &b->m;
    if (push_frame(b, -1, code, 0, 0)) return -1;
    for (;;) {
        if ((++b->ticks & 1023) == 0 && cmd_aborted(b->c)) { b->halted = 1; goto fail; }
        if (m->stopped) { b->halted = 1; goto fail; }
        bc_frame *f = &b->frames[b->nframes - 1];
        uint32_t op = f->code[f->pc++];
        const uint32_t *arg = f->code + f->pc;
        switch (op) {
        case OP_CONST: {
            f->pc++;
            bcn *v = constant(b, (int)arg[0]);
            if (!v) { bc_rt_error(b, "out of memory"); goto fail; }
            if (push_num(b, v)) goto oom;
            break;
        }
        case OP_LOAD:
            f->pc++;
            if (push_num(b, bcn_ref(b->syms[arg[0]].var ? b->syms[arg[0]].var : m->zero))) goto oom;
            break;
        case OP_STORE: {
            f->pc++;
            bcn *v = pop_num(b);
            bcn_unref(m, b->syms[arg[0]].var);
            b->syms[arg[0]].var = bcn_ref(v);
            if (push_num(b, v)) goto oom;
            break;
        }
        case OP_LOADA: {
            f->pc++;
            uint32_t idx;
            if (array_index(b, (int)arg[0], &idx)) goto fail;
            bcn *v = arr_get(b->syms[arg[0]].arr, idx);
            if (push_num(b, bcn_ref(v ? v : m->zero))) goto oom;
            break;
        }
        case OP_STOREA: {
            f->pc++;
            bcn *v = pop_num(b);
            uint32_t idx;
            if (array_index(b, (int)arg[0], &idx)) { bcn_unref(m, v); goto fail; }
            bc_sym *s = &b->syms[arg[0]];
            if (!s->arr && !(s->arr = arr_new(b))) { bcn_unref(m, v); goto oom; }
            if (arr_set(b, s->arr, idx, bcn_ref(v))) { bcn_unref(m, v); goto oom; }
            if (push_num(b, v)) goto oom;
            break;
        }
        case OP_LOADS:
            f->pc++;
            if (push_num(b, load_special(b, (int)arg[0]))) goto oom;
            break;
        case OP_STORES: {
            f->pc++;
            bcn *v = pop_num(b);
            store_special(b, (int)arg[0], v);
            if (push_num(b, v)) goto oom;
            break;
        }
        case OP_INCV: case OP_INCA: case OP_INCS: {
            f->pc += 3;
            int id = (int)arg[0], delta = (int)arg[1] - 1, post = (int)arg[2];
            uint32_t idx = 0;
            bcn *old;
            if (op == OP_INCV) old = bcn_ref(b->syms[id].var ? b->syms[id].var : m->zero);
            else if (op == OP_INCS) old = load_special(b, id);
            else {
                if (array_index(b, id, &idx)) goto fail;
                bcn *v = arr_get(b->syms[id].arr, idx);
                old = bcn_ref(v ? v : m->zero);
            }
            if (!old) goto oom;
            bcn *nv = delta > 0 ? bcn_add(m, old, m->one, 0) : bcn_sub(m, old, m->one, 0);
            if (!nv) { bcn_unref(m, old); goto oom; }
            if (op == OP_INCV) {
                bcn_unref(m, b->syms[id].var);
                b->syms[id].var = bcn_ref(nv);
            } else if (op == OP_INCS) {
                store_special(b, id, nv);
            } else {
                bc_sym *s = &b->syms[id];
                if ((!s->arr && !(s->arr = arr_new(b))) || arr_set(b, s->arr, idx, bcn_ref(nv))) {
                    bcn_unref(m, old);
                    bcn_unref(m, nv);
                    goto oom;
                }
            }
            if (post) { bcn_unref(m, nv); nv = old; }
            else bcn_unref(m, old);
            if (push_num(b, nv)) goto oom;
            break;
        }
        case OP_DUP: {
            bc_val v = b->stack[b->sp - 1];
            if (v.kind == 0) bcn_ref(v.n);
            if (push(b, v)) goto oom;
            break;
        }
        case OP_POP:
            val_free(b, &b->stack[--b->sp]);
            break;
        case OP_NEG: {
            bcn *x = pop_num(b);
            bcn *r = bcn_neg(m, x);
            bcn_unref(m, x);
            if (push_num(b, r)) goto oom;
            break;
        }
        case OP_NOT: case OP_BOOL: {
            bcn *x = pop_num(b);
            int z = bcn_is_zero(x);
            bcn_unref(m, x);
            if (push_num(b, bcn_ref((op == OP_NOT ? z : !z) ? m->one : m->zero))) goto oom;
            break;
        }
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: case OP_POW:
        case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE: {
            bcn *y = pop_num(b), *x = pop_num(b);
            bcn *r = arith(b, (int)op, x, y);
            bcn_unref(m, x);
            bcn_unref(m, y);
            if (!r) goto fail;
            if (push_num(b, r)) goto oom;
            break;
        }
        case OP_LENGTH: case OP_SCALEOF: {
            bcn *x = pop_num(b);
            int64_t v = op == OP_LENGTH ? bcn_length(x) : x->scale;
            bcn_unref(m, x);
            if (push_num(b, bcn_from_long(m, v))) goto oom;
            break;
        }
        case OP_SQRT: {
            bcn *x = pop_num(b);
            int negative;
            bcn *r = bcn_sqrt(m, x, b->scale, &negative);
            bcn_unref(m, x);
            if (!r) {
                if (negative) bc_rt_error(b, "Square root of a negative number");
                else if (!m->stopped) bc_rt_error(b, "out of memory");
                goto fail;
            }
            if (push_num(b, r)) goto oom;
            break;
        }
        case OP_READ:
            bc_rt_error(b, "read() is not supported here");
            goto fail;
        case OP_JMP:
            f->pc = arg[0];
            break;
        case OP_JZ: case OP_JNZ: {
            f->pc++;
            bcn *x = pop_num(b);
            int z = bcn_is_zero(x);
            bcn_unref(m, x);
            if ((op == OP_JZ) == z) f->pc = arg[0];
            break;
        }
        case OP_PRINT: case OP_PRINTN: {
            bc_val v = b->stack[--b->sp];
            if (v.kind == 0) {
                bc_print_num(b, v.n);
                if (op == OP_PRINT) bc_out_char(b, '\n');
                store_special(b, 3, v.n);
            }
            val_free(b, &v);
            if (cmd_out_failed(b->c)) { b->halted = 1; goto fail; }
            break;
        }
        case OP_STR:
            f->pc++;
            out_str(b, b->strs[arg[0]]);
            break;
        case OP_PSTR:
            f->pc++;
            print_escaped(b, b->strs[arg[0]]);
            break;
        case OP_PUSHARR: {
            f->pc++;
            bc_sym *s = &b->syms[arg[0]];
            if (!s->arr && !(s->arr = arr_new(b))) goto oom;
            s->arr->refs++;
            bc_val v = { 1, NULL, s->arr };
            if (push(b, v)) goto oom;
            break;
        }
        case OP_CALL:
            f->pc += 2;
            if (do_call(b, (int)arg[0], (int)arg[1])) goto fail;
            break;
        case OP_RET: case OP_RET0: {
            bc_val v;
            if (op == OP_RET) v = b->stack[--b->sp];
            else {
                int vd = f->fn >= 0 && b->syms[f->fn].fn.is_void;
                v.kind = vd ? 2 : 0;
                v.n = vd ? NULL : bcn_ref(m->zero);
                v.arr = NULL;
            }
            while (b->sp > f->stack_base) val_free(b, &b->stack[--b->sp]);
            restore_to(b, f->save_base);
            b->nframes--;
            if (push(b, v)) goto oom;
            break;
        }
        case OP_HALT:
            b->halted = 1;
            unwind(b);
            return -1;
        case OP_END:
            unwind(b);
            return 0;
        default:
            bc_rt_error(b, "bad instruction");
            goto fail;
        }
    }
oom:
    if (!m->stopped && !cmd_aborted(b->c)) bc_rt_error(b, "out of memory");
fail:
    unwind(b);
    return -1;
}

void bc_state_free(bc *b)
{
    bcm *m = &b->m;
    unwind(b);
    for (int i = 0; i < b->nsyms; i++) {
        bc_sym *s = &b->syms[i];
        sk_free(b->c->a, s->name);
        bcn_unref(m, s->var);
        arr_unref(b, s->arr);
        sk_free(b->c->a, s->fn.code);
        sk_free(b->c->a, s->fn.pkind);
    }
    sk_free(b->c->a, b->syms);
    for (int i = 0; i < b->nconsts; i++) {
        sk_free(b->c->a, (char *)b->consts[i].text);
        bcn_unref(m, b->consts[i].value);
    }
    sk_free(b->c->a, b->consts);
    for (int i = 0; i < b->nstrs; i++) sk_free(b->c->a, b->strs[i]);
    sk_free(b->c->a, b->strs);
    bcn_unref(m, b->last);
    sk_free(b->c->a, b->stack);
    sk_free(b->c->a, b->saves);
    sk_free(b->c->a, b->frames);
    sk_free(b->c->a, b->main);
    bcm_free(m);
}
