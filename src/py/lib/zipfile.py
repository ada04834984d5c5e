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


class BadZipFile(Exception):
    pass


class LargeZipFile(Exception):
    pass


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

    def __init__(self, filename='NoName', date_time=(1980, 1, 1, 0, 0, 0)):
        self.orig_filename = filename
        null = filename.find(chr(0))
        if null >= 0:
            filename = filename[:null]
        if os.sep != '/':
            filename = filename.replace(os.sep, '/')
        self.filename = filename
        self.date_time = date_time
        if date_time[0] < 1980:
            raise ValueError('ZIP does not support timestamps before 1980')
        self.compress_type = ZIP_STORED
        self.compress_level = None
        self.comment = b''
        self.extra = b''
        self.create_system = 3
        self.create_version = DEFAULT_VERSION
        self.extract_version = DEFAULT_VERSION
        self.reserved = 0
        self.flag_bits = 0
        self.volume = 0
        self.internal_attr = 0
        self.external_attr = 0
        self.header_offset = 0
        self.CRC = 0
        self.compress_size = 0
        self.file_size = 0
        self._end_offset = None

    def __repr__(self):
        parts = ['<%s filename=%r' % (self.__class__.__name__, self.filename)]
        if self.compress_type != ZIP_STORED:
            parts.append(' compress_type=%s' % {8: 'deflate', 12: 'bzip2', 14: 'lzma'}.get(
                self.compress_type, self.compress_type))
        hi = self.external_attr >> 16
        lo = self.external_attr & 0xFFFF
        if hi:
            import stat
            parts.append(' filemode=%r' % stat.filemode(hi))
        if lo:
            parts.append(' external_attr=%#x' % lo)
        isdir = self.is_dir()
        if not isdir or self.file_size:
            parts.append(' file_size=%r' % self.file_size)
        if (not isdir or self.compress_size) and (self.compress_type != ZIP_STORED or
                                                   self.file_size != self.compress_size):
            parts.append(' compress_size=%r' % self.compress_size)
        parts.append('>')
        return ''.join(parts)

    def is_dir(self):
        return self.filename.endswith('/')

    @classmethod
    def from_file(cls, filename, arcname=None, *, strict_timestamps=True):
        if isinstance(filename, os.PathLike):
            filename = os.fspath(filename)
        st = os.stat(filename)
        isdir = os.path.isdir(filename)
        mtime = time.localtime(st.st_mtime)
        date_time = mtime[0:6]
        if not strict_timestamps and date_time[0] < 1980:
            date_time = (1980, 1, 1, 0, 0, 0)
        if arcname is None:
            arcname = filename
        arcname = os.path.normpath(os.path.splitdrive(arcname)[1])
        while arcname[0] in (os.sep, os.altsep or os.sep):
            arcname = arcname[1:]
        if isdir:
            arcname += '/'
        zinfo = cls(arcname, date_time)
        zinfo.external_attr = (st.st_mode & 0xFFFF) << 16
        if isdir:
            zinfo.file_size = 0
            zinfo.external_attr |= 0x10
        else:
            zinfo.file_size = st.st_size
        return zinfo

    def _dos_time(self):
        y, mo, d, h, mi, s = self.date_time
        return ((y - 1980) << 9 | mo << 5 | d), (h << 11 | mi << 5 | s // 2)

    def _encoded_name(self):
        try:
            return self.filename.encode('ascii'), self.flag_bits
        except UnicodeEncodeError:
            return self.filename.encode('utf-8'), self.flag_bits | 0x800


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
            with open(filename, 'rb') as f:
                data = f.read()
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
        if mode not in ('r', 'w', 'x', 'a'):
            raise ValueError("ZipFile requires mode 'r', 'w', 'x', or 'a'")
        if compression not in (ZIP_STORED, ZIP_DEFLATED):
            if compression in (ZIP_BZIP2, ZIP_LZMA, ZIP_ZSTANDARD):
                raise RuntimeError('Compression requires the (missing) %s module' %
                                   {12: 'bz2', 14: 'lzma', 93: 'compression.zstd'}[compression])
            raise NotImplementedError('That compression method is not supported')
        self.mode = mode
        self.compression = compression
        self.compresslevel = compresslevel
        self.allowZip64 = allowZip64
        self._strict_timestamps = strict_timestamps
        self.metadata_encoding = metadata_encoding
        self.debug = 0
        self.NameToInfo = {}
        self.filelist = []
        self._comment = b''
        self._writing = False
        self._closed = False
        self._own = False
        if isinstance(file, os.PathLike):
            file = os.fspath(file)
        if isinstance(file, str):
            self.filename = file
            self._own = True
            if mode == 'r':
                with open(file, 'rb') as f:
                    self._data = f.read()
            elif mode == 'a':
                try:
                    with open(file, 'rb') as f:
                        self._data = f.read()
                except FileNotFoundError:
                    self._data = b''
            elif mode == 'x':
                with open(file, 'xb'):
                    pass
                self._data = b''
            else:
                self._data = b''
            self.fp = None
        else:
            self.filename = getattr(file, 'name', None)
            self.fp = file
            if mode in ('r', 'a'):
                try:
                    file.seek(0)
                except (AttributeError, OSError):
                    pass
                self._data = file.read() if mode == 'r' or _readable(file) else b''
            else:
                self._data = b''
        self._out = bytearray()
        if mode == 'r':
            self._read_directory()
        elif mode == 'a':
            if self._data:
                try:
                    self._read_directory()
                except BadZipFile:
                    self._out = bytearray(self._data)
                    self._start = len(self._out)
                else:
                    end = max((z._end_offset for z in self.filelist), default=self._concat)
                    self._out = bytearray(self._data[:end])
            self._start = 0

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
        with self.open(name, 'r', pwd) as f:
            return f.read()

    def open(self, name, mode='r', pwd=None, *, force_zip64=False):
        if mode not in ('r', 'w'):
            raise ValueError('open() requires mode "r" or "w"')
        self._check_open('read from' if mode == 'r' else 'write to')
        if mode == 'w':
            if self.mode == 'r':
                raise ValueError('open() requires mode "w", "x", or "a"') if False else \
                    ValueError("write() requires mode 'w', 'x', or 'a'")
            zinfo = name if isinstance(name, ZipInfo) else ZipInfo(name, time.localtime(time.time())[:6])
            if not isinstance(name, ZipInfo):
                zinfo.compress_type = self.compression
                zinfo.compress_level = self.compresslevel
                zinfo.external_attr = 0o600 << 16
            self._writing = True
            return _ZipWriteFile(self, zinfo)
        if self.mode not in ('r', 'a'):
            raise ValueError('Attempt to read ZIP archive that was already closed' if self._closed else
                             "read() requires mode 'r' or 'a'") if False else None
        zinfo = name if isinstance(name, ZipInfo) else self.getinfo(name)
        return ZipExtFile(self._member_bytes(zinfo, pwd), 'r', zinfo)

    def testzip(self):
        for z in self.filelist:
            try:
                self._member_bytes(z)
            except BadZipFile:
                return z.filename
        return None

    def printdir(self, file=None):
        print('%-46s %19s %12s' % ('File Name', 'Modified    ', 'Size'), file=file)
        for z in self.filelist:
            date = '%d-%02d-%02d %02d:%02d:%02d' % z.date_time[:6]
            print('%-46s %s %12d' % (z.filename, date, z.file_size), file=file)

    def extract(self, member, path=None, pwd=None):
        if path is None:
            path = os.getcwd()
        else:
            path = os.fspath(path)
        return self._extract_member(member, path, pwd)

    def extractall(self, path=None, members=None, pwd=None):
        if members is None:
            members = self.namelist()
        if path is None:
            path = os.getcwd()
        else:
            path = os.fspath(path)
        for m in members:
            self._extract_member(m, path, pwd)

    def _extract_member(self, member, targetpath, pwd):
        zinfo = member if isinstance(member, ZipInfo) else self.getinfo(member)
        arcname = zinfo.filename.replace('/', os.path.sep)
        arcname = os.path.splitdrive(arcname)[1]
        invalid = ('', os.path.curdir, os.path.pardir)
        arcname = os.path.sep.join(x for x in arcname.split(os.path.sep) if x not in invalid)
        target = os.path.normpath(os.path.join(targetpath, arcname))
        upper = os.path.dirname(target)
        if upper and not os.path.exists(upper):
            os.makedirs(upper)
        if zinfo.is_dir():
            if not os.path.isdir(target):
                os.mkdir(target)
            return target
        with open(target, 'wb') as out:
            out.write(self._member_bytes(zinfo, pwd))
        return target

    # -- writing ---------------------------------------------------------------------------------
    def _check_writable(self):
        self._check_open('write to')
        if self.mode == 'r':
            raise ValueError("write() requires mode 'w', 'x', or 'a'")
        if self._writing:
            raise ValueError("Can't write to the ZIP file while there is another write handle open on it. "
                             'Close the first handle before writing to another.')

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        self._check_writable()
        zinfo = ZipInfo.from_file(filename, arcname, strict_timestamps=self._strict_timestamps)
        if zinfo.is_dir():
            zinfo.compress_type = ZIP_STORED
            self._write_member(zinfo, b'')
            return
        zinfo.compress_type = compress_type if compress_type is not None else self.compression
        zinfo.compress_level = compresslevel if compresslevel is not None else self.compresslevel
        with open(filename, 'rb') as f:
            data = f.read()
        self._write_member(zinfo, data)

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None):
        if isinstance(data, str):
            data = data.encode('utf-8')
        if not isinstance(zinfo_or_arcname, ZipInfo):
            zinfo = ZipInfo(zinfo_or_arcname, time.localtime(time.time())[:6])
            zinfo.compress_type = self.compression
            zinfo.compress_level = self.compresslevel
            if zinfo.filename.endswith('/'):
                zinfo.external_attr = 0o40775 << 16
                zinfo.external_attr |= 0x10
            else:
                zinfo.external_attr = 0o600 << 16
        else:
            zinfo = zinfo_or_arcname
        self._check_writable()
        if compress_type is not None:
            zinfo.compress_type = compress_type
        if compresslevel is not None:
            zinfo.compress_level = compresslevel
        self._write_member(zinfo, bytes(data))

    def mkdir(self, zinfo_or_directory_name, mode=0o777):
        if isinstance(zinfo_or_directory_name, ZipInfo):
            zinfo = zinfo_or_directory_name
            if not zinfo.is_dir():
                raise ValueError('The given ZipInfo does not describe a directory')
        elif isinstance(zinfo_or_directory_name, str):
            name = zinfo_or_directory_name
            if not name.endswith('/'):
                name += '/'
            zinfo = ZipInfo(name, time.localtime(time.time())[:6])
            zinfo.external_attr = ((0o40000 | mode) & 0xFFFF) << 16 | 0x10
        else:
            raise TypeError('Expected type str or ZipInfo')
        self._check_writable()
        self._write_member(zinfo, b'')

    def _write_member(self, zinfo, data):
        if not zinfo.external_attr:
            zinfo.external_attr = 0o600 << 16       # ?rw-------
        if zinfo.filename in self.NameToInfo:
            import warnings
            warnings.warn('Duplicate name: %r' % zinfo.filename, stacklevel=3)
        if zinfo.compress_type == ZIP_DEFLATED:
            level = zinfo.compress_level if zinfo.compress_level is not None else zlib.Z_DEFAULT_COMPRESSION
            co = zlib.compressobj(level, zlib.DEFLATED, -15)
            payload = co.compress(data) + co.flush()
            zinfo.create_version = max(zinfo.create_version, DEFAULT_VERSION)
            zinfo.extract_version = max(zinfo.extract_version, DEFAULT_VERSION)
        else:
            if zinfo.compress_type not in (ZIP_STORED, ZIP_DEFLATED):
                raise NotImplementedError('That compression method is not supported')
            payload = data
        zinfo.file_size = len(data)
        zinfo.compress_size = len(payload)
        zinfo.CRC = zlib.crc32(data)
        if zinfo.file_size > 0xFFFFFFFF or len(self._out) > 0xFFFFFFFF:
            raise LargeZipFile('Filesize would require ZIP64 extensions')
        zinfo.header_offset = len(self._out)
        name, flags = zinfo._encoded_name()
        zinfo.flag_bits = flags
        d, t = zinfo._dos_time()
        self._out += _LOCAL.pack(_LOCAL_SIG, zinfo.extract_version, zinfo.flag_bits, zinfo.compress_type, t, d,
                                 zinfo.CRC, zinfo.compress_size, zinfo.file_size, len(name), len(zinfo.extra))
        self._out += name + zinfo.extra + payload
        self.filelist.append(zinfo)
        self.NameToInfo[zinfo.filename] = zinfo

    @property
    def comment(self):
        return self._comment

    @comment.setter
    def comment(self, comment):
        if not isinstance(comment, bytes):
            raise TypeError('comment: expected bytes, got %s' % type(comment).__name__)
        self._comment = comment[:0xFFFF]

    def close(self):
        if self._closed:
            return
        self._closed = True
        if self.mode == 'r':
            return
        start = len(self._out)
        for z in self.filelist:
            name, flags = z._encoded_name()
            d, t = z._dos_time()
            self._out += _CENTRAL.pack(_CENTRAL_SIG, z.create_version, z.create_system, z.extract_version, flags,
                                       z.compress_type, t, d, z.CRC, z.compress_size, z.file_size, len(name),
                                       len(z.extra), len(z.comment), 0, z.internal_attr, z.external_attr,
                                       z.header_offset)
            self._out += name + z.extra + z.comment
        size = len(self._out) - start
        n = len(self.filelist)
        self._out += _END.pack(_END_SIG, 0, 0, n, n, size, start, len(self._comment)) + self._comment
        blob = bytes(self._out)
        if self.fp is not None:
            try:
                self.fp.seek(0)
                self.fp.truncate()
            except (AttributeError, OSError):
                pass
            self.fp.write(blob)
        else:
            with open(self.filename, 'wb') as f:
                f.write(blob)

    def __enter__(self):
        return self

    def __exit__(self, type, value, traceback):
        self.close()

    def __repr__(self):
        result = ['<%s.%s' % (self.__class__.__module__, self.__class__.__qualname__)]
        if not self._closed:
            if self.filename:
                result.append(' filename=%r' % self.filename)
            result.append(' mode=%r' % self.mode)
        else:
            result.append(' [closed]')
        result.append('>')
        return ''.join(result)


def _readable(f):
    try:
        return f.readable()
    except (AttributeError, OSError):
        return True


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
