/* test_py.c — the Python interpreter core: value representation, number
 * formatting, reference counting and the cycle collector, teardown, the
 * recursion/step/C-depth limits, and the traceback format. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "base/alloc.h"
#include "base/stack.h"
#include "py/py.h"
#include "py/val.h"

typedef struct run_out {
    char out[8192];
    size_t nout;
    char err[8192];
    size_t nerr;
    int status;
    int end;
    uint64_t steps;
    char exc_type[64];
    char exc_short[256];
    char result_repr[256];
    size_t used_after;
} run_out;

static int cap_write(void *ud, int fd, const char *p, size_t n)
{
    run_out *r = ud;
    char *dst = fd == 2 ? r->err : r->out;
    size_t *len = fd == 2 ? &r->nerr : &r->nout;
    size_t room = sizeof r->out - 1 - *len;
    if (n > room) n = room;
    memcpy(dst + *len, p, n);
    *len += n;
    dst[*len] = 0;
    return 0;
}

typedef struct run_cfg {
    uint32_t rec;
    uint64_t steps;
    size_t max_memory;
    const volatile int *cancel;
    int echo;
} run_cfg;

/* Run `src` in a fresh interpreter; the result strings are copied into
 * static-free storage of `r` and the allocator must be back at zero. */
static void run_py(run_out *r, const char *src, const run_cfg *cfg)
{
    memset(r, 0, sizeof *r);
    sk_alloc a;
    sk_alloc_init(&a, cfg ? cfg->max_memory : 0);
    py_run_opts o;
    memset(&o, 0, sizeof o);
    o.alloc = &a;
    o.source = src;
    o.source_len = strlen(src);
    o.filename = "t.py";
    o.write = cap_write;
    o.write_ud = r;
    o.collect_result = 1;
    o.stack_limit = sk_stack_limit_from_here(256u << 10);
    if (cfg) {
        o.max_recursion_depth = cfg->rec;
        o.max_steps = cfg->steps;
        o.cancel = cfg->cancel;
        o.echo_last_expr = cfg->echo;
    }
    py_run_result res;
    r->status = py_run(&o, &res);
    r->end = res.end;
    r->steps = res.steps;
    if (res.exc_type) snprintf(r->exc_type, sizeof r->exc_type, "%s", res.exc_type);
    if (res.exc_short) snprintf(r->exc_short, sizeof r->exc_short, "%s", res.exc_short);
    if (res.result_repr) snprintf(r->result_repr, sizeof r->result_repr, "%s", res.result_repr);
    py_run_result_free(&a, &res);
    r->used_after = a.used;
}

/* Convenience: run and return stdout. */
#define RUN(r, src) run_py((r), (src), NULL)

TEST(py_val_immediates)
{
    CHECK(py_is_int(py_int_small(0)));
    CHECK_INT(py_int_val(py_int_small(-5)), -5);
    CHECK_INT(py_int_val(py_int_small(PY_SMALL_MAX)), PY_SMALL_MAX);
    CHECK_INT(py_int_val(py_int_small(PY_SMALL_MIN)), PY_SMALL_MIN);
    CHECK(py_fits_small(PY_SMALL_MAX) && !py_fits_small(PY_SMALL_MAX + 1));
    CHECK(!py_is_ptr(PY_NONE) && py_is_special(PY_NONE));
    CHECK(py_is_bool(PY_TRUE) && py_is_bool(PY_FALSE) && !py_is_bool(PY_NONE));
    CHECK(!py_is_ptr(PY_NULL));
    const double ds[] = { 0.0, -0.0, 1.5, -1e308, 5e-324, INFINITY, -INFINITY, NAN };
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        py_val v = py_float(ds[i]);
        CHECK(py_is_float(v));
        CHECK(!py_is_int(v) && !py_is_ptr(v) && !py_is_special(v));
        double back = py_float_val(v);
        if (isnan(ds[i])) CHECK(isnan(back));
        else CHECK(memcmp(&back, &ds[i], sizeof back) == 0);
    }
    /* a heap pointer is stored unchanged */
    static const long dummy = 0;
    py_val p = (py_val)(uintptr_t)&dummy;
    CHECK(py_is_ptr(p) && !py_is_float(p) && !py_is_int(p));
}

