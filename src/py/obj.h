/* obj.h — the object model of Sandkiste's Python interpreter.
 *
 * Heap objects start with a py_obj header (reference count + type).  Types
 * are py_type objects whose slots (function pointers) implement the
 * operations, as in CPython and QuickJS: `a + b` looks at the operands'
 * types' nb[PY_NB_ADD] slot.  Builtin types are described by static const
 * py_typedef tables and materialised per interpreter on first use, so an
 * interpreter that never touches `set` never builds the set type.
 *
 * Error convention (CPython's): a function returning py_val returns PY_NULL
 * with an exception pending in I->exc; a function returning int returns -1.
 *
 * Must never: keep state outside py_interp, allocate outside py_alloc.
 */
#ifndef SK_PY_OBJ_H
#define SK_PY_OBJ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <tommath.h>

#include "base/alloc.h"
#include "base/buf.h"
#include "py/val.h"

typedef struct py_interp py_interp;
typedef struct py_type py_type;
typedef struct py_frame py_frame;

typedef struct py_obj {
    uint32_t rc;
    uint32_t gcrefs;          /* scratch for the cycle collector; bit 30: finalized */
    py_type *type;
} py_obj;

/* Header of objects the cycle collector tracks; sits before the py_obj. */
typedef struct py_gchead {
    struct py_gchead *next, *prev;
} py_gchead;

#define PY_GCHEAD(o) ((py_gchead *)(o) - 1)
#define PY_GCOBJ(g)  ((py_obj *)((py_gchead *)(g) + 1))

/* ---- builtin type ids ---------------------------------------------------- */
#define PY_TYPE_IDS(X) \
    X(OBJECT) X(TYPE) X(NONE) X(NOTIMPL) X(ELLIPSIS) X(BOOL) X(INT) X(FLOAT) \
    X(STR) X(BYTES) X(BYTEARRAY) X(LIST) X(TUPLE) X(DICT) X(SET) X(FROZENSET) \
    X(RANGE) X(SLICE) X(FUNCTION) X(CFUNCTION) X(METHOD) X(CELL) X(CODE) \
    X(MODULE) X(GENERATOR) X(COROUTINE) X(ASYNCGEN) X(PROPERTY) \
    X(STATICMETHOD) X(CLASSMETHOD) X(SUPER) X(METHOD_DESCR) X(GETSET_DESCR) \
    X(LIST_ITER) X(LIST_REVITER) X(TUPLE_ITER) X(STR_ITER) X(STR_UITER) X(BYTES_ITER) \
    X(RANGE_ITER) X(DICT_KEYITER) X(DICT_VALUEITER) X(DICT_ITEMITER) \
    X(DICT_REVKEYITER) X(SET_ITER) X(SEQ_ITER) X(CALL_ITER) X(ENUMERATE) \
    X(ZIP) X(MAP) X(FILTER) X(REVERSED) X(DICT_KEYS) X(DICT_VALUES) \
    X(DICT_ITEMS) X(CORO_WRAPPER) X(ASYNCGEN_ASEND) X(GENERICALIAS) \
    X(UNIONTYPE) X(NAMESPACE) X(STDIO) X(TEMPLATE) X(INTERPOLATION) X(TYPEALIAS) \
    X(TYPEVAR) X(PARAMSPEC) X(TYPEVARTUPLE) X(COMPLEX) \
    X(EXC_FIRST_DUMMY)

enum {
#define X(n) PY_T_##n,
    PY_TYPE_IDS(X)
#undef X
    PY_T_EXC_BASE_ = PY_T_EXC_FIRST_DUMMY,
};

