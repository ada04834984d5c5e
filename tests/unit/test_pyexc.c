/* test_pyexc.c — exception groups and except* (PEP 654), the traceback
 * format of exception groups, aiter/anext and async-generator
 * athrow/aclose.  Every expected output was produced by CPython 3.13
 * running the same program as t.py. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "base/alloc.h"
#include "base/stack.h"
#include "py/py.h"

typedef struct exc_out {
    char out[16384];
    size_t nout;
    char err[16384];
    size_t nerr;
} exc_out;

static int exc_write(void *ud, int fd, const char *p, size_t n)
{
    exc_out *r = ud;
    char *dst = fd == 2 ? r->err : r->out;
    size_t *len = fd == 2 ? &r->nerr : &r->nout;
    size_t room = sizeof r->out - 1 - *len;
    if (n > room) n = room;
    memcpy(dst + *len, p, n);
    *len += n;
    dst[*len] = 0;
    return 0;
}

/* Run src as t.py; stdout and stderr must be exactly as given and the
 * allocator back at zero afterwards. */
static void check_run(sk_test *T, const char *src, const char *want_out, const char *want_err)
{
    exc_out *r = calloc(1, sizeof *r);
    CHECK(r != NULL);
    if (!r) return;
    sk_alloc a;
    sk_alloc_init(&a, 0);
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = src;
    o.source_len = strlen(src);
    o.filename = "t.py";
    o.write = exc_write;
    o.write_ud = r;
    o.stack_limit = sk_stack_limit_from_here(256u << 10);
    py_run_result res;
    py_run(&o, &res);
    py_run_result_free(&a, &res);
    CHECK_STR(r->out, want_out);
    CHECK_STR(r->err, want_err);
    CHECK_INT(a.used, 0);
    free(r);
}

