"""importlib.util for Sandkiste: specs for the modules built into the
interpreter (there is no file-based import)."""
import sys


class ModuleSpec:
    def __init__(self, name, loader=None, *, origin=None, loader_state=None, is_package=None):
        self.name, self.loader, self.origin, self.loader_state = name, loader, origin, loader_state
        self.submodule_search_locations = [] if is_package else None
        self.cached = None
        self.has_location = False

    @property
    def parent(self):
        # a package is its own parent; a plain module lives in the enclosing one
        if self.submodule_search_locations is not None:
            return self.name
        head, _, _ = self.name.rpartition('.')
        return head

    def __repr__(self):
        return f'ModuleSpec(name={self.name!r}, loader={self.loader!r}, origin={self.origin!r})'


def _importable(name):
    try:
        __import__(name)
    except ImportError:
        return False
    return True


def find_spec(name, package=None):
    """A spec if name can be imported, else None."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        return getattr(loaded, '__spec__', None) or ModuleSpec(name, origin='built-in')
    enclosing = name.rpartition('.')[0]
    if enclosing:
        __import__(enclosing)          # a missing parent raises, as in CPython
    return ModuleSpec(name, origin='built-in') if _importable(name) else None


def module_from_spec(spec):
    __import__(spec.name)
    return sys.modules[spec.name]


def resolve_name(name, package):
    if name[:1] != '.':
        return name
    if not package:
        raise ImportError(f'no package specified for {name!r} (required for relative module names)')
    import importlib
    return importlib._absolute(name, package)
