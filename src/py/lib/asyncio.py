# asyncio for the sandbox: one thread, one deterministic event loop.
#
# The clock is virtual.  When no callback is ready the loop jumps straight to
# the earliest timer, so sleeping costs no real time and every run of a
# program gives the same interleaving.  This file runs as host code (see
# py_exec_host_source): its frames are hidden from tracebacks.
#
# Pieces, in order: exceptions, a tiny binary heap, the loop and its handles,
# Future and Task, the module-level helpers (run, gather, wait, ...), the
# timeout context manager, the synchronisation primitives, queues and
# TaskGroup.


def _exc_class(name, base, hidden=True):
    ns = {'__qualname__': name}
    if hidden:
        ns['__module__'] = 'builtins'
    return type(name, (base,), ns)


CancelledError = _exc_class('CancelledError', BaseException)
InvalidStateError = _exc_class('InvalidStateError', Exception)
QueueEmpty = _exc_class('QueueEmpty', Exception)
QueueFull = _exc_class('QueueFull', Exception)
QueueShutDown = _exc_class('QueueShutDown', Exception)
BrokenBarrierError = _exc_class('BrokenBarrierError', RuntimeError)
LimitOverrunError = _exc_class('LimitOverrunError', Exception, False)
IncompleteReadError = _exc_class('IncompleteReadError', EOFError, False)
TimeoutError = TimeoutError     # the builtin, as in CPython 3.11+

# wait() modes; the values are the names
FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED = _WAIT_MODES = (
    'FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED')

# messages (CPython's wording)
_E_NO_LOOP = 'no running event loop'
_E_LOOP_BUSY = 'This event loop is already running'
_E_LOOP_STALLED = 'Event loop stopped before Future completed.'
_E_NOT_AWAITED = "await wasn't used with future"
_E_TASK_SETTER = 'Task does not support %s operation'
_E_WAIT_EMPTY = 'Set of Tasks/Futures is empty.'
_E_LOCK_FREE = 'Lock is not acquired.'
_E_COND_WAIT = 'cannot wait on un-acquired lock'
_E_COND_NOTIFY = 'cannot notify on un-acquired lock'
_E_SEM_OVER = 'BoundedSemaphore released too many times'
_E_TOO_MANY_DONE = 'task_done() called too many times'


async def _sample_coro():
    pass


_c = _sample_coro()
_CoroType = type(_c)
_c.close()
del _c, _sample_coro

_CO_COROUTINE = 0x80


def iscoroutine(obj):
    return type(obj) is _CoroType


def iscoroutinefunction(func):
    code = getattr(func, '__code__', None)
    if code is None:
        return False
    return (code.co_flags & _CO_COROUTINE) != 0


def isfuture(obj):
    # duck typing on the class, like CPython: anything with the marker
    return getattr(type(obj), '_asyncio_future_blocking', None) is not None


# ---- a min-heap over a plain list (timers, PriorityQueue) -------------------------------------
def _heap_add(h, entry):
    h.append(entry)
    pos = len(h) - 1
    while pos:
        up = (pos - 1) // 2
        if not entry < h[up]:
            break
        h[pos] = h[up]
        pos = up
    h[pos] = entry


def _heap_take(h):
    smallest = h[0]
    tail = h.pop()
    size = len(h)
    if size:
        pos = 0
        while True:
            kid = pos * 2 + 1
            if kid >= size:
                break
            if kid + 1 < size and h[kid + 1] < h[kid]:
                kid = kid + 1
            if not h[kid] < tail:
                break
            h[pos] = h[kid]
            pos = kid
        h[pos] = tail
    return smallest


# ---- the loop -----------------------------------------------------------------------------
class Handle:
    __slots__ = ('_fn', '_args', '_dead')

    def __init__(self, callback, args):
        self._fn = callback
        self._args = args
        self._dead = False

    def cancel(self):
        self._dead = True

    def cancelled(self):
        return self._dead

    def _fire(self):
        self._fn(*self._args)


class TimerHandle(Handle):
    __slots__ = ('_when', '_order')

    def __init__(self, when, order, callback, args):
        Handle.__init__(self, callback, args)
        self._when = when
        self._order = order

    def when(self):
        return self._when

    def __lt__(self, other):
        mine = (self._when, self._order)
        return mine < (other._when, other._order)


class AbstractEventLoop:
    pass


class _Loop(AbstractEventLoop):
    def __init__(self):
        self._now = 0.0
        self._soon = []          # handles to run on the next pass
        self._later = []         # heap of TimerHandle
        self._ticket = 0         # ties between equal deadlines go FIFO
        self._active = False
        self._shut = False
        self._running_task = None
        self._live = {}          # unfinished tasks, in creation order
        self._task_no = 0

    def time(self):
        return self._now

    def is_running(self):
        return self._active

    def is_closed(self):
        return self._shut

    def close(self):
        self._shut = True

    def call_soon(self, fn, *args, context=None):
        h = Handle(fn, args)
        self._soon.append(h)
        return h

    def call_later(self, delay, fn, *args, context=None):
        return self.call_at(self._now + delay, fn, *args)

    def call_at(self, when, fn, *args, context=None):
        self._ticket += 1
        h = TimerHandle(when, self._ticket, fn, args)
        _heap_add(self._later, h)
        return h

    def create_future(self):
        return Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        return Task(coro, loop=self, name=name)

    def _drop_dead_timers(self):
        later = self._later
        while later and later[0]._dead:
            _heap_take(later)

    def _idle(self):
        if self._soon:
            return False
        self._drop_dead_timers()
        return not self._later

    def _tick(self):
        # one pass: advance the virtual clock if idle, collect due timers,
        # then run what was ready at the start of the pass
        self._drop_dead_timers()
        later = self._later
        if later and not self._soon and later[0]._when > self._now:
            self._now = later[0]._when
        while later and later[0]._when <= self._now:
            h = _heap_take(later)
            if not h._dead:
                self._soon.append(h)
        batch, self._soon = self._soon, []
        for h in batch:
            if not h._dead:
                h._fire()

    def _enter(self):
        global _running_loop
        saved = _running_loop
        _running_loop = self
        self._active = True
        return saved

    def _leave(self, saved):
        global _running_loop
        self._active = False
        _running_loop = saved

    def run_until_complete(self, future):
        if self._active:
            raise RuntimeError(_E_LOOP_BUSY)
        target = ensure_future(future, loop=self)
        saved = self._enter()
        try:
            while not target.done():
                if self._idle():
                    raise RuntimeError(_E_LOOP_STALLED)
                self._tick()
        finally:
            self._leave(saved)
        return target.result()

    def _cancel_leftovers(self):
        left = [t for t in self._live if not t.done()]
        if not left:
            return
        for t in left:
            t.cancel()
        saved = self._enter()
        try:
            budget = 100000
            while budget and not self._idle():
                if all(t.done() for t in left):
                    break
                self._tick()
                budget -= 1
        finally:
            self._leave(saved)


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
        raise RuntimeError(_E_NO_LOOP)
    return _running_loop


def get_event_loop():
    return _get_loop()


def new_event_loop():
    return _Loop()


def set_event_loop(loop):
    global _default_loop
    _default_loop = loop


# ---- Future -------------------------------------------------------------------------------
# _outcome is None while pending, then one of 'ok', 'error', 'cancelled'.
_LABEL = {None: 'pending', 'ok': 'finished', 'error': 'finished', 'cancelled': 'cancelled'}


class Future:
    def __init__(self, *, loop=None):
        self._loop = _get_loop() if loop is None else loop
        self._outcome = None
        self._value = None
        self._error = None
        self._cancel_msg = None
        self._watchers = []

    def __repr__(self):
        label = _LABEL[self._outcome]
        kind = type(self).__name__
        if self._outcome == 'ok':
            return f'<{kind} {label} result={self._value!r}>'
        if self._outcome == 'error':
            return f'<{kind} {label} exception={self._error!r}>'
        return f'<{kind} {label}>'

    def get_loop(self):
        return self._loop

    _cancel_obj = None    # a Task keeps the CancelledError that ended it

    def _cancel_exc(self):
        obj = self._cancel_obj
        if obj is not None:
            self._cancel_obj = None
            return obj
        msg = self._cancel_msg
        return CancelledError() if msg is None else CancelledError(msg)

    def _failure(self):
        # what a waiter must have thrown at it (None on success)
        if self._outcome == 'cancelled':
            return self._cancel_exc()
        return self._error

    def _settle(self, outcome, value=None, error=None):
        self._outcome = outcome
        self._value = value
        self._error = error
        pending, self._watchers = self._watchers, []
        for fn in pending:
            self._loop.call_soon(fn, self)

    def cancel(self, msg=None):
        if self._outcome is not None:
            return False
        self._cancel_msg = msg
        self._settle('cancelled')
        return True

    def cancelled(self):
        return self._outcome == 'cancelled'

    def done(self):
        return self._outcome is not None

    def result(self):
        how = self._outcome
        if how == 'ok':
            return self._value
        if how == 'error':
            raise self._error
        if how == 'cancelled':
            raise self._cancel_exc()
        raise InvalidStateError('Result is not set.')

    def exception(self):
        how = self._outcome
        if how is None:
            raise InvalidStateError('Exception is not set.')
        if how == 'cancelled':
            raise self._cancel_exc()
        return self._error

    def add_done_callback(self, fn, *, context=None):
        if self._outcome is None:
            self._watchers.append(fn)
        else:
            self._loop.call_soon(fn, self)

    def remove_done_callback(self, fn, /):
        before = len(self._watchers)
        self._watchers = [w for w in self._watchers if w != fn]
        return before - len(self._watchers)

    def set_result(self, value, /):
        if self._outcome is not None:
            raise InvalidStateError('invalid state')
        self._settle('ok', value=value)

    def set_exception(self, exc, /):
        if self._outcome is not None:
            raise InvalidStateError('invalid state')
        if isinstance(exc, type):
            exc = exc()
        if type(exc) is StopIteration:
            # it would end the awaiting coroutine instead of raising there
            wrapped = RuntimeError('StopIteration interacts badly with generators and cannot be raised into a Future')
            wrapped.__cause__ = wrapped.__context__ = exc
            exc = wrapped
        self._settle('error', error=exc)

    def __await__(self):
        if self._outcome is None:
            self._asyncio_future_blocking = True
            yield self
            if self._outcome is None:
                raise RuntimeError(_E_NOT_AWAITED)
        return self.result()

    __iter__ = __await__


