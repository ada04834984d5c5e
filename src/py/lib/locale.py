"""locale for Sandkiste: only the C/POSIX locale exists; text is UTF-8."""

__all__ = ['getlocale', 'getdefaultlocale', 'getpreferredencoding', 'Error', 'setlocale', 'localeconv', 'strcoll',
           'strxfrm', 'str', 'atof', 'atoi', 'format_string', 'currency', 'normalize', 'LC_CTYPE', 'LC_COLLATE',
           'LC_TIME', 'LC_MONETARY', 'LC_NUMERIC', 'LC_ALL', 'CHAR_MAX', 'getencoding', 'LC_MESSAGES']

# Category numbers as glibc defines them.
LC_CTYPE = 0
LC_NUMERIC = 1
LC_TIME = 2
LC_COLLATE = 3
LC_MONETARY = 4
LC_MESSAGES = 5
LC_ALL = 6
CHAR_MAX = 127

_builtin_str = str
_UTF8 = 'UTF-8'
# Names setlocale accepts; '' picks the environment's default (C.UTF-8 here).
_ACCEPTED = frozenset(['', 'C', 'POSIX', 'C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'])
_state = {'name': 'C'}


class Error(Exception):
    pass


def localeconv():
    """Numeric and monetary conventions of the C locale."""
    conv = dict.fromkeys(('int_curr_symbol', 'currency_symbol', 'mon_decimal_point', 'mon_thousands_sep',
                          'positive_sign', 'negative_sign', 'thousands_sep'), '')
    conv.update(dict.fromkeys(('int_frac_digits', 'frac_digits', 'p_cs_precedes', 'p_sep_by_space',
                               'n_cs_precedes', 'n_sep_by_space', 'p_sign_posn', 'n_sign_posn'), CHAR_MAX))
    conv['decimal_point'] = '.'
    conv['grouping'] = []
    conv['mon_grouping'] = []
    return conv


def setlocale(category, locale=None):
    """Query (locale None) or switch the locale; only C-like names work."""
    if locale is None:
        return _state['name']
    name = locale if isinstance(locale, _builtin_str) else '.'.join(p for p in locale if p)
    if name not in _ACCEPTED:
        raise Error('unsupported locale setting')
    _state['name'] = name if name else 'C.UTF-8'
    return _state['name']


def getlocale(category=LC_CTYPE):
    """(language code, encoding) of the current setting."""
    name = _state['name']
    if name == 'C' or name == 'POSIX':
        return (None, None)
    lang, dot, enc = name.partition('.')
    return (lang or None, enc or None)


def getdefaultlocale(envvars=('LC_ALL', 'LC_CTYPE', 'LANG', 'LANGUAGE')):
    return ('C', _UTF8)


def getpreferredencoding(do_setlocale=True):
    return _UTF8


def getencoding():
    return _UTF8


def normalize(localename):
    return localename


def strcoll(a, b):
    """Compare by code point (C collation)."""
    if a == b:
        return 0
    return -1 if a < b else 1


def strxfrm(s):
    return s


def format_string(f, val, grouping=False, monetary=False):
    return f % val


def format(percent, value, grouping=False, monetary=False, *additional):
    return percent % value


def currency(val, symbol=True, grouping=False, international=False):
    raise ValueError("Currency formatting is not possible using the 'C' locale.")


def str(val):
    return '%.12g' % (val,)


def delocalize(string):
    return string


def localize(string, grouping=False, monetary=False):
    return string


def atof(string, func=float):
    return func(string)


def atoi(string):
    return int(string)
