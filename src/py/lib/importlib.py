"""importlib for Sandkiste: import_module, reload, invalidate_caches."""
import sys

__all__ = ['import_module', 'reload', 'invalidate_caches']


def _resolve_name(name, package, level):
    bits = package.rsplit('.', level - 1)
    if len(bits) < level:
        raise ImportError('attempted relative import beyond top-level package')
    base = bits[0]
    return f'{base}.{name}' if name else base


def import_module(name, package=None):
    """Import a module by name ('.mod' relative to package) and return it."""
    level = 0
    if name.startswith('.'):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for {!r}".format(name))
        for ch in name:
            if ch != '.':
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
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
