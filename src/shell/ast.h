/* ast.h — the shell's syntax tree: the contract between the parser and the
 * evaluator.  Everything here lives in the sk_arena the parser was given
 * (including a copy of the script text that many strings point into), so a
 * tree stays valid exactly as long as that arena.  Nothing points back into
 * the caller's input buffer.  This header only grows: fields and kinds are
 * added, never changed or removed.
 *
 * Strings are byte strings (sh_str: pointer + length); shell data may hold
 * any byte except NUL.  A string is NUL-terminated only where a comment says
 * so (names, operator spellings, messages).
 *
 * Overview
 *   sh_node   a command: list, and-or list, pipeline, simple command or one
 *             of the compound commands.  Every node has a line number.
 *   sh_word   a shell word as a sequence of sh_part (literal text, quotes,
 *             expansions), exactly what the evaluator needs to run bash's
 *             expansions in order without lexing anything again.
 *   sh_param  a parameter expansion ($x, ${x...}) with its operator parsed.
 *   sh_assign a variable assignment (x=1, x+=1, a[i]=1, a=(1 2 [k]=v)).
 *   sh_redir  a redirection (including here-documents).
 *   sh_cond   a [[ ... ]] expression tree.
 */
#ifndef SK_SHELL_AST_H
#define SK_SHELL_AST_H

#include <stddef.h>
#include <stdint.h>

typedef struct sh_str {
    const char *p;   /* never NULL for a present string ("" when empty) */
    size_t n;
} sh_str;

typedef struct sh_node sh_node;
typedef struct sh_word sh_word;
typedef struct sh_part sh_part;
typedef struct sh_param sh_param;
typedef struct sh_subst sh_subst;
typedef struct sh_assign sh_assign;
typedef struct sh_array_elem sh_array_elem;
typedef struct sh_redir sh_redir;
typedef struct sh_cond sh_cond;
typedef struct sh_case_item sh_case_item;

/* ======================================================================
 * Words
 * ====================================================================== */

/* Word parts.  A word is the concatenation of its parts.  Whether text is
 * quoted depends on the part kind AND on where the part sits:
 *
 *   - at the top level of a word (sh_word.parts), SH_P_LIT is UNQUOTED:
 *     pathname-expansion characters (* ? [) in it are active, brace
 *     expansion applies to its { , } .. characters, and (inside a parameter
 *     operand, see sh_param) its text is subject to word splitting;
 *   - inside SH_P_DQ, in a here-document body, in arithmetic text and in
 *     array subscripts, SH_P_LIT is QUOTED (literal) text;
 *   - SH_P_SQ, SH_P_ESC and SH_P_ANSI are always quoted literal text; the
 *     three are equivalent for expansion (they differ only in spelling);
 *   - SH_P_PARAM, SH_P_CMDSUB, SH_P_ARITH, SH_P_PROCSUB results are split
 *     and globbed only when they are not inside SH_P_DQ (the usual rules).
 *
 * Adjacent SH_P_LIT parts can occur (for example around `=` in assignment
 * words and where a backslash-newline was removed); treat them as one run.
 * Inside a word, unquoted glob characters only occur in SH_P_LIT text and
 * in SH_P_EXTGLOB; quoted ones were turned into SQ/ESC/DQ parts.
 */
