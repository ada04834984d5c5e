/* fuzz_yaml.c — yq's YAML reader (libyaml events -> values, anchors,
 * aliases, merge keys, the alias expansion cap) and its YAML writer, plus
 * the JSON printer over the same values. */
#include <string.h>

#include "base/buf.h"
#include "base/stack.h"
#include "cmd/jq/jv_json.h"
#include "cmd/yq/yaml.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_alloc a;
    sk_alloc_init(&a, FUZZ_MEM_CAP);
    jvh h;
    memset(&h, 0, sizeof h);
    h.a = &a;
    h.stack_limit = sk_stack_limit_from_here(FUZZ_STACK_BUDGET);
    sk_buf err, out;
    sk_buf_init(&err, &a);
    sk_buf_init(&out, &a);
    jv docs = jqv_array(&h);
    int rc = yq_yaml_parse(&h, (const char *)data, size, &docs, &err, 100000);
    if (rc == 0 && !h.oom && docs.kind == JV_ARRAY) {
        yq_yaml_outopts yo = { 2, (int)(size & 1) };
        jqv_dumpopts jo;
        memset(&jo, 0, sizeof jo);
        for (size_t i = 0; i < jqv_array_len(docs) && i < 64; i++) {
            jv d = jqv_array_at(docs, i);
            yq_yaml_write(&h, &out, d, &yo);
            jqv_dump(&h, &out, d, &jo);
            if (out.len > (8u << 20)) break;
            sk_buf_clear(&out);
        }
    }
    jqv_free(&h, docs);
    sk_buf_free(&err);
    sk_buf_free(&out);
    fuzz_expect_released(&a, "yaml");
    return 0;
}
