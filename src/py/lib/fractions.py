"""fractions for Sandkiste: exact rational numbers."""
import math as _math
import numbers as _numbers

__all__ = ['Fraction']

# Numeric hashing works modulo the Mersenne prime 2**61 - 1, so that equal
# ints, floats and Fractions hash alike; an infinite value hashes to 314159.
_HASH_PRIME = (1 << 61) - 1
_HASH_INFINITY = 314159


def _digits_only(text):
    return bool(text) and text.isdigit()


def _read_literal(text):
    """Parse '3/4', '-1.5e3', '.5', '7' (underscores ignored) into an
    unreduced (numerator, denominator) pair; None when malformed."""
    body = text.strip().replace('_', '')
    negative = body[:1] == '-'
    if body[:1] in ('-', '+'):
        body = body[1:]
    if '/' in body:
        top, bottom = (part.strip() for part in body.split('/', 1))
        if not (_digits_only(top) and _digits_only(bottom)):
            return None
        num, den = int(top), int(bottom)
    else:
        mark = max(body.find('e'), body.find('E'))
        scale = 0
        if mark >= 0:
            power = body[mark + 1:]
            if not _digits_only(power.lstrip('+-')) or len(power) - len(power.lstrip('+-')) > 1:
                return None
            scale = int(power)
            body = body[:mark]
        whole, dot, part = body.partition('.')
        if not (whole or part):
            return None
        if (whole and not whole.isdigit()) or (part and not part.isdigit()):
            return None
        num = int(whole + part) if whole + part else 0
        den = 10 ** len(part)
        if scale > 0:
            num *= 10 ** scale
        elif scale < 0:
            den *= 10 ** -scale
    return (-num if negative else num), den


def _pair(value):
    """(numerator, denominator) for an exact operand (Fraction or int), else None."""
    if isinstance(value, Fraction):
        return value._numerator, value._denominator
    if isinstance(value, int):
        return int(value), 1
    return None


def _reduced(cls, num, den):
    # Build a Fraction already known to be in lowest terms with den > 0.
    out = object.__new__(cls)
    out._numerator = num
    out._denominator = den
    return out


def _finite(x):
    return x == x and x not in (_math.inf, -_math.inf)


def _plus(n1, d1, n2, d2):
    return Fraction(n1 * d2 + n2 * d1, d1 * d2)


def _minus(n1, d1, n2, d2):
    return Fraction(n1 * d2 - n2 * d1, d1 * d2)


def _times(n1, d1, n2, d2):
    return Fraction(n1 * n2, d1 * d2)


def _over(n1, d1, n2, d2):
    if not n2:
        raise ZeroDivisionError('Fraction(%s, 0)' % (n1 * d2))
    return Fraction(n1 * d2, d1 * n2)


def _whole_quotient(n1, d1, n2, d2):
    return (n1 * d2) // (d1 * n2)


def _leftover(n1, d1, n2, d2):
    return Fraction((n1 * d2) % (n2 * d1), d1 * d2)


def _operator_pair(name, exact, inexact):
    def forward(self, other):
        theirs = _pair(other)
        if theirs is not None:
            return exact(self._numerator, self._denominator, theirs[0], theirs[1])
        if isinstance(other, float):
            return inexact(float(self), other)
        return NotImplemented

    def reflected(self, other):
        theirs = _pair(other)
        if theirs is not None:
            return exact(theirs[0], theirs[1], self._numerator, self._denominator)
        if isinstance(other, float):
            return inexact(other, float(self))
        return NotImplemented
    forward.__name__ = '__%s__' % name
    reflected.__name__ = '__r%s__' % name
    return forward, reflected


