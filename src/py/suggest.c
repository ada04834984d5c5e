/* suggest.c — the ". Did you mean: 'x'?" hint of NameError and
 * AttributeError tracebacks.
 *
 * CPython's display compares the missing name with every candidate (the
 * frame's locals, globals and builtins; or dir(obj)) by an edit distance
 * where inserting or deleting a character costs 2, replacing it costs 2, or
 * 1 when only its case differs; a candidate qualifies when its distance is
 * at most (len(candidate) + len(name) + 3) * 2 // 6, and the closest one
 * wins (the first one on ties).  Names longer than 40 characters after the
 * common prefix and suffix are removed, and more than 750 candidates, give
 * no suggestion.  This file implements that rule; it never runs user code. */
#include <string.h>

#include "py/core.h"

#define SUG_MAX_LEN 40
#define SUG_MAX_CANDIDATES 750
#define SUG_MOVE 2

static int lower_ascii(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static size_t edit_cost(const char *a, size_t na, const char *b, size_t nb, size_t cap)
{
    while (na && nb && *a == *b) { a++; b++; na--; nb--; }
    while (na && nb && a[na - 1] == b[nb - 1]) { na--; nb--; }
    if (!na || !nb) return (na + nb) * SUG_MOVE;
    if (na > SUG_MAX_LEN || nb > SUG_MAX_LEN) return cap + 1;
    if (na > nb) { const char *t = a; a = b; b = t; size_t n = na; na = nb; nb = n; }
    if ((nb - na) * SUG_MOVE > cap) return cap + 1;
    /* row[i]: cost of turning a[0..i] into the prefix of b seen so far */
    size_t row[SUG_MAX_LEN];
    for (size_t i = 0; i < na; i++) row[i] = (i + 1) * SUG_MOVE;
    size_t cur = 0;
    for (size_t j = 0; j < nb; j++) {
        /* both start at j * 2, not (j + 1) * 2 for the left edge: CPython's
         * distances are computed this way, and its suggestions with them */
        size_t diag = j * SUG_MOVE, prev = j * SUG_MOVE;
        size_t best_in_row = (size_t)-1;
        for (size_t i = 0; i < na; i++) {
            size_t sub = diag + (a[i] == b[j] ? 0 : lower_ascii((unsigned char)a[i]) == lower_ascii((unsigned char)b[j]) ? 1 : SUG_MOVE);
            diag = row[i];
            size_t ins = (prev < row[i] ? prev : row[i]) + SUG_MOVE;
            cur = ins < sub ? ins : sub;
            row[i] = cur;
            prev = cur;
            if (cur < best_in_row) best_in_row = cur;
        }
        if (best_in_row > cap) return cap + 1;
    }
    return cur;
}

/* The closest of `cands` (strings; others are skipped) to `wrong`, or NULL.
 * Borrowed. */
py_val py_suggest_pick(py_val wrong, const py_val *cands, size_t n)
{
    if (n > SUG_MAX_CANDIDATES) return PY_NULL;
    const char *w = py_str_data(wrong);
    size_t wn = py_str_len(wrong), wcp = PY_STR(wrong)->cplen;
    py_val best = PY_NULL;
    size_t best_cost = 0;
    for (size_t k = 0; k < n; k++) {
        py_val c = cands[k];
        if (!c || !py_is_str(c)) continue;
        if (py_str_len(c) == wn && !memcmp(py_str_data(c), w, wn)) continue;
        size_t cap = (PY_STR(c)->cplen + wcp + 3) * SUG_MOVE / 6;
        if (best && best_cost - 1 < cap) cap = best_cost - 1;
        size_t d = edit_cost(w, wn, py_str_data(c), py_str_len(c), cap);
        if (d > cap) continue;
        if (!best || d < best_cost) { best = c; best_cost = d; }
    }
    return best;
}

/* Candidates for a NameError raised in frame `f`: its bound locals, then its
 * globals, then the builtins; and, inside a method, `self.NAME` when the
 * instance or its class has the attribute.  Returns a new str (the name to
 * suggest) or NULL; never leaves an error set. */
py_val py_suggest_for_name(py_interp *I, py_frame *f, py_val name)
{
    if (!f || !f->code || !py_is_str(name)) return PY_NULL;
    py_code *co = f->code;
    for (uint32_t i = 0; i < co->nlocals && i < co->nlocalsplus; i++) {
        py_val ln = co->localnames[i];
        if (f->fast[i] && py_is_str(ln) && py_str_len(ln) == 4 && !memcmp(py_str_data(ln), "self", 4)) {
            py_val self = f->fast[i];
            py_type *t = py_typeof(I, self);
            py_val *dp = py_inst_dictptr(self);
            int has = (dp && *dp && py_is_dict(*dp) && py_dict_get_str(I, *dp, name)) || py_type_lookup(I, t, name);
            py_err_clear(I);
            if (has) return py_str_fmt(I, "self.%s", py_str_data(name));
            break;
        }
    }
    size_t n = 0;
    py_val g = f->globals && py_is_dict(f->globals) ? f->globals : PY_NULL;
    if (!I->builtins || py_builtins_fill(I)) { py_err_clear(I); return PY_NULL; }
    py_val b = I->builtins;
    size_t total = co->nlocals + (g ? py_dict_len(g) : 0) + (b && py_is_dict(b) ? py_dict_len(b) : 0);
    if (f->locals && py_is_dict(f->locals)) total += py_dict_len(f->locals);
    if (total > SUG_MAX_CANDIDATES) return PY_NULL;
    py_val *cands = py_alloc(I, (total ? total : 1) * sizeof(py_val));
    if (!cands) { py_err_clear(I); return PY_NULL; }
    for (uint32_t i = 0; i < co->nlocals && i < co->nlocalsplus && n < total; i++)
        if (f->fast[i]) cands[n++] = co->localnames[i];
    py_val dicts[3] = { f->locals && py_is_dict(f->locals) ? f->locals : PY_NULL, g, b && py_is_dict(b) ? b : PY_NULL };
    for (int d = 0; d < 3; d++) {
        if (!dicts[d]) continue;
        size_t pos = 0;
        py_val k, v;
        while (n < total && py_dict_next(dicts[d], &pos, &k, &v)) cands[n++] = k;
    }
    py_val best = py_suggest_pick(name, cands, n);
    if (best) py_incref(best);
    py_free(I, cands, (total ? total : 1) * sizeof(py_val));
    return best;
}
