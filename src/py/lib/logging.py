"""logging for Sandkiste: loggers, handlers, formatters and filters.

Levels, record attributes, format styles, the logger hierarchy, basicConfig,
the last-resort handler and the printed texts are CPython's; the code is our
own.  There are no threads or processes: thread/process fields are fixed.
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

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_level_to_name = {CRITICAL: 'CRITICAL', ERROR: 'ERROR', WARNING: 'WARNING', INFO: 'INFO', DEBUG: 'DEBUG',
                  NOTSET: 'NOTSET'}
_name_to_level = {'CRITICAL': CRITICAL, 'FATAL': FATAL, 'ERROR': ERROR, 'WARN': WARNING, 'WARNING': WARNING,
                  'INFO': INFO, 'DEBUG': DEBUG, 'NOTSET': NOTSET}

raiseExceptions = True
logThreads = True
logMultiprocessing = True
logProcesses = True
logAsyncioTasks = True

_start_time = time.time()

BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'


def getLevelNamesMapping():
    return dict(_name_to_level)


def getLevelName(level):
    """The name of a numeric level, or the number of a level name ('Level N' otherwise)."""
    name = _level_to_name.get(level)
    if name is not None:
        return name
    num = _name_to_level.get(level)
    if num is not None:
        return num
    return 'Level %s' % level


def addLevelName(level, levelName):
    _level_to_name[level] = levelName
    _name_to_level[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _name_to_level:
            raise ValueError('Unknown level: %r' % level)
        return _name_to_level[level]
    raise TypeError('Level not an integer or a valid string: %r' % (level,))


# ---- records ----------------------------------------------------------------------------------
class LogRecord:
    """Everything about one logging event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None, sinfo=None, **kwargs):
        ct = time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        try:
            self.filename = os.path.basename(pathname)
            self.module = os.path.splitext(self.filename)[0]
        except (TypeError, ValueError, AttributeError):
            self.filename = pathname
            self.module = 'Unknown module'
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _start_time) * 1000
        self.thread = 1 if logThreads else None
        self.threadName = 'MainThread' if logThreads else None
        self.processName = 'MainProcess' if logMultiprocessing else None
        self.process = os.getpid() if logProcesses else None
        self.taskName = None

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname, self.lineno,
                                                      self.msg)

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg


_record_factory = LogRecord


def setLogRecordFactory(factory):
    global _record_factory
    _record_factory = factory


def getLogRecordFactory():
    return _record_factory


def makeLogRecord(dict):
    rv = _record_factory(None, None, '', 0, '', (), None, None)
    rv.__dict__.update(dict)
    return rv


# ---- formatters ---------------------------------------------------------------------------------
class _PercentStyle:
    default_format = '%(message)s'
    asctime_format = '%(asctime)s'
    asctime_search = '%(asctime)'

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults

    def usesTime(self):
        return self._fmt.find(self.asctime_search) >= 0

    def validate(self):
        import re
        if not re.search(r'%\(\w+\)[#0+ -]*(\*|\d+)?(\.(\*|\d+))?[diouxefgcrsa%]', self._fmt, re.I):
            raise ValueError("Invalid format '%s' for '%s' style" % (self._fmt, self.default_format[0]))

    def _format(self, record):
        values = record.__dict__
        if self._defaults:
            values = {**self._defaults, **values}
        return self._fmt % values

    def format(self, record):
        try:
            return self._format(record)
        except KeyError as e:
            raise ValueError('Formatting field not found in record: %s' % e)


class _StrFormatStyle(_PercentStyle):
    default_format = '{message}'
    asctime_format = '{asctime}'
    asctime_search = '{asctime'

    def _format(self, record):
        values = record.__dict__
        if self._defaults:
            values = {**self._defaults, **values}
        return self._fmt.format(**values)

    def validate(self):
        import string
        names = set()
        try:
            for _, name, spec, conv in string.Formatter().parse(self._fmt):
                if name:
                    if not name.isidentifier():
                        raise ValueError('invalid field name/expression: %r' % name)
                    names.add(name)
                if conv and conv not in 'rsa':
                    raise ValueError('invalid conversion: %r' % conv)
        except ValueError as e:
            raise ValueError('invalid format: %s' % e)
        if not names:
            raise ValueError('invalid format: no fields')


