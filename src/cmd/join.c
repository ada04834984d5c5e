/* join.c — join: join lines of two sorted files on a common field (GNU
 * semantics: -1 -2 -j, -t, -a, -v, -e, -o with "auto", -i, --header,
 * --check-order / --nocheck-order and the default order warning, -z).
 * Both files are read whole; the merge then replays GNU's algorithm so
 * that the order checks fire at the same lines as in GNU join. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("join", cmd_join, "join [-t C] [-1 F] [-2 F] [-a N] [-v N] [-e S] [-o FMT] FILE1 FILE2: join sorted files on a field");

static const char join_usage[] =
    "Usage: join [OPTION]... FILE1 FILE2\n"
    "For each pair of input lines with identical join fields, write a line to\n"
    "standard output.  The default join field is the first, delimited by blanks.\n"
    "\n"
    "When FILE1 or FILE2 (not both) is -, read standard input.\n"
    "\n"
    "  -a FILENUM        also print unpairable lines from file FILENUM, where\n"
    "                      FILENUM is 1 or 2, corresponding to FILE1 or FILE2\n"
    "  -e STRING         replace missing (empty) input fields with STRING;\n"
    "  -i, --ignore-case  ignore differences in case when comparing fields\n"
    "  -j FIELD          equivalent to '-1 FIELD -2 FIELD'\n"
    "  -o FORMAT         obey FORMAT while constructing output line\n"
    "  -t CHAR           use CHAR as input and output field separator\n"
    "  -v FILENUM        like -a FILENUM, but suppress joined output lines\n"
    "  -1 FIELD          join on this FIELD of file 1\n"
    "  -2 FIELD          join on this FIELD of file 2\n"
    "  --check-order     check that the input is correctly sorted, even\n"
    "                      if all input lines are pairable\n"
    "  --nocheck-order   do not check that the input is correctly sorted\n"
    "  --header          treat the first line in each file as field headers,\n"
    "                      print them without trying to pair them\n"
    "  -z, --zero-terminated     line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct jfield {
    const char *p;
    size_t len;
} jfield;

typedef struct jline {
    const char *p;
    size_t len;
    jfield *f;
    size_t nf;
    uint64_t lineno;
} jline;

typedef struct jfile {
    const char *name;
    sk_buf data;
    jline *lines;
    size_t n, pos;           /* lines[pos] is the next line to "read" */
    const jline *prev;       /* the last line read (order check) */
} jfile;

typedef struct joutspec {
    int file;                /* 0 = join field, 1, 2 */
    size_t field;            /* zero-based */
} joutspec;

enum { CHECK_DEFAULT, CHECK_ON, CHECK_OFF };

typedef struct jstate {
    sk_cmd *c;
    int tab;                 /* -1: blanks */
    int eol, ignore_case;
    size_t jf[2];            /* zero-based join fields */
    int print_unpaired[2], print_pairs;
    const char *empty;
    joutspec *out;
    size_t nout;
    int autoformat;
    size_t autocount[2];
    int check;
    int seen_unpairable;
    int warned[2];
    int fatal;
    jfile files[2];
} jstate;

static int is_field_sep(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

static int split_fields(jstate *st, jline *l)
{
    size_t cap = 8, n = 0;
    jfield *f = sk_malloc(st->c->a, cap * sizeof *f);
    if (!f) return -1;
    const char *ptr = l->p, *lim = l->p + l->len;
#define ADD(b, e) do { \
        if (n == cap) { \
            jfield *nf_ = sk_realloc(st->c->a, f, cap * 2 * sizeof *f); \
            if (!nf_) { sk_free(st->c->a, f); return -1; } \
            f = nf_; cap *= 2; \
        } \
        f[n].p = (b); f[n].len = (size_t)((e) - (b)); n++; \
    } while (0)
    if (ptr != lim) {
        if (st->tab == '\n') {
            ADD(ptr, lim);
        } else if (st->tab >= 0) {
            const char *sep;
            while ((sep = memchr(ptr, st->tab, (size_t)(lim - ptr))) != NULL) {
                ADD(ptr, sep);
                ptr = sep + 1;
            }
            ADD(ptr, lim);
        } else {
            while (ptr != lim && is_field_sep((unsigned char)*ptr)) ptr++;
            if (ptr != lim) {
                for (;;) {
                    const char *sep = ptr + 1;
                    while (sep != lim && !is_field_sep((unsigned char)*sep)) sep++;
                    ADD(ptr, sep);
                    if (sep == lim) break;
                    ptr = sep + 1;
                    while (ptr != lim && is_field_sep((unsigned char)*ptr)) ptr++;
                    if (ptr == lim) {
                        /* trailing blanks leave one empty field, as in GNU */
                        ADD(ptr, lim);
                        break;
                    }
                }
            }
        }
    }
#undef ADD
    l->f = f;
    l->nf = n;
    return 0;
}

