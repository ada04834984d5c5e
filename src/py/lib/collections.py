# collections — deque, defaultdict, namedtuple, Counter, OrderedDict,
# ChainMap and the User* wrappers, for Sandkiste's embedded Python.  Runs as
# host code (stdlib.c): no frames of its own in tracebacks, and C-style type
# names ('collections.deque') in error messages.

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
        make = args[0] if args else None
        if make is not None and not callable(make):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args[1:], **kwargs)
        self.default_factory = make

    def __missing__(self, key):
        make = self.default_factory
        if make is None:
            raise KeyError(key)
        self[key] = fresh = make()
        return fresh

    def __repr__(self):
        # dict.__repr__ shows a self-reference as {...}
        return 'defaultdict(%r, %s)' % (self.default_factory, dict.__repr__(self))

    def copy(self):
        return defaultdict(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        state = iter(self.items())
        return (defaultdict, (self.default_factory,), None, None, state)

    def __or__(self, other):
        if isinstance(other, dict):
            return _joined(defaultdict(self.default_factory, self), other)
        return NotImplemented

    def __ror__(self, other):
        if isinstance(other, dict):
            return _joined(defaultdict(self.default_factory, other), self)
        return NotImplemented

    def __ior__(self, other):
        dict.update(self, other)
        return self

    @classmethod
    def fromkeys(cls, *args):
        n = len(args)
        if n == 0:
            raise TypeError('fromkeys expected at least 1 argument, got 0')
        if n > 2:
            raise TypeError(f'fromkeys expected at most 2 arguments, got {n}')
        out = cls()
        fill = args[1] if n == 2 else None
        for k in args[0]:
            out[k] = fill
        return out


_set_tpname(defaultdict, 'collections.defaultdict')


def _joined(target, extra):
    target.update(extra)
    return target


# ---- OrderedDict --------------------------------------------------------------------------------
# A plain dict already keeps insertion order; only reordering needs work.
class OrderedDict(dict):
    def __repr__(self):
        name = type(self).__name__
        if not self:
            return name + '()'
        tag = id(self)
        if tag in _repr_running:
            return '...'
        _repr_running.add(tag)
        try:
            return '%s(%s)' % (name, dict.__repr__(self))
        finally:
            _repr_running.discard(tag)

    def move_to_end(self, key, last=True):
        val = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, val)
            return
        rest = list(dict.items(self))
        dict.clear(self)
        dict.update(self, [(key, val)] + rest)

    def popitem(self, last=True):
        if len(self) == 0:
            raise KeyError('dictionary is empty')
        if last:
            return dict.popitem(self)
        first = next(iter(self))
        return first, dict.pop(self, first)

    def __eq__(self, other):
        same = dict.__eq__(self, other)
        if same is True and isinstance(other, OrderedDict):
            return list(self) == list(other)
        return same

    def __ne__(self, other):
        res = self.__eq__(other)
        if res is NotImplemented:
            return res
        return not res

    __hash__ = None

    def copy(self):
        return type(self)(self)

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __or__(self, other):
        if isinstance(other, dict):
            return _joined(type(self)(self), other)
        return NotImplemented

    def __ror__(self, other):
        if isinstance(other, dict):
            return _joined(type(self)(other), self)
        return NotImplemented


# ---- Counter -----------------------------------------------------------------------------------
def _union_keys(a, b):
    yield from a
    for k in b:
        if k not in a:
            yield k


def _keep(out, key, n):
    if n > 0:
        out[key] = n


def _keep_negated(out, key, n):
    if n < 0:
        out[key] = 0 - n


def _tally(a, b, pick, only_b):
    # A fresh Counter: pick(a[k], b[k]) for the keys of a, then only_b(out, k, b[k])
    # for the keys found only in b; only positive counts are kept.
    out = Counter()
    for k in a:
        _keep(out, k, pick(a[k], b[k]))
    if only_b is not None:
        for k in b:
            if k not in a:
                only_b(out, k, b[k])
    return out


def _each(src, put):
    out = Counter()
    for k in src:
        put(out, k, src[k])
    return out


def _max(x, y):
    return y if x < y else x


def _min(x, y):
    return x if x < y else y


def _counter_args(what, args):
    if len(args) > 1:
        raise TypeError(f'Counter.{what}() takes from 1 to 2 positional arguments but {len(args) + 1} were given')
    return args[0] if args else None


