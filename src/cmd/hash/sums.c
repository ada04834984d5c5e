/* sums.c — md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum and
 * cksum (GNU coreutils 9.1).  Printing: "HASH  NAME", -b "HASH *NAME",
 * --tag "ALGO (NAME) = HASH", names with a newline or backslash escaped
 * behind a leading '\', -z.  Checking (-c): GNU's line grammar (plain,
 * BSD-tagged, escaped), "NAME: OK/FAILED/FAILED open or read", the WARNING
 * summary, --quiet --status --strict -w --ignore-missing.  cksum: CRC
 * (default), -a bsd|sysv|md5|sha1|sha224|sha256|sha384|sha512. */
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/text.h"
#include "hash.h"

SK_CMD("md5sum", cmd_md5sum, "md5sum [-c] [--tag] [FILE]...: print or check MD5 checksums");
SK_CMD("sha1sum", cmd_sha1sum, "sha1sum [-c] [--tag] [FILE]...: print or check SHA-1 checksums");
SK_CMD("sha224sum", cmd_sha224sum, "sha224sum [-c] [--tag] [FILE]...: print or check SHA-224 checksums");
SK_CMD("sha256sum", cmd_sha256sum, "sha256sum [-c] [--tag] [FILE]...: print or check SHA-256 checksums");
SK_CMD("sha384sum", cmd_sha384sum, "sha384sum [-c] [--tag] [FILE]...: print or check SHA-384 checksums");
SK_CMD("sha512sum", cmd_sha512sum, "sha512sum [-c] [--tag] [FILE]...: print or check SHA-512 checksums");
SK_CMD("cksum", cmd_cksum, "cksum [-a ALGO] [-c] [FILE]...: CRC checksum and byte count (or -a md5/sha256/...)");

enum { ALG_CRC = 100, ALG_BSD, ALG_SYSV };

typedef struct sum_opts {
    const hash_algo *algo;     /* NULL for the cksum CRC family */
    int special;               /* ALG_CRC / ALG_BSD / ALG_SYSV */
    int is_cksum;
    int binary, tag, zero;
    int check, quiet, status, strict, warn, ignore_missing;
} sum_opts;

static const char *const sum_usage_fmt =
    "Usage: %s [OPTION]... [FILE]...\n"
    "Print or check %s checksums.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "  -b, --binary         read in binary mode\n"
    "  -c, --check          read checksums from the FILEs and check them\n"
    "      --tag            create a BSD-style checksum\n"
    "  -t, --text           read in text mode (default)\n"
    "  -z, --zero           end each output line with NUL, not newline,\n"
    "                       and disable file name escaping\n"
    "\n"
    "The following five options are useful only when verifying checksums:\n"
    "      --ignore-missing  don't fail or report status for missing files\n"
    "      --quiet          don't print OK for each successfully verified file\n"
    "      --status         don't output anything, status code shows success\n"
    "      --strict         exit non-zero for improperly formatted checksum lines\n"
    "  -w, --warn           warn about improperly formatted checksum lines\n"
    "\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

/* ---- computing ----------------------------------------------------------- */

typedef struct sum_result {
    unsigned char digest[64];
    uint32_t crc;          /* CRC, bsd or sysv checksum */
    uint64_t bytes;
} sum_result;

static int compute(sk_cmd *c, const sum_opts *op, const char *name, sum_result *res)
{
    sk_in in;
    int r = cmd_open_input(c, name, &in);
    if (r) return r;
    hash_ctx ctx;
    if (op->algo) op->algo->init(&ctx);
    uint32_t crc = 0, bsd = 0, sysv = 0;
    uint64_t total = 0;
    char buf[16384];
    int64_t n;
    while ((n = sk_in_read(&in, buf, sizeof buf)) > 0) {
        total += (uint64_t)n;
        if (op->algo) op->algo->update(&ctx, buf, (size_t)n);
        else if (op->special == ALG_CRC) crc = hash_crc_update(crc, buf, (size_t)n);
        else if (op->special == ALG_BSD) {
            for (int64_t i = 0; i < n; i++) {
                bsd = (bsd >> 1) + ((bsd & 1) << 15);
                bsd = (bsd + (unsigned char)buf[i]) & 0xffff;
            }
        } else {
            for (int64_t i = 0; i < n; i++) sysv += (unsigned char)buf[i];
        }
        if (cmd_aborted(c)) break;
    }
    cmd_close_input(c, &in);
    if (n < 0) return n == SK_IO_ABORT ? SK_ERROR : SK_EIO;
    res->bytes = total;
    if (op->algo) op->algo->final(&ctx, res->digest);
    else if (op->special == ALG_CRC) res->crc = hash_crc_final(crc, total);
    else if (op->special == ALG_BSD) res->crc = bsd;
    else {
        uint32_t rr = (sysv & 0xffff) + (sysv >> 16);
        res->crc = (rr & 0xffff) + (rr >> 16);
    }
    return 0;
}

