# typing — runtime objects for type hints (host code, see stdlib.c).
#
# This interpreter stores annotations as strings and never evaluates them,
# so the module only has to provide the names and make them behave at
# runtime: subscription, repr, equality, get_origin/get_args, and the
# isinstance() checks CPython permits (or the errors it raises).

import _sk
import sys
import collections.abc as _cabc
from abc import ABCMeta as _ABCMeta, _registered_with

TYPE_CHECKING = False
Union = type(int | str)
TypeVar = _sk.TypeVar
ParamSpec = _sk.ParamSpec
TypeVarTuple = _sk.TypeVarTuple
TypeAliasType = _sk.TypeAliasType
GenericAlias = type(list[int])
_VARIABLES = (TypeVar, ParamSpec, TypeVarTuple)


def _show(t):
    """The text typing uses for t inside a subscription."""
    if isinstance(t, type) and not isinstance(t, GenericAlias):
        mod = t.__module__
        return t.__qualname__ if mod == 'builtins' else mod + '.' + t.__qualname__
    if t is ...:
        return '...'
    if t is None:
        return 'None'
    if isinstance(t, (list, tuple)):
        return '[' + ', '.join(map(_show, t)) + ']'
    if type(t).__name__ == 'function':
        return t.__name__
    return repr(t)


def _as_tuple(x):
    return x if isinstance(x, tuple) else (x,)


def _union_with(a, b):
    return Union[a, b]


class _Final:
    __slots__ = ()


# ---- special forms (Never, ClassVar, Optional, ...) ----------------------

class _SpecialForm(_Final):
    __slots__ = ('_name', '__doc__', '_on_sub')

    def __init__(self, name, on_subscript=None):
        self._name = name
        self._on_sub = on_subscript
        self.__doc__ = None

    def __getattr__(self, wanted):
        if wanted in ('__name__', '__qualname__'):
            return self._name
        raise AttributeError(wanted)

    def __repr__(self):
        return f'typing.{self._name}'

    def __reduce__(self):
        return self._name

    def __mro_entries__(self, orig_bases):
        raise TypeError(f'Cannot subclass {self!r}')

    def __call__(self, *a, **kw):
        raise TypeError(f'Cannot instantiate {self!r}')

    def __or__(self, rhs):
        return _union_with(self, rhs)

    def __ror__(self, lhs):
        return _union_with(lhs, self)

    def __instancecheck__(self, thing):
        raise TypeError(f'{self} cannot be used with isinstance()')

    def __subclasscheck__(self, klass):
        raise TypeError(f'{self} cannot be used with issubclass()')

    def __getitem__(self, sub):
        if self._on_sub is None:
            raise TypeError(f'{self} is not subscriptable')
        return self._on_sub(self, sub)


def _wrap_one(form, item):
    return _GenericAlias(form, (item,), name=form._name)


def _wrap_many(form, item):
    return _GenericAlias(form, item, name=form._name)


def _optional(form, item):
    return Union[item, None]


def _literal(form, item):
    kept = []
    for v in _as_tuple(item):
        if not any(type(v) is type(w) and v == w for w in kept):
            kept.append(v)
    return _LiteralGenericAlias(form, tuple(kept), name='Literal')


NoReturn = _SpecialForm('NoReturn')
Never = _SpecialForm('Never')
Self = _SpecialForm('Self')
LiteralString = _SpecialForm('LiteralString')
TypeAlias = _SpecialForm('TypeAlias')
Optional = _SpecialForm('Optional', _optional)
Literal = _SpecialForm('Literal', _literal)
Concatenate = _SpecialForm('Concatenate', _wrap_many)
ClassVar = _SpecialForm('ClassVar', _wrap_one)
Final = _SpecialForm('Final', _wrap_one)
TypeGuard = _SpecialForm('TypeGuard', _wrap_one)
TypeIs = _SpecialForm('TypeIs', _wrap_one)
Required = _SpecialForm('Required', _wrap_one)
NotRequired = _SpecialForm('NotRequired', _wrap_one)
ReadOnly = _SpecialForm('ReadOnly', _wrap_one)
Unpack = _SpecialForm('Unpack', _wrap_one)


# ---- subscripted aliases -------------------------------------------------

_ALIAS_OWN = frozenset({'__origin__', '__args__', '_name', '_inst', '__parameters__'})


