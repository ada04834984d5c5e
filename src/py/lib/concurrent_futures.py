"""concurrent.futures for Sandkiste: executors that run each call when it is
submitted (there is one thread and no processes), with the Future API,
wait() and as_completed()."""
import time as _time

__all__ = ['FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED', 'CancelledError', 'TimeoutError',
           'InvalidStateError', 'BrokenExecutor', 'Future', 'Executor', 'wait', 'as_completed',
           'ProcessPoolExecutor', 'ThreadPoolExecutor']

FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'

_PENDING, _RUNNING, _CANCELLED, _FINISHED = 'PENDING', 'RUNNING', 'CANCELLED', 'FINISHED'


class Error(Exception):
    pass


class CancelledError(Error):
    pass


TimeoutError = TimeoutError


class InvalidStateError(Error):
    pass


class BrokenExecutor(RuntimeError):
    pass


class Future:
    """The outcome of a call."""

    def __init__(self):
        self._state = _PENDING
        self._result = None
        self._exception = None
        self._callbacks = []

    def __repr__(self):
        if self._state == _FINISHED:
            if self._exception is not None:
                return '<%s at %#x state=finished raised %s>' % (type(self).__name__, id(self),
                                                                 type(self._exception).__name__)
            return '<%s at %#x state=finished returned %s>' % (type(self).__name__, id(self),
                                                               type(self._result).__name__)
        return '<%s at %#x state=%s>' % (type(self).__name__, id(self), self._state.lower())

    def cancel(self):
        if self._state in (_RUNNING, _FINISHED):
            return False
        if self._state == _CANCELLED:
            return True
        self._state = _CANCELLED
        self._run_callbacks()
        return True

    def cancelled(self):
        return self._state == _CANCELLED

    def running(self):
        return self._state == _RUNNING

    def done(self):
        return self._state in (_CANCELLED, _FINISHED)

    def _run_callbacks(self):
        for fn in self._callbacks:
            try:
                fn(self)
            except Exception:
                import logging
                logging.getLogger('concurrent.futures').exception('exception calling callback for %r', self)

    def add_done_callback(self, fn):
        if self.done():
            fn(self)
        else:
            self._callbacks.append(fn)

    def result(self, timeout=None):
        if self._state == _CANCELLED:
            raise CancelledError()
        if self._state != _FINISHED:
            raise TimeoutError()
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self, timeout=None):
        if self._state == _CANCELLED:
            raise CancelledError()
        if self._state != _FINISHED:
            raise TimeoutError()
        return self._exception

    def set_running_or_notify_cancel(self):
        if self._state == _CANCELLED:
            return False
        if self._state == _PENDING:
            self._state = _RUNNING
            return True
        raise RuntimeError('Future in unexpected state')

    def set_result(self, result):
        if self._state in (_CANCELLED, _FINISHED):
            raise InvalidStateError('{}: {!r}'.format(self._state, self))
        self._result = result
        self._state = _FINISHED
        self._run_callbacks()

    def set_exception(self, exception):
        if self._state in (_CANCELLED, _FINISHED):
            raise InvalidStateError('{}: {!r}'.format(self._state, self))
        self._exception = exception
        self._state = _FINISHED
        self._run_callbacks()

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


class Executor:
    """Runs each submitted call at once."""

    def __init__(self, *args, **kwargs):
        self._shutdown = False

    def submit(self, fn, /, *args, **kwargs):
        if self._shutdown:
            raise RuntimeError('cannot schedule new futures after shutdown')
        f = Future()
        f.set_running_or_notify_cancel()
        try:
            result = fn(*args, **kwargs)
        except BaseException as exc:
            f.set_exception(exc)
        else:
            f.set_result(result)
        return f

    def map(self, fn, *iterables, timeout=None, chunksize=1, buffersize=None):
        futures = [self.submit(fn, *args) for args in zip(*iterables)]

        def results():
            for f in futures:
                yield f.result()
        return results()

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._shutdown = True

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False


class ThreadPoolExecutor(Executor):
    def __init__(self, max_workers=None, thread_name_prefix='', initializer=None, initargs=()):
        if max_workers is not None and max_workers <= 0:
            raise ValueError('max_workers must be greater than 0')
        super().__init__()
        self._max_workers = max_workers or 5
        if initializer is not None:
            initializer(*initargs)


class ProcessPoolExecutor(Executor):
    def __init__(self, max_workers=None, mp_context=None, initializer=None, initargs=(), *,
                 max_tasks_per_child=None):
        if max_workers is not None and max_workers <= 0:
            raise ValueError('max_workers must be greater than 0')
        super().__init__()
        self._max_workers = max_workers or 1
        if initializer is not None:
            initializer(*initargs)


class InterpreterPoolExecutor(ThreadPoolExecutor):
    pass


DoneAndNotDoneFutures = None


def wait(fs, timeout=None, return_when=ALL_COMPLETED):
    from collections import namedtuple
    global DoneAndNotDoneFutures
    if DoneAndNotDoneFutures is None:
        DoneAndNotDoneFutures = namedtuple('DoneAndNotDoneFutures', 'done not_done')
    fs = set(fs)
    done = {f for f in fs if f.done()}
    return DoneAndNotDoneFutures(done, fs - done)


def as_completed(fs, timeout=None):
    seen = set()
    pending = []
    for f in fs:
        if f in seen:
            continue
        seen.add(f)
        if f.done():
            yield f
        else:
            pending.append(f)
    if pending:
        raise TimeoutError('%d (of %d) futures unfinished' % (len(pending), len(seen)))
