"""Sandkiste's logging: named loggers in a dotted hierarchy, handlers that
deliver records, formatters that turn them into text, and filters.

There are no threads and no other processes here, so locks are no-ops and
the thread/process fields of a record are fixed values.
"""
import sys
import os
import time
import io
import _traceback

__all__ = ['BASIC_FORMAT', 'BufferingFormatter', 'CRITICAL', 'DEBUG', 'ERROR', 'FATAL', 'FileHandler', 'Filter',
           'Formatter', 'Handler', 'INFO', 'LogRecord', 'Logger', 'LoggerAdapter', 'NOTSET', 'NullHandler',
           'StreamHandler', 'WARN', 'WARNING', 'addLevelName', 'basicConfig', 'captureWarnings', 'critical',
           'debug', 'disable', 'error', 'exception', 'fatal', 'getLevelName', 'getLogger', 'getLoggerClass',
           'info', 'log', 'makeLogRecord', 'setLoggerClass', 'shutdown', 'warn', 'warning', 'getLogRecordFactory',
           'setLogRecordFactory', 'lastResort', 'raiseExceptions', 'getLevelNamesMapping', 'getHandlerByName',
           'getHandlerNames']

# ---- levels -------------------------------------------------------------------------------------

NOTSET, DEBUG, INFO, WARNING, ERROR, CRITICAL = 0, 10, 20, 30, 40, 50
WARN = WARNING
FATAL = CRITICAL

# number -> name and name -> number; both grow through addLevelName()
_names_of = {}
_numbers_of = {}
for _n, _v in (('NOTSET', 0), ('DEBUG', 10), ('INFO', 20), ('WARNING', 30), ('ERROR', 40), ('CRITICAL', 50)):
    _names_of[_v] = _n
    _numbers_of[_n] = _v
_numbers_of['WARN'] = WARNING
_numbers_of['FATAL'] = CRITICAL
del _n, _v

raiseExceptions = True
logThreads = True
logMultiprocessing = True
logProcesses = True
logAsyncioTasks = True

BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'

_t0 = time.time()


def getLevelNamesMapping():
    return dict(_numbers_of)


def getLevelName(level):
    """Name for a number, number for a name, else 'Level N'."""
    found = _names_of.get(level)
    if found is None:
        found = _numbers_of.get(level)
    return found if found is not None else 'Level %s' % (level,)


def addLevelName(level, levelName):
    _names_of[level] = levelName
    _numbers_of[levelName] = level


def _level_value(level):
    """Validate a level given as int or registered name; return the int."""
    if isinstance(level, str):
        number = _numbers_of.get(level)
        if number is None:
            raise ValueError('Unknown level: %r' % level)
        return number
    if isinstance(level, int): return level
    raise TypeError('Level not an integer or a valid string: %r' % (level,))


_checkLevel = _level_value   # older name, still used by other modules


def _file_and_module(path):
    # 'dir/mod.py' -> ('mod.py', 'mod'); anything that is not a path is kept as is
    try:
        tail = os.path.basename(path)
        return tail, os.path.splitext(tail)[0]
    except Exception:
        return path, 'Unknown module'


# ---- records ------------------------------------------------------------------------------------

