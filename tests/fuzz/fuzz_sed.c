/* fuzz_sed.c — the sed command run directly: SCRIPT \0 INPUT, as
 * `sed -e SCRIPT` (odd sizes: `sed -E -n -s -e SCRIPT`) with INPUT on
 * stdin.  Memory cap and a poll budget bound every run. */
#include <stdlib.h>

#include "fuzz.h"

SK_CMD("sed", cmd_sed, "");

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *prog, *in;
    size_t plen, inlen;
    fuzz_split(data, size, &prog, &plen, &in, &inlen);
    char *p = fuzz_strndup(prog, plen);
    if (size & 1) {
        const char *argv[] = { "sed", "-E", "-n", "-s", "-e", p, NULL };
        fuzz_run_cmd(cmd_sed, 6, argv, in, inlen, 500);
    } else {
        const char *argv[] = { "sed", "-e", p, NULL };
        fuzz_run_cmd(cmd_sed, 3, argv, in, inlen, 500);
    }
    free(p);
    return 0;
}
