"""Context variables (CPython's contextvars, over one mutable mapping per Context)."""

__all__ = ('Context', 'ContextVar', 'Token', 'copy_context')


_MISSING = object()


class _Missing:
    def __repr__(self):
        return '<Token.MISSING>'


class Context:
    __slots__ = ('_data', '_prev', '_entered')

    def __init__(self):
        self._data = {}
        self._prev = None
        self._entered = False

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'Context' is not an acceptable base type")

    def run(self, callable, /, *args, **kwargs):
        global _current
        if self._entered:
            raise RuntimeError(f'cannot enter context: {self!r} is already entered')
        self._prev = _current
        self._entered = True
        _current = self
        try:
            return callable(*args, **kwargs)
        finally:
            _current = self._prev
            self._prev = None
            self._entered = False

    def copy(self):
        new = Context()
        new._data = dict(self._data)
        return new

    def __getitem__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return self._data[var]

    def get(self, var, default=None):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return self._data.get(var, default)

    def __contains__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return var in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def __eq__(self, other):
        if not isinstance(other, Context):
            return NotImplemented
        return self._data == other._data

    __hash__ = None


_current = Context()


def copy_context():
    return _current.copy()


class ContextVar:
    __slots__ = ('_name', '_default')

    def __init__(self, *args, **kwargs):
        n = len(args) + len(kwargs)
        if n > 2:
            raise TypeError(f'ContextVar() takes at most 2 arguments ({n} given)')
        for k in kwargs:
            if k != 'default':
                raise TypeError(f"ContextVar() got an unexpected keyword argument '{k}'")
        if len(args) > 1:
            raise TypeError('ContextVar() takes at most 1 positional argument (%d given)' % len(args))
        if not args:
            raise TypeError('ContextVar() takes exactly 1 positional argument (0 given)')
        name = args[0]
        if not isinstance(name, str):
            raise TypeError('context variable name must be a str')
        self._name = name
        self._default = kwargs.get('default', _MISSING)

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'ContextVar' is not an acceptable base type")

    @property
    def name(self):
        return self._name

    def get(self, *args):
        if len(args) > 1:
            raise TypeError(f'get expected at most 1 argument, got {len(args)}')
        data = _current._data
        if self in data:
            return data[self]
        if args:
            return args[0]
        if self._default is not _MISSING:
            return self._default
        raise LookupError(self)

    def set(self, *args):
        if len(args) != 1:
            raise TypeError(f'ContextVar.set() takes exactly one argument ({len(args)} given)')
        data = _current._data
        old = data.get(self, Token.MISSING)
        data[self] = args[0]
        return Token(_current, self, old, _sk_token=True)

    def reset(self, token):
        if not isinstance(token, Token):
            raise TypeError(f'expected an instance of Token, got {token!r}')
        if token._used:
            raise RuntimeError(f'{token!r} has already been used once')
        if token._var is not self:
            raise ValueError(f'{token!r} was created by a different ContextVar')
        if token._ctx is not _current:
            raise ValueError(f'{token!r} was created in a different Context')
        data = _current._data
        if token._old is Token.MISSING:
            data.pop(self, None)
        else:
            data[self] = token._old
        token._used = True

    def __repr__(self):
        r = f'<ContextVar name={self._name!r}'
        if self._default is not _MISSING:
            r += f' default={self._default!r}'
        return r + f' at 0x{id(self):x}>'

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


class Token:
    __slots__ = ('_ctx', '_var', '_old', '_used')

    MISSING = _Missing()

    def __init__(self, ctx=None, var=None, old=None, *, _sk_token=False):
        if not _sk_token:
            raise RuntimeError('Tokens can only be created by ContextVars')
        self._ctx = ctx
        self._var = var
        self._old = old
        self._used = False

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'Token' is not an acceptable base type")

    @property
    def var(self):
        return self._var

    @property
    def old_value(self):
        return self._old

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._var.reset(self)

    def __repr__(self):
        used = ' used' if self._used else ''
        return f'<Token{used} var={self._var!r} at 0x{id(self):x}>'

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


for _c in (Context, ContextVar, Token):
    _c.__module__ = '_contextvars'
del _c
