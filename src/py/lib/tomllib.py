"""tomllib for Sandkiste: parse TOML 1.0 (load, loads, TOMLDecodeError).

Values, namespace rules and the error texts with their positions follow
CPython's tomllib; the parser is our own.
"""
import re as _re
import string as _string
from datetime import date as _date, datetime as _datetime, time as _time, timedelta as _timedelta, \
    timezone as _timezone

__all__ = ['loads', 'load', 'TOMLDecodeError']


class TOMLDecodeError(ValueError):
    """An error while decoding TOML, with its position (msg, doc, pos, lineno, colno)."""

    def __init__(self, msg=None, doc=None, pos=None, *args):
        if args or msg is None or doc is None or pos is None:
            ValueError.__init__(self, msg, doc, pos, *args) if msg is not None else ValueError.__init__(self)
            return
        if pos >= len(doc):
            where = 'end of document'
            lineno = doc.count('\n') + 1
            colno = len(doc) - doc.rfind('\n') if '\n' in doc else len(doc) + 1
        else:
            lineno = doc.count('\n', 0, pos) + 1
            colno = pos + 1 if lineno == 1 else pos - doc.rindex('\n', 0, pos)
            where = f'line {lineno}, column {colno}'
        ValueError.__init__(self, f'{msg} (at {where})')
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_ASCII_CTRL = frozenset(chr(i) for i in range(32)) | frozenset(chr(127))
_ILLEGAL_BASIC = _ASCII_CTRL - frozenset('\t')
_ILLEGAL_MULTI = _ASCII_CTRL - frozenset('\t\n')
_ILLEGAL_COMMENT = _ASCII_CTRL - frozenset('\t')
_WS = frozenset(' \t')
_WS_NL = frozenset(' \t\n')
_BARE_KEY = frozenset(_string.ascii_letters + _string.digits + '-_')
_KEY_START = _BARE_KEY | frozenset("\"'")
_HEX = frozenset(_string.hexdigits)
_ESCAPES = {'\\b': '\b', '\\t': '\t', '\\n': '\n', '\\f': '\f', '\\r': '\r', '\\"': '"', '\\\\': '\\'}

_TIME = r'([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]{1,6})[0-9]*)?'
_RE_NUMBER = _re.compile(r'0(?:x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|b[01](?:_?[01])*|o[0-7](?:_?[0-7])*)|'
                         r'[+-]?(?:0|[1-9](?:_?[0-9])*)(?P<frac>(?:\.[0-9](?:_?[0-9])*)?'
                         r'(?:[eE][+-]?[0-9](?:_?[0-9])*)?)')
_RE_LOCALTIME = _re.compile(_TIME)
_RE_DATETIME = _re.compile(r'([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(?:[Tt ]' + _TIME +
                           r'(?:([Zz])|([+-])([01][0-9]|2[0-3]):([0-5][0-9]))?)?')


def load(fp, /, *, parse_float=float):
    """Parse a TOML document from a binary file."""
    data = fp.read()
    try:
        text = data.decode()
    except AttributeError:
        raise TypeError("File must be opened in binary mode, e.g. use `open('foo.toml', 'rb')`") from None
    return loads(text, parse_float=parse_float)


def loads(s, /, *, parse_float=float):
    """Parse a TOML document from a string."""
    if not isinstance(s, str):
        raise TypeError(f"Expected str object, not '{type(s).__qualname__}'")
    return _Parser(s.replace('\r\n', '\n'), parse_float).document()