class Fraction(_numbers.Rational):
    """The rational number numerator/denominator, always kept in lowest terms."""
    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        if denominator is None:
            num, den = cls._one_argument(numerator)
            if den == 1 or den is None:
                return _reduced(cls, num, 1)
        else:
            top, bottom = _pair(numerator), _pair(denominator)
            if top is None or bottom is None:
                raise TypeError('both arguments should be Rational instances')
            num, den = top[0] * bottom[1], top[1] * bottom[0]
        if den == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % num)
        common = _math.gcd(num, den)
        if den < 0:
            common = -common
        return _reduced(cls, num // common, den // common)

    @staticmethod
    def _one_argument(value):
        exact = _pair(value)
        if exact is not None:
            return exact
        if isinstance(value, float):
            if value != value:
                raise ValueError('cannot convert NaN to integer ratio')
            if not _finite(value):
                raise OverflowError('cannot convert Infinity to integer ratio')
            return float.as_integer_ratio(value)
        if isinstance(value, str):
            parsed = _read_literal(value)
            if parsed is None:
                raise ValueError('Invalid literal for Fraction: %r' % value)
            return parsed
        if hasattr(value, 'as_integer_ratio'):
            return value.as_integer_ratio()
        raise TypeError('argument should be a string or a Rational instance')

    # -- alternative constructors ----------------------------------------------------
    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if isinstance(f, float):
            return cls(*float.as_integer_ratio(f))
        raise TypeError('%s.from_float() only takes floats, not %r (%s)' % (cls.__name__, f, type(f).__name__))

    @classmethod
    def from_decimal(cls, dec):
        return cls(*dec.as_integer_ratio())

    @classmethod
    def from_number(cls, number):
        return cls(number)

    @classmethod
    def _from_coprime_ints(cls, numerator, denominator):
        return _reduced(cls, numerator, denominator)

    # -- views ---------------------------------------------------------------------------
    numerator = property(lambda self: self._numerator)
    denominator = property(lambda self: self._denominator)

    def is_integer(self):
        return self._denominator == 1

    def as_integer_ratio(self):
        return self._numerator, self._denominator

    def limit_denominator(self, max_denominator=1000000):
        """The closest Fraction whose denominator is at most max_denominator."""
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        # Walk the continued fraction expansion, keeping the last two
        # convergents (lo_n/lo_d, hi_n/hi_d), until the next would be too big.
        lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 0
        top, bottom = self._numerator, self._denominator
        while True:
            term = top // bottom
            next_d = lo_d + term * hi_d
            if next_d > max_denominator:
                break
            lo_n, lo_d, hi_n, hi_d = hi_n, hi_d, lo_n + term * hi_n, next_d
            top, bottom = bottom, top - term * bottom
        # Best semiconvergent below the limit versus the last convergent.
        steps = (max_denominator - lo_d) // hi_d
        semi_d = lo_d + steps * hi_d
        if 2 * bottom * semi_d <= self._denominator:
            return _reduced(Fraction, hi_n, hi_d)
        return _reduced(Fraction, lo_n + steps * hi_n, semi_d)

    def __repr__(self):
        return '%s(%d, %d)' % (type(self).__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator != 1:
            return '%d/%d' % (self._numerator, self._denominator)
        return '%d' % self._numerator

    def __format__(self, format_spec):
        if not format_spec:
            return str(self)
        if format_spec[-1] in 'eEfFgG%':
            return format(float(self), format_spec)
        # Otherwise only [[fill]align][sign][width] is allowed, applied to str(self).
        spec = format_spec
        fill_align = ''
        if len(spec) >= 2 and spec[1] in '<>^=':
            fill_align, spec = spec[:2], spec[2:]
        elif spec[:1] in ('<', '>', '^', '='):
            fill_align, spec = spec[:1], spec[1:]
        sign = ''
        if spec[:1] in ('+', '-', ' '):
            sign, spec = spec[:1], spec[1:]
        if spec and (not spec.isdigit() or spec[0] == '0'):
            raise ValueError('Invalid format specifier %r for object of type %r'
                             % (format_spec, type(self).__name__))
        text = str(self)
        if self._numerator >= 0 and sign in ('+', ' '):
            text = sign + text
        return format(text, (fill_align or '>') + spec)

    # -- arithmetic ------------------------------------------------------------------------
    # Each operator comes as a (forward, reflected) pair built from an exact
    # rule on (n1, d1, n2, d2) and the float operation used for float operands.
    __add__, __radd__ = _operator_pair('add', _plus, float.__add__)
    __sub__, __rsub__ = _operator_pair('sub', _minus, float.__sub__)
    __mul__, __rmul__ = _operator_pair('mul', _times, float.__mul__)
    __truediv__, __rtruediv__ = _operator_pair('truediv', _over, float.__truediv__)
    __floordiv__, __rfloordiv__ = _operator_pair('floordiv', _whole_quotient, float.__floordiv__)
    __mod__, __rmod__ = _operator_pair('mod', _leftover, float.__mod__)

    def __divmod__(self, other):
        return self // other, self % other

    def __rdivmod__(self, other):
        return other // self, other % self

    def __pow__(self, b, modulo=None):
        if modulo is not None:
            return NotImplemented
        power = b if isinstance(b, int) else (b._numerator if isinstance(b, Fraction) and b._denominator == 1
                                              else None)
        if power is None:
            if isinstance(b, (float, Fraction)):
                return float(self) ** float(b)
            return NotImplemented
        num, den = self._numerator, self._denominator
        if power < 0:
            if num == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % (den ** -power))
            num, den, power = den, num, -power
            if den < 0:
                num, den = -num, -den
        return _reduced(Fraction, num ** power, den ** power)

    def __rpow__(self, a, modulo=None):
        if self._denominator == 1 and self._numerator >= 0:
            return a ** self._numerator
        if not isinstance(a, (int, Fraction)):
            return a ** float(self)
        if self._denominator == 1:
            return Fraction(a) ** self
        return float(a) ** float(self)

    def __pos__(self):
        return _reduced(Fraction, self._numerator, self._denominator)

    def __neg__(self):
        return _reduced(Fraction, -self._numerator, self._denominator)

    def __abs__(self):
        return _reduced(Fraction, abs(self._numerator), self._denominator)

    # -- conversions to int ----------------------------------------------------------------
    def __floor__(self):
        return self._numerator // self._denominator

    def __ceil__(self):
        return -((-self._numerator) // self._denominator)

    def __trunc__(self):
        return self.__floor__() if self._numerator >= 0 else self.__ceil__()

    __int__ = __trunc__

    def __round__(self, ndigits=None):
        if ndigits is not None:
            scale = 10 ** abs(ndigits)
            if ndigits > 0:
                return Fraction(round(self * scale), scale)
            return Fraction(round(self / scale) * scale)
        below, extra = divmod(self._numerator, self._denominator)
        twice = 2 * extra
        # Halves go to the even neighbour.
        if twice > self._denominator or (twice == self._denominator and below % 2):
            return below + 1
        return below

    def __float__(self):
        return self._numerator / self._denominator

    def __bool__(self):
        return self._numerator != 0

    def __hash__(self):
        try:
            inverse = pow(self._denominator, -1, _HASH_PRIME)
        except ValueError:
            # The denominator is a multiple of the prime: treat as infinite.
            magnitude = _HASH_INFINITY
        else:
            magnitude = hash(hash(abs(self._numerator)) * inverse)
        value = -magnitude if self._numerator < 0 else magnitude
        return -2 if value == -1 else value

    # -- comparisons -----------------------------------------------------------------------------
    def __eq__(self, b):
        theirs = _pair(b)
        if theirs is not None:
            return (self._numerator, self._denominator) == theirs
        if isinstance(b, float):
            return _finite(b) and self == Fraction(b)
        if isinstance(b, complex):
            return b.imag == 0 and self == b.real
        return NotImplemented

    def _order(self, other, test):
        theirs = _pair(other)
        if theirs is not None:
            return test(self._numerator * theirs[1], theirs[0] * self._denominator)
        if isinstance(other, float):
            if _finite(other):
                return test(self, Fraction(other))
            return test(0.0, other)
        return NotImplemented

    def __lt__(self, other):
        return self._order(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._order(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._order(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._order(other, lambda a, b: a >= b)

    # -- copying and pickling --------------------------------------------------------------------
    def __reduce__(self):
        return type(self), (self._numerator, self._denominator)

    def __copy__(self):
        if type(self) is Fraction:
            return self
        return type(self)(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        return self.__copy__()
