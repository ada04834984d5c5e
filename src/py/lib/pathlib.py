"""Object-oriented filesystem paths over the sandbox (POSIX flavour only)."""
import os
import posix
import posixpath
import fnmatch as _fnmatch

__all__ = ['PurePath', 'PurePosixPath', 'PureWindowsPath', 'Path', 'PosixPath', 'WindowsPath',
           'UnsupportedOperation']

UnsupportedOperation = type('UnsupportedOperation', (NotImplementedError,), {'__module__': 'pathlib'})


def _split_root(path):
    if path[:1] != '/':
        return '', path
    if path[1:2] == '/' and path[2:3] != '/':
        return '//', path[2:]
    return '/', path.lstrip('/')


def _fresh(cls, root, parts):
    obj = object.__new__(cls)
    obj._root, obj._parts = root, parts
    obj._str_cache = obj._hash = None
    return obj


def _parse(args):
    root = ''
    parts = []
    for a in args:
        s = _text_of(a)
        if not s:
            continue
        r, rest = _split_root(s)
        if r:
            root = r
            parts = []
        for c in rest.split('/'):
            if c and c != '.':
                parts.append(c)
    return root, parts


def _text_of(a):
    if isinstance(a, str):
        return a
    if isinstance(a, PurePath):
        return a._str
    hook = getattr(type(a), '__fspath__', None)
    got = None if hook is None else hook(a)
    if isinstance(got, str):
        return got
    raise TypeError('argument should be a str or an os.PathLike object where __fspath__ '
                    'returns a str, not %r' % type(a if hook is None else got).__name__)


class _PathParents:
    __slots__ = ('_path', '_n')

    def __init__(self, path):
        self._path = path
        self._n = len(path._parts)

    def __len__(self):
        return self._n

    def __getitem__(self, idx):
        n = self._n
        if type(idx) is slice:
            return tuple(self[k] for k in range(*idx.indices(n)))
        if not -n <= idx < n:
            raise IndexError(idx)
        keep = (n - idx - 1) if idx >= 0 else (-idx - 1)
        base = self._path
        return base._from_parts(base._root, base._parts[:keep])

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __repr__(self):
        return '<{}.parents>'.format(type(self._path).__name__)