class Counter(dict):
    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def total(self):
        return sum(self.values())


    def most_common(self, n=None):
        ranked = sorted(self.items(), key=_second, reverse=True)
        if n is None:
            return ranked
        n = _index(n)
        return ranked[:n] if n > 0 else []

    def elements(self):
        for item, times in self.items():
            left = _ssize(times)
            while left > 0:
                yield item
                left -= 1

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, *args, **kwds):
        src = _counter_args('update', args)
        if isinstance(src, dict):
            if len(self) == 0:
                dict.update(self, src)
            else:
                for k, n in src.items():
                    self[k] = n + self.get(k, 0)
        elif src is not None:
            for k in src:
                self[k] = self.get(k, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, *args, **kwds):
        src = _counter_args('subtract', args)
        if isinstance(src, dict):
            for k, n in src.items():
                self[k] = self.get(k, 0) - n
        elif src is not None:
            for k in src:
                self[k] = self.get(k, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return type(self)(self)

    def __missing__(self, key):
        return 0

    def __reduce__(self):
        return type(self), (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        name = type(self).__name__
        if not self:
            return name + '()'
        tag = id(self)
        if tag in _repr_running:
            return '...'
        _repr_running.add(tag)
        try:
            try:
                shown = dict(self.most_common())
            except TypeError:
                shown = dict(self)
            return '%s(%r)' % (name, shown)
        finally:
            _repr_running.discard(tag)

    def _all(self, other, test):
        for k in _union_keys(self, other):
            if not test(self[k], other[k]):
                return False
        return True

    def __eq__(self, other):
        if isinstance(other, Counter):
            return self._all(other, _op_eq)
        if isinstance(other, dict):
            return dict.__eq__(self, other)
        return NotImplemented

    def __ne__(self, other):
        res = self.__eq__(other)
        if res is NotImplemented:
            return res
        return not res

    def __le__(self, other):
        if isinstance(other, Counter):
            return self._all(other, _op_le)
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, Counter):
            return self._all(other, _op_le) and not self._all(other, _op_eq)
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, Counter):
            return self._all(other, _op_ge)
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, Counter):
            return self._all(other, _op_ge) and not self._all(other, _op_eq)
        return NotImplemented

    def __add__(self, other):
        if isinstance(other, Counter):
            return _tally(self, other, _op_add, _keep)
        return NotImplemented

    def __sub__(self, other):
        if isinstance(other, Counter):
            return _tally(self, other, _op_sub, _keep_negated)
        return NotImplemented

    def __or__(self, other):
        if isinstance(other, Counter):
            return _tally(self, other, _max, _keep)
        return NotImplemented

    def __and__(self, other):
        if isinstance(other, Counter):
            return _tally(self, other, _min, None)
        return NotImplemented

    def __pos__(self):
        return _each(self, _keep)

    def __neg__(self):
        return _each(self, _keep_negated)

    def _drop_nonpositive(self):
        doomed = [k for k in self if not self[k] > 0]
        for k in doomed:
            dict.__delitem__(self, k)
        return self

    def __iadd__(self, other):
        for k, n in other.items():
            self[k] += n
        return self._drop_nonpositive()

    def __isub__(self, other):
        for k, n in other.items():
            self[k] -= n
        return self._drop_nonpositive()

    def __ior__(self, other):
        for k, n in other.items():
            if n > self[k]:
                self[k] = n
        return self._drop_nonpositive()

    def __iand__(self, other):
        for k in list(self):
            if other[k] < self[k]:
                self[k] = other[k]
        return self._drop_nonpositive()


def _second(pair):
    return pair[1]


def _op_eq(x, y):
    return x == y


def _op_le(x, y):
    return x <= y


def _op_ge(x, y):
    return x >= y


def _op_add(x, y):
    return x + y


def _op_sub(x, y):
    return x - y


# ---- namedtuple ---------------------------------------------------------------------------------
_KEYWORDS = frozenset((
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
    'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
    'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield'))


def _bad_name(s):
    return not s.isidentifier() or s in _KEYWORDS


def _nt_fields(spec, rename):
    if isinstance(spec, str):
        spec = spec.replace(',', ' ').split()
    names = [str(s) for s in spec]
    if rename:
        used = set()
        for pos in range(len(names)):
            s = names[pos]
            if _bad_name(s) or s[:1] == '_' or s in used:
                names[pos] = '_%d' % pos
            used.add(s)
    return names


def _nt_validate(typename, names, rename):
    for s in [typename, *names]:
        if type(s) is not str:
            raise TypeError('Type names and field names must be strings')
        if not s.isidentifier():
            raise ValueError(f'Type names and field names must be valid identifiers: {s!r}')
        if s in _KEYWORDS:
            raise ValueError(f'Type names and field names cannot be a keyword: {s!r}')
    used = set()
    for s in names:
        if not rename and s[:1] == '_':
            raise ValueError(f'Field names cannot start with an underscore: {s!r}')
        if s in used:
            raise ValueError(f'Encountered duplicate field name: {s!r}')
        used.add(s)


