"""json for Sandkiste: the json package's API over the C scanner and
encoder in _json (also reachable as json.decoder / json.encoder)."""
import _json
import sys as _sys

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']

encode_basestring = _json.encode_basestring
encode_basestring_ascii = _json.encode_basestring_ascii
c_make_encoder = _json.make_encoder
INFINITY = float('inf')


class JSONDecodeError(ValueError):
    """A parse error; carries msg, doc, pos, lineno and colno."""

    def __init__(self, msg, doc, pos):
        line = 1 + doc.count('\n', 0, pos)
        col = pos - doc.rfind('\n', 0, pos)
        super().__init__('%s: line %d column %d (char %d)' % (msg, line, col, pos))
        self.msg, self.doc, self.pos = msg, doc, pos
        self.lineno, self.colno = line, col

    def __reduce__(self):
        return type(self), (self.msg, self.doc, self.pos)


JSONDecodeError.__module__ = 'json.decoder'


class JSONEncoder:
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys, self.ensure_ascii, self.check_circular = skipkeys, ensure_ascii, check_circular
        self.allow_nan, self.sort_keys, self.indent = allow_nan, sort_keys, indent
        if separators is None:
            if indent is not None:
                self.item_separator = ','      # no trailing blanks at line ends
        else:
            self.item_separator, self.key_separator = separators
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {type(o).__name__} is not JSON serializable')

    def _quote(self):
        return encode_basestring_ascii if self.ensure_ascii else encode_basestring

    def encode(self, o):
        if isinstance(o, str):
            return self._quote()(o)
        return ''.join(self.iterencode(o, _one_shot=True))

    def iterencode(self, o, _one_shot=False):
        pad = self.indent
        if pad is not None and not isinstance(pad, str):
            pad = ' ' * pad
        seen = {} if self.check_circular else None
        run = c_make_encoder(seen, self.default, self._quote(), pad, self.key_separator, self.item_separator,
                             self.sort_keys, self.skipkeys, self.allow_nan)
        return run(o, 0)


JSONEncoder.__module__ = 'json.encoder'


_BLANKS = ' \t\n\r'


def _past_blanks(text, at):
    while at < len(text) and text[at] in _BLANKS:
        at += 1
    return at


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook, self.object_pairs_hook = object_hook, object_pairs_hook
        self.parse_float, self.parse_int, self.parse_constant = parse_float, parse_int, parse_constant
        self.strict = strict

    def decode(self, s, _w=None):
        value, stop = self.raw_decode(s, _past_blanks(s, 0))
        stop = _past_blanks(s, stop)
        if stop < len(s):
            raise JSONDecodeError('Extra data', s, stop)
        return value

    def raw_decode(self, s, idx=0):
        return _json.scanner(s, idx, self.strict, self.object_hook, self.object_pairs_hook, self.parse_float,
                             self.parse_int, self.parse_constant)


JSONDecoder.__module__ = 'json.decoder'

_PLAIN_ENCODER = JSONEncoder()
_PLAIN_DECODER = JSONDecoder()
# dump/dumps keyword values that let the shared default encoder be used
_ENCODER_DEFAULTS = (('skipkeys', False), ('ensure_ascii', True), ('check_circular', True), ('allow_nan', True),
                     ('indent', None), ('separators', None), ('default', None), ('sort_keys', False))


def _encoder_for(cls, options, extra):
    plain = cls is None and not extra and all(options[k] == v for k, v in _ENCODER_DEFAULTS)
    if plain:
        return _PLAIN_ENCODER
    return (cls or JSONEncoder)(**options, **extra)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
         separators=None, default=None, sort_keys=False, **kw):
    enc = _encoder_for(cls, dict(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                                 allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                                 sort_keys=sort_keys), kw)
    for piece in enc.iterencode(obj):
        fp.write(piece)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    enc = _encoder_for(cls, dict(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                                 allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                                 sort_keys=sort_keys), kw)
    return enc.encode(obj)


_BOMS = ((b'\x00\x00\xfe\xff', 'utf-32'), (b'\xff\xfe\x00\x00', 'utf-32'), (b'\xff\xfe', 'utf-16'),
         (b'\xfe\xff', 'utf-16'), (b'\xef\xbb\xbf', 'utf-8-sig'))


def detect_encoding(b):
    for mark, name in _BOMS:
        if b[:len(mark)] == mark:
            return name
    # JSON text starts with an ASCII character, so zero bytes show the width
    head = bytes(b[:4])
    if len(head) == 4:
        if head[0] == 0:
            return 'utf-32-be' if head[1] == 0 else 'utf-16-be'
        if head[1] == 0:
            return 'utf-32-le' if head[2] == 0 and head[3] == 0 else 'utf-16-le'
    elif len(head) == 2 and 0 in head:
        return 'utf-16-be' if head[0] == 0 else 'utf-16-le'
    return 'utf-8'


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
         object_pairs_hook=None, **kw):
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)


def _as_text(s):
    if isinstance(s, str):
        if s[:1] == '\ufeff':
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
        return s
    if isinstance(s, (bytes, bytearray)):
        codec = detect_encoding(s)
        if codec == 'utf-8-sig':
            return bytes(s[3:]).decode('utf-8')
        return bytes(s).decode(codec)
    raise TypeError(f'the JSON object must be str, bytes or bytearray, not {type(s).__name__}')


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    text = _as_text(s)
    hooks = {'object_hook': object_hook, 'object_pairs_hook': object_pairs_hook, 'parse_float': parse_float,
             'parse_int': parse_int, 'parse_constant': parse_constant}
    given = {k: v for k, v in hooks.items() if v is not None}
    if cls is None and not given and not kw:
        return _PLAIN_DECODER.decode(text)
    kw.update(given)
    return (cls or JSONDecoder)(**kw).decode(text)


def _submodule(name, **members):
    mod = type(_json)(name)
    for k, v in members.items():
        setattr(mod, k, v)
    _sys.modules[name] = mod
    return mod


decoder = _submodule('json.decoder', JSONDecoder=JSONDecoder, JSONDecodeError=JSONDecodeError)
encoder = _submodule('json.encoder', JSONEncoder=JSONEncoder, encode_basestring=encode_basestring,
                     encode_basestring_ascii=encode_basestring_ascii, INFINITY=INFINITY)
