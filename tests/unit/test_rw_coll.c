/* test_rw_coll.c — the rewritten collections, enum, calendar, pprint, reprlib,
 * textwrap, string and difflib modules, each run as a program over a memfs and
 * compared with the output CPython 3.13 gives for the same program. */
#include "test.h"
#include "pymods_helper.h"

static pyt_out R;

TEST(rw_coll_counter)
{
    PYT(&R,
        "from collections import Counter\n"
        "c = Counter('abracadabra')\n"
        "print(c, c.most_common(2), c.total(), ''.join(sorted(c.elements())))\n"
        "print(Counter(a=3, b=1) + Counter(a=1, b=2, c=-1), Counter(a=3, b=1) - Counter(a=1, b=2, d=-2))\n"
        "print(Counter(a=3, b=1) | Counter(a=1, b=2), Counter(a=3, b=1) & Counter(a=1, b=2), +Counter(a=1, b=-2), -Counter(a=1, b=-2))\n"
        "x = Counter(a=2, b=1); x -= Counter(a=1); x |= Counter(b=5, q=-1); x &= Counter(b=2, a=9); print(x)\n"
        "x = Counter(a=1); x.update('aab'); x.update({'z': 5}, k=2); x.subtract('aaaa'); del x['nope']; print(x)\n"
        "print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) < Counter(a=2), Counter(a=1) <= Counter(a=1), Counter(a=1) >= Counter(b=1))\n"
        "for f in (lambda: Counter() | Counter(a='x'), lambda: -Counter(a='x'), lambda: Counter(a='x') < Counter(a=1)):\n"
        "    try:\n"
        "        f()\n"
        "    except TypeError as e:\n"
        "        print(e)\n"
        "try:\n"
        "    Counter.fromkeys('ab')\n"
        "except NotImplementedError as e:\n"
        "    print(e)\n");
    CHECK_STR(R.out,
              "Counter({'a': 5, 'b': 2, 'r': 2, 'c': 1, 'd': 1}) [('a', 5), ('b', 2)] 11 aaaaabbcdrr\n"
              "Counter({'a': 4, 'b': 3}) Counter({'a': 2, 'd': 2})\n"
              "Counter({'a': 3, 'b': 2}) Counter({'a': 1, 'b': 1}) Counter({'a': 1}) Counter({'b': 2})\n"
              "Counter({'b': 2, 'a': 1})\n"
              "Counter({'z': 5, 'k': 2, 'b': 1, 'a': -1})\n"
              "True True True False\n"
              "'>' not supported between instances of 'str' and 'int'\n"
              "'<' not supported between instances of 'str' and 'int'\n"
              "'<=' not supported between instances of 'str' and 'int'\n"
              "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_defaultdict_ordereddict)
{
    PYT(&R,
        "from collections import defaultdict, OrderedDict\n"
        "d = defaultdict(list); d['a'].append(1); d['b']\n"
        "print(d, d.copy(), defaultdict(int, a=1) | {'b': 2}, {'z': 0} | defaultdict(int, a=1), defaultdict.fromkeys('ab', 3))\n"
        "try:\n"
        "    defaultdict(3)\n"
        "except TypeError as e:\n"
        "    print(e)\n"
        "o = OrderedDict(a=1, b=2, c=3); o.move_to_end('a'); o.move_to_end('c', last=False)\n"
        "print(o, o.popitem(), o.popitem(last=False), o, OrderedDict(), list(reversed(OrderedDict(x=1, y=2))))\n"
        "print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == dict(b=2, a=1), OrderedDict(a=1) | {'b': 2})\n"
        "try:\n"
        "    OrderedDict().popitem()\n"
        "except KeyError as e:\n"
        "    print(repr(e))\n");
    CHECK_STR(R.out,
              "defaultdict(<class 'list'>, {'a': [1], 'b': []}) defaultdict(<class 'list'>, {'a': [1], 'b': []}) defaultdict(<class 'int'>, {'a': 1, 'b': 2}) defaultdict(<class 'int'>, {'z': 0, 'a': 1}) defaultdict(None, {'a': 3, 'b': 3})\n"
              "first argument must be callable or None\n"
              "OrderedDict({'b': 2}) ('a', 1) ('c', 3) OrderedDict({'b': 2}) OrderedDict() ['y', 'x']\n"
              "False True OrderedDict({'a': 1, 'b': 2})\n"
              "KeyError('dictionary is empty')\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_namedtuple)
{
    PYT(&R,
        "from collections import namedtuple\n"
        "P = namedtuple('P', 'x y')\n"
        "p = P(1, y=2)\n"
        "print(p, p.x, p[1], p._asdict(), p._replace(x=5), P._make([3, 4]), P._fields, P.__doc__, P.x.__doc__)\n"
        "Q = namedtuple('Q', ['a', 'b', 'c'], defaults=[2, 3]); print(Q(1), Q._field_defaults, Q(1, c=9))\n"
        "print(namedtuple('R', 'abc, def _x abc 1', rename=True)._fields, namedtuple('S1', 'only').__doc__)\n"
        "for f in (lambda: P(1), lambda: P(), lambda: P(1, 2, 3), lambda: P(1, x=2), lambda: P(1, 2, z=3),\n"
        "          lambda: p._replace(z=1), lambda: P._make([1]), lambda: namedtuple('S', 'a _b'),\n"
        "          lambda: namedtuple('S', 'a a'), lambda: namedtuple('S', 'a class'), lambda: namedtuple('S', 'a', defaults=[1, 2])):\n"
        "    try:\n"
        "        f()\n"
        "    except (TypeError, ValueError) as e:\n"
        "        print(type(e).__name__, e)\n"
        "match P(1, 2):\n"
        "    case P(x, y):\n"
        "        print('matched', x, y)\n");
    CHECK_STR(R.out,
              "P(x=1, y=2) 1 2 {'x': 1, 'y': 2} P(x=5, y=2) P(x=3, y=4) ('x', 'y') P(x, y) Alias for field number 0\n"
              "Q(a=1, b=2, c=3) {'b': 2, 'c': 3} Q(a=1, b=2, c=9)\n"
              "('abc', '_1', '_2', '_3', '_4') S1(only,)\n"
              "TypeError P.__new__() missing 1 required positional argument: 'y'\n"
              "TypeError P.__new__() missing 2 required positional arguments: 'x' and 'y'\n"
              "TypeError P.__new__() takes 3 positional arguments but 4 were given\n"
              "TypeError P.__new__() got multiple values for argument 'x'\n"
              "TypeError P.__new__() got an unexpected keyword argument 'z'\n"
              "TypeError Got unexpected field names: ['z']\n"
              "TypeError Expected 2 arguments, got 1\n"
              "ValueError Field names cannot start with an underscore: '_b'\n"
              "ValueError Encountered duplicate field name: 'a'\n"
              "ValueError Type names and field names cannot be a keyword: 'class'\n"
              "TypeError Got more default values than field names\n"
              "matched 1 2\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_chainmap_user)
{
    PYT(&R,
        "from collections import ChainMap, UserDict, UserList, UserString\n"
        "cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})\n"
        "print(cm, cm['a'], cm['b'], len(cm), list(cm), cm.get('z', 9), 'b' in cm, dict(cm))\n"
        "cm['c'] = 4; del cm['c']\n"
        "print(cm.new_child(), cm.new_child({'z': 1}), cm.parents, cm.copy(), cm.new_child(x=1))\n"
        "for f in (lambda: cm['zz'], lambda: cm.__delitem__('b'), lambda: cm.pop('b')):\n"
        "    try:\n"
        "        f()\n"
        "    except KeyError as e:\n"
        "        print(repr(e))\n"
        "print(cm.pop('a'), cm, bool(ChainMap()), cm == ChainMap({}, {'a': 2, 'b': 3}))\n"
        "ud = UserDict({'a': 1}, b=2); ul = UserList([1, 2]); ul.append(3); us = UserString('hello')\n"
        "print(ud, len(ud), ul, ul[0], us, repr(us), us[1:3], us + 'x', us.upper(), us == 'hello', 'ell' in us)\n");
    CHECK_STR(R.out,
              "ChainMap({'a': 1}, {'a': 2, 'b': 3}) 1 3 2 ['a', 'b'] 9 True {'a': 1, 'b': 3}\n"
              "ChainMap({}, {'a': 1}, {'a': 2, 'b': 3}) ChainMap({'z': 1}, {'a': 1}, {'a': 2, 'b': 3}) ChainMap({'a': 2, 'b': 3}) ChainMap({'a': 1}, {'a': 2, 'b': 3}) ChainMap({'x': 1}, {'a': 1}, {'a': 2, 'b': 3})\n"
              "KeyError('zz')\n"
              "KeyError(\"Key not found in the first mapping: 'b'\")\n"
              "KeyError(\"Key not found in the first mapping: 'b'\")\n"
              "1 ChainMap({}, {'a': 2, 'b': 3}) False True\n"
              "{'a': 1, 'b': 2} 2 [1, 2, 3] 1 hello 'hello' el hellox HELLO True True\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_enum_basic)
{
    PYT(&R,
        "from enum import Enum, IntEnum, StrEnum, auto, unique\n"
        "class Color(Enum):\n"
        "    RED = 1\n"
        "    GREEN = 2\n"
        "    CRIMSON = 1\n"
        "print(Color.RED, repr(Color.RED), Color(2), Color['GREEN'], list(Color), len(Color), Color.CRIMSON is Color.RED)\n"
        "print(list(Color.__members__), repr(Color), Color.RED in Color, 2 in Color, list(reversed(Color)), f'{Color.RED:>12}|')\n"
        "for f in (lambda: Color(7), lambda: Color['PINK'], lambda: unique(Color), lambda: setattr(Color, 'RED', 5)):\n"
        "    try:\n"
        "        f()\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, e)\n"
        "class A(Enum):\n"
        "    X = auto()\n"
        "    Y = auto()\n"
        "    Z = 10\n"
        "    W = auto()\n"
        "print([m.value for m in A])\n"
        "class S(StrEnum):\n"
        "    ONE = auto()\n"
        "    TWO = 'deux'\n"
        "print(S.ONE, repr(S.ONE), S.ONE == 'one', S.TWO.upper(), S('deux'))\n"
        "class N(IntEnum):\n"
        "    A = 1\n"
        "    B = 2\n"
        "print(N.A, repr(N.A), N.A + 1, N.A < N.B, N(2), f'{N.A:03d}', sorted([N.B, N.A]))\n"
        "F = Enum('F', 'a b c'); G = Enum('G', [('x', 10), ('y', 20)]); K = IntEnum('K', 'one two', start=5)\n"
        "print(list(F), G(20), list(K))\n"
        "class M(Enum):\n"
        "    A = 1\n"
        "    @classmethod\n"
        "    def _missing_(cls, value):\n"
        "        return cls.A if value == 'a' else None\n"
        "print(M('a'))\n"
        "class Planet(Enum):\n"
        "    EARTH = (5.976e+24, 6.37814e6)\n"
        "    def __init__(self, mass, radius):\n"
        "        self.mass = mass\n"
        "print(Planet.EARTH.mass, Planet.EARTH.value)\n");
    CHECK_STR(R.out,
              "Color.RED <Color.RED: 1> Color.GREEN Color.GREEN [<Color.RED: 1>, <Color.GREEN: 2>] 2 True\n"
              "['RED', 'GREEN', 'CRIMSON'] <enum 'Color'> True True [<Color.GREEN: 2>, <Color.RED: 1>]    Color.RED|\n"
              "ValueError 7 is not a valid Color\n"
              "KeyError 'PINK'\n"
              "ValueError duplicate values found in <enum 'Color'>: CRIMSON -> RED\n"
              "AttributeError cannot reassign member 'RED'\n"
              "[1, 2, 10, 11]\n"
              "one <S.ONE: 'one'> True DEUX deux\n"
              "1 <N.A: 1> 2 True 2 001 [<N.A: 1>, <N.B: 2>]\n"
              "[<F.a: 1>, <F.b: 2>, <F.c: 3>] G.y [<K.one: 5>, <K.two: 6>]\n"
              "M.A\n"
              "5.976e+24 (5.976e+24, 6378140.0)\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_enum_flag)
{
    PYT(&R,
        "from enum import Flag, IntFlag, auto\n"
        "import enum\n"
        "class P(Flag):\n"
        "    R = auto()\n"
        "    W = auto()\n"
        "    X = auto()\n"
        "    RW = R | W\n"
        "print(P.R, repr(P.R | P.W), repr(P.R | P.X), list(P.R | P.X), len(P.R | P.W | P.X), P.R in (P.R | P.W), bool(P(0)), repr(P(0)), ~P.R, P(7))\n"
        "print(P.R & P.W, P.RW & P.W, P.R ^ P.RW)\n"
        "try:\n"
        "    P(8)\n"
        "except ValueError as e:\n"
        "    print(str(e).splitlines()[0])\n"
        "class I(IntFlag):\n"
        "    A = 1\n"
        "    B = 2\n"
        "    C = 4\n"
        "print(I.A | I.B, repr(I.A | I.B), repr(~I.A), I.A + 1, format(I.B, '02d'), repr(I(0)), list(I.A | I.C), repr(I.B & 3))\n"
        "print(enum.show_flag_values(13))\n");
    CHECK_STR(R.out,
              "P.R <P.RW: 3> <P.R|X: 5> [<P.R: 1>, <P.X: 4>] 3 True False <P: 0> P.W|X P.R|W|X\n"
              "P(0) P.W P.W\n"
              "<flag 'P'> invalid value 8\n"
              "3 <I.A|B: 3> <I.B|C: 6> 2 02 <I: 0> [<I.A: 1>, <I.C: 4>] <I.B: 2>\n"
              "[1, 4, 8]\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_calendar)
{
    PYT(&R,
        "import calendar\n"
        "print(calendar.month(2024, 2), end='')\n"
        "print(calendar.TextCalendar(6).formatmonth(2023, 12, 3, 1), end='')\n"
        "print(calendar.isleap(1900), calendar.leapdays(1900, 2025), calendar.weekday(2024, 5, 6), calendar.monthrange(2024, 2))\n"
        "print(calendar.monthcalendar(2024, 3)[0], list(calendar.Calendar().itermonthdays4(2024, 2))[-2:], calendar.timegm((2024, 1, 2, 3, 4, 5)))\n"
        "print(calendar.HTMLCalendar().formatmonth(2024, 2).splitlines()[:3])\n"
        "try:\n"
        "    calendar.monthrange(2024, 13)\n"
        "except calendar.IllegalMonthError as e:\n"
        "    print(e)\n"
        "print(calendar.calendar(2024, m=4).splitlines()[:4])\n");
    CHECK_STR(R.out,
              "   February 2024\n"
              "Mo Tu We Th Fr Sa Su\n"
              "          1  2  3  4\n"
              " 5  6  7  8  9 10 11\n"
              "12 13 14 15 16 17 18\n"
              "19 20 21 22 23 24 25\n"
              "26 27 28 29\n"
              "       December 2023\n"
              "Sun Mon Tue Wed Thu Fri Sat\n"
              "                      1   2\n"
              "  3   4   5   6   7   8   9\n"
              " 10  11  12  13  14  15  16\n"
              " 17  18  19  20  21  22  23\n"
              " 24  25  26  27  28  29  30\n"
              " 31\n"
              "False 31 0 (calendar.THURSDAY, 29)\n"
              "[0, 0, 0, 0, 1, 2, 3] [(2024, 3, 2, 5), (2024, 3, 3, 6)] 1704164645\n"
              "['<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"month\">', '<tr><th colspan=\"7\" class=\"month\">February 2024</th></tr>', '<tr><th class=\"mon\">Mon</th><th class=\"tue\">Tue</th><th class=\"wed\">Wed</th><th class=\"thu\">Thu</th><th class=\"fri\">Fri</th><th class=\"sat\">Sat</th><th class=\"sun\">Sun</th></tr>']\n"
              "bad month number 13; must be 1-12\n"
              "['                                               2024', '', '      January                   February                   March                     April', 'Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su      Mo Tu We Th Fr Sa Su']\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_reprlib)
{
    PYT(&R,
        "import reprlib\n"
        "from collections import deque\n"
        "print(reprlib.repr(list(range(20))), reprlib.repr((1,)), reprlib.repr('x' * 100), reprlib.repr(2 ** 200))\n"
        "print(reprlib.repr({i: str(i) for i in range(10)}), reprlib.repr(set(range(10))), reprlib.repr(deque(range(10))), reprlib.repr([[[[[[[[1]]]]]]]]))\n"
        "r = reprlib.Repr(maxlist=2, maxstring=10, fillvalue='~'); print(r.repr([1, 2, 3]), r.repr('abcdefghijklmnop'))\n"
        "print(reprlib.Repr(indent=2).repr([1, [2, 3]]))\n"
        "class Node:\n"
        "    def __init__(self):\n"
        "        self.kids = [self]\n"
        "    @reprlib.recursive_repr()\n"
        "    def __repr__(self):\n"
        "        return 'Node(%r)' % self.kids\n"
        "print(Node(), Node.__repr__.__name__)\n");
    CHECK_STR(R.out,
              "[0, 1, 2, 3, 4, 5, ...] (1,) 'xxxxxxxxxxxx...xxxxxxxxxxxxx' 160693804425899027...2993782792835301376\n"
              "{0: '0', 1: '1', 2: '2', 3: '3', ...} {0, 1, 2, 3, 4, 5, ...} deque([0, 1, 2, 3, 4, 5, ...]) [[[[[[[...]]]]]]]\n"
              "[1, 2, ~] 'ab~nop'\n"
              "[\n"
              "  1,\n"
              "  [\n"
              "    2,\n"
              "    3,\n"
              "  ],\n"
              "]\n"
              "Node([...]) __repr__\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_textwrap)
{
    PYT(&R,
        "import textwrap as tw\n"
        "txt = \"The quick brown fox jumps over the lazy dog. Then it ran away!  Far-far-away, into the well-known forest.\"\n"
        "print(tw.wrap(txt, 17))\n"
        "print(tw.fill(txt, 25, initial_indent='* ', subsequent_indent='  '))\n"
        "print(tw.wrap(txt, 20, fix_sentence_endings=True, max_lines=3), tw.wrap(txt, 12, break_long_words=False, break_on_hyphens=False))\n"
        "print(tw.shorten(txt, 40), tw.wrap('x' * 25, 10), tw.wrap(txt, 12, drop_whitespace=False)[:3])\n"
        "print(repr(tw.dedent(\"    a\\n      b\\n\\n    c\\n\")), repr(tw.indent(\"a\\n\\nb\\n\", '> ')))\n"
        "try:\n"
        "    tw.shorten('hello world', 3)\n"
        "except ValueError as e:\n"
        "    print(e)\n");
    CHECK_STR(R.out,
              "['The quick brown', 'fox jumps over', 'the lazy dog.', 'Then it ran away!', 'Far-far-away,', 'into the well-', 'known forest.']\n"
              "* The quick brown fox\n"
              "  jumps over the lazy\n"
              "  dog. Then it ran away!\n"
              "  Far-far-away, into the\n"
              "  well-known forest.\n"
              "['The quick brown fox', 'jumps over the lazy', 'dog.  Then it [...]'] ['The quick', 'brown fox', 'jumps over', 'the lazy', 'dog. Then it', 'ran away!', 'Far-far-away,', 'into the', 'well-known', 'forest.']\n"
              "The quick brown fox jumps over the [...] ['xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx'] ['The quick ', 'brown fox ', 'jumps over ']\n"
              "'a\\n  b\\n\\nc\\n' '> a\\n\\n> b\\n'\n"
              "placeholder too large for max width\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_string)
{
    PYT(&R,
        "import string\n"
        "from string import Template, Formatter\n"
        "print(string.capwords(' hello   world '), string.capwords('a-b c-d', '-'))\n"
        "t = Template('$who likes ${what}, $$100')\n"
        "print(t.substitute(who='tim', what='tea'), t.safe_substitute(who='tim'), t.get_identifiers(), t.is_valid(), Template('$').is_valid())\n"
        "for f in (lambda: Template('$who').substitute(), lambda: Template('hi\\n ${x').substitute(x=1)):\n"
        "    try:\n"
        "        f()\n"
        "    except (KeyError, ValueError) as e:\n"
        "        print(type(e).__name__, e)\n"
        "class T2(Template):\n"
        "    delimiter = '%'\n"
        "print(T2('%abc %%').substitute(abc=1))\n"
        "f = Formatter()\n"
        "print(f.format('{0} {x!r} {1:>5} {y[0]}', 'a', 'b', x='c', y=[7]), list(f.parse('a{0}b{x!r:>3}c')))\n"
        "try:\n"
        "    f.format('{} {0}', 1)\n"
        "except ValueError as e:\n"
        "    print(e)\n");
    CHECK_STR(R.out,
              "Hello World A-B c-D\n"
              "tim likes tea, $100 tim likes ${what}, $100 ['who', 'what'] True False\n"
              "KeyError 'who'\n"
              "ValueError Invalid placeholder in string: line 2, col 2\n"
              "1 %\n"
              "a 'c'     b 7 [('a', '0', '', None), ('b', 'x', '>3', 'r'), ('c', None, None, None)]\n"
              "cannot switch from manual field specification to automatic field numbering\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_difflib)
{
    PYT(&R,
        "import difflib as dl\n"
        "a = 'one\\ntwo\\nthree\\nfour\\nfive\\n'.splitlines(True)\n"
        "b = 'zero\\none\\ntwo\\n3\\nfour\\nfive\\nsix\\n'.splitlines(True)\n"
        "print(''.join(dl.unified_diff(a, b, 'a', 'b')), end='')\n"
        "print(''.join(dl.context_diff(a, b, n=1)), end='')\n"
        "s = dl.SequenceMatcher(None, 'abxcd', 'abcd'); print(s.ratio(), s.get_opcodes(), s.find_longest_match())\n"
        "print(dl.get_close_matches('appel', ['ape', 'apple', 'peach', 'puppy']))\n"
        "d = list(dl.ndiff(['one\\n', 'two\\n', 'three\\n'], ['ore\\n', 'tree\\n', 'emu\\n'])); print(''.join(d), end='')\n"
        "print(''.join(dl.restore(d, 2)), end='')\n");
    CHECK_STR(R.out,
              "--- a\n"
              "+++ b\n"
              "@@ -1,5 +1,7 @@\n"
              "+zero\n"
              " one\n"
              " two\n"
              "-three\n"
              "+3\n"
              " four\n"
              " five\n"
              "+six\n"
              "*** \n"
              "--- \n"
              "***************\n"
              "*** 1,5 ****\n"
              "  one\n"
              "  two\n"
              "! three\n"
              "  four\n"
              "  five\n"
              "--- 1,7 ----\n"
              "+ zero\n"
              "  one\n"
              "  two\n"
              "! 3\n"
              "  four\n"
              "  five\n"
              "+ six\n"
              "0.8888888888888888 [('equal', 0, 2, 0, 2), ('delete', 2, 3, 2, 2), ('equal', 3, 5, 2, 4)] Match(a=0, b=0, size=2)\n"
              "['apple', 'ape']\n"
              "- one\n"
              "?  ^\n"
              "+ ore\n"
              "?  ^\n"
              "- two\n"
              "- three\n"
              "?  -\n"
              "+ tree\n"
              "+ emu\n"
              "ore\n"
              "tree\n"
              "emu\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_pprint)
{
    PYT(&R,
        "import pprint\n"
        "from collections import Counter, deque\n"
        "data = {'name': 'x' * 30, 'items': list(range(12)), 'nested': {'a': [1, 2, {'b': (3, 4)}]}, 's': {1, 2, 3}}\n"
        "pprint.pprint(data, width=40)\n"
        "pprint.pprint(list(range(20)), compact=True, width=30, indent=2)\n"
        "pprint.pprint(Counter('abracadabra'), width=20)\n"
        "pprint.pprint(deque(range(12), maxlen=20), width=20)\n"
        "print(pprint.pformat(10 ** 12, underscore_numbers=True), pprint.saferepr([1, 'a']), pprint.isreadable(object()))\n"
        "pprint.pp({'z': 1, 'a': 2})\n");
    CHECK_STR(R.out,
              "{'items': [0,\n"
              "           1,\n"
              "           2,\n"
              "           3,\n"
              "           4,\n"
              "           5,\n"
              "           6,\n"
              "           7,\n"
              "           8,\n"
              "           9,\n"
              "           10,\n"
              "           11],\n"
              " 'name': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n"
              " 'nested': {'a': [1, 2, {'b': (3, 4)}]},\n"
              " 's': {1, 2, 3}}\n"
              "[ 0, 1, 2, 3, 4, 5, 6, 7, 8,\n"
              "  9, 10, 11, 12, 13, 14, 15,\n"
              "  16, 17, 18, 19]\n"
              "Counter({'a': 5,\n"
              "         'b': 2,\n"
              "         'r': 2,\n"
              "         'c': 1,\n"
              "         'd': 1})\n"
              "deque([0,\n"
              "       1,\n"
              "       2,\n"
              "       3,\n"
              "       4,\n"
              "       5,\n"
              "       6,\n"
              "       7,\n"
              "       8,\n"
              "       9,\n"
              "       10,\n"
              "       11],\n"
              "      maxlen=20)\n"
              "1_000_000_000_000 [1, 'a'] False\n"
              "{'z': 1, 'a': 2}\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_enum_boundary)
{
    PYT(&R,
        "import enum\n"
        "from enum import Flag, IntFlag\n"
        "class Kp(Flag, boundary=enum.KEEP):\n"
        "    A = 1\n"
        "    B = 2\n"
        "for v in (4, 5, 7, 12, 13, 0):\n"
        "    x = Kp(v); print(v, repr(x), str(x), x.name, list(x))\n"
        "class Cf(Flag, boundary=enum.CONFORM):\n"
        "    A = 1\n"
        "    B = 4\n"
        "for v in (2, 3, 7, 8):\n"
        "    x = Cf(v); print(v, repr(x), x.value, x.name)\n"
        "class Ej(Flag, boundary=enum.EJECT):\n"
        "    A = 1\n"
        "for v in (1, 3):\n"
        "    x = Ej(v); print(v, repr(x), type(x).__name__)\n"
        "class FI(IntFlag):\n"
        "    R = 4\n"
        "    W = 2\n"
        "for v in (16, 20, 22, 1):\n"
        "    x = FI(v); print(v, repr(x), str(x), x.name)\n"
        "print(repr(FI.R | 8), repr(~FI.R), repr(FI(-1)))\n"
        "class F1(Flag):\n"
        "    A = 1\n"
        "    AB = 3\n"
        "print(repr(~F1.A), repr(~F1.AB), repr(~F1(0)))\n"
        "class F2(Flag):\n"
        "    A = 1\n"
        "    C = 4\n"
        "print(repr(~F2.A), repr(~F2(0)))\n"
        "class K(Flag, boundary=enum.KEEP):\n"
        "    A = 1\n"
        "    C = 4\n"
        "print(repr(~K.A), repr(~K(0)), repr(K(-1)), repr(K(-2)))\n"
        "class I2(IntFlag):\n"
        "    A = 1\n"
        "    C = 4\n"
        "print(repr(~I2.A), repr(~I2(0)), repr(I2(-1)), repr(~I2(8)), repr(I2(-9)))\n"
        "class I3(IntFlag, boundary=enum.STRICT):\n"
        "    A = 1\n"
        "print(repr(~I3.A))\n"
        "try: I3(2)\n"
        "except ValueError as e: print('VE', str(e).splitlines()[0])\n"
        "class C3(Flag, boundary=enum.CONFORM):\n"
        "    A = 1\n"
        "    C = 4\n"
        "print(repr(~C3.A), repr(C3(-1)))\n"
        "class E3(IntFlag, boundary=enum.EJECT):\n"
        "    A = 1\n"
        "print(repr(E3(3)), repr(~E3.A))\n");
    CHECK_STR(R.out,
              "4 <Kp: 4> Kp(4) None []\n"
              "5 <Kp.A|4: 5> Kp.A|4 A|4 [<Kp.A: 1>]\n"
              "7 <Kp.A|B|4: 7> Kp.A|B|4 A|B|4 [<Kp.A: 1>, <Kp.B: 2>]\n"
              "12 <Kp: 12> Kp(12) None []\n"
              "13 <Kp.A|12: 13> Kp.A|12 A|12 [<Kp.A: 1>]\n"
              "0 <Kp: 0> Kp(0) None []\n"
              "2 <Cf: 0> 0 None\n"
              "3 <Cf.A: 1> 1 A\n"
              "7 <Cf.A|B: 5> 5 A|B\n"
              "8 <Cf: 0> 0 None\n"
              "1 <Ej.A: 1> Ej\n"
              "3 3 int\n"
              "16 <FI: 16> 16 None\n"
              "20 <FI.R|16: 20> 20 R|16\n"
              "22 <FI.R|W|16: 22> 22 R|W|16\n"
              "1 <FI: 1> 1 None\n"
              "<FI.R|8: 12> <FI.W|1: 3> <FI.R|W|1: 7>\n"
              "<F1: 0> <F1: 0> <F1.A: 1>\n"
              "<F2.C: 4> <F2.A|C: 5>\n"
              "<K.C|2: 6> <K.A|C|2: 7> <K.A|C|2: 7> <K.C|2: 6>\n"
              "<I2.C|2: 6> <I2.A|C|2: 7> <I2.A|C|2: 7> <I2.A|C|2: 7> <I2.A|C|2: 7>\n"
              "<I3: 0>\n"
              "VE <flag 'I3'> invalid value 2\n"
              "<C3.C: 4> <C3.A|C: 5>\n"
              "3 <E3: 0>\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_namedtuple_args)
{
    PYT(&R,
        "from collections import namedtuple\n"
        "P = namedtuple('P', 'x y')\n"
        "Q = namedtuple('Q', 'a b c', defaults=[1])\n"
        "for f in (lambda: P(z=3), lambda: P(1, z=3), lambda: P(1, 2, 3, z=1), lambda: P(1, x=2, z=3), lambda: Q(), lambda: Q(b=2), lambda: Q(1, 2, 3, 4), lambda: Q(1, c=2, a=3), lambda: P(y=1, x=2, w=3)):\n"
        "    try: print(f())\n"
        "    except TypeError as e: print(e)\n"
        "print(Q(a=1, b=2), P(y=1, x=2))\n"
        "from collections import namedtuple\n"
        "P = namedtuple('P', 'x y')\n"
        "for f in (lambda: P(1, 2, 3, x=1), lambda: P(1, z=3, x=2), lambda: P(1, x=2, z=3), lambda: P(1, 2, 3), lambda: P(1, 2, 3, y=5, z=1)):\n"
        "    try: print(f())\n"
        "    except TypeError as e: print(e)\n"
        "E = namedtuple('E', '')\n"
        "O = namedtuple('O', 'a', defaults=[0])\n"
        "for f in (lambda: E(1), lambda: O(1, 2), lambda: E(z=1)):\n"
        "    try: print(f())\n"
        "    except TypeError as e: print(e)\n"
        "from collections import defaultdict\n"
        "r = defaultdict(list); r['self'] = r; print(r)\n");
    CHECK_STR(R.out,
              "P.__new__() got an unexpected keyword argument 'z'\n"
              "P.__new__() got an unexpected keyword argument 'z'\n"
              "P.__new__() got an unexpected keyword argument 'z'\n"
              "P.__new__() got multiple values for argument 'x'\n"
              "Q.__new__() missing 2 required positional arguments: 'a' and 'b'\n"
              "Q.__new__() missing 1 required positional argument: 'a'\n"
              "Q.__new__() takes from 3 to 4 positional arguments but 5 were given\n"
              "Q.__new__() got multiple values for argument 'a'\n"
              "P.__new__() got an unexpected keyword argument 'w'\n"
              "Q(a=1, b=2, c=1) P(x=2, y=1)\n"
              "P.__new__() got multiple values for argument 'x'\n"
              "P.__new__() got an unexpected keyword argument 'z'\n"
              "P.__new__() got multiple values for argument 'x'\n"
              "P.__new__() takes 3 positional arguments but 4 were given\n"
              "P.__new__() got multiple values for argument 'y'\n"
              "E.__new__() takes 1 positional argument but 2 were given\n"
              "O.__new__() takes from 1 to 2 positional arguments but 3 were given\n"
              "E.__new__() got an unexpected keyword argument 'z'\n"
              "defaultdict(<class 'list'>, {'self': defaultdict(<class 'list'>, {...})})\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_enum_flag_members)
{
    PYT(&R,
        "import enum\n"
        "from enum import Flag, IntFlag, auto\n"
        "class P(Flag):\n"
        "    NONE = 0\n"
        "    R = 1\n"
        "    W = 2\n"
        "    RW = 3\n"
        "    X = 4\n"
        "    ALL = 7\n"
        "print(list(P), len(P), list(P.__members__), P._member_names_, P['RW'], P(3), P(0), list(reversed(P)), P.RW in P, 3 in P)\n"
        "print(list(P.ALL), list(P.NONE), P(7).name, [m.name for m in P.__members__.values()])\n"
        "class Q(Flag):\n"
        "    A = 1\n"
        "    C = 8\n"
        "    AC = 9\n"
        "for v in (2, 16, 6, 255, 17, 1024):\n"
        "    try: Q(v)\n"
        "    except ValueError as e: print(repr(str(e)))\n"
        "class Z(Flag):\n"
        "    A = 2\n"
        "for v in (1, 5, 4):\n"
        "    try: Z(v)\n"
        "    except ValueError as e: print(repr(str(e)))\n"
        "class I(IntFlag, boundary=enum.STRICT):\n"
        "    A = 1\n"
        "    B = 2\n"
        "for v in (4, 12, -1, -8):\n"
        "    try: print(repr(I(v)))\n"
        "    except ValueError as e: print(repr(str(e)))\n"
        "print(enum.unique(P) if False else 0)\n"
        "class F1(Flag):\n"
        "    A = 1\n"
        "    AB = 3\n"
        "print(list(F1), F1._member_names_, repr(F1(3)), repr(F1(2)) if True else 0)\n"
        "class R(Flag):\n"
        "    X = 4\n"
        "    R = 1\n"
        "    W = 2\n"
        "print(list(R), R._member_names_, repr(R(7)), list(R(7)))\n"
        "class E(Flag):\n"
        "    pass\n"
        "for v in (1, -1, 0):\n"
        "    try: print(repr(E(v)))\n"
        "    except (TypeError, ValueError) as e: print(repr(str(e)))\n"
        "class Q(Flag):\n"
        "    A = 1\n"
        "    C = 8\n"
        "for v in (-1, -2, -16, -100):\n"
        "    try: print(repr(Q(v)))\n"
        "    except ValueError as e: print(repr(str(e)))\n"
        "class IE(IntFlag):\n"
        "    Z = 0\n"
        "    A = 1\n"
        "    AB = 3\n"
        "print(list(IE), IE._member_names_, len(IE), IE.Z, repr(IE(0)))\n"
        "F = enum.Enum('F', 'a b'); print(F.__module__, sorted(dir(F))[:6])\n");
    CHECK_STR(R.out,
              "[<P.R: 1>, <P.W: 2>, <P.X: 4>] 3 ['NONE', 'R', 'W', 'RW', 'X', 'ALL'] ['R', 'W', 'X'] P.RW P.RW P.NONE [<P.X: 4>, <P.W: 2>, <P.R: 1>] True True\n"
              "[<P.R: 1>, <P.W: 2>, <P.X: 4>] [] ALL ['NONE', 'R', 'W', 'RW', 'X', 'ALL']\n"
              "\"<flag 'Q'> invalid value 2\\n    given 0b0 0010\\n  allowed 0b0 1001\"\n"
              "\"<flag 'Q'> invalid value 16\\n    given 0b0 10000\\n  allowed 0b0 01001\"\n"
              "\"<flag 'Q'> invalid value 6\\n    given 0b0 0110\\n  allowed 0b0 1001\"\n"
              "\"<flag 'Q'> invalid value 255\\n    given 0b0 11111111\\n  allowed 0b0 00001001\"\n"
              "\"<flag 'Q'> invalid value 17\\n    given 0b0 10001\\n  allowed 0b0 01001\"\n"
              "\"<flag 'Q'> invalid value 1024\\n    given 0b0 10000000000\\n  allowed 0b0 00000001001\"\n"
              "\"<flag 'Z'> invalid value 1\\n    given 0b0 01\\n  allowed 0b0 10\"\n"
              "\"<flag 'Z'> invalid value 5\\n    given 0b0 101\\n  allowed 0b0 010\"\n"
              "\"<flag 'Z'> invalid value 4\\n    given 0b0 100\\n  allowed 0b0 010\"\n"
              "\"<flag 'I'> invalid value 4\\n    given 0b0 100\\n  allowed 0b0 011\"\n"
              "\"<flag 'I'> invalid value 12\\n    given 0b0 1100\\n  allowed 0b0 0011\"\n"
              "<I.A|B: 3>\n"
              "\"<flag 'I'> invalid value -8\\n    given 0b1 1000\\n  allowed 0b0 0011\"\n"
              "0\n"
              "[<F1.A: 1>] ['A'] <F1.AB: 3> <F1: 2>\n"
              "[<R.X: 4>, <R.R: 1>, <R.W: 2>] ['X', 'R', 'W'] <R.X|R|W: 7> [<R.X: 4>, <R.R: 1>, <R.W: 2>]\n"
              "\"<flag 'E'> has no members; specify `names=()` if you meant to create a new, empty, enum\"\n"
              "\"<flag 'E'> has no members; specify `names=()` if you meant to create a new, empty, enum\"\n"
              "\"<flag 'E'> has no members; specify `names=()` if you meant to create a new, empty, enum\"\n"
              "\"<flag 'Q'> invalid value -1\\n    given 0b1 1111\\n  allowed 0b0 1001\"\n"
              "\"<flag 'Q'> invalid value -2\\n    given 0b1 1110\\n  allowed 0b0 1001\"\n"
              "<Q: 0>\n"
              "\"<flag 'Q'> invalid value -100\\n    given 0b1 0011100\\n  allowed 0b0 0001001\"\n"
              "[<IE.A: 1>] ['A'] 1 0 <IE.Z: 0>\n"
              "__main__ ['__class__', '__contains__', '__doc__', '__getitem__', '__init_subclass__', '__iter__']\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_userstring)
{
    PYT(&R,
        "from collections import UserString, ChainMap\n"
        "u = UserString('Hello World'); o = UserString('lo')\n"
        "samples = {'capitalize': (), 'casefold': (), 'center': (15, '*'), 'count': ('l',), 'encode': (), 'endswith': ('ld',), 'expandtabs': (), 'find': (o,), 'format': (), 'format_map': ({},), 'index': ('o',), 'isalnum': (), 'isalpha': (), 'isascii': (), 'isdecimal': (), 'isdigit': (), 'isidentifier': (), 'islower': (), 'isnumeric': (), 'isprintable': (), 'isspace': (), 'istitle': (), 'isupper': (), 'join': (['a', 'b'],), 'ljust': (13,), 'lower': (), 'lstrip': ('H',), 'partition': (' ',), 'removeprefix': ('He',), 'removesuffix': ('ld',), 'replace': ('l', o), 'rfind': ('o',), 'rindex': ('o',), 'rjust': (13,), 'rpartition': (' ',), 'rsplit': (), 'rstrip': ('d',), 'split': (), 'splitlines': (), 'startswith': ('He',), 'strip': ('Hd',), 'swapcase': (), 'title': (), 'translate': ({72: 74},), 'upper': (), 'zfill': (14,)}\n"
        "for name, args in samples.items():\n"
        "    try:\n"
        "        r = getattr(u, name)(*args)\n"
        "        print(name, type(r).__name__, repr(r))\n"
        "    except Exception as e:\n"
        "        print(name, 'ERR', type(e).__name__, e)\n"
        "print(repr(u + 'x'), repr('x' + u), repr(u * 2), repr(2 * u), repr(u % ()), repr(UserString('%s!') % 'a'), u < 'Z', u > o, u <= u, u >= 'A', repr(u[0]), len(u), 'W' in u, o in u, hash(u) == hash('Hello World'))\n"
        "print(int(UserString('12')), float(UserString('1.5')), repr(UserString(5)), str(u), type(str(u)).__name__, list(UserString('ab')), list(reversed(UserString('ab'))), u == UserString('Hello World'), u != 'x')\n"
        "\n"
        "\n"
        "\n"
        "c = ChainMap({'a': 1}, {'b': 2})\n"
        "print(c.setdefault('a', 9), c.setdefault('z', 5), c.maps); c.update({'q': 1}, w=2); print(c.maps, c.popitem(), c.maps)\n"
        "print(ChainMap.fromkeys('ab'), ChainMap.fromkeys('ab', 0))\n"
        "try: ChainMap({}, {'x': 1}).popitem()\n"
        "except KeyError as e: print(repr(e))\n"
        "print(c | {'n': 1}, {'n': 1} | c, type(c | {}).__name__)\n"
        "c |= {'m': 3}; print(c)\n"
        "print(repr(ChainMap({'a': 1}).__reversed__ if hasattr(ChainMap, '__reversed__') else 'norev'))\n");
    CHECK_STR(R.out,
              "capitalize UserString 'Hello world'\n"
              "casefold UserString 'hello world'\n"
              "center UserString '**Hello World**'\n"
              "count int 3\n"
              "encode bytes b'Hello World'\n"
              "endswith bool True\n"
              "expandtabs UserString 'Hello World'\n"
              "find int 3\n"
              "format str 'Hello World'\n"
              "format_map str 'Hello World'\n"
              "index int 4\n"
              "isalnum bool False\n"
              "isalpha bool False\n"
              "isascii bool True\n"
              "isdecimal bool False\n"
              "isdigit bool False\n"
              "isidentifier bool False\n"
              "islower bool False\n"
              "isnumeric bool False\n"
              "isprintable bool True\n"
              "isspace bool False\n"
              "istitle bool True\n"
              "isupper bool False\n"
              "join str 'aHello Worldb'\n"
              "ljust UserString 'Hello World  '\n"
              "lower UserString 'hello world'\n"
              "lstrip UserString 'ello World'\n"
              "partition tuple ('Hello', ' ', 'World')\n"
              "removeprefix UserString 'llo World'\n"
              "removesuffix UserString 'Hello Wor'\n"
              "replace UserString 'Heloloo Worlod'\n"
              "rfind int 7\n"
              "rindex int 7\n"
              "rjust UserString '  Hello World'\n"
              "rpartition tuple ('Hello', ' ', 'World')\n"
              "rsplit list ['Hello', 'World']\n"
              "rstrip UserString 'Hello Worl'\n"
              "split list ['Hello', 'World']\n"
              "splitlines list ['Hello World']\n"
              "startswith bool True\n"
              "strip UserString 'ello Worl'\n"
              "swapcase UserString 'hELLO wORLD'\n"
              "title UserString 'Hello World'\n"
              "translate UserString 'Jello World'\n"
              "upper UserString 'HELLO WORLD'\n"
              "zfill UserString '000Hello World'\n"
              "'Hello Worldx' 'xHello World' 'Hello WorldHello World' 'Hello WorldHello World' 'Hello World' 'a!' True False True True 'H' 11 True True True\n"
              "12 1.5 '5' Hello World str ['a', 'b'] ['b', 'a'] True True\n"
              "1 5 [{'a': 1, 'z': 5}, {'b': 2}]\n"
              "[{'a': 1, 'z': 5, 'q': 1}, {'b': 2}] ('w', 2) [{'a': 1, 'z': 5, 'q': 1}, {'b': 2}]\n"
              "ChainMap({'a': None, 'b': None}) ChainMap({'a': 0, 'b': 0})\n"
              "KeyError('No keys found in the first mapping.')\n"
              "ChainMap({'a': 1, 'z': 5, 'q': 1, 'n': 1}, {'b': 2}) ChainMap({'n': 1, 'b': 2, 'a': 1, 'z': 5, 'q': 1}) ChainMap\n"
              "ChainMap({'a': 1, 'z': 5, 'q': 1, 'm': 3}, {'b': 2})\n"
              "None\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_chainmap_more)
{
    PYT(&R,
        "from collections import ChainMap\n"
        "c = ChainMap({'a': 1}, {'b': 2})\n"
        "print(c.setdefault('a', 9), c.setdefault('z', 5), c.maps); c.update({'q': 1}, w=2); print(c.maps, c.popitem(), c.maps)\n"
        "print(ChainMap.fromkeys('ab'), ChainMap.fromkeys('ab', 0))\n"
        "try: ChainMap({}, {'x': 1}).popitem()\n"
        "except KeyError as e: print(repr(e))\n"
        "print(c | {'n': 1}, {'n': 1} | c, type(c | {}).__name__, type({} | c).__name__)\n"
        "c |= {'m': 3}; print(c)\n"
        "print(hasattr(ChainMap, '__reversed__'))\n"
        "print(c.keys(), c.items(), c.values(), type(c.keys()).__name__)\n"
        "try: c | 5\n"
        "except TypeError as e: print(e)\n"
        "print(ChainMap({1: 2}) == {1: 2}, ChainMap({1: 2}) != {1: 3})\n"
        "c2 = ChainMap(); c2.update([('k', 1)]); print(c2, c2.pop('zz', 'dflt'))\n");
    CHECK_STR(R.out,
              "1 5 [{'a': 1, 'z': 5}, {'b': 2}]\n"
              "[{'a': 1, 'z': 5, 'q': 1}, {'b': 2}] ('w', 2) [{'a': 1, 'z': 5, 'q': 1}, {'b': 2}]\n"
              "ChainMap({'a': None, 'b': None}) ChainMap({'a': 0, 'b': 0})\n"
              "KeyError('No keys found in the first mapping.')\n"
              "ChainMap({'a': 1, 'z': 5, 'q': 1, 'n': 1}, {'b': 2}) ChainMap({'n': 1, 'b': 2, 'a': 1, 'z': 5, 'q': 1}) ChainMap ChainMap\n"
              "ChainMap({'a': 1, 'z': 5, 'q': 1, 'm': 3}, {'b': 2})\n"
              "True\n"
              "KeysView(ChainMap({'a': 1, 'z': 5, 'q': 1, 'm': 3}, {'b': 2})) ItemsView(ChainMap({'a': 1, 'z': 5, 'q': 1, 'm': 3}, {'b': 2})) ValuesView(ChainMap({'a': 1, 'z': 5, 'q': 1, 'm': 3}, {'b': 2})) KeysView\n"
              "unsupported operand type(s) for |: 'ChainMap' and 'int'\n"
              "True True\n"
              "ChainMap({'k': 1}) dflt\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_html_year)
{
    PYT(&R,
        "import calendar\n"
        "h = calendar.HTMLCalendar()\n"
        "for args in ((2024, 4, 'st.css', 'utf-8'), (2023,), (2023, 3, None, None), (2023, 3, 'calendar.css', 'latin-1')):\n"
        "    page = h.formatyearpage(*args)\n"
        "    enc = args[3] if len(args) > 3 and args[3] else 'utf-8'\n"
        "    text = page.decode(enc)\n"
        "    body = h.formatyear(args[0], args[1] if len(args) > 1 else 3)\n"
        "    print(repr(text.replace(body, '<<YEAR>>')))\n"
        "print(repr(h.formatyear(2023, 12)[-80:]))\n"
        "h2 = calendar.HTMLCalendar(); h2.cssclass_year = 'Y'; h2.cssclass_year_head = 'YH'; print(repr(h2.formatyear(2023, 1)[:160]))\n"
        "print(calendar.HTMLCalendar(6).formatyear(2025, 5)[-400:])\n");
    CHECK_STR(R.out,
              "'<?xml version=\"1.0\" encoding=\"utf-8\"?>\\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\\n<html>\\n<head>\\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />\\n<link rel=\"stylesheet\" type=\"text/css\" href=\"st.css\" />\\n<title>Calendar for 2024</title>\\n</head>\\n<body>\\n<<YEAR>></body>\\n</html>\\n'\n"
              "'<?xml version=\"1.0\" encoding=\"utf-8\"?>\\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\\n<html>\\n<head>\\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />\\n<link rel=\"stylesheet\" type=\"text/css\" href=\"calendar.css\" />\\n<title>Calendar for 2023</title>\\n</head>\\n<body>\\n<<YEAR>></body>\\n</html>\\n'\n"
              "'<?xml version=\"1.0\" encoding=\"utf-8\"?>\\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\\n<html>\\n<head>\\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />\\n<title>Calendar for 2023</title>\\n</head>\\n<body>\\n<<YEAR>></body>\\n</html>\\n'\n"
              "'<?xml version=\"1.0\" encoding=\"latin-1\"?>\\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\\n<html>\\n<head>\\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=latin-1\" />\\n<link rel=\"stylesheet\" type=\"text/css\" href=\"calendar.css\" />\\n<title>Calendar for 2023</title>\\n</head>\\n<body>\\n<<YEAR>></body>\\n</html>\\n'\n"
              "'><td class=\"sat\">30</td><td class=\"sun\">31</td></tr>\\n</table>\\n</td></tr></table>'\n"
              "'<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"Y\">\\n<tr><th colspan=\"1\" class=\"YH\">2023</th></tr><tr><td><table border=\"0\" cellpadding=\"0\" cellspacing='\n"
              "20</td></tr>\n"
              "<tr><td class=\"sun\">21</td><td class=\"mon\">22</td><td class=\"tue\">23</td><td class=\"wed\">24</td><td class=\"thu\">25</td><td class=\"fri\">26</td><td class=\"sat\">27</td></tr>\n"
              "<tr><td class=\"sun\">28</td><td class=\"mon\">29</td><td class=\"tue\">30</td><td class=\"wed\">31</td><td class=\"noday\">&nbsp;</td><td class=\"noday\">&nbsp;</td><td class=\"noday\">&nbsp;</td></tr>\n"
              "</table>\n"
              "</td></tr></table>\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_enum_auto_tuple)
{
    PYT(&R,
        "from enum import Enum, auto\n"
        "class T(Enum):\n"
        "    A = (1, auto())\n"
        "    B = (2, auto())\n"
        "    C = 5\n"
        "    D = (3, auto())\n"
        "    E = auto()\n"
        "print([m.value for m in T])\n"
        "class U(Enum):\n"
        "    X = 10\n"
        "    Y = (auto(), auto())\n"
        "    Z = auto()\n"
        "print([m.value for m in U])\n"
        "class V(Enum):\n"
        "    def _generate_next_value_(name, start, count, last_values):\n"
        "        return (name, count, list(last_values))\n"
        "    A = 1\n"
        "    B = (7, auto())\n"
        "    C = auto()\n"
        "print([m.value for m in V])\n");
    CHECK_STR(R.out,
              "[(1, 1), (2, 2), 5, (3, 6), 7]\n"
              "[10, (11, 12), 13]\n"
              "[1, (7, ('B', 1, [1])), ('C', 2, [1, ('B', 1, [1])])]\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_difflib_textwrap_random)
{
    PYT(&R,
        "import difflib, textwrap\n"
        "out = []\n"
        "def emit(*a, end='\\n'):\n"
        "    out.append(' '.join(map(str, a)) + end)\n"
        "state = [12345]\n"
        "def rnd(n):\n"
        "    state[0] = (state[0] * 1103515245 + 12345) % 2147483648\n"
        "    return state[0] % n\n"
        "words = ['a', 'bb', 'ccc', 'the', 'fox', 'jumps', 'well-known', 'x--y', 'end.', 'Hi!', 'supercalifragilistic', '\\t', '  ']\n"
        "for trial in range(120):\n"
        "    la = [''.join(chr(97 + rnd(4)) for _ in range(rnd(6))) + '\\n' for _ in range(rnd(12))]\n"
        "    lb = [l if rnd(3) else ''.join(chr(97 + rnd(4)) for _ in range(rnd(6))) + '\\n' for l in la]\n"
        "    if rnd(2): lb.insert(rnd(len(lb) + 1), 'new\\n')\n"
        "    if lb and rnd(2): del lb[rnd(len(lb))]\n"
        "    s = difflib.SequenceMatcher(None, la, lb)\n"
        "    emit(trial, round(s.ratio(), 9), s.get_opcodes(), list(s.get_grouped_opcodes(rnd(4))))\n"
        "    emit(''.join(difflib.ndiff(la, lb)), end='')\n"
        "    emit(''.join(difflib.unified_diff(la, lb, n=rnd(3))), end='')\n"
        "    emit(''.join(difflib.context_diff(la, lb, n=rnd(3))), end='')\n"
        "    x = ''.join(chr(97 + rnd(3)) for _ in range(rnd(30))); y = ''.join(chr(97 + rnd(3)) for _ in range(rnd(30)))\n"
        "    m = difflib.SequenceMatcher(lambda c: c == 'c', x, y)\n"
        "    emit(m.get_matching_blocks(), round(m.quick_ratio(), 9), round(m.real_quick_ratio(), 9))\n"
        "    text = ' '.join(words[rnd(len(words))] for _ in range(rnd(25)))\n"
        "    w = 3 + rnd(20)\n"
        "    kw = dict(break_long_words=bool(rnd(2)), break_on_hyphens=bool(rnd(2)), drop_whitespace=bool(rnd(2)), fix_sentence_endings=bool(rnd(2)))\n"
        "    if rnd(3) == 0: kw['max_lines'] = 1 + rnd(3); kw['placeholder'] = ' ~'\n"
        "    if rnd(2): kw['initial_indent'] = '> '\n"
        "    try: emit(textwrap.wrap(text, w, **kw))\n"
        "    except ValueError as e: emit('VE', e)\n"
        "big_a = [str(rnd(5)) for _ in range(400)]; big_b = [str(rnd(5)) for _ in range(380)]\n"
        "s = difflib.SequenceMatcher(None, big_a, big_b); emit(round(s.ratio(), 9), len(s.get_opcodes()), sorted(s.bpopular))\n"
        "s = difflib.SequenceMatcher(None, big_a, big_b, autojunk=False); emit(round(s.ratio(), 9), len(s.get_opcodes()))\n"
        "text = ''.join(out)\n"
        "acc = 0\n"
        "for ch in text:\n"
        "    acc = (acc * 131 + ord(ch)) % 1000000007\n"
        "print(len(text), acc)\n"
        "s = difflib.SequenceMatcher(None, 'xabcdefghijklmnopy', 'zabcdefghijklmnopw')\n"
        "ops = s.get_opcodes(); print(ops[0], ops[-1], list(s.get_grouped_opcodes(1)), s.get_opcodes() is ops, ops[1])\n");
    CHECK_STR(R.out,
              "69193 839390261\n"
              "('replace', 0, 1, 0, 1) ('replace', 17, 18, 17, 18) [[('replace', 0, 1, 0, 1), ('equal', 1, 2, 1, 2)], [('equal', 16, 17, 16, 17), ('replace', 17, 18, 17, 18)]] True ('equal', 1, 17, 1, 17)\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_random_mix)
{
    PYT(&R,
        "import pprint, reprlib, calendar, string\n"
        "from collections import Counter, OrderedDict, defaultdict, deque, ChainMap\n"
        "state = [987]\n"
        "def rnd(n):\n"
        "    state[0] = (state[0] * 1103515245 + 12345) % 2147483648\n"
        "    return state[0] % n\n"
        "def thing(depth):\n"
        "    k = rnd(9 if depth < 4 else 4)\n"
        "    if k == 0: return rnd(10 ** rnd(15)) - 50\n"
        "    if k == 1: return 'w' * rnd(12) + ' ' + 'z' * rnd(30) + '\\n' * rnd(2)\n"
        "    if k == 2: return rnd(1000) / 7\n"
        "    if k == 3: return None if rnd(2) else bool(rnd(2))\n"
        "    if k == 4: return [thing(depth + 1) for _ in range(rnd(7))]\n"
        "    if k == 5: return tuple(thing(depth + 1) for _ in range(rnd(4)))\n"
        "    if k == 6: return {('k%d' % rnd(20)): thing(depth + 1) for _ in range(rnd(6))}\n"
        "    if k == 7: return b'bytes!' * rnd(8)\n"
        "    return [OrderedDict([('o', thing(depth + 1))]), Counter('ab' * rnd(5)), deque(range(rnd(12)), maxlen=rnd(2) and 15 or None), defaultdict(int, {'d': rnd(5)}), ChainMap({'c': 1})][rnd(5)]\n"
        "out = []\n"
        "for trial in range(150):\n"
        "    t = thing(0)\n"
        "    w = 10 + rnd(60)\n"
        "    out.append(pprint.pformat(t, width=w, indent=1 + rnd(3), depth=None if rnd(3) else 1 + rnd(3), compact=bool(rnd(2)), sort_dicts=bool(rnd(2)), underscore_numbers=bool(rnd(2))))\n"
        "    out.append(repr((pprint.isreadable(t), pprint.saferepr(t)[:200])))\n"
        "    r = reprlib.Repr(maxlevel=1 + rnd(4), maxlist=rnd(5), maxdict=rnd(4), maxstring=5 + rnd(30), maxlong=5 + rnd(30), maxother=5 + rnd(20), maxtuple=rnd(5), maxdeque=rnd(4))\n"
        "    if rnd(3) == 0: r.indent = rnd(3)\n"
        "    out.append(r.repr(t))\n"
        "    c1 = Counter({chr(97 + rnd(5)): rnd(7) - 3 for _ in range(rnd(6))}); c2 = Counter({chr(97 + rnd(5)): rnd(7) - 3 for _ in range(rnd(6))})\n"
        "    out.append(repr([c1 + c2, c1 - c2, c1 | c2, c1 & c2, +c1, -c2, c1 == c2, c1 <= c2, c1 >= c2, c1.most_common(2), sorted(c1.elements()), c1.total()]))\n"
        "    c3 = Counter(c1); c3 += c2; c4 = Counter(c1); c4 -= c2; c5 = Counter(c1); c5 |= c2; c6 = Counter(c1); c6 &= c2\n"
        "    out.append(repr([c3, c4, c5, c6]))\n"
        "    y, m, fw = 1 + rnd(3000), 1 + rnd(12), rnd(7)\n"
        "    tc = calendar.TextCalendar(fw)\n"
        "    out.append(tc.formatmonth(y, m, rnd(4), rnd(3)))\n"
        "    out.append(repr([calendar.monthrange(y, m), calendar.weekday(y, m, 1 + rnd(28)), calendar.leapdays(y, y + rnd(500)), list(tc.itermonthdays4(y, m))[:3]]))\n"
        "    tpl = string.Template(''.join(['$a', '${b}', '$$', 'x', ' ', '$c_1'][rnd(6)] for _ in range(rnd(8))))\n"
        "    out.append(tpl.safe_substitute(a=1, c_1='C') + '|' + repr(tpl.get_identifiers()))\n"
        "    out.append(string.Formatter().format('{0!r:>%d}|{x:^%d}|{1}' % (rnd(9), rnd(9)), thing(3), rnd(100), x='q'))\n"
        "out.append(calendar.TextCalendar(rnd(7)).formatyear(1 + rnd(3000), 2 + rnd(2), 1 + rnd(2), 2 + rnd(4), 1 + rnd(6)))\n"
        "text = '\\n'.join(out)\n"
        "acc = 0\n"
        "for ch in text:\n"
        "    acc = (acc * 131 + ord(ch)) % 1000000007\n"
        "print(len(text), acc)\n"
        "import reprlib\n"
        "r = reprlib.Repr(indent=2)\n"
        "print(r.repr(()), r.repr([]), r.repr({}), r.repr(set()), r.repr([[], ()]), r.repr((1,)))\n"
        "try: reprlib.Repr(indent=-1).repr([])\n"
        "except ValueError as e: print(e)\n");
    CHECK_STR(R.out,
              "103176 55555571\n"
              "() [] {} set() [\n"
              "  [],\n"
              "  (),\n"
              "] (\n"
              "  1,\n"
              ")\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_coll_enum_flag_random)
{
    PYT(&R,
        "import enum\n"
        "from enum import Flag, IntFlag\n"
        "state = [777]\n"
        "def rnd(n):\n"
        "    state[0] = (state[0] * 1103515245 + 12345) % 2147483648\n"
        "    return state[0] % n\n"
        "out = []\n"
        "def rec(f):\n"
        "    try:\n"
        "        out.append(repr(f()))\n"
        "    except Exception as e:\n"
        "        out.append(type(e).__name__ + ': ' + str(e))\n"
        "for trial in range(120):\n"
        "    base = [Flag, IntFlag][rnd(2)]\n"
        "    bnd = [None, enum.STRICT, enum.CONFORM, enum.EJECT, enum.KEEP][rnd(5)]\n"
        "    items = []\n"
        "    bits = []\n"
        "    for i in range(1 + rnd(5)):\n"
        "        b = 1 << rnd(6)\n"
        "        if b not in bits:\n"
        "            bits.append(b); items.append(('S%d' % i, b))\n"
        "    if rnd(2): items.append(('NONE', 0))\n"
        "    if len(bits) > 1 and rnd(2): items.append(('COMBO', bits[0] | bits[-1]))\n"
        "    if rnd(3) == 0: items.append(('ALL', sum(bits)))\n"
        "    F = base('F%d' % trial, items, boundary=bnd) if bnd else base('F%d' % trial, items)\n"
        "    out.append(repr([list(F), len(F), F._member_names_, F._flag_mask_, F._all_bits_]))\n"
        "    mem = list(F.__members__.values())\n"
        "    for _ in range(5):\n"
        "        a = mem[rnd(len(mem))]; b = mem[rnd(len(mem))]; v = rnd(80) - 20\n"
        "        rec(lambda: (a | b, a & b, a ^ b, ~a, list(a), len(a), bool(a), str(a), b in a))\n"
        "        rec(lambda: (repr(F(v)), str(F(v)), F(v).name, F(v).value))\n"
        "        if base is IntFlag:\n"
        "            rec(lambda: (a | v, v & a, a + 1, repr(a ^ 3), format(a, '03d')))\n"
        "text = '\\n'.join(out)\n"
        "acc = 0\n"
        "for ch in text:\n"
        "    acc = (acc * 131 + ord(ch)) % 1000000007\n"
        "print(len(text), acc)\n");
    CHECK_STR(R.out,
              "117210 913397410\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}