static int keycmp(const jstate *st, const jline *a, const jline *b, size_t fa, size_t fb)
{
    const char *pa = NULL, *pb = NULL;
    size_t la = 0, lb = 0;
    if (fa < a->nf) { pa = a->f[fa].p; la = a->f[fa].len; }
    if (fb < b->nf) { pb = b->f[fb].p; lb = b->f[fb].len; }
    if (la == 0) return -(lb != 0);
    if (lb == 0) return 1;
    size_t m = la < lb ? la : lb;
    int d = 0;
    if (st->ignore_case) {
        for (size_t i = 0; i < m && !d; i++)
            d = toupper((unsigned char)pa[i]) - toupper((unsigned char)pb[i]);
    } else {
        d = memcmp(pa, pb, m);
    }
    if (d) return d;
    return la < lb ? -1 : la != lb;
}

/* "Read" the next line of file w (0/1), with GNU's order check. */
static const jline *get_line(jstate *st, int w)
{
    jfile *f = &st->files[w];
    if (f->pos >= f->n || st->fatal) return NULL;
    const jline *l = &f->lines[f->pos++];
    if (f->prev && st->check != CHECK_OFF && (st->check == CHECK_ON || st->seen_unpairable) && !st->warned[w]) {
        if (keycmp(st, f->prev, l, st->jf[w], st->jf[w]) > 0) {
            size_t len = l->len;
            cmd_error(st->c, "%s:%llu: is not sorted: %.*s", f->name, (unsigned long long)l->lineno, (int)len, l->p);
            if (st->check == CHECK_ON) {
                st->fatal = 1;
                return NULL;
            }
            st->warned[w] = 1;
        }
    }
    f->prev = l;
    return l;
}

static void prfield(jstate *st, size_t n, const jline *l)
{
    if (l && n < l->nf && l->f[n].len) sk_out_write(&st->c->out, l->f[n].p, l->f[n].len);
    else if (st->empty) sk_out_puts(&st->c->out, st->empty);
}

static void prfields(jstate *st, const jline *l, size_t jf, size_t autocount)
{
    char sep = st->tab < 0 ? ' ' : (char)st->tab;
    size_t nf = st->autoformat ? autocount : (l ? l->nf : 0);
    for (size_t i = 0; i < jf && i < nf; i++) {
        sk_out_putc(&st->c->out, sep);
        prfield(st, i, l);
    }
    for (size_t i = jf + 1; i < nf; i++) {
        sk_out_putc(&st->c->out, sep);
        prfield(st, i, l);
    }
}

/* l1 or l2 may be NULL (an unpaired line). */
static void prjoin(jstate *st, const jline *l1, const jline *l2)
{
    char sep = st->tab < 0 ? ' ' : (char)st->tab;
    if (st->nout) {
        for (size_t k = 0; k < st->nout; k++) {
            const joutspec *o = &st->out[k];
            const jline *l;
            size_t field;
            if (o->file == 0) {
                if (!l1) { l = l2; field = st->jf[1]; }
                else { l = l1; field = st->jf[0]; }
            } else {
                l = o->file == 1 ? l1 : l2;
                field = o->field;
            }
            prfield(st, field, l);
            if (k + 1 < st->nout) sk_out_putc(&st->c->out, sep);
        }
    } else {
        if (!l1) prfield(st, st->jf[1], l2);
        else prfield(st, st->jf[0], l1);
        prfields(st, l1, st->jf[0], st->autocount[0]);
        prfields(st, l2, st->jf[1], st->autocount[1]);
    }
    sk_out_putc(&st->c->out, st->eol);
}

static int load_file(jstate *st, int w, const char *name)
{
    jfile *f = &st->files[w];
    f->name = name;
    sk_buf_init(&f->data, st->c->a);
    int r = cmd_read_all(st->c, name, &f->data);
    if (r) return r;
    size_t n = 0;
    for (size_t i = 0; i < f->data.len; i++) n += f->data.p[i] == (char)st->eol;
    if (f->data.len && f->data.p[f->data.len - 1] != (char)st->eol) n++;
    f->lines = sk_calloc(st->c->a, n ? n : 1, sizeof *f->lines);
    if (!f->lines) return SK_NOMEM;
    size_t start = 0, k = 0;
    for (size_t i = 0; i <= f->data.len && k < n; i++) {
        if (i == f->data.len || f->data.p[i] == (char)st->eol) {
            if (i == f->data.len && start == i) break;
            f->lines[k].p = f->data.p + start;
            f->lines[k].len = i - start;
            f->lines[k].lineno = k + 1;
            if (split_fields(st, &f->lines[k])) return SK_NOMEM;
            k++;
            start = i + 1;
        }
    }
    f->n = k;
    return 0;
}

