"""Dates and times (CPython's datetime; messages of its C implementation).
The current time comes from the sandbox clock; local time is the sandbox's
fixed offset from UTC."""
import posix as _posix
import _sk
import _timefmt as _tf

__all__ = ('date', 'datetime', 'time', 'timedelta', 'timezone', 'tzinfo', 'MINYEAR', 'MAXYEAR', 'UTC')

MINYEAR = 1
MAXYEAR = 9999
_MAXORDINAL = 3652059
_MISSING = object()
_INT_MAX = 2147483647


# ---- argument binding as CPython's C functions do it ------------------------------------------------------------
def _bind(fname, args, kwargs, names, nreq, npos, convert=None):
    """PyArg_ParseTupleAndKeywords: fname None gives the anonymous 'function' wording."""
    total = len(names)
    nargs = len(args)
    nkw = len(kwargs)
    disp = 'function' if fname is None else fname + '()'
    if nargs + nkw > total:
        raise TypeError('%s takes at most %d %sargument%s (%d given)'
                        % (disp, total, 'keyword ' if nargs == 0 else '', '' if total == 1 else 's', nargs + nkw))
    if nargs > npos:
        if npos == 0:
            raise TypeError('%s takes no positional arguments' % disp)
        raise TypeError('%s takes %s %d positional argument%s (%d given)'
                        % (disp, 'at most' if nreq < npos else 'exactly', npos, '' if npos == 1 else 's', nargs))
    vals = []
    used = 0
    for i, name in enumerate(names):
        if i < nargs:
            v = args[i]
        elif name in kwargs:
            v = kwargs[name]
            used += 1
        else:
            v = _MISSING
        if v is _MISSING:
            if i < nreq:
                raise TypeError("%s missing required argument '%s' (pos %d)" % (disp, name, i + 1))
        elif convert is not None and convert[i] is not None:
            v = convert[i](v)
        vals.append(v)
    for i in range(nargs):
        if names[i] in kwargs:
            raise TypeError("argument for %s given by name ('%s') and position (%d)" % (disp, names[i], i + 1))
    if used < nkw:
        for k in kwargs:
            if k not in names:
                raise TypeError("%s got an unexpected keyword argument '%s'"
                                % ('this function' if fname is None else fname + '()', k))
    return vals


def _index(v):
    if isinstance(v, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    if not isinstance(v, int):
        try:
            v = v.__index__()
        except AttributeError:
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__) from None
    return int(v)


def _c_int(v):
    v = _index(v)
    if v > 9223372036854775807 or v < -9223372036854775808:
        raise OverflowError('Python int too large to convert to C long')
    if v > _INT_MAX:
        raise OverflowError('signed integer is greater than maximum')
    if v < -_INT_MAX - 1:
        raise OverflowError('signed integer is less than minimum')
    return v


def _check_date(year, month, day):
    if year < MINYEAR or year > MAXYEAR:
        raise ValueError('year must be in %d..%d, not %d' % (MINYEAR, MAXYEAR, year))
    if not 1 <= month <= 12:
        raise ValueError('month must be in 1..12, not %d' % month)
    dim = _tf.days_in_month(year, month)
    if not 1 <= day <= dim:
        raise ValueError('day %d must be in range 1..%d for month %d in year %d' % (day, dim, month, year))


_TIME_FIELD_TOPS = (('hour', 23), ('minute', 59), ('second', 59), ('microsecond', 999999))


def _check_time(hour, minute, second, microsecond, fold):
    for (label, top), value in zip(_TIME_FIELD_TOPS, (hour, minute, second, microsecond)):
        if value < 0 or value > top:
            raise ValueError('%s must be in 0..%d, not %d' % (label, top, value))
    if fold not in (0, 1):
        raise ValueError('fold must be either 0 or 1')


def _check_tzinfo(tz):
    if tz is None or isinstance(tz, tzinfo):
        return
    raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)


def _cmperror(x, y):
    raise TypeError("can't compare '%s' to '%s'" % (type(x).__name__, type(y).__name__))


def _local_offset():
    return _posix._tzoffset()


def _now_us():
    return _posix._time_ns() // 1000


# ---- timedelta -------------------------------------------------------------------------------------------------
def _td_component(name, v):
    if isinstance(v, (int, float)):
        return v
    raise TypeError('unsupported type for timedelta %s component: %s' % (name, type(v).__name__))


def _round_half_even(num, den):
    q, r = divmod(num, den)
    r2 = 2 * r
    if r2 > den or (r2 == den and q % 2 == 1):
        q += 1
    return q


def _td_micro(obj):
    """Microseconds of a timedelta operand, None for any other object."""
    return obj._us() if isinstance(obj, timedelta) else None


def _ordering(test, keyname, other_key):
    # A rich comparison: compare self's key with other_key(other), or give
    # NotImplemented when other_key cannot make sense of the operand.
    def compare(self, other):
        theirs = other_key(other)
        if theirs is None:
            return NotImplemented
        return test(getattr(self, keyname)(), theirs)
    return compare


