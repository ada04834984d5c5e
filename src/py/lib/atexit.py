"""atexit for Sandkiste: functions registered here run, last first, when the program ends normally."""

__all__ = ['register', 'unregister']

_handlers = []


def register(func, *args, **kwargs):
    if not callable(func):
        raise TypeError('the first argument must be callable')
    _handlers.append((func, args, kwargs))
    return func


def unregister(func):
    _handlers[:] = [h for h in _handlers if h[0] != func]


def _clear():
    del _handlers[:]


def _ncallbacks():
    return len(_handlers)


def _run_exitfuncs():
    while _handlers:
        func, args, kwargs = _handlers.pop()
        try:
            func(*args, **kwargs)
        except SystemExit:
            pass
        except BaseException as e:
            import sys
            print(f'Exception ignored in atexit callback {func!r}:', file=sys.stderr)
            import traceback
            traceback.print_exception(e)
