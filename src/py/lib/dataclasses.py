# dataclasses — @dataclass and friends (host code, see stdlib.c).
#
# Generated methods (__init__, __repr__, __eq__, ...) are compiled from
# source with _sk.host_exec, so their argument errors read exactly like
# CPython's ("Point.__init__() missing 1 required positional argument: 'y'")
# and their frames stay out of tracebacks.  Annotations are strings in this
# interpreter, so ClassVar / InitVar / KW_ONLY are recognised textually.

import _sk

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY', 'MISSING',
           'fields', 'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


FrozenInstanceError.__module__ = 'builtins'


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return f'dataclasses.InitVar[{type_name}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash', 'init', 'compare',
                 'metadata', 'kw_only', 'doc', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only, doc):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else _check_mapping(metadata)
        self.kw_only = kw_only
        self.doc = doc
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'doc={self.doc!r},'
                f'_field_type={self._field_type}'
                ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


def _check_mapping(m):
    if not hasattr(type(m), 'keys') or not hasattr(type(m), '__getitem__'):
        raise TypeError(f'mappingproxy() argument must be a mapping, not {type(m).__name__}')
    return m


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen', 'match_args', 'kw_only', 'slots',
                 'weakref_slot')

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen
        self.match_args = match_args
        self.kw_only = kw_only
        self.slots = slots
        self.weakref_slot = weakref_slot

    def __repr__(self):
        return ('_DataclassParams('
                f'init={self.init!r},repr={self.repr!r},eq={self.eq!r},order={self.order!r},'
                f'unsafe_hash={self.unsafe_hash!r},frozen={self.frozen!r},match_args={self.match_args!r},'
                f'kw_only={self.kw_only!r},slots={self.slots!r},weakref_slot={self.weakref_slot!r})')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING, doc=None):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only, doc)


def _fields_in_init_order(fields):
    return (tuple(f for f in fields if f.init and not f.kw_only),
            tuple(f for f in fields if f.init and f.kw_only))


def _tuple_str(obj_name, fields):
    if not fields:
        return '()'
    return f'({",".join([f"{obj_name}.{f.name}" for f in fields])},)'


def _annotation_kind(annotation, cls):
    # textual recognition of ClassVar / InitVar / KW_ONLY
    if not isinstance(annotation, str):
        if annotation is KW_ONLY:
            return 'kw_only'
        if isinstance(annotation, InitVar) or annotation is InitVar:
            return 'initvar'
        return None
    a = annotation.strip()
    head = a.split('[', 1)[0].strip()
    last = head.rsplit('.', 1)[-1].strip()
    if last == 'ClassVar':
        return 'classvar'
    if last == 'InitVar':
        return 'initvar'
    if last == 'KW_ONLY':
        return 'kw_only'
    return None


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    kind = _annotation_kind(a_type, cls)
    if kind == 'classvar':
        f._field_type = _FIELD_CLASSVAR
    elif kind == 'initvar':
        f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a default factory')
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError(f'field {f.name} is a ClassVar but specifies kw_only')
    if f._field_type is _FIELD and f.default.__class__.__hash__ is None:
        raise ValueError(f'mutable default {type(f.default)} for field {f.name} is not allowed: use default_factory')
    return f


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _compile(name, args, body, globals, locals, return_type=MISSING, qualname=None):
    args_s = ','.join(args)
    body_s = '\n'.join(f'  {b}' for b in body) if body else '  pass'
    local_vars = ', '.join(locals.keys())
    txt = f' def {name}({args_s}):\n{body_s}'
    src = f'def __create_fn__({local_vars}):\n{txt}\n return {name}\n'
    ns = dict(globals)
    _sk.host_exec(src, ns)
    fn = ns['__create_fn__'](**locals)
    if qualname is not None:
        fn.__qualname__ = qualname
    return fn


def _field_assign(frozen, name, value, self_name):
    if frozen:
        return f'__dataclass_builtins_object__.__setattr__({self_name},{name!r},{value})'
    return f'{self_name}.{name}={value}'


def _field_init(f, frozen, globals, self_name, slots):
    default_name = f'__dataclass_dflt_{f.name}__'
    if f.default_factory is not MISSING:
        if f.init:
            globals[default_name] = f.default_factory
            value = f'{default_name}() if {f.name} is __dataclass_HAS_DEFAULT_FACTORY__ else {f.name}'
        else:
            globals[default_name] = f.default_factory
            value = f'{default_name}()'
    else:
        if f.init:
            if f.default is MISSING:
                value = f.name
            else:
                globals[default_name] = f.default
                value = f.name
        else:
            if slots and f.default is not MISSING:
                globals[default_name] = f.default
                value = default_name
            else:
                return None
    if f._field_type is _FIELD_INITVAR:
        return None
    return _field_assign(frozen, f.name, value, self_name)


def _init_param(f):
    if f.default is MISSING and f.default_factory is MISSING:
        default = ''
    elif f.default is not MISSING:
        default = f'=__dataclass_dflt_{f.name}__'
    else:
        default = '=__dataclass_HAS_DEFAULT_FACTORY__'
    return f'{f.name}{default}'


