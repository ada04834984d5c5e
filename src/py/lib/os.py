"""OS routines over the sandbox: the posix primitives plus what CPython's os.py adds."""
import sys
import posix
import posixpath as path
from posix import (stat as _posix_stat, lstat as _posix_lstat, listdir, unlink, remove, rmdir, mkdir, rename,
                   replace, getcwd, chdir, readlink, symlink, chmod, utime, truncate, access, urandom, getpid,
                   getppid, getuid, geteuid, getgid, getegid, cpu_count, strerror, fspath)

sys.modules.update({'os.path': path})    # import os.path works

name = 'posix'
sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
linesep = '\n'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
curdir = '.'
pardir = '..'
supports_follow_symlinks = set()
supports_dir_fd = set()
supports_fd = set()
supports_effective_ids = set()

F_OK = 0
R_OK = 4
W_OK = 2
X_OK = 1
O_RDONLY = 0
O_WRONLY = 1
O_RDWR = 2
O_APPEND = 1024
O_CREAT = 64
O_EXCL = 128
O_TRUNC = 512
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
EX_OK = 0

error = OSError


class stat_result:
    """The result of os.stat(): a 10-tuple with st_* attributes (a structseq in CPython)."""
    __slots__ = ('_t', '_ns')
    n_sequence_fields = 10
    n_fields = 10
    n_unnamed_fields = 0
    _fields = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid', 'st_size',
               'st_atime', 'st_mtime', 'st_ctime')

    def __init__(self, seq, ns=None):
        t = tuple(seq)
        if len(t) != 10:
            raise TypeError('os.stat_result() takes a 10-sequence (%d-sequence given)' % len(t))
        self._t = t
        self._ns = ns if ns is not None else t[8] * 1000000000

    def __repr__(self):
        return 'os.stat_result(' + ', '.join('%s=%r' % (n, v) for n, v in zip(self._fields, self._t)) + ')'

    def __getitem__(self, i):
        return self._t[i]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._t)

    def __eq__(self, other):
        mine = self._t
        if isinstance(other, stat_result):
            return mine == other._t
        return mine == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self):
        return hash(self._t)

    def __reduce__(self):
        return (stat_result, (self._t,))

    def count(self, v):
        return self._t.count(v)

    def index(self, *args):
        return self._t.index(*args)

    st_mode = property(lambda self: self._t[0])
    st_ino = property(lambda self: self._t[1])
    st_dev = property(lambda self: self._t[2])
    st_nlink = property(lambda self: self._t[3])
    st_uid = property(lambda self: self._t[4])
    st_gid = property(lambda self: self._t[5])
    st_size = property(lambda self: self._t[6])
    st_atime = property(lambda self: self._ns / 1e9)
    st_mtime = property(lambda self: self._ns / 1e9)
    st_ctime = property(lambda self: self._ns / 1e9)
    st_atime_ns = property(lambda self: self._ns)
    st_mtime_ns = property(lambda self: self._ns)
    st_ctime_ns = property(lambda self: self._ns)
    st_blksize = property(lambda self: 4096)
    st_blocks = property(lambda self: (self._t[6] + 511) // 512)
    st_rdev = property(lambda self: 0)


def _make_stat(raw):
    mode, ino, dev, nlink, size, sec, ns, fsec = raw
    return stat_result((mode, ino, dev, nlink, 1000, 1000, size, sec, sec, sec), ns)


def stat(*args, **kwargs):
    return _make_stat(_posix_stat(*args, **kwargs))


def lstat(*args, **kwargs):
    return _make_stat(_posix_lstat(*args, **kwargs))


class DirEntry:
    __slots__ = ('name', 'path', '_kind', '_stat', '_lstat')

    def __init__(self, dirpath, name, kind):
        self.name = name
        self.path = path.join(dirpath, name)
        self._kind = kind
        self._stat = None
        self._lstat = None

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry %r>' % (self.name,)

    def is_dir(self, *, follow_symlinks=True):
        if self._kind == 3 and follow_symlinks:
            return posix._kind(self.path) == 2
        return self._kind == 2

    def is_file(self, *, follow_symlinks=True):
        if self._kind == 3 and follow_symlinks:
            return posix._kind(self.path) == 1
        return self._kind == 1

    def is_symlink(self):
        return self._kind == 3

    def is_junction(self):
        return False

    def stat(self, *, follow_symlinks=True):
        if follow_symlinks:
            if self._stat is None:
                self._stat = stat(self.path)
            return self._stat
        if self._lstat is None:
            self._lstat = lstat(self.path)
        return self._lstat

    def inode(self):
        return self.stat(follow_symlinks=False).st_ino

    def __class_getitem__(cls, item):
        return cls


class _ScandirIterator:
    def __init__(self, top, entries):
        self._top = top
        self._entries = entries
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._entries is None or self._i >= len(self._entries):
            raise StopIteration
        name, kind = self._entries[self._i]
        self._i += 1
        return DirEntry(self._top, name, kind)

    def close(self):
        self._entries = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()
        return False


def scandir(path=None):
    top = '.' if path is None else fspath(path)
    return _ScandirIterator(top, posix._scandir(path))


def _is_link(entry):
    try:
        return entry.is_symlink()
    except OSError:
        return True


def walk(top, topdown=True, onerror=None, followlinks=False):
    # explicit work list: a str is a directory still to list, a tuple is a
    # finished bottom-up triple waiting until its subdirectories are done
    pending = [fspath(top)]
    while pending:
        item = pending.pop()
        if type(item) is tuple:
            yield item
            continue
        try:
            listing = list(scandir(item))
        except OSError as exc:
            if onerror is not None:
                onerror(exc)
            continue
        subdirs, files, descend = [], [], []
        for ent in listing:
            try:
                folder = ent.is_dir()
            except OSError:
                folder = False
            (subdirs if folder else files).append(ent.name)
            if folder and not topdown and (followlinks or not _is_link(ent)):
                descend.append(ent.path)
        if topdown:
            yield item, subdirs, files
            # the caller may have pruned subdirs in place
            descend = [path.join(item, d) for d in subdirs]
            descend = [d for d in descend if followlinks or not path.islink(d)]
        else:
            pending.append((item, subdirs, files))
        pending.extend(descend[::-1])


def _up_and_leaf(p):
    up, leaf = path.split(p)
    return path.split(up) if not leaf else (up, leaf)


def makedirs(name, mode=0o777, exist_ok=False):
    up, leaf = _up_and_leaf(name)
    chain = []
    probe = up if (up and leaf and not path.exists(up)) else None
    while probe:
        above, probe_leaf = _up_and_leaf(probe)
        chain.append((probe, probe_leaf))
        if not (above and probe_leaf) or path.exists(above):
            break
        probe = above
    for folder, folder_leaf in reversed(chain):
        if folder_leaf in ('.', b'.'):
            continue
        try:
            mkdir(folder)
        except FileExistsError:
            pass
    if chain and leaf in ('.', b'.'):
        return
    try:
        mkdir(name, mode)
    except OSError:
        if exist_ok and path.isdir(name):
            return
        raise


def removedirs(name):
    rmdir(name)
    up, leaf = _up_and_leaf(name)
    while up and leaf:
        try:
            rmdir(up)
        except OSError:
            return
        up, leaf = path.split(up)


def renames(old, new):
    dest_dir, dest_leaf = path.split(new)
    if dest_dir and dest_leaf and not path.exists(dest_dir):
        makedirs(dest_dir)
    rename(old, new)
    src_dir, src_leaf = path.split(old)
    if src_dir and src_leaf:
        try:
            removedirs(src_dir)
        except OSError:
            pass


def getcwdb():
    return getcwd().encode('utf-8', 'surrogateescape')


def fsencode(filename):
    p = fspath(filename)
    return p.encode('utf-8', 'surrogateescape') if isinstance(p, str) else p


def fsdecode(filename):
    p = fspath(filename)
    return p.decode('utf-8', 'surrogateescape') if isinstance(p, bytes) else p


class _PathLikeMeta(type):
    def __instancecheck__(cls, obj):
        return hasattr(type(obj), '__fspath__')

    def __subclasscheck__(cls, sub):
        return hasattr(sub, '__fspath__')


class PathLike(metaclass=_PathLikeMeta):
    def __fspath__(self):
        raise NotImplementedError

    def __class_getitem__(cls, item):
        return cls


class _Environ:
    def __init__(self, data):
        self._data = data

    def _check(self, value, what='str'):
        return _want_str(value)

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._check(key)
        self._check(value)
        self._data[key] = value

    def __delitem__(self, key):
        if key not in self._data:
            raise KeyError(key)
        del self._data[key]

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __repr__(self):
        return 'environ({%s})' % ', '.join('%r: %r' % (k, v) for k, v in self._data.items())

    def __eq__(self, other):
        if isinstance(other, _Environ):
            other = other._data
        return self._data == other if isinstance(other, dict) else NotImplemented

    def __or__(self, other):
        if not isinstance(other, (dict, _Environ)):
            return NotImplemented
        new = dict(self._data)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, (dict, _Environ)):
            return NotImplemented
        new = dict(other)
        new.update(self._data)
        return new

    def __ior__(self, other):
        self.update(other)
        return self

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self._data:
            self[key] = value
        return self._data[key]

    def pop(self, key, *default):
        if key in self._data:
            return self._data.pop(key)
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self):
        return self._data.popitem()

    def clear(self):
        self._data.clear()

    def update(self, other=(), /, **kwds):
        pairs = [(k, other[k]) for k in other.keys()] if hasattr(other, 'keys') else list(other)
        for k, v in pairs + list(kwds.items()):
            self[k] = v


