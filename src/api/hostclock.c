/* hostclock.c — reads the host's clocks (CLOCK_REALTIME, CLOCK_MONOTONIC)
 * and sleeps (nanosleep).  The one place in the library allowed to; see
 * docs/SECURITY.md. */
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

void sk_host_sleep_ns(void *ud, int64_t ns)
{
    (void)ud;
    if (ns <= 0) return;
    struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };
    nanosleep(&ts, NULL);
}
