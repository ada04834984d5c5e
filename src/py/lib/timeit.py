"""timeit for Sandkiste: time small snippets with the run's perf_counter."""
import time
import itertools

__all__ = ['Timer', 'timeit', 'repeat', 'default_timer']

default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter


class Timer:
    """Times stmt (a string or a callable) after setup."""

    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):
        self.timer = timer
        ns = {} if globals is None else globals
        if isinstance(setup, str):
            setup_code = compile(setup, '<timeit-src>', 'exec')
            setup_fn = lambda: exec(setup_code, ns)
        elif callable(setup):
            setup_fn = setup
        else:
            raise ValueError('setup is neither a string nor callable')
        if isinstance(stmt, str):
            stmt_code = compile(stmt, '<timeit-src>', 'exec')
            stmt_fn = lambda: exec(stmt_code, ns)
        elif callable(stmt):
            stmt_fn = stmt
        else:
            raise ValueError('stmt is neither a string nor callable')
        self._setup = setup_fn
        self._stmt = stmt_fn

    def timeit(self, number=default_number):
        self._setup()
        stmt = self._stmt
        t0 = self.timer()
        for _ in itertools.repeat(None, number):
            stmt()
        return self.timer() - t0

    def repeat(self, repeat=default_repeat, number=default_number):
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                elapsed = self.timeit(number)
                if callback:
                    callback(number, elapsed)
                if elapsed >= 0.2:
                    return (number, elapsed)
            i *= 10

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)


def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
