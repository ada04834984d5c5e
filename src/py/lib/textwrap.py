"""Text wrapping and filling (CPython's textwrap)."""

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '


def _is_letter(c):
    return c.isalnum() or c == '_'


class TextWrapper:
    unicode_whitespace_trans = dict.fromkeys(map(ord, _whitespace), ord(' '))

    def __init__(self, width=70, initial_indent='', subsequent_indent='', expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True, drop_whitespace=True,
                 break_on_hyphens=True, tabsize=8, *, max_lines=None, placeholder=' [...]'):
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

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = ''.join(' ' if c in _whitespace else c for c in text)
        return text

    def _split_word(self, word):
        """Split a non-whitespace run at its hyphens (and em-dashes) the way CPython does."""
        if not self.break_on_hyphens:
            return [word]
        parts = []
        start = 0
        i = 0
        n = len(word)
        while i < n:
            if word[i] == '-':
                if i + 1 < n and word[i + 1] == '-':
                    j = i
                    while j < n and word[j] == '-':
                        j += 1
                    if i > start and j < n and _is_letter(word[j]) and _is_letter(word[i - 1]):
                        parts.append(word[start:i])
                        parts.append(word[i:j])
                        start = j
                    i = j
                    continue
                before = word[start:i]
                ok_before = (len(before) >= 2 and _is_letter(before[-1]) and _is_letter(before[-2])) or (
                    len(before) >= 3 and _is_letter(before[-1]) and before[-2] == '-' and _is_letter(before[-3]))
                after = word[i + 1:i + 3]
                ok_after = bool(after) and _is_letter(after[0]) or (
                    len(after) == 2 and after[0] == '-' and _is_letter(after[1]))
                if ok_before and ok_after and not before.replace('-', '').isdigit():
                    parts.append(word[start:i + 1])
                    start = i + 1
            i += 1
        if start < n:
            parts.append(word[start:])
        return parts

    def _split(self, text):
        chunks = []
        i = 0
        n = len(text)
        while i < n:
            j = i
            if text[i] in _whitespace:
                while j < n and text[j] in _whitespace:
                    j += 1
                chunks.append(text[i:j])
            else:
                while j < n and text[j] not in _whitespace:
                    j += 1
                chunks.extend(self._split_word(text[i:j]))
            i = j
        return chunks

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            c = chunks[i]
            if chunks[i + 1] == ' ' and len(c) >= 2 and c[-1] in '.!?' or (
                    chunks[i + 1] == ' ' and len(c) >= 3 and c[-1] in '"\'' and c[-2] in '.!?'):
                core = c.rstrip('"\'')[:-1]
                if core and core[-1].islower():
                    chunks[i + 1] = '  '
                    i += 2
                    continue
            i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        space_left = 1 if width < 1 else width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        if self.max_lines is not None:
            indent = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError('placeholder too large for max width')
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]
            while chunks:
                ln = len(chunks[-1])
                if cur_len + ln <= width:
                    cur_line.append(chunks.pop())
                    cur_len += ln
                else:
                    break
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if cur_line:
                if (self.max_lines is None or len(lines) + 1 < self.max_lines or
                        (not chunks or self.drop_whitespace and len(chunks) == 1 and not chunks[0].strip())
                        and cur_len <= width):
                    lines.append(indent + ''.join(cur_line))
                else:
                    while cur_line:
                        if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                            cur_line.append(self.placeholder)
                            lines.append(indent + ''.join(cur_line))
                            break
                        cur_len -= len(cur_line[-1])
                        del cur_line[-1]
                    else:
                        if lines:
                            prev_line = lines[-1].rstrip()
                            if len(prev_line) + len(self.placeholder) <= self.width:
                                lines[-1] = prev_line + self.placeholder
                                break
                        lines.append(indent + self.placeholder.lstrip())
                    break
        return lines

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return '\n'.join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    lines = text.split('\n')
    margin = None
    for line in lines:
        stripped = line.lstrip(' \t')
        if not stripped:
            continue
        ind = line[:len(line) - len(stripped)]
        if margin is None:
            margin = ind
        elif ind.startswith(margin):
            pass
        elif margin.startswith(ind):
            margin = ind
        else:
            k = 0
            while k < len(margin) and k < len(ind) and margin[k] == ind[k]:
                k += 1
            margin = margin[:k]
    out = []
    for line in lines:
        if not line.strip(' \t'):
            out.append('')
        elif margin:
            out.append(line[len(margin):])
        else:
            out.append(line)
    return '\n'.join(out)


def indent(text, prefix, predicate=None):
    if predicate is None:
        predicate = str.strip
    return ''.join(prefix + line if predicate(line) else line for line in text.splitlines(True))
