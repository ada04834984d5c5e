/* fuzz_cli_json.c — the CLI's own JSON reader (tools/json.c), which
 * parses every request line of `sandkiste --jsonl` (server mode: input from
 * whoever talks to the server), then the string writer over every string
 * it produced.  CLI code uses host malloc; ASan and LeakSanitizer watch it. */
#include <stdio.h>
#include <stdlib.h>

#include "../../tools/json.c"
#include "fuzz.h"

static void walk(const jv *v, FILE *out, int depth)
{
    if (!v || depth > 10000) return;
    if (v->kind == JV_STR) json_write_str(out, v->s, v->s_len);
    if (v->kind == JV_OBJ)
        for (size_t i = 0; i < v->n; i++) {
            json_write_str(out, v->keys[i], strlen(v->keys[i]));
            (void)jv_get(v, v->keys[i]);
            walk(v->vals[i], out, depth + 1);
        }
    if (v->kind == JV_ARR)
        for (size_t i = 0; i < v->n; i++) walk(v->vals[i], out, depth + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The CLI parses getline() buffers, which end in a NUL; jv_parse relies
     * on that (strncmp/strtod may look past `len` otherwise), so do the
     * same here. */
    char *text = fuzz_strndup(data, size);
    const char *err = NULL;
    jv *v = jv_parse(text, size, &err);
    if (!v) {
        if (!err) fuzz_die("jv_parse failed without a message");
        free(text);
        return 0;
    }
    FILE *out = fopen("/dev/null", "w");
    if (out) {
        walk(v, out, 0);
        fclose(out);
    }
    jv_free(v);
    free(text);
    return 0;
}
