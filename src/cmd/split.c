/* split.c — split: split a file into pieces (GNU coreutils 9.1).
 *
 * -l LINES, -b SIZE, -C SIZE (whole lines up to SIZE), -n N | K/N | l/N |
 * l/K/N | r/N | r/K/N, -a LEN with GNU's automatic suffix widening
 * (xyz -> xzaaa), -d / --numeric-suffixes[=FROM], -x / --hex-suffixes,
 * --additional-suffix, -e, -t SEP, --verbose, PREFIX.  Pieces are written
 * through the virtual filesystem.  --filter is not supported (it would
 * start a shell per piece). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "numparse.h"
#include "text.h"

SK_CMD("split", cmd_split, "split [-l N|-b SIZE|-C SIZE|-n CHUNKS] [-d] [-a LEN] [FILE [PREFIX]]: split a file into pieces xaa, xab, ...");

static const char split_usage[] =
    "Usage: split [OPTION]... [FILE [PREFIX]]\n"
    "Output pieces of FILE to PREFIXaa, PREFIXab, ...;\n"
    "default size is 1000 lines, and default PREFIX is 'x'.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "  -a, --suffix-length=N   generate suffixes of length N (default 2)\n"
    "      --additional-suffix=SUFFIX  append an additional SUFFIX to file names\n"
    "  -b, --bytes=SIZE        put SIZE bytes per output file\n"
    "  -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file\n"
    "  -d                      use numeric suffixes starting at 0, not alphabetic\n"
    "      --numeric-suffixes[=FROM]  same as -d, but allow setting the start value\n"
    "  -x                      use hex suffixes starting at 0, not alphabetic\n"
    "      --hex-suffixes[=FROM]  same as -x, but allow setting the start value\n"
    "  -e, --elide-empty-files  do not generate empty output files with '-n'\n"
    "  -l, --lines=NUMBER      put NUMBER lines/records per output file\n"
    "  -n, --number=CHUNKS     generate CHUNKS output files; see explanation below\n"
    "  -t, --separator=SEP     use SEP instead of newline as the record separator\n"
    "      --verbose           print a diagnostic just before each\n"
    "                            output file is opened\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

typedef struct split_state {
    sk_cmd *c;
    const char *prefix, *add_suffix;
    const char *alphabet;
    size_t alen;
    size_t suffix_len;
    int auto_suffix;
    size_t *idx;          /* current suffix digits */
    sk_buf widened;       /* 'z's added to the prefix by widening */
    int started;
    int verbose;
    sk_stream *out;
    sk_out w;
    char wbuf[4096];
    int open;
    int status;
} split_state;

static int next_name(split_state *st, sk_buf *name)
{
    if (!st->started) {
        st->started = 1;
    } else {
        /* increment */
        size_t i = st->suffix_len;
        while (i-- > 0) {
            if (++st->idx[i] < st->alen) break;
            st->idx[i] = 0;
            if (i == 0) {
                cmd_error(st->c, "output file suffixes exhausted");
                return -1;
            }
        }
        if (st->auto_suffix && st->idx[0] == st->alen - 1) {
            /* widen: the leading max digit joins the prefix, one more digit */
            if (sk_buf_putc(&st->widened, st->alphabet[st->alen - 1])) return -1;
            size_t *n = sk_realloc(st->c->a, st->idx, (st->suffix_len + 1) * sizeof *n);
            if (!n) return -1;
            st->idx = n;
            st->suffix_len++;
            for (size_t k = 0; k < st->suffix_len; k++) st->idx[k] = 0;
        }
    }
    sk_buf_clear(name);
    sk_buf_puts(name, st->prefix);
    sk_buf_put(name, st->widened.p ? st->widened.p : "", st->widened.len);
    for (size_t k = 0; k < st->suffix_len; k++) sk_buf_putc(name, st->alphabet[st->idx[k]]);
    if (st->add_suffix) sk_buf_puts(name, st->add_suffix);
    return 0;
}

static void close_piece(split_state *st)
{
    if (!st->open) return;
    sk_out_flush(&st->w);
    txt_close_output(st->c, st->out);
    st->open = 0;
}

static int open_piece(split_state *st)
{
    close_piece(st);
    sk_buf name = SK_BUF_INIT(st->c->a);
    if (next_name(st, &name)) {
        sk_buf_free(&name);
        return -1;
    }
    if (st->verbose) sk_out_printf(&st->c->out, "creating file '%s'\n", sk_buf_cstr(&name));
    int r = txt_open_output(st->c, sk_buf_cstr(&name), 0, &st->out);
    if (r) {
        txt_error_path(st->c, sk_buf_cstr(&name), r);
        sk_buf_free(&name);
        return -1;
    }
    sk_buf_free(&name);
    sk_out_init(&st->w, st->c->a, st->out, st->wbuf, sizeof st->wbuf);
    st->open = 1;
    return 0;
}

