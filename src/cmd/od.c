/* od.c — od: dump files in octal and other formats (GNU coreutils layout).
 *
 * -A d|o|x|n, -t a|c|d|f|o|u|x with sizes and the z suffix, the
 * traditional letters (-a -b -c -d -f -i -l -o -s -x ...), -j, -N, -v,
 * -w, -S, --endian.  Field widths, the padding that aligns several
 * formats byte for byte, "*" for repeated lines and the zero-filled last
 * block follow GNU od.  Inputs are one concatenated stream, read in
 * blocks. */
#include <ctype.h>
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "numparse.h"
#include "text.h"

SK_CMD("od", cmd_od, "od [-A d|o|x|n] [-t TYPE] [-c] [-x] [-j SKIP] [-N COUNT] [-w N] [-v] [FILE]...: dump bytes in octal, hex, characters...");

static const char od_usage[] =
    "Usage: od [OPTION]... [FILE]...\n"
    "Write an unambiguous representation, octal bytes by default,\n"
    "of FILE to standard output.  With more than one FILE argument,\n"
    "concatenate them in the listed order to form the input.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "  -A, --address-radix=RADIX   output format for file offsets; RADIX is one\n"
    "                                of [doxn], for Decimal, Octal, Hex or None\n"
    "      --endian={big|little}   swap input bytes according the specified order\n"
    "  -j, --skip-bytes=BYTES      skip BYTES input bytes first\n"
    "  -N, --read-bytes=BYTES      limit dump to BYTES input bytes\n"
    "  -S BYTES, --strings[=BYTES]  output strings of at least BYTES graphic chars;\n"
    "                                3 is implied when BYTES is not specified\n"
    "  -t, --format=TYPE           select output format or formats\n"
    "  -v, --output-duplicates     do not use * to mark line suppression\n"
    "  -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;\n"
    "                                32 is implied when BYTES is not specified\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n"
    "\n"
    "Traditional format specifications may be intermixed; they accumulate:\n"
    "  -a   same as -t a,  select named characters, ignoring high-order bit\n"
    "  -b   same as -t o1, select octal bytes\n"
    "  -c   same as -t c,  select printable characters or backslash escapes\n"
    "  -d   same as -t u2, select unsigned decimal 2-byte units\n"
    "  -f   same as -t fF, select floats\n"
    "  -i   same as -t dI, select decimal ints\n"
    "  -l   same as -t dL, select decimal longs\n"
    "  -o   same as -t o2, select octal 2-byte units\n"
    "  -s   same as -t d2, select decimal 2-byte units\n"
    "  -x   same as -t x2, select hexadecimal 2-byte units\n"
    "\n"
    "TYPE is made up of one or more of these specifications:\n"
    "  a          named character, ignoring high-order bit\n"
    "  c          printable character or backslash escape\n"
    "  d[SIZE]    signed decimal, SIZE bytes per integer\n"
    "  f[SIZE]    floating point, SIZE bytes per float\n"
    "  o[SIZE]    octal, SIZE bytes per integer\n"
    "  u[SIZE]    unsigned decimal, SIZE bytes per integer\n"
    "  x[SIZE]    hexadecimal, SIZE bytes per integer\n"
    "\n"
    "Adding a z suffix to any type displays printable characters at the end of\n"
    "each output line.\n";

typedef struct od_spec {
    char kind;          /* a c d u o x f */
    int size;           /* bytes per datum */
    int field_width;
    int pad_width;
    int hexl;           /* z suffix */
} od_spec;

typedef struct od_state {
    sk_cmd *c;
    od_spec *specs;
    int nspecs;
    char radix;         /* d o x n */
    int addr_width;
    int big_endian;
    size_t per_block;
    int verbose;
    /* input */
    char **files;
    int nfiles, cur;
    sk_in in;
    int in_open;
    int opened;         /* some input could be opened */
    int status;
} od_state;

static const char *const charname[33] = {
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si",
    "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp",
};

