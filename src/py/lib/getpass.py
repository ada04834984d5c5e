"""getpass for Sandkiste: getuser() from the environment; getpass() reads a line from stdin."""
import os
import sys

__all__ = ['getpass', 'getuser', 'GetPassWarning']


class GetPassWarning(UserWarning):
    pass


def getuser():
    for name in ('LOGNAME', 'USER', 'LNAME', 'USERNAME'):
        user = os.environ.get(name)
        if user:
            return user
    raise OSError('No username set in the environment')


def getpass(prompt='Password: ', stream=None, *, echo_char=None):
    out = stream if stream is not None else sys.stderr
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line[:-1] if line.endswith('\n') else line
