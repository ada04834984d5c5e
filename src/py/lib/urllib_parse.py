"""urllib.parse for Sandkiste: splitting, joining and quoting URLs.

Results follow CPython's module (RFC 3986 splitting with its scheme lists,
urljoin's dot-segment rules, quoting tables and messages); the code is our
own.
"""
import collections as _coll

__all__ = ['urlparse', 'urlunparse', 'urljoin', 'urldefrag', 'urlsplit', 'urlunsplit', 'urlencode', 'parse_qs',
           'parse_qsl', 'quote', 'quote_plus', 'quote_from_bytes', 'unquote', 'unquote_plus', 'unquote_to_bytes',
           'DefragResult', 'ParseResult', 'SplitResult', 'DefragResultBytes', 'ParseResultBytes',
           'SplitResultBytes']

uses_relative = ['', 'ftp', 'http', 'gopher', 'nntp', 'imap', 'wais', 'file', 'https', 'shttp', 'mms',
                 'prospero', 'rtsp', 'rtsps', 'rtspu', 'sftp', 'svn', 'svn+ssh', 'ws', 'wss']
uses_netloc = ['', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https', 'shttp',
               'snews', 'prospero', 'rtsp', 'rtsps', 'rtspu', 'rsync', 'svn', 'svn+ssh', 'sftp', 'nfs', 'git',
               'git+ssh', 'ws', 'wss', 'itms-services']
uses_params = ['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp', 'rtsps', 'rtspu', 'sip',
               'sips', 'mms', 'sftp', 'tel']
non_hierarchical = ['gopher', 'hdl', 'mailto', 'news', 'telnet', 'wais', 'imap', 'snews', 'sip', 'sips']
uses_query = ['', 'http', 'wais', 'imap', 'https', 'shttp', 'mms', 'gopher', 'rtsp', 'rtsps', 'rtspu', 'sip',
              'sips']
uses_fragment = ['', 'ftp', 'hdl', 'http', 'gopher', 'news', 'nntp', 'wais', 'https', 'shttp', 'snews', 'file',
                 'prospero']

_LOWER = ''.join(map(chr, range(97, 123)))
scheme_chars = _LOWER + _LOWER.upper() + '0123456789' + '+-.'
_C0_OR_SPACE = ''.join(chr(i) for i in range(0x21))
_REMOVED = ('\t', '\r', '\n')


# ---- str/bytes handling -----------------------------------------------------------------------
def _to_text(args):
    """All str (returned with an identity encoder), or all bytes (decoded as
    ASCII, returned with an encoder back to bytes)."""
    is_str = isinstance(args[0], str)
    for a in args[1:]:
        if a and isinstance(a, str) != is_str:
            raise TypeError('Cannot mix str and non-str arguments')
    if is_str:
        return args + (lambda x: x,)
    out = []
    for a in args:
        if a is None or a == b'' or a == '':
            out.append('')
        else:
            out.append(bytes(a).decode('ascii', 'strict'))
    return tuple(out) + (lambda x: x.encode('ascii', 'strict') if isinstance(x, str) else x._encoded(),)


class _NetlocMixin:
    __slots__ = ()

    def _userinfo_host(self):
        netloc = self.netloc
        user, at, host = netloc.rpartition('@')
        return (user if at else None), host

    @property
    def username(self):
        user, _ = self._userinfo_host()
        if user is None:
            return None
        return user.partition(':')[0]

    @property
    def password(self):
        user, _ = self._userinfo_host()
        if user is None:
            return None
        name, colon, pw = user.partition(':')
        return pw if colon else None

    def _host_port(self):
        _, host = self._userinfo_host()
        if host[:1] == '[':
            inside, close, rest = host[1:].partition(']')
            port = rest.partition(':')[2] if close else ''
            return inside, port
        name, colon, port = host.partition(':')
        return name, port

    @property
    def hostname(self):
        host, _ = self._host_port()
        if not host:
            return None
        separator = '%'
        host, pct, zone = host.partition(separator)
        return host.lower() + pct + zone if pct else host.lower()

    @property
    def port(self):
        _, port = self._host_port()
        if not port:
            return None
        if not (port.isascii() and port.isdigit()):
            raise ValueError(f"Port could not be cast to integer value as {port!r}")
        num = int(port)
        if num > 65535:
            raise ValueError('Port out of range 0-65535')
        return num


_Defrag = _coll.namedtuple('DefragResult', 'url fragment')
_Split = _coll.namedtuple('SplitResult', 'scheme netloc path query fragment')
_Parse = _coll.namedtuple('ParseResult', 'scheme netloc path params query fragment')