class timedelta:
    __slots__ = ('_days', '_seconds', '_microseconds', '_hashcode')

    def __new__(cls, *args, **kwargs):
        names = ('days', 'seconds', 'microseconds', 'milliseconds', 'minutes', 'hours', 'weeks')
        vals = _bind('__new__', args, kwargs, names, 0, 7)
        factors = (86400000000, 1000000, 1, 1000, 60000000, 3600000000, 604800000000)
        num = 0
        den = 1
        for name, v, f in zip(names, vals, factors):
            if v is _MISSING:
                continue
            v = _td_component(name, v)
            if isinstance(v, float):
                if v != v or v in (float('inf'), float('-inf')):
                    raise ValueError('cannot convert float %s to integer' % ('NaN' if v != v else 'infinity'))
                n, d = v.as_integer_ratio()
                num = num * d + n * f * den
                den *= d
            else:
                num += int(v) * f * den
        us = _round_half_even(num, den) if den != 1 else num
        return cls._create(us)

    @classmethod
    def _create(cls, us):
        d, rem = divmod(us, 86400000000)
        s, us = divmod(rem, 1000000)
        if not -999999999 <= d <= 999999999:
            if not -_INT_MAX - 1 <= d <= _INT_MAX:
                raise OverflowError('Python int too large to convert to C int')
            raise OverflowError('days=%d; must have magnitude <= 999999999' % d)
        obj = object.__new__(cls)
        obj._days = d
        obj._seconds = s
        obj._microseconds = us
        obj._hashcode = -1
        return obj

    def _us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def total_seconds(self):
        return self._us() / 10 ** 6

    def __repr__(self):
        args = []
        if self._days:
            args.append('days=%d' % self._days)
        if self._seconds:
            args.append('seconds=%d' % self._seconds)
        if self._microseconds:
            args.append('microseconds=%d' % self._microseconds)
        if not args:
            args.append('0')
        return '%s(%s)' % (_type_label(self), ', '.join(args))

    def __str__(self):
        hours, rest = divmod(self._seconds, 3600)
        s = '%d:%02d:%02d' % ((hours,) + divmod(rest, 60))
        if self._days:
            s = '%d day%s, ' % (self._days, 's' if abs(self._days) != 1 else '') + s
        if self._microseconds:
            s = s + '.%06d' % self._microseconds
        return s

    # Arithmetic works on whole microseconds; a non-timedelta operand gives
    # NotImplemented so Python can try the reflected operation.
    def __add__(self, other):
        theirs = _td_micro(other)
        if theirs is None:
            return NotImplemented
        return timedelta._create(self._us() + theirs)

    __radd__ = __add__

    def __sub__(self, other):
        theirs = _td_micro(other)
        if theirs is None:
            return NotImplemented
        return timedelta._create(self._us() - theirs)

    def __rsub__(self, other):
        theirs = _td_micro(other)
        if theirs is None:
            return NotImplemented
        return timedelta._create(theirs - self._us())

    def __neg__(self):
        return timedelta._create(-self._us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._create(other * self._us())
        if not isinstance(other, float):
            return NotImplemented
        num, den = float.as_integer_ratio(other)
        return timedelta._create(_round_half_even(num * self._us(), den))

    __rmul__ = __mul__

    def __floordiv__(self, other):
        theirs = _td_micro(other)
        if theirs is not None:
            return self._us() // theirs
        if isinstance(other, int):
            return timedelta._create(self._us() // other)
        return NotImplemented

    def __truediv__(self, other):
        mine = self._us()
        theirs = _td_micro(other)
        if theirs is not None:
            return mine / theirs
        if isinstance(other, int):
            if other < 0:
                mine, other = -mine, -other
            return timedelta._create(_round_half_even(mine, other))
        if isinstance(other, float):
            num, den = float.as_integer_ratio(other)
            if num < 0:
                num, den = -num, -den
            return timedelta._create(_round_half_even(den * mine, num))
        return NotImplemented

    def __mod__(self, other):
        theirs = _td_micro(other)
        if theirs is None:
            return NotImplemented
        return timedelta._create(self._us() % theirs)

    def __divmod__(self, other):
        theirs = _td_micro(other)
        if theirs is None:
            return NotImplemented
        whole, rest = divmod(self._us(), theirs)
        return whole, timedelta._create(rest)

    __eq__ = _ordering(lambda a, b: a == b, '_us', _td_micro)
    __lt__ = _ordering(lambda a, b: a < b, '_us', _td_micro)
    __le__ = _ordering(lambda a, b: a <= b, '_us', _td_micro)
    __gt__ = _ordering(lambda a, b: a > b, '_us', _td_micro)
    __ge__ = _ordering(lambda a, b: a >= b, '_us', _td_micro)

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self._days, self._seconds, self._microseconds))
        return self._hashcode

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __reduce__(self):
        return (type(self), (self._days, self._seconds, self._microseconds))


timedelta.min = timedelta._create(-999999999 * 86400000000)
timedelta.max = timedelta._create(1000000000 * 86400000000 - 1)
timedelta.resolution = timedelta._create(1)


def _type_label(obj):
    # The module's own classes show as datetime.NAME, subclasses by bare name.
    cls = type(obj)
    if cls in (timedelta, date, time, datetime):
        return 'datetime.' + cls.__name__
    return cls.__qualname__


