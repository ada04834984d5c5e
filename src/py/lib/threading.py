# threading for Sandkiste: the threading API over a single thread.
#
# Nothing runs concurrently here.  Thread.start() runs the thread's body to
# the end before it returns, so join() has nothing left to wait for; locks
# never meet a competitor.  A wait that only another thread could end raises
# RuntimeError rather than hanging; a wait with a timeout sleeps on the run's
# clock for that long and then reports failure.

import sys as _sys
import time as _time

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread', 'TIMEOUT_MAX',
           'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread', 'Barrier', 'BrokenBarrierError',
           'Timer', 'ThreadError', 'ExceptHookArgs', 'setprofile', 'settrace', 'local', 'stack_size', 'excepthook',
           'get_native_id', 'getprofile', 'gettrace']

TIMEOUT_MAX = 9223372036.0
ThreadError = RuntimeError

_MAIN_ID = 1
_E_N = 'n must be one or more'
_E_RLOCK = 'cannot release un-acquired lock'
_E_PARTIES = 'parties must be > 0'


def _stuck(what):
    raise RuntimeError(what + ' would wait forever: this interpreter runs a single thread')


def _give_up(timeout):
    # a bounded wait nobody can satisfy: let the time pass, then fail
    if timeout and timeout > 0:
        _time.sleep(timeout)
    return False


class _WithAcquire:
    # with-statement support for anything with acquire() and release()
    def __enter__(self):
        return self.acquire()

    def __exit__(self, *ignored):
        self.release()


# ---- locks ------------------------------------------------------------------------------
class _Mutex(_WithAcquire):
    # acquire() for Lock and RLock; _take() says whether we got it
    _what = 'Lock.acquire()'

    def acquire(self, blocking=True, timeout=-1):
        if self._take():
            return True
        if blocking and timeout < 0:
            _stuck(self._what)
        return _give_up(timeout if blocking else 0)


class Lock(_Mutex):
    'A mutex; taking it a second time without releasing would deadlock.'

    def __init__(self):
        self._taken = False

    def _take(self):
        if self._taken:
            return False
        self._taken = True
        return True

    def release(self):
        if not self._taken:
            raise RuntimeError('release unlocked lock')
        self._taken = False

    acquire_lock = _Mutex.acquire
    release_lock = release

    def locked(self):
        return self._taken

    def __repr__(self):
        state = 'locked' if self._taken else 'unlocked'
        return '<%s _thread.lock object at %#x>' % (state, id(self))


def allocate_lock():
    return Lock()


class RLock(_Mutex):
    'A mutex the owning thread (the only one) may take repeatedly.'

    def __init__(self):
        self._depth = 0

    def _take(self):
        self._depth += 1
        return True

    def release(self):
        if self._depth == 0:
            raise RuntimeError(_E_RLOCK)
        self._depth -= 1

    def locked(self):
        return self._depth > 0

    _is_owned = locked

    def __repr__(self):
        d = self._depth
        state = 'locked' if d else 'unlocked'
        owner = _MAIN_ID if d else 0
        return '<%s threading.RLock object owner=%r count=%d at %s>' % (state, owner, d, hex(id(self)))


class Condition(_WithAcquire):
    def __init__(self, lock=None):
        self._lock = RLock() if lock is None else lock
        # `with cond:` and cond.acquire() go straight to the lock
        self.acquire, self.release = self._lock.acquire, self._lock.release

    def wait(self, timeout=None):
        if timeout is None:
            _stuck('Condition.wait()')
        return _give_up(timeout)

    def wait_for(self, predicate, timeout=None):
        ok = predicate()
        if ok:
            return ok
        if timeout is None:
            _stuck('Condition.wait_for()')
        _give_up(timeout)
        return predicate()

    def notify(self, n=1):
        return None

    def notify_all(self):
        return None

    notifyAll = notify_all


class Semaphore(_WithAcquire):
    _bounded = False

    def __init__(self, value=1):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._value = value
        self._cap = value if self._bounded else None

    def acquire(self, blocking=True, timeout=None):
        if self._value:
            self._value -= 1
            return True
        if blocking and timeout is None:
            _stuck('Semaphore.acquire()')
        return _give_up(timeout if blocking else 0)

    def release(self, n=1):
        if n < 1:
            raise ValueError(_E_N)
        if self._cap is not None and self._value + n > self._cap:
            raise ValueError('Semaphore released too many times')
        self._value += n


class BoundedSemaphore(Semaphore):
    _bounded = True     # release() may not go above the initial value


class Event:
    def __init__(self):
        self._on = False

    def is_set(self):
        return self._on

    isSet = is_set

    def set(self):
        self._on = True

    def clear(self):
        self._on = False

    def wait(self, timeout=None):
        if self._on:
            return True
        if timeout is None:
            _stuck('Event.wait()')
        _time.sleep(timeout)
        return self._on


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    # only a barrier for one party can ever be passed; any other count
    # would need a second thread to arrive
    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError(_E_PARTIES)
        self._parties = parties
        self._action = action
        self._arrived = 0
        self._aborted = False

    def wait(self, timeout=None):
        if self._aborted:
            raise BrokenBarrierError
        slot = self._arrived
        self._arrived = slot + 1
        if self._arrived < self._parties:
            _stuck('Barrier.wait()')
        self._arrived = 0
        if self._action:
            self._action()
        return slot

    def reset(self):
        self._arrived = 0
        self._aborted = False

    def abort(self):
        self._aborted = True

    parties = property(lambda self: self._parties)
    n_waiting = property(lambda self: self._arrived)
    broken = property(lambda self: self._aborted)


