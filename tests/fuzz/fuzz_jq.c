/* fuzz_jq.c — the jq command run directly (no shell): PROGRAM \0 INPUT,
 * as `jq -c PROGRAM` with INPUT on stdin (and, when the input size is
 * odd, `jq -n -r --arg a x --argjson j '{"k":[1]}' PROGRAM` instead).
 * The command's own limits, a memory cap and a poll budget (the shell's
 * timeout) bound every run. */
#include <stdlib.h>

#include "fuzz.h"

SK_CMD("jq", cmd_jq, "");

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *prog, *in;
    size_t plen, inlen;
    fuzz_split(data, size, &prog, &plen, &in, &inlen);
    char *p = fuzz_strndup(prog, plen);
    if (size & 1) {
        const char *argv[] = { "jq", "-n", "-r", "--arg", "a", "x", "--argjson", "j", "{\"k\":[1]}", p, NULL };
        fuzz_run_cmd(cmd_jq, 10, argv, in, inlen, 500);
    } else {
        const char *argv[] = { "jq", "-c", p, NULL };
        fuzz_run_cmd(cmd_jq, 3, argv, in, inlen, 500);
    }
    free(p);
    return 0;
}
