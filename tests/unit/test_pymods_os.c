/* test_pymods_os.c — the OS layer of the Python interpreter: os, os.path,
 * open() and the file objects, pathlib, io.StringIO/BytesIO, over a memfs;
 * files written by Python are seen by the filesystem. */
#include "test.h"
#include "pymods_helper.h"

static pyt_out R;

TEST(pymods_open_write_lands_in_vfs)
{
    pyt_fs(&R);
    pyt_run(&R, "open('/tmp/x', 'w').write('hi')\n");
    CHECK_INT(R.status, 0);
    CHECK_INT(R.used_after, 0);
    sk_buf b = SK_BUF_INIT(&R.fsa);
    CHECK_INT(sk_vfs_read_file(&R.vfs, "/", "/tmp/x", 0, &b), 0);
    CHECK_MEM(b.p, b.len, "hi");
    sk_buf_free(&b);
    /* a file left open is flushed at the end of the run */
    pyt_run(&R, "f = open('/tmp/y', 'w')\nf.write('a\\nb\\n')\n");
    CHECK_INT(sk_vfs_read_file(&R.vfs, "/", "/tmp/y", 0, &b), 0);
    CHECK_MEM(b.p, b.len, "a\nb\n");
    sk_buf_free(&b);
    /* and the next run reads it */
    pyt_run(&R, "print(open('/tmp/y').readlines())\n");
    CHECK_STR(R.out, "['a\\n', 'b\\n']\n");
    pyt_done(&R);
}

