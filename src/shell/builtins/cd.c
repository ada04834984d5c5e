/* cd.c — cd, pwd and the directory stack (pushd, popd, dirs). */
#include <stdio.h>
#include <string.h>

#include "base/vpath.h"
#include "shell/exec.h"

/* Change to a directory; logical unless physical.  Returns 0 or an
 * sk_status; on success *newcwd is the new (allocated) directory. */
static int change_dir(sh_state *st, const char *dir, int physical, char **newcwd)
{
    sk_vfs *v = &st->sh->vfs;
    char *target;
    if (physical) {
        int r = sk_vfs_realpath(v, st->cwd, dir, SK_REALPATH_EXISTING, &target);
        if (r) return r;
    } else {
        sk_vpath_info vi;
        target = sk_vpath_resolve(st->a, st->cwd, dir, strlen(dir), &vi);
        if (!target) return vi.status ? vi.status : SK_NOMEM;
    }
    sk_stat s;
    int r = sk_vfs_stat(v, NULL, target, &s);
    if (r == SK_ENOENT && !physical) {
        /* a lexical ".." may pass through a symlink: try physically */
        sk_free(st->a, target);
        r = sk_vfs_realpath(v, st->cwd, dir, SK_REALPATH_EXISTING, &target);
        if (r) return r;
        r = sk_vfs_stat(v, NULL, target, &s);
    }
    if (r) { sk_free(st->a, target); return r; }
    if (s.type != SK_FILE_DIR) { sk_free(st->a, target); return SK_ENOTDIR; }
    if (!(s.mode & 0100)) { sk_free(st->a, target); return SK_EACCES; }
    *newcwd = target;
    return 0;
}

static void set_cwd(sh_state *st, char *newcwd)
{
    const char *pwd = sh_var_get(st, "PWD");
    sh_var_setstr(st, "OLDPWD", pwd ? pwd : st->cwd, 0);
    sk_free(st->a, st->cwd);
    st->cwd = newcwd;
    sh_var_setstr(st, "PWD", newcwd, 0);
}

SH_BUILTIN("cd", bi_cd, 0, "cd [-L|[-P [-e]] [-@]] [dir]: change the shell working directory");

int bi_cd(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, physical = st->opt[SH_O_PHYSICAL];
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        int ok = 1;
        for (const char *p = argv[i] + 1; *p; p++) {
            if (*p == 'L') physical = 0;
            else if (*p == 'P') physical = 1;
            else if (*p == 'e' || *p == '@') ;
            else ok = 0;
        }
        if (!ok) {
            sh_builtin_err(st, "cd", "%s: invalid option", argv[i]);
            sh_builtin_usage(st, "cd", "cd [-L|[-P [-e]] [-@]] [dir]");
            return 2;
        }
    }
    if (argc - i > 1) {
        sh_builtin_err(st, "cd", "too many arguments");
        return 1;
    }
    const char *dir;
    int print = 0;
    if (i >= argc) {
        dir = sh_var_get(st, "HOME");
        if (!dir) {
            sh_builtin_err(st, "cd", "HOME not set");
            return 1;
        }
        if (!*dir) return 0;
    } else {
        dir = argv[i];
        if (!strcmp(dir, "-")) {
            dir = sh_var_get(st, "OLDPWD");
            if (!dir) {
                sh_builtin_err(st, "cd", "OLDPWD not set");
                return 1;
            }
            print = 1;
        }
    }
    if (!*dir) return 0;
    char *newcwd = NULL;
    int r = SK_ENOENT;
    /* CDPATH for relative names that do not start with . or .. */
    const char *cdpath = sh_var_get(st, "CDPATH");
    if (cdpath && *cdpath && dir[0] != '/' && strncmp(dir, "./", 2) && strncmp(dir, "../", 3) && strcmp(dir, ".") &&
        strcmp(dir, "..")) {
        const char *p = cdpath;
        for (;;) {
            const char *e = strchr(p, ':');
            size_t dl = e ? (size_t)(e - p) : strlen(p);
            sk_buf b = SK_BUF_INIT(st->a);
            if (dl) { sk_buf_put(&b, p, dl); sk_buf_putc(&b, '/'); }
            sk_buf_puts(&b, dir);
            r = b.p ? change_dir(st, b.p, physical, &newcwd) : SK_NOMEM;
            sk_buf_free(&b);
            if (r == 0) {
                if (dl) print = 1;
                break;
            }
            if (!e) break;
            p = e + 1;
        }
    }
    if (!newcwd) r = change_dir(st, dir, physical, &newcwd);
    if (r) {
        sh_builtin_err(st, "cd", "%s: %s", dir, sk_status_message(r));
        return 1;
    }
    set_cwd(st, newcwd);
    if (print) {
        sk_out_puts(&c->out, st->cwd);
        sk_out_putc(&c->out, '\n');
    }
    return 0;
}