class _Parser:
    def __init__(self, src, parse_float):
        self.src = src
        self.parse_float = parse_float
        self.root = {}
        self.explicit = set()       # tables declared by a [header] (or [[header]] item)
        self.frozen = set()         # inline tables and static arrays: never extended
        self.dotted = set()         # tables made by dotted keys (cannot be declared later)
        self.aot = set()            # arrays of tables

    def err(self, pos, msg):
        return TOMLDecodeError(msg, self.src, pos)

    # -- whitespace and comments ----------------------------------------------------------
    def skip_ws(self, pos, chars=_WS):
        src = self.src
        while pos < len(src) and src[pos] in chars:
            pos += 1
        return pos

    def skip_comment(self, pos):
        src = self.src
        if pos < len(src) and src[pos] == '#':
            pos += 1
            while pos < len(src) and src[pos] != '\n':
                if src[pos] in _ILLEGAL_COMMENT:
                    raise self.err(pos, f'Illegal character {src[pos]!r}')
                pos += 1
        return pos

    def skip_blank(self, pos):
        """Whitespace, newlines and comments (inside arrays)."""
        while True:
            before = pos
            pos = self.skip_ws(pos, _WS_NL)
            pos = self.skip_comment(pos)
            if pos == before:
                return pos

    # -- the document ------------------------------------------------------------------------
    def document(self):
        src = self.src
        pos = 0
        current = ()
        while True:
            pos = self.skip_ws(pos)
            if pos >= len(src):
                break
            c = src[pos]
            if c == '\n':
                pos += 1
                continue
            if c in _KEY_START:
                pos = self.key_value(pos, current)
                pos = self.skip_ws(pos)
            elif c == '[':
                if src.startswith('[[', pos):
                    pos, current = self.aot_header(pos)
                else:
                    pos, current = self.table_header(pos)
                pos = self.skip_ws(pos)
            elif c != '#':
                raise self.err(pos, 'Invalid statement')
            pos = self.skip_comment(pos)
            if pos >= len(src):
                break
            if src[pos] != '\n':
                raise self.err(pos, 'Expected newline or end of document after a statement')
            pos += 1
        return self.root

    def lookup(self, path, create=True, pos=0):
        """The dict at path (creating tables), following the last item of arrays of tables."""
        node = self.root
        for i, k in enumerate(path):
            if k not in node:
                if not create:
                    return None
                node[k] = {}
            node = node[k]
            if isinstance(node, list):
                if not node or not isinstance(node[-1], dict):
                    raise self.err(pos, 'Cannot overwrite a value')
                node = node[-1]
            elif not isinstance(node, dict):
                raise self.err(pos, 'Cannot overwrite a value')
        return node

    def table_header(self, pos):
        pos = self.skip_ws(pos + 1)
        pos, key = self.key(pos)
        if key in self.explicit or key in self.frozen or key in self.dotted or key in self.aot:
            raise self.err(pos, f'Cannot declare {key} twice')
        if any(key[:i] in self.frozen for i in range(1, len(key))):
            raise self.err(pos, f'Cannot declare {key} twice')
        existing = self.lookup(key[:-1], pos=pos) if key[:-1] else self.root
        if key[-1] in existing and not isinstance(existing[key[-1]], dict):
            raise self.err(pos, 'Cannot overwrite a value')
        self.explicit.add(key)
        self.lookup(key, pos=pos)
        if not self.src.startswith(']', pos):
            raise self.err(pos, "Expected ']' at the end of a table declaration")
        return pos + 1, key

    def aot_header(self, pos):
        pos = self.skip_ws(pos + 2)
        pos, key = self.key(pos)
        if key in self.frozen or any(key[:i] in self.frozen for i in range(1, len(key))):
            raise self.err(pos, f'Cannot mutate immutable namespace {key}')
        parent = self.lookup(key[:-1], pos=pos) if key[:-1] else self.root
        last = key[-1]
        if last in parent:
            arr = parent[last]
            if not isinstance(arr, list) or key not in self.aot:
                raise self.err(pos, 'Cannot overwrite a value')
            arr.append({})
        else:
            parent[last] = [{}]
            self.aot.add(key)
        # A new element starts fresh: forget declarations inside the previous one.
        self.explicit = {p for p in self.explicit if p[:len(key)] != key or p == key}
        self.dotted = {p for p in self.dotted if p[:len(key)] != key}
        if not self.src.startswith(']]', pos):
            raise self.err(pos, "Expected ']]' at the end of an array declaration")
        return pos + 2, key

    def key_value(self, pos, header):
        pos, key, value = self.key_value_pair(pos)
        parent_path, last = key[:-1], key[-1]
        full = header + key
        for i in range(1, len(key)):
            sub = header + key[:i]
            if sub in self.frozen:
                raise self.err(pos, f'Cannot mutate immutable namespace {sub}')
            if sub in self.explicit:
                raise self.err(pos, 'Cannot overwrite a value')
        if full in self.frozen:
            raise self.err(pos, f'Cannot mutate immutable namespace {full}')
        table = self.lookup(header + parent_path, pos=pos)
        for i in range(1, len(key)):
            self.dotted.add(header + key[:i])
        if last in table:
            raise self.err(pos, 'Cannot overwrite a value')
        if isinstance(value, (dict, list)):
            self._freeze(full, value)
        table[last] = value
        return pos

    def _freeze(self, path, value):
        self.frozen.add(path)

    def key_value_pair(self, pos):
        pos, key = self.key(pos)
        src = self.src
        if pos >= len(src) or src[pos] != '=':
            raise self.err(pos, "Expected '=' after a key in a key/value pair")
        pos = self.skip_ws(pos + 1)
        pos, value = self.value(pos)
        return pos, key, value

    def key(self, pos):
        parts = []
        src = self.src
        while True:
            pos, part = self.key_part(pos)
            parts.append(part)
            pos = self.skip_ws(pos)
            if pos < len(src) and src[pos] == '.':
                pos = self.skip_ws(pos + 1)
                continue
            return pos, tuple(parts)

    def key_part(self, pos):
        src = self.src
        c = src[pos] if pos < len(src) else None
        if c is not None and c in _BARE_KEY:
            start = pos
            while pos < len(src) and src[pos] in _BARE_KEY:
                pos += 1
            return pos, src[start:pos]
        if c == "'":
            return self.literal_str(pos)
        if c == '"':
            return self.basic_str(pos)
        raise self.err(pos, 'Invalid initial character for a key part')

    # -- values --------------------------------------------------------------------------------
    def value(self, pos):
        src = self.src
        c = src[pos] if pos < len(src) else None
        if c == '"':
            if src.startswith('"""', pos):
                return self.multiline_str(pos, False)
            return self.basic_str(pos)
        if c == "'":
            if src.startswith("'''", pos):
                return self.multiline_str(pos, True)
            return self.literal_str(pos)
        if c == 't' and src.startswith('true', pos):
            return pos + 4, True
        if c == 'f' and src.startswith('false', pos):
            return pos + 5, False
        if c == '[':
            return self.array(pos)
        if c == '{':
            return self.inline_table(pos)
        m = _RE_DATETIME.match(src, pos)
        if m:
            try:
                value = _to_datetime(m)
            except ValueError as e:
                raise self.err(pos, 'Invalid date or datetime') from e
            return m.end(), value
        m = _RE_LOCALTIME.match(src, pos)
        if m:
            return m.end(), _to_time(m)
        m = _RE_NUMBER.match(src, pos)
        if m:
            return m.end(), self.number(m)
        three = src[pos:pos + 3]
        if three in ('inf', 'nan'):
            return pos + 3, self.parse_float(three)
        four = src[pos:pos + 4]
        if four in ('-inf', '+inf', '-nan', '+nan'):
            return pos + 4, self.parse_float(four)
        raise self.err(pos, 'Invalid value')

    def number(self, m):
        text = m.group()
        if m.group('frac'):
            value = self.parse_float(text.replace('_', ''))
            if isinstance(value, (dict, list)):
                raise ValueError('parse_float must not return dicts or lists')
            return value
        if text[:2] in ('0x', '0o', '0b'):
            return int(text[2:].replace('_', ''), {'x': 16, 'o': 8, 'b': 2}[text[1]])
        return int(text.replace('_', ''))

    def array(self, pos):
        src = self.src
        pos += 1
        out = []
        pos = self.skip_blank(pos)
        if src.startswith(']', pos):
            return pos + 1, out
        while True:
            pos, v = self.value(pos)
            out.append(v)
            pos = self.skip_blank(pos)
            c = src[pos:pos + 1]
            if c == ']':
                return pos + 1, out
            if c != ',':
                raise self.err(pos, 'Unclosed array')
            pos = self.skip_blank(pos + 1)
            if src.startswith(']', pos):
                return pos + 1, out

    def inline_table(self, pos):
        src = self.src
        pos = self.skip_ws(pos + 1)
        table = {}
        frozen_here = set()
        dotted_here = set()
        if src.startswith('}', pos):
            return pos + 1, table
        while True:
            pos, key, value = self.key_value_pair(pos)
            node = table
            for i, k in enumerate(key[:-1]):
                sub = key[:i + 1]
                if sub in frozen_here:
                    raise self.err(pos, f'Cannot mutate immutable namespace {sub}')
                if k not in node:
                    node[k] = {}
                    dotted_here.add(sub)
                elif not isinstance(node[k], dict) or sub not in dotted_here:
                    raise self.err(pos, 'Cannot overwrite a value')
                node = node[k]
            if key[-1] in node:
                raise self.err(pos, f'Duplicate inline table key {key[-1]!r}')
            if isinstance(value, (dict, list)):
                frozen_here.add(key)
            node[key[-1]] = value
            pos = self.skip_ws(pos)
            c = src[pos:pos + 1]
            if c == '}':
                return pos + 1, table
            if c != ',':
                raise self.err(pos, 'Unclosed inline table')
            pos = self.skip_ws(pos + 1)

    # -- strings ------------------------------------------------------------------------------
    def literal_str(self, pos):
        src = self.src
        pos += 1
        start = pos
        while True:
            if pos >= len(src):
                raise self.err(pos, 'Unterminated string')
            c = src[pos]
            if c == "'":
                return pos + 1, src[start:pos]
            if c == '\n':
                raise self.err(pos, 'Unterminated string')
            if c in _ILLEGAL_BASIC:
                raise self.err(pos, f'Illegal character {c!r}')
            pos += 1

    def basic_str(self, pos):
        src = self.src
        pos += 1
        out = []
        start = pos
        while True:
            if pos >= len(src):
                raise self.err(pos, 'Unterminated string')
            c = src[pos]
            if c == '"':
                out.append(src[start:pos])
                return pos + 1, ''.join(out)
            if c == '\\':
                out.append(src[start:pos])
                pos, text = self.escape(pos, False)
                out.append(text)
                start = pos
                continue
            if c == '\n':
                raise self.err(pos, 'Unterminated string')
            if c in _ILLEGAL_BASIC:
                raise self.err(pos, f'Illegal character {c!r}')
            pos += 1

    def escape(self, pos, multiline):
        src = self.src
        code = src[pos:pos + 2]
        pos += 2
        if multiline and code in ('\\ ', '\\\t', '\\\n'):
            if code != '\\\n':
                pos = self.skip_ws(pos)
                if not src.startswith('\n', pos):
                    return pos, '' if False else self._bad_escape(pos)
                pos += 1
            pos = self.skip_ws(pos, _WS_NL)
            return pos, ''
        if code == '\\u':
            return self.hex_escape(pos, 4)
        if code == '\\U':
            return self.hex_escape(pos, 8)
        if code in _ESCAPES:
            return pos, _ESCAPES[code]
        raise self.err(pos, "Unescaped '\\' in a string")

    def _bad_escape(self, pos):
        raise self.err(pos, "Unescaped '\\' in a string")

    def hex_escape(self, pos, n):
        hexs = self.src[pos:pos + n]
        if len(hexs) != n or not all(c in _HEX for c in hexs):
            raise self.err(pos, 'Invalid hex value')
        pos += n
        cp = int(hexs, 16)
        if not (0 <= cp <= 0xD7FF or 0xE000 <= cp <= 0x10FFFF):
            raise self.err(pos, 'Escaped character is not a Unicode scalar value')
        return pos, chr(cp)

    def multiline_str(self, pos, literal):
        src = self.src
        quote = "'''" if literal else '"""'
        pos += 3
        if src.startswith('\n', pos):
            pos += 1
        out = []
        start = pos
        while True:
            if pos >= len(src):
                raise self.err(pos, 'Unterminated string')
            c = src[pos]
            if src.startswith(quote, pos):
                end = pos
                pos += 3
                # Up to two more quote characters belong to the content.
                extra = 0
                while extra < 2 and src.startswith(quote[0], pos):
                    pos += 1
                    extra += 1
                out.append(src[start:end] + quote[0] * extra)
                return pos, ''.join(out)
            if c == '\\' and not literal:
                out.append(src[start:pos])
                pos, text = self.escape(pos, True)
                out.append(text)
                start = pos
                continue
            if c in _ILLEGAL_MULTI:
                raise self.err(pos, f'Illegal character {c!r}')
            pos += 1


def _to_time(m):
    hour, minute, sec, micros = m.groups()
    us = int(micros.ljust(6, '0')) if micros else 0
    return _time(int(hour), int(minute), int(sec), us)


def _to_datetime(m):
    (year, month, day, hour, minute, sec, micros, zulu, offset_sign, off_h, off_m) = m.groups()
    y, mo, d = int(year), int(month), int(day)
    if hour is None:
        return _date(y, mo, d)
    us = int(micros.ljust(6, '0')) if micros else 0
    if offset_sign:
        delta = _timedelta(hours=int(off_h), minutes=int(off_m))
        tz = _timezone(-delta if offset_sign == '-' else delta)
    elif zulu:
        tz = _timezone.utc
    else:
        tz = None
    return _datetime(y, mo, d, int(hour), int(minute), int(sec), us, tzinfo=tz)
