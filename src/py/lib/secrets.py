"""secrets for Sandkiste: tokens drawn from os.urandom (the run's seeded stream)."""
import os as _os
import base64 as _base64
import random as _random
import hmac as _hmac

__all__ = ['choice', 'randbelow', 'randbits', 'SystemRandom', 'token_bytes', 'token_hex', 'token_urlsafe',
           'compare_digest']

SystemRandom = _random.SystemRandom
compare_digest = _hmac.compare_digest

DEFAULT_ENTROPY = 32

_source = SystemRandom()
choice = _source.choice
randbits = _source.getrandbits


def randbelow(exclusive_upper_bound):
    """Uniform int in range(exclusive_upper_bound)."""
    if not exclusive_upper_bound > 0:
        raise ValueError('Upper bound must be positive.')
    return _source._randbelow(exclusive_upper_bound)


def token_bytes(nbytes=None):
    """nbytes random bytes (DEFAULT_ENTROPY when None)."""
    return _os.urandom(DEFAULT_ENTROPY if nbytes is None else nbytes)


def token_hex(nbytes=None):
    """Random text of 2*nbytes lowercase hex digits."""
    return bytes.hex(token_bytes(nbytes))


def token_urlsafe(nbytes=None):
    """Random URL-safe base64 text without padding."""
    raw = _base64.urlsafe_b64encode(token_bytes(nbytes))
    return raw.decode('ascii').rstrip('=')
