"""weakref for Sandkiste.

This interpreter frees objects by reference counting and a cycle collector
but has no weak references: ref() and proxy() hold their referent strongly
(so a ref never dies and callbacks never run), and the weak containers are
ordinary containers.  Code that uses weak references as caches or
back-pointers keeps working; code that waits for referents to disappear
does not.
"""

__all__ = ['ref', 'proxy', 'getweakrefcount', 'getweakrefs', 'WeakKeyDictionary', 'ReferenceType', 'ProxyType',
           'CallableProxyType', 'ProxyTypes', 'WeakValueDictionary', 'WeakSet', 'WeakMethod', 'finalize']


class ReferenceType:
    __slots__ = ('_obj', '__callback__')

    def __init__(self, obj, callback=None):
        self._obj = obj
        self.__callback__ = callback

    def __call__(self):
        return self._obj

    def __eq__(self, other):
        if isinstance(other, ReferenceType):
            return self._obj == other._obj
        return NotImplemented

    def __hash__(self):
        return hash(self._obj)

    def __repr__(self):
        o = self._obj
        return '<weakref at %#x; to %r at %#x>' % (id(self), type(o).__name__, id(o))

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


ref = ReferenceType


class WeakMethod(ReferenceType):
    __slots__ = ()

    def __init__(self, meth, callback=None):
        try:
            meth.__self__, meth.__func__
        except AttributeError:
            raise TypeError('argument should be a bound method, not {}'.format(type(meth))) from None
        super().__init__(meth, callback)


class ProxyType:
    def __init__(self, obj, callback=None):
        object.__setattr__(self, '_obj', obj)

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, '_obj'), name)

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, '_obj'), name, value)

    def __repr__(self):
        o = object.__getattribute__(self, '_obj')
        return '<weakproxy at %#x; to %r at %#x>' % (id(self), type(o).__name__, id(o))

    def __str__(self):
        return str(object.__getattribute__(self, '_obj'))

    def __call__(self, *args, **kwargs):
        return object.__getattribute__(self, '_obj')(*args, **kwargs)


CallableProxyType = ProxyType
ProxyTypes = (ProxyType,)


def proxy(obj, callback=None):
    return ProxyType(obj, callback)


def getweakrefcount(obj):
    return 0


def getweakrefs(obj):
    return []


class WeakValueDictionary(dict):
    """A dict (values are held strongly here)."""

    def itervaluerefs(self):
        return (ref(v) for v in self.values())

    def valuerefs(self):
        return [ref(v) for v in self.values()]


class WeakKeyDictionary(dict):
    """A dict (keys are held strongly here)."""

    def keyrefs(self):
        return [ref(k) for k in self.keys()]


class WeakSet(set):
    """A set (members are held strongly here)."""


class finalize:
    """Registers func(*args, **kwargs) to run when called or at exit."""

    _registry = []

    def __init__(self, obj, func, /, *args, **kwargs):
        self._func = func
        self._args = args
        self._kwargs = kwargs
        self._alive = True
        self.atexit = True
        finalize._registry.append(self)

    def __call__(self, _=None):
        if self._alive:
            self._alive = False
            return self._func(*self._args, **self._kwargs)

    def detach(self):
        if self._alive:
            self._alive = False
            return (None, self._func, self._args, self._kwargs)

    def peek(self):
        if self._alive:
            return (None, self._func, self._args, self._kwargs)

    @property
    def alive(self):
        return self._alive
