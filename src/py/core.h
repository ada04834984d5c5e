/* core.h — the interpreter state and the internal API every part of the
 * Python implementation shares (allocation, reference counting, errors,
 * the abstract object protocol, constructors of the core types).
 *
 * Must never: hold global state; everything lives in py_interp.
 */
#ifndef SK_PY_CORE_H
#define SK_PY_CORE_H

#include "py/obj.h"
#include "py/py.h"

/* ---- memory ------------------------------------------------------------------ */
#define PY_POOL_CLASSES 64            /* 16-byte classes up to 1024 bytes */
#define PY_POOL_MAX 1024
#define PY_PAGE_SIZE (64 * 1024)

typedef struct py_page { struct py_page *next; size_t size; } py_page;
typedef struct py_bigblk { struct py_bigblk *next, *prev; size_t size; size_t pad_; } py_bigblk;

typedef struct py_mem {
    void *free[PY_POOL_CLASSES];      /* free lists per class */
    char *bump, *bump_end;            /* current page's unused tail */
    py_page *pages;
    py_bigblk big;                    /* list head of large blocks */
    uint64_t nallocs;                 /* allocations made (max_allocations) */
    uint64_t max_allocs;
} py_mem;

/* ---- code, frames, functions ------------------------------------------------ */
typedef struct py_exc_entry { uint32_t start, end, target, depth; } py_exc_entry;
typedef struct py_srcpos { int32_t line, end_line, col, end_col; } py_srcpos;  /* cols: UTF-8 bytes, -1 unknown */
typedef struct py_posrun { uint32_t ip; py_srcpos pos; } py_posrun;

enum {
    PY_CO_VARARGS = 1, PY_CO_VARKW = 2, PY_CO_GENERATOR = 4, PY_CO_COROUTINE = 8,
    PY_CO_ASYNCGEN = 16, PY_CO_HIDDEN = 32, /* comprehension: no traceback entry, no depth */
    PY_CO_CLASSBODY = 64, PY_CO_MODULE = 128, PY_CO_HAS_CLASSCELL = 256,
    PY_CO_NESTED = 512, PY_CO_LAMBDA = 1024,
    PY_CO_HOST = 2048,            /* host-provided Python code: invisible in tracebacks, no depth */
    PY_CO_EVALMODE = 4096,        /* compiled in 'eval' mode: the value is left in I->last_value */
};

typedef struct py_code {
    py_obj ob;
    uint32_t *code;
    uint32_t ncode;
    uint32_t nconsts, nnames;
    uint32_t nlocals, ncells, nfrees, nlocalsplus, stacksize;
    uint32_t flags;
    uint16_t argcount, posonly, kwonly, pad_;
    py_val *consts;               /* owned refs */
    py_val *names;                /* interned strs */
    py_val *localnames;           /* nlocalsplus names */
    int32_t *cell2arg;            /* ncells: argument index or -1 */
    py_val name, qualname;
    py_val filename;              /* str */
    py_val source;                /* str: the whole source text (tracebacks) */
    int32_t firstlineno;
    uint32_t nexctab, npos, ncache;
    py_exc_entry *exctab;
    py_posrun *pos;
    struct py_cache *cache;       /* inline caches, ncache entries */
} py_code;

typedef struct py_cache {
    uint64_t v1, v2;              /* LOAD_GLOBAL: globals / builtins kver */
    uint32_t i1, i2;              /* LOAD_GLOBAL: entry index; i2 = 1: found in builtins */
    void *ptr;
} py_cache;

typedef struct py_func {
    py_obj ob;
    py_code *code;
    py_val globals;               /* dict */
    py_val builtins;              /* dict */
    py_val defaults;              /* tuple or NULL */
    py_val kwdefaults;            /* dict or NULL */
    py_val closure;               /* tuple of cells or NULL */
    py_val name, qualname, doc, dict, module, annotations;
    py_val type_params;
    uint32_t ann_lazy;            /* annotations still hold source text to evaluate on first read */
} py_func;

enum { PY_FRAME_ENTRY = 1, PY_FRAME_OWNED_BY_GEN = 2, PY_FRAME_COUNTED = 4 };

struct py_frame {
    py_frame *prev;
    py_code *code;
    py_func *func;                /* owned */
    py_val globals, builtins;     /* borrowed from func (or module) */
    py_val locals;                /* class-body namespace (owned) or NULL */
    const uint32_t *ip;           /* next instruction */
    py_val *sp;                   /* saved stack pointer */
    struct py_gen *gen;           /* owning generator or NULL */
    uint32_t flags;
    uint32_t lasti;               /* index of the instruction executing */
    py_val fast[];                /* nlocalsplus locals, then the value stack */
};