class LogRecord:
    """One logging event with everything known about it."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None, sinfo=None, **kwargs):
        now = time.time()
        # a lone non-empty dict argument is used for '%(key)s' formatting
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.__dict__.update(name=name, msg=msg, args=args, levelno=level, levelname=getLevelName(level),
                             pathname=pathname)
        self.filename, self.module = _file_and_module(pathname)
        self.lineno = lineno
        self.funcName = func
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.created = now
        self.msecs = float(int((now % 1) * 1000))
        self.relativeCreated = (now - _t0) * 1000
        self.thread = 1 if logThreads else None
        self.threadName = 'MainThread' if logThreads else None
        self.processName = 'MainProcess' if logMultiprocessing else None
        self.process = os.getpid() if logProcesses else None
        self.taskName = None

    def getMessage(self):
        text = str(self.msg)
        return text % self.args if self.args else text

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname, self.lineno, self.msg)


_factory = [LogRecord]


def setLogRecordFactory(factory):
    _factory[0] = factory


def getLogRecordFactory():
    return _factory[0]


def makeLogRecord(dict):
    rec = _factory[0](None, None, '', 0, '', (), None, None)
    rec.__dict__.update(dict)
    return rec


# ---- format styles ------------------------------------------------------------------------------

def _printf_has_field(fmt):
    """True if fmt has at least one well-formed '%(name)<conv>' directive."""
    n = len(fmt)
    at = fmt.find('%(')
    while at >= 0:
        close = fmt.find(')', at + 2)
        if close < 0:
            return False
        key = fmt[at + 2:close]
        if key and all(c.isalnum() or c == '_' for c in key):
            j = close + 1
            while j < n and fmt[j] in '#0+ -':
                j += 1
            if j < n and fmt[j] == '*':
                j += 1
            else:
                while j < n and fmt[j].isdigit():
                    j += 1
            if j < n and fmt[j] == '.':
                j += 1
                if j < n and fmt[j] == '*':
                    j += 1
                else:
                    while j < n and fmt[j].isdigit():
                        j += 1
            if j < n and fmt[j].lower() in 'diouxefgcrsa%':
                return True
        at = fmt.find('%(', at + 2)
    return False


def _word(s):
    return bool(s) and all(c.isalnum() or c == '_' for c in s)


def _field_ok(name):
    """'name', '0', 'a.b', 'a[key]' and chains of those."""
    stop = len(name)
    for k, c in enumerate(name):
        if c in '.[':
            stop = k
            break
    if not _word(name[:stop]):
        return False
    rest = name[stop:]
    while rest:
        if rest[0] == '.':
            k = 1
            while k < len(rest) and rest[k] not in '.[':
                k += 1
            if not _word(rest[1:k]):
                return False
            rest = rest[k:]
        else:
            end = rest.find(']')
            if end < 2:
                return False
            rest = rest[end + 1:]
    return True


def _spec_ok(spec):
    """Accepts [[fill]align][sign][#][0][width][,_][.precision][type]; a
    width or precision may be a nested '{name}'."""
    pos = 0
    if len(spec) >= 2 and spec[1] in '<>=^':
        pos = 2
    elif spec[:1] and spec[0] in '<>=^':
        pos = 1

    def skip(chars, p):
        return p + 1 if p < len(spec) and spec[p] in chars else p

    def number(p):
        if p < len(spec) and spec[p] == '{':
            end = spec.find('}', p)
            if end < 0 or not _word(spec[p + 1:end]):
                return -1
            return end + 1
        while p < len(spec) and spec[p].isdigit():
            p += 1
        return p

    pos = skip('+ -', pos)
    pos = skip('#', pos)
    pos = skip('0', pos)
    pos = number(pos)
    if pos < 0:
        return False
    pos = skip(',_', pos)
    if pos < len(spec) and spec[pos] == '.':
        after = number(pos + 1)
        if after < 0 or after == pos + 1:
            return False
        pos = after
    pos = skip('bcdefgnosx%', pos)
    return pos == len(spec)


class PercentStyle:
    # the default format, the asctime field, and what marks asctime as used
    default_format, asctime_format, asctime_search = '%(message)s', '%(asctime)s', '%(asctime)'
    validation_pattern = None

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt if fmt else self.default_format
        self._defaults = defaults

    def _fields(self, record):
        if self._defaults:
            merged = dict(self._defaults)
            merged.update(record.__dict__)
            return merged
        return record.__dict__

    def usesTime(self):
        return self.asctime_search in self._fmt

    def validate(self):
        if not _printf_has_field(self._fmt):
            raise ValueError("Invalid format '%s' for '%s' style" % (self._fmt, '%'))

    def _render(self, record):
        return self._fmt % self._fields(record)

    def format(self, record):
        try:
            text = self._render(record)
        except KeyError as missing:
            raise ValueError('Formatting field not found in record: %s' % missing)
        return text


class StrFormatStyle(PercentStyle):
    default_format, asctime_format, asctime_search = '{message}', '{asctime}', '{asctime'

    def _render(self, record):
        return self._fmt.format(**self._fields(record))

    def validate(self):
        import string
        seen = 0
        try:
            for _lit, field, spec, conv in string.Formatter().parse(self._fmt):
                if field:
                    if not _field_ok(field):
                        raise ValueError('invalid field name/expression: %r' % field)
                    seen += 1
                if conv and conv not in ('r', 's', 'a'):
                    raise ValueError('invalid conversion: %r' % conv)
                if spec and not _spec_ok(spec):
                    raise ValueError('bad specifier: %r' % spec)
        except ValueError as why:
            raise ValueError('invalid format: %s' % why)
        if not seen:
            raise ValueError('invalid format: no fields')


class StringTemplateStyle(PercentStyle):
    default_format, asctime_format, asctime_search = '${message}', '${asctime}', '${asctime}'

    def __init__(self, fmt, *, defaults=None):
        PercentStyle.__init__(self, fmt, defaults=defaults)
        import string
        self._tpl = string.Template(self._fmt)

    def usesTime(self):
        return '$asctime' in self._fmt or self.asctime_search in self._fmt

    def validate(self):
        fmt = self._fmt
        named = False
        k = fmt.find('$')
        while k >= 0:
            nxt = fmt[k + 1:k + 2]
            if nxt == '$':
                k = fmt.find('$', k + 2)
                continue
            if nxt == '{':
                end = fmt.find('}', k)
                ok = end > k + 2 and fmt[k + 2:end].isidentifier()
            else:
                end = k + 1
                while end < len(fmt) and (fmt[end].isalnum() or fmt[end] == '_'):
                    end += 1
                ok = end > k + 1 and fmt[k + 1:end].isidentifier()
            if not ok:
                raise ValueError("invalid format: bare '$' not allowed")
            named = True
            k = fmt.find('$', end)
        if not named:
            raise ValueError('invalid format: no fields')

    def _render(self, record):
        return self._tpl.substitute(**self._fields(record))


def _basic(style):
    # BASIC_FORMAT written in each style's own syntax
    return style.default_format.replace('message', 'levelname') + ':' + \
        style.default_format.replace('message', 'name') + ':' + style.default_format


_STYLES = {mark: (style, _basic(style))
           for mark, style in (('%', PercentStyle), ('{', StrFormatStyle), ('$', StringTemplateStyle))}


def _style_or_fail(style):
    if style not in _STYLES:
        raise ValueError('Style must be one of: %s' % ','.join(_STYLES))
    return _STYLES[style]


# ---- formatters ---------------------------------------------------------------------------------

class Formatter:
    """Turns a LogRecord into text using a '%', '{' or '$' format."""

    converter = time.localtime
    default_time_format, default_msec_format = '%Y-%m-%d %H:%M:%S', '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *, defaults=None):
        chosen = _style_or_fail(style)[0](fmt, defaults=defaults)
        if validate:
            chosen.validate()
        self._style = chosen
        self._fmt = chosen._fmt
        self.datefmt = datefmt

    def formatMessage(self, record):
        return self._style.format(record)

    def _converter(self):
        # a function stored on the class must not become a bound method
        conv = self.__dict__.get('converter')
        if conv is None:
            for klass in type(self).__mro__:
                if 'converter' in klass.__dict__:
                    conv = klass.__dict__['converter']
                    break
        return conv.__func__ if isinstance(conv, staticmethod) else conv

    def formatTime(self, record, datefmt=None):
        parts = self._converter()(record.created)
        if datefmt:
            return time.strftime(datefmt, parts)
        text = time.strftime(self.default_time_format, parts)
        with_ms = self.default_msec_format
        return with_ms % (text, record.msecs) if with_ms else text

    def formatException(self, ei):
        import traceback
        sink = io.StringIO()
        traceback.print_exception(ei[0] if ei[1] is None else ei[1], file=sink)
        return sink.getvalue().removesuffix('\n')

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        out = self.formatMessage(record)
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        for extra in (record.exc_text, record.stack_info and self.formatStack(record.stack_info)):
            if extra:
                if not out.endswith('\n'):
                    out += '\n'
                out += extra
        return out

    def usesTime(self):
        return self._style.usesTime()

    def formatStack(self, stack_info):
        return stack_info


_plain = Formatter()
_defaultFormatter = _plain


class BufferingFormatter:
    """Formats a batch of records, with an optional header and footer."""

    def __init__(self, linefmt=None):
        self.linefmt = linefmt if linefmt else _plain

    def formatHeader(self, records):
        return ''

    def format(self, records):
        if not records:
            return ''
        body = ''.join(self.linefmt.format(r) for r in records)
        return self.formatHeader(records) + body + self.formatFooter(records)

    def formatFooter(self, records):
        return ''


# ---- filters ------------------------------------------------------------------------------------

class Filter:
    """Passes records from the logger called `name` and its descendants."""

    def __init__(self, name=''):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        want = self.name
        if not want or record.name == want:
            return True
        return record.name.startswith(want) and record.name[len(want)] == '.'


class Filterer:
    """Base of loggers and handlers: a list of filters (objects or callables)."""

    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        present = self.filters
        if filter in present:
            present.remove(filter)

    def filter(self, record):
        """False to drop; otherwise the record (possibly replaced by a filter)."""
        for flt in self.filters:
            check = getattr(flt, 'filter', None)
            verdict = check(record) if check is not None else flt(record)
            if not verdict:
                return False
            if isinstance(verdict, LogRecord):
                record = verdict
        return record


# ---- handlers -----------------------------------------------------------------------------------

_named_handlers = {}  # name -> handler, for handlers that were given a name
_handlerList = []     # every handler in creation order, closed by shutdown()


class Handler(Filterer):
    """Delivers records somewhere; subclasses implement emit()."""

    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self._closed = False
        self.formatter = None
        self.level = _level_value(level)
        _handlerList.append(self)
        self.createLock()

    def get_name(self):
        return self._name

    def set_name(self, name):
        _named_handlers.pop(self._name, None)
        self._name = name
        if name:
            _named_handlers[name] = self

    name = property(get_name, set_name)

    # single-threaded: locking does nothing
    def createLock(self):
        self.lock = None

    def acquire(self):
        pass

    def release(self):
        pass

    def setLevel(self, level):
        self.level = _level_value(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def format(self, record):
        return (self.formatter or _plain).format(record)

    def emit(self, record):
        raise NotImplementedError('emit must be implemented by Handler subclasses')

    def handle(self, record):
        verdict = self.filter(record)
        if verdict:
            self.emit(verdict if isinstance(verdict, LogRecord) else record)
        return verdict

    def flush(self):
        pass

    def close(self):
        self._closed = True
        _named_handlers.pop(self._name, None)

    def handleError(self, record):
        if not (raiseExceptions and sys.stderr):
            return
        import traceback
        err = sys.stderr
        try:
            err.write('--- Logging error ---\n')
            traceback.print_exception(sys.exception(), file=err)
            err.write('Call stack:\n')
            try:
                err.write('Message: %r\nArguments: %s\n' % (record.msg, record.args))
            except Exception:
                err.write('Unable to print the message and arguments - possible formatting error.\n'
                          'Use the traceback above to help find the error.\n')
        except OSError:
            pass

    def __repr__(self):
        return '<%s (%s)>' % (type(self).__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes each formatted record plus a terminator to a stream."""

    terminator = '\n'

    def __init__(self, stream=None):
        Handler.__init__(self)
        self.stream = sys.stderr if stream is None else stream

    def flush(self):
        target = self.stream
        if target and hasattr(target, 'flush'):
            target.flush()

    def emit(self, record):
        try:
            self.stream.write(self.format(record) + self.terminator)
            self.flush()
        except RecursionError:
            raise
        except Exception:
            self.handleError(record)

    def setStream(self, stream):
        if stream is self.stream:
            return None
        previous = self.stream
        self.stream = stream
        self.flush()
        return previous

    def __repr__(self):
        label = str(getattr(self.stream, 'name', ''))
        return '<%s %s(%s)>' % (type(self).__name__, label + ' ' if label else '', getLevelName(self.level))


class FileHandler(StreamHandler):
    """A StreamHandler on a file; with delay=True it opens on first emit."""

    def __init__(self, filename, mode='a', encoding=None, delay=False, errors=None):
        self.baseFilename = os.path.abspath(os.fspath(filename))
        self.mode = mode
        self.encoding = encoding if 'b' in mode else (encoding or 'utf-8')
        self.errors = errors
        self.delay = delay
        self._builtin_open = open
        Handler.__init__(self)
        self.stream = None if delay else self._open()

    def _open(self):
        # the file behind this handler, opened with the handler's settings
        return self._builtin_open(self.baseFilename, self.mode, encoding=self.encoding, errors=self.errors)

    def emit(self, record):
        if self.stream is None and (self.mode != 'w' or not self._closed):
            self.stream = self._open()
        if self.stream:
            super().emit(record)

    def close(self):
        target = self.stream
        try:
            if target:
                self.stream = None
                try:
                    target.flush()
                finally:
                    if hasattr(target, 'close'):
                        target.close()
        finally:
            StreamHandler.close(self)

    def __repr__(self):
        return '<%s %s (%s)>' % (type(self).__name__, self.baseFilename, getLevelName(self.level))


class _StderrHandler(StreamHandler):
    """Used when no handler is configured; follows whatever sys.stderr is now."""

    def __init__(self, level=NOTSET):
        super().__init__()
        self.setLevel(level)

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _ignored):
        pass