# ---- threads ----------------------------------------------------------------------------
class _Registry:
    # module-wide thread bookkeeping
    def __init__(self):
        self.made = 0             # for default names Thread-N
        self.running = {}         # ident -> Thread, while its body runs
        self.main = None
        self.now = None           # the Thread whose code is executing


_reg = _Registry()


class Thread:
    'A thread object; start() runs the body to completion right away.'

    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        if group is not None:
            raise AssertionError('group argument must be None for now')
        if name is None:
            _reg.made += 1
            name = 'Thread-%d' % _reg.made
            label = getattr(target, '__name__', None) if target is not None else None
            if label:
                name = '%s (%s)' % (name, label)
        self._target = target
        self._args = args
        self._kwargs = kwargs if kwargs is not None else {}
        self._name = str(name)
        self._daemonic = False if daemon is None else bool(daemon)
        self._ident = None
        self._phase = 'initial'   # then 'started', then 'stopped'
        self._initialized = True

    def start(self):
        if not self._initialized:
            raise RuntimeError('thread.__init__() not called')
        if self._phase != 'initial':
            raise RuntimeError('threads can only be started once')
        self._phase = 'started'
        self._ident = _MAIN_ID + 1 + len(_reg.running)
        _reg.running[self._ident] = self
        outer, _reg.now = _reg.now, self
        try:
            self.run()
        except SystemExit:
            pass
        except BaseException as failure:
            excepthook(ExceptHookArgs((type(failure), failure, None, self)))
        finally:
            _reg.now = outer
            self._phase = 'stopped'
            del _reg.running[self._ident]

    def run(self):
        fn, a, kw = self._target, self._args, self._kwargs
        # forget them before the call, so the thread keeps no references
        for attr in ('_target', '_args', '_kwargs'):
            delattr(self, attr)
        if fn is not None:
            fn(*a, **kw)

    def join(self, timeout=None):
        if not self._initialized:
            raise RuntimeError('Thread.__init__() not called')
        if self._phase == 'initial':
            raise RuntimeError('cannot join thread before it is started')
        if _reg.now is self:
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
        return self._phase == 'started'

    @property
    def daemon(self):
        return self._daemonic

    @daemon.setter
    def daemon(self, value):
        if self._phase != 'initial':
            raise RuntimeError('cannot set daemon status of active thread')
        self._daemonic = bool(value)

    # old camelCase spellings
    def isDaemon(self):
        return self.daemon

    def setDaemon(self, daemonic):
        self.daemon = daemonic

    def getName(self):
        return self.name

    def setName(self, name):
        self.name = name

    def __repr__(self):
        bits = [self._phase]
        if self._daemonic:
            bits.append('daemon')
        bits += [] if self._ident is None else [str(self._ident)]
        return '<%s(%s, %s)>' % (type(self).__name__, self._name, ' '.join(bits))


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name='MainThread')
        self._phase = 'started'
        self._ident = _MAIN_ID


class Timer(Thread):
    'Calls function(*args, **kwargs) once interval seconds have passed.'

    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = [] if args is None else args
        self.kwargs = {} if kwargs is None else kwargs
        self.finished = Event()

    def cancel(self):
        self.finished.set()

    def run(self):
        stop = self.finished
        if not stop.is_set():
            _time.sleep(self.interval)
            if not stop.is_set():
                call, a, kw = self.function, self.args, self.kwargs
                call(*a, **kw)
        stop.set()


_reg.main = _reg.now = _MainThread()


def current_thread():
    return _reg.now


def main_thread():
    return _reg.main


def get_ident():
    return _reg.now._ident or _MAIN_ID


def get_native_id():
    return get_ident()


def active_count():
    return len(_reg.running) + 1


def enumerate():
    return [_reg.main, *_reg.running.values()]


currentThread = current_thread
activeCount = active_count


class local:
    'Per-thread attributes; with one thread, an ordinary namespace.'


class ExceptHookArgs(tuple):
    exc_type = property(lambda self: self[0])
    exc_value = property(lambda self: self[1])
    exc_traceback = property(lambda self: self[2])
    thread = property(lambda self: self[3])


def excepthook(args, /):
    if args.exc_type is SystemExit:
        return
    import traceback
    who = get_ident() if args.thread is None else args.thread.name
    print('Exception in thread %s:' % who, file=_sys.stderr)
    traceback.print_exception(args.exc_value, file=_sys.stderr)


__excepthook__ = excepthook


class _Hooks:
    profile = None
    trace = None


def setprofile(func):
    _Hooks.profile = func


def getprofile():
    return _Hooks.profile


def settrace(func):
    _Hooks.trace = func


def gettrace():
    return _Hooks.trace


setprofile_all_threads = setprofile
settrace_all_threads = settrace


def stack_size(size=0):
    return 0