def _init_fn(fields, std_fields, kw_only_fields, frozen, has_post_init, self_name, globals, slots, qualname):
    seen_default = None
    for f in std_fields:
        if f.init:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = f
            elif seen_default:
                raise TypeError(f'non-default argument {f.name!r} follows default argument {seen_default.name!r}')
    locals = {'__dataclass_HAS_DEFAULT_FACTORY__': _HAS_DEFAULT_FACTORY,
              '__dataclass_builtins_object__': object}
    for f in fields:
        if f.init and f.default is not MISSING:
            locals[f'__dataclass_dflt_{f.name}__'] = f.default
    body_lines = []
    g = {}
    for f in fields:
        line = _field_init(f, frozen, g, self_name, slots)
        if line:
            body_lines.append(line)
    locals.update(g)
    if has_post_init:
        params_str = ','.join(f.name for f in fields if f._field_type is _FIELD_INITVAR)
        body_lines.append(f'{self_name}.{_POST_INIT_NAME}({params_str})')
    if not body_lines:
        body_lines = ['pass']
    _init_params = [_init_param(f) for f in std_fields]
    if kw_only_fields:
        _init_params += ['*']
        _init_params += [_init_param(f) for f in kw_only_fields]
    return _compile('__init__', [self_name] + _init_params, body_lines, globals, locals,
                    qualname=f'{qualname}.__init__')


def _recursive_repr(user_function):
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            result = user_function(self)
        finally:
            running.discard(key)
        return result
    return wrapper


def _repr_fn(fields, globals, qualname):
    body = 'return self.__class__.__qualname__ + f"(' + ', '.join(
        [f'{f.name}={{self.{f.name}!r}}' for f in fields]) + ')"'
    fn = _compile('__repr__', ('self',), [body], globals, {}, qualname=f'{qualname}.__repr__')
    w = _recursive_repr(fn)
    w.__qualname__ = f'{qualname}.__repr__'
    w.__name__ = '__repr__'
    return w


def _frozen_get_del_attr(cls, fields, globals):
    locals = {'cls': cls, 'FrozenInstanceError': FrozenInstanceError}
    condition = 'type(self) is cls'
    if fields:
        condition += ' or name in {' + ', '.join(repr(f.name) for f in fields) + '}'
    setattr_fn = _compile('__setattr__', ('self', 'name', 'value'),
                          (f'if {condition}:',
                           ' raise FrozenInstanceError(f"cannot assign to field {name!r}")',
                           'super(cls, self).__setattr__(name, value)'),
                          globals, locals, qualname=f'{cls.__qualname__}.__setattr__')
    delattr_fn = _compile('__delattr__', ('self', 'name'),
                          (f'if {condition}:',
                           ' raise FrozenInstanceError(f"cannot delete field {name!r}")',
                           'super(cls, self).__delattr__(name)'),
                          globals, locals, qualname=f'{cls.__qualname__}.__delattr__')
    return setattr_fn, delattr_fn


def _cmp_fn(name, op, self_tuple, other_tuple, globals, qualname):
    return _compile(name, ('self', 'other'),
                    ['if other.__class__ is self.__class__:',
                     f' return {self_tuple}{op}{other_tuple}',
                     'return NotImplemented'],
                    globals, {}, qualname=f'{qualname}.{name}')


def _eq_fn(fields, globals, qualname):
    if fields:
        terms = ' and '.join(f'self.{f.name}==other.{f.name}' for f in fields)
    else:
        terms = 'True'
    return _compile('__eq__', ('self', 'other'),
                    ['if self is other:', ' return True',
                     'if other.__class__ is self.__class__:',
                     f' return {terms}',
                     'return NotImplemented'],
                    globals, {}, qualname=f'{qualname}.__eq__')


def _hash_fn(fields, globals, qualname):
    self_tuple = _tuple_str('self', fields)
    return _compile('__hash__', ('self',), [f'return hash({self_tuple})'], globals, {},
                    qualname=f'{qualname}.__hash__')


def _hash_set_none(cls, fields, globals):
    return None


def _hash_add(cls, fields, globals):
    flds = [f for f in fields if (f.compare if f.hash is None else f.hash)]
    return _hash_fn(flds, globals, cls.__qualname__)


def _hash_exception(cls, fields, globals):
    raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')