class NullHandler(Handler):
    """Swallows everything (for libraries that must not print)."""

    def handle(self, record):
        pass

    def emit(self, record):
        pass

    def createLock(self):
        self.lock = None


def getHandlerByName(name):
    return _named_handlers[name] if name in _named_handlers else None


def getHandlerNames():
    return frozenset(_named_handlers.keys())


# ---- the logger tree ----------------------------------------------------------------------------

class PlaceHolder:
    """Stands in loggerDict for a dotted prefix nobody asked for yet."""

    def __init__(self, alogger):
        self.loggerMap = {alogger: None}

    def append(self, alogger):
        self.loggerMap.setdefault(alogger, None)


_stderr_fallback = _StderrHandler(WARNING)
lastResort = _stderr_fallback

_logger_class = [None]   # set to Logger below


def setLoggerClass(klass):
    if klass is not Logger and not issubclass(klass, Logger):
        raise TypeError('logger not derived from logging.Logger: ' + klass.__name__)
    _logger_class[0] = klass


def getLoggerClass():
    return _logger_class[0]


class Manager:
    """Owns the tree of loggers below one root."""

    def __init__(self, rootnode):
        self.root = rootnode
        self._warned_no_handlers = False
        self.loggerDict = {}
        self.disable = 0
        self.loggerClass = self.logRecordFactory = None

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError('A logger name must be a string')
        known = self.loggerDict.get(name)
        if known is not None and not isinstance(known, PlaceHolder):
            return known
        made = (self.loggerClass or _logger_class[0])(name)
        made.manager = self
        self.loggerDict[name] = made
        self._attach(made)
        return made

    def _attach(self, node):
        # parent: the nearest dotted prefix that is a real logger; prefixes
        # without one get (or join) a PlaceHolder
        name = node.name
        up = None
        cut = name.rfind('.')
        while cut > 0:
            prefix = name[:cut]
            there = self.loggerDict.get(prefix)
            if there is None:
                self.loggerDict[prefix] = PlaceHolder(node)
            elif isinstance(there, PlaceHolder):
                there.append(node)
            else:
                up = there
                break
            cut = name.rfind('.', 0, cut)
        node.parent = up if up is not None else self.root
        # existing descendants whose parent sits above us now hang below us
        below = name + '.'
        for other in self.loggerDict.values():
            if other is node or isinstance(other, PlaceHolder) or not other.name.startswith(below):
                continue
            dad = other.parent
            if dad is None or dad is self.root or len(dad.name) < len(name):
                other.parent = node

    def setLoggerClass(self, klass):
        self.loggerClass = klass

    def _clear_cache(self):
        pass

    def setLogRecordFactory(self, factory):
        self.logRecordFactory = factory


