/* dev driver: drv [-F name=hostfile]... CMD ARGS... ; stdin from host stdin */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmdtest.h"
static char *slurp(FILE *f, size_t *n) {
    size_t cap = 1 << 16, len = 0; char *p = malloc(cap);
    size_t r; while ((r = fread(p + len, 1, cap - len, f)) > 0) { len += r; if (len == cap) { cap *= 2; p = realloc(p, cap);} }
    p[len] = 0; *n = len; return p;
}
int main(int argc, char **argv) {
    cmdtest t; if (cmdtest_init(&t)) return 99;
    int i = 1;
    while (i + 1 < argc && !strcmp(argv[i], "-F")) {
        char *eq = strchr(argv[i+1], '=');
        *eq = 0; FILE *f = fopen(eq + 1, "rb"); size_t n; char *d = slurp(f, &n); fclose(f);
        char dir[512]; strcpy(dir, argv[i+1]); char *sl = strrchr(dir, '/'); if (sl && sl != dir) { *sl = 0; sk_vfs_mkdir_p(&t.vfs, "/home/user", dir, 0755); }
        sk_vfs_write_file(&t.vfs, "/home/user", argv[i+1], d, n, 0644); free(d);
        i += 2;
    }
    const sk_cmd_entry *e = sk_cmd_lookup(argv[i]);
    if (!e) { fprintf(stderr, "no cmd %s\n", argv[i]); return 98; }
    size_t n; char *in = slurp(stdin, &n);
    /* cmdtest_run uses strlen for stdin; emulate with binary-safe path */
    sk_buf_clear(&t.out); sk_buf_clear(&t.err);
    sk_fdtab fds; sk_fdtab_init(&fds, &t.a);
    sk_stream *sin = sk_stream_mem(&t.run, in, n, 0);
    sk_stream *out = sk_stream_buf(&t.run, &t.out);
    sk_stream *err = sk_stream_buf(&t.run, &t.err);
    sk_fdtab_set(&fds, &t.a, 0, sin, SK_RD);
    sk_fdtab_set(&fds, &t.a, 1, out, SK_WR);
    sk_fdtab_set(&fds, &t.a, 2, err, SK_WR);
    sk_cmd c; sk_cmd_init(&c, &t.run, &fds, argv[i]);
    c.cwd = "/home/user"; c.lim = &t.lim;
    int st = cmd_finish(&c, e->fn(&c, argc - i, argv + i));
    sk_fdtab_free(&fds, &t.a);
    fwrite(t.out.p ? t.out.p : "", 1, t.out.len, stdout);
    fwrite(t.err.p ? t.err.p : "", 1, t.err.len, stderr);
    /* dump files created under /home/user/out* if asked */
    const char *dump = getenv("DRV_DUMP");
    if (dump) { sk_buf b = SK_BUF_INIT(&t.a); if (!sk_vfs_read_file(&t.vfs, "/home/user", dump, 0, &b)) { fprintf(stderr, "--- %s ---\n", dump); fwrite(b.p ? b.p : "", 1, b.len, stderr);} sk_buf_free(&b); }
    if (getenv("DRV_LIST")) {
        sk_vfs_dir d;
        if (!sk_vfs_list(&t.vfs, "/home/user", ".", &d)) {
            for (size_t k = 0; k < d.n; k++) {
                const char *nm = d.ents[k].name;
                int fixture = 0;
                for (int a = 1; a + 1 < argc && !strcmp(argv[a], "-F"); a += 2) {
                    size_t l = strlen(nm);
                    if (!strncmp(argv[a + 1], nm, l) && argv[a + 1][l] == 0) fixture = 1;
                }
                if (fixture) continue;
                sk_buf b = SK_BUF_INIT(&t.a);
                sk_vfs_read_file(&t.vfs, "/home/user", nm, 0, &b);
                printf("== %s ==\n", nm);
                fwrite(b.p ? b.p : "", 1, b.len, stdout);
                sk_buf_free(&b);
            }
            sk_vfs_dir_free(&d);
        }
    }
    cmdtest_free(&t);
    return st;
}
