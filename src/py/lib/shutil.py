"""shutil for Sandkiste: copying, moving and deleting files and trees.

Everything works on the sandbox's virtual filesystem.  The bulk work (copying
one file's bytes, deleting a whole tree) is done by the posix module's
_copyfile/_rmtree helpers; archives and executables do not exist here.
"""
import os
import posix
import fnmatch
import collections

__all__ = ['copyfileobj', 'copyfile', 'copymode', 'copystat', 'copy', 'copy2', 'copytree', 'move', 'rmtree',
           'Error', 'SpecialFileError', 'ExecError', 'make_archive', 'get_archive_formats', 'register_archive_format',
           'unregister_archive_format', 'get_unpack_formats', 'register_unpack_format', 'unregister_unpack_format',
           'unpack_archive', 'ignore_patterns', 'chown', 'which', 'get_terminal_size', 'SameFileError',
           'disk_usage']

COPY_BUFSIZE = 65536

# posix._kind() answers
_MISSING, _FILE, _DIR = 0, 1, 2


class Error(OSError):
    pass


class SameFileError(Error):
    """copyfile() was asked to copy a file onto itself."""


class SpecialFileError(OSError):
    """A special file (pipe, device) cannot be copied."""


class ExecError(OSError):
    pass


class ReadError(OSError):
    pass


class RegistryError(Exception):
    """Registering an archive format failed."""


def copyfileobj(fsrc, fdst, length=0):
    """Copy everything readable from fsrc into fdst, length at a time."""
    step = length or COPY_BUFSIZE
    pull, push = fsrc.read, fdst.write
    chunk = pull(step)
    while chunk:
        push(chunk)
        chunk = pull(step)


def _is_same(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def copyfile(src, dst, *, follow_symlinks=True):
    """Copy the bytes of src to dst and return dst."""
    src, dst = os.fspath(src), os.fspath(dst)
    if _is_same(src, dst):
        raise SameFileError('%r and %r are the same file' % (src, dst))
    if os.path.islink(src) and not follow_symlinks:
        os.symlink(os.readlink(src), dst)
    elif posix._kind(src) == _DIR:
        raise IsADirectoryError(21, 'Is a directory', src)
    else:
        posix._copyfile(src, dst)
    return dst


def _permission_bits(path, follow):
    return os.stat(path, follow_symlinks=follow).st_mode & 0o7777


def copymode(src, dst, *, follow_symlinks=True):
    os.chmod(dst, _permission_bits(src, follow_symlinks))


def copystat(src, dst, *, follow_symlinks=True):
    info = os.stat(src, follow_symlinks=follow_symlinks)
    os.utime(dst, ns=(info.st_atime_ns, info.st_mtime_ns))
    os.chmod(dst, info.st_mode & 0o7777)


def _copy_then(src, dst, follow, finish):
    # copying into a directory keeps the source's name
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    for step in (copyfile, finish):
        step(src, dst, follow_symlinks=follow)
    return dst


def copy(src, dst, *, follow_symlinks=True):
    """copyfile() plus the permission bits."""
    return _copy_then(src, dst, follow_symlinks, copymode)


def copy2(src, dst, *, follow_symlinks=True):
    """copyfile() plus permission bits and timestamps."""
    return _copy_then(src, dst, follow_symlinks, copystat)


def ignore_patterns(*patterns):
    """An ignore= callable for copytree() that skips names matching any glob."""
    def skip(path, names):
        return {n for n in names if any(fnmatch.fnmatch(n, pat) for pat in patterns)}
    return skip


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2, ignore_dangling_symlinks=False,
             dirs_exist_ok=False):
    """Copy the directory tree src to dst; failures are gathered into one Error."""
    src, dst = os.fspath(src), os.fspath(dst)
    with os.scandir(src) as listing:
        entries = list(listing)
    skipped = set() if ignore is None else ignore(src, [e.name for e in entries])
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    problems = []
    for entry in entries:
        if entry.name in skipped:
            continue
        here = os.path.join(src, entry.name)
        there = os.path.join(dst, entry.name)
        try:
            if entry.is_symlink() and symlinks:
                os.symlink(os.readlink(here), there)
            elif entry.is_symlink() and ignore_dangling_symlinks and not os.path.exists(here):
                continue
            elif entry.is_dir():
                copytree(here, there, symlinks, ignore, copy_function, ignore_dangling_symlinks,
                         dirs_exist_ok)
            else:
                copy_function(here, there)
        except Error as nested:
            problems += nested.args[0]
        except OSError as exc:
            problems.append((here, there, str(exc)))
    try:
        copystat(src, dst)
    except OSError as exc:
        problems.append((src, dst, str(exc)))
    if problems:
        raise Error(problems)
    return dst


