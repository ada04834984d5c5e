"""threading for Sandkiste: the API over a single thread of execution.

There are no threads here.  Thread.start() runs the target to completion
before returning (so join() returns at once), locks never contend, and a
wait that could only end through another thread raises RuntimeError instead
of hanging.
"""
import sys as _sys
import time as _time

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread', 'TIMEOUT_MAX',
           'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread', 'Barrier', 'BrokenBarrierError',
           'Timer', 'ThreadError', 'ExceptHookArgs', 'setprofile', 'settrace', 'local', 'stack_size', 'excepthook',
           'get_native_id', 'getprofile', 'gettrace']

TIMEOUT_MAX = 9223372036.0
ThreadError = RuntimeError
_MAIN_IDENT = 1


def _would_block(what):
    raise RuntimeError(f'{what} would wait forever: this interpreter runs a single thread')


class _LockBase:
    def __init__(self):
        self._held = 0

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()


class Lock(_LockBase):
    """A mutex; acquiring it twice without a release would deadlock."""

    def acquire(self, blocking=True, timeout=-1):
        if self._held:
            if not blocking or timeout >= 0:
                if timeout > 0:
                    _time.sleep(timeout)
                return False
            _would_block('Lock.acquire()')
        self._held = 1
        return True

    acquire_lock = acquire

    def release(self):
        if not self._held:
            raise RuntimeError('release unlocked lock')
        self._held = 0

    release_lock = release

    def locked(self):
        return bool(self._held)

    def _at_fork_reinit(self):
        self._held = 0

    def __repr__(self):
        return '<%s %s object at %#x>' % ('locked' if self._held else 'unlocked', '_thread.lock', id(self))


def allocate_lock():
    return Lock()


class RLock(_LockBase):
    """A re-entrant mutex."""

    def acquire(self, blocking=True, timeout=-1):
        self._held += 1
        return True

    def release(self):
        if not self._held:
            raise RuntimeError('cannot release un-acquired lock')
        self._held -= 1

    def locked(self):
        return bool(self._held)

    def _is_owned(self):
        return bool(self._held)

    def __repr__(self):
        return '<%s %s.%s object owner=%r count=%d at %s>' % (
            'locked' if self._held else 'unlocked', 'threading', 'RLock', _MAIN_IDENT if self._held else 0,
            self._held, hex(id(self)))


class Condition:
    def __init__(self, lock=None):
        self._lock = lock if lock is not None else RLock()
        self.acquire = self._lock.acquire
        self.release = self._lock.release

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *exc):
        return self._lock.__exit__(*exc)

    def wait(self, timeout=None):
        if timeout is None:
            _would_block('Condition.wait()')
        _time.sleep(timeout)
        return False

    def wait_for(self, predicate, timeout=None):
        result = predicate()
        if result:
            return result
        if timeout is None:
            _would_block('Condition.wait_for()')
        _time.sleep(timeout)
        return predicate()

    def notify(self, n=1):
        pass

    def notify_all(self):
        pass

    notifyAll = notify_all


class Semaphore:
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._value = value

    def acquire(self, blocking=True, timeout=None):
        if self._value > 0:
            self._value -= 1
            return True
        if not blocking or timeout is not None:
            if timeout:
                _time.sleep(timeout)
            return False
        _would_block('Semaphore.acquire()')

    __enter__ = acquire

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        self._value += n

    def __exit__(self, *exc):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        super().__init__(value)
        self._initial = value

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        if self._value + n > self._initial:
            raise ValueError('Semaphore released too many times')
        self._value += n


class Event:
    def __init__(self):
        self._flag = False

    def is_set(self):
        return self._flag

    isSet = is_set

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        if self._flag:
            return True
        if timeout is None:
            _would_block('Event.wait()')
        _time.sleep(timeout)
        return self._flag


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError('parties must be >= 1')
        self._parties = parties
        self._action = action
        self._count = 0
        self._broken = False

    def wait(self, timeout=None):
        if self._broken:
            raise BrokenBarrierError
        index = self._count
        self._count += 1
        if self._count == self._parties:
            self._count = 0
            if self._action:
                self._action()
            return index
        _would_block('Barrier.wait()')

    def reset(self):
        self._count = 0
        self._broken = False

    def abort(self):
        self._broken = True

    parties = property(lambda self: self._parties)
    n_waiting = property(lambda self: self._count)
    broken = property(lambda self: self._broken)