enum sh_part_kind {
    SH_P_LIT = 1,  /* u.text: literal text as written */
    SH_P_SQ,       /* u.text: contents of '...' */
    SH_P_ESC,      /* u.text: the byte after a backslash (\x outside quotes,
                      \$ \` \" \\ inside "..."; inside "..." a backslash
                      before any other byte stays in an SH_P_LIT) */
    SH_P_ANSI,     /* u.text: $'...' with its escapes already decoded
                      (\n \t \xHH \uHHHH as UTF-8, \NNN, \cX, ...) */
    SH_P_DQ,       /* u.list: contents of "..." (or $"...", flag
                      SH_PF_LOCALE; treated exactly like "...") */
    SH_P_TILDE,    /* u.text: a tilde prefix without the `~`: "" for ~,
                      "user" for ~user, "+" "-" "+2" "-1" "3" for the
                      directory-stack forms.  Emitted only where bash does
                      tilde expansion: at the start of a word, of a
                      parameter operand (${x:-~}) or pattern, and after `=`
                      and after each unquoted `:` in assignment values
                      (also in assignment-like arguments, SH_WF_ASSIGNLIKE).
                      The prefix ends at `/`, `:` or the end of the word;
                      a prefix containing quotes, `$`, glob characters or
                      braces is left as literal text.  If expansion fails (unknown user)
                      the result is the literal `~` + text.  Note: bash
                      does brace expansion before tilde expansion, so a
                      word produced by brace expansion that begins with an
                      unquoted literal `~` ({~,x}) needs tilde expansion
                      too; the parser cannot mark that case. */
    SH_P_PARAM,    /* u.param: $name, $1, $@, ${...} */
    SH_P_CMDSUB,   /* u.sub: $(...), or `...` (flag SH_PF_BACKTICK) */
    SH_P_ARITH,    /* u.word: $((...)), or $[...] (flag SH_PF_LEGACY);
                      the word holds the expression text (raw) and its
                      parts in arithmetic quoting (see sh_word notes) */
    SH_P_PROCSUB,  /* u.sub: <(...), or >(...) (flag SH_PF_OUT) */
    SH_P_EXTGLOB,  /* op + u.list: an extended glob group op(...) where op
                      is one of ? * + @ !, and the list holds the text
                      between the parentheses (alternatives separated by
                      unquoted `|` inside SH_P_LIT text; spaces inside are
                      literal).  Only produced when extglob is on, and on
                      the right of == != = inside [[ ]]. */
};

/* sh_part.flags */
enum {
    SH_PF_LOCALE = 1,    /* SH_P_DQ written $"..." */
    SH_PF_BACKTICK = 2,  /* SH_P_CMDSUB written `...` */
    SH_PF_LEGACY = 4,    /* SH_P_ARITH written $[...] */
    SH_PF_OUT = 8,       /* SH_P_PROCSUB written >(...) */
    SH_PF_DEFERRED = 16, /* SH_P_CMDSUB written $((...)...) that is not
                            arithmetic: like backticks, bash parses it only
                            when it runs (sh_subst.err may be set) */
};

struct sh_part {
    uint8_t kind;        /* enum sh_part_kind */
    uint8_t flags;       /* SH_PF_* */
    char op;             /* SH_P_EXTGLOB: one of ? * + @ ! */
    uint8_t pad_;
    int32_t line;        /* line where the part starts */
    union {
        sh_str text;                                   /* LIT SQ ESC ANSI TILDE */
        struct { sh_part *parts; uint32_t n; } list;   /* DQ EXTGLOB */
        sh_param *param;                               /* PARAM */
        sh_subst *sub;                                 /* CMDSUB PROCSUB */
        sh_word *word;                                 /* ARITH */
    } u;
};

/* sh_word.flags: facts about the word, for the evaluator's fast paths. */
enum {
    SH_WF_QUOTED = 1,      /* contains a quote or backslash (SQ ESC ANSI DQ) */
    SH_WF_EXPAND = 2,      /* contains PARAM CMDSUB ARITH PROCSUB (at any
                              depth) or TILDE: expansion needed */
    SH_WF_GLOB = 4,        /* unquoted * ? [ in LIT text, or an EXTGLOB part */
    SH_WF_BRACE = 8,       /* unquoted { in LIT text: brace-expansion candidate */
    SH_WF_ASSIGNLIKE = 16, /* has the shape name=..., name+=..., name[..]=...
                              with the name, subscript brackets and `=`
                              unquoted.  Such words get tilde expansion after
                              `=` and `:` even as ordinary arguments. */
    SH_WF_LITERAL = 32,    /* every part is SH_P_LIT: the word is its text
                              (after glob/brace checks) */
    SH_WF_COMPOUND = 64,   /* an assignment-like word whose value is a
                              parenthesised list, name=(...): only legal in
                              assignment position and as an argument of
                              declare/typeset/local/export/readonly/alias
                              (then `assign` is set) or eval/let (then the
                              parts spell the text, see sh_word) */
};

