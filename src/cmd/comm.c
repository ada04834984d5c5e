/* comm.c — comm: compare two sorted files line by line (GNU semantics:
 * -1 -2 -3, --check-order / --nocheck-order and the default "warn once
 * after the first unpairable line" order check, --output-delimiter,
 * --total, -z).  Byte order comparison.  Streams both inputs. */
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("comm", cmd_comm, "comm [-123] [--output-delimiter=S] FILE1 FILE2: lines only in FILE1, only in FILE2, in both");

static const char comm_usage[] =
    "Usage: comm [OPTION]... FILE1 FILE2\n"
    "Compare sorted files FILE1 and FILE2 line by line.\n"
    "\n"
    "When FILE1 or FILE2 (not both) is -, read standard input.\n"
    "\n"
    "With no options, produce three-column output.  Column one contains\n"
    "lines unique to FILE1, column two contains lines unique to FILE2,\n"
    "and column three contains lines common to both files.\n"
    "\n"
    "  -1              suppress column 1 (lines unique to FILE1)\n"
    "  -2              suppress column 2 (lines unique to FILE2)\n"
    "  -3              suppress column 3 (lines that appear in both files)\n"
    "\n"
    "  --check-order     check that the input is correctly sorted, even\n"
    "                      if all input lines are pairable\n"
    "  --nocheck-order   do not check that the input is correctly sorted\n"
    "  --output-delimiter=STR  separate columns with STR\n"
    "  --total           output a summary\n"
    "  -z, --zero-terminated    line delimiter is NUL, not newline\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

enum { CHECK_DEFAULT, CHECK_ON, CHECK_OFF };

typedef struct comm_state {
    int show[3];
    int check;
    const char *sep;
    size_t seplen;
    int eol;
    int seen_unpairable;
    int warned[2];
    unsigned long long total[3];
} comm_state;

static int cmp_lines(const sk_buf *a, size_t al, const sk_buf *b, size_t bl)
{
    size_t m = al < bl ? al : bl;
    int d = m ? memcmp(a->p, b->p, m) : 0;
    if (d) return d;
    return al < bl ? -1 : al > bl;
}

static void write_line(sk_cmd *c, comm_state *st, const sk_buf *l, size_t len, int cls)
{
    st->total[cls - 1]++;
    if (!st->show[cls - 1]) return;
    if (cls >= 2 && st->show[0]) sk_out_write(&c->out, st->sep, st->seplen);
    if (cls == 3 && st->show[1]) sk_out_write(&c->out, st->sep, st->seplen);
    if (len) sk_out_write(&c->out, l->p, len);
    sk_out_putc(&c->out, st->eol);
}

/* Returns 1 when the check is fatal (--check-order). */
static int check_order(sk_cmd *c, comm_state *st, const sk_buf *prev, size_t pl, const sk_buf *cur, size_t cl,
                       int which)
{
    if (st->check == CHECK_OFF || (st->check != CHECK_ON && !st->seen_unpairable)) return 0;
    if (st->warned[which]) return 0;
    if (cmp_lines(prev, pl, cur, cl) > 0) {
        cmd_error(c, "file %d is not in sorted order", which + 1);
        if (st->check == CHECK_ON) return 1;
        st->warned[which] = 1;
    }
    return 0;
}

static int read_line(sk_in *in, sk_buf *b, int eol, size_t *len)
{
    int r = sk_in_getline(in, b, eol);
    if (r <= 0) return r;
    *len = b->len;
    if (*len && b->p[*len - 1] == (char)eol) (*len)--;
    return 1;
}