static int add_spec(od_state *st, char kind, int size, int hexl)
{
    od_spec *n = sk_realloc(st->c->a, st->specs, sizeof *n * (size_t)(st->nspecs + 1));
    if (!n) return -1;
    st->specs = n;
    od_spec *s = &st->specs[st->nspecs++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->size = size;
    s->hexl = hexl;
    static const int dw[9] = { 0, 4, 6, 0, 11, 0, 0, 0, 20 };
    static const int uw[9] = { 0, 3, 5, 0, 10, 0, 0, 0, 20 };
    static const int ow[9] = { 0, 3, 6, 0, 11, 0, 0, 0, 22 };
    static const int xw[9] = { 0, 2, 4, 0, 8, 0, 0, 0, 16 };
    switch (kind) {
    case 'a': case 'c': s->field_width = 3; break;
    case 'd': s->field_width = dw[size]; break;
    case 'u': s->field_width = uw[size]; break;
    case 'o': s->field_width = ow[size]; break;
    case 'x': s->field_width = xw[size]; break;
    case 'f': s->field_width = size == 4 ? 15 : size == 8 ? 24 : 29; break;
    default: break;
    }
    return 0;
}

/* Parse a -t TYPE string (several specs may follow each other). */
static int parse_type(od_state *st, const char *s)
{
    sk_cmd *c = st->c;
    const char *all = s;
    while (*s) {
        char kind = *s++;
        int size;
        switch (kind) {
        case 'a':
        case 'c':
            size = 1;
            break;
        case 'd': case 'u': case 'o': case 'x': {
            size = 4;
            if (*s == 'C') { size = 1; s++; }
            else if (*s == 'S') { size = 2; s++; }
            else if (*s == 'I') { size = 4; s++; }
            else if (*s == 'L') { size = 8; s++; }
            else if (isdigit((unsigned char)*s)) {
                char *end;
                long v = strtol(s, &end, 10);
                if (v != 1 && v != 2 && v != 4 && v != 8) {
                    cmd_error(c, "invalid type string '%s';\nthis system doesn't provide a %ld-byte integral type",
                              all, v);
                    return 1;
                }
                size = (int)v;
                s = end;
            }
            break;
        }
        case 'f': {
            size = 8;
            if (*s == 'F') { size = 4; s++; }
            else if (*s == 'D') { size = 8; s++; }
            else if (*s == 'L') { size = 16; s++; }
            else if (isdigit((unsigned char)*s)) {
                char *end;
                long v = strtol(s, &end, 10);
                if (v != 4 && v != 8 && v != 16) {
                    cmd_error(c, "invalid type string '%s';\nthis system doesn't provide a %ld-byte floating point type",
                              all, v);
                    return 1;
                }
                size = (int)v;
                s = end;
            }
            break;
        }
        default:
            cmd_error(c, "invalid character '%c' in type string '%s'", kind, all);
            return 1;
        }
        int hexl = 0;
        if (*s == 'z') { hexl = 1; s++; }
        if (add_spec(st, kind, size, hexl)) return cmd_error(c, "memory exhausted");
    }
    return 0;
}

/* ---- input: the files as one stream ------------------------------------ */

/* Open the next input that can be opened (GNU od opens the first at once). */
static void od_open(od_state *st)
{
    while (!st->in_open && st->cur < st->nfiles) {
        const char *name = st->files[st->cur++];
        int r = cmd_open_input(st->c, name, &st->in);
        if (r) {
            txt_error_path(st->c, name, r);
            st->status = 1;
            continue;
        }
        st->in_open = 1;
        st->opened = 1;
    }
}

/* Read up to n bytes; returns the count (0 at the end of all input). */
static size_t od_read(od_state *st, unsigned char *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        if (!st->in_open) {
            if (st->cur >= st->nfiles) break;
            const char *name = st->files[st->cur++];
            int r = cmd_open_input(st->c, name, &st->in);
            if (r) {
                txt_error_path(st->c, name, r);
                st->status = 1;
                continue;
            }
            st->in_open = 1;
            st->opened = 1;
        }
        int64_t k = sk_in_read(&st->in, p + got, n - got);
        if (k <= 0) {
            if (k < 0 && k != SK_IO_ABORT) {
                cmd_error(st->c, "%s: read error", st->files[st->cur - 1]);
                st->status = 1;
            }
            cmd_close_input(st->c, &st->in);
            st->in_open = 0;
            if (k == SK_IO_ABORT) break;
            continue;
        }
        got += (size_t)k;
    }
    return got;
}

