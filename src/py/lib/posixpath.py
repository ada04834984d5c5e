"""Common operations on POSIX pathnames (os.path)."""
import posix
from posix import fspath as _fspath, _path_normpath as normpath

curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False

__all__ = ['normcase', 'isabs', 'join', 'splitdrive', 'splitroot', 'split', 'splitext', 'basename', 'dirname',
           'commonprefix', 'getsize', 'getmtime', 'getatime', 'getctime', 'islink', 'exists', 'lexists', 'isdir',
           'isfile', 'ismount', 'expanduser', 'expandvars', 'normpath', 'abspath', 'samefile', 'sameopenfile',
           'samestat', 'curdir', 'pardir', 'sep', 'pathsep', 'defpath', 'altsep', 'extsep', 'devnull', 'realpath',
           'supports_unicode_filenames', 'relpath', 'commonpath', 'isjunction', 'isdevdrive']


def _get_sep(path):
    return b'/' if isinstance(path, bytes) else '/'


def _check_arg_types(funcname, *args):
    hasstr = hasbytes = False
    for s in args:
        if isinstance(s, str):
            hasstr = True
        elif isinstance(s, bytes):
            hasbytes = True
        else:
            raise TypeError(f'{funcname}() argument must be str, bytes, or '
                            f'os.PathLike object, not {s.__class__.__name__!r}') from None
    if hasstr and hasbytes:
        raise TypeError("Can't mix strings and bytes in path components") from None


def normcase(s):
    return _fspath(s)


def isabs(s):
    s = _fspath(s)
    return s.startswith(_get_sep(s))


def join(a, *p):
    a = _fspath(a)
    sep = _get_sep(a)
    path = a
    try:
        for b in p:
            b = _fspath(b)
            if b.startswith(sep) or not path:
                path = b
            elif path.endswith(sep):
                path += b
            else:
                path += sep + b
    except (TypeError, AttributeError, BytesWarning):
        _check_arg_types('join', a, *p)
        raise
    return path


def split(p):
    p = _fspath(p)
    sep = _get_sep(p)
    i = p.rfind(sep) + 1
    head, tail = p[:i], p[i:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail


def splitext(p):
    p = _fspath(p)
    if isinstance(p, bytes):
        sep = b'/'
        extsep = b'.'
    else:
        sep = '/'
        extsep = '.'
    sep_index = p.rfind(sep)
    dot_index = p.rfind(extsep)
    if dot_index > sep_index:
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index:filename_index + 1] != extsep:
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, p[:0]


def splitdrive(p):
    p = _fspath(p)
    return p[:0], p


def splitroot(p):
    p = _fspath(p)
    if isinstance(p, bytes):
        sep = b'/'
        empty = b''
    else:
        sep = '/'
        empty = ''
    if p[:1] != sep:
        return empty, empty, p
    elif p[1:2] != sep or p[2:3] == sep:
        return empty, sep, p[1:]
    else:
        return empty, p[:2], p[2:]


def basename(p):
    p = _fspath(p)
    sep = _get_sep(p)
    i = p.rfind(sep) + 1
    return p[i:]


def dirname(p):
    p = _fspath(p)
    sep = _get_sep(p)
    i = p.rfind(sep) + 1
    head = p[:i]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head


