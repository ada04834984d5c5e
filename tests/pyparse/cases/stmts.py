import a.b.c as d, e
from . import x
from .. import (y as z, w,)
from ...pkg.mod import *
from .... import q
@dec
@dec2(1)
async def f[T: int = str, *Ts, **P](a, /, b: int = 1, *args: *Ts, c, d=2, **kw) -> None:
    global g1, g2
    async with a as b, c:
        pass
    async for i in x:
        await y
    return
class C[T](B, metaclass=M, **kw):
    x: int
    y: list[int] = []
    (z): int = 1
    a.b: int
    def g(self): nonlocal_x = 1
type A = int
type B[T] = list[T]
type = 1
match = 2
case = 3
print(type, match, case)
match x:
    case 1 | 2 | -3 | 1.5 | 2+3j | -1-2j:
        pass
    case "a" "b" | b"x":
        pass
    case None | True | False:
        pass
    case [a, *rest] | (a, b, *_) | []:
        pass
    case {"k": v, **others}:
        pass
    case {1: _, a.b: c}:
        pass
    case Point(x=0, y=yy) | Point(1, 2) | a.b.C():
        pass
    case (x) as y if y > 0:
        pass
    case a, b:
        pass
    case *a, b:
        pass
    case _:
        pass
match (x, y):
    case (1, 2): pass
match x, y:
    case 1, 2: pass
match -x:
    case _: pass
try:
    pass
except ValueError as e:
    raise X from e
except (A, B):
    pass
except:
    pass
else:
    pass
finally:
    pass
try:
    pass
except* ValueError:
    pass
while x:
    break
else:
    continue
for a, b in c: pass
for (a, b), *c in d: pass
for x, in y: pass
with (a, b): pass
with (a, b) as c: pass
with (a as b, c as d,): pass
with (yield): pass
with a, (b): pass
del a, b[1], c.d, (e, f), [g]
del x,
assert x, "msg"
x = y = z = 1
x, = 1,
a[1:2, ::3] = b
a[:] = b
a[*b] = 1
x += 1; y -= 2; z **= 3; w //= 4; v @= 5; u >>= 6; t <<= 7; s |= 8; r ^= 9; q &= 10; p %= 11; o /= 12; n *= 13
if a: pass
elif b: pass
elif c:
    pass
else: pass
lambda: 0
lambda *a, **k: 0
lambda a, *, b: 0
lambda a=1, /, b=2: 0
x = [i for i in range(3) if i if i > 0 for j in i]
x = {k: v async for k, v in y}
x = {a for a in b}
x = (a for a in b)
x = [*a, *b]
x = {**a, 'b': 1, **c}
x = {1, 2, *a}
print(*a, *b, **c, **d)
f(a)(b)(c)
f(x for x in y)
f(a, b=1, *c, d=2, **e)
x = a if b else c if d else e
x = not a and b or c and not d
x = a < b <= c != d is not e not in f in g is h
x = -a ** -b
x = ~a + +b - -c
x = await_ = 1
x = a @ b // c % d / e * f
x = a | b ^ c & d << e >> f
x = (yield)
x = ...
x = 0xFF + 0o17 + 0b1010 + 1_000_000 + 1e10 + 1.5e-3 + 3j + .5 + 5. + 0_0 + 00
x = 123456789012345678901234567890 + 0xFFFFFFFFFFFFFFFFFFFF + 9223372036854775807 + 9223372036854775808
x = 1e400 + 1e-400 + 1e16 + 1e15 + 0.0001 + 0.00001 + 123456789.123456789
x = 'a' 'b' "c" '''d''' """e"""
x = b'a' b"\x00\xff" rb'\d' Br'x'
x = u'x' 'y'
x = '\n\t\\\'\"\a\b\f\v\0\x41\101\u00e9\U0001F600\N{EM DASH}'
x = 'line\
continued'
x = r'\n' R"\t"
x = "é€😀\u200b\x7f\x80"
s = '\ud800'
if x:
    # comment
    pass

    # another
x = (1,
     2,
     )
x = [
    1, 2,
]
x = a.b.c.d(e)[f].g
x = a[b][c](d).e
x = (a)
x = ((a))
x = (a, b)
x = ()
x = (a,)
x = (
    a
)
x = a if b else(c)
class A: pass
class B(): pass
@property
def p(self): return self._p
def f(*, a): pass
def f(a, *args, b=1, **kwargs): pass
def f(a: "str" = None, *args: int, **kwargs: "dict"): pass
async def g():
    await x
    async with a: pass
    return [x async for x in y]
    yield x
    yield from y
    await (yield)
if True: x = 1; y = 2;
x = 1 if True else 2
x = [1, 2][0]
x = {}
x = {1: 2}[1]
x = a.__class__.__name__
x = lambda x: (yield)
print((yield))
x = *a, *b
x = 1 if 2 else 3, 4
nonlocal_ = 1
global_ = 2
