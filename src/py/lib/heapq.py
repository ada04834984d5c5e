"""heapq for Sandkiste: heap queues over plain lists.

The primitives come from _heapq (C, same layouts as CPython); merge,
nsmallest and nlargest are written here.
"""
from _heapq import (heappush, heappop, heapify, heapreplace, heappushpop,
                    heappush_max, heappop_max, heapify_max, heapreplace_max, heappushpop_max)

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge', 'nlargest', 'nsmallest', 'heappushpop',
           'heappush_max', 'heappop_max', 'heapify_max', 'heapreplace_max', 'heappushpop_max']

# The private names older code reaches for.
_heappop_max = heappop_max
_heapify_max = heapify_max
_heapreplace_max = heapreplace_max


class _Head:
    """One input of merge(): its current item, sort key and rank (input order
    breaks ties, so the merge is stable)."""
    __slots__ = ('key', 'rank', 'item', 'it', 'desc')

    def __init__(self, key, rank, item, it, desc):
        self.key, self.rank, self.item, self.it, self.desc = key, rank, item, it, desc

    def __lt__(self, other):
        if self.desc:
            if other.key < self.key:
                return True
            if self.key < other.key:
                return False
        else:
            if self.key < other.key:
                return True
            if other.key < self.key:
                return False
        return self.rank < other.rank


def merge(*iterables, key=None, reverse=False):
    """Lazily merge sorted inputs into one sorted stream (stable)."""
    heads = []
    for rank, src in enumerate(iterables):
        it = iter(src)
        for first in it:
            heads.append(_Head(first if key is None else key(first), rank, first, it, reverse))
            break
    heapify(heads)
    while len(heads) > 1:
        h = heads[0]
        yield h.item
        for nxt in h.it:
            h.item = nxt
            h.key = nxt if key is None else key(nxt)
            heapreplace(heads, h)
            break
        else:
            heappop(heads)
    if heads:
        h = heads[0]
        yield h.item
        yield from h.it


def _firsts(n, iterable, key, largest):
    if n <= 0:
        return []
    if n == 1:
        gone = object()
        best = (max if largest else min)(iter(iterable), default=gone, key=key)
        return [] if best is gone else [best]
    # sorted() is stable, and with reverse=True it still keeps equal items in
    # input order: exactly the order these functions promise.
    return sorted(iterable, key=key, reverse=largest)[:n]


def nsmallest(n, iterable, key=None):
    """The n smallest items, as sorted(iterable, key=key)[:n]."""
    return _firsts(n, iterable, key, False)


def nlargest(n, iterable, key=None):
    """The n largest items, as sorted(iterable, key=key, reverse=True)[:n]."""
    return _firsts(n, iterable, key, True)
