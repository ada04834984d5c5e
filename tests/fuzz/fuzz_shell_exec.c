/* fuzz_shell_exec.c — a whole shell through the public API: the input is
 * the script (stdin is empty).  Strict limits, tightened (fuzz.h), and a
 * deterministic ticking clock, so every run ends by a limit or by itself
 * and runs the same way twice.  Afterwards the same shell prints its
 * functions and variables (the printers over whatever the script left). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_run_shell((const char *)data, size, "line1\nline2\n", 12, NULL, 0,
                   "declare -f; declare -p >/dev/null; alias; trap -p; jobs");
    return 0;
}
