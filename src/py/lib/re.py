"""Regular expression operations (CPython's re API over the _re engine)."""
import _re

__all__ = ['match', 'fullmatch', 'search', 'sub', 'subn', 'split', 'findall', 'finditer', 'compile', 'purge',
           'escape', 'error', 'Pattern', 'Match', 'A', 'I', 'L', 'M', 'S', 'X', 'U', 'ASCII', 'IGNORECASE',
           'LOCALE', 'MULTILINE', 'DOTALL', 'VERBOSE', 'UNICODE', 'NOFLAG', 'RegexFlag', 'PatternError']

NOFLAG = 0
TEMPLATE = T = 1
IGNORECASE = I = 2
LOCALE = L = 4
MULTILINE = M = 8
DOTALL = S = 16
UNICODE = U = 32
VERBOSE = X = 64
DEBUG = 128
ASCII = A = 256
RegexFlag = int

error = PatternError = _re.error
Pattern = _re.Pattern
Match = _re.Match

_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(pattern, Pattern):
        if flags & 0xffff:
            raise ValueError('cannot process flags argument with a compiled pattern')
        return pattern
    flags = flags & 0xffffffff
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is not None:
        return p
    if not isinstance(pattern, (str, bytes)):
        raise TypeError('first argument must be string or compiled pattern')
    p = _re.compile(pattern, flags)
    if len(_cache) >= _MAXCACHE:
        _cache.clear()
    _cache[key] = p
    return p


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def purge():
    _cache.clear()


def template(pattern, flags=0):
    return _compile(pattern, flags | TEMPLATE)


_special_chars_map = {i: '\\' + chr(i) for i in b'()[]{}?*+-|^$\\.&~# \t\n\r\v\f'}


def escape(pattern):
    if isinstance(pattern, str):
        return pattern.translate(_special_chars_map)
    pattern = str(pattern, 'latin1')
    return pattern.translate(_special_chars_map).encode('latin1')


class Scanner:
    def __init__(self, lexicon, flags=0):
        self.lexicon = lexicon
        parts = []
        for phrase, action in lexicon:
            parts.append('(' + phrase + ')')
        self.scanner = _compile('|'.join(parts), flags)

    def scan(self, string):
        result = []
        append = result.append
        match = self.scanner.scanner(string).match
        i = 0
        while True:
            m = match()
            if not m:
                break
            j = m.end()
            if i == j:
                break
            action = self.lexicon[m.lastindex - 1][1]
            if callable(action):
                self.match = m
                action = action(self, m.group())
            if action is not None:
                append(action)
            i = j
        return result, string[i:]
