# typing — runtime support for type hints (host code, see stdlib.c).
# Annotations are never evaluated by this interpreter (they are stored as
# strings), so this module only has to make the names exist and behave at
# runtime: subscription, repr, get_origin/get_args, isinstance where
# CPython allows it.

import _sk
import collections.abc as _abc

TYPE_CHECKING = False
Union = type(int | str)
TypeVar = _sk.TypeVar
ParamSpec = _sk.ParamSpec
TypeVarTuple = _sk.TypeVarTuple
TypeAliasType = _sk.TypeAliasType
GenericAlias = type(list[int])


def _type_repr(obj):
    if isinstance(obj, type) and not isinstance(obj, GenericAlias):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if obj is None or obj is type(None):
        return 'None'
    if isinstance(obj, (tuple, list)):
        return '[' + ', '.join(_type_repr(t) for t in obj) + ']'
    if type(obj).__name__ == 'function':
        return obj.__name__
    return repr(obj)


class _Final:
    __slots__ = ()


class _SpecialForm(_Final):
    __slots__ = ('_name', '__doc__', '_getitem')

    def __init__(self, getitem):
        self._getitem = getitem
        self._name = getitem.__name__
        self.__doc__ = getitem.__doc__

    def __getattr__(self, item):
        if item in {'__name__', '__qualname__'}:
            return self._name
        raise AttributeError(item)

    def __mro_entries__(self, bases):
        raise TypeError(f'Cannot subclass {self!r}')

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError(f'Cannot instantiate {self!r}')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f'{self} cannot be used with isinstance()')

    def __subclasscheck__(self, cls):
        raise TypeError(f'{self} cannot be used with issubclass()')

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)


class _GenericAlias(_Final):
    def __init__(self, origin, args, *, name=None, inst=True):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self._inst = inst
        self.__parameters__ = tuple(a for a in args if isinstance(a, (TypeVar, ParamSpec, TypeVarTuple)))

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__ == ():
            args = '()'
        else:
            args = ', '.join(_type_repr(a) for a in self.__args__)
        return f'{name}[{args}]'

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; use {self.__origin__.__name__}() instead')
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        res = []
        if self.__origin__ not in bases:
            res.append(self.__origin__)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, _GenericAlias) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            if isinstance(self.__origin__, type) and not issubclass(self.__origin__, Generic):
                pass
        return tuple(res)

    def __getattr__(self, attr):
        if attr in {'__origin__', '__args__', '_name', '_inst', '__parameters__'}:
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __instancecheck__(self, obj):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            args = (args,)
        subst = dict(zip(self.__parameters__, args))
        new_args = tuple(subst.get(a, a) for a in self.__args__)
        return _GenericAlias(self.__origin__, new_args, name=self._name, inst=self._inst)


class _SpecialGenericAlias(_Final):
    # typing.List, typing.Dict, ...: bare aliases of builtin classes
    def __init__(self, origin, nparams, *, inst=True, name=None):
        self.__origin__ = origin
        self._nparams = nparams
        self._inst = inst
        self._name = name or origin.__name__

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._name == 'Callable' and len(params) == 2:
            return _CallableGenericAlias(self.__origin__, params)
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; use {self.__origin__.__name__}() instead')
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__origin__)

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))


class _CallableGenericAlias(_GenericAlias):
    def __init__(self, origin, params):
        args, result = params
        if isinstance(args, list):
            flat = tuple(args) + (result,)
        else:
            flat = (args, result)
        super().__init__(origin, flat, name='Callable')
        self._cargs = args

    def __repr__(self):
        if isinstance(self._cargs, list):
            a = '[' + ', '.join(_type_repr(x) for x in self._cargs) + ']'
        else:
            a = _type_repr(self._cargs)
        return f'typing.Callable[{a}, {_type_repr(self.__args__[-1])}]'


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return 'typing.Any'
        return super().__repr__()


class Any(metaclass=_AnyMeta):
    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError('Any cannot be instantiated')
        return super().__new__(cls)


@_SpecialForm
def NoReturn(self, parameters):
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def Never(self, parameters):
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def Self(self, parameters):
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def LiteralString(self, parameters):
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def TypeAlias(self, parameters):
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def ClassVar(self, parameters):
    return _GenericAlias(self, (parameters,), name='ClassVar')


