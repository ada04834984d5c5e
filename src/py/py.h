/* py.h — the entry point of Sandkiste's Python interpreter, for the rest of
 * the library (the shell's `python`/`python3` command) and for the tests.
 *
 * One call runs one program in a fresh interpreter and tears it down
 * completely: nothing survives a run, every byte comes from opts->alloc and
 * is returned to it (even when the program leaves reference cycles).
 *
 *     py_run_opts o = {0};
 *     o.alloc = &alloc; o.source = src; o.source_len = n;
 *     o.filename = "script.py"; o.write = my_write; o.write_ud = ctx;
 *     py_run_result r;
 *     int status = py_run(&o, &r);       // the exit status
 *     ... r.exc_type, r.traceback ...
 *     py_run_result_free(&alloc, &r);
 *
 * Exit status: 0 on success; 1 when an exception escaped (the traceback is
 * written to fd 2, exactly as CPython prints it); sys.exit(n)'s code; 1 with
 * "resource limit exceeded: NAME (limit: N)" style messages for limits.
 */
#ifndef SK_PY_PY_H
#define SK_PY_PY_H

#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "py/val.h"

typedef struct py_interp py_interp;

/* How a run ended. */
enum {
    PY_END_OK = 0,          /* ran to the end */
    PY_END_EXCEPTION = 1,   /* an uncaught exception (incl. SyntaxError) */
    PY_END_EXIT = 2,        /* sys.exit() / SystemExit */
    PY_END_LIMIT = 3,       /* steps, memory, allocations */
    PY_END_TIMEOUT = 4,     /* the clock passed the deadline */
    PY_END_CANCELLED = 5,   /* *cancel became non-zero */
    PY_END_ERROR = 6,       /* could not start (bad options, no memory) */
};

typedef struct py_run_opts {
    sk_alloc *alloc;                  /* required: every byte comes from here */
    const char *source;               /* program text (UTF-8), need not be NUL-terminated */
    size_t source_len;
    const char *filename;             /* shown in tracebacks; default "<string>" */
    const char *const *argv;          /* sys.argv (argv[0] = script name); may be NULL */
    int argc;

    /* Output: fd 1 or 2.  Return non-zero to stop the run (cancelled). */
    int (*write)(void *ud, int fd, const char *p, size_t n);
    void *write_ud;
    /* Input for input()/sys.stdin: read up to n bytes, return the count,
     * 0 at end of input, -1 on error.  NULL: stdin is empty. */
    long (*read)(void *ud, char *buf, size_t n);
    void *read_ud;

    /* Limits; 0 = default/unlimited. */
    uint32_t max_recursion_depth;     /* Python frames (default 1000) */
    uint64_t max_steps;               /* bytecode instructions */
    uint64_t max_allocations;         /* object allocations */
    const volatile int *cancel;       /* polled every few thousand steps */
    int64_t (*clock)(void *ud);       /* monotonic nanoseconds; NULL = no time limit */
    void *clock_ud;
    int64_t timeout_ns;               /* wall-time budget measured with clock */
    const void *stack_limit;          /* lowest C stack address (sk_stack_low) */

    /* Behaviour. */
    int echo_last_expr;               /* print repr of a final non-None expression (python -c) */
    int collect_result;               /* fill result_repr/result_str with the last expression */

    /* Host hooks (may be NULL).  lookup_global is asked for a global name the
     * program reads that is neither defined nor a builtin; it returns 1 and
     * sets *out (a new reference) when it resolves the name, 0 when it does
     * not (NameError follows), -1 with an exception set on error.  setup runs
     * after the interpreter is built and before the program starts (register
     * modules, builtins); return -1 with an exception set to abort. */
    int (*lookup_global)(py_interp *I, void *ud, const char *name, py_val *out);
    int (*setup)(py_interp *I, void *ud);
    void *host_ud;
} py_run_opts;

typedef struct py_run_result {
    int status;                       /* exit status */
    int end;                          /* PY_END_* */
    /* Set when an exception ended the run (all allocated with sk_malloc from
     * opts->alloc; free with py_run_result_free): */
    char *exc_type;                   /* class name, e.g. "ValueError", "Halt" */
    char *exc_short;                  /* HARNESS short form: ValueError('msg') */
    char *traceback;                  /* the text written to fd 2 */
    /* With collect_result: repr()/str()/type name of the last top-level
     * expression statement's value ("None" when there was none). */
    char *result_repr;
    char *result_str;
    char *result_type;
    uint64_t steps;                   /* instructions executed */
    size_t peak_memory;
} py_run_result;

int py_run(const py_run_opts *opts, py_run_result *res);
void py_run_result_free(sk_alloc *a, py_run_result *res);

#endif
