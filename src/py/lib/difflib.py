"""difflib for Sandkiste: sequence matching and text diffs.

SequenceMatcher follows the documented Ratcliff/Obershelp variant (junk and
popular-element handling, longest-match tie breaking), so ratios, opcodes and
diffs match CPython's; Differ uses the windowed synch-point search of
CPython 3.14.  The code is our own.  HtmlDiff is not provided.
"""
from collections import namedtuple as _namedtuple

__all__ = ['get_close_matches', 'ndiff', 'restore', 'SequenceMatcher', 'Differ', 'IS_CHARACTER_JUNK',
           'IS_LINE_JUNK', 'context_diff', 'unified_diff', 'diff_bytes', 'Match']

Match = _namedtuple('Match', 'a b size')


def _ratio(matches, length):
    return 2.0 * matches / length if length else 1.0


class SequenceMatcher:
    """Compare pairs of sequences of hashable elements."""

    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.a = self.b = None
        self.autojunk = autojunk
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        if a is self.a:
            return
        self.a = a
        self.matching_blocks = self.opcodes = None

    def set_seq2(self, b):
        if b is self.b:
            return
        self.b = b
        self.matching_blocks = self.opcodes = None
        self.fullbcount = None
        self._index_b()

    def _index_b(self):
        # Where each element of b occurs (ascending), minus junk and, for long
        # sequences, the elements too popular to be interesting.
        where = {}
        for pos, elt in enumerate(self.b):
            where.setdefault(elt, []).append(pos)
        junk = set()
        if self.isjunk:
            for elt in where:
                if self.isjunk(elt):
                    junk.add(elt)
            for elt in junk:
                del where[elt]
        popular = set()
        n = len(self.b)
        if self.autojunk and n >= 200:
            limit = n // 100 + 1
            for elt, spots in where.items():
                if len(spots) > limit:
                    popular.add(elt)
            for elt in popular:
                del where[elt]
        self.b2j = where
        self.bjunk = junk
        self.bpopular = popular

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        """The longest junk-free matching block in a[alo:ahi] and b[blo:bhi]
        (earliest in a, then in b), widened by matching junk at both ends."""
        a, b, where, junk = self.a, self.b, self.b2j, self.bjunk
        if ahi is None:
            ahi = len(a)
        if bhi is None:
            bhi = len(b)
        best_i, best_j, best_k = alo, blo, 0
        run_ending_at = {}           # j -> length of the match ending at (i-1, j)
        empty = ()
        for i in range(alo, ahi):
            prev = run_ending_at
            run_ending_at = {}
            for j in where.get(a[i], empty):
                if j < blo:
                    continue
                if j >= bhi:
                    break
                k = prev.get(j - 1, 0) + 1
                run_ending_at[j] = k
                if k > best_k:
                    best_i, best_j, best_k = i - k + 1, j - k + 1, k
        # Grow over equal non-junk neighbours, then over equal junk.
        for want_junk in (False, True):
            while best_i > alo and best_j > blo and (b[best_j - 1] in junk) == want_junk and \
                    a[best_i - 1] == b[best_j - 1]:
                best_i, best_j, best_k = best_i - 1, best_j - 1, best_k + 1
            while best_i + best_k < ahi and best_j + best_k < bhi and \
                    (b[best_j + best_k] in junk) == want_junk and a[best_i + best_k] == b[best_j + best_k]:
                best_k += 1
        return Match(best_i, best_j, best_k)

    def get_matching_blocks(self):
        """Matching blocks (i, j, n), ascending, ending with (len(a), len(b), 0)."""
        if self.matching_blocks is not None:
            return self.matching_blocks
        la, lb = len(self.a), len(self.b)
        todo = [(0, la, 0, lb)]
        found = []
        while todo:
            alo, ahi, blo, bhi = todo.pop()
            i, j, k = m = self.find_longest_match(alo, ahi, blo, bhi)
            if k:
                found.append(m)
                if alo < i and blo < j:
                    todo.append((alo, i, blo, j))
                if i + k < ahi and j + k < bhi:
                    todo.append((i + k, ahi, j + k, bhi))
        found.sort()
        merged = []
        ci = cj = ck = 0
        for i, j, k in found:
            if ci + ck == i and cj + ck == j:
                ck += k
            else:
                if ck:
                    merged.append(Match(ci, cj, ck))
                ci, cj, ck = i, j, k
        if ck:
            merged.append(Match(ci, cj, ck))
        merged.append(Match(la, lb, 0))
        self.matching_blocks = merged
        return merged

    def get_opcodes(self):
        """(tag, i1, i2, j1, j2) steps turning a into b."""
        i = j = 0
        self.opcodes = ops = []
        for ai, bj, size in self.get_matching_blocks():
            if i < ai and j < bj:
                ops.append(('replace', i, ai, j, bj))
            elif i < ai:
                ops.append(('delete', i, ai, j, bj))
            elif j < bj:
                ops.append(('insert', i, ai, j, bj))
            i, j = ai + size, bj + size
            if size:
                ops.append(('equal', ai, i, bj, j))
        return ops

    def get_grouped_opcodes(self, n=3):
        """Opcodes in hunks with up to n lines of context."""
        codes = self.get_opcodes()
        if not codes:
            codes = [('equal', 0, 1, 0, 1)]
        if codes[0][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[0]
            codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
        if codes[-1][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[-1]
            codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
        span = n + n
        hunk = []
        for tag, i1, i2, j1, j2 in codes:
            if tag == 'equal' and i2 - i1 > span:
                hunk.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
                yield hunk
                hunk = []
                i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
            hunk.append((tag, i1, i2, j1, j2))
        if hunk and not (len(hunk) == 1 and hunk[0][0] == 'equal'):
            yield hunk

    def ratio(self):
        return _ratio(sum(m[-1] for m in self.get_matching_blocks()), len(self.a) + len(self.b))

    def quick_ratio(self):
        if self.fullbcount is None:
            counts = {}
            for elt in self.b:
                counts[elt] = counts.get(elt, 0) + 1
            self.fullbcount = counts
        left = {}
        hits = 0
        for elt in self.a:
            have = left[elt] if elt in left else self.fullbcount.get(elt, 0)
            left[elt] = have - 1
            if have > 0:
                hits += 1
        return _ratio(hits, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        la, lb = len(self.a), len(self.b)
        return _ratio(min(la, lb), la + lb)

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    """The best (up to n) possibilities scoring at least cutoff against word."""
    if not n > 0:
        raise ValueError('n must be > 0: %r' % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError('cutoff must be in [0.0, 1.0]: %r' % (cutoff,))
    scored = []
    s = SequenceMatcher()
    s.set_seq2(word)
    for x in possibilities:
        s.set_seq1(x)
        if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff and s.ratio() >= cutoff:
            scored.append((s.ratio(), x))
    scored.sort(reverse=True)
    return [x for _, x in scored[:n]]


def _keep_ws(line, tags):
    return ''.join(c if t == ' ' and c.isspace() else t for c, t in zip(line, tags))


class Differ:
    """Human-readable line diffs with '?' guide lines for changed characters."""

    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        for tag, alo, ahi, blo, bhi in SequenceMatcher(self.linejunk, a, b).get_opcodes():
            if tag == 'replace':
                yield from self._fancy_replace(a, alo, ahi, b, blo, bhi)
            elif tag == 'delete':
                yield from self._dump('-', a, alo, ahi)
            elif tag == 'insert':
                yield from self._dump('+', b, blo, bhi)
            elif tag == 'equal':
                yield from self._dump(' ', a, alo, ahi)
            else:
                raise ValueError('unknown tag %r' % (tag,))

    def _dump(self, tag, x, lo, hi):
        for i in range(lo, hi):
            yield '%s %s' % (tag, x[i])

    def _plain_replace(self, a, alo, ahi, b, blo, bhi):
        if bhi - blo < ahi - alo:
            yield from self._dump('+', b, blo, bhi)
            yield from self._dump('-', a, alo, ahi)
        else:
            yield from self._dump('-', a, alo, ahi)
            yield from self._dump('+', b, blo, bhi)

    def _fancy_replace(self, a, alo, ahi, b, blo, bhi):
        # For each line of b, look for the most similar line of a (ratio above
        # the cutoff) within a window around the diagonal; each such pair is a
        # synch point with character-level marks, the rest plain replaces.
        cutoff = 0.74999
        window = 10
        cruncher = SequenceMatcher(self.charjunk)
        hit_i = hit_j = None
        done_i, done_j = alo, blo
        for j in range(blo, bhi):
            cruncher.set_seq2(b[j])
            diag = alo + (j - blo)
            lo_i = max(diag - window, done_i)
            hi_i = min(diag + window + 1, ahi)
            if lo_i >= hi_i:
                break
            best = cutoff
            for i in range(lo_i, hi_i):
                cruncher.set_seq1(a[i])
                if cruncher.real_quick_ratio() > best and cruncher.quick_ratio() > best and \
                        cruncher.ratio() > best:
                    hit_i, hit_j, best = i, j, cruncher.ratio()
            if hit_i is None:
                continue
            yield from self._fancy_helper(a, done_i, hit_i, b, done_j, hit_j)
            aline, bline = a[hit_i], b[hit_j]
            if aline != bline:
                atags = btags = ''
                cruncher.set_seqs(aline, bline)
                for tag, ai1, ai2, bj1, bj2 in cruncher.get_opcodes():
                    la, lb = ai2 - ai1, bj2 - bj1
                    if tag == 'replace':
                        atags += '^' * la
                        btags += '^' * lb
                    elif tag == 'delete':
                        atags += '-' * la
                    elif tag == 'insert':
                        btags += '+' * lb
                    else:
                        atags += ' ' * la
                        btags += ' ' * lb
                yield from self._qformat(aline, bline, atags, btags)
            else:
                yield '  ' + aline
            done_i, done_j = hit_i + 1, hit_j + 1
            hit_i = hit_j = None
        yield from self._fancy_helper(a, done_i, ahi, b, done_j, bhi)

    def _fancy_helper(self, a, alo, ahi, b, blo, bhi):
        if alo < ahi:
            if blo < bhi:
                yield from self._plain_replace(a, alo, ahi, b, blo, bhi)
            else:
                yield from self._dump('-', a, alo, ahi)
        elif blo < bhi:
            yield from self._dump('+', b, blo, bhi)

    def _qformat(self, aline, bline, atags, btags):
        atags = _keep_ws(aline, atags).rstrip()
        btags = _keep_ws(bline, btags).rstrip()
        yield '- ' + aline
        if atags:
            yield f'? {atags}\n'
        yield '+ ' + bline
        if btags:
            yield f'? {btags}\n'


def IS_LINE_JUNK(line, pat=None):
    """True for blank lines and lines holding only '#' (with blanks)."""
    s = line.strip()
    if pat is not None:
        return pat(line) is not None
    return s == '' or s == '#'


def IS_CHARACTER_JUNK(ch, ws=' \t'):
    """True for a blank or a tab."""
    return ch in ws


def _unified_range(start, stop):
    first = start + 1
    length = stop - start
    if length == 1:
        return '{}'.format(first)
    if not length:
        first -= 1
    return '{},{}'.format(first, length)


def _context_range(start, stop):
    first = start + 1
    length = stop - start
    if not length:
        first -= 1
    if length <= 1:
        return '{}'.format(first)
    return '{},{}'.format(first, first + length - 1)


def _check_types(a, b, *args):
    if a and not isinstance(a[0], str):
        raise TypeError('lines to compare must be str, not %s (%r)' % (type(a[0]).__name__, a[0]))
    if b and not isinstance(b[0], str):
        raise TypeError('lines to compare must be str, not %s (%r)' % (type(b[0]).__name__, b[0]))
    for arg in args:
        if not isinstance(arg, str):
            raise TypeError('all arguments must be str, not: %r' % (arg,))


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    """Lines of a unified diff between two lists of lines."""
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    started = False
    for hunk in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            yield '--- {}{}{}'.format(fromfile, '\t' + fromfiledate if fromfiledate else '', lineterm)
            yield '+++ {}{}{}'.format(tofile, '\t' + tofiledate if tofiledate else '', lineterm)
        first, last = hunk[0], hunk[-1]
        yield '@@ -{} +{} @@{}'.format(_unified_range(first[1], last[2]), _unified_range(first[3], last[4]),
                                        lineterm)
        for tag, i1, i2, j1, j2 in hunk:
            if tag == 'equal':
                for line in a[i1:i2]:
                    yield ' ' + line
                continue
            if tag in ('replace', 'delete'):
                for line in a[i1:i2]:
                    yield '-' + line
            if tag in ('replace', 'insert'):
                for line in b[j1:j2]:
                    yield '+' + line


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    """Lines of a context diff between two lists of lines."""
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    mark = {'insert': '+ ', 'delete': '- ', 'replace': '! ', 'equal': '  '}
    started = False
    for hunk in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            yield '*** {}{}{}'.format(fromfile, '\t' + fromfiledate if fromfiledate else '', lineterm)
            yield '--- {}{}{}'.format(tofile, '\t' + tofiledate if tofiledate else '', lineterm)
        first, last = hunk[0], hunk[-1]
        yield '***************' + lineterm
        yield '*** {} ****{}'.format(_context_range(first[1], last[2]), lineterm)
        if any(op[0] in ('replace', 'delete') for op in hunk):
            for tag, i1, i2, _, _ in hunk:
                if tag != 'insert':
                    for line in a[i1:i2]:
                        yield mark[tag] + line
        yield '--- {} ----{}'.format(_context_range(first[3], last[4]), lineterm)
        if any(op[0] in ('replace', 'insert') for op in hunk):
            for tag, _, _, j1, j2 in hunk:
                if tag != 'delete':
                    for line in b[j1:j2]:
                        yield mark[tag] + line


def diff_bytes(dfunc, a, b, fromfile=b'', tofile=b'', fromfiledate=b'', tofiledate=b'', n=3, lineterm=b'\n'):
    """Run a str diff function over bytes (decoded as latin-1) and re-encode its lines."""
    def dec(s):
        try:
            return s.decode('ascii', 'surrogateescape')
        except AttributeError as err:
            raise TypeError('all arguments must be bytes, not %s (%r)' % (type(s).__name__, s)) from err
    lines = dfunc(list(map(dec, a)), list(map(dec, b)), dec(fromfile), dec(tofile), dec(fromfiledate),
                  dec(tofiledate), n, dec(lineterm))
    for line in lines:
        yield line.encode('ascii', 'surrogateescape')


def ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK):
    """Differ().compare() with the default junk filters."""
    return Differ(linejunk, charjunk).compare(a, b)


def restore(delta, which):
    """Recover one of the two sequences from an ndiff/compare delta."""
    try:
        tag = {1: '- ', 2: '+ '}[int(which)]
    except KeyError:
        raise ValueError('unknown delta choice (must be 1 or 2): %r' % which) from None
    for line in delta:
        if line[:2] in ('  ', tag):
            yield line[2:]
