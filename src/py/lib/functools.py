"""functools for Sandkiste: tools for functions and callables.

Names, signatures, messages and observable behaviour follow CPython's module
(3.14: Placeholder included); the implementation is our own.  lru_cache
returns a plain function carrying cache_info/cache_clear, so memoised
recursion costs one interpreter frame per level.
"""

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering', 'cache',
           'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod', 'singledispatch',
           'singledispatchmethod', 'cached_property', 'Placeholder']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__', '__type_params__')
WRAPPER_UPDATES = ('__dict__',)

_MISSING = object()


# ---- wrapping ----------------------------------------------------------------------------
def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Copy the identifying attributes of `wrapped` onto `wrapper`."""
    for name in assigned:
        value = getattr(wrapped, name, _MISSING)
        if value is not _MISSING:
            _set_quietly(wrapper, name, value)
    for name in updated:
        target = getattr(wrapper, name, None)
        if target is not None:
            target.update(getattr(wrapped, name, {}))
    setattr(wrapper, '__wrapped__', wrapped)
    return wrapper


def _set_quietly(obj, name, value):
    # some attributes are read-only on some callables: skip those
    try:
        setattr(obj, name, value)
    except (TypeError, AttributeError):
        return False
    return True


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator form of update_wrapper."""
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


def reduce(function, iterable, initial=_MISSING, /):
    """Fold iterable from the left with a two-argument function."""
    items = iter(iterable)
    acc = initial
    if acc is _MISSING:
        acc = next(items, _MISSING)
        if acc is _MISSING:
            raise TypeError('reduce() of empty iterable with no initial value')
    for item in items:
        acc = function(acc, item)
    return acc


# ---- total_ordering ----------------------------------------------------------------------
# For each root operation, how the other three follow from its result r
# (NotImplemented passes through untouched).
_DERIVED = {
    '__lt__': (('__gt__', lambda r, a, b: not r and a != b),
               ('__le__', lambda r, a, b: r or a == b),
               ('__ge__', lambda r, a, b: not r)),
    '__le__': (('__ge__', lambda r, a, b: not r or a == b),
               ('__lt__', lambda r, a, b: r and a != b),
               ('__gt__', lambda r, a, b: not r)),
    '__gt__': (('__lt__', lambda r, a, b: not r and a != b),
               ('__ge__', lambda r, a, b: r or a == b),
               ('__le__', lambda r, a, b: not r)),
    '__ge__': (('__le__', lambda r, a, b: not r or a == b),
               ('__gt__', lambda r, a, b: r and a != b),
               ('__lt__', lambda r, a, b: not r)),
}


def _derive(root, name, rule):
    def op(self, other):
        r = getattr(type(self), root)(self, other)
        if r is NotImplemented:
            return r
        return rule(r, self, other)
    op.__name__ = op.__qualname__ = name
    return op


def total_ordering(cls):
    """Fill in the missing rich comparisons from one that the class defines."""
    defined = [op for op in _DERIVED if getattr(cls, op, None) is not getattr(object, op, None)]
    if not defined:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(defined)
    for name, rule in _DERIVED[root]:
        if name not in defined:
            setattr(cls, name, _derive(root, name, rule))
    return cls


# ---- cmp_to_key --------------------------------------------------------------------------
class KeyWrapper:
    """What cmp_to_key returns: called with an object, it wraps it in a
    comparable KeyWrapper that orders by the cmp function."""
    __slots__ = ('obj', '_cmp')
    __hash__ = None

    def __init__(self, obj, cmp):
        self.obj = obj
        self._cmp = cmp

    def __call__(self, obj):
        return KeyWrapper(obj, self._cmp)

    def __lt__(self, other):
        return self._cmp(self.obj, other.obj) < 0

    def __le__(self, other):
        return self._cmp(self.obj, other.obj) <= 0

    def __eq__(self, other):
        return self._cmp(self.obj, other.obj) == 0

    def __ge__(self, other):
        return self._cmp(self.obj, other.obj) >= 0

    def __gt__(self, other):
        return self._cmp(self.obj, other.obj) > 0


def cmp_to_key(mycmp):
    """Turn an old-style cmp function into a key function."""
    return KeyWrapper(None, mycmp)


# ---- partial -----------------------------------------------------------------------------
class _PlaceholderType:
    """The type of Placeholder, the marker for a positional hole in partial()."""
    __slots__ = ()
    _the_one = None

    def __new__(cls):
        if cls._the_one is None:
            cls._the_one = object.__new__(cls)
        return cls._the_one

    def __repr__(self):
        return 'Placeholder'

    def __reduce__(self):
        return 'Placeholder'


Placeholder = _PlaceholderType()


def _fill_holes(stored, given):
    """Put `given` positionals into the Placeholder slots of `stored`; the rest follow."""
    out = list(stored)
    k = 0
    for i, v in enumerate(out):
        if v is Placeholder and k < len(given):
            out[i] = given[k]
            k += 1
    return out, given[k:]