int cmd_comm(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_CHECK = 0x100, OPT_NOCHECK, OPT_ODELIM, OPT_TOTAL };
    static const cmd_longopt longs[] = {
        { "check-order", 0, OPT_CHECK }, { "nocheck-order", 0, OPT_NOCHECK },
        { "output-delimiter", 1, OPT_ODELIM }, { "total", 0, OPT_TOTAL },
        { "zero-terminated", 0, 'z' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    comm_state st;
    memset(&st, 0, sizeof st);
    st.show[0] = st.show[1] = st.show[2] = 1;
    st.check = CHECK_DEFAULT;
    st.eol = '\n';
    st.sep = "\t";
    st.seplen = 1;
    int total = 0, status = 0, odelim_set = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "123z", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case '1': st.show[0] = 0; break;
        case '2': st.show[1] = 0; break;
        case '3': st.show[2] = 0; break;
        case 'z': st.eol = 0; break;
        case OPT_CHECK: st.check = CHECK_ON; break;
        case OPT_NOCHECK: st.check = CHECK_OFF; break;
        case OPT_ODELIM:
            if (odelim_set && strcmp(st.sep, o.arg)) {
                cmd_error(c, "multiple output delimiters specified");
                cmd_opts_free(&o, c);
                return 1;
            }
            st.sep = o.arg;
            st.seplen = o.arg[0] ? strlen(o.arg) : 1;
            odelim_set = 1;
            break;
        case OPT_TOTAL: total = 1; break;
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, comm_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops < 2) {
        status = txt_missing_operand(c, nops ? ops[0] : NULL, 1);
        cmd_opts_free(&o, c);
        return status;
    }
    if (nops > 2) {
        status = txt_extra_operand(c, ops[2], 1);
        cmd_opts_free(&o, c);
        return status;
    }
    sk_in in[2];
    for (int i = 0; i < 2; i++) {
        int r = cmd_open_input(c, ops[i], &in[i]);
        if (r) {
            status = txt_error_path(c, ops[i], r);
            if (i == 1) cmd_close_input(c, &in[0]);
            cmd_opts_free(&o, c);
            return status;
        }
    }
    /* per file: the current line and the previous one (for the order check) */
    sk_buf bufs[2][2] = { { SK_BUF_INIT(c->a), SK_BUF_INIT(c->a) }, { SK_BUF_INIT(c->a), SK_BUF_INIT(c->a) } };
    sk_buf *cur[2] = { &bufs[0][0], &bufs[1][0] }, *prev[2] = { &bufs[0][1], &bufs[1][1] };
    size_t clen[2] = { 0, 0 }, plen[2] = { 0, 0 };
    int have[2];
    int fatal = 0;
    for (int i = 0; i < 2; i++) {
        have[i] = read_line(&in[i], cur[i], st.eol, &clen[i]);
        if (have[i] < 0) { status = cmd_error(c, "%s: read error", ops[i]); have[i] = 0; }
    }
    while ((have[0] || have[1]) && !fatal && !cmd_out_failed(c) && !cmd_aborted(c)) {
        int order;
        if (!have[0]) order = 1;
        else if (!have[1]) order = -1;
        else order = cmp_lines(cur[0], clen[0], cur[1], clen[1]);
        if (order == 0) write_line(c, &st, cur[0], clen[0], 3);
        else {
            st.seen_unpairable = 1;
            if (order < 0) write_line(c, &st, cur[0], clen[0], 1);
            else write_line(c, &st, cur[1], clen[1], 2);
        }
        for (int i = 0; i < 2 && !fatal; i++) {
            if (!(order == 0 || (order < 0 ? i == 0 : i == 1))) continue;
            sk_buf *t = prev[i];
            prev[i] = cur[i];
            cur[i] = t;
            plen[i] = clen[i];
            have[i] = read_line(&in[i], cur[i], st.eol, &clen[i]);
            if (have[i] < 0) { status = cmd_error(c, "%s: read error", ops[i]); have[i] = 0; }
            if (have[i] && check_order(c, &st, prev[i], plen[i], cur[i], clen[i], i)) fatal = 1;
        }
    }
    for (int i = 0; i < 2; i++) {
        cmd_close_input(c, &in[i]);
        sk_buf_free(&bufs[i][0]);
        sk_buf_free(&bufs[i][1]);
    }
    if (fatal) status = 1;
    else {
        if (total) {
            sk_out_printf(&c->out, "%llu", st.total[0]);
            sk_out_write(&c->out, st.sep, st.seplen);
            sk_out_printf(&c->out, "%llu", st.total[1]);
            sk_out_write(&c->out, st.sep, st.seplen);
            sk_out_printf(&c->out, "%llu", st.total[2]);
            sk_out_write(&c->out, st.sep, st.seplen);
            sk_out_puts(&c->out, "total");
            sk_out_putc(&c->out, st.eol);
        }
        if (st.warned[0] || st.warned[1]) status = cmd_error(c, "input is not in sorted order");
    }
    cmd_opts_free(&o, c);
    return status;
}
