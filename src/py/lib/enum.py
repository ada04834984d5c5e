"""enum for Sandkiste: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique and friends."""

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'ReprEnum', 'auto', 'unique',
           'property', 'verify', 'member', 'nonmember', 'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT', 'KEEP',
           'global_flag_repr', 'global_enum_repr', 'global_str', 'global_enum', 'EnumCheck', 'CONTINUOUS',
           'NAMED_FLAGS', 'UNIQUE', 'pickle_by_global_name', 'pickle_by_enum_name', 'show_flag_values',
           'EnumDict']

import _sk

_pyproperty = property      # the builtin; the name is rebound below


class _Pending:
    # the value of an auto() that has not been resolved yet
    def __repr__(self):
        return '_auto_null'


_auto_null = _Pending()


class auto:
    def __init__(self, value=None):
        self.value = _auto_null if value is None else value

    def __repr__(self):
        return f'auto({self.value!r})'


class member:
    # force a value (e.g. a function) to become a member
    def __init__(self, value):
        self.value = value


class nonmember:
    # keep a value out of the members
    def __init__(self, value):
        self.value = value


class property(_pyproperty):
    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        _pyproperty.__init__(self, fget, fset, fdel, doc)
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


def _has_get_set_or_delete(obj):
    return any(hasattr(obj, m) for m in ('__get__', '__set__', '__delete__'))


def _name_kind(owner, key):
    # 'private' (_Owner__x), 'dunder' (__x__), 'sunder' (_x_) or '' (a candidate member)
    mangled = '_' + owner.lstrip('_') + '__'
    if key.startswith(mangled) and len(key) > len(mangled) and not key.endswith('__'):
        return 'private'
    n = len(key)
    if n > 4 and key.startswith('__') and key.endswith('__') and key[2] != '_' and key[-3] != '_':
        return 'dunder'
    if n > 2 and key[0] == '_' and key[-1] == '_' and key[1] != '_' and key[-2] != '_':
        return 'sunder'
    return ''


_RESERVED_SUNDERS = frozenset((
    '_order_', '_generate_next_value_', '_numeric_repr_', '_missing_', '_ignore_', '_iter_member_',
    '_iter_member_by_value_', '_iter_member_by_def_', '_add_alias_', '_add_value_alias_', '_value_',
    '_name_', '_sort_order_'))


def _names_list(spec):
    if isinstance(spec, str):
        return spec.replace(',', ' ').split()
    return list(spec)


def _after(name, start, count, last_values):
    # default auto(): one more than the latest value that supports + 1
    for prev in last_values[::-1]:
        try:
            return prev + 1
        except TypeError:
            pass
    return start


class EnumDict(dict):
    """Namespace of an enum class body; remembers the member names in order."""

    def __init__(self, cls_name=None):
        dict.__init__(self)
        self._cls_name = cls_name
        self._seen_names = {}
        self._seen_values = []
        self._ignore = []
        self._auto_called = False
        self._generate_next_value = None

    def __setitem__(self, key, value):
        kind = _name_kind(self._cls_name or '', key)
        if kind == 'sunder':
            if key not in _RESERVED_SUNDERS:
                raise ValueError(f'_sunder_ names, such as {key!r}, are reserved for future Enum use')
            if key == '_ignore_':
                value = _names_list(value)
                self._ignore = value
            elif key == '_generate_next_value_':
                self._generate_next_value = value.__func__ if isinstance(value, staticmethod) else value
        elif kind == 'dunder':
            if key == '__order__':
                key = '_order_'
        elif kind == '':
            value = self._candidate(key, value)
        super().__setitem__(key, value)

    def _candidate(self, key, value):
        # returns what the namespace stores; records the name if it is a member
        if key in self._seen_names:
            raise TypeError(f'{key!r} already defined as {self[key]!r}')
        if key in self._ignore:
            return value
        if isinstance(value, nonmember):
            return value.value
        if isinstance(value, member):
            value = value.value
        elif _has_get_set_or_delete(value):
            return value
        if key in self:
            raise TypeError(f'{key!r} already defined as {self[key]!r}')
        # every auto() value joins last_values; so does a value without any auto()
        if isinstance(value, auto):
            value = self._resolve(key, value)
        elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
            value = tuple(self._resolve(key, v) if isinstance(v, auto) else v for v in value)
        else:
            self._seen_values.append(value)
        self._seen_names[key] = None
        return value

    def _resolve(self, key, a):
        if a.value is _auto_null:
            make = self._generate_next_value or _after
            a.value = make(key, 1, len(self._seen_names), list(self._seen_values))
            self._auto_called = True
        self._seen_values.append(a.value)
        return a.value

    @_pyproperty
    def member_names(self):
        return [*self._seen_names]


