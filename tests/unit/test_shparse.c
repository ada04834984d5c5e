/* test_shparse.c — the shell lexer, parser and AST (src/shell/).  Trees
 * are checked through sh_ast_dump()'s compact form; error texts and line
 * numbers were taken from /usr/bin/bash 5.2 (bash -c). */
#include <string.h>

#include "test.h"
#include "base/arena.h"
#include "base/stack.h"
#include "shell/parser.h"

typedef struct fx {
    sk_alloc a;
    sk_arena ar;
    sh_parse_opts o;
    char warn[512];
    int nwarn;
} fx;

static void fx_warn(void *ud, int line, const char *msg)
{
    fx *f = ud;
    size_t l = strlen(f->warn);
    snprintf(f->warn + l, sizeof f->warn - l, "%sline %d: %s", l ? "|" : "", line, msg);
    f->nwarn++;
}

static void fx_init(fx *f)
{
    memset(f, 0, sizeof *f);
    sk_alloc_init(&f->a, 0);
    sk_arena_init(&f->ar, &f->a, 0);
    sh_parse_opts_default(&f->o);
    f->o.warn = fx_warn;
    f->o.warn_ud = f;
}

static void fx_free(fx *f) { sk_arena_free(&f->ar); }

/* Parse everything; return the dump (one line per top-level command,
 * separated by " ;; ") or "ERR line N: MSG [| SHOW]". */
static const char *run(fx *f, const char *src)
{
    sh_parser *p = sh_parser_new(&f->ar, src, strlen(src), &f->o);
    if (!p) return "NOMEM";
    static const char sep[] = " ;; ";
    char *out = sk_arena_alloc(&f->ar, 65536);
    out[0] = 0;
    sh_node *n;
    int r;
    while ((r = sh_parse_next(p, &n)) == SH_PARSE_OK) {
        if (out[0]) strcat(out, sep);
        strncat(out, sh_ast_dump(&f->ar, n), 60000 - strlen(out));
    }
    if (r < 0) {
        const sh_parse_error *e = sh_parser_error(p);
        char *o = out + strlen(out);
        if (o != out) { strcpy(o, sep); o += strlen(sep); }
        if (e->code == SH_PARSE_LIMIT)
            snprintf(o, 4096, "LIMIT %s %llu", e->limit_name, (unsigned long long)e->limit_value);
        else if (e->show)
            snprintf(o, 4096, "ERR line %d: %s | %s", e->line, e->msg, e->show);
        else
            snprintf(o, 4096, "ERR line %d: %s", e->line, e->msg);
    }
    return out;
}

#define P(src, want) do { fx f_; fx_init(&f_); CHECK_STR(run(&f_, src), want); fx_free(&f_); } while (0)
#define PX(src, want) do { fx f_; fx_init(&f_); f_.o.extglob = 1; CHECK_STR(run(&f_, src), want); fx_free(&f_); } while (0)

/* Parse one command and return it. */
static sh_node *one(fx *f, const char *src)
{
    sh_parser *p = sh_parser_new(&f->ar, src, strlen(src), &f->o);
    sh_node *n = NULL;
    if (!p || sh_parse_next(p, &n) != SH_PARSE_OK) return NULL;
    return n;
}

/* ---- simple commands, lists, pipelines -------------------------------------- */

TEST(shparse_simple)
{
    P("echo hello world", "(cmd echo hello world)");
    P("  echo   a\t b  ", "(cmd echo a b)");
    P("echo a # comment\n# full line\nb", "(cmd echo a) ;; (cmd b)");
    P("echo a#b #c", "(cmd echo a#b)");
    P("", "");
    P("\n\n# only comments\n", "");
    P("x=1", "(cmd x=1)");
    P("a=1 b+=2 c[1+2]=3 cmd arg", "(cmd a=1 b+=2 c[1+2]=3 cmd arg)");
    P("cmd a=1", "(cmd cmd a=1)");
    P(">f x=1 cmd", "(cmd x=1 cmd >f)");
    P("echo a >f b 2>&1 c", "(cmd echo a b c >f 2>&1)");
}

TEST(shparse_lists)
{
    P("a; b", "(list (cmd a) (cmd b))");
    P("a;b&c", "(list (cmd a) (cmd b)& (cmd c))");
    P("a &", "(list (cmd a)&)");
    P("a &\nb", "(list (cmd a)&) ;; (cmd b)");
    P("a && b || c", "(andor (cmd a) && (cmd b) || (cmd c))");
    P("a &&\n\n b", "(andor (cmd a) && (cmd b))");
    P("a |\n b", "(pipe (cmd a) | (cmd b))");
    P("a | b |& c", "(pipe (cmd a) | (cmd b) |& (cmd c))");
    P("! a | b", "(pipe ! (cmd a) | (cmd b))");
    P("! ! a", "(pipe (cmd a))");
    P("time -p a", "(pipe time-p (cmd a))");
    P("! time a | b", "(pipe ! time (cmd a) | (cmd b))");
    P("time", "(pipe time)");
    P("!", "(pipe !)");
    P("echo a | time cat", "(pipe (cmd echo a) | (cmd time cat))");
    P("a; b\nc", "(list (cmd a) (cmd b)) ;; (cmd c)");
}

TEST(shparse_redirections)
{
    P("echo 2>&1 >f <in 3<>x 4>>a 5>|b <&0 >&- &>all &>>app",
      "(cmd echo 2>&1 >f <in 3<>x 4>>a 5>|b <&0 >&- &>all &>>app)");
    P("exec {fd}>file {x}<&-", "(cmd exec {fd}>file {x}<&-)");
    P("cat <<<\"a $b\"", "(cmd cat <<<\"a $b\")");
    P("echo a2>x", "(cmd echo a2 >x)");
    P("echo 2 >x", "(cmd echo 2 >x)");
    P("{ a; } >f 2>&1", "(group (cmd a) >f 2>&1)");
    P("while a; do b; done <in", "(while (cmd a) (cmd b) <in)");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "cmd 12>out {v}>&2 <&-");
    CHECK(n && n->kind == SH_N_SIMPLE && n->nredirs == 3);
    if (n && n->nredirs == 3) {
        CHECK_INT(n->redirs[0].op, SH_R_OUT);
        CHECK_INT(n->redirs[0].fd, 12);
        CHECK_INT(n->redirs[1].op, SH_R_DUP_OUT);
        CHECK_INT(n->redirs[1].fd, -1);
        CHECK_STR(n->redirs[1].fdvar.p, "v");
        CHECK_INT(n->redirs[2].op, SH_R_DUP_IN);
        CHECK_MEM(n->redirs[2].target.raw.p, n->redirs[2].target.raw.n, "-");
    }
    fx_free(&f);
}

/* ---- compound commands --------------------------------------------------------- */

TEST(shparse_compound)
{
    P("if a; then b; elif c; then d; else e; fi", "(if (cmd a) (cmd b) elif (cmd c) (cmd d) else (cmd e))");
    P("if a\nthen\n b\nfi", "(if (cmd a) (cmd b))");
    P("while a; do b; done; until x; do y; done", "(list (while (cmd a) (cmd b)) (until (cmd x) (cmd y)))");
    P("for i in 1 2 3; do echo $i; done", "(for i in 1 2 3 (cmd echo $i))");
    P("for i; do :; done", "(for i (cmd :))");
    P("for i\ndo :; done", "(for i (cmd :))");
    P("for i do :; done", "(for i (cmd :))");
    P("for i in; do :; done", "(for i in (cmd :))");
    P("for i in a b\ndo :\ndone", "(for i in a b (cmd :))");
    P("for i in do done; do :; done", "(for i in do done (cmd :))");
    P("for i in a; { echo; }", "(for i in a (cmd echo))");
    P("select x in a b; do :; done", "(select x in a b (cmd :))");
    P("for ((i=0; i<3; i++)); do echo; done", "(afor i=0; i<3; i++ (cmd echo))");
    P("for ((;;)) { break; }", "(afor '';'';'' (cmd break))");
    P("for ((\ni=0;\ni<1;i++)) do :; done", "(afor \ni=0;\ni<1;i++ (cmd :))");
    P("{ a; b; }", "(group (list (cmd a) (cmd b)))");
    P("{ a & }", "(group (list (cmd a)&))");
    P("{ (echo a) }", "(group (sub (cmd echo a)))");
    P("(a; b)", "(sub (list (cmd a) (cmd b)))");
    P("((x = 1 + 2))", "(arith x = 1 + 2)");
    P("((echo a); echo b)", "(sub (list (sub (cmd echo a)) (cmd echo b)))");
    P("((echo a) )", "(sub (sub (cmd echo a)))");
    P("(( a )) && [[ b ]] || { c; }", "(andor (arith  a ) && (cond (-n b)) || (group (cmd c)))");
    P("if true; then (echo b) fi", "(if (cmd true) (sub (cmd echo b)))");
}

