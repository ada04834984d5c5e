# concurrent.futures for Sandkiste.
#
# There is one thread and no processes, so an executor simply runs each call
# the moment it is submitted and hands back a Future that is already done.
# wait() and as_completed() therefore never have anything to wait for.

__all__ = ['FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED', 'CancelledError', 'TimeoutError',
           'InvalidStateError', 'BrokenExecutor', 'Future', 'Executor', 'wait', 'as_completed',
           'ProcessPoolExecutor', 'ThreadPoolExecutor']

FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED = (
    'FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED')


_HOME = 'concurrent.futures._base'     # where CPython defines these


def _error_type(name, base):
    return type(name, (base,), {'__module__': _HOME, '__qualname__': name})


Error = _error_type('Error', Exception)
CancelledError = _error_type('CancelledError', Error)
InvalidStateError = _error_type('InvalidStateError', Error)
BrokenExecutor = _error_type('BrokenExecutor', RuntimeError)


TimeoutError = TimeoutError      # the builtin

_E_AFTER_SHUTDOWN = 'cannot schedule new futures after shutdown'
_E_WORKERS = 'max_workers must be greater than 0'
_E_ODD_STATE = 'Future in unexpected state'

# Future phases; the names show up in InvalidStateError messages
_WAITING, _BUSY, _CALLED_OFF, _SETTLED = 'PENDING', 'RUNNING', 'CANCELLED', 'FINISHED'


class Future:
    def __init__(self):
        self._phase = _WAITING
        self._value = None
        self._error = None
        self._on_done = []

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)

    def __repr__(self):
        head = '<%s at %#x state=' % (type(self).__name__, id(self))
        if self._phase != _SETTLED:
            return head + self._phase.lower() + '>'
        if self._error is None:
            return head + 'finished returned %s>' % type(self._value).__name__
        return head + 'finished raised %s>' % type(self._error).__name__

    def _notify(self):
        for fn in self._on_done:
            try:
                fn(self)
            except Exception:
                import logging
                logging.getLogger('concurrent.futures').exception('exception calling callback for %r', self)

    def _finish(self, value, error):
        if self._phase in (_CALLED_OFF, _SETTLED):
            raise InvalidStateError('%s: %r' % (self._phase, self))
        self._value, self._error = value, error
        self._phase = _SETTLED
        self._notify()

    def cancel(self):
        phase = self._phase
        if phase == _WAITING:
            self._phase = _CALLED_OFF
            self._notify()
            return True
        return phase == _CALLED_OFF

    def cancelled(self):
        return self._phase == _CALLED_OFF

    def running(self):
        return self._phase == _BUSY

    def done(self):
        return self._phase in (_CALLED_OFF, _SETTLED)

    def add_done_callback(self, fn):
        if self.done():
            fn(self)
        else:
            self._on_done.append(fn)

    def _outcome(self):
        # (value, error) of a finished future; nothing to wait for otherwise
        if self._phase == _CALLED_OFF:
            raise CancelledError()
        if self._phase != _SETTLED:
            raise TimeoutError()
        return self._value, self._error

    def result(self, timeout=None):
        value, error = self._outcome()
        if error is not None:
            raise error
        return value

    def exception(self, timeout=None):
        return self._outcome()[1]

    def set_running_or_notify_cancel(self):
        phase = self._phase
        if phase == _WAITING:
            self._phase = _BUSY
            return True
        if phase == _CALLED_OFF:
            return False
        raise RuntimeError(_E_ODD_STATE)

    def set_result(self, result):
        self._finish(result, None)

    def set_exception(self, exception):
        self._finish(None, exception)


class Executor:
    def __init__(self, *a, **kw):
        self._closed = False

    def submit(self, fn, /, *a, **kw):
        if self._closed:
            raise RuntimeError(_E_AFTER_SHUTDOWN)
        fut = Future()
        fut.set_running_or_notify_cancel()
        try:
            value = fn(*a, **kw)
        except BaseException as failure:
            fut.set_exception(failure)
        else:
            fut.set_result(value)
        return fut

    def map(self, fn, *iterables, timeout=None, chunksize=1, buffersize=None):
        # every call runs now (as CPython submits them all up front); the
        # results come out lazily, re-raising a failure when reached
        done = [self.submit(fn, *row) for row in zip(*iterables)]
        return (f.result() for f in done)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *ignored):
        self.shutdown(wait=True)
        return False


def _pool_init(ex, max_workers, default, initializer, initargs):
    if max_workers is not None and max_workers <= 0:
        raise ValueError(_E_WORKERS)
    Executor.__init__(ex)
    ex._max_workers = max_workers or default
    if initializer is None:
        return
    initializer(*initargs)


class ThreadPoolExecutor(Executor):
    def __init__(self, max_workers=None, thread_name_prefix='', initializer=None, initargs=()):
        _pool_init(self, max_workers, 5, initializer, initargs)


class ProcessPoolExecutor(Executor):
    def __init__(self, max_workers=None, mp_context=None, initializer=None, initargs=(), *,
                 max_tasks_per_child=None):
        _pool_init(self, max_workers, 1, initializer, initargs)


class InterpreterPoolExecutor(ThreadPoolExecutor):
    pass


_DoneSplit = None


def wait(fs, timeout=None, return_when=ALL_COMPLETED):
    global _DoneSplit
    if _DoneSplit is None:
        import collections
        _DoneSplit = collections.namedtuple('DoneAndNotDoneFutures', 'done not_done')
    everything = set(fs)
    finished = {f for f in everything if f.done()}
    return _DoneSplit(finished, everything - finished)


def as_completed(fs, timeout=None):
    unique = list(dict.fromkeys(fs))
    stuck = 0
    for f in unique:
        if f.done():
            yield f
        else:
            stuck += 1
    if stuck:
        raise TimeoutError('%d (of %d) futures unfinished' % (stuck, len(unique)))


Future.__module__ = Executor.__module__ = _HOME
