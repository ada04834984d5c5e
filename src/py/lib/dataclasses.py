# dataclasses — the @dataclass decorator and its helpers (host code, see
# stdlib.c).
#
# The special methods a dataclass gets are generated as Python source text
# and compiled with _sk.host_exec: that way a bad call to __init__ reports
# "C.__init__() missing 1 required positional argument: 'y'" exactly as
# CPython does, and the generated frames stay out of tracebacks.  This
# interpreter keeps annotations as strings, so ClassVar, InitVar and KW_ONLY
# are recognised by looking at the annotation text.

import _sk

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY', 'MISSING',
           'fields', 'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


FrozenInstanceError.__module__ = 'builtins'


class _Sentinel:
    """A unique marker object with a fixed repr (or the default one)."""
    __slots__ = ('_text',)

    def __init__(self, text=None):
        self._text = text

    def __repr__(self):
        if self._text is None:
            return object.__repr__(self)
        return self._text


MISSING = _Sentinel()          # "no value given"
_FACTORY_MARK = _Sentinel('<factory>')   # __init__ default when a factory is used
KW_ONLY = _Sentinel()

# What a class annotation declares.
_PLAIN = _Sentinel('_FIELD')
_CLASSVAR = _Sentinel('_FIELD_CLASSVAR')
_INITVAR = _Sentinel('_FIELD_INITVAR')

_FIELDS_ATTR = '__dataclass_fields__'
_PARAMS_ATTR = '__dataclass_params__'


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        t = self.type
        shown = t.__name__ if isinstance(t, type) else repr(t)
        return 'dataclasses.InitVar[' + shown + ']'

    def __class_getitem__(cls, tp):
        return InitVar(tp)


_FIELD_SLOTS = ('name', 'type', 'default', 'default_factory', 'init', 'repr', 'hash', 'compare',
                'metadata', 'kw_only', 'doc', '_field_type')


class Field:
    __slots__ = _FIELD_SLOTS

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only, doc):
        self.name = self.type = self._field_type = None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.hash, self.compare = init, repr, hash, compare
        if metadata is None:
            metadata = {}
        elif not (hasattr(type(metadata), 'keys') and hasattr(type(metadata), '__getitem__')):
            raise TypeError('mappingproxy() argument must be a mapping, not ' + type(metadata).__name__)
        self.metadata = metadata
        self.kw_only, self.doc = kw_only, doc

    def __repr__(self):
        parts = [k + '=' + repr(getattr(self, k)) for k in _FIELD_SLOTS[:-1]]
        parts.append('_field_type=' + str(self._field_type))
        return 'Field(' + ','.join(parts) + ')'

    def __set_name__(self, owner, name):
        # forward to a descriptor used as the default value
        hook = getattr(type(self.default), '__set_name__', None)
        if hook:
            hook(self.default, owner, name)


_OPTION_NAMES = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen', 'match_args', 'kw_only',
                 'slots', 'weakref_slot')


class _DataclassParams:
    __slots__ = _OPTION_NAMES

    def __init__(self, *values):
        for k, v in zip(_OPTION_NAMES, values):
            setattr(self, k, v)

    def __repr__(self):
        body = ','.join(k + '=' + repr(getattr(self, k)) for k in _OPTION_NAMES)
        return '_DataclassParams(' + body + ')'


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING, doc=None):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only, doc)


def _kind_of(ann):
    """Classify an annotation: 'kw_only', 'classvar', 'initvar' or None."""
    if isinstance(ann, str):
        head = ann.strip().partition('[')[0].strip()
        word = head.rpartition('.')[2].strip()
        return {'ClassVar': 'classvar', 'InitVar': 'initvar', 'KW_ONLY': 'kw_only'}.get(word)
    if ann is KW_ONLY:
        return 'kw_only'
    if ann is InitVar or isinstance(ann, InitVar):
        return 'initvar'
    return None


def _has_default(f):
    return f.default is not MISSING or f.default_factory is not MISSING