TEST(shparse_case)
{
    P("case $x in a|b) echo 1;; (c) echo 2;& *) ;;& esac",
      "(case $x (a|b (cmd echo 1) ;;) (c (cmd echo 2) ;&) (* () ;;&))");
    P("case x in esac", "(case x)");
    P("case x in\n a)\n ;;\n b) c\nesac", "(case x (a () ;;) (b (cmd c) ;;))");
    P("case x\nin\nx) ;;\nesac", "(case x (x () ;;))");
    P("case x in a) echo a; esac", "(case x (a (cmd echo a) ;;))");
    P("case $(echo a) in a) case b in b) x;; esac;; esac",
      "(case $((cmd echo a)) (a (case b (b (cmd x) ;;)) ;;))");
    P("x=$(case a in a) echo;; esac)", "(cmd x=$((case a (a (cmd echo) ;;))))");
}

TEST(shparse_functions)
{
    P("f() { echo; } >x", "(func f (group (cmd echo) >x))");
    P("f () { echo; }", "(func f (group (cmd echo)))");
    P("f()\n{ echo; }", "(func f (group (cmd echo)))");
    P("function g { :; }", "(func g (group (cmd :)))");
    P("function g\n{ :; }", "(func g (group (cmd :)))");
    P("function h() ( : )", "(func h (sub (cmd :)))");
    P("function h ( echo x )", "(func h (sub (cmd echo x)))");
    P("f() if a; then b; fi", "(func f (if (cmd a) (cmd b)))");
    P("f() [[ 1 ]]", "(func f (cond (-n 1)))");
    P("f() ((1))", "(func f (arith 1))");
    P("f.x-y:z() { :; }", "(func f.x-y:z (group (cmd :)))");
    P("$x() { :; }", "(func $x (group (cmd :)))");
    P("\"f\"() { :; }", "(func \"f\" (group (cmd :)))");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "  function fn { echo hi; } 2>/dev/null; x");
    CHECK(n && n->kind == SH_N_LIST);
    if (n && n->kind == SH_N_LIST) {
        sh_node *fn = n->u.list.items[0];
        CHECK_INT(fn->kind, SH_N_FUNCDEF);
        CHECK_INT(fn->flags, SH_NF_FUNCTION_KW);
        CHECK_STR(fn->u.func.name.p, "fn");
        CHECK_MEM(fn->u.func.src.p, fn->u.func.src.n, "function fn { echo hi; } 2>/dev/null");
        CHECK_INT(fn->u.func.body->nredirs, 1);
    }
    fx_free(&f);
}

TEST(shparse_coproc)
{
    P("coproc cat", "(coproc COPROC (cmd cat))");
    P("coproc NAME { cat; }", "(coproc NAME (group (cmd cat)))");
    P("coproc { cat; } >x", "(coproc COPROC (group (cmd cat) >x))");
    P("coproc cat file", "(coproc COPROC (cmd cat file))");
    P("coproc NAME (cat)", "(coproc NAME (sub (cmd cat)))");
}

TEST(shparse_cond)
{
    P("[[ -f x && ( a == b* || ! $c =~ ^(a|b)$ ) ]]",
      "(cond (&& (-f x) (|| (== a b*) (! (=~ $c ^(a|b)$)))))");
    P("[[ a < b && c > d ]]", "(cond (&& (< a b) (> c d)))");
    P("[[ a -eq 1 || b -nt c && ! -z $d ]]", "(cond (|| (-eq a 1) (&& (-nt b c) (! (-z $d)))))");
    P("[[ x ]]", "(cond (-n x))");
    P("[[ a &&\n b ]]", "(cond (&& (-n a) (-n b)))");
    P("[[ $x == @(a|b) ]]", "(cond (== $x @(a|b)))");
    P("[[ $x != !(ab) ]]", "(cond (!= $x !(ab)))");
    P("[[ \"a b\" =~ (a b) ]]", "(cond (=~ \"a b\" (a b)))");
    P("[[ a =~ a||b ]]", "(cond (=~ a a||b))");
    P("[[ x =~ (a b)|c ]]", "(cond (=~ x (a b)|c))");
    P("[[ a =~ \"(\" ]]", "(cond (=~ a \"(\"))");
    P("[[ a =~ [a] ]]", "(cond (=~ a [a]))");
    P("[[ ( a ) ]]", "(cond (-n a))");
    /* errors: bash's texts; bash prints no second line and keeps $? */
    P("[[ a -x b ]]", "ERR line 1: conditional binary operator expected");
    P("[[ a == ]]", "ERR line 1: unexpected argument `]]' to conditional binary operator");
    P("[[ ( a ]]", "ERR line 1: unexpected token `]]', expected `)'");
    P("[[ a", "ERR line 1: unexpected token `newline', conditional binary operator expected");
    P("[[ -f ]]", "ERR line 1: unexpected argument `]]' to conditional unary operator");
    P("[[ a ) ]]", "ERR line 1: syntax error in conditional expression: unexpected token `)'");
    P("[[ a = a b ]]", "ERR line 1: syntax error in conditional expression");
    P("[[ || true ]]", "ERR line 1: unexpected token `||' in conditional command");
    P("[[ a =~ a>b ]]", "ERR line 1: syntax error in conditional expression: unexpected token `>'");
    P("[[ a == (a|b) ]]", "ERR line 1: unexpected argument `(' to conditional binary operator");
    P("[[ @(a) ]]", "ERR line 1: unexpected token `(', conditional binary operator expected");
    P("[[ -f x\n", "ERR line 1: unexpected EOF while looking for `]]'");
    P("[[ ]]", "ERR line 1: ");
    fx f;
    fx_init(&f);
    sh_parser *p = sh_parser_new(&f.ar, "[[ a b ]]", 9, &f.o);
    sh_node *n;
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_ERROR);
    CHECK_INT(sh_parser_error(p)->status, -1);
    n = one(&f, "[[ $a =~ ^x\"y\"$ ]]");
    CHECK(n && n->kind == SH_N_COND && n->u.cond->op == SH_CO_REGEX);
    if (n && n->u.cond->arg2) {
        CHECK_INT(n->u.cond->arg2->nparts, 3);
        CHECK_INT(n->u.cond->arg2->parts[1].kind, SH_P_DQ);
        CHECK_STR(n->u.cond->opname, "=~");
    }
    fx_free(&f);
}

/* ---- words ------------------------------------------------------------------------- */

