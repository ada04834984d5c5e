"""Sandkiste's warnings: issue warnings, decide by filter what happens to
them (print, ignore, raise, print once ...) and capture them in tests.

Filters are 5-tuples (action, message regex or None, category, module regex
or None, lineno) searched front to back; printed warnings go to sys.stderr.
"""
import sys
import _traceback

__all__ = ['warn', 'warn_explicit', 'showwarning', 'formatwarning', 'filterwarnings', 'simplefilter',
           'resetwarnings', 'catch_warnings', 'deprecated']

_KNOWN_ACTIONS = frozenset(('error', 'ignore', 'always', 'all', 'default', 'module', 'once'))

filters = [
    ('default', None, DeprecationWarning, '__main__', 0),
    ('ignore', None, DeprecationWarning, None, 0),
    ('ignore', None, PendingDeprecationWarning, None, 0),
    ('ignore', None, ImportWarning, None, 0),
    ('ignore', None, ResourceWarning, None, 0),
]
defaultaction = 'default'
onceregistry = {}

_per_module = {}      # module name -> registry of warnings already shown
_lines = {}           # (filename, lineno) -> source text seen by warn()
_generation = [0]


def _filters_mutated():
    """Forget what was shown: the rules changed."""
    _generation[0] += 1
    _per_module.clear()


# ---- filters ------------------------------------------------------------------------------------

def _check_action(action):
    if action not in _KNOWN_ACTIONS:
        raise ValueError(f'invalid action: {action!r}')


def _warning_class(obj):
    return isinstance(obj, type) and issubclass(obj, Warning)


def _check_lineno(lineno):
    if not isinstance(lineno, int) or lineno < 0:
        raise ValueError('lineno must be an int >= 0')


