/* config.h — the internal shape of sk_config (immutable once shells exist).
 * A config lives on the host side: it is allocated with the system
 * allocator, not charged to any sandbox. */
#ifndef SK_API_CONFIG_H
#define SK_API_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "sandkiste.h"

typedef struct sk_host_cmd {
    char *name;
    sk_builtin_fn fn;
    void *ud;
    char *hint;
} sk_host_cmd;

typedef struct sk_cfg_var {
    char *name, *value;
    int exported;
} sk_cfg_var;

typedef struct sk_cfg_pyfn {
    char *name;
    sk_py_fn fn;
    void *ud;
} sk_cfg_pyfn;

struct sk_config {
    sk_limits lim;
    sk_host_cmd *cmds;             /* host builtins, later ones win */
    size_t ncmds;
    char **withheld;
    size_t nwithheld;
    sk_resolver_fn resolver;
    void *resolver_ud;
    sk_fs fs;
    int has_fs, fs_owned;
    sk_cfg_var *vars;
    size_t nvars;
    char *cwd;
    sk_clock_fn wall, mono;
    sk_sleep_fn sleep;
    void *clock_ud;
    uint64_t seed;
    size_t stack_budget;           /* C stack the caller's thread lends a run */
    size_t fiber_stack;            /* stack of each pipeline stage */
    const sk_py_module **pymods;
    size_t npymods;
    sk_cfg_pyfn *pyfns;
    size_t npyfns;
};

/* Host command registered for name (after withholding), or NULL. */
const sk_host_cmd *sk_config_find_cmd(const sk_config *cfg, const char *name);
int sk_config_is_withheld(const sk_config *cfg, const char *name);

#endif
