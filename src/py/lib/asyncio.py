# asyncio — a deterministic, single-threaded event loop for the sandbox.
#
# Time is virtual: when nothing is ready to run, the clock jumps to the
# next timer, so `await asyncio.sleep(10)` costs nothing and runs are
# reproducible.  The module is host code (see py_exec_host_source): its
# frames never show in tracebacks, as if it were written in C.

_PENDING = 0
_CANCELLED = 1
_FINISHED = 2

FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'


class CancelledError(BaseException):
    pass


class InvalidStateError(Exception):
    pass


class QueueEmpty(Exception):
    pass


class QueueFull(Exception):
    pass


class QueueShutDown(Exception):
    pass


class BrokenBarrierError(RuntimeError):
    pass


class LimitOverrunError(Exception):
    pass


class IncompleteReadError(EOFError):
    pass


for _c in (CancelledError, InvalidStateError, QueueEmpty, QueueFull, QueueShutDown, BrokenBarrierError):
    _c.__module__ = 'builtins'

TimeoutError = TimeoutError


async def _probe():
    pass


_p = _probe()
_coroutine_type = type(_p)
_p.close()
del _p


def iscoroutine(obj):
    return type(obj) is _coroutine_type


def iscoroutinefunction(func):
    code = getattr(func, '__code__', None)
    return code is not None and bool(code.co_flags & 0x80)


def isfuture(obj):
    return getattr(type(obj), '_asyncio_future_blocking', None) is not None


# ---- heap of timers ------------------------------------------------------------------------------
def _heappush(heap, item):
    heap.append(item)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) >> 1
        if heap[parent] <= item:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = item


def _heappop(heap):
    last = heap.pop()
    if not heap:
        return last
    top = heap[0]
    n = len(heap)
    i = 0
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and heap[child + 1] < heap[child]:
            child += 1
        if last <= heap[child]:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = last
    return top


class Handle:
    __slots__ = ('_callback', '_args', '_cancelled')

    def __init__(self, callback, args):
        self._callback = callback
        self._args = args
        self._cancelled = False

    def cancel(self):
        self._cancelled = True

    def cancelled(self):
        return self._cancelled

    def _run(self):
        self._callback(*self._args)


class TimerHandle(Handle):
    __slots__ = ('_when', '_seq')

    def __init__(self, when, seq, callback, args):
        Handle.__init__(self, callback, args)
        self._when = when
        self._seq = seq

    def when(self):
        return self._when

    def __lt__(self, other):
        return (self._when, self._seq) < (other._when, other._seq)

    def __le__(self, other):
        return (self._when, self._seq) <= (other._when, other._seq)


class AbstractEventLoop:
    pass


class _Loop(AbstractEventLoop):
    def __init__(self):
        self._ready = []
        self._timers = []
        self._seq = 0
        self._time = 0.0
        self._running = False
        self._closed = False
        self._current = None
        self._tasks = []
        self._task_counter = 0

    def time(self):
        return self._time

    def is_running(self):
        return self._running

    def is_closed(self):
        return self._closed

    def close(self):
        self._closed = True

    def call_soon(self, callback, *args, context=None):
        h = Handle(callback, args)
        self._ready.append(h)
        return h

    def call_later(self, delay, callback, *args, context=None):
        return self.call_at(self._time + delay, callback, *args)

    def call_at(self, when, callback, *args, context=None):
        h = TimerHandle(when, self._seq, callback, args)
        self._seq += 1
        _heappush(self._timers, h)
        return h

    def create_future(self):
        return Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        return Task(coro, loop=self, name=name)

    def _run_once(self):
        timers = self._timers
        while timers and timers[0]._cancelled:
            _heappop(timers)
        if not self._ready and timers:
            if timers[0]._when > self._time:
                self._time = timers[0]._when
        while timers and timers[0]._when <= self._time:
            h = _heappop(timers)
            if not h._cancelled:
                self._ready.append(h)
        ready = self._ready
        self._ready = []
        for h in ready:
            if not h._cancelled:
                h._run()

    def _has_work(self):
        if self._ready:
            return True
        for t in self._timers:
            if not t._cancelled:
                return True
        return False

    def run_until_complete(self, future):
        if self._running:
            raise RuntimeError('This event loop is already running')
        fut = ensure_future(future, loop=self)
        self._running = True
        global _running_loop
        prev = _running_loop
        _running_loop = self
        try:
            while not fut.done():
                if not self._has_work():
                    raise RuntimeError('Event loop stopped before Future completed.')
                self._run_once()
        finally:
            self._running = False
            _running_loop = prev
        return fut.result()

    def _cancel_all(self):
        pending = [t for t in self._tasks if not t.done()]
        if not pending:
            return
        for t in pending:
            t.cancel()
        self._running = True
        global _running_loop
        prev = _running_loop
        _running_loop = self
        try:
            rounds = 0
            while any(not t.done() for t in pending) and self._has_work() and rounds < 100000:
                self._run_once()
                rounds += 1
        finally:
            self._running = False
            _running_loop = prev


