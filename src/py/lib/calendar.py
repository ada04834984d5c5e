"""calendar for Sandkiste: text and HTML calendars (Gregorian, English names)."""
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
        return f'bad month number {self.month!r}; must be 1-12'


class IllegalWeekdayError(ValueError):
    def __init__(self, weekday):
        self.weekday = weekday

    def __str__(self):
        return f'bad weekday number {self.weekday!r}; must be 0 (Monday) to 6 (Sunday)'


_MONTH_WORDS = ('January February March April May June July August '
                'September October November December').split()
_DAY_WORDS = 'Monday Tuesday Wednesday Thursday Friday Saturday Sunday'.split()

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


globals().update((e.name, e) for e in [*Month, *Day])


class _Names:
    # read-only sequence of month or weekday names
    def __init__(self, seq):
        self._seq = tuple(seq)

    def __getitem__(self, i):
        return self._seq[i]

    def __len__(self):
        return len(self._seq)

    def __iter__(self):
        return iter(self._seq)


month_name = _Names([''] + _MONTH_WORDS)
month_abbr = _Names([''] + [w[:3] for w in _MONTH_WORDS])
day_name = _Names(_DAY_WORDS)
day_abbr = _Names(w[:3] for w in _DAY_WORDS)
standalone_month_name = month_name
standalone_month_abbr = month_abbr

# days per month in a common year (index 0 unused)
mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def isleap(year):
    if year % 400 == 0:
        return True
    return year % 4 == 0 and year % 100 != 0


def _leaps_upto(y):
    # leap years in 1 .. y (y >= 0); negative y works with floor division too
    return y // 4 - y // 100 + y // 400


def leapdays(y1, y2):
    return _leaps_upto(y2 - 1) - _leaps_upto(y1 - 1)


def weekday(year, month, day):
    if year < datetime.MINYEAR or year > datetime.MAXYEAR:
        year = 2000 + year % 400      # the Gregorian cycle repeats every 400 years
    when = datetime.date(year, month, day)
    return Day(when.weekday())


def _need_month(month):
    if month < 1 or month > 12:
        raise IllegalMonthError(month)


def _length(year, month):
    if month == 2 and isleap(year):
        return 29
    return mdays[month]


def monthrange(year, month):
    _need_month(month)
    return weekday(year, month, 1), _length(year, month)


def _step(year, month, delta):
    # (year, month) moved by delta months (delta is -1 or +1 here)
    k = year * 12 + month - 1 + delta
    return k // 12, k % 12 + 1


def _chunks(seq, size):
    seq = list(seq)
    return [seq[at:at + size] for at in range(0, len(seq), size)]


class Calendar:
    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def getfirstweekday(self):
        return self._first % 7

    def setfirstweekday(self, firstweekday):
        self._first = firstweekday

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        start = self.firstweekday
        for k in range(7):
            yield (start + k) % 7

    def _padding(self, year, month):
        # (blank cells before day 1, days in month, blank cells after the last day)
        dow, count = monthrange(year, month)
        lead = (dow - self.firstweekday) % 7
        return lead, count, -(lead + count) % 7

    def itermonthdays(self, year, month):
        lead, count, trail = self._padding(year, month)
        return iter([0] * lead + list(range(1, count + 1)) + [0] * trail)

    def itermonthdays2(self, year, month):
        col = self.firstweekday
        for d in self.itermonthdays(year, month):
            yield d, col % 7
            col += 1

    def itermonthdays3(self, year, month):
        lead, count, trail = self._padding(year, month)
        py, pm = _step(year, month, -1)
        top = _length(py, pm)
        for d in range(top - lead + 1, top + 1):
            yield py, pm, d
        for d in range(1, count + 1):
            yield year, month, d
        ny, nm = _step(year, month, 1)
        for d in range(1, trail + 1):
            yield ny, nm, d

    def itermonthdays4(self, year, month):
        col = self.firstweekday
        for ymd in self.itermonthdays3(year, month):
            yield ymd + (col % 7,)
            col += 1

    def itermonthdates(self, year, month):
        for ymd in self.itermonthdays3(year, month):
            yield datetime.date(*ymd)

    def monthdatescalendar(self, year, month):
        return _chunks(self.itermonthdates(year, month), 7)

    def monthdays2calendar(self, year, month):
        return _chunks(self.itermonthdays2(year, month), 7)

    def monthdayscalendar(self, year, month):
        return _chunks(self.itermonthdays(year, month), 7)

    def _by_rows(self, per_month, year, width):
        return _chunks([per_month(year, m) for m in range(1, 13)], width)

    def yeardatescalendar(self, year, width=3):
        return self._by_rows(self.monthdatescalendar, year, width)

    def yeardays2calendar(self, year, width=3):
        return self._by_rows(self.monthdays2calendar, year, width)

    def yeardayscalendar(self, year, width=3):
        return self._by_rows(self.monthdayscalendar, year, width)


def _show(text):
    print(text, end='')


def _side_by_side(texts, width, gap):
    return (' ' * gap).join(t.center(width) for t in texts)