def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(_fspath, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def exists(path):
    try:
        return posix._kind(path) != 0
    except (ValueError, TypeError):
        return False
    except OSError:
        return False


def lexists(path):
    try:
        return posix._kind(path, False) != 0
    except (ValueError, TypeError, OSError):
        return False


def isfile(path):
    try:
        return posix._kind(path) == 1
    except (ValueError, TypeError, OSError):
        return False


def isdir(s):
    try:
        return posix._kind(s) == 2
    except (ValueError, TypeError, OSError):
        return False


def islink(path):
    try:
        return posix._kind(path, False) == 3
    except (ValueError, TypeError, OSError):
        return False


def isjunction(path):
    _fspath(path)
    return False


def isdevdrive(path):
    return False


def ismount(path):
    path = _fspath(path)
    return path in ('/', b'/')


def getsize(filename):
    import os
    return os.stat(filename).st_size


def getmtime(filename):
    import os
    return os.stat(filename).st_mtime


def getatime(filename):
    import os
    return os.stat(filename).st_atime


def getctime(filename):
    import os
    return os.stat(filename).st_ctime


def samestat(s1, s2):
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


def samefile(f1, f2):
    return realpath(f1) == realpath(f2)


def sameopenfile(fp1, fp2):
    return fp1 == fp2


def expanduser(path):
    path = _fspath(path)
    if isinstance(path, bytes):
        tilde = b'~'
    else:
        tilde = '~'
    if not path.startswith(tilde):
        return path
    sep = _get_sep(path)
    i = path.find(sep, 1)
    if i < 0:
        i = len(path)
    if i == 1:
        userhome = posix.environ.get('HOME')
        if userhome is None:
            userhome = '/home/user'
    else:
        name = path[1:i]
        if isinstance(name, bytes):
            name = name.decode('utf-8', 'surrogateescape')
        if name == 'root':
            userhome = '/root'
        else:
            home = posix.environ.get('HOME', '/home/user')
            if home.rstrip('/').rsplit('/', 1)[-1] == name:
                userhome = home
            else:
                return path
    if isinstance(path, bytes):
        userhome = userhome.encode('utf-8', 'surrogateescape')
    userhome = userhome.rstrip(sep)
    return (userhome + path[i:]) or sep


def expandvars(path):
    path = _fspath(path)
    if isinstance(path, bytes):
        if b'$' not in path:
            return path
        text = path.decode('utf-8', 'surrogateescape')
        return expandvars(text).encode('utf-8', 'surrogateescape')
    if '$' not in path:
        return path
    env = posix.environ
    res = []
    i = 0
    n = len(path)
    while i < n:
        c = path[i]
        if c != '$':
            res.append(c)
            i += 1
            continue
        if i + 1 < n and path[i + 1] == '{':
            j = path.find('}', i + 2)
            if j < 0:
                res.append(path[i:])
                break
            name = path[i + 2:j]
            if name in env:
                res.append(env[name])
            else:
                res.append(path[i:j + 1])
            i = j + 1
            continue
        j = i + 1
        while j < n and (path[j].isalnum() or path[j] == '_') and path[j].isascii():
            j += 1
        name = path[i + 1:j]
        if name and name in env:
            res.append(env[name])
        else:
            res.append(path[i:j] if name else '$')
        i = j if name else i + 1
    return ''.join(res)


def abspath(path):
    path = _fspath(path)
    if not isabs(path):
        if isinstance(path, bytes):
            cwd = posix.getcwd().encode('utf-8', 'surrogateescape')
        else:
            cwd = posix.getcwd()
        path = join(cwd, path)
    return normpath(path)


def realpath(filename, *, strict=False):
    filename = _fspath(filename)
    if isinstance(filename, bytes):
        return realpath(filename.decode('utf-8', 'surrogateescape'), strict=strict).encode('utf-8', 'surrogateescape')
    if not posix._has_fs():
        return abspath(filename)
    return posix._realpath(filename, strict)


def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError('no path specified')
    if isinstance(path, bytes):
        curdir = b'.'
        sep = b'/'
        pardir = b'..'
    else:
        curdir = '.'
        sep = '/'
        pardir = '..'
    if start is None:
        start = curdir
    else:
        start = _fspath(start)
    try:
        start_tail = abspath(start).lstrip(sep)
        path_tail = abspath(path).lstrip(sep)
        start_list = start_tail.split(sep) if start_tail else []
        path_list = path_tail.split(sep) if path_tail else []
        i = len(commonprefix([start_list, path_list]))
        rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
        if not rel_list:
            return curdir
        return sep.join(rel_list)
    except (TypeError, AttributeError, BytesWarning, DeprecationWarning):
        _check_arg_types('relpath', path, start)
        raise


def commonpath(paths):
    paths = tuple(map(_fspath, paths))
    if not paths:
        raise ValueError('commonpath() arg is an empty iterable')
    if isinstance(paths[0], bytes):
        sep = b'/'
        curdir = b'.'
    else:
        sep = '/'
        curdir = '.'
    try:
        split_paths = [path.split(sep) for path in paths]
        try:
            isabs, = set(p[:1] == sep for p in paths)
        except ValueError:
            raise ValueError("Can't mix absolute and relative paths") from None
        split_paths = [[c for c in s if c and c != curdir] for s in split_paths]
        s1 = min(split_paths)
        s2 = max(split_paths)
        common = s1
        for i, c in enumerate(s1):
            if c != s2[i]:
                common = s1[:i]
                break
        prefix = sep if isabs else sep[:0]
        return prefix + sep.join(common)
    except (TypeError, AttributeError):
        _check_arg_types('commonpath', *paths)
        raise