static void put_hex(sk_out *o, const unsigned char *d, int n)
{
    static const char hx[] = "0123456789abcdef";
    for (int i = 0; i < n; i++) {
        sk_out_putc(o, hx[d[i] >> 4]);
        sk_out_putc(o, hx[d[i] & 15]);
    }
}

/* A file name for output: escaped (\\ and \n) unless -z; returns whether
 * escaping was needed (the line then starts with a backslash). */
static int needs_escape(const sum_opts *op, const char *name)
{
    return !op->zero && (strchr(name, '\n') || strchr(name, '\\'));
}

static void put_name(sk_out *o, const char *name, int escape)
{
    for (const char *p = name; *p; p++) {
        if (escape && *p == '\\') sk_out_puts(o, "\\\\");
        else if (escape && *p == '\n') sk_out_puts(o, "\\n");
        else sk_out_putc(o, *p);
    }
}

static void print_sum(sk_cmd *c, const sum_opts *op, const char *name, const sum_result *r, int show_name)
{
    sk_out *o = &c->out;
    if (!op->algo) {
        if (op->special == ALG_CRC) sk_out_printf(o, "%u %llu", r->crc, (unsigned long long)r->bytes);
        else if (op->special == ALG_BSD)
            sk_out_printf(o, "%05u %5llu", r->crc, (unsigned long long)((r->bytes + 1023) / 1024));
        else sk_out_printf(o, "%u %llu", r->crc, (unsigned long long)((r->bytes + 511) / 512));
        if (show_name) sk_out_printf(o, " %s", name);
        sk_out_putc(o, op->zero ? 0 : '\n');
        return;
    }
    int esc = needs_escape(op, name);
    if (esc) sk_out_putc(o, '\\');
    if (op->tag) {
        sk_out_printf(o, "%s (", op->algo->tag);
        put_name(o, name, esc);
        sk_out_puts(o, ") = ");
        put_hex(o, r->digest, op->algo->digest_len);
    } else {
        put_hex(o, r->digest, op->algo->digest_len);
        sk_out_putc(o, ' ');
        sk_out_putc(o, op->binary ? '*' : ' ');
        put_name(o, name, esc);
    }
    sk_out_putc(o, op->zero ? 0 : '\n');
}

/* ---- checking ------------------------------------------------------------- */

static int is_white(char ch) { return ch == ' ' || ch == '\t'; }

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* Undo the \\ and \n escapes in place; returns 0, or -1 when malformed. */
static int unescape(char *s, size_t len)
{
    char *dst = s;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\\') {
            if (i + 1 >= len) return -1;
            i++;
            if (s[i] == '\\') *dst++ = '\\';
            else if (s[i] == 'n') *dst++ = '\n';
            else return -1;
        } else {
            if (s[i] == '\0') return -1;
            *dst++ = s[i];
        }
    }
    *dst = 0;
    return 0;
}

typedef struct parsed {
    const char *hex;
    size_t hexlen;
    char *name;
    const hash_algo *algo;
} parsed;

/* GNU split_3: one line (NUL-terminated copy in s, length n).  For cksum,
 * the algorithm comes from the tag.  Returns 1 when well formed. */