/* Exceptions: (id suffix, Python name, base id suffix). */
#define PY_EXC_IDS(X) \
    X(BaseException, BaseException, OBJECT) \
    X(Exception, Exception, BaseException) \
    X(SystemExit, SystemExit, BaseException) \
    X(KeyboardInterrupt, KeyboardInterrupt, BaseException) \
    X(GeneratorExit, GeneratorExit, BaseException) \
    X(BaseExceptionGroup, BaseExceptionGroup, BaseException) \
    X(ArithmeticError, ArithmeticError, Exception) \
    X(FloatingPointError, FloatingPointError, ArithmeticError) \
    X(OverflowError, OverflowError, ArithmeticError) \
    X(ZeroDivisionError, ZeroDivisionError, ArithmeticError) \
    X(AssertionError, AssertionError, Exception) \
    X(AttributeError, AttributeError, Exception) \
    X(BufferError, BufferError, Exception) \
    X(EOFError, EOFError, Exception) \
    X(ExceptionGroup, ExceptionGroup, BaseExceptionGroup) \
    X(ImportError, ImportError, Exception) \
    X(ModuleNotFoundError, ModuleNotFoundError, ImportError) \
    X(LookupError, LookupError, Exception) \
    X(IndexError, IndexError, LookupError) \
    X(KeyError, KeyError, LookupError) \
    X(MemoryError, MemoryError, Exception) \
    X(NameError, NameError, Exception) \
    X(UnboundLocalError, UnboundLocalError, NameError) \
    X(OSError, OSError, Exception) \
    X(BlockingIOError, BlockingIOError, OSError) \
    X(ChildProcessError, ChildProcessError, OSError) \
    X(ConnectionError, ConnectionError, OSError) \
    X(BrokenPipeError, BrokenPipeError, ConnectionError) \
    X(ConnectionAbortedError, ConnectionAbortedError, ConnectionError) \
    X(ConnectionRefusedError, ConnectionRefusedError, ConnectionError) \
    X(ConnectionResetError, ConnectionResetError, ConnectionError) \
    X(FileExistsError, FileExistsError, OSError) \
    X(FileNotFoundError, FileNotFoundError, OSError) \
    X(InterruptedError, InterruptedError, OSError) \
    X(IsADirectoryError, IsADirectoryError, OSError) \
    X(NotADirectoryError, NotADirectoryError, OSError) \
    X(PermissionError, PermissionError, OSError) \
    X(ProcessLookupError, ProcessLookupError, OSError) \
    X(TimeoutError, TimeoutError, OSError) \
    X(ReferenceError, ReferenceError, Exception) \
    X(RuntimeError, RuntimeError, Exception) \
    X(NotImplementedError, NotImplementedError, RuntimeError) \
    X(RecursionError, RecursionError, RuntimeError) \
    X(PythonFinalizationError, PythonFinalizationError, RuntimeError) \
    X(StopIteration, StopIteration, Exception) \
    X(StopAsyncIteration, StopAsyncIteration, Exception) \
    X(SyntaxError, SyntaxError, Exception) \
    X(IndentationError, IndentationError, SyntaxError) \
    X(TabError, TabError, IndentationError) \
    X(SystemError, SystemError, Exception) \
    X(TypeError, TypeError, Exception) \
    X(ValueError, ValueError, Exception) \
    X(UnicodeError, UnicodeError, ValueError) \
    X(UnicodeDecodeError, UnicodeDecodeError, UnicodeError) \
    X(UnicodeEncodeError, UnicodeEncodeError, UnicodeError) \
    X(UnicodeTranslateError, UnicodeTranslateError, UnicodeError) \
    X(Warning, Warning, Exception) \
    X(BytesWarning, BytesWarning, Warning) \
    X(DeprecationWarning, DeprecationWarning, Warning) \
    X(EncodingWarning, EncodingWarning, Warning) \
    X(FutureWarning, FutureWarning, Warning) \
    X(ImportWarning, ImportWarning, Warning) \
    X(PendingDeprecationWarning, PendingDeprecationWarning, Warning) \
    X(ResourceWarning, ResourceWarning, Warning) \
    X(RuntimeWarning, RuntimeWarning, Warning) \
    X(SyntaxWarning, SyntaxWarning, Warning) \
    X(UnicodeWarning, UnicodeWarning, Warning) \
    X(UserWarning, UserWarning, Warning) \
    X(FrozenInstanceError, FrozenInstanceError, AttributeError) \
    X(JSONDecodeError, JSONDecodeError, ValueError) \
    X(PatternError, PatternError, Exception) \
    X(UnsupportedOperation, UnsupportedOperation, OSError) \
    X(CancelledError, CancelledError, BaseException) \
    X(InvalidStateError, InvalidStateError, Exception) \
    X(QueueEmpty, QueueEmpty, Exception) \
    X(QueueFull, QueueFull, Exception)

