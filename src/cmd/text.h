/* text.h — helpers shared by the text-processing commands (sort, wc, cut,
 * od, the checksums, ...): --help/--version, default operands, output
 * files (sort -o, tee, split), UTF-8 decoding, and a small regex shim.
 * Nothing here touches the host; all memory comes from c->a. */
#ifndef SK_CMD_TEXT_H
#define SK_CMD_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "cmd.h"

/* Long-option values for --help and --version (outside the char range). */
enum { TXT_OPT_HELP = 0x10000, TXT_OPT_VERSION = 0x10001 };
#define TXT_STD_LONGOPTS { "help", 0, TXT_OPT_HELP }, { "version", 0, TXT_OPT_VERSION }

/* Print `usage` (the full help text) on stdout; returns 0. */
int txt_help(sk_cmd *c, const char *usage);
/* "NAME (sandkiste coreutils) 0.1.0"; returns 0. */
int txt_version(sk_cmd *c);
/* "NAME: extra operand 'X'" + Try line; returns 2 (or `status`). */
int txt_extra_operand(sk_cmd *c, const char *op, int status);
int txt_missing_operand(sk_cmd *c, const char *after, int status);
/* "Try 'NAME --help' for more information." */
void txt_try_help(sk_cmd *c);

/* cmd_opts_error with the tool's own usage status (GNU: mostly 1). */
int txt_opts_error(cmd_opts *o, sk_cmd *c, int r, int status);

/* GNU quotef: a file name quoted for a diagnostic when the shell would
 * need it ('a b', "it's", 'a'$'\n''b'); appended to out (cleared first). */
void txt_quotef(const char *name, sk_buf *out);
/* "NAME: QUOTEF(PATH): strerror" for an sk_status; returns 1. */
int txt_error_path(sk_cmd *c, const char *path, int status);

/* Operands after option parsing; none means a single "-". */
int txt_files(cmd_opts *o, char ***files);

/* An output file for writing (create/truncate or append).  "/dev/stdout",
 * "/dev/stderr" and "/dev/fd/N" are the command's own descriptors.  On
 * success *s holds a write reference (release with txt_close_output);
 * returns SK_OK or an sk_status. */
int txt_open_output(sk_cmd *c, const char *path, int append, sk_stream **s);
void txt_close_output(sk_cmd *c, sk_stream *s);
/* Write a whole buffer to a file (create/truncate). */
int txt_write_file(sk_cmd *c, const char *path, const void *p, size_t n);

/* Decode one UTF-8 character at p (n > 0 bytes available).  Returns the
 * bytes used (1..4); *cp is the code point, or -1 for an invalid byte
 * (then 1 byte is used). */
int txt_utf8_decode(const unsigned char *p, size_t n, int32_t *cp);
/* Display width of a code point (0, 1 or 2; -1 for control characters). */
int txt_wcwidth(int32_t cp);

/* Backslash escapes as in paste -d / printf-less tools: \n \t \\ \0 ...
 * Decodes s into out (appended); returns 0 or -1 on allocation failure. */
int txt_unescape(const char *s, sk_buf *out);

/* ---- regex shim -------------------------------------------------------
 * POSIX basic (and extended) regular expressions for expr, nl -bp and
 * csplit, implemented with PCRE2 directly until the project's regex layer
 * (src/regex) lands; only this interface needs to change then. */
typedef struct txt_regex txt_regex;
enum { TXT_RE_BRE = 0, TXT_RE_ERE = 1, TXT_RE_EMACS = 2 /* GNU's default syntax (tac -r) */ };
/* Compile; on failure returns NULL and writes a message into err. */
txt_regex *txt_regex_compile(sk_alloc *a, const char *pattern, size_t len, int flavour,
                             char *err, size_t errlen);
void txt_regex_free(txt_regex *re);
/* Match at any position (anchored: only at offset 0).  Returns 1 on a
 * match, 0 on none, -1 on an error (match limit).  ovec receives up to
 * nov pairs of (start, end) offsets; unset groups are (-1, -1). */
int txt_regex_exec(txt_regex *re, const char *s, size_t len, int anchored, long *ovec, int nov);
int txt_regex_ngroups(const txt_regex *re);

#endif