enum { PY_GEN_CREATED, PY_GEN_SUSPENDED, PY_GEN_RUNNING, PY_GEN_CLOSED };
enum { PY_GK_GEN, PY_GK_CORO, PY_GK_ASYNCGEN };

typedef struct py_gen {
    py_obj ob;
    py_val name, qualname;
    uint8_t state, kind;
    uint8_t closing, hooks_;
    uint32_t framesize;
    py_val exc_state;             /* the generator's own handled exception */
    py_val yieldfrom;             /* delegate while suspended in yield from / await */
    py_val running_task_;
    py_frame *frame;              /* points into this object */
} py_gen;

/* ---- data stack for frames -------------------------------------------------- */
typedef struct py_chunk {
    struct py_chunk *prev;
    size_t size;                  /* bytes of payload */
    char *top;
    char data[];
} py_chunk;

/* ---- the interpreter ---------------------------------------------------------- */
struct py_interp {
    sk_alloc *alloc;
    py_mem mem;
    py_type *types[PY_T_COUNT];
    py_val exc;                   /* pending exception (owned), PY_NULL if none */
    py_val exc_info;              /* exception being handled (owned) or PY_NULL */
    py_frame *frame;              /* innermost executing frame */
    py_chunk *chunk;              /* frame data stack */

    /* cycle collector */
    py_gchead gc;                 /* list of tracked objects */
    size_t gc_tracked, gc_since, gc_threshold;
    int gc_enabled, gc_running;
    int dealloc_depth;
    py_gchead *trash;             /* deferred deallocations */
    py_bigint *bigs;              /* all live bigints */

    /* strings */
    py_val interned;              /* dict str -> str */
    py_val ids[PY_ID_COUNT];
    py_val chars[128];            /* one-character ASCII strings */
    py_val empty_str, empty_tuple, empty_bytes;

    /* namespaces */
    py_val builtins;              /* dict, filled lazily */
    py_val modules;               /* dict name -> module */
    py_val main_mod;
    py_val main_dict;

    /* limits and accounting */
    int recursion_limit;          /* Python frames */
    int depth;                    /* Python frames active */
    int c_depth, c_depth_limit;   /* nested native re-entries */
    int repr_depth;
    const void *stack_limit;
    uint64_t steps, max_steps;
    uint64_t kver_seq;
    uint64_t type_epoch;          /* bumped when any type dict / type changes (attribute cache) */
    struct py_tcache_ent *tcache; /* type attribute cache, allocated after a warm-up */
    uint32_t tcache_warm;
    uint64_t nan_seq;             /* payloads that keep float('nan') results distinct */            /* last dict key-layout version handed out */
    uint64_t step_check;          /* steps at the next periodic check */
    const volatile int *cancel;
    int64_t (*clock)(void *ud);
    void *clock_ud;
    int64_t deadline_ns;          /* 0 = none */
    int fatal;                    /* a resource limit ended the run */

    /* finalizers (__del__, closing suspended generators): queued when the
     * object dies, run at the next safe point of the VM (see gc.c) */
    py_obj **finq;
    size_t finq_head, finq_n, finq_cap;
    int fin_running, fin_disabled, fin_signal;
    int fin_used;                 /* a generator or a class with __del__ was made */
    int tb_plain;                 /* tracebacks without carets (unraisable) */

    /* host */
    const py_run_opts *opts;
    py_val repr_stack;            /* list of objects being repr'd (cycles) */
    py_val stdin_buf;
    uint64_t id_counter;
    uint64_t rng[4];
    int int_max_str_digits;
    int in_fixture_mode;
    py_val last_value;            /* echo mode */
    py_val ext_cache;
    int exit_code;
    int exiting;
    py_val asyncio_loop;          /* event loop state (module-private) */
    py_val tmp_[4];
};

#define PY_TYPE(I, id) ((I)->types[id] ? (I)->types[id] : py_type_builtin((I), (id)))
#define PY_ID(I, n) ((I)->ids[PY_ID_##n] ? (I)->ids[PY_ID_##n] : py_id_make((I), PY_ID_##n))

/* ---- memory API --------------------------------------------------------------- */
void *py_alloc(py_interp *I, size_t n);                 /* MemoryError on failure */
void *py_zalloc(py_interp *I, size_t n);
void *py_realloc(py_interp *I, void *p, size_t old, size_t n);
void py_free(py_interp *I, void *p, size_t n);
void py_mem_init(py_interp *I);
void py_mem_teardown(py_interp *I);
py_obj *py_obj_new(py_interp *I, py_type *t, size_t size);   /* rc=1, zeroed */
void py_obj_free(py_interp *I, py_obj *o, size_t size);
char *py_strndup(py_interp *I, const char *s, size_t n);     /* frees with py_free(n+1) */

