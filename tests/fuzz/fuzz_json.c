/* fuzz_json.c — jq's JSON reader and printer (src/cmd/jq/jv_json.c):
 * the whole input as a stream of values, read once with the whole text
 * and once incrementally (growing prefixes, as jq reads a pipe, through
 * JV_PARSE_MORE), both printed compact and pretty/sorted/ASCII; the two
 * readings must agree.  Then the whole input as one value (fromjson). */
#include <string.h>

#include "base/buf.h"
#include "base/stack.h"
#include "cmd/jq/jv_json.h"
#include "fuzz.h"

/* Read every value; append each compact dump + "\n" to `dump`, and a final
 * "ERR" line on a parse error.  step 0: all at once; else the parser sees
 * growing prefixes, `step` bytes more each time it asks. */
static void read_all(jvh *h, const char *s, size_t n, size_t step, sk_buf *dump)
{
    jqv_parser ps;
    jqv_parser_init(&ps, h);
    size_t off = 0, avail = step ? (step < n ? step : n) : n;
    jqv_dumpopts compact, pretty;
    memset(&compact, 0, sizeof compact);
    memset(&pretty, 0, sizeof pretty);
    pretty.indent = 2;
    pretty.sort = 1;
    pretty.ascii = 1;
    for (int guard = 0; guard < 100000; guard++) {
        int eof = avail >= n;
        jqv_parser_set(&ps, s + off, avail - off, eof);
        jv v;
        int r = jqv_parser_next(&ps, &v);
        if (r == JV_PARSE_VALUE) {
            if (ps.pos == 0 && !eof) fuzz_die("a value that consumed nothing");
            off += ps.pos;
            if (off > avail) fuzz_die("parser consumed past its text");
            jqv_dump(h, dump, v, &compact);
            sk_buf_putc(dump, '\n');
            sk_buf tmp;
            sk_buf_init(&tmp, h->a);
            jqv_dump(h, &tmp, v, &pretty);
            sk_buf_free(&tmp);
            jv t = jqv_dump_trunc(h, v, 11);   /* borrows v */
            jqv_free(h, t);
            jqv_free(h, v);
            continue;
        }
        if (r == JV_PARSE_ERROR) {
            jqv_free(h, v);
            sk_buf_puts(dump, "ERR\n");
            break;
        }
        if (r == JV_PARSE_END) break;
        if (r != JV_PARSE_MORE) fuzz_die("jqv_parser_next returned %d", r);
        if (eof) fuzz_die("JV_PARSE_MORE at end of input");
        avail = avail + step < n ? avail + step : n;
    }
    jqv_parser_free(&ps);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    jvh h;
    memset(&h, 0, sizeof h);
    h.a = &a;
    h.stack_limit = sk_stack_limit_from_here(FUZZ_STACK_BUDGET);
    sk_buf d1, d2;
    sk_buf_init(&d1, &a);
    sk_buf_init(&d2, &a);
    read_all(&h, s, size, 0, &d1);
    read_all(&h, s, size, 1 + size % 7, &d2);
    if (!h.oom && (d1.len != d2.len || (d1.len && memcmp(d1.p, d2.p, d1.len))))
        fuzz_die("whole and incremental reads differ%s:\n--- whole\n%s--- incremental\n%s",
                 size >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? " (the input starts with a BOM)" : "",
                 sk_buf_cstr(&d1), sk_buf_cstr(&d2));
    sk_buf_free(&d1);
    sk_buf_free(&d2);
    jv err = jqv_none();
    jv v = jqv_parse_text(&h, s, size, &err);
    jqv_free(&h, v);
    jqv_free(&h, err);
    fuzz_expect_released(&a, "json");
    return 0;
}