TEST(py_hello_sum)
{
    run_out r;
    RUN(&r, "print(sum(i*i for i in range(10)))\n");
    CHECK_STR(r.out, "285\n");
    CHECK_INT(r.status, 0);
    CHECK_INT(r.used_after, 0);
}

TEST(py_number_formatting)
{
    run_out r;
    RUN(&r, "print(repr(0.1), 1e16, 1e-5, 0.1+0.2, -0.0, float('inf'), -float('inf'), float('nan'))\n"
            "print(2**100, -2**64, 10**20 // 3, 7 // -2, -7 % 3, 1/3)\n"
            "print(f'{3.14159:.2f}|{42:>6}|{255:#x}|{1234567:,}|{0.5:%}|{12:08.3f}|{-3:+d}')\n"
            "print('%5.1f|%-4d|%s|%r' % (2.25, 7, 'a', 'b'))\n"
            "print(hex(-255), oct(8), bin(5), round(2.5), round(3.5), round(1.25, 1))\n"
            "print(int('1_000'), int('ff', 16), float('1e3'), 3.0, 1e22, 123456789012345678.0)\n");
    CHECK_STR(r.out,
              "0.1 1e+16 1e-05 0.30000000000000004 -0.0 inf -inf nan\n"
              "1267650600228229401496703205376 -18446744073709551616 33333333333333333333 -4 2 0.3333333333333333\n"
              "3.14|    42|0xff|1,234,567|50.000000%|0012.000|-3\n"
              "  2.2|7   |a|'b'\n"
              "-0xff 0o10 0b101 2 4 1.2\n"
              "1000 255 1000.0 3.0 1e+22 1.2345678901234568e+17\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_int_str_limit)
{
    run_out r;
    RUN(&r, "try:\n    int('1' * 5000)\nexcept ValueError as e:\n    print(e)\n"
            "print(len(str(10**4299)))\n");
    CHECK_STR(r.out, "Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; "
                     "use sys.set_int_max_str_digits() to increase the limit\n4300\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_cycles_collected_and_teardown)
{
    run_out r;
    /* cycles that the program drops: the collector must reclaim them, so a
     * small memory limit is enough for many iterations */
#if defined(__SANITIZE_ADDRESS__)
    run_cfg cfg = { .max_memory = 16u << 20 };   /* unpooled blocks cost more */
#else
    run_cfg cfg = { .max_memory = 4u << 20 };
#endif
    run_py(&r,
           "import gc\n"
           "class Node:\n"
           "    def __init__(self): self.other = None\n"
           "for i in range(20000):\n"
           "    a = Node(); b = Node(); a.other = b; b.other = a\n"
           "    l = [1, 2]; l.append(l)\n"
           "    d = {}; d['self'] = d\n"
           "print(gc.collect() >= 0)\n", &cfg);
    CHECK_STR(r.out, "True\n");
    CHECK_INT(r.status, 0);
    CHECK_INT(r.used_after, 0);
    /* cycles still alive at exit are freed by teardown */
    RUN(&r, "class A: pass\nx = A(); x.me = x\ny = [x]; x.l = y\n"
            "def f(): return f\nf.attr = f\n"
            "g = (lambda: (yield g))()\nnext(g)\n");
    CHECK_INT(r.status, 0);
    CHECK_INT(r.used_after, 0);
}

TEST(py_long_chain_dealloc)
{
    run_out r;
    /* a million-deep chain of lists freed without C recursion */
    RUN(&r, "a = None\nfor i in range(1000000):\n    a = [a]\ndel a\nprint('ok')\n"
            "b = None\nfor i in range(300000):\n    b = (b,)\n");
    CHECK_STR(r.out, "ok\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_recursion_limit)
{
    run_out r;
    run_cfg cfg = { .rec = 50 };
    run_py(&r,
           "depth = 0\n"
           "def f():\n"
           "    global depth\n"
           "    depth += 1\n"
           "    f()\n"
           "try:\n"
           "    f()\n"
           "except RecursionError as e:\n"
           "    print(depth, e)\n", &cfg);
    CHECK_STR(r.out, "50 maximum recursion depth exceeded\n");
    CHECK_INT(r.used_after, 0);
    /* deep recursion with the default limit does not use the C stack */
    RUN(&r, "def f(n): return 0 if n == 0 else 1 + f(n - 1)\nprint(f(990))\n");
    CHECK_STR(r.out, "990\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_c_depth_limit)
{
    run_out r;
    /* recursion through C (repr of a deeply nested list, __repr__ calling
     * repr) raises RecursionError instead of overflowing the C stack */
    RUN(&r, "a = []\nfor i in range(200000):\n    a = [a]\n"
            "try:\n    repr(a)\nexcept RecursionError:\n    print('repr-deep')\n"
            "class R:\n    def __repr__(self): return repr(self)\n"
            "try:\n    repr(R())\nexcept RecursionError:\n    print('repr-self')\n"
            "class H:\n    def __hash__(self): return hash(self)\n"
            "try:\n    {H(): 1}\nexcept RecursionError:\n    print('hash-self')\n");
    CHECK_STR(r.out, "repr-deep\nrepr-self\nhash-self\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_step_limit_and_cancel)
{
    run_out r;
    run_cfg cfg = { .steps = 100000 };
    run_py(&r, "while True:\n    pass\n", &cfg);
    CHECK_INT(r.end, PY_END_LIMIT);
    CHECK(r.status != 0);
    CHECK_INT(r.steps, 100000);
    CHECK_INT(r.used_after, 0);
    /* a small program stays under the limit */
    run_cfg cfg2 = { .steps = 1000000 };
    run_py(&r, "x = 0\nfor i in range(1000):\n    x += i\nprint(x)\n", &cfg2);
    CHECK_STR(r.out, "499500\n");
    CHECK_INT(r.end, PY_END_OK);
    volatile int flag = 1;
    run_cfg cfg3 = { .cancel = &flag };
    run_py(&r, "while True:\n    pass\n", &cfg3);
    CHECK_INT(r.end, PY_END_CANCELLED);
    CHECK_INT(r.used_after, 0);
}

TEST(py_memory_limit)
{
    run_out r;
    run_cfg cfg = { .max_memory = 2u << 20 };
    run_py(&r, "x = []\nwhile True:\n    x.append('a' * 1000)\n", &cfg);
    CHECK(r.status != 0);
    CHECK(r.end == PY_END_LIMIT || r.end == PY_END_EXCEPTION);
    CHECK_INT(r.used_after, 0);
}

TEST(py_traceback_format)
{
    run_out r;
    RUN(&r, "def inner(x):\n"
            "    return x[1] + 1\n"
            "def outer():\n"
            "    return inner([1, 'a'])\n"
            "outer()\n");
    CHECK_INT(r.status, 1);
    CHECK_STR(r.err,
              "Traceback (most recent call last):\n"
              "  File \"t.py\", line 5, in <module>\n"
              "    outer()\n"
              "    ~~~~~^^\n"
              "  File \"t.py\", line 4, in outer\n"
              "    return inner([1, 'a'])\n"
              "  File \"t.py\", line 2, in inner\n"
              "    return x[1] + 1\n"
              "           ~~~~~^~~\n"
              "TypeError: can only concatenate str (not \"int\") to str\n");
    CHECK_STR(r.exc_type, "TypeError");
    CHECK_STR(r.exc_short, "TypeError('can only concatenate str (not \"int\") to str')");
    CHECK_INT(r.used_after, 0);

    /* repeated frames are collapsed; user exceptions print bare */
    run_cfg cfg = { .rec = 50 };
    run_py(&r, "class Halt(Exception): pass\n"
               "def f(n):\n"
               "    if n == 0:\n"
               "        raise Halt('boom')\n"
               "    f(n - 1)\n"
               "f(10)\n", &cfg);
    CHECK(strstr(r.err, "  [Previous line repeated 7 more times]\n") != NULL);
    CHECK(strstr(r.err, "\nHalt: boom\n") != NULL);
    CHECK(strstr(r.err, "    raise Halt('boom')\n") != NULL);

    /* subscripts and SyntaxError */
    RUN(&r, "d = {}\nx = d['key']\n");
    CHECK_STR(r.err,
              "Traceback (most recent call last):\n"
              "  File \"t.py\", line 2, in <module>\n"
              "    x = d['key']\n"
              "        ~^^^^^^^\n"
              "KeyError: 'key'\n");
    RUN(&r, "x = (1 +\n");
    CHECK_INT(r.status, 1);
    CHECK(strncmp(r.err, "  File \"t.py\", line 1\n", 22) == 0);
    CHECK(strstr(r.err, "SyntaxError: ") != NULL);
    CHECK_INT(r.used_after, 0);
}

TEST(py_exception_chain)
{
    run_out r;
    RUN(&r, "try:\n    1/0\nexcept ZeroDivisionError as e:\n    raise ValueError('v') from e\n");
    CHECK(strstr(r.err, "ZeroDivisionError: division by zero\n\n"
                        "The above exception was the direct cause of the following exception:\n\n") != NULL);
    CHECK(strstr(r.err, "ValueError: v\n") != NULL);
    CHECK_INT(r.used_after, 0);
}

TEST(py_echo_and_exit)
{
    run_out r;
    run_cfg cfg = { .echo = 1 };
    run_py(&r, "x = 2\nx * 21\n", &cfg);
    CHECK_STR(r.out, "42\n");
    CHECK_STR(r.result_repr, "42");
    RUN(&r, "import sys\nprint('a')\nsys.exit(3)\n");
    CHECK_STR(r.out, "a\n");
    CHECK_INT(r.status, 3);
    CHECK_INT(r.end, PY_END_EXIT);
    CHECK_INT(r.used_after, 0);
}

TEST(py_generators_classes)
{
    run_out r;
    RUN(&r, "def gen():\n    x = yield 1\n    yield x * 2\n"
            "g = gen(); print(next(g), g.send(5))\n"
            "class A:\n    def __init__(self, v): self.v = v\n"
            "    def __add__(self, o): return A(self.v + o.v)\n"
            "    def __repr__(self): return f'A({self.v})'\n"
            "class B(A):\n    def __repr__(self): return 'B' + super().__repr__()\n"
            "print(A(1) + A(2), B(3), sorted([3, 1, 2], key=lambda v: -v))\n"
            "def outer():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n        return n\n    return inc\n"
            "i = outer(); i(); print(i())\n");
    CHECK_STR(r.out, "1 10\nA(3) BA(3) [3, 2, 1]\n2\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_builtin_subclasses)
{
    run_out r;
    RUN(&r, "class I(int):\n    def twice(self): return self * 2\n"
            "class S(str):\n    pass\n"
            "class F(float):\n    pass\n"
            "class B(bytes):\n    pass\n"
            "i = I(21); s = S('ab'); f = F(1.5); b = B(b'x')\n"
            "i.tag = 1; s.tag = 2; f.tag = 3; b.tag = 4\n"
            "print(i.twice(), i + 1, type(i + 1).__name__, {i: 'v'}[21], s + 'c', s.upper(), f * 2, b + b'y',\n"
            "      i.tag + s.tag + f.tag + b.tag, isinstance(s, str), hash(s) == hash('ab'))\n");
    CHECK_STR(r.out, "42 22 int v abc AB 3.0 b'xy' 10 True True\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_match_statement)
{
    run_out r;
    RUN(&r, "def f(v):\n"
            "    match v:\n"
            "        case (1, a) | (a, 2): return ('or', a)\n"
            "        case {'k': x, **rest}: return ('map', x, rest)\n"
            "        case [1, *mid, 9]: return ('seq', mid)\n"
            "        case str() as s if len(s) > 1: return ('str', s)\n"
            "        case _: return 'other'\n"
            "for v in [(1, 5), (7, 2), {'k': 1, 'z': 2}, [1, 2, 3, 9], 'hi', 'h', None]:\n"
            "    print(f(v))\n"
            "z = 'unset'\n"
            "match [1, 2]:\n"
            "    case [z, 3]: pass\n"
            "print(z)\n");
    CHECK_STR(r.out, "('or', 5)\n('or', 7)\n('map', 1, {'z': 2})\n('seq', [2, 3])\n('str', 'hi')\nother\nother\nunset\n");
    CHECK_INT(r.used_after, 0);
    RUN(&r, "match 1:\n    case a: pass\n    case 2: pass\n");
    CHECK(strstr(r.err, "SyntaxError: name capture 'a' makes remaining patterns unreachable") != NULL);
}

TEST(py_asyncio_and_top_level_await)
{
    run_out r;
    RUN(&r, "import asyncio\n"
            "async def work(n, d):\n    await asyncio.sleep(d)\n    return n * 10\n"
            "r = await asyncio.gather(work(1, 5), work(2, 1), work(3, 3))\n"
            "print(r)\n"
            "async def main():\n    t = asyncio.ensure_future(work(4, 100))\n    await asyncio.sleep(0)\n    t.cancel()\n"
            "    try:\n        await t\n    except asyncio.CancelledError:\n        return 'cancelled'\n"
            "print(await main())\n");
    CHECK_STR(r.out, "[10, 20, 30]\ncancelled\n");
    CHECK_INT(r.used_after, 0);
}

/* The type attribute cache must follow every change of a class namespace,
 * of a base class, and survive a type's address being reused. */
TEST(py_type_cache_invalidation)
{
    run_out r;
    RUN(&r, "class A:\n    x = 1\n    def f(self): return 'A.f'\n"
            "class B(A): pass\n"
            "b = B(); out = []\n"
            "for i in range(1200):\n"
            "    out.append(b.x)\n"
            "    if i == 700: A.x = 2\n"
            "    if i == 800: B.x = 3\n"
            "    if i == 900: del B.x\n"
            "    if i == 1000: A.f = lambda self: 'new'\n"
            "    if i == 1100: del A.x; B.x = 9\n"
            "print(out[0], out[701], out[801], out[901], out[1199], b.f())\n"
            "res = []\n"
            "for i in range(1000):\n"
            "    C = type('C', (), {'v': i})\n"
            "    res.append(C().v)\n"
            "    del C\n"
            "print(res == list(range(1000)))\n"
            "class Q: pass\n"
            "q = Q(); q.__dict__['m'] = 'inst'\n"
            "for i in range(600): v = q.m\n"
            "Q.m = property(lambda s: 'prop')\n"
            "print(v, q.m)\n");
    CHECK_STR(r.out, "1 2 3 2 9 new\nTrue\ninst prop\n");
    CHECK_INT(r.used_after, 0);
}

/* __del__ and generator close() run at the next safe point after the object
 * dies, in CPython's order; exceptions in them are reported, not raised. */
TEST(py_finalizers)
{
    run_out r;
    RUN(&r, "class A:\n    def __init__(self, n): self.n = n\n    def __del__(self): print('del', self.n)\n"
            "a = A(1); del a; print('after')\n"
            "l = [A(2), A(3)]; l.clear(); print('cleared')\n"
            "def g():\n    try:\n        yield 1\n    finally:\n        print('closed')\n"
            "for x in g(): break\n"
            "print('loop done')\n"
            "c = A(4); c.me = c; del c\n"
            "import gc; gc.collect(); print('collected')\n"
            "class R:\n    def __del__(self):\n        global keep; keep = self\n"
            "R(); print(type(keep).__name__)\n"
            "class B:\n    def __del__(self): raise ValueError('boom')\n"
            "B(); print('survived')\n"
            "last = A(5)\n");
    CHECK_STR(r.out, "del 1\nafter\ndel 3\ndel 2\ncleared\nclosed\nloop done\ndel 4\ncollected\nR\nsurvived\ndel 5\n");
    CHECK(strstr(r.err, "Exception ignored in: <function B.__del__ at ") != NULL);
    CHECK(strstr(r.err, "ValueError: boom") != NULL);
    CHECK_INT(r.status, 0);
    CHECK_INT(r.used_after, 0);
    /* a run ended by a limit runs no finalizers afterwards */
    run_cfg cfg = { .steps = 2000 };
    run_py(&r, "class A:\n    def __del__(self): print('del')\n"
               "a = A()\nwhile True: pass\n", &cfg);
    CHECK_STR(r.out, "");
    CHECK_INT(r.used_after, 0);
}

/* `s += t` grows s in place only when nothing else can see it: aliases,
 * class bodies, globals and the one-character cache keep their values; a
 * long append loop in a function and at module level stays within a memory
 * cap far below the sum of the intermediate strings. */
TEST(py_str_inplace_append)
{
    run_out r;
    RUN(&r, "s = ''\nfor i in range(5):\n    s += str(i)\nt = s\ns += 'é'\nprint(s, t, len(s), hash(s) == hash('01234é'))\n"
            "def f():\n    a = 'x'\n    b = a\n    for i in range(3):\n        a += 'y'\n    c = ''\n"
            "    for ch in 'abc':\n        c += ch\n        c += ch.upper()\n    return a, b, c\nprint(f())\n"
            "class K:\n    v = 'k'\n    v += '!'\nprint(K.v)\ng = 'q'\ndef h():\n    global g\n    g += 'r'\nh(); print(g)\n"
            "z = 'a'\nz += 'b'\nprint('a', z, chr(97))\n");
    CHECK_STR(r.out, "01234é 01234 6 True\n('xyyy', 'x', 'aAbBcC')\nk!\nqr\na ab a\n");
    CHECK_INT(r.used_after, 0);
    run_cfg cfg = { .max_memory = 8u << 20 };
    run_py(&r, "def build():\n    t = ''\n    for i in range(400000):\n        t += 'ab'\n    return len(t)\nprint(build())\n", &cfg);
    CHECK_STR(r.out, "800000\n");
    run_py(&r, "t = ''\nfor i in range(400000):\n    t += 'ab'\nprint(len(t))\n", &cfg);
    CHECK_STR(r.out, "800000\n");
    CHECK_INT(r.status, 0);
}

/* The traceback's hints, as CPython 3.13 prints them: the closest visible
 * name (locals, globals, builtins; self.NAME in a method), the closest
 * attribute from dir(obj), and the forgotten import — none of it in str(e). */
TEST(py_traceback_suggestions)
{
    static const struct { const char *src, *last; } cases[] = {
        { "prnt(1)\n", "NameError: name 'prnt' is not defined. Did you mean: 'print'?\n" },
        { "def f():\n    counter = 1\n    return countr\nf()\n", "NameError: name 'countr' is not defined. Did you mean: 'counter'?\n" },
        { "class A:\n    timeout = 3\n    def d(self):\n        return timeout\nA().d()\n",
          "NameError: name 'timeout' is not defined. Did you mean: 'self.timeout'?\n" },
        { "sys.exit(1)\n", "NameError: name 'sys' is not defined. Did you forget to import 'sys'?\n" },
        { "Math\n", "NameError: name 'Math' is not defined\n" },
        { "[].apend(1)\n", "AttributeError: 'list' object has no attribute 'apend'. Did you mean: 'append'?\n" },
        { "import math\nmath.sqr(2)\n", "AttributeError: module 'math' has no attribute 'sqr'. Did you mean: 'sqrt'?\n" },
        { "class A:\n    def __init__(self): self.value = 1\nA().vale\n", "AttributeError: 'A' object has no attribute 'vale'. Did you mean: 'value'?\n" },
        { "class A: pass\nA().x\n", "AttributeError: 'A' object has no attribute 'x'\n" },
        { "try:\n    sys\nexcept NameError as e:\n    print(str(e), e.name)\ntry:\n    [].apend\nexcept AttributeError as e:\n    print(str(e), e.name, e.obj)\n    raise ValueError('done')\n",
          "ValueError: done\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_out r;
        RUN(&r, cases[i].src);
        const char *last = r.err + strlen(r.err);
        if (last > r.err) last--;
        while (last > r.err && last[-1] != '\n') last--;
        CHECK_STR(last, cases[i].last);
        CHECK_INT(r.used_after, 0);
        if (i == sizeof cases / sizeof cases[0] - 1) CHECK_STR(r.out, "name 'sys' is not defined sys\n'list' object has no attribute 'apend' apend []\n");
    }
}

/* The VM's subscript fast paths (exact list/dict) leave subclasses to their
 * own __getitem__/__setitem__/__missing__. */
TEST(py_subscript_fast_paths_respect_subclasses)
{
    run_out r;
    RUN(&r, "class L(list):\n    def __getitem__(self, i): return 42\n    def __setitem__(self, i, v): print('set', i, v)\n"
            "class D(dict):\n    def __missing__(self, k): return 'miss'\n    def __setitem__(self, k, v): print('dset', k, v)\n"
            "l = L([1, 2]); print(l[0]); l[0] = 5; print(list(l))\n"
            "d = D(); print(d['x']); d['y'] = 1; print(dict(d))\n"
            "e = {}; e['a'] = 1; e[1] = 2; e[-1] = 3; e[1.0] = 4; print(e, e['a'], e[-1], e[True])\n"
            "m = [1, 2, 3]; m[1] = 9; m[-1] = 8; print(m)\n"
            "try:\n    m[5] = 1\nexcept IndexError as x:\n    print(x)\n"
            "try:\n    e['zz']\nexcept KeyError as x:\n    print('KeyError', x)\n");
    CHECK_STR(r.out, "42\nset 0 5\n[1, 2]\nmiss\ndset y 1\n{}\n{'a': 1, 1: 4, -1: 3} 1 3 4\n[1, 9, 8]\n"
                     "list assignment index out of range\nKeyError 'zz'\n");
    CHECK_INT(r.used_after, 0);
}

/* io.StringIO with nothing written (its buffer not yet allocated): writing
 * "" and reading must work (was a NULL write). */
TEST(py_stringio_empty_writes)
{
    run_out r;
    RUN(&r, "import io\ns = io.StringIO(); s.seek(5); s.write(''); print(repr(s.getvalue()))\n"
            "print(repr(io.StringIO('').getvalue()), repr(io.StringIO('').read()))\n"
            "s = io.StringIO(); print(s.write(''), repr(s.getvalue()), s.tell())\n");
    CHECK_STR(r.out, "''\n'' ''\n0 '' 0\n");
    CHECK_INT(r.used_after, 0);
}

/* print() and f-strings take the fast path only for exact str: a subclass
 * (a str-mixin Enum) prints through its __str__/__format__. */
TEST(py_str_subclass_print_and_format)
{
    run_out r;
    RUN(&r, "from enum import Enum\nclass S(str, Enum):\n    A = 'a'\nclass T(str):\n    def __str__(self): return 'T!'\n"
            "    def __format__(self, spec): return 'F!' + spec\n"
            "print(S.A, T('x'), f'{S.A}', f'{T(\"x\")}', f'{T(\"x\"):>3}', str(T('x')), '%s' % T('x'), format(T('y')))\n");
    CHECK_STR(r.out, "S.A T! S.A F! F!>3 T! T! F!\n");
    CHECK_INT(r.used_after, 0);
}

/* Function annotations: stored as source text and evaluated in the
 * function's globals on first read (CPython 3.14 evaluates lazily, so `->
 * Node` inside Node's body works); text that does not evaluate there stays a
 * string; `from __future__ import annotations` keeps all of them as text;
 * typing.get_type_hints and singledispatch see the values. */
TEST(py_function_annotations)
{
    run_out r;
    RUN(&r, "import typing, functools\n"
            "class Node:\n    def link(self, other: 'Node', *rest: int, __p: str = '', **kw: float) -> Node:\n        return self\n"
            "def f(x: int, /, y: dict[str, int] = {}, *, z: int = 0) -> list[int]: pass\n"
            "def g(a, b=1): pass\n"
            "print(f.__annotations__)\nprint(Node.link.__annotations__)\nprint(g.__annotations__)\n"
            "print(typing.get_type_hints(Node.link))\n"
            "def h(a: list['Node'], b: None): pass\nprint(typing.get_type_hints(h))\n"
            "@functools.singledispatch\ndef show(x): return 'obj'\n@show.register\ndef _(x: int): return 'int'\n"
            "print(show(1), show(1.5))\n");
    CHECK_STR(r.out, "{'y': dict[str, int], 'x': <class 'int'>, 'z': <class 'int'>, 'return': list[int]}\n"
                     "{'other': 'Node', 'rest': <class 'int'>, '_Node__p': <class 'str'>, 'kw': <class 'float'>, 'return': <class '__main__.Node'>}\n"
                     "{}\n"
                     "{'other': <class '__main__.Node'>, 'rest': <class 'int'>, '_Node__p': <class 'str'>, 'kw': <class 'float'>, 'return': <class '__main__.Node'>}\n"
                     "{'a': list[__main__.Node], 'b': <class 'NoneType'>}\n"
                     "int obj\n");
    CHECK_INT(r.used_after, 0);
}

/* exc.__traceback__: traceback objects outermost first (tb_next inward),
 * the same object until the exception moves on, extract_tb/walk_tb/format_tb
 * and sys.exc_info() agree with CPython; with_traceback(None) drops them. */
TEST(py_traceback_objects)
{
    run_out r;
    RUN(&r, "import traceback, sys\ndef inner(): raise ValueError('x')\ndef outer(): inner()\n"
            "try:\n    outer()\nexcept ValueError as e:\n    tb = e.__traceback__\n"
            "    print(type(tb).__name__, tb is e.__traceback__, tb.tb_lineno, tb.tb_frame.f_code.co_name)\n"
            "    print([(f.f_code.co_name, l) for f, l in traceback.walk_tb(tb)])\n"
            "    print([s.name for s in traceback.extract_tb(tb)], traceback.format_tb(tb)[-1].splitlines()[0])\n"
            "    print(sys.exc_info()[2] is tb, e.with_traceback(None).__traceback__)\n"
            "try:\n    try:\n        outer()\n    except ValueError as e:\n        first = e.__traceback__\n        raise\n"
            "except ValueError as e:\n    print(len(traceback.extract_tb(e.__traceback__)), len(traceback.extract_tb(first)))\n"
            "print(ValueError('q').__traceback__)\n");
    CHECK_STR(r.out, "traceback True 5 <module>\n"
                     "[('<module>', 5), ('outer', 3), ('inner', 2)]\n"
                     "['<module>', 'outer', 'inner']   File \"t.py\", line 2, in inner\n"
                     "True None\n"
                     "3 3\n"
                     "None\n");
    CHECK_INT(r.used_after, 0);
}

/* As CPython: format_exception_only has no frame, so a NameError gets only
 * the forgotten-import hint there; the full format gets the closest name. */
TEST(py_traceback_suggestions_need_the_frame)
{
    run_out r;
    RUN(&r, "import traceback\ncounter = 1\ntry:\n    countr\nexcept NameError as e:\n"
            "    print(traceback.format_exception_only(e)[-1].strip())\n    print(traceback.format_exception(e)[-1].strip())\n"
            "try:\n    sys\nexcept NameError as e:\n    print(traceback.format_exception_only(e)[-1].strip())\n");
    CHECK_STR(r.out, "NameError: name 'countr' is not defined\n"
                     "NameError: name 'countr' is not defined. Did you mean: 'counter'?\n"
                     "NameError: name 'sys' is not defined. Did you forget to import 'sys'?\n");
    CHECK_INT(r.used_after, 0);
}

TEST(py_function_annotations_text_and_fallback)
{
    run_out r;
    RUN(&r, "from __future__ import annotations\ndef f(x: int) -> list[int]: pass\nprint(f.__annotations__)\n");
    CHECK_STR(r.out, "{'x': 'int', 'return': 'list[int]'}\n");
    RUN(&r, "def outer():\n    T = int\n    def g(x: T, y: int): pass\n    return g\nprint(outer().__annotations__)\n"
            "def h(x: undefined_name): pass\nprint(h.__annotations__)\nh.__annotations__ = {'q': 1}\nprint(h.__annotations__)\n");
    CHECK_STR(r.out, "{'x': 'T', 'y': <class 'int'>}\n{'x': 'undefined_name'}\n{'q': 1}\n");
    CHECK_INT(r.used_after, 0);
}