@_SpecialForm
def Final(self, parameters):
    return _GenericAlias(self, (parameters,), name='Final')


@_SpecialForm
def Optional(self, parameters):
    return Union[parameters, None]


@_SpecialForm
def Literal(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    seen = []
    for p in parameters:
        if not any(p == q and type(p) is type(q) for q in seen):
            seen.append(p)
    return _LiteralGenericAlias(self, tuple(seen), name='Literal')


class _LiteralGenericAlias(_GenericAlias):
    def __repr__(self):
        return 'typing.Literal[' + ', '.join(repr(a) for a in self.__args__) + ']'

    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))


@_SpecialForm
def Concatenate(self, parameters):
    return _GenericAlias(self, parameters, name='Concatenate')


@_SpecialForm
def TypeGuard(self, parameters):
    return _GenericAlias(self, (parameters,), name='TypeGuard')


@_SpecialForm
def TypeIs(self, parameters):
    return _GenericAlias(self, (parameters,), name='TypeIs')


@_SpecialForm
def Required(self, parameters):
    return _GenericAlias(self, (parameters,), name='Required')


@_SpecialForm
def NotRequired(self, parameters):
    return _GenericAlias(self, (parameters,), name='NotRequired')


@_SpecialForm
def ReadOnly(self, parameters):
    return _GenericAlias(self, (parameters,), name='ReadOnly')


@_SpecialForm
def Unpack(self, parameters):
    return _GenericAlias(self, (parameters,), name='Unpack')


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        super().__init__(origin, (origin,))
        self.__metadata__ = metadata

    def __repr__(self):
        return 'typing.Annotated[{}, {}]'.format(_type_repr(self.__origin__),
                                                 ', '.join(repr(a) for a in self.__metadata__))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))


class Annotated:
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments (a type and an annotation).')
        return _AnnotatedAlias(params[0], tuple(params[1:]))


def get_origin(tp):
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, GenericAlias, _SpecialGenericAlias)):
        return tp.__origin__
    if isinstance(tp, Union):
        return Union
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _CallableGenericAlias):
        args = tp.__args__
        if isinstance(tp._cargs, list):
            return (list(args[:-1]), args[-1])
        return args
    if isinstance(tp, (_GenericAlias, GenericAlias, Union)):
        return tp.__args__
    return ()


class Generic:
    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)


def _get_protocol_attrs(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in {'Protocol', 'Generic'}:
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith('_abc_') and attr not in _SPECIAL_NAMES:
                attrs.add(attr)
    return attrs


_SPECIAL_NAMES = frozenset({
    '__abstractmethods__', '__annotations__', '__dict__', '__doc__', '__init__', '__module__', '__new__',
    '__slots__', '__subclasshook__', '__weakref__', '__class_getitem__', '__match_args__',
    '__static_attributes__', '__firstlineno__', '__qualname__', '__parameters__', '__orig_bases__',
    '__protocol_attrs__', '_is_protocol', '_is_runtime_protocol', '__non_callable_proto_members__',
    '__type_params__', '__annotate__', '__dataclass_fields__', '__dataclass_params__'})


from abc import ABCMeta as _ABCMeta


class _ProtocolMeta(_ABCMeta):
    def __instancecheck__(cls, instance):
        if cls.__dict__.get('_is_protocol', False) and cls is not Protocol:
            if not cls.__dict__.get('_is_runtime_protocol', False):
                raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
            for attr in cls.__protocol_attrs__:
                if not hasattr(instance, attr):
                    return _ABCMeta.__instancecheck__(cls, instance) if type(instance) in cls._abc_registry else False
                if attr in cls.__non_callable_proto_members__:
                    continue
                if getattr(instance, attr) is None and not callable(getattr(type(instance), attr, None)):
                    return False
            return True
        return super().__instancecheck__(instance)

    def __subclasscheck__(cls, other):
        if cls.__dict__.get('_is_protocol', False) and cls is not Protocol:
            if not cls.__dict__.get('_is_runtime_protocol', False):
                raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
            if cls.__non_callable_proto_members__:
                raise TypeError("Protocols with non-method members don't support issubclass()")
            for attr in cls.__protocol_attrs__:
                for base in other.__mro__:
                    if attr in base.__dict__:
                        if base.__dict__[attr] is None:
                            return False
                        break
                else:
                    return False
            return True
        return super().__subclasscheck__(other)


class Protocol(Generic, metaclass=_ProtocolMeta):
    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        cls.__protocol_attrs__ = _get_protocol_attrs(cls)
        cls.__non_callable_proto_members__ = frozenset(
            a for a in cls.__protocol_attrs__ if not callable(getattr(cls, a, None)))
        if cls._is_protocol and cls.__init__ is Protocol.__init__:
            cls.__init__ = _no_init_or_replace_init

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _GenericAlias(cls, params)


def _no_init_or_replace_init(self, *args, **kwargs):
    cls = type(self)
    if cls._is_protocol:
        raise TypeError('Protocols cannot be instantiated')


def runtime_checkable(cls):
    if not issubclass(cls, Generic) or not cls.__dict__.get('_is_protocol', False):
        raise TypeError(f'@runtime_checkable can be only applied to protocol classes, got {cls!r}')
    cls._is_runtime_protocol = True
    return cls


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. A series of @overload-decorated '
        'functions outside a stub module should always be followed by an implementation '
        'that is not @overload-ed.')


