"""Filename globbing utility (CPython's glob; entries in sorted order)."""
import os
import posix
import fnmatch

__all__ = ['glob', 'iglob', 'escape', 'translate', 'has_magic']


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    pathname = os.fspath(pathname)
    is_bytes = isinstance(pathname, bytes)
    if is_bytes:
        pathname = os.fsdecode(pathname)
        if root_dir is not None:
            root_dir = os.fsdecode(root_dir)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    results = _glob(pathname, root_dir, recursive, include_hidden)
    if is_bytes:
        results = [os.fsencode(r) for r in results]
    return iter(results)


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
    if not has_magic(pathname):
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
    return fnmatch.filter(names, pattern)


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
    drive, pathname = os.path.splitdrive(pathname)
    out = []
    for c in pathname:
        out.append('[' + c + ']' if c in '*?[' else c)
    return drive + ''.join(out)


def translate(pat, *, recursive=False, include_hidden=False, seps=None):
    if not seps:
        seps = os.sep
    escaped_seps = ''.join('\\' + s if s in '\\]^-' else s for s in seps)
    any_sep = f'[{escaped_seps}]' if len(seps) > 1 else escaped_seps
    not_sep = f'[^{escaped_seps}]'
    if include_hidden:
        one_last_segment = f'{not_sep}+'
        one_segment = f'{one_last_segment}{any_sep}'
        any_segments = f'(?:.+{any_sep})?'
        any_last_segments = '.*'
    else:
        one_last_segment = f'[^{escaped_seps}.]{not_sep}*'
        one_segment = f'{one_last_segment}{any_sep}'
        any_segments = f'(?:{one_segment})*'
        any_last_segments = f'{any_segments}(?:{one_last_segment})?'
    results = []
    parts = pat.split(seps[0]) if len(seps) == 1 else pat.split(seps[0])
    last_part_idx = len(parts) - 1
    for idx, part in enumerate(parts):
        if part == '*':
            results.append(one_segment if idx < last_part_idx else one_last_segment)
        elif recursive and part == '**':
            if idx < last_part_idx:
                if parts[idx + 1] != '**':
                    results.append(any_segments)
            else:
                results.append(any_last_segments)
        else:
            if part:
                if not include_hidden and part[0] in '*?':
                    results.append(r'(?!\.)')
                body = fnmatch.translate(part)
                results.append(body[4:-3])
            if idx < last_part_idx:
                results.append(any_sep)
    res = ''.join(results)
    return fr'(?s:{res})\Z'
