/* sched.h — a deterministic scheduler for the fibers of one shell.
 *
 * Tasks run one at a time, first-in first-out.  A task that must wait (an
 * empty pipe, a full pipe, a job to finish) registers itself with what it
 * waits for and calls sk_sched_block; whoever changes that state calls
 * sk_sched_wake.  The thread's own stack is the "root" task.  The order of
 * execution depends only on the program, never on timing, so output is
 * reproducible. */
#ifndef SK_BASE_SCHED_H
#define SK_BASE_SCHED_H

#include "fiber.h"

typedef struct sk_sched sk_sched;
typedef struct sk_task sk_task;

struct sk_task {
    sk_fiber fiber;
    sk_sched *sched;
    sk_task *next;           /* ready-queue link */
    sk_task *joiner;         /* task waiting for this one to finish */
    void (*run)(sk_task *);  /* body; the task ends when it returns */
    void *ud;
    sk_task *wait_next;      /* link in a waiter list (pipes, jobs) */
    int ready;               /* on the ready queue */
    int done;
};

struct sk_sched {
    sk_alloc *a;
    sk_task root;            /* the thread that called into the shell */
    sk_task *current;
    sk_task *head, *tail;    /* ready queue */
    size_t stack_size;
    int live;                /* tasks started and not finished */
    /* one spare stack, reused by the next task within the same run */
    void *spare_stack;
    size_t spare_size;
};

void sk_sched_init(sk_sched *s, sk_alloc *a, size_t stack_size, size_t root_budget);
/* Start a task: it is queued and first runs when the current task blocks
 * or yields.  Returns -1 when its stack cannot be allocated. */
int sk_sched_spawn(sk_sched *s, sk_task *t, void (*run)(sk_task *), void *ud);
/* Suspend the current task until someone wakes it.  Returns 0 when woken,
 * -1 (without switching) when no other task can run — a deadlock, which
 * callers treat as end-of-file or a broken pipe. */
int sk_sched_block(sk_sched *s);
void sk_sched_wake(sk_sched *s, sk_task *t);
/* Let every other ready task run once before continuing. */
void sk_sched_yield(sk_sched *s);
/* Wait until t is done, then free its stack.  Returns 0, or -1 on deadlock. */
int sk_sched_join(sk_sched *s, sk_task *t);
/* Free the spare stack (end of a run). */
void sk_sched_trim(sk_sched *s);
/* Stack limit of the running task, for sk_stack_low. */
static inline const void *sk_sched_stack_limit(const sk_sched *s) { return s->current->fiber.stack_limit; }

#endif