enum {
    PY_E_DUMMY_ = PY_T_EXC_BASE_ - 1,
#define X(id, name, base) PY_E_##id,
    PY_EXC_IDS(X)
#undef X
    PY_T_COUNT
};

/* ---- slots ----------------------------------------------------------------- */
enum {
    PY_NB_ADD, PY_NB_SUB, PY_NB_MUL, PY_NB_MATMUL, PY_NB_TRUEDIV,
    PY_NB_FLOORDIV, PY_NB_MOD, PY_NB_POW, PY_NB_LSHIFT, PY_NB_RSHIFT,
    PY_NB_OR, PY_NB_XOR, PY_NB_AND, PY_NB_DIVMOD, PY_NB_COUNT
};

/* rich comparison operators (CPython order) */
enum { PY_LT, PY_LE, PY_EQ, PY_NE, PY_GT, PY_GE };

typedef void (*py_visitfn)(py_val v, void *ctx);
typedef py_val (*py_binfn)(py_interp *I, py_val a, py_val b);
typedef py_val (*py_unfn)(py_interp *I, py_val a);
typedef py_val (*py_vcallfn)(py_interp *I, py_val self, const py_val *args,
                             size_t nargs, py_val kwnames);

typedef struct py_slots {
    void (*dealloc)(py_interp *I, py_obj *o);
    void (*traverse)(py_obj *o, py_visitfn visit, void *ctx);
    void (*clear)(py_interp *I, py_obj *o);
    py_unfn repr;
    py_unfn str;
    int (*hash)(py_interp *I, py_val v, int64_t *out);
    py_val (*richcmp)(py_interp *I, py_val a, py_val b, int op);
    py_val (*getattr)(py_interp *I, py_val self, py_val name);
    int (*setattr)(py_interp *I, py_val self, py_val name, py_val v);
    py_vcallfn call;
    py_unfn iter;
    py_unfn next;             /* PY_NULL without exception: exhausted */
    py_binfn nb[PY_NB_COUNT];
    py_binfn nb_inplace[PY_NB_COUNT];
    py_unfn neg, pos, invert, abs;
    py_unfn index;            /* __index__: returns an int */
    py_unfn to_int;           /* __int__ */
    py_unfn to_float;         /* __float__ */
    int (*truth)(py_interp *I, py_val v);
    int64_t (*len)(py_interp *I, py_val v);        /* -1 on error */
    py_binfn getitem;
    int (*setitem)(py_interp *I, py_val self, py_val key, py_val v); /* v NULL: delete */
    int (*contains)(py_interp *I, py_val self, py_val v);
    py_val (*descr_get)(py_interp *I, py_val descr, py_val obj, py_val type);
    int (*descr_set)(py_interp *I, py_val descr, py_val obj, py_val v);
    py_val (*new_)(py_interp *I, py_type *t, const py_val *args, size_t nargs, py_val kwnames);
    int (*init)(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kwnames);
} py_slots;

/* ---- builtin functions and methods --------------------------------------- */
enum {
    PY_METH_KW = 1,       /* accepts keyword arguments (else: "takes no keyword arguments") */
    PY_METH_CLASS = 2,    /* classmethod: receives the type as self */
    PY_METH_STATIC = 4,   /* staticmethod: self is NULL */
    PY_METH_HIDDEN = 8,   /* callable only through slots, not listed by dir() */
};

typedef struct py_methoddef {
    const char *name;
    py_vcallfn fn;
    int flags;
} py_methoddef;

typedef struct py_getsetdef {
    const char *name;
    py_val (*get)(py_interp *I, py_val self);
    int (*set)(py_interp *I, py_val self, py_val v);
} py_getsetdef;

