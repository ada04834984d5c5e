/* gc.c — deallocation and the cycle collector.
 *
 * Reference counting frees most objects; containers (objects whose type has
 * PY_TF_GC) are also linked into I->gc so that a CPython-style trial-deletion
 * pass can find unreachable cycles: copy every refcount, subtract the
 * references containers hold to each other, and whatever is left with no
 * outside reference (and is not reachable from something that has one) is
 * garbage; its references are then cleared, which frees it.
 *
 * Deep structures (a million nested lists) must not recurse on the C stack
 * when they die: py_dealloc defers containers past a small nesting depth to
 * a "trash" list drained by the outermost call.
 *
 * Finalizers (a class's __del__, closing a generator suspended inside a
 * try/with) need Python code, which must not run wherever a reference
 * happens to drop.  A dying object that needs one is resurrected, marked
 * finalized (bit 30 of its gcrefs word) and queued; the VM runs the queue at
 * safe points (after the instructions that drop references, and at its
 * periodic check), then drops the queue's reference — which frees the object
 * unless the finalizer resurrected it.  The collector treats unreachable
 * objects that need a finalizer the same way and collects them once they have
 * been finalized (CPython's PEP 442 behaviour).
 *
 * Must never: recurse without bound, run Python code (py_run_finalizers is
 * the one exception and is only called at safe points).
 */
#include <string.h>

#include "py/core.h"

#define UNREACH 0x80000000u
#define FINALIZED 0x40000000u
#define COUNT 0x3fffffffu
#define TRASH_DEPTH 50

static inline int tracked(py_obj *o)
{
    return (o->type->flags & PY_TF_GC) && PY_GCHEAD(o)->prev != NULL;
}

void py_gc_track(py_interp *I, py_obj *o)
{
    py_gchead *g = PY_GCHEAD(o);
    if (g->prev) return;
    g->next = &I->gc;
    g->prev = I->gc.prev;
    I->gc.prev->next = g;
    I->gc.prev = g;
    I->gc_tracked++;
    I->gc_since++;
}

void py_gc_untrack(py_interp *I, py_obj *o)
{
    py_gchead *g = PY_GCHEAD(o);
    if (!g->prev) return;
    g->prev->next = g->next;
    g->next->prev = g->prev;
    g->prev = g->next = NULL;
    I->gc_tracked--;
    /* like CPython's young-generation count: containers that die young do
     * not bring the next collection closer */
    if (I->gc_since) I->gc_since--;
}

/* Does this object still need its finalizer run? */
static int wants_finalizer(py_interp *I, py_obj *o)
{
    if (!(o->type->flags & PY_TF_FINALIZE) || (o->gcrefs & FINALIZED) || I->fin_disabled) return 0;
    if (o->type->flags & PY_TF_HEAP) return 1;   /* a class with __del__ */
    py_gen *g = (py_gen *)o;
    /* a suspended generator: close() can only run code if the yield sits in
     * a try/with block or delegates (yield from / await) */
    return g->state == PY_GEN_SUSPENDED && g->frame && py_frame_in_try(g->frame);
}

/* Queue `o` (whose reference the caller hands over) for finalization. */
static int finq_push(py_interp *I, py_obj *o)
{
    if (I->finq_n == I->finq_cap) {
        if (I->finq_head) {
            memmove(I->finq, I->finq + I->finq_head, (I->finq_n - I->finq_head) * sizeof(py_obj *));
            I->finq_n -= I->finq_head;
            I->finq_head = 0;
        } else {
            size_t nc = I->finq_cap ? I->finq_cap * 2 : 16;
            py_obj **q = py_realloc(I, I->finq, I->finq_cap * sizeof(py_obj *), nc * sizeof(py_obj *));
            if (!q) { py_err_clear(I); return -1; }
            I->finq = q;
            I->finq_cap = nc;
        }
    }
    o->gcrefs |= FINALIZED;
    I->finq[I->finq_n++] = o;
    if (!I->fin_running) I->fin_signal = 1;
    return 0;
}

void py_dealloc(py_interp *I, py_obj *o)
{
    if (__builtin_expect((o->type->flags & PY_TF_FINALIZE) != 0, 0) && wants_finalizer(I, o)) {
        o->rc = 1;                                   /* the queue's reference */
        if (finq_push(I, o) == 0) return;
        o->rc = 0;
    }
    if (I->dealloc_depth >= TRASH_DEPTH && (o->type->flags & PY_TF_GC)) {
        py_gc_untrack(I, o);
        py_gchead *g = PY_GCHEAD(o);
        g->next = I->trash;
        I->trash = g;
        return;
    }
    I->dealloc_depth++;
    o->type->s.dealloc(I, o);
    I->dealloc_depth--;
    if (I->dealloc_depth == 0) {
        while (I->trash) {
            py_gchead *g = I->trash;
            I->trash = g->next;
            g->next = NULL;
            py_obj *t = PY_GCOBJ(g);
            I->dealloc_depth++;
            t->type->s.dealloc(I, t);
            I->dealloc_depth--;
        }
    }
}

