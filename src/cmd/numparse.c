/* numparse.c — see numparse.h. */
#include "numparse.h"

#include <limits.h>
#include <string.h>

int sk_parse_size(const char *s, long long *out)
{
    if (!s || !*s) return -1;
    unsigned long long v = 0;
    const char *p = s;
    if (*p < '0' || *p > '9') return -1;
    while (*p >= '0' && *p <= '9') {
        unsigned d = (unsigned)(*p++ - '0');
        if (v > (ULLONG_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    unsigned long long mul = 1;
    if (*p) {
        static const char units[] = "KMGTPE";
        if (!strcmp(p, "b")) {
            mul = 512;
        } else {
            char u = *p == 'k' ? 'K' : *p;
            const char *at = strchr(units, u);
            if (!at || !u) return -1;
            int power = (int)(at - units) + 1;
            unsigned long long base = 1024;
            if (!strcmp(p + 1, "B")) base = 1000;
            else if (p[1] && strcmp(p + 1, "iB")) return -1;
            for (int i = 0; i < power; i++) {
                if (mul > ULLONG_MAX / base) return -1;
                mul *= base;
            }
        }
    }
    if (v && mul > ULLONG_MAX / v) return -1;
    v *= mul;
    if (v > LLONG_MAX) v = LLONG_MAX;
    *out = (long long)v;
    return 0;
}
