"""statistics for Sandkiste: averages, spread, relations, and NormalDist.

Sums and sums of squares are kept exact (as Fractions) and rounded once into
the data's type at the end; standard deviations are correctly rounded roots.
"""
import math
from fractions import Fraction
from collections import Counter, namedtuple
import random as _random
from bisect import bisect_left, bisect_right

__all__ = ['NormalDist', 'StatisticsError', 'correlation', 'covariance', 'fmean', 'geometric_mean',
           'harmonic_mean', 'linear_regression', 'mean', 'median', 'median_grouped', 'median_high',
           'median_low', 'mode', 'multimode', 'pstdev', 'pvariance', 'quantiles', 'stdev', 'variance']


class StatisticsError(ValueError):
    pass


# ---- exact arithmetic helpers --------------------------------------------------------------
def _ratio(x):
    """x as an exact (numerator, denominator), or None for NaN/inf."""
    if type(x) is int or isinstance(x, int):
        return int(x), 1
    if isinstance(x, float):
        return float.as_integer_ratio(x) if math.isfinite(x) else None
    if isinstance(x, Fraction):
        return x.numerator, x.denominator
    split = getattr(x, 'as_integer_ratio', None)
    if split is None:
        raise TypeError(f"can't convert type '{type(x).__name__}' to numerator/denominator")
    return split()


def _common_type(T, S):
    """The type a mixture of T and S results in (bool counts as int)."""
    if T is bool:
        T = int
    if S is bool:
        S = int
    if T is S:
        return T
    if S is int:
        return T
    if T is int:
        return S
    if issubclass(S, T):
        return S
    if issubclass(T, S):
        return T
    if issubclass(T, int):
        return S
    if issubclass(S, int):
        return T
    # A Fraction mixed with a float gives a float.
    for frac_side, float_side in ((T, S), (S, T)):
        if issubclass(frac_side, Fraction) and issubclass(float_side, float):
            return float_side
    raise TypeError(f"don't know how to coerce {T.__name__} and {S.__name__}")


def _exact_sum(data):
    """(type, exact total, count); the total is a Fraction, or a float for NaN/inf data."""
    T = int
    count = 0
    by_den = {}
    special = None
    for x in data:
        T = _common_type(T, type(x))
        count += 1
        r = _ratio(x)
        if r is None:
            special = x if special is None else special + x
            continue
        n, d = r
        by_den[d] = by_den.get(d, 0) + n
    if special is not None:
        return T, special, count
    total = Fraction(0)
    for d, n in by_den.items():
        total += Fraction(n, d)
    return T, total, count


def _to_type(value, T):
    """Round an exact result into the data's type."""
    if not isinstance(value, Fraction):      # NaN or an infinity
        return value
    if T is bool:
        T = int
    if value.denominator > 1 and issubclass(T, int):
        T = float
    return T(value)


def _sq_deviations(data, center=None):
    """(type, exact sum of squared deviations, exact mean, count)."""
    values = list(data)
    T, total, n = _exact_sum(values)
    if not n:
        return T, Fraction(0), Fraction(0), 0
    if not isinstance(total, Fraction):
        return T, total, total, n
    if center is not None:
        c = center
        T2, ss, _ = _exact_sum((x - c) * (x - c) for x in values)
        return T2, ss, c, n
    m = total / n
    ss = Fraction(0)
    for x in values:
        r = _ratio(x)
        dev = Fraction(r[0], r[1]) - m
        ss += dev * dev
    return T, ss, m, n


