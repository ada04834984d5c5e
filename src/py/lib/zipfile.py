"""zipfile for Sandkiste: read and write ZIP archives (stored and deflated
members; ZIP64 end records are read, not written).

Archive layout, ZipInfo fields and the common exception texts follow
CPython's module; the code is our own.
"""
import io
import os
import struct
import time
import zlib
import binascii

__all__ = ['BadZipFile', 'BadZipfile', 'error', 'ZIP_STORED', 'ZIP_DEFLATED', 'ZIP_BZIP2', 'ZIP_LZMA',
           'is_zipfile', 'ZipInfo', 'ZipFile', 'PyZipFile', 'LargeZipFile', 'Path']


BadZipFile = type('BadZipFile', (Exception,), {'__module__': __name__})
LargeZipFile = type('LargeZipFile', (Exception,), {'__module__': __name__})


error = BadZipfile = BadZipFile

ZIP_STORED = 0
ZIP_DEFLATED = 8
ZIP_BZIP2 = 12
ZIP_LZMA = 14
ZIP_ZSTANDARD = 93
DEFAULT_VERSION = 20
ZIP64_VERSION = 45
MAX_EXTRACT_VERSION = 63

_LOCAL = struct.Struct('<4sHHHHHIIIHH')          # local file header
_CENTRAL = struct.Struct('<4sBBHHHHHIIIHHHHHII')  # central directory entry
_END = struct.Struct('<4sHHHHIIH')                # end of central directory
_LOCAL_SIG = b'PK\003\004'
_CENTRAL_SIG = b'PK\001\002'
_END_SIG = b'PK\005\006'
_END64_SIG = b'PK\006\006'
_END64_LOC_SIG = b'PK\006\007'