/* ---- reference counting ------------------------------------------------------ */
void py_dealloc(py_interp *I, py_obj *o);
static inline void py_incref(py_val v) { if (py_is_ptr(v)) PY_OBJ(v)->rc++; }
static inline py_val py_newref(py_val v) { py_incref(v); return v; }
static inline void py_decref(py_interp *I, py_val v)
{
    if (py_is_ptr(v) && --PY_OBJ(v)->rc == 0) py_dealloc(I, PY_OBJ(v));
}
static inline void py_xdecref(py_interp *I, py_val v) { if (v) py_decref(I, v); }
#define PY_CLEAR(I, lv) do { py_val t_ = (lv); (lv) = PY_NULL; py_xdecref((I), t_); } while (0)
#define PY_SETREF(I, lv, nv) do { py_val t_ = (lv); (lv) = (nv); py_xdecref((I), t_); } while (0)

/* ---- cycle collector ------------------------------------------------------------ */
void py_gc_track(py_interp *I, py_obj *o);
void py_gc_untrack(py_interp *I, py_obj *o);
size_t py_gc_collect(py_interp *I);
void py_gc_maybe_collect(py_interp *I);
void py_gc_teardown(py_interp *I);

/* ---- types ----------------------------------------------------------------------- */
py_type *py_type_builtin(py_interp *I, int id);
extern const py_typedef *const py_typedefs[PY_T_COUNT];
py_type *py_type_of_imm(py_interp *I, py_val v);
static inline py_type *py_typeof(py_interp *I, py_val v)
{
    if (py_is_ptr(v)) return PY_OBJ(v)->type;
    return py_type_of_imm(I, v);
}
static inline int py_tid(py_val v) { return py_is_ptr(v) ? PY_OBJ(v)->type->id : -1; }
static inline int py_is_type_id(py_val v, int id)
{
    return py_is_ptr(v) && PY_OBJ(v)->type->id == id && !(PY_OBJ(v)->type->flags & PY_TF_HEAP);
}
#define PY_IS(v, ID) py_is_type_id((v), PY_T_##ID)
static inline int py_tflag(py_val v, uint32_t f) { return py_is_ptr(v) && (PY_OBJ(v)->type->flags & f); }
static inline int py_is_str(py_val v) { return py_tflag(v, PY_TF_STR_SUB); }
static inline int py_is_list(py_val v) { return py_tflag(v, PY_TF_LIST_SUB); }
static inline int py_is_tuple(py_val v) { return py_tflag(v, PY_TF_TUPLE_SUB); }
static inline int py_is_dict(py_val v) { return py_tflag(v, PY_TF_DICT_SUB); }
static inline int py_is_bytearray(py_val v) { return py_is_ptr(v) && PY_OBJ(v)->type->id == PY_T_BYTEARRAY; }
static inline int py_is_typeobj(py_val v) { return py_tflag(v, PY_TF_TYPE_SUB); }
static inline int py_is_exc(py_val v) { return py_tflag(v, PY_TF_EXC_SUB); }
static inline int py_is_anyset(py_val v) { return py_tflag(v, PY_TF_SET_SUB | PY_TF_FROZENSET_SUB); }
static inline int py_is_bytes(py_val v) { return py_tflag(v, PY_TF_BYTES_SUB); }
static inline int py_is_bigint(py_val v) { return py_tflag(v, PY_TF_INT_SUB); }
/* int including bools and big ints */
static inline int py_is_intlike(py_val v) { return py_is_int(v) || py_is_bool(v) || py_is_bigint(v); }
#define PY_TYPEOBJ(v) ((py_type *)PY_OBJ(v))
#define PY_STR(v) ((py_strobj *)PY_OBJ(v))
#define PY_TUPLE(v) ((py_tuple *)PY_OBJ(v))
#define PY_LIST(v) ((py_list *)PY_OBJ(v))
#define PY_DICT(v) ((py_dict *)PY_OBJ(v))
#define PY_BYTES(v) ((py_bytes *)PY_OBJ(v))
#define PY_EXC(v) ((py_exc *)PY_OBJ(v))
#define PY_FUNC(v) ((py_func *)PY_OBJ(v))
#define PY_CODE(v) ((py_code *)PY_OBJ(v))