def rmtree(path, ignore_errors=False, onerror=None, *, onexc=None, dir_fd=None):
    """Delete a directory and everything below it."""
    path = os.fspath(path)
    if ignore_errors:
        report = None
        silent = True
    else:
        silent = False
        report = onexc
        if report is None and onerror is not None:
            def report(fn, where, exc):
                onerror(fn, where, (type(exc), exc, exc.__traceback__))
    try:
        if os.path.islink(path):
            raise OSError('Cannot call rmtree on a symbolic link')
        if posix._kind(path) == _FILE:
            raise NotADirectoryError(20, 'Not a directory', path)
        posix._rmtree(path)
    except OSError as exc:
        if silent:
            return
        if report is None:
            raise
        report(os.rmdir if isinstance(exc, NotADirectoryError) else os.lstat, path, exc)


rmtree.avoids_symlink_attacks = True


def _inside(path, tree):
    tree = os.path.abspath(tree).rstrip('/') + '/'
    return (os.path.abspath(path).rstrip('/') + '/').startswith(tree)


def move(src, dst, copy_function=copy2):
    """Rename src to dst, falling back to copy-and-delete; returns the final path."""
    src, dst = os.fspath(src), os.fspath(dst)
    final = dst
    if os.path.isdir(dst):
        if _is_same(src, dst) and not os.path.islink(src):
            os.rename(src, dst)
            return None
        final = os.path.join(dst, os.path.basename(src.rstrip('/')))
        if os.path.exists(final):
            raise Error("Destination path '%s' already exists" % final)
    try:
        os.rename(src, final)
        return final
    except OSError:
        pass
    if os.path.islink(src):
        os.symlink(os.readlink(src), final)
        os.unlink(src)
    elif os.path.isdir(src):
        if _inside(final, src):
            raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
        copytree(src, final, copy_function=copy_function, symlinks=True)
        rmtree(src)
    else:
        copy_function(src, final)
        os.unlink(src)
    return final


_DiskUsage = collections.namedtuple('usage', ('total', 'used', 'free'))


def disk_usage(path):
    """The sandbox reports a fixed 1 GiB, all free (path must exist)."""
    os.stat(path)
    gib = 1 << 30
    return _DiskUsage(gib, 0, gib)


def chown(path, user=None, group=None, *, dir_fd=None, follow_symlinks=True):
    """Ownership does not change in the sandbox; only the arguments are checked."""
    if user is None and group is None:
        raise ValueError('user and/or group must be set')
    os.stat(path)


def _positive_env(name):
    text = os.environ.get(name, '')
    try:
        return max(int(text), 0)
    except ValueError:
        return 0


def get_terminal_size(fallback=(80, 24)):
    """COLUMNS/LINES from the environment, else the fallback (there is no tty)."""
    cols = _positive_env('COLUMNS') or fallback[0]
    rows = _positive_env('LINES') or fallback[1]
    return os.terminal_size((cols, rows))


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """There are no executables to run in the sandbox: always None."""
    return None


def _none_known():
    return []


get_archive_formats = get_unpack_formats = _none_known


def _no_archives(*args, **kwargs):
    raise RegistryError('archive formats are not supported in the sandbox')


register_archive_format = _no_archives
register_unpack_format = _no_archives


def _nothing_to_forget(name):
    pass


unregister_archive_format = unregister_unpack_format = _nothing_to_forget


def make_archive(base_name, format, root_dir=None, base_dir=None, verbose=0, dry_run=0, owner=None,
                 group=None, logger=None):
    raise ValueError("unknown archive format '%s'" % format)


def unpack_archive(filename, extract_dir=None, format=None, *, filter=None):
    raise ReadError('Unknown archive format %r' % (filename,))
