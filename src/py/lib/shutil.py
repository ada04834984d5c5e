"""High-level file operations over the sandbox filesystem (CPython's shutil)."""
import os
import posix
import fnmatch
import collections

__all__ = ['copyfileobj', 'copyfile', 'copymode', 'copystat', 'copy', 'copy2', 'copytree', 'move', 'rmtree',
           'Error', 'SpecialFileError', 'ExecError', 'make_archive', 'get_archive_formats', 'register_archive_format',
           'unregister_archive_format', 'get_unpack_formats', 'register_unpack_format', 'unregister_unpack_format',
           'unpack_archive', 'ignore_patterns', 'chown', 'which', 'get_terminal_size', 'SameFileError',
           'disk_usage']

COPY_BUFSIZE = 64 * 1024


class Error(OSError):
    pass


class SameFileError(Error):
    pass


class SpecialFileError(OSError):
    pass


class ExecError(OSError):
    pass


class ReadError(OSError):
    pass


class RegistryError(Exception):
    pass


def copyfileobj(fsrc, fdst, length=0):
    if not length:
        length = COPY_BUFSIZE
    fsrc_read = fsrc.read
    fdst_write = fdst.write
    while True:
        buf = fsrc_read(length)
        if not buf:
            break
        fdst_write(buf)


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def copyfile(src, dst, *, follow_symlinks=True):
    src = os.fspath(src)
    dst = os.fspath(dst)
    if _samefile(src, dst):
        raise SameFileError('{!r} and {!r} are the same file'.format(src, dst))
    if not follow_symlinks and os.path.islink(src):
        os.symlink(os.readlink(src), dst)
        return dst
    if posix._kind(src) == 2:
        raise IsADirectoryError(21, 'Is a directory', src)
    posix._copyfile(src, dst)
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    st = os.stat(src, follow_symlinks=follow_symlinks)
    os.chmod(dst, st.st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    st = os.stat(src, follow_symlinks=follow_symlinks)
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.chmod(dst, st.st_mode & 0o7777)


def copy(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copystat(src, dst, follow_symlinks=follow_symlinks)
    return dst


def ignore_patterns(*patterns):
    def _ignore_patterns(path, names):
        ignored = []
        for pattern in patterns:
            ignored.extend(fnmatch.filter(names, pattern))
        return set(ignored)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2, ignore_dangling_symlinks=False,
             dirs_exist_ok=False):
    src = os.fspath(src)
    dst = os.fspath(dst)
    with os.scandir(src) as itr:
        entries = list(itr)
    names = [e.name for e in entries]
    ignored = ignore(src, names) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for entry in entries:
        if entry.name in ignored:
            continue
        srcname = os.path.join(src, entry.name)
        dstname = os.path.join(dst, entry.name)
        try:
            if entry.is_symlink():
                linkto = os.readlink(srcname)
                if symlinks:
                    os.symlink(linkto, dstname)
                else:
                    if not os.path.exists(linkto) and ignore_dangling_symlinks:
                        continue
                    if entry.is_dir():
                        copytree(srcname, dstname, symlinks, ignore, copy_function, ignore_dangling_symlinks,
                                 dirs_exist_ok)
                    else:
                        copy_function(srcname, dstname)
            elif entry.is_dir():
                copytree(srcname, dstname, symlinks, ignore, copy_function, ignore_dangling_symlinks,
                         dirs_exist_ok)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    if errors:
        raise Error(errors)
    return dst


def rmtree(path, ignore_errors=False, onerror=None, *, onexc=None, dir_fd=None):
    path = os.fspath(path)
    if ignore_errors:
        def onexc(*args):
            pass
    elif onexc is None and onerror is not None:
        def onexc(func, path, exc):
            onerror(func, path, (type(exc), exc, exc.__traceback__))
    try:
        if os.path.islink(path):
            raise OSError('Cannot call rmtree on a symbolic link')
        if posix._kind(path) == 1:
            raise NotADirectoryError(20, 'Not a directory', path)
        posix._rmtree(path)
    except OSError as err:
        if onexc is None:
            raise
        onexc(os.rmdir if isinstance(err, NotADirectoryError) else os.lstat, path, err)


rmtree.avoids_symlink_attacks = True


def move(src, dst, copy_function=copy2):
    src = os.fspath(src)
    dst = os.fspath(dst)
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst) and not os.path.islink(src):
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, os.path.basename(src.rstrip('/')))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.islink(src):
            linkto = os.readlink(src)
            os.symlink(linkto, real_dst)
            os.unlink(src)
        elif os.path.isdir(src):
            if (real_dst + '/').startswith(os.path.abspath(src).rstrip('/') + '/'):
                raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


_ntuple_diskusage = collections.namedtuple('usage', 'total used free')


def disk_usage(path):
    os.stat(path)
    return _ntuple_diskusage(1 << 30, 0, 1 << 30)


def chown(path, user=None, group=None, *, dir_fd=None, follow_symlinks=True):
    if user is None and group is None:
        raise ValueError('user and/or group must be set')
    os.stat(path)


def get_terminal_size(fallback=(80, 24)):
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ['LINES'])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0:
        columns = fallback[0]
    if lines <= 0:
        lines = fallback[1]
    return os.terminal_size((columns, lines))


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """There are no executables to run in the sandbox: always None."""
    return None


def get_archive_formats():
    return []


def get_unpack_formats():
    return []


def register_archive_format(name, function, extra_args=None, description=''):
    raise RegistryError('archive formats are not supported in the sandbox')


def unregister_archive_format(name):
    pass


def register_unpack_format(name, extensions, function, extra_args=None, description=''):
    raise RegistryError('archive formats are not supported in the sandbox')


def unregister_unpack_format(name):
    pass


def make_archive(base_name, format, root_dir=None, base_dir=None, verbose=0, dry_run=0, owner=None, group=None,
                 logger=None):
    raise ValueError("unknown archive format '%s'" % format)


def unpack_archive(filename, extract_dir=None, format=None, *, filter=None):
    raise ReadError('Unknown archive format {!r}'.format(filename))