_running_loop = None
_default_loop = None


def _get_loop():
    global _default_loop
    if _running_loop is not None:
        return _running_loop
    if _default_loop is None:
        _default_loop = _Loop()
    return _default_loop


def get_running_loop():
    if _running_loop is None:
        raise RuntimeError('no running event loop')
    return _running_loop


def get_event_loop():
    return _get_loop()


def new_event_loop():
    return _Loop()


def set_event_loop(loop):
    global _default_loop
    _default_loop = loop


# ---- futures ------------------------------------------------------------------------------------
class Future:
    _asyncio_future_blocking = False

    def __init__(self, *, loop=None):
        self._loop = loop if loop is not None else _get_loop()
        self._state = _PENDING
        self._result = None
        self._exception = None
        self._callbacks = []
        self._cancel_message = None

    def __repr__(self):
        state = ('pending', 'cancelled', 'finished')[self._state]
        if self._state == _FINISHED:
            if self._exception is not None:
                return f'<{type(self).__name__} {state} exception={self._exception!r}>'
            return f'<{type(self).__name__} {state} result={self._result!r}>'
        return f'<{type(self).__name__} {state}>'

    def get_loop(self):
        return self._loop

    def _make_cancelled_error(self):
        if self._cancel_message is None:
            return CancelledError()
        return CancelledError(self._cancel_message)

    def cancel(self, msg=None):
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self._schedule_callbacks()
        return True

    def _schedule_callbacks(self):
        callbacks = self._callbacks
        self._callbacks = []
        for cb in callbacks:
            self._loop.call_soon(cb, self)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def result(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Result is not ready.')
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Exception is not set.')
        return self._exception

    def _outcome_exc(self):
        # the exception a waiter should see, without raising it
        if self._state == _CANCELLED:
            return self._make_cancelled_error()
        return self._exception

    def add_done_callback(self, fn, *, context=None):
        if self._state != _PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        kept = [cb for cb in self._callbacks if cb != fn]
        removed = len(self._callbacks) - len(kept)
        self._callbacks = kept
        return removed

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError('invalid state')
        self._result = result
        self._state = _FINISHED
        self._schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError('invalid state')
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError('StopIteration interacts badly with generators and cannot be raised into a Future')
        self._exception = exception
        self._state = _FINISHED
        self._schedule_callbacks()

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


def _set_result_unless_cancelled(fut, result):
    if not fut.cancelled():
        fut.set_result(result)


class Task(Future):
    def __init__(self, coro, *, loop=None, name=None, context=None, eager_start=False):
        super().__init__(loop=loop)
        if not iscoroutine(coro):
            raise TypeError(f'a coroutine was expected, got {coro!r}')
        self._coro = coro
        self._fut_waiter = None
        self._must_cancel = False
        self._num_cancels_requested = 0
        loop = self._loop
        loop._task_counter += 1
        self._name = str(name) if name is not None else f'Task-{loop._task_counter}'
        loop._tasks.append(self)
        loop.call_soon(self._step)

    def __repr__(self):
        state = ('pending', 'cancelled', 'finished')[self._state]
        return f"<Task {state} name='{self._name}' coro={self._coro!r}>"

    def get_coro(self):
        return self._coro

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def get_context(self):
        return None

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def cancel(self, msg=None):
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None:
            if self._fut_waiter.cancel(msg=msg):
                return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def _step(self, exc=None):
        if self.done():
            return
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._make_cancelled_error()
            self._must_cancel = False
        coro = self._coro
        self._fut_waiter = None
        loop = self._loop
        prev = loop._current
        loop._current = self
        try:
            if exc is None:
                result = coro.send(None)
            else:
                result = coro.throw(exc)
        except StopIteration as e:
            if self._must_cancel:
                self._must_cancel = False
                Future.cancel(self, msg=self._cancel_message)
            else:
                Future.set_result(self, e.value)
        except CancelledError as e:
            if e.args:
                self._cancel_message = e.args[0]
            Future.cancel(self, msg=self._cancel_message)
        except (KeyboardInterrupt, SystemExit) as e:
            Future.set_exception(self, e)
            raise
        except BaseException as e:
            Future.set_exception(self, e)
        else:
            if getattr(result, '_asyncio_future_blocking', None) is not None:
                if result._loop is not loop:
                    loop.call_soon(self._step, RuntimeError(
                        f'Task {self!r} got Future {result!r} attached to a different loop'))
                elif result is self:
                    loop.call_soon(self._step, RuntimeError(f'Task cannot await on itself: {self!r}'))
                elif result._asyncio_future_blocking:
                    result._asyncio_future_blocking = False
                    result.add_done_callback(self._wakeup)
                    self._fut_waiter = result
                    if self._must_cancel:
                        if result.cancel(msg=self._cancel_message):
                            self._must_cancel = False
                else:
                    loop.call_soon(self._step, RuntimeError(
                        f'yield was used instead of yield from in task {self!r} with {result!r}'))
            elif result is None:
                loop.call_soon(self._step)
            else:
                loop.call_soon(self._step, RuntimeError(f'Task got bad yield: {result!r}'))
        finally:
            loop._current = prev

    def _wakeup(self, fut):
        self._step(fut._outcome_exc())


def current_task(loop=None):
    if loop is None:
        loop = _running_loop
    if loop is None:
        raise RuntimeError('no running event loop')
    return loop._current


def all_tasks(loop=None):
    if loop is None:
        loop = get_running_loop()
    return {t for t in loop._tasks if not t.done()}


async def _wrap_awaitable(aw):
    return await aw


def ensure_future(coro_or_future, *, loop=None):
    if isfuture(coro_or_future):
        return coro_or_future
    if loop is None:
        loop = _get_loop()
    if iscoroutine(coro_or_future):
        return Task(coro_or_future, loop=loop)
    if hasattr(type(coro_or_future), '__await__'):
        return Task(_wrap_awaitable(coro_or_future), loop=loop)
    raise TypeError('An asyncio.Future, a coroutine or an awaitable is required')


def create_task(coro, *, name=None, context=None):
    loop = get_running_loop()
    return Task(coro, loop=loop, name=name)


class _YieldOnce:
    def __await__(self):
        yield


async def sleep(delay, result=None):
    if delay <= 0:
        await _YieldOnce()
        return result
    loop = get_running_loop()
    fut = Future(loop=loop)
    h = loop.call_later(delay, _set_result_unless_cancelled, fut, result)
    try:
        return await fut
    finally:
        h.cancel()


def run(main, *, debug=None, loop_factory=None):
    if _running_loop is not None:
        raise RuntimeError('asyncio.run() cannot be called from a running event loop')
    if not iscoroutine(main):
        raise ValueError(f'a coroutine was expected, got {main!r}')
    loop = _Loop()
    try:
        return loop.run_until_complete(main)
    finally:
        loop._cancel_all()
        loop.close()


def _run_main(coro):
    # top-level await: the module body is the main task of a fresh loop
    global _default_loop
    loop = _Loop()
    _default_loop = loop
    try:
        return loop.run_until_complete(coro)
    finally:
        loop._cancel_all()


# ---- combinators ------------------------------------------------------------------------------
class _GatheringFuture(Future):
    def __init__(self, children, *, loop):
        super().__init__(loop=loop)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg=msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*coros_or_futures, return_exceptions=False):
    if not coros_or_futures:
        outer = Future(loop=_get_loop())
        outer.set_result([])
        return outer
    loop = None
    arg_to_fut = {}
    children = []
    for arg in coros_or_futures:
        if arg not in arg_to_fut:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = fut._loop
            arg_to_fut[arg] = fut
        else:
            fut = arg_to_fut[arg]
        children.append(fut)
    outer = _GatheringFuture(children, loop=loop)
    state = [0, len(arg_to_fut)]

    def _done_callback(fut):
        state[0] += 1
        if outer.done():
            return
        if not return_exceptions:
            if fut.cancelled():
                outer.set_exception(fut._make_cancelled_error())
                return
            exc = fut._exception
            if exc is not None:
                outer.set_exception(exc)
                return
        if state[0] == state[1]:
            results = []
            for f in children:
                if f.cancelled():
                    res = CancelledError('' if f._cancel_message is None else f._cancel_message)
                else:
                    res = f._exception
                    if res is None:
                        res = f._result
                results.append(res)
            if outer._cancel_requested:
                outer.set_exception(fut._make_cancelled_error())
            else:
                outer.set_result(results)

    for fut in arg_to_fut.values():
        fut.add_done_callback(_done_callback)
    return outer


