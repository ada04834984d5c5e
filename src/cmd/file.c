/* file.c — file: guess file types from contents (a small magic table in
 * the wording of file 5.44: text encodings and line terminators, scripts
 * by interpreter, JSON/HTML/XML, and the common binary signatures).
 * Reads at most the first MiB of each file.  Like file, a missing file is
 * reported on stdout and is not an error. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "fsutil.h"

SK_CMD("file", cmd_file, "file [-bLi] [--mime-type] FILE...: guess the type of each file from its contents");

#define FILE_READ_MAX (1u << 20)

typedef struct fres {
    sk_buf desc;
    const char *mime;
    const char *charset;
} fres;

static uint32_t le16(const unsigned char *p) { return p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const unsigned char *p) { return le16(p) | le16(p + 2) << 16; }
static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* JSON validator without recursion: a byte stack of open containers. */
static int is_json(const unsigned char *s, size_t n)
{
    char stack[256];
    int sp = 0;
    size_t i = 0;
    int expect_value = 1, seen = 0;
#define WS() while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++
    for (;;) {
        WS();
        if (i >= n) return sp == 0 && seen && !expect_value;
        unsigned char ch = s[i];
        if (expect_value) {
            if (ch == '{' || ch == '[') {
                if (sp >= (int)sizeof stack) return 0;
                stack[sp++] = (char)ch;
                i++;
                WS();
                if (i < n && ((ch == '{' && s[i] == '}') || (ch == '[' && s[i] == ']'))) {
                    sp--;
                    i++;
                    expect_value = 0;
                    seen = 1;
                    continue;
                }
                if (ch == '{') {
                    if (i >= n || s[i] != '"') return 0;
                    /* a key: parsed as a string value followed by ':' */
                }
                continue;
            }
            if (ch == '"') {
                i++;
                while (i < n && s[i] != '"') {
                    if (s[i] < 32) return 0;
                    if (s[i] == '\\') i++;
                    i++;
                }
                if (i >= n) return 0;
                i++;
            } else if (ch == '-' || (ch >= '0' && ch <= '9')) {
                i++;
                while (i < n && (strchr("0123456789.eE+-", s[i]) && s[i])) i++;
            } else if (n - i >= 4 && !memcmp(s + i, "true", 4)) {
                i += 4;
            } else if (n - i >= 5 && !memcmp(s + i, "false", 5)) {
                i += 5;
            } else if (n - i >= 4 && !memcmp(s + i, "null", 4)) {
                i += 4;
            } else {
                return 0;
            }
            seen = 1;
            expect_value = 0;
            /* inside an object, a string in key position needs ':' */
            WS();
            if (sp && stack[sp - 1] == '{' && i < n && s[i] == ':') {
                stack[sp - 1] = ':'; /* value of a member pending */
                i++;
                expect_value = 1;
            }
            continue;
        }
        if (sp == 0) return 0; /* trailing garbage */
        char top = stack[sp - 1];
        if (ch == ',') {
            i++;
            if (top == ':') stack[sp - 1] = '{';
            WS();
            if (stack[sp - 1] == '{' && (i >= n || s[i] != '"')) return 0;
            expect_value = 1;
            continue;
        }
        if ((ch == '}' && (top == ':' || top == '{')) || (ch == ']' && top == '[')) {
            if (top == '{') return 0; /* a key without a value */
            sp--;
            i++;
            continue;
        }
        return 0;
    }
#undef WS
}

typedef struct textinfo {
    int ascii, utf8, bom;
    size_t crlf, cr, lf, longest;
    int escapes, backspace;
} textinfo;