TEST(shparse_quotes)
{
    P("echo \"a\\\"b\\$c\\\\d\\e\" \\x 'q'", "(cmd echo \"a\\\"b\\$c\\\\d\\e\" \\x 'q')");
    P("echo a\\\nb c$", "(cmd echo ab c$)");
    P("echo $'\\x41\\u00e9\\101\\cA\\e\\0zz' $\"loc $x\"", "(cmd echo $'A\xc3\xa9" "A\\x01\\x1b' $\"loc $x\")");
    P("echo $'a\\'b' $'\\t\\n\\\\' $'\\q'", "(cmd echo $'a'b' $'\\t\\n\\' $'\\q')");
    P("echo $% $ a$", "(cmd echo $% $ a$)");
    P("echo a\\", "(cmd echo a\\)");
    P("echo \"$\" \"$'x'\"", "(cmd echo \"$\" \"$'x'\")");
    P("echo '\n'", "(cmd echo '\n')");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "echo \"a $b\"'c'\\d$'e'");
    CHECK(n && n->u.simple.nwords == 2);
    if (n && n->u.simple.nwords == 2) {
        const sh_word *w = &n->u.simple.words[1];
        CHECK_INT(w->nparts, 4);
        CHECK_INT(w->parts[0].kind, SH_P_DQ);
        CHECK_INT(w->parts[0].u.list.n, 2);
        CHECK_INT(w->parts[0].u.list.parts[0].kind, SH_P_LIT);
        CHECK_INT(w->parts[0].u.list.parts[1].kind, SH_P_PARAM);
        CHECK_INT(w->parts[1].kind, SH_P_SQ);
        CHECK_INT(w->parts[2].kind, SH_P_ESC);
        CHECK_INT(w->parts[3].kind, SH_P_ANSI);
        CHECK(w->flags & SH_WF_QUOTED);
        CHECK(w->flags & SH_WF_EXPAND);
        CHECK(!(w->flags & SH_WF_LITERAL));
        CHECK_MEM(w->raw.p, w->raw.n, "\"a $b\"'c'\\d$'e'");
    }
    n = one(&f, "echo *.c {a,b} plain");
    if (n && n->u.simple.nwords == 4) {
        CHECK(n->u.simple.words[1].flags & SH_WF_GLOB);
        CHECK(n->u.simple.words[2].flags & SH_WF_BRACE);
        CHECK(!(n->u.simple.words[2].flags & SH_WF_GLOB));
        CHECK(n->u.simple.words[3].flags & SH_WF_LITERAL);
    } else CHECK(0);
    n = one(&f, "echo '*' \"?\" \\[");
    if (n && n->u.simple.nwords == 4) {
        for (int i = 1; i < 4; i++) CHECK(!(n->u.simple.words[i].flags & SH_WF_GLOB));
    } else CHECK(0);
    fx_free(&f);
}

TEST(shparse_params)
{
    P("echo $a ${b} $1 ${10} $10 $@ $* $# $? $- $$ $! $0 $_",
      "(cmd echo $a ${b} $1 ${10} $10 $@ $* $# $? $- $$ $! $0 $_)");
    P("echo ${#x} ${!x} ${!p*} ${!p@} ${!a[@]} ${#a[@]} ${a[i+1]} ${a[ 1 ]}",
      "(cmd echo ${#x} ${!x} ${!p*} ${!p@} ${!a[@]} ${#a[@]} ${a[i+1]} ${a[ 1 ]})");
    P("echo ${x-a} ${x:-a b} ${x=} ${x:=y} ${x?m} ${x:?} ${x+a} ${x:+b}",
      "(cmd echo ${x - [a]} ${x :- [a b]} ${x = ['']} ${x := [y]} ${x ? [m]} ${x :? ['']} ${x + [a]} ${x :+ [b]})");
    P("echo ${x#p} ${x##p*} ${x%s} ${x%%s} ${x/a/b} ${x//a} ${x/#a/b} ${x/%a/b} ${x/a\\/b/c}",
      "(cmd echo ${x # [p]} ${x ## [p*]} ${x % [s]} ${x %% [s]} ${x / [a] [b]} ${x // [a]} ${x /# [a] [b]}"
      " ${x /% [a] [b]} ${x / [a\\/b] [c]})");
    P("echo ${x:1} ${x: -1} ${x:(-2)} ${x:1:2} ${x:a?b:c:d} ${x:$((1)):\"1\"}",
      "(cmd echo ${x : [1]} ${x : [ -1]} ${x : [(-2)]} ${x : [1] [2]} ${x : [a?b:c] [d]} ${x : [$((1))] [\"1\"]})");
    P("echo ${x^} ${x^^[a-z]} ${x,} ${x,,} ${x~} ${x~~} ${x@Q} ${x@U} ${x@a}",
      "(cmd echo ${x ^ ['']} ${x ^^ [[a-z]]} ${x , ['']} ${x ,, ['']} ${x ~ ['']} ${x ~~ ['']} ${x @Q} ${x @U} ${x @a})");
    P("echo ${#} ${##} ${#-} ${#?} ${#@} ${#*} ${#:-f} ${##x} ${!#} ${!@} ${-#} ${!}",
      "(cmd echo ${#} ${##} ${#-} ${#?} ${#@} ${#*} ${# :- [f]} ${# # [x]} ${!#} ${!@} ${- # ['']} ${!})");
    P("echo ${@:2} ${*:-d} ${@-e} ${10:1}", "(cmd echo ${@ : [2]} ${* :- [d]} ${@ - [e]} ${10 : [1]})");
    /* bad substitutions are runtime errors in bash */
    P("echo ${%} ${a b} ${x@Z} ${#%} ${1a}", "(cmd echo ${BAD:${%}} ${BAD:${a b}} ${BAD:${x@Z}} ${BAD:${#%}} ${BAD:${1a}})");
    /* operand quoting: outside and inside double quotes */
    P("echo ${x:-\"a b\"} \"${x:-'q'}\" \"${x#'a'}\" \"${x:-\\}}\"",
      "(cmd echo ${x :- [\"a b\"]} \"${x :- ['q']}\" \"${x # ['a']}\" \"${x :- [\\}]}\")");
    P("echo ${x:-{a}b}", "(cmd echo ${x :- [{a]}b})");
    P("echo ${x:-$(echo })} ${x:-`echo }`} ${x:-${y:-a}}b \"${x:-'}'}\"",
      "(cmd echo ${x :- [$((cmd echo }))]} ${x :- [`(cmd echo })`]} ${x :- [${y :- [a]}]}b \"${x :- ['}']}\")");
    P("echo ${x:-~} \"${x:-~}\" ${y#~} ${y/~/H}", "(cmd echo ${x :- [<~>]} \"${x :- [~]}\" ${y # [<~>]} ${y / [<~>] [H]})");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "echo \"${a[$i]:-x}\"");
    const sh_part *pt = n ? &n->u.simple.words[1].parts[0] : NULL;
    CHECK(pt && pt->kind == SH_P_DQ);
    if (pt && pt->kind == SH_P_DQ) {
        const sh_param *pm = pt->u.list.parts[0].u.param;
        CHECK_STR(pm->name.p, "a");
        CHECK_INT(pm->op, SH_PO_DEFAULT);
        CHECK(pm->flags & SH_PPF_COLON);
        CHECK(pm->flags & SH_PPF_DQUOTE);
        CHECK(pm->flags & SH_PPF_BRACED);
        CHECK_MEM(pm->subscript->raw.p, pm->subscript->raw.n, "$i");
        CHECK_MEM(pm->raw.p, pm->raw.n, "${a[$i]:-x}");
    }
    n = one(&f, "echo ${!arr[@]} ${!ref} ${!pre*}");
    if (n) {
        const sh_param *a = n->u.simple.words[1].parts[0].u.param;
        CHECK((a->flags & SH_PPF_INDIRECT) && a->subscript && a->op == SH_PO_NONE);
        const sh_param *b = n->u.simple.words[2].parts[0].u.param;
        CHECK((b->flags & SH_PPF_INDIRECT) && !b->subscript);
        const sh_param *c = n->u.simple.words[3].parts[0].u.param;
        CHECK(c->op == SH_PO_NAMES && c->transform == '*');
        CHECK_STR(c->name.p, "pre");
    } else CHECK(0);
    fx_free(&f);
}