_EnumDict = EnumDict


def _enum_bases(class_name, bases):
    # (data type mixed in, last Enum base) for a new enum class
    last_enum = None
    for b in bases[::-1]:
        if isinstance(b, EnumType):
            last_enum = b
            break
    if last_enum is not None and last_enum._member_names_:
        raise TypeError(f'{class_name}: cannot extend {last_enum!r}')
    for b in bases:
        for k in b.__mro__:
            if k is object:
                continue
            if not isinstance(k, EnumType):
                return k, last_enum
            if k._member_type_ is not object:
                return k._member_type_, last_enum
    return object, last_enum


def _same_value(cls, value):
    # the member whose value equals value, or None
    try:
        hit = cls._value2member_map_.get(value)
    except TypeError:
        hit = None
    if hit is not None:
        return hit
    for m in [*cls._member_map_.values()]:
        if m._value_ == value:
            return m
    return None


def _new_member(cls, name, value):
    data = cls._member_type_
    args = value if isinstance(value, tuple) else (value,)
    if data is tuple:
        args = (args,)
    maker = cls._new_member_
    if maker is not None:
        obj = maker(cls, *args)
    elif data is object:
        obj = object.__new__(cls)
    else:
        obj = data.__new__(cls, *args)
    if '_value_' not in getattr(obj, '__dict__', {}):
        if data is object:
            obj._value_ = value
        else:
            try:
                obj._value_ = data(*args)
            except Exception:
                obj._value_ = value
    value = obj._value_
    obj._name_ = name
    obj.__objclass__ = cls
    obj._sort_order_ = len(cls._member_names_)
    init = getattr(cls, '__init__', None)
    if init is not None and init is not object.__init__ and init is not _ROOT_INIT[0]:
        obj.__init__(*args)
    first = _same_value(cls, value)
    if first is not None:
        obj = first                 # an alias of an earlier member
    elif not _flag_alias(cls, value):
        cls._member_names_.append(name)
    cls._member_map_[name] = obj
    try:
        cls._value2member_map_.setdefault(value, obj)
    except TypeError:
        cls._unhashable_values_ += [value]
    if not _has_get_set_or_delete(cls.__dict__.get(name)):
        type.__setattr__(cls, name, obj)


def _flag_alias(cls, value):
    # in a Flag only single-bit members are canonical; 0 and multi-bit values are aliases
    if Flag is None or not issubclass(cls, Flag) or not isinstance(value, int):
        return False
    return value <= 0 or value & (value - 1) != 0


# Enum.__new__ and Enum.__init__, once Enum exists
_ROOT_NEW = [None]
_ROOT_INIT = [None]


def _flag_masks(cls):
    every = single = 0
    for v in [m._value_ for m in cls._member_map_.values()]:
        if isinstance(v, int):
            every |= v
            if v > 0 and v & (v - 1) == 0:
                single |= v
    cls._flag_mask_ = every
    cls._singles_mask_ = single
    cls._all_bits_ = (1 << every.bit_length()) - 1 if every else 0


