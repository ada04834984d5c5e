"""textwrap for Sandkiste: wrapping and filling text.

Chunks break at whitespace and at hyphens inside words; sentence endings,
max_lines with a placeholder, and dedent behave as in CPython 3.14.
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


_SETTINGS = ('width', 'initial_indent', 'subsequent_indent', 'expand_tabs', 'replace_whitespace',
             'fix_sentence_endings', 'break_long_words', 'drop_whitespace', 'break_on_hyphens',
             'tabsize', 'max_lines', 'placeholder')


class TextWrapper:
    unicode_whitespace_trans = dict.fromkeys(map(ord, _WS), ord(' '))

    def __init__(self, width=70, initial_indent='', subsequent_indent='', expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=' [...]'):
        values = (width, initial_indent, subsequent_indent, expand_tabs, replace_whitespace,
                  fix_sentence_endings, break_long_words, drop_whitespace, break_on_hyphens,
                  tabsize, max_lines, placeholder)
        for key, val in zip(_SETTINGS, values):
            setattr(self, key, val)

    # text -> list of chunks (words, blanks, hyphenated pieces)
    def _chunks(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(_WS_TO_SPACE)
        cut = _chunks_at_hyphens if self.break_on_hyphens else _chunks_at_spaces
        found = [p for p in cut(text) if p]
        if self.fix_sentence_endings:
            _two_spaces_after_sentences(found)
        return found

    def _split_word(self, todo, line, used, room):
        # the next chunk does not fit on the line: split it, or give it its own line
        if room < 1:
            room = 1
        else:
            room -= used
        if self.break_long_words:
            word = todo[-1]
            at = room
            if self.break_on_hyphens and len(word) > room:
                dash = word.rfind('-', 0, room)
                if dash > 0 and word[:dash].strip('-'):
                    at = dash + 1
            line.append(word[:at])
            todo[-1] = word[at:]
        elif not line:
            line.append(todo.pop())

    def _lines(self, chunks):
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        cap = self.max_lines
        if cap is not None:
            lead = self.initial_indent if cap <= 1 else self.subsequent_indent
            if len(lead) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError('placeholder too large for max width')
        trim = self.drop_whitespace
        todo = list(reversed(chunks))      # next chunk is todo[-1]
        out = []
        while todo:
            lead = self.initial_indent if not out else self.subsequent_indent
            room = self.width - len(lead)
            if trim and out and _blank(todo[-1]):
                todo.pop()
            line = []
            used = 0
            while todo and used + len(todo[-1]) <= room:
                piece = todo.pop()
                line.append(piece)
                used += len(piece)
            if todo and len(todo[-1]) > room:
                self._split_word(todo, line, used, room)
                used = len(''.join(line))
            if trim and line and _blank(line[-1]):
                used -= len(line.pop())
            if not line:
                continue
            done = not todo or (trim and len(todo) == 1 and _blank(todo[0]))
            if cap is None or len(out) + 1 < cap or (done and used <= room):
                out.append(lead + ''.join(line))
            else:
                self._last_line(out, line, used, room, lead)
                break
        return out

    def _last_line(self, out, line, used, room, lead):
        # the line where max_lines runs out: end it with the placeholder
        mark = self.placeholder
        while line:
            if not _blank(line[-1]) and used + len(mark) <= room:
                out.append(lead + ''.join(line) + mark)
                return
            used -= len(line.pop())
        if out:
            prev = out[-1].rstrip()
            if len(prev) + len(mark) <= self.width:
                out[-1] = prev + mark
                return
        out.append(lead + mark.lstrip())

    def wrap(self, text):
        return self._lines(self._chunks(text))

    def fill(self, text):
        return '\n'.join(self.wrap(text))


def _blank(chunk):
    return not chunk.strip()


def _two_spaces_after_sentences(chunks):
    k = 0
    last = len(chunks) - 1
    while k < last:
        if chunks[k + 1] == ' ' and _ends_sentence(chunks[k]):
            chunks[k + 1] = '  '
            k += 1
        k += 1


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
