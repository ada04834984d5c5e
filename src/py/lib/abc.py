# abc — abstract base classes (host code, see stdlib.c).
#
# Every class made by ABCMeta carries an _AbcState in _abc_data: the classes
# registered as virtual subclasses and a cache of classes already known to
# be subclasses.  Abstract methods are recorded in __abstractmethods__ and
# checked when the class is called.


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _marked(obj):
    return getattr(obj, '__isabstractmethod__', False) is True


def _legacy(name, base):
    """The deprecated abstract{class,static}method/property wrappers."""
    ns = {'__isabstractmethod__': True, '__module__': 'abc', '__qualname__': name}
    if base is not property:
        def __new__(cls, callable):
            return base.__new__(cls, abstractmethod(callable))
        ns['__new__'] = __new__
    return type(name, (base,), ns)


abstractclassmethod = _legacy('abstractclassmethod', classmethod)
abstractstaticmethod = _legacy('abstractstaticmethod', staticmethod)
abstractproperty = _legacy('abstractproperty', property)


def _still_abstract(cls, own_items):
    """Names that remain abstract in cls: its own marked attributes plus
    inherited abstract names it has not overridden with something concrete."""
    names = {k for k, v in own_items if _marked(v)}
    for parent in cls.__bases__:
        for k in getattr(parent, '__abstractmethods__', ()):
            if _marked(getattr(cls, k, None)):
                names.add(k)
    return frozenset(names)


class _AbcState:
    __slots__ = ('registry', 'known')

    def __init__(self):
        self.registry = []
        self.known = set()


def _state(cls):
    st = cls.__dict__.get('_abc_data')
    if st is None:
        st = _AbcState()
        type.__setattr__(cls, '_abc_data', st)
    return st


def _quote_all(names):
    return ', '.join("'" + n + "'" for n in names)


class ABCMeta(type):
    def __new__(meta, name, bases, ns, /, **kw):
        cls = type.__new__(meta, name, bases, ns, **kw)
        cls.__abstractmethods__ = _still_abstract(cls, ns.items())
        cls._abc_data = _AbcState()
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        if not issubclass(subclass, cls):
            if issubclass(cls, subclass):
                raise RuntimeError('Refusing to create an inheritance cycle')
            _state(cls).registry.append(subclass)
        return subclass

    def __instancecheck__(cls, obj):
        kind = type(obj)
        if kind in _state(cls).known:
            return True
        return cls.__subclasscheck__(kind)

    def __subclasscheck__(cls, klass):
        if not isinstance(klass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        st = _state(cls)
        if klass in st.known:
            return True
        verdict = _decide(cls, st, klass)
        if verdict:
            st.known.add(klass)
        return verdict

    def __call__(cls, *args, **kwargs):
        missing = sorted(cls.__abstractmethods__)
        if missing:
            what = ("abstract method '" + missing[0] + "'" if len(missing) == 1
                    else 'abstract methods ' + _quote_all(missing))
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} "
                            f"without an implementation for {what}")
        return super().__call__(*args, **kwargs)


def _decide(cls, st, sub):
    """Is sub a subclass of the ABC cls (ignoring the cache)?"""
    hook = getattr(cls, '__subclasshook__', None)
    answer = NotImplemented if hook is None else hook(sub)
    if answer is not NotImplemented:
        return bool(answer)
    if cls in getattr(sub, '__mro__', ()):
        return True
    # virtual subclasses: registered here, or anything below our subclasses
    if any(issubclass(sub, r) for r in st.registry):
        return True
    return any(child is not cls and issubclass(sub, child) for child in type.__subclasses__(cls))


def _registered_with(cls, klass):
    """Is klass directly registered with the ABC cls?"""
    return klass in _state(cls).registry


class ABC(metaclass=ABCMeta):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, other):
        return NotImplemented


def get_cache_token():
    return 0


def update_abstractmethods(cls):
    if hasattr(cls, '__abstractmethods__'):
        cls.__abstractmethods__ = _still_abstract(cls, list(cls.__dict__.items()))
    return cls