def _partial_new(cls, func, /, *args, **keywords):
    family = partial if issubclass(cls, partial) else partialmethod
    if family is partial:
        if not callable(func):
            raise TypeError('the first argument must be callable')
    elif not callable(func) and not hasattr(func, '__get__'):
        raise TypeError(f'the first argument {func!r} must be a callable or a descriptor')
    if args and args[-1] is Placeholder:
        raise TypeError('trailing Placeholders are not allowed')
    if isinstance(func, family):          # flatten partial(partial(f, ...), ...)
        merged, extra = _fill_holes(func.args, args)
        args = tuple(merged) + tuple(extra)
        keywords = dict(func.keywords, **keywords)
        func = func.func
    made = object.__new__(cls)
    made.func, made.args, made.keywords = func, args, keywords
    return made


def _partial_repr(self):
    parts = [repr(self.func)] + [repr(a) for a in self.args] + \
            [f'{k}={v!r}' for k, v in self.keywords.items()]
    cls = type(self)
    return f"{cls.__module__}.{cls.__qualname__}({', '.join(parts)})"


class partial:
    """A callable that calls func with stored leading arguments and keywords."""
    __slots__ = ('func', 'args', 'keywords', '__dict__', '__weakref__')

    def __new__(cls, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        return _partial_new(cls, *args, **keywords)

    __repr__ = _partial_repr

    def __call__(self, /, *more, **extra):
        kw = dict(self.keywords, **extra) if extra else self.keywords
        stored = self.args
        if Placeholder in stored:
            need = sum(1 for a in stored if a is Placeholder)
            if len(more) < need:
                raise TypeError("missing positional arguments in 'partial' call; expected at least "
                                f"{need}, got {len(more)}")
            filled, rest = _fill_holes(stored, more)
            return self.func(*filled, *rest, **kw)
        return self.func(*stored, *more, **kw)

    def __get__(self, inst, owner=None):
        return self

    def __reduce__(self):
        return type(self), (self.func,), (self.func, self.args, self.keywords or None, self.__dict__ or None)

    def __class_getitem__(cls, item):
        return cls


class partialmethod:
    """partial for methods: the receiver goes first, then the stored arguments."""
    __new__ = _partial_new
    __repr__ = _partial_repr

    def _unbound(self):
        pm = self

        def method(cls_or_self, /, *args, **keywords):
            return pm.func(cls_or_self, *pm.args, *args, **{**pm.keywords, **keywords})
        method.__isabstractmethod__ = self.__isabstractmethod__
        method.__partialmethod__ = self
        return method

    def __get__(self, inst, owner=None):
        binder = getattr(self.func, '__get__', None)
        if binder is not None and not isinstance(self.func, partial):
            bound = binder(inst, owner)
            if bound is not self.func:
                # A descriptor (classmethod, staticmethod...) bound itself: just add our arguments.
                result = partial(bound, *self.args, **self.keywords)
                owner = getattr(bound, '__self__', _MISSING)
                if owner is not _MISSING:
                    result.__self__ = owner
                return result
        return self._unbound().__get__(inst, owner)

    def __call__(self, cls_or_self, /, *args, **keywords):
        return self.func(cls_or_self, *self.args, *args, **{**self.keywords, **keywords})

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)

    def __class_getitem__(cls, item):
        return cls


# ---- lru_cache ---------------------------------------------------------------------------
class _CacheInfo(tuple):
    __slots__ = ()
    _fields = ('hits', 'misses', 'maxsize', 'currsize')

    def __new__(cls, hits, misses, maxsize, currsize):
        return tuple.__new__(cls, (hits, misses, maxsize, currsize))

    hits = property(lambda self: self[0])
    misses = property(lambda self: self[1])
    maxsize = property(lambda self: self[2])
    currsize = property(lambda self: self[3])

    def __repr__(self):
        return 'CacheInfo(hits=%r, misses=%r, maxsize=%r, currsize=%r)' % tuple(self)

    def _asdict(self):
        return dict(zip(self._fields, self))


_CacheInfo.__name__ = _CacheInfo.__qualname__ = 'CacheInfo'
_KW_MARK = (object(),)
_FAST_TYPES = {int, str}


def _cache_key(args, kwds, typed):
    # A lone int or str argument is its own key; otherwise the positionals, a
    # marker, the keyword pairs, and (typed) the argument types.
    if not kwds and not typed and len(args) == 1 and type(args[0]) in _FAST_TYPES:
        return args[0]
    key = args
    if kwds:
        key = key + _KW_MARK
        for pair in kwds.items():
            key = key + pair
    if typed:
        key = key + tuple([type(a) for a in args])
        if kwds:
            key = key + tuple([type(v) for v in kwds.values()])
    return key