def _make_field(cls, name, ann, kw_default):
    value = getattr(cls, name, MISSING)
    f = value if isinstance(value, Field) else field(default=value)
    f.name, f.type = name, ann
    kind = _kind_of(ann)
    f._field_type = {'classvar': _CLASSVAR, 'initvar': _INITVAR}.get(kind, _PLAIN)
    if f._field_type is not _PLAIN and f.default_factory is not MISSING:
        raise TypeError(f'field {name} cannot have a default factory')
    if f._field_type is _CLASSVAR:
        if f.kw_only is not MISSING:
            raise TypeError(f'field {name} is a ClassVar but specifies kw_only')
    elif f.kw_only is MISSING:
        f.kw_only = kw_default
    if f._field_type is _PLAIN and type(f.default).__hash__ is None:
        raise ValueError(f'mutable default {type(f.default)} for field {name} is not allowed: '
                         'use default_factory')
    return f


# ---- source generation -------------------------------------------------

def _build(cls, name, params, lines, env):
    """Compile `def name(params): lines` with env as its globals."""
    text = 'def ' + name + '(' + ', '.join(params) + '):\n'
    text += ''.join('    ' + ln + '\n' for ln in (lines or ['pass']))
    space = dict(env)
    _sk.host_exec(text, space)
    fn = space[name]
    fn.__qualname__ = cls.__qualname__ + '.' + name
    return fn


def _install(cls, name, value):
    """Set cls.name unless the class body defined it; True if it was there."""
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _gen_init(cls, all_fields, frozen, slots):
    positional = [f for f in all_fields if f.init and not f.kw_only]
    keyword = [f for f in all_fields if f.init and f.kw_only]
    prev = None
    for f in positional:
        if _has_default(f):
            prev = f
        elif prev is not None:
            raise TypeError(f'non-default argument {f.name!r} follows default argument {prev.name!r}')
    me = '__dataclass_self__' if any(f.name == 'self' for f in all_fields) else 'self'
    env = {'__dc_object': object, '__dc_factory_mark': _FACTORY_MARK}
    body = []

    def store(fname, expr):
        if frozen:
            body.append(f'__dc_object.__setattr__({me}, {fname!r}, {expr})')
        else:
            body.append(f'{me}.{fname} = {expr}')

    for f in all_fields:
        slot = '__dc_d_' + f.name
        if f.default_factory is not MISSING:
            env[slot] = f.default_factory
            expr = (f'{slot}() if {f.name} is __dc_factory_mark else {f.name}' if f.init
                    else slot + '()')
        elif f.init:
            if f.default is not MISSING:
                env[slot] = f.default
            expr = f.name
        elif slots and f.default is not MISSING:
            env[slot] = f.default
            expr = slot
        else:
            continue
        if f._field_type is not _INITVAR:
            store(f.name, expr)
    if hasattr(cls, '__post_init__'):
        extra = ', '.join(f.name for f in all_fields if f._field_type is _INITVAR)
        body.append(f'{me}.__post_init__({extra})')

    def param(f):
        if f.default_factory is not MISSING:
            return f.name + '=__dc_factory_mark'
        if f.default is not MISSING:
            return f.name + '=__dc_d_' + f.name
        return f.name

    params = [me] + [param(f) for f in positional]
    if keyword:
        params += ['*'] + [param(f) for f in keyword]
    return _build(cls, '__init__', params, body, env)


def _guard_recursion(inner):
    busy = set()

    def __repr__(self):
        key = id(self)
        if key in busy:
            return '...'
        busy.add(key)
        try:
            return inner(self)
        finally:
            busy.discard(key)
    __repr__.__qualname__ = inner.__qualname__
    return __repr__


def _gen_repr(cls, shown):
    inner = ', '.join(f'{f.name}={{self.{f.name}!r}}' for f in shown)
    line = 'return self.__class__.__qualname__ + f"(' + inner + ')"'
    return _guard_recursion(_build(cls, '__repr__', ['self'], [line], {}))


def _gen_eq(cls, cmp):
    test = ' and '.join(f'self.{f.name} == other.{f.name}' for f in cmp) or 'True'
    return _build(cls, '__eq__', ['self', 'other'],
                  ['if self is other: return True',
                   'if other.__class__ is not self.__class__: return NotImplemented',
                   'return ' + test], {})


def _as_tuple_text(who, flds):
    return '(' + ''.join(f'{who}.{f.name},' for f in flds) + ')'