Future._asyncio_future_blocking = False


def _resolve_if_live(fut, value):
    if not fut.cancelled():
        fut.set_result(value)


# ---- Task ---------------------------------------------------------------------------------
class Task(Future):
    def __init__(self, coro, *, loop=None, name=None, context=None, eager_start=False):
        Future.__init__(self, loop=loop)
        if not iscoroutine(coro):
            raise TypeError(f'a coroutine was expected, got {coro!r}')
        owner = self._loop
        owner._task_no += 1
        self._coro = coro
        self._name = f'Task-{owner._task_no}' if name is None else str(name)
        self._blocked_on = None     # the future this task is parked on
        self._cancel_due = False    # throw CancelledError at the next step
        self._cancel_count = 0
        owner._live[self] = None
        owner.call_soon(self._advance)

    def __repr__(self):
        return f"<Task {_LABEL[self._outcome]} name='{self._name}' coro={self._coro!r}>"

    def get_coro(self):
        return self._coro

    def get_name(self):
        return self._name

    def set_name(self, value, /):
        self._name = str(value)

    def get_context(self):
        return None

    def set_result(self, value, /):
        raise RuntimeError(_E_TASK_SETTER % 'set_result')

    def set_exception(self, exc, /):
        raise RuntimeError(_E_TASK_SETTER % 'set_exception')

    def cancelling(self):
        return self._cancel_count

    def uncancel(self):
        if self._cancel_count:
            self._cancel_count -= 1
        return self._cancel_count

    def cancel(self, msg=None):
        if self._outcome is not None:
            return False
        self._cancel_count += 1
        parked = self._blocked_on
        if parked is not None and parked.cancel(msg=msg):
            return True
        # not parked (or the future refused): deliver on the next step
        self._cancel_due = True
        self._cancel_msg = msg
        return True

    def _settle(self, outcome, value=None, error=None):
        self._loop._live.pop(self, None)
        Future._settle(self, outcome, value, error)

    def _advance(self, thrown=None):
        if self._outcome is not None:
            return
        if self._cancel_due:
            self._cancel_due = False
            if not isinstance(thrown, CancelledError):
                thrown = self._cancel_exc()
        self._blocked_on = None
        loop = self._loop
        outer = loop._running_task
        loop._running_task = self
        try:
            self._resume(thrown)
        finally:
            loop._running_task = outer

    def _resume(self, thrown):
        coro = self._coro
        try:
            if thrown is None:
                yielded = coro.send(None)
            else:
                yielded = coro.throw(thrown)
        except StopIteration as stop:
            if self._cancel_due:
                self._cancel_due = False
                Future.cancel(self, msg=self._cancel_msg)
            else:
                self._settle('ok', value=stop.value)
            return
        except CancelledError as stopped:
            # the first awaiter gets this very exception, later ones a bare one
            Future.cancel(self)
            self._cancel_obj = stopped
            return
        except (KeyboardInterrupt, SystemExit) as fatal:
            self._settle('error', error=fatal)
            raise
        except BaseException as failure:
            self._settle('error', error=failure)
            return
        self._park(yielded)

    def _park(self, obj):
        loop = self._loop
        if obj is None:
            # a bare yield: just give the other tasks a turn
            loop.call_soon(self._advance)
            return
        blocking = getattr(obj, '_asyncio_future_blocking', None)
        if blocking is None:
            problem = f'Task got bad yield: {obj!r}'
        elif obj._loop is not loop:
            problem = f'Task {self!r} got Future {obj!r} attached to a different loop'
        elif obj is self:
            problem = f'Task cannot await on itself: {self!r}'
        elif not blocking:
            problem = f'yield was used instead of yield from in task {self!r} with {obj!r}'
        else:
            obj._asyncio_future_blocking = False
            obj.add_done_callback(self._on_blocker_done)
            self._blocked_on = obj
            if self._cancel_due and obj.cancel(msg=self._cancel_msg):
                self._cancel_due = False
            return
        loop.call_soon(self._advance, RuntimeError(problem))

    def _on_blocker_done(self, fut):
        self._advance(fut._failure())