class _StringTemplateStyle(_PercentStyle):
    default_format = '${message}'
    asctime_format = '${asctime}'
    asctime_search = '${asctime}'

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        import string
        self._tpl = string.Template(self._fmt)

    def usesTime(self):
        return '$asctime' in self._fmt or self._fmt.find(self.asctime_search) >= 0

    def validate(self):
        if not self._tpl.get_identifiers():
            raise ValueError('invalid format: no fields')

    def _format(self, record):
        values = record.__dict__
        if self._defaults:
            values = {**self._defaults, **values}
        return self._tpl.substitute(**values)


_STYLES = {'%': (_PercentStyle, BASIC_FORMAT), '{': (_StrFormatStyle, '{levelname}:{name}:{message}'),
           '$': (_StringTemplateStyle, '${levelname}:${name}:${message}')}


class Formatter:
    """Turns a LogRecord into text."""

    converter = staticmethod(time.localtime)
    default_time_format = '%Y-%m-%d %H:%M:%S'
    default_msec_format = '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *, defaults=None):
        if style not in _STYLES:
            raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
        self._style = _STYLES[style][0](fmt, defaults=defaults)
        if validate:
            self._style.validate()
        self._fmt = self._style._fmt
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        ct = self.converter(record.created)
        if datefmt:
            return time.strftime(datefmt, ct)
        s = time.strftime(self.default_time_format, ct)
        if self.default_msec_format:
            s = self.default_msec_format % (s, record.msecs)
        return s

    def formatException(self, ei):
        import traceback
        buf = io.StringIO()
        traceback.print_exception(ei[1] if ei[1] is not None else ei[0], file=buf)
        text = buf.getvalue()
        return text[:-1] if text.endswith('\n') else text

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def formatStack(self, stack_info):
        return stack_info

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != '\n':
                s += '\n'
            s += record.exc_text
        if record.stack_info:
            if s[-1:] != '\n':
                s += '\n'
            s += self.formatStack(record.stack_info)
        return s


_defaultFormatter = Formatter()


class BufferingFormatter:
    def __init__(self, linefmt=None):
        self.linefmt = linefmt if linefmt else _defaultFormatter

    def formatHeader(self, records):
        return ''

    def formatFooter(self, records):
        return ''

    def format(self, records):
        if not records:
            return ''
        return self.formatHeader(records) + ''.join(self.linefmt.format(r) for r in records) + \
            self.formatFooter(records)


# ---- filters --------------------------------------------------------------------------------------
class Filter:
    """Passes records from the named logger and its children."""

    def __init__(self, name=''):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0 or self.name == record.name:
            return True
        if record.name.find(self.name, 0, self.nlen) != 0:
            return False
        return record.name[self.nlen] == '.'


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            result = f.filter(record) if hasattr(f, 'filter') else f(record)
            if not result:
                return False
            if isinstance(result, LogRecord):
                record = result
        return record


# ---- handlers -------------------------------------------------------------------------------------
_handlers = {}
_handlerList = []


