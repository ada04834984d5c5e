"""decimal for Sandkiste: decimal floating point (the General Decimal
Arithmetic specification, as CPython's decimal module implements it).

Values, rounding, signals/flags/traps, string and format() output, hashing
and the exception texts ("[<class 'decimal.DivisionByZero'>]") follow CPython;
the implementation is our own (coefficients are Python ints).  exp, ln,
log10 and non-integral powers are computed with guard digits and rounded once.
"""
import math as _math
import numbers as _numbers
from collections import namedtuple as _namedtuple

__all__ = ['Decimal', 'Context', 'DecimalTuple', 'DefaultContext', 'BasicContext', 'ExtendedContext',
           'DecimalException', 'Clamped', 'InvalidOperation', 'DivisionByZero', 'Inexact', 'Rounded', 'Subnormal',
           'Overflow', 'Underflow', 'FloatOperation', 'DivisionImpossible', 'InvalidContext', 'ConversionSyntax',
           'DivisionUndefined', 'ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_HALF_EVEN', 'ROUND_CEILING', 'ROUND_FLOOR',
           'ROUND_UP', 'ROUND_HALF_DOWN', 'ROUND_05UP', 'setcontext', 'getcontext', 'localcontext', 'MAX_PREC',
           'MAX_EMAX', 'MIN_EMIN', 'MIN_ETINY', 'HAVE_THREADS', 'HAVE_CONTEXTVAR']

__version__ = '1.70'
__libmpdec_version__ = '2.5.1'

# Each rounding mode is named by its own spelling.
_ROUNDINGS = ('ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_HALF_EVEN', 'ROUND_CEILING', 'ROUND_FLOOR', 'ROUND_UP',
              'ROUND_HALF_DOWN', 'ROUND_05UP')
(ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN,
 ROUND_05UP) = _ROUNDINGS

MAX_PREC = MAX_EMAX = 10 ** 18 - 1
MIN_EMIN = -MAX_EMAX
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = True
HAVE_CONTEXTVAR = True


# ---- signals --------------------------------------------------------------------------------
def _define_signals():
    # (name, parent names); ArithmeticError, ZeroDivisionError and TypeError
    # are the built-in bases some of them add.
    tree = (
        ('DecimalException', ('ArithmeticError',)),
        ('Clamped', ('DecimalException',)),
        ('InvalidOperation', ('DecimalException',)),
        ('ConversionSyntax', ('InvalidOperation',)),
        ('DivisionByZero', ('DecimalException', 'ZeroDivisionError')),
        ('DivisionImpossible', ('InvalidOperation',)),
        ('DivisionUndefined', ('InvalidOperation', 'ZeroDivisionError')),
        ('Inexact', ('DecimalException',)),
        ('InvalidContext', ('InvalidOperation',)),
        ('Rounded', ('DecimalException',)),
        ('Subnormal', ('DecimalException',)),
        ('Overflow', ('Inexact', 'Rounded')),
        ('Underflow', ('Inexact', 'Rounded', 'Subnormal')),
        ('FloatOperation', ('DecimalException', 'TypeError')),
    )
    made = {'ArithmeticError': ArithmeticError, 'ZeroDivisionError': ZeroDivisionError, 'TypeError': TypeError}
    for name, parents in tree:
        made[name] = type(name, tuple(made[p] for p in parents), {'__module__': 'decimal'})
        globals()[name] = made[name]


_define_signals()

# The signals a context tracks, in the order its repr lists them.
_SIGNALS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact, Rounded,
            Clamped]
# Conditions reported as the signal that is flagged/trapped.
_CONDITION_SIGNAL = {ConversionSyntax: InvalidOperation, DivisionImpossible: InvalidOperation,
                     DivisionUndefined: InvalidOperation, InvalidContext: InvalidOperation}

DecimalTuple = _namedtuple('DecimalTuple', 'sign digits exponent', module='decimal')


# ---- contexts ---------------------------------------------------------------------------------------
class _SignalDict(dict):
    def __repr__(self):
        return '{' + ', '.join('<class \'decimal.%s\'>:%s' % (k.__name__, v) for k, v in self.items()) + '}'


class Context:
    """Precision, rounding, exponent limits, flags and traps for arithmetic."""

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None, clamp=None, flags=None,
                 traps=None, _ignored_flags=None):
        base = DefaultContext if 'DefaultContext' in globals() and DefaultContext is not None else None
        self.prec = prec if prec is not None else (base.prec if base else 28)
        self.rounding = rounding if rounding is not None else (base.rounding if base else ROUND_HALF_EVEN)
        self.Emin = Emin if Emin is not None else (base.Emin if base else -999999)
        self.Emax = Emax if Emax is not None else (base.Emax if base else 999999)
        self.capitals = capitals if capitals is not None else (base.capitals if base else 1)
        self.clamp = clamp if clamp is not None else (base.clamp if base else 0)
        if traps is None:
            traps = dict(base.traps) if base else {s: s in (InvalidOperation, DivisionByZero, Overflow)
                                                   for s in _SIGNALS}
        elif not isinstance(traps, dict):
            traps = {s: s in traps for s in _SIGNALS}
        self.traps = _SignalDict({s: bool(traps.get(s, False)) for s in _SIGNALS})
        if flags is None:
            flags = {}
        elif not isinstance(flags, dict):
            flags = {s: s in flags for s in _SIGNALS}
        self.flags = _SignalDict({s: bool(flags.get(s, False)) for s in _SIGNALS})

    def __setattr__(self, name, value):
        if name == 'prec':
            if not isinstance(value, int):
                raise TypeError('valid range for prec is [1, MAX_PREC]')
            if not 1 <= value <= MAX_PREC:
                raise ValueError('valid range for prec is [1, MAX_PREC]')
        elif name == 'rounding':
            if value not in _ROUNDINGS:
                raise TypeError('valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, '
                                'ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]')
        elif name == 'Emin':
            if not isinstance(value, int) or not MIN_EMIN <= value <= 0:
                raise ValueError('valid range for Emin is [MIN_EMIN, 0]')
        elif name == 'Emax':
            if not isinstance(value, int) or not 0 <= value <= MAX_EMAX:
                raise ValueError('valid range for Emax is [0, MAX_EMAX]')
        elif name in ('capitals', 'clamp'):
            if value not in (0, 1):
                raise ValueError('valid values for %s are 0 or 1' % name)
        object.__setattr__(self, name, value)

    def __repr__(self):
        flags = [s.__name__ for s in _SIGNALS if self.flags[s]]
        traps = [s.__name__ for s in _SIGNALS if self.traps[s]]
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, flags=[%s], traps=[%s])'
                % (self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp, ', '.join(flags),
                   ', '.join(traps)))

    def copy(self):
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp, dict(self.flags),
                       dict(self.traps))

    __copy__ = copy

    def clear_flags(self):
        for s in self.flags:
            self.flags[s] = False

    def clear_traps(self):
        for s in self.traps:
            self.traps[s] = False

    def Etiny(self):
        return self.Emin - self.prec + 1

    def Etop(self):
        return self.Emax - self.prec + 1

    def _raise(self, condition, result=None):
        """Flag the condition's signal; raise it when trapped, else return result."""
        signal = _CONDITION_SIGNAL.get(condition, condition)
        self.flags[signal] = True
        if self.traps[signal]:
            # CPython raises the signal, naming the condition that occurred.
            raise signal("[<class 'decimal.%s'>]" % condition.__name__)
        return result

    def create_decimal(self, num='0'):
        if isinstance(num, str) and (num != num.strip() or '_' in num):
            return self._raise(ConversionSyntax, _NaN)
        d = Decimal(num, context=self)
        if d._special == 'n' and len(d._payload_text()) > self.prec - self.clamp:
            return self._raise(ConversionSyntax, _NaN)
        return d._fix(self)

    def create_decimal_from_float(self, f):
        return Decimal.from_float(f)._fix(self)

    # The arithmetic methods delegate to Decimal with this context.
    def abs(self, a):
        return _conv(a, True).__abs__(context=self)

    def add(self, a, b):
        return _conv(a, True).__add__(b, context=self)

    def subtract(self, a, b):
        return _conv(a, True).__sub__(b, context=self)

    def multiply(self, a, b):
        return _conv(a, True).__mul__(b, context=self)

    def divide(self, a, b):
        return _conv(a, True).__truediv__(b, context=self)

    def divide_int(self, a, b):
        return _conv(a, True).__floordiv__(b, context=self)

    def divmod(self, a, b):
        return _conv(a, True).__divmod__(b, context=self)

    def remainder(self, a, b):
        return _conv(a, True).__mod__(b, context=self)

    def remainder_near(self, a, b):
        return _conv(a, True).remainder_near(b, context=self)

    def power(self, a, b, modulo=None):
        return _conv(a, True).__pow__(b, modulo, context=self)

    def sqrt(self, a):
        return _conv(a, True).sqrt(context=self)

    def exp(self, a):
        return _conv(a, True).exp(context=self)

    def ln(self, a):
        return _conv(a, True).ln(context=self)

    def log10(self, a):
        return _conv(a, True).log10(context=self)

    def minus(self, a):
        return _conv(a, True).__neg__(context=self)

    def plus(self, a):
        return _conv(a, True).__pos__(context=self)

    def quantize(self, a, b):
        return _conv(a, True).quantize(b, context=self)

    def compare(self, a, b):
        return _conv(a, True).compare(b, context=self)

    def max(self, a, b):
        return _conv(a, True).max(b, context=self)

    def min(self, a, b):
        return _conv(a, True).min(b, context=self)

    def normalize(self, a):
        return _conv(a, True).normalize(context=self)

    def to_integral_value(self, a):
        return _conv(a, True).to_integral_value(context=self)

    to_integral = to_integral_value

    def to_integral_exact(self, a):
        return _conv(a, True).to_integral_exact(context=self)

    def to_sci_string(self, a):
        return _conv(a, True).__str__(context=self)

    def to_eng_string(self, a):
        return _conv(a, True).to_eng_string(context=self)

    def fma(self, a, b, c):
        return _conv(a, True).fma(b, c, context=self)

    def is_zero(self, a):
        return _conv(a, True).is_zero()

    def is_signed(self, a):
        return _conv(a, True).is_signed()

    def is_nan(self, a):
        return _conv(a, True).is_nan()

    def is_finite(self, a):
        return _conv(a, True).is_finite()

    def is_infinite(self, a):
        return _conv(a, True).is_infinite()

    def copy_abs(self, a):
        return _conv(a, True).copy_abs()

    def copy_negate(self, a):
        return _conv(a, True).copy_negate()

    def copy_sign(self, a, b):
        return _conv(a, True).copy_sign(b)

    def scaleb(self, a, b):
        return _conv(a, True).scaleb(b, context=self)

    def next_plus(self, a):
        return _conv(a, True).next_plus(context=self)

    def next_minus(self, a):
        return _conv(a, True).next_minus(context=self)

    def radix(self):
        return Decimal(10)


