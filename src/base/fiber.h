/* fiber.h — stackful coroutines inside the shell's thread.
 *
 * Pipeline stages, background jobs and process substitutions each run on a
 * fiber with a small stack of their own; switching is a handful of register
 * moves (hand-written for x86-64 and AArch64, ucontext elsewhere).  A fiber
 * never migrates threads and never runs concurrently with another fiber of
 * the same shell.  Under AddressSanitizer every switch is announced with the
 * sanitizer's fiber hooks.  Stacks come from the accounting allocator. */
#ifndef SK_BASE_FIBER_H
#define SK_BASE_FIBER_H

#include <stddef.h>

#include "alloc.h"

typedef struct sk_fiber {
    void *sp;                  /* saved stack pointer (or ucontext) */
    void *stack;               /* NULL for the thread's own stack */
    size_t stack_size;
    void (*fn)(void *);
    void *arg;
    const void *stack_limit;   /* lowest address code on this fiber may use */
    /* sanitizer bookkeeping */
    struct sk_fiber *prev;     /* who switched to this fiber last */
    void *asan_fake;
    const void *asan_bottom;
    size_t asan_size;
} sk_fiber;

/* Prepare a fiber that will call fn(arg) when first switched to.  fn must
 * never return: it ends by switching away for the last time. */
int sk_fiber_init(sk_fiber *f, sk_alloc *a, size_t stack_size, void (*fn)(void *), void *arg);
/* The same on a stack the caller already holds (from sk_alloc_sized). */
int sk_fiber_init_on(sk_fiber *f, sk_alloc *a, void *stack, size_t stack_size, void (*fn)(void *), void *arg);
/* Describe the current (thread) stack as a fiber that can be switched from
 * and back to; stack_limit is set `budget` bytes below the caller's frame. */
void sk_fiber_init_thread(sk_fiber *f, size_t budget);
void sk_fiber_switch(sk_fiber *from, sk_fiber *to);
/* The last switch out of a finished fiber (lets the sanitizer drop its
 * fake stack).  Never returns. */
void sk_fiber_exit_to(sk_fiber *from, sk_fiber *to);
void sk_fiber_release(sk_fiber *f, sk_alloc *a);

/* Bytes kept free at the bottom of a fiber stack for leaf calls (libc,
 * PCRE2) below the last stack check. */
#ifdef SK_SANITIZE
#define SK_FIBER_RESERVE (64 * 1024)
#else
#define SK_FIBER_RESERVE (16 * 1024)
#endif

#endif
