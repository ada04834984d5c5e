/* mod_heapq.c — _heapq: the heap primitives of heapq in C, for min-heaps and
 * max-heaps: heappush, heappop, heapify, heapreplace, heappushpop and their
 * _max twins.  The layouts match CPython's (a push sifts the new item toward
 * the root; a pop moves the smaller child up all the way to a leaf and then
 * sifts the displaced item back toward the root), so programs that print
 * their heap lists see the same lists.
 *
 * Comparisons run Python code that may change the list: after each one the
 * length is checked again (RuntimeError as CPython) and the item array is
 * fetched anew.
 *
 * Must never: keep a borrowed item across a comparison.
 */
#include "py/pymod.h"

/* less(a, b): for a min-heap a < b, for a max-heap b < a.  -1 on error. */
static int less(py_interp *I, py_val a, py_val b, int max)
{
    a = py_newref(a);
    b = py_newref(b);
    int r = max ? py_richcmp_bool(I, b, a, PY_LT) : py_richcmp_bool(I, a, b, PY_LT);
    py_decref(I, a);
    py_decref(I, b);
    return r;
}

static int changed(py_interp *I, py_list *l, size_t n)
{
    if (l->n == n) return 0;
    py_err_str(I, PY_E_RuntimeError, "list changed size during iteration");
    return 1;
}

/* Move the item at pos toward `top` while it is less than its parent. */
static int toward_root(py_interp *I, py_list *l, size_t top, size_t pos, int max)
{
    size_t n = l->n;
    while (pos > top) {
        size_t up = (pos - 1) / 2;
        int c = less(I, l->items[pos], l->items[up], max);
        if (c < 0 || changed(I, l, n)) return -1;
        if (!c) break;
        py_val t = l->items[up];
        l->items[up] = l->items[pos];
        l->items[pos] = t;
        pos = up;
    }
    return 0;
}

/* Fill the hole at pos by promoting the lesser child down to a leaf, then
 * let the displaced item find its place on the way back up. */
static int from_hole(py_interp *I, py_list *l, size_t pos, int max)
{
    size_t n = l->n, top = pos;
    for (;;) {
        size_t kid = 2 * pos + 1;
        if (kid >= n) break;
        if (kid + 1 < n) {
            int c = less(I, l->items[kid], l->items[kid + 1], max);
            if (c < 0 || changed(I, l, n)) return -1;
            if (!c) kid++;
        }
        py_val t = l->items[kid];
        l->items[kid] = l->items[pos];
        l->items[pos] = t;
        pos = kid;
    }
    return toward_root(I, l, top, pos, max);
}

static py_list *heap_arg(py_interp *I, const char *fn, py_val v, int only)
{
    if (py_is_list(v)) return PY_LIST(v);
    py_err_fmt(I, PY_E_TypeError, "%s() argument%s must be list, not %s", fn, only ? "" : " 1",
               py_type_name(I, v));
    return NULL;
}

static int no_kw(py_interp *I, const char *fn, py_val kw)
{
    if (!kw || !py_tuple_len(kw)) return 0;
    py_err_fmt(I, PY_E_TypeError, "_heapq.%s() takes no keyword arguments", fn);
    return -1;
}

static int two_args(py_interp *I, const char *fn, size_t nargs, py_val kw)
{
    if (no_kw(I, fn, kw)) return -1;
    if (nargs == 2) return 0;
    py_err_fmt(I, PY_E_TypeError, "%s expected 2 arguments, got %zu", fn, nargs);
    return -1;
}

static int one_arg(py_interp *I, const char *fn, size_t nargs, py_val kw)
{
    if (no_kw(I, fn, kw)) return -1;
    if (nargs == 1) return 0;
    py_err_fmt(I, PY_E_TypeError, "_heapq.%s() takes exactly one argument (%zu given)", fn, nargs);
    return -1;
}

static py_val do_push(py_interp *I, const char *fn, const py_val *args, size_t nargs, py_val kw, int max)
{
    if (two_args(I, fn, nargs, kw)) return PY_NULL;
    py_list *l = heap_arg(I, fn, args[0], 0);
    if (!l || py_list_append(I, args[0], args[1])) return PY_NULL;
    if (toward_root(I, l, 0, l->n - 1, max)) return PY_NULL;
    return PY_NONE;
}

