"""reprlib for Sandkiste: repr() with size limits, and recursive_repr."""

__all__ = ['Repr', 'repr', 'recursive_repr']

import builtins

_COPIED = ('__module__', '__doc__', '__name__', '__qualname__', '__annotations__', '__type_params__')


def recursive_repr(fillvalue='...'):
    def wrap(method):
        busy = set()

        def guarded(self):
            me = id(self)
            if me in busy:
                return fillvalue
            busy.add(me)
            try:
                return method(self)
            finally:
                busy.discard(me)
        for name in _COPIED:
            if hasattr(method, name):
                setattr(guarded, name, getattr(method, name))
        guarded.__wrapped__ = method
        return guarded
    return wrap


def _squeeze(text, limit, fill):
    # keep the head and the tail of text, fill in the middle
    if len(text) <= limit:
        return text
    head = max(0, (limit - 3) // 2)
    tail = max(0, limit - 3 - head)
    return text[:head] + fill + text[len(text) - tail:]


def _ordered(items):
    try:
        return sorted(items)
    except Exception:
        return list(items)


# types whose repr_<name> method applies only when they come from this module
_HOME = dict(array='array', deque='collections', dict='builtins', frozenset='builtins',
             int='builtins', list='builtins', set='builtins', str='builtins', tuple='builtins')


class Repr:
    def __init__(self, *, maxlevel=6, maxtuple=6, maxlist=6, maxarray=5, maxdict=4, maxset=6,
                 maxfrozenset=6, maxdeque=6, maxstring=30, maxlong=40, maxother=30, fillvalue='...',
                 indent=None):
        vars(self).update(maxlevel=maxlevel, maxtuple=maxtuple, maxlist=maxlist, maxarray=maxarray,
                          maxdict=maxdict, maxset=maxset, maxfrozenset=maxfrozenset, maxdeque=maxdeque,
                          maxstring=maxstring, maxlong=maxlong, maxother=maxother,
                          fillvalue=fillvalue, indent=indent)

    def repr(self, x):
        return self.repr1(x, level=self.maxlevel)

    def repr1(self, x, level):
        kind = type(x)
        tag = '_'.join(kind.__name__.split())
        handler = getattr(self, 'repr_' + tag, None)
        if handler is None or _HOME.get(tag, kind.__module__) != kind.__module__:
            handler = self.repr_instance
        return handler(x, level)

    def _pad(self):
        step = self.indent
        if isinstance(step, int):
            if step < 0:
                raise ValueError(f'Repr.indent cannot be negative int (was {step!r})')
            return ' ' * step
        if isinstance(step, str):
            return step
        raise TypeError(f'Repr.indent must be a str, int or None, not {type(step)!r}')

    def _join(self, parts, level):
        if self.indent is None or not parts:
            return ', '.join(parts)
        pad = self._pad()
        outer = pad * (self.maxlevel - level)
        return ''.join('\n' + outer + pad + p + ',' for p in parts) + '\n' + outer

    def _items(self, x, level, opener, closer, cap, single=''):
        if level <= 0 and len(x):
            return opener + self.fillvalue + closer
        parts = []
        for item in x:
            if len(parts) == cap:
                parts.append(self.fillvalue)
                break
            parts.append(self.repr1(item, level - 1))
        text = self._join(parts, level)
        if len(x) == 1 and single and self.indent is None:
            text += single
        return opener + text + closer

    def repr_tuple(self, x, level):
        return self._items(x, level, '(', ')', self.maxtuple, ',')

    def repr_list(self, x, level):
        return self._items(x, level, '[', ']', self.maxlist)

    def repr_array(self, x, level):
        code = x.typecode
        if len(x) == 0:
            return f"array('{code}')"
        return self._items(x, level, f"array('{code}', [", '])', self.maxarray)

    def repr_set(self, x, level):
        if len(x) == 0:
            return 'set()'
        return self._items(_ordered(x), level, '{', '}', self.maxset)

    def repr_frozenset(self, x, level):
        if len(x) == 0:
            return 'frozenset()'
        return self._items(_ordered(x), level, 'frozenset({', '})', self.maxfrozenset)

    def repr_deque(self, x, level):
        return self._items(x, level, 'deque([', '])', self.maxdeque)

    def repr_dict(self, x, level):
        if len(x) == 0:
            return '{}'
        if level <= 0:
            return '{%s}' % self.fillvalue
        sub = level - 1
        parts = [self.repr1(k, sub) + ': ' + self.repr1(x[k], sub) for k in _ordered(x)[:self.maxdict]]
        if len(x) > self.maxdict:
            parts.append(self.fillvalue)
        return '{' + self._join(parts, level) + '}'

    def repr_str(self, x, level):
        cap = self.maxstring
        text = builtins.repr(x[:cap])
        if len(text) <= cap:
            return text
        head = max(0, (cap - 3) // 2)
        tail = max(0, cap - 3 - head)
        text = builtins.repr(x[:head] + x[len(x) - tail:])
        return text[:head] + self.fillvalue + text[len(text) - tail:]

    def repr_int(self, x, level):
        try:
            text = builtins.repr(x)
        except ValueError as exc:
            if 'sys.set_int_max_str_digits' not in str(exc):
                raise
            digits = int(x.bit_length() * 0.30102999566398114)
            return f'<{type(x).__name__} instance with roughly {digits} digits>'
        return _squeeze(text, self.maxlong, self.fillvalue)

    def repr_instance(self, x, level):
        try:
            text = builtins.repr(x)
        except Exception:
            return '<%s instance at %#x>' % (type(x).__name__, id(x))
        return _squeeze(text, self.maxother, self.fillvalue)


aRepr = Repr()
repr = aRepr.repr
