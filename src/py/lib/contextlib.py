# contextlib for Sandkiste: helpers for `with` and `async with`.
#
# Layout: the two ABCs, the decorator mixins, the generator-based managers
# (@contextmanager / @asynccontextmanager share one exit routine), small
# ready-made managers, and the exit stacks (one unwinding routine for the
# sync and the async stack).

import abc
import functools
import os
import sys
import types

_alias = classmethod(types.GenericAlias)     # lets `Manager[int]` work
_NOTHING = object()
_CLEAN = (None, None, None)

__all__ = [
    'asynccontextmanager',
    'contextmanager',
    'closing',
    'nullcontext',
    'AbstractContextManager',
    'AbstractAsyncContextManager',
    'AsyncExitStack',
    'ContextDecorator',
    'ExitStack',
    'redirect_stdout',
    'redirect_stderr',
    'suppress',
    'aclosing',
    'chdir',
]


def _has_methods(klass, names):
    # structural test for the ABC hooks: each name must be found on the MRO,
    # and the first class that mentions it must not have set it to None
    for want in names:   # names = (enter, exit)
        for k in klass.__mro__:
            if want in k.__dict__:
                if k.__dict__[want] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def _structural_hook(methods):
    # __subclasshook__ for an ABC; only the ABC itself checks structurally,
    # its subclasses fall back to normal inheritance
    def hook(cls, other):
        if cls.__dict__.get('_structural') is not methods:
            return NotImplemented
        return _has_methods(other, methods)
    return classmethod(hook)


class AbstractContextManager(abc.ABC):
    __slots__ = ()
    __class_getitem__ = _alias
    _structural = ('__enter__', '__exit__')
    __subclasshook__ = _structural_hook(_structural)

    def __enter__(self):
        return self

    @abc.abstractmethod
    def __exit__(self, typ, val, tb):
        return None


class AbstractAsyncContextManager(abc.ABC):
    __slots__ = ()
    __class_getitem__ = _alias
    _structural = ('__aenter__', '__aexit__')
    __subclasshook__ = _structural_hook(_structural)

    async def __aenter__(self):
        return self

    @abc.abstractmethod
    async def __aexit__(self, typ, val, tb):
        return None


class ContextDecorator:
    # lets a context manager wrap a whole function call

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @functools.wraps(func)
        def inner(*a, **kw):
            cm = self._recreate_cm()
            with cm:
                return func(*a, **kw)
        return inner


class AsyncContextDecorator:
    # the same for coroutine functions and async context managers

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @functools.wraps(func)
        async def inner(*a, **kw):
            cm = self._recreate_cm()
            async with cm:
                return await func(*a, **kw)
        return inner


# ---- @contextmanager / @asynccontextmanager ------------------------------------------------
_MSG_NO_YIELD = "generator didn't yield"
_MSG_NO_STOP = "generator didn't stop"


def _is_thrown_one(escaped, thrown):
    # did the exception we threw into the generator come back out, either
    # as itself or wrapped in RuntimeError by PEP 479?
    if escaped is thrown:
        return True
    if not isinstance(escaped, RuntimeError) or escaped.__cause__ is not thrown:
        return False
    return isinstance(thrown, (StopIteration, StopAsyncIteration))


class _GenCMBase:
    def __init__(self, func, pos, kw):
        self._recipe = (func, pos, kw)
        self.gen = func(*pos, **kw)
        doc = getattr(func, '__doc__', None)
        self.__doc__ = doc if doc else type(self).__doc__

    def _recreate_cm(self):
        return type(self)(*self._recipe)

    @staticmethod
    def _fill(typ, val):
        return typ() if val is None else val


class _ThrowInto:
    # awaitable standing in for agen.athrow(exc) on interpreters whose async
    # generators lack athrow: throw through a fresh asend() step instead
    def __init__(self, agen, exc):
        self._agen = agen
        self._exc = exc

    def __await__(self):
        step = self._agen.asend(None)
        thrown = self._exc
        sent = None
        while True:
            try:
                if thrown is not None:
                    request = step.throw(thrown)
                else:
                    request = step.send(sent)
            except StopIteration as fin:
                return fin.value
            thrown = sent = None
            try:
                sent = yield request
            except GeneratorExit:
                step.close()
                raise
            except BaseException as problem:
                thrown = problem


def _athrow(agen, exc):
    native = getattr(agen, 'athrow', None)
    return native(exc) if native is not None else _ThrowInto(agen, exc)


