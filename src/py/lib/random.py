"""random for Sandkiste.

The generator core is _random (MT19937 seeded like CPython's); the methods
below reproduce the documented algorithms so that a seeded program draws the
same numbers here as under CPython.  The code is our own.
"""
import _random
import _sk
import math as _m

__all__ = ['Random', 'SystemRandom', 'betavariate', 'binomialvariate', 'choice', 'choices', 'expovariate',
           'gammavariate', 'gauss', 'getrandbits', 'getstate', 'lognormvariate', 'normalvariate',
           'paretovariate', 'randbytes', 'randint', 'random', 'randrange', 'sample', 'seed', 'setstate',
           'shuffle', 'triangular', 'uniform', 'vonmisesvariate', 'weibullvariate']

TWOPI = 2.0 * _m.pi
NV_MAGICCONST = 4 * _m.exp(-0.5) / _m.sqrt(2.0)      # Kinderman-Monahan ratio-of-uniforms bound
LOG4 = _m.log(4.0)
SG_MAGICCONST = 1.0 + _m.log(4.5)
BPF = 53                                              # bits in a float's mantissa
RECIP_BPF = 2 ** -BPF

_index = _sk.index


def _cumulative(values):
    total = None
    out = []
    for v in values:
        total = v if total is None else total + v
        out.append(total)
    return out