TEST(shparse_substitutions)
{
    P("echo \"a $b ${c:-d e} $(ls -l) `pwd`\"", "(cmd echo \"a $b ${c :- [d e]} $((cmd ls -l)) `(cmd pwd)`\")");
    P("echo $( (echo a) ) $((echo a) ) $((1+2)) $((echo a); echo b)",
      "(cmd echo $((sub (cmd echo a))) $((sub (cmd echo a))) $((1+2)) $((list (sub (cmd echo a)) (cmd echo b))))");
    P("echo $((1 + $(echo 2))) $[3*4] $(( (1+2)*3 ))", "(cmd echo $((1 + $((cmd echo 2)))) $[3*4] $(( (1+2)*3 )))");
    P("echo $(( a[1] + \"2\" + $x ))", "(cmd echo $(( a[1] + \"2\" + $x )))");
    P("echo `echo \\`echo hi\\``", "(cmd echo `(cmd echo `(cmd echo hi)`)`)");
    P("echo \"`echo \\\"q\\\"`\"", "(cmd echo \"`(cmd echo \"q\")`\")");
    P("echo $() `` $( )", "(cmd echo $() `` $())");
    P("echo $(# c\n)", "(cmd echo $())");
    P("cat <(ls) >(wc) a<(b)", "(cmd cat <((cmd ls)) >((cmd wc)) a<((cmd b)))");
    P("echo $(echo )) )", "ERR line 1: syntax error near unexpected token `)' | `echo $(echo )) )'");
    /* backtick bodies are parsed, but their errors only count at run time */
    P("echo `fi`; echo after", "(list (cmd echo `ERR:syntax error near unexpected token `fi'`) (cmd echo after))");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "x\ny `\nfi`");
    (void)n;
    sh_parser *p = sh_parser_new(&f.ar, "x\ny `\nfi`", 9, &f.o);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    const sh_subst *s = n->u.simple.words[1].parts[0].u.sub;
    CHECK(s->err != NULL);
    CHECK_INT(s->err_line, 2);
    CHECK_STR(s->err_text, "`fi'");
    CHECK_INT(s->line, 2);
    fx_free(&f);
}

TEST(shparse_tilde)
{
    P("echo ~ ~/x ~user ~+ ~- ~+2 a=~ x:~ ~:~", "(cmd echo <~> <~>/x <~user> <~+> <~-> <~+2> a=<~> x:~ <~>:~)");
    P("PATH=~/a:~/b:c~ x=~", "(cmd PATH=<~>/a:<~>/b:c~ x=<~>)");
    P("echo foo=a:~ x[1]=~ a+=~ --x=~", "(cmd echo foo=a:<~> x[1]=<~> a+=<~> --x=~)");
    P("echo ~\"/x\" ~$USER x~ \\~ ~{a,b} ~*", "(cmd echo ~\"/x\" ~$USER x~ \\~ ~{a,b} ~*)");
    P("echo \"~\" '~'", "(cmd echo \"~\" '~')");
}

TEST(shparse_extglob)
{
    PX("echo @(a|b) *(x) +(y) ?(z) !(w) x@(a b|c)y", "(cmd echo @(a|b) *(x) +(y) ?(z) !(w) x@(a b|c)y)");
    PX("echo @(a|@(b|c))", "(cmd echo @(a|@(b|c)))");
    PX("case $x in @(a|b)) ;; esac", "(case $x (@(a|b) () ;;))");
    P("echo @(a|b)", "ERR line 1: syntax error near unexpected token `(' | `echo @(a|b)'");
    P("case ab in @(a|b)b) echo y;; esac",
      "ERR line 1: syntax error near unexpected token `(' | `case ab in @(a|b)b) echo y;; esac'");
    fx f;
    fx_init(&f);
    f.o.extglob = 1;
    sh_node *n = one(&f, "ls !($x|\"y\")");
    if (n) {
        const sh_part *pt = &n->u.simple.words[1].parts[0];
        CHECK_INT(pt->kind, SH_P_EXTGLOB);
        CHECK_INT(pt->op, '!');
        CHECK_INT(pt->u.list.n, 3);
        CHECK(n->u.simple.words[1].flags & SH_WF_GLOB);
    } else CHECK(0);
    fx_free(&f);
}

TEST(shparse_assignments)
{
    P("a=(1 2 [k]=v) b+=x c[1+2]=y cmd", "(cmd a=(1 2 [k]=v) b+=x c[1+2]=y cmd)");
    P("a=( [a b]=1 [\"c d\"]=2 [$x]=3 e \"f g\" #c\n h [x]+=y )",
      "(cmd a=([a b]=1 [\"c d\"]=2 [$x]=3 e \"f g\" h [x]+=y))");
    P("a[1 + 2]=x", "(cmd a[1 + 2]=x)");
    P("x=1 a[1 + 2]=3", "(cmd x=1 a[1 + 2]=3)");
    P("a[1 + 2]", "(cmd a[1 + 2])");
    P("echo a[1 + 2]=x", "(cmd echo a[1 + 2]=x)");
    P("a=(1)x", "(cmd a=(1)x)");
    P("a=(\n1\n2\n)", "(cmd a=(1 2))");
    P("declare -a x=(1 2) y=3 \"q=1\" r=$(echo)", "(cmd declare -a A:x=(1 2) A:y=3 \"q=1\" A:r=$((cmd echo)))");
    P("local a[2]=x; export b=(1)", "(list (cmd local A:a[2]=x) (cmd export A:b=(1)))");
    P("eval a=(1 $x \"3 4\")", "(cmd eval a=(1 $x \"3 4\"))");
    P("FOO=1 declare a=(1 2)", "(cmd FOO=1 declare A:a=(1 2))");
    P("echo a=(1 2)", "ERR line 1: syntax error near unexpected token `(' | `echo a=(1 2)'");
    P("command declare a=(1 2)",
      "ERR line 1: syntax error near unexpected token `(' | `command declare a=(1 2)'");
    P("a=b() { :; }", "ERR line 1: syntax error near unexpected token `(' | `a=b() { :; }'");
    P("a=(1;2)", "ERR line 1: syntax error near unexpected token `;' | `a=(1;2)'");
    P("a=(1 2 3\n", "ERR line 1: unexpected EOF while looking for matching `)'");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "a[$i]+=~/x:~ b=(x [2]=y) c= cmd");
    CHECK(n && n->u.simple.nassigns == 3);
    if (n && n->u.simple.nassigns == 3) {
        const sh_assign *a = &n->u.simple.assigns[0];
        CHECK_STR(a->name.p, "a");
        CHECK(a->append);
        CHECK(a->subscript && a->subscript->nparts == 1 && a->subscript->parts[0].kind == SH_P_PARAM);
        CHECK_MEM(a->subscript->raw.p, a->subscript->raw.n, "$i");
        CHECK_INT(a->value.nparts, 3);
        CHECK_INT(a->value.parts[0].kind, SH_P_TILDE);
        CHECK_INT(a->value.parts[1].kind, SH_P_LIT);
        CHECK_INT(a->value.parts[2].kind, SH_P_TILDE);
        CHECK_MEM(a->value.raw.p, a->value.raw.n, "~/x:~");
        const sh_assign *b = &n->u.simple.assigns[1];
        CHECK(b->compound && b->nelems == 2);
        CHECK(b->elems[1].key && !b->elems[0].key);
        const sh_assign *c = &n->u.simple.assigns[2];
        CHECK_INT(c->value.nparts, 0);
        CHECK_MEM(n->u.simple.words[0].raw.p, n->u.simple.words[0].raw.n, "cmd");
    }
    n = one(&f, "declare -A m=([a]=1) x");
    CHECK(n && n->u.simple.decl);
    if (n) {
        const sh_word *w = &n->u.simple.words[2];
        CHECK(w->assign && w->assign->compound);
        CHECK(w->flags & SH_WF_COMPOUND);
        CHECK(!n->u.simple.words[3].assign);
    }
    fx_free(&f);
}

/* ---- here-documents -------------------------------------------------------------- */