def shield(arg):
    inner = ensure_future(arg)
    if inner.done():
        return inner
    loop = inner._loop
    outer = Future(loop=loop)

    def _inner_done(inner):
        if outer.cancelled():
            return
        if inner.cancelled():
            outer.cancel()
        elif inner._exception is not None:
            outer.set_exception(inner._exception)
        else:
            outer.set_result(inner._result)

    def _outer_done(outer):
        if not inner.done():
            inner.remove_done_callback(_inner_done)

    inner.add_done_callback(_inner_done)
    outer.add_done_callback(_outer_done)
    return outer


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f'expect a list of futures, not {type(fs).__name__}')
    if not fs:
        raise ValueError('Set of Tasks/Futures is empty.')
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError(f'Invalid return_when value: {return_when}')
    fs = set(fs)
    if any(iscoroutine(f) for f in fs):
        raise TypeError('Passing coroutines is forbidden, use tasks explicitly.')
    loop = get_running_loop()
    return await _wait(fs, timeout, return_when, loop)


async def _wait(fs, timeout, return_when, loop):
    waiter = loop.create_future()
    timeout_handle = None
    if timeout is not None:
        timeout_handle = loop.call_later(timeout, _release_waiter, waiter)
    counter = [len(fs)]

    def _on_completion(f):
        counter[0] -= 1
        if (counter[0] <= 0 or return_when == FIRST_COMPLETED or
                (return_when == FIRST_EXCEPTION and not f.cancelled() and f._exception is not None)):
            if timeout_handle is not None:
                timeout_handle.cancel()
            if not waiter.done():
                waiter.set_result(None)

    for f in fs:
        f.add_done_callback(_on_completion)
    try:
        await waiter
    finally:
        if timeout_handle is not None:
            timeout_handle.cancel()
        for f in fs:
            f.remove_done_callback(_on_completion)
    done, pending = set(), set()
    for f in fs:
        if f.done():
            done.add(f)
        else:
            pending.add(f)
    return done, pending


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


