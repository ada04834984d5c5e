# abc — abstract base classes (host code, see stdlib.c).


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    __isabstractmethod__ = True


def _is_abstract(value):
    return getattr(value, '__isabstractmethod__', False) is True


def _compute_abstracts(cls, namespace, bases):
    abstracts = {name for name, value in namespace.items() if _is_abstract(value)}
    for base in bases:
        for name in getattr(base, '__abstractmethods__', ()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls, namespace, bases)
        cls._abc_registry = []
        cls._abc_cache = set()
        cls._abc_negative_cache = set()
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError('Refusing to create an inheritance cycle')
        cls._abc_registry.append(subclass)
        _bump_abc_cache()
        return subclass

    def __instancecheck__(cls, instance):
        subclass = type(instance)
        if subclass in cls._abc_cache:
            return True
        return cls.__subclasscheck__(subclass)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if subclass in cls._abc_cache:
            return True
        hook = getattr(cls, '__subclasshook__', None)
        ok = hook(subclass) if hook is not None else NotImplemented
        if ok is not NotImplemented:
            if ok:
                cls._abc_cache.add(subclass)
            return bool(ok)
        if cls in getattr(subclass, '__mro__', ()):
            cls._abc_cache.add(subclass)
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                cls._abc_cache.add(subclass)
                return True
        for scls in type.__subclasses__(cls):
            if scls is not cls and issubclass(subclass, scls):
                cls._abc_cache.add(subclass)
                return True
        return False

    def __call__(cls, *args, **kwargs):
        abstracts = cls.__abstractmethods__
        if abstracts:
            names = sorted(abstracts)
            if len(names) == 1:
                raise TypeError(f"Can't instantiate abstract class {cls.__name__} without an implementation "
                                f"for abstract method '{names[0]}'")
            listed = ', '.join(f"'{n}'" for n in names)
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} without an implementation "
                            f"for abstract methods {listed}")
        return super().__call__(*args, **kwargs)


def _bump_abc_cache():
    pass


class ABC(metaclass=ABCMeta):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, subclass):
        return NotImplemented


def get_cache_token():
    return 0


def update_abstractmethods(cls):
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    abstracts = set()
    for scls in cls.__bases__:
        for name in getattr(scls, '__abstractmethods__', ()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls
