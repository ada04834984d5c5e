"""HMAC (keyed hashing for message authentication, RFC 2104)."""
import hashlib as _hashlib

digest_size = None

__all__ = ['HMAC', 'new', 'digest', 'compare_digest']


def _constructor(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda d=b'': _hashlib.new(digestmod, d)
    return lambda d=b'': digestmod.new(d)


class HMAC:
    blocksize = 64

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError('key: expected bytes or bytearray, but got %r' % type(key).__name__)
        if not digestmod:
            raise TypeError("Missing required argument 'digestmod'.")
        self._digest_cons = _constructor(digestmod)
        self._outer = self._digest_cons()
        self._inner = self._digest_cons()
        self.digest_size = self._inner.digest_size
        blocksize = getattr(self._inner, 'block_size', 64)
        if len(key) > blocksize:
            key = self._digest_cons(key).digest()
        self.block_size = blocksize
        key = bytes(key).ljust(blocksize, b'\0')
        self._outer.update(bytes(x ^ 0x5C for x in key))
        self._inner.update(bytes(x ^ 0x36 for x in key))
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return 'hmac-' + self._inner.name

    def update(self, msg):
        self._inner.update(msg)

    def copy(self):
        other = self.__class__.__new__(self.__class__)
        other._digest_cons = self._digest_cons
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        return self._current().digest()

    def hexdigest(self):
        return self._current().hexdigest()


def new(key, msg=None, digestmod=''):
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b):
    if isinstance(a, str) and isinstance(b, str):
        if not a.isascii() or not b.isascii():
            raise TypeError('comparing strings with non-ASCII characters is not supported')
        a = a.encode('ascii')
        b = b.encode('ascii')
    elif not (isinstance(a, (bytes, bytearray)) and isinstance(b, (bytes, bytearray))):
        raise TypeError("unsupported operand types(s) or combination of types: '%s' and '%s'"
                        % (type(a).__name__, type(b).__name__))
    result = len(a) ^ len(b)
    if len(a) != len(b):
        b = a
    for x, y in zip(a, b):
        result |= x ^ y
    return result == 0
