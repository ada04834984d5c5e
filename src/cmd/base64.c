/* base64.c — base64 and base32 (GNU coreutils): encode with line wrapping
 * (-w, default 76, 0 = none) or decode (-d, newlines skipped, -i skips
 * all other non-alphabet bytes).  Decoding follows gnulib group by group:
 * the bytes of a bad or short final group that could be decoded are
 * written before "invalid input" is reported.  Streams. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("base64", cmd_base64, "base64 [-d] [-i] [-w COLS] [FILE]: base64 encode or decode (-d)");
SK_CMD("base32", cmd_base32, "base32 [-d] [-i] [-w COLS] [FILE]: base32 encode or decode (-d)");

static const char b64_alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char b32_alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

static const char b64_usage[] =
    "Usage: base64 [OPTION]... [FILE]\n"
    "Base64 encode or decode FILE, or standard input, to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -d, --decode          decode data\n"
    "  -i, --ignore-garbage  when decoding, ignore non-alphabet characters\n"
    "  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).\n"
    "                          Use 0 to disable line wrapping\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static const char b32_usage[] =
    "Usage: base32 [OPTION]... [FILE]\n"
    "Base32 encode or decode FILE, or standard input, to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -d, --decode          decode data\n"
    "  -i, --ignore-garbage  when decoding, ignore non-alphabet characters\n"
    "  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).\n"
    "                          Use 0 to disable line wrapping\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct codec {
    int b32;
    signed char val[256];   /* alphabet value or -1 */
} codec;

static void codec_init(codec *k, int b32)
{
    k->b32 = b32;
    memset(k->val, -1, sizeof k->val);
    const char *a = b32 ? b32_alpha : b64_alpha;
    for (int i = 0; a[i]; i++) k->val[(unsigned char)a[i]] = (signed char)i;
}

/* ---- encoding --------------------------------------------------------------- */

typedef struct enc_state {
    unsigned char carry[5];
    int ncarry;
    unsigned long wrap, col;
    int any;
} enc_state;

static int put_wrapped(sk_cmd *c, enc_state *st, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (st->wrap && st->col == st->wrap) {
            if (sk_out_putc(&c->out, '\n')) return -1;
            st->col = 0;
        }
        if (sk_out_putc(&c->out, p[i])) return -1;
        st->col++;
        st->any = 1;
    }
    return 0;
}

static int encode_group(sk_cmd *c, const codec *k, enc_state *st, const unsigned char *g, int n)
{
    char out[8];
    if (!k->b32) {
        unsigned v = (unsigned)g[0] << 16 | (n > 1 ? (unsigned)g[1] << 8 : 0) | (n > 2 ? g[2] : 0);
        out[0] = b64_alpha[(v >> 18) & 63];
        out[1] = b64_alpha[(v >> 12) & 63];
        out[2] = n > 1 ? b64_alpha[(v >> 6) & 63] : '=';
        out[3] = n > 2 ? b64_alpha[v & 63] : '=';
        return put_wrapped(c, st, out, 4);
    }
    unsigned long long v = 0;
    for (int i = 0; i < 5; i++) v = v << 8 | (i < n ? g[i] : 0);
    static const int chars_for[6] = { 0, 2, 4, 5, 7, 8 };
    for (int i = 0; i < 8; i++) out[i] = i < chars_for[n] ? b32_alpha[(v >> (35 - 5 * i)) & 31] : '=';
    return put_wrapped(c, st, out, 8);
}

static int encode(sk_cmd *c, const codec *k, sk_in *in, unsigned long wrap)
{
    enc_state st;
    memset(&st, 0, sizeof st);
    st.wrap = wrap;
    int gs = k->b32 ? 5 : 3;
    unsigned char buf[12288];
    int64_t n;
    while ((n = sk_in_read(in, buf, sizeof buf)) > 0) {
        size_t i = 0;
        while (st.ncarry && i < (size_t)n) {
            st.carry[st.ncarry++] = buf[i++];
            if (st.ncarry == gs) {
                if (encode_group(c, k, &st, st.carry, gs)) return 0;
                st.ncarry = 0;
            }
        }
        for (; i + (size_t)gs <= (size_t)n; i += (size_t)gs)
            if (encode_group(c, k, &st, buf + i, gs)) return 0;
        while (i < (size_t)n) st.carry[st.ncarry++] = buf[i++];
        if (cmd_aborted(c)) return 0;
    }
    if (st.ncarry) encode_group(c, k, &st, st.carry, st.ncarry);
    if (st.any && wrap) sk_out_putc(&c->out, '\n');
    return n < 0 ? -1 : 0;
}

/* ---- decoding --------------------------------------------------------------- */

/* gnulib decode_4 / decode_8: decode one group, writing what it can.
 * Returns 1 when valid. */