TEST(pyexc_except_star_semantics)
{
    check_run(T, 
        "\n"
        "import sys\n"
        "def t(n, f):\n"
        "    print(\"--\", n)\n"
        "    try:\n"
        "        f()\n"
        "        print(\"no exception\")\n"
        "    except BaseException as e:\n"
        "        print(type(e).__name__, repr(e))\n"
        "        print(\"ctx\", repr(e.__context__), \"cause\", repr(e.__cause__))\n"
        "        if isinstance(e, BaseExceptionGroup):\n"
        "            for s in e.exceptions:\n"
        "                print(\"  sub\", repr(s), \"ctx\", repr(s.__context__))\n"
        "def a():\n"
        "    try:\n"
        "        raise ValueError(1)\n"
        "    except* ValueError:\n"
        "        raise\n"
        "t(\"bare naked\", a)\n"
        "def b():\n"
        "    try:\n"
        "        raise ValueError(1)\n"
        "    except* ValueError as e:\n"
        "        print(\"e=\", repr(e), repr(sys.exception()))\n"
        "        raise KeyError(2)\n"
        "t(\"naked new\", b)\n"
        "def c():\n"
        "    try:\n"
        "        raise ExceptionGroup(\"eg\", [ValueError(1), TypeError(2), OSError(3)])\n"
        "    except* ValueError as e:\n"
        "        print(\"e=\", repr(e))\n"
        "        raise KeyError(2)\n"
        "    except* TypeError as e:\n"
        "        print(\"te=\", repr(e), repr(sys.exception()))\n"
        "        raise\n"
        "t(\"group mixed\", c)\n"
        "def d():\n"
        "    try:\n"
        "        raise ValueError(1)\n"
        "    except* TypeError:\n"
        "        pass\n"
        "t(\"naked unhandled\", d)\n"
        "def e():\n"
        "    try:\n"
        "        raise ExceptionGroup(\"eg\", [ValueError(1), ExceptionGroup(\"x\", [TypeError(2), ValueError(3)])])\n"
        "    except* ValueError as e:\n"
        "        print(\"e=\", repr(e))\n"
        "t(\"nested\", e)\n"
        "def f():\n"
        "    try:\n"
        "        raise ExceptionGroup(\"eg\", [ValueError(1)])\n"
        "    except* (TypeError, ExceptionGroup):\n"
        "        pass\n"
        "t(\"except* EG\", f)\n"
        "def h():\n"
        "    try:\n"
        "        raise ValueError(1)\n"
        "    except* ValueError:\n"
        "        print(\"handled\", repr(sys.exception()))\n"
        "    else:\n"
        "        print(\"else\")\n"
        "    finally:\n"
        "        print(\"finally\")\n"
        "    print(\"after\", sys.exception())\n"
        "t(\"handled\", h)\n"
        "def i():\n"
        "    try:\n"
        "        raise ExceptionGroup(\"eg\", [ValueError(1), TypeError(2)])\n"
        "    except* ValueError:\n"
        "        raise KeyError(1)\n"
        "    except* TypeError:\n"
        "        raise KeyError(2)\n"
        "t(\"two new\", i)\n"
        "def k():\n"
        "    try:\n"
        "        raise ExceptionGroup(\"eg\", [ValueError(1)])\n"
        "    except* ValueError as e:\n"
        "        raise ValueError(5) from None\n"
        "t(\"only new\", k)\n"
        "def l():\n"
        "    try:\n"
        "        raise ValueError(1)\n"
        "    except* int:\n"
        "        pass\n"
        "t(\"bad type\", l)\n"
        "def m():\n"
        "    for i in range(3):\n"
        "        try:\n"
        "            raise ExceptionGroup(\"g\", [ValueError(i), TypeError(i)])\n"
        "        except* ValueError as e:\n"
        "            for j in range(2):\n"
        "                if j: break\n"
        "                print(\"v\", i, j, repr(e))\n"
        "        except* TypeError:\n"
        "            print(\"t\", i, repr(sys.exception()))\n"
        "    print(\"end\", sys.exception())\n"
        "t(\"loop\", m)\n"
        "def n():\n"
        "    def gen():\n"
        "        try:\n"
        "            yield 1\n"
        "            raise ExceptionGroup(\"g\", [ValueError(1), TypeError(2)])\n"
        "        except* ValueError:\n"
        "            yield 2\n"
        "        except* TypeError:\n"
        "            yield 3\n"
        "    print(list(gen()))\n"
        "t(\"generator\", n)\n"
        "def o():\n"
        "    try:\n"
        "        raise BaseExceptionGroup(\"g\", [KeyboardInterrupt(), ValueError(2)])\n"
        "    except* KeyboardInterrupt as e:\n"
        "        print(\"kbi\", repr(e), type(e).__name__)\n"
        "t(\"base group\", o)\n",
        "-- bare naked\n"
        "ExceptionGroup ExceptionGroup('', (ValueError(1),))\n"
        "ctx None cause None\n"
        "  sub ValueError(1) ctx None\n"
        "-- naked new\n"
        "e= ExceptionGroup('', (ValueError(1),)) ExceptionGroup('', (ValueError(1),))\n"
        "KeyError KeyError(2)\n"
        "ctx ExceptionGroup('', (ValueError(1),)) cause None\n"
        "-- group mixed\n"
        "e= ExceptionGroup('eg', [ValueError(1)])\n"
        "te= ExceptionGroup('eg', [TypeError(2)]) ExceptionGroup('eg', [TypeError(2)])\n"
        "ExceptionGroup ExceptionGroup('', [KeyError(2), ExceptionGroup('eg', [TypeError(2), OSError(3)])])\n"
        "ctx None cause None\n"
        "  sub KeyError(2) ctx ExceptionGroup('eg', [ValueError(1)])\n"
        "  sub ExceptionGroup('eg', [TypeError(2), OSError(3)]) ctx None\n"
        "-- naked unhandled\n"
        "ValueError ValueError(1)\n"
        "ctx None cause None\n"
        "-- nested\n"
        "e= ExceptionGroup('eg', [ValueError(1), ExceptionGroup('x', [ValueError(3)])])\n"
        "ExceptionGroup ExceptionGroup('eg', [ExceptionGroup('x', [TypeError(2)])])\n"
        "ctx None cause None\n"
        "  sub ExceptionGroup('x', [TypeError(2)]) ctx None\n"
        "-- except* EG\n"
        "TypeError TypeError('catching ExceptionGroup with except* is not allowed. Use except instead.')\n"
        "ctx ExceptionGroup('eg', [ValueError(1)]) cause None\n"
        "-- handled\n"
        "handled ExceptionGroup('', (ValueError(1),))\n"
        "finally\n"
        "after None\n"
        "no exception\n"
        "-- two new\n"
        "ExceptionGroup ExceptionGroup('', [KeyError(1), KeyError(2)])\n"
        "ctx None cause None\n"
        "  sub KeyError(1) ctx ExceptionGroup('eg', [ValueError(1)])\n"
        "  sub KeyError(2) ctx ExceptionGroup('eg', [TypeError(2)])\n"
        "-- only new\n"
        "ValueError ValueError(5)\n"
        "ctx ExceptionGroup('eg', [ValueError(1)]) cause None\n"
        "-- bad type\n"
        "TypeError TypeError('catching classes that do not inherit from BaseException is not allowed')\n"
        "ctx ValueError(1) cause None\n"
        "-- loop\n"
        "v 0 0 ExceptionGroup('g', [ValueError(0)])\n"
        "t 0 ExceptionGroup('g', [TypeError(0)])\n"
        "v 1 0 ExceptionGroup('g', [ValueError(1)])\n"
        "t 1 ExceptionGroup('g', [TypeError(1)])\n"
        "v 2 0 ExceptionGroup('g', [ValueError(2)])\n"
        "t 2 ExceptionGroup('g', [TypeError(2)])\n"
        "end None\n"
        "no exception\n"
        "-- generator\n"
        "[1, 2, 3]\n"
        "no exception\n"
        "-- base group\n"
        "kbi BaseExceptionGroup('g', [KeyboardInterrupt()]) BaseExceptionGroup\n"
        "ExceptionGroup ExceptionGroup('g', [ValueError(2)])\n"
        "ctx None cause None\n"
        "  sub ValueError(2) ctx None\n",
        "");
}