class Handler(Filterer):
    """Delivers records somewhere; subclasses implement emit()."""

    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None
        self._closed = False
        _handlerList.append(self)
        self.createLock()

    def get_name(self):
        return self._name

    def set_name(self, name):
        if self._name in _handlers:
            del _handlers[self._name]
        self._name = name
        if name:
            _handlers[name] = self

    name = property(get_name, set_name)

    def createLock(self):
        self.lock = None

    def acquire(self):
        pass

    def release(self):
        pass

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def format(self, record):
        fmt = self.formatter if self.formatter else _defaultFormatter
        return fmt.format(record)

    def emit(self, record):
        raise NotImplementedError('emit must be implemented by Handler subclasses')

    def handle(self, record):
        rv = self.filter(record)
        if isinstance(rv, LogRecord):
            record = rv
        if rv:
            self.emit(record)
        return rv

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        self._closed = True
        if self._name in _handlers:
            del _handlers[self._name]

    def handleError(self, record):
        if raiseExceptions and sys.stderr:
            import traceback
            exc = sys.exception()
            try:
                sys.stderr.write('--- Logging error ---\n')
                traceback.print_exception(exc, file=sys.stderr)
                sys.stderr.write('Call stack:\n')
                try:
                    sys.stderr.write('Message: %r\nArguments: %s\n' % (record.msg, record.args))
                except Exception:
                    sys.stderr.write('Unable to print the message and arguments - possible formatting error.\n'
                                     'Use the traceback above to help find the error.\n')
            except OSError:
                pass

    def __repr__(self):
        return '<%s (%s)>' % (self.__class__.__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes formatted records to a stream (default sys.stderr)."""

    terminator = '\n'

    def __init__(self, stream=None):
        Handler.__init__(self)
        if stream is None:
            stream = sys.stderr
        self.stream = stream

    def flush(self):
        if self.stream and hasattr(self.stream, 'flush'):
            self.stream.flush()

    def emit(self, record):
        try:
            msg = self.format(record)
            self.stream.write(msg + self.terminator)
            self.flush()
        except RecursionError:
            raise
        except Exception:
            self.handleError(record)

    def setStream(self, stream):
        if stream is self.stream:
            return None
        old, self.stream = self.stream, stream
        self.flush()
        return old

    def __repr__(self):
        name = getattr(self.stream, 'name', '')
        name = str(name)
        if name:
            name += ' '
        return '<%s %s(%s)>' % (self.__class__.__name__, name, getLevelName(self.level))


class FileHandler(StreamHandler):
    """Writes formatted records to a file (opened on first use when delay=True)."""

    def __init__(self, filename, mode='a', encoding=None, delay=False, errors=None):
        filename = os.fspath(filename)
        self.baseFilename = os.path.abspath(filename)
        self.mode = mode
        self.encoding = encoding
        if 'b' not in mode:
            self.encoding = encoding or 'utf-8'
        self.errors = errors
        self.delay = delay
        self._builtin_open = open
        if delay:
            Handler.__init__(self)
            self.stream = None
        else:
            StreamHandler.__init__(self, self._open())

    def _open(self):
        return self._builtin_open(self.baseFilename, self.mode, encoding=self.encoding, errors=self.errors)

    def close(self):
        try:
            if self.stream:
                try:
                    self.flush()
                finally:
                    stream, self.stream = self.stream, None
                    if hasattr(stream, 'close'):
                        stream.close()
        finally:
            StreamHandler.close(self)

    def emit(self, record):
        if self.stream is None:
            if self.mode != 'w' or not self._closed:
                self.stream = self._open()
        if self.stream:
            StreamHandler.emit(self, record)

    def __repr__(self):
        return '<%s %s (%s)>' % (self.__class__.__name__, self.baseFilename, getLevelName(self.level))


class _StderrHandler(StreamHandler):
    """The last-resort handler: whatever sys.stderr is at the time."""

    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)

    @property
    def stream(self):
        return sys.stderr


_defaultLastResort = _StderrHandler(WARNING)
lastResort = _defaultLastResort


class NullHandler(Handler):
    """Swallows everything (for libraries)."""

    def handle(self, record):
        pass

    def emit(self, record):
        pass

    def createLock(self):
        self.lock = None


def getHandlerByName(name):
    return _handlers.get(name)


def getHandlerNames():
    return frozenset(_handlers)


# ---- loggers ----------------------------------------------------------------------------------------
class PlaceHolder:
    def __init__(self, alogger):
        self.loggerMap = {alogger: None}

    def append(self, alogger):
        if alogger not in self.loggerMap:
            self.loggerMap[alogger] = None


_loggerClass = None


def setLoggerClass(klass):
    global _loggerClass
    if klass != Logger and not issubclass(klass, Logger):
        raise TypeError('logger not derived from logging.Logger: ' + klass.__name__)
    _loggerClass = klass


def getLoggerClass():
    return _loggerClass


class Manager:
    """Holds the logger hierarchy."""

    def __init__(self, rootnode):
        self.root = rootnode
        self.disable = 0
        self.emittedNoHandlerWarning = False
        self.loggerDict = {}
        self.loggerClass = None
        self.logRecordFactory = None

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError('A logger name must be a string')
        rv = self.loggerDict.get(name)
        if rv is not None and not isinstance(rv, PlaceHolder):
            return rv
        klass = self.loggerClass or _loggerClass
        new = klass(name)
        new.manager = self
        self.loggerDict[name] = new
        if isinstance(rv, PlaceHolder):
            self._fixupChildren(rv, new)
        self._fixupParents(new)
        return new

    def setLoggerClass(self, klass):
        self.loggerClass = klass

    def _fixupParents(self, alogger):
        name = alogger.name
        i = name.rfind('.')
        parent = None
        while i > 0 and parent is None:
            sub = name[:i]
            obj = self.loggerDict.get(sub)
            if obj is None:
                self.loggerDict[sub] = PlaceHolder(alogger)
            elif isinstance(obj, PlaceHolder):
                obj.append(alogger)
            else:
                parent = obj
            i = name.rfind('.', 0, i - 1)
        alogger.parent = parent or self.root

    def _fixupChildren(self, ph, alogger):
        name = alogger.name
        for c in ph.loggerMap:
            if not c.parent.name.startswith(name):
                alogger.parent = c.parent
                c.parent = alogger

    def _clear_cache(self):
        for logger in self.loggerDict.values():
            if isinstance(logger, Logger):
                logger._cache.clear()
        self.root._cache.clear()


def _caller():
    """(pathname, lineno, funcName) of the innermost user frame."""
    frames = _traceback.stack()
    if not frames:
        return '(unknown file)', 0, '(unknown function)'
    filename, lineno, name = frames[-1][:3]
    return filename, lineno, name


class Logger(Filterer):
    """A named channel for log records, with a level, handlers and a parent."""

    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False
        self._cache = {}

    def setLevel(self, level):
        self.level = _checkLevel(level)
        self.manager._clear_cache()

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    def warn(self, msg, *args, **kwargs):
        import warnings
        warnings.warn("The 'warn' method is deprecated, use 'warning' instead", DeprecationWarning, 2)
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            if raiseExceptions:
                raise TypeError('level must be an integer')
            return
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def findCaller(self, stack_info=False, stacklevel=1):
        frames = _traceback.stack()
        if not frames:
            return '(unknown file)', 0, '(unknown function)', None
        idx = max(len(frames) - stacklevel, 0)
        filename, lineno, name = frames[idx][:3]
        sinfo = None
        if stack_info:
            import traceback
            sinfo = 'Stack (most recent call last):\n' + ''.join(
                traceback.format_list([f[:4] for f in frames[:idx + 1]])).rstrip('\n')
        return filename, lineno, name, sinfo

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None, sinfo=None):
        rv = _record_factory(name, level, fn, lno, msg, args, exc_info, func, sinfo)
        if extra is not None:
            for key in extra:
                if key in ('message', 'asctime') or key in rv.__dict__:
                    raise KeyError('Attempt to overwrite %r in LogRecord' % key)
                rv.__dict__[key] = extra[key]
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False, stacklevel=1):
        fn, lno, func, sinfo = self.findCaller(stack_info, stacklevel)
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, exc_info.__traceback__)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
            if exc_info == (None, None, None):
                exc_info = None
        record = self.makeRecord(self.name, level, fn, lno, msg, args, exc_info, func, extra, sinfo)
        self.handle(record)

    def handle(self, record):
        if self.disabled:
            return
        rv = self.filter(record)
        if not rv:
            return
        if isinstance(rv, LogRecord):
            record = rv
        self.callHandlers(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                break
            c = c.parent
        return False

    def callHandlers(self, record):
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found += 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            c = c.parent if c.propagate else None
        if found == 0:
            if lastResort:
                if record.levelno >= lastResort.level:
                    lastResort.handle(record)
            elif raiseExceptions and not self.manager.emittedNoHandlerWarning:
                sys.stderr.write('No handlers could be found for logger "%s"\n' % self.name)
                self.manager.emittedNoHandlerWarning = True

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled:
            return False
        hit = self._cache.get(level)
        if hit is None:
            if self.manager.disable >= level:
                hit = False
            else:
                hit = level >= self.getEffectiveLevel()
            self._cache[level] = hit
        return hit

    def getChild(self, suffix):
        if self.root is not self:
            suffix = '.'.join((self.name, suffix))
        return self.manager.getLogger(suffix)

    def getChildren(self):
        prefix = self.name + '.' if self.root is not self else ''
        out = set()
        for name, item in self.manager.loggerDict.items():
            if isinstance(item, Logger) and name.startswith(prefix) and '.' not in name[len(prefix):] \
                    and item is not self:
                out.add(item)
        return out

    def __repr__(self):
        return '<%s %s (%s)>' % (self.__class__.__name__, self.name, getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, 'root', level)


_loggerClass = Logger


class LoggerAdapter:
    """Adds contextual 'extra' information to the records of a logger."""

    def __init__(self, logger, extra=None, merge_extra=False):
        self.logger = logger
        self.extra = extra
        self.merge_extra = merge_extra

    def process(self, msg, kwargs):
        if self.merge_extra and 'extra' in kwargs:
            kwargs['extra'] = {**self.extra, **kwargs['extra']}
        else:
            kwargs['extra'] = self.extra
        return msg, kwargs

    def debug(self, msg, *args, **kwargs):
        self.log(DEBUG, msg, *args, **kwargs)

    def info(self, msg, *args, **kwargs):
        self.log(INFO, msg, *args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        self.log(WARNING, msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        self.log(ERROR, msg, *args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.log(ERROR, msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        self.log(CRITICAL, msg, *args, **kwargs)

    def log(self, level, msg, *args, **kwargs):
        if self.isEnabledFor(level):
            msg, kwargs = self.process(msg, kwargs)
            self.logger.log(level, msg, *args, **kwargs)

    def isEnabledFor(self, level):
        return self.logger.isEnabledFor(level)

    def setLevel(self, level):
        self.logger.setLevel(level)

    def getEffectiveLevel(self):
        return self.logger.getEffectiveLevel()

    def hasHandlers(self):
        return self.logger.hasHandlers()

    @property
    def manager(self):
        return self.logger.manager

    @property
    def name(self):
        return self.logger.name

    def __repr__(self):
        return '<%s %s (%s)>' % (self.__class__.__name__, self.logger.name,
                                 getLevelName(self.logger.getEffectiveLevel()))


root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(Logger.root)


def basicConfig(**kwargs):
    """Give the root logger a handler (once, unless force=True)."""
    force = kwargs.pop('force', False)
    encoding = kwargs.pop('encoding', None)
    errors = kwargs.pop('errors', 'backslashreplace')
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if root.handlers:
        return
    handlers = kwargs.pop('handlers', None)
    if handlers is None:
        if 'stream' in kwargs and 'filename' in kwargs:
            raise ValueError("'stream' and 'filename' should not be specified together")
    elif 'stream' in kwargs or 'filename' in kwargs:
        raise ValueError("'stream' or 'filename' should not be specified together with 'handlers'")
    if handlers is None:
        filename = kwargs.pop('filename', None)
        mode = kwargs.pop('filemode', 'a')
        if filename:
            if 'b' in mode:
                errors = None
            else:
                encoding = encoding or 'utf-8'
            h = FileHandler(filename, mode, encoding=encoding, errors=errors)
        else:
            h = StreamHandler(kwargs.pop('stream', None))
        handlers = [h]
    dfs = kwargs.pop('datefmt', None)
    style = kwargs.pop('style', '%')
    if style not in _STYLES:
        raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
    fs = kwargs.pop('format', _STYLES[style][1])
    fmt = Formatter(fs, dfs, style)
    for h in handlers:
        if h.formatter is None:
            h.setFormatter(fmt)
        root.addHandler(h)
    level = kwargs.pop('level', None)
    if level is not None:
        root.setLevel(level)
    if kwargs:
        raise ValueError('Unrecognised argument(s): %s' % ', '.join(kwargs.keys()))


def getLogger(name=None):
    """The logger called name (the root logger for None or 'root')."""
    if not name or isinstance(name, str) and name == root.name:
        return root
    return Logger.manager.getLogger(name)




def critical(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, **kwargs)


def warn(msg, *args, **kwargs):
    import warnings
    warnings.warn("The 'warn' function is deprecated, use 'warning' instead", DeprecationWarning, 2)
    warning(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def disable(level=CRITICAL):
    root.manager.disable = level
    root.manager._clear_cache()


def shutdown(handlerList=None):
    for h in reversed(_handlerList if handlerList is None else handlerList):
        try:
            h.flush()
            h.close()
        except (OSError, ValueError):
            pass


_warnings_showwarning = None


def captureWarnings(capture):
    """Route warnings.warn() output to the 'py.warnings' logger."""
    global _warnings_showwarning
    import warnings
    if capture:
        if _warnings_showwarning is None:
            _warnings_showwarning = warnings.showwarning

            def showwarning(message, category, filename, lineno, file=None, line=None):
                if file is not None:
                    _warnings_showwarning(message, category, filename, lineno, file, line)
                    return
                s = warnings.formatwarning(message, category, filename, lineno, line)
                logger = getLogger('py.warnings')
                if not logger.handlers:
                    logger.addHandler(NullHandler())
                logger.warning(str(s))
            warnings.showwarning = showwarning
    elif _warnings_showwarning is not None:
        warnings.showwarning = _warnings_showwarning
        _warnings_showwarning = None
