/* jv_json.h — JSON text to values and back, the way jq 1.7 reads and
 * prints it: same error messages and positions, number literals kept
 * where jq keeps them, the same pretty-printing. */
#ifndef SK_CMD_JQ_JV_JSON_H
#define SK_CMD_JQ_JV_JSON_H

#include "base/buf.h"
#include "jv.h"

#define JV_PARSE_MAX_DEPTH 256   /* jq's MAX_PARSING_DEPTH */
#define JV_PRINT_MAX_DEPTH 256   /* deeper parts print as <skipped: too deep> */

enum { JV_PARSE_VALUE = 1, JV_PARSE_END = 0, JV_PARSE_ERROR = -1, JV_PARSE_MORE = -2 };

typedef struct jqv_frame { jv c; jv key; } jqv_frame;

typedef struct jqv_parser {
    jvh *h;
    const char *buf;        /* the text; buf[pos..len) is unread */
    size_t len, pos;
    int eof;                /* nothing follows buf[len) */
    long line, col;         /* jq's counters at pos (line from 1) */
    jqv_frame *stack;        /* reused across values */
    size_t cap;
    sk_buf tmp;             /* string decoding */
    int started;            /* BOM skipped */
} jqv_parser;

void jqv_parser_init(jqv_parser *p, jvh *h);
void jqv_parser_free(jqv_parser *p);
/* Point the parser at new text (after a JV_PARSE_MORE, pass the same
 * unread text with more appended; the parser restarts that value). */
void jqv_parser_set(jqv_parser *p, const char *buf, size_t len, int eof);
/* Next value: JV_PARSE_VALUE (*out set), JV_PARSE_END, JV_PARSE_MORE
 * (needs more text; nothing consumed), JV_PARSE_ERROR (*out is the
 * message string, e.g. "Unfinished JSON term at EOF at line 2, column 0"). */
int jqv_parser_next(jqv_parser *p, jv *out);

/* Parse exactly one value from text (fromjson, --argjson, tonumber).
 * On error returns JV_NONE with *err set to jq's message (with the
 * "(while parsing '...')" suffix). */
jv jqv_parse_text(jvh *h, const char *s, size_t n, jv *err);

/* A number from jq text or JSON: validates and keeps the literal where
 * jq 1.7 would print it as written.  Returns 0, or -1 if not a number. */
int jqv_parse_number(jvh *h, const char *s, size_t n, jv *out);

typedef struct jqv_dumpopts {
    int indent;             /* spaces per level; 0 = compact */
    int tab;                /* indent with one tab per level */
    int sort;               /* sort object keys */
    int ascii;              /* \uXXXX for non-ASCII */
    int color;
    const char *colors[8];  /* per kind and [7] object keys; NULL = defaults */
} jqv_dumpopts;

/* Append the JSON text of v. Returns 0 or -1 (allocation). */
int jqv_dump(jvh *h, sk_buf *out, jv v, const jqv_dumpopts *o);
/* Compact text as a new string value (tojson, tostring, messages). */
jv jqv_dump_string(jvh *h, jv v);
/* jq's jqv_dump_string_trunc: at most bufsize-1 bytes, ending in "..."
 * when cut. */
jv jqv_dump_trunc(jvh *h, jv v, size_t bufsize);
/* A double as jq prints it (shortest round trip, 17 digits). buf >= 32. */
size_t jqv_format_double(double d, char *buf);
/* A number (literal or double) as jq prints it into buf (n+32 bytes for a
 * literal of n bytes; 32 for doubles).  Returns the length. */
size_t jqv_format_number(jv v, char *buf, size_t cap);
int jqv_dump_string_body(sk_buf *out, const char *p, size_t n, int ascii);

#endif