TEST(pyexc_exception_group_api)
{
    check_run(T, 
        "\n"
        "def t(f):\n"
        "    try:\n"
        "        r = f()\n"
        "        print(\"ok\", type(r).__name__, repr(r))\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, e)\n"
        "t(lambda: BaseExceptionGroup(\"m\", [ValueError(1)]))\n"
        "t(lambda: BaseExceptionGroup(\"m\", [KeyboardInterrupt()]))\n"
        "t(lambda: ExceptionGroup(\"m\", [KeyboardInterrupt()]))\n"
        "t(lambda: ExceptionGroup(\"m\", []))\n"
        "t(lambda: ExceptionGroup(\"m\"))\n"
        "t(lambda: ExceptionGroup(\"m\", [1], 3))\n"
        "t(lambda: ExceptionGroup(1, [ValueError()]))\n"
        "t(lambda: ExceptionGroup(\"m\", ValueError()))\n"
        "t(lambda: ExceptionGroup(\"m\", [1]))\n"
        "t(lambda: ExceptionGroup(\"m\", {ValueError()}))\n"
        "t(lambda: ExceptionGroup(\"m\", [ValueError(1)], x=1))\n"
        "t(lambda: BaseExceptionGroup(\"m\", [ValueError(1)], x=1))\n"
        "class MyEG(ExceptionGroup): pass\n"
        "t(lambda: MyEG(\"m\", [ValueError(1)]))\n"
        "t(lambda: MyEG(\"m\", [KeyboardInterrupt()]))\n"
        "g = ExceptionGroup(\"msg\", [ValueError(1), TypeError(2)])\n"
        "print(str(g), repr(g), g.args, g.message, g.exceptions)\n"
        "print(str(ExceptionGroup(\"one\", [ValueError(1)])))\n"
        "print(isinstance(g, Exception), ExceptionGroup.__mro__)\n"
        "t(lambda: g.split())\n"
        "t(lambda: g.split(1))\n"
        "t(lambda: g.subgroup())\n"
        "t(lambda: g.derive([KeyError()]))\n"
        "t(lambda: g.derive([KeyboardInterrupt()]))\n"
        "print(ExceptionGroup[int])\n"
        "eg = ExceptionGroup(\"top\", [ValueError(1), ExceptionGroup(\"mid\", [TypeError(2), ValueError(3)]), KeyError(4)])\n"
        "eg.add_note(\"note1\")\n"
        "m, r = eg.split(ValueError)\n"
        "print(repr(m), repr(r))\n"
        "print(m.__notes__, m.__notes__ is eg.__notes__, m.__suppress_context__)\n"
        "print(repr(eg.subgroup(lambda e: isinstance(e, (TypeError, KeyError)))))\n"
        "print(repr(eg.subgroup(lambda e: False)), eg.split(BaseException)[0] is eg)\n"
        "print(repr(eg.split((KeyError, TypeError))))\n"
        "class Derived(ExceptionGroup):\n"
        "    def derive(self, excs):\n"
        "        return Derived(self.message + \"!\", excs)\n"
        "print(repr(Derived(\"my\", [ValueError(1), TypeError(2)]).split(TypeError)))\n"
        "try:\n"
        "    eg.message = \"x\"\n"
        "except AttributeError as e:\n"
        "    print(\"AttributeError\", e)\n"
        "try:\n"
        "    raise ExceptionGroup(\"m\", [ValueError()])\n"
        "except Exception as e:\n"
        "    print(\"caught by except Exception\", repr(e))\n",
        "ok ExceptionGroup ExceptionGroup('m', [ValueError(1)])\n"
        "ok BaseExceptionGroup BaseExceptionGroup('m', [KeyboardInterrupt()])\n"
        "TypeError Cannot nest BaseExceptions in an ExceptionGroup\n"
        "ValueError second argument (exceptions) must be a non-empty sequence\n"
        "TypeError BaseExceptionGroup.__new__() takes exactly 2 arguments (1 given)\n"
        "TypeError BaseExceptionGroup.__new__() takes exactly 2 arguments (3 given)\n"
        "TypeError BaseExceptionGroup.__new__() argument 1 must be str, not int\n"
        "TypeError second argument (exceptions) must be a sequence\n"
        "ValueError Item 0 of second argument (exceptions) is not an exception\n"
        "TypeError second argument (exceptions) must be a sequence\n"
        "TypeError ExceptionGroup() takes no keyword arguments\n"
        "TypeError ExceptionGroup() takes no keyword arguments\n"
        "ok MyEG MyEG('m', [ValueError(1)])\n"
        "TypeError Cannot nest BaseExceptions in 'MyEG'\n"
        "msg (2 sub-exceptions) ExceptionGroup('msg', [ValueError(1), TypeError(2)]) ('msg', [ValueError(1), TypeError(2)]) msg (ValueError(1), TypeError(2))\n"
        "one (1 sub-exception)\n"
        "True (<class 'ExceptionGroup'>, <class 'BaseExceptionGroup'>, <class 'Exception'>, <class 'BaseException'>, <class 'object'>)\n"
        "TypeError BaseExceptionGroup.split() takes exactly one argument (0 given)\n"
        "TypeError expected an exception type, a tuple of exception types, or a callable (other than a class)\n"
        "TypeError BaseExceptionGroup.subgroup() takes exactly one argument (0 given)\n"
        "ok ExceptionGroup ExceptionGroup('msg', [KeyError()])\n"
        "ok BaseExceptionGroup BaseExceptionGroup('msg', [KeyboardInterrupt()])\n"
        "ExceptionGroup[int]\n"
        "ExceptionGroup('top', [ValueError(1), ExceptionGroup('mid', [ValueError(3)])]) ExceptionGroup('top', [ExceptionGroup('mid', [TypeError(2)]), KeyError(4)])\n"
        "['note1'] False True\n"
        "ExceptionGroup('top', [ExceptionGroup('mid', [TypeError(2)]), KeyError(4)])\n"
        "None True\n"
        "(ExceptionGroup('top', [ExceptionGroup('mid', [TypeError(2)]), KeyError(4)]), ExceptionGroup('top', [ValueError(1), ExceptionGroup('mid', [ValueError(3)])]))\n"
        "(Derived('my!', [TypeError(2)]), Derived('my!', [ValueError(1)]))\n"
        "AttributeError readonly attribute\n"
        "caught by except Exception ExceptionGroup('m', [ValueError()])\n",
        "");
}

