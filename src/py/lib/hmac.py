"""HMAC (RFC 2104): keyed message authentication over hashlib."""
import hashlib

digest_size = None

__all__ = ['HMAC', 'new', 'digest', 'compare_digest']

_OPAD = 0x5C
_IPAD = 0x36


def _hash_factory(digestmod):
    """A callable making a fresh hash object, optionally fed initial data."""
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda data=b'': hashlib.new(digestmod, data)
    return lambda data=b'': digestmod.new(data)


class HMAC:
    blocksize = 64

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError('key: expected bytes or bytearray, but got %r' % type(key).__name__)
        if not digestmod:
            raise TypeError("Missing required argument 'digestmod'.")
        make = self._digest_cons = _hash_factory(digestmod)
        probe = make()
        width = getattr(probe, 'block_size', 64)
        self.digest_size, self.block_size = probe.digest_size, width
        secret = bytes(key)
        if len(secret) > width:
            secret = make(secret).digest()       # long keys are hashed first
        secret = secret + bytes(width - len(secret))
        self._inner = probe
        self._inner.update(bytes(b ^ _IPAD for b in secret))
        self._outer = make(bytes(b ^ _OPAD for b in secret))
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return 'hmac-' + self._inner.name

    def update(self, msg):
        self._inner.update(msg)

    def copy(self):
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._inner, twin._outer = self._inner.copy(), self._outer.copy()
        return twin

    def _final(self):
        last = self._outer.copy()
        last.update(self._inner.copy().digest())
        return last

    def digest(self):
        return self._final().digest()

    def hexdigest(self):
        return self._final().hexdigest()


def new(key, msg=None, digestmod=''):
    return HMAC(key, msg=msg, digestmod=digestmod)


def digest(key, msg, digest):
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b):
    """Equality test whose time does not depend on where a and b differ."""
    both_text = isinstance(a, str) and isinstance(b, str)
    if both_text:
        if not (a.isascii() and b.isascii()):
            raise TypeError('comparing strings with non-ASCII characters is not supported')
        a, b = a.encode(), b.encode()
    else:
        binary = [isinstance(x, (bytes, bytearray)) for x in (a, b)]
        if binary == [True, False] or binary == [False, True]:
            odd = b if binary[0] else a
            raise TypeError("a bytes-like object is required, not '%s'" % type(odd).__name__)
        if not binary[0]:
            raise TypeError("unsupported operand types(s) or combination of types: '%s' and '%s'"
                            % (type(a).__name__, type(b).__name__))
    diff = 0 if len(a) == len(b) else 1
    other = b if len(a) == len(b) else a
    for x, y in zip(a, other):
        diff |= x ^ y
    return diff == 0
