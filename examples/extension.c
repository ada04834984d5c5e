/* extension.c — a host command granted to the sandbox: `queue-size`
 * answers from host state it was given, and nothing else.  The test at
 * the end checks the script sees exactly that. */
#include <stdio.h>
#include <string.h>
#include <sandkiste.h>

static int queue_size(sk_ctx *ctx, int argc, const char *const *argv, void *ud)
{
    const int *waiting = ud;
    if (argc > 1) {
        sk_ctx_printf(ctx, 2, "%s: takes no arguments\n", argv[0]);
        return 2;
    }
    sk_ctx_printf(ctx, 1, "%d\n", *waiting);
    return 0;
}

int main(void)
{
    int waiting = 7;
    sk_config *cfg = sk_config_new();
    sk_config_add_builtin(cfg, "queue-size", queue_size, &waiting, "queue-size: how many tickets are waiting");
    sk_config_withhold(cfg, "tar");
    sk_shell *sh = sk_shell_new(cfg);
    const char *script = "n=$(queue-size); echo \"waiting: $((n * 2 / 2))\"; tar --version >/dev/null 2>&1 || echo \"tar: $?\"";
    sk_result *r = sk_shell_exec(sh, script, strlen(script), NULL);
    size_t len;
    const char *out = sk_result_stdout(r, &len);
    fwrite(out, 1, len, stdout);
    int ok = len == strlen("waiting: 7\ntar: 127\n") && !memcmp(out, "waiting: 7\ntar: 127\n", len);
    sk_result_free(r);
    sk_shell_free(sh);
    sk_config_free(cfg);
    if (!ok) fprintf(stderr, "extension example: unexpected output\n");
    return ok ? 0 : 1;
}
