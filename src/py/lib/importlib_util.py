"""importlib.util for Sandkiste: find_spec and module_from_spec for the built-in modules."""
import sys


class ModuleSpec:
    def __init__(self, name, loader=None, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.cached = None
        self.has_location = False

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition('.')[0]
        return self.name

    def __repr__(self):
        return f'ModuleSpec(name={self.name!r}, loader={self.loader!r}, origin={self.origin!r})'


def find_spec(name, package=None):
    """A spec when the module can be imported, else None."""
    if name in sys.modules:
        mod = sys.modules[name]
        spec = getattr(mod, '__spec__', None)
        return spec if spec is not None else ModuleSpec(name, origin='built-in')
    parent = name.rpartition('.')[0]
    if parent:
        __import__(parent)
    try:
        __import__(name)
    except ImportError:
        return None
    return ModuleSpec(name, origin='built-in')


def module_from_spec(spec):
    __import__(spec.name)
    return sys.modules[spec.name]


def resolve_name(name, package):
    if not name.startswith('.'):
        return name
    if not package:
        raise ImportError(f'no package specified for {name!r} (required for relative module names)')
    level = len(name) - len(name.lstrip('.'))
    bits = package.rsplit('.', level - 1)
    if len(bits) < level:
        raise ImportError('attempted relative import beyond top-level package')
    rest = name[level:]
    return f'{bits[0]}.{rest}' if rest else bits[0]
