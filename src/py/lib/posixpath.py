"""os.path for the sandbox: POSIX path arithmetic over str or bytes."""
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


class _Tokens:
    """The separator, dot, parent and empty value for str or for bytes."""
    __slots__ = ('slash', 'dot', 'up', 'nil')

    def __init__(self, slash, dot, up, nil):
        self.slash, self.dot, self.up, self.nil = slash, dot, up, nil


_TEXT = _Tokens('/', '.', '..', '')
_BYTES = _Tokens(b'/', b'.', b'..', b'')


def _tok(p):
    return _BYTES if isinstance(p, bytes) else _TEXT


def _explain_mix(funcname, items):
    """Raise the TypeError CPython gives for bad or mixed argument types."""
    kinds = set()
    for it in items:
        if isinstance(it, (str, bytes)):
            kinds.add(isinstance(it, bytes))
            continue
        raise TypeError(f'{funcname}() argument must be str, bytes, or '
                        f'os.PathLike object, not {type(it).__name__!r}') from None
    if len(kinds) > 1:
        raise TypeError("Can't mix strings and bytes in path components") from None


def _cut(p):
    """Index just past the last separator."""
    return p.rfind(_tok(p).slash) + 1


def _trim_head(head, slash):
    # keep a head made only of slashes ('/' or '//') as it is
    if head.strip(slash):
        return head.rstrip(slash)
    return head


def normcase(s):
    return _fspath(s)


def isabs(s):
    s = _fspath(s)
    return s[:1] == _tok(s).slash


def join(a, *p):
    first = _fspath(a)
    slash = _tok(first).slash
    out = first
    try:
        for piece in map(_fspath, p):
            if not out or piece[:1] == slash:
                out = piece
            elif out[-1:] == slash:
                out = out + piece
            else:
                out = out + slash + piece
    except (TypeError, AttributeError, BytesWarning):
        _explain_mix('join', (first,) + p)
        raise
    return out


def split(p):
    p = _fspath(p)
    k = _cut(p)
    return _trim_head(p[:k], _tok(p).slash), p[k:]


def basename(p):
    p = _fspath(p)
    return p[_cut(p):]


def dirname(p):
    p = _fspath(p)
    return _trim_head(p[:_cut(p)], _tok(p).slash)


def splitext(p):
    p = _fspath(p)
    t = _tok(p)
    name_at = p.rfind(t.slash) + 1
    dot_at = p.rfind(t.dot)
    # a dot only starts an extension if something other than dots precedes it
    if dot_at > name_at and p[name_at:dot_at].strip(t.dot):
        return p[:dot_at], p[dot_at:]
    return p, t.nil


def splitdrive(p):
    p = _fspath(p)
    return p[:0], p


def splitroot(p):
    p = _fspath(p)
    t = _tok(p)
    lead = len(p) - len(p.lstrip(t.slash))
    if lead == 0:
        return t.nil, t.nil, p
    if lead == 2:
        return t.nil, p[:2], p[2:]      # exactly two slashes are kept (POSIX)
    return t.nil, t.slash, p[1:]


def commonprefix(m):
    if not m:
        return ''
    seqs = m if isinstance(m[0], (list, tuple)) else tuple(_fspath(x) for x in m)
    lo, hi = min(seqs), max(seqs)
    n = 0
    limit = min(len(lo), len(hi))
    while n < limit and lo[n] == hi[n]:
        n += 1
    return lo[:n]


def _kind_is(path, want, follow=True):
    try:
        got = posix._kind(path, follow)
    except (ValueError, TypeError, OSError):
        return False
    return got != 0 if want is None else got == want


def exists(path):
    return _kind_is(path, None)


def lexists(path):
    return _kind_is(path, None, False)


def isfile(path):
    return _kind_is(path, 1)


def isdir(s):
    return _kind_is(s, 2)


def islink(path):
    return _kind_is(path, 3, False)


def isjunction(path):
    _fspath(path)
    return False


def isdevdrive(path):
    return False


def ismount(path):
    return _fspath(path) in ('/', b'/')


def _stat_field(filename, field):
    import os
    return getattr(os.stat(filename), field)


def getsize(filename):
    return _stat_field(filename, 'st_size')


def getmtime(filename):
    return _stat_field(filename, 'st_mtime')


def getatime(filename):
    return _stat_field(filename, 'st_atime')


