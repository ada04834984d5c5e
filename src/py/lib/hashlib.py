"""Secure hashes and message digests (md5, sha1, sha224, sha256, sha384, sha512)."""
from _hashlib import (new, md5, sha1, sha224, sha256, sha384, sha512, pbkdf2_hmac, algorithms_guaranteed,
                      algorithms_available)

__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'new', 'algorithms_guaranteed',
           'algorithms_available', 'pbkdf2_hmac', 'file_digest')


def file_digest(fileobj, digest, /, *, _bufsize=2 ** 18):
    if isinstance(digest, str):
        digestobj = new(digest)
    else:
        digestobj = digest()
    if hasattr(fileobj, 'getbuffer'):
        digestobj.update(fileobj.getbuffer())
        return digestobj
    if not (hasattr(fileobj, 'readinto') and hasattr(fileobj, 'readable') and fileobj.readable()):
        raise ValueError(f"'{fileobj!r}' is not a file-like object in binary reading mode.")
    while True:
        data = fileobj.read(_bufsize)
        if not data:
            break
        digestobj.update(data)
    return digestobj
