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

_memo = {}
_MEMO_LIMIT = 512


def _pattern(pattern, flags):
    """The compiled Pattern for (pattern, flags), memoised."""
    if isinstance(pattern, Pattern):
        if flags & 0xffff:
            raise ValueError('cannot process flags argument with a compiled pattern')
        return pattern
    key = (type(pattern), pattern, flags & 0xffffffff)
    hit = _memo.get(key)
    if hit is None:
        if not isinstance(pattern, (str, bytes)):
            raise TypeError('first argument must be string or compiled pattern')
        if len(_memo) >= _MEMO_LIMIT:
            _memo.clear()
        hit = _memo[key] = _re.compile(pattern, key[2])
    return hit


def match(pattern, string, flags=0):
    p = _pattern(pattern, flags)
    return p.match(string)


def fullmatch(pattern, string, flags=0):
    p = _pattern(pattern, flags)
    return p.fullmatch(string)


def search(pattern, string, flags=0):
    p = _pattern(pattern, flags)
    return p.search(string)


def sub(pattern, repl, string, count=0, flags=0):
    p = _pattern(pattern, flags)
    return p.sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    p = _pattern(pattern, flags)
    return p.subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    p = _pattern(pattern, flags)
    return p.split(string, maxsplit)


def findall(pattern, string, flags=0):
    p = _pattern(pattern, flags)
    return p.findall(string)


def finditer(pattern, string, flags=0):
    p = _pattern(pattern, flags)
    return p.finditer(string)


def compile(pattern, flags=0):
    return _pattern(pattern, flags)


def purge():
    _memo.clear()


def template(pattern, flags=0):
    return _pattern(pattern, flags | TEMPLATE)


# characters escape() puts a backslash before
_NEEDS_BACKSLASH = frozenset('()[]{}?*+-|^$\\.&~# \t\n\r\v\f')


def escape(pattern):
    if isinstance(pattern, str):
        return ''.join('\\' + ch if ch in _NEEDS_BACKSLASH else ch for ch in pattern)
    text = escape(str(pattern, 'latin1'))
    return text.encode('latin1')


class Scanner:
    """Split text with a lexicon of (regex, action) pairs."""

    def __init__(self, lexicon, flags=0):
        self.lexicon = lexicon
        self.scanner = _pattern('|'.join('(%s)' % rx for rx, _ in lexicon), flags)

    def scan(self, string):
        tokens = []
        step = self.scanner.scanner(string).match
        pos = 0
        m = step()
        while m and m.end() != pos:
            pos = m.end()
            act = self.lexicon[m.lastindex - 1][1]
            if callable(act):
                self.match = m
                act = act(self, m.group())
            if act is not None:
                tokens.append(act)
            m = step()
        return tokens, string[pos:]
