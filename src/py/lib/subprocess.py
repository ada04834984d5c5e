"""subprocess for Sandkiste: there are no processes.

The names exist so scripts that import the module still load; every way of
starting a program raises OSError (errno ENOSYS) with a clear message.
"""
import errno as _errno

__all__ = ['Popen', 'PIPE', 'STDOUT', 'call', 'check_call', 'getstatusoutput', 'getoutput', 'check_output', 'run',
           'CalledProcessError', 'DEVNULL', 'SubprocessError', 'TimeoutExpired', 'CompletedProcess', 'list2cmdline']

PIPE = -1
STDOUT = -2
DEVNULL = -3


class SubprocessError(Exception):
    pass


class _ProcessFailure(SubprocessError):
    """Shared shape of the two failure exceptions: cmd, output, stderr."""

    def _keep(self, cmd, output, stderr):
        self.cmd, self.output, self.stderr = cmd, output, stderr

    stdout = property(lambda self: self.output)


class CalledProcessError(_ProcessFailure):
    def __init__(self, returncode, cmd, output=None, stderr=None):
        self._keep(cmd, output, stderr)
        self.returncode = returncode

    def __str__(self):
        code = self.returncode
        if code is not None and code < 0:
            return "Command '%s' died with signal %d." % (self.cmd, -code)
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, code)


class TimeoutExpired(_ProcessFailure):
    def __init__(self, cmd, timeout, output=None, stderr=None):
        self._keep(cmd, output, stderr)
        self.timeout = timeout

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)


class CompletedProcess:
    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args, self.returncode = args, returncode
        self.stdout, self.stderr = stdout, stderr

    def __repr__(self):
        shown = [('args', self.args), ('returncode', self.returncode)]
        shown += [(k, v) for k, v in (('stdout', self.stdout), ('stderr', self.stderr)) if v is not None]
        return '%s(%s)' % (type(self).__name__, ', '.join('%s=%r' % kv for kv in shown))

    def check_returncode(self):
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)


def _no_processes(*args, **kwargs):
    raise OSError(_errno.ENOSYS, 'cannot run programs: this sandbox has no processes')


class Popen:
    def __init__(self, *args, **kwargs):
        _no_processes()


call = check_call = check_output = run = getstatusoutput = getoutput = _no_processes


def list2cmdline(seq):
    """Quote arguments the way the Microsoft C runtime parses them."""
    words = []
    for arg in map(str, seq):
        quote = not arg or ' ' in arg or '\t' in arg
        piece = []
        slashes = 0
        for ch in arg:
            if ch == '\\':
                slashes += 1
                continue
            if ch == '"':
                piece.append('\\' * (2 * slashes) + '\\"')   # escape the slashes and the quote
            else:
                piece.append('\\' * slashes + ch)
            slashes = 0
        # trailing backslashes double only when a closing quote follows
        piece.append('\\' * (slashes * (2 if quote else 1)))
        text = ''.join(piece)
        words.append('"%s"' % text if quote else text)
    return ' '.join(words)
