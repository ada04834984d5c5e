"""textwrap for Sandkiste: wrapping and filling text.

Follows the behaviour of CPython's module (chunking at whitespace and at
hyphens inside words, sentence endings, max_lines with a placeholder, dedent
as in 3.14); the implementation is our own.
"""

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_WS = '\t\n\x0b\x0c\r '
_WS_TO_SPACE = {ord(c): ' ' for c in _WS}


def _wordch(c):
    return c.isalnum() or c == '_'


def _letter(c):
    return _wordch(c) and not c.isdecimal()


def _word_punct(c):
    return _wordch(c) or c in '!"\'&.,?'


def _dash_run_ahead(text, j):
    """True if text[j:] is two or more hyphens followed by a word character."""
    k = j
    n = len(text)
    while k < n and text[k] == '-':
        k += 1
    return k - j >= 2 and k < n and _wordch(text[k])


def _hyphen_break_after(text, j):
    """May a chunk end at j, just after a hyphen inside a word?"""
    if text[j - 1] != '-':
        return False
    before_ok = (j >= 3 and _letter(text[j - 3]) and _letter(text[j - 2])) or \
                (j >= 4 and _letter(text[j - 4]) and text[j - 3] == '-' and _letter(text[j - 2]))
    if not before_ok:
        return False
    n = len(text)
    if j >= n or not _letter(text[j]):
        return False
    k = j + 1
    if k < n and text[k] == '-':
        k += 1
    return k < n and _letter(text[k])


def _chunks_at_hyphens(text):
    out = []
    n = len(text)
    i = 0
    while i < n:
        j = i
        if text[i] in _WS or text[i].isspace():
            while j < n and (text[j] in _WS or text[j].isspace()):
                j += 1
            out.append(text[i:j])
            i = j
            continue
        if i > 0 and _word_punct(text[i - 1]) and _dash_run_ahead(text, i):
            while j < n and text[j] == '-':
                j += 1
            out.append(text[i:j])
            i = j
            continue
        # The shortest non-blank run that ends at a permitted break.
        j = i + 1
        while True:
            if j >= n or text[j].isspace():
                break
            if j - i >= 2 and _hyphen_break_after(text, j):
                break
            if _word_punct(text[j - 1]) and _dash_run_ahead(text, j):
                break
            j += 1
        out.append(text[i:j])
        i = j
    return out


def _chunks_at_spaces(text):
    out = []
    n = len(text)
    i = 0
    while i < n:
        blank = text[i].isspace()
        j = i + 1
        while j < n and text[j].isspace() == blank:
            j += 1
        out.append(text[i:j])
        i = j
    return out


def _ends_sentence(chunk):
    """A lowercase letter, then . ! or ?, then an optional quote, at the end."""
    s = chunk
    if s and s[-1] in '"\'':
        s = s[:-1]
    return len(s) >= 2 and s[-1] in '.!?' and 'a' <= s[-2] <= 'z'


class TextWrapper:
    """Wrap paragraphs to a width; see the module functions for the common uses."""

    unicode_whitespace_trans = dict.fromkeys(map(ord, _WS), ord(' '))

    def __init__(self, width=70, initial_indent='', subsequent_indent='', expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    # -- chunking -----------------------------------------------------------------------
    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(_WS_TO_SPACE)
        return text

    def _split(self, text):
        pieces = _chunks_at_hyphens(text) if self.break_on_hyphens else _chunks_at_spaces(text)
        return [p for p in pieces if p]

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == ' ' and _ends_sentence(chunks[i]):
                chunks[i + 1] = '  '
                i += 2
            else:
                i += 1

    # -- line filling -------------------------------------------------------------------
    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        room = width - cur_len if width >= 1 else 1
        if self.break_long_words:
            word = reversed_chunks[-1]
            cut = room
            if self.break_on_hyphens and len(word) > room:
                h = word.rfind('-', 0, room)
                if h > 0 and word[:h].strip('-'):
                    cut = h + 1
            cur_line.append(word[:cut])
            reversed_chunks[-1] = word[cut:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        limit = self.max_lines
        if limit is not None:
            ind = self.subsequent_indent if limit > 1 else self.initial_indent
            if len(ind) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError('placeholder too large for max width')
        todo = chunks[::-1]          # consumed from the end
        lines = []
        while todo:
            ind = self.subsequent_indent if lines else self.initial_indent
            room = self.width - len(ind)
            if self.drop_whitespace and lines and not todo[-1].strip():
                todo.pop()
            line = []
            used = 0
            while todo and used + len(todo[-1]) <= room:
                used += len(todo[-1])
                line.append(todo.pop())
            if todo and len(todo[-1]) > room:
                self._handle_long_word(todo, line, used, room)
                used = sum(len(c) for c in line)
            if self.drop_whitespace and line and not line[-1].strip():
                used -= len(line.pop())
            if not line:
                continue
            rest_is_blank = not todo or (self.drop_whitespace and len(todo) == 1 and not todo[0].strip())
            if limit is None or len(lines) + 1 < limit or (rest_is_blank and used <= room):
                lines.append(ind + ''.join(line))
                continue
            # Last permitted line: end it with the placeholder.
            self._close_with_placeholder(lines, line, used, room, ind)
            break
        return lines

    def _close_with_placeholder(self, lines, line, used, room, ind):
        ph = self.placeholder
        while line:
            if line[-1].strip() and used + len(ph) <= room:
                lines.append(ind + ''.join(line) + ph)
                return
            used -= len(line.pop())
        if lines:
            prev = lines[-1].rstrip()
            if len(prev) + len(ph) <= self.width:
                lines[-1] = prev + ph
                return
        lines.append(ind + ph.lstrip())

    # -- public -------------------------------------------------------------------------
    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return '\n'.join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    """Wrap one paragraph into lines of at most width columns."""
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    """Wrap one paragraph and join the lines with newlines."""
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    """Collapse whitespace and truncate to fit width, ending with the placeholder."""
    return TextWrapper(width=width, max_lines=1, **kwargs).fill(' '.join(text.split()))


def dedent(text):
    """Remove the whitespace prefix (spaces and tabs) common to all non-blank lines;
    lines holding only whitespace become empty."""
    lines = text.split('\n')
    prefix = None
    for ln in lines:
        if not ln or ln.isspace():
            continue
        k = 0
        while k < len(ln) and ln[k] in ' \t':
            k += 1
        lead = ln[:k]
        if prefix is None:
            prefix = lead
        else:
            m = 0
            top = min(len(prefix), len(lead))
            while m < top and prefix[m] == lead[m]:
                m += 1
            prefix = prefix[:m]
        if not prefix:
            break
    cut = len(prefix) if prefix else 0
    return '\n'.join('' if ln.isspace() else ln[cut:] for ln in lines)


def indent(text, prefix, predicate=None):
    """Put prefix in front of the lines selected by predicate (default: non-blank)."""
    if predicate is None:
        def predicate(line):
            return line.strip()
    return ''.join(prefix + ln if predicate(ln) else ln for ln in text.splitlines(True))