SH_BUILTIN("pwd", bi_pwd, 0, "pwd [-LP]: print the name of the current working directory");

int bi_pwd(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int physical = st->opt[SH_O_PHYSICAL];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-P")) physical = 1;
        else if (!strcmp(argv[i], "-L")) physical = 0;
        else if (argv[i][0] == '-') {
            sh_builtin_err(st, "pwd", "%s: invalid option", argv[i]);
            sh_builtin_usage(st, "pwd", "pwd [-LP]");
            return 2;
        }
    }
    if (physical) {
        char *real = NULL;
        if (sk_vfs_realpath(&st->sh->vfs, "/", st->cwd, SK_REALPATH_EXISTING, &real) == 0) {
            sk_out_printf(&c->out, "%s\n", real);
            sk_free(st->a, real);
            return 0;
        }
    }
    sk_out_printf(&c->out, "%s\n", st->cwd);
    return 0;
}

/* ---- directory stack ------------------------------------------------------------------------- */

/* Entry k of the stack (0 = cwd). */
static const char *dir_at(sh_state *st, int k) { return k == 0 ? st->cwd : st->dirstack[k - 1]; }

static void tilde_form(sh_state *st, sk_buf *b, const char *d, int longf)
{
    const char *home = sh_var_get(st, "HOME");
    size_t hl = home ? strlen(home) : 0;
    if (!longf && hl && !strncmp(d, home, hl) && (d[hl] == 0 || d[hl] == '/')) {
        sk_buf_putc(b, '~');
        sk_buf_puts(b, d + hl);
    } else {
        sk_buf_puts(b, d);
    }
}

static int print_dirs(sh_state *st, sk_cmd *c, int longf, int per_line, int numbered)
{
    sk_buf b = SK_BUF_INIT(st->a);
    int total = st->ndirs + 1;
    for (int k = 0; k < total; k++) {
        if (numbered) sk_buf_printf(&b, "%2d  ", k);
        tilde_form(st, &b, dir_at(st, k), longf);
        sk_buf_putc(&b, (per_line || numbered || k + 1 == total) ? '\n' : ' ');
    }
    sk_out_write(&c->out, b.p ? b.p : "", b.len);
    sk_buf_free(&b);
    return 0;
}

static int push_entry(sh_state *st, int at, const char *d)
{
    if (st->ndirs == st->capdirs) {
        int nc = st->capdirs ? st->capdirs * 2 : 8;
        char **n = sk_realloc(st->a, st->dirstack, (size_t)nc * sizeof *n);
        if (!n) return -1;
        st->dirstack = n;
        st->capdirs = nc;
    }
    char *copy = sk_strdup(st->a, d);
    if (!copy) return -1;
    memmove(st->dirstack + at + 1, st->dirstack + at, (size_t)(st->ndirs - at) * sizeof *st->dirstack);
    st->dirstack[at] = copy;
    st->ndirs++;
    return 0;
}

static int parse_stack_index(sh_state *st, const char *a, int *k)
{
    if ((a[0] != '+' && a[0] != '-') || a[1] < '0' || a[1] > '9') return 0;
    int64_t n;
    if (sh_parse_int(a + 1, &n)) return 0;
    int total = st->ndirs + 1;
    if (n >= total) return -1;
    *k = a[0] == '+' ? (int)n : total - 1 - (int)n;
    return 1;
}

SH_BUILTIN("dirs", bi_dirs, 0, "dirs [-clpv] [+N] [-N]: display the directory stack");

int bi_dirs(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int longf = 0, per_line = 0, numbered = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int k;
        int r = parse_stack_index(st, a, &k);
        if (r < 0) {
            sh_builtin_err(st, "dirs", "%s: directory stack index out of range", a);
            return 1;
        }
        if (r) {
            sk_buf b = SK_BUF_INIT(st->a);
            tilde_form(st, &b, dir_at(st, k), longf);
            sk_buf_putc(&b, '\n');
            sk_out_write(&c->out, b.p, b.len);
            sk_buf_free(&b);
            return 0;
        }
        if (a[0] != '-') {
            sh_builtin_err(st, "dirs", "%s: invalid argument", a);
            return 1;
        }
        for (const char *p = a + 1; *p; p++) {
            if (*p == 'c') {
                for (int j = 0; j < st->ndirs; j++) sk_free(st->a, st->dirstack[j]);
                st->ndirs = 0;
                return 0;
            }
            if (*p == 'l') longf = 1;
            else if (*p == 'p') per_line = 1;
            else if (*p == 'v') numbered = 1;
            else {
                sh_builtin_err(st, "dirs", "-%c: invalid option", *p);
                return 2;
            }
        }
    }
    return print_dirs(st, c, longf, per_line, numbered);
}

SH_BUILTIN("pushd", bi_pushd, 0, "pushd [-n] [+N | -N | dir]: add directories to the stack");

