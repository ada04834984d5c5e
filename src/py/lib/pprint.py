"""pprint for Sandkiste: pretty-printing of Python data structures.

Layout follows CPython's module (line widths, room kept for closing
brackets, sorted dict keys, wrapped str and bytes, collections types and
dataclasses).
"""
import io as _io
import sys as _sys
import types as _types

__all__ = ['pprint', 'pformat', 'isreadable', 'isrecursive', 'saferepr', 'PrettyPrinter', 'pp']


def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
           underscore_numbers=False):
    printer = PrettyPrinter(indent, width, depth, stream, compact=compact,
                            sort_dicts=sort_dicts, underscore_numbers=underscore_numbers)
    printer.pprint(object)


def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    printer = PrettyPrinter(indent, width, depth, compact=compact,
                            sort_dicts=sort_dicts, underscore_numbers=underscore_numbers)
    return printer.pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    # like pprint(), but dicts keep insertion order unless asked otherwise
    kwargs['sort_dicts'] = sort_dicts
    pprint(object, *args, **kwargs)


def _probe(obj):
    # (text, readable, recursive) with default settings and no depth limit
    return PrettyPrinter()._safe_repr(obj, {}, None, 0)


def saferepr(object):
    return _probe(object)[0]


def isreadable(object):
    return _probe(object)[1]


def isrecursive(object):
    return _probe(object)[2]


class _OrderKey:
    """Sort key that orders anything: by value when comparable, else by type name and id."""
    __slots__ = ('obj',)

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        a, b = self.obj, other.obj
        try:
            return a < b
        except TypeError:
            return (str(type(a)), id(a)) < (str(type(b)), id(b))


def _pair_key(pair):
    return (_OrderKey(pair[0]), _OrderKey(pair[1]))


def _recursion_text(obj):
    return f'<Recursion on {type(obj).__name__} with id={id(obj)}>'


_PLAIN_SCALARS = {str, bytes, bytearray, float, bool, type(None)}
try:
    _PLAIN_SCALARS.add(complex)
