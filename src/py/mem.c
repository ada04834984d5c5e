/* mem.c — the interpreter's allocator: size-class free lists over 64 KiB
 * pages for blocks up to 1024 bytes, individually tracked blocks above.
 * Pages and large blocks come from the shell's accounting allocator, so
 * everything counts against max_memory; teardown releases every page and
 * block at once, so nothing outlives a run even if a reference leaked.
 *
 * Must never: abort, or hand out memory not charged to I->alloc.
 */
#include <string.h>

#include "py/core.h"

/* Under AddressSanitizer every block goes to the accounting allocator on its
 * own, so a use after free is caught instead of landing in a recycled pool
 * block.  (POOLED(n) is the pool test.) */
#if defined(__SANITIZE_ADDRESS__)
#define POOLED(n) 0
#else
#define POOLED(n) ((n) <= PY_POOL_MAX)
#endif

void py_mem_init(py_interp *I)
{
    memset(&I->mem.free, 0, sizeof I->mem.free);
    I->mem.bump = I->mem.bump_end = NULL;
    I->mem.pages = NULL;
    I->mem.big.next = I->mem.big.prev = &I->mem.big;
    I->mem.nallocs = 0;
}

static void *mem_fail(py_interp *I)
{
    py_err_nomem(I);
    return NULL;
}

void *py_alloc(py_interp *I, size_t n)
{
    py_mem *m = &I->mem;
    if (m->max_allocs && ++m->nallocs > m->max_allocs) {
        m->nallocs--;
        py_err_fatal(I, PY_E_MemoryError, "allocation limit exceeded");
        return NULL;
    }
    if (POOLED(n)) {
        size_t c = n ? (n + 15) >> 4 : 1;
        void *p = m->free[c - 1];
        if (p) {
            m->free[c - 1] = *(void **)p;
            return p;
        }
        size_t sz = c << 4;
        if ((size_t)(m->bump_end - m->bump) < sz) {
            /* hand the rest of the old page to the free lists */
            while (m->bump && (size_t)(m->bump_end - m->bump) >= 16) {
                size_t rest = (size_t)(m->bump_end - m->bump);
                size_t rc = rest > PY_POOL_MAX ? PY_POOL_CLASSES : rest >> 4;
                *(void **)m->bump = m->free[rc - 1];
                m->free[rc - 1] = m->bump;
                m->bump += rc << 4;
            }
            py_page *pg = sk_alloc_sized(I->alloc, PY_PAGE_SIZE);
            if (!pg) return mem_fail(I);
            pg->next = m->pages;
            pg->size = PY_PAGE_SIZE;
            m->pages = pg;
            m->bump = (char *)pg + 16;
            m->bump_end = (char *)pg + PY_PAGE_SIZE;
        }
        p = m->bump;
        m->bump += sz;
        return p;
    }
    if (n > ((size_t)1 << 46)) { py_err_nomem_size(I, n); return NULL; }
    py_bigblk *b = sk_alloc_sized(I->alloc, n + sizeof(py_bigblk));
    if (!b) { py_err_nomem_size(I, n); return NULL; }
    b->size = n;
    b->next = m->big.next;
    b->prev = &m->big;
    m->big.next->prev = b;
    m->big.next = b;
    return b + 1;
}

void *py_zalloc(py_interp *I, size_t n)
{
    void *p = py_alloc(I, n);
    if (p) memset(p, 0, n);
    return p;
}

void py_free(py_interp *I, void *p, size_t n)
{
    if (!p) return;
    py_mem *m = &I->mem;
    if (POOLED(n)) {
        size_t c = n ? (n + 15) >> 4 : 1;
        *(void **)p = m->free[c - 1];
        m->free[c - 1] = p;
        return;
    }
    py_bigblk *b = (py_bigblk *)p - 1;
    b->prev->next = b->next;
    b->next->prev = b->prev;
    sk_free_sized(I->alloc, b, b->size + sizeof(py_bigblk));
}

void *py_realloc(py_interp *I, void *p, size_t old, size_t n)
{
    if (!p) return py_alloc(I, n);
    if (POOLED(old) && POOLED(n) && ((old + 15) >> 4) == ((n + 15) >> 4) && old)
        return p;
    if (!POOLED(old) && !POOLED(n)) {
        py_bigblk *b = (py_bigblk *)p - 1;
        py_bigblk *prev = b->prev, *next = b->next;
        py_bigblk *nb = sk_realloc_sized(I->alloc, b, old + sizeof(py_bigblk), n + sizeof(py_bigblk));
        if (!nb) { py_err_nomem_size(I, n); return NULL; }
        nb->size = n;
        nb->prev = prev;
        nb->next = next;
        prev->next = nb;
        next->prev = nb;
        return nb + 1;
    }
    void *q = py_alloc(I, n);
    if (!q) return NULL;
    memcpy(q, p, old < n ? old : n);
    py_free(I, p, old);
    return q;
}

char *py_strndup(py_interp *I, const char *s, size_t n)
{
    char *p = py_alloc(I, n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void py_mem_teardown(py_interp *I)
{
    py_mem *m = &I->mem;
    while (m->big.next != &m->big) {
        py_bigblk *b = m->big.next;
        m->big.next = b->next;
        sk_free_sized(I->alloc, b, b->size + sizeof(py_bigblk));
    }
    m->big.prev = &m->big;
    while (m->pages) {
        py_page *pg = m->pages;
        m->pages = pg->next;
        sk_free_sized(I->alloc, pg, pg->size);
    }
    memset(m->free, 0, sizeof m->free);
    m->bump = m->bump_end = NULL;
}

py_obj *py_obj_new(py_interp *I, py_type *t, size_t size)
{
    py_obj *o;
    if (t->flags & PY_TF_GC) {
        py_gchead *g = py_alloc(I, size + sizeof(py_gchead));
        if (!g) return NULL;
        memset(g, 0, size + sizeof(py_gchead));
        o = PY_GCOBJ(g);
        o->rc = 1;
        o->type = t;
        py_gc_track(I, o);
    } else {
        o = py_alloc(I, size);
        if (!o) return NULL;
        memset(o, 0, size);
        o->rc = 1;
        o->type = t;
    }
    if (t->flags & PY_TF_HEAP) t->ob.rc++;
    return o;
}

void py_obj_free(py_interp *I, py_obj *o, size_t size)
{
    py_type *t = o->type;
    if (t->flags & PY_TF_GC) {
        py_gc_untrack(I, o);
        py_free(I, PY_GCHEAD(o), size + sizeof(py_gchead));
    } else {
        py_free(I, o, size);
    }
    if (t->flags & PY_TF_HEAP) py_decref(I, PY_VAL(t));
}