int bi_pushd(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, nocd = 0;
    if (i < argc && !strcmp(argv[i], "-n")) { nocd = 1; i++; }
    if (i < argc && !strcmp(argv[i], "--")) i++;
    if (i >= argc) {
        if (st->ndirs == 0) {
            sh_builtin_err(st, "pushd", "no other directory");
            return 1;
        }
        /* swap the top two */
        char *newcwd = NULL;
        int r = change_dir(st, st->dirstack[0], 0, &newcwd);
        if (r) {
            sh_builtin_err(st, "pushd", "%s: %s", st->dirstack[0], sk_status_message(r));
            return 1;
        }
        char *old = sk_strdup(st->a, st->cwd);
        if (!old) { sk_free(st->a, newcwd); return 1; }
        sk_free(st->a, st->dirstack[0]);
        st->dirstack[0] = old;
        set_cwd(st, newcwd);
        return print_dirs(st, c, 0, 0, 0);
    }
    int k;
    int pr = parse_stack_index(st, argv[i], &k);
    if (pr < 0) {
        sh_builtin_err(st, "pushd", "%s: directory stack index out of range", argv[i]);
        return 1;
    }
    if (pr) {
        /* rotate so entry k is on top */
        int total = st->ndirs + 1;
        char **all = sk_malloc(st->a, (size_t)total * sizeof *all);
        if (!all) return 1;
        for (int j = 0; j < total; j++) all[j] = (char *)dir_at(st, (j + k) % total);
        char *newcwd = NULL;
        int r = change_dir(st, all[0], 0, &newcwd);
        if (r) {
            sh_builtin_err(st, "pushd", "%s: %s", all[0], sk_status_message(r));
            sk_free(st->a, all);
            return 1;
        }
        char **copies = sk_malloc(st->a, (size_t)(total - 1 + 1) * sizeof *copies);
        for (int j = 1; j < total && copies; j++) copies[j - 1] = sk_strdup(st->a, all[j]);
        sk_free(st->a, all);
        if (!copies) { sk_free(st->a, newcwd); return 1; }
        for (int j = 0; j < st->ndirs; j++) sk_free(st->a, st->dirstack[j]);
        for (int j = 0; j < st->ndirs; j++) st->dirstack[j] = copies[j];
        sk_free(st->a, copies);
        char *keep = st->cwd;
        st->cwd = sk_strdup(st->a, keep);
        sk_free(st->a, keep);
        set_cwd(st, newcwd);
        return print_dirs(st, c, 0, 0, 0);
    }
    const char *dir = argv[i];
    if (nocd) {
        push_entry(st, 0, dir);
        return print_dirs(st, c, 0, 0, 0);
    }
    char *newcwd = NULL;
    int r = change_dir(st, dir, st->opt[SH_O_PHYSICAL], &newcwd);
    if (r) {
        sh_builtin_err(st, "pushd", "%s: %s", dir, sk_status_message(r));
        return 1;
    }
    if (push_entry(st, 0, st->cwd)) { sk_free(st->a, newcwd); return 1; }
    set_cwd(st, newcwd);
    return print_dirs(st, c, 0, 0, 0);
}

SH_BUILTIN("popd", bi_popd, 0, "popd [-n] [+N | -N]: remove directories from the stack");

int bi_popd(sh_state *st, sk_cmd *c, int argc, char **argv)
{
    int i = 1, nocd = 0;
    if (i < argc && !strcmp(argv[i], "-n")) { nocd = 1; i++; }
    int k = 0;
    if (i < argc) {
        int pr = parse_stack_index(st, argv[i], &k);
        if (pr < 0 || (pr == 0 && strcmp(argv[i], "--"))) {
            if (pr < 0) sh_builtin_err(st, "popd", "%s: directory stack index out of range", argv[i]);
            else sh_builtin_err(st, "popd", "%s: invalid argument", argv[i]);
            return 1;
        }
    }
    if (st->ndirs == 0) {
        sh_builtin_err(st, "popd", "directory stack empty");
        return 1;
    }
    if (k == 0) {
        if (!nocd) {
            char *newcwd = NULL;
            int r = change_dir(st, st->dirstack[0], 0, &newcwd);
            if (r) {
                sh_builtin_err(st, "popd", "%s: %s", st->dirstack[0], sk_status_message(r));
                return 1;
            }
            set_cwd(st, newcwd);
        }
        sk_free(st->a, st->dirstack[0]);
        memmove(st->dirstack, st->dirstack + 1, (size_t)(st->ndirs - 1) * sizeof *st->dirstack);
        st->ndirs--;
    } else {
        sk_free(st->a, st->dirstack[k - 1]);
        memmove(st->dirstack + k - 1, st->dirstack + k, (size_t)(st->ndirs - k) * sizeof *st->dirstack);
        st->ndirs--;
    }
    return print_dirs(st, c, 0, 0, 0);
}