async def wait_for(fut, timeout):
    if timeout is None:
        return await fut
    if timeout <= 0:
        fut = ensure_future(fut)
        if fut.done():
            return fut.result()
        fut.cancel()
        raise TimeoutError()
    async with timeout_(timeout):
        return await fut


class _AsCompleted:
    def __init__(self, fs, timeout):
        loop = _get_loop()
        self._todo = []
        seen = set()
        for f in fs:
            if f in seen:
                continue
            seen.add(f)
            self._todo.append(ensure_future(f, loop=loop))
        self._done = []
        self._loop = loop
        self._waiters = []
        for f in self._todo:
            f.add_done_callback(self._on_done)
        self._remaining = len(self._todo)

    def _on_done(self, f):
        self._done.append(f)
        while self._waiters and self._done:
            w = self._waiters.pop(0)
            if not w.done():
                w.set_result(self._done.pop(0))

    async def _next(self):
        if self._done:
            return self._done.pop(0).result()
        w = self._loop.create_future()
        self._waiters.append(w)
        f = await w
        return f.result()

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self._remaining <= 0:
            raise StopAsyncIteration
        self._remaining -= 1
        if self._done:
            return self._done.pop(0)
        w = self._loop.create_future()
        self._waiters.append(w)
        return await w

    def __iter__(self):
        return self

    def __next__(self):
        if self._remaining <= 0:
            raise StopIteration
        self._remaining -= 1
        return self._next()


