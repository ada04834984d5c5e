"""stat for Sandkiste: constants and tests for st_mode values (POSIX/Linux values)."""

ST_MODE, ST_INO, ST_DEV, ST_NLINK, ST_UID, ST_GID, ST_SIZE, ST_ATIME, ST_MTIME, ST_CTIME = range(10)

_FMT_BITS = 0o170000
S_IFDIR = 0o040000
S_IFCHR = 0o020000
S_IFBLK = 0o060000
S_IFREG = 0o100000
S_IFIFO = 0o010000
S_IFLNK = 0o120000
S_IFSOCK = 0o140000
S_IFDOOR = 0
S_IFPORT = 0
S_IFWHT = 0

S_ISUID = 0o4000
S_ISGID = 0o2000
S_ENFMT = S_ISGID
S_ISVTX = 0o1000
S_IREAD = 0o0400
S_IWRITE = 0o0200
S_IEXEC = 0o0100
S_IRWXU = 0o0700
S_IRUSR = 0o0400
S_IWUSR = 0o0200
S_IXUSR = 0o0100
S_IRWXG = 0o0070
S_IRGRP = 0o0040
S_IWGRP = 0o0020
S_IXGRP = 0o0010
S_IRWXO = 0o0007
S_IROTH = 0o0004
S_IWOTH = 0o0002
S_IXOTH = 0o0001

UF_NODUMP, UF_IMMUTABLE, UF_APPEND, UF_OPAQUE, UF_NOUNLINK, UF_COMPRESSED, UF_HIDDEN = \
    0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x8000
SF_ARCHIVED, SF_IMMUTABLE, SF_APPEND, SF_NOUNLINK, SF_SNAPSHOT = 0x10000, 0x20000, 0x40000, 0x100000, 0x200000


def S_IMODE(mode):
    """The permission bits of mode (what chmod sets)."""
    return mode & 0o7777


def S_IFMT(mode):
    """The file-type bits of mode."""
    return mode & _FMT_BITS


def _type_test(bits):
    def test(mode):
        return S_IFMT(mode) == bits
    return test


S_ISDIR = _type_test(S_IFDIR)
S_ISCHR = _type_test(S_IFCHR)
S_ISBLK = _type_test(S_IFBLK)
S_ISREG = _type_test(S_IFREG)
S_ISFIFO = _type_test(S_IFIFO)
S_ISLNK = _type_test(S_IFLNK)
S_ISSOCK = _type_test(S_IFSOCK)
for _f, _n in ((S_ISDIR, 'S_ISDIR'), (S_ISCHR, 'S_ISCHR'), (S_ISBLK, 'S_ISBLK'), (S_ISREG, 'S_ISREG'),
               (S_ISFIFO, 'S_ISFIFO'), (S_ISLNK, 'S_ISLNK'), (S_ISSOCK, 'S_ISSOCK')):
    _f.__name__ = _f.__qualname__ = _n
del _f, _n


def S_ISDOOR(mode):
    return False


def S_ISPORT(mode):
    return False


def S_ISWHT(mode):
    return False


_KIND_CHARS = ((S_IFLNK, 'l'), (S_IFSOCK, 's'), (S_IFREG, '-'), (S_IFBLK, 'b'), (S_IFDIR, 'd'),
               (S_IFCHR, 'c'), (S_IFIFO, 'p'))


def filemode(mode):
    """ls -l style text for mode, e.g. '-rw-r--r--'."""
    kind = '?'
    for bits, ch in _KIND_CHARS:
        if mode & _FMT_BITS == bits:
            kind = ch
            break
    out = [kind]
    for shift, special, set_ch, unset_ch in ((6, S_ISUID, 's', 'S'), (3, S_ISGID, 's', 'S'),
                                             (0, S_ISVTX, 't', 'T')):
        perms = (mode >> shift) & 7
        out.append('r' if perms & 4 else '-')
        out.append('w' if perms & 2 else '-')
        if mode & special:
            out.append(set_ch if perms & 1 else unset_ch)
        else:
            out.append('x' if perms & 1 else '-')
    return ''.join(out)


FILE_ATTRIBUTE_ARCHIVE = 32
FILE_ATTRIBUTE_DIRECTORY = 16
FILE_ATTRIBUTE_HIDDEN = 2
FILE_ATTRIBUTE_NORMAL = 128
FILE_ATTRIBUTE_READONLY = 1
FILE_ATTRIBUTE_SYSTEM = 4