def current_task(loop=None):
    if loop is None:
        loop = _running_loop
        if loop is None:
            raise RuntimeError(_E_NO_LOOP)
    return loop._running_task


def all_tasks(loop=None):
    if loop is None:
        loop = get_running_loop()
    return {t for t in loop._live if not t.done()}


async def _await_it(obj):
    return await obj


def ensure_future(obj, *, loop=None):
    if isfuture(obj):
        return obj
    if iscoroutine(obj):
        return Task(obj, loop=_get_loop() if loop is None else loop)
    if hasattr(type(obj), '__await__'):
        return Task(_await_it(obj), loop=_get_loop() if loop is None else loop)
    raise TypeError('An asyncio.Future, a coroutine or an awaitable is required')


def create_task(coro, *, name=None, context=None):
    return Task(coro, loop=get_running_loop(), name=name)


class _Pass:
    # awaiting this yields control exactly once
    def __await__(self):
        yield


async def sleep(delay, result=None):
    if delay <= 0:
        await _Pass()
        return result
    loop = get_running_loop()
    alarm = loop.create_future()
    timer = loop.call_later(delay, _resolve_if_live, alarm, result)
    try:
        return await alarm
    finally:
        timer.cancel()


def run(main, *, debug=None, loop_factory=None):
    if _running_loop is not None:
        raise RuntimeError('asyncio.run() cannot be called from a running event loop')
    if not iscoroutine(main):
        raise ValueError(f'a coroutine was expected, got {main!r}')
    loop = _Loop() if loop_factory is None else loop_factory()
    try:
        return loop.run_until_complete(main)
    finally:
        loop._cancel_leftovers()
        loop.close()


def _run_main(coro):
    # entry for top-level await (called from C): the module body becomes the
    # main task of a fresh loop, which also becomes the default loop
    global _default_loop
    loop = _default_loop = _Loop()
    try:
        return loop.run_until_complete(coro)
    finally:
        loop._cancel_leftovers()


async def to_thread(func, /, *a, **kw):
    # there are no threads here: call it inline
    return func(*a, **kw)


# ---- gather / shield ----------------------------------------------------------------------
class _GatherFuture(Future):
    def __init__(self, kids, loop):
        Future.__init__(self, loop=loop)
        self._kids = kids
        self._was_cancelled = False

    def cancel(self, msg=None):
        if self.done():
            return False
        hit = False
        for k in self._kids:
            hit = k.cancel(msg=msg) or hit
        if hit:
            self._was_cancelled = True
        return hit


def gather(*aws, return_exceptions=False):
    if not aws:
        empty = _get_loop().create_future()
        empty.set_result([])
        return empty
    unique = {}
    order = []
    loop = None
    for aw in aws:
        fut = unique.get(aw)
        if fut is None:
            fut = ensure_future(aw, loop=loop)
            loop = fut._loop
            unique[aw] = fut
        order.append(fut)
    outer = _GatherFuture(order, loop)
    left = [len(unique)]

    def collect():
        out = []
        for f in order:
            if f.cancelled():
                msg = f._cancel_msg
                out.append(CancelledError('' if msg is None else msg))
            elif f._error is not None:
                out.append(f._error)
            else:
                out.append(f._value)
        return out

    def child_done(f):
        left[0] -= 1
        if outer.done():
            return
        if not return_exceptions:
            bad = f._failure()
            if bad is not None:
                outer.set_exception(bad)
                return
        if left[0] == 0:
            if outer._was_cancelled:
                outer.set_exception(f._cancel_exc())
            else:
                outer.set_result(collect())

    for f in unique.values():
        f.add_done_callback(child_done)
    return outer


