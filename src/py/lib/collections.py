# collections — deque, defaultdict, namedtuple, Counter, OrderedDict,
# ChainMap and the User* wrappers.  Host code (see stdlib.c): written in
# Python, behaves like a C module (no frames in tracebacks, C-style type
# names such as 'collections.deque' in messages).

import _sk
import sys as _sys

_set_tpname = _sk.set_tpname
_index = _sk.index
_ssize = _sk.ssize
_idx = _sk.idx
_MISSING = object()
_repr_running = set()


# ---- deque ----------------------------------------------------------------------------------------
class _ReadOnlyMaxlen:
    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return obj._maxlen

    def __set__(self, obj, value):
        raise AttributeError("attribute 'maxlen' of 'collections.deque' objects is not writable")


class deque:
    __slots__ = ('_items', '_maxlen', '_state')

    def __init__(self, *args, **kwargs):
        if len(args) > 2:
            raise TypeError(f'deque() takes at most 2 arguments ({len(args)} given)')
        iterable = _MISSING
        maxlen = None
        if args:
            iterable = args[0]
        if len(args) > 1:
            maxlen = args[1]
        for k, v in kwargs.items():
            if k == 'iterable' and len(args) < 1:
                iterable = v
            elif k == 'maxlen' and len(args) < 2:
                maxlen = v
            else:
                raise TypeError(f"deque() got an unexpected keyword argument '{k}'")
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            maxlen = _ssize(maxlen)
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._items = []
        self._maxlen = maxlen
        self._state = 0
        if iterable is not _MISSING:
            self._extend(iterable)

    maxlen = _ReadOnlyMaxlen()

    def _trim_left(self):
        m = self._maxlen
        if m is not None and len(self._items) > m:
            del self._items[:len(self._items) - m]

    def _extend(self, iterable):
        if iterable is self:
            iterable = list(self._items)
        items = self._items
        m = self._maxlen
        for x in iterable:
            self._state += 1
            if m == 0:
                continue
            items.append(x)
            if m is not None and len(items) > m:
                del items[0]

    def append(self, *args):
        if len(args) != 1:
            raise TypeError(f'deque.append() takes exactly one argument ({len(args)} given)')
        self._state += 1
        if self._maxlen == 0:
            return
        self._items.append(args[0])
        self._trim_left()

    def appendleft(self, *args):
        if len(args) != 1:
            raise TypeError(f'deque.appendleft() takes exactly one argument ({len(args)} given)')
        self._state += 1
        if self._maxlen == 0:
            return
        self._items.insert(0, args[0])
        m = self._maxlen
        if m is not None and len(self._items) > m:
            self._items.pop()

    def pop(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        self._state += 1
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        self._state += 1
        return self._items.pop(0)

    def extend(self, *args):
        if len(args) != 1:
            raise TypeError(f'deque.extend() takes exactly one argument ({len(args)} given)')
        self._extend(args[0])

    def extendleft(self, *args):
        if len(args) != 1:
            raise TypeError(f'deque.extendleft() takes exactly one argument ({len(args)} given)')
        iterable = args[0]
        if iterable is self:
            iterable = list(self._items)
        items = self._items
        m = self._maxlen
        for x in iterable:
            self._state += 1
            if m == 0:
                continue
            items.insert(0, x)
            if m is not None and len(items) > m:
                items.pop()

    def insert(self, *args):
        if len(args) != 2:
            raise TypeError(f'insert expected 2 arguments, got {len(args)}')
        i = _ssize(args[0])
        if self._maxlen is not None and len(self._items) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        self._state += 1
        self._items.insert(i, args[1])

    def remove(self, *args):
        if len(args) != 1:
            raise TypeError(f'deque.remove() takes exactly one argument ({len(args)} given)')
        value = args[0]
        for i, x in enumerate(self._items):
            if x is value or x == value:
                del self._items[i]
                self._state += 1
                return None
        raise ValueError('deque.remove(x): x not in deque')

    def index(self, *args):
        if not args:
            raise TypeError('index expected at least 1 argument, got 0')
        if len(args) > 3:
            raise TypeError(f'index expected at most 3 arguments, got {len(args)}')
        value = args[0]
        n = len(self._items)
        start, stop = 0, n
        if len(args) > 1:
            start = self._bound(args[1], n)
        if len(args) > 2:
            stop = self._bound(args[2], n)
        i = start
        while i < stop and i < len(self._items):
            x = self._items[i]
            if x is value or x == value:
                return i
            i += 1
        raise ValueError('deque.index(x): x not in deque')

    @staticmethod
    def _bound(v, n):
        if not isinstance(v, int):
            if v is None or not hasattr(type(v), '__index__'):
                raise TypeError('slice indices must be integers or have an __index__ method')
            v = _index(v)
        if v < 0:
            v += n
            if v < 0:
                v = 0
        if v > n:
            v = n
        return v

    def count(self, *args):
        if len(args) != 1:
            raise TypeError(f'deque.count() takes exactly one argument ({len(args)} given)')
        value = args[0]
        c = 0
        for x in self._items:
            if x is value or x == value:
                c += 1
        return c

    def rotate(self, *args):
        if len(args) > 1:
            raise TypeError(f'rotate expected at most 1 argument, got {len(args)}')
        n = _ssize(args[0]) if args else 1
        items = self._items
        ln = len(items)
        if ln <= 1:
            return None
        self._state += 1
        n %= ln
        if n:
            items[:] = items[-n:] + items[:-n]
        return None

    def reverse(self):
        self._items.reverse()

    def clear(self):
        self._state += 1
        self._items.clear()

    def copy(self, *args):
        if args:
            raise TypeError(f'deque.copy() takes no arguments ({len(args)} given)')
        d = deque(self._items, self._maxlen)
        return d

    __copy__ = copy

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return bool(self._items)

    def __iter__(self):
        return _deque_iterator(self, False)

    def __reversed__(self):
        return _deque_iterator(self, True)

    def __contains__(self, value):
        for x in self._items:
            if x is value or x == value:
                return True
        return False

    def _check_index(self, i):
        if not isinstance(i, int):
            if hasattr(type(i), '__index__'):
                i = _index(i)
            else:
                raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        i = _idx(i)
        n = len(self._items)
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('deque index out of range')
        return i

    def __getitem__(self, i):
        return self._items[self._check_index(i)]

    def __setitem__(self, i, value):
        self._items[self._check_index(i)] = value

    def __delitem__(self, i):
        i = self._check_index(i)
        self._state += 1
        del self._items[i]

    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '[...]'
        _repr_running.add(key)
        try:
            inner = repr(self._items[:])    # a snapshot: element reprs may mutate the deque
        finally:
            _repr_running.discard(key)
        if self._maxlen is None:
            return f'deque({inner})'
        return f'deque({inner}, maxlen={self._maxlen})'

    __hash__ = None

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items < other._items

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items <= other._items

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items > other._items

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items >= other._items

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        d = deque(self._items, self._maxlen)
        d._extend(other._items)
        return d

    def __iadd__(self, other):
        self._extend(other)
        return self

    def _repeated(self, n):
        n = _idx_mul(n)
        items = self._items
        m = self._maxlen
        if n <= 0 or not items:
            return []
        total = len(items) * n
        if m is not None and total > m:
            # only the rightmost m items survive
            k = len(items)
            return [items[(total - m + j) % k] for j in range(m)]
        return items * n

    def __mul__(self, n):
        if not hasattr(type(n), '__index__'):
            return NotImplemented
        d = deque((), self._maxlen)
        d._items = self._repeated(n)
        return d

    __rmul__ = __mul__

    def __imul__(self, n):
        if not hasattr(type(n), '__index__'):
            return NotImplemented
        self._state += 1
        self._items = self._repeated(n)
        return self

    def __class_getitem__(cls, item):
        return _GenericAlias(cls, item)

    def __reduce__(self):
        return (deque, (list(self._items), self._maxlen))


def _idx_mul(n):
    try:
        return _idx(n)
    except IndexError:
        raise OverflowError("cannot fit 'int' into an index-sized integer") from None


class _deque_iterator:
    __slots__ = ('_d', '_i', '_state', '_rev')

    def __init__(self, d, rev):
        self._d = d
        self._i = 0
        self._state = d._state
        self._rev = rev

    def __iter__(self):
        return self

    def __next__(self):
        d = self._d
        if d is None:
            raise StopIteration
        if d._state != self._state:
            self._d = None
            raise RuntimeError('deque mutated during iteration')
        items = d._items
        if self._i >= len(items):
            self._d = None
            raise StopIteration
        i = self._i
        self._i += 1
        return items[len(items) - 1 - i] if self._rev else items[i]

    def __length_hint__(self):
        return 0 if self._d is None else len(self._d._items) - self._i


_set_tpname(deque, 'collections.deque')
_set_tpname(_deque_iterator, '_collections._deque_iterator')


def _GenericAlias(cls, item):
    return type(list[int])(cls, item)


# ---- defaultdict -------------------------------------------------------------------------------
class defaultdict(dict):
    def __init__(self, *args, **kwargs):
        factory = None
        if args:
            factory = args[0]
            args = args[1:]
            if factory is not None and not callable(factory):
                raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = factory

    def __missing__(self, key):
        factory = self.default_factory
        if factory is None:
            raise KeyError(key)
        value = factory()
        self[key] = value
        return value

    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            f = self.default_factory
            fr = repr(f)
            return f'defaultdict({fr}, {dict.__repr__(self)})'
        finally:
            _repr_running.discard(key)

    def copy(self):
        return defaultdict(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return (defaultdict, (self.default_factory,), None, None, iter(self.items()))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = defaultdict(self.default_factory, self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = defaultdict(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        dict.update(self, other)
        return self

    @classmethod
    def fromkeys(cls, *args):
        if not args:
            raise TypeError('fromkeys expected at least 1 argument, got 0')
        if len(args) > 2:
            raise TypeError(f'fromkeys expected at most 2 arguments, got {len(args)}')
        value = args[1] if len(args) > 1 else None
        d = cls()
        for k in args[0]:
            d[k] = value
        return d


_set_tpname(defaultdict, 'collections.defaultdict')


# ---- OrderedDict --------------------------------------------------------------------------------
class OrderedDict(dict):
    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '...'
        if not self:
            return f'{type(self).__name__}()'
        _repr_running.add(key)
        try:
            return f'{type(self).__name__}({dict.__repr__(self)})'
        finally:
            _repr_running.discard(key)

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            items = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in items:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            return dict.popitem(self)
        key = next(iter(self))
        value = dict.pop(self, key)
        return key, value

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None

    def copy(self):
        return type(self)(self)

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        new.update(self)
        return new


# ---- Counter -----------------------------------------------------------------------------------
class Counter(dict):
    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        if n is None:
            return items
        n = _index(n)
        if n <= 0:
            return []
        return items[:n]

    def elements(self):
        for elem, count in self.items():
            n = _ssize(count)
            if n > 0:
                for _ in range(n):
                    yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError(f'Counter.update() takes from 1 to 2 positional arguments but {len(args) + 1} were given')
        iterable = args[0] if args else None
        if iterable is not None:
            if isinstance(iterable, dict):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                get = self.get
                for elem in iterable:
                    self[elem] = get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError(f'Counter.subtract() takes from 1 to 2 positional arguments but {len(args) + 1} were given')
        iterable = args[0] if args else None
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            try:
                d = dict(self.most_common())
            except TypeError:
                d = dict(self)
            return f'{self.__class__.__name__}({d!r})'
        finally:
            _repr_running.discard(key)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            if isinstance(other, dict):
                return dict.__eq__(self, other)
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            del self[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


# ---- namedtuple ---------------------------------------------------------------------------------
_KEYWORDS = frozenset((
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
    'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
    'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield'))


def _tuplegetter(index, doc):
    def get(self):
        return tuple.__getitem__(self, index)
    return property(get, doc=doc)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = _sys.intern(str(typename))
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS or name.startswith('_') or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError(f'Type names and field names must be valid identifiers: {name!r}')
        if name in _KEYWORDS:
            raise ValueError(f'Type names and field names cannot be a keyword: {name!r}')
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError(f'Field names cannot start with an underscore: {name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))
    field_names = tuple(map(_sys.intern, field_names))
    num_fields = len(field_names)
    arg_list = ', '.join(field_names)
    if num_fields == 1:
        arg_list += ','
    nfields = num_fields
    fdefaults = field_defaults

    def __new__(_cls, *args, **kwargs):
        if len(args) > nfields:
            raise TypeError(f'{typename}.__new__() takes {nfields + 1} positional arguments but {len(args) + 1} were given')
        for k in kwargs:
            if k in field_names[:len(args)]:
                raise TypeError(f"{typename}.__new__() got multiple values for argument '{k}'")
        values = list(args)
        for name in field_names[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in fdefaults:
                values.append(fdefaults[name])
            else:
                missing = [n for n in field_names[len(values):] if n not in kwargs and n not in fdefaults]
                if len(missing) == 1:
                    raise TypeError(f"{typename}.__new__() missing 1 required positional argument: '{missing[0]}'")
                quoted = [f"'{m}'" for m in missing]
                listing = ', '.join(quoted[:-1]) + ' and ' + quoted[-1]
                raise TypeError(f'{typename}.__new__() missing {len(missing)} required positional arguments: {listing}')
        if kwargs:
            for k in kwargs:
                if k in field_names:
                    raise TypeError(f"{typename}.__new__() got multiple values for argument '{k}'")
            k = next(iter(kwargs))
            raise TypeError(f"{typename}.__new__() got an unexpected keyword argument '{k}'")
        return tuple.__new__(_cls, values)

    @classmethod
    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != nfields:
            raise TypeError(f'Expected {nfields} arguments, got {len(result)}')
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name) if name in kwds else getattr(self, name) for name in field_names])
        if kwds:
            raise TypeError(f'Got unexpected field names: {list(kwds)!r}')
        return result

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join(
            f'{name}={value!r}' for name, value in zip(field_names, self)) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    class_namespace = {
        '__doc__': f'{typename}({arg_list})',
        '__slots__': (),
        '_fields': field_names,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': _make,
        '__replace__': _replace,
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': field_names,
    }
    for index, name in enumerate(field_names):
        class_namespace[name] = _tuplegetter(index, f'Alias for field number {index}')
    if module is None:
        g = _sk.caller_globals()
        module = g.get('__name__', '__main__') if g is not None else '__main__'
    class_namespace['__module__'] = module
    result = type(typename, (tuple,), class_namespace)
    return result


# ---- ChainMap ----------------------------------------------------------------------------------
class ChainMap:
    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def clear(self):
        self.maps[0].clear()

    def __eq__(self, other):
        return dict(self.items()) == dict(other.items()) if hasattr(other, 'items') else NotImplemented


# ---- User* ---------------------------------------------------------------------------------------
class UserDict(dict):
    def __init__(self, dict=None, /, **kwargs):
        self.data = self
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)


class UserList(list):
    def __init__(self, initlist=None):
        list.__init__(self, initlist if initlist is not None else [])
        self.data = self


class UserString:
    def __init__(self, seq):
        self.data = str(seq)

    def __str__(self):
        return self.data

    def __repr__(self):
        return repr(self.data)

    def __eq__(self, other):
        return self.data == (other.data if isinstance(other, UserString) else other)

    def __hash__(self):
        return hash(self.data)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.__class__(self.data[index])

    def __contains__(self, char):
        return char in self.data

    def __add__(self, other):
        return self.__class__(self.data + str(other))

    def __getattr__(self, name):
        return getattr(self.data, name)