static int decode_group(sk_cmd *c, const codec *k, const unsigned char *in, int n)
{
    const signed char *v = k->val;
#define OK(i) (v[in[i]] >= 0)
#define V(i) ((unsigned)v[in[i]])
    sk_out *o = &c->out;
    if (!k->b32) {
        if (n < 2 || !OK(0) || !OK(1)) return 0;
        sk_out_putc(o, (int)((V(0) << 2 | V(1) >> 4) & 255));
        if (n == 2) return 0;
        if (in[2] == '=') return n == 4 && in[3] == '=';
        if (!OK(2)) return 0;
        sk_out_putc(o, (int)((V(1) << 4 | V(2) >> 2) & 255));
        if (n == 3) return 0;
        if (in[3] == '=') return n == 4;
        if (!OK(3)) return 0;
        sk_out_putc(o, (int)((V(2) << 6 | V(3)) & 255));
        return 1;
    }
    if (n < 8 || !OK(0) || !OK(1)) return 0;
    sk_out_putc(o, (int)((V(0) << 3 | V(1) >> 2) & 255));
    if (in[2] == '=') return in[3] == '=' && in[4] == '=' && in[5] == '=' && in[6] == '=' && in[7] == '=';
    if (!OK(2) || !OK(3)) return 0;
    sk_out_putc(o, (int)((V(1) << 6 | V(2) << 1 | V(3) >> 4) & 255));
    if (in[4] == '=') return in[5] == '=' && in[6] == '=' && in[7] == '=';
    if (!OK(4)) return 0;
    sk_out_putc(o, (int)((V(3) << 4 | V(4) >> 1) & 255));
    if (in[5] == '=') return in[6] == '=' && in[7] == '=';
    if (!OK(5) || !OK(6)) return 0;
    sk_out_putc(o, (int)((V(4) << 7 | V(5) << 2 | V(6) >> 3) & 255));
    if (in[7] == '=') return 1;
    if (!OK(7)) return 0;
    sk_out_putc(o, (int)((V(6) << 5 | V(7)) & 255));
    return 1;
#undef OK
#undef V
}

static int decode(sk_cmd *c, const codec *k, sk_in *in, int ignore_garbage)
{
    int gs = k->b32 ? 8 : 4;
    unsigned char group[8];
    int ng = 0;
    unsigned char buf[16384];
    int64_t n;
    while ((n = sk_in_read(in, buf, sizeof buf)) > 0) {
        for (int64_t i = 0; i < n; i++) {
            unsigned char ch = buf[i];
            if (ch == '\n') continue;
            if (ignore_garbage && k->val[ch] < 0 && ch != '=') continue;
            group[ng++] = ch;
            if (ng == gs) {
                if (!decode_group(c, k, group, ng)) return 1;
                ng = 0;
            }
        }
        if (cmd_out_failed(c) || cmd_aborted(c)) return 0;
    }
    if (n < 0) return -1;
    if (ng && !decode_group(c, k, group, ng)) return 1;
    return 0;
}

static int codec_main(sk_cmd *c, int argc, char **argv, int b32)
{
    static const cmd_longopt longs[] = {
        { "decode", 0, 'd' }, { "ignore-garbage", 0, 'i' }, { "wrap", 1, 'w' },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    int dec = 0, ignore = 0, status = 0;
    unsigned long wrap = 76;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "diw:", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'd': dec = 1; break;
        case 'i': ignore = 1; break;
        case 'w': {
            char *end;
            if (o.arg[0] == '-' || !*o.arg) goto badwrap;
            wrap = strtoul(o.arg, &end, 10);
            if (*end) {
            badwrap:
                status = cmd_error(c, "invalid wrap size: '%s'", o.arg);
                goto done;
            }
            break;
        }
        case TXT_OPT_HELP: status = txt_help(c, b32 ? b32_usage : b64_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    char **files;
    int nfiles = cmd_opts_operands(&o, &files);
    if (nfiles > 1) { status = txt_extra_operand(c, files[1], 1); goto done; }
    const char *name = nfiles ? files[0] : "-";
    codec k;
    codec_init(&k, b32);
    sk_in in;
    int r = cmd_open_input(c, name, &in);
    if (r) { status = txt_error_path(c, name, r); goto done; }
    r = dec ? decode(c, &k, &in, ignore) : encode(c, &k, &in, wrap);
    cmd_close_input(c, &in);
    if (r > 0) status = cmd_error(c, "invalid input");
    else if (r < 0) status = cmd_error(c, "%s: read error", name);
done:
    cmd_opts_free(&o, c);
    return status;
}

int cmd_base64(sk_cmd *c, int argc, char **argv) { return codec_main(c, argc, argv, 0); }
int cmd_base32(sk_cmd *c, int argc, char **argv) { return codec_main(c, argc, argv, 1); }
