/* yes.c — yes: print a line forever, until the reader goes away. */
#include <string.h>

#include "cmd.h"

SK_CMD("yes", cmd_yes, "yes [STRING]...: repeat STRING (default y) forever; use with head");

int cmd_yes(sk_cmd *c, int argc, char **argv)
{
    int first = 1;
    if (argc > 1 && !strcmp(argv[1], "--")) first = 2;
    sk_buf line = SK_BUF_INIT(c->a);
    if (first >= argc) sk_buf_puts(&line, "y");
    for (int i = first; i < argc; i++) {
        if (i > first) sk_buf_putc(&line, ' ');
        sk_buf_puts(&line, argv[i]);
    }
    if (sk_buf_putc(&line, '\n')) { sk_buf_free(&line); return 1; }
    /* a block of whole lines, written until the pipe closes */
    char block[4096];
    size_t n = 0;
    if (line.len <= sizeof block) {
        while (n + line.len <= sizeof block) { memcpy(block + n, line.p, line.len); n += line.len; }
    }
    while (!cmd_aborted(c)) {
        int r = n ? sk_out_write(&c->out, block, n) : sk_out_write(&c->out, line.p, line.len);
        if (r) break;
    }
    sk_buf_free(&line);
    return 0;
}