def as_completed(fs, *, timeout=None):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f'expect an iterable of futures, not {type(fs).__name__}')
    return _AsCompleted(fs, timeout)


# ---- timeouts ----------------------------------------------------------------------------------
class Timeout:
    def __init__(self, when):
        self._when = when
        self._handle = None
        self._task = None
        self._expired = False
        self._entered = False

    def when(self):
        return self._when

    def reschedule(self, when):
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._when = when
        if when is not None and self._task is not None:
            loop = get_running_loop()
            if when <= loop.time():
                self._handle = loop.call_soon(self._on_timeout)
            else:
                self._handle = loop.call_at(when, self._on_timeout)

    def expired(self):
        return self._expired

    def _on_timeout(self):
        self._task.cancel()
        self._expired = True
        self._handle = None

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError('Timeout has already been entered')
        self._entered = True
        self._task = current_task()
        if self._task is None:
            raise RuntimeError('Timeout should be used inside a task')
        self._cancelling = self._task.cancelling()
        self.reschedule(self._when)
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb):
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._expired and exc_type is CancelledError:
            self._task.uncancel()
            raise TimeoutError from exc_val
        return None


def timeout(delay):
    loop = _get_loop()
    return Timeout(loop.time() + delay if delay is not None else None)


timeout_ = timeout


def timeout_at(when):
    return Timeout(when)


# ---- synchronisation -----------------------------------------------------------------------------
class Event:
    def __init__(self):
        self._waiters = []
        self._value = False

    def __repr__(self):
        return f"<asyncio.locks.Event object [{'set' if self._value else 'unset'}]>"

    def is_set(self):
        return self._value

    def set(self):
        if not self._value:
            self._value = True
            for fut in self._waiters:
                if not fut.done():
                    fut.set_result(True)

    def clear(self):
        self._value = False

    async def wait(self):
        if self._value:
            return True
        fut = _get_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
            return True
        finally:
            self._waiters.remove(fut)


