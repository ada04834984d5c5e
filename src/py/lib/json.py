# json — JSON encoder and decoder with CPython's API and messages
# (host code, see stdlib.c).

import _sk

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']

_enter = _sk.enter_recursion
_leave = _sk.leave_recursion
INFINITY = float('inf')


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


JSONDecodeError.__module__ = 'json.decoder'

# ---- encoder ---------------------------------------------------------------------------------
_ESCAPE_DCT = {'\\': '\\\\', '"': '\\"', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t'}
for _i in range(0x20):
    _ESCAPE_DCT.setdefault(chr(_i), '\\u{0:04x}'.format(_i))
del _i


def py_encode_basestring(s):
    return '"' + ''.join(_ESCAPE_DCT.get(c, c) for c in s) + '"'


encode_basestring = py_encode_basestring


def py_encode_basestring_ascii(s):
    out = []
    for c in s:
        e = _ESCAPE_DCT.get(c)
        if e is not None:
            out.append(e)
            continue
        n = ord(c)
        if n < 0x7f:
            out.append(c)
        elif n < 0x10000:
            out.append('\\u{0:04x}'.format(n))
        else:
            n -= 0x10000
            s1 = 0xd800 | ((n >> 10) & 0x3ff)
            s2 = 0xdc00 | (n & 0x3ff)
            out.append('\\u{0:04x}\\u{1:04x}'.format(s1, s2))
    return '"' + ''.join(out) + '"'


encode_basestring_ascii = py_encode_basestring_ascii


class JSONEncoder:
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {o.__class__.__name__} is not JSON serializable')

    def encode(self, o):
        if isinstance(o, str):
            if self.ensure_ascii:
                return encode_basestring_ascii(o)
            return encode_basestring(o)
        chunks = self.iterencode(o, _one_shot=True)
        if not isinstance(chunks, (list, tuple)):
            chunks = list(chunks)
        return ''.join(chunks)

    def iterencode(self, o, _one_shot=False):
        if not isinstance(self.key_separator, str):
            raise TypeError(f'make_encoder() argument 5 must be str, not {type(self.key_separator).__name__}')
        if not isinstance(self.item_separator, str):
            raise TypeError(f'make_encoder() argument 6 must be str, not {type(self.item_separator).__name__}')
        markers = {} if self.check_circular else None
        _encoder = encode_basestring_ascii if self.ensure_ascii else encode_basestring
        allow_nan = self.allow_nan

        def floatstr(o):
            if o != o:
                text = 'NaN'
            elif o == INFINITY:
                text = 'Infinity'
            elif o == -INFINITY:
                text = '-Infinity'
            else:
                return float.__repr__(o)
            if not allow_nan:
                raise ValueError('Out of range float values are not JSON compliant: ' + repr(o))
            return text

        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        out = []
        _encode(o, 0, out, markers, self.default, _encoder, indent, floatstr, self.key_separator,
                self.item_separator, self.sort_keys, self.skipkeys)
        return out


def _encode(o, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys, skipkeys):
    if isinstance(o, str):
        out.append(encoder(o))
    elif o is None:
        out.append('null')
    elif o is True:
        out.append('true')
    elif o is False:
        out.append('false')
    elif isinstance(o, int):
        out.append(int.__repr__(o))
    elif isinstance(o, float):
        out.append(floatstr(o))
    elif isinstance(o, (list, tuple)):
        _enter(' while encoding a JSON object')
        try:
            _encode_list(o, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                         skipkeys)
        finally:
            _leave()
    elif isinstance(o, dict):
        _enter(' while encoding a JSON object')
        try:
            _encode_dict(o, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                         skipkeys)
        finally:
            _leave()
    else:
        if markers is not None:
            markerid = id(o)
            if markerid in markers:
                raise ValueError('Circular reference detected')
            markers[markerid] = o
        _enter(' while encoding a JSON object')
        try:
            o2 = default(o)
            _encode(o2, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                    skipkeys)
        finally:
            _leave()
        if markers is not None:
            del markers[markerid]


def _encode_list(lst, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                 skipkeys):
    if not lst:
        out.append('[]')
        return
    if markers is not None:
        markerid = id(lst)
        if markerid in markers:
            raise ValueError('Circular reference detected')
        markers[markerid] = lst
    out.append('[')
    if indent is not None:
        level += 1
        newline_indent = '\n' + indent * level
        separator = item_sep + newline_indent
        out.append(newline_indent)
    else:
        newline_indent = None
        separator = item_sep
    first = True
    for value in lst:
        if first:
            first = False
        else:
            out.append(separator)
        _encode(value, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                skipkeys)
    if newline_indent is not None:
        level -= 1
        out.append('\n' + indent * level)
    out.append(']')
    if markers is not None:
        del markers[markerid]


def _encode_dict(dct, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                 skipkeys):
    if not dct:
        out.append('{}')
        return
    if markers is not None:
        markerid = id(dct)
        if markerid in markers:
            raise ValueError('Circular reference detected')
        markers[markerid] = dct
    out.append('{')
    if indent is not None:
        level += 1
        newline_indent = '\n' + indent * level
        item_separator = item_sep + newline_indent
        out.append(newline_indent)
    else:
        newline_indent = None
        item_separator = item_sep
    first = True
    items = sorted(dct.items()) if sort_keys else dct.items()
    for key, value in items:
        if isinstance(key, str):
            pass
        elif isinstance(key, float):
            key = floatstr(key)
        elif key is True:
            key = 'true'
        elif key is False:
            key = 'false'
        elif key is None:
            key = 'null'
        elif isinstance(key, int):
            key = int.__repr__(key)
        elif skipkeys:
            continue
        else:
            raise TypeError(f'keys must be str, int, float, bool or None, not {key.__class__.__name__}')
        if first:
            first = False
        else:
            out.append(item_separator)
        out.append(encoder(key))
        out.append(key_sep)
        _encode(value, level, out, markers, default, encoder, indent, floatstr, key_sep, item_sep, sort_keys,
                skipkeys)
    if newline_indent is not None:
        level -= 1
        out.append('\n' + indent * level)
    out.append('}')
    if markers is not None:
        del markers[markerid]


_default_encoder = JSONEncoder()


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and cls is None and indent is None and
            separators is None and default is None and not sort_keys and not kw):
        return _default_encoder.encode(obj)
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
         separators=None, default=None, sort_keys=False, **kw):
    fp.write(dumps(obj, skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                   allow_nan=allow_nan, cls=cls, indent=indent, separators=separators, default=default,
                   sort_keys=sort_keys, **kw))


