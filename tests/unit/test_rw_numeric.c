/* test_rw_numeric.c — the rewritten numeric and time modules (datetime,
 * decimal, fractions, statistics, random, uuid, secrets, timeit, locale,
 * bisect), each run as a program and compared with the output CPython 3.13
 * gives for the same program. */
#include "test.h"
#include "pymods_helper.h"

static pyt_out R;

TEST(rw_numeric_bisect)
{
    PYT(&R,
        "import bisect\n"
        "a=[1,2,2,2,3,5,8]\n"
        "for x in [0,1,2,4,8,9]:\n"
        "    print(x, bisect.bisect_left(a,x), bisect.bisect_right(a,x), bisect.bisect(a,x), bisect.bisect_left(a,x,2,5), bisect.bisect_right(a,x,1))\n"
        "b=[]\n"
        "for v in [5,1,4,1,5,9,2,6]:\n"
        "    bisect.insort(b,v)\n"
        "print(b)\n"
        "bisect.insort_left(b,5); bisect.insort_right(b,0,0,3); print(b)\n"
        "recs=[('a',1),('b',3),('c',5)]\n"
        "print(bisect.bisect_left(recs,3,key=lambda r:r[1]), bisect.bisect_right(recs,3,key=lambda r:r[1]))\n"
        "bisect.insort(recs,('d',4),key=lambda r:r[1]); print(recs)\n"
        "bisect.insort_left(recs,('e',3),key=lambda r:r[1]); print(recs)\n"
        "try: bisect.bisect_left(a,1,-1)\n"
        "except ValueError as e: print('VE', e)\n"
        "try: bisect.insort(a,1,-2)\n"
        "except ValueError as e: print('VE', e)\n"
        "class K:\n"
        "    def __init__(s,v): s.v=v\n"
        "    def __lt__(s,o):\n"
        "        print('lt', s.v, o.v if isinstance(o,K) else o); return s.v < (o.v if isinstance(o,K) else o)\n"
        "ks=[K(1),K(3),K(5)]\n"
        "print(bisect.bisect_left(ks,K(3))); print(bisect.bisect_right(ks,K(3)))\n"
        "print(bisect.bisect_left(a,3,hi=3), bisect.bisect_right(a, 2, lo=0, hi=None))\n"
        "print(sorted(x for x in dir(bisect) if not x.startswith('_')))\n");
    CHECK_STR(R.out,
        "0 0 0 0 2 1\n"
        "1 0 1 1 2 1\n"
        "2 1 4 4 2 4\n"
        "4 5 5 5 5 5\n"
        "8 6 7 7 5 7\n"
        "9 7 7 7 5 7\n"
        "[1, 1, 2, 4, 5, 5, 6, 9]\n"
        "[0, 1, 1, 2, 4, 5, 5, 5, 6, 9]\n"
        "1 2\n"
        "[('a', 1), ('b', 3), ('d', 4), ('c', 5)]\n"
        "[('a', 1), ('e', 3), ('b', 3), ('d', 4), ('c', 5)]\n"
        "VE lo must be non-negative\n"
        "VE lo must be non-negative\n"
        "lt 3 3\n"
        "lt 1 3\n"
        "1\n"
        "lt 3 3\n"
        "lt 3 5\n"
        "2\n"
        "3 4\n"
        "['bisect', 'bisect_left', 'bisect_right', 'insort', 'insort_left', 'insort_right']\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_secrets)
{
    PYT(&R,
        "import secrets\n"
        "print(len(secrets.token_bytes()), len(secrets.token_bytes(5)), len(secrets.token_hex()), len(secrets.token_hex(4)), len(secrets.token_urlsafe()), len(secrets.token_urlsafe(10)))\n"
        "print(type(secrets.token_bytes(3)).__name__, type(secrets.token_hex(3)).__name__)\n"
        "print(all(c in '0123456789abcdef' for c in secrets.token_hex(16)))\n"
        "print(all(0 <= secrets.randbelow(10) < 10 for _ in range(50)))\n"
        "print(secrets.choice([7]), 0 <= secrets.randbits(8) < 256, secrets.randbits(0))\n"
        "for bad in (0, -3):\n"
        "    try: secrets.randbelow(bad)\n"
        "    except ValueError as e: print('VE', e)\n"
        "print(secrets.compare_digest(b'ab', b'ab'), secrets.compare_digest('ab', 'ac'))\n"
        "print(isinstance(secrets.SystemRandom(), secrets.SystemRandom), secrets.DEFAULT_ENTROPY)\n"
        "print(sorted(secrets.__all__))\n"
        "print(secrets.token_bytes(0), secrets.token_hex(0), secrets.token_urlsafe(0))\n"
        "try: secrets.choice([])\n"
        "except IndexError as e: print('IE', e)\n");
    CHECK_STR(R.out,
        "32 5 64 8 43 14\n"
        "bytes str\n"
        "True\n"
        "True\n"
        "7 True 0\n"
        "VE Upper bound must be positive.\n"
        "VE Upper bound must be positive.\n"
        "True False\n"
        "True 32\n"
        "['SystemRandom', 'choice', 'compare_digest', 'randbelow', 'randbits', 'token_bytes', 'token_hex', 'token_urlsafe']\n"
        "b''  \n"
        "IE Cannot choose from an empty sequence\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_timeit)
{
    PYT(&R,
        "import timeit\n"
        "t = timeit.Timer('x = sum(range(10))')\n"
        "print(type(t.timeit(10)).__name__, len(t.repeat(3, 5)))\n"
        "print(timeit.timeit('pass', number=3) >= 0, len(timeit.repeat('pass', repeat=2, number=2)))\n"
        "n = [0]\n"
        "def f(): n[0] += 1\n"
        "timeit.timeit(f, number=7); print(n[0])\n"
        "timeit.Timer(f, setup=f).timeit(2); print(n[0])\n"
        "print(timeit.timeit('y', setup='y=3', number=2) >= 0)\n"
        "print(timeit.timeit('z+1', globals={'z': 5}, number=2) >= 0)\n"
        "try: timeit.Timer(5)\n"
        "except ValueError as e: print('VE', e)\n"
        "try: timeit.Timer('pass', 5)\n"
        "except ValueError as e: print('VE', e)\n"
        "calls=[]\n"
        "t = timeit.Timer(\"pass\", timer=lambda: len(calls) * len(calls) * 0.1 if not calls.append(1) else 0)\n"
        "print(t.autorange()[0] > 0)\n"
        "print(timeit.default_number, timeit.default_repeat, timeit.default_timer is __import__('time').perf_counter)\n"
        "print(sorted(timeit.__all__))\n"
        "c=[]\n"
        "ticks = []\n"
        "timeit.Timer('pass', timer=lambda: ticks.append(1) or 2 ** len(ticks) * 0.001).autorange(lambda n, e: c.append(n)); print(c[:3])\n"
        "try: timeit.timeit('1/0', number=1)\n"
        "except ZeroDivisionError as e: print('ZDE', e)\n");
    CHECK_STR(R.out,
        "float 3\n"
        "True 2\n"
        "7\n"
        "10\n"
        "True\n"
        "True\n"
        "VE stmt is neither a string nor callable\n"
        "VE setup is neither a string nor callable\n"
        "True\n"
        "1000000 5 True\n"
        "['Timer', 'default_timer', 'repeat', 'timeit']\n"
        "[1, 2, 5]\n"
        "ZDE division by zero\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_locale)
{
    PYT(&R,
        "import locale\n"
        "print(locale.LC_CTYPE, locale.LC_ALL, locale.CHAR_MAX)\n"
        "print(sorted(locale.localeconv().items()))\n"
        "print(locale.strcoll('a', 'b'), locale.strcoll('b', 'a'), locale.strcoll('a', 'a'), locale.strxfrm('abc'))\n"
        "print(locale.atof('3.5'), locale.atoi('42'), locale.str(3.14159265358979), locale.format_string('%d-%s', (3, 'x')), locale.format_string('%.2f', 2.5))\n"
        "print(locale.delocalize('1.5'), locale.localize('1.5'))\n"
        "try: locale.setlocale(locale.LC_ALL, 'xx_XX.bogus')\n"
        "except locale.Error as e: print('Err', e)\n"
        "try: locale.currency(5)\n"
        "except ValueError as e: print('VE', e)\n"
        "print(issubclass(locale.Error, Exception), locale.atof('2', int))\n"
        "print(locale.setlocale(locale.LC_NUMERIC, 'C.UTF-8'))\n"
        "print(locale.getlocale(locale.LC_NUMERIC))\n");
    CHECK_STR(R.out,
        "0 6 127\n"
        "[('currency_symbol', ''), ('decimal_point', '.'), ('frac_digits', 127), ('grouping', []), ('int_curr_symbol', ''), ('int_frac_digits', 127), ('mon_decimal_point', ''), ('mon_grouping', []), ('mon_thousands_sep', ''), ('n_cs_precedes', 127), ('n_sep_by_space', 127), ('n_sign_posn', 127), ('negative_sign', ''), ('p_cs_precedes', 127), ('p_sep_by_space', 127), ('p_sign_posn', 127), ('positive_sign', ''), ('thousands_sep', '')]\n"
        "-1 1 0 abc\n"
        "3.5 42 3.14159265359 3-x 2.50\n"
        "1.5 1.5\n"
        "Err unsupported locale setting\n"
        "VE Currency formatting is not possible using the 'C' locale.\n"
        "True 2\n"
        "C.UTF-8\n"
        "('C', 'UTF-8')\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_datetime_basics)
{
    PYT(&R,
        "from datetime import *\n"
        "import datetime as D\n"
        "td = timedelta(days=1, hours=2, minutes=3, seconds=4.5, milliseconds=6, microseconds=7, weeks=1)\n"
        "print(repr(td), str(td), td.total_seconds(), td.days, td.seconds, td.microseconds)\n"
        "a, b = timedelta(hours=5), timedelta(minutes=7)\n"
        "print(a+b, a-b, b-a, -a, +a, abs(-a), a*3, 3*a, a*1.5, a/4, a/b, a//b, a//3, a%b, divmod(a,b), a/2.5)\n"
        "print(a==b, a!=b, a<b, a<=b, a>b, a>=b, a==5, hash(a)==hash(timedelta(seconds=18000)), bool(timedelta()), bool(a))\n"
        "print(timedelta.min, timedelta.max, timedelta.resolution, repr(timedelta(0)), timedelta(microseconds=-1), timedelta(days=-1, seconds=5))\n"
        "print(timedelta(seconds=0.5e-6), timedelta(seconds=1.5e-6), timedelta(microseconds=2.5), a/7, timedelta(hours=1)*0.3333)\n"
        "d = date(2024, 2, 29)\n"
        "print(d, repr(d), d.year, d.month, d.day, d.weekday(), d.isoweekday(), d.isocalendar(), d.toordinal(), d.ctime(), d.isoformat())\n"
        "print(d + timedelta(days=1), d - timedelta(days=366), d - date(2000, 1, 1), timedelta(days=3) + d, d.replace(day=1), d.replace(year=2023, day=28))\n"
        "print(d == date(2024, 2, 29), d < date(2025, 1, 1), d >= date(2024, 3, 1), d != 5, d == datetime(2024,2,29))\n"
        "print(date.fromordinal(738000), date.fromisoformat('2021-03-04'), date.fromisoformat('20210304'), date.fromisocalendar(2020, 53, 7), date.min, date.max, date.resolution)\n"
        "print(d.strftime('%Y/%m/%d %a %A %b %B %j %U %W %%'), format(d, '%d.%m.%y'), format(d, ''), d.timetuple())\n"
        "print(date(2024,1,1).isocalendar().week, date(2021,1,1).isocalendar(), hash(d) == hash(date(2024,2,29)))\n"
        "t = time(12, 34, 56, 789)\n"
        "print(t, repr(t), t.hour, t.minute, t.second, t.microsecond, t.isoformat(), t.isoformat('minutes'), t.isoformat(timespec='milliseconds'), t.replace(hour=1), time(), bool(time()))\n"
        "print(time.fromisoformat('01:02:03.456'), time.fromisoformat('01:02'), time.fromisoformat('01:02:03+05:30'), time.min, time.max, time.resolution)\n"
        "tz = timezone(timedelta(hours=5, minutes=30), 'IST')\n"
        "t2 = time(1, 2, tzinfo=tz)\n"
        "print(t2, repr(t2), t2.utcoffset(), t2.tzname(), t2.dst(), t2 < time(1, 3, tzinfo=tz), t == time(12, 34, 56, 789), t < time(13))\n"
        "print(t == t2, t != 5, format(t, '%H-%M'), t.strftime('%I %p %f'))\n"
        "print(repr(tz), str(tz), tz.utcoffset(None), tz.tzname(None), tz.dst(None), timezone.utc, repr(timezone.utc), timezone(timedelta(hours=-3)), timezone(timedelta(0)), UTC is timezone.utc)\n"
        "print(timezone.min, timezone.max, tz == timezone(timedelta(hours=5, minutes=30)), hash(tz) == hash(timezone(timedelta(hours=5, minutes=30))), timezone(timedelta(seconds=90)), timezone(timedelta(microseconds=5)))\n");
    CHECK_STR(R.out,
        "datetime.timedelta(days=8, seconds=7384, microseconds=506007) 8 days, 2:03:04.506007 698584.506007 8 7384 506007\n"
        "5:07:00 4:53:00 -1 day, 19:07:00 -1 day, 19:00:00 5:00:00 5:00:00 15:00:00 15:00:00 7:30:00 1:15:00 42.857142857142854 42 1:40:00 0:06:00 (42, datetime.timedelta(seconds=360)) 2:00:00\n"
        "False True False False True True False True False True\n"
        "-999999999 days, 0:00:00 999999999 days, 23:59:59.999999 0:00:00.000001 datetime.timedelta(0) -1 day, 23:59:59.999999 -1 day, 0:00:05\n"
        "0:00:00 0:00:00.000002 0:00:00.000002 0:42:51.428571 0:19:59.880000\n"
        "2024-02-29 datetime.date(2024, 2, 29) 2024 2 29 3 4 datetime.IsoCalendarDate(year=2024, week=9, weekday=4) 738945 Thu Feb 29 00:00:00 2024 2024-02-29\n"
        "2024-03-01 2023-02-28 8825 days, 0:00:00 2024-03-03 2024-02-01 2023-02-28\n"
        "True True False True False\n"
        "2021-07-29 2021-03-04 2021-03-04 2021-01-03 0001-01-01 9999-12-31 1 day, 0:00:00\n"
        "2024/02/29 Thu Thursday Feb February 060 08 09 % 29.02.24 2024-02-29 time.struct_time(tm_year=2024, tm_mon=2, tm_mday=29, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=60, tm_isdst=-1)\n"
        "1 datetime.IsoCalendarDate(year=2020, week=53, weekday=5) True\n"
        "12:34:56.000789 datetime.time(12, 34, 56, 789) 12 34 56 789 12:34:56.000789 12:34 12:34:56.000 01:34:56.000789 00:00:00 True\n"
        "01:02:03.456000 01:02:00 01:02:03+05:30 00:00:00 23:59:59.999999 0:00:00.000001\n"
        "01:02:00+05:30 datetime.time(1, 2, tzinfo=datetime.timezone(datetime.timedelta(seconds=19800), 'IST')) 5:30:00 IST None True True True\n"
        "False True 12-34 12 PM 000789\n"
        "datetime.timezone(datetime.timedelta(seconds=19800), 'IST') IST 5:30:00 IST None UTC datetime.timezone.utc UTC-03:00 UTC True\n"
        "UTC-23:59 UTC+23:59 True True UTC+00:01:30 UTC+00:00:00.000005\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_datetime_aware)
{
    PYT(&R,
        "from datetime import *\n"
        "dt = datetime(2024, 3, 10, 14, 5, 6, 7000)\n"
        "print(dt, repr(dt), dt.date(), dt.time(), dt.timetz(), dt.isoformat(), dt.isoformat(' '), dt.isoformat(timespec='seconds'), dt.isoformat(sep='_', timespec='hours'), dt.ctime())\n"
        "print(dt + timedelta(hours=12), dt - timedelta(days=400), dt - datetime(2000, 1, 1), timedelta(1) + dt, dt.replace(minute=0), dt.weekday(), dt.toordinal())\n"
        "tz = timezone(timedelta(hours=-5))\n"
        "a = dt.replace(tzinfo=tz)\n"
        "print(a, repr(a), a.utcoffset(), a.tzname(), a.dst(), a.astimezone(timezone.utc), a.timestamp(), a.utctimetuple(), a.timetuple())\n"
        "print(a == datetime(2024, 3, 10, 19, 5, 6, 7000, tzinfo=timezone.utc), a < datetime(2025,1,1,tzinfo=timezone.utc), a == dt, a != dt, dt == date(2024,3,10), hash(a) == hash(a.astimezone(timezone.utc)))\n"
        "print(datetime.fromisoformat('2024-01-02T03:04:05.678+02:00'), datetime.fromisoformat('2024-01-02 03:04'), datetime.fromisoformat('2024-01-02'), datetime.fromisoformat('2024-01-02T03:04:05Z'))\n"
        "print(datetime.combine(date(2020, 5, 6), time(7, 8, tzinfo=tz)), datetime.combine(date(2020,5,6), time(1), tzinfo=timezone.utc))\n"
        "print(datetime.fromtimestamp(0, timezone.utc), datetime.fromtimestamp(1e9, tz=tz))\n"
        "print(datetime.min, datetime.max, datetime.resolution, datetime.strptime('2020-02-03 04:05', '%Y-%m-%d %H:%M'), datetime(2020, 1, 1).strftime('%Y %H:%M:%S %j %Z %z'), a.strftime('%z %Z'))\n"
        "print(format(dt, '%d/%m'), format(dt, ''), str(datetime(2020,1,1,0,0,0,1)), datetime(2020,1,1).timestamp() == datetime(2020,1,1).timestamp())\n"
        "print(datetime(2020,1,1,tzinfo=timezone.utc).timestamp(), datetime(2020, 1, 1, fold=1).fold, (datetime(2020,1,1,tzinfo=tz) - datetime(2020,1,1,tzinfo=timezone.utc)))\n"
        "print(dt >= dt, dt <= dt.replace(year=2025), dt > dt, datetime(2020,1,1) == datetime(2020,1,1,tzinfo=timezone.utc))\n"
        "print(date(2020,1,1) == datetime(2020,1,1), date(2020,1,1) != datetime(2020,1,1))\n"
        "class MyTZ(tzinfo):\n"
        "    def utcoffset(self, dt): return timedelta(hours=1)\n"
        "    def dst(self, dt): return timedelta(0)\n"
        "    def tzname(self, dt): return 'MY'\n"
        "m = datetime(2020, 6, 1, 12, tzinfo=MyTZ())\n"
        "print(m, m.astimezone(timezone.utc), m.tzname(), m.utcoffset(), m.dst(), (lambda z: z.fromutc(datetime(2020,1,1,tzinfo=z)))(MyTZ()))\n"
        "class Bad(tzinfo):\n"
        "    def utcoffset(self, dt): return timedelta(hours=25)\n"
        "    def tzname(self, dt): return 5\n"
        "print(datetime.fromisocalendar(2020, 1, 1), date(2020, 1, 1).__reduce__()[0].__name__, dt.replace(tzinfo=None) == dt)\n"
        "import copy\n"
        "print(copy.deepcopy(a) == a, copy.copy(dt), copy.copy(tz), copy.deepcopy(time(1,2,tzinfo=tz)))\n"
        "print(sorted([datetime(2020,1,3), datetime(2020,1,1), datetime(2020,1,2)])[0], max(date(2020,1,1), date(2021,1,1)), min(timedelta(1), timedelta(2)))\n");
    CHECK_STR(R.out,
        "2024-03-10 14:05:06.007000 datetime.datetime(2024, 3, 10, 14, 5, 6, 7000) 2024-03-10 14:05:06.007000 14:05:06.007000 2024-03-10T14:05:06.007000 2024-03-10 14:05:06.007000 2024-03-10T14:05:06 2024-03-10_14 Sun Mar 10 14:05:06 2024\n"
        "2024-03-11 02:05:06.007000 2023-02-04 14:05:06.007000 8835 days, 14:05:06.007000 2024-03-11 14:05:06.007000 2024-03-10 14:00:06.007000 6 738955\n"
        "2024-03-10 14:05:06.007000-05:00 datetime.datetime(2024, 3, 10, 14, 5, 6, 7000, tzinfo=datetime.timezone(datetime.timedelta(days=-1, seconds=68400))) -1 day, 19:00:00 UTC-05:00 None 2024-03-10 19:05:06.007000+00:00 1710097506.007 time.struct_time(tm_year=2024, tm_mon=3, tm_mday=10, tm_hour=19, tm_min=5, tm_sec=6, tm_wday=6, tm_yday=70, tm_isdst=0) time.struct_time(tm_year=2024, tm_mon=3, tm_mday=10, tm_hour=14, tm_min=5, tm_sec=6, tm_wday=6, tm_yday=70, tm_isdst=-1)\n"
        "True True False True False True\n"
        "2024-01-02 03:04:05.678000+02:00 2024-01-02 03:04:00 2024-01-02 00:00:00 2024-01-02 03:04:05+00:00\n"
        "2020-05-06 07:08:00-05:00 2020-05-06 01:00:00+00:00\n"
        "1970-01-01 00:00:00+00:00 2001-09-08 20:46:40-05:00\n"
        "0001-01-01 00:00:00 9999-12-31 23:59:59.999999 0:00:00.000001 2020-02-03 04:05:00 2020 00:00:00 001   -0500 UTC-05:00\n"
        "10/03 2024-03-10 14:05:06.007000 2020-01-01 00:00:00.000001 True\n"
        "1577836800.0 1 5:00:00\n"
        "True True False False\n"
        "False True\n"
        "2020-06-01 12:00:00+01:00 2020-06-01 11:00:00+00:00 MY 1:00:00 0:00:00 2020-01-01 01:00:00+01:00\n"
        "2019-12-30 00:00:00 date True\n"
        "True 2024-03-10 14:05:06.007000 UTC-05:00 01:02:00-05:00\n"
        "2020-01-01 00:00:00 2021-01-01 1 day, 0:00:00\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_decimal)
{
    PYT(&R,
        "import decimal\n"
        "from decimal import *\n"
        "D = Decimal\n"
        "print(D('1.10') + D('2.205'), D(1) / D(7), D('1.3') * D('-2.5'), D(10) // D(3), D(-10) % D(3), divmod(D(7), D(-2)), D(2) ** D('0.5'), D(2) ** 10, -D('0.0'), abs(D('-3.5')), +D('1.23456789012345678901234567890'))\n"
        "print(D(3) + 1, 1 + D(3), 2 - D('0.5'), D('0.5') - 2, 3 * D('1.5'), D(7) / 2, 7 / D(2), 7 // D(2), D(7) // 2, 7 % D(3), D(7) % 3, divmod(7, D(3)), divmod(D(7), 3), 2 ** D(3), D(2) ** 3, pow(D(3), 4, 5))\n"
        "print(D('1.5') == 1.5, D(1) == 1, D('0.1') < 0.2, D(1) < D(2), D(2) >= 2, D('NaN') == D('NaN'), D(1) != D(2), hash(D('1.5')) == hash(1.5), hash(D(7)) == hash(7), D('1.0') == D('1.00'))\n"
        "print(repr(D('1e10')), str(D('1E+2')), D('-0'), D('Infinity'), D('-inf'), D('nan'), D('sNaN'), D(0.1), D((1, (1, 2, 3), -2)), D('  3.4  '), D('1_000.5'), D(12345678901234567890))\n"
        "print(D('123.456').quantize(D('0.01')), D('2.5').quantize(D('1'), rounding=ROUND_HALF_UP), D('7.325').quantize(D('.01'), ROUND_DOWN), round(D('2.675'), 2), round(D('2.5')), round(D('3.5')), int(D('-7.9')), float(D('1.25')), D('1.2300').normalize(), D('0.00').normalize())\n"
        "print(D(2).sqrt(), D(10).ln(), D(100).log10(), D(1).exp(), D('0.5').exp(), D('-2').copy_abs(), D('2').copy_negate(), D(1).copy_sign(D(-0)), D('123.45').as_tuple(), D('1.5').as_integer_ratio(), D('7.5').to_integral_value(), D('7.5').to_integral_exact(rounding=ROUND_FLOOR))\n"
        "print(D('1.5').adjusted(), D('0.001').adjusted(), D(5).is_zero(), D(0).is_zero(), D('nan').is_nan(), D('inf').is_infinite(), D(-1).is_signed(), D('snan').is_snan(), D('1e-999999').is_subnormal(), D(1).is_normal(), D(1).is_finite(), D(1).is_canonical(), D(3).number_class(), D(-0).number_class())\n"
        "print(D(5).max(D(3)), D(5).min(3), D(-5).max_mag(3), D(1).compare(D(2)), D('nan').compare(D(1)), D(1).compare_total(D('1.0')), D(3).remainder_near(D(2)), D(10).fma(2, 3), D('1.5').logb(), D(100).scaleb(2), D(1).next_plus(), D(1).next_minus(), D(1).next_toward(D(2)), D(1).same_quantum(D('1.0')))\n"
        "print(D('1234567.891').__format__(',.2f'), format(D('1.5'), '>10'), format(D('0.000123'), '.2e'), format(D('12.5'), '%'), format(D('-1.234'), '+.1f'), f'{D(\"3.14159\"):.3}', format(D('1e20'), 'f'), format(D('1.5'), 'g'), format(D('nan'), ''))\n"
        "print(D('1E+5').to_eng_string(), D('1.23e-7').to_eng_string(), D('-1e3'), str(D('0.000001')), str(D('0.0000001')), D(1).__reduce__(), D('12').conjugate(), D(3).real, D(3).imag, complex(D('1.5')))\n"
        "c = getcontext(); print(c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp, repr(c)[:60])\n"
        "with localcontext() as lc:\n"
        "    lc.prec = 5; print(D(1) / D(3), lc.prec)\n"
        "    lc.rounding = ROUND_UP; print(D(2) / D(3))\n"
        "print(getcontext().prec, D(1)/D(3))\n"
        "with localcontext(prec=3, rounding=ROUND_FLOOR) as lc: print(D(2)/D(3), lc.rounding)\n"
        "ctx = Context(prec=6, traps=[DivisionByZero]); print(ctx.divide(D(1), D(3)), ctx.add(1, 2), ctx.sqrt(D(2)), ctx.create_decimal('1.23456789'), ctx.power(2, 10), ctx.quantize(D('1.2345'), D('0.01')), ctx.to_sci_string(D('1e5')), ctx.Etiny(), ctx.Etop())\n"
        "for bad in [lambda: D(1) / D(0), lambda: D('abc'), lambda: D(1) / 0, lambda: ctx.divide(1, 0), lambda: D(0) / D(0), lambda: D(1) + 'x', lambda: D('snan') + 1, lambda: D(-1).sqrt(), lambda: int(D('nan')), lambda: int(D('inf')), lambda: D(1).quantize(D('1e-30')), lambda: D([1]), lambda: D(1) < 1j, lambda: Context(prec=0), lambda: setattr(getcontext(), 'rounding', 'bad'), lambda: D(1.5) < D('nan'), lambda: D((2, (1,), 0))]:\n"
        "    try: print(bad())\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "c2 = Context(); c2.traps[DivisionByZero] = False; print(c2.divide(D(1), D(0)), c2.flags[DivisionByZero], c2.divide(D(0), D(0)) if not c2.traps[InvalidOperation] else 'trap')\n"
        "c3 = Context(traps=[]); print(c3.divide(D(0), D(0)), c3.flags[InvalidOperation], c3.sqrt(D(-1)))\n"
        "c4 = getcontext().copy(); c4.clear_flags(); c4.divide(D(1), D(3)); print(sorted(k.__name__ for k, v in c4.flags.items() if v))\n"
        "print(issubclass(DivisionByZero, ZeroDivisionError), issubclass(FloatOperation, TypeError), Underflow.__mro__[1].__name__, InvalidOperation.__module__, [k.__name__ for k in Overflow.__mro__])\n"
        "print(D.from_float(0.5), D.from_float(1.1), Decimal(5).as_tuple(), DecimalTuple(0, (1,), 0), MAX_PREC, MIN_ETINY, ROUND_05UP, D('1e999999') * 10 if False else '', ExtendedContext.prec, BasicContext.prec, DefaultContext.prec)\n"
        "print(sorted([D(3), D('1.5'), D(2)]), sum([D('0.1')] * 10), max(D(1), D(2)), D('1.00') + D('0.0'), D('5') - D('5'), D('-0') + D('0'), D('1e-10') * D('1e-10'), D('9.99e999999') * 10 if False else '')\n"
        "c5 = Context(Emax=10, Emin=-10, traps=[]); print(c5.multiply(D('1e10'), D(100)), c5.flags[Overflow], c5.divide(D('1e-10'), D(1000)), c5.flags[Underflow], c5.flags[Subnormal])\n"
        "import copy, math; print(copy.copy(D('1.5')), copy.deepcopy(D('2.5')), math.floor(D('-1.5')), math.ceil(D('-1.5')), math.trunc(D('-1.5')), D('1.5').__floor__())\n");
    CHECK_STR(R.out,
        "3.305 0.1428571428571428571428571429 -3.25 3 -1 (Decimal('-3'), Decimal('1')) 1.414213562373095048801688724 1024 0.0 3.5 1.234567890123456789012345679\n"
        "4 4 1.5 -1.5 4.5 3.5 3.5 3 3 1 1 (Decimal('2'), Decimal('1')) (Decimal('2'), Decimal('1')) 8 8 1\n"
        "True True True True True False True True True True\n"
        "Decimal('1E+10') 1E+2 -0 Infinity -Infinity NaN sNaN 0.1000000000000000055511151231257827021181583404541015625 -1.23 3.4 1000.5 12345678901234567890\n"
        "123.46 3 7.32 2.68 2 4 -7 1.25 1.23 0\n"
        "1.414213562373095048801688724 2.302585092994045684017991455 2 2.718281828459045235360287471 1.648721270700128146848650788 2 -2 1 DecimalTuple(sign=0, digits=(1, 2, 3, 4, 5), exponent=-2) (3, 2) 8 7\n"
        "0 -3 False True True True True True False True True True +Normal +Zero\n"
        "5 3 -5 -1 NaN 1 -1 23 0 1.00E+4 1.000000000000000000000000001 0.9999999999999999999999999999 1.000000000000000000000000001 False\n"
        "1,234,567.89        1.5 1.23e-4 1250% -1.2 3.14 100000000000000000000 1.5 NaN\n"
        "100E+3 123E-9 -1E+3 0.000001 1E-7 (<class 'decimal.Decimal'>, ('1',)) 12 3 0 (1.5+0j)\n"
        "28 ROUND_HALF_EVEN -999999 999999 1 0 Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Ema\n"
        "0.33333 5\n"
        "0.66667\n"
        "28 0.3333333333333333333333333333\n"
        "0.666 ROUND_FLOOR\n"
        "0.333333 3 1.41421 1.23457 1024 1.23 1E+5 -1000004 999994\n"
        "DivisionByZero [<class 'decimal.DivisionByZero'>]\n"
        "InvalidOperation [<class 'decimal.ConversionSyntax'>]\n"
        "DivisionByZero [<class 'decimal.DivisionByZero'>]\n"
        "DivisionByZero [<class 'decimal.DivisionByZero'>]\n"
        "InvalidOperation [<class 'decimal.DivisionUndefined'>]\n"
        "TypeError unsupported operand type(s) for +: 'decimal.Decimal' and 'str'\n"
        "InvalidOperation [<class 'decimal.InvalidOperation'>]\n"
        "InvalidOperation [<class 'decimal.InvalidOperation'>]\n"
        "ValueError cannot convert NaN to integer\n"
        "OverflowError cannot convert Infinity to integer\n"
        "InvalidOperation [<class 'decimal.InvalidOperation'>]\n"
        "ValueError argument must be a sequence of length 3\n"
        "TypeError '<' not supported between instances of 'decimal.Decimal' and 'complex'\n"
        "ValueError valid range for prec is [1, MAX_PREC]\n"
        "TypeError valid values for rounding are:\n"
        "  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n"
        "   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n"
        "   ROUND_05UP]\n"
        "InvalidOperation [<class 'decimal.InvalidOperation'>]\n"
        "ValueError sign must be an integer with the value 0 or 1\n"
        "Infinity True trap\n"
        "NaN True NaN\n"
        "['Inexact', 'Rounded']\n"
        "True True Inexact decimal ['Overflow', 'Inexact', 'Rounded', 'DecimalException', 'ArithmeticError', 'Exception', 'BaseException', 'object']\n"
        "0.5 1.100000000000000088817841970012523233890533447265625 DecimalTuple(sign=0, digits=(5,), exponent=0) DecimalTuple(sign=0, digits=(1,), exponent=0) 999999999999999999 -1999999999999999997 ROUND_05UP  9 9 28\n"
        "[Decimal('1.5'), Decimal('2'), Decimal('3')] 1.0 2 1.00 0 0 1E-20 \n"
        "Infinity True 1E-13 False True\n"
        "1.5 2.5 -2 -1 -1 1\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_fractions)
{
    PYT(&R,
        "from fractions import Fraction as F\n"
        "from decimal import Decimal\n"
        "import math\n"
        "print(F(3, 4), F(-6, 8), F(5), F('3/7'), F(' -1.5e3 '), F('7'), F('.5'), F('1_000/3'), F(0.1), F(Decimal('1.25')), F(F(1, 3)), F(True), F(2.5), F(-0.0))\n"
        "print(repr(F(1, 3)), F(1,3).numerator, F(1,3).denominator, F(6, -4), F(0, 5))\n"
        "a, b = F(1, 3), F(2, 5)\n"
        "print(a+b, a-b, a*b, a/b, a//b, a%b, divmod(a, b), a**2, a**-2, b**0, F(4, 9)**F(1, 2), 2**F(3), F(-8)**F(1,3) if False else 0)\n"
        "print(a+1, 1+a, a*2, 2-a, a/2, 2/a, a+0.5, 0.5+a, a*1j if False else '', a == F(2, 6), a == 1/3, a < b, a <= 0.4, a > 0, F(1,2) == 0.5, F(1) == 1, a != b)\n"
        "print(-a, +a, abs(F(-2, 3)), int(F(7, 2)), int(F(-7, 2)), float(a), round(F(7, 2)), round(F(5, 2)), round(F(1, 3), 2), round(F(-5, 2)), math.floor(F(-7, 2)), math.ceil(F(-7, 2)), math.trunc(F(-7, 2)), bool(F(0)))\n"
        "print(hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), hash(F(1, 3)), F(1,3).as_integer_ratio(), F(355, 113).limit_denominator(10), F('3.14159').limit_denominator(100), F(1, 3).is_integer(), F(4, 2).is_integer())\n"
        "print(F.from_float(0.25), F.from_decimal(Decimal('0.3')), F(10, 4).limit_denominator(1))\n"
        "print(format(F(1, 3), '.5f'), format(F(22, 7), '10.3f'), format(F(1,3), '') if hasattr(F, '__format__') else '', f'{F(5,4):.2%}', f'{F(-1,8):e}')\n"
        "for bad in [lambda: F(1, 0), lambda: F('abc'), lambda: F('1/0'), lambda: F(1.5, 2), lambda: F(float('nan')), lambda: F(float('inf')), lambda: a / 0, lambda: F([]), lambda: F(1,3).limit_denominator(0), lambda: F('1/-3'), lambda: a + 'x', lambda: a < 'x']:\n"
        "    try: print(bad())\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "print(sum([F(1, n) for n in range(1, 6)]), sorted([F(3,4), F(1,2), 0.6]), max(F(1,2), 1), F(7, 3) % -2, -F(7, 3) // 2, F(3,2)**-1, F(-3,2)**-3, 2 ** F(1,2), F(2,3) ** 0.5)\n"
        "import numbers\n"
        "print(isinstance(F(1), numbers.Rational), F(1, 3) == Decimal('1') if False else '', complex(F(1,2)), F(1,2) == complex(0.5, 0), F(1,2) + 1j if False else '')\n"
        "print(F(123456789, 1000) , str(F(-5)), F(1e-300)*10**300 > 0, F(2,4).__reduce__()[0].__name__ )\n"
        "import copy; print(copy.copy(a), copy.deepcopy(a), F(1, 3) * F(3, 1), F(0) ** 0)\n");
    CHECK_STR(R.out,
        "3/4 -3/4 5 3/7 -1500 7 1/2 1000/3 3602879701896397/36028797018963968 5/4 1/3 1 5/2 0\n"
        "Fraction(1, 3) 1 3 -3/2 0\n"
        "11/15 -1/15 2/15 5/6 0 1/3 (0, Fraction(1, 3)) 1/9 9 1 0.6666666666666666 8 0\n"
        "4/3 4/3 2/3 5/3 1/6 6 0.8333333333333333 0.8333333333333333  True False True True True True True True\n"
        "-1/3 1/3 2/3 3 -3 0.3333333333333333 4 2 33/100 -2 -4 -3 -3 False\n"
        "True True 1537228672809129301 (1, 3) 22/7 311/99 False True\n"
        "1/4 3/10 2\n"
        "0.33333      3.143 1/3 125.00% -1.250000e-01\n"
        "ZeroDivisionError Fraction(1, 0)\n"
        "ValueError Invalid literal for Fraction: 'abc'\n"
        "ZeroDivisionError Fraction(1, 0)\n"
        "TypeError both arguments should be Rational instances\n"
        "ValueError cannot convert NaN to integer ratio\n"
        "OverflowError cannot convert Infinity to integer ratio\n"
        "ZeroDivisionError Fraction(1, 0)\n"
        "TypeError argument should be a string or a Rational instance\n"
        "ValueError max_denominator should be at least 1\n"
        "ValueError Invalid literal for Fraction: '1/-3'\n"
        "TypeError unsupported operand type(s) for +: 'Fraction' and 'str'\n"
        "TypeError '<' not supported between instances of 'Fraction' and 'str'\n"
        "137/60 [Fraction(1, 2), 0.6, Fraction(3, 4)] 1 -5/3 -2 2/3 -8/27 1.4142135623730951 0.816496580927726\n"
        "True  (0.5+0j) True \n"
        "123456789/1000 -5 True Fraction\n"
        "1/3 1/3 1 1\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_fractions_edges)
{
    PYT(&R,
        "from fractions import Fraction as F\n"
        "print(F(-7,3)**-2, 4**F(1,2), F(4)**F(1,2), F(2)**F(2), F(-2)**-3, 2.0**F(1,2), F(1,2)**2.0, round(F(25,2), -1), round(F(-1,2)), round(F(3,2)), round(F(-3,2)), format(F(1,3), '>8'), repr(F(3)), int(F(-1, 3)), int(F(5, 3)))\n"
        "print(F(10**20, 3).limit_denominator(7), F(-355, 113).limit_denominator(100), F(1, 7).limit_denominator(7), hash(F(-1)), hash(F(1, 2**61 - 1)) , hash(F(-3, 7)))\n"
        "print(divmod(F(7, 2), F(-2, 3)), divmod(7, F(2, 3)), divmod(F(7, 2), 1.5), F(7,2) // 1.5, 7.5 // F(2), F(7, 2) % -1.5, 2 - F(1, 3), 2.5 - F(1,2), F(1,3) - 0.5, 1 / F(2, 3), 1.0 / F(2,3))\n"
        "for s in ['>8', '.5', '10', '', 'x', '^9', '.3f', '08', '+', '*<7', ' 5', '-']:\n"
        "    for v in (F(1, 3), F(-2)):\n"
        "        try: print(repr(s), repr(format(v, s)))\n"
        "        except Exception as e: print(repr(s), type(e).__name__, e)\n");
    CHECK_STR(R.out,
        "9/49 2.0 2.0 4 -1/8 1.4142135623730951 0.25 10 0 2 -2      1/3 Fraction(3, 1) 0 1\n"
        "100000000000000000000/3 -311/99 1/7 -2 314159 -1317624576693539401\n"
        "(-6, Fraction(-1, 2)) (10, Fraction(1, 3)) (2.0, 0.5) 2.0 3.0 -1.0 5/3 2.0 -0.16666666666666669 3/2 1.5\n"
        "'>8' '     1/3'\n"
        "'>8' '      -2'\n"
        "'.5' ValueError Invalid format specifier '.5' for object of type 'Fraction'\n"
        "'.5' ValueError Invalid format specifier '.5' for object of type 'Fraction'\n"
        "'10' '       1/3'\n"
        "'10' '        -2'\n"
        "'' '1/3'\n"
        "'' '-2'\n"
        "'x' ValueError Invalid format specifier 'x' for object of type 'Fraction'\n"
        "'x' ValueError Invalid format specifier 'x' for object of type 'Fraction'\n"
        "'^9' '   1/3   '\n"
        "'^9' '   -2    '\n"
        "'.3f' '0.333'\n"
        "'.3f' '-2.000'\n"
        "'08' ValueError Invalid format specifier '08' for object of type 'Fraction'\n"
        "'08' ValueError Invalid format specifier '08' for object of type 'Fraction'\n"
        "'+' '+1/3'\n"
        "'+' '-2'\n"
        "'*<7' '1/3****'\n"
        "'*<7' '-2*****'\n"
        "' 5' '  1/3'\n"
        "' 5' '   -2'\n"
        "'-' '1/3'\n"
        "'-' '-2'\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_statistics)
{
    PYT(&R,
        "import statistics as st\n"
        "from fractions import Fraction as F\n"
        "from decimal import Decimal as D\n"
        "d = [2, 4, 4, 4, 5, 5, 7, 9]\n"
        "print(st.mean(d), st.fmean(d), st.median(d), st.median_low(d), st.median_high(d), st.mode(d), st.multimode('aabbbcc'), st.pstdev(d), st.stdev(d), st.pvariance(d), st.variance(d))\n"
        "print(st.mean([F(1, 3), F(2, 3)]), st.mean([1.5, 2]), st.variance([F(1,2), F(3,4), 1]), st.stdev([1.5, 2.5, 2.5, 2.75]))\n"
        "print(st.geometric_mean([54, 24, 36]), st.harmonic_mean([40, 60]), st.harmonic_mean([40, 60], weights=[5, 30]), st.fmean([1, 2, 3], weights=[3, 2, 1]), st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7], interval=2))\n"
        "print(st.quantiles(range(1, 11)), st.quantiles([1, 2, 3, 4, 5, 6, 7], n=3, method='inclusive'), st.quantiles([10, 20], n=10))\n"
        "x = [1, 2, 3, 4, 5, 6, 7, 8, 9]; y = [1, 2, 3, 1, 2, 3, 1, 2, 3]\n"
        "print(st.covariance(x, y), st.correlation(x, y), st.correlation(x, [v*v for v in x], method='ranked'), st.linear_regression(x, [2*v+1 for v in x]), st.linear_regression(x, [3*v for v in x], proportional=True))\n"
        "for bad in [lambda: st.mean([]), lambda: st.variance([1]), lambda: st.stdev([]), lambda: st.mode([]), lambda: st.median([]), lambda: st.geometric_mean([1, -1]), lambda: st.harmonic_mean([-1]), lambda: st.quantiles([1], n=4), lambda: st.quantiles([1, 2], n=0), lambda: st.correlation([1,1,1],[1,2,3]), lambda: st.covariance([1], [1]), lambda: st.covariance([1,2], [1]), lambda: st.NormalDist(0, -1), lambda: st.quantiles([1,2],method='x'), lambda: st.linear_regression([1,1],[1,2]), lambda: st.pvariance([])]:\n"
        "    try: print(bad())\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "n = st.NormalDist(100, 15)\n"
        "print(n, n.mean, n.median, n.mode, n.stdev, n.variance, round(n.pdf(100), 10), round(n.cdf(130), 10), round(n.inv_cdf(0.975), 8), [round(q, 6) for q in n.quantiles()], round(n.overlap(st.NormalDist(110, 10)), 10), n.zscore(130))\n"
        "print(st.NormalDist.from_samples([1, 2, 3, 4, 5]), round(st.NormalDist().inv_cdf(0.01), 10), round(st.NormalDist().inv_cdf(1e-10), 8), len(st.NormalDist().samples(5, seed=1)), [round(v, 8) for v in st.NormalDist().samples(3, seed=42)])\n"
        "print(st.mean([True, False, True]), st.median([3, 1, 2]), st.median([1.5, 2.5]), st.mode(['a', 'b', 'a']), st.pvariance([1, 2, 3], mu=2), st.variance([1, 2, 3], xbar=2), st.fmean(iter([1, 2])), st.mean(iter([1, 2, 3, 4])))\n"
        "print(st.pstdev([F(1), F(2)]), st.median([F(1,2), F(1,3)]), st.mean([1, 2.5, F(1, 2)]))\n"
        "print(st.geometric_mean([1.0, 2.0, 4.0]), st.harmonic_mean([1, 0, 2]), st.harmonic_mean([2.5, 3]), st.correlation([1,2,3],[3,2,1]), type(st.StatisticsError()).__mro__[1].__name__)\n"
        "print(sorted(n for n in st.__all__ if n not in ('kde', 'kde_random', 'correlation')))\n");
    CHECK_STR(R.out,
        "5 5.0 4.5 4 5 4 ['b'] 2.0 2.138089935299395 4 4.571428571428571\n"
        "1/2 1.75 1/16 0.5543389456520863\n"
        "36.000000000000014 48.0 56.0 1.6666666666666667 52.5 3.5\n"
        "[2.75, 5.5, 8.25] [3.0, 5.0] [3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0, 27.0]\n"
        "0.75 0.31622776601683794 1.0 LinearRegression(slope=2.0, intercept=1.0) LinearRegression(slope=3.0, intercept=0.0)\n"
        "StatisticsError mean requires at least one data point\n"
        "StatisticsError variance requires at least two data points\n"
        "StatisticsError stdev requires at least two data points\n"
        "StatisticsError no mode for empty data\n"
        "StatisticsError no median for empty data\n"
        "StatisticsError ('No negative inputs allowed', -1)\n"
        "StatisticsError harmonic mean does not support negative values\n"
        "[1, 1, 1]\n"
        "StatisticsError n must be at least 1\n"
        "StatisticsError at least one of the inputs is constant\n"
        "StatisticsError covariance requires at least two data points\n"
        "StatisticsError covariance requires that both inputs have same number of data points\n"
        "StatisticsError sigma must be non-negative\n"
        "ValueError Unknown method: 'x'\n"
        "StatisticsError x is constant\n"
        "StatisticsError pvariance requires at least one data point\n"
        "NormalDist(mu=100.0, sigma=15.0) 100.0 100.0 100.0 15.0 225.0 0.026596152 0.9772498681 129.39945977 [89.882654, 100.0, 110.117346] 0.653876916 2.0\n"
        "NormalDist(mu=3.0, sigma=1.5811388300841898) -2.326347874 -6.3613409 5 [0.35692707, -1.95977999, -0.59767226]\n"
        "0.6666666666666666 2 2.0 a 0.6666666666666666 1 1.5 2.5\n"
        "0.5 5/12 1.3333333333333333\n"
        "2.0 0 2.727272727272727 -1.0 ValueError\n"
        "['NormalDist', 'StatisticsError', 'covariance', 'fmean', 'geometric_mean', 'harmonic_mean', 'linear_regression', 'mean', 'median', 'median_grouped', 'median_high', 'median_low', 'mode', 'multimode', 'pstdev', 'pvariance', 'quantiles', 'stdev', 'variance']\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_random_seeded)
{
    PYT(&R,
        "import random\n"
        "random.seed(42)\n"
        "print(random.random(), random.randint(1, 100), random.randrange(10), random.randrange(0, 100, 7), random.choice('abcdef'), random.uniform(1, 2), random.getrandbits(40))\n"
        "l = list(range(20)); random.shuffle(l); print(l)\n"
        "print(random.sample(range(100), 5), random.sample(range(10000), 3), random.sample(['a', 'b', 'c'], 2, counts=[3, 1, 2]), random.choices('abc', k=5), random.choices('abc', [1, 5, 10], k=5), random.choices('abc', cum_weights=[1, 2, 3], k=4))\n"
        "print(random.gauss(), random.gauss(1, 2), random.normalvariate(), random.lognormvariate(0, 1), random.expovariate(2), random.vonmisesvariate(1, 2), random.vonmisesvariate(1, 0))\n"
        "print(random.gammavariate(0.5, 1), random.gammavariate(1, 2), random.gammavariate(3, 1), random.betavariate(2, 3), random.paretovariate(2), random.weibullvariate(1, 2), random.triangular(), random.triangular(0, 10, 2), random.triangular(1, 1, 1))\n"
        "print(random.binomialvariate(), random.binomialvariate(10, 0.3), random.binomialvariate(100, 0.5), random.binomialvariate(1000, 0.9), random.binomialvariate(5, 0), random.binomialvariate(5, 1))\n"
        "print(random.randbytes(5), random.sample(range(30), 25))\n"
        "r = random.Random('hello'); print(r.random(), random.Random(b'xy').random(), random.Random(3.5).random(), random.Random(-7).random(), random.Random(2**100).random())\n"
        "r1 = random.Random(); r1.seed('abc', version=1); print(r1.random())\n"
        "s = random.getstate(); x = random.random(); random.setstate(s); print(x == random.random(), s[0], len(s[1]))\n"
        "for bad in [lambda: random.randrange(0), lambda: random.randrange(5, 2), lambda: random.randrange(1, 10, 0), lambda: random.randrange(10, 1, 2), lambda: random.choice([]), lambda: random.sample([1, 2], 3), lambda: random.sample({1, 2}, 1), lambda: random.choices('ab', [1], k=2), lambda: random.choices('ab', [1, 1], cum_weights=[1, 2]), lambda: random.choices('ab', [0, 0]), lambda: random.gammavariate(-1, 1), lambda: random.seed([1]), lambda: random.randrange(1.5), lambda: random.setstate((2, (), None)), lambda: random.choices('ab', 3), lambda: random.sample([1,2], 1, counts=[1]), lambda: random.binomialvariate(-1), lambda: random.binomialvariate(2, 1.5), lambda: random.getrandbits(-1), lambda: random.randrange(1, 5, 1.0)]:\n"
        "    try: print(bad())\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "class R(random.Random):\n"
        "    def random(self): return 0.3\n"
        "print(R().randrange(10), R().choice('abcd'), R().randint(1, 6))\n"
        "class G(random.Random):\n"
        "    def getrandbits(self, k): return 1\n"
        "print(G().randrange(10))\n"
        "sr = random.SystemRandom(); print(0 <= sr.random() < 1, 0 <= sr.randrange(5) < 5, len(sr.randbytes(4)), sr.getrandbits(0), sr.seed(1))\n"
        "try: sr.getstate()\n"
        "except NotImplementedError as e: print('NIE', e)\n"
        "print(random.randrange(-5, 5), random.randint(-3, -1), random.choices(range(5), k=3), random.random())\n");
    CHECK_STR(R.out,
        "0.6394267984578837 4 4 21 b 1.139537928525144 743469555623\n"
        "[18, 14, 10, 7, 4, 6, 5, 12, 11, 15, 9, 8, 19, 3, 16, 0, 1, 13, 2, 17]\n"
        "[75, 35, 0, 97, 20] [6924, 5574, 4552] ['a', 'c'] ['c', 'b', 'a', 'a', 'c'] ['c', 'c', 'c', 'c', 'c'] ['b', 'b', 'c', 'b']\n"
        "0.8473614233480004 -1.0044056484846995 0.36780301231662144 0.5184582355648988 0.041577761229495074 0.7329166508760478 3.9941231602047\n"
        "0.18657156582188558 0.47019703290748255 1.9096537086092105 0.657567457066088 1.0933059639083675 0.6907661447221833 0.9276237284622759 4.633435064058894 1\n"
        "0 3 47 887 0 5\n"
        "b'\\x15\\xd4\\xca\\xa7\\x7f' [12, 28, 20, 14, 4, 8, 25, 7, 17, 21, 24, 18, 13, 29, 11, 3, 2, 19, 22, 1, 0, 10, 27, 5, 16]\n"
        "0.3537754404730722 0.9186846552409125 0.3039190124834461 0.32383276483316237 0.7586581712996778\n"
        "0.09639374978773074\n"
        "True 3 625\n"
        "ValueError empty range for randrange()\n"
        "ValueError empty range in randrange(5, 2)\n"
        "ValueError zero step for randrange()\n"
        "ValueError empty range in randrange(10, 1, 2)\n"
        "IndexError Cannot choose from an empty sequence\n"
        "ValueError Sample larger than population or is negative\n"
        "TypeError Population must be a sequence.  For dicts or sets, use sorted(d).\n"
        "ValueError The number of weights does not match the population\n"
        "TypeError Cannot specify both weights and cumulative weights\n"
        "ValueError Total of weights must be greater than zero\n"
        "ValueError gammavariate: alpha and beta must be > 0.0\n"
        "TypeError The only supported seed types are:\n"
        "None, int, float, str, bytes, and bytearray.\n"
        "TypeError 'float' object cannot be interpreted as an integer\n"
        "ValueError state vector is the wrong size\n"
        "TypeError The number of choices must be a keyword argument: k=3\n"
        "ValueError The number of counts does not match the population\n"
        "ValueError n must be non-negative\n"
        "ValueError p must be in the range 0.0 <= p <= 1.0\n"
        "ValueError number of bits must be non-negative\n"
        "TypeError 'float' object cannot be interpreted as an integer\n"
        "7 b 4\n"
        "1\n"
        "True True 4 0 None\n"
        "NIE System entropy source does not have state.\n"
        "1 -1 [0, 1, 4] 0.529114345099137\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_uuid)
{
    PYT(&R,
        "import uuid\n"
        "u = uuid.UUID('12345678-1234-5678-1234-567812345678')\n"
        "print(u, repr(u), u.hex, u.int, u.bytes, u.bytes_le, u.fields, u.time_low, u.time_mid, u.time_hi_version, u.clock_seq_hi_variant, u.clock_seq_low, u.node, u.time, u.clock_seq, u.urn, u.variant, u.version, u.is_safe)\n"
        "print(uuid.UUID('{12345678-1234-5678-1234-567812345678}'), uuid.UUID('urn:uuid:12345678123456781234567812345678'), uuid.UUID(bytes=b'\\x01' * 16), uuid.UUID(bytes_le=bytes(range(16))), uuid.UUID(fields=(1, 2, 3, 4, 5, 6)), uuid.UUID(int=5), uuid.UUID(int=5, version=4))\n"
        "print(uuid.uuid3(uuid.NAMESPACE_DNS, 'python.org'), uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org'), uuid.uuid3(uuid.NAMESPACE_URL, 'x'), uuid.uuid5(uuid.NAMESPACE_OID, 'a'), uuid.NAMESPACE_X500)\n"
        "v4 = uuid.uuid4(); print(v4.version, v4.variant, len(str(v4)), uuid.uuid1().version, uuid.uuid1(node=5, clock_seq=7).node, uuid.uuid1(node=5, clock_seq=7).clock_seq)\n"
        "print(u == uuid.UUID(int=u.int), u < uuid.UUID(int=u.int + 1), u > v4 or u <= v4, u != 5, hash(u) == hash(uuid.UUID(str(u))), int(u) == u.int, sorted([uuid.UUID(int=3), uuid.UUID(int=1)])[0])\n"
        "for bad in [lambda: uuid.UUID(), lambda: uuid.UUID('123'), lambda: uuid.UUID(bytes=b'12'), lambda: uuid.UUID(bytes_le=b'1'), lambda: uuid.UUID(fields=(1, 2)), lambda: uuid.UUID(int=-1), lambda: uuid.UUID(int=1, version=9), lambda: setattr(u, 'int', 3), lambda: uuid.UUID(fields=(1 << 32, 0, 0, 0, 0, 0)), lambda: u < 5, lambda: uuid.UUID(hex='1', int=2), lambda: uuid.UUID('zz345678-1234-5678-1234-567812345678')]:\n"
        "    try: print(bad())\n"
        "    except Exception as e: print(type(e).__name__, e)\n"
        "print(uuid.UUID(int=0).variant, uuid.UUID(int=0xc << 60).variant, uuid.UUID(int=0xe << 60).variant, uuid.UUID(int=0).version, uuid.RESERVED_NCS, uuid.RFC_4122)\n"
        "print(uuid.SafeUUID.safe, uuid.SafeUUID.unknown.value, uuid.UUID(int=1, is_safe=uuid.SafeUUID.safe).is_safe, u.__getstate__(), uuid.UUID(int=1, is_safe=uuid.SafeUUID.safe).__getstate__())\n"
        "print(isinstance(uuid.getnode(), int), uuid.getnode() == uuid.getnode(), uuid.getnode() < 2**48)\n"
        "import copy; print(copy.copy(u), copy.deepcopy(u) == u)\n"
        "print(uuid.UUID('12345678123456781234567812345678').version, uuid.uuid1().variant, str(uuid.UUID(int=(1 << 128) - 1)))\n");
    CHECK_STR(R.out,
        "12345678-1234-5678-1234-567812345678 UUID('12345678-1234-5678-1234-567812345678') 12345678123456781234567812345678 24197857161011715162171839636988778104 b'\\x124Vx\\x124Vx\\x124Vx\\x124Vx' b'xV4\\x124\\x12xV\\x124Vx\\x124Vx' (305419896, 4660, 22136, 18, 52, 95073701484152) 305419896 4660 22136 18 52 95073701484152 466142576285865592 4660 urn:uuid:12345678-1234-5678-1234-567812345678 reserved for NCS compatibility None SafeUUID.unknown\n"
        "12345678-1234-5678-1234-567812345678 12345678-1234-5678-1234-567812345678 01010101-0101-0101-0101-010101010101 03020100-0504-0706-0809-0a0b0c0d0e0f 00000001-0002-0003-0405-000000000006 00000000-0000-0000-0000-000000000005 00000000-0000-4000-8000-000000000005\n"
        "6fa459ea-ee8a-3ca4-894e-db77e160355e 886313e1-3b8a-5372-9b90-0c9aee199e5d 60a7f89c-e446-309c-8b4f-460bfdfd0dee d720e32d-4765-5177-b65b-42dd7f6e6445 6ba7b814-9dad-11d1-80b4-00c04fd430c8\n"
        "4 specified in RFC 4122 36 1 5 7\n"
        "True True True True True True 00000000-0000-0000-0000-000000000001\n"
        "TypeError one of the hex, bytes, bytes_le, fields, or int arguments must be given\n"
        "ValueError badly formed hexadecimal UUID string\n"
        "ValueError bytes is not a 16-char string\n"
        "ValueError bytes_le is not a 16-char string\n"
        "ValueError fields is not a 6-tuple\n"
        "ValueError int is out of range (need a 128-bit value)\n"
        "ValueError illegal version number\n"
        "TypeError UUID objects are immutable\n"
        "ValueError field 1 out of range (need a 32-bit value)\n"
        "TypeError '<' not supported between instances of 'UUID' and 'int'\n"
        "TypeError one of the hex, bytes, bytes_le, fields, or int arguments must be given\n"
        "ValueError invalid literal for int() with base 16: 'zz345678123456781234567812345678'\n"
        "reserved for NCS compatibility reserved for Microsoft compatibility reserved for future definition None reserved for NCS compatibility specified in RFC 4122\n"
        "SafeUUID.safe None SafeUUID.safe {'int': 24197857161011715162171839636988778104} {'int': 1, 'is_safe': 0}\n"
        "True True True\n"
        "12345678-1234-5678-1234-567812345678 True\n"
        "None specified in RFC 4122 ffffffff-ffff-ffff-ffff-ffffffffffff\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}

TEST(rw_numeric_datetime_repr)
{
    PYT(&R,
        "from datetime import *\n"
        "tz = timezone(timedelta(hours=2))\n"
        "for v in [time(), time(1), time(1, 2, 3), time(1, 2, 0, 5), time(0, 0, 0, 0, tz), time(1, fold=1), time(1, 2, 3, tzinfo=tz, fold=1),\n"
        "          datetime(2020, 1, 1), datetime(2020, 1, 1, 5), datetime(2020, 1, 1, 0, 0, 7), datetime(2020, 1, 1, 0, 0, 0, 9), datetime(2020, 1, 1, tzinfo=tz, fold=1)]:\n"
        "    print(repr(v), str(v))\n"
        "print(str(timedelta(days=-3, seconds=3725, microseconds=5)), str(timedelta(seconds=86399)), date(2024, 12, 31).timetuple().tm_yday, date(2024, 12, 31).weekday(), datetime(2021, 3, 1, 12).timetuple()[6:8])\n"
        "class T(datetime): pass\n"
        "print(repr(T(2020, 5, 6, 7)), T(2020, 5, 6).date(), type(T(2020, 5, 6) + timedelta(1)).__name__)\n");
    CHECK_STR(R.out,
        "datetime.time(0, 0) 00:00:00\n"
        "datetime.time(1, 0) 01:00:00\n"
        "datetime.time(1, 2, 3) 01:02:03\n"
        "datetime.time(1, 2, 0, 5) 01:02:00.000005\n"
        "datetime.time(0, 0, tzinfo=datetime.timezone(datetime.timedelta(seconds=7200))) 00:00:00+02:00\n"
        "datetime.time(1, 0, fold=1) 01:00:00\n"
        "datetime.time(1, 2, 3, tzinfo=datetime.timezone(datetime.timedelta(seconds=7200)), fold=1) 01:02:03+02:00\n"
        "datetime.datetime(2020, 1, 1, 0, 0) 2020-01-01 00:00:00\n"
        "datetime.datetime(2020, 1, 1, 5, 0) 2020-01-01 05:00:00\n"
        "datetime.datetime(2020, 1, 1, 0, 0, 7) 2020-01-01 00:00:07\n"
        "datetime.datetime(2020, 1, 1, 0, 0, 0, 9) 2020-01-01 00:00:00.000009\n"
        "datetime.datetime(2020, 1, 1, 0, 0, fold=1, tzinfo=datetime.timezone(datetime.timedelta(seconds=7200))) 2020-01-01 00:00:00+02:00\n"
        "-3 days, 1:02:05.000005 23:59:59 366 1 (0, 60)\n"
        "T(2020, 5, 6, 7, 0) 2020-05-06 T\n");
    CHECK_STR(R.err, "");
    CHECK_INT(R.used_after, 0);
}