static int piece_write(split_state *st, const char *p, size_t n)
{
    if (!n) return 0;
    if (sk_out_write(&st->w, p, n)) {
        cmd_error(st->c, "write error");
        return -1;
    }
    return 0;
}

/* Suffix length needed for n pieces. */
static size_t needed_len(size_t alen, unsigned long long n, unsigned long long from)
{
    size_t len = 1;
    unsigned long long cap = alen;
    unsigned long long last = n + from - 1;
    while (cap <= last) {
        cap *= alen;
        len++;
    }
    return len;
}

int cmd_split(sk_cmd *c, int argc, char **argv)
{
    enum { OPT_ADD = 0x100, OPT_NUMERIC, OPT_HEX, OPT_VERBOSE, OPT_FILTER, OPT_IOBLK };
    static const cmd_longopt longs[] = {
        { "suffix-length", 1, 'a' }, { "additional-suffix", 1, OPT_ADD }, { "bytes", 1, 'b' },
        { "line-bytes", 1, 'C' }, { "numeric-suffixes", 2, OPT_NUMERIC }, { "hex-suffixes", 2, OPT_HEX },
        { "elide-empty-files", 0, 'e' }, { "lines", 1, 'l' }, { "number", 1, 'n' },
        { "separator", 1, 't' }, { "verbose", 0, OPT_VERBOSE }, { "filter", 1, OPT_FILTER },
        { "unbuffered", 0, 'u' }, { "-io-blksize", 1, OPT_IOBLK }, TXT_STD_LONGOPTS, { NULL, 0, 0 },
    };
    split_state st;
    memset(&st, 0, sizeof st);
    st.c = c;
    st.prefix = "x";
    st.alphabet = "abcdefghijklmnopqrstuvwxyz";
    sk_buf_init(&st.widened, c->a);
    int mode = 'l', elide = 0, sep = '\n', status = 0, alen_given = 0;
    long long size = 1000;
    unsigned long long chunks = 0, chunk_k = 0, from = 0;
    int from_given = 0;
    char chunk_kind = 0;
    size_t suffix_len = 2;
    sk_buf data = SK_BUF_INIT(c->a);
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "0123456789C:a:b:del:n:t:ux", longs, 1);
    int ch;
    while ((ch = cmd_opts_next(&o, c)) != -1) {
        switch (ch) {
        case 'a': {
            char *end;
            unsigned long v = strtoul(o.arg, &end, 10);
            if (end == o.arg || *end) {
                status = cmd_error(c, "%s: invalid suffix length", o.arg);
                goto done;
            }
            suffix_len = v;
            alen_given = 1;
            break;
        }
        case OPT_ADD:
            if (strchr(o.arg, '/')) {
                status = cmd_error(c, "invalid suffix '%s', contains directory separator", o.arg);
                goto done;
            }
            st.add_suffix = o.arg;
            break;
        case 'b': case 'C': case 'l': {
            const char *what = ch == 'l' ? "lines" : "bytes";
            if (sk_parse_size(o.arg, &size)) {
                status = cmd_error(c, "invalid number of %s: '%s'", what, o.arg);
                goto done;
            }
            if (size == 0) {
                status = cmd_error(c, "invalid number of %s: '%s': Numerical result out of range", what, o.arg);
                goto done;
            }
            mode = ch;
            break;
        }
        case 'd': case 'x': case OPT_NUMERIC: case OPT_HEX: {
            int hex = ch == 'x' || ch == OPT_HEX;
            st.alphabet = hex ? "0123456789abcdef" : "0123456789";
            if (o.arg && (ch == OPT_NUMERIC || ch == OPT_HEX)) {
                char *end;
                from = strtoull(o.arg, &end, hex ? 16 : 10);
                if (end == o.arg || *end) {
                    status = cmd_error(c, "%s: invalid start value for %s suffixes", o.arg, hex ? "hexadecimal" : "numerical");
                    goto done;
                }
                from_given = 1;
            }
            break;
        }
        case 'e': elide = 1; break;
        case 'n': {
            const char *a = o.arg;
            if ((a[0] == 'l' || a[0] == 'r') && a[1] == '/') {
                chunk_kind = a[0];
                a += 2;
            }
            const char *slash = strchr(a, '/');
            char *end;
            if (slash) {
                chunk_k = strtoull(a, &end, 10);
                if (end != slash || chunk_k == 0) {
                    status = cmd_error(c, "invalid chunk number: '%.*s'", (int)(slash - a), a);
                    goto done;
                }
                a = slash + 1;
            }
            chunks = strtoull(a, &end, 10);
            if (end == a || *end || chunks == 0) {
                status = cmd_error(c, "invalid number of chunks: '%s'", a);
                goto done;
            }
            if (chunk_k > chunks) {
                status = cmd_error(c, "invalid chunk number: '%llu'", chunk_k);
                goto done;
            }
            mode = 'n';
            break;
        }
        case 't':
            if (o.arg[0] && o.arg[1]) {
                if (!strcmp(o.arg, "\\0")) sep = 0;
                else { status = cmd_error(c, "multi-character separator '%s'", o.arg); goto done; }
            } else {
                sep = (unsigned char)o.arg[0];
            }
            break;
        case OPT_VERBOSE: st.verbose = 1; break;
        case 'u': case OPT_IOBLK: break;
        case OPT_FILTER:
            status = cmd_error(c, "--filter is not supported in the sandbox");
            goto done;
        case TXT_OPT_HELP: status = txt_help(c, split_usage); goto done;
        case TXT_OPT_VERSION: status = txt_version(c); goto done;
        default:
            if (ch >= '0' && ch <= '9') {
                /* obsolete -NUMBER: lines */
                size = ch - '0';
                mode = 'l';
                break;
            }
            status = txt_opts_error(&o, c, ch, 1);
            goto done;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (nops > 2) { status = txt_extra_operand(c, ops[2], 1); goto done; }
    const char *infile = nops >= 1 ? ops[0] : "-";
    if (nops == 2) st.prefix = ops[1];
    st.alen = strlen(st.alphabet);
    if (mode == 'n' && !chunk_k) {
        size_t need = needed_len(st.alen, chunks, from);
        if (alen_given && suffix_len < need) {
            status = cmd_error(c, "the suffix length needs to be at least %zu", need);
            goto done;
        }
        if (!alen_given && need > suffix_len) suffix_len = need;
    }
    if (suffix_len == 0) {
        status = cmd_error(c, "0: invalid suffix length");
        goto done;
    }
    st.auto_suffix = !alen_given && mode != 'n' && !from_given;
    st.suffix_len = suffix_len;
    st.idx = sk_calloc(c->a, suffix_len, sizeof *st.idx);
    if (!st.idx) { status = cmd_error(c, "memory exhausted"); goto done; }
    /* FROM: the first suffix */
    {
        unsigned long long f = from;
        for (size_t k = suffix_len; k-- > 0 && f;) {
            st.idx[k] = (size_t)(f % st.alen);
            f /= st.alen;
        }
        if (f) { status = cmd_error(c, "numerical suffix start value is too large for the suffix length"); goto done; }
    }
    if (mode == 'n' && chunk_kind != 'r' && !strcmp(infile, "-") && (!c->in || c->in->kind != SK_ST_FILE)) {
        status = cmd_error(c, "-: cannot determine file size");
        goto done;
    }
    int r = cmd_read_all(c, infile, &data);
    if (r) {
        status = cmd_error(c, "cannot open '%s' for reading: %s", infile, sk_status_message(r));
        goto done;
    }
    const char *p = data.p ? data.p : "";
    size_t n = data.len;
    int fail = 0;
    if (mode == 'l') {
        size_t i = 0;
        while (i < n && !fail) {
            if (open_piece(&st)) { fail = 1; break; }
            long long lines = 0;
            size_t s = i;
            while (i < n && lines < size) {
                const char *e = memchr(p + i, sep, n - i);
                i = e ? (size_t)(e - p) + 1 : n;
                lines++;
            }
            if (piece_write(&st, p + s, i - s)) fail = 1;
        }
    } else if (mode == 'b') {
        for (size_t i = 0; i < n && !fail; i += (size_t)size) {
            if (open_piece(&st)) { fail = 1; break; }
            size_t k = n - i < (size_t)size ? n - i : (size_t)size;
            if (piece_write(&st, p + i, k)) fail = 1;
        }
    } else if (mode == 'C') {
        size_t used = 0, i = 0;
        while (i < n && !fail) {
            const char *e = memchr(p + i, sep, n - i);
            size_t len = (e ? (size_t)(e - p) + 1 : n) - i;
            if (st.open && used + len <= (size_t)size) {
                if (piece_write(&st, p + i, len)) fail = 1;
                used += len;
                i += len;
                continue;
            }
            /* a new piece; a record longer than SIZE is cut into SIZE pieces */
            while (len > (size_t)size && !fail) {
                if (open_piece(&st) || piece_write(&st, p + i, (size_t)size)) fail = 1;
                i += (size_t)size;
                len -= (size_t)size;
            }
            if (fail) break;
            if (open_piece(&st) || piece_write(&st, p + i, len)) fail = 1;
            used = len;
            i += len;
        }
    } else {
        /* -n CHUNKS */
        unsigned long long N = chunks;
        if (chunk_kind == 'r') {
            /* round robin records */
            size_t i = 0;
            unsigned long long rec = 0;
            split_state *s = &st;
            sk_stream **outs = NULL;
            sk_out *ws = NULL;
            char (*bufs)[1024] = NULL;
            if (!chunk_k) {
                outs = sk_calloc(c->a, (size_t)N, sizeof *outs);
                ws = sk_calloc(c->a, (size_t)N, sizeof *ws);
                bufs = sk_calloc(c->a, (size_t)N, sizeof *bufs);
                if (!outs || !ws || !bufs) { fail = 1; cmd_error(c, "memory exhausted"); }
                for (unsigned long long k = 0; k < N && !fail; k++) {
                    if (elide) continue;
                    if (open_piece(s)) { fail = 1; break; }
                    outs[k] = s->out;
                    s->open = 0;
                    sk_out_init(&ws[k], c->a, outs[k], bufs[k], sizeof bufs[k]);
                }
            }
            while (i < n && !fail) {
                const char *e = memchr(p + i, sep, n - i);
                size_t len = (e ? (size_t)(e - p) + 1 : n) - i;
                unsigned long long k = rec % N;
                if (chunk_k) {
                    if (k + 1 == chunk_k) sk_out_write(&c->out, p + i, len);
                } else {
                    if (elide && !outs[k]) {
                        /* opened on first use, names in first-use order (GNU) */
                        if (open_piece(s)) { fail = 1; break; }
                        outs[k] = s->out;
                        s->open = 0;
                        sk_out_init(&ws[k], c->a, outs[k], bufs[k], sizeof bufs[k]);
                    }
                    sk_out_write(&ws[k], p + i, len);
                }
                i += len;
                rec++;
            }
            if (outs) {
                for (unsigned long long k = 0; k < N; k++) {
                    if (!outs[k]) continue;
                    sk_out_flush(&ws[k]);
                    txt_close_output(c, outs[k]);
                }
            }
            sk_free(c->a, outs);
            sk_free(c->a, ws);
            sk_free(c->a, bufs);
        } else if (chunk_kind == 'l') {
            /* GNU lines_chunk_split over the whole input */
            unsigned long long chunk_no = 1;
            long long chunk_end = (long long)(n / N) - 1, written = 0;
            int new_file = 1, truncated = 0, done_k = 0;
            size_t bp = 0;
            while (bp != n && !fail && !done_k) {
                size_t remaining = n - bp;
                long long want = chunk_end - written;
                size_t skip = want < 0 ? 0 : (size_t)want < remaining ? (size_t)want : remaining;
                const char *e = skip < remaining ? memchr(p + bp + skip, sep, remaining - skip) : NULL;
                int next = e != NULL;
                size_t out = e ? (size_t)(e - p) + 1 : n;
                size_t to_write = out - bp;
                if (chunk_k == chunk_no) sk_out_write(&c->out, p + bp, to_write);
                else if (!chunk_k) {
                    if (new_file && open_piece(&st)) { fail = 1; break; }
                    if (piece_write(&st, p + bp, to_write)) { fail = 1; break; }
                }
                written += (long long)to_write;
                bp += to_write;
                new_file = next;
                while (next || chunk_end <= written - 1) {
                    if (!next && bp == n) { truncated = 1; break; }
                    chunk_no++;
                    if (chunk_k && chunk_no > chunk_k) { done_k = 1; break; }
                    if (chunk_no == N) chunk_end = (long long)n - 1;
                    else chunk_end += (long long)(n / N);
                    if (chunk_end <= written - 1) {
                        if (!chunk_k && !elide && open_piece(&st)) { fail = 1; break; }
                    } else {
                        next = 0;
                    }
                }
            }
            if (truncated) chunk_no++;
            while (!chunk_k && !fail && !done_k && chunk_no++ <= N)
                if (!elide && open_piece(&st)) fail = 1;
        } else {
            size_t csize = (size_t)(n / N);
            if (chunk_k) {
                size_t s0 = (size_t)((chunk_k - 1) * csize);
                size_t s1 = chunk_k == N ? n : (size_t)(chunk_k * csize);
                sk_out_write(&c->out, p + s0, s1 - s0);
            } else {
                size_t per = csize ? csize : 1, start = 0;
                for (unsigned long long k = 1; k <= N && !fail; k++) {
                    size_t end = k == N && csize ? n : start + per < n ? start + per : n;
                    if (elide && end == start) continue;
                    if (open_piece(&st) || piece_write(&st, p + start, end - start)) fail = 1;
                    start = end;
                }
            }
        }
    }
    close_piece(&st);
    if (fail) status = 1;
done:
    close_piece(&st);
    sk_buf_free(&data);
    sk_buf_free(&st.widened);
    sk_free(c->a, st.idx);
    cmd_opts_free(&o, c);
    return status;
}
