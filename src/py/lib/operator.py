"""Operators as plain functions (the operator module)."""
import _sk

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf', 'delitem', 'eq',
           'floordiv', 'ge', 'getitem', 'gt', 'iadd', 'iand', 'iconcat', 'ifloordiv', 'ilshift', 'imatmul', 'imod',
           'imul', 'index', 'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift', 'is_', 'is_not', 'is_none',
           'is_not_none', 'isub', 'itemgetter', 'itruediv', 'ixor', 'le', 'length_hint', 'lshift', 'lt', 'matmul',
           'methodcaller', 'mod', 'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift', 'setitem', 'sub',
           'truediv', 'truth', 'xor']

_builtin_abs = abs

# The one-expression operators are generated from these tables: name and
# the expression over the parameters a (and b, c).
_UNARY = (('not_', 'not a'), ('truth', 'bool(a)'), ('is_none', 'a is None'),
          ('is_not_none', 'a is not None'), ('inv', '~a'), ('neg', '-a'), ('pos', '+a'))
_BINARY = (('lt', 'a < b'), ('le', 'a <= b'), ('eq', 'a == b'), ('ne', 'a != b'),
           ('ge', 'a >= b'), ('gt', 'a > b'), ('is_', 'a is b'), ('is_not', 'a is not b'),
           ('add', 'a + b'), ('sub', 'a - b'), ('mul', 'a * b'), ('matmul', 'a @ b'),
           ('truediv', 'a / b'), ('floordiv', 'a // b'), ('mod', 'a % b'), ('pow', 'a ** b'),
           ('lshift', 'a << b'), ('rshift', 'a >> b'), ('and_', 'a & b'), ('or_', 'a | b'),
           ('xor', 'a ^ b'), ('contains', 'b in a'), ('getitem', 'a[b]'))
# in-place forms: iadd does a += b and returns a, and so on
_INPLACE = (('iadd', '+'), ('isub', '-'), ('imul', '*'), ('imatmul', '@'), ('itruediv', '/'),
            ('ifloordiv', '//'), ('imod', '%'), ('ipow', '**'), ('ilshift', '<<'),
            ('irshift', '>>'), ('iand', '&'), ('ior', '|'), ('ixor', '^'))


def _generate():
    text = []
    for name, expr in _UNARY:
        text.append(f'def {name}(a, /):\n    return {expr}\n')
    for name, expr in _BINARY:
        text.append(f'def {name}(a, b, /):\n    return {expr}\n')
    for name, op in _INPLACE:
        text.append(f'def {name}(a, b, /):\n    a {op}= b\n    return a\n')
    text.append('def setitem(a, b, c, /):\n    a[b] = c\n')
    text.append('def delitem(a, b, /):\n    del a[b]\n')
    _sk.host_exec(''.join(text), globals())


_generate()
invert = inv


def abs(a, /):
    return _builtin_abs(a)


def index(a, /):
    return _sk.index(a)


def _require_sequence(seq):
    if not hasattr(seq, '__getitem__'):
        raise TypeError(f"'{type(seq).__name__}' object can't be concatenated")


def concat(a, b, /):
    _require_sequence(a)
    return a + b


def iconcat(a, b, /):
    _require_sequence(a)
    a += b
    return a


def _matches(seq, b):
    return (pos for pos, item in enumerate(seq) if item is b or item == b)


def countOf(a, b, /):
    return sum(1 for _ in _matches(a, b))


def indexOf(a, b, /):
    for pos in _matches(a, b):
        return pos
    raise ValueError('sequence.index(x): x not in sequence')


def length_hint(obj, default=0, /):
    if not isinstance(default, int):
        raise TypeError(f"'{type(default).__name__}' object cannot be interpreted as an integer")
    try:
        return len(obj)
    except TypeError:
        pass
    probe = getattr(type(obj), '__length_hint__', None)
    if probe is None:
        return default
    try:
        guess = probe(obj)
    except TypeError:
        return default
    if guess is NotImplemented:
        return default
    if not isinstance(guess, int):
        raise TypeError(f'__length_hint__ must be integer, not {type(guess).__name__}')
    if guess < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return guess


def call(obj, /, *args, **kwargs):
    return obj(*args, **kwargs)


def _one_positional(kind, args, kwargs):
    if kwargs:
        raise TypeError(f'{kind}() takes no keyword arguments')
    if len(args) != 1:
        raise TypeError(f'{kind} expected 1 argument, got {len(args)}')
    return args[0]


def _dotted(obj, chain):
    for part in chain:
        obj = getattr(obj, part)
    return obj


class attrgetter:
    __slots__ = ('_names', '_chains')

    def __init__(self, *attrs, **kwargs):
        if kwargs:
            raise TypeError('attrgetter() takes no keyword arguments')
        if not attrs:
            raise TypeError('attrgetter expected 1 argument, got 0')
        if not all(isinstance(n, str) for n in attrs):
            raise TypeError('attribute name must be a string')
        self._names = attrs
        self._chains = [n.split('.') for n in attrs]

    def __call__(self, *pos, **kw):
        target = _one_positional('attrgetter', pos, kw)
        got = [_dotted(target, c) for c in self._chains]
        return got[0] if len(got) == 1 else tuple(got)

    def __repr__(self):
        return f"operator.attrgetter({', '.join(map(repr, self._names))})"

    def __reduce__(self):
        return type(self), self._names


class itemgetter:
    __slots__ = ('_keys',)

    def __init__(self, *items, **kwargs):
        if kwargs:
            raise TypeError('itemgetter() takes no keyword arguments')
        if not items:
            raise TypeError('itemgetter expected 1 argument, got 0')
        self._keys = items

    def __call__(self, *pos, **kw):
        target = _one_positional('itemgetter', pos, kw)
        if len(self._keys) == 1:
            return target[self._keys[0]]
        return tuple(target[k] for k in self._keys)

    def __repr__(self):
        return f"operator.itemgetter({', '.join(map(repr, self._keys))})"

    def __reduce__(self):
        return type(self), self._keys


class methodcaller:
    __slots__ = ('_method', '_pos', '_kw')

    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._method, self._pos, self._kw = name, args, kwargs

    def __call__(self, obj):
        bound = getattr(obj, self._method)
        return bound(*self._pos, **self._kw)

    def __repr__(self):
        shown = [repr(self._method)] + [repr(a) for a in self._pos]
        shown += [f'{k}={v!r}' for k, v in self._kw.items()]
        return f"operator.methodcaller({', '.join(shown)})"


def _dunder_aliases():
    space = globals()
    for name in ('lt le eq ne ge gt not_ abs add and_ call floordiv index inv invert lshift mod mul '
                 'matmul neg or_ pos pow rshift sub truediv xor concat contains delitem getitem '
                 'setitem iadd iand iconcat ifloordiv ilshift imod imul imatmul ior ipow irshift '
                 'isub itruediv ixor').split():
        space['__' + name.rstrip('_') + '__'] = space[name]


_dunder_aliases()
del _dunder_aliases, _generate