TEST(pyexc_group_traceback)
{
    check_run(T, 
        "\n"
        "def f():\n"
        "    raise ValueError(1)\n"
        "def g():\n"
        "    try:\n"
        "        f()\n"
        "    except ValueError as e:\n"
        "        raise TypeError(2) from e\n"
        "def h():\n"
        "    excs = []\n"
        "    for fn in (f, g):\n"
        "        try:\n"
        "            fn()\n"
        "        except Exception as e:\n"
        "            excs.append(e)\n"
        "    raise ExceptionGroup(\"many\", excs + [ExceptionGroup(\"inner\", [KeyError('k')])])\n"
        "try:\n"
        "    h()\n"
        "except* TypeError:\n"
        "    x = 1/0\n",
        "",
        "  | ExceptionGroup:  (2 sub-exceptions)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | Exception Group Traceback (most recent call last):\n"
        "    |   File \"t.py\", line 18, in <module>\n"
        "    |     h()\n"
        "    |     ~^^\n"
        "    |   File \"t.py\", line 16, in h\n"
        "    |     raise ExceptionGroup(\"many\", excs + [ExceptionGroup(\"inner\", [KeyError('k')])])\n"
        "    | ExceptionGroup: many (1 sub-exception)\n"
        "    +-+---------------- 1 ----------------\n"
        "      | Traceback (most recent call last):\n"
        "      |   File \"t.py\", line 6, in g\n"
        "      |     f()\n"
        "      |     ~^^\n"
        "      |   File \"t.py\", line 3, in f\n"
        "      |     raise ValueError(1)\n"
        "      | ValueError: 1\n"
        "      | \n"
        "      | The above exception was the direct cause of the following exception:\n"
        "      | \n"
        "      | Traceback (most recent call last):\n"
        "      |   File \"t.py\", line 13, in h\n"
        "      |     fn()\n"
        "      |     ~~^^\n"
        "      |   File \"t.py\", line 8, in g\n"
        "      |     raise TypeError(2) from e\n"
        "      | TypeError: 2\n"
        "      +------------------------------------\n"
        "    | \n"
        "    | During handling of the above exception, another exception occurred:\n"
        "    | \n"
        "    | Traceback (most recent call last):\n"
        "    |   File \"t.py\", line 20, in <module>\n"
        "    |     x = 1/0\n"
        "    |         ~^~\n"
        "    | ZeroDivisionError: division by zero\n"
        "    +---------------- 2 ----------------\n"
        "    | Exception Group Traceback (most recent call last):\n"
        "    |   File \"t.py\", line 18, in <module>\n"
        "    |     h()\n"
        "    |     ~^^\n"
        "    |   File \"t.py\", line 16, in h\n"
        "    |     raise ExceptionGroup(\"many\", excs + [ExceptionGroup(\"inner\", [KeyError('k')])])\n"
        "    | ExceptionGroup: many (2 sub-exceptions)\n"
        "    +-+---------------- 1 ----------------\n"
        "      | Traceback (most recent call last):\n"
        "      |   File \"t.py\", line 13, in h\n"
        "      |     fn()\n"
        "      |     ~~^^\n"
        "      |   File \"t.py\", line 3, in f\n"
        "      |     raise ValueError(1)\n"
        "      | ValueError: 1\n"
        "      +---------------- 2 ----------------\n"
        "      | ExceptionGroup: inner (1 sub-exception)\n"
        "      +-+---------------- 1 ----------------\n"
        "        | KeyError: 'k'\n"
        "        +------------------------------------\n");
}

