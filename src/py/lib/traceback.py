"""traceback for Sandkiste: format and print exceptions and stacks.

The text is the interpreter's own (identical to what it prints for an
uncaught exception, which is CPython's format).  exc.__traceback__ is a
chain of light traceback objects made here from the exception's entries
(tb_frame with f_code/f_lineno, tb_lineno, tb_next); frames themselves are
not kept after they return, so f_locals is empty and f_globals holds only
__name__ and __file__.  Functions taking a traceback also accept the
exception itself.
"""
import sys
import _traceback

__all__ = ['extract_stack', 'extract_tb', 'format_exception', 'format_exception_only', 'format_list',
           'format_stack', 'format_tb', 'print_exc', 'format_exc', 'print_exception', 'print_last',
           'print_stack', 'print_tb', 'clear_frames', 'FrameSummary', 'StackSummary', 'TracebackException',
           'walk_stack', 'walk_tb', 'print_list']

_UNSET = object()


def _chunks(text):
    """Split printed traceback text into CPython's list items: one per frame
    (with its source and caret lines), one per other line."""
    items = []
    for row in text.splitlines(True):
        if items and row[:4] == '    ' and items[-1][:7] == '  File ':
            items[-1] += row
        else:
            items.append(row)
    return items


def _pick(exc, value):
    return exc if value is _UNSET else value


def _limit(entries, limit):
    if limit is None:
        cap = getattr(sys, 'tracebacklimit', None)
        return entries if cap is None else entries[:max(cap, 0)]
    return entries[:limit] if limit >= 0 else entries[limit:]


# ---- exceptions -----------------------------------------------------------------------------
def format_exception(exc, /, value=_UNSET, tb=_UNSET, limit=None, chain=True):
    """The lines CPython would print for the exception (each ends with a newline)."""
    exc = _pick(exc, value)
    if exc is None:
        return ['NoneType: None\n']
    return _chunks(_traceback.format(exc, chain))


def format_exception_only(exc, /, value=_UNSET, *, show_group=False):
    """Just the final 'Type: message' line(s), notes included."""
    exc = _pick(exc, value)
    if exc is None:
        return ['NoneType: None\n']
    return _traceback.format_only(exc).splitlines(True)


def print_exception(exc, /, value=_UNSET, tb=_UNSET, limit=None, file=None, chain=True):
    _emit(format_exception(exc, value, tb, limit=limit, chain=chain), file)


