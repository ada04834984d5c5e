"""Time access and conversions over the sandbox clock (the time module)."""
import posix as _posix
import _timefmt as _tf

_STRUCT_FIELDS = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')


class struct_time:
    """The time value sequence returned by gmtime(), localtime() and strptime()."""
    __slots__ = ('_t', '_zone', '_gmtoff')
    n_sequence_fields = 9
    n_fields = 11
    n_unnamed_fields = 0

    def __init__(self, seq, extra=None):
        t = tuple(seq)
        if len(t) < 9:
            raise TypeError('time.struct_time() takes an at least 9-sequence (%d-sequence given)' % len(t))
        if len(t) > 11:
            raise TypeError('time.struct_time() takes an at most 11-sequence (%d-sequence given)' % len(t))
        self._t = t[:9]
        self._zone = t[9] if len(t) > 9 else (extra[0] if extra else None)
        self._gmtoff = t[10] if len(t) > 10 else (extra[1] if extra else None)

    def __repr__(self):
        return 'time.struct_time(' + ', '.join('%s=%r' % (n, v) for n, v in zip(_STRUCT_FIELDS, self._t)) + ')'

    def __getitem__(self, i):
        return self._t[i]

    def __len__(self):
        return 9

    def __iter__(self):
        return iter(self._t)

    def __eq__(self, other):
        if isinstance(other, struct_time):
            return self._t == other._t
        if isinstance(other, tuple):
            return self._t == other
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, struct_time):
            return self._t < other._t
        return NotImplemented

    def __hash__(self):
        return hash(self._t)

    def __reduce__(self):
        return (struct_time, (self._t,))

    def count(self, v):
        return self._t.count(v)

    def index(self, *a):
        return self._t.index(*a)

    tm_year = property(lambda self: self._t[0])
    tm_mon = property(lambda self: self._t[1])
    tm_mday = property(lambda self: self._t[2])
    tm_hour = property(lambda self: self._t[3])
    tm_min = property(lambda self: self._t[4])
    tm_sec = property(lambda self: self._t[5])
    tm_wday = property(lambda self: self._t[6])
    tm_yday = property(lambda self: self._t[7])
    tm_isdst = property(lambda self: self._t[8])
    tm_zone = property(lambda self: self._zone)
    tm_gmtoff = property(lambda self: self._gmtoff)


def _tzname():
    off = _posix._tzoffset()
    if off == 0:
        return 'UTC'
    return 'UTC' + _tf.format_offset(off, ':')


timezone = -_posix._tzoffset()
altzone = timezone
daylight = 0
tzname = (_tzname(), _tzname())
CLOCK_REALTIME = 0
CLOCK_MONOTONIC = 1
CLOCK_PROCESS_CPUTIME_ID = 2
CLOCK_THREAD_CPUTIME_ID = 3


def time():
    return _posix._time_ns() / 1e9


def time_ns():
    return _posix._time_ns()


def monotonic():
    return _posix._monotonic_ns() / 1e9


def monotonic_ns():
    return _posix._monotonic_ns()


perf_counter = monotonic
perf_counter_ns = monotonic_ns


def process_time():
    return _posix._monotonic_ns() / 1e9


def process_time_ns():
    return _posix._monotonic_ns()


thread_time = process_time
thread_time_ns = process_time_ns


def clock_gettime(clk_id):
    return time() if clk_id == CLOCK_REALTIME else monotonic()


def clock_gettime_ns(clk_id):
    return time_ns() if clk_id == CLOCK_REALTIME else monotonic_ns()


def get_clock_info(name):
    class _Info:
        pass
    info = _Info()
    info.implementation = 'sandbox'
    info.monotonic = name != 'time'
    info.adjustable = name == 'time'
    info.resolution = 1e-09
    return info


def sleep(secs):
    _posix._sleep(secs)


def _secs_arg(secs):
    if secs is None:
        return _posix._time_ns() // 1000000000
    if isinstance(secs, float):
        if secs != secs:
            raise ValueError('Invalid value NaN (not a number)')
        return int(secs // 1)
    if isinstance(secs, int):
        return secs
    raise TypeError("'%s' object cannot be interpreted as an integer" % type(secs).__name__)


def _struct(secs, off, zone):
    days, rem = divmod(secs + off, 86400)
    y, m, d = _tf.ord2ymd(days + 719163)
    hh, rem = divmod(rem, 3600)
    mm, ss = divmod(rem, 60)
    wday = (days + 3) % 7
    yday = _tf.days_before_month(y, m) + d
    return struct_time((y, m, d, hh, mm, ss, wday, yday, 0), (zone, off))


def gmtime(secs=None):
    return _struct(_secs_arg(secs), 0, 'UTC')


def localtime(secs=None):
    return _struct(_secs_arg(secs), _posix._tzoffset(), _tzname())


def _tuple_arg(t, fname):
    if t is None:
        return localtime()
    if isinstance(t, struct_time):
        return t
    if not isinstance(t, tuple):
        raise TypeError('Tuple or struct_time argument required')
    if len(t) != 9:
        raise TypeError('%s(): illegal time tuple argument' % fname)
    return struct_time(t)


def mktime(t):
    t = _tuple_arg(t, 'mktime')
    y, m, d, hh, mi, ss = t[0], t[1], t[2], t[3], t[4], t[5]
    y += (m - 1) // 12
    m = (m - 1) % 12 + 1
    days = _tf.days_before_year(y) + _tf.days_before_month(y, m) + d - 719163
    return float(days * 86400 + hh * 3600 + mi * 60 + ss - _posix._tzoffset())


def strftime(format, t=None):
    if not isinstance(format, str):
        raise TypeError('strftime() argument 1 must be str, not %s' % type(format).__name__)
    t = _tuple_arg(t, 'strftime')
    if not 1 <= t[1] <= 12 and t[1] != 0:
        raise ValueError('month out of range')
    wday = t[6]
    tt = (t[0], t[1] or 1, t[2] or 1, t[3], t[4], t[5], wday % 7, t[7] or 1)
    zone = t.tm_zone if isinstance(t, struct_time) else None
    off = t.tm_gmtoff if isinstance(t, struct_time) else None
    return _tf.strftime(format, tt, 0, zone, off)


def strptime(data_string, format='%a %b %d %H:%M:%S %Y'):
    r = _tf.strptime(data_string, format)
    return struct_time((r[0], r[1], r[2], r[3], r[4], r[5], r[10], r[11], -1),
                       (r[9], None if r[7] is None else r[7]))


def asctime(t=None):
    t = _tuple_arg(t, 'asctime')
    return _tf.strftime('%a %b %e %H:%M:%S %Y', (t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]))


def ctime(secs=None):
    return asctime(localtime(secs))


def tzset():
    pass