except NameError:
    pass


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True,
                 underscore_numbers=False):
        indent, width = int(indent), int(width)
        if indent < 0:
            raise ValueError('indent must be >= 0')
        if depth is not None and not depth > 0:
            raise ValueError('depth must be > 0')
        if width == 0:
            raise ValueError('width must be != 0')
        self._step = indent
        self._width = width
        self._depth = depth
        self._stream = _sys.stdout if stream is None else stream
        self._pack = bool(compact)
        self._by_key = sort_dicts
        self._underscores = underscore_numbers

    # -- public ---------------------------------------------------------------------------
    def pprint(self, object):
        out = self._stream
        if out is None:
            return
        self._format(object, out, 0, 0, {}, 0)
        out.write('\n')

    def pformat(self, object):
        buf = _io.StringIO()
        self._format(object, buf, 0, 0, {}, 0)
        return buf.getvalue()

    def isrecursive(self, object):
        _, _, rec = self.format(object, {}, 0, 0)
        return rec

    def isreadable(self, object):
        _, ok, rec = self.format(object, {}, 0, 0)
        return ok and not rec

    def format(self, object, context, maxlevels, level):
        # the hook subclasses override: (text, readable, recursive)
        return self._safe_repr(object, context, maxlevels, level)

    def _pad(self, stream):
        # an indent step wider than 1 also pads after the opening bracket
        if self._step > 1:
            stream.write(' ' * (self._step - 1))

    # -- layout -----------------------------------------------------------------------------
    def _format(self, obj, stream, indent, allowance, context, level):
        key = id(obj)
        if key in context:
            stream.write(_recursion_text(obj))
            self._recursive = True
            self._readable = False
            return
        text = self._repr(obj, context, level)
        if len(text) > self._width - indent - allowance:
            printer = _layouts.get(type(obj).__repr__)
            if printer is None and self._is_plain_dataclass(obj):
                printer = PrettyPrinter._pprint_dataclass
            if printer is not None:
                context[key] = 1
                printer(self, obj, stream, indent, allowance, context, level + 1)
                del context[key]
                return
        stream.write(text)

    @staticmethod
    def _is_plain_dataclass(obj):
        params = getattr(type(obj), '__dataclass_params__', None)
        if params is None or isinstance(obj, type) or not getattr(params, 'repr', False):
            return False
        rep = type(obj).__repr__
        # The generated __repr__ (not one the class wrote itself).
        return getattr(rep, '__wrapped__', None) is not None or getattr(rep, '__module__', None) == 'dataclasses'

    def _repr(self, obj, context, level):
        text, readable, recursive = self.format(obj, context.copy(), self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return text

    def _items(self, items, stream, indent, allowance, context, level):
        """Comma-separated items, one per line (or packed, when compact)."""
        write = stream.write
        self._pad(stream)
        indent += self._step
        newline = ',\n' + ' ' * indent
        sep = ''
        room = full = self._width - indent + 1
        items = list(items)
        for pos, item in enumerate(items):
            last = pos == len(items) - 1
            if last:
                full -= allowance
                room -= allowance
            if self._pack:
                text = self._repr(item, context, level)
                need = len(text) + 2
                if room < need:
                    room = full
                    if sep:
                        sep = newline
                if room >= need:
                    room -= need
                    write(sep)
                    sep = ', '
                    write(text)
                    continue
            write(sep)
            sep = newline
            self._format(item, stream, indent, allowance if last else 1, context, level)

    def _dict_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        indent += self._step
        newline = ',\n' + ' ' * indent
        items = list(items)
        for pos, (k, v) in enumerate(items):
            last = pos == len(items) - 1
            ktext = self._repr(k, context, level)
            write(ktext)
            write(': ')
            self._format(v, stream, indent + len(ktext) + 2, allowance if last else 1, context, level)
            if not last:
                write(newline)

    def _named_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        newline = ',\n' + ' ' * indent
        items = list(items)
        for pos, (k, v) in enumerate(items):
            last = pos == len(items) - 1
            write(k)
            write('=')
            if id(v) in context:
                write('...')
            else:
                self._format(v, stream, indent + len(k) + 1, allowance if last else 1, context, level)
            if not last:
                write(newline)

    def _sorted_items(self, mapping):
        pairs = mapping.items()
        return sorted(pairs, key=_pair_key) if self._by_key else pairs

    # -- per-type printers (used when the one-line repr is too wide) ---------------------------
    def _pprint_dict(self, obj, stream, indent, allowance, context, level):
        stream.write('{')
        self._pad(stream)
        if len(obj):
            self._dict_items(self._sorted_items(obj), stream, indent, allowance + 1, context, level)
        stream.write('}')

    def _pprint_ordered_dict(self, obj, stream, indent, allowance, context, level):
        if not len(obj):
            stream.write(repr(obj))
            return
        self._wrapped(type(obj).__name__, list(obj.items()), stream, indent, allowance, context, level)

    def _wrapped(self, name, inner, stream, indent, allowance, context, level):
        # name(<inner laid out after the parenthesis>)
        stream.write(name + '(')
        self._format(inner, stream, indent + len(name) + 1, allowance + 1, context, level)
        stream.write(')')

    def _pprint_list(self, obj, stream, indent, allowance, context, level):
        stream.write('[')
        self._items(obj, stream, indent, allowance + 1, context, level)
        stream.write(']')

    def _pprint_tuple(self, obj, stream, indent, allowance, context, level):
        stream.write('(')
        close = ',)' if len(obj) == 1 else ')'
        self._items(obj, stream, indent, allowance + len(close), context, level)
        stream.write(close)

    def _pprint_set(self, obj, stream, indent, allowance, context, level):
        if not len(obj):
            stream.write(repr(obj))
            return
        if type(obj) is set:
            opener, close = '{', '}'
        else:
            opener, close = type(obj).__name__ + '({', '})'
            indent += len(opener) - 1
        stream.write(opener)
        self._items(sorted(obj, key=_OrderKey), stream, indent, allowance + len(close), context, level)
        stream.write(close)

    def _pprint_str(self, obj, stream, indent, allowance, context, level):
        if not len(obj):
            stream.write(repr(obj))
            return
        if level == 1:
            indent += 1
            allowance += 1
        room = self._width - indent
        lines = obj.splitlines(True)
        pieces = []
        text = ''
        for li, line in enumerate(lines):
            text = repr(line)
            last_line = li == len(lines) - 1
            limit = room - allowance if last_line else room
            if len(text) <= limit:
                pieces.append(text)
                continue
            # Break the line between words (each word keeps its trailing blanks).
            words = _words_with_blanks(line)
            current = ''
            for wi, word in enumerate(words):
                cap = room - allowance if (last_line and wi == len(words) - 1) else room
                trial = current + word
                if len(repr(trial)) > cap:
                    if current:
                        pieces.append(repr(current))
                    current = word
                else:
                    current = trial
            if current:
                pieces.append(repr(current))
        if len(pieces) == 1:
            stream.write(text)
            return
        if level == 1:
            stream.write('(')
        stream.write(('\n' + ' ' * indent).join(pieces))
        if level == 1:
            stream.write(')')

    def _pprint_bytes(self, obj, stream, indent, allowance, context, level):
        if len(obj) <= 4:
            stream.write(repr(obj))
            return
        parens = level == 1
        if parens:
            indent += 1
            allowance += 1
            stream.write('(')
        stream.write(('\n' + ' ' * indent).join(_bytes_pieces(obj, self._width - indent, allowance)))
        if parens:
            stream.write(')')

    def _pprint_bytearray(self, obj, stream, indent, allowance, context, level):
        stream.write('bytearray(')
        self._pprint_bytes(bytes(obj), stream, indent + 10, allowance + 1, context, level + 1)
        stream.write(')')

    def _pprint_mappingproxy(self, obj, stream, indent, allowance, context, level):
        self._wrapped('mappingproxy', obj.copy(), stream, indent, allowance, context, level)

    def _pprint_simplenamespace(self, obj, stream, indent, allowance, context, level):
        name = 'namespace' if type(obj) is _types.SimpleNamespace else type(obj).__name__
        indent += len(name) + 1
        stream.write(name + '(')
        self._named_items(obj.__dict__.items(), stream, indent, allowance, context, level)
        stream.write(')')

    def _pprint_dataclass(self, obj, stream, indent, allowance, context, level):
        from dataclasses import fields
        name = type(obj).__name__
        indent += len(name) + 1
        items = [(f.name, getattr(obj, f.name)) for f in fields(obj) if f.repr]
        stream.write(name + '(')
        self._named_items(items, stream, indent, allowance, context, level)
        stream.write(')')

    def _pprint_default_dict(self, obj, stream, indent, allowance, context, level):
        if not len(obj):
            stream.write(repr(obj))
            return
        factory = self._repr(obj.default_factory, context, level)
        name = type(obj).__name__
        indent += len(name) + 1
        stream.write('%s(%s,\n%s' % (name, factory, ' ' * indent))
        self._pprint_dict(obj, stream, indent, allowance + 1, context, level)
        stream.write(')')

    def _pprint_counter(self, obj, stream, indent, allowance, context, level):
        if not len(obj):
            stream.write(repr(obj))
            return
        name = type(obj).__name__
        stream.write(name + '({')
        self._pad(stream)
        self._dict_items(obj.most_common(), stream, indent + len(name) + 1, allowance + 2, context, level)
        stream.write('})')

    def _pprint_chain_map(self, obj, stream, indent, allowance, context, level):
        maps = obj.maps
        if not len(maps):
            stream.write(repr(obj))
            return
        name = type(obj).__name__
        stream.write(name + '(')
        indent += len(name) + 1
        gap = ',\n' + ' ' * indent
        for m in maps[:-1]:
            self._format(m, stream, indent, 1, context, level)
            stream.write(gap)
        self._format(maps[-1], stream, indent, allowance + 1, context, level)
        stream.write(')')

    def _pprint_deque(self, obj, stream, indent, allowance, context, level):
        if not len(obj):
            stream.write(repr(obj))
            return
        name = type(obj).__name__
        stream.write(name + '(')
        indent += len(name) + 1
        stream.write('[')
        if obj.maxlen is None:
            self._items(obj, stream, indent, allowance + 2, context, level)
            stream.write('])')
        else:
            self._items(obj, stream, indent, 2, context, level)
            stream.write('],\n%smaxlen=%s)' % (' ' * indent, self._repr(obj.maxlen, context, level)))

    # -- one-line representation ------------------------------------------------------------
    def _safe_repr(self, obj, context, maxlevels, level):
        cls = type(obj)
        if cls in _PLAIN_SCALARS:
            return repr(obj), True, False
        own_repr = getattr(cls, '__repr__', None)
        if issubclass(cls, int) and own_repr is int.__repr__:
            text = format(obj, '_d') if self._underscores else repr(obj)
            return text, True, False
        if issubclass(cls, dict) and own_repr is dict.__repr__:
            if not obj:
                return '{}', True, False
            return self._safe_container(obj, context, maxlevels, level, '{%s}', True)
        if issubclass(cls, list) and own_repr is list.__repr__:
            if not obj:
                return '[]', True, False
            return self._safe_container(obj, context, maxlevels, level, '[%s]', False)
        if issubclass(cls, tuple) and own_repr is tuple.__repr__:
            if not obj:
                return '()', True, False
            return self._safe_container(obj, context, maxlevels, level,
                                        '(%s,)' if len(obj) == 1 else '(%s)', False)
        text = repr(obj)
        return text, bool(text) and not text.startswith('<'), False

    def _safe_container(self, obj, context, maxlevels, level, shape, is_dict):
        key = id(obj)
        if maxlevels and not level < maxlevels:
            return shape % '...', False, key in context
        if key in context:
            return _recursion_text(obj), False, True
        context[key] = 1
        readable = True
        recursive = False
        parts = []
        level += 1
        if is_dict:
            for k, v in self._sorted_items(obj):
                ktext, kread, krec = self.format(k, context, maxlevels, level)
                vtext, vread, vrec = self.format(v, context, maxlevels, level)
                parts.append(f'{ktext}: {vtext}')
                readable = readable and kread and vread
                recursive = recursive or krec or vrec
        else:
            for item in obj:
                text, read, rec = self.format(item, context, maxlevels, level)
                parts.append(text)
                readable = readable and read
                recursive = recursive or rec
        del context[key]
        return shape % ', '.join(parts), readable, recursive


def _words_with_blanks(line):
    """Split line into runs of non-blanks each followed by its blanks."""
    out = []
    i = 0
    n = len(line)
    while i < n:
        j = i
        while j < n and not line[j].isspace():
            j += 1
        while j < n and line[j].isspace():
            j += 1
        out.append(line[i:j])
        i = j
    return out


def _bytes_pieces(data, width, allowance):
    current = b''
    last = len(data) // 4 * 4
    for i in range(0, len(data), 4):
        part = data[i:i + 4]
        trial = current + part
        if i == last:
            width -= allowance
        if len(repr(trial)) > width:
            if current:
                yield repr(current)
            current = part
        else:
            current = trial
    if current:
        yield repr(current)


def _build_layouts():
    table = {
        dict.__repr__: PrettyPrinter._pprint_dict,
        list.__repr__: PrettyPrinter._pprint_list,
        tuple.__repr__: PrettyPrinter._pprint_tuple,
        set.__repr__: PrettyPrinter._pprint_set,
        frozenset.__repr__: PrettyPrinter._pprint_set,
        str.__repr__: PrettyPrinter._pprint_str,
        bytes.__repr__: PrettyPrinter._pprint_bytes,
        bytearray.__repr__: PrettyPrinter._pprint_bytearray,
        _types.SimpleNamespace.__repr__: PrettyPrinter._pprint_simplenamespace,
    }
    try:
        table.setdefault(_types.MappingProxyType.__repr__, PrettyPrinter._pprint_mappingproxy)
    except AttributeError:
        pass
    try:
        import collections as _c
        for cls, fn in ((_c.OrderedDict, PrettyPrinter._pprint_ordered_dict),
                        (_c.defaultdict, PrettyPrinter._pprint_default_dict),
                        (_c.Counter, PrettyPrinter._pprint_counter),
                        (_c.ChainMap, PrettyPrinter._pprint_chain_map),
                        (_c.deque, PrettyPrinter._pprint_deque)):
            table.setdefault(cls.__repr__, fn)
    except (AttributeError, ImportError):
        pass
    return table


_layouts = _build_layouts()
