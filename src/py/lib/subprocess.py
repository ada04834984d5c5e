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


class CalledProcessError(SubprocessError):
    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stderr = stderr

    def __str__(self):
        if self.returncode and self.returncode < 0:
            return "Command '%s' died with signal %d." % (self.cmd, -self.returncode)
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)

    @property
    def stdout(self):
        return self.output


class TimeoutExpired(SubprocessError):
    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stderr = stderr

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)

    @property
    def stdout(self):
        return self.output


class CompletedProcess:
    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        args = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            args.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            args.append('stderr={!r}'.format(self.stderr))
        return '{}({})'.format(type(self).__name__, ', '.join(args))

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
    result = []
    for arg in map(str, seq):
        needquote = (' ' in arg) or ('\t' in arg) or not arg
        bs = []
        if result:
            result.append(' ')
        if needquote:
            result.append('"')
        for c in arg:
            if c == '\\':
                bs.append(c)
            elif c == '"':
                result.append('\\' * len(bs) * 2)
                bs = []
                result.append('\\"')
            else:
                if bs:
                    result.extend(bs)
                    bs = []
                result.append(c)
        if bs:
            result.extend(bs)
        if needquote:
            result.extend(bs)
            result.append('"')
    return ''.join(result)
