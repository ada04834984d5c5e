"""urllib.request for Sandkiste: there is no network, so urlopen() fails with
URLError; file: URLs read the sandbox's files.  Request and the quoting
helpers are available."""
import os
from urllib.error import URLError, HTTPError
from urllib.parse import urlparse, unquote, quote

__all__ = ['Request', 'urlopen', 'pathname2url', 'url2pathname', 'URLError', 'HTTPError']


class Request:
    def __init__(self, url, data=None, headers={}, origin_req_host=None, unverifiable=False, method=None):
        self.full_url = url
        self.data = data
        self.headers = {k.capitalize(): v for k, v in headers.items()}
        self.unverifiable = unverifiable
        self.method = method
        parts = urlparse(url)
        self.type = parts.scheme
        self.host = parts.netloc
        self.selector = parts.path or '/'
        self.origin_req_host = origin_req_host or self.host

    def get_method(self):
        return self.method or ('POST' if self.data is not None else 'GET')

    def get_full_url(self):
        return self.full_url

    def add_header(self, key, val):
        self.headers[key.capitalize()] = val

    def has_header(self, header_name):
        return header_name in self.headers

    def get_header(self, header_name, default=None):
        return self.headers.get(header_name, default)

    def header_items(self):
        return list(self.headers.items())


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