TEST(pyexc_group_traceback_reraise)
{
    check_run(T, 
        "\n"
        "def f():\n"
        "    try:\n"
        "        raise ExceptionGroup(\"eg\", [ValueError(1), TypeError(2)])\n"
        "    except* ValueError:\n"
        "        raise KeyError(3)\n"
        "    except* TypeError as e:\n"
        "        raise e\n"
        "f()\n",
        "",
        "  + Exception Group Traceback (most recent call last):\n"
        "  |   File \"t.py\", line 9, in <module>\n"
        "  |     f()\n"
        "  |     ~^^\n"
        "  | ExceptionGroup:  (2 sub-exceptions)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | Exception Group Traceback (most recent call last):\n"
        "    |   File \"t.py\", line 4, in f\n"
        "    |     raise ExceptionGroup(\"eg\", [ValueError(1), TypeError(2)])\n"
        "    | ExceptionGroup: eg (1 sub-exception)\n"
        "    +-+---------------- 1 ----------------\n"
        "      | ValueError: 1\n"
        "      +------------------------------------\n"
        "    | \n"
        "    | During handling of the above exception, another exception occurred:\n"
        "    | \n"
        "    | Traceback (most recent call last):\n"
        "    |   File \"t.py\", line 6, in f\n"
        "    |     raise KeyError(3)\n"
        "    | KeyError: 3\n"
        "    +---------------- 2 ----------------\n"
        "    | Exception Group Traceback (most recent call last):\n"
        "    |   File \"t.py\", line 8, in f\n"
        "    |     raise e\n"
        "    |   File \"t.py\", line 4, in f\n"
        "    |     raise ExceptionGroup(\"eg\", [ValueError(1), TypeError(2)])\n"
        "    | ExceptionGroup: eg (1 sub-exception)\n"
        "    +-+---------------- 1 ----------------\n"
        "      | TypeError: 2\n"
        "      +------------------------------------\n");
}

TEST(pyexc_group_traceback_wide)
{
    check_run(T, 
        "\n"
        "e = ExceptionGroup(\"wide\", [ValueError(i) for i in range(17)])\n"
        "e.add_note(\"a note\")\n"
        "raise e\n",
        "",
        "  + Exception Group Traceback (most recent call last):\n"
        "  |   File \"t.py\", line 4, in <module>\n"
        "  |     raise e\n"
        "  | ExceptionGroup: wide (17 sub-exceptions)\n"
        "  | a note\n"
        "  +-+---------------- 1 ----------------\n"
        "    | ValueError: 0\n"
        "    +---------------- 2 ----------------\n"
        "    | ValueError: 1\n"
        "    +---------------- 3 ----------------\n"
        "    | ValueError: 2\n"
        "    +---------------- 4 ----------------\n"
        "    | ValueError: 3\n"
        "    +---------------- 5 ----------------\n"
        "    | ValueError: 4\n"
        "    +---------------- 6 ----------------\n"
        "    | ValueError: 5\n"
        "    +---------------- 7 ----------------\n"
        "    | ValueError: 6\n"
        "    +---------------- 8 ----------------\n"
        "    | ValueError: 7\n"
        "    +---------------- 9 ----------------\n"
        "    | ValueError: 8\n"
        "    +---------------- 10 ----------------\n"
        "    | ValueError: 9\n"
        "    +---------------- 11 ----------------\n"
        "    | ValueError: 10\n"
        "    +---------------- 12 ----------------\n"
        "    | ValueError: 11\n"
        "    +---------------- 13 ----------------\n"
        "    | ValueError: 12\n"
        "    +---------------- 14 ----------------\n"
        "    | ValueError: 13\n"
        "    +---------------- 15 ----------------\n"
        "    | ValueError: 14\n"
        "    +---------------- ... ----------------\n"
        "    | and 2 more exceptions\n"
        "    +------------------------------------\n");
}

TEST(pyexc_except_star_syntax_break)
{
    check_run(T, 
        "for i in x:\n"
        "  try: pass\n"
        "  except* E: break\n",
        "",
        "  File \"t.py\", line 3\n"
        "    except* E: break\n"
        "               ^^^^^\n"
        "SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block\n");
}

TEST(pyexc_except_star_syntax_return)
{
    check_run(T, 
        "def f():\n"
        "  try: pass\n"
        "  except* E: return 1\n",
        "",
        "  File \"t.py\", line 3\n"
        "    except* E: return 1\n"
        "                      ^\n"
        "SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block\n");
}

TEST(pyexc_except_star_syntax_continue)
{
    check_run(T, 
        "for i in x:\n"
        "  try: pass\n"
        "  except* E:\n"
        "    try: pass\n"
        "    finally: continue\n",
        "",
        "  File \"t.py\", line 5\n"
        "    finally: continue\n"
        "             ^^^^^^^^\n"
        "SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block\n");
}

TEST(pyexc_reraise_keeps_context)
{
    check_run(T, 
        "\n"
        "try:\n"
        "    raise KeyError('X')\n"
        "except KeyError:\n"
        "    try:\n"
        "        try:\n"
        "            raise ValueError('A')\n"
        "        except ValueError:\n"
        "            raise TypeError('B')\n"
        "    except TypeError as e:\n"
        "        print(repr(e.__context__), repr(e.__context__.__context__))\n",
        "ValueError('A') KeyError('X')\n",
        "");
}

TEST(pyexc_anext_aiter)
{
    check_run(T, 
        "\n"
        "class Yield:\n"
        "    def __await__(self):\n"
        "        yield\n"
        "def run(coro):\n"
        "    try:\n"
        "        while True:\n"
        "            coro.send(None)\n"
        "    except StopIteration as e:\n"
        "        return e.value\n"
        "async def agen():\n"
        "    yield 1\n"
        "    await Yield()\n"
        "    yield 2\n"
        "class AIt:\n"
        "    def __init__(self): self.i = 0\n"
        "    def __aiter__(self): return self\n"
        "    async def __anext__(self):\n"
        "        self.i += 1\n"
        "        if self.i > 2: raise StopAsyncIteration\n"
        "        return self.i\n"
        "async def main():\n"
        "    g = agen()\n"
        "    print(aiter(g) is g)\n"
        "    print(await anext(g), await anext(g))\n"
        "    print(await anext(g, \"dflt\"))\n"
        "    try:\n"
        "        await anext(g)\n"
        "    except StopAsyncIteration as e:\n"
        "        print(\"StopAsyncIteration\", repr(e))\n"
        "    a = AIt()\n"
        "    print(await anext(a), await anext(a, 5), await anext(a, 6))\n"
        "    for bad in (lambda: anext(1), lambda: aiter(1), lambda: anext(), lambda: anext(g, 1, 2), lambda: aiter()):\n"
        "        try:\n"
        "            bad()\n"
        "        except TypeError as e:\n"
        "            print(e)\n"
        "    class Bad:\n"
        "        def __aiter__(self): return 1\n"
        "    try:\n"
        "        aiter(Bad())\n"
        "    except TypeError as e:\n"
        "        print(e)\n"
        "    class NotAw:\n"
        "        def __anext__(self): return 5\n"
        "    try:\n"
        "        await anext(NotAw(), 1)\n"
        "    except TypeError as e:\n"
        "        print(e)\n"
        "    print(anext(NotAw()))\n"
        "run(main())\n",
        "True\n"
        "1 2\n"
        "dflt\n"
        "StopAsyncIteration StopAsyncIteration()\n"
        "1 2 6\n"
        "'int' object is not an async iterator\n"
        "'int' object is not an async iterable\n"
        "anext expected at least 1 argument, got 0\n"
        "anext expected at most 2 arguments, got 3\n"
        "aiter() takes exactly one argument (0 given)\n"
        "aiter() returned not an async iterator of type 'int'\n"
        "object int can't be used in 'await' expression\n"
        "5\n",
        "");
}

