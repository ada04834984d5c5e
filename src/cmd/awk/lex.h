/* lex.h — the awk tokenizer (private to lex.c and parse.c).
 *
 * awk's lexical quirks: newlines are tokens (statement terminators), a
 * backslash-newline joins lines, `/` starts a regular expression only where
 * an operand is expected (the parser asks for a rescan with awk_lex_regex),
 * and a user function call needs its `(` right after the name. */
#ifndef SK_CMD_AWK_LEX_H
#define SK_CMD_AWK_LEX_H

#include "awk.h"

enum {
    T_EOF, T_NEWLINE, T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACKET, T_RBRACKET,
    T_SEMI, T_COMMA, T_NUMBER, T_STRING, T_ERE, T_FUNC_NAME, T_NAME, T_BUILTIN,
    /* keywords */
    T_BEGIN, T_END, T_BEGINFILE, T_ENDFILE, T_FUNCTION, T_IF, T_ELSE, T_WHILE, T_FOR, T_DO,
    T_BREAK, T_CONTINUE, T_NEXT, T_NEXTFILE, T_EXIT, T_RETURN, T_DELETE, T_GETLINE, T_PRINT,
    T_PRINTF, T_IN, T_SWITCH, T_CASE, T_DEFAULT,
    /* operators */
    T_ASSIGN, T_ADD_ASSIGN, T_SUB_ASSIGN, T_MUL_ASSIGN, T_DIV_ASSIGN, T_MOD_ASSIGN,
    T_POW_ASSIGN, T_QUESTION, T_COLON, T_OR, T_AND, T_MATCH, T_NOMATCH, T_EQ, T_NE, T_LT,
    T_LE, T_GT, T_GE, T_APPEND, T_PIPE, T_PIPE_AMP, T_PLUS, T_MINUS, T_STAR, T_SLASH,
    T_PERCENT, T_CARET, T_NOT, T_INCR, T_DECR, T_DOLLAR,
    T_ERROR,
};

typedef struct awk_lexer {
    awk_interp *in;
    const char *src;
    size_t len, pos;
    int line;
    int tok;
    size_t tok_start;
    int tok_line;
    double num;
    awk_str *str;            /* T_STRING, T_ERE (immortal, in the arena) */
    const char *name;        /* T_NAME, T_FUNC_NAME, T_BUILTIN: points into src */
    size_t namelen;
    int builtin;             /* T_BUILTIN: B_* */
    char err[160];           /* T_ERROR */
    uint64_t fuel;           /* tokens left (max_parser_operations) */
} awk_lexer;

void awk_lex_init(awk_lexer *lx, awk_interp *in, const char *src, size_t len);
int awk_lex_next(awk_lexer *lx);
/* The current token is T_SLASH or T_DIV_ASSIGN in operand position:
 * rescan it as a regular expression.  Returns T_ERE or T_ERROR. */
int awk_lex_regex(awk_lexer *lx);
/* An immortal string in the program arena. */
awk_str *awk_const_str(awk_interp *in, const char *p, size_t n);

#endif