def _gen_order(cls, cmp):
    mine, theirs = _as_tuple_text('self', cmp), _as_tuple_text('other', cmp)
    for name, op in (('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')):
        fn = _build(cls, name, ['self', 'other'],
                    ['if other.__class__ is not self.__class__: return NotImplemented',
                     f'return {mine} {op} {theirs}'], {})
        if _install(cls, name, fn):
            raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__} '
                            'Consider using functools.total_ordering')


def _gen_frozen(cls, flds):
    names = '(' + ''.join(repr(f.name) + ',' for f in flds) + ')'
    env = {'__dc_cls': cls, '__dc_err': FrozenInstanceError}
    check = f'if type(self) is __dc_cls or name in {names}:'
    set_fn = _build(cls, '__setattr__', ['self', 'name', 'value'],
                    [check, '    raise __dc_err(f"cannot assign to field {name!r}")',
                     'super(__dc_cls, self).__setattr__(name, value)'], env)
    del_fn = _build(cls, '__delattr__', ['self', 'name'],
                    [check, '    raise __dc_err(f"cannot delete field {name!r}")',
                     'super(__dc_cls, self).__delattr__(name)'], env)
    for fn in (set_fn, del_fn):
        if _install(cls, fn.__name__, fn):
            raise TypeError(f'Cannot overwrite attribute {fn.__name__} in class {cls.__name__}')


def _hash_plan(unsafe_hash, eq, frozen, explicit):
    """'add' (generate __hash__), 'none' (set it to None) or None (leave)."""
    if unsafe_hash:
        return 'raise' if explicit else 'add'
    if explicit or not eq:
        return None
    return 'add' if frozen else 'none'


# ---- the decorator -----------------------------------------------------

def _process(cls, opts):
    (init, repr_, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot) = opts
    setattr(cls, _PARAMS_ATTR, _DataclassParams(*opts))
    table = {}
    base_frozen = []
    for base in reversed(cls.__mro__[1:]):
        inherited = base.__dict__.get(_FIELDS_ATTR)
        if inherited is None:
            continue
        table.update((f.name, f) for f in inherited.values())
        base_frozen.append(getattr(base, _PARAMS_ATTR).frozen)

    annotations = cls.__dict__.get('__annotations__', {})
    own = []
    marker_seen = False
    for name, ann in annotations.items():
        if _kind_of(ann) == 'kw_only':
            if marker_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY has already been specified')
            marker_seen = kw_only = True
            continue
        own.append(_make_field(cls, name, ann, kw_only))
    for f in own:
        table[f.name] = f
        # a field() object in the class body is replaced by its plain default
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name in cls.__dict__:
        if name not in annotations and isinstance(cls.__dict__[name], Field):
            raise TypeError(f'{name!r} is a field but has no type annotation')
    if base_frozen:
        if not frozen and any(base_frozen):
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if frozen and not all(base_frozen):
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')
    setattr(cls, _FIELDS_ATTR, table)

    own_hash = cls.__dict__.get('__hash__', MISSING)
    explicit_hash = own_hash is not MISSING and not (own_hash is None and '__eq__' in cls.__dict__)
    if order and not eq:
        raise ValueError('eq must be true if order is true')

    init_fields = [f for f in table.values() if f._field_type is not _CLASSVAR]
    real = [f for f in table.values() if f._field_type is _PLAIN]
    cmp = [f for f in real if f.compare]
    if init:
        _install(cls, '__init__', _gen_init(cls, init_fields, frozen, slots))
    if repr_:
        _install(cls, '__repr__', _gen_repr(cls, [f for f in real if f.repr]))
    if eq:
        _install(cls, '__eq__', _gen_eq(cls, cmp))
    if order:
        _gen_order(cls, cmp)
    if frozen:
        _gen_frozen(cls, real)
    plan = _hash_plan(bool(unsafe_hash), bool(eq), bool(frozen), explicit_hash)
    if plan == 'raise':
        raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')
    if plan == 'none':
        cls.__hash__ = None
    elif plan == 'add':
        hashed = [f for f in real if (f.compare if f.hash is None else f.hash)]
        cls.__hash__ = _build(cls, '__hash__', ['self'],
                              ['return hash(' + _as_tuple_text('self', hashed) + ')'], {})
    if not cls.__doc__:
        sig = ', '.join(_sig_part(f) for f in init_fields)
        cls.__doc__ = f'{cls.__name__}({sig})'
    if match_args:
        _install(cls, '__match_args__',
                 tuple(f.name for f in init_fields if f.init and not f.kw_only))
    if weakref_slot and not slots:
        raise TypeError('weakref_slot is True but slots is False')
    if slots:
        cls = _rebuild_with_slots(cls)
    return cls