TEST(pyexc_async_generator_athrow_aclose)
{
    check_run(T, 
        "\n"
        "import sys\n"
        "class Yield:\n"
        "    def __await__(self):\n"
        "        yield\n"
        "def run(coro):\n"
        "    try:\n"
        "        while True:\n"
        "            coro.send(None)\n"
        "    except StopIteration as e:\n"
        "        return e.value\n"
        "async def agen():\n"
        "    try:\n"
        "        yield 1\n"
        "        yield 2\n"
        "    finally:\n"
        "        print(\"cleanup start\")\n"
        "        await Yield()\n"
        "        print(\"cleanup end\")\n"
        "async def agen2():\n"
        "    try:\n"
        "        yield 1\n"
        "    except ValueError as e:\n"
        "        print(\"caught\", repr(e))\n"
        "        yield \"after-throw\"\n"
        "    yield 3\n"
        "async def agen3():\n"
        "    raise StopAsyncIteration(\"x\")\n"
        "    yield 1\n"
        "async def agen4():\n"
        "    try:\n"
        "        yield 1\n"
        "    except GeneratorExit:\n"
        "        yield 2\n"
        "async def agen5():\n"
        "    yield 1\n"
        "    raise StopIteration(5)\n"
        "class CM:\n"
        "    async def __aenter__(self): return self\n"
        "    async def __aexit__(self, *a):\n"
        "        await Yield()\n"
        "        raise KeyError(\"exit\")\n"
        "async def main():\n"
        "    g = agen()\n"
        "    print(await g.__anext__())\n"
        "    print(await g.aclose())\n"
        "    print(await g.aclose())\n"
        "    try:\n"
        "        print(await g.__anext__())\n"
        "    except StopAsyncIteration as e:\n"
        "        print(\"StopAsyncIteration\", repr(e))\n"
        "    g = agen2()\n"
        "    print(await g.asend(None))\n"
        "    print(await g.athrow(ValueError(\"v\")))\n"
        "    print(await g.__anext__())\n"
        "    try:\n"
        "        await g.athrow(KeyError(\"k\"))\n"
        "    except KeyError as e:\n"
        "        print(\"KeyError propagated\", repr(e))\n"
        "    print(await g.athrow(KeyError(\"k2\")))\n"
        "    g = agen3()\n"
        "    try:\n"
        "        await g.__anext__()\n"
        "    except RuntimeError as e:\n"
        "        print(\"RuntimeError\", e, repr(e.__cause__), e.__suppress_context__)\n"
        "    g = agen4()\n"
        "    await g.__anext__()\n"
        "    try:\n"
        "        await g.aclose()\n"
        "    except RuntimeError as e:\n"
        "        print(\"RuntimeError\", e)\n"
        "    g = agen5()\n"
        "    await g.__anext__()\n"
        "    try:\n"
        "        await g.__anext__()\n"
        "    except RuntimeError as e:\n"
        "        print(\"RuntimeError\", e, repr(e.__cause__))\n"
        "    g = agen2()\n"
        "    try:\n"
        "        await g.athrow(ValueError(\"fresh\"))\n"
        "    except ValueError as e:\n"
        "        print(\"fresh throw\", repr(e))\n"
        "    print(await agen2().aclose())\n"
        "    g = agen2()\n"
        "    await g.__anext__()\n"
        "    c = g.aclose()\n"
        "    await c\n"
        "    try:\n"
        "        await c\n"
        "    except RuntimeError as e:\n"
        "        print(e)\n"
        "    try:\n"
        "        async with CM():\n"
        "            raise ValueError(\"body\")\n"
        "    except KeyError as e:\n"
        "        print(repr(e), repr(e.__context__))\n"
        "run(main())\n",
        "1\n"
        "cleanup start\n"
        "cleanup end\n"
        "None\n"
        "None\n"
        "StopAsyncIteration StopAsyncIteration()\n"
        "1\n"
        "caught ValueError('v')\n"
        "after-throw\n"
        "3\n"
        "KeyError propagated KeyError('k')\n"
        "None\n"
        "RuntimeError async generator raised StopAsyncIteration StopAsyncIteration('x') True\n"
        "RuntimeError async generator ignored GeneratorExit\n"
        "RuntimeError async generator raised StopIteration StopIteration(5)\n"
        "fresh throw ValueError('fresh')\n"
        "None\n"
        "cannot reuse already awaited aclose()/athrow()\n"
        "KeyError('exit') ValueError('body')\n",
        "");
}