# (unsafe_hash, eq, frozen, has explicit __hash__) -> action
_hash_action = {(False, False, False, False): None,
                (False, False, False, True): None,
                (False, False, True, False): None,
                (False, False, True, True): None,
                (False, True, False, False): _hash_set_none,
                (False, True, False, True): None,
                (False, True, True, False): _hash_add,
                (False, True, True, True): None,
                (True, False, False, False): _hash_add,
                (True, False, False, True): _hash_exception,
                (True, False, True, False): _hash_add,
                (True, False, True, True): _hash_exception,
                (True, True, False, False): _hash_add,
                (True, True, False, True): _hash_exception,
                (True, True, True, False): _hash_add,
                (True, True, True, True): _hash_exception}


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot):
    fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only,
                                           slots, weakref_slot))
    any_frozen_base = False
    all_frozen_bases = None
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = b.__dict__.get(_FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if all_frozen_bases is None:
                all_frozen_bases = True
            current_frozen = getattr(b, _PARAMS).frozen
            all_frozen_bases = all_frozen_bases and current_frozen
            any_frozen_base = any_frozen_base or current_frozen
    cls_annotations = cls.__dict__.get('__annotations__', {})
    cls_fields = []
    KW_ONLY_seen = False
    for name, type in cls_annotations.items():
        if _annotation_kind(type, cls) == 'kw_only':
            if KW_ONLY_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY has already been specified')
            KW_ONLY_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, type, kw_only))
    for f in cls_fields:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')
    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if all_frozen_bases is False and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')
    setattr(cls, _FIELDS, fields)
    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))
    if order and not eq:
        raise ValueError('eq must be true if order is true')
    all_init_fields = [f for f in fields.values() if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)
    globals = {}
    qualname = cls.__qualname__
    if init:
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        _set_new_attribute(cls, '__init__',
                           _init_fn(all_init_fields, std_init_fields, kw_only_init_fields, frozen, has_post_init,
                                    '__dataclass_self__' if 'self' in fields else 'self', globals, slots,
                                    qualname))
    field_list = [f for f in fields.values() if f._field_type is _FIELD]
    if repr:
        flds = [f for f in field_list if f.repr]
        _set_new_attribute(cls, '__repr__', _repr_fn(flds, globals, qualname))
    if eq:
        cmp_fields = [f for f in field_list if f.compare]
        _set_new_attribute(cls, '__eq__', _eq_fn(cmp_fields, globals, qualname))
    if order:
        flds = [f for f in field_list if f.compare]
        self_tuple = _tuple_str('self', flds)
        other_tuple = _tuple_str('other', flds)
        for name, op in [('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')]:
            if _set_new_attribute(cls, name, _cmp_fn(name, op, self_tuple, other_tuple, globals, qualname)):
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. '
                                f'Consider using functools.total_ordering')
    if frozen:
        for fn in _frozen_get_del_attr(cls, field_list, globals):
            if _set_new_attribute(cls, fn.__name__, fn):
                raise TypeError(f'Cannot overwrite attribute {fn.__name__} in class {cls.__name__}')
    hash_action = _hash_action[bool(unsafe_hash), bool(eq), bool(frozen), has_explicit_hash]
    if hash_action:
        cls.__hash__ = hash_action(cls, field_list, globals)
    if not getattr(cls, '__doc__'):
        try:
            text_sig = '(' + ', '.join(f'{f.name}: {f.type}' if isinstance(f.type, str) else f.name
                                       for f in all_init_fields) + ')'
        except Exception:
            text_sig = ''
        cls.__doc__ = cls.__name__ + text_sig
    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple(f.name for f in std_init_fields))
    if weakref_slot and not slots:
        raise TypeError('weakref_slot is True but slots is False')
    if slots:
        cls = _add_slots(cls, frozen, weakref_slot)
    return cls


def _add_slots(cls, is_frozen, weakref_slot):
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in fields(cls))
    inherited = set()
    for b in cls.__mro__[1:-1]:
        for s in b.__dict__.get('__slots__', ()):
            inherited.add(s)
    cls_dict['__slots__'] = tuple(n for n in field_names if n not in inherited)
    for field_name in field_names:
        cls_dict.pop(field_name, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    newcls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        newcls.__qualname__ = qualname
    for name in ('__setattr__', '__delattr__'):
        fn = newcls.__dict__.get(name)
        if fn is not None and is_frozen:
            pass
    return newcls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        if not isinstance(cls, type):
            raise TypeError(f"dataclass() should be called on a class, not '{type(cls).__name__}'")
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots,
                              weakref_slot)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


_ATOMIC_TYPES = frozenset({int, float, bool, str, bytes, type(None)})


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if type(obj) in _ATOMIC_TYPES:
        return obj
    if _is_dataclass_instance(obj):
        if dict_factory is dict:
            return {f.name: _asdict_inner(getattr(obj, f.name), dict) for f in fields(obj)}
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        if hasattr(type(obj), 'default_factory'):
            result = type(obj)(obj.default_factory)
            for k, v in obj.items():
                result[_asdict_inner(k, dict_factory)] = _asdict_inner(v, dict_factory)
            return result
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items())
    return obj


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items())
    return obj


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise TypeError(f'field {f.name} is declared with init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise TypeError(f"InitVar {f.name!r} must be specified with replace()")
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    if namespace is None:
        namespace = {}
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            defaults[name] = spec
        annotations[name] = tp
    ns = dict(namespace)
    ns.update(defaults)
    ns['__annotations__'] = annotations
    if module is None:
        g = _sk.caller_globals()
        module = g.get('__name__', '__main__') if g is not None else '__main__'
    ns['__module__'] = module
    cls = type(cls_name, bases, ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)