def _lru_wrapper(user_function, maxsize, typed):
    table = {}
    stats = [0, 0]                 # hits, misses
    bounded = maxsize is not None

    if bounded and maxsize == 0:
        def cached(*args, **kw):
            stats[1] += 1
            return user_function(*args, **kw)
    elif not bounded:
        def cached(*args, **kw):
            key = _cache_key(args, kw, typed)
            value = table.get(key, _MISSING)
            if value is not _MISSING:
                stats[0] += 1
                return value
            stats[1] += 1
            value = user_function(*args, **kw)
            table[key] = value
            return value
    else:
        def cached(*args, **kw):
            key = _cache_key(args, kw, typed)
            value = table.pop(key, _MISSING)
            if value is not _MISSING:      # a hit moves to the most-recent end
                stats[0] += 1
                table[key] = value
                return value
            stats[1] += 1
            value = user_function(*args, **kw)
            if key in table:               # filled by a recursive call meanwhile
                return table[key]
            table[key] = value
            if len(table) > maxsize:
                del table[next(iter(table))]
            return value

    def cache_info():
        return _CacheInfo(stats[0], stats[1], maxsize, len(table))

    def cache_clear():
        table.clear()
        stats[0] = stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    for helper in (cache_info, cache_clear, cache_parameters):
        setattr(cached, helper.__name__, helper)
    update_wrapper(cached, user_function)
    return cached


def lru_cache(maxsize=128, typed=False):
    """Memoise a function, keeping at most maxsize results (None: unbounded)."""
    if callable(maxsize) and isinstance(typed, bool):
        # used bare, as @lru_cache
        return _lru_wrapper(maxsize, 128, typed)
    if maxsize is not None:
        if not isinstance(maxsize, int):
            raise TypeError('Expected first argument to be an integer, a callable, or None')
        maxsize = max(maxsize, 0)

    def apply(user_function):
        return _lru_wrapper(user_function, maxsize, typed)
    return apply


def cache(user_function, /):
    """Unbounded memoisation: lru_cache(maxsize=None)."""
    return _lru_wrapper(user_function, None, False)


# ---- cached_property ---------------------------------------------------------------------
class cached_property:
    """A property computed once per instance and then stored in its __dict__."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__, self.__module__ = func.__doc__, func.__module__

    def __set_name__(self, owner, name):
        known = self.attrname
        if known is None:
            self.attrname = name
        elif known != name:
            raise TypeError('Cannot assign the same cached_property to two different names '
                            f'({known!r} and {name!r}).')

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        name = self.attrname
        if name is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        store = getattr(instance, '__dict__', _MISSING)
        if store is _MISSING:
            raise TypeError(f"No '__dict__' attribute on {type(instance).__name__!r} "
                            f'instance to cache {name!r} property.')
        value = store.get(name, _MISSING)
        if value is _MISSING:
            value = store[name] = self.func(instance)
        return value

    def __class_getitem__(cls, item):
        return cls


# ---- singledispatch ----------------------------------------------------------------------
def _evaluate_hint(text, func):
    # annotations are kept as strings here: evaluate in the function's globals
    try:
        return eval(text, getattr(func, '__globals__', None) or {})
    except Exception:
        return text


def singledispatch(func):
    """Make func a generic function dispatching on the type of its first argument."""
    registry = {object: func}
    name = getattr(func, '__name__', 'singledispatch function')

    def dispatch(cls):
        for klass in cls.__mro__:
            impl = registry.get(klass)
            if impl is not None:
                return impl
        return func

    def register(cls, func=None):
        if func is None:
            if isinstance(cls, type):
                return lambda impl: register(cls, impl)
            hints = getattr(cls, '__annotations__', None) or {}
            if not hints:
                raise TypeError(f'Invalid first argument to `register()`: {cls!r}. '
                                'Use either `@register(some_class)` or plain `@register` '
                                'on an annotated function.')
            func = cls
            argname, cls = next(iter(hints.items()))
            if isinstance(cls, str):
                cls = _evaluate_hint(cls, func)
            if not isinstance(cls, type):
                members = getattr(cls, '__args__', None)
                if not members:
                    raise TypeError(f'Invalid annotation for {argname!r}. {cls!r} is not a class.')
                for member in members:
                    registry[member] = func
                return func
        registry[cls] = func
        return func

    def generic(*args, **kw):
        if not args:
            raise TypeError(f'{name} requires at least 1 positional argument')
        impl = dispatch(args[0].__class__)
        return impl(*args, **kw)

    generic.register, generic.dispatch, generic.registry = register, dispatch, registry
    return update_wrapper(generic, func)


class singledispatchmethod:
    """singledispatch for methods: dispatches on the first argument after self."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError(f'{func!r} is not callable or a descriptor')
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, method)

    def __get__(self, inst, owner=None):
        dispatcher = self.dispatcher

        def method(*args, **kwargs):
            impl = dispatcher.dispatch(args[0].__class__)
            return impl.__get__(inst, owner)(*args, **kwargs)
        method.register = self.register
        update_wrapper(method, self.func)
        return method
