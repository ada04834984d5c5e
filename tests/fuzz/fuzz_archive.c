/* fuzz_archive.c — the decoders that read untrusted binary data, run
 * directly as commands on stdin: byte 0 picks one of
 *   zcat, tar -tvf -, tar -xvzf - (into the memfs), tar -xOf -,
 *   base64 -d, xxd -r, xxd -r -p, gzip -t
 * and the rest of the input is stdin.  Memory cap and a poll budget bound
 * every run (a zip bomb must end by the cap, not by luck). */
#include "fuzz.h"

SK_CMD("zcat", cmd_zcat, "");
SK_CMD("gzip", cmd_gzip, "");
SK_CMD("tar", cmd_tar, "");
SK_CMD("base64", cmd_base64, "");
SK_CMD("xxd", cmd_xxd, "");

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *in = (const char *)data + 1;
    size_t n = size - 1;
    switch (data[0] % 8) {
    case 0: { const char *argv[] = { "zcat", NULL }; fuzz_run_cmd(cmd_zcat, 1, argv, in, n, 500); break; }
    case 1: { const char *argv[] = { "tar", "-tvf", "-", NULL }; fuzz_run_cmd(cmd_tar, 3, argv, in, n, 500); break; }
    case 2: { const char *argv[] = { "tar", "-xvzf", "-", NULL }; fuzz_run_cmd(cmd_tar, 3, argv, in, n, 500); break; }
    case 3: { const char *argv[] = { "tar", "-xOf", "-", NULL }; fuzz_run_cmd(cmd_tar, 3, argv, in, n, 500); break; }
    case 4: { const char *argv[] = { "base64", "-d", NULL }; fuzz_run_cmd(cmd_base64, 2, argv, in, n, 500); break; }
    case 5: { const char *argv[] = { "xxd", "-r", NULL }; fuzz_run_cmd(cmd_xxd, 2, argv, in, n, 500); break; }
    case 6: { const char *argv[] = { "xxd", "-r", "-p", NULL }; fuzz_run_cmd(cmd_xxd, 3, argv, in, n, 500); break; }
    default: { const char *argv[] = { "gzip", "-t", NULL }; fuzz_run_cmd(cmd_gzip, 2, argv, in, n, 500); break; }
    }
    return 0;
}