def shield(arg):
    inner = ensure_future(arg, loop=None)
    if inner.done():
        return inner
    outer = Future(loop=inner._loop)

    def copy_over(src):
        if outer.cancelled():
            return
        if src.cancelled():
            outer.cancel()
        elif src._error is not None:
            outer.set_exception(src._error)
        else:
            outer.set_result(src._value)

    def detach(_):
        if not inner.done():
            inner.remove_done_callback(copy_over)

    inner.add_done_callback(copy_over)
    outer.add_done_callback(detach)
    return outer


# ---- wait / wait_for / as_completed -------------------------------------------------------
def _wake(fut, *ignored):
    if not fut.done():
        fut.set_result(None)


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f'expect a list of futures, not {type(fs).__name__}')
    if not fs:
        raise ValueError(_E_WAIT_EMPTY)
    if return_when not in _WAIT_MODES:
        raise ValueError(f'Invalid return_when value: {return_when}')
    pool = set(fs)
    for f in pool:
        if iscoroutine(f):
            raise TypeError('Passing coroutines is forbidden, use tasks explicitly.')
    loop = get_running_loop()
    gate = loop.create_future()
    alarm = None if timeout is None else loop.call_later(timeout, _wake, gate)
    remaining = [len(pool)]

    def finished_one(f):
        remaining[0] -= 1
        enough = remaining[0] <= 0 or return_when == FIRST_COMPLETED
        if not enough and return_when == FIRST_EXCEPTION:
            enough = not f.cancelled() and f._error is not None
        if enough:
            _wake(gate)

    for f in pool:
        f.add_done_callback(finished_one)
    try:
        await gate
    finally:
        if alarm is not None:
            alarm.cancel()
        for f in pool:
            f.remove_done_callback(finished_one)
    done = {f for f in pool if f.done()}
    return done, pool - done


async def wait_for(fut, timeout):
    if timeout is None:
        return await fut
    if timeout > 0:
        async with _make_timeout(timeout):
            return await fut
    task = ensure_future(fut)
    if task.done():
        return task.result()
    task.cancel()
    raise TimeoutError()


class _CompletionOrder:
    # yields the given awaitables as they finish; both a plain iterator of
    # awaitables (the 3.11 form) and an async iterator (3.13)
    def __init__(self, fs, timeout):
        loop = _get_loop()
        self._loop = loop
        self._finished = []
        self._hungry = []
        self._left = 0
        self._timed_out = False
        seen = set()
        for aw in fs:
            if aw in seen:
                continue
            seen.add(aw)
            ensure_future(aw, loop=loop).add_done_callback(self._arrived)
            self._left += 1
        if timeout is not None:
            loop.call_later(timeout, self._expire)

    def _arrived(self, f):
        self._finished.append(f)
        self._feed()

    def _expire(self):
        self._timed_out = True
        self._feed()

    def _feed(self):
        while self._hungry and (self._finished or self._timed_out):
            w = self._hungry.pop(0)
            if w.done():
                continue
            if self._finished:
                w.set_result(self._finished.pop(0))
            else:
                w.set_exception(TimeoutError())

    def _claim(self, stop):
        if self._left <= 0:
            raise stop
        self._left -= 1
        w = self._loop.create_future()
        self._hungry.append(w)
        self._feed()
        return w

    async def _one(self, w):
        f = await w
        return f.result()

    def __iter__(self):
        return self

    def __next__(self):
        return self._one(self._claim(StopIteration))

    def __aiter__(self):
        return self

    async def __anext__(self):
        return await self._claim(StopAsyncIteration)


def as_completed(fs, *, timeout=None):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f'expect an iterable of futures, not {type(fs).__name__}')
    return _CompletionOrder(fs, timeout)


# ---- timeouts -----------------------------------------------------------------------------
class Timeout:
    def __init__(self, when):
        self._when = when
        self._alarm = None
        self._owner = None
        self._phase = 'created'   # then active, expiring, expired or finished
        self._base_cancels = 0

    def __repr__(self):
        extra = ''
        if self._phase == 'active':
            extra = ' when=%s' % (None if self._when is None else round(self._when, 3))
        return f'<Timeout [{self._phase}]{extra}>'

    def when(self):
        return self._when

    def expired(self):
        return self._phase in ('expiring', 'expired')

    def _disarm(self):
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None

    def reschedule(self, when):
        self._disarm()
        self._when = when
        if when is None or self._owner is None:
            return
        loop = self._owner._loop
        if when <= loop.time():
            self._alarm = loop.call_soon(self._fire)
        else:
            self._alarm = loop.call_at(when, self._fire)

    def _fire(self):
        self._alarm = None
        self._phase = 'expiring'
        self._owner.cancel()

    async def __aenter__(self):
        if self._phase != 'created':
            raise RuntimeError('Timeout has already been entered')
        task = current_task()
        if task is None:
            raise RuntimeError('Timeout should be used inside a task')
        self._owner = task
        self._phase = 'active'
        self._base_cancels = task.cancelling()
        self.reschedule(self.when())
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb):
        self._disarm()
        if self._phase != 'expiring':
            self._phase = 'finished'
            return None
        self._phase = 'expired'
        left = self._owner.uncancel()
        if exc_type is CancelledError and left <= self._base_cancels:
            raise TimeoutError() from exc_val
        return None


