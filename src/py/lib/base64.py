"""Base16, Base32, Base64 (RFC 4648), Base85 and Ascii85 data encodings."""
import binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode', 'b32encode', 'b32decode',
           'b32hexencode', 'b32hexdecode', 'b16encode', 'b16decode', 'b85encode', 'b85decode', 'a85encode',
           'a85decode', 'z85encode', 'z85decode', 'standard_b64encode', 'standard_b64decode',
           'urlsafe_b64encode', 'urlsafe_b64decode']

bytes_types = (bytes, bytearray)


def _as_ascii_bytes(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, bytes_types):
        return s
    raise TypeError('argument should be a bytes-like object or ASCII string, not %r' % s.__class__.__name__) from None


def _check_bytes(s):
    if not isinstance(s, bytes_types):
        raise TypeError("a bytes-like object is required, not '%s'" % s.__class__.__name__)


def _translate(data, src, dst):
    table = dict(zip(src, dst))
    return bytes(table.get(b, b) for b in data)


def b64encode(s, altchars=None):
    _check_bytes(s)
    encoded = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return _translate(encoded, b'+/', altchars)
    return encoded


def b64decode(s, altchars=None, validate=False):
    s = _as_ascii_bytes(s)
    if altchars is not None:
        altchars = _as_ascii_bytes(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _translate(s, altchars, b'+/')
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return _translate(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    s = _as_ascii_bytes(s)
    s = _translate(s, b'-_', b'+/')
    return b64decode(s)


_B32_STD = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_B32_HEX = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'


def _b32encode(alphabet, s):
    _check_bytes(s)
    s = bytes(s)
    leftover = len(s) % 5
    if leftover:
        s = s + b'\0' * (5 - leftover)
    out = bytearray()
    for i in range(0, len(s), 5):
        c = int.from_bytes(s[i:i + 5], 'big')
        for shift in range(35, -1, -5):
            out.append(alphabet[(c >> shift) & 31])
    if leftover == 1:
        out[-6:] = b'======'
    elif leftover == 2:
        out[-4:] = b'===='
    elif leftover == 3:
        out[-3:] = b'==='
    elif leftover == 4:
        out[-1:] = b'='
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _as_ascii_bytes(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _as_ascii_bytes(map01)
        assert len(map01) == 1, repr(map01)
        s = _translate(s, b'01', b'O' + map01)
    if casefold:
        s = s.upper()
    n = len(s)
    s = s.rstrip(b'=')
    padchars = n - len(s)
    decoded = bytearray()
    rev = {c: i for i, c in enumerate(alphabet)}
    for i in range(0, len(s), 8):
        quanta = s[i:i + 8]
        acc = 0
        try:
            for c in quanta:
                acc = (acc << 5) + rev[c]
        except KeyError:
            raise binascii.Error('Non-base32 digit found') from None
        acc <<= 5 * (8 - len(quanta))
        decoded += acc.to_bytes(5, 'big')
    if n % 8 or padchars not in {0, 1, 3, 4, 6}:
        raise binascii.Error('Incorrect padding')
    if padchars and decoded:
        leftover = (43 - 5 * padchars) // 8
        decoded[-5:] = decoded[-5:][:leftover]
    return bytes(decoded)


def b32encode(s):
    return _b32encode(_B32_STD, s)


def b32decode(s, casefold=False, map01=None):
    return _b32decode(_B32_STD, s, casefold, map01)


def b32hexencode(s):
    return _b32encode(_B32_HEX, s)


def b32hexdecode(s, casefold=False):
    return _b32decode(_B32_HEX, s, casefold)


def b16encode(s):
    _check_bytes(s)
    return binascii.hexlify(s).upper()


def b16decode(s, casefold=False):
    s = _as_ascii_bytes(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in b'0123456789ABCDEF':
            raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(s)


_b85alphabet = (b'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                b'abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~')
_z85alphabet = (b'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#')


def _85encode(b, chars, pad=False, foldnuls=False, foldspaces=False):
    _check_bytes(b)
    b = bytes(b)
    padding = (-len(b)) % 4
    if padding:
        b = b + b'\0' * padding
    out = bytearray()
    for i in range(0, len(b), 4):
        word = int.from_bytes(b[i:i + 4], 'big')
        if foldnuls and not word:
            out += b'z'
        elif foldspaces and word == 0x20202020:
            out += b'y'
        else:
            digits = []
            for _ in range(5):
                word, r = divmod(word, 85)
                digits.append(chars[r])
            out += bytes(reversed(digits))
    if padding and not pad:
        if out[-1:] == b'z':
            out[-1:] = chars[0:1] * 5
        out = out[:-padding]
    return bytes(out)


def b85encode(b, pad=False):
    return _85encode(b, _b85alphabet, pad)


def b85decode(b):
    b = _as_ascii_bytes(b)
    rev = {c: i for i, c in enumerate(_b85alphabet)}
    padding = (-len(b)) % 5
    b = b + b'~' * padding
    out = bytearray()
    for i in range(0, len(b), 5):
        chunk = b[i:i + 5]
        acc = 0
        for j, c in enumerate(chunk):
            if c not in rev:
                raise ValueError('bad base85 character at position %d' % (i + j))
            acc = acc * 85 + rev[c]
        if acc > 0xFFFFFFFF:
            raise ValueError('base85 overflow in hunk starting at byte %d' % i)
        out += acc.to_bytes(4, 'big')
    if padding:
        out = out[:-padding]
    return bytes(out)


def z85encode(s):
    return _85encode(s, _z85alphabet, True)


def z85decode(s):
    s = _as_ascii_bytes(s)
    s = _translate(s, _z85alphabet, _b85alphabet)
    return b85decode(s)


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    chars = bytes(range(33, 118))
    result = _85encode(b, chars, pad, True, foldspaces)
    if adobe:
        result = b'<~' + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        chunks = [result[i:i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe and len(chunks[-1]) + 2 > wrapcol:
            chunks.append(b'')
        result = b'\n'.join(chunks)
    if adobe:
        result += b'~>'
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    b = _as_ascii_bytes(b)
    if adobe:
        if not b.endswith(b'~>'):
            raise ValueError('Ascii85 encoded byte sequences must end with {!r}'.format(b'~>'))
        b = b[2:-2] if b.startswith(b'<~') else b[:-2]
    decoded = bytearray()
    curr = []
    for x in b + b'u' * 4:
        if 33 <= x <= 117:
            curr.append(x)
            if len(curr) == 5:
                acc = 0
                for c in curr:
                    acc = 85 * acc + (c - 33)
                if acc > 0xFFFFFFFF:
                    raise ValueError('Ascii85 overflow')
                decoded += acc.to_bytes(4, 'big')
                curr = []
        elif x == 122:
            if curr:
                raise ValueError('z inside Ascii85 5-tuple')
            decoded += b'\0\0\0\0'
        elif foldspaces and x == 121:
            if curr:
                raise ValueError('y inside Ascii85 5-tuple')
            decoded += b'    '
        elif x in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %c' % x)
    padding = 4 - len(curr)
    if padding:
        decoded = decoded[:-padding]
    return bytes(decoded)


MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def encodebytes(s):
    _check_bytes(s)
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        chunk = s[i: i + MAXBINSIZE]
        pieces.append(binascii.b2a_base64(chunk))
    return b''.join(pieces)


def decodebytes(s):
    _check_bytes(s)
    return binascii.a2b_base64(s)


def encode(input, output):
    while True:
        s = input.read(MAXBINSIZE)
        if not s:
            break
        output.write(binascii.b2a_base64(s))


def decode(input, output):
    while True:
        line = input.readline()
        if not line:
            break
        output.write(binascii.a2b_base64(line))
