# collections.abc — abstract container classes (host code, see stdlib.c).
#
# The "one method" ABCs (Hashable, Sized, Iterable, ...) recognise classes
# structurally: a class counts as a subclass when it (or a class in its MRO)
# defines every method listed for the ABC in _STRUCTURAL, and none of them is
# set to None.  The richer ABCs add mixin methods built on their abstract ones.

from abc import ABCMeta, abstractmethod

_STRUCTURAL = {}
_AliasType = type(list[int])


def _defines_all(klass, wanted):
    for attr in wanted:
        owner = next((k for k in klass.__mro__ if attr in k.__dict__), None)
        if owner is None or owner.__dict__[attr] is None:
            return NotImplemented
    return True


@classmethod
def _structural_hook(cls, other):
    wanted = _STRUCTURAL.get(cls)
    if wanted is None:
        return NotImplemented
    return _defines_all(other, wanted)


@classmethod
def _subscript(cls, item):
    return _AliasType(cls, item)


def _returns(value):
    def stub(self, *args):
        return value
    return stub


def _raises(exc):
    def stub(self, *args):
        raise exc
    return stub


def _araises(exc):
    async def stub(self, *args):
        raise exc
    return stub


def _no_items():
    def stub(self):
        return iter(())
    return stub


def _identity(self):
    return self


def _rethrow(self, typ, val=None, tb=None):
    if val is None:
        val = typ if tb is None else typ()
    raise val


_FINISHED = (GeneratorExit, StopIteration)
_AFINISHED = (GeneratorExit, StopAsyncIteration)


def _closer(what):
    # close() of the generator-like ABCs: throw GeneratorExit, insist it ends
    def close(self):
        try:
            self.throw(GeneratorExit)
        except _FINISHED:
            return
        raise RuntimeError(what + ' ignored GeneratorExit')
    return close


async def _aclose(self):
    try:
        await self.athrow(GeneratorExit)
    except _AFINISHED:
        return
    raise RuntimeError('asynchronous generator ignored GeneratorExit')


async def _anext_via_asend(self):
    return await self.asend(None)


def _next_via_send(self):
    return self.send(None)


def _structural(name, bases, needs, abstract, mixins=()):
    """Create an ABC recognised by the methods in `needs`; `abstract` and
    `mixins` are (name, function) pairs for its body."""
    ns = {'__slots__': (), '__subclasshook__': _structural_hook, '__qualname__': name,
          '__module__': 'collections.abc'}
    for group, wrap in ((abstract, abstractmethod), (mixins, None)):
        for attr, fn in group:
            fn.__name__ = attr
            fn.__qualname__ = name + '.' + attr
            ns[attr] = wrap(fn) if wrap else fn
    made = ABCMeta(name, bases, ns)
    _STRUCTURAL[made] = needs
    return made


Hashable = _structural('Hashable', (), ('__hash__',), [('__hash__', _returns(0))])
Sized = _structural('Sized', (), ('__len__',), [('__len__', _returns(0))])
Container = _structural('Container', (), ('__contains__',), [('__contains__', _returns(False))])
Iterable = _structural('Iterable', (), ('__iter__',), [('__iter__', _no_items())])
Iterator = _structural('Iterator', (Iterable,), ('__iter__', '__next__'),
                       [('__next__', _raises(StopIteration))], [('__iter__', _identity)])
Reversible = _structural('Reversible', (Iterable,), ('__reversed__', '__iter__'),
                         [('__reversed__', _no_items())])
Generator = _structural('Generator', (Iterator,), ('__iter__', '__next__', 'send', 'throw', 'close'),
                        [('send', _raises(StopIteration)), ('throw', _rethrow)],
                        [('__next__', _next_via_send), ('close', _closer('generator'))])
Awaitable = _structural('Awaitable', (), ('__await__',), [('__await__', _no_items())])
Coroutine = _structural('Coroutine', (Awaitable,), ('__await__', 'send', 'throw', 'close'),
                        [('send', _raises(StopIteration)), ('throw', _rethrow)],
                        [('close', _closer('coroutine'))])
AsyncIterable = _structural('AsyncIterable', (), ('__aiter__',), [('__aiter__', _raises(NotImplementedError))])
AsyncIterator = _structural('AsyncIterator', (AsyncIterable,), ('__anext__', '__aiter__'),
                            [('__anext__', _araises(StopAsyncIteration))], [('__aiter__', _identity)])
AsyncGenerator = _structural('AsyncGenerator', (AsyncIterator,),
                             ('__aiter__', '__anext__', 'asend', 'athrow', 'aclose'),
                             [('asend', _araises(StopAsyncIteration)), ('athrow', _rethrow)],
                             [('__anext__', _anext_via_asend), ('aclose', _aclose)])
