"""contextlib for Sandkiste: with-statement helpers.

Written for this interpreter from the documented behaviour of CPython's module
(names, messages and semantics); the implementation is our own.
"""

import abc
import sys
import os
from functools import wraps
from types import GenericAlias

__all__ = ["asynccontextmanager", "contextmanager", "closing", "nullcontext",
           "AbstractContextManager", "AbstractAsyncContextManager",
           "AsyncExitStack", "ContextDecorator", "ExitStack",
           "redirect_stdout", "redirect_stderr", "suppress", "aclosing",
           "chdir"]


def _defines_all(C, names):
    """Structural check used by the ABCs' __subclasshook__: every name is
    defined somewhere on C's MRO, and the first definition is not None."""
    for name in names:
        found = NotImplemented
        for klass in C.__mro__:
            d = klass.__dict__
            if name in d:
                found = d[name] is not None
                break
        if found is not True:
            return NotImplemented
    return True


class AbstractContextManager(abc.ABC):
    """An abstract base class for context managers."""
    __slots__ = ()
    __class_getitem__ = classmethod(GenericAlias)

    def __enter__(self):
        return self

    @abc.abstractmethod
    def __exit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is not AbstractContextManager:
            return NotImplemented
        return _defines_all(C, ("__enter__", "__exit__"))


class AbstractAsyncContextManager(abc.ABC):
    """An abstract base class for asynchronous context managers."""
    __slots__ = ()
    __class_getitem__ = classmethod(GenericAlias)

    async def __aenter__(self):
        return self

    @abc.abstractmethod
    async def __aexit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is not AbstractAsyncContextManager:
            return NotImplemented
        return _defines_all(C, ("__aenter__", "__aexit__"))


class ContextDecorator(object):
    """Mixin: a context manager usable as a function decorator."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        cm_source = self

        @wraps(func)
        def wrapped(*args, **kwds):
            with cm_source._recreate_cm():
                return func(*args, **kwds)
        return wrapped


class AsyncContextDecorator(object):
    """Mixin: an async context manager usable as a coroutine decorator."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        cm_source = self

        @wraps(func)
        async def wrapped(*args, **kwds):
            async with cm_source._recreate_cm():
                return await func(*args, **kwds)
        return wrapped


def _after_throw(exc, sent):
    """Decide what an exception escaping gen.throw(sent) means for __exit__:
    True = suppress, False = let `sent` propagate; anything else is re-raised."""
    if isinstance(exc, (StopIteration, StopAsyncIteration)) and exc is not sent:
        return True          # the generator caught it and returned
    if exc is sent:
        return False
    if isinstance(exc, RuntimeError) and exc.__cause__ is sent and \
            isinstance(sent, (StopIteration, StopAsyncIteration)):
        return False         # PEP 479 turned our StopIteration into RuntimeError
    return None


class _GeneratorCM(AbstractContextManager, ContextDecorator):
    """What @contextmanager functions return."""

    def __init__(self, func, args, kwds):
        self._factory = (func, args, kwds)
        self.gen = func(*args, **kwds)
        self.__doc__ = getattr(func, "__doc__", None) or type(self).__doc__

    def _recreate_cm(self):
        func, args, kwds = self._factory
        return type(self)(func, args, kwds)

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, tb):
        gen = self.gen
        if typ is None:
            try:
                next(gen)
            except StopIteration:
                return False
            try:
                raise RuntimeError("generator didn't stop")
            finally:
                gen.close()
        if value is None:
            value = typ()
        try:
            gen.throw(value)
        except BaseException as exc:
            verdict = _after_throw(exc, value)
            if verdict is None:
                raise
            if verdict is False:
                value.__traceback__ = tb
            return verdict
        try:
            raise RuntimeError("generator didn't stop after throw()")
        finally:
            gen.close()


class _AsyncGeneratorCM(AbstractAsyncContextManager, AsyncContextDecorator):
    """What @asynccontextmanager functions return."""

    def __init__(self, func, args, kwds):
        self._factory = (func, args, kwds)
        self.gen = func(*args, **kwds)
        self.__doc__ = getattr(func, "__doc__", None) or type(self).__doc__

    def _recreate_cm(self):
        func, args, kwds = self._factory
        return type(self)(func, args, kwds)

    async def __aenter__(self):
        try:
            return await self.gen.__anext__()
        except StopAsyncIteration:
            raise RuntimeError("generator didn't yield") from None

    async def __aexit__(self, typ, value, tb):
        gen = self.gen
        if typ is None:
            try:
                await gen.__anext__()
            except StopAsyncIteration:
                return False
            try:
                raise RuntimeError("generator didn't stop")
            finally:
                await gen.aclose()
        if value is None:
            value = typ()
        try:
            await gen.athrow(value)
        except BaseException as exc:
            verdict = _after_throw(exc, value)
            if verdict is None:
                raise
            if verdict is False:
                value.__traceback__ = tb
            return verdict
        try:
            raise RuntimeError("generator didn't stop after athrow()")
        finally:
            await gen.aclose()


def contextmanager(func):
    """Turn a one-yield generator function into a context manager factory."""
    @wraps(func)
    def make(*args, **kwds):
        return _GeneratorCM(func, args, kwds)
    return make


def asynccontextmanager(func):
    """Turn a one-yield async generator function into an async context manager factory."""
    @wraps(func)
    def make(*args, **kwds):
        return _AsyncGeneratorCM(func, args, kwds)
    return make


