/* test_rw_iomisc.c — the rewritten io/misc standard modules (inspect, zipfile,
 * pathlib, urllib.*, os, posixpath, traceback, base64, json, re, gzip, csv, glob,
 * fnmatch, tempfile, hmac, subprocess, fileinput, importlib, __future__), each run
 * as a program over a memfs; expected texts were produced by CPython 3.13. */
#include "test.h"
#include "pymods_helper.h"

static pyt_out R;

TEST(rw_iomisc_inspect)
{
    PYT(&R,
        "import inspect, functools\n"
        "def f(a, b=2, /, c=3, *args, d, e='x', **kw): pass\n"
        "def g(x, y=1): return x\n"
        "class C:\n"
        "    def m(self, a, b=2): pass\n"
        "    def __call__(self, n, *, flag=False): pass\n"
        "class D(C):\n"
        "    def __init__(self, p, q=5): pass\n"
        "s = inspect.signature(f)\n"
        "print(s, [str(p.kind) for p in s.parameters.values()])\n"
        "print(inspect.signature(C().m), inspect.signature(D), inspect.signature(C()), inspect.signature(functools.partial(g, y=4)))\n"
        "b = inspect.signature(g).bind(1, y=3); print(b, b.args, b.kwargs)\n"
        "b = inspect.signature(g).bind(1); b.apply_defaults(); print(b)\n"
        "for call in [lambda: inspect.signature(g).bind(), lambda: inspect.signature(g).bind(1, 2, 3),\n"
        "             lambda: inspect.signature(g).bind(1, x=2), lambda: inspect.signature(g).bind(1, z=2),\n"
        "             lambda: inspect.Parameter('1x', 1), lambda: inspect.Parameter('a', 2, default=1),\n"
        "             lambda: inspect.Signature([inspect.Parameter('a', 3), inspect.Parameter('b', 1)])]:\n"
        "    try: call()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "P = inspect.Parameter\n"
        "print(inspect.Signature([P('a', P.POSITIONAL_ONLY), P('b', P.KEYWORD_ONLY, default=None)]))\n"
        "print(inspect.getfullargspec(g), inspect.getcallargs(g, 5), repr(inspect.cleandoc('  a\\n    b\\n   c\\n\\n')))\n"
        "print(inspect.isfunction(g), inspect.ismethod(C().m), inspect.isclass(C), inspect.isroutine(len), inspect.isgeneratorfunction(g))\n"
        "print([n for n, v in inspect.getmembers(C, inspect.isfunction)], inspect.unwrap(functools.wraps(g)(lambda: 0)) is g)\n");
    CHECK_STR(R.out,
              "(a, b=2, /, c=3, *args, d, e='x', **kw) ['POSITIONAL_ONLY', 'POSITIONAL_ONLY', 'POSITIONAL_OR_KEYWORD', 'VAR_POSITIONAL', 'KEYWORD_ONLY', 'KEYWORD_ONLY', 'VAR_KEYWORD']\n"
              "(a, b=2) (p, q=5) (n, *, flag=False) (x, *, y=4)\n"
              "<BoundArguments (x=1, y=3)> (1, 3) {}\n"
              "<BoundArguments (x=1, y=1)>\n"
              "TypeError missing a required argument: 'x'\n"
              "TypeError too many positional arguments\n"
              "TypeError multiple values for argument 'x'\n"
              "TypeError got an unexpected keyword argument 'z'\n"
              "ValueError '1x' is not a valid parameter name\n"
              "ValueError variadic positional parameters cannot have default values\n"
              "ValueError wrong parameter order: keyword-only parameter before positional or keyword parameter\n"
              "(a, /, *, b=None)\n"
              "FullArgSpec(args=['x', 'y'], varargs=None, varkw=None, defaults=(1,), kwonlyargs=[], kwonlydefaults=None, annotations={}) {'x': 5, 'y': 1} 'a\\n b\\nc'\n"
              "True True True True False\n"
              "['__call__', 'm'] True\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_zipfile)
{
    PYT(&R,
        "import zipfile, io, os\n"
        "buf = io.BytesIO()\n"
        "with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:\n"
        "    z.writestr('a.txt', 'hello ' * 20)\n"
        "    z.writestr(zipfile.ZipInfo('dir/b.bin', (2020, 5, 6, 7, 8, 10)), b'\\x00\\x01')\n"
        "    z.writestr('s.txt', 'plain', compress_type=zipfile.ZIP_STORED)\n"
        "    z.mkdir('emptydir')\n"
        "    with z.open('w.txt', 'w') as f:\n"
        "        f.write(b'written')\n"
        "    z.comment = b'cmt'\n"
        "with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:\n"
        "    print(z.namelist(), z.comment, z.testzip())\n"
        "    for i in z.infolist():\n"
        "        print(i.filename, i.file_size, i.compress_type, i.is_dir(), i.CRC, oct(i.external_attr >> 16))\n"
        "    print(z.read('a.txt')[:12], z.read('dir/b.bin'), repr(z.getinfo('dir/b.bin')), repr(z.getinfo('emptydir/')))\n"
        "    z.extractall('/tmp/rwz')\n"
        "    for bad in [lambda: z.getinfo('zz'), lambda: z.writestr('x', 'y'), lambda: z.open('a.txt', 'q')]:\n"
        "        try: bad()\n"
        "        except (KeyError, ValueError) as e: print(type(e).__name__, e)\n"
        "print(sorted(os.listdir('/tmp/rwz')), open('/tmp/rwz/w.txt').read(), zipfile.is_zipfile(io.BytesIO(b'nope')))\n"
        "z.close()\n"
        "try: z.read('a.txt')\n"
        "except ValueError as e: print(e)\n");
    CHECK_STR(R.out,
              "['a.txt', 'dir/b.bin', 's.txt', 'emptydir/', 'w.txt'] b'cmt' None\n"
              "a.txt 120 8 False 1224276527 0o600\n"
              "dir/b.bin 2 0 False 920527465 0o600\n"
              "s.txt 5 0 False 421552847 0o600\n"
              "emptydir/ 0 0 True 0 0o40777\n"
              "w.txt 7 8 False 1666100439 0o600\n"
              "b'hello hello ' b'\\x00\\x01' <ZipInfo filename='dir/b.bin' filemode='\?rw-------' file_size=2> <ZipInfo filename='emptydir/' filemode='drwxrwxrwx' external_attr=0x10>\n"
              "KeyError \"There is no item named 'zz' in the archive\"\n"
              "ValueError write() requires mode 'w', 'x', or 'a'\n"
              "ValueError open() requires mode \"r\" or \"w\"\n"
              "['a.txt', 'dir', 'emptydir', 's.txt', 'w.txt'] written False\n"
              "Attempt to use ZIP archive that was already closed\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_urllib_parse)
{
    PYT(&R,
        "from urllib.parse import *\n"
        "r = urlparse('http://user:pw@Host.COM:8080/p/a;x\?q=1&r=2#frag'); print(r, r.hostname, r.port, r.username, r.password)\n"
        "s = urlsplit('https://[::1]:443/x'); print(s, s.hostname, s.port, urlsplit(b'http://h/p\?q#f'))\n"
        "print(urlunsplit(('http', 'h', 'p', 'q', 'f')), urlunparse(('s', 'n', '/p', 'pa', 'q', 'f')), urldefrag('http://a/b#c'))\n"
        "print([urljoin('http://a/b/c/d;p\?q', x) for x in ['g', '../g', '../../../g', './', '..', '#s', '', '//x/y', '\?y']])\n"
        "print(quote('a b/c\?é'), quote(b'\\x00x y'), quote_plus('a b&c'), unquote('a%20b%C3%A9%zz%4'), unquote_plus('a+b%2B'), unquote_to_bytes('a%20%ff'))\n"
        "print(parse_qsl('a=1&b=&c&d=%20x+y'), parse_qs('a=1&a=2&b=3'), urlencode({'a': 1, 'b': 'x y'}), urlencode([('a', [1, 2])], doseq=True))\n"
        "for bad in [lambda: quote(b'x', encoding='utf-8'), lambda: urlencode('abc'), lambda: parse_qsl('a=1&b=2', max_num_fields=1),\n"
        "            lambda: urlsplit('http://[::1/'), lambda: urlsplit('http://h:99999').port, lambda: urlsplit('http://h:x1').port]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n");
    CHECK_STR(R.out,
              "ParseResult(scheme='http', netloc='user:pw@Host.COM:8080', path='/p/a', params='x', query='q=1&r=2', fragment='frag') host.com 8080 user pw\n"
              "SplitResult(scheme='https', netloc='[::1]:443', path='/x', query='', fragment='') ::1 443 SplitResultBytes(scheme=b'http', netloc=b'h', path=b'/p', query=b'q', fragment=b'f')\n"
              "http://h/p\?q#f s://n/p;pa\?q#f DefragResult(url='http://a/b', fragment='c')\n"
              "['http://a/b/c/g', 'http://a/b/g', 'http://a/g', 'http://a/b/c/', 'http://a/b/', 'http://a/b/c/d;p\?q#s', 'http://a/b/c/d;p\?q', 'http://x/y', 'http://a/b/c/d;p\?y']\n"
              "a%20b/c%3F%C3%A9 %00x%20y a+b%26c a bé%zz%4 a b+ b'a \\xff'\n"
              "[('a', '1'), ('d', ' x y')] {'a': ['1', '2'], 'b': ['3']} a=1&b=x+y a=1&a=2\n"
              "TypeError quote() doesn't support 'encoding' for bytes\n"
              "TypeError not a valid non-string sequence or mapping object\n"
              "ValueError Max number of fields exceeded\n"
              "ValueError Invalid IPv6 URL\n"
              "ValueError Port out of range 0-65535\n"
              "ValueError Port could not be cast to integer value as 'x1'\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_posixpath)
{
    PYT(&R,
        "import posixpath as pp, os\n"
        "for p in ['', '/', '//', '///', 'a', '/a/b/', 'a/b.c.d', '.bashrc', 'a/..b', '/x/.y.z', b'/a/b.txt', '.a..']:\n"
        "    print(repr(p), pp.split(p), pp.splitext(p), pp.basename(p), pp.dirname(p), pp.splitroot(p), pp.isabs(p))\n"
        "print(pp.join('a', 'b', '/c', 'd/'), pp.join('', 'x'), pp.join(b'a', b'b'))\n"
        "for bad in [lambda: pp.join('a', b'b'), lambda: pp.join('a', 3), lambda: pp.relpath(''), lambda: pp.commonpath([]),\n"
        "            lambda: pp.commonpath(['/a', 'b']), lambda: pp.commonpath(['/a', b'/b'])]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "print(pp.commonprefix(['/usr/lib', '/usr/local']), pp.commonpath(['/usr/lib', '/usr/local/x']), pp.commonpath(['a/./b', 'a/b/c']))\n"
        "print(pp.relpath('/a/b/c', '/a/d'), pp.relpath('/a', '/a'), pp.relpath(b'/a/b', b'/a'), pp.abspath('/q/../r'))\n"
        "os.environ['HOME'] = '/home/user'; os.environ['V1'] = 'val'\n"
        "print(pp.expanduser('~'), pp.expanduser('~/x'), pp.expanduser(b'~/b'), pp.expanduser('a~'))\n"
        "print(pp.expandvars('$V1/${V1}x/$NOPE/${NOPE}/$/${V1/$1a'), pp.expandvars(b'$V1-$'), pp.expandvars('a$V1_b$V1'))\n"
        "os.makedirs('/tmp/rwp/d', exist_ok=True); open('/tmp/rwp/f', 'w').write('abc')\n"
        "print(pp.exists('/tmp/rwp'), pp.isdir('/tmp/rwp/d'), pp.isfile('/tmp/rwp/f'), pp.islink('/tmp/rwp/f'), pp.lexists('/nope'), pp.getsize('/tmp/rwp/f'))\n");
    CHECK_STR(R.out,
              "'' ('', '') ('', '')   ('', '', '') False\n"
              "'/' ('/', '') ('/', '')  / ('', '/', '') True\n"
              "'//' ('//', '') ('//', '')  // ('', '//', '') True\n"
              "'///' ('///', '') ('///', '')  /// ('', '/', '//') True\n"
              "'a' ('', 'a') ('a', '') a  ('', '', 'a') False\n"
              "'/a/b/' ('/a/b', '') ('/a/b/', '')  /a/b ('', '/', 'a/b/') True\n"
              "'a/b.c.d' ('a', 'b.c.d') ('a/b.c', '.d') b.c.d a ('', '', 'a/b.c.d') False\n"
              "'.bashrc' ('', '.bashrc') ('.bashrc', '') .bashrc  ('', '', '.bashrc') False\n"
              "'a/..b' ('a', '..b') ('a/..b', '') ..b a ('', '', 'a/..b') False\n"
              "'/x/.y.z' ('/x', '.y.z') ('/x/.y', '.z') .y.z /x ('', '/', 'x/.y.z') True\n"
              "b'/a/b.txt' (b'/a', b'b.txt') (b'/a/b', b'.txt') b'b.txt' b'/a' (b'', b'/', b'a/b.txt') True\n"
              "'.a..' ('', '.a..') ('.a.', '.') .a..  ('', '', '.a..') False\n"
              "/c/d/ x b'a/b'\n"
              "TypeError Can't mix strings and bytes in path components\n"
              "TypeError join() argument must be str, bytes, or os.PathLike object, not 'int'\n"
              "ValueError no path specified\n"
              "ValueError commonpath() arg is an empty sequence\n"
              "ValueError Can't mix absolute and relative paths\n"
              "TypeError Can't mix strings and bytes in path components\n"
              "/usr/l /usr a/b\n"
              "../b/c . b'b' /r\n"
              "/home/user /home/user/x b'/home/user/b' a~\n"
              "val/valx/$NOPE/${NOPE}/$/${V1/$1a b'val-$' a$V1_bval\n"
              "True True True False False 3\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_os)
{
    PYT(&R,
        "import os\n"
        "os.makedirs('/tmp/rwo/a/b/c')\n"
        "os.makedirs('/tmp/rwo/a/b/c', exist_ok=True)\n"
        "try: os.makedirs('/tmp/rwo/a/b/c')\n"
        "except FileExistsError as e: print('FEE', e)\n"
        "os.makedirs('/tmp/rwo/x/./y/.')\n"
        "open('/tmp/rwo/a/f1', 'w').close(); open('/tmp/rwo/a/b/f2', 'w').close()\n"
        "for t in sorted(os.walk('/tmp/rwo')): print(t[0], sorted(t[1]), sorted(t[2]))\n"
        "print([t[0] for t in os.walk('/tmp/rwo/a', topdown=False)])\n"
        "for r, d, f in os.walk('/tmp/rwo'):\n"
        "    d[:] = sorted(x for x in d if x != 'b'); print(r)\n"
        "errs = []\n"
        "print(list(os.walk('/nonexist', onerror=errs.append)), [type(e).__name__ for e in errs])\n"
        "os.renames('/tmp/rwo/a/b/f2', '/tmp/rwo/new/dir/f2')\n"
        "print(os.path.exists('/tmp/rwo/new/dir/f2'), os.path.exists('/tmp/rwo/a/b'))\n"
        "os.remove('/tmp/rwo/new/dir/f2'); os.removedirs('/tmp/rwo/new/dir'); print(os.path.exists('/tmp/rwo/new'), os.path.exists('/tmp/rwo'))\n"
        "print(os.fsencode('aé'), os.fsdecode(b'a\\xc3\\xa9'))\n"
        "os.environ['ZZ'] = '1'; print(os.environ['ZZ'], os.getenv('ZZ'), os.getenv('NOPE', 'd')); del os.environ['ZZ']\n"
        "for bad in [lambda: os.environ['ZZ'], lambda: os.getenv(1), lambda: os.environ.__setitem__('a', 1)]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "os.environ.update({'A1': 'x'}, B1='y'); os.environ.update([('C1', 'z')]); print(os.environ['A1'], os.environ['B1'], os.environ['C1'], os.environ == dict(os.environ))\n");
    CHECK_STR(R.out,
              "FEE [Errno 17] File exists: '/tmp/rwo/a/b/c'\n"
              "/tmp/rwo ['a', 'x'] []\n"
              "/tmp/rwo/a ['b'] ['f1']\n"
              "/tmp/rwo/a/b ['c'] ['f2']\n"
              "/tmp/rwo/a/b/c [] []\n"
              "/tmp/rwo/x ['y'] []\n"
              "/tmp/rwo/x/y [] []\n"
              "['/tmp/rwo/a/b/c', '/tmp/rwo/a/b', '/tmp/rwo/a']\n"
              "/tmp/rwo\n"
              "/tmp/rwo/a\n"
              "/tmp/rwo/x\n"
              "/tmp/rwo/x/y\n"
              "[] ['FileNotFoundError']\n"
              "True True\n"
              "False True\n"
              "b'a\\xc3\\xa9' aé\n"
              "1 1 d\n"
              "KeyError 'ZZ'\n"
              "TypeError str expected, not int\n"
              "TypeError str expected, not int\n"
              "x y z True\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_base64)
{
    PYT(&R,
        "import base64 as b\n"
        "for d in [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'\\x00\\x00\\x00\\x00', b'    ', b'\\xff\\xfe\\x00\\x01\\x02']:\n"
        "    print(b.b64encode(d), b.urlsafe_b64encode(d), b.b32encode(d), b.b32hexencode(d), b.b16encode(d), b.b85encode(d), b.a85encode(d, foldspaces=True))\n"
        "    assert b.b32decode(b.b32encode(d)) == d and b.b85decode(b.b85encode(d)) == d and b.a85decode(b.a85encode(d)) == d\n"
        "print(b.a85encode(bytes(range(20)), wrapcol=10, adobe=True), b.z85encode(b'\\x86\\x4F\\xD2\\x6F\\xB5\\x59\\xF7\\x5B'), b.z85decode('HelloWorld'))\n"
        "print(b.b64decode('-_8=', altchars='-_'), b.b32decode('mzxw6===', casefold=True), b.b32decode('0O======', map01='L'), b.encodebytes(b'x' * 60))\n"
        "for bad in [lambda: b.b64encode('x'), lambda: b.b64decode('é'), lambda: b.b32decode('AAA'), lambda: b.b32decode('A!======'), lambda: b.b32decode('A======='),\n"
        "            lambda: b.b16decode('fg'), lambda: b.b85decode('abc\\x01'), lambda: b.b85decode('~~~~~'), lambda: b.a85decode('!!z'), lambda: b.a85decode('s8W-\"'),\n"
        "            lambda: b.encodebytes('x'), lambda: b.b32encode('x')]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "print(b.a85decode('<~9jqo^~>', adobe=True), b.a85decode('9jq o\\n^'), b.a85decode('zz'), b.a85decode('9j'))\n");
    CHECK_STR(R.out,
              "b'' b'' b'' b'' b'' b'' b''\n"
              "b'Zg==' b'Zg==' b'MY======' b'CO======' b'66' b'W&' b'Ac'\n"
              "b'Zm8=' b'Zm8=' b'MZXQ====' b'CPNG====' b'666F' b'W^V' b'Ao@'\n"
              "b'Zm9v' b'Zm9v' b'MZXW6===' b'CPNMU===' b'666F6F' b'W^Zo' b'AoDS'\n"
              "b'Zm9vYg==' b'Zm9vYg==' b'MZXW6YQ=' b'CPNMUOG=' b'666F6F62' b'W^Zp|' b'AoDTs'\n"
              "b'Zm9vYmE=' b'Zm9vYmE=' b'MZXW6YTB' b'CPNMUOJ1' b'666F6F6261' b'W^Zp|VE' b'AoDTs@/'\n"
              "b'AAAAAA==' b'AAAAAA==' b'AAAAAAA=' b'0000000=' b'00000000' b'00000' b'z'\n"
              "b'ICAgIA==' b'ICAgIA==' b'EAQCAIA=' b'40G2080=' b'20202020' b'ARr(h' b'y'\n"
              "b'//4AAQI=' b'__4AAQI=' b'777AAAIC' b'VVV00082' b'FFFE000102' b'|Na000s' b's8E!!!W'\n"
              "b'<~!!*-\\'\"9e\\nu7#RLhG$k3\\n[W&.oNg~>' b'HelloWorld' b'\\x86O\\xd2o\\xb5Y\\xf7['\n"
              "b'\\xfb\\xff' b'foo' b's' b'eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4\\neHh4\\n'\n"
              "TypeError a bytes-like object is required, not 'str'\n"
              "ValueError string argument should contain only ASCII characters\n"
              "Error Incorrect padding\n"
              "Error Non-base32 digit found\n"
              "Error Incorrect padding\n"
              "Error Non-base16 digit found\n"
              "ValueError bad base85 character at position 3\n"
              "ValueError base85 overflow in hunk starting at byte 0\n"
              "ValueError z inside Ascii85 5-tuple\n"
              "ValueError Ascii85 overflow\n"
              "TypeError expected bytes-like object, not str\n"
              "TypeError memoryview: a bytes-like object is required, not 'str'\n"
              "b'Man ' b'Man ' b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00' b'M'\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_json)
{
    PYT(&R,
        "import json, io\n"
        "print(json.dumps({'b': [1, 2.5, None, True], 'a': 'é\\n'}, sort_keys=True), json.dumps([1, {'x': 2}], indent=1), json.dumps({1: 2}, separators=(',', ':')))\n"
        "print(json.loads(b'[1]'), json.loads('\\ufeff1'.encode('utf-8')), json.loads('[2]'.encode('utf-16')), json.loads('{\"a\":1,\"b\":2}', object_pairs_hook=list))\n"
        "print(json.loads('{\"a\": 1.5}', parse_float=str), json.dumps({'a': {1, 2}}, default=sorted), json.dumps({(1,): 2, 'k': 1}, skipkeys=True))\n"
        "for bad in ['{\"a\": 1,}', '[1] x', '', '\\ufeff[]', '{\"a\" 1}', '[1,\\n 2']:\n"
        "    try: json.loads(bad)\n"
        "    except json.JSONDecodeError as e: print('JDE', e, e.msg, e.pos, e.lineno, e.colno)\n"
        "for bad in [lambda: json.loads(3), lambda: json.dumps(object())]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "f = io.StringIO(); json.dump({'z': [1, 2]}, f, indent=1); print(f.getvalue(), json.load(io.StringIO('[3]')))\n"
        "class E(json.JSONEncoder):\n"
        "    def default(self, o): return 'E:' + type(o).__name__\n"
        "print(json.dumps([object()], cls=E), json.JSONDecoder().raw_decode('[1] tail'), json.decoder.JSONDecodeError is json.JSONDecodeError)\n"
        "print([json.detect_encoding(x) for x in [b'\\x00\\x00\\x00[', b'[\\x00\\x00\\x00', b'[\\x00', b'\\x00[', b'[\\x00a\\x00', b'\\xef\\xbb\\xbf[']])\n");
    CHECK_STR(R.out,
              "{\"a\": \"\\u00e9\\n\", \"b\": [1, 2.5, null, true]} [\n"
              " 1,\n"
              " {\n"
              "  \"x\": 2\n"
              " }\n"
              "] {\"1\":2}\n"
              "[1] 1 [2] [('a', 1), ('b', 2)]\n"
              "{'a': '1.5'} {\"a\": [1, 2]} {\"k\": 1}\n"
              "JDE Illegal trailing comma before end of object: line 1 column 8 (char 7) Illegal trailing comma before end of object 7 1 8\n"
              "JDE Extra data: line 1 column 5 (char 4) Extra data 4 1 5\n"
              "JDE Expecting value: line 1 column 1 (char 0) Expecting value 0 1 1\n"
              "JDE Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0) Unexpected UTF-8 BOM (decode using utf-8-sig) 0 1 1\n"
              "JDE Expecting ':' delimiter: line 1 column 6 (char 5) Expecting ':' delimiter 5 1 6\n"
              "JDE Expecting ',' delimiter: line 2 column 3 (char 6) Expecting ',' delimiter 6 2 3\n"
              "TypeError the JSON object must be str, bytes or bytearray, not int\n"
              "TypeError Object of type object is not JSON serializable\n"
              "{\n"
              " \"z\": [\n"
              "  1,\n"
              "  2\n"
              " ]\n"
              "} [3]\n"
              "[\"E:object\"] ([1], 3) True\n"
              "['utf-32-be', 'utf-32-le', 'utf-16-le', 'utf-16-be', 'utf-16-le', 'utf-8-sig']\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_csv)
{
    PYT(&R,
        "import csv, io\n"
        "rows = [['a', 'b,c', 'd\"e'], ['1', '', 'x\\ny'], [], ['  sp', 'z']]\n"
        "for d in ['excel', 'unix']:\n"
        "    f = io.StringIO(); csv.writer(f, dialect=d).writerows(rows); print(repr(f.getvalue()), list(csv.reader(io.StringIO(f.getvalue()), dialect=d)))\n"
        "r = csv.DictReader(io.StringIO('h1,h2,h3\\r\\n1,2,3\\r\\n\\r\\n4,5\\r\\n6,7,8,9\\r\\n'), restval='RV', restkey='RK')\n"
        "print(r.fieldnames, r.line_num)\n"
        "for rec in r: print(rec, r.line_num)\n"
        "f = io.StringIO(); dw = csv.DictWriter(f, ['x', 'y'], restval='-')\n"
        "dw.writeheader(); dw.writerow({'x': 1}); dw.writerows([{'y': 2.5}]); print(repr(f.getvalue()))\n"
        "for bad in [lambda: dw.writerow({'z': 1}), lambda: csv.DictWriter(f, ['x'], extrasaction='bad'), lambda: csv.get_dialect('nope'),\n"
        "            lambda: csv.unregister_dialect('nope'), lambda: csv.register_dialect(1)]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "csv.register_dialect('pipes', delimiter='|', quoting=csv.QUOTE_ALL)\n"
        "f = io.StringIO(); csv.writer(f, 'pipes').writerow(['a', 1]); print(repr(f.getvalue()), 'pipes' in csv.list_dialects())\n");
    CHECK_STR(R.out,
              "'a,\"b,c\",\"d\"\"e\"\\r\\n1,,\"x\\ny\"\\r\\n\\r\\n  sp,z\\r\\n' [['a', 'b,c', 'd\"e'], ['1', '', 'x\\ny'], [], ['  sp', 'z']]\n"
              "'\"a\",\"b,c\",\"d\"\"e\"\\n\"1\",\"\",\"x\\ny\"\\n\\n\"  sp\",\"z\"\\n' [['a', 'b,c', 'd\"e'], ['1', '', 'x\\ny'], [], ['  sp', 'z']]\n"
              "['h1', 'h2', 'h3'] 1\n"
              "{'h1': '1', 'h2': '2', 'h3': '3'} 2\n"
              "{'h1': '4', 'h2': '5', 'h3': 'RV'} 4\n"
              "{'h1': '6', 'h2': '7', 'h3': '8', 'RK': ['9']} 5\n"
              "'x,y\\r\\n1,-\\r\\n-,2.5\\r\\n'\n"
              "ValueError dict contains fields not in fieldnames: 'z'\n"
              "ValueError extrasaction (bad) must be 'raise' or 'ignore'\n"
              "Error unknown dialect\n"
              "Error unknown dialect\n"
              "TypeError dialect name must be a string\n"
              "'\"a\"|\"1\"\\r\\n' True\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_gzip)
{
    PYT(&R,
        "import gzip, io\n"
        "data = b'hello world\\n' * 50 + b'last line'\n"
        "c = gzip.compress(data, mtime=0); print(c[:10], gzip.decompress(c) == data, gzip.decompress(c + gzip.compress(b'more', mtime=1))[-8:])\n"
        "for bad in [b'xx', b'\\x1f\\x8b\\x07' + bytes(10), c[:15], c[:-8] + b'\\0' * 8]:\n"
        "    try: gzip.decompress(bad)\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "with gzip.open('/tmp/rwg.txt.gz', 'wb') as f:\n"
        "    print(f.write(b'line1\\nline2\\n'), f.tell(), f.mode, f.name)\n"
        "raw = open('/tmp/rwg.txt.gz', 'rb').read(); print(raw[3], raw[10:20])\n"
        "with gzip.open('/tmp/rwg.txt.gz') as f:\n"
        "    print(f.readline(), f.read(3), f.tell(), f.read()); f.seek(2); f.seek(2, 1); print(f.read(2))\n"
        "with gzip.open('/tmp/rwg.t.gz', 'wt', encoding='utf-8') as f: f.write('héllo\\nwörld\\n')\n"
        "with gzip.open('/tmp/rwg.t.gz', 'rt') as f: print(list(f))\n"
        "for bad in [lambda: gzip.open('/tmp/x.gz', 'rbt'), lambda: gzip.open('/tmp/x.gz', 'rb', encoding='x')]:\n"
        "    try: bad()\n"
        "    except ValueError as e: print(e)\n"
        "b = io.BytesIO()\n"
        "with gzip.GzipFile(fileobj=b, mode='wb', mtime=7) as g:\n"
        "    g.write(b'abc'); g.seek(5); g.write(b'z'); print(g.tell())\n"
        "print(gzip.decompress(b.getvalue()))\n");
    CHECK_STR(R.out,
              "b'\\x1f\\x8b\\x08\\x00\\x00\\x00\\x00\\x00\\x02\\xff' True b'linemore'\n"
              "BadGzipFile Not a gzipped file (b'xx')\n"
              "BadGzipFile Unknown compression method\n"
              "EOFError Compressed file ended before the end-of-stream marker was reached\n"
              "BadGzipFile CRC check failed\n"
              "12 12 wb /tmp/rwg.txt.gz\n"
              "8 b'rwg.txt\\x00\\xcb\\xc9'\n"
              "b'line1\\n' b'lin' 9 b'e2\\n'\n"
              "b'1\\n'\n"
              "['héllo\\n', 'wörld\\n']\n"
              "Invalid mode: 'rbt'\n"
              "Argument 'encoding' not supported in binary mode\n"
              "6\n"
              "b'abc\\x00\\x00z'\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_glob_fnmatch)
{
    PYT(&R,
        "import glob, fnmatch, os\n"
        "os.makedirs('/tmp/rwgl/a/b', exist_ok=True); os.makedirs('/tmp/rwgl/.hid', exist_ok=True)\n"
        "for f in ['x.txt', 'y.py', '.dot.txt', 'a/one.txt', 'a/b/two.txt', '.hid/h.txt']:\n"
        "    open('/tmp/rwgl/' + f, 'w').close()\n"
        "os.chdir('/tmp/rwgl')\n"
        "for pat in ['*', '*.txt', '**', '**/*.txt', 'a/**', '**/', '.*', 'nope', '[xy].*']:\n"
        "    print(pat, sorted(glob.glob(pat)), sorted(glob.glob(pat, recursive=True)), sorted(glob.glob(pat, recursive=True, include_hidden=True)))\n"
        "print(sorted(glob.glob('*.txt', root_dir='/tmp/rwgl/a/b')), sorted(glob.glob(b'*.py')), glob.escape('a*b\?c[d]'), glob.has_magic('a[b'))\n"
        "for pat in ['*.txt', '**/*.py', 'a/**', '\?x*', 'x/*/y']:\n"
        "    print(glob.translate(pat), glob.translate(pat, recursive=True, include_hidden=True))\n"
        "names = ['a.py', 'b.txt', '.x', 'x]y', 'x-y', 'a[b', 'ab', '']\n"
        "for pat in ['*.py', '\?', '[ab]*', '[!a]*', '[]]*', 'x[!]]y', 'a[b', '[a-c]b*', '[c-a]*', 'x[-]y', '**b']:\n"
        "    print(repr(pat), fnmatch.filter(names, pat), fnmatch.fnmatch(b'ab', pat.encode()))\n");
    CHECK_STR(R.out,
              "* ['a', 'x.txt', 'y.py'] ['a', 'x.txt', 'y.py'] ['.dot.txt', '.hid', 'a', 'x.txt', 'y.py']\n"
              "*.txt ['x.txt'] ['x.txt'] ['.dot.txt', 'x.txt']\n"
              "** ['a', 'x.txt', 'y.py'] ['a', 'a/b', 'a/b/two.txt', 'a/one.txt', 'x.txt', 'y.py'] ['.dot.txt', '.hid', '.hid/h.txt', 'a', 'a/b', 'a/b/two.txt', 'a/one.txt', 'x.txt', 'y.py']\n"
              "**/*.txt ['a/one.txt'] ['a/b/two.txt', 'a/one.txt', 'x.txt'] ['.dot.txt', '.hid/h.txt', 'a/b/two.txt', 'a/one.txt', 'x.txt']\n"
              "a/** ['a/b', 'a/one.txt'] ['a/', 'a/b', 'a/b/two.txt', 'a/one.txt'] ['a/', 'a/b', 'a/b/two.txt', 'a/one.txt']\n"
              "**/ ['a/'] ['a/', 'a/b/'] ['.hid/', 'a/', 'a/b/']\n"
              ".* ['.dot.txt', '.hid'] ['.dot.txt', '.hid'] ['.dot.txt', '.hid']\n"
              "nope [] [] []\n"
              "[xy].* ['x.txt', 'y.py'] ['x.txt', 'y.py'] ['x.txt', 'y.py']\n"
              "['two.txt'] [b'y.py'] a[*]b[\?]c[[]d] True\n"
              "(\?s:(\?!\\.)[^/]*\\.txt)\\Z (\?s:[^/]*\\.txt)\\Z\n"
              "(\?s:(\?!\\.)[^/]*/(\?!\\.)[^/]*\\.py)\\Z (\?s:(\?:.+/)\?[^/]*\\.py)\\Z\n"
              "(\?s:a/(\?!\\.)[^/]*)\\Z (\?s:a/.*)\\Z\n"
              "(\?s:(\?!\\.)[^/]x[^/]*)\\Z (\?s:[^/]x[^/]*)\\Z\n"
              "(\?s:x/[^/.][^/]*/y)\\Z (\?s:x/[^/]+/y)\\Z\n"
              "'*.py' ['a.py'] False\n"
              "'\?' [] False\n"
              "'[ab]*' ['a.py', 'b.txt', 'a[b', 'ab'] True\n"
              "'[!a]*' ['b.txt', '.x', 'x]y', 'x-y'] False\n"
              "'[]]*' [] False\n"
              "'x[!]]y' ['x-y'] False\n"
              "'a[b' ['a[b'] False\n"
              "'[a-c]b*' ['ab'] True\n"
              "'[c-a]*' [] False\n"
              "'x[-]y' ['x-y'] False\n"
              "'**b' ['a[b', 'ab'] True\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_hmac_subprocess)
{
    PYT(&R,
        "import hmac, hashlib, subprocess as sp\n"
        "h = hmac.new(b'key', b'msg', 'sha256'); print(h.hexdigest(), h.digest_size, h.block_size, h.name)\n"
        "h2 = h.copy(); h2.update(b'more'); print(hmac.new(b'key', b'msgmore', hashlib.sha256).hexdigest() == h2.hexdigest(), h.hexdigest() != h2.hexdigest())\n"
        "print(hmac.new(b'k' * 200, b'x', 'sha1').hexdigest(), hmac.digest(b'k', b'm', 'md5').hex())\n"
        "print(hmac.compare_digest(b'abc', b'abc'), hmac.compare_digest(b'ab', b'abc'), hmac.compare_digest('ab', 'ab'))\n"
        "for bad in [lambda: hmac.new('k', b'm', 'sha256'), lambda: hmac.new(b'k', b'm'), lambda: hmac.compare_digest('é', 'é'),\n"
        "            lambda: hmac.compare_digest('a', b'a'), lambda: hmac.compare_digest(1, 2), lambda: hmac.compare_digest(b'a', 1)]:\n"
        "    try: bad()\n"
        "    except TypeError as e: print(e)\n"
        "print(sp.list2cmdline(['a', 'b c', '', 'x\\\\y', 'q\"r', 'a\\\\\\\\\"b', 'tail\\\\', 'sp ace\\\\\\\\']))\n"
        "e = sp.CalledProcessError(2, ['ls', 'x'], b'out'); print(str(e), e.stdout, e.stderr)\n"
        "print(str(sp.TimeoutExpired('c', 1.5)), repr(sp.CompletedProcess(['a'], 0)), repr(sp.CompletedProcess('a', 3, 'o', 'e')))\n"
        "try: sp.CompletedProcess('a', 3).check_returncode()\n"
        "except sp.CalledProcessError as x: print('CPE', x)\n");
    CHECK_STR(R.out,
              "2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628 32 64 hmac-sha256\n"
              "True True\n"
              "e2e4a90d1cee5e796e99915a47e0c725cf932393 ed7e724d3a91554aaa2043041d9c5305\n"
              "True False True\n"
              "key: expected bytes or bytearray, but got 'str'\n"
              "Missing required argument 'digestmod'.\n"
              "comparing strings with non-ASCII characters is not supported\n"
              "a bytes-like object is required, not 'str'\n"
              "unsupported operand types(s) or combination of types: 'int' and 'int'\n"
              "a bytes-like object is required, not 'int'\n"
              "a \"b c\" \"\" x\\y q\\\"r a\\\\\\\\\\\"b tail\\ \"sp ace\\\\\\\\\"\n"
              "Command '['ls', 'x']' returned non-zero exit status 2. b'out' None\n"
              "Command 'c' timed out after 1.5 seconds CompletedProcess(args=['a'], returncode=0) CompletedProcess(args='a', returncode=3, stdout='o', stderr='e')\n"
              "CPE Command 'a' returned non-zero exit status 3.\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_import_misc)
{
    PYT(&R,
        "import importlib, importlib.util, __future__ as F, urllib.error as UE, urllib.request as R\n"
        "print(importlib.import_module('.path', 'os').__name__, importlib.util.find_spec('json') is not None, importlib.util.find_spec('nopemod'))\n"
        "print([importlib.util.resolve_name(n, 'a.b') for n in ['x', '.x', '..x', '.', '..']])\n"
        "for bad in [lambda: importlib.import_module('.x'), lambda: importlib.import_module('...x', 'a.b'), lambda: importlib.util.resolve_name('.x', None)]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "print(F.annotations, F.division.getOptionalRelease(), F.division.getMandatoryRelease(), F.generators.compiler_flag)\n"
        "h = UE.HTTPError('http://x', 404, 'Not Found', {'a': 'b'}, None); print(str(h), repr(h), h.reason, h.headers, h.geturl(), h.args)\n"
        "print(str(UE.URLError('why')), UE.ContentTooShortError('short', b'xx').content)\n"
        "r = R.Request('http://h/p\?q#f', headers={'content-TYPE': 'x'}, data=b'd'); r.add_header('user-agent', 'me')\n"
        "print(r.get_method(), r.header_items(), r.selector, r.fragment, R.Request('http://h\?x').selector)\n");
    CHECK_STR(R.out,
              "posixpath True None\n"
              "['x', 'a.b.x', 'a.x', 'a.b', 'a']\n"
              "TypeError the 'package' argument is required to perform a relative import for '.x'\n"
              "ImportError attempted relative import beyond top-level package\n"
              "ImportError no package specified for '.x' (required for relative module names)\n"
              "_Feature((3, 7, 0, 'beta', 1), None, 16777216) (2, 2, 0, 'alpha', 2) (3, 0, 0, 'alpha', 0) 0\n"
              "HTTP Error 404: Not Found <HTTPError 404: 'Not Found'> Not Found {'a': 'b'} http://x ()\n"
              "<urlopen error why> b'xx'\n"
              "POST [('Content-type', 'x'), ('User-agent', 'me')] /p\?q f /\?x\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_re_traceback)
{
    PYT(&R,
        "import re, traceback\n"
        "print(re.sub(r'(\\w+) (\\w+)', r'\\2 \\1', 'hello world'), re.split(r'[,;]\\s*', 'a, b;c'), re.findall(r'\\d+', 'a1b22'), re.escape('a.b*c d\\t-#&~'), re.escape(b'a.b'))\n"
        "p = re.compile('x', re.I); print(re.compile(p) is p, bool(re.match(p, 'X')), re.fullmatch('a+', 'aaa').group(), re.subn('a', 'b', 'aaa'))\n"
        "for bad in [lambda: re.compile(p, re.I), lambda: re.compile(3)]:\n"
        "    try: bad()\n"
        "    except (ValueError, TypeError) as e: print(e)\n"
        "s = re.Scanner([(r'\\d+', lambda s, t: ('N', t)), (r'[a-z]+', lambda s, t: ('W', t)), (r'\\s+', None)])\n"
        "print(s.scan('abc 12 de \?x'))\n"
        "fs = traceback.FrameSummary('f.py', 3, 'fn', line='x = 1  ')\n"
        "print(fs, list(fs), fs == ('f.py', 3, 'fn', 'x = 1  '), fs[2], len(fs))\n"
        "print(traceback.format_list([('a.py', 1, 'm', 'pass'), fs]), traceback.format_exception_only(ValueError('v')), traceback.format_exception(None))\n"
        "print(''.join(traceback.StackSummary.from_list([('a.py', 1, 'm', 'x')] * 5).format()), end='')\n"
        "fs2 = traceback.FrameSummary('f.py', 3, 'fn', locals={'a': 1}); print(fs2.locals, fs2 == fs, traceback.StackSummary().format_frame_summary(fs2), end='')\n");
    CHECK_STR(R.out,
              "world hello ['a', 'b', 'c'] ['1', '22'] a\\.b\\*c\\ d\\\t\\-\\#\\&\\~ b'a\\\\.b'\n"
              "True True aaa ('bbb', 3)\n"
              "cannot process flags argument with a compiled pattern\n"
              "first argument must be string or compiled pattern\n"
              "([('W', 'abc'), ('N', '12'), ('W', 'de')], '\?x')\n"
              "<FrameSummary file f.py, line 3 in fn> ['f.py', 3, 'fn', 'x = 1'] False fn 4\n"
              "['  File \"a.py\", line 1, in m\\n    pass\\n', '  File \"f.py\", line 3, in fn\\n    x = 1\\n'] ['ValueError: v\\n'] ['NoneType: None\\n']\n"
              "  File \"a.py\", line 1, in m\n"
              "    x\n"
              "  File \"a.py\", line 1, in m\n"
              "    x\n"
              "  File \"a.py\", line 1, in m\n"
              "    x\n"
              "  [Previous line repeated 2 more times]\n"
              "{'a': '1'} False   File \"f.py\", line 3, in fn\n"
              "    a = 1\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_iomisc_pathlib_tempfile_fileinput)
{
    PYT(&R,
        "import pathlib, tempfile, fileinput, os\n"
        "P = pathlib.PurePosixPath\n"
        "p = P('/a/b/c.tar.gz'); print(p.parent, p.name, p.suffix, p.suffixes, p.stem, p.parts, list(p.parents)[:2], p.parents[-1], p.parents[1:])\n"
        "print(p.with_name('x.y'), p.with_stem('s'), p.with_suffix('.z'), P('a') / 'b' / P('/c'), 'x' / P('y'), P('a/b').relative_to('a'), P('/a/b').is_relative_to('/a'))\n"
        "for bad in [lambda: P('/').with_name('x'), lambda: p.with_suffix('z'), lambda: P('a').relative_to('b'), lambda: P('a').as_uri(), lambda: P(3)]:\n"
        "    try: bad()\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "print(P('/a b').as_uri(), P('a/b.py').match('*.py'), P('a/b.py').full_match('**/*.py'), P('a') == P('a/'), P('a') < P('b'))\n"
        "d = pathlib.Path('/tmp/rwpl'); (d / 'x' / 'y').mkdir(parents=True); (d / 'x' / 'f.txt').write_text('hi')\n"
        "print(sorted(str(q) for q in d.rglob('*')), (d / 'x' / 'f.txt').read_text(), d.exists(), (d / 'nope').exists())\n"
        "try: (d / 'x').mkdir()\n"
        "except FileExistsError as e: print('FEE')\n"
        "(d / 'x').mkdir(exist_ok=True)\n"
        "with tempfile.NamedTemporaryFile('w+', suffix='.t', dir='/tmp') as f:\n"
        "    f.write('hi'); f.seek(0); print(f.read(), os.path.exists(f.name)); n = f.name\n"
        "print(os.path.exists(n))\n"
        "with tempfile.TemporaryDirectory(dir='/tmp') as t: print(os.path.isdir(t))\n"
        "print(os.path.exists(t))\n"
        "s = tempfile.SpooledTemporaryFile(max_size=5); s.write(b'abc'); print(s._rolled); s.write(b'defgh'); print(s._rolled); s.seek(0); print(s.read())\n"
        "open('/tmp/rwfa', 'w').write('a1\\na2\\n'); open('/tmp/rwfb', 'w').write('b1')\n"
        "for line in fileinput.input(['/tmp/rwfa', '/tmp/rwfb']):\n"
        "    print(repr(line), fileinput.filename(), fileinput.lineno(), fileinput.filelineno(), fileinput.isfirstline())\n"
        "fileinput.close()\n"
        "with fileinput.input('/tmp/rwfa', inplace=True, backup='.bak') as f:\n"
        "    for line in f: print(line.upper(), end='')\n"
        "print(open('/tmp/rwfa').read(), open('/tmp/rwfa.bak').read())\n");
    CHECK_STR(R.out,
              "/a/b c.tar.gz .gz ['.tar', '.gz'] c.tar ('/', 'a', 'b', 'c.tar.gz') [PurePosixPath('/a/b'), PurePosixPath('/a')] / (PurePosixPath('/a'), PurePosixPath('/'))\n"
              "/a/b/x.y /a/b/s.gz /a/b/c.tar.z /c x/y b True\n"
              "ValueError PurePosixPath('/') has an empty name\n"
              "ValueError Invalid suffix 'z'\n"
              "ValueError 'a' is not in the subpath of 'b'\n"
              "ValueError relative path can't be expressed as a file URI\n"
              "TypeError argument should be a str or an os.PathLike object where __fspath__ returns a str, not 'int'\n"
              "file:///a%20b True True True True\n"
              "['/tmp/rwpl/x', '/tmp/rwpl/x/f.txt', '/tmp/rwpl/x/y'] hi True False\n"
              "FEE\n"
              "hi True\n"
              "False\n"
              "True\n"
              "False\n"
              "False\n"
              "True\n"
              "b'abcdefgh'\n"
              "'a1\\n' /tmp/rwfa 1 1 True\n"
              "'a2\\n' /tmp/rwfa 2 2 False\n"
              "'b1' /tmp/rwfb 3 1 True\n"
              "A1\n"
              "A2\n"
              " a1\n"
              "a2\n"
              "\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}