/* A word.  `raw` is the source text exactly as written (used for error
 * messages, here-document delimiters and printing); `parts` is what to
 * expand.  Two special quoting styles are used below:
 *
 *   arithmetic quoting (SH_P_ARITH, SH_N_ARITH, for ((;;)), ${x:off:len}):
 *     like the inside of "..." (backslash only escapes $ ` " \ and
 *     newline, `'` is an ordinary character), except that "..." groups are
 *     allowed and become SH_P_DQ parts (bash removes those quotes).  LIT
 *     text is quoted text; the evaluator expands the parts to a string and
 *     evaluates that.
 *   subscript quoting (a[...] in ${a[...]}, assignments and compound
 *     elements): like an unquoted word whose blanks are literal: '...' and
 *     "..." quote as usual and are removed by expansion (what bash does for
 *     associative keys).  For indexed arrays bash evaluates the expanded
 *     text arithmetically; `raw` keeps the text as written.
 *
 * `assign` is set on arguments of declaration builtins (declare, typeset,
 * local, export, readonly; also alias) that have the shape of an
 * assignment: the evaluator then treats them as assignments (no word
 * splitting of the value, compound array values allowed).  `parts` still
 * spells the whole word (for compound values: LIT "name=(", the elements'
 * parts separated by LIT " ", LIT ")").  For eval and let, a compound word
 * name=(...) has no `assign`; its parts spell the text as written (the
 * parentheses and the spaces between elements are literal LIT text), which
 * is what bash passes to those builtins.
 */
struct sh_word {
    sh_part *parts;
    uint32_t nparts;
    uint32_t flags;          /* SH_WF_* */
    sh_str raw;
    sh_assign *assign;       /* see above; NULL otherwise */
};

/* ======================================================================
 * Parameter expansion
 * ====================================================================== */

enum sh_param_op {
    SH_PO_NONE = 0,       /* $x ${x} ${a[i]} ${!x} */
    SH_PO_LENGTH,         /* ${#x} ${#a[@]} ${#a[i]} ${#} is $# (name "#") */
    SH_PO_DEFAULT,        /* ${x-w}  ${x:-w}   (SH_PPF_COLON for :) */
    SH_PO_ASSIGN,         /* ${x=w}  ${x:=w} */
    SH_PO_ERROR,          /* ${x?w}  ${x:?w}  (word may have 0 parts) */
    SH_PO_ALT,            /* ${x+w}  ${x:+w} */
    SH_PO_TRIM_PREFIX,    /* ${x#p} */
    SH_PO_TRIM_PREFIX_LONG,/* ${x##p} */
    SH_PO_TRIM_SUFFIX,    /* ${x%p} */
    SH_PO_TRIM_SUFFIX_LONG,/* ${x%%p} */
    SH_PO_REPLACE,        /* ${x/p/r}  word=p, word2=r (NULL for ${x/p}) */
    SH_PO_REPLACE_ALL,    /* ${x//p/r} */
    SH_PO_REPLACE_PREFIX, /* ${x/#p/r} */
    SH_PO_REPLACE_SUFFIX, /* ${x/%p/r} */
    SH_PO_SUBSTR,         /* ${x:off} ${x:off:len}: word=off, word2=len or
                             NULL; both in arithmetic quoting */
    SH_PO_UPPER_FIRST,    /* ${x^p}   word = pattern (may have 0 parts) */
    SH_PO_UPPER_ALL,      /* ${x^^p} */
    SH_PO_LOWER_FIRST,    /* ${x,p} */
    SH_PO_LOWER_ALL,      /* ${x,,p} */
    SH_PO_TOGGLE_FIRST,   /* ${x~p}   (undocumented bash) */
    SH_PO_TOGGLE_ALL,     /* ${x~~p} */
    SH_PO_TRANSFORM,      /* ${x@Q}: transform = one of Q E P A K a u U L k */
    SH_PO_NAMES,          /* ${!prefix*} ${!prefix@}: name = prefix,
                             transform = '*' or '@' */
    SH_PO_BAD,            /* not a valid expansion: bash reports
                             "${...}: bad substitution" when (and only when)
                             it is expanded; raw has the text (word holds
                             the text between the braces, for printing) */
};

