/* xxd.c — xxd (vim, 2022-01-14): hex dumps and their reverse.
 *
 * Normal dumps (-c -g -u -e -b -d -o -a), plain (-p), C include (-i, -n,
 * -C), -s/-l, and -r / -r -p to turn dumps back into bytes, with xxd's
 * exact column arithmetic and its option syntax (-c8, -c 8, -cols 8,
 * -ps ...).  Output to an OUTFILE operand or stdout. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "text.h"

SK_CMD("xxd", cmd_xxd, "xxd [-p|-i|-b|-e] [-c COLS] [-g N] [-s SEEK] [-l LEN] [-u] [-r] [INFILE [OUTFILE]]: hex dump or reverse");

static const char xxd_usage[] =
    "Usage:\n"
    "       xxd [options] [infile [outfile]]\n"
    "    or\n"
    "       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]\n"
    "Options:\n"
    "    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.\n"
    "    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.\n"
    "    -C          capitalize variable names in C include file style (-i).\n"
    "    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).\n"
    "    -E          show characters in EBCDIC. Default ASCII.\n"
    "    -e          little-endian dump (incompatible with -ps,-i,-r).\n"
    "    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).\n"
    "    -h          print this summary.\n"
    "    -i          output in C include file style.\n"
    "    -l len      stop after <len> octets.\n"
    "    -n name     set the variable name used in C include output (-i).\n"
    "    -o off      add <off> to the displayed file position.\n"
    "    -ps         output in postscript plain hexdump style.\n"
    "    -r          reverse operation: convert (or patch) hexdump into binary.\n"
    "    -r -s off   revert with <off> added to file positions found in hexdump.\n"
    "    -d          show offset in decimal instead of hex.\n"
    "    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.\n"
    "    -u          use upper case hex letters.\n"
    "    -v          show version: \"xxd 2022-01-14 by Juergen Weigert et al.\".\n";

enum { HEX_NORMAL, HEX_POSTSCRIPT, HEX_CINCLUDE, HEX_BITS, HEX_LITTLEENDIAN };

typedef struct xxd_opts {
    int type, autoskip, upper, decimal, revert, capitalize;
    long cols, group, length, seek, displayoff;
    int cols_set, group_set, seek_set, seek_rel, seek_neg;
    const char *name;
} xxd_opts;

typedef struct xxd_out {
    sk_out *o;
    /* autoskip state (xxdline) */
    char z[2048];
    int zero_seen;
} xxd_out;

static int usage(sk_cmd *c)
{
    sk_out_flush(&c->out);
    sk_out_puts(&c->err, xxd_usage);
    return 1;
}

/* xxd's option matching: -c, -cols ... (a unique prefix of the long name). */
static int opt_is(const char *arg, const char *name, size_t min)
{
    size_t n = strlen(arg + 1);
    return n >= min && !strncmp(arg + 1, name, n);
}

