/* fuzz_py_parser.c — the Python parser (lexer included) over arbitrary
 * bytes in exec, eval and single mode, then ast.dump of what it returned.
 * Fuel, depth and the C stack are limited. */
#include <string.h>

#include "base/buf.h"
#include "base/stack.h"
#include "fuzz.h"
#include "py/parser.h"

static void parse(const char *src, size_t len, int mode)
{
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    sk_arena ar;
    sk_arena_init(&ar, &a, 1 << 14);
    py_parse_opts o;
    memset(&o, 0, sizeof o);
    o.mode = mode;
    o.max_depth = 200;
    o.fuel = 200000;
    o.stack_limit = sk_stack_limit_from_here(FUZZ_STACK_BUDGET);
    o.filename = "<fuzz>";
    py_syntax_error err;
    memset(&err, 0, sizeof err);
    py_mod *m = py_parse(&ar, src, len, &o, &err);
    if (m) {
        sk_buf out;
        sk_buf_init(&out, &a);
        (void)py_ast_dump(&out, m, mode == PY_MODE_EXEC);
        sk_buf_free(&out);
    } else {
        if (err.kind == PY_ERR_NONE) fuzz_die("py_parse failed without an error kind");
        if (!memchr(err.msg, 0, sizeof err.msg)) fuzz_die("unterminated error message");
        /* err.text points into the parser's normalised copy of the source
         * (in the arena), not into `src` as parser.h says: read it while
         * the arena lives, so ASan checks the range. */
        unsigned sum = 0;
        for (size_t i = 0; err.text && i < err.text_len; i++) sum += (unsigned char)err.text[i];
        (void)sum;
        (void)py_error_kind_name(err.kind);
    }
    sk_arena_free(&ar);
    fuzz_expect_released(&a, "python parser");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    parse(s, size, PY_MODE_EXEC);
    parse(s, size, PY_MODE_EVAL);
    parse(s, size, PY_MODE_SINGLE);
    return 0;
}
