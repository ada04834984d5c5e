/* fuzz_shell_parser.c — the bash parser over arbitrary bytes, with extglob
 * off and on and a small alias table, then every printer over what it
 * returned (sh_ast_dump, sh_print_command, sh_print_function for top-level
 * function definitions, sh_ast_clone).  Parser fuel, depth and the C stack
 * are limited; there is no clock, so the run is deterministic. */
#include <stdlib.h>
#include <string.h>

#include "base/stack.h"
#include "fuzz.h"
#include "shell/parser.h"

static const char *alias_lookup(void *ud, const char *name)
{
    (void)ud;
    static const char *const table[][2] = {
        { "ll", "ls -l " },
        { "x", "if true; then " },
        { "y", "fi" },
        { "z", "z " },
        { "q", "echo $( " },
        { "w", "w x " },
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(name, table[i][0])) return table[i][1];
    return NULL;
}

static void warn(void *ud, int line, const char *msg)
{
    (void)ud;
    (void)line;
    (void)msg;
}

/* What sh_print_command prints must parse again (declare -f output is
 * eval'd by scripts).  With FUZZ_STRICT_PRINT set it must also print the
 * same again; that is off by default because bash's own printer is not
 * stable either (`coproc echo` prints as `coproc COPROC echo`, which
 * reparses as a command named COPROC), and the printer copies bash. */
static void reprint(sk_arena *ar, const sh_parse_opts *o, const char *t1, int has_nul)
{
    sh_parse_opts o2 = *o;
    o2.alias_lookup = NULL;
    o2.fuel = 0;
    sh_parser *p2 = sh_parser_new(ar, t1, strlen(t1), &o2);
    if (!p2) return;
    sh_node *n2 = NULL;
    int r = sh_parse_all(p2, &n2);
    if (r == SH_PARSE_ERROR)
        fuzz_die("the printed command does not parse (%s)%s:\n%s", sh_parser_error(p2)->msg,
                 has_nul ? " [NUL in script]" : "", t1);
    if (r != SH_PARSE_OK || !n2) return;
    const char *t2 = sh_print_command(ar, n2);
    if (t2 && strcmp(t1, t2) && getenv("FUZZ_STRICT_PRINT"))
        fuzz_die("printing is not stable%s:\n--- first\n%s\n--- reparsed\n%s", has_nul ? " [NUL in script]" : "",
                 t1, t2);
}

static void parse_all(const char *src, size_t len, int extglob, int aliases)
{
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    sk_arena ar, keep;
    sk_arena_init(&ar, &a, 0);
    sk_arena_init(&keep, &a, 0);
    sh_parse_opts o;
    sh_parse_opts_default(&o);
    o.extglob = extglob;
    if (aliases) o.alias_lookup = alias_lookup;
    o.warn = warn;
    o.max_depth = 100;
    o.fuel = 100000;
    o.stack_limit = sk_stack_limit_from_here(FUZZ_STACK_BUDGET);
    sh_parser *p = sh_parser_new(&ar, src, len, &o);
    if (p) {
        sh_node *n;
        int r, count = 0;
        while ((r = sh_parse_next(p, &n)) == SH_PARSE_OK && count++ < 10000) {
            if (!n) continue;
            (void)sh_ast_dump(&ar, n);
            const char *printed = sh_print_command(&ar, n);
            if (printed) reprint(&ar, &o, printed, memchr(src, 0, len) != NULL);
            if (n->kind == SH_N_FUNCDEF && n->u.func.body) {
                (void)sh_print_function(&ar, n->u.func.name.p, n->u.func.name.n, n->u.func.body);
                (void)sh_ast_clone(&keep, n);
            }
            (void)sh_parser_line(p);
            (void)sh_parser_offset(p);
        }
        if (r < 0) {
            const sh_parse_error *e = sh_parser_error(p);
            if (!e || !e->msg) fuzz_die("parse error without a message");
            if (r == SH_PARSE_LIMIT && !e->limit_name) fuzz_die("limit without a name");
        }
    }
    sk_arena_free(&ar);
    sk_arena_free(&keep);
    fuzz_expect_released(&a, "shell parser");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parse_all((const char *)data, size, 0, 0);
    parse_all((const char *)data, size, 1, 1);
    return 0;
}
