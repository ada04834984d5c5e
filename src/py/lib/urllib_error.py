"""urllib.error for Sandkiste: URLError, HTTPError, ContentTooShortError."""

__all__ = ['URLError', 'HTTPError', 'ContentTooShortError']


class URLError(OSError):
    def __init__(self, reason, filename=None):
        self.args, self.reason = (reason,), reason
        if filename is not None:
            self.filename = filename

    def __str__(self):
        return '<urlopen error {}>'.format(self.reason)


class HTTPError(URLError):
    """An HTTP error status; it also acts as the (empty) response."""

    def __init__(self, url, code, msg, hdrs, fp):
        self.code, self.msg, self.hdrs, self.fp = code, msg, hdrs, fp
        self.filename = url
        self.args = ()      # as CPython: the details live in the attributes

    def __str__(self):
        return 'HTTP Error {}: {}'.format(self.code, self.msg)

    def __repr__(self):
        return '<HTTPError {}: {!r}>'.format(self.code, self.msg)

    reason = property(lambda self: self.msg)
    headers = property(lambda self: self.hdrs)

    def getcode(self):
        return self.code

    def geturl(self):
        return self.filename

    def info(self):
        return self.hdrs


class ContentTooShortError(URLError):
    def __init__(self, message, content):
        super().__init__(message)
        self.content = content