_current = None


def getcontext():
    """The context of the current thread."""
    global _current
    if _current is None:
        _current = DefaultContext.copy()
    return _current


def setcontext(context):
    """Make context the current context."""
    global _current
    # The three template contexts are never installed themselves, only copies.
    if any(context is t for t in (DefaultContext, BasicContext, ExtendedContext)):
        context = context.copy()
        context.clear_flags()
    _current = context


class _ContextSwitch:
    """Makes its context current inside a with-block, restoring the old one after."""

    def __init__(self, ctx):
        self._inner = ctx
        self._outer = None

    def __enter__(self):
        self._outer = getcontext()
        setcontext(self._inner)
        return self._inner

    def __exit__(self, *exc):
        setcontext(self._outer)
        return False


def localcontext(ctx=None, **kwargs):
    """A with-block in which a copy of ctx (default: the current context) is current."""
    if ctx is None:
        ctx = getcontext()
    fresh = ctx.copy()
    for key, value in kwargs.items():
        if key not in ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp', 'flags', 'traps'):
            raise TypeError(f"'{key}' is an invalid keyword argument for this function")
        setattr(fresh, key, value)
    return _ContextSwitch(fresh)


def _pick_context(context):
    return getcontext() if context is None else context


def _arith(impl):
    # Decorator for the binary operators: the right operand is converted
    # (int or Decimal, else NotImplemented) and the context resolved before
    # impl(self, other, ctx) runs.  Callers may still pass context=.
    def operator(self, other, context=None):
        rhs = _conv(other)
        if rhs is NotImplemented:
            return NotImplemented
        return impl(self, rhs, _pick_context(context))
    operator.__name__ = operator.__qualname__ = impl.__name__
    return operator


def _swapped(forward):
    # The reflected form of a binary operator: run it with the operands swapped.
    def operator(self, other, context=None):
        lhs = _conv(other)
        if lhs is NotImplemented:
            return NotImplemented
        return getattr(lhs, forward)(self, context=context)
    return operator


# ---- helpers ----------------------------------------------------------------------------------------
def _ndigits(n):
    return len(str(n)) if n else 1


_PyHASH_MODULUS = (1 << 61) - 1
_PyHASH_INF = 314159
_PyHASH_10INV = pow(10, _PyHASH_MODULUS - 2, _PyHASH_MODULUS)


def _round_away(mode, sign, last_kept, dropped, half):
    """Should the kept coefficient move away from zero?  `dropped` compares the
    discarded part with half a unit: -1 below, 0 exactly half, 1 above;
    `half` is False when nothing at all was discarded."""
    if not half:
        return False
    if mode == ROUND_DOWN:
        return False
    if mode == ROUND_UP:
        return True
    if mode == ROUND_CEILING:
        return sign == 0
    if mode == ROUND_FLOOR:
        return sign == 1
    if mode == ROUND_HALF_UP:
        return dropped >= 0
    if mode == ROUND_HALF_DOWN:
        return dropped > 0
    if mode == ROUND_HALF_EVEN:
        return dropped > 0 or (dropped == 0 and last_kept % 2 == 1)
    if mode == ROUND_05UP:
        return last_kept % 5 == 0
    raise ValueError('unknown rounding')


def _shrink(coeff, drop, sign, mode):
    """Drop `drop` low digits of coeff under the rounding mode: (new, inexact)."""
    if drop <= 0:
        return coeff, False
    p = 10 ** drop
    kept, rest = divmod(coeff, p)
    if not rest:
        return kept, False
    twice = rest * 2
    dropped = (twice > p) - (twice < p)
    if _round_away(mode, sign, kept, dropped, True):
        kept += 1
    return kept, True


