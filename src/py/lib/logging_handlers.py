"""logging.handlers for Sandkiste: rotating files, buffering and queues.
Network handlers (socket, syslog, SMTP, HTTP) do not exist here."""
import os
import time
import logging
from logging import FileHandler, Handler, StreamHandler

__all__ = ['WatchedFileHandler', 'RotatingFileHandler', 'TimedRotatingFileHandler', 'BufferingHandler',
           'MemoryHandler', 'QueueHandler', 'QueueListener', 'BaseRotatingHandler']


class WatchedFileHandler(FileHandler):
    """Nothing else renames files under us, so this is a plain FileHandler."""

    def reopenIfNeeded(self):
        pass


def _drop_stream(handler):
    if handler.stream:
        handler.stream.close()
        handler.stream = None


def _move(src, dst):
    if os.path.exists(dst):
        os.remove(dst)
    os.rename(src, dst)


class BaseRotatingHandler(FileHandler):
    """A FileHandler that asks shouldRollover() before each record."""

    namer = None
    rotator = None

    def __init__(self, filename, mode, encoding=None, delay=False, errors=None):
        FileHandler.__init__(self, filename, mode=mode, encoding=encoding, delay=delay, errors=errors)
        self.mode, self.encoding, self.errors = mode, encoding, errors

    def emit(self, record):
        try:
            if self.shouldRollover(record):
                self.doRollover()
            FileHandler.emit(self, record)
        except Exception:
            self.handleError(record)

    def rotation_filename(self, default_name):
        namer = self.namer
        return namer(default_name) if callable(namer) else default_name

    def rotate(self, source, dest):
        mover = self.rotator
        if callable(mover):
            mover(source, dest)
        elif os.path.exists(source):
            os.rename(source, dest)

    def _reopen(self):
        if not self.delay:
            self._ensure_stream()

    def _ensure_stream(self):
        if self.stream is None:
            self.stream = self._open()
        return self.stream


class RotatingFileHandler(BaseRotatingHandler):
    """Starts a new file once the current one would grow past maxBytes;
    old files become name.1 (newest) .. name.<backupCount>."""

    def __init__(self, filename, mode='a', maxBytes=0, backupCount=0, encoding=None, delay=False, errors=None):
        if maxBytes > 0:
            mode = 'a'
        if 'b' not in mode and not encoding:
            encoding = 'utf-8'
        BaseRotatingHandler.__init__(self, filename, mode, encoding=encoding, delay=delay, errors=errors)
        self.maxBytes, self.backupCount = maxBytes, backupCount

    def _backup(self, n):
        return self.rotation_filename('%s.%d' % (self.baseFilename, n))

    def doRollover(self):
        _drop_stream(self)
        if self.backupCount > 0:
            # shift name.(n) -> name.(n+1), oldest first, then the live file
            for n in range(self.backupCount - 1, 0, -1):
                older = self._backup(n)
                if os.path.exists(older):
                    _move(older, self._backup(n + 1))
            first = self._backup(1)
            if os.path.exists(first):
                os.remove(first)
            self.rotate(self.baseFilename, first)
        self._reopen()

    def shouldRollover(self, record):
        used = self._ensure_stream().tell()
        if self.maxBytes <= 0:
            return False
        if not used:
            return False
        size = len(('%s\n' % self.format(record)).encode(self.encoding or 'utf-8'))
        return used + size >= self.maxBytes


class TimedRotatingFileHandler(BaseRotatingHandler):
    """Starts a new file every `interval` units of the run's clock."""

    _SECONDS = {'S': 1, 'M': 60, 'H': 60 * 60, 'D': 24 * 60 * 60, 'MIDNIGHT': 24 * 60 * 60}

    def __init__(self, filename, when='h', interval=1, backupCount=0, encoding=None, delay=False, utc=False,
                 atTime=None, errors=None):
        BaseRotatingHandler.__init__(self, filename, 'a', encoding=encoding or 'utf-8', delay=delay,
                                     errors=errors)
        self.when, self.backupCount, self.utc, self.atTime = when.upper(), backupCount, utc, atTime
        step = self._SECONDS.get(self.when)
        if step is None:
            self.dayOfWeek = self._weekday(self.when)
            step = 7 * 24 * 60 * 60
        self.interval = step * interval
        self.suffix = '%Y-%m-%d_%H-%M-%S'
        self.rolloverAt = int(time.time()) + self.interval

    def shouldRollover(self, record):
        return int(time.time()) >= self.rolloverAt

    @staticmethod
    def _weekday(when):
        # 'W0' (Monday) .. 'W6' (Sunday)
        if when[:1] != 'W':
            raise ValueError('Invalid rollover interval specified: %s' % when)
        if len(when) != 2:
            raise ValueError('You must specify a day for weekly rollover from 0 to 6 (0 is Monday): %s' % when)
        if when[1] not in '0123456':
            raise ValueError('Invalid day specified for weekly rollover: %s' % when)
        return int(when[1])

    def doRollover(self):
        _drop_stream(self)
        began = self.rolloverAt - self.interval
        parts = (time.gmtime if self.utc else time.localtime)(began)
        target = self.rotation_filename('%s.%s' % (self.baseFilename, time.strftime(self.suffix, parts)))
        if os.path.exists(target):
            os.remove(target)
        self.rotate(self.baseFilename, target)
        self._reopen()
        now = int(time.time())
        while self.rolloverAt <= now:
            self.rolloverAt += self.interval


class BufferingHandler(Handler):
    """Keeps records in self.buffer; flush() (here: discard) when full."""

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
        del self.buffer[:]

    def close(self):
        try:
            self.flush()
        finally:
            Handler.close(self)


class MemoryHandler(BufferingHandler):
    """Buffers records and hands them to `target` when the buffer is full or
    a record reaches flushLevel."""

    def __init__(self, capacity, flushLevel=logging.ERROR, target=None, flushOnClose=True):
        super().__init__(capacity)
        self.flushLevel, self.target, self.flushOnClose = flushLevel, target, flushOnClose

    def shouldFlush(self, record):
        return record.levelno >= self.flushLevel or BufferingHandler.shouldFlush(self, record)

    def setTarget(self, target):
        self.target = target

    def flush(self):
        if not self.target:
            return
        pending, self.buffer[:] = list(self.buffer), []
        for rec in pending:
            self.target.handle(rec)

    def close(self):
        try:
            if self.flushOnClose:
                self.flush()
        finally:
            self.target = None
            super().close()


class QueueHandler(Handler):
    """Puts a self-contained copy of each record on a queue."""

    def __init__(self, queue):
        Handler.__init__(self)
        self.queue = queue
        self.listener = None

    def prepare(self, record):
        import copy
        text = self.format(record)
        flat = copy.copy(record)
        flat.message = flat.msg = text
        flat.args = flat.exc_info = flat.exc_text = flat.stack_info = None
        return flat

    def enqueue(self, record):
        self.queue.put_nowait(record)

    def emit(self, record):
        try:
            self.enqueue(self.prepare(record))
        except Exception:
            self.handleError(record)


class QueueListener:
    """No threads: stop() drains the queue and handles what it finds."""

    _sentinel = None

    def __init__(self, queue, *handlers, respect_handler_level=False):
        self.queue, self.handlers, self.respect_handler_level = queue, handlers, respect_handler_level

    def start(self):
        pass

    def handle(self, record):
        for h in self.handlers:
            if self.respect_handler_level and record.levelno < h.level:
                continue
            h.handle(record)

    def stop(self):
        while True:
            try:
                item = self.queue.get_nowait()
            except Exception:
                return
            if item is self._sentinel:
                return
            self.handle(item)