class Lock:
    def __init__(self):
        self._waiters = []
        self._locked = False

    def __repr__(self):
        return f"<asyncio.locks.Lock object [{'locked' if self._locked else 'unlocked'}]>"

    def locked(self):
        return self._locked

    async def acquire(self):
        if not self._locked and all(w.cancelled() for w in self._waiters):
            self._locked = True
            return True
        fut = _get_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self):
        if self._locked:
            self._locked = False
            self._wake_up_first()
        else:
            raise RuntimeError('Lock is not acquired.')

    def _wake_up_first(self):
        for fut in self._waiters:
            if not fut.done():
                fut.set_result(True)
                return

    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class Semaphore:
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('Semaphore initial value must be >= 0')
        self._waiters = []
        self._value = value

    def locked(self):
        return self._value == 0 or any(not w.cancelled() for w in self._waiters)

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        fut = _get_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if fut.done() and not fut.cancelled():
                self._value += 1
            while self._value > 0 and self._wake_up_next():
                pass
            raise
        while self._value > 0 and self._wake_up_next():
            pass
        return True

    def release(self):
        self._value += 1
        self._wake_up_next()

    def _wake_up_next(self):
        for fut in self._waiters:
            if not fut.done():
                self._value -= 1
                fut.set_result(True)
                return True
        return False

    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        self._bound_value = value
        super().__init__(value)

    def release(self):
        if self._value >= self._bound_value:
            raise ValueError('BoundedSemaphore released too many times')
        super().release()


class Condition:
    def __init__(self, lock=None):
        if lock is None:
            lock = Lock()
        self._lock = lock
        self._waiters = []
        self.locked = lock.locked
        self.acquire = lock.acquire
        self.release = lock.release

    async def __aenter__(self):
        await self._lock.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self._lock.release()

    async def wait(self):
        if not self.locked():
            raise RuntimeError('cannot wait on un-acquired lock')
        self.release()
        try:
            fut = _get_loop().create_future()
            self._waiters.append(fut)
            try:
                await fut
                return True
            finally:
                self._waiters.remove(fut)
        finally:
            await self.acquire()

    async def wait_for(self, predicate):
        result = predicate()
        while not result:
            await self.wait()
            result = predicate()
        return result

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError('cannot notify on un-acquired lock')
        idx = 0
        for fut in self._waiters:
            if idx >= n:
                break
            if not fut.done():
                idx += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))


class Barrier:
    def __init__(self, parties):
        if parties < 1:
            raise ValueError('parties must be >= 1')
        self._cond = Condition()
        self._parties = parties
        self._state = 0          # 0 filling, 1 draining, -1 resetting, -2 broken
        self._count = 0

    async def __aenter__(self):
        return await self.wait()

    async def __aexit__(self, *args):
        pass

    async def wait(self):
        async with self._cond:
            await self._block()
            try:
                index = self._count
                self._count += 1
                if index + 1 == self._parties:
                    self._state = 1
                    self._cond.notify_all()
                else:
                    await self._cond.wait_for(lambda: self._state != 0)
                    if self._state < 0:
                        raise BrokenBarrierError
                return index
            finally:
                self._count -= 1
                if self._count == 0 and self._state == 1:
                    self._state = 0
                    self._cond.notify_all()

    async def _block(self):
        await self._cond.wait_for(lambda: self._state not in (1, -1))
        if self._state == -2:
            raise BrokenBarrierError('Barrier aborted')

    async def reset(self):
        async with self._cond:
            if self._count > 0:
                if self._state in (0, 1):
                    self._state = -1
            else:
                self._state = 0
            self._cond.notify_all()

    async def abort(self):
        async with self._cond:
            self._state = -2
            self._cond.notify_all()

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        if self._state == 0:
            return self._count
        return 0

    @property
    def broken(self):
        return self._state == -2


