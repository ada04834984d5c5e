"""string for Sandkiste: character-class constants, capwords, Template and Formatter.

The constants and the behaviour (placeholder syntax, error messages, the
Formatter protocol of overridable methods) are CPython's; the code is our own.
"""
import re as _re

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords', 'digits', 'hexdigits', 'octdigits',
           'printable', 'punctuation', 'whitespace', 'Formatter', 'Template']

whitespace = ' \t\n\r\v\f'
ascii_lowercase = ''.join(map(chr, range(97, 123)))
ascii_uppercase = ascii_lowercase.upper()
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + ascii_lowercase[:6] + ascii_uppercase[:6]
octdigits = digits[:8]
punctuation = ''.join(c for c in map(chr, range(33, 127)) if not c.isalnum())
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Capitalize each word of s, splitting (and rejoining) on sep."""
    return (sep or ' ').join([w.capitalize() for w in s.split(sep)])


_NOTHING = object()


class Template:
    """$-substitution: $name, ${name}, and $$ for a literal delimiter."""

    delimiter = '$'
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None
    flags = _re.IGNORECASE

    def __init_subclass__(cls):
        super().__init_subclass__()
        cls._compile()

    @classmethod
    def _compile(cls):
        own = cls.__dict__.get('pattern')
        if own is None:
            esc = _re.escape(cls.delimiter)
            bare = cls.idpattern
            inner = cls.braceidpattern or bare
            own = '%s(?:(?P<escaped>%s)|(?P<named>%s)|{(?P<braced>%s)}|(?P<invalid>))' % (esc, esc, bare, inner)
        if isinstance(own, str):
            own = _re.compile(own, cls.flags | _re.VERBOSE)
        cls.pattern = own

    def __init__(self, template):
        self.template = template

    # Each match of the pattern is one of: ('name', text), ('escaped', None),
    # ('invalid', None); anything else means the pattern is broken.
    def _kind(self, m):
        groups = m.groupdict()
        name = groups.get('named') or groups.get('braced')
        if name is not None:
            return 'name', name
        for tag in ('escaped', 'invalid'):
            if groups.get(tag) is not None:
                return tag, None
        raise ValueError('Unrecognized named group in pattern', self.pattern)

    def _bad_spot(self, m):
        # 1-based line and column of an invalid placeholder
        head = self.template[:m.start('invalid')]
        if not head:
            return 1, 1
        lines = head.splitlines(keepends=True)
        return len(lines), len(lines[-1])

    def _fill(self, mapping, kws, lenient):
        def fetch(name):
            if mapping is _NOTHING:
                return kws[name]
            if kws:
                try:
                    return kws[name]
                except KeyError:
                    pass
            return mapping[name]

        def swap(m):
            kind, name = self._kind(m)
            if kind == 'escaped':
                return self.delimiter
            if kind == 'invalid':
                if lenient:
                    return m.group()
                raise ValueError('Invalid placeholder in string: line %d, col %d' % self._bad_spot(m))
            if not lenient:
                return str(fetch(name))
            try:
                return str(fetch(name))
            except KeyError:
                return m.group()
        return self.pattern.sub(swap, self.template)

    def substitute(self, mapping=_NOTHING, /, **kws):
        return self._fill(mapping, kws, False)

    def safe_substitute(self, mapping=_NOTHING, /, **kws):
        return self._fill(mapping, kws, True)

    def is_valid(self):
        kinds = [self._kind(m)[0] for m in self.pattern.finditer(self.template)]
        return 'invalid' not in kinds

    def get_identifiers(self):
        names = {}
        for m in self.pattern.finditer(self.template):
            kind, name = self._kind(m)
            if kind == 'name':
                names[name] = True
        return list(names)


Template._compile()


# ---- Formatter ---------------------------------------------------------------------------
def _scan_field(s, i):
    """Parse the replacement field whose '{' is just before s[i].  Returns
    (name, spec, conversion, index after the closing brace)."""
    n = len(s)
    start = i
    stop = None
    while i < n:
        c = s[i]
        i += 1
        if c == '{':
            raise ValueError("unexpected '{' in field name")
        if c == '[':
            while i < n and s[i] != ']':
                i += 1
            continue
        if c in '}:!':
            stop = c
            break
    if stop is None:
        raise ValueError("expected '}' before end of string")
    name = s[start:i - 1]
    if stop == '}':
        return name, '', None, i
    conversion = None
    if stop == '!':
        if i >= n:
            raise ValueError('end of string while looking for conversion specifier')
        conversion = s[i]
        i += 1
        if i < n:
            c = s[i]
            i += 1
            if c == '}':
                return name, '', conversion, i
            if c != ':':
                raise ValueError("expected ':' after conversion specifier")
    spec_start = i
    depth = 1
    while i < n:
        c = s[i]
        i += 1
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
            if not depth:
                return name, s[spec_start:i - 1], conversion, i
    raise ValueError("unmatched '{' in format spec")


def _parse_format(s):
    """Yield (literal_text, field_name, format_spec, conversion) as str.format sees them.
    A doubled brace ends the literal run that contains one copy of it."""
    n = len(s)
    i = 0
    while i < n:
        j = i
        while j < n and s[j] not in '{}':
            j += 1
        if j >= n:
            yield s[i:], None, None, None
            return
        brace = s[j]
        doubled = j + 1 < n and s[j + 1] == brace
        if brace == '}' and not doubled:
            raise ValueError("Single '}' encountered in format string")
        if brace == '{' and j + 1 >= n:
            raise ValueError("Single '{' encountered in format string")
        if doubled:
            yield s[i:j + 1], None, None, None
            i = j + 2
            continue
        literal = s[i:j]
        name, spec, conv, i = _scan_field(s, j + 1)
        yield literal, name, spec, conv


def _split_field_name(name):
    """'a.b[0]' -> ('a', iterator of (True, 'b'), (False, 0)); digits become ints.
    Like CPython's, the rest is checked lazily, as it is consumed."""
    n = len(name)
    k = 0
    while k < n and name[k] not in '.[':
        k += 1
    first = name[:k]
    if first.isdigit():
        first = int(first)
    return first, _field_chain(name, k)