static void free_file(jstate *st, jfile *f)
{
    for (size_t i = 0; i < f->n; i++) sk_free(st->c->a, f->lines[i].f);
    sk_free(st->c->a, f->lines);
    sk_buf_free(&f->data);
}

/* A growable run of lines with equal keys (GNU's "seq"). */
typedef struct jseq {
    const jline **v;
    size_t count, cap;
} jseq;

static int seq_push(jstate *st, jseq *s, const jline *l)
{
    if (s->count == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 8;
        const jline **nv = sk_realloc(st->c->a, s->v, nc * sizeof *nv);
        if (!nv) return -1;
        s->v = nv;
        s->cap = nc;
    }
    s->v[s->count++] = l;
    return 0;
}

/* Append the next line of file w to s (or, with !add, replace s by it). */
static int advance(jstate *st, jseq *s, int add, int w)
{
    if (!add) s->count = 0;
    const jline *l = get_line(st, w);
    if (!l) return 0;
    if (seq_push(st, s, l)) { st->fatal = 1; return 0; }
    return 1;
}

static void do_join(jstate *st)
{
    jseq s1 = { 0 }, s2 = { 0 };
    advance(st, &s1, 0, 0);
    advance(st, &s2, 0, 1);
    while (s1.count && s2.count && !st->fatal && !cmd_out_failed(st->c)) {
        int diff = keycmp(st, s1.v[0], s2.v[0], st->jf[0], st->jf[1]);
        if (diff < 0) {
            if (st->print_unpaired[0]) prjoin(st, s1.v[0], NULL);
            advance(st, &s1, 0, 0);
            st->seen_unpairable = 1;
            continue;
        }
        if (diff > 0) {
            if (st->print_unpaired[1]) prjoin(st, NULL, s2.v[0]);
            advance(st, &s2, 0, 1);
            st->seen_unpairable = 1;
            continue;
        }
        int eof1 = 0, eof2 = 0;
        do {
            if (!advance(st, &s1, 1, 0)) { eof1 = 1; s1.count++; break; }
        } while (!keycmp(st, s1.v[s1.count - 1], s2.v[0], st->jf[0], st->jf[1]));
        do {
            if (!advance(st, &s2, 1, 1)) { eof2 = 1; s2.count++; break; }
        } while (!keycmp(st, s1.v[0], s2.v[s2.count - 1], st->jf[0], st->jf[1]));
        if (st->fatal) break;
        if (st->print_pairs)
            for (size_t i = 0; i < s1.count - 1; i++)
                for (size_t j = 0; j < s2.count - 1; j++) prjoin(st, s1.v[i], s2.v[j]);
        if (!eof1) { s1.v[0] = s1.v[s1.count - 1]; s1.count = 1; }
        else s1.count = 0;
        if (!eof2) { s2.v[0] = s2.v[s2.count - 1]; s2.count = 1; }
        else s2.count = 0;
    }
    int checktail = st->check != CHECK_OFF && !(st->warned[0] && st->warned[1]);
    if (!st->fatal && (st->print_unpaired[0] || checktail) && s1.count) {
        if (st->print_unpaired[0]) prjoin(st, s1.v[0], NULL);
        if (s2.count) st->seen_unpairable = 1;
        const jline *l;
        while ((l = get_line(st, 0))) {
            if (st->print_unpaired[0]) prjoin(st, l, NULL);
            if (st->warned[0] && !st->print_unpaired[0]) break;
        }
    }
    if (!st->fatal && (st->print_unpaired[1] || checktail) && s2.count) {
        if (st->print_unpaired[1]) prjoin(st, NULL, s2.v[0]);
        if (s1.count) st->seen_unpairable = 1;
        const jline *l;
        while ((l = get_line(st, 1))) {
            if (st->print_unpaired[1]) prjoin(st, NULL, l);
            if (st->warned[1] && !st->print_unpaired[1]) break;
        }
    }
    sk_free(st->c->a, s1.v);
    sk_free(st->c->a, s2.v);
}

static int parse_field(sk_cmd *c, const char *s, size_t *out)
{
    char *end;
    if (!isdigit((unsigned char)*s)) goto bad;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v == 0 || v > SIZE_MAX / 2) goto bad;
    *out = (size_t)v - 1;
    return 0;
bad:
    cmd_error(c, "invalid field number: '%s'", s);
    return 1;
}

