"""uuid for Sandkiste: UUID objects and the uuid1/3/4/5/6/7/8 generators.

Randomness comes from os.urandom (the run's seeded stream) and times from
the run's wall clock, so generated UUIDs are reproducible under a fixed seed.
Behaviour and messages follow CPython's module; the code is our own.
"""
import os as _os

__all__ = ['UUID', 'SafeUUID', 'getnode', 'uuid1', 'uuid3', 'uuid4', 'uuid5', 'uuid6', 'uuid7', 'uuid8',
           'NAMESPACE_DNS', 'NAMESPACE_URL', 'NAMESPACE_OID', 'NAMESPACE_X500', 'NIL', 'MAX',
           'RESERVED_NCS', 'RFC_4122', 'RESERVED_MICROSOFT', 'RESERVED_FUTURE']

RESERVED_NCS = 'reserved for NCS compatibility'
RFC_4122 = 'specified in RFC 4122'
RESERVED_MICROSOFT = 'reserved for Microsoft compatibility'
RESERVED_FUTURE = 'reserved for future definition'

_FULL = (1 << 128) - 1


def _safe_uuid_enum():
    from enum import Enum

    class SafeUUID(Enum):
        safe = 0
        unsafe = -1
        unknown = None
    SafeUUID.__module__ = 'uuid'
    return SafeUUID


SafeUUID = _safe_uuid_enum()

_FIELD_BITS = (32, 16, 16, 8, 8, 48)


def _bit_field(shift, width):
    mask = (1 << width) - 1
    return property(lambda self: (self.int >> shift) & mask)


