"""calendar for Sandkiste: month and year calendars (Gregorian, English names).

Layouts and values follow CPython's module; the code is our own.
"""
import datetime
from enum import IntEnum, global_enum

__all__ = ['IllegalMonthError', 'IllegalWeekdayError', 'setfirstweekday', 'firstweekday', 'isleap', 'leapdays',
           'weekday', 'monthrange', 'monthcalendar', 'prmonth', 'month', 'prcal', 'calendar', 'timegm',
           'month_name', 'month_abbr', 'day_name', 'day_abbr', 'Calendar', 'TextCalendar', 'HTMLCalendar',
           'LocaleTextCalendar', 'LocaleHTMLCalendar', 'weekheader', 'Day', 'Month', 'JANUARY', 'FEBRUARY',
           'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER',
           'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']

error = ValueError


class IllegalMonthError(ValueError):
    def __init__(self, month):
        self.month = month

    def __str__(self):
        return 'bad month number %r; must be 1-12' % self.month


class IllegalWeekdayError(ValueError):
    def __init__(self, weekday):
        self.weekday = weekday

    def __str__(self):
        return 'bad weekday number %r; must be 0 (Monday) to 6 (Sunday)' % self.weekday


@global_enum
class Month(IntEnum):
    JANUARY = 1
    FEBRUARY = 2
    MARCH = 3
    APRIL = 4
    MAY = 5
    JUNE = 6
    JULY = 7
    AUGUST = 8
    SEPTEMBER = 9
    OCTOBER = 10
    NOVEMBER = 11
    DECEMBER = 12


@global_enum
class Day(IntEnum):
    MONDAY = 0
    TUESDAY = 1
    WEDNESDAY = 2
    THURSDAY = 3
    FRIDAY = 4
    SATURDAY = 5
    SUNDAY = 6


for _m in Month:
    globals()[_m.name] = _m
for _d in Day:
    globals()[_d.name] = _d

_MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
mdays = _MONTH_DAYS


class _NameList:
    """Month or day names, indexable like a list."""

    def __init__(self, names):
        self._names = names

    def __getitem__(self, i):
        return self._names[i]

    def __len__(self):
        return len(self._names)

    def __iter__(self):
        return iter(self._names)


_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
           'November', 'December']
_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
month_name = _NameList([''] + _MONTHS)
month_abbr = _NameList([''] + [m[:3] for m in _MONTHS])
day_name = _NameList(_DAYS)
day_abbr = _NameList([d[:3] for d in _DAYS])
standalone_month_name = month_name
standalone_month_abbr = month_abbr