typedef struct py_typedef {
    const char *name;         /* __name__ */
    const char *qualname;     /* e.g. "collections.deque" for messages; NULL = name */
    uint16_t base;            /* type id of the base (ignored for object) */
    uint32_t flags;
    uint32_t basicsize;
    int32_t dictoffset;
    py_slots slots;
    const py_methoddef *methods;   /* NULL-name terminated */
    const py_getsetdef *getsets;   /* NULL-name terminated */
} py_typedef;

/* type flags */
enum {
    PY_TF_GC = 1u << 0,           /* instances carry a py_gchead and are tracked */
    PY_TF_HEAP = 1u << 1,         /* a class statement made it (refcounted) */
    PY_TF_BASETYPE = 1u << 2,     /* may be subclassed */
    PY_TF_READY = 1u << 3,        /* dict materialised */
    PY_TF_INT_SUB = 1u << 4,
    PY_TF_LIST_SUB = 1u << 5,
    PY_TF_TUPLE_SUB = 1u << 6,
    PY_TF_STR_SUB = 1u << 7,
    PY_TF_DICT_SUB = 1u << 8,
    PY_TF_TYPE_SUB = 1u << 9,
    PY_TF_EXC_SUB = 1u << 10,
    PY_TF_SET_SUB = 1u << 11,
    PY_TF_ABSTRACT = 1u << 12,
    PY_TF_HAS_DUNDER_GETATTR = 1u << 13,
    PY_TF_NOINSTANCE = 1u << 14,  /* cannot be instantiated directly */
    PY_TF_FLOAT_SUB = 1u << 15,
    PY_TF_BYTES_SUB = 1u << 16,
    PY_TF_SETATTR_HOOK = 1u << 17,
    PY_TF_FROZENSET_SUB = 1u << 18,
    PY_TF_SUBCLASS_DICT = 1u << 19,
    PY_TF_COMPLEX_SUB = 1u << 20,
    PY_TF_FINALIZE = 1u << 21,    /* instances may need a finalizer (__del__, generator close) */ /* the dict slot exists for subclass instances only (list, dict, ...) */
};

struct py_type {
    py_obj ob;
    py_slots s;
    const char *name;         /* C string: builtin static or inside name_obj */
    uint32_t flags;
    uint16_t id;              /* PY_T_* for builtins, 0 (OBJECT never heap) for classes */
    uint16_t pad_;
    uint32_t basicsize;
    int32_t dictoffset;       /* offset of a py_val holding the instance dict, 0 = none */
    py_type *base;            /* solid base (first base) */
    py_val bases;             /* tuple */
    py_val mro;               /* tuple */
    py_val dict;              /* dict (PY_NULL until materialised for builtins) */
    py_val name_obj;          /* str */
    py_val qualname;          /* str */
    py_val module;            /* str or NULL */
    const py_typedef *def;    /* builtin descriptor or the one inherited */
    uint64_t version;         /* bumped on class attribute changes */
    py_val slotnames;         /* tuple of __slots__ names or NULL */
    py_val tpname_obj;        /* str backing `name` when it differs from __name__ */
};

/* ---- core object structs ---------------------------------------------- */
typedef struct py_bigint {
    py_obj ob;
    mp_int v;
    size_t charged;           /* digit bytes charged to the allocator */
    struct py_bigint *next_big, *prev_big;   /* all live bigints (teardown) */
} py_bigint;

typedef struct py_strobj {
    py_obj ob;
    int64_t hash;             /* -1: not computed */
    size_t len;               /* bytes */
    size_t cplen;             /* code points */
    uint8_t ascii;
    uint8_t interned;
    uint8_t pad_[6];
    char data[];              /* len bytes + NUL */
} py_strobj;

typedef struct py_bytes {
    py_obj ob;
    int64_t hash;
    size_t len;
    char data[];              /* len bytes + NUL */
} py_bytes;

typedef struct py_bytearray {
    py_obj ob;
    size_t len, cap;
    char *data;
    py_val dict_;
} py_bytearray;

typedef struct py_tuple {
    py_obj ob;
    int64_t hash;             /* cached, -1 if not computed */
    size_t n;
    py_val items[];
} py_tuple;

