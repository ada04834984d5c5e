/* embed.c — the README's embedding example: run a script, print its output. */
#include <stdio.h>
#include <sandkiste.h>

int main(void)
{
    sk_config *cfg = sk_config_new();
    sk_shell *sh = sk_shell_new(cfg);
    const char *script = "echo hello | tr a-z A-Z";
    sk_result *r = sk_shell_exec(sh, script, 23, NULL);
    size_t n;
    const char *out = sk_result_stdout(r, &n);
    printf("%.*s", (int)n, out);
    int status = sk_result_exit_code(r);
    sk_result_free(r); sk_shell_free(sh); sk_config_free(cfg);
    return status;
}