def _field_reader(pos):
    def read(self):
        return tuple.__getitem__(self, pos)
    return property(read, doc='Alias for field number %d' % pos)


def _and_list(words):
    quoted = ["'%s'" % w for w in words]
    if len(quoted) == 1:
        return quoted[0]
    return ', '.join(quoted[:-1]) + ' and ' + quoted[-1]


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    names = _nt_fields(field_names, rename)
    typename = _sys.intern(str(typename))
    _nt_validate(typename, names, rename)
    fields = tuple(_sys.intern(s) for s in names)
    width = len(fields)
    fallback = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > width:
            raise TypeError('Got more default values than field names')
        fallback = dict(zip(fields[width - len(defaults):], defaults))
    ctor = typename + '.__new__()'
    least = width + 1 - len(fallback)      # counting the class argument
    if least <= width:
        accepts = f'from {least} to {width + 1} positional arguments'
    else:
        accepts = '1 positional argument' if width == 0 else f'{width + 1} positional arguments'

    def __new__(_cls, *args, **kwargs):
        given = len(args)
        for k in kwargs:
            if k not in fields:
                raise TypeError(f"{ctor} got an unexpected keyword argument '{k}'")
            if k in fields[:given]:
                raise TypeError(f"{ctor} got multiple values for argument '{k}'")
        if given > width:
            raise TypeError(f'{ctor} takes {accepts} but {given + 1} were given')
        vals = list(args)
        lacking = []
        for f in fields[given:]:
            if f in kwargs:
                vals.append(kwargs[f])
            elif f in fallback:
                vals.append(fallback[f])
            else:
                lacking.append(f)
        if lacking:
            n = len(lacking)
            noun = 'argument' if n == 1 else 'arguments'
            raise TypeError(f'{ctor} missing {n} required positional {noun}: {_and_list(lacking)}')
        return tuple.__new__(_cls, vals)

    def _make(cls, iterable):
        made = tuple.__new__(cls, iterable)
        if len(made) != width:
            raise TypeError(f'Expected {width} arguments, got {len(made)}')
        return made

    def _replace(self, /, **kwds):
        vals = list(self)
        for pos, f in enumerate(fields):
            if f in kwds:
                vals[pos] = kwds.pop(f)
        if kwds:
            raise TypeError(f'Got unexpected field names: {list(kwds)!r}')
        return type(self)._make(vals)

    def __repr__(self):
        parts = ['%s=%r' % pair for pair in zip(fields, self)]
        return type(self).__name__ + '(' + ', '.join(parts) + ')'

    def _asdict(self):
        return dict(zip(fields, self))

    def __getnewargs__(self):
        return tuple(self)

    sig = ', '.join(fields) + (',' if width == 1 else '')
    if module is None:
        g = _sk.caller_globals()
        module = '__main__' if g is None else g.get('__name__', '__main__')
    ns = {
        '__doc__': typename + '(' + sig + ')',
        '__slots__': (),
        '__module__': module,
        '_fields': fields,
        '_field_defaults': fallback,
        '__match_args__': fields,
        '__new__': __new__,
        '_make': classmethod(_make),
        '_replace': _replace,
        '__replace__': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
    }
    for pos, f in enumerate(fields):
        ns[f] = _field_reader(pos)
    return type(typename, (tuple,), ns)


