"""logging.handlers for Sandkiste: the file-rotating and buffering handlers
(no sockets, syslog, SMTP or HTTP: there is no network)."""
import os
import time
import logging
from logging import FileHandler, Handler, StreamHandler

__all__ = ['WatchedFileHandler', 'RotatingFileHandler', 'TimedRotatingFileHandler', 'BufferingHandler',
           'MemoryHandler', 'QueueHandler', 'QueueListener', 'BaseRotatingHandler']


class WatchedFileHandler(FileHandler):
    """A FileHandler (nothing else moves files under us in the sandbox)."""

    def reopenIfNeeded(self):
        pass


class BaseRotatingHandler(FileHandler):
    namer = None
    rotator = None

    def __init__(self, filename, mode, encoding=None, delay=False, errors=None):
        FileHandler.__init__(self, filename, mode=mode, encoding=encoding, delay=delay, errors=errors)
        self.mode = mode
        self.encoding = encoding
        self.errors = errors

    def emit(self, record):
        try:
            if self.shouldRollover(record):
                self.doRollover()
            FileHandler.emit(self, record)
        except Exception:
            self.handleError(record)

    def rotation_filename(self, default_name):
        return default_name if not callable(self.namer) else self.namer(default_name)

    def rotate(self, source, dest):
        if not callable(self.rotator):
            if os.path.exists(source):
                os.rename(source, dest)
        else:
            self.rotator(source, dest)


class RotatingFileHandler(BaseRotatingHandler):
    """Roll over to name.1, name.2 ... when the file would exceed maxBytes."""

    def __init__(self, filename, mode='a', maxBytes=0, backupCount=0, encoding=None, delay=False, errors=None):
        if maxBytes > 0:
            mode = 'a'
        if 'b' not in mode:
            encoding = encoding or 'utf-8'
        BaseRotatingHandler.__init__(self, filename, mode, encoding=encoding, delay=delay, errors=errors)
        self.maxBytes = maxBytes
        self.backupCount = backupCount

    def doRollover(self):
        if self.stream:
            self.stream.close()
            self.stream = None
        if self.backupCount > 0:
            for i in range(self.backupCount - 1, 0, -1):
                sfn = self.rotation_filename('%s.%d' % (self.baseFilename, i))
                dfn = self.rotation_filename('%s.%d' % (self.baseFilename, i + 1))
                if os.path.exists(sfn):
                    if os.path.exists(dfn):
                        os.remove(dfn)
                    os.rename(sfn, dfn)
            dfn = self.rotation_filename(self.baseFilename + '.1')
            if os.path.exists(dfn):
                os.remove(dfn)
            self.rotate(self.baseFilename, dfn)
        if not self.delay:
            self.stream = self._open()

    def shouldRollover(self, record):
        if self.stream is None:
            self.stream = self._open()
        if self.maxBytes > 0:
            pos = self.stream.tell()
            if not pos:
                return False
            msg = '%s\n' % self.format(record)
            if pos + len(msg.encode(self.encoding or 'utf-8')) >= self.maxBytes:
                return True
        return False


class TimedRotatingFileHandler(BaseRotatingHandler):
    """Roll over at time intervals (the run's clock)."""

    _UNITS = {'S': 1, 'M': 60, 'H': 3600, 'D': 86400, 'MIDNIGHT': 86400}

    def __init__(self, filename, when='h', interval=1, backupCount=0, encoding=None, delay=False, utc=False,
                 atTime=None, errors=None):
        encoding = encoding or 'utf-8'
        BaseRotatingHandler.__init__(self, filename, 'a', encoding=encoding, delay=delay, errors=errors)
        self.when = when.upper()
        self.backupCount = backupCount
        self.utc = utc
        self.atTime = atTime
        unit = self._UNITS.get(self.when)
        if unit is None:
            if self.when.startswith('W') and len(self.when) == 2 and self.when[1] in '0123456':
                unit = 7 * 86400
            else:
                raise ValueError('Invalid rollover interval specified: %s' % self.when)
        self.interval = unit * interval
        self.suffix = '%Y-%m-%d_%H-%M-%S'
        self.rolloverAt = int(time.time()) + self.interval

    def shouldRollover(self, record):
        return int(time.time()) >= self.rolloverAt

    def doRollover(self):
        if self.stream:
            self.stream.close()
            self.stream = None
        t = self.rolloverAt - self.interval
        stamp = time.strftime(self.suffix, time.gmtime(t) if self.utc else time.localtime(t))
        dfn = self.rotation_filename(self.baseFilename + '.' + stamp)
        if os.path.exists(dfn):
            os.remove(dfn)
        self.rotate(self.baseFilename, dfn)
        if not self.delay:
            self.stream = self._open()
        now = int(time.time())
        while self.rolloverAt <= now:
            self.rolloverAt += self.interval


class BufferingHandler(Handler):
    def __init__(self, capacity):
        Handler.__init__(self)
        self.capacity = capacity
        self.buffer = []

    def shouldFlush(self, record):
        return len(self.buffer) >= self.capacity

    def emit(self, record):
        self.buffer.append(record)
        if self.shouldFlush(record):
            self.flush()

    def flush(self):
        self.buffer.clear()

    def close(self):
        try:
            self.flush()
        finally:
            Handler.close(self)


class MemoryHandler(BufferingHandler):
    """Buffer records; pass them to target when full or at flushLevel."""

    def __init__(self, capacity, flushLevel=logging.ERROR, target=None, flushOnClose=True):
        BufferingHandler.__init__(self, capacity)
        self.flushLevel = flushLevel
        self.target = target
        self.flushOnClose = flushOnClose

    def shouldFlush(self, record):
        return len(self.buffer) >= self.capacity or record.levelno >= self.flushLevel

    def setTarget(self, target):
        self.target = target

    def flush(self):
        if self.target:
            for record in self.buffer:
                self.target.handle(record)
            self.buffer.clear()

    def close(self):
        try:
            if self.flushOnClose:
                self.flush()
        finally:
            self.target = None
            BufferingHandler.close(self)


class QueueHandler(Handler):
    def __init__(self, queue):
        Handler.__init__(self)
        self.queue = queue
        self.listener = None

    def enqueue(self, record):
        self.queue.put_nowait(record)

    def prepare(self, record):
        msg = self.format(record)
        import copy
        record = copy.copy(record)
        record.message = msg
        record.msg = msg
        record.args = None
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return record

    def emit(self, record):
        try:
            self.enqueue(self.prepare(record))
        except Exception:
            self.handleError(record)


class QueueListener:
    """Without threads, records are handled as they are dequeued by stop()."""
    _sentinel = None

    def __init__(self, queue, *handlers, respect_handler_level=False):
        self.queue = queue
        self.handlers = handlers
        self.respect_handler_level = respect_handler_level

    def start(self):
        pass

    def handle(self, record):
        for handler in self.handlers:
            if not self.respect_handler_level or record.levelno >= handler.level:
                handler.handle(record)

    def stop(self):
        while True:
            try:
                record = self.queue.get_nowait()
            except Exception:
                break
            if record is self._sentinel:
                break
            self.handle(record)