/* sh_param.flags */
enum {
    SH_PPF_BRACED = 1,    /* written ${...} */
    SH_PPF_INDIRECT = 2,  /* ${!x...}: the value of x names the parameter.
                             ${!a[@]} / ${!a[*]} (INDIRECT + subscript @ or
                             *, op NONE) means "the keys of a" instead. */
    SH_PPF_COLON = 4,     /* the : form of - = ? + (test null as well as unset) */
    SH_PPF_DQUOTE = 8,    /* the expansion sits inside "..." (or a here-doc
                             body, or arithmetic text): see the operand
                             rules below */
};

/* A parameter expansion.  `name` is NUL-terminated: an identifier, a
 * positional number ("1", "10"), or a special parameter ("@", "*", "#",
 * "?", "-", "$", "!", "0"; "_" is an ordinary name).  `subscript` is the
 * text between [ and ] for array references (raw "@" or "*" for a[@]/a[*]).
 *
 * Operand words (word, word2) are parsed as bash parses them:
 *   - outside double quotes: like an unquoted word, except that blanks,
 *     newlines and ; & | < > ( ) are literal text.  Their unquoted LIT text
 *     IS subject to word splitting and globbing after expansion (as in
 *     ${x:-a b}, which yields two words);
 *   - inside double quotes (SH_PPF_DQUOTE) for - = ? + : like the inside of
 *     "...": `'` is literal (so "${x:-'a'}" gives 'a' with the quotes),
 *     a nested "..." is an SH_P_DQ, \} also escapes, and $'...' is decoded;
 *   - the patterns of # ## % %% / // /# /% ^ ^^ , ,, ~ ~~ and the
 *     replacement of / are parsed like unquoted words even inside double
 *     quotes (single quotes quote there, as in bash); in a replacement an
 *     unquoted & stands for the matched text (patsub_replacement).
 * A pattern or operand starting with ~ gets an SH_P_TILDE part (except in
 * -=?+ operands inside double quotes).  <(...) and >(...) in an operand are
 * process substitutions (SH_P_PROCSUB); inside double quotes bash keeps
 * them as literal text (one SH_P_LIT).  The offset and length of
 * ${x:off:len} use arithmetic quoting, except that outside double quotes
 * '...' is an SH_P_SQ (bash removes those quotes there).
 */
struct sh_param {
    uint8_t op;            /* enum sh_param_op */
    uint8_t flags;         /* SH_PPF_* */
    char transform;        /* SH_PO_TRANSFORM / SH_PO_NAMES, else 0 */
    uint8_t pad_;
    sh_str name;           /* NUL-terminated; "" only for SH_PO_BAD */
    sh_word *subscript;    /* NULL if no [..] */
    sh_word *word;         /* operand / pattern / offset (NULL if none) */
    sh_word *word2;        /* replacement / length (NULL if none) */
    sh_str raw;            /* the whole expansion as written ("${x:-y}") */
};

/* A command or process substitution.  `body` is the parsed command list
 * (NULL for an empty one such as $() or `` ).  For backticks (and
 * SH_PF_DEFERRED substitutions), bash parses the text only when the
 * substitution runs: if the text has a syntax error
 * the parser still succeeds, `body` is NULL and `err` holds the message
 * (NUL-terminated) with `err_line` counted from the first line of the
 * backtick text; bash prints it as
 * "bash: command substitution: line N: MSG" (plus, for
 * "syntax error near unexpected token" messages, a second line
 * "bash: command substitution: line N: `ERR_TEXT'") and the substitution
 * expands to nothing.
 */
struct sh_subst {
    sh_node *body;
    int32_t line;          /* line of the opening $( ` <( >( */
    int32_t err_line;
    sh_str text;           /* the command text (backticks: after removing the
                              backslashes before $ ` \ and, inside "...", " ) */
    const char *err;       /* backticks/deferred: syntax error, or NULL */
    const char *err_text;  /* the offending line for `err`, or NULL */
    sh_str raw;            /* the whole substitution as written: "$(...)",
                              "`...`", "<(...)" */
};

/* ======================================================================
 * Assignments
 * ====================================================================== */

/* An element of a compound array value: `value` alone, or [key]=value /
 * [key]+=value (key in subscript quoting, see sh_word).  Elements are unquoted words: their values are split and
 * globbed like command arguments (a=(*.txt $x)). */