# ---- tzinfo / timezone -----------------------------------------------------------------------------------------------
class tzinfo:
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError('a tzinfo subclass must implement tzname()')

    def utcoffset(self, dt):
        raise NotImplementedError('a tzinfo subclass must implement utcoffset()')

    def dst(self, dt):
        raise NotImplementedError('a tzinfo subclass must implement dst()')

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError('fromutc() requires a datetime argument')
        if dt.tzinfo is not self:
            raise ValueError('dt.tzinfo is not self')
        dtoff = dt.utcoffset()
        if dtoff is None:
            raise ValueError('fromutc() requires a non-None utcoffset() result')
        dtdst = dt.dst()
        if dtdst is None:
            raise ValueError('fromutc() requires a non-None dst() result')
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst()
            if dtdst is None:
                raise ValueError('fromutc(): dt.dst gave inconsistent results; cannot convert')
        return dt + dtdst

    def __reduce__(self):
        return (type(self), ())


class timezone(tzinfo):
    """A fixed offset from UTC, optionally with a name."""
    __slots__ = ('_offset', '_name')

    def __new__(cls, *args, **kwargs):
        offset, name = _bind('timezone', args, kwargs, ('offset', 'name'), 1, 2)
        if not isinstance(offset, timedelta):
            raise TypeError('timezone() argument 1 must be datetime.timedelta, not %s' % _tn(offset))
        if name is _MISSING:
            if offset._us() == 0:
                return cls.utc
            name = None
        elif not isinstance(name, str):
            raise TypeError('timezone() argument 2 must be str, not %s' % _tn(name))
        if abs(offset._us()) >= 86400000000:
            raise ValueError('offset must be a timedelta strictly between -timedelta(hours=24) and '
                             'timedelta(hours=24), not %r' % (offset,))
        return cls._make(offset, name)

    @classmethod
    def _make(cls, offset, name):
        tz = tzinfo.__new__(cls)
        tz._offset = offset
        tz._name = name
        return tz

    def __getinitargs__(self):
        if self._name is not None:
            return self._offset, self._name
        return self._offset,

    def __reduce__(self):
        return timezone, self.__getinitargs__()

    def __eq__(self, other):
        if not isinstance(other, timezone):
            return NotImplemented
        return other._offset._us() == self._offset._us()

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return 'datetime.timezone.utc'
        inner = repr(self._offset)
        if self._name is not None:
            inner += ', ' + repr(self._name)
        return 'datetime.timezone(%s)' % inner

    def __str__(self):
        return self.tzname(None)

    def _check_arg(self, dt, what):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError('%s() argument must be a datetime instance or None' % what)

    def utcoffset(self, dt):
        self._check_arg(dt, 'utcoffset')
        return self._offset

    def tzname(self, dt):
        self._check_arg(dt, 'tzname')
        if self._name is not None:
            return self._name
        return _utc_label(self._offset)

    def dst(self, dt):
        self._check_arg(dt, 'dst')
        return None

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError('fromutc() argument must be a datetime instance or None')
        if dt.tzinfo is not self:
            raise ValueError('fromutc: dt.tzinfo is not self')
        return dt + self._offset


def _utc_label(delta):
    # 'UTC' for a zero offset, otherwise 'UTC+HH:MM[:SS[.ffffff]]'.
    if not delta:
        return 'UTC'
    return 'UTC' + _tf.format_offset(_offset_parts(delta), ':')


def _tn(v):
    return 'None' if v is None else type(v).__name__


timezone.utc = timezone._make(timedelta._create(0), None)
timezone.max = timezone._make(timedelta._create((23 * 60 + 59) * 60000000), None)
timezone.min = timezone._make(-timezone.max._offset, None)
UTC = timezone.utc