class closing(AbstractContextManager):
    """Call thing.close() when the block ends."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class aclosing(AbstractAsyncContextManager):
    """Await thing.aclose() when the block ends."""

    def __init__(self, thing):
        self.thing = thing

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class _SysStreamSwap(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._saved = []

    def __enter__(self):
        self._saved.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, *exc_info):
        setattr(sys, self._stream, self._saved.pop())


class redirect_stdout(_SysStreamSwap):
    """Send sys.stdout to another file for the duration of the block."""
    _stream = "stdout"


class redirect_stderr(_SysStreamSwap):
    """Send sys.stderr to another file for the duration of the block."""
    _stream = "stderr"


class suppress(AbstractContextManager):
    """Swallow the listed exception classes (and groups made only of them)."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        if exctype is None:
            return None
        if issubclass(exctype, self._exceptions):
            return True
        if issubclass(exctype, BaseExceptionGroup):
            _, rest = excinst.split(self._exceptions)
            if rest is None:
                return True
            raise rest
        return False


class _ExitStackCore:
    """The callback stack shared by ExitStack and AsyncExitStack.  Each entry
    is (is_sync, callable taking (exc_type, exc, tb))."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        moved = type(self)()
        moved._exit_callbacks, self._exit_callbacks = self._exit_callbacks, []
        return moved

    def push(self, exit):
        method = getattr(type(exit), "__exit__", None)
        if method is None:
            self._exit_callbacks.append((True, exit))
        else:
            self._exit_callbacks.append((True, _bound_exit(exit, method)))
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        enter = getattr(cls, "__enter__", None)
        leave = getattr(cls, "__exit__", None)
        if enter is None or leave is None:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does "
                            f"not support the context manager protocol")
        result = enter(cm)
        self._exit_callbacks.append((True, _bound_exit(cm, leave)))
        return result

    def callback(self, callback, /, *args, **kwds):
        def on_exit(exc_type, exc, tb):
            callback(*args, **kwds)
        on_exit.__wrapped__ = callback
        self._exit_callbacks.append((True, on_exit))
        return callback


def _bound_exit(obj, method):
    def on_exit(exc_type, exc, tb):
        return method(obj, exc_type, exc, tb)
    return on_exit


def _relink_context(new_exc, old_exc, outer):
    """Make the exception raised by a callback chain onto the one it replaced,
    stopping at the exception that was active outside the with statement."""
    while True:
        ctx = new_exc.__context__
        if ctx is None or ctx is old_exc:
            return
        if ctx is outer:
            break
        new_exc = ctx
    new_exc.__context__ = old_exc


def _reraise(exc):
    ctx = exc.__context__
    try:
        raise exc
    except BaseException:
        exc.__context__ = ctx
        raise


class ExitStack(_ExitStackCore, AbstractContextManager):
    """Run a dynamic stack of exit callbacks when the block ends."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        exc = exc_details[1]
        had_exc = exc is not None
        outer = sys.exception()
        swallowed = False
        failing = False
        callbacks = self._exit_callbacks
        while callbacks:
            _, cb = callbacks.pop()
            args = (None, None, None) if exc is None else (type(exc), exc, exc.__traceback__)
            try:
                if cb(*args):
                    swallowed, failing, exc = True, False, None
            except BaseException as raised:
                _relink_context(raised, exc, outer)
                failing, exc = True, raised
        if failing:
            _reraise(exc)
        return had_exc and swallowed

    def close(self):
        self.__exit__(None, None, None)


class AsyncExitStack(_ExitStackCore, AbstractAsyncContextManager):
    """ExitStack that also accepts async context managers and callbacks."""

    async def enter_async_context(self, cm):
        cls = type(cm)
        enter = getattr(cls, "__aenter__", None)
        leave = getattr(cls, "__aexit__", None)
        if enter is None or leave is None:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does "
                            f"not support the asynchronous context manager protocol")
        result = await enter(cm)
        self._exit_callbacks.append((False, _bound_exit(cm, leave)))
        return result

    def push_async_exit(self, exit):
        method = getattr(type(exit), "__aexit__", None)
        if method is None:
            self._exit_callbacks.append((False, exit))
        else:
            self._exit_callbacks.append((False, _bound_exit(exit, method)))
        return exit

    def push_async_callback(self, callback, /, *args, **kwds):
        async def on_exit(exc_type, exc, tb):
            await callback(*args, **kwds)
        on_exit.__wrapped__ = callback
        self._exit_callbacks.append((False, on_exit))
        return callback

    async def aclose(self):
        await self.__aexit__(None, None, None)

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc_details):
        exc = exc_details[1]
        had_exc = exc is not None
        outer = sys.exception()
        swallowed = False
        failing = False
        callbacks = self._exit_callbacks
        while callbacks:
            is_sync, cb = callbacks.pop()
            args = (None, None, None) if exc is None else (type(exc), exc, exc.__traceback__)
            try:
                verdict = cb(*args) if is_sync else await cb(*args)
                if verdict:
                    swallowed, failing, exc = True, False, None
            except BaseException as raised:
                _relink_context(raised, exc, outer)
                failing, exc = True, raised
        if failing:
            _reraise(exc)
        return had_exc and swallowed


class nullcontext(AbstractContextManager, AbstractAsyncContextManager):
    """A context manager that does nothing but hand back enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass

    async def __aenter__(self):
        return self.enter_result

    async def __aexit__(self, *excinfo):
        pass


class chdir(AbstractContextManager):
    """Change the working directory for the block, restoring it afterwards."""

    def __init__(self, path):
        self.path = path
        self._old_cwd = []

    def __enter__(self):
        self._old_cwd.append(os.getcwd())
        os.chdir(self.path)

    def __exit__(self, *excinfo):
        os.chdir(self._old_cwd.pop())