# ---- decoder ---------------------------------------------------------------------------------
_CONSTANTS = {'-Infinity': float('-inf'), 'Infinity': float('inf'), 'NaN': float('nan')}
_BACKSLASH = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
_WS = ' \t\n\r'
_HEX = '0123456789abcdefABCDEF'


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook
        self.memo = {}

    def decode(self, s):
        obj, end = self.raw_decode(s, _skip_ws(s, 0))
        end = _skip_ws(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return obj

    def raw_decode(self, s, idx=0):
        try:
            obj, end = _scan(self, s, idx)
        except StopIteration as err:
            raise JSONDecodeError('Expecting value', s, err.value) from None
        return obj, end


def _skip_ws(s, i):
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


def _scan(dec, s, idx):
    n = len(s)
    if idx >= n:
        raise StopIteration(idx)
    c = s[idx]
    if c == '"':
        return _parse_string(s, idx + 1, dec.strict)
    if c == '{':
        _enter(' while decoding a JSON object from a unicode string')
        try:
            return _parse_object(dec, s, idx + 1)
        finally:
            _leave()
    if c == '[':
        _enter(' while decoding a JSON array from a unicode string')
        try:
            return _parse_array(dec, s, idx + 1)
        finally:
            _leave()
    if c == 'n' and s.startswith('null', idx):
        return None, idx + 4
    if c == 't' and s.startswith('true', idx):
        return True, idx + 4
    if c == 'f' and s.startswith('false', idx):
        return False, idx + 5
    if c == 'N' and s.startswith('NaN', idx):
        return dec.parse_constant('NaN'), idx + 3
    if c == 'I' and s.startswith('Infinity', idx):
        return dec.parse_constant('Infinity'), idx + 8
    if c == '-' and s.startswith('-Infinity', idx):
        return dec.parse_constant('-Infinity'), idx + 9
    # number: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?
    i = idx
    if i < n and s[i] == '-':
        i += 1
    if i < n and s[i] == '0':
        i += 1
    elif i < n and '1' <= s[i] <= '9':
        i += 1
        while i < n and '0' <= s[i] <= '9':
            i += 1
    else:
        raise StopIteration(idx)
    int_end = i
    frac = exp = ''
    if i + 1 < n and s[i] == '.' and '0' <= s[i + 1] <= '9':
        j = i + 2
        while j < n and '0' <= s[j] <= '9':
            j += 1
        frac = s[i:j]
        i = j
    if i < n and s[i] in 'eE':
        j = i + 1
        if j < n and s[j] in '+-':
            j += 1
        if j < n and '0' <= s[j] <= '9':
            j += 1
            while j < n and '0' <= s[j] <= '9':
                j += 1
            exp = s[i:j]
            i = j
    if frac or exp:
        return dec.parse_float(s[idx:int_end] + frac + exp), i
    return dec.parse_int(s[idx:int_end]), i


def _parse_string(s, end, strict):
    chunks = []
    begin = end - 1
    n = len(s)
    while True:
        i = end
        while i < n and s[i] != '"' and s[i] != '\\' and (s[i] >= ' ' or not strict):
            i += 1
        if i >= n:
            raise JSONDecodeError('Unterminated string starting at', s, begin)
        if i > end:
            chunks.append(s[end:i])
        c = s[i]
        end = i + 1
        if c == '"':
            break
        if c != '\\':
            raise JSONDecodeError('Invalid control character at', s, i)
        if end >= n:
            raise JSONDecodeError('Unterminated string starting at', s, begin)
        esc = s[end]
        if esc != 'u':
            ch = _BACKSLASH.get(esc)
            if ch is None:
                raise JSONDecodeError('Invalid \\escape', s, end - 1)
            chunks.append(ch)
            end += 1
            continue
        uni = _decode_uXXXX(s, end)
        end += 5
        if 0xd800 <= uni <= 0xdbff and s[end:end + 2] == '\\u':
            uni2 = _decode_uXXXX(s, end + 1)
            if 0xdc00 <= uni2 <= 0xdfff:
                uni = 0x10000 + (((uni - 0xd800) << 10) | (uni2 - 0xdc00))
                end += 6
        chunks.append(chr(uni))
    return ''.join(chunks), end


def _decode_uXXXX(s, pos):
    esc = s[pos + 1:pos + 5]
    if len(esc) == 4 and all(c in _HEX for c in esc):
        return int(esc, 16)
    raise JSONDecodeError('Invalid \\uXXXX escape', s, pos)


def _parse_object(dec, s, end):
    pairs = []
    end = _skip_ws(s, end)
    n = len(s)
    if end < n and s[end] == '}':
        if dec.object_pairs_hook is not None:
            return dec.object_pairs_hook(pairs), end + 1
        pairs = {}
        if dec.object_hook is not None:
            pairs = dec.object_hook(pairs)
        return pairs, end + 1
    if end >= n or s[end] != '"':
        raise JSONDecodeError('Expecting property name enclosed in double quotes', s, end)
    end += 1
    memo = dec.memo
    while True:
        key, end = _parse_string(s, end, dec.strict)
        key = memo.setdefault(key, key)
        end = _skip_ws(s, end)
        if end >= n or s[end] != ':':
            raise JSONDecodeError("Expecting ':' delimiter", s, end)
        end = _skip_ws(s, end + 1)
        try:
            value, end = _scan(dec, s, end)
        except StopIteration as err:
            raise JSONDecodeError('Expecting value', s, err.value) from None
        pairs.append((key, value))
        end = _skip_ws(s, end)
        if end < n and s[end] == '}':
            end += 1
            break
        if end >= n or s[end] != ',':
            raise JSONDecodeError("Expecting ',' delimiter", s, end)
        comma_idx = end
        end = _skip_ws(s, end + 1)
        if end < n and s[end] == '}':
            raise JSONDecodeError('Illegal trailing comma before end of object', s, comma_idx)
        if end >= n or s[end] != '"':
            raise JSONDecodeError('Expecting property name enclosed in double quotes', s, end)
        end += 1
    dec.memo.clear()
    if dec.object_pairs_hook is not None:
        return dec.object_pairs_hook(pairs), end
    pairs = dict(pairs)
    if dec.object_hook is not None:
        pairs = dec.object_hook(pairs)
    return pairs, end


def _parse_array(dec, s, end):
    values = []
    end = _skip_ws(s, end)
    n = len(s)
    if end < n and s[end] == ']':
        return values, end + 1
    while True:
        try:
            value, end = _scan(dec, s, end)
        except StopIteration as err:
            raise JSONDecodeError('Expecting value', s, err.value) from None
        values.append(value)
        end = _skip_ws(s, end)
        if end < n and s[end] == ']':
            end += 1
            break
        if end >= n or s[end] != ',':
            raise JSONDecodeError("Expecting ',' delimiter", s, end)
        comma_idx = end
        end = _skip_ws(s, end + 1)
        if end < n and s[end] == ']':
            raise JSONDecodeError('Illegal trailing comma before end of array', s, comma_idx)
    return values, end


_default_decoder = JSONDecoder()


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    else:
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError(f'the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}')
        s = s.decode('utf-8')
    if (cls is None and object_hook is None and parse_int is None and parse_float is None and
            parse_constant is None and object_pairs_hook is None and not kw):
        return _default_decoder.decode(s)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw['object_hook'] = object_hook
    if object_pairs_hook is not None:
        kw['object_pairs_hook'] = object_pairs_hook
    if parse_float is not None:
        kw['parse_float'] = parse_float
    if parse_int is not None:
        kw['parse_int'] = parse_int
    if parse_constant is not None:
        kw['parse_constant'] = parse_constant
    return cls(**kw).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
         object_pairs_hook=None, **kw):
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)
