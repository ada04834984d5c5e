"""Rational numbers (CPython's fractions.Fraction)."""
import math as _math
import numbers as _numbers

__all__ = ['Fraction']

_PyHASH_MODULUS = 2 ** 61 - 1
_PyHASH_INF = 314159


def _parse(s):
    """'3/4', ' -1.5e3 ', '7' -> (numerator, denominator) or None."""
    s = s.strip().replace('_', '')
    if not s:
        return None
    sign = 1
    if s[0] in '+-':
        if s[0] == '-':
            sign = -1
        s = s[1:]
    if '/' in s:
        a, _, b = s.partition('/')
        a = a.strip()
        b = b.strip()
        if not a.isdigit() or not b.isdigit():
            return None
        return sign * int(a), int(b)
    mant, e, exp = s.partition('e') if 'e' in s else s.partition('E')
    if e and not exp.lstrip('+-').isdigit():
        return None
    ip, dot, fp = mant.partition('.')
    if (ip and not ip.isdigit()) or (fp and not fp.isdigit()) or not (ip or fp):
        return None
    num = int(ip + fp) if (ip + fp) else 0
    den = 10 ** len(fp)
    if e:
        x = int(exp)
        if x >= 0:
            num *= 10 ** x
        else:
            den *= 10 ** -x
    return sign * num, den