def _offset_parts(off):
    """timedelta offset -> (seconds, microseconds) with a common sign."""
    us = off._us()
    if us >= 0:
        return (us // 1000000, us % 1000000)
    return (-((-us) // 1000000), -((-us) % 1000000))


def _check_utc_offset(name, offset):
    if offset is None:
        return
    if not isinstance(offset, timedelta):
        raise TypeError('tzinfo.%s() must return None or timedelta, not %r' % (name, type(offset).__name__))
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError('offset must be a timedelta strictly between -timedelta(hours=24) and '
                         'timedelta(hours=24), not %r' % (offset,))


def _plain_date_key(obj):
    if isinstance(obj, datetime) or not isinstance(obj, date):
        return None
    return obj._cmp_key()


def _from_iso_text(text, build):
    # Shared by the fromisoformat constructors: type check, then map every
    # parse failure to CPython's message.
    if not isinstance(text, str):
        raise TypeError('fromisoformat: argument must be str')
    try:
        return build(text)
    except (IndexError, ValueError):
        pass
    raise ValueError('Invalid isoformat string: %r' % (text,))


def _whole_iso_date(text):
    y, m, d, used = _parse_iso_date(text)
    if used != len(text):
        raise ValueError(text)
    return y, m, d


def _split_iso_datetime(text):
    if len(text) < 7:
        raise ValueError(text)
    y, m, d, used = _parse_iso_date(text)
    tail = text[used:]
    if not tail:
        return y, m, d, 0, 0, 0, 0, None
    sep = tail[0]
    if sep not in 'Tt ' and not sep.isspace():
        raise ValueError(text)
    return (y, m, d) + tuple(_parse_iso_time(tail[1:]))


def _week_and_year_day(d):
    # (weekday with Monday = 0, day of the year) for struct_time.
    ordinal = _tf.ymd2ord(d._year, d._month, d._day)
    return ((ordinal - 1) % 7, _tf.days_before_month(d._year, d._month) + d._day)


def _clock_repr(obj, fields, keep, fold_first=False):
    # Constructor-style repr: trailing zero fields beyond the first `keep`
    # are left out; tzinfo and fold are shown only when set (datetime lists
    # fold first, time lists tzinfo first, as CPython does).
    while len(fields) > keep and fields[-1] == 0:
        fields.pop()
    extras = []
    if obj._tzinfo is not None:
        extras.append('tzinfo=%r' % (obj._tzinfo,))
    if obj._fold:
        extras.insert(0 if fold_first else len(extras), 'fold=1')
    text = ', '.join(['%d' % f for f in fields] + extras)
    return '%s(%s)' % (_type_label(obj), text)


def _format_via_strftime(self, fmt):
    if not isinstance(fmt, str):
        raise TypeError('must be str, not %s' % type(fmt).__name__)
    return self.strftime(fmt) if fmt else str(self)


# ---- date ---------------------------------------------------------------------------------------------------------------
class date:
    __slots__ = ('_year', '_month', '_day', '_hashcode')

    def __new__(cls, *args, **kwargs):
        year, month, day = _bind(None, args, kwargs, ('year', 'month', 'day'), 3, 3, (_c_int, _c_int, _c_int))
        _check_date(year, month, day)
        return cls._create(year, month, day)

    @classmethod
    def _create(cls, y, m, d):
        obj = object.__new__(cls)
        obj._year = y
        obj._month = m
        obj._day = d
        obj._hashcode = -1
        return obj

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, us = _local_from_us(_ts_to_us(t))
        return cls(y, m, d)

    @classmethod
    def today(cls):
        y, m, d, hh, mm, ss, us = _local_from_us(_now_us())
        return cls(y, m, d)

    @classmethod
    def fromordinal(cls, n):
        n = _index(n)
        if not 1 <= n <= _MAXORDINAL:
            raise ValueError('ordinal must be >= 1')
        y, m, d = _tf.ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        return _from_iso_text(date_string, lambda text: cls(*_whole_iso_date(text)))

    @classmethod
    def fromisocalendar(cls, year, week, day):
        if year < MINYEAR or year > MAXYEAR:
            raise ValueError('Year is out of range: %d' % year)
        if not 0 < week < 53:
            out_of_range = True
            if week == 53:
                first_weekday = _tf.ymd2ord(year, 1, 1) % 7
                if first_weekday == 4 or (first_weekday == 3 and _tf.is_leap(year)):
                    out_of_range = False
            if out_of_range:
                raise ValueError('Invalid week: %d' % week)
        if not 0 < day < 8:
            raise ValueError('Invalid weekday: %d (range is [1, 7])' % day)
        o = _tf.iso_week1_monday(year) + (week - 1) * 7 + (day - 1)
        return cls(*_tf.ord2ymd(o))

    @classmethod
    def strptime(cls, date_string, format):
        r = _tf.strptime(date_string, format)
        return cls(r[0], r[1], r[2])

    def __repr__(self):
        return '%s(%d, %d, %d)' % (_type_label(self), self._year, self._month, self._day)

    def ctime(self):
        return _tf.strftime('%a %b %e %H:%M:%S %Y', self._tt())

    def _tt(self):
        return (self._year, self._month, self._day, 0, 0, 0) + _week_and_year_day(self)

    def strftime(self, *args, **kwargs):
        format = _fmt_arg('strftime', args, kwargs)
        return _tf.strftime(format, self._tt())

    __format__ = _format_via_strftime

    def isoformat(self):
        return '%04d-%02d-%02d' % (self._year, self._month, self._day)

    __str__ = isoformat

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def timetuple(self):
        tt = self._tt()
        return _time_mod().struct_time((tt[0], tt[1], tt[2], 0, 0, 0, tt[6], tt[7], -1))

    def toordinal(self):
        return _tf.ymd2ord(self._year, self._month, self._day)

    def replace(self, *args, **kwargs):
        y, m, d = _bind('replace', args, kwargs, ('year', 'month', 'day'), 0, 3, (_c_int, _c_int, _c_int))
        return type(self)(self._year if y is _MISSING else y, self._month if m is _MISSING else m,
                          self._day if d is _MISSING else d)

    __replace__ = replace

    def _cmp_key(self):
        return (self._year, self._month, self._day)

    # A datetime is a date subclass but never compares with a plain date.
    __eq__ = _ordering(lambda a, b: a == b, '_cmp_key', _plain_date_key)
    __lt__ = _ordering(lambda a, b: a < b, '_cmp_key', _plain_date_key)
    __le__ = _ordering(lambda a, b: a <= b, '_cmp_key', _plain_date_key)
    __gt__ = _ordering(lambda a, b: a > b, '_cmp_key', _plain_date_key)
    __ge__ = _ordering(lambda a, b: a >= b, '_cmp_key', _plain_date_key)

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(('date', self._year, self._month, self._day))
        return self._hashcode

    def _shift_days(self, ndays):
        target = ndays + self.toordinal()
        if not 1 <= target <= _MAXORDINAL:
            raise OverflowError('date value out of range')
        return type(self).fromordinal(target)

    def __add__(self, other):
        if isinstance(other, timedelta):
            return self._shift_days(other.days)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self._shift_days(-other.days)
        if _plain_date_key(other) is None:
            return NotImplemented
        return timedelta(days=self.toordinal() - other.toordinal())

    def weekday(self):
        # Ordinal 1 (0001-01-01) was a Monday.
        return (self.toordinal() - 1) % 7

    def isoweekday(self):
        return 1 + self.weekday()

    def isocalendar(self):
        return _IsoCalendarDate(*_tf.isocalendar(self._year, self._month, self._day))

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day))


date.min = date(1, 1, 1)
date.max = date(MAXYEAR, 12, 31)
date.resolution = timedelta._create(86400000000)


class _IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    year = property(lambda self: self[0])
    week = property(lambda self: self[1])
    weekday = property(lambda self: self[2])

    def __repr__(self):
        return 'datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)' % tuple(self)

    def __reduce__(self):
        return (tuple, (tuple(self),))


_IsoCalendarDate.__name__ = _IsoCalendarDate.__qualname__ = 'IsoCalendarDate'


def _time_mod():
    import time
    return time


# ---- time -------------------------------------------------------------------------------------------------------------------
class time:
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_hashcode', '_fold')

    def __new__(cls, *args, **kwargs):
        vals = _bind(None, args, kwargs, ('hour', 'minute', 'second', 'microsecond', 'tzinfo', 'fold'), 0, 5,
                     (_c_int, _c_int, _c_int, _c_int, None, _c_int))
        h, m, s, us, tz, fold = [0 if v is _MISSING else v for v in vals[:4]] + [
            None if vals[4] is _MISSING else vals[4], 0 if vals[5] is _MISSING else vals[5]]
        _check_time(h, m, s, us, fold)
        _check_tzinfo(tz)
        return cls._create(h, m, s, us, tz, fold)

    @classmethod
    def _create(cls, h, m, s, us, tz, fold=0):
        obj = object.__new__(cls)
        obj._hour = h
        obj._minute = m
        obj._second = s
        obj._microsecond = us
        obj._tzinfo = tz
        obj._fold = fold
        obj._hashcode = -1
        return obj

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        off = self._tzinfo.utcoffset(None)
        _check_utc_offset('utcoffset', off)
        return off

    def dst(self):
        if self._tzinfo is None:
            return None
        off = self._tzinfo.dst(None)
        _check_utc_offset('dst', off)
        return off

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def _key(self):
        return ((self._hour * 60 + self._minute) * 60 + self._second) * 1000000 + self._microsecond

    def _cmp(self, other):
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        a = self._key()
        b = other._key()
        if myoff == otoff:
            return (a > b) - (a < b)
        if None in (myoff, otoff):
            return None
        a -= myoff._us()
        b -= otoff._us()
        return (a > b) - (a < b)

    def __eq__(self, other):
        if isinstance(other, time):
            c = self._cmp(other)
            return c == 0
        return NotImplemented

    def _order(self, other, op):
        if not isinstance(other, time):
            return NotImplemented
        c = self._cmp(other)
        if c is None:
            raise TypeError('cannot compare naive and aware times')
        return op(c)

    def __lt__(self, other):
        return self._order(other, lambda c: c < 0)

    def __le__(self, other):
        return self._order(other, lambda c: c <= 0)

    def __gt__(self, other):
        return self._order(other, lambda c: c > 0)

    def __ge__(self, other):
        return self._order(other, lambda c: c >= 0)

    def __hash__(self):
        if self._hashcode == -1:
            off = self.utcoffset()
            k = self._key()
            if off:
                k -= off._us()
            self._hashcode = hash(('time', k))
        return self._hashcode

    def __repr__(self):
        return _clock_repr(self, [self._hour, self._minute, self._second, self._microsecond], 2)

    def isoformat(self, timespec='auto'):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _tf.format_offset(_offset_parts(off), ':')
        return s

    __str__ = isoformat

    @classmethod
    def fromisoformat(cls, time_string):
        def build(text):
            if text.startswith('T'):
                text = text[1:]
            return cls(*_parse_iso_time(text))
        return _from_iso_text(time_string, build)

    @classmethod
    def strptime(cls, date_string, format):
        r = _tf.strptime(date_string, format)
        return cls(r[3], r[4], r[5], r[6], _tz_from_parsed(r))

    def strftime(self, *args, **kwargs):
        format = _fmt_arg('strftime', args, kwargs)
        tt = (1900, 1, 1, self._hour, self._minute, self._second, 0, 1)
        off = self.utcoffset()
        return _tf.strftime(format, tt, self._microsecond, self.tzname(), None if off is None else _offset_parts(off))

    __format__ = _format_via_strftime

    def replace(self, *args, **kwargs):
        names = ('hour', 'minute', 'second', 'microsecond', 'tzinfo', 'fold')
        vals = _bind('replace', args, kwargs, names, 0, 5, (_c_int, _c_int, _c_int, _c_int, None, _c_int))
        cur = (self._hour, self._minute, self._second, self._microsecond, self._tzinfo, self._fold)
        vals = [c if v is _MISSING else v for v, c in zip(vals, cur)]
        return type(self)(*vals[:5], fold=vals[5])

    __replace__ = replace

    def __bool__(self):
        return True

    def __reduce__(self):
        return (type(self), (self._hour, self._minute, self._second, self._microsecond, self._tzinfo))


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 10 ** 6 - 1)
time.resolution = timedelta._create(1)