class UUID:
    """An immutable 128-bit universally unique identifier."""

    __slots__ = ('int', 'is_safe', '__weakref__')

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None, int=None, version=None, *,
                 is_safe=SafeUUID.unknown):
        given = [v is not None for v in (hex, bytes, bytes_le, fields, int)]
        if sum(given) != 1:
            raise TypeError('one of the hex, bytes, bytes_le, fields, or int arguments must be given')
        if hex is not None:
            text = hex.replace('urn:', '').replace('uuid:', '').strip('{}').replace('-', '')
            if len(text) != 32:
                raise ValueError('badly formed hexadecimal UUID string')
            value = _int(text, 16)
        elif bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError('bytes_le is not a 16-char string')
            b = bytes_le
            value = _int.from_bytes(b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:], 'big')
        elif bytes is not None:
            if len(bytes) != 16:
                raise ValueError('bytes is not a 16-char string')
            value = _int.from_bytes(bytes, 'big')
        elif fields is not None:
            if len(fields) != 6:
                raise ValueError('fields is not a 6-tuple')
            value = 0
            for pos, (part, width) in enumerate(zip(fields, _FIELD_BITS), 1):
                if not 0 <= part < (1 << width):
                    raise ValueError(f'field {pos} out of range (need a {width}-bit value)')
            tl, tm, th, csh, csl, node = fields
            value = (tl << 96) | (tm << 80) | (th << 64) | (((csh << 8) | csl) << 48) | node
        else:
            if not 0 <= int <= _FULL:
                raise ValueError('int is out of range (need a 128-bit value)')
            value = int
        if version is not None:
            if version < 1 or version > 8:
                raise ValueError('illegal version number')
            value &= ~(0xc000 << 48)
            value |= 0x8000 << 48
            value &= ~(0xf000 << 64)
            value |= version << 76
        object.__setattr__(self, 'int', value)
        object.__setattr__(self, 'is_safe', is_safe)

    @classmethod
    def _from_int(cls, value):
        u = object.__new__(cls)
        object.__setattr__(u, 'int', value)
        object.__setattr__(u, 'is_safe', SafeUUID.unknown)
        return u

    def __setattr__(self, name, value):
        raise TypeError('UUID objects are immutable')

    # Pickled state: the value, plus is_safe only when it is known.
    def __getstate__(self):
        state = dict(int=self.int)
        if self.is_safe is not SafeUUID.unknown:
            state['is_safe'] = self.is_safe.value
        return state

    def __setstate__(self, state):
        safety = SafeUUID(state['is_safe']) if 'is_safe' in state else SafeUUID.unknown
        for slot, value in (('int', state['int']), ('is_safe', safety)):
            object.__setattr__(self, slot, value)

    # -- comparisons and conversions ------------------------------------------------------
    def __eq__(self, other):
        return self.int == other.int if isinstance(other, UUID) else NotImplemented

    def __lt__(self, other):
        return self.int < other.int if isinstance(other, UUID) else NotImplemented

    def __gt__(self, other):
        return self.int > other.int if isinstance(other, UUID) else NotImplemented

    def __le__(self, other):
        return self.int <= other.int if isinstance(other, UUID) else NotImplemented

    def __ge__(self, other):
        return self.int >= other.int if isinstance(other, UUID) else NotImplemented

    def __hash__(self):
        return hash(self.int)

    def __int__(self):
        return self.int

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, str(self))

    def __str__(self):
        h = '%032x' % self.int
        return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'

    # -- views -----------------------------------------------------------------------------
    @property
    def bytes(self):
        return self.int.to_bytes(16, 'big')

    @property
    def bytes_le(self):
        b = self.bytes
        return b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:]

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version, self.clock_seq_hi_variant,
                self.clock_seq_low, self.node)

    # The RFC 4122 fields, as (bit offset from the right, width).
    time_low = _bit_field(96, 32)
    time_mid = _bit_field(80, 16)
    time_hi_version = _bit_field(64, 16)
    clock_seq_hi_variant = _bit_field(56, 8)
    clock_seq_low = _bit_field(48, 8)
    node = _bit_field(0, 48)

    @property
    def time(self):
        v = self.version
        if v == 6:
            return ((self.time_low << 28) | (self.time_mid << 12) | (self.time_hi_version & 0x0fff))
        if v == 7:
            return self.int >> 80
        return ((self.time_hi_version & 0x0fff) << 48) | (self.time_mid << 32) | self.time_low

    @property
    def clock_seq(self):
        return ((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low

    @property
    def hex(self):
        return '%032x' % self.int

    @property
    def urn(self):
        return 'urn:uuid:%s' % self

    @property
    def variant(self):
        top = self.int >> 61
        if not top & 0b100:
            return RESERVED_NCS
        if not top & 0b010:
            return RFC_4122
        if not top & 0b001:
            return RESERVED_MICROSOFT
        return RESERVED_FUTURE

    @property
    def version(self):
        if self.variant != RFC_4122:
            return None
        return (self.int >> 76) & 0xf


_int = int

_node = None


def getnode():
    """A 48-bit node id: random (from the run's stream) with the multicast bit set."""
    global _node
    if _node is None:
        _node = _int.from_bytes(_os.urandom(6), 'big') | (1 << 40)
    return _node


def _clock_seq():
    return _int.from_bytes(_os.urandom(2), 'big') & 0x3fff


_last_v1 = None


def _gregorian_100ns():
    import time
    return time.time_ns() // 100 + 0x01b21dd213814000


def uuid1(node=None, clock_seq=None):
    """A UUID from the time, a clock sequence and the node id."""
    global _last_v1
    stamp = _gregorian_100ns()
    if _last_v1 is not None and stamp <= _last_v1:
        stamp = _last_v1 + 1
    _last_v1 = stamp
    if clock_seq is None:
        clock_seq = _clock_seq()
    if node is None:
        node = getnode()
    fields = (stamp & 0xffffffff, (stamp >> 32) & 0xffff, (stamp >> 48) & 0x0fff,
              (clock_seq >> 8) & 0x3f, clock_seq & 0xff, node)
    return UUID(fields=fields, version=1)


def uuid6(node=None, clock_seq=None):
    """Like uuid1 with the timestamp fields ordered for sorting."""
    global _last_v1
    stamp = _gregorian_100ns()
    if _last_v1 is not None and stamp <= _last_v1:
        stamp = _last_v1 + 1
    _last_v1 = stamp
    if clock_seq is None:
        clock_seq = _clock_seq()
    if node is None:
        node = getnode()
    value = ((stamp >> 12) << 80) | ((stamp & 0x0fff) << 64) | ((clock_seq & 0x3fff) << 48) | \
        (node & 0xffffffffffff)
    return UUID(int=value, version=6)


def _name_uuid(algorithm, namespace, name, version):
    import hashlib
    if isinstance(name, str):
        name = name.encode('utf-8')
    digest = hashlib.new(algorithm, namespace.bytes + name).digest()
    return UUID(bytes=digest[:16], version=version)


def uuid3(namespace, name):
    """A UUID from the MD5 hash of a namespace UUID and a name."""
    return _name_uuid('md5', namespace, name, 3)


def uuid5(namespace, name):
    """A UUID from the SHA-1 hash of a namespace UUID and a name."""
    return _name_uuid('sha1', namespace, name, 5)


def uuid4():
    """A random UUID."""
    return UUID(bytes=_os.urandom(16), version=4)


_v7_last_ms = -1
_v7_counter = 0


def uuid7():
    """A time-ordered UUID: Unix milliseconds, a 42-bit counter, random bits."""
    global _v7_last_ms, _v7_counter
    import time
    ms = time.time_ns() // 1000000
    tail = _int.from_bytes(_os.urandom(10), 'big')
    if ms > _v7_last_ms:
        _v7_counter = (tail >> 32) & ((1 << 41) - 1)
        _v7_last_ms = ms
    else:
        _v7_counter += 1
        if _v7_counter >= (1 << 42):
            _v7_last_ms += 1
            _v7_counter = 0
        ms = _v7_last_ms
    rand32 = tail & 0xffffffff
    value = ((ms & 0xffffffffffff) << 80) | (((_v7_counter >> 30) & 0x0fff) << 64) | \
        ((_v7_counter & 0x3fffffff) << 32) | rand32
    return UUID(int=value, version=7)


def uuid8(a=None, b=None, c=None):
    """A custom UUID from three blocks (48, 12 and 62 bits), random where not given."""
    if a is None:
        a = _int.from_bytes(_os.urandom(6), 'big')
    if b is None:
        b = _int.from_bytes(_os.urandom(2), 'big')
    if c is None:
        c = _int.from_bytes(_os.urandom(8), 'big')
    value = ((a & 0xffffffffffff) << 80) | ((b & 0xfff) << 64) | (c & 0x3fffffffffffffff)
    return UUID(int=value, version=8)


# The RFC 4122 name spaces differ only in the last hex digit of time_low.
_NS_TAIL = '-9dad-11d1-80b4-00c04fd430c8'
NAMESPACE_DNS = UUID('6ba7b810' + _NS_TAIL)
NAMESPACE_URL = UUID('6ba7b811' + _NS_TAIL)
NAMESPACE_OID = UUID('6ba7b812' + _NS_TAIL)
NAMESPACE_X500 = UUID('6ba7b814' + _NS_TAIL)
NIL = UUID(int=0)
MAX = UUID(int=_FULL)
