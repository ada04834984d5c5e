/* test_pymods_lib.c — the standard modules of the Python interpreter, each
 * run as a program over a memfs and compared with the output CPython gives
 * for the same program (the expected texts were produced by CPython 3.13,
 * with the run's fixed clock and seed where those matter). */
#include "test.h"
#include "pymods_helper.h"

static pyt_out R;

TEST(pymods_json)
{
    PYT(&R,
        "import json\n"
        "print(json.dumps({'b': [1, 2.5, None, True], 'a': 'é\\n'}, sort_keys=True), json.dumps([1, {'x': 2}], indent=2))\n"
        "print(json.loads('{\"k\": [1, 2.0, \"s\", null, false]}'), json.dumps('é', ensure_ascii=False), json.dumps({1: 2}, separators=(',', ':')))\n"
        "try:\n"
        "    json.loads('{\"a\": 1,}')\n"
        "except json.JSONDecodeError as e:\n"
        "    print(e, e.lineno, e.colno)\n");
    CHECK_STR(R.out,
              "{\"a\": \"\\u00e9\\n\", \"b\": [1, 2.5, null, true]} [\n"
        "  1,\n"
        "  {\n"
        "    \"x\": 2\n"
        "  }\n"
        "]\n"
        "{'k': [1, 2.0, 's', None, False]} \"é\" {\"1\":2}\n"
        "Illegal trailing comma before end of object: line 1 column 8 (char 7) 1 8\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_re)
{
    PYT(&R,
        "import re\n"
        "m = re.match(r'(?P<y>\\d{4})-(\\d\\d)', '2024-05-06')\n"
        "print(m.group(0), m.group('y'), m.groups(), m.span(2), m.groupdict())\n"
        "print(re.sub(r'(\\w+) (\\w+)', r'\\2 \\1', 'hello world'), re.split(r'[,;]\\s*', 'a, b;c'), re.findall(r'\\d+', 'a1b22c333'))\n"
        "print(re.sub(r'\\d', lambda m: str(int(m.group()) * 2), 'a1b2'), re.subn('a', 'b', 'aaa'), re.escape('a.b*c'))\n"
        "print([m.start() for m in re.finditer('o', 'foo boo')], re.fullmatch(r'\\w+', 'abc!'), bool(re.search('(?i)HELLO', 'say hello')))\n"
        "try:\n"
        "    re.compile('(')\n"
        "except re.error as e:\n"
        "    print(e)\n");
    CHECK_STR(R.out,
              "2024-05 2024 ('2024', '05') (5, 7) {'y': '2024'}\n"
        "world hello ['a', 'b', 'c'] ['1', '22', '333']\n"
        "a2b4 ('bbb', 3) a\\.b\\*c\n"
        "[1, 2, 5, 6] None True\n"
        "missing ), unterminated subpattern at position 0\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_itertools_functools_operator)
{
    PYT(&R,
        "import itertools as it, functools as ft, operator as op\n"
        "print(list(it.accumulate([1, 2, 3])), list(it.chain('ab', 'c')), list(it.combinations('abc', 2)), list(it.permutations([1, 2])))\n"
        "print(list(it.product('ab', repeat=2)), list(it.islice(it.count(5), 3)), [(k, list(g)) for k, g in it.groupby('aabbbc')])\n"
        "print(list(it.zip_longest('ab', 'c', fillvalue='-')), list(it.batched(range(5), 2)), list(it.pairwise('abc')))\n"
        "print(ft.reduce(op.mul, [1, 2, 3, 4]), ft.partial(pow, 2)(10), sorted(['b', 'A', 'c'], key=ft.cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))\n"
        "@ft.lru_cache(maxsize=None)\n"
        "def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
        "print(fib(90), fib.cache_info(), op.itemgetter(1, 0)('ab'), op.attrgetter('real')(3))\n");
    CHECK_STR(R.out,
              "[1, 3, 6] ['a', 'b', 'c'] [('a', 'b'), ('a', 'c'), ('b', 'c')] [(1, 2), (2, 1)]\n"
        "[('a', 'a'), ('a', 'b'), ('b', 'a'), ('b', 'b')] [5, 6, 7] [('a', ['a', 'a']), ('b', ['b', 'b', 'b']), ('c', ['c'])]\n"
        "[('a', 'c'), ('b', '-')] [(0, 1), (2, 3), (4,)] [('a', 'b'), ('b', 'c')]\n"
        "24 1024 ['A', 'b', 'c']\n"
        "2880067194370816120 CacheInfo(hits=88, misses=91, maxsize=None, currsize=91) ('b', 'a') 3\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_datetime_time)
{
    PYT(&R,
        "import datetime as dt, time\n"
        "d = dt.datetime(2024, 2, 29, 13, 5, 9, 1234)\n"
        "print(d, d.isoformat(), d.strftime('%Y/%m/%d %H:%M:%S %a %b %j'), d + dt.timedelta(days=1, hours=12), d.date(), d.weekday())\n"
        "print(dt.datetime.fromisoformat('2024-01-02T03:04:05+02:00'), dt.datetime.strptime('05/06/24 10:11', '%d/%m/%y %H:%M'), dt.timedelta(seconds=90061.5))\n"
        "print(dt.datetime.now(), dt.date.today(), time.time(), time.strftime('%Y-%m-%d', time.gmtime(0)), dt.datetime.fromtimestamp(0, dt.timezone.utc))\n");
    CHECK_STR(R.out,
              "2024-02-29 13:05:09.001234 2024-02-29T13:05:09.001234 2024/02/29 13:05:09 Thu Feb 060 2024-03-02 01:05:09.001234 2024-02-29 3\n"
        "2024-01-02 03:04:05+02:00 2024-06-05 10:11:00 1 day, 1:01:01.500000\n"
        "2023-11-14 22:13:20.123456 2023-11-14 1700000000.1234567 1970-01-01 1970-01-01 00:00:00+00:00\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_random_seeded)
{
    PYT(&R,
        "import random\n"
        "random.seed(12345)\n"
        "print(random.random(), random.randint(1, 100), random.choice('abcdef'), random.sample(range(100), 5))\n"
        "l = list(range(10)); random.shuffle(l); print(l, random.uniform(1, 2), random.gauss(0, 1), random.choices('abc', weights=[1, 2, 3], k=4))\n");
    CHECK_STR(R.out,
              "0.41661987254534116 2 c [47, 24, 34, 72, 55]\n"
        "[8, 0, 4, 7, 9, 3, 6, 1, 5, 2] 1.3549013863365986 0.4224685256895393 ['c', 'b', 'c', 'a']\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_hash_codecs_zlib)
{
    PYT(&R,
        "import hashlib, hmac, base64, binascii, zlib, gzip\n"
        "print(hashlib.md5(b'abc').hexdigest(), hashlib.sha256(b'abc').hexdigest()[:16], hashlib.sha1(b'').hexdigest())\n"
        "print(hmac.new(b'key', b'msg', 'sha256').hexdigest()[:16], base64.b64encode(b'hello'), base64.b32decode(b'NBSWY3DP'), binascii.hexlify(b'\\x01\\xff'))\n"
        "c = zlib.compress(b'abc' * 100); print(len(c), zlib.decompress(c) == b'abc' * 100, zlib.crc32(b'abc'), zlib.adler32(b'abc'))\n"
        "print(gzip.decompress(gzip.compress(b'xyz', mtime=0)), gzip.compress(b'', mtime=0))\n");
    CHECK_STR(R.out,
              "900150983cd24fb0d6963f7d28e17f72 ba7816bf8f01cfea da39a3ee5e6b4b0d3255bfef95601890afd80709\n"
        "2d93cbc1be167bcb b'aGVsbG8=' b'hello' b'01ff'\n"
        "15 True 891568578 38600999\n"
        "b'xyz' b'\\x1f\\x8b\\x08\\x00\\x00\\x00\\x00\\x00\\x02\\xff\\x03\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00'\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_csv_struct_text)
{
    PYT(&R,
        "import csv, io, struct, textwrap, shlex, string\n"
        "buf = io.StringIO(); w = csv.writer(buf); w.writerow(['a', 'b,c', 'd\"e']); w.writerow([1, None, 2.5]); print(repr(buf.getvalue()))\n"
        "print(list(csv.reader(io.StringIO('x,\"y,z\"\\r\\n1,2\\r\\n'))), list(csv.DictReader(io.StringIO('h1,h2\\nv1,v2\\n'))))\n"
        "print(struct.pack('<HiQ', 1, -2, 3), struct.unpack('>hh', b'\\x00\\x01\\xff\\xfe'), struct.calcsize('@iq'))\n"
        "print(textwrap.fill('The quick brown fox jumps over the lazy dog', 15), textwrap.dedent('  a\\n   b\\n'), textwrap.shorten('Hello  there  world', 12))\n"
        "print(shlex.split('a \"b c\" d\\\\ e'), shlex.quote(\"it's\"), string.Template('$x and ${y}').substitute(x=1, y=2), string.capwords('hi there'))\n");
    CHECK_STR(R.out,
              "'a,\"b,c\",\"d\"\"e\"\\r\\n1,,2.5\\r\\n'\n"
        "[['x', 'y,z'], ['1', '2']] [{'h1': 'v1', 'h2': 'v2'}]\n"
        "b'\\x01\\x00\\xfe\\xff\\xff\\xff\\x03\\x00\\x00\\x00\\x00\\x00\\x00\\x00' (1, -2) 16\n"
        "The quick brown\n"
        "fox jumps over\n"
        "the lazy dog a\n"
        " b\n"
        " Hello [...]\n"
        "['a', 'b c', 'd e'] 'it'\"'\"'s' 1 and 2 Hi There\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_difflib_pprint)
{
    PYT(&R,
        "import difflib, pprint\n"
        "a = ['one\\n', 'two\\n', 'three\\n']; b = ['one\\n', 'tree\\n', 'three\\n', 'four\\n']\n"
        "print(''.join(difflib.unified_diff(a, b, 'a', 'b')), end='')\n"
        "print(''.join(difflib.ndiff(['abcd\\n'], ['abXd\\n'])), end='')\n"
        "print(difflib.SequenceMatcher(None, 'abcd', 'bcde').ratio(), difflib.get_close_matches('appel', ['apple', 'ape', 'peach']))\n"
        "pprint.pprint({'key%d' % i: list(range(i)) for i in range(8)}, width=50)\n");
    CHECK_STR(R.out,
              "--- a\n"
        "+++ b\n"
        "@@ -1,3 +1,4 @@\n"
        " one\n"
        "-two\n"
        "+tree\n"
        " three\n"
        "+four\n"
        "- abcd\n"
        "?   ^\n"
        "+ abXd\n"
        "?   ^\n"
        "0.75 ['apple', 'ape']\n"
        "{'key0': [],\n"
        " 'key1': [0],\n"
        " 'key2': [0, 1],\n"
        " 'key3': [0, 1, 2],\n"
        " 'key4': [0, 1, 2, 3],\n"
        " 'key5': [0, 1, 2, 3, 4],\n"
        " 'key6': [0, 1, 2, 3, 4, 5],\n"
        " 'key7': [0, 1, 2, 3, 4, 5, 6]}\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_argparse)
{
    PYT(&R,
        "import argparse, sys\n"
        "sys.stderr = sys.stdout\n"
        "p = argparse.ArgumentParser(prog='tool', description='Does things.')\n"
        "p.add_argument('src'); p.add_argument('-n', '--num', type=int, default=1, help='count'); p.add_argument('-v', action='store_true')\n"
        "print(p.parse_args(['x', '-n', '3', '-v']))\n"
        "p.print_help()\n"
        "try:\n"
        "    p.parse_args(['-n', 'q'])\n"
        "except SystemExit as e:\n"
        "    print('exit', e.code)\n");
    CHECK_STR(R.out,
              "Namespace(src='x', num=3, v=True)\n"
        "usage: tool [-h] [-n NUM] [-v] src\n"
        "\n"
        "Does things.\n"
        "\n"
        "positional arguments:\n"
        "  src\n"
        "\n"
        "options:\n"
        "  -h, --help     show this help message and exit\n"
        "  -n, --num NUM  count\n"
        "  -v\n"
        "usage: tool [-h] [-n NUM] [-v] src\n"
        "tool: error: argument -n/--num: invalid int value: 'q'\n"
        "exit 2\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_logging_warnings_traceback)
{
    PYT(&R,
        "import logging, warnings, traceback, sys\n"
        "sys.stderr = sys.stdout\n"
        "logging.basicConfig(format='%(levelname)s %(name)s: %(message)s', level=logging.INFO, stream=sys.stdout)\n"
        "log = logging.getLogger('app'); log.info('started %d', 1); log.debug('hidden'); log.warning('careful')\n"
        "warnings.warn('old thing', DeprecationWarning); warnings.warn('soft')\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always'); warnings.warn('x'); print(len(w), w[0].category.__name__)\n"
        "def f(): return 1 / 0\n"
        "try:\n"
        "    f()\n"
        "except ZeroDivisionError:\n"
        "    print(traceback.format_exc(), end='')\n");
    CHECK_STR(R.out,
              "INFO app: started 1\n"
        "WARNING app: careful\n"
        "t.py:5: DeprecationWarning: old thing\n"
        "  warnings.warn('old thing', DeprecationWarning); warnings.warn('soft')\n"
        "t.py:5: UserWarning: soft\n"
        "  warnings.warn('old thing', DeprecationWarning); warnings.warn('soft')\n"
        "1 UserWarning\n"
        "Traceback (most recent call last):\n"
        "  File \"t.py\", line 10, in <module>\n"
        "    f()\n"
        "    ~^^\n"
        "  File \"t.py\", line 8, in f\n"
        "    def f(): return 1 / 0\n"
        "                    ~~^~~\n"
        "ZeroDivisionError: division by zero\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_urllib_statistics_fractions)
{
    PYT(&R,
        "from urllib.parse import urlparse, urljoin, quote, unquote, urlencode, parse_qs\n"
        "import statistics as st\n"
        "from fractions import Fraction\n"
        "u = urlparse('https://user@example.com:8080/p/a?x=1#f'); print(u, u.hostname, u.port)\n"
        "print(urljoin('http://a/b/c/d', '../g'), quote('a b/ü'), unquote('%E2%82%AC'), urlencode({'q': 'a b', 'n': 2}), parse_qs('a=1&a=2&b=3'))\n"
        "print(st.mean([1, 2, 3, 4]), st.median([3, 1, 2]), st.stdev([2, 4, 4, 4, 5, 5, 7, 9]), st.mode('aab'), st.pvariance([1.5, 2.5]), st.quantiles(range(1, 11)))\n"
        "print(Fraction(3, 4) + Fraction(1, 6), Fraction('0.125'), Fraction(1, 3).limit_denominator(2), float(Fraction(1, 8)))\n");
    CHECK_STR(R.out,
              "ParseResult(scheme='https', netloc='user@example.com:8080', path='/p/a', params='', query='x=1', fragment='f') example.com 8080\n"
        "http://a/b/g a%20b/%C3%BC € q=a+b&n=2 {'a': ['1', '2'], 'b': ['3']}\n"
        "2.5 2 2.138089935299395 a 0.25 [2.75, 5.5, 8.25]\n"
        "11/12 1/8 1/2 0.125\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_heapq_bisect_collections_ctx)
{
    PYT(&R,
        "import heapq, bisect, contextlib, contextvars, io\n"
        "h = [5, 1, 4, 2, 3]; heapq.heapify(h); print(h, heapq.heappop(h), heapq.nlargest(2, [3, 9, 1, 7]), list(heapq.merge([1, 4], [2, 3])))\n"
        "a = [1, 3, 3, 5]; print(bisect.bisect_left(a, 3), bisect.bisect(a, 3)); bisect.insort(a, 4); print(a)\n"
        "with contextlib.suppress(KeyError): {}['x']\n"
        "buf = io.StringIO()\n"
        "with contextlib.redirect_stdout(buf): print('captured')\n"
        "print(repr(buf.getvalue()))\n"
        "@contextlib.contextmanager\n"
        "def tag(n):\n"
        "    print('<' + n + '>'); yield n; print('</' + n + '>')\n"
        "with tag('b') as t: print(t)\n"
        "v = contextvars.ContextVar('v', default=0); tok = v.set(5); print(v.get()); v.reset(tok); print(v.get())\n");
    CHECK_STR(R.out,
              "[2, 3, 4, 5] 1 [9, 7] [1, 2, 3, 4]\n"
        "1 3\n"
        "[1, 3, 3, 4, 5]\n"
        "'captured\\n'\n"
        "<b>\n"
        "b\n"
        "</b>\n"
        "5\n"
        "0\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_enum_calendar_uuid)
{
    PYT(&R,
        "import enum, calendar, uuid\n"
        "class Color(enum.Enum):\n"
        "    RED = 1\n"
        "    GREEN = enum.auto()\n"
        "class P(enum.IntFlag):\n"
        "    R = 4\n"
        "    W = 2\n"
        "print(Color.RED, repr(Color.GREEN), Color(2), [c.name for c in Color], P.R | P.W, repr(P.R | P.W), int(P.W))\n"
        "print(calendar.monthrange(2024, 2), calendar.isleap(2024)); print(calendar.month(2024, 2))\n"
        "print(uuid.uuid4(), uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org'), uuid.UUID('12345678123456781234567812345678').version)\n");
    CHECK_STR(R.out,
              "Color.RED <Color.GREEN: 2> Color.GREEN ['RED', 'GREEN'] 6 <P.R|W: 6> 2\n"
        "(calendar.THURSDAY, 29) True\n"
        "   February 2024\n"
        "Mo Tu We Th Fr Sa Su\n"
        "          1  2  3  4\n"
        " 5  6  7  8  9 10 11\n"
        "12 13 14 15 16 17 18\n"
        "19 20 21 22 23 24 25\n"
        "26 27 28 29\n"
        "\n"
        "4af927f8-468b-4d86-8de9-838a3832e0ea 886313e1-3b8a-5372-9b90-0c9aee199e5d None\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_threads_queue_futures)
{
    PYT(&R,
        "import threading, queue\n"
        "from concurrent.futures import ThreadPoolExecutor\n"
        "res = []\n"
        "t = threading.Thread(target=res.append, args=(1,)); t.start(); t.join(); print(res, t.is_alive())\n"
        "q = queue.Queue(); q.put('a'); print(q.get(), q.empty())\n"
        "try:\n"
        "    q.get(block=False)\n"
        "except queue.Empty:\n"
        "    print('empty')\n"
        "with ThreadPoolExecutor(4) as ex:\n"
        "    print(list(ex.map(lambda x: x * x, range(5))), ex.submit(sum, [1, 2]).result())\n");
    CHECK_STR(R.out,
              "[1] False\n"
        "a True\n"
        "empty\n"
        "[0, 1, 4, 9, 16] 3\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_decimal)
{
    PYT(&R,
        "from decimal import Decimal, getcontext, localcontext, ROUND_HALF_UP, InvalidOperation\n"
        "print(Decimal('0.1') + Decimal('0.2'), Decimal(1) / 3, Decimal('2').sqrt(), Decimal('12.345').quantize(Decimal('0.01'), rounding=ROUND_HALF_UP))\n"
        "print(format(Decimal('1234567.891'), ',.2f'), Decimal(0.5), Decimal('1e-7'), Decimal(2) ** 64, Decimal(-7) // 2, Decimal(-7) % 2)\n"
        "with localcontext() as c:\n"
        "    c.prec = 6\n"
        "    print(Decimal(1) / 7, Decimal(10).ln(), Decimal(1).exp())\n"
        "try:\n"
        "    Decimal('x')\n"
        "except InvalidOperation as e:\n"
        "    print(type(e).__name__, e)\n"
        "print(repr(getcontext()).split(', flags')[0], hash(Decimal('2.5')) == hash(2.5), sorted([Decimal('1.5'), 1, 0.5]))\n");
    CHECK_STR(R.out,
              "0.3 0.3333333333333333333333333333 1.414213562373095048801688724 12.35\n"
        "1,234,567.89 0.5 1E-7 18446744073709551616 -3 -1\n"
        "0.142857 2.30259 2.71828\n"
        "InvalidOperation [<class 'decimal.ConversionSyntax'>]\n"
        "Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1, clamp=0 True [0.5, 1, Decimal('1.5')]\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_configparser_tomllib)
{
    PYT(&R,
        "import configparser, tomllib, io\n"
        "c = configparser.ConfigParser()\n"
        "c.read_string('[DEFAULT]\\nroot = /srv\\n[web]\\nport = 8080\\npath = %(root)s/www\\non = yes\\n')\n"
        "print(c.sections(), c.getint('web', 'port'), c.get('web', 'path'), c.getboolean('web', 'on'), dict(c['web']))\n"
        "out = io.StringIO(); c.write(out); print(out.getvalue(), end='')\n"
        "print(tomllib.loads('a = 1\\nb = [1.5, \"x\", true]\\n[t]\\nd = 1979-05-27\\n[[arr]]\\nk = 0x1F\\n'))\n"
        "try:\n"
        "    tomllib.loads('a = 1\\na = 2')\n"
        "except tomllib.TOMLDecodeError as e:\n"
        "    print(e)\n");
    CHECK_STR(R.out,
              "['web'] 8080 /srv/www True {'port': '8080', 'path': '/srv/www', 'on': 'yes', 'root': '/srv'}\n"
        "[DEFAULT]\n"
        "root = /srv\n"
        "\n"
        "[web]\n"
        "port = 8080\n"
        "path = %(root)s/www\n"
        "on = yes\n"
        "\n"
        "{'a': 1, 'b': [1.5, 'x', True], 't': {'d': datetime.date(1979, 5, 27)}, 'arr': [{'k': 31}]}\n"
        "Cannot overwrite a value (at end of document)\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_zipfile_inspect_calendar)
{
    PYT(&R,
        "import zipfile, io, inspect, calendar\n"
        "buf = io.BytesIO()\n"
        "with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:\n"
        "    z.writestr('a.txt', 'alpha ' * 20)\n"
        "    z.writestr('d/b.txt', b'beta')\n"
        "with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:\n"
        "    print(z.namelist(), z.read('d/b.txt'), len(z.read('a.txt')), z.testzip())\n"
        "def f(a, b=2, *args, c, **kw): pass\n"
        "print(inspect.signature(f), inspect.signature(f).bind(1, c=3), inspect.isfunction(f))\n"
        "print(calendar.monthrange(2024, 2), calendar.isleap(2100))\n"
        "print(calendar.month(2025, 1), end='')\n");
    CHECK_STR(R.out,
              "['a.txt', 'd/b.txt'] b'beta' 120 None\n"
        "(a, b=2, *args, c, **kw) <BoundArguments (a=1, c=3)> True\n"
        "(calendar.THURSDAY, 29) False\n"
        "    January 2025\n"
        "Mo Tu We Th Fr Sa Su\n"
        "       1  2  3  4  5\n"
        " 6  7  8  9 10 11 12\n"
        "13 14 15 16 17 18 19\n"
        "20 21 22 23 24 25 26\n"
        "27 28 29 30 31\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}
