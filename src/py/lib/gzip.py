"""gzip for Sandkiste: compress/decompress and GzipFile over zlib.

Member format, header fields (mtime, XFL, OS 255, FNAME) and messages follow
CPython's module; files live in the sandbox's filesystem.  The code is our own.
"""
import builtins
import io
import os
import struct
import time
import zlib

__all__ = ['BadGzipFile', 'GzipFile', 'open', 'compress', 'decompress']

READ, WRITE = 'rb', 'wb'
# header flag bits (RFC 1952)
FTEXT = 1
FHCRC = 2
FEXTRA = 4
FNAME = 8
FCOMMENT = 16
_COMPRESS_LEVEL_FAST, _COMPRESS_LEVEL_TRADEOFF, _COMPRESS_LEVEL_BEST = 1, 6, 9


class BadGzipFile(OSError):
    """The data is not a valid gzip file."""


def _xfl(level):
    if level == _COMPRESS_LEVEL_BEST:
        return 2
    if level == _COMPRESS_LEVEL_FAST:
        return 4
    return 0


def _header(level, mtime, fname=b''):
    flags = FNAME if fname else 0
    out = struct.pack('<BBBBLBB', 0x1f, 0x8b, 8, flags, int(mtime) & 0xffffffff, _xfl(level), 255)
    if fname:
        out += fname + b'\0'
    return out


def compress(data, compresslevel=_COMPRESS_LEVEL_BEST, *, mtime=None):
    """One gzip member holding data."""
    if mtime is None:
        mtime = time.time()
    body = zlib.compress(data, compresslevel, wbits=-15)
    data = memoryview(data).tobytes() if not isinstance(data, (bytes, bytearray)) else data
    return _header(compresslevel, mtime) + body + struct.pack('<LL', zlib.crc32(data), len(data) & 0xffffffff)


def _skip_header(data, pos):
    """Parse the member header at pos; return where the deflate data starts."""
    sig = data[pos:pos + 2]
    if sig != b'\x1f\x8b':
        raise BadGzipFile('Not a gzipped file (%r)' % (sig,))
    if len(data) < pos + 10:
        raise EOFError('Compressed file ended before the end-of-stream marker was reached')
    flag = data[pos + 3]
    if data[pos + 2] != 8:        # only deflate exists
        raise BadGzipFile('Unknown compression method')
    p = pos + 10
    if flag & FEXTRA:
        (extra_len,) = struct.unpack('<H', data[p:p + 2])
        p += 2 + extra_len
    for bit in (FNAME, FCOMMENT):
        if flag & bit:
            end = data.find(b'\0', p)
            if end < 0:
                raise EOFError('Compressed file ended before the end-of-stream marker was reached')
            p = end + 1
    if flag & FHCRC:
        p += 2
    if p > len(data):
        raise EOFError('Compressed file ended before the end-of-stream marker was reached')
    return p


def decompress(data):
    """The concatenated contents of every gzip member in data."""
    data = bytes(data)
    out = []
    pos = 0
    while True:
        while pos < len(data) and data[pos] == 0:
            pos += 1
        if pos >= len(data):
            return b''.join(out)
        start = _skip_header(data, pos)
        d = zlib.decompressobj(wbits=-15)
        chunk = d.decompress(data[start:])
        if not d.eof:
            raise EOFError('Compressed file ended before the end-of-stream marker was reached')
        tail = d.unused_data
        if len(tail) < 8:
            raise EOFError('Compressed file ended before the end-of-stream marker was reached')
        crc, size = struct.unpack('<LL', tail[:8])
        if crc != zlib.crc32(chunk):
            raise BadGzipFile('CRC check failed')
        if size != (len(chunk) & 0xffffffff):
            raise BadGzipFile('Incorrect length of data produced')
        out.append(chunk)
        pos = len(data) - len(tail) + 8