def _sqrt_frac(num, den):
    """sqrt(num/den) correctly rounded to a float (num, den > 0 integers)."""
    # Scale so that the integer square root carries at least 55 significant
    # bits, make it odd when inexact (a sticky bit), then let the one int/int
    # true division do the single correct rounding.
    shift = (num.bit_length() - den.bit_length() - 112) // 2
    if shift >= 0:
        n2, d2 = num, den << (2 * shift)
    else:
        n2, d2 = num << (-2 * shift), den
    root = math.isqrt(n2 // d2)
    if root * root * d2 != n2:
        root |= 1
    if shift >= 0:
        return (root << shift) / 1
    return root / (1 << -shift)


def _dot(xs, ys):
    """sum(x * y) for float/int data, correctly rounded (math.sumprod's accuracy)."""
    xs = list(xs)
    ys = list(ys)
    if len(xs) != len(ys):
        raise ValueError('Inputs are not the same length')
    pairs = []
    exact = True
    for a, b in zip(xs, ys):
        if type(a) not in (int, float) or type(b) not in (int, float) or \
                (type(a) is float and not math.isfinite(a)) or (type(b) is float and not math.isfinite(b)):
            exact = False
            break
        pairs.append((a.as_integer_ratio(), b.as_integer_ratio()))
    if not exact:
        return math.sumprod(xs, ys)
    if all(type(a) is int and type(b) is int for a, b in zip(xs, ys)):
        return sum(a * b for a, b in zip(xs, ys))
    # Every denominator is a power of two: scale all products to the largest.
    big = 1
    for (n1, d1), (n2, d2) in pairs:
        big = max(big, d1 * d2)
    total = 0
    for (n1, d1), (n2, d2) in pairs:
        total += n1 * n2 * (big // (d1 * d2))
    return total / big


def _fail_negative(values, message):
    for x in values:
        if x < 0:
            raise StatisticsError(message)
        yield x


# ---- averages ------------------------------------------------------------------------------
def mean(data):
    """Arithmetic mean, computed exactly and rounded once into the data's type."""
    T, total, n = _exact_sum(data)
    if n < 1:
        raise StatisticsError('mean requires at least one data point')
    return _to_type(total / n, T)


def fmean(data, weights=None):
    """Fast floating-point arithmetic mean (optionally weighted)."""
    if weights is None:
        try:
            n = len(data)
        except TypeError:
            data = list(data)
            n = len(data)
        if not n:
            raise StatisticsError('fmean requires at least one data point')
        return math.fsum(data) / n
    if type(weights) not in (list, tuple):
        weights = list(weights)
    try:
        num = math.sumprod(data, weights)
    except ValueError:
        raise StatisticsError('data and weights must be the same length')
    den = math.fsum(weights)
    if not den:
        raise StatisticsError('sum of weights must be non-zero')
    return num / den


def geometric_mean(data):
    """Geometric mean via the mean of logarithms."""
    seen = 0
    zero = False
    logs = []
    for x in data:
        seen += 1
        if math.isnan(x) or x > 0.0:
            logs.append(math.log(x))
        elif x == 0.0:
            zero = True
        else:
            raise StatisticsError('No negative inputs allowed', x)
    if not seen:
        raise StatisticsError('Must have a non-empty dataset')
    total = math.fsum(logs)
    if math.isnan(total):
        return math.nan
    if zero:
        # log(0) is -inf; together with +inf the result is undefined.
        return 0.0 if total != math.inf else math.nan
    return math.exp(total / seen)


def harmonic_mean(data, weights=None):
    """Harmonic mean (optionally weighted); zero if any value is zero."""
    if iter(data) is data:
        data = list(data)
    negative = 'harmonic mean does not support negative values'
    n = len(data)
    if n < 1:
        raise StatisticsError('harmonic_mean requires at least one data point')
    if n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float, Fraction)):
            if x < 0:
                raise StatisticsError(negative)
            return x
        raise TypeError('unsupported type')
    if weights is None:
        weights = [1] * n
        wsum = n
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError('Number of weights does not match data size')
        _, wsum, _ = _exact_sum(_fail_negative(weights, negative))
    try:
        terms = [w / x if w else 0 for w, x in zip(weights, _fail_negative(data, negative))]
    except ZeroDivisionError:
        return 0
    T, total, _ = _exact_sum(terms)
    if total <= 0:
        raise StatisticsError('Weighted sum must be positive')
    return _to_type(wsum / total, T)


def median(data):
    """Middle value; the mean of the two middle values for even-sized data."""
    s = sorted(data)
    n = len(s)
    if not n:
        raise StatisticsError('no median for empty data')
    half = n // 2
    if n % 2:
        return s[half]
    return (s[half - 1] + s[half]) / 2


