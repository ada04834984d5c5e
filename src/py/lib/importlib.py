"""importlib for Sandkiste: import_module, reload, invalidate_caches."""
import sys

__all__ = ['import_module', 'reload', 'invalidate_caches']


def _absolute(rel, package):
    """'..x' relative to package 'a.b.c' -> 'a.b.x'."""
    depth = len(rel) - len(rel.lstrip('.'))
    parts = package.split('.')
    if depth > len(parts):
        raise ImportError('attempted relative import beyond top-level package')
    base = '.'.join(parts[:len(parts) - depth + 1])
    tail = rel[depth:]
    return base + '.' + tail if tail else base


def import_module(name, package=None):
    """Import a module by name ('.mod' relative to package) and return it."""
    if name[:1] == '.':
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for {!r}".format(name))
        name = _absolute(name, package)
    __import__(name)
    return sys.modules[name]


def reload(module):
    """Return the module (modules here are built in and are not re-read)."""
    name = getattr(module, '__name__', None)
    if name is None or sys.modules.get(name) is not module:
        raise ImportError(f'module {name} not in sys.modules', name=name)
    return module


def invalidate_caches():
    pass
