"""difflib for Sandkiste: sequence matching and text diffs.

SequenceMatcher implements the documented Ratcliff/Obershelp variant (junk
and popular elements, tie breaking toward the earliest match), so ratios,
opcodes and diffs equal CPython's; Differ pairs similar lines within a
window around the diagonal, as CPython 3.14 does.  No HtmlDiff.
"""
import collections as _collections

__all__ = ['get_close_matches', 'ndiff', 'restore', 'SequenceMatcher', 'Differ', 'IS_CHARACTER_JUNK',
           'IS_LINE_JUNK', 'context_diff', 'unified_diff', 'diff_bytes', 'Match']

Match = _collections.namedtuple('Match', ['a', 'b', 'size'])


def _score(hits, total):
    if total == 0:
        return 1.0
    return 2.0 * hits / total


class SequenceMatcher:
    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.autojunk = autojunk
        self.a = self.b = None
        self._blocks = self._ops = self._bcounts = None
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        if a is not self.a:
            self.a = a
            self._blocks = self._ops = None

    def set_seq2(self, b):
        if b is self.b:
            return
        self.b = b
        self._blocks = self._ops = None
        self._bcounts = None
        self._analyse_b()

    def _analyse_b(self):
        # positions of every element of b, without junk and (for b of 200+
        # items) without elements occurring in more than 1% + 1 of it
        spots = {}
        for pos, item in enumerate(self.b):
            if item in spots:
                spots[item].append(pos)
            else:
                spots[item] = [pos]
        test = self.isjunk
        junk = set(filter(test, spots)) if test else set()
        crowded = set()
        size = len(self.b)
        if self.autojunk and size >= 200:
            most = size // 100 + 1
            crowded = {item for item, where in spots.items() if len(where) > most and item not in junk}
        for item in junk | crowded:
            del spots[item]
        self.b2j = spots
        self.bjunk = junk
        self.bpopular = crowded

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        a, b = self.a, self.b
        ahi = len(a) if ahi is None else ahi
        bhi = len(b) if bhi is None else bhi
        top_i, top_j, top_n = alo, blo, 0
        # runs[j]: length of the common run ending at a[i-1] and b[j]
        runs = {}
        for i in range(alo, ahi):
            grown = {}
            for j in self.b2j.get(a[i], ()):
                if j >= bhi:
                    break
                if j >= blo:
                    n = runs.get(j - 1, 0) + 1
                    grown[j] = n
                    if n > top_n:
                        top_i, top_j, top_n = i + 1 - n, j + 1 - n, n
            runs = grown
        # extend with equal elements: first non-junk ones, then junk ones
        junk = self.bjunk
        for junky in (False, True):
            while (top_i > alo and top_j > blo and a[top_i - 1] == b[top_j - 1]
                   and (b[top_j - 1] in junk) is junky):
                top_i -= 1
                top_j -= 1
                top_n += 1
            while (top_i + top_n < ahi and top_j + top_n < bhi
                   and a[top_i + top_n] == b[top_j + top_n] and (b[top_j + top_n] in junk) is junky):
                top_n += 1
        return Match(top_i, top_j, top_n)

    def get_matching_blocks(self):
        if self._blocks is not None:
            return self._blocks
        end_a, end_b = len(self.a), len(self.b)
        pending = [(0, end_a, 0, end_b)]
        hits = []
        while pending:
            alo, ahi, blo, bhi = pending.pop()
            m = self.find_longest_match(alo, ahi, blo, bhi)
            if not m.size:
                continue
            hits.append(m)
            left = (alo, m.a, blo, m.b)
            right = (m.a + m.size, ahi, m.b + m.size, bhi)
            for lo_a, hi_a, lo_b, hi_b in (left, right):
                if lo_a < hi_a and lo_b < hi_b:
                    pending.append((lo_a, hi_a, lo_b, hi_b))
        hits.sort()
        # glue blocks that touch each other
        out = []
        for i, j, n in hits:
            if out and out[-1][0] + out[-1][2] == i and out[-1][1] + out[-1][2] == j:
                pi, pj, pn = out[-1]
                out[-1] = Match(pi, pj, pn + n)
            else:
                out.append(Match(i, j, n))
        out.append(Match(end_a, end_b, 0))
        self._blocks = out
        return out

    def get_opcodes(self):
        # cached; like CPython's, get_grouped_opcodes trims the cached list in place
        if self._ops is not None:
            return self._ops
        self._ops = steps = []
        i = j = 0
        for bi, bj, n in self.get_matching_blocks():
            if i < bi or j < bj:
                kind = 'replace' if i < bi and j < bj else ('delete' if i < bi else 'insert')
                steps.append((kind, i, bi, j, bj))
            if n:
                steps.append(('equal', bi, bi + n, bj, bj + n))
            i, j = bi + n, bj + n
        return steps

    def get_grouped_opcodes(self, n=3):
        ops = self.get_opcodes() or [('equal', 0, 1, 0, 1)]
        kind, a1, a2, b1, b2 = ops[0]
        if kind == 'equal':
            ops[0] = (kind, max(a1, a2 - n), a2, max(b1, b2 - n), b2)
        kind, a1, a2, b1, b2 = ops[-1]
        if kind == 'equal':
            ops[-1] = (kind, a1, min(a2, a1 + n), b1, min(b2, b1 + n))
        group = []
        for kind, a1, a2, b1, b2 in ops:
            if kind == 'equal' and a2 - a1 > 2 * n:
                # a long unchanged stretch closes the group and opens the next
                group.append((kind, a1, min(a2, a1 + n), b1, min(b2, b1 + n)))
                yield group
                group = []
                a1 = max(a1, a2 - n)
                b1 = max(b1, b2 - n)
            group.append((kind, a1, a2, b1, b2))
        if group and (len(group) > 1 or group[0][0] != 'equal'):
            yield group

    def ratio(self):
        same = sum(blk.size for blk in self.get_matching_blocks())
        return _score(same, len(self.a) + len(self.b))

    def quick_ratio(self):
        if self._bcounts is None:
            self._bcounts = _collections.Counter(self.b)
        spare = {}
        hits = 0
        for item in self.a:
            left = spare.get(item)
            if left is None:
                left = self._bcounts.get(item, 0)
            spare[item] = left - 1
            if left > 0:
                hits += 1
        return _score(hits, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        na = len(self.a)
        nb = len(self.b)
        return _score(min(na, nb), na + nb)

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if n <= 0:
        raise ValueError('n must be > 0: %r' % (n,))
    if cutoff < 0.0 or cutoff > 1.0:
        raise ValueError('cutoff must be in [0.0, 1.0]: %r' % (cutoff,))
    sm = SequenceMatcher()
    sm.set_seq2(word)
    good = []
    for cand in possibilities:
        sm.set_seq1(cand)
        if min(sm.real_quick_ratio(), sm.quick_ratio()) < cutoff:
            continue
        r = sm.ratio()
        if r >= cutoff:
            good.append((r, cand))
    good.sort(reverse=True)
    return [cand for _, cand in good[:n]]


# marks under a changed line pair: which characters were replaced,
# deleted or inserted
_GUIDE = {'replace': '^', 'delete': '-', 'insert': '+', 'equal': ' '}


def _guide(line, marks):
    # blanks keep their own character (tabs stay tabs), then trim the end
    return ''.join(ch if m == ' ' and ch.isspace() else m for ch, m in zip(line, marks)).rstrip()


class Differ:
    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        for kind, alo, ahi, blo, bhi in SequenceMatcher(self.linejunk, a, b).get_opcodes():
            if kind == 'equal':
                yield from _tagged(' ', a[alo:ahi])
            elif kind == 'delete':
                yield from _tagged('-', a[alo:ahi])
            elif kind == 'insert':
                yield from _tagged('+', b[blo:bhi])
            elif kind == 'replace':
                yield from self._pair_up(a, alo, ahi, b, blo, bhi)
            else:
                raise ValueError('unknown tag %r' % (kind,))

    def _pair_up(self, a, alo, ahi, b, blo, bhi):
        # walk b; for each line find the most similar line of a (ratio over
        # 0.75) near the diagonal, show that pair with guide marks and the
        # stretches between pairs as plain deletions and insertions
        floor = 0.74999
        reach = 10
        sm = SequenceMatcher(self.charjunk)
        next_a, next_b = alo, blo
        for j in range(blo, bhi):
            sm.set_seq2(b[j])
            mid = alo + j - blo
            lo, hi = max(mid - reach, next_a), min(mid + reach + 1, ahi)
            if lo >= hi:
                break
            best, pick = floor, None
            for i in range(lo, hi):
                sm.set_seq1(a[i])
                if sm.real_quick_ratio() > best and sm.quick_ratio() > best:
                    r = sm.ratio()
                    if r > best:
                        best, pick = r, i
            if pick is None:
                continue
            yield from _between(a, next_a, pick, b, next_b, j)
            yield from self._show_pair(sm, a[pick], b[j])
            next_a, next_b = pick + 1, j + 1
        yield from _between(a, next_a, ahi, b, next_b, bhi)

    def _show_pair(self, sm, old, new):
        if old == new:
            yield '  ' + old
            return
        sm.set_seqs(old, new)
        marks_a = []
        marks_b = []
        for kind, a1, a2, b1, b2 in sm.get_opcodes():
            ch = _GUIDE[kind]
            if kind != 'insert':
                marks_a.append(ch * (a2 - a1))
            if kind != 'delete':
                marks_b.append(ch * (b2 - b1))
        for sign, line, marks in (('-', old, marks_a), ('+', new, marks_b)):
            yield sign + ' ' + line
            shown = _guide(line, ''.join(marks))
            if shown:
                yield '? ' + shown + '\n'


def _tagged(sign, lines):
    for line in lines:
        yield sign + ' ' + line


def _between(a, alo, ahi, b, blo, bhi):
    # unpaired lines: the shorter side first when both sides have some
    gone = a[alo:ahi]
    came = b[blo:bhi]
    if gone and came and len(came) < len(gone):
        yield from _tagged('+', came)
        yield from _tagged('-', gone)
        return
    yield from _tagged('-', gone)
    yield from _tagged('+', came)


def IS_LINE_JUNK(line, pat=None):
    if pat is None:
        return line.strip() in ('', '#')
    return pat(line) is not None


def IS_CHARACTER_JUNK(ch, ws=' \t'):
    return ch in ws


def ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK):
    return Differ(linejunk, charjunk).compare(a, b)