TEST(shparse_heredoc)
{
    P("cat <<EOF\nhello $x\nEOF", "(cmd cat <<EOF[hello $x\\n])");
    P("cat <<-\"EOF\"\n\tlit $x\n\tEOF\n", "(cmd cat <<-\"EOF\"[lit:lit $x\\n])");
    P("cat <<E1 <<E2\na $x\nE1\nb `c`\nE2\necho ok", "(cmd cat <<E1[a $x\\n] <<E2[b `(cmd c)`\\n]) ;; (cmd echo ok)");
    P("cat <<EOF; cat <<\"E2\"\n$HOME\nEOF\n$HOME\nE2\necho done",
      "(list (cmd cat <<EOF[$HOME\\n]) (cmd cat <<\"E2\"[lit:$HOME\\n])) ;; (cmd echo done)");
    P("x=$(cat <<EOF\nin\nEOF\n)", "(cmd x=$((cmd cat <<EOF[in\\n])))");
    P("cat <<EOF\na\\\nEOF\nEOF", "(cmd cat <<EOF[aEOF\\n])");
    P("cat <<'EOF'\na\\\nEOF\nEOF", "(cmd cat <<'EOF'[lit:a\\\\n]) ;; (cmd EOF)");
    P("cat <<EOF\na\\\\\nb\nEOF", "(cmd cat <<EOF[a\\\\\\nb\\n])");
    P("cat <<EOF\n\\$x \\\\$y \\\"\nEOF", "(cmd cat <<EOF[\\$x \\\\$y \\\"\\n])");
    P("cat <<EOF\n${x:-\"q\"} \"${x:-'q'}\"\nEOF", "(cmd cat <<EOF[${x :- [\"q\"]} \"${x :- ['q']}\"\\n])");
    P("cat << EOF\nx\n EOF\nEOF", "(cmd cat <<EOF[x\\n EOF\\n])");
    P("cat <<E\"O\"F\n$x\nEOF", "(cmd cat <<E\"O\"F[lit:$x\\n])");
    P("cat <<\\EOF\n$x\nEOF", "(cmd cat <<\\EOF[lit:$x\\n])");
    P("cat <<EOF\nEOF", "(cmd cat <<EOF[])");
    P("f() { cat; } <<EOF\nhi\nEOF\nf", "(func f (group (cmd cat) <<EOF[hi\\n])) ;; (cmd f)");
    P("cat <<EOF | tr a b\nx\nEOF", "(pipe (cmd cat <<EOF[x\\n]) | (cmd tr a b))");
    P("cat <<-EOF\n\tx\\\n\tEOF\n\tEOF\n", "(cmd cat <<-EOF[x\\tEOF\\n])");
    /* an unterminated here-document is a warning */
    fx f;
    fx_init(&f);
    CHECK_STR(run(&f, "cat <<EOF\nx"), "(cmd cat <<EOF[x\\n])");
    CHECK_STR(f.warn, "line 2: here-document at line 1 delimited by end-of-file (wanted `EOF')");
    fx_free(&f);
    fx_init(&f);
    CHECK_STR(run(&f, "cat <<EOF"), "(cmd cat <<EOF[])");
    CHECK_STR(f.warn, "line 1: here-document at line 1 delimited by end-of-file (wanted `EOF')");
    fx_free(&f);
    fx_init(&f);
    CHECK_STR(run(&f, "cat <<EOF\nx\nEOF\ncat <<E2\ny\n\n"), "(cmd cat <<EOF[x\\n]) ;; (cmd cat <<E2[y\\n\\n])");
    CHECK_STR(f.warn, "line 6: here-document at line 4 delimited by end-of-file (wanted `E2')");
    fx_free(&f);
    fx_init(&f);
    CHECK_STR(run(&f, "echo $(cat <<EOF) after\nbody\nEOF\n"), "(cmd echo $((cmd cat <<EOF[body\\n])) after)");
    CHECK_STR(f.warn, "line 1: command substitution: 1 unterminated here-document");
    fx_free(&f);
    /* a body that does not parse is reported when it is used */
    fx_init(&f);
    sh_node *n = one(&f, "cat <<EOF\na $(if) b\nEOF\n");
    CHECK(n && n->nredirs == 1);
    if (n && n->nredirs == 1) {
        CHECK_STR(n->redirs[0].body_err, "syntax error near unexpected token `)'");
        CHECK_INT(n->redirs[0].body_err_line, 2);
        CHECK_STR(n->redirs[0].body_err_text, "`a $(if) b'");
        CHECK_STR(n->redirs[0].delim.p, "EOF");
    }
    fx_free(&f);
}

/* ---- line numbers --------------------------------------------------------------------- */

static int line_of(const char *src, int which)
{
    fx f;
    fx_init(&f);
    sh_parser *p = sh_parser_new(&f.ar, src, strlen(src), &f.o);
    sh_node *n = NULL;
    int line = -1;
    for (int i = 0; i <= which; i++)
        if (sh_parse_next(p, &n) != SH_PARSE_OK) { n = NULL; break; }
    if (n) line = n->line;
    fx_free(&f);
    return line;
}

TEST(shparse_lines)
{
    CHECK_INT(line_of("a\nb\n\nc", 2), 4);
    CHECK_INT(line_of("echo $LINENO \\\n $LINENO", 0), 1);
    CHECK_INT(line_of("x\nnosuch \"\n\" x", 1), 3);
    CHECK_INT(line_of("nosuch x \"\n\"", 0), 1);
    CHECK_INT(line_of("x=1 \\\n y=2 nosuch", 0), 1);
    CHECK_INT(line_of("echo \\\n$LINENO", 0), 2);
    CHECK_INT(line_of(">/dev/null \\\necho", 0), 1);
    CHECK_INT(line_of("x=\"\n\" echo", 0), 2);
    CHECK_INT(line_of("\n\nif a\nthen b\nfi", 0), 3);
    CHECK_INT(line_of("cat <<EOF\n1\n2\nEOF\necho", 1), 5);
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "for i in 1; do\necho $LINENO\ndone");
    CHECK(n && n->u.for_.body->line == 2);
    n = one(&f, "f() {\n  a\n  b\n}");
    CHECK(n && n->line == 1 && n->u.func.body->u.body->u.list.items[1]->line == 3);
    f.o.first_line = 10;
    n = one(&f, "\nx");
    CHECK(n && n->line == 11);
    fx_free(&f);
}

/* ---- errors, as bash -c prints them -------------------------------------------------- */

