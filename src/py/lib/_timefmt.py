"""strftime/strptime for time and datetime (C locale, glibc's directives)."""

DAYS = ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')
MONTHS = ('January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
          'November', 'December')
_DAYS_BEFORE_MONTH = (0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def days_before_year(y):
    y -= 1
    return y * 365 + y // 4 - y // 100 + y // 400


def days_in_month(y, m):
    if m == 2 and is_leap(y):
        return 29
    return (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[m]


def days_before_month(y, m):
    return _DAYS_BEFORE_MONTH[m] + (m > 2 and is_leap(y))


def ymd2ord(y, m, d):
    return days_before_year(y) + days_before_month(y, m) + d


def ord2ymd(n):
    n -= 1
    n400, n = divmod(n, 146097)
    year = n400 * 400 + 1
    n100, n = divmod(n, 36524)
    n4, n = divmod(n, 1461)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leap = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leap)
    if preceding > n:
        month -= 1
        preceding -= (31 if month != 2 else 28) + (month == 2 and leap)
    n -= preceding
    return year, month, n + 1


def iso_week1_monday(year):
    first = ymd2ord(year, 1, 1)
    wd = (first + 6) % 7
    monday = first - wd
    if wd > 3:
        monday += 7
    return monday


def isocalendar(y, m, d):
    o = ymd2ord(y, m, d)
    week1 = iso_week1_monday(y)
    week, day = divmod(o - week1, 7)
    if week < 0:
        y -= 1
        week1 = iso_week1_monday(y)
        week, day = divmod(o - week1, 7)
    elif week >= 52:
        if o >= iso_week1_monday(y + 1):
            y += 1
            week = 0
    return y, week + 1, day + 1


def _pad(v, width, flag, fill='0'):
    s = str(v)
    if flag == '-':
        return s
    if flag == '_':
        fill = ' '
    if v < 0:
        return '-' + s[1:].rjust(width - 1, fill)
    return s.rjust(width, fill)


def strftime(fmt, tt, us=0, tzname=None, offset=None, epoch=None):
    """tt = (year, month, mday, hour, minute, second, wday (Mon=0), yday (1-based));
    offset = utcoffset in seconds (or a timedelta-like total) or None."""
    year, mon, mday, hour, minute, sec, wday, yday = tt[:8]
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        c = fmt[i]
        if c != '%':
            j = fmt.find('%', i)
            if j < 0:
                j = n
            out.append(fmt[i:j])
            i = j
            continue
        if i + 1 >= n:
            out.append('%')
            break
        i += 1
        flag = ''
        if fmt[i] in '-_0^#' and i + 1 < n:
            flag = fmt[i]
            i += 1
        d = fmt[i]
        i += 1
        if d == 'a':
            s = DAYS[wday][:3]
        elif d == 'A':
            s = DAYS[wday]
        elif d in 'bh':
            s = MONTHS[mon - 1][:3]
        elif d == 'B':
            s = MONTHS[mon - 1]
        elif d == 'c':
            s = strftime('%a %b %e %H:%M:%S %Y', tt, us, tzname, offset, epoch)
        elif d == 'C':
            s = _pad(year // 100, 2, flag)
        elif d == 'd':
            s = _pad(mday, 2, flag)
        elif d == 'D':
            s = strftime('%m/%d/%y', tt)
        elif d == 'e':
            s = _pad(mday, 2, flag or '_')
        elif d == 'f':
            s = '%06d' % us
        elif d == 'F':
            s = strftime('%Y-%m-%d', tt)
        elif d == 'G':
            s = str(isocalendar(year, mon, mday)[0])
        elif d == 'g':
            s = _pad(isocalendar(year, mon, mday)[0] % 100, 2, flag)
        elif d == 'H':
            s = _pad(hour, 2, flag)
        elif d == 'I':
            s = _pad(hour % 12 or 12, 2, flag)
        elif d == 'j':
            s = _pad(yday, 3, flag)
        elif d == 'k':
            s = _pad(hour, 2, flag or '_')
        elif d == 'l':
            s = _pad(hour % 12 or 12, 2, flag or '_')
        elif d == 'm':
            s = _pad(mon, 2, flag)
        elif d == 'M':
            s = _pad(minute, 2, flag)
        elif d == 'n':
            s = '\n'
        elif d == 'p':
            s = 'AM' if hour < 12 else 'PM'
        elif d == 'P':
            s = 'am' if hour < 12 else 'pm'
        elif d == 'r':
            s = strftime('%I:%M:%S %p', tt)
        elif d == 'R':
            s = strftime('%H:%M', tt)
        elif d == 's':
            if epoch is None:
                epoch = (ymd2ord(year, mon, mday) - 719163) * 86400 + hour * 3600 + minute * 60 + sec
            s = str(epoch)
        elif d == 'S':
            s = _pad(sec, 2, flag)
        elif d == 't':
            s = '\t'
        elif d == 'T':
            s = strftime('%H:%M:%S', tt)
        elif d == 'u':
            s = str(wday + 1)
        elif d == 'U':
            s = _pad((yday + 6 - (wday + 1) % 7) // 7, 2, flag)
        elif d == 'V':
            s = _pad(isocalendar(year, mon, mday)[1], 2, flag)
        elif d == 'w':
            s = str((wday + 1) % 7)
        elif d == 'W':
            s = _pad((yday + 6 - wday) // 7, 2, flag)
        elif d == 'x':
            s = strftime('%m/%d/%y', tt)
        elif d == 'X':
            s = strftime('%H:%M:%S', tt)
        elif d == 'y':
            s = _pad(year % 100, 2, flag)
        elif d == 'Y':
            s = str(year) if flag != '0' else '%04d' % year
        elif d == 'z':
            if offset is None:
                s = ''
            else:
                s = format_offset(offset, '')
        elif d == ':' and i < n and fmt[i] == 'z':
            i += 1
            s = '' if offset is None else format_offset(offset, ':')
        elif d == 'Z':
            s = tzname or ''
        elif d == '%':
            s = '%'
        else:
            s = '%' + flag + d
        if flag == '^':
            s = s.upper()
        elif flag == '#':
            s = s.swapcase()
        out.append(s)
    return ''.join(out)


def format_offset(off, sep):
    """off: seconds (int) plus optional microseconds as (secs, us) tuple."""
    if isinstance(off, tuple):
        secs, us = off
    else:
        secs, us = off, 0
    total = secs * 1000000 + us
    sign = '+'
    if total < 0:
        sign = '-'
        total = -total
    secs, us = divmod(total, 1000000)
    hh, rem = divmod(secs, 3600)
    mm, ss = divmod(rem, 60)
    s = '%s%02d%s%02d' % (sign, hh, sep, mm)
    if ss or us:
        s += '%s%02d' % (sep, ss)
        if us:
            s += '.%06d' % us
    return s


# ---- strptime ------------------------------------------------------------------------------------------
_DIRECTIVES = {
    'd': r'(?P<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])',
    'f': r'(?P<f>[0-9]{1,6})',
    'H': r'(?P<H>2[0-3]|[0-1]\d|\d)',
    'I': r'(?P<I>1[0-2]|0[1-9]|[1-9]| [1-9])',
    'G': r'(?P<G>\d\d\d\d)',
    'j': r'(?P<j>36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])',
    'm': r'(?P<m>1[0-2]|0[1-9]|[1-9])',
    'M': r'(?P<M>[0-5]\d|\d)',
    'S': r'(?P<S>6[0-1]|[0-5]\d|\d)',
    'U': r'(?P<U>5[0-3]|[0-4]\d|\d)',
    'w': r'(?P<w>[0-6])',
    'u': r'(?P<u>[1-7])',
    'V': r'(?P<V>5[0-3]|0[1-9]|[1-4]\d|\d)',
    'y': r'(?P<y>\d\d)',
    'Y': r'(?P<Y>\d\d\d\d)',
    'z': r'(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))',
    'a': '(?P<a>' + '|'.join(d[:3] for d in DAYS) + ')',
    'A': '(?P<A>' + '|'.join(DAYS) + ')',
    'b': '(?P<b>' + '|'.join(m[:3] for m in MONTHS) + ')',
    'B': '(?P<B>' + '|'.join(MONTHS) + ')',
    'p': '(?P<p>am|pm)',
    'Z': '(?P<Z>utc|gmt|[a-z]{3,5})',
    '%': '%',
}
_DIRECTIVES['W'] = _DIRECTIVES['U'].replace('U', 'W')
_DIRECTIVES['h'] = _DIRECTIVES['b']
_EXPAND = {'c': '%a %b %d %H:%M:%S %Y', 'x': '%m/%d/%y', 'X': '%H:%M:%S', 'D': '%m/%d/%y', 'T': '%H:%M:%S',
           'R': '%H:%M', 'F': '%Y-%m-%d', 'r': '%I:%M:%S %p', 'e': '%d'}
_regex_cache = {}


def _pattern(fmt):
    import re
    out = []
    i = 0
    n = len(fmt)
    seen = set()
    while i < n:
        c = fmt[i]
        if c == '%':
            if i + 1 >= n:
                raise ValueError("stray %% in format '%s'" % fmt)
            d = fmt[i + 1]
            i += 2
            if d in _EXPAND:
                out.append(_pattern(_EXPAND[d]))
                continue
            if d == ':' and i < n and fmt[i] == 'z':
                d = 'z'
                i += 1
            rx = _DIRECTIVES.get(d)
            if rx is None:
                raise ValueError("'%s' is a bad directive in format '%s'" % (d, fmt))
            if d in seen and d != '%':
                rx = '(?P=%s)' % d
            seen.add(d)
            out.append(rx)
        elif c.isspace():
            while i < n and fmt[i].isspace():
                i += 1
            out.append(r'\s+')
        else:
            out.append(re.escape(c))
            i += 1
    return ''.join(out)


def strptime(data, fmt):
    """Returns (year, month, day, hour, minute, second, us, offset_seconds or None, offset_us, tzname, wday, yday)."""
    import re
    if not isinstance(data, str):
        raise TypeError('strptime() argument 1 must be str, not %s' % type(data).__name__)
    if not isinstance(fmt, str):
        raise TypeError('strptime() argument 2 must be str, not %s' % type(fmt).__name__)
    rx = _regex_cache.get(fmt)
    if rx is None:
        rx = re.compile('(?i)' + _pattern(fmt))
        if len(_regex_cache) > 64:
            _regex_cache.clear()
        _regex_cache[fmt] = rx
    m = rx.match(data)
    if m is None:
        raise ValueError('time data %r does not match format %r' % (data, fmt))
    if len(data) != m.end():
        raise ValueError('unconverted data remains: %s' % data[m.end():])
    g = m.groupdict()
    year = None
    month = day = 1
    hour = minute = second = us = 0
    offset = None
    offset_us = 0
    tzname = None
    wday = None
    yday = None
    week = None
    week_start = None
    iso_year = iso_week = None
    for k, v in g.items():
        if v is None:
            continue
        if k == 'y':
            year = int(v)
            year += 2000 if year <= 68 else 1900
        elif k == 'Y':
            year = int(v)
        elif k == 'G':
            iso_year = int(v)
        elif k == 'm':
            month = int(v)
        elif k == 'B':
            month = [x.lower() for x in MONTHS].index(v.lower()) + 1
        elif k == 'b':
            month = [x[:3].lower() for x in MONTHS].index(v.lower()) + 1
        elif k == 'd':
            day = int(v)
        elif k == 'H':
            hour = int(v)
        elif k == 'I':
            hour = int(v)
            ampm = g.get('p')
            if ampm is None or ampm.lower() == 'am':
                if hour == 12:
                    hour = 0
            elif hour != 12:
                hour += 12
        elif k == 'M':
            minute = int(v)
        elif k == 'S':
            second = int(v)
        elif k == 'f':
            us = int(v + '0' * (6 - len(v)))
        elif k == 'A':
            wday = [x.lower() for x in DAYS].index(v.lower())
        elif k == 'a':
            wday = [x[:3].lower() for x in DAYS].index(v.lower())
        elif k == 'w':
            wday = (int(v) - 1) % 7
        elif k == 'u':
            wday = int(v) - 1
        elif k == 'j':
            yday = int(v)
        elif k in ('U', 'W'):
            week = int(v)
            week_start = 6 if k == 'U' else 0
        elif k == 'V':
            iso_week = int(v)
        elif k == 'z':
            if v == 'Z' or v == 'z':
                offset = 0
            else:
                sign = -1 if v[0] == '-' else 1
                body = v[1:].replace(':', '')
                hh = int(body[0:2])
                mm = int(body[2:4])
                ss = int(body[4:6]) if len(body) >= 6 else 0
                frac = body[7:] if len(body) > 7 else ''
                offset = sign * (hh * 3600 + mm * 60 + ss)
                if frac:
                    offset_us = sign * int(frac + '0' * (6 - len(frac)))
        elif k == 'Z':
            tzname = v
    if iso_year is not None and iso_week is not None and wday is not None:
        o = iso_week1_monday(iso_year) + (iso_week - 1) * 7 + wday
        year, month, day = ord2ymd(o)
    if year is None:
        year = 1900
    if yday is None and week is not None and wday is not None:
        first = ymd2ord(year, 1, 1)
        first_wd = (first + 6) % 7
        if week_start == 6:
            first_wd = (first_wd + 1) % 7
            wd = (wday + 1) % 7
        else:
            wd = wday
        if week == 0:
            yday = 1 + wd - first_wd
        else:
            days_to_week = (7 - first_wd) % 7
            yday = 1 + days_to_week + (week - 1) * 7 + wd
        if yday < 1:
            year -= 1
            yday += 366 if is_leap(year) else 365
    if yday is not None and g.get('m') is None and g.get('d') is None and g.get('b') is None and g.get('B') is None:
        o = ymd2ord(year, 1, 1) + yday - 1
        year, month, day = ord2ymd(o)
    if day > days_in_month(year, month):
        raise ValueError('day is out of range for month')
    if wday is None:
        wday = (ymd2ord(year, month, day) + 6) % 7
    if yday is None:
        yday = days_before_month(year, month) + day
    return (year, month, day, hour, minute, second, us, offset, offset_us, tzname, wday, yday)