def _span_unified(lo, hi):
    count = hi - lo
    if count == 1:
        return str(lo + 1)
    return '%d,%d' % (lo + 1 if count else lo, count)


def _span_context(lo, hi):
    count = hi - lo
    if count == 0:
        return str(lo)
    if count == 1:
        return str(lo + 1)
    return '%d,%d' % (lo + 1, hi)


def _str_inputs(a, b, names):
    for seq in (a, b):
        if seq and not isinstance(seq[0], str):
            raise TypeError('lines to compare must be str, not %s (%r)' % (type(seq[0]).__name__, seq[0]))
    for x in names:
        if not isinstance(x, str):
            raise TypeError('all arguments must be str, not: %r' % (x,))


def _file_line(prefix, name, date, end):
    return prefix + ' ' + name + ('\t' + date if date else '') + end


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    _str_inputs(a, b, (fromfile, tofile, fromfiledate, tofiledate, lineterm))
    first = True
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if first:
            first = False
            yield _file_line('---', fromfile, fromfiledate, lineterm)
            yield _file_line('+++', tofile, tofiledate, lineterm)
        old = _span_unified(group[0][1], group[-1][2])
        new = _span_unified(group[0][3], group[-1][4])
        yield '@@ -%s +%s @@%s' % (old, new, lineterm)
        for kind, a1, a2, b1, b2 in group:
            if kind == 'equal':
                yield from (' ' + s for s in a[a1:a2])
                continue
            yield from ('-' + s for s in a[a1:a2])
            yield from ('+' + s for s in b[b1:b2])


