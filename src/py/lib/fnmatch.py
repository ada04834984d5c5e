"""Shell-style filename matching: * ? [seq] [!seq]."""
import posixpath

__all__ = ['filter', 'filterfalse', 'fnmatch', 'fnmatchcase', 'translate']


def _parse(pat):
    """Compile a pattern into tokens: ('*',), ('?',), ('c', ch), ('[', negate, items)."""
    toks = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not toks or toks[-1] != ('*',):
                toks.append(('*',))
        elif c == '?':
            toks.append(('?',))
        elif c == '[':
            # a ']' right after '[' or '[!' is a member, not the end
            first = i + (pat[i:i + 1] == '!')
            j = pat.find(']', first + (pat[first:first + 1] == ']'))
            if j < 0:
                toks.append(('c', '['))
                continue
            body = raw = pat[i:j]
            i = j + 1
            neg = False
            if body[:1] == '!':
                neg = True
                body = body[1:]
            items = []
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == '-':
                    lo, hi = body[k], body[k + 2]
                    if lo <= hi:
                        items.append((lo, hi))
                    k += 3
                else:
                    items.append((body[k], body[k]))
                    k += 1
            toks.append(('[', neg, tuple(items), raw))
        else:
            toks.append(('c', c))
    return toks


def _one(tok, ch):
    kind = tok[0]
    if kind == '?':
        return True
    if kind == 'c':
        return tok[1] == ch
    hit = False
    for lo, hi in tok[2]:
        if lo <= ch <= hi:
            hit = True
            break
    return hit != tok[1]


def _match(toks, s):
    ti = si = 0
    star_t = -1
    star_s = 0
    nt, ns = len(toks), len(s)
    while si < ns:
        if ti < nt and toks[ti][0] != '*' and _one(toks[ti], s[si]):
            ti += 1
            si += 1
        elif ti < nt and toks[ti][0] == '*':
            star_t = ti
            star_s = si
            ti += 1
        elif star_t >= 0:
            ti = star_t + 1
            star_s += 1
            si = star_s
        else:
            return False
    while ti < nt and toks[ti][0] == '*':
        ti += 1
    return ti == nt


_cache = {}


def _compiled(pat):
    t = _cache.get(pat)
    if t is None:
        if len(_cache) > 256:
            _cache.clear()
        t = _cache[pat] = _parse(pat)
    return t


def _text(x):
    return x.decode('latin-1') if isinstance(x, bytes) else x


def fnmatchcase(name, pat):
    return _match(_compiled(_text(pat)), _text(name))


def fnmatch(name, pat):
    # POSIX: normcase changes nothing, but it still checks the types
    return fnmatchcase(posixpath.normcase(name), posixpath.normcase(pat))


def filter(names, pat):
    pat = posixpath.normcase(pat)
    toks = _compiled(pat)
    return [name for name in names if _match(toks, posixpath.normcase(name))]


def filterfalse(names, pat):
    pat = posixpath.normcase(pat)
    toks = _compiled(pat)
    return [name for name in names if not _match(toks, posixpath.normcase(name))]


_SPECIAL = frozenset('()[]{}?*+-|^$\\.&~# \t\n\r\v\f')


def _escape(s):
    return ''.join('\\' + c if c in _SPECIAL else c for c in s)


def translate(pat):
    return '(?s:' + _regex_body(pat, '.*', '.') + r')\Z'


def _regex_body(pat, star, qmark):
    """Regex text for pat with the given expansions of '*' and '?'."""
    res = []
    for tok in _parse(pat):
        kind = tok[0]
        if kind == '*':
            res.append(star)
        elif kind == '?':
            res.append(qmark)
        elif kind == 'c':
            res.append(_escape(tok[1]))
        else:
            stuff = tok[3].replace('\\', '\\\\')
            if not stuff:
                res.append('(?!)')
            elif stuff == '!':
                res.append('.')
            else:
                if stuff[0] == '!':
                    stuff = '^' + stuff[1:]
                elif stuff[0] == '^' or stuff[0] == '[':
                    stuff = '\\' + stuff
                res.append('[' + stuff + ']')
    return ''.join(res)
