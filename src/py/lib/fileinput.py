"""fileinput for Sandkiste: iterate over the lines of several files (or stdin)."""
import sys
import os

__all__ = ['input', 'close', 'nextfile', 'filename', 'lineno', 'filelineno', 'fileno', 'isfirstline', 'isstdin',
           'FileInput', 'hook_compressed', 'hook_encoded']

_state = None


def input(files=None, inplace=False, backup='', *, mode='r', openhook=None, encoding=None, errors=None):
    global _state
    if _state is not None and _state._file is not None:
        raise RuntimeError('input() already active')
    _state = FileInput(files, inplace, backup, mode=mode, openhook=openhook, encoding=encoding, errors=errors)
    return _state


def close():
    global _state
    state = _state
    _state = None
    if state:
        state.close()


def _active():
    if not _state:
        raise RuntimeError('no active input()')
    return _state


def nextfile():
    return _active().nextfile()


def filename():
    return _active().filename()


def lineno():
    return _active().lineno()


def filelineno():
    return _active().filelineno()


def fileno():
    return _active().fileno()


def isfirstline():
    return _active().isfirstline()


def isstdin():
    return _active().isstdin()


class FileInput:
    def __init__(self, files=None, inplace=False, backup='', *, mode='r', openhook=None, encoding=None,
                 errors=None):
        if files is None:
            files = sys.argv[1:]
        elif isinstance(files, (str, os.PathLike)):
            files = [os.fspath(files)]
        self._files = tuple(files) or ('-',)      # nothing given: read stdin
        self._inplace, self._backup, self._mode = inplace, backup, mode
        self._openhook, self._encoding, self._errors = openhook, encoding, errors
        self._filename = self._file = self._out = self._saved_stdout = None
        self._lineno = self._filelineno = self._index = 0
        self._isstdin = False

    def __del__(self):
        pass

    def close(self):
        try:
            self.nextfile()
        finally:
            self._files = ()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            line = self._readline()
            if line:
                self._lineno += 1
                self._filelineno += 1
                return line
            if not self._file:
                raise StopIteration
            self.nextfile()

    def _readline(self):
        if not self._file:
            if self._index >= len(self._files):
                return ''
            self._filename = self._files[self._index]
            self._index += 1
            self._filelineno = 0
            self._isstdin = self._filename == '-'
            if self._isstdin:
                self._filename, self._file = '<stdin>', sys.stdin
            else:
                if self._inplace:
                    with open(self._filename, 'r', encoding=self._encoding, errors=self._errors) as f:
                        text = f.read()
                    if self._backup:
                        with open(self._filename + self._backup, 'w', encoding=self._encoding) as b:
                            b.write(text)
                    import io
                    self._file = io.StringIO(text)
                    self._out = open(self._filename, 'w', encoding=self._encoding, errors=self._errors)
                    self._saved_stdout = sys.stdout
                    sys.stdout = self._out
                elif self._openhook:
                    hook = self._openhook
                    self._file = hook(self._filename, self._mode)
                else:
                    self._file = open(self._filename, self._mode, encoding=self._encoding, errors=self._errors)
        return self._file.readline()

    def nextfile(self):
        if self._saved_stdout is not None:
            sys.stdout = self._saved_stdout
            self._saved_stdout = None
        if self._out is not None:
            self._out.close()
            self._out = None
        f = self._file
        self._file = None
        if f is not None and not self._isstdin:
            f.close()
        self._isstdin = False

    def readline(self):
        try:
            return next(self)
        except StopIteration:
            return ''

    def filename(self):
        return self._filename

    def lineno(self):
        return self._lineno

    def filelineno(self):
        return self._filelineno

    def fileno(self):
        return -1

    def isfirstline(self):
        return 1 == self._filelineno

    def isstdin(self):
        return self._isstdin


def hook_compressed(filename, mode, *, encoding=None, errors=None):
    if not filename.endswith('.gz'):
        return open(filename, mode, encoding=encoding, errors=errors)
    import gzip
    gz_mode = mode if 'b' in mode else mode + 't'
    return gzip.open(filename, gz_mode, encoding=encoding, errors=errors)


def hook_encoded(encoding, errors=None):
    return lambda filename, mode: open(filename, mode, encoding=encoding, errors=errors)
