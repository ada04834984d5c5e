# -*- coding: utf-8 -*-
"""Module docstring."""
def f():
	return 1
class K:
	def m(self):
		if 1:
			pass
x = [
  1,  # comment
  2 \
  + 3,
]
y = 1 + \
    2
z = '''a
b''' 'c'
éa = 1
ｘ = 2
print(éa, x)
if x: pass
x = 1if x else 2
x = [0x1for x in y]
x = 1_0j
x = 1.e5
x = 1E+5
x = 0.
x = 0e0
x = 00000
x = 0_00
x = (a := 1)
x = [y := 1, y**2]
f(a := 1)
if (n := len(a)) > 10: pass
while chunk := read(): pass
x = a[b := 1]
x = {(a := 1): 2}
def f(a, b, /): pass
def f(a=1, /, b=2, *, c): pass
def f(a, /, *, b): pass
x = a[1:2:3]
x = a[::]
x = a[1:]
x = a[:2]
x = a[::2]
x = a[1:2, 3]
x = a[(1, 2)]
x = a[1,]
x = a[()]
x = a[*b, c]
def f(*args: *Ts): pass
x: int
x: "int" = 1
x.y: z
x[0]: int = 2
print(end='')