TEST(shparse_errors)
{
    P("echo hi\nfi", "(cmd echo hi) ;; ERR line 2: syntax error near unexpected token `fi' | `fi'");
    P("if true; then echo", "ERR line 2: syntax error: unexpected end of file");
    P("if true; then echo\n\n\n", "ERR line 4: syntax error: unexpected end of file");
    P("if true\nthen echo", "ERR line 3: syntax error: unexpected end of file");
    P("echo \"abc", "ERR line 1: unexpected EOF while looking for matching `\"'");
    P("echo 'abc", "ERR line 1: unexpected EOF while looking for matching `''");
    P("echo $(ls", "ERR line 2: unexpected EOF while looking for matching `)'");
    P("echo $(ls\n\n\n", "ERR line 4: unexpected EOF while looking for matching `)'");
    P("echo `ls", "ERR line 1: unexpected EOF while looking for matching ``'");
    P("echo ${x", "ERR line 1: unexpected EOF while looking for matching `}'");
    P("echo a;\n  (echo ${x\n", "(cmd echo a) ;; ERR line 2: unexpected EOF while looking for matching `}'");
    P("echo $'abc", "ERR line 1: unexpected EOF while looking for matching `''");
    P("(( 1 + ", "ERR line 1: unexpected EOF while looking for matching `)'");
    P("echo $((1+2)", "ERR line 1: unexpected EOF while looking for matching `)'");
    P("case x in a) ;; b", "ERR line 1: syntax error near unexpected token `newline' | `case x in a) ;; b'");
    P("echo a(b)", "ERR line 1: syntax error near unexpected token `(' | `echo a(b)'");
    P("( ls", "ERR line 2: syntax error: unexpected end of file");
    P("echo )", "ERR line 1: syntax error near unexpected token `)' | `echo )'");
    P("f() echo", "ERR line 1: syntax error near unexpected token `echo' | `f() echo'");
    P("if true\nthen\n  echo a\nfi fi", "ERR line 4: syntax error near unexpected token `fi' | `fi fi'");
    P("echo a\n  done\necho b", "(cmd echo a) ;; ERR line 2: syntax error near unexpected token `done' | `  done'");
    P("echo $(\nif\n)", "ERR line 3: syntax error near unexpected token `)' | `)'");
    P("a && && b", "ERR line 1: syntax error near unexpected token `&&' | `a && && b'");
    P("a |", "ERR line 2: syntax error: unexpected end of file");
    P("a ;; b", "ERR line 1: syntax error near unexpected token `;;' | `a ;; b'");
    P("echo ;;;", "ERR line 1: syntax error near unexpected token `;;' | `echo ;;;'");
    P("{ }", "ERR line 1: syntax error near unexpected token `}' | `{ }'");
    P("( a ) \"b c\"", "ERR line 1: syntax error near unexpected token `\"b c\"' | `( a ) \"b c\"'");
    P("echo >", "ERR line 1: syntax error near unexpected token `newline' | `echo >'");
    P("echo > ;", "ERR line 1: syntax error near unexpected token `;' | `echo > ;'");
    P("cat <<", "ERR line 1: syntax error near unexpected token `newline' | `cat <<'");
    P("for", "ERR line 1: syntax error near unexpected token `newline' | `for'");
    P("for x in a", "ERR line 2: syntax error: unexpected end of file");
    P("for ((a)); do :; done",
      "ERR line 1: syntax error: arithmetic expression required | syntax error: `((a))'");
    P("for ((a;b;c;d)); do :; done", "ERR line 1: syntax error: `;' unexpected | syntax error: `((a;b;c;d))'");
    P("for ((a))", "ERR line 2: syntax error: unexpected end of file");
    P("in", "ERR line 1: syntax error near unexpected token `in' | `in'");
    P("]]", "ERR line 1: syntax error near unexpected token `]]' | `]]'");
    P("echo a | ! false", "ERR line 1: syntax error near unexpected token `!' | `echo a | ! false'");
    P("((echo a)\necho b)", "ERR line 1: syntax error near `a)' | `((echo a)'");
    P("(( 1+2 )", "ERR line 1: syntax error near `)' | `(( 1+2 )'");
    P("(( 1+2 ) x", "ERR line 1: syntax error near unexpected token `x' | `(( 1+2 ) x'");
    P("(echo) ((1+2))", "ERR line 1: syntax error near unexpected token `1+2' | `(echo) ((1+2))'");
    P("f(\n) { :; }", "ERR line 1: syntax error near unexpected token `newline' | `f('");
    P("echo & &", "ERR line 1: syntax error near unexpected token `&' | `echo & &'");
    P("echo a; ! &", "ERR line 1: syntax error near unexpected token `&' | `echo a; ! &'");
    P("case x; in a) esac", "ERR line 1: syntax error near unexpected token `;' | `case x; in a) esac'");
    P("echo $(if true", "ERR line 2: unexpected EOF while looking for matching `)'");
    P("echo $(", "ERR line 2: unexpected EOF while looking for matching `)'");
    P("echo >(", "ERR line 2: unexpected EOF while looking for matching `)'");
    P("echo $(echo \"", "ERR line 1: unexpected EOF while looking for matching `\"'");
    fx f;
    fx_init(&f);
    sh_parser *p = sh_parser_new(&f.ar, "echo \"$(fi)\"", 12, &f.o);
    sh_node *n;
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_ERROR);
    CHECK_INT(sh_parser_error(p)->status, 127);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_ERROR);   /* sticky */
    p = sh_parser_new(&f.ar, "x=(a", 4, &f.o);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_ERROR);
    CHECK_INT(sh_parser_error(p)->status, 1);
    p = sh_parser_new(&f.ar, "fi", 2, &f.o);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_ERROR);
    CHECK_INT(sh_parser_error(p)->status, 2);
    fx_free(&f);
}

/* ---- incremental parsing, aliases ------------------------------------------------------ */

TEST(shparse_incremental)
{
    fx f;
    fx_init(&f);
    const char *src = "shopt -s extglob\necho @(a|b); x\n";
    sh_parser *p = sh_parser_new(&f.ar, src, strlen(src), &f.o);
    sh_node *n;
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    CHECK_STR(sh_ast_dump(&f.ar, n), "(cmd shopt -s extglob)");
    CHECK_INT(sh_parser_line(p), 2);
    f.o.extglob = 1;
    sh_parser_set_opts(p, &f.o);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    CHECK_STR(sh_ast_dump(&f.ar, n), "(list (cmd echo @(a|b)) (cmd x))");
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_END);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_END);
    /* parse_all */
    p = sh_parser_new(&f.ar, "a\nb; c\n", 7, &f.o);
    CHECK_INT(sh_parse_all(p, &n), SH_PARSE_OK);
    CHECK_STR(sh_ast_dump(&f.ar, n), "(list (cmd a) (cmd b) (cmd c))");
    p = sh_parser_new(&f.ar, "\n# x\n", 5, &f.o);
    CHECK_INT(sh_parse_all(p, &n), SH_PARSE_OK);
    CHECK(n == NULL);
    fx_free(&f);
}

static const char *aliases(void *ud, const char *name)
{
    (void)ud;
    if (!strcmp(name, "ll")) return "ls -l";
    if (!strcmp(name, "sp")) return "echo ";
    if (!strcmp(name, "word")) return "WORD";
    if (!strcmp(name, "loop")) return "loop again";
    if (!strcmp(name, "ls")) return "ls --color";
    if (!strcmp(name, "forever")) return "while true; do";
    if (!strcmp(name, "a1")) return "a2";
    if (!strcmp(name, "a2")) return "a1 x";
    if (!strcmp(name, "open")) return "echo $(x";
    return NULL;
}

TEST(shparse_aliases)
{
    fx f;
    fx_init(&f);
    f.o.alias_lookup = aliases;
    CHECK_STR(run(&f, "ll /tmp"), "(cmd ls --color -l /tmp)");
    CHECK_STR(run(&f, "sp word"), "(cmd echo WORD)");
    CHECK_STR(run(&f, "echo word"), "(cmd echo word)");
    CHECK_STR(run(&f, "loop"), "(cmd loop again)");
    CHECK_STR(run(&f, "a1"), "(cmd a1 x)");
    CHECK_STR(run(&f, "forever x; done"), "(while (cmd true) (cmd x))");
    CHECK_STR(run(&f, "x; ll | ll && { ll; }"),
              "(list (cmd x) (andor (pipe (cmd ls --color -l) | (cmd ls --color -l)) && (group (cmd ls --color -l))))");
    CHECK_STR(run(&f, "'ll' \\ll x=1 ll"), "(cmd 'll' \\ll x=1 ll)");
    CHECK_STR(run(&f, "y=1 ll"), "(cmd y=1 ls --color -l)");
    CHECK_STR(run(&f, "if ll; then ll; fi"), "(if (cmd ls --color -l) (cmd ls --color -l))");
    /* a $( ) opened in alias text must close there (bash would read on) */
    CHECK_STR(run(&f, "open)y"), "ERR line 1: unexpected EOF while looking for matching `)'");
    fx_free(&f);
}

/* ---- limits --------------------------------------------------------------------------------- */

static int64_t fake_now(void *ud)
{
    int64_t *t = ud;
    return *t += 10;
}

