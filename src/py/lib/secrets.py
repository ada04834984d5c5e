"""secrets for Sandkiste: tokens and choices from os.urandom (the run's seeded stream)."""
import base64 as _b64
import binascii as _ba
import os as _os
from random import SystemRandom
from hmac import compare_digest

__all__ = ['choice', 'randbelow', 'randbits', 'SystemRandom', 'token_bytes', 'token_hex', 'token_urlsafe',
           'compare_digest']

_sysrand = SystemRandom()
randbits = _sysrand.getrandbits
choice = _sysrand.choice

DEFAULT_ENTROPY = 32


def randbelow(exclusive_upper_bound):
    """A random int in [0, n)."""
    if exclusive_upper_bound <= 0:
        raise ValueError('Upper bound must be positive.')
    return _sysrand._randbelow(exclusive_upper_bound)


def token_bytes(nbytes=None):
    return _os.urandom(DEFAULT_ENTROPY if nbytes is None else nbytes)


def token_hex(nbytes=None):
    return _ba.hexlify(token_bytes(nbytes)).decode('ascii')


def token_urlsafe(nbytes=None):
    return _b64.urlsafe_b64encode(token_bytes(nbytes)).rstrip(b'=').decode('ascii')
