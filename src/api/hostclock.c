/* hostclock.c — reads the host's clocks (CLOCK_REALTIME, CLOCK_MONOTONIC).
 * The one place in the library allowed to; see docs/SECURITY.md. */
#include "hostclock.h"

#include <time.h>

int64_t sk_host_wall_ns(void *ud)
{
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t sk_host_monotonic_ns(void *ud)
{
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
