/* test_pyparse.c — Python tokenizer/parser: shapes, positions, errors, limits. */
#include <stdlib.h>

#include "test.h"
#include "base/alloc.h"
#include "base/arena.h"
#include "base/buf.h"
#include "base/stack.h"
#include "py/parser.h"

typedef struct fx {
    sk_alloc a;
    sk_arena ar;
    py_syntax_error err;
    sk_buf b;
} fx;

static void fx_init(fx *f)
{
    sk_alloc_init(&f->a, 0);
    sk_arena_init(&f->ar, &f->a, 1 << 14);
    sk_buf_init(&f->b, &f->a);
}

static void fx_free(fx *f)
{
    sk_buf_free(&f->b);
    sk_arena_free(&f->ar);
}

/* Parse and dump (without positions); returns "ERR: msg" on error. */
static const char *dump(fx *f, const char *src, int attrs)
{
    sk_buf_clear(&f->b);
    py_mod *m = py_parse(&f->ar, src, strlen(src), NULL, &f->err);
    if (!m) {
        sk_buf_printf(&f->b, "ERR: %s", f->err.msg);
        return sk_buf_cstr(&f->b);
    }
    if (py_ast_dump(&f->b, m, attrs)) return "DUMP FAILED";
    return sk_buf_cstr(&f->b);
}

static py_syntax_error *parse_err(fx *f, const char *src)
{
    py_mod *m = py_parse(&f->ar, src, strlen(src), NULL, &f->err);
    return m ? NULL : &f->err;
}

TEST(pyparse_simple_shapes)
{
    fx f;
    fx_init(&f);
    CHECK_STR(dump(&f, "x = 1 + 2 * 3\n", 0),
              "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=BinOp(left=Constant(value=1), "
              "op=Add(), right=BinOp(left=Constant(value=2), op=Mult(), right=Constant(value=3))))])");
    CHECK_STR(dump(&f, "a < b <= c", 0),
              "Module(body=[Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[Lt(), LtE()], "
              "comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load())]))])");
    CHECK_STR(dump(&f, "from .. import a as b, c\n", 0),
              "Module(body=[ImportFrom(names=[alias(name='a', asname='b'), alias(name='c')], level=2)])");
    CHECK_STR(dump(&f, "print", 0), "Module(body=[Expr(value=Name(id='print', ctx=Load()))])");
    CHECK_STR(dump(&f, "-2**-1", 0),
              "Module(body=[Expr(value=UnaryOp(op=USub(), operand=BinOp(left=Constant(value=2), op=Pow(), "
              "right=UnaryOp(op=USub(), operand=Constant(value=1)))))])");
    fx_free(&f);
}

TEST(pyparse_positions)
{
    fx f;
    fx_init(&f);
    /* parenthesised operands: the BinOp starts at '(' like CPython */
    CHECK_STR(dump(&f, "(a) + b", 1),
              "Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load(), lineno=1, col_offset=1, end_lineno=1, "
              "end_col_offset=2), op=Add(), right=Name(id='b', ctx=Load(), lineno=1, col_offset=6, end_lineno=1, "
              "end_col_offset=7), lineno=1, col_offset=0, end_lineno=1, end_col_offset=7), lineno=1, col_offset=0, "
              "end_lineno=1, end_col_offset=7)])");
    /* decorators do not move a def's lineno */
    py_mod *m = py_parse(&f.ar, "@d\n@e\ndef g(): pass\n", 20, NULL, &f.err);
    CHECK(m != NULL);
    if (m) {
        py_stmt *s = m->v.module.body.items[0];
        CHECK_INT(s->kind, PY_STMT_FUNCTIONDEF);
        CHECK_INT(s->lineno, 3);
        CHECK_INT(s->v.functiondef.decorator_list.n, 2);
    }
    /* UTF-8 byte offsets */
    m = py_parse(&f.ar, "'é' + x", 8, NULL, &f.err);
    CHECK(m != NULL);
    if (m) {
        py_expr *e = m->v.module.body.items[0]->v.expr.value;
        CHECK_INT(e->v.binop.right->col_offset, 7);
    }
    fx_free(&f);
}