def overload(func):
    return _overload_dummy


def get_overloads(func):
    return []


def clear_overloads():
    pass


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False, frozen_default=False,
                        field_specifiers=(), **kwargs):
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            'eq_default': eq_default, 'order_default': order_default, 'kw_only_default': kw_only_default,
            'frozen_default': frozen_default, 'field_specifiers': field_specifiers, 'kwargs': kwargs}
        return cls_or_fn
    return decorator


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def override(method):
    try:
        method.__override__ = True
    except (AttributeError, TypeError):
        pass
    return method


def no_type_check(arg):
    return arg


def no_type_check_decorator(decorator):
    return decorator


def cast(typ, val):
    return val


def assert_type(val, typ):
    return val


def assert_never(arg):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError(f'Expected code to be unreachable, but got: {value}')


def reveal_type(obj):
    return obj


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            hints.update(base.__dict__.get('__annotations__', {}))
        return hints
    return dict(getattr(obj, '__annotations__', None) or {})


def get_protocol_members(tp):
    return frozenset(tp.__protocol_attrs__)


def is_protocol(tp):
    return isinstance(tp, type) and getattr(tp, '_is_protocol', False) and tp is not Protocol


class NewType:
    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        g = _sk.caller_globals()
        self.__module__ = g.get('__name__', '__main__') if g is not None else '__main__'

    def __mro_entries__(self, bases):
        raise TypeError(f'Cannot subclass an instance of NewType. Perhaps you were looking for: '
                        f'`{self.__name__} = NewType({self.__name__!r}, {self.__name__})`')

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __call__(self, x):
        return x

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


def NamedTuple(typename=None, fields=None, /, **kwargs):
    import collections
    if fields is None:
        fields = list(kwargs.items())
    nt = collections.namedtuple(typename, [n for n, t in fields])
    nt.__annotations__ = dict(fields)
    return nt


def _namedtuple_mro_entries(bases):
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


class _NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        import collections
        if typename == '_NamedTuple':
            return super().__new__(cls, typename, bases, ns)
        types = ns.get('__annotations__', {})
        default_names = []
        defaults = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
                defaults.append(ns[field_name])
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}")
        nm_tpl = collections.namedtuple(typename, list(types), defaults=defaults, module=ns.get('__module__'))
        nm_tpl.__annotations__ = types
        for key, val in ns.items():
            if key in {'__module__', '__qualname__', '__annotations__', '__slots__', '__new__', '__init__',
                       '__getnewargs__', '_fields', '_field_defaults', '_make', '_replace', '_asdict',
                       '_source', '__doc__', '__static_attributes__', '__firstlineno__'}:
                continue
            if key not in nm_tpl._fields:
                setattr(nm_tpl, key, val)
        return nm_tpl


class _NamedTuple(metaclass=_NamedTupleMeta):
    pass