const char *py_type_name(py_interp *I, py_val v);          /* "int", "Foo" */
const char *py_type_qualname(py_type *t);                   /* "collections.deque" */
int py_type_is_subtype(py_type *a, py_type *b);
int py_isinstance_t(py_interp *I, py_val v, py_type *t);
py_val py_type_lookup(py_interp *I, py_type *t, py_val name);   /* borrowed, no error */
py_val py_type_dict(py_interp *I, py_type *t);                  /* materialise */
py_val py_generic_getattr(py_interp *I, py_val self, py_val name);
py_val py_generic_getattr_opt(py_interp *I, py_val self, py_val name, int *found);
int py_generic_setattr(py_interp *I, py_val self, py_val name, py_val v);
py_val *py_inst_dictptr(py_val self);
size_t py_str_dict_offset(py_val v);
size_t py_bytes_dict_offset(py_val v);    /* where a str subclass instance keeps its __dict__ */
py_val py_class_new(py_interp *I, py_val name, py_val bases, py_val ns, py_val kwnames_dict);
int py_type_set_slot_for(py_interp *I, py_type *t, py_val name);
py_val py_type_call(py_interp *I, py_val self, const py_val *args, size_t nargs, py_val kw);
void py_type_modified(py_type *t);
void py_type_cache_free(py_interp *I);
int py_run_finalizers(py_interp *I);       /* -1: a fatal error (limit) is pending */
void py_finalizers_drop(py_interp *I);
int py_frame_in_try(py_frame *f);          /* a handler covers the suspended instruction */
void py_write_unraisable(py_interp *I, const char *msg, py_val obj);
py_val py_object_new_inst(py_interp *I, py_type *t);
py_val py_type_repr(py_interp *I, py_val t);

/* ---- errors -------------------------------------------------------------------- */
void py_err_setexc(py_interp *I, py_val exc);                  /* steals exc */
py_val py_err_fmt(py_interp *I, int type_id, const char *fmt, ...);   /* returns PY_NULL */
py_val py_err_vfmt(py_interp *I, int type_id, const char *fmt, va_list ap);
py_val py_err_str(py_interp *I, int type_id, const char *msg);
py_val py_err_obj(py_interp *I, int type_id, py_val arg);  /* exc(arg) */
py_val py_err_type_val(py_interp *I, py_val type, py_val arg);
py_val py_err_nomem(py_interp *I);
py_val py_err_nomem_size(py_interp *I, size_t n);   /* catchable when n alone is impossible */
static inline int py_err_occurred(py_interp *I) { return I->exc != PY_NULL; }
int py_err_matches(py_interp *I, int type_id);
py_val py_err_fetch(py_interp *I);                          /* take ownership */
void py_err_clear(py_interp *I);
py_val py_exc_new(py_interp *I, py_type *t, const py_val *args, size_t nargs);
int py_exc_matches(py_interp *I, py_val exc, py_val spec);  /* except clause */
py_val py_exc_str(py_interp *I, py_val exc);
void py_tb_add(py_interp *I, py_val exc, py_code *code, uint32_t ip);
void py_tb_decref(py_interp *I, py_tb *tb);
py_val py_err_stopiteration(py_interp *I, py_val value);   /* steals value */
int py_err_recursion(py_interp *I);
py_val py_err_fatal(py_interp *I, int type_id, const char *msg);

