/* jqcli.h — pieces of the jq command shared with yq: the incremental
 * input reader (JSON values or raw lines from files or stdin, with jq's
 * line accounting for error locations) and output settings. */
#ifndef SK_CMD_JQ_JQCLI_H
#define SK_CMD_JQ_JQCLI_H

#include "bigstack.h"
#include "cmd/cmd.h"
#include "eval.h"
#include "jv_json.h"

typedef struct jq_input {
    sk_cmd *c;
    jvh *h;
    char **files;
    int nfiles, fi;
    int used_stdin;
    const char *name;       /* current file, NULL for stdin */
    sk_in in;
    int open, eof, started, raw;
    sk_buf buf;             /* unread text is buf[off..len) */
    size_t off, next_nl;
    long lines, nl_before;
    jqv_parser ps;
    jq_bigstack *bs;        /* reads go through the command's stack */
    int status;             /* 2 after an unreadable file or a parse error */
    int failed;             /* a parse error stopped the input */
} jq_input;

void jq_input_init(jq_input *in, sk_cmd *c, jvh *h, char **files, int nfiles, int raw);
void jq_input_free(jq_input *in);
/* 0 with *out, 1 at the end, -1 after a parse error (reported). */
int jq_input_next(jq_input *in, jv *out);
/* "<stdin>:3", "file.json:1" or "<unknown>" */
jv jq_input_location(jq_input *in);

typedef struct jq_cli {
    sk_cmd *c;
    jqv_dumpopts opts;
    int raw, join, raw0, seq, exit_status;
    int produced, last;
    jq_input *input;
    jq_bigstack *bs;
    sk_buf pend;            /* stdout not yet written */
} jq_cli;

void jq_cli_flush(jq_cli *cli);
void jq_write(jq_bigstack *bs, sk_cmd *c, int fd, const char *p, size_t n);
void jq_errline(jq_bigstack *bs, sk_cmd *c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void jq_cli_report(jq_cli *cli, jq_run *r, const char *prog_name);

/* tostream events of v, one call of k each */
int jq_tostream(jq_run *r, jv v, jq_out *k);

#endif