def _first_above(cum, x, hi):
    """Index of the first cumulative value greater than x, searching [0, hi]."""
    lo = 0
    while lo < hi:
        mid = (lo + hi) // 2
        if x < cum[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _below_by_bits(self, n):
    """Uniform integer in [0, n) by rejection over k-bit draws."""
    k = n.bit_length()
    draw = self.getrandbits
    while True:
        r = draw(k)
        if r < n:
            return r


def _below_by_float(self, n):
    """Uniform integer in [0, n) for subclasses that only override random()."""
    span = 1 << BPF
    u = self.random
    if n >= span:
        return _m.floor(u() * n)
    cutoff = (span - span % n) / span
    while True:
        r = u()
        if r < cutoff:
            return _m.floor(r * span) % n


class Random(_random.Random):
    """A Mersenne Twister generator with the distributions of the random module."""

    VERSION = 3

    def __init__(self, x=None):
        self.seed(x)
        self.gauss_next = None

    def __init_subclass__(cls, /, **kwargs):
        # Pick the integer sampler from whichever primitive the subclass overrides.
        for klass in cls.__mro__:
            d = klass.__dict__
            if '_randbelow' in d:
                break
            if 'getrandbits' in d:
                cls._randbelow = _below_by_bits
                break
            if 'random' in d:
                cls._randbelow = _below_by_float
                break
        super().__init_subclass__(**kwargs)

    _randbelow = _below_by_bits

    # -- state ----------------------------------------------------------------------
    def seed(self, a=None, version=2):
        textual = isinstance(a, (str, bytes, bytearray))
        if textual and version == 1 and not isinstance(a, bytearray):
            # The old (version 1) string hash, kept for reproducing old seeds.
            text = a if isinstance(a, str) else a.decode('latin-1')
            h = (ord(text[0]) << 7) if text else 0
            for ch in text:
                h = ((1000003 * h) ^ ord(ch)) & 0xFFFFFFFFFFFFFFFF
            h ^= len(text)
            a = -2 if h == -1 else h
        elif textual and version == 2:
            import hashlib
            raw = a.encode() if isinstance(a, str) else bytes(a)
            a = int.from_bytes(raw + hashlib.sha512(raw).digest())
        elif a is not None and not isinstance(a, (int, float, str, bytes, bytearray)):
            raise TypeError('The only supported seed types are:\nNone, int, float, str, bytes, and bytearray.')
        super().seed(a)
        self.gauss_next = None

    def getstate(self):
        return (self.VERSION, super().getstate(), self.gauss_next)

    def setstate(self, state):
        if state[0] != 3:
            if state[0] == 2:
                raise ValueError('state vector is the wrong size')
            raise ValueError('state with version %s passed to Random.setstate() of version %s'
                             % (state[0], self.VERSION))
        _, inner, self.gauss_next = state
        super().setstate(inner)

    def __reduce__(self):
        return (self.__class__, (), self.getstate())

    # -- integers and sequences -----------------------------------------------------
    def randbytes(self, n):
        bits = self.getrandbits(8 * n)
        return bits.to_bytes(n, 'little')

    def randrange(self, start, stop=None, step=1):
        lo = _index(start)
        if stop is None:
            if step != 1:
                raise TypeError('Missing a non-None stop argument')
            if lo <= 0:
                raise ValueError('empty range for randrange()')
            return self._randbelow(lo)
        width = _index(stop) - lo
        st = _index(step)
        if st == 1:
            if width <= 0:
                raise ValueError(f'empty range in randrange({start}, {stop})')
            return lo + self._randbelow(width)
        if st == 0:
            raise ValueError('zero step for randrange()')
        count = (width + st - 1) // st if st > 0 else (width + st + 1) // st
        if count <= 0:
            raise ValueError(f'empty range in randrange({start}, {stop}, {step})')
        return lo + st * self._randbelow(count)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        size = len(seq)
        if size == 0:
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(size)]

    def shuffle(self, x):
        # Fisher-Yates from the top down.
        pick = self._randbelow
        i = len(x) - 1
        while i > 0:
            j = pick(i + 1)
            x[i], x[j] = x[j], x[i]
            i -= 1

    def sample(self, population, k, *, counts=None):
        if isinstance(population, (set, frozenset, dict)) or not hasattr(population, '__getitem__'):
            raise TypeError('Population must be a sequence.  For dicts or sets, use sorted(d).')
        n = len(population)
        if counts is not None:
            cum = _cumulative(counts)
            if len(cum) != n:
                raise ValueError('The number of counts does not match the population')
            total = cum.pop() if cum else 0
            if not isinstance(total, int):
                raise TypeError('Counts must be integers')
            if total < 0:
                raise ValueError('Counts must be non-negative')
            picks = self.sample(range(total), k=k)
            return [population[_first_above(cum, s, len(cum))] for s in picks]
        if k < 0 or k > n:
            raise ValueError('Sample larger than population or is negative')
        pick = self._randbelow
        # Small populations: partial shuffle of a copy.  Large ones: rejection
        # over a set of chosen indices.  The switch point is CPython's.
        threshold = 21
        if k > 5:
            threshold += 4 ** _m.ceil(_m.log(k * 3, 4))
        out = []
        if n <= threshold:
            pool = list(population)
            last = n - 1
            for i in range(k):
                j = pick(n - i)
                out.append(pool[j])
                pool[j] = pool[last - i]
        else:
            taken = set()
            for _ in range(k):
                j = pick(n)
                while j in taken:
                    j = pick(n)
                taken.add(j)
                out.append(population[j])
        return out

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        u = self.random
        n = len(population)
        if cum_weights is None:
            if weights is None:
                fn = n + 0.0
                return [population[_m.floor(u() * fn)] for _ in range(k)]
            try:
                cum_weights = _cumulative(weights)
            except TypeError:
                if isinstance(weights, int):
                    raise TypeError(f'The number of choices must be a keyword argument: k={weights}') from None
                raise
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _m.isfinite(total):
            raise ValueError('Total of weights must be finite')
        last = n - 1
        return [population[_first_above(cum_weights, u() * total, last)] for _ in range(k)]

    # -- real-valued distributions --------------------------------------------------
    def uniform(self, a, b):
        span = b - a
        return a + span * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        u = self.random()
        c = 0.5
        if mode is not None:
            try:
                c = (mode - low) / (high - low)
            except ZeroDivisionError:
                return low
        if u > c:                       # reflect into the left half
            u, c, low, high = 1.0 - u, 1.0 - c, high, low
        return low + (high - low) * _m.sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        # Kinderman and Monahan's ratio of uniforms.
        u = self.random
        while True:
            u1 = u()
            u2 = 1.0 - u()
            z = (u1 - 0.5) * NV_MAGICCONST / u2
            if z * z / 4.0 <= -_m.log(u2):
                return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        # Box-Muller: each pair of draws yields two deviates; the second is kept.
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            angle = self.random() * TWOPI
            radius = _m.sqrt(-2.0 * _m.log(1.0 - self.random()))
            z = _m.cos(angle) * radius
            self.gauss_next = _m.sin(angle) * radius
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        return _m.exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd=1.0):
        return -_m.log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu, kappa):
        # Best and Fisher (1979).
        u = self.random
        if kappa <= 1e-6:
            return TWOPI * u()
        s = 0.5 / kappa
        r = s + _m.sqrt(1.0 + s * s)
        while True:
            z = _m.cos(_m.pi * u())
            d = z / (r + z)
            v = u()
            if v < 1.0 - d * d or v <= (1.0 - d) * _m.exp(d):
                break
        q = 1.0 / r
        f = (z + q) / (z * q + 1.0)
        if u() > 0.5:
            return (mu + _m.acos(f)) % TWOPI
        return (mu - _m.acos(f)) % TWOPI

    def gammavariate(self, alpha, beta):
        if beta <= 0.0 or alpha <= 0.0:
            raise ValueError('gammavariate: alpha and beta must be > 0.0')
        u = self.random
        if alpha == 1.0:
            return -_m.log(1.0 - u()) * beta
        if alpha > 1.0:
            # Cheng's rejection algorithm GB.
            ainv = _m.sqrt(2.0 * alpha - 1.0)
            bbb = alpha - LOG4
            ccc = alpha + ainv
            while True:
                u1 = u()
                if u1 <= 1e-7 or u1 >= 0.9999999:
                    continue
                u2 = 1.0 - u()
                v = _m.log(u1 / (1.0 - u1)) / ainv
                x = alpha * _m.exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + SG_MAGICCONST - 4.5 * z >= 0.0 or r >= _m.log(z):
                    return x * beta
        # alpha < 1: Ahrens and Dieter's algorithm GS.
        while True:
            b = (_m.e + alpha) / _m.e
            p = b * u()
            if p <= 1.0:
                x = p ** (1.0 / alpha)
                if u() <= _m.exp(-x):
                    return x * beta
            else:
                x = -_m.log((b - p) / alpha)
                if u() <= x ** (alpha - 1.0):
                    return x * beta

    def betavariate(self, alpha, beta):
        first = self.gammavariate(alpha, 1.0)
        if first == 0:
            return 0.0
        second = self.gammavariate(beta, 1.0)
        return first / (first + second)

    def paretovariate(self, alpha):
        return (1.0 - self.random()) ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        return alpha * (-_m.log(1.0 - self.random())) ** (1.0 / beta)

    def binomialvariate(self, n=1, p=0.5):
        if n < 0:
            raise ValueError('n must be non-negative')
        if not 0.0 < p < 1.0:
            if p == 0.0:
                return 0
            if p == 1.0:
                return n
            raise ValueError('p must be in the range 0.0 <= p <= 1.0')
        u = self.random
        if n == 1:
            return int(u() < p)
        if p > 0.5:
            # Count failures instead, with the complementary probability.
            failures = self.binomialvariate(n, 1.0 - p)
            return n - failures
        if n * p < 10.0:
            # Count successes by geometric jumps between them.
            c = _m.log(1.0 - p)
            hits = pos = 0
            if not c:
                return hits
            while True:
                pos += _m.floor(_m.log(u()) / c) + 1
                if pos > n:
                    return hits
                hits += 1
        # Hormann's BTRS transformed rejection.
        spq = _m.sqrt(n * p * (1.0 - p))
        b = 1.15 + 2.53 * spq
        a = -0.0873 + b * 0.0248 + p * 0.01
        c = n * p + 0.5
        vr = 0.92 - 4.2 / b
        prepared = False
        while True:
            w = u() - 0.5
            us = 0.5 - _m.fabs(w)
            k = _m.floor((2.0 * a / us + b) * w + c)
            if k < 0 or k > n:
                continue
            v = u()
            if v <= vr and us >= 0.07:
                return k
            if not prepared:
                alpha = spq * (5.1 / b + 2.83)
                lpq = _m.log(p / (1.0 - p))
                m = _m.floor((n + 1) * p)
                h = _m.lgamma(m + 1) + _m.lgamma(n - m + 1)
                prepared = True
            v *= alpha / (b + a / (us * us))
            if _m.log(v) <= h - _m.lgamma(k + 1) - _m.lgamma(n - k + 1) + (k - m) * lpq:
                return k


class SystemRandom(Random):
    """Draws from os.urandom (the sandbox's seeded stream); has no state."""

    def random(self):
        from os import urandom
        return (int.from_bytes(urandom(7)) >> 3) * RECIP_BPF

    def getrandbits(self, k):
        from os import urandom
        if k < 0:
            raise ValueError('number of bits must be non-negative')
        nbytes = (k + 7) // 8
        return int.from_bytes(urandom(nbytes)) >> (nbytes * 8 - k)

    def randbytes(self, n):
        from os import urandom
        return urandom(n)

    def seed(self, *args, **kwds):
        return None

    def getstate(self, *args, **kwds):
        raise NotImplementedError('System entropy source does not have state.')

    setstate = getstate


_inst = Random()
for _name in ('seed', 'random', 'uniform', 'triangular', 'randint', 'choice', 'randrange', 'sample',
              'shuffle', 'choices', 'normalvariate', 'lognormvariate', 'expovariate', 'vonmisesvariate',
              'gammavariate', 'gauss', 'betavariate', 'binomialvariate', 'paretovariate', 'weibullvariate',
              'getstate', 'setstate', 'getrandbits', 'randbytes'):
    globals()[_name] = getattr(_inst, _name)
del _name