class DefragResult(_Defrag):
    __slots__ = ()

    def geturl(self):
        return self.url + '#' + self.fragment if self.fragment else self.url

    def encode(self, encoding='ascii', errors='strict'):
        return DefragResultBytes(*(x.encode(encoding, errors) for x in self))

    def _encoded(self):
        return self.encode()


class SplitResult(_Split, _NetlocMixin):
    __slots__ = ()

    def geturl(self):
        return urlunsplit(self)

    def encode(self, encoding='ascii', errors='strict'):
        return SplitResultBytes(*(x.encode(encoding, errors) for x in self))

    def _encoded(self):
        return self.encode()


class ParseResult(_Parse, _NetlocMixin):
    __slots__ = ()

    def geturl(self):
        return urlunparse(self)

    def encode(self, encoding='ascii', errors='strict'):
        return ParseResultBytes(*(x.encode(encoding, errors) for x in self))

    def _encoded(self):
        return self.encode()


class _BytesMixin:
    __slots__ = ()

    def decode(self, encoding='ascii', errors='strict'):
        return self._decoded_class(*(x.decode(encoding, errors) for x in self))

    def _text(self):
        return self.decode()

    @property
    def username(self):
        v = self._text().username
        return None if v is None else v.encode('ascii')

    @property
    def password(self):
        v = self._text().password
        return None if v is None else v.encode('ascii')

    @property
    def hostname(self):
        v = self._text().hostname
        return None if v is None else v.encode('ascii')

    @property
    def port(self):
        return self._text().port


class DefragResultBytes(_coll.namedtuple('DefragResultBytes', 'url fragment'), _BytesMixin):
    __slots__ = ()
    _decoded_class = DefragResult

    def geturl(self):
        return self.url + b'#' + self.fragment if self.fragment else self.url


class SplitResultBytes(_coll.namedtuple('SplitResultBytes', 'scheme netloc path query fragment'), _BytesMixin):
    __slots__ = ()
    _decoded_class = SplitResult

    def geturl(self):
        return urlunsplit(self)


class ParseResultBytes(_coll.namedtuple('ParseResultBytes', 'scheme netloc path params query fragment'), _BytesMixin):
    __slots__ = ()
    _decoded_class = ParseResult

    def geturl(self):
        return urlunparse(self)


# ---- splitting and joining ------------------------------------------------------------------------
def _split_netloc(url, start=0):
    end = len(url)
    for ch in '/?#':
        k = url.find(ch, start)
        if k >= 0:
            end = min(end, k)
    return url[start:end], url[end:]


def _check_netloc(netloc):
    if ('[' in netloc) != (']' in netloc):
        raise ValueError('Invalid IPv6 URL')
    if '[' in netloc:
        host = netloc.partition('[')[2].partition(']')[0]
        rest = netloc.partition(']')[2]
        if rest and not rest.startswith(':'):
            raise ValueError('Invalid IPv6 URL')
        if host[:1].lower() == 'v':
            import re
            if not re.fullmatch(r"[vV][a-fA-F0-9]+\.[a-zA-Z0-9\-._~!$&'()*+,;=:]+", host):
                raise ValueError(f'IPvFuture address is invalid')
        else:
            try:
                import ipaddress
                ipaddress.ip_address(host.partition('%')[0])
            except ImportError:
                pass
            except ValueError:
                raise ValueError(f"'{host}' does not appear to be an IPv4 or IPv6 address") from None
    if netloc.isascii():
        return
    import unicodedata
    n = netloc.replace('@', '').replace(':', '').replace('#', '').replace('?', '')
    normalized = unicodedata.normalize('NFKC', n)
    if n == normalized:
        return
    for c in '/?#@:':
        if c in normalized:
            raise ValueError("netloc '" + netloc + "' contains invalid characters under NFKC normalization")


def urlsplit(url, scheme='', allow_fragments=True):
    """Split a URL into (scheme, netloc, path, query, fragment)."""
    url, scheme, back = _to_text((url, scheme))
    url = url.lstrip(_C0_OR_SPACE)
    for ch in _REMOVED:
        url = url.replace(ch, '')
        scheme = scheme.replace(ch, '')
    netloc = ''
    colon = url.find(':')
    if colon > 0 and url[0].isascii() and url[0].isalpha():
        head = url[:colon]
        if all(c in scheme_chars for c in head):
            scheme, url = head.lower(), url[colon + 1:]
    if url[:2] == '//':
        netloc, url = _split_netloc(url, 2)
        _check_netloc(netloc)
    fragment = ''
    if allow_fragments:
        url, _, fragment = url.partition('#')
    url, _, query = url.partition('?')
    result = SplitResult(scheme or '', netloc, url, query, fragment)
    return back(result)