static int split_line(const sum_opts *op, char *s, size_t n, int *bsd_reversed, parsed *out)
{
    size_t i = 0;
    int escaped = 0;
    while (is_white(s[i])) i++;
    if (s[i] == '\\') {
        i++;
        escaped = 1;
    }
    const hash_algo *algo = op->algo;
    size_t tl = 0;
    if (op->is_cksum) {
        static const char *const names[] = { "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512" };
        static const char *const algs[] = { "md5", "sha1", "sha224", "sha256", "sha384", "sha512" };
        algo = NULL;
        for (int k = 0; k < 6; k++) {
            size_t l = strlen(names[k]);
            if (!strncmp(s + i, names[k], l) && (s[i + l] == ' ' || s[i + l] == '(')) {
                algo = hash_find(algs[k]);
                tl = l;
            }
        }
        if (!algo) return 0;
    } else {
        tl = strlen(algo->tag);
        if (strncmp(s + i, algo->tag, tl)) tl = 0;
    }
    out->algo = algo;
    if (tl) {
        i += tl;
        if (s[i] == ' ') i++;
        if (s[i] != '(') return 0;
        i++;
        /* BSD form: NAME) = HEX, the name ends at the last ')' */
        char *b = s + i;
        size_t bl = n - i;
        if (bl == 0) return 0;
        size_t k = bl - 1;
        while (k && b[k] != ')') k--;
        if (b[k] != ')') return 0;
        char *name = b;
        size_t namelen = k;
        k++;
        while (is_white(b[k])) k++;
        if (b[k] != '=') return 0;
        k++;
        while (is_white(b[k])) k++;
        out->hex = b + k;
        out->hexlen = strlen(b + k);
        name[namelen] = 0;
        if (escaped && unescape(name, namelen)) return 0;
        out->name = name;
        return 1;
    }
    if (op->is_cksum) return 0;
    size_t hexlen = (size_t)algo->digest_len * 2;
    if (n - i < hexlen + 2 + (s[i] == '\\')) return 0;
    out->hex = s + i;
    out->hexlen = hexlen;
    i += hexlen;
    if (!is_white(s[i])) return 0;
    s[i++] = 0;
    for (size_t k = 0; k < hexlen; k++)
        if (hexval((unsigned char)out->hex[k]) < 0) return 0;
    if (n - i == 1 || (s[i] != ' ' && s[i] != '*')) {
        if (*bsd_reversed == 0) return 0;
        *bsd_reversed = 1;
    } else if (*bsd_reversed != 1) {
        *bsd_reversed = 0;
        i++;
    }
    out->name = s + i;
    if (escaped && unescape(s + i, n - i)) return 0;
    return 1;
}

static int check_file(sk_cmd *c, const sum_opts *op, const char *listname, unsigned long *mismatch,
                      unsigned long *readfail, unsigned long *badlines, int *ok_any)
{
    sk_in in;
    int r = cmd_open_input(c, listname, &in);
    const char *shown = strcmp(listname, "-") ? listname : "standard input";
    sk_buf qb = SK_BUF_INIT(c->a);
    if (r) {
        txt_quotef(shown, &qb);
        cmd_error(c, "%s: %s", sk_buf_cstr(&qb), sk_status_message(r));
        sk_buf_free(&qb);
        return 1;
    }
    sk_buf line = SK_BUF_INIT(c->a);
    int bsd_reversed = -1, properly = 0, matched_missing_all = 1, verified = 0;
    unsigned long lineno = 0;
    int delim = op->zero ? 0 : '\n';
    while ((r = sk_in_getline(&in, &line, delim)) > 0) {
        lineno++;
        size_t n = line.len;
        if (n && line.p[n - 1] == (char)delim) n--;
        if (n && line.p[n - 1] == '\r') n--;
        line.p[n] = 0;
        if (line.p[0] == '#') continue;
        parsed pl;
        memset(&pl, 0, sizeof pl);
        int good = split_line(op, line.p, n, &bsd_reversed, &pl) && pl.hexlen == (size_t)pl.algo->digest_len * 2;
        if (good)
            for (size_t k = 0; k < pl.hexlen; k++)
                if (hexval((unsigned char)pl.hex[k]) < 0) good = 0;
        if (!good) {
            (*badlines)++;
            if (op->warn) {
                txt_quotef(shown, &qb);
                cmd_error(c, "%s: %lu: improperly formatted %s checksum line", sk_buf_cstr(&qb), lineno,
                          op->is_cksum ? "" : op->algo->tag);
            }
            continue;
        }
        properly = 1;
        sum_opts one = *op;
        one.algo = pl.algo;
        sum_result res;
        int st = compute(c, &one, pl.name, &res);
        int esc = needs_escape(op, pl.name);
        if (st) {
            if (st == SK_ENOENT && op->ignore_missing) continue;
            matched_missing_all = 0;
            txt_quotef(pl.name, &qb);
            cmd_error(c, "%s: %s", sk_buf_cstr(&qb), sk_status_message(st));
            (*readfail)++;
            if (!op->status) {
                if (esc) sk_out_putc(&c->out, '\\');
                put_name(&c->out, pl.name, esc);
                sk_out_puts(&c->out, ": FAILED open or read\n");
            }
            continue;
        }
        matched_missing_all = 0;
        verified = 1;
        int match = 1;
        for (int k = 0; k < pl.algo->digest_len; k++) {
            int hi = hexval((unsigned char)pl.hex[2 * k]), lo = hexval((unsigned char)pl.hex[2 * k + 1]);
            if (((hi << 4) | lo) != res.digest[k]) match = 0;
        }
        if (!match) (*mismatch)++;
        if (!op->status && (!match || !op->quiet)) {
            if (esc) sk_out_putc(&c->out, '\\');
            put_name(&c->out, pl.name, esc);
            sk_out_puts(&c->out, match ? ": OK\n" : ": FAILED\n");
        }
        if (cmd_out_failed(c) || cmd_aborted(c)) break;
    }
    cmd_close_input(c, &in);
    sk_buf_free(&line);
    int status = 0;
    if (!properly) {
        txt_quotef(shown, &qb);
        cmd_error(c, "%s: no properly formatted checksum lines found", sk_buf_cstr(&qb));
        status = 1;
    } else if (op->ignore_missing && !verified && matched_missing_all) {
        txt_quotef(shown, &qb);
        if (!op->status) cmd_error(c, "%s: no file was verified", sk_buf_cstr(&qb));
        status = 1;
    }
    sk_buf_free(&qb);
    *ok_any |= properly;
    return status;
}

