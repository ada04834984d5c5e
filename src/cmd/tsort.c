/* tsort.c — tsort: topological sort of the partial order given as pairs
 * of words (GNU coreutils, Knuth's algorithm T).  Items are visited in
 * byte order of their names, as GNU's search tree does, so the output and
 * the reported loops match GNU exactly. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("tsort", cmd_tsort, "tsort [FILE]: topological sort of 'A B' pairs (A before B)");

static const char tsort_usage[] =
    "Usage: tsort [OPTION] [FILE]\n"
    "Write totally ordered list consistent with the partial ordering in FILE.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct titem titem;
typedef struct tsucc {
    titem *suc;
    struct tsucc *next;
} tsucc;

struct titem {
    const char *str;      /* NULL once printed */
    size_t len;
    size_t count;
    titem *qlink;
    tsucc *top;
};

typedef struct tsort_state {
    sk_cmd *c;
    titem **items;        /* sorted by name after reading */
    size_t n, cap;
    titem **hash;         /* open addressing on names */
    size_t hcap;
    int oom;
} tsort_state;

static size_t name_hash(const char *s, size_t n)
{
    size_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

static titem *lookup(tsort_state *st, const char *s, size_t n)
{
    if ((st->n + 1) * 2 > st->hcap) {
        size_t nc = st->hcap ? st->hcap * 2 : 64;
        titem **nh = sk_calloc(st->c->a, nc, sizeof *nh);
        if (!nh) { st->oom = 1; return NULL; }
        for (size_t i = 0; i < st->hcap; i++) {
            titem *it = st->hash[i];
            if (!it) continue;
            size_t k = name_hash(it->str, it->len) & (nc - 1);
            while (nh[k]) k = (k + 1) & (nc - 1);
            nh[k] = it;
        }
        sk_free(st->c->a, st->hash);
        st->hash = nh;
        st->hcap = nc;
    }
    size_t k = name_hash(s, n) & (st->hcap - 1);
    while (st->hash[k]) {
        if (st->hash[k]->len == n && !memcmp(st->hash[k]->str, s, n)) return st->hash[k];
        k = (k + 1) & (st->hcap - 1);
    }
    titem *it = sk_calloc(st->c->a, 1, sizeof *it);
    char *copy = sk_strndup(st->c->a, s, n);
    if (!it || !copy || st->n == SIZE_MAX) {
        sk_free(st->c->a, it);
        sk_free(st->c->a, copy);
        st->oom = 1;
        return NULL;
    }
    it->str = copy;
    it->len = n;
    if (st->n == st->cap) {
        size_t nc = st->cap ? st->cap * 2 : 64;
        titem **ni = sk_realloc(st->c->a, st->items, nc * sizeof *ni);
        if (!ni) { st->oom = 1; sk_free(st->c->a, copy); sk_free(st->c->a, it); return NULL; }
        st->items = ni;
        st->cap = nc;
    }
    st->items[st->n++] = it;
    st->hash[k] = it;
    return it;
}

static int relate(tsort_state *st, titem *j, titem *k)
{
    if (j == k) return 0;
    k->count++;
    tsucc *p = sk_malloc(st->c->a, sizeof *p);
    if (!p) { st->oom = 1; return -1; }
    p->suc = k;
    p->next = j->top;
    j->top = p;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    const titem *x = *(titem *const *)a, *y = *(titem *const *)b;
    size_t m = x->len < y->len ? x->len : y->len;
    int d = memcmp(x->str, y->str, m);
    return d ? d : (x->len > y->len) - (x->len < y->len);
}

int cmd_tsort(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = { TXT_STD_LONGOPTS, { NULL, 0, 0 } };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "", longs, 1);
    int ch, status = 0;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, tsort_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    char **files;
    int nfiles = txt_files(&o, &files);
    if (nfiles > 1) {
        status = txt_extra_operand(c, files[1], 1);
        cmd_opts_free(&o, c);
        return status;
    }
    const char *file = files[0];
    sk_buf data = SK_BUF_INIT(c->a);
    int r = cmd_read_all(c, file, &data);
    cmd_opts_free(&o, c);
    if (r) {
        sk_buf_free(&data);
        return txt_error_path(c, file, r);
    }
    tsort_state st;
    memset(&st, 0, sizeof st);
    st.c = c;
    sk_buf qn = SK_BUF_INIT(c->a);
    txt_quotef(file, &qn);
    titem *j = NULL, *k = NULL;
    for (size_t i = 0; i < data.len && !st.oom;) {
        while (i < data.len && (data.p[i] == ' ' || data.p[i] == '\t' || data.p[i] == '\n')) i++;
        if (i >= data.len) break;
        size_t s = i;
        while (i < data.len && data.p[i] != ' ' && data.p[i] != '\t' && data.p[i] != '\n') i++;
        k = lookup(&st, data.p + s, i - s);
        if (!k) break;
        if (j) {
            relate(&st, j, k);
            k = NULL;
        }
        j = k;
    }
    if (st.oom) {
        status = cmd_error(c, "memory exhausted");
        goto out;
    }
    if (k) {
        status = cmd_error(c, "%s: input contains an odd number of tokens", sk_buf_cstr(&qn));
        goto out;
    }
    if (st.n) qsort(st.items, st.n, sizeof *st.items, by_name);
    size_t left = st.n;
    while (left > 0 && !cmd_out_failed(c) && !cmd_aborted(c)) {
        titem *head = NULL, *zeros = NULL;
        for (size_t i = 0; i < st.n; i++) {
            titem *it = st.items[i];
            if (it->count == 0 && it->str) {
                if (!head) head = it;
                else zeros->qlink = it;
                zeros = it;
            }
        }
        while (head) {
            sk_out_write(&c->out, head->str, head->len);
            sk_out_putc(&c->out, '\n');
            sk_free(c->a, (char *)head->str);
            head->str = NULL;
            left--;
            for (tsucc *p = head->top; p; p = p->next) {
                p->suc->count--;
                if (p->suc->count == 0) {
                    zeros->qlink = p->suc;
                    zeros = p->suc;
                }
            }
            head = head->qlink;
        }
        if (left > 0) {
            cmd_error(c, "%s: input contains a loop:", sk_buf_cstr(&qn));
            status = 1;
            titem *loop = NULL;
            do {
                int stop = 0;
                for (size_t i = 0; i < st.n && !stop; i++) {
                    titem *it = st.items[i];
                    if (it->count == 0) continue;
                    if (!loop) {
                        loop = it;
                        continue;
                    }
                    for (tsucc **p = &it->top; *p; p = &(*p)->next) {
                        if ((*p)->suc != loop) continue;
                        if (it->qlink) {
                            while (loop) {
                                titem *tmp = loop->qlink;
                                cmd_error(c, "%.*s", (int)loop->len, loop->str);
                                if (loop == it) {
                                    tsucc *dead = *p;
                                    dead->suc->count--;
                                    *p = dead->next;
                                    sk_free(c->a, dead);
                                    break;
                                }
                                loop->qlink = NULL;
                                loop = tmp;
                            }
                            while (loop) {
                                titem *tmp = loop->qlink;
                                loop->qlink = NULL;
                                loop = tmp;
                            }
                            stop = 1;
                        } else {
                            it->qlink = loop;
                            loop = it;
                        }
                        break;
                    }
                }
            } while (loop);
        }
    }
out:
    for (size_t i = 0; i < st.n; i++) {
        titem *it = st.items[i];
        while (it->top) {
            tsucc *n = it->top->next;
            sk_free(c->a, it->top);
            it->top = n;
        }
        sk_free(c->a, (char *)it->str);
        sk_free(c->a, it);
    }
    sk_free(c->a, st.items);
    sk_free(c->a, st.hash);
    sk_buf_free(&qn);
    sk_buf_free(&data);
    return status;
}