def _split_params(path):
    if '/' in path:
        k = path.find(';', path.rfind('/'))
        if k < 0:
            return path, ''
    else:
        k = path.find(';')
    return path[:k], path[k + 1:]


def urlparse(url, scheme='', allow_fragments=True):
    """Split a URL into (scheme, netloc, path, params, query, fragment)."""
    url, scheme, back = _to_text((url, scheme))
    s = urlsplit(url, scheme, allow_fragments)
    path = s.path
    params = ''
    if s.scheme in uses_params and ';' in path:
        path, params = _split_params(path)
    return back(ParseResult(s.scheme, s.netloc, path, params, s.query, s.fragment))


def urlunsplit(components):
    """Join (scheme, netloc, path, query, fragment) back into a URL."""
    scheme, netloc, url, query, fragment, back = _to_text(tuple(components))
    if netloc:
        if url and url[:1] != '/':
            url = '/' + url
        url = '//' + netloc + url
    elif url[:2] == '//':
        url = '//' + url
    elif scheme in uses_netloc and scheme and url[:1] in ('', '/'):
        url = '//' + url
    head = scheme + ':' if scheme else ''
    tail = ('?' + query if query else '') + ('#' + fragment if fragment else '')
    return back(head + url + tail)


def urlunparse(components):
    """Join (scheme, netloc, path, params, query, fragment) back into a URL."""
    scheme, netloc, url, params, query, fragment, back = _to_text(tuple(components))
    if params:
        url = '%s;%s' % (url, params)
    return back(urlunsplit((scheme, netloc, url, query, fragment)))


def urljoin(base, url, allow_fragments=True):
    """Resolve url against base (RFC 3986 section 5.2)."""
    if not base:
        return url
    if not url:
        return base
    base, url, back = _to_text((base, url))
    bs, bn, bp, bq, bf = urlsplit(base, '', allow_fragments)
    s, n, p, q, f = urlsplit(url, bs, allow_fragments)
    if s != bs or s not in uses_relative:
        return back(url)
    if s in uses_netloc:
        if n:
            return back(urlunsplit((s, n, p, q, f)))
        n = bn
    if not p:
        p = bp
        if not q:
            q = bq
            if not f:
                f = bf
        return back(urlunsplit((s, n, p, q, f)))
    base_dirs = bp.split('/')
    if base_dirs[-1] != '':
        base_dirs.pop()             # the base's last segment is a file, not a directory
    if p[:1] == '/':
        segments = p.split('/')
    else:
        segments = base_dirs + p.split('/')
        segments[1:-1] = [x for x in segments[1:-1] if x]
    out = []
    for seg in segments:
        if seg == '..':
            if out:
                out.pop()
        elif seg != '.':
            out.append(seg)
    if segments[-1] == '.' or segments[-1] == '..':
        out.append('')      # a trailing dot segment leaves a directory
    return back(urlunsplit((s, n, '/'.join(out) or '/', q, f)))


def urldefrag(url):
    """Split off the fragment: (url without it, fragment)."""
    url, back = _to_text((url,))
    frag, plain = '', url
    if '#' in url:
        pieces = urlparse(url)
        frag = pieces.fragment
        plain = urlunparse(pieces[:5] + ('',))
    return back(DefragResult(plain, frag))


# ---- quoting -----------------------------------------------------------------------------------------
_ALWAYS_SAFE = frozenset(scheme_chars[:62].encode() + b'_.-~')
_HEX = '0123456789ABCDEFabcdef'


def quote_from_bytes(bs, safe='/'):
    """Percent-encode the bytes outside the unreserved set and safe."""
    if not isinstance(bs, (bytes, bytearray)):
        raise TypeError('quote_from_bytes() expected bytes')
    if not bs:
        return ''
    extra = [ord(c) for c in safe] if isinstance(safe, str) else list(safe)
    keep = _ALWAYS_SAFE.union(c for c in extra if c < 128)
    return ''.join(chr(b) if b in keep else '%%%02X' % b for b in bs)


def quote(string, safe='/', encoding=None, errors=None):
    """Percent-encode a str (encoded as UTF-8 by default) or bytes for a URL."""
    if not isinstance(string, str):
        for label, given in (('encoding', encoding), ('errors', errors)):
            if given is not None:
                raise TypeError("quote() doesn't support '%s' for bytes" % label)
        return quote_from_bytes(string, safe)
    if string == '':
        return string
    return quote_from_bytes(string.encode(encoding or 'utf-8', errors or 'strict'), safe)


def quote_plus(string, safe='', encoding=None, errors=None):
    """quote(), with spaces as '+' (form encoding)."""
    text = isinstance(string, str)
    blank = ' ' if text else b' '
    if blank not in string:
        return quote(string, safe, encoding, errors)
    wider = safe + (' ' if isinstance(safe, str) else b' ')
    return quote(string, wider, encoding, errors).replace(' ', '+')