class TextCalendar(Calendar):
    def prweek(self, theweek, width):
        _show(self.formatweek(theweek, width))

    def formatday(self, day, weekday, width):
        text = '%2i' % day if day else ''
        return text.center(width)

    def formatweek(self, theweek, width):
        cells = [self.formatday(d, wd, width) for d, wd in theweek]
        return ' '.join(cells)

    def formatweekday(self, day, width):
        full = day_name[day] if width >= 9 else day_abbr[day]
        return full[:width].center(width)

    def formatweekheader(self, width):
        return ' '.join([self.formatweekday(k, width) for k in self.iterweekdays()])

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        _need_month(themonth)
        title = month_name[themonth]
        if withyear:
            title += ' ' + repr(theyear)
        return title.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        _show(self.formatmonth(theyear, themonth, w, l))

    def formatmonth(self, theyear, themonth, w=0, l=0):
        w = w if w > 2 else 2
        nl = '\n' * (l if l > 1 else 1)
        lines = [self.formatmonthname(theyear, themonth, 7 * w + 6),
                 self.formatweekheader(w)]
        lines += [self.formatweek(wk, w) for wk in self.monthdays2calendar(theyear, themonth)]
        return ''.join(s.rstrip() + nl for s in lines)

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        w = w if w > 2 else 2
        c = c if c > 2 else 2
        nl = '\n' * (l if l > 1 else 1)
        box = 7 * w + 6
        rows = [repr(theyear).center(box * m + c * (m - 1))]
        head = self.formatweekheader(w)
        first = 1
        for band in self.yeardays2calendar(theyear, m):
            nums = range(first, first + len(band))
            first += len(band)
            rows.append('')
            rows.append(_side_by_side([self.formatmonthname(theyear, k, box, False) for k in nums], box, c))
            rows.append(_side_by_side([head] * len(band), box, c))
            tallest = max(len(weeks) for weeks in band)
            for r in range(tallest):
                cells = [self.formatweek(weeks[r], w) if r < len(weeks) else '' for weeks in band]
                rows.append(_side_by_side(cells, box, c))
        return ''.join(s.rstrip() + nl for s in rows)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        _show(self.formatyear(theyear, w, l, c, m))


class HTMLCalendar(Calendar):
    cssclasses = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
    cssclasses_weekday_head = cssclasses
    cssclass_noday = 'noday'
    cssclass_month_head = 'month'
    cssclass_month = 'month'
    cssclass_year_head = 'year'
    cssclass_year = 'year'

    def formatday(self, day, weekday):
        if not day:
            return f'<td class="{self.cssclass_noday}">&nbsp;</td>'
        return f'<td class="{self.cssclasses[weekday]}">{day}</td>'

    def formatweek(self, theweek):
        return '<tr>' + ''.join([self.formatday(d, wd) for d, wd in theweek]) + '</tr>'

    def formatweekday(self, day):
        css = self.cssclasses_weekday_head[day]
        return f'<th class="{css}">{day_abbr[day]}</th>'

    def formatweekheader(self):
        return '<tr>' + ''.join([self.formatweekday(k) for k in self.iterweekdays()]) + '</tr>'

    def formatmonthname(self, theyear, themonth, withyear=True):
        title = month_name[themonth]
        if withyear:
            title = f'{title} {theyear}'
        return f'<tr><th colspan="7" class="{self.cssclass_month_head}">{title}</th></tr>'

    def formatmonth(self, theyear, themonth, withyear=True):
        parts = [f'<table border="0" cellpadding="0" cellspacing="0" class="{self.cssclass_month}">',
                 self.formatmonthname(theyear, themonth, withyear=withyear),
                 self.formatweekheader()]
        parts += [self.formatweek(wk) for wk in self.monthdays2calendar(theyear, themonth)]
        return '\n'.join(parts[:3]) + '\n' + ''.join(wk + '\n' for wk in parts[3:]) + '</table>\n'

    def formatyear(self, theyear, width=3):
        per_row = width if width > 1 else 1
        out = [f'<table border="0" cellpadding="0" cellspacing="0" class="{self.cssclass_year}">\n',
               f'<tr><th colspan="{per_row}" class="{self.cssclass_year_head}">{theyear}</th></tr>']
        for first in range(1, 13, per_row):
            cells = ['<td>%s</td>' % self.formatmonth(theyear, m, withyear=False)
                     for m in range(first, min(first + per_row, 13))]
            out.append('<tr>' + ''.join(cells) + '</tr>')
        out.append('</table>')
        return ''.join(out)

    def formatyearpage(self, theyear, width=3, css='calendar.css', encoding=None):
        enc = encoding or 'utf-8'
        head = ['<?xml version="1.0" encoding="%s"?>' % enc,
                '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
                '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
                '<html>', '<head>',
                '<meta http-equiv="Content-Type" content="text/html; charset=%s" />' % enc]
        if css is not None:
            head.append('<link rel="stylesheet" type="text/css" href="%s" />' % css)
        head += ['<title>Calendar for %d</title>' % theyear, '</head>', '<body>', '']
        page = '\n'.join(head) + self.formatyear(theyear, width) + '</body>\n</html>\n'
        return page.encode(enc, 'xmlcharrefreplace')


LocaleTextCalendar = TextCalendar
LocaleHTMLCalendar = HTMLCalendar

# module-level functions share one TextCalendar
c = TextCalendar()


def setfirstweekday(firstweekday):
    if not 0 <= firstweekday <= 6:
        raise IllegalWeekdayError(firstweekday)
    c.setfirstweekday(firstweekday)


calendar = c.formatyear
firstweekday = c.getfirstweekday
month = c.formatmonth
monthcalendar = c.monthdayscalendar
prcal = c.pryear
prmonth = c.prmonth
prweek = c.prweek
week = c.formatweek
weekheader = c.formatweekheader


def formatstring(cols, colwidth=20, spacing=6):
    return _side_by_side(cols, colwidth, spacing)


def format(cols, colwidth=20, spacing=6):
    print(_side_by_side(cols, colwidth, spacing))


EPOCH = 1970
_DAY0 = datetime.date(EPOCH, 1, 1).toordinal()


def timegm(tuple):
    y, mo, d, hh, mm, ss = tuple[:6]
    days = datetime.date(y, mo, 1).toordinal() + d - 1 - _DAY0
    return days * 86400 + hh * 3600 + mm * 60 + ss