TEST(shparse_limits)
{
    fx f;
    fx_init(&f);
    char buf[4096];
    /* 150 nested subshells */
    size_t k = 0;
    for (int i = 0; i < 150; i++) { buf[k++] = '('; buf[k++] = ' '; }
    buf[k++] = 'x';
    for (int i = 0; i < 150; i++) buf[k++] = ')';
    buf[k] = 0;
    CHECK_STR(run(&f, buf), "LIMIT max_ast_depth 100");
    f.o.max_depth = 0;
    CHECK(strncmp(run(&f, buf), "(sub (sub", 9) == 0);
    f.o.max_depth = 100;
    /* nested command substitutions and ${ } */
    k = 0;
    for (int i = 0; i < 120; i++) { memcpy(buf + k, "$(", 2); k += 2; }
    for (int i = 0; i < 120; i++) buf[k++] = ')';
    buf[k] = 0;
    CHECK_STR(run(&f, buf), "LIMIT max_ast_depth 100");
    k = 0;
    for (int i = 0; i < 120; i++) { memcpy(buf + k, "${x:-", 5); k += 5; }
    for (int i = 0; i < 120; i++) buf[k++] = '}';
    buf[k] = 0;
    CHECK_STR(run(&f, buf), "LIMIT max_ast_depth 100");
    k = 0;
    memcpy(buf, "[[ ", 3);
    k = 3;
    for (int i = 0; i < 120; i++) { memcpy(buf + k, "! ", 2); k += 2; }
    memcpy(buf + k, "x ]]", 5);
    CHECK_STR(run(&f, buf), "LIMIT max_ast_depth 100");
    /* long flat lists do not count as depth */
    k = 0;
    for (int i = 0; i < 500; i++) { memcpy(buf + k, "a && ", 5); k += 5; }
    memcpy(buf + k, "b", 2);
    CHECK(strncmp(run(&f, buf), "(andor", 6) == 0);
    /* fuel */
    f.o.fuel = 50;
    CHECK_STR(run(&f, buf), "LIMIT max_parser_operations 50");
    f.o.fuel = 100000;
    CHECK(strncmp(run(&f, buf), "(andor", 6) == 0);
    /* timeout: the fake clock advances 10ms per call */
    int64_t clock = 0;
    f.o.now_ms = fake_now;
    f.o.now_ud = &clock;
    f.o.timeout_ms = 5;
    CHECK_STR(run(&f, buf), "LIMIT parser_timeout 5");
    f.o.timeout_ms = 0;
    fx_free(&f);
    /* the C stack guard */
    fx_init(&f);
    f.o.max_depth = 0;
    f.o.stack_limit = sk_stack_limit_from_here(16 * 1024);
    k = 0;
    for (int i = 0; i < 1000; i++) { buf[k++] = '('; buf[k++] = ' '; }
    buf[k] = 0;
    CHECK(strncmp(run(&f, buf), "LIMIT max_ast_depth", 19) == 0);
    fx_free(&f);
}

TEST(shparse_memory_limit)
{
    /* allocation failure anywhere is a clean SH_PARSE_NOMEM */
    const char *src = "f() { for i in a b; do echo \"${x:-$(cat <<EOF\nbody $y\nEOF\n)}\" | tr a b; done; }";
    int saw_nomem = 0, saw_ok = 0;
    for (size_t lim = 256; lim < 200000; lim += lim / 8) {
        sk_alloc a;
        sk_alloc_init(&a, lim);
        sk_arena ar;
        sk_arena_init(&ar, &a, 256);
        sh_parser *p = sh_parser_new(&ar, src, strlen(src), NULL);
        sh_node *n;
        int r = p ? sh_parse_all(p, &n) : SH_PARSE_NOMEM;
        if (r == SH_PARSE_NOMEM) saw_nomem++;
        else if (r == SH_PARSE_OK) saw_ok++;
        else CHECK(0);
        sk_arena_free(&ar);
        CHECK_INT(a.used, 0);
    }
    CHECK(saw_nomem > 0 && saw_ok > 0);
}

TEST(shparse_binary_safe)
{
    /* bytes >= 0x80 and odd control bytes are ordinary word characters */
    fx f;
    fx_init(&f);
    const char src[] = "echo \xc3\xa9\x01\xff 'x\x02'";
    sh_node *n = one(&f, src);
    CHECK(n && n->u.simple.nwords == 3);
    if (n && n->u.simple.nwords == 3) CHECK_MEM(n->u.simple.words[1].raw.p, n->u.simple.words[1].raw.n, "\xc3\xa9\x01\xff");
    /* the tree does not point into the caller's buffer */
    char tmp[] = "echo abc";
    sh_parser *p = sh_parser_new(&f.ar, tmp, strlen(tmp), &f.o);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    memset(tmp, 'z', strlen(tmp));
    CHECK_STR(sh_ast_dump(&f.ar, n), "(cmd echo abc)");
    fx_free(&f);
}

/* ---- printing like bash's declare -f -------------------------------------------- */

static const char *declare_f(fx *f, const char *src)
{
    sh_node *n = one(f, src);
    if (!n || n->kind != SH_N_FUNCDEF) return "NOT A FUNCTION";
    return sh_print_function(&f->ar, n->u.func.name.p, n->u.func.name.n, n->u.func.body);
}

TEST(shparse_print_bash)
{
    fx f;
    fx_init(&f);
    /* expected texts are what bash 5.2 `declare -f f` prints */
    CHECK_STR(declare_f(&f, "f() { if a; then b; elif c; then d; fi; x=$(echo a; echo b) y=(1 \"2 3\");"
                            " [[ ! -z $x || ( a < b ) ]]; case $x in a|b) c;; esac; cat <<EOF\nhi $x\nEOF\n"
                            "a | b |& c; for ((;;)); do break; done; }"),
              "f () \n{ \n    if a; then\n        b;\n    else\n        if c; then\n            d;\n"
              "        fi;\n    fi;\n    x=$(echo a; echo b) y=(1 \"2 3\");\n"
              "    [[ ! -z $x || ( a < b ) ]];\n    case $x in \n        a | b)\n            c\n"
              "        ;;\n    esac;\n    cat <<EOF\nhi $x\nEOF\n\n    a | b 2>&1 | c;\n"
              "    for ((1; 1; 1))\n    do\n        break;\n    done\n}");
    CHECK_STR(declare_f(&f, "f() ( echo $'a\\tb' ${x:-$( ls )} a\\\nb ) >x"),
              "f () \n{ \n    ( echo 'a\tb' ${x:-$(ls)} ab ) > x\n}");
    CHECK_STR(declare_f(&f, "f() { { a; } >x; } 2>&1"), "f () \n{ \n    { \n        a\n    } > x\n} 2>&1");
    CHECK_STR(declare_f(&f, "function if { :; }"), "function if () \n{ \n    :\n}");
    CHECK_STR(declare_f(&f, "f() { exec 3<&- <>f >&w <&$fd 2>&1- {v}>x; a & b; }"),
              "f () \n{ \n    exec 3>&- 0<> f >&w <&$fd 2>&1- {v}> x;\n    a & b\n}");
    sh_node *n = one(&f, "x");
    (void)n;
    sh_parser *p = sh_parser_new(&f.ar, "echo $(a\nb) && { c; }", 21, &f.o);
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    CHECK_STR(sh_print_command(&f.ar, n), "echo $(a\nb) && { c; }");
    fx_free(&f);
}

/* ---- corner cases found by differential fuzzing against bash -n -------------- */

TEST(shparse_fuzz_regressions)
{
    P("echo ${x%${y }}", "(cmd echo ${x % [${BAD:${y }}]})");
    P("echo \"${#arr[@}\"", "(cmd echo \"${BAD:${#arr[@}}\")");
    P("a=([x y", "ERR line 1: unexpected EOF while looking for matching `]'");
    P("x=(alias a=b 2>/dev/null)", "ERR line 1: syntax error near unexpected token `2' | `x=(alias a=b 2>/dev/null)'");
    P("[[ -f <(true) ]]", "(cond (-f <((cmd true))))");
    P("for f in\\\n a; do :; done", "(for f in a (cmd :))");
    P("i\\\nf true; then :; fi", "(if (cmd true) (cmd :))");
    P("echo hello >& 2>/dev/null", "(cmd echo hello >&2 >/dev/null)");
    P("echo $((echo a) | tr a b)", "(cmd echo $((pipe (sub (cmd echo a)) | (cmd tr a b))))");
    P("echo $((;x)while )", "(cmd echo $(ERR:syntax error near unexpected token `;'))");
    P("echo $(( 1 + '2' )) $(( 1 + \"2\" ))", "(cmd echo $(( 1 + '2' )) $(( 1 + \"2\" )))");
    P("echo $((X +'1))", "ERR line 1: unexpected EOF while looking for matching `''");
    P("echo $(( ((2 + 3)\\)* ((4 - 1)) ))", "ERR line 1: unexpected EOF while looking for matching `)'");
    P("echo ${x:'1'}", "(cmd echo ${x : ['1']})");
    P("echo ${x:-<(echo a)} \"${x:-<(echo b)}\"", "(cmd echo ${x :- [<((cmd echo a))]} \"${x :- [<(echo b)]}\")");
    P("echo $((1 << 4 )${!)", "(cmd echo $(ERR:unexpected EOF while looking for matching `}'))");
    P("for ((a) ); do :; done", "ERR line 1: ");
    P("for i in 1; do[echo $i; done", "ERR line 1: unexpected EOF while looking for matching `]'");
    P("for i ir=(a b c); do :; done", "ERR line 1: syntax error near unexpected token `ir=' | `for i ir=(a b c); do :; done'");
    P("( a ) \"b\nc'\\\\\td\"", "ERR line 2: syntax error near unexpected token `$'\"b\\nc\\'\\\\\\\\\\td\"'' | `c'\\\\\td\"'");
    PX("echo $@(5 >= 5)", "(cmd echo $@(5 >= 5))");
    fx f;
    fx_init(&f);
    sh_node *n = one(&f, "echo $((echo a)   |  tr a b)");
    CHECK(n && n->u.simple.words[1].parts[0].flags == SH_PF_DEFERRED);
    n = one(&f, "f() { echo $((echo a)   |  tr a b); }");
    CHECK_STR(sh_print_function(&f.ar, "f", 1, n->u.func.body), "f () \n{ \n    echo $((echo a)   |  tr a b)\n}");
    fx_free(&f);
    /* bash reads the here-documents of the line before it reports an error */
    P("cat <<EOF )\nb\nEOF\necho", "ERR line 3: syntax error near unexpected token `)' | `cat <<EOF )'");
    P("{ cat <<EOF )\nb\nEOF\n}", "ERR line 1: syntax error near unexpected token `)' | `{ cat <<EOF )'");
}