# ---- ChainMap ----------------------------------------------------------------------------------
class ChainMap:
    def __init__(self, *maps):
        self.maps = list(maps) if maps else [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for layer in self.maps:
            if key in layer:
                return layer[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def _merged_keys(self):
        seen = {}
        for layer in self.maps[::-1]:
            for k in layer:
                seen[k] = None
        return seen

    def __len__(self):
        return len(self._merged_keys())

    def __iter__(self):
        return iter(self._merged_keys())

    def __contains__(self, key):
        for layer in self.maps:
            if key in layer:
                return True
        return False

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        inner = ', '.join(repr(m) for m in self.maps)
        return type(self).__name__ + '(' + inner + ')'

    def keys(self):
        return _abc().KeysView(self)

    def items(self):
        return _abc().ItemsView(self)

    def values(self):
        return _abc().ValuesView(self)

    __reversed__ = None

    @classmethod
    def fromkeys(cls, iterable, *args):
        only = dict.fromkeys(iterable, *args)
        return cls(only)

    def __or__(self, other):
        if not isinstance(other, _abc().Mapping):
            return NotImplemented
        out = self.copy()
        out.maps[0].update(other)
        return out

    def __ror__(self, other):
        if not isinstance(other, _abc().Mapping):
            return NotImplemented
        merged = dict(other)
        for layer in self.maps[::-1]:
            merged.update(layer)
        return type(self)(merged)

    def __ior__(self, other):
        self.maps[0].update(other)
        return self

    def copy(self):
        head, *tail = self.maps
        return type(self)(head.copy(), *tail)

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def _front_missing(self, key):
        return KeyError(f'Key not found in the first mapping: {key!r}')

    def __delitem__(self, key):
        front = self.maps[0]
        if key not in front:
            raise self._front_missing(key)
        del front[key]

    def pop(self, key, *args):
        front = self.maps[0]
        if key in front or args:
            return front.pop(key, *args)
        raise self._front_missing(key)

    def clear(self):
        self.maps[0].clear()

    def update(self, other=(), /, **kwds):
        front = self.maps[0]
        front.update(other)
        front.update(kwds)

    def popitem(self):
        front = self.maps[0]
        if not front:
            raise KeyError('No keys found in the first mapping.')
        return front.popitem()

    def __eq__(self, other):
        if not hasattr(other, 'items'):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


def _abc():
    # collections.abc imports this module, so it is fetched when first needed
    import collections.abc
    return collections.abc


# ---- User* ---------------------------------------------------------------------------------------
# Thin subclasses of the builtins; .data is the object itself.
class UserDict(dict):
    def __init__(self, dict=None, /, **kwargs):
        self.data = self
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)


class UserList(list):
    def __init__(self, initlist=None):
        list.__init__(self, () if initlist is None else initlist)
        self.data = self


def _plain(x):
    return x.data if isinstance(x, UserString) else x


class UserString:
    def __init__(self, seq):
        self.data = seq.data[:] if isinstance(seq, UserString) else str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __complex__(self):
        return complex(self.data)

    def __hash__(self):
        return hash(self.data)

    def __getnewargs__(self):
        return (self.data[:],)

    def __eq__(self, other):
        return self.data == _plain(other)

    def __lt__(self, other):
        return self.data < _plain(other)

    def __le__(self, other):
        return self.data <= _plain(other)

    def __gt__(self, other):
        return self.data > _plain(other)

    def __ge__(self, other):
        return self.data >= _plain(other)

    def __contains__(self, char):
        return _plain(char) in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return type(self)(self.data[index])

    def __reversed__(self):
        for k in range(len(self.data) - 1, -1, -1):
            yield self[k]

    def __add__(self, other):
        if isinstance(other, (str, UserString)):
            return type(self)(self.data + _plain(other))
        return type(self)(self.data + str(other))

    def __radd__(self, other):
        if isinstance(other, str):
            return type(self)(other + self.data)
        return type(self)(str(other) + self.data)

    def __mul__(self, n):
        return type(self)(self.data * n)

    __rmul__ = __mul__

    def __mod__(self, args):
        return type(self)(self.data % args)

    def __rmod__(self, template):
        return type(self)(str(template) % self)

    maketrans = str.maketrans


def _user_string_methods():
    # str methods on .data: which results come back as UserString, and
    # which take a UserString argument in place of a str
    wrapped = ('capitalize casefold center expandtabs ljust lower lstrip rjust rstrip strip '
               'swapcase title translate upper zfill').split()
    unwrap_wrapped = 'removeprefix removesuffix replace'.split()
    unwrap_first = 'count find rfind'.split()
    direct = ('encode endswith format format_map index isalnum isalpha isascii isdecimal isdigit '
              'isidentifier islower isnumeric isprintable isspace istitle isupper join partition '
              'rindex rpartition rsplit split splitlines startswith').split()

    def make(name, wrap, unwrap):
        fn = getattr(str, name)

        def method(self, *args, **kwargs):
            if unwrap == 'all':
                args = [_plain(a) for a in args]
            elif unwrap == 'first' and args:
                args = [_plain(args[0]), *args[1:]]
            out = fn(self.data, *args, **kwargs)
            return type(self)(out) if wrap else out
        method.__name__ = name
        method.__qualname__ = 'UserString.' + name
        return method
    for names, wrap, unwrap in ((wrapped, True, None), (unwrap_wrapped, True, 'all'),
                                (unwrap_first, False, 'first'), (direct, False, None)):
        for name in names:
            if hasattr(str, name):
                setattr(UserString, name, make(name, wrap, unwrap))


_user_string_methods()