static int sum_main(sk_cmd *c, int argc, char **argv, const char *algname)
{
    enum { OPT_TAG = 0x100, OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_IGNMISS, OPT_UNTAGGED, OPT_DEBUG };
    static const cmd_longopt longs[] = {
        { "binary", 0, 'b' }, { "check", 0, 'c' }, { "tag", 0, OPT_TAG }, { "text", 0, 't' },
        { "zero", 0, 'z' }, { "ignore-missing", 0, OPT_IGNMISS }, { "quiet", 0, OPT_QUIET },
        { "status", 0, OPT_STATUS }, { "strict", 0, OPT_STRICT }, { "warn", 0, 'w' },
        { "algorithm", 1, 'a' }, { "untagged", 0, OPT_UNTAGGED }, { "length", 1, 'l' },
        { "debug", 0, OPT_DEBUG }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    sum_opts op;
    memset(&op, 0, sizeof op);
    int is_cksum = algname == NULL;
    op.is_cksum = is_cksum;
    if (is_cksum) op.special = ALG_CRC;
    else op.algo = hash_find(algname);
    int status = 0, untagged = 0, text_set = 0, algo_given = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, is_cksum ? "a:cl:wz" : "bctwz", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': op.binary = 1; break;
        case 't': op.binary = 0; text_set = 1; break;
        case 'c': op.check = 1; break;
        case 'z': op.zero = 1; break;
        case 'w': op.warn = 1; break;
        case OPT_TAG: op.tag = 1; untagged = 0; break;
        case OPT_UNTAGGED: untagged = 1; break;
        case OPT_QUIET: op.quiet = 1; break;
        case OPT_STATUS: op.status = 1; break;
        case OPT_STRICT: op.strict = 1; break;
        case OPT_IGNMISS: op.ignore_missing = 1; break;
        case OPT_DEBUG: break;
        case 'l': break;
        case 'a':
            algo_given = 1;
            if (!strcmp(o.arg, "crc")) { op.algo = NULL; op.special = ALG_CRC; }
            else if (!strcmp(o.arg, "bsd")) { op.algo = NULL; op.special = ALG_BSD; }
            else if (!strcmp(o.arg, "sysv")) { op.algo = NULL; op.special = ALG_SYSV; }
            else if (hash_find(o.arg)) { op.algo = hash_find(o.arg); op.special = 0; }
            else {
                if (!strcmp(o.arg, "blake2b") || !strcmp(o.arg, "sm3"))
                    cmd_error(c, "the %s algorithm is not supported here", o.arg);
                else {
                    cmd_error(c, "invalid argument '%s' for '--algorithm'", o.arg);
                    sk_out_puts(&c->err, "Valid arguments are:\n  - 'bsd'\n  - 'sysv'\n  - 'crc'\n  - 'md5'\n"
                                         "  - 'sha1'\n  - 'sha224'\n  - 'sha256'\n  - 'sha384'\n  - 'sha512'\n"
                                         "  - 'blake2b'\n  - 'sm3'\n");
                    txt_try_help(c);
                }
                status = 1;
                goto done;
            }
            break;
        case TXT_OPT_HELP: {
            sk_out_printf(&c->out, sum_usage_fmt, c->name, is_cksum ? "CRC" : op.algo->tag);
            goto done;
        }
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default: status = txt_opts_error(&o, c, ch, 1); goto done;
        }
    }
    if (is_cksum && op.algo) op.tag = !untagged;
    if (op.tag && op.check && !is_cksum) {
        cmd_error(c, "the --tag option is meaningless when verifying checksums");
        txt_try_help(c);
        status = 1;
        goto done;
    }
    if (op.tag && text_set && op.binary == 0 && !is_cksum) {
        cmd_error(c, "--tag does not support --text mode");
        txt_try_help(c);
        status = 1;
        goto done;
    }
    if (op.check && is_cksum && !op.algo) {
        if (algo_given) {
            cmd_error(c, "--check is not supported with --algorithm={bsd,sysv,crc}");
            status = 1;
            goto done;
        }
        op.algo = hash_find("md5");   /* the lines name their own algorithm */
    }
    if (!op.check) {
        const char *bad = op.ignore_missing ? "--ignore-missing" : op.status ? "--status" : op.warn ? "--warn"
                        : op.quiet ? "--quiet" : op.strict ? "--strict" : NULL;
        if (bad) {
            cmd_error(c, "the %s option is meaningful only when verifying checksums", bad);
            txt_try_help(c);
            status = 1;
            goto done;
        }
    }
    char **files;
    int nops = cmd_opts_operands(&o, &files);
    static char *const dash[] = { "-" };
    if (nops == 0) files = (char **)dash;
    int nfiles = nops ? nops : 1;
    if (op.check) {
        unsigned long mismatch = 0, readfail = 0, badlines = 0;
        int ok_any = 0;
        for (int i = 0; i < nfiles; i++) status |= check_file(c, &op, files[i], &mismatch, &readfail, &badlines, &ok_any);
        if (!op.status) {
            sk_out_flush(&c->out);
            if (badlines && ok_any)
                cmd_error(c, "WARNING: %lu line%s improperly formatted", badlines, badlines == 1 ? " is" : "s are");
            if (readfail)
                cmd_error(c, "WARNING: %lu listed file%s could not be read", readfail,
                          readfail == 1 ? "" : "s");
            if (mismatch)
                cmd_error(c, "WARNING: %lu computed checksum%s did NOT match", mismatch,
                          mismatch == 1 ? "" : "s");
        }
        if (mismatch || readfail || (op.strict && badlines)) status = 1;
        goto done;
    }
    sk_buf qb = SK_BUF_INIT(c->a);
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        sum_result res;
        int r = compute(c, &op, files[i], &res);
        if (r) {
            txt_quotef(files[i], &qb);
            cmd_error(c, "%s: %s", sk_buf_cstr(&qb), sk_status_message(r));
            status = 1;
            continue;
        }
        print_sum(c, &op, files[i], &res, nops > 0);
    }
    sk_buf_free(&qb);
done:
    cmd_opts_free(&o, c);
    return status;
}

int cmd_md5sum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, "md5"); }
int cmd_sha1sum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, "sha1"); }
int cmd_sha224sum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, "sha224"); }
int cmd_sha256sum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, "sha256"); }
int cmd_sha384sum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, "sha384"); }
int cmd_sha512sum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, "sha512"); }
int cmd_cksum(sk_cmd *c, int argc, char **argv) { return sum_main(c, argc, argv, NULL); }
