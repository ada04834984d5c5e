/* wc.c — wc: count lines, words, characters, bytes and the longest line.
 *
 * Characters, words and display widths are UTF-8 (the sandbox's locale,
 * as GNU wc under C.UTF-8): invalid bytes count as bytes only and neither
 * start nor end a word; control characters do not start a word; spaces
 * (including the no-break spaces GNU treats as separators) end one.  The
 * column width follows GNU: 1 for a single count of a single input,
 * otherwise the digits of the total size of the regular files, at least 7
 * when an input is not a regular file.  Streams; never reads a whole file. */
#include <string.h>

#include <utf8proc.h>

#include "cmd.h"
#include "fs/vfs.h"
#include "text.h"

SK_CMD("wc", cmd_wc, "wc [-clmwL] [FILE]...: count lines, words, characters (-m), bytes (-c), longest line (-L)");

typedef struct wc_counts {
    uint64_t lines, words, chars, bytes, maxlen;
} wc_counts;

typedef struct wc_state {
    wc_counts n;
    uint64_t linepos;
    int in_word;
    unsigned char carry[4];   /* an incomplete UTF-8 sequence across reads */
    int ncarry;
} wc_state;

static const char wc_usage[] =
    "Usage: wc [OPTION]... [FILE]...\n"
    "  or:  wc [OPTION]... --files0-from=F\n"
    "Print newline, word, and byte counts for each FILE, and a total line if\n"
    "more than one FILE is specified.  A word is a non-zero-length sequence of\n"
    "printable characters delimited by white space.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "The options below may be used to select which counts are printed, always in\n"
    "the following order: newline, word, character, byte, maximum line length.\n"
    "  -c, --bytes            print the byte counts\n"
    "  -m, --chars            print the character counts\n"
    "  -l, --lines            print the newline counts\n"
    "  -L, --max-line-length  print the maximum display width\n"
    "  -w, --words            print the word counts\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static int is_separator(int32_t cp)
{
    if (cp == ' ' || (cp >= 9 && cp <= 13)) return 1;
    if (cp < 0x80) return 0;
    if (cp == 0x2060) return 1;
    utf8proc_category_t cat = utf8proc_category(cp);
    return cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP;
}

static int is_printable(int32_t cp)
{
    if (cp < 0) return 0;
    if (cp < 0x20 || cp == 0x7f) return 0;
    if (cp < 0x7f) return 1;
    utf8proc_category_t cat = utf8proc_category(cp);
    return cat != UTF8PROC_CATEGORY_CC && cat != UTF8PROC_CATEGORY_CN && cat != UTF8PROC_CATEGORY_CS;
}

static void wc_char(wc_state *st, int32_t cp)
{
    if (cp >= 0) st->n.chars++;
    switch (cp) {
    case '\n':
        st->n.lines++;
        /* fall through */
    case '\r':
    case '\f':
        if (st->linepos > st->n.maxlen) st->n.maxlen = st->linepos;
        st->linepos = 0;
        st->in_word = 0;
        return;
    case '\t':
        st->linepos += 8 - st->linepos % 8;
        st->in_word = 0;
        return;
    case ' ':
        st->linepos++;
        st->in_word = 0;
        return;
    case '\v':
        st->in_word = 0;
        return;
    default:
        break;
    }
    if (!is_printable(cp)) return;
    int w = txt_wcwidth(cp);
    if (w > 0) st->linepos += (uint64_t)w;
    if (is_separator(cp)) {
        st->in_word = 0;
        return;
    }
    if (!st->in_word) st->n.words++;
    st->in_word = 1;
}

static int lead_len(unsigned char b)
{
    if (b >= 0xc2 && b <= 0xdf) return 2;
    if (b >= 0xe0 && b <= 0xef) return 3;
    if (b >= 0xf0 && b <= 0xf4) return 4;
    return 1;
}

/* Decode what is pending as far as it can be decided. */
static void wc_drain(wc_state *st, int final)
{
    while (st->ncarry) {
        int need = lead_len(st->carry[0]);
        int ok = 1;
        for (int k = 1; k < st->ncarry && k < need; k++) ok &= (st->carry[k] & 0xc0) == 0x80;
        if (ok && st->ncarry < need && !final) return;
        int32_t cp;
        int used = txt_utf8_decode(st->carry, (size_t)st->ncarry, &cp);
        wc_char(st, cp);
        memmove(st->carry, st->carry + used, (size_t)(st->ncarry - used));
        st->ncarry -= used;
    }
}

static void wc_feed(wc_state *st, const unsigned char *p, size_t n)
{
    st->n.bytes += n;
    for (size_t i = 0; i < n; i++) {
        if (!st->ncarry && p[i] < 0x80) {
            wc_char(st, p[i]);
            continue;
        }
        st->carry[st->ncarry++] = p[i];
        wc_drain(st, 0);
    }
}

