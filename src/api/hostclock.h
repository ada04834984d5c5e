/* hostclock.h — the default clock: the host's real time and sleep.
 * hostclock.c is the only library file that reads a host clock or sleeps; hosts may replace it
 * (sk_config_set_clock), and scripts can never set it. */
#ifndef SK_API_HOSTCLOCK_H
#define SK_API_HOSTCLOCK_H
#include <stdint.h>
int64_t sk_host_wall_ns(void *ud);
int64_t sk_host_monotonic_ns(void *ud);
void sk_host_sleep_ns(void *ud, int64_t ns);
#endif