Collection = _structural('Collection', (Sized, Iterable, Container), ('__len__', '__iter__', '__contains__'), [])
Buffer = _structural('Buffer', (), ('__buffer__',), [('__buffer__', _raises(NotImplementedError))])
Callable = _structural('Callable', (), ('__call__',), [('__call__', _returns(False))])


def _show(t):
    if t is Ellipsis:
        return '...'
    if isinstance(t, type) and not isinstance(t, _AliasType):
        mod = t.__module__
        return t.__qualname__ if mod == 'builtins' else mod + '.' + t.__qualname__
    return repr(t)


class _CallableAlias:
    """Callable[[A, B], R] — the argument list is flattened into __args__."""

    def __init__(self, origin, spec):
        if type(spec) is not tuple or len(spec) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        argspec, ret = spec
        self.__origin__ = origin
        self._argspec = argspec
        self._ret = ret
        flat = tuple(argspec) if isinstance(argspec, list) else (argspec,)
        self.__args__ = flat + (ret,)

    def __repr__(self):
        if isinstance(self._argspec, list):
            shown = '[' + ', '.join(map(_show, self._argspec)) + ']'
        else:
            shown = _show(self._argspec)
        return 'collections.abc.Callable[' + shown + ', ' + _show(self._ret) + ']'

    def __eq__(self, other):
        if type(other) is not _CallableAlias:
            return NotImplemented
        return (self.__origin__, self.__args__) == (other.__origin__, other.__args__)

    def __hash__(self):
        return hash((_CallableAlias, self.__origin__, self.__args__))


Callable.__class_getitem__ = classmethod(_CallableAlias)


# ---- sets ----------------------------------------------------------------

def _all_in(items, pool):
    return all(x in pool for x in items)


def _set_operand(test):
    # comparisons are only defined between two Sets
    def compare(self, rhs):
        return test(self, rhs) if isinstance(rhs, Set) else NotImplemented
    compare.__name__ = test.__name__
    return compare


def _iterable_operand(op):
    def combine(self, rhs):
        return op(self, rhs) if isinstance(rhs, Iterable) else NotImplemented
    combine.__name__ = op.__name__
    return combine


class Set(Collection):
    __slots__ = ()

    @_set_operand
    def __le__(self, rhs):
        return len(self) <= len(rhs) and _all_in(self, rhs)

    @_set_operand
    def __ge__(self, rhs):
        return len(self) >= len(rhs) and _all_in(rhs, self)

    @_set_operand
    def __lt__(self, rhs):
        return len(self) < len(rhs) and _all_in(self, rhs)

    @_set_operand
    def __gt__(self, rhs):
        return len(self) > len(rhs) and _all_in(rhs, self)

    @_set_operand
    def __eq__(self, rhs):
        return len(self) == len(rhs) and _all_in(self, rhs)

    @classmethod
    def _from_iterable(cls, items):
        return cls(items)

    def isdisjoint(self, other):
        return not any(x in self for x in other)

    @_iterable_operand
    def __and__(self, rhs):
        return self._from_iterable(x for x in rhs if x in self)

    @_iterable_operand
    def __or__(self, rhs):
        return self._from_iterable(x for part in (self, rhs) for x in part)

    def _coerce(self, rhs):
        if not isinstance(rhs, Set):
            rhs = self._from_iterable(rhs)
        return rhs

    @_iterable_operand
    def __sub__(self, rhs):
        rhs = self._coerce(rhs)
        return self._from_iterable(x for x in self if x not in rhs)

    @_iterable_operand
    def __rsub__(self, lhs):
        lhs = self._coerce(lhs)
        return self._from_iterable(x for x in lhs if x not in self)

    @_iterable_operand
    def __xor__(self, rhs):
        rhs = self._coerce(rhs)
        return (self - rhs) | (rhs - self)

    __rand__, __ror__, __rxor__ = __and__, __or__, __xor__

    def _hash(self):
        acc = 0
        for x in self:
            acc ^= hash(x)
        return acc


class MutableSet(Set):
    __slots__ = ()

    @abstractmethod
    def add(self, value):
        raise NotImplementedError

    @abstractmethod
    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        for value in self:
            break
        else:
            raise KeyError
        self.discard(value)
        return value

    def clear(self):
        while True:
            try:
                self.pop()
            except KeyError:
                return

    def __ior__(self, items):
        for x in items:
            self.add(x)
        return self

    def __iand__(self, items):
        for x in self - items:
            self.discard(x)
        return self

    def __ixor__(self, items):
        if items is self:
            self.clear()
            return self
        for x in self._coerce(items):
            (self.discard if x in self else self.add)(x)
        return self

    def __isub__(self, items):
        if items is self:
            self.clear()
            return self
        for x in items:
            self.discard(x)
        return self


# ---- mappings ------------------------------------------------------------