# ---- Decimal ------------------------------------------------------------------------------------------
class Decimal:
    """An immutable decimal number: sign, integer coefficient and exponent
    (or an infinity / quiet NaN / signalling NaN)."""

    __slots__ = ('_sign', '_coeff', '_exp', '_special')

    def __new__(cls, value='0', context=None):
        self = object.__new__(cls)
        self._special = None
        if isinstance(value, Decimal):
            self._sign, self._coeff, self._exp, self._special = value._sign, value._coeff, value._exp, \
                value._special
            return self
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, int):
            self._sign = 1 if value < 0 else 0
            self._coeff = abs(value)
            self._exp = 0
            return self
        if isinstance(value, float):
            ctx = _pick_context(context)
            ctx.flags[FloatOperation] = True
            if ctx.traps[FloatOperation]:
                raise FloatOperation("[<class 'decimal.FloatOperation'>]")
            return cls.from_float(value)
        if isinstance(value, str):
            parsed = _parse(value)
            if parsed is None:
                ctx = _pick_context(context)
                ctx._raise(ConversionSyntax)
                self._sign, self._coeff, self._exp, self._special = 0, 0, 0, 'n'
                return self
            self._sign, self._coeff, self._exp, self._special = parsed
            return self
        if isinstance(value, (list, tuple)):
            if len(value) != 3:
                raise ValueError('argument must be a sequence of length 3')
            sign, digits, exp = value
            if sign not in (0, 1):
                raise ValueError('sign must be an integer with the value 0 or 1')
            if exp == 'F':
                self._sign, self._coeff, self._exp, self._special = sign, 0, 0, 'F'
                return self
            coeff = 0
            for d in digits:
                if not isinstance(d, int) or not 0 <= d <= 9:
                    raise ValueError('coefficient must be a tuple of digits')
                coeff = coeff * 10 + d
            if exp in ('n', 'N'):
                self._sign, self._coeff, self._exp, self._special = sign, coeff, 0, exp
                return self
            if not isinstance(exp, int):
                raise ValueError('exponent must be an integer')
            self._sign, self._coeff, self._exp = sign, coeff, exp
            return self
        raise TypeError('conversion from %s to Decimal is not supported' % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        """The exact value of a float (or int) as a Decimal."""
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('argument must be int or float')
        d = object.__new__(cls)
        if _math.isnan(f):
            d._sign, d._coeff, d._exp, d._special = 0, 0, 0, 'n'
        elif _math.isinf(f):
            d._sign, d._coeff, d._exp, d._special = int(f < 0), 0, 0, 'F'
        else:
            d._special = None
            d._sign = 1 if _math.copysign(1.0, f) < 0 else 0
            n, den = abs(f).as_integer_ratio()
            k = den.bit_length() - 1
            d._coeff = n * 5 ** k
            d._exp = -k
        return d if cls is Decimal else cls(d)

    @classmethod
    def from_number(cls, number):
        if isinstance(number, (int, Decimal)):
            return cls(number)
        if isinstance(number, float):
            return cls.from_float(number)
        raise TypeError('conversion from %s to Decimal is not supported' % type(number).__name__)

    # -- internals -------------------------------------------------------------------------
    @classmethod
    def _make(cls, sign, coeff, exp, special=None):
        d = object.__new__(Decimal)
        d._sign, d._coeff, d._exp, d._special = sign, coeff, exp, special
        return d

    def _payload_text(self):
        return str(self._coeff) if self._coeff else ''

    def _is_nan(self):
        return self._special in ('n', 'N')

    def adjusted(self):
        """The exponent of the most significant digit."""
        if self._special:
            return 0
        return self._exp + _ndigits(self._coeff) - 1

    def _fix(self, ctx):
        """Round to the context's precision and apply its exponent limits."""
        if self._special:
            if self._is_nan():
                payload_room = ctx.prec - ctx.clamp
                if _ndigits(self._coeff) > payload_room and self._coeff:
                    return Decimal._make(self._sign, int(str(self._coeff)[-payload_room:]), 0, self._special)
            return self
        etiny = ctx.Etiny()
        etop = ctx.Etop()
        coeff, exp, sign = self._coeff, self._exp, self._sign
        if not coeff:
            exp_max = etop if ctx.clamp else ctx.Emax
            new_exp = min(max(exp, etiny), exp_max)
            if new_exp != exp:
                ctx._raise(Clamped)
                return Decimal._make(sign, 0, new_exp)
            return self
        digits = _ndigits(coeff)
        exp_min = digits + exp - ctx.prec
        if exp_min > etop:
            # overflow
            ctx._raise(Inexact)
            ctx._raise(Rounded)
            return ctx._raise(Overflow, _overflow_result(ctx, sign))
        subnormal = exp_min < etiny
        if subnormal:
            exp_min = etiny
        if exp < exp_min:
            new_coeff, inexact = _shrink(coeff, exp_min - exp, sign, ctx.rounding)
            result_exp = exp_min
            if _ndigits(new_coeff) > ctx.prec:
                new_coeff //= 10
                result_exp += 1
                if result_exp > etop:
                    ctx._raise(Inexact)
                    ctx._raise(Rounded)
                    return ctx._raise(Overflow, _overflow_result(ctx, sign))
            result = Decimal._make(sign, new_coeff, result_exp)
            if subnormal:
                ctx._raise(Subnormal)
                if inexact:
                    ctx._raise(Underflow)
                    if not new_coeff:
                        ctx._raise(Clamped)
            if inexact:
                ctx._raise(Inexact)
            ctx._raise(Rounded)
            return result
        if subnormal and self.adjusted() < ctx.Emin:
            ctx._raise(Subnormal)
        if ctx.clamp and exp > etop:
            ctx._raise(Clamped)
            return Decimal._make(sign, coeff * 10 ** (exp - etop), etop)
        return self

    def _check_nans(self, other, ctx):
        """NaN propagation: (result or None)."""
        a = self._special in ('n', 'N')
        b = other is not None and other._special in ('n', 'N')
        if not (a or b):
            return None
        if self._special == 'N':
            return ctx._raise(InvalidOperation, Decimal._make(self._sign, self._coeff, 0, 'n')._fix(ctx))
        if other is not None and other._special == 'N':
            return ctx._raise(InvalidOperation, Decimal._make(other._sign, other._coeff, 0, 'n')._fix(ctx))
        if a:
            return self._fix(ctx)
        return other._fix(ctx)

    # -- conversion to text ---------------------------------------------------------------
    def __str__(self, eng=False, context=None):
        sign = '-' if self._sign else ''
        if self._special == 'F':
            return sign + 'Infinity'
        if self._special == 'n':
            return sign + 'NaN' + self._payload_text()
        if self._special == 'N':
            return sign + 'sNaN' + self._payload_text()
        digits = str(self._coeff)
        left = self._exp + len(digits)
        if self._exp <= 0 and left > -6:
            dot = left
        elif not eng:
            dot = 1
        elif self._coeff == 0:
            dot = (left + 1) % 3 - 1
        else:
            dot = (left - 1) % 3 + 1
        if dot <= 0:
            intpart = '0'
            frac = '.' + '0' * (-dot) + digits
        elif dot >= len(digits):
            intpart = digits + '0' * (dot - len(digits))
            frac = ''
        else:
            intpart = digits[:dot]
            frac = '.' + digits[dot:]
        if left == dot:
            tail = ''
        else:
            ctx = _pick_context(context)
            tail = ('E' if ctx.capitals else 'e') + '%+d' % (left - dot)
        return sign + intpart + frac + tail

    def to_eng_string(self, context=None):
        return Decimal.__str__(self, True, context)

    def __repr__(self):
        return 'Decimal(%s)' % repr(str(self))

    def as_tuple(self):
        if self._special == 'F':
            return DecimalTuple(self._sign, (), 'F')
        digits = tuple(int(c) for c in str(self._coeff)) if (self._coeff or not self._is_nan()) else ()
        return DecimalTuple(self._sign, digits, self._special if self._special else self._exp)

    def as_integer_ratio(self):
        if self._special == 'F':
            raise OverflowError('cannot convert Infinity to integer ratio')
        if self._special:
            raise ValueError('cannot convert NaN to integer ratio')
        if self._exp >= 0:
            n, d = self._coeff * 10 ** self._exp, 1
        else:
            n, d = self._coeff, 10 ** (-self._exp)
            g = _math.gcd(n, d)
            n //= g
            d //= g
        return (-n if self._sign else n), d

    # -- numeric conversions ----------------------------------------------------------------
    def __bool__(self):
        return bool(self._special) or self._coeff != 0

    def __float__(self):
        if self._is_nan():
            if self._special == 'N':
                raise ValueError('cannot convert signaling NaN to float')
            return float('-nan') if self._sign else float('nan')
        return float(str(self))

    def __int__(self):
        if self._special:
            if self._is_nan():
                raise ValueError('cannot convert NaN to integer')
            raise OverflowError('cannot convert Infinity to integer')
        if self._exp >= 0:
            v = self._coeff * 10 ** self._exp
        else:
            v = self._coeff // 10 ** (-self._exp)
        return -v if self._sign else v

    __trunc__ = __int__

    def __index__(self):
        raise TypeError("'decimal.Decimal' object cannot be interpreted as an integer")

    @property
    def real(self):
        return self

    @property
    def imag(self):
        return Decimal(0)

    def conjugate(self):
        return self

    def __complex__(self):
        return complex(float(self))

    def __floor__(self):
        if self._special:
            if self._is_nan():
                raise ValueError('cannot round a NaN')
            raise OverflowError('cannot round an infinity')
        return int(self.to_integral_value(rounding=ROUND_FLOOR))

    def __ceil__(self):
        if self._special:
            if self._is_nan():
                raise ValueError('cannot round a NaN')
            raise OverflowError('cannot round an infinity')
        return int(self.to_integral_value(rounding=ROUND_CEILING))

    def __round__(self, n=None):
        if n is not None:
            if isinstance(n, int):
                return self.quantize(Decimal._make(0, 1, -n))
            raise TypeError('Second argument to round should be integral')
        if self._special:
            if self._is_nan():
                raise ValueError('cannot round a NaN')
            raise OverflowError('cannot round an infinity')
        return int(self._rescale(0, ROUND_HALF_EVEN))

    # -- comparisons ---------------------------------------------------------------------------
    def _cmp(self, other):
        """-1/0/1 for two non-NaN decimals."""
        if self._special or other._special:
            a = 0 if not self._special else (-1 if self._sign else 1) * 2
            b = 0 if not other._special else (-1 if other._sign else 1) * 2
            if a or b:
                if a == b:
                    return 0
                if a and b:
                    return (a > b) - (a < b)
                if a:
                    return 1 if a > 0 else -1
                return -1 if b > 0 else 1
        if not self._coeff and not other._coeff:
            return 0
        if not self._coeff:
            return 1 if other._sign else -1
        if not other._coeff:
            return -1 if self._sign else 1
        if self._sign != other._sign:
            return -1 if self._sign else 1
        adj_a, adj_b = self.adjusted(), other.adjusted()
        if adj_a != adj_b:
            r = (adj_a > adj_b) - (adj_a < adj_b)
        else:
            e = min(self._exp, other._exp)
            ca = self._coeff * 10 ** (self._exp - e)
            cb = other._coeff * 10 ** (other._exp - e)
            r = (ca > cb) - (ca < cb)
        return -r if self._sign else r

    def _compare_operand(self, other, equality):
        # Decimal and int compare exactly; a float is converted exactly but
        # raises the FloatOperation signal (trapped only for ordering).
        if isinstance(other, (Decimal, int)):
            return other if isinstance(other, Decimal) else Decimal(other)
        if isinstance(other, float):
            ctx = getcontext()
            ctx.flags[FloatOperation] = True
            if ctx.traps[FloatOperation] and not equality:
                raise FloatOperation("[<class 'decimal.FloatOperation'>]")
            return Decimal.from_float(other)
        if isinstance(other, _numbers.Rational) and not isinstance(other, int):
            return other
        return NotImplemented

    def _rich(self, other, op, equality=False):
        other = self._compare_operand(other, equality)
        if other is NotImplemented:
            return other
        if not isinstance(other, Decimal):
            # A Fraction: compare exactly.
            if self._is_nan():
                if equality:
                    return op == 'ne'
                getcontext()._raise(InvalidOperation)
                return False
            if self._special == 'F':
                c = -1 if self._sign else 1
            else:
                n, d = self.as_integer_ratio()
                lhs, rhs = n * other.denominator, other.numerator * d
                c = (lhs > rhs) - (lhs < rhs)
            return _apply_cmp(op, c)
        if self._is_nan() or other._is_nan():
            if equality:
                if self._special == 'N' or other._special == 'N':
                    getcontext()._raise(InvalidOperation)
                return op == 'ne'
            getcontext()._raise(InvalidOperation)
            return False
        return _apply_cmp(op, self._cmp(other))

    def __eq__(self, other):
        return self._rich(other, 'eq', True)

    def __ne__(self, other):
        r = self._rich(other, 'ne', True)
        return r

    def __lt__(self, other):
        return self._rich(other, 'lt')

    def __le__(self, other):
        return self._rich(other, 'le')

    def __gt__(self, other):
        return self._rich(other, 'gt')

    def __ge__(self, other):
        return self._rich(other, 'ge')

    def __hash__(self):
        if self._special:
            if self._special == 'N':
                raise TypeError('Cannot hash a signaling NaN value.')
            if self._special == 'n':
                return object.__hash__(self)
            return -_PyHASH_INF if self._sign else _PyHASH_INF
        if self._exp >= 0:
            scale = pow(10, self._exp, _PyHASH_MODULUS)
        else:
            scale = pow(_PyHASH_10INV, -self._exp, _PyHASH_MODULUS)
        h = self._coeff * scale % _PyHASH_MODULUS
        h = -h if self._sign else h
        return -2 if h == -1 else h

    def compare(self, other, context=None):
        other = _conv(other, True)
        ctx = _pick_context(context)
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        return Decimal(self._cmp(other))

    def compare_signal(self, other, context=None):
        other = _conv(other, True)
        ctx = _pick_context(context)
        if self._is_nan() or other._is_nan():
            return ctx._raise(InvalidOperation, _NaN)
        return self.compare(other, context)

    def compare_total(self, other, context=None):
        other = _conv(other, True)
        if self._sign != other._sign:
            return Decimal(-1) if self._sign else Decimal(1)
        key = lambda d: ((2 if d._special == 'n' else 1 if d._special == 'N' else 0),
                         d if not d._special else 0, d._exp if not d._special else 0)
        a, b = key(self), key(other)
        if a[0] != b[0]:
            r = (a[0] > b[0]) - (a[0] < b[0])
        elif self._special == 'F' or other._special == 'F':
            r = (self._special == 'F') - (other._special == 'F')
        elif self._special:
            r = (self._coeff > other._coeff) - (self._coeff < other._coeff)
        else:
            r = self._cmp(other)
            if not r:
                r = (self._exp > other._exp) - (self._exp < other._exp)
        return Decimal(-r if self._sign else r)

    def max(self, other, context=None):
        return self._minmax(other, context, True, False)

    def min(self, other, context=None):
        return self._minmax(other, context, False, False)

    def max_mag(self, other, context=None):
        return self._minmax(other, context, True, True)

    def min_mag(self, other, context=None):
        return self._minmax(other, context, False, True)

    def _minmax(self, other, context, want_max, mag):
        other = _conv(other, True)
        ctx = _pick_context(context)
        if self._is_nan() or other._is_nan():
            if self._special == 'N' or other._special == 'N':
                return self._check_nans(other, ctx)
            if self._is_nan() and not other._is_nan():
                return other._fix(ctx)
            if other._is_nan() and not self._is_nan():
                return self._fix(ctx)
            return self._check_nans(other, ctx)
        a = self.copy_abs() if mag else self
        b = other.copy_abs() if mag else other
        c = a._cmp(b)
        if c == 0:
            c = self.compare_total(other)._cmp(Decimal(0))
        pick = self if (c > 0) == want_max else other
        return pick._fix(ctx)

    # -- unary ---------------------------------------------------------------------------------------
    def __neg__(self, context=None):
        ctx = _pick_context(context)
        nan = self._check_nans(None, ctx)
        if nan is not None:
            return nan
        if not self._special and not self._coeff and ctx.rounding != ROUND_FLOOR:
            return Decimal._make(0, 0, self._exp)._fix(ctx)
        return Decimal._make(1 - self._sign, self._coeff, self._exp, self._special)._fix(ctx)

    def __pos__(self, context=None):
        ctx = _pick_context(context)
        nan = self._check_nans(None, ctx)
        if nan is not None:
            return nan
        if not self._special and not self._coeff and ctx.rounding != ROUND_FLOOR:
            return Decimal._make(0, 0, self._exp)._fix(ctx)
        return self._fix(ctx)

    def __abs__(self, round=True, context=None):
        if not round:
            return self.copy_abs()
        ctx = _pick_context(context)
        nan = self._check_nans(None, ctx)
        if nan is not None:
            return nan
        return (self.__neg__(ctx) if self._sign else self.__pos__(ctx))

    def copy_abs(self):
        return Decimal._make(0, self._coeff, self._exp, self._special)

    def copy_negate(self):
        return Decimal._make(1 - self._sign, self._coeff, self._exp, self._special)

    def copy_sign(self, other, context=None):
        other = _conv(other, True)
        return Decimal._make(other._sign, self._coeff, self._exp, self._special)

    # -- arithmetic ----------------------------------------------------------------------------------
    @_arith
    def __add__(self, other, ctx):
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if self._special == 'F' or other._special == 'F':
            if self._special == 'F' and other._special == 'F' and self._sign != other._sign:
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal(self if self._special == 'F' else other)
        exp = min(self._exp, other._exp)
        negative_zero = ctx.rounding == ROUND_FLOOR and self._sign != other._sign
        if not self._coeff and not other._coeff:
            sign = min(self._sign, other._sign)
            if negative_zero:
                sign = 1
            return Decimal._make(sign, 0, exp)._fix(ctx)
        if not self._coeff:
            exp = max(exp, other._exp - ctx.prec - 1)
            return other._rescale_exact(exp)._fix(ctx)
        if not other._coeff:
            exp = max(exp, self._exp - ctx.prec - 1)
            return self._rescale_exact(exp)._fix(ctx)
        a, b = _align(self, other, ctx.prec)
        va = -a[0] if self._sign else a[0]
        vb = -b[0] if other._sign else b[0]
        total = va + vb
        if total == 0:
            return Decimal._make(1 if negative_zero else 0, 0, a[1])._fix(ctx)
        return Decimal._make(1 if total < 0 else 0, abs(total), a[1])._fix(ctx)

    __radd__ = __add__

    @_arith
    def __sub__(self, other, ctx):
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        return self.__add__(other.copy_negate(), context=ctx)

    __rsub__ = _swapped('__sub__')

    @_arith
    def __mul__(self, other, ctx):
        sign = self._sign ^ other._sign
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if self._special == 'F' or other._special == 'F':
            if (self._special != 'F' and not self._coeff) or (other._special != 'F' and not other._coeff):
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal._make(sign, 0, 0, 'F')
        return Decimal._make(sign, self._coeff * other._coeff, self._exp + other._exp)._fix(ctx)

    __rmul__ = __mul__

    @_arith
    def __truediv__(self, other, ctx):
        sign = self._sign ^ other._sign
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if self._special == 'F' and other._special == 'F':
            return ctx._raise(InvalidOperation, _NaN)
        if self._special == 'F':
            return Decimal._make(sign, 0, 0, 'F')
        if other._special == 'F':
            ctx._raise(Clamped)
            return Decimal._make(sign, 0, ctx.Etiny())
        if not other._coeff:
            if not self._coeff:
                return ctx._raise(DivisionUndefined, _NaN)
            return ctx._raise(DivisionByZero, Decimal._make(sign, 0, 0, 'F'))
        ideal = self._exp - other._exp
        if not self._coeff:
            return Decimal._make(sign, 0, ideal)._fix(ctx)
        shift = _ndigits(other._coeff) - _ndigits(self._coeff) + ctx.prec + 1
        exp = ideal - shift
        if shift >= 0:
            q, r = divmod(self._coeff * 10 ** shift, other._coeff)
        else:
            q, r = divmod(self._coeff, other._coeff * 10 ** (-shift))
        if r:
            if q % 5 == 0:
                q += 1           # a sticky digit: the quotient is not exact
        else:
            while exp < ideal and q % 10 == 0:
                q //= 10
                exp += 1
        return Decimal._make(sign, q, exp)._fix(ctx)

    __rtruediv__ = _swapped('__truediv__')

    def _divide_int(self, other, ctx):
        """(quotient, remainder) with the quotient truncated toward zero; None for errors handled."""
        sign = self._sign ^ other._sign
        if not other._coeff:
            return None
        if not self._coeff or self._special:
            pass
        e = min(self._exp, other._exp)
        a = self._coeff * 10 ** (self._exp - e)
        b = other._coeff * 10 ** (other._exp - e)
        q, r = divmod(a, b)
        if _ndigits(q) > ctx.prec and q:
            return 'impossible'
        return Decimal._make(sign, q, 0), Decimal._make(self._sign, r, e)

    @_arith
    def __floordiv__(self, other, ctx):
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        sign = self._sign ^ other._sign
        if self._special == 'F':
            if other._special == 'F':
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal._make(sign, 0, 0, 'F')
        if other._special == 'F':
            return Decimal._make(sign, 0, 0)
        if not other._coeff:
            if not self._coeff:
                return ctx._raise(DivisionUndefined, _NaN)
            return ctx._raise(DivisionByZero, Decimal._make(sign, 0, 0, 'F'))
        res = self._divide_int(other, ctx)
        if res == 'impossible':
            return ctx._raise(DivisionImpossible, _NaN)
        return res[0]._fix(ctx)

    __rfloordiv__ = _swapped('__floordiv__')

    @_arith
    def __mod__(self, other, ctx):
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if self._special == 'F':
            return ctx._raise(InvalidOperation, _NaN)
        if other._special == 'F':
            return self._fix(ctx)
        if not other._coeff:
            if not self._coeff:
                return ctx._raise(DivisionUndefined, _NaN)
            return ctx._raise(InvalidOperation, _NaN)
        res = self._divide_int(other, ctx)
        if res == 'impossible':
            return ctx._raise(DivisionImpossible, _NaN)
        return res[1]._fix(ctx)

    __rmod__ = _swapped('__mod__')

    @_arith
    def __divmod__(self, other, ctx):
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan, nan
        sign = self._sign ^ other._sign
        if self._special == 'F':
            if other._special == 'F':
                n = ctx._raise(InvalidOperation, _NaN)
                return n, n
            return Decimal._make(sign, 0, 0, 'F'), ctx._raise(InvalidOperation, _NaN)
        if other._special == 'F':
            return Decimal._make(sign, 0, 0), self._fix(ctx)
        if not other._coeff:
            if not self._coeff:
                n = ctx._raise(DivisionUndefined, _NaN)
                return n, n
            return ctx._raise(DivisionByZero, Decimal._make(sign, 0, 0, 'F')), ctx._raise(InvalidOperation, _NaN)
        res = self._divide_int(other, ctx)
        if res == 'impossible':
            n = ctx._raise(DivisionImpossible, _NaN)
            return n, n
        return res[0]._fix(ctx), res[1]._fix(ctx)

    __rdivmod__ = _swapped('__divmod__')

    def remainder_near(self, other, context=None):
        other = _conv(other, True)
        ctx = _pick_context(context)
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if self._special == 'F':
            return ctx._raise(InvalidOperation, _NaN)
        if other._special == 'F':
            return self._fix(ctx)
        if not other._coeff:
            return ctx._raise(DivisionUndefined if not self._coeff else InvalidOperation, _NaN)
        e = min(self._exp, other._exp)
        a = self._coeff * 10 ** (self._exp - e)
        b = other._coeff * 10 ** (other._exp - e)
        q, r = divmod(a, b)
        if 2 * r + (q & 1) > b:
            r -= b
            q += 1
        if _ndigits(q) > ctx.prec:
            return ctx._raise(DivisionImpossible, _NaN)
        sign = self._sign
        if r < 0:
            sign = 1 - sign
            r = -r
        return Decimal._make(sign, r, e)._fix(ctx)

    def __pow__(self, other, modulo=None, context=None):
        other = _conv(other)
        if other is NotImplemented:
            return NotImplemented
        ctx = _pick_context(context)
        if modulo is not None:
            return self._power_modulo(other, _conv(modulo, True), ctx)
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if not other._special and not other._coeff:
            if not self._special and not self._coeff:
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal(1)._fix(ctx)
        other_int = other._is_integer()
        result_sign = 0
        if self._sign:
            if other_int:
                if other._to_int() & 1:
                    result_sign = 1
            elif self._special == 'F' or self._coeff:
                return ctx._raise(InvalidOperation, _NaN)
        if not self._special and not self._coeff:
            if other._sign:
                if other._special == 'F':
                    return Decimal._make(result_sign, 0, 0, 'F')
                return ctx._raise(DivisionByZero, Decimal._make(result_sign, 0, 0, 'F'))
            return Decimal._make(result_sign, 0, 0)
        if self._special == 'F':
            if other._sign:
                return Decimal._make(result_sign, 0, 0)
            return Decimal._make(result_sign, 0, 0, 'F')
        if other._special == 'F':
            mag = self.copy_abs()._cmp(Decimal(1))
            if mag == 0:
                ctx._raise(Inexact)
                ctx._raise(Rounded)
                return Decimal._make(0, 10 ** (ctx.prec - 1), 1 - ctx.prec)
            if (mag > 0) != bool(other._sign):
                return Decimal._make(result_sign, 0, 0, 'F')
            return Decimal._make(result_sign, 0, 0)
        if other_int:
            n = other._to_int()
            if n >= 0 and (n * _ndigits(self._coeff) < 4 * ctx.prec + 1000 or n < 64):
                exact = Decimal._make(result_sign, self._coeff ** n, self._exp * n)
                return exact._fix(ctx)
            if n < 0 and -n < 4 * ctx.prec + 1000:
                denom = Decimal._make(0, self._coeff ** (-n), self._exp * (-n))
                # The sign goes in before the one rounding (it matters for FLOOR/CEILING).
                return Decimal._make(result_sign, 1, 0).__truediv__(denom, context=ctx)
        # General case: exp(other * ln(|self|)) with guard digits.
        return _power_general(self.copy_abs(), other, ctx, result_sign)

    def __rpow__(self, other, modulo=None, context=None):
        base = _conv(other)
        if base is NotImplemented:
            return NotImplemented
        return base.__pow__(self, modulo, context=context)

    def _power_modulo(self, other, modulo, ctx):
        if self._special or other._special or modulo._special:
            return ctx._raise(InvalidOperation, _NaN)
        if not (self._is_integer() and other._is_integer() and modulo._is_integer()):
            return ctx._raise(InvalidOperation, _NaN)
        if other._sign:
            return ctx._raise(InvalidOperation, _NaN)
        m = modulo._to_int()
        if not m:
            return ctx._raise(InvalidOperation, _NaN)
        base = self._to_int()
        r = pow(abs(base), other._to_int(), abs(m))
        sign = 1 if base < 0 and other._to_int() & 1 else 0
        return Decimal._make(sign if r else 0, r, 0)._fix(ctx)

    def _is_integer(self):
        if self._special:
            return False
        if self._exp >= 0:
            return True
        return self._coeff % 10 ** (-self._exp) == 0

    def _to_int(self):
        v = self._coeff * 10 ** self._exp if self._exp >= 0 else self._coeff // 10 ** (-self._exp)
        return -v if self._sign else v

    def fma(self, other, third, context=None):
        other = _conv(other, True)
        third = _conv(third, True)
        ctx = _pick_context(context)
        if self._special or other._special:
            product = self.__mul__(other, context=ctx)
        else:
            product = Decimal._make(self._sign ^ other._sign, self._coeff * other._coeff, self._exp + other._exp)
        return product.__add__(third, context=ctx)

    # -- rounding and exponents --------------------------------------------------------------------
    def _rescale_exact(self, exp):
        """Same value with a lower exponent (exact)."""
        if self._special or exp >= self._exp:
            return self
        return Decimal._make(self._sign, self._coeff * 10 ** (self._exp - exp), exp)

    def _rescale(self, exp, rounding):
        """Move to exponent exp, rounding as needed (no context checks)."""
        if self._special:
            return Decimal(self)
        if not self._coeff:
            return Decimal._make(self._sign, 0, exp)
        if exp <= self._exp:
            return Decimal._make(self._sign, self._coeff * 10 ** (self._exp - exp), exp)
        coeff, _ = _shrink(self._coeff, exp - self._exp, self._sign, rounding)
        return Decimal._make(self._sign, coeff, exp)

    def quantize(self, exp, rounding=None, context=None):
        """Round to the exponent of exp."""
        exp = _conv(exp, True)
        ctx = _pick_context(context)
        if rounding is None:
            rounding = ctx.rounding
        if self._special or exp._special:
            nan = self._check_nans(exp, ctx)
            if nan is not None:
                return nan
            if self._special == 'F' and exp._special == 'F':
                return Decimal(self)
            return ctx._raise(InvalidOperation, _NaN)
        if not ctx.Etiny() <= exp._exp <= ctx.Emax:
            return ctx._raise(InvalidOperation, _NaN)
        if not self._coeff:
            return Decimal._make(self._sign, 0, exp._exp)._fix(ctx)
        if self.adjusted() > ctx.Emax:
            return ctx._raise(InvalidOperation, _NaN)
        if self.adjusted() - exp._exp + 1 > ctx.prec:
            return ctx._raise(InvalidOperation, _NaN)
        ans = self._rescale(exp._exp, rounding)
        if ans.adjusted() > ctx.Emax or _ndigits(ans._coeff) > ctx.prec:
            return ctx._raise(InvalidOperation, _NaN)
        if ans._exp > self._exp:
            if ans != self:
                ctx._raise(Inexact)
            ctx._raise(Rounded)
        return ans._fix(ctx)

    def same_quantum(self, other, context=None):
        other = _conv(other, True)
        if self._special or other._special:
            return (self._is_nan() and other._is_nan()) or (self._special == 'F' and other._special == 'F')
        return self._exp == other._exp

    def to_integral_value(self, rounding=None, context=None):
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            return nan if nan is not None else Decimal(self)
        if self._exp >= 0:
            return Decimal(self)
        return self._rescale(0, rounding if rounding is not None else ctx.rounding)

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            return nan if nan is not None else Decimal(self)
        if self._exp >= 0:
            return Decimal(self)
        if not self._coeff:
            return Decimal._make(self._sign, 0, 0)
        ans = self._rescale(0, rounding if rounding is not None else ctx.rounding)
        if ans != self:
            ctx._raise(Inexact)
        ctx._raise(Rounded)
        return ans

    def normalize(self, context=None):
        """Round to the context and strip trailing zeros."""
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            return nan if nan is not None else Decimal(self)
        d = self._fix(ctx)
        if d._special:
            return d
        if not d._coeff:
            return Decimal._make(d._sign, 0, 0)
        coeff, exp = d._coeff, d._exp
        exp_max = ctx.Etop() if ctx.clamp else ctx.Emax
        while coeff % 10 == 0 and exp < exp_max:
            coeff //= 10
            exp += 1
        return Decimal._make(d._sign, coeff, exp)

    def scaleb(self, other, context=None):
        other = _conv(other, True)
        ctx = _pick_context(context)
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        if other._exp != 0 or other._special:
            return ctx._raise(InvalidOperation, _NaN)
        if self._special == 'F':
            return Decimal(self)
        return Decimal._make(self._sign, self._coeff, self._exp + other._to_int())._fix(ctx)

    def logb(self, context=None):
        ctx = _pick_context(context)
        nan = self._check_nans(None, ctx)
        if nan is not None:
            return nan
        if self._special == 'F':
            return Decimal._make(0, 0, 0, 'F')
        if not self._coeff:
            return ctx._raise(DivisionByZero, Decimal._make(1, 0, 0, 'F'))
        return Decimal(self.adjusted())._fix(ctx)

    def next_plus(self, context=None):
        ctx = _pick_context(context)
        return self._next(ctx, 0)

    def next_minus(self, context=None):
        ctx = _pick_context(context)
        return self._next(ctx, 1)

    def _next(self, ctx, toward_negative):
        nan = self._check_nans(None, ctx)
        if nan is not None:
            return nan
        if self._special == 'F':
            if self._sign == toward_negative:
                return Decimal(self)
            return _overflow_result(ctx, self._sign, ROUND_DOWN)
        tiny = Decimal._make(toward_negative, 1, ctx.Etiny() - 1)
        work = ctx.copy()
        work.rounding = ROUND_FLOOR if toward_negative else ROUND_CEILING
        work.traps = {s: False for s in _SIGNALS}
        return self.__add__(tiny, context=work)

    def next_toward(self, other, context=None):
        other = _conv(other, True)
        ctx = _pick_context(context)
        nan = self._check_nans(other, ctx)
        if nan is not None:
            return nan
        c = self._cmp(other)
        if c == 0:
            return self.copy_sign(other)
        return self._next(ctx, 1 if c > 0 else 0)

    # -- roots, exponentials, logarithms ----------------------------------------------------------
    def sqrt(self, context=None):
        """The correctly rounded square root."""
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            if nan is not None:
                return nan
            if self._sign:
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal(self)
        if not self._coeff:
            return Decimal._make(self._sign, 0, self._exp // 2)._fix(ctx)
        if self._sign:
            return ctx._raise(InvalidOperation, _NaN)
        prec = ctx.prec + 1
        # Scale so the coefficient has an even exponent and 2*prec digits.
        coeff, exp = self._coeff, self._exp
        shift = 2 * prec - _ndigits(coeff)
        if (exp - shift) % 2:
            shift += 1
        if shift >= 0:
            scaled = coeff * 10 ** shift
            exact_in = True
        else:
            scaled, rem = divmod(coeff, 10 ** (-shift))
            exact_in = not rem
        root = _math.isqrt(scaled)
        exact = exact_in and root * root == scaled
        result_exp = (exp - shift) // 2
        ideal = exp // 2
        if exact:
            while result_exp < ideal and root % 10 == 0:
                root //= 10
                result_exp += 1
        elif root % 5 == 0:
            root += 1
        work = ctx.copy()
        work.clear_flags()
        work.rounding = ROUND_HALF_EVEN
        ans = Decimal._make(0, root, result_exp)._fix(work)
        for s in _SIGNALS:
            if work.flags[s]:
                ctx.flags[s] = True
        return ans

    def exp(self, context=None):
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            if nan is not None:
                return nan
            return Decimal(0) if self._sign else Decimal(self)
        if not self._coeff:
            return Decimal(1)
        return _exp_decimal(self, ctx)

    def ln(self, context=None):
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            if nan is not None:
                return nan
            if self._sign:
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal(self)
        if not self._coeff:
            return Decimal._make(1, 0, 0, 'F')
        if self._sign:
            return ctx._raise(InvalidOperation, _NaN)
        if self._coeff == 1 and self._exp == 0:
            return Decimal(0)
        return _log_decimal(self, ctx, False)

    def log10(self, context=None):
        ctx = _pick_context(context)
        if self._special:
            nan = self._check_nans(None, ctx)
            if nan is not None:
                return nan
            if self._sign:
                return ctx._raise(InvalidOperation, _NaN)
            return Decimal(self)
        if not self._coeff:
            return Decimal._make(1, 0, 0, 'F')
        if self._sign:
            return ctx._raise(InvalidOperation, _NaN)
        s = str(self._coeff).rstrip('0')
        if s == '1':
            return Decimal(self._exp + len(str(self._coeff)) - 1)._fix(ctx)
        return _log_decimal(self, ctx, True)

    # -- predicates ------------------------------------------------------------------------------------
    def is_canonical(self):
        return True

    def canonical(self):
        return self

    def is_finite(self):
        return not self._special

    def is_infinite(self):
        return self._special == 'F'

    def is_nan(self):
        return self._is_nan()

    def is_qnan(self):
        return self._special == 'n'

    def is_snan(self):
        return self._special == 'N'

    def is_signed(self):
        return self._sign == 1

    def is_zero(self):
        return not self._special and not self._coeff

    def is_normal(self, context=None):
        if self._special or not self._coeff:
            return False
        ctx = _pick_context(context)
        return ctx.Emin <= self.adjusted()

    def is_subnormal(self, context=None):
        if self._special or not self._coeff:
            return False
        ctx = _pick_context(context)
        return self.adjusted() < ctx.Emin

    def number_class(self, context=None):
        if self.is_snan():
            return 'sNaN'
        if self.is_qnan():
            return 'NaN'
        sign = '-' if self._sign else '+'
        if self._special == 'F':
            return sign + 'Infinity'
        if not self._coeff:
            return sign + 'Zero'
        if self.is_subnormal(context):
            return sign + 'Subnormal'
        return sign + 'Normal'

    def radix(self):
        return Decimal(10)

    # -- formatting --------------------------------------------------------------------------------------
    def __format__(self, specifier, context=None):
        return _format(self, specifier, context if context is not None else getcontext())

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _apply_cmp(op, c):
    return {'eq': c == 0, 'ne': c != 0, 'lt': c < 0, 'le': c <= 0, 'gt': c > 0, 'ge': c >= 0}[op]


def _overflow_result(ctx, sign, rounding=None):
    rounding = rounding or ctx.rounding
    to_inf = (rounding in (ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP) or
              (rounding == ROUND_CEILING and sign == 0) or (rounding == ROUND_FLOOR and sign == 1))
    if to_inf:
        return Decimal._make(sign, 0, 0, 'F')
    return Decimal._make(sign, 10 ** ctx.prec - 1, ctx.Emax - ctx.prec + 1)


def _align(a, b, prec):
    """Coefficients of a and b at a common exponent; a far smaller operand is
    replaced by a tiny sticky value that rounds the same way."""
    if a._exp < b._exp:
        big, small, swapped = b, a, True
    else:
        big, small, swapped = a, b, False
    limit = big._exp + min(-1, _ndigits(big._coeff) - prec - 2)
    s_coeff, s_exp = small._coeff, small._exp
    if _ndigits(s_coeff) + s_exp - 1 < limit:
        s_coeff, s_exp = 1, limit
    b_coeff = big._coeff * 10 ** (big._exp - s_exp)
    if swapped:
        return (s_coeff, s_exp), (b_coeff, s_exp)
    return (b_coeff, s_exp), (s_coeff, s_exp)


def _conv(other, strict=False):
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return Decimal(other)
    if strict:
        raise TypeError('conversion from %s to Decimal is not supported' % type(other).__name__)
    return NotImplemented


def _parse(text):
    s = text.strip().replace('_', '') if '_' not in text.strip()[:1] + text.strip()[-1:] else None
    if s is None or not s:
        return None
    if '__' in text:
        return None
    sign = 0
    if s[0] in '+-':
        sign = 1 if s[0] == '-' else 0
        s = s[1:]
    low = s.lower()
    if low in ('inf', 'infinity'):
        return sign, 0, 0, 'F'
    for tag, special in (('snan', 'N'), ('nan', 'n')):
        if low.startswith(tag):
            payload = s[len(tag):]
            if payload and not (payload.isdigit() and payload.isascii()):
                return None
            return sign, int(payload.lstrip('0') or '0'), 0, special
    mant, e, ex = low.partition('e')
    if e:
        if not ex or not (ex.lstrip('+-').isdigit() and ex.lstrip('+-').isascii()) or ex.count('-') + \
                ex.count('+') > 1 or (ex[0] not in '+-0123456789'):
            return None
        exp = int(ex)
    else:
        exp = 0
    ip, dot, fp = mant.partition('.')
    if not ip and not fp:
        return None
    for part in (ip, fp):
        if part and not all('0' <= ch <= '9' for ch in part):
            if part.isdigit():
                part = ''.join(str(int(ch)) for ch in part)
            else:
                return None
    digits = ip + fp
    if not digits.isascii():
        digits = ''.join(str(int(ch)) for ch in digits)
    return sign, int(digits), exp - len(fp), None


_NaN = Decimal._make(0, 0, 0, 'n')


# ---- transcendental helpers (fixed-point integers with guard digits) -------------------------------
def _ln_fixed(n, d, digits):
    """ln(n/d) as an integer scaled by 10**digits (n, d > 0)."""
    scale = 10 ** (digits + 10)
    # Reduce: x = n/d = m * 10**k with 0.5 <= m < 5; ln x = ln m + k ln 10.
    k = _ndigits(n) - _ndigits(d)
    if k >= 0:
        m_num, m_den = n, d * 10 ** k
    else:
        m_num, m_den = n * 10 ** (-k), d
    # ln m via atanh series: ln m = 2 atanh((m-1)/(m+1)), further halving by sqrt.
    y_num, y_den = m_num - m_den, m_num + m_den
    y = y_num * scale // y_den
    y2 = y * y // scale
    term = y
    total = 0
    i = 1
    while term:
        total += term // i
        term = term * y2 // scale
        i += 2
    ln_m = 2 * total
    ln10 = _ln10_fixed(digits + 10)
    return (ln_m + k * ln10) // 10 ** 10


_LN10_CACHE = {}


def _ln10_fixed(digits):
    if digits in _LN10_CACHE:
        return _LN10_CACHE[digits]
    scale = 10 ** (digits + 5)
    # ln 10 = 3 ln 2 + ln(5/4); ln 2 = 2 atanh(1/3); ln(5/4) = 2 atanh(1/9)
    def atanh_inv(q):
        x = scale // q
        q2 = q * q
        total = 0
        term = x
        i = 1
        while term:
            total += term // i
            term //= q2
            i += 2
        return total
    value = (6 * atanh_inv(3) + 2 * atanh_inv(9)) // 10 ** 5
    _LN10_CACHE[digits] = value
    return value


def _exp_fixed(x, digits):
    """exp(x / 10**digits) scaled by 10**digits (x an integer)."""
    scale = 10 ** digits
    # Split off multiples of ln 10 and halve until small.
    ln10 = _ln10_fixed(digits)
    k = x // ln10
    r = x - k * ln10
    halvings = 0
    while r > scale // 8:
        r //= 2
        halvings += 1
    term = scale
    total = 0
    i = 1
    while term:
        total += term
        term = term * r // (scale * i)
        i += 1
    for _ in range(halvings):
        total = total * total // scale
    return total, k


def _round_from_fixed(value, digits, extra_exp, ctx, sign=0):
    """A positive fixed-point approximation -> Decimal rounded to ctx (sticky)."""
    coeff = value
    exp = -digits + extra_exp
    if coeff % 10 == 0:
        coeff += 1            # never exact at this precision: keep a sticky digit
    work = ctx.copy()
    work.clear_flags()
    work.rounding = ROUND_HALF_EVEN
    ans = Decimal._make(sign, coeff, exp)._fix(work)
    for s in _SIGNALS:
        if work.flags[s]:
            ctx.flags[s] = True
    ctx.flags[Inexact] = True
    ctx.flags[Rounded] = True
    if work.flags[Overflow] and ctx.traps[Overflow]:
        raise Overflow("[<class 'decimal.Overflow'>]")
    return ans


def _exp_decimal(d, ctx):
    adj = d.adjusted()
    if adj > 18:
        if d._sign:
            ctx._raise(Underflow)
            return _round_from_fixed(1, ctx.Etiny() + 1, 0, ctx)
        ctx._raise(Inexact)
        ctx._raise(Rounded)
        return ctx._raise(Overflow, _overflow_result(ctx, 0))
    digits = ctx.prec + 12 + max(0, adj)
    x = d._coeff * 10 ** (digits + d._exp) if d._exp + digits >= 0 else d._coeff // 10 ** (-(d._exp + digits))
    if d._sign:
        x = -x
    value, k = _exp_fixed(x, digits)
    return _round_from_fixed(value, digits, k, ctx)


def _log_decimal(d, ctx, base10):
    digits = ctx.prec + 12
    n, den = d.as_integer_ratio()
    val = _ln_fixed(n, den, digits + 5)
    if base10:
        val = val * 10 ** (digits + 5) // _ln10_fixed(digits + 5)
    sign = 1 if val < 0 else 0
    return _round_from_fixed(abs(val) // 10 ** 5, digits, 0, ctx, sign)


def _power_general(base, other, ctx, sign):
    digits = ctx.prec + 15
    n, den = base.as_integer_ratio()
    ln_b = _ln_fixed(n, den, digits)
    on, od = other.as_integer_ratio()
    x = ln_b * on // od
    if abs(x) > 10 ** digits * 2400000:
        ctx._raise(Inexact)
        ctx._raise(Rounded)
        if x > 0:
            return ctx._raise(Overflow, _overflow_result(ctx, sign))
        ctx._raise(Underflow)
        return Decimal._make(sign, 0, ctx.Etiny())
    value, k = _exp_fixed(x, digits)
    return _round_from_fixed(value, digits, k, ctx, sign)


# ---- format() -------------------------------------------------------------------------------------------
def _parse_spec(spec):
    import re
    m = re.fullmatch(r'(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([eEfFgGn%])?', spec, re.S)
    if m is None:
        raise ValueError('invalid format string')
    fill, align, sign, z, alt, zero, width, group, prec, typ = m.groups()
    if fill is None and align is None and zero:
        fill, align = '0', '='
    return {'fill': fill or ' ', 'align': align or ('>' if True else '<'), 'sign': sign or '-', 'z': bool(z),
            'alt': bool(alt), 'zeropad': bool(zero), 'width': int(width) if width else 0, 'group': group,
            'prec': int(prec) if prec is not None else None, 'type': typ, 'align_given': align is not None}


def _group_int(digits, sep):
    if not sep:
        return digits
    out = []
    while len(digits) > 3:
        out.append(digits[-3:])
        digits = digits[:-3]
    out.append(digits)
    return sep.join(reversed(out))


def _format(d, specifier, ctx):
    spec = _parse_spec(specifier)
    typ = spec['type']
    prec = spec['prec']
    rounding = ctx.rounding
    if d._special:
        body = str(d.copy_abs()) if d._special != 'F' else 'Infinity'
        if d._special == 'F':
            body = 'Infinity'
        elif d._special == 'n':
            body = 'NaN' + d._payload_text()
        else:
            body = 'sNaN' + d._payload_text()
        if typ == '%':
            body += '%'
        sign = d._sign
    else:
        if typ is None:
            typ_eff = 'g' if prec is not None else None
        else:
            typ_eff = typ.lower() if typ not in ('n',) else 'g'
        x = d
        if typ == '%':
            x = Decimal._make(d._sign, d._coeff, d._exp + 2)
        if typ_eff is None:
            text = str(x.copy_abs())
            if ctx.capitals == 0:
                text = text.replace('E', 'e')
        elif typ_eff in ('e',):
            if prec is not None:
                x = _round_digits(x, prec + 1, rounding)
            digits = str(x._coeff)
            exp = x._exp + len(digits) - 1
            if not x._coeff and prec is None:
                exp = x._exp
            mant = digits[0] + ('.' + digits[1:] if len(digits) > 1 or spec['alt'] else '')
            if prec is not None and len(digits) - 1 < prec:
                mant = digits[0] + '.' + (digits[1:] + '0' * (prec - len(digits) + 1)) if prec else digits[0] + \
                    ('.' if spec['alt'] else '')
            text = mant + ('E' if typ == 'E' else 'e') + '%+d' % exp
        elif typ_eff in ('f', '%'):
            if prec is not None:
                x = x._rescale(-prec, rounding)
            digits = str(x._coeff)
            if x._exp >= 0:
                text = digits + '0' * x._exp if x._coeff else '0'
                if spec['alt']:
                    text += '.'
            else:
                frac_n = -x._exp
                digits = digits.rjust(frac_n + 1, '0')
                text = digits[:-frac_n] + '.' + digits[-frac_n:]
            if typ == '%':
                text += '%'
        else:  # g / G / n
            p = prec if prec is not None else None
            if p == 0:
                p = 1
            if p is not None:
                x = _round_digits(x, p, rounding)
            digits = str(x._coeff)
            left = x._exp + len(digits)
            if x._exp <= 0 and left > -6:
                dot = left
                if dot <= 0:
                    text = '0.' + '0' * (-dot) + digits
                elif dot >= len(digits):
                    text = digits + '0' * (dot - len(digits))
                else:
                    text = digits[:dot] + '.' + digits[dot:]
            else:
                text = digits[0] + ('.' + digits[1:] if len(digits) > 1 else '') + \
                    ('E' if typ == 'G' or (typ != 'g' and ctx.capitals and typ is None) else 'e') + \
                    '%+d' % (left - 1)
            if typ is None and prec is not None:
                pass
        sign = d._sign
        if spec['z'] and sign and not any(ch in '123456789' for ch in text.split('e')[0].split('E')[0]):
            sign = 0
        body = text
        if spec['group']:
            intpart, dot, rest = body.partition('.')
            lead_digits = intpart.rstrip('%')
            tail_pct = intpart[len(lead_digits):]
            if lead_digits.isdigit():
                if spec['zeropad'] and not spec['align_given'] and spec['width']:
                    pass
                body = _group_int(lead_digits, spec['group']) + tail_pct + dot + rest
    sign_text = '-' if sign else ('+' if spec['sign'] == '+' else (' ' if spec['sign'] == ' ' else ''))
    width = spec['width']
    fill = spec['fill']
    align = spec['align'] if spec['align_given'] else ('=' if spec['zeropad'] else '>')
    if spec['zeropad'] and not spec['align_given']:
        fill = '0'
    total = len(sign_text) + len(body)
    if width <= total:
        return sign_text + body
    pad = width - total
    if align == '<':
        return sign_text + body + fill * pad
    if align == '^':
        left = pad // 2
        return fill * left + sign_text + body + fill * (pad - left)
    if align == '=':
        if fill == '0' and spec['group'] and not d._special:
            intpart, dot, rest = body.partition('.')
            raw = intpart.replace(spec['group'], '')
            need = width - len(sign_text) - len(dot + rest)
            while len(_group_int(raw, spec['group'])) < need:
                raw = '0' + raw
            grouped = _group_int(raw, spec['group'])
            return sign_text + grouped + dot + rest
        return sign_text + fill * pad + body
    return fill * pad + sign_text + body


def _round_digits(x, ndig, rounding):
    """x rounded to ndig significant digits (at least 1)."""
    if not x._coeff:
        return x
    have = _ndigits(x._coeff)
    if have <= ndig:
        return x
    y = x._rescale(x._exp + have - ndig, rounding)
    if _ndigits(y._coeff) > ndig:
        y = Decimal._make(y._sign, y._coeff // 10, y._exp + 1)
    return y


# ---- standard contexts ---------------------------------------------------------------------------------
DefaultContext = None
DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1, clamp=0,
                         flags={}, traps={InvalidOperation: True, DivisionByZero: True, Overflow: True})
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP, traps=[DivisionByZero, Overflow, InvalidOperation, Clamped,
                                                             Underflow], flags=[])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps=[], flags=[])

_numbers.Number.register(Decimal)
try:
    import _sk
    _sk.set_tpname(Decimal, 'decimal.Decimal')
    _sk.set_tpname(Context, 'decimal.Context')
except (ImportError, AttributeError):
    pass