class GzipFile(io.IOBase if hasattr(io, 'IOBase') else object):
    """A file-like object reading or writing one gzip file (whole-buffer model)."""

    myfileobj = None

    def __init__(self, filename=None, mode=None, compresslevel=_COMPRESS_LEVEL_BEST, fileobj=None, mtime=None):
        if mode is not None and set(mode) & {'t', 'U'}:
            raise ValueError('Invalid mode: {!r}'.format(mode))
        if mode is not None and mode and 'b' not in mode:
            mode = mode + 'b'
        if fileobj is None:
            self.myfileobj = builtins.open(filename, mode or 'rb')
            fileobj = self.myfileobj
        if filename is not None:
            label = os.fspath(filename)
        else:
            label = getattr(fileobj, 'name', '')
            label = label if isinstance(label, (str, bytes)) else ''
        if mode is None:
            mode = getattr(fileobj, 'mode', 'rb')
        kind = mode[:1]
        if kind == 'r':
            self.mode = READ
            self._data = decompress(fileobj.read())
            self._pos = 0
        elif kind in ('w', 'a', 'x'):
            if compresslevel != -1 and not 0 <= compresslevel <= 9:
                raise ValueError('Invalid compression level: {}'.format(compresslevel))
            self.mode = WRITE
            self._level, self._mtime = compresslevel, mtime
            self._written, self._size, self._crc = [], 0, 0
            self._co = zlib.compressobj(compresslevel, zlib.DEFLATED, -zlib.MAX_WBITS, zlib.DEF_MEM_LEVEL, 0)
        else:
            raise ValueError('Invalid mode: {!r}'.format(mode))
        self.name = label
        self.fileobj = fileobj
        self._closed = False

    @property
    def mtime(self):
        return self._mtime if self.mode == WRITE else None

    @property
    def closed(self):
        return self._closed

    def __repr__(self):
        inner = repr(self.fileobj)[1:-1]
        return '<gzip %s %s>' % (inner, hex(id(self)))

    def _check(self, want):
        if self._closed:
            raise ValueError('I/O operation on closed file.')   # io's wording
        if self.mode != want:
            import errno
            raise OSError(errno.EBADF, 'read() on write-only GzipFile object' if want == READ
                          else 'write() on read-only GzipFile object')

    def write(self, data):
        self._check(WRITE)
        chunk = bytes(data) if isinstance(data, (bytes, bytearray)) else memoryview(data).tobytes()
        self._written.append(self._co.compress(chunk))
        self._crc = zlib.crc32(chunk, self._crc)
        self._size += len(chunk)
        return len(chunk)

    def read(self, size=-1):
        self._check(READ)
        stop = len(self._data) if size is None or size < 0 else self._pos + size
        out = self._data[self._pos:stop]
        self._pos += len(out)
        return out

    read1 = read

    def peek(self, n):
        self._check(READ)
        return self._data[self._pos:self._pos + max(n, 1)]

    def readline(self, size=-1):
        self._check(READ)
        end = self._data.find(b'\n', self._pos)
        end = len(self._data) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = self._data[self._pos:end]
        self._pos = end
        return out

    def readlines(self, hint=-1):
        lines = []
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readable(self):
        return self.mode == READ

    def writable(self):
        return self.mode == WRITE

    def seekable(self):
        return True

    def tell(self):
        return self._pos if self.mode == READ else self._size

    def seek(self, offset, whence=io.SEEK_SET if hasattr(io, 'SEEK_SET') else 0):
        if whence not in (0, 1):
            raise ValueError('Seek from end not supported')
        writing = self.mode == WRITE
        here = self._size if writing else self._pos
        target = offset + (here if whence == 1 else 0)
        if not writing:
            self._pos = max(0, target)
            return self._pos
        if target < here:
            raise OSError('Negative seek in write mode')
        self.write(bytes(target - here))      # forward seek pads with zeros
        return self._size

    def rewind(self):
        self._check(READ)
        self._pos = 0

    def flush(self, zlib_mode=zlib.Z_SYNC_FLUSH):
        if self.mode == WRITE and not self._closed:
            self._written.append(self._co.flush(zlib_mode))

    def fileno(self):
        underlying = self.fileobj
        return underlying.fileno()

    def close(self):
        if self._closed:
            return
        try:
            if self.mode == WRITE:
                base = os.path.basename(self.name) if isinstance(self.name, str) else ''
                base = base[:-3] if base.endswith('.gz') else base
                # FNAME is Latin-1; a name that does not fit is left out
                fname = base.encode('latin-1', 'replace')
                if fname.decode('latin-1') != base:
                    fname = b''
                mtime = time.time() if self._mtime is None else self._mtime
                body = b''.join(self._written) + self._co.flush()
                self.fileobj.write(_header(self._level, mtime, fname) + body +
                                   struct.pack('<LL', self._crc, self._size & 0xffffffff))
        finally:
            self._closed = True
            if self.myfileobj is not None:
                self.myfileobj.close()
                self.myfileobj = None

    def __enter__(self):
        if self._closed:
            raise ValueError('I/O operation on closed GzipFile object')
        return self

    def __exit__(self, *exc):
        self.close()


class _GzipText:
    """Text mode over a GzipFile (utf-8 unless told otherwise)."""

    def __init__(self, raw, encoding, errors, newline):
        self._raw = raw
        self.encoding, self.errors = encoding or 'utf-8', errors or 'strict'
        self._newline = newline
        self.mode = 'rt' if raw.mode == READ else 'wt'
        self.name = raw.name
        if raw.mode == READ:
            text = raw.read().decode(self.encoding, self.errors)
            if newline is None:
                text = text.replace('\r\n', '\n').replace('\r', '\n')
            self._text = io.StringIO(text, newline='' if newline is None else newline)

    def write(self, s):
        if self._newline not in (None, ''):
            s = s.replace('\n', self._newline)
        self._raw.write(s.encode(self.encoding, self.errors))
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def read(self, size=-1):
        return self._text.read(size)

    def readline(self, size=-1):
        return self._text.readline(size)

    def readlines(self, hint=-1):
        return self._text.readlines(hint)

    def __iter__(self):
        return iter(self._text)

    def close(self):
        if not self._raw.closed and self._raw.mode == WRITE:
            self._raw.flush()
        self._raw.close()

    @property
    def closed(self):
        return self._raw.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open(filename, mode='rb', compresslevel=_COMPRESS_LEVEL_BEST, encoding=None, errors=None, newline=None):
    """Open a gzip file in binary ('rb', 'wb', 'ab', 'xb') or text ('rt', 'wt'...) mode."""
    text_mode = 't' in mode
    if text_mode and 'b' in mode:
        raise ValueError('Invalid mode: %r' % (mode,))
    if not text_mode:
        for arg, val in (('encoding', encoding), ('errors', errors), ('newline', newline)):
            if val is not None:
                raise ValueError("Argument '%s' not supported in binary mode" % arg)
    gz_mode = mode.replace('t', '')
    if isinstance(filename, (str, bytes)) or hasattr(filename, '__fspath__'):
        binary = GzipFile(filename, gz_mode, compresslevel)
    elif hasattr(filename, 'read') or hasattr(filename, 'write'):
        binary = GzipFile(None, gz_mode, compresslevel, filename)
    else:
        raise TypeError('filename must be a str or bytes object, or a file')
    if 't' in mode:
        return _GzipText(binary, encoding, errors, newline)
    return binary