struct sh_array_elem {
    sh_word *key;          /* NULL for a plain element */
    uint8_t append;        /* [k]+=v */
    sh_word value;
};

/* name=value, name+=value, name[sub]=value, name=(elements...).  The
 * scalar value is not split or globbed; tilde expansion applies after `=`
 * and after each unquoted `:` (SH_P_TILDE parts mark where). */
struct sh_assign {
    sh_str name;           /* NUL-terminated identifier */
    sh_word *subscript;    /* name[sub]=...: subscript quoting; else NULL */
    uint8_t append;        /* += */
    uint8_t compound;      /* =( ... ): use elems, value is empty */
    sh_word value;         /* scalar value (nparts may be 0) */
    sh_array_elem *elems;
    uint32_t nelems;
    int32_t line;
};

/* ======================================================================
 * Redirections
 * ====================================================================== */

enum sh_redir_op {
    SH_R_IN = 1,       /* [n]<word        default fd 0 */
    SH_R_OUT,          /* [n]>word        default fd 1 */
    SH_R_APPEND,       /* [n]>>word       default fd 1 */
    SH_R_CLOBBER,      /* [n]>|word       default fd 1 */
    SH_R_RDWR,         /* [n]<>word       default fd 0 */
    SH_R_DUP_IN,       /* [n]<&word       default fd 0; word expands to a
                          number (dup), `-` (close), or N- (move) */
    SH_R_DUP_OUT,      /* [n]>&word       default fd 1; same, and with no
                          explicit fd a non-number word means &>word */
    SH_R_ALL,          /* &>word  (= >word 2>&1) */
    SH_R_ALL_APPEND,   /* &>>word (= >>word 2>&1) */
    SH_R_HEREDOC,      /* [n]<<delim / [n]<<-delim   default fd 0 */
    SH_R_HERESTR,      /* [n]<<<word      default fd 0 */
};

/* sh_redir.flags */
enum {
    SH_RF_QUOTED = 1,    /* here-doc delimiter had quotes: body is literal
                            (a single SH_P_LIT), no expansion */
    SH_RF_STRIP = 2,     /* <<- : leading tabs were stripped from the body
                            lines and the delimiter line */
    SH_RF_EOF = 4,       /* here-doc body ended at end of input (bash
                            warned; the body is what was read) */
};

struct sh_redir {
    uint8_t op;            /* enum sh_redir_op */
    uint8_t flags;         /* SH_RF_* */
    uint16_t pad_;
    int32_t fd;            /* explicit fd (2>x), or -1 for the default */
    int32_t line;
    sh_str fdvar;          /* {name}>x: NUL-terminated name, else n == 0 */
    sh_word target;        /* file / dup target / here-string word; for a
                              here-document the delimiter word as written */
    /* here-documents only: */
    sh_str delim;          /* delimiter after quote removal (NUL-terminated) */
    sh_word *body;         /* the body: SH_RF_QUOTED: one SH_P_LIT (or no
                              parts); otherwise parts with "here-document
                              quoting" (like "..." where " and ' are
                              literal): LIT, ESC, PARAM, CMDSUB, ARITH */
    const char *body_err;  /* non-NULL when the unquoted body does not
                              parse (e.g. "$(if)"): bash only reports this
                              when the redirection is performed, as
                              "bash: command substitution: line N: MSG"
                              (+ "...: line N: ERR_TEXT" when set), then
                              the command fails; body->parts is then one
                              LIT with the raw body */
    int32_t body_err_line;
    const char *body_err_text;  /* second message line, or NULL */
};

/* ======================================================================
 * [[ conditional expressions ]]
 * ====================================================================== */

enum sh_cond_kind {
    SH_C_AND = 1,    /* left && right */
    SH_C_OR,         /* left || right */
    SH_C_NOT,        /* ! left */
    SH_C_UNARY,      /* op arg  (-f file, -z str, ...) */
    SH_C_BINARY,     /* arg op arg2 */
    SH_C_WORD,       /* arg alone: true if non-empty (like -n) */
};

