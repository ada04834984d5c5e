/* bigstack.h — run jq's evaluation on a stack of its own.
 *
 * Pipeline stages run on small fiber stacks (256 KiB); jq programs
 * recurse (walk over deep JSON, recursive functions) far deeper than that
 * allows.  The work runs on a private fiber with a larger stack (charged
 * to the sandbox's memory), and every operation that may block in the
 * scheduler (reading input, writing output) is handed back to the
 * command's own stack with jq_hostcall, so the scheduler only ever
 * switches stacks it knows.  Falls back to the current stack when the
 * private one cannot be allocated. */
#ifndef SK_CMD_JQ_BIGSTACK_H
#define SK_CMD_JQ_BIGSTACK_H

#include <stddef.h>

#include "base/fiber.h"
#include "cmd/cmd.h"

typedef struct jq_bigstack {
    sk_fiber main, priv;
    int (*work)(void *ud, const void *stack_limit);
    void *ud;
    int (*call)(void *ud);
    void *call_ud;
    int call_rc;
    int finished, rc;
} jq_bigstack;

/* Run work(ud, stack_limit) on a private stack of `size` bytes; returns
 * its result.  *bs is valid during the run (NULL when running inline). */
int jq_bigstack_run(sk_cmd *c, size_t size, jq_bigstack *bs, int (*work)(void *ud, const void *stack_limit), void *ud);

/* From inside the work: run fn(ud) on the command's stack. */
int jq_hostcall(jq_bigstack *bs, int (*fn)(void *ud), void *ud);

/* The stack size for this sandbox's memory limit. */
size_t jq_bigstack_size(const sk_cmd *c);

#endif