/* ---- the abstract protocol ------------------------------------------------ */
py_val py_repr(py_interp *I, py_val v);
py_val py_str(py_interp *I, py_val v);
py_val py_ascii(py_interp *I, py_val v);
int py_hash(py_interp *I, py_val v, int64_t *out);
int py_hash_unhashable(py_interp *I, py_val v, int64_t *out);
py_val py_richcmp(py_interp *I, py_val a, py_val b, int op);
int py_richcmp_bool(py_interp *I, py_val a, py_val b, int op);
int py_eq(py_interp *I, py_val a, py_val b);                /* -1/0/1, identity shortcut */
int py_truthy(py_interp *I, py_val v);
py_val py_binop(py_interp *I, py_val a, py_val b, int op);
py_val py_inplace_op(py_interp *I, py_val a, py_val b, int op);
py_val py_pow3(py_interp *I, py_val a, py_val b, py_val m);
py_val py_neg(py_interp *I, py_val v);
py_val py_pos(py_interp *I, py_val v);
py_val py_invert(py_interp *I, py_val v);
py_val py_abs(py_interp *I, py_val v);
py_val py_index(py_interp *I, py_val v);                    /* __index__ -> int */
int py_index_i64(py_interp *I, py_val v, int64_t *out, int overflow_err);
int py_ssize_arg(py_interp *I, py_val v, int64_t *out);   /* __index__, OverflowError beyond int64 */
int64_t py_len(py_interp *I, py_val v);
py_val py_getitem(py_interp *I, py_val o, py_val k);
int py_setitem(py_interp *I, py_val o, py_val k, py_val v);
int py_delitem(py_interp *I, py_val o, py_val k);
int py_contains(py_interp *I, py_val container, py_val v);
py_val py_getattr(py_interp *I, py_val o, py_val name);
py_val py_getattr_opt(py_interp *I, py_val o, py_val name);   /* NULL w/o exception if missing */
py_val py_getattr_s(py_interp *I, py_val o, const char *name);
int py_setattr(py_interp *I, py_val o, py_val name, py_val v);
int py_delattr(py_interp *I, py_val o, py_val name);
int py_hasattr(py_interp *I, py_val o, py_val name);
py_val py_call(py_interp *I, py_val f, const py_val *args, size_t nargs, py_val kwnames);
py_val py_call0(py_interp *I, py_val f);
py_val py_call1(py_interp *I, py_val f, py_val a);
py_val py_call2(py_interp *I, py_val f, py_val a, py_val b);
py_val py_call_method(py_interp *I, py_val self, py_val name, const py_val *args, size_t nargs);
py_val py_call_method_opt(py_interp *I, py_val self, py_val name, const py_val *args,
                          size_t nargs, int *found);
py_val py_call_tuple_dict(py_interp *I, py_val f, py_val args, py_val kwargs);
py_val py_iter(py_interp *I, py_val v);
py_val py_next(py_interp *I, py_val it);   /* NULL + no exc = exhausted */
int py_callable(py_interp *I, py_val v);
py_val py_format(py_interp *I, py_val v, py_val spec);
py_val py_lookup_special(py_interp *I, py_val self, py_val name);  /* bound or NULL, no error */
int py_enter_native(py_interp *I);          /* bounded C re-entry; -1 on RecursionError */
static inline void py_leave_native(py_interp *I) { I->c_depth--; }
py_val py_sequence_list(py_interp *I, py_val it);        /* list(it) */
py_val py_sequence_tuple(py_interp *I, py_val it);       /* tuple(it) */
int py_unpack_iter(py_interp *I, py_val it, py_val *out, size_t n); /* exact length */
int py_is_iterator_exhausted_err(py_interp *I);
py_val py_object_repr_default(py_interp *I, py_val v);
int py_isinstance(py_interp *I, py_val v, py_val cls);    /* -1/0/1 */
int py_issubclass(py_interp *I, py_val sub, py_val cls);
uint64_t py_id_of(py_interp *I, py_val v);
int py_repr_enter(py_interp *I, py_val v);   /* 1: already being repr'd */
void py_repr_leave(py_interp *I, py_val v);

/* ---- ints ------------------------------------------------------------------------ */
py_val py_int_from_i64(py_interp *I, int64_t i);
py_val py_int_from_u64(py_interp *I, uint64_t u);
py_val py_int_from_double(py_interp *I, double d);          /* truncates; errors on inf/nan */
py_val py_int_from_str(py_interp *I, const char *s, size_t n, int base, int *bad);
py_val py_int_from_mp(py_interp *I, const mp_int *m);       /* copies; normalises small */
py_val py_int_big_new(py_interp *I, mp_int **out);          /* empty bigint to fill */
py_val py_int_normalize(py_interp *I, py_val big);          /* small if fits */
int py_int_to_i64(py_interp *I, py_val v, int64_t *out);    /* -1 OverflowError */
int py_int_sign(py_val v);
int py_int_to_mp(py_interp *I, py_val v, mp_int *out);      /* initialises out */
int py_int_to_double(py_interp *I, py_val v, double *out);  /* OverflowError */
py_val py_int_repr(py_interp *I, py_val v);
int py_int_format_base(py_interp *I, py_val v, int base, sk_buf *out); /* no prefix, with sign */
int py_int_cmp(py_interp *I, py_val a, py_val b);           /* a, b ints; -1/0/1 */
int py_int_hash(py_val v, int64_t *out);
py_val py_int_binop(py_interp *I, py_val a, py_val b, int op);
py_val py_int_pow(py_interp *I, py_val a, py_val b, py_val m);
py_val py_int_neg(py_interp *I, py_val v);
int py_int_is_zero(py_val v);
int py_int_bit_length(py_interp *I, py_val v, int64_t *out);
py_val py_int_exact(py_interp *I, py_val v);
py_val py_as_int(py_interp *I, py_val v);                   /* bool -> int, passthrough */
double py_int_to_double_lossy(py_val v);
int py_int_tostr_check(py_interp *I, py_val v);