TEST(pyparse_fstrings)
{
    fx f;
    fx_init(&f);
    CHECK_STR(dump(&f, "f'a{x!r:>{w}}b{y=}'", 0),
              "Module(body=[Expr(value=JoinedStr(values=[Constant(value='a'), FormattedValue(value=Name(id='x', "
              "ctx=Load()), conversion=114, format_spec=JoinedStr(values=[Constant(value='>'), "
              "FormattedValue(value=Name(id='w', ctx=Load()), conversion=-1)])), Constant(value='by='), "
              "FormattedValue(value=Name(id='y', ctx=Load()), conversion=114)]))])");
    CHECK_STR(dump(&f, "f\"{d[\"k\"]}\"", 0),
              "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Subscript(value=Name(id='d', "
              "ctx=Load()), slice=Constant(value='k'), ctx=Load()), conversion=-1)]))])");
    CHECK_STR(dump(&f, "t'x{a}'", 0),
              "Module(body=[Expr(value=TemplateStr(values=[Constant(value='x'), Interpolation(value=Name(id='a', "
              "ctx=Load()), str='a', conversion=-1)]))])");
    CHECK_STR(dump(&f, "f'{}'", 0), "ERR: f-string: valid expression required before '}'");
    CHECK_STR(dump(&f, "f'{x'", 0), "ERR: f-string: expecting '}'");
    CHECK_STR(dump(&f, "f'}'", 0), "ERR: f-string: single '}' is not allowed");
    fx_free(&f);
}

TEST(pyparse_constants)
{
    fx f;
    fx_init(&f);
    CHECK_STR(dump(&f, "0xFFFFFFFFFFFFFFFFFFFF, 9223372036854775807, 1_000, 1e400, 0.1, 2j, b'\\x00a'", 0),
              "Module(body=[Expr(value=Tuple(elts=[Constant(value=1208925819614629174706175), "
              "Constant(value=9223372036854775807), Constant(value=1000), Constant(value=inf), "
              "Constant(value=0.1), Constant(value=2j), Constant(value=b'\\x00a')], ctx=Load()))])");
    const char *s1 = "'\\ud800\\N{EM DASH}\\0'";
    py_mod *m = py_parse(&f.ar, s1, strlen(s1), NULL, &f.err);
    CHECK(m != NULL);
    if (m) {
        py_const *c = &m->v.module.body.items[0]->v.expr.value->v.constant.value;
        CHECK_INT(c->kind, PY_CONST_STR);
        CHECK_INT(c->u.s.len, 7);
        CHECK(!memcmp(c->u.s.data, "\xED\xA0\x80\xE2\x80\x94\0", 7));
    }
    m = py_parse(&f.ar, "123456789012345678901234567890", 30, NULL, &f.err);
    CHECK(m != NULL);
    if (m) {
        py_const *c = &m->v.module.body.items[0]->v.expr.value->v.constant.value;
        CHECK_STR(c->u.i.digits, "123456789012345678901234567890");
        CHECK_INT(c->u.i.base, 10);
    }
    fx_free(&f);
}

TEST(pyparse_soft_keywords)
{
    fx f;
    fx_init(&f);
    CHECK_STR(dump(&f, "match = 1\ncase = 2\ntype = 3\n_ = 4\n", 0),
              "Module(body=[Assign(targets=[Name(id='match', ctx=Store())], value=Constant(value=1)), "
              "Assign(targets=[Name(id='case', ctx=Store())], value=Constant(value=2)), "
              "Assign(targets=[Name(id='type', ctx=Store())], value=Constant(value=3)), "
              "Assign(targets=[Name(id='_', ctx=Store())], value=Constant(value=4))])");
    CHECK_STR(dump(&f, "match x:\n case [1, *r] | {'k': _} if r: pass\n", 0),
              "Module(body=[Match(subject=Name(id='x', ctx=Load()), cases=[match_case(pattern=MatchOr("
              "patterns=[MatchSequence(patterns=[MatchValue(value=Constant(value=1)), MatchStar(name='r')]), "
              "MatchMapping(keys=[Constant(value='k')], patterns=[MatchAs()])]), guard=Name(id='r', ctx=Load()), "
              "body=[Pass()])])])");
    CHECK_STR(dump(&f, "type A[T] = list[T]", 0),
              "Module(body=[TypeAlias(name=Name(id='A', ctx=Store()), type_params=[TypeVar(name='T')], "
              "value=Subscript(value=Name(id='list', ctx=Load()), slice=Name(id='T', ctx=Load()), ctx=Load()))])");
    fx_free(&f);
}