/* 1 when the buffer looks like text; fills ti. */
static int text_scan(const unsigned char *s, size_t n, textinfo *ti)
{
    memset(ti, 0, sizeof *ti);
    ti->ascii = 1;
    ti->utf8 = 1;
    size_t i = 0;
    if (n >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) {
        ti->bom = 1;
        i = 3;
    }
    size_t line = 0;
    for (; i < n; i++) {
        unsigned char ch = s[i];
        if (ch == '\n') {
            ti->lf++;
            if (line > ti->longest) ti->longest = line;
            line = 0;
            continue;
        }
        if (ch == '\r') {
            if (i + 1 < n && s[i + 1] == '\n') {
                ti->crlf++;
                i++;
            } else {
                ti->cr++;
            }
            if (line > ti->longest) ti->longest = line;
            line = 0;
            continue;
        }
        line++;
        if (ch == 0) return 0;
        if (ch < 32 || ch == 127) {
            if (ch == '\t' || ch == '\f' || ch == '\v') continue;
            if (ch == 27) { ti->escapes = 1; continue; }
            if (ch == '\b') { ti->backspace = 1; continue; }
            if (ch == 7) continue;
            return 0;
        }
        if (ch < 128) continue;
        ti->ascii = 0;
        /* a UTF-8 sequence? */
        int k = ch >= 0xf5 ? -1 : ch >= 0xf0 ? 3 : ch >= 0xe0 ? 2 : ch >= 0xc2 ? 1 : -1;
        int ok = k > 0;
        for (int j = 1; ok && j <= k; j++) {
            if (i + (size_t)j >= n) {
                ok = n == FILE_READ_MAX; /* cut by the read limit */
                break;
            }
            if ((s[i + (size_t)j] & 0xc0) != 0x80) ok = 0;
        }
        if (!ok) ti->utf8 = 0;
        else i += (size_t)k;
    }
    if (line > ti->longest) ti->longest = line;
    if (!ti->ascii && !ti->utf8) {
        /* ISO-8859: high bytes in the printable range */
        for (size_t j = 0; j < n; j++)
            if (s[j] >= 0x80 && s[j] < 0xa0) return 0;
    }
    return 1;
}

static void text_suffix(sk_buf *d, const textinfo *ti)
{
    if (ti->longest > 300) sk_buf_printf(d, ", with very long lines (%zu)", ti->longest);
    if (!ti->crlf && !ti->cr && !ti->lf) {
        sk_buf_puts(d, ", with no line terminators");
    } else if (ti->crlf || ti->cr) {
        sk_buf_puts(d, ", with");
        int first = 1;
        if (ti->crlf) { sk_buf_puts(d, " CRLF"); first = 0; }
        if (ti->cr) { sk_buf_puts(d, first ? " CR" : ", CR"); first = 0; }
        if (ti->lf) sk_buf_puts(d, ", LF");
        sk_buf_puts(d, " line terminators");
    }
    if (ti->escapes) sk_buf_puts(d, ", with escape sequences");
    if (ti->backspace) sk_buf_puts(d, ", with overstriking");
}

static const char *enc_name(const textinfo *ti)
{
    if (ti->ascii && !ti->bom) return "ASCII text";
    if (ti->utf8) return ti->bom ? "Unicode text, UTF-8 (with BOM) text" : "Unicode text, UTF-8 text";
    return "ISO-8859 text";
}

static const char *charset_of(const textinfo *ti)
{
    return ti->ascii && !ti->bom ? "us-ascii" : ti->utf8 ? "utf-8" : "iso-8859-1";
}

/* The interpreter named by a #! line: basename, skipping "env [-S]". */
static void shebang_interp(const unsigned char *s, size_t n, char *out, size_t cap, char *full, size_t fcap)
{
    size_t i = 2, j;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    size_t start = i;
    while (i < n && s[i] != '\n' && s[i] != '\r') i++;
    size_t end = i;
    j = end - start < fcap - 1 ? end - start : fcap - 1;
    memcpy(full, s + start, j);
    full[j] = 0;
    /* first word */
    size_t w = start;
    while (w < end && s[w] != ' ' && s[w] != '\t') w++;
    size_t b = w;
    while (b > start && s[b - 1] != '/') b--;
    size_t nl = w - b;
    if (nl == 3 && !memcmp(s + b, "env", 3)) {
        /* the next word that is not an option */
        size_t k = w;
        for (;;) {
            while (k < end && (s[k] == ' ' || s[k] == '\t')) k++;
            size_t ws = k;
            while (k < end && s[k] != ' ' && s[k] != '\t') k++;
            if (ws == k) break;
            if (s[ws] == '-') continue;
            b = ws;
            while (b < k && memchr(s + b, '/', k - b)) {
                const unsigned char *sl = memchr(s + b, '/', k - b);
                b = (size_t)(sl - s) + 1;
            }
            nl = k - b;
            break;
        }
    }
    if (nl >= cap) nl = cap - 1;
    memcpy(out, s + b, nl);
    out[nl] = 0;
}

