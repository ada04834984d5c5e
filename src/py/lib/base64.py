"""Base16/32/64 (RFC 4648), Base85, Z85 and Ascii85 encodings for Sandkiste.

Base64 and hex go through binascii; the 32- and 85-letter alphabets are
done here in plain integer arithmetic.
"""
import binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode', 'b32encode', 'b32decode',
           'b32hexencode', 'b32hexdecode', 'b16encode', 'b16decode', 'b85encode', 'b85decode', 'a85encode',
           'a85decode', 'z85encode', 'z85decode', 'standard_b64encode', 'standard_b64decode',
           'urlsafe_b64encode', 'urlsafe_b64decode']

bytes_types = (bytes, bytearray)

MAXLINESIZE = 76
MAXBINSIZE = MAXLINESIZE // 4 * 3


# ---- argument checking ---------------------------------------------------------------------
def _input(data):
    """Decoder input: bytes-like as is, str only if it is pure ASCII."""
    if isinstance(data, str):
        if data.isascii():
            return data.encode()
        raise ValueError('string argument should contain only ASCII characters')
    if isinstance(data, bytes_types):
        return data
    raise TypeError('argument should be a bytes-like object or ASCII string, not %r'
                    % type(data).__name__) from None


_NOT_BINARY = ("a bytes-like object is required, not '%s'",
               "memoryview: a bytes-like object is required, not '%s'",
               'expected bytes-like object, not %s')


def _binary(data, style=0):
    if isinstance(data, bytes_types):
        return bytes(data)
    raise TypeError(_NOT_BINARY[style] % type(data).__name__)


def _swap(data, old, new):
    """Replace each byte of old by the byte at the same place in new."""
    return bytes(data).translate(bytes.maketrans(bytes(old), bytes(new)))


def _two(altchars):
    assert len(altchars) == 2, repr(altchars)    # the message CPython's assert gives
    return altchars


# ---- base64 ------------------------------------------------------------------------------------
def b64encode(s, altchars=None):
    out = binascii.b2a_base64(_binary(s), newline=False)
    return out if altchars is None else _swap(out, b'+/', _two(altchars))