class ZipInfo:
    """One member of an archive."""

    __slots__ = ('orig_filename', 'filename', 'date_time', 'compress_type', 'compress_level', 'comment', 'extra',
                 'create_system', 'create_version', 'extract_version', 'reserved', 'flag_bits', 'volume',
                 'internal_attr', 'external_attr', 'header_offset', 'CRC', 'compress_size', 'file_size',
                 '_raw_time', '_end_offset')

    _ZERO = ('compress_type', 'reserved', 'flag_bits', 'volume', 'internal_attr', 'external_attr',
             'header_offset', 'CRC', 'compress_size', 'file_size')

    def __init__(self, filename='NoName', date_time=(1980, 1, 1, 0, 0, 0)):
        if date_time[0] < 1980:
            raise ValueError('ZIP does not support timestamps before 1980')
        self.orig_filename = filename
        # names stop at a NUL and always use forward slashes
        self.filename = filename.split('\0', 1)[0].replace(os.sep, '/')
        self.date_time = date_time
        for slot in self._ZERO:
            setattr(self, slot, 0)
        self.compress_level = self._end_offset = None
        self.comment = self.extra = b''
        self.create_system = 3      # unix
        self.create_version = self.extract_version = DEFAULT_VERSION

    def __repr__(self):
        text = '<%s filename=%r' % (type(self).__name__, self.filename)
        method = self.compress_type
        if method:
            text += ' compress_type=%s' % {8: 'deflate', 12: 'bzip2', 14: 'lzma'}.get(method, method)
        mode_bits, dos_bits = divmod(self.external_attr, 0x10000)
        if mode_bits:
            import stat
            text += ' filemode=%r' % stat.filemode(mode_bits)
        if dos_bits:
            text += ' external_attr=%#x' % dos_bits
        folder = self.is_dir()
        if self.file_size or not folder:
            text += ' file_size=%r' % self.file_size
        packed_differs = method != ZIP_STORED or self.file_size != self.compress_size
        if packed_differs and (self.compress_size or not folder):
            text += ' compress_size=%r' % self.compress_size
        return text + '>'

    def is_dir(self):
        return self.filename.endswith('/')

    @classmethod
    def from_file(cls, filename, arcname=None, *, strict_timestamps=True):
        src = os.fspath(filename)
        info = os.stat(src)
        folder = os.path.isdir(src)
        stamp = tuple(time.localtime(info.st_mtime)[:6])
        if stamp[0] < 1980 and not strict_timestamps:
            stamp = (1980, 1, 1, 0, 0, 0)
        inside = os.path.normpath(os.path.splitdrive(src if arcname is None else arcname)[1])
        inside = inside.lstrip(os.sep + (os.altsep or ''))
        member = cls(inside + '/' if folder else inside, stamp)
        member.external_attr = (info.st_mode & 0xFFFF) << 16 | (0x10 if folder else 0)
        member.file_size = 0 if folder else info.st_size
        return member

    def _dos_time(self):
        y, mo, d, h, mi, s = self.date_time
        return ((y - 1980) << 9 | mo << 5 | d), (h << 11 | mi << 5 | s // 2)

    def _encoded_name(self):
        if self.filename.isascii():
            return self.filename.encode(), self.flag_bits
        return self.filename.encode('utf-8'), self.flag_bits | 0x800   # "language encoding" bit


# The upper half of code page 437, the historical encoding of member names.
_CP437_HIGH = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\xa0'


def _decode_cp437(raw):
    return ''.join(chr(b) if b < 128 else _CP437_HIGH[b - 128] for b in raw)


def _find_end(data):
    """The end-of-central-directory record: (entries, cd_size, cd_offset, comment)."""
    if len(data) < _END.size:
        raise BadZipFile('File is not a zip file')
    start = data.rfind(_END_SIG, max(0, len(data) - 65536 - _END.size))
    if start < 0:
        raise BadZipFile('File is not a zip file')
    rec = _END.unpack_from(data, start)
    _, disk, disk_cd, n_here, n_total, cd_size, cd_offset, comment_len = rec
    comment = data[start + _END.size:start + _END.size + comment_len]
    if cd_offset == 0xFFFFFFFF or n_total == 0xFFFF:
        loc = start - 20
        if loc >= 0 and data[loc:loc + 4] == _END64_LOC_SIG:
            _, _, off64, _ = struct.unpack_from('<4sIQI', data, loc)
            if data[off64:off64 + 4] == _END64_SIG:
                fields = struct.unpack_from('<4sQHHIIQQQQ', data, off64)
                n_total, cd_size, cd_offset = fields[7], fields[8], fields[9]
    # Data prepended to the archive shifts every offset.
    concat = start - cd_size - cd_offset
    if concat < 0:
        concat = 0
    return n_total, cd_size, cd_offset + concat, comment, concat


def is_zipfile(filename):
    """True if filename (a path or file object) looks like a ZIP archive."""
    try:
        if hasattr(filename, 'read'):
            pos = filename.tell()
            data = filename.read()
            filename.seek(pos)
        else:
            with open(filename, 'rb') as fh:
                data = fh.read()
        _find_end(data)
        return True
    except (OSError, BadZipFile):
        return False


class ZipExtFile(io.BytesIO):
    """A member opened for reading (its whole content, decompressed and checked)."""

    def __init__(self, data, mode, zinfo):
        super().__init__(data)
        self.name = zinfo.filename
        self.mode = mode
        self._zinfo = zinfo

    def __repr__(self):
        return '<zipfile.ZipExtFile name=%r mode=%r compress_type=%s>' % (
            self.name, self.mode, {8: 'deflate'}.get(self._zinfo.compress_type, 'store'))


class _ZipWriteFile(io.BytesIO):
    def __init__(self, archive, zinfo):
        super().__init__()
        self._archive = archive
        self._zinfo = zinfo

    def close(self):
        if not self.closed:
            data = self.getvalue()
            super().close()
            self._archive._write_member(self._zinfo, data)
            self._archive._writing = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ZipFile:
    """A ZIP archive opened for reading ('r'), writing ('w', 'x') or appending ('a')."""

    fp = None

    def __init__(self, file, mode='r', compression=ZIP_STORED, allowZip64=True, compresslevel=None, *,
                 strict_timestamps=True, metadata_encoding=None):
        if mode not in _MODES:
            raise ValueError("ZipFile requires mode 'r', 'w', 'x', or 'a'")
        _check_method(compression)
        self.mode, self.compression, self.compresslevel = mode, compression, compresslevel
        self.allowZip64, self.metadata_encoding = allowZip64, metadata_encoding
        self._strict_timestamps = strict_timestamps
        self.debug = 0
        self.NameToInfo, self.filelist = {}, []
        self._comment = b''
        self._writing = self._closed = False
        if isinstance(file, (str, os.PathLike)):
            self.filename = os.fspath(file)
            self.fp = None
            self._own = True
            self._data = _load_path(self.filename, mode)
        else:
            self.filename = getattr(file, 'name', None)
            self.fp = file
            self._own = False
            self._data = _load_stream(file, mode)
        self._out = bytearray()
        self._start = 0
        if mode == 'r':
            self._read_directory()
        elif mode == 'a' and self._data:
            try:
                self._read_directory()
            except BadZipFile:
                # not an archive: new members go after the existing bytes
                self._out = bytearray(self._data)
            else:
                tail = max((m._end_offset for m in self.filelist), default=self._concat)
                self._out = bytearray(self._data[:tail])

    # -- reading ---------------------------------------------------------------------------------
    def _read_directory(self):
        data = self._data
        n, cd_size, cd_offset, comment, concat = _find_end(data)
        self._concat = concat
        self._comment = comment
        pos = cd_offset
        for _ in range(n):
            if data[pos:pos + 4] != _CENTRAL_SIG:
                raise BadZipFile('Bad magic number for central directory')
            (_, create_version, create_system, extract_version, flag_bits, compress_type, t, d, crc, csize, usize,
             name_len, extra_len, comment_len, disk, internal, external, offset) = _CENTRAL.unpack_from(data, pos)
            pos += _CENTRAL.size
            raw_name = data[pos:pos + name_len]
            pos += name_len
            extra = data[pos:pos + extra_len]
            pos += extra_len
            mcomment = data[pos:pos + comment_len]
            pos += comment_len
            if flag_bits & 0x800:
                name = raw_name.decode('utf-8')
            else:
                name = raw_name.decode(self.metadata_encoding) if self.metadata_encoding else \
                    _decode_cp437(raw_name)
            z = ZipInfo(name)
            z.extra = extra
            z.comment = mcomment
            z.create_version, z.create_system, z.extract_version = create_version, create_system, extract_version
            z.flag_bits, z.compress_type, z.CRC = flag_bits, compress_type, crc
            z.compress_size, z.file_size = csize, usize
            z.volume, z.internal_attr, z.external_attr = disk, internal, external
            z._raw_time = t
            z.date_time = ((d >> 9) + 1980, (d >> 5) & 0xF, d & 0x1F, t >> 11, (t >> 5) & 0x3F, (t & 0x1F) * 2)
            self._decode_zip64(z, extra, offset)
            z.header_offset += concat
            self.filelist.append(z)
            self.NameToInfo[z.filename] = z
        for z in self.filelist:
            hdr = data[z.header_offset:z.header_offset + _LOCAL.size]
            if len(hdr) == _LOCAL.size and hdr[:4] == _LOCAL_SIG:
                fields = _LOCAL.unpack(hdr)
                z._end_offset = z.header_offset + _LOCAL.size + fields[9] + fields[10] + z.compress_size
                if z.flag_bits & 0x08:
                    z._end_offset += 16 if data[z._end_offset:z._end_offset + 4] == b'PK\007\010' else 12

    def _decode_zip64(self, z, extra, offset):
        z.header_offset = offset
        pos = 0
        while pos + 4 <= len(extra):
            tag, size = struct.unpack_from('<HH', extra, pos)
            if tag == 1:
                vals = list(struct.unpack_from('<%dQ' % (size // 8), extra, pos + 4))
                if z.file_size == 0xFFFFFFFF and vals:
                    z.file_size = vals.pop(0)
                if z.compress_size == 0xFFFFFFFF and vals:
                    z.compress_size = vals.pop(0)
                if z.header_offset == 0xFFFFFFFF and vals:
                    z.header_offset = vals.pop(0)
            pos += 4 + size

    def _check_open(self, op):
        if self._closed:
            raise ValueError('Attempt to %s ZIP archive that was already closed' % op)

    def namelist(self):
        return [z.filename for z in self.filelist]

    def infolist(self):
        return list(self.filelist)

    def getinfo(self, name):
        info = self.NameToInfo.get(name)
        if info is None:
            raise KeyError('There is no item named %r in the archive' % name)
        return info

    def _member_bytes(self, zinfo, pwd=None):
        data = self._data
        off = zinfo.header_offset
        hdr = data[off:off + _LOCAL.size]
        if len(hdr) != _LOCAL.size:
            raise BadZipFile('Truncated file header')
        fields = _LOCAL.unpack(hdr)
        if fields[0] != _LOCAL_SIG:
            raise BadZipFile('Bad magic number for file header')
        if zinfo.flag_bits & 0x1:
            raise NotImplementedError('That compression method is not supported') if False else \
                RuntimeError('File %r is encrypted, password required for extraction' % zinfo.filename)
        start = off + _LOCAL.size + fields[9] + fields[10]
        raw = data[start:start + zinfo.compress_size]
        if zinfo.compress_type == ZIP_STORED:
            out = raw
        elif zinfo.compress_type == ZIP_DEFLATED:
            try:
                out = zlib.decompressobj(-15).decompress(raw)
            except zlib.error as e:
                raise BadZipFile('Bad compressed data: %s' % e) from None
        else:
            names = {12: 'bz2', 14: 'lzma'}
            if zinfo.compress_type in names:
                raise RuntimeError('Compression requires the (missing) %s module' % names[zinfo.compress_type])
            raise NotImplementedError('That compression method is not supported')
        if zlib.crc32(out) != zinfo.CRC:
            raise BadZipFile('Bad CRC-32 for file %r' % zinfo.filename)
        return out

    def read(self, name, pwd=None):
        handle = self.open(name, 'r', pwd)
        try:
            return handle.read()
        finally:
            handle.close()

    def _new_info(self, arcname):
        """A ZipInfo stamped now, with this archive's compression settings."""
        made = ZipInfo(arcname, time.localtime(time.time())[:6])
        made.compress_type, made.compress_level = self.compression, self.compresslevel
        return made

    def open(self, name, mode='r', pwd=None, *, force_zip64=False):
        if mode not in ('r', 'w'):
            raise ValueError('open() requires mode "r" or "w"')
        self._check_open('use' if mode == 'r' else 'write to')
        if mode == 'r':
            member = name if isinstance(name, ZipInfo) else self.getinfo(name)
            return ZipExtFile(self._member_bytes(member, pwd), 'r', member)
        if self.mode == 'r':
            raise ValueError(_WRITE_MODES)
        if isinstance(name, ZipInfo):
            member = name
        else:
            member = self._new_info(name)
            member.external_attr = 0o600 << 16
        self._writing = True
        return _ZipWriteFile(self, member)

    def testzip(self):
        for member in self.filelist:
            try:
                self._member_bytes(member)
            except BadZipFile:
                return member.filename
        return None

    def printdir(self, file=None):
        print('%-46s %19s %12s' % ('File Name', 'Modified    ', 'Size'), file=file)
        for m in self.filelist:
            stamp = '%d-%02d-%02d %02d:%02d:%02d' % m.date_time[:6]
            print('%-46s %s %12d' % (m.filename, stamp, m.file_size), file=file)

    def extract(self, member, path=None, pwd=None):
        dest = os.getcwd() if path is None else os.fspath(path)
        return self._unpack_one(member, dest, pwd)

    def extractall(self, path=None, members=None, pwd=None):
        dest = os.getcwd() if path is None else os.fspath(path)
        for m in self.namelist() if members is None else members:
            self._unpack_one(m, dest, pwd)

    def _unpack_one(self, member, dest, pwd):
        info = member if isinstance(member, ZipInfo) else self.getinfo(member)
        # drop drive letters, empty parts, '.' and '..' so nothing escapes dest
        parts = [seg for seg in os.path.splitdrive(info.filename)[1].split('/') if seg not in ('', '.', '..')]
        target = os.path.normpath(os.path.join(dest, *parts))
        parent = os.path.dirname(target)
        if parent and not os.path.exists(parent):
            os.makedirs(parent)
        if info.is_dir():
            if not os.path.isdir(target):
                os.mkdir(target)
        else:
            with open(target, 'wb') as sink:
                sink.write(self._member_bytes(info, pwd))
        return target

    # -- writing ---------------------------------------------------------------------------------
    def _writable_or_raise(self):
        self._check_open('write to')
        if self.mode == 'r':
            raise ValueError(_WRITE_MODES)
        if self._writing:
            raise ValueError("Can't write to the ZIP file while there is another write handle open on it. "
                             'Close the first handle before writing to another.')

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        self._writable_or_raise()
        member = ZipInfo.from_file(filename, arcname, strict_timestamps=self._strict_timestamps)
        payload = b''
        if not member.is_dir():
            member.compress_type = self.compression if compress_type is None else compress_type
            member.compress_level = self.compresslevel if compresslevel is None else compresslevel
            with open(filename, 'rb') as src:
                payload = src.read()
        self._write_member(member, payload)

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None):
        payload = data.encode('utf-8') if isinstance(data, str) else bytes(data)
        member = zinfo_or_arcname
        if not isinstance(member, ZipInfo):
            member = self._new_info(member)
            member.external_attr = (0o40775 << 16 | 0x10) if member.is_dir() else 0o600 << 16
        self._writable_or_raise()
        member.compress_type = member.compress_type if compress_type is None else compress_type
        member.compress_level = member.compress_level if compresslevel is None else compresslevel
        self._write_member(member, payload)

    def mkdir(self, zinfo_or_directory_name, mode=0o777):
        arg = zinfo_or_directory_name
        if isinstance(arg, ZipInfo):
            if not arg.is_dir():
                raise ValueError('The given ZipInfo does not describe a directory')
            member = arg
        elif isinstance(arg, str):
            member = ZipInfo(arg if arg.endswith('/') else arg + '/', time.localtime(time.time())[:6])
            member.external_attr = ((0o40000 | mode) & 0xFFFF) << 16 | 0x10
        else:
            raise TypeError('Expected type str or ZipInfo')
        self._writable_or_raise()
        self._write_member(member, b'')

    def _write_member(self, zinfo, data):
        zinfo.external_attr = zinfo.external_attr or 0o600 << 16
        if self.NameToInfo.get(zinfo.filename) is not None:
            import warnings
            warnings.warn('Duplicate name: %r' % zinfo.filename, stacklevel=3)
        method = zinfo.compress_type
        if method == ZIP_DEFLATED:
            lvl = zlib.Z_DEFAULT_COMPRESSION if zinfo.compress_level is None else zinfo.compress_level
            packer = zlib.compressobj(lvl, zlib.DEFLATED, -15)
            payload = packer.compress(data) + packer.flush()
            zinfo.create_version = max(zinfo.create_version, DEFAULT_VERSION)
            zinfo.extract_version = max(zinfo.extract_version, DEFAULT_VERSION)
        elif method == ZIP_STORED:
            payload = data
        else:
            raise NotImplementedError('That compression method is not supported')
        zinfo.file_size, zinfo.compress_size, zinfo.CRC = len(data), len(payload), zlib.crc32(data)
        if max(zinfo.file_size, len(self._out)) > 0xFFFFFFFF:
            raise LargeZipFile('Filesize would require ZIP64 extensions')
        zinfo.header_offset = len(self._out)
        raw_name, zinfo.flag_bits = zinfo._encoded_name()
        day, clock = zinfo._dos_time()
        self._out += _LOCAL.pack(_LOCAL_SIG, zinfo.extract_version, zinfo.flag_bits, method, clock, day,
                                 zinfo.CRC, zinfo.compress_size, zinfo.file_size, len(raw_name), len(zinfo.extra))
        self._out += raw_name + zinfo.extra + payload
        self._remember(zinfo)

    def _remember(self, zinfo):
        self.filelist += [zinfo]
        self.NameToInfo.update({zinfo.filename: zinfo})

    @property
    def comment(self):
        return self._comment

    @comment.setter
    def comment(self, value):
        if type(value) is not bytes:
            raise TypeError('comment: expected bytes, got %s' % type(value).__name__)
        self._comment = value[:0xFFFF]

    def _directory_bytes(self):
        out = bytearray()
        for m in self.filelist:
            raw_name, flags = m._encoded_name()
            day, clock = m._dos_time()
            out += _CENTRAL.pack(_CENTRAL_SIG, m.create_version, m.create_system, m.extract_version, flags,
                                 m.compress_type, clock, day, m.CRC, m.compress_size, m.file_size, len(raw_name),
                                 len(m.extra), len(m.comment), 0, m.internal_attr, m.external_attr,
                                 m.header_offset)
            out += raw_name + m.extra + m.comment
        return out

    def close(self):
        if self._closed:
            return
        self._closed = True
        if self.mode == 'r':
            return
        where = len(self._out)
        listing = self._directory_bytes()
        count = len(self.filelist)
        self._out += listing
        self._out += _END.pack(_END_SIG, 0, 0, count, count, len(listing), where, len(self._comment))
        self._out += self._comment
        blob = bytes(self._out)
        if self.fp is None:
            with open(self.filename, 'wb') as sink:
                sink.write(blob)
            return
        for step in ('seek', 'truncate'):
            fn = getattr(self.fp, step, None)
            try:
                if fn is not None:
                    fn(0) if step == 'seek' else fn()
            except OSError:
                pass
        self.fp.write(blob)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def __repr__(self):
        cls = type(self)
        head = '<%s.%s' % (cls.__module__, cls.__qualname__)
        if self._closed:
            return head + ' [closed]>'
        if self.filename:
            head += ' filename=%r' % (self.filename,)
        return head + ' mode=%r>' % (self.mode,)


_WRITE_MODES = "write() requires mode 'w', 'x', or 'a'"
_MODES = ('r', 'w', 'x', 'a')
_NEEDS = {ZIP_BZIP2: 'bz2', ZIP_LZMA: 'lzma', ZIP_ZSTANDARD: 'compression.zstd'}


def _check_method(method):
    if method in (ZIP_STORED, ZIP_DEFLATED):
        return
    if method in _NEEDS:
        raise RuntimeError('Compression requires the (missing) %s module' % _NEEDS[method])
    raise NotImplementedError('That compression method is not supported')


def _load_path(path, mode):
    """Existing bytes of the archive at path (b'' for a new one)."""
    if mode == 'x':
        open(path, 'xb').close()
    if mode in ('w', 'x'):
        return b''
    try:
        with open(path, 'rb') as fh:
            return fh.read()
    except FileNotFoundError:
        if mode == 'r':
            raise
        return b''


def _load_stream(fobj, mode):
    if mode not in ('r', 'a'):
        return b''
    seek = getattr(fobj, 'seek', None)
    if seek is not None:
        try:
            seek(0)
        except OSError:
            pass
    if mode == 'a':
        probe = getattr(fobj, 'readable', None)
        try:
            if probe is not None and not probe():
                return b''
        except OSError:
            pass
    return fobj.read()


PyZipFile = ZipFile


class Path:
    """A pathlib-style view of an archive member."""

    def __init__(self, root, at=''):
        self.root = root if isinstance(root, ZipFile) else ZipFile(root)
        self.at = at

    def _next(self, at):
        return Path(self.root, at)

    @property
    def name(self):
        return self.at.rstrip('/').split('/')[-1] if self.at else os.path.basename(self.root.filename or '')

    def is_dir(self):
        return not self.at or self.at.endswith('/') or any(n.startswith(self.at.rstrip('/') + '/')
                                                           for n in self.root.namelist())

    def is_file(self):
        return self.at in self.root.NameToInfo and not self.at.endswith('/')

    def exists(self):
        return self.is_file() or self.is_dir()

    def iterdir(self):
        prefix = self.at if not self.at or self.at.endswith('/') else self.at + '/'
        seen = []
        for n in self.root.namelist():
            if n.startswith(prefix) and n != prefix:
                rest = n[len(prefix):]
                child = rest.split('/')[0] + ('/' if '/' in rest else '')
                if child not in seen:
                    seen.append(child)
        return iter([self._next(prefix + c) for c in seen])

    def joinpath(self, *other):
        at = self.at
        for o in other:
            at = (at if not at or at.endswith('/') else at + '/') + o
        if at + '/' in self.root.NameToInfo:
            at += '/'
        return self._next(at)

    __truediv__ = joinpath

    def read_bytes(self):
        return self.root.read(self.at)

    def read_text(self, encoding='utf-8', *args, **kwargs):
        return self.read_bytes().decode(encoding, *args)

    def open(self, mode='r', *args, pwd=None, **kwargs):
        data = self.root.read(self.at)
        if 'b' in mode:
            return io.BytesIO(data)
        return io.StringIO(data.decode(kwargs.get('encoding') or 'utf-8'))

    def __str__(self):
        return os.path.join(self.root.filename or '', self.at)

    def __repr__(self):
        return '{}({!r}, {!r})'.format(type(self).__name__, self.root.filename, self.at)