/* ---- collector ---------------------------------------------------------------- */
static void visit_decref(py_val v, void *ctx)
{
    (void)ctx;
    if (!py_is_ptr(v)) return;
    py_obj *o = PY_OBJ(v);
    if (tracked(o) && (o->gcrefs & COUNT) > 0) o->gcrefs--;
}

typedef struct reach_ctx { py_interp *I; py_gchead *list; } reach_ctx;

static void list_move_tail(py_gchead *g, py_gchead *list)
{
    g->prev->next = g->next;
    g->next->prev = g->prev;
    g->next = list;
    g->prev = list->prev;
    list->prev->next = g;
    list->prev = g;
}

static void visit_reach(py_val v, void *ctx)
{
    reach_ctx *c = ctx;
    if (!py_is_ptr(v)) return;
    py_obj *o = PY_OBJ(v);
    if (!tracked(o)) return;
    if (o->gcrefs & UNREACH) {
        o->gcrefs = (o->gcrefs & FINALIZED) | 1;
        list_move_tail(PY_GCHEAD(o), c->list);
    } else if ((o->gcrefs & COUNT) == 0) {
        o->gcrefs |= 1;
    }
}

size_t py_gc_collect(py_interp *I)
{
    if (I->gc_running) return 0;
    I->gc_running = 1;
    py_gchead *list = &I->gc;
    for (py_gchead *g = list->next; g != list; g = g->next)
        PY_GCOBJ(g)->gcrefs = (PY_GCOBJ(g)->gcrefs & FINALIZED) | (PY_GCOBJ(g)->rc & COUNT);
    for (py_gchead *g = list->next; g != list; g = g->next) {
        py_obj *o = PY_GCOBJ(g);
        if (o->type->s.traverse) o->type->s.traverse(o, visit_decref, NULL);
    }
    py_gchead unreach = { &unreach, &unreach };
    reach_ctx rc = { I, list };
    py_gchead *g = list->next;
    while (g != list) {
        py_gchead *next = g->next;
        py_obj *o = PY_GCOBJ(g);
        if (o->gcrefs & COUNT) {
            if (o->type->s.traverse) o->type->s.traverse(o, visit_reach, &rc);
            next = g->next;   /* traversal may have appended to the list, not moved g */
        } else {
            o->gcrefs = (o->gcrefs & FINALIZED) | UNREACH;
            list_move_tail(g, &unreach);
        }
        g = next;
    }
    size_t n = 0;
    int finalize = 0;
    for (g = unreach.next; g != &unreach; g = g->next) {
        PY_GCOBJ(g)->gcrefs &= FINALIZED;
        if (wants_finalizer(I, PY_GCOBJ(g))) finalize = 1;
    }
    if (finalize) {
        /* run the finalizers first; what stays unreachable is collected
         * by a later pass (the finalized bit keeps them from running twice) */
        for (g = unreach.next; g != &unreach; g = g->next) {
            py_obj *o = PY_GCOBJ(g);
            if (wants_finalizer(I, o)) {
                o->rc++;
                if (finq_push(I, o)) o->rc--;
            }
        }
        while (unreach.next != &unreach) list_move_tail(unreach.next, list);
        I->gc_since = 0;
        I->gc_running = 0;
        return 0;
    }
    for (g = unreach.next; g != &unreach; g = g->next) {
        PY_GCOBJ(g)->rc++;
        n++;
    }
    for (g = unreach.next; g != &unreach; g = g->next) {
        py_obj *o = PY_GCOBJ(g);
        if (o->type->s.clear) o->type->s.clear(I, o);
    }
    while (unreach.next != &unreach) {
        g = unreach.next;
        list_move_tail(g, list);
        py_decref(I, PY_VAL(PY_GCOBJ(g)));
    }
    I->gc_since = 0;
    I->gc_running = 0;
    return n;
}

void py_gc_maybe_collect(py_interp *I)
{
    if (!I->gc_enabled || I->gc_running) return;
    if (I->gc_since < I->gc_threshold) return;
    py_gc_collect(I);
    size_t t = I->gc_tracked;
    I->gc_threshold = t < 20000 ? 20000 : t;
}

