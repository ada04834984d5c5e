/* varstore.h — internal container operations behind state.h (used by
 * vars.c and the builtins that print or copy variables). */
#ifndef SK_SHELL_VARSTORE_H
#define SK_SHELL_VARSTORE_H

#include "shell/state.h"

#define SH_TOMB ((sh_var *)(uintptr_t)1)

sh_arr *sh_arr_new(sk_alloc *al);
void sh_arr_clear(sk_alloc *al, sh_arr *a);
int sh_arr_set_owned(sk_alloc *al, sh_arr *a, int64_t idx, char *v);
size_t sh_arr_lower(const sh_arr *a, int64_t idx);   /* first entry with idx >= */

uint32_t sh_bash_hash(const char *s);
sh_assoc *sh_assoc_new(sk_alloc *al);
void sh_assoc_clear(sk_alloc *al, sh_assoc *m);
int sh_assoc_set_owned(sk_alloc *al, sh_assoc *m, const char *key, char *v);

sh_var *sh_varobj_new(sk_alloc *a, const char *name, size_t len);
void sh_varobj_clear_value(sk_alloc *a, sh_var *v);
void sh_varobj_unref(sk_alloc *a, sh_var *v);
sh_var *sh_varobj_clone(sk_alloc *a, const sh_var *v, int with_value);

sh_vtab *sh_vtab_new(sk_alloc *a);
void sh_vtab_unref(sk_alloc *a, sh_vtab *t);
long sh_vtab_find(const sh_vtab *t, const char *name, size_t len);
long sh_vtab_insert(sk_alloc *a, sh_vtab *t, sh_var *v);
void sh_vtab_remove(sk_alloc *a, sh_vtab *t, long slot);
sh_vtab *sh_vtab_clone(sk_alloc *a, const sh_vtab *t);

#endif
