/* builtin_table.c — the registry of shell builtins, generated from the
 * SH_BUILTIN lines of src/shell/builtins (sorted by name). */
#include <string.h>

#include "shell/exec.h"

#undef SH_BUILTIN
#define SH_BUILTIN(name, fn, flags, hint) int fn(sh_state *st, sk_cmd *c, int argc, char **argv);
#include "sh_builtin_list.h"
#undef SH_BUILTIN

static const sh_builtin builtins[] = {
#define SH_BUILTIN(name, fn, flags, hint) { name, fn, flags, hint },
#include "sh_builtin_list.h"
#undef SH_BUILTIN
};

const sh_builtin *sh_builtin_table(size_t *n)
{
    *n = sizeof builtins / sizeof builtins[0];
    return builtins;
}

const sh_builtin *sh_builtin_lookup(const char *name)
{
    size_t lo = 0, hi = sizeof builtins / sizeof builtins[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int r = strcmp(name, builtins[mid].name);
        if (r == 0) return &builtins[mid];
        if (r < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}
