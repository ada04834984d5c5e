/* tr.c — tr: translate, squeeze or delete bytes (GNU semantics: byte
 * based; classes, ranges, [c*n] repeats, octal and backslash escapes). */
#include <ctype.h>
#include <string.h>

#include "cmd.h"

SK_CMD("tr", cmd_tr, "tr [-cdst] SET1 [SET2]: translate, squeeze (-s) or delete (-d) characters");

typedef struct tr_set {
    unsigned char c[4096];  /* expanded sequence (classes expand in order) */
    int n;
    int upper_at, lower_at; /* position of [:upper:]/[:lower:] (for case maps), -1 */
    int repeat_at;          /* [c*] with no count in SET2: fill position, -1 */
    unsigned char repeat_ch;
} tr_set;

static int class_member(const char *name, size_t len, int ch)
{
#define IS(s) (len == sizeof(s) - 1 && !memcmp(name, s, len))
    if (IS("alpha")) return isalpha(ch);
    if (IS("digit")) return isdigit(ch);
    if (IS("alnum")) return isalnum(ch);
    if (IS("upper")) return isupper(ch);
    if (IS("lower")) return islower(ch);
    if (IS("space")) return isspace(ch);
    if (IS("blank")) return ch == ' ' || ch == '\t';
    if (IS("punct")) return ispunct(ch);
    if (IS("print")) return isprint(ch);
    if (IS("graph")) return isgraph(ch);
    if (IS("cntrl")) return iscntrl(ch);
    if (IS("xdigit")) return isxdigit(ch);
#undef IS
    return -1;
}

/* One character of a set spec, with escapes; advances *p. */
static int spec_char(const char **p)
{
    const char *s = *p;
    if (*s != '\\' || !s[1]) { *p = s + 1; return (unsigned char)*s; }
    s++;
    int c;
    switch (*s) {
    case 'n': c = '\n'; break;
    case 't': c = '\t'; break;
    case 'r': c = '\r'; break;
    case 'a': c = '\a'; break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'v': c = '\v'; break;
    case '\\': c = '\\'; break;
    default:
        if (*s >= '0' && *s <= '7') {
            c = 0;
            for (int i = 0; i < 3 && *s >= '0' && *s <= '7'; i++) c = c * 8 + (*s++ - '0');
            *p = s;
            return c & 0xff;
        }
        c = (unsigned char)*s;
    }
    *p = s + 1;
    return c;
}

static int set_push(tr_set *set, int ch)
{
    if (set->n >= (int)sizeof set->c) return -1;
    set->c[set->n++] = (unsigned char)ch;
    return 0;
}

/* Expand a set spec.  is2: the second set (repeats allowed). */
static int set_parse(sk_cmd *c, const char *spec, tr_set *set, int is2)
{
    set->n = 0;
    set->upper_at = set->lower_at = set->repeat_at = -1;
    const char *p = spec;
    while (*p) {
        if (p[0] == '[' && p[1] == ':') {
            const char *end = strstr(p + 2, ":]");
            if (end) {
                size_t len = (size_t)(end - p - 2);
                if (class_member(p + 2, len, 'a') < 0)
                    return cmd_error(c, "invalid character class '%.*s'", (int)len, p + 2);
                if (len == 5 && !memcmp(p + 2, "upper", 5)) set->upper_at = set->n;
                if (len == 5 && !memcmp(p + 2, "lower", 5)) set->lower_at = set->n;
                for (int ch = 0; ch < 256; ch++)
                    if (class_member(p + 2, len, ch) > 0 && set_push(set, ch)) return cmd_error(c, "set too large");
                p = end + 2;
                continue;
            }
        }
        if (p[0] == '[' && p[1] == '=' && p[2] && p[3] == '=' && p[4] == ']') {
            set_push(set, (unsigned char)p[2]);
            p += 5;
            continue;
        }
        if (p[0] == '[' && p[1] && p[2] == '*') {
            const char *q = p + 1;
            int ch = spec_char(&q);
            if (*q == '*') {
                q++;
                const char *num = q;
                while (*q >= '0' && *q <= '9') q++;
                if (*q == ']') {
                    if (!is2) return cmd_error(c, "the [c*] repeat construct may not appear in string1");
                    long cnt = 0;
                    int octal = num[0] == '0';
                    for (const char *d = num; d < q; d++) cnt = cnt * (octal ? 8 : 10) + (*d - '0');
                    if (q == num || cnt == 0) {
                        set->repeat_at = set->n;
                        set->repeat_ch = (unsigned char)ch;
                    } else {
                        for (long i = 0; i < cnt; i++)
                            if (set_push(set, ch)) return cmd_error(c, "set too large");
                    }
                    p = q + 1;
                    continue;
                }
            }
        }
        int a = spec_char(&p);
        if (p[0] == '-' && p[1]) {
            const char *q = p + 1;
            int b = spec_char(&q);
            if (b < a)
                return cmd_error(c, "range-endpoints of '%c-%c' are in reverse collating sequence order", a, b);
            for (int ch = a; ch <= b; ch++) set_push(set, ch);
            p = q;
            continue;
        }
        if (set_push(set, a)) return cmd_error(c, "set too large");
    }
    return 0;
}

