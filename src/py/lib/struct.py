"""Interpret bytes as packed binary data (struct)."""
import _struct
from _struct import pack, unpack, unpack_from, pack_into, calcsize, iter_unpack, error

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from', 'iter_unpack', 'Struct', 'error']


class Struct:
    def __init__(self, format):
        if isinstance(format, bytes):
            format = format.decode('ascii')
        if not isinstance(format, str):
            raise TypeError('Struct() argument 1 must be a str or bytes object, not %s' % type(format).__name__)
        self.size = calcsize(format)
        self.format = format

    def pack(self, *v):
        return pack(self.format, *v)

    def pack_into(self, buffer, offset, *v):
        return pack_into(self.format, buffer, offset, *v)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)

    def __repr__(self):
        return 'Struct(%r)' % (self.format,)
