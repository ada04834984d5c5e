"""Enumerations: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique (CPython's enum)."""

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'ReprEnum', 'auto', 'unique',
           'property', 'verify', 'member', 'nonmember', 'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT', 'KEEP',
           'global_flag_repr', 'global_enum_repr', 'global_str', 'global_enum', 'EnumCheck', 'CONTINUOUS',
           'NAMED_FLAGS', 'UNIQUE', 'pickle_by_global_name', 'pickle_by_enum_name', 'show_flag_values',
           'EnumDict']

_builtin_property = property


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""
    _counter = 0

    def __init__(self, value=None):
        self.value = value if value is not None else _auto_null
        auto._counter += 1
        self._order = auto._counter

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


class _AutoNull:
    def __repr__(self):
        return '_auto_null'


_auto_null = _AutoNull()


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


class property(_builtin_property):
    """A property for enum members that also works for members named like the attribute."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        super().__init__(fget, fset, fdel, doc)
        self.name = None

    def __set_name__(self, owner, name):
        self.name = name


class FlagBoundary:
    pass


STRICT = 'strict'
CONFORM = 'conform'
EJECT = 'eject'
KEEP = 'keep'
CONTINUOUS = 'no skipped integer values'
NAMED_FLAGS = 'multi-flag aliases may not contain unnamed flags'
UNIQUE = 'one name per value'


class EnumCheck:
    CONTINUOUS = CONTINUOUS
    NAMED_FLAGS = NAMED_FLAGS
    UNIQUE = UNIQUE


def _is_descriptor(obj):
    return hasattr(obj, '__get__') or hasattr(obj, '__set__') or hasattr(obj, '__delete__')


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1:2] != '_' and name[-2:-1] != '_'


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name.lstrip('_'),)
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith('__')


class EnumDict(dict):
    """The class namespace of an enum: records the member names in order."""

    def __init__(self, cls_name=None):
        super().__init__()
        self._member_names = {}
        self._last_values = []
        self._ignore = []
        self._auto_called = False
        self._cls_name = cls_name
        self._generate_next_value = None

    def __setitem__(self, key, value):
        if _is_private(self._cls_name or '', key):
            pass
        elif _is_sunder(key):
            if key not in ('_order_', '_generate_next_value_', '_numeric_repr_', '_missing_', '_ignore_',
                           '_iter_member_', '_iter_member_by_value_', '_iter_member_by_def_', '_add_alias_',
                           '_add_value_alias_', '_value_', '_name_', '_sort_order_'):
                raise ValueError('_sunder_ names, such as %r, are reserved for future Enum use' % (key,))
            if key == '_generate_next_value_':
                self._generate_next_value = value.__func__ if isinstance(value, staticmethod) else value
            elif key == '_ignore_':
                if isinstance(value, str):
                    value = value.replace(',', ' ').split()
                else:
                    value = list(value)
                self._ignore = value
        elif _is_dunder(key):
            if key == '__order__':
                key = '_order_'
        elif key in self._member_names:
            raise TypeError('%r already defined as %r' % (key, self[key]))
        elif key in self._ignore:
            pass
        elif isinstance(value, nonmember):
            value = value.value
        elif _is_descriptor(value) and not isinstance(value, member):
            pass
        else:
            if key in self:
                raise TypeError('%r already defined as %r' % (key, self[key]))
            if isinstance(value, member):
                value = value.value
            if isinstance(value, auto):
                value = self._auto_value(key, value)
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(self._auto_value(key, v) if isinstance(v, auto) else v for v in value)
            self._member_names[key] = None
            self._last_values.append(value)
        super().__setitem__(key, value)

    def _auto_value(self, key, a):
        if a.value is _auto_null:
            gen = self._generate_next_value or _default_next_value
            a.value = gen(key, 1, len(self._member_names), self._last_values[:])
            self._auto_called = True
        return a.value

    @_builtin_property
    def member_names(self):
        return list(self._member_names)


def _default_next_value(name, start, count, last_values):
    if not last_values:
        return start
    last = last_values[-1]
    try:
        return last + 1
    except TypeError:
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                continue
        return start


_EnumDict = EnumDict


class EnumType(type):
    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        classdict = EnumDict(cls)
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        if first_enum is not None:
            gen = getattr(first_enum, '_generate_next_value_', None)
            if gen is not None:
                classdict._generate_next_value = gen.__func__ if hasattr(gen, '__func__') else gen
        return classdict

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        member_names = list(classdict._member_names) if isinstance(classdict, EnumDict) else []
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        members = {}
        for name in member_names:
            members[name] = classdict[name]
        body = dict(classdict)
        for name in member_names:
            del body[name]
        body['_member_names_'] = []
        body['_member_map_'] = {}
        body['_value2member_map_'] = {}
        body['_unhashable_values_'] = []
        body['_member_type_'] = member_type
        invalid = set(member_names) & {'mro', ''}
        if invalid:
            raise ValueError('invalid enum member name(s) %s' % ','.join(repr(n) for n in invalid))
        order = body.pop('_order_', None)
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        enum_class._flag_mask_ = 0
        enum_class._all_bits_ = 0
        enum_class._singles_mask_ = 0
        enum_class._boundary_ = boundary or getattr(first_enum, '_boundary_', None)
        base_enum = globals().get('Enum')
        own_new = enum_class.__dict__.get('__new__')
        if own_new is not None and base_enum is not None and own_new is not base_enum.__dict__.get('__new__'):
            type.__setattr__(enum_class, '__new_member__', own_new)
            type.__setattr__(enum_class, '__new__', base_enum.__dict__['__new__'])
        enum_class._new_member_ = getattr(enum_class, '__new_member__', None)
        if base_enum is not None and '__new__' not in enum_class.__dict__ and \
                enum_class.__new__ is not base_enum.__dict__['__new__']:
            # A data-type mix-in (int, str...) must not take over value lookup.
            type.__setattr__(enum_class, '__new__', base_enum.__dict__['__new__'])
        for name, value in members.items():
            enum_class._add_member_(name, value)
        if Flag is not None and issubclass(enum_class, Flag):
            for m in enum_class._member_map_.values():
                v = m._value_
                if isinstance(v, int):
                    enum_class._flag_mask_ |= v
                    if v and v & (v - 1) == 0:
                        enum_class._singles_mask_ |= v
            enum_class._all_bits_ = 2 ** enum_class._flag_mask_.bit_length() - 1 if enum_class._flag_mask_ else 0
        if first_enum is not None and member_type is not object:
            # A mixed-in data type must not shadow the enum's own repr and friends.
            for meth in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
                if meth in body:
                    continue
                found = getattr(enum_class, meth, None)
                if found is getattr(member_type, meth, None) or found is getattr(object, meth, None):
                    type.__setattr__(enum_class, meth, getattr(first_enum, meth))
        if order is not None:
            if isinstance(order, str):
                order = order.replace(',', ' ').split()
            if order != enum_class._member_names_:
                raise TypeError('member order does not match _order_:\n  %r\n  %r'
                                % (enum_class._member_names_, order))
        return enum_class

    def _add_member_(cls, name, value):
        member_type = cls._member_type_
        args = value if isinstance(value, tuple) else (value,)
        if member_type is tuple:
            args = (args,)
        new = cls._new_member_
        if new is not None:
            enum_member = new(cls, *args)
        elif member_type is object:
            enum_member = object.__new__(cls)
        else:
            enum_member = member_type.__new__(cls, *args)
        if '_value_' not in getattr(enum_member, '__dict__', {}):
            if member_type is object:
                enum_member._value_ = value
            else:
                try:
                    enum_member._value_ = member_type(*args)
                except Exception:
                    enum_member._value_ = value
        value = enum_member._value_
        enum_member._name_ = name
        enum_member.__objclass__ = cls
        enum_member._sort_order_ = len(cls._member_names_)
        init = getattr(cls, '__init__', None)
        if init is not None and init is not object.__init__ and init is not Enum.__init__:
            enum_member.__init__(*args)
        # an alias?
        canonical = None
        try:
            canonical = cls._value2member_map_.get(value)
        except TypeError:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    canonical = m
                    break
        if canonical is None:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    canonical = m
                    break
        if canonical is not None:
            enum_member = canonical
        else:
            cls._member_names_.append(name)
        cls._member_map_[name] = enum_member
        try:
            cls._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            cls._unhashable_values_.append(value)
        if name not in cls.__dict__ or not _is_descriptor(cls.__dict__.get(name)):
            type.__setattr__(cls, name, enum_member)

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, None
        first_enum = None
        for base in reversed(bases):
            if isinstance(base, EnumType):
                first_enum = base
                break
        if first_enum is not None and first_enum._member_names_:
            raise TypeError('%s: cannot extend %r' % (class_name, first_enum))
        member_type = object
        for chain in bases:
            for base in chain.__mro__:
                if base is object or base.__dict__.get('_enum_mixin_only_'):
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        member_type = base._member_type_
                        break
                    continue
                member_type = base
                break
            if member_type is not object:
                break
        return member_type, first_enum

    def __call__(cls, value, names=None, *values, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start,
                            boundary=boundary)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1, boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        classdict = metacls.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                gen = classdict._generate_next_value or _default_next_value
                value = gen(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        if isinstance(names, dict):
            names = names.items()
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        if module is not None:
            classdict['__module__'] = module
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __contains__(cls, value):
        if isinstance(value, cls):
            return True
        try:
            return value in cls._value2member_map_ or value in cls._unhashable_values_
        except TypeError:
            return value in cls._unhashable_values_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError('%r cannot delete member %r.' % (cls.__name__, attr))
        super().__delattr__(attr)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    @_builtin_property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError('cannot reassign member %r' % (name,))
        super().__setattr__(name, value)

    def __dir__(cls):
        return sorted(set(['__class__', '__contains__', '__doc__', '__getitem__', '__iter__', '__len__',
                           '__members__', '__module__', '__name__', '__qualname__'] + cls._member_names_))


EnumMeta = EnumType
Flag = None


class Enum(metaclass=EnumType):
    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        exc = None
        result = None
        try:
            result = cls._missing_(value)
        except Exception as e:
            exc = e
        if isinstance(result, cls):
            return result
        if Flag is not None and issubclass(cls, Flag) and result is not None and exc is None:
            return result
        ve_exc = ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        if result is None and exc is None:
            raise ve_exc
        if exc is None:
            exc = TypeError('error in %s._missing_: returned %r instead of None or a valid member'
                            % (cls.__name__, result))
        if not isinstance(exc, ValueError):
            exc.__context__ = ve_exc
        raise exc

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return _default_next_value(name, start, count, last_values)

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return '<%s.%s: %s>' % (self.__class__.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        return '%s.%s' % (self.__class__.__name__, self._name_)

    def __dir__(self):
        names = ['__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value']
        for cls in type(self).__mro__:
            for k, v in cls.__dict__.items():
                if not k.startswith('_') and k not in type(self)._member_map_:
                    names.append(k)
        return sorted(set(names))

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_


Enum._value_repr_ = None


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


def _subclassable(t):
    try:
        type('_probe', (t,), {})
        return True
    except TypeError:
        return False


class _IntValue:
    """Stands in for int as the mixed-in type where int cannot be subclassed."""
    _enum_mixin_only_ = True

    def __int__(self):
        return int(self._value_)

    def __index__(self):
        return int(self._value_)

    def __float__(self):
        return float(self._value_)

    def __eq__(self, other):
        if isinstance(other, Enum):
            return self is other or (isinstance(other, _IntValue) and self._value_ == other._value_)
        return self._value_ == other

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash(self._value_)

    def __lt__(self, other):
        return self._value_ < _plain(other)

    def __le__(self, other):
        return self._value_ <= _plain(other)

    def __gt__(self, other):
        return self._value_ > _plain(other)

    def __ge__(self, other):
        return self._value_ >= _plain(other)

    def __add__(self, other):
        return self._value_ + _plain(other)

    def __radd__(self, other):
        return _plain(other) + self._value_

    def __sub__(self, other):
        return self._value_ - _plain(other)

    def __rsub__(self, other):
        return _plain(other) - self._value_

    def __mul__(self, other):
        return self._value_ * _plain(other)

    def __rmul__(self, other):
        return _plain(other) * self._value_

    def __floordiv__(self, other):
        return self._value_ // _plain(other)

    def __truediv__(self, other):
        return self._value_ / _plain(other)

    def __mod__(self, other):
        return self._value_ % _plain(other)

    def __neg__(self):
        return -self._value_

    def __abs__(self):
        return abs(self._value_)

    def __bool__(self):
        return bool(self._value_)

    def __str__(self):
        return repr(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)


class _StrValue:
    """Stands in for str as the mixed-in type where str cannot be subclassed."""
    _enum_mixin_only_ = True

    def __eq__(self, other):
        if isinstance(other, Enum):
            return self is other
        return self._value_ == other

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash(self._value_)

    def __str__(self):
        return self._value_

    def __format__(self, spec):
        return format(self._value_, spec)

    def __len__(self):
        return len(self._value_)

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        return getattr(self._value_, name)

    def __add__(self, other):
        return self._value_ + _plain(other)

    def __radd__(self, other):
        return _plain(other) + self._value_

    def __lt__(self, other):
        return self._value_ < _plain(other)


def _plain(v):
    return v._value_ if isinstance(v, Enum) else v


_INT_BASE = int if _subclassable(int) else _IntValue
_STR_BASE = str if _subclassable(str) else _StrValue


class IntEnum(_INT_BASE, ReprEnum):
    if _INT_BASE is int:
        def __str__(self):
            return int.__repr__(self)

        def __format__(self, spec):
            return int.__format__(self, spec)


IntEnum._value_repr_ = repr


class StrEnum(_STR_BASE, ReprEnum):
    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError('%r is not a string' % (values[0],))
        value = str(*values)
        member = str.__new__(cls, value) if _STR_BASE is str else object.__new__(cls)
        member._value_ = value
        return member

    if _STR_BASE is str:
        def __str__(self):
            return str.__str__(self)

        def __format__(self, spec):
            return str.__format__(self, spec)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


StrEnum._value_repr_ = repr


def _bits(n):
    out = []
    while n:
        b = n & -n
        out.append(b)
        n ^= b
    return out


class Flag(Enum, boundary=STRICT):
    _numeric_repr_ = repr

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = last_value.bit_length() - 1
        except Exception:
            raise TypeError('invalid flag value %r' % last_value) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        flag_mask = cls._flag_mask_
        all_bits = cls._all_bits_
        neg_value = None
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        if value & ~flag_mask and cls._boundary_ in (STRICT, None) and not issubclass(cls, int):
            raise ValueError('%r invalid value %r\n    given %s\n  allowed %s'
                             % (cls, neg_value if neg_value is not None else value, bin(value), bin(flag_mask)))
        if cls._member_type_ is object or cls._member_type_ is not int:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        if not hasattr(pseudo, '_value_'):
            pseudo._value_ = value
        if value:
            members = [m for m in cls._member_map_.values()
                       if m._value_ and m._value_ & value == m._value_ and m._name_ in cls._member_names_]
            singles = [m for m in members if m._value_ & (m._value_ - 1) == 0]
            names = []
            covered = 0
            for m in sorted(singles, key=lambda m: m._sort_order_):
                names.append(m._name_)
                covered |= m._value_
            unknown = value & ~covered
            pseudo._name_ = '|'.join(names) if names else None
            if unknown and pseudo._name_ is not None:
                pseudo._name_ = None
        else:
            pseudo._name_ = None
        return cls._value2member_map_.setdefault(value, pseudo) if value & ~flag_mask == 0 else pseudo

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        for b in _bits(self._value_):
            m = self.__class__._value2member_map_.get(b)
            if m is not None and m._name_ in self.__class__._member_names_:
                yield m

    def __len__(self):
        return len(list(iter(self)))

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return '<%s: %s>' % (cls_name, v_repr(self._value_))
        return '<%s.%s: %s>' % (cls_name, self._name_, v_repr(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '%s(%r)' % (cls_name, self._value_)
        return '%s.%s' % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _get_value(self, flag):
        if isinstance(flag, self.__class__):
            return flag._value_
        if self._member_type_ is not object and isinstance(flag, self._member_type_):
            return flag
        return NotImplemented

    def __or__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | other_value)

    def __and__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & other_value)

    def __xor__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ other_value)

    def __invert__(self):
        return self.__class__(self._flag_mask_ & ~self._value_)

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


class IntFlag(_INT_BASE, ReprEnum, Flag, boundary=KEEP):
    def __str__(self):
        return repr(int(self))

    def __format__(self, spec):
        return format(int(self), spec)

    def __or__(self, other):
        if isinstance(other, int):
            return self.__class__(int(self) | int(other))
        return NotImplemented

    def __and__(self, other):
        if isinstance(other, int):
            return self.__class__(int(self) & int(other))
        return NotImplemented

    def __xor__(self, other):
        if isinstance(other, int):
            return self.__class__(int(self) ^ int(other))
        return NotImplemented

    def __invert__(self):
        return self.__class__(~int(self) & self._flag_mask_ if int(self) >= 0 else ~int(self))

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


IntFlag._value_repr_ = repr


def unique(enumeration):
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m.name:
            duplicates.append((name, m.name))
    if duplicates:
        alias_details = ', '.join(['%s -> %s' % (alias, name) for (alias, name) in duplicates])
        raise ValueError('duplicate values found in %r: %s' % (enumeration, alias_details))
    return enumeration


def verify(*checks):
    def decorator(enumeration):
        return enumeration
    return decorator


def global_enum_repr(self):
    return '%s.%s' % (self.__class__.__module__, self._name_)


def global_flag_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    if self._name_ is not None:
        return '%s.%s' % (module, self._name_)
    names = [m._name_ for m in self.__class__ if m._value_ & self._value_ == m._value_ and m._value_]
    return '|'.join('%s.%s' % (module, n) for n in names) if names else '%s.%s(%r)' % (
        module, self.__class__.__name__, self._value_)


def global_str(self):
    return self._name_


def global_enum(cls, update_str=False):
    """Make the members module globals, repr'd as module.NAME."""
    cls.__repr__ = global_flag_repr if issubclass(cls, Flag) else global_enum_repr
    if not issubclass(cls, ReprEnum) or update_str:
        cls.__str__ = global_str
    import sys
    mod = sys.modules.get(cls.__module__)
    if mod is not None:
        mod.__dict__.update(cls.__members__)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (self.__class__, self._name_)


def show_flag_values(value):
    return _bits(value)