def _sig_part(f):
    text = f'{f.name}: {f.type}' if isinstance(f.type, str) else f.name
    if f.default_factory is not MISSING:
        return text + ' = <factory>'
    if f.default is not MISSING:
        return text + ' = ' + repr(f.default)
    return text


def _rebuild_with_slots(cls):
    names = [f.name for f in fields(cls)]
    taken = set()
    for base in cls.__mro__[1:-1]:
        taken.update(base.__dict__.get('__slots__', ()))
    ns = {k: v for k, v in cls.__dict__.items()
          if k not in names and k not in ('__dict__', '__weakref__')}
    ns['__slots__'] = tuple(n for n in names if n not in taken)
    fresh = type(cls)(cls.__name__, cls.__bases__, ns)
    fresh.__qualname__ = cls.__qualname__
    return fresh


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    opts = (init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot)

    # the returned decorator is observable: CPython names it wrap(cls)
    def wrap(cls):
        if not isinstance(cls, type):
            raise TypeError(f"dataclass() should be called on a class, not '{type(cls).__name__}'")
        return _process(cls, opts)
    return wrap if cls is None else wrap(cls)


# ---- introspection and conversion ----------------------------------------

def fields(class_or_instance):
    try:
        table = getattr(class_or_instance, _FIELDS_ATTR)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in table.values() if f._field_type is _PLAIN)


def _is_instance(obj):
    return hasattr(type(obj), _FIELDS_ATTR)


def is_dataclass(obj):
    return hasattr(obj if isinstance(obj, type) else type(obj), _FIELDS_ATTR)


_SCALARS = (int, float, bool, str, bytes, type(None))


def _convert(obj, make_record):
    """Recursively turn dataclass instances inside obj into records."""
    if type(obj) in _SCALARS:
        return obj
    if _is_instance(obj):
        return make_record(obj)
    kind = type(obj)
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return kind(*[_convert(x, make_record) for x in obj])
    if isinstance(obj, (list, tuple)):
        return kind(_convert(x, make_record) for x in obj)
    if isinstance(obj, dict):
        pairs = [(_convert(k, make_record), _convert(v, make_record)) for k, v in obj.items()]
        if hasattr(obj, 'default_factory'):     # defaultdict keeps its factory
            out = kind(obj.default_factory)
            out.update(pairs)
            return out
        return kind(pairs)
    return obj


def asdict(obj, *, dict_factory=dict):
    if not _is_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')

    def record(inst):
        return dict_factory([(f.name, _convert(getattr(inst, f.name), record)) for f in fields(inst)])
    return record(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')

    def record(inst):
        return tuple_factory([_convert(getattr(inst, f.name), record) for f in fields(inst)])
    return record(obj)


def replace(obj, /, **changes):
    if not _is_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS_ATTR).values():
        if f._field_type is _CLASSVAR:
            continue
        given = f.name in changes
        if not f.init:
            if given:
                raise TypeError(f'field {f.name} is declared with init=False, '
                                'it cannot be specified with replace()')
        elif not given:
            if f._field_type is _INITVAR and f.default is MISSING:
                raise TypeError(f"InitVar {f.name!r} must be specified with replace()")
            changes[f.name] = getattr(obj, f.name)
    rebuild = obj.__class__
    return rebuild(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    ns = dict(namespace or {})
    anns = {}
    for spec in fields:
        if isinstance(spec, str):
            anns[spec] = 'typing.Any'
            continue
        anns[spec[0]] = spec[1]
        if len(spec) > 2:
            ns[spec[0]] = spec[2]
    ns['__annotations__'] = anns
    if module is None:
        caller = _sk.caller_globals()
        module = '__main__' if caller is None else caller.get('__name__', '__main__')
    ns['__module__'] = module
    return dataclass(type(cls_name, bases, ns), init=init, repr=repr, eq=eq, order=order,
                     unsafe_hash=unsafe_hash, frozen=frozen, match_args=match_args, kw_only=kw_only,
                     slots=slots, weakref_slot=weakref_slot)
