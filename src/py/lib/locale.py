"""locale for Sandkiste: the C/POSIX locale with UTF-8 as the preferred encoding."""

__all__ = ['getlocale', 'getdefaultlocale', 'getpreferredencoding', 'Error', 'setlocale', 'localeconv', 'strcoll',
           'strxfrm', 'str', 'atof', 'atoi', 'format_string', 'currency', 'normalize', 'LC_CTYPE', 'LC_COLLATE',
           'LC_TIME', 'LC_MONETARY', 'LC_NUMERIC', 'LC_ALL', 'CHAR_MAX', 'getencoding', 'LC_MESSAGES']

LC_CTYPE, LC_NUMERIC, LC_TIME, LC_COLLATE, LC_MONETARY, LC_MESSAGES, LC_ALL = 0, 1, 2, 3, 4, 5, 6
CHAR_MAX = 127


class Error(Exception):
    pass


def localeconv():
    return {'int_curr_symbol': '', 'currency_symbol': '', 'mon_decimal_point': '', 'mon_thousands_sep': '',
            'mon_grouping': [], 'positive_sign': '', 'negative_sign': '', 'int_frac_digits': 127,
            'frac_digits': 127, 'p_cs_precedes': 127, 'p_sep_by_space': 127, 'n_cs_precedes': 127,
            'n_sep_by_space': 127, 'p_sign_posn': 127, 'n_sign_posn': 127, 'decimal_point': '.',
            'thousands_sep': '', 'grouping': []}


_current = 'C'


def setlocale(category, locale=None):
    global _current
    if locale is None:
        return _current
    if not isinstance(locale, str):
        locale = '.'.join(x for x in locale if x)
    if locale in ('', 'C', 'POSIX', 'C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'):
        _current = locale or 'C.UTF-8'
        return _current
    raise Error('unsupported locale setting')


def getlocale(category=LC_CTYPE):
    if _current in ('C', 'POSIX'):
        return (None, None)
    lang, _, enc = _current.partition('.')
    return (lang or None, enc or None)


def getdefaultlocale(envvars=('LC_ALL', 'LC_CTYPE', 'LANG', 'LANGUAGE')):
    return ('C', 'UTF-8')


def getpreferredencoding(do_setlocale=True):
    return 'UTF-8'


def getencoding():
    return 'UTF-8'


def normalize(localename):
    return localename


def strcoll(a, b):
    return (a > b) - (a < b)


def strxfrm(s):
    return s


def format_string(f, val, grouping=False, monetary=False):
    return f % val


def format(percent, value, grouping=False, monetary=False, *additional):
    return percent % value


def currency(val, symbol=True, grouping=False, international=False):
    raise ValueError("Currency formatting is not possible using the 'C' locale.")


def str(val):
    return '%.12g' % val


def delocalize(string):
    return string


def localize(string, grouping=False, monetary=False):
    return string


def atof(string, func=float):
    return func(string)


def atoi(string):
    return int(string)