def isleap(year):
    """True for Gregorian leap years."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def leapdays(y1, y2):
    """Leap years in [y1, y2)."""
    y1 -= 1
    y2 -= 1
    return (y2 // 4 - y1 // 4) - (y2 // 100 - y1 // 100) + (y2 // 400 - y1 // 400)


def weekday(year, month, day):
    """Day of the week (0 is Monday)."""
    if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
        year = 2000 + year % 400
    return Day(datetime.date(year, month, day).weekday())


def _validate_month(month):
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)


def monthrange(year, month):
    """(weekday of the 1st, number of days) for the month."""
    _validate_month(month)
    first = weekday(year, month, 1)
    return first, _MONTH_DAYS[month] + (month == 2 and isleap(year))


def _monthlen(year, month):
    return _MONTH_DAYS[month] + (month == 2 and isleap(year))


def _prevmonth(year, month):
    return (year - 1, 12) if month == 1 else (year, month - 1)


def _nextmonth(year, month):
    return (year + 1, 1) if month == 12 else (year, month + 1)


class Calendar:
    """Calendar computations; the week starts on firstweekday (0 is Monday)."""

    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def getfirstweekday(self):
        return self._firstweekday % 7

    def setfirstweekday(self, firstweekday):
        self._firstweekday = firstweekday

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        for i in range(self.firstweekday, self.firstweekday + 7):
            yield i % 7

    def itermonthdays3(self, year, month):
        """(year, month, day) triples for full weeks around the month."""
        first, ndays = monthrange(year, month)
        before = (first - self.firstweekday) % 7
        after = (self.firstweekday - first - ndays) % 7
        py, pm = _prevmonth(year, month)
        plen = _monthlen(py, pm)
        for d in range(plen - before + 1, plen + 1):
            yield py, pm, d
        for d in range(1, ndays + 1):
            yield year, month, d
        ny, nm = _nextmonth(year, month)
        for d in range(1, after + 1):
            yield ny, nm, d

    def itermonthdays4(self, year, month):
        for i, (y, m, d) in enumerate(self.itermonthdays3(year, month)):
            yield y, m, d, (self.firstweekday + i) % 7

    def itermonthdates(self, year, month):
        for y, m, d in self.itermonthdays3(year, month):
            yield datetime.date(y, m, d)

    def itermonthdays(self, year, month):
        first, ndays = monthrange(year, month)
        before = (first - self.firstweekday) % 7
        yield from (0 for _ in range(before))
        yield from range(1, ndays + 1)
        after = (self.firstweekday - first - ndays) % 7
        yield from (0 for _ in range(after))

    def itermonthdays2(self, year, month):
        for i, d in enumerate(self.itermonthdays(year, month), self.firstweekday):
            yield d, i % 7

    def _weeks(self, items):
        items = list(items)
        return [items[i:i + 7] for i in range(0, len(items), 7)]

    def monthdatescalendar(self, year, month):
        return self._weeks(self.itermonthdates(year, month))

    def monthdays2calendar(self, year, month):
        return self._weeks(self.itermonthdays2(year, month))

    def monthdayscalendar(self, year, month):
        return self._weeks(self.itermonthdays(year, month))

    def _year_rows(self, monthly, year, width):
        months = [monthly(year, m) for m in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]

    def yeardatescalendar(self, year, width=3):
        return self._year_rows(self.monthdatescalendar, year, width)

    def yeardays2calendar(self, year, width=3):
        return self._year_rows(self.monthdays2calendar, year, width)

    def yeardayscalendar(self, year, width=3):
        return self._year_rows(self.monthdayscalendar, year, width)


def _columns(cols, colwidth, spacing):
    return (' ' * spacing).join(c.center(colwidth) for c in cols)


class TextCalendar(Calendar):
    """Calendars as plain text."""

    def prweek(self, theweek, width):
        print(self.formatweek(theweek, width), end='')

    def formatday(self, day, weekday, width):
        return ('' if day == 0 else '%2i' % day).center(width)

    def formatweek(self, theweek, width):
        return ' '.join(self.formatday(d, wd, width) for d, wd in theweek)

    def formatweekday(self, day, width):
        names = day_name if width >= 9 else day_abbr
        return names[day][:width].center(width)

    def formatweekheader(self, width):
        return ' '.join(self.formatweekday(i, width) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        _validate_month(themonth)
        s = month_name[themonth]
        if withyear:
            s = '%s %r' % (s, theyear)
        return s.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        print(self.formatmonth(theyear, themonth, w, l), end='')

    def formatmonth(self, theyear, themonth, w=0, l=0):
        w = max(2, w)
        l = max(1, l)
        out = self.formatmonthname(theyear, themonth, 7 * (w + 1) - 1).rstrip() + '\n' * l
        out += self.formatweekheader(w).rstrip() + '\n' * l
        for week in self.monthdays2calendar(theyear, themonth):
            out += self.formatweek(week, w).rstrip() + '\n' * l
        return out

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        w = max(2, w)
        l = max(1, l)
        c = max(2, c)
        colwidth = (w + 1) * 7 - 1
        out = [repr(theyear).center(colwidth * m + c * (m - 1)).rstrip(), '\n' * l]
        header = self.formatweekheader(w)
        for i, row in enumerate(self.yeardays2calendar(theyear, m)):
            months = range(m * i + 1, min(m * (i + 1) + 1, 13))
            out.append('\n' * l)
            out.append(_columns((self.formatmonthname(theyear, k, colwidth, False) for k in months),
                                colwidth, c).rstrip())
            out.append('\n' * l)
            out.append(_columns((header for _ in months), colwidth, c).rstrip())
            out.append('\n' * l)
            for j in range(max(len(cal) for cal in row)):
                weeks = [self.formatweek(cal[j], w) if j < len(cal) else '' for cal in row]
                out.append(_columns(weeks, colwidth, c).rstrip())
                out.append('\n' * l)
        return ''.join(out)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        print(self.formatyear(theyear, w, l, c, m), end='')


class HTMLCalendar(Calendar):
    """Calendars as HTML tables."""

    cssclasses = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
    cssclasses_weekday_head = cssclasses
    cssclass_noday = 'noday'
    cssclass_month_head = 'month'
    cssclass_month = 'month'
    cssclass_year_head = 'year'
    cssclass_year = 'year'

    def formatday(self, day, weekday):
        if day == 0:
            return '<td class="%s">&nbsp;</td>' % self.cssclass_noday
        return '<td class="%s">%d</td>' % (self.cssclasses[weekday], day)

    def formatweek(self, theweek):
        return '<tr>%s</tr>' % ''.join(self.formatday(d, wd) for d, wd in theweek)

    def formatweekday(self, day):
        return '<th class="%s">%s</th>' % (self.cssclasses_weekday_head[day], day_abbr[day])

    def formatweekheader(self):
        return '<tr>%s</tr>' % ''.join(self.formatweekday(i) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, withyear=True):
        s = '%s %s' % (month_name[themonth], theyear) if withyear else '%s' % month_name[themonth]
        return '<tr><th colspan="7" class="%s">%s</th></tr>' % (self.cssclass_month_head, s)

    def formatmonth(self, theyear, themonth, withyear=True):
        v = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_month, '\n',
             self.formatmonthname(theyear, themonth, withyear=withyear), '\n', self.formatweekheader(), '\n']
        for week in self.monthdays2calendar(theyear, themonth):
            v.append(self.formatweek(week))
            v.append('\n')
        v.append('</table>')
        v.append('\n')
        return ''.join(v)


LocaleTextCalendar = TextCalendar
LocaleHTMLCalendar = HTMLCalendar

c = TextCalendar()
firstweekday = c.getfirstweekday
monthcalendar = c.monthdayscalendar
prweek = c.prweek
week = c.formatweek
weekheader = c.formatweekheader
prmonth = c.prmonth
month = c.formatmonth
calendar = c.formatyear
prcal = c.pryear


def setfirstweekday(firstweekday):
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    c.firstweekday = firstweekday


def format(cols, colwidth=20, spacing=6):
    print(formatstring(cols, colwidth, spacing))


def formatstring(cols, colwidth=20, spacing=6):
    return _columns(cols, colwidth, spacing)


EPOCH = 1970
_EPOCH_ORD = datetime.date(EPOCH, 1, 1).toordinal()


def timegm(tuple):
    """Seconds since the epoch for a UTC time tuple."""
    year, month, day, hour, minute, second = tuple[:6]
    days = datetime.date(year, month, 1).toordinal() - _EPOCH_ORD + day - 1
    return ((days * 24 + hour) * 60 + minute) * 60 + second