def timeout(delay):
    if delay is None:
        return Timeout(None)
    return Timeout(_get_loop().time() + delay)


_make_timeout = timeout


def timeout_at(when):
    return Timeout(when)


# ---- synchronisation ----------------------------------------------------------------------
def _new_waiter():
    return _get_loop().create_future()


def _release_first(queue, value=True):
    # resolve the oldest waiter still pending; True if there was one
    for w in queue:
        if not w.done():
            w.set_result(value)
            return True
    return False


def _locks_repr(obj, state, waiting):
    if waiting:
        state = '%s, waiters:%d' % (state, waiting)
    return '<asyncio.locks.%s object at %#x [%s]>' % (type(obj).__name__, id(obj), state)


class _AsyncWith:
    # `async with x:` acquires, and releases on the way out
    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, *ignored):
        self.release()


class Event:
    def __init__(self):
        self._flag = False
        self._sleepers = []

    def __repr__(self):
        return _locks_repr(self, 'set' if self._flag else 'unset', len(self._sleepers))

    def is_set(self):
        return self._flag

    def set(self):
        if self._flag:
            return
        self._flag = True
        for w in self._sleepers:
            if not w.done():
                w.set_result(True)

    def clear(self):
        self._flag = False

    async def wait(self):
        if self._flag:
            return True
        w = _new_waiter()
        self._sleepers.append(w)
        try:
            await w
        finally:
            self._sleepers.remove(w)
        return True


class Lock(_AsyncWith):
    def __init__(self):
        self._held = False
        self._queue = []

    def __repr__(self):
        return _locks_repr(self, 'locked' if self._held else 'unlocked', len(self._queue))

    def locked(self):
        return self._held

    def _free_for_me(self):
        if self._held:
            return False
        return all(w.cancelled() for w in self._queue)

    async def acquire(self):
        if self._free_for_me():
            self._held = True
            return True
        w = _new_waiter()
        self._queue.append(w)
        try:
            await w
        except CancelledError:
            self._queue.remove(w)
            if not self._held:
                _release_first(self._queue)
            raise
        self._queue.remove(w)
        self._held = True
        return True

    def release(self):
        if not self._held:
            raise RuntimeError(_E_LOCK_FREE)
        self._held = False
        _release_first(self._queue)


class Semaphore(_AsyncWith):
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('Semaphore initial value must be >= 0')
        self._value = value
        self._limit = value      # only BoundedSemaphore looks at it
        self._queue = []

    def __repr__(self):
        state = 'locked' if self.locked() else 'unlocked, value:%d' % self._value
        return _locks_repr(self, state, len(self._queue))

    def locked(self):
        if self._value == 0:
            return True
        return any(not w.cancelled() for w in self._queue)

    def _hand_out(self):
        # give free slots to waiters in arrival order
        while self._value > 0:
            if not _release_first(self._queue):
                return
            self._value -= 1

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        w = _new_waiter()
        self._queue.append(w)
        try:
            await w
        except CancelledError:
            self._queue.remove(w)
            if w.done() and not w.cancelled():
                self._value += 1      # we were handed a slot too late
            self._hand_out()
            raise
        self._queue.remove(w)
        self._hand_out()
        return True

    def release(self):
        self._value += 1
        if _release_first(self._queue):
            self._value -= 1


class BoundedSemaphore(Semaphore):
    def release(self):
        if self._value >= self._limit:
            raise ValueError(_E_SEM_OVER)
        Semaphore.release(self)


class Condition(_AsyncWith):
    def __init__(self, lock=None):
        lk = self._lock = Lock() if lock is None else lock
        self._sleepers = []
        # the lock's own methods, re-exported
        self.locked, self.acquire, self.release = lk.locked, lk.acquire, lk.release

    def __repr__(self):
        return _locks_repr(self, 'locked' if self.locked() else 'unlocked', len(self._sleepers))

    async def wait(self):
        if not self.locked():
            raise RuntimeError(_E_COND_WAIT)
        self.release()
        try:
            w = _new_waiter()
            self._sleepers.append(w)
            try:
                await w
            finally:
                self._sleepers.remove(w)
            return True
        finally:
            await self.acquire()

    async def wait_for(self, predicate):
        while True:
            ok = predicate()
            if ok:
                return ok
            await self.wait()

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError(_E_COND_NOTIFY)
        woken = 0
        for w in self._sleepers:
            if woken >= n:
                return
            if not w.done():
                w.set_result(False)
                woken += 1

    def notify_all(self):
        self.notify(len(self._sleepers))