static void wc_finish(wc_state *st)
{
    wc_drain(st, 1);
    if (st->linepos > st->n.maxlen) st->n.maxlen = st->linepos;
}

typedef struct wc_opts {
    int lines, words, chars, bytes, maxlen;
} wc_opts;

static void print_counts(sk_cmd *c, const wc_opts *op, const wc_counts *n, int width, const char *name)
{
    const uint64_t vals[5] = { n->lines, n->words, n->chars, n->bytes, n->maxlen };
    const int on[5] = { op->lines, op->words, op->chars, op->bytes, op->maxlen };
    int first = 1;
    for (int i = 0; i < 5; i++) {
        if (!on[i]) continue;
        sk_out_printf(&c->out, first ? "%*llu" : " %*llu", width, (unsigned long long)vals[i]);
        first = 0;
    }
    if (name) sk_out_printf(&c->out, " %s", name);
    sk_out_putc(&c->out, '\n');
}

/* 1: regular file (size set), 0: something else, -1: cannot stat. */
static int input_kind(sk_cmd *c, const char *path, uint64_t *size)
{
    sk_stat st;
    if (!strcmp(path, "-")) {
        if (!c->in) return -1;
        if (c->in->kind != SK_ST_FILE) return 0;
        if (sk_vfs_stat(c->vfs, NULL, c->in->u.file.path, &st)) return -1;
    } else if (sk_vfs_stat(c->vfs, c->cwd, path, &st)) {
        return -1;
    }
    if (st.type != SK_FILE_REGULAR) return 0;
    *size = st.size;
    return 1;
}

int cmd_wc(sk_cmd *c, int argc, char **argv)
{
    static const cmd_longopt longs[] = {
        { "bytes", 0, 'c' }, { "chars", 0, 'm' }, { "lines", 0, 'l' },
        { "max-line-length", 0, 'L' }, { "words", 0, 'w' }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    wc_opts op = { 0 };
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "clLmw", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'c': op.bytes = 1; break;
        case 'm': op.chars = 1; break;
        case 'l': op.lines = 1; break;
        case 'L': op.maxlen = 1; break;
        case 'w': op.words = 1; break;
        case TXT_OPT_HELP: cmd_opts_free(&o, c); return txt_help(c, wc_usage);
        case TXT_OPT_VERSION: cmd_opts_free(&o, c); return txt_version(c);
        default: cmd_opts_free(&o, c); return txt_opts_error(&o, c, ch, 1);
        }
    }
    if (!(op.bytes || op.chars || op.lines || op.maxlen || op.words)) op.lines = op.words = op.bytes = 1;
    char **files;
    int nops = cmd_opts_operands(&o, &files);
    int nfiles = nops ? nops : 1;
    int ncounts = op.bytes + op.chars + op.lines + op.maxlen + op.words;

    int width = 1;
    if (!(nfiles == 1 && ncounts == 1)) {
        int minimum = 1;
        uint64_t total = 0;
        int first_failed = 0;
        for (int i = 0; i < nfiles; i++) {
            uint64_t size = 0;
            int k = input_kind(c, nops ? files[i] : "-", &size);
            if (i == 0 && k < 0) first_failed = 1;
            if (k == 1) total += size;
            else if (k == 0) minimum = 7;
        }
        (void)first_failed;
        for (; total >= 10; total /= 10) width++;
        if (width < minimum) width = minimum;
    }

    wc_counts sum = { 0 };
    int status = 0;
    char buf[16384];
    for (int i = 0; i < nfiles && !cmd_out_failed(c) && !cmd_aborted(c); i++) {
        const char *name = nops ? files[i] : "-";
        sk_in in;
        int r = cmd_open_input(c, name, &in);
        if (r == SK_EISDIR) {
            status = txt_error_path(c, name, r);
            wc_counts zero = { 0 };
            print_counts(c, &op, &zero, width, nops ? name : NULL);
            continue;
        }
        if (r) { status = txt_error_path(c, name, r); continue; }
        wc_state st;
        memset(&st, 0, sizeof st);
        int64_t got;
        while ((got = sk_in_read(&in, buf, sizeof buf)) > 0) wc_feed(&st, (unsigned char *)buf, (size_t)got);
        wc_finish(&st);
        cmd_close_input(c, &in);
        if (got < 0) {
            if (got == SK_IO_ABORT) break;
            status = cmd_error(c, "%s: read error", name);
        }
        sum.lines += st.n.lines;
        sum.words += st.n.words;
        sum.chars += st.n.chars;
        sum.bytes += st.n.bytes;
        if (st.n.maxlen > sum.maxlen) sum.maxlen = st.n.maxlen;
        print_counts(c, &op, &st.n, width, nops ? name : NULL);
    }
    if (nfiles > 1) print_counts(c, &op, &sum, width, "total");
    cmd_opts_free(&o, c);
    return status;
}