class _GeneratorContextManager(_GenCMBase, AbstractContextManager, ContextDecorator):
    def __enter__(self):
        first = next(self.gen, _NOTHING)
        if first is _NOTHING:
            raise RuntimeError(_MSG_NO_YIELD)
        return first

    def __exit__(self, typ, val, tb):
        if typ is None:
            if next(self.gen, _NOTHING) is _NOTHING:
                return False
            self.gen.close()
            raise RuntimeError(_MSG_NO_STOP)
        val = self._fill(typ, val)
        try:
            self.gen.throw(val)
        except StopIteration as stop:
            return stop is not val      # it returned: swallow, unless ours
        except BaseException as escaped:
            if not _is_thrown_one(escaped, val):
                raise
            val.__traceback__ = tb
            return False
        self.gen.close()
        raise RuntimeError(_MSG_NO_STOP + ' after throw()')


class _AsyncGeneratorContextManager(_GenCMBase, AbstractAsyncContextManager, AsyncContextDecorator):
    async def _advance(self):
        try:
            return await self.gen.__anext__()
        except StopAsyncIteration:
            return _NOTHING

    async def __aenter__(self):
        first = await self._advance()
        if first is _NOTHING:
            raise RuntimeError(_MSG_NO_YIELD)
        return first

    async def __aexit__(self, typ, val, tb):
        if typ is None:
            if await self._advance() is _NOTHING:
                return False
            await self.gen.aclose()
            raise RuntimeError(_MSG_NO_STOP)
        val = self._fill(typ, val)
        try:
            await _athrow(self.gen, val)
        except StopAsyncIteration as stop:
            return stop is not val
        except BaseException as escaped:
            if not _is_thrown_one(escaped, val):
                raise
            val.__traceback__ = tb
            return False
        await self.gen.aclose()
        raise RuntimeError(_MSG_NO_STOP + ' after athrow()')


def _cm_factory(kind, func):
    @functools.wraps(func)
    def make(*a, **kw):
        return kind(func, a, kw)
    return make


def contextmanager(func):
    return _cm_factory(_GeneratorContextManager, func)


def asynccontextmanager(func):
    return _cm_factory(_AsyncGeneratorContextManager, func)


# ---- small managers ------------------------------------------------------------------------
class _Holder:
    def __init__(self, thing):
        self.thing = thing


class closing(_Holder, AbstractContextManager):
    def __enter__(self):
        return self.thing

    def __exit__(self, *ignored):
        self.thing.close()


class aclosing(_Holder, AbstractAsyncContextManager):
    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *ignored):
        await self.thing.aclose()


class _Redirect(AbstractContextManager):
    _attr = None     # 'stdout' or 'stderr'

    def __init__(self, new_target):
        self._target = new_target
        self._previous = []

    def __enter__(self):
        self._previous.append(getattr(sys, self._attr))
        setattr(sys, self._attr, self._target)
        return self._target

    def __exit__(self, *ignored):
        setattr(sys, self._attr, self._previous.pop())


class redirect_stdout(_Redirect):
    _attr = 'stdout'


class redirect_stderr(_Redirect):
    _attr = 'stderr'


def _regroup(group, members):
    # group.derive(members), keeping the group's links and notes
    derive = getattr(group, 'derive', None)
    if derive is not None:
        fresh = derive(members)
    elif all(isinstance(m, Exception) for m in members):
        fresh = ExceptionGroup(group.message, members)
    else:
        fresh = BaseExceptionGroup(group.message, members)
    fresh.__traceback__ = group.__traceback__
    fresh.__cause__ = group.__cause__
    fresh.__context__ = group.__context__
    notes = getattr(group, '__notes__', None)
    if notes is not None:
        fresh.__notes__ = list(notes)
    return fresh


def _unmatched(group, kinds):
    # the part of an exception group not matching kinds (None if nothing
    # is left), i.e. group.split(kinds)[1]
    split = getattr(group, 'split', None)
    if split is not None:
        return split(kinds)[1]
    kept = []
    for sub in group.exceptions:
        if isinstance(sub, kinds):
            continue
        if isinstance(sub, BaseExceptionGroup):
            sub = _unmatched(sub, kinds)
            if sub is None:
                continue
        kept.append(sub)
    return _regroup(group, kept) if kept else None


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._kinds = exceptions

    def __enter__(self):
        return None

    def __exit__(self, typ, val, tb):
        if typ is None:
            return None
        if issubclass(typ, self._kinds):
            return True
        if not issubclass(typ, BaseExceptionGroup):
            return False
        leftover = _unmatched(val, self._kinds)
        if leftover is not None:
            raise leftover
        return True


