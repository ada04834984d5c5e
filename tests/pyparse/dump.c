/* dump.c — parse a file and print its AST like CPython's
 * ast.dump(tree, include_attributes=True); on error print
 * "ERROR <Kind>: <msg> <lineno> <offset> <end_lineno> <end_offset>". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/arena.h"
#include "base/buf.h"
#include "py/parser.h"

int main(int argc, char **argv)
{
    int attrs = 1;
    int ai = 1;
    if (ai < argc && !strcmp(argv[ai], "-n")) { attrs = 0; ai++; }
    if (ai >= argc) { fprintf(stderr, "usage: dump [-n] FILE...\n"); return 2; }
    int rc = 0;
    for (; ai < argc; ai++) {
        FILE *f = fopen(argv[ai], "rb");
        if (!f) { perror(argv[ai]); return 2; }
        static char src[1 << 22];
        size_t n = fread(src, 1, sizeof src, f);
        fclose(f);
        sk_alloc a;
        sk_alloc_init(&a, 0);
        sk_arena ar;
        sk_arena_init(&ar, &a, 1 << 16);
        py_syntax_error err;
        py_mod *m = py_parse(&ar, src, n, NULL, &err);
        if (!m) {
            printf("ERROR %s: %s %d %d %d %d\n", py_error_kind_name(err.kind), err.msg, err.lineno,
                   err.offset, err.end_lineno, err.end_offset);
            rc = 1;
        } else {
            sk_buf b = SK_BUF_INIT(&a);
            if (py_ast_dump(&b, m, attrs)) { printf("DUMP FAILED\n"); rc = 1; }
            else printf("%s\n", sk_buf_cstr(&b));
            sk_buf_free(&b);
        }
        sk_arena_free(&ar);
    }
    return rc;
}
