/* bigstack.c — see bigstack.h. */
#include "bigstack.h"

#include <string.h>

#include "base/sched.h"

static void entry(void *arg)
{
    jq_bigstack *b = arg;
    b->rc = b->work(b->ud, b->priv.stack_limit);
    b->finished = 1;
    sk_fiber_exit_to(&b->priv, &b->main);
}

size_t jq_bigstack_size(const sk_cmd *c)
{
    size_t mem = c->lim && c->lim->max_memory ? (size_t)c->lim->max_memory : (size_t)256 << 20;
    size_t s = mem / 16;
    if (s > (size_t)8 << 20) s = (size_t)8 << 20;
    if (s < (size_t)1 << 20) s = (size_t)1 << 20;
    return s;
}

int jq_bigstack_run(sk_cmd *c, size_t size, jq_bigstack *b, int (*work)(void *ud, const void *stack_limit), void *ud)
{
    memset(b, 0, sizeof *b);
    b->work = work;
    b->ud = ud;
    if (!c->run || !c->run->sched || sk_fiber_init(&b->priv, c->a, size, entry, b)) {
        /* no private stack: run here */
        const void *limit = c->run && c->run->sched ? sk_sched_stack_limit(c->run->sched) : NULL;
        jq_bigstack *none = NULL;
        (void)none;
        b->finished = 1;
        b->priv.stack = NULL;
        return work(ud, limit);
    }
    for (;;) {
        sk_fiber_switch(&b->main, &b->priv);
        if (b->finished) break;
        b->call_rc = b->call(b->call_ud);
    }
    sk_fiber_release(&b->priv, c->a);
    return b->rc;
}

int jq_hostcall(jq_bigstack *b, int (*fn)(void *ud), void *ud)
{
    if (!b || !b->priv.stack || b->finished) return fn(ud);
    b->call = fn;
    b->call_ud = ud;
    sk_fiber_switch(&b->priv, &b->main);
    return b->call_rc;
}
