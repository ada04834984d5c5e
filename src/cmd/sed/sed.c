/* sed.c — the sed command line (GNU sed 4.9): -n -e -f -E/-r -s -i[SUF]
 * -z -l N -u --posix --debug --sandbox; exit statuses 0, 1 (bad script or
 * usage), 2 (an input file missing), 4 (I/O), or q/Q's code.  The `e'
 * command and s///e are refused: there are no processes to run. */
#include <stdlib.h>
#include <string.h>

#include "sed.h"

SK_CMD("sed", cmd_sed, "sed [-nErsz] [-i[SUF]] [-e SCRIPT]... [-f FILE] [SCRIPT] [FILE]...: stream editor (GNU sed: s///gIp, addresses, a/i/c, y, hold space, branches)");

static const char sed_usage[] =
    "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n"
    "\n"
    "  -n, --quiet, --silent\n"
    "                 suppress automatic printing of pattern space\n"
    "      --debug\n"
    "                 annotate program execution\n"
    "  -e script, --expression=script\n"
    "                 add the script to the commands to be executed\n"
    "  -f script-file, --file=script-file\n"
    "                 add the contents of script-file to the commands to be executed\n"
    "  --follow-symlinks\n"
    "                 follow symlinks when processing in place\n"
    "  -i[SUFFIX], --in-place[=SUFFIX]\n"
    "                 edit files in place (makes backup if SUFFIX supplied)\n"
    "  -l N, --line-length=N\n"
    "                 specify the desired line-wrap length for the `l' command\n"
    "  --posix\n"
    "                 disable all GNU extensions.\n"
    "  -E, -r, --regexp-extended\n"
    "                 use extended regular expressions in the script\n"
    "                 (for portability use POSIX -E).\n"
    "  -s, --separate\n"
    "                 consider files as separate rather than as a single,\n"
    "                 continuous long stream.\n"
    "      --sandbox\n"
    "                 operate in sandbox mode (disable e/r/w commands).\n"
    "  -u, --unbuffered\n"
    "                 load minimal amounts of data from the input files and flush\n"
    "                 the output buffers more often\n"
    "  -z, --null-data\n"
    "                 separate lines by NUL characters\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n"
    "\n"
    "If no -e, --expression, -f, or --file option is given, then the first\n"
    "non-option argument is taken as the sed script to interpret.  All\n"
    "remaining arguments are names of input files; if no input files are\n"
    "specified, then the standard input is read.\n"
    "\n";

enum { S_DEBUG = 256, S_FOLLOW, S_INPLACE, S_POSIX, S_SANDBOX, S_HELP, S_VERSION };

static const cmd_longopt sed_longs[] = {
    { "quiet", 0, 'n' }, { "silent", 0, 'n' }, { "debug", 0, S_DEBUG },
    { "expression", 1, 'e' }, { "file", 1, 'f' }, { "follow-symlinks", 0, S_FOLLOW },
    { "in-place", 2, S_INPLACE }, { "line-length", 1, 'l' }, { "posix", 0, S_POSIX },
    { "regexp-extended", 0, 'E' }, { "separate", 0, 's' }, { "sandbox", 0, S_SANDBOX },
    { "unbuffered", 0, 'u' }, { "null-data", 0, 'z' }, { "zero-terminated", 0, 'z' },
    { "binary", 0, 'b' }, { "help", 0, S_HELP }, { "version", 0, S_VERSION }, { NULL, 0, 0 },
};

typedef struct chunks {
    sed_chunk *v;
    size_t n, cap;
    sk_buf *texts;       /* -f contents (owned) */
    size_t ntexts;
} chunks;

static int add_chunk(sk_cmd *c, chunks *ch, const char *text, size_t len, const char *file, int expr_no)
{
    if (ch->n == ch->cap) {
        size_t nc = ch->cap ? ch->cap * 2 : 4;
        sed_chunk *nv = sk_realloc(c->a, ch->v, nc * sizeof *nv);
        if (!nv) return -1;
        ch->v = nv;
        ch->cap = nc;
    }
    ch->v[ch->n].text = text;
    ch->v[ch->n].len = len;
    ch->v[ch->n].file = file;
    ch->v[ch->n].expr_no = expr_no;
    ch->n++;
    return 0;
}

