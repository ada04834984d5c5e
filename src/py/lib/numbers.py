"""numbers for Sandkiste: the numeric tower of abstract base classes.

The abstract method sets follow the documented numeric tower (PEP 3141);
the construction here is our own.
"""

from abc import ABCMeta, abstractmethod

__all__ = ["Number", "Complex", "Real", "Rational", "Integral"]


def _abstract(name):
    def method(self, *args):
        raise NotImplementedError
    method.__name__ = name
    return abstractmethod(method)


def _abstract_property(name):
    def getter(self):
        raise NotImplementedError
    getter.__name__ = name
    return property(abstractmethod(getter))


def _declare(ns, methods="", properties=""):
    for m in methods.split():
        ns[m] = _abstract(m)
    for p in properties.split():
        ns[p] = _abstract_property(p)


class Number(metaclass=ABCMeta):
    """Root of the numeric hierarchy."""
    __slots__ = ()
    __hash__ = None


class Complex(Number):
    """Complex numbers: arithmetic, abs, conjugate, real and imag."""
    __slots__ = ()
    _declare(locals(),
             "__complex__ __add__ __radd__ __neg__ __pos__ __mul__ __rmul__ __truediv__ "
             "__rtruediv__ __pow__ __rpow__ __abs__ conjugate __eq__",
             "real imag")

    def __bool__(self):
        return self != 0

    def __sub__(self, rhs):
        return self + -rhs

    def __rsub__(self, lhs):
        return -self + lhs


class Real(Complex):
    """Real numbers: adds ordering, float(), rounding and floor division."""
    __slots__ = ()
    _declare(locals(),
             "__float__ __trunc__ __floor__ __ceil__ __round__ __floordiv__ __rfloordiv__ "
             "__mod__ __rmod__ __lt__ __le__")

    def __complex__(self):
        as_float = float(self)
        return complex(as_float)

    def __divmod__(self, rhs):
        return self // rhs, self % rhs

    def __rdivmod__(self, lhs):
        return lhs // self, lhs % self

    real = property(lambda self: +self)
    imag = property(lambda self: 0)

    def conjugate(self):
        return +self


class Rational(Real):
    """Rationals: numerator and denominator."""
    __slots__ = ()
    _declare(locals(), "", "numerator denominator")

    def __float__(self):
        num, den = self.numerator, self.denominator
        return int(num) / int(den)


class Integral(Rational):
    """Integers: int(), index, bit operations."""
    __slots__ = ()
    _declare(locals(),
             "__int__ __pow__ __lshift__ __rlshift__ __rshift__ __rrshift__ __and__ __rand__ "
             "__xor__ __rxor__ __or__ __ror__ __invert__")

    def __index__(self):
        return int(self)

    def __float__(self):
        return float(int(self))

    numerator = property(lambda self: +self)
    denominator = property(lambda self: 1)


Real.register(float)
Integral.register(int)
try:
    Complex.register(complex)
except NameError:          # the interpreter has no complex type
    pass
del _declare