typedef struct py_list {
    py_obj ob;
    size_t n, cap;
    py_val *items;
    py_val dict_;             /* instance dict when subclassed (dictoffset) */
} py_list;

typedef struct py_dict_entry {
    int64_t hash;
    py_val key;               /* PY_NULL: deleted entry */
    py_val value;
} py_dict_entry;

typedef struct py_dict {
    py_obj ob;
    size_t used;              /* live entries */
    size_t nentries;          /* entries used (live + deleted) */
    size_t cap;               /* entry capacity */
    uint32_t log2size;        /* index table has 1 << log2size slots; 0 = no table */
    uint32_t typedict;        /* a type's __dict__: mutations bump I->type_epoch */
    int32_t *index;           /* -1 empty, -2 dummy, else entry number */
    py_dict_entry *entries;
    uint64_t version;         /* bumped on every mutation */
    uint64_t kver;            /* key-layout version: unique per interpreter, changes
                               * when keys are added/removed or the table moves
                               * (not when a value is replaced); 0 = never set */
    py_val dict_;             /* instance dict when subclassed */
    py_val default_factory;   /* defaultdict */
} py_dict;

/* sets share the dict table layout (values unused) */
typedef py_dict py_set;

typedef struct py_range {
    py_obj ob;
    py_val start, stop, step; /* ints */
    int64_t len;              /* -1 when not representable */
} py_range;

typedef struct py_slice {
    py_obj ob;
    py_val start, stop, step;
} py_slice;

typedef struct py_cell {
    py_obj ob;
    py_val v;                 /* PY_NULL = empty */
} py_cell;

typedef struct py_module {
    py_obj ob;
    py_val dict;
    py_val name;
} py_module;

typedef struct py_cfunc {
    py_obj ob;
    const py_methoddef *def;
    py_val self;              /* bound object / module / NULL */
    const char *qualprefix;   /* "list" for list.append; NULL for functions */
    py_type *owner;           /* type the descriptor belongs to (method descriptors) */
} py_cfunc;

typedef struct py_method {
    py_obj ob;
    py_val func, self;
} py_method;

typedef struct py_property {
    py_obj ob;
    py_val fget, fset, fdel, doc, name;
} py_property;

typedef struct py_wrapmeth {      /* staticmethod / classmethod */
    py_obj ob;
    py_val func;
    py_val dict_;
} py_wrapmeth;

typedef struct py_getset_descr {
    py_obj ob;
    const py_getsetdef *def;  /* NULL: a __slots__ member at `offset` */
    py_type *owner;
    py_val name;
    uint32_t offset;
    uint32_t pad_;
} py_getset_descr;

typedef struct py_super {
    py_obj ob;
    py_type *type;            /* the class super() was called in (owned ref if heap) */
    py_val obj;               /* self */
    py_type *objtype;
} py_super;

/* traceback entries are a linked list, newest first */
typedef struct py_tb {
    struct py_tb *next;
    struct py_code *code;     /* owned */
    uint32_t ip;              /* instruction index */
    uint32_t rc;              /* shared between exceptions */
    py_val name;              /* display name override (inlined comprehensions), owned */
} py_tb;

typedef struct py_exc {
    py_obj ob;
    py_val args;              /* tuple */
    py_val dict;              /* instance attrs (user subclasses, notes) */
    py_val cause, context;
    py_val value;             /* StopIteration.value, SystemExit.code, ... */
    py_val extra;             /* KeyError/OSError/SyntaxError details */
    py_tb *tb;
    py_val tbobj;             /* __traceback__ as Python sees it (cached), or NULL */
    py_tb *tbobj_head;        /* the chain tbobj was made from (stale when tb moved on) */
    uint8_t suppress_context;
    uint8_t fatal;            /* resource limit: cannot be caught */
    uint8_t pad_[6];
} py_exc;

typedef struct py_inst {          /* instance of a class deriving from object */
    py_obj ob;
    py_val dict;
    py_val slots[];           /* __slots__ values */
} py_inst;

typedef struct py_iterobj {       /* generic iterators */
    py_obj ob;
    py_val seq;               /* underlying object (owned) */
    int64_t i;                /* position */
    int64_t n;                /* extra: length/version/step */
    py_val aux, aux2;
} py_iterobj;