int cmd_tr(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "complement", 0, 'c' }, { "delete", 0, 'd' }, { "squeeze-repeats", 0, 's' },
        { "truncate-set1", 0, 't' }, { NULL, 0, 0 },
    };
    int comp = 0, del = 0, squeeze = 0, trunc = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "cCdst", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c': case 'C': comp = 1; break;
        case 'd': del = 1; break;
        case 's': squeeze = 1; break;
        case 't': trunc = 1; break;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    int need = del && squeeze ? 2 : (del ? 1 : (squeeze ? 1 : 2));
    int status = 0;
    tr_set *s1 = NULL, *s2 = NULL;
    if (nops < need || nops < 1) {
        if (nops == 0) cmd_error(c, "missing operand");
        else cmd_error(c, "missing operand after '%s'", ops[nops - 1]);
        sk_out_printf(&c->err, "Try 'tr --help' for more information.\n");
        status = 1;
        goto out;
    }
    if (nops > need && !(squeeze && !del && nops == 2)) {
        cmd_error(c, "extra operand '%s'", ops[need]);
        sk_out_printf(&c->err, "Try 'tr --help' for more information.\n");
        status = 1;
        goto out;
    }
    s1 = sk_malloc(c->a, sizeof *s1);
    s2 = sk_malloc(c->a, sizeof *s2);
    if (!s1 || !s2) { status = 1; goto out; }
    if (set_parse(c, ops[0], s1, 0)) { status = 1; goto out; }
    s2->n = 0;
    s2->upper_at = s2->lower_at = s2->repeat_at = -1;
    if (nops > 1 && set_parse(c, ops[1], s2, 1)) { status = 1; goto out; }

    unsigned char in1[256] = { 0 }, map[256], sq[256] = { 0 };
    for (int i = 0; i < s1->n; i++) in1[s1->c[i]] = 1;
    if (comp) for (int i = 0; i < 256; i++) in1[i] = !in1[i];
    for (int i = 0; i < 256; i++) map[i] = (unsigned char)i;
    int translate = !del && nops > 1;
    if (translate) {
        /* the complemented set, in byte order */
        unsigned char seq1[256];
        int n1 = 0;
        if (comp) { for (int i = 0; i < 256; i++) if (in1[i]) seq1[n1++] = (unsigned char)i; }
        else { memcpy(seq1, s1->c, (size_t)(s1->n > 256 ? 256 : s1->n)); n1 = s1->n > 256 ? 256 : s1->n; }
        if (s1->n > 256 && !comp) n1 = 256;
        /* [c*] fills SET2 up to SET1's length */
        if (s2->repeat_at >= 0 && s2->n < n1) {
            int fill = n1 - s2->n;
            memmove(s2->c + s2->repeat_at + fill, s2->c + s2->repeat_at, (size_t)(s2->n - s2->repeat_at));
            memset(s2->c + s2->repeat_at, s2->repeat_ch, (size_t)fill);
            s2->n += fill;
        }
        if (s2->n == 0) { status = cmd_error(c, "when not truncating set1, string2 must be non-empty"); goto out; }
        int upper_lower = s1->upper_at >= 0 && s2->lower_at >= 0;
        int lower_upper = s1->lower_at >= 0 && s2->upper_at >= 0;
        if (upper_lower || lower_upper) {
            for (int i = 0; i < 256; i++) {
                if (upper_lower && isupper(i)) map[i] = (unsigned char)tolower(i);
                if (lower_upper && islower(i)) map[i] = (unsigned char)toupper(i);
            }
        } else {
            int lim = trunc && s2->n < n1 ? s2->n : n1;
            for (int i = 0; i < lim; i++)
                map[seq1[i]] = s2->c[i < s2->n ? i : s2->n - 1];
        }
        if (squeeze) for (int i = 0; i < s2->n; i++) sq[s2->c[i]] = 1;
    } else if (squeeze) {
        const tr_set *sqs = del ? s2 : s1;
        if (del) { for (int i = 0; i < sqs->n; i++) sq[sqs->c[i]] = 1; }
        else { for (int i = 0; i < 256; i++) sq[i] = in1[i]; }
    }

    sk_in in;
    if (cmd_open_input(c, "-", &in)) { status = 1; goto out; }
    char buf[8192], obuf[8192];
    int64_t n;
    int last = -1;
    while ((n = sk_in_read(&in, buf, sizeof buf)) > 0) {
        size_t on = 0;
        for (int64_t i = 0; i < n; i++) {
            unsigned char b = (unsigned char)buf[i];
            if (del && in1[b]) continue;
            unsigned char outc = translate ? map[b] : b;
            if (squeeze && sq[outc] && last == outc) continue;
            last = outc;
            obuf[on++] = (char)outc;
        }
        if (sk_out_write(&c->out, obuf, on)) break;
    }
    cmd_close_input(c, &in);
out:
    sk_free(c->a, s1);
    sk_free(c->a, s2);
    cmd_opts_free(&o, c);
    return status;
}