/* ---- floats ---------------------------------------------------------------------- */
int py_float_repr_buf(double d, char *buf, size_t n);       /* CPython repr */
py_val py_float_repr(py_interp *I, py_val v);
int py_float_hash(double d, int64_t *out);
int py_to_double(py_interp *I, py_val v, double *out);      /* int or float */
py_val py_float_from_str(py_interp *I, const char *s, size_t n);
int py_float_format(py_interp *I, double d, char type, int prec, int alt, sk_buf *out);
py_val py_float_binop(py_interp *I, py_val a, py_val b, int op);

/* ---- strings --------------------------------------------------------------------- */
py_val py_str_new(py_interp *I, const char *s, size_t n);   /* UTF-8, validated by caller */
py_val py_str_cstr(py_interp *I, const char *s);
py_val py_str_fmt(py_interp *I, const char *fmt, ...);
py_val py_str_uninit(py_interp *I, size_t n, char **data);  /* then py_str_finish */
py_val py_str_finish(py_interp *I, py_val s);               /* computes cplen/ascii */
py_val py_str_from_buf(py_interp *I, sk_buf *b);            /* frees the buffer */
py_val py_intern(py_interp *I, const char *s);
py_val py_intern_n(py_interp *I, const char *s, size_t n);
py_val py_intern_str(py_interp *I, py_val s);               /* steals s, returns interned */
py_val py_id_make(py_interp *I, int id);
static inline const char *py_str_data(py_val v) { return PY_STR(v)->data; }
static inline size_t py_str_len(py_val v) { return PY_STR(v)->len; }
int py_str_eq(py_val a, py_val b);
int py_str_eq_c(py_val a, const char *s);
int64_t py_str_hash(py_val s);
/* Keys hashed without running any code: an exact str or a small int.
 * py_has_plain_hash says whether py_plain_hash applies. */
static inline int py_has_plain_hash(py_val k) { return py_is_int(k) || PY_IS(k, STR); }
static inline int64_t py_plain_hash(py_val k)
{
    if (!py_is_int(k)) return py_str_hash(k);
    int64_t i = py_int_val(k);
    return i == -1 ? -2 : i;   /* hash(-1) is -2: -1 means "error" */
}
int64_t py_hash_bytes(const char *p, size_t n);   /* the str hash of these bytes */
py_val py_str_repr(py_interp *I, py_val s);
int py_str_repr_buf(py_interp *I, const char *s, size_t n, sk_buf *out, int ascii_only);
py_val py_str_concat(py_interp *I, py_val a, py_val b);
py_val py_str_append_owned(py_interp *I, py_val a, py_val b);
/* suggest.c: the traceback's 'Did you mean' hints */
py_val py_suggest_pick(py_val wrong, const py_val *cands, size_t n);
py_val py_suggest_for_name(py_interp *I, py_frame *f, py_val name);
py_val py_attr_error(py_interp *I, py_val self, py_val name);   /* AttributeError with .name/.obj */
/* except* (exc.c): split a raised exception by a clause's type; combine what the handlers raised */
int py_eg_match(py_interp *I, py_val exc, py_val type, py_val *match, py_val *rest);
py_val py_eg_prep_reraise(py_interp *I, py_val orig, py_val list);
py_val py_str_join(py_interp *I, py_val sep, py_val iterable);
py_val py_str_char(py_interp *I, uint32_t cp);
py_val py_str_getitem_cp(py_interp *I, py_val s, int64_t i);
py_val py_str_substr_cp(py_interp *I, py_val s, int64_t start, int64_t stop);
size_t py_utf8_offset(py_val s, int64_t cpi);               /* byte offset of code point */
int py_utf8_decode(const char *s, size_t n, size_t *i, uint32_t *cp);
int py_utf8_encode(uint32_t cp, char *out);
int py_utf8_valid(const char *s, size_t n, size_t *bad);
size_t py_utf8_count(const char *s, size_t n);
py_val py_str_format_method(py_interp *I, py_val fmt, const py_val *args, size_t nargs, py_val kwnames);
py_val py_str_mod(py_interp *I, py_val fmt, py_val args);   /* printf-style % */
py_val py_format_spec(py_interp *I, py_val v, py_val spec); /* builtin types */
int py_buf_put_str(sk_buf *b, py_val s);
int py_str_isidentifier(py_val s);
int py_unicode_isspace(uint32_t c);
int py_unicode_isprintable(uint32_t c);

