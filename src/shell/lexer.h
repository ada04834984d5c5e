/* lexer.h — internals shared by the shell lexer (lexer.c) and parser
 * (parser*.c).  Not a public interface: the rest of the shell uses
 * parser.h and ast.h only.
 *
 * The lexer is driven by the parser one token at a time, with a mode that
 * says where the token sits (command position, [[ ]], ...), because bash's
 * tokens depend on context.  Words come out fully structured (ast.h
 * sh_word); command substitutions inside words are parsed by calling back
 * into the parser on the same input.  Nothing here touches host I/O, and
 * all memory comes from the parser's arena. */
#ifndef SK_SHELL_LEXER_H
#define SK_SHELL_LEXER_H

#include "shell/parser.h"

/* Token kinds. */
enum {
    T_EOF = 0, T_NEWLINE, T_WORD, T_IONUM, T_IOVAR, T_ARITH_CMD,
    T_SEMI, T_DSEMI, T_SEMI_AND, T_DSEMI_AND, T_AMP, T_AND_AND,
    T_PIPE, T_PIPE_AMP, T_OR_OR, T_LPAREN, T_RPAREN,
    /* redirection operators */
    T_LESS, T_GREAT, T_DGREAT, T_CLOBBER, T_LESSGREAT, T_LESSAND,
    T_GREATAND, T_AND_GREAT, T_AND_DGREAT, T_DLESS, T_DLESSDASH, T_TLESS,
};

/* Reserved words (sh_tok.rw for plain words). */
enum {
    RW_NONE = 0, RW_IF, RW_THEN, RW_ELSE, RW_ELIF, RW_FI, RW_CASE, RW_ESAC,
    RW_FOR, RW_SELECT, RW_WHILE, RW_UNTIL, RW_DO, RW_DONE, RW_IN,
    RW_FUNCTION, RW_TIME, RW_LBRACE, RW_RBRACE, RW_BANG, RW_DLBRACK,
    RW_DRBRACK, RW_COPROC,
};

/* Lexing modes (bit set passed with every token request). */
enum {
    M_CMD = 1,      /* command position: (( is arithmetic, aliases apply */
    M_ASSIGN = 2,   /* assignment position: a=( ... ), a[1 + 2]=x */
    M_DECL = 4,     /* argument of declare & co: a=( ... ) -> word->assign */
    M_EVALARG = 8,  /* argument of eval/let: a=( ... ) spelled literally */
    M_COND = 16,    /* inside [[ ]] */
    M_REGEX = 32,   /* right side of =~ */
    M_EXTPAT = 64,  /* right side of == != = in [[ ]]: extglob forced on */
    M_NOALIAS = 128,/* never alias-expand this token */
    M_ALIAS = 256,  /* alias expansion without command position (after
                       an assignment word) */
};

typedef struct sh_tok {
    int kind;
    int rw;                 /* RW_* when the token is a plain reserved word */
    sh_word *word;          /* T_WORD; T_ARITH_CMD: the expression */
    int32_t fd;             /* T_IONUM */
    sh_str fdvar;           /* T_IOVAR */
    int line;               /* line where the token starts */
    int end_line;           /* line where the token ends */
    size_t start;           /* offset of the token in the current source */
    size_t end;             /* offset just after it */
    size_t mpos;            /* offset reached in the main text (for the
                               offending-line display) */
    unsigned mode;          /* mode it was lexed in */
    int from_alias;         /* lexed from alias text */
} sh_tok;

typedef struct sh_src {     /* a suspended input (alias expansion) */
    const char *s;
    size_t n, pos;
    const char *alias;      /* alias being expanded (NUL-terminated) */
    int expand_next;        /* value ended in a blank */
    struct sh_src *prev;
} sh_src;

typedef struct sh_hdoc {    /* a here-document waiting for its body */
    sh_redir *r;
    int line;
    struct sh_hdoc *next;
} sh_hdoc;

