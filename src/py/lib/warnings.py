"""warnings for Sandkiste: issue, filter and capture warning messages.

The filter rules, default filters, actions ('default', 'error', 'ignore',
'always'/'all', 'module', 'once') and the printed format are CPython's; the
code is our own.  Warnings print to sys.stderr.
"""
import sys
import _traceback

__all__ = ['warn', 'warn_explicit', 'showwarning', 'formatwarning', 'filterwarnings', 'simplefilter',
           'resetwarnings', 'catch_warnings', 'deprecated']

_ACTIONS = ('error', 'ignore', 'always', 'all', 'default', 'module', 'once')

filters = [
    ('default', None, DeprecationWarning, '__main__', 0),
    ('ignore', None, DeprecationWarning, None, 0),
    ('ignore', None, PendingDeprecationWarning, None, 0),
    ('ignore', None, ImportWarning, None, 0),
    ('ignore', None, ResourceWarning, None, 0),
]
defaultaction = 'default'
onceregistry = {}
_registries = {}          # module name -> {(text, category, lineno): True}
_version = [0]


def _changed():
    _version[0] += 1
    _registries.clear()


def _pattern(text, ignore_case):
    if not text:
        return None
    import re
    return re.compile(text, re.I if ignore_case else 0)


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    """Insert a filter (action, message regex, category, module regex, lineno)."""
    if action not in _ACTIONS:
        raise ValueError(f'invalid action: {action!r}')
    if not isinstance(message, str):
        raise TypeError('message must be a string')
    if not isinstance(category, type) or not issubclass(category, Warning):
        raise TypeError('category must be a Warning subclass')
    if not isinstance(module, str):
        raise TypeError('module must be a string')
    if not isinstance(lineno, int) or lineno < 0:
        raise ValueError('lineno must be an int >= 0')
    mod = None
    if module:
        import re
        mod = re.compile(module if module.endswith(r'\Z') else module + r'\Z')
    _add((action, _pattern(message, True), category, mod, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Insert a filter that matches every message and module."""
    if action not in _ACTIONS:
        raise ValueError(f'invalid action: {action!r}')
    if not isinstance(lineno, int) or lineno < 0:
        raise ValueError('lineno must be an int >= 0')
    _add((action, None, category, None, lineno), append)


def _add(item, append):
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _changed()


def resetwarnings():
    filters[:] = []
    _changed()


def _matches(rx, text):
    if rx is None:
        return True
    if isinstance(rx, str):
        return rx == text
    return rx.match(text) is not None


def _choose(text, category, module, lineno):
    for action, msg, cat, mod, ln in filters:
        if ((msg is None or _matches(msg, text)) and issubclass(category, cat) and
                (mod is None or _matches(mod, module)) and (ln == 0 or ln == lineno)):
            return action
    return defaultaction


def formatwarning(message, category, filename, lineno, line=None):
    """The text showwarning() prints."""
    text = f'{filename}:{lineno}: {category.__name__}: {message}\n'
    if line is None:
        line = _source_line(filename, lineno)
    if line:
        text += f'  {line.strip()}\n'
    return text


def _source_line(filename, lineno):
    return _line_cache.get((filename, lineno), '')


_line_cache = {}


def _showwarnmsg_impl(msg):
    file = msg.file if msg.file is not None else sys.stderr
    if file is None:
        return
    try:
        file.write(formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line))
    except OSError:
        pass


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Print a warning (replaceable: catch_warnings swaps it)."""
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    sw = globals()['showwarning']
    if sw is not _showwarning_orig:
        if not callable(sw):
            raise TypeError('warnings.showwarning() must be set to a function or method')
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


class WarningMessage:
    _WARNING_DETAILS = ('message', 'category', 'filename', 'lineno', 'file', 'line', 'source')

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ('{message : %r, category : %r, filename : %r, lineno : %s, line : %r}'
                % (self.message, self._category_name, self.filename, self.lineno, self.line))

    def __repr__(self):
        return f'<{type(self).__qualname__} {self}>'


def warn(message, category=None, stacklevel=1, source=None, *, skip_file_prefixes=()):
    """Issue a warning, or raise it when a filter says 'error'."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError(f"category must be a Warning subclass, not '{type(category).__name__}'")
    frames = _traceback.stack()
    if skip_file_prefixes:
        frames = [f for f in frames if not f[0].startswith(tuple(skip_file_prefixes))]
    if stacklevel < 1:
        stacklevel = 1
    if stacklevel <= len(frames):
        filename, lineno, _, line, module = frames[-stacklevel]
    else:
        filename, lineno, line, module = 'sys', 1, '', 'sys'
    _line_cache[(filename, lineno)] = line
    registry = _registries.setdefault(module, {})
    warn_explicit(message, category, filename, lineno, module, registry, None, source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None,
                  source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or '<unknown>'
        if module[-3:].lower() == '.py':
            module = module[:-3]
    if registry is None:
        registry = {}
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    action = _choose(text, category, module, lineno)
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    if action == 'once':
        registry[key] = 1
        if onceregistry.get((text, category)):
            return
        onceregistry[(text, category)] = 1
    elif action in ('always', 'all'):
        pass
    elif action == 'module':
        registry[key] = 1
        if registry.get((text, category, 0)):
            return
        registry[(text, category, 0)] = 1
    elif action == 'default':
        registry[key] = 1
    else:
        raise RuntimeError(f'Unrecognized action ({action!r}) in warnings.filters:\n {action}')
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None, _source_line(filename, lineno),
                                source))


class catch_warnings:
    """Save the filters and showwarning on entry and restore them on exit;
    with record=True, collect the warnings in the list __enter__ returns."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._module = sys.modules['warnings'] if module is None else module
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append('record=True')
        if self._module is not sys.modules['warnings']:
            args.append('module=%r' % self._module)
        return '%s(%s)' % (type(self).__name__, ', '.join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        m = self._module
        self._saved_filters = m.filters
        m.filters = m.filters[:]
        globals()['filters'] = m.filters if m is sys.modules['warnings'] else filters
        self._saved_show = m.showwarning
        _changed()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            m.showwarning = lambda *a, **k: log.append(WarningMessage(*a, **k))
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError('Cannot exit %r without entering first' % self)
        m = self._module
        m.filters = self._saved_filters
        if m is sys.modules['warnings']:
            globals()['filters'] = m.filters
        m.showwarning = self._saved_show
        _changed()


class deprecated:
    """Decorator marking a class or function deprecated: using it warns."""

    def __init__(self, message, /, *, category=DeprecationWarning, stacklevel=1):
        if not isinstance(message, str):
            raise TypeError(f'Expected an object of type str for \'message\', not {type(message).__name__!r}')
        self.message = message
        self.category = category
        self.stacklevel = stacklevel

    def __call__(self, arg, /):
        msg = self.message
        category = self.category
        stacklevel = self.stacklevel
        if category is None:
            arg.__deprecated__ = msg
            return arg
        if isinstance(arg, type):
            original_new = arg.__new__

            def __new__(cls, *args, **kwargs):
                if cls is arg:
                    warn(msg, category=category, stacklevel=stacklevel + 1)
                if original_new is not object.__new__:
                    return original_new(cls, *args, **kwargs)
                return original_new(cls)
            arg.__new__ = staticmethod(__new__)
            arg.__deprecated__ = __new__.__deprecated__ = msg
            return arg
        if callable(arg):
            import functools

            @functools.wraps(arg)
            def wrapper(*args, **kwargs):
                warn(msg, category=category, stacklevel=stacklevel + 1)
                return arg(*args, **kwargs)
            arg.__deprecated__ = wrapper.__deprecated__ = msg
            return wrapper
        raise TypeError('@deprecated decorator with non-None category must be applied to '
                        f'a class or callable, not {arg!r}')


_filters_mutated = _changed
