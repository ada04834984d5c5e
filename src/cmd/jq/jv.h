/* jv.h — the JSON values of jq and yq: null, booleans, numbers, strings,
 * arrays and objects, reference counted and copied on write.
 *
 * A jv is a small struct passed by value.  Strings, arrays, objects and
 * numbers that keep their source literal (jq 1.7 prints 1.000 and
 * 100000000000000000001 as written) live on the heap of one jq run (a
 * jvh), whose allocator is the sandbox's accounting allocator.
 *
 * Ownership follows jq's own convention: a function taking a jv consumes
 * it unless its comment says "borrowed".  When an allocation fails the
 * result is JV_NONE and h->oom is set; every function accepts JV_NONE and
 * passes it on, so callers only check h->oom at convenient points.
 * Nothing here may recurse without bound: freeing is iterative and the
 * comparisons take a depth guard. */
#ifndef SK_CMD_JQ_JV_H
#define SK_CMD_JQ_JV_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"

/* Kinds in jq's sort order (null < false < true < numbers < strings <
 * arrays < objects).  JV_NONE is "no value": an allocation failure, or an
 * absent path in the evaluator. */
typedef enum jqv_kind {
    JV_NULL, JV_FALSE, JV_TRUE, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT, JV_NONE
} jqv_kind;

typedef struct jqv_str jqv_str;
typedef struct jqv_arr jqv_arr;
typedef struct jqv_obj jqv_obj;
typedef struct jqv_lit jqv_lit;

typedef struct jv {
    uint8_t kind;
    uint8_t lit;            /* JV_NUMBER: u.l holds value and literal */
    union {
        double n;
        jqv_str *s;
        jqv_arr *a;
        jqv_obj *o;
        jqv_lit *l;
    } u;
} jv;

struct jqv_str {
    uint32_t rc;
    uint32_t hash;          /* 0: not computed yet */
    size_t len;             /* bytes (valid UTF-8) */
    char p[];               /* NUL-terminated */
};

struct jqv_lit {
    uint32_t rc;
    uint32_t len;
    double d;
    char p[];               /* the literal as written */
};

struct jqv_arr {
    uint32_t rc;
    uint32_t len, cap;
    jv *v;
    void *free_next;
};

typedef struct jqv_slot {
    jqv_str *key;            /* NULL: a deleted slot */
    jv val;
} jqv_slot;

struct jqv_obj {
    uint32_t rc;
    uint32_t count;         /* live keys */
    uint32_t used, cap;     /* slots in use (insertion order), allocated */
    jqv_slot *slots;
    uint32_t *idx;          /* open-addressing index (slot+1), or NULL */
    uint32_t icap;
    void *free_next;
};

typedef struct jvh {
    sk_alloc *a;
    int oom;                /* an allocation failed */
    int too_deep;           /* a comparison or copy went too deep */
    const void *stack_limit;
} jvh;

/* ---- scalars -------------------------------------------------------------- */

static inline jv jqv_mk(jqv_kind k) { jv v; v.kind = (uint8_t)k; v.lit = 0; v.u.n = 0; return v; }
static inline jv jqv_null(void) { return jqv_mk(JV_NULL); }
static inline jv jqv_none(void) { return jqv_mk(JV_NONE); }
static inline jv jqv_true(void) { return jqv_mk(JV_TRUE); }
static inline jv jqv_false(void) { return jqv_mk(JV_FALSE); }
static inline jv jqv_bool(int b) { return jqv_mk(b ? JV_TRUE : JV_FALSE); }
static inline jv jqv_number(double d) { jv v = jqv_mk(JV_NUMBER); v.u.n = d; return v; }
static inline jqv_kind jqv_kind_of(jv v) { return (jqv_kind)v.kind; }
static inline int jqv_is(jv v, jqv_kind k) { return v.kind == k; }
static inline int jqv_truthy(jv v) { return v.kind != JV_NULL && v.kind != JV_FALSE; }
static inline double jqv_num(jv v) { return v.lit ? v.u.l->d : v.u.n; }

/* A number that keeps its literal text (validated by the caller). */
jv jqv_numlit(jvh *h, const char *s, size_t n, double d);
/* Canonical literal text (jq 1.7's decNumber form) into buf; returns its
 * length.  buf must hold n + 16 bytes, n the literal's length. */
size_t jqv_numlit_canon(const char *s, size_t n, char *buf);
/* Is this integral and exactly representable (for indices)? */
int jqv_is_integer(jv v);

const char *jqv_kind_name(jqv_kind k);

/* ---- strings -------------------------------------------------------------- */