_CONTEXT_SIGN = {'equal': '  ', 'replace': '! ', 'delete': '- ', 'insert': '+ '}


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    _str_inputs(a, b, (fromfile, tofile, fromfiledate, tofiledate, lineterm))
    first = True
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if first:
            first = False
            yield _file_line('***', fromfile, fromfiledate, lineterm)
            yield _file_line('---', tofile, tofiledate, lineterm)
        kinds = {op[0] for op in group}
        yield '*' * 15 + lineterm
        yield '*** %s ****%s' % (_span_context(group[0][1], group[-1][2]), lineterm)
        if kinds & {'replace', 'delete'}:
            for kind, a1, a2, _, _ in group:
                if kind != 'insert':
                    yield from (_CONTEXT_SIGN[kind] + s for s in a[a1:a2])
        yield '--- %s ----%s' % (_span_context(group[0][3], group[-1][4]), lineterm)
        if kinds & {'replace', 'insert'}:
            for kind, _, _, b1, b2 in group:
                if kind != 'delete':
                    yield from (_CONTEXT_SIGN[kind] + s for s in b[b1:b2])


def diff_bytes(dfunc, a, b, fromfile=b'', tofile=b'', fromfiledate=b'', tofiledate=b'', n=3, lineterm=b'\n'):
    def text(x):
        if not hasattr(x, 'decode'):
            raise TypeError('all arguments must be bytes, not %s (%r)' % (type(x).__name__, x))
        return x.decode('ascii', 'surrogateescape')
    old = [text(x) for x in a]
    new = [text(x) for x in b]
    names = [text(x) for x in (fromfile, tofile, fromfiledate, tofiledate)]
    for line in dfunc(old, new, *names, n, text(lineterm)):
        yield line.encode('ascii', 'surrogateescape')


def restore(delta, which):
    keep = {1: '- ', 2: '+ '}.get(int(which))
    if keep is None:
        raise ValueError('unknown delta choice (must be 1 or 2): %r' % which)
    for line in delta:
        if line[:2] in ('  ', keep):
            yield line[2:]
