/* json.h — the small JSON reader/writer the CLI needs for --json and
 * --jsonl (requests are flat objects of strings, numbers and one level of
 * nested string maps).  CLI code: not part of the library. */
#ifndef SK_TOOLS_JSON_H
#define SK_TOOLS_JSON_H

#include <stddef.h>
#include <stdio.h>

typedef enum { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ } jv_kind;

typedef struct jv jv;
struct jv {
    jv_kind kind;
    double num;
    int b;
    char *s;          /* JV_STR: bytes (may contain NUL), s_len */
    size_t s_len;
    char **keys;      /* JV_OBJ */
    jv **vals;        /* JV_OBJ and JV_ARR */
    size_t n;
};

/* Parse one JSON value; NULL and *err set on failure. */
jv *jv_parse(const char *text, size_t len, const char **err);
void jv_free(jv *v);
jv *jv_get(const jv *obj, const char *key);

/* Write a JSON string literal for arbitrary bytes (invalid UTF-8 bytes are
 * written as \u00XX). */
void json_write_str(FILE *f, const char *p, size_t n);

#endif