/* Copies bytes; invalid UTF-8 is replaced by U+FFFD (jq does the same). */
jv jqv_string(jvh *h, const char *p, size_t n);
jv jqv_string_z(jvh *h, const char *p);
/* Bytes known to be valid UTF-8. */
jv jqv_string_raw(jvh *h, const char *p, size_t n);
jv jqv_string_fmt(jvh *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a + b (consumes both). */
jv jqv_string_concat(jvh *h, jv a, jv b);
static inline const char *jqv_str_p(jv v) { return v.u.s->p; }
static inline size_t jqv_str_len(jv v) { return v.u.s->len; }
uint32_t jqv_str_hash(jqv_str *s);
/* Number of code points (borrowed). */
size_t jqv_str_cplen(jv v);
int jqv_utf8_valid(const char *p, size_t n);
/* Decode one code point at p (n bytes left); returns its length (>= 1),
 * *cp = 0xFFFD on an invalid sequence. */
int jqv_utf8_decode(const char *p, size_t n, uint32_t *cp);
int jqv_utf8_encode(uint32_t cp, char *out);

/* ---- arrays --------------------------------------------------------------- */

jv jqv_array(jvh *h);
jv jqv_array_sized(jvh *h, size_t cap);
static inline size_t jqv_array_len(jv a) { return a.u.a->len; }
/* Borrowed element; i must be < length. */
static inline jv jqv_array_at(jv a, size_t i) { return a.u.a->v[i]; }
/* Element i (a new reference), null when out of range. */
jv jqv_array_get(jv a, size_t i);
jv jqv_array_append(jvh *h, jv a, jv item);
/* Sets element i, padding with nulls. */
jv jqv_array_set(jvh *h, jv a, size_t i, jv item);
jv jqv_array_concat(jvh *h, jv a, jv b);
/* Elements [from, to) as a new array (consumes a). */
jv jqv_array_slice(jvh *h, jv a, size_t from, size_t to);
/* Make the array uniquely owned (copy if shared); then a.u.a->v may be
 * modified in place. */
jv jqv_array_unshare(jvh *h, jv a);

/* ---- objects -------------------------------------------------------------- */

jv jqv_object(jvh *h);
static inline size_t jqv_object_len(jv o) { return o.u.o->count; }
/* Borrowed value, or NULL. */
jv *jqv_object_find(jv o, const char *k, size_t klen);
/* New reference, null when absent. */
jv jqv_object_get(jv o, const char *k, size_t klen);
/* key must be a string; consumes o, key and val. */
jv jqv_object_set(jvh *h, jv o, jv key, jv val);
jv jqv_object_setz(jvh *h, jv o, const char *key, jv val);
jv jqv_object_del(jvh *h, jv o, const char *k, size_t klen);
/* o + p, p's keys winning (consumes both). */
jv jqv_object_merge(jvh *h, jv o, jv p);
/* Recursive merge (o * p). */
jv jqv_object_merge_deep(jvh *h, jv o, jv p, int depth);
jv jqv_object_unshare(jvh *h, jv o);
/* Keys as an array of strings: sorted or in insertion order. */
jv jqv_keys(jvh *h, jv o, int sorted);
/* Slot indices of live keys in sorted key order (sk_malloc'd, n entries). */
uint32_t *jqv_object_sorted_slots(jvh *h, jv o);

/* Iterate live slots in insertion order. */
#define JV_OBJECT_FOREACH(obj_, slotvar) \
    for (jqv_slot *slotvar = (obj_).u.o->slots, *slotvar##_end = (obj_).u.o->slots + (obj_).u.o->used; \
         slotvar < slotvar##_end; slotvar++) \
        if (slotvar->key)

/* ---- lifetime ------------------------------------------------------------- */

static inline int jqv_is_heap(jv v)
{
    return v.kind == JV_STRING || v.kind == JV_ARRAY || v.kind == JV_OBJECT || (v.kind == JV_NUMBER && v.lit);
}
static inline jv jqv_copy(jv v)
{
    if (jqv_is_heap(v)) (*(uint32_t *)v.u.s)++;   /* rc is the first field of every heap kind */
    return v;
}
void jqv_free(jvh *h, jv v);
static inline uint32_t jqv_refcnt(jv v) { return jqv_is_heap(v) ? *(uint32_t *)v.u.s : 0; }
/* Same heap object or same scalar (jq's "identical"). */
int jqv_identical(jv a, jv b);

/* ---- comparison ----------------------------------------------------------- */

/* jq's total order (borrowed).  Too deep values set h->too_deep. */
int jqv_cmp(jvh *h, jv a, jv b);
int jqv_equal(jvh *h, jv a, jv b);
/* a contains b (jq's contains/1). */
int jqv_contains(jvh *h, jv a, jv b);
/* Sort an array of values in place (stable merge sort; borrowed items). */
int jqv_sort_values(jvh *h, jv *v, size_t n);

#endif
