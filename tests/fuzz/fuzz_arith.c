/* fuzz_arith.c — bash arithmetic ($(( )), (( )), let, subscripts, integer
 * variables, recursive evaluation of variable values) on arbitrary
 * expressions.  The expression arrives in the exported variable E, so the
 * shell's parser never sees the fuzz input; it is evaluated as text
 * ($(( $E ))) and as a variable whose value is an expression ($((E))). */
#include <stdlib.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *e = fuzz_strndup(data, size);   /* a variable ends at the first NUL */
    fuzz_env env[1] = { { "E", e } };
    /* An arithmetic error ends a non-interactive shell (bash does the
     * same), so each form runs in its own subshell. */
    static const char script[] =
        "x=3 y=4 s='x+1' r=r; a=(1 2 3); declare -A m=([k]=5 [x]=6); declare -i i=2\n"
        "( echo \"$(( $E ))\" )\n"
        "( (( $E )); echo $? )\n"
        "( let \"$E\"; echo $? )\n"
        "( echo \"$((E))\" )\n"
        "( echo \"${a[$E]}\" \"${m[$E]}\" )\n"
        "( i=$E; echo \"$i\" )\n"
        "( for (( $E; $E; $E )); do break; done; echo $? )\n"
        "( echo \"${E:$E:$E}\" )\n"
        "echo \"$x $y $i ${a[*]}\"\n";
    fuzz_run_shell(script, sizeof script - 1, NULL, 0, env, 1, NULL);
    free(e);
    return 0;
}