TEST(shparse_clone)
{
    /* a deep copy lives on after the parser's arena is gone */
    const char *src = "f() { local a=(1 [k]=\"$x\") b; cat <<EOF >&2\nbody $y `z`\nEOF\n"
                      "[[ -f ${p:-~/d} && ! $q =~ ^(a|b)$ ]]; case $1 in @(a|b)) (( i++ ));; esac; }";
    sk_alloc a;
    sk_alloc_init(&a, 0);
    sk_arena ar1, ar2;
    sk_arena_init(&ar1, &a, 0);
    sk_arena_init(&ar2, &a, 0);
    sh_parse_opts o;
    sh_parse_opts_default(&o);
    o.extglob = 1;
    sh_parser *p = sh_parser_new(&ar1, src, strlen(src), &o);
    sh_node *n;
    CHECK_INT(sh_parse_next(p, &n), SH_PARSE_OK);
    const char *d1 = sh_ast_dump(&ar1, n);
    char want[2048];
    snprintf(want, sizeof want, "%s", d1);
    sh_node *c = sh_ast_clone(&ar2, n);
    CHECK(c != NULL);
    sk_arena_free(&ar1);
    CHECK_STR(sh_ast_dump(&ar2, c), want);
    CHECK_STR(sh_print_function(&ar2, c->u.func.name.p, c->u.func.name.n, c->u.func.body),
              "f () \n{ \n    local a=(1 [k]=\"$x\") b;\n    cat <<EOF 1>&2\nbody $y `z`\nEOF\n\n"
              "    [[ -f ${p:-~/d} && ! $q =~ ^(a|b)$ ]];\n    case $1 in \n        @(a|b))\n"
              "            (( i++ ))\n        ;;\n    esac\n}");
    sk_arena_free(&ar2);
    CHECK_INT(a.used, 0);
}

/* Parts with their kinds: L(lit) S(sq) E(esc) A(ansi) D(...) T(tilde) P(name)
 * C(cmdsub) X(arith) G(extglob) R(procsub). */
static void kinds_into(char *o, size_t cap, const sh_part *a, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const sh_part *x = &a[i];
        size_t l = strlen(o);
        switch (x->kind) {
        case SH_P_LIT: snprintf(o + l, cap - l, "L(%.*s)", (int)x->u.text.n, x->u.text.p); break;
        case SH_P_SQ: snprintf(o + l, cap - l, "S(%.*s)", (int)x->u.text.n, x->u.text.p); break;
        case SH_P_ESC: snprintf(o + l, cap - l, "E(%.*s)", (int)x->u.text.n, x->u.text.p); break;
        case SH_P_ANSI: snprintf(o + l, cap - l, "A(%.*s)", (int)x->u.text.n, x->u.text.p); break;
        case SH_P_TILDE: snprintf(o + l, cap - l, "T(%.*s)", (int)x->u.text.n, x->u.text.p); break;
        case SH_P_PARAM: snprintf(o + l, cap - l, "P(%s)", x->u.param->name.p); break;
        case SH_P_CMDSUB: snprintf(o + l, cap - l, "C()"); break;
        case SH_P_PROCSUB: snprintf(o + l, cap - l, "R()"); break;
        case SH_P_ARITH: snprintf(o + l, cap - l, "X()"); break;
        case SH_P_DQ: case SH_P_EXTGLOB:
            snprintf(o + l, cap - l, "%s(", x->kind == SH_P_DQ ? "D" : "G");
            kinds_into(o, cap, x->u.list.parts, x->u.list.n);
            l = strlen(o);
            snprintf(o + l, cap - l, ")");
            break;
        }
    }
}

static const char *kinds(fx *f, const sh_word *w)
{
    char *o = sk_arena_zalloc(&f->ar, 1024);
    kinds_into(o, 1024, w->parts, w->nparts);
    return o;
}

/* the kinds of the parts of word `i` of the first simple command */
static const char *word_kinds(fx *f, const char *src, int i)
{
    sh_node *n = one(f, src);
    if (!n || n->kind != SH_N_SIMPLE || (uint32_t)i >= n->u.simple.nwords) return "?";
    return kinds(f, &n->u.simple.words[i]);
}

TEST(shparse_part_kinds)
{
    fx f;
    fx_init(&f);
    CHECK_STR(word_kinds(&f, "echo \"a\\\"b\\$c\\\\d\\e\"", 1), "D(L(a)E(\")L(b)E($)L(c)E(\\)L(d\\e))");
    CHECK_STR(word_kinds(&f, "echo a\\ b'c d'$'e\\tf'", 1), "L(a)E( )L(b)S(c d)A(e\tf)");
    CHECK_STR(word_kinds(&f, "echo ~/x:$HOME$1${2}", 1), "T()L(/x:)P(HOME)P(1)P(2)");
    CHECK_STR(word_kinds(&f, "echo \"$(a)`b`$((c))\"<(d)", 1), "D(C()C()X())R()");
    CHECK_STR(word_kinds(&f, "echo a\\\nb", 1), "L(a)L(b)");
    CHECK_STR(word_kinds(&f, "echo \"${x:-\\}\\'}\"", 1), "D(P(x))");
    f.o.extglob = 1;
    CHECK_STR(word_kinds(&f, "echo x@(a|$b)", 1), "L(x)G(L(a|)P(b))");
    /* operand words */
    sh_node *n = one(&f, "echo \"${x:-\\}\\'$'a'\"y\"}\" ${x#'a'\\b*}");
    if (n) {
        const sh_param *pm = n->u.simple.words[1].parts[0].u.list.parts[0].u.param;
        CHECK_STR(kinds(&f, pm->word), "E(})L(\\')A(a)D(L(y))");
        const sh_param *pm2 = n->u.simple.words[2].parts[0].u.param;
        CHECK_STR(kinds(&f, pm2->word), "S(a)E(b)L(*)");
    } else CHECK(0);
    /* here-document bodies: " and ' are literal, \$ \` \\ escape */
    n = one(&f, "cat <<EOF\n\\$x \\\\$y \\\" '$z'\nEOF\n");
    CHECK(n && n->nredirs == 1);
    if (n && n->nredirs == 1)
        CHECK_STR(kinds(&f, n->redirs[0].body), "E($)L(x )E(\\)P(y)L( \\\" ')P(z)L('\n)");
    /* arithmetic text */
    n = one(&f, "echo $(( a + \"$b\" + '1' ))");
    if (n) CHECK_STR(kinds(&f, n->u.simple.words[1].parts[0].u.word), "L( a + )D(P(b))L( + '1' )");
    fx_free(&f);
}
