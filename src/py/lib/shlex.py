"""shlex for Sandkiste: shell-like tokenising (split, quote, join and the shlex class).

Behaviour follows CPython's documented lexer (posix and compatibility modes,
punctuation_chars, comments, escapes); the implementation is our own: one
handler per lexer state, each returning whether the current token is complete.
"""
from io import StringIO

__all__ = ['shlex', 'split', 'quote', 'join']

_ASCII_WORD = 'abcdfeghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'
# posix mode also treats Latin-1 letters (lower case first, no division/multiplication sign)
_LATIN1_WORD = ''.join(chr(c) for c in list(range(0xdf, 0x100)) + list(range(0xc0, 0xdf))
                       if c not in (0xd7, 0xf7))
_PUNCTUATION = '();<>|&'

# Results of a state handler.
_MORE, _EMIT, _EMIT_IF_ANY = 0, 1, 2


class _Drained:
    """Stands in for StringIO('') (an empty StringIO currently crashes the interpreter)."""

    def read(self, size=-1):
        return ''

    def readline(self, size=-1):
        return ''

    def close(self):
        pass


def _as_stream(src):
    if not isinstance(src, str):
        return src
    return StringIO(src) if src else _Drained()


class shlex:
    """A lexical analyser for shell-like syntaxes."""

    def __init__(self, instream=None, infile=None, posix=False, punctuation_chars=False):
        if instream is None:
            import sys
            instream, infile = sys.stdin, None
        self.instream, self.infile, self.posix = _as_stream(instream), infile, posix
        # the public knobs, with their defaults
        vars(self).update(commenters='#', whitespace=' \t\r\n', whitespace_split=False,
                          quotes='\'"', escape='\\', escapedquotes='"')
        self.wordchars = _ASCII_WORD + _LATIN1_WORD if posix else _ASCII_WORD
        self.eof = None if posix else ''
        self.state, self.token, self.pushback = ' ', '', []
        self.lineno, self.debug = 1, 0
        self.filestack, self.source = [], None
        if punctuation_chars is True:
            punctuation_chars = _PUNCTUATION
        self._punct = punctuation_chars or ''
        if self._punct:
            self._pushback_chars = []
            extra = self.wordchars + '~-./*?='
            self.wordchars = ''.join(c for c in extra if c not in self._punct)

    @property
    def punctuation_chars(self):
        return self._punct

    # -- sources and pushback -----------------------------------------------------------
    def push_token(self, tok):
        self.pushback.insert(0, tok)

    def push_source(self, newstream, newfile=None):
        self.filestack.insert(0, (self.infile, self.instream, self.lineno))
        self.infile, self.instream, self.lineno = newfile, _as_stream(newstream), 1

    def pop_source(self):
        self.instream.close()
        self.infile, self.instream, self.lineno = self.filestack.pop(0)
        self.state = ' '

    def get_token(self):
        """Next token (pushed-back tokens first); eof when the input ends."""
        if self.pushback:
            return self.pushback.pop(0)
        tok = self.read_token()
        while tok == self.eof and self.filestack:
            self.pop_source()
            tok = self.get_token()
        return tok

    def __iter__(self):
        return self

    def __next__(self):
        tok = self.get_token()
        if tok == self.eof:
            raise StopIteration
        return tok

    def error_leader(self, infile=None, lineno=None):
        where = self.infile if infile is None else infile
        return '"%s", line %d: ' % (where, self.lineno if lineno is None else lineno)

    # -- the lexer ----------------------------------------------------------------------
    def _getc(self):
        held = self._pushback_chars if self._punct else None
        ch = held.pop() if held else self.instream.read(1)
        if ch == '\n':
            self.lineno += 1
        return ch

    def _skip_comment(self):
        self.instream.readline()
        self.lineno += 1

    def read_token(self):
        self._quoted = False
        self._resume = ' '          # the state an escape returns to
        while True:
            state = self.state
            if state is None:
                self.token = ''
                break
            ch = self._getc()
            if state == ' ':
                verdict = self._between(ch)
            elif state in ('a', 'c'):
                verdict = self._in_word(ch, state)
            elif state in self.quotes:
                verdict = self._in_quotes(ch, state)
            elif state in self.escape:
                verdict = self._after_escape(ch, state)
            else:
                verdict = _MORE
            if verdict == _EMIT:
                break
            if verdict == _EMIT_IF_ANY and (self.token or (self.posix and self._quoted)):
                break
        tok, self.token = self.token, ''
        if self.posix and not self._quoted and tok == '':
            return None
        return tok

    def _between(self, ch):
        if not ch:
            self.state = None
            return _EMIT
        if ch in self.whitespace:
            return _EMIT_IF_ANY
        if ch in self.commenters:
            self._skip_comment()
            return _MORE
        if self.posix and ch in self.escape:
            self._resume, self.state = 'a', ch
            return _MORE
        if ch in self.wordchars:
            self.token, self.state = ch, 'a'
            return _MORE
        if ch in self._punct:
            self.token, self.state = ch, 'c'
            return _MORE
        if ch in self.quotes:
            if not self.posix:
                self.token = ch
            self.state = ch
            return _MORE
        if self.whitespace_split:
            self.token, self.state = ch, 'a'
            return _MORE
        self.token = ch             # a lone character is a token by itself
        return _EMIT_IF_ANY

    def _in_word(self, ch, state):
        if not ch:
            self.state = None
            return _EMIT
        if ch in self.whitespace:
            self.state = ' '
            return _EMIT_IF_ANY
        if ch in self.commenters:
            self._skip_comment()
            if self.posix:
                self.state = ' '
                return _EMIT_IF_ANY
            return _MORE
        if state == 'c':            # a run of punctuation
            if ch in self._punct:
                self.token += ch
                return _MORE
            if ch not in self.whitespace:
                self._pushback_chars.append(ch)
            self.state = ' '
            return _EMIT
        if self.posix and ch in self.quotes:
            self.state = ch
            return _MORE
        if self.posix and ch in self.escape:
            self._resume, self.state = 'a', ch
            return _MORE
        if ch in self.wordchars or ch in self.quotes or \
                (self.whitespace_split and ch not in self._punct):
            self.token += ch
            return _MORE
        # Anything else ends the word and starts the next token.
        if self._punct:
            self._pushback_chars.append(ch)
        else:
            self.pushback.insert(0, ch)
        self.state = ' '
        return _EMIT_IF_ANY

    def _in_quotes(self, ch, quote_char):
        self._quoted = True
        if not ch:
            raise ValueError('No closing quotation')
        if ch == quote_char:
            if self.posix:
                self.state = 'a'
                return _MORE
            self.token += ch
            self.state = ' '
            return _EMIT
        if self.posix and ch in self.escape and quote_char in self.escapedquotes:
            self._resume, self.state = quote_char, ch
            return _MORE
        self.token += ch
        return _MORE

    def _after_escape(self, ch, esc):
        if not ch:
            raise ValueError('No escaped character')
        # Inside quotes only the quote and the escape itself are escapable.
        back = self._resume
        if back in self.quotes and ch != esc and ch != back:
            self.token += esc
        self.token += ch
        self.state = back
        return _MORE


def split(s, comments=False, posix=True):
    """Split s like a POSIX shell would."""
    if s is None:
        raise ValueError('s argument must not be None')
    lexer = shlex(s, posix=posix)
    lexer.whitespace_split = True
    if not comments:
        lexer.commenters = ''
    return list(lexer)


def join(split_command):
    """Quote each word and join them with spaces."""
    return ' '.join([quote(word) for word in split_command])


_SAFE = frozenset(_ASCII_WORD + '@%+=:,./-')


def quote(s):
    """Return a shell-escaped version of s."""
    if not s:
        return "''"
    if not isinstance(s, str):
        raise TypeError(f"expected string object, got {type(s).__name__!r}")
    if _SAFE.issuperset(s):
        return s
    # close the quote, emit a double-quoted ', reopen
    return "'" + "'\"'\"'".join(s.split("'")) + "'"
