"""urllib.request for Sandkiste: there is no network, so urlopen() fails with
URLError; file: URLs read the sandbox's files.  Request and the quoting
helpers are available."""
import os
from urllib.error import URLError, HTTPError
from urllib.parse import urlparse, unquote, quote

__all__ = ['Request', 'urlopen', 'pathname2url', 'url2pathname', 'URLError', 'HTTPError']


class Request:
    def __init__(self, url, data=None, headers={}, origin_req_host=None, unverifiable=False, method=None):
        self.full_url, self.data, self.method, self.unverifiable = url, data, method, unverifiable
        self.headers = {}
        for k, v in headers.items():
            self.add_header(k, v)
        base, hash_mark, frag = url.partition('#')
        self.fragment = frag if hash_mark else None
        parts = urlparse(base)
        self.type, self.host = parts.scheme, parts.netloc
        # the selector is what follows scheme://host, with '/' before a bare query
        after = base.split(':', 1)[1] if parts.scheme else base
        after = after[2 + len(parts.netloc):] if after[:2] == '//' else after
        self.selector = '/' + after if after[:1] == '?' else after
        self.origin_req_host = origin_req_host or self.host

    def get_method(self):
        return self.method or ('POST' if self.data is not None else 'GET')

    def get_full_url(self):
        return self.full_url

    def add_header(self, key, val):
        # header names are stored 'Content-type' style, as CPython does
        self.headers.update({key.capitalize(): val})

    def has_header(self, header_name):
        return header_name in self.headers

    def get_header(self, header_name, default=None):
        return self.headers.get(header_name, default)

    def header_items(self):
        return [(k, v) for k, v in self.headers.items()]


def urlopen(url, data=None, timeout=None, *, context=None):
    """Only file: URLs can be opened; anything else raises URLError."""
    full = url.full_url if isinstance(url, Request) else url
    parts = urlparse(full)
    if parts.scheme == 'file':
        return open(url2pathname(parts.path), 'rb')
    raise URLError('network access is not available in this sandbox')


def pathname2url(pathname):
    return quote(pathname)


def url2pathname(pathname):
    return unquote(pathname)