static void xxdline(xxd_out *x, const char *l, int nz)
{
    if (!nz && x->zero_seen == 1) snprintf(x->z, sizeof x->z, "%s", l);
    if (nz || !x->zero_seen++) {
        if (nz) {
            if (nz < 0) x->zero_seen--;
            if (x->zero_seen == 2) sk_out_puts(x->o, x->z);
            if (x->zero_seen > 2) sk_out_puts(x->o, "*\n");
        }
        if (nz >= 0 || x->zero_seen > 0) sk_out_puts(x->o, l);
        if (nz) x->zero_seen = 0;
    }
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* xxd -r: the huntype state machine over the whole input. */
static int revert(sk_cmd *c, const char *in, size_t n, sk_out *o, const xxd_opts *op)
{
    int ps = op->type == HEX_POSTSCRIPT;
    long cols = op->cols_set ? op->cols : ps ? 30 : 16;
    int ign_garb = 1, n1 = -1, n2 = 0, n3;
    long p = cols, have_off = 0, want_off = 0, base_off = op->seek_set ? op->seek : 0;
    for (size_t i = 0; i < n; i++) {
        int ch = (unsigned char)in[i];
        if (ch == '\r') continue;
        if (ps && (ch == ' ' || ch == '\n' || ch == '\t')) continue;
        n3 = n2;
        n2 = n1;
        n1 = hexval(ch);
        if (n1 == -1 && ign_garb) continue;
        ign_garb = 0;
        if (!ps && p >= cols) {
            if (n1 < 0) {
                p = 0;
                continue;
            }
            want_off = (want_off << 4) | n1;
            continue;
        }
        if (base_off + want_off != have_off) {
            if (base_off + want_off < have_off) {
                cmd_error(c, "Sorry, cannot seek backwards.");
                return 5;
            }
            for (; have_off < base_off + want_off; have_off++) sk_out_putc(o, 0);
        }
        if (n2 >= 0 && n1 >= 0) {
            sk_out_putc(o, (n2 << 4) | n1);
            have_off++;
            want_off++;
            n1 = -1;
            if (!ps && ++p >= cols) {
                /* skip the rest of the line as garbage */
                while (i + 1 < n && in[i + 1] != '\n') i++;
                if (i + 1 < n) ch = in[++i];
            }
        } else if (n1 < 0 && n2 < 0 && n3 < 0) {
            /* already stumbled into garbage: skip the line */
            while (i + 1 < n && in[i + 1] != '\n' && ch != '\n') i++;
            if (ch != '\n' && i + 1 < n) ch = in[++i];
        }
        if (ch == '\n') {
            if (!ps) want_off = 0;
            p = cols;
            ign_garb = 1;
        }
    }
    return 0;
}

static int dump(sk_cmd *c, const unsigned char *d, size_t n, sk_out *o, const xxd_opts *op, long start_off,
                const char *fname)
{
    const char *hexx = op->upper ? "0123456789ABCDEF" : "0123456789abcdef";
    if (op->type == HEX_POSTSCRIPT) {
        long cols = op->cols_set ? op->cols : 30;
        long p = cols;
        for (size_t i = 0; i < n; i++) {
            sk_out_putc(o, hexx[d[i] >> 4]);
            sk_out_putc(o, hexx[d[i] & 15]);
            if (cols && !--p) {
                sk_out_putc(o, '\n');
                p = cols;
            }
        }
        if (cols ? p < cols : n > 0) sk_out_putc(o, '\n');
        return 0;
    }
    if (op->type == HEX_CINCLUDE) {
        long cols = op->cols_set ? op->cols : 12;
        char name[512];
        if (fname) {
            const char *src = op->name ? op->name : fname;
            size_t k = 0;
            if (!op->name && isdigit((unsigned char)src[0])) { name[k++] = '_'; name[k++] = '_'; }
            for (; *src && k + 1 < sizeof name; src++) {
                unsigned char ch = (unsigned char)*src;
                if (op->name) name[k++] = (char)ch;
                else name[k++] = (char)(isalnum(ch) ? (op->capitalize ? toupper(ch) : ch) : '_');
            }
            name[k] = 0;
            sk_out_printf(o, "unsigned char %s[] = {\n", name);
        }
        for (size_t i = 0; i < n; i++) {
            if (i % (size_t)(cols ? cols : 12) == 0) sk_out_puts(o, i ? ",\n  " : "  ");
            else sk_out_puts(o, ", ");
            sk_out_printf(o, op->upper ? "0X%c%c" : "0x%c%c", hexx[d[i] >> 4], hexx[d[i] & 15]);
        }
        if (n) sk_out_putc(o, '\n');
        if (fname) {
            sk_out_puts(o, "};\n");
            sk_out_printf(o, "unsigned int %s_%s = %zu;\n", name, op->capitalize ? "LEN" : "len", n);
        }
        return 0;
    }
    int bits = op->type == HEX_BITS, le = op->type == HEX_LITTLEENDIAN;
    long cols = op->cols_set ? op->cols : bits ? 6 : 16;
    long octspergrp = op->group_set ? op->group : bits ? 1 : le ? 4 : 2;
    if (octspergrp < 1 || octspergrp > cols) octspergrp = cols;
    long grplen = bits ? 8 * octspergrp + 1 : 2 * octspergrp + 1;
    char l[2048];
    xxd_out x;
    memset(&x, 0, sizeof x);
    x.o = o;
    long p = 0, addrlen = 9, c_pos = 0;
    int nonzero = 0;
    size_t llen = sizeof l - 2;
    for (size_t i = 0; i < n; i++) {
        unsigned e = d[i];
        if (p == 0) {
            unsigned long addr = (unsigned long)((long)i + start_off + op->displayoff);
            int k = snprintf(l, sizeof l, op->decimal ? "%08lu:" : "%08lx:", addr);
            addrlen = k;
            for (size_t q = (size_t)k; q < llen; q++) l[q] = ' ';
        }
        long xpos = le ? (p ^ (octspergrp - 1)) : p;
        c_pos = addrlen + 1 + (grplen * xpos) / octspergrp;
        if (!bits) {
            l[c_pos] = hexx[(e >> 4) & 15];
            l[++c_pos] = hexx[e & 15];
        } else {
            for (int b = 7; b >= 0; b--) l[c_pos++] = (e >> b) & 1 ? '1' : '0';
        }
        if (e) nonzero++;
        l[addrlen + 3 + (grplen * cols - 1) / octspergrp + p] = (e > 31 && e < 127) ? (char)e : '.';
        if (++p == cols) {
            long at = addrlen + 3 + (grplen * cols - 1) / octspergrp + p;
            l[at] = '\n';
            l[at + 1] = 0;
            xxdline(&x, l, op->autoskip ? nonzero : 1);
            nonzero = 0;
            p = 0;
            if (cmd_out_failed(c)) return 0;
        }
    }
    if (p) {
        long at = addrlen + 3 + (grplen * cols - 1) / octspergrp + p;
        l[at] = '\n';
        l[at + 1] = 0;
        xxdline(&x, l, 1);
    } else if (op->autoskip && n) {
        xxdline(&x, l, -1);
    }
    return 0;
}

static int parse_num(sk_cmd *c, const char *s, long *v)
{
    char *end;
    *v = strtol(s, &end, 0);
    (void)c;
    return end == s;
}

int cmd_xxd(sk_cmd *c, int argc, char **argv)
{
    xxd_opts op;
    memset(&op, 0, sizeof op);
    op.length = -1;
    const char *files[2] = { NULL, NULL };
    int nfiles = 0;
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            if (nfiles == 2) return usage(c);
            files[nfiles++] = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            for (i++; i < argc; i++) {
                if (nfiles == 2) return usage(c);
                files[nfiles++] = argv[i];
            }
            break;
        }
        /* options that take a value: attached or next argument */
        const char *val = NULL;
        char key = 0;
        if (a[1] == 'c' && (a[2] == 0 || isdigit((unsigned char)a[2]) || opt_is(a, "cols", 2))) key = 'c';
        else if (a[1] == 'g' && (a[2] == 0 || isdigit((unsigned char)a[2]) || opt_is(a, "groupsize", 2))) key = 'g';
        else if (a[1] == 'l' && (a[2] == 0 || isdigit((unsigned char)a[2]) || opt_is(a, "len", 2))) key = 'l';
        else if (a[1] == 'o' && (a[2] == 0 || isdigit((unsigned char)a[2]) || opt_is(a, "offset", 2))) key = 'o';
        else if (a[1] == 's' && (a[2] == 0 || strchr("+-0123456789", a[2]) || opt_is(a, "seek", 2))) key = 's';
        else if (a[1] == 'n' && (a[2] == 0 || opt_is(a, "name", 2))) key = 'n';
        if (key) {
            if (a[2] && (isdigit((unsigned char)a[2]) || (key == 's' && strchr("+-", a[2])))) val = a + 2;
            else if (i + 1 < argc) val = argv[++i];
            else return usage(c);
            long v = 0;
            switch (key) {
            case 'c':
                if (parse_num(c, val, &v)) return usage(c);
                op.cols = v;
                op.cols_set = 1;
                break;
            case 'g':
                if (parse_num(c, val, &v)) return usage(c);
                op.group = v;
                op.group_set = 1;
                break;
            case 'l':
                if (parse_num(c, val, &v)) return usage(c);
                op.length = v;
                break;
            case 'o':
                if (parse_num(c, val, &v)) return usage(c);
                op.displayoff = v;
                break;
            case 's': {
                const char *s = val;
                if (*s == '+') { op.seek_rel = 1; s++; }
                if (*s == '-') { op.seek_neg = 1; s++; }
                if (parse_num(c, s, &v)) return usage(c);
                op.seek = v;
                op.seek_set = 1;
                break;
            }
            case 'n': op.name = val; break;
            default: break;
            }
            continue;
        }
        if (opt_is(a, "autoskip", 1)) op.autoskip = !op.autoskip;
        else if (opt_is(a, "bits", 1)) op.type = HEX_BITS;
        else if (!strcmp(a, "-e")) op.type = HEX_LITTLEENDIAN;
        else if (opt_is(a, "uppercase", 1)) op.upper = 1;
        else if (opt_is(a, "ps", 1) || opt_is(a, "postscript", 2) || opt_is(a, "plain", 2)) op.type = HEX_POSTSCRIPT;
        else if (opt_is(a, "include", 1)) op.type = HEX_CINCLUDE;
        else if (!strcmp(a, "-C") || opt_is(a, "capitalize", 2)) op.capitalize = 1;
        else if (!strcmp(a, "-d")) op.decimal = 1;
        else if (opt_is(a, "revert", 1)) op.revert = 1;
        else if (opt_is(a, "version", 1)) {
            sk_out_flush(&c->out);
            sk_out_puts(&c->err, "xxd 2022-01-14 by Juergen Weigert et al.\n");
            return 0;
        } else if (opt_is(a, "help", 1)) {
            return usage(c);
        } else if (!strcmp(a, "-E") || opt_is(a, "EBCDIC", 2)) {
            cmd_error(c, "EBCDIC output is not supported");
            return 1;
        } else {
            return usage(c);
        }
    }
    if (op.cols_set) {
        if (op.type == HEX_POSTSCRIPT ? op.cols < 0 : (op.cols < 1 && op.type != HEX_CINCLUDE)) {
            if (!(op.type != HEX_POSTSCRIPT && op.cols == 0)) return usage(c);
        }
        if (op.type != HEX_POSTSCRIPT && op.cols > 256) {
            cmd_error(c, "invalid number of columns (max. 256).");
            return 1;
        }
        if (op.cols == 0 && op.type != HEX_POSTSCRIPT) op.cols_set = 0;
    }
    if (op.type == HEX_LITTLEENDIAN && op.group_set && op.group && (op.group & (op.group - 1))) {
        cmd_error(c, "number of octets per group must be a power of 2 with -e.");
        return 1;
    }
    if (op.group_set && op.group == 0) op.group = op.cols_set ? op.cols : op.type == HEX_BITS ? 6 : 16;
    const char *inname = files[0] && strcmp(files[0], "-") ? files[0] : NULL;
    sk_buf data = SK_BUF_INIT(c->a);
    int r = cmd_read_all(c, inname ? inname : "-", &data);
    if (r) {
        sk_buf_free(&data);
        cmd_error(c, "%s: %s", files[0] ? files[0] : "-", sk_status_message(r));
        return 2;
    }
    sk_stream *os = NULL;
    sk_out fo;
    char fobuf[4096];
    sk_out *o = &c->out;
    if (nfiles == 2 && strcmp(files[1], "-")) {
        r = txt_open_output(c, files[1], 0, &os);
        if (r) {
            sk_buf_free(&data);
            cmd_error(c, "%s: %s", files[1], sk_status_message(r));
            return 3;
        }
        sk_out_init(&fo, c->a, os, fobuf, sizeof fobuf);
        o = &fo;
    }
    int status = 0;
    if (op.revert) {
        status = revert(c, data.p, data.len, o, &op);
    } else {
        size_t start = 0;
        if (op.seek_set) {
            if (op.seek_neg) {
                if (!inname) {
                    cmd_error(c, "Sorry, cannot seek.");
                    status = 4;
                    goto out;
                }
                start = (size_t)op.seek <= data.len ? data.len - (size_t)op.seek : 0;
            } else {
                if (!inname && (size_t)op.seek > data.len) {
                    /* xxd reads its way forward on a pipe */
                    cmd_error(c, "Sorry, cannot seek.");
                    status = 4;
                    goto out;
                }
                start = (size_t)op.seek < data.len ? (size_t)op.seek : data.len;
            }
        }
        size_t n = data.len - start;
        if (op.length >= 0 && (size_t)op.length < n) n = (size_t)op.length;
        status = dump(c, (unsigned char *)data.p + start, n, o, &op, (long)start, inname);
    }
out:
    if (os) {
        sk_out_flush(&fo);
        txt_close_output(c, os);
    }
    sk_buf_free(&data);
    return status;
}
