"""signal for Sandkiste: handlers can be installed but no signal ever arrives
(there are no other processes); alarm() and pause() do nothing useful."""
from enum import IntEnum as _IntEnum

__all__ = ['signal', 'getsignal', 'alarm', 'pause', 'raise_signal', 'Signals', 'Handlers', 'SIG_DFL', 'SIG_IGN',
           'default_int_handler', 'strsignal', 'valid_signals', 'NSIG']


class Signals(_IntEnum):
    SIGHUP = 1
    SIGINT = 2
    SIGQUIT = 3
    SIGILL = 4
    SIGTRAP = 5
    SIGABRT = 6
    SIGBUS = 7
    SIGFPE = 8
    SIGKILL = 9
    SIGUSR1 = 10
    SIGSEGV = 11
    SIGUSR2 = 12
    SIGPIPE = 13
    SIGALRM = 14
    SIGTERM = 15
    SIGCHLD = 17
    SIGCONT = 18
    SIGSTOP = 19
    SIGTSTP = 20
    SIGWINCH = 28


class Handlers(_IntEnum):
    SIG_DFL = 0
    SIG_IGN = 1


SIG_DFL = Handlers.SIG_DFL
SIG_IGN = Handlers.SIG_IGN
NSIG = 65
for _s in Signals:
    globals()[_s.name] = _s
SIGIOT = Signals.SIGABRT


def default_int_handler(signalnum, frame, /):
    raise KeyboardInterrupt


_handlers = {int(s): SIG_DFL for s in Signals}
_handlers[2] = default_int_handler


def _check(signalnum):
    if not 1 <= int(signalnum) < NSIG:
        raise ValueError('signal number out of range')


def signal(signalnum, handler, /):
    _check(signalnum)
    if int(signalnum) in (9, 19):
        raise OSError(22, 'Invalid argument')
    if handler not in (SIG_DFL, SIG_IGN) and not callable(handler):
        raise TypeError('signal handler must be signal.SIG_IGN, signal.SIG_DFL, or a callable object')
    old = _handlers.get(int(signalnum), SIG_DFL)
    _handlers[int(signalnum)] = handler
    return old


def getsignal(signalnum, /):
    _check(signalnum)
    return _handlers.get(int(signalnum), SIG_DFL)


def raise_signal(signalnum, /):
    _check(signalnum)
    handler = _handlers.get(int(signalnum), SIG_DFL)
    if callable(handler) and handler not in (SIG_DFL, SIG_IGN):
        handler(int(signalnum), None)
    elif handler == SIG_DFL and int(signalnum) == 2:
        raise KeyboardInterrupt


def alarm(seconds, /):
    return 0


def pause():
    raise RuntimeError('signal.pause() would wait forever: no signal can arrive in this sandbox')


def strsignal(signalnum, /):
    names = {1: 'Hangup', 2: 'Interrupt', 3: 'Quit', 6: 'Aborted', 9: 'Killed', 11: 'Segmentation fault',
             13: 'Broken pipe', 14: 'Alarm clock', 15: 'Terminated'}
    return names.get(int(signalnum))


def valid_signals():
    return set(Signals)


def set_wakeup_fd(fd, /, *, warn_on_full_buffer=True):
    return -1


def siginterrupt(signalnum, flag, /):
    _check(signalnum)