/* ---- interned identifiers ------------------------------------------------- */
#define PY_IDS(X) \
    X(__init__) X(__new__) X(__repr__) X(__str__) X(__hash__) X(__eq__) \
    X(__ne__) X(__lt__) X(__le__) X(__gt__) X(__ge__) X(__call__) \
    X(__getattr__) X(__getattribute__) X(__setattr__) X(__delattr__) \
    X(__iter__) X(__next__) X(__len__) X(__contains__) X(__getitem__) \
    X(__setitem__) X(__delitem__) X(__bool__) X(__enter__) X(__exit__) \
    X(__aenter__) X(__aexit__) X(__aiter__) X(__anext__) X(__await__) \
    X(__add__) X(__radd__) X(__iadd__) X(__sub__) X(__rsub__) X(__isub__) \
    X(__mul__) X(__rmul__) X(__imul__) X(__matmul__) X(__rmatmul__) X(__imatmul__) \
    X(__truediv__) X(__rtruediv__) X(__itruediv__) X(__floordiv__) \
    X(__rfloordiv__) X(__ifloordiv__) X(__mod__) X(__rmod__) X(__imod__) \
    X(__pow__) X(__rpow__) X(__ipow__) X(__lshift__) X(__rlshift__) \
    X(__ilshift__) X(__rshift__) X(__rrshift__) X(__irshift__) X(__or__) \
    X(__ror__) X(__ior__) X(__xor__) X(__rxor__) X(__ixor__) X(__and__) \
    X(__rand__) X(__iand__) X(__divmod__) X(__rdivmod__) X(__neg__) \
    X(__pos__) X(__invert__) X(__abs__) X(__index__) X(__int__) \
    X(__float__) X(__get__) X(__set__) X(__delete__) X(__name__) \
    X(__qualname__) X(__module__) X(__doc__) X(__dict__) X(__class__) \
    X(__slots__) X(__bases__) X(__mro__) X(__format__) X(__reversed__) \
    X(__round__) X(__trunc__) X(__floor__) X(__ceil__) X(__missing__) \
    X(__init_subclass__) X(__set_name__) X(__class_getitem__) \
    X(__annotations__) X(__match_args__) X(__main__) X(__builtins__) \
    X(__classcell__) X(__length_hint__) X(__fspath__) X(__del__) \
    X(__instancecheck__) X(__subclasscheck__) X(__prepare__) \
    X(__dataclass_fields__) X(__post_init__) X(__copy__) X(__deepcopy__) \
    X(__mro_entries__) X(__orig_bases__) X(__type_params__) X(__weakref__) \
    X(__sizeof__) X(__reduce__) X(__objclass__) X(__wrapped__) \
    X(__func__) X(__self__) X(__file__) X(__spec__) X(__package__) \
    X(__loader__) X(__debug__) X(__abstractmethods__) \
    X(send) X(throw) X(close) X(keys) X(items) X(values) X(get) X(append) \
    X(extend) X(args) X(name) X(value) X(code) X(sep) X(end) X(file) X(flush) \
    X(write) X(key) X(reverse) X(default) X(encoding) X(errors) X(self) \
    X(strict) X(start) X(stop) X(step) X(fget) X(fset) X(fdel) X(doc) \
    X(mro) X(stdout) X(stderr) X(stdin) X(readline) X(read) X(tag) \
    X(real) X(imag) X(fields) X(result) X(obj) X(msg) X(lineno) X(offset) \
    X(text) X(filename) X(errno) X(strerror) X(end_lineno) X(end_offset) \
    X(print_file_and_line) X(add_note) X(with_traceback) X(__notes__) \
    X(__cause__) X(__context__) X(__suppress_context__) X(__traceback__) \
    X(exceptions) X(message) X(object) X(reason) X(path) X(__future__) \
    X(ndigits) X(base) X(x) X(initial) X(iterable) X(maxsplit) X(chars)

enum {
#define X(n) PY_ID_##n,
    PY_IDS(X)
#undef X
    PY_ID_COUNT
};

#endif
