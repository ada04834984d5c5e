"""Shallow and deep copying (the copy module)."""
import types as _types

__all__ = ['Error', 'copy', 'deepcopy', 'replace']


class Error(Exception):
    pass


error = Error

# objects of these types are never duplicated
_SHARED = frozenset({type(None), int, float, bool, str, bytes, type, range, _types.BuiltinFunctionType,
                     _types.FunctionType, type(Ellipsis), type(NotImplemented), property})
_ABSENT = object()


def _is_shared(kind):
    return kind in _SHARED or issubclass(kind, type)


def copy(x):
    kind = type(x)
    if _is_shared(kind) or kind is tuple or kind is frozenset:
        return x
    if kind in (list, dict, set, bytearray):
        return kind.copy(x)
    hook = getattr(kind, '__copy__', None)
    if hook is not None:
        return hook(x)
    return _via_reduce(x, None)


# ---- deep copies of the built-in containers --------------------------------
# Each takes (x, memo) and registers its result in memo before recursing, so
# that cycles through the container come back to the new object.

def _deep_list(x, memo):
    out = []
    memo[id(x)] = out
    out.extend(deepcopy(item, memo) for item in x)
    return out


def _deep_dict(x, memo):
    out = {}
    memo[id(x)] = out
    for k in x:
        out[deepcopy(k, memo)] = deepcopy(x[k], memo)
    return out


def _deep_set(x, memo):
    out = set()
    memo[id(x)] = out
    for item in x:
        out.add(deepcopy(item, memo))
    return out


def _deep_tuple(x, memo):
    parts = [deepcopy(item, memo) for item in x]
    # an element may have copied this very tuple already (a cycle)
    done = memo.get(id(x), _ABSENT)
    if done is not _ABSENT:
        return done
    if all(a is b for a, b in zip(parts, x)):
        return x
    return tuple(parts)


def _deep_bound_method(x, memo):
    # rebind the same function to a copy of the receiver
    return x.__func__.__get__(deepcopy(x.__self__, memo))


_DEEP = {
    list: _deep_list,
    dict: _deep_dict,
    set: _deep_set,
    tuple: _deep_tuple,
    frozenset: lambda x, memo: frozenset(deepcopy(item, memo) for item in x),
    bytearray: lambda x, memo: bytearray(x),
    _types.MethodType: _deep_bound_method,
}


def deepcopy(x, memo=None):
    key = id(x)
    if memo is None:
        if type(x) in _SHARED:
            return x
        memo = {}
    else:
        seen = memo.get(key, _ABSENT)
        if seen is not _ABSENT:
            return seen
    kind = type(x)
    if _is_shared(kind):
        return x
    maker = _DEEP.get(kind)
    if maker is not None:
        result = maker(x, memo)
    else:
        hook = getattr(x, '__deepcopy__', None)
        if hook is not None and not isinstance(x, type):
            result = hook(memo)
        else:
            result = _via_reduce(x, memo)
    if result is not x:
        memo[key] = result
        # keep x alive while memo is in use, so its id is not reused
        memo.setdefault(id(memo), []).append(x)
    return result


# ---- everything else: through __reduce_ex__ or the instance's state --------

def _class_reduce(x):
    """The value of a __reduce_ex__/__reduce__ the class overrides, or None."""
    kind = type(x)
    for name, extra in (('__reduce_ex__', (4,)), ('__reduce__', ())):
        method = getattr(kind, name, None)
        if method is not None and method is not getattr(object, name, None):
            try:
                return method(x, *extra)
            except TypeError:
                return None
    return None


def _via_reduce(x, memo):
    spec = _class_reduce(x)
    if spec is None:
        return _clone_instance(x, memo)
    if isinstance(spec, str):
        return x
    return _reconstruct(x, memo, *spec)


def _slots_of(kind):
    found = []
    for k in kind.__mro__:
        declared = k.__dict__.get('__slots__', ())
        for name in ((declared,) if isinstance(declared, str) else declared):
            if name not in ('__dict__', '__weakref__') and name not in found:
                found.append(name)
    return found


def _clone_instance(x, memo):
    """Duplicate an ordinary instance: new object, then contents and state."""
    kind = type(x)
    deep = memo is not None

    def dup(v):
        return deepcopy(v, memo) if deep else v
    try:
        twin = kind.__new__(kind)
    except TypeError:
        raise Error('un(%s)copyable object of type %s' % ('deep' if deep else 'shallow', kind)) from None
    if deep:
        memo[id(x)] = twin
    if isinstance(x, list):
        twin.extend(dup(v) for v in x)
    elif isinstance(x, dict):
        for k in x:
            twin[dup(k)] = dup(x[k])
    elif isinstance(x, set):
        twin.update(dup(v) for v in x)
    custom = getattr(kind, '__getstate__', None)
    if custom is not None and custom is not getattr(object, '__getstate__', None):
        state = dup(x.__getstate__())
        if hasattr(twin, '__setstate__'):
            twin.__setstate__(state)
        elif state:
            twin.__dict__.update(state)
        return twin
    attrs = getattr(x, '__dict__', None)
    if attrs:
        twin.__dict__.update(dup(attrs))
    for name in _slots_of(kind):
        value = getattr(x, name, _ABSENT)
        if value is not _ABSENT:
            object.__setattr__(twin, name, dup(value))
    return twin


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None):
    deep = memo is not None

    def dup(v):
        return deepcopy(v, memo) if deep else v
    if deep and args:
        args = [dup(a) for a in args]
    made = func(*args)
    if deep:
        memo[id(x)] = made
    if state is not None:
        state = dup(state)
        if hasattr(made, '__setstate__'):
            made.__setstate__(state)
        else:
            slot_state = None
            if isinstance(state, tuple) and len(state) == 2:
                state, slot_state = state
            if state is not None:
                made.__dict__.update(state)
            for name, value in (slot_state or {}).items():
                setattr(made, name, value)
    for item in listiter or ():
        made.append(dup(item))
    for k, v in dictiter or ():
        made[dup(k)] = dup(v)
    return made


def replace(obj, /, **changes):
    kind = obj.__class__
    hook = getattr(kind, '__replace__', None)
    if hook is None:
        raise TypeError(f'replace() does not support {kind.__name__} objects')
    return hook(obj, **changes)