def _field_chain(name, k):
    n = len(name)
    while k < n:
        if name[k] == '.':
            e = k + 1
            while e < n and name[e] not in '.[':
                e += 1
            attr = name[k + 1:e]
            if not attr:
                raise ValueError('Empty attribute in format string')
            yield True, attr
            k = e
        elif name[k] == '[':
            e = name.find(']', k + 1)
            if e < 0:
                raise ValueError("Missing ']' in format string")
            key = name[k + 1:e]
            if not key:
                raise ValueError('Empty attribute in format string')
            yield False, int(key) if key.isdigit() else key
            k = e + 1
            if k < n and name[k] not in '.[':
                raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
        else:
            raise ValueError("Only '.' or '[' may follow ']' in format field specifier")


class Formatter:
    """str.format as a class whose steps (parse, get_field, get_value,
    convert_field, format_field, check_unused_args) can be overridden."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used = set()
        text, _ = self._expand(format_string, args, kwargs, used, 2, 0)
        self.check_unused_args(used, args, kwargs)
        return text

    def _expand(self, fmt, args, kwargs, used, depth, auto):
        # `auto` is the next automatic index, or False once manual numbering was used.
        if depth < 0:
            raise ValueError('Max string recursion exceeded')
        out = []
        for literal, name, spec, conversion in self.parse(fmt):
            if literal:
                out.append(literal)
            if name is None:
                continue
            if name == '':
                if auto is False:
                    raise ValueError('cannot switch from manual field specification to automatic field numbering')
                name = str(auto)
                auto += 1
            elif name.isdigit():
                if auto:
                    raise ValueError('cannot switch from manual field specification to automatic field numbering')
                auto = False
            value, key = self.get_field(name, args, kwargs)
            used.add(key)
            value = self.convert_field(value, conversion)
            spec, auto = self._expand(spec, args, kwargs, used, depth - 1, auto)
            out.append(self.format_field(value, spec))
        return ''.join(out), auto

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, chain = _split_field_name(field_name)
        value = self.get_value(first, args, kwargs)
        for is_attr, k in chain:
            value = getattr(value, k) if is_attr else value[k]
        return value, first

    def get_value(self, key, args, kwargs):
        return args[key] if isinstance(key, int) else kwargs[key]

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        conv = {'s': str, 'r': repr, 'a': ascii}.get(conversion)
        if conv is None:
            raise ValueError('Unknown conversion specifier {0!s}'.format(conversion))
        return conv(value)

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def check_unused_args(self, used_args, args, kwargs):
        pass