def median_low(data):
    """The lower of the two middle values for even-sized data."""
    s = sorted(data)
    n = len(s)
    if not n:
        raise StatisticsError('no median for empty data')
    return s[n // 2] if n % 2 else s[n // 2 - 1]


def median_high(data):
    """The higher of the two middle values for even-sized data."""
    s = sorted(data)
    n = len(s)
    if not n:
        raise StatisticsError('no median for empty data')
    return s[n // 2]


def median_grouped(data, interval=1.0):
    """Median of grouped continuous data (the 50th percentile by interpolation)."""
    s = sorted(data)
    n = len(s)
    if not n:
        raise StatisticsError('no median for empty data')
    x = s[n // 2]
    below = bisect_left(s, x)
    same = bisect_right(s, x, lo=below) - below
    try:
        interval, x = float(interval), float(x)
    except ValueError:
        raise TypeError('Value cannot be converted to a float') from None
    lower = x - interval / 2.0
    return lower + interval * (n / 2 - below) / same


def mode(data):
    """The most common value (the first one seen, on ties)."""
    pairs = Counter(data).most_common(1)
    if not pairs:
        raise StatisticsError('no mode for empty data')
    return pairs[0][0]


def multimode(data):
    """All the most common values, in order of first appearance."""
    counts = Counter(data)
    if not counts:
        return []
    top = max(counts.values())
    return [v for v, c in counts.items() if c == top]


def quantiles(data, *, n=4, method='exclusive'):
    """n-1 cut points dividing data into n equal-probability intervals."""
    if n < 1:
        raise StatisticsError('n must be at least 1')
    s = sorted(data)
    size = len(s)
    if size < 2:
        if size == 1:
            return s * (n - 1)
        raise StatisticsError('must have at least one data point')
    out = []
    if method == 'inclusive':
        span = size - 1
        for i in range(1, n):
            j, frac = divmod(i * span, n)
            out.append((s[j] * (n - frac) + s[j + 1] * frac) / n)
        return out
    if method == 'exclusive':
        span = size + 1
        for i in range(1, n):
            j = min(max(i * span // n, 1), size - 1)
            frac = i * span - j * n
            out.append((s[j - 1] * (n - frac) + s[j] * frac) / n)
        return out
    raise ValueError(f'Unknown method: {method!r}')


# ---- spread ----------------------------------------------------------------------------------
def variance(data, xbar=None):
    """Sample variance (n - 1 in the denominator)."""
    T, ss, _, n = _sq_deviations(data, xbar)
    if n < 2:
        raise StatisticsError('variance requires at least two data points')
    return _to_type(ss / (n - 1), T)


def pvariance(data, mu=None):
    """Population variance."""
    T, ss, _, n = _sq_deviations(data, mu)
    if n < 1:
        raise StatisticsError('pvariance requires at least one data point')
    return _to_type(ss / n, T)


def _root(ms, T):
    if not isinstance(ms, Fraction):
        return math.sqrt(ms)
    return _sqrt_frac(ms.numerator, ms.denominator)


def stdev(data, xbar=None):
    """Sample standard deviation: the correctly rounded root of variance()."""
    T, ss, _, n = _sq_deviations(data, xbar)
    if n < 2:
        raise StatisticsError('stdev requires at least two data points')
    return _root(ss / (n - 1), T)


def pstdev(data, mu=None):
    """Population standard deviation."""
    T, ss, _, n = _sq_deviations(data, mu)
    if n < 1:
        raise StatisticsError('pstdev requires at least one data point')
    return _root(ss / n, T)


# ---- relations between two inputs ------------------------------------------------------------
def _check_pair(x, y, what):
    n = len(x)
    if len(y) != n:
        raise StatisticsError(f'{what} requires that both inputs have same number of data points')
    if n < 2:
        raise StatisticsError(f'{what} requires at least two data points')
    return n


def covariance(x, y, /):
    """Sample covariance of two inputs."""
    n = _check_pair(x, y, 'covariance')
    xm = math.fsum(x) / n
    ym = math.fsum(y) / n
    return _dot([a - xm for a in x], [b - ym for b in y]) / (n - 1)


def _sqrt_of_product(a, b):
    """sqrt(a * b) with a correction step, scaling to dodge overflow and underflow."""
    h = math.sqrt(a * b)
    if not math.isfinite(h):
        if math.isinf(h) and not math.isinf(a) and not math.isinf(b):
            k = 2.0 ** -512
            return _sqrt_of_product(k * a, k * b) / k
        return h
    if not h:
        if a and b:
            k = 2.0 ** 537
            return _sqrt_of_product(k * a, k * b) / k
        return h
    return h + _dot((a, h), (b, -h)) / (2.0 * h)


def _ranks(values, start):
    """Ranks (ties share their mean rank) of values, numbered from start."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        r = start + (i + j) / 2
        for k in range(i, j + 1):
            ranks[order[k]] = r
        i = j + 1
    return ranks


def correlation(x, y, /, *, method='linear'):
    """Pearson's (linear) or Spearman's (ranked) correlation coefficient."""
    n = _check_pair(x, y, 'correlation')
    if method not in ('linear', 'ranked'):
        raise ValueError(f'Unknown method: {method!r}')
    if method == 'ranked':
        start = (n - 1) / -2
        xs = _ranks(x, start)
        ys = _ranks(y, start)
    else:
        xm = math.fsum(x) / n
        ym = math.fsum(y) / n
        xs = [a - xm for a in x]
        ys = [b - ym for b in y]
    sxy = _dot(xs, ys)
    sxx = _dot(xs, xs)
    syy = _dot(ys, ys)
    try:
        return sxy / _sqrt_of_product(sxx, syy)
    except ZeroDivisionError:
        raise StatisticsError('at least one of the inputs is constant') from None


LinearRegression = namedtuple('LinearRegression', 'slope intercept')


def linear_regression(x, y, /, *, proportional=False):
    """Least-squares slope and intercept (intercept 0 when proportional)."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError('linear regression requires that both inputs have same number of data points')
    if n < 2:
        raise StatisticsError('linear regression requires at least two data points')
    if proportional:
        xs, ys = x, y
    else:
        xm = math.fsum(x) / n
        ym = math.fsum(y) / n
        xs = [a - xm for a in x]
        ys = [b - ym for b in y]
    sxy = _dot(xs, ys) + 0.0
    sxx = _dot(xs, xs)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError('x is constant') from None
    intercept = 0.0 if proportional else ym - slope * xm
    return LinearRegression(slope, intercept)


# ---- NormalDist --------------------------------------------------------------------------------
def _std_normal_quantile(p):
    """The standard normal quantile: Newton-Halley steps on erfc from a rational
    start, always solved in the lower tail (where 1 - p is exact)."""
    if p == 0.5:
        return 0.0
    if p > 0.5:
        return -_std_normal_quantile(1.0 - p)
    t = math.sqrt(-2.0 * math.log(p))
    z = -(t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
          (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t))
    rt2 = math.sqrt(2.0)
    norm = math.sqrt(2.0 * math.pi)
    for _ in range(100):
        cdf = 0.5 * math.erfc(-z / rt2)
        pdf = math.exp(-0.5 * z * z) / norm
        if not pdf:
            break
        step = (cdf - p) / pdf
        step = step / (1.0 + 0.5 * z * step)
        z -= step
        if abs(step) <= 2e-16 * abs(z):
            break
    return z


class NormalDist:
    """A normal distribution with mean mu and standard deviation sigma."""

    __slots__ = {'_mu': 'Arithmetic mean of a normal distribution',
                 '_sigma': 'Standard deviation of a normal distribution'}

    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError('sigma must be non-negative')
        self._mu, self._sigma = float(mu), float(sigma)

    @classmethod
    def from_samples(cls, data):
        T, ss, m, n = _sq_deviations(data)
        if n < 2:
            raise StatisticsError('stdev requires at least two data points')
        return cls(float(m), _root(ss / (n - 1), T))

    def samples(self, n, *, seed=None):
        uniform = _random.Random(seed).random if seed is not None else _random.random
        centre, spread = self._mu, self._sigma
        return [centre + spread * _std_normal_quantile(uniform()) for _ in range(n)]

    def _need_spread(self, what):
        if not self._sigma:
            raise StatisticsError('%s() not defined when sigma is zero' % what)

    def pdf(self, x):
        self._need_spread('pdf')
        var = self._sigma * self._sigma
        gap = x - self._mu
        return math.exp(gap * gap / (-2.0 * var)) / math.sqrt(math.tau * var)

    def cdf(self, x):
        self._need_spread('cdf')
        return 0.5 * math.erfc((self._mu - x) / (self._sigma * math.sqrt(2.0)))

    def inv_cdf(self, p):
        if not 0.0 < p < 1.0:
            raise StatisticsError('p must be in the range 0.0 < p < 1.0')
        return self._mu + self._sigma * _std_normal_quantile(p)

    def quantiles(self, n=4):
        return [self.inv_cdf(k / n) for k in range(1, n)]

    def overlap(self, other):
        if NormalDist not in type(other).__mro__:
            raise TypeError('Expected another NormalDist instance')
        # Order the pair so `narrow` has the smaller (sigma, mu).
        narrow, wide = sorted((self, other), key=lambda nd: (nd._sigma, nd._mu))
        va, vb = narrow.variance, wide.variance
        if not (va and vb):
            raise StatisticsError('overlap() not defined when sigma is zero')
        dv = vb - va
        dm = math.fabs(wide._mu - narrow._mu)
        if not dv:
            return 2.0 * NormalDist(dm, 2.0 * narrow._sigma).cdf(0)
        a = narrow._mu * vb - wide._mu * va
        b = narrow._sigma * wide._sigma * math.sqrt(dm * dm + dv * math.log(vb / va))
        missing = 0.0
        for cut in ((a + b) / dv, (a - b) / dv):
            missing += math.fabs(wide.cdf(cut) - narrow.cdf(cut))
        return 1.0 - missing

    def zscore(self, x):
        self._need_spread('zscore')
        offset = x - self._mu
        return offset / self._sigma

    mean = property(lambda self: self._mu, doc='Arithmetic mean of the normal distribution.')
    median = property(lambda self: self._mu, doc='Return the median of the normal distribution')
    mode = property(lambda self: self._mu, doc='Return the mode of the normal distribution')
    stdev = property(lambda self: self._sigma, doc='Standard deviation of the normal distribution.')
    variance = property(lambda self: self._sigma * self._sigma, doc='Square of the standard deviation.')

    # Arithmetic: a constant shifts or scales the distribution; two
    # independent NormalDists add their means and their variances.
    def _combine(self, other, sign):
        if isinstance(other, NormalDist):
            return NormalDist(self._mu + sign * other._mu, math.hypot(self._sigma, other._sigma))
        return NormalDist(self._mu + sign * other, self._sigma)

    def __add__(self, other):
        return self._combine(other, 1)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, NormalDist):
            return NormalDist(self._mu - other._mu, math.hypot(self._sigma, other._sigma))
        return NormalDist(self._mu - other, self._sigma)

    def __rsub__(self, other):
        return -self.__sub__(other)

    def __mul__(self, k):
        return NormalDist(self._mu * k, math.fabs(k) * self._sigma)

    __rmul__ = __mul__

    def __truediv__(self, k):
        return NormalDist(self._mu / k, self._sigma / math.fabs(k))

    def __pos__(self):
        return NormalDist(self._mu, self._sigma)

    def __neg__(self):
        return NormalDist(-self._mu, self._sigma)

    def __eq__(self, other):
        if isinstance(other, NormalDist):
            return (self._mu, self._sigma) == (other._mu, other._sigma)
        return NotImplemented

    def __hash__(self):
        return hash((self.mean, self.stdev))

    def __repr__(self):
        return '%s(mu=%r, sigma=%r)' % (type(self).__name__, self._mu, self._sigma)