enum sh_cond_op {
    SH_CO_NONE = 0,
    /* unary: -a -b -c -d -e -f -g -h -k -p -r -s -t -u -w -x -G -L -N -O
       -S -n -z -o -v -R; `opname` holds the spelling */
    SH_CO_UNARY,
    SH_CO_STR_EQ,     /* = or ==: arg2 is a pattern (quoted parts literal) */
    SH_CO_STR_NE,     /* !=     : arg2 is a pattern */
    SH_CO_REGEX,      /* =~     : arg2 is an ERE; quoted parts are literal
                                  (the evaluator escapes them), unquoted
                                  text is regex syntax */
    SH_CO_STR_LT,     /* <  (string compare, current locale) */
    SH_CO_STR_GT,     /* > */
    SH_CO_EQ, SH_CO_NE, SH_CO_LT, SH_CO_LE, SH_CO_GT, SH_CO_GE, /* -eq ... -ge
                                  (operands are arithmetic expressions) */
    SH_CO_NT, SH_CO_OT, SH_CO_EF,                               /* -nt -ot -ef */
};

/* Words in [[ ]] are not split or globbed; arg2 of = == != is a pattern
 * (extended globs are always recognised there, as in bash 5.2). */
struct sh_cond {
    uint8_t kind;          /* enum sh_cond_kind */
    uint8_t op;            /* enum sh_cond_op (UNARY, BINARY) */
    char opname[4];        /* NUL-terminated spelling: "-f", "==", "=~"... */
    uint8_t parens;        /* how many ( ) were written around this
                              expression (for printing only) */
    int32_t line;
    sh_cond *left, *right; /* AND OR (both), NOT (left) */
    sh_word *arg, *arg2;   /* UNARY (arg), BINARY (arg, arg2), WORD (arg) */
};

/* ======================================================================
 * Commands
 * ====================================================================== */

enum sh_node_kind {
    SH_N_LIST = 1,   /* u.list: items run in order; item->bg for `&` */
    SH_N_ANDOR,      /* u.andor: items[0] && items[1] || items[2] ... */
    SH_N_PIPE,       /* u.pipe: cmds[0] | cmds[1] ...; also ! and time */
    SH_N_SIMPLE,     /* u.simple */
    SH_N_SUBSHELL,   /* u.body:  ( body ) */
    SH_N_GROUP,      /* u.body:  { body; } */
    SH_N_IF,         /* u.if_ */
    SH_N_WHILE,      /* u.loop:  while cond; do body; done */
    SH_N_UNTIL,      /* u.loop:  until cond; do body; done */
    SH_N_FOR,        /* u.for_:  for var [in words]; do body; done */
    SH_N_SELECT,     /* u.for_:  select var [in words]; do body; done */
    SH_N_ARITH_FOR,  /* u.afor:  for ((init; cond; step)); do body; done */
    SH_N_CASE,       /* u.case_ */
    SH_N_ARITH,      /* u.arith: (( expr )) */
    SH_N_COND,       /* u.cond:  [[ expr ]] */
    SH_N_FUNCDEF,    /* u.func:  name() body / function name body */
    SH_N_COPROC,     /* u.coproc: coproc [NAME] command */
};

enum { SH_AND = 1, SH_OR = 2 };                   /* and-or connectors */
enum { SH_CASE_BREAK = 0, SH_CASE_FALL = 1,       /* ;;  ;&  */
       SH_CASE_CONT = 2 };                        /* ;;& */

/* sh_node.flags for SH_N_PIPE */
enum {
    SH_NF_NEGATE = 1,      /* ! pipeline (an odd number of !) */
    SH_NF_TIME = 2,        /* time pipeline */
    SH_NF_TIME_POSIX = 4,  /* time -p pipeline */
};

/* sh_node.flags for SH_N_FUNCDEF */
enum {
    SH_NF_FUNCTION_KW = 1, /* written with the `function` keyword */
};

struct sh_case_item {
    sh_word *patterns;     /* at least one */
    uint32_t npatterns;
    uint8_t term;          /* SH_CASE_* (BREAK also for the last item
                              without a terminator) */
    int32_t line;
    sh_node *body;         /* NULL when empty */
};