TEST(pyexc_generator_sees_callers_exception)
{
    check_run(T, 
        "\n"
        "import sys\n"
        "class Yield:\n"
        "    def __await__(self):\n"
        "        yield\n"
        "def run(coro):\n"
        "    try:\n"
        "        while True:\n"
        "            coro.send(None)\n"
        "    except StopIteration as e:\n"
        "        return e.value\n"
        "class CM:\n"
        "    async def __aenter__(self): return self\n"
        "    async def __aexit__(self, *a):\n"
        "        print(\"in aexit\", repr(sys.exception()))\n"
        "        raise KeyError(\"exit\")\n"
        "def gen():\n"
        "    print(\"gen sees\", repr(sys.exception()))\n"
        "    raise TypeError(\"g\")\n"
        "    yield\n"
        "async def main():\n"
        "    try:\n"
        "        async with CM():\n"
        "            raise ValueError(\"body\")\n"
        "    except KeyError as e:\n"
        "        print(repr(e), repr(e.__context__))\n"
        "    try:\n"
        "        raise IndexError(1)\n"
        "    except IndexError:\n"
        "        try:\n"
        "            next(gen())\n"
        "        except TypeError as e:\n"
        "            print(repr(e), repr(e.__context__))\n"
        "run(main())\n",
        "in aexit ValueError('body')\n"
        "KeyError('exit') ValueError('body')\n"
        "gen sees IndexError(1)\n"
        "TypeError('g') IndexError(1)\n",
        "");
}

TEST(pyexc_athrow_arguments_checked_late)
{
    check_run(T, 
        "\n"
        "async def agen():\n"
        "    yield 1\n"
        "g = agen()\n"
        "a = g.athrow()\n"
        "try:\n"
        "    a.send(None)\n"
        "except BaseException as e:\n"
        "    print(type(e).__name__, e)\n"
        "a = agen().athrow(1)\n"
        "try:\n"
        "    a.send(None)\n"
        "except BaseException as e:\n"
        "    print(type(e).__name__, e)\n",
        "TypeError athrow expected at least 1 argument, got 0\n"
        "TypeError exceptions must be classes or instances deriving from BaseException, not int\n",
        "");
}

/* CPython's C-level printer (unraisable exceptions) shows a group plainly */
TEST(pyexc_unraisable_group_plain)
{
    exc_out *r = calloc(1, sizeof *r);
    CHECK(r != NULL);
    if (!r) return;
    sk_alloc a;
    sk_alloc_init(&a, 0);
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = "class A:\n"
               "    def __del__(self):\n"
               "        raise ExceptionGroup('in del', [ValueError(1), TypeError(2)])\n"
               "a = A()\n"
               "del a\n"
               "print('done')\n";
    o.source_len = strlen(o.source);
    o.filename = "t.py";
    o.write = exc_write;
    o.write_ud = r;
    o.stack_limit = sk_stack_limit_from_here(256u << 10);
    py_run_result res;
    py_run(&o, &res);
    py_run_result_free(&a, &res);
    CHECK_STR(r->out, "done\n");
    CHECK(strstr(r->err, "Exception ignored in: <function A.__del__ at 0x") == r->err);
    CHECK(strstr(r->err, ">\nTraceback (most recent call last):\n"
                         "  File \"t.py\", line 3, in __del__\n"
                         "    raise ExceptionGroup('in del', [ValueError(1), TypeError(2)])\n"
                         "ExceptionGroup: in del (2 sub-exceptions)\n") != NULL);
    CHECK(strstr(r->err, "+-") == NULL);
    CHECK_INT(a.used, 0);
    free(r);
}

/* deep nesting: handled as CPython does up to the depth limit, then a
 * RecursionError (CPython's message), never a crash */
TEST(pyexc_deep_group_split)
{
    check_run(T,
        "g = ValueError(0)\n"
        "for i in range(200):\n"
        "    g = ExceptionGroup('x', [g])\n"
        "try:\n"
        "    try:\n"
        "        raise g\n"
        "    except* ValueError:\n"
        "        print('handled')\n"
        "except RecursionError as e:\n"
        "    print('R', e)\n"
        "for i in range(100000):\n"
        "    g = ExceptionGroup('x', [g])\n"
        "try:\n"
        "    g.split(TypeError)\n"
        "except RecursionError as e:\n"
        "    print(e)\n",
        "handled\n"
        "maximum recursion depth exceeded in exceptiongroup_split_recursive\n",
        "");
}