class Barrier:
    # phases: 'filling' (arrivals counted), 'draining' (releasing a full
    # round), 'resetting', 'broken'
    def __init__(self, parties):
        if parties < 1:
            raise ValueError('parties must be > 0')
        self._parties = parties
        self._cv = Condition()
        self._phase = 'filling'
        self._inside = 0

    def __repr__(self):
        state = self._phase
        if state != 'broken':
            state += ', waiters:%d/%d' % (self.n_waiting, self._parties)
        return _locks_repr(self, state, 0)

    async def __aexit__(self, *ignored):
        return None

    async def wait(self):
        async with self._cv:
            await self._cv.wait_for(lambda: self._phase not in ('draining', 'resetting'))
            if self._phase == 'broken':
                raise BrokenBarrierError('Barrier aborted')
            slot = self._inside
            self._inside += 1
            try:
                if slot == self._parties - 1:
                    self._phase = 'draining'
                    self._cv.notify_all()
                else:
                    await self._cv.wait_for(lambda: self._phase != 'filling')
                    if self._phase in ('broken', 'resetting'):
                        raise BrokenBarrierError('Abort or reset of barrier')
                return slot
            finally:
                self._inside -= 1
                if self._inside == 0 and self._phase in ('draining', 'resetting'):
                    self._phase = 'filling'
                    self._cv.notify_all()

    async def reset(self):
        async with self._cv:
            if self._inside == 0:
                self._phase = 'filling'
            elif self._phase != 'broken':
                self._phase = 'resetting'
            self._cv.notify_all()

    async def abort(self):
        async with self._cv:
            self._phase = 'broken'
            self._cv.notify_all()

    __aenter__ = wait      # `async with barrier as index:`

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        return self._inside if self._phase == 'filling' else 0

    @property
    def broken(self):
        return self._phase == 'broken'


# ---- queues -------------------------------------------------------------------------------
class Queue:
    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._items = []
        self._want_get = []
        self._want_put = []
        self._open_tasks = 0
        self._all_done = Event()
        self._all_done.set()
        self._closed = False

    # storage hooks, overridden by the subclasses
    def _put(self, item):
        self._items.append(item)

    def _get(self):
        return self._items.pop(0)

    def _describe(self):
        text = 'maxsize=%r' % (self._maxsize,)
        if self._items:
            text += ' _queue=%r' % (list(self._items),)
        if self._want_get:
            text += ' _getters[%d]' % len(self._want_get)
        if self._want_put:
            text += ' _putters[%d]' % len(self._want_put)
        if self._open_tasks:
            text += ' tasks=%d' % self._open_tasks
        return text

    def __repr__(self):
        return '<%s at %#x %s>' % (type(self).__name__, id(self), self._describe())

    def __str__(self):
        return '<%s %s>' % (type(self).__name__, self._describe())

    @property
    def maxsize(self):
        return self._maxsize

    def qsize(self):
        return len(self._items)

    def empty(self):
        return not self._items

    def full(self):
        return 0 < self._maxsize <= self.qsize()

    @staticmethod
    def _signal(line):
        while line:
            w = line.pop(0)
            if not w.done():
                w.set_result(None)
                return

    async def _block_until(self, line, blocked):
        while blocked():
            if self._closed:
                raise QueueShutDown
            w = _new_waiter()
            line.append(w)
            try:
                await w
            except BaseException:
                w.cancel()
                if w in line:
                    line.remove(w)
                if not blocked() and not w.cancelled():
                    self._signal(line)
                raise

    async def put(self, item):
        await self._block_until(self._want_put, self.full)
        self.put_nowait(item)

    def put_nowait(self, item):
        if self._closed:
            raise QueueShutDown
        if self.full():
            raise QueueFull
        self._put(item)
        self._open_tasks += 1
        self._all_done.clear()
        self._signal(self._want_get)

    async def get(self):
        await self._block_until(self._want_get, self.empty)
        return self.get_nowait()

    def get_nowait(self):
        if self.empty():
            raise QueueShutDown if self._closed else QueueEmpty
        item = self._get()
        self._signal(self._want_put)
        return item

    def task_done(self):
        if self._open_tasks <= 0:
            raise ValueError(_E_TOO_MANY_DONE)
        self._open_tasks -= 1
        if not self._open_tasks:
            self._all_done.set()

    async def join(self):
        if self._open_tasks:
            await self._all_done.wait()

    def shutdown(self, immediate=False):
        # put() fails from now on; get() fails once the queue is empty
        # (at once with immediate=True, which also discards the items)
        self._closed = True
        if immediate:
            while not self.empty():
                self._get()
                if self._open_tasks:
                    self._open_tasks -= 1
            if not self._open_tasks:
                self._all_done.set()
        # let every blocked get()/put() look again and see the shutdown
        for line in (self._want_get, self._want_put):
            while line:
                _wake(line.pop(0))