static void check_err(sk_test *T, const char *src, int kind, const char *msg, int line, int offset)
{
    fx f;
    fx_init(&f);
    py_syntax_error *e = parse_err(&f, src);
    CHECK(e != NULL);
    if (e) {
        CHECK_INT(e->kind, kind);
        CHECK_STR(e->msg, msg);
        CHECK_INT(e->lineno, line);
        CHECK_INT(e->offset, offset);
    }
    fx_free(&f);
}

TEST(pyparse_error_messages)
{
    check_err(T, "if x:\npass\n", PY_ERR_INDENTATION, "expected an indented block after 'if' statement on line 1", 2, 1);
    check_err(T, "if x\n  pass\n", PY_ERR_SYNTAX, "expected ':'", 1, 5);
    check_err(T, "f() = 1\n", PY_ERR_SYNTAX, "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 1);
    check_err(T, "1 = x\n", PY_ERR_SYNTAX, "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 1);
    check_err(T, "a = 1 = 2\n", PY_ERR_SYNTAX, "cannot assign to literal", 1, 5);
    check_err(T, "x = (1,\n", PY_ERR_SYNTAX, "'(' was never closed", 1, 5);
    check_err(T, "x = )\n", PY_ERR_SYNTAX, "unmatched ')'", 1, 5);
    check_err(T, "x = (]\n", PY_ERR_SYNTAX, "closing parenthesis ']' does not match opening parenthesis '('", 1, 6);
    check_err(T, "x = 'abc\n", PY_ERR_SYNTAX, "unterminated string literal (detected at line 1)", 1, 5);
    check_err(T, "x = '''abc\n\n", PY_ERR_SYNTAX, "unterminated triple-quoted string literal (detected at line 2)", 1, 5);
    check_err(T, "1abc\n", PY_ERR_SYNTAX, "invalid decimal literal", 1, 1);
    check_err(T, "if 1:\n  x\n y\n", PY_ERR_INDENTATION, "unindent does not match any outer indentation level", 3, 3);
    check_err(T, "  x = 1\n", PY_ERR_INDENTATION, "unexpected indent", 1, 2);
    check_err(T, "if 1:\n\tx\n        y\n", PY_ERR_TAB, "inconsistent use of tabs and spaces in indentation", 3, 1);
    check_err(T, "[a b]\n", PY_ERR_SYNTAX, "invalid syntax. Perhaps you forgot a comma?", 1, 2);
    check_err(T, "a b\n", PY_ERR_SYNTAX, "invalid syntax", 1, 3);
    check_err(T, "f(a=1, b)\n", PY_ERR_SYNTAX, "positional argument follows keyword argument", 1, 9);
    check_err(T, "def f(a=1, b): pass\n", PY_ERR_SYNTAX, "parameter without a default follows parameter with a default", 1, 12);
    check_err(T, "def f(x, x): pass\n", PY_ERR_SYNTAX, "duplicate argument 'x' in function definition", 1, 10);
    check_err(T, "a \xE2\x82\xAC\n", PY_ERR_SYNTAX, "invalid character '\xE2\x82\xAC' (U+20AC)", 1, 3);
    check_err(T, "f(x for x in y, 1)\n", PY_ERR_SYNTAX, "Generator expression must be parenthesized", 1, 3);
    check_err(T, "print 'x'\n", PY_ERR_SYNTAX, "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 1);
    check_err(T, "x = 5 if y\n", PY_ERR_SYNTAX, "expected 'else' after 'if' expression", 1, 5);
    check_err(T, "try:\n pass\n", PY_ERR_SYNTAX, "expected 'except' or 'finally' block", 2, 6);
    check_err(T, "0777\n", PY_ERR_SYNTAX,
              "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 1);
    fx f;
    fx_init(&f);
    CHECK(py_parse(&f.ar, "x = 1\0\n", 7, NULL, &f.err) == NULL);
    CHECK_STR(f.err.msg, "source code cannot contain null bytes");
    fx_free(&f);
}

TEST(pyparse_compiler_errors_not_reported)
{
    /* CPython raises these after parsing; the parser accepts them. */
    fx f;
    fx_init(&f);
    CHECK(py_parse(&f.ar, "break\n", 6, NULL, &f.err) != NULL);
    CHECK(py_parse(&f.ar, "nonlocal x\n", 11, NULL, &f.err) != NULL);
    CHECK(py_parse(&f.ar, "return 1\n", 9, NULL, &f.err) != NULL);
    fx_free(&f);
}

TEST(pyparse_modes)
{
    fx f;
    fx_init(&f);
    py_syntax_error err;
    py_expr *e = py_parse_expr(&f.ar, "a + 1\n", 6, NULL, &err);
    CHECK(e != NULL && e->kind == PY_EXPR_BINOP);
    CHECK(py_parse_expr(&f.ar, "x = 1", 5, NULL, &err) == NULL);
    py_parse_opts o = {0};
    o.mode = PY_MODE_SINGLE;
    py_mod *m = py_parse(&f.ar, "x = 1\n", 6, &o, &err);
    CHECK(m != NULL && m->kind == PY_MOD_INTERACTIVE);
    fx_free(&f);
}

TEST(pyparse_limits_depth)
{
    fx f;
    fx_init(&f);
    /* 300 nested brackets: tokenizer limit, CPython's message */
    char *src = malloc(1000);
    int n = 0;
    for (int i = 0; i < 300; i++) src[n++] = '(';
    src[n++] = '1';
    for (int i = 0; i < 300; i++) src[n++] = ')';
    src[n] = 0;
    CHECK(parse_err(&f, src) != NULL);
    CHECK_STR(f.err.msg, "too many nested parentheses");
    /* deep unary nesting: max_depth */
    n = 0;
    for (int i = 0; i < 500; i++) src[n++] = '-';
    src[n++] = '1';
    src[n] = 0;
    py_parse_opts o = {0};
    o.max_depth = 100;
    CHECK(py_parse(&f.ar, src, (size_t)n, &o, &f.err) == NULL);
    CHECK_INT(f.err.kind, PY_ERR_TOO_COMPLEX);
    o.max_depth = 1000;
    CHECK(py_parse(&f.ar, src, (size_t)n, &o, &f.err) != NULL);
    /* too many indentation levels */
    sk_buf b = SK_BUF_INIT(&f.a);
    for (int i = 0; i < 101; i++) {
        for (int k = 0; k < i; k++) sk_buf_putc(&b, ' ');
        sk_buf_puts(&b, "if 1:\n");
    }
    for (int k = 0; k < 101; k++) sk_buf_putc(&b, ' ');
    sk_buf_puts(&b, "pass\n");
    CHECK(py_parse(&f.ar, b.p, b.len, NULL, &f.err) == NULL);
    CHECK_INT(f.err.kind, PY_ERR_INDENTATION);
    CHECK_STR(f.err.msg, "too many levels of indentation");
    sk_buf_free(&b);
    free(src);
    fx_free(&f);
}

TEST(pyparse_limits_fuel_and_stack)
{
    fx f;
    fx_init(&f);
    const char *src = "x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\ny = x\n";
    py_parse_opts o = {0};
    o.fuel = 10;
    CHECK(py_parse(&f.ar, src, strlen(src), &o, &f.err) == NULL);
    CHECK_INT(f.err.kind, PY_ERR_LIMIT);
    CHECK_STR(f.err.msg, "parser operations");
    o.fuel = 100000;
    CHECK(py_parse(&f.ar, src, strlen(src), &o, &f.err) != NULL);
    /* a stack limit above the current frame: fails cleanly */
    o.fuel = 0;
    o.stack_limit = (const char *)__builtin_frame_address(0) + 4096;
    CHECK(py_parse(&f.ar, src, strlen(src), &o, &f.err) == NULL);
    CHECK_INT(f.err.kind, PY_ERR_LIMIT);
    CHECK_STR(f.err.msg, "stack");
    fx_free(&f);
}

TEST(pyparse_memory_limit)
{
    sk_alloc a;
    sk_alloc_init(&a, 4096);
    sk_arena ar;
    sk_arena_init(&ar, &a, 1024);
    py_syntax_error err;
    sk_buf b = SK_BUF_INIT(NULL);
    sk_alloc big;
    sk_alloc_init(&big, 0);
    b.a = &big;
    for (int i = 0; i < 2000; i++) sk_buf_printf(&b, "x%d = %d\n", i, i);
    CHECK(py_parse(&ar, b.p, b.len, NULL, &err) == NULL);
    CHECK_INT(err.kind, PY_ERR_MEMORY);
    sk_buf_free(&b);
    sk_arena_free(&ar);
    CHECK_INT(a.used, 0);
}
