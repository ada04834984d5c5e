/* test_fiber.c — fibers and the scheduler. */
#include "test.h"
#include "base/sched.h"
#include "base/stack.h"

typedef struct { sk_sched *s; int *log; int *n; int id; int rounds; } ping;

static void ping_run(sk_task *t)
{
    ping *p = t->ud;
    for (int i = 0; i < p->rounds; i++) {
        p->log[(*p->n)++] = p->id * 100 + i;
        sk_sched_yield(p->s);
    }
}

TEST(sched_round_robin_is_deterministic)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_sched s;
    sk_sched_init(&s, &a, 64 * 1024, 256 * 1024);
    int log[16], n = 0;
    ping p1 = { &s, log, &n, 1, 3 }, p2 = { &s, log, &n, 2, 3 };
    sk_task t1, t2;
    CHECK_INT(sk_sched_spawn(&s, &t1, ping_run, &p1), 0);
    CHECK_INT(sk_sched_spawn(&s, &t2, ping_run, &p2), 0);
    CHECK_INT(sk_sched_join(&s, &t1), 0);
    CHECK_INT(sk_sched_join(&s, &t2), 0);
    CHECK_INT(n, 6);
    int want[] = { 100, 200, 101, 201, 102, 202 };
    for (int i = 0; i < 6; i++) CHECK_INT(log[i], want[i]);
    sk_sched_trim(&s);
    CHECK_INT(a.used, 0);
}

static int depth_until_low(int d)
{
    char pad[256];
    pad[0] = (char)d;
    __asm__ volatile("" : : "r"(pad) : "memory");
    return d;
}

typedef struct { sk_sched *s; int reached; } deep;

static int recurse(deep *d, int n)
{
    if (sk_stack_low(sk_sched_stack_limit(d->s))) return n;
    char pad[512];
    pad[0] = (char)n;
    __asm__ volatile("" : : "r"(pad) : "memory");
    return recurse(d, n + 1) + depth_until_low(pad[0]) * 0;
}

static void deep_run(sk_task *t)
{
    deep *d = t->ud;
    d->reached = recurse(d, 0);
}

TEST(fiber_stack_guard_stops_recursion)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_sched s;
    sk_sched_init(&s, &a, 128 * 1024, 256 * 1024);
    deep d = { &s, 0 };
    sk_task t;
    CHECK_INT(sk_sched_spawn(&s, &t, deep_run, &d), 0);
    CHECK_INT(sk_sched_join(&s, &t), 0);
    /* it recursed a good way but stopped before the end of the stack */
    CHECK(d.reached > 20);
    sk_sched_trim(&s);
    CHECK_INT(a.used, 0);
}

TEST(sched_block_without_peers_is_deadlock)
{
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_sched s;
    sk_sched_init(&s, &a, 64 * 1024, 256 * 1024);
    CHECK_INT(sk_sched_block(&s), -1);
}