class Queue:
    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._queue = []
        self._getters = []
        self._putters = []
        self._unfinished_tasks = 0
        self._finished = Event()
        self._finished.set()
        self._shutdown = False

    def _get(self):
        return self._queue.pop(0)

    def _put(self, item):
        self._queue.append(item)

    def _wakeup_next(self, waiters):
        while waiters:
            w = waiters.pop(0)
            if not w.done():
                w.set_result(None)
                break

    def __repr__(self):
        return f'<{type(self).__name__} maxsize={self._maxsize!r}>'

    def qsize(self):
        return len(self._queue)

    @property
    def maxsize(self):
        return self._maxsize

    def empty(self):
        return not self._queue

    def full(self):
        if self._maxsize <= 0:
            return False
        return self.qsize() >= self._maxsize

    async def put(self, item):
        while self.full():
            putter = _get_loop().create_future()
            self._putters.append(putter)
            try:
                await putter
            except BaseException:
                putter.cancel()
                try:
                    self._putters.remove(putter)
                except ValueError:
                    pass
                if not self.full() and not putter.cancelled():
                    self._wakeup_next(self._putters)
                raise
        return self.put_nowait(item)

    def put_nowait(self, item):
        if self.full():
            raise QueueFull
        self._put(item)
        self._unfinished_tasks += 1
        self._finished.clear()
        self._wakeup_next(self._getters)

    async def get(self):
        while self.empty():
            getter = _get_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                try:
                    self._getters.remove(getter)
                except ValueError:
                    pass
                if not self.empty() and not getter.cancelled():
                    self._wakeup_next(self._getters)
                raise
        return self.get_nowait()

    def get_nowait(self):
        if self.empty():
            raise QueueEmpty
        item = self._get()
        self._wakeup_next(self._putters)
        return item

    def task_done(self):
        if self._unfinished_tasks <= 0:
            raise ValueError('task_done() called too many times')
        self._unfinished_tasks -= 1
        if self._unfinished_tasks == 0:
            self._finished.set()

    async def join(self):
        if self._unfinished_tasks > 0:
            await self._finished.wait()


class PriorityQueue(Queue):
    def _put(self, item):
        _heappush(self._queue, item)

    def _get(self):
        return _heappop(self._queue)


class LifoQueue(Queue):
    def _get(self):
        return self._queue.pop()


# ---- task groups --------------------------------------------------------------------------------
class TaskGroup:
    def __init__(self):
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._loop = None
        self._parent_task = None
        self._parent_cancel_requested = False
        self._tasks = set()
        self._errors = []
        self._base_error = None
        self._on_completed_fut = None

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError(f'TaskGroup {self!r} has already been entered')
        self._loop = get_running_loop()
        self._parent_task = current_task()
        self._entered = True
        return self

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        if exc is not None and et is not CancelledError and not issubclass(et, Exception):
            self._base_error = exc
        propagate_cancellation_error = exc if et is CancelledError else None
        if et is not None and not self._aborting:
            self._abort()
        while self._tasks:
            if self._on_completed_fut is None:
                self._on_completed_fut = self._loop.create_future()
            try:
                await self._on_completed_fut
            except CancelledError as ex:
                if not self._aborting:
                    propagate_cancellation_error = ex
                    self._abort()
            self._on_completed_fut = None
        if self._base_error is not None:
            raise self._base_error
        if propagate_cancellation_error is not None and not self._errors:
            raise propagate_cancellation_error
        if et is not None and et is not CancelledError:
            self._errors.append(exc)
        if self._errors:
            errors = self._errors
            self._errors = None
            raise BaseExceptionGroup('unhandled errors in a TaskGroup', errors)

    def create_task(self, coro, *, name=None, context=None):
        if not self._entered:
            coro.close()
            raise RuntimeError(f'TaskGroup {self!r} has not been entered')
        if self._exiting and not self._tasks:
            coro.close()
            raise RuntimeError(f'TaskGroup {self!r} is finished')
        if self._aborting:
            coro.close()
            raise RuntimeError(f'TaskGroup {self!r} is shutting down')
        task = self._loop.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._on_task_done)
        return task

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, task):
        self._tasks.discard(task)
        if self._on_completed_fut is not None and not self._tasks:
            if not self._on_completed_fut.done():
                self._on_completed_fut.set_result(True)
        if task.cancelled():
            return
        exc = task._exception
        if exc is None:
            return
        self._errors.append(exc)
        if not isinstance(exc, Exception) and self._base_error is None:
            self._base_error = exc
        if not self._aborting:
            self._abort()
            if self._parent_task is not None and not self._exiting:
                self._parent_cancel_requested = True
                self._parent_task.cancel()


async def to_thread(func, *args, **kwargs):
    return func(*args, **kwargs)