static int parse_outlist(jstate *st, const char *s)
{
    sk_cmd *c = st->c;
    while (*s) {
        while (*s == ',' || *s == ' ' || *s == '\t') s++;
        if (!*s) break;
        size_t len = strcspn(s, ", \t");
        joutspec o;
        char tmp[64];
        if (len >= sizeof tmp) len = sizeof tmp - 1;
        memcpy(tmp, s, len);
        tmp[len] = 0;
        if (tmp[0] == '0') {
            if (tmp[1]) { cmd_error(c, "invalid field specifier: '%s'", tmp); return 1; }
            o.file = 0;
            o.field = 0;
        } else if (tmp[0] == '1' || tmp[0] == '2') {
            if (tmp[1] != '.') { cmd_error(c, "invalid field specifier: '%s'", tmp); return 1; }
            o.file = tmp[0] - '0';
            if (parse_field(c, tmp + 2, &o.field)) return 1;
        } else {
            cmd_error(c, "invalid file number in field spec: '%s'", tmp);
            return 1;
        }
        joutspec *n = sk_realloc(c->a, st->out, (st->nout + 1) * sizeof *n);
        if (!n) return cmd_error(c, "memory exhausted");
        st->out = n;
        st->out[st->nout++] = o;
        s += len;
    }
    return 0;
}

int cmd_join(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_CHECK = 0x100, OPT_NOCHECK, OPT_HEADER };
    static const cmd_longopt longs[] = {
        { "ignore-case", 0, 'i' }, { "check-order", 0, OPT_CHECK }, { "nocheck-order", 0, OPT_NOCHECK },
        { "zero-terminated", 0, 'z' }, { "header", 0, OPT_HEADER }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    jstate st;
    memset(&st, 0, sizeof st);
    st.c = c;
    st.tab = -1;
    st.eol = '\n';
    st.print_pairs = 1;
    st.check = CHECK_DEFAULT;
    int header = 0, status = 0, jf_set[2] = { 0, 0 };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "a:e:ij:o:t:v:1:2:z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a':
        case 'v':
            if (strcmp(o.arg, "1") && strcmp(o.arg, "2")) {
                cmd_error(c, "invalid field number: '%s'", o.arg);
                status = 1;
                goto done;
            }
            st.print_unpaired[o.arg[0] - '1'] = 1;
            if (ch == 'v') st.print_pairs = 0;
            break;
        case 'e': st.empty = o.arg; break;
        case 'i': st.ignore_case = 1; break;
        case 'j': {
            size_t f;
            if (parse_field(c, o.arg, &f)) { status = 1; goto done; }
            st.jf[0] = st.jf[1] = f;
            jf_set[0] = jf_set[1] = 1;
            break;
        }
        case '1':
        case '2': {
            size_t f;
            if (parse_field(c, o.arg, &f)) { status = 1; goto done; }
            st.jf[ch - '1'] = f;
            jf_set[ch - '1'] = 1;
            break;
        }
        case 'o':
            if (!strcmp(o.arg, "auto")) st.autoformat = 1;
            else if (parse_outlist(&st, o.arg)) { status = 1; goto done; }
            break;
        case 't': {
            int t;
            if (!o.arg[0]) t = '\n';
            else if (o.arg[1]) {
                if (!strcmp(o.arg, "\\0")) t = 0;
                else {
                    cmd_error(c, "multi-character tab '%s'", o.arg);
                    status = 1;
                    goto done;
                }
            } else t = (unsigned char)o.arg[0];
            if (st.tab >= 0 && st.tab != t) {
                cmd_error(c, "incompatible tabs");
                status = 1;
                goto done;
            }
            st.tab = t;
            break;
        }
        case 'z': st.eol = 0; break;
        case OPT_CHECK: st.check = CHECK_ON; break;
        case OPT_NOCHECK: st.check = CHECK_OFF; break;
        case OPT_HEADER: header = 1; break;
        case TXT_OPT_HELP: status = txt_help(c, join_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops < 2) { status = txt_missing_operand(c, nops ? ops[0] : NULL, 1); goto done; }
    if (nops > 2) { status = txt_extra_operand(c, ops[2], 1); goto done; }
    for (int i = 0; i < 2; i++) {
        int r = load_file(&st, i, ops[i]);
        if (r) {
            status = txt_error_path(c, ops[i], r);
            goto done;
        }
    }
    if (st.autoformat) {
        st.autocount[0] = st.files[0].n ? st.files[0].lines[0].nf : 0;
        st.autocount[1] = st.files[1].n ? st.files[1].lines[0].nf : 0;
    }
    if (header && (st.files[0].n || st.files[1].n)) {
        /* the first lines are headers: joined unconditionally, never order-checked */
        prjoin(&st, st.files[0].n ? &st.files[0].lines[0] : NULL, st.files[1].n ? &st.files[1].lines[0] : NULL);
        st.files[0].pos = st.files[0].n ? 1 : 0;
        st.files[1].pos = st.files[1].n ? 1 : 0;
    }
    do_join(&st);
    if (st.fatal) status = 1;
    else if (st.warned[0] || st.warned[1]) status = cmd_error(c, "input is not in sorted order");
done:
    free_file(&st, &st.files[0]);
    free_file(&st, &st.files[1]);
    sk_free(c->a, st.out);
    cmd_opts_free(&o, c);
    return status;
}
