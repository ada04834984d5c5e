"""platform for Sandkiste: a fixed description of the sandbox."""
import sys
import collections as _collections

__all__ = ['architecture', 'machine', 'node', 'platform', 'processor', 'python_build', 'python_compiler',
           'python_implementation', 'python_version', 'python_version_tuple', 'release', 'system', 'uname',
           'version', 'libc_ver', 'freedesktop_os_release']

uname_result = _collections.namedtuple('uname_result', 'system node release version machine')


def system():
    return 'Linux'


def node():
    return 'sandkiste'


def release():
    return ''


def version():
    return ''


def machine():
    return 'x86_64'


def processor():
    return ''


def uname():
    return uname_result(system(), node(), release(), version(), machine())


def architecture(executable=sys.executable, bits='', linkage=''):
    return ('64bit', 'ELF')


def python_implementation():
    return 'CPython'


def python_version():
    return '%d.%d.%d' % sys.version_info[:3]


def python_version_tuple():
    return tuple(str(x) for x in sys.version_info[:3])


def python_build():
    return ('main', '')


def python_compiler():
    return ''


def python_branch():
    return ''


def python_revision():
    return ''


def platform(aliased=False, terse=False):
    return 'Linux' if terse else 'Linux-x86_64'


def libc_ver(executable=None, lib='', version='', chunksize=16384):
    return ('', '')


def freedesktop_os_release():
    raise OSError('Unable to read files /etc/os-release, /usr/lib/os-release')