struct sh_parser {
    sk_arena *ar;
    sh_parse_opts o;
    /* current input; the main text when srcs == NULL */
    const char *s;
    size_t n, pos;
    const char *main_s;
    size_t main_n;
    sh_src *srcs;           /* alias inputs stacked under the current one */
    int nsrc;               /* how many */
    int src_floor;          /* a $( ) started at this depth: its tokens may
                               not come from below (its text must not run
                               out of the alias text it started in) */
    const char *cur_alias;  /* alias whose text is being read, or NULL */
    int cur_expand_next;
    int line;
    int synth_done;         /* the implicit final newline was produced */
    int alias_next;         /* check the next word for an alias too */
    /* one token of lookahead */
    sh_tok tok;
    int have_tok;
    /* here-documents whose bodies come after the next newline */
    sh_hdoc *hd_head, *hd_tail;
    /* limits */
    uint32_t depth;
    uint64_t ops, fuel_end;
    int64_t t0;
    int in_comsub;          /* nesting of $( ) being parsed */
    size_t last_end;        /* end of the last consumed token */
    /* input positions where a speculative parse ($((, ((, a=(...)) was
       found not to apply: re-reading them goes straight to the fallback,
       which keeps nested fallbacks linear instead of exponential */
    const char **memo;
    uint32_t memo_n, memo_cap;
    /* here-documents read after the newline on line hd_nl_line ended on
       line hd_end_line (bash reports errors on that line after them) */
    int hd_nl_line, hd_end_line;
    int recovering;         /* reading bodies after a syntax error */
    /* error state */
    int failed;
    sh_parse_error err;
    sh_parser *parent;      /* sub-parser (backtick text, here-doc body) */
};

/* lexer.c */
int sh_lex(sh_parser *p, unsigned mode, sh_tok *t);
int sh_lex_rewind(sh_parser *p, const sh_tok *t);   /* re-read t later */
int sh_read_heredocs(sh_parser *p);
void sh_lex_error_recovery(sh_parser *p);
int sh_word_fill(sh_parser *p, sh_word *w);         /* compute flags */
int sh_rw_lookup(const char *s, size_t n);
const char *sh_plain_text(const sh_word *w, char *buf, size_t cap, size_t *len);
const char *sh_tok_text(sh_parser *p, const sh_tok *t);
int sh_valid_name(const char *s, size_t n);

/* parser.c */
int sh_p_tick_slow(sh_parser *p);
/* Count one operation against the fuel; check the clock now and then. */
static inline int sh_p_tick(sh_parser *p)
{
    if (__builtin_expect(p->failed != 0, 0)) return -1;
    p->ops++;
    if (__builtin_expect((p->o.fuel && p->ops > p->fuel_end) || (p->ops & 255) == 0, 0))
        return sh_p_tick_slow(p);
    return 0;
}
int sh_p_enter(sh_parser *p);                        /* depth + stack */
void sh_p_leave(sh_parser *p);
int sh_p_nomem(sh_parser *p);
int sh_p_error(sh_parser *p, int line, const char *msg, int show, int status);
int sh_p_error_tok(sh_parser *p, const sh_tok *t);
int sh_p_error_eof_match(sh_parser *p, int line, char c);
void sh_p_warn(sh_parser *p, int line, const char *msg);
/* Parse the body of $( ... ) starting after "$(": returns the command list
 * (NULL when empty) in *out; consumes the closing ")".  -1 on error. */
int sh_p_comsub(sh_parser *p, sh_node **out);
/* Parse a whole string as a command list with a fresh sub-parser (backtick
 * bodies).  Returns 0 with *out set, 1 when the text has a syntax error
 * (message copied into *err / *err_line / *err_text), -1 on limit/OOM
 * (propagated into p). */
int sh_p_subparse(sh_parser *p, const char *s, size_t n, int line,
                  sh_node **out, const char **err, int *err_line,
                  const char **err_text);
void sh_p_sub_init(sh_parser *sub, sh_parser *p, const char *s, size_t n,
                   int line);
int sh_p_sub_finish(sh_parser *sub, sh_parser *p);

#define SH_LIKELY(x) __builtin_expect(!!(x), 1)
#define SH_UNLIKELY(x) __builtin_expect(!!(x), 0)

#endif