static void classify_text(const unsigned char *s, size_t n, const textinfo *ti, fres *r)
{
    sk_buf *d = &r->desc;
    const char *enc = enc_name(ti);
    r->mime = "text/plain";
    r->charset = charset_of(ti);
    size_t off = ti->bom ? 3 : 0;
    if (n - off >= 2 && s[off] == '#' && s[off + 1] == '!') {
        char interp[64], full[256];
        shebang_interp(s + off, n - off, interp, sizeof interp, full, sizeof full);
        size_t il = strlen(interp);
        /* python3.11 -> python */
        while (il && ((interp[il - 1] >= '0' && interp[il - 1] <= '9') || interp[il - 1] == '.')) il--;
        interp[il] = 0;
        if (!strcmp(interp, "bash")) {
            sk_buf_printf(d, "Bourne-Again shell script, %s executable", enc);
            r->mime = "text/x-shellscript";
        } else if (!strcmp(interp, "sh") || !strcmp(interp, "dash") || !strcmp(interp, "ash")) {
            sk_buf_printf(d, "POSIX shell script, %s executable", enc);
            r->mime = "text/x-shellscript";
        } else if (!strcmp(interp, "zsh")) {
            sk_buf_printf(d, "Paul Falstad's zsh script, %s executable", enc);
            r->mime = "text/x-shellscript";
        } else if (!strcmp(interp, "python")) {
            sk_buf_printf(d, "Python script, %s executable", enc);
            r->mime = "text/x-script.python";
        } else if (!strcmp(interp, "perl")) {
            sk_buf_puts(d, "Perl script text executable");
            r->mime = "text/x-perl";
        } else if (!strcmp(interp, "node") || !strcmp(interp, "nodejs")) {
            sk_buf_printf(d, "Node.js script executable, %s", enc);
            r->mime = "application/javascript";
        } else if (!strcmp(interp, "ruby")) {
            sk_buf_printf(d, "Ruby script, %s executable", enc);
            r->mime = "text/x-ruby";
        } else if (!strcmp(interp, "awk") || !strcmp(interp, "gawk")) {
            sk_buf_printf(d, "awk or perl script, %s executable", enc);
        } else {
            sk_buf_printf(d, "a %s script, %s executable", full, enc);
        }
        text_suffix(d, ti);
        return;
    }
    size_t i = off;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
    if (i < n && (s[i] == '{' || s[i] == '[') && is_json(s + off, n - off)) {
        sk_buf_puts(d, "JSON text data");
        r->mime = "application/json";
        return;
    }
    if (n - i >= 5 && !strncmp((const char *)s + i, "<?xml", 5)) {
        sk_buf_printf(d, "XML 1.0 document, %s", enc);
        r->mime = "text/xml";
    } else if ((n - i >= 14 && !strncasecmp((const char *)s + i, "<!DOCTYPE html", 14)) ||
               (n - i >= 5 && !strncasecmp((const char *)s + i, "<html", 5)) ||
               (n - i >= 5 && !strncasecmp((const char *)s + i, "<head", 5))) {
        sk_buf_printf(d, "HTML document, %s", enc);
        r->mime = "text/html";
    } else {
        sk_buf_puts(d, enc);
    }
    text_suffix(d, ti);
}