static py_val do_pop(py_interp *I, const char *fn, const py_val *args, size_t nargs, py_val kw, int max)
{
    if (one_arg(I, fn, nargs, kw)) return PY_NULL;
    py_list *l = heap_arg(I, fn, args[0], 1);
    if (!l) return PY_NULL;
    if (!l->n) return py_err_str(I, PY_E_IndexError, "index out of range");
    py_val last = l->items[--l->n];      /* the list's reference moves to us */
    if (!l->n) return last;
    py_val top = l->items[0];
    l->items[0] = last;
    if (from_hole(I, l, 0, max)) { py_decref(I, top); return PY_NULL; }
    return top;
}

static py_val do_replace(py_interp *I, const char *fn, const py_val *args, size_t nargs, py_val kw, int max)
{
    if (two_args(I, fn, nargs, kw)) return PY_NULL;
    py_list *l = heap_arg(I, fn, args[0], 0);
    if (!l) return PY_NULL;
    if (!l->n) return py_err_str(I, PY_E_IndexError, "index out of range");
    py_val top = l->items[0];
    l->items[0] = py_newref(args[1]);
    if (from_hole(I, l, 0, max)) { py_decref(I, top); return PY_NULL; }
    return top;
}

static py_val do_pushpop(py_interp *I, const char *fn, const py_val *args, size_t nargs, py_val kw, int max)
{
    if (two_args(I, fn, nargs, kw)) return PY_NULL;
    py_list *l = heap_arg(I, fn, args[0], 0);
    if (!l) return PY_NULL;
    if (!l->n) return py_newref(args[1]);
    int c = less(I, l->items[0], args[1], max);
    if (c < 0) return PY_NULL;
    if (!c) return py_newref(args[1]);
    if (!l->n) return py_err_str(I, PY_E_IndexError, "index out of range");
    py_val top = l->items[0];
    l->items[0] = py_newref(args[1]);
    if (from_hole(I, l, 0, max)) { py_decref(I, top); return PY_NULL; }
    return top;
}

static py_val do_heapify(py_interp *I, const char *fn, const py_val *args, size_t nargs, py_val kw, int max)
{
    if (one_arg(I, fn, nargs, kw)) return PY_NULL;
    py_list *l = heap_arg(I, fn, args[0], 1);
    if (!l) return PY_NULL;
    /* Every parent after its children: the layout does not depend on the order. */
    for (size_t i = l->n / 2; i-- > 0;)
        if (from_hole(I, l, i, max)) return PY_NULL;
    return PY_NONE;
}

#define BOTH(name, impl)                                                                    \
    PYM_FN(f_##name) { (void)self; return impl(I, #name, args, nargs, kw, 0); }             \
    PYM_FN(f_##name##_max) { (void)self; return impl(I, #name "_max", args, nargs, kw, 1); }

BOTH(heappush, do_push)
BOTH(heappop, do_pop)
BOTH(heapreplace, do_replace)
BOTH(heappushpop, do_pushpop)
BOTH(heapify, do_heapify)

static const py_methoddef heapq_fns[] = {
    { "heappush", f_heappush, PY_METH_KW }, { "heappop", f_heappop, PY_METH_KW },
    { "heapreplace", f_heapreplace, PY_METH_KW }, { "heappushpop", f_heappushpop, PY_METH_KW },
    { "heapify", f_heapify, PY_METH_KW },
    { "heappush_max", f_heappush_max, PY_METH_KW }, { "heappop_max", f_heappop_max, PY_METH_KW },
    { "heapreplace_max", f_heapreplace_max, PY_METH_KW }, { "heappushpop_max", f_heappushpop_max, PY_METH_KW },
    { "heapify_max", f_heapify_max, PY_METH_KW },
    { NULL, NULL, 0 }
};

int py_mod__heapq_init(py_interp *I, py_val mod);
int py_mod__heapq_init(py_interp *I, py_val mod)
{
    return py_module_add_functions(I, mod, heapq_fns);
}