TEST(pymods_file_modes)
{
    PYT(&R,
        "f = open('/tmp/a.txt', 'w')\n"
        "print(f, type(f), f.mode, f.name)\n"
        "print(f.write('line1\\nline2\\r\\nline3'))\n"
        "f.close()\n"
        "print(repr(open('/tmp/a.txt').read()))\n"
        "print(open('/tmp/a.txt', newline='').readlines())\n"
        "with open('/tmp/a.txt', 'rb') as g:\n"
        "    print(type(g), g.read(3), g.tell(), g.readline(), list(g))\n"
        "with open('/tmp/a.txt', 'a') as g:\n"
        "    print(type(g).__name__, g.tell())\n"
        "    g.write('\\nmore')\n"
        "print([l for l in open('/tmp/a.txt')])\n"
        "with open('/tmp/r.txt', 'w+') as f:\n"
        "    f.write('abcdef'); f.seek(2); print(f.read(2)); f.seek(0); f.write('XY')\n"
        "print(open('/tmp/r.txt').read(), type(open('/tmp/r.txt', 'r+b')).__name__)\n"
        "with open('/tmp/r.txt', 'r+') as f:\n"
        "    f.seek(0, 2); f.write('!'); f.seek(1); f.write('_')\n"
        "print(open('/tmp/r.txt').read())\n"
        "with open('/tmp/r.txt', 'a+') as f:\n"
        "    print(f.tell(), repr(f.read())); f.seek(0); print(f.read(2))\n"
        "with open('/tmp/n.bin', 'xb') as f:\n"
        "    f.write(bytes(range(3))); print(f.mode)\n"
        "print(open('/tmp/n.bin', 'rb').read(), open('/tmp/n.bin', 'rb', buffering=0))\n");
    CHECK_STR(R.out,
              "<_io.TextIOWrapper name='/tmp/a.txt' mode='w' encoding='UTF-8'> <class '_io.TextIOWrapper'> w /tmp/a.txt\n"
              "18\n"
              "'line1\\nline2\\nline3'\n"
              "['line1\\n', 'line2\\r\\n', 'line3']\n"
              "<class '_io.BufferedReader'> b'lin' 3 b'e1\\n' [b'line2\\r\\n', b'line3']\n"
              "TextIOWrapper 18\n"
              "['line1\\n', 'line2\\n', 'line3\\n', 'more']\n"
              "cd\n"
              "XYcdef BufferedRandom\n"
              "X_cdef!\n"
              "7 ''\n"
              "X_\n"
              "xb\n"
              "b'\\x00\\x01\\x02' <_io.FileIO name='/tmp/n.bin' mode='rb' closefd=True>\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_file_errors)
{
    PYT(&R,
        "def t(f):\n"
        "    try:\n"
        "        f()\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, e)\n"
        "t(lambda: open('/nope'))\n"
        "t(lambda: open('/tmp'))\n"
        "t(lambda: open('/tmp', 'w'))\n"
        "open('/tmp/e', 'w').close()\n"
        "t(lambda: open('/tmp/e', 'x'))\n"
        "t(lambda: open('/nodir/f', 'w'))\n"
        "t(lambda: open('/tmp/e/f'))\n"
        "for m in ['rw', '', 'b', 'z', 'rr', 'bt']:\n"
        "    t(lambda: open('/tmp/e', m))\n"
        "t(lambda: open('/tmp/e', 'rb', encoding='utf-8'))\n"
        "t(lambda: open('/tmp/e', newline='x'))\n"
        "t(lambda: open('/tmp/e', encoding='nope'))\n"
        "t(lambda: open('/tmp/e', buffering=0))\n"
        "t(lambda: open('/tmp/e', 1))\n"
        "t(lambda: open([]))\n"
        "t(lambda: open('/tmp/e').write('x'))\n"
        "t(lambda: open('/tmp/e', 'rb').write(b'x'))\n"
        "t(lambda: open('/tmp/e', 'w').read())\n"
        "t(lambda: open('/tmp/e', 'wb').read())\n"
        "t(lambda: open('/tmp/e', 'w').write(b'x'))\n"
        "t(lambda: open('/tmp/e', 'wb').write('x'))\n"
        "f = open('/tmp/e'); f.close()\n"
        "t(f.read); t(f.tell); t(lambda: f.seek(0)); t(lambda: next(f))\n"
        "g = open('/tmp/e', 'rb'); g.close()\n"
        "t(g.read); t(g.readline); t(g.tell)\n"
        "t(lambda: open('/tmp/e').seek(1, 1)); t(lambda: open('/tmp/e').seek(0, 5)); t(lambda: open('/tmp/e').seek(-1))\n"
        "t(lambda: open('/tmp/e', 'rb').seek(0, 9)); t(lambda: open('/tmp/e', 'rb').seek(-1))\n"
        "t(lambda: open('/tmp/e').read('x'))\n"
        "e = None\n"
        "try:\n"
        "    open('/tmp/missing.txt')\n"
        "except OSError as x:\n"
        "    e = x\n"
        "print(e.errno, e.strerror, e.filename, isinstance(e, FileNotFoundError))\n");
    CHECK_STR(R.out,
              "FileNotFoundError [Errno 2] No such file or directory: '/nope'\n"
              "IsADirectoryError [Errno 21] Is a directory: '/tmp'\n"
              "IsADirectoryError [Errno 21] Is a directory: '/tmp'\n"
              "FileExistsError [Errno 17] File exists: '/tmp/e'\n"
              "FileNotFoundError [Errno 2] No such file or directory: '/nodir/f'\n"
              "NotADirectoryError [Errno 20] Not a directory: '/tmp/e/f'\n"
              "ValueError must have exactly one of create/read/write/append mode\n"
              "ValueError Must have exactly one of create/read/write/append mode and at most one plus\n"
              "ValueError Must have exactly one of create/read/write/append mode and at most one plus\n"
              "ValueError invalid mode: 'z'\n"
              "ValueError invalid mode: 'rr'\n"
              "ValueError can't have text and binary mode at once\n"
              "ValueError binary mode doesn't take an encoding argument\n"
              "ValueError illegal newline value: x\n"
              "LookupError unknown encoding: nope\n"
              "ValueError can't have unbuffered text I/O\n"
              "TypeError open() argument 'mode' must be str, not int\n"
              "TypeError expected str, bytes or os.PathLike object, not list\n"
              "UnsupportedOperation not writable\n"
              "UnsupportedOperation write\n"
              "UnsupportedOperation not readable\n"
              "UnsupportedOperation read\n"
              "TypeError write() argument must be str, not bytes\n"
              "TypeError a bytes-like object is required, not 'str'\n"
              "ValueError I/O operation on closed file.\n"
              "ValueError I/O operation on closed file.\n"
              "ValueError I/O operation on closed file.\n"
              "ValueError I/O operation on closed file.\n"
              "ValueError read of closed file\n"
              "ValueError readline of closed file\n"
              "ValueError I/O operation on closed file\n"
              "UnsupportedOperation can't do nonzero cur-relative seeks\n"
              "ValueError invalid whence (5, should be 0, 1 or 2)\n"
              "ValueError negative seek position -1\n"
              "ValueError whence value 9 unsupported\n"
              "OSError [Errno 22] Invalid argument\n"
              "TypeError argument should be integer or None, not 'str'\n"
              "2 No such file or directory /tmp/missing.txt True\n");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_text_encoding)
{
    PYT(&R,
        "open('/tmp/u', 'w', encoding='utf-8').write('aβc\\r\\nd')\n"
        "f = open('/tmp/u')\n"
        "print(f.read(2), f.tell(), repr(f.read()))\n"
        "open('/tmp/b', 'wb').write(b'\\x80ok')\n"
        "try:\n"
        "    open('/tmp/b').read()\n"
        "except UnicodeDecodeError as e:\n"
        "    print(e)\n"
        "print(repr(open('/tmp/b', errors='replace').read()), repr(open('/tmp/b', errors='ignore').read()))\n"
        "print(repr(open('/tmp/b', encoding='latin-1').read()))\n"
        "open('/tmp/l', 'w', encoding='latin-1').write('é')\n"
        "print(open('/tmp/l', 'rb').read())\n"
        "open('/tmp/n', 'w', newline='\\r\\n').write('a\\nb\\n')\n"
        "print(open('/tmp/n', 'rb').read())\n"
        "open('/tmp/s', 'w', encoding='utf-8-sig').write('x')\n"
        "print(open('/tmp/s', 'rb').read(), open('/tmp/s', encoding='utf-8-sig').read())\n"
        "open('/tmp/16', 'w', encoding='utf-16').write('hi\\nyo')\n"
        "print(open('/tmp/16', encoding='utf-16').readlines())\n");
    CHECK_STR(R.out,
              "aβ 3 'c\\nd'\n"
              "'utf-8' codec can't decode byte 0x80 in position 0: invalid start byte\n"
              "'\xef\xbf\xbdok' 'ok'\n"
              "'\\x80ok'\n"
              "b'\\xe9'\n"
              "b'a\\r\\nb\\r\\n'\n"
              "b'\\xef\\xbb\\xbfx' x\n"
              "['hi\\n', 'yo']\n");
    CHECK_STR(R.err, "");
}

TEST(pymods_stringio_bytesio)
{
    PYT(&R,
        "import io\n"
        "s = io.StringIO('hello\\nworld')\n"
        "print(repr(s.readline()), s.tell(), repr(s.read()))\n"
        "s.write('!'); print(s.getvalue())\n"
        "s.seek(1); s.write('EE'); print(s.getvalue(), s.tell())\n"
        "s = io.StringIO(); print('a', 'é', file=s, end='|'); s.writelines(['x', 'y'])\n"
        "print(repr(s.getvalue()), s.tell(), s.seek(0), s.read(3))\n"
        "print([l for l in io.StringIO('a\\nb\\n')], io.StringIO('x\\r\\ny', newline=None).getvalue() == 'x\\ny')\n"
        "b = io.BytesIO(b'abc'); b.seek(0, 2); b.write(b'def'); print(b.getvalue(), b.tell())\n"
        "b.seek(1); print(b.read(2), b.readline(), b.read())\n"
        "with io.BytesIO() as b2:\n"
        "    b2.write(b'x')\n"
        "try:\n"
        "    b2.getvalue()\n"
        "except ValueError as e:\n"
        "    print(e)\n"
        "t = io.TextIOWrapper(io.BytesIO(b'l1\\nl2\\n'), encoding='utf-8')\n"
        "print(t.readlines())\n"
        "print(isinstance(s, io.TextIOBase), isinstance(b, io.BufferedIOBase), issubclass(io.StringIO, io.IOBase))\n"
        "class S(io.StringIO):\n"
        "    pass\n"
        "x = S('q'); x.extra = 1; print(x.read(), x.extra)\n");
    CHECK_STR(R.out,
              "'hello\\n' 6 'world'\n"
              "hello\nworld!\n"
              "hEElo\nworld! 3\n"
              "'a é|xy' 6 0 a é\n"
              "['a\\n', 'b\\n'] True\n"
              "b'abcdef' 6\n"
              "b'bc' b'def' b''\n"
              "I/O operation on closed file.\n"
              "['l1\\n', 'l2\\n']\n"
              "True True True\n"
              "q 1\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_os_basics)
{
    PYT(&R,
        "import os, os.path\n"
        "print(os.getcwd(), os.getenv('FOO'), os.environ['HOME'], os.getenv('NOPE', 'd'), 'FOO' in os.environ)\n"
        "os.environ['X'] = '1'; print(os.environ.get('X'), os.getenv('X'))\n"
        "try:\n"
        "    os.environ['Y'] = 1\n"
        "except TypeError as e:\n"
        "    print(e)\n"
        "os.mkdir('d'); os.chdir('d'); print(os.getcwd())\n"
        "open('f.txt', 'w').write('12345')\n"
        "st = os.stat('f.txt'); print(st.st_size, st[6], oct(st.st_mode), len(st), st.st_mtime, st.st_mtime_ns)\n"
        "os.makedirs('a/b/c'); os.makedirs('a/b/c', exist_ok=True)\n"
        "print(sorted(os.listdir('.')), sorted(os.listdir()))\n"
        "print([(r, sorted(d), f) for r, d, f in os.walk('.')])\n"
        "print([(e.name, e.path, e.is_dir(), e.is_file()) for e in sorted(os.scandir('.'), key=lambda e: e.name)])\n"
        "os.rename('f.txt', 'g.txt'); os.replace('g.txt', 'h.txt'); print(os.path.exists('h.txt'), os.path.exists('f.txt'))\n"
        "os.remove('h.txt'); os.removedirs('a/b/c'); print(os.listdir('.'))\n"
        "def t(f, *a):\n"
        "    try:\n"
        "        f(*a)\n"
        "    except OSError as e:\n"
        "        print(type(e).__name__, e)\n"
        "t(os.rmdir, '/home'); t(os.remove, '/tmp'); t(os.rmdir, '/nope'); t(os.mkdir, '/tmp'); t(os.chdir, '/nope')\n"
        "t(os.rename, '/nope', '/x'); t(os.listdir, '/nope'); t(os.stat, '/nope/x')\n"
        "print(os.sep, os.linesep == '\\n', os.name, os.devnull, os.curdir, os.pardir, os.getpid(), os.cpu_count())\n"
        "print(len(os.urandom(5)), os.path.isdir('/tmp'), os.path.isfile('/tmp'), os.path.getsize('/home/user'))\n"
        "print(hasattr(os, 'system'), hasattr(os, 'popen'))\n");
    CHECK_STR(R.out,
              "/home/user bar /home/user d True\n"
              "1 1\n"
              "str expected, not int\n"
              "/home/user/d\n"
              "5 5 0o100644 10 1700000000.1234567 1700000000123456789\n"
              "['a', 'f.txt'] ['a', 'f.txt']\n"
              "[('.', ['a'], ['f.txt']), ('./a', ['b'], []), ('./a/b', ['c'], []), ('./a/b/c', [], [])]\n"
              "[('a', './a', True, False), ('f.txt', './f.txt', False, True)]\n"
              "True False\n"
              "[]\n"
              "OSError [Errno 39] Directory not empty: '/home'\n"
              "IsADirectoryError [Errno 21] Is a directory: '/tmp'\n"
              "FileNotFoundError [Errno 2] No such file or directory: '/nope'\n"
              "FileExistsError [Errno 17] File exists: '/tmp'\n"
              "FileNotFoundError [Errno 2] No such file or directory: '/nope'\n"
              "FileNotFoundError [Errno 2] No such file or directory: '/nope' -> '/x'\n"
              "FileNotFoundError [Errno 2] No such file or directory: '/nope'\n"
              "FileNotFoundError [Errno 2] No such file or directory: '/nope/x'\n"
              "/ True posix /dev/null . .. 1 1\n"
              "5 True False 4096\n"
              "False False\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_os_path)
{
    PYT(&R,
        "import os.path as p\n"
        "print(p.join('a', 'b', '/c', 'd'), p.split('/a/b/'), p.split('/a/b'), p.splitext('a/b.tar.gz'), p.splitext('.bashrc'))\n"
        "print(p.basename('/a/b'), p.dirname('/a/b'), p.dirname('a'), p.isabs('/x'), p.isabs('x'))\n"
        "print(p.normpath('a//b/./c/../d'), p.normpath('/../x'), p.normpath(''), p.normpath('//a'), p.abspath('x/../y'))\n"
        "print(p.relpath('/a/b/c', '/a/d'), p.relpath('/home/user/x'), p.commonpath(['/a/b/c', '/a/b/d']), p.commonprefix(['abc', 'abd']))\n"
        "print(p.expanduser('~/x'), p.expanduser('~user/y'), p.expandvars('$HOME/$NOPE/${FOO}'), p.realpath('/tmp/../tmp/./x'))\n"
        "try:\n"
        "    p.join('a', 1)\n"
        "except TypeError as e:\n"
        "    print(e)\n");
    CHECK_STR(R.out,
              "/c/d ('/a/b', '') ('/a', 'b') ('a/b.tar', '.gz') ('.bashrc', '')\n"
              "b /a  True False\n"
              "a/b/d /x . //a /home/user/y\n"
              "../b/c x /a/b ab\n"
              "/home/user/x /home/user/y /home/user/$NOPE/bar /tmp/x\n"
              "join() argument must be str, bytes, or os.PathLike object, not 'int'\n");
    CHECK_STR(R.err, "");
}

TEST(pymods_pathlib)
{
    PYT(&R,
        "from pathlib import Path, PurePath\n"
        "d = Path('/tmp/gt'); (d / 'a' / 'b').mkdir(parents=True)\n"
        "for n in ['x.py', 'a/y.py', 'a/b/z.py', '.h.py']:\n"
        "    (d / n).write_text(n)\n"
        "print(sorted(p.relative_to(d).as_posix() for p in d.rglob('*.py')))\n"
        "print(sorted(str(p) for p in d.glob('*')), [p.name for p in d.glob('a/')])\n"
        "print((d / 'a/y.py').read_text(), (d / 'x.py').stat().st_size, (d / 'x.py').exists(), (d / 'q').exists())\n"
        "print(sorted(p.name for p in d.iterdir()), (d / 'a').is_dir(), (d / 'x.py').is_file(), (d / 'x.py').is_symlink())\n"
        "(d / 'x.py').rename(d / 'w.py'); (d / 'w.py').unlink(); (d / 'w.py').unlink(missing_ok=True)\n"
        "try:\n"
        "    (d / 'w.py').unlink()\n"
        "except FileNotFoundError as e:\n"
        "    print(e)\n"
        "p = PurePath('/usr/local/lib/python.tar.gz')\n"
        "print(p.name, p.stem, p.suffix, p.suffixes, p.parent, p.parts, p.anchor, repr(p))\n"
        "print(p.with_name('x'), p.with_suffix('.bz2'), p.relative_to('/usr'), p.is_absolute(), p.match('*.gz'))\n"
        "print(Path('a') / 'b', 'x' / Path('y'), Path('a', '/b', 'c'), Path(), Path.cwd(), Path('~').expanduser())\n"
        "print(Path('rel').absolute(), Path('/tmp/../tmp/gt').resolve(), Path('a') == Path('a'), hash(Path('a')) == hash(Path('a')))\n"
        "(d / 't.bin').write_bytes(b'\\x00\\x01'); print((d / 't.bin').read_bytes(), (d / 't').touch(), (d / 't').exists())\n"
        "with (d / 't').open('w') as f:\n"
        "    f.write('via open')\n"
        "print((d / 't').read_text())\n");
    CHECK_STR(R.out,
              "['.h.py', 'a/b/z.py', 'a/y.py', 'x.py']\n"
              "['/tmp/gt/.h.py', '/tmp/gt/a', '/tmp/gt/x.py'] ['a']\n"
              "a/y.py 4 True False\n"
              "['.h.py', 'a', 'x.py'] True True False\n"
              "[Errno 2] No such file or directory: '/tmp/gt/w.py'\n"
              "python.tar.gz python.tar .gz ['.tar', '.gz'] /usr/local/lib ('/', 'usr', 'local', 'lib', 'python.tar.gz') / PurePosixPath('/usr/local/lib/python.tar.gz')\n"
              "/usr/local/lib/x /usr/local/lib/python.tar.bz2 local/lib/python.tar.gz True True\n"
              "a/b x/y /b/c . /home/user /home/user\n"
              "/home/user/rel /tmp/gt True True\n"
              "b'\\x00\\x01' None True\n"
              "via open\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(pymods_no_fs)
{
    pyt_fs(&R);
    pyt_run_opts(&R,
                 "import os\n"
                 "from pathlib import Path\n"
                 "print(os.path.join('a', 'b'), Path('a/b').name)\n"
                 "try:\n"
                 "    Path('/x').exists()\n"
                 "except NotImplementedError as e:\n"
                 "    print(e)\n",
                 1, 0);
    CHECK_STR(R.out, "a/b b\nOS function 'Path.exists' not implemented with standard execution\n");
    pyt_done(&R);
}

TEST(pymods_devices)
{
    PYT(&R,
        "open('/dev/stdout', 'w').write('to stdout\\n')\n"
        "with open('/dev/stderr', 'w') as f:\n"
        "    f.write('to stderr\\n')\n"
        "print(open('/dev/null').read() == '', len(open('/dev/zero', 'rb').read(4)), open('/dev/null', 'w').write('x'))\n");
    CHECK_STR(R.out, "to stdout\nTrue 4 1\n");
    CHECK_STR(R.err, "to stderr\n");
}
