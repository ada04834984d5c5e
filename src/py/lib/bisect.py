"""bisect for Sandkiste: binary search over sorted sequences."""

__all__ = ['bisect', 'bisect_left', 'bisect_right', 'insort', 'insort_left', 'insort_right']


def _search(seq, target, lo, hi, key, right):
    # Narrow [lo, hi) down to the insertion point.  Comparisons keep the
    # operand order CPython uses: elem < target on the left side, target <
    # elem on the right side, so user __lt__ methods see the same calls.
    if lo < 0:
        raise ValueError('lo must be non-negative')
    end = len(seq) if hi is None else hi
    start = lo
    while end > start:
        half = (start + end) // 2
        elem = seq[half] if key is None else key(seq[half])
        goes_after = not (target < elem) if right else elem < target
        if goes_after:
            start = half + 1
        else:
            end = half
    return start


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """Leftmost insertion index of x in sorted a."""
    return _search(a, x, lo, hi, key, False)


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """Rightmost insertion index of x in sorted a."""
    return _search(a, x, lo, hi, key, True)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    """Insert x into sorted a, before any equal items."""
    probe = x if key is None else key(x)
    a.insert(_search(a, probe, lo, hi, key, False), x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    """Insert x into sorted a, after any equal items."""
    probe = x if key is None else key(x)
    a.insert(_search(a, probe, lo, hi, key, True), x)


bisect = bisect_right
insort = insort_right