int cmd_sed(sk_cmd *c, int argc, char **argv)
{
    sed_prog prog;
    memset(&prog, 0, sizeof prog);
    prog.c = c;
    sed_run run;
    memset(&run, 0, sizeof run);
    run.c = c;
    run.prog = &prog;
    run.line_wrap = 70;
    chunks ch;
    memset(&ch, 0, sizeof ch);
    int exprs = 0, status = 1, have_script = 0;
    cmd_opts o;
    cmd_opts_init(&o, argc, argv, "nrsuzEbe:f:l:i", sed_longs, 1);
    int opt;
    while ((opt = cmd_opts_next(&o, c)) != -1) {
        switch (opt) {
        case 'n': run.quiet = 1; break;
        case 'r': case 'E': prog.ere = 1; break;
        case 's': run.separate = 1; break;
        case 'u': case 'b': case S_FOLLOW: break;
        case 'z': run.zero = 1; break;
        case S_DEBUG: run.debug = 1; break;
        case S_POSIX: prog.posix = 1; break;
        case S_SANDBOX: prog.sandbox = 1; break;
        case 'e':
            if (add_chunk(c, &ch, o.arg, strlen(o.arg), NULL, ++exprs)) goto nomem;
            have_script = 1;
            break;
        case 'f': {
            sk_buf *nt = sk_realloc(c->a, ch.texts, (ch.ntexts + 1) * sizeof *nt);
            if (!nt) goto nomem;
            ch.texts = nt;
            sk_buf_init(&ch.texts[ch.ntexts], c->a);
            int st = cmd_read_all(c, o.arg, &ch.texts[ch.ntexts]);
            ch.ntexts++;
            if (st) {
                cmd_error(c, "couldn't open file %s: %s", o.arg, sk_status_message(st));
                status = 4;
                goto out;
            }
            sk_buf *t = &ch.texts[ch.ntexts - 1];
            if (add_chunk(c, &ch, t->p ? t->p : "", t->len, o.arg, 0)) goto nomem;
            have_script = 1;
            break;
        }
        case 'l': {
            char *end;
            long long v = strtoll(o.arg, &end, 10);
            if (*end || end == o.arg || v < 0) {
                cmd_error(c, "invalid line length: %s", o.arg);
                goto out;
            }
            run.line_wrap = v;
            break;
        }
        case 'i':
            /* -i[SUFFIX]: the suffix only when attached */
            run.in_place = 1;
            run.separate = 1;
            if (o.sub) {
                run.suffix = o.argv[o.ind] + o.sub;
                o.sub = 0;
                o.ind++;
            }
            break;
        case S_INPLACE:
            run.in_place = 1;
            run.separate = 1;
            if (o.arg) run.suffix = o.arg;
            break;
        case S_HELP:
            sk_out_puts(&c->out, sed_usage);
            status = 0;
            goto out;
        case S_VERSION:
            sk_out_puts(&c->out, "sed (GNU sed) 4.9\n(Sandkiste " SK_VERSION " implementation)\n");
            status = 0;
            goto out;
        case '?':
            if (o.bad) cmd_error(c, "unrecognized option '%s'", o.bad);
            else cmd_error(c, "invalid option -- '%c'", o.opt);
            sk_out_puts(&c->err, sed_usage);
            status = 1;
            goto out;
        case ':':
            if (o.bad) cmd_error(c, "option '%s' requires an argument", o.bad);
            else cmd_error(c, "option requires an argument -- '%c'", o.opt);
            sk_out_puts(&c->err, sed_usage);
            status = 1;
            goto out;
        default:
            goto out;
        }
    }
    char **ops;
    int nops = cmd_opts_operands(&o, &ops);
    if (!have_script) {
        if (nops == 0) {
            sk_out_puts(&c->err, sed_usage);
            status = 1;
            goto out;
        }
        if (add_chunk(c, &ch, ops[0], strlen(ops[0]), NULL, 1)) goto nomem;
        ops++;
        nops--;
    }
    status = sed_compile(&prog, ch.v, ch.n);
    if (status) goto out;
    if (prog.quiet_from_script) run.quiet = 1;
    if (run.in_place && nops == 0) {
        cmd_error(c, "no input files");
        status = 4;
        goto out;
    }
    run.files = ops;
    run.nfiles = nops;
    status = sed_execute(&run);
    goto out;
nomem:
    cmd_error(c, "couldn't allocate memory");
    status = 4;
out:
    sed_prog_free(&prog);
    for (size_t k = 0; k < ch.ntexts; k++) sk_buf_free(&ch.texts[k]);
    sk_free(c->a, ch.texts);
    sk_free(c->a, ch.v);
    cmd_opts_free(&o, c);
    return status;
}