/* ---- formatting ------------------------------------------------------------ */

static uint64_t load_uint(const od_state *st, const unsigned char *p, int size)
{
    uint64_t v = 0;
    if (st->big_endian)
        for (int i = 0; i < size; i++) v = (v << 8) | p[i];
    else
        for (int i = size - 1; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static void format_float(const od_state *st, const unsigned char *p, int size, char *buf, size_t cap)
{
    unsigned char tmp[16];
    memcpy(tmp, p, (size_t)size);
    if (st->big_endian)
        for (int i = 0; i < size / 2; i++) {
            unsigned char t = tmp[i];
            tmp[i] = tmp[size - 1 - i];
            tmp[size - 1 - i] = t;
        }
    /* the shortest %g that reads back to the same value (gnulib ftoastr) */
    if (size == 4) {
        float f;
        memcpy(&f, tmp, 4);
        for (int prec = 1; prec <= 9; prec++) {
            snprintf(buf, cap, "%.*g", prec, (double)f);
            if (strtof(buf, NULL) == f || f != f) break;
        }
    } else if (size == 8) {
        double d;
        memcpy(&d, tmp, 8);
        for (int prec = 1; prec <= 17; prec++) {
            snprintf(buf, cap, "%.*g", prec, d);
            if (strtod(buf, NULL) == d || d != d) break;
        }
    } else {
        long double ld;
        memset(&ld, 0, sizeof ld);
        memcpy(&ld, tmp, sizeof ld < 16 ? sizeof ld : 16);
        for (int prec = 1; prec <= 21; prec++) {
            snprintf(buf, cap, "%.*Lg", prec, ld);
            if (strtold(buf, NULL) == ld || ld != ld) break;
        }
    }
}

static void print_spec(od_state *st, const od_spec *s, const unsigned char *block, size_t fields, size_t blank)
{
    sk_out *o = &st->c->out;
    int pad_remaining = s->pad_width;
    for (size_t i = fields; blank < i; i--) {
        int next_pad = (int)((size_t)s->pad_width * (i - 1) / fields);
        int w = pad_remaining - next_pad + s->field_width;
        const unsigned char *p = block + (fields - i) * (size_t)s->size;
        char buf[64];
        switch (s->kind) {
        case 'a': {
            int m = *p & 0x7f;
            if (m == 127) snprintf(buf, sizeof buf, "del");
            else if (m <= 040) snprintf(buf, sizeof buf, "%s", charname[m]);
            else snprintf(buf, sizeof buf, "%c", m);
            sk_out_printf(o, "%*s", w, buf);
            break;
        }
        case 'c': {
            unsigned char ch = *p;
            const char *e = NULL;
            switch (ch) {
            case '\0': e = "\\0"; break;
            case '\a': e = "\\a"; break;
            case '\b': e = "\\b"; break;
            case '\f': e = "\\f"; break;
            case '\n': e = "\\n"; break;
            case '\r': e = "\\r"; break;
            case '\t': e = "\\t"; break;
            case '\v': e = "\\v"; break;
            default: break;
            }
            if (e) snprintf(buf, sizeof buf, "%s", e);
            else if (isprint(ch)) snprintf(buf, sizeof buf, "%c", ch);
            else snprintf(buf, sizeof buf, "%03o", ch);
            sk_out_printf(o, "%*s", w, buf);
            break;
        }
        case 'd': {
            uint64_t v = load_uint(st, p, s->size);
            int64_t sv;
            if (s->size < 8 && (v >> (s->size * 8 - 1)) & 1) sv = (int64_t)(v - (1ULL << (s->size * 8)));
            else sv = (int64_t)v;
            sk_out_printf(o, "%*lld", w, (long long)sv);
            break;
        }
        case 'u': sk_out_printf(o, "%*llu", w, (unsigned long long)load_uint(st, p, s->size)); break;
        case 'o':
            sk_out_printf(o, "%*.*llo", w, s->field_width, (unsigned long long)load_uint(st, p, s->size));
            break;
        case 'x':
            sk_out_printf(o, "%*.*llx", w, s->field_width, (unsigned long long)load_uint(st, p, s->size));
            break;
        case 'f':
            format_float(st, p, s->size, buf, sizeof buf);
            sk_out_printf(o, "%*s", w, buf);
            break;
        default: break;
        }
        pad_remaining = next_pad;
    }
}

static void print_address(od_state *st, uint64_t a, char after)
{
    sk_out *o = &st->c->out;
    switch (st->radix) {
    case 'd': sk_out_printf(o, "%0*llu", st->addr_width, (unsigned long long)a); break;
    case 'o': sk_out_printf(o, "%0*llo", st->addr_width, (unsigned long long)a); break;
    case 'x': sk_out_printf(o, "%0*llx", st->addr_width, (unsigned long long)a); break;
    default: return;
    }
    if (after) sk_out_putc(o, after);
}

static void write_block(od_state *st, uint64_t offset, size_t n, const unsigned char *prev, const unsigned char *cur,
                        int *first, int *prev_equal)
{
    if (!st->verbose && !*first && n == st->per_block && !memcmp(prev, cur, st->per_block)) {
        if (!*prev_equal) {
            sk_out_puts(&st->c->out, "*\n");
            *prev_equal = 1;
        }
    } else {
        *prev_equal = 0;
        for (int i = 0; i < st->nspecs; i++) {
            const od_spec *s = &st->specs[i];
            size_t fields = st->per_block / (size_t)s->size;
            size_t blank = (st->per_block - n) / (size_t)s->size;
            if (i == 0) print_address(st, offset, 0);
            else sk_out_printf(&st->c->out, "%*s", st->addr_width, "");
            print_spec(st, s, cur, fields, blank);
            if (s->hexl) {
                int pad = (int)((size_t)s->pad_width * blank / fields);
                sk_out_printf(&st->c->out, "%*s", (int)blank * s->field_width + pad, "");
                sk_out_puts(&st->c->out, "  >");
                for (size_t k = 0; k < n; k++) sk_out_putc(&st->c->out, isprint(cur[k]) ? cur[k] : '.');
                sk_out_putc(&st->c->out, '<');
            }
            sk_out_putc(&st->c->out, '\n');
        }
    }
    *first = 0;
}

static int parse_bytes(sk_cmd *c, const char *arg, uint64_t *out)
{
    /* decimal, 0x hex or 0 octal, with GNU multipliers */
    const char *s = arg;
    char *end;
    unsigned long long v;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) v = strtoull(s, &end, 16);
    else if (s[0] == '0' && s[1]) v = strtoull(s, &end, 8);
    else v = strtoull(s, &end, 10);
    if (end == s || *s == '-') goto bad;
    if (*end) {
        long long mul;
        char tmp[32];
        if (strlen(end) > 8) goto bad;
        snprintf(tmp, sizeof tmp, "1%s", end);
        if (sk_parse_size(tmp, &mul)) goto bad;
        v *= (unsigned long long)mul;
    }
    *out = v;
    return 0;
bad:
    cmd_error(c, "invalid number '%s'", arg);
    return 1;
}

static int dump_strings(od_state *st, uint64_t skip, uint64_t limit, int have_limit, size_t min)
{
    sk_buf buf = SK_BUF_INIT(st->c->a);
    uint64_t address = skip, end = skip + limit;
    unsigned char ch;
    for (;;) {
    tryline:
        if (have_limit && (end < min || end - min <= address)) break;
        sk_buf_clear(&buf);
        size_t i;
        for (i = 0; i < min; i++) {
            if (od_read(st, &ch, 1) != 1) goto out;
            address++;
            if (!isprint(ch)) goto tryline;
            sk_buf_putc(&buf, ch);
        }
        for (;;) {
            if (have_limit && address >= end) break;
            if (od_read(st, &ch, 1) != 1) goto out;
            address++;
            if (ch == 0) break;
            if (!isprint(ch)) goto tryline;
            sk_buf_putc(&buf, ch);
        }
        print_address(st, address - buf.len - 1, ' ');
        for (i = 0; i < buf.len; i++) {
            switch (buf.p[i]) {
            case '\a': sk_out_puts(&st->c->out, "\\a"); break;
            case '\b': sk_out_puts(&st->c->out, "\\b"); break;
            case '\f': sk_out_puts(&st->c->out, "\\f"); break;
            case '\n': sk_out_puts(&st->c->out, "\\n"); break;
            case '\r': sk_out_puts(&st->c->out, "\\r"); break;
            case '\t': sk_out_puts(&st->c->out, "\\t"); break;
            case '\v': sk_out_puts(&st->c->out, "\\v"); break;
            default: sk_out_putc(&st->c->out, buf.p[i]);
            }
        }
        sk_out_putc(&st->c->out, '\n');
        if (cmd_out_failed(st->c) || cmd_aborted(st->c)) break;
    }
out:
    sk_buf_free(&buf);
    return 0;
}

int cmd_od(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_ENDIAN = 0x100, OPT_TRAD };
    static const cmd_longopt longs[] = {
        { "skip-bytes", 1, 'j' }, { "address-radix", 1, 'A' }, { "read-bytes", 1, 'N' },
        { "format", 1, 't' }, { "output-duplicates", 0, 'v' }, { "strings", 2, 'S' },
        { "width", 2, 'w' }, { "endian", 1, OPT_ENDIAN }, { "traditional", 0, OPT_TRAD },
        TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    od_state st;
    memset(&st, 0, sizeof st);
    st.c = c;
    st.radix = 'o';
    st.addr_width = 7;
    uint64_t skip = 0, limit = 0;
    int have_limit = 0, status = 0, strings = 0;
    size_t string_min = 3;
    long width = 16;
    int width_given = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        const char *t = NULL;
        switch (ch) {
        case 'A':
            if (strlen(o.arg) != 1 || !strchr("doxn", o.arg[0])) {
                cmd_error(c, "invalid output address radix '%s'; it must be one character from [doxn]", o.arg);
                status = 1;
                goto done;
            }
            st.radix = o.arg[0];
            st.addr_width = st.radix == 'x' ? 6 : st.radix == 'n' ? 0 : 7;
            break;
        case 'j': if (parse_bytes(c, o.arg, &skip)) { status = 1; goto done; } break;
        case 'N':
            if (parse_bytes(c, o.arg, &limit)) { status = 1; goto done; }
            have_limit = 1;
            break;
        case 'S':
            strings = 1;
            if (o.arg) {
                uint64_t v;
                if (parse_bytes(c, o.arg, &v)) { status = 1; goto done; }
                string_min = (size_t)v;
            }
            break;
        case 't': if (parse_type(&st, o.arg)) { status = 1; goto done; } break;
        case 'v': st.verbose = 1; break;
        case 'w':
            width_given = 1;
            if (o.arg) {
                char *end;
                width = strtol(o.arg, &end, 10);
                if (end == o.arg || *end || width <= 0) {
                    cmd_error(c, "invalid -w argument '%s'", o.arg);
                    status = 1;
                    goto done;
                }
            } else {
                width = 32;
            }
            break;
        case OPT_ENDIAN:
            if (!strcmp(o.arg, "big")) st.big_endian = 1;
            else if (!strcmp(o.arg, "little")) st.big_endian = 0;
            else {
                cmd_error(c, "invalid argument '%s' for '--endian'", o.arg);
                sk_out_puts(&c->err, "Valid arguments are:\n  - 'big'\n  - 'little'\n");
                txt_try_help(c);
                status = 1;
                goto done;
            }
            break;
        case OPT_TRAD: break;
        case 'a': t = "a"; break;
        case 'b': t = "o1"; break;
        case 'c': t = "c"; break;
        case 'd': t = "u2"; break;
        case 'f': t = "fF"; break;
        case 'i': case 'I': t = "dI"; break;
        case 'l': case 'L': t = "dL"; break;
        case 'o': case 'B': t = "o2"; break;
        case 's': t = "d2"; break;
        case 'x': case 'h': t = "x2"; break;
        case 'D': t = "u4"; break;
        case 'e': case 'F': t = "fD"; break;
        case 'H': case 'X': t = "x4"; break;
        case 'O': t = "o4"; break;
        case TXT_OPT_HELP: status = txt_help(c, od_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
        if (t && parse_type(&st, t)) { status = 1; goto done; }
    }
    if (st.nspecs == 0 && add_spec(&st, 'o', 2, 0)) { status = cmd_error(c, "memory exhausted"); goto done; }
    st.nfiles = txt_files(&o, &st.files);
    od_open(&st);

    /* skip */
    {
        unsigned char tmp[4096];
        uint64_t left = skip;
        while (left > 0) {
            size_t want = left < sizeof tmp ? (size_t)left : sizeof tmp;
            size_t got = od_read(&st, tmp, want);
            if (got == 0) break;
            left -= got;
        }
        if (left > 0) {
            cmd_error(c, "cannot skip past end of combined input");
            status = 1;
            goto done;
        }
    }
    if (strings) {
        dump_strings(&st, skip, limit, have_limit, string_min);
        status |= st.status;
        goto done;
    }

    size_t lcm = 1;
    for (int i = 0; i < st.nspecs; i++) {
        size_t a = lcm, b = (size_t)st.specs[i].size;
        while (b) { size_t t2 = a % b; a = b; b = t2; }
        lcm = lcm / a * (size_t)st.specs[i].size;
    }
    if (width_given) {
        if ((size_t)width % lcm) {
            cmd_error(c, "warning: invalid width %ld; using %zu instead", width, lcm);
            width = (long)lcm;
        }
    } else if ((size_t)width % lcm) {
        width = (long)lcm;
    }
    st.per_block = (size_t)width;
    int width_per_block = 0;
    for (int i = 0; i < st.nspecs; i++) {
        int fields = (int)(st.per_block / (size_t)st.specs[i].size);
        int bw = (st.specs[i].field_width + 1) * fields;
        if (width_per_block < bw) width_per_block = bw;
    }
    for (int i = 0; i < st.nspecs; i++) {
        int fields = (int)(st.per_block / (size_t)st.specs[i].size);
        st.specs[i].pad_width = width_per_block - st.specs[i].field_width * fields;
    }

    unsigned char *blocks = sk_malloc(c->a, st.per_block * 2);
    if (!blocks) { status = cmd_error(c, "memory exhausted"); goto done; }
    unsigned char *cur = blocks, *prev = blocks + st.per_block;
    uint64_t offset = skip, left = limit;
    int first = 1, prev_equal = 0;
    for (;;) {
        size_t want = st.per_block;
        if (have_limit && left < want) want = (size_t)left;
        if (want == 0) break;
        size_t got = od_read(&st, cur, want);
        if (got == 0) break;
        if (got < st.per_block) {
            memset(cur + got, 0, st.per_block - got);
            write_block(&st, offset, got, prev, cur, &first, &prev_equal);
            offset += got;
            break;
        }
        write_block(&st, offset, got, prev, cur, &first, &prev_equal);
        offset += got;
        if (have_limit) left -= got;
        unsigned char *t = prev;
        prev = cur;
        cur = t;
        if (cmd_out_failed(c) || cmd_aborted(c)) break;
    }
    /* nothing at all when no input could be opened */
    if (st.radix != 'n' && (st.opened || st.nfiles == 0)) print_address(&st, offset, '\n');
    sk_free(c->a, blocks);
    status |= st.status;
done:
    if (st.in_open) cmd_close_input(c, &st.in);
    sk_free(c->a, st.specs);
    cmd_opts_free(&o, c);
    return status;
}
