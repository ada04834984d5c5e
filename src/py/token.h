/* token.h — Python tokens (internal to the parser).
 *
 * py_lex() turns the whole source into an array of tokens up front (the
 * parser backtracks over it freely).  f-strings and t-strings are split like
 * CPython 3.12+: FSTRING_START, FSTRING_MIDDLE (literal text, decoded),
 * '{' expression tokens ['!' NAME] [':' spec...] '}', FSTRING_END. */
#ifndef SK_PY_TOKEN_H
#define SK_PY_TOKEN_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "py/parser.h"

enum py_tok_type {
    T_ENDMARKER = 0, T_NAME, T_NUMBER, T_STRING, T_NEWLINE, T_INDENT, T_DEDENT,
    T_FSTRING_START, T_FSTRING_MIDDLE, T_FSTRING_END,
    T_LPAR, T_RPAR, T_LSQB, T_RSQB, T_COLON, T_COMMA, T_SEMI, T_PLUS, T_MINUS,
    T_STAR, T_SLASH, T_VBAR, T_AMPER, T_LESS, T_GREATER, T_EQUAL, T_DOT,
    T_PERCENT, T_LBRACE, T_RBRACE, T_EQEQUAL, T_NOTEQUAL, T_LESSEQUAL,
    T_GREATEREQUAL, T_TILDE, T_CIRCUMFLEX, T_LEFTSHIFT, T_RIGHTSHIFT,
    T_DOUBLESTAR, T_PLUSEQUAL, T_MINEQUAL, T_STAREQUAL, T_SLASHEQUAL,
    T_PERCENTEQUAL, T_AMPEREQUAL, T_VBAREQUAL, T_CIRCUMFLEXEQUAL,
    T_LEFTSHIFTEQUAL, T_RIGHTSHIFTEQUAL, T_DOUBLESTAREQUAL, T_DOUBLESLASH,
    T_DOUBLESLASHEQUAL, T_AT, T_ATEQUAL, T_RARROW, T_ELLIPSIS, T_COLONEQUAL,
    T_EXCLAMATION,
    T_ERRORTOKEN,           /* last token when the tokenizer failed */
    T__COUNT
};

/* Hard keywords (tok.kw); soft keywords are plain names. */
enum py_kw {
    KW_NONE = 0, KW_FALSE, KW_NONE_, KW_TRUE, KW_AND, KW_AS, KW_ASSERT,
    KW_ASYNC, KW_AWAIT, KW_BREAK, KW_CLASS, KW_CONTINUE, KW_DEF, KW_DEL,
    KW_ELIF, KW_ELSE, KW_EXCEPT, KW_FINALLY, KW_FOR, KW_FROM, KW_GLOBAL,
    KW_IF, KW_IMPORT, KW_IN, KW_IS, KW_LAMBDA, KW_NONLOCAL, KW_NOT, KW_OR,
    KW_PASS, KW_RAISE, KW_RETURN, KW_TRY, KW_WHILE, KW_WITH, KW_YIELD,
    KW__COUNT
};

/* String token flags. */
enum {
    STRF_RAW = 1, STRF_BYTES = 2, STRF_U = 4, STRF_F = 8, STRF_T = 16,
    STRF_TRIPLE = 32,
};

typedef struct py_tok {
    uint8_t type;
    uint8_t kw;             /* KW_* for NAME */
    uint16_t flags;         /* STRF_* for STRING / FSTRING_START */
    int lineno, col, end_lineno, end_col;   /* col: 0-based byte offsets */
    uint32_t start, end;    /* byte range in the (normalised) source */
    const char *str;        /* NAME: identifier (NUL-terminated);
                               STRING / FSTRING_MIDDLE: decoded value */
    size_t len;             /* length of str */
} py_tok;

typedef struct py_toks {
    py_tok *v;
    size_t n;
    const char *src;        /* normalised source (\r\n -> \n), NUL-terminated */
    size_t len;
    int deferred;           /* the tokenizer failed: *err holds its error and
                               the last token is T_ERRORTOKEN at its position */
} py_toks;

/* Tokenise.  Returns 0, or -1 with *err filled (allocation / fuel).  A
 * syntax error found by the tokenizer is deferred (out->deferred) so the
 * parser can report an earlier parser error first, as CPython does.  fuel (may be NULL) is
 * decremented per token; exhausting it is a PY_ERR_LIMIT error. */
int py_lex(sk_arena *ar, const char *src, size_t len, py_toks *out,
           uint64_t *fuel, py_syntax_error *err);

/* Set an error at a byte position (line/col 0-based bytes) of src: fills
 * text and converts columns to 1-based character offsets. */
void py_err_set(py_syntax_error *err, py_error_kind kind, const char *src,
                size_t srclen, int lineno, int col, int end_lineno,
                int end_col, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));

/* Decode the body of a (non-f) string literal.  Returns 0 or -1 with the
 * error message in msg (msgsize bytes).  Result is arena-allocated. */
int py_decode_string(sk_arena *ar, const char *s, size_t n, int flags,
                     char **out, size_t *outlen, char *msg, size_t msgsize);

#endif