class Fraction(_numbers.Rational):
    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if isinstance(numerator, bool):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            if isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            if isinstance(numerator, float):
                if numerator != numerator:
                    raise ValueError('cannot convert NaN to integer ratio')
                if numerator in (float('inf'), float('-inf')):
                    raise OverflowError('cannot convert Infinity to integer ratio')
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            if isinstance(numerator, str):
                r = _parse(numerator)
                if r is None:
                    raise ValueError('Invalid literal for Fraction: %r' % numerator)
                numerator, denominator = r
            elif hasattr(numerator, 'as_integer_ratio'):
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            else:
                raise TypeError('argument should be a string or a Rational instance')
        else:
            if isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
                n1, d1 = (numerator._numerator, numerator._denominator) if isinstance(numerator, Fraction) \
                    else (numerator, 1)
                n2, d2 = (denominator._numerator, denominator._denominator) if isinstance(denominator, Fraction) \
                    else (denominator, 1)
                numerator, denominator = n1 * d2, d1 * n2
            elif not isinstance(numerator, int) or not isinstance(denominator, int):
                raise TypeError('both arguments should be Rational instances')
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        g = _math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = int(numerator) // g
        self._denominator = int(denominator) // g
        return self

    @classmethod
    def _from_coprime_ints(cls, numerator, denominator):
        obj = object.__new__(cls)
        obj._numerator = numerator
        obj._denominator = denominator
        return obj

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('%s.from_float() only takes floats, not %r (%s)' % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        return cls(*dec.as_integer_ratio())

    @classmethod
    def from_number(cls, number):
        return cls(number)

    def is_integer(self):
        return self._denominator == 1

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction._from_coprime_ints(p1, q1)
        return Fraction._from_coprime_ints(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    def __format__(self, format_spec):
        if not format_spec:
            return str(self)
        if format_spec[-1:] in 'eEfFgG%' or format_spec[-1:].isdigit():
            return format(float(self), format_spec)
        return format(str(self), format_spec)

    @staticmethod
    def _coerce(other):
        if isinstance(other, Fraction):
            return other._numerator, other._denominator
        if isinstance(other, int):
            return int(other), 1
        return None

    def _op(self, other, fn, ffn):
        o = self._coerce(other)
        if o is not None:
            return fn(self._numerator, self._denominator, o[0], o[1])
        if isinstance(other, float):
            return ffn(float(self), other)
        return NotImplemented

    def _rop(self, other, fn, ffn):
        o = self._coerce(other)
        if o is not None:
            return fn(o[0], o[1], self._numerator, self._denominator)
        if isinstance(other, float):
            return ffn(other, float(self))
        return NotImplemented

    @staticmethod
    def _add(na, da, nb, db):
        return Fraction(na * db + nb * da, da * db)

    @staticmethod
    def _sub(na, da, nb, db):
        return Fraction(na * db - nb * da, da * db)

    @staticmethod
    def _mul(na, da, nb, db):
        return Fraction(na * nb, da * db)

    @staticmethod
    def _div(na, da, nb, db):
        if nb == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % (na * db))
        return Fraction(na * db, da * nb)

    @staticmethod
    def _floordiv(na, da, nb, db):
        return (na * db) // (da * nb)

    @staticmethod
    def _mod(na, da, nb, db):
        n, d = na * db, da * nb
        return Fraction((na * db) % (nb * da), da * db) if d else Fraction(0)

    def __add__(self, other):
        return self._op(other, Fraction._add, lambda a, b: a + b)

    def __radd__(self, other):
        return self._rop(other, Fraction._add, lambda a, b: a + b)

    def __sub__(self, other):
        return self._op(other, Fraction._sub, lambda a, b: a - b)

    def __rsub__(self, other):
        return self._rop(other, Fraction._sub, lambda a, b: a - b)

    def __mul__(self, other):
        return self._op(other, Fraction._mul, lambda a, b: a * b)

    def __rmul__(self, other):
        return self._rop(other, Fraction._mul, lambda a, b: a * b)

    def __truediv__(self, other):
        return self._op(other, Fraction._div, lambda a, b: a / b)

    def __rtruediv__(self, other):
        return self._rop(other, Fraction._div, lambda a, b: a / b)

    def __floordiv__(self, other):
        return self._op(other, Fraction._floordiv, lambda a, b: a // b)

    def __rfloordiv__(self, other):
        return self._rop(other, Fraction._floordiv, lambda a, b: a // b)

    def __mod__(self, other):
        return self._op(other, Fraction._mod, lambda a, b: a % b)

    def __rmod__(self, other):
        return self._rop(other, Fraction._mod, lambda a, b: a % b)

    def __divmod__(self, other):
        return (self // other, self % other)

    def __rdivmod__(self, other):
        return (other // self, other % self)

    def __pow__(self, b, modulo=None):
        if modulo is not None:
            return NotImplemented
        if isinstance(b, int) or (isinstance(b, Fraction) and b._denominator == 1):
            power = int(b) if isinstance(b, int) else b._numerator
            if power >= 0:
                return Fraction._from_coprime_ints(self._numerator ** power, self._denominator ** power)
            if self._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % (self._denominator ** -power))
            if self._numerator > 0:
                return Fraction._from_coprime_ints(self._denominator ** -power, self._numerator ** -power)
            return Fraction._from_coprime_ints((-self._denominator) ** -power, (-self._numerator) ** -power)
        if isinstance(b, (float, Fraction)):
            return float(self) ** float(b)
        return NotImplemented

    def __rpow__(self, a, modulo=None):
        if self._denominator == 1 and self._numerator >= 0:
            return a ** self._numerator
        if isinstance(a, (int, Fraction)):
            return Fraction(a) ** self if self._denominator == 1 else float(a) ** float(self)
        return a ** float(self)

    def __pos__(self):
        return Fraction._from_coprime_ints(self._numerator, self._denominator)

    def __neg__(self):
        return Fraction._from_coprime_ints(-self._numerator, self._denominator)

    def __abs__(self):
        return Fraction._from_coprime_ints(abs(self._numerator), self._denominator)

    def __int__(self):
        if self._numerator < 0:
            return -(-self._numerator // self._denominator)
        return self._numerator // self._denominator

    def __trunc__(self):
        return self.__int__()

    def __floor__(self):
        return self._numerator // self._denominator

    def __ceil__(self):
        return -(-self._numerator // self._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            d = self._denominator
            floor, remainder = divmod(self._numerator, d)
            if remainder * 2 < d:
                return floor
            if remainder * 2 > d:
                return floor + 1
            if floor % 2 == 0:
                return floor
            return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __float__(self):
        return self._numerator / self._denominator

    def __hash__(self):
        try:
            dinv = pow(self._denominator, -1, _PyHASH_MODULUS)
        except ValueError:
            hash_ = _PyHASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(self, b):
        if type(b) is int:
            return self._numerator == b and self._denominator == 1
        if isinstance(b, Fraction):
            return self._numerator == b._numerator and self._denominator == b._denominator
        if isinstance(b, int):
            return self._numerator == b and self._denominator == 1
        if isinstance(b, float):
            if b != b or b in (float('inf'), float('-inf')):
                return False
            return self == self.from_float(b)
        return NotImplemented

    def _richcmp(self, other, op):
        o = self._coerce(other)
        if o is not None:
            return op(self._numerator * o[1], self._denominator * o[0])
        if isinstance(other, float):
            if other != other or other in (float('inf'), float('-inf')):
                return op(0.0, other)
            return op(self, self.from_float(other))
        return NotImplemented

    def __lt__(self, other):
        return self._richcmp(other, lambda a, b: a < b)

    def __gt__(self, other):
        return self._richcmp(other, lambda a, b: a > b)

    def __le__(self, other):
        return self._richcmp(other, lambda a, b: a <= b)

    def __ge__(self, other):
        return self._richcmp(other, lambda a, b: a >= b)

    def __bool__(self):
        return bool(self._numerator)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)