/* ---- bytes ---------------------------------------------------------------------- */
py_val py_bytes_new(py_interp *I, const char *s, size_t n);
py_val py_bytes_uninit(py_interp *I, size_t n, char **data);
py_val py_bytes_repr(py_interp *I, py_val b);
int py_bytes_repr_buf(py_interp *I, const char *s, size_t n, sk_buf *out);
py_val py_bytes_decode(py_interp *I, const char *s, size_t n, const char *enc, const char *errors);
py_val py_str_encode(py_interp *I, py_val s, const char *enc, const char *errors);

/* ---- tuples and lists ----------------------------------------------------------- */
py_val py_tuple_new(py_interp *I, size_t n);                /* items NULL-filled */
py_val py_tuple_pack(py_interp *I, size_t n, ...);         /* new refs taken (increfs) */
py_val py_tuple_from(py_interp *I, const py_val *items, size_t n);   /* increfs */
py_val py_tuple_steal(py_interp *I, py_val *items, size_t n);       /* steals items */
static inline size_t py_tuple_len(py_val t) { return PY_TUPLE(t)->n; }
static inline py_val *py_tuple_items(py_val t) { return PY_TUPLE(t)->items; }
py_val py_list_new(py_interp *I, size_t cap);
py_val py_list_from(py_interp *I, const py_val *items, size_t n);   /* increfs */
int py_list_append(py_interp *I, py_val l, py_val v);       /* increfs v */
int py_list_append_steal(py_interp *I, py_val l, py_val v);
int py_list_extend(py_interp *I, py_val l, py_val it);
int py_list_insert(py_interp *I, py_val l, int64_t i, py_val v);
int py_list_sort(py_interp *I, py_val l, py_val key, int reverse);
int py_list_reverse(py_interp *I, py_val l);
int py_seq_repr(py_interp *I, const py_val *items, size_t n, const char *open,
                const char *close, sk_buf *out);
int py_buf_repr(py_interp *I, sk_buf *out, py_val v);
int py_buf_str(py_interp *I, sk_buf *out, py_val v);

/* ---- dicts and sets ------------------------------------------------------------- */
py_val py_dict_new(py_interp *I);
py_val py_dict_get(py_interp *I, py_val d, py_val key);     /* borrowed; NULL missing (check exc) */
py_val py_dict_get_h(py_interp *I, py_val d, py_val key, int64_t h);
py_val py_dict_get_str(py_interp *I, py_val d, py_val key); /* key is an interned/any str, no error */
py_val py_dict_new_presized(py_interp *I, size_t n);
py_val py_dict_get_strbytes(py_val d, const char *p, size_t n, int64_t hash); /* borrowed */
int64_t py_dict_index_h(py_interp *I, py_val d, py_val key, int64_t h); /* entry number, -1 missing, -2 error */
py_val py_dict_get_c(py_interp *I, py_val d, const char *key);
int py_dict_set(py_interp *I, py_val d, py_val key, py_val v);      /* increfs both */
int py_dict_set_h(py_interp *I, py_val d, py_val key, int64_t h, py_val v);
int py_dict_set_c(py_interp *I, py_val d, const char *key, py_val v);
int py_dict_setdefault(py_interp *I, py_val d, py_val key, py_val v, py_val *out);
int py_dict_del(py_interp *I, py_val d, py_val key);        /* KeyError if missing */
int py_dict_pop(py_interp *I, py_val d, py_val key, py_val *out);   /* 0 missing, 1 found (owned) */
int py_dict_next(py_val d, size_t *pos, py_val *key, py_val *value);
int py_dict_update(py_interp *I, py_val d, py_val other);
int py_dict_merge_kw(py_interp *I, py_val d, py_val other, py_val fname); /* ** unpacking */
py_val py_dict_copy(py_interp *I, py_val d);
void py_dict_clear(py_interp *I, py_val d);
static inline size_t py_dict_len(py_val d) { return PY_DICT(d)->used; }
py_val py_dict_keys_list(py_interp *I, py_val d);
py_val py_set_new(py_interp *I, py_val iterable, int frozen);
int py_set_add(py_interp *I, py_val s, py_val key);
int py_set_contains(py_interp *I, py_val s, py_val key);
int py_set_discard(py_interp *I, py_val s, py_val key);    /* 1 removed, 0 missing */
int py_set_next(py_val s, size_t *pos, py_val *key);
int py_set_update(py_interp *I, py_val s, py_val iterable);
py_val py_dict_fromkeys_iter(py_interp *I, py_type *t, py_val it, py_val value);

