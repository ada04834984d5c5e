/* stack.h — C-stack guard for recursive code (parsers, printers, matchers).
 *
 * Depth counters bound recursion in units of nesting; this guard bounds it
 * in bytes, which is what actually overflows.  Every shell execution (and
 * every coroutine) records the lowest address its stack may reach; a
 * recursive function calls sk_stack_low(limit) on entry and fails cleanly
 * when it returns non-zero.  Stacks grow down on every supported target.
 * __builtin_frame_address is used (not the address of a local) because
 * ASan may move locals to a heap "fake stack". */
#ifndef SK_BASE_STACK_H
#define SK_BASE_STACK_H

#include <stddef.h>

/* Non-zero when the current frame is below `limit` (NULL = no limit). */
static inline int sk_stack_low(const void *limit)
{
    return limit && (const char *)__builtin_frame_address(0) < (const char *)limit;
}

/* A limit `budget` bytes below the current frame. */
static inline const void *sk_stack_limit_from_here(size_t budget)
{
    return (const char *)__builtin_frame_address(0) - budget;
}

#endif
