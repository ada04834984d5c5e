"""timeit for Sandkiste: time small snippets with the run's perf_counter."""
import time as _time

__all__ = ['Timer', 'timeit', 'repeat', 'default_timer']

default_number = 1000000
default_repeat = 5
default_timer = _time.perf_counter

_SOURCE_NAME = '<timeit-src>'


def _as_callable(what, role, namespace):
    # A string is compiled once and run in the shared namespace; a callable
    # is used as is.
    if callable(what):
        return what
    if not isinstance(what, str):
        raise ValueError('%s is neither a string nor callable' % role)
    code = compile(what, _SOURCE_NAME, 'exec')

    def run():
        exec(code, namespace)
    return run


class Timer:
    """Times stmt (a string or a callable) after running setup once per measurement."""

    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):
        self.timer = timer
        space = {} if globals is None else globals
        self._prepare = _as_callable(setup, 'setup', space)
        self._body = _as_callable(stmt, 'stmt', space)

    def timeit(self, number=default_number):
        """Seconds taken by number executions of stmt."""
        self._prepare()
        body, clock = self._body, self.timer
        started = clock()
        for _ in range(number):
            body()
        return clock() - started

    def repeat(self, repeat=default_repeat, number=default_number):
        """A list of repeat results of timeit(number)."""
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        """Grow number through 1, 2, 5, 10, 20, ... until a run takes 0.2 s."""
        scale = 1
        while True:
            for step in (1, 2, 5):
                count = scale * step
                spent = self.timeit(count)
                if callback:
                    callback(count, spent)
                if spent >= 0.2:
                    return count, spent
            scale *= 10

    def print_exc(self, file=None):
        """Print the current exception's traceback."""
        import traceback as _tb
        _tb.print_exc(file=file)


def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):
    """Shortcut for Timer(...).timeit(number)."""
    t = Timer(stmt, setup, timer, globals)
    return t.timeit(number)


def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    """Shortcut for Timer(...).repeat(repeat, number)."""
    t = Timer(stmt, setup, timer, globals)
    return t.repeat(repeat, number)
