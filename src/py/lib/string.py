"""String constants, Template and Formatter (CPython's string module)."""
import re as _re

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords', 'digits', 'hexdigits', 'octdigits',
           'printable', 'punctuation', 'whitespace', 'Formatter', 'Template']

whitespace = ' \t\n\r\v\f'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


_sentinel_dict = {}


class Template:
    delimiter = '$'
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None
    flags = _re.IGNORECASE

    def __init_subclass__(cls):
        super().__init_subclass__()
        if 'pattern' in cls.__dict__:
            pattern = cls.pattern
        else:
            pattern = cls._make_pattern()
        cls.pattern = _re.compile(pattern, cls.flags | _re.VERBOSE) if isinstance(pattern, str) else pattern

    @classmethod
    def _make_pattern(cls):
        delim = _re.escape(cls.delimiter)
        id = cls.idpattern
        bid = cls.braceidpattern or cls.idpattern
        return rf"""
        {delim}(?:
          (?P<escaped>{delim})  |
          (?P<named>{id})       |
          {{(?P<braced>{bid})}} |
          (?P<invalid>)
        )
        """

    def __init__(self, template):
        self.template = template

    def _pattern(self):
        cls = type(self)
        pat = cls.__dict__.get('pattern')
        if pat is None:
            pat = _re.compile(cls._make_pattern(), cls.flags | _re.VERBOSE)
            cls.pattern = pat
        return pat

    def _invalid(self, mo):
        i = mo.start('invalid')
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def substitute(self, mapping=_sentinel_dict, /, **kws):
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                return str(mapping[named])
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                self._invalid(mo)
            raise ValueError('Unrecognized named group in pattern', self.pattern)
        return self._pattern().sub(convert, self.template)

    def safe_substitute(self, mapping=_sentinel_dict, /, **kws):
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                try:
                    return str(mapping[named])
                except KeyError:
                    return mo.group()
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                return mo.group()
            raise ValueError('Unrecognized named group in pattern', self.pattern)
        return self._pattern().sub(convert, self.template)

    def is_valid(self):
        for mo in self._pattern().finditer(self.template):
            if mo.group('invalid') is not None:
                return False
            if (mo.group('named') is None and mo.group('braced') is None and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern', self.pattern)
        return True

    def get_identifiers(self):
        ids = []
        for mo in self._pattern().finditer(self.template):
            named = mo.group('named') or mo.group('braced')
            if named is not None and named not in ids:
                ids.append(named)
            elif (named is None and mo.group('invalid') is None and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern', self.pattern)
        return ids


class _ChainMap:
    def __init__(self, *maps):
        self.maps = maps

    def __getitem__(self, key):
        for m in self.maps:
            try:
                return m[key]
            except KeyError:
                pass
        raise KeyError(key)


# ---- Formatter ------------------------------------------------------------------------------------------------
def _parse_format(s):
    """Yields (literal_text, field_name, format_spec, conversion) like _string.formatter_parser."""
    i = 0
    n = len(s)
    lit = []
    while i < n:
        c = s[i]
        if c == '{':
            if i + 1 < n and s[i + 1] == '{':
                lit.append('{')
                i += 2
                continue
            depth = 1
            j = i + 1
            while j < n and depth:
                if s[j] == '{':
                    depth += 1
                elif s[j] == '}':
                    depth -= 1
                j += 1
            if depth:
                raise ValueError("expected '}' before end of string")
            field = s[i + 1:j - 1]
            conv = None
            spec = ''
            k = 0
            bracket = 0
            name_end = len(field)
            while k < len(field):
                ch = field[k]
                if ch == '[':
                    bracket += 1
                elif ch == ']':
                    bracket -= 1
                elif bracket == 0 and ch in '!:':
                    name_end = k
                    break
                k += 1
            name = field[:name_end]
            rest = field[name_end:]
            if rest.startswith('!'):
                if len(rest) < 2:
                    raise ValueError('end of string while looking for conversion specifier')
                conv = rest[1]
                rest = rest[2:]
                if rest and not rest.startswith(':'):
                    raise ValueError('expected \':\' after conversion specifier')
            if rest.startswith(':'):
                spec = rest[1:]
            yield ''.join(lit), name, spec, conv
            lit = []
            i = j
        elif c == '}':
            if i + 1 < n and s[i + 1] == '}':
                lit.append('}')
                i += 2
                continue
            raise ValueError("Single '}' encountered in format string")
        else:
            lit.append(c)
            i += 1
    if lit:
        yield ''.join(lit), None, None, None


def _field_name_split(name):
    i = 0
    n = len(name)
    while i < n and name[i] not in '.[':
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < n:
        if name[i] == '.':
            j = i + 1
            while j < n and name[j] not in '.[':
                j += 1
            rest.append((True, name[i + 1:j]))
            i = j
        else:
            j = name.index(']', i)
            key = name[i + 1:j]
            rest.append((False, int(key) if key.isdigit() else key))
            i = j + 1
    return first, rest


class Formatter:
    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == '':
                    if auto_arg_index is False:
                        raise ValueError('cannot switch from manual field specification to automatic field numbering')
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError('cannot switch from automatic field numbering to manual field specification')
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(format_spec, args, kwargs, used_args,
                                                            recursion_depth - 1, auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == 's':
            return str(value)
        if conversion == 'r':
            return repr(value)
        if conversion == 'a':
            return ascii(value)
        raise ValueError('Unknown conversion specifier {0!s}'.format(conversion))

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first
