/* fuzz_awk.c — the awk command run directly: PROGRAM \0 INPUT, as
 * `awk -v v=1 PROGRAM` with INPUT on stdin (odd sizes add -F:).
 * Memory cap and a poll budget (the shell's timeout) bound every run. */
#include <stdlib.h>

#include "fuzz.h"

SK_CMD("awk", cmd_awk, "");

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *prog, *in;
    size_t plen, inlen;
    fuzz_split(data, size, &prog, &plen, &in, &inlen);
    char *p = fuzz_strndup(prog, plen);
    if (size & 1) {
        const char *argv[] = { "awk", "-F:", "-v", "v=1", "--", p, NULL };
        fuzz_run_cmd(cmd_awk, 6, argv, in, inlen, 500);
    } else {
        const char *argv[] = { "awk", "-v", "v=1", "--", p, NULL };
        fuzz_run_cmd(cmd_awk, 5, argv, in, inlen, 500);
    }
    free(p);
    return 0;
}