def _as_exc_triple(given):
    # exc_info= may be an exception, a (type, value, tb) tuple or any true
    # value meaning "the exception being handled now"
    if isinstance(given, BaseException):
        return given.__class__, given, given.__traceback__
    if not given or isinstance(given, tuple):
        return given
    return sys.exc_info()


def _hierarchy_depth(logger):
    return 0 if logger.parent is None else logger.name.count('.') + 1


class Logger(Filterer):
    """A named source of records with a level, handlers and a parent."""

    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _level_value(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False
        self._cache = {}

    def setLevel(self, level):
        self.level = _level_value(level)

    def getEffectiveLevel(self):
        node = self
        while node is not None:
            if node.level:
                return node.level
            node = node.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled or self.manager.disable >= level:
            return False
        return level >= self.getEffectiveLevel()

    def _at_level(self, level, msg, args, kwargs):
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def findCaller(self, stack_info=False, stacklevel=1):
        frames = _traceback.stack()
        if not frames:
            return '(unknown file)', 0, '(unknown function)', None
        pick = len(frames) - stacklevel
        if pick < 0:
            pick = 0
        where = frames[pick]
        text = None
        if stack_info:
            import traceback
            listing = traceback.format_list([f[:4] for f in frames[:pick + 1]])
            text = ('Stack (most recent call last):\n' + ''.join(listing)).rstrip('\n')
        return where[0], where[1], where[2], text

    def log(self, level, msg, *args, **kwargs):
        if isinstance(level, int):
            self._at_level(level, msg, args, kwargs)
        elif raiseExceptions:
            raise TypeError('level must be an integer')

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None, sinfo=None):
        rec = _factory[0](name, level, fn, lno, msg, args, exc_info, func, sinfo)
        for key in (extra or ()):
            if key == 'message' or key == 'asctime' or key in rec.__dict__:
                raise KeyError('Attempt to overwrite %r in LogRecord' % key)
            rec.__dict__[key] = extra[key]
        return rec

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False, stacklevel=1):
        path, line, func, sinfo = self.findCaller(stack_info, stacklevel)
        exc_info = _as_exc_triple(exc_info)
        self.handle(self.makeRecord(self.name, level, path, line, msg, args, exc_info, func, extra, sinfo))

    def handle(self, record):
        if self.disabled:
            return
        verdict = self.filter(record)
        if not verdict:
            return
        self.callHandlers(verdict if isinstance(verdict, LogRecord) else record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def _chain(self):
        """This logger, then its ancestors as long as records propagate."""
        node = self
        while node is not None:
            yield node
            node = node.parent if node.propagate else None

    def hasHandlers(self):
        return any(node.handlers for node in self._chain())

    def callHandlers(self, record):
        count = 0
        for node in self._chain():
            for h in node.handlers:
                count += 1
                if record.levelno >= h.level:
                    h.handle(record)
        if count:
            return
        fallback = lastResort
        if fallback:
            if fallback.level <= record.levelno:
                fallback.handle(record)
            return
        mgr = self.manager
        if raiseExceptions and not mgr._warned_no_handlers:
            mgr._warned_no_handlers = True
            sys.stderr.write('No handlers could be found for logger "%s"\n' % self.name)

    def getChild(self, suffix):
        full = suffix if self.root is self else self.name + '.' + suffix
        return self.manager.getLogger(full)

    def getChildren(self):
        depth = _hierarchy_depth(self) + 1
        return {lg for lg in self.manager.loggerDict.values()
                if isinstance(lg, Logger) and lg.parent is self and _hierarchy_depth(lg) == depth}

    def __repr__(self):
        return '<%s %s (%s)>' % (type(self).__name__, self.name, getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, 'root', level)


_logger_class[0] = Logger
_loggerClass = Logger


class LoggerAdapter:
    """Wraps a logger and adds `extra` context to every record."""

    def __init__(self, logger, extra=None, merge_extra=False):
        self.logger, self.extra, self.merge_extra = logger, extra, merge_extra

    def process(self, msg, kwargs):
        if self.merge_extra and 'extra' in kwargs:
            kwargs['extra'] = {**self.extra, **kwargs['extra']}
        else:
            kwargs['extra'] = self.extra
        return msg, kwargs

    def log(self, level, msg, *args, **kwargs):
        if self.isEnabledFor(level):
            text, options = self.process(msg, kwargs)
            self.logger.log(level, text, *args, **options)

    def _at_level(self, level, msg, args, kwargs):
        self.log(level, msg, *args, **kwargs)

    manager = property(lambda self: self.logger.manager,
                       lambda self, value: setattr(self.logger, 'manager', value))

    @property
    def name(self):
        return self.logger.name

    def __repr__(self):
        inner = self.logger
        return '<%s %s (%s)>' % (type(self).__name__, inner.name, getLevelName(inner.getEffectiveLevel()))


def _forward(name):
    def forward(self, *args):
        return getattr(self.logger, name)(*args)
    forward.__name__ = forward.__qualname__ = name
    return forward


for _name in ('isEnabledFor', 'setLevel', 'getEffectiveLevel', 'hasHandlers'):
    setattr(LoggerAdapter, _name, _forward(_name))
del _name

root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(root)


# ---- module-level helpers -----------------------------------------------------------------------

def basicConfig(**kwargs):
    """Give the root logger a handler and format, unless it already has one
    (force=True replaces existing handlers)."""
    opts = dict(kwargs)
    if opts.pop('force', False):
        for old in list(root.handlers):
            root.removeHandler(old)
            old.close()
    if root.handlers:
        return
    encoding = opts.pop('encoding', None)
    errors = opts.pop('errors', 'backslashreplace')
    targets = opts.pop('handlers', None)
    if targets is None:
        if 'stream' in opts and 'filename' in opts:
            raise ValueError("'stream' and 'filename' should not be specified together")
        path = opts.pop('filename', None)
        if path:
            mode = opts.pop('filemode', 'a')
            if 'b' in mode:
                errors = None
            targets = [FileHandler(path, mode, encoding=encoding, errors=errors)]
        else:
            targets = [StreamHandler(opts.pop('stream', None))]
    elif 'stream' in opts or 'filename' in opts:
        raise ValueError("'stream' or 'filename' should not be specified together with 'handlers'")
    datefmt = opts.pop('datefmt', None)
    style = opts.pop('style', '%')
    fmt = opts.pop('format', _style_or_fail(style)[1])
    shared = Formatter(fmt, datefmt, style)
    for h in targets:
        if h.formatter is None:
            h.setFormatter(shared)
        root.addHandler(h)
    level = opts.pop('level', None)
    if level is not None:
        root.setLevel(level)
    if opts:
        raise ValueError('Unrecognised argument(s): %s' % ', '.join(opts))


def getLogger(name=None):
    if not name or (isinstance(name, str) and name == root.name):
        return root
    return Logger.manager.getLogger(name)


class _RootShortcuts:
    """Module-level logging functions go to the root logger, configuring
    it first when it has no handler yet."""

    def _at_level(self, level, msg, args, kwargs):
        if not root.handlers:
            basicConfig()
        root.log(level, msg, *args, **kwargs)


def _shortcut(name, level, bound):
    """Build the `name` convenience call (method when bound is None)."""
    note = None
    if name == 'warn':
        note = "The 'warn' %s is deprecated, use 'warning' instead" % ('method' if bound is None else 'function')

    def call(owner, msg, args, kwargs):
        if note:
            import warnings
            warnings.warn(note, DeprecationWarning, 2)
        if name == 'exception':
            kwargs.setdefault('exc_info', True)
        owner._at_level(level, msg, args, kwargs)

    if bound is None:
        def shortcut(self, msg, *args, **kwargs):
            call(self, msg, args, kwargs)
    else:
        def shortcut(msg, *args, **kwargs):
            call(bound, msg, args, kwargs)
    shortcut.__name__ = shortcut.__qualname__ = name
    return shortcut


_LEVEL_CALLS = (('debug', DEBUG), ('info', INFO), ('warning', WARNING), ('warn', WARNING), ('error', ERROR),
                ('exception', ERROR), ('critical', CRITICAL), ('fatal', CRITICAL))

for _call, _lvl in _LEVEL_CALLS:
    setattr(Logger, _call, _shortcut(_call, _lvl, None))
    if _call != 'fatal':
        setattr(LoggerAdapter, _call, _shortcut(_call, _lvl, None))
    globals()[_call] = _shortcut(_call, _lvl, _RootShortcuts())
del _call, _lvl


def log(level, msg, *args, **kwargs):
    _RootShortcuts()._at_level(level, msg, args, kwargs)


def disable(level=CRITICAL):
    Logger.manager.disable = _level_value(level)


def shutdown(handlerList=_handlerList):
    """Flush and close every handler, newest first."""
    for h in reversed(list(handlerList)):
        if callable(h) and not isinstance(h, Handler):
            h = h()
        if h is None:
            continue
        try:
            h.flush()
            h.close()
        except (OSError, ValueError):
            pass


_saved_showwarning = [None]


def captureWarnings(capture):
    """Send warnings.warn() output to the 'py.warnings' logger, or stop."""
    import warnings
    if capture:
        if _saved_showwarning[0] is not None:
            return
        _saved_showwarning[0] = warnings.showwarning

        def showwarning(message, category, filename, lineno, file=None, line=None):
            if file is not None:
                _saved_showwarning[0](message, category, filename, lineno, file, line)
                return
            text = warnings.formatwarning(message, category, filename, lineno, line)
            target = getLogger('py.warnings')
            if not target.handlers:
                target.addHandler(NullHandler())
            target.warning(str(text))
        warnings.showwarning = showwarning
    elif _saved_showwarning[0] is not None:
        warnings.showwarning = _saved_showwarning[0]
        _saved_showwarning[0] = None