void py_gc_teardown(py_interp *I)
{
    /* Clear every remaining container so refcounts drop; repeat while
     * progress is made. */
    py_gc_collect(I);
    for (int round = 0; round < 4 && I->gc.next != &I->gc; round++) {
        py_gchead *list = &I->gc;
        for (py_gchead *g = list->next; g != list; g = g->next) PY_GCOBJ(g)->rc++;
        for (py_gchead *g = list->next; g != list; g = g->next) {
            py_obj *o = PY_GCOBJ(g);
            if (o->type->s.clear) o->type->s.clear(I, o);
        }
        py_gchead tmp = { &tmp, &tmp };
        while (list->next != list) list_move_tail(list->next, &tmp);
        while (tmp.next != &tmp) {
            py_gchead *g = tmp.next;
            list_move_tail(g, list);
            py_decref(I, PY_VAL(PY_GCOBJ(g)));
        }
    }
}

/* ---- finalizers ------------------------------------------------------------------ */
int py_format_exception(py_interp *I, py_val exc, sk_buf *out);

static void err_restore(py_interp *I, py_val e)
{
    if (I->exc) py_decref(I, e);
    else I->exc = e;
}

void py_write_unraisable(py_interp *I, const char *msg, py_val obj)
{
    py_val exc = py_err_fetch(I);
    if (!exc) return;
    if (PY_EXC(exc)->fatal) { err_restore(I, exc); return; }
    /* CPython adds the current frame when the exception has no traceback */
    py_frame *cf = I->frame;
    if (!PY_EXC(exc)->tb && cf && cf->code && cf->ip > cf->code->code && !(cf->code->flags & PY_CO_HOST))
        py_tb_add(I, exc, cf->code, (uint32_t)(cf->ip - cf->code->code) - 1);
    sk_buf b = SK_BUF_INIT(I->alloc);
    sk_buf_puts(&b, msg);
    if (obj) {
        py_val r = py_repr(I, obj);
        if (r) { sk_buf_put(&b, py_str_data(r), py_str_len(r)); py_decref(I, r); }
        else py_err_clear(I);
    }
    sk_buf_puts(&b, obj ? "\n" : ":\n");
    I->tb_plain = 1;
    py_format_exception(I, exc, &b);
    I->tb_plain = 0;
    py_write(I, 2, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    py_err_clear(I);
    py_decref(I, exc);
}

static void finalize_one(py_interp *I, py_obj *o)
{
    py_val self = PY_VAL(o);
    if (!(o->type->flags & PY_TF_HEAP)) {
        py_val r = py_gen_close(I, self);
        if (r) py_decref(I, r);
        else if (!I->fatal) py_write_unraisable(I, "Exception ignored in: ", self);
        return;
    }
    py_val del = py_type_lookup(I, o->type, PY_ID(I, __del__));
    if (!del) return;
    py_incref(del);
    py_val m = py_lookup_special(I, self, PY_ID(I, __del__));
    py_val r = m ? py_call0(I, m) : PY_NULL;
    py_xdecref(I, m);
    if (r) py_decref(I, r);
    else if (!I->fatal) py_write_unraisable(I, "Exception ignored in: ", del);
    py_decref(I, del);
}

int py_run_finalizers(py_interp *I)
{
    if (I->fin_running) return 0;
    I->fin_signal = 0;
    if (I->finq_head == I->finq_n) return 0;
    I->fin_running = 1;
    py_val saved = py_err_fetch(I);
    while (I->finq_head < I->finq_n) {
        py_obj *o = I->finq[I->finq_head++];
        if (!I->fatal) finalize_one(I, o);
        py_decref(I, PY_VAL(o));
        if (I->fatal) break;
    }
    if (I->finq_head == I->finq_n) I->finq_head = I->finq_n = 0;
    I->fin_running = 0;
    if (I->fatal) {
        /* a limit was hit inside a finalizer: that error wins */
        if (!py_err_occurred(I)) { if (saved) err_restore(I, saved); else return 0; }
        else py_xdecref(I, saved);
        return -1;
    }
    if (saved) err_restore(I, saved);
    return 0;
}

/* Teardown: drop what is still queued without running it. */
void py_finalizers_drop(py_interp *I)
{
    I->fin_disabled = 1;
    while (I->finq_head < I->finq_n) {
        py_obj *o = I->finq[I->finq_head++];
        py_decref(I, PY_VAL(o));
    }
    if (I->finq) py_free(I, I->finq, I->finq_cap * sizeof(py_obj *));
    I->finq = NULL;
    I->finq_head = I->finq_n = I->finq_cap = 0;
}