class PriorityQueue(Queue):
    def _put(self, item):
        _heap_add(self._items, item)

    def _get(self):
        return _heap_take(self._items)


class LifoQueue(Queue):
    def _get(self):
        return self._items.pop()


# ---- TaskGroup ----------------------------------------------------------------------------
class TaskGroup:
    # Children are ordinary tasks of the loop.  The first child to fail
    # cancels its siblings and interrupts the body by cancelling the task
    # that runs the `async with`; __aexit__ takes that cancel back.
    def __init__(self):
        self._stage = 'new'           # new -> open -> closing
        self._aborting = False        # siblings are being cancelled
        self._loop = None
        self._host = None             # the task running the `async with`
        self._host_hit = False        # we cancelled _host ourselves
        self._kids = set()
        self._failures = []
        self._fatal = None            # first non-Exception BaseException
        self._emptied = None          # resolved once _kids drains

    def __repr__(self):
        bits = []
        if self._kids:
            bits.append(' tasks=%d' % len(self._kids))
        if self._failures:
            bits.append(' errors=%d' % len(self._failures))
        if self._aborting:
            bits.append(' cancelling')
        elif self._stage != 'new':
            bits.append(' entered')
        return '<TaskGroup' + ''.join(bits) + '>'

    async def __aenter__(self):
        if self._stage != 'new':
            raise RuntimeError(f'TaskGroup {self!r} has already been entered')
        self._loop = get_running_loop()
        self._host = current_task()
        self._stage = 'open'
        return self

    def _abort(self):
        self._aborting = True
        for k in self._kids:
            if not k.done():
                k.cancel()

    async def _drain(self):
        # wait for every child; returns the CancelledError if the host was
        # cancelled from outside meanwhile
        outside = None
        while self._kids:
            self._emptied = self._loop.create_future()
            try:
                await self._emptied
            except CancelledError as hit:
                if not self._aborting:
                    outside = hit
                    self._abort()
            finally:
                self._emptied = None
        return outside

    async def __aexit__(self, typ, val, tb):
        self._stage = 'closing'
        interrupted = None
        if val is not None:
            if isinstance(val, CancelledError):
                interrupted = val
            elif not isinstance(val, Exception):
                self._fatal = val
            if not self._aborting:
                self._abort()
        late = await self._drain()
        if late is not None:
            interrupted = late
        if self._host_hit:
            self._host_hit = False
            if self._host.uncancel() == 0:
                interrupted = None    # the only cancel was ours
        if self._fatal is not None:
            raise self._fatal
        if interrupted is not None and not self._failures:
            raise interrupted
        if val is not None and not isinstance(val, CancelledError):
            self._failures.append(val)
        if not self._failures:
            return None
        host = self._host
        if host.cancelling():
            # keep an outside cancel pending, with a stable count
            host.uncancel()
            host.cancel()
        errs, self._failures = self._failures, None
        kind = ExceptionGroup if all(isinstance(e, Exception) for e in errs) else BaseExceptionGroup
        group = kind('unhandled errors in a TaskGroup', errs)
        group.__context__ = val       # what CPython's traceback would chain
        raise group from None

    def create_task(self, coro, *, name=None, context=None):
        problem = None
        if self._stage == 'new':
            problem = 'has not been entered'
        elif self._stage == 'closing' and not self._kids:
            problem = 'is finished'
        elif self._aborting:
            problem = 'is shutting down'
        if problem is not None:
            coro.close()
            raise RuntimeError(f'TaskGroup {self!r} {problem}')
        kid = self._loop.create_task(coro, name=name)
        self._kids.add(kid)
        kid.add_done_callback(self._kid_done)
        return kid

    def _kid_done(self, kid):
        self._kids.discard(kid)
        gate = self._emptied
        if gate is not None and not self._kids and not gate.done():
            gate.set_result(True)
        err = None if kid.cancelled() else kid._error
        if err is None:
            return
        self._failures.append(err)
        if self._fatal is None and not isinstance(err, Exception):
            self._fatal = err
        host = self._host
        if self._aborting or self._host_hit or host is None or host.done():
            return
        self._abort()
        self._host_hit = True
        host.cancel()