_TIMESPEC_SHAPES = {
    'hours': lambda h, m, sec, us: '%02d' % h,
    'minutes': lambda h, m, sec, us: '%02d:%02d' % (h, m),
    'seconds': lambda h, m, sec, us: '%02d:%02d:%02d' % (h, m, sec),
    'milliseconds': lambda h, m, sec, us: '%02d:%02d:%02d.%03d' % (h, m, sec, us // 1000),
    'microseconds': lambda h, m, sec, us: '%02d:%02d:%02d.%06d' % (h, m, sec, us),
}


def _format_time(hh, mm, ss, us, timespec):
    if timespec == 'auto':
        shape = _TIMESPEC_SHAPES['microseconds' if us else 'seconds']
    else:
        shape = _TIMESPEC_SHAPES.get(timespec)
        if shape is None:
            raise ValueError('Unknown timespec value')
    return shape(hh, mm, ss, us)


def _fmt_arg(fname, args, kwargs):
    (fmt,) = _bind(fname, args, kwargs, ('format',), 1, 1)
    if not isinstance(fmt, str):
        raise TypeError('%s() argument 1 must be str, not %s' % (fname, _tn(fmt)))
    return fmt


def _tz_from_parsed(r):
    if r[7] is None:
        return None
    off = timedelta(seconds=r[7], microseconds=r[8])
    if r[9]:
        return timezone(off, r[9])
    return timezone(off)


# ---- ISO parsing ---------------------------------------------------------------------------------------------------------------
def _digits(s, i, n):
    part = s[i:i + n]
    if len(part) != n or not part.isdigit() or not part.isascii():
        raise ValueError
    return int(part)


def _parse_iso_date(s):
    """Returns (year, month, day, length consumed)."""
    y = _digits(s, 0, 4)
    if len(s) > 4 and s[4] == '-':
        if len(s) > 5 and s[5] == 'W':
            wk = _digits(s, 6, 2)
            n = 8
            day = 1
            if len(s) > 8 and s[8] == '-':
                day = _digits(s, 9, 1)
                n = 10
            d = date.fromisocalendar(y, wk, day)
            return d.year, d.month, d.day, n
        m = _digits(s, 5, 2)
        if s[7:8] != '-':
            raise ValueError
        d = _digits(s, 8, 2)
        return y, m, d, 10
    if len(s) > 4 and s[4] == 'W':
        wk = _digits(s, 5, 2)
        n = 7
        day = 1
        if len(s) > 7 and s[7].isdigit():
            day = _digits(s, 7, 1)
            n = 8
        d = date.fromisocalendar(y, wk, day)
        return d.year, d.month, d.day, n
    m = _digits(s, 4, 2)
    d = _digits(s, 6, 2)
    return y, m, d, 8


def _parse_hms(s):
    """hh[:mm[:ss[.fff]]] or hhmm[ss[.fff]] -> (h, m, s, us)."""
    h = _digits(s, 0, 2)
    i = 2
    m = sec = us = 0
    if i == len(s):
        return h, m, sec, us
    colon = s[i] == ':'
    if colon:
        i += 1
    m = _digits(s, i, 2)
    i += 2
    if i == len(s):
        return h, m, sec, us
    if colon:
        if s[i] != ':':
            raise ValueError
        i += 1
    sec = _digits(s, i, 2)
    i += 2
    if i == len(s):
        return h, m, sec, us
    if s[i] not in '.,':
        raise ValueError
    i += 1
    frac = s[i:]
    if not frac or not frac.isdigit() or not frac.isascii():
        raise ValueError
    frac = frac[:6]
    us = int(frac + '0' * (6 - len(frac)))
    return h, m, sec, us


def _parse_iso_time(s):
    tz = None
    for k, c in enumerate(s):
        if c in '+-Zz':
            tpart, tzpart = s[:k], s[k:]
            break
    else:
        tpart, tzpart = s, ''
    h, m, sec, us = _parse_hms(tpart)
    if tzpart:
        if tzpart in ('Z', 'z'):
            tz = timezone.utc
        else:
            sign = -1 if tzpart[0] == '-' else 1
            th, tm, ts, tus = _parse_hms(tzpart[1:])
            off = timedelta(hours=th, minutes=tm, seconds=ts, microseconds=tus)
            tz = timezone(sign * off) if off else timezone.utc
    if h == 24:
        if m or sec or us:
            raise ValueError
        h = 24
    return h, m, sec, us, tz


# ---- datetime -------------------------------------------------------------------------------------------------------------------------
def _ts_to_us(t):
    if isinstance(t, float):
        if t != t:
            raise ValueError('Invalid value NaN (not a number)')
        a, b = t.as_integer_ratio()
        return _round_half_even(a * 1000000, b)
    return _index(t) * 1000000


def _utc_from_us(us):
    days, rem = divmod(us, 86400000000)
    y, m, d = _tf.ord2ymd(days + 719163)
    secs, us = divmod(rem, 1000000)
    hh, rem = divmod(secs, 3600)
    mm, ss = divmod(rem, 60)
    return y, m, d, hh, mm, ss, us


def _local_from_us(us):
    return _utc_from_us(us + _local_offset() * 1000000)


class datetime(date):
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold')

    def __new__(cls, *args, **kwargs):
        names = ('year', 'month', 'day', 'hour', 'minute', 'second', 'microsecond', 'tzinfo', 'fold')
        vals = _bind(None, args, kwargs, names, 3, 8,
                     (_c_int, _c_int, _c_int, _c_int, _c_int, _c_int, _c_int, None, _c_int))
        y, mo, d = vals[:3]
        h, mi, s, us = [0 if v is _MISSING else v for v in vals[3:7]]
        tz = None if vals[7] is _MISSING else vals[7]
        fold = 0 if vals[8] is _MISSING else vals[8]
        _check_date(y, mo, d)
        _check_time(h, mi, s, us, fold)
        _check_tzinfo(tz)
        return cls._create_dt(y, mo, d, h, mi, s, us, tz, fold)

    @classmethod
    def _create_dt(cls, y, mo, d, h, mi, s, us, tz, fold=0):
        obj = object.__new__(cls)
        obj._year = y
        obj._month = mo
        obj._day = d
        obj._hour = h
        obj._minute = mi
        obj._second = s
        obj._microsecond = us
        obj._tzinfo = tz
        obj._fold = fold
        obj._hashcode = -1
        return obj

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def _from_us(cls, us, tz):
        """us since the epoch (UTC) -> datetime in tz (naive local when tz is None)."""
        if tz is None:
            return cls(*_local_from_us(us))
        y, mo, d, h, mi, s, u = _utc_from_us(us)
        utc = cls(y, mo, d, h, mi, s, u, tzinfo=tz)
        return tz.fromutc(utc)

    @classmethod
    def fromtimestamp(cls, *args, **kwargs):
        t, tz = _bind('fromtimestamp', args, kwargs, ('timestamp', 'tz'), 1, 2)
        tz = None if tz is _MISSING else tz
        _check_tzinfo(tz)
        return cls._from_us(_ts_to_us(t), tz)

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls(*_utc_from_us(_ts_to_us(t)))

    @classmethod
    def now(cls, *args, **kwargs):
        (tz,) = _bind('now', args, kwargs, ('tz',), 0, 1)
        tz = None if tz is _MISSING else tz
        _check_tzinfo(tz)
        return cls._from_us(_now_us(), tz)

    @classmethod
    def utcnow(cls):
        return cls(*_utc_from_us(_now_us()))

    @classmethod
    def today(cls):
        return cls._from_us(_now_us(), None)

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, _date_class):
            raise TypeError('combine() argument 1 must be datetime.date, not %s' % type(date).__name__)
        if not isinstance(time, _time_class):
            raise TypeError('combine() argument 2 must be datetime.time, not %s' % type(time).__name__)
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond,
                   tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        y, m, d, h, mi, sec, us, tz = _from_iso_text(date_string, _split_iso_datetime)
        if h != 24:
            return cls(y, m, d, h, mi, sec, us, tz)
        # 24:00 means midnight at the end of that day.
        return cls(y, m, d, 0, 0, 0, 0, tz) + timedelta._create(86400000000)

    @classmethod
    def strptime(cls, date_string, format):
        r = _tf.strptime(date_string, format)
        return cls(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _tz_from_parsed(r))

    def timetuple(self):
        dst = self.dst()
        isdst = -1 if dst is None else (1 if dst else 0)
        tt = self._tt()
        return _time_mod().struct_time((tt[0], tt[1], tt[2], tt[3], tt[4], tt[5], tt[6], tt[7], isdst))

    def utctimetuple(self):
        off = self.utcoffset()
        dt = self
        if off:
            dt = self - off
        tt = dt._tt()
        return _time_mod().struct_time((tt[0], tt[1], tt[2], tt[3], tt[4], tt[5], tt[6], tt[7], 0))

    def _tt(self):
        return ((self._year, self._month, self._day, self._hour, self._minute, self._second)
                + _week_and_year_day(self))

    def _epoch_us(self):
        days = _tf.ymd2ord(self._year, self._month, self._day) - 719163
        return ((days * 24 + self._hour) * 60 + self._minute) * 60000000 + self._second * 1000000 + self._microsecond

    def timestamp(self):
        if self._tzinfo is not None:
            return (self - _EPOCH)._us() / 1e6
        return (self._epoch_us() - 1000000 * _local_offset()) / 1e6

    def date(self):
        return date._create(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    def replace(self, *args, **kwargs):
        names = ('year', 'month', 'day', 'hour', 'minute', 'second', 'microsecond', 'tzinfo', 'fold')
        vals = _bind('replace', args, kwargs, names, 0, 8,
                     (_c_int, _c_int, _c_int, _c_int, _c_int, _c_int, _c_int, None, _c_int))
        cur = (self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond,
               self._tzinfo, self._fold)
        vals = [c if v is _MISSING else v for v, c in zip(vals, cur)]
        return type(self)(*vals[:8], fold=vals[8])

    __replace__ = replace

    def astimezone(self, tz=None):
        if tz is None:
            tz = timezone(timedelta(seconds=_local_offset()))
        elif not isinstance(tz, tzinfo):
            raise TypeError('astimezone() argument 1 must be datetime.tzinfo, not %s' % type(tz).__name__)
        mytz = self._tzinfo
        if mytz is None:
            us = self._epoch_us() - _local_offset() * 1000000
        else:
            off = self.utcoffset()
            if off is None:
                us = self._epoch_us() - _local_offset() * 1000000
            else:
                if tz is mytz:
                    return self
                us = self._epoch_us() - off._us()
        y, mo, d, h, mi, s, u = _utc_from_us(us)
        utc = datetime(y, mo, d, h, mi, s, u, tzinfo=tz)
        return tz.fromutc(utc)

    def ctime(self):
        return _tf.strftime('%a %b %e %H:%M:%S %Y', self._tt())

    def isoformat(self, sep='T', timespec='auto'):
        if not isinstance(sep, str) or len(sep) != 1:
            raise TypeError('isoformat() argument 1 must be a unicode character, not %s' % type(sep).__name__)
        s = '%04d-%02d-%02d%s' % (self._year, self._month, self._day, sep) + _format_time(
            self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _tf.format_offset(_offset_parts(off), ':')
        return s

    def __str__(self):
        return self.isoformat(' ')

    def __repr__(self):
        fields = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        return _clock_repr(self, fields, 5, True)

    def strftime(self, *args, **kwargs):
        format = _fmt_arg('strftime', args, kwargs)
        off = self.utcoffset()
        epoch = None
        if '%s' in format:
            epoch = int(self.timestamp()) if self._tzinfo is None else int(self.timestamp())
        return _tf.strftime(format, self._tt(), self._microsecond, self.tzname(),
                            None if off is None else _offset_parts(off), epoch)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        off = self._tzinfo.utcoffset(self)
        _check_utc_offset('utcoffset', off)
        return off

    def tzname(self):
        if self._tzinfo is None:
            return None
        label = self._tzinfo.tzname(self)
        if label is None or isinstance(label, str):
            return label
        raise TypeError('tzinfo.tzname() must return None or a string, not %s' % type(label).__name__)

    def dst(self):
        if self._tzinfo is None:
            return None
        off = self._tzinfo.dst(self)
        _check_utc_offset('dst', off)
        return off

    def _aware_key(self):
        off = self.utcoffset()
        if off is None:
            return None
        return self._epoch_us() - off._us()

    def _cmp(self, other, eq):
        mytz = self._tzinfo
        ottz = other._tzinfo
        if mytz is ottz:
            a, b = self._epoch_us(), other._epoch_us()
            return (a > b) - (a < b)
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if (myoff is None) != (otoff is None):
            if eq:
                return 2
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        if myoff is None:
            a, b = self._epoch_us(), other._epoch_us()
        else:
            a, b = self._epoch_us() - myoff._us(), other._epoch_us() - otoff._us()
        return (a > b) - (a < b)

    def _rich(self, other, test, equality):
        # Shared body of the six comparisons: datetimes compare by instant,
        # a plain date is never equal and cannot be ordered.
        if isinstance(other, datetime):
            return test(self._cmp(other, equality), 0)
        if not isinstance(other, date):
            return NotImplemented
        if equality:
            return test(1, 0)
        _cmperror(self, other)

    def __eq__(self, other):
        return self._rich(other, int.__eq__, True)

    def __ne__(self, other):
        return self._rich(other, int.__ne__, True)

    def __lt__(self, other):
        return self._rich(other, int.__lt__, False)

    def __le__(self, other):
        return self._rich(other, int.__le__, False)

    def __gt__(self, other):
        return self._rich(other, int.__gt__, False)

    def __ge__(self, other):
        return self._rich(other, int.__ge__, False)

    def __hash__(self):
        if self._hashcode == -1:
            k = self._aware_key()
            if k is None:
                k = self._epoch_us()
            self._hashcode = hash(('datetime', k))
        return self._hashcode

    def __add__(self, other):
        step = _td_micro(other)
        if step is None:
            return NotImplemented
        us = step + self._epoch_us()
        days = us // 86400000000
        if not 0 < days + 719163 <= _MAXORDINAL:
            raise OverflowError('date value out of range')
        y, mo, d, h, mi, s, u = _utc_from_us(us)
        return type(self)._create_dt(y, mo, d, h, mi, s, u, self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        step = _td_micro(other)
        if step is not None:
            return self + timedelta._create(-step)
        if not isinstance(other, datetime):
            return NotImplemented
        a = self._epoch_us()
        b = other._epoch_us()
        if self._tzinfo is not other._tzinfo:
            myoff = self.utcoffset()
            otoff = other.utcoffset()
            if (myoff is None) != (otoff is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            if myoff is not None:
                a -= myoff._us()
                b -= otoff._us()
        return timedelta._create(a - b)

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day, self._hour, self._minute, self._second,
                             self._microsecond, self._tzinfo))


_date_class = date
_time_class = time
datetime.min = datetime(MINYEAR, 1, 1)
datetime.max = datetime(MAXYEAR, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta._create(1)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

for _c, _n in ((timedelta, 'datetime.timedelta'), (date, 'datetime.date'), (time, 'datetime.time'),
               (datetime, 'datetime.datetime'), (tzinfo, 'datetime.tzinfo'), (timezone, 'datetime.timezone')):
    _sk.set_tpname(_c, _n)
del _c, _n

datetime_CAPI = None