class nullcontext(AbstractContextManager, AbstractAsyncContextManager):
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *ignored):
        return None

    async def __aenter__(self):
        return self.enter_result

    async def __aexit__(self, *ignored):
        return None


class chdir(AbstractContextManager):
    def __init__(self, path):
        self.path = path
        self._back = []

    def __enter__(self):
        self._back.append(os.getcwd())
        os.chdir(self.path)

    def __exit__(self, *ignored):
        os.chdir(self._back.pop())


# ---- exit stacks ---------------------------------------------------------------------------
# Each stack entry is (awaitable?, fn) where fn takes (type, value, tb).

def _method_caller(obj, method):
    def call(typ, val, tb):
        return method(obj, typ, val, tb)
    return call


def _protocol_error(cm, what):
    k = type(cm)
    return TypeError(f"'{k.__module__}.{k.__qualname__}' object does not support the {what} protocol")


def _chain_onto(new, old, outside):
    # make `new` (raised by an exit callback) point back at `old` (the
    # exception it replaced), cutting the chain where `outside` begins
    node = new
    while True:
        ctx = node.__context__
        if ctx is None or ctx is old:
            return
        if ctx is outside:
            break
        node = ctx
    node.__context__ = old


def _raise_keeping_context(err):
    saved = err.__context__
    try:
        raise err
    except BaseException:
        err.__context__ = saved
        raise


class _StackBase:
    def __init__(self):
        self._exit_callbacks = []

    def _add(self, is_async, fn):
        self._exit_callbacks.append((is_async, fn))

    def pop_all(self):
        other = type(self)()
        other._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return other

    def push(self, exit):
        # an object with __exit__, or a bare exit function
        hook = getattr(type(exit), '__exit__', None)
        self._add(False, exit if hook is None else _method_caller(exit, hook))
        return exit

    def enter_context(self, cm):
        k = type(cm)
        try:
            opener, closer = k.__enter__, k.__exit__
        except AttributeError:
            raise _protocol_error(cm, 'context manager') from None
        value = opener(cm)
        self._add(False, _method_caller(cm, closer))
        return value

    def callback(self, callback, /, *a, **kw):
        def run_it(typ, val, tb):
            callback(*a, **kw)
        run_it.__wrapped__ = callback
        self._add(False, run_it)
        return callback


class _Unwinder:
    # bookkeeping while a stack runs its callbacks, newest first
    def __init__(self, exc):
        self.current = exc
        self.had_error = exc is not None
        self.outside = sys.exception()
        self.swallowed = False
        self.pending = False

    def args(self):
        cur = self.current
        if cur is None:
            return _CLEAN
        return (type(cur), cur, cur.__traceback__)

    def took(self, verdict):
        if verdict:
            self.swallowed = True
            self.pending = False
            self.current = None

    def failed(self, raised):
        _chain_onto(raised, self.current, self.outside)
        self.pending = True
        self.current = raised

    def finish(self):
        if self.pending:
            _raise_keeping_context(self.current)
        return self.had_error and self.swallowed


class ExitStack(_StackBase, AbstractContextManager):
    def __exit__(self, *details):
        u = _Unwinder(details[1])
        todo = self._exit_callbacks
        while todo:
            fn = todo.pop()[1]
            try:
                u.took(fn(*u.args()))
            except BaseException as raised:
                u.failed(raised)
        return u.finish()

    def close(self):
        self.__exit__(*_CLEAN)


class AsyncExitStack(_StackBase, AbstractAsyncContextManager):
    async def enter_async_context(self, cm):
        k = type(cm)
        try:
            opener, closer = k.__aenter__, k.__aexit__
        except AttributeError:
            raise _protocol_error(cm, 'asynchronous context manager') from None
        value = await opener(cm)
        self._add(True, _method_caller(cm, closer))
        return value

    def push_async_exit(self, exit):
        hook = getattr(type(exit), '__aexit__', None)
        self._add(True, exit if hook is None else _method_caller(exit, hook))
        return exit

    def push_async_callback(self, callback, /, *a, **kw):
        async def run_it(typ, val, tb):
            await callback(*a, **kw)
        run_it.__wrapped__ = callback
        self._add(True, run_it)
        return callback

    async def aclose(self):
        await self.__aexit__(*_CLEAN)

    async def __aexit__(self, *details):
        u = _Unwinder(details[1])
        todo = self._exit_callbacks
        while todo:
            is_async, fn = todo.pop()
            try:
                verdict = fn(*u.args())
                if is_async:
                    verdict = await verdict
                u.took(verdict)
            except BaseException as raised:
                u.failed(raised)
        return u.finish()