class EnumType(type):
    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        ns = EnumDict(cls)
        _, parent = _enum_bases(cls, bases)
        make = getattr(parent, '_generate_next_value_', None) if parent is not None else None
        if make is not None:
            ns._generate_next_value = getattr(make, '__func__', make)
        return ns

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        names = classdict.member_names if isinstance(classdict, EnumDict) else []
        data, parent = _enum_bases(cls, bases)
        values = [(n, classdict[n]) for n in names]
        ns = {k: v for k, v in classdict.items() if k not in names}
        ns.update(_member_names_=[], _member_map_={}, _value2member_map_={},
                  _unhashable_values_=[], _member_type_=data)
        bad = [n for n in names if n in ('mro', '')]
        if bad:
            raise ValueError('invalid enum member name(s) %s' % ','.join(map(repr, bad)))
        order = ns.pop('_order_', None)
        made = type.__new__(metacls, cls, bases, ns, **kwds)
        made._flag_mask_ = made._all_bits_ = made._singles_mask_ = 0
        made._boundary_ = boundary or getattr(parent, '_boundary_', None)
        root_new = _ROOT_NEW[0]
        if root_new is not None:
            own = made.__dict__.get('__new__')
            if own is not None and own is not root_new:
                # a custom __new__ builds members; value lookup stays Enum's
                type.__setattr__(made, '__new_member__', own)
                type.__setattr__(made, '__new__', root_new)
            elif own is None and made.__new__ is not root_new:
                type.__setattr__(made, '__new__', root_new)
        made._new_member_ = getattr(made, '__new_member__', None)
        for n, v in values:
            _new_member(made, n, v)
        if Flag is not None and issubclass(made, Flag):
            _flag_masks(made)
        if parent is not None and data is not object:
            # the data type must not hide the enum's repr, str, format and pickling
            for meth in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
                if meth not in ns:
                    got = getattr(made, meth, None)
                    if got is getattr(data, meth, None) or got is getattr(object, meth, None):
                        type.__setattr__(made, meth, getattr(parent, meth))
        if order is not None:
            order = _names_list(order)
            if order != made._member_names_:
                raise TypeError('member order does not match _order_:\n  %r\n  %r'
                                % (made._member_names_, order))
        return made

    def __call__(cls, value, names=None, *values, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            if not cls._member_map_:
                raise TypeError(f'{cls} has no members; specify `names=()` if you meant to create a new, empty, enum')
            return cls.__new__(cls, value)
        return cls._functional(value, names, module, qualname, type, start, boundary)

    def _functional(cls, class_name, names, module, qualname, mixin, start, boundary):
        meta = type(cls)
        bases = (cls,) if mixin is None else (mixin, cls)
        ns = meta.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = _names_list(names)
        if isinstance(names, (list, tuple)) and names and isinstance(names[0], str):
            make = ns._generate_next_value or _after
            made = []
            for k, n in enumerate(names):
                made.append(make(n, start, k, made[:]))
            names = list(zip(names, made))
        pairs = names.items() if isinstance(names, dict) else names
        for item in pairs:
            if isinstance(item, str):
                ns[item] = names[item]
            else:
                ns[item[0]] = item[1]
        if module is None:
            home = _sk.caller_globals()
            module = None if home is None else home.get('__name__')
        if module is not None:
            ns['__module__'] = module
        if qualname is not None:
            ns['__qualname__'] = qualname
        return meta.__new__(meta, class_name, bases, ns, boundary=boundary)

    def __contains__(cls, value):
        if isinstance(value, cls):
            return True
        try:
            hit = value in cls._value2member_map_
        except TypeError:
            hit = False
        return hit or value in cls._unhashable_values_

    def __delattr__(cls, attr):
        if cls._member_map_.get(attr) is not None:
            raise AttributeError(f'{cls.__name__!r} cannot delete member {attr!r}.')
        type.__delattr__(cls, attr)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        for n in cls._member_names_:
            yield cls._member_map_[n]

    def __reversed__(cls):
        for n in cls._member_names_[::-1]:
            yield cls._member_map_[n]

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    @_pyproperty
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        word = 'flag' if Flag is not None and issubclass(cls, Flag) else 'enum'
        return f'<{word} {cls.__name__!r}>'

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get('_member_map_', ()):
            raise AttributeError(f'cannot reassign member {name!r}')
        type.__setattr__(cls, name, value)

    def __dir__(cls):
        basic = ['__class__', '__contains__', '__doc__', '__getitem__', '__init_subclass__', '__iter__',
                 '__len__', '__members__', '__module__', '__name__', '__qualname__']
        return sorted(set(basic).union(cls._member_names_))


EnumMeta = EnumType
Flag = None


class Enum(metaclass=EnumType):
    def __new__(cls, value):
        if type(value) is cls:
            return value
        hit = _same_value(cls, value)
        if hit is not None:
            return hit
        problem = None
        answer = None
        try:
            answer = cls._missing_(value)
        except Exception as e:
            problem = e
        if isinstance(answer, cls):
            return answer
        if problem is None and answer is not None and Flag is not None and issubclass(cls, Flag):
            return answer
        invalid = ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        if problem is None:
            if answer is None:
                raise invalid
            problem = TypeError(f'error in {cls.__name__}._missing_: returned {answer!r} '
                                'instead of None or a valid member')
        if not isinstance(problem, ValueError):
            problem.__context__ = invalid
        raise problem

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return _after(name, start, count, last_values)

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        show = type(self)._value_repr_ or repr
        return f'<{type(self).__name__}.{self._name_}: {show(self._value_)}>'

    def __str__(self):
        return f'{type(self).__name__}.{self._name_}'

    def __dir__(self):
        kind = type(self)
        names = {'__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value'}
        for k in kind.__mro__:
            names.update(a for a in k.__dict__ if a[:1] != '_' and a not in kind._member_map_)
        return sorted(names)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return type(self), (self._value_,)

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


_ROOT_NEW[0] = Enum.__dict__['__new__']
_ROOT_INIT[0] = Enum.__init__
Enum._value_repr_ = None


class ReprEnum(Enum):
    """Enum whose str() and format() are those of the mixed-in type."""


class IntEnum(int, ReprEnum):
    def __str__(self):
        return int.__repr__(self)

    def __format__(self, spec):
        return int.__format__(self, spec)


IntEnum._value_repr_ = repr


class StrEnum(str, ReprEnum):
    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError(f'too many arguments for str(): {values!r}')
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError(f'{values[0]!r} is not a string')
        text = str(*values)
        obj = str.__new__(cls, text)
        obj._value_ = text
        return obj

    def __str__(self):
        return str.__str__(self)

    def __format__(self, spec):
        return str.__format__(self, spec)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


StrEnum._value_repr_ = repr


def _bits_text(n, digits):
    # '0b0 0101' / '0b1 1011': a sign bit, then two's complement in digits places
    if n < 0:
        return '0b1 ' + format(n + (1 << digits), 'b').zfill(digits)
    return '0b0 ' + format(n, 'b').zfill(digits)


def _single_bits(n):
    # the powers of two that make up n >= 0, lowest first
    found = []
    bit = 1
    while bit <= n:
        if n & bit:
            found.append(bit)
        bit <<= 1
    return found


class Flag(Enum, boundary=STRICT):
    _numeric_repr_ = repr

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if count == 0:
            return 1 if start is None else start
        top = max(last_values)
        try:
            width = top.bit_length()
        except Exception:
            raise TypeError('invalid flag value %r' % top) from None
        return 1 << width

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        known = cls._flag_mask_
        given = value
        too_low = False
        if value < 0:
            # two's complement over the flag's bits; lower values do not fit
            span = cls._all_bits_ + 1
            value += span
            if value < 0:
                too_low = True
                value = max(span, 1 << given.bit_length()) + given
        extra = value & ~known
        edge = cls._boundary_
        if extra or too_low:
            if edge in (STRICT, None):
                digits = max(given.bit_length(), known.bit_length())
                raise ValueError('%r invalid value %r\n    given %s\n  allowed %s'
                                 % (cls, given, _bits_text(given, digits), _bits_text(known, digits)))
            if edge == EJECT:
                return given
            if edge == CONFORM:
                value &= known
                extra = 0
        if cls._member_type_ is int:
            combo = int.__new__(cls, value)
        else:
            combo = object.__new__(cls)
        if not hasattr(combo, '_value_'):
            combo._value_ = value
        combo._name_ = cls._compound_name(value)
        if extra:
            return combo
        return cls._value2member_map_.setdefault(value, combo)

    @classmethod
    def _compound_name(cls, value):
        # 'A|B' for the named members inside value (single-bit ones first);
        # bits no member names are added as a number ('A|B|8')
        if not value:
            return None
        parts = []
        covered = 0
        canon = cls._member_names_
        ordered = sorted(cls._member_map_.values(), key=lambda m: m._sort_order_)
        if value & ~cls._flag_mask_:
            # bits no member has: every member inside the value, then the rest as a number
            for m in ordered:
                v = m._value_
                if isinstance(v, int) and v > 0 and v & value == v and m._name_ not in parts:
                    parts.append(m._name_)
                    covered |= v
            return '|'.join(parts + [repr(value & ~covered)]) if parts else None
        for m in ordered:
            v = m._value_
            if v and v & (v - 1) == 0 and v & value == v and m._name_ in canon and m._name_ not in parts:
                parts.append(m._name_)
                covered |= v
        # then multi-bit members that name bits no single member has
        for m in ordered:
            v = m._value_
            if isinstance(v, int) and v > 0 and v & value == v and v & ~covered and m._name_ not in parts:
                parts.append(m._name_)
                covered |= v
        rest = value & ~covered
        if not parts:
            return None
        if rest:
            parts.append(repr(rest))
        return '|'.join(parts)

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, type(self).__qualname__))
        return self._value_ & other._value_ == other._value_

    def __iter__(self):
        kind = type(self)
        mine = self._value_
        inside = mine & kind._flag_mask_
        if inside & ~kind._singles_mask_:
            # member bits without a single-bit member: whatever the value map
            # holds for each bit, lowest first (None where it holds nothing)
            for bit in _single_bits(inside):
                yield kind._value2member_map_.get(bit)
            return
        # the canonical members it contains, in definition order
        for n in kind._member_names_:
            m = kind._member_map_[n]
            if m._value_ & mine == m._value_:
                yield m

    def __len__(self):
        return sum(1 for _ in self)

    def __repr__(self):
        kind = type(self)
        shown = (kind._value_repr_ or repr)(self._value_)
        if self._name_ is None:
            return f'<{kind.__name__}: {shown}>'
        return f'<{kind.__name__}.{self._name_}: {shown}>'

    def __str__(self):
        if self._name_ is None:
            return f'{type(self).__name__}({self._value_!r})'
        return f'{type(self).__name__}.{self._name_}'

    def __bool__(self):
        return bool(self._value_)

    def _other_bits(self, other):
        if isinstance(other, type(self)):
            return other._value_
        data = self._member_type_
        if data is not object and isinstance(other, data):
            return other
        return None

    def __or__(self, other):
        bits = self._other_bits(other)
        return NotImplemented if bits is None else type(self)(self._value_ | bits)

    def __and__(self, other):
        bits = self._other_bits(other)
        return NotImplemented if bits is None else type(self)(self._value_ & bits)

    def __xor__(self, other):
        bits = self._other_bits(other)
        return NotImplemented if bits is None else type(self)(self._value_ ^ bits)

    def __invert__(self):
        if self._boundary_ in (KEEP, EJECT):
            return type(self)(~self._value_)
        return type(self)(self._singles_mask_ & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    def __str__(self):
        return repr(int(self))

    def __format__(self, spec):
        return format(int(self), spec)

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return type(self)(int(self) | int(other))

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return type(self)(int(self) & int(other))

    def __xor__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return type(self)(int(self) ^ int(other))

    __invert__ = Flag.__invert__
    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


IntFlag._value_repr_ = repr


def unique(enumeration):
    aliases = [(alias, m.name) for alias, m in enumeration.__members__.items() if alias != m.name]
    if aliases:
        listing = ', '.join(f'{a} -> {n}' for a, n in aliases)
        raise ValueError(f'duplicate values found in {enumeration!r}: {listing}')
    return enumeration


def verify(*checks):
    # accepted for compatibility; no checks are run
    return lambda enumeration: enumeration


def global_enum_repr(self):
    return f'{type(self).__module__}.{self._name_}'


def global_flag_repr(self):
    kind = type(self)
    mod = kind.__module__.rpartition('.')[2]
    if self._name_ is not None:
        return f'{mod}.{self._name_}'
    v = self._value_
    parts = [f'{mod}.{m._name_}' for m in kind if m._value_ and m._value_ & v == m._value_]
    if parts:
        return '|'.join(parts)
    return f'{mod}.{kind.__name__}({v!r})'


def global_str(self):
    return self._name_


def global_enum(cls, update_str=False):
    """Export the members as module globals, shown as module.NAME."""
    cls.__repr__ = global_flag_repr if issubclass(cls, Flag) else global_enum_repr
    if update_str or not issubclass(cls, ReprEnum):
        cls.__str__ = global_str
    import sys
    home = sys.modules.get(cls.__module__)
    if home is not None:
        home.__dict__.update(cls.__members__)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (type(self), self._name_)


def show_flag_values(value):
    return _single_bits(value)