static void classify_bytes(sk_cmd *c, const unsigned char *s, size_t n, uint64_t total, fres *r)
{
    sk_buf *d = &r->desc;
    (void)c;
    r->charset = "binary";
    if (n == 0) {
        sk_buf_puts(d, "empty");
        r->mime = "inode/x-empty";
        return;
    }
    if (n >= 8 && !memcmp(s, "\x89PNG\r\n\x1a\n", 8)) {
        r->mime = "image/png";
        if (n >= 29 && !memcmp(s + 12, "IHDR", 4)) {
            static const char *const ct[] = { "grayscale", "?", "/color RGB", "colormap", "gray+alpha", "?", "/color RGBA" };
            int depth = s[24], col = s[25] <= 6 ? s[25] : 1;
            sk_buf_printf(d, "PNG image data, %u x %u, %d-bit%s%s, %s", be32(s + 16), be32(s + 20), depth,
                          ct[col][0] == '/' ? "" : " ", ct[col], s[28] ? "interlaced" : "non-interlaced");
        } else {
            sk_buf_puts(d, "PNG image data");
        }
        return;
    }
    if (n >= 6 && (!memcmp(s, "GIF87a", 6) || !memcmp(s, "GIF89a", 6))) {
        r->mime = "image/gif";
        sk_buf_printf(d, "GIF image data, version %.3s,", (const char *)s + 3);
        if (n >= 10) sk_buf_printf(d, " %u x %u", le16(s + 6), le16(s + 8));
        return;
    }
    if (n >= 3 && s[0] == 0xff && s[1] == 0xd8 && s[2] == 0xff) {
        r->mime = "image/jpeg";
        sk_buf_puts(d, "JPEG image data");
        if (n >= 11 && !memcmp(s + 6, "JFIF", 4)) sk_buf_puts(d, ", JFIF standard");
        return;
    }
    if (n >= 5 && !memcmp(s, "%PDF-", 5)) {
        r->mime = "application/pdf";
        size_t k = 5;
        while (k < n && k < 12 && ((s[k] >= '0' && s[k] <= '9') || s[k] == '.')) k++;
        sk_buf_printf(d, "PDF document, version %.*s", (int)(k - 5), (const char *)s + 5);
        return;
    }
    if (n >= 4 && !memcmp(s, "PK\x03\x04", 4)) {
        r->mime = "application/zip";
        if (n >= 10) {
            unsigned v = le16(s + 4), m = le16(s + 8);
            const char *meth = m == 0 ? "store" : m == 8 ? "deflate" : m == 12 ? "bzip2" : m == 14 ? "lzma" : NULL;
            sk_buf_printf(d, "Zip archive data, at least v%u.%u to extract", v / 10, v % 10);
            if (meth) sk_buf_printf(d, ", compression method=%s", meth);
        } else {
            sk_buf_puts(d, "Zip archive data");
        }
        return;
    }
    if (n >= 10 && s[0] == 0x1f && s[1] == 0x8b) {
        r->mime = "application/gzip";
        sk_buf_puts(d, "gzip compressed data");
        int flg = s[3];
        size_t k = 10;
        if ((flg & 4) && k + 2 <= n) k += 2 + le16(s + k);
        if ((flg & 8) && k < n) {
            size_t e = k;
            while (e < n && s[e]) e++;
            sk_buf_printf(d, ", was \"%.*s\"", (int)(e - k), (const char *)s + k);
        }
        uint32_t mt = le32(s + 4);
        if (mt) {
            sk_buf_puts(d, ", last modified: ");
            fsu_strftime(d, "%a %b %e %H:%M:%S %Y", (int64_t)mt * 1000000000LL);
        }
        if (s[8] == 2) sk_buf_puts(d, ", max compression");
        else if (s[8] == 4) sk_buf_puts(d, ", max speed");
        if (s[9] == 3) sk_buf_puts(d, ", from Unix");
        if (total == n && n >= 18) sk_buf_printf(d, ", original size modulo 2^32 %u", le32(s + n - 4));
        return;
    }
    if (n >= 4 && !memcmp(s, "BZh", 3) && s[3] >= '1' && s[3] <= '9') {
        r->mime = "application/x-bzip2";
        sk_buf_printf(d, "bzip2 compressed data, block size = %c00k", s[3]);
        return;
    }
    if (n >= 6 && !memcmp(s, "\xfd" "7zXZ\x00", 6)) {
        r->mime = "application/x-xz";
        sk_buf_puts(d, "XZ compressed data, checksum");
        int ck = n >= 8 ? s[7] & 15 : -1;
        const char *cn = ck == 0 ? "NONE" : ck == 1 ? "CRC32" : ck == 4 ? "CRC64" : ck == 10 ? "SHA-256" : NULL;
        if (cn) sk_buf_printf(d, " %s", cn);
        return;
    }
    if (n >= 6 && !memcmp(s, "7z\xbc\xaf\x27\x1c", 6)) {
        r->mime = "application/x-7z-compressed";
        sk_buf_puts(d, "7-zip archive data");
        return;
    }
    if (n >= 20 && !memcmp(s, "\x7f" "ELF", 4)) {
        int cls = s[4] == 2 ? 64 : 32, lsb = s[5] == 1;
        unsigned type = lsb ? le16(s + 16) : (unsigned)(s[16] << 8 | s[17]);
        unsigned mach = lsb ? le16(s + 18) : (unsigned)(s[18] << 8 | s[19]);
        const char *ts = type == 1 ? "relocatable" : type == 2 ? "executable" : type == 3 ? "shared object" : type == 4 ? "core file" : "unknown type";
        const char *ms = mach == 62 ? ", x86-64" : mach == 3 ? ", Intel 80386" : mach == 183 ? ", ARM aarch64" : mach == 40 ? ", ARM" : mach == 243 ? ", UCB RISC-V" : "";
        r->mime = type == 3 ? "application/x-sharedlib" : type == 1 ? "application/x-object" : "application/x-executable";
        sk_buf_printf(d, "ELF %d-bit %s %s%s, version 1 (SYSV)", cls, lsb ? "LSB" : "MSB", ts, ms);
        return;
    }
    if (n >= 263 && !memcmp(s + 257, "ustar", 5)) {
        r->mime = "application/x-tar";
        sk_buf_puts(d, !memcmp(s + 257, "ustar  \0", 8) ? "POSIX tar archive (GNU)" : "POSIX tar archive");
        return;
    }
    if (n >= 4 && !memcmp(s, "\0asm", 4)) {
        r->mime = "application/wasm";
        sk_buf_puts(d, "WebAssembly (wasm) binary module");
        return;
    }
    if (n >= 16 && !memcmp(s, "SQLite format 3\0", 16)) {
        r->mime = "application/vnd.sqlite3";
        sk_buf_puts(d, "SQLite 3.x database");
        return;
    }
    if (n == 1) {
        sk_buf_puts(d, "very short file (no magic)");
        r->mime = "application/octet-stream";
        return;
    }
    textinfo ti;
    if (text_scan(s, n, &ti)) {
        classify_text(s, n, &ti, r);
        return;
    }
    sk_buf_puts(d, "data");
    r->mime = "application/octet-stream";
}