def b64decode(s, altchars=None, validate=False):
    raw = _input(s)
    if altchars is not None:
        raw = _swap(raw, _two(_input(altchars)), b'+/')
    return binascii.a2b_base64(raw, strict_mode=validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return b64encode(s, b'-_')


def urlsafe_b64decode(s):
    return b64decode(_swap(_input(s), b'-_', b'+/'))


def encodebytes(s):
    data = _binary(s, 2)
    lines = (binascii.b2a_base64(data[k:k + MAXBINSIZE]) for k in range(0, len(data), MAXBINSIZE))
    return b''.join(lines)


def decodebytes(s):
    return binascii.a2b_base64(_binary(s, 2))


def encode(input, output):
    block = input.read(MAXBINSIZE)
    while block:
        output.write(binascii.b2a_base64(block))
        block = input.read(MAXBINSIZE)


def decode(input, output):
    for row in iter(input.readline, b''):
        output.write(binascii.a2b_base64(row))


# ---- base32 --------------------------------------------------------------------------------------
_B32_STD = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_B32_HEX = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'
# bytes of input in the last 5-byte group -> letters of output kept
_B32_KEEP = {1: 2, 2: 4, 3: 5, 4: 7}
# '=' count at the end of a valid text -> bytes the last group holds
_B32_TAIL = {0: 5, 1: 4, 3: 3, 4: 2, 6: 1}


def _b32_enc(letters, s):
    data = _binary(s, 1)
    out = bytearray()
    for k in range(0, len(data), 5):
        group = data[k:k + 5]
        value = int.from_bytes(group.ljust(5, b'\0'), 'big')
        digits = bytes(letters[(value >> (35 - 5 * n)) & 31] for n in range(8))
        keep = _B32_KEEP.get(len(group), 8)
        out += digits[:keep] + b'=' * (8 - keep)
    return bytes(out)


def _b32_dec(letters, s, casefold=False, map01=None):
    text = _input(s)
    if len(text) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        one = _input(map01)
        assert len(one) == 1, repr(one)
        text = _swap(text, b'01', b'O' + one)
    if casefold:
        text = text.upper()
    body = text.rstrip(b'=')
    pads = len(text) - len(body)
    index = {ch: n for n, ch in enumerate(letters)}
    out = bytearray()
    for k in range(0, len(body), 8):
        value = 0
        chunk = body[k:k + 8]
        for ch in chunk:
            if ch not in index:
                raise binascii.Error('Non-base32 digit found')
            value = value * 32 + index[ch]
        out += (value << 5 * (8 - len(chunk))).to_bytes(5, 'big')
    if pads not in _B32_TAIL:
        raise binascii.Error('Incorrect padding')
    if pads and out:
        del out[len(out) - 5 + _B32_TAIL[pads]:]
    return bytes(out)


def b32encode(s):
    return _b32_enc(_B32_STD, s)


def b32decode(s, casefold=False, map01=None):
    return _b32_dec(_B32_STD, s, casefold, map01)


def b32hexencode(s):
    return _b32_enc(_B32_HEX, s)


def b32hexdecode(s, casefold=False):
    return _b32_dec(_B32_HEX, s, casefold)


# ---- base16 ---------------------------------------------------------------------------------------
def b16encode(s):
    return binascii.hexlify(_binary(s)).upper()


def b16decode(s, casefold=False):
    text = _input(s)
    if casefold:
        text = text.upper()
    if any(ch not in b'0123456789ABCDEF' for ch in text):
        raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(text)


# ---- base85 family --------------------------------------------------------------------------------
_DIGITS = b'0123456789'
_UPPER = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
_b85alphabet = _DIGITS + _UPPER + _UPPER.lower() + b'!#$%&()*+-;<=>?@^_`{|}~'
_z85alphabet = _DIGITS + _UPPER.lower() + _UPPER + b'.-:+=^!/*?&<>()[]{}@%$#'
_A85 = bytes(range(33, 118))


def _word_to_5(word, letters):
    digits = bytearray(5)
    for n in range(4, -1, -1):
        word, digits[n] = divmod(word, 85)
    return bytes(letters[d] for d in digits)


def _enc85(data, letters, pad=False, zeros=False, spaces=False):
    data = _binary(data, 1)
    short = -len(data) % 4
    padded = data + b'\0' * short
    out = bytearray()
    last = len(padded) - 4
    for k in range(0, len(padded), 4):
        word = int.from_bytes(padded[k:k + 4], 'big')
        # a truncated final group is never folded into one letter
        may_fold = pad or not short or k != last
        if may_fold and zeros and word == 0:
            out += b'z'
        elif may_fold and spaces and word == 0x20202020:
            out += b'y'
        else:
            out += _word_to_5(word, letters)
    if short and not pad:
        del out[len(out) - short:]
    return bytes(out)


def b85encode(b, pad=False):
    return _enc85(b, _b85alphabet, pad)


def b85decode(b):
    text = _input(b)
    value_of = {ch: n for n, ch in enumerate(_b85alphabet)}
    short = -len(text) % 5
    text = bytes(text) + b'~' * short
    out = bytearray()
    for k in range(0, len(text), 5):
        word = 0
        for off, ch in enumerate(text[k:k + 5]):
            n = value_of.get(ch)
            if n is None:
                raise ValueError('bad base85 character at position %d' % (k + off))
            word = word * 85 + n
        if word >> 32:
            raise ValueError('base85 overflow in hunk starting at byte %d' % k)
        out += word.to_bytes(4, 'big')
    if short:
        del out[len(out) - short:]
    return bytes(out)


def z85encode(s):
    return _enc85(s, _z85alphabet, True)


def z85decode(s):
    return b85decode(_swap(_input(s), _z85alphabet, _b85alphabet))


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    body = _enc85(b, _A85, pad, True, foldspaces)
    if adobe:
        body = b'<~' + body
    if wrapcol:
        width = max(wrapcol, 2 if adobe else 1)
        rows = [body[k:k + width] for k in range(0, len(body), width)]
        if adobe and len(rows[-1]) > width - 2:
            rows.append(b'')      # the closing '~>' needs a line of its own
        body = b'\n'.join(rows)
    return body + b'~>' if adobe else body


def _a85_group(digits):
    word = 0
    for ch in digits:
        word = word * 85 + ch - 33
    if word >> 32:
        raise ValueError('Ascii85 overflow')
    return word.to_bytes(4, 'big')


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    text = _input(b)
    if adobe:
        if text[-2:] != b'~>':
            raise ValueError('Ascii85 encoded byte sequences must end with {!r}'.format(b'~>'))
        text = text[2:-2] if text[:2] == b'<~' else text[:-2]
    out = bytearray()
    group = bytearray()
    for ch in text:
        if 33 <= ch <= 117:
            group.append(ch)
            if len(group) == 5:
                out += _a85_group(group)
                group.clear()
        elif ch == 122 or (ch == 121 and foldspaces):       # 'z' / 'y'
            if group:
                raise ValueError('%c inside Ascii85 5-tuple' % ch)
            out += b'\0\0\0\0' if ch == 122 else b'    '
        elif ch not in ignorechars:
            raise ValueError('Non-Ascii85 digit found: %c' % ch)
    if group:
        # a short final group stands for len(group) - 1 bytes
        kept = len(group) - 1
        out += _a85_group(group + b'u' * (5 - len(group)))[:kept]
    return bytes(out)