_counter = [0]
_active = {}


class Thread:
    """A thread object whose start() runs the target right away."""

    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        if name is None:
            _counter[0] += 1
            name = 'Thread-%d' % _counter[0]
            if target is not None:
                tname = getattr(target, '__name__', None)
                if tname:
                    name += ' (%s)' % tname
        self._target = target
        self._name = str(name)
        self._args = args
        self._kwargs = {} if kwargs is None else kwargs
        self._daemonic = bool(daemon) if daemon is not None else False
        self._started = False
        self._finished = False
        self._ident = None
        self._initialized = True

    def start(self):
        if not self._initialized:
            raise RuntimeError('thread.__init__() not called')
        if self._started:
            raise RuntimeError('threads can only be started once')
        self._started = True
        _counter[0] += 0
        self._ident = _MAIN_IDENT + len(_active) + 1
        _active[self._ident] = self
        global _current
        previous, _current = _current, self
        try:
            self.run()
        except SystemExit:
            pass
        except BaseException as e:
            excepthook(ExceptHookArgs((type(e), e, None, self)))
        finally:
            _current = previous
            self._finished = True
            _active.pop(self._ident, None)

    def run(self):
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            del self._target, self._args, self._kwargs

    def join(self, timeout=None):
        if not self._initialized:
            raise RuntimeError('Thread.__init__() not called')
        if not self._started:
            raise RuntimeError('cannot join thread before it is started')
        if self is current_thread():
            raise RuntimeError('cannot join current thread')

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, value):
        self._name = str(value)

    @property
    def ident(self):
        return self._ident

    native_id = ident

    def is_alive(self):
        return self._started and not self._finished

    @property
    def daemon(self):
        return self._daemonic

    @daemon.setter
    def daemon(self, value):
        if self._started:
            raise RuntimeError('cannot set daemon status of active thread')
        self._daemonic = bool(value)

    def isDaemon(self):
        return self.daemon

    def setDaemon(self, daemonic):
        self.daemon = daemonic

    def getName(self):
        return self.name

    def setName(self, name):
        self.name = name

    def __repr__(self):
        status = 'initial'
        if self._started:
            status = 'started'
        if self._finished:
            status = 'stopped'
        if self._daemonic:
            status += ' daemon'
        if self._ident is not None:
            status += ' %s' % self._ident
        return '<%s(%s, %s)>' % (self.__class__.__name__, self._name, status)


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name='MainThread')
        self._started = True
        self._ident = _MAIN_IDENT


class Timer(Thread):
    """Calls function after interval seconds (the run's clock sleeps meanwhile)."""

    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        self.finished.set()

    def run(self):
        if not self.finished.is_set():
            _time.sleep(self.interval)
            if not self.finished.is_set():
                self.function(*self.args, **self.kwargs)
        self.finished.set()


_main = _MainThread()
_current = _main


def current_thread():
    return _current


currentThread = current_thread


def main_thread():
    return _main


def get_ident():
    return _current._ident or _MAIN_IDENT


def get_native_id():
    return get_ident()


def active_count():
    return 1 + len(_active)


activeCount = active_count


def enumerate():
    return [_main] + list(_active.values())


class local:
    """Thread-local data: with one thread, a plain namespace."""


class ExceptHookArgs(tuple):
    exc_type = property(lambda self: self[0])
    exc_value = property(lambda self: self[1])
    exc_traceback = property(lambda self: self[2])
    thread = property(lambda self: self[3])


def excepthook(args, /):
    if args.exc_type == SystemExit:
        return
    import traceback
    name = args.thread.name if args.thread is not None else get_ident()
    print(f'Exception in thread {name}:', file=_sys.stderr)
    traceback.print_exception(args.exc_value, file=_sys.stderr)


__excepthook__ = excepthook

_profile = None
_trace = None


def setprofile(func):
    global _profile
    _profile = func


def getprofile():
    return _profile


def settrace(func):
    global _trace
    _trace = func


def gettrace():
    return _trace


def stack_size(size=0):
    return 0


def setprofile_all_threads(func):
    setprofile(func)


def settrace_all_threads(func):
    settrace(func)