environ = _Environ(posix.environ)


def _want_str(value):
    if isinstance(value, str):
        return value
    raise TypeError('str expected, not %s' % type(value).__name__)


def getenv(key, default=None):
    return environ._data.get(_want_str(key), default)


def putenv(key, value):
    environ[key] = value


def unsetenv(key):
    environ.pop(key, None)


def get_exec_path(env=None):
    if env is None:
        env = environ
    p = env.get('PATH', defpath)
    return p.split(pathsep)


class terminal_size(tuple):
    def __new__(cls, seq):
        return tuple.__new__(cls, seq)

    columns = property(lambda self: self[0])
    lines = property(lambda self: self[1])

    def __repr__(self):
        return 'os.terminal_size(columns=%d, lines=%d)' % self


def get_terminal_size(fd=1):
    raise OSError(25, 'Inappropriate ioctl for device')


class uname_result(tuple):
    def __new__(cls, seq):
        return tuple.__new__(cls, seq)

    sysname = property(lambda self: self[0])
    nodename = property(lambda self: self[1])
    release = property(lambda self: self[2])
    version = property(lambda self: self[3])
    machine = property(lambda self: self[4])

    def __repr__(self):
        return ('posix.uname_result(sysname=%r, nodename=%r, release=%r, version=%r, machine=%r)' % self)


def uname():
    return uname_result(('Linux', 'sandbox', '6.0.0', '#1 SMP', 'x86_64'))


def umask(mask):
    return 0o022


def getlogin():
    return environ.get('USER', 'user')


def fstat(fd):
    raise OSError(9, 'Bad file descriptor')


def close(fd):
    raise OSError(9, 'Bad file descriptor')


def isatty(fd):
    return False


def link(src, dst, *, src_dir_fd=None, dst_dir_fd=None, follow_symlinks=True):
    import shutil
    shutil.copyfile(src, dst)


def times():
    return (0.0, 0.0, 0.0, 0.0, 0.0)


def device_encoding(fd):
    return None


del sys