/* ---- misc objects ---------------------------------------------------------------- */
py_val py_range_new(py_interp *I, py_val start, py_val stop, py_val step);
py_val py_slice_new(py_interp *I, py_val start, py_val stop, py_val step);
int py_slice_indices(py_interp *I, py_val slice, int64_t len, int64_t *start,
                     int64_t *stop, int64_t *step, int64_t *slicelen);
py_val py_cell_new(py_interp *I, py_val v);
py_val py_method_new(py_interp *I, py_val func, py_val self);
py_val py_cfunc_new(py_interp *I, const py_methoddef *def, py_val self, const char *qualprefix);
py_val py_module_new(py_interp *I, const char *name);
py_val py_func_new(py_interp *I, py_code *code, py_val globals, py_val qualname);
py_val py_seqiter_new(py_interp *I, py_val seq);
py_val py_calliter_new(py_interp *I, py_val callable, py_val sentinel);
py_val py_property_new(py_interp *I, py_val fget, py_val fset, py_val fdel, py_val doc);
py_val py_gen_new(py_interp *I, py_func *f, py_frame *src);
py_val py_gen_send(py_interp *I, py_val gen, py_val v, int *returned);  /* returned: 1 on StopIteration */
py_val py_gen_throw(py_interp *I, py_val gen, py_val exc, int *returned);
py_val py_gen_close(py_interp *I, py_val gen);
py_val py_genericalias_new(py_interp *I, py_val origin, py_val args);
py_val py_union_new(py_interp *I, py_val a, py_val b);

/* ---- argument helpers for builtin functions ------------------------------------ */
/* Binds positional and keyword arguments to `names` (NULL-terminated list of
 * parameter names; a name starting with '$' is keyword-only, '/' ends the
 * positional-only prefix).  Missing optional parameters are left PY_NULL.
 * `required` is the number of leading required parameters.  Returns -1 with
 * CPython-style TypeErrors. */
int py_args_parse(py_interp *I, const char *fname, const py_val *args, size_t nargs,
                  py_val kwnames, const char *const *names, int required, py_val *out);
int py_args_none(py_interp *I, const char *fname, size_t nargs, py_val kwnames);
int py_args_exact(py_interp *I, const char *fname, size_t nargs, py_val kwnames, size_t n);
int py_args_range(py_interp *I, const char *fname, size_t nargs, py_val kwnames,
                  size_t lo, size_t hi);
int py_no_kw(py_interp *I, const char *fname, py_val kwnames);

/* ---- VM -------------------------------------------------------------------------- */
py_val py_eval_frame(py_interp *I, py_frame *f);
py_val py_func_call(py_interp *I, py_val f, const py_val *args, size_t nargs, py_val kwnames);
py_frame *py_frame_alloc(py_interp *I, py_code *co);
void py_frame_release(py_interp *I, py_frame *f);
void py_frame_clear_locals(py_interp *I, py_frame *f);
int py_frame_bind_args(py_interp *I, py_frame *f, py_func *fn, const py_val *args,
                       size_t nargs, py_val kwnames);
py_val py_builtins_lookup(py_interp *I, py_val name);      /* borrowed or NULL */
int py_builtins_fill(py_interp *I);
py_val py_complex_new(py_interp *I, double re, double im);
py_val py_complex_pow_float(py_interp *I, double a, double b);   /* a negative base to a fractional power */
int py_is_floatlike(py_val v);          /* float or an instance of a float subclass */
double py_floatlike_val(py_val v);
/* The type name argument-clinic messages use: "None" for None ("... must be str, not None"). */
static inline const char *py_argtype_name(py_interp *I, py_val v) { return v == PY_NONE ? "None" : py_type_name(I, v); }
py_val py_typevar_new(py_interp *I, int kind, py_val name, int infer_variance);   /* 0 TypeVar 1 ParamSpec 2 TypeVarTuple */
py_val py_typealias_new(py_interp *I, py_val name, py_val value, py_val evaluator, py_val type_params);
int py_type_set_tpname(py_interp *I, py_type *t, py_val name);
int py_exec_host_source(py_interp *I, const char *src, size_t n, py_val globals, const char *fname);                         /* complete the lazy builtins dict */
py_val py_import(py_interp *I, py_val name, py_val fromlist, int level);
py_val py_build_class(py_interp *I, py_val func, py_val name, const py_val *bases,
                      size_t nbases, py_val kwnames_dict);
int py_check_periodic(py_interp *I);
void py_code_dealloc_cache(py_interp *I, py_code *co);
py_srcpos py_code_pos(py_code *co, uint32_t ip);

/* ---- output helpers -------------------------------------------------------------- */
int py_write(py_interp *I, int fd, const char *p, size_t n);

#endif