/* A node.  Lists and and-or lists with a single element, and pipelines of
 * one command without ! or time, are not created: the element itself
 * appears instead, so any command kind can appear wherever a command list
 * can.  `redirs` are the redirections of a simple or compound command, in
 * the order written (for a function definition they belong to the body and
 * are applied on every call).
 *
 * `line`: the line of the command's first token, except for simple
 * commands, where it is the line bash uses for $LINENO and error messages:
 * bash reads one token ahead before it records the line, so when the first
 * element is a plain word it is the line where the following token ends
 * (echo "a<newline>b" reports the second line), and when the first element
 * is an assignment or redirection it is the line where that element ends.
 * Inside $(...) bash counts lines afresh when the substitution runs: a
 * command on line L of a substitution that opened on line S (sh_subst.line)
 * reports line (C + L - S) where C is the line of the simple command
 * containing the substitution.
 */
struct sh_node {
    uint8_t kind;            /* enum sh_node_kind */
    uint8_t flags;           /* SH_NF_* (by kind) */
    uint8_t bg;              /* item of an SH_N_LIST terminated by `&` (run
                                it asynchronously); a one-item list is
                                kept as a list when its item has bg */
    uint8_t sep_nl;          /* item of an SH_N_LIST followed by a newline
                                rather than `;` (for printing only) */
    int32_t line;
    sh_redir *redirs;
    uint32_t nredirs;
    union {
        struct { sh_node **items; uint32_t n; } list;
        /* ops[i] (SH_AND/SH_OR) joins items[i-1] and items[i]; ops[0]=0 */
        struct { sh_node **items; uint8_t *ops; uint32_t n; } andor;
        /* errpipe[i]: cmds[i] was followed by |& (stderr into the pipe too).
           n may be 0 for a bare `!` or `time`. */
        struct { sh_node **cmds; uint8_t *errpipe; uint32_t n; } pipe;
        struct {
            sh_assign *assigns; uint32_t nassigns;
            sh_word *words;     uint32_t nwords;   /* words[0] = name */
            uint8_t decl;       /* words[0] is declare/typeset/local/export/
                                   readonly/alias (word->assign may be set)
                                   or eval/let (compound words allowed) */
        } simple;
        sh_node *body;                                    /* SUBSHELL GROUP */
        struct {               /* if c[0]; then b[0]; elif c[1]; then b[1] */
            sh_node **conds, **bodies; uint32_t n;
            sh_node *else_body;                           /* NULL if none */
        } if_;
        struct { sh_node *cond, *body; } loop;            /* WHILE UNTIL */
        struct {
            sh_str var;          /* NUL-terminated; validity is checked when
                                    the loop runs (bash: "`x.y': not a valid
                                    identifier", status 1) */
            uint8_t has_in;      /* 0: iterate over "$@" */
            sh_word *words; uint32_t nwords;
            sh_node *body;       /* NULL never: do ... done needs a command */
        } for_;
        struct {
            sh_word *init, *cond, *step;  /* arithmetic quoting; nparts 0 when
                                             empty (an empty cond is true) */
            sh_node *body;
        } afor;
        struct {
            sh_word subject;
            sh_case_item *items; uint32_t n;
        } case_;
        sh_word *arith;                                   /* ARITH */
        sh_cond *cond;                                    /* COND */
        struct {
            sh_str name;         /* NUL-terminated, as written (raw text of
                                    the name word; bash checks it when the
                                    definition runs: a name with quotes or $
                                    is "`NAME': not a valid identifier") */
            sh_word *name_word;
            sh_node *body;       /* a compound command (with its redirs) */
            sh_str src;          /* source text of the whole definition */
        } func;
        struct {
            sh_str name;         /* NUL-terminated; "COPROC" when omitted */
            sh_node *body;
        } coproc;
    } u;
};

/* Deep-copy a tree (strings included) into another arena, so that it
 * outlives the parser's arena: e.g. a function definition the shell keeps
 * after the script that defined it is gone.  NULL on OOM. */
struct sk_arena;
sh_node *sh_ast_clone(struct sk_arena *ar, const sh_node *n);

/* Reserved-word helpers shared by the parser and printers. */
int sh_word_is_plain(const sh_word *w);   /* every part SH_P_LIT */
/* The text of a plain word (all LIT parts concatenated); for one part this
 * is that part's text (not NUL-terminated); NULL if not plain or OOM. */
struct sk_arena;
const char *sh_word_plain_text(struct sk_arena *ar, const sh_word *w, size_t *len);

#endif