def getctime(filename):
    return _stat_field(filename, 'st_ctime')


def samestat(s1, s2):
    return (s1.st_dev, s1.st_ino) == (s2.st_dev, s2.st_ino)


def samefile(f1, f2):
    return realpath(f1) == realpath(f2)


def sameopenfile(fp1, fp2):
    return fp1 == fp2


def _home_for(user):
    """Home directory of user ('' = the current one), or None if unknown."""
    env = posix.environ
    if not user:
        return env.get('HOME', '/home/user')
    if user == 'root':
        return '/root'
    mine = env.get('HOME', '/home/user')
    return mine if mine.rstrip('/').rsplit('/', 1)[-1] == user else None


def expanduser(path):
    path = _fspath(path)
    t = _tok(path)
    if path[:1] != (b'~' if t is _BYTES else '~'):
        return path
    end = path.find(t.slash, 1)
    if end < 0:
        end = len(path)
    user = path[1:end]
    if t is _BYTES:
        user = user.decode('utf-8', 'surrogateescape')
    home = _home_for(user)
    if home is None:
        return path
    if t is _BYTES:
        home = home.encode('utf-8', 'surrogateescape')
    return home.rstrip(t.slash) + path[end:] or t.slash


def _var_name_end(text, start):
    k = start
    while k < len(text) and text[k].isascii() and (text[k].isalnum() or text[k] == '_'):
        k += 1
    return k


def expandvars(path):
    path = _fspath(path)
    if isinstance(path, bytes):
        if b'$' not in path:
            return path
        return expandvars(path.decode('utf-8', 'surrogateescape')).encode('utf-8', 'surrogateescape')
    if '$' not in path:
        return path
    env = posix.environ
    out = []
    pos = 0
    while True:
        dollar = path.find('$', pos)
        if dollar < 0:
            out.append(path[pos:])
            break
        out.append(path[pos:dollar])
        if path[dollar + 1:dollar + 2] == '{':
            close = path.find('}', dollar + 2)
            if close < 0:
                out.append(path[dollar:])
                break
            key = path[dollar + 2:close]
            pos = close + 1
        else:
            pos = _var_name_end(path, dollar + 1)
            key = path[dollar + 1:pos]
            if not key:
                out.append('$')
                pos = dollar + 1
                continue
        out.append(env[key] if key in env else path[dollar:pos])
    return ''.join(out)


def abspath(path):
    path = _fspath(path)
    if isabs(path):
        return normpath(path)
    here = posix.getcwd()
    if isinstance(path, bytes):
        here = here.encode('utf-8', 'surrogateescape')
    return normpath(join(here, path))


def realpath(filename, *, strict=False):
    filename = _fspath(filename)
    if isinstance(filename, bytes):
        text = realpath(filename.decode('utf-8', 'surrogateescape'), strict=strict)
        return text.encode('utf-8', 'surrogateescape')
    if posix._has_fs():
        return posix._realpath(filename, strict)
    return abspath(filename)


def _components(p, t):
    return [c for c in abspath(p).split(t.slash) if c]


def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError('no path specified')
    t = _tok(path)
    start = t.dot if start is None else _fspath(start)
    try:
        here, there = _components(start, t), _components(path, t)
        same = 0
        while same < min(len(here), len(there)) and here[same] == there[same]:
            same += 1
        steps = [t.up] * (len(here) - same) + there[same:]
        return t.slash.join(steps) if steps else t.dot
    except (TypeError, AttributeError, BytesWarning, DeprecationWarning):
        _explain_mix('relpath', (path, start))
        raise


def commonpath(paths):
    paths = tuple(_fspath(p) for p in paths)
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    t = _tok(paths[0])
    try:
        split_up = [p.split(t.slash) for p in paths]
        rooted = {p[:1] == t.slash for p in paths}
        if len(rooted) != 1:
            raise ValueError("Can't mix absolute and relative paths") from None
        pieces = [[c for c in parts if c and c != t.dot] for parts in split_up]
        lo, hi = min(pieces), max(pieces)
        n = 0
        while n < len(lo) and lo[n] == hi[n]:
            n += 1
        return (t.slash if rooted.pop() else t.nil) + t.slash.join(lo[:n])
    except (TypeError, AttributeError):
        _explain_mix('commonpath', paths)
        raise