def format_exc(limit=None, chain=True):
    """format_exception() of the exception being handled, as one string."""
    return ''.join(format_exception(sys.exception(), limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    _emit(format_exception(sys.exception(), limit=limit, chain=chain), file)


def _emit(pieces, file):
    out = sys.stderr if file is None else file
    for piece in pieces:
        print(piece, file=out, end='')


def print_last(limit=None, file=None, chain=True):
    exc = getattr(sys, 'last_exc', None)
    if exc is None:
        raise ValueError('no last exception')
    print_exception(exc, limit=limit, file=file, chain=chain)


# ---- frames -----------------------------------------------------------------------------------
class FrameSummary:
    """One frame of a traceback or stack: filename, lineno, name and source line."""

    __slots__ = ('filename', 'lineno', 'end_lineno', 'colno', 'end_colno', 'name', '_line', 'locals')

    def __init__(self, filename, lineno, name, *, lookup_line=True, locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename, self.lineno, self.name, self._line = filename, lineno, name, line
        self.end_lineno = end_lineno if end_lineno is not None else lineno
        self.colno, self.end_colno = colno, end_colno
        self.locals = None
        if locals:
            self.locals = dict((key, repr(val)) for key, val in locals.items())

    @property
    def line(self):
        # the source text without its indentation and trailing blanks
        return None if self._line is None else self._line.strip()

    def _four(self):
        return (self.filename, self.lineno, self.name, self.line)

    def __eq__(self, other):
        if isinstance(other, tuple):
            return self._four() == other
        if not isinstance(other, FrameSummary):
            return NotImplemented
        return self._four()[:3] == other._four()[:3] and self.locals == other.locals

    def __getitem__(self, pos):
        return self._four()[pos]

    def __iter__(self):
        return iter(self._four())

    def __repr__(self):
        return '<FrameSummary file %s, line %s in %s>' % (self.filename, self.lineno, self.name)

    def __len__(self):
        return 4


class StackSummary(list):
    """A list of FrameSummary objects, ready for formatting."""

    @classmethod
    def from_list(klass, a_list):
        made = klass()
        for entry in a_list:
            if not isinstance(entry, FrameSummary):
                fname, num, func, src = entry
                entry = FrameSummary(fname, num, func, line=src)
            made.append(entry)
        return made

    def format_frame_summary(self, frame_summary):
        fs = frame_summary
        rows = ['  File "%s", line %s, in %s\n' % (fs.filename, fs.lineno, fs.name)]
        if fs.line:
            rows.append('    %s\n' % fs.line.strip())
        rows.extend('    %s = %s\n' % kv for kv in sorted((fs.locals or {}).items()))
        return ''.join(rows)

    def format(self):
        out = []
        last = None
        repeats = 0
        for fs in self:
            key = (fs.filename, fs.lineno, fs.name)
            if key == last:
                repeats += 1
                if repeats > 3:
                    continue
            else:
                if repeats > 3:
                    n = repeats - 3
                    out.append(f'  [Previous line repeated {n} more time{"s" if n > 1 else ""}]\n')
                last = key
                repeats = 1
            out.append(self.format_frame_summary(fs))
        if repeats > 3:
            n = repeats - 3
            out.append(f'  [Previous line repeated {n} more time{"s" if n > 1 else ""}]\n')
        return out


# ---- traceback objects ------------------------------------------------------------------
class _CodeInfo:
    __slots__ = ('co_filename', 'co_name', 'co_qualname', 'co_firstlineno')

    def __init__(self, filename, name):
        self.co_filename = filename
        self.co_name = name
        self.co_qualname = name
        self.co_firstlineno = 0

    def __repr__(self):
        return f'<code object {self.co_name}, file "{self.co_filename}">'


class _FrameInfo:
    __slots__ = ('f_code', 'f_lineno', 'f_globals', 'f_locals', 'f_back', 'f_lasti')

    def __init__(self, filename, lineno, name):
        self.f_code = _CodeInfo(filename, name)
        self.f_lineno = lineno
        self.f_globals = {'__name__': '__main__', '__file__': filename}
        self.f_locals = {}
        self.f_back = None
        self.f_lasti = -1

    def __repr__(self):
        return f'<frame, file {self.f_code.co_filename!r}, line {self.f_lineno}, code {self.f_code.co_name}>'


class traceback:
    __slots__ = ('tb_frame', 'tb_lineno', 'tb_next', 'tb_lasti', '_exc', '_at')

    def __repr__(self):
        return f'<traceback object at {id(self):#x}>'


traceback.__module__ = 'builtins'


def _tb_object(exc):
    # called by BaseException.__traceback__: one node per entry, outermost
    # first, each remembering where it starts in the exception's entries
    rows = _traceback.entries(exc)   # outermost first
    head = None
    for at in range(len(rows) - 1, -1, -1):
        filename, lineno, name = rows[at][:3]
        node = traceback()
        node.tb_frame = _FrameInfo(filename, lineno, name)
        node.tb_lineno = lineno
        node.tb_lasti = -1
        node.tb_next = head
        node._exc = exc
        node._at = at
        head = node
    return head


def _entries_of(tb):
    if isinstance(tb, BaseException):
        return _traceback.entries(tb)
    if isinstance(tb, traceback):
        return _traceback.entries(tb._exc)[tb._at:]
    raise AttributeError(f"'{type(tb).__name__}' object has no attribute 'tb_frame'")


def _summary(entries, limit):
    return StackSummary.from_list(_limit(entries, limit))


def extract_tb(tb, limit=None):
    """The frames of a traceback (or of an exception); None gives an empty
    summary."""
    if tb is None:
        return StackSummary()
    return _summary(_entries_of(tb), limit)


def format_tb(tb, limit=None):
    return extract_tb(tb, limit).format()


def print_tb(tb, limit=None, file=None):
    _emit(extract_tb(tb, limit).format(), file)


def extract_stack(f=None, limit=None):
    """The calling frames, oldest first."""
    entries = [e[:4] for e in _traceback.stack()]
    if limit is not None:
        entries = entries[-limit:] if limit >= 0 else entries[:-limit]
    return StackSummary.from_list(entries)


def format_stack(f=None, limit=None):
    return format_list(extract_stack(f, limit))


def print_stack(f=None, limit=None, file=None):
    print_list(extract_stack(f, limit), file=file)


def format_list(extracted_list):
    summary = StackSummary.from_list(extracted_list)
    return summary.format()


def print_list(extracted_list, file=None):
    _emit(format_list(extracted_list), file)


def walk_tb(tb):
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def walk_stack(f):
    return iter(())


def clear_frames(tb):
    pass


class TracebackException:
    """An exception captured for later formatting."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, lookup_lines=True,
                 capture_locals=False, compact=False, max_group_width=15, max_group_depth=10, **kwargs):
        self.exc_type = exc_type
        self._exc = exc_value
        self._limit = limit
        self.stack = _summary(_traceback.entries(exc_value), limit) if exc_value is not None else StackSummary()
        self.exc_type_str = getattr(exc_type, '__qualname__', str(exc_type)) if exc_type is not None else None
        mod = getattr(exc_type, '__module__', None)
        if mod not in (None, 'builtins', '__main__') and self.exc_type_str:
            self.exc_type_str = f'{mod}.{self.exc_type_str}'
        self.__notes__ = getattr(exc_value, '__notes__', None) if exc_value is not None else None
        self._str = str(exc_value) if exc_value is not None else ''
        cause = getattr(exc_value, '__cause__', None)
        context = getattr(exc_value, '__context__', None)
        self.__cause__ = TracebackException.from_exception(cause) if cause is not None else None
        self.__context__ = TracebackException.from_exception(context) if context is not None and cause is None else None
        self.__suppress_context__ = getattr(exc_value, '__suppress_context__', False)
        self.exceptions = None
        if isinstance(exc_value, SyntaxError):
            for field in ('filename', 'lineno', 'text', 'offset', 'msg'):
                setattr(self, field, getattr(exc_value, field))

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, None, *args, **kwargs)

    @property
    def exc_type_qualname(self):
        return getattr(self.exc_type, '__qualname__', None)

    @property
    def exc_type_module(self):
        return getattr(self.exc_type, '__module__', None)

    def __eq__(self, other):
        if not isinstance(other, TracebackException):
            return NotImplemented
        return vars(self) == vars(other)

    def __str__(self):
        return self._str

    def format_exception_only(self, *, show_group=False, _depth=0):
        if self._exc is None:
            yield 'NoneType: None\n'
            return
        yield from format_exception_only(self._exc)

    def format(self, *, chain=True, _ctx=None):
        if self._exc is None:
            yield 'NoneType: None\n'
            return
        yield from format_exception(self._exc, limit=self._limit, chain=chain)

    def print(self, *, file=None, chain=True):
        _emit(self.format(chain=chain), file)
