"""Differential SyntaxError test: run with CPython 3.13
   python3 tests/pyparse/errors.py build/pydump
Compares exception type, message, lineno and offset for each snippet."""
import subprocess, sys, tempfile, os
CASES = [
    "if x:\npass\n", "if x\n  pass\n", "f() = 1\n", "(a, f()) = 1\n", "x + 1 += 1\n",
    "a, b += 1\n", "def f(a=1, b): pass\n", "f(a=1, b)\n", "f(**a, b)\n", "f(**a, *b)\n",
    "  x = 1\n", "x = 1\n  y = 2\n", "if 1:\n  x\n y\n", "print 'x'\n", "[a b]\n", "f(a b)\n",
    "x = (1 2)\n", "a b\n", "if x = 1:\n pass\n", "del f()\n", "for f() in x: pass\n",
    "None = 1\n", "x := 1\n", "f(x for x in y, 1)\n", "(x.y := 1)\n", "f'{}'\n", "f'{x!z}'\n",
    "def f(*): pass\n", "try:\n pass\n", "with a as f(): pass\n", "x = [1,\n", "1_000_\n",
    "0777\n", "1abc\n", "0b12\n", "x = 'abc\n", "x = '''abc\n\n", "a \u20ac\n", "f(a.b=1)\n",
    "class A\n  pass\n", "def f():\nreturn\n", "x = {1:2, 3}\n", "x = 5 if y\n", "f(*)\n",
    "from x import a,\n", "while x:\n\tif 1:\n        pass\n", "a = 1 = 2\n", "(*a)\n",
    "x = )", "x = (]", "x = (\n]", "f'{x'\n", "f'}'\n", "f'{x:{y}'\n", "'a' b'b'\n",
    "x = 1 +\n", "for x in : pass\n", "def f(x, x): pass\n", "lambda x, x: 0\n",
    "True = 1\n", "f(True=1)\n", "x = [i for i in range(3)\n", "1 = x\n", "x + 1 = 2\n",
    "[a, b] += 1\n", "x = yield = 1\n", "def f(**k, a): pass\n", "def f(*a, *b): pass\n",
    "def f(a, /, b, /): pass\n", "def f(/): pass\n", "class A:\npass\n", "for x in y:\npass\n",
    "while 1:\npass\n", "with a:\npass\n", "try:\npass\n", "try:\n pass\nexcept:\npass\n",
    "if 1:\n pass\nelse:\npass\n", "if 1:\n pass\nelif 2:\npass\n", "def f():\n  x\n    y\n",
    "x = '\\N{NOT A REAL NAME}'\n", "x = '\\x4'\n", "x = b'\u00e9'\n", "x = 1 if 2\n",
    "import\n", "from import x\n", "x = {**a: 1}\n", "x = [*a for a in b]\n", "@\ndef f(): pass\n",
    "x = 1\n\ty = 2\n", "nonlocal\n", "x = $\n", "x = a.1\n", "x = 1.2.3\n", "x = 0x\n",
    "x = 0o8\n", "x = 1e\n", "x = 5j5\n", "print(f'{x!}')\n", "x = [1, 2\ny = 3\n",
    "match x:\n  case 1:\n  pass\n", "x = (yield from)\n", "del *a\n", "del (a, *b)\n",
    "a = *b\n", "x = {1: *a}\n", "f(a, *)\n", "x = not\n", "x = lambda: yield\n",
    "def f[](): pass\n", "class A(x for x in y): pass\n", "x = 'a' 'b\n", "é€ = 1\n",
    "x = \u200b\n", "if 1:\n    pass\n  else:\n    pass\n", "\\\n", "x = 1 \\ 2\n",
]
exe = sys.argv[1]
agree = 0
bad = 0
for src in CASES:
    try:
        compile(src, "<s>", "exec", flags=0x400, dont_inherit=True)  # PyCF_ONLY_AST
        exp = "OK"
    except SyntaxError as e:
        exp = "%s: %s %s %s" % (type(e).__name__, e.msg, e.lineno, e.offset)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(src)
    out = subprocess.run([exe, f.name], capture_output=True, text=True).stdout.strip()
    os.unlink(f.name)
    if out.startswith("ERROR "):
        parts = out[6:].rsplit(" ", 4)
        got = "%s %s %s" % (parts[0], parts[1], parts[2])
    else:
        got = "OK"
    if exp == "OK" and "duplicate argument" in got:
        got = "OK"   # CPython reports this in its symtable; we do it while parsing
    if got == exp:
        agree += 1
    else:
        bad += 1
        print("MISMATCH %r\n  expected: %s\n  got:      %s" % (src, exp, got))
print("%d passed, %d failed" % (agree, bad))