class _GenericAlias(_Final):
    """X[args] for a class or special form X."""

    def __init__(self, origin, args, *, name=None, inst=True):
        args = _as_tuple(args)
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self._inst = inst
        self.__parameters__ = tuple(a for a in args if isinstance(a, _VARIABLES))

    def _head(self):
        return f'typing.{self._name}' if self._name else _show(self.__origin__)

    def __repr__(self):
        inner = ', '.join(map(_show, self.__args__)) if self.__args__ else '()'
        return self._head() + '[' + inner + ']'

    def _key(self):
        return (self.__origin__, self.__args__)

    def __eq__(self, other):
        if isinstance(other, _GenericAlias) and type(other)._key is type(self)._key:
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __call__(self, *a, **kw):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; '
                            f'use {self.__origin__.__name__}() instead')
        made = self.__origin__(*a, **kw)
        try:
            made.__orig_class__ = self
        except Exception:
            pass
        return made

    def __mro_entries__(self, orig_bases):
        return () if self.__origin__ in orig_bases else (self.__origin__,)

    def __getattr__(self, wanted):
        # everything else is looked up on the origin class
        if wanted in _ALIAS_OWN:
            raise AttributeError(wanted)
        return getattr(self.__origin__, wanted)

    def __or__(self, rhs):
        return _union_with(self, rhs)

    def __ror__(self, lhs):
        return _union_with(lhs, self)

    def __instancecheck__(self, thing):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, klass):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __getitem__(self, sub):
        # substitute our type variables, in order, by the new arguments
        mapping = dict(zip(self.__parameters__, _as_tuple(sub)))
        replaced = tuple(mapping.get(a, a) for a in self.__args__)
        return _GenericAlias(self.__origin__, replaced, name=self._name, inst=self._inst)


class _CallableGenericAlias(_GenericAlias):
    def __init__(self, origin, spec):
        argspec, ret = spec
        flat = (tuple(argspec) if isinstance(argspec, list) else (argspec,)) + (ret,)
        super().__init__(origin, flat, name='Callable')
        self._cargs = argspec

    def __repr__(self):
        return f'typing.Callable[{_show(self._cargs)}, {_show(self.__args__[-1])}]'


class _LiteralGenericAlias(_GenericAlias):
    def __repr__(self):
        return 'typing.Literal[' + ', '.join(map(repr, self.__args__)) + ']'

    def _key(self):
        # order of the values does not matter
        return frozenset(self.__args__)


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, base, extras):
        super().__init__(base, (base,))
        self.__metadata__ = extras

    def __repr__(self):
        notes = ', '.join(map(repr, self.__metadata__))
        return f'typing.Annotated[{_show(self.__origin__)}, {notes}]'

    def _key(self):
        return (self.__origin__, self.__metadata__)


