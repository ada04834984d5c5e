"""copyreg for Sandkiste: where copy (and pickle) look up reduction functions."""

__all__ = ['pickle', 'constructor', 'add_extension', 'remove_extension', 'clear_extension_cache']

dispatch_table = {}

# extension codes: (module, name) <-> code, plus the cache pickle would fill
_extension_registry = {}
_inverted_registry = {}
_extension_cache = {}


def _need_callable(obj, what):
    if not callable(obj):
        raise TypeError(what + ' must be callable')


def pickle(ob_type, pickle_function, constructor_ob=None):
    _need_callable(pickle_function, 'reduction functions')
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        _need_callable(constructor_ob, 'constructors')


def constructor(object):
    _need_callable(object, 'constructors')


# helpers named in reduce values (protocol 2 and 4 object creation)
def __newobj__(cls, *args):
    make = cls.__new__
    return make(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    make = cls.__new__
    return make(cls, *args, **kwargs)


def _reconstructor(cls, base, state):
    if base is object:
        return object.__new__(cls)  # plain instance, no state
    made = base.__new__(cls, state)
    if base.__init__ != object.__init__:  # base has its own initialiser
        base.__init__(made, state)
    return made


def add_extension(module, name, code):
    code = int(code)
    if code < 1 or code > 0x7fffffff:
        raise ValueError('code out of range')
    pair = (module, name)
    _extension_registry[pair] = code
    _inverted_registry[code] = pair


def remove_extension(module, name, code):
    pair = (module, name)
    if _extension_registry.get(pair) != code or _inverted_registry.get(code) != pair:
        raise ValueError(f'key {pair} is not registered with code {code}')
    del _extension_registry[pair], _inverted_registry[code]
    _extension_cache.pop(code, None)


def clear_extension_cache():
    _extension_cache.clear()
