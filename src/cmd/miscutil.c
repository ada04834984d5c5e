/* miscutil.c — see miscutil.h. */
#include "miscutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void mu_try_help(sk_cmd *c)
{
    sk_out_printf(&c->err, "Try '%s --help' for more information.\n", c->name);
}

int mu_extra_operand(sk_cmd *c, const char *op, int status)
{
    cmd_error(c, "extra operand '%s'", op);
    mu_try_help(c);
    return status;
}

int mu_missing_operand(sk_cmd *c, int status)
{
    cmd_error(c, "missing operand");
    mu_try_help(c);
    return status;
}

int mu_opts_error(cmd_opts *o, sk_cmd *c, int r, int status)
{
    cmd_opts_error(o, c, r);
    return status;
}

const char *mu_getenv(const sk_cmd *c, const char *name)
{
    if (!c->envp) return NULL;
    size_t n = strlen(name);
    for (char *const *e = c->envp; *e; e++)
        if (!strncmp(*e, name, n) && (*e)[n] == '=') return *e + n + 1;
    return NULL;
}

int mu_parse_duration(const char *s, double *secs)
{
    if (!s || !*s) return -1;
    char *end;
    double v = strtod(s, &end);
    if (end == s) return -1;
    if (!(v >= 0)) return -1; /* negative or NaN */
    if (*end) {
        if (end[1]) return -1;
        switch (*end) {
        case 's': break;
        case 'm': v *= 60; break;
        case 'h': v *= 3600; break;
        case 'd': v *= 86400; break;
        default: return -1;
        }
    }
    *secs = v;
    return 0;
}

int64_t mu_secs_to_ns(double secs)
{
    if (!(secs < 9.2e9)) return INT64_MAX;
    double ns = ceil(secs * 1e9);
    if (ns >= 9.2e18) return INT64_MAX;
    return (int64_t)ns;
}
