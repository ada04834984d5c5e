"""Filename globbing utility (CPython's glob; entries in sorted order)."""
import os
import posix
import fnmatch

__all__ = ['glob', 'iglob', 'escape', 'translate', 'has_magic']


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    found = iglob(pathname, root_dir=root_dir, recursive=recursive, include_hidden=include_hidden)
    return list(found)


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    pat = os.fspath(pathname)
    binary = isinstance(pat, bytes)
    base = None if root_dir is None else os.fsdecode(os.fspath(root_dir))
    hits = [h for h in _glob(os.fsdecode(pat), base, recursive, include_hidden) if h]
    return iter([os.fsencode(h) for h in hits] if binary else hits)


def _join(root, p):
    if root is None:
        return p
    return os.path.join(root, p) if p else root


def _listdir(root, d, dironly):
    path = _join(root, d) or os.curdir
    try:
        entries = posix._scandir(path)
    except OSError:
        return []
    if not dironly:
        return [name for name, kind in entries]
    return [name for name, kind in entries
            if kind == 2 or (kind == 3 and posix._kind(os.path.join(path, name)) == 2)]


def _glob(pathname, root, recursive, hidden, dironly=False, top=True):
    dirname, basename = os.path.split(pathname)
    magic = has_magic(pathname)
    if not magic:
        if basename:
            k = posix._kind(_join(root, pathname) or os.curdir)
            return [pathname] if (k == 2 if dironly else k) else []
        return [pathname] if posix._kind(_join(root, dirname) or os.curdir) == 2 else []
    if not dirname:
        if recursive and basename == '**':
            names = list(_glob2(root, '', hidden, dironly))
            return [n for n in names if n] if top else names
        return _glob1(root, '', basename, hidden, dironly)
    if has_magic(dirname):
        dirs = _glob(dirname, root, recursive, hidden, True, False)
    else:
        dirs = [dirname]
    out = []
    for d in dirs:
        if has_magic(basename):
            if recursive and basename == '**':
                names = list(_glob2(root, d, hidden, dironly))
            else:
                names = _glob1(root, d, basename, hidden, dironly)
        else:
            names = _glob0(root, d, basename)
        out.extend(os.path.join(d, n) if d else n for n in names)
    return out


def _glob1(root, d, pattern, hidden, dironly):
    names = _listdir(root, d, dironly)
    if not (hidden or _ishidden(pattern)):
        names = [x for x in names if not _ishidden(x)]
    return [x for x in names if fnmatch.fnmatch(x, pattern)]


def _glob0(root, d, basename):
    if basename:
        return [basename] if posix._kind(_join(root, os.path.join(d, basename))) else []
    return [basename] if posix._kind(_join(root, d) or os.curdir) == 2 else []


def _glob2(root, d, hidden, dironly):
    if not d or posix._kind(_join(root, d)) == 2:
        yield ''
    yield from _rlistdir(root, d, hidden, dironly)


def _rlistdir(root, d, hidden, dironly):
    for name in _listdir(root, d, False):
        if not hidden and _ishidden(name):
            continue
        p = os.path.join(d, name) if d else name
        isdir = posix._kind(_join(root, p), False) == 2
        if dironly and not isdir:
            continue
        yield name
        if isdir:
            for y in _rlistdir(root, p, hidden, dironly):
                yield os.path.join(name, y)


def _ishidden(path):
    return path[0] in ('.', b'.'[0]) if path else False


def _isrecursive(pattern):
    return pattern == '**'


def has_magic(s):
    return any(c in s for c in '*?[')


def escape(pathname):
    drv, rest = os.path.splitdrive(pathname)
    if isinstance(rest, bytes):
        return drv + b''.join(b'[%c]' % c if c in b'*?[' else bytes((c,)) for c in rest)
    return drv + ''.join('[%s]' % c if c in '*?[' else c for c in rest)


def translate(pat, *, recursive=False, include_hidden=False, seps=None):
    seps = seps or os.sep
    cls = ''.join('\\' + ch if ch in '\\]^-' else ch for ch in seps)
    sep_rx = '[%s]' % cls if len(seps) > 1 else cls
    non_sep = '[^%s]' % cls
    if include_hidden:
        name_rx = non_sep + '+'
        many_dirs = '(?:.+%s)?' % sep_rx
        tail_any = '.*'
    else:
        # names may not start with a dot unless the pattern says so
        name_rx = '[^%s.]%s*' % (cls, non_sep)
        many_dirs = '(?:%s%s)*' % (name_rx, sep_rx)
        tail_any = '%s(?:%s)?' % (many_dirs, name_rx)
    for other in seps[1:]:
        pat = pat.replace(other, seps[0])
    pieces = pat.split(seps[0])
    final_at = len(pieces) - 1
    out = []
    for n, seg in enumerate(pieces):
        final = n == final_at
        if seg == '*':
            out.append(name_rx if final else name_rx + sep_rx)
        elif seg == '**' and recursive:
            if final:
                out.append(tail_any)
            elif pieces[n + 1] != '**':     # '**/**' collapses into one
                out.append(many_dirs)
        else:
            if seg and seg[0] in '*?' and not include_hidden:
                out.append(r'(?!\.)')
            if seg:
                out.append(fnmatch._regex_body(seg, non_sep + '*', non_sep))
            if not final:
                out.append(sep_rx)
    return r'(?s:%s)\Z' % ''.join(out)
