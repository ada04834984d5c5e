/* sched.c — FIFO scheduling of fibers.  No clocks, no threads. */
#include "sched.h"

#include <string.h>

void sk_sched_init(sk_sched *s, sk_alloc *a, size_t stack_size, size_t root_budget)
{
    memset(s, 0, sizeof *s);
    s->a = a;
    s->stack_size = stack_size;
    sk_fiber_init_thread(&s->root.fiber, root_budget);
    s->root.sched = s;
    s->current = &s->root;
}

static void enqueue(sk_sched *s, sk_task *t)
{
    if (t->ready || t->done) return;
    t->ready = 1;
    t->next = NULL;
    if (s->tail) s->tail->next = t; else s->head = t;
    s->tail = t;
}

static sk_task *dequeue(sk_sched *s)
{
    sk_task *t = s->head;
    if (!t) return NULL;
    s->head = t->next;
    if (!s->head) s->tail = NULL;
    t->next = NULL;
    t->ready = 0;
    return t;
}

static void switch_to(sk_sched *s, sk_task *t)
{
    sk_task *me = s->current;
    s->current = t;
    sk_fiber_switch(&me->fiber, &t->fiber);
    s->current = me;
}

static void task_main(void *arg)
{
    sk_task *t = arg;
    sk_sched *s = t->sched;
    t->run(t);
    t->done = 1;
    s->live--;
    if (t->joiner) enqueue(s, t->joiner);
    /* Pick the next task; there is always one, because whoever spawned us
     * either waits in join (woken above) or is queued/blocked on something
     * a live task will provide.  If nothing is ready, return to the root,
     * which can only be blocked in a way that now resolves to EOF/EPIPE. */
    sk_task *next = dequeue(s);
    if (!next) next = &s->root;
    s->current = next;
    sk_fiber_exit_to(&t->fiber, &next->fiber);
}

int sk_sched_spawn(sk_sched *s, sk_task *t, void (*run)(sk_task *), void *ud)
{
    memset(t, 0, sizeof *t);
    t->sched = s;
    t->run = run;
    t->ud = ud;
    if (s->spare_stack && s->spare_size == s->stack_size) {
        void *stack = s->spare_stack;
        s->spare_stack = NULL;
        if (sk_fiber_init_on(&t->fiber, s->a, stack, s->spare_size, task_main, t)) {
            sk_free_sized(s->a, stack, s->spare_size);
            return -1;
        }
    } else if (sk_fiber_init(&t->fiber, s->a, s->stack_size, task_main, t)) {
        return -1;
    }
    s->live++;
    enqueue(s, t);
    return 0;
}

int sk_sched_block(sk_sched *s)
{
    sk_task *next = dequeue(s);
    if (!next) return -1;
    switch_to(s, next);
    return 0;
}

void sk_sched_wake(sk_sched *s, sk_task *t)
{
    if (t && t != s->current) enqueue(s, t);
}

void sk_sched_yield(sk_sched *s)
{
    if (!s->head) return;
    enqueue(s, s->current);
    sk_task *next = dequeue(s);
    if (next != s->current) switch_to(s, next);
}

int sk_sched_join(sk_sched *s, sk_task *t)
{
    while (!t->done) {
        t->joiner = s->current;
        if (sk_sched_block(s)) { t->joiner = NULL; return -1; }
    }
    t->joiner = NULL;
    if (t->fiber.stack) {
        if (!s->spare_stack) {
            s->spare_stack = t->fiber.stack;
            s->spare_size = t->fiber.stack_size;
            t->fiber.stack = NULL;
        } else {
            sk_fiber_release(&t->fiber, s->a);
        }
    }
    return 0;
}

void sk_sched_trim(sk_sched *s)
{
    if (s->spare_stack) sk_free_sized(s->a, s->spare_stack, s->spare_size);
    s->spare_stack = NULL;
}
