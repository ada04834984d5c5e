"""reprlib for Sandkiste: size-limited repr() and the recursive_repr decorator."""

__all__ = ['Repr', 'repr', 'recursive_repr']

import builtins


def recursive_repr(fillvalue='...'):
    """Decorator for __repr__ methods: a recursive call returns fillvalue."""
    def decorating_function(user_function):
        active = set()

        def wrapper(self):
            key = id(self)
            if key in active:
                return fillvalue
            active.add(key)
            try:
                return user_function(self)
            finally:
                active.discard(key)
        for attr in ('__module__', '__doc__', '__name__', '__qualname__', '__annotations__', '__type_params__'):
            try:
                setattr(wrapper, attr, getattr(user_function, attr))
            except AttributeError:
                pass
        wrapper.__wrapped__ = user_function
        return wrapper
    return decorating_function


class Repr:
    """repr() with limits on depth, element counts and string lengths."""

    _lookup = {'tuple': 'builtins', 'list': 'builtins', 'array': 'array', 'set': 'builtins',
               'frozenset': 'builtins', 'deque': 'collections', 'dict': 'builtins', 'str': 'builtins',
               'int': 'builtins'}

    def __init__(self, *, maxlevel=6, maxtuple=6, maxlist=6, maxarray=5, maxdict=4, maxset=6,
                 maxfrozenset=6, maxdeque=6, maxstring=30, maxlong=40, maxother=30, fillvalue='...',
                 indent=None):
        self.maxlevel = maxlevel
        self.maxtuple = maxtuple
        self.maxlist = maxlist
        self.maxarray = maxarray
        self.maxdict = maxdict
        self.maxset = maxset
        self.maxfrozenset = maxfrozenset
        self.maxdeque = maxdeque
        self.maxstring = maxstring
        self.maxlong = maxlong
        self.maxother = maxother
        self.fillvalue = fillvalue
        self.indent = indent

    def repr(self, x):
        return self.repr1(x, self.maxlevel)

    def repr1(self, x, level):
        cls = type(x)
        name = cls.__name__
        if ' ' in name:
            name = '_'.join(name.split())
        method = getattr(self, 'repr_' + name, None)
        if method is not None and self._lookup.get(name, cls.__module__) == cls.__module__:
            return method(x, level)
        return self.repr_instance(x, level)

    def _indent_text(self, pieces, level):
        ind = self.indent
        if ind is None:
            return None
        if isinstance(ind, int):
            if ind < 0:
                raise ValueError(f'Repr.indent cannot be negative int (was {ind!r})')
            ind = ' ' * ind
        elif not isinstance(ind, str):
            raise TypeError(f'Repr.indent must be a str, int or None, not {type(ind)!r}')
        depth = self.maxlevel - level
        inner = '\n' + ind * (depth + 1)
        return ''.join(inner + p + ',' for p in pieces) + '\n' + ind * depth

    def _sequence(self, x, level, left, right, limit, trail=''):
        n = len(x)
        if level <= 0 and n:
            body = self.fillvalue
        else:
            shown = [self.repr1(item, level - 1) for _, item in zip(range(limit), x)]
            if n > limit:
                shown.append(self.fillvalue)
            body = self._indent_text(shown, level)
            if body is None:
                body = ', '.join(shown)
                if n == 1 and trail:
                    body += trail
        return left + body + right

    def repr_tuple(self, x, level):
        return self._sequence(x, level, '(', ')', self.maxtuple, ',')

    def repr_list(self, x, level):
        return self._sequence(x, level, '[', ']', self.maxlist)

    def repr_array(self, x, level):
        if not x:
            return "array('%s')" % x.typecode
        return self._sequence(x, level, "array('%s', [" % x.typecode, '])', self.maxarray)

    def repr_set(self, x, level):
        if not x:
            return 'set()'
        return self._sequence(_sorted_if_possible(x), level, '{', '}', self.maxset)

    def repr_frozenset(self, x, level):
        if not x:
            return 'frozenset()'
        return self._sequence(_sorted_if_possible(x), level, 'frozenset({', '})', self.maxfrozenset)

    def repr_deque(self, x, level):
        return self._sequence(x, level, 'deque([', '])', self.maxdeque)

    def repr_dict(self, x, level):
        n = len(x)
        if n == 0:
            return '{}'
        if level <= 0:
            return '{' + self.fillvalue + '}'
        pieces = []
        for key in _sorted_if_possible(x)[:self.maxdict]:
            pieces.append('%s: %s' % (self.repr1(key, level - 1), self.repr1(x[key], level - 1)))
        if n > self.maxdict:
            pieces.append(self.fillvalue)
        body = self._indent_text(pieces, level)
        if body is None:
            body = ', '.join(pieces)
        return '{' + body + '}'

    def repr_str(self, x, level):
        s = builtins.repr(x[:self.maxstring])
        if len(s) > self.maxstring:
            i = max(0, (self.maxstring - 3) // 2)
            j = max(0, self.maxstring - 3 - i)
            s = builtins.repr(x[:i] + x[len(x) - j:])
            s = s[:i] + self.fillvalue + s[len(s) - j:]
        return s

    def repr_int(self, x, level):
        try:
            s = builtins.repr(x)
        except ValueError as exc:
            if 'sys.set_int_max_str_digits' not in str(exc):
                raise
            return f'<{x.__class__.__name__} instance with roughly {int(x.bit_length() * 0.30102999566398114)} digits>'
        if len(s) > self.maxlong:
            i = max(0, (self.maxlong - 3) // 2)
            j = max(0, self.maxlong - 3 - i)
            s = s[:i] + self.fillvalue + s[len(s) - j:]
        return s

    def repr_instance(self, x, level):
        try:
            s = builtins.repr(x)
        except Exception:
            return '<%s instance at %#x>' % (x.__class__.__name__, id(x))
        if len(s) > self.maxother:
            i = max(0, (self.maxother - 3) // 2)
            j = max(0, self.maxother - 3 - i)
            s = s[:i] + self.fillvalue + s[len(s) - j:]
        return s


def _sorted_if_possible(x):
    try:
        return sorted(x)
    except Exception:
        return list(x)


aRepr = Repr()
repr = aRepr.repr
