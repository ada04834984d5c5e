/* fuzz_printf.c — the shell's printf builtin on arbitrary format strings.
 * Input: FORMAT [\0 ARG [\0 ARG]...]; with no arguments a fixed set is used
 * (a string, integers, a float, a negative number, an empty string).  The
 * format and arguments reach printf through exported variables, so the
 * shell's parser never sees the fuzz input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const dflt[] = { "abc", "42", "-7", "3.25", "", "0x1f" };
    const char *fmt, *rest;
    size_t flen, rlen;
    fuzz_split(data, size, &fmt, &flen, &rest, &rlen);
    fuzz_env env[7];
    char *own[7] = { 0 };
    static const char *const names[] = { "F", "A1", "A2", "A3", "A4", "A5", "A6" };
    own[0] = fuzz_strndup(fmt, flen);
    env[0].name = "F";
    env[0].value = own[0];
    size_t n = 1;
    if (size > flen) {
        while (n < 7) {
            const char *a, *b;
            size_t al, bl;
            fuzz_split((const uint8_t *)rest, rlen, &a, &al, &b, &bl);
            own[n] = fuzz_strndup(a, al);
            env[n].name = names[n];
            env[n].value = own[n];
            n++;
            if (bl == 0 && al == rlen) break;
            rest = b;
            rlen = bl;
        }
    }
    for (size_t i = n; i < 7; i++) {
        env[i].name = names[i];
        env[i].value = dflt[i - 1];
    }
    static const char script[] =
        "printf -- \"$F\" \"$A1\" \"$A2\" \"$A3\" \"$A4\" \"$A5\" \"$A6\"; echo \" $?\"\n"
        "printf -v v -- \"$F\" \"$A1\" \"$A2\"; echo \"${#v} $?\"\n"
        "printf -- \"$F\"; echo \" $?\"\n"
        "printf -- \"%s|%q|%b\\n\" \"$F\" \"$F\" \"$F\"\n";
    fuzz_run_shell(script, sizeof script - 1, NULL, 0, env, 7, NULL);
    for (size_t i = 0; i < 7; i++) free(own[i]);
    return 0;
}
