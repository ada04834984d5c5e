/* val.h — the 64-bit value word of the Python interpreter (py_val).
 *
 * Every Python value is one uint64_t.  Small ints, floats, None, bools,
 * NotImplemented and Ellipsis are immediates (no allocation, no reference
 * count); everything else is a pointer to a heap object (py_obj).
 *
 * Layout, by the top 16 bits of the word:
 *   0x0000            pointer to a py_obj (48-bit address); the word 0 is
 *                     PY_NULL: "no value" / "an exception is pending"
 *   0x0001            special constants (None, False, True, ...)
 *   0x0002 .. 0xFFF2  a double, stored as its IEEE bits + 2**49 (NaNs are
 *                     canonicalised first, so the encoded range never
 *                     reaches 0xFFF3)
 *   0xFFFF            a small int: the low 48 bits, sign-extended
 *                     (range -2**47 .. 2**47-1; larger ints are heap
 *                     objects holding a libtommath mp_int)
 *
 * Pointers are stored unchanged, so dereferencing a heap value costs
 * nothing and a NULL check is a zero test.  Doubles pay one add/sub.
 * Must never: depend on anything but <stdint.h>/<string.h>.
 */
#ifndef SK_PY_VAL_H
#define SK_PY_VAL_H

#include <stdint.h>
#include <string.h>

typedef uint64_t py_val;

#define PY_NULL        ((py_val)0)
#define PY_TAG_SPECIAL (1ULL << 48)
#define PY_NONE        (PY_TAG_SPECIAL | 0)
#define PY_FALSE       (PY_TAG_SPECIAL | 1)
#define PY_TRUE        (PY_TAG_SPECIAL | 2)
#define PY_NOTIMPL     (PY_TAG_SPECIAL | 3)
#define PY_ELLIPSIS    (PY_TAG_SPECIAL | 4)

#define PY_DBL_OFFSET  (2ULL << 48)
#define PY_INT_TAG     0xFFFF000000000000ULL
#define PY_INT_MASK    0x0000FFFFFFFFFFFFULL
#define PY_SMALL_MAX   ((int64_t)0x00007FFFFFFFFFFFLL)
#define PY_SMALL_MIN   (-PY_SMALL_MAX - 1)

static inline int py_is_ptr(py_val v) { return v - 1 < (1ULL << 48) - 1; }
static inline int py_is_int(py_val v) { return (v >> 48) == 0xFFFF; }
static inline int py_is_float(py_val v) { return v - PY_DBL_OFFSET < (0xFFF1ULL << 48); }
static inline int py_is_special(py_val v) { return (v >> 48) == 1; }
static inline int py_is_bool(py_val v) { return v == PY_TRUE || v == PY_FALSE; }

static inline int64_t py_int_val(py_val v) { return (int64_t)(v << 16) >> 16; }
static inline py_val py_int_small(int64_t i) { return ((uint64_t)i & PY_INT_MASK) | PY_INT_TAG; }
static inline int py_fits_small(int64_t i) { return i >= PY_SMALL_MIN && i <= PY_SMALL_MAX; }

static inline double py_float_val(py_val v)
{
    uint64_t b = v - PY_DBL_OFFSET;
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

static inline py_val py_float(double d)
{
    uint64_t b;
    if (d != d) b = 0x7FF8000000000000ULL;
    else memcpy(&b, &d, sizeof b);
    return b + PY_DBL_OFFSET;
}

static inline py_val py_bool(int b) { return b ? PY_TRUE : PY_FALSE; }

#define PY_OBJ(v)  ((struct py_obj *)(uintptr_t)(v))
#define PY_VAL(p)  ((py_val)(uintptr_t)(p))

#endif
