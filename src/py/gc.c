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
 * Must never: recurse without bound, run Python code.
 */
#include "py/core.h"

#define UNREACH 0x80000000u
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

void py_dealloc(py_interp *I, py_obj *o)
{
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
    if (tracked(o) && (o->gcrefs & ~UNREACH) > 0) o->gcrefs--;
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
        o->gcrefs = 1;
        list_move_tail(PY_GCHEAD(o), c->list);
    } else if (o->gcrefs == 0) {
        o->gcrefs = 1;
    }
}

size_t py_gc_collect(py_interp *I)
{
    if (I->gc_running) return 0;
    I->gc_running = 1;
    py_gchead *list = &I->gc;
    for (py_gchead *g = list->next; g != list; g = g->next) PY_GCOBJ(g)->gcrefs = PY_GCOBJ(g)->rc;
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
        if (o->gcrefs > 0) {
            if (o->type->s.traverse) o->type->s.traverse(o, visit_reach, &rc);
            next = g->next;   /* traversal may have appended to the list, not moved g */
        } else {
            o->gcrefs = UNREACH;
            list_move_tail(g, &unreach);
        }
        g = next;
    }
    size_t n = 0;
    for (g = unreach.next; g != &unreach; g = g->next) {
        PY_GCOBJ(g)->rc++;
        PY_GCOBJ(g)->gcrefs = 0;
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