class PurePath:
    __slots__ = ('_root', '_parts', '_str_cache', '_hash')
    _flavour = posixpath
    parser = posixpath

    def __new__(cls, *args):
        return _fresh(PurePosixPath if cls is PurePath else cls, *_parse(args))

    def __init__(self, *args):
        pass

    def _derive(self, *segments):
        return self.with_segments(*segments)

    def with_segments(self, *args):
        return type(self)(*args)

    def _from_parts(self, root, parts):
        return _fresh(type(self), root, list(parts))

    @property
    def _str(self):
        s = self._str_cache
        if s is None:
            s = self._root + '/'.join(self._parts)
            if not s:
                s = '.'
            self._str_cache = s
        return s

    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def as_posix(self):
        return self._str

    def __bytes__(self):
        return os.fsencode(self._str)

    def __repr__(self):
        return '{}({!r})'.format(type(self).__name__, self._str)

    def as_uri(self):
        if not self._root:
            raise ValueError('relative path can\'t be expressed as a file URI')
        import urllib.parse as _up
        return 'file://' + _up.quote_from_bytes(os.fsencode(self._str))

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._str)
        return self._hash

    def _key(self, other):
        if not isinstance(other, PurePath) or isinstance(other, PureWindowsPath) != isinstance(self, PureWindowsPath):
            return None
        return other._str

    def __eq__(self, other):
        k = self._key(other)
        if k is None:
            return NotImplemented
        return self._str == k

    def __lt__(self, other):
        k = self._key(other)
        if k is None:
            return NotImplemented
        return self._parts_key() < other._parts_key()

    def __le__(self, other):
        k = self._key(other)
        if k is None:
            return NotImplemented
        return self._parts_key() <= other._parts_key()

    def __gt__(self, other):
        k = self._key(other)
        if k is None:
            return NotImplemented
        return self._parts_key() > other._parts_key()

    def __ge__(self, other):
        k = self._key(other)
        if k is None:
            return NotImplemented
        return self._parts_key() >= other._parts_key()

    def _parts_key(self):
        return self._str.split('/')

    def _join_or_ni(self, left, right, key):
        if isinstance(key, (str, PurePath)) or hasattr(type(key), '__fspath__'):
            try:
                return self._derive(left, right)
            except TypeError:
                pass
        return NotImplemented

    def __truediv__(self, key):
        return self._join_or_ni(self, key, key)

    def __rtruediv__(self, key):
        return self._join_or_ni(key, self, key)

    def __reduce__(self):
        return (type(self), (self._str,))

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def parts(self):
        if self._root:
            return (self._root,) + tuple(self._parts)
        return tuple(self._parts)

    @property
    def name(self):
        return self._parts[-1] if self._parts else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._from_parts(self._root, self._parts[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError('Invalid name %r' % (name,))
        return self._from_parts(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        ext = self.suffix
        if ext and not stem:
            raise ValueError('%r has a non-empty suffix' % (self,))
        return self.with_name(stem + ext)

    def with_suffix(self, suffix):
        if '/' in suffix:
            raise ValueError('Invalid suffix %r' % (suffix,))
        if suffix and (not suffix.startswith('.') or suffix == '.'):
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        base = name[:len(name) - len(self.suffix)]
        return self.with_name(base + suffix)

    def relative_to(self, other, *_deprecated, walk_up=False):
        other = self._derive(other, *_deprecated)
        if other._root != self._root:
            raise ValueError('%r is not in the subpath of %r' % (str(self), str(other)))
        n = len(other._parts)
        if self._parts[:n] == other._parts:
            return self._from_parts('', self._parts[n:])
        if not walk_up:
            raise ValueError('%r is not in the subpath of %r' % (str(self), str(other)))
        common = 0
        for a, b in zip(self._parts, other._parts):
            if a != b:
                break
            common += 1
        if '..' in other._parts[common:]:
            raise ValueError("'..' segment in %r cannot be walked" % (str(other),))
        return self._from_parts('', ['..'] * (n - common) + self._parts[common:])

    def is_relative_to(self, other, *_deprecated):
        other = self._derive(other, *_deprecated)
        return other._root == self._root and self._parts[:len(other._parts)] == other._parts

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def joinpath(self, *pathsegments):
        return self._derive(self, *pathsegments)

    def match(self, path_pattern, *, case_sensitive=None):
        pat = self.with_segments(path_pattern)
        if not pat._parts and not pat._root:
            raise ValueError('empty pattern')
        pparts = pat._parts
        sparts = self._parts
        if pat._root:
            if self._root != pat._root or len(sparts) != len(pparts):
                return False
        elif len(pparts) > len(sparts):
            return False
        for s, p in zip(reversed(sparts), reversed(pparts)):
            if not _fnmatch.fnmatchcase(s, p):
                return False
        return True

    def full_match(self, pattern, *, case_sensitive=None):
        pat = self.with_segments(pattern)
        return _glob_match(pat._root, pat._parts, self._root, self._parts)


def _glob_match(proot, pparts, sroot, sparts):
    if proot != sroot:
        return False
    def rec(i, j):
        if i == len(pparts):
            return j == len(sparts)
        if pparts[i] == '**':
            for k in range(j, len(sparts) + 1):
                if rec(i + 1, k):
                    return True
            return False
        if j < len(sparts) and _fnmatch.fnmatchcase(sparts[j], pparts[i]):
            return rec(i + 1, j + 1)
        return False
    return rec(0, 0)


class PurePosixPath(PurePath):
    __slots__ = ()


class PureWindowsPath(PurePath):
    __slots__ = ()

    def __new__(cls, *args):
        raise UnsupportedOperation('PureWindowsPath is not supported in the sandbox')


def _check_args(fname, params, args, kwargs):
    """Bind arguments the way Monty reports them: only the visible parameters count."""
    n = len(params)
    if len(args) > n:
        raise TypeError('%s() takes from 0 to %d positional arguments but %d were given' % (fname, n, len(args)))
    vals = {}
    names = [p[0] for p in params]
    for name, v in zip(names, args):
        vals[name] = v
    for k, v in kwargs.items():
        if k not in names:
            raise TypeError("%s() got an unexpected keyword argument '%s'" % (fname, k))
        if k in vals:
            raise TypeError("%s() got multiple values for argument '%s'" % (fname, k))
        vals[k] = v
    return [vals.get(name, default) for name, default in params]


class Path(PurePath):
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        return _fresh(PosixPath if cls is Path else cls, *_parse(args))

    @classmethod
    def cwd(cls):
        return cls(posix.getcwd())

    @classmethod
    def home(cls):
        return cls(posixpath.expanduser('~'))

    def absolute(self):
        if self._root:
            return self
        return self.with_segments(posix.getcwd(), self)

    def resolve(self, strict=False):
        return self.with_segments(posixpath.realpath(self._str, strict=strict))

    def expanduser(self):
        if self._parts and self._parts[0][:1] == '~' and not self._root:
            return self.with_segments(posixpath.expanduser(self._str))
        return self

    def stat(self, *, follow_symlinks=True):
        return os.stat(self._str, follow_symlinks=follow_symlinks)

    def lstat(self):
        return os.lstat(self._str)

    def exists(self, *, follow_symlinks=True):
        return posix._kind(self._str, follow_symlinks) != 0

    def is_file(self, *, follow_symlinks=True):
        return posix._kind(self._str, follow_symlinks) == 1

    def is_dir(self, *, follow_symlinks=True):
        return posix._kind(self._str, follow_symlinks) == 2

    def is_symlink(self):
        return posix._kind(self._str, False) == 3

    def is_mount(self):
        return self._str == '/'

    def is_junction(self):
        return False

    def is_block_device(self):
        return False

    def is_char_device(self):
        return posix._kind(self._str) == 4

    def is_fifo(self):
        return False

    def is_socket(self):
        return False

    def samefile(self, other_path):
        return posixpath.samefile(self._str, os.fspath(other_path))

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return open(self._str, mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None, newline=None):
        with open(self._str, 'r', encoding=encoding, errors=errors, newline=newline) as f:
            return f.read()

    def read_bytes(self):
        with open(self._str, 'rb') as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % data.__class__.__name__)
        with open(self._str, 'w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def write_bytes(self, data):
        binary = isinstance(data, (bytes, bytearray))
        if not binary:
            raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(data).__name__)
        view = data
        with open(self._str, 'wb') as f:
            return f.write(view)

    def iterdir(self):
        names = posix.listdir(self._str)
        return (self._child(name) for name in names)

    def _child(self, name):
        p = self._from_parts(self._root, self._parts + [name])
        return p

    def _scan(self):
        try:
            return sorted(posix._scandir(self._str))
        except OSError:
            return []

    def glob(self, pattern, *, case_sensitive=None, recurse_symlinks=False):
        pat = self.with_segments(pattern)
        if pat._root:
            raise NotImplementedError('Non-relative patterns are unsupported')
        if not pat._parts:
            raise ValueError('Unacceptable pattern: {!r}'.format(pat))
        dir_only = isinstance(pattern, str) and pattern.endswith('/')
        return self._glob(pat._parts, dir_only)

    def _glob(self, parts, dir_only):
        results = []
        seen = set()
        last = len(parts)

        def add(p):
            if p._str not in seen:
                seen.add(p._str)
                results.append(p)

        def walk_all(top, with_files):
            yield top, True
            stack = [top]
            while stack:
                d = stack.pop()
                subdirs = []
                for name, kind in d._scan():
                    child = d._child(name)
                    if kind == 2:
                        subdirs.append(child)
                        yield child, True
                    elif with_files:
                        yield child, kind == 3 and posix._kind(child._str) == 2
                stack.extend(reversed(subdirs))

        def select(path, i, is_dir):
            if i == last:
                if not dir_only or is_dir:
                    add(path)
                return
            if not is_dir:
                return
            part = parts[i]
            if part == '**':
                for d, d_is_dir in list(walk_all(path, i + 1 == last)):
                    select(d, i + 1, d_is_dir)
                return
            if not _has_magic(part):
                child = path._child(part)
                k = posix._kind(child._str)
                if k:
                    select(child, i + 1, k == 2)
                return
            for name, kind in path._scan():
                if _fnmatch.fnmatchcase(name, part):
                    child = path._child(name)
                    select(child, i + 1, kind == 2 or (kind == 3 and posix._kind(child._str) == 2))

        select(self, 0, True)
        return iter(results)

    def rglob(self, pattern, *, case_sensitive=None, recurse_symlinks=False):
        return self.glob('**/' + os.fspath(pattern), case_sensitive=case_sensitive)

    def walk(self, top_down=True, on_error=None, follow_symlinks=False):
        for root, dirs, files in os.walk(self._str, topdown=top_down, onerror=on_error, followlinks=follow_symlinks):
            yield self.with_segments(root), dirs, files

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, 'File exists', self._str)
            os.utime(self._str)
            return
        with open(self._str, 'a'):
            pass

    def mkdir(self, *args, **kwargs):
        mode, parents, exist_ok = _check_args('Path.mkdir', (('mode', 0o777), ('parents', False),
                                                            ('exist_ok', False)), args, kwargs)
        try:
            posix.mkdir(self._str, mode)
        except FileNotFoundError:
            up = self.parent
            if parents and up != self:
                up.mkdir(0o777, True, True)
                self.mkdir(mode, False, exist_ok)
            else:
                raise
        except OSError:
            if exist_ok and self.is_dir():
                return
            raise

    def chmod(self, mode, *, follow_symlinks=True):
        posix.chmod(self._str, mode, follow_symlinks=follow_symlinks)

    def lchmod(self, mode):
        posix.chmod(self._str, mode, follow_symlinks=False)

    def unlink(self, missing_ok=False):
        try:
            posix.unlink(self._str)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        posix.rmdir(self._str)

    def _move(self, target, how):
        t = os.fspath(target)
        try:
            how(self._str, t)
        except OSError as e:
            name = t if e.errno in (39, 17, 21, 20) and posix._kind(self._str) else self._str
            raise type(e)(e.errno, e.strerror, name) from None
        return self._derive(target)

    def rename(self, target):
        return self._move(target, posix.rename)

    def replace(self, target):
        return self._move(target, posix.replace)

    def symlink_to(self, target, target_is_directory=False):
        posix.symlink(os.fspath(target), self._str)

    def hardlink_to(self, target):
        import shutil
        shutil.copyfile(os.fspath(target), self._str)

    def readlink(self):
        return self.with_segments(posix.readlink(self._str))

    def owner(self, *, follow_symlinks=True):
        return 'user'

    def group(self, *, follow_symlinks=True):
        return 'user'

    def copy(self, target, **kwargs):
        import shutil
        if self.is_dir():
            shutil.copytree(self._str, os.fspath(target))
        else:
            shutil.copy2(self._str, os.fspath(target))
        return self._derive(target)


def _has_magic(s):
    return '*' in s or '?' in s or '[' in s


class PosixPath(Path, PurePosixPath):
    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise UnsupportedOperation('cannot instantiate %r on your system' % (cls.__name__,))
