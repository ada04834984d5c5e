/* funcprint.c — function and command text for `declare -f`, `type` and
 * `jobs`, through the parser's printer (src/shell/ast_dump.c), which lays
 * commands out exactly as bash's print_cmd.c does. */
#include <string.h>

#include "base/arena.h"
#include "shell/exec.h"
#include "shell/parser.h"

/* A command on one line, as `jobs` shows it. */
void sh_node_text(sk_buf *b, const sh_node *n)
{
    sk_arena ar;
    sk_arena_init(&ar, b->a, 1024);
    const char *s = sh_print_command(&ar, n);
    if (s) sk_buf_puts(b, s);
    sk_arena_free(&ar);
}

int sh_func_print(sh_state *st, sk_buf *b, const char *name, sh_func *f)
{
    (void)st;
    sk_arena ar;
    sk_arena_init(&ar, b->a, 1024);
    const char *s = sh_print_function(&ar, name, strlen(name), f->def->u.func.body);
    int r = s ? sk_buf_puts(b, s) || sk_buf_putc(b, '\n') : -1;
    sk_arena_free(&ar);
    return r ? -1 : 0;
}
