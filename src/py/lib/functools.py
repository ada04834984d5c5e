"""Higher-order functions and operations on callables (CPython's functools)."""

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering', 'cache',
           'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod', 'singledispatch',
           'singledispatchmethod', 'cached_property', 'Placeholder']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__', '__type_params__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            try:
                setattr(wrapper, attr, value)
            except (AttributeError, TypeError):
                pass
    for attr in updated:
        try:
            getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
        except AttributeError:
            pass
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


_initial_missing = object()


def reduce(function, iterable, initial=_initial_missing, /):
    it = iter(iterable)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial value') from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


# ---- total_ordering ------------------------------------------------------------------------------------------
def _gt_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _le_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _ge_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _ge_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _lt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _gt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _lt_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _ge_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _le_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _le_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _gt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _lt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r


_convert = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def total_ordering(cls):
    roots = {op for op in _convert if getattr(cls, op, None) is not getattr(object, op, None)}
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)
    for opname, opfunc in _convert[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


# ---- cmp_to_key ------------------------------------------------------------------------------------------------
def cmp_to_key(mycmp):
    class K:
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None

    K.__name__ = K.__qualname__ = 'functools.KeyWrapper'
    return K


# ---- partial -----------------------------------------------------------------------------------------------------
class _PlaceholderType:
    __slots__ = ()
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __repr__(self):
        return 'Placeholder'

    def __reduce__(self):
        return 'Placeholder'


Placeholder = _PlaceholderType()


def _partial_new(cls, func, /, *args, **keywords):
    if issubclass(cls, partial):
        base = partial
        if not callable(func):
            raise TypeError('the first argument must be callable')
    else:
        base = partialmethod
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError(f'the first argument {func!r} must be a callable or a descriptor')
    if args and args[-1] is Placeholder:
        raise TypeError('trailing Placeholders are not allowed')
    if isinstance(func, base):
        pargs = list(func.args)
        rest = list(args)
        for i, a in enumerate(pargs):
            if a is Placeholder and rest:
                pargs[i] = rest.pop(0)
        args = tuple(pargs) + tuple(rest)
        keywords = {**func.keywords, **keywords}
        func = func.func
    self = object.__new__(cls)
    self.func = func
    self.args = args
    self.keywords = keywords
    return self


def _partial_repr(self):
    cls = type(self)
    module = cls.__module__
    qualname = cls.__qualname__
    args = [repr(self.func)]
    args.extend(repr(x) for x in self.args)
    args.extend(f'{k}={v!r}' for (k, v) in self.keywords.items())
    return f"{module}.{qualname}({', '.join(args)})"


class partial:
    __slots__ = ('func', 'args', 'keywords', '__dict__', '__weakref__')
    __new__ = _partial_new
    __repr__ = _partial_repr

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        pargs = self.args
        if Placeholder in pargs:
            pargs = list(pargs)
            rest = list(args)
            for i, a in enumerate(pargs):
                if a is Placeholder:
                    if not rest:
                        raise TypeError('missing positional arguments in \'partial\' call')
                    pargs[i] = rest.pop(0)
            return self.func(*pargs, *rest, **keywords)
        return self.func(*pargs, *args, **keywords)

    def __get__(self, obj, objtype=None):
        return self

    def __reduce__(self):
        return type(self), (self.func,), (self.func, self.args, self.keywords or None, self.__dict__ or None)

    def __class_getitem__(cls, item):
        return cls


class partialmethod:
    __new__ = _partial_new
    __repr__ = _partial_repr

    def _make_unbound_method(self):
        def _method(cls_or_self, /, *args, **keywords):
            keywords = {**self.keywords, **keywords}
            return self.func(cls_or_self, *self.args, *args, **keywords)
        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method.__partialmethod__ = self
        return _method

    def __get__(self, obj, cls=None):
        get = getattr(self.func, '__get__', None)
        result = None
        if get is not None and not isinstance(self.func, partial):
            new_func = get(obj, cls)
            if new_func is not self.func:
                result = partial(new_func, *self.args, **self.keywords)
                try:
                    result.__self__ = new_func.__self__
                except AttributeError:
                    pass
        if result is None:
            result = self._make_unbound_method().__get__(obj, cls)
        return result

    def __call__(self, cls_or_self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(cls_or_self, *self.args, *args, **keywords)

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)

    def __class_getitem__(cls, item):
        return cls


# ---- lru_cache ---------------------------------------------------------------------------------------------------
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
_kwd_mark = (object(),)


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += _kwd_mark
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in (int, str):
        return key[0]
    return key


class _lru_cache_wrapper:
    def __init__(self, func, maxsize, typed):
        self.__wrapped__ = func
        self._maxsize = maxsize
        self._typed = typed
        self._cache = {}
        self._hits = 0
        self._misses = 0
        update_wrapper(self, func)

    def __call__(self, /, *args, **kwds):
        key = _make_key(args, kwds, self._typed)
        cache = self._cache
        if key in cache:
            self._hits += 1
            value = cache[key]
            if self._maxsize is not None:
                del cache[key]
                cache[key] = value
            return value
        self._misses += 1
        value = self.__wrapped__(*args, **kwds)
        if self._maxsize is not None and self._maxsize <= 0:
            return value
        if key in cache:
            return cache[key]
        cache[key] = value
        if self._maxsize is not None and len(cache) > self._maxsize:
            del cache[next(iter(cache))]
        return value

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache.clear()
        self._hits = self._misses = 0

    def cache_parameters(self):
        return {'maxsize': self._maxsize, 'typed': self._typed}

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return _BoundCache(self, obj)

    def __repr__(self):
        return '<functools._lru_cache_wrapper object at %#x>' % id(self)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class _BoundCache:
    __slots__ = ('_wrapper', '__self__')

    def __init__(self, wrapper, obj):
        self._wrapper = wrapper
        self.__self__ = obj

    def __call__(self, /, *args, **kwds):
        return self._wrapper(self.__self__, *args, **kwds)

    def __getattr__(self, name):
        return getattr(self._wrapper, name)


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        return _lru_cache_wrapper(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        return _lru_cache_wrapper(user_function, maxsize, typed)
    return decorating_function


def cache(user_function, /):
    return lru_cache(maxsize=None)(user_function)


# ---- cached_property ---------------------------------------------------------------------------------------------
_NOT_FOUND = object()


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError('Cannot assign the same cached_property to two different names '
                            f'({self.attrname!r} and {name!r}).')

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        try:
            cache = instance.__dict__
        except AttributeError:
            msg = (f"No '__dict__' attribute on {type(instance).__name__!r} "
                   f'instance to cache {self.attrname!r} property.')
            raise TypeError(msg) from None
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val

    def __class_getitem__(cls, item):
        return cls


# ---- singledispatch ------------------------------------------------------------------------------------------------
def singledispatch(func):
    registry = {}

    def dispatch(cls):
        for base in cls.__mro__:
            if base in registry:
                return registry[base]
        return registry[object]

    def register(cls, func=None):
        if func is None:
            if isinstance(cls, type):
                return lambda f: register(cls, f)
            ann = getattr(cls, '__annotations__', {})
            if not ann:
                raise TypeError(f'Invalid first argument to `register()`: {cls!r}. '
                                'Use either `@register(some_class)` or plain `@register` '
                                'on an annotated function.')
            func = cls
            argname, cls = next(iter(ann.items()))
            if not isinstance(cls, type):
                union_args = getattr(cls, '__args__', None)
                if union_args:
                    for c in union_args:
                        registry[c] = func
                    return func
                raise TypeError(f'Invalid annotation for {argname!r}. {cls!r} is not a class.')
        registry[cls] = func
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    def __init__(self, func):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError(f'{func!r} is not callable or a descriptor')
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        def _method(*args, **kwargs):
            method = self.dispatcher.dispatch(args[0].__class__)
            return method.__get__(obj, cls)(*args, **kwargs)
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method