def unquote_to_bytes(string):
    """Decode %XX escapes into bytes."""
    if not string:
        string.split
        return b''
    raw = string.encode('utf-8') if isinstance(string, str) else bytes(string)
    parts = raw.split(b'%')
    if len(parts) == 1:
        return raw
    out = bytearray(parts[0])
    for piece in parts[1:]:
        h = piece[:2]
        if len(h) == 2 and all(c in b'0123456789abcdefABCDEF' for c in h):
            out.append(int(h, 16))
            out += piece[2:]
        else:
            out += b'%'
            out += piece
    return bytes(out)


def unquote(string, encoding='utf-8', errors='replace'):
    """Decode %XX escapes (runs of them as one encoded byte sequence)."""
    if isinstance(string, bytes):
        raw = unquote_to_bytes(string)
        return raw.decode(encoding, errors)
    if '%' not in string:
        string.split
        return string
    if encoding is None:
        encoding = 'utf-8'
    if errors is None:
        errors = 'replace'
    out = []
    i = 0
    n = len(string)
    pending = bytearray()
    while i < n:
        ch = string[i]
        if ch == '%' and i + 2 < n + 0 and string[i + 1] in _HEX and string[i + 2] in _HEX and \
                string[i + 1].isascii() and string[i + 2].isascii():
            pending.append(int(string[i + 1:i + 3], 16))
            i += 3
            continue
        if pending:
            out.append(pending.decode(encoding, errors))
            pending = bytearray()
        out.append(ch)
        i += 1
    if pending:
        out.append(pending.decode(encoding, errors))
    return ''.join(out)


def unquote_plus(string, encoding='utf-8', errors='replace'):
    """unquote(), with '+' as a space."""
    return unquote(string.replace('+', ' '), encoding, errors)


# ---- queries ---------------------------------------------------------------------------------------------
def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace',
              max_num_fields=None, separator='&'):
    """Parse a query string into a list of (name, value) pairs."""
    if not qs:
        return []
    was_bytes = isinstance(qs, (bytes, bytearray))
    if was_bytes:
        qs = bytes(qs).decode('ascii')
    if isinstance(separator, bytes):
        separator = separator.decode('ascii')
    if not separator or not isinstance(separator, str):
        raise ValueError('Separator must be of type string or bytes.')
    if max_num_fields is not None and qs.count(separator) >= max_num_fields:
        raise ValueError('Max number of fields exceeded')
    out = []
    for field in qs.split(separator):
        if not field and not strict_parsing:
            continue
        name, eq, value = field.partition('=')
        if not eq:
            if strict_parsing:
                raise ValueError('bad query field: %r' % (field,))
            if not keep_blank_values:
                continue
        if keep_blank_values or value:
            k = unquote(name.replace('+', ' '), encoding, errors)
            v = unquote(value.replace('+', ' '), encoding, errors)
            if was_bytes:
                k, v = k.encode(encoding, errors), v.encode(encoding, errors)
            out.append((k, v))
    return out


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace',
             max_num_fields=None, separator='&'):
    """Parse a query string into {name: [values...]}."""
    result = {}
    for name, value in parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields,
                                 separator):
        result.setdefault(name, []).append(value)
    return result


def urlencode(query, doseq=False, safe='', encoding=None, errors=None, quote_via=quote_plus):
    """Encode a mapping or a sequence of pairs as 'k=v&k2=v2'."""
    if hasattr(query, 'items'):
        query = query.items()
    else:
        try:
            bad = len(query) > 0 and not isinstance(query[0], tuple)
        except TypeError as err:
            raise TypeError('not a valid non-string sequence or mapping object') from err
        if bad:
            raise TypeError('not a valid non-string sequence or mapping object')

    def enc(v):
        if isinstance(v, bytes):
            return quote_via(v, safe)
        return quote_via(v if isinstance(v, str) else str(v), safe, encoding, errors)

    parts = []
    for k, v in query:
        k = enc(k)
        if not doseq or isinstance(v, (str, bytes)):
            parts.append(k + '=' + enc(v))
            continue
        try:
            len(v)
        except TypeError:
            parts.append(k + '=' + enc(v))
        else:
            for item in v:
                parts.append(k + '=' + enc(item))
    return '&'.join(parts)


def unwrap(url):
    """'<URL:scheme://host/path>' -> 'scheme://host/path'."""
    text = str(url).strip()
    if text.startswith('<') and text.endswith('>'):
        text = text[1:-1].strip()
    if text.startswith('URL:'):
        text = text[4:].strip()
    return text
