"""JSON encoder and decoder (the API of CPython's json package over the C
accelerators in _json)."""
import _json

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']

encode_basestring = _json.encode_basestring
encode_basestring_ascii = _json.encode_basestring_ascii
c_make_encoder = _json.make_encoder
INFINITY = float('inf')


class JSONDecodeError(ValueError):
    """Subclass of ValueError with: msg, doc, pos, lineno, colno."""

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
        markers = {} if self.check_circular else None
        _encoder = encode_basestring_ascii if self.ensure_ascii else encode_basestring
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        _iterencode = c_make_encoder(markers, self.default, _encoder, indent, self.key_separator,
                                     self.item_separator, self.sort_keys, self.skipkeys, self.allow_nan)
        return _iterencode(o, 0)


JSONEncoder.__module__ = 'json.encoder'


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.parse_constant = parse_constant
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s, _w=None):
        obj, end = self.raw_decode(s, _skip_ws(s, 0))
        end = _skip_ws(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return obj

    def raw_decode(self, s, idx=0):
        return _json.scanner(s, idx, self.strict, self.object_hook, self.object_pairs_hook, self.parse_float,
                             self.parse_int, self.parse_constant)


JSONDecoder.__module__ = 'json.decoder'


def _skip_ws(s, i):
    n = len(s)
    while i < n and s[i] in ' \t\n\r':
        i += 1
    return i


_default_encoder = JSONEncoder()
_default_decoder = JSONDecoder()


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
         separators=None, default=None, sort_keys=False, **kw):
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and cls is None and indent is None and
            separators is None and default is None and not sort_keys and not kw):
        iterable = _default_encoder.iterencode(obj)
    else:
        if cls is None:
            cls = JSONEncoder
        iterable = cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                       allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                       sort_keys=sort_keys, **kw).iterencode(obj)
    for chunk in iterable:
        fp.write(chunk)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and cls is None and indent is None and
            separators is None and default is None and not sort_keys and not kw):
        return _default_encoder.encode(obj)
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw).encode(obj)


def detect_encoding(b):
    bstartswith = b.startswith
    if bstartswith((b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00')):
        return 'utf-32'
    if bstartswith((b'\xff\xfe', b'\xfe\xff')):
        return 'utf-16'
    if bstartswith(b'\xef\xbb\xbf'):
        return 'utf-8-sig'
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
         object_pairs_hook=None, **kw):
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    else:
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError(f'the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}')
        enc = detect_encoding(s)
        if enc == 'utf-8-sig':
            s = bytes(s)[3:].decode('utf-8')
        else:
            s = s.decode(enc)
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


import sys as _sys

decoder = type(_json)('json.decoder')
decoder.JSONDecoder = JSONDecoder
decoder.JSONDecodeError = JSONDecodeError
encoder = type(_json)('json.encoder')
encoder.JSONEncoder = JSONEncoder
encoder.encode_basestring = encode_basestring
encoder.encode_basestring_ascii = encode_basestring_ascii
encoder.INFINITY = INFINITY
_sys.modules['json.decoder'] = decoder
_sys.modules['json.encoder'] = encoder
del _sys
