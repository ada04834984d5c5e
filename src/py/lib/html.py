"""html for Sandkiste: escape() and unescape() (HTML5 character references)."""

__all__ = ['escape', 'unescape']


def escape(s, quote=True):
    """Replace &, < and > (and, with quote, both quote characters) by entities."""
    s = s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
    if quote:
        s = s.replace('"', '&quot;').replace("'", '&#x27;')
    return s


# Numeric references that HTML5 maps to other characters (the Windows-1252 range and NUL).
_NUMERIC_FIXUPS = {
    0x00: '\ufffd', 0x0d: '\r', 0x80: '\u20ac', 0x81: '\x81', 0x82: '\u201a', 0x83: '\u0192',
    0x84: '\u201e', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021', 0x88: '\u02c6', 0x89: '\u2030',
    0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152', 0x8d: '\x8d', 0x8e: '\u017d', 0x8f: '\x8f',
    0x90: '\x90', 0x91: '\u2018', 0x92: '\u2019', 0x93: '\u201c', 0x94: '\u201d', 0x95: '\u2022',
    0x96: '\u2013', 0x97: '\u2014', 0x98: '\u02dc', 0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203a',
    0x9c: '\u0153', 0x9d: '\x9d', 0x9e: '\u017e', 0x9f: '\u0178',
}

# Code points a numeric reference may not produce (they vanish).
_DROPPED = frozenset(list(range(0x1, 0x9)) + [0xb] + list(range(0xe, 0x20)) + list(range(0x7f, 0xa0)) +
                     list(range(0xfdd0, 0xfdf0)) +
                     [0xfffe, 0xffff] + [(p << 16) | low for p in range(1, 17) for low in (0xfffe, 0xffff)])


def _numeric(body):
    """body is '#123' or '#x1F' (without ';'); returns the text it stands for."""
    if body[1:2] in ('x', 'X'):
        num = int(body[2:], 16)
    else:
        num = int(body[1:])
    if num in _NUMERIC_FIXUPS:
        return _NUMERIC_FIXUPS[num]
    if 0xD800 <= num <= 0xDFFF or num > 0x10FFFF:
        return '\ufffd'
    if num in _DROPPED:
        return ''
    return chr(num)


_STOP = '\t\n\f <&#;'


def _named(ref):
    """ref: up to 32 name characters, with the ';' if one followed."""
    from html.entities import html5
    if ref in html5:
        return html5[ref]
    # The longest known prefix (legacy references need no ';'); the rest stays text.
    for k in range(len(ref) - 1, 1, -1):
        if ref[:k] in html5:
            return html5[ref[:k]] + ref[k:]
    return '&' + ref


def unescape(s):
    """Replace the character references in s (&gt;, &#62;, &#x3e;...) by their characters."""
    if '&' not in s:
        return s
    out = []
    i = 0
    n = len(s)
    while True:
        amp = s.find('&', i)
        if amp < 0:
            out.append(s[i:])
            return ''.join(out)
        out.append(s[i:amp])
        j = amp + 1
        if j < n and s[j] == '#':
            k = j + 1
            hexa = k < n and s[k] in 'xX'
            if hexa:
                k += 1
            start = k
            digits = '0123456789abcdefABCDEF' if hexa else '0123456789'
            while k < n and s[k] in digits:
                k += 1
            if k > start:
                body = s[j:k]
                if k < n and s[k] == ';':
                    k += 1
                out.append(_numeric(body))
                i = k
                continue
            # '&#' without digits: try it as a name (it has none), so it stays.
        k = j
        while k < n and k - j < 32 and s[k] not in _STOP:
            k += 1
        if k == j:
            out.append('&')
            i = j
            continue
        if k < n and s[k] == ';':
            k += 1
        out.append(_named(s[j:k]))
        i = k