class _SpecialGenericAlias(_Final):
    """The bare deprecated aliases: typing.List, typing.Dict, ..."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        self.__origin__ = origin
        self._nparams = nparams
        self._inst = inst
        self._name = name or origin.__name__

    def __repr__(self):
        return f'typing.{self._name}'

    def __getitem__(self, sub):
        sub = _as_tuple(sub)
        if self._name == 'Callable' and len(sub) == 2:
            return _CallableGenericAlias(self.__origin__, sub)
        return _GenericAlias(self.__origin__, sub, name=self._name, inst=self._inst)

    def __call__(self, *a, **kw):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; '
                            f'use {self.__origin__.__name__}() instead')
        return self.__origin__(*a, **kw)

    def __mro_entries__(self, orig_bases):
        return (self.__origin__,)

    def __instancecheck__(self, thing):
        return isinstance(thing, self.__origin__)

    def __subclasscheck__(self, klass):
        return issubclass(klass, self.__origin__)

    def __or__(self, rhs):
        return _union_with(self, rhs)

    def __ror__(self, lhs):
        return _union_with(lhs, self)

    def __eq__(self, other):
        if isinstance(other, _SpecialGenericAlias):
            return (self.__origin__, self._name) == (other.__origin__, other._name)
        return NotImplemented

    def __hash__(self):
        return hash((self.__origin__, self._name))


class _CallableType(_SpecialGenericAlias):
    pass


# ---- Any, Annotated, Generic ---------------------------------------------

class _AnyMeta(type):
    def __instancecheck__(self, thing):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return type.__instancecheck__(self, thing)

    def __repr__(self):
        return 'typing.Any' if self is Any else type.__repr__(self)


class Any(metaclass=_AnyMeta):
    def __new__(cls, *a, **kw):
        if cls is Any:
            raise TypeError('Any cannot be instantiated')
        return object.__new__(cls)


class Annotated:
    __slots__ = ()

    def __new__(cls, *a, **kw):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, item):
        if type(item) is not tuple or len(item) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments '
                            '(a type and an annotation).')
        return _AnnotatedAlias(item[0], item[1:])


def get_origin(tp):
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, GenericAlias, _SpecialGenericAlias)):
        return tp.__origin__
    if isinstance(tp, Union):
        return Union
    return Generic if tp is Generic else None


def get_args(tp):
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _CallableGenericAlias) and isinstance(tp._cargs, list):
        return (list(tp.__args__[:-1]), tp.__args__[-1])
    if isinstance(tp, (_GenericAlias, GenericAlias, Union)):
        return tp.__args__
    return ()


class Generic:
    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, item):
        return _GenericAlias(cls, _as_tuple(item))

    def __init_subclass__(cls, *a, **kw):
        super().__init_subclass__(*a, **kw)


# ---- protocols -----------------------------------------------------------

_NOT_MEMBERS = frozenset({
    '__abstractmethods__', '__annotations__', '__dict__', '__doc__', '__init__', '__module__',
    '__new__', '__slots__', '__subclasshook__', '__weakref__', '__class_getitem__',
    '__match_args__', '__static_attributes__', '__firstlineno__', '__qualname__',
    '__parameters__', '__orig_bases__', '__protocol_attrs__', '_is_protocol',
    '_is_runtime_protocol', '__non_callable_proto_members__', '__type_params__', '__annotate__',
    '__dataclass_fields__', '__dataclass_params__'})


def _members_of(proto):
    """Names a protocol class declares (methods, attributes, annotations)."""
    found = set()
    for k in proto.__mro__[:-1]:
        if k.__name__ in ('Protocol', 'Generic'):
            continue
        names = list(k.__dict__) + list(k.__dict__.get('__annotations__', {}))
        found.update(n for n in names if n not in _NOT_MEMBERS and not n.startswith('_abc_'))
    return found


def _checked_protocol(proto):
    """True when proto is a user protocol; errors if not runtime-checkable."""
    if proto is Protocol or not proto.__dict__.get('_is_protocol', False):
        return False
    if not proto.__dict__.get('_is_runtime_protocol', False):
        raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
    return True


def _found_in_mro(klass, attr):
    for k in klass.__mro__:
        if attr in k.__dict__:
            return k.__dict__[attr] is not None
    return False


class _ProtocolMeta(_ABCMeta):
    def __instancecheck__(cls, thing):
        if not _checked_protocol(cls):
            return _ABCMeta.__instancecheck__(cls, thing)
        data_only = cls.__non_callable_proto_members__
        for name in cls.__protocol_attrs__:
            if not hasattr(thing, name):
                if _registered_with(cls, type(thing)):
                    return _ABCMeta.__instancecheck__(cls, thing)
                return False
            if name not in data_only and getattr(thing, name) is None \
                    and not callable(getattr(type(thing), name, None)):
                return False
        return True

    def __subclasscheck__(cls, klass):
        if not _checked_protocol(cls):
            return _ABCMeta.__subclasscheck__(cls, klass)
        data_only = cls.__non_callable_proto_members__
        if data_only:
            listed = ', '.join(map(repr, sorted(data_only)))
            raise TypeError("Protocols with non-method members don't support issubclass(). "
                            f"Non-method members: {listed}.")
        return all(_found_in_mro(klass, a) for a in cls.__protocol_attrs__)


def _refuse_protocol_init(self, *a, **kw):
    if type(self)._is_protocol:
        raise TypeError('Protocols cannot be instantiated')


class Protocol(Generic, metaclass=_ProtocolMeta):
    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *a, **kw):
        super().__init_subclass__(*a, **kw)
        if '_is_protocol' not in cls.__dict__:
            cls._is_protocol = Protocol in cls.__bases__
        members = _members_of(cls)
        cls.__protocol_attrs__ = members
        cls.__non_callable_proto_members__ = frozenset(
            m for m in members if not callable(getattr(cls, m, None)))
        if cls.__init__ is Protocol.__init__ and cls._is_protocol:
            cls.__init__ = _refuse_protocol_init

    def __class_getitem__(cls, item):
        return _GenericAlias(cls, _as_tuple(item))


def runtime_checkable(cls):
    if not (issubclass(cls, Generic) and cls.__dict__.get('_is_protocol', False)):
        raise TypeError(f'@runtime_checkable can be only applied to protocol classes, got {cls!r}')
    cls._is_runtime_protocol = True
    return cls


def get_protocol_members(tp):
    members = tp.__protocol_attrs__
    return frozenset(members)


def is_protocol(tp):
    return isinstance(tp, type) and tp is not Protocol and bool(getattr(tp, '_is_protocol', False))


# ---- decorators and small helpers ----------------------------------------

def _overloaded_stub(*a, **kw):
    raise NotImplementedError(
        'You should not call an overloaded function. A series of @overload-decorated '
        'functions outside a stub module should always be followed by an implementation '
        'that is not @overload-ed.')


def overload(func):
    return _overloaded_stub


def get_overloads(func):
    return []


def clear_overloads():
    return None


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False,
                        frozen_default=False, field_specifiers=(), **kwargs):
    info = {'eq_default': eq_default, 'order_default': order_default,
            'kw_only_default': kw_only_default, 'frozen_default': frozen_default,
            'field_specifiers': field_specifiers, 'kwargs': kwargs}

    def mark(target):
        target.__dataclass_transform__ = info
        return target
    return mark


def _tag(obj, attr):
    try:
        setattr(obj, attr, True)
    except (AttributeError, TypeError):
        pass
    return obj


def final(f):
    return _tag(f, '__final__')


def override(method):
    return _tag(method, '__override__')


def no_type_check(arg):
    return arg


def no_type_check_decorator(decorator):
    return decorator


def cast(typ, val):
    return val


def assert_type(val, typ):
    return val


def reveal_type(obj):
    return obj


def assert_never(arg):
    shown = repr(arg)
    if len(shown) > 100:
        shown = shown[:100] + '...'
    raise AssertionError('Expected code to be unreachable, but got: ' + shown)


def _resolve_hint(hint, globalns, localns, depth=0):
    # annotations are stored as source text; a hint is the value it names,
    # and a string inside it (a forward reference) is resolved the same way
    if depth > 20:
        return hint
    for _ in range(3):
        if not isinstance(hint, str):
            break
        hint = eval(hint, globalns, localns)
    if hint is None:
        return type(None)
    args = getattr(hint, '__args__', None)
    if isinstance(args, tuple) and args and not isinstance(hint, _AnnotatedAlias) \
            and isinstance(hint, (_GenericAlias, _BuiltinAlias)):
        done = tuple(_resolve_hint(a, globalns, localns, depth + 1) for a in args)
        if done != args:
            return hint.__origin__[done if len(done) > 1 else done[0]]
    return hint


_BuiltinAlias = type(list[int])


def _drop_extras(hint):
    while isinstance(hint, _AnnotatedAlias):
        hint = hint.__origin__
    return hint


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    out = {}
    if isinstance(obj, type):
        for klass in reversed(obj.__mro__):
            own = klass.__dict__.get('__annotations__', {})
            if not own:
                continue
            if globalns is None:
                home = sys.modules.get(klass.__module__)
                g = dict(getattr(home, '__dict__', {}))
            else:
                g = globalns
            l = dict(vars(klass)) if localns is None else localns
            for name, hint in own.items():
                out[name] = _resolve_hint(hint, g, l)
    else:
        target = obj
        while hasattr(target, '__wrapped__'):
            target = target.__wrapped__
        if globalns is None:
            if isinstance(obj, type(sys)):
                globalns = obj.__dict__
            else:
                globalns = getattr(target, '__globals__', {})
        own = getattr(obj, '__annotations__', None) or {}
        for name, hint in own.items():
            out[name] = _resolve_hint(hint, globalns, localns if localns is not None else globalns)
    if not include_extras:
        out = {k: _drop_extras(v) for k, v in out.items()}
    return out


class NewType:
    def __init__(self, name, tp):
        self.__qualname__ = name
        self.__name__ = name.rpartition('.')[2]
        self.__supertype__ = tp
        caller = _sk.caller_globals()
        self.__module__ = '__main__' if caller is None else caller.get('__name__', '__main__')

    def __repr__(self):
        return self.__module__ + '.' + self.__qualname__

    def __call__(self, x):
        return x

    def __mro_entries__(self, orig_bases):
        n = self.__name__
        raise TypeError('Cannot subclass an instance of NewType. Perhaps you were looking for: '
                        f'`{n} = NewType({n!r}, {n})`')

    def __or__(self, rhs):
        return _union_with(self, rhs)

    def __ror__(self, lhs):
        return _union_with(lhs, self)


# ---- NamedTuple and TypedDict --------------------------------------------

_TUPLE_RESERVED = frozenset({
    '__module__', '__qualname__', '__annotations__', '__slots__', '__new__', '__init__',
    '__getnewargs__', '_fields', '_field_defaults', '_make', '_replace', '_asdict', '_source',
    '__doc__', '__static_attributes__', '__firstlineno__'})


def NamedTuple(typename=None, fields=None, /, **kwargs):
    import collections
    pairs = list(kwargs.items()) if fields is None else list(fields)
    made = collections.namedtuple(typename, [p[0] for p in pairs])
    made.__annotations__ = dict(pairs)
    return made


class _NamedTupleMeta(type):
    def __new__(mcls, name, bases, ns):
        if name == '_NamedTuple':
            return type.__new__(mcls, name, bases, ns)
        import collections
        anns = ns.get('__annotations__', {})
        with_default = []
        for n in anns:
            if n in ns:
                with_default.append(n)
            elif with_default:
                many = 's' if len(with_default) > 1 else ''
                raise TypeError(f"Non-default namedtuple field {n} cannot follow default field"
                                f"{many} {', '.join(with_default)}")
        made = collections.namedtuple(name, list(anns), defaults=[ns[n] for n in with_default],
                                      module=ns.get('__module__'))
        made.__annotations__ = anns
        for attr, value in ns.items():
            if attr not in _TUPLE_RESERVED and attr not in made._fields:
                setattr(made, attr, value)
        return made


class _NamedTuple(metaclass=_NamedTupleMeta):
    pass


NamedTuple.__mro_entries__ = lambda given: (_NamedTuple,)


class _TypedDictMeta(type):
    def __new__(mcls, name, bases, ns, total=True):
        made = type.__new__(_TypedDictMeta, name, (dict,), ns)
        keys = {}
        for b in bases:
            keys.update(b.__dict__.get('__annotations__', {}))
        keys.update(ns.get('__annotations__', {}))
        made.__annotations__ = keys
        made.__total__ = total
        every, none = frozenset(keys), frozenset()
        made.__required_keys__ = every if total else none
        made.__optional_keys__ = none if total else every
        return made

    def __instancecheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __subclasscheck__ = __instancecheck__


def TypedDict(typename, fields=None, /, *, total=True):
    return _TypedDictMeta(typename, (), {'__annotations__': dict(fields or {})}, total=total)


_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {})
TypedDict.__mro_entries__ = lambda given: (_TypedDict,)


# ---- the classic aliases -------------------------------------------------

AnyStr = TypeVar('AnyStr', bytes, str)
Text = str


def _aliases():
    import collections
    table = {}
    for name, origin, n in (
            ('Hashable', _cabc.Hashable, 0), ('Sized', _cabc.Sized, 0),
            ('Awaitable', _cabc.Awaitable, 1), ('Coroutine', _cabc.Coroutine, 3),
            ('AsyncIterable', _cabc.AsyncIterable, 1), ('AsyncIterator', _cabc.AsyncIterator, 1),
            ('Iterable', _cabc.Iterable, 1), ('Iterator', _cabc.Iterator, 1),
            ('Reversible', _cabc.Reversible, 1), ('Container', _cabc.Container, 1),
            ('Collection', _cabc.Collection, 1), ('AbstractSet', _cabc.Set, 1),
            ('MutableSet', _cabc.MutableSet, 1), ('Mapping', _cabc.Mapping, 2),
            ('MutableMapping', _cabc.MutableMapping, 2), ('Sequence', _cabc.Sequence, 1),
            ('MutableSequence', _cabc.MutableSequence, 1), ('MappingView', _cabc.MappingView, 1),
            ('KeysView', _cabc.KeysView, 1), ('ItemsView', _cabc.ItemsView, 2),
            ('ValuesView', _cabc.ValuesView, 1), ('Generator', _cabc.Generator, 3),
            ('AsyncGenerator', _cabc.AsyncGenerator, 2),
            ('Deque', collections.deque, 1), ('DefaultDict', collections.defaultdict, 2),
            ('OrderedDict', collections.OrderedDict, 2), ('Counter', collections.Counter, 1),
            ('ChainMap', collections.ChainMap, 2)):
        table[name] = _SpecialGenericAlias(origin, n, name=name)
    # the builtin containers cannot be created through the alias
    for name, origin, n in (('Tuple', tuple, -1), ('List', list, 1), ('Set', set, 1),
                            ('FrozenSet', frozenset, 1), ('Dict', dict, 2), ('Type', type, 1)):
        table[name] = _SpecialGenericAlias(origin, n, inst=False, name=name)
    table['Callable'] = _CallableType(_cabc.Callable, 2, name='Callable')
    return table


globals().update(_aliases())
del _aliases