class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        tp_dict = type.__new__(_TypedDictMeta, name, (dict,), ns)
        annotations = {}
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
        annotations.update(ns.get('__annotations__', {}))
        tp_dict.__annotations__ = annotations
        tp_dict.__total__ = total
        tp_dict.__required_keys__ = frozenset(annotations) if total else frozenset()
        tp_dict.__optional_keys__ = frozenset() if total else frozenset(annotations)
        return tp_dict

    def __instancecheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __subclasscheck__ = __instancecheck__


def TypedDict(typename, fields=None, /, *, total=True):
    if fields is None:
        fields = {}
    ns = {'__annotations__': dict(fields)}
    return _TypedDictMeta(typename, (), ns, total=total)


def _typeddict_mro_entries(bases):
    return (_TypedDict,)


TypedDict.__mro_entries__ = _typeddict_mro_entries
_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {})

AnyStr = TypeVar('AnyStr', bytes, str)
Text = str

Hashable = _SpecialGenericAlias(_abc.Hashable, 0, name='Hashable')
Awaitable = _SpecialGenericAlias(_abc.Awaitable, 1, name='Awaitable')
Coroutine = _SpecialGenericAlias(_abc.Coroutine, 3, name='Coroutine')
AsyncIterable = _SpecialGenericAlias(_abc.AsyncIterable, 1, name='AsyncIterable')
AsyncIterator = _SpecialGenericAlias(_abc.AsyncIterator, 1, name='AsyncIterator')
Iterable = _SpecialGenericAlias(_abc.Iterable, 1, name='Iterable')
Iterator = _SpecialGenericAlias(_abc.Iterator, 1, name='Iterator')
Reversible = _SpecialGenericAlias(_abc.Reversible, 1, name='Reversible')
Sized = _SpecialGenericAlias(_abc.Sized, 0, name='Sized')
Container = _SpecialGenericAlias(_abc.Container, 1, name='Container')
Collection = _SpecialGenericAlias(_abc.Collection, 1, name='Collection')
class _CallableType(_SpecialGenericAlias):
    pass


Callable = _CallableType(_abc.Callable, 2, name='Callable')
AbstractSet = _SpecialGenericAlias(_abc.Set, 1, name='AbstractSet')
MutableSet = _SpecialGenericAlias(_abc.MutableSet, 1, name='MutableSet')
Mapping = _SpecialGenericAlias(_abc.Mapping, 2, name='Mapping')
MutableMapping = _SpecialGenericAlias(_abc.MutableMapping, 2, name='MutableMapping')
Sequence = _SpecialGenericAlias(_abc.Sequence, 1, name='Sequence')
MutableSequence = _SpecialGenericAlias(_abc.MutableSequence, 1, name='MutableSequence')
Tuple = _SpecialGenericAlias(tuple, -1, inst=False, name='Tuple')
List = _SpecialGenericAlias(list, 1, inst=False, name='List')
Deque = None
Set = _SpecialGenericAlias(set, 1, inst=False, name='Set')
FrozenSet = _SpecialGenericAlias(frozenset, 1, inst=False, name='FrozenSet')
MappingView = _SpecialGenericAlias(_abc.MappingView, 1, name='MappingView')
KeysView = _SpecialGenericAlias(_abc.KeysView, 1, name='KeysView')
ItemsView = _SpecialGenericAlias(_abc.ItemsView, 2, name='ItemsView')
ValuesView = _SpecialGenericAlias(_abc.ValuesView, 1, name='ValuesView')
Dict = _SpecialGenericAlias(dict, 2, inst=False, name='Dict')
Generator = _SpecialGenericAlias(_abc.Generator, 3, name='Generator')
AsyncGenerator = _SpecialGenericAlias(_abc.AsyncGenerator, 2, name='AsyncGenerator')
Type = _SpecialGenericAlias(type, 1, inst=False, name='Type')


def _late_collections():
    global Deque, DefaultDict, OrderedDict, Counter, ChainMap
    import collections
    Deque = _SpecialGenericAlias(collections.deque, 1, name='Deque')
    DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, name='DefaultDict')
    OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2, name='OrderedDict')
    Counter = _SpecialGenericAlias(collections.Counter, 1, name='Counter')
    ChainMap = _SpecialGenericAlias(collections.ChainMap, 2, name='ChainMap')


_late_collections()