int cmd_file(sk_cmd *c, int argc, char **argv)
{
    enum { O_MIME_TYPE = 256, O_MIME_ENC, O_IGNORED, O_NOPAD, O_HELP };
    static const cmd_longopt longs[] = {
        { "brief", 0, 'b' }, { "mime", 0, 'i' }, { "mime-type", 0, O_MIME_TYPE },
        { "mime-encoding", 0, O_MIME_ENC }, { "dereference", 0, 'L' }, { "no-dereference", 0, 'h' },
        { "no-pad", 0, 'N' }, { "separator", 1, 'F' }, { "files-from", 1, 'f' },
        { "special-files", 0, 's' }, { "uncompress", 0, 'z' }, { "keep-going", 0, 'k' },
        { "raw", 0, 'r' }, { "print0", 0, '0' }, { "help", 0, O_HELP }, { NULL, 0, 0 },
    };
    int brief = 0, mime = 0, follow = 0, nopad = 0, print0 = 0;
    const char *sep = ":", *files_from = NULL;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "biLhNF:f:szkrEe:m:0", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'b': brief = 1; break;
        case 'i': mime = 3; break;
        case O_MIME_TYPE: mime = 1; break;
        case O_MIME_ENC: mime = 2; break;
        case 'L': follow = 1; break;
        case 'h': follow = 0; break;
        case 'N': nopad = 1; break;
        case 'F': sep = o.arg; break;
        case 'f': files_from = o.arg; break;
        case '0': print0 = 1; break;
        case 's': case 'z': case 'k': case 'r': case 'E': case 'e': case 'm': case O_IGNORED: break;
        case O_HELP:
            sk_out_puts(&c->out, "Usage: file [OPTION...] [FILE...]\nDetermine type of FILEs.\n");
            cmd_opts_free(&o, c);
            return 0;
        default: cmd_opts_free(&o, c); return cmd_opts_error(&o, c, ch);
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    sk_buf list = SK_BUF_INIT(c->a);
    char **names = NULL;
    int nnames = 0, status = 0;
    if (files_from) {
        int rc = cmd_read_all(c, files_from, &list);
        if (rc) {
            status = fsu_error(c, "Cannot open `%s' (%s)", files_from, sk_status_message(rc));
            goto out;
        }
        size_t cnt = 0;
        for (size_t i = 0; i < list.len; i++) if (list.p[i] == '\n') cnt++;
        names = sk_calloc(c->a, cnt + (size_t)nops + 2, sizeof *names);
        if (!names) { status = fsu_error(c, "memory exhausted"); goto out; }
        char *p = list.p;
        for (size_t i = 0; p && i < list.len; i++) {
            if (list.p[i] == '\n') {
                list.p[i] = 0;
                if (*p) names[nnames++] = p;
                p = list.p + i + 1;
            }
        }
        if (p && p < list.p + list.len && *p) names[nnames++] = p;
    } else {
        names = sk_calloc(c->a, (size_t)nops + 1, sizeof *names);
        if (!names) { status = fsu_error(c, "memory exhausted"); goto out; }
    }
    for (int i = 0; i < nops; i++) names[nnames++] = ops[i];
    if (nnames == 0) {
        sk_out_flush(&c->out);
        sk_out_puts(&c->err, "Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n"
                             "            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n"
                             "            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n"
                             "            <file> ...\n"
                             "       file -C [-m <magicfiles>]\n"
                             "       file [--help]\n");
        status = 1;
        goto out;
    }
    size_t width = 0;
    for (int i = 0; i < nnames; i++) {
        size_t l = strlen(strcmp(names[i], "-") ? names[i] : "/dev/stdin");
        if (l > width) width = l;
    }
    fres r;
    sk_buf_init(&r.desc, c->a);
    sk_buf data = SK_BUF_INIT(c->a), line = SK_BUF_INIT(c->a);
    for (int i = 0; i < nnames && !cmd_out_failed(c); i++) {
        const char *name = strcmp(names[i], "-") ? names[i] : "/dev/stdin";
        sk_buf_clear(&r.desc);
        sk_buf_clear(&data);
        r.mime = "application/octet-stream";
        r.charset = "binary";
        if (!strcmp(names[i], "-")) {
            sk_in in;
            if (cmd_open_input(c, "-", &in) == SK_OK) {
                sk_in_read_all(&in, &data, FILE_READ_MAX);
                cmd_close_input(c, &in);
            }
            classify_bytes(c, (const unsigned char *)data.p, data.len, data.len, &r);
        } else {
            sk_stat st;
            int rc = follow ? sk_vfs_stat(c->vfs, c->cwd, name, &st) : sk_vfs_lstat(c->vfs, c->cwd, name, &st);
            if (rc && follow) {
                sk_stat l;
                if (sk_vfs_lstat(c->vfs, c->cwd, name, &l) == SK_OK) {
                    st = l;
                    rc = SK_OK;
                }
            }
            if (rc) {
                sk_buf_printf(&r.desc, "cannot open `%s' (%s)", name, sk_status_message(rc));
                r.mime = NULL;
            } else if (st.type == SK_FILE_DIR) {
                sk_buf_puts(&r.desc, "directory");
                r.mime = "inode/directory";
            } else if (st.type == SK_FILE_SYMLINK) {
                sk_buf t = SK_BUF_INIT(c->a);
                sk_vfs_readlink(c->vfs, c->cwd, name, &t);
                sk_stat ts;
                int ok = sk_vfs_stat(c->vfs, c->cwd, name, &ts) == SK_OK;
                sk_buf_printf(&r.desc, "%ssymbolic link to %s", ok ? "" : "broken ", sk_buf_cstr(&t));
                r.mime = ok ? "inode/symlink" : "inode/symlink";
                sk_buf_free(&t);
            } else if (st.type == SK_FILE_DEVICE) {
                sk_buf_puts(&r.desc, "character special (1/3)");
                r.mime = "inode/chardevice";
            } else {
                rc = sk_vfs_read_range(c->vfs, c->cwd, name, 0, FILE_READ_MAX, &data);
                if (rc) {
                    sk_buf_printf(&r.desc, "cannot open `%s' (%s)", name, sk_status_message(rc));
                    r.mime = NULL;
                } else {
                    classify_bytes(c, (const unsigned char *)data.p, data.len, st.size, &r);
                }
            }
        }
        sk_buf_clear(&line);
        if (!brief) {
            sk_buf_puts(&line, name);
            if (print0) sk_buf_putc(&line, 0);
            else sk_buf_puts(&line, sep);
            if (!nopad)
                for (size_t k = strlen(name); k < width; k++) sk_buf_putc(&line, ' ');
            sk_buf_putc(&line, ' ');
        }
        if (mime && r.mime) {
            if (mime & 1) sk_buf_puts(&line, r.mime);
            if (mime == 3) sk_buf_puts(&line, "; charset=");
            if (mime & 2) sk_buf_puts(&line, r.charset);
        } else {
            sk_buf_put(&line, r.desc.p ? r.desc.p : "", r.desc.len);
        }
        sk_buf_putc(&line, '\n');
        sk_out_write(&c->out, line.p, line.len);
    }
    sk_buf_free(&r.desc);
    sk_buf_free(&data);
    sk_buf_free(&line);
out:
    sk_free(c->a, names);
    sk_buf_free(&list);
    cmd_opts_free(&o, c);
    return status;
}
