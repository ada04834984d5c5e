"""Temporary files and directories in the sandbox's /tmp (names from the run's
seeded random source, so a run is reproducible)."""
import os
import posix
import io as _io

__all__ = ['NamedTemporaryFile', 'TemporaryFile', 'SpooledTemporaryFile', 'TemporaryDirectory', 'mkstemp',
           'mkdtemp', 'mktemp', 'TMP_MAX', 'gettempprefix', 'tempdir', 'gettempdir', 'gettempprefixb',
           'gettempdirb']

TMP_MAX = 10000
template = 'tmp'
tempdir = None
_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_'


def _rand_name():
    bits = posix._random64()
    letters = []
    while len(letters) < 8:
        bits, k = divmod(bits, len(_CHARS))
        letters.append(_CHARS[k])
    return ''.join(letters)


def gettempprefix():
    return template


def gettempprefixb():
    return os.fsencode(template)


def gettempdir():
    global tempdir
    if tempdir is None:
        for envname in ('TMPDIR', 'TEMP', 'TMP'):
            d = os.getenv(envname)
            if d and os.path.isdir(d):
                tempdir = d
                break
        else:
            tempdir = '/tmp' if os.path.isdir('/tmp') else os.getcwd()
    return tempdir


def gettempdirb():
    return os.fsencode(gettempdir())


def _sanitize(suffix, prefix, dir):
    if suffix is None:
        suffix = ''
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return suffix, prefix, os.fspath(dir)


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """Like CPython, but there are no file descriptors: returns (3, path) and the file exists."""
    suffix, prefix, dir = _sanitize(suffix, prefix, dir)
    for _ in range(TMP_MAX):
        name = os.path.join(dir, prefix + _rand_name() + suffix)
        try:
            open(name, 'xb').close()
        except FileExistsError:
            continue
        return 3, os.path.abspath(name)
    raise FileExistsError(17, 'No usable temporary file name found')


def mkdtemp(suffix=None, prefix=None, dir=None):
    suffix, prefix, dir = _sanitize(suffix, prefix, dir)
    for _ in range(TMP_MAX):
        name = os.path.join(dir, prefix + _rand_name() + suffix)
        try:
            os.mkdir(name, 0o700)
        except FileExistsError:
            continue
        return os.path.abspath(name)
    raise FileExistsError(17, 'No usable temporary directory name found')


def mktemp(suffix='', prefix=template, dir=None):
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        name = os.path.join(dir, prefix + _rand_name() + suffix)
        if not os.path.exists(name):
            return name
    raise FileExistsError(17, 'No usable temporary filename found')


class _TemporaryFileWrapper:
    def __init__(self, file, name, delete=True, delete_on_close=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._delete_on_close = delete_on_close
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        self.file.__exit__(exc, value, tb)
        self._cleanup()
        return None

    def close(self):
        self.file.close()
        if self._delete_on_close:
            self._cleanup()

    def _cleanup(self):
        if self.delete and not self._closed:
            self._closed = True
            try:
                os.unlink(self.name)
            except FileNotFoundError:
                pass

    def __iter__(self):
        return iter(self.file)

    def __repr__(self):
        return '<tempfile._TemporaryFileWrapper file=%r name=%r>' % (self.file, self.name)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None,
                       delete=True, *, errors=None, delete_on_close=True):
    fd, name = mkstemp(suffix, prefix, dir)
    try:
        f = open(name, mode, buffering=buffering, newline=newline, encoding=encoding, errors=errors)
    except BaseException:
        os.unlink(name)
        raise
    return _TemporaryFileWrapper(f, name, delete, delete_on_close)


def TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, *,
                  errors=None):
    return NamedTemporaryFile(mode, buffering, encoding, newline, suffix, prefix, dir, errors=errors)


class SpooledTemporaryFile(_io.IOBase):
    """In memory until it grows past max_size, then a real file in /tmp."""

    def __init__(self, max_size=0, mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None,
                 prefix=None, dir=None, *, errors=None):
        self._file = _io.BytesIO() if 'b' in mode else _io.StringIO(newline='\n')
        self._max_size = max_size
        self._rolled = False
        self._spill_args = dict(mode=mode, buffering=buffering, encoding=encoding, newline=newline,
                                suffix=suffix, prefix=prefix, dir=dir, errors=errors)

    def rollover(self):
        if self._rolled:
            return
        memory = self._file
        where = memory.tell()
        disk = TemporaryFile(**self._spill_args)
        disk.write(memory.getvalue())
        disk.seek(where, 0)
        self._file = disk
        self._rolled = True

    def __enter__(self):
        return self

    def __exit__(self, exc, value, tb):
        self._file.close()

    def __iter__(self):
        return iter(self._file)

    def __getattr__(self, name):
        return getattr(self._file, name)

    def write(self, s):
        rv = self._file.write(s)
        if self._max_size and not self._rolled and self._file.tell() > self._max_size:
            self.rollover()
        return rv

    def writelines(self, iterable):
        for line in iterable:
            self.write(line)

    def close(self):
        self._file.close()

    @property
    def closed(self):
        return self._file.closed


class TemporaryDirectory:
    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False, *, delete=True):
        self.name = mkdtemp(suffix, prefix, dir)
        self._quiet, self._delete, self._done = ignore_cleanup_errors, delete, False

    def __repr__(self):
        return '<{} {!r}>'.format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        if self._delete:
            self.cleanup()

    def cleanup(self):
        if self._done:
            return
        self._done = True
        import shutil
        try:
            shutil.rmtree(self.name)
        except FileNotFoundError:
            pass
        except OSError:
            if not self._quiet:
                raise

    def __class_getitem__(cls, item):
        return cls