def _install(rule, append):
    if append:
        if rule not in filters:
            filters.append(rule)
    else:
        while rule in filters:
            filters.remove(rule)
        filters.insert(0, rule)
    _filters_mutated()


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    """Add a rule matching message (regex, case-insensitive), category,
    module (regex on the whole name) and line number (0 = any)."""
    _check_action(action)
    if not isinstance(message, str):
        raise TypeError('message must be a string')
    if not _warning_class(category):
        raise TypeError('category must be a Warning subclass')
    if not isinstance(module, str):
        raise TypeError('module must be a string')
    _check_lineno(lineno)
    import re
    text_rx = re.compile(message, re.I) if message else None
    module_rx = re.compile(module + '\\Z') if module else None
    _install((action, text_rx, category, module_rx, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Add a rule for a category regardless of message and module."""
    _check_action(action)
    _check_lineno(lineno)
    _install((action, None, category, None, lineno), append)


def resetwarnings():
    del filters[:]
    _filters_mutated()


def _fits(rx, text):
    if rx is None:
        return True
    if isinstance(rx, str):
        return text == rx
    return rx.match(text) is not None


def _action_for(text, category, module, lineno):
    for act, text_rx, cat, module_rx, line in filters:
        if line and line != lineno:
            continue
        if issubclass(category, cat) and _fits(text_rx, text) and _fits(module_rx, module):
            return act
    return defaultaction


# ---- showing ------------------------------------------------------------------------------------

def formatwarning(message, category, filename, lineno, line=None):
    """'file:line: Category: message' plus the source line when known."""
    if line is None:
        line = _lines.get((filename, lineno), '')
    out = '%s:%s: %s: %s\n' % (filename, lineno, category.__name__, message)
    if line:
        out += '  %s\n' % line.strip()
    return out


class WarningMessage:
    """What catch_warnings(record=True) collects."""

    _WARNING_DETAILS = ('message', 'category', 'filename', 'lineno', 'file', 'line', 'source')

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = None if not category else category.__name__

    def __str__(self):
        return '{message : %r, category : %r, filename : %r, lineno : %s, line : %r}' % (
            self.message, self._category_name, self.filename, self.lineno, self.line)

    def __repr__(self):
        return '<%s %s>' % (type(self).__qualname__, self)


def _print(msg):
    target = sys.stderr if msg.file is None else msg.file
    if target is None:
        return
    try:
        target.write(formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line))
    except OSError:
        pass


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Print one warning; programs may replace this function."""
    _print(WarningMessage(message, category, filename, lineno, file, line))


_builtin_showwarning = showwarning


def _deliver(msg):
    hook = globals()['showwarning']
    if hook is _builtin_showwarning:
        _print(msg)
        return
    if not callable(hook):
        raise TypeError('warnings.showwarning() must be set to a function or method')
    hook(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)


# ---- issuing ------------------------------------------------------------------------------------

def warn(message, category=None, stacklevel=1, source=None, *, skip_file_prefixes=()):
    """Issue a warning attributed to the caller `stacklevel` frames up."""
    if category is None or isinstance(message, Warning):
        category = type(message) if isinstance(message, Warning) else UserWarning
    if not _warning_class(category):
        raise TypeError(f"category must be a Warning subclass, not '{type(category).__name__}'")
    stack = _traceback.stack()
    if skip_file_prefixes:
        skip = tuple(skip_file_prefixes)
        stack = [fr for fr in stack if not fr[0].startswith(skip)]
    depth = max(stacklevel, 1)
    if depth > len(stack):
        filename, lineno, text, module = 'sys', 1, '', 'sys'
    else:
        filename, lineno, _func, text, module = stack[len(stack) - depth]
    _lines[(filename, lineno)] = text
    warn_explicit(message, category, filename, lineno, module, _per_module.setdefault(module, {}), None, source)


def _seen_before(action, registry, key, text, category):
    """Apply the bookkeeping of `action`; True if the warning stays quiet."""
    if action == 'default':
        registry[key] = 1
        return False
    if action in ('always', 'all'):
        return False
    if action == 'once':
        registry[key] = 1
        if onceregistry.get((text, category)):
            return True
        onceregistry[(text, category)] = 1
        return False
    if action == 'module':
        registry[key] = 1
        anywhere = (text, category, 0)
        if registry.get(anywhere):
            return True
        registry[anywhere] = 1
        return False
    raise RuntimeError(f'Unrecognized action ({action!r}) in warnings.filters:\n {action}')


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None,
                  source=None):
    """Issue a warning with its location given explicitly."""
    lineno = int(lineno)
    if module is None:
        module = filename or '<unknown>'
        if module.lower().endswith('.py'):
            module = module[:-3]
    if registry is None:
        registry = {}
    if not isinstance(message, Warning):
        text, message = message, category(message)
    else:
        text, category = str(message), type(message)
    here = (text, category, lineno)
    if registry.get(here):
        return
    action = _action_for(text, category, module, lineno)
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    if _seen_before(action, registry, here, text, category):
        return
    _deliver(WarningMessage(message, category, filename, lineno, None, _lines.get((filename, lineno), ''),
                            source))


# ---- catch_warnings -----------------------------------------------------------------------------

def _self_module():
    return sys.modules['warnings']


class catch_warnings:
    """Context manager that saves filters and showwarning and restores them
    on exit; record=True collects warnings into the list it returns."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._module = module if module is not None else sys.modules['warnings']
        self._entered = False
        self._preset = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        shown = []
        if self._record:
            shown.append('record=True')
        if self._module is not _self_module():
            shown.append('module=%r' % self._module)
        return '%s(%s)' % (type(self).__name__, ', '.join(shown))

    def __enter__(self):
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        mod = self._module
        self._old = (mod.filters, mod.showwarning)
        mod.filters = list(mod.filters)
        if mod is sys.modules['warnings']:
            globals()['filters'] = mod.filters
        _filters_mutated()
        if self._preset is not None:
            simplefilter(*self._preset)
        if not self._record:
            return None
        caught = []

        def collect(*args, **kwargs):
            caught.append(WarningMessage(*args, **kwargs))
        mod.showwarning = collect
        return caught

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError('Cannot exit %r without entering first' % self)
        mod = self._module
        mod.filters, mod.showwarning = self._old
        if mod is sys.modules['warnings']:
            globals()['filters'] = mod.filters
        _filters_mutated()


# ---- deprecated ---------------------------------------------------------------------------------

class deprecated:
    """Decorator: using the decorated class or function issues a warning."""

    def __init__(self, message, /, *, category=DeprecationWarning, stacklevel=1):
        if not isinstance(message, str):
            raise TypeError(f"Expected an object of type str for 'message', not {type(message).__name__!r}")
        self.message, self.category, self.stacklevel = message, category, stacklevel

    def __call__(self, arg, /):
        note, kind, level = self.message, self.category, self.stacklevel + 1
        if kind is None:
            arg.__deprecated__ = note
            return arg
        if isinstance(arg, type):
            make = arg.__new__

            def creator(cls, *args, **kwargs):
                if cls is arg:
                    warn(note, category=kind, stacklevel=level)
                return make(cls) if make is object.__new__ else make(cls, *args, **kwargs)
            creator.__name__ = '__new__'
            creator.__deprecated__ = note
            arg.__new__ = staticmethod(creator)
            arg.__deprecated__ = note
            return arg
        if not callable(arg):
            raise TypeError('@deprecated decorator with non-None category must be applied to '
                            f'a class or callable, not {arg!r}')
        import functools

        def replacement(*args, **kwargs):
            warn(note, category=kind, stacklevel=level)
            return arg(*args, **kwargs)
        replacement = functools.wraps(arg)(replacement)
        arg.__deprecated__ = replacement.__deprecated__ = note
        return replacement
