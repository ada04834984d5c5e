"""Shallow and deep copy operations (CPython's copy module)."""
import types as _types

__all__ = ['Error', 'copy', 'deepcopy', 'replace']


class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, str, bytes, type, range, _types.BuiltinFunctionType, _types.FunctionType,
           type(Ellipsis), type(NotImplemented), property)


def copy(x):
    cls = type(x)
    if cls in _atomic:
        return x
    if cls in (list, dict, set, bytearray):
        return cls.copy(x)
    if cls in (tuple, frozenset):
        return x
    if issubclass(cls, type):
        return x
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    rv = _reduce(x)
    if rv is None:
        return _generic(x, None)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, None, *rv)


def deepcopy(x, memo=None, _nil=[]):
    d = id(x)
    if memo is None:
        if type(x) in _atomic:
            return x
        memo = {}
    else:
        y = memo.get(d, _nil)
        if y is not _nil:
            return y
    cls = type(x)
    if cls in _atomic or issubclass(cls, type):
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        append = y.append
        for a in x:
            append(deepcopy(a, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is tuple:
        y = [deepcopy(a, memo) for a in x]
        try:
            return memo[d]
        except KeyError:
            pass
        for k, j in zip(x, y):
            if k is not j:
                y = tuple(y)
                break
        else:
            y = x
    elif cls is set:
        y = set()
        memo[d] = y
        for a in x:
            y.add(deepcopy(a, memo))
    elif cls is frozenset:
        y = frozenset(deepcopy(a, memo) for a in x)
    elif cls is bytearray:
        y = bytearray(x)
    elif cls is _types.MethodType:
        y = type(x)(x.__func__, deepcopy(x.__self__, memo))
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None and not isinstance(x, type):
            y = copier(memo)
        else:
            rv = _reduce(x)
            if rv is None:
                y = _generic(x, memo)
            elif isinstance(rv, str):
                y = x
            else:
                y = _reconstruct(x, memo, *rv)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _reduce(x):
    """x.__reduce_ex__(4) when the class defines a usable one, else None."""
    cls = type(x)
    for name in ('__reduce_ex__', '__reduce__'):
        f = getattr(cls, name, None)
        if f is None or f is getattr(object, name, None):
            continue
        try:
            return f(x, 4) if name == '__reduce_ex__' else f(x)
        except TypeError:
            return None
    return None


def _slot_names(cls):
    names = []
    for c in cls.__mro__:
        s = c.__dict__.get('__slots__', ())
        if isinstance(s, str):
            s = (s,)
        for n in s:
            if n not in ('__dict__', '__weakref__') and n not in names:
                names.append(n)
    return names


def _generic(x, memo):
    """Copy an instance the way object.__reduce_ex__(4) would describe it."""
    cls = type(x)
    deep = memo is not None
    try:
        y = cls.__new__(cls)
    except TypeError:
        raise Error('un(%s)copyable object of type %s' % ('deep' if deep else 'shallow', cls)) from None
    if deep:
        memo[id(x)] = y
    if isinstance(x, list):
        y.extend(deepcopy(i, memo) for i in x) if deep else y.extend(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            y[deepcopy(k, memo) if deep else k] = deepcopy(v, memo) if deep else v
    elif isinstance(x, set):
        y.update(deepcopy(i, memo) for i in x) if deep else y.update(x)
    state = getattr(x, '__dict__', None)
    getstate = getattr(cls, '__getstate__', None)
    if getstate is not None and getstate is not getattr(object, '__getstate__', None):
        st = x.__getstate__()
        if deep:
            st = deepcopy(st, memo)
        if hasattr(y, '__setstate__'):
            y.__setstate__(st)
        elif st:
            y.__dict__.update(st)
        return y
    if state:
        y.__dict__.update(deepcopy(state, memo) if deep else state)
    for n in _slot_names(cls):
        try:
            v = getattr(x, n)
        except AttributeError:
            continue
        object.__setattr__(y, n, deepcopy(v, memo) if deep else v)
    return y


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *, deepcopy=deepcopy):
    deep = memo is not None
    if deep and args:
        args = [deepcopy(arg, memo) for arg in args]
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, '__setstate__'):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            else:
                slotstate = None
            if state is not None:
                y.__dict__.update(state)
            if slotstate is not None:
                for key, value in slotstate.items():
                    setattr(y, key, value)
    if listiter is not None:
        if deep:
            for item in listiter:
                y.append(deepcopy(item, memo))
        else:
            for item in listiter:
                y.append(item)
    if dictiter is not None:
        if deep:
            for key, value in dictiter:
                y[deepcopy(key, memo)] = deepcopy(value, memo)
        else:
            for key, value in dictiter:
                y[key] = value
    return y


def replace(obj, /, **changes):
    cls = obj.__class__
    func = getattr(cls, '__replace__', None)
    if func is None:
        raise TypeError(f'replace() does not support {cls.__name__} objects')
    return func(obj, **changes)