class Mapping(Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, k):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, k):
        try:
            self[k]
            return True
        except KeyError:
            return False

    def keys(self):
        return KeysView(self)

    def values(self):
        return ValuesView(self)

    def items(self):
        return ItemsView(self)

    def __eq__(self, rhs):
        if not isinstance(rhs, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(rhs.items())

    __reversed__ = None


class MappingView(Sized):
    __slots__ = ('_mapping',)

    def __init__(self, m):
        self._mapping = m

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return f'{type(self).__name__}({self._mapping!r})'


def _plain_set(cls, items):
    return set(items)


def _same(a, b):
    return a is b or a == b


class KeysView(MappingView, Set):
    __slots__ = ()
    _from_iterable = classmethod(_plain_set)

    def __contains__(self, k):
        return k in self._mapping

    def __iter__(self):
        return iter(self._mapping)


class ItemsView(MappingView, Set):
    __slots__ = ()
    _from_iterable = classmethod(_plain_set)

    def __contains__(self, pair):
        k, v = pair
        m = self._mapping
        try:
            found = m[k]
        except KeyError:
            return False
        return _same(found, v)

    def __iter__(self):
        m = self._mapping
        return ((k, m[k]) for k in m)


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, v):
        return any(_same(x, v) for x in self)

    def __iter__(self):
        m = self._mapping
        return (m[k] for k in m)


_NOTHING = object()


class MutableMapping(Mapping):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, k, v):
        raise KeyError

    @abstractmethod
    def __delitem__(self, k):
        raise KeyError

    def pop(self, key, default=_NOTHING):
        try:
            found = self[key]
        except KeyError:
            if default is _NOTHING:
                raise
            return default
        del self[key]
        return found

    def popitem(self):
        for key in self:
            break
        else:
            raise KeyError
        found = self[key]
        del self[key]
        return key, found

    def clear(self):
        while True:
            try:
                self.popitem()
            except KeyError:
                return

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping) or hasattr(other, 'keys'):
            pairs = ((k, other[k]) for k in other.keys())
        else:
            pairs = other
        for k, v in pairs:
            self[k] = v
        for k, v in kwds.items():
            self[k] = v

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            pass
        self[key] = default
        return default


# ---- sequences -----------------------------------------------------------

class Sequence(Reversible, Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, i):
        raise IndexError

    def __iter__(self):
        pos = 0
        while True:
            try:
                item = self[pos]
            except IndexError:
                return
            yield item
            pos += 1

    def __contains__(self, v):
        return any(_same(x, v) for x in self)

    def __reversed__(self):
        pos = len(self)
        while pos > 0:
            pos -= 1
            yield self[pos]

    def index(self, value, start=0, stop=None):
        # negative bounds count from the end; start is clamped at 0
        lo = start
        if lo is not None and lo < 0:
            lo = max(0, lo + len(self))
        hi = stop
        if hi is not None and hi < 0:
            hi = hi + len(self)
        while hi is None or lo < hi:
            try:
                item = self[lo]
            except IndexError:
                break
            if _same(item, value):
                return lo
            lo += 1
        raise ValueError

    def count(self, value):
        return sum(1 for x in self if _same(x, value))


class ByteString(Sequence):
    __slots__ = ()


class MutableSequence(Sequence):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, i, v):
        raise IndexError

    @abstractmethod
    def __delitem__(self, i):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def extend(self, values):
        for x in (list(values) if values is self else values):
            self.append(x)

    def clear(self):
        while True:
            try:
                self.pop()
            except IndexError:
                return

    def reverse(self):
        lo, hi = 0, len(self) - 1
        while lo < hi:
            self[lo], self[hi] = self[hi], self[lo]
            lo += 1
            hi -= 1

    def pop(self, index=-1):
        item = self[index]
        del self[index]
        return item

    def remove(self, value):
        where = self.index(value)
        del self[where]

    def __iadd__(self, more):
        self.extend(more)
        return self


_PUBLIC = (Hashable, Sized, Container, Iterable, Iterator, Reversible, Generator, Awaitable,
           Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, Collection, Buffer, Callable,
           Set, MutableSet, Mapping, MappingView, KeysView, ItemsView, ValuesView, MutableMapping,
           Sequence, ByteString, MutableSequence)
for _k in _PUBLIC:
    _k.__module__ = 'collections.abc'
    if _k is not Callable:
        _k.__class_getitem__ = _subscript


def _register_builtins():
    import collections
    for abc_, concrete in ((Sequence, (tuple, str, range)),
                           (ByteString, (bytes, bytearray)),
                           (MutableSequence, (list, bytearray, collections.deque)),
                           (Set, (frozenset,)),
                           (MutableSet, (set,)),
                           (MutableMapping, (dict,)),
                           (KeysView, (type({}.keys()),)),
                           (ItemsView, (type({}.items()),)),
                           (ValuesView, (type({}.values()),)),
                           (Set, (type({}.keys()), type({}.items()))),
                           (Generator, (type((lambda: (yield))()),))):
        for c in concrete:
            abc_.register(c)


_register_builtins()
del _k, _PUBLIC, _register_builtins
